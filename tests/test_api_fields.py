"""Every /v1 request member, sent a clearly bad value, is answered 422 problem+json whose ``field`` names that
member (the fresh-clone test found a bad trick reported as ``hand``, a bad chart call as ``hand``, a bad play
model as ``model``). The members come from the OpenAPI request schemas, so a new member or endpoint is covered
the day it is added."""
from __future__ import annotations

import json

import pytest

from api import create_app
from conftest import EGN_DIR

VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"
GAME = (EGN_DIR / "vwec-finals.egn").read_text()
ONE_DEAL = json.dumps({**json.loads(GAME), "deals": json.loads(GAME)["deals"][:1]})

#: a request each endpoint answers 200 (checked below), small enough to be quick
GOOD = {
    "/v1/solve": {"deal": VWEC, "trump": "c", "leader": "W", "makers": "NS"},
    "/v1/table": {"deal": VWEC, "dealer": "S"},
    "/v1/par": {"deal": VWEC, "dealer": "S", "upcard": "Th"},
    "/v1/advise": {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "worlds": 50, "seed": 1},
    "/v1/play": {"seat": "E", "hand": "Jd Ah Kh Tc 9d", "dealer": "N", "upcard": "Ks", "calls": "Order",
                 "worlds": 50, "seed": 1},
    "/v1/lead": {"seat": "E", "hand": "Jd Ah Kh Tc 9d", "dealer": "N", "upcard": "Ks", "calls": "Order",
                 "worlds": 50, "seed": 1},
    "/v1/compare": {"seat": "E", "hand": "Jh Ah Kh 9c 9s", "dealer": "N", "upcard": "Qh", "a": "order", "b": "pass",
                    "worlds": 50, "seed": 1},
    "/v1/chart": {"hand": "Jh Jd Ah Kc 9c", "upcard": "Qh", "seat": "E", "dealer": "N", "round": 1},
    "/v1/defend": {"seat": "S", "hand": "Jh Jd Ah Kc Qc", "dealer": "N", "upcard": "9h", "calls": "Order",
                   "worlds": 50, "seed": 1},
    "/v1/exchange": {"hand": "9h 9d Th Qh Qs", "upcard": "9c", "seat": "E", "dealer": "N",
                     "rules": {"farmers": True}, "worlds": 20, "seed": 1},
    "/v1/review": {"egn": ONE_DEAL, "worlds": 20, "seed": 1},
    "/v1/branch": {"egn": GAME, "deal": 1, "step": 0, "action": "order"},
}

APP = create_app()
SPEC = APP.test_client().get("/openapi.json").get_json()


def _resolve(schema: dict) -> dict:
    while "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _types(schema: dict) -> set:
    schema = _resolve(schema)
    out = {schema["type"]} if "type" in schema else set()
    if "enum" in schema or "const" in schema:
        out.add("string")
    for alt in schema.get("anyOf", []) + schema.get("oneOf", []) + schema.get("allOf", []):
        out |= _types(alt)
    return out


def _minimum(schema: dict):
    schema = _resolve(schema)
    found = [schema.get("minimum")] + [_minimum(alt) for alt in schema.get("anyOf", [])]
    return next((int(m) for m in found if m is not None), None)


def bad_value(schema: dict):
    """A value no member of that schema takes: a token that is no card, seat, suit, call or name where text is
    taken (so the engine's parser, not the type check, refuses it); below the bound of a bounded integer; an
    unknown key in an object; for the rest, text where it is not taken. An unbounded integer (an index) gets one
    far past any record's end."""
    kinds = _types(schema)
    if "string" in kinds:
        return "Zz"
    if "integer" in kinds:
        low = _minimum(schema)
        return low - 1 if low is not None else 10 ** 6
    if "object" in kinds:
        return {"Zz": 1}
    return "Zz"


def _request_schema(path: str) -> dict:
    return _resolve(SPEC["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"])


MEMBERS = [(path, name) for path in GOOD for name in _request_schema(path)["properties"]]


@pytest.fixture(scope="module")
def client():
    return APP.test_client()


def test_every_v1_endpoint_has_a_good_request_here():
    assert set(GOOD) == {p for p, ops in SPEC["paths"].items() if p.startswith("/v1/") and "post" in ops}


