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
* per deal: every replayed deal of every record of tests/data/egn (the shared real games), or a sample of
  ``--sample`` of them drawn with ``--sample-seed``, each reviewed alone (``review_deal``) with the defaults
  (calls judged by the game where the score is known, cards from the player's view, reasons and examples)
  at ``--worlds``, cold tables, one core: the median, p10/p90 and range over the deals of the CPU time and
  the wall time a deal                                            target <= 150 ms CPU (issue 38)
  With ``--baseline DIR`` (a checkout of the commit before, with its built core, e.g. a ``git worktree``)
  the same deals are first reviewed by that engine in a child process (this script, ``PYTHONPATH=DIR``), and
  the ratios printed: of the medians, and the median of the deals' paired ratios.

Each figure is the median over repeats with the spread (min, max); each repeat
uses another seed and, except for the warm line, starts from empty
transposition tables (``_search.reset_tables``). Also printed: the decisions
reviewed and the double-dummy positions solved.

    python3 benchmarks/bench_review.py [--repeats 5] [--worlds 200] [--deal 1]
    python3 benchmarks/bench_review.py --per-deal-only [--sample 30 --sample-seed 1] [--baseline /path/to/old]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
import _common                                    # noqa: E402  first: checks which engine runs

from _common import count_positions    # noqa: E402
from solver import _search, load_egn, review_game as review     # noqa: E402
from solver.review import count_decisions, review_deal  # noqa: E402
from solver import Method                              # noqa: E402

VWEC = ROOT / "tests" / "data" / "egn" / "vwec-finals.egn"
EGN = ROOT / "tests" / "data" / "egn"
#: issue 38: a deal reviewed at 200 worlds with the defaults, CPU on one core
TARGET_MS = 150.0


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


def shared_deals(sample: int | None, sample_seed: int) -> list:
    """``(record's file name, deal index)`` of every replayed deal of tests/data/egn, or ``sample`` of them
    drawn without replacement with ``random.Random(sample_seed)`` (in the records' order)."""
    import random
    every = [(f.name, i) for f in sorted(EGN.glob("*.egn")) for i, d in enumerate(load_egn(f).deals)
             if d.hand is not None]
    if sample is None or sample >= len(every):
        return every
    return sorted(random.Random(sample_seed).sample(every, sample), key=every.index)


def time_deals(deals: list, worlds: int, seed: int) -> dict:
    """Each deal reviewed alone with the defaults, cold tables: ``{"cpu": [s], "wall": [s]}`` in ``deals``' order."""
    games = {name: load_egn(EGN / name) for name in {n for n, _ in deals}}
    first = deals[0]
    review_deal(games[first[0]], first[1], method=Method(worlds=worlds, seed=0))   # import and first-call costs
    cpu, wall = [], []
    for name, i in deals:
        _search.reset_tables()
        t0, c0 = time.perf_counter(), time.process_time()
        review_deal(games[name], i, method=Method(worlds=worlds, seed=seed))
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - t0)
    return {"cpu": cpu, "wall": wall}


def baseline_times(directory: str, args) -> dict:
    """:func:`time_deals` by the engine of the checkout ``directory``, in a child process."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "baseline.json"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--per-deal-only", "--times-to", str(out),
               "--worlds", str(args.worlds), "--seed", str(args.seed), "--sample-seed", str(args.sample_seed)]
        if args.sample is not None:
            cmd += ["--sample", str(args.sample)]
        env = dict(os.environ, PYTHONPATH=str(Path(directory).resolve()))
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
        return json.loads(out.read_text())


def per_deal(args) -> dict:
    """The per-deal figures (printed; their :func:`_common.figure` s go to ``MEASURES``)."""
    deals = shared_deals(args.sample, args.sample_seed)
    how = "every replayed deal" if args.sample is None else f"a sample of {len(deals)} deals (seed {args.sample_seed})"
    base = None
    if args.baseline:
        print(f"baseline: the engine of {args.baseline}, the same deals first, in a child process")
        base = baseline_times(args.baseline, args)
    times = time_deals(deals, args.worlds, args.seed)
    if args.times_to:
        Path(args.times_to).write_text(json.dumps({**times, "deals": deals}))
    print(f"per deal: {how} of tests/data/egn ({len(deals)}), review_deal with the defaults, "
          f"{args.worlds} worlds, seed {args.seed}, one core, cold tables")
    print(f"{'per deal':<28} {'median':>8} {'p10':>8} {'p90':>8} {'min':>8} {'max':>8}")
    for kind in ("cpu", "wall"):
        for who, t in (("baseline", base), ("this", times)):
            if t is None:
                continue
            name = f"{kind} a deal ({who})"
            against = f"{kind} a deal (baseline)" if who == "this" and base is not None else None
            MEASURES[name] = fig = _common.figure(t[kind], "ms", 1e3, against=MEASURES.get(against),
                                                  against_name=against)
            extra = ""
            if against:
                paired = statistics.median(a / b for a, b in zip(t[kind], base[kind]))
                extra = f"  {fig['ratio']:.3f}x baseline (paired per deal {paired:.3f}x)"
            print(f"{name:<28} {fig['median']:6.1f}ms {fig['p10']:6.1f}ms {fig['p90']:6.1f}ms {fig['min']:6.1f}ms "
                  f"{fig['max']:6.1f}ms{extra}")
    cpu_ms = statistics.median(times["cpu"]) * 1e3
    print(f"target: a deal at 200 worlds <= {TARGET_MS:.0f} ms CPU on one core: median {cpu_ms:.1f} ms "
          f"({'met' if cpu_ms <= TARGET_MS else 'not met'}; {sum(c * 1e3 <= TARGET_MS for c in times['cpu'])} "
          f"of {len(deals)} deals within it)")
    return {"per_deal_deals": len(deals), "per_deal_sample": how}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=_common.count, default=5)
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--deal", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1, help="the per-deal reviews' seed")
    ap.add_argument("--per-deal-only", action="store_true", help="only the per-deal figures")
    ap.add_argument("--sample", type=_common.count, default=None,
                    help="per deal: this many deals of the shared real games (default: every one)")
    ap.add_argument("--sample-seed", type=int, default=1)
    ap.add_argument("--baseline", metavar="DIR", default=None,
                    help="per deal: also time the engine of the checkout DIR (the commit before), same deals")
    ap.add_argument("--times-to", metavar="PATH", default=None, help=argparse.SUPPRESS)   # (the baseline's child)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    results = {}
    if not args.per_deal_only:
        results.update(one_game(args))
    results.update(per_deal(args))
    _common.report(args, results, MEASURES)


def one_game(args) -> dict:
    """The hand and whole-game figures of the VWEC final (the lines above the per-deal ones)."""
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
    return {"decisions_one_hand": n_dec, "decisions_game": count_decisions(game), "positions_game": positions,
            "mistakes_game": len(r.mistakes)}


if __name__ == "__main__":
    main()
