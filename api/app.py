"""The app factory and the error handlers: every error leaves as application/problem+json."""
from __future__ import annotations

from flask import current_app
from flask_openapi3 import Info, OpenAPI
from flask_openapi3.models import Schema
from pydantic import ValidationError
from werkzeug.exceptions import HTTPException

import solver
from solver.bounds import MAX_WORLDS

from . import pages, play, problems, routes, schemas

DEFAULTS = {
    "MAX_CONTENT_LENGTH": 128 * 1024,   # bytes of request body; the largest shared EGN game is 24 KB
    "MAX_WORLDS": 10_000,               # worlds per request (and per decision in a review): this server's cap,
                                        # at most the engine's solver.bounds.MAX_WORLDS
    "MAX_REVIEW_WORK": 2_600,           # worlds x deals per review request: a 13-deal game at 200 worlds
    "REQUEST_TIMEOUT": 30.0,            # seconds the engine may run for one request
    "ENGINE_THREADS": 1,                # engine threads per request (one worker process per core)
}

_BOUNDS = {"MAX_CONTENT_LENGTH": int, "MAX_WORLDS": int, "MAX_REVIEW_WORK": int, "REQUEST_TIMEOUT": float,
           "ENGINE_THREADS": int}

DESCRIPTION = """\
Double-dummy solving, bid advice and post-game review of euchre hands.

Bodies mirror the Python API (`solver`) and `euchre <command> --json`. Every error is
`application/problem+json` (RFC 9457) with `type`, `title`, `status`, `detail` and `field`;
for bad euchre input `detail` is the Python `solver.EuchreError` message.

Bounds of this server: request body at most {MAX_CONTENT_LENGTH} bytes (413 above);
at most {MAX_WORLDS} worlds per request and {MAX_REVIEW_WORK} worlds x deals per review
(422 `over-limit` above); the engine runs at most {REQUEST_TIMEOUT:g} s per request
(503 `deadline-exceeded` after). `GET /healthz` reports them.
"""


def _check_config(config) -> None:
    for key, kind in _BOUNDS.items():
        value = config[key]
        if isinstance(value, bool) or not isinstance(value, (int, float)) or value <= 0:
            raise ValueError(f"config {key} {value!r}: must be a positive number")
        config[key] = kind(value)
    # the server's cap is at most the engine's own bound (solver.bounds, the one home of MIN/MAX_WORLDS)
    if config["MAX_WORLDS"] > MAX_WORLDS:
        raise ValueError(f"config MAX_WORLDS {config['MAX_WORLDS']!r}: at most the engine's {MAX_WORLDS} "
                         "(solver.bounds.MAX_WORLDS)")


def create_app(config=None) -> OpenAPI:
    """The WSGI app. ``config`` (a mapping) overrides ``DEFAULTS`` and ``EUCHRE_*`` environment variables."""
    app = OpenAPI(__name__, doc_ui=False, validation_error_status=422, security_schemes={},
                  validation_error_callback=problems.validation_error_response)
    app.config.update(DEFAULTS)
    app.config.from_prefixed_env("EUCHRE")
    app.config.update(config or {})
    _check_config(app.config)
    app.json.sort_keys = False                      # keep the engine's order, as the CLI's --json does
    app.info = Info(title="euchre-dd", version=solver.__version__, description=DESCRIPTION.format(**app.config))

    app.register_api(routes.v1)
    app.register_api(routes.service)
    app.register_blueprint(pages.pages)
    play.init_app(app)                              # the play page: /play and /play/api (api.play)
    app.add_url_rule("/openapi.json", "openapi", routes.openapi_document)
    app.add_url_rule("/problems/<slug>", "problem_type", routes.problem_type)
    problem = schemas.Problem.model_json_schema(ref_template="#/components/schemas/{model}")
    for name, definition in problem.pop("$defs", {}).items():
        app.components_schemas[name] = Schema(**definition)
    app.components_schemas["Problem"] = Schema(**problem)

    app.register_error_handler(problems.Problem, lambda exc: exc.response())
    app.register_error_handler(HTTPException, problems.from_http)
    app.register_error_handler(ValidationError, lambda exc: problems.from_validation(exc).response())
    app.register_error_handler(Exception, _unexpected)
    return app


def _unexpected(exc: Exception):
    current_app.logger.exception("unhandled error in %s", exc.__class__.__name__)
    return problems.internal_error()
