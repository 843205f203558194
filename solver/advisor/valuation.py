"""How the rest of the hand is valued in each world: single dummy (fitted, the default), double dummy or by playout.

* ``"single_dummy"`` (the default, where the variant has a fitted table: four players, no joker, no dummy
  hands, no no-trump): each world is solved double dummy, and its result is replaced by a single-dummy one
  drawn from a model fitted offline against direct playouts (:mod:`solver.advisor.single_dummy`,
  ``solver/data/single-dummy-v3.json``). Fast: the same solves as double dummy.
* ``"double_dummy"`` (the default of every other variant): every seat plays as if all the cards were face up
  (:func:`solver.solve_batch`); exact for what it computes, optimistic for whichever side would have to
  guess. For a fixed seed, the figures of the versions before single dummy existed, bit for bit.
* ``"playout"``: the rest of the hand is played out in each world by seats that each see only their
  own view (:mod:`solver.advisor.playout`: PIMC over ``inner_worlds`` uniform worlds of that view a
  decision). Direct and slow: a few hundred solves a decision.
* ``"rollout"``: each option (a call, or a card) is played to the end of the deal in each world by the advisor
  agents at every seat (the later calls, the discard, alone or not, every card, each from its own view;
  :mod:`solver.rollout`). The slow truth the others are measured against: up to a quarter of a second a world
  and option. Bid and play advice only (one decision at a time; the review and the agents take the others).

Where it applies: :func:`solver.advise` and :func:`solver.advise_play` (every valuation); the review's calls
(:func:`solver.review`, ``review_corpus``: the cards' figures stay double dummy, a different question); the
game odds a score-aware answer reads (:func:`solver.win_probability` ``valuation=``: single dummy and
playout read ``hand-outcomes-sd-2.json``, the hands bid by ``best-response-sd-2``); the match's advisor
agent (``advisor:VALUATION[:MODEL]``, refused before any deal where the variant lacks it). Spelling: one
normaliser (:func:`valuation_key`) serves every door, so ``single-dummy`` (the CLI's) and ``single_dummy``
(the API's and HTTP's) are the same everywhere.

Why single dummy is the default: against direct playouts of the advisor's own questions
(``benchmarks/studies/single_dummy_flattery.py``, docs/advice.md) double dummy flatters ordering up with two
trumps by about +0.2 points a deal and with three or more by +0.18, and undervalues loners by 0.3; the
fitted correction (``single-dummy-v3``) stands within 0.05 of the playouts in every class of the study. The
correction models every seat playing by PIMC over a few uniform worlds, weaker than the advisor's own
play, so its figures are those of a table of fair card players, not of perfect ones.
"""
from __future__ import annotations

from ..bounds import check_int
from ..errors import ArgumentError, RulesError, quoted

#: Inner worlds a decision by default (each seat's PIMC over its own view, :mod:`solver.advisor.playout`).
INNER_WORLDS = 20
#: The most inner worlds a decision (a playout is a few hundred solves a decision at this bound).
MAX_INNER_WORLDS = 1000


def check_inner_worlds(inner_worlds) -> int:
    """``inner_worlds`` checked: an int in 1..:data:`MAX_INNER_WORLDS`; raises :class:`~solver.errors.ArgumentError` naming it."""
    return check_int(inner_worlds, "inner_worlds", 1, MAX_INNER_WORLDS)

#: Worlds each advisor agent's decision draws in a rollout by default (:mod:`solver.rollout`).
ROLLOUT_AGENT_WORLDS = 50

#: The valuations, by their API names.
VALUATIONS = ("single_dummy", "double_dummy", "playout", "rollout")
#: The default where the variant supports it (the module docs say why; :func:`default_valuation`); said in the advice.
DEFAULT_VALUATION = "single_dummy"

#: What each valuation assumes about the seats' play, in words (the text output and the JSON).
ASSUMPTIONS = {
    "double_dummy": "double dummy: after the decision every seat plays as if all the cards were face up "
                    "(optimistic for the side that would have to guess)",
    "single_dummy": "single dummy (fitted): each world's double-dummy result corrected by a table fitted "
                    "against playouts in which every seat sees only its own view and chooses each card by "
                    "perfect-information Monte Carlo over {inner} uniform worlds of that view",
    "playout": "single dummy (direct playout): in each world the rest of the hand is played by seats that "
               "each see only their own view, choosing each card by perfect-information Monte Carlo over "
               "{inner} uniform worlds of that view (double dummy within each)",
    "rollout": "rollout: in each world the option is played to the end of the deal by the advisor agents at every "
               "seat (later calls, the discard, alone or not, every card), each seeing only its own view and "
               "reading the auction, at {inner} worlds a decision; the same worlds and random numbers for every option",
}


def valuation_key(value):
    """The API name (``"single_dummy"``, ...) of a valuation spelt any way a door accepts it, or ``None``.

    The one home of the spelling: the CLI's ``single-dummy``, HTTP's ``single_dummy``, ``"Single Dummy"``
    all give ``"single_dummy"`` (case, ``-``, ``_`` and spaces do not matter). Anything else (a name of no
    valuation, a value that is not a string) gives ``None``; :func:`parse_valuation` says why.
    """
    if not isinstance(value, str):
        return None
    key = "_".join(value.strip().lower().replace("-", " ").replace("_", " ").split())
    return key if key in VALUATIONS else None


