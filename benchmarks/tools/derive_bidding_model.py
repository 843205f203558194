"""Derive the bidding model's thresholds and spreads by iterating best responses over deals solved double dummy.

Writes ``solver/data/bidding-model-v1.json`` (``best-response-1``, :data:`solver.bidding.model.BEST_RESPONSE`),
or with ``--valuation single_dummy --players 4`` ``solver/data/bidding-model-sd-3.json`` (``best-response-sd-3``,
:data:`solver.bidding.model.BEST_RESPONSE_SD`): the same method with each contract's points the expected
points of the single-dummy bands the fitted correction (:mod:`solver.advisor.single_dummy`) gives each world
of its double-dummy result, so the thresholds answer "does calling pay when the play after it is guessed".

Method
------
1. Draw ``--deals`` random deals (hands, upcard, kitty) with the dealer N (no loss of
   generality: only places after the dealer matter). The same deals serve every
   iteration (common random numbers), so a change of a figure between iterations is the
   model's, not the sample's.
2. Solve every contract a deal can end in once, double dummy, with ``solve_batch``:
   round 1 the upcard's suit with the dealer holding its six cards less
   ``dealer_discard``'s; round 2 each other suit with the dealt hands; each with every
   seat as maker, with its partner and alone (the loner's partner sits out). The first
   leader is ``laws.first_leader``, the points ``laws.makers_points``; a hand all pass
   twice (no stick-the-dealer) scores 0. The non-loner contracts of a suit are one solve
   (the maker seat does not change the play), so a four-player deal costs 20 solves.
3. Given the current model at every seat, walk the auction in bidding order. At each
   decision node (round r, place p) the bidder's gain is
   ``g = E[points of p's side | call] - E[points | pass]``, where a call is followed by
   the model's own choice of alone (and, in round 2, of suit), and after a pass the later
   seats bid by the current model. The expectations over the later seats' calls are
   taken exactly from the model's chances (backward induction over the cached contract
   values) rather than from one sampled auction per deal: the limit of infinitely many
   common uniforms per deal, with no sampling noise. Likewise a deal counts at a node
   with its chance of reaching the node still open (the earlier seats all passing),
   which carries what those passes say about their hands.
4. Best response within the family: for each node fit
   ``P(call) = logistic((count - t) / s)`` to the sign of ``g`` against the bidder's count
   (``BiddingModel.round1_count``; in round 2 the best allowed suit's count) by weighted
   maximum likelihood (``scipy.optimize``), each deal weighted by its reach chance times
   ``|g|``. Why ``|g|``: a seat's loss from a wrong call is ``|g|``, so the fit puts ``t``
   where calling stops paying on average over the hands of that count, not where it
   stops winning more often than not; a 0.02-point gain must not outvote a 2-point
   euchre. ``t`` is the node's new threshold; the model's one ``spread`` is the median of
   the eight nodes' ``s`` (how far the count is from deciding the sign of ``g``). Going
   alone: the same fit, pooled over all nodes and every suit the seat may call, of the
   gain of alone over with the partner, weighted by the chance of that call.
5. Update every node at once (Jacobi; ``--damping`` < 1 moves part way) and repeat until
   no threshold moves by more than ``--tol`` (0.05 count units) or ``--iterations``.
   The provenance records the last change of each figure (the distance from a fixed
   point) and each node's mean gain of its best response over the rule it replaced, in
   points per decision reached: how much a seat could still gain by deviating within
   the family.

The two-player thresholds are derived the same way in a second run (``--players 4 2``),
starting from the four-player result; the shared spreads stay the four-player ones.
``suit_spread`` and ``floor`` are not derived (kept at the model's 0.5 and 0.005).

    python3 benchmarks/tools/derive_bidding_model.py [--deals 30000] [--seed 11] [--iterations 8]
        [--players 4 2] [--threads 2] [--out solver/data/bidding-model-v1.json] [--quick]
        [--valuation double_dummy|single_dummy] [--name NAME]
"""
from __future__ import annotations

