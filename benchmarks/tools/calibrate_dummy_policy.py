"""Where the dummy-hands bidding policy's weight comes from (``BiddingPolicy.dummy_weight``).

In the dummy-hands variant a call scores two hands: tricks 1-5 with the
personal hands and tricks 6-10 with the face-up dummies. The dummies are known
to both players, so the second set's double-dummy points for each trump and
maker are public; the policy adds them to the personal-hand point count with a
weight ``w`` (count units per point) and keeps the two-player thresholds. So a
seat calls when ``count + w * dummy_points >= threshold``: with the thresholds
set where the first set's mean points reach zero, that is "call when the first
set's expected points plus the second set's points are about zero or more",
if the first set's mean points rise by ``1 / w`` per count unit near the
threshold.

This script deals random two-player hands, scores each call the policy could
make (the non-dealer and the dealer ordering up, the dealer discarding by
``dealer_discard``; each seat naming its best suit in round 2) with the
two-player count, solves the first set double dummy, and fits the slope of the
mean points against the count for counts within 1.5 of the threshold. It prints
the slope per call and ``w = 1 / slope`` over all of them.

    python3 benchmarks/tools/calibrate_dummy_policy.py [--deals 20000] [--seed 7]
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Rules, solve_batch                         # noqa: E402
from solver.bidding import POLICY, dealer_discard             # noqa: E402
from solver.cardtables import CARD_BITS                       # noqa: E402
from solver.laws import makers_points                             # noqa: E402

RULES = Rules(players=2)
DEALER, OTHER = 2, 0                                            # S deals, N leads


def deal(n, rng):
    hands = np.zeros((n, 4), dtype=np.uint32)
    up = np.zeros(n, dtype=np.int64)
    for i in range(n):
        perm = rng.permutation(24)
        hands[i, 0] = np.bitwise_or.reduce(CARD_BITS[perm[0:5]])
        hands[i, 2] = np.bitwise_or.reduce(CARD_BITS[perm[5:10]])
        up[i] = perm[10]
    return hands, up


def first_set_points(hands, trump, maker):
    """Makers' points of the first set when ``maker`` made ``trump`` (array); the non-dealer leads."""
    out = np.zeros(len(hands), dtype=np.int64)
    side = maker // 2
    for t in range(4):
        rows = np.nonzero(trump == t)[0]
        if rows.size:
            tricks = solve_batch(hands[rows], t, OTHER, side, 0b0101, 2)
            out[rows] = [makers_points(int(k), RULES) for k in tricks]
    return out


def slope(label, score, pts, threshold):
    sel = np.abs(score - threshold) <= 1.5
    a, b = np.polyfit(score[sel], pts[sel], 1)
    print(f"  {label:<32} n={sel.sum():6d}  mean points {a:+.3f} per count unit "
          f"(zero at count {-b / a:.2f}; threshold {threshold})")
    return a, sel.sum()


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    rng = np.random.default_rng(args.seed)
    t0 = time.perf_counter()
    hands, up = deal(args.deals, rng)
    t_up = up % 4
    fits = []
    # round 1: the non-dealer orders up; the dealer picks up and discards by the heuristic
    picked = hands.copy()
    six = picked[:, DEALER] | CARD_BITS[up]
    for t in range(4):
        rows = t_up == t
        picked[rows, DEALER] = six[rows] & ~CARD_BITS[dealer_discard(six[rows], t)]
    for maker, rel in ((OTHER, 1), (DEALER, 0)):
        score = np.zeros(args.deals)
        for t in range(4):
            rows = t_up == t
            if rel == 0:
                score[rows] = POLICY.points(picked[rows, DEALER], t)
            else:
                score[rows] = (POLICY.points(hands[rows, maker], t)
                               - POLICY.upcard_factor * POLICY.card_points(t)[up[rows]])
        pts = first_set_points(picked, t_up, maker)
        fits.append(slope(f"round 1, {'dealer' if rel == 0 else 'non-dealer'} orders up", score, pts,
                          POLICY.order_2p[rel]))
    # round 2: each seat names its best suit other than the turned-down one
    for maker, rel in ((OTHER, 1), (DEALER, 0)):
        scores = np.full((args.deals, 4), -np.inf)
        for s in range(4):
            scores[:, s] = np.where(t_up == s, -np.inf, POLICY.points(hands[:, maker], s))
        best = np.argmax(scores, axis=1)
        score = scores[np.arange(args.deals), best]
        pts = first_set_points(hands, best, maker)
        fits.append(slope(f"round 2, {'dealer' if rel == 0 else 'non-dealer'} names a suit", score, pts,
                          POLICY.call_2p[rel]))
    a = sum(f[0] * f[1] for f in fits) / sum(f[1] for f in fits)
    print(f"\npooled slope {a:+.3f} points per count unit -> dummy_weight = 1/slope = {1 / a:.2f} "
          f"({args.deals} deals, {time.perf_counter() - t0:.1f} s)")


if __name__ == "__main__":
    main()
