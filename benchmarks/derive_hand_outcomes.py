"""Derive the distribution of one hand's result under the shipped bidding model, for the game odds.

Writes ``solver/data/hand-outcomes-v1.json``, read by :mod:`solver.advisor.game_odds`
(``hand_outcomes``, ``win_probability``).

Method
------
1. Draw ``--deals`` random deals with the dealer N and solve double dummy every
   contract each can end in: :func:`derive_bidding_model.make_deals` (the same
   machinery, and for the first 10,000 the same deals, as the model's derivation), in
   chunks of 10,000 deals (chunk k drawn with seed + k) to bound the memory.
2. Every seat bids by :data:`solver.bidding.DEFAULT_MODEL`. The chance of every
   auction is taken exactly from the model's chances over those cached contract
   values (:func:`derive_bidding_model.evaluate`: each node's chance of being reached
   still open, of a call, of each suit and of going alone), so each deal contributes
   the exact chance of each result given its cards; the deals are the only sample.
3. A result is a class, not points: the makers' side relative to the dealer's
   (``dealer`` / ``other``), alone or not, and ``euchred`` (0-2 tricks), ``made``
   (3-4) or ``march`` (5); plus ``thrown_in`` (all pass twice). The points follow from
   the class by the rules' scoring options at look-up time (``solver.laws.hand_points``),
   so ``march_score`` and the like need no table of their own (the bidding and the
   play are those of the default scoring).
4. The dealer is N; by the symmetry of the deal the distribution relative to the
   dealer's side is the same whoever deals.

One table per rules variant that changes the distribution: four-player (loner lead
left of the loner or of the dealer, each with and without stick-the-dealer) and
two-player (with and without). Not covered (``game_odds`` raises ``RulesError``):
the joker, defending alone, the dealer who may not discard the upcard, and the
dummy-hands variant. Each probability carries its standard error over the deals.

    python3 benchmarks/derive_hand_outcomes.py [--deals 40000] [--seed 11] [--threads 2]
        [--out solver/data/hand-outcomes-v1.json] [--quick]
"""
from __future__ import annotations

import argparse
import datetime
import json
import shlex
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import derive_bidding_model as dbm                                   # noqa: E402
from solver import Rules                                             # noqa: E402
from solver.bidding import DEFAULT_MODEL                             # noqa: E402
from solver.laws import TRICKS, makers_points, side_of               # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "solver" / "data" / "hand-outcomes-v1.json"
RESULTS = ("euchred", "made", "march")
#: The variants tabulated: the rules options that change the distribution (the rest default).
VARIANTS = (
    {"players": 4},
    {"players": 4, "stick_the_dealer": True},
    {"players": 4, "loner_lead": "left_of_dealer"},
    {"players": 4, "loner_lead": "left_of_dealer", "stick_the_dealer": True},
    {"players": 2},
    {"players": 2, "stick_the_dealer": True},
)


def classes() -> list:
    """The result classes in table order: ``(makers, alone, result)`` tuples, then ``"thrown_in"``."""
    return [(m, a, r) for m in ("dealer", "other") for a in (False, True) for r in RESULTS] + ["thrown_in"]


def result_of(points: np.ndarray, alone: bool, rules: Rules) -> np.ndarray:
    """The result index in :data:`RESULTS` of the makers' ``points`` (signed, makers' side; float (n,))."""
    march = makers_points(TRICKS, rules, alone)
    return np.where(points < 0, 0, np.where(points >= march, 2, 1))


