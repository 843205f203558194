"""Alone or with partner: the advisor's loner decision against rollouts of both calls on the same worlds.

Issue 33's question behind the loner share (``loner_share.py``: the advisor goes alone on a quarter of the hands in
self-play, humans on 12-18%): when the fast valuation says "alone", do the advisor agents' own rollouts agree?
For every question of the loner class in the ``--rows`` files of ``rollout_classes.py`` (a hand of three or more
trumps ordering up alone in round 1; its rollout of the loner already there), the same call with partner is rolled
out on the same worlds with the same agents' seeds (``Rollout``, common random numbers: the two calls differ only
where their play does), and both calls are valued again on those worlds by double dummy and by every shipped
single-dummy fit. Printed: for each valuation, the mean of (alone - with partner) over the questions with its 95%
t interval, against the rollouts' own; and how often the valuation's choice is the rollouts' choice. The
partner rollouts are kept in ``--out`` (JSON lines, resumed from). The fast valuations value both calls at ``--fast-worlds`` worlds of the
question's seed (default 2,000, the advisor's own; 0: the rollouts' own few worlds, where a dealer picking its
discard chooses on the worlds it is scored on: see ``rollout_classes.py``).

    python3 benchmarks/studies/loner_choice.py --rows R1 [R2 ...] --out partner.jsonl [--limit N] [--fast-worlds 2000]
"""
import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from _common import advise_pieces, read_rows                               # noqa: E402
from solver import Rollout                                                 # noqa: E402
from solver.advisor.single_dummy import DEFAULT_NAME, NAMES, using_model   # noqa: E402
from solver.stats import mean_interval                                     # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from rollout_classes import question_seed                                  # noqa: E402

LONER_CLASS = "loners, 3+ trumps"


def partner_call(token: str) -> str:
    """The same call with partner (``"order alone"`` -> ``"order"``)."""
    return token[:-len(" alone")] if token.endswith(" alone") else token


def question_args(row) -> tuple:
    return (row["hand"], row["upcard"], row["seat"], row["dealer"], row["round"])


def fast_pair(row, fast_worlds: int = 2000) -> dict:
    """Each valuation's (alone, with partner) at ``fast_worlds`` worlds of the row's seed (0: the row's worlds)."""
    alone, partner = row["call"], partner_call(row["call"])
    kw = dict(worlds=fast_worlds or row["worlds"], seed=question_seed(row["seed"], row["k"], row["question"]),
              calls=[alone, partner], robust_delta=None)
    out = {}
    a = advise_pieces(*question_args(row), valuation="double_dummy", **kw)
    out["double_dummy"] = (a.option(alone).expected_points, a.option(partner).expected_points)
    for name in NAMES:
        with using_model(name):
            a = advise_pieces(*question_args(row), valuation="single_dummy", **kw)
        out[name] = (a.option(alone).expected_points, a.option(partner).expected_points)
    return out


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", nargs="+", required=True, help="rollout_classes.py rows files")
    ap.add_argument("--out", required=True, help="the partner calls' rollouts, JSON lines (appended; resumed from)")
    ap.add_argument("--limit", type=_common.count, default=None, help="at most this many questions")
    ap.add_argument("--fast-worlds", dest="fast_worlds", type=_common.fast_worlds, default=2000,
                    help="worlds of each fast valuation (default 2000, the advisor's; 0: the rollouts' own)")
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    loners = [r for path in args.rows for r in read_rows(path)
              if r.get("class") == LONER_CLASS and "rollout" in r and r.get("later_calls", "agents") == "agents"]
    loners = loners[:args.limit] if args.limit else loners
    key = lambda r: (r["seed"], r["question"])                     # noqa: E731
    done = {key(r): r for r in read_rows(args.out)}
    with open(args.out, "a", encoding="utf-8") as sink:
        for r in loners:
            if key(r) in done:
                continue
            t0 = time.process_time()
            a = advise_pieces(*question_args(r), worlds=r["worlds"], seed=question_seed(r["seed"], r["k"], r["question"]),
                              calls=[partner_call(r["call"])], valuation="rollout",
                              rollout=Rollout(agent_worlds=r["agent_worlds"]))
            row = {"seed": r["seed"], "question": r["question"], "call": partner_call(r["call"]),
                   "rollout": a.option(partner_call(r["call"])).expected_points, "cpu_s": time.process_time() - t0}
            sink.write(json.dumps(row) + "\n")
            sink.flush()
            done[key(r)] = row
    pairs = [(r, done[key(r)]) for r in loners if key(r) in done]
    roll = np.array([r["rollout"] - p["rollout"] for r, p in pairs])
    fast = [fast_pair(r, args.fast_worlds) for r, _ in pairs]
    lo, hi = mean_interval(roll, False)
    print(f"{len(pairs)} loner questions (three or more trumps, round 1), {pairs[0][0]['worlds']} worlds each "
          f"(the fast valuations at {args.fast_worlds or pairs[0][0]['worlds']}), "
          f"rollouts by advisor agents at {pairs[0][0]['agent_worlds']} worlds a decision, {pairs[0][0]['agents_fit']}")
    print(f"rollouts: alone - with partner {roll.mean():+.3f} [{lo:+.3f}, {hi:+.3f}]; alone the better call in "
          f"{np.mean(roll > 0):.0%} of the questions (ties {np.mean(roll == 0):.0%})")
    results = {"questions": len(pairs), "rollout": {"mean": float(roll.mean()), "interval": [float(lo), float(hi)],
                                                    "alone_better": float(np.mean(roll > 0))}}
    print(f"{'valuation':<20} {'alone - partner':>26} {'its error':>26} {'says alone':>11} {'agrees':>7}")
    for name in ["double_dummy", *NAMES]:
        d = np.array([f[name][0] - f[name][1] for f in fast])
        dlo, dhi = mean_interval(d, False)
        err = d - roll
        elo, ehi = mean_interval(err, False)
        agree = np.mean((d > 0) == (roll > 0))
        label = name + ("*" if name == DEFAULT_NAME else "")
        print(f"{label:<20} {d.mean():+.3f} [{dlo:+.3f}, {dhi:+.3f}]   {err.mean():+.3f} [{elo:+.3f}, {ehi:+.3f}] "
              f"{np.mean(d > 0):>10.0%} {agree:>7.0%}")
        results[name] = {"mean": float(d.mean()), "interval": [float(dlo), float(dhi)],
                         "error": [float(err.mean()), float(elo), float(ehi)], "says_alone": float(np.mean(d > 0)),
                         "agrees": float(agree)}
    _common.report(args, results)


if __name__ == "__main__":
    main()
