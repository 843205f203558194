"""Speed of the post-game review (solver.review).

Prints the wall time, on one core (threads=1, one process):

* one full hand of tests/data/egn/vwec-finals.egn (deal 1: N names clubs in
  round 2, so all eight calls go through the bid advisor, and twenty cards are
  judged double dummy and over the player's information set), 200 worlds per
  decision                                                      target <= 2 s
* the same hand with warm transposition tables (a second review in the same process)
* the same hand judged by points only (``score=False``) against by the game's score (the
  default): the ratio of the medians, the cost of judging by the chance of the game
* the whole vwec-finals game (13 deals)

Each figure is the median over repeats with the spread (min, max); each repeat
uses another seed and, except for the warm line, starts from empty
transposition tables (``_search.reset_tables``). Also printed: the decisions
reviewed and the double-dummy positions solved.

    python3 benchmarks/bench_review.py [--repeats 5] [--worlds 200] [--deal 1]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
import _common                                    # noqa: E402  first: checks which engine runs

from _common import count_positions    # noqa: E402
from solver import _search, load_egn, review_game as review     # noqa: E402
from solver.review import count_decisions, review_deal  # noqa: E402
from solver import Method                              # noqa: E402

VWEC = ROOT / "tests" / "data" / "egn" / "vwec-finals.egn"


def timed(fn, repeats, cold=True):
    times = []
    for r in range(repeats):
        if cold:
            _search.reset_tables()
        t0 = time.perf_counter()
        fn(r + 1)
        times.append(time.perf_counter() - t0)
    return times


#: every line's :func:`_common.figure` (seconds), by its name
MEASURES: dict = {}


def line(name, times, extra="", against=None):
    MEASURES[name] = _common.figure(times, "s", against=MEASURES.get(against), against_name=against)
    med = statistics.median(times)
    print(f"{name:<44} {med:7.3f}s {min(times):7.3f}s {max(times):7.3f}s  {extra}")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=_common.count, default=5)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--deal", type=int, default=1)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    game = load_egn(VWEC)
    deal = game.deals[args.deal]
    n_dec = count_decisions(deal.hand)
    print(f"review(): {args.worlds} worlds per decision, one core, {args.repeats} repeats")
    print(f"{'case':<44} {'median':>8} {'min':>8} {'max':>8}")

    def one(seed):
        return review_deal(game, args.deal, method=Method(worlds=args.worlds, seed=seed, examples=3))

    one(0)                                               # import and first-call costs out of the way
    positions = count_positions(lambda: one(1))
    print(f"  {deal.summary()}")
    line(f"one hand (deal {args.deal})", timed(one, args.repeats),
         f"{n_dec} decisions, {positions} positions")
    line("one hand, warm tables", timed(one, args.repeats, cold=False))
    by_game = timed(one, args.repeats)
    by_points = timed(lambda seed: review_deal(game, args.deal,
                                               method=Method(worlds=args.worlds, seed=seed, examples=3), score=False),
                      args.repeats)
    line("one hand, by points (score=False)", by_points)
    line("one hand, by the game's score (again)", by_game,
         f"by the game / by points {statistics.median(by_game) / statistics.median(by_points):.3f}x",
         against="one hand, by points (score=False)")

    def whole(seed):
        return review(game, method=Method(worlds=args.worlds, seed=seed, examples=3))

    positions = count_positions(lambda: whole(1))
    r = whole(1)
    line(f"whole game ({len(game.deals)} deals)", timed(whole, args.repeats),
         f"{count_decisions(game)} decisions, {positions} positions, {len(r.mistakes)} mistakes flagged")
    print("target: one full hand, 200 worlds per decision, one core <= 2 s")
    _common.report(args, {"decisions_one_hand": n_dec, "decisions_game": count_decisions(game),
                          "positions_game": positions, "mistakes_game": len(r.mistakes)}, MEASURES)


if __name__ == "__main__":
    main()
