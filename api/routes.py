"""Routes: each parses its body (api.schemas), calls the engine, serialises the result.

Bodies mirror the Python API and ``euchre <command> --json`` (README "--json output").
"""
from __future__ import annotations


from flask import current_app, jsonify, request
from flask_openapi3 import APIBlueprint, Tag
from werkzeug.exceptions import BadRequest, NotFound, RequestEntityTooLarge, UnsupportedMediaType

import solver
from solver import examples as solver_examples
from solver.advisor.valuation import valuation_strategy

from . import limits
from .problems import TYPES, Problem, openapi_responses, type_uri
from .schemas import (AdviseRequest, AdviseResponse, HealthResponse, PlayRequest, PlayResponse, ReviewRequest,
                      ReviewResponse, SolveRequest, SolveResponse, TableRequest, TableResponse)
from .schemas import DefendRequest, DefendResponse, ExchangeRequest, ExchangeResponse, ParRequest, ParResponse
from .schemas import CompareRequest, CompareResponse, LeadRequest, LeadResponse
from .schemas import BranchRequest, BranchResponse, ChartQuery, ChartRequest, ChartResponse

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
        if body.upcard is not None:
            run = limits.engine_function("par_table")
            result = run(body.deal, upcard=body.upcard, dealer=body.dealer, rules=body.rules.to_rules())
        else:
            run = limits.engine_function("dd_table")
            result = run(body.deal, dealer=body.dealer, rules=body.rules.to_rules())
    return jsonify(result.to_dict())


@v1.post("/par", summary="The par of a full deal: the auction if every seat saw every card and bid best",
         responses=_responses(ParResponse))
def par(body: ParRequest):
    """As `euchre par --json` (`solver.par(...).to_dict()`): each decision of the par auction with every
    option's net points to the deciding side, the contract, its double-dummy tricks and points."""
    run = limits.engine_function("par")
    with limits.engine(body, main_field="deal"):
        result = run(body.deal, upcard=body.upcard, dealer=body.dealer, rules=body.rules.to_rules())
    return jsonify(result.to_dict())


#: The most playout work a request may ask for with valuation playout: worlds x inner_worlds, the inner worlds
#: counted as at least :data:`PLAYOUT_INNER_FLOOR` (each world's playout costs its decisions' sampling whatever
#: the inner worlds). Measured by benchmarks/bench_playout_bound.py on one thread of a 2-core machine at load
#: average 7-8: the slowest question (play advice at the opening lead, five cards each played out) took up to
#: 73 ms a unit (29 s at 20 worlds x 20), so 400 units keep an admitted request inside the 30 s deadline there.
MAX_PLAYOUT_WORK = 400
#: The inner worlds a playout request is charged for at least (see :data:`MAX_PLAYOUT_WORK`).
PLAYOUT_INNER_FLOOR = 20
#: The most rollout work a request may ask for with valuation rollout: worlds x the options of the question (the
#: calls a bid question can have, 3 in round 1 and 7 in round 2; the legal cards of a card question), each a deal
#: played on by four advisor agents, about a quarter of a second of a quiet core at most (solver.rollout;
#: benchmarks/bench_rollout.py): 16 worlds of round 1, or 10 of an opening lead's five cards, fit the 30 s
#: deadline with room for a loaded machine; round 2's seven calls do not, so the service rolls out round-1 bids.
MAX_ROLLOUT_WORK = 50


#: A close call of a review is judged again at double the worlds, up to 4x: 1 + 2 + 4 times its worlds at most.
REVIEW_REDRAWS = 7


def _one_decision(body) -> bool:
    """Whether the body asks for a valuation of one decision at a time (the rollout)."""
    return body.valuation is not None and valuation_strategy(body.valuation).one_decision


