"""The boundary of the Cython core: every Python-visible callable refuses bad calls with a Python
exception (run in a subprocess, so a crash fails the test instead of killing pytest), and the
solve_batch thread pool stays bounded."""
import json
import pytest
import os
import subprocess
import sys
import textwrap

from conftest import examples
from solver import _search

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# --------------------------------------------------------------------------- subprocess harness
CHILD = r'''
import itertools, json, pickle, sys
import numpy as np
from solver import _search

def rows(n=4, **change):
    """A valid rows tuple for SearchContext.solve_rows: n copies of N 9c, E 9d, S 9h, W 9s, clubs trump."""
    parts = dict(hands=np.array([[1, 2, 4, 8]] * n, np.uint32).reshape(n, 4), trump=np.zeros(n, np.uint8),
                 leader=np.zeros(n, np.uint8), in_play=np.full(n, 15, np.uint8), players=4,
                 tricks=np.zeros((n, 4), np.uint8), tlen=np.zeros(n, np.uint8), makers=np.zeros(n, np.uint8),
                 classes=False, features=_search.ALL_FEATURES, per_row=False, result=np.zeros(n, np.int8),
                 nodes=np.zeros(n, np.int64), nanos=np.zeros(n, np.int64))
    parts.update(change)
    return tuple(parts.values())

def arrays(n=4, **change):
    """Valid positional arrays for solve_many (the same trick as rows())."""
    parts = dict(hands=np.array([[1, 2, 4, 8]] * n, np.uint32).reshape(n, 4), trump=np.zeros(n, np.uint8),
                 leader=np.zeros(n, np.uint8), in_play=np.full(n, 15, np.uint8))
    parts.update(change)
    return tuple(parts.values())

ctx = _search.SearchContext(10)
names = {"itertools": itertools, "np": np, "pickle": pickle, "_search": _search, "rows": rows, "arrays": arrays, "ctx": ctx}
for label, code in json.load(sys.stdin):
    print(json.dumps({"label": label, "started": True}), flush=True)
    try:
        value = eval(code, names)
        outcome = {"ok": repr(value)[:200]}
    except BaseException as exc:
        outcome = {"raised": [k.__name__ for k in type(exc).__mro__], "message": str(exc)[:300]}
    print(json.dumps({"label": label, **outcome}), flush=True)
'''

OK = "ok"
VALUE = ("ValueError",)              # SearchInputError is a ValueError
TYPE_OR_VALUE = ("TypeError", "ValueError")
INPUT = ("SearchInputError",)


def run_cases(cases):
    """Run ``[(label, expression, expected)]`` in a fresh interpreter; ``expected`` is OK or a tuple of
    exception class names any of which the raised exception must be an instance of."""
    payload = json.dumps([(label, code) for label, code, _ in cases])
    proc = subprocess.run([sys.executable, "-c", CHILD], input=payload, capture_output=True, text=True,
                          cwd=ROOT, timeout=300)
    lines = [json.loads(line) for line in proc.stdout.splitlines() if line.startswith("{")]
    last = lines[-1]["label"] if lines else None
    assert proc.returncode == 0, (f"the interpreter died (exit {proc.returncode}) during case {last!r}\n"
                                  f"{proc.stderr[-2000:]}")
    results = {r["label"]: r for r in lines if "started" not in r}
    assert set(results) == {label for label, _, _ in cases}
    for label, code, expected in cases:
        got = results[label]
        if expected == OK:
            assert "ok" in got, f"{label}: {code} raised {got}"
        else:
            assert "raised" in got, f"{label}: {code} returned {got['ok']} instead of raising {expected}"
            assert set(expected) & set(got["raised"]), f"{label}: {code} raised {got['raised'][0]}: {got['message']}"
    return results


# Every Python-visible callable of the core, and the test below that calls it with bad arguments.
COVERED = {
    "SearchContext": "test_core_search_context_constructor",
    "SearchContext.solve": "test_core_search_context_solve",
    "SearchContext.solve_rows": "test_core_solve_rows",
    "SearchContext.table_bytes": "test_core_search_context_constructor",
    "solve_many": "test_core_solve_many",
    "_solve_chunks": "test_core_solve_chunks",
    "_thread_context": "test_core_thread_context_and_pool",
    "_shared_pool": "test_core_thread_context_and_pool",
    "reset_tables": "test_core_thread_context_and_pool",
    "__pyx_unpickle_Enum": "test_core_cython_generated_helpers",
    "SearchInputError": None,        # an exception class
}


