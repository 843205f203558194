"""The layout's promises, read off the source with ast: no import cycle among the project's modules, no
module reaching into another's ``_names``, and every public docstring example and the README's Python
examples running (the documentation cannot drift from the code)."""
import ast
import doctest
import importlib
import pkgutil
from pathlib import Path

import pytest

import solver
from conftest import DOC_PAGES

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("solver", "api")


def project_modules() -> dict:
    """Dotted module name -> source path, for every .py module of the project's packages."""
    out = {}
    for pkg in PACKAGES:
        for path in sorted((ROOT / pkg).rglob("*.py")):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts = parts[:-1]
            out[".".join(parts)] = path
    return out


MODULES = project_modules()


def imports_of(name: str, path: Path):
    """``(module, names)`` of every import in the module, lazy ones too, relative ones resolved."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, ()
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            yield mod, tuple(a.name for a in node.names)


def edges(name: str, path: Path) -> set:
    """Project modules that ``name`` imports (a name imported from a package may be a submodule)."""
    out = set()
    for mod, names in imports_of(name, path):
        for n in names:
            if f"{mod}.{n}" in MODULES:
                out.add(f"{mod}.{n}")
        if mod in MODULES:
            out.add(mod)
    out.discard(name)
    return out


def test_the_layout_is_found():
    assert {"solver.laws", "solver.game.hand", "solver.records.egn", "solver.advisor.bid", "solver.review.reviewer",
            "solver.bidding.model", "api.routes"} <= set(MODULES)


@pytest.mark.slow
def test_no_import_cycle():
    graph = {name: edges(name, path) for name, path in MODULES.items()}
    # a package's __init__ re-exporting its own submodules is not a cycle through them
    for name in graph:
        graph[name] = {m for m in graph[name] if not (name in MODULES and MODULES[name].name == "__init__.py"
                                                       and m.startswith(name + "."))}
    state, stack = {}, []

    def visit(node):
        state[node] = "open"
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                cycle = stack[stack.index(nxt):] + [nxt]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if nxt not in state:
                visit(nxt)
        stack.pop()
        state[node] = "done"

    for node in sorted(graph):
        if node not in state:
            visit(node)


@pytest.mark.slow
def test_no_module_imports_another_modules_private_names():
    bad = []
    for name, path in MODULES.items():
        for mod, names in imports_of(name, path):
            if not mod or not mod.split(".")[0] in PACKAGES:
                continue
            for n in names:
                # the Cython core is one private module, imported whole by the layer that wraps it
                if n.startswith("_") and not n.startswith("__") and n != "_search":
                    bad.append(f"{name} imports {mod}.{n}")
    assert not bad


def test_the_rules_kernel_imports_nothing_above_it():
    allowed = {"solver.cards", "solver.errors", "solver.rules", "solver.variants"}
    assert edges("solver.laws", MODULES["solver.laws"]) <= allowed


PUBLIC = sorted(m.name for m in pkgutil.walk_packages(solver.__path__, "solver.") if not m.name.split(".")[-1].startswith("_"))


@pytest.mark.parametrize("name", PUBLIC)
def test_docstring_examples_run(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


@pytest.mark.slow
@pytest.mark.parametrize("page", DOC_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_readme_and_docs_examples_run(monkeypatch, page):
    monkeypatch.chdir(ROOT)       # the examples name files inside the repository
    result = doctest.testfile(str(page), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0


def test_the_python_api_page_has_a_session_that_runs():
    page = ROOT / "docs" / "python-api.md"
    assert len(doctest.DocTestParser().get_examples(page.read_text())) >= 10
