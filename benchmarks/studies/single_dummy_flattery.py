"""Flattery of the advisor's call values, double dummy and single dummy (fitted), against direct playouts.

For each class of the maker's hand (trumps held by the advised seat in the suit it calls: one or none,
two, three or more; round 1 and round 2; and loners), and for a pass in either round (whose value is the
later seats' calls, each valued the same way), the script draws random questions: a deal
(:func:`solver.match.duplicate.deal_of`), a random seat and dealer, and a call of that class open to the
seat (round 1: ordering up the upcard's suit; round 2: naming a suit other than the turned-down one).
It then asks :func:`solver.advise` for that one call (``calls=[...]``) on the same worlds (the same
seed, so the same deals of the unseen cards): ``valuation="double_dummy"``, ``"single_dummy"`` under
each of the fits it names (:func:`solver.advisor.single_dummy.using_model`: ``single-dummy-v3``, the default's fit
with partner, and the earlier ``single-dummy-v2`` and ``-v1``) and ``"playout"`` (each world played out by seats that each see only
their own view, PIMC over ``--inner`` worlds a decision). Per question the mean points of the call
under each; over the questions of a class, the mean of (double dummy - playout) (the flattery before)
and of (single dummy - playout) for each fit (after), with 95% t intervals over the questions (each
question's worlds are one unit, so the interval counts the deal-to-deal spread honestly).

Class ``k`` of a run at ``--seed S`` draws its questions at seed ``S + k``; ``single-dummy-v3`` was fitted on
questions of the same classes drawn at seeds ``1000 * s + k`` (``derive_single_dummy.class_questions``, s 1
and 2), so the study's runs (seeds 7, 8, 20 and 30 in docs/advice.md) measure it on deals it was not fitted on.

    python3 benchmarks/studies/single_dummy_flattery.py [--questions 20] [--worlds 50] [--inner 20] [--seed 7]
        [--classes 0,1,...] [--rows rows.jsonl] [--summarise rows.jsonl]
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Rules                                     # noqa: E402
from _common import advise_pieces                            # noqa: E402
from solver.advisor.engine import Engine                     # noqa: E402
from solver.advisor.single_dummy import DEFAULT_NAME, trump_mask, using_model   # noqa: E402
from solver.cards import format_cards                       # noqa: E402
from solver.errors import EuchreError                       # noqa: E402
from solver.match.duplicate import deal_of                  # noqa: E402
from solver.stats import mean_interval                      # noqa: E402

CLASSES = (("1 trump or none, round 1", 1, False, (0, 1)), ("2 trumps, round 1", 1, False, (2, 2)),
           ("3+ trumps, round 1", 1, False, (3, 5)), ("1 trump or none, round 2", 2, False, (0, 1)),
           ("2 trumps, round 2", 2, False, (2, 2)), ("3+ trumps, round 2", 2, False, (3, 5)),
           ("loners, 3+ trumps", 1, True, (3, 5)),
           # passing: its value is that of the later seats' calls (by the bidding model), valued the same way
           ("pass, round 1", 1, False, None), ("pass, round 2", 2, False, None))


def questions(seed, rnd, alone, trumps, count):
    """``count`` questions of one class: (hand, upcard, seat, dealer, call token); ``trumps`` ``None``: the
    seat passes (any hand)."""
    rules = Rules()
    rng = np.random.default_rng(seed)
    out, i = [], 0
    while len(out) < count:
        i += 1
        cards, dealer = deal_of(seed, 10_000 * rnd + 1000 * alone + i, rules)
        seat = int(rng.integers(4))
        if rnd == 1 and seat == int(dealer):
            continue                 # the dealer's pickup is judged with its best discard: not this script's call
        up = int(cards.upcard)
        hand = int(cards.hands[seat])
        if trumps is None:
            out.append((format_cards(hand), format_cards(1 << up), "NESW"[seat], "NESW"[int(dealer)], "pass"))
            continue
        suits = [up % 4] if rnd == 1 else [s for s in range(4) if s != up % 4]
        fits = [s for s in suits if trumps[0] <= bin(hand & trump_mask(s)).count("1") <= trumps[1]]
        if not fits:
            continue
        s = fits[int(rng.integers(len(fits)))]
        token = ("order" if rnd == 1 else f"call {'cdhs'[s]}") + (" alone" if alone else "")
        out.append((format_cards(hand), format_cards(1 << up), "NESW"[seat], "NESW"[int(dealer)], token))
    return out


#: The valuations asked per question, by their keys in a ``--rows`` line: (key, valuation, single-dummy fit).
#: The playout comes last: every other column is measured against it.
#: ``sd_v3_free``: v3 without the card bounds (``Engine.card_bounds`` off), what the bounds changed.
VALUED = (("dd", "double_dummy", None), ("sd_v1", "single_dummy", "single-dummy-v1"),
          ("sd", "single_dummy", "single-dummy-v2"), ("sd_v3_free", "single_dummy", "single-dummy-v3"),
          ("sd_v3", "single_dummy", "single-dummy-v3"), ("playout", "playout", None))
_SHORT = {"dd": "dd", "sd_v1": "sd v1", "sd": "sd v2", "sd_v3_free": "v3 free", "sd_v3": "sd v3"}
HEADER = (f"{'worlds':>6} " + " ".join(f"{_SHORT[k]:>7}" for k, *_ in VALUED[:-1]) + f" {'playout':>8}  "
          + "  ".join(f"{_SHORT[k] + ' - playout':>22}" for k, *_ in VALUED[:-1]))


def _diff(d):
    lo, hi = mean_interval(d, False)
    return f"{d.mean():+.3f} [{lo:+.3f}, {hi:+.3f}]"


def _table_row(label, r, worlds, width=34):
    """One class's line: mean values (columns of :data:`VALUED`) and the paired differences against the
    playout with 95% t intervals over the questions."""
    last = len(VALUED) - 1
    return (f"{label:<{width}} {worlds:>6} " + " ".join(f"{r[:, k].mean():>+7.3f}" for k in range(last))
            + f" {r[:, last].mean():>+8.3f}  " + "  ".join(_diff(r[:, k] - r[:, last]) for k in range(last)))


def summarise(path):
    """The table over every question of a ``--rows`` file, by class (the questions of every run in it that
    carry every valuation of :data:`VALUED`)."""
    rows = [json.loads(x) for x in open(path, encoding="utf-8") if x.strip()]
    # runs from before the unbounded column carry every other valuation: that column is then nan for them
    rows = [r for r in rows if all(k in r for k, *_ in VALUED if k != "sd_v3_free")]
    seeds = sorted({r["seed"] for r in rows})
    print(f"flattery of the call's value against direct playouts: {len(rows)} questions from {path} (seeds "
          f"{', '.join(map(str, seeds))}); 95% t intervals over the questions")
    print(f"{'class':<34} {HEADER}")
    for label, *_ in CLASSES:
        mine = [r for r in rows if r["class"] == label]
        if len(mine) > 1:
            r = np.array([[q.get(k, np.nan) for k, *_ in VALUED] for q in mine])
            print(_table_row(f"{label} ({len(mine)} q)", r, sum(q["worlds"] for q in mine)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=int, default=20, help="questions per class (default 20)")
    ap.add_argument("--worlds", type=int, default=50, help="worlds per question (default 50)")
    ap.add_argument("--inner", type=int, default=20, help="the playouts' worlds a decision (default 20)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--classes", default=None, help="comma-separated class indices (default: all)")
    ap.add_argument("--rows", default=None, help="append each question's figures here as JSON lines (class, "
                                                 "question, hand, upcard, seat, dealer, call, dd, sd, playout)")
    ap.add_argument("--summarise", default=None, metavar="ROWS",
                    help="print the table of a --rows file (every run appended to it, e.g. two seeds) and stop")
    args = ap.parse_args(argv)
    if args.summarise:
        return summarise(args.summarise)
    sink = open(args.rows, "a", encoding="utf-8") if args.rows else None
    chosen = range(len(CLASSES)) if args.classes is None else [int(x) for x in args.classes.split(",")]
    print(f"flattery of the call's value against direct playouts: {args.questions} questions a class, "
          f"{args.worlds} worlds each (the same worlds for the three valuations), playouts at {args.inner} inner "
          f"worlds a decision, seed {args.seed}; 95% t intervals over the questions")
    print(f"{'class':<26} {HEADER}")
    t0 = time.perf_counter()
    for k in chosen:
        label, rnd, alone, trumps = CLASSES[k]
        rows = []
        for q, (hand, up, seat, dealer, token) in enumerate(questions(args.seed + k, rnd, alone, trumps,
                                                                       args.questions)):
            got = []
            try:
                for key, valuation, fit in VALUED:
                    Engine.card_bounds = key != "sd_v3_free"
                    with using_model(fit or DEFAULT_NAME):
                        a = advise_pieces(hand, up, seat, dealer, rnd, worlds=args.worlds, seed=args.seed * 1000 + q,
                                   calls=[token], valuation=valuation, inner_worlds=args.inner, robust_delta=None)
                    got.append(a.option(token).expected_points)
            except EuchreError as exc:     # earlier passes too unlikely under the model: no advice to measure
                print(f"  skipped {hand} {up} {seat} dealer {dealer} {token}: {exc}", file=sys.stderr)
                continue
            finally:
                Engine.card_bounds = True
            rows.append(got)
            if sink is not None:
                sink.write(json.dumps({"class": label, "question": q, "hand": hand, "upcard": up, "seat": seat,
                                       "dealer": dealer, "call": token, "worlds": args.worlds,
                                       "inner": args.inner, "seed": args.seed,
                                       **dict(zip((k for k, *_ in VALUED), got))}) + "\n")
                sink.flush()
        print(_table_row(label, np.array(rows), len(rows) * args.worlds, 26), flush=True)
    print(f"{time.perf_counter() - t0:.0f} s")


if __name__ == "__main__":
    main()
