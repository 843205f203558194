"""How an advisor answers, as one frozen value: :class:`Method` (worlds, seed, threads, inference, models,
valuation, ...), checked once where it is built.

The question is a seat's view (:class:`~solver.game.SeatView`); the method is everything else an advisor
is told: ``advise_bid(view, method)``, ``advise_play(view, method)``, ``advise_defend(view, method)``,
``lead_table(view, method)``, ``advise_exchange(view, method)``. A member left at ``None`` where the
advisors' defaults differ (``worlds``: 2,000 for bid advice, 500 for play, defence and leads, 200 for the
kitty exchange; ``valuation``: the variant's default) is resolved by each advisor, so every default figure
is what it was before the method was one value.

Modelled on :class:`solver.Rules`: :meth:`Method.coerce` takes ``None``, a dict or a Method, the dict form
(:meth:`Method.to_dict`, :meth:`Method.from_dict`) is JSON-ready (a model by its name), and a bad member
raises :class:`~solver.errors.ArgumentError` naming it and why.

Lives in :mod:`solver.advisor` (not at the top of the package) because checking a valuation's name is the
advisor's (:func:`solver.advisor.valuation.parse_valuation`) and every advisor takes a checked Method.
"""
from __future__ import annotations

import dataclasses
import inspect
import json
import warnings
from dataclasses import dataclass
from typing import Any, Callable

from ..bidding import DEFAULT_MODEL, MODELS, POLICY, BiddingModel, BiddingPolicy
from ..bounds import MAX_SEED, MAX_THREADS, MAX_WORLDS, MIN_WORLDS, check_int
from ..errors import ArgumentError, quoted
from ..examples import MAX_EXAMPLES, check_examples
from ..game.view import BUILD_KEYS
from ..inference import check_inference
from ..play_model import DEFAULT_PLAY_MODEL, PLAY_MODELS, PlayModel
from ..worlds import EXACT_LIMIT
from .valuation import (INNER_WORLDS, MAX_INNER_WORLDS, check_inner_worlds, parse_valuation, roller,
                        valuation_strategy)

#: The shift of the cautious and aggressive variants of the model, in count units (one unit: the
#: points of a plain ace; every threshold of the model moves by it, the cautious variant needing
#: about an ace more to order up or name a suit, the aggressive one about an ace less).
ROBUST_DELTA = 1.0

#: The most worlds a bid advice may enumerate (``Method.exact_limit``).
MAX_EXACT_LIMIT = 2_000_000

#: The bounds of the numeric members, ``(least, most)``, as :class:`Method` checks them: the one home the
#: doors read theirs from (the HTTP request models' ``ge``/``le``, ``api.schemas``).
BOUNDS = {"worlds": (MIN_WORLDS, MAX_WORLDS), "seed": (0, MAX_SEED), "threads": (1, MAX_THREADS),
          "inner_worlds": (1, MAX_INNER_WORLDS), "examples": (0, MAX_EXAMPLES), "robust_delta": (0, 10),
          "exact_limit": (0, MAX_EXACT_LIMIT)}

#: One line per member a door may be asked for, what it does (the doors' help and schema descriptions start
#: from it; a door adds what is its own, such as its default).
DESCRIPTIONS = {
    "worlds": "worlds (placements of the unseen cards) to sample a decision",
    "seed": "random seed (default: derived from the question); the same seed, the same answer",
    "threads": "threads for the double-dummy solving",
    "inference": "the evidence that weighs the worlds: auction (or true: the bidding model's chance of every call "
                 "seen), play (the play model's chance of every card the other seats played), both, or none (or "
                 "false: uniform worlds)",
    "model": "the bidding model of the other seats",
    "play_model": "with inference play or both: the play model that weighs the cards seen",
    "valuation": "how each world's play after the decision is valued (solver.advisor.valuation)",
    "inner_worlds": "with valuation playout: each seat's worlds a decision",
    "examples": "example worlds (solver.examples) per choice that loses: up to this many of the likeliest worlds "
                "in which it does worse than the best",
    "score": "the game's score before the hand, points by side",
    "robust_delta": "bid advice: the shift (count units) of the cautious and aggressive model variants",
    "early_stop": "bid advice: judge the calls sequentially, stopping a call clearly behind the leading one",
    "exact_limit": "enumerate every deal when there are at most this many",
    "own_round2": "bid advice: how the seat's own round-2 turn is played, best or policy",
}


