"""Speed of the kitty-exchange advice (solver.advise_exchange) under every combination of the house rules that
change the par it values each world by.

One question, both exchanges open (``--farmers --go-under``: E holds 9c 9d Tc Qh Qs, a farmer's hand that may
also go under, upcard Jc, dealer N; keep, one farmer's three and ten ways to go under, 11 distinct deals), asked
``--repeats`` times with the same seed under each of the 32 combinations of ``partners_best``, ``defend_alone``,
``allow_no_trump``, ``stick_the_dealer`` and ``canadian``. Per combination: the wall time of one answer
(median, min, max), its CPU time (median), the par contracts a deal (distinct double-dummy positions of the
auction, where the engine reports them) and the time per par (wall median over worlds x choices).

    python benchmarks/bench_exchange.py [--worlds 200] [--repeats 3] [--seed 1] [--only partners_best,defend_alone]

``--worlds 500`` is the most ``POST /v1/exchange`` takes; the service's deadline is 30 s a request.
"""
import argparse
import importlib
import itertools

import _common                                    # noqa: E402  first: checks which engine runs

from solver import Rules, Seat                    # noqa: E402
from _common import exchange_pieces               # noqa: E402
from solver.cards import Card, mask_of, parse_cards   # noqa: E402
from solver.worlds import bid_space               # noqa: E402

par_module = importlib.import_module("solver.par")    # solver.par is also the function
HOUSE = ("partners_best", "defend_alone", "allow_no_trump", "stick_the_dealer", "canadian")
HAND, UPCARD, SEAT, DEALER = "9c 9d Tc Qh Qs", "Jc", "E", "N"


def contracts_per_deal(rules: Rules, seed: int) -> int | None:
    """Distinct contracts of one world's par (the batch auction's columns), or None on an engine without it."""
    batch = getattr(par_module, "_BatchAuction", None)
    if batch is None:
        return None
    up = Card.parse(UPCARD)
    worlds = bid_space(mask_of(parse_cards(HAND)), up, Seat.parse(SEAT), rules).draw(1, seed, 0)
    auction = batch(worlds.hands, up, Seat.parse(DEALER), rules.replace(farmers=False, go_under=False))
    auction.round1(0, up.suit)
    return len(auction.columns)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worlds", type=_common.count, default=200)
    ap.add_argument("--repeats", type=_common.count, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--only", default="", help="comma-separated house rules: only the combinations of these")
    _common.add_json_argument(ap)
    args = ap.parse_args()
    names = [n for n in args.only.split(",") if n] or list(HOUSE)
    unknown = sorted(set(names) - set(HOUSE))
    if unknown:
        ap.error(f"argument --only: {', '.join(unknown)}: not one of {', '.join(HOUSE)}")
    print(f"kitty-exchange advice: {SEAT} holds {HAND}, upcard {UPCARD}, dealer {DEALER}, farmers and go_under, "
          f"{args.worlds} worlds, seed {args.seed}, {args.repeats} repeats a combination")
    print(f"{'house rules':<62} {'wall s: median':>14} {'min':>7} {'max':>7} {'cpu s':>7} {'contracts':>9} "
          f"{'ms/par':>7}")
    results, measures = {}, {}
    for bits in itertools.product((False, True), repeat=len(names)):
        on = [n for n, b in zip(names, bits) if b]
        rules = Rules(farmers=True, go_under=True, **{n: True for n in on})
        answers = []

        def run():
            answers.append(exchange_pieces(HAND, UPCARD, SEAT, DEALER, rules, worlds=args.worlds, seed=args.seed))

        times = _common.measure(run, args.repeats)
        wall, cpu = _common.summary(times["wall"]), _common.summary(times["cpu"])
        pars = args.worlds * len(answers[0].options)
        contracts = contracts_per_deal(rules, args.seed)
        label = "+".join(on) or "(none: the defaults)"
        print(f"{label:<62} {wall['median']:>14.2f} {wall['min']:>7.2f} {wall['max']:>7.2f} {cpu['median']:>7.2f} "
              f"{'-' if contracts is None else contracts:>9} {wall['median'] / pars * 1e3:>7.2f}", flush=True)
        results[label] = {"best": answers[0].best, "margin": answers[0].margin, "contracts_per_deal": contracts,
                          "pars": pars}
        measures[label] = _common.figure(times["wall"], "s an answer")
    _common.report(args, results, measures)


if __name__ == "__main__":
    main()