def test_every_core_callable_is_swept():
    found = set()
    for name in dir(_search):
        obj = getattr(_search, name)
        if callable(obj) and getattr(obj, "__module__", "").startswith(("solver._search", "View.MemoryView")):
            found.add(name)
    for name in dir(_search.SearchContext):
        if not name.startswith("__") or "cython" in name:
            found.add(f"SearchContext.{name}")
    found -= {"SearchContext.table_bits", "SearchContext.features"}     # read-only int attributes
    assert found == set(COVERED), f"callables without a boundary test: {found - set(COVERED)}; gone: {set(COVERED) - found}"


@pytest.mark.slow
def test_core_search_context_constructor():
    run_cases([
        ("default", "_search.SearchContext().table_bits", OK),
        ("bytes", "_search.SearchContext(8).table_bytes", OK),
        ("bits low", "_search.SearchContext(7)", INPUT),
        ("bits high", "_search.SearchContext(27)", INPUT),
        ("bits negative", "_search.SearchContext(-1)", INPUT),
        ("bits huge", "_search.SearchContext(2 ** 70)", INPUT),
        ("bits text", "_search.SearchContext('16')", ("TypeError", "SearchInputError")),
        ("bits float", "_search.SearchContext(16.0)", ("TypeError", "SearchInputError")),
        ("bits none", "_search.SearchContext(None)", ("TypeError", "SearchInputError")),
        ("features unknown", "_search.SearchContext(16, 64)", INPUT),
        ("features negative", "_search.SearchContext(16, -1)", INPUT),
        ("features huge", "_search.SearchContext(16, 2 ** 70)", INPUT),
        ("features text", "_search.SearchContext(16, 'all')", ("TypeError", "SearchInputError")),
        ("extra argument", "_search.SearchContext(16, 31, 3)", ("TypeError",)),
        ("pickle", "pickle.dumps(ctx)", ("TypeError",)),
    ])


