"""Where the bidding policy's thresholds come from (solver.bidding.BiddingPolicy).

Deals random hands, and for each seat (by its place after the dealer) scores its
hand with the policy's point count and solves double dummy what the call would
bring: ordering up in round 1 (the dealer discarding by ``dealer_discard``),
naming the best suit in round 2, each with and without going alone. Prints, per
seat and score band, the mean points of the call; a threshold is the lowest
score from which the mean stays at or above zero (for alone: above the mean with
the partner).

    python3 benchmarks/tools/calibrate_policy.py [--deals 20000] [--players 4] [--seed 7] [--threads 2]
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
from solver.laws import first_leader, makers_points               # noqa: E402


def deal(n, rng, players):
    hands = np.zeros((n, 4), dtype=np.uint32)
    up = np.zeros(n, dtype=np.int64)
    seats = (0, 1, 2, 3) if players == 4 else (0, 2)
    for i in range(n):
        perm = rng.permutation(24)
        for k, s in enumerate(seats):
            hands[i, s] = np.bitwise_or.reduce(CARD_BITS[perm[5 * k:5 * k + 5]])
        up[i] = perm[5 * len(seats)]
    return hands, up


def solve(hands, trump, dealer, maker, alone, rules, threads):
    """Makers' tricks when ``maker`` (one seat) made ``trump`` (array), alone or not."""
    h = hands.copy()
    in_play = 0b1111 if rules.players == 4 else 0b0101
    lone = None
    if alone:
        partner = (maker + 2) % 4
        h[:, partner] = 0
        in_play &= ~(1 << partner)
        lone = maker
    leader = int(first_leader(dealer, rules, alone=lone))
    side = maker // 2 if rules.players == 2 else maker % 2
    out = np.zeros(len(h), dtype=np.int64)
    for t in range(4):
        rows = trump == t
        if rows.any():
            out[rows] = solve_batch(h[rows], t, leader, side, in_play, rules.players, threads)
    return out


def points(tricks, rules, alone):
    return np.array([makers_points(int(t), rules, alone) for t in tricks])


def report(label, score, pts, base=None):
    print(f"\n{label}")
    edges = np.arange(2.0, 14.01, 0.5)
    crossing = None
    for lo in edges:
        sel = (score >= lo) & (score < lo + 0.5)
        if sel.sum() < 30:
            continue
        gain = pts[sel] - (0 if base is None else base[sel])
        m = gain.mean()
        print(f"  score {lo:5.1f}-{lo + 0.5:<5.1f} n={sel.sum():6d} mean {'gain' if base is not None else 'points'} "
              f"{m:+.3f}")
        if m >= 0 and crossing is None:
            crossing = lo
        elif m < 0:
            crossing = None
    print(f"  -> threshold about {crossing}")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--players", type=int, default=4, choices=(2, 4))
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--threads", type=int, default=2)
    args = ap.parse_args(argv)
    rules = Rules(players=args.players)
    rng = np.random.default_rng(args.seed)
    t0 = time.perf_counter()
    hands, up = deal(args.deals, rng, args.players)
    dealer = 0
    up_suit = up % 4
    rels = (1, 2, 3, 0) if args.players == 4 else (1, 0)
    for rel in rels:
        seat = (dealer + rel) % 4 if args.players == 4 else (2 if rel == 1 else 0)
        # round 1: the seat orders up; the dealer picks up and discards by the heuristic
        h1 = hands.copy()
        score = np.zeros(args.deals)
        for t in range(4):
            rows = np.nonzero(up_suit == t)[0]
            six = h1[rows, dealer] | CARD_BITS[up[rows]]
            h1[rows, dealer] = six & ~CARD_BITS[dealer_discard(six, t)]
            for u in np.unique(up[rows]):
                r = rows[up[rows] == u]
                if rel == 0:
                    six_r = hands[r, dealer] | CARD_BITS[u]
                    score[r] = POLICY.points(six_r & ~CARD_BITS[dealer_discard(six_r, t)], t)
                else:
                    adj = POLICY.card_points(t)[u] * POLICY.upcard_factor
                    partner = args.players == 4 and rel == 2
                    score[r] = POLICY.points(hands[r, seat], t) + (adj if partner else -adj)
        tr = solve(h1, up_suit, dealer, seat, False, rules, args.threads)
        p_team = points(tr, rules, False)
        report(f"round 1, rel {rel}: order up", score, p_team)
        if args.players == 4:
            tr_alone = solve(h1, up_suit, dealer, seat, True, rules, args.threads)
            report(f"round 1, rel {rel}: alone instead of with partner", score, points(tr_alone, rules, True), p_team)
        # round 2: the seat names its best suit other than the upcard's
        best_score = np.full(args.deals, -1.0)
        best_suit = np.zeros(args.deals, dtype=np.int64)
        for t in range(4):
            s = POLICY.points(hands[:, seat], t)
            s[up_suit == t] = -1.0
            better = s > best_score
            best_score[better], best_suit[better] = s[better], t
        tr2 = solve(hands, best_suit, dealer, seat, False, rules, args.threads)
        p2 = points(tr2, rules, False)
        report(f"round 2, rel {rel}: call the best suit", best_score, p2)
        if args.players == 4:
            tr2a = solve(hands, best_suit, dealer, seat, True, rules, args.threads)
            report(f"round 2, rel {rel}: alone instead of with partner", best_score, points(tr2a, rules, True), p2)
    print(f"\n{args.deals} deals in {time.perf_counter() - t0:.1f} s")


if __name__ == "__main__":
    main()
