"""The bidding models by name, and model files: what ``model=`` / ``--model`` / ``"model"`` accept.

Named models (:data:`MODEL_NAMES`):

* ``"players-1"`` (the default, :data:`~solver.bidding.DEFAULT_MODEL`): fitted to the calls of the real games
  shipped in ``tests/data/egn`` (:mod:`solver.bidding.fit`, ``benchmarks/tools/fit_players_model.py``);
* ``"best-response-1"``: the double-dummy best-response fixed point (``benchmarks/tools/derive_bidding_model.py``);
* ``"best-response-sd-3"``: the same best responses with each contract valued single dummy (the default fitted
  correction of :mod:`solver.advisor.single_dummy`, ``single-dummy-v6``; ``benchmarks/tools/derive_bidding_model.py
  --valuation single_dummy --players 4``; the two-player figures are the point count's, the data's provenance says
  how it was made);
* ``"point-count"``: the stated point count read through a logistic curve;
* ``"best-response-sd-2"``: ``best-response-sd-3`` as derived under the earlier default fit, ``single-dummy-v3``
  (kept by name, for figures made with it).

A model file is the JSON of :meth:`BiddingModel.to_dict` (what ``euchre model fit`` writes), checked against
:data:`MODEL_SCHEMA`, every number for its range (:mod:`solver.bidding.figures`: finite, within ±1000 for a
figure and ±2**64 in the provenance, naming the field) and by :meth:`BiddingModel.check` (a monotone count).
"""
from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import jsonschema

from ..errors import ModelError, RulesError, quoted
from .figures import check_numbers
from .model import BEST_RESPONSE, BEST_RESPONSE_SD, BEST_RESPONSE_SD_2, DEFAULT, POINT_COUNT, BiddingModel

#: The models known by name.
MODELS = {m.name: m for m in (DEFAULT, BEST_RESPONSE, BEST_RESPONSE_SD, POINT_COUNT, BEST_RESPONSE_SD_2)}
MODEL_NAMES = tuple(MODELS)
#: The models the advisor's robustness check re-weights its worlds by (``Advice.variants``): the players'
#: fit, the double-dummy best response and the point count. ``best-response-sd-3`` (and -sd-2) is not among them: it is the
#: same best response valued another way, and would count that family twice.
ALTERNATIVES = tuple(MODELS[n] for n in ("players-1", "best-response-1", "point-count") if n in MODELS)
#: The largest model file read (bytes): a model is a few kilobytes.
MAX_MODEL_BYTES = 1 << 20

_number = {"type": "number"}
_places = {"type": "array", "items": _number, "minItems": 4, "maxItems": 4}
_places_2p = {"type": "array", "items": _number, "minItems": 2, "maxItems": 2}
_by = lambda names: {"type": "object", "properties": {n: _number for n in names},          # noqa: E731
                     "required": list(names), "additionalProperties": False}
#: JSON Schema (draft 7) of a model file.
MODEL_SCHEMA = {
    "$schema": "http://json-schema.org/draft-07/schema#",
    "title": "euchre-dd bidding model",
    "type": "object",
    "required": ["name", "order", "call", "alone", "spread"],
    "additionalProperties": False,
    "properties": {
        "name": {"type": "string", "minLength": 1, "maxLength": 100},
        "order": _places, "call": _places, "order_2p": _places_2p, "call_2p": _places_2p,
        "alone": _number, "spread": _number, "alone_spread": _number, "suit_spread": _number, "floor": _number,
        "provenance": {"type": "object"},
        "count": {
            "type": "object", "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "trump_points": _by(("9", "T", "Q", "K", "A", "left", "right", "joker")),
                "plain_ace": _number, "plain_king": _number, "void_bonus": _number, "upcard_factor": _number,
                "length_bonus": _number, "dummy_weight": _number, "alone": _number,
                "order": _by(("dealer", "left", "partner", "right")),
                "call": _by(("dealer", "left", "partner", "right")),
                "order_2p": _by(("dealer", "non_dealer")), "call_2p": _by(("dealer", "non_dealer")),
            },
        },
    },
}
_validator = jsonschema.Draft7Validator(MODEL_SCHEMA)