@dataclass(frozen=True)
class Method:
    """How an advisor answers a seat's question (docs/advice.md, "The method").

    Attributes:
        worlds: deals to sample, ``MIN_WORLDS``..``MAX_WORLDS`` (10..100,000, ``solver.bounds``);
            ``None``: the advisor's default (bid 2,000; play, defence, leads 500; kitty exchange 200).
        seed: int 0..:data:`~solver.bounds.MAX_SEED`, or ``None``: derived from the question
            (``solver.seeds``), so the same question gets the same answer at every door.
        threads: threads for the double-dummy solving, 1..:data:`~solver.bounds.MAX_THREADS`.
        inference: what weighs the worlds (``solver.inference.INFERENCE``): ``"none"``, ``"auction"`` (the
            calls seen; default), ``"play"`` (the cards seen), ``"both"``; ``True`` and ``False`` are taken
            as ``"auction"`` and ``"none"``. Bid advice sees no card: ``"play"`` is uniform worlds there and
            ``"both"`` the auction's.
        model: the bidding model of the other seats: a :class:`~solver.bidding.BiddingModel`, a name of
            :data:`solver.bidding.MODEL_NAMES`, a model file's path or its JSON object; ``None``: the default
            model. A shipped model given as the object is kept by its name (a shipped play model too), so that
            :meth:`from_dict` of :meth:`to_dict` is an equal Method. Read by the advisor (:func:`solver.bidding.resolve_model`, a
            :class:`~solver.errors.ModelError` naming a bad one).
        play_model: the play model of ``inference`` ``"play"``/``"both"`` (a
            :class:`~solver.play_model.PlayModel`, its name, a temperature or a file; ``None``: the default;
            read by ``solver.play_model.resolve_play_model()``).
        valuation: how each world's play is valued, the API name (``"single_dummy"``, ``"double_dummy"``,
            ``"playout"``, ``"rollout"``; any spelling ``solver.advisor.valuation.valuation_key()``
            reads); ``None``: the variant's default.
        inner_worlds: the playout's worlds a decision, 1..:data:`~solver.advisor.valuation.MAX_INNER_WORLDS`.
        rollout: with ``valuation="rollout"`` only: a :class:`solver.rollout.Rollout`, or ``None``.
        examples: example worlds per option or card, 0..:data:`~solver.examples.MAX_EXAMPLES`.
        score: the game's score before the hand, points by side (``{"NS": 8, "EW": 6}``), or ``None``;
            checked against the rules by the advisor (:class:`~solver.errors.ScoreError`).
        robust_delta: bid advice: the shift (count units) of the cautious and aggressive model variants,
            0..10, or ``None``/0 for no robustness check (default ``ROBUST_DELTA``, 1.0).
        early_stop: bid advice: judge the calls sequentially (``None``: on with the bidding model, off with
            a ``policy``).
        exact_limit: enumerate every deal when there are at most this many, 0..:data:`MAX_EXACT_LIMIT`.
        own_round2: bid advice: ``"best"`` or ``"policy"``, how the seat's own round-2 turn is played.
        policy: bid advice: a :class:`~solver.bidding.BiddingPolicy` for the later seats instead of the model.

    Raises :class:`~solver.errors.ArgumentError` naming the member and why, for a value of the wrong type or
    out of range.
    """

    worlds: int | None = None
    seed: int | None = None
    threads: int = 1
    inference: str = "auction"
    model: object = None
    play_model: object = None
    valuation: str | None = None
    inner_worlds: int = INNER_WORLDS
    rollout: object = None
    examples: int = 0
    score: dict | None = None
    robust_delta: float | None = ROBUST_DELTA
    early_stop: bool | None = None
    exact_limit: int = EXACT_LIMIT
    own_round2: str = "best"
    policy: BiddingPolicy | None = None

    def __post_init__(self):
        def put(name, value):
            object.__setattr__(self, name, value)

        if self.worlds is not None:
            put("worlds", check_int(self.worlds, "worlds", *BOUNDS["worlds"]))
        if self.seed is not None:
            put("seed", check_int(self.seed, "seed", *BOUNDS["seed"]))
        put("threads", check_int(self.threads, "threads", *BOUNDS["threads"]))
        put("inference", check_inference(self.inference))
        if self.valuation is not None:
            put("valuation", parse_valuation(self.valuation))
        put("inner_worlds", check_inner_worlds(self.inner_worlds))
        if self.rollout is not None and not hasattr(self.rollout, "agent_worlds"):
            raise ArgumentError(f"rollout {quoted(self.rollout, 60)}: expected a solver.rollout.Rollout (or None)")
        put("examples", check_examples(self.examples))
        if self.score is not None and not isinstance(self.score, dict):
            raise ArgumentError(f"score {quoted(self.score, 60)}: expected points by side, such as "
                                "{'NS': 8, 'EW': 6} (or None)")
        if self.score is not None:          # frozen, so that the Method is hashable as a frozen value should be
            put("score", FrozenScore(self.score))
        if isinstance(self.model, dict) and not isinstance(self.model, FrozenModel):    # a model's JSON object
            put("model", FrozenModel(self.model))
        # a shipped model by its name, as to_dict writes it, so that from_dict(to_dict()) gives an equal Method
        if isinstance(self.model, BiddingModel) and MODELS.get(self.model.name) == self.model:
            put("model", self.model.name)
        if isinstance(self.play_model, PlayModel) and PLAY_MODELS.get(self.play_model.name) == self.play_model:
            put("play_model", self.play_model.name)
        d = self.robust_delta
        low, high = BOUNDS["robust_delta"]
        if d is not None and (isinstance(d, bool) or not isinstance(d, (int, float)) or not low <= d <= high):
            raise ArgumentError(f"robust_delta {d!r}: a shift in count units between 0 and 10, or None")
        if self.early_stop is not None and not isinstance(self.early_stop, bool):
            raise ArgumentError(f"early_stop {self.early_stop!r}: must be True, False or None")
        put("exact_limit", check_int(self.exact_limit, "exact_limit", *BOUNDS["exact_limit"]))
        if self.own_round2 not in ("best", "policy"):
            raise ArgumentError(f"own_round2 {self.own_round2!r}: must be 'best' or 'policy'")
        if self.policy is not None and not isinstance(self.policy, BiddingPolicy):
            raise ArgumentError(f"policy {self.policy!r}: expected a BiddingPolicy (or None: the bidding model)")

    def replace(self, **changes) -> "Method":
        """A copy with ``changes`` (member names; an unknown one raises :class:`~solver.errors.ArgumentError`)."""
        _check_members(changes)
        return dataclasses.replace(self, **changes)

    def worlds_or(self, default: int) -> int:
        """:attr:`worlds`, or the advisor's ``default`` when it is ``None``."""
        return default if self.worlds is None else self.worlds

    @property
    def reads_auction(self) -> bool:
        """The worlds are weighed by the calls seen (``inference`` ``"auction"`` or ``"both"``): the bid
        advisor's ``inference`` switch (it sees no card, so ``"play"`` is uniform worlds there)."""
        return self.inference in ("auction", "both")

    def to_dict(self) -> dict:
        """Every member by name, JSON-ready: a model, a play model and a policy by their names; a rollout by
        its members (``agent_worlds``, ``processes``, ``cluster``, ``path``, ``progress``, ``later_calls``), so
        that :meth:`from_dict` reads the dict back to the same Method."""
        out = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.name in ("model", "play_model", "policy") and hasattr(value, "name"):
                value = value.name          # a model object by its name (a name, a path, a number as given)
            elif value is not None and f.name in _AS_JSON:
                value = _AS_JSON[f.name](value)
            out[f.name] = value
        return out

    @classmethod
    def coerce(cls, value) -> "Method":
        """``value`` as a :class:`Method`: a Method, ``None`` (every default) or a dict of members
        (:meth:`from_dict`). Raises :class:`~solver.errors.ArgumentError` for anything else, an unknown
        member or a bad value, naming it."""
        if value is None:
            return cls()
        if isinstance(value, Method):
            return value
        if isinstance(value, dict):
            return cls.from_dict(value)
        raise ArgumentError(f"method {quoted(value, 60)}: expected a Method or a dict of its members "
                            f"({', '.join(MEMBERS)})")

    @classmethod
    def from_dict(cls, data: dict) -> "Method":
        """Build from a dict of member names (as :meth:`to_dict`; a policy by its name, a rollout by a dict of its
        members); an unknown member raises :class:`~solver.errors.ArgumentError` naming it."""
        if not isinstance(data, dict):
            raise ArgumentError(f"method {quoted(data, 60)}: expected an object of members")
        _check_members(data)
        data = dict(data)
        if isinstance(data.get("rollout"), dict):    # to_dict's form: the Rollout's own members
            data["rollout"] = _rollout_of(data["rollout"])
        if isinstance(data.get("policy"), str):
            if data["policy"] != POLICY.name:
                raise ArgumentError(f"policy {data['policy']!r}: unknown; the named policy is {POLICY.name!r}")
            data["policy"] = POLICY
        return cls(**data)


