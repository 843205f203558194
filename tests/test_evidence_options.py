"""``--inference`` and ``--play-model`` on every view-based card command (euchre play, lead, compare), added by one
helper; the lead table and POST /v1/lead take the play model too; and defend advice records the evidence it
weighed, as play advice does."""
import argparse
import contextlib
import io
import json

import pytest

import solver
from solver.cli import build_parser, main
from solver import Method, seat_view

# W ruffed the first heart with the right bower and leads the second trick: the cards say something (E led
# hearts, S and N followed), so weighing them moves the worlds
VIEW = dict(seat="W", hand="Ac Kc Tc 9d", dealer="N", upcard="Ks", calls="Order", tricks="9h Th Js Qh")
ARGV = ["--seat", "W", "--hand", "Ac Kc Tc 9d", "--dealer", "N", "--upcard", "Ks", "--calls", "Order",
        "--tricks", "9h Th Js Qh", "--worlds", "100", "--seed", "1", "--json"]


def run(argv) -> dict:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return json.loads(out.getvalue())


def plain(result) -> dict:
    return json.loads(json.dumps(result.to_dict()))


@pytest.mark.parametrize("command", ["play", "lead", "compare"])
def test_the_card_commands_take_the_same_evidence_options(command):
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    options = {o for a in sub.choices[command]._actions for o in a.option_strings}
    assert {"--inference", "--play-model", "--no-inference"} <= options


def test_euchre_lead_weighs_the_cards_with_inference_both():
    both = run(["lead", *ARGV, "--inference", "both", "--play-model", "2"])
    assert both == plain(solver.lead_table(seat_view(**VIEW), Method(worlds=100, seed=1, inference="both", play_model=2.0)))
    auction = run(["lead", *ARGV])
    assert auction == plain(solver.lead_table(seat_view(**VIEW), Method(worlds=100, seed=1)))
    assert both["effective_worlds"] < auction["effective_worlds"]      # the cards weighed: the worlds unequal
    assert run(["lead", *ARGV, "--inference", "none"]) == plain(solver.lead_table(seat_view(**VIEW), Method(worlds=100, seed=1, inference="none")))


def test_euchre_compare_weighs_the_cards_with_inference_both():
    both = run(["compare", "Ac", "9d", *ARGV, "--inference", "both"])
    assert both == plain(solver.compare(VIEW, "Ac", "9d",
                                        method=Method(worlds=100, seed=1, inference="both", examples=3)))
    flat = run(["compare", "Ac", "9d", *ARGV, "--inference", "both", "--play-model", "flat"])
    auction = run(["compare", "Ac", "9d", *ARGV])
    assert both["effective_worlds"] < auction["effective_worlds"]
    assert flat["effective_worlds"] == auction["effective_worlds"]     # the flat model weighs no card


def test_no_inference_and_inference_play_together_are_refused(capsys):
    assert main(["lead", *ARGV, "--no-inference", "--inference", "play"]) == 2
    assert "--no-inference and --inference play: give one of them" in capsys.readouterr().err


def test_v1_lead_takes_the_play_model():
    from api import create_app
    client = create_app().test_client()
    body = {**VIEW, "worlds": 100, "seed": 1, "inference": "both", "play_model": 2.0}
    resp = client.post("/v1/lead", json=body)
    assert resp.status_code == 200
    assert resp.get_json() == plain(solver.lead_table(seat_view(**VIEW), Method(worlds=100, seed=1, inference="both", play_model=2.0)))


@pytest.mark.parametrize("path", ["/v1/play", "/v1/lead", "/v1/compare"])
@pytest.mark.parametrize("inference, reading", [(None, "auction"), (True, "auction"), ("auction", "auction"),
                                                (False, "none"), ("none", "none")])
def test_a_play_model_the_inference_would_not_read_is_refused_by_name(path, inference, reading):
    """The play model weighs only the cards played: asked beside the calls alone (the default) or no evidence it
    was dropped unread and the answer said nothing; now the request is a 422 naming play_model and the inference, in
    the engine's words (solver.advisor.method.check_reads)."""
    from api import create_app
    client = create_app().test_client()
    body = {**VIEW, "worlds": 100, "seed": 1, "play_model": 2.0}
    if path == "/v1/compare":
        body.update(a="Ac", b="9d")
    if inference is not None:
        body["inference"] = inference
    resp = client.post(path, json=body)
    assert resp.status_code == 422, resp.get_json()
    problem = resp.get_json()
    assert resp.mimetype == "application/problem+json"
    assert problem["field"] == "play_model", problem
    assert f"play_model with inference {reading}" in problem["detail"], problem
    # the same body weighing the cards is answered
    assert client.post(path, json={**body, "inference": "both"}).status_code == 200


DEFEND = dict(seat="S", hand="Jh Jd Ah Kc Qc", dealer="N", upcard="9h", calls="Order", alone=True,
              rules={"defend_alone": True})


@pytest.mark.parametrize("given, recorded", [(True, "auction"), (False, "none"), ("auction", "auction"),
                                             ("none", "none"), ("play", "play"), ("both", "both")])
def test_defend_advice_records_the_inference(given, recorded):
    advice = solver.advise_defend(seat_view(**DEFEND), Method(worlds=100, seed=1, inference=given))
    assert advice.inference == recorded and advice.to_dict()["inference"] == recorded
    weighed = " (players-1)" if recorded in ("auction", "both") else ""
    assert str(advice).splitlines()[0].endswith(f"100 worlds, inference {recorded}{weighed}")
    # what was weighed: the calls for auction and both (before the first card no card is), nothing otherwise
    assert (advice.method == "uniform") == (recorded in ("none", "play"))


def test_defend_doors_record_the_inference():
    from api import create_app
    resp = create_app().test_client().post("/v1/defend", json={
        "seat": "S", "hand": "Jh Jd Ah Kc Qc", "dealer": "N", "upcard": "9h", "calls": "Order", "worlds": 100,
        "seed": 1, "inference": "none"})
    assert resp.status_code == 200 and resp.get_json()["inference"] == "none"
    got = run(["defend", "--seat", "S", "--hand", "Jh Jd Ah Kc Qc", "--dealer", "N", "--upcard", "9h", "--calls",
               "Order", "--worlds", "100", "--seed", "1", "--json"])
    assert got["inference"] == "auction"


def test_compare_at_a_bid_takes_the_inference_names():
    # before the first card: play weighs no card (uniform worlds, as false), both weighs the calls (as true)
    bid = dict(seat="S", hand="Jh Ah Kh 9c 9s", dealer="N", upcard="Qh", calls="Pass")
    by_flag = {flag: plain(solver.compare(bid, "order", "pass",
                                          method=Method(worlds=200, seed=1, inference=flag, examples=3)))
               for flag in (True, False)}
    assert by_flag[True] != by_flag[False]
    for name, flag in (("auction", True), ("both", True), ("none", False), ("play", False)):
        assert plain(solver.compare(bid, "order", "pass",
                                    method=Method(worlds=200, seed=1, inference=name, examples=3))) == by_flag[flag]
    argv = ["compare", "order", "pass", "--seat", "S", "--hand", "Jh Ah Kh 9c 9s", "--dealer", "N", "--upcard", "Qh",
            "--calls", "Pass", "--worlds", "200", "--seed", "1", "--json"]
    assert run(argv) == by_flag[True] and run(argv + ["--inference", "none"]) == by_flag[False]
