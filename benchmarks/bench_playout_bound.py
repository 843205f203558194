"""What the HTTP bound on direct playouts (worlds x inner_worlds, ``api.routes.MAX_PLAYOUT_WORK``) admits, in seconds.

``valuation="playout"`` plays every world out by seats choosing each card by PIMC over ``inner_worlds``
worlds of their own view, so a request's time grows with worlds x inner_worlds, and with the number of
options judged (round 2 names up to three suits, each with and without a loner; the dealer in round 1
weighs its discards) and whether early stopping drops the calls clearly behind. This script times the
service's own engine calls (``solver.advise``, ``solver.advise_play``, one thread, as a server worker
runs them) on fixed questions that bracket the work, at several sizes, ``--repeats`` times each; prints
the median, min and max seconds and seconds per 1,000 units of work (worlds x inner_worlds), and the
largest work whose slowest case (its worst repeat, scaled linearly from the largest size measured)
stays within ``--deadline`` seconds times ``--margin``.

Run it on a loaded core (the figure is for the worst case the server sees: another process on the same
core), e.g. ``nice python3 benchmarks/bench_playout_bound.py``.

    python3 benchmarks/bench_playout_bound.py [--sizes 20x20 50x20 25x40] [--repeats 3] [--deadline 30]
        [--margin 1.0]
"""
import argparse
import statistics
import time

import _common                                    # noqa: E402  first: checks which engine runs

import solver                                                     # noqa: E402

#: Questions that bracket a request's work: (label, function, keyword arguments).
CASES = (
    ("advise round 1, not the dealer", "advise",
     dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S", round=1)),
    ("advise round 1, the dealer", "advise",
     dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="S", round=1)),
    ("advise round 2", "advise",
     dict(hand="9c Tc 9d Td Qs", upcard="9h", seat="E", dealer="N", round=2)),
    ("advise round 2, no early stop", "advise",
     dict(hand="Jh Jd Ah Kh 9s", upcard="9c", seat="E", dealer="N", round=2, early_stop=False)),
    ("advise_play, opening lead", "advise_play",
     dict(seat="E", hand="Jh Jd Ah Kh 9s", dealer="N", upcard="9c", calls="Pass Pass Pass Pass h")),
)


def ask(fn: str, question: dict, **method):
    """One case's question asked with ``method`` (a :class:`solver.Method`'s members): ``"advise"`` a bid
    question in pieces, ``"advise_play"`` a seat's view by its keys."""
    if fn == "advise":
        return _common.advise_pieces(**question, **method)
    return solver.advise_play(solver.seat_view(**question), solver.Method(**method))


def parse_size(text: str) -> tuple:
    """An argparse type: ``WORLDSxINNER`` (``20x20``), each a whole number in the engine's bounds."""
    from solver.advisor.valuation import MAX_INNER_WORLDS
    from solver.bounds import MAX_WORLDS
    w, sep, inner = text.lower().partition("x")
    try:
        size = int(w), int(inner)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected WORLDSxINNER, e.g. 20x20") from None
    if not sep or not (1 <= size[0] <= MAX_WORLDS and 1 <= size[1] <= MAX_INNER_WORLDS):
        raise argparse.ArgumentTypeError(f"{text!r}: expected WORLDSxINNER with worlds 1..{MAX_WORLDS} and "
                                         f"inner worlds 1..{MAX_INNER_WORLDS}, e.g. 20x20")
    return size


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", nargs="+", type=parse_size, default=[(20, 20), (50, 20), (25, 40)],
                    help="WORLDSxINNER sizes (default 20x20 50x20 25x40)")
    ap.add_argument("--repeats", type=_common.count, default=3)
    ap.add_argument("--deadline", type=float, default=30.0, help="the request timeout (s)")
    ap.add_argument("--margin", type=float, default=1.0, help="the share of the deadline a request may use")
    ap.add_argument("--seed", type=int, default=1)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    measures = {}
    sizes = args.sizes
    print(f"direct playouts, one thread; {args.repeats} repeats; deadline {args.deadline:g} s x margin "
          f"{args.margin:g}")
    print(f"{'case':<34} {'worlds':>6} {'inner':>5} {'work':>6} {'median s':>9} {'min':>7} {'max':>7} "
          f"{'s/1000 work (max)':>18}")
    worst_rate = 0.0
    for label, fn, kw in CASES:
        for w, inner in sizes:
            times = []
            for r in range(args.repeats):
                t = time.perf_counter()
                ask(fn, kw, worlds=w, seed=args.seed + r, valuation="playout", inner_worlds=inner, threads=1)
                times.append(time.perf_counter() - t)
            rate = max(times) / (w * inner) * 1000
            worst_rate = max(worst_rate, rate)
            print(f"{label:<34} {w:>6} {inner:>5} {w * inner:>6} {statistics.median(times):>9.2f} "
                  f"{min(times):>7.2f} {max(times):>7.2f} {rate:>18.3f}", flush=True)
            measures[f"{label} | {w}x{inner}"] = _common.figure(times, "s a request")
    bound = args.deadline * args.margin / worst_rate * 1000
    print(f"slowest: {worst_rate:.3f} s per 1,000 units of work; the work that fits in "
          f"{args.deadline * args.margin:g} s: {bound:,.0f} (worlds x inner_worlds)")
    _common.report(args, {"slowest_s_per_1000_work": worst_rate, "work_within_deadline": bound}, measures)


if __name__ == "__main__":
    main()
