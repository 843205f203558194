"""The HTTP service (api/): every endpoint through Flask's test client and through a real
gunicorn server on a free loopback port; one table of bad input, each answered with the
right 4xx application/problem+json carrying the Python API's own message; bounds; no 500s.
"""
from __future__ import annotations

import http.client
import json
import os
import pathlib
import re
import socket
import subprocess
import sys
import time
from typing import NamedTuple

import pytest

from api.routes import MAX_BRANCH_WORLDS, MAX_PLAYOUT_WORK, MAX_ROLLOUT_WORK
from hypothesis import HealthCheck, given, settings, strategies as st

import solver
from api import create_app
from api.schemas import HealthResponse, Problem, SolveResponse, TableResponse
from api.serve import gunicorn_options, serve
from solver import EuchreError, Position, Rules
from solver.cli import main as cli_main

from conftest import EGN_DIR, examples, real_server
from conftest import bid_advice
from solver import Method

ROOT = pathlib.Path(__file__).resolve().parent.parent
VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"
SOLVE = {"deal": VWEC, "trump": "c", "leader": "W", "makers": "NS"}
TABLE = {"deal": VWEC, "dealer": "S"}
ADVISE = {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "round": 1, "worlds": 200, "seed": 1}
VWEC_EGN = json.loads((EGN_DIR / "vwec-finals.egn").read_text())
FIRST_DEAL_EGN = {**VWEC_EGN, "deals": VWEC_EGN["deals"][:1]}      # the VWEC final's first hand



# -- two transports: Flask's test client and a real gunicorn server ------------------------------------

class Answer(NamedTuple):
    status: int
    content_type: str
    headers: dict
    body: object


def _decode(raw: bytes):
    try:
        return json.loads(raw)
    except ValueError:
        return raw


def client_call(client, method, path, json_body=None, data=None, content_type=None, headers=None) -> Answer:
    if json_body is not None:
        data, content_type = json.dumps(json_body), content_type or "application/json"
    resp = client.open(path, method=method, data=data, content_type=content_type, headers=headers or {})
    return Answer(resp.status_code, resp.mimetype, {k.lower(): v for k, v in resp.headers.items()},
                  _decode(resp.get_data()))


def server_call(address, method, path, json_body=None, data=None, content_type=None, headers=None,
                timeout=60) -> Answer:
    if json_body is not None:
        data, content_type = json.dumps(json_body), content_type or "application/json"
    if isinstance(data, str):
        data = data.encode()
    send = dict(headers or {})
    if content_type:
        send["Content-Type"] = content_type
    conn = http.client.HTTPConnection(*address, timeout=timeout)
    try:
        conn.request(method, path, body=data, headers=send)
        resp = conn.getresponse()
        raw = resp.read()
        mimetype = (resp.getheader("Content-Type") or "").split(";")[0].strip()
        return Answer(resp.status, mimetype, {k.lower(): v for k, v in resp.getheaders()}, _decode(raw))
    finally:
        conn.close()


def running_server(log_path: pathlib.Path, workers: int = 2, env: dict | None = None):
    """``api.serve.serve`` in a child process on 127.0.0.1, port 0 (the kernel picks a free one)."""
    return real_server(log_path, ["-c", f"from api.serve import serve; serve('127.0.0.1', 0, {workers}, "
                                        "access_log=False)"], env)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("server") / "gunicorn.log"
    with running_server(log, workers=2) as address:
        yield address
    assert "Traceback" not in log.read_text(errors="replace"), log.read_text(errors="replace")


@pytest.fixture
def app():
    return create_app({"TESTING": True})


@pytest.fixture
def client(app):
    return app.test_client()


@pytest.fixture(params=["client", "server"])
def call(request):
    """``call(method, path, json_body=..., data=..., content_type=...)`` through the test client or gunicorn."""
    if request.param == "client":
        c = create_app({"TESTING": True}).test_client()
        return lambda *a, **kw: client_call(c, *a, **kw)
    address = request.getfixturevalue("server")
    return lambda *a, **kw: server_call(address, *a, **kw)


