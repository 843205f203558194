"""What grades, reasons and examples (issue 25) cost a review, and how often each grade and reason comes up.

Over every shared EGN game (tests/data/egn; vwec-finals-annotated.egn is the same game as
vwec-finals.egn and is skipped), each deal is reviewed two ways, interleaved deal by deal
(``--repeats`` passes, the order of the two ways alternating), one core (threads=1):

* with: ``review_deal(...)`` as shipped: every decision graded, reasons, ``examples=3``;
* without: the same with ``examples=0`` and the grading and the reason rules replaced by no-ops
  (what the review cost before issue 25).

Printed: the wall time per deal each way (total over the deals), the total ratio with its 95%
percentile-bootstrap interval over the deals, and the per-deal ratio with/without: median and the
10th-90th percentiles over the deals (the median of the repeats per deal). Then, from the "with"
reviews at the first pass: how many decisions got each grade (cards and discards, calls, the
defend-alone choice), how many times each reason fired, how many decisions carry examples, and
every decision flagged or graded inaccuracy or worse with the seat's holding, the trump and the
trick on the table, and its reason or "no reason" (to read as a strong player would). ``--json PATH``
writes the same as one document (benchmarks/_common.py).

    python3 benchmarks/bench_review_explain.py [--worlds 200] [--seed 1] [--repeats 2] [--json PATH]

Figures at 200 worlds, seed 1, 2 passes (10 games, 74 deals; one core of a machine shared with other
jobs, under nice), after call and discard examples joined: time per deal 0.894 s with, 0.773 s without
(total ratio 1.157, 95% bootstrap interval 1.114 to 1.200; per-deal median 1.173, 10th-90th percentile
0.980 to 1.376). An earlier run before the call examples: 0.315 / 0.279 s, ratio 1.13. Cards and
discards: best 1275, good 85, inaccuracy 14, mistake 0, blunder 0, unclear 31; calls: best 207, good 14,
inaccuracy 4, mistake 3, blunder 0, unclear 19; no defend-alone decisions in these games. Reasons:
passed-a-making-hand 11, trumped-partner 4, called-with-one-trump 3, bower-to-dealer 2,
no-trump-lead-for-partner 1 (21 of the 132 decisions flagged or graded inaccuracy or worse); examples
on 28 calls and 56 cards.
"""
import argparse
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
import _common                                    # noqa: E402  first: checks which engine runs

import importlib                                      # noqa: E402
from solver import load_egn                           # noqa: E402
from solver.grades import GRADES, UNCLEAR            # noqa: E402
from solver.cards import Suit, format_cards           # noqa: E402
from solver.game import BidMade, CardPlayed, Discarded   # noqa: E402
from solver.review import review_deal                 # noqa: E402
from solver import Method                              # noqa: E402

SKIP = {"vwec-finals-annotated.egn"}
reviewer = importlib.import_module("solver.review.reviewer")   # solver.review is also the function


class Without:
    """Grades and reasons switched off in the reviewer, the defence's grade too (examples, of cards, discards
    and calls, are off by ``examples=0``)."""

    NAMES = ("card_grade", "call_grade", "card_reasons", "call_reasons", "grade_of")

    def __enter__(self):
        self.saved = [getattr(reviewer, n) for n in self.NAMES]
        reviewer.card_grade = reviewer.call_grade = lambda *_a: None
        reviewer.card_reasons = reviewer.call_reasons = lambda *_a: []
        reviewer.grade_of = lambda *_a, **_k: None

    def __exit__(self, *exc):
        for n, f in zip(self.NAMES, self.saved):
            setattr(reviewer, n, f)


def bootstrap_ratio(with_t, without_t, reps: int = 2000, seed: int = 0) -> tuple:
    """95% percentile-bootstrap interval of the total ratio sum(with) / sum(without), resampling the deals."""
    a, b = np.asarray(with_t), np.asarray(without_t)
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, a.size, size=(reps, a.size))
    r = a[idx].sum(axis=1) / b[idx].sum(axis=1)
    return tuple(np.percentile(r, [2.5, 97.5]))


def befores(hand) -> list:
    """The position before each reviewed decision of a replayed deal, in the review's order: the calls, then the
    discard and the cards (``(kind, seat, card or None, before)``)."""
    calls, cards = [], []
    for before, rec in hand.steps():
        if isinstance(rec, BidMade):
            calls.append(before)
        elif isinstance(rec, (Discarded, CardPlayed)) and rec.card is not None:
            cards.append((rec.seat, rec.card, before))
    return calls, cards


def situation(c, d, hand, calls, cards) -> str:
    """The seat's holding, the trump and the trick on the table at a decision: what a reader needs to judge it."""
    if c.decision == "call":
        before = calls[d.calls.index(c)]
        return f"holds {format_cards(before.holding(c.seat))}, upcard {hand.upcard}, dealer {hand.dealer}"
    if c.decision == "defence":
        return f"loner {hand.alone}, trump {Suit(hand.trump).letter}"
    before = next((b for s, card, b in cards if s == c.seat and card == c.card), None)
    if before is None:
        return ""
    trick = " ".join(str(card) for _s, card in before.current_trick) or "none (leads)"
    return (f"trump {Suit(hand.trump).letter}, maker {hand.maker}{' alone' if hand.alone is not None else ''}; "
            f"holds {format_cards(before.holding(c.seat))}; on the table: {trick}")