def _valuation_args(body, questions: int = 1, what: str = "", calls: int | None = None) -> dict:
    """``valuation`` and ``inner_worlds`` for the engine, with the playout's work bounded (422 over it):
    worlds x inner_worlds x ``questions`` (a review: its calls, each drawn again up to 7x its worlds
    while close) at most :data:`MAX_PLAYOUT_WORK`; a rollout's worlds x ``calls`` (the options of the question:
    the calls a bid question can have, a card question's legal cards) at most :data:`MAX_ROLLOUT_WORK` (a door
    with no ``calls`` leaves the engine to refuse it)."""
    if body.valuation is None:
        return {}
    how = valuation_strategy(body.valuation)
    if how.by_agents and calls is not None and body.worlds * calls > MAX_ROLLOUT_WORK:
        raise Problem("over-limit", f"worlds {body.worlds}: with valuation rollout, worlds x options = {body.worlds} x "
                                    f"{calls} = {body.worlds * calls} is over this server's bound of "
                                    f"{MAX_ROLLOUT_WORK} (each a deal played on by four advisor agents; run "
                                    "euchre advise or euchre play with --valuation rollout for more)", field="worlds",
                      limit=MAX_ROLLOUT_WORK)
    charged = max(body.inner_worlds, PLAYOUT_INNER_FLOOR)
    work = body.worlds * charged * questions
    if how.uses_inner_worlds and work > MAX_PLAYOUT_WORK:
        floor = (f" (inner_worlds {body.inner_worlds} is charged as {PLAYOUT_INNER_FLOOR}: each decision's drawing "
                 "costs that much whatever its inner worlds)" if body.inner_worlds < PLAYOUT_INNER_FLOOR else "")
        raise Problem("over-limit", f"worlds {body.worlds}: with valuation playout, worlds x inner_worlds = "
                                    f"{body.worlds} x {charged}{floor}{what} = {work} is over this server's bound of "
                                    f"{MAX_PLAYOUT_WORK} (about 30 s of a loaded core)", field="worlds",
                      limit=MAX_PLAYOUT_WORK)
    return {"valuation": body.valuation, "inner_worlds": body.inner_worlds}


@v1.post("/advise", summary="Bid advice for one decision", responses=_responses(AdviseResponse))
def advise(body: AdviseRequest):
    """As `euchre advise --json` (`solver.advise_bid(view, method).to_dict()`): every legal call with
    P(make), P(march), P(euchred) and expected points over sampled worlds, the
    recommendation and its margin; with `score`, each call's chance of winning the
    game (`p_win_game`), by which it then recommends. Play in each world is valued by `valuation`
    (see `euchre advise --help`; by default `single_dummy` where the variant has its fitted table, every seat
    guessing as at a table; `double_dummy`: every seat sees every card)."""
    return jsonify(run_advise(body).to_dict())


#: Members of solver.Method a door gives by a helper of its own rather than as the request holds them: the model
#: (request_model), the valuation and its inner worlds (_valuation_args, bounded) and the server's threads
_METHOD_BY_DOOR = ("model", "valuation", "inner_worlds", "threads")


def _method(body, advisor: str, **by_door) -> solver.Method:
    """The :class:`solver.Method` of a request to ``advisor`` (a name of ``solver.advisor.method.READS``): each member
    of the request named as a member of ``Method`` that the advisor reads (worlds, seed, inference, early_stop,
    examples, score, play_model: read by Method's own field names, so that a door cannot drift from the engine), the
    model as :func:`request_model` reads it, the server's threads where the advisor reads threads, and ``by_door``
    (the valuation arguments, checked against this server's bounds). Only what the advisor reads, so that a member
    the client did not send is never one the advisor refuses as given. A bad member is the engine's
    :class:`~solver.errors.ArgumentError`, naming it: a 422 problem inside :func:`limits.engine`."""
    reads = solver.advisor.method.READS[advisor]
    fields = type(body).model_fields
    given = {name: getattr(body, name) for name in reads if name in fields and name not in _METHOD_BY_DOOR}
    if "model" in fields and "model" in reads:
        given["model"] = request_model(body.model)
    if "threads" in reads:
        given["threads"] = current_app.config["ENGINE_THREADS"]
    if "inner_worlds" in reads and "inner_worlds" in body.model_fields_set and "inner_worlds" not in by_door:
        by_door["inner_worlds"] = body.inner_worlds     # sent without a valuation: the engine refuses it by name
    return solver.Method(**given, **by_door)


