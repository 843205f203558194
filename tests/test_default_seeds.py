"""Without a seed, every question derives one from itself, the same at every door (Python, CLI and HTTP), so the
same question, however it is spelled, gets the same answer (docs/design.md, "Results")."""
import contextlib
import io
import json

import solver
from api import create_app
from solver.cli import main
from solver.seeds import content_seed
from conftest import bid_advice
from conftest import exchange_advice
from solver import Method, seat_view

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


def test_python_advise_without_a_seed_is_the_cli_and_http_answer():
    # issue 35: two Python calls without a seed used to draw two fresh seeds (+0.40 and +0.84)
    kw = {k: v for k, v in ADVISE.items() if k != "worlds"}
    a = bid_advice(**kw, worlds=30).to_dict()
    b = bid_advice(hand=["jd", "KD", "Tc", "Ac", "9d"], upcard=solver.Card.parse("Kc"), seat=solver.Seat.N,
                      dealer="s", worlds=30).to_dict()
    want = content_seed({"hand": [str(x) for x in sorted(solver.parse_cards("9d Ac Tc Kd Jd"))],
                         "upcard": "Kc", "seat": "N", "dealer": "S", "round": 1,
                         "rules": solver.Rules().to_dict(), "dummies": None})
    assert a["seed"] == want
    assert {**a, "hand": None} == {**b, "hand": None}          # the answer echoes the hand as spelled
    http = create_app().test_client().post("/v1/advise", json=ADVISE).get_json()
    assert http == json.loads(json.dumps(a))
    cli = cli_json(["advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S",
                    "--worlds", "30"])
    assert cli == json.loads(json.dumps(a))


def test_python_card_questions_without_a_seed_are_the_cli_answers():
    keys = {k: v for k, v in PLAY.items() if k != "worlds"}
    view = solver.seat_view(**keys)
    want = content_seed(view.to_dict())
    play = solver.advise_play(view, Method(worlds=30)).to_dict()
    assert play["seed"] == want and play == solver.advise_play(seat_view(**{**keys, "hand": "9s Kh Ah Jd Jh"}), Method(worlds=30)).to_dict()
    cli_play = ["--seat", "E", "--hand", "Jh Jd Ah Kh 9s", "--dealer", "N", "--upcard", "9c",
                "--calls", "Pass Pass Pass Pass h", "--worlds", "30"]
    assert cli_json(["play", *cli_play]) == json.loads(json.dumps(play))
    drawn = solver.sample_worlds(view, worlds=30)               # the worlds the play advice draws
    assert drawn.seed == want and (drawn.hands == solver.sample_worlds(**keys, worlds=30).hands).all()
    lead = solver.lead_table(view, Method(worlds=30)).to_dict()          # E leads the first trick (N dealt)
    assert lead["seed"] == want and cli_json(["lead", *cli_play]) == json.loads(json.dumps(lead))
    cmp = solver.compare(view, "Jh", "9s",
                         method=Method(worlds=30, examples=3)).to_dict()  # a card question: the play advice's seed
    assert cmp["seed"] == want and cli_json(["compare", *cli_play, "Jh", "9s"]) == json.loads(
        json.dumps(cmp))


def test_python_compare_of_calls_takes_the_bid_advice_seed():
    view = solver.seat_view(seat="N", hand="9d Ac Tc Kd Jd", dealer="W", upcard="Kc")      # N bids first
    got = solver.compare(view, "pass", "order", method=Method(worlds=30, examples=3)).to_dict()
    assert got["seed"] == bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "W", worlds=30).seed
    assert got == solver.compare(method=Method(worlds=30, examples=3), seat="n", hand="Jd Kd Tc Ac 9d", dealer="w",
                                 upcard="kc", a="pass", b="order").to_dict()


def test_python_defend_and_exchange_without_a_seed_are_the_cli_answers():
    rules = solver.Rules(defend_alone=True)
    view = solver.seat_view(seat="W", hand="Jh Jd Ah Kc Qc", dealer="S", upcard="9h", calls="Pass Order",
                            alone=True, rules=rules)
    defend = solver.advise_defend(view, Method(worlds=30)).to_dict()
    assert defend["seed"] == content_seed(view.to_dict())
    assert cli_json(["defend", "--seat", "W", "--hand", "Jh Jd Ah Kc Qc", "--dealer", "S", "--upcard", "9h",
                     "--calls", "Pass Order", "--worlds", "30"]) == json.loads(json.dumps(defend))
    go_under = solver.Rules(go_under=True)
    exchange = exchange_advice(["Qs", "Qh", "9c", "Qd", "Tc"], "jc", "e", "N", go_under, worlds=10).to_dict()
    assert exchange["seed"] == content_seed({"exchange": "9c Tc Qd Qh Qs", "upcard": "Jc", "seat": "E",
                                             "dealer": "N", "rules": go_under.to_dict()})
    assert cli_json(["exchange", "--hand", "Qs Qh 9c Qd Tc", "--upcard", "Jc", "--seat", "E", "--dealer", "N",
                     "--go-under", "--worlds", "10"]) == json.loads(json.dumps(exchange))


def test_a_review_without_a_seed_takes_the_records_whatever_door():
    from pathlib import Path

    from solver.seeds import default_seed
    path = Path(__file__).parent / "data" / "egn" / "custom-scenario.egn"
    want = content_seed(json.loads(path.read_text()))              # euchre review FILE's seed, unchanged
    loaded = solver.load_egn(path)
    assert default_seed(loaded) == want                             # this reader keeps every member of it
    got = solver.review_game(loaded, method=Method(worlds=10, examples=3)).to_dict()
    assert got["seed"] == want
    http = create_app().test_client().post("/v1/review", json={"egn": json.loads(path.read_text()),
                                                               "worlds": 10}).get_json()
    assert http["seed"] == want and http["deals"] == json.loads(json.dumps(got["deals"]))
    h = solver.Hand.from_deal("N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh", upcard="9h",
                              dealer="S")
    assert default_seed(h) == default_seed(h) == content_seed(json.loads(solver.dump_egn(h)))
