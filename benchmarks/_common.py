"""What every benchmark, study and tool shares: which engine it runs, the same timing, the same JSON output.

Import it first, before anything from ``solver`` or ``api``::

    import _common                      # a script in benchmarks/ (its folder is sys.path[0])

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # a script in studies/ or tools/
    import _common                      # noqa: E402

On import it checks that the engine imports with its compiled core and says which copy runs:

* after ``pip install -e .`` (the README's install): the checkout's own ``solver/``, nothing printed;
* after a plain ``pip install .``: the installed package in site-packages runs (the scripts never put
  the checkout on ``sys.path``, so its unbuilt ``solver/`` cannot shadow the installed one); a note on
  stderr says the figures are those of the installed copy, not of the checkout's sources;
* nothing importable (or a checkout on ``PYTHONPATH`` without its built core, the circular-import
  failure): the script exits with status 2 and says to run ``pip install -e .``.

A script that writes the checkout's shipped data (``tools/``) calls :func:`require_checkout`, which
refuses to run an installed copy: the data must come from the code beside it.

Timing (:func:`measure`) records, per repeat, the wall clock (``time.perf_counter``) and the process's
CPU time (``time.process_time``, all threads: steadier than the wall clock on a shared machine), and
:func:`summary` reduces a list to median, min, max, p10 and p90. :func:`figure` makes one measure of a run
(its unit, that summary, a distribution-free 95% interval for the median and, against a reference measured
in the same run, the ratio of the medians). :func:`report` writes one JSON document (``--json``, see
:func:`add_json_argument`) of the same shape for every script: the script and its command line, its
arguments, the engine's version and commit, the machine and its load average before and after, the date,
the ``measures`` (name: :func:`figure`) and the script's own ``results``.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import math
import platform
import shlex
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Callable

#: The checkout this ``benchmarks/`` folder belongs to (its data: ``tests/data/egn``, ``solver/data``).
ROOT = Path(__file__).resolve().parent.parent

_INSTALL_HINT = f"run `python -m pip install -e .` in {ROOT} (it builds the Cython core in place)"


def _engine_location() -> Path:
    """The folder of the ``solver`` package that imports, its compiled core included; exits 2 if none does."""
    try:
        import solver
        from solver import Rules, _search, solve  # noqa: F401  the compiled core: an unbuilt checkout fails here
        if Path(_search.__file__).resolve().parent != Path(solver.__file__).resolve().parent:
            raise ImportError(f"solver._search comes from {_search.__file__}, not from the solver package at "
                              f"{Path(solver.__file__).parent}")
    except ImportError as exc:
        sys.stderr.write(
            f"{Path(sys.argv[0]).name}: the engine does not import ({exc}).\n"
            f"  From a fresh checkout: {_INSTALL_HINT}.\n"
            "  After a plain `pip install .`: do not put the checkout on PYTHONPATH (its solver/ has no built "
            "core and shadows the installed package), or install it editable as above.\n")
        raise SystemExit(2) from None
    return Path(solver.__file__).resolve().parent


ENGINE = _engine_location()
#: True when the running engine is this checkout's ``solver/`` (an editable install).
FROM_CHECKOUT = ENGINE == ROOT / "solver"
if not FROM_CHECKOUT:
    sys.stderr.write(
        f"note: measuring the installed euchre-dd at {ENGINE}, not this checkout's sources "
        f"(a non-editable install); to measure the checkout, {_INSTALL_HINT}.\n")


def require_checkout(out: str | Path | None = None) -> None:
    """Exit (status 2) unless the engine is this checkout's own ``solver/``: for scripts that write its data.

    With ``out``, only when that path is shipped data (under the checkout's ``solver/data`` or the running
    engine's ``data``): a tool may write elsewhere (``--out /tmp/x.json``) from any copy of the engine.
    """
    if out is not None:
        target = Path(out).resolve()
        if not (target.is_relative_to(ROOT / "solver" / "data") or target.is_relative_to(ENGINE / "data")):
            return
    if not FROM_CHECKOUT:
        sys.stderr.write(
            f"{Path(sys.argv[0]).name} writes this checkout's shipped data from the engine's code, but the engine "
            f"that imports is {ENGINE}; {_INSTALL_HINT}, then run it again.\n")
        raise SystemExit(2)


def measure(fn: Callable[[], Any], repeats: int, before: Callable[[], Any] | None = None) -> dict[str, list[float]]:
    """Run ``fn()`` ``repeats`` times; ``before()`` (untimed) runs before each, e.g. clearing tables.

    Returns ``{"wall": [...], "cpu": [...]}``: seconds per repeat (floats), wall clock and process CPU.
    """
    wall, cpu = [], []
    for _ in range(repeats):
        if before is not None:
            before()
        w0, c0 = time.perf_counter(), time.process_time()
        fn()
        cpu.append(time.process_time() - c0)
        wall.append(time.perf_counter() - w0)
    return {"wall": wall, "cpu": cpu}


def summary(values: list[float], scale: float = 1.0) -> dict[str, float]:
    """Median, min, max, p10 and p90 of ``values`` (each multiplied by ``scale``, e.g. 1e3 for ms)."""
    v = sorted(x * scale for x in values)
    if not v:
        raise ValueError("summary of no values")
    deciles = statistics.quantiles(v, n=10, method="inclusive") if len(v) > 1 else [v[0]] * 9
    return {"median": statistics.median(v), "min": v[0], "max": v[-1], "p10": deciles[0], "p90": deciles[-1],
            "n": len(v)}


def median_interval(values: list[float], confidence: float = 0.95) -> dict[str, float]:
    """A distribution-free interval for the median of ``values``: the order statistics ``x_(k)`` and
    ``x_(n+1-k)`` with the largest ``k`` such that ``P(Binomial(n, 1/2) < k) <= (1 - confidence) / 2`` (the
    sign-test interval, e.g. Conover, *Practical Nonparametric Statistics*, 3rd ed., section 3.2). With too few
    values for ``confidence`` (fewer than 6 at 95%) it is ``[min, max]`` with its own, lower, confidence.

    Returns ``{"low", "high", "confidence"}`` (the confidence actually reached).
    """
    v = sorted(values)
    n = len(v)
    if not n:
        raise ValueError("median interval of no values")
    tail, k, cdf = (1 - confidence) / 2, 0, 0.0
    # cdf = P(B < k+1); grow k while the tail below stays within (1 - confidence) / 2
    while k < n // 2:
        cdf += math.comb(n, k) / 2 ** n
        if cdf > tail:
            break
        k += 1
    if k == 0:
        return {"low": v[0], "high": v[-1], "confidence": 1 - 2 / 2 ** n}
    below = sum(math.comb(n, i) for i in range(k)) / 2 ** n
    return {"low": v[k - 1], "high": v[n - k], "confidence": 1 - 2 * below}


def figure(values: list[float], unit: str, scale: float = 1.0, against: dict[str, Any] | None = None,
           against_name: str | None = None) -> dict[str, Any]:
    """One measure of a run, the same shape in every script's ``--json``: ``{"unit", "median", "min", "max",
    "p10", "p90", "n", "interval": {"low", "high", "confidence"}}`` of ``values`` times ``scale`` (e.g. seconds
    times 1e3 in ``"ms"``), and with ``against`` (another :func:`figure` of the same run, named
    ``against_name``) ``"ratio"``: this median over that one, and ``"against"``: its name."""
    scaled = [x * scale for x in values]
    out: dict[str, Any] = {"unit": unit, **summary(scaled), "interval": median_interval(scaled)}
    if against is not None:
        out["ratio"] = out["median"] / against["median"] if against["median"] else None
        out["against"] = against_name
    return out


def count_positions(fn: Callable[[], Any]) -> int:
    """Double-dummy positions that ``fn()`` solves through ``solver.dd.solve_batch`` (an untimed run)."""
    import solver.dd as dd

    seen = [0]
    real = dd.solve_batch

    def counting(hands, *a, **k):
        seen[0] += len(hands)
        return real(hands, *a, **k)

    dd.solve_batch = counting
    try:
        fn()
    finally:
        dd.solve_batch = real
    return seen[0]


def json_path(text: str) -> str:
    """An argparse type: ``--json``'s PATH, ``-`` or a file whose folder exists and may be written, checked
    before the run (not after an hour of measuring)."""
    if text == "-":
        return text
    folder = os.path.dirname(os.path.abspath(text))
    if not os.path.isdir(folder):
        raise argparse.ArgumentTypeError(f"{text!r}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK) or (os.path.exists(text) and not os.access(text, os.W_OK)):
        raise argparse.ArgumentTypeError(f"{text!r}: not writable")
    if os.path.isdir(text):
        raise argparse.ArgumentTypeError(f"{text!r}: a folder, not a file")
    return text


def count(text: str) -> int:
    """An argparse type: a whole number of at least 1 (deals, repeats, passes: a run of none measures nothing)."""
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r}: must be at least 1")
    return n


def worlds(text: str) -> int:
    """An argparse type: worlds a decision, within what :class:`solver.Method` takes (its ``BOUNDS``), so a
    count it refuses is a usage error before the run, not a traceback inside it."""
    from solver.advisor.method import BOUNDS
    low, high = BOUNDS["worlds"]
    n = count(text)
    if not low <= n <= high:
        raise argparse.ArgumentTypeError(f"{text!r}: must be {low}..{high} (solver.Method's worlds)")
    return n


def fast_worlds(text: str) -> int:
    """An argparse type: ``--fast-worlds``, 0 (the row's own worlds) or worlds as :func:`worlds` takes them."""
    from solver.advisor.method import BOUNDS
    low, high = BOUNDS["worlds"]
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r}: not a whole number") from None
    if n != 0 and not low <= n <= high:
        raise argparse.ArgumentTypeError(f"{text!r}: must be 0 (the row's own worlds) or {low}..{high}")
    return n