#: The members of a :class:`Method`, in order.
MEMBERS = tuple(f.name for f in dataclasses.fields(Method))


class FrozenScore(dict):
    """:attr:`Method.score` as the Method keeps it: a dict (read, compared and written to JSON as the score given)
    that cannot be changed and hashes by its items, so that a :class:`Method` with a score is hashable."""

    def __hash__(self):
        try:
            return hash(frozenset(self.items()))
        except TypeError:           # a value the advisor will refuse (ScoreError); equal dicts still hash alike
            return hash(len(self))

    _member = "score"               # the Method member it keeps, for the message

    def _frozen(self, *args, **kwargs):
        raise TypeError(f"a Method's {self._member} cannot be changed: use Method.replace({self._member}=...)")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = _frozen
    __ior__ = _frozen

    def __reduce__(self):           # pickled (a rollout's processes) as a FrozenScore, not by dict's setitem
        return (type(self), (dict(self),))


class FrozenModel(FrozenScore):
    """:attr:`Method.model` given as a model's JSON object, as the Method keeps it: read as that object (by
    :func:`solver.bidding.resolve_model`), unchangeable at its top level and hashed by its JSON text, so that a
    :class:`Method` with an inline model is hashable too (its nested lists are not hashable items)."""

    _member = "model"

    def __hash__(self):
        return hash(json.dumps(self, sort_keys=True, default=repr))


