"""No-trump contracts (``Rules.allow_no_trump``, EGN ``allow_no_trump`` and its bidding call ``"n"``).

The Cython core against the slow reference (tests/reference.py, trump ``"n"``) on seeded random
positions; hand-checked positions and a hand-checked double-dummy table; the rules engine (the call in
round 2 only, following the printed suit, the jacks between the ten and the queen); EGN both ways; the
advisor's no-trump options; the boundary's refusals.
"""
import json
import random

import numpy as np
import pytest

import reference
from solver import Method, Position, Rules, card_values, dd_table, dump_egn, load_egn, seat_view, solve, solve_batch
from solver import _search
from solver.cards import NO_TRUMP, Card, parse_cards, parse_trump
from solver.errors import CardError, EGNError, IllegalActionError, PositionError, RulesError
from solver.game import Action, Hand
from solver.laws import check_call, effective_suit, parse_call, winning_index
from conftest import bid_advice

NT = Rules(allow_no_trump=True)
DEAL = "N:Jh Ah Kh 9c 9s E:Qh Th Ac Kc Qc S:Jd Ad Kd Qd Td W:As Ks Qs Js Ts"


# -- rules ----------------------------------------------------------------------------------------------------------
def test_rules_field_dict_and_egn_keys():
    assert Rules.from_egn({"allow_no_trump": True}) == Rules.from_egn({}).replace(allow_no_trump=True)
    assert NT.to_egn()["allow_no_trump"] is True and "allow_no_trump" not in Rules().to_egn()
    assert "allow_no_trump" not in Rules().to_dict() and NT.to_dict()["allow_no_trump"] is True
    assert Rules.from_egn(NT.to_egn()) == NT and Rules.from_dict(NT.to_dict()) == NT
    with pytest.raises(RulesError, match="allow_no_trump: not with the joker"):
        Rules(allow_no_trump=True, joker=True)
    with pytest.raises(RulesError, match="allow_no_trump 1: must be true or false"):
        Rules(allow_no_trump=1)


def test_trump_tokens():
    assert parse_trump("n") is NO_TRUMP and parse_trump("No Trump") is NO_TRUMP and parse_trump(4) is NO_TRUMP
    assert str(NO_TRUMP) == "n" and NO_TRUMP.word == "no trump" and int(NO_TRUMP) == 4
    with pytest.raises(CardError, match="trump 'x': must be a suit c d h s or n"):
        parse_trump("x")


# -- the rules kernel -----------------------------------------------------------------------------------------------
def test_no_bowers_and_the_led_suit_wins():
    jh, qh, jd, a_s = (Card(c) for c in ("Jh", "Qh", "Jd", "As"))
    assert effective_suit(jd, NO_TRUMP) == 1             # the jack of diamonds stays a diamond
    assert winning_index([jh, jd, a_s, qh], NO_TRUMP) == 3           # Q above J in the led suit
    assert winning_index([jh, jd, a_s, qh], 2) == 0                  # hearts trump: the right bower
    assert winning_index([qh, jd, a_s, Card("Th")], NO_TRUMP) == 0   # the ace of spades does not ruff
    with pytest.raises(PositionError, match="joker has no place"):
        effective_suit(24, NO_TRUMP)


def test_the_call_is_round_two_only_and_needs_the_rule():
    assert parse_call("call no trump alone") == ("call", NO_TRUMP, True) and parse_call("nt")[1] is NO_TRUMP
    check_call("call", NO_TRUMP, False, 2, 3, 1, 0, NT)                  # any turned-down suit
    with pytest.raises(IllegalActionError, match="in round 1 the only call is to order up"):
        check_call("call", NO_TRUMP, False, 1, 3, 1, 0, NT)
    with pytest.raises(IllegalActionError, match="no trump is a house rule these rules do not play"):
        check_call("call", NO_TRUMP, False, 2, 3, 1, 0, Rules())


def test_action_code_and_text():
    a = Action.call("n")
    assert a.code == 58 and Action.from_code(58) == a and str(a) == "call n"
    assert Action.parse("call no trump") == a and Action.parse("call n") == a


def _hand(rules=NT, upcard="9d"):
    return Hand.from_deal(DEAL, upcard=upcard, dealer="S", rules=rules)