import argparse
import dataclasses
import datetime
import json
import shlex
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
from scipy.optimize import minimize, minimize_scalar

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Rules, solve_batch                                    # noqa: E402
from solver.bidding import dealer_discard                                # noqa: E402
from solver.bidding.model import DATA_PATH, POINT_COUNT, SD_DATA_PATH, BiddingModel  # noqa: E402
from solver.advisor.engine import BAND_TRICKS                           # noqa: E402
from solver.advisor.single_dummy import band_index, default_model  # noqa: E402
from solver.advisor.valuation import parse_valuation, unsupported      # noqa: E402
from solver.cards import mask_of, parse_cards                            # noqa: E402
from solver.cardtables import CARD_BITS, IS_TRUMP, POWER, RANK, bits, suit_counts  # noqa: E402
from solver.laws import (TRICKS, bidding_order, first_leader, makers_points, pack_mask,  # noqa: E402
                         place_after_dealer, seats, seats_mask, side_of)

DEALER = 0          # N deals every hand


# -- deals and contracts ------------------------------------------------------------
@dataclass
class Deals:
    """Deals with the dealer N and the points of every contract, for side 0 (NS; two-player N).

    hands: uint32 (n, 4) dealt hands (0 for a seat not at the table); upcard: int (n,);
    kitty: uint32 (n,) the kitty's cards, the upcard included.
    r1: float (n, 4, 2): round 1, ``[deal, maker seat, alone]``.
    r2: float (n, 4, 4, 2): round 2, ``[deal, trump, maker seat, alone]`` (NaN for the upcard's suit).
    b1, b2: single dummy only (else ``None``): float (n, 4, 2, 3) and (n, 4, 4, 2, 3), each contract's chance
    of the makers' single-dummy bands (euchred, made, march), indexed as ``r1`` and ``r2``.
    """

    rules: Rules
    hands: np.ndarray
    upcard: np.ndarray
    kitty: np.ndarray
    r1: np.ndarray
    r2: np.ndarray
    solves: int = 0
    b1: np.ndarray | None = None
    b2: np.ndarray | None = None


def draw_deals(n: int, seed: int, rules: Rules) -> tuple:
    """``(hands, upcard, kitty)`` of ``n`` random deals (see :class:`Deals`)."""
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), rules.players]))
    cards = np.array([c for c in range(25) if pack_mask(rules) >> c & 1])
    perm = cards[np.argsort(rng.random((n, cards.size)), axis=1)]
    hands = np.zeros((n, 4), dtype=np.uint32)
    at_table = seats(rules.players)
    for k, s in enumerate(at_table):
        hands[:, s] = np.bitwise_or.reduce(CARD_BITS[perm[:, 5 * k:5 * k + 5]], axis=1)
    upcard = perm[:, 5 * len(at_table)].astype(np.int64)
    kitty = np.bitwise_or.reduce(CARD_BITS[perm[:, 5 * len(at_table):]], axis=1).astype(np.uint32)
    return hands, upcard, kitty


def _points_table(rules: Rules) -> np.ndarray:
    """(2, 6): makers' points by [alone, makers' tricks]."""
    return np.array([[makers_points(t, rules, alone) for t in range(TRICKS + 1)] for alone in (False, True)],
                    dtype=np.float64)


def picked_up(hands: np.ndarray, upcard: np.ndarray, rules: Rules) -> np.ndarray:
    """The hands after round 1's order: the dealer holds its six cards less ``dealer_discard``'s."""
    out = hands.copy()
    six = hands[:, DEALER] | CARD_BITS[upcard]
    for u in np.unique(upcard):          # one upcard at a time: it is the card kept when it may not be thrown
        r = np.nonzero(upcard == u)[0]
        keep = None if rules.dealer_may_discard_upcard else int(u)
        out[r, DEALER] = six[r] & ~CARD_BITS[dealer_discard(six[r], int(u) % 4, keep)]
    return out


