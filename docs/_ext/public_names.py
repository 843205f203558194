"""A reference to an object by the path it is defined at finds the page that documents it by its public name.

The Python API page documents each public object once, under the name a program imports it by
(``solver.Hand``), while type annotations and docstrings name it as Python does where they are written
(``solver.game.Hand``, or ``Hand`` inside ``solver.game``). When Sphinx finds no target for such a
reference, this resolves the reference as Python would (the dotted path imported, a bare name looked up in
the module the docstring was written in) and, if the object it reaches is documented under a public name
with the same last part, links there. A reference that reaches nothing documented stays unresolved, and a
nitpicky build (``-n``) reports it as before.
"""
from __future__ import annotations

import importlib
import inspect
import re
import sys

from sphinx.util.nodes import make_refnode

_MISSING = object()
_DOCSTRING_OF = re.compile(r"docstring of ([\w.]+)")


def _imported(path: str):
    """The object at dotted ``path`` (the longest importable module, then attributes), or ``_MISSING``."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        name = ".".join(parts[:cut])
        try:
            target = sys.modules.get(name) or importlib.import_module(name)
        except Exception:          # not a module: try a shorter prefix
            continue
        for attr in parts[cut:]:
            target = getattr(target, attr, _MISSING)
            if target is _MISSING:
                return _MISSING
        return target
    return _MISSING


def _home_modules(node) -> list[str]:
    """The modules a bare name in this reference is looked up in: where its docstring was written."""
    found = _DOCSTRING_OF.search(getattr(node, "source", None) or "")
    homes = []
    if found:
        owner = _imported(found.group(1))
        module = getattr(inspect.unwrap(owner), "__module__", None) if owner is not _MISSING else None
        if isinstance(module, str):
            homes.append(module)
        homes.append(found.group(1).rsplit(".", 1)[0])
    context = ".".join(p for p in (node.get("py:module"), node.get("py:class")) if p)
    owner = _imported(context) if context else _MISSING
    if owner is not _MISSING and isinstance(getattr(owner, "__module__", None), str):
        homes.append(owner.__module__)
    return homes


def _documented(env) -> dict:
    """``id(object) -> [documented name, ...]`` over every object the Python domain documents."""
    objects = env.get_domain("py").objects
    cache = env.temp_data.setdefault("public_names", {})
    if cache.get("count") != len(objects):
        by_id: dict = {}
        for name in objects:
            target = _imported(name)
            if target is not _MISSING:
                by_id.setdefault(id(target), []).append(name)
        cache.update(count=len(objects), by_id=by_id)
    return cache["by_id"]


def _spelled_out(target: str, homes: list[str]) -> str:
    """``target`` with a module alias of its home module spelled out (``np.ndarray`` -> ``numpy.ndarray``)."""
    first, _, rest = target.partition(".")
    for home in homes:
        module = getattr(sys.modules.get(home), first, None)
        if inspect.ismodule(module) and rest:
            return f"{module.__name__}.{rest}"
    return target


def resolve_public_name(app, env, node, contnode):
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    homes = _home_modules(node)
    reached = _imported(target)
    if reached is _MISSING:
        for home in homes:
            reached = _imported(f"{home}.{target}")
            if reached is not _MISSING:
                break
    if reached is _MISSING:
        return None
    last = target.rsplit(".", 1)[-1]
    names = [n for n in _documented(env).get(id(reached), []) if n.rsplit(".", 1)[-1] == last]
    if names:
        entry = env.get_domain("py").objects[names[0]]
        return make_refnode(app.builder, node["refdoc"], entry.docname, entry.node_id, contnode, names[0])
    spelled = _spelled_out(target, homes)
    if spelled != target:           # an outside object by its alias: the inventories know it by its name
        from sphinx.ext.intersphinx import missing_reference

        plain = node.deepcopy()
        plain["reftarget"] = spelled
        return missing_reference(app, env, plain, contnode)
    return None


def setup(app):
    app.connect("missing-reference", resolve_public_name)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
