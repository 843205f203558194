"""Calls played out over the worlds: scoring a call, bidding out the auction after a pass, the dealer's discard.

Everything here is vectorised over the worlds of one decision (``rows``: int
arrays of world indices) and returns per-world :class:`Result` values.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .. import laws
from ..cards import Card, cards_of
from ..stats import mean_interval
from .engine import Engine


@dataclass
class Result:
    """Per-world outcome of one option: who made trump, with what, tricks, points for the seat's side."""

    rows: np.ndarray          # world indices
    maker: np.ndarray         # seat (-1: thrown in)
    trump: np.ndarray
    alone: np.ndarray
    tricks: np.ndarray        # makers' tricks (dummy hands: of tricks 1-5)
    points: np.ndarray        # for the advised seat's side (dummy hands: both sets summed)
    tricks2: np.ndarray | None = None   # dummy hands: makers' tricks 6-10 (band representative)
    points2: np.ndarray | None = None   # dummy hands: the seat's side's points of tricks 6-10


class Auction:
    """The outcome of each call over the worlds of one decision, the later seats bidding by a policy.

    :meth:`finish` scores a call already made (solving through :class:`Engine`);
    :meth:`round1_from` and :meth:`round2_from` bid out the rest of the auction after
    a pass, the other seats by ``policy`` and the advised seat's own round-2 turn by
    ``own_round2``. Every method takes ``rows``, indices into the worlds, and returns
    a :class:`Result` in that order.
    """

    def __init__(self, hand_mask, upcard, seat, dealer, rnd, rules, worlds, threads, policy, own_round2,
                 dummies=None):
        self.hand, self.up, self.seat, self.dealer, self.round = hand_mask, upcard, seat, dealer, rnd
        self.rules, self.policy, self.own_round2 = rules, policy, own_round2
        self.players = rules.players
        self.worlds = worlds
        self.dummies = dummies
        self.engine = Engine(worlds, seat, dealer, upcard, rules, threads, dummies)
        self.order = list(laws.bidding_order(dealer, self.players))
        self.up_suit = upcard % 4
        self.my_side = laws.side_of(seat, self.players)
        pts = np.zeros((2, 6), dtype=np.int64)
        for a in (0, 1):
            for t in range(6):
                pts[a, t] = laws.makers_points(t, rules, alone=bool(a))
        self.points_table = pts

    def rel(self, p):
        return laws.place_after_dealer(p, self.dealer, self.players)

    # -- dummy hands ----------------------------------------------------------------
    def dummy_points(self, trump, maker) -> int:
        """Dummy hands: the makers' points of tricks 6-10 when ``maker`` made ``trump``."""
        return int(self.points_table[0, self.engine.dummy_tricks(trump, laws.side_of(maker, self.players))])

    def bonus1(self, p) -> float:
        """The policy's count bonus for seat ``p`` ordering up (0 without dummy hands)."""
        return 0.0 if self.dummies is None else self.policy.dummy_weight * self.dummy_points(self.up_suit, p)

    def bonus2(self, p):
        """The policy's count bonus per suit for seat ``p`` naming a suit (``None`` without dummy hands)."""
        if self.dummies is None:
            return None
        return [self.policy.dummy_weight * self.dummy_points(s, p) for s in range(4)]

    # -- scoring ----------------------------------------------------------------
    def finish(self, rows, maker, trump, alone, pickup) -> Result:
        """Solve and score ``rows`` where ``maker`` made ``trump`` (maker -1: the hand is thrown in).

        ``pickup`` applies to every row: ``None`` (round 2), ``"h"`` or a discard card index.
        """
        maker = np.broadcast_to(np.asarray(maker, dtype=np.int64), rows.shape).copy()
        trump = np.broadcast_to(np.asarray(trump, dtype=np.int64), rows.shape).copy()
        alone = np.broadcast_to(np.asarray(alone, dtype=bool), rows.shape).copy()
        tricks = np.zeros(rows.size, dtype=np.int8)
        points = np.zeros(rows.size, dtype=np.int64)
        tricks2 = np.zeros(rows.size, dtype=np.int8)
        points2 = np.zeros(rows.size, dtype=np.int64)
        played = maker >= 0
        if played.any():
            tricks[played] = self.engine.outcome(rows[played], maker[played], trump[played], alone[played], pickup)
            mp = self.points_table[alone[played].astype(int), tricks[played]]
            ours = laws.side_of(maker[played], self.players) == self.my_side
            points[played] = np.where(ours, mp, -mp)
            if self.dummies is not None:       # tricks 6-10 with the dummies: one value per trump and makers
                idx = np.nonzero(played)[0]
                sides = laws.side_of(maker[idx], self.players)
                for t, side in set(zip(trump[idx].tolist(), sides.tolist())):
                    sel = idx[(trump[idx] == t) & (sides == side)]
                    tricks2[sel] = self.engine.dummy_tricks(t, side)
                mp2 = self.points_table[0, tricks2[idx]]
                points2[idx] = np.where(ours, mp2, -mp2)
                points += points2
        return Result(rows, maker, trump, alone, tricks, points, tricks2, points2)

    # -- the auction after a pass -------------------------------------------------
    def round1_from(self, rows, start) -> Result:
        """Bid out the auction for ``rows`` from position ``start`` of round 1, then round 2."""
        open_ = np.ones(rows.size, dtype=bool)
        maker = np.full(rows.size, -1, dtype=np.int64)
        alone = np.zeros(rows.size, dtype=bool)
        for p in self.order[start:]:
            idx = np.nonzero(open_)[0]
            if not idx.size:
                break
            bid, lone = self.policy.round1(self.engine.base[rows[idx], p], self.rel(p), self.up, self.players,
                                           self.bonus1(p))
            maker[idx[bid]] = p
            alone[idx[bid]] = lone[bid]
            open_[idx[bid]] = False
        done = ~open_
        parts = [self.finish(rows[done], maker[done], self.up_suit, alone[done], "h")]
        if open_.any():
            parts.append(self.round2_from(rows[open_], 0, self.own_round2))
        return merge(parts, rows)

    def round2_from(self, rows, start, own: str) -> Result:
        """Round 2 for ``rows`` from position ``start`` of the bidding order.

        The advised seat, if reached, plays ``own``: ``"policy"``, or ``"best"`` (the
        single call or pass that is best over the worlds reaching it).
        """
        maker = np.full(rows.size, -1, dtype=np.int64)
        trump = np.zeros(rows.size, dtype=np.int64)
        alone = np.zeros(rows.size, dtype=bool)
        open_ = np.ones(rows.size, dtype=bool)
        for i in range(start, len(self.order)):
            p = self.order[i]
            idx = np.nonzero(open_)[0]
            if not idx.size:
                break
            if p == self.seat and own == "best":
                done = ~open_
                first = self.finish(rows[done], maker[done], trump[done], alone[done], None)
                return merge([first, self.own_round2_best(rows[idx], i)], rows)
            stuck = self.rules.stick_the_dealer and p == self.dealer
            suit, lone = self.policy.round2(self.engine.base[rows[idx], p], self.rel(p), self.up_suit,
                                            stuck, self.players, self.bonus2(p))
            bid = suit >= 0
            maker[idx[bid]] = p
            trump[idx[bid]] = suit[bid]
            alone[idx[bid]] = lone[bid]
            open_[idx[bid]] = False
        return self.finish(rows, maker, trump, alone, None)

    def own_round2_best(self, rows, i) -> Result:
        """The advised seat's own round-2 turn: the one call (or pass) best on average over ``rows``."""
        best = None
        forced = self.rules.stick_the_dealer and self.seat == self.dealer
        for choice in self.round2_choices(forced):
            if choice == "pass":
                res = self.round2_from(rows, i + 1, "policy")
            else:
                suit, lone = choice
                res = self.finish(rows, self.seat, suit, lone, None)
            if best is None or res.points.mean() > best.points.mean() + 1e-12:
                best = res
        return best

    def round2_choices(self, forced: bool):
        """Round-2 choices of the advised seat, in the options' order: pass, then each suit (alone after)."""
        out = [] if forced else ["pass"]
        for s in range(4):
            if s == self.up_suit:
                continue
            out.append((s, False))
            if laws.may_go_alone(self.players):
                out.append((s, True))
        return out



