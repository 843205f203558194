"""``examples`` over HTTP (advise, play, review): the same examples as the Python API for the same question, in
the OpenAPI document's request schemas with their bounds, and a 422 naming the field when out of range."""
from __future__ import annotations

import pytest

import solver
from api import create_app
from solver.examples import MAX_EXAMPLES

from test_api import ADVISE, FIRST_DEAL_EGN, assert_problem, client_call
from conftest import bid_advice

PLAY = {"seat": "S", "hand": "Jd Ah Kh Qs Ts", "dealer": "N", "upcard": "Th", "calls": "Pass h", "tricks": "Ac",
        "worlds": 40, "seed": 2}


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def test_advise_examples_as_the_python_api(client):
    answer = client_call(client, "POST", "/v1/advise", json_body={**ADVISE, "examples": 2})
    assert answer.status == 200
    want = bid_advice(ADVISE["hand"], ADVISE["upcard"], ADVISE["seat"], ADVISE["dealer"], worlds=200, seed=1,
                         examples=2).to_dict()
    assert answer.body["examples"] == 2
    assert [o["examples"] for o in answer.body["options"]] == [o["examples"] for o in want["options"]]
    assert any(o["examples"] for o in answer.body["options"])
    plain = client_call(client, "POST", "/v1/advise", json_body=ADVISE)
    assert "examples" not in plain.body and all("examples" not in o for o in plain.body["options"])


def test_play_examples_as_the_python_api(client):
    answer = client_call(client, "POST", "/v1/play", json_body={**PLAY, "examples": 1})
    assert answer.status == 200
    want = solver.advise_play(solver.seat_view(seat="S", hand="Jd Ah Kh Qs Ts", dealer="N", upcard="Th",
                                               calls="Pass h", tricks="Ac"),
                              solver.Method(worlds=40, seed=2, examples=1)).to_dict()
    assert [c["examples"] for c in answer.body["cards"]] == [c["examples"] for c in want["cards"]]
    assert any(c["examples"] and c["examples"]["examples"] for c in answer.body["cards"])


@pytest.mark.slow
def test_review_examples_bounded_by_the_request(client):
    body = {"egn": FIRST_DEAL_EGN, "worlds": 20, "seed": 1}
    none = client_call(client, "POST", "/v1/review", json_body={**body, "examples": 0})
    assert none.status == 200
    decisions = [d for deal in none.body["deals"] for d in deal["calls"] + deal["cards"]]
    assert decisions and all(d["examples"] is None for d in decisions)
    two = client_call(client, "POST", "/v1/review", json_body={**body, "examples": 2})
    shown = [d["examples"] for deal in two.body["deals"] for d in deal["calls"] + deal["cards"] if d["examples"]]
    assert shown and all(len(ex["examples"]) <= 2 for ex in shown)


@pytest.mark.parametrize("path,body", [("/v1/advise", ADVISE), ("/v1/play", PLAY),
                                       ("/v1/review", {"egn": FIRST_DEAL_EGN, "worlds": 20})])
@pytest.mark.parametrize("bad", [-1, MAX_EXAMPLES + 1, 1.5, "2", True, None])
def test_examples_out_of_range_is_a_422_naming_the_field(client, path, body, bad):
    """A whole number out of range is the engine's own refusal (``invalid-argument``, Python's words); another
    JSON type, the schema's (``invalid-request``)."""
    answer = client_call(client, "POST", path, json_body={**body, "examples": bad})
    whole = isinstance(bad, int) and not isinstance(bad, bool)
    assert_problem(answer, 422, "/problems/invalid-argument" if whole else "/problems/invalid-request", "examples")
    if whole:
        assert answer.body["detail"] == f"examples {bad}: must be a whole number 0..{MAX_EXAMPLES}"


def test_the_openapi_document_states_the_bounds(client):
    doc = client_call(client, "GET", "/openapi.json").body
    schemas = doc["components"]["schemas"]
    for name, default in (("AdviseRequest", 0), ("PlayRequest", 0), ("ReviewRequest", 3)):
        prop = schemas[name]["properties"]["examples"]
        assert (prop["minimum"], prop["maximum"], prop["default"]) == (0, MAX_EXAMPLES, default), prop
        assert "examples" in prop["description"] or "worlds" in prop["description"]