#: The members each advisor reads, by its name; every other member must be left at :class:`Method`'s default
#: (:func:`check_reads`), so that a member an advisor would ignore is refused by name rather than silently dropped.
#: The doors build each advisor's Method from these members only (``api.routes``).
READS = {
    "advise_bid": tuple(m for m in MEMBERS if m != "play_model"),
    "advise_play": ("worlds", "seed", "threads", "inference", "model", "play_model", "valuation", "inner_worlds",
                    "rollout", "examples", "score"),
    "lead_table": ("worlds", "seed", "threads", "inference", "model", "play_model", "valuation", "inner_worlds"),
    "advise_defend": ("worlds", "seed", "threads", "inference", "model"),
    "advise_exchange": ("worlds", "seed", "exact_limit"),
}


def check_reads(method: Method, advisor: str) -> Method:
    """``method`` (checked) when ``advisor`` (a name of :data:`READS`) reads every member given, one not at
    :class:`Method`'s default; also ``inner_worlds`` only with ``valuation`` ``"playout"`` and ``play_model`` only with
    ``inference`` ``"play"`` or ``"both"``, the only methods that read them.

    Raises :class:`~solver.errors.ArgumentError` naming the first member given that is not read, what the advisor
    reads and what to do (``"examples 3: advise_exchange does not read the method's examples ..."``); the message
    starts with the member, so the HTTP doors name it as the problem's field."""
    reads = READS[advisor]
    for f in dataclasses.fields(Method):
        value = getattr(method, f.name)
        if value is f.default or (f.default is not None and value == f.default) or _names_the_default(f.name, value):
            continue
        if f.name not in reads:
            raise ArgumentError(f"{f.name} {quoted(_shown(value), 60)}: {advisor} does not read the method's "
                                f"{f.name} (it reads {', '.join(reads)}); leave it at its default ({f.default!r})")
        if f.name == "inner_worlds" and (method.valuation is None
                                         or not valuation_strategy(method.valuation).uses_inner_worlds):
            raise ArgumentError(f"inner_worlds {value!r}: {advisor} does not read the method's inner_worlds with "
                                f"{'valuation ' + method.valuation if method.valuation else 'the default valuation'}; only valuation playout uses inner "
                                f"worlds (leave it at its default, {f.default!r}, or give valuation playout)")
        if f.name == "play_model" and method.inference not in ("play", "both"):
            raise ArgumentError(f"play_model {quoted(_shown(value), 60)}: {advisor} does not read the method's "
                                f"play_model with inference {method.inference}; only inference play or both weighs "
                                "the cards seen (leave it at its default, None, or give inference play or both)")
    return method


