"""The docs site (docs/, Sphinx with MyST): it builds without a warning, it cites nothing outside the
repository, it names every public name, and its links and pictures resolve. (Its examples run in
test_cli_readme.py, test_readme_examples.py and test_layout.py, over the README and docs/*.md alike.)"""
import inspect
import re
import subprocess
import sys
import types
from pathlib import Path

import pytest

import api
import api.serve
import solver
from conftest import DOC_PAGES, TESTS

ROOT = TESTS.parent
DOCS = ROOT / "docs"
PAGES = {p: p.read_text() for p in DOC_PAGES}
SOURCES = {**PAGES, **{p: p.read_text() for p in DOCS.rglob("*") if p.suffix in (".rst", ".py")},
           ROOT / "benchmarks" / "README.md": (ROOT / "benchmarks" / "README.md").read_text()}
# working notes that lived beside the project and never in it: a page may not send a reader there
OUTSIDE = re.compile(r"\.\./shared|/work/|\bRULES\.md|\bDESIGN\.md|\bSTYLE\.md|shared/seeds|shared/data")


def public_names() -> list:
    """``solver.NAME`` for every name of ``solver.__all__`` and the service's public functions."""
    return [f"solver.{n}" for n in solver.__all__] + [f"api.{n}" for n in api.__all__] + ["api.serve.serve"]


def test_no_page_cites_a_file_outside_the_repository():
    bad = {(p.relative_to(ROOT).as_posix(), m.group()) for p, t in SOURCES.items() for m in OUTSIDE.finditer(t)}
    assert not bad


def test_no_public_docstring_cites_a_file_outside_the_repository():
    # autodoc renders these into docs/python-api.md's page
    objects = [eval(name, {"solver": solver, "api": api}) for name in public_names()]
    members = [m for o in objects if inspect.isclass(o) for _, m in inspect.getmembers(o) if callable(m)]
    bad = {getattr(o, "__qualname__", repr(o)) for o in objects + members
           if isinstance(inspect.getdoc(o), str) and OUTSIDE.search(inspect.getdoc(o))}
    modules = {sys.modules[o.__module__] for o in objects if getattr(o, "__module__", None) in sys.modules}
    bad |= {m.__name__ for m in modules if m.__doc__ and OUTSIDE.search(m.__doc__)}
    assert not bad


@pytest.mark.slow
def test_every_public_name_is_documented_on_a_page():
    text = "\n".join(PAGES.values())
    missing = [n for n in public_names() if not re.search(rf"(?<![\w.]){re.escape(n)}(?![\w])", text)]
    assert not missing, f"add these to docs/python-api.md: {missing}"


def test_the_toctree_holds_every_page_and_only_pages_that_exist():
    index = (DOCS / "index.md").read_text()
    listed = set(re.findall(r"^([a-z][a-z-]*)$", index, flags=re.M))
    pages = {p.stem for p in DOCS.glob("*.md")} | {p.stem for p in DOCS.glob("*.rst")}
    assert listed == pages - {"index"}


LINK = re.compile(r"\]\(([^)#\s]+)(#[^)\s]*)?\)")


