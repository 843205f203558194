"""The service's own packages (the ``serve`` extra) and what to say when one is missing.

Imports nothing of the web stack itself, so ``euchre serve`` and ``python -m api.serve`` can say how to install
it instead of failing with a traceback (``api/__init__.py`` imports the app lazily for the same reason).
"""
from __future__ import annotations

#: The top-level packages of the ``serve`` extra (pyproject.toml) that the service imports.
WEB_STACK = ("flask", "flask_openapi3", "pydantic", "werkzeug", "gunicorn", "gevent")
#: How to install them.
INSTALL = "pip install \"euchre-dd[serve]\" (in a checkout: pip install -e \".[serve]\")"


def missing_package(exc: ModuleNotFoundError) -> str | None:
    """The web-stack package whose absence ``exc`` reports, or ``None`` for any other missing module."""
    top = (exc.name or "").split(".")[0]
    return top if top in WEB_STACK else None


def needs_message(what: str, exc: ModuleNotFoundError) -> str:
    """``"<what> needs the web stack (<package> is not installed): pip install ..."``."""
    return f"{what} needs the web stack ({exc.name} is not installed): {INSTALL}"