def test_hand_offers_no_trump_in_round_two_and_plays_it():
    h = _hand()
    assert Action.call("n") not in h.legal_actions()                    # round 1
    with pytest.raises(IllegalActionError):
        h.call("n")
    for _ in range(4):
        h.pass_()
    assert [str(a) for a in h.legal_actions()] == ["call n", "pass", "call c", "call h", "call s"]
    h.call("n")                                                         # W, left of the dealer
    h.go_alone(False)
    assert h.trump is NO_TRUMP and str(h.leader) == "W"
    h.play("As")
    # N holds the 9s and must follow spades; E holds none and may play any card (nothing is trump)
    assert [str(c) for c in h.legal_actions()] == ["9s"]
    h.play("9s")
    assert sorted(str(a) for a in h.legal_actions()) == sorted("Qh Th Ac Kc Qc".split())
    plain = _hand(Rules())
    for _ in range(4):
        plain.pass_()
    assert Action.call("n") not in plain.legal_actions()
    with pytest.raises(IllegalActionError, match="cannot call no trump"):
        plain.call("n")


def test_stuck_dealer_may_name_no_trump():
    h = _hand(NT.replace(stick_the_dealer=True))
    for _ in range(7):
        h.pass_()
    assert [str(a) for a in h.legal_actions()] == ["call n", "call c", "call h", "call s"]


# -- hand-checked positions -----------------------------------------------------------------------------------------
def test_hand_checked_table():
    # W leads against everyone (dealer S): its five spades are the top five, N's 9s the only other one:
    # EW take all five. S alone (W leads): W cashes its spades, S none. E alone (S leads): S's five
    # diamonds run, E none. N alone (E leads): E cashes Ac Kc Qc (N follows 9c, throws 9s and Jh), then
    # N's Ah Kh take the last two. W alone (N leads): N's Ah Kh Jh run (nobody else holds a heart in
    # play), its 9c wins too (no club among S and W), W's spade takes the last: W one.
    table = dd_table(DEAL, dealer="S", rules=NT)
    assert table.partners[NO_TRUMP] == {"NS": 0, "EW": 5}
    assert table.to_dict()["loners"]["n"] == {"N": 2, "E": 0, "S": 0, "W": 1}
    assert table["n", "EW"] == 5 and table.to_dict()["partners"]["n"] == {"NS": 0, "EW": 5}
    # the trump columns are those of the table without the rule
    plain = dd_table(DEAL, dealer="S")
    assert {k: v for k, v in table.partners.items() if k != NO_TRUMP} == plain.partners
    with pytest.raises(RulesError, match="a no-trump contract needs the house rule allow_no_trump"):
        plain["n", "NS"]


def test_the_jack_is_plain_between_ten_and_queen():
    # the last trick, N has led: in no trump the queen beats the jack and the jack of diamonds is a plain
    # diamond; in hearts the jack of hearts (right bower) and the jack of diamonds (left bower) win
    done = {"NS": 2, "EW": 2}             # tricks are the hand's totals
    jack_led = dict(deal="N: E:Qh S:Th W:9h", leader="N", played="Jh", tricks_won=done)
    assert solve(Position.parse(trump="n", rules=NT, **jack_led)).tricks == {"NS": 2, "EW": 3}
    assert solve(Position.parse(trump="h", rules=NT, **jack_led)).tricks == {"NS": 3, "EW": 2}
    ace_led = dict(deal="N: E:Jd S:9h W:Kh", leader="N", played="Ah", tricks_won=done)
    assert solve(Position.parse(trump="n", rules=NT, **ace_led)).tricks == {"NS": 3, "EW": 2}
    assert solve(Position.parse(trump="h", rules=NT, **ace_led)).tricks == {"NS": 2, "EW": 3}


def test_position_needs_the_rule():
    with pytest.raises(RulesError, match="a no-trump contract needs the house rule allow_no_trump"):
        Position.parse(DEAL, "n", "W")
    assert Position.parse(DEAL, "n", "W", rules=NT).to_dict()["trump"] == "n"


