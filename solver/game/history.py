"""What a hand did: the typed :class:`Record` of every applied action, the completed :class:`Trick` s,
and the :class:`HandResult`.

:meth:`solver.game.Hand.apply` returns one record per action and keeps them in
:attr:`solver.game.Hand.history`; :meth:`solver.game.Hand.from_history` replays them.

>>> from solver.cards import Seat, Suit
>>> euchred = HandResult(False, Suit.H, Seat.N, 0, None, None, (2, 3), 2, (0, 2), False, True)
>>> euchred.makers_points
-2
>>> euchred.to_dict()["points"]
{'NS': 0, 'EW': 2}
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Seat, Suit
from ..laws import side_name
from .actions import Phase

__all__ = ["Record", "Dealt", "SuitNamed", "BidMade", "Discarded", "CardPassed", "KittyExchanged", "AloneDeclared",
           "CardPlayed", "Trick", "HandResult"]


@dataclass(frozen=True)
class Record:
    """What one applied action did. ``seat``: who acted (the dealer for the deal);
    ``action``: the :class:`Action` (or :class:`~solver.DealCards`); ``phase``: the phase it was applied in."""

    seat: Seat
    action: object
    phase: Phase


@dataclass(frozen=True)
class Dealt(Record):
    """The cards were dealt (see :class:`~solver.DealCards`)."""

    dealer: Seat


@dataclass(frozen=True)
class SuitNamed(Record):
    """The dealer named the suit a turned-up joker proposes."""

    suit: Suit


@dataclass(frozen=True)
class BidMade(Record):
    """A call in bidding round ``round`` (1 or 2). ``trump`` is set when this call
    made trump; ``thrown_in`` when it was the last pass of a thrown-in hand."""

    round: int
    trump: Suit | None
    thrown_in: bool


@dataclass(frozen=True)
class Discarded(Record):
    """The dealer discarded ``card`` (``None``: a card the record does not show); in phase
    ``LONER_DISCARD`` (call for best) it is the loner's discard after the exchange."""

    card: Card | None


@dataclass(frozen=True)
class CardPassed(Record):
    """Call for best (``Rules.partners_best``): the loner's partner ``seat`` passed ``card`` face down to
    the loner ``receiver`` (``None``: a card the record does not show)."""

    card: Card | None
    receiver: Seat


@dataclass(frozen=True)
class KittyExchanged(Record):
    """Kitty exchange (``Rules.farmers`` / ``Rules.go_under``): ``seat`` kept its hand (``kind`` ``None``) or
    took the exchange ``kind`` (``"farmers"``, ``"go_under"``), giving the three cards ``given`` to the kitty
    and taking its face-down cards: ``received`` (the known ones) and ``received_unknown`` more that a partial
    record does not show."""

    kind: str | None
    given: tuple
    received: tuple
    received_unknown: int


@dataclass(frozen=True)
class AloneDeclared(Record):
    """The maker (``defender`` False) or a defender decided whether to play alone."""

    alone: bool
    defender: bool


@dataclass(frozen=True)
class CardPlayed(Record):
    """``seat`` played ``card`` to trick ``trick`` (0-based). ``renege`` is True when the
    card broke the follow-suit rule (only with ``allow_renege``); ``trick_winner`` is set
    on the trick's last card; ``result`` on the hand's last card.

    Dummy hands: ``trick`` runs 0..9 (5..9 are played with the dummies);
    ``phase_result`` is the :class:`HandResult` of the set of five tricks that the
    card ends (on the cards of tricks 5 and 10), else ``None``."""

    card: Card
    trick: int
    renege: bool
    trick_winner: Seat | None
    result: "HandResult | None"
    phase_result: "HandResult | None" = None


@dataclass(frozen=True)
class Trick:
    """A completed trick: ``seats`` and ``cards`` in play order from ``leader``; ``winner``."""

    index: int
    leader: Seat
    seats: tuple
    cards: tuple
    winner: Seat

    def to_dict(self) -> dict:
        return {"index": self.index, "leader": str(self.leader), "cards": [str(c) for c in self.cards],
                "seats": [str(s) for s in self.seats], "winner": str(self.winner)}


@dataclass(frozen=True)
class HandResult:
    """How a hand ended.

    Attributes:
        thrown_in: all passed twice (no stick-the-dealer): nobody scores.
        trump, maker: the trump suit and the seat that made it (``None`` when thrown in).
        makers: side index of the makers (0 = NS, or N in two-player).
        alone, defender_alone: the loner's / lone defender's seat, or ``None``.
        tricks: tricks per side index ``(side0, side1)``.
        makers_tricks: the makers' tricks (0..5).
        points: points scored per side index ``(side0, side1)``; one of them is 0.
        march: the makers took all five; euchred: they took fewer than three.
        phases: dummy hands (``Rules.dummy_hands``): the result of each set of five
            tricks, each scored as a hand: ``(personal hands, dummies)``; empty otherwise.

    Dummy hands: the hand's result sums the two sets. ``tricks`` and
    ``makers_tricks`` count all ten tricks (0..10); ``points`` is the sum of the two
    sets' points, so both sides may score (one made, the other euchred);
    ``march`` means the makers took all ten (they marched twice) and ``euchred``
    that they were euchred in at least one set. The makers are the same in
    both sets: one trump, one maker, for the whole hand.
    """

    thrown_in: bool
    trump: Suit | None
    maker: Seat | None
    makers: int | None
    alone: Seat | None
    defender_alone: Seat | None
    tricks: tuple
    makers_tricks: int
    points: tuple
    march: bool
    euchred: bool
    players: int = 4
    phases: tuple = ()

    @property
    def makers_points(self) -> int:
        """Points for the makers, negative when the defenders scored (unit, points)."""
        if self.makers is None:
            return 0
        return self.points[self.makers] - self.points[1 - self.makers]

    def to_dict(self) -> dict:
        names = (side_name(0, self.players), side_name(1, self.players))
        if self.thrown_in:
            return {"thrown_in": True, "points": {names[0]: 0, names[1]: 0}}
        out = {"thrown_in": False, "trump": str(self.trump), "maker": str(self.maker),
               "makers": names[self.makers],
               "alone": None if self.alone is None else str(self.alone),
               "defender_alone": None if self.defender_alone is None else str(self.defender_alone),
               "tricks": {names[0]: self.tricks[0], names[1]: self.tricks[1]},
               "points": {names[0]: self.points[0], names[1]: self.points[1]},
               "march": self.march, "euchred": self.euchred}
        if self.phases:
            out["phases"] = [p.to_dict() for p in self.phases]
        return out