def cli_name(valuation: str) -> str:
    """The CLI's spelling of an API valuation name (``"single_dummy"`` -> ``"single-dummy"``)."""
    return valuation.replace("_", "-")


def parse_valuation(value, rules=None) -> str:
    """The API name of a valuation from ``value`` (``"single_dummy"``, ``"single-dummy"``, ``"double dummy"``,
    ``"playout"``: :func:`valuation_key`; ``None``: the default for ``rules``).

    Raises :class:`~solver.errors.ArgumentError` naming an unknown valuation, :class:`~solver.errors.RulesError` one the variant of
    ``rules`` does not support (single dummy and playout: the four-player game without the joker,
    dummy hands or no trump).
    """
    if value is None:
        return default_valuation(rules)
    key = valuation_key(value)
    if key is None:
        names = ", ".join(f"{v} or {cli_name(v)}" if "_" in v else v for v in VALUATIONS)
        raise ArgumentError(f"valuation {quoted(value)}: unknown (one of {names})")
    if rules is not None:
        why = unsupported(key, rules)
        if why:
            raise RulesError(f"valuation {key!r}: {why}")
    return key


def unsupported(valuation: str, rules) -> str | None:
    """Why ``rules``' variant cannot be valued by ``valuation``, or ``None`` when it can."""
    if valuation == "double_dummy":
        return None
    if rules.dummy_hands:
        return "not supported with dummy hands (Rules(dummy_hands=True)); use 'double_dummy'"
    if valuation == "rollout":
        if rules.players != 4 or rules.joker or getattr(rules, "kitty_exchange", False):
            return ("the rollout replays a decision of the four-player game without the joker or a kitty "
                    "exchange (farmers, go_under); use 'double_dummy'")
        return None          # no trump included: the agents play whatever contract the rules allow
    if valuation == "single_dummy" and (rules.players != 4 or rules.joker):
        return "the fitted single-dummy table is for the four-player game without the joker; use 'double_dummy'"
    if valuation == "playout" and (rules.players != 4 or rules.joker):
        return "the direct playout is for the four-player game without the joker; use 'double_dummy'"
    if rules.allow_no_trump:
        # the fitted table's features are trump counts and the playout's seats are not built for a no-trump
        # contract: neither covers the rule, whatever the contract of a given hand
        return ("not with no-trump contracts (Rules(allow_no_trump=True)): the fitted single-dummy table and the "
                "direct playout do not cover them; use 'double_dummy'")
    if valuation == "playout" and getattr(rules, "kitty_exchange", False):
        return ("the direct playout does not replay a kitty exchange (farmers, go_under) in its seats' views; "
                "use 'double_dummy' or 'single_dummy'")
    return None


#: The valuations of one decision at a time: bid and play advice take them, the analyses built of many
#: decisions (the review, the agents) do not (every other valuation is taken everywhere).
BID_ONLY = frozenset({"rollout"})


def check_not_bid_only(valuation: str, what: str) -> str:
    """``valuation`` when ``what`` (``"the review"``, ``"an agent"``) can value by it; raises
    :class:`~solver.errors.ArgumentError` for a valuation of bid and play advice only (:data:`BID_ONLY`), naming
    it."""
    if valuation in BID_ONLY:
        raise ArgumentError(f"valuation {valuation!r}: values one bid or card decision at a time, for the advice "
                            f"only ({what} takes single_dummy, double_dummy or playout)")
    return valuation


_rollers: dict = {}


def register_roller(fn, kind: str = "bids") -> None:
    """Install the function that rolls out a question of ``kind``: ``"bids"`` (:func:`solver.rollout.roll_bids`)
    or ``"plays"`` (:func:`solver.rollout.roll_plays`), which :mod:`solver.rollout` registers on import (the
    rollout plays by the match's agents, a layer above the advisor)."""
    _rollers[kind] = fn


def roller(kind: str = "bids"):
    """The rollout of questions of ``kind`` (:func:`register_roller`); raises
    :class:`~solver.errors.ArgumentError` when nothing registered it (``solver.rollout`` not imported)."""
    try:
        return _rollers[kind]
    except KeyError:
        raise ArgumentError("valuation 'rollout': import solver.rollout (import solver does) to roll out") from None


def default_valuation(rules) -> str:
    """:data:`DEFAULT_VALUATION` where ``rules``' variant supports it, else ``"double_dummy"``."""
    if rules is None or unsupported(DEFAULT_VALUATION, rules) is None:
        return DEFAULT_VALUATION
    return "double_dummy"


def assumption(valuation: str, inner_worlds: int) -> str:
    """The words for ``valuation``'s assumption about the seats' play.

    ``inner_worlds`` is said only for ``"playout"``, the one valuation that uses it: the single-dummy text
    names the inner worlds of the playouts its table was fitted against (the data's ``inner_worlds``), and
    double dummy has none.
    """
    if valuation == "single_dummy":
        from .single_dummy import default_model
        inner_worlds = default_model().inner_worlds
    return ASSUMPTIONS[valuation].format(inner=inner_worlds)


__all__ = ["INNER_WORLDS", "MAX_INNER_WORLDS", "check_inner_worlds", "VALUATIONS", "DEFAULT_VALUATION", "ASSUMPTIONS",
           "valuation_key", "cli_name", "parse_valuation", "default_valuation",
           "unsupported", "assumption", "register_roller", "roller", "ROLLOUT_AGENT_WORLDS", "BID_ONLY",
           "check_not_bid_only"]