# -- the core and its boundary --------------------------------------------------------------------------------------
def test_core_checks_the_trump_value():
    ctx = _search.SearchContext()
    with pytest.raises(_search.SearchInputError, match="trump 5: must be a whole number 0..4"):
        ctx.solve([1, 2, 4, 8], 5, 0)
    joker = [1 << 24, 2, 4, 8]
    with pytest.raises(_search.SearchInputError, match="the joker has no place in a no-trump contract"):
        ctx.solve(joker, 4, 0)
    assert ctx.solve(joker, 0, 0)[0] == 1                # the joker is fine with a trump suit
    hands = np.array([[1, 2, 4, 8]], np.uint32)
    one = np.ones(1, np.uint8)
    with pytest.raises(_search.SearchInputError, match="trump must be a suit index 0..3"):
        _search.solve_many(hands, one * 5, one * 0, one * 15)
    with pytest.raises(PositionError, match="trump: values must lie in 0..4"):
        solve_batch(hands, 5, 0)
    # 9c 9d 9h 9s, N leads clubs: no trump, the led suit wins
    assert solve_batch(hands, NO_TRUMP, 0)[0] == 1 and solve_batch(hands, 1, 0)[0] == 0


def test_no_trump_and_trump_keys_do_not_meet():
    # the same cards with the same layout once under no trump, once under clubs: the table is shared and
    # kept between solves, so a no-trump entry must never answer a clubs question (or the reverse)
    ctx = _search.SearchContext()
    rng = random.Random(7)
    for _ in range(40):
        deck = list(range(24))
        rng.shuffle(deck)
        hands = [sum(1 << c for c in deck[5 * s:5 * s + 5]) for s in range(4)]
        for t in (4, 0, 4, 1):
            got = ctx.solve(hands, t, 0)[0]
            assert got == _search.SearchContext().solve(hands, t, 0)[0]


def _positions(variant, tricks_left, count):
    rng = random.Random(f"no-trump-{variant}-{tricks_left}")
    players = 2 if variant == "two" else 4
    for i in range(count):
        alone = rng.choice("NESW") if variant == "loner" else None
        mid = tricks_left < 5 and i % 4 == 3
        yield players, reference.random_position(rng, players=players, alone=alone, tricks_left=tricks_left,
                                                 mid_trick=mid, no_trump=True)


def _check(variant, tricks_left, count):
    for players, p in _positions(variant, tricks_left, count):
        hands = reference.parse_vector_deal(p["deal"])
        played = p["played"].split()
        pos = Position.parse(p["deal"], "n", p["leader"], p["makers"], p["alone"], p["played"],
                             NT.replace(players=players))
        assert solve(pos).tricks == reference.solve(hands, "n", p["leader"], played, players), p
        if tricks_left < 5:
            assert card_values(pos) == reference.card_values(hands, "n", p["leader"], played, players), p


@pytest.mark.parametrize("variant", ["four", "loner", "two"])
def test_core_agrees_with_the_reference_quick(variant):
    _check(variant, 3, 15)


SLOW_PLAN = [(v, t, 30) for v in ("four", "loner", "two") for t in (2, 3, 4)] + [
    ("four", 5, 10), ("loner", 5, 10), ("two", 5, 10)]


@pytest.mark.slow
@pytest.mark.parametrize("variant,tricks_left,count", SLOW_PLAN, ids=[f"{v}-{t}" for v, t, _ in SLOW_PLAN])
def test_core_agrees_with_the_reference(variant, tricks_left, count):
    _check(variant, tricks_left, count)


def test_slow_plan_size():
    assert sum(n for *_, n in SLOW_PLAN) >= 300


# -- EGN ------------------------------------------------------------------------------------------------------------
def _played_record():
    h = _hand()
    for a in ["pass"] * 4 + ["call n", "partner"]:
        h.apply(a)
    for card in ["As", "9s", "Th", "Td", "Ks", "9c", "Qh", "Jd", "Qs", "Jh", "Qc", "Qd", "Js", "Kh", "Kc", "Kd",
                 "Ts", "Ah", "Ac", "Ad"]:
        h.play(card)
    return h


def test_egn_writes_reads_and_replays_a_no_trump_deal():
    h = _played_record()
    assert h.result.points == (0, 2) and h.result.march
    text = dump_egn(h)
    data = json.loads(text)
    assert data["metadata"]["ruleset"]["allow_no_trump"] is True
    assert data["deals"][0]["phases"][0]["calls"] == ["Pass"] * 4 + ["n"]
    game = load_egn(text)
    deal = game.deals[0]
    assert deal.status == "complete" and deal.hand.trump is NO_TRUMP and deal.score_after == (0, 2)
    assert json.loads(dump_egn(game)) == data                            # lossless
    assert "W called no trump" in str(deal.summary()) if hasattr(deal, "summary") else True


