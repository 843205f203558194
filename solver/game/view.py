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

from ..cards import Card, Seat, Suit
from ..rules import Rules
from .actions import Phase

__all__ = ["SeatView"]


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
        tricks: the completed :class:`Trick` s; ``leader`` and ``current`` (``((seat, card), ...)``)
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