def run_advise(body: AdviseRequest):
    """The :class:`~solver.Advice` of a checked advise request, within the server's bounds: what
    ``POST /v1/advise`` and the play page's hints (:mod:`api.play`) both run. Raises :class:`~api.problems.Problem`."""
    limits.check_worlds(body.worlds)
    run = limits.engine_function("advise_bid")
    with limits.engine(body, main_field="hand"):
        valuation = _valuation_args(body, calls=3 if body.round == 1 else 7)
        rules = body.rules.to_rules()
        view = solver.advisor.bid_question_view(body.hand, body.upcard, body.seat, body.dealer, body.round, rules,
                                                dummies=body.dummies, named_suit=body.named_suit, kitty=body.kitty)
        # no seed given: the engine derives it from the question (solver.seeds), as at every door
        result = run(view, _method(body, "advise_bid", **valuation))
    return result


@v1.post("/play", summary="Play advice for the seat to play, from its view", responses=_responses(PlayResponse))
def play(body: PlayRequest):
    """As `euchre play --json` (`solver.advise_play(...).to_dict()`): for each legal card of the seat
    to play, expected tricks and points for its side, P(make), P(euchred) and P(march) with 95%
    intervals over worlds drawn by the bidding model's chance of the calls; the recommendation and
    its margin; with `score`, each card's chance of winning the game (`p_win_game`), by which it
    then recommends. After the card, play in each world is valued by `valuation` (by default `single_dummy`
    where the variant has its fitted table; `double_dummy`: every seat sees every card, optimistic for both
    sides)."""
    return jsonify(run_play(body).to_dict())


def run_play(body: PlayRequest):
    """The play advice of a checked play request, within the server's bounds: what ``POST /v1/play``
    and the play page's hints (:mod:`api.play`) both run. Raises :class:`~api.problems.Problem`."""
    limits.check_worlds(body.worlds)
    run = limits.engine_function("advise_play")
    with limits.engine(body, main_field="hand"):
        view = solver.seat_view(**body.view_keys())
        result = run(view, _method(body, "advise_play", **_valuation_args(body, calls=_legal_cards(view))))
    return result


@v1.post("/compare", summary="Compare two calls or two cards of the seat to act over the same worlds",
         responses=_responses(CompareResponse))
def compare(body: CompareRequest):
    """As `euchre compare --json` (`solver.compare(...).to_dict()`): over the worlds the advice draws for the
    view (`/v1/advise` for a call, `/v1/play` for a card, with the same default seed), how often `a` does
    better than `b`, the same and worse, the mean difference with its paired 95% interval, and example deals of
    each; by points, or with `score` by the chance of winning the game. Valued as the advice values
    (`valuation`); the same bounds on work as `/v1/advise` and `/v1/play`."""
    if body.worlds is not None:
        limits.check_worlds(body.worlds)
    run = limits.engine_function("compare")
    with limits.engine(body, main_field="a"):
        view = solver.seat_view(**body.view_keys())
        bid = view.phase in (solver.game.Phase.BID1, solver.game.Phase.BID2)
        worlds = body.worlds if body.worlds is not None else (solver.comparison.BID_WORLDS if bid
                                                              else solver.comparison.PLAY_WORLDS)
        limits.check_worlds(worlds)
        # a card's rollout plays every legal card (the play advice's), a call's only the two compared
        extra = _valuation_args(body.model_copy(update={"worlds": worlds}), calls=2 if bid else _legal_cards(view))
        # two calls are valued as the bid advice values them, two cards as the play advice
        advisor = "advise_bid" if bid else "advise_play"
        method = _method(body, advisor, **extra).replace(worlds=worlds)
        if bid and body.play_model is not None:     # advise_bid does not read it: compare refuses it by name
            method = method.replace(play_model=body.play_model)
        result = run(view, body.a, body.b, method=method)
    return jsonify(result.to_dict())


