"""Fit the play model, ``players-play-1``, to the cards of the real games in ``tests/data/egn``.

Writes ``solver/data/play-model-v1.json`` (:data:`solver.play_model.DEFAULT_PLAY_MODEL`) with its provenance and
prints what it measured:

1. **The data**: every card played in the records of ``tests/data/egn`` (but the two that are not real play,
   ``custom-scenario.egn`` and ``renege-test.egn``; each deal once, as the bidding model's fit reads them) whose
   player had a choice of two legal cards or more and every hand in play was known, reneges left out. Each legal
   card is valued in the deal as it was: the tricks of the player's side when it plays that card and the rest
   is played double dummy.
2. **The fit**: the temperature of the softmax of :mod:`solver.play_model` by maximum likelihood
   (:func:`solver.play_model.fit_temperature`), with its log-likelihood against the flat model's (every legal
   card alike) and a 95% profile-likelihood interval (where the log-likelihood is within 1.92 of its top).
3. **Held out**: the log-likelihood per card of each deal under the temperature fitted on the other folds
   (``--folds`` folds by deal), against flat.
4. **Calibration**: every legal card's predicted chance (held out), in buckets, against how often it was the
   card played, with Wilson 95% intervals.

Usage::

    python benchmarks/tools/fit_play_model.py [--folds 5] [--out PATH]

About 10 s on one core.
"""
from __future__ import annotations

import argparse
import datetime
import json
import math
import shlex
import sys
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver.cards import format_cards                          # noqa: E402
from solver.dd_batch import Batch, after_card                  # noqa: E402
from solver.game import CardPlayed                             # noqa: E402
from solver.laws import cards_of, legal_mask, side_of  # noqa: E402
from solver.play_model import (PLAY_MODEL_PATH, PlayModel, card_chances, card_log_likelihood,  # noqa: E402
                               fit_temperature)
from solver.records import load_game                           # noqa: E402
from solver.stats import wilson                                # noqa: E402

EGN = ROOT / "tests" / "data" / "egn"
#: Records of tests/data/egn that are not real play (as benchmarks/tools/fit_players_model.py).
NOT_PLAY = ("custom-scenario.egn", "renege-test.egn")
NAME = "players-play-1"
BUCKETS = (0, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0001)


def card_decisions(files) -> list:
    """``[(deal key, values (k,) float, index of the card played), ...]``: every card played with a choice."""
    out, seen = [], set()
    for f in files:
        game = load_game(f)
        for deal in game.deals:
            hand = deal.hand
            if hand is None or hand.trump is None or not deal.start_hands():
                continue
            key = (int(deal.dealer), int(deal.upcard),
                   tuple(format_cards(sorted(h)) if h else "" for h in deal.start_hands().values()))
            if key in seen:
                continue
            seen.add(key)
            rules, trump = hand.rules, int(hand.trump)
            for step, rec in enumerate(hand.history):
                if not isinstance(rec, CardPlayed) or rec.renege:
                    continue
                h = hand.at(step)
                in_play = tuple(int(s) for s in h.seats_in_play)
                if any(h.unknown_cards(s) for s in in_play):
                    continue
                seat = int(rec.seat)
                table = tuple(int(c) for _s, c in h.current_trick)
                seats = tuple(int(s) for s, _c in h.current_trick)
                legal = cards_of(legal_mask(h.holding(seat), trump, table[0] if table else None))
                if len(legal) < 2:
                    continue
                hands = np.array([[h.holding(s) if s in in_play else 0 for s in range(4)]], dtype=np.uint32)
                batch = Batch(trump, sum(1 << s for s in in_play), rules.players)
                blocks = [batch.add(*after_card(hands, seat, c, int(h.leader), table, seats, trump, len(in_play),
                                                int(h.tricks_won[0]), rules.players)) for c in legal]
                side0 = batch.solve(1)
                sign = 1 if side_of(seat, rules.players) == 0 else -1
                values = np.array([sign * int(side0[b][0]) for b in blocks], dtype=float)
                values -= values.min()
                out.append((f"{f.name} deal {deal.index}", values, legal.index(int(rec.card))))
    return out


