"""How much the kitty exchanges (Rules.farmers, Rules.go_under) are worth, and what the advice costs.

Over random deals (DealCards.random, seeded, the dealer rotating) in which some seat is offered an
exchange (the first from the dealer's left whose hand qualifies, as the rules engine offers it), three
choices for that seat are played on the **real** deal, its kitty included, and valued by the par of the
resulting deal (solver.par: every seat sees every card and bids best; net points to the seat's side):

* keep the hand;
* the policy's stated rule (solver.bidding.kitty_exchange_rule: take it, giving the three lowest cards);
* the advice (solver.advise_exchange on ``--worlds`` worlds of the seat's view).

It prints the mean gain of the rule and of the advice over keeping, and of the advice over the rule, each
paired over the same deals with a 95% Student t interval; how often the advice takes the exchange; and the
wall time of one advice (median, min, max, in seconds) on one core.

    python3 benchmarks/studies/kitty_exchange.py [--deals 40] [--worlds 60] [--seed 1] [--farmers-only]
"""
import argparse
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Rules, Seat                    # noqa: E402
from solver import Method                          # noqa: E402
from solver.advisor.kitty import advise_exchange  # noqa: E402
from solver.bidding import kitty_exchange_rule    # noqa: E402
from solver.game import KEEP, Action, Hand, Phase  # noqa: E402
from solver.game.deal import DealCards            # noqa: E402
from solver.laws import side_of                   # noqa: E402
from solver.par import par_value                  # noqa: E402
from solver.stats import mean_interval            # noqa: E402


def real_value(hand: Hand, action: Action, side: int, after: Rules) -> int:
    """Net points to ``side`` at par on the real deal after ``action``."""
    h = hand.copy()
    h.apply(action)
    value = par_value(tuple(h.holding(s) for s in range(4)), h.upcard, h.dealer, after)
    return value if side == 0 else -value


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40, help="deals with an exchange offered (default 40)")
    ap.add_argument("--worlds", type=int, default=60, help="the advice's worlds a decision (default 60)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--farmers-only", action="store_true", help="Rules(farmers=True) only (default: both rules)")
    _common.add_json_argument(ap)
    args = ap.parse_args()
    rules = Rules(farmers=True) if args.farmers_only else Rules(farmers=True, go_under=True)
    after = rules.replace(farmers=False, go_under=False)
    rng = random.Random(args.seed)
    keep, rule, advice, taken, seconds = [], [], [], 0, []
    dealt = 0
    while len(keep) < args.deals:
        dealt += 1
        hand = Hand(rules, Seat(dealt % 4))
        hand.apply(DealCards.random(rules, rng))
        if hand.phase is not Phase.EXCHANGE:
            continue
        seat = hand.to_act
        side = side_of(seat)
        mine = hand.holding(seat)
        start = time.perf_counter()
        adv = advise_exchange(hand.view(seat), Method(worlds=args.worlds, seed=rng.getrandbits(32)))
        seconds.append(time.perf_counter() - start)
        chosen = Action.parse(adv.best, Phase.EXCHANGE)
        taken += chosen != KEEP
        keep.append(real_value(hand, KEEP, side, after))
        rule.append(real_value(hand, kitty_exchange_rule(mine, rules), side, after))
        advice.append(real_value(hand, chosen, side, after))
    k, r, a = (np.array(x, dtype=float) for x in (keep, rule, advice))
    results = {"deals": args.deals, "dealt": dealt, "worlds": args.worlds, "advice_takes": taken}
    print(f"{args.deals} deals with an exchange offered (of {dealt} dealt), "
          f"{'farmers' if args.farmers_only else 'farmers and go_under'}; par on the real deal, net points "
          "to the offered seat's side")
    for name, diff in (("rule - keep", r - k), ("advice - keep", a - k), ("advice - rule", a - r)):
        lo, hi = mean_interval(diff, False)
        print(f"  {name:<14} {diff.mean():+.3f}  95% [{lo:+.3f}, {hi:+.3f}]")
        results[name.replace(" - ", "_minus_")] = {"mean": float(diff.mean()), "interval": [lo, hi]}
    print(f"  keep itself    {k.mean():+.3f}; the advice takes the exchange in {taken} of {args.deals}")
    s = _common.summary(seconds)
    print(f"advise_exchange at {args.worlds} worlds: median {s['median']:.2f} s (min {s['min']:.2f}, "
          f"max {s['max']:.2f}, n {s['n']})")
    results["advise_seconds"] = s
    _common.report(args, results)


if __name__ == "__main__":
    main()