#: The most worlds a decision of an advisor branch (what-if replay, ``mode`` advisor) may draw on this server: a deal
#: played on from its first call is about 20 decisions, each an advice at that many worlds (0.2 to 0.5 s for the
#: whole deal at 50 to 200 worlds on a loaded core of the 2-core test machine), so 200 keeps a branch well inside
#: the 30 s deadline.
MAX_BRANCH_WORLDS = 200


@v1.post("/branch", summary="What-if replay: a recorded deal played on from another call or card",
         responses=_responses(BranchResponse))
def branch(body: BranchRequest):
    """`solver.branch(...).to_dict()`: deal `deal` of the EGN game replayed to decision `step` (the deal's calls,
    discard and cards in order, 0-based: the review page's steps), `action` made there instead of the record's,
    and every later decision taken double dummy (`mode` double_dummy: every seat sees every card) or by the advisor
    from each seat's own view (`mode` advisor, `worlds` a decision, `seed`); the actions that follow, the result
    and the points for the deciding seat's side against the record's. A step past the end or an action not legal
    there is a 422 problem naming it."""
    # in either mode: a double-dummy branch does not read worlds, but a body over the bound is refused as at every
    # door rather than taken and dropped (its own work is the deal's remaining decisions, one solve each)
    if body.worlds > MAX_BRANCH_WORLDS:
        raise Problem("over-limit", f"worlds {body.worlds}: this server plays a branch at most {MAX_BRANCH_WORLDS} "
                                    "worlds a decision (mode advisor; mode double_dummy does not read worlds)",
                      field="worlds", limit=MAX_BRANCH_WORLDS)
    load = limits.engine_function("load_game")
    with limits.engine(body, main_field="egn"):
        game = load(body.egn)                    # the parsed object: a string would be taken for a path
    _check_record_rules(body, game, "a branch replays")
    run = limits.engine_function("branch")
    with limits.engine(body, main_field="action"):   # the game replays: what is wrong now is the step or action
        result = run(game, body.deal, body.step, body.action, mode=body.mode, worlds=body.worlds, seed=body.seed)
    return jsonify(result.to_dict())


def _check_record_rules(body, game, who: str) -> None:
    """A request's ``rules`` (``None``: the record's) against the ruleset of the EGN record ``game``: the record's
    governs, so rules that differ are a 422 ``invalid-rules`` problem naming the options both ways."""
    if body.rules is None:
        return
    differ = body.rules.to_rules().differences(game.rules)
    if differ:
        raise Problem("invalid-rules", f"rules {differ}: the record's ruleset says "
                                       f"{game.rules.differences(body.rules.to_rules())}; {who} the record under "
                                       "its own rules", field="rules")


@v1.post("/lead", summary="The lead table of the seat to lead a trick, from its view",
         responses=_responses(LeadResponse))
def lead(body: LeadRequest):
    """As `euchre lead --json` (`solver.lead_table(...).to_dict()`): for each legal lead of the seat on lead,
    the chance that the makers are set (euchred) and that they march, and the mean points and tricks for the
    leader's side, with 95% intervals over worlds drawn by the bidding model's chance of the calls, as for
    `/v1/play`; the best lead marked, with its margin. Valued by `valuation` as `/v1/play` is. A seat not on
    lead is a 422 `illegal-action` problem naming who is."""
    limits.check_worlds(body.worlds)
    run = limits.engine_function("lead_table")
    with limits.engine(body, main_field="seat"):
        view = solver.seat_view(**body.view_keys())
        # the lead table never takes the rollout: left to the engine's refusal, which names it, not to the bound
        extra = _valuation_args(body, calls=None if _one_decision(body) else _legal_cards(view))
        result = run(view, _method(body, "lead_table", **extra))
    return jsonify(result.to_dict())


