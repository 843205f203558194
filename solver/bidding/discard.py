"""The dealer's discard after picking up the upcard: the stated rule the modelled seats follow
(:func:`dealer_discard`), and its soft form for inference (:func:`discard_chance`)."""
from __future__ import annotations

import threading
from math import comb

import numpy as np

from ..cardtables import ESUIT, IS_TRUMP, NCARDS, POWER, RANK, bits, hand_rank, suit_counts

#: The chance that a dealer does not follow :func:`dealer_discard` and throws any of its six cards at
#: random instead (a stated assumption, not fitted: it keeps every discard possible for the worlds).
DISCARD_SLIP = 0.1
_rule_tables: dict = {}
_rule_lock = threading.Lock()


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
        trump: suit index (int), or 4 for a no-trump contract (no card is trump: rules 3 and 4 decide).
        keep: a card index never thrown (the upcard, under
            ``Rules(dealer_may_discard_upcard=False)``), or ``None``.
    Returns: int array (n,) of card indices. From :data:`_TABLE_ROWS` rows of six-card hands on, they are
    read off a table over every six-card hand (per trump and ``keep``, each hand worked out once, when first
    asked): the advisor asks for the same dealers' hands again and again.
    """
    scalar = np.ndim(hands6) == 0
    masks = np.atleast_1d(np.asarray(hands6, dtype=np.uint32))
    t = int(trump)
    if masks.size >= _TABLE_ROWS and (np.bitwise_count(masks) == 6).all() and not (masks >> NCARDS).any():
        out = _rule_of(masks, t, keep)
    else:
        out = _by_rule(masks, t, keep)
    return int(out[0]) if scalar else out


#: From this many rows :func:`dealer_discard` reads its table over every six-card hand (filled as asked)
_TABLE_ROWS = 64


def _by_rule(masks: np.ndarray, t: int, keep) -> np.ndarray:
    """:func:`dealer_discard` worked out for each row: int64 (n,)."""
    held = bits(masks)
    counts = suit_counts(masks, t)
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
    return np.argmin(key, axis=1).astype(np.int64)


def _rule_of(hands6: np.ndarray, trump: int, keep) -> np.ndarray:
    """:func:`dealer_discard` of six-card hands read from a table over every six-card hand (filled as asked)."""
    key = (int(trump), None if keep is None else int(keep))
    with _rule_lock:
        table = _rule_tables.get(key)
        if table is None:
            table = _rule_tables[key] = np.full(comb(NCARDS, 6), -1, dtype=np.int8)
    rank = hand_rank(hands6, 6)
    out = table[rank]
    miss = out < 0
    if miss.any():
        new = np.unique(hands6[miss])
        table[hand_rank(new, 6)] = _by_rule(new, int(trump), keep)
        out = table[rank]
    return out.astype(np.int64)


def discard_chance(hands6, card, trump, keep: int | None = None, slip: float = DISCARD_SLIP) -> np.ndarray:
    """float64 (n,): the chance that a dealer holding ``hands6`` (uint32 (n,), six cards each, ``card`` among
    them) throws ``card`` (an index, or an int array (n,)): :func:`dealer_discard`'s card with chance
    ``1 - slip``, else any of the six uniformly (``slip / 6`` each; the five other than ``keep`` when the
    upcard may not be thrown, ``keep`` itself 0).

    The worlds of a seat that saw another dealer pick up weigh the dealer's hand by it
    (:func:`solver.inference.world_likelihood`): a kitty card better than the dealer's worst kept one
    makes the world unlikely, as it is at a table where dealers throw their worst card."""
    masks = np.atleast_1d(np.asarray(hands6, dtype=np.uint32))
    card = np.broadcast_to(np.asarray(card, dtype=np.int64), masks.shape)
    if masks.size == 0:
        return np.zeros(0)
    six_cards = (np.bitwise_count(masks) == 6).all() and not (masks >> NCARDS).any()
    rule = _rule_of(masks, trump, keep) if six_cards else _by_rule(masks, int(trump), keep)   # the table: six only
    choices = 6 if keep is None else 5
    out = (1.0 - slip) * (rule == card) + slip / choices
    if keep is not None:
        out = np.where(card == int(keep), 0.0, out)
    return out


__all__ = ["dealer_discard", "discard_chance", "DISCARD_SLIP"]
