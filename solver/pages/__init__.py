"""The pages: the review of a game and the analysis page, as HTML from Jinja2 templates.

:func:`review_html` is what ``GET/POST /review`` serves and ``euchre review --html`` writes:
one self-contained file (the style sheet and the script inlined, no network needed).
:func:`analysis_html` is the page at ``/``: it asks the ``/v1`` JSON endpoints from
plain JavaScript (the same engine functions as every other front door);
:func:`error_html` a readable error page. Templates and static files live in this
package (``templates/``, ``static/``); only Jinja2 is needed, not Flask, so the
command line renders without starting the web framework.

>>> from solver import Method, load_egn, review_game
>>> from solver.pages import review_html
>>> game = load_egn("tests/data/egn/six-points-in-two-hands.egn")
>>> html = review_html(review_game(game, method=Method(worlds=10, seed=1)), game)
>>> html.startswith("<!doctype html>") and 'data-card="' in html and "http" not in html.split("<body")[0]
True
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources

from .model import review_model

__all__ = ["review_html", "analysis_html", "error_html", "review_model", "static_text", "play_html",
           "play_setup_html"]


@lru_cache(maxsize=None)
def _environment():
    import jinja2               # Flask's own template engine; imported here so `import solver` stays light
    return jinja2.Environment(loader=jinja2.PackageLoader("solver.pages", "templates"),
                              autoescape=jinja2.select_autoescape(default=True), trim_blocks=True,
                              lstrip_blocks=True, undefined=jinja2.StrictUndefined)


@lru_cache(maxsize=None)
def static_text(name: str) -> str:
    """The text of ``static/<name>`` (a style sheet or script, inlined into every page)."""
    # one part per joinpath: Traversable.joinpath takes one before Python 3.11 (zip imports, mypy)
    return resources.files("solver.pages").joinpath("static").joinpath(name).read_text(encoding="utf-8")


def _render(template: str, **context) -> str:
    import markupsafe
    inline = {name.replace(".", "_"): markupsafe.Markup(static_text(name))
              for name in ("pages.css", "review.js", "analysis.js", "play.js")}
    return _environment().get_template(template).render(static=inline, **context)


def review_html(review, game, served: bool = False) -> str:
    """The review page of ``review`` (a :class:`~solver.review.Review`) of ``game``, the record it
    reviewed, as one HTML document (str). ``served``: links to the analysis page at ``/`` for each
    decision, at each lead to its lead table, and the what-if replay of any call or card (``POST /v1/branch``; a file
    opened from disk has no server to ask)."""
    from ..render import DOUBLE_DUMMY_NOTE, OWN_VIEW_NOTE
    from ..records import EGNGame, dump_egn
    model = review_model(review, game)
    # served: the record itself, which the what-if replay sends back to POST /v1/branch
    model["egn"] = dump_egn(game, indent=None) if served and isinstance(game, EGNGame) else None
    return _render("review.html", review=model, served=served, dd_note=f"{DOUBLE_DUMMY_NOTE}; {OWN_VIEW_NOTE}")


def analysis_html(limits: dict | None = None, message: str | None = None) -> str:
    """The analysis page (str): solve/table a deal, advise a bid, advise a card, a lead table, review a game.
    ``limits``: the server's bounds (as ``GET /healthz`` ``limits``), shown beside the forms."""
    from ..render import DOUBLE_DUMMY_NOTE
    return _render("analysis.html", limits=limits or {}, message=message, dd_note=DOUBLE_DUMMY_NOTE)


def error_html(title: str, detail: str, status: int) -> str:
    """A readable error page (str): what went wrong (``detail``, e.g. the
    :class:`~solver.EuchreError` message) and a way back."""
    return _render("error.html", title=title, detail=detail, status=status)


def play_setup_html(seed: str = "", limits: dict | None = None) -> str:
    """The play page's setup form (str): the agents, the rules, a game or one deal, the seed (``seed``
    pre-filled, as ``/play?seed=N`` gives it), and the hand of the day. ``limits``: the server's table bounds.
    The agents offered are the advisor, the policy, random and the levels of the ladder
    (:data:`solver.match.ladder.LEVELS`), each level with its measured points a deal against the advisor."""
    from ..match.ladder import LEVELS, REFERENCE_WORLDS
    return _render("play_setup.html", seed=seed, limits=limits or {}, levels=[lv.to_dict() for lv in LEVELS],
                   reference_worlds=REFERENCE_WORLDS)


def play_html(state: dict) -> str:
    """The table page (str) of one table: ``state`` the user's view of it (``GET /play/api/tables/<id>``),
    which the page's script then keeps up to date from the JSON endpoints."""
    return _render("play.html", state=state)