def merge(parts, rows) -> Result:
    """Concatenate partial results and put them back in the order of ``rows``."""
    parts = [p for p in parts if p.rows.size]
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return Result(rows[:0], empty, empty, empty.astype(bool), empty.astype(np.int8), empty,
                      empty.astype(np.int8), empty)
    cat = {k: np.concatenate([getattr(p, k) for p in parts]) for k in ("rows", "maker", "trump", "alone",
                                                                     "tricks", "points", "tricks2", "points2")}
    order = np.argsort(cat["rows"], kind="stable")
    pos = np.searchsorted(cat["rows"][order], rows)
    idx = order[pos]
    return Result(rows, cat["maker"][idx], cat["trump"][idx], cat["alone"][idx], cat["tricks"][idx],
                  cat["points"][idx], cat["tricks2"][idx], cat["points2"][idx])


#: Worlds on which every discard of a dealer's pickup is tried before the clearly worse are dropped.
SCREEN_WORLDS = 250
#: One-sided z of that screen: a discard is dropped when its paired difference from the
#: leading discard is below zero by more than this many standard errors (99.95%).
SCREEN_Z = 3.29


def best_discard(adv: Auction, rows, lone, hand_mask, up, exact):
    """The dealer's pickup: try each of the six discards on the same worlds, keep the best.

    Sampled worlds: every discard is played on the first :data:`SCREEN_WORLDS`
    worlds (a uniform subsample, worlds being independent); a discard whose
    paired mean difference from the leader there is below zero by more than
    :data:`SCREEN_Z` standard errors is dropped; the others are played on all the
    worlds and the best mean wins. Exact (enumerated) worlds: every discard is
    played on every world. Returns ``(result, card, {card: summary})``.
    """
    me, up_suit = adv.seat, up % 4
    cands = [int(c) for c in cards_of(hand_mask | (1 << up))]
    if not adv.rules.dealer_may_discard_upcard:
        cands.remove(up)                  # Rules(dealer_may_discard_upcard=False): the upcard stays
    keep = cands
    tried = {}
    if not exact and rows.size >= 4 * SCREEN_WORLDS:
        sub = rows[:SCREEN_WORLDS]
        pts = {c: adv.finish(sub, me, up_suit, lone, c).points.astype(float) for c in cands}
        lead = max(cands, key=lambda c: pts[c].mean())
        keep = []
        for c in cands:
            d = pts[c] - pts[lead]
            se = d.std(ddof=1) / math.sqrt(d.size)
            if c == lead or d.mean() + SCREEN_Z * se >= 0:
                keep.append(c)
            else:
                lo, hi = mean_interval(pts[c], False)
                tried[c] = {"expected_points": float(pts[c].mean()), "points_interval": [lo, hi],
                            "worlds": int(sub.size), "screened_out": True}
    best, best_card = None, None
    for c in keep:
        res = adv.finish(rows, me, up_suit, lone, c)
        ep = float(res.points.mean())
        lo, hi = mean_interval(res.points.astype(float), exact)
        tried[c] = {"expected_points": ep, "points_interval": [lo, hi], "worlds": int(rows.size),
                    "screened_out": False}
        if best is None or ep > float(best.points.mean()) + 1e-12:
            best, best_card = res, c
    return best, Card(best_card), {str(Card(c)): tried[c] for c in cands}


__all__ = ["Result", "Auction", "merge", "best_discard", "SCREEN_WORLDS", "SCREEN_Z"]
