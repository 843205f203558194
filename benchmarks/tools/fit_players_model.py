"""Fit the default bidding model, ``players-1``, to the calls of the real games in ``tests/data/egn``.

Writes ``solver/data/bidding-model-players-1.json`` (:data:`solver.bidding.DEFAULT_MODEL`) with its provenance
and prints what it measured:

1. **The data**: every bidding decision whose caller's hand is known (:mod:`solver.bidding.decisions`) in the
   records of ``tests/data/egn`` but two that are not real play (``custom-scenario.egn``, a reshuffled
   scenario, and ``renege-test.egn``, a test record), each deal once (``vwec-finals-annotated.egn`` repeats
   ``vwec-finals.egn``). Other public EGN games are kept aside for an independent check and are not used.
2. **The prior's width**, chosen by cross-validation: for each ``prior_sd`` of ``--grid``, the held-out
   log-likelihood per decision over ``--folds`` folds by deal, averaged over ``--repeats`` shuffles of the
   deals; the best is used. (Choosing it on the same folds makes the chosen figure slightly optimistic; the
   whole grid is printed and stored.)
3. **The comparison**: the same held-out decisions under ``point-count`` and ``best-response-1``.
4. **Calibration**: the held-out chance of calling (order up or name a suit), in buckets, against how often
   the players called, with Wilson 95% intervals.
5. **The fit** on every decision at the chosen width, with standard errors.

Usage::

    python benchmarks/tools/fit_players_model.py [--folds 5] [--repeats 3] [--grid 0.25 0.5 1 2] [--out PATH]

About 20 s on one core.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver.bidding.decisions import decisions_from_records       # noqa: E402
from solver.bidding.fit import cross_validate, fit_model             # noqa: E402
from solver.bidding.model import BEST_RESPONSE, PLAYERS_PATH, POINT_COUNT  # noqa: E402
from solver.stats import wilson                                      # noqa: E402

EGN = ROOT / "tests" / "data" / "egn"
#: Records of tests/data/egn that are not real play.
NOT_PLAY = ("custom-scenario.egn", "renege-test.egn")
NAME = "players-1"


def record_files() -> list:
    return [f for f in sorted(EGN.glob("*.egn")) if f.name not in NOT_PLAY]


def calibration(decisions, held, buckets=(0, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0001)) -> list:
    """Held-out P(call) against the players' call rate, by bucket: ``[{low, high, n, predicted, observed,
    interval}]``. ``held``: (index, P(the call made)); the chance of calling is that, or 1 - it for a pass."""
    rows = []
    p_call = np.array([p if decisions[i].kind != "pass" else 1.0 - p for i, p in held])
    called = np.array([decisions[i].kind != "pass" for i, _ in held])
    stuck = np.array([decisions[i].stuck for i, _ in held])
    p_call, called = p_call[~stuck], called[~stuck]          # a stuck dealer has no choice
    for lo, hi in zip(buckets, buckets[1:]):
        sel = (p_call >= lo) & (p_call < hi)
        n = int(sel.sum())
        if not n:
            continue
        k = int(called[sel].sum())
        rows.append({"low": lo, "high": min(hi, 1.0), "n": n, "predicted": round(float(p_call[sel].mean()), 3),
                     "observed": round(k / n, 3), "interval": [round(x, 3) for x in wilson(k, n)]})
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--grid", type=float, nargs="+", default=[0.25, 0.5, 1.0, 2.0])
    ap.add_argument("--out", type=Path, default=PLAYERS_PATH)
    args = ap.parse_args(argv)
    _common.require_checkout(args.out)   # shipped data must come from the code beside it

    files = record_files()
    decisions = decisions_from_records(files)
    deals = sorted({d.deal_key for d in decisions})
    print(f"{len(decisions)} decisions with a known hand in {len(deals)} deals of {len(files)} records "
          f"({', '.join(f.name for f in files)})")

    grid = {}
    for sd in args.grid:
        runs = [cross_validate(decisions, args.folds, seed, prior_sd=sd, others=[POINT_COUNT, BEST_RESPONSE])
                for seed in range(args.repeats)]
        grid[sd] = runs
        fitted = np.array([r["fitted"] for r in runs])
        print(f"prior_sd {sd:<5g} held-out log-likelihood per decision {fitted.mean():.4f} "
              f"(shuffles {fitted.min():.4f} .. {fitted.max():.4f})")
    best_sd = max(grid, key=lambda sd: np.mean([r["fitted"] for r in grid[sd]]))
    runs = grid[best_sd]
    cv = {"fitted": round(float(np.mean([r["fitted"] for r in runs])), 4),
          **{m.name: round(float(np.mean([r["others"][j] for r in runs])), 4)
             for j, m in enumerate((POINT_COUNT, BEST_RESPONSE))}}
    print(f"\nchosen prior_sd {best_sd}; held-out log-likelihood per decision ({args.folds} folds by deal, "
          f"{args.repeats} shuffles): {NAME} {cv['fitted']}, point-count {cv[POINT_COUNT.name]}, "
          f"best-response-1 {cv[BEST_RESPONSE.name]}")
    calib = calibration(decisions, runs[0]["held_out"])
    print("\ncalibration (held out, first shuffle; stuck dealers left out): predicted P(call) vs the players")
    for r in calib:
        print(f"  [{r['low']:.1f}, {r['high']:.1f}) n={r['n']:<4} predicted {r['predicted']:.3f} "
              f"observed {r['observed']:.3f} (95% {r['interval'][0]:.3f}-{r['interval'][1]:.3f})")

    prov = {"data": {"records": [f.name for f in files], "left_out": list(NOT_PLAY),
                     "deals": deals, "decisions": len(decisions)},
            "cross_validation": {"folds": args.folds, "repeats": args.repeats, "by": "deal",
                                 "grid": {str(sd): round(float(np.mean([r["fitted"] for r in v])), 4)
                                          for sd, v in grid.items()},
                                 "per_decision": cv},
            "calibration": calib, "script": "benchmarks/tools/fit_players_model.py"}
    fit = fit_model(decisions, base=POINT_COUNT, prior_sd=best_sd, name=NAME, provenance=prov)
    print(f"\nfit on all {fit.decisions} decisions: log-likelihood per decision {fit.per_decision:.4f} (in sample)")
    m = fit.model
    print(f"  trump points (9 T Q K A left right joker): {[round(x, 2) for x in m.count.trump_points]}")
    print(f"  plain king {m.count.plain_king:.2f}, void {m.count.void_bonus:.2f}, length {m.count.length_bonus:.2f}, "
          f"upcard factor {m.count.upcard_factor:.2f}")
    print(f"  order (dealer left partner right) {[round(x, 2) for x in m.order]}, call {[round(x, 2) for x in m.call]}, "
          f"alone {m.alone:.2f}; spreads {m.spread:.2f} / {m.alone_spread:.2f} / {m.suit_spread:.2f}")
    args.out.write_text(json.dumps(m.to_dict(), indent=1) + "\n")
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
