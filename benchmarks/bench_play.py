"""Speed of play advice (solver.advise_play) mid-hand: the auction's evidence with and without a round-2 call.

The views: random deals (:func:`solver.match.duplicate.deal_of`, four-player default rules)
bid and played by the ``policy`` agent; from each, the view of the seat that plays the first
card of trick 3 (two tricks done; skipped when it has one legal card). They fall in two kinds
by the evidence the worlds weigh: ``round 1`` (trump ordered up: the other seats' round-1
passes and the order) and ``round 2`` (every seat passed round 1 and trump was named: four
round-1 passes, the round-2 passes and the call). Per kind: the median and spread of the wall
time of one ``advise_play(view, worlds=500, inference=True)`` on one thread, over the views
(each timed ``--repeats`` times, its median taken), the worlds' method, and the proposals drawn.
Set-ups, interleaved view by view so that a busy machine slows them alike:

* ``inference``: the default; the bidding model's likelihoods read from its per-question tables
  (:meth:`~solver.bidding.BiddingModel.likelihood_of_hands`), warm (this view asked before);
* ``cold``: the same, the first call after the tables were cleared (every hand counted afresh);
* ``old``: the likelihoods computed for every proposal (:meth:`BiddingModel.likelihood`, the code
  before the tables): the same values and the same random stream, so the advice must be identical
  (checked);
* ``uniform``: ``inference=False``, for scale;
* ``play``: ``inference="both"``: the worlds weighed by the cards played too (:mod:`solver.play_model`), with
  the effective worlds it leaves (a share of those drawn);
* ``told``: the part of ``play`` that says what the cards told
  (:func:`solver.advisor.reading.what_the_cards_told` on its worlds), timed alone, and its share of ``play``.

Target (the issue): 20 ms on one core at 500 worlds mid-hand; reading the play (issue 34): 40 ms.

    python3 benchmarks/bench_play.py [--views 30] [--repeats 3] [--worlds 500] [--cpu]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

import _common                                    # noqa: E402  first: checks which engine runs

from solver import Method, Rules, advise_play                    # noqa: E402
from solver.advisor.reading import what_the_cards_told   # noqa: E402
from solver.bidding import model as bidding_model        # noqa: E402
from solver.game import CardPlayed, Phase                # noqa: E402
from solver.inference import sample_worlds               # noqa: E402
from solver.match.agents import PolicyAgent              # noqa: E402
from solver.match.duplicate import deal_of               # noqa: E402
from solver.match.referee import play_table              # noqa: E402


def mid_hand_views(n_each: int, seed: int = 7):
    """``{"round 1": [view, ...], "round 2": [...]}``: ``n_each`` views of each kind (see the module docs)."""
    rules, agent = Rules(), PolicyAgent()
    out = {"round 1": [], "round 2": []}
    i = 0
    while min(len(v) for v in out.values()) < n_each and i < 200 * n_each:
        cards, dealer = deal_of(seed, i, rules)
        i += 1
        hand, _pts, forfeit = play_table(cards, dealer, rules, {s: agent for s in rules.seats}, None)
        if forfeit is not None or hand.result.thrown_in:
            continue
        plays = [k for k, r in enumerate(hand.history) if isinstance(r, CardPlayed)]
        per_trick = len(hand.seats_in_play)
        if len(plays) <= 2 * per_trick:
            continue
        step = plays[2 * per_trick]
        h = hand.at(step)
        if h.phase is not Phase.PLAY or len(h.legal_actions()) < 2:
            continue
        view = h.view(h.to_act)
        kind = "round 1" if "Order" in view.calls else "round 2"
        if len(out[kind]) < n_each:
            out[kind].append(view)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--views", type=int, default=30)
    ap.add_argument("--repeats", type=_common.count, default=3)
    ap.add_argument("--worlds", type=int, default=500)
    ap.add_argument("--cpu", action="store_true",
                    help="time the process's CPU (one thread: the time on one core), steadier on a busy machine")
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    measures, results = {}, {}
    views = mid_hand_views(args.views)
    print(f"advise_play: the first card of trick 3, {args.worlds} worlds, one thread, "
          f"{'CPU' if args.cpu else 'wall'} time; median over the views of each view's median of {args.repeats}")
    print(f"{'evidence':<10} {'set-up':<10} {'views':>5} {'median':>9} {'p10':>8} {'p90':>8} {'max':>8}  "
          f"methods; median proposals")
    real = bidding_model.BiddingModel.likelihood_of_hands

    def run(v, seed, label):
        if label == "cold":
            bidding_model.clear_likelihood_tables()
        if label == "old":
            bidding_model.BiddingModel.likelihood_of_hands = bidding_model.BiddingModel.likelihood
        try:
            t0 = time.process_time() if args.cpu else time.perf_counter()
            a = advise_play(v, Method(worlds=args.worlds, seed=seed,
                                   inference="both" if label == "play" else label != "uniform",
                                   valuation="double_dummy" if label == "dd" else None))
            return (time.process_time() if args.cpu else time.perf_counter()) - t0, a
        finally:
            bidding_model.BiddingModel.likelihood_of_hands = real

    # dd: the default with valuation="double_dummy"; play: inference="both" (the cards played weighed too)
    labels = ("inference", "dd", "cold", "old", "uniform", "play")
    for kind, vs in views.items():
        per = {label: [] for label in labels}
        methods, drawn, ess, told = {}, [], [], []
        for k, v in enumerate(vs):
            run(v, k, "inference")                                                # warm up
            ts = {label: [] for label in labels}
            for r in range(args.repeats):
                got = {}
                for label in labels:
                    dt, got[label] = run(v, 1000 * k + r, label)
                    ts[label].append(dt)
                assert got["old"].to_dict() == got["inference"].to_dict() == got["cold"].to_dict()
            for label in labels:
                per[label].append(statistics.median(ts[label]))
            methods[got["inference"].method] = methods.get(got["inference"].method, 0) + 1
            ess.append(got["play"].effective_worlds / got["play"].worlds)
            tt = []
            for r in range(args.repeats):
                t0 = time.process_time() if args.cpu else time.perf_counter()
                what_the_cards_told(got["play"].drawn, v)
                tt.append((time.process_time() if args.cpu else time.perf_counter()) - t0)
            told.append(statistics.median(tt))
            drawn.append(sample_worlds(v, worlds=args.worlds, seed=k).drawn)
        for label in labels:
            q = statistics.quantiles(per[label], n=10) if len(per[label]) > 1 else per[label] * 9
            ms = [1000 * x for x in (statistics.median(per[label]), q[0], q[-1], max(per[label]))]
            extra = (f"  {', '.join(f'{m} {c}' for m, c in sorted(methods.items()))}; "
                     f"{statistics.median(drawn):.0f}") if label == "inference" else ""
            print(f"{kind:<10} {label:<10} {len(vs):>5} {ms[0]:>7.1f}ms {ms[1]:>6.1f}ms {ms[2]:>6.1f}ms "
                  f"{ms[3]:>6.1f}ms{extra}")
            ref = f"{kind} | inference"
            measures[f"{kind} | {label}"] = _common.figure(
                per[label], f"ms a call ({'CPU' if args.cpu else 'wall'}, each view's median)", 1e3,
                against=measures.get(ref) if label != "inference" else None,
                against_name=ref if label != "inference" else None)
        ratio = statistics.median(o / n for o, n in zip(per["old"], per["inference"]))
        print(f"{kind:<10} old / inference: median ratio over the views {ratio:.2f}x")
        share = statistics.median(t / p for t, p in zip(told, per["play"]))
        print(f"{kind:<10} told: median {1000 * statistics.median(told):.2f}ms (max {1000 * max(told):.2f}ms), "
              f"median share of play {share:.1%}")
        measures[f"{kind} | told"] = _common.figure(told, f"ms a call ({'CPU' if args.cpu else 'wall'}, each view's "
                                                          "median)", 1e3)
        play_ratio = statistics.median(p / n for p, n in zip(per["play"], per["inference"]))
        print(f"{kind:<10} play / inference: median ratio over the views {play_ratio:.2f}x; the play's effective "
              f"worlds, median share of those drawn {statistics.median(ess):.2f} (min {min(ess):.2f})")
        results[kind] = {"views": len(vs), "methods": methods, "median_proposals": statistics.median(drawn),
                         "old_over_inference_paired_median": ratio, "play_over_inference_paired_median": play_ratio,
                         "play_effective_share_median": statistics.median(ess),
                         "told_share_of_play_median": share}
    _common.report(args, results, measures)

if __name__ == "__main__":
    main()
