"""The class table: each fast valuation of a call against rollouts of the same call, by class of the question.

Issue 33's measure of the fast default. For each class of the flattery study
(``benchmarks/studies/single_dummy_flattery.py``: the maker's own trumps, one or none, two, three or more, by
round; loners; a pass in either round), ``--questions`` questions are drawn by its ``questions`` at seed
``--seed + k`` for class ``k`` (the default 40 draws deals no fit was made on: the fits use seeds
``1000 * s + k`` and the flattery study's runs 7 to 30). Each question's call (the class's own call, or the
pass) is rolled out (``advise(valuation="rollout", calls=[call])``, :mod:`solver.rollout`: the call played to
the end of the deal in every world by the advisor agents at every seat, later calls included, at
``--agent-worlds`` worlds a decision) on ``--worlds`` worlds, and the mean points of the call kept: the
``--rows`` file, one JSON line a question, written as each finishes and read back on a new run so an interrupted
run resumes (questions already in it are not rolled out again).

The table (printed at the end of a run, or by ``--summarise ROWS`` alone) values each question's call again by
double dummy and by each shipped single-dummy fit (:data:`solver.advisor.single_dummy.NAMES`, the default
marked), at ``--fast-worlds`` worlds of the question's seed (default 2,000, the advisor's own), and prints by
class the mean rollout value and each valuation's mean difference from it with a 95% t interval over the
questions (each question is one unit, so the interval counts the deal-to-deal spread). A valuation stands
within 0.05 of the rollouts in a class when its whole interval does; ``ok`` marks a mean within 0.05.

Why not the rollout's own few worlds: a fast valuation that chooses (a first-round pass plays the seat's own
best round-2 call, the dealer's order its best discard) chooses on the worlds it is scored on, so on 10 worlds
it picks the luckiest of seven calls and flatters the option (a winner's curse, as in any best-of-k on one
sample): on the first 61 first-round passes, v3 stood +0.149 above the rollouts valued on their 10 worlds and
+0.054 at 1,000. Both sides are unbiased for their question at any count of worlds (the fast valuation's
worlds and the rollout's are drawn alike), so pairing on the very worlds only narrows the interval;
``--fast-worlds 0`` keeps it (the rollout's worlds).

The rollouts' agents play by the fits in force when the rows were written (the advisor's default valuation):
the row records the default fit's name then.

    python3 benchmarks/studies/rollout_classes.py --rows rows.jsonl [--questions 300] [--worlds 10]
        [--agent-worlds 20] [--seed 40] [--classes 0,1,...] [--later-calls agents|model] [--processes 2] [--json PATH]
    python3 benchmarks/studies/rollout_classes.py --summarise rows.jsonl [--fast-worlds 2000] [--processes 2]
        [--json PATH]
"""
import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Rollout                                                 # noqa: E402
from _common import advise_pieces, read_rows                               # noqa: E402
from solver.advisor.single_dummy import DEFAULT_NAME, NAMES, using_model   # noqa: E402
from solver.errors import EuchreError                                      # noqa: E402
from solver.bidding import DEFAULT_MODEL, MODEL_NAMES                      # noqa: E402
from solver.stats import mean_interval                                     # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from single_dummy_flattery import CLASSES, questions                       # noqa: E402

#: A class stands within this many points of the rollouts (issue 33).
TOLERANCE = 0.05


def question_seed(seed: int, k: int, q: int) -> int:
    """The advice seed of question ``q`` of class ``k`` (its worlds and its agents' seeds)."""
    return seed * 100_000 + k * 1000 + q


def roll_one(job):
    """One question rolled out: the row of the ``--rows`` file, or ``None`` where the advisor does not advise
    (earlier passes too unlikely under the bidding model)."""
    k, q, (hand, up, seat, dealer, token), args = job
    label, rnd, _alone, _trumps = CLASSES[k]
    t0 = time.process_time()
    try:
        a = advise_pieces(hand, up, seat, dealer, rnd, worlds=args["worlds"], seed=question_seed(args["seed"], k, q),
                          calls=[token], valuation="rollout",
                          rollout=Rollout(agent_worlds=args["agent_worlds"], later_calls=args["later_calls"]))
    except EuchreError as exc:
        return {"class": label, "question": q, "skipped": str(exc)}
    return {"class": label, "k": k, "question": q, "hand": hand, "upcard": up, "seat": seat, "dealer": dealer,
            "round": rnd, "call": token, "worlds": args["worlds"], "agent_worlds": args["agent_worlds"],
            "seed": args["seed"], "rollout": a.option(token).expected_points, "agents_fit": DEFAULT_NAME,
            "later_calls": args["later_calls"],
            "cpu_s": time.process_time() - t0}


