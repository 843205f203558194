"""The review's cost of reading the play: ``review_game`` per deal with ``inference="auction"`` (the default)
against ``inference="both"`` (the cards played weighed too, :mod:`solver.play_model`), on the shared real games.

Every record of ``tests/data/egn`` is reviewed whole in each set-up, one core (threads=1, one process), each
repeat on its own seed with empty transposition tables (``_search.reset_tables``), the two set-ups interleaved
file by file so a busy machine slows both alike. Printed per set-up: the seconds per deal (the repeat's total over
the deals reviewed), wall clock and process CPU time, median and spread (min, max) over the repeats, and the
ratio of the medians, both over auction (issue 34's target: within 1.5x).

    python3 benchmarks/bench_review_reading.py [--repeats 3] [--worlds 200]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
import _common                                    # noqa: E402  first: checks which engine runs

from solver import _search, load_egn, review_game     # noqa: E402
from solver import Method                              # noqa: E402

EGN = ROOT / "tests" / "data" / "egn"
SETUPS = ("auction", "both")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=_common.count, default=3)
    ap.add_argument("--worlds", type=int, default=200)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    games = [load_egn(f) for f in sorted(EGN.glob("*.egn"))]
    deals = sum(len(g.deals) for g in games)
    print(f"review_game on {len(games)} records of tests/data/egn ({deals} deals), {args.worlds} worlds per "
          f"decision, one core, {args.repeats} repeats, interleaved")
    review_game(games[0],
                method=Method(worlds=args.worlds, seed=0, inference="both", examples=3))      # import and first-call costs
    wall = {s: [0.0] * args.repeats for s in SETUPS}
    cpu = {s: [0.0] * args.repeats for s in SETUPS}
    for r in range(args.repeats):
        for g in games:
            for s in SETUPS:
                _search.reset_tables()
                t0, c0 = time.perf_counter(), time.process_time()
                review_game(g, method=Method(worlds=args.worlds, seed=r + 1, inference=s, examples=3))
                wall[s][r] += (time.perf_counter() - t0) / deals
                cpu[s][r] += (time.process_time() - c0) / deals
    measures = {}
    print(f"{'per deal':<28} {'median':>8} {'min':>8} {'max':>8}")
    for kind, table in (("wall", wall), ("cpu", cpu)):
        for s in SETUPS:
            name = f"{kind}, inference={s!r}"
            measures[name] = _common.figure(table[s], "s", against=measures.get(f"{kind}, inference='auction'"),
                                            against_name=f"{kind}, inference='auction'" if s != "auction" else None)
            v = table[s]
            extra = ""
            if s != "auction":
                extra = f"  {statistics.median(v) / statistics.median(table['auction']):.3f}x auction"
            print(f"{name:<28} {statistics.median(v):7.3f}s {min(v):7.3f}s {max(v):7.3f}s{extra}")
    _common.report(args, {"deals": deals, "records": len(games)}, measures)


if __name__ == "__main__":
    main()
