"""Speed of the corpus review (solver.review_corpus) on one process, a local pool and a local Dask cluster.

The corpus: the shared games (tests/data/egn/, with the two files there that are not records) and
``--generated`` one-deal records played by the match agents (policy against random), in a
temporary directory. Each way of running it reviews the whole corpus ``--repeats`` times (the lines
kept in memory; the same lines every time, whatever runs them):

* 1 process            review_corpus(..., executor=None)
* process pool of 2    review_corpus(..., jobs=2)
* Dask LocalCluster 2  review_corpus(..., executor=Client(LocalCluster(2 workers, 1 thread)).get_executor());
                       the cluster's start is timed apart and not counted

Prints for each: deals per second of wall clock (median, with the min and max over the repeats),
deals per CPU-second of the reviews (the lines' ``cpu_seconds``: what one core does when it is not
shared), the speed-up against one process (ratio of the medians of wall clock), and the machine's
load average before and after (wall-clock figures are noisy when other work shares the cores).
Then the scale on paper: deals per CPU-second on one core, the core-hours of a million games at
the shared records' median deals per game, and the single-thread workers that would review them in
a day.

    python3 benchmarks/bench_corpus.py [--worlds 200] [--generated 40] [--repeats 3] [--workers 2]
"""
import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
import _common                                    # noqa: E402  first: checks which engine runs

from solver import Method, review_corpus               # noqa: E402
from solver.match import match                         # noqa: E402
from solver.records import dump_egn, load_game         # noqa: E402
from solver.review.cluster import cluster_executor     # noqa: E402
from solver.review.lines import TIMING_FIELDS          # noqa: E402

EGN_DIR = ROOT / "tests" / "data" / "egn"


def make_corpus(root: Path, generated: int, seed: int) -> None:
    shutil.copytree(EGN_DIR, root / "shared")
    (root / "generated").mkdir()
    tables = match("policy", "random", deals=max(1, generated // 2), seed=seed, keep_hands=True).tables
    for t in tables[:generated]:
        (root / "generated" / f"deal-{t.deal}-table-{t.table}.egn").write_text(dump_egn(t.hand) + "\n")


def strip(lines):
    return sorted((tuple(sorted((k, repr(v)) for k, v in x.items() if k not in TIMING_FIELDS)) for x in lines))


#: each run's :func:`_common.figure` of deals/s (wall clock) and deals per CPU-second, by its name
MEASURES: dict = {}


def run(name, corpus, repeats, reference, **kw):
    """``(median deals/s, median deals per CPU-second of the reviews, last result)``; the figures also go
    into :data:`MEASURES` (against the first run's, one process)."""
    rates, per_cpu, result = [], [], None
    for _ in range(repeats):
        result = review_corpus([corpus], progress=False, **kw)
        rates.append(result.deals_per_second)
        deals = [x for x in result.lines if x["kind"] == "deal"]
        per_cpu.append(len(deals) / sum(x["cpu_seconds"] for x in deals))
    same = reference is None or strip(result.lines) == reference
    print(f"{name:<26} {statistics.median(rates):8.2f} {min(rates):8.2f} {max(rates):8.2f} "
          f"{statistics.median(per_cpu):11.2f}   {result.reviewed} deals in {result.seconds:.1f} s"
          f"{'' if same else '  LINES DIFFER'}")
    base = next(iter(MEASURES), None)
    MEASURES[f"{name} | deals_per_s"] = _common.figure(rates, "deals/s", against=MEASURES.get(base),
                                                       against_name=base)
    MEASURES[f"{name} | deals_per_cpu_s"] = _common.figure(per_cpu, "deals per CPU-second")
    MEASURES[f"{name} | same_lines"] = {"unit": "bool", "value": same}
    return statistics.median(rates), statistics.median(per_cpu), result


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--generated", type=int, default=40)
    ap.add_argument("--repeats", type=_common.count, default=3)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        corpus = Path(tmp) / "corpus"
        make_corpus(corpus, args.generated, args.seed)
        shared = [load_game(p) for p in sorted((corpus / "shared").glob("*.egn"))]
        per_game = statistics.median(len(g.deals) for g in shared)     # the test records of 1-2 deals skew a mean
        print(f"corpus review: {len(shared)} shared games (median {per_game:g} deals a game) + {args.generated} "
              f"generated one-deal records, {args.worlds} worlds per decision, seed {args.seed}; "
              f"{args.repeats} repeats; {os.cpu_count()} cores; load average before "
              f"{', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        print(f"{'':<26} {'deals/s':>8} {'min':>8} {'max':>8} {'deals/cpu-s':>11}   (wall clock; per CPU-second "
              "of the reviews)")
        kw = {"method": Method(worlds=args.worlds, seed=args.seed)}
        one, one_cpu, ref = run("1 process", corpus, args.repeats, None, **kw)
        reference = strip(ref.lines)
        pool, _, _ = run(f"process pool of {args.workers}", corpus, args.repeats, reference, jobs=args.workers, **kw)
        t0 = time.perf_counter()
        with cluster_executor(f"local:{args.workers}") as (ex, threads):
            start = time.perf_counter() - t0
            dask, _, _ = run(f"Dask LocalCluster of {threads}", corpus, args.repeats, reference, executor=ex, **kw)
        print(f"speed-up against 1 process: pool {pool / one:.2f}x, Dask {dask / one:.2f}x "
              f"(Dask cluster start {start:.1f} s, not counted)")
        print(f"load average after {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
        hours = 1e6 * per_game / one_cpu / 3600
        print(f"scale on paper: {one_cpu:.2f} deals per CPU-second on one core ({one:.2f} deals/s wall clock here); "
              f"a million games of {per_game:g} deals: {hours:,.0f} core-hours, {hours / 24:,.0f} single-thread "
              "workers for a day")
        results = {"speed_up": {"pool": pool / one, "dask": dask / one}, "dask_start_s": start,
                   "core_hours_per_million_games": hours, "deals_per_game_median": per_game,
                   "lines_differ": [k for k, v in MEASURES.items() if k.endswith("same_lines") and not v["value"]]}
    _common.report(args, results, {k: v for k, v in MEASURES.items() if not k.endswith("same_lines")})


if __name__ == "__main__":
    main()
