"""The advice users wait for, in this checkout against another one (say the commit before), interleaved.

Each repeat runs one child process per checkout (the order alternating, so a busy machine slows both alike);
each child times, on one thread and after one untimed warm-up each:

* the three decisions of ``bench_advise_split.py`` (round 1 N to bid, the dealer's pickup, round 2; 2,000
  worlds, every option, the robustness check on), in the default set-up (single dummy) and with
  ``valuation="double_dummy"``, on seeds 1..seeds, each from cold transposition tables;
* ``advise_play`` at 500 worlds on the mid-hand views of ``bench_play.py`` (the first card of trick 3, both
  kinds of evidence), each view once a seed.

Per measure it prints the median CPU and wall ms of each checkout with the quartiles, and the median of the
paired ratios (this / other: same seed, same repeat, same view), beside the targets of issue 38 (CPU on one
core, the robustness check included: round 1 40 ms, round 2 and the dealer 50 ms, ``advise_play`` 15 ms a
call). Only the timings differ between the checkouts' answers if the change was for speed alone: the child
also hashes every option's figures and per-world points, and the script says whether the two agree.

The other checkout needs its core built (``pip install -e .`` there, or its own ``python setup.py build_ext
-i``). To measure against the commit before without a second build::

    git worktree add /tmp/before HEAD~1 && cp solver/_search*.so /tmp/before/solver/   # the core unchanged
    python3 benchmarks/bench_advise_ab.py --against /tmp/before [--repeats 6] [--seeds 5] [--worlds 2000]
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
import hashlib, json, sys, time
sys.path.insert(0, sys.argv[1])
import numpy as np
import solver
from solver import _search, advise_play
from _common import advise_pieces
assert solver.__file__.startswith(sys.argv[1]), solver.__file__
from bench_advise_split import CASES
seeds, worlds, views_each, play_worlds = (int(x) for x in sys.argv[2:6])
out, digest = {}, hashlib.sha256()


def timed(name, fn):
    _search.reset_tables()
    c0, t0 = time.process_time(), time.perf_counter()
    got = fn()
    out.setdefault(name, []).append((time.process_time() - c0, time.perf_counter() - t0))
    return got


for case, kw in CASES:
    for label, extra in (("default", {}), ("double dummy", {"valuation": "double_dummy"})):
        advise_pieces(**kw, **extra, worlds=worlds, seed=0, threads=1)
        for seed in range(1, seeds + 1):
            a = timed(f"{case} | {label}", lambda: advise_pieces(**kw, **extra, worlds=worlds, seed=seed, threads=1))
            for o in a.options:
                digest.update(repr((o.call, o.expected_points, o.p_make, o.worlds, o.discard)).encode())
                digest.update(np.asarray(o.world_points).tobytes())
            digest.update(json.dumps(list(a.variants), sort_keys=True, default=str).encode())
if views_each:
    from bench_play import mid_hand_views
    for kind, views in mid_hand_views(views_each).items():
        for k, v in enumerate(views):
            advise_play(v, solver.Method(worlds=play_worlds, seed=0))
            for seed in range(1, seeds + 1):
                p = timed(f"advise_play, {kind} | default", lambda: advise_play(
                    v, solver.Method(worlds=play_worlds, seed=seed)))
                digest.update(json.dumps(p.to_dict(), sort_keys=True, default=str).encode())
print(json.dumps({"times": out, "answers": digest.hexdigest()}))
'''

#: issue 38's targets, CPU ms on one core (the default set-up, the robustness check included)
TARGETS = {"round 1, N (S deals) | default": 40, "round 1, dealer S picks up? | default": 50,
           "round 2, N (W deals) | default": 50, "advise_play, round 1 | default": 15,
           "advise_play, round 2 | default": 15}


def child(tree: str, seeds: int, worlds: int, views: int, play_worlds: int) -> dict:
    """``{"times": {measure: [(cpu s, wall s), ...]}, "answers": hash}`` of ``tree``'s advice (a child process)."""
    proc = subprocess.run([sys.executable, "-c", CHILD, tree, str(seeds), str(worlds), str(views), str(play_worlds)],
                          capture_output=True, text=True, check=True, cwd=str(HERE / "benchmarks"))
    return json.loads(proc.stdout)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--against", required=True, help="the other checkout's directory (its core built)")
    ap.add_argument("--repeats", type=_common.count, default=6)
    ap.add_argument("--seeds", type=_common.count, default=5)
    ap.add_argument("--worlds", type=int, default=2000)
    ap.add_argument("--play-views", type=int, default=5,
                    help="mid-hand views of each kind for advise_play (0: no play advice)")
    ap.add_argument("--play-worlds", type=int, default=500)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    measures = {}
    trees = [("this", str(HERE)), ("other", str(Path(args.against).resolve()))]
    times = {name: {} for name, _ in trees}
    answers = {name: set() for name, _ in trees}
    for r in range(args.repeats):
        for name, tree in (trees if r % 2 == 0 else trees[::-1]):
            got = child(tree, args.seeds, args.worlds, args.play_views, args.play_worlds)
            answers[name].add(got["answers"])
            for measure, pairs in got["times"].items():
                times[name].setdefault(measure, []).extend(pairs)
    print(f"advice: {args.worlds} worlds a decision, advise_play {args.play_worlds}; one thread; {args.repeats} "
          f"repeats x {args.seeds} seeds (x the views); other = {trees[1][1]}")
    print(f"{'measure':<46} {'clock':<5} {'this (quartiles)':>22} {'other (quartiles)':>22} {'this/other':>10} "
          f"{'target':>7}")
    for measure in times["this"]:
        for k, clock in enumerate(("cpu", "wall")):
            this = [p[k] for p in times["this"][measure]]
            other = [p[k] for p in times["other"].get(measure, [])]
            cells = []
            for values in (this, other):
                if not values:
                    cells.append(f"{'-':>22}")
                    continue
                q = statistics.quantiles(values, n=4) if len(values) > 1 else values * 3
                cells.append(f"{statistics.median(values) * 1e3:7.1f} ({q[0] * 1e3:5.1f}-{q[2] * 1e3:5.1f})".rjust(22))
            ratios = [a / b for a, b in zip(this, other)]
            ratio = f"{statistics.median(ratios):10.3f}" if ratios else f"{'-':>10}"
            target = f"{TARGETS[measure]:>5} ms" if clock == "cpu" and measure in TARGETS else ""
            print(f"{measure:<46} {clock:<5} {cells[0]} {cells[1]} {ratio} {target:>7}")
            ref = f"{measure} | {clock} | other"
            if other:
                measures[ref] = _common.figure(other, f"{clock} ms a call", 1e3)
            measures[f"{measure} | {clock} | this"] = _common.figure(
                this, f"{clock} ms a call", 1e3, against=measures.get(ref), against_name=ref if other else None)
            if ratios:
                measures[f"{measure} | {clock} | paired ratio"] = _common.figure(
                    ratios, "this / other, same seed, repeat and view")
    same = answers["this"] == answers["other"] and len(answers["this"]) == 1
    print(f"answers: {'the same in both checkouts' if same else 'DIFFER between the checkouts'} "
          f"(every option's figures and per-world points, the variants, the play advice)")
    _common.report(args, {"other": trees[1][1], "same_answers": same}, measures)


if __name__ == "__main__":
    main()