@pytest.mark.slow
def test_core_search_context_solve():
    run_cases([
        ("valid", "ctx.solve([1, 2, 4, 8], 0, 0)", OK),
        ("valid mid-trick", "ctx.solve([0, 2, 4, 8], 0, 0, [0])", OK),
        ("no hands", "ctx.solve((), 0, 0)", INPUT),
        ("three hands", "ctx.solve([1, 2, 4], 0, 0)", INPUT),
        ("five hands", "ctx.solve([1, 2, 4, 8, 16], 0, 0)", INPUT),
        ("hands none", "ctx.solve(None, 0, 0)", TYPE_OR_VALUE),
        ("hands int", "ctx.solve(5, 0, 0)", TYPE_OR_VALUE),
        ("hand text", "ctx.solve(['a', 2, 4, 8], 0, 0)", INPUT),
        ("hand float", "ctx.solve([1.0, 2, 4, 8], 0, 0)", INPUT),
        ("hand negative", "ctx.solve([-1, 2, 4, 8], 0, 0)", INPUT),
        ("hand too big", "ctx.solve([2 ** 40, 2, 4, 8], 0, 0)", INPUT),
        ("hand six cards", "ctx.solve([63, 63 << 6, 63 << 12, 63 << 18], 0, 0)", INPUT),
        ("hand sizes", "ctx.solve([3, 2, 4, 8], 0, 0)", INPUT),
        ("duplicate", "ctx.solve([1, 1, 4, 8], 0, 0)", INPUT),
        ("trump 5", "ctx.solve([1, 2, 4, 8], 5, 0)", INPUT),          # 4 is no trump (Rules.allow_no_trump)
        ("trump -1", "ctx.solve([1, 2, 4, 8], -1, 0)", INPUT),
        ("trump huge", "ctx.solve([1, 2, 4, 8], 2 ** 70, 0)", INPUT),
        ("trump text", "ctx.solve([1, 2, 4, 8], 'h', 0)", INPUT),
        ("trump none", "ctx.solve([1, 2, 4, 8], None, 0)", INPUT),
        ("leader 4", "ctx.solve([1, 2, 4, 8], 0, 4)", INPUT),
        ("leader float", "ctx.solve([1, 2, 4, 8], 0, 1.5)", INPUT),
        ("trick four", "ctx.solve([0, 0, 0, 8], 0, 0, (1, 2, 4, 16))", INPUT),
        ("trick card 99", "ctx.solve([0, 2, 4, 8], 0, 0, [99])", INPUT),
        ("trick card -1", "ctx.solve([0, 2, 4, 8], 0, 0, [-1])", INPUT),
        ("trick card held", "ctx.solve([0, 2, 4, 8], 0, 0, [1])", INPUT),
        ("trick none", "ctx.solve([1, 2, 4, 8], 0, 0, None)", TYPE_OR_VALUE),
        ("trick int", "ctx.solve([1, 2, 4, 8], 0, 0, 3)", TYPE_OR_VALUE),
        ("trick text", "ctx.solve([1, 2, 4, 8], 0, 0, 'ab')", INPUT),
        ("trick endless", "ctx.solve([0, 0, 0, 8], 0, 0, itertools.count())", INPUT),
        ("in_play 16", "ctx.solve([1, 2, 4, 8], 0, 0, (), 16)", INPUT),
        ("in_play 0", "ctx.solve([0, 0, 0, 0], 0, 0, (), 0)", INPUT),
        ("in_play one side", "ctx.solve([1, 0, 4, 0], 0, 0, (), 0b0101)", INPUT),
        ("players 3", "ctx.solve([1, 2, 4, 8], 0, 0, (), 15, 3)", INPUT),
        ("players 2 four seats", "ctx.solve([1, 2, 4, 8], 0, 0, (), 15, 2)", INPUT),
        ("players huge", "ctx.solve([1, 2, 4, 8], 0, 0, (), 15, 2 ** 70)", INPUT),
        ("sitting out holds", "ctx.solve([1, 2, 4, 8], 0, 0, (), 0b0111)", INPUT),
        ("too many arguments", "ctx.solve([1, 2, 4, 8], 0, 0, (), 15, 4, 1)", ("TypeError",)),
    ])


ROW_CASES = [
    ("empty tuple", "()"),
    ("one item", "(1,)"),
    ("thirteen items", "rows()[:13]"),
    ("fifteen items", "rows() + (0,)"),
    ("not a sequence", "5"),
    ("none", "None"),
    ("text", "'abcdefghijklmn'"),
    ("hands int64", "rows(hands=np.array([[1, 2, 4, 8]] * 4, np.int64))"),
    ("hands 1-d", "rows(hands=np.array([1, 2, 4, 8], np.uint32))"),
    ("hands 3 columns", "rows(hands=np.array([[1, 2, 4]] * 4, np.uint32))"),
    ("hands list", "rows(hands=[[1, 2, 4, 8]] * 4)"),
    ("hands not contiguous", "rows(hands=np.array([[1, 2, 4, 8]] * 8, np.uint32)[::2])"),
    ("trump short", "rows(trump=np.zeros(2, np.uint8))"),
    ("trump values", "rows(trump=np.full(4, 9, np.uint8))"),
    ("trump wrong dtype", "rows(trump=np.zeros(4, np.int32))"),
    ("players 3", "rows(players=3)"),
    ("players text", "rows(players='4')"),
    ("players huge", "rows(players=2 ** 70)"),
    ("tricks 3 columns", "rows(tricks=np.zeros((4, 3), np.uint8))"),
    ("tricks 1-d", "rows(tricks=np.zeros(4, np.uint8))"),
    ("trick length 9", "rows(tlen=np.full(4, 9, np.uint8))"),
    ("trick cards 99", "rows(hands=np.array([[0, 2, 4, 8]] * 4, np.uint32), tricks=np.full((4, 4), 99, np.uint8), "
                       "tlen=np.ones(4, np.uint8))"),
    ("makers 7", "rows(classes=True, makers=np.full(4, 7, np.uint8))"),
    ("features unknown", "rows(features=64)"),
    ("features negative", "rows(features=-1)"),
    ("features text", "rows(features='all')"),
    ("result read-only", "rows(result=np.zeros(4, np.int8).view()); _r = rows(); _r[11].flags.writeable = False"),
    ("result int64", "rows(result=np.zeros(4, np.int64))"),
    ("result short", "rows(result=np.zeros(1, np.int8))"),
    ("nodes short", "rows(nodes=np.zeros(1, np.int64))"),
    ("nanos float", "rows(nanos=np.zeros(4, np.float64))"),
]