def load_model_file(path) -> BiddingModel:
    """The model in a JSON file (see the module docs).

    Raises:
        ModelError: naming the file and why: missing, too large, not JSON, not a model (the schema's first
            complaint, with where), a number that is not finite within its bound (NaN, Infinity and a huge
            integer included; :func:`~solver.bidding.figures.check_numbers`, naming the field), or figures that
            fail :meth:`BiddingModel.check`.
    """
    p = Path(path)
    where = f"model file {quoted(str(p))}"
    try:
        if not p.exists():
            raise ModelError(f"{where}: no such file")
        if not p.is_file():
            raise ModelError(f"{where}: not a regular file (a directory, a FIFO or a device)")
        if p.stat().st_size > MAX_MODEL_BYTES:
            raise ModelError(f"{where}: larger than {MAX_MODEL_BYTES} bytes; a model is a few kilobytes")
        text = p.read_bytes().decode("utf-8")
    except (OSError, RuntimeError, UnicodeDecodeError) as e:     # (RuntimeError: a symlink loop)
        raise ModelError(f"{where}: cannot be read ({e.__class__.__name__}: {e})") from None
    try:
        data = json.loads(text)             # (NaN and Infinity read, then refused naming their field)
    except ValueError as e:
        raise ModelError(f"{where}: not valid JSON ({e})") from None
    except RecursionError:
        raise ModelError(f"{where}: JSON nested too deeply to be a model") from None
    return model_from_data(data, where)


def model_from_data(data, where: str = "model") -> BiddingModel:
    """A model from the parsed JSON of a model file (HTTP bodies may carry one inline).

    Raises:
        ModelError: as :func:`load_model_file`.
    """
    if _depth(data) > MAX_DEPTH:
        raise ModelError(f"{where}: JSON nested deeper than {MAX_DEPTH} levels; a model is not")
    error = next(iter(sorted(_validator.iter_errors(data), key=lambda e: [str(x) for x in e.absolute_path])),
                 None)
    if error is not None:
        at = "/".join(str(x) for x in error.absolute_path) or "(top)"
        raise ModelError(f"{where}: not a bidding model: at {at}: {error.message}")
    try:
        check_numbers(data)             # before any is used: a huge integer overflows a float, NaN compares false
        model = BiddingModel.from_dict(data)
    except RulesError as e:
        raise ModelError(f"{where}: {e}") from None
    if model.name in MODELS and MODELS[model.name] != model:      # (a shipped model's own file is fine)
        raise ModelError(f"{where}: named {model.name!r}, a shipped model's name, with other figures; give the "
                         "model a name of its own")
    return model


#: The deepest nesting a model's JSON may have (a model is four levels deep; a provenance a few more).
MAX_DEPTH = 32


def _depth(x, level: int = 1) -> int:
    """How deep ``x`` nests, counted no further than :data:`MAX_DEPTH` + 1 (no recursion past it)."""
    if level > MAX_DEPTH or not isinstance(x, (dict, list)):
        return level
    items = x.values() if isinstance(x, dict) else x
    return max((_depth(v, level + 1) for v in items), default=level)


def model_key(model: BiddingModel) -> str:
    """What names ``model`` in results that must not mix models (a corpus review's lines, a review's header):
    its name when it is the shipped model of that name, else the name and a digest of its figures
    (``"club@3f2a9c01b2d4"``), so two different models of one name are never taken for each other."""
    if MODELS.get(model.name) == model:
        return model.name
    figures = {k: v for k, v in model.to_dict().items() if k != "provenance"}
    digest = hashlib.sha256(json.dumps(figures, sort_keys=True).encode()).hexdigest()[:12]
    return f"{model.name}@{digest}"


def resolve_model(spec=None, what: str = "model") -> BiddingModel:
    """A :class:`BiddingModel` from what a user gives: ``None`` (the default, ``players-1``), a model (checked),
    a name of :data:`MODEL_NAMES`, the path of a model file, or a model file's parsed JSON (a dict).

    Raises:
        ModelError: a name that is no model and no file (listing the names), or a bad file (see
            ``load_model_file()``); a value of another type.
    """
    if spec is None:
        return DEFAULT
    if isinstance(spec, BiddingModel):
        try:
            return spec.check()
        except RulesError as e:
            raise ModelError(f"{what}: {e}") from None
    if isinstance(spec, dict):
        return model_from_data(spec, what)
    if isinstance(spec, os.PathLike):
        return load_model_file(spec)
    if not isinstance(spec, str):
        raise ModelError(f"{what} {quoted(repr(spec), 60)}: expected a model name ({', '.join(MODEL_NAMES)}), a "
                         "model file, a model's JSON object or a BiddingModel")
    if spec in MODELS:
        return MODELS[spec]
    if spec.endswith(".json") or "/" in spec or Path(spec).is_file():
        return load_model_file(spec)
    raise ModelError(f"{what} {quoted(spec)}: not a model name ({', '.join(MODEL_NAMES)}) nor a model file")


__all__ = ["MODELS", "MODEL_NAMES", "ALTERNATIVES", "MODEL_SCHEMA", "MAX_MODEL_BYTES", "load_model_file", "model_from_data",
           "resolve_model", "model_key"]
