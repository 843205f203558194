"""The dealer's discard after picking up the upcard: the stated rule the modelled seats follow."""
from __future__ import annotations

import numpy as np

from ..cardtables import ESUIT, IS_TRUMP, POWER, RANK, bits, suit_counts


def dealer_discard(hands6, trump, keep: int | None = None) -> np.ndarray:
    """The card the dealer throws after picking up (the stated heuristic), for each row.

    Uses only the dealer's six cards and trump:

    1. keep trumps (if all six are trump, throw the lowest trump);
    2. keep aces (if only trumps and aces are left, throw the ace of the longest plain suit);
    3. otherwise throw a plain-suit card that is alone in its suit (making a void),
       the lowest such;
    4. otherwise the lowest plain-suit card, from the shortest suit on equal rank.

    Remaining ties go to the lower card index (clubs, diamonds, hearts, spades).

    Args:
        hands6: uint32 array (n,) of six-card hands (or one int).
        trump: suit index (int).
        keep: a card index never thrown (the upcard, under
            ``Rules(dealer_may_discard_upcard=False)``), or ``None``.
    Returns: int array (n,) of card indices.
    """
    scalar = np.ndim(hands6) == 0
    masks = np.atleast_1d(np.asarray(hands6, dtype=np.uint32))
    t = int(trump)
    held = bits(masks)
    counts = suit_counts(held, t)
    per_card_count = counts[:, ESUIT[t]]                               # (n, 25)
    key = np.where(IS_TRUMP[t][None, :], 1000.0 + POWER[t][None, :], 0.0)
    plain = ~IS_TRUMP[t][None, :]
    ace = plain & (RANK[None, :] == 5)
    key = np.where(ace, 500.0 - per_card_count, key)
    low = plain & ~ace
    key = np.where(low, RANK[None, :] + 0.1 * per_card_count - 10.0 * (per_card_count == 1), key)
    key = np.where(held, key, np.inf)
    if keep is not None:
        key[:, int(keep)] = np.inf
    out = np.argmin(key, axis=1)
    return int(out[0]) if scalar else out


__all__ = ["dealer_discard"]