def _row_cases(call):
    cases = [("valid", call.format(rows="rows()", lo=0, hi=4), OK),
             ("valid classes", call.format(rows="rows(classes=True)", lo=0, hi=4), OK),
             ("valid empty range", call.format(rows="rows()", lo=2, hi=2), OK),
             ("valid no rows", call.format(rows="rows(0)", lo=0, hi=0), OK)]
    for label, expr in ROW_CASES:
        if label == "result read-only":
            expr = "(lambda r: (r[11].setflags(write=False), r)[1])(rows())"
        cases.append((label, call.format(rows=expr, lo=0, hi=4), TYPE_OR_VALUE))
    for label, lo, hi in [("lo negative", -1, 4), ("lo above hi", 3, 2), ("hi past end", 0, 5),
                          ("hi huge", 0, 2 ** 70), ("lo huge", 2 ** 70, 2 ** 71), ("lo text", "'0'", 4),
                          ("hi none", 0, None), ("hi float", 0, 4.0)]:
        cases.append((label, call.format(rows="rows()", lo=lo, hi=hi), TYPE_OR_VALUE))
    return cases


@pytest.mark.slow
def test_core_solve_rows():
    results = run_cases(_row_cases("ctx.solve_rows({rows}, {lo}, {hi})") + [
        ("the issue's reproducer", "_search.SearchContext().solve_rows((), 0, 0)", TYPE_OR_VALUE),
        ("answers", "(lambda r: (ctx.solve_rows(r, 0, 4), r[11].tolist())[1])(rows())", OK),
        ("bad makers row", "(lambda r: (ctx.solve_rows(r, 0, 4), list(r[11]))[1])"
                           "(rows(classes=True, makers=np.array([0, 7, 1, 0], np.uint8)))", TYPE_OR_VALUE),
    ])
    # N's 9c wins the one trick (clubs trump) in every row
    assert results["answers"]["ok"] == repr([1, 1, 1, 1])


@pytest.mark.slow
def test_core_solve_chunks():
    # the pool's worker (it replaced _solve_chunk(rows, lo, hi, table_bits), the second reproducer)
    run_cases(_row_cases("_search._solve_chunks({rows}, iter([({lo}, {hi})]), 16)") + [
        ("the issue's reproducer", "_search._solve_chunks((), iter([(0, 0)]), 16)", TYPE_OR_VALUE),
        ("the old name", "_search._solve_chunk((), 0, 0, 16)", ("AttributeError",)),
        ("several chunks", "_search._solve_chunks(rows(), iter([(0, 2), (2, 4)]), 16)", OK),
        ("no chunks", "_search._solve_chunks(rows(), iter([]), 16)", OK),
        ("chunks not iterable", "_search._solve_chunks(rows(), 5, 16)", ("TypeError",)),
        ("chunk not a pair", "_search._solve_chunks(rows(), iter([(0, 2, 4)]), 16)", TYPE_OR_VALUE),
        ("chunk none", "_search._solve_chunks(rows(), iter([None]), 16)", TYPE_OR_VALUE),
        ("table bits 7", "_search._solve_chunks(rows(), iter([(0, 4)]), 7)", INPUT),
        ("table bits huge", "_search._solve_chunks(rows(), iter([(0, 4)]), 2 ** 70)", INPUT),
        ("table bits text", "_search._solve_chunks(rows(), iter([(0, 4)]), 'x')", TYPE_OR_VALUE),
        ("two arguments", "_search._solve_chunks(rows(), iter([(0, 4)]))", ("TypeError",)),
    ])