def contract_points(hands: np.ndarray, upcard: np.ndarray, rules: Rules, threads: int = 2,
                    valuation: str = "double_dummy", bands: bool = False) -> tuple:
    """``(r1, r2, solves)``: side 0's points of every contract of each deal (see :class:`Deals`), each
    contract's play valued by ``valuation`` (``"double_dummy"`` or ``"single_dummy"``, the fitted
    correction: four players, no joker). ``bands`` (single dummy): also ``b1, b2``, the chances of the
    makers' bands (see :class:`Deals`)."""
    n, players = hands.shape[0], rules.players
    pts = _points_table(rules)
    at_table = seats(players)
    lone_options = (False, True) if players == 4 else (False,)
    r1 = np.full((n, 4, 2), np.nan)
    r2 = np.full((n, 4, 4, 2), np.nan)
    b1 = np.full((n, 4, 2, 3), np.nan)
    b2 = np.full((n, 4, 4, 2, 3), np.nan)
    solves = 0

    def side0_points(tricks0, maker, alone):
        """Side 0's points when side 0 took ``tricks0`` and ``maker`` made trump."""
        if side_of(maker, players) == 0:
            return pts[int(alone)][tricks0]
        return -pts[int(alone)][TRICKS - tricks0]

    def solve(h, trump, alone_seat):
        """``(tricks0, hands in play, first leader)`` of one contract solved double dummy."""
        lead = int(first_leader(DEALER, rules, alone=alone_seat))
        in_play = seats_mask(players, alone=alone_seat)
        if alone_seat is not None:
            h = h.copy()
            h[:, (alone_seat + 2) % 4] = 0
        return solve_batch(h, trump, lead, 0, in_play, players, threads).astype(np.int64), h, lead

    def value(solved, trump, maker, alone, ordered_up, band_rows):
        """Side 0's points of ``maker``'s contract: double dummy, or single dummy (fitted) as the expected
        points over the single-dummy bands the correction gives that world (solver.advisor.single_dummy),
        whose chances go to ``band_rows`` (a view of ``b1``/``b2``)."""
        tricks0, h, lead = solved
        if valuation == "double_dummy":
            return side0_points(tricks0, maker, alone)
        side = side_of(maker, players)
        makers_tricks = tricks0 if side == 0 else TRICKS - tricks0
        band_points = np.array([makers_points(int(t), rules, alone) for t in BAND_TRICKS], dtype=float)
        trumps = np.broadcast_to(np.asarray(trump), makers_tricks.shape)    # round 1: the upcard's suit a deal
        p = np.empty(makers_tricks.shape + (3,))
        for t in np.unique(trumps):
            r = np.nonzero(trumps == t)[0]
            feats = sd_model.contract_features(h[r], int(t), maker, alone, ordered_up, lead)
            p[r] = sd_model.band_probabilities(band_index(makers_tricks[r]), feats)
        band_rows[...] = p
        pts = p @ band_points           # = sd_model.expected_makers_points
        return pts if side == 0 else -pts

    sd_model = default_model() if valuation == "single_dummy" else None
    h1 = picked_up(hands, upcard, rules)
    for alone in lone_options:
        makers = at_table if alone else (None,)
        for lone in makers:
            solved = solve(h1, upcard % 4, lone)
            solves += n
            for maker in (at_table if lone is None else (lone,)):
                r1[:, maker, int(alone)] = value(solved, upcard % 4, maker, alone, True, b1[:, maker, int(alone)])
    for t in range(4):
        rows = np.nonzero(upcard % 4 != t)[0]
        for alone in lone_options:
            for lone in (at_table if alone else (None,)):
                solved = solve(hands[rows], t, lone)
                solves += rows.size
                for maker in (at_table if lone is None else (lone,)):
                    got = np.empty((rows.size, 3))
                    r2[rows, t, maker, int(alone)] = value(solved, t, maker, alone, False, got)
                    b2[rows, t, maker, int(alone)] = got
    return (r1, r2, solves, b1, b2) if bands else (r1, r2, solves)


def make_deals(n: int, seed: int, rules: Rules, threads: int = 2, valuation: str = "double_dummy") -> Deals:
    hands, upcard, kitty = draw_deals(n, seed, rules)
    if valuation == "double_dummy":
        r1, r2, solves = contract_points(hands, upcard, rules, threads)
        return Deals(rules, hands, upcard, kitty, r1, r2, solves)
    r1, r2, solves, b1, b2 = contract_points(hands, upcard, rules, threads, valuation, bands=True)
    return Deals(rules, hands, upcard, kitty, r1, r2, solves, b1, b2)


# -- the model at every node -----------------------------------------------------------
def nodes(players: int) -> list:
    """Decision nodes ``(round, seat, place)`` in bidding order (the dealer is N)."""
    order = bidding_order(DEALER, players)
    return [(r, int(s), place_after_dealer(s, DEALER, players)) for r in (1, 2) for s in order]


