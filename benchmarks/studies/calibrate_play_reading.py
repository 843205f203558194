"""Calibration of the play-weighted worlds mid-hand: do the chances of holdings come true once cards are read?

Deals random hands; the auction is played by the bidding model itself (each call drawn from the model's chances
for the bidder's own hand, as ``calibrate_inference.py`` does) and the first one to three tricks (drawn evenly)
by a player agent: self-play, the advisor at ``--player-worlds`` worlds a decision (``--player`` takes any agent
spec of :func:`solver.match.make_agent`, e.g. ``policy``, the stated rule of
:class:`solver.match.agents.PolicyAgent`). Thrown-in deals are skipped. Then one seat in play, drawn at random,
takes its view; ``sample_worlds`` with ``inference="auction"`` and with ``"both"`` (the play model weighing every
card the other seats played), on the same seed, gives for each other seat X in play and each card c the viewer
has not seen the chance that X holds c ("P(W holds the Ac)"). Predictions are bucketed into deciles and each
bucket's mean prediction is printed beside how often it came true, with a 95% Clopper-Pearson interval
(scipy.stats.binomtest), and the Brier score.

Split halves, as in ``calibrate_inference.py``: each view draws twice ``--worlds`` worlds; the first half places a
prediction in its bucket, the second (independent) half gives the figure printed as "predicted", so bucketing
does not select the sampling noise. A view where either half's worlds all weigh nothing (the play makes every one
of them negligible) is left out for both evidences, and counted.

``--plot PATH`` draws the reliability picture (needs matplotlib, the ``plot`` extra): predicted against observed
per bucket, both evidences, with the intervals. The picture in the docs (``docs/_static/play-reading-calibration.png``)
is::

    python benchmarks/studies/calibrate_play_reading.py --deals 1500 --worlds 100 --seed 34 \\
        --plot docs/_static/play-reading-calibration.png

Usage::

    python benchmarks/studies/calibrate_play_reading.py [--deals 1500] [--worlds 100] [--seed 34] [--player advisor]

About 0.2 s a deal on one core (1,500 deals: about five minutes).
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np
from scipy.stats import binomtest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
sys.path.insert(0, str(Path(__file__).resolve().parent))       # studies/, for calibrate_inference
import _common                                    # noqa: E402,F401  first: checks which engine runs

from calibrate_inference import halves, play_auction             # noqa: E402
from solver import Rules, sample_worlds                           # noqa: E402
from solver.bidding import DEFAULT_MODEL                          # noqa: E402
from solver.cards import Seat                                     # noqa: E402
from solver.game import Hand, Phase                               # noqa: E402
from solver.match.agents import make_agent                        # noqa: E402

EVIDENCE = ("auction", "both")


def play_tricks(h: Hand, tricks: int, agent) -> None:
    """Play cards by ``agent`` (a forced card without asking) until ``tricks`` tricks are complete."""
    while h.phase is Phase.PLAY and len(h.tricks) < tricks:
        legal = h.legal_actions()
        h.apply(legal[0] if len(legal) == 1 else agent.play(h.view(h.to_act)))


def buckets(pred, hit, select):
    """Per decile of ``select``: ``(low edge, n, mean of pred, observed share, ci low, ci high)``."""
    pred, hit, select = np.asarray(pred), np.asarray(hit, dtype=bool), np.asarray(select)
    edges = np.linspace(0, 1, 11)
    idx = np.clip(np.digitize(select, edges) - 1, 0, 9)
    rows = []
    for b in range(10):
        m = idx == b
        n = int(m.sum())
        if n:
            k = int(hit[m].sum())
            ci = binomtest(k, n).proportion_ci(0.95)
            rows.append((edges[b], n, float(pred[m].mean()), k / n, ci.low, ci.high))
    return rows


def report(rows, pred, hit, label):
    print(f"\n{label}: {len(pred):,} predictions")
    print(f"  {'bucket':>9} {'n':>9} {'predicted':>10} {'observed':>9}   95% interval      inside")
    inside = 0
    for lo, n, mean, obs, cl, ch in rows:
        ok = cl <= mean <= ch
        inside += ok
        print(f"  {lo:.1f}-{lo + 0.1:.1f} {n:9,d} {mean:10.4f} {obs:9.4f}   [{cl:.4f}, {ch:.4f}]   {'yes' if ok else 'NO'}")
    brier = float(((np.asarray(pred) - np.asarray(hit, dtype=float)) ** 2).mean())
    print(f"  buckets whose mean prediction is inside the interval: {inside}/{len(rows)}; Brier score {brier:.5f}")
    return brier


def plot(path, results, title):
    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    fig, ax = plt.subplots(figsize=(5.2, 5.2), dpi=110)
    ax.plot([0, 1], [0, 1], color="0.6", lw=1, ls="--", label="perfect calibration")
    for (name, rows, brier), colour, shift in zip(results, ("#1f77b4", "#d62728"), (-0.006, 0.006)):
        x = np.array([r[2] for r in rows]) + shift
        y = np.array([r[3] for r in rows])
        err = np.array([[r[3] - r[4] for r in rows], [r[5] - r[3] for r in rows]])
        ax.errorbar(x, y, yerr=err, fmt="o-", ms=4, lw=1.2, capsize=2, color=colour,
                    label=f"inference={name!r} (Brier {brier:.4f})")
    ax.set_xlim(0, 1)
    ax.set_ylim(0, 1)
    ax.set_xlabel("predicted chance that seat X holds card c (bucket mean)")
    ax.set_ylabel("observed share (95% Clopper-Pearson)")
    ax.set_title(title, fontsize=9)
    ax.legend(loc="upper left", fontsize=8)
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path)
    print(f"\nwrote {path}")


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=1500)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--seed", type=int, default=34)
    ap.add_argument("--player", default="advisor", help="the agent that plays the first tricks (an agent spec)")
    ap.add_argument("--player-worlds", type=int, default=50)
    ap.add_argument("--plot", help="write the reliability picture here (.png or .svg)")
    args = ap.parse_args(argv)
    rules = Rules()
    rng = np.random.default_rng(args.seed)
    agent = make_agent(args.player, worlds=args.player_worlds, seed=args.seed)
    pred = {e: [] for e in EVIDENCE}
    chosen = {e: [] for e in EVIDENCE}
    hit = []
    ess = []
    played = thrown = empty = 0
    t0 = time.perf_counter()
    d = 0
    while played < args.deals:
        d += 1
        h = Hand(rules, dealer=Seat(int(rng.integers(4))))
        h.deal(rng=int(rng.integers(2 ** 62)))
        play_auction(h, DEFAULT_MODEL, rng)
        if h.trump is None:
            thrown += 1
            continue
        tricks = int(rng.integers(1, 4))
        if hasattr(agent, "new_deal"):
            agent.new_deal(d)
        play_tricks(h, tricks, agent)
        played += 1
        seats = [int(s) for s in h.seats_in_play]
        seat = seats[int(rng.integers(len(seats)))]
        view = h.view(Seat(seat))
        truth = [h.holding(s) for s in range(4)]
        unseen = [c for c in range(24) if view.unseen >> c & 1]
        got = {e: ([], []) for e in EVIDENCE}
        truth_here = []
        with np.errstate(invalid="ignore", divide="ignore"):
            for e in EVIDENCE:
                w = sample_worlds(view, worlds=2 * args.worlds, seed=d, inference=e)
                if e == "both":
                    ess.append(w.ess)
                for x in seats:
                    if x == seat:
                        continue
                    col = w.hands[:, x]
                    for c in unseen:
                        has = ((col >> np.uint32(c)) & np.uint32(1)).astype(float)
                        a, b = halves(w.weights, has, args.worlds)
                        got[e][0].append(a)
                        got[e][1].append(b)
                        if e == EVIDENCE[0]:
                            truth_here.append(bool(truth[x] >> c & 1))
        # a half whose every world the play made negligible (weights under float's least) says nothing: the view
        # is left out for both evidences, so they stay paired
        if not all(np.isfinite(got[e][0]).all() and np.isfinite(got[e][1]).all() for e in EVIDENCE):
            empty += 1
            continue
        for e in EVIDENCE:
            chosen[e] += got[e][0]
            pred[e] += got[e][1]
        hit += truth_here
        if played % 100 == 0:
            print(f"  {played} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    secs = time.perf_counter() - t0
    print(f"calibrate_play_reading: {played:,} deals with trump made ({thrown:,} thrown in skipped), 1-3 tricks "
          f"played by {args.player!r}, bidding model {DEFAULT_MODEL.name!r}, 2 x {args.worlds} worlds a view "
          f"(split halves), seed {args.seed}, {secs:.0f} s")
    print(f"views left out, a half of their worlds weighing nothing: {empty:,}")
    print(f"inference='both': ESS median {np.median(ess):.1f}, 5th percentile {np.percentile(ess, 5):.1f}")
    results = []
    for e in EVIDENCE:
        rows = buckets(pred[e], hit, chosen[e])
        brier = report(rows, pred[e], hit, f"P(seat X holds card c) after 1-3 tricks, inference={e!r}")
        results.append((e, rows, brier))
    if args.plot:
        plot(args.plot, results, f"Holdings read mid-hand (after 1-3 tricks)\n{played - empty:,} self-play views, "
                                 f"{len(hit):,} predictions, 2 x {args.worlds} worlds each")


if __name__ == "__main__":
    main()