@pytest.mark.parametrize("page", DOC_PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_and_pictures_resolve(page):
    targets = [m.group(1) for m in LINK.finditer(PAGES[page]) if "://" not in m.group(1)]
    missing = [t for t in targets if not (page.parent / t).exists()]
    assert not missing


def test_the_readme_is_a_landing_page():
    lines = (ROOT / "README.md").read_text().splitlines()
    assert 200 <= len(lines) <= 300
    text = "\n".join(lines)
    for page in ("docs/cli.md", "docs/python-api.md", "docs/http.md", "docs/rules.md", "docs/performance.md"):
        assert f"]({page}" in text, page


@pytest.mark.slow
def test_the_site_builds_without_a_warning(tmp_path):
    out = tmp_path / "html"
    # -n: every cross-reference resolves (to a documented object, or through intersphinx to Python's and
    # numpy's docs, offline from docs/_inventories/)
    done = subprocess.run([sys.executable, "-m", "sphinx", "-n", "-W", "--keep-going", "-q", "-E", "-b", "html",
                           str(DOCS), str(out)], cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stderr
    html = {p.name: p.read_text() for p in out.glob("*.html")}
    assert {f"{p.stem}.html" for p in DOCS.glob("*.md")} <= set(html)
    # the rendered pages (docstrings included) send no one outside the repository
    assert not {name for name, text in html.items() if OUTSIDE.search(text)}
    # every public name is rendered by autodoc (an id per documented object) ...
    ids = set(re.findall(r'id="([\w.]+)"', html["python-api.html"]))
    objects = [n for n in public_names() if n != "solver.__version__"
               and not isinstance(eval(n, {"solver": solver, "api": api}), types.ModuleType)]   # subpackages: prose
    assert [n for n in objects if n not in ids] == []
    # ... and the HTTP reference comes from the service's own OpenAPI document: every path is there
    from api import create_app
    paths = create_app({"TESTING": True}).test_client().get("/openapi.json").get_json()["paths"]
    reference = re.sub(r"<[^>]+>", "", html["http-reference.html"])
    assert all(path in reference for path in paths)


# The lists in the docs are the code's: a command, route or public function added or removed shows here.

def _quoted(text: str) -> set:
    return set(re.findall(r"`([^`]+)`", text))


def _commands() -> set:
    from solver.cli import build_parser
    return set(build_parser()._subparsers._group_actions[0].choices)


def _v1_routes() -> set:
    """``{(method, path)}`` of the service's ``/v1`` routes."""
    from api import create_app
    rules = create_app({"TESTING": True}).url_map.iter_rules()
    return {(m, r.rule) for r in rules if r.rule.startswith("/v1/") for m in r.methods - {"HEAD", "OPTIONS"}}


README = (ROOT / "README.md").read_text()


def test_the_readme_lists_every_command():
    listed = re.search(r"The commands \(([^)]*)\)", README).group(1)
    assert _quoted(listed) == _commands()


def test_the_readme_lists_every_advisor():
    listed = re.search(r"advice \(([^)]*)\)", README).group(1)
    assert _quoted(listed) == {n for n in solver.__all__ if n.startswith("advise")}


def test_the_readme_lists_every_v1_route():
    listed = re.search(r"alone\. (`/v1/.*?) answer as the CLI", README, flags=re.S).group(1)
    assert _quoted(listed) == {path for _, path in _v1_routes()}


def test_the_http_page_tables_every_route_and_only_routes_that_exist():
    table = [line for line in PAGES[DOCS / "http.md"].splitlines() if line.startswith("| `")]
    rows = {tuple(m.split(" ")) for line in table for m in _quoted(line.split("|")[1])
            if re.fullmatch(r"(GET|POST|PUT|PATCH|DELETE) /\S*", m)}
    assert len(rows) >= 15                      # the routes table, not another one
    assert {r for r in rows if r[1].startswith("/v1/")} == _v1_routes()
    from api import create_app
    rules = {r.rule for r in create_app({"TESTING": True}).url_map.iter_rules()}
    assert {path for _, path in rows} <= rules


CLI_PAGE = PAGES[DOCS / "cli.md"]


def test_the_command_line_page_introduces_every_command():
    bullets = "\n".join(line for line in CLI_PAGE.splitlines() if line.startswith("- `euchre "))
    assert set(re.findall(r"`euchre ([a-z]+)", bullets)) == _commands()


def test_each_command_synopsis_is_where_the_command_line_page_says():
    sentence = re.search(r"Each command's synopsis is on its page: (.*?)\. ", CLI_PAGE).group(1)
    where = {}
    for names, page in re.findall(r"((?:`[^`]+`(?:, | and )?)+) (?:in \[[^\]]+\]\(([\w-]+\.md)\)|below)", sentence):
        where.update(dict.fromkeys(_quoted(names), page or "cli.md"))
    expanded = (_commands() - {"model"}) | {"model fit", "model show"}
    assert set(where) == expanded
    missing = {n: p for n, p in where.items() if not re.search(rf"(^|`)euchre {n}\b", PAGES[DOCS / p], re.M)}
    assert not missing


def test_the_python_api_page_documents_the_public_names_and_no_other_top_level_name():
    page = PAGES[DOCS / "python-api.md"]
    documented = set(re.findall(r"^\.\. auto(?:function|class|data|exception):: solver\.(\w+)$", page, re.M))
    assert documented == set(solver.__all__) - {"__version__"}


def test_no_page_takes_a_name_sphinx_gives_its_own_pages():
    # search.html, genindex.html and py-modindex.html are Sphinx's: a page of ours by that name is lost
    assert not {p.stem for p in DOCS.glob("*.md")} & {"search", "genindex", "py-modindex"}


def test_the_design_page_names_every_result_that_is_not_frozen():
    # docs/design.md: "Every result is a dataclass ... Most are frozen. These are not, ...: `Review`, ..."
    import dataclasses
    import importlib
    text = PAGES[DOCS / "design.md"]
    named = _quoted(re.search(r"Most are frozen\. These are not,(.*?)\.( |\n)", text, flags=re.S).group(1))
    unfrozen = set()
    for path in re.findall(r"^\.\. autoclass:: ([\w.]+)$", PAGES[DOCS / "python-api.md"], re.M):
        module, _, name = path.rpartition(".")
        cls = getattr(importlib.import_module(module), name)
        if dataclasses.is_dataclass(cls) and not cls.__dataclass_params__.frozen:
            unfrozen.add(name)
    assert unfrozen == named


@pytest.mark.parametrize("inventory", sorted((DOCS / "_inventories").glob("*.txt")), ids=lambda p: p.name)
def test_the_offline_inventories_read_and_name_real_objects(inventory):
    # intersphinx reads these when Python's or numpy's own inventory cannot be fetched (docs/conf.py)
    import importlib
    from sphinx.util.inventory import InventoryFile
    raw, uri = inventory.read_bytes(), "https://example.invalid"
    if hasattr(InventoryFile, "loads"):        # Sphinx 8.2 and later
        data = InventoryFile.loads(raw, uri=uri).data
    else:
        import io
        import posixpath
        data = InventoryFile.load(io.BytesIO(raw), uri, posixpath.join)
    names = [name for kind in data.values() for name in kind]
    assert names
    for name in names:
        module, _, attr = name.rpartition(".")
        assert hasattr(importlib.import_module(module), attr), name
