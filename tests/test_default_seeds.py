"""Without a seed, bid, play and defence advice derive one from the question, the same at every door (CLI and
HTTP), so the same question, however it is spelled, gets the same answer (docs/design.md, "Results")."""
import contextlib
import io
import json

import solver
from api import create_app
from solver.cli import main
from solver.review import content_seed

ADVISE = {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "worlds": 30}
PLAY = {"seat": "E", "hand": "Jh Jd Ah Kh 9s", "dealer": "N", "upcard": "9c", "calls": "Pass Pass Pass Pass h",
        "worlds": 30}


def cli_json(argv) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv + ["--json"]) in (0, None)
    return json.loads(out.getvalue())


def test_http_advise_derives_the_seed_from_the_question_as_the_cli_does():
    c = create_app().test_client()
    a = c.post("/v1/advise", json=ADVISE).get_json()
    b = c.post("/v1/advise", json={**ADVISE, "hand": ["Jd", "kd", "Tc", "AC", "9d"]}).get_json()
    # the question written out by hand: the hand in card order, the rules' dict, no dummies
    want = content_seed({"hand": [str(x) for x in sorted(solver.parse_cards("9d Ac Tc Kd Jd"))],
                         "upcard": "Kc", "seat": "N", "dealer": "S", "round": 1,
                         "rules": solver.Rules().to_dict(), "dummies": None})
    assert a["seed"] == b["seed"] == want
    assert a["options"] == b["options"]
    cli = cli_json(["advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S",
                    "--worlds", "30"])
    assert cli["seed"] == want


def test_http_play_derives_the_seed_from_the_view_as_the_cli_does():
    c = create_app().test_client()
    a = c.post("/v1/play", json=PLAY).get_json()
    b = c.post("/v1/play", json={**PLAY, "hand": "9s Kh Ah Jd Jh"}).get_json()
    keys = {k: v for k, v in PLAY.items() if k != "worlds"}
    want = content_seed(solver.seat_view(**keys).to_dict())
    assert a["seed"] == b["seed"] == want
    cli = cli_json(["play", "--seat", "E", "--hand", "Jh Jd Ah Kh 9s", "--dealer", "N", "--upcard", "9c",
                    "--calls", "Pass Pass Pass Pass h", "--worlds", "30"])
    assert cli["seed"] == want


def test_a_given_seed_is_kept():
    c = create_app().test_client()
    assert c.post("/v1/advise", json={**ADVISE, "seed": 5}).get_json()["seed"] == 5
    assert c.post("/v1/play", json={**PLAY, "seed": 5}).get_json()["seed"] == 5
