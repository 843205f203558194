"""Calls played out over the worlds: scoring a call, bidding out the auction after a pass, the dealer's discard.

Everything here is vectorised over the worlds of one decision (``rows``: int
arrays of world indices) and returns per-world :class:`Result` values.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Callable

import numpy as np

from .. import laws
from ..cards import Card, cards_of
from ..stats import mean_interval, weighted_mean_interval
from ..rules import Rules
from .engine import Engine

if TYPE_CHECKING:
    from ..bidding import BiddingPolicy


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
    prob: np.ndarray | None = None      # expected auction: each entry's chance given its world (rows repeat)

    def world_values(self, values, n: int) -> np.ndarray:
        """Per world (n,): ``values`` (one per entry), averaged over the entries of each world by ``prob``."""
        if self.prob is None:
            out = np.zeros(n)
            out[self.rows] = values
            return out
        return np.bincount(self.rows, weights=self.prob * values, minlength=n)


@dataclass(frozen=True)
class AuctionSetup:
    """What every auction of one decision shares (:class:`Auction`'s question and how it is valued): the advised
    seat's ``hand`` (card bitmask), the ``upcard`` (card index), ``seat`` and ``dealer`` (seat indices), the
    bidding ``round`` (1 or 2), the :class:`~solver.rules.Rules`, the core's ``threads``, the ``policy`` of the
    later seats (``None``: the model), how the seat's own round-2 turn is played (``own_round2``, ``"best"`` or
    ``"policy"``), the face-up ``dummies`` (4 bitmasks, or ``None``), ``wins`` (advising with a score:
    :func:`~.game_odds.win_values`, else ``None``), the ``valuation`` (:mod:`solver.advisor.valuation`) with its
    ``seed`` and ``inner_worlds`` (``None``: the valuation's default), and the suit the upcard ``proposed``
    (``None``: the upcard's own; a turned-up joker: the suit the dealer named)."""

    hand: int
    upcard: int
    seat: int
    dealer: int
    round: int
    rules: Rules
    threads: int = 1
    policy: BiddingPolicy | None = None
    own_round2: str = "best"
    dummies: tuple | None = None
    wins: Callable | None = None
    valuation: str = "double_dummy"
    seed: int = 0
    inner_worlds: int | None = None
    proposed: int | None = None


class Auction:
    """The outcome of each call over the worlds of one decision, the later seats bidding by a policy.

    :meth:`finish` scores a call already made (solving through :class:`Engine`);
    :meth:`round1_from` and :meth:`round2_from` bid out the rest of the auction after
    a pass, the other seats by ``policy`` and the advised seat's own round-2 turn by
    ``own_round2``. Every method takes ``rows``, indices into the worlds, and returns
    a :class:`Result` in that order.

    ``policy`` is anything with the methods ``round1``/``round2`` of a
    :class:`~solver.bidding.BiddingPolicy` (the policy itself, or a
    :class:`~solver.bidding.ModelSampler` drawing each call). With ``model`` (a
    :class:`~solver.bidding.BiddingModel`) and ``draws`` (:func:`call_draws`: fixed
    uniforms per world, seat and round) each seat's call is drawn from the model with
    those uniforms, so two models on the same draws differ only in the worlds where
    their chances straddle a draw (paired comparisons, few new positions to solve).
    With ``model`` and no ``draws`` the auction is *expected*: every call of every
    seat is followed with its chance, so a world's entries repeat in the
    :class:`Result` with ``prob`` (used for enumerated worlds, whose figures stay exact).
    ``weights`` (n,) weigh the worlds (enumerated worlds under inference, or a variant's
    importance weights) where the advised seat chooses by an average (its own round-2
    turn, its discard); ``None`` is uniform. ``engine`` shares the solved positions
    of another auction on the same worlds. ``wins`` (advising with a score:
    :func:`~.game_odds.win_values`) makes the advised seat's own choices (its round-2
    turn, its discard) by the chance of winning the game instead of the points (:meth:`value`). The question
    and the method's parts every auction of the decision shares are its :class:`AuctionSetup`.
    """

    def __init__(self, setup: "AuctionSetup", worlds, *, model=None, draws=None, weights=None,
                 engine: Engine | None = None):
        self.setup = setup
        self.hand, self.up, self.seat, self.dealer, self.round = (setup.hand, setup.upcard, setup.seat, setup.dealer,
                                                                  setup.round)
        rules, dealer = setup.rules, setup.dealer
        self.rules, self.policy, self.own_round2, self.wins = rules, setup.policy, setup.own_round2, setup.wins
        self.model, self.draws, self.weights = model, draws, weights
        self.expected = model is not None and draws is None
        self.players = rules.players
        self.worlds = worlds
        self.dummies = setup.dummies
        extra = {} if setup.inner_worlds is None else {"inner_worlds": setup.inner_worlds}
        #: the suit the upcard proposes (a turned-up joker: the suit the dealer named)
        self.up_suit = setup.upcard % 4 if setup.proposed is None else int(setup.proposed)
        self.engine = engine if engine is not None else Engine(worlds, setup.seat, dealer, setup.upcard, rules,
                                                               setup.threads, setup.dummies,
                                                               valuation=setup.valuation, seed=setup.seed,
                                                               proposed=self.up_suit, **extra)
        self.order = list(laws.bidding_order(dealer, self.players))
        self.my_side = laws.side_of(setup.seat, self.players)
        self.points_table = _points_table(rules)
        self._chances: dict = {}          # the model's chances per (round, seat[, stuck]) over every world
        #: screen the advised seat's own round-2 choices (see own_round2_best); set by advise(early_stop=True)
        self.screen_own = False

    def rel(self, p):
        return laws.place_after_dealer(p, self.dealer, self.players)

    def entry_weights(self, res: Result):
        """Each entry's weight (its ``prob`` times its world's weight); ``None`` when all are 1."""
        if res.prob is None and self.weights is None:
            return None
        e = np.ones(res.rows.size) if res.prob is None else res.prob
        return e if self.weights is None else e * self.weights[res.rows]

    def mean(self, res: Result) -> float:
        """The (weighted) mean points of ``res`` for the seat's side."""
        e = self.entry_weights(res)
        if e is None:
            return float(res.points.mean())
        return float((e * res.points).sum() / e.sum())

    def per_entry(self, res: Result) -> np.ndarray:
        """What the advised seat maximises, per entry of ``res``: the chance of winning the game
        with a score (``wins``), else the points for its side (float)."""
        if self.wins is None:
            return res.points.astype(float)
        return self.wins(res.points, None if self.dummies is None else res.points2)

    def value(self, res: Result) -> float:
        """The (weighted) mean of :meth:`per_entry`: how the seat's own choices are ranked."""
        v = self.per_entry(res)
        e = self.entry_weights(res)
        if e is None:
            return float(v.mean()) if v.size else 0.0
        return float((e * v).sum() / e.sum())

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
        if self.dummies is None and not isinstance(maker, np.ndarray) and not isinstance(trump, np.ndarray) and (
                not isinstance(alone, np.ndarray)):
            return self._finish_one(rows, int(maker), int(trump), bool(alone), pickup)
        maker, trump, alone = _column(maker, rows, np.int64), _column(trump, rows, np.int64), _column(alone, rows, bool)
        tricks = np.zeros(rows.size, dtype=np.int8)
        points = np.zeros(rows.size, dtype=np.int64)
        tricks2 = np.zeros(rows.size, dtype=np.int8)
        points2 = np.zeros(rows.size, dtype=np.int64)
        played = np.flatnonzero(maker >= 0)       # indices: cheaper to apply several times than the mask
        if played.size:
            tricks[played] = self.engine.outcome(rows[played], maker[played], trump[played], alone[played], pickup)
            mp = self.points_table[alone[played].astype(int), tricks[played]]
            ours = laws.side_of(maker[played], self.players) == self.my_side
            points[played] = np.where(ours, mp, -mp)
            if self.dummies is not None:       # tricks 6-10 with the dummies: one value per trump and makers
                idx = played
                sides = laws.side_of(maker[idx], self.players)
                for t, side in set(zip(trump[idx].tolist(), sides.tolist())):
                    sel = idx[(trump[idx] == t) & (sides == side)]
                    tricks2[sel] = self.engine.dummy_tricks(t, side)
                mp2 = self.points_table[0, tricks2[idx]]
                points2[idx] = np.where(ours, mp2, -mp2)
                points += points2
        return Result(rows, maker, trump, alone, tricks, points, tricks2, points2)

    def _finish_one(self, rows, maker: int, trump: int, alone: bool, pickup) -> Result:
        """:meth:`finish` of one call on every row (no dummy hands): one configuration, no grouping."""
        n = rows.size
        tricks = np.zeros(n, dtype=np.int8)
        points = np.zeros(n, dtype=np.int64)
        if maker >= 0 and n:
            side = laws.side_of(maker, self.players)
            config = self.engine.config(trump, maker if alone else -1, pickup)
            tricks = self.engine.makers_tricks(config, side, rows, maker)
            mp = self.points_table[int(alone)][tricks]
            points = mp if side == self.my_side else -mp
        return Result(rows, np.full(n, maker, dtype=np.int64), np.full(n, trump, dtype=np.int64),
                      np.full(n, alone, dtype=bool), tricks, points, np.zeros(n, dtype=np.int8),
                      np.zeros(n, dtype=np.int64))

    # -- the auction after a pass -------------------------------------------------
    def round1_from(self, rows, start) -> Result:
        """Bid out the auction for ``rows`` from position ``start`` of round 1, then round 2."""
        if self.expected:
            return self.round1_expected(rows, np.ones(rows.size), start)
        open_ = np.ones(rows.size, dtype=bool)
        maker = np.full(rows.size, -1, dtype=np.int64)
        alone = np.zeros(rows.size, dtype=bool)
        for p in self.order[start:]:
            idx = np.nonzero(open_)[0]
            if not idx.size:
                break
            bid, lone = self.bid1(rows[idx], p)
            maker[idx[bid]] = p
            alone[idx[bid]] = lone[bid]
            open_[idx[bid]] = False
        done = ~open_
        first = self.finish(rows[done], maker[done], self.up_suit, alone[done], "h")
        if not open_.any():
            return first
        return _interleave(open_, first, self.round2_from(rows[open_], 0, self.own_round2), rows)

    def round2_from(self, rows, start, own: str) -> Result:
        """Round 2 for ``rows`` from position ``start`` of the bidding order.

        The advised seat, if reached, plays ``own``: ``"policy"``, or ``"best"`` (the
        single call or pass that is best over the worlds reaching it).
        """
        if self.expected:
            return self.round2_expected(rows, np.ones(rows.size), start, own)
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
                return _interleave(open_, first, self.own_round2_best(rows[idx], i), rows)
            stuck = self.rules.stick_the_dealer and p == self.dealer
            suit, lone = self.bid2(rows[idx], p, stuck)
            bid = suit >= 0
            maker[idx[bid]] = p
            trump[idx[bid]] = suit[bid]
            alone[idx[bid]] = lone[bid]
            open_[idx[bid]] = False
        return self.finish(rows, maker, trump, alone, None)

    def chances1(self, rows, p):
        """The model's round-1 chances ``(p_order, p_alone)`` of seat ``p`` in ``rows`` (computed once for
        every world and kept: the auction after a pass asks for them again and again)."""
        return tuple(c[rows] for c in self._chances1(p))

    def _chances1(self, p) -> tuple:
        """:meth:`chances1` of every world (every entry of a stacked auction), computed once and kept."""
        key = (1, p)
        if key not in self._chances:
            p_order, p_alone = self.model.round1(self.engine.base[:, p], self.rel(p), self.up, self.players,
                                                 self.up_suit)
            if laws.must_go_alone(p, self.dealer, 1, self.rules):
                # Canadian loners: the dealer's partner may only order alone; the model's chance of that
                # order is its chance of ordering alone (a hand that would assist passes instead)
                p_order, p_alone = p_order * p_alone, np.ones_like(p_alone)
            self._chances[key] = (p_order, p_alone)
        return self._chances[key]

    def chances2(self, rows, p, stuck):
        """The model's round-2 chances ``(p_suit, p_alone)`` (n, 4) of seat ``p`` in ``rows`` (kept as
        :meth:`chances1`)."""
        return tuple(c[rows] for c in self._chances2(p, stuck))

    def _chances2(self, p, stuck) -> tuple:
        """:meth:`chances2` of every world (every entry of a stacked auction), computed once and kept."""
        key = (2, p, bool(stuck))
        if key not in self._chances:
            self._chances[key] = self.model.round2(self.engine.base[:, p], self.rel(p), self.up_suit, stuck,
                                                   self.players)
        return self._chances[key]

    def bid1(self, rows, p):
        """Seat ``p``'s round-1 call in ``rows``: ``(order, alone)`` bool arrays."""
        if self.model is None:
            hands = self.engine.base[rows, p]
            bid, lone = self.policy.round1(hands, self.rel(p), self.up, self.players, self.bonus1(p), trump=self.up_suit)
            if laws.must_go_alone(p, self.dealer, 1, self.rules):
                bid = lone                    # Canadian loners: only a hand that goes alone orders
            return bid, lone
        p_order, p_alone = self.chances1(rows, p)
        u = self.draws[rows, p, 0]
        bid = u[:, 0] < p_order
        return bid, bid & (u[:, 1] < p_alone)

    def bid2(self, rows, p, stuck):
        """Seat ``p``'s round-2 call in ``rows``: int8 suit (-1 = pass) and a bool array (alone)."""
        if self.model is None:
            hands = self.engine.base[rows, p]
            return self.policy.round2(hands, self.rel(p), self.up_suit, stuck, self.players, self.bonus2(p))
        p_suit, p_alone = self._chances2(p, stuck)        # every world's: only the callers' alone is read
        u = self.draws[rows, p, 1]
        suit = (u[:, :1] >= np.cumsum(p_suit[rows], axis=1)).sum(axis=1)
        if stuck:                     # the chances sum to 1 up to rounding: a stuck dealer never passes
            suit = np.minimum(suit, max(s for s in range(4) if s != self.up_suit))
        called = suit < 4
        lone = np.zeros(rows.size, dtype=bool)
        lone[called] = u[called, 1] < p_alone[rows[called], suit[called]]
        return np.where(called, suit, -1).astype(np.int8), lone

    def own_round2_best(self, rows, i, prob=None) -> Result:
        """The advised seat's own round-2 turn: the one call (or pass) best on average over ``rows``
        (:meth:`value`: points, or the chance of the game with a score; ``prob``: the expected
        auction's chance of each entry reaching it).

        With :attr:`screen_own` and sampled worlds, every choice is first played on the first quarter of
        ``rows`` (at least :data:`OWN_SCREEN_MIN`); a choice whose paired mean difference from the
        leading one there is below zero by more than :data:`SCREEN_Z` standard errors is not played on
        the rest (as :func:`best_discard`'s screen).
        """
        forced = self.rules.stick_the_dealer and self.seat == self.dealer
        choices = self.round2_choices(forced)

        def judge(choice, r):
            return self._judge_own(choice, r, i, prob)

        q = rows.size // 4
        if self.screen_own and prob is None and q >= OWN_SCREEN_MIN and len(choices) > 1:
            # sampled worlds: every choice on the first quarter of the rows (a uniform subsample), the
            # clearly worse dropped as the dealer's discards are (SCREEN_Z), the rest on every row
            choices = self._screened(choices, [judge(c, rows[:q]) for c in choices], rows[:q])
        return self._best_of([judge(c, rows) for c in choices])

    def _judge_own(self, choice, rows, i, prob) -> Result:
        """The advised seat's round-2 ``choice`` (``"pass"`` or ``(suit, alone)``) at position ``i`` of the order,
        played on ``rows`` (``prob``: the expected auction's chance of each entry reaching it, or ``None``)."""
        if choice == "pass":
            return (self.round2_from(rows, i + 1, "policy") if prob is None
                    else self.round2_expected(rows, prob, i + 1, "policy"))
        suit, lone = choice
        res = self.finish(rows, self.seat, suit, lone, None)
        res.prob = prob
        return res

    def _screened(self, choices: list, results: list, rows) -> list:
        """The ``choices`` not clearly below the leading one (:func:`_clearly_below`) where ``results`` are each
        choice's :class:`Result` on the sampled ``rows`` (the screen of :meth:`own_round2_best`)."""
        w = np.ones(rows.size) if self.weights is None else self.weights[rows]
        pts = [self.per_entry(r) for r in results]
        lead = max(range(len(choices)), key=lambda j: float((w * pts[j]).sum()))
        return [c for c, v in zip(choices, pts) if not _clearly_below(v - pts[lead], w)]

    def _best_of(self, results: list) -> Result:
        """The best of the choices' ``results`` by :meth:`value` then :meth:`mean` (the first on a tie)."""
        best, best_mean = None, None
        for res in results:
            m = (self.value(res), self.mean(res)) if self.wins is not None else (self.mean(res),)
            if best is None or ahead(m, best_mean):
                best, best_mean = res, m
        return best

    # -- the expected auction (a model's chances, every branch followed) ---------------------------
    def _branch(self, parts, rows, prob, share, maker, trump, alone, pickup):
        keep = share > 0
        if keep.any():
            res = self.finish(rows[keep], maker, trump, alone, pickup)
            res.prob = prob[keep] * share[keep]
            parts.append(res)

    def round1_expected(self, rows, prob, start) -> Result:
        """:meth:`round1_from` with every seat's order (with and without going alone) and pass
        followed by its chance under ``model``."""
        parts = []
        for p in self.order[start:]:
            if not rows.size:
                break
            p_order, p_alone = self.chances1(rows, p)
            self._branch(parts, rows, prob, p_order * (1.0 - p_alone), p, self.up_suit, False, "h")
            self._branch(parts, rows, prob, p_order * p_alone, p, self.up_suit, True, "h")
            prob = prob * (1.0 - p_order)
            keep = prob > 0
            rows, prob = rows[keep], prob[keep]
        if rows.size:
            parts.append(self.round2_expected(rows, prob, 0, self.own_round2))
        return concat(parts, rows)

    def round2_expected(self, rows, prob, start, own) -> Result:
        """:meth:`round2_from` with every seat's calls and pass followed by their chances."""
        parts = []
        for i in range(start, len(self.order)):
            p = self.order[i]
            if not rows.size:
                break
            if p == self.seat and own == "best":
                parts.append(self.own_round2_best(rows, i, prob))
                return concat(parts, rows)
            stuck = self.rules.stick_the_dealer and p == self.dealer
            p_suit, p_alone = self.chances2(rows, p, stuck)
            for s in range(4):
                if s != self.up_suit:
                    self._branch(parts, rows, prob, p_suit[:, s] * (1.0 - p_alone[:, s]), p, s, False, None)
                    self._branch(parts, rows, prob, p_suit[:, s] * p_alone[:, s], p, s, True, None)
            prob = np.zeros_like(prob) if stuck else prob * (1.0 - p_suit.sum(axis=1))
            keep = prob > 0
            rows, prob = rows[keep], prob[keep]
        if rows.size:                 # everybody passed: thrown in
            self._branch(parts, rows, prob, np.ones(rows.size), -1, 0, False, None)
        return concat(parts, rows)

    def round2_choices(self, forced: bool):
        """Round-2 choices of the advised seat, in the options' order: pass, then each suit (alone after), then
        no trump (``Rules.allow_no_trump``; the other seats' model never calls it, see docs/advice.md)."""
        out = [] if forced else ["pass"]
        for s in laws.contracts(self.rules):
            if s == self.up_suit:
                continue
            out.append((s, False))
            if laws.may_go_alone(self.players):
                out.append((s, True))
        return out



class StackedAuction(Auction):
    """Auctions of one decision on the same worlds, draws and engine that differ only in the model of the later
    seats and the worlds' weights (the robustness check's variants), bid out as one: entry ``v * n + i`` stands
    for world ``i`` under ``members[v]``.

    Each step of an auction is world by world, so playing the members' entries side by side gives each member,
    entry for entry, what its own auction gives (:meth:`split` hands each its part back), while every branch is
    one pass over all of them and each contract one call of the engine, which values a world asked for by
    several members once. The advised seat's own round-2 turn (:meth:`own_round2_best`) is chosen per member,
    by its own weights and screen.
    """

    def __init__(self, members: list):
        first = members[0]
        draws = None if first.draws is None else np.concatenate([first.draws] * len(members))
        super().__init__(first.setup, first.worlds, model=first.model, draws=draws, engine=first.engine)
        self.members = list(members)
        self.n = first.engine.n
        self.engine.rows_repeat = True      # the members ask for the same worlds: the engine values each once
        self.screen_own = first.screen_own

    def entries(self, rows) -> np.ndarray:
        """int (members x len(rows),): every member's entries of the worlds ``rows``, member by member."""
        return np.concatenate([v * self.n + np.asarray(rows) for v in range(len(self.members))])

    def split(self, res: Result) -> list:
        """Each member's part of ``res`` (a :class:`Result` over entries), in its order, with world indices as rows."""
        member = res.rows // self.n
        return [_take(res, np.flatnonzero(member == v), v * self.n) for v in range(len(self.members))]

    def join(self, parts: list) -> Result:
        """One :class:`Result` over entries from each member's ``parts`` (world rows; ``None``: no entries)."""
        got = [(v, p) for v, p in enumerate(parts) if p is not None and p.rows.size]
        if not got:
            return _take(parts[0], np.zeros(0, dtype=np.int64), 0)
        out = {k: np.concatenate([getattr(p, k) for _, p in got]) for k in _FIELDS}
        prob = None if got[0][1].prob is None else np.concatenate([p.prob for _, p in got])
        return Result(np.concatenate([p.rows + v * self.n for v, p in got]), **out, prob=prob)

    def _chances1(self, p) -> tuple:
        key = (1, p)
        if key not in self._chances:
            parts = [m._chances1(p) for m in self.members]
            self._chances[key] = tuple(np.concatenate(c) for c in zip(*parts))
        return self._chances[key]

    def _chances2(self, p, stuck) -> tuple:
        key = (2, p, bool(stuck))
        if key not in self._chances:
            parts = [m._chances2(p, stuck) for m in self.members]
            self._chances[key] = tuple(np.concatenate(c) for c in zip(*parts))
        return self._chances[key]

    def finish(self, rows, maker, trump, alone, pickup) -> Result:
        res = super().finish(rows % self.n, maker, trump, alone, pickup)
        res.rows = rows
        return res

    def own_round2_best(self, rows, i, prob=None) -> Result:
        """:meth:`Auction.own_round2_best` of each member on its entries of ``rows``: each choice played once on
        every member's entries that need it, the screen and the choice made by each member."""
        forced = self.rules.stick_the_dealer and self.seat == self.dealer
        choices = self.round2_choices(forced)
        n, count = self.n, len(self.members)
        member = rows // n
        at = [np.flatnonzero(member == v) for v in range(count)]      # each member's positions in rows

        def judge(choice, pos):
            return self.split(self._judge_own(choice, rows[pos], i, None if prob is None else prob[pos]))

        kept = [list(choices) if at[v].size else [] for v in range(count)]
        if self.screen_own and prob is None and len(choices) > 1:
            heads = {v: at[v][:at[v].size // 4] for v in range(count) if at[v].size // 4 >= OWN_SCREEN_MIN}
            if heads:
                tried = [judge(c, np.concatenate(list(heads.values()))) for c in choices]
                for v, pos in heads.items():
                    kept[v] = self.members[v]._screened(choices, [t[v] for t in tried], rows[pos] - v * n)
        played: list = [{} for _ in range(count)]
        for c in choices:
            takers = [v for v in range(count) if c in kept[v]]
            if takers:
                parts = judge(c, np.concatenate([at[v] for v in takers]))
                for v in takers:
                    played[v][c] = parts[v]
        return self.join([self.members[v]._best_of([played[v][c] for c in kept[v]]) if kept[v] else None
                          for v in range(count)])


def _take(res: Result, idx, shift: int) -> Result:
    """The entries ``idx`` of ``res``, their rows less ``shift``."""
    return Result(res.rows[idx] - shift, *(None if getattr(res, k) is None else getattr(res, k)[idx] for k in _FIELDS),
                  prob=None if res.prob is None else res.prob[idx])


@lru_cache(maxsize=16)
def _points_table(rules) -> np.ndarray:
    """int64 (2, 6): the makers' points for 0..5 tricks, with a partner (row 0) and alone (row 1); read-only."""
    pts = np.zeros((2, 6), dtype=np.int64)
    for a in (0, 1):
        for t in range(6):
            pts[a, t] = laws.makers_points(t, rules, alone=bool(a))
    pts.setflags(write=False)
    return pts


def _column(value, rows, dtype) -> np.ndarray:
    """One value per entry of ``rows`` (a scalar repeated, or an array of that shape), a new ``dtype`` array."""
    if np.ndim(value) == 0:
        return np.full(rows.shape, value, dtype=dtype)
    out = np.array(value, dtype=dtype)
    if out.shape != rows.shape:
        out = np.broadcast_to(out, rows.shape).copy()
    return out


def ahead(a: tuple, b: tuple) -> bool:
    """``a`` ranks above ``b``: the first figure that differs by more than rounding is larger."""
    return next((x > y for x, y in zip(a, b) if abs(x - y) > 1e-12), False)


#: The advised seat's own round-2 turn is screened (``Auction.screen_own``) only when a quarter of the
#: worlds reaching it is at least this many.
OWN_SCREEN_MIN = 50


def _clearly_below(d, w) -> bool:
    """The (``w``-weighted) mean of the paired differences ``d`` is below zero by more than
    :data:`SCREEN_Z` standard errors (weighted: Kish's effective count of worlds)."""
    total = w.sum()
    m = float((w * d).sum() / total)
    var = float((w * (d - m) ** 2).sum() / total)
    n_eff = total * total / float((w * w).sum())
    return m + SCREEN_Z * math.sqrt(var / max(n_eff - 1.0, 1.0)) < 0


def call_draws(n: int, seed: int) -> np.ndarray:
    """The uniforms (n, 4, 2, 2) of the sampled auction: per world, seat, round, (the call, going alone).

    A stream of its own (``SeedSequence([seed, 0x6269])``), apart from the worlds'.
    """
    return np.random.default_rng(np.random.SeedSequence([int(seed), 0x6269])).random((n, 4, 2, 2))


def concat(parts, rows) -> Result:
    """The expected auction's partial results (entries with ``prob``) as one, in no particular order."""
    parts = [p for p in parts if p.rows.size]
    if not parts:
        out = merge([], rows)
        out.prob = np.zeros(0)
        return out
    keys = ("rows", "maker", "trump", "alone", "tricks", "points", "tricks2", "points2", "prob")
    return Result(**{k: np.concatenate([getattr(p, k) for p in parts]) for k in keys})


_FIELDS = ("maker", "trump", "alone", "tricks", "points", "tricks2", "points2")


def _interleave(second: np.ndarray, a: Result, b: Result, rows) -> Result:
    """``merge([a, b], rows)`` when ``a`` holds the entries of ``rows[~second]`` and ``b`` those of
    ``rows[second]``, each in the order of ``rows`` (``second`` a bool mask over ``rows``): placed by the mask."""
    out = {}
    at_a, at_b = np.flatnonzero(~second), np.flatnonzero(second)
    for k in _FIELDS:
        va, vb = getattr(a, k), getattr(b, k)
        col = np.empty(rows.size, dtype=np.result_type(va, vb))
        col[at_a] = va
        col[at_b] = vb
        out[k] = col
    return Result(rows, **out)


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
    worlds and the best mean wins (weighted by the auction's ``weights``). Exact
    (enumerated) worlds: every discard is played on every world. With a score (``adv.wins``) the
    screen and the choice are by the chance of winning the game (:meth:`Auction.value`), and each
    summary also gives ``p_win_game``. Returns ``(result, card, {card: summary}, {card: result})``,
    the last for every discard played on all the worlds.
    """
    me, up_suit = adv.seat, adv.up_suit
    cands = [int(c) for c in cards_of(hand_mask | (1 << up))]
    if not adv.rules.dealer_may_discard_upcard:
        cands.remove(up)                  # Rules(dealer_may_discard_upcard=False): the upcard stays
    keep = cands
    tried = {}
    if not exact and rows.size >= 4 * SCREEN_WORLDS:
        sub = rows[:SCREEN_WORLDS]
        res_sub = {c: adv.finish(sub, me, up_suit, lone, c) for c in cands}
        val = {c: adv.per_entry(r) for c, r in res_sub.items()}
        w = None if adv.weights is None else adv.weights[sub]     # sampled worlds that weigh other than 1
        lead = max(cands, key=lambda c: val[c].mean() if w is None else float((w * val[c]).sum() / w.sum()))
        keep = []
        for c in cands:
            d = val[c] - val[lead]
            if w is not None:
                behind = _clearly_below(d, w)
            else:
                se = d.std(ddof=1) / math.sqrt(d.size)
                behind = d.mean() + SCREEN_Z * se < 0
            if c == lead or not behind:
                keep.append(c)
            else:
                pts = res_sub[c].points.astype(float)
                if w is None:
                    ep, (lo, hi) = float(pts.mean()), mean_interval(pts, False)
                else:
                    ep, (lo, hi), _ = weighted_mean_interval(pts, w, False)
                tried[c] = {"expected_points": ep, "points_interval": [lo, hi],
                            "worlds": int(sub.size), "screened_out": True}
                if adv.wins is not None:
                    tried[c]["p_win_game"] = float(val[c].mean() if w is None else (w * val[c]).sum() / w.sum())
    best, best_card, best_ep, played = None, None, None, {}
    for c in keep:
        res = played[c] = adv.finish(rows, me, up_suit, lone, c)
        ep = adv.mean(res)
        if exact:
            lo, hi = ep, ep
        elif adv.weights is None:
            lo, hi = mean_interval(res.points.astype(float), exact)
        else:                         # sampled worlds that weigh other than 1
            _, (lo, hi), _ = weighted_mean_interval(res.points.astype(float), adv.entry_weights(res), False)
        tried[c] = {"expected_points": ep, "points_interval": [lo, hi], "worlds": int(rows.size),
                    "screened_out": False}
        v = (ep,)
        if adv.wins is not None:      # the chance of the game first, ties by the points
            tried[c]["p_win_game"] = adv.value(res)
            v = (tried[c]["p_win_game"], ep)
        if best is None or ahead(v, best_ep):
            best, best_card, best_ep = res, c, v
    return best, Card(best_card), {str(Card(c)): tried[c] for c in cands}, played


__all__ = ["Result", "Auction", "AuctionSetup", "StackedAuction", "ahead", "merge", "concat", "call_draws",
           "best_discard", "SCREEN_WORLDS", "SCREEN_Z", "OWN_SCREEN_MIN"]