def cli_json(capsys, *argv):
    assert cli_main(list(argv) + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def without_nodes(body: dict) -> dict:
    return {k: v for k, v in body.items() if k != "nodes"}


def python_error(fn, *args, **kwargs) -> str:
    """The message of the EuchreError the Python API raises for this input."""
    with pytest.raises(EuchreError) as info:
        fn(*args, **kwargs)
    return str(info.value)


def assert_problem(answer: Answer, status: int, type_: str | None = None, field="?", detail=None):
    assert answer.status == status, answer
    assert answer.content_type == "application/problem+json", answer
    body = answer.body
    assert isinstance(body, dict) and {"type", "title", "status", "detail", "field"} <= set(body), body
    Problem.model_validate(body)
    assert body["status"] == status and body["title"] and body["detail"]
    if type_ is not None:
        assert body["type"] == type_, body
    if field != "?":
        assert body["field"] == field, body
    if detail is not None:
        assert body["detail"] == detail, body
    return body


# -- /v1/solve ----------------------------------------------------------------------------------------

def test_solve_real_deal_as_cli_json(call, capsys):
    answer = call("POST", "/v1/solve", json_body=SOLVE)
    assert answer.status == 200 and answer.content_type == "application/json"
    SolveResponse.model_validate(answer.body)
    assert answer.body["tricks"] == {"NS": 4, "EW": 1} and answer.body["points"] == {"NS": 1}
    # W's lead of the Ad (what W played) costs EW a trick
    assert {v["card"]: v["cost"] for v in answer.body["card_values"]} == {"9s": 0, "Qs": 0, "Ad": 1, "Ah": 0,
                                                                          "As": 0}
    cli = cli_json(capsys, "solve", VWEC, "--trump", "c", "--leader", "W", "--makers", "NS")
    assert without_nodes(answer.body) == without_nodes(cli)


def test_solve_mid_trick_and_tricks_won_match_python(client):
    # trick 1 of the real hand: W led Ad, N played 9d; E to play; then after trick 1 (S ruffed with the 9c)
    body = {"deal": "N:Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:As Ah 9s Qs", "trump": "c",
            "leader": "W", "played": ["Ad", "9d"]}
    answer = client_call(client, "POST", "/v1/solve", json_body=body)
    pos = Position.parse(body["deal"], "c", "W", "NS", played="Ad 9d")
    assert answer.status == 200 and answer.body["to_move"] == "E"
    assert answer.body["tricks"] == solver.solve(pos).tricks
    assert {v["card"]: v["tricks"] for v in answer.body["card_values"]} == solver.card_values(pos)
    later = {"deal": "N:Ac Tc Kd Jd E:Js Kh 9h Jh S:Ks Qh Kc Jc W:As Ah 9s Qs", "trump": "c", "leader": "S",
             "tricks_won": {"NS": 1, "EW": 0}}
    answer = client_call(client, "POST", "/v1/solve", json_body=later)
    # the Ad lead cost EW their trick (card value 0 above): NS now take all five
    assert answer.status == 200 and answer.body["tricks"] == {"NS": 5, "EW": 0} == solver.solve(
        Position.parse(later["deal"], "c", "S", "NS", tricks_won={"NS": 1})).tricks


def test_solve_two_player_and_loner(client):
    two = {"deal": "N:9d Ac Tc Kd Jd S:9c Ks Qh Kc Jc", "trump": "c", "leader": "N", "makers": "S",
           "rules": {"players": 2}}
    answer = client_call(client, "POST", "/v1/solve", json_body=two)
    pos = Position.parse(two["deal"], "c", "N", "S", rules=Rules(players=2))
    assert answer.status == 200 and answer.body["tricks"] == solver.solve(pos).tricks
    assert set(answer.body["tricks"]) == {"N", "S"}
    alone = {"deal": VWEC.replace("N:9d Ac Tc Kd Jd", "N:-"), "trump": "c", "leader": "W", "alone": "S"}
    answer = client_call(client, "POST", "/v1/solve", json_body=alone)
    assert answer.status == 200 and answer.body["position"]["alone"] == "S"


# -- /v1/table ----------------------------------------------------------------------------------------

def test_table_real_deal_as_cli_json(call, capsys):
    answer = call("POST", "/v1/table", json_body=TABLE)
    assert answer.status == 200
    TableResponse.model_validate(answer.body)
    assert answer.body["partners"]["c"] == {"NS": 4, "EW": 1}
    assert answer.body == cli_json(capsys, "table", VWEC, "--dealer", "S")


def test_table_rules_are_passed(client):
    answer = client_call(client, "POST", "/v1/table", json_body={**TABLE, "rules": {"loner_lead": "left_of_dealer"}})
    expected = solver.dd_table(VWEC, dealer="S", rules=Rules(loner_lead="left_of_dealer")).to_dict()
    assert answer.status == 200 and answer.body == expected


# -- /v1/advise ---------------------------------------------------------------------------------------

def test_advise_real_hand_matches_python(call):
    answer = call("POST", "/v1/advise", json_body=ADVISE)
    assert answer.status == 200, answer
    expected = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", round=1, worlds=200, seed=1).to_dict()
    assert answer.body == json.loads(json.dumps(expected))


def test_advise_engine_error_keeps_its_message(client):
    body = {**ADVISE, "hand": "9d Ac Tc Kd Kc"}          # the upcard is in the bidder's hand
    message = python_error(bid_advice, "9d Ac Tc Kd Kc", "Kc", "N", "S", worlds=10, seed=1)
    answer = client_call(client, "POST", "/v1/advise", json_body={**body, "worlds": 10})
    assert_problem(answer, 422, detail=message)


def test_route_answers_501_while_the_engine_lacks_the_function(client, monkeypatch):
    monkeypatch.delattr(solver, "advise_bid", raising=False)
    monkeypatch.delattr(solver, "review_game", raising=False)
    assert_problem(client_call(client, "POST", "/v1/advise", json_body=ADVISE), 501, "/problems/not-available")
    answer = client_call(client, "POST", "/v1/review", json_body={"egn": FIRST_DEAL_EGN, "worlds": 20})
    assert_problem(answer, 501, "/problems/not-available")


# -- /v1/review ---------------------------------------------------------------------------------------

@pytest.mark.slow
def test_review_real_game_matches_python(call):
    answer = call("POST", "/v1/review", json_body={"egn": FIRST_DEAL_EGN, "worlds": 20, "seed": 1})
    assert answer.status == 200, answer
    expected = solver.review_game(solver.load_egn(FIRST_DEAL_EGN),
                                  method=Method(worlds=20, seed=1, examples=3)).to_dict()
    assert answer.body == json.loads(json.dumps(expected))


@pytest.mark.slow
def test_review_takes_the_egn_file_text(client):
    text = json.dumps(FIRST_DEAL_EGN, indent=2)
    a = client_call(client, "POST", "/v1/review", json_body={"egn": text, "worlds": 10, "seed": 2})
    b = client_call(client, "POST", "/v1/review", json_body={"egn": FIRST_DEAL_EGN, "worlds": 10, "seed": 2})
    assert a.status == 200 and a.body == b.body


@pytest.mark.parametrize("egn", [{"fileType": "Euchre Game Notation"}, {**FIRST_DEAL_EGN, "version": 14}],
                         ids=["incomplete", "wrong-type"])
def test_review_bad_egn_keeps_the_engine_message(call, egn):
    message = python_error(solver.load_egn, egn)
    assert_problem(call("POST", "/v1/review", json_body={"egn": egn, "worlds": 10}), 422, "/problems/invalid-egn",
                   "egn", message)


def test_review_never_reads_a_server_file(client):
    # load_egn takes a short string for a path; the service parses the text itself and passes the object
    answer = client_call(client, "POST", "/v1/review", json_body={"egn": str(EGN_DIR / "vwec-finals.egn")})
    assert_problem(answer, 422, "/problems/invalid-egn", "egn")


# -- service ------------------------------------------------------------------------------------------

def test_healthz_reports_the_bounds(call):
    answer = call("GET", "/healthz")
    assert answer.status == 200
    HealthResponse.model_validate(answer.body)
    assert answer.body["engine"] == {name: True for name in ("solve", "dd_table", "par_table", "par", "advise_bid",
                                                             "advise_play", "compare", "load_game", "branch",
                                                             "lead_table", "hand_chart", "advise_defend",
                                                             "advise_exchange", "review_game")}
    assert answer.body["limits"] == {"max_body_bytes": 131072, "max_worlds": 10000, "max_review_work": 2600,
                                     "max_playout_work": MAX_PLAYOUT_WORK, "max_rollout_work": MAX_ROLLOUT_WORK,
                                     "max_branch_worlds": MAX_BRANCH_WORLDS, "request_timeout_s": 30.0}


def test_openapi_document(call):
    answer = call("GET", "/openapi.json")
    assert answer.status == 200
    doc = answer.body
    assert doc["openapi"].startswith("3.")
    assert {"/v1/solve", "/v1/table", "/v1/advise", "/v1/review", "/healthz"} <= set(doc["paths"])
    schemas = doc["components"]["schemas"]
    for name in ("SolveRequest", "TableRequest", "AdviseRequest", "ReviewRequest", "RulesIn"):
        assert schemas[name]["additionalProperties"] is False, name
    errors = doc["paths"]["/v1/solve"]["post"]["responses"]["422"]["content"]
    assert errors == {"application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}}
    assert "Problem" in schemas and "10000 worlds" in doc["info"]["description"]


@pytest.mark.slow
def test_openapi_document_is_valid_openapi(client):
    import openapi_spec_validator
    openapi_spec_validator.validate(client_call(client, "GET", "/openapi.json").body)


def test_problem_type_uris_are_documented(client):
    body = assert_problem(client_call(client, "POST", "/v1/solve", json_body={**SOLVE, "trump": "x"}), 422)
    doc = client_call(client, "GET", body["type"])
    assert doc.status == 200 and doc.body["title"] == body["title"] and doc.body["status"] == 422
    assert_problem(client_call(client, "GET", "/problems/no-such-type"), 404)


def test_config_bounds_env_and_validation(monkeypatch):
    monkeypatch.setenv("EUCHRE_MAX_WORLDS", "50")
    assert create_app().config["MAX_WORLDS"] == 50
    assert create_app({"MAX_WORLDS": 7}).config["MAX_WORLDS"] == 7
    with pytest.raises(ValueError, match="MAX_WORLDS"):
        create_app({"MAX_WORLDS": 0})
    with pytest.raises(ValueError, match="at most the engine's 100000"):       # above solver.bounds.MAX_WORLDS
        create_app({"MAX_WORLDS": 100_001})
    assert gunicorn_options("127.0.0.1", 0, 2, 30.0)["timeout"] > 30
    with pytest.raises(ValueError, match="workers"):
        serve("127.0.0.1", 0, workers=0)


# -- the bad-input table ------------------------------------------------------------------------------

def _deal(**changes):
    """The real deal with some hands replaced: ``_deal(E="Qd Js Kh 9h")``."""
    hands = dict(part.split(":") for part in re.findall(r"[NESW]:[^:]+?(?= [NESW]:|$)", VWEC))
    hands.update(changes)
    return " ".join(f"{seat}:{cards}" for seat, cards in hands.items())


DUPLICATE = _deal(E="9d Js Kh 9h Jh")                # 9d in N and E
SHORT = _deal(E="Qd Js Kh 9h")                       # E holds 4
AFTER_AD_TC = _deal(N="9d Ac Kd Jd", W="As Ah 9s Qs")

BAD = [
    # id, method, path, request kwargs, status, type, field, expected detail (str, or a callable of nothing)
    ("not-json", "POST", "/v1/solve", {"data": '{"deal": ', "content_type": "application/json"},
     400, "/problems/malformed-json", None, "body: not well-formed JSON (Expecting value: line 1 column 10 (char 9))"),
    ("empty-body", "POST", "/v1/table", {"data": "", "content_type": "application/json"},
     400, "/problems/malformed-json", None, None),
    ("not-utf8", "POST", "/v1/solve", {"data": b'{"deal": "\xff"}', "content_type": "application/json"},
     400, "/problems/malformed-json", None, None),
    ("shape-array", "POST", "/v1/solve", {"json_body": [SOLVE]},
     422, "/problems/invalid-request", None, "body: expected a JSON object, got an array"),
    ("shape-string", "POST", "/v1/table", {"json_body": "N:9d"},
     422, "/problems/invalid-request", None, "body: expected a JSON object, got a string"),
    ("shape-deal-number", "POST", "/v1/solve", {"json_body": {**SOLVE, "deal": 5}},
     422, "/problems/invalid-request", "deal", "deal: Input should be a valid string"),
    ("shape-played-object", "POST", "/v1/solve", {"json_body": {**SOLVE, "played": {"W": "Ad"}}},
     422, "/problems/invalid-request", "played", None),
    ("shape-worlds-text", "POST", "/v1/advise", {"json_body": {**ADVISE, "worlds": "200"}},
     422, "/problems/invalid-request", "worlds", None),
    ("missing-member", "POST", "/v1/table", {"json_body": {"deal": VWEC}},
     422, "/problems/invalid-request", "dealer", "dealer: required member is missing"),
    ("unknown-member", "POST", "/v1/solve", {"json_body": {**SOLVE, "colour": "red"}},
     422, "/problems/invalid-request", "colour", "colour: unknown member; see /openapi.json for the accepted ones"),
    ("unknown-rules-option", "POST", "/v1/table", {"json_body": {**TABLE, "rules": {"jokers": True}}},
     422, "/problems/invalid-request", "rules.jokers", None),
    ("unknown-advise-member", "POST", "/v1/advise", {"json_body": {**ADVISE, "threads": 8}},
     422, "/problems/invalid-request", "threads", None),
    ("invalid-card-deal", "POST", "/v1/solve", {"json_body": {**SOLVE, "deal": VWEC.replace("Kd", "Zd")}},
     422, "/problems/invalid-card", "deal", lambda: python_error(Position.parse, VWEC.replace("Kd", "Zd"), "c", "W")),
    ("invalid-card-played", "POST", "/v1/solve", {"json_body": {**SOLVE, "played": ["A"]}},
     422, "/problems/invalid-card", "played", lambda: python_error(Position.parse, VWEC, "c", "W", played=["A"])),
    ("invalid-suit", "POST", "/v1/solve", {"json_body": {**SOLVE, "trump": "x"}},
     422, "/problems/invalid-card", "trump", lambda: python_error(Position.parse, VWEC, "x", "W")),
    ("invalid-seat", "POST", "/v1/table", {"json_body": {**TABLE, "dealer": "Q"}},
     422, "/problems/invalid-card", "dealer", lambda: python_error(solver.dd_table, VWEC, dealer="Q")),
    ("invalid-upcard", "POST", "/v1/advise", {"json_body": {**ADVISE, "upcard": "Kx"}},
     422, "/problems/invalid-card", "upcard", lambda: python_error(solver.Card.parse, "Kx")),
    ("invalid-rules", "POST", "/v1/solve", {"json_body": {**SOLVE, "rules": {"players": 3}}},
     422, "/problems/invalid-rules", "rules", lambda: python_error(Rules, players=3)),
    ("duplicate-card", "POST", "/v1/solve", {"json_body": {**SOLVE, "deal": DUPLICATE}},
     422, "/problems/invalid-card", "deal", lambda: python_error(Position.parse, DUPLICATE, "c", "W")),
    ("duplicate-card-table", "POST", "/v1/table", {"json_body": {**TABLE, "deal": DUPLICATE}},
     422, "/problems/invalid-card", "deal", "card 9d appears in N and E"),
    ("duplicate-in-played", "POST", "/v1/solve", {"json_body": {**SOLVE, "played": ["Ad", "Ad"]}},
     422, "/problems/invalid-card", "played", None),
    ("played-too-long", "POST", "/v1/solve", {"json_body": {**SOLVE, "played": "Ad " * 100}},
     422, "/problems/invalid-request", "played", None),
    ("inconsistent-hand-size", "POST", "/v1/solve", {"json_body": {**SOLVE, "deal": SHORT}},
     422, "/problems/invalid-position", "deal", "E holds 4 cards, expected 5"),
    ("inconsistent-table-size", "POST", "/v1/table", {"json_body": {**TABLE, "deal": SHORT}},
     422, "/problems/invalid-position", "deal", lambda: python_error(solver.dd_table, SHORT, dealer="S")),
    ("inconsistent-played-in-hand", "POST", "/v1/solve", {"json_body": {**SOLVE, "played": ["Ad"]}},
     422, "/problems/invalid-position", "deal", lambda: python_error(Position.parse, VWEC, "c", "W", played="Ad")),
    ("inconsistent-renege", "POST", "/v1/solve", {"json_body": {**SOLVE, "deal": AFTER_AD_TC, "played": "Ad Tc"}},
     422, "/problems/invalid-position", "played",
     lambda: python_error(Position.parse, AFTER_AD_TC, "c", "W", played="Ad Tc")),
    ("inconsistent-loner-side", "POST", "/v1/solve",
     {"json_body": {**SOLVE, "deal": _deal(W="-"), "alone": "E"}}, 422, "/problems/invalid-position", "alone",
     lambda: python_error(Position.parse, _deal(W="-"), "c", "W", "NS", alone="E")),
    ("inconsistent-leader-sits-out", "POST", "/v1/solve",
     {"json_body": {**SOLVE, "deal": _deal(S="-"), "alone": "N", "leader": "S"}},
     422, "/problems/invalid-position", "leader",
     lambda: python_error(Position.parse, _deal(S="-"), "c", "S", "NS", alone="N")),
    ("inconsistent-tricks-won", "POST", "/v1/solve", {"json_body": {**SOLVE, "tricks_won": {"NS": 1}}},
     422, "/problems/invalid-position", "tricks_won",
     lambda: python_error(Position.parse, VWEC, "c", "W", tricks_won={"NS": 1})),
    ("invalid-score", "POST", "/v1/advise", {"json_body": {**ADVISE, "score": {"NS": 11, "EW": 10}}},
     422, "/problems/invalid-score", "score",
     lambda: python_error(bid_advice, "9d Ac Tc Kd Jd", "Kc", "N", "S", score={"NS": 11, "EW": 10})),
    ("invalid-score-side", "POST", "/v1/advise", {"json_body": {**ADVISE, "score": {"NS": 1, "E": 0}}},
     422, "/problems/invalid-score", "score", None),
    ("worlds-over-bound", "POST", "/v1/advise", {"json_body": {**ADVISE, "worlds": 10_001}},
     422, "/problems/over-limit", "worlds", "worlds 10001: this server allows at most 10000 worlds per request"),
    ("worlds-zero", "POST", "/v1/advise", {"json_body": {**ADVISE, "worlds": 0}},
     422, "/problems/invalid-argument", "worlds", "worlds 0: must be a whole number 10..100000"),
    ("review-work-over-bound", "POST", "/v1/review", {"json_body": {"egn": VWEC_EGN, "worlds": 201}},
     422, "/problems/over-limit", "worlds", None),
    ("review-egn-not-egn", "POST", "/v1/review", {"json_body": {"egn": "not an egn file"}},
     422, "/problems/invalid-egn", "egn", None),
    ("review-egn-nested-deep", "POST", "/v1/review",      # solver.load_egn would overflow its recursion
     {"data": '{"egn": {"deals": ' + "[" * 600 + "]" * 600 + '}}', "content_type": "application/json"},
     422, "/problems/invalid-request", "egn", "egn: JSON nested deeper than 32 levels (EGN games nest about 10)"),
    ("review-egn-text-nested-deep", "POST", "/v1/review",
     {"json_body": {"egn": '{"deals": ' + "[" * 600 + "]" * 600 + "}"}},
     422, "/problems/invalid-egn", "egn", "egn: JSON nested deeper than 32 levels"),
    ("oversized-body", "POST", "/v1/solve",
     {"data": json.dumps({**SOLVE, "deal": "x" * 140_000}), "content_type": "application/json"},
     413, "about:blank", None, "request body over this server's limit of 131072 bytes"),
    ("content-type-text", "POST", "/v1/solve", {"data": json.dumps(SOLVE), "content_type": "text/plain"},
     415, "about:blank", None, "Content-Type 'text/plain': this endpoint takes application/json"),
    ("content-type-form", "POST", "/v1/advise",
     {"data": "hand=9d", "content_type": "application/x-www-form-urlencoded"}, 415, "about:blank", None, None),
    ("content-type-none", "POST", "/v1/table", {"data": json.dumps(TABLE)}, 415, "about:blank", None, None),
    ("method-get", "GET", "/v1/solve", {}, 405, "about:blank", None, "method GET: /v1/solve takes OPTIONS, POST"),
    ("method-put", "PUT", "/v1/review", {"json_body": {}}, 405, "about:blank", None, None),
    ("method-post-healthz", "POST", "/healthz", {"json_body": {}}, 405, "about:blank", None, None),
    ("not-found", "POST", "/v1/solved", {"json_body": SOLVE}, 404, "about:blank", None, None),
]


def test_problem_types_follow_the_error_classes():
    """A bad score is answered "Invalid score", a bad bound "Invalid argument", never "Invalid rules"."""
    from api.problems import TYPES, engine_slug
    cases = [(solver.ScoreError("score"), "invalid-score", "Invalid score"),
             (solver.ArgumentError("worlds"), "invalid-argument", "Invalid argument"),
             (solver.RulesError("players"), "invalid-rules", "Invalid rules"),
             (solver.ModelError("model"), "invalid-model", "Invalid bidding model"),
             (solver.EGNError("egn"), "invalid-egn", "Invalid EGN game"),
             (solver.DummyRecordError("record"), "invalid-record", "Invalid game record"),
             (solver.SeatError("seat"), "invalid-position", "Inconsistent position"),
             (solver.EuchreError("other"), "invalid-input", "Invalid euchre input")]
    for exc, slug, title in cases:
        assert engine_slug(exc) == slug and TYPES[slug].title == title


@pytest.mark.slow
@pytest.mark.parametrize("case", BAD, ids=[c[0] for c in BAD])
def test_bad_input_gets_problem_json(call, case):
    _, method, path, kwargs, status, type_, field, detail = case
    answer = call(method, path, **kwargs)
    body = assert_problem(answer, status, type_, field, detail() if callable(detail) else detail)
    if status == 405:
        assert "POST" in answer.headers["allow"] or "GET" in answer.headers["allow"]
    if status == 422 and field is not None and type_ == "/problems/invalid-request":
        assert body["errors"][0]["field"] == field


def test_every_validation_failure_is_listed(client):
    body = assert_problem(client_call(client, "POST", "/v1/solve",
                                      json_body={"deal": VWEC, "trump": "x", "leader": "Q", "x": 1}), 422)
    assert [e["field"] for e in body["errors"]] == ["trump", "leader", "x"]


def test_chunked_body_over_the_bound_is_413(server):
    # no Content-Length: the server must count what it reads (werkzeug alone would cut the body short)
    sock = socket.create_connection(server, timeout=30)
    try:
        sock.sendall(b"POST /v1/solve HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
                     b"Transfer-Encoding: chunked\r\n\r\n")
        for _ in range(9):                                      # 144 KiB
            sock.sendall(b"4000\r\n" + b" " * 16384 + b"\r\n")
        sock.sendall(b"0\r\n\r\n")
        reply = b""
        while chunk := sock.recv(65536):
            reply += chunk
    finally:
        sock.close()
    head, _, body = reply.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 413") and b"application/problem+json" in head, reply
    assert json.loads(body)["status"] == 413


def test_chunked_body_within_the_bound_is_read(server):
    conn = http.client.HTTPConnection(*server, timeout=30)
    try:
        payload = json.dumps(SOLVE).encode()
        conn.request("POST", "/v1/solve", body=iter([payload[:40], payload[40:]]),
                     headers={"Content-Type": "application/json"}, encode_chunked=True)
        resp = conn.getresponse()
        body = json.loads(resp.read())
    finally:
        conn.close()
    assert resp.status == 200 and body["tricks"] == {"NS": 4, "EW": 1}


# -- time per request ---------------------------------------------------------------------------------

def _slow_card_values(pos):
    end = time.monotonic() + 30
    while time.monotonic() < end:                          # pure Python: the deadline can stop it
        solver.solve(pos)
    raise AssertionError("the deadline did not stop the engine")


def test_deadline_stops_the_engine_and_the_app_goes_on(monkeypatch):
    client = create_app({"TESTING": True, "REQUEST_TIMEOUT": 0.2}).test_client()
    monkeypatch.setattr(solver.dd, "card_values", _slow_card_values)
    start = time.monotonic()
    answer = client_call(client, "POST", "/v1/solve", json_body=SOLVE)
    assert time.monotonic() - start < 5
    body = assert_problem(answer, 503, "/problems/deadline-exceeded", None)
    assert answer.headers["retry-after"] == "1" and body["limit"] == 0.2
    monkeypatch.undo()
    assert client_call(client, "POST", "/v1/solve", json_body=SOLVE).status == 200


def test_deadline_on_a_real_server(tmp_path):
    # a time limit far below what a DD table takes: every table request is stopped, none hangs a worker
    with running_server(tmp_path / "log", workers=1, env={"EUCHRE_REQUEST_TIMEOUT": "0.0001"}) as address:
        for _ in range(3):
            answer = server_call(address, "POST", "/v1/table", json_body=TABLE, timeout=10)
            assert_problem(answer, 503, "/problems/deadline-exceeded")
        assert server_call(address, "GET", "/healthz", timeout=10).status == 200


# -- nothing a client sends yields a 500 --------------------------------------------------------------

TOKENS = st.sampled_from(["9", "T", "J", "Q", "K", "A", "10", "B", "c", "d", "h", "s", "x", "♥", "-", ".", ","])
CARDISH = st.text(TOKENS, max_size=4).map(lambda t: "".join(t))
CARD = st.sampled_from([r + s for r in "9TJQKA" for s in "cdhs"] + ["B", "Zz", "10h"])
HAND = st.lists(CARD, max_size=6).map(" ".join)
DEAL = st.one_of(
    st.tuples(HAND, HAND, HAND, HAND).map(lambda h: f"N:{h[0]} E:{h[1]} S:{h[2]} W:{h[3]}"),
    st.tuples(HAND, HAND).map(lambda h: f"N:{h[0]} S:{h[1]}"),
    st.text(max_size=40),
)
SEAT = st.sampled_from(["N", "E", "S", "W", "north", "X", "", "-"])
RULES = st.fixed_dictionaries({}, optional={"players": st.sampled_from([2, 3, 4]), "joker": st.booleans(),
                                            "defend_alone": st.booleans(),
                                            "loner_lead": st.sampled_from(["left_of_dealer", "x"])})


PACK = [r + s for r in "9TJQKA" for s in "cdhs"]


@st.composite
def near_valid_positions(draw):
    """Mostly legal positions (any hand size, mid-trick, loners, 2-player, joker), some reneges."""
    players = draw(st.sampled_from([4, 2]))
    joker = draw(st.booleans())
    cards = draw(st.permutations(PACK + (["B"] if joker else [])))
    seats = "NESW" if players == 4 else "NS"
    size = draw(st.integers(0, 5))
    hands = {seat: cards[i * size:(i + 1) * size] for i, seat in enumerate(seats)}
    alone = draw(st.sampled_from([None] + list(seats))) if players == 4 else None
    if alone:
        hands["NESW"[("NESW".index(alone) + 2) % 4]] = None
    order = [s for s in "NESW" if s in hands and hands[s] is not None]
    leader = draw(st.sampled_from(order))
    trick = order[order.index(leader):] + order[:order.index(leader)]
    played = []
    for seat in trick[:draw(st.integers(0, len(trick) - 1))] if size else []:
        played.append(hands[seat].pop(0))
    deal = " ".join(f"{seat}:{' '.join(h) if h is not None else '-'}" for seat, h in hands.items())
    body = {"deal": deal, "trump": draw(st.sampled_from("cdhs")), "leader": leader, "played": played,
            "rules": {"players": players, "joker": joker}}
    if alone:
        body["alone"] = alone
        body["makers"] = "NS" if alone in "NS" else "EW"
    elif players == 2:
        body["makers"] = draw(st.sampled_from(["N", "S"]))
    return body


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(body=st.one_of(near_valid_positions(), st.fixed_dictionaries(
    {"deal": DEAL, "trump": st.sampled_from(["c", "d", "h", "s", "x", "♠", ""]), "leader": SEAT},
    optional={"makers": st.sampled_from(["NS", "EW", "N", "S", "X"]), "alone": SEAT, "rules": RULES,
              "played": st.one_of(HAND, st.lists(CARD, max_size=4)),
              "tricks_won": st.dictionaries(st.sampled_from(["NS", "EW", "N", "S", "x"]),
                                            st.integers(-1, 6), max_size=2)})))
def test_solve_never_500(client, body):
    answer = client_call(client, "POST", "/v1/solve", json_body=body)
    assert answer.status in (200, 422), (body, answer)
    if answer.status == 422:
        assert_problem(answer, 422)


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(body=st.fixed_dictionaries({"deal": DEAL, "dealer": SEAT}, optional={"rules": RULES}))
def test_table_never_500(client, body):
    answer = client_call(client, "POST", "/v1/table", json_body=body)
    assert answer.status in (200, 422), (body, answer)


@st.composite
def near_valid_bids(draw):
    cards = draw(st.permutations(PACK))
    players = draw(st.sampled_from([4, 2]))
    seats = ["N", "E", "S", "W"] if players == 4 else ["N", "S"]
    return {"hand": " ".join(cards[:5]), "upcard": cards[draw(st.sampled_from([5, 4]))],
            "seat": draw(st.sampled_from(seats)), "dealer": draw(st.sampled_from(seats)),
            "round": draw(st.sampled_from([1, 2])), "worlds": draw(st.integers(1, 8)), "seed": draw(st.integers(0, 9)),
            "rules": {"players": players, "stick_the_dealer": draw(st.booleans())}}


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(body=st.one_of(near_valid_bids(), st.fixed_dictionaries(
    {"hand": st.one_of(HAND, st.lists(CARD, max_size=6)), "upcard": CARD, "seat": SEAT, "dealer": SEAT},
    optional={"round": st.sampled_from([1, 2, 3]), "rules": RULES, "worlds": st.integers(-1, 20),
              "seed": st.integers(-1, 2**64)})))
def test_advise_never_500(client, body):
    answer = client_call(client, "POST", "/v1/advise", json_body=body)
    assert answer.status in (200, 422), (body, answer)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _paths(v, prefix + (i,))


EGN_PATHS = list(_paths(FIRST_DEAL_EGN))[1:]
ODD_VALUES = st.one_of(st.none(), st.booleans(), st.integers(-5, 60), st.text(max_size=6), CARD,
                       st.sampled_from(["Pass", "Order", "h", "EUCHRE_BIDDING", "TRICK_PLAY", "1.4"]),
                       st.lists(CARD, max_size=5), st.builds(dict))


@st.composite
def mutated_egn(draw):
    egn = json.loads(json.dumps(FIRST_DEAL_EGN))
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(EGN_PATHS))
        parent = egn
        try:
            for key in path[:-1]:
                parent = parent[key]
            if draw(st.booleans()) and isinstance(parent, dict):
                parent.pop(path[-1], None)
            else:
                parent[path[-1]] = draw(ODD_VALUES)
        except (KeyError, IndexError, TypeError):
            pass
    return egn


@settings(max_examples=examples(150), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(egn=mutated_egn())
def test_review_never_500(client, egn):
    answer = client_call(client, "POST", "/v1/review", json_body={"egn": egn, "worlds": 10, "seed": 1})
    assert answer.status in (200, 422, 501), (egn, answer)


def test_review_takes_inference_and_off_is_the_first_version(client):
    egn = json.loads((EGN_DIR / "vwec-finals.egn").read_text())
    egn["deals"] = egn["deals"][:1]
    r = client.post("/v1/review", json={"egn": egn, "worlds": 20, "seed": 3, "inference": False})
    assert r.status_code == 200
    want = solver.review_game(solver.load_egn(egn),
                              method=Method(worlds=20, seed=3, inference=False, examples=3)).to_dict()
    assert r.get_json()["deals"] == want["deals"] and r.get_json()["model"]["inference"] is False
    bad = client.post("/v1/review", json={"egn": egn, "inference": "no"})
    assert bad.status_code == 422 and bad.headers["Content-Type"] == "application/problem+json"


@pytest.mark.slow
def test_review_annotated_answers_the_record_with_the_comments(client):
    """annotate: true adds annotated_egn, what solver.review_game(..., annotate=True) writes; a non-bool is a 422."""
    a = client_call(client, "POST", "/v1/review", json_body={"egn": FIRST_DEAL_EGN, "worlds": 10, "seed": 2,
                                                             "annotate": True})
    assert a.status == 200, a
    expected = solver.review_game(solver.load_egn(FIRST_DEAL_EGN),
                                  method=Method(worlds=10, seed=2, examples=3), annotate=True).annotated
    assert a.body["annotated_egn"] == json.loads(json.dumps(expected))
    solver.load_egn(a.body["annotated_egn"])                        # a valid record
    plain = client_call(client, "POST", "/v1/review", json_body={"egn": FIRST_DEAL_EGN, "worlds": 10, "seed": 2})
    assert "annotated_egn" not in plain.body
    bad = client_call(client, "POST", "/v1/review", json_body={"egn": FIRST_DEAL_EGN, "worlds": 10, "annotate": 1})
    assert bad.status == 422 and "annotate" in json.dumps(bad.body)


@pytest.mark.parametrize("port", [99999, 65536, -1, True])
def test_a_port_out_of_range_is_refused_not_wrapped(port):
    """getaddrinfo takes 99999 and binds 99999 mod 65536 (34463); -1 overflows: both are a ServeError naming it."""
    from api.serve import ServeError, listen
    with pytest.raises(ServeError, match=f"port {port!r}: must be a whole number 0..65535"):
        listen("127.0.0.1", port)


def test_python_m_api_serve_has_help_and_names_a_bad_port():
    """`python -m api.serve --help` took '--help' for the host; a port not a number was int()'s bare message."""
    env = {**os.environ, "PYTHONPATH": str(pathlib.Path(__file__).resolve().parents[1])}
    helped = subprocess.run([sys.executable, "-m", "api.serve", "--help"], capture_output=True, text=True, env=env,
                            timeout=60)
    assert helped.returncode == 0 and helped.stdout.startswith("usage: python -m api.serve [-h] [host] [port]")
    bad = subprocess.run([sys.executable, "-m", "api.serve", "127.0.0.1", "abc"], capture_output=True, text=True,
                         env=env, timeout=60)
    assert bad.returncode == 2 and "argument port: invalid int value: 'abc'" in bad.stderr
    wrapped = subprocess.run([sys.executable, "-m", "api.serve", "127.0.0.1", "99999"], capture_output=True,
                             text=True, env=env, timeout=60)
    assert wrapped.returncode == 1 and "port 99999: must be a whole number 0..65535" in wrapped.stderr
