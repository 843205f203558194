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


@pytest.mark.slow
def test_json_report_shape(tmp_path):
    out = subprocess.run([sys.executable, str(BENCH / "bench_par.py"), "--deals", "2", "--json", "-"],
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    import json
    doc = json.loads(out.stdout[out.stdout.index("{\n"):])
    assert set(doc) == {"script", "args", "engine", "machine", "load", "date", "results"}
    assert doc["script"] == "benchmarks/bench_par.py" and doc["args"]["deals"] == 2
    assert doc["engine"]["from_checkout"] is True
    assert doc["results"]["ms_per_deal"]["n"] == 2


@pytest.mark.slow
@pytest.mark.parametrize("script", SCRIPTS, ids=lambda p: p.relative_to(BENCH).as_posix())
def test_every_script_starts_from_another_directory(script, tmp_path):
    # --help parses after every import: the paths to _common, tests/reference.py and the data resolve
    out = subprocess.run([sys.executable, str(script), "--help"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert "usage:" in out.stdout