@pytest.mark.parametrize("path", GOOD)
def test_the_good_requests_are_answered(client, path):
    resp = client.post(path, json=GOOD[path])
    assert resp.status_code == 200, resp.get_json()


@pytest.mark.parametrize("path, name", MEMBERS)
def test_a_bad_member_is_named_in_the_problem(client, path, name):
    bad = bad_value(_request_schema(path)["properties"][name])
    resp = client.post(path, json={**GOOD[path], name: bad})
    assert resp.status_code == 422, resp.get_json()
    assert resp.mimetype == "application/problem+json"
    problem = resp.get_json()
    assert problem["field"] is not None and problem["field"].split(".")[0] == name, (bad, problem)
    assert problem["errors"][0]["field"].split(".")[0] == name if problem.get("errors") else True


@pytest.mark.parametrize("name", ["hand", "upcard", "seat", "dealer", "round", "call", "alone", "valuation"])
def test_a_bad_chart_query_parameter_is_named(client, name):
    query = {**GOOD["/v1/chart"], name: "Zz"}
    resp = client.get("/v1/chart", query_string=query)
    assert resp.status_code == 422
    assert resp.get_json()["field"] == name


@pytest.mark.parametrize("path, extra, field, words", [
    ("/v1/play", {"play_model": 1000.0, "inference": "both"}, "play_model", "temperature 1000"),
    ("/v1/compare", {"play_model": 0.001, "seat": "E", "calls": "Order", "hand": "Jd Ah Kh Tc 9d",
                     "upcard": "Ks", "a": "Jd", "b": "Ah", "inference": "play"}, "play_model", "temperature 0.001"),
    ("/v1/play", {"tricks": "Ad 9d Zz"}, "tricks", "card 'Zz'"),
    ("/v1/play", {"defender_alone": "Q"}, "defender_alone", "seat 'Q'"),
    ("/v1/defend", {"discard": "Xs"}, "discard", "card 'Xs'"),
    ("/v1/chart", {"round": 2, "call": "x"}, "call", "suit 'x'"),
    ("/v1/branch", {"action": "Ks"}, "action", "call 'Ks'"),
    ("/v1/branch", {"step": 999}, "step", "step 999"),
    ("/v1/solve", {"tricks_won": {"NX": 1}}, "tricks_won", "side 'NX'"),
])
def test_engine_refusals_name_the_member_and_quote_the_token(client, path, extra, field, words):
    resp = client.post(path, json={**GOOD[path], **extra})
    assert resp.status_code == 422
    problem = resp.get_json()
    assert problem["field"] == field and words in problem["detail"], problem


# -- the engine list of /healthz comes from the routes -----------------------------------------------

def test_healthz_lists_the_engine_function_of_every_v1_route(client):
    from api.routes import ENGINE_OF_ROUTE
    routes = {rule.endpoint.split(".", 1)[1] for rule in APP.url_map.iter_rules() if rule.rule.startswith("/v1/")}
    assert routes == set(ENGINE_OF_ROUTE)
    engine = client.get("/healthz").get_json()["engine"]
    for needed in ENGINE_OF_ROUTE.values():
        assert all(engine[name] is True for name in needed)
    assert {"compare", "branch", "hand_chart", "lead_table"} <= set(engine)
    assert set(engine) == {name for names in ENGINE_OF_ROUTE.values() for name in names}


@pytest.mark.parametrize("path", [p for p in GOOD if p != "/v1/solve"])
def test_a_route_fetches_only_the_engine_functions_it_declares(client, monkeypatch, path):
    from flask import request

    from api import limits
    from api.routes import ENGINE_OF_ROUTE
    fetched = []
    real = limits.engine_function
    monkeypatch.setattr(limits, "engine_function", lambda name: fetched.append((request.endpoint, name)) or real(name))
    extra = {"upcard": "Th"} if path == "/v1/table" else {}
    assert client.post(path, json={**GOOD[path], **extra}).status_code == 200
    assert fetched
    for endpoint, name in fetched:
        assert name in ENGINE_OF_ROUTE[endpoint.split(".", 1)[1]]


# -- /v1/compare's calls, rules for /v1/chart and /v1/branch -----------------------------------------