def _names_the_default(member: str, value) -> bool:
    """A model or play model given as the one its default (``None``) stands for, by name: the same method, so not
    a member given (``--play-model players-play-1``, which the help calls the default, is not refused)."""
    if member == "model":
        return _shown(value) == DEFAULT_MODEL.name
    if member == "play_model":
        return _shown(value) == DEFAULT_PLAY_MODEL.name
    return False


def _shown(value):
    """A member's value as a message shows it: a model by its name, a rollout by its type."""
    name = getattr(value, "name", None)
    return name if name is not None else type(value).__name__ if dataclasses.is_dataclass(value) else value


def old_form(advisor: str, given, members=()) -> None:
    """The one deprecation of the advisors' forms before ``(view, method)``: warns with a :class:`DeprecationWarning`
    naming ``advisor`` and the first of ``given`` (the keywords it was called with: a view's keys or a method's
    members), when there are any; the call then goes on, with the same answer as before.

    Raises :class:`TypeError`, worded as Python's own, for a keyword that is neither a view's key
    (:data:`solver.game.view.BUILD_KEYS`) nor one of ``members`` (the advisor's member keywords): a misspelt
    keyword is named as such, not taken for a view's key."""
    for name in given:
        if name not in BUILD_KEYS and name not in members:
            raise TypeError(f"{advisor}() got an unexpected keyword argument {name!r}")
    if given:
        warnings.warn(f"solver.{advisor}(..., {next(iter(given))}=...): the keyword form is deprecated and will be "
                      f"removed in the next release: use solver.{advisor}(view, method) with a SeatView "
                      "(solver.seat_view) and a solver.Method", DeprecationWarning, stacklevel=3)


def keyword_method(method, advisor, **given) -> Method:
    """The checked :class:`Method` of an advisor called as ``advisor(view, method)``, or, as before the method
    was one value, with its members as keywords (``given``: each keyword's value; one that differs from
    ``advisor``'s default counts as given). Raises :class:`~solver.errors.ArgumentError` for both at once,
    naming the first such keyword, and for a bad member."""
    params = inspect.signature(advisor).parameters
    return method_of_keywords(method, advisor.__name__, given, {name: params[name].default for name in given})


def method_of_keywords(method, who: str, given: dict, defaults: dict) -> Method:
    """:func:`keyword_method` for an advisor that takes its members as ``**keywords`` (``given``: those passed,
    ``defaults``: the advisor's default of each member it takes this way). Raises
    :class:`~solver.errors.ArgumentError` naming ``who`` and the first member given with a method as well."""
    if method is None:
        return Method(**{**defaults, **given})
    for name, value in given.items():
        default = defaults[name]
        if value is not default and not (type(value) is type(default) and value == default):
            raise ArgumentError(f"{who}: give the method or its members as keywords, not both ({name!r})")
    return Method.coerce(method)