@dataclass
class Node:
    """One decision node over all deals: arrays (n,) unless stated."""

    rnd: int
    seat: int
    place: int
    count: np.ndarray          # the bidder's count the model reads
    p_call: np.ndarray         # the model's chance of calling (round 2: any suit)
    call_value: np.ndarray     # side 0's expected points given a call (the model's alone and suit)
    share: np.ndarray          # (n, 4) chance of each suit given a call (round 1: the upcard's)
    p_alone: np.ndarray        # (n, 4) chance of alone given a call of that suit
    alone_count: np.ndarray    # (n, 4) the count the alone curve reads for that suit
    reach: np.ndarray = None   # chance the auction reaches the node still open
    after: np.ndarray = None   # side 0's expected points after a pass here

    def gain(self, players: int) -> np.ndarray:
        """The bidder's side's gain of calling over passing (points)."""
        sgn = 1.0 if side_of(self.seat, players) == 0 else -1.0
        return sgn * (self.call_value - self.after)


def evaluate(model: BiddingModel, deals: Deals) -> list:
    """Every node's chances and values under ``model`` at every seat (a list of :class:`Node`)."""
    players = deals.rules.players
    n = deals.hands.shape[0]
    up_suit = deals.upcard % 4
    out = []
    for rnd, seat, place in nodes(players):
        hand = deals.hands[:, seat]
        count = np.zeros(n)
        p_call = np.zeros(n)
        share = np.zeros((n, 4))
        p_alone = np.zeros((n, 4))
        alone_count = np.zeros((n, 4))
        if rnd == 1:
            for u in np.unique(deals.upcard):
                r = np.nonzero(deals.upcard == u)[0]
                count[r] = model.round1_count(hand[r], place, int(u), players)
                p_order, pa = model.round1(hand[r], place, int(u), players)
                p_call[r] = p_order
                share[r, int(u) % 4] = 1.0
                p_alone[r, int(u) % 4] = pa
                alone_count[r, int(u) % 4] = count[r]
            lone = p_alone[np.arange(n), up_suit]
            value = (1 - lone) * deals.r1[:, seat, 0] + lone * np.nan_to_num(deals.r1[:, seat, 1])
        else:
            stuck = deals.rules.stick_the_dealer and place == 0
            for td in range(4):
                r = np.nonzero(up_suit == td)[0]
                p_suit, pa = model.round2(hand[r], place, td, stuck, players)
                counts = np.stack([model.count.points(hand[r], s) for s in range(4)], axis=1)
                count[r] = np.where(np.arange(4) != td, counts, -np.inf).max(axis=1)
                p_call[r] = p_suit.sum(axis=1)
                share[r] = p_suit / p_call[r, None]
                p_alone[r] = pa
                alone_count[r] = counts
            with_p = np.nan_to_num(deals.r2[:, :, seat, 0])
            lone_p = np.nan_to_num(deals.r2[:, :, seat, 1])
            value = (share * ((1 - p_alone) * with_p + p_alone * lone_p)).sum(axis=1)
        out.append(Node(rnd, seat, place, count, p_call, value, share, p_alone, alone_count))
    after = np.zeros(n)                    # all pass twice: thrown in, 0 (a stuck dealer always calls)
    for node in reversed(out):
        node.after = after
        after = node.p_call * node.call_value + (1 - node.p_call) * after
    reach = np.ones(n)
    for node in out:
        node.reach = reach
        reach = reach * (1 - node.p_call)
    return out


# -- fitting ---------------------------------------------------------------------------
def fit_logistic(x, y, w, t=None) -> tuple:
    """``(t, s)`` maximising sum w [y log L + (1 - y) log(1 - L)], L = logistic((x - t) / s).

    x, w: float arrays (n,), w >= 0; y: bool array (n,); ``t`` given: only ``s`` is fitted.
    Fitted as a + b (x - c) (a convex problem) by BFGS. Raises ValueError when the count
    does not predict y (slope <= 0).
    """
    x, w = np.asarray(x, float), np.asarray(w, float)
    keep = w > 0
    x, y, w = x[keep], np.asarray(y, bool)[keep], w[keep] / w[keep].sum()
    centre = float(np.average(x, weights=w)) if t is None else float(t)
    sgn = np.where(y, 1.0, -1.0)

    def loss(theta):
        a, b = (theta[0], theta[1]) if t is None else (0.0, theta[0])
        z = sgn * (a + b * (x - centre))
        d = -w * sgn * 0.5 * (1.0 - np.tanh(0.5 * z))          # d loss / d(a + b (x - c))
        grad = np.array([d.sum(), (d * (x - centre)).sum()])
        return np.sum(w * np.logaddexp(0.0, -z)), (grad if t is None else grad[1:])

    res = minimize(loss, np.array([0.0, 1.0] if t is None else [1.0]), jac=True, method="BFGS")
    a, b = (res.x[0], res.x[1]) if t is None else (0.0, res.x[0])
    if not b > 0:
        raise ValueError(f"the count does not predict the sign of the gain (slope {b:.3g})")
    return centre - a / b, 1.0 / b


