"""Rules: the variant options of docs/rules.md, with EGN ruleset keys where EGN has one."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import ClassVar

from .variants import LATER_SWITCHES, SWITCHES, exchanges, hands_per_seat, pack, refusal, variants_on
from .errors import RulesError, quoted

LONER_LEADS = ("left_of_loner", "left_of_dealer")

#: options added after the dict form of Rules was in use: written by to_dict only when on (each an EGN key too)
_LATER_OPTIONS = LATER_SWITCHES

#: EGN ruleset switches this engine does not play, with what each means (a record with one on is refused,
#: naming it: never replayed as if it were off)
EGN_NOT_PLAYED = {
    "fast_break": "fast break",
    "four_trick_tokens": "four-trick tokens",
}


@dataclass(frozen=True)
class Rules:
    """The options of a euchre game (docs/rules.md; defaults are the project's defaults).

    Attributes:
        players: 4 (partnerships N-S v E-W) or 2 (N v S).
        stick_the_dealer: the dealer must name a suit when all pass twice (EGN ``std``);
            otherwise the hand is thrown in.
        loner_lead: who leads against a loner: ``"left_of_loner"`` (default, all seeds)
            or ``"left_of_dealer"`` (EGN ``LEFT_OF_DEALER``, OpenSpiel), skipping a
            sitting-out partner.
        joker: the joker ``B`` is in the pack as the highest trump (EGN ``joker``).
        dummy_hands: two-player dummy-hands variant (docs/rules.md).
        defend_alone: one defender may also play alone against a loner (EGN).
        canadian: Canadian loners (EGN ``canadian``): the dealer's partner who orders up in
            round 1 must go alone (it may not assist); four-player only.
        partners_best: call for best (EGN ``partners_best``, EGN's ``docs/alternate-rules.md``): when
            the maker goes alone its partner passes it one card face down and the loner discards one,
            before the defenders decide and the first lead; four-player only.
        allow_no_trump: no-trump contracts (EGN ``allow_no_trump``, its bidding call ``"n"``; a house
            rule, docs/rules.md): in round 2 a seat may call no trump instead of a suit: no trump suit,
            no bowers (the jacks rank between the ten and the queen), the highest card of the led suit
            wins each trick; the makers need 3 tricks and score as in a suit contract, and may go
            alone. Not with the joker (it has no place without a trump suit).
        farmers: farmer's hand (EGN ``farmers``): before the bidding, a seat holding three or more nines
            and tens may show three of them and exchange them for the three face-down kitty cards
            (docs/rules.md, "Kitty exchanges"); four-player, 24-card pack only.
        go_under: going under (EGN ``go_under``): before the bidding, a seat with no jack, ace or king may
            exchange any three of its cards, face down, for the three face-down kitty cards (docs/rules.md);
            four-player, 24-card pack only. With ``farmers`` too, at most one exchange is taken per deal.
        winning_score: points that win the game (usually 5, 7, 10 or 11; EGN
            ``winning_score``; 0 means no target, the game ends after ``num_deals``).
        march_score: points for the makers taking all five (2).
        loner_march_score: points for a loner taking all five (4, EGN ``loner_march_score``).
        euchre_score: points to the defenders when the makers take fewer than 3 (2).
        loner_euchred_score: points to the defenders when a loner is euchred (2, EGN
            ``loner_euchred_score``).
        lone_defender_score: points to a lone defender who euchres a loner (4).
        num_deals: deals in the game, 0 for no limit (EGN ``num_deals``); with
            ``winning_score`` 0 the game ends only by this limit.
        dealer_may_discard_upcard: the dealer who picks up may discard the upcard
            itself (default, docs/rules.md); ``False`` follows OpenSpiel, where the dealer
            discards one of the five dealt cards. Not an EGN key (EGN records the
            discard, so a record replays under either setting).

    Raises :class:`RulesError` on a value out of range.
    """

    players: int = 4
    stick_the_dealer: bool = False
    loner_lead: str = "left_of_loner"
    joker: bool = False
    dummy_hands: bool = False
    defend_alone: bool = False
    winning_score: int = 10
    march_score: int = 2
    loner_march_score: int = 4
    euchre_score: int = 2
    loner_euchred_score: int = 2
    lone_defender_score: int = 4
    num_deals: int = 0
    dealer_may_discard_upcard: bool = True
    canadian: bool = False
    partners_best: bool = False
    allow_no_trump: bool = False
    farmers: bool = False
    go_under: bool = False
    #: the variants these options play, set on each value by ``__post_init__`` (not a field)
    _variants: ClassVar[tuple]

    def __post_init__(self):
        if self.players not in (2, 4) or isinstance(self.players, bool):
            raise RulesError(f"players {self.players!r}: must be 4 or 2")
        for name in _BOOL_SWITCHES:
            if not isinstance(getattr(self, name), bool):
                raise RulesError(f"{name} {getattr(self, name)!r}: must be true or false")
        lead = self.loner_lead.lower() if isinstance(self.loner_lead, str) else self.loner_lead
        if lead not in LONER_LEADS:
            raise RulesError(f"loner_lead {self.loner_lead!r}: must be one of {', '.join(LONER_LEADS)}")
        object.__setattr__(self, "loner_lead", lead)
        why = refusal(self)
        if why is not None:
            raise RulesError(why)
        # the variants these rules play, asked by every hook point (not a field: equality, hashing and the dict
        # form stay the options')
        object.__setattr__(self, "_variants", variants_on(self))
        if self.winning_score == 0 and self.num_deals == 0:
            raise RulesError("winning_score 0: a game with no winning score needs num_deals")
        for name in ("winning_score", "march_score", "loner_march_score", "euchre_score",
                     "loner_euchred_score", "lone_defender_score", "num_deals"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 100:
                unit = "deals" if name == "num_deals" else "points"
                raise RulesError(f"{name} {value!r}: must be a whole number of {unit} 0..100")

    @property
    def variants(self) -> tuple:
        """The house rules these options play, a tuple of ``solver.variants.Variant`` in the order their hooks
        fold (docs/rules.md, "Where each rule changes the game")."""
        return self._variants

    @property
    def hand_size(self) -> int:
        return 5

    @property
    def seats(self) -> tuple:
        """The seat numbers in play, (0, 1, 2, 3), or (0, 2) in two-player euchre."""
        return (0, 1, 2, 3) if self.players == 4 else (0, 2)

    @property
    def kitty_size(self) -> int:
        """Cards left undealt (the upcard among them)."""
        dealt = self.hand_size * len(self.seats) * hands_per_seat(self)
        return pack(self).bit_count() - dealt

    @property
    def kitty_exchange(self) -> bool:
        """A kitty exchange (``farmers`` or ``go_under``) may be taken before the bidding."""
        return bool(exchanges(self))

    def replace(self, **changes) -> "Rules":
        return dataclasses.replace(self, **changes)

    def differences(self, other: "Rules") -> str:
        """The options in which these rules differ from ``other``, as ``"name=value"`` joined by ``", "`` (this
        side's values, as the repr writes them; ``""`` when they agree): what a refusal of a variant quotes."""
        return ", ".join(f"{f.name}={getattr(self, f.name)!r}" for f in dataclasses.fields(self)
                         if getattr(self, f.name) != getattr(other, f.name))

    def to_dict(self) -> dict:
        """Every option by name; the house rules added later (``canadian``, ``partners_best``,
        ``allow_no_trump``, ``farmers``, ``go_under``) only when
        switched on, so the
        dict of a game without them, and every seed derived from it (the command line's default seeds, a
        corpus review's configuration), is what it was before they existed."""
        out = dataclasses.asdict(self)
        for name in _LATER_OPTIONS:
            if out[name] is False:
                del out[name]
        return out

    @classmethod
    def coerce(cls, value) -> "Rules":
        """``value`` as a :class:`Rules`: a Rules, ``None`` (the defaults) or a dict of options
        (:meth:`from_dict`).

        The one acceptance policy of the engine: every public function or class that takes ``rules``
        takes these three forms, through this method, and nothing else.

        Raises:
            RulesError: any other value, an unknown option or a bad value, naming it.
        """
        if value is None:
            return cls()
        if isinstance(value, Rules):
            return value
        if isinstance(value, dict):
            return cls.from_dict(value)
        raise RulesError(f"rules {quoted(value, 60)}: expected a Rules value or a dict of options")

    @classmethod
    def from_dict(cls, data: dict) -> "Rules":
        """Build from a dict of field names (as :meth:`to_dict`); unknown keys are an error."""
        if not isinstance(data, dict):
            raise RulesError(f"rules {data!r}: expected an object of options")
        names = {f.name for f in dataclasses.fields(cls)}
        for key in data:
            if key not in names:
                raise RulesError(f"rules option {key!r}: unknown; known options are {', '.join(sorted(names))}")
        return cls(**data)

    @classmethod
    def from_egn(cls, ruleset: dict | None) -> "Rules":
        """Rules from an EGN 1.4 ``metadata.ruleset`` object.

        Missing keys take the EGN schema defaults (``std`` true, ``loner_lead``
        ``LEFT_OF_DEALER``), so a file means what EGN says it means. Keys for
        variants this engine does not play (
        ``fast_break``, ``four_trick_tokens``,
        ``min_rank`` other than 9) raise :class:`RulesError` naming the rule when
        switched on; ``canadian``, ``partners_best``, ``allow_no_trump``, ``farmers`` and ``go_under`` are played.
        """
        ruleset = dict(ruleset or {})
        unsupported_if_true = tuple(EGN_NOT_PLAYED)
        for key in unsupported_if_true:
            if ruleset.get(key):
                raise RulesError(f"ruleset {key!r} ({EGN_NOT_PLAYED[key]}): this variant is not supported")
        if ruleset.get("min_rank", 9) != 9:
            raise RulesError(f"ruleset 'min_rank' {ruleset['min_rank']!r}: only the 24-card pack (min_rank 9) is supported")
        known = set(unsupported_if_true) | set(_LATER_OPTIONS) | {
            "std", "min_rank", "winning_score", "num_deals", "loner_lead", "loner_march_score", "loner_euchred_score",
            "defend_alone", "joker", "num_players"}
        for key in ruleset:
            if key not in known:
                raise RulesError(f"ruleset {key!r}: not an EGN 1.4 ruleset key")
        lead = ruleset.get("loner_lead", "LEFT_OF_DEALER")
        if lead not in ("LEFT_OF_DEALER", "LEFT_OF_LONER"):
            raise RulesError(f"ruleset 'loner_lead' {lead!r}: must be LEFT_OF_DEALER or LEFT_OF_LONER")
        winning = ruleset.get("winning_score", 10)
        return cls(
            players=ruleset.get("num_players", 4),
            stick_the_dealer=ruleset.get("std", True),
            loner_lead=lead.lower(),
            joker=ruleset.get("joker", False),
            defend_alone=ruleset.get("defend_alone", False),
            winning_score=winning,
            num_deals=ruleset.get("num_deals", 0),
            loner_march_score=ruleset.get("loner_march_score", 4),
            loner_euchred_score=ruleset.get("loner_euchred_score", 2),
            **{name: ruleset.get(name, False) for name in _LATER_OPTIONS},
        )

    def to_egn(self) -> dict:
        """The EGN ruleset object for these rules (every key stated explicitly; ``canadian``,
        ``partners_best``, ``allow_no_trump``, ``farmers`` and ``go_under`` when on)."""
        out = {
            "std": self.stick_the_dealer,
            "winning_score": self.winning_score,
            "loner_lead": self.loner_lead.upper(),
            "loner_march_score": self.loner_march_score,
            "loner_euchred_score": self.loner_euchred_score,
            "defend_alone": self.defend_alone,
            "joker": self.joker,
            "num_players": self.players,
        }
        for name in _LATER_OPTIONS:
            if getattr(self, name):
                out[name] = True
        return out


#: the yes-or-no options that switch a house rule (solver.variants), in field order: each must be a bool
_BOOL_SWITCHES = tuple(f.name for f in dataclasses.fields(Rules)
                       if f.name in SWITCHES and isinstance(f.default, bool))
