"""The corpus review's results file: JSON Lines, one object a line, its keys, and reading it back.

:func:`solver.review_corpus` writes and :func:`solver.corpus_stats` reads these lines; this
module is the one home of their layout. Two kinds of line (``"version": 1`` names this layout,
which only grows):

* a **deal** line, one per deal of every record reviewed::

    {"kind": "deal", "version": 1, "path", "sha256", "deal": index in the record, "deals": count,
     "title", "names": [player names by seat], "rules": Rules.to_dict(), "engine": solver version,
     "model": bidding model name | null (inference off), "inference", "confirm",
     "score": judged by the game's score (true) or by points (false, --by-points),
     "seed": the run's seed | null, "record_seed": the seed the record was reviewed with,
     "worlds", "review": DealReview.to_dict() | null, "error": null | why the deal has no review,
     "attempts": tries it took, "seconds": its review's wall time on the worker,
     "cpu_seconds": the CPU time of it (the worker thread's)}

  ``sha256`` is the hex SHA-256 of the record file's bytes (``sha256sum``'s figure). A line
  with an ``error`` (a deal that raised, or whose worker kept dying) has ``review`` null and
  is done again by a rerun. The lines are strict JSON: an infinite interval end of the review
  (fewer than two effective worlds) is ``null`` (:func:`finite`).
* a **file** line, one per file that gives no deal lines: not a record, unreadable, failing
  its schema (``error``), or a duplicate (``duplicate_of``: the path of the first file with
  the same ``sha256``, whose lines hold its deals)::

    {"kind": "file", "version": 1, "path", "sha256": hex | null, "error": null | why,
     "duplicate_of": null | path, "engine"}

A deal's **key** (:func:`deal_key`) is its record's ``sha256``, its index, and the run's
``worlds``, ``seed``, ``model``, ``score`` and ``engine``: a rerun with the same options skips every key
already in the file with a review. :data:`TIMING_FIELDS` differ from run to run (and between
executors); everything else in a deal line is the same, whatever ran it.
"""
from __future__ import annotations

import json
import os

import jsonschema

from ..advisor.valuation import STRATEGIES, DoubleDummyValuation
from ..errors import EuchreError, quoted
from ..stats import finite
from ..records.base import json_path_text, schema_error_text

LINE_VERSION = 1
#: Fields of a deal line that depend on the run, not the deal: left out of comparisons.
TIMING_FIELDS = ("attempts", "seconds", "cpu_seconds")
#: The members of a deal line that make its key, with ``sha256`` and ``deal``.
CONFIG_FIELDS = ("worlds", "seed", "model", "score", "engine")


#: The longest line :func:`read_results` reads (bytes, line feed included). A deal line is a few
#: kilobytes (a 4-player deal's review with every card's figures); a longer line is not one this
#: program wrote, and it is refused without being read whole (a 2 GB file of one line costs no memory).
MAX_LINE_BYTES = 4 * 1024 * 1024

_SEAT = {"enum": ["N", "E", "S", "W"]}
_NUMBER = {"type": "number"}
_GRADE = {"enum": ["best", "good", "inaccuracy", "mistake", "blunder", "unclear", None]}
_MISTAKES = {"type": "array", "items": {"type": "object", "required": ["kind"],
                                          "properties": {"kind": {"type": "string"}}}}
#: What a line must hold for a rerun (the key) and for :func:`solver.corpus_stats` (the figures it
#: reads) to trust it: checked on every line read back (:func:`read_results`), so an edited or foreign
#: line is an error naming its line and member, never a crash. Members not named here are free.
LINE_SCHEMA = {
    "type": "object",
    "required": ["kind", "version"],
    "properties": {"kind": {"enum": ["deal", "file"]}, "version": {"type": "integer", "minimum": 1}},
    "if": {"properties": {"kind": {"const": "deal"}}},
    "then": {
        "required": ["path", "sha256", "deal", "rules", "review", "error", *CONFIG_FIELDS],
        "properties": {
            "path": {"type": "string"},
            "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
            "deal": {"type": "integer", "minimum": 0},
            "worlds": {"type": "integer", "minimum": 1},
            "seed": {"type": ["integer", "null"], "minimum": 0},
            "model": {"type": ["string", "null"]},
            "score": {"type": "boolean"},
            "engine": {"type": "string"},
            "valuation": {"enum": ["double_dummy", "single_dummy", "playout"]},
            "inner_worlds": {"type": "integer", "minimum": 1},
            "error": {"type": ["string", "null"]},
            "names": {"type": ["array", "null"], "items": {"type": ["string", "null"]}},
            "rules": {"type": "object", "required": ["players"], "properties": {"players": {"enum": [2, 4]}}},
            "review": {"type": ["object", "null"], "properties": {
                "players": {"type": "object", "propertyNames": _SEAT, "additionalProperties": {
                    "type": ["object", "null"], "properties": {"name": {"type": ["string", "null"]}}}},
                "calls": {"type": "array", "items": {
                    "type": "object", "required": ["seat"],
                    "properties": {"seat": _SEAT, "loss": {"type": ["number", "null"]},
                                   "call": {"type": ["string", "null"]}, "best": {"type": ["string", "null"]},
                                   "mistakes": _MISTAKES, "grade": _GRADE}}},
                "cards": {"type": "array", "items": {
                    "type": "object", "required": ["seat"],
                    "properties": {"seat": _SEAT, "kind": {"type": ["string", "null"]},
                                   "renege": {"type": ["boolean", "null"]},
                                   "dd": {"type": ["object", "null"], "required": ["cost", "points_cost"],
                                          "properties": {"cost": _NUMBER, "points_cost": _NUMBER}},
                                   "info": {"type": ["object", "null"], "required": ["loss_points", "loss_tricks"],
                                            "properties": {"loss_points": _NUMBER, "loss_tricks": _NUMBER}},
                                   "mistakes": _MISTAKES, "grade": _GRADE}}}}}}},
}
_LINE_VALIDATOR = jsonschema.Draft202012Validator(LINE_SCHEMA)


