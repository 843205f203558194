"""How the rest of the hand is valued in each world: single dummy (fitted, the default), double dummy or by playout.

* ``"single_dummy"`` (the default, where the variant has a fitted table: four players, no joker, no dummy
  hands, no no-trump): each world is solved double dummy, and its result is replaced by a single-dummy one
  drawn from a model fitted offline against direct playouts (:mod:`solver.advisor.single_dummy`,
  ``solver/data/single-dummy-v6.json``). Fast: the same solves as double dummy.
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
playout read ``hand-outcomes-sd-3.json``, the hands bid by ``best-response-sd-3``); the match's advisor
agent (``advisor:VALUATION[:MODEL]``, refused before any deal where the variant lacks it). Spelling: one
normaliser (:func:`valuation_key`) serves every door, so ``single-dummy`` (the CLI's) and ``single_dummy``
(the API's and HTTP's) are the same everywhere.

Each valuation is a strategy object (:class:`Valuation`; :func:`valuation_strategy` finds it by any spelling):
the one home of what it reads, assumes and covers, and of the hooks by which it values a world
(:meth:`Valuation.makers_tricks` for the bid engine, :meth:`Valuation.card_results` for the play advice). The
API name stays the public spelling; code elsewhere asks the strategy and never compares the name. Which
variants each covers is a row of :data:`solver.capabilities.CAPABILITIES`.

Why single dummy is the default: against direct playouts of the advisor's own questions
(``benchmarks/studies/single_dummy_flattery.py``, docs/advice.md) double dummy flatters ordering up with two
trumps by about +0.2 points a deal and with three or more by +0.18, and undervalues loners by 0.3; the
fitted correction (``single-dummy-v3``) stands within 0.05 of the playouts in every class of the study.
Against rollouts by the advisor agents (``benchmarks/studies/rollout_classes.py``) v3 flatters a loner by 0.07,
so the default, ``single-dummy-v6``, values a loner by ``single-dummy-v5`` (fitted against the agents' play, with
the makers' sure tricks) and a contract with partner by v3: within 0.05 of the rollouts in every class of call
but the first-round pass, whose value is the later seats' bidding.
"""
from __future__ import annotations

from types import MappingProxyType

from ..bounds import check_int
from ..capabilities import refusal
from ..errors import ArgumentError, RulesError, quoted

# the inner worlds are the playout's own (its seats' PIMC); here for every door that names them
from .playout import INNER_WORLDS, MAX_INNER_WORLDS, check_inner_worlds  # noqa: F401

#: Worlds each advisor agent's decision draws in a rollout by default (:mod:`solver.rollout`).
ROLLOUT_AGENT_WORLDS = 50

#: The default where the variant supports it (the module docs say why; :func:`default_valuation`); said in the advice.
DEFAULT_VALUATION = "single_dummy"