def per_deal(deals: dbm.Deals, model) -> np.ndarray:
    """(n, 13) each deal's exact chance of each class of :func:`classes` when every seat bids by ``model``."""
    rules = deals.rules
    players = rules.players
    n = deals.hands.shape[0]
    index = {c: k for k, c in enumerate(classes())}
    out = np.zeros((n, len(index)))
    state = dbm.evaluate(model, deals)
    for node in state:
        makers = "dealer" if side_of(node.seat, players) == side_of(dbm.DEALER, players) else "other"
        sgn = 1.0 if side_of(node.seat, players) == 0 else -1.0        # contract values are side 0's
        for alone in ((False, True) if players == 4 else (False,)):
            if node.rnd == 1:
                weight = np.zeros((n, 4))
                suit = deals.upcard % 4
                weight[np.arange(n), suit] = 1.0
                values = np.zeros((n, 4))
                values[np.arange(n), suit] = deals.r1[:, node.seat, int(alone)]
            else:
                weight = node.share
                values = deals.r2[:, :, node.seat, int(alone)]
            lone = node.p_alone if alone else 1.0 - node.p_alone
            w = (node.reach * node.p_call)[:, None] * weight * lone
            pts = sgn * np.nan_to_num(values)
            if np.any((w > 0) & np.isnan(values)):
                raise AssertionError("a contract with a chance has no value")
            res = result_of(pts, alone, rules)
            for r, name in enumerate(RESULTS):
                out[:, index[(makers, alone, name)]] += np.where(res == r, w, 0.0).sum(axis=1)
    if not rules.stick_the_dealer:      # a stuck dealer always names a suit (1 - p_call is 0 up to rounding)
        out[:, index["thrown_in"]] = state[-1].reach * (1.0 - state[-1].p_call)
    return np.maximum(out, 0.0)


CHUNK = 10_000          # deals solved and evaluated at a time (bounded memory)


def chunks(n: int, seed: int):
    """``(size, seed)`` of each chunk of the ``n`` deals: chunk k is drawn with seed ``seed + k``."""
    for k, lo in enumerate(range(0, n, CHUNK)):
        yield min(CHUNK, n - lo), seed + k


def table(x: np.ndarray) -> dict:
    """One variant's entry of the data file from :func:`per_deal` of all its deals: the mean chance of each
    class and its standard error."""
    n = x.shape[0]
    total = x.sum(axis=1)
    if not np.allclose(total, 1.0, atol=1e-9):
        raise AssertionError(f"the chances of a deal's results add to {total.min()}..{total.max()}, not 1")
    mean, se = x.mean(axis=0), x.std(axis=0, ddof=1) / np.sqrt(n)
    rows = []
    for c, p, s in zip(classes(), mean, se):
        row = {"thrown_in": True} if c == "thrown_in" else {"makers": c[0], "alone": c[1], "result": c[2]}
        rows.append({**row, "p": float(p), "se": float(s)})
    return {"rows": rows}


def derive(n: int, seed: int, threads: int, command: str, variants=VARIANTS, log=print) -> dict:
    start = time.perf_counter()
    model = DEFAULT_MODEL
    out = {"version": 1,
           "provenance": {"method": "exact auction chances under the bidding model over random deals solved "
                                    "double dummy (benchmarks/derive_hand_outcomes.py docstring)",
                          "command": command, "date": datetime.date.today().isoformat(), "seed": seed,
                          "deals": n, "chunk": f"{CHUNK} deals, chunk k drawn with seed + k", "dealer": "N (the distribution is relative to the dealer's side)"},
           "model": {k: v for k, v in model.to_dict().items() if k != "provenance"},
           "tables": []}
    for variant in variants:
        t0 = time.perf_counter()
        rules = Rules(**variant)
        parts, solves = [], 0
        for size, chunk_seed in chunks(n, seed):
            deals = dbm.make_deals(size, chunk_seed, rules, threads)
            parts.append(per_deal(deals, model))
            solves += deals.solves
        entry = {"rules": variant, **table(np.concatenate(parts)), "solves": solves,
                 "seconds": round(time.perf_counter() - t0, 1)}
        out["tables"].append(entry)
        p = {(r.get("makers"), r.get("alone"), r.get("result")): r["p"] for r in entry["rows"]}
        made = sum(v for k, v in p.items() if k[2] in ("made", "march"))
        log(f"{variant}: {solves} solves in {entry['seconds']} s; makers make {made:.4f}, "
            f"dealer's side makes trump {sum(v for k, v in p.items() if k[0] == 'dealer'):.4f}, "
            f"alone {sum(v for k, v in p.items() if k[1]):.4f}, thrown in {p[(None, None, None)]:.4f}")
    out["provenance"]["seconds"] = round(time.perf_counter() - start, 1)
    return out


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--quick", action="store_true", help="300 deals (a check, not data)")
    args = ap.parse_args(argv)
    if args.quick:
        args.deals = 300
    command = shlex.join(["python3", "benchmarks/derive_hand_outcomes.py",
                          *(sys.argv[1:] if argv is None else argv)])
    data = derive(args.deals, args.seed, args.threads, command)
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.out} in {data['provenance']['seconds']} s")
    return data


if __name__ == "__main__":
    main()
