"""The bid advisor's CPU time in this checkout against another one (say the main branch's), interleaved.

Each repeat runs one child process per checkout (the order alternating), each child timing the three
decisions of ``bench_advise_split.py`` (one core, 2,000 worlds, every option, the default set-up) on seeds
1..seeds from cold transposition tables, after one warm-up decision. Prints per decision the median CPU ms of
each checkout with the quartiles, and the median of the paired ratios (this / other, same seed, same repeat).
The other checkout needs its core built (``pip install -e .`` there, or its own ``python setup.py build_ext -i``).

    python3 benchmarks/bench_advise_ab.py --against OTHER_CHECKOUT [--repeats 6] [--seeds 5] [--worlds 2000]
"""
import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent
import _common                                    # noqa: E402  first: checks which engine runs

CHILD = r'''
import json, sys, time
sys.path.insert(0, sys.argv[1])
import solver
from solver import _search, advise
assert solver.__file__.startswith(sys.argv[1]), solver.__file__
from bench_advise_split import CASES
out = []
for _name, kw in CASES:
    advise(**kw, worlds=int(sys.argv[3]), seed=0, threads=1)
    times = []
    for seed in range(1, int(sys.argv[2]) + 1):
        _search.reset_tables()
        c0 = time.process_time()
        advise(**kw, worlds=int(sys.argv[3]), seed=seed, threads=1)
        times.append(time.process_time() - c0)
    out.append(times)
print(json.dumps(out))
'''


def child(tree: str, seeds: int, worlds: int) -> list:
    """CPU seconds per case and seed of ``tree``'s advisor (a child process)."""
    proc = subprocess.run([sys.executable, "-c", CHILD, tree, str(seeds), str(worlds)], capture_output=True,
                          text=True, check=True, cwd=str(HERE / "benchmarks"))
    return json.loads(proc.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, help="the other checkout's directory (its core built)")
    ap.add_argument("--repeats", type=_common.count, default=6)
    ap.add_argument("--seeds", type=_common.count, default=5)
    ap.add_argument("--worlds", type=int, default=2000)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    measures = {}
    sys.path.insert(0, str(HERE / "benchmarks"))
    from bench_advise_split import CASES
    trees = [("this", str(HERE)), ("other", str(Path(args.against).resolve()))]
    times = {name: [[] for _ in CASES] for name, _ in trees}
    for r in range(args.repeats):
        for name, tree in (trees if r % 2 == 0 else trees[::-1]):
            for i, ts in enumerate(child(tree, args.seeds, args.worlds)):
                times[name][i].extend(ts)
    print(f"advise(): CPU ms, {args.worlds} worlds, one thread, {args.repeats} repeats x {args.seeds} seeds; "
          f"other = {trees[1][1]}")
    for i, (case, _kw) in enumerate(CASES):
        cells = []
        for name, _ in trees:
            ts = times[name][i]
            q = statistics.quantiles(ts, n=4) if len(ts) > 1 else ts * 3       # one repeat of one seed: no spread
            cells.append(f"{name} {statistics.median(times[name][i]) * 1e3:6.1f} ({q[0] * 1e3:.1f}-{q[2] * 1e3:.1f})")
        ratio = statistics.median(a / b for a, b in zip(times["this"][i], times["other"][i]))
        print(f"{case:<30} {'  '.join(cells)}  this/other {ratio:.3f}")
        other = measures[f"{case} | other"] = _common.figure(times["other"][i], "CPU ms a decision", 1e3)
        measures[f"{case} | this"] = _common.figure(times["this"][i], "CPU ms a decision", 1e3, against=other,
                                                    against_name=f"{case} | other")
        measures[f"{case} | paired ratio"] = _common.figure(
            [a / b for a, b in zip(times["this"][i], times["other"][i])], "this / other, same seed and repeat")
    _common.report(args, {"other": trees[1][1]}, measures)


if __name__ == "__main__":
    main()
