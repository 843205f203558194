"""Does reading the play win points? A duplicate match, paired: the advisor reading the play against the advisor
reading only the auction (issue 34's first measure).

Agent A is ``advisor:both`` (its play worlds weigh the calls and every card the other seats played,
:mod:`solver.play_model`), agent B ``advisor:auction`` (the calls only, the default). Both bid alike (the bid
advisor reads the calls either way), so the difference is in the play. Each deal is played at two tables with the
seats swapped (:func:`solver.play_match`); printed: A's net points per deal, paired over the two tables, with its
95% Student t interval, the deals won and lost, and each side's contracts. The same figures come from
``euchre match --a advisor:both --b advisor:auction``; the issue's size, 2,000 deals at the advisor's 200 worlds::

    euchre match --a advisor:both --b advisor:auction --deals 2000 --worlds 200 --seed 34 --jobs 2

Usage::

    python benchmarks/studies/play_reading_match.py [--deals 2000] [--worlds 100] [--seed 34] [--jobs 1]

About half a second a deal on one core at 100 worlds (2,000 deals: about 17 minutes).
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import play_match                                  # noqa: E402

A, B = "advisor:both", "advisor:auction"


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--jobs", type=int, default=1)
    args = ap.parse_args(argv)
    done = [0]
    t0 = time.perf_counter()

    def progress(n):
        done[0] += n
        if done[0] % 100 == 0:
            print(f"  {done[0]} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)

    load = os.getloadavg()[0]
    r = play_match(A, B, deals=args.deals, seed=args.seed, worlds=args.worlds, jobs=args.jobs,
                   progress=progress if args.jobs == 1 else None)
    secs = time.perf_counter() - t0
    print(f"play_reading_match: {A} (A) against {B} (B), {r.deals:,} duplicate deals, {args.worlds} worlds a "
          f"decision, seed {r.seed}, {args.jobs} job(s), {secs:.0f} s (load {load:.1f} before, "
          f"{os.getloadavg()[0]:.1f} after)")
    lo, hi = r.interval
    print(f"A's points per deal (both - auction, paired): {r.points_per_deal:+.4f}, 95% interval "
          f"{lo:+.4f} to {hi:+.4f}")
    paired = r.paired()
    print(f"deals whose two tables differ: {int((paired != 0).sum()):,} of {r.deals:,}; won {r.won:.1%}, "
          f"lost {r.lost:.1%}, tied {r.tied:.1%}")
    print(r.text())


if __name__ == "__main__":
    main()
