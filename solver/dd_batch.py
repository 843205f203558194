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

    def solve(self, threads: int, memo: dict | None = None) -> list:
        """Side 0's total tricks of the hand, per block (an int array per block).

        ``memo``: side 0's tricks from the position on, by position, of positions already solved under this
        batch's trump, seats in play and players (e.g. every batch of one deal's review): a position found
        there is not solved again, and each one solved here is added (a position twice in the batch is
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
            out[live] = solve() if memo is None else _solve_once(memo, h, lead, on_table, count, solve)
        res, start = [], 0
        for b, n in zip(self.blocks, sizes):
            res.append(out[start:start + n] + b[3])
            start += n
        return res


def _solve_once(memo: dict, hands, leader, trick, tlen, solve) -> np.ndarray:
    """int64 (n,): side 0's tricks from each position on, read from ``memo`` (keyed by the position's bytes:
    hands, leader, cards on the table) where it is there, else from one ``solve(rows)`` of the distinct new
    positions (``rows``: a row of each), which then go into ``memo``."""
    n = hands.shape[0]
    rows8 = np.concatenate([np.ascontiguousarray(hands, dtype=np.uint32).view(np.uint8).reshape(n, 16),
                            leader[:, None], tlen[:, None], trick], axis=1)
    keys = rows8.view(np.dtype((np.void, rows8.shape[1]))).ravel().tolist()
    unseen = set(keys).difference(memo)          # (sets, dicts and map work in C: no Python loop a row)
    if unseen:
        at = dict(zip(keys, range(n)))            # a row of each position
        fresh = list(unseen)
        got = solve(np.fromiter(map(at.__getitem__, fresh), dtype=np.intp, count=len(fresh)))
        memo.update(zip(fresh, np.asarray(got, dtype=np.int64).tolist()))
    return np.fromiter(map(memo.__getitem__, keys), dtype=np.int64, count=n)


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


__all__ = ["Batch", "Context", "after_card"]