def test_egn_no_trump_call_needs_the_rule_and_has_no_bowers():
    data = json.loads(dump_egn(_played_record()))
    del data["metadata"]["ruleset"]["allow_no_trump"]
    with pytest.raises(EGNError, match=r"calls\[4\] 'n' by W: unknown call \(a no-trump call needs ruleset "
                                       r"allow_no_trump\)"):
        load_egn(json.dumps(data))
    data = json.loads(dump_egn(_played_record()))
    data["deals"][0]["phases"][1]["tricks"][0][0] = "R"
    with pytest.raises(EGNError, match="a no-trump contract has no bowers"):
        load_egn(json.dumps(data))


# -- the advisor ----------------------------------------------------------------------------------------------------
def test_advise_offers_no_trump_in_round_two():
    # E holds the four aces and the king of spades: alone in no trump it takes every trick whatever the
    # other hands (it follows any lead with that suit's ace, then cashes the rest; Ks is then top)
    a = bid_advice("As Ah Ad Ac Ks", "9d", "E", "N", round=2, rules=NT, worlds=200, seed=1, early_stop=False)
    by = {o.call: o for o in a.options}
    assert {"call n", "call n alone"} <= set(by) and "call d" not in by
    lone = by["call n alone"]
    assert lone.p_march == 1.0 and lone.p_make == 1.0 and lone.expected_points == 4.0
    assert a.recommended.call == "call n alone" and lone.name == "call no trump alone"
    assert by["call n"].expected_points == 2.0
    r1 = bid_advice("As Ah Ad Ac Ks", "9d", "E", "N", round=1, rules=NT, worlds=100, seed=1)
    assert not any("call" in o.call for o in r1.options)
    plain = bid_advice("As Ah Ad Ac Ks", "9d", "E", "N", round=2, worlds=100, seed=1)
    assert not any(o.call.startswith("call n") for o in plain.options)
    with pytest.raises(IllegalActionError, match="no trump is a house rule"):
        bid_advice("As Ah Ad Ac Ks", "9d", "E", "N", round=2, worlds=100, seed=1, calls=["call n"])


def test_single_dummy_valuations_refuse_the_rule():
    with pytest.raises(RulesError, match=r"does not cover no-trump contracts \(Rules\(allow_no_trump=True\)\)"):
        bid_advice("As Ah Ad Ac Ks", "9d", "E", "N", round=2, rules=NT, worlds=100, seed=1, valuation="single_dummy")


# -- the doors: CLI, HTTP, pages ------------------------------------------------------------------------------------
def _cli(argv):
    import contextlib
    import io
    from solver.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


def test_cli_flag():
    code, out, _ = _cli(["table", DEAL, "--dealer", "S", "--allow-no-trump", "--json"])
    assert code == 0 and json.loads(out)["partners"]["n"] == {"NS": 0, "EW": 5}
    code, out, _ = _cli(["table", DEAL, "--dealer", "S", "--allow-no-trump"])
    assert "no trump  0   5   2        0        0        1" in out
    code, out, _ = _cli(["table", DEAL, "--dealer", "S", "--json"])
    assert "n" not in json.loads(out)["partners"]
    code, out, _ = _cli(["solve", DEAL, "--trump", "n", "--leader", "W", "--allow-no-trump"])
    assert code == 0 and out.startswith("No trump, W to lead") and "NS 0, EW 5" in out
    code, _, err = _cli(["solve", DEAL, "--trump", "n", "--leader", "W"])
    assert code != 0 and "a no-trump contract needs the house rule allow_no_trump" in err


def test_http_rules_and_trump():
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    body = {"deal": DEAL, "trump": "n", "leader": "W", "rules": {"allow_no_trump": True}}
    got = client.post("/v1/solve", json=body)
    assert got.status_code == 200 and got.get_json()["tricks"] == {"NS": 0, "EW": 5}
    bad = client.post("/v1/solve", json={**body, "rules": {}})
    assert bad.status_code == 422 and bad.content_type == "application/problem+json"
    assert "allow_no_trump" in bad.get_json()["detail"]
    table = client.post("/v1/table", json={"deal": DEAL, "dealer": "S", "rules": {"allow_no_trump": True}})
    assert table.status_code == 200 and table.get_json()["loners"]["n"] == {"N": 2, "E": 0, "S": 0, "W": 1}
    spec = client.get("/openapi.json").get_json()
    assert "allow_no_trump" in json.dumps(spec)
    page = client.get("/").get_data(as_text=True) + client.get("/play").get_data(as_text=True)
    assert page.count('name="allow_no_trump"') >= 2


