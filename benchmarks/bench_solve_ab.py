"""The double-dummy core of this checkout against other builds of it, interleaved in one process.

Loads each checkout's built ``solver/_search`` extension side by side (``pip install -e .`` or
``python setup.py build_ext -i`` there first), then solves the same seeded random full deals with each,
pass after pass in turn from empty tables, and prints per build the median and mean microseconds per
deal of every pass (their range), those of each deal's fastest pass, and the ratio of the medians
against this checkout's. Every build must give the same tricks on every deal. Wall-clock figures move
with the machine's load; interleaving the passes shares that load out evenly between the builds.

    python3 benchmarks/bench_solve_ab.py OTHER_CHECKOUT [MORE ...] [--deals 20000] [--passes 8]
"""
import argparse
import importlib.machinery
import importlib.util
import pathlib
import sys

import numpy as np

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

import _common                            # noqa: E402  first: checks which engine runs
from bench_solve import random_deals      # noqa: E402


def load_core(checkout: pathlib.Path):
    """The ``solver._search`` module built in ``checkout`` (its own copy, beside any other)."""
    built = sorted((checkout / "solver").glob("_search.*.so")) + sorted((checkout / "solver").glob("_search.*.pyd"))
    if not built:
        sys.exit(f"{checkout}: no built solver/_search extension (run 'pip install -e .' there)")
    loader = importlib.machinery.ExtensionFileLoader("solver._search", str(built[0]))
    spec = importlib.util.spec_from_file_location("solver._search", str(built[0]), loader=loader)
    module = importlib.util.module_from_spec(spec)
    loader.exec_module(module)
    return module


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("others", nargs="+", type=pathlib.Path, help="other checkouts, each with its core built")
    ap.add_argument("--deals", type=_common.count, default=20000)
    ap.add_argument("--passes", type=_common.count, default=8)
    ap.add_argument("--seed", type=int, default=2026)
    _common.add_json_argument(ap)
    args = ap.parse_args()
    measures = {}
    checkouts = [ROOT] + [p.resolve() for p in args.others]
    cores = [load_core(c) for c in checkouts]
    hands, trump, leader = random_deals(args.deals, args.seed)
    in_play = np.full(args.deals, 0b1111, np.uint8)
    passes = [[] for _ in cores]
    tricks = None
    for _ in range(args.passes):
        for i, core in enumerate(cores):
            core.reset_tables()
            got, _nodes, nanos = core.solve_many(hands, trump, leader, in_play, 4, 1, 16, core.ALL_FEATURES, True)
            if tricks is None:
                tricks = got
            elif not np.array_equal(tricks, got):
                sys.exit(f"{checkouts[i]}: other tricks than {checkouts[0]} on the same deals")
            passes[i].append(nanos / 1000.0)
    print(f"{args.deals} random full deals (seed {args.seed}), {args.passes} interleaved passes each, one thread")
    base = None
    for checkout, us in zip(checkouts, passes):
        medians = [np.median(p) for p in us]
        means = [p.mean() for p in us]
        fastest = np.minimum.reduce(us)
        median = float(np.median(medians))
        base = median if base is None else base
        print(f"{str(checkout):<40} median {median:5.2f} us (passes {min(medians):.2f}-{max(medians):.2f}), "
              f"mean {np.median(means):5.2f} ({min(means):.2f}-{max(means):.2f}); fastest pass a deal: median "
              f"{np.median(fastest):.2f}, mean {fastest.mean():.2f}; median / this checkout's {median / base:.3f}")
        ref = f"{checkouts[0]} | pass_median_us"
        measures[f"{checkout} | pass_median_us"] = _common.figure(
            [float(m) for m in medians], "us a solve (a pass's median)", against=measures.get(ref),
            against_name=ref if checkout != checkouts[0] else None)
        measures[f"{checkout} | pass_mean_us"] = _common.figure([float(m) for m in means], "us a solve (a pass's mean)")
    _common.report(args, {"checkouts": [str(c) for c in checkouts], "same_tricks": True}, measures)


if __name__ == "__main__":
    main()
