"""Does reading the play bring `advise_play` closer to the real players' cards in ``tests/data/egn``?

For every card played with a choice in the records the play model was fitted on (the same records and deals as
``benchmarks/tools/fit_play_model.py``; reneges left out), the player's view at that moment is advised twice,
on the same seed: ``inference="auction"`` (the default) and ``inference="both"`` (the cards played weighed too,
:mod:`solver.play_model`). Printed, for each: the share of decisions where the player's card is among the
advice's best (``PlayAdvice.equal``, Wilson 95% interval) and the mean points the player's card stands behind
the recommended one; and for the paired difference (both - auction), the mean with a 95% t interval over the
decisions. Only decisions after the first trick can differ (before it nothing has been played by another seat
but the cards of the trick under way); they are reported apart too.

The play model was fitted on these same cards, so this is an in-sample check of the model's direction, not a
measure of strength (that is a duplicate match).

Usage::

    python benchmarks/studies/play_reading.py [--worlds 200] [--limit N]

About a minute on one core at 200 worlds.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from scipy import stats                                        # noqa: E402

from solver import Method, advise_play                                 # noqa: E402
from solver.cards import format_cards                          # noqa: E402
from solver.errors import IllegalActionError                   # noqa: E402
from solver.game import CardPlayed                             # noqa: E402
from solver.laws import legal_mask, popcount                   # noqa: E402
from solver.records import load_game                           # noqa: E402
from solver.review import view_seed                            # noqa: E402
from solver.stats import wilson                                # noqa: E402

EGN = ROOT / "tests" / "data" / "egn"
NOT_PLAY = ("custom-scenario.egn", "renege-test.egn")


def decisions():
    """``[(view, card played, trick index), ...]``: each card played with a choice, each deal once."""
    out, seen = [], set()
    for f in sorted(EGN.glob("*.egn")):
        if f.name in NOT_PLAY:
            continue
        for deal in load_game(f).deals:
            hand = deal.hand
            if hand is None or hand.trump is None or not deal.start_hands():
                continue
            key = (int(deal.dealer), int(deal.upcard),
                   tuple(format_cards(sorted(h)) if h else "" for h in deal.start_hands().values()))
            if key in seen:
                continue
            seen.add(key)
            for step, rec in enumerate(hand.history):
                if not isinstance(rec, CardPlayed) or rec.renege:
                    continue
                h = hand.at(step)
                table = h.current_trick
                if h.unknown_cards(rec.seat) or popcount(legal_mask(h.holding(rec.seat), int(h.trump),
                                                                    int(table[0][1]) if table else None)) < 2:
                    continue
                out.append((h.view(rec.seat), rec.card, len(h.tricks)))
    return out


def t_interval(x) -> tuple:
    x = np.asarray(x, dtype=float)
    if len(x) < 2:
        return (math.nan, math.nan)
    half = stats.t.ppf(0.975, len(x) - 1) * x.std(ddof=1) / math.sqrt(len(x))
    return (x.mean() - half, x.mean() + half)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--limit", type=int, default=None, help="only the first N decisions")
    args = ap.parse_args(argv)
    rows = decisions()[:args.limit]
    got = {"auction": [], "both": []}
    loss = {"auction": [], "both": []}
    late, refused = [], 0
    for view, card, trick in rows:
        try:
            advice = {inf: advise_play(view, Method(worlds=args.worlds, seed=view_seed(view), inference=inf))
                      for inf in ("auction", "both")}
        except IllegalActionError:          # a renege shown later in the trick's cards: cannot be weighed
            refused += 1
            continue
        for inf, a in advice.items():
            got[inf].append(card in a.equal)
            loss[inf].append(a.recommended.expected_points - a[card].expected_points)
        late.append(trick > 0)
    n = len(late)
    late = np.array(late)
    print(f"{n} decisions with a choice ({int(late.sum())} after the first trick); {refused} refused; "
          f"{args.worlds} worlds, seeds from the view")
    for label, sel in (("all", np.ones(n, bool)), ("after trick 1", late)):
        print(f"\n{label} ({int(sel.sum())} decisions)")
        for inf in ("auction", "both"):
            hit = np.array(got[inf])[sel]
            lo, hi = wilson(int(hit.sum()), len(hit))
            print(f"  {inf:<8} player's card among the best {hit.mean():.3f} (95% {lo:.3f}-{hi:.3f}); "
                  f"behind the best by {np.mean(np.array(loss[inf])[sel]):.4f} points")
        d = np.array(got["both"], float)[sel] - np.array(got["auction"], float)[sel]
        dl = np.array(loss["both"])[sel] - np.array(loss["auction"])[sel]
        lo, hi = t_interval(d)
        llo, lhi = t_interval(dl)
        print(f"  both - auction: among the best {d.mean():+.4f} (95% {lo:+.4f} to {hi:+.4f}); points behind "
              f"{dl.mean():+.4f} (95% {llo:+.4f} to {lhi:+.4f}); decisions that changed {int((d != 0).sum())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