def add_json_argument(parser: argparse.ArgumentParser) -> None:
    """Add ``--json PATH`` (``-`` for stdout): write the run as one JSON document (see :func:`report`)."""
    parser.add_argument("--json", metavar="PATH", default=None, type=json_path,
                        help="also write the figures as one JSON document to PATH ('-': stdout)")


def _commit() -> str | None:
    try:
        out = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ENGINE, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None


LOAD_BEFORE = os.getloadavg()


def report(args: argparse.Namespace, results: dict[str, Any],
           measures: dict[str, dict[str, Any]] | None = None) -> dict[str, Any]:
    """The run as one JSON-ready dict; written to ``args.json`` when the script was given ``--json``.

    Shape: ``{"script", "command", "args", "engine": {"version", "path", "from_checkout", "commit"},
    "machine": {"python", "platform", "cpus"}, "load": {"before", "after"} (1/5/15-minute averages), "date"
    (UTC, ISO 8601), "measures", "results"}``; ``measures`` maps each timed measure's name to its
    :func:`figure` (median, spread, interval, ratio); ``results`` is the script's other figures (counts,
    checks, the units its keys say). Two runs' documents compare key by key.
    """
    from solver.version import __version__

    script = (str(Path(sys.argv[0]).resolve().relative_to(ROOT)) if Path(sys.argv[0]).resolve().is_relative_to(ROOT)
              else sys.argv[0])
    doc = {
        "script": script,
        "command": shlex.join(["python", script, *sys.argv[1:]]),
        "args": {k: v for k, v in vars(args).items() if k != "json"},
        "engine": {"version": __version__, "path": str(ENGINE), "from_checkout": FROM_CHECKOUT, "commit": _commit()},
        "machine": {"python": platform.python_version(), "platform": platform.platform(), "cpus": os.cpu_count()},
        "load": {"before": list(LOAD_BEFORE), "after": list(os.getloadavg())},
        "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
        "measures": measures or {},
        "results": results,
    }
    target = getattr(args, "json", None)
    if target:
        text = json.dumps(doc, indent=2, default=str) + "\n"
        if target == "-":
            sys.stdout.write(text)
        else:
            Path(target).write_text(text)
    return doc


