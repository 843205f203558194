"""Speed of the double-dummy core on fixed-seed random full deals (prints figures; asserts nothing).

Prints, for full 4-hand deals (5 tricks, trump and leader fixed, solved through
``solve_many``, the core of ``solver.solve_batch``): median and p10/p90
microseconds per solve on one core, nodes per solve, solves per second with 1
and 2 threads, the transposition table's memory, each technique's effect
(switched off one at a time) and the speed ratio against the pure-Python oracle
in tests/reference.py, in the same run.

    python benchmarks/bench_solve.py [--deals 20000] [--oracle-deals 30]
"""
import argparse
import pathlib
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))            # the oracle, tests/reference.py

from solver import _search, solve_batch            # noqa: E402
from solver.cards import format_cards              # noqa: E402


def random_deals(n, seed):
    rng = np.random.default_rng(seed)
    hands = np.zeros((n, 4), np.uint32)
    for i in range(n):
        cards = rng.permutation(24)[:20]
        for s in range(4):
            hands[i, s] = np.bitwise_or.reduce(np.left_shift(np.uint32(1), cards[5 * s:5 * s + 5].astype(np.uint32)))
    return hands, rng.integers(0, 4, n).astype(np.uint8), rng.integers(0, 4, n).astype(np.uint8)


def run(hands, trump, leader, threads=1, features=_search.ALL_FEATURES, per_row=False):
    """One cold pass: every thread starts from an empty transposition table."""
    _search.reset_tables()
    in_play = np.full(len(hands), 0b1111, np.uint8)
    return _search.solve_many(hands, trump, leader, in_play, 4, threads, 16, features, per_row)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--oracle-deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    hands, trump, leader = random_deals(args.deals, args.seed)
    warm = random_deals(500, args.seed + 1)
    run(*warm)                                                        # warm up (other deals)

    tricks, nodes, nanos = run(hands, trump, leader, per_row=True)
    us = nanos / 1000.0
    p10, p50, p90 = np.percentile(us, [10, 50, 90])
    print(f"full deals: {args.deals} (seed {args.seed}), 4 hands, 5 tricks, trump and leader fixed")
    print(f"one core: median {p50:.1f} us per solve (p10 {p10:.1f}, p90 {p90:.1f}, max {us.max():.0f}); "
          f"target <= 20 us")
    print(f"nodes per solve: median {np.median(nodes):.0f}, mean {nodes.mean():.0f}, p90 {np.percentile(nodes, 90):.0f}")
    table = _search.SearchContext(16)
    print(f"transposition table: {table.table_bytes / 2**20:.1f} MiB per thread ({1 << table.table_bits:,} entries), "
          "kept between calls; every figure here starts from empty tables")

    best = []
    for _ in range(3):
        _search.reset_tables()
        t = time.perf_counter()
        solve_batch(hands, trump, leader, makers=0)
        best.append(time.perf_counter() - t)
    print(f"through solver.solve_batch (checks included): {np.median(best) / len(hands) * 1e6:.1f} us per solve "
          f"on average (batch time / deals, median of 3 runs; the per-solve median above is the core's)")

    for threads in (1, 2):
        best = []
        for _ in range(3):
            t = time.perf_counter()
            run(hands, trump, leader, threads=threads)
            best.append(time.perf_counter() - t)
        print(f"{threads} thread(s): {args.deals / np.median(best):,.0f} solves/s "
              f"(median of 3 runs, spread {min(best):.3f}-{max(best):.3f} s)")

    print("\ntechnique switched off -> median us, mean nodes (same deals, same answers):")
    sample = slice(0, min(args.deals, 3000))
    for name, bit in _search.FEATURES.items():
        t_off, n_off, ns_off = run(hands[sample], trump[sample], leader[sample],
                                   features=_search.ALL_FEATURES & ~bit, per_row=True)
        assert np.array_equal(t_off, tricks[sample]), name
        print(f"  without {name:<17} {np.median(ns_off) / 1000:8.1f} us  {n_off.mean():8.0f} nodes")

    try:
        import reference
    except ImportError:
        print("\n(oracle tests/reference.py not found: no ratio)")
        return
    k = args.oracle_deals
    t = time.perf_counter()
    for i in range(k):
        hand_dict = {"NESW"[s]: format_cards(int(hands[i, s])).split() for s in range(4)}
        value = reference.solve(hand_dict, "cdhs"[trump[i]], "NESW"[leader[i]], [], players=4)
        assert value["NS"] == tricks[i], i
    oracle_us = (time.perf_counter() - t) / k * 1e6
    print(f"\npure-Python oracle: {oracle_us:,.0f} us per solve over {k} deals (same answers); "
          f"the core is {oracle_us / np.mean(us[:k]):,.0f}x faster on the same deals")


if __name__ == "__main__":
    main()
