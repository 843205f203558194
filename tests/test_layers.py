"""The whole "may import" table of :mod:`solver` (its docstring, the one home of the table), enforced: every
import of every module of ``solver/`` and ``api/``, lazy ones included, goes down the table (only a
``TYPE_CHECKING`` import, which never runs, is free)."""
from __future__ import annotations

import ast
import re

import pytest

import solver
from test_layout import MODULES, imports_of


def table() -> dict:
    """part -> the parts it names, read from the table in solver's docstring."""
    block = solver.__doc__.split("enforces the whole table)::", 1)[1]
    out = {}
    for line in block.splitlines():
        m = re.match(r"^    (\S.*?)\s{2,}(\S.*)$", line)
        if not m:
            continue
        names = [] if m.group(2).strip() == "-" else [n.strip() for n in m.group(2).split(",")]
        for part in (p.strip() for p in m.group(1).split(",")):
            assert part not in out, f"{part} has two rows"
            out[part] = set(names)
    return out


TABLE = table()


def allowed(part: str) -> set:
    """The parts ``part`` may import: those it names and, through them, theirs."""
    seen, todo = set(), list(TABLE[part])
    while todo:
        p = todo.pop()
        if p not in seen:
            seen.add(p)
            todo.extend(TABLE[p])
    return seen


def part_of(module: str) -> str:
    """``solver.advisor.play`` -> ``advisor``; ``solver.dd`` -> ``dd``; ``solver`` -> ``solver``; ``api.x`` -> ``api``."""
    parts = module.split(".")
    if parts[0] == "api":
        return "api"
    return "solver" if len(parts) == 1 else parts[1]


def type_checking_lines(path) -> set:
    """Line numbers of imports under ``if TYPE_CHECKING:`` (annotations only: never run)."""
    lines = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for sub in node.body:
                for inner in ast.walk(sub):
                    if isinstance(inner, (ast.Import, ast.ImportFrom)):
                        lines.add(inner.lineno)
    return lines


def imported_parts(name: str, path) -> set:
    """The parts ``name`` imports at run time (a name imported from a package counts as its submodule)."""
    skip = type_checking_lines(path)
    tree = ast.parse(path.read_text())
    runtime = {(n.lineno) for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom))} - skip
    found = set()
    nodes = sorted(n.lineno for n in ast.walk(tree) if isinstance(n, (ast.Import, ast.ImportFrom)))
    for lineno, (mod, names) in zip(nodes, imports_of(name, path)):
        if lineno not in runtime or not mod or mod.split(".")[0] not in ("solver", "api"):
            continue
        subs = [n for n in names if f"{mod}.{n}" in MODULES or (mod == "solver" and n == "_search")]
        for n in subs:
            found.add(part_of(f"{mod}.{n}"))
        if len(subs) < len(names) or not names:
            found.add(part_of(mod))
    found.discard(part_of(name))
    return found


def test_the_table_names_every_part_and_only_parts():
    parts = {part_of(m) for m in MODULES}
    assert parts - {"api"} <= set(TABLE) | {"solver"}, sorted(parts - set(TABLE))
    named = set().union(*TABLE.values())
    assert named <= set(TABLE), sorted(named - set(TABLE))


def test_the_table_has_no_cycle():
    for part in TABLE:
        assert part not in allowed(part), part


@pytest.mark.parametrize("name", sorted(MODULES))
def test_every_import_goes_down_the_table(name):
    part = part_of(name)
    bad = imported_parts(name, MODULES[name]) - allowed(part)
    assert not bad, f"{name} ({part}) imports {sorted(bad)}; the table lets {part} import {sorted(allowed(part))}"


def test_the_table_is_not_vacuous():
    """A reach up the table is caught (the check reads real imports, not nothing)."""
    assert "advisor" in imported_parts("solver.review.reviewer", MODULES["solver.review.reviewer"])
    assert "review" not in allowed("advisor") and "api" not in allowed("solver")