def timed(game, i, worlds, seed, without: bool):
    start = time.perf_counter()
    if without:
        with Without():
            d = review_deal(game, i, method=Method(worlds=worlds, seed=seed, examples=0))
    else:
        d = review_deal(game, i, method=Method(worlds=worlds, seed=seed, examples=3))
    return d, time.perf_counter() - start


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeats", type=_common.count, default=2)
    _common.add_json_argument(ap)
    args = ap.parse_args()
    games = [(p.name, load_egn(p)) for p in sorted((ROOT / "tests" / "data" / "egn").glob("*.egn"))
             if p.name not in SKIP]
    with_t, without_t, ratios = [], [], []
    reviews = []
    for name, g in games:
        for i in range(len(g.deals)):
            a, b = [], []
            for r in range(args.repeats):
                for without in ((False, True) if r % 2 == 0 else (True, False)):
                    d, s = timed(g, i, args.worlds, args.seed, without)
                    (b if without else a).append(s)
                    if r == 0 and not without:
                        reviews.append((name, g, d))
            with_t.append(statistics.median(a))
            without_t.append(statistics.median(b))
            ratios.append(with_t[-1] / without_t[-1])
    n = len(ratios)
    lo, hi = np.percentile(ratios, [10, 90])
    print(f"{len(games)} games, {n} deals, {args.worlds} worlds per decision, seed {args.seed}, "
          f"{args.repeats} interleaved passes, one core")
    print(f"time per deal: with grades, reasons and examples {sum(with_t) / n:.3f} s, without "
          f"{sum(without_t) / n:.3f} s; total ratio {sum(with_t) / sum(without_t):.3f}")
    print(f"per-deal ratio with/without: median {statistics.median(ratios):.3f} (10th-90th percentile "
          f"{lo:.3f} to {hi:.3f})")
    blo, bhi = bootstrap_ratio(with_t, without_t)
    print(f"total ratio 95% bootstrap interval over the deals: {blo:.3f} to {bhi:.3f} (goal <= 1.3)")
    grades = {"cards": Counter(), "calls": Counter(), "defence": Counter()}
    reasons = Counter()
    shown = Counter()
    readings, flagged = [], []
    for name, g, d in reviews:
        hand = g.deals[d.index].hand
        calls, cards = befores(hand) if hand is not None else ([], [])
        for c in d.decisions + list(d.defence):
            kind = "calls" if c.decision == "call" else "defence" if c.decision == "defence" else "cards"
            if c.grade is not None:
                grades[kind][c.grade] += 1
            if getattr(c, "examples", None):
                shown[c.decision] += 1
            for r in c.reasons:
                reasons[r.rule] += 1
                readings.append(f"{name} deal {d.number} {c.where} {c.seat} ({c.grading.text}): {r.sentence}")
            if c.mistakes or c.grade in ("inaccuracy", "mistake", "blunder"):
                what = c.name if c.decision in ("call", "defence") else f"{c.card}"
                best = (c.game["best_name"] if getattr(c, "game", None) else c.best_name) if c.decision == "call" \
                    else c.best if c.decision == "defence" else " ".join(str(x) for x in reviewer.best_of(c))
                why = "; ".join(f"{r.sentence} [{r.rule}]" for r in c.reasons) or "no reason"
                grade = c.grading.text if c.grading is not None else "-"
                flags = ",".join(sorted({m.kind for m in c.mistakes})) or "graded only"
                flagged.append(f"{name} deal {d.number} {c.where} {c.seat} {what} ({grade}; {flags}); best {best}; "
                               f"{situation(c, d, hand, calls, cards) if hand is not None else ''}; why: {why}")
    for kind, counts in grades.items():
        print(f"grades, {kind}: " + ", ".join(f"{g} {counts[g]}" for g in GRADES + (UNCLEAR,)))
    print("reasons: " + (", ".join(f"{k} {v}" for k, v in reasons.most_common()) or "none"))
    print("decisions with examples: " + ", ".join(f"{k} {v}" for k, v in sorted(shown.items())))
    print(f"decisions flagged or graded inaccuracy or worse: {len(flagged)}; with a reason: {len(readings)}")
    for line in flagged:
        print("  " + line)
    without_figure = _common.figure(without_t, "s a deal")
    _common.report(args, {"deals": n, "total_ratio": sum(with_t) / sum(without_t), "total_ratio_interval": [blo, bhi],
                          "grades": {k: dict(v) for k, v in grades.items()}, "reasons": dict(reasons),
                          "examples": dict(shown), "flagged": flagged},
                   {"s_per_deal_without": without_figure,
                    "s_per_deal_with": _common.figure(with_t, "s a deal", against=without_figure,
                                                      against_name="s_per_deal_without"),
                    "ratio_per_deal": _common.figure(ratios, "with / without, paired by deal")})


if __name__ == "__main__":
    main()
