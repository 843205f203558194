"""Call for best (``Rules.partners_best``): the card the loner's partner passes, by a stated rule.

EGN's ``docs/alternate-rules.md`` says only that the partner passes "their best card". The rule the
modelled seats (the policy and advisor agents, the advisor's valuation of a loner) follow, using the
partner's own cards and trump only:

1. its highest trump in the trump order (joker, right bower, left bower, A, K, Q, T, 9);
2. with no trump, its highest plain card by rank (an ace before a king ...; in a no-trump contract,
   ``Rules.allow_no_trump``, every card is plain and ranked A K Q J T 9);

remaining ties to the lower card index (clubs, diamonds, hearts, spades). The loner then discards by
the dealer's stated rule (:func:`solver.bidding.dealer_discard`) applied to its six cards.
"""
from __future__ import annotations

import numpy as np

from ..cardtables import IS_TRUMP, POWER, RANK, bits


def partners_best_card(hands, trump) -> np.ndarray | int:
    """The card the loner's partner passes under the stated rule (see the module docs), for each row.

    Args:
        hands: uint32 array (n,) of the partner's hands (at least one card each), or one int.
        trump: suit index (int), or 4 for no trump.
    Returns: int64 array (n,) of card indices (an int for an int ``hands``).
    """
    scalar = np.ndim(hands) == 0
    masks = np.atleast_1d(np.asarray(hands, dtype=np.uint32))
    t = int(trump)
    key = np.where(IS_TRUMP[t], 100.0 + POWER[t], RANK.astype(float))       # trumps above every plain card
    score = np.where(bits(masks), key[None, :], -np.inf)
    # argmax takes the first maximum: the lower card index on a tie
    out = np.argmax(score, axis=1).astype(np.int64)
    return int(out[0]) if scalar else out


__all__ = ["partners_best_card"]
