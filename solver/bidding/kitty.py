"""Kitty exchanges (``Rules.farmers``, ``Rules.go_under``): the policy's stated rule for taking one.

The rule the policy agent (and the random agent's fallback, when a match's agent has no ``exchange``
method) follows, from the seat's own five cards only: **a seat offered an exchange takes it**, a farmer's
hand first when both are open; it gives its three lowest cards by card index (rank 9, T, J, Q, K, A, then
clubs, diamonds, hearts, spades), a farmer its three lowest nines and tens. A hand that qualifies has
nothing above a queen (going under) or three nines and tens: three random cards from the kitty are worth
more on average than its three lowest (docs/rules.md); :func:`solver.advise_exchange` weighs the choice
instead of assuming it.
"""
from __future__ import annotations

from ..cards import cards_of
from ..game.actions import KEEP, Action
from ..laws import FARMERS_MASK, KITTY_EXCHANGE_CARDS, kitty_exchanges
from ..rules import Rules


def kitty_exchange_rule(hand: int, rules: Rules) -> Action:
    """The stated rule's decision for a seat holding ``hand`` (a bitmask of its five cards) when offered a
    kitty exchange: an :class:`~solver.game.Action` (:meth:`~solver.game.Action.kitty_exchange`), or
    :data:`~solver.game.KEEP` when the hand qualifies for none."""
    open_ = kitty_exchanges(int(hand), rules)
    if not open_:
        return KEEP
    kind = open_[0]
    pool = int(hand) & FARMERS_MASK if kind == "farmers" else int(hand)
    return Action.kitty_exchange(kind, cards_of(pool)[:KITTY_EXCHANGE_CARDS])


__all__ = ["kitty_exchange_rule"]
