"""Does reading the play win points? A duplicate match, paired: the advisor reading the play against the advisor
reading only the auction (issue 34's first measure).

Agent A is ``advisor:both`` (its play worlds weigh the calls and every card the other seats played,
:mod:`solver.play_model`), agent B ``advisor:auction`` (the calls only, the default). Both bid by the same
rule (the bid advisor reads the calls either way, each agent on worlds of its own seed), so the difference is in
the play and in the bids' sampling. Each deal is played at two tables with the
seats swapped (:func:`solver.play_match`), in matches of ``--chunk`` deals (each on its own seed, the running
figure printed after each, so a long run stopped early keeps what it played); printed: A's net points per deal,
paired over the two tables, with its 95% Student t interval, the deals A came out ahead and behind, and each
side's contracts. One match of the issue's size, 2,000 deals at the advisor's default 200 worlds::

    euchre match --a advisor:both --b advisor:auction --deals 2000 --worlds 200 --seed 34 --jobs 2

Usage::

    python benchmarks/studies/play_reading_match.py [--deals 2000] [--worlds 100] [--seed 34] [--jobs 1] [--chunk 100]

About half a second a deal on one idle core at 100 worlds (2,000 deals: about 17 minutes), a third of a second at
50 worlds.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

import numpy as np                                             # noqa: E402
from scipy import stats                                        # noqa: E402

from solver import play_match                                  # noqa: E402
from solver import Method                              # noqa: E402

A, B = "advisor:both", "advisor:auction"


def paired_figures(nets) -> tuple:
    """``(mean, low, high)``: the mean of the paired nets (float (deals,)) and its 95% Student t interval."""
    nets = np.asarray(nets, dtype=float)
    mean = float(nets.mean())
    if len(nets) < 2 or not nets.std(ddof=1):
        return mean, mean, mean
    low, high = stats.t.interval(0.95, len(nets) - 1, loc=mean, scale=stats.sem(nets))
    return mean, float(low), float(high)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=100,
                    help="deals per match; each chunk k is a match of its own on seed SEED*1000+k, the running "
                         "figure printed after each (a long run stopped early keeps what it played)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    load = os.getloadavg()[0]
    nets, results = [], []
    done = 0
    k = 0
    while done < args.deals:
        n = min(args.chunk, args.deals - done)
        r = play_match(A, B, method=Method(worlds=args.worlds), deals=n, seed=args.seed * 1000 + k, jobs=args.jobs)
        results.append(r)
        nets.extend(r.paired().tolist())
        done += n
        k += 1
        mean, lo, hi = paired_figures(nets)
        print(f"  {done:,} deals, {time.perf_counter() - t0:.0f} s: {mean:+.4f} points a deal (95% {lo:+.4f} to "
              f"{hi:+.4f})", flush=True)
    secs = time.perf_counter() - t0
    nets = np.asarray(nets)
    mean, lo, hi = paired_figures(nets)
    print(f"play_reading_match: {A} (A) against {B} (B), {done:,} duplicate deals ({k} matches of {args.chunk}, seeds "
          f"{args.seed * 1000}..{args.seed * 1000 + k - 1}), {args.worlds} worlds a decision, {args.jobs} job(s), "
          f"{secs:.0f} s (load {load:.1f} before, {os.getloadavg()[0]:.1f} after)")
    print(f"A's points per deal (both - auction, paired over the two tables): {mean:+.4f}, 95% interval "
          f"{lo:+.4f} to {hi:+.4f}")
    print(f"deals whose two tables differ: {int((nets != 0).sum()):,} of {done:,}; A ahead in "
          f"{(nets > 0).mean():.1%}, behind in {(nets < 0).mean():.1%}")
    for who, key in (("A", "a_stats"), ("B", "b_stats")):
        tot = {f: sum(getattr(r, key)[f] for r in results) for f in ("tables", "contracts", "made", "euchred",
                                                                      "marched", "alone", "forfeits")}
        c = tot["contracts"] or 1
        print(f"  {who} {A if who == 'A' else B}: made trump at {tot['contracts']:,} of {tot['tables']:,} tables; "
              f"made {tot['made'] / c:.1%}, euchred {tot['euchred'] / c:.1%}, marched {tot['marched'] / c:.1%}, "
              f"alone {tot['alone'] / c:.1%}; forfeits {tot['forfeits']}")


if __name__ == "__main__":
    main()
