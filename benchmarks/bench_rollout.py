"""The cost of a rollout (``advise(valuation="rollout")``, solver.rollout), per option and world.

A rollout plays each call of a bid question to the end of the deal in every world by the advisor agents at
every seat, so its cost is worlds x calls deals of four advisor agents. On one core (``processes=1``), for
each question of :data:`CASES` at ``--worlds`` worlds and ``--agent-worlds`` worlds an agent decision,
``--repeats`` times: the CPU and wall seconds of the whole question, and the CPU milliseconds per option and
world (median, spread, a 95% interval of the median), each with its ratio to the double-dummy advice of the
same question at 2,000 worlds measured in the same run (the fast method's cost, for scale).

    python3 benchmarks/bench_rollout.py [--worlds 10] [--agent-worlds 50] [--repeats 3] [--json PATH]
"""
import argparse

import _common                                    # noqa: E402  first: checks which engine runs

import solver                                     # noqa: E402
from solver import Rollout                        # noqa: E402

#: (label, the question's keyword arguments).
CASES = (
    ("round 1, first to speak", dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S", round=1)),
    ("round 1, the dealer", dict(hand="Jh Jd Ah 9c Ts", upcard="9h", seat="N", dealer="N", round=1)),
    ("round 2", dict(hand="9h 9s Ts Jc Qh", upcard="Ks", seat="E", dealer="N", round=2)),
)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--worlds", type=_common.count, default=10, help="worlds of each rollout (at least 10)")
    ap.add_argument("--agent-worlds", dest="agent_worlds", type=_common.count, default=50)
    ap.add_argument("--repeats", type=_common.count, default=3)
    ap.add_argument("--seed", type=int, default=1)
    _common.add_json_argument(ap)
    args = ap.parse_args()
    if args.worlds < 10:
        ap.error(f"--worlds {args.worlds}: at least 10 (the advisor's fewest)")
    spec = Rollout(agent_worlds=args.agent_worlds)
    measures, results = {}, {}
    print(f"rollout: {args.worlds} worlds, advisor agents at {args.agent_worlds} worlds a decision, one core, "
          f"{args.repeats} repeats")
    for label, q in CASES:
        calls = []

        def rolled():
            calls.append(_common.advise_pieces(**q, worlds=args.worlds, seed=args.seed, valuation="rollout", rollout=spec))

        dd = _common.measure(lambda: _common.advise_pieces(**q, worlds=2000, seed=args.seed, valuation="double_dummy"),
                             args.repeats)
        ro = _common.measure(rolled, args.repeats)
        options = len(calls[0].options)
        per = [c / (options * args.worlds) for c in ro["cpu"]]
        base = _common.figure(dd["cpu"], "ms", 1e3)
        measures[f"{label}: double dummy, 2000 worlds, cpu"] = base
        measures[f"{label}: rollout, cpu"] = _common.figure(ro["cpu"], "s", 1.0)
        measures[f"{label}: rollout, wall"] = _common.figure(ro["wall"], "s", 1.0)
        measures[f"{label}: rollout per option and world, cpu"] = fig = _common.figure(
            per, "ms", 1e3, against=base, against_name=f"{label}: double dummy, 2000 worlds, cpu")
        results[label] = {"options": options, "recommended": calls[0].recommended.call,
                          "points": {o.call: o.expected_points for o in calls[0].options}}
        print(f"{label:26s} {options} calls: rollout {statistics_line(ro['cpu'], 's')} cpu; "
              f"per option and world {fig['median']:.0f} ms (min {fig['min']:.0f}, max {fig['max']:.0f}, 95% "
              f"{fig['interval']['low']:.0f}-{fig['interval']['high']:.0f}), {fig['ratio']:.1f}x the double-dummy "
              f"advice's {base['median']:.0f} ms at 2,000 worlds")
    _common.report(args, results, measures)


def statistics_line(values, unit):
    s = _common.summary(values)
    return f"median {s['median']:.2f} {unit} (min {s['min']:.2f}, max {s['max']:.2f})"


if __name__ == "__main__":
    main()