def best_threshold(x, g, w, spread: float, lo: float = -2.0, hi: float = 20.0) -> float:
    """The ``t`` maximising the expected gain sum w g logistic((x - t) / spread) of calling by the curve.

    x, g, w: float arrays (n,) (count, gain of calling over passing, weight). A grid of
    0.05 count units finds the best region (the gain may have several local maxima),
    ``scipy.optimize.minimize_scalar`` refines it.
    """
    x, g, w = (np.asarray(a, float) for a in (x, g, w))
    wg = w * g

    def gain(t):
        return float(np.sum(wg * 0.5 * (1.0 + np.tanh(0.5 * (x - t) / spread))))

    grid = np.arange(lo, hi + 1e-9, 0.05)
    best = grid[int(np.argmax([gain(t) for t in grid]))]
    res = minimize_scalar(lambda t: -gain(t), bounds=(best - 0.05, best + 0.05), method="bounded")
    return float(res.x)


def hand_features(hands, trumps, upcard=None) -> np.ndarray:
    """(n, 22) features of each bidder's hand for ``trumps`` (int array (n,)): which of the eight trump
    ranks it holds, its trumps, plain aces, kings and queens, plain voids, the upcard's trump rank when
    it goes to the other side or to the partner (``upcard`` (n,) or None), and 1."""
    held = bits(np.asarray(hands, dtype=np.uint32))
    n = held.shape[0]
    out = np.zeros((n, 22))
    for t in range(4):
        r = np.nonzero(np.asarray(trumps) == t)[0]
        if not r.size:
            continue
        h = held[r]
        trump = h & IS_TRUMP[t]
        for p in range(8):
            out[r, p] = (trump & (POWER[t] == p)).any(axis=1)
        plain = h & ~IS_TRUMP[t]
        out[r, 8] = trump.sum(axis=1)
        out[r, 9:12] = np.stack([(plain & (RANK == k)).sum(axis=1) for k in (5, 4, 3)], axis=1)
        counts = suit_counts(h, t)
        out[r, 12] = sum(counts[:, s] == 0 for s in range(4) if s != t)
        if upcard is not None:
            up = POWER[t][np.asarray(upcard)[r]]
            for p in range(8):
                out[r, 13 + p] = up == p
    out[:, 21] = 1.0
    return out


def hand_value(features, gain, weight) -> np.ndarray:
    """The bidder's expected gain given its own hand, estimated by a weighted least-squares fit of
    ``gain`` on :func:`hand_features` (what the bidder can know: its cards, not the others')."""
    root = np.sqrt(np.asarray(weight, float))
    beta = np.linalg.lstsq(features * root[:, None], gain * root, rcond=None)[0]
    return features @ beta


def node_key(rnd: int, place: int, players: int) -> str:
    names = ("dealer", "non-dealer") if players == 2 else ("dealer", "left", "partner", "right")
    return f"{'order' if rnd == 1 else 'call'}/{names[place]}"


def lone_hands(node: "Node", deals: Deals) -> np.ndarray:
    """The hands the bidder at ``node`` plays: round 1's dealer after picking up and discarding."""
    if node.rnd == 1 and node.place == 0:
        return picked_up(deals.hands, deals.upcard, deals.rules)[:, node.seat]
    return deals.hands[:, node.seat]


def node_features(node: "Node", deals: Deals) -> np.ndarray:
    """:func:`hand_features` of the bidder at ``node`` for the suit it would call (round 2: its best by count)."""
    if node.rnd == 1:
        up = None if node.place == 0 else deals.upcard
        return hand_features(lone_hands(node, deals), deals.upcard % 4, up)
    return hand_features(deals.hands[:, node.seat], np.argmax(node.share, axis=1))


