"""Two-player dummy hands through the front doors: `euchre review` of a dummy-hands record and the
HTTP service (advice with dummies, review of a record). The engine's figures are checked against
brute force in test_dummy_hands.py; here the doors must pass them through unchanged."""
import json

from api import create_app
from solver import Rules, load_game, review_game as review
from solver.cli import main

from conftest import DATA
from conftest import bid_advice
from solver import Method

RECORD = DATA / "dummy-hands-game.json"
README_DECISION = dict(hand="Th Jc Qs Kd As", upcard="Ts", seat="N", dealer="S",
                       dummies="N:9c Tc Jh Ks Ad S:Jd Js Qh Kc Ah")


def test_record_loads_by_its_file_type():
    game = load_game(str(RECORD))
    # the hand worked on paper in test_dummy_hands.py: N ordered hearts, marched tricks 1-5 with
    # Jd Jh Qh Kh Ah (+2), then lost every trick of the dummies' set (S +2): 2-2
    assert game.rules.dummy_hands and game.final_score == (2, 2)


def test_cli_reviews_a_dummy_hands_record(capsys):
    assert main(["review", str(RECORD), "--worlds", "20", "--seed", "1"]) == 0
    text = capsys.readouterr().out
    assert "personal N 5 (N +2), dummies N 0 (S +2), 2-2" in text
    assert main(["review", str(RECORD), "--worlds", "20", "--seed", "1", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert len(out["reviews"]) == 1 and len(out["reviews"][0]["deals"]) == 1


def test_service_advice_with_dummies_is_the_python_advice():
    client = create_app({"TESTING": True}).test_client()
    body = {**README_DECISION, "rules": {"players": 2, "dummy_hands": True}, "worlds": 10}
    answer = client.post("/v1/advise", json=body)
    assert answer.status_code == 200, answer.get_json()
    expected = bid_advice(**README_DECISION, rules=Rules(players=2, dummy_hands=True), worlds=10).to_dict()
    got = answer.get_json()
    assert got["exact"] is True and got["worlds"] == 56          # 8 unseen cards, the opponent holds 5: C(8,5)
    assert [o["expected_points"] for o in got["options"]] == [o["expected_points"] for o in expected["options"]]
    assert got["recommended"] == "pass"


def test_service_reviews_a_dummy_hands_record():
    client = create_app({"TESTING": True}).test_client()
    record = json.loads(RECORD.read_text())
    answer = client.post("/v1/review", json={"egn": record, "worlds": 20, "seed": 1})
    assert answer.status_code == 200, answer.get_json()
    assert answer.get_json() == json.loads(json.dumps(review(load_game(record),
                                                             method=Method(worlds=20, seed=1, examples=3)).to_dict()))
    bad = client.post("/v1/advise", json={**README_DECISION, "worlds": 10})      # dummies without the variant
    assert bad.status_code == 422 and bad.content_type == "application/problem+json"


def test_service_table_with_dummy_hands():
    client = create_app({"TESTING": True}).test_client()
    deal = "N:9d Ac Tc Kd Jd S:Qd Js Kh 9h Jh | N:9c Ks Qh Kc Jc S:Ad As Ah 9s Qs"
    answer = client.post("/v1/table", json={"deal": deal, "dealer": "S", "rules": {"players": 2, "dummy_hands": True}})
    assert answer.status_code == 200, answer.get_json()
    body = answer.get_json()
    # dummies' set, clubs: N holds every trump (Jc Kc 9c) and leads: 3 tricks, S's two aces the rest
    assert body["phases"][1]["c"] == {"N": 3, "S": 2}
    plain = client.post("/v1/table", json={"deal": deal, "dealer": "S", "rules": {"players": 2}})
    assert plain.status_code == 422 and "dummy-hands deal" in plain.get_json()["detail"]
