"""Shared test set-up: the paths of the real games and the DD vectors kept in tests/data (every test
file takes them from here), and the oracle tests/reference.py importable as a plain module."""
import contextlib
import http.client
import os
import pathlib
import re
import subprocess
import sys
import time

from hypothesis import HealthCheck, settings

TESTS = pathlib.Path(__file__).resolve().parent
DATA = TESTS / "data"
EGN_DIR = DATA / "egn"
DD_VECTORS = DATA / "dd-vectors.jsonl"
#: the pages whose examples are tests: the README (the landing page) and the manual in docs/
DOC_PAGES = [TESTS.parent / "README.md", *sorted((TESTS.parent / "docs").glob("*.md"))]


def doc_text() -> str:
    """The README and every docs page, one after the other (each ends with its fences closed)."""
    return "\n".join(page.read_text() for page in DOC_PAGES)

def bid_advice(hand, upcard, seat, dealer, round=1, rules=None, worlds=2000, seed=None, threads=1, *, calls=None,
               dummies=None, named_suit=None, kitty=None, **method):
    """``solver.advise_bid`` of a bid question in pieces, in the order of the deprecated ``solver.advise(...)``
    (which tests/test_method.py tests as the adapter it is): the method from the keywords (a
    :class:`solver.Method`, checked first, as the adapter checks it), the view from
    ``solver.advisor.bid_question_view``. The same answer as the adapter, bit for bit, without its warning."""
    from solver import Method, advise_bid
    from solver.advisor import bid_question_view
    how = Method(worlds=worlds, seed=seed, threads=threads, **method)
    view = bid_question_view(hand, upcard, seat, dealer, round, rules, dummies=dummies, named_suit=named_suit,
                             kitty=kitty)
    return advise_bid(view, how, calls=calls)


def exchange_advice(hand, upcard, seat, dealer, rules=None, worlds=200, seed=None, **method):
    """``solver.advise_exchange(view, method)`` of a kitty-exchange question in pieces, in the order of the
    deprecated pieces form (tests/test_method.py tests that adapter): the method checked first, then the view from
    ``solver.advisor.kitty.exchange_question_view``. The same answer, bit for bit, without the warning."""
    from solver import Method, advise_exchange
    from solver.advisor.kitty import exchange_question_view
    how = Method(worlds=worlds, seed=seed, **method)
    return advise_exchange(exchange_question_view(hand, upcard, seat, dealer, rules), how)


# the oracle (tests/reference.py) is imported as a plain module
sys.path.insert(0, str(TESTS))

# Hypothesis profiles, chosen by HYPOTHESIS_PROFILE (Hypothesis itself reads no variable): "ci", the default
# and what CI runs (deterministic: the same examples every run, no example database, so a failure is
# reproducible from the commit alone); "dev", a tenth of the examples for the inner loop; "thorough", ten
# times them, random, for a night's run. A test that asks for more or fewer examples than the profile's
# base says so with examples(n): n in "ci", scaled by the profile's max_examples / 100 in the others.
settings.register_profile("ci", max_examples=100, deadline=None, derandomize=True, database=None,
                          print_blob=True, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", parent=settings.get_profile("ci"), max_examples=10)
settings.register_profile("thorough", parent=settings.get_profile("ci"), max_examples=1000, derandomize=False)
HYPOTHESIS_PROFILE = os.environ.get("HYPOTHESIS_PROFILE", "ci")
settings.load_profile(HYPOTHESIS_PROFILE)


def benchmark_module(relative: str):
    """The script ``benchmarks/<relative>`` (``"studies/fit_match.py"``) imported as a module, with ``benchmarks/``
    on the path for its ``_common``: a study's or tool's functions, tested without running its main."""
    import importlib.util
    benchmarks = TESTS.parent / "benchmarks"
    if str(benchmarks) not in sys.path:
        sys.path.insert(0, str(benchmarks))
    path = benchmarks / relative
    spec = importlib.util.spec_from_file_location(path.stem, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def examples(n: int) -> int:
    """``n`` examples under the "ci" profile, scaled with the loaded profile's ``max_examples`` (at least 1)."""
    return max(1, round(n * settings().max_examples / 100))


@contextlib.contextmanager
def real_server(log_path: pathlib.Path, argv: list, env: dict | None = None, start_seconds: float = 60):
    """Run ``python argv...`` (a command that serves the API on 127.0.0.1, port 0) in a child process with
    the ``EUCHRE_*`` environment cleared (then ``env`` set); yield ``(host, port)`` once ``/healthz``
    answers 200, bounded by ``start_seconds``; always stop the child afterwards."""
    child_env = {k: v for k, v in os.environ.items() if not k.startswith("EUCHRE_")}
    child_env.update(env or {})
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, *argv], cwd=TESTS.parent, env=child_env, stdout=log, stderr=log,
                                stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + start_seconds
        port = None
        while port is None:
            m = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log_path.read_text(errors="replace"))
            if m:
                port = int(m.group(1))
            elif proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"server did not start:\n{log_path.read_text(errors='replace')}")
            else:
                time.sleep(0.05)
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/healthz")
                healthy = conn.getresponse().status == 200
                conn.close()
                if healthy:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server not healthy:\n{log_path.read_text(errors='replace')}")
            time.sleep(0.05)
        yield ("127.0.0.1", port)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


# --------------------------------------------------------------------------- markers (pyproject.toml)
# What a test starts decides its marks, so a new test is marked by what it does, not by someone remembering:
# a real gunicorn (the ``server`` fixture, a ``call`` through it, or a helper that starts one), a Dask
# scheduler and workers, or a browser. Each of those costs seconds, so it is ``slow`` too, as is every
# property test (@given); the other slow
# tests carry ``@pytest.mark.slow`` (or a module's ``pytestmark``) where they are written.
SERVER_HELPERS = {"real_server", "running_server", "euchre_serve"}
CLUSTER_HELPERS = {"dask_cluster", "LocalCluster"}
#: a test that asks for the browser fixture of tests/test_browser.py (or a module of its own named so)
BROWSER_FIXTURES = {"browser"}


def _names_used(function) -> set:
    """Global names the test's code refers to, nested functions included."""
    names, codes = set(), [getattr(function, "__code__", None)]
    while codes:
        code = codes.pop()
        if code is not None:
            names.update(code.co_names)
            codes.extend(c for c in code.co_consts if hasattr(c, "co_names"))
    return names


def pytest_collection_modifyitems(config, items):
    import pytest

    for item in items:
        function = getattr(item, "function", None)
        used = _names_used(function) if function is not None else set()
        params = getattr(getattr(item, "callspec", None), "params", {})
        marks = set()
        if "browser" in item.path.stem or BROWSER_FIXTURES & set(item.fixturenames):
            marks |= {"browser", "server"}
        if "server" in item.fixturenames or params.get("call") == "server" or used & SERVER_HELPERS:
            marks.add("server")
        if used & CLUSTER_HELPERS:
            marks.add("cluster")
        if getattr(function, "is_hypothesis_test", False):
            marks.add("slow")       # a property test runs its 60-400 examples (Hypothesis marks it "hypothesis")
        if marks:
            marks.add("slow")
        for name in sorted(marks - {m.name for m in item.iter_markers()}):
            item.add_marker(getattr(pytest.mark, name))
        if "browser" in marks:
            # under pytest-xdist (--dist loadgroup) the browser tests share one worker: one chromium at a time
            item.add_marker(pytest.mark.xdist_group("browser"))
