"""Routes: each parses its body (api.schemas), calls the engine, serialises the result.

Bodies mirror the Python API and ``euchre <command> --json`` (README "--json output").
"""
from __future__ import annotations


from flask import current_app, jsonify, request
from flask_openapi3 import APIBlueprint, Tag
from werkzeug.exceptions import BadRequest, NotFound, RequestEntityTooLarge, UnsupportedMediaType

import solver

from . import limits
from .problems import TYPES, Problem, openapi_responses, type_uri
from .schemas import (AdviseRequest, AdviseResponse, HealthResponse, PlayRequest, PlayResponse, ReviewRequest,
                      ReviewResponse, SolveRequest, SolveResponse, TableRequest, TableResponse)

ANALYSIS = Tag(name="analysis", description="double-dummy solving, bid advice and game review")
SERVICE = Tag(name="service")
ERRORS = (400, 413, 415, 422, 501, 503)

v1 = APIBlueprint("v1", __name__, url_prefix="/v1", abp_tags=[ANALYSIS])
service = APIBlueprint("service", __name__, abp_tags=[SERVICE])


def _responses(ok) -> dict:
    return {200: ok, **openapi_responses(*ERRORS)}


# -- /v1 ----------------------------------------------------------------------------------------------

@v1.post("/solve", summary="Double-dummy tricks of a position and each legal card's value",
         responses=_responses(SolveResponse))
def solve(body: SolveRequest):
    """As `euchre solve --json`: total tricks per side under best play, what the hand scores,
    and for the player to move the tricks after each legal card and its cost."""
    rules = body.rules.to_rules()
    makers = body.makers if body.makers is not None else ("N" if rules.players == 2 else "NS")
    with limits.engine(body, main_field="deal"):
        pos = solver.Position.parse(body.deal, trump=body.trump, leader=body.leader, makers=makers,
                                    alone=body.alone, played=body.played, rules=rules,
                                    tricks_won=body.tricks_won)
        report = solver.dd.solve_report(pos)
    return jsonify(report)


@v1.post("/table", summary="Double-dummy table of a full deal for every trump suit",
         responses=_responses(TableResponse))
def table(body: TableRequest):
    """As `euchre table --json`: per trump, tricks per side with partners, and per seat
    going alone the loner's side's tricks (four-player)."""
    with limits.engine(body, main_field="deal"):
        result = solver.dd_table(body.deal, dealer=body.dealer, rules=body.rules.to_rules())
    return jsonify(result.to_dict())


@v1.post("/advise", summary="Bid advice for one decision", responses=_responses(AdviseResponse))
def advise(body: AdviseRequest):
    """As `euchre advise --json` (`solver.advise(...).to_dict()`): every legal call with
    P(make), P(march), P(euchred) and expected points over sampled worlds, the
    recommendation and its margin; with `score`, each call's chance of winning the
    game (`p_win_game`), by which it then recommends. Play in each world is double
    dummy: optimistic for both sides."""
    limits.check_worlds(body.worlds)
    run = limits.engine_function("advise")
    with limits.engine(body, main_field="hand"):
        extra = {"dummies": body.dummies} if body.dummies is not None else {}
        if body.score is not None:
            extra["score"] = body.score
        result = run(hand=body.hand, upcard=body.upcard, seat=body.seat, dealer=body.dealer, round=body.round,
                     rules=body.rules.to_rules(), worlds=body.worlds, seed=body.seed, inference=body.inference,
                     early_stop=body.early_stop, threads=current_app.config["ENGINE_THREADS"], **extra)
    return jsonify(result.to_dict())


@v1.post("/play", summary="Play advice for the seat to play, from its view", responses=_responses(PlayResponse))
def play(body: PlayRequest):
    """As `euchre play --json` (`solver.advise_play(...).to_dict()`): for each legal card of the seat
    to play, expected tricks and points for its side, P(make), P(euchred) and P(march) with 95%
    intervals over worlds drawn by the bidding model's chance of the calls; the recommendation and
    its margin; with `score`, each card's chance of winning the game (`p_win_game`), by which it
    then recommends. After the card, play in each world is double dummy: optimistic for both sides."""
    limits.check_worlds(body.worlds)
    run = limits.engine_function("advise_play")
    with limits.engine(body, main_field="hand"):
        extra = {"score": body.score} if body.score is not None else {}
        result = run(worlds=body.worlds, seed=body.seed, inference=body.inference,
                     threads=current_app.config["ENGINE_THREADS"], **extra, **body.view_keys())
    return jsonify(result.to_dict())


