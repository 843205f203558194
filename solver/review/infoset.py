"""The information set of a decision: the deals of the unseen cards a player must consider.

What the player had seen at the decision (own hand, cards played, the trick on the table, voids shown,
the upcard and where it went, the dealer's own discard) as a :class:`~solver.worlds.Space` to draw
worlds from; see :mod:`solver.review`. The constraints themselves have one home,
:func:`solver.inference.view_space`; the review lays a seat that sits out in the kitty (it solves only
the seats in play).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import Seat
from ..inference import shown_voids, view_space

if TYPE_CHECKING:
    from ..game import Hand


def information_set(before: Hand, seat=None) -> tuple:
    """The deals a player must consider at a decision in play (or at the dealer's discard).

    Args:
        before: the :class:`~solver.game.Hand` as it stood at the decision (from
            :meth:`Hand.steps`), in the play phase or the dealer's discard.
        seat: the deciding seat (default: the seat to act).

    Returns: ``(space, notes)``: a :class:`~solver.worlds.Space` over holders
    N E S W and the kitty (a seat that sits out holds nothing; its cards count with
    the kitty), and a tuple of notes on approximations (:func:`solver.inference.view_space`
    with ``sitting_out="kitty"``).

    Raises :class:`~solver.errors.PositionError` when the seat's own cards are not all known in
    the record, or the constraints admit no deal.
    """
    seat = Seat(before.to_act if seat is None else seat)
    return view_space(before.view(seat), sitting_out="kitty")


__all__ = ["shown_voids", "information_set"]