class Valuation:
    """How the rest of the hand is valued in each world: one subclass a valuation, one instance each
    (:data:`STRATEGIES`; :func:`valuation_strategy` finds it by any spelling). Every fact about a valuation
    lives on its class: the rest of the package asks it, never compares its name.

    Attributes:
        name: the API name (``"single_dummy"``, ...), the public spelling in results and requests.
        table: the game-odds data it reads (:mod:`solver.advisor.game_odds`: ``"double_dummy"``,
            ``hand-outcomes-v1.json``, or ``"single_dummy"``, ``hand-outcomes-sd-3.json``).
        one_decision: values one bid or card decision at a time (bid and play advice only; the review, the lead
            table and the agents refuse it, :meth:`check_many_decisions`).
        plays_out: plays each world out (hundreds of solves a world, or a deal of agents): the advice never
            draws more worlds than asked for, and its figures are the exact tricks of that play.
        fitted: corrects each world's double-dummy result by the fitted single-dummy model
            (:mod:`solver.advisor.single_dummy`): trick distributions, not one count a world.
        sees_all: every seat plays seeing every card (the plain double-dummy figures).
        by_agents: each option is played on by the advisor agents at every seat (a rollout): the later seats'
            calls are theirs, not the bidding model's, and its work is worlds x options of whole deals.
        uses_inner_worlds: the ``inner_worlds`` option is its own (the direct playout), said in results.
    """
    name: str = ""
    table: str = "double_dummy"
    one_decision = False
    plays_out = False
    fitted = False
    sees_all = False
    by_agents = False
    uses_inner_worlds = False
    #: what it assumes about the seats' play, in words (``{inner}``: the worlds a decision)
    text: str = ""

    def __repr__(self) -> str:
        return f"valuation_strategy({self.name!r})"

    @property
    def cli_name(self) -> str:
        """The CLI's spelling (``"single-dummy"``)."""
        return cli_name(self.name)

    def unsupported(self, rules) -> str | None:
        """Why ``rules``' variant cannot be valued so (the refusal of :mod:`solver.capabilities`, naming the
        valuation and the rule), or ``None`` when it can."""
        return refusal(f"valuation:{self.name}", rules)

    def inner_worlds(self, inner_worlds: int, rollout=None) -> int:
        """The worlds a seat's decision draws in the play this valuation assumes (what the advice says as its
        ``inner_worlds``): the direct playout's ``inner_worlds``; the others their own (below)."""
        return inner_worlds

    def assumption(self, inner_worlds: int) -> str:
        """The words for this valuation's assumption about the seats' play (:meth:`inner_worlds` said)."""
        return self.text.format(inner=self.inner_worlds(inner_worlds))

    def play_words(self, inner_worlds: int) -> str:
        """The short words of a result's ``method.play``: ``"double dummy"``, else :meth:`assumption`."""
        return "double dummy" if self.sees_all else self.assumption(inner_worlds)

    def check_many_decisions(self, what: str) -> str:
        """:attr:`name` when ``what`` (``"the review"``, ``"an agent"``), an analysis of many decisions, can value
        by it; raises :class:`~solver.errors.ArgumentError` for a valuation of one decision at a time."""
        if self.one_decision:
            raise ArgumentError(f"valuation {self.name!r}: values one bid or card decision at a time, for the "
                                f"advice only ({what} takes single_dummy, double_dummy or playout)")
        return self.name

    def check_rollout(self, rollout) -> None:
        """Raise :class:`~solver.errors.ArgumentError` for a ``rollout`` (:class:`solver.rollout.Rollout`) given
        with a valuation that does not roll out (every one but ``"rollout"``)."""
        if rollout is not None:
            raise ArgumentError(f"rollout: only with valuation 'rollout' (this advice's valuation is {self.name!r})")

    # -- the hooks by which it values a world ------------------------------------------------------------------
    def makers_tricks(self, engine, config, makers_side: int, rows, maker=None):
        """The bid engine's makers' tricks for ``rows`` of its worlds under ``config``
        (:meth:`solver.advisor.engine.Engine.makers_tricks` dispatches here): int8 (k,)."""
        return engine.dd_tricks(config, makers_side, rows)

    def card_results(self, cards) -> list:
        """Side 0's tricks after each legal card of a play question (``cards``: the
        :class:`~solver.advisor.play.CardQuestion` of :func:`solver.advisor.play.card_worlds`): a list of int
        arrays, one a card, in the order of the question's worlds (:attr:`plays_out`), or of its unique
        worlds' batch (the solved ones, indexed by ``cards.blocks``)."""
        return cards.batch.solve(cards.threads)


class DoubleDummyValuation(Valuation):
    """Every seat plays as if all the cards were face up (:func:`solver.solve_batch`)."""
    name = "double_dummy"
    sees_all = True
    text = ("double dummy: after the decision every seat plays as if all the cards were face up "
            "(optimistic for the side that would have to guess)")