def fast_values(job) -> dict:
    """The call of a row valued by double dummy and by every shipped single-dummy fit at ``fast_worlds`` worlds of
    the question's seed (0: the rollout's own worlds), the later seats bidding by ``model`` (a name; ``None``: the
    advisor's default), the job ``(row, fast_worlds, model)``."""
    row, fast_worlds, model = job
    out = {}
    kw = dict(worlds=fast_worlds or row["worlds"], seed=question_seed(row["seed"], row["k"], row["question"]),
              calls=[row["call"]], robust_delta=None, **({} if model is None else {"model": model}))
    args = (row["hand"], row["upcard"], row["seat"], row["dealer"], row["round"])
    try:
        out["double_dummy"] = advise_pieces(*args, valuation="double_dummy", **kw).option(row["call"]).expected_points
    except EuchreError as exc:       # another model may find the earlier passes too unlikely to advise on
        return {"refused": str(exc)}
    for name in NAMES:
        with using_model(name):
            out[name] = advise_pieces(*args, valuation="single_dummy", **kw).option(row["call"]).expected_points
    return out



def summarise(path, json_out=None, args=None, fast_worlds: int = 2000, processes: int = 1, model=None,
              classes=None) -> dict:
    """The table of a rows file (printed; the figures returned, and written to ``json_out``): ``model`` the bidding
    model the fast valuations' later seats bid by (a name; ``None``: the advisor's default), ``classes`` the class
    indices to value (``None``: all)."""
    read = read_rows(path)
    labels = {label for k, (label, *_) in enumerate(CLASSES) if classes is None or k in classes}
    # a row of no class of the study (another version's labels, an edited file) has no line of the table: it is
    # left out before its fast valuations, and counted, rather than valued and silently dropped
    rows = [r for r in read if "rollout" in r and r.get("class") in labels]
    unknown = sorted({str(r.get("class")) for r in read if "rollout" in r and r.get("class") not in labels})
    strays = sum(1 for r in read if "rollout" in r and r.get("class") not in labels)
    skipped = sum(1 for r in read if "skipped" in r)
    columns = ["double_dummy", *NAMES]
    t0 = time.perf_counter()
    jobs = [(r, fast_worlds, model) for r in rows]
    if processes > 1:
        with Pool(processes) as pool:
            values = pool.map(fast_values, jobs, chunksize=8)
    else:
        values = map(fast_values, jobs)
    for r, v in zip(rows, values):
        r.update(v)
    # a question the advisor refuses under --model (its earlier passes too unlikely there) has no pair: left out
    refused = sum(1 for r in rows if "refused" in r)
    rows = [r for r in rows if "refused" not in r]
    fast_s = time.perf_counter() - t0
    short = {"double_dummy": "dd", **{n: n.replace("single-dummy-", "sd ") + ("*" if n == DEFAULT_NAME else "")
                                      for n in NAMES}}
    agents = sorted({f"{r['agent_worlds']} worlds, {r['agents_fit']}, later calls by the "
                     f"{'bidding model' if r.get('later_calls') == 'model' else 'agents'}" for r in rows})
    where = f"{fast_worlds} worlds of the question" if fast_worlds else "the rollout's own worlds"
    print(f"each valuation of a call against its rollout: {len(rows)} questions from {path} "
          f"({skipped} skipped: earlier passes too unlikely to advise on"
          + (f"; {strays} rows of no class of the study left out: {', '.join(unknown)}" if strays else "")
          + (f"; {refused} the advisor refuses under {model} left out" if refused else "")
          + f"); rollouts by advisor agents at {'; '.join(agents) or '(no rows)'}; the fast valuations at "
          f"{where}, the later seats bidding by {model or DEFAULT_MODEL.name}; "
          f"mean over the questions, 95% t interval of (valuation - rollout) over them; "
          f"* the default fit; ok: the mean within {TOLERANCE}, OK: the whole interval")
    print(f"{'class':<26} {'q':>4} {'rollout':>8}  " + "  ".join(f"{short[c] + ' - rollout':>28}" for c in columns))
    table = []
    for label, *_ in CLASSES:
        mine = [r for r in rows if r["class"] == label]
        if len(mine) < 2:
            continue
        roll = np.array([r["rollout"] for r in mine])
        line = {"class": label, "questions": len(mine), "rollout": float(roll.mean())}
        cells = []
        for c in columns:
            d = np.array([r[c] for r in mine]) - roll
            lo, hi = mean_interval(d, False)
            mark = "OK" if -TOLERANCE <= lo and hi <= TOLERANCE else "ok" if abs(d.mean()) <= TOLERANCE else "  "
            cells.append(f"{d.mean():+.3f} [{lo:+.3f}, {hi:+.3f}] {mark}")
            line[c] = {"mean": float(d.mean()), "interval": [float(lo), float(hi)]}
        table.append(line)
        print(f"{label:<26} {len(mine):>4} {roll.mean():>+8.3f}  " + "  ".join(f"{x:>28}" for x in cells))
    cpu = np.array([r["cpu_s"] / r["worlds"] for r in rows]) if rows else np.zeros(0)
    if cpu.size:
        print(f"rollout cost: {np.median(cpu) * 1000:.0f} ms of CPU a world and call (median; p10 "
              f"{np.percentile(cpu, 10) * 1000:.0f}, p90 {np.percentile(cpu, 90) * 1000:.0f}); the fast valuations "
              f"of every question: {fast_s:.1f} s")
    if json_out and args is not None:
        _common.report(args, {"classes": table, "questions": len(rows), "skipped": skipped, "unknown_class": strays,
                              "refused_under_model": refused,
                              "fast_worlds": fast_worlds,
                              "rollout_cpu_ms_per_world": float(np.median(cpu) * 1000) if cpu.size else None},
                       json_out)
    return {"classes": table}


