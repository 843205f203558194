"""Import time of ``solver`` without the web stack (issue 35: the service is an extra), here against another
checkout (``--baseline``, say the main one or the commit before as a git worktree) in the same run.

Each repeat starts a fresh interpreter per checkout, taking turns going first, that makes the packages of the
``serve`` extra (:data:`api.webstack.WEB_STACK`) unimportable, as an environment installed without the extra,
and runs ``python -X importtime -c "import solver"`` with the checkout first on ``sys.path``; the figure is
the cumulative µs the import system reports for the ``solver`` package (the process's start-up excluded).
Printed per checkout: the median, p10/p90 and 95% interval of the median in ms, the ratio of the medians
(this checkout over the baseline), the modules loaded, and whether any of ``api`` or the web stack was.

    python3 benchmarks/bench_import.py [--baseline /work/main] [--repeats 15] [--json PATH]
"""
import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import _common                                    # noqa: E402  first: checks which engine runs

from api.webstack import WEB_STACK                # noqa: E402

HERE = Path(__file__).resolve().parents[1]

PROBE = ("import sys\n"
         "for name in %r:\n    sys.modules[name] = None\n"
         "import solver\n"
         "loaded = [m for m in sys.modules if sys.modules[m] is not None]\n"
         "web = sorted({m.split('.')[0] for m in loaded} & {'api', *%r})\n"
         "print('PROBE ' + __import__('json').dumps({'modules': len(loaded), 'web': web}), file=sys.stderr)\n"
         % (WEB_STACK, WEB_STACK))


def import_once(root: Path) -> tuple:
    """``(µs, modules, web)``: one fresh interpreter's import of the ``solver`` of ``root``."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", PROBE], cwd=root, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"})
    if done.returncode:
        raise SystemExit(f"{root}: import solver failed:\n{done.stderr[-2000:]}")
    cumulative = [int(m.group(1)) for m in re.finditer(r"^import time:\s+\d+ \|\s+(\d+) \| solver$",
                                                         done.stderr, flags=re.M)]
    probe = json.loads(done.stderr.split("PROBE ", 1)[1])
    return cumulative[-1], probe["modules"], probe["web"]


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--baseline", type=Path, default=None, help="another checkout to compare with")
    ap.add_argument("--repeats", type=_common.count, default=15)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    roots = {"here": HERE} | ({"baseline": args.baseline.resolve()} if args.baseline else {})
    times = {name: [] for name in roots}
    seen = {}
    for r in range(args.repeats):
        order = list(roots) if r % 2 == 0 else list(reversed(roots))
        for name in order:
            us, modules, web = import_once(roots[name])
            times[name].append(us)
            seen[name] = {"modules": modules, "web_stack_or_api_loaded": web}
    measures = {}
    if "baseline" in roots:
        measures["baseline"] = _common.figure(times["baseline"], "ms", 1e-3)
    measures["here"] = _common.figure(times["here"], "ms", 1e-3, measures.get("baseline"),
                                      "baseline" if "baseline" in roots else None)
    for name, fig in measures.items():
        print(f"{name:8} {roots[name]}: import solver {fig['median']:.1f} ms (p10 {fig['p10']:.1f}, p90 "
              f"{fig['p90']:.1f}; 95% interval of the median {fig['interval']['low']:.1f}-"
              f"{fig['interval']['high']:.1f}), {seen[name]['modules']} modules, web stack or api loaded: "
              f"{seen[name]['web_stack_or_api_loaded'] or 'none'}"
              + (f"; ratio to the baseline {fig['ratio']:.3f}" if "ratio" in fig else ""))
    _common.report(args, {"roots": {k: str(v) for k, v in roots.items()}, "loaded": seen}, measures)


if __name__ == "__main__":
    main()