def read_rows(path) -> list:
    """The JSON lines of a study's rows file (``[]`` when it does not exist yet), a torn last line (the run
    stopped in it) dropped: what a resumed study reads back."""
    p = Path(path)
    if not p.exists():
        return []
    return [json.loads(line) for line in p.read_text(encoding="utf-8").splitlines(keepends=True)
            if line.endswith("\n") and line.strip()]


def advise_pieces(hand, upcard, seat, dealer, round=1, rules=None, *, dummies=None, named_suit=None, kitty=None,
                  calls=None, **method):
    """``solver.advise_bid`` of a bid question in the pieces ``solver.advise`` took (deprecated there): the view
    from ``solver.advisor.bid_question_view``, the other keywords a ``solver.Method``."""
    from solver import Method, advise_bid
    from solver.advisor import bid_question_view
    view = bid_question_view(hand, upcard, seat, dealer, round, rules, dummies=dummies, named_suit=named_suit,
                             kitty=kitty)
    return advise_bid(view, Method(**method), calls=calls)


def exchange_pieces(hand, upcard, seat, dealer, rules=None, **method):
    """``solver.advise_exchange`` of a kitty-exchange question in pieces (deprecated there): the view from
    ``solver.advisor.kitty.exchange_question_view``, the keywords a ``solver.Method``."""
    from solver import Method, advise_exchange
    from solver.advisor.kitty import exchange_question_view
    return advise_exchange(exchange_question_view(hand, upcard, seat, dealer, rules), Method(**method))