@pytest.mark.slow
def test_two_player_no_trump_call_is_exact_against_the_reference():
    # two-player, N (the non-dealer) calls no trump in round 2: every deal of S's five among the 18 unseen
    # cards is enumerated, so the advisor's figures are exact; here each deal is played by the slow
    # reference (N leads), scored by hand: 1 for 3-4 tricks, 2 for 5, -2 euchred
    hand, up = "As Ah Kd Qc Ts", "9s"
    rules = Rules(players=2, allow_no_trump=True)
    a = bid_advice(hand, up, "N", "S", round=2, rules=rules, calls=["call n"], inference=False, seed=1)
    [o] = a.options
    assert a.exact and o.call == "call n"
    unseen = [c for c in reference.DECK if c not in hand.split() and c != up]
    import itertools
    points, made, march, n = 0, 0, 0, 0
    for opp in itertools.combinations(unseen, 5):
        tricks = reference.solve({"N": hand.split(), "S": list(opp)}, "n", "N", [], players=2)["N"]
        points += 2 if tricks == 5 else 1 if tricks >= 3 else -2
        made += tricks >= 3
        march += tricks == 5
        n += 1
    assert o.expected_points == pytest.approx(points / n, abs=1e-12)
    assert o.p_make == pytest.approx(made / n, abs=1e-12) and o.p_march == pytest.approx(march / n, abs=1e-12)


def test_review_judges_the_no_trump_call_against_the_others():
    import solver
    game = load_egn(dump_egn(_played_record()))
    review = solver.review_game(game, method=Method(worlds=20, seed=1, examples=3), score=False)
    [w_call] = [c for c in review.deals[0].calls if str(c.seat) == "W" and c.round == 2]
    assert w_call.call == "call n"
    options = [o["call"] for o in w_call.to_dict(True)["options"]]
    assert set(options) == {"pass"} | {f"call {t}{a}" for t in "chsn" for a in ("", " alone")}
    assert "W called no trump" in str(review)
    from solver.pages import review_html
    page = review_html(review, game)
    assert "no trump, EW +2" in page
    h = _played_record()
    assert h.view("N").calls == ("Pass",) * 4 + ("n",)


def test_match_agents_and_the_play_page():
    import random as rnd
    from solver.match.agents import DoubleDummyAgent, PolicyAgent
    from solver.match.protocol import legal_tokens
    # W (first in round 2) with the five top spades: it marches in spades and in no trump; the
    # double-dummy agent (which sees every card) names what solves best, the policy agent never no trump
    h = _hand()
    for _ in range(4):
        h.pass_()
    view = h.view(h.to_act)
    assert "call n" in legal_tokens(view, "bid") and "call n alone" in legal_tokens(view, "bid")
    assert not PolicyAgent().bid(view).startswith("call n")
    assert DoubleDummyAgent().bid(view, hand=h) in legal_tokens(view, "bid")
    # W's four aces and Ks: alone in no trump it marches whatever is led (it follows with the ace, then
    # cashes); alone in spades N's bowers beat it, so the double-dummy agent calls no trump alone
    aces = Hand.from_deal("N:Js Jc Qs 9s Kh E:Jh Jd Kd Qd Kc S:Th Qh Qc Tc Td W:As Ah Ad Ac Ks", upcard="9d",
                          dealer="S", rules=NT)
    for _ in range(4):
        aces.pass_()
    assert DoubleDummyAgent().bid(aces.view(aces.to_act), hand=aces) == "call n alone"
    assert not PolicyAgent().bid(aces.view(aces.to_act)).startswith("call n")
    from api import create_app
    client = create_app({"TESTING": True, "PLAY_STORE": ":memory:"}).test_client()
    made = client.post("/play/api/tables", json={"partner": "random", "opponents": "random", "hint_worlds": 30,
                                                  "review_worlds": 10, "allow_no_trump": True, "seed": 5})
    assert made.status_code == 201, made.get_json()
    st = made.get_json()
    assert st["rules"]["allow_no_trump"] is True
    rng = rnd.Random(1)
    labels = set()
    while not st["deal_over"]:
        labels |= {c.get("label") for c in st["legal"]}
        token = rng.choice(st["legal"])["token"]
        st = client.post(f"/play/api/tables/{st['id']}/act", json={"action": token, "version": st["version"]}).get_json()
        assert "detail" not in st, st
    if any(str(label).startswith("call ") for label in labels):       # the user reached round 2
        assert {"call no trump", "call no trump alone"} <= labels


