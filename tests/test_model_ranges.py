"""Every number of a bidding model is checked for range and refused naming its field (issue 37, item 1).

A model file's figures are count units (or chances) and its provenance holds counts and seeds: a huge JSON
integer, NaN, Infinity or a boolean anywhere is a :class:`~solver.errors.ModelError` naming the field, over
every door (a file, a model's JSON inline, a ``BiddingModel`` object, the command, the service), never an
OverflowError or a 500.
"""
import json
import math

import pytest

from solver.bidding import DEFAULT_MODEL, BiddingModel, load_model_file, resolve_model
from solver.bidding.figures import MAX_FIGURE, MAX_RECORD_NUMBER
from solver.bidding.policy import POLICY, BiddingPolicy
from solver.cli import main
from solver.errors import EuchreError, ModelError, quoted

HUGE = 10 ** 400


def edited(path: tuple, value) -> dict:
    """The shipped model's JSON with the member at ``path`` set to ``value`` (and a name of its own)."""
    data = json.loads(json.dumps(DEFAULT_MODEL.to_dict()))
    data["name"] = "edited"
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return data


CASES = [
    (("count", "trump_points", "A"), HUGE, "at count/trump_points/A: 1000000"),
    (("count", "trump_points", "A"), -HUGE, "at count/trump_points/A: -1000000"),
    (("count", "order", "left"), HUGE, "at count/order/left: 1000000"),
    (("count", "alone"), 1e300, "at count/alone: 1e+300: not a finite number within ±1000"),
    (("count", "dummy_weight"), 1001, "at count/dummy_weight: 1001: not a finite number within ±1000"),
    (("order", 2), HUGE, "at order/2: 1000000"),
    (("spread",), HUGE, "at spread: 1000000"),
    (("floor",), HUGE, "at floor: 1000000"),
    (("count", "trump_points", "A"), math.nan, "at count/trump_points/A: nan: not a finite number"),
    (("alone",), math.inf, "at alone: inf: not a finite number"),
    (("provenance", "decisions"), HUGE, "at provenance/decisions: 1000000"),
    (("provenance", "calibration", 0, "n"), -math.inf, "at provenance/calibration/0/n: -inf: not a finite number"),
]


@pytest.mark.parametrize("path, value, message", CASES, ids=[f"{'/'.join(map(str, p))}={quoted(v, 12)}"
                                                              for p, v, _ in CASES])
def test_a_number_out_of_range_is_refused_naming_its_field(tmp_path, path, value, message):
    data = edited(path, value)
    with pytest.raises(ModelError) as err:
        resolve_model(data)
    assert str(err.value).startswith("model: ") and message in str(err.value), str(err.value)
    assert len(str(err.value)) < 300                  # a huge number is quoted short
    file = tmp_path / "m.json"
    file.write_text(json.dumps(data))                 # (NaN and Infinity written as Python's json writes them)
    with pytest.raises(ModelError) as err:
        load_model_file(file)
    assert str(err.value).startswith(f"model file {str(file)!r}: ") and message in str(err.value), str(err.value)


def test_the_bounds_are_stated_and_the_shipped_models_lie_within_them():
    assert MAX_FIGURE == 1000 and MAX_RECORD_NUMBER == 2 ** 64
    from solver.bidding.named import MODELS
    for model in MODELS.values():
        assert resolve_model(json.loads(json.dumps(model.to_dict()))) == model


@pytest.mark.parametrize("path, message", [
    (("count", "plain_king"), "at count/plain_king: True is not of type 'number'"),
    (("order", 0), "at order/0: True is not of type 'number'"),
])
def test_a_boolean_is_not_a_number(path, message):
    with pytest.raises(ModelError, match=message):
        resolve_model(edited(path, True))


@pytest.mark.parametrize("given, message", [  # ids: the message's field
    ({"trump_points": {**POLICY.to_dict()["trump_points"], "A": HUGE}}, "at trump_points/A: 1000000"),
    ({"plain_ace": "1"}, "at plain_ace: '1': not a number"),
    ({"void_bonus": True}, "at void_bonus: True: not a number"),
    ({"alone": math.nan}, "at alone: nan: not a finite number within ±1000"),
    ({"order": {"dealer": 1, "left": 2, "partner": 3, "right": HUGE}}, "at order/right: 1000000"),
], ids=["trump_points", "text", "bool", "nan", "order"])
def test_a_count_from_a_dict_refuses_what_is_no_figure(given, message):
    with pytest.raises(ModelError) as err:
        BiddingPolicy.from_dict(given)
    assert str(err.value).startswith("bidding policy: ") and message in str(err.value), str(err.value)


