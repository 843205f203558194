"""Old names kept working for one release, each call warning with a :class:`DeprecationWarning` that
names the new one.

Two kinds: a function renamed (:func:`renamed`), and a subpackage that a function of the same name used
to hide (:func:`callable_module`): ``solver.review`` and ``solver.match`` are the subpackages again (so
``solver.review.content_seed`` is found), and calling the package itself, as the old function was
called, still works for a release and warns.

>>> import warnings
>>> def new(x):
...     return x + 1
>>> old = renamed(new, "solver.old", "solver.new")
>>> with warnings.catch_warnings(record=True) as caught:
...     warnings.simplefilter("always")
...     old(1), str(caught[0].message)
(2, 'solver.old is deprecated and will be removed in the next release: use solver.new')
"""
from __future__ import annotations

import functools
import sys
import types
import warnings

__all__ = ["renamed", "callable_module"]


def renamed(new, old: str, replacement: str, stacklevel: int = 2):
    """``new`` under its old dotted name ``old``: each call warns (a :class:`DeprecationWarning` pointing at
    the caller's line, ``stacklevel`` frames up) to use ``replacement`` instead, then calls ``new`` with the
    same arguments."""
    message = f"{old} is deprecated and will be removed in the next release: use {replacement}"

    @functools.wraps(new)
    def alias(*args, **kwargs):
        warnings.warn(message, DeprecationWarning, stacklevel=stacklevel)
        return new(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old.rsplit(".", 1)[-1]
    alias.__doc__ = f"Deprecated: {message}."
    alias.__wrapped__ = new
    return alias


class _CallableModule(types.ModuleType):
    """A package that may also be called, as the function that used to hide it was (deprecated)."""

    def __call__(self, *args, **kwargs):
        return self.__dict__["_deprecated_call"](*args, **kwargs)


def callable_module(name: str, new, replacement: str) -> None:
    """Make the imported module ``name`` callable: ``module(...)`` warns and calls ``new``.

    For a package whose name a function used to hold (``from solver import review`` gave the function): old
    code calling it keeps working for a release, new code reaches the package's own names."""
    module = sys.modules[name]
    setattr(module, "_deprecated_call", renamed(new, f"calling {name}(...)", replacement, stacklevel=3))
    module.__class__ = _CallableModule