def test_defend_alone_against_a_no_trump_loner():
    # N holds Ah Kh Jh: against W alone in no trump the defence is judged like any other (double dummy
    # over worlds of N's view); the contract is named in words
    from solver import advise_defend
    a = advise_defend(seat_view(seat="N", hand="Jh Ah Kh 9c 9s", dealer="S", upcard="9d", calls=["Pass"] * 4 + ["n"],
                      alone=True, rules=NT.replace(defend_alone=True)), Method(worlds=50, seed=1))
    assert str(a).startswith("N defends against W alone (no trump); 50 worlds")
    d = a.to_dict()
    assert d["trump"] == "n" and len(d["options"]) == 2


# -- a no-trump call through every surface that serialises a view (SeatView.calls wrote Suit(4)) ----------------
NT_CALLS = ["--dealer", "S", "--upcard", "Js", "--calls", "Pass Pass Pass Pass n", "--allow-no-trump"]


def test_cli_play_and_defend_without_a_seed_after_a_no_trump_call():
    # no --seed: the seed is drawn from the view (SeatView.to_dict), which crashed on the call "n".
    # N holds Jc Jh Qd Kd Ad and W (first in round 2) called no trump and led 9h: N must follow with Jh
    code, out, err = _cli(["play", "--seat", "N", "--hand", "Jc Jh Qd Kd Ad", *NT_CALLS, "--worlds", "20",
                           "--tricks", "9h"])
    assert code == 0, err
    assert "play Jh (the only legal card)" in out
    code, out, err = _cli(["defend", "--seat", "N", "--hand", "Jc Jh Qd Kd Ad", *NT_CALLS, "--worlds", "20"])
    assert code == 0, err
    assert out.startswith("N defends against W alone (no trump); 20 worlds")


def test_a_bad_call_token_names_n_when_no_trump_is_on():
    argv = ["play", "--seat", "N", "--hand", "Jc Jh Qd Kd Ad", "--dealer", "S", "--upcard", "Js",
            "--calls", "Pass Pass Pass Pass n alone", "--worlds", "20"]
    code, _, err = _cli(argv + ["--allow-no-trump"])
    assert code != 0 and "calls[5] 'alone': no such call (EGN calls are Pass, Order, c, d, h, s, n (no trump))" in err
    code, _, err = _cli(argv)
    assert code != 0 and "(EGN calls are Pass, Order, c, d, h, s)" in err


def test_defend_probabilities_are_clipped_to_one():
    # every world is a euchre of W's no-trump loner (both choices score the defenders a flat +2 / +4), so
    # P(euchre) is 1 and the single outcome's share is 1: the weighted sums gave 1.0000000000000002
    from solver import advise_defend
    a = advise_defend(seat_view(seat="N", hand="Jc Jh Qd Kd Ad", dealer="S", upcard="Js", calls=["Pass"] * 4 + ["n"],
                      alone=True, rules=NT.replace(defend_alone=True)), Method(worlds=20, seed=0))
    for o, points in zip(a.to_dict()["options"], (2, 4)):
        assert o["expected_points"] == points and o["points_interval"] == [points, points]
        assert o["p_euchre"] == 1.0 and o["p_march"] == 0.0
        assert o["outcomes"] == {str(points): 1.0}
    from solver.stats import chance
    assert (chance(1.0000000000000002), chance(-1e-17), chance(0.25)) == (1.0, 0.0, 0.25)


class _CallsNoTrump:
    """Calls no trump when it may, else passes; plays and discards its first legal card."""
    trusted = True

    def bid(self, view, time_limit=None):
        from solver.match.protocol import legal_tokens
        return "call n" if "call n" in legal_tokens(view, "bid") else "pass"

    def discard(self, view, time_limit=None):
        from solver.match.protocol import legal_tokens
        return legal_tokens(view, "discard")[0]

    def play(self, view, time_limit=None):
        from solver.match.protocol import legal_tokens
        return legal_tokens(view, "play")[0]


def _bot():
    import sys
    from pathlib import Path
    from solver.match.external import ExternalAgent
    return ExternalAgent(f"{sys.executable} {Path(__file__).with_name('bot_echo.py')}")


