"""House rules of EGN's ruleset: Canadian loners end to end, and the clear refusal of the rules not built."""
import json

import pytest

import solver
from solver import Method, Rules, Seat, dump_egn, load_egn, seat_view
from solver.errors import EGNError, IllegalActionError, RulesError
from solver.game import ALONE, Hand, Phase
from solver.laws import check_call, must_go_alone
from conftest import bid_advice

DEAL = "N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh"
CANADIAN = Rules(canadian=True)


# -- the rule -------------------------------------------------------------------------------------------
def test_canadian_rules_field_and_egn_round_trip():
    assert Rules().canadian is False
    r = Rules(canadian=True, stick_the_dealer=True)
    assert r.to_egn()["canadian"] is True and "canadian" not in Rules().to_egn()
    assert Rules.from_egn(r.to_egn()) == r
    assert Rules.from_egn({"canadian": True}).canadian is True
    assert Rules.from_dict({"canadian": True}) == CANADIAN
    with pytest.raises(RulesError, match="canadian: Canadian loners are a four-player rule"):
        Rules(players=2, canadian=True)
    with pytest.raises(RulesError, match="canadian 1: must be true or false"):
        Rules(canadian=1)


def test_must_go_alone_is_the_dealers_partner_in_round_1_only():
    # dealer S: its partner is N; E and W and S itself choose, and round 2 is free for everyone
    assert [must_go_alone(seat, 2, 1, CANADIAN) for seat in range(4)] == [True, False, False, False]
    assert not any(must_go_alone(seat, 2, 2, CANADIAN) for seat in range(4))
    assert not any(must_go_alone(seat, 2, 1, Rules()) for seat in range(4))
    with pytest.raises(IllegalActionError, match="'order': Canadian loners: the dealer's partner who orders up "
                                                 "must go alone"):
        check_call("order", None, False, 1, 2, 0, 2, CANADIAN)
    check_call("order", None, True, 1, 2, 0, 2, CANADIAN)        # alone is fine
    check_call("order", None, False, 1, 2, 1, 2, CANADIAN)       # E, an opponent, orders up with its partner


# -- the rules engine -------------------------------------------------------------------------------------
def play_out(hand):
    while not hand.is_over:
        hand.apply(hand.legal_actions()[0])
    return hand


def test_engine_dealers_partner_who_orders_up_must_go_alone():
    h = Hand.from_deal(DEAL, upcard="9h", dealer="S", rules=CANADIAN)
    h.apply("pass")             # W
    h.apply("order")            # N, the dealer's partner
    h.apply("discard Ts")       # S discards: S then sits out
    assert h.phase is Phase.ALONE and h.legal_actions() == [ALONE]
    assert not h.can_go_alone(False)
    with pytest.raises(IllegalActionError, match="N cannot play with partner: Canadian loners"):
        h.go_alone(False)
    h.go_alone(True)
    assert h.alone == Seat.N and h.seats_in_play == (0, 1, 3)


def test_engine_others_and_round_2_keep_the_choice():
    h = Hand.from_deal(DEAL, upcard="9h", dealer="S", rules=CANADIAN)
    h.apply("order")            # W, left of the dealer
    h.apply("discard Ts")
    assert h.legal_actions() == [ALONE, solver.game.WITH_PARTNER]
    h = Hand.from_deal(DEAL, upcard="9h", dealer="S", rules=CANADIAN)
    for action in ["pass"] * 5 + ["call c"]:            # round 2: N names clubs
        h.apply(action)
    assert h.maker == Seat.N and h.legal_actions() == [ALONE, solver.game.WITH_PARTNER]


# -- EGN ------------------------------------------------------------------------------------------------
def canadian_record(alone: bool, rules=CANADIAN) -> str:
    h = Hand.from_deal(DEAL, upcard="9h", dealer="S", rules=rules)
    for action in ["pass", "order", "discard Ts", "alone" if alone else "partner"]:
        h.apply(action)
    return dump_egn(play_out(h))