def calibration(rows) -> list:
    """``rows``: (predicted chance, played?) per legal card. ``[{low, high, n, predicted, observed, interval}]``."""
    p = np.array([r[0] for r in rows])
    hit = np.array([r[1] for r in rows])
    out = []
    for lo, hi in zip(BUCKETS, BUCKETS[1:]):
        sel = (p >= lo) & (p < hi)
        n = int(sel.sum())
        if not n:
            continue
        k = int(hit[sel].sum())
        out.append({"low": lo, "high": min(hi, 1.0), "n": n, "predicted": round(float(p[sel].mean()), 3),
                    "observed": round(k / n, 3), "interval": [round(x, 3) for x in wilson(k, n)]})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--folds", type=int, default=5)
    ap.add_argument("--out", type=Path, default=PLAY_MODEL_PATH)
    args = ap.parse_args(argv)
    if args.folds < 2:
        ap.error(f"--folds {args.folds}: at least 2")
    _common.require_checkout(args.out)   # shipped data must come from the code beside it

    files = [f for f in sorted(EGN.glob("*.egn")) if f.name not in NOT_PLAY]
    rows = card_decisions(files)
    deals = sorted({r[0] for r in rows})
    values, played = [r[1] for r in rows], [r[2] for r in rows]
    flat = -sum(math.log(len(v)) for v in values)
    t, ll = fit_temperature(values, played)
    # profile interval on log T: where the log-likelihood is within chi2(1, 0.95) / 2 of its top
    grid = np.exp(np.linspace(math.log(t) - 3, math.log(t) + 3, 601))
    lls = np.array([card_log_likelihood(g, values, played) for g in grid])
    inside = grid[lls >= ll - 1.92]
    interval = [round(float(inside.min()), 4), round(float(inside.max()), 4)]
    print(f"{len(rows)} cards played with a choice in {len(deals)} deals of {len(files)} records")
    print(f"fitted temperature {t:.4f} tricks (95% profile interval {interval[0]}-{interval[1]}); "
          f"log-likelihood {ll:.2f} against flat {flat:.2f} ({(ll - flat) / len(rows):+.4f} a card)")

    # held out: folds by deal
    order = np.random.default_rng(1).permutation(len(deals))
    fold_of = {deals[i]: k % args.folds for k, i in enumerate(order)}
    held_ll, held_flat, calib_rows = 0.0, 0.0, []
    for k in range(args.folds):
        train = [j for j, r in enumerate(rows) if fold_of[r[0]] != k]
        test = [j for j, r in enumerate(rows) if fold_of[r[0]] == k]
        tk, _ = fit_temperature([values[j] for j in train], [played[j] for j in train])
        held_ll += card_log_likelihood(tk, [values[j] for j in test], [played[j] for j in test])
        held_flat -= sum(math.log(len(values[j])) for j in test)
        for j in test:
            p = card_chances(values[j][None, :], np.ones((1, len(values[j])), bool), tk)[0]
            calib_rows += [(float(p[i]), i == played[j]) for i in range(len(p))]
    print(f"held out ({args.folds} folds by deal): log-likelihood per card {held_ll / len(rows):.4f}, "
          f"flat {held_flat / len(rows):.4f}")
    calib = calibration(calib_rows)
    print("calibration (held out): each legal card's predicted chance against how often it was played")
    for r in calib:
        print(f"  [{r['low']:.1f}, {r['high']:.1f}) n={r['n']:<5} predicted {r['predicted']:.3f} "
              f"observed {r['observed']:.3f} (95% {r['interval'][0]:.3f}-{r['interval'][1]:.3f})")

    prov = {"method": "maximum likelihood (solver.play_model.fit_temperature): softmax of each legal card's "
                      "double-dummy tricks for the player's side over a temperature",
            "data": {"records": [f.name for f in files], "left_out": list(NOT_PLAY), "deals": len(deals),
                     "cards": len(rows)},
            "date": datetime.date.today().isoformat(),
            "command": "python " + shlex.join(["benchmarks/tools/fit_play_model.py", *(argv or sys.argv[1:])]),
            "script": "benchmarks/tools/fit_play_model.py",
            "temperature_interval": interval,
            "log_likelihood": round(ll, 4), "flat_log_likelihood": round(flat, 4),
            "per_card": round(ll / len(rows), 4), "flat_per_card": round(flat / len(rows), 4),
            "held_out": {"folds": args.folds, "by": "deal", "per_card": round(held_ll / len(rows), 4),
                         "flat_per_card": round(held_flat / len(rows), 4)},
            "calibration": calib}
    model = PlayModel(NAME, round(t, 6), prov)
    args.out.write_text(json.dumps(model.to_dict(), indent=1) + "\n")
    print(f"\nwrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
