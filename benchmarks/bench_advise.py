"""Speed of the bid advisor (solver.advise): one decision, every option.

Prints, for fixed hands (the real decisions of ../shared/data/egn/vwec-finals.egn
where there is one), the wall time of one decision: median and spread over
repeats, the double-dummy positions solved and the time per position.

* round 1, N to bid (S dealing), 2,000 worlds, one core      target <= 100 ms
* the same with 2 threads
* round 1, the dealer to bid (all six discards tried)
* round 2, N to bid (W dealing, 9s turned down)
* two-player, exact (every one of the 8,568 deals)

    python3 benchmarks/bench_advise.py [--repeats 7] [--worlds 2000]
"""
import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _common import count_positions    # noqa: E402
from solver import Rules, advise       # noqa: E402

CASES = [
    ("round 1, N (S deals), 1 thread", dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S"), 1),
    ("round 1, N (S deals), 2 threads", dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S"), 2),
    ("round 1, dealer S picks up?, 1 thread", dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="S"), 1),
    ("round 1, dealer S picks up?, 2 threads", dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="S"), 2),
    ("round 2, N (W deals), 1 thread", dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2), 1),
    ("round 2, N (W deals), 2 threads", dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2), 2),
    ("two-player exact, N (S deals), 1 thread",
     dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S", rules=Rules(players=2)), 1),
]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=7)
    ap.add_argument("--worlds", type=int, default=2000)
    args = ap.parse_args(argv)
    print(f"advise(): one decision, every option, {args.worlds} worlds (exact where enumerated); "
          f"{args.repeats} repeats")
    print(f"{'case':<42} {'median':>9} {'min':>9} {'max':>9} {'positions':>10} {'per pos.':>9}  recommended")
    for name, kwargs, threads in CASES:
        advise(worlds=args.worlds, seed=0, threads=threads, **kwargs)        # warm up
        times = []
        for r in range(args.repeats):
            t0 = time.perf_counter()
            a = advise(worlds=args.worlds, seed=r + 1, threads=threads, **kwargs)
            times.append(time.perf_counter() - t0)
        positions = count_positions(lambda: advise(worlds=args.worlds, seed=1, **kwargs))
        med = statistics.median(times)
        print(f"{name:<42} {med * 1e3:7.1f}ms {min(times) * 1e3:7.1f}ms {max(times) * 1e3:7.1f}ms "
              f"{positions:10d} {med / positions * 1e6:7.1f}us  {a.recommended.name}"
              f"{' (exact)' if a.exact else ''}")
    print("target: round 1, one core, 2,000 worlds <= 100 ms")


if __name__ == "__main__":
    main()
