"""A seat's view of a hand: :class:`SeatView`, what one seat has seen (its information set).

Built by :meth:`solver.game.Hand.view`; the worlds, the play advice and the review
read it, so nothing there sees a card the seat could not.

>>> from solver.cards import format_cards
>>> from solver.game import Hand
>>> h = Hand.from_deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c",
...                    dealer="S")
>>> v = h.view("W")
>>> format_cards(v.hand), v.upcard_state, v.to_act, v.hand_sizes
('Tc Th Jc Qh Kc', 'face_up', <Seat.W: 3>, (5, 5, 5, 5))
"""
from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card, Seat, Suit, format_cards
from ..errors import PositionError
from ..laws import TRICKS
from ..rules import Rules
from .actions import Kind, Phase

__all__ = ["SeatView", "BUILD_KEYS"]


@dataclass(frozen=True)
class SeatView:
    """What one seat has seen at a point of the hand (its information set).

    Attributes:
        seat, dealer, phase, rules, to_act: as in the :class:`Hand`.
        hand: bitmask of the cards the seat holds now (the part known to the record;
            ``hand_unknown`` counts the rest, nonzero only in replays of partial records).
        upcard: the turned-up card; ``upcard_state``: ``"face_up"`` (round 1 under way),
            ``"turned_down"`` (in the kitty), or ``"dealer"`` (picked up: in the dealer's
            hand, or its discard when ``Rules.dealer_may_discard_upcard``; only the dealer
            knows which).
        named_suit: the suit named for a turned-up joker, or ``None``.
        discard: the seat's own discard (the dealer only), else ``None``.
        bids: ``((seat, Action), ...)`` in order, including a named suit.
        trump, maker, makers, alone, defender_alone: the contract so far (``None`` before).
        seats_in_play: seats that play the tricks.
        tricks: the completed :class:`~solver.game.Trick` s; ``leader`` and ``current`` (``((seat, card), ...)``)
            the trick under way; ``tricks_won`` per side index.
        played: 4 bitmasks: the cards each seat has played so far.
        voids: 4 frozensets of :class:`Suit`: effective suits each seat has shown out of
            (failed to follow) under the trump.
        hand_sizes: cards each seat holds now (0 for a seat out of play or out of the game).
        unseen: bitmask of the cards whose place this seat does not know: the pack less
            its own hand, its own discard, the cards played, the face-up dummies and a
            face-up or turned-down upcard. A picked-up upcard stays unseen for the other
            seats (see ``upcard_state``).
        dummies: dummy hands (``Rules.dummy_hands``): 4 bitmasks of the face-up dummy
            cards not yet played, seen by every seat (both dummies, in either set of
            tricks; during tricks 6-10 they are the hands in play, so ``hand`` is the
            seat's own dummy); all 0 otherwise.
        dummy_phase: tricks 6-10 (the dummies) are under way or over.
        exchanged: call for best (``Rules.partners_best``): the loner's partner has passed it a card.
        best_card: that card, seen by the loner and its partner only (else ``None``).
        loner_discard: the loner's own discard after the exchange (the loner's view only).
        kitty_exchange: kitty exchanges (``Rules.farmers`` / ``go_under``): ``(taker seat, kind)`` once a seat
            took one (every seat sees who took it and which), else ``None``.
        kitty_known: bitmask of the cards this seat knows lie face down in the kitty from the exchange: the
            three a farmer showed (every seat), or the three the seat itself put under; excluded from
            ``unseen``.
        exchange_received: the kitty cards the seat itself received in the exchange (the taker's view only;
            they are in ``hand``), else 0.

    Dummy hands: ``tricks_won`` counts the set of five under way, and ``voids``
    come from that set's tricks only (the hands change between the sets).
    """

    seat: Seat
    dealer: Seat
    phase: Phase
    rules: Rules
    to_act: Seat | None
    hand: int
    hand_unknown: int
    upcard: Card | None
    upcard_state: str | None
    named_suit: Suit | None
    discard: Card | None
    bids: tuple
    trump: Suit | None
    maker: Seat | None
    makers: int | None
    alone: Seat | None
    defender_alone: Seat | None
    seats_in_play: tuple
    tricks: tuple
    leader: Seat | None
    current: tuple
    tricks_won: tuple
    played: tuple
    voids: tuple
    hand_sizes: tuple
    unseen: int
    dummies: tuple = (0, 0, 0, 0)
    dummy_phase: bool = False
    exchanged: bool = False
    best_card: Card | None = None
    loner_discard: Card | None = None
    kitty_exchange: tuple | None = None
    kitty_known: int = 0
    exchange_received: int = 0

    # -- the view as the calls and cards a seat saw (EGN style) ---------------------------
    @property
    def calls(self) -> tuple:
        """The calls so far as EGN tokens, from the dealer's left, e.g. ``("Pass", "Pass", "h")``
        (``"Pass"``, ``"Order"``, or the letter of the suit named in round 2, ``"n"`` for no trump); a suit
        named for a turned-up joker is :attr:`named_suit`, not a call."""
        out = []
        for _seat, action in self.bids:
            if action.kind is Kind.PASS:
                out.append("Pass")
            elif action.kind is Kind.ORDER:
                out.append("Order")
            elif action.kind is Kind.CALL:
                out.append(str(action.suit))            # its letter: c d h s, or n (no trump)
        return tuple(out)

    @property
    def tricks_from_leader(self) -> tuple:
        """Every trick so far as the cards in play order from its leader (tuples of :class:`Card`),
        the trick under way last (possibly incomplete, omitted when empty)."""
        out = [tuple(t.cards) for t in self.tricks]
        if self.current:
            out.append(tuple(c for _s, c in self.current))
        return tuple(out)

    def to_dict(self) -> dict:
        """The view as JSON-ready keyword arguments of ``build()`` (``SeatView.from_dict(v.to_dict())``
        replays to the same view in the bidding and play phases).

        Dummy hands: ``dummies`` gives both face-up dummies as dealt (``"N:<5 cards> S:<5 cards>"``).

        Raises :class:`~solver.errors.PositionError` for a view of a partial record (some of the
        seat's own cards unknown).
        """
        if self.hand_unknown:
            raise PositionError(f"{self.seat}'s view: {self.hand_unknown} of its own cards are not known")
        out = {"seat": self.seat.name, "hand": format_cards(self.hand), "dealer": self.dealer.name,
               "upcard": str(self.upcard), "calls": list(self.calls), "alone": self.alone is not None,
               "tricks": [[str(c) for c in t] for t in self.tricks_from_leader],
               "discard": None if self.discard is None else str(self.discard), "rules": self.rules.to_dict()}
        if self.named_suit is not None:
            out["named_suit"] = Suit(self.named_suit).letter
        if self.defender_alone is not None:
            out["defender_alone"] = self.defender_alone.name
        if self.best_card is not None and self.loner_discard is not None:     # the loner's own view
            out["best_card"], out["loner_discard"] = str(self.best_card), str(self.loner_discard)
        if self.kitty_known:                         # a kitty exchange: the cards it knows lie in the kitty
            out["kitty"] = format_cards(self.kitty_known)
        if self.rules.dummy_hands:
            dealt = list(self.dummies)
            for t in self.tricks[TRICKS:]:               # tricks 6-10 are played from the dummies
                for seat, card in zip(t.seats, t.cards):
                    dealt[seat] |= card.mask
            for seat, card in self.current if self.dummy_phase else ():
                dealt[seat] |= card.mask
            out["dummies"] = " ".join(f"{Seat(s).name}:{format_cards(dealt[s])}" for s in self.rules.seats)
        return out

    @classmethod
    def from_hand(cls, hand, seat) -> "SeatView":
        """What ``seat`` has seen of a :class:`~solver.game.Hand` (the same as ``hand.view(seat)``)."""
        return hand.view(seat)


#: The keyword arguments of :func:`solver.game.seat.seat_view` (and the keys of :meth:`SeatView.to_dict`).
BUILD_KEYS = ("seat", "hand", "dealer", "upcard", "calls", "alone", "tricks", "discard", "rules", "named_suit",
              "defender_alone", "dummies", "best_card", "loner_discard", "kitty")