def test_an_external_bot_is_sent_the_view_of_a_no_trump_contract():
    from solver.cards import Seat
    from solver.game import DealCards
    from solver.match.referee import play_table
    bot = _bot()
    try:
        # dealer S, upcard 9d: round 1 is passed out (the echo bot at N answers its first legal call, pass)
        # and W, first in round 2, calls no trump; the bot at N is then sent views with the call "n"
        agents = {Seat.N: bot, Seat.E: _CallsNoTrump(), Seat.S: _CallsNoTrump(), Seat.W: _CallsNoTrump()}
        hand, points, forfeit = play_table(DealCards.parse(DEAL, "9d"), Seat.S, NT, agents, time_limit=30)
    finally:
        bot.close()
    assert forfeit is None
    assert hand.trump is NO_TRUMP and str(hand.maker) == "W" and hand.is_over


def test_an_engine_failure_building_a_bots_request_is_not_the_bots_forfeit(monkeypatch):
    from solver.cards import Seat
    from solver.game import DealCards
    from solver.game.view import SeatView
    from solver.match.referee import play_table

    def broken(self):
        raise ValueError("the engine's own failure")
    monkeypatch.setattr(SeatView, "to_dict", broken)
    bot = _bot()
    try:
        agents = {Seat.N: bot, Seat.E: _CallsNoTrump(), Seat.S: _CallsNoTrump(), Seat.W: _CallsNoTrump()}
        with pytest.raises(ValueError, match="the engine's own failure"):
            play_table(DealCards.parse(DEAL, "9d"), Seat.S, NT, agents, time_limit=30)
    finally:
        bot.close()


def test_the_review_page_of_a_posted_no_trump_record():
    import io
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    got = client.post("/review", data={"egn": (io.BytesIO(dump_egn(_played_record()).encode()), "game.egn"),
                                       "worlds": "10"}, content_type="multipart/form-data")
    assert got.status_code == 200, got.get_data(as_text=True)[:300]
    assert "no trump, EW +2" in got.get_data(as_text=True)


def test_the_play_page_hints_and_reviews_a_no_trump_deal():
    from api import create_app
    client = create_app({"TESTING": True, "PLAY_STORE": ":memory:"}).test_client()
    st = client.post("/play/api/tables", json={"partner": "policy", "opponents": "policy", "hint_worlds": 10,
                                               "review_worlds": 10, "allow_no_trump": True, "seed": 5}).get_json()
    # seed 5: the policy bots and the user (S) pass round 1 and E passes round 2; S then calls no trump
    while st["trump"] is None:
        toks = [c["token"] for c in st["legal"]]
        st = client.post(f"/play/api/tables/{st['id']}/act",
                         json={"action": "call n" if "call n" in toks else "pass", "version": st["version"]}).get_json()
    assert st["trump"] == "n" and st["maker"] == "S" and st["phase"] == "play" and st["your_turn"]
    hint = client.post(f"/play/api/tables/{st['id']}/hint")
    assert hint.status_code == 200, hint.get_json()
    assert hint.get_json()["request"]["calls"] == ["Pass"] * 5 + ["n"]
    st = client.get(f"/play/api/tables/{st['id']}").get_json()
    while not st["deal_over"]:
        st = client.post(f"/play/api/tables/{st['id']}/act",
                         json={"action": st["legal"][0]["token"], "version": st["version"]}).get_json()
    page = client.get(f"/play/{st['id']}/review/0")
    assert page.status_code == 200 and "S called no trump" in page.get_data(as_text=True)


def test_a_playout_sets_up_a_no_trump_contract():
    # the playout valuation's contract hand: round 1 passed out, then W (first in round 2) calls no trump
    from solver.advisor.playout import contract_hand
    from solver.game import DealCards
    d = DealCards.parse(DEAL, "9d")
    h = contract_hand(d.hands, d.kitty, int(Card.parse("9d")), 2, NT, 4, 3, False, None)
    assert h.trump is NO_TRUMP and str(h.maker) == "W" and h.phase.name == "PLAY"


def test_the_documented_spellings_of_no_trump_for_trump():
    from pathlib import Path
    doc = (Path(__file__).parents[1] / "docs" / "cli.md").read_text()
    assert "`n` for no trump, also spelled `nt`, `no trump` or `notrump`" in doc
    for word in ("n", "nt", "no trump", "notrump"):
        code, out, err = _cli(["solve", DEAL, "--trump", word, "--leader", "W", "--allow-no-trump"])
        assert code == 0 and out.startswith("No trump, W to lead"), err