@pytest.mark.slow
def test_core_solve_many():
    run_cases([
        ("valid", "_search.solve_many(*arrays())", OK),
        ("valid empty", "_search.solve_many(*arrays(0))", OK),
        ("valid threads", "_search.solve_many(*arrays(200), threads=3)", OK),
        ("valid bands", "_search.solve_many(*arrays(), makers=np.zeros(4, np.uint8))", OK),
        ("valid trick", "_search.solve_many(*arrays(hands=np.array([[0, 2, 4, 8]] * 4, np.uint32)), "
                        "trick=np.zeros((4, 1), np.uint8), trick_len=np.ones(4, np.uint8))", OK),
        ("no arguments", "_search.solve_many()", ("TypeError",)),
        ("hands list", "_search.solve_many([[1, 2, 4, 8]], *arrays(1)[1:])", TYPE_OR_VALUE),
        ("hands int64", "_search.solve_many(np.array([[1, 2, 4, 8]], np.int64), *arrays(1)[1:])", TYPE_OR_VALUE),
        ("hands 3 columns", "_search.solve_many(np.array([[1, 2, 4]], np.uint32), *arrays(1)[1:])", INPUT),
        ("hands values", "_search.solve_many(np.array([[2 ** 30, 2, 4, 8]], np.uint32), *arrays(1)[1:])", INPUT),
        ("trump short", "_search.solve_many(*arrays(4, trump=np.zeros(3, np.uint8)))", INPUT),
        ("leader values", "_search.solve_many(*arrays(4, leader=np.full(4, 7, np.uint8)))", INPUT),
        ("in_play values", "_search.solve_many(*arrays(4, in_play=np.full(4, 99, np.uint8)))", INPUT),
        ("in_play none", "_search.solve_many(*arrays(4, in_play=None))", TYPE_OR_VALUE),
        ("players 3", "_search.solve_many(*arrays(), players=3)", INPUT),
        ("players 3 no rows", "_search.solve_many(*arrays(0), players=3)", INPUT),
        ("players huge", "_search.solve_many(*arrays(), players=2 ** 70)", INPUT),
        ("players text", "_search.solve_many(*arrays(), players='4')", TYPE_OR_VALUE),
        ("threads 0", "_search.solve_many(*arrays(), threads=0)", INPUT),
        ("threads 257", "_search.solve_many(*arrays(), threads=257)", INPUT),
        ("threads huge", "_search.solve_many(*arrays(), threads=2 ** 70)", INPUT),
        ("threads float", "_search.solve_many(*arrays(), threads=2.5)", TYPE_OR_VALUE),
        ("table bits 30", "_search.solve_many(*arrays(), table_bits=30)", INPUT),
        ("table bits huge", "_search.solve_many(*arrays(), table_bits=-2 ** 70)", INPUT),
        ("features unknown", "_search.solve_many(*arrays(), features=99)", INPUT),
        ("features negative", "_search.solve_many(*arrays(), features=-1)", INPUT),
        ("trick alone", "_search.solve_many(*arrays(), trick=np.zeros((4, 1), np.uint8))", INPUT),
        ("trick 4 columns", "_search.solve_many(*arrays(), trick=np.zeros((4, 4), np.uint8), "
                            "trick_len=np.zeros(4, np.uint8))", INPUT),
        ("trick values", "_search.solve_many(*arrays(), trick=np.full((4, 1), 25), trick_len=np.ones(4, int))", INPUT),
        ("trick floats", "_search.solve_many(*arrays(), trick=np.zeros((4, 1)), trick_len=np.ones(4))", INPUT),
        ("trick ragged", "_search.solve_many(*arrays(), trick=[[1], [1, 2]], trick_len=[1, 2])", TYPE_OR_VALUE),
        ("trick_len 4", "_search.solve_many(*arrays(), trick=np.zeros((4, 1), int), trick_len=np.full(4, 4))", INPUT),
        ("trick_len short", "_search.solve_many(*arrays(), trick=np.zeros((4, 1), int), trick_len=np.ones(2, int))",
         INPUT),
        # N and E have played (E's card would be the missing column, read as 0: the 9c nobody holds)
        ("trick_len past columns", "_search.solve_many(*arrays(hands=np.array([[0, 0, 4, 8]] * 4, np.uint32)), "
                                   "trick=np.ones((4, 1), np.uint8), trick_len=np.full(4, 2, np.uint8))", INPUT),
        ("trick no columns", "_search.solve_many(*arrays(hands=np.array([[0, 2, 4, 8]] * 4, np.uint32)), "
                             "trick=np.zeros((4, 0), np.uint8), trick_len=np.ones(4, np.uint8))", INPUT),
        ("makers 2", "_search.solve_many(*arrays(), makers=np.full(4, 2))", INPUT),
        ("makers short", "_search.solve_many(*arrays(), makers=np.zeros(3, int))", INPUT),
        ("makers text", "_search.solve_many(*arrays(), makers='NS')", INPUT),
    ])


