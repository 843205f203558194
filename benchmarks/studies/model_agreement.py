"""How often `advise` recommends the call the players made, in the real games of ``tests/data/egn``.

For every bidding decision whose hand is known (:mod:`solver.bidding.decisions`; the records and deals of
``players-1``'s provenance), ``advise`` with its defaults is asked the player's question (hand, upcard, seat,
dealer, round; stick the dealer, as in these records; no score, so by points) under each bidding model:

* ``players-1 (held out)``: cross-validated: the decisions are split into ``--folds`` folds by deal, and the
  decisions of a fold are advised under a model fitted (as ``players-1`` was) on the other folds only, so no
  decision is judged by a model fitted on its own deal;
* ``best-response-1`` and ``point-count``: the shipped models as they are.

Prints the share of decisions where the recommendation is the player's call (Wilson 95% interval), by
round and place, and every disagreement of the held-out model with the player's call, the advisor's margin
and the player's call's points behind the recommendation.

Usage::

    python benchmarks/studies/model_agreement.py [--worlds 2000] [--folds 5] [--seed 1] [--models ...]
        [--valuation double-dummy]

About 2 minutes on one core at 2,000 worlds (the three models).
"""
from __future__ import annotations

import argparse
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Rules                                             # noqa: E402
from _common import advise_pieces                                    # noqa: E402
from solver.bidding import BEST_RESPONSE, DEFAULT_MODEL, POINT_COUNT  # noqa: E402
from solver.bidding.decisions import decisions_from_records           # noqa: E402
from solver.bidding.fit import PRIOR_SD, fit_model, folds_by_deal     # noqa: E402
from solver.cards import Seat, Suit, format_cards                     # noqa: E402
from solver.stats import wilson                                       # noqa: E402

EGN = ROOT / "tests" / "data" / "egn"
PLACES = {0: "dealer", 1: "left", 2: "partner", 3: "right"}


def player_call(d) -> str:
    """The decision's call as an option token of :func:`solver.advise`."""
    if d.kind == "pass":
        return "pass"
    token = "order" if d.kind == "order" else f"call {Suit(d.suit).letter}"
    return token + (" alone" if d.alone else "")


def question(d) -> dict:
    seat = Seat.parse(d.source.split()[-1])
    dealer = Seat((int(seat) - d.place) % 4)
    cards = format_cards([c for c in range(24) if d.hand >> c & 1])
    return {"hand": cards, "upcard": format_cards([d.upcard]), "seat": seat, "dealer": dealer,
            "round": d.round, "rules": Rules(stick_the_dealer=True)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--worlds", type=int, default=2000)
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--models", nargs="+", default=["players-1", "best-response-1", "point-count"])
    ap.add_argument("--valuation", default=None, help="the advice's valuation (default: advise's own, single "
                                                      "dummy here; double-dummy for the earlier figures)")
    args = ap.parse_args(argv)

    records = [EGN / f for f in DEFAULT_MODEL.provenance["data"]["records"]]
    decisions = decisions_from_records(records)
    print(f"{len(decisions)} decisions in {len({d.deal_key for d in decisions})} deals; advise at {args.worlds} "
          f"worlds, seed {args.seed}, stick the dealer, by points, valuation {args.valuation or 'the default'}")
    fold_model = {}
    if "players-1" in args.models:
        for k, fold in enumerate(folds_by_deal(decisions, args.folds, 0)):
            held = set(fold)
            train = [d for i, d in enumerate(decisions) if i not in held]
            m = fit_model(train, prior_sd=PRIOR_SD, name=f"players-1 fold {k}", std_errors=False).model
            for i in fold:
                fold_model[i] = m
    named = {"best-response-1": BEST_RESPONSE, "point-count": POINT_COUNT}
    for name in args.models:
        t0 = time.perf_counter()
        agree, by, misses = 0, defaultdict(lambda: [0, 0]), []
        for i, d in enumerate(decisions):
            model = fold_model[i] if name == "players-1" else named[name]
            adv = advise_pieces(**question(d), worlds=args.worlds, seed=args.seed, model=model, valuation=args.valuation)
            want = player_call(d)
            rec = adv.recommended.call
            key = (d.round, PLACES[d.place])
            by[key][1] += 1
            if rec == want:
                agree += 1
                by[key][0] += 1
            else:
                own = next((o for o in adv.options if o.call == want), None)
                behind = None if own is None else adv.recommended.expected_points - own.expected_points
                misses.append((d, want, rec, adv.margin, behind))
        lo, hi = wilson(agree, len(decisions))
        label = f"{name} (held out, {args.folds} folds by deal)" if name == "players-1" else name
        print(f"\n{label}: the player's call recommended on {agree} of {len(decisions)} decisions "
              f"({agree / len(decisions):.1%}, 95% {lo:.1%}-{hi:.1%}); {time.perf_counter() - t0:.0f} s")
        print("  by round and place: " + ", ".join(f"R{r} {p} {a}/{n}" for (r, p), (a, n) in sorted(by.items())))
        kinds = Counter(f"R{d.round} {PLACES[d.place]}: player {w}, advisor {r}"
                        for d, w, r, _, _ in misses)
        print("  disagreements by kind: " + "; ".join(f"{k} x{v}" for k, v in kinds.most_common()))
        if name == "players-1":
            print("  every disagreement (the advisor's margin over its second choice; the player's call behind the "
                  "recommendation, points):")
            for d, w, r, margin, behind in misses:
                q = question(d)
                print(f"    {d.source:<34} {q['hand']} up {q['upcard']}: player {w:<13} advisor {r:<13} "
                      f"margin {margin:+.3f}, behind {behind:+.3f}" if behind is not None else
                      f"    {d.source:<34} {q['hand']} up {q['upcard']}: player {w:<13} advisor {r:<13} "
                      f"margin {margin:+.3f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
