"""Measure the ladder (solver/data/ladder-v1.json): each level's points a deal against the reference advisor.

Each level of :data:`solver.match.ladder.LEVELS` plays a duplicate match (:func:`solver.play_match`, default
four-player rules) against :data:`~solver.match.ladder.REFERENCE` at
:data:`~solver.match.ladder.REFERENCE_WORLDS` worlds a decision: ``--deals`` deals, each at two tables with
the seats swapped, the same ``--seed`` for every level (so every level meets the same cards). The level's
figure is the match's own: its net points a deal, with the 95% Student t interval paired over the deals.
The data file is written after every level (with the commit, the command, the date and each match's wall
time), so a stopped run keeps the levels it finished; a level already in the file with the same agent,
worlds, deals and seed is kept, not played again (``--again`` plays it anyway). The shipped run (1,000 deals
a level, five levels) took 31 minutes with ``--jobs 2`` under ``nice -n 5`` on a loaded 2-core machine.

    nice -n 5 python3 benchmarks/tools/derive_ladder.py --deals 1000 --seed 1 --jobs 2 [--levels 1,2,3,4,5]
        [--out solver/data/ladder-v1.json] [--again]
"""
import argparse
import datetime
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402  first: checks which engine runs

from solver import play_match                                                                    # noqa: E402
from solver.match.ladder import LADDER_FILE, LEVELS, REFERENCE, REFERENCE_WORLDS, level_of        # noqa: E402
from solver import Method                              # noqa: E402


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--levels", default=",".join(str(lv.number) for lv in LEVELS),
                        help="comma-separated level numbers or names (default: all)")
    parser.add_argument("--out", default=str(LADDER_FILE))
    parser.add_argument("--again", action="store_true", help="play a level again even if the file has it")
    args = parser.parse_args(argv)
    _common.require_checkout(args.out)
    out = Path(args.out)
    levels = [level_of(x) for x in args.levels.split(",") if x.strip()]
    data = json.loads(out.read_text(encoding="utf-8")) if out.is_file() else {}
    reference = {"agent": REFERENCE, "worlds": REFERENCE_WORLDS}
    if data.get("reference") != reference:
        data = {}                          # measured against another reference: nothing in it carries over
    rows = {row["level"]: row for row in data.get("levels", [])}
    for level in levels:
        old = rows.get(level.number)
        if old and not args.again and (old["spec"], old["worlds"], old["deals"], old["seed"]) == (
                level.spec, level.worlds, args.deals, args.seed):
            print(f"level {level.number} ({level.name}): kept, {old['points_per_deal']:+.3f}", flush=True)
            continue
        start = time.perf_counter()
        result = play_match(level.token, REFERENCE,
                            method=Method(worlds=REFERENCE_WORLDS), deals=args.deals, seed=args.seed, jobs=args.jobs)
        wall = time.perf_counter() - start
        lo, hi = result.interval
        rows[level.number] = {"level": level.number, "name": level.name, "spec": level.spec, "worlds": level.worlds,
                              "points_per_deal": round(result.points_per_deal, 6),
                              "interval": [round(lo, 6), round(hi, 6)], "deals": result.deals, "seed": args.seed,
                              "won": round(result.won, 6), "lost": round(result.lost, 6),
                              "forfeits": len(result.forfeits), "wall_seconds": round(wall, 1),
                              "measured": datetime.date.today().isoformat(), "commit": _common._commit()}
        print(f"level {level.number} ({level.name}): {result.points_per_deal:+.3f} ({lo:+.3f} to {hi:+.3f}) over "
              f"{result.deals} deals, {wall:.0f} s ({wall / result.deals:.2f} s a deal, --jobs {args.jobs})",
              flush=True)
        data = {"version": 1, "reference": reference,
                "provenance": {"tool": "benchmarks/tools/derive_ladder.py",
                               "command": "python3 " + " ".join(["benchmarks/tools/derive_ladder.py", *sys.argv[1:]]),
                               "rules": "default four-player rules",
                               "method": "duplicate match of the level (A) against the reference (B); points a deal "
                                         "net of the reference's, averaged over each deal's two tables; 95% "
                                         "Student t interval paired over the deals"},
                "levels": [rows[k] for k in sorted(rows)]}
        out.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
