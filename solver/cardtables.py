"""numpy tables over the 25-card encoding, for vectorised work on many hands at once.

Cards are indices ``rank * 4 + suit`` (ranks 9 T J Q K A = 0..5, suits clubs,
diamonds, hearts, spades = 0..3) and 24 for the joker; a hand is a uint32
bitmask of them (see :mod:`solver.cards`). The tables are indexed
``[trump, card]`` where they depend on trump; trump 4 is no trump (``Rules.allow_no_trump``): every card in
its printed suit, none a trump (the joker, which no-trump rules exclude, has effective suit -1 there).

* :data:`RANK`, :data:`SUIT`: (25,) int64; the joker has rank 6 and suit -1.
* :data:`CARD_BITS`: (25,) uint32, the bit of each card.
* :data:`ESUIT`: (5, 25) int64, the effective suit (the bowers and the joker are trump).
* :data:`POWER`: (5, 25) int64, the trump order 0 (nine) .. 7 (joker), -1 for a non-trump.
* :data:`IS_TRUMP`: (5, 25) bool.
"""
from __future__ import annotations

from math import comb

import numpy as np

from . import laws

NCARDS = 25
RANK = np.array([c // 4 for c in range(24)] + [6], dtype=np.int64)          # 9 T J Q K A = 0..5, joker 6
SUIT = np.array([c % 4 for c in range(24)] + [-1], dtype=np.int64)
CARD_BITS = np.uint32(1) << np.arange(NCARDS, dtype=np.uint32)


def _tables():
    """Per trump, each card's effective suit and its place in the trump order (0 = the 9 .. 7 = the joker;
    -1 for a plain card), read off the rules kernel so the numpy copies cannot drift from it."""
    esuit = np.zeros((5, NCARDS), dtype=np.int64)
    power = np.full((5, NCARDS), -1, dtype=np.int64)
    esuit[4] = [laws.effective_suit(c, 4) for c in range(NCARDS - 1)] + [-1]      # no trump: no trumps
    for t in range(4):
        esuit[t] = [laws.effective_suit(c, t) for c in range(NCARDS)]
        trumps = sorted((c for c in range(NCARDS) if esuit[t, c] == t), key=lambda c: laws.trick_strength(c, t, t))
        power[t, trumps] = np.arange(len(trumps))
    return esuit, power


ESUIT, POWER = _tables()
IS_TRUMP = POWER >= 0

# ESUIT as bitmasks (trump, effective suit): a hand's suit lengths are popcounts
_SUIT_MASKS = np.zeros((5, 4), dtype=np.uint32)
for _t in range(5):
    for _c in range(NCARDS if _t < 4 else NCARDS - 1):
        _SUIT_MASKS[_t, ESUIT[_t, _c]] |= np.uint32(1 << _c)
del _t, _c


_COMB = np.array([[comb(n, k) for k in range(NCARDS + 1)] for n in range(NCARDS)], dtype=np.int64)


def _rank_tables(split: int):
    """The colexicographic rank read off two tables (one gather each, instead of a loop over the cards): a
    hand's rank is ``sum C(c, j + 1)`` over its cards ``c``, ``j`` its cards below ``c``. The low ``split``
    cards' share depends on those bits alone; the high cards' share on their bits and the low cards' count."""
    low = np.arange(1 << split, dtype=np.int64)
    low_share = np.zeros(low.size, dtype=np.int64)
    below = np.zeros(low.size, dtype=np.int64)
    for c in range(split):
        held = (low >> c) & 1
        below += held
        low_share += held * _COMB[c, below]                 # (below is j + 1 for a held card)
    high = np.arange(1 << (NCARDS - split), dtype=np.int64)[:, None]
    before = np.arange(split + 1, dtype=np.int64)[None, :]
    high_share = np.zeros((high.shape[0], split + 1), dtype=np.int64)
    below = np.broadcast_to(before, high_share.shape).copy()
    for p in range(NCARDS - split):
        held = (high >> p) & 1
        below += held
        high_share += held * _COMB[split + p, below]
    return low_share, high_share.ravel()


_RANK_SPLIT = 13                                   # 8,192 + 4,096 x 14 entries: 0.5 MB, built in a few ms
_RANK_LOW, _RANK_HIGH = _rank_tables(_RANK_SPLIT)


def hand_rank(hands, k: int) -> np.ndarray:
    """int64 (n,): the colexicographic rank (0 .. C(25, k) - 1) of each ``k``-card hand (uint32 (n,), exactly
    ``k`` cards each, ``k`` <= 7): ``sum C(c_i, i)`` over its cards ``c_1 < ... < c_k`` (card indices;
    Knuth, TAOCP 7.2.1.3). A dense index for tables over every hand of a size."""
    # (intp indices and np.take: a quarter faster than indexing by uint32 arrays, which numpy converts first)
    m = np.asarray(hands, dtype=np.uint32).astype(np.intp)
    low = m & ((1 << _RANK_SPLIT) - 1)
    high = m >> _RANK_SPLIT
    high *= _RANK_SPLIT + 1
    high += np.bitwise_count(low)
    out = np.take(_RANK_LOW, low)
    out += np.take(_RANK_HIGH, high)
    return out


def bits(masks) -> np.ndarray:
    """(n,) uint32 hand masks -> (n, 25) bool: which cards each hand holds."""
    m = np.asarray(masks, dtype=np.uint32)
    return (m[:, None] & CARD_BITS[None, :]) != 0


def suit_counts(hands: np.ndarray, trump) -> np.ndarray:
    """(n, 4) int64: cards of each effective suit in each hand.

    ``hands``: (n,) uint32 hand masks, or (n, 25) bool from :func:`bits`; ``trump``: a suit index, or an
    (n,) array of them.
    """
    hands = np.asarray(hands)
    if hands.ndim == 2:
        # (n, 25) bool -> masks: the bits packed little-endian into four bytes a hand
        packed = np.packbits(hands, axis=1, bitorder="little")
        hands = np.pad(packed, ((0, 0), (0, 4 - packed.shape[1]))).view("<u4")[:, 0]
    masks = hands.astype(np.uint32, copy=False)
    suits = _SUIT_MASKS[trump] if np.ndim(trump) else _SUIT_MASKS[int(trump)][None, :]
    # popcounts of masks: several times faster than a matrix product over (n, 25) at the advisor's sizes
    return np.bitwise_count(masks[:, None] & suits).astype(np.int64)


__all__ = ["NCARDS", "RANK", "SUIT", "CARD_BITS", "ESUIT", "POWER", "IS_TRUMP", "bits", "suit_counts", "hand_rank"]