def test_compare_without_calls_is_the_first_seat_to_bid(client):
    body = GOOD["/v1/compare"]
    assert "calls" not in body
    absent, empty = client.post("/v1/compare", json=body), client.post("/v1/compare", json={**body, "calls": ""})
    assert absent.status_code == empty.status_code == 200
    assert absent.get_json() == empty.get_json()


def test_chart_takes_rules_and_refuses_a_variant_by_name(client):
    base = client.post("/v1/chart", json=GOOD["/v1/chart"]).get_json()
    same = client.post("/v1/chart", json={**GOOD["/v1/chart"], "rules": {"winning_score": 5}})
    assert same.status_code == 200 and same.get_json() == base          # the game's target: not the hand's figures
    for rules, named in [({"stick_the_dealer": True}, "stick_the_dealer=True"),
                         ({"joker": True, "loner_lead": "left_of_dealer"}, "loner_lead='left_of_dealer', joker=True")]:
        resp = client.post("/v1/chart", json={**GOOD["/v1/chart"], "rules": rules})
        assert resp.status_code == 422
        problem = resp.get_json()
        assert problem["type"] == "/problems/invalid-rules" and problem["field"] == "rules"
        assert problem["detail"].startswith(f"rules {named}: the hand charts")


def test_branch_takes_the_records_rules_and_refuses_others_by_name(client):
    import solver
    record = solver.load_game(json.loads(GAME)).rules
    base = client.post("/v1/branch", json=GOOD["/v1/branch"]).get_json()
    same = client.post("/v1/branch", json={**GOOD["/v1/branch"], "rules": record.to_dict()})
    assert same.status_code == 200 and same.get_json() == base
    flipped = not record.stick_the_dealer
    resp = client.post("/v1/branch", json={**GOOD["/v1/branch"], "rules": {**record.to_dict(),
                                                                          "stick_the_dealer": flipped}})
    assert resp.status_code == 422
    problem = resp.get_json()
    assert problem["field"] == "rules" and problem["type"] == "/problems/invalid-rules"
    assert problem["detail"].startswith(f"rules stick_the_dealer={flipped!r}: the record's ruleset says "
                                        f"stick_the_dealer={not flipped!r}")


def test_review_takes_the_records_rules_and_refuses_others_by_name(client):
    """The record carries its ruleset (EGN metadata.ruleset), which the review judges under; a `rules` object, as
    /v1/branch takes, is checked against it: the same rules give the same review, others a 422 naming them."""
    import solver
    egn = json.loads(GAME)
    egn["deals"] = egn["deals"][:1]
    record = solver.load_game(egn).rules
    body = {"egn": egn, "worlds": 10, "seed": 1, "valuation": "double_dummy"}
    base = client.post("/v1/review", json=body)
    assert base.status_code == 200, base.get_json()
    same = client.post("/v1/review", json={**body, "rules": record.to_dict()})
    assert same.status_code == 200 and same.get_json() == base.get_json()
    flipped = not record.stick_the_dealer
    resp = client.post("/v1/review", json={**body, "rules": {**record.to_dict(), "stick_the_dealer": flipped}})
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json"
    problem = resp.get_json()
    assert problem["field"] == "rules" and problem["type"] == "/problems/invalid-rules"
    assert problem["detail"] == (f"rules stick_the_dealer={flipped!r}: the record's ruleset says "
                                 f"stick_the_dealer={not flipped!r}; a review judges the record under its own rules")


def test_a_record_with_its_own_rules_is_reviewed_under_them(client):
    """A record whose ruleset is not the record's of before (stick the dealer flipped) is reviewed over HTTP with
    no rules object: the answer's rules are the record's, as solver.load_game reads them."""
    import solver
    egn = json.loads(GAME)
    egn["deals"] = egn["deals"][:1]
    before = solver.load_game(egn).rules
    egn["metadata"]["ruleset"] = {**before.to_egn(), "std": not before.stick_the_dealer}
    record = solver.load_game(egn).rules
    assert record.stick_the_dealer is not before.stick_the_dealer
    resp = client.post("/v1/review", json={"egn": egn, "worlds": 10, "seed": 1, "valuation": "double_dummy"})
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["rules"] == record.to_dict() != before.to_dict()
