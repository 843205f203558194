"""The typed response models of /v1/advise, /v1/play, /v1/defend, /v1/exchange and /v1/review (api/answers.py):
real answers of each route validate against its model, the OpenAPI document names the model as the 200 answer,
and a model refuses an answer with a member it does not name or without one it requires."""
import copy

import pytest
from pydantic import ValidationError

from api import create_app
from api.answers import (AdviseResponse, DefendResponse, ExchangeResponse, PlayCardOut, PlayResponse,
                         ReviewResponse)
from test_api_fields import GOOD

SCORE = {"score": {"NS": 8, "EW": 6}}
MODELS = {"/v1/advise": AdviseResponse, "/v1/play": PlayResponse, "/v1/defend": DefendResponse,
          "/v1/exchange": ExchangeResponse, "/v1/review": ReviewResponse}

#: each route's request from test_api_fields.GOOD, and variants that add the members a plain answer leaves out
REQUESTS = [
    ("/v1/advise", {}),
    ("/v1/advise", {**SCORE, "examples": 1}),
    ("/v1/advise", {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "worlds": 20,
                    "rules": {"players": 2, "dummy_hands": True}, "dummies": "N:9h Th Qh Ah 9s S:Ts Qs Ks As 9c"}),
    ("/v1/play", {}),
    ("/v1/play", {**SCORE, "examples": 1, "inference": "both"}),
    ("/v1/defend", {}),
    ("/v1/exchange", {}),
    ("/v1/review", {}),
    ("/v1/review", {"annotate": True}),
]


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


@pytest.fixture(scope="module")
def answers(client) -> dict:
    out = {}
    for path, extra in REQUESTS:
        body = extra if "hand" in extra else {**GOOD[path], **extra}
        r = client.post(path, json=body)
        assert r.status_code == 200, (path, extra, r.get_json())
        out[(path, tuple(sorted(extra)))] = r.get_json()
    return out


@pytest.mark.parametrize("path,extra", REQUESTS, ids=lambda v: v if isinstance(v, str) else "+".join(sorted(v)))
def test_a_real_answer_validates_against_its_model(answers, path, extra):
    answer = answers[(path, tuple(sorted(extra)))]
    model = MODELS[path].model_validate(answer)
    assert model.model_dump(exclude_unset=True).keys() == answer.keys()


def test_the_variants_reach_the_optional_members(answers):
    """The requests above do show the members a plain answer leaves out (else their fields go unchecked)."""
    scored = answers[("/v1/advise", ("examples", "score"))]
    assert scored["margin_unit"] == "p_win_game" and "p_win_game" in scored["options"][0]
    assert "examples" in scored["options"][0]
    assert "dummies" in answers[("/v1/advise", ("dealer", "dummies", "hand", "rules", "seat", "upcard", "worlds"))]
    play = answers[("/v1/play", ("examples", "inference", "score"))]
    assert "told" in play and "p_win_game_interval" in play["cards"][0] and "examples" in play["cards"][0]
    assert "annotated_egn" in answers[("/v1/review", ("annotate",))]


def test_the_models_refuse_a_member_they_do_not_name_and_need_the_ones_they_do(answers):
    answer = answers[("/v1/play", ())]
    extra = {**answer, "surprise": 1}
    with pytest.raises(ValidationError, match="surprise"):
        PlayResponse.model_validate(extra)
    card = copy.deepcopy(answer["cards"][0])
    card["p_make"] = "high"
    with pytest.raises(ValidationError, match="p_make"):
        PlayCardOut.model_validate(card)
    for path, model in MODELS.items():
        some = next(a for (p, _e), a in answers.items() if p == path)
        first = next(iter(some))
        with pytest.raises(ValidationError, match=first):
            model.model_validate({k: v for k, v in some.items() if k != first})


@pytest.mark.parametrize("path", sorted(MODELS))
def test_the_openapi_document_names_the_model_as_the_answer(client, path):
    doc = client.get("/openapi.json").get_json()
    name = MODELS[path].__name__
    ok = doc["paths"][path]["post"]["responses"]["200"]["content"]["application/json"]["schema"]
    assert ok == {"$ref": f"#/components/schemas/{name}"}
    schema = doc["components"]["schemas"][name]
    assert schema["additionalProperties"] is False
    assert set(MODELS[path].model_fields) == set(schema["properties"])


def test_the_card_answers_declare_their_shared_members_once(client):
    """/v1/play's and /v1/lead's answers share ~20 members: one home (api.answers.CardQuestionOut), neither model
    declaring one of them again, and each model still names exactly the members of a real answer (the JSON shape
    as before), in the OpenAPI document too."""
    from api.answers import CardQuestionOut
    from api.schemas import LeadResponse
    shared = set(CardQuestionOut.model_fields)
    assert {"seat", "best", "margin", "worlds", "play", "notes"} <= shared
    doc = client.get("/openapi.json").get_json()["components"]["schemas"]
    for path, model, body in (("/v1/play", PlayResponse, GOOD["/v1/play"]),
                              ("/v1/lead", LeadResponse, {**GOOD["/v1/lead"], "worlds": 50})):
        assert issubclass(model, CardQuestionOut)
        assert not shared & set(model.__annotations__), model          # declared in the subclass again
        answer = client.post(path, json=body)
        assert answer.status_code == 200, answer.get_json()
        required = {k for k, f in model.model_fields.items() if f.is_required()}
        assert required <= set(answer.get_json()) <= set(model.model_fields), path
        assert set(doc[model.__name__]["properties"]) == set(model.model_fields)
        assert doc[model.__name__]["additionalProperties"] is False
