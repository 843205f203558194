"""Speed of the double-dummy core on fixed-seed random full deals (prints figures; asserts nothing).

Prints, for full 4-hand deals (5 tricks, trump and leader fixed, solved through
``solve_many``, the core of ``solver.solve_batch``): median, mean and p10/p90
microseconds per solve on one core (targets: median 10, mean 12; the median over
``--passes`` passes and their spread, each pass from empty tables), nodes per
solve, solves per second with 1 and 2 threads, the transposition table's memory,
each technique's worth (median us and mean nodes with it switched off, one at a
time, against all of them on, same deals), the per-call cost of the Python
boundary (``solve_batch`` on one row and ``solve(position)``, each call timed
and paired with the core's own time for the same deal from the same table state:
median and p10/p90 of the difference; limits 5 and 10 us), and the speed ratio
against the pure-Python oracle in tests/reference.py, in the same run.

    python benchmarks/bench_solve.py [--deals 20000] [--calls 3000] [--oracle-deals 30]

Wall-clock figures move with the machine's load; compare builds by instruction
counts too, which do not: ``--core-only`` makes one pass and prints its nodes, e.g.

    valgrind --tool=callgrind --toggle-collect='*solve_range' \\
        python benchmarks/bench_solve.py --deals 2000 --core-only [--without table]

(the instructions inside the core are callgrind's total; divide by the deals).
"""
import argparse
import pathlib
import sys
import time

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
import _common                                    # noqa: E402  first: checks which engine runs
sys.path.insert(0, str(ROOT / "tests"))            # the oracle, tests/reference.py

from solver import Position, _search, solve, solve_batch    # noqa: E402
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


def deal_text(hands, i):
    return " ".join(f"{'NESW'[s]}:{format_cards(int(hands[i, s]))}" for s in range(4))


def boundary_overhead(hands, trump, leader, k, measures=None):
    """Per call of solve_batch (one row) and solve(position) on k deals: call time minus the core's time
    for the same deal, each pass from empty tables so every pass searches the same trees (``measures``: a
    dict given each call's figures, :func:`_common.figure`, in µs)."""
    hands, trump, leader = hands[:k], trump[:k], leader[:k]
    positions = [Position.parse(deal_text(hands, i), "cdhs"[trump[i]], "NESW"[leader[i]]) for i in range(k)]

    def core():
        _tricks, nodes, nanos = run(hands, trump, leader, per_row=True)
        return nanos.astype(float), nodes

    def batch():
        _search.reset_tables()
        out = np.zeros(k)
        for i in range(k):
            h, t, lead = hands[i:i + 1], trump[i:i + 1], leader[i:i + 1]
            t0 = time.perf_counter_ns()
            solve_batch(h, t, lead)
            out[i] = time.perf_counter_ns() - t0
        return out

    def single():
        _search.reset_tables()
        out, nodes = np.zeros(k), np.zeros(k, np.int64)
        for i in range(k):
            pos = positions[i]
            t0 = time.perf_counter_ns()
            result = solve(pos)
            out[i] = time.perf_counter_ns() - t0
            nodes[i] = result.nodes
        return out, nodes

    core1, core_nodes = core()           # interleaved: core, batch, core, solve, core
    batch_ns = batch()
    core2, _ = core()
    solve_ns, solve_nodes = single()
    core3, _ = core()
    assert np.array_equal(solve_nodes, core_nodes)          # the same searches, so the difference is the boundary
    search = np.minimum(np.minimum(core1, core2), core3)     # the least disturbed of three passes
    print(f"\nPython boundary, {k} deals, one call each (paired with the core's time for the same deal, "
          f"median {np.median(search) / 1000:.1f} us):")
    for name, ns, limit in (("solve_batch(1 row)", batch_ns, 5), ("solve(position)", solve_ns, 10)):
        over = (ns - search) / 1000
        p10, p50, p90 = np.percentile(over, [10, 50, 90])
        print(f"  {name:<19} {np.median(ns) / 1000:6.1f} us a call; over the search: median {p50:.1f} us "
              f"(p10 {p10:.1f}, p90 {p90:.1f}); limit {limit} us")
        if measures is not None:
            key = "boundary_" + name.split("(")[0]
            measures[key + "_us"] = _common.figure(list(ns), "us a call", 1e-3)
            measures[key + "_over_search_us"] = _common.figure(list(over), "us a call over the search")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=_common.count, default=20000)
    ap.add_argument("--calls", type=int, default=3000, help="deals for the per-call boundary figures")
    ap.add_argument("--oracle-deals", type=int, default=30, help="deals for the oracle's ratio (0: none)")
    ap.add_argument("--passes", type=_common.count, default=5, help="timed passes over the deals (median and spread)")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--core-only", action="store_true",
                    help="one pass over the deals and its nodes, nothing else (to count instructions)")
    ap.add_argument("--without", choices=sorted(_search.FEATURES), action="append", default=[],
                    help="with --core-only: switch this technique off (repeatable)")
    _common.add_json_argument(ap)
    args = ap.parse_args()
    measures, results = {}, {}
    try:
        solve_figures(args, measures, results)
    finally:
        _common.report(args, results, measures)


