"""How often the advisor goes alone in self-play, and how its loners end, beside human play.

Plays ``--deals`` duplicate deals of ``--a`` against ``--b`` (by default the advisor against itself:
:func:`solver.play_match`, ``--worlds`` a decision) and prints the share of hands (tables) on which someone
went alone (the humans' measure), then for each agent the share of its contracts it played alone and its
loners' outcomes (made, marched, euchred), each with a Wilson 95% interval. Beside them the human
figures from public tournament records (not shipped with the project): championship players went alone on
18% of hands and none of 35 loners was euchred; league players 12% of hands.

    python3 benchmarks/studies/loner_share.py [--deals 1000] [--worlds 50] [--seed 41] [--jobs 2]
        [--a advisor] [--b advisor] [--single-dummy single-dummy-v5]

``--single-dummy`` plays every advisor agent with that shipped single-dummy fit instead of the default
(:func:`solver.advisor.single_dummy.using_model`; in this process, so ``--jobs 1``).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import play_match                     # noqa: E402
from solver.advisor.single_dummy import DEFAULT_NAME, NAMES, using_model   # noqa: E402
from solver.stats import wilson                   # noqa: E402
from solver import Method                              # noqa: E402

HUMAN = "humans: championship 18% of hands alone, 0 of 35 loners euchred; league 12% of hands alone"


def share(k: int, n: int) -> str:
    if not n:
        return "  -   (none)"
    lo, hi = wilson(k, n)
    return f"{k / n:6.1%} ({lo:.1%} to {hi:.1%}; {k} of {n})"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=_common.count, default=1000)
    ap.add_argument("--worlds", type=_common.count, default=50)
    ap.add_argument("--seed", type=int, default=41)
    ap.add_argument("--jobs", type=_common.count, default=1)
    ap.add_argument("--a", default="advisor")
    ap.add_argument("--b", default="advisor")
    ap.add_argument("--single-dummy", default=None, choices=NAMES, help="the single-dummy fit every agent uses")
    _common.add_json_argument(ap)
    args = ap.parse_args()
    if args.single_dummy and args.jobs != 1:
        ap.error("--single-dummy applies in this process only: use --jobs 1")
    with using_model(args.single_dummy or DEFAULT_NAME):
        m = play_match(args.a, args.b,
                       method=Method(worlds=args.worlds), deals=args.deals, seed=args.seed, jobs=args.jobs)
    tables = [t for t in m.tables if t.forfeit is None]
    results = {"hands": len(tables), "hands_alone": sum(t.alone is not None for t in tables),
               "single_dummy": args.single_dummy or DEFAULT_NAME}
    print(f"{args.a} (A) against {args.b} (B): {args.deals} duplicate deals, {args.worlds} worlds a decision, "
          f"seed {args.seed}, single dummy {args.single_dummy or DEFAULT_NAME}")
    print(f"hands played alone: {share(results['hands_alone'], len(tables))}")
    for who, name in (("A", args.a), ("B", args.b)):
        side = lambda t: t.a_side if who == "A" else 1 - t.a_side          # noqa: E731
        contracts = [t for t in tables if t.makers == side(t)]
        loners = [t for t in contracts if t.alone is not None]
        made = sum(t.made for t in loners)
        march = sum(t.march for t in loners)
        euchred = sum(t.euchred for t in loners)
        print(f"{who} {name}: alone in {share(len(loners), len(contracts))} of its contracts")
        print(f"   its loners: made {share(made, len(loners))}, marched {share(march, len(loners))}, "
              f"euchred {share(euchred, len(loners))}")
        results[who] = {"agent": name, "contracts": len(contracts), "loners": len(loners),
                        "made": made, "marched": march, "euchred": euchred}
    print(HUMAN)
    _common.report(args, results)


if __name__ == "__main__":
    main()
