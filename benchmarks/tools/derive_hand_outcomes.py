"""Derive the distribution of one hand's result under the shipped bidding model, for the game odds.

Writes ``solver/data/hand-outcomes-v1.json``, read by :mod:`solver.advisor.game_odds`
(``hand_outcomes``, ``win_probability``). With ``--valuation single_dummy`` it writes
``solver/data/hand-outcomes-sd-3.json`` instead: each contract's result is then not its double-dummy
class but the chance of each single-dummy class the fitted correction gives that world
(:mod:`solver.advisor.single_dummy`, :meth:`~solver.advisor.single_dummy.SingleDummyModel.band_probabilities`),
every seat bidding by ``best-response-sd-3`` (the model derived on the same values), for the variants
the correction covers (four players, no joker); the game odds read it for a single-dummy valuation.

Method
------
1. Draw ``--deals`` random deals with the dealer N and solve double dummy every
   contract each can end in: :func:`derive_bidding_model.make_deals` (the same
   machinery, and for the first 10,000 the same deals, as the model's derivation), in
   chunks of 10,000 deals (chunk k drawn with seed + k) to bound the memory.
2. Every seat bids by the bidding model ``--model`` (``best-response-1``, the one the shipped table was
   derived with; any name of :data:`solver.bidding.MODEL_NAMES` or a model file). The chance of every
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
two-player (with and without); and, each with and without stick-the-dealer, the
dealer who may not discard the upcard (four- and two-player), the joker (four- and
two-player) and the two-player dummy-hands variant. Each probability carries its
standard error over the deals. Combinations of these options (the joker with the
loner led left of the dealer, ...) have no table; ``game_odds`` names the missing one.

Assumptions for the variants the bidding model does not cover:

* **Joker**: the model bids with the joker as the highest trump (its count reads the
  joker's points). A turned-up joker (the dealer names the suit: 1 deal in 25) is
  outside the model: such a deal is drawn again with the upcard swapped for another
  kitty card chosen at random (the joker stays in the kitty), so the table is that of
  deals whose upcard is not the joker, and is taken to stand for every deal.
* **Dummy hands**: the model does not cover the dummies' set, so both players bid by
  the point-count policy with its dummy bonus (:data:`solver.bidding.POLICY`, the
  advisor's choice for this variant: ``dummy_weight`` count units per point the
  bidder's side would score on the face-up dummies as makers of that suit), which is
  deterministic: each deal has one result. Tricks 1-5 are played double dummy with
  the personal hands (the dealer's pickup in round 1, discarding by
  ``dealer_discard``), tricks 6-10 with the dummies, the non-dealer leading both. A
  result is then the makers' side with the class of each set (``result``,
  ``result2``): both sides may score in one deal.
* **Defending alone** needs no table of its own: the bidding model never defends alone
  (nor does any agent of :mod:`solver.match` but an external program), so a hand's
  result distribution is exactly that of the same rules without the option
  (``game_odds`` reads that table; the data file's ``aliases`` says so).

    python3 benchmarks/tools/derive_hand_outcomes.py [--deals 40000] [--seed 11] [--threads 2]
        [--out solver/data/hand-outcomes-v1.json] [--quick] [--missing] [--valuation single_dummy]

``--missing`` derives only the variants the data file lacks and keeps the others as
they are (each new table records its own provenance: command, date, deals, seed).
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

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

sys.path.insert(0, str(Path(__file__).resolve().parent))       # benchmarks/tools/, also when loaded by the tests
import derive_bidding_model as dbm                                   # noqa: E402
from solver import Rules, solve_batch                                # noqa: E402
from solver.advisor.valuation import parse_valuation, unsupported  # noqa: E402
from solver.bidding import POLICY, dealer_discard, resolve_model     # noqa: E402
from solver.cardtables import CARD_BITS                              # noqa: E402
from solver.cards import JOKER                                       # noqa: E402
from solver.laws import TRICKS, first_leader, makers_points, pack_mask, seats_mask, side_of  # noqa: E402

OUT = _common.ROOT / "solver" / "data" / "hand-outcomes-v1.json"
SD_OUT = OUT.parent / "hand-outcomes-sd-3.json"
RESULTS = ("euchred", "made", "march")
#: The variants tabulated: the rules options that change the distribution (the rest default).
VARIANTS = (
    {"players": 4},
    {"players": 4, "stick_the_dealer": True},
    {"players": 4, "loner_lead": "left_of_dealer"},
    {"players": 4, "loner_lead": "left_of_dealer", "stick_the_dealer": True},
    {"players": 2},
    {"players": 2, "stick_the_dealer": True},
    {"players": 4, "dealer_may_discard_upcard": False},
    {"players": 4, "dealer_may_discard_upcard": False, "stick_the_dealer": True},
    {"players": 2, "dealer_may_discard_upcard": False},
    {"players": 2, "dealer_may_discard_upcard": False, "stick_the_dealer": True},
    {"players": 4, "joker": True},
    {"players": 4, "joker": True, "stick_the_dealer": True},
    {"players": 2, "joker": True},
    {"players": 2, "joker": True, "stick_the_dealer": True},
    {"players": 2, "dummy_hands": True},
    {"players": 2, "dummy_hands": True, "stick_the_dealer": True},
)
#: Options whose table is another's, and why (read by ``solver.advisor.game_odds``).
ALIASES = {"defend_alone": "the bidding model never defends alone, so a hand's result distribution is that of "
                           "the same rules without defend_alone"}


def classes(rules: Rules | None = None) -> list:
    """The result classes in table order: ``(makers, alone, result)`` tuples, then ``"thrown_in"``;
    dummy hands: ``(makers, False, result, result2)``, the class of each set of five."""
    if rules is not None and rules.dummy_hands:
        return [(m, False, r, r2) for m in ("dealer", "other") for r in RESULTS for r2 in RESULTS] + ["thrown_in"]
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
            chances = None          # single dummy: (n, 4, 3) the chance of each band of each suit's contract
            if node.rnd == 1:
                weight = np.zeros((n, 4))
                suit = deals.upcard % 4
                weight[np.arange(n), suit] = 1.0
                values = np.zeros((n, 4))
                values[np.arange(n), suit] = deals.r1[:, node.seat, int(alone)]
                if deals.b1 is not None:
                    chances = np.zeros((n, 4, 3))
                    chances[np.arange(n), suit] = deals.b1[:, node.seat, int(alone)]
            else:
                weight = node.share
                values = deals.r2[:, :, node.seat, int(alone)]
                if deals.b2 is not None:
                    chances = deals.b2[:, :, node.seat, int(alone)]
            lone = node.p_alone if alone else 1.0 - node.p_alone
            w = (node.reach * node.p_call)[:, None] * weight * lone
            pts = sgn * np.nan_to_num(values)
            if np.any((w > 0) & np.isnan(values)):
                raise AssertionError("a contract with a chance has no value")
            if chances is not None:         # the correction's chance of each class, not one class a contract
                for r, name in enumerate(RESULTS):
                    out[:, index[(makers, alone, name)]] += (w * np.nan_to_num(chances[:, :, r])).sum(axis=1)
                continue
            res = result_of(pts, alone, rules)
            for r, name in enumerate(RESULTS):
                out[:, index[(makers, alone, name)]] += np.where(res == r, w, 0.0).sum(axis=1)
    if not rules.stick_the_dealer:      # a stuck dealer always names a suit (1 - p_call is 0 up to rounding)
        out[:, index["thrown_in"]] = state[-1].reach * (1.0 - state[-1].p_call)
    return np.maximum(out, 0.0)


def make_deals(n: int, seed: int, rules: Rules, threads: int, valuation: str = "double_dummy") -> dbm.Deals:
    """:func:`derive_bidding_model.make_deals`, a turned-up joker swapped for another kitty card (module docs)."""
    hands, upcard, kitty = dbm.draw_deals(n, seed, rules)
    if rules.joker:
        rng = np.random.default_rng(np.random.SeedSequence([int(seed), 0x4a4b]))
        for i in np.nonzero(upcard == int(JOKER))[0]:
            others = [c for c in range(24) if int(kitty[i]) >> c & 1]
            upcard[i] = others[rng.integers(len(others))]
    if valuation == "double_dummy":
        r1, r2, solves = dbm.contract_points(hands, upcard, rules, threads)
        return dbm.Deals(rules, hands, upcard, kitty, r1, r2, solves)
    r1, r2, solves, b1, b2 = dbm.contract_points(hands, upcard, rules, threads, valuation, bands=True)
    return dbm.Deals(rules, hands, upcard, kitty, r1, r2, solves, b1, b2)


def dummy_per_deal(n: int, seed: int, rules: Rules, threads: int) -> tuple:
    """Dummy hands: ``(x, solves)``, x (n, 19) one-hot over :func:`classes` (the point-count policy is
    deterministic), for ``n`` random deals with the dealer N (module docs)."""
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 0x6475]))
    cards = np.arange(24)
    perm = cards[np.argsort(rng.random((n, 24)), axis=1)]
    own = np.zeros((n, 4), dtype=np.uint32)
    dummy = np.zeros((n, 4), dtype=np.uint32)
    for k, s in enumerate((0, 2)):
        own[:, s] = np.bitwise_or.reduce(CARD_BITS[perm[:, 5 * k:5 * k + 5]], axis=1)
        dummy[:, s] = np.bitwise_or.reduce(CARD_BITS[perm[:, 10 + 5 * k:15 + 5 * k]], axis=1)
    upcard = perm[:, 20].astype(np.int64)
    up_suit = upcard % 4
    lead = int(first_leader(dbm.DEALER, rules))
    in_play = seats_mask(2)
    # side 0's (N's) tricks per trump: set 1 (the dealer's pickup when trump is the upcard's suit), set 2
    t1 = np.zeros((n, 4), dtype=np.int64)
    t2 = np.zeros((n, 4), dtype=np.int64)
    picked = own.copy()
    six = own[:, dbm.DEALER] | CARD_BITS[upcard]
    for u in np.unique(upcard):               # one upcard at a time: the card kept when it may not be thrown
        r = np.nonzero(upcard == u)[0]
        keep = None if rules.dealer_may_discard_upcard else int(u)
        picked[r, dbm.DEALER] = six[r] & ~CARD_BITS[dealer_discard(six[r], int(u) % 4, keep)]
    solves = 0
    for t in range(4):
        hands1 = np.where((up_suit == t)[:, None], picked, own).astype(np.uint32)
        t1[:, t] = solve_batch(hands1, t, lead, 0, in_play, 2, threads)
        t2[:, t] = solve_batch(dummy, t, lead, 0, in_play, 2, threads)
        solves += 2 * n
    pts = np.array([makers_points(k, rules) for k in range(TRICKS + 1)], dtype=np.float64)

    def makers_pts(seat, trump_tricks):       # the maker's side's points of a set, per deal
        mine = trump_tricks if side_of(seat, 2) == 0 else TRICKS - trump_tricks
        return pts[mine]

    maker = np.full(n, -1)
    trump = np.full(n, -1)
    open_ = np.ones(n, dtype=bool)
    order = (2, 0)                            # the non-dealer S speaks first, then the dealer N
    rows = np.arange(n)
    for p in order:
        rel = 0 if p == dbm.DEALER else 1
        bonus = POLICY.dummy_weight * makers_pts(p, t2[rows, up_suit])
        bid = np.zeros(n, dtype=bool)
        for b in np.unique(bonus):            # the policy takes one bonus per call
            sel = np.nonzero(open_ & (bonus == b))[0]
            for u in np.unique(upcard[sel]):
                ss = sel[upcard[sel] == u]
                bid[ss] = POLICY.round1(own[ss, p], rel, int(u), 2, float(b))[0]
        take = open_ & bid
        maker[take], trump[take] = p, up_suit[take]
        open_ &= ~take
    for p in order:
        rel = 0 if p == dbm.DEALER else 1
        stuck = rules.stick_the_dealer and p == dbm.DEALER
        idx = np.nonzero(open_)[0]
        bonus = np.stack([POLICY.dummy_weight * makers_pts(p, t2[idx, t]) for t in range(4)], axis=1)
        keys = np.unique(np.column_stack([bonus, up_suit[idx]]), axis=0)
        for key in keys:
            sel = idx[np.all(np.column_stack([bonus, up_suit[idx]]) == key, axis=1)]
            suit, _ = POLICY.round2(own[sel, p], rel, int(key[4]), stuck, 2, list(key[:4]))
            called = suit >= 0
            maker[sel[called]], trump[sel[called]] = p, suit[called]
            open_[sel[called]] = False
    index = {c: k for k, c in enumerate(classes(rules))}
    x = np.zeros((n, len(index)))
    made = maker >= 0
    x[~made, index["thrown_in"]] = 1.0
    for i in np.nonzero(made)[0]:
        m, t = int(maker[i]), int(trump[i])
        side = "dealer" if side_of(m, 2) == side_of(dbm.DEALER, 2) else "other"
        r1 = RESULTS[int(result_of(np.array([makers_pts(m, t1[i, t])]), False, rules)[0])]
        r2 = RESULTS[int(result_of(np.array([makers_pts(m, t2[i, t])]), False, rules)[0])]
        x[i, index[(side, False, r1, r2)]] = 1.0
    return x, solves


CHUNK = 10_000          # deals solved and evaluated at a time (bounded memory)


def chunks(n: int, seed: int):
    """``(size, seed)`` of each chunk of the ``n`` deals: chunk k is drawn with seed ``seed + k``."""
    for k, lo in enumerate(range(0, n, CHUNK)):
        yield min(CHUNK, n - lo), seed + k


def table(x: np.ndarray, rules: Rules | None = None) -> dict:
    """One variant's entry of the data file from :func:`per_deal` of all its deals: the mean chance of each
    class and its standard error."""
    n = x.shape[0]
    total = x.sum(axis=1)
    if not np.allclose(total, 1.0, atol=1e-9):
        raise AssertionError(f"the chances of a deal's results add to {total.min()}..{total.max()}, not 1")
    mean, se = x.mean(axis=0), x.std(axis=0, ddof=1) / np.sqrt(n)
    rows = []
    for c, p, s in zip(classes(rules), mean, se):
        row = {"thrown_in": True} if c == "thrown_in" else {"makers": c[0], "alone": c[1], "result": c[2]}
        if len(c) == 4:
            row["result2"] = c[3]
        rows.append({**row, "p": float(p), "se": float(s)})
    return {"rows": rows}


def derive(n: int, seed: int, threads: int, command: str, variants=VARIANTS, log=print, keep=None,
           model="best-response-1", valuation: str = "double_dummy") -> dict:
    """The data file: every variant of ``variants`` derived, except those ``keep`` (an earlier data file)
    already has, which are kept as they are; every seat bidding by ``model`` (a name or a model)."""
    start = time.perf_counter()
    model = resolve_model(model)
    how = ("solved double dummy" if valuation == "double_dummy" else "solved double dummy, each contract's "
           "result the chances of the single-dummy classes the fitted correction gives each world "
           "(solver.advisor.single_dummy)")
    kept = {json.dumps(t["rules"], sort_keys=True): t for t in (keep or {}).get("tables", [])}
    out = {"version": 1,
           "provenance": {"method": "exact auction chances under the bidding model over random deals "
                                    f"{how} (benchmarks/tools/derive_hand_outcomes.py docstring)",
                          "valuation": valuation,
                          "command": command, "date": datetime.date.today().isoformat(), "seed": seed,
                          "deals": n, "chunk": f"{CHUNK} deals, chunk k drawn with seed + k", "dealer": "N (the distribution is relative to the dealer's side)"},
           "model": {k: v for k, v in model.to_dict().items() if k != "provenance"},
           "policy": {"name": POLICY.name, "dummy_weight": POLICY.dummy_weight,
                      "used_for": "the dummy-hands variant (module docs)"},
           "aliases": ALIASES,
           "tables": []}
    if keep:
        out["provenance"] = keep["provenance"]
    for variant in variants:
        if json.dumps(variant, sort_keys=True) in kept:
            out["tables"].append(kept[json.dumps(variant, sort_keys=True)])
            continue
        t0 = time.perf_counter()
        rules = Rules(**variant)
        parts, solves = [], 0
        for size, chunk_seed in chunks(n, seed):
            if rules.dummy_hands:
                x, k = dummy_per_deal(size, chunk_seed, rules, threads)
                parts.append(x)
                solves += k
                continue
            deals = make_deals(size, chunk_seed, rules, threads, valuation)
            parts.append(per_deal(deals, model))
            solves += deals.solves
        entry = {"rules": variant, **table(np.concatenate(parts), rules), "solves": solves,
                 "seconds": round(time.perf_counter() - t0, 1)}
        if keep:
            entry["provenance"] = {"command": command, "date": datetime.date.today().isoformat(), "seed": seed,
                                   "deals": n}
        out["tables"].append(entry)
        p = {}
        for r in entry["rows"]:          # summed over the second set's class (dummy hands)
            k = (r.get("makers"), r.get("alone"), r.get("result"))
            p[k] = p.get(k, 0.0) + r["p"]
        made = sum(v for k, v in p.items() if k[2] in ("made", "march"))
        log(f"{variant}: {solves} solves in {entry['seconds']} s; makers make {made:.4f}, "
            f"dealer's side makes trump {sum(v for k, v in p.items() if k[0] == 'dealer'):.4f}, "
            f"alone {sum(v for k, v in p.items() if k[1]):.4f}, thrown in {p[(None, None, None)]:.4f}")
    if not keep:                 # the kept tables' provenance stays as it was
        out["provenance"]["seconds"] = round(time.perf_counter() - start, 1)
    return out


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=40000)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--out", type=Path, default=None, help="default hand-outcomes-v1.json, with --valuation "
                                                             "single_dummy hand-outcomes-sd-3.json")
    ap.add_argument("--valuation", default="double_dummy", help="double_dummy or single_dummy (either spelling)")
    ap.add_argument("--quick", action="store_true", help="300 deals (a check, not data)")
    ap.add_argument("--model", default=None, help="the bidding model every seat bids by (default "
                                                  "best-response-1; single dummy best-response-sd-3)")
    ap.add_argument("--missing", action="store_true",
                    help="derive only the variants --out lacks; keep its other tables as they are")
    args = ap.parse_args(argv)
    _common.require_checkout(args.out)   # shipped data must come from the code beside it
    if args.quick:
        args.deals = 300
    command = shlex.join(["python3", "benchmarks/tools/derive_hand_outcomes.py",
                          *(sys.argv[1:] if argv is None else argv)])
    valuation = parse_valuation(args.valuation)
    if valuation == "playout":
        raise SystemExit("--valuation playout: the direct playout is too slow for a table; use single_dummy")
    sd = valuation == "single_dummy"
    args.out = args.out or (SD_OUT if sd else OUT)
    model = args.model or ("best-response-sd-3" if sd else "best-response-1")
    variants = tuple(v for v in VARIANTS if unsupported(valuation, Rules(**v)) is None)
    keep = json.loads(args.out.read_text()) if args.missing and args.out.exists() else None
    data = derive(args.deals, args.seed, args.threads, command, variants=variants, keep=keep, model=model,
                  valuation=valuation)
    args.out.write_text(json.dumps(data, indent=1) + "\n")
    print(f"wrote {args.out} in {data['provenance']['seconds']} s")
    return data


if __name__ == "__main__":
    main()
