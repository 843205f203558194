"""The review package's layout (issue 9): one idea a module, imports one way, no reach into `_names`.

The imports are read from the source with `ast` (every `import`, top level or inside a
function), so the test holds for lazy imports too.
"""
import ast
from pathlib import Path

import pytest

import solver
from solver.review.results import DECISION_EXACT_LIMIT
from solver.worlds import EXACT_LIMIT as WORLDS_EXACT_LIMIT
from solver import Method

ROOT = Path(solver.__file__).resolve().parent
REVIEW = ROOT / "review"
# Bottom to top: a module may import only the ones before it.
ORDER = ["results", "infoset", "seeds", "par_line", "reasons", "reviewer", "annotate", "deals",
         "files", "lines", "tally", "cluster", "corpus", "__init__"]


def imports(path: Path) -> list:
    """(module imported, names) for every import in ``path``, relative ones made absolute."""
    pkg = "solver.review" if path.parent == REVIEW else "solver"
    tree = ast.parse(path.read_text())
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module
            out.append((mod, [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((a.name, []) for a in node.names)
    return out


def test_the_package_has_the_modules_of_the_layout():
    assert sorted(p.stem for p in REVIEW.glob("*.py")) == sorted(ORDER)


@pytest.mark.parametrize("name", ORDER)
def test_a_review_module_imports_only_the_modules_below_it(name):
    below = {f"solver.review.{m}" for m in ORDER[:ORDER.index(name)]}
    for mod, names in imports(REVIEW / f"{name}.py"):
        if mod == "solver.review":          # `from . import x`
            mods = {f"solver.review.{n}" for n in names}
        elif mod.startswith("solver.review."):
            mods = {mod}
        else:
            continue
        assert mods <= below, f"solver.review.{name} imports {sorted(mods - below)}, not below it"


@pytest.mark.parametrize("path", sorted(REVIEW.glob("*.py")) + [ROOT / "render.py"], ids=lambda p: p.name)
def test_no_module_imports_another_modules_private_names(path):
    allowed = set()
    for mod, names in imports(path):
        if mod.startswith("solver"):
            private = [n for n in names if n.startswith("_") and (mod, n) not in allowed and n != "__future__"]
            assert not private, f"{path.name} imports {private} from {mod}"


def test_render_imports_no_result_type_so_the_results_can_call_it():
    # the result types' __str__/text() call solver.render: it must not import them back
    # (solver.cards, solver.errors and solver.examples, below every result type, are allowed: card formatting,
    # plural, an example world's words)
    for mod, _names in imports(ROOT / "render.py"):
        assert not mod.startswith("solver") or mod in ("solver.cards", "solver.errors", "solver.examples"), \
            f"solver.render imports {mod}"


@pytest.mark.slow
def test_the_review_enumerates_at_its_own_limit_not_the_worlds_default():
    # every decision with at most DECISION_EXACT_LIMIT placements is exact, every larger one
    # sampled, even below solver.worlds' default limit
    assert DECISION_EXACT_LIMIT < WORLDS_EXACT_LIMIT
    # (confirm=1: no extra draws for close decisions, so every sampled one has the worlds asked for)
    r = solver.review_game(Path(__file__).parent / "data" / "egn" / "vwec-finals.egn",
                           method=Method(worlds=20, seed=2, examples=3), confirm=1)
    infos = [c.info for d in r.deals for c in d.cards if c.info is not None]
    between = [i for i in infos if DECISION_EXACT_LIMIT < i.placements <= WORLDS_EXACT_LIMIT]
    assert between, "no decision of the game falls between the two limits"
    for i in infos:
        assert i.exact == (i.placements <= DECISION_EXACT_LIMIT)
        assert i.worlds == (i.placements if i.exact else 20)
    assert r.to_dict()["thresholds"]["exact_limit"] == DECISION_EXACT_LIMIT


@pytest.mark.slow
def test_each_decision_names_its_kind_as_its_mistakes_do():
    # render tells calls, discards and cards apart by these attributes alone
    r = solver.review_game(Path(__file__).parent / "data" / "egn" / "renege-test.egn",
                           method=Method(worlds=20, seed=2, examples=3))
    kinds = set()
    for d in r.deals:
        for c in d.calls:
            assert c.decision == "call"
            assert all(m.decision == "call" for m in c.mistakes)
        for c in d.cards:
            assert c.decision == {"play": "card", "discard": "discard"}[c.kind]
            assert all(m.decision == c.decision for m in c.mistakes)
        for m in d.mistakes:
            assert m.renege == (m.kind == "renege") and m.double_dummy == (m.kind == "double-dummy")
            kinds.add(m.kind)
    assert "renege" in kinds