def class_indices(text: str) -> list:
    """argparse type: comma-separated indices of :data:`CLASSES`."""
    try:
        got = [int(x) for x in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: expected comma-separated class indices 0..{len(CLASSES) - 1}")
    bad = [k for k in got if not 0 <= k < len(CLASSES)]
    if bad:
        raise argparse.ArgumentTypeError(f"{text!r}: no class {bad[0]} (the classes are 0..{len(CLASSES) - 1})")
    return got


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--questions", type=_common.count, default=300, help="questions per class (default 300)")
    ap.add_argument("--worlds", type=_common.worlds, default=10, help="worlds per question (default 10, the fewest)")
    ap.add_argument("--agent-worlds", dest="agent_worlds", type=int, default=20,
                    help="worlds of each agent decision in the rollouts (default 20)")
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--later-calls", dest="later_calls", choices=("agents", "model"), default="agents",
                    help="who makes the other seats' calls in the rollouts: the advisor agents (default) or the "
                         "bidding model, as the fast valuations assume (Rollout.later_calls)")
    ap.add_argument("--classes", default=None, type=class_indices,
                    help="comma-separated class indices, to roll out or to summarise (default: all)")
    ap.add_argument("--model", default=None, choices=MODEL_NAMES,
                    help="the bidding model the fast valuations' later seats bid by (default: the advisor's, "
                         f"{DEFAULT_MODEL.name}); the rollouts' are the agents' or --later-calls model's")
    ap.add_argument("--processes", type=_common.count, default=1, help="questions rolled out side by side")
    ap.add_argument("--rows", default=None, help="the questions' rollouts, JSON lines (appended; resumed from)")
    ap.add_argument("--summarise", default=None, metavar="ROWS", help="print the table of a --rows file and stop")
    ap.add_argument("--fast-worlds", dest="fast_worlds", type=_common.fast_worlds, default=2000,
                    help="worlds of each fast valuation in the table (default 2000, the advisor's; 0: the rollout's "
                         "own worlds, paired but flattering a valuation that chooses on them)")
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    if args.summarise:
        if not Path(args.summarise).is_file():     # (read_rows reads a rows file not begun yet as none)
            ap.error(f"--summarise {args.summarise!r}: no such rows file")
        return summarise(args.summarise, args.json, args, args.fast_worlds, args.processes, args.model, args.classes)
    if not args.rows:
        ap.error("--rows is needed (the rollouts are kept there, and resumed from it)")
    done = {(r["class"], r["question"]) for r in read_rows(args.rows)
            if r.get("seed", args.seed) == args.seed and r.get("later_calls", "agents") == args.later_calls}
    chosen = range(len(CLASSES)) if args.classes is None else args.classes
    shared = {"worlds": args.worlds, "agent_worlds": args.agent_worlds, "seed": args.seed,
              "later_calls": args.later_calls}
    jobs = [(k, q, spec, shared) for k in chosen
            for q, spec in enumerate(questions(args.seed + k, CLASSES[k][1], CLASSES[k][2], CLASSES[k][3],
                                               args.questions))
            if (CLASSES[k][0], q) not in done]
    # classes interleaved, so a run stopped early still has every class
    jobs.sort(key=lambda j: (j[1], j[0]))
    from tqdm import tqdm
    with open(args.rows, "a", encoding="utf-8") as sink:
        pool = Pool(args.processes) if args.processes > 1 else None
        got = pool.imap_unordered(roll_one, jobs) if pool else map(roll_one, jobs)
        for row in tqdm(got, total=len(jobs), disable=not sys.stderr.isatty(), desc="questions"):
            sink.write(json.dumps(row) + "\n")
            sink.flush()
        if pool:
            pool.close()
    summarise(args.rows, args.json, args, args.fast_worlds, args.processes, args.model, args.classes)


if __name__ == "__main__":
    main()