def _chart(body):
    run = limits.engine_function("hand_chart")
    with limits.engine(body, main_field="hand"):
        rules = body.rules.to_rules() if getattr(body, "rules", None) is not None else None   # GET: the defaults
        row = run(body.hand, body.upcard, body.seat, body.dealer, body.round, call=body.call, alone=body.alone,
                  valuation=body.valuation, rules=rules)
    return jsonify(row.to_dict())


@v1.post("/chart", summary="The hand chart's row of a call: its class's figures over the solved set",
         responses=_responses(ChartResponse))
def chart(body: ChartRequest):
    """As `euchre chart --json` (`solver.hand_chart(...).to_dict()`): the hand chart's row of one call,
    the figures of its class (round, seat from the dealer's left, alone, the caller's trumps, bowers, off-suit aces and
    voids) over the solved set shipped with the engine: P(make), P(march), P(euchred) and the mean points for the
    caller's side, with 95% intervals and the class's count, by `valuation`. A class the charts do not hold (too few
    calls in the solved set) is a 422 `invalid-input` problem naming it. A look-up in a table: no search."""
    return _chart(body)


@v1.get("/chart", summary="The hand chart's row of a call (query parameters)", responses=_responses(ChartResponse))
def chart_get(query: ChartQuery):
    """As `POST /v1/chart`, the members as query parameters: `/v1/chart?hand=Jh+Jd+Ah+Kc+9c&upcard=Qh&seat=E&
    dealer=N&round=1&alone=false`."""
    return _chart(query)


@v1.post("/defend", summary="Defend-alone advice for a defender against a loner", responses=_responses(DefendResponse))
def defend(body: DefendRequest):
    """As `euchre defend --json` (`solver.advise_defend(...).to_dict()`): defend alone or with partner, each
    with the defenders' expected points, P(euchre) and P(march) over worlds of the defender's view, both
    played double dummy (optimistic for both sides); the recommendation and its paired margin."""
    limits.check_worlds(body.worlds)
    run = limits.engine_function("advise_defend")
    with limits.engine(body, main_field="hand"):
        view = solver.seat_view(**body.view_keys())
        result = run(view, _method(body, "advise_defend"))
    return jsonify(result.to_dict())


@v1.post("/exchange", summary="Kitty-exchange advice (farmers, go_under): keep or exchange, and which cards",
         responses=_responses(ExchangeResponse))
def exchange(body: ExchangeRequest):
    """As `euchre exchange --json` (`solver.advise_exchange(...).to_dict()`): keep the hand or take the kitty
    exchange, and which three cards to give, each valued by the par of the resulting deal (every seat sees every
    card and bids best, each contract double dummy) over worlds of the seat's view."""
    run = limits.engine_function("advise_exchange")
    with limits.engine(body, main_field="hand"):
        rules = body.rules.to_rules()
        view = solver.advisor.kitty.exchange_question_view(body.hand, body.upcard, body.seat, body.dealer, rules)
        result = run(view, _method(body, "advise_exchange"))
    return jsonify(result.to_dict())


@v1.post("/review", summary="Post-game review of an EGN game", responses=_responses(ReviewResponse))
def review(body: ReviewRequest):
    """As one entry of `euchre review --json` (`solver.review_game(solver.load_game(egn)).to_dict()`;
    an EGN game or a two-player dummy-hands record): per deal,
    each card's double-dummy cost and information-set view, and the advisor's view of each call. The calls'
    worlds are valued by `valuation` (`double_dummy`, `single_dummy` or `playout`; either spelling); the
    cards' figures stay double dummy in each world (the answer's `valuation` says which is which). The record is
    judged under its own ruleset (EGN `metadata.ruleset`); `rules`, optional, that differ from it are a 422
    `invalid-rules` problem naming the options."""
    return jsonify(run_review(body)[1].to_dict())


