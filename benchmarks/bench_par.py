"""Speed of the par (solver.par) and what the par of random deals looks like.

On one core, over ``--deals`` random deals (DealCards.random, seeded, the dealer rotating):

* the wall time per deal from empty transposition tables (``_search.reset_tables``): median and
  spread (min, max), and the double-dummy solves per deal (distinct contracts);
* the par's net points to the dealer's side: mean with a 95% Student t interval, and the share of
  each value (how often the par is a loner, a sacrifice, thrown in, ...);
* the same with ``--defend-alone`` or ``--canadian`` rules when asked.

    python3 benchmarks/bench_par.py [--deals 200] [--seed 1] [--defend-alone] [--canadian]
"""
import argparse
import collections
import statistics
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
import _common                                    # noqa: E402  first: checks which engine runs

import importlib                                  # noqa: E402
par_module = importlib.import_module("solver.par")   # solver.par is also the function
from solver import Rules, Seat, _search            # noqa: E402
from solver.cards import format_cards             # noqa: E402
from solver.game.deal import DealCards            # noqa: E402
from solver.laws import side_name, side_of        # noqa: E402
from solver.stats import mean_interval            # noqa: E402


def count_solves(fn) -> int:
    """Double-dummy solves ``fn()`` makes through solver.par's ``solve`` (an untimed run)."""
    seen = [0]
    real = par_module.solve

    def counting(pos):
        seen[0] += 1
        return real(pos)

    par_module.solve = counting
    try:
        fn()
    finally:
        par_module.solve = real
    return seen[0]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--deals", type=_common.count, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--defend-alone", action="store_true")
    ap.add_argument("--canadian", action="store_true")
    _common.add_json_argument(ap)
    args = ap.parse_args()
    rules = Rules(defend_alone=args.defend_alone, canadian=args.canadian)
    times, solves, nets = [], [], []
    kinds = collections.Counter()
    for i in range(args.deals):
        cards = DealCards.random(rules, rng=args.seed * 100_003 + i)
        dealer = Seat(i % 4)
        deal = " ".join(f"{Seat(s).name}:{format_cards(cards.hands[s])}" for s in range(4))
        _search.reset_tables()
        start = time.perf_counter()
        p = par_module.par(deal, upcard=cards.upcard, dealer=dealer, rules=rules)
        times.append(time.perf_counter() - start)
        solves.append(count_solves(lambda: par_module.par(deal, upcard=cards.upcard, dealer=dealer, rules=rules)))
        net = p.net if side_of(dealer) == 0 else -p.net
        nets.append(net)
        if p.thrown_in:
            kinds["thrown in"] += 1
        else:
            who = "dealer's side" if side_of(p.maker) == side_of(dealer) else "other side"
            euchred = p.tricks[side_name(side_of(p.maker))] < 3
            kinds[f"{who} makes trump{' alone' if p.alone is not None else ''}"
                  f"{', euchred (a sacrifice)' if euchred else ''}"] += 1
    ms = _common.summary(times, 1e3)
    print(f"par of {args.deals} random deals, rules {rules.to_dict()}")
    print(f"time per deal: median {ms['median']:.1f} ms (min {ms['min']:.1f}, max {ms['max']:.1f}), one core, "
          "cold tables")
    print(f"double-dummy solves per deal: median {statistics.median(solves)} (min {min(solves)}, max {max(solves)})")
    mean = statistics.fmean(nets)
    lo, hi = mean_interval(np.asarray(nets, dtype=float), False)
    print(f"par net points to the dealer's side: mean {mean:+.3f} (95% {lo:+.3f} to {hi:+.3f})")
    for value, count in sorted(collections.Counter(nets).items()):
        print(f"  {value:+d}: {count / len(nets):6.1%}")
    print("contracts:")
    for kind, count in kinds.most_common():
        print(f"  {kind}: {count / len(nets):6.1%}")
    _common.report(args, {"rules": rules.to_dict(), "solves_per_deal": _common.summary(solves),
                          "net_to_dealer": {"mean": mean, "ci95": [lo, hi],
                                            "shares": {str(v): c / len(nets) for v, c in sorted(collections.Counter(nets).items())}},
                          "contracts": {k: c / len(nets) for k, c in kinds.most_common()}},
                   {"ms_per_deal": _common.figure(times, "ms a deal", 1e3)})


if __name__ == "__main__":
    main()
