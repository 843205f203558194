"""Calibration of the auction-aware worlds (solver.sample_worlds): do the inferred chances come true?

Deals random hands whose auctions are played by the bidding model itself (each call drawn
from the model's chances for the bidder's own hand; the dealer who picks up discards by
``dealer_discard``). Thrown-in deals are skipped. After the auction one seat, chosen at
random, takes its view (before the first lead); ``sample_worlds`` at a modest number of
worlds gives, for each other seat X, the chance that X holds each unseen card and that X
holds at least two trumps. Predictions are bucketed into deciles and each bucket's mean
prediction is printed beside how often it came true, with a 95% binomial (Clopper-Pearson)
interval from scipy.stats.

Split halves: a chance estimated from a modest number of worlds is noisy, and bucketing by the
noisy figure itself selects the noise (a bucket of high estimates holds chances overestimated
by chance, so even exactly right worlds would look overconfident). Each view therefore draws
twice ``--worlds`` worlds: the first half places a prediction in its bucket, the second
(independent) half gives the figure printed as "predicted" for it. The same for uniform worlds (``inference=False``) shows what the
auction adds.

    python3 benchmarks/studies/calibrate_inference.py [--deals 20000] [--worlds 100] [--pilot 500] [--seed 11]
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np
from scipy.stats import binomtest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Rules, sample_worlds                           # noqa: E402
from solver.bidding import DEFAULT_MODEL, dealer_discard          # noqa: E402
from solver.cards import Seat                                     # noqa: E402
from solver.game import Hand, Phase                               # noqa: E402
from solver.laws import place_after_dealer                        # noqa: E402
from solver.worlds import popcount, suit_mask                     # noqa: E402


def play_auction(h: Hand, model, rng) -> None:
    """Apply calls drawn from ``model`` until trump is made (or the hand is thrown in)."""
    players = h.rules.players
    up = int(h.upcard)
    while h.phase in (Phase.BID1, Phase.BID2):
        s = h.to_act
        hand = np.array([h.holding(s)], dtype=np.uint32)
        place = place_after_dealer(s, h.dealer, players)
        u = rng.random(2)
        if h.phase is Phase.BID1:
            p_order, p_alone = model.round1(hand, place, up, players)
            if u[0] < p_order[0]:
                h.apply("order")
                alone = bool(u[1] < p_alone[0])
            else:
                h.apply("pass")
                continue
        else:
            stuck = h.rules.stick_the_dealer and s == h.dealer
            p_suit, p_alone = model.round2(hand, place, up % 4, stuck, players)
            cum = np.cumsum(p_suit[0])
            k = int((u[0] >= cum).sum())
            if k >= 4:
                h.apply("pass")
                continue
            h.apply(f"call {'cdhs'[k]}")
            alone = bool(u[1] < p_alone[0, k])
        if h.phase is Phase.DISCARD:
            six = np.array([h.holding(h.dealer)], dtype=np.uint32)
            h.discard_card(int(dealer_discard(six, int(h.trump))[0]))
        if h.phase is Phase.ALONE:
            h.apply("alone" if alone else "partner")
        return


def halves(weights, values, n):
    """The weighted mean of ``values`` over the first ``n`` worlds and over the rest (independent draws)."""
    out = []
    for part in (slice(0, n), slice(n, None)):
        w = weights[part]
        out.append(float((w * values[part]).sum() / w.sum()))
    return out


def calibration(pred, hit, label, select=None):
    """Deciles of ``select`` (default ``pred``); per bucket the mean of ``pred`` against the frequency of ``hit``."""
    pred, hit = np.asarray(pred), np.asarray(hit, dtype=bool)
    select = pred if select is None else np.asarray(select)
    edges = np.linspace(0, 1, 11)
    idx = np.clip(np.digitize(select, edges) - 1, 0, 9)
    print(f"\n{label}: {len(pred):,} predictions")
    print(f"  {'bucket':>9} {'n':>9} {'predicted':>10} {'observed':>9}   95% interval      inside")
    inside = 0
    used = 0
    for b in range(10):
        m = idx == b
        n = int(m.sum())
        if n == 0:
            continue
        k = int(hit[m].sum())
        ci = binomtest(k, n).proportion_ci(0.95)
        mean = float(pred[m].mean())
        ok = ci.low <= mean <= ci.high
        inside += ok
        used += 1
        print(f"  {edges[b]:.1f}-{edges[b + 1]:.1f} {n:9,d} {mean:10.4f} {k / n:9.4f}   [{ci.low:.4f}, {ci.high:.4f}]"
              f"   {'yes' if ok else 'NO'}")
    brier = float(((pred - hit) ** 2).mean())
    print(f"  buckets whose mean prediction is inside the interval: {inside}/{used}; Brier score {brier:.5f}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20000)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--pilot", type=int, default=500)
    ap.add_argument("--seed", type=int, default=11)
    args = ap.parse_args()
    rules = Rules()
    model = DEFAULT_MODEL
    rng = np.random.default_rng(args.seed)
    out = {True: ([], [], [], []), False: ([], [], [], [])}
    out_split = {True: ({"card": [], "two": []}), False: ({"card": [], "two": []})}
    out_split = {k: (v, None) for k, v in out_split.items()}
    tags = {"card": [], "two": []}        # the seat X is a dealer that picked up (its discard unseen)
    played = thrown = 0
    methods = {}
    ess = []
    t0 = time.perf_counter()
    d = 0
    while played < args.deals:
        d += 1
        h = Hand(rules, dealer=Seat(int(rng.integers(4))))
        h.deal(rng=int(rng.integers(2 ** 62)))
        play_auction(h, model, rng)
        if h.trump is None:
            thrown += 1
            continue
        played += 1
        seat = Seat(int(rng.integers(4)))
        view = h.view(seat)
        trumps = suit_mask(h.trump, h.trump, rules.joker)
        truth = [h.holding(s) for s in range(4)]
        for inference in (True, False):
            w = sample_worlds(view, worlds=2 * args.worlds, seed=d, inference=inference, pilot=args.pilot)
            if inference:
                methods[w.method] = methods.get(w.method, 0) + 1
                ess.append(w.ess)
            n = args.worlds
            card_pred, card_hit, two_pred, two_hit = out[inference]
            sel, fig = out_split[inference]
            for x in range(4):
                if x == seat:
                    continue
                picker = h.picked_up and x == h.dealer
                col = w.hands[:, x]
                for c in range(24):
                    if not view.unseen >> c & 1:
                        continue
                    has = ((col >> np.uint32(c)) & np.uint32(1)).astype(float)
                    sel["card"].append(halves(w.weights, has, n)[0])
                    card_pred.append(halves(w.weights, has, n)[1])
                    card_hit.append(bool(truth[x] >> c & 1))
                    if inference:
                        tags["card"].append(picker)
                two = (popcount(col & np.uint32(trumps)) >= 2).astype(float)
                a, b = halves(w.weights, two, n)
                sel["two"].append(a)
                two_pred.append(b)
                two_hit.append(popcount(np.array([truth[x] & trumps], np.uint32))[0] >= 2)
                if inference:
                    tags["two"].append(picker)
        if played % 1000 == 0:
            print(f"  {played} deals, {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    secs = time.perf_counter() - t0
    print(f"calibrate_inference: {played:,} deals with trump made ({thrown:,} thrown in skipped), model "
          f"{model.name!r}, 2 x {args.worlds} worlds a view (split halves, pilot {args.pilot}), seed {args.seed}, "
          f"{secs:.0f} s")
    print(f"methods: {methods}; ESS median {np.median(ess):.1f}, 5th percentile {np.percentile(ess, 5):.1f}")
    for inference in (True, False):
        card_pred, card_hit, two_pred, two_hit = out[inference]
        name = "inferred" if inference else "uniform"
        sel = out_split[inference][0]
        calibration(card_pred, card_hit, f"P(seat X holds card c), {name} worlds", sel["card"])
        calibration(two_pred, two_hit, f"P(seat X holds at least two trumps), {name} worlds", sel["two"])
    # the dealer's discard is modelled as uninformative (see solver.inference): split it out
    for key, (pred, hit) in (("card", out[True][:2]), ("two", out[True][2:])):
        tag = np.array(tags[key])
        chosen = np.array(out_split[True][0][key])
        what = "holds card c" if key == "card" else "holds at least two trumps"
        for picker in (False, True):
            m = tag == picker
            calibration(np.array(pred)[m], np.array(hit)[m],
                        f"P(X {what}), inferred, X {'is' if picker else 'is not'} a dealer that picked up", chosen[m])


if __name__ == "__main__":
    main()
