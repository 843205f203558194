"""benchmarks/: the layout its README describes, the shared harness, and every script starting from any directory."""
import importlib.util
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "benchmarks"
SCRIPTS = sorted(p for p in BENCH.rglob("*.py") if p.name != "_common.py")
README = (BENCH / "README.md").read_text()


def load_common():
    spec = importlib.util.spec_from_file_location("_common", BENCH / "_common.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_three_folders_hold_what_the_readme_says():
    folders = {p.relative_to(BENCH).parent.as_posix() for p in SCRIPTS}
    assert folders == {".", "studies", "tools"}
    # speed benchmarks are named bench_*; studies and tools are not (their names say what they measure or write)
    assert all(p.name.startswith("bench_") for p in SCRIPTS if p.parent == BENCH)
    assert not any(p.name.startswith("bench_") for p in SCRIPTS if p.parent != BENCH)


def test_the_readme_lists_every_script_in_its_folder_and_nothing_else():
    sections = re.split(r"^## ", README, flags=re.M)
    listed = {}
    for title, folder in (("Speed", BENCH), ("Studies", BENCH / "studies"), ("Tools", BENCH / "tools")):
        text = next(s for s in sections if s.startswith(title))
        listed[folder] = set(re.findall(r"^\| `([a-z_]+\.py)` \|", text, flags=re.M))
    for folder, names in listed.items():
        assert names == {p.name for p in SCRIPTS if p.parent == folder}, folder


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.relative_to(BENCH).as_posix())
def test_the_usage_lines_name_the_script_where_it_is(script):
    paths = re.findall(r"python3? (benchmarks/\S+\.py)", script.read_text())
    assert all((ROOT / p).is_file() for p in paths), paths


def test_every_path_the_readmes_and_docstrings_give_under_benchmarks_exists():
    files = [ROOT / "README.md", ROOT / "setup.py", *ROOT.glob("docs/**/*.md"), *ROOT.glob("solver/**/*.py"),
             *ROOT.glob("api/**/*.py"), *ROOT.glob("tests/*.py")]
    missing = {(f.name, p) for f in files for p in re.findall(r"benchmarks/[\w/]+\.py", f.read_text())
               if not (ROOT / p).is_file()}
    assert not missing


def test_summary_against_hand_computed_deciles():
    common = load_common()
    s = common.summary([5, 1, 4, 2, 3], scale=10)
    # inclusive deciles of 10..50: position 0.4 and 3.6 between sorted values
    assert s == {"median": 30, "min": 10, "max": 50, "p10": 14, "p90": 46, "n": 5}
    assert common.summary([2.0])["p90"] == 2.0
    with pytest.raises(ValueError):
        common.summary([])


def test_measure_times_each_repeat_after_its_untimed_set_up():
    common = load_common()
    calls = []
    out = common.measure(lambda: calls.append("run"), 3, before=lambda: calls.append("before"))
    assert calls == ["before", "run"] * 3
    assert len(out["wall"]) == len(out["cpu"]) == 3 and min(out["wall"]) >= 0


def test_a_tool_refuses_to_write_shipped_data_from_another_copy_of_the_engine(tmp_path, monkeypatch):
    common = load_common()
    assert common.FROM_CHECKOUT          # the tests run the checkout's engine
    monkeypatch.setattr(common, "FROM_CHECKOUT", False)
    with pytest.raises(SystemExit) as exc:
        common.require_checkout(ROOT / "solver" / "data" / "bidding-model-v1.json")
    assert exc.value.code == 2
    common.require_checkout(tmp_path / "model.json")      # elsewhere: allowed
    with pytest.raises(SystemExit):
        common.require_checkout()