def test_egn_writes_and_reads_a_canadian_record():
    text = canadian_record(alone=True)
    data = json.loads(text)
    assert data["metadata"]["ruleset"]["canadian"] is True
    game = load_egn(text)
    assert game.rules.canadian and game.deals[0].hand.alone == Seat.N
    assert json.loads(dump_egn(game))["metadata"]["ruleset"]["canadian"] is True


def test_egn_refuses_a_canadian_record_where_the_dealers_partner_assists():
    data = json.loads(canadian_record(alone=False, rules=Rules()))
    data["metadata"]["ruleset"]["canadian"] = True
    with pytest.raises(EGNError, match="deal 0 .*N cannot play with partner: Canadian loners"):
        load_egn(json.dumps(data))


# -- the advisor, the command line, HTTP, match play --------------------------------------------------------
def test_advisor_dealers_partner_order_is_alone_only():
    adv = bid_advice("Jh Ah Kh 9c 9s", "Th", "N", "S", round=1, rules=CANADIAN, worlds=60, seed=1)
    assert [(o.action, o.alone) for o in adv.options] == [("pass", False), ("order", True)]
    plain = bid_advice("Jh Ah Kh 9c 9s", "Th", "N", "S", round=1, worlds=60, seed=1)
    assert [(o.action, o.alone) for o in plain.options] == [("pass", False), ("order", False), ("order", True)]
    with pytest.raises(IllegalActionError, match="Canadian loners"):
        bid_advice("Jh Ah Kh 9c 9s", "Th", "N", "S", round=1, rules=CANADIAN, worlds=60, seed=1, calls=["order"])
    other = bid_advice("Jh Ah Kh 9c 9s", "Th", "W", "S", round=1, rules=CANADIAN, worlds=60, seed=1)
    assert [(o.action, o.alone) for o in other.options] == [("pass", False), ("order", False), ("order", True)]