@pytest.mark.slow
def test_core_thread_context_and_pool():
    run_cases([
        ("context", "_search._thread_context(16).table_bits", OK),
        ("context bits 7", "_search._thread_context(7)", INPUT),
        ("context bits huge", "_search._thread_context(2 ** 70)", INPUT),
        ("context bits text", "_search._thread_context('16')", TYPE_OR_VALUE),
        ("context no argument", "_search._thread_context()", ("TypeError",)),
        ("pool", "_search._shared_pool() is _search._shared_pool()", OK),
        ("pool argument", "_search._shared_pool(4)", ("TypeError",)),
        ("reset", "_search.reset_tables()", OK),
        ("reset argument", "_search.reset_tables(1)", ("TypeError",)),
    ])


@pytest.mark.slow
def test_core_cython_generated_helpers():
    # memoryview support code that Cython puts in every module using typed memoryviews
    run_cases([
        ("unpickle no arguments", "_search.__pyx_unpickle_Enum()", ("TypeError",)),
        ("unpickle bad checksum", "_search.__pyx_unpickle_Enum(int, 0, None)", ("Exception",)),
        ("unpickle bad type", "_search.__pyx_unpickle_Enum(object, 0xb068931, None)", ("TypeError",)),
        ("unpickle bad state", "_search.__pyx_unpickle_Enum(int, 0x82a3537, (1,))", ("TypeError",)),
    ])


FUZZ = r'''
import numpy as np
from hypothesis import given, settings, strategies as st, HealthCheck
from solver import _search

ctx = _search.SearchContext(10)
scalar = st.one_of(st.integers(-3, 40), st.integers(-2 ** 80, 2 ** 80), st.none(), st.text(max_size=3),
                   st.floats(allow_nan=True), st.booleans())
card_sets = st.lists(st.integers(0, 24), max_size=6, unique=True)
hand = st.one_of(card_sets.map(lambda cs: sum(1 << c for c in cs)), scalar)
allowed = (ValueError, TypeError)

@settings(max_examples=examples(400), deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.lists(hand, max_size=5), scalar, scalar, st.lists(st.one_of(st.integers(-1, 26), scalar), max_size=4),
       st.one_of(st.integers(0, 16), scalar), st.one_of(st.sampled_from([2, 4]), scalar))
def fuzz_solve(hands, trump, leader, trick, in_play, players):
    try:
        tricks, nodes = ctx.solve(hands, trump, leader, trick, in_play, players)
    except allowed:
        return
    assert 0 <= tricks <= 5 and nodes >= 0

dtypes = st.sampled_from([np.uint8, np.uint32, np.int64, np.float64, np.int8])

@settings(max_examples=examples(300), deadline=None, database=None, suppress_health_check=list(HealthCheck))
@given(st.integers(0, 6), st.integers(0, 6), dtypes, dtypes, st.data())
def fuzz_rows(n, m, dt_a, dt_b, data):
    def arr(shape, dtype, top):
        size = int(np.prod(shape))
        values = data.draw(st.lists(st.integers(0, top), min_size=size, max_size=size))
        return np.array(values, dtype=np.int64).reshape(shape).astype(dtype)
    parts = [arr((n, 4), data.draw(st.sampled_from([np.uint32, dt_a])), 2 ** 25),
             arr((m,), dt_b, 5), arr((n,), np.uint8, 5), arr((n,), np.uint8, 16),
             data.draw(scalar), arr((n, data.draw(st.integers(0, 5))), np.uint8, 30), arr((m,), np.uint8, 5),
             arr((n,), np.uint8, 3), data.draw(st.booleans()), data.draw(st.one_of(st.integers(0, 40), scalar)),
             data.draw(st.booleans()), arr((m,), data.draw(st.sampled_from([np.int8, dt_a])), 1),
             arr((n,), np.int64, 1), arr((n,), np.int64, 1)]
    keep = data.draw(st.integers(0, 15))
    lo, hi = data.draw(scalar), data.draw(st.one_of(st.integers(-1, 8), scalar))
    try:
        ctx.solve_rows(tuple(parts[:keep]), lo, hi)
    except allowed:
        pass
    try:
        _search.solve_many(parts[0], parts[1], parts[2], parts[3], players=data.draw(st.sampled_from([2, 4, 3])),
                           threads=data.draw(st.integers(1, 4)), trick=parts[5][:, :3] if keep > 7 else None,
                           trick_len=parts[6] if keep > 7 else None, makers=parts[7] if keep % 2 else None)
    except allowed:
        pass

fuzz_solve()
fuzz_rows()
print("fuzzed")
'''