@v1.post("/review", summary="Post-game review of an EGN game", responses=_responses(ReviewResponse))
def review(body: ReviewRequest):
    """As one entry of `euchre review --json` (`solver.review(solver.load_game(egn)).to_dict()`;
    an EGN game or a two-player dummy-hands record): per deal,
    each card's double-dummy cost and information-set view, and the advisor's view of each call."""
    return jsonify(run_review(body)[1].to_dict())


def run_review(body: ReviewRequest) -> tuple:
    """``(game, review)`` of a checked review request, within the server's bounds: what ``POST /v1/review``
    and the review page (``POST /review``) both run. Raises :class:`~api.problems.Problem`."""
    limits.check_review_work(body.worlds, body.deal_count)
    load = limits.engine_function("load_game")
    with limits.engine(body, main_field="egn"):
        game = load(body.egn)                    # the parsed object: a string would be taken for a path
        run = limits.engine_function("review")   # checked after loading, so a bad game is reported anyway
        result = run(game, worlds=body.worlds, seed=body.seed, threads=current_app.config["ENGINE_THREADS"],
                     inference=body.inference, score=body.score, annotate=getattr(body, "annotate", False))
    return game, result


# -- service ------------------------------------------------------------------------------------------

def limits_dict(config) -> dict:
    return {"max_body_bytes": config["MAX_CONTENT_LENGTH"], "max_worlds": config["MAX_WORLDS"],
            "max_review_work": config["MAX_REVIEW_WORK"], "request_timeout_s": config["REQUEST_TIMEOUT"]}


@service.get("/healthz", summary="Liveness, the engine's analyses and the bounds",
             responses={200: HealthResponse})
def healthz():
    engine = {name: hasattr(solver, name) for name in ("solve", "dd_table", "advise", "advise_play", "review",
                                                       "load_egn", "load_game")}
    return jsonify({"status": "ok", "version": solver.__version__, "engine": engine,
                    "limits": limits_dict(current_app.config)})


def problem_type(slug: str):
    """The description of a problem type URI (`type` of a problem+json body)."""
    kind = TYPES.get(slug)
    if kind is None:
        raise NotFound(f"problem type {slug!r}: no such type; known: {', '.join(TYPES)}")
    return jsonify({"type": type_uri(slug), "title": kind.title, "status": kind.status,
                    "description": kind.description})


def openapi_document():
    return jsonify(current_app.api_doc)


def require_json_body():
    """Before a /v1 route: the body must be a JSON object (415 for another type, 400 for bad JSON, 413 too large)."""
    if request.method != "POST":
        return None
    if not request.is_json:
        raise UnsupportedMediaType(f"Content-Type {request.mimetype or 'none'!r}: this endpoint takes "
                                   "application/json")
    data = request.get_data(cache=True)          # 413 when Content-Length is over MAX_CONTENT_LENGTH
    if request.content_length is None and len(data) >= current_app.config["MAX_CONTENT_LENGTH"]:
        raise RequestEntityTooLarge()            # chunked: werkzeug stops reading at the limit, silently
    try:
        body = request.get_json(silent=False)
    except RecursionError:
        raise Problem("malformed-json", "body: JSON nested too deeply", field=None) from None
    except BadRequest as exc:                    # bad JSON or bad UTF-8
        raise Problem("malformed-json", f"body: not well-formed JSON ({_json_reason(exc)})", field=None) from None
    if not isinstance(body, dict):
        raise Problem("invalid-request", f"body: expected a JSON object, got {_JSON_TYPES.get(type(body), 'a value')}",
                      field=None)
    deep = limits.too_deep(body, limits.MAX_JSON_DEPTH)
    if deep is not None:
        message = f"{deep}: JSON nested deeper than {limits.MAX_JSON_DEPTH} levels (EGN games nest about 10)"
        raise Problem("invalid-request", message, field=deep, errors=[{"field": deep, "message": message}])
    return None


_JSON_TYPES = {list: "an array", str: "a string", int: "a number", float: "a number", bool: "true or false",
               type(None): "null"}


def _json_reason(exc) -> str:
    """The decoder's own words (Flask wraps them in two BadRequests): ``Expecting value: line 1 column 1``."""
    while exc is not None and not isinstance(exc, ValueError):
        exc = exc.__cause__ or (None if exc.__suppress_context__ else exc.__context__)
    return str(exc) if exc is not None else "cannot decode it"


v1.before_request(require_json_body)