def test_cli_and_http_take_canadian():
    from api import create_app
    from solver.cli import main
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["advise", "--hand", "Jh Ah Kh 9c 9s", "--upcard", "Th", "--seat", "N", "--dealer", "S",
                     "--canadian", "--worlds", "60", "--seed", "1", "--json"]) == 0
    assert [o["call"] for o in json.loads(out.getvalue())["options"]] == ["pass", "order alone"]
    client = create_app({"TESTING": True}).test_client()
    body = {"hand": "Jh Ah Kh 9c 9s", "upcard": "Th", "seat": "N", "dealer": "S", "worlds": 60, "seed": 1,
            "rules": {"canadian": True}}
    resp = client.post("/v1/advise", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 200 and [o["call"] for o in resp.get_json()["options"]] == ["pass", "order alone"]
    body["rules"] = {"canadian": True, "players": 2}
    resp = client.post("/v1/advise", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 422 and "Canadian loners are a four-player rule" in resp.get_json()["detail"]


def test_match_offers_the_dealers_partner_order_alone_only(tmp_path):
    from solver.match.protocol import legal_tokens
    h = Hand.from_deal(DEAL, upcard="9h", dealer="S", rules=CANADIAN)
    h.apply("pass")
    assert legal_tokens(h.view("N"), "bid") == ["pass", "order alone"]
    h2 = Hand.from_deal(DEAL, upcard="9h", dealer="S", rules=CANADIAN)
    assert legal_tokens(h2.view("W"), "bid") == ["pass", "order", "order alone"]
    result = solver.play_match("random", "policy", deals=12, seed=5, rules=CANADIAN)
    assert result.to_dict()["rules"]["canadian"] is True


def test_par_under_canadian_has_no_assist():
    from test_par import check_against_reference, random_deal
    for seed in range(4):
        deal, upcard = random_deal(CANADIAN, 500 + seed)
        got = check_against_reference(deal, upcard, "S", CANADIAN)
        for step in got.steps:
            if step.seat == Seat.N and "alone" in step.options and got.round == 1 and got.maker == "N":
                assert "partner" not in step.options


def test_review_of_a_canadian_record():
    game = load_egn(canadian_record(alone=True))
    r = solver.review_game(game, method=Method(worlds=10, seed=1, inference=False, examples=3), score=False)
    [n_call] = [c for c in r.deals[0].calls if str(c.seat) == "N"]
    assert n_call.call == "order alone"
    assert [o["call"] for o in n_call.to_dict(True)["options"]] == ["pass", "order alone"]


# -- the EGN ruleset fields not built: refused by name ---------------------------------------------------------
@pytest.mark.parametrize("key,words", [
    ("fast_break", "fast break"), ("four_trick_tokens", "four-trick"),
])
def test_unbuilt_ruleset_fields_are_refused_by_name(key, words):
    with pytest.raises(RulesError, match=rf"ruleset '{key}' \({words}.*\): this variant is not supported"):
        Rules.from_egn({key: True})
    data = json.loads(canadian_record(alone=True))
    data["metadata"]["ruleset"][key] = True
    with pytest.raises(EGNError, match=rf"metadata.ruleset: ruleset '{key}'"):
        load_egn(json.dumps(data))
    assert Rules.from_egn({key: False}) == Rules.from_egn({})          # off: the same game


# -- defend alone: the advice ---------------------------------------------------------------------------------
DEFEND = Rules(defend_alone=True)


def loner_hand(deal, rules=DEFEND):
    h = Hand.from_deal(deal, upcard="9h", dealer="S", rules=rules)
    for action in ["pass", "order", "discard Ts", "alone"]:       # W passes, N orders up alone, S discards
        h.apply(action)
    return h


def test_defend_alone_hand_checked_three_top_trumps():
    # W holds Jh Jd Ah, the three highest trumps: each trick W plays one of them in is W's, so the loner
    # takes at most 2 in every world: euchred, +2 with partner, +4 alone (lone_defender_score).
    h = loner_hand("N:Kh Qh Th 9c Ac E:9d Td Qd Kd Ad S:Js As Ks Qs Ts W:Jh Jd Ah Kc Qc")
    assert h.phase is Phase.DEFEND_ALONE and h.to_act == Seat.W
    adv = solver.advise_defend(h.view(Seat.W), Method(worlds=40, seed=1))
    partner, alone = adv.options
    assert (partner.choice, alone.choice) == ("defend partner", "defend alone")
    assert partner.expected_points == 2 and alone.expected_points == 4
    assert partner.p_euchre == alone.p_euchre == 1 and alone.p_march == 0
    assert adv.best == "defend alone" and adv.margin == 2 and adv.margin_interval == (2.0, 2.0)
    assert adv.to_dict()["best"] == "defend alone"


def test_defend_alone_figures_equal_a_plain_solve_of_each_world():
    from solver import Position, sample_worlds, solve
    from solver.cards import format_cards as fc
    from solver.laws import first_leader, hand_points
    h = loner_hand(DEAL)
    view = h.view(Seat.W)
    adv = solver.advise_defend(view, Method(worlds=30, seed=4))
    w = sample_worlds(view, worlds=30, seed=4)           # the same seed: the same worlds
    weights = w.weights / w.weights.sum()
    for choice, lone in (("defend partner", None), ("defend alone", Seat.W)):
        total = 0.0
        for row, weight in zip(w.hands, weights):
            out = {Seat.S} | ({Seat.E} if lone else set())
            deal = " ".join(f"{s.name}:{'-' if s in out else fc(int(row[s]))}" for s in Seat)
            pos = Position.parse(deal, "h", first_leader("S", DEFEND, alone="N", defender_alone=lone), makers="NS",
                                 alone="N", defender_alone=lone, rules=DEFEND, tricks_won={"NS": 0, "EW": 0})
            who, pts = hand_points(solve(pos).makers_tricks, DEFEND, True, lone is not None)
            total += weight * (pts if who == "defenders" else -pts)
        assert adv.option(choice).expected_points == pytest.approx(total)


def test_defend_alone_refusals():
    h = loner_hand(DEAL)
    with pytest.raises(IllegalActionError, match="it is W's turn"):
        solver.advise_defend(h.view(Seat.E), Method(worlds=20, seed=1))
    with pytest.raises(RulesError, match="defend_alone"):
        solver.advise_defend(seat_view(seat="W", hand="Jc Ac Kc Tc Qh", dealer="S", upcard="9h", calls="Pass Order",
                             alone=True), Method(worlds=20))
    with pytest.raises(IllegalActionError, match="nobody goes alone"):
        solver.advise_defend(seat_view(seat="W", hand="Jc Ac Kc Tc Qh", dealer="S", upcard="9h", calls="Pass Order",
                             rules=DEFEND), Method(worlds=20))
    with pytest.raises(IllegalActionError, match="S is the loner N's partner, not a defender"):
        solver.advise_defend(seat_view(seat="S", hand="Js As Ks Qs 9h", dealer="S", upcard="9h", calls="Pass Order",
                             alone=True, discard="Ts", rules=DEFEND), Method(worlds=20))
    # the keyword form: the same question before the first card
    adv = solver.advise_defend(seat_view(seat="E", hand="Jd Ad Kd Qd Td", dealer="S", upcard="9h", calls="Pass Order",
                               alone=True, rules=DEFEND), Method(worlds=20, seed=1))
    assert adv.seat == Seat.E and adv.loner == Seat.N and len(adv.options) == 2


def test_advisor_agent_and_review_judge_the_defence():
    from solver.match.agents import AdvisorAgent
    h = loner_hand("N:Kh Qh Th 9c Ac E:9d Td Qd Kd Ad S:Js As Ks Qs Ts W:Jh Jd Ah Kc Qc")
    assert AdvisorAgent(method=Method(worlds=20, seed=1)).defend(h.view(Seat.W)) is True
    h.apply("defend partner")            # W does not: E is asked, and declines too
    h.apply("defend partner")
    game = load_egn(dump_egn(play_out(h)))
    r = solver.review_game(game, method=Method(worlds=20, seed=1, inference=False, examples=3), score=False)
    deal = r.deals[0]
    w, e = deal.defence
    assert (w.seat, w.choice, w.best, w.loss) == (Seat.W, "defend partner", "defend alone", 2.0)
    assert e.seat == Seat.E and e.choice == "defend partner"
    assert "W defended with its partner against the loner: defend alone was 2.00 points better" in str(r)
    assert not any("does not model" in u for u in deal.unanalysed)
    assert deal.to_dict()["defence"][0]["best"] == "defend alone"


def test_rules_dict_omits_later_options_when_off():
    # seeds derived from Rules.to_dict (the command line's default seeds, corpus configurations) stay as they were
    assert "canadian" not in Rules().to_dict()
    assert Rules(canadian=True).to_dict()["canadian"] is True
    assert Rules.from_dict(Rules(canadian=True).to_dict()) == CANADIAN
    assert Rules.from_dict(Rules().to_dict()) == Rules()


def test_cli_defend(capsys):
    from solver.cli import main
    argv = ["defend", "--seat", "W", "--hand", "Jh Jd Ah Kc Qc", "--dealer", "S", "--upcard", "9h", "--calls",
            "Pass Order", "--worlds", "30"]
    assert main(argv + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["best"] == "defend alone" and out["margin"] == 2 and out["loner"] == "N"
    assert main(argv) == 0
    assert "recommended: defend alone (by 2.000 points" in capsys.readouterr().out
    assert main(["defend", "--seat", "N", "--hand", "Jh Jd Ah Kc Qc", "--dealer", "S", "--upcard", "9h",
                 "--calls", "Pass Order"]) == 2
    assert "N is the loner, not a defender" in capsys.readouterr().err


def test_http_defend():
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    body = {"seat": "W", "hand": "Jh Jd Ah Kc Qc", "dealer": "S", "upcard": "9h", "calls": "Pass Order",
            "worlds": 30, "seed": 1}
    resp = client.post("/v1/defend", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["best"] == "defend alone" and resp.get_json()["margin"] == 2
    resp = client.post("/v1/defend", data=json.dumps({**body, "seat": "N"}), content_type="application/json")
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json"
    assert "N is the loner, not a defender" in resp.get_json()["detail"] and resp.get_json()["field"] == "seat"
    resp = client.post("/v1/defend", json={**body, "rules": {"players": 2}})
    assert resp.status_code == 422 and resp.get_json()["field"] == "rules"
    assert resp.get_json()["type"].endswith("/invalid-rules")
    resp = client.post("/v1/defend", data=json.dumps({**body, "calls": "Pass Pass"}), content_type="application/json")
    assert resp.status_code == 422 and resp.get_json()["detail"] == "alone: no trump was made"
    assert "/v1/defend" in client.get("/openapi.json").get_json()["paths"]


def test_the_game_odds_have_no_canadian_table_and_say_so():
    # no table was derived with Canadian loners: a score-aware question is refused, never read off the standard one
    with pytest.raises(solver.RulesError, match="canadian"):
        solver.win_probability({"NS": 8, "EW": 9}, "S", solver.Rules(canadian=True))
    with pytest.raises(solver.RulesError, match="canadian"):
        bid_advice("9d Ac Tc Kd Jd", "Kc", "E", "S", rules=solver.Rules(canadian=True), worlds=20, seed=1,
                      score={"NS": 8, "EW": 9})
    assert 0 < solver.win_probability({"NS": 8, "EW": 9}, "S", solver.Rules()).chances[0] < 1


def test_defend_takes_the_model_and_the_house_rules_and_healthz_lists_it(capsys):
    from api import create_app
    from solver.cli import main
    argv = ["defend", "--seat", "W", "--hand", "Jh Jd Ah Kc Qc", "--dealer", "S", "--upcard", "9h", "--calls",
            "Pass Order", "--worlds", "30", "--seed", "1", "--json"]
    assert main(argv + ["--model", "point-count", "--canadian", "--stick-the-dealer"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["model"] == "point-count" and out["best"] == "defend alone"
    assert main(argv + ["--model", "no-such-model"]) == 2
    assert "no-such-model" in capsys.readouterr().err
    client = create_app({"TESTING": True}).test_client()
    body = {"seat": "W", "hand": "Jh Jd Ah Kc Qc", "dealer": "S", "upcard": "9h", "calls": "Pass Order",
            "worlds": 30, "seed": 1, "model": "point-count"}
    resp = client.post("/v1/defend", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 200 and resp.get_json()["model"] == "point-count"
    assert client.get("/healthz").get_json()["engine"]["advise_defend"] is True


def test_defend_advice_json_is_strict_when_an_interval_is_open():
    # over fewer than two effective worlds the interval is (-inf, inf): JSON has no such number, so null
    import dataclasses
    import json
    h = loner_hand("N:Kh Qh Th 9c Ac E:9d Td Qd Kd Ad S:Js As Ks Qs Ts W:Jh Jd Ah Kc Qc")
    adv = solver.advise_defend(h.view(Seat.W), Method(worlds=40, seed=1))
    inf = float("inf")
    opened = dataclasses.replace(adv, margin_interval=(-inf, inf), options=tuple(
        dataclasses.replace(o, points_interval=(-inf, inf)) for o in adv.options))
    d = json.loads(json.dumps(opened.to_dict(), allow_nan=False))
    assert d["margin_interval"] == [None, None]
    assert [o["points_interval"] for o in d["options"]] == [[None, None]] * 2
    assert d["options"][0]["expected_points"] == adv.options[0].expected_points


def test_review_judges_the_dealers_discard_when_a_defender_goes_alone():
    # N deals and discards; E orders up alone; S declines and N defends alone, so S sits out of the play.
    # The discard came before S was out: its worlds must leave S's cards out of play (the core refuses a
    # seat that sits out holding cards), and the discard is judged from N's view like any other.
    h = Hand.from_deal("N:Kh Qh Th 9c Ac E:Jh Jd Ah Kc Qc S:Js As Ks Qs Ts W:9d Td Qd Kd Ad", upcard="9h",
                       dealer="N", rules=DEFEND)
    for action in ["order", "discard 9c", "alone", "defend partner", "defend alone"]:
        h.apply(action)
    game = load_egn(dump_egn(play_out(h)))
    deal = solver.review_game(game, method=Method(worlds=20, seed=1, examples=3), score=False).deals[0]
    discard = next(c for c in deal.cards if c.kind == "discard")
    assert discard.seat == Seat.N and not discard.unanalysed, discard.unanalysed
    assert discard.info is not None and discard.grading is not None
    # the double-dummy column plays the same seats: the discard's cost there is against the true hands
    assert discard.dd is not None