@pytest.mark.parametrize("make, message", [
    (lambda: BiddingModel(name="o", count=BiddingPolicy(alone=1e300)), "at count/alone: 1e+300"),
    (lambda: BiddingModel(name="o", count=BiddingPolicy(order=(1.0, 2.0, HUGE, 4.0))),
     "at count/order/partner: 1000000"),
    (lambda: BiddingModel(name="o", order=(1.0, 2.0, 3.0, HUGE)), "at order/3: 1000000"),
    (lambda: BiddingModel(name="o", suit_spread=True), "at suit_spread: True: not a number"),
    (lambda: BiddingModel(name="o", spread="wide"), "at spread: 'wide': not a number"),
], ids=["count-alone", "count-order", "order", "bool-spread", "text-spread"])
def test_a_model_object_is_checked_the_same(make, message):
    with pytest.raises(ModelError) as err:
        resolve_model(make())             # (the spreads are refused as the object is made)
    assert str(err.value).startswith("model: bidding model 'o': " if "spread" not in message else
                                     "bidding model 'o': ") and message in str(err.value), str(err.value)


# -- the doors: the command and the service -------------------------------------------------------------------
def test_the_command_refuses_a_huge_figure_without_a_traceback(tmp_path, capsys):
    file = tmp_path / "huge.json"
    file.write_text(json.dumps(edited(("count", "trump_points", "A"), HUGE)))
    argv = ["advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S", "--seed", "1",
            "--worlds", "20", "--model", str(file)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"euchre: error: model file {str(file)!r}: at count/trump_points/A: 1000000")
    assert "within ±1000" in err and "Traceback" not in err and err.count("\n") == 1


@pytest.fixture(scope="module")
def client():
    from api import create_app
    return create_app({"TESTING": True}).test_client()


def _one_deal_egn():
    from conftest import EGN_DIR
    data = json.loads((EGN_DIR / "vwec-finals.egn").read_text())
    data["deals"] = data["deals"][:1]
    return data


@pytest.mark.parametrize("route, body", [
    ("/v1/advise", {"hand": "9h 9s Ts Jc Qh", "upcard": "Ks", "seat": "E", "dealer": "N", "seed": 1, "worlds": 20}),
    ("/v1/play", {"seat": "W", "hand": "Jh Jd As Ac", "dealer": "S", "upcard": "9s", "calls": "Pass Pass Pass Pass h",
                  "tricks": "Ah 9h Th Qh; ", "worlds": 20, "seed": 1}),
    ("/v1/defend", {"seat": "W", "hand": "Jh Jd Ah Kc Qc", "dealer": "S", "upcard": "9h", "calls": "Pass Order",
                    "worlds": 20, "seed": 1}),
    ("/v1/review", {"worlds": 10, "seed": 1}),
])
@pytest.mark.parametrize("path, value", [(("count", "trump_points", "A"), HUGE), (("provenance", "deals"), -HUGE)],
                         ids=["trump-points", "provenance"])
def test_the_service_answers_422_naming_the_field(client, route, body, path, value):
    if route == "/v1/review":
        body = {**body, "egn": _one_deal_egn()}
    # the body as a client sends it: Flask's JSON reader takes the big integer as Python does
    r = client.post(route, data=json.dumps({**body, "model": edited(path, value)}), content_type="application/json")
    assert r.status_code == 422, r.get_data(as_text=True)[:500]
    problem = r.get_json()
    assert r.mimetype == "application/problem+json" and problem["type"] == "/problems/invalid-model"
    assert problem["detail"].startswith(f"model: at {'/'.join(map(str, path))}: ")
    assert problem["field"] == "model"


def test_every_model_error_is_an_euchre_error():
    assert issubclass(ModelError, EuchreError)