def best_response(model: BiddingModel, deals: Deals, state: list) -> tuple:
    """``(br, fits)``: the model whose every node is the best response within the family to ``model``,
    and each node's fit ``{key: (t, s, decisions)}``; ``state`` is :func:`evaluate` of ``model``."""
    players = deals.rules.players
    fits = {}
    order = list(model.order_2p if players == 2 else model.order)
    call = list(model.call_2p if players == 2 else model.call)
    for node in state:
        if deals.rules.stick_the_dealer and node.rnd == 2 and node.place == 0:
            continue                             # no choice to fit
        g = node.gain(players)
        t = best_threshold(node.count, g, node.reach, model.spread)
        value = hand_value(node_features(node, deals), g, node.reach)
        _, s = fit_logistic(node.count, value > 0, node.reach * np.abs(value), t=t)
        t_mle, s_mle = fit_logistic(node.count, g > 0, node.reach * np.abs(g))
        fits[node_key(node.rnd, node.place, players)] = (t, s, float(node.reach.sum()), t_mle, s_mle)
        (order if node.rnd == 1 else call)[node.place] = t
    if players == 2:
        return dataclasses.replace(model, order_2p=tuple(order), call_2p=tuple(call)), fits
    spread = float(np.median([f[1] for f in fits.values()]))
    xs, gs, ws, fs = [], [], [], []
    for node in state:
        for s, weight, lone in loner_gains(node, deals):
            xs.append(node.alone_count[:, s])
            gs.append(lone)
            ws.append(weight)
            fs.append(hand_features(lone_hands(node, deals), np.full(len(lone), s)))
    x, g, w = np.concatenate(xs), np.concatenate(gs), np.concatenate(ws)
    alone = best_threshold(x, g, w, model.alone_spread)
    value = hand_value(np.concatenate(fs), g, w)
    _, alone_spread = fit_logistic(x, value > 0, w * np.abs(value), t=alone)
    fits["alone"] = (alone, alone_spread, float(w.sum()), *fit_logistic(x, g > 0, w * np.abs(g)))
    return dataclasses.replace(model, order=tuple(order), call=tuple(call), spread=spread, alone=alone,
                               alone_spread=alone_spread), fits


def loner_gains(node, deals: Deals):
    """For each trump ``s`` a call at ``node`` may make: ``(s, weight, gain)``, the deals' weight of reaching
    the call (float (n,)) and what going alone gains over playing with the partner, in points for side 0
    (float (n,)); suits the node never calls are skipped."""
    sgn = 1.0 if side_of(node.seat, deals.rules.players) == 0 else -1.0
    for s in range(4):
        weight = node.reach * node.p_call * node.share[:, s]
        if not weight.any():
            continue
        table = deals.r1[:, node.seat] if node.rnd == 1 else deals.r2[:, s, node.seat]
        yield s, weight, sgn * np.nan_to_num(table[:, 1] - table[:, 0])


def deviation_gains(old_state: list, new_state: list, deals: Deals) -> dict:
    """Each node's mean gain (points per decision reached) of its best response over the rule it replaced,
    the other seats keeping the old rule; ``"alone"`` per call made."""
    players = deals.rules.players
    out = {}
    num = den = 0.0
    for old, new in zip(old_state, new_state):
        g = old.gain(players)
        out[node_key(old.rnd, old.place, players)] = float(
            np.sum(old.reach * g * (new.p_call - old.p_call)) / old.reach.sum())
        if players == 4:
            for s, weight, lone in loner_gains(old, deals):
                num += np.sum(weight * lone * (new.p_alone[:, s] - old.p_alone[:, s]))
                den += weight.sum()
    if players == 4:
        out["alone"] = float(num / den)
    return out


def params(model: BiddingModel, players: int) -> dict:
    """The derived figures by name (``order/left``, ..., ``alone``, ``spread``)."""
    names = ("dealer", "non-dealer") if players == 2 else ("dealer", "left", "partner", "right")
    order, call = (model.order_2p, model.call_2p) if players == 2 else (model.order, model.call)
    out = {f"order/{names[p]}": order[p] for p in range(len(names))}
    out.update({f"call/{names[p]}": call[p] for p in range(len(names))})
    if players == 4:
        out.update(alone=model.alone, spread=model.spread, alone_spread=model.alone_spread)
    return out