def test_a_script_without_an_importable_engine_says_what_to_run(tmp_path):
    # a solver/ without its compiled core first on the path: what an unbuilt checkout on PYTHONPATH gives
    fake = tmp_path / "solver"
    fake.mkdir()
    (fake / "__init__.py").write_text("from . import _search\n")
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    out = subprocess.run([sys.executable, str(BENCH / "bench_par.py"), "--deals", "1"], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 2
    assert "the engine does not import" in out.stderr and "pip install -e ." in out.stderr
    assert "Traceback" not in out.stderr


SPEED = [p for p in SCRIPTS if p.parent == BENCH]
REPORT_KEYS = {"script", "command", "args", "engine", "machine", "load", "date", "measures", "results"}
FIGURE_KEYS = {"unit", "median", "min", "max", "p10", "p90", "n", "interval"}


def _json_run(tmp_path, script: str, *argv: str) -> dict:
    import json
    out = subprocess.run([sys.executable, str(BENCH / script), *argv, "--json", "-"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout[out.stdout.index("{\n  \"script\""):])


@pytest.mark.slow
def test_json_report_shape(tmp_path):
    doc = _json_run(tmp_path, "bench_par.py", "--deals", "2")
    assert set(doc) == REPORT_KEYS
    assert doc["script"] == "benchmarks/bench_par.py" and doc["args"]["deals"] == 2
    assert doc["command"] == "python benchmarks/bench_par.py --deals 2 --json -"
    assert doc["engine"]["from_checkout"] is True
    fig = doc["measures"]["ms_per_deal"]
    assert set(fig) == FIGURE_KEYS and fig["n"] == 2 and fig["unit"] == "ms a deal"
    assert fig["interval"] == {"low": fig["min"], "high": fig["max"], "confidence": 0.5}   # two values: [min, max]


@pytest.mark.slow
def test_the_core_benchmark_writes_its_measures_with_ratios(tmp_path):
    doc = _json_run(tmp_path, "bench_solve.py", "--deals", "40", "--calls", "5", "--oracle-deals", "0",
                    "--passes", "2")
    assert set(doc) == REPORT_KEYS
    m = doc["measures"]
    assert FIGURE_KEYS <= set(m["solve_us_pass_median"]) and m["solve_us_pass_median"]["n"] == 2
    two = m["solves_per_s_2_threads"]
    assert two["against"] == "solves_per_s_1_threads"
    assert two["ratio"] == pytest.approx(two["median"] / m["solves_per_s_1_threads"]["median"])
    assert m["technique without table"]["against"] == "technique all on (reference)"


@pytest.mark.parametrize("script", SPEED, ids=lambda p: p.name)
def test_every_speed_script_writes_json_through_the_harness(script):
    """Every speed benchmark takes ``--json PATH`` (the harness's argument) and writes the harness's document,
    its timed figures as the harness's measures."""
    text = script.read_text()
    assert "_common.add_json_argument(" in text and "_common.report(" in text
    assert "_common.figure(" in text


def test_median_interval_against_the_binomial_quantiles():
    """The sign-test interval for the median: the order statistics k and n+1-k, k the largest with
    P(B < k) <= 2.5% for B ~ Binomial(n, 1/2) (scipy.stats.binom), and the confidence 1 - 2 P(B < k)."""
    from scipy.stats import binom
    common = load_common()
    for n in (6, 7, 10, 20, 33, 100):
        values = [float(x * x) for x in range(n)]                # distinct, increasing
        k = max(j for j in range(1, n // 2 + 1) if binom.cdf(j - 1, n, 0.5) <= 0.025)
        got = common.median_interval(values)
        assert (got["low"], got["high"]) == (values[k - 1], values[n - k]), n
        assert got["confidence"] == pytest.approx(1 - 2 * binom.cdf(k - 1, n, 0.5)) and got["confidence"] >= 0.95
    few = common.median_interval([3.0, 1.0, 2.0])                # too few for 95%: the range, at 75%
    assert few == {"low": 1.0, "high": 3.0, "confidence": 0.75}
    with pytest.raises(ValueError):
        common.median_interval([])


def test_figure_gives_a_ratio_against_a_reference_of_the_same_run():
    common = load_common()
    ref = common.figure([0.002, 0.004, 0.003], "ms", 1e3)
    fig = common.figure([0.006, 0.009, 0.012], "ms", 1e3, against=ref, against_name="ref")
    assert fig["median"] == pytest.approx(9.0) and ref["median"] == pytest.approx(3.0)
    assert fig["ratio"] == pytest.approx(3.0) and fig["against"] == "ref"
    assert "ratio" not in ref and fig["unit"] == "ms"


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.relative_to(BENCH).as_posix())
def test_every_script_starts_from_another_directory(script, tmp_path):
    # --help parses after every import: the paths to _common, tests/reference.py and the data resolve
    out = subprocess.run([sys.executable, str(script), "--help"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert "usage:" in out.stdout
    if script.parent == BENCH:                  # a speed benchmark: the harness's --json
        assert "--json PATH" in out.stdout


@pytest.mark.parametrize("argv,says", [
    (["bench_par.py", "--deals", "0"], "argument --deals: '0': must be at least 1"),
    (["bench_par.py", "--deals", "5", "--json", "/nonexistent-folder/x.json"],
     "argument --json: '/nonexistent-folder/x.json': the folder /nonexistent-folder does not exist"),
    (["bench_playout_bound.py", "--sizes", "4"], "argument --sizes: '4': expected WORLDSxINNER, e.g. 20x20"),
    (["bench_playout_bound.py", "--sizes", "4x0"], "argument --sizes: '4x0': expected WORLDSxINNER with worlds 1.."),
    (["bench_solve.py", "--passes", "two"], "argument --passes: 'two': not a whole number"),
])
def test_bad_arguments_are_refused_before_the_run_naming_them(argv, says):
    run = subprocess.run([sys.executable, str(BENCH / argv[0]), *argv[1:]], capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 2 and says in run.stderr and "Traceback" not in run.stderr, run.stderr