def run_review(body: ReviewRequest) -> tuple:
    """``(game, review)`` of a checked review request, within the server's bounds: what ``POST /v1/review``
    and the review page (``POST /review``) both run. Raises :class:`~api.problems.Problem`."""
    limits.check_review_work(body.worlds, body.deal_count)
    calls = body.call_count
    extra = _valuation_args(body, REVIEW_REDRAWS * calls, f" x {calls} calls x {REVIEW_REDRAWS} (the redraws of "
                                                          "a close call)")
    if "inner_worlds" in body.model_fields_set and "inner_worlds" not in extra:
        extra["inner_worlds"] = body.inner_worlds      # sent without a valuation: the engine refuses it by name
    load = limits.engine_function("load_game")
    with limits.engine(body, main_field="egn"):
        game = load(body.egn)                    # the parsed object: a string would be taken for a path
        _check_record_rules(body, game, "a review judges")
        run = limits.engine_function("review_game")   # checked after loading, so a bad game is reported anyway
        method = solver.Method(worlds=body.worlds, seed=body.seed, threads=current_app.config["ENGINE_THREADS"],
                               inference=body.inference, model=request_model(body.model),
                               examples=getattr(body, "examples", solver_examples.EXAMPLES), **extra)
        # the review's score is its own switch (judge by each deal's score in the record), not Method's score
        result = run(game, method=method, score=body.score, annotate=getattr(body, "annotate", False))
    return game, result


def _legal_cards(view) -> int:
    """How many cards the seat of ``view`` may play now (1 when it is not its turn to play: the engine refuses
    that question with its own message)."""
    from solver.game import Phase
    from solver.laws import legal_mask
    if view.phase is not Phase.PLAY or view.to_act != view.seat:
        return 1
    led = int(view.current[0][1]) if view.current else None
    return max(1, bin(legal_mask(view.hand, int(view.trump), led)).count("1"))


def request_model(spec):
    """The bidding model a request names (a name, or a model file's JSON inline), or ``None`` (the default).
    Raises :class:`solver.errors.ModelError` (answered 422) for an inline model that is not one."""
    if spec is None or isinstance(spec, str):
        return spec            # a name the schema already checked
    from solver.bidding.named import model_from_data
    return model_from_data(spec, "model")


# -- service ------------------------------------------------------------------------------------------

#: The engine functions (``solver.<name>``) each /v1 route runs, by its view's name: the one list behind
#: ``GET /healthz``'s ``engine``. tests/test_api_fields.py checks it against the app's URL map and against the
#: names the routes fetch (:func:`api.limits.engine_function`) while answering.
ENGINE_OF_ROUTE = {
    "solve": ("solve",), "table": ("dd_table", "par_table"), "par": ("par",), "advise": ("advise_bid",),
    "play": ("advise_play",), "compare": ("compare",), "branch": ("load_game", "branch"), "lead": ("lead_table",),
    "chart": ("hand_chart",), "chart_get": ("hand_chart",), "defend": ("advise_defend",),
    "exchange": ("advise_exchange",), "review": ("load_game", "review_game"),
}


def engine_names() -> list:
    """Every engine function some /v1 route runs, once each, in the routes' order."""
    return list(dict.fromkeys(name for names in ENGINE_OF_ROUTE.values() for name in names))


def limits_dict(config) -> dict:
    return {"max_body_bytes": config["MAX_CONTENT_LENGTH"], "max_worlds": config["MAX_WORLDS"],
            "max_review_work": config["MAX_REVIEW_WORK"], "max_playout_work": MAX_PLAYOUT_WORK, "max_rollout_work": MAX_ROLLOUT_WORK,
            "max_branch_worlds": MAX_BRANCH_WORLDS, "request_timeout_s": config["REQUEST_TIMEOUT"]}


@service.get("/healthz", summary="Liveness, the engine's analyses and the bounds",
             responses={200: HealthResponse})
def healthz():
    engine = {name: hasattr(solver, name) for name in engine_names()}
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
    from .docpaths import complete            # the pages, /problems/{slug} and this document too
    return jsonify(complete(current_app.api_doc, current_app))


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
