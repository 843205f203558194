"""The house-rule options of the ``euchre`` command line: each flag defined once, read back into a
:class:`~solver.rules.Rules`, and refused where the command's analysis does not cover it.

:data:`RULE_OPTIONS` is the one table of the flags: one :class:`RuleOption` per :class:`~solver.rules.Rules`
option a user picks (its field name, flag and help text). A command adds them with :func:`add_rule_options`,
naming its analysis (a key of :data:`solver.capabilities.CAPABILITIES`) and the options its question cannot
take (``without``: e.g. par takes the hands after any kitty exchange); :func:`rules_from_args` builds the
:class:`~solver.rules.Rules` from what was parsed.

A flag whose rule the analysis refuses (solver/capabilities.py, the one table of which analysis covers which
rule) is not offered: it is left out of ``--help`` and, given, it is an argparse error naming the flag with
the capability table's words (``euchre match --dummy-hands``: "argument --dummy-hands: match play: does not
cover the dummy-hands variant ..."), exit status 2 before any work.
"""
from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass
from typing import Any

from .capabilities import capability
from .errors import RulesError
from .rules import LONER_LEADS, Rules


@dataclass(frozen=True)
class RuleOption:
    """A :class:`~solver.rules.Rules` option as a flag: ``field`` the option's name, ``flag`` the command
    line's spelling, ``help`` its one help text; ``on`` the value that turns the house rule on (what
    :func:`add_rule_options` checks against the analysis), ``choices`` the values it takes (``None``: a switch
    that stores ``on``)."""
    field: str
    flag: str
    help: str
    on: object = True
    choices: tuple | None = None


#: Every house-rule flag of the command line, in the order ``--help`` lists them.
RULE_OPTIONS = {o.field: o for o in (
    RuleOption("players", "--players", "4 (default) or 2-player euchre", on=2, choices=(4, 2)),
    RuleOption("stick_the_dealer", "--stick-the-dealer", "the dealer must name a suit when all pass twice"),
    RuleOption("defend_alone", "--defend-alone", "against a loner one defender may defend alone"),
    RuleOption("canadian", "--canadian",
               "Canadian loners: the dealer's partner who orders up in round 1 must go alone"),
    RuleOption("partners_best", "--partners-best",
               "call for best: a loner's partner passes it its best card face down and the loner discards one"),
    RuleOption("allow_no_trump", "--allow-no-trump",
               "no-trump contracts (EGN allow_no_trump): in round 2 a seat may call no trump "
               "(trump 'n': no bowers, the led suit wins)"),
    RuleOption("farmers", "--farmers",
               "farmer's hand: before the bidding a seat with three nines and tens may show three and "
               "exchange them for the three face-down kitty cards"),
    RuleOption("go_under", "--go-under",
               "going under: before the bidding a seat with no jack, ace or king may exchange any "
               "three cards, face down, for the three face-down kitty cards"),
    RuleOption("joker", "--joker", "the joker B is in the pack (highest trump)"),
    RuleOption("dummy_hands", "--dummy-hands",
               "two-player dummy hands (needs --players 2): table takes the deal "
               "'N:<hand> S:<hand> | N:<dummy> S:<dummy>', advise the face-up dummies in --dummies"),
    RuleOption("loner_lead", "--loner-lead", "who leads against a loner (default left_of_loner)",
               on="left_of_dealer", choices=LONER_LEADS),
)}

#: The kitty exchanges' flags: a question posed after the deal's exchange (par, table) takes neither.
EXCHANGE = ("farmers", "go_under")
#: The flags a four-player-only question (defend, exchange) does not offer: the command plays four players.
TWO_PLAYER = ("players", "dummy_hands")
#: The rules of the auction alone: a table of tricks without its par plays the same with or without them.
AUCTION = ("stick_the_dealer", "defend_alone", "canadian")
#: The rules that act before the first card (the auction, the exchanges, call for best's, who leads against a
#: loner): a position in play (solve: its trump, leader and hands given) takes none of them.
BEFORE_PLAY = AUCTION + EXCHANGE + ("partners_best", "loner_lead")


def _witness(option: RuleOption) -> Rules:
    """The rules with only ``option`` at its ``on`` value (and two players, where it is a two-player rule)."""
    switched: dict[str, Any] = {option.field: option.on}      # one field of any of Rules' types
    try:
        return Rules(**switched)
    except RulesError:
        return Rules(players=2, **switched)


def refusal(analysis: str, option: RuleOption) -> str | None:
    """Why ``analysis`` (a key of :data:`solver.capabilities.CAPABILITIES`) does not take ``option``'s rule,
    in the capability table's words, or ``None`` when it covers it. Only the rules the analysis refuses count:
    one it needs (defending alone for advise_defend) is the command's, or the library's, to ask for."""
    row = capability(analysis)
    return dataclasses.replace(row, needs={}).refusal(_witness(option))


class _Refused(argparse.Action):
    """A flag of a rule the command's analysis does not cover: given, an argparse error naming it and why."""

    def __init__(self, option_strings, dest, why: str, **kwargs):
        super().__init__(option_strings, dest, nargs=kwargs.pop("nargs", 0), **kwargs)
        self.why = why

    def __call__(self, parser, namespace, values, option_string=None):
        raise argparse.ArgumentError(self, self.why)


def add_rule_options(p: argparse.ArgumentParser, analysis: str, without=(), notes: dict | None = None) -> None:
    """Add the house-rule flags of :data:`RULE_OPTIONS` to ``p``, a command whose question is ``analysis``'s
    (a key of :data:`solver.capabilities.CAPABILITIES`): all but the fields in ``without``; a flag whose rule
    ``analysis`` refuses is hidden and refused when given (argparse's error, exit 2). ``notes``: ``{field:
    text}``, what the command adds to a flag's help (after "; ")."""
    notes = notes or {}
    for field, option in RULE_OPTIONS.items():
        if field in without:
            continue
        why = refusal(analysis, option)
        if why is not None:
            p.add_argument(option.flag, dest=field, action=_Refused, why=why, help=argparse.SUPPRESS,
                           nargs=None if option.choices else 0, default=getattr(Rules(), field))
            continue
        text = option.help + (f"; {notes[field]}" if field in notes else "")
        if option.choices is None:
            p.add_argument(option.flag, dest=field, action="store_true", help=text)
        else:
            default = getattr(Rules(), field)
            p.add_argument(option.flag, dest=field, type=type(default), choices=option.choices, default=default,
                           help=text)


def rules_from_args(args, **fixed) -> Rules:
    """The :class:`~solver.rules.Rules` of the parsed ``args`` (an option the command does not offer: its
    default), with ``fixed`` (``{field: value}``, what the command's question implies) over them.

    Raises :class:`~solver.errors.RulesError` for options that cannot go together (``--dummy-hands`` without
    ``--players 2``), in the words of every door."""
    given = {field: getattr(args, field) for field in RULE_OPTIONS if hasattr(args, field)}
    return Rules(**{**given, **fixed})


__all__ = ["RuleOption", "RULE_OPTIONS", "EXCHANGE", "TWO_PLAYER", "AUCTION", "BEFORE_PLAY", "add_rule_options", "refusal", "rules_from_args"]
