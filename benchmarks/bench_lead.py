"""Speed of the lead table (solver.lead_table) at 500 worlds on one core, against play advice on the same views.

The views: random deals (:func:`solver.match.duplicate.deal_of`, four-player default rules) bid and played by
the ``policy`` agent; from each, the view of the seat on lead at the ``opening`` lead (trick 1) and at the
lead of trick 3 (``mid-hand``), skipped when it has one legal card. Per kind and valuation (the default
single dummy, and double dummy): the median and spread over the views of the wall (or, ``--cpu``, CPU) time
of one ``lead_table(view, worlds=500)`` on one thread (each view timed ``--repeats`` times, its median taken),
and, interleaved view by view so that a busy machine slows both alike, ``advise_play`` on the same view and
seed (both warm: an untimed call first fills the bidding model's likelihood tables for those worlds; the two
take turns going first): the lead table reads the play advice's per-world values, so the ratio says what its
own report costs (checked: the same best card).

    python3 benchmarks/bench_lead.py [--views 20] [--repeats 3] [--worlds 500] [--cpu] [--json PATH]
"""
import argparse
import statistics
import time

import _common                                    # noqa: E402  first: checks which engine runs

from solver import Method, Rules, advise_play, lead_table        # noqa: E402
from solver.game import CardPlayed, Phase                # noqa: E402
from solver.match.agents import PolicyAgent              # noqa: E402
from solver.match.duplicate import deal_of               # noqa: E402
from solver.match.referee import play_table              # noqa: E402

KINDS = {"opening": 0, "mid-hand": 2}      # the lead of trick 1, of trick 3 (tricks done before it)


def lead_views(n_each: int, seed: int = 11) -> dict:
    """``{"opening": [view, ...], "mid-hand": [...]}``: ``n_each`` views of the seat on lead of each kind."""
    rules, agent = Rules(), PolicyAgent()
    out = {k: [] for k in KINDS}
    i = 0
    while min(len(v) for v in out.values()) < n_each and i < 200 * n_each:
        cards, dealer = deal_of(seed, i, rules)
        i += 1
        hand, _pts, forfeit = play_table(cards, dealer, rules, {s: agent for s in rules.seats}, None)
        if forfeit is not None or hand.result.thrown_in:
            continue
        plays = [k for k, r in enumerate(hand.history) if isinstance(r, CardPlayed)]
        per_trick = len(hand.seats_in_play)
        for kind, done in KINDS.items():
            h = hand.at(plays[done * per_trick])
            if len(out[kind]) < n_each and h.phase is Phase.PLAY and len(h.legal_actions()) > 1:
                out[kind].append(h.view(h.to_act))
    return out


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--views", type=_common.count, default=20)
    ap.add_argument("--repeats", type=_common.count, default=3)
    ap.add_argument("--worlds", type=_common.count, default=500)
    ap.add_argument("--cpu", action="store_true",
                    help="time the process's CPU (one thread: the time on one core), steadier on a busy machine")
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    clock = time.process_time if args.cpu else time.perf_counter
    views = lead_views(args.views)
    measures, results = {}, {}
    print(f"lead_table against advise_play: the seat on lead, {args.worlds} worlds, one thread, "
          f"{'CPU' if args.cpu else 'wall'} time; median over the views of each view's median of {args.repeats}")
    print(f"{'lead':<9} {'valuation':<13} {'call':<12} {'views':>5} {'median':>9} {'p10':>8} {'p90':>8} "
          f"{'max':>8}  ratio")
    calls = {"lead_table": lead_table, "advise_play": advise_play}
    for kind, vs in views.items():
        for valuation in ("single_dummy", "double_dummy"):
            per = {name: [] for name in calls}
            for k, v in enumerate(vs):
                ts = {name: [] for name in calls}
                for r in range(args.repeats):
                    # untimed first: the bidding model's likelihood tables warm for these worlds (both calls
                    # draw the same ones), so neither call pays for filling them; then both, in turn order
                    advise_play(v, Method(worlds=args.worlds, seed=1000 * k + r, valuation=valuation))
                    got = {}
                    for name in (list(calls) if r % 2 == 0 else list(calls)[::-1]):
                        fn = calls[name]
                        t0 = clock()
                        got[name] = fn(v, Method(worlds=args.worlds, seed=1000 * k + r, valuation=valuation))
                        ts[name].append(clock() - t0)
                    assert got["lead_table"].best == got["advise_play"].best
                for name in calls:
                    per[name].append(statistics.median(ts[name]))
            ratio = statistics.median(a / b for a, b in zip(per["lead_table"], per["advise_play"]))
            for name in calls:
                s = _common.summary(per[name], 1e3)
                ms = [s["median"], s["p10"], s["p90"], s["max"]]
                note = f"  {ratio:.2f}x advise_play (paired median)" if name == "lead_table" else ""
                print(f"{kind:<9} {valuation:<13} {name:<12} {len(vs):>5} {ms[0]:>7.1f}ms {ms[1]:>6.1f}ms "
                      f"{ms[2]:>6.1f}ms {ms[3]:>6.1f}ms{note}")
                ref = f"{kind} | {valuation} | advise_play"
                measures[f"{kind} | {valuation} | {name}"] = _common.figure(
                    per[name], f"ms a call ({'CPU' if args.cpu else 'wall'}, each view's median)", 1e3,
                    against=measures.get(ref) if name == "lead_table" else None,
                    against_name=ref if name == "lead_table" else None)
            results[f"{kind} | {valuation}"] = {"views": len(vs), "lead_over_play_paired_median": ratio}
    _common.report(args, results, measures)


if __name__ == "__main__":
    main()