@pytest.mark.slow
def test_core_fuzzed_in_subprocess():
    # the child has no conftest: the loaded profile's example counts are written into its code
    code = FUZZ.replace("examples(400)", str(examples(400))).replace("examples(300)", str(examples(300)))
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0 and "fuzzed" in proc.stdout, f"exit {proc.returncode}\n{proc.stderr[-3000:]}"


# --------------------------------------------------------------------------- issue 10.2: thread pool
THREADS = r'''
import os, threading
import numpy as np
from solver import solve_batch, _search
rng = np.random.default_rng(5)
n = 200
hands = np.zeros((n, 4), np.uint32)
for i in range(n):
    cards = rng.permutation(24)[:20]
    for s in range(4):
        hands[i, s] = sum(1 << int(c) for c in cards[5 * s:5 * s + 5])
trump, leader = rng.integers(0, 4, n), rng.integers(0, 4, n)
baseline = threading.active_count()
serial = solve_batch(hands, trump, leader, threads=1)
peaks = []
for round in range(3):
    for t in list(range(1, 65)) + [128, 256]:
        got = solve_batch(hands, trump, leader, makers=t % 2, threads=t)
        assert np.array_equal(got, serial if t % 2 == 0 else 5 - serial), t
    peaks.append(threading.active_count())
print(baseline, getattr(_search, "MAX_THREADS", len(os.sched_getaffinity(0))), *peaks)
'''


@pytest.mark.slow
def test_solve_batch_threads_stay_bounded():
    proc = subprocess.run([sys.executable, "-c", THREADS], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    baseline, cap, *peaks = map(int, proc.stdout.split())
    # the caller works too, so the pool needs at most cap - 1 threads of its own
    assert all(p <= baseline + cap for p in peaks), (baseline, cap, peaks)
    assert peaks[0] == peaks[-1]           # repeated sweeps add no threads
    assert _search.MAX_THREADS == min(256, len(os.sched_getaffinity(0)))


@pytest.mark.slow
def test_solve_batch_pool_survives_fork():
    # a child forked after the pool exists gets a pool of its own (the parent's threads do not exist there)
    code = textwrap.dedent(r'''
        import os, numpy as np
        from solver import solve_batch
        hands = np.array([[1, 2, 4, 8]] * 100, np.uint32)
        assert list(solve_batch(hands, 0, 0, threads=2)) == [1] * 100
        pid = os.fork()
        if pid == 0:
            os._exit(0 if list(solve_batch(hands, 0, 0, threads=2)) == [1] * 100 else 3)
        _, status = os.waitpid(pid, 0)
        print(os.waitstatus_to_exitcode(status))
    ''')
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert proc.returncode == 0 and proc.stdout.split() == ["0"], proc.stderr[-2000:]


