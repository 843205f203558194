"""Where the bid advisor's time goes: CPU inside ``solver.dd.solve_batch`` (the double-dummy core and its
boundary) against the Python around it (worlds, the bidding model, inference, the dealer's discards, tallies).

One core, 2,000 worlds, every option, each decision from cold transposition tables, the CPU time of the
process (steadier than wall time on a shared machine); the same decisions as ``bench_advise.py``'s one-thread
cases, with and without inference. Prints the median over the repeats (seeds 1..repeats) of the whole
decision, of the part inside ``solve_batch`` and of the rest, with the rest's share.

    python3 benchmarks/bench_advise_split.py [--repeats 7] [--worlds 2000]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

import _common                                    # noqa: E402  first: checks which engine runs

import solver.dd as dd                  # noqa: E402
from solver import _search              # noqa: E402
from _common import advise_pieces       # noqa: E402

CASES = [
    ("round 1, N (S deals)", dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S")),
    ("round 1, dealer S picks up?", dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="S")),
    ("round 2, N (W deals)", dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2)),
]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeats", type=_common.count, default=7)
    ap.add_argument("--worlds", type=int, default=2000)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    measures, results = {}, {}
    inside = [0.0]
    real = dd.solve_batch

    def timed(*a, **k):
        c0 = time.process_time()
        try:
            return real(*a, **k)
        finally:
            inside[0] += time.process_time() - c0

    print(f"advise_bid(): one decision, every option, {args.worlds} worlds, one thread, CPU ms, "
          f"median of {args.repeats} seeds")
    print(f"{'case':<30} {'set-up':<16} {'total':>7} {'core':>7} {'rest':>7}  rest share")
    dd.solve_batch = timed
    try:
        for name, kwargs in CASES:
            for label, extra in (("default", {}), ("inference=False", dict(inference=False))):
                advise_pieces(**kwargs, **extra, worlds=args.worlds, seed=0, threads=1)       # warm up
                total, core = [], []
                for seed in range(1, args.repeats + 1):
                    _search.reset_tables()
                    inside[0] = 0.0
                    c0 = time.process_time()
                    advise_pieces(**kwargs, **extra, worlds=args.worlds, seed=seed, threads=1)
                    total.append(time.process_time() - c0)
                    core.append(inside[0])
                rest = [t - c for t, c in zip(total, core)]
                share = statistics.median(r / t for r, t in zip(rest, total))
                print(f"{name:<30} {label:<16} {statistics.median(total) * 1e3:7.1f} "
                      f"{statistics.median(core) * 1e3:7.1f} {statistics.median(rest) * 1e3:7.1f}  {share:.0%}")
                for part, values in (("total", total), ("core", core), ("rest", rest)):
                    measures[f"{name} | {label} | {part}_cpu_ms"] = _common.figure(values, "CPU ms a decision", 1e3)
                results[f"{name} | {label} | rest_share"] = share
    finally:
        dd.solve_batch = real
    _common.report(args, results, measures)


if __name__ == "__main__":
    main()
