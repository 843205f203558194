"""The endpoints outside the JSON API in the OpenAPI document: the pages, the problem types, the document.

flask-openapi3 documents the routes declared through it (``/v1/*``, ``/healthz``); the pages
(:mod:`api.pages`), ``/problems/{slug}`` and ``/openapi.json`` itself are plain Flask routes. So
that ``/openapi.json`` covers every endpoint, :func:`complete` adds a path item for each URL rule
of the app that the document lacks: from :data:`PATHS` where it is described there, else a generic
item (the view's docstring as its summary, ``text/html`` for a page), so a route added later is
never missing. Flask's ``static`` files are assets, not endpoints, and are left out.
"""
from __future__ import annotations

import copy
import re

from .problems import MIMETYPE, TYPES

_HTML = {"text/html": {"schema": {"type": "string"}}}
_PROBLEM = {MIMETYPE: {"schema": {"$ref": "#/components/schemas/Problem"}}}
_FORM = {"type": "object", "properties": {
    "egn": {"type": "string", "format": "binary", "description": "the EGN file (or give its text in `text`)"},
    "text": {"type": "string", "description": "the EGN game's text"},
    "worlds": {"type": "integer", "description": "worlds per decision (default 200)"},
    "seed": {"type": "integer"},
    "inference": {"type": "string", "enum": ["true", "false", "on", "off", "yes", "no", "1", "0"],
                  "description": "false: uniform worlds (default true)"}}}

#: ``{(method, OpenAPI path): operation}`` of the endpoints described here.
PATHS = {
    ("get", "/"): {
        "summary": "The analysis page (HTML): solve, table, advice, play advice and the review upload",
        "responses": {"200": {"description": "the page", "content": _HTML}}},
    ("get", "/review"): {
        "summary": "No record to review in a GET: redirects to the analysis page's upload form",
        "responses": {"303": {"description": "to /#review"}}},
    ("post", "/review"): {
        "summary": "The review page (HTML) of the game in the form, as POST /v1/review reviews it",
        "requestBody": {"required": True, "content": {"multipart/form-data": {"schema": _FORM},
                                                      "application/x-www-form-urlencoded": {"schema": _FORM}}},
        "responses": {"200": {"description": "the review page", "content": _HTML},
                      "413": {"description": "body over the bound (an HTML page)", "content": _HTML},
                      "422": {"description": "no game, or one the engine refuses (an HTML page)", "content": _HTML}}},
    ("get", "/problems/{slug}"): {
        "summary": "The description of a problem type (the `type` URI of a problem+json body)",
        "parameters": [{"name": "slug", "in": "path", "required": True,
                        "schema": {"type": "string", "enum": list(TYPES)}}],
        "responses": {
            "200": {"description": "the type", "content": {"application/json": {"schema": {
                "type": "object", "required": ["type", "title", "status", "description"],
                "properties": {"type": {"type": "string"}, "title": {"type": "string"},
                               "status": {"type": "integer"}, "description": {"type": "string"}}}}}},
            "404": {"description": "no such problem type", "content": _PROBLEM}}},
    ("get", "/openapi.json"): {
        "summary": "This OpenAPI 3.1 document",
        "responses": {"200": {"description": "the document", "content": {"application/json": {
            "schema": {"type": "object"}}}}}},
}

_METHODS = ("get", "post", "put", "patch", "delete")


def openapi_path(rule: str) -> str:
    """A Flask rule in OpenAPI's spelling: ``/problems/<slug>`` -> ``/problems/{slug}``."""
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", r"{\1}", rule)


def endpoints(app) -> list:
    """``[(method, OpenAPI path, rule)]`` of every endpoint of ``app`` (lower-case methods; no HEAD,
    OPTIONS or static files)."""
    out = []
    for rule in app.url_map.iter_rules():
        if rule.endpoint == "static" or rule.endpoint.endswith(".static"):
            continue
        for method in sorted(m.lower() for m in rule.methods or ()):
            if method in _METHODS:
                out.append((method, openapi_path(rule.rule), rule))
    return out


def complete(doc: dict, app) -> dict:
    """``doc`` (flask-openapi3's document, left unchanged) with a path item for every endpoint it lacks."""
    doc = copy.deepcopy(doc)
    paths = doc.setdefault("paths", {})
    for method, path, rule in endpoints(app):
        if method in paths.get(path, {}):
            continue
        operation = PATHS.get((method, path))
        if operation is None:
            view = app.view_functions.get(rule.endpoint)
            summary = ((view.__doc__ or "").strip().splitlines() or [rule.endpoint])[0]
            page = rule.endpoint.startswith("pages.")
            operation = {"summary": summary, "responses": {"200": {
                "description": "the page" if page else "the answer",
                "content": _HTML if page else {"application/json": {"schema": {}}}}}}
            names = re.findall(r"\{([^}]+)\}", path)
            if names:
                operation["parameters"] = [{"name": n, "in": "path", "required": True,
                                            "schema": {"type": "string"}} for n in names]
        paths.setdefault(path, {})[method] = copy.deepcopy(operation)
    return doc


__all__ = ["PATHS", "complete", "endpoints", "openapi_path"]
