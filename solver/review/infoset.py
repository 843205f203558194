"""The information set of a decision: the deals of the unseen cards a player must consider.

What the player had seen at the decision (own hand, cards played, the trick on the
table, voids shown, the upcard and where it went, the dealer's own discard) as a
:class:`~solver.worlds.Space` to draw worlds from; see :mod:`solver.review`.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Seat
from ..errors import PositionError
from ..game import Phase
from ..laws import TRICKS, effective_suit, pack_mask, popcount
from ..worlds import KITTY, Space, suit_mask

if TYPE_CHECKING:
    from ..game import Hand


def shown_voids(tricks, trump) -> list:
    """Per seat N E S W, the effective suits it has shown out of and not followed since.

    ``tricks`` is a sequence of ``(seats, cards)`` in play order. A seat that fails
    to follow the led suit shows a void in it; if it later plays that suit (a renege
    come to light) the void is dropped.
    """
    voids = [set(), set(), set(), set()]
    for seats, cards in tricks:
        led = effective_suit(cards[0], trump)
        for s, c in zip(seats, cards):
            suit = effective_suit(c, trump)
            voids[s].discard(suit)
            if suit != led:
                voids[s].add(led)
    return voids


def information_set(before: Hand, seat=None) -> tuple:
    """The deals a player must consider at a decision in play (or at the dealer's discard).

    Args:
        before: the :class:`~solver.game.Hand` as it stood at the decision (from
            :meth:`Hand.steps`), in the play phase or the dealer's discard.
        seat: the deciding seat (default: the seat to act).

    Returns: ``(space, notes)``: a :class:`~solver.worlds.Space` over holders
    N E S W and the kitty (a seat that sits out holds nothing; its cards count with
    the kitty), and a tuple of notes on approximations.

    Raises :class:`PositionError` when the seat's own cards are not all known in
    the record, or the constraints admit no deal.
    """
    seat = Seat(before.to_act if seat is None else seat)
    rules = before.rules
    view = before.view(seat)
    if view.hand_unknown:
        raise PositionError(f"{seat}'s own cards are not all known in the record")
    trump = view.trump
    pack = pack_mask(rules)
    notes = []
    known = [0] * 5
    sizes = [0] * 5
    forbidden = [0] * 5
    removed = 0
    for m in view.played:
        removed |= m
    if before.phase is Phase.DISCARD:
        # the dealer's six cards; every other seat of the game holds five
        in_play = tuple(Seat(s) for s in rules.seats)
    else:
        in_play = view.seats_in_play
    for s in in_play:
        sizes[s] = view.hand_sizes[s]
    known[seat] = view.hand
    # dummy hands: both dummies are face up; out of play in tricks 1-5, the hands in tricks 6-10
    dummies = getattr(view, "dummies", (0, 0, 0, 0))
    second_set = bool(getattr(view, "dummy_phase", False))
    if any(dummies):
        for s in range(4):
            if second_set:
                if s != seat and s in in_play:
                    known[s] |= dummies[s]
            else:
                known[KITTY] |= dummies[s]
    if before.phase is Phase.PLAY:
        tricks = view.tricks[TRICKS:] if second_set else view.tricks
        history = [(t.seats, t.cards) for t in tricks]
        if view.current:
            history.append(tuple(zip(*view.current)))
        voids = shown_voids(history, trump)
        for s in in_play:
            if s != seat:
                for v in voids[s]:
                    forbidden[s] |= suit_mask(v, trump, rules.joker)
    up = view.upcard
    if up is not None and not removed & up.mask and not view.hand & up.mask:
        d = view.dealer
        if (view.upcard_state == "dealer" and d != seat and d in in_play and not second_set
                and sizes[d] > 0 and not forbidden[d] & up.mask):
            known[d] |= up.mask
        else:
            known[KITTY] |= up.mask
    if seat == view.dealer and view.upcard_state == "dealer" and before.phase is Phase.PLAY:
        if view.discard is not None:
            if not known[KITTY] & view.discard.mask:
                known[KITTY] |= view.discard.mask
        else:
            notes.append("the record does not show the dealer's discard: its view treats that card as unseen")
    sizes[KITTY] = popcount(pack & ~removed) - sum(sizes[:4])
    try:
        space = Space(known, sizes, forbidden, removed=removed, joker=rules.joker)
    except PositionError:
        # a contradiction (e.g. a renege not yet come to light): drop the voids
        forbidden = [0] * 5
        notes.append("the voids shown contradict the cards (a renege?): voids not used")
        space = Space(known, sizes, forbidden, removed=removed, joker=rules.joker)
    return space, tuple(notes)


__all__ = ["shown_voids", "information_set"]