def solve_figures(args, measures: dict, results: dict) -> None:
    """Print every figure, and put the timed ones in ``measures`` (:func:`_common.figure`), the rest in
    ``results``."""
    hands, trump, leader = random_deals(args.deals, args.seed)
    if args.core_only:
        features = _search.ALL_FEATURES
        for name in args.without:
            features &= ~_search.FEATURES[name]
        tricks, nodes = run(hands, trump, leader, features=features)
        print(f"{args.deals} deals (seed {args.seed}), without {args.without or 'nothing'}: "
              f"{nodes / args.deals:.1f} nodes a deal, side 0 took {int(tricks.astype(int).sum())} tricks")
        results["nodes_per_deal"] = nodes / args.deals
        return
    warm = random_deals(500, args.seed + 1)
    run(*warm)                                                        # warm up (other deals)

    medians, means, per_deal = [], [], []
    for _ in range(args.passes):
        tricks, nodes, nanos = run(hands, trump, leader, per_row=True)
        us = nanos / 1000.0
        medians.append(np.median(us))
        means.append(us.mean())
        per_deal.append(us)
    us = np.minimum.reduce(per_deal)              # each deal's least disturbed pass, for the percentiles
    p10, p90 = np.percentile(us, [10, 90])
    print(f"full deals: {args.deals} (seed {args.seed}), 4 hands, 5 tricks, trump and leader fixed")
    print(f"one core, {args.passes} passes from empty tables: median {np.median(medians):.1f} us per solve "
          f"(passes {min(medians):.1f}-{max(medians):.1f}), mean {np.median(means):.1f} "
          f"(passes {min(means):.1f}-{max(means):.1f}); target median 10, mean 12")
    print(f"each deal's fastest pass: median {np.median(us):.1f} us, mean {us.mean():.1f} "
          f"(p10 {p10:.1f}, p90 {p90:.1f}, max {us.max():.0f})")
    print(f"nodes per solve: median {np.median(nodes):.0f}, mean {nodes.mean():.0f}, p90 {np.percentile(nodes, 90):.0f}")
    measures["solve_us_pass_median"] = _common.figure([float(m) for m in medians], "us a solve (a pass's median)")
    measures["solve_us_pass_mean"] = _common.figure([float(m) for m in means], "us a solve (a pass's mean)")
    measures["solve_us_fastest_pass"] = _common.figure([float(x) for x in us], "us a solve (each deal's fastest pass)")
    results["nodes"] = {"median": float(np.median(nodes)), "mean": float(nodes.mean()),
                        "p90": float(np.percentile(nodes, 90))}
    table = _search.SearchContext(16)
    print(f"transposition table: {table.table_bytes / 2**20:.1f} MiB per thread ({1 << table.table_bits:,} entries), "
          "kept between calls; every figure here starts from empty tables")

    best = []
    for _ in range(3):
        _search.reset_tables()
        t = time.perf_counter()
        solve_batch(hands, trump, leader, makers=0)
        best.append(time.perf_counter() - t)
    measures["solve_batch_us"] = _common.figure(best, "us a solve (batch time / deals)", 1e6 / len(hands))
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
        measures[f"solves_per_s_{threads}_threads"] = _common.figure(
            [args.deals / b for b in best], "solves/s", against=measures.get("solves_per_s_1_threads"),
            against_name="solves_per_s_1_threads" if threads > 1 else None)

    sample = slice(0, min(args.deals, 3000))
    print(f"\ntechnique switched off -> median us, mean nodes, mean us (the first {sample.stop:,} deals, "
          f"same answers; the configurations interleaved, {args.passes} passes, medians of the passes' figures):")
    configs = [("all on (reference)", _search.ALL_FEATURES)] + [
        (f"without {name}", _search.ALL_FEATURES & ~bit) for name, bit in _search.FEATURES.items()]
    figures = {label: ([], [], None) for label, _ in configs}
    for _ in range(args.passes):
        for label, features in configs:
            t_off, n_off, ns_off = run(hands[sample], trump[sample], leader[sample], features=features, per_row=True)
            assert np.array_equal(t_off, tricks[sample]), label
            figures[label][0].append(np.median(ns_off) / 1000)
            figures[label][1].append(ns_off.mean() / 1000)
            figures[label] = (figures[label][0], figures[label][1], n_off.mean())
    reference_label = configs[0][0]
    for label, (medians_us, means_us, mean_nodes) in figures.items():
        print(f"  {label:<25} {np.median(medians_us):5.1f} us  {mean_nodes:8.0f} nodes  (mean {np.median(means_us):.1f} us)")
        key = "technique " + label
        measures[key] = _common.figure([float(m) for m in medians_us], "us a solve (a pass's median)",
                                       against=measures.get("technique " + reference_label),
                                       against_name=None if label == reference_label else "technique " + reference_label)
        results.setdefault("technique_mean_nodes", {})[label] = float(mean_nodes)

    # no trump (Rules.allow_no_trump, the core's trump 4): the same deals and leaders, interleaved with the
    # trump solves, so the ratio compares like with like under the same load
    nt = np.full(len(hands), _search.NO_TRUMP_VALUE, np.uint8)
    nt_medians, trump_medians, nt_nodes = [], [], None
    for _ in range(args.passes):
        _t, nt_nodes, nt_ns = run(hands[sample], nt[sample], leader[sample], per_row=True)
        _t, _n, tr_ns = run(hands[sample], trump[sample], leader[sample], per_row=True)
        nt_medians.append(np.median(nt_ns) / 1000)
        trump_medians.append(np.median(tr_ns) / 1000)
    ratios = np.array(nt_medians) / np.array(trump_medians)
    print(f"\nno trump (trump 4), the first {sample.stop:,} deals, {args.passes} interleaved passes: median "
          f"{np.median(nt_medians):.1f} us per solve (passes {min(nt_medians):.1f}-{max(nt_medians):.1f}), mean nodes "
          f"{nt_nodes.mean():.0f}; against the same deals in their trump suits: ratio of medians "
          f"{np.median(ratios):.2f} (passes {ratios.min():.2f}-{ratios.max():.2f})")

    measures["trump_us_same_deals_pass_median"] = _common.figure([float(x) for x in trump_medians],
                                                                 "us a solve (a pass's median)")
    measures["no_trump_us_pass_median"] = _common.figure([float(x) for x in nt_medians], "us a solve (a pass's median)",
                                                         against=measures["trump_us_same_deals_pass_median"],
                                                         against_name="trump_us_same_deals_pass_median")
    boundary_overhead(hands, trump, leader, min(args.calls, args.deals), measures)

    try:
        import reference
    except ImportError:
        print("\n(oracle tests/reference.py not found: no ratio)")
        return
    k = min(args.oracle_deals, args.deals)
    if k <= 0:
        return
    t = time.perf_counter()
    for i in range(k):
        hand_dict = {"NESW"[s]: format_cards(int(hands[i, s])).split() for s in range(4)}
        value = reference.solve(hand_dict, "cdhs"[trump[i]], "NESW"[leader[i]], [], players=4)
        assert value["NS"] == tricks[i], i
    oracle_us = (time.perf_counter() - t) / k * 1e6
    print(f"\npure-Python oracle: {oracle_us:,.0f} us per solve over {k} deals (same answers); "
          f"the core is {oracle_us / np.mean(us[:k]):,.0f}x faster on the same deals")
    results["oracle"] = {"us_per_solve": oracle_us, "deals": k, "ratio_to_core": oracle_us / float(np.mean(us[:k]))}


if __name__ == "__main__":
    main()