def check_line(line, where: str) -> None:
    """Raise :class:`~solver.EuchreError` naming ``where`` (``"FILE line N"``) and the first bad member
    when ``line`` is not a line of this layout (:data:`LINE_SCHEMA`)."""
    error = jsonschema.exceptions.best_match(_LINE_VALIDATOR.iter_errors(line))
    if error is not None:
        raise EuchreError(f"{where}: {json_path_text(error.absolute_path)} "
                          f"{schema_error_text(error, 'the layout of euchre review --out lines')}")


def line_valuation(line: dict) -> str:
    """The valuation of a deal line's calls, as its key reads it: ``"valuation"`` (a line written before it
    existed: ``"double_dummy"``), a playout with its ``"inner_worlds"`` (``"playout/20"``)."""
    v = line.get("valuation") or DoubleDummyValuation.name
    uses_inner = v in STRATEGIES and STRATEGIES[v].uses_inner_worlds
    return f"{v}/{line.get('inner_worlds')}" if uses_inner else v


def deal_key(line: dict) -> tuple:
    """``(sha256, deal, worlds, seed, model, score, engine, valuation)`` of a deal line."""
    return (line["sha256"], line["deal"]) + tuple(line[k] for k in CONFIG_FIELDS) + (line_valuation(line),)


def dumps(line: dict) -> str:
    """One line of the file: strict ASCII JSON (RFC 8259, which ``jq`` and every JSON reader take), no line
    break inside, ``"\\n"`` at the end. An infinite or undefined figure (the open end of an interval
    over fewer than two effective worlds) is written ``null``."""
    try:
        text = json.dumps(line, separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    except ValueError:
        text = json.dumps(finite(line), separators=(",", ":"), ensure_ascii=True, allow_nan=False)
    return text + "\n"


def read_results(path, visit) -> tuple:
    """Read a results file, calling ``visit(line)`` for each line (a dict), in order.

    Returns ``(end, cut)``: the byte offset just after the last whole line, and the bytes of a
    cut-off last line (0 if none). A last line without its line feed that is not JSON (a run
    killed mid-write) is not visited; a whole one without its line feed is. Streams the file
    (a corpus' results may not fit in memory).

    Raises :class:`~solver.EuchreError` for a file that cannot be read, a line longer than
    :data:`MAX_LINE_BYTES` (whole or cut off: never one this program wrote; naming its number), or a
    line before the last that is not a corpus review's line (naming the line and, by
    :data:`LINE_SCHEMA`, its bad member).
    """
    name = os.fspath(path)
    end = offset = 0
    number = 0
    try:
        with open(path, "rb") as fh:
            while raw := fh.readline(MAX_LINE_BYTES + 1):   # bounded: a line is never read whole past the limit
                number += 1
                if len(raw) > MAX_LINE_BYTES:
                    raise EuchreError(f"{name} line {number}: longer than {MAX_LINE_BYTES} bytes (a line of "
                                      "euchre review --out is a few kilobytes); not a results file of euchre review --out")
                offset += len(raw)
                whole = raw.endswith(b"\n")
                try:
                    line = json.loads(raw)
                except (ValueError, RecursionError):
                    if not whole:                       # the cut-off tail of an interrupted run
                        return end, len(raw)
                    raise EuchreError(f"{name} line {number}: not JSON: {quoted(raw[:80].decode('utf-8', 'replace'), 120)}"
                                      "; not a results file of euchre review --out") from None
                if not (isinstance(line, dict) and line.get("kind") in ("deal", "file")
                        and isinstance(line.get("version"), int)):
                    raise EuchreError(f"{name} line {number}: not a line of euchre review --out "
                                      "(an object with kind 'deal' or 'file' and a version)")
                if line["version"] > LINE_VERSION:
                    raise EuchreError(f"{name} line {number}: version {line['version']}, newer than this "
                                      f"program's {LINE_VERSION}")
                check_line(line, f"{name} line {number}")
                visit(line)
                end = offset
    except OSError as exc:
        raise EuchreError(f"{name}: cannot be read: {exc.strerror or exc}") from None
    return end, 0


__all__ = ["LINE_VERSION", "LINE_SCHEMA", "MAX_LINE_BYTES", "check_line", "TIMING_FIELDS", "CONFIG_FIELDS", "deal_key", "line_valuation", "dumps", "finite", "read_results"]