def damped(old: BiddingModel, new: BiddingModel, damping: float) -> BiddingModel:
    def mix(a, b):
        if isinstance(a, tuple):
            return tuple(x + damping * (y - x) for x, y in zip(a, b))
        return a + damping * (b - a)
    return dataclasses.replace(old, **{k: mix(getattr(old, k), getattr(new, k)) for k in
                                       ("order", "call", "order_2p", "call_2p", "alone", "spread",
                                        "alone_spread")})


def iterate(model: BiddingModel, deals: Deals, iterations: int, tol: float = 0.05, damping: float = 1.0,
            log=print) -> tuple:
    """Best responses from ``model`` until no threshold moves more than ``tol``: ``(model, record)``."""
    players = deals.rules.players
    history = []
    state = evaluate(model, deals)
    converged = False
    for it in range(1, iterations + 1):
        t0 = time.perf_counter()
        br, fits = best_response(model, deals, state)
        gains = deviation_gains(state, evaluate(br, deals), deals)
        new = damped(model, br, damping)
        before, after = params(model, players), params(new, players)
        change = {k: after[k] - before[k] for k in after}
        moved = max(abs(v) for k, v in change.items() if "spread" not in k)
        model, state = new, evaluate(new, deals)
        history.append({"iteration": it, "params": {k: round(v, 4) for k, v in after.items()},
                        "max_threshold_change": round(moved, 4),
                        "mean_gain_of_best_response": {k: round(v, 5) for k, v in gains.items()}})
        log(f"  iteration {it}: " + " ".join(f"{k} {v:.2f}" for k, v in after.items())
            + f" | max move {moved:.3f} | best gain {max(gains.values()):+.4f} pts | {time.perf_counter() - t0:.1f} s")
        if moved <= tol:
            converged = True
            break
    record = {"iterations": len(history), "converged": converged, "last_change": {k: round(v, 4) for k, v in
                                                                                      change.items()},
              "mean_gain_of_best_response": {k: round(v, 5) for k, v in gains.items()},
              "fits": {k: {"threshold": round(t, 3), "spread": round(s, 3), "decisions": round(d, 1),
                           "mle_threshold": round(tm, 3), "mle_spread": round(sm, 3)}
                       for k, (t, s, d, tm, sm) in fits.items()},
              "history": history}
    return model, record


# -- the sanity table ---------------------------------------------------------------------
SANITY = [("Jh Jd Ah Kh 9s", "9h"), ("Jh Jd Ah 9c 9s", "Kh"), ("Jh Ah Kh Ac 9s", "Qh"), ("Ah Kh Qh Ac 9s", "9h"),
          ("Th 9h Ac Kc 9s", "Jh"), ("Jd Qh Ac Kc 9s", "Ah"), ("Qs Ts 9c Td 9d", "Ks")]


def sanity_table(model: BiddingModel, log=print) -> None:
    log(f"\nP(order up) by place (dealer, left, partner, right): {model.name} vs point-count; count")
    for hand, up in SANITY:
        mask = np.uint32(mask_of(parse_cards(hand)))
        u = int(parse_cards(up)[0])
        cells = []
        for place in range(4):
            c = float(model.round1_count([mask], place, u)[0])
            cells.append(f"{model.round1([mask], place, u)[0][0]:.3f}/{POINT_COUNT.round1([mask], place, u)[0][0]:.3f}"
                         f" ({c:.2f})")
        log(f"  {hand} {up} up: " + "  ".join(cells))


