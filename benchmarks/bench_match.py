"""Speed of match play (solver.match): deals per second per core.

* ``policy`` against ``policy``, four-player and two-player (each deal is two tables), one core,
  with the per-decision time limit on (the default) and off        target: at least 500 deals/s
* ``advisor`` (``--worlds``, default 200) against ``policy``: seconds per deal, and the time a
  1,000-deal duplicate match would take with ``--jobs 2`` on this machine (deals/s x 2 cores,
  assuming the cores are free)                                      target: within 20 minutes

``cpu`` is the process's CPU time, steadier than the wall time on a shared machine.

    python3 benchmarks/bench_match.py [--deals 1000] [--advisor-deals 4] [--worlds 200]

``--measure`` instead plays the matches of issue 13's "what the match says" (seed 1, ``--jobs``
workers) and prints each one's points per deal for A with its 95% interval and the deals used (the
advisor at its default valuation, single dummy, and once double dummy against the same policy deals):

    python3 benchmarks/bench_match.py --measure [--jobs 2] [--scale 1.0] [--only 'whole games']
"""
import _common                                    # first: checks which engine runs
import argparse
import time

from solver import Method, Rules, play_match as match
from solver.match import AdvisorAgent


def timed(fn):
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return out, time.perf_counter() - w, time.process_time() - c


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=_common.count, default=1000)
    ap.add_argument("--advisor-deals", type=int, default=4)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--measure", action="store_true", help="play the issue's measurement matches instead")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--scale", type=float, default=1.0, help="multiply every measurement's deals")
    ap.add_argument("--only", default="", help="play only the measurements whose label contains this")
    _common.add_json_argument(ap)
    args = ap.parse_args()
    measures, results = {}, {}
    if args.measure:
        measure(args.jobs, args.scale, args.only, results)
        _common.report(args, results, measures)
        return
    match("policy", "policy", deals=20, seed=0)                          # warm up imports and tables
    for label, rules, limit in [("4p, time limit on ", Rules(), 10.0), ("4p, time limit off", Rules(), None),
                                ("2p, time limit on ", Rules(players=2), 10.0)]:
        _, wall, cpu = timed(lambda: match("policy", "policy", deals=args.deals, seed=1, rules=rules,
                                           time_limit=limit))
        print(f"policy vs policy {label}: {args.deals} deals in {wall:.2f} s wall ({args.deals / wall:.0f} deals/s), "
              f"{cpu:.2f} s cpu ({args.deals / cpu:.0f} deals/s/core)   target >= 500")
        # one timed match each: a single value (n 1), its interval [min, max]
        measures[f"policy vs policy {label.strip()} | deals_per_s"] = _common.figure([args.deals / wall], "deals/s")
        measures[f"policy vs policy {label.strip()} | deals_per_cpu_s"] = _common.figure([args.deals / cpu],
                                                                                          "deals/s/core")
    n = args.advisor_deals
    _, wall, cpu = timed(lambda: match("advisor", "policy", deals=n, seed=1, method=Method(worlds=args.worlds)))
    per = cpu / n
    print(f"advisor ({args.worlds} worlds) vs policy: {n} deals in {wall:.1f} s wall, {cpu:.1f} s cpu "
          f"({per:.2f} s cpu/deal); 1,000 deals with --jobs 2: ~{1000 * per / 2 / 60:.1f} min   target <= 20 min")
    measures["advisor vs policy | cpu_s_per_deal"] = _common.figure([per], "CPU s a deal")
    results["advisor_vs_policy"] = {"deals": n, "wall_s": wall, "cpu_s": cpu}
    _common.report(args, results, measures)


def advisor(worlds: int, score_aware: bool = True, **members) -> AdvisorAgent:
    """The advisor agent at ``worlds`` worlds a decision, its other ``members`` of the method as given."""
    return AdvisorAgent(score_aware=score_aware, method=Method(worlds=worlds, **members))


MEASUREMENTS = [   # label, agent A, agent B, rules, deals (games), [games]
    ("advisor(200) vs policy, 4p", advisor(200), "policy", Rules(), 1000),
    ("advisor(200, double dummy) vs policy, 4p", advisor(200, valuation="double_dummy"), "policy", Rules(),
     1000),
    ("advisor(200) vs random, 4p", advisor(200), "random", Rules(), 200),
    ("advisor(200) vs policy, 2p", advisor(200), "policy", Rules(players=2), 500),
    ("advisor(200) vs random, 2p", advisor(200), "random", Rules(players=2), 200),
    ("advisor(200) inference vs no inference, 4p", advisor(200), advisor(200, inference=False),
     Rules(), 500),
    ("advisor(50) vs policy, 4p", advisor(50), "policy", Rules(), 300),
    ("advisor(1000) vs advisor(200), 4p", advisor(1000), advisor(200), Rules(), 150),
    ("double-dummy vs advisor(200), 4p", "double-dummy", advisor(200), Rules(), 200),
    ("advisor(200) score-aware vs points-only, 4p whole games", advisor(200),
     advisor(200, score_aware=False), Rules(), 60, True),
]


def measure(jobs: int, scale: float, only: str = "", results: dict | None = None) -> None:
    """Play the measurement matches; ``results`` (a dict) is given each one's figures."""
    results = {} if results is None else results
    for label, a, b, rules, deals, *games in MEASUREMENTS:
        if only not in label:
            continue
        n = max(2, int(deals * scale))
        r, wall, _ = timed(lambda: match(a, b, deals=n, seed=1, rules=rules, jobs=jobs, games=bool(games)))
        if r.games:
            g = r.games
            lo, hi = g["won_interval"]
            print(f"{label}: A won {g['won']:.1%} of games (95% {lo:.1%} to {hi:.1%}), {g['games']} games at two "
                  f"tables, {r.points_per_deal:+.3f} points/deal over {r.deals} paired deals, seed 1, "
                  f"{wall:.0f} s", flush=True)
            results[label] = {"games": g, "points_per_deal": r.points_per_deal, "deals": r.deals, "wall_s": wall}
            continue
        lo, hi = r.interval
        print(f"{label}: {r.points_per_deal:+.3f} points/deal (95% {lo:+.3f} to {hi:+.3f}), won {r.won:.1%} "
              f"lost {r.lost:.1%}, {n} deals, seed 1, forfeits {len(r.forfeits)}, {wall:.0f} s", flush=True)
        results[label] = {"points_per_deal": r.points_per_deal, "interval": [lo, hi], "won": r.won, "lost": r.lost,
                          "deals": n, "forfeits": len(r.forfeits), "wall_s": wall}


if __name__ == "__main__":
    main()
