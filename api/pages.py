"""The pages for people: ``GET /`` the analysis page, ``POST /review`` the review of an uploaded or pasted
EGN game (the HTML of :mod:`solver.pages`).

The review runs :func:`api.routes.run_review`, the code of ``POST /v1/review`` (same
checks, bounds and engine call), so the page shows the JSON's figures; the analysis
page's script asks the ``/v1`` endpoints itself. Errors here are pages, not
problem+json: a readable title and the engine's message, with the same status codes.
"""
from __future__ import annotations

from flask import Blueprint, current_app, redirect, request
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

from solver.pages import analysis_html, error_html, review_html

from .problems import Problem, from_validation
from .routes import limits_dict, run_review
from .schemas import ReviewRequest

pages = Blueprint("pages", __name__)

_HTML = "text/html; charset=utf-8"


def html_response(html: str, status: int = 200):
    """An HTML response (the pages' one content type)."""
    return current_app.response_class(html, status=status, mimetype=None, content_type=_HTML)


@pages.get("/")
def index():
    return html_response(analysis_html(limits_dict(current_app.config)))


@pages.get("/review")
def review_get():
    """No record to review in a GET: the analysis page's upload form is where one is given."""
    return redirect("/#review", code=303)


#: The form's words for a checkbox or a select: an HTML checkbox sends "on".
_TRUE, _FALSE = ("true", "1", "on", "yes"), ("false", "0", "off", "no")


@pages.post("/review")
def review_post():
    """The review page of the game in the form: a file in ``egn`` (multipart) or the text in ``text``;
    ``worlds``, ``seed`` and ``inference`` (none, auction, play or both; the first form's true/false too) as in
    ``POST /v1/review``."""
    form = request.form                      # 413 here when the body is over MAX_CONTENT_LENGTH
    upload = request.files.get("egn")
    raw = upload.read() if upload is not None and upload.filename else form.get("text", "").encode("utf-8")
    if not raw.strip():
        raise Problem("invalid-request", "no game: choose an EGN file or paste its text", field="egn")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise Problem("invalid-egn", f"egn: the file is not UTF-8 text (byte {exc.start}); an EGN game is JSON "
                                     "text", field="egn") from None
    fields = {"egn": text, "inference": _inference(form.get("inference", "auction"))}
    for name in ("worlds", "seed"):
        value = form.get(name, "").strip()
        if value:
            try:
                fields[name] = int(value)
            except ValueError:
                raise Problem("invalid-request", f"{name} {value!r}: expected a whole number", field=name) from None
    try:
        body = ReviewRequest(**fields)
    except ValidationError as exc:
        raise from_validation(exc) from None
    game, result = run_review(body)
    return html_response(review_html(result, game, served=True))


def _inference(value: str):
    """The form's ``inference``: a name of ``solver.inference.INFERENCE`` as the API takes it, or the first form's
    checkbox words (true/on/yes/1: the calls; false/off/no/0: uniform worlds). Raises a 422 problem naming it."""
    from solver.inference import INFERENCE
    word = value.strip().lower()
    if word in INFERENCE:
        return word
    if word in _TRUE + _FALSE:
        return word in _TRUE
    raise Problem("invalid-request", f"inference {value!r}: expected one of {', '.join(INFERENCE)} (or true/false)",
                  field="inference")


def register_page_errors(blueprint: Blueprint) -> None:
    """Answer a page's errors as pages (never JSON): a :class:`Problem` with its title and detail, an HTTP error
    with its name (an upload over the limit says the limit), anything else as a logged internal error."""

    @blueprint.errorhandler(Problem)
    def _problem_page(exc: Problem):
        return html_response(error_html(exc.title, exc.detail, exc.status), exc.status)

    @blueprint.errorhandler(HTTPException)
    def _http_page(exc: HTTPException):
        detail = exc.description
        if exc.code == 413:
            detail = (f"the upload is over this server's limit of {current_app.config['MAX_CONTENT_LENGTH']:,} "
                      "bytes (the largest shared EGN game is 24 KB)")
        return html_response(error_html(exc.name, detail, exc.code or 500), exc.code or 500)

    @blueprint.errorhandler(Exception)
    def _unexpected_page(exc: Exception):
        current_app.logger.exception("unhandled error in %s", exc.__class__.__name__)
        return html_response(error_html("Internal error", "the server failed on this request; it has been logged", 500),
                     500)


register_page_errors(pages)


__all__ = ["pages", "html_response", "register_page_errors"]