def taken_members(method, caller, takes: tuple, hints: dict | None = None, **given) -> dict:
    """The members ``takes`` of a caller that reads only part of a :class:`Method` (the review, the corpus
    review, the match, an advisor agent), by name.

    ``method`` ``None``: ``given`` (the caller's own keywords) as they stand, left for the caller to check as
    it always has, so the figures and the errors of a call without a method are what they were. Else the
    method's values (``worlds`` may be ``None``: the caller's default); each keyword of ``given`` must then
    be at ``caller``'s default (:func:`keyword_method`'s rule), and a member outside ``takes`` at
    :class:`Method`'s own default, since the caller would not read it. ``hints``: a sentence per member name
    saying what to do instead.

    Raises :class:`~solver.errors.ArgumentError` naming the keyword given with a method, the member the caller
    does not read, or a bad member."""
    if method is None:
        return dict(given)
    checked = keyword_method(method, caller, **given)
    for f in dataclasses.fields(Method):
        value = getattr(checked, f.name)
        if f.name not in takes and not (value is f.default or value == f.default):
            hint = (hints or {}).get(f.name, f"leave it at its default ({f.default!r})")
            raise ArgumentError(f"method member {f.name!r}: {caller.__name__} does not read it; {hint}")
    return {name: getattr(checked, name) for name in takes}


def _rollout_spec(rollout) -> dict:
    """A :class:`~solver.rollout.Rollout` by its members (not its ``to_dict()``, which is what an answer says of it
    and cannot be read back), so that :meth:`Method.from_dict` rebuilds the same one."""
    return {f.name: getattr(rollout, f.name) for f in dataclasses.fields(rollout)}


def _rollout_of(data: dict):
    """The :class:`~solver.rollout.Rollout` of :func:`_rollout_spec`'s dict; an unknown member raises
    :class:`~solver.errors.ArgumentError` naming it (a bad value, the Rollout's own error)."""
    Rollout = roller("spec")            # solver.rollout registers it: a layer above the advisor
    names = [f.name for f in dataclasses.fields(Rollout)]
    for key in data:
        if key not in names:
            raise ArgumentError(f"rollout member {key!r}: unknown; the members are {', '.join(names)}")
    return Rollout(**data)


#: How :meth:`Method.to_dict` writes the members that are not JSON as they stand.
_AS_JSON: dict[str, Callable[[Any], Any]] = {"rollout": _rollout_spec, "score": dict,
                                              "model": lambda m: dict(m) if isinstance(m, dict) else m}


def _check_members(data: dict) -> None:
    for key in data:
        if key not in MEMBERS:
            raise ArgumentError(f"method member {key!r}: unknown; the members are {', '.join(MEMBERS)}")


__all__ = ["Method", "MEMBERS", "BOUNDS", "DESCRIPTIONS", "READS", "FrozenScore", "FrozenModel", "check_reads", "old_form",
           "keyword_method", "method_of_keywords", "taken_members", "member_keywords",
           "ROBUST_DELTA", "MAX_EXACT_LIMIT"]


def member_keywords(fn, given: dict, defaults: dict, method=None) -> dict:
    """The deprecated member keywords of a door that now takes ``method=`` (the review, the corpus review, the
    match, ``compare``): ``defaults`` (each old keyword's default, by name: a :class:`Method` member's name)
    updated by ``given`` (the keywords ``fn`` received as ``**members``).

    Each keyword given warns (:class:`DeprecationWarning`, naming it and the member to set instead; the keywords
    go one release after the method came); one ``fn`` never took raises :class:`TypeError` worded as Python's own
    for an unexpected keyword; any given beside a ``method`` raises :class:`~solver.errors.ArgumentError` naming
    the first (give one or the other). The values are not checked here: the door checks them as it always has.
    """
    for name in given:
        if name not in defaults:
            raise TypeError(f"{fn.__qualname__}() got an unexpected keyword argument {name!r}")
    if given and method is not None:
        raise ArgumentError(f"{fn.__name__}: give the method or its members as keywords, not both "
                            f"({next(iter(given))!r})")
    if given:
        # one warning a call, naming the method that answers the same: the keywords given, and each default of the
        # door that Method's own default would change (the review's 3 examples against Method's 0, say)
        base, kept = Method(), []
        for name, value in defaults.items():
            if name not in given and value is not None and name in MEMBERS:
                try:
                    differs = Method(**{name: value}) != base
                except (ArgumentError, TypeError, ValueError):
                    differs = False
                if differs:
                    kept.append(f"{name}={value!r}")
        same = ", ".join([f"{name}=..." for name in given] + kept)
        warnings.warn(f"{fn.__name__}({', '.join(f'{name}=...' for name in given)}) is deprecated and will be "
                      f"removed in the next release: use method=Method({same})", DeprecationWarning, stacklevel=3)
    return {**defaults, **given}
