"""Who makes trump when every seat bids by a model, against published tables of human play.

Deals ``--deals`` random four-player hands (stick the dealer) and lets every seat bid by each named model
(:func:`solver.bidding.funnel.funnel`), then prints each model's share of deals by who made trump beside the
figures World of Card Games publishes for its human players (worldofcardgames.com, "euchre card game
statistics": the dealer picks up 30% of hands, the dealer's partner orders 17%, the first and third chairs
about 5% each, the first chair names a suit in round 2 18-20%, trump is made before the third chair's
round-2 turn in 86%), and each model's largest distance from them in points.

Usage::

    python benchmarks/studies/model_funnel.py [--deals 20000] [--seed 0]
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver.bidding import MODELS                       # noqa: E402
from solver.bidding.funnel import funnel                # noqa: E402

#: (label, the model's share, the published share): (round, place) or the before-third-chair share.
HUMAN = (("dealer picks up", (1, 0), 0.30), ("dealer's partner orders", (1, 2), 0.17),
         ("first chair orders (left of the dealer)", (1, 1), 0.05), ("third chair orders (right)", (1, 3), 0.05),
         ("first chair names a suit in round 2", (2, 1), 0.19), ("made before the third chair's round-2 turn",
                                                                  "before", 0.86))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=20_000)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args(argv)
    runs = {name: funnel(m, args.deals, args.seed, stick_the_dealer=True) for name, m in MODELS.items()}
    print(f"who makes trump, {args.deals} random deals, stick the dealer (seed {args.seed}); 'human' from World "
          "of Card Games' published tables")
    print(f"{'':44}{'human':>8}" + "".join(f"{n:>18}" for n in runs))
    worst = {n: 0.0 for n in runs}
    for label, key, human in HUMAN:
        cells = []
        for n, f in runs.items():
            v = f.before_third_chair_round2() if key == "before" else f.made[key]
            worst[n] = max(worst[n], abs(v - human))
            cells.append(f"{v:>18.1%}")
        print(f"{label:<44}{human:>8.0%}" + "".join(cells))
    print(f"{'largest distance (points)':<44}{'':>8}" + "".join(f"{100 * w:>18.1f}" for w in worst.values()))
    print(f"{'alone':<44}{'':>8}" + "".join(f"{f.alone:>18.1%}" for f in runs.values()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