# -- main -------------------------------------------------------------------------------
def derive(deals: int, seed: int, iterations: int, players=(4, 2), threads: int = 2, tol: float = 0.05,
           damping: float = 1.0, command: str = "", log=print, valuation: str = "double_dummy",
           name: str | None = None) -> BiddingModel:
    """The derived model, provenance included (see the module docs). ``valuation``: how each contract's
    play is valued (``"double_dummy"``: ``best-response-1``; ``"single_dummy"``: the fitted correction of
    :mod:`solver.advisor.single_dummy`, four players only, ``best-response-sd-3``)."""
    valuation = parse_valuation(valuation)
    for n_players in players:
        why = unsupported(valuation, Rules(players=n_players))
        if why:
            raise SystemExit(f"--valuation {valuation} with --players {n_players}: {why}")
    start = time.perf_counter()
    if name is None:
        name = "best-response-1" if valuation == "double_dummy" else "best-response-sd-3"
    model = dataclasses.replace(POINT_COUNT, name=name)
    how = ("solved double dummy" if valuation == "double_dummy" else
           "solved double dummy, each contract's points then the expected points of the single-dummy bands "
           f"the fitted correction gives (solver.advisor.single_dummy, {default_model().name})")
    provenance = {"method": "iterated best responses within the logistic point-count family over random "
                            f"deals {how} (benchmarks/tools/derive_bidding_model.py docstring)",
                  "valuation": valuation,
                  "command": command, "date": datetime.date.today().isoformat(), "seed": seed, "deals": deals,
                  "start": "point-count (solver.bidding.POLICY thresholds, spreads 0.5)",
                  "weights": "reach chance x |gain|", "tolerance": tol, "damping": damping,
                  "not_derived": {"suit_spread": model.suit_spread, "floor": model.floor}}
    if valuation == "single_dummy":
        provenance["single_dummy_model"] = {"name": default_model().name,
                                            "inner_worlds": default_model().inner_worlds}
    for n_players in players:
        t0 = time.perf_counter()
        rules = Rules(players=n_players)
        data = make_deals(deals, seed, rules, threads, valuation)
        log(f"{n_players}-player: {deals} deals, {data.solves} double-dummy solves in "
            f"{time.perf_counter() - t0:.1f} s")
        model, record = iterate(model, data, iterations, tol, damping, log)
        record.update(solves=data.solves, rules=dataclasses.asdict(rules))
        provenance[f"{n_players}-player"] = record
    if 2 not in players:
        provenance["2-player"] = "not derived: order_2p and call_2p are the point-count policy's"
    provenance["seconds"] = round(time.perf_counter() - start, 1)
    rounded = {k: (tuple(round(float(v), 3) for v in getattr(model, k)) if isinstance(getattr(model, k), tuple)
                   else round(float(getattr(model, k)), 3))
               for k in ("order", "call", "order_2p", "call_2p", "alone", "spread", "alone_spread")}
    return dataclasses.replace(model, provenance=provenance, **rounded)


def main(argv=None) -> BiddingModel:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=30000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--iterations", type=int, default=8)
    ap.add_argument("--players", type=int, nargs="+", default=[4, 2], choices=(2, 4))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--tol", type=float, default=0.05, help="stop when no threshold moves more (count units)")
    ap.add_argument("--damping", type=float, default=1.0, help="fraction of the move to the best response")
    ap.add_argument("--out", type=Path, default=None,
                    help="default solver/data/bidding-model-v1.json (double dummy), bidding-model-sd-3.json "
                         "(single dummy)")
    ap.add_argument("--valuation", default="double_dummy", choices=("double_dummy", "single_dummy",
                                                                    "double-dummy", "single-dummy"),
                    help="how each contract's play is valued (single dummy: the fitted correction, four "
                         "players only: give --players 4)")
    ap.add_argument("--name", default=None, help="the model's name (default best-response-1 / best-response-sd-3)")
    ap.add_argument("--quick", action="store_true", help="300 deals, 1 iteration (a check, not data)")
    args = ap.parse_args(argv)
    _common.require_checkout(args.out)   # shipped data must come from the code beside it
    if args.quick:
        args.deals, args.iterations = 300, 1
    command = shlex.join(["python3", "benchmarks/tools/derive_bidding_model.py", *(sys.argv[1:] if argv is None
                                                                              else argv)])
    valuation = parse_valuation(args.valuation)
    if args.out is None:
        args.out = DATA_PATH if valuation == "double_dummy" else SD_DATA_PATH
    model = derive(args.deals, args.seed, args.iterations, tuple(args.players), args.threads, args.tol,
                   args.damping, command, valuation=valuation, name=args.name)
    args.out.write_text(json.dumps(model.to_dict(), indent=1) + "\n")
    print(f"\nwrote {args.out}")
    print(" ".join(f"{k} {v:.2f}" for k, v in params(model, 4).items()))
    print(" ".join(f"{k} {v:.2f}" for k, v in params(model, 2).items()) + " (two-player)")
    sanity_table(model)
    return model


if __name__ == "__main__":
    main()
