"""mypy over solver/ and api/ as pyproject.toml's [tool.mypy] configures it: clean, and its debt list honest."""
import re
import subprocess
import sys

import pytest

from conftest import TESTS

ROOT = TESTS.parent


def mypy(tmp_path, *args):
    return subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache"), *args],
                          cwd=ROOT, capture_output=True, text=True, timeout=900)


def debt() -> list:
    """The modules of the override with ``ignore_errors = true`` (read as text: tomllib is Python 3.11+)."""
    block = re.search(r"module = \[([^\]]*)\]\s*ignore_errors = true", (ROOT / "pyproject.toml").read_text())
    return re.findall(r'"([\w.]+)"', block.group(1))


def test_the_debt_list_names_modules_that_exist():
    for module in debt():
        path = ROOT / module.replace(".", "/")
        assert path.with_suffix(".py").is_file() or (path / "__init__.py").is_file(), module


@pytest.mark.slow
def test_mypy_passes_and_every_module_in_debt_still_has_errors(tmp_path):
    done = mypy(tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    # the same run with the debt list ignored: each module on it must still have an error, else it comes off
    strict = ROOT / "pyproject.toml"
    config = strict.read_text()
    lifted = re.sub(r"ignore_errors = true", "ignore_errors = false", config)
    (tmp_path / "pyproject.toml").write_text(lifted)
    done = mypy(tmp_path, "--config-file", str(tmp_path / "pyproject.toml"))
    failing = {re.sub(r"\.__init__$", "", m.group(1).replace("/", ".")) for m in
               re.finditer(r"^((?:solver|api)/[\w/]+)\.py:\d+: error", done.stdout, flags=re.M)}
    assert sorted(set(debt()) - failing) == [], "clean now: take these off the debt list in pyproject.toml"
