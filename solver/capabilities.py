"""Which analysis covers which rule: the one table, and the one place an analysis refuses a variant.

A house rule changes the game in a few known ways (the deck, the phases of a hand, a kitty exchange, the first
leader, the trump); the game kernel (:mod:`solver.laws`, :mod:`solver.game`) plays every rule of
:class:`~solver.rules.Rules`. An analysis built on top may not be built for all of them: par has no form for the
dummy-hands variant's two scored sets, the fitted single-dummy table was fitted on the four-player game without
the joker, defending alone needs the rule that allows it. This module says so once, as data:
:data:`CAPABILITIES` maps each analysis to the rules it refuses (and the rules it needs), each with why, and
:func:`check_covers` raises the one :class:`~solver.errors.RulesError` whose wording it builds from that row:
``"<analysis>: does not cover <rule> (<switch>); <why>"`` or ``"<analysis>: needs <rule> (<switch>); <why>"``.

An analysis not named in a row's ``refuses`` covers that rule: adding a house rule to the kernel means a new
:data:`RULES` entry (a column) and, for each analysis not built for it, a word in its row. docs/rules.md shows the
table (``tests/test_capabilities.py`` checks it against this one).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Callable, Mapping

from .errors import RulesError


@dataclass(frozen=True)
class Rule:
    """A house rule as the capability table names it: ``words`` for people, ``switch`` the :class:`Rules`
    options that turn it on, ``on(rules) -> bool`` whether a :class:`~solver.rules.Rules` value plays it."""
    words: str
    switch: str
    on: Callable = field(repr=False, compare=False)


#: The rules an analysis may not cover, in the order a refusal names the first of them (the dummy-hands variant
#: is also a two-player game: it is named first, as the narrower rule).
RULES: Mapping[str, Rule] = MappingProxyType({
    "dummy_hands": Rule("the dummy-hands variant", "Rules(players=2, dummy_hands=True)", lambda r: r.dummy_hands),
    "two_players": Rule("two-player euchre", "Rules(players=2)", lambda r: r.players == 2),
    "joker": Rule("the joker", "Rules(joker=True)", lambda r: r.joker),
    "no_trump": Rule("no-trump contracts", "Rules(allow_no_trump=True)", lambda r: r.allow_no_trump),
    "kitty_exchange": Rule("a kitty exchange (farmers, go_under)", "Rules(farmers=True) or Rules(go_under=True)",
                           lambda r: bool(getattr(r, "kitty_exchange", False))),
    "defend_alone": Rule("defending alone", "Rules(defend_alone=True)", lambda r: r.defend_alone),
    "stick_the_dealer": Rule("stick the dealer", "Rules(stick_the_dealer=True)", lambda r: r.stick_the_dealer),
    "canadian": Rule("Canadian loners", "Rules(canadian=True)", lambda r: r.canadian),
    "partners_best": Rule("call for best", "Rules(partners_best=True)", lambda r: r.partners_best),
})


@dataclass(frozen=True)
class Capability:
    """One analysis's row: ``label`` (how its refusal begins), ``refuses`` ``{rule: why}`` of the rules of
    :data:`RULES` it is not built for, ``needs`` ``{rule: why}`` of those it is built only for."""
    label: str
    refuses: Mapping[str, str] = field(default_factory=dict)
    needs: Mapping[str, str] = field(default_factory=dict)

    def covers(self, rule: str) -> bool:
        """Whether the analysis takes rules with ``rule`` (a key of :data:`RULES`) on."""
        return rule not in self.refuses

    def refusal(self, rules) -> str | None:
        """The refusal of ``rules`` (a :class:`~solver.rules.Rules`), or ``None`` when the analysis covers them."""
        for name, why in self.needs.items():
            if not RULES[name].on(rules):
                return f"{self.label}: needs {RULES[name].words} ({RULES[name].switch}); {why}"
        for name, rule in RULES.items():
            if name in self.refuses and rule.on(rules):
                return f"{self.label}: does not cover {rule.words} ({rule.switch}); {self.refuses[name]}"
        return None


_SD_WHY = "the fitted single-dummy table is for the four-player game without the joker; use 'double_dummy'"
_SD_NO_TRUMP = "the fitted single-dummy table's features are trump counts; use 'double_dummy'"
_PLAYOUT_WHY = "the direct playout is for the four-player game without the joker; use 'double_dummy'"
_PLAYOUT_NO_TRUMP = "the direct playout's seats are not built for a no-trump contract; use 'double_dummy'"
_PLAYOUT_EXCHANGE = ("the direct playout does not replay a kitty exchange in its seats' views; use 'double_dummy' "
                     "or 'single_dummy'")
_ROLLOUT_WHY = ("the rollout replays a decision of the four-player game without the joker or a kitty exchange; "
                "use 'double_dummy'")
_NOT_PLAYED = "the agents do not play it (its ten tricks are two scored sets)"

#: Every analysis with a limit, by name: the rules it refuses and needs, each with why (every other rule of
#: :data:`RULES` it covers). Those with no limit (the solver, advise, advise_play, the lead table, the review,
#: compare, the hand's game odds by the table they have) are listed with empty rows, so the table is complete.
CAPABILITIES: Mapping[str, Capability] = MappingProxyType({
    "solve": Capability("solve"),
    "advise": Capability("advise"),
    "advise_play": Capability("advise_play"),
    "lead_table": Capability("lead_table"),
    "review": Capability("review"),
    "compare": Capability("compare"),
    "advise_defend": Capability("advise_defend", needs={
        "defend_alone": "these rules do not let a defender defend alone"}),
    "advise_exchange": Capability("advise_exchange", needs={
        "kitty_exchange": "the rules have neither farmers nor go_under"}),
    "bidding_model": Capability("model (the bidding model)", refuses={
        "dummy_hands": "it is fitted on hands with no dummies; the later seats bid by the point-count policy "
                       "(model=None, policy=...)"}),
    "par": Capability("par", refuses={"dummy_hands": "its ten tricks are two scored sets"}),
    "match": Capability("match play", refuses={"dummy_hands": _NOT_PLAYED}),
    "branch": Capability("branch", refuses={"dummy_hands": _NOT_PLAYED}),
    "valuation:double_dummy": Capability("valuation 'double_dummy'"),
    "valuation:single_dummy": Capability("valuation 'single_dummy'", refuses={
        "dummy_hands": _SD_WHY, "two_players": _SD_WHY, "joker": _SD_WHY, "no_trump": _SD_NO_TRUMP}),
    "valuation:playout": Capability("valuation 'playout'", refuses={
        "dummy_hands": _PLAYOUT_WHY, "two_players": _PLAYOUT_WHY, "joker": _PLAYOUT_WHY, "no_trump": _PLAYOUT_NO_TRUMP,
        "kitty_exchange": _PLAYOUT_EXCHANGE}),
    "valuation:rollout": Capability("valuation 'rollout'", refuses={
        "dummy_hands": _ROLLOUT_WHY, "two_players": _ROLLOUT_WHY, "joker": _ROLLOUT_WHY,
        "kitty_exchange": _ROLLOUT_WHY}),
})


def capability(analysis: str) -> Capability:
    """The row of ``analysis`` (a key of :data:`CAPABILITIES`); ``KeyError`` for a name of no analysis (a
    programming error: the names are the code's, never a user's)."""
    return CAPABILITIES[analysis]


def refusal(analysis: str, rules) -> str | None:
    """Why ``analysis`` does not take ``rules`` (the message :func:`check_covers` raises), or ``None``."""
    return CAPABILITIES[analysis].refusal(rules)


def check_covers(analysis: str, rules, where: str | None = None) -> None:
    """Raise :class:`~solver.errors.RulesError` unless ``analysis`` covers ``rules`` (a
    :class:`~solver.rules.Rules`): the message names the analysis, the rule, its switch and why (``where``, a
    file or a deal, before it)."""
    why = refusal(analysis, rules)
    if why is not None:
        raise RulesError(why if where is None else f"{where}: {why}")


def markdown_table() -> str:
    """The table as Markdown (docs/rules.md shows it): a row per analysis, a column per rule of :data:`RULES`;
    ``yes`` covered, ``no`` refused, ``needs`` built only for it."""
    head = "| analysis | " + " | ".join(name for name in RULES) + " |"
    rows = [head, "|" + "---|" * (len(RULES) + 1)]
    for name, cap in CAPABILITIES.items():
        cells = ["needs" if r in cap.needs else "no" if r in cap.refuses else "yes" for r in RULES]
        rows.append(f"| {name} | " + " | ".join(cells) + " |")
    return "\n".join(rows)


__all__ = ["Rule", "RULES", "Capability", "CAPABILITIES", "capability", "refusal", "check_covers", "markdown_table"]
