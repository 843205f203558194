"""Many positions in one :func:`solver.solve_batch` call, for the review and for play advice alike.

:class:`Batch` gathers blocks (one candidate card over some worlds) and solves them
together; :func:`after_card` is the position after a card, for every world at once;
:class:`Context` holds one hand's fixed facts and turns side 0's tricks into each
side's tricks and points.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from . import dd
from .laws import TRICKS, makers_points, side_of, winning_index
from .rules import Rules

if TYPE_CHECKING:
    from .game import Hand


class Batch:
    """Blocks of positions solved in one :func:`solver.solve_batch` call.

    Each block is one candidate card over some worlds: hands ``(n, 4)``, the
    leader, the cards on the table (from the leader), and the tricks side 0 has
    already won in this line (the trick the card completes included).
    """

    def __init__(self, trump: int, in_play: int, players: int):
        self.trump, self.in_play, self.players = int(trump), int(in_play), players
        self.blocks = []

    def add(self, hands, leader, trick, won0) -> int:
        self.blocks.append((np.ascontiguousarray(hands, dtype=np.uint32), int(leader), tuple(int(c) for c in trick),
                            int(won0)))
        return len(self.blocks) - 1

    def solve(self, threads: int, memo: Solved | None = None) -> list:
        """Side 0's total tricks of the hand, per block (an int array per block).

        ``memo``: the positions already solved under this batch's trump, seats in play and players (e.g.
        every batch of one deal's review, :class:`Solved`): a position found there is not solved again, and
        each one solved here is added (a position twice in the batch is
        solved once too). Double-dummy values are exact, so the figures are the same with or without it."""
        if not self.blocks:
            return []
        hands = np.concatenate([b[0] for b in self.blocks])
        sizes = [b[0].shape[0] for b in self.blocks]
        leader = np.concatenate([np.full(n, b[1], np.uint8) for b, n in zip(self.blocks, sizes)])
        tlen = np.concatenate([np.full(n, len(b[2]), np.uint8) for b, n in zip(self.blocks, sizes)])
        trick = np.zeros((hands.shape[0], 3), np.uint8)
        start = 0
        for b, n in zip(self.blocks, sizes):
            if b[2]:
                trick[start:start + n, :len(b[2])] = b[2]
            start += n
        out = np.zeros(hands.shape[0], np.int64)
        live = hands.any(axis=1) | (tlen > 0)
        if live.any():
            h, lead, on_table, count = hands[live], leader[live], trick[live], tlen[live]

            def solve(rows=slice(None)):
                return dd.solve_batch(h[rows], self.trump, lead[rows], 0, self.in_play, self.players, threads,
                                      trick=on_table[rows], trick_len=count[rows])
            out[live] = solve() if memo is None else memo.values(h, lead, on_table, count, solve)
        res, start = [], 0
        for b, n in zip(self.blocks, sizes):
            res.append(out[start:start + n] + b[3])
            start += n
        return res


#: odd 64-bit multipliers mixing a position's two key words into one hash (any odd constants serve: a hash
#: shared by two positions is caught by comparing the words themselves)
_MIX_A, _MIX_B = np.uint64(0x9E3779B97F4A7C15), np.uint64(0xC2B2AE3D27D4EB4F)


def _position_words(hands, leader, trick, tlen):
    """Two uint64 (n,) words that together are a position exactly: hands ``(n, 4)`` uint32 (25-bit masks),
    the leader, the number of cards on the table and the cards (5 bits each)."""
    h = hands.astype(np.uint64)
    t = trick.astype(np.uint64)
    a = (h[:, 0] | (h[:, 1] << np.uint64(25)) | (leader.astype(np.uint64) << np.uint64(50))
         | (tlen.astype(np.uint64) << np.uint64(52)) | (t[:, 0] << np.uint64(54)))
    b = h[:, 2] | (h[:, 3] << np.uint64(25)) | (t[:, 1] << np.uint64(50)) | (t[:, 2] << np.uint64(55))
    return a, b


class Solved:
    """Side 0's tricks from each position on, of the positions already solved under one trump, one set of
    seats in play and one number of players (e.g. every batch of one deal's review): :meth:`Batch.solve`'s
    ``memo``.

    Kept as numpy arrays, one group a number of cards still held (positions holding different numbers of cards
    never coincide, so each group stays the size of one decision's worlds), sorted by a 64-bit hash of the
    position and checked against the position's two exact key words, so that a lookup is a ``searchsorted``
    and not a Python dict operation a row. ``len()``: the positions kept."""

    def __init__(self):
        self._groups: dict = {}       # cards held -> (hash sorted, word a, word b, value), each (k,)

    def __len__(self) -> int:
        return sum(g[0].size for g in self._groups.values())

    def values(self, hands, leader, trick, tlen, solve) -> np.ndarray:
        """int64 (n,): side 0's tricks from each position on (hands ``(n, 4)`` uint32, leader, cards on the table
        ``(n, 3)`` and their number, uint8), read from what is kept where the position is there, else from one
        ``solve(rows)`` (``rows``: intp, a row of each distinct new position), whose values are then kept."""
        a, b = _position_words(hands, leader, trick, tlen)
        held = np.bitwise_count(np.bitwise_or.reduce(hands, axis=1))
        groups = np.unique(held)
        if groups.size == 1:                      # (a batch is one decision: its positions hold as many cards)
            return self._group_values(int(groups[0]), a, b, solve)
        out = np.empty(a.size, np.int64)
        for cards in groups.tolist():
            rows = np.flatnonzero(held == cards)
            out[rows] = self._group_values(cards, a[rows], b[rows], lambda r, rows=rows: solve(rows[r]))
        return out

    def _group_values(self, cards: int, a, b, solve) -> np.ndarray:
        hashed = (a * _MIX_A) ^ (b * _MIX_B)
        uniq, first, inverse = np.unique(hashed, return_index=True, return_inverse=True)
        ua, ub = a[first], b[first]
        clash = np.flatnonzero((a != ua[inverse]) | (b != ub[inverse]))   # another position of the same hash
        kept = self._groups.get(cards)
        if kept is None:
            known, at = np.zeros(uniq.size, bool), np.zeros(uniq.size, np.intp)
            same_hash = known
        else:
            at = np.minimum(np.searchsorted(kept[0], uniq), kept[0].size - 1)
            same_hash = kept[0][at] == uniq
            known = same_hash & (kept[1][at] == ua) & (kept[2][at] == ub)
        fresh = np.flatnonzero(~known)
        values = np.empty(uniq.size, np.int64)
        if kept is not None:
            values[known] = kept[3][at[known]]
        if fresh.size or clash.size:
            got = np.asarray(solve(np.concatenate([first[fresh], clash]).astype(np.intp)), dtype=np.int64)
            values[fresh] = got[:fresh.size]
        out = values[inverse]
        if clash.size:
            out[clash] = got[fresh.size:]
        add = fresh[~same_hash[fresh]]           # a hash already kept for another position is not kept twice
        if add.size:
            parts = (uniq[add], ua[add], ub[add], values[add])
            if kept is not None:
                parts = tuple(np.concatenate([k, p]) for k, p in zip(kept, parts))
                order = np.argsort(parts[0], kind="stable")
                parts = tuple(p[order] for p in parts)
            self._groups[cards] = parts
        return out


def after_card(hands, seat, card, leader, trick, trick_seats, trump, trick_size, won0, players):
    """The position after ``seat`` plays ``card``, in every world at once.

    ``hands``: ``(n, 4)`` uint32 bitmasks by seat; ``trick``/``trick_seats``: the cards on the
    table and their seats, from the leader; ``trick_size``: seats in play; ``won0``: side 0's
    tricks so far. Returns ``(hands, leader, trick, won0)`` after the card: a copy of the hands
    without it and, if it completes the trick, the winner to lead, an empty table and the trick
    counted (the arguments of :meth:`Batch.add`).
    """
    h = hands.copy()
    h[:, seat] &= ~np.uint32(1 << int(card))
    cards = tuple(trick) + (card,)
    if len(cards) == trick_size:
        winner = (tuple(trick_seats) + (seat,))[winning_index(cards, trump)]
        return h, winner, (), won0 + (1 if side_of(winner, players) == 0 else 0)
    return h, leader, cards, won0


@dataclass
class Context:
    """One hand's fixed facts for solving: trump, seats in play, scoring."""

    rules: Rules
    trump: int
    makers: int
    in_play: tuple
    points: np.ndarray       # makers' points by makers' tricks

    @classmethod
    def of(cls, hand: Hand) -> "Context":
        """The context of a hand whose contract is made (``hand.trump`` set)."""
        rules = hand.rules
        points = np.array([makers_points(t, rules, hand.alone is not None, hand.defender_alone is not None)
                           for t in range(TRICKS + 1)], dtype=np.int64)
        return cls(rules, int(hand.trump), hand.makers, hand.seats_in_play, points)

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def in_play_mask(self) -> int:
        return sum(1 << s for s in self.in_play)

    def side_values(self, side0_totals, side: int):
        """(tricks, points) for ``side`` from side 0's total tricks."""
        t0 = np.asarray(side0_totals, dtype=np.int64)
        makers_tricks = t0 if self.makers == 0 else TRICKS - t0
        pts = self.points[makers_tricks]
        mine = t0 if side == 0 else TRICKS - t0
        return mine, (pts if side == self.makers else -pts)


__all__ = ["Batch", "Context", "Solved", "after_card"]
