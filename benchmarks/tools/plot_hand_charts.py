"""Plot the shipped hand charts (solver/data/hand-charts-v2.json) for docs/charts.md, and print its tables.

Pools the shipped classes (weighted by their calls) by round, alone and the caller's trumps (and bowers, and
seat) and draws, as PNG in docs/:

* ``hand-charts-make.png``: P(make) and P(march) by trumps held, round 1 and 2, with the partner and alone,
  single dummy (solid) and double dummy (dashed), with 95% intervals;
* ``hand-charts-points.png``: mean points by trumps held, one line per bowers held, and by seat (round 1).

With ``--table`` it prints the pooled figures as Markdown tables with their 95% intervals (what docs/charts.md
shows). Needs matplotlib (the ``plot`` extra: ``pip install -e '.[plot]'``).

    python3 benchmarks/tools/plot_hand_charts.py [--out docs] [--table]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver.charts import BOWERS, load_charts                   # noqa: E402
from solver.stats import discrete_mean_interval, wilson          # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def table():
    """The data as arrays: the class columns (int (k, 7)), calls (k,), dd and sd band sums (k, 3) each."""
    data = load_charts().data
    rows = np.array(data["rows"], dtype=float)
    at = {c: i for i, c in enumerate(data["columns"])}
    cls = rows[:, [at[c] for c in ("round", "seat", "alone", "trumps", "bowers", "off_aces", "voids")]].astype(int)
    dd = rows[:, [at["dd_euchred"], at["dd_made"], at["dd_march"]]]
    sd = rows[:, [at["sd_euchred"], at["sd_made"], at["sd_march"]]]
    return cls, rows[:, at["calls"]], dd, sd, data


def pooled(mask, calls, sums, alone):
    """(n, p_make, make interval, p_march, march interval, points, points interval) of the calls in ``mask``."""
    n = float(calls[mask].sum())
    s = sums[mask].sum(axis=0)
    if n == 0:
        return None
    pts = np.array([-2.0, 1.0, 4.0 if alone else 2.0])
    mean, iv = discrete_mean_interval(pts, s)
    make = s[1] + s[2]
    return n, make / n, wilson(make, n), s[2] / n, wilson(s[2], n), mean, iv


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--out", default=str(ROOT / "docs"))
    ap.add_argument("--table", action="store_true", help="print the pooled figures as Markdown tables")
    ap.add_argument("--no-plots", action="store_true")
    args = ap.parse_args(argv)
    cls, calls, dd, sd, data = table()
    rnd, seat, alone, trumps, bowers = cls[:, 0], cls[:, 1], cls[:, 2], cls[:, 3], cls[:, 4]

    if args.table:
        print(f"<!-- benchmarks/tools/plot_hand_charts.py --table; {data['provenance']['deals']:,} deals -->")
        for r in (1, 2):
            for a in (0, 1):
                print(f"\nRound {r}, {'alone' if a else 'with partner'} (single dummy; every seat pooled):\n")
                print("| trumps | calls | P(make) | P(march) | points |")
                print("|---|---:|---|---|---|")
                for t in range(6):
                    got = pooled((rnd == r) & (alone == a) & (trumps == t), calls, sd, a)
                    if got is None:
                        continue
                    n, pm, mi, pr, ri, pts, pi = got
                    print(f"| {t} | {int(n):,} | {pm:.3f} [{mi[0]:.3f}, {mi[1]:.3f}] | {pr:.3f} [{ri[0]:.3f}, "
                          f"{ri[1]:.3f}] | {pts:+.3f} [{pi[0]:+.3f}, {pi[1]:+.3f}] |")
        print("\nRound 1, with partner, by seat from the dealer's left (4 the dealer; single dummy / double dummy "
              "mean points):\n")
        print("| trumps | seat 1 | seat 2 | seat 3 | dealer |")
        print("|---|---|---|---|---|")
        for t in range(1, 6):
            cells = []
            for s in range(1, 5):
                m = (rnd == 1) & (alone == 0) & (trumps == t) & (seat == s)
                a, b = pooled(m, calls, sd, 0), pooled(m, calls, dd, 0)
                cells.append("-" if a is None else f"{a[5]:+.2f} / {b[5]:+.2f}")
            print(f"| {t} | " + " | ".join(cells) + " |")
    if args.no_plots:
        return
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    out = Path(args.out)
    fig, axes = plt.subplots(1, 2, figsize=(10, 4), sharey=True)
    for ax, a in zip(axes, (0, 1)):
        for r, colour in ((1, "tab:blue"), (2, "tab:orange")):
            for sums, style, word in ((sd, "-", "single dummy"), (dd, "--", "double dummy")):
                xs, make, march, mlo, mhi = [], [], [], [], []
                for t in range(6):
                    got = pooled((rnd == r) & (alone == a) & (trumps == t), calls, sums, a)
                    if got is None:
                        continue
                    xs.append(t)
                    make.append(got[1])
                    mlo.append(got[1] - got[2][0])
                    mhi.append(got[2][1] - got[1])
                    march.append(got[3])
                ax.errorbar(xs, make, yerr=[mlo, mhi], fmt=style, color=colour, marker="o", ms=3,
                            label=f"round {r}, P(make), {word}")
                ax.plot(xs, march, style, color=colour, alpha=0.45, marker="^", ms=3,
                        label=f"round {r}, P(march), {word}")
        ax.set_title("alone" if a else "with partner")
        ax.set_xlabel("trumps held by the caller (left bower counted)")
        ax.grid(alpha=0.3)
    axes[0].set_ylabel("chance")
    axes[1].legend(fontsize=7, loc="upper left")
    fig.suptitle(f"Hand charts: a call's chances by trumps held ({data['provenance']['deals']:,} solved deals)")
    fig.tight_layout()
    fig.savefig(out / "hand-charts-make.png", dpi=90)

    fig, axes = plt.subplots(1, 2, figsize=(10, 4))
    for b, name in enumerate(BOWERS):
        xs, ys, err = [], [], []
        for t in range(6):
            got = pooled((rnd == 1) & (alone == 0) & (trumps == t) & (bowers == b), calls, sd, 0)
            if got is None:
                continue
            xs.append(t)
            ys.append(got[5])
            err.append(got[6][1] - got[5])
        axes[0].errorbar(xs, ys, yerr=err, marker="o", ms=3, label=f"bowers: {name}")
    axes[0].axhline(0, color="grey", lw=0.8)
    axes[0].set_title("round 1, with partner: by bowers held")
    axes[0].set_xlabel("trumps held")
    axes[0].set_ylabel("mean points for the caller's side (single dummy)")
    axes[0].legend(fontsize=8)
    for s in range(1, 5):
        xs, ys, err = [], [], []
        for t in range(6):
            got = pooled((rnd == 1) & (alone == 0) & (trumps == t) & (seat == s), calls, sd, 0)
            if got is None:
                continue
            xs.append(t)
            ys.append(got[5])
            err.append(got[6][1] - got[5])
        axes[1].errorbar(xs, ys, yerr=err, marker="o", ms=3, label="dealer" if s == 4 else f"seat {s}")
    axes[1].axhline(0, color="grey", lw=0.8)
    axes[1].set_title("round 1, with partner: by seat from the dealer's left")
    axes[1].set_xlabel("trumps held (the dealer's after its pick-up)")
    axes[1].legend(fontsize=8)
    for ax in axes:
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(out / "hand-charts-points.png", dpi=90)
    print(f"wrote {out / 'hand-charts-make.png'} and {out / 'hand-charts-points.png'}")


if __name__ == "__main__":
    main()