class SingleDummyValuation(Valuation):
    """Each world's double-dummy result replaced by one drawn from the fitted single-dummy model."""
    name = "single_dummy"
    table = "single_dummy"
    fitted = True
    text = ("single dummy (fitted): each world's double-dummy result corrected by a table fitted "
            "against playouts in which every seat sees only its own view and chooses each card by "
            "perfect-information Monte Carlo over {inner} uniform worlds of that view")

    def inner_worlds(self, inner_worlds: int, rollout=None) -> int:
        """The inner worlds of the playouts its table was fitted against (the data's ``inner_worlds``)."""
        from .single_dummy import default_model
        return default_model().inner_worlds

    def makers_tricks(self, engine, config, makers_side: int, rows, maker=None):
        return engine.sd_tricks(config, makers_side, rows, maker)


class PlayoutValuation(Valuation):
    """Each world played out by seats that each see only their own view (PIMC, :mod:`solver.advisor.playout`)."""
    name = "playout"
    table = "single_dummy"          # a direct playout is single-dummy play: it reads the single-dummy odds
    plays_out = True
    uses_inner_worlds = True
    text = ("single dummy (direct playout): in each world the rest of the hand is played by seats that "
            "each see only their own view, choosing each card by perfect-information Monte Carlo over "
            "{inner} uniform worlds of that view (double dummy within each)")

    def makers_tricks(self, engine, config, makers_side: int, rows, maker=None):
        return engine.playout_tricks(config, makers_side, rows)

    def card_results(self, cards) -> list:
        from .playout import playout_card_totals
        return playout_card_totals(cards.view, cards.worlds, cards.legal, cards.inner_worlds, cards.worlds.seed)


class RolloutValuation(Valuation):
    """Each option played to the end of the deal by the advisor agents at every seat (:mod:`solver.rollout`)."""
    name = "rollout"
    table = "single_dummy"
    one_decision = True
    plays_out = True
    by_agents = True
    text = ("rollout: in each world the option is played to the end of the deal by the advisor agents at every "
            "seat (later calls, the discard, alone or not, every card), each seeing only its own view and "
            "reading the auction, at {inner} worlds a decision; the same worlds and random numbers for every option")

    def inner_worlds(self, inner_worlds: int, rollout=None) -> int:
        """The agents' worlds a decision (``rollout.agent_worlds``; :data:`ROLLOUT_AGENT_WORLDS` without one)."""
        return ROLLOUT_AGENT_WORLDS if rollout is None else rollout.agent_worlds

    def assumption(self, inner_worlds: int) -> str:
        # said with the worlds given: the rollout's own agent worlds are passed in by the advice
        return self.text.format(inner=inner_worlds)

    def check_rollout(self, rollout) -> None:
        return None

    def makers_tricks(self, engine, config, makers_side: int, rows, maker=None):
        return engine.playout_tricks(config, makers_side, rows)

    def card_results(self, cards) -> list:
        return roller("plays")(cards.view, cards.worlds, cards.legal, cards.worlds.seed, cards.rollout, cards.score)


#: The strategies by API name, in the order the API lists them.
STRATEGIES = MappingProxyType({v.name: v for v in (SingleDummyValuation(), DoubleDummyValuation(), PlayoutValuation(),
                                                    RolloutValuation())})
#: The valuations, by their API names.
VALUATIONS = tuple(STRATEGIES)
#: What each valuation assumes about the seats' play, in words (the text output and the JSON).
ASSUMPTIONS = MappingProxyType({name: v.text for name, v in STRATEGIES.items()})
#: The valuations of one decision at a time: bid and play advice take them, the analyses built of many
#: decisions (the review, the agents) do not (every other valuation is taken everywhere).
BID_ONLY = frozenset(name for name, v in STRATEGIES.items() if v.one_decision)


def valuation_strategy(value) -> Valuation:
    """The :class:`Valuation` of ``value``: a strategy (returned as it is) or a name spelt any way a door
    accepts it (:func:`valuation_key`). Raises :class:`~solver.errors.ArgumentError` naming an unknown one."""
    if isinstance(value, Valuation):
        return value
    key = valuation_key(value)
    if key is None:
        names = ", ".join(f"{v} or {cli_name(v)}" if "_" in v else v for v in VALUATIONS)
        raise ArgumentError(f"valuation {quoted(value)}: unknown (one of {names})")
    return STRATEGIES[key]


