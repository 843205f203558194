"""Problem details (RFC 9457): every error the service sends is ``application/problem+json``.

A problem body has the RFC members ``type``, ``title``, ``status`` and ``detail``,
plus ``field``: the request member the error is about (``"deal"``,
``"rules.joker"``; ``null`` when it concerns the whole request) and, for a body
that fails validation, ``errors``: every failure as ``{"field", "message"}``.

``detail`` is the engine's own message for bad euchre input, word for word the
text of the :class:`solver.EuchreError` the Python API raises
(``"card 'Zh': rank must be one of 9 T J Q K A"``).

Problem types specific to this service are relative URIs ``/problems/<slug>``,
served by the app with their description (see :data:`TYPES`); plain HTTP errors
(404, 405, 413, 415, 500) use ``about:blank`` with the status phrase as title,
as RFC 9457 section 4.2.1 recommends.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from http import HTTPStatus

from flask import Response, current_app, json, request
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

import solver

MIMETYPE = "application/problem+json"


@dataclass(frozen=True)
class ProblemType:
    status: int
    title: str
    description: str
    play: bool = False      # only the play page's JSON (/play/api) answers it: not listed for /v1



TYPES = {
    "invalid-card": ProblemType(422, "Invalid card, hand or deal",
                                "A card, hand or deal string that cannot be parsed (solver.CardError)."),
    "invalid-position": ProblemType(422, "Inconsistent position",
                                    "A position that cannot arise in a legal hand: a card in two places, "
                                    "wrong hand sizes, a renege, a seat that does not play (solver.PositionError)."),
    "invalid-rules": ProblemType(422, "Invalid rules", "A rules option that does not exist or has a bad value, "
                                                       "or a variant the analysis does not cover "
                                                       "(solver.RulesError)."),
    "invalid-score": ProblemType(422, "Invalid score", "A game score or target that is not points of the "
                                                       "variant: a side that does not play, negative or "
                                                       "fractional points, both sides past the target "
                                                       "(solver.ScoreError)."),
    "invalid-argument": ProblemType(422, "Invalid argument", "An argument of the wrong type or outside its "
                                                             "bounds that is about no rule: worlds, seed, "
                                                             "threads, a flag, an agent or valuation name "
                                                             "(solver.ArgumentError)."),
    "invalid-model": ProblemType(422, "Invalid bidding model", "A bidding model given inline that is not one: "
                                                               "it fails the model schema, has a NaN or infinite "
                                                               "figure, or a count that is not monotone "
                                                               "(solver.ModelError)."),
    "illegal-action": ProblemType(422, "Illegal action", "A call, discard or card the rules do not allow at that "
                                                         "point (solver.IllegalActionError)."),
    "invalid-egn": ProblemType(422, "Invalid EGN game", "A game record that is not valid EGN 1.4 or does not replay "
                                                        "(solver.EGNError)."),
    "invalid-record": ProblemType(422, "Invalid game record", "A game record (of another format than EGN) that "
                                                              "is not valid or does not replay "
                                                              "(solver.RecordError)."),
    "invalid-input": ProblemType(422, "Invalid euchre input", "Input the engine rejects (solver.EuchreError)."),
    "invalid-request": ProblemType(422, "Request does not match the schema",
                                   "A member is missing, unknown, or of the wrong type; see /openapi.json."),
    "over-limit": ProblemType(422, "Request over the service's bounds",
                              "The request asks for more work than the configured bounds allow "
                              "(worlds per request, worlds times deals for a review); ask for less."),
    "malformed-json": ProblemType(400, "Malformed JSON", "The body is not well-formed JSON text."),
    "deadline-exceeded": ProblemType(503, "Analysis ran past the time limit",
                                     "The engine did not finish within the configured time per request and "
                                     "was stopped; retry later or ask for less work."),
    "table-changed": ProblemType(409, "The table changed", "The play page's table was changed by another request "
                                                           "since this one was made (two tabs, a double click); "
                                                           "reload it and try again.", play=True),
    "too-many-tables": ProblemType(429, "Too many tables from this address",
                                   "This client address already has as many play tables in use as the server "
                                   "allows one address; finish or leave one (Retry-After says when the oldest "
                                   "goes idle).", play=True),
    "tables-full": ProblemType(503, "Every table is in use",
                               "The server holds as many play tables as it allows and every one is in use, so "
                               "none is evicted for a new one; retry later (Retry-After).", play=True),
    "not-available": ProblemType(501, "Not available in this build",
                                 "The engine of this server does not provide this analysis yet."),
}

# most specific first: the slug of an engine exception is the first class it is an instance of
_ENGINE_SLUGS = (
    (solver.CardError, "invalid-card"),
    (solver.PositionError, "invalid-position"),
    (solver.ModelError, "invalid-model"),
    (solver.RulesError, "invalid-rules"),
    (solver.ScoreError, "invalid-score"),
    (solver.ArgumentError, "invalid-argument"),
    (solver.IllegalActionError, "illegal-action"),
    (solver.EGNError, "invalid-egn"),
    (solver.RecordError, "invalid-record"),
    (solver.EuchreError, "invalid-input"),
)

# pydantic error types of engine errors caught in request-model validators (see api.schemas)
ENGINE_ERROR_TYPES = frozenset(slug for _, slug in _ENGINE_SLUGS)


def type_uri(slug: str) -> str:
    return f"/problems/{slug}"


def engine_slug(exc: Exception) -> str:
    """The problem slug of an engine exception (``invalid-card`` for a CardError, ...)."""
    for cls, slug in _ENGINE_SLUGS:
        if isinstance(exc, cls):
            return slug
    return "invalid-input"


class Problem(Exception):
    """An error that becomes one problem+json response (raised anywhere in a request)."""

    def __init__(self, slug: str, detail: str, field: str | None = None, headers: dict | None = None, **extra):
        super().__init__(detail)
        kind = TYPES[slug]
        self.slug, self.detail, self.field = slug, detail, field
        self.status = kind.status
        self.title = kind.title
        self.headers = headers or {}
        self.extra = extra

    def to_dict(self) -> dict:
        return {"type": type_uri(self.slug), "title": self.title, "status": self.status, "detail": self.detail,
                "field": self.field, **self.extra}

    def response(self) -> Response:
        return respond(self.to_dict(), self.status, self.headers)


def respond(body: dict, status: int, headers=None) -> Response:
    resp = current_app.response_class(json.dumps(body), status=status, mimetype=MIMETYPE)
    for key, value in dict(headers or {}).items():
        resp.headers[key] = value
    return resp


def from_http(exc: HTTPException) -> Response:
    """A werkzeug HTTP error (404, 405, 413, 415, ...) as an ``about:blank`` problem, its headers kept."""
    if exc.response is not None:                 # abort(response): already a full response
        return exc.response
    status = exc.code or 500
    headers = {k: v for k, v in exc.get_headers() if k.lower() != "content-type"}
    body = plain(status, exc.description or HTTPStatus(status).description)
    if status == 413:
        limit = current_app.config["MAX_CONTENT_LENGTH"]
        body.update(detail=f"request body over this server's limit of {limit} bytes", limit=limit)
    elif status == 405:
        allowed = ", ".join(sorted(m.strip() for m in headers.get("Allow", "").split(",") if m.strip()))
        body["detail"] = f"method {request.method}: {request.path} takes {allowed or 'another method'}"
    return respond(body, status, headers)


def plain(status: int, detail: str) -> dict:
    """An ``about:blank`` problem body: the status phrase as ``title``, ``field`` null.

    Also what the HTTP server answers itself, outside the app (:mod:`api.serve`).
    """
    return {"type": "about:blank", "title": HTTPStatus(status).phrase, "status": status, "detail": detail,
            "field": None}


def internal_body() -> dict:
    return plain(500, "the server failed to answer this request; the error has been logged")


def internal_error() -> Response:
    """Last resort for a bug: still problem+json, and logged with its traceback by the caller."""
    return respond(internal_body(), 500)


def field_of(exc: Exception, fields, default: str | None) -> str | None:
    """The request member an engine message is about.

    Engine messages start by naming their subject (``"leader W: that seat does not
    play this hand"``, ``"played 'Qs As': ..."``); when that first word is a member
    of the request it is the field, otherwise the request's main input ``default``
    (a card in two hands, a hand of the wrong size: the deal).
    """
    m = re.match(r"[A-Za-z_]+", str(exc))
    word = m.group(0) if m else ""
    return word if word in fields else default


#: The request member an engine error of a kind is about when its message names no member (before the
#: request's main input): a rules error is about ``rules``, a seat that does not fit about ``seat``.
_FIELD_OF_KIND = ((solver.errors.ModelError, "model"), (solver.errors.RulesError, "rules"),
                  (solver.errors.SeatError, "seat"), (solver.errors.ScoreError, "score"))


def from_engine(exc: Exception, fields, default: str | None) -> Problem:
    kind_field = next((f for cls, f in _FIELD_OF_KIND if isinstance(exc, cls) and f in fields), default)
    return Problem(engine_slug(exc), str(exc), field=field_of(exc, fields, kind_field))


# pydantic names the member of a union that failed in the error's location ("str",
# "constrained-str", "list[constrained-str]"); no request member is called like that, so such
# parts are dropped
_UNION_TAG = re.compile(r"^(str|int|float|bool|none|bytes|dict|list)$|^(constrained|function)-|[\[\]]")


def _dotted(loc) -> str | None:
    return ".".join(str(p) for p in loc if not (isinstance(p, str) and _UNION_TAG.search(p))) or None


def _message(field: str | None, err: dict) -> str:
    if err["type"] in ENGINE_ERROR_TYPES:
        return err["msg"]                        # the engine's own words
    if err["type"] == "extra_forbidden":
        return f"{field}: unknown member; see /openapi.json for the accepted ones"
    if err["type"] == "missing":
        return f"{field}: required member is missing"
    return f"{field}: {err['msg']}" if field else err["msg"]


def from_validation(exc: ValidationError) -> Problem:
    """A pydantic validation failure of the request body as one problem (all failures in ``errors``).

    The failures of one member against each alternative of a union (``played``: text or
    a list) are joined into one message.
    """
    listed: list = []
    slugs = []
    for err in exc.errors(include_url=False, include_input=False, include_context=False):
        field = _dotted(err["loc"])
        message = _message(field, err)
        if listed and listed[-1]["field"] == field and err["type"] not in ENGINE_ERROR_TYPES \
                and slugs[-1] == "invalid-request":
            listed[-1]["message"] += " or " + err["msg"][0].lower() + err["msg"][1:]
            continue
        listed.append({"field": field, "message": message})
        slugs.append(err["type"] if err["type"] in ENGINE_ERROR_TYPES else "invalid-request")
    if not listed:
        return Problem("invalid-request", "invalid request", field=None)
    return Problem(slugs[0], listed[0]["message"], field=listed[0]["field"], errors=listed)


def validation_error_response(exc: ValidationError) -> Response:
    """flask-openapi3's ``validation_error_callback``: request-model failures as problem+json."""
    return from_validation(exc).response()


def openapi_responses(*statuses: int) -> dict:
    """OpenAPI response objects for the given error statuses (fresh dicts: flask-openapi3 mutates them)."""
    out = {}
    for status in statuses:
        kinds = [f"`{type_uri(s)}`" for s, t in TYPES.items() if t.status == status and not t.play]
        text = HTTPStatus(status).phrase + (": " + ", ".join(kinds) if kinds else " (type about:blank)")
        out[status] = {"description": text,
                       "content": {MIMETYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}}
    return out
