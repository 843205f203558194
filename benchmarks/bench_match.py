"""Speed of match play (solver.match): deals per second per core.

* ``policy`` against ``policy``, four-player and two-player (each deal is two tables), one core,
  with the per-decision time limit on (the default) and off        target: at least 500 deals/s
* ``advisor`` (``--worlds``, default 200) against ``policy``: seconds per deal, and the time a
  1,000-deal duplicate match would take with ``--jobs 2`` on this machine (deals/s x 2 cores,
  assuming the cores are free)                                      target: within 20 minutes

``cpu`` is the process's CPU time, steadier than the wall time on a shared machine.

    python3 benchmarks/bench_match.py [--deals 1000] [--advisor-deals 4] [--worlds 200]
"""
import argparse
import time

from solver import Rules, match


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--advisor-deals", type=int, default=4)
    ap.add_argument("--worlds", type=int, default=200)
    args = ap.parse_args()
    match("policy", "policy", deals=20, seed=0)                          # warm up imports and tables
    for label, rules, limit in [("4p, time limit on ", Rules(), 10.0), ("4p, time limit off", Rules(), None),
                                ("2p, time limit on ", Rules(players=2), 10.0)]:
        _, wall, cpu = timed(lambda: match("policy", "policy", deals=args.deals, seed=1, rules=rules,
                                           time_limit=limit))
        print(f"policy vs policy {label}: {args.deals} deals in {wall:.2f} s wall ({args.deals / wall:.0f} deals/s), "
              f"{cpu:.2f} s cpu ({args.deals / cpu:.0f} deals/s/core)   target >= 500")
    n = args.advisor_deals
    _, wall, cpu = timed(lambda: match("advisor", "policy", deals=n, seed=1, worlds=args.worlds))
    per = cpu / n
    print(f"advisor ({args.worlds} worlds) vs policy: {n} deals in {wall:.1f} s wall, {cpu:.1f} s cpu "
          f"({per:.2f} s cpu/deal); 1,000 deals with --jobs 2: ~{1000 * per / 2 / 60:.1f} min   target <= 20 min")


if __name__ == "__main__":
    main()