def valuation_key(value):
    """The API name (``"single_dummy"``, ...) of a valuation spelt any way a door accepts it, or ``None``.

    The one home of the spelling: the CLI's ``single-dummy``, HTTP's ``single_dummy``, ``"Single Dummy"``
    all give ``"single_dummy"`` (case, ``-``, ``_`` and spaces do not matter). Anything else (a name of no
    valuation, a value that is not a string) gives ``None``; :func:`parse_valuation` says why.
    """
    if not isinstance(value, str):
        return None
    key = "_".join(value.strip().lower().replace("-", " ").replace("_", " ").split())
    return key if key in STRATEGIES else None


def cli_name(valuation: str) -> str:
    """The CLI's spelling of an API valuation name (``"single_dummy"`` -> ``"single-dummy"``)."""
    return valuation.replace("_", "-")


def parse_valuation(value, rules=None) -> str:
    """The API name of a valuation from ``value`` (``"single_dummy"``, ``"single-dummy"``, ``"double dummy"``,
    ``"playout"``: :func:`valuation_key`; ``None``: the default for ``rules``).

    Raises :class:`~solver.errors.ArgumentError` naming an unknown valuation, :class:`~solver.errors.RulesError` one the variant of
    ``rules`` does not support (:data:`solver.capabilities.CAPABILITIES`: single dummy and playout, the
    four-player game without the joker, dummy hands or no trump; ...).
    """
    if value is None:
        return default_valuation(rules)
    strategy = valuation_strategy(value)
    if rules is not None:
        why = strategy.unsupported(rules)
        if why:
            raise RulesError(why)
    return strategy.name


def unsupported(valuation, rules) -> str | None:
    """Why ``rules``' variant cannot be valued by ``valuation`` (a name or a :class:`Valuation`; the message
    names both), or ``None`` when it can (:meth:`Valuation.unsupported`)."""
    return valuation_strategy(valuation).unsupported(rules)


def check_not_bid_only(valuation, what: str) -> str:
    """``valuation``'s name when ``what`` (``"the review"``, ``"an agent"``) can value by it; raises
    :class:`~solver.errors.ArgumentError` for a valuation of bid and play advice only (:data:`BID_ONLY`), naming
    it (:meth:`Valuation.check_many_decisions`)."""
    return valuation_strategy(valuation).check_many_decisions(what)


_rollers: dict = {}


def register_roller(fn, kind: str = "bids") -> None:
    """Install the function that rolls out a question of ``kind``: ``"bids"`` (:func:`solver.rollout.roll_bids`)
    or ``"plays"`` (:func:`solver.rollout.roll_plays`), which :mod:`solver.rollout` registers on import (the
    rollout plays by the match's agents, a layer above the advisor); ``"spec"``: the class
    :class:`solver.rollout.Rollout` itself, which :meth:`solver.Method.from_dict` builds from a dict."""
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
    return DoubleDummyValuation.name


def assumption(valuation, inner_worlds: int) -> str:
    """The words for ``valuation``'s assumption about the seats' play (:meth:`Valuation.assumption`).

    ``inner_worlds`` is said only for ``"playout"`` and ``"rollout"``, which use it: the single-dummy text
    names the inner worlds of the playouts its table was fitted against (the data's ``inner_worlds``), and
    double dummy has none.
    """
    return valuation_strategy(valuation).assumption(inner_worlds)


__all__ = ["INNER_WORLDS", "MAX_INNER_WORLDS", "check_inner_worlds", "VALUATIONS", "DEFAULT_VALUATION", "ASSUMPTIONS",
           "valuation_key", "cli_name", "parse_valuation", "default_valuation",
           "unsupported", "assumption", "register_roller", "roller", "ROLLOUT_AGENT_WORLDS", "BID_ONLY",
           "check_not_bid_only", "Valuation", "DoubleDummyValuation", "SingleDummyValuation", "PlayoutValuation",
           "RolloutValuation", "STRATEGIES",
           "valuation_strategy"]
