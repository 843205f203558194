"""Par (solver.par) against an exhaustive search over the auction written plainly here.

The reference drives the rules engine (solver.game.Hand): at every decision it tries every legal
action, every auction path to its end; each contract reached is solved by solver.solve from the
engine's own position and scored by hand_points; the seat to act keeps the choice best for its side
(the first of equal ones in the tie order the par module states). No memo, no shortcut: it shares
with solver.par only the double-dummy solve.
"""
import random

import pytest

from solver import Rules, Seat, solve
from solver.cards import NO_TRUMP, format_cards
from solver.errors import ArgumentError, CardError, EuchreError, IllegalActionError, PositionError, RulesError
from solver.game import Hand, Kind
from solver.game.deal import DealCards
from solver.laws import hand_points, side_of
from solver.par import par
from solver import Method


def tie_rank(action):
    """The par module's tie order: pass, order, calls and names C D H S, then no trump, discards by card,
    partner before alone, defend partner before defend alone."""
    if action.kind in (Kind.ALONE, Kind.DEFEND):
        return 1 if action.alone else 0
    if action.kind is Kind.CALL and action.suit == NO_TRUMP:
        return 65.5                                        # after the call of spades (code 65)
    return action.code


def reference(hand):
    """(net points to side 0, [(seat, action text)]) of the exhaustive auction search from ``hand``."""
    from solver.game import Phase
    if hand.phase is Phase.DONE:                       # thrown in
        return 0, []
    if hand.phase is Phase.PLAY:
        pos = hand.position()
        makers = hand.makers
        makers_tricks = solve(pos).makers_tricks
        who, pts = hand_points(makers_tricks, hand.rules, hand.alone is not None, hand.defender_alone is not None)
        scorer = makers if who == "makers" else 1 - makers
        return (pts if scorer == 0 else -pts), []
    seat = hand.to_act
    sign = 1 if side_of(seat, hand.rules.players) == 0 else -1
    best = None
    for action in sorted(hand.legal_actions(), key=tie_rank):
        child = hand.copy()
        child.apply(action)
        value, line = reference(child)
        if best is None or sign * value > sign * best[0]:
            best = (value, [(seat, str(action))] + line)
    return best


def random_deal(rules, seed):
    cards = DealCards.random(rules, random.Random(seed))
    deal = " ".join(f"{Seat(s).name}:{format_cards(cards.hands[s])}" for s in rules.seats)
    return deal, str(cards.upcard)


def check_against_reference(deal, upcard, dealer, rules):
    hand = Hand.from_deal(deal, upcard, dealer, rules)
    value, line = reference(hand)
    got = par(deal, upcard=upcard, dealer=dealer, rules=rules)
    assert got.net == value
    assert [(s.seat, s.action) for s in got.steps] == line
    return got


CASES = ([(Rules(), seed, "NESW"[seed % 4]) for seed in range(6)]
         + [(Rules(defend_alone=True, stick_the_dealer=True), 100 + seed, "NESW"[seed % 4]) for seed in range(3)]
         + [(Rules(loner_lead="left_of_dealer", loner_march_score=5), 200 + seed, "S") for seed in range(2)]
         + [(Rules(players=2), 300 + seed, "NS"[seed % 2]) for seed in range(3)]
         + [(Rules(players=2, stick_the_dealer=True), 310, "N")]
         + [(Rules(dealer_may_discard_upcard=False, euchre_score=1), 400, "W")]
         + [(Rules(partners_best=True), 500 + seed, "NESW"[seed % 4]) for seed in range(3)]
         + [(Rules(partners_best=True, defend_alone=True, canadian=True), 510, "S")]
         + [(Rules(allow_no_trump=True), 600 + seed, "NESW"[seed % 4]) for seed in range(3)]
         + [(Rules(allow_no_trump=True, stick_the_dealer=True, partners_best=True), 610, "E")])


@pytest.mark.slow
@pytest.mark.parametrize("rules,seed,dealer", CASES)
def test_par_equals_exhaustive_auction_on_random_deals(rules, seed, dealer):
    deal, upcard = random_deal(rules, seed)
    got = check_against_reference(deal, upcard, dealer, rules)
    # the result agrees with the contract it names
    if got.thrown_in:
        assert got.points == {} and got.tricks is None and got.net == 0
    else:
        assert sum(got.tricks.values()) == 5
        assert abs(got.net) == sum(got.points.values())


def test_par_with_a_turned_up_joker_names_the_suit():
    rules = Rules(joker=True)
    deal = "N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th"
    got = check_against_reference(deal, "B", "S", rules)
    assert got.steps[0].seat == Seat.S and got.steps[0].action.startswith("name ")


def test_par_with_the_joker_in_a_hand():
    rules = Rules(joker=True)
    deal, upcard = random_deal(rules, 7)
    check_against_reference(deal, upcard, "E", rules)


def test_hand_checked_five_top_trumps_order_up_alone():
    # N, first to bid, holds the five highest hearts: ordering up alone marches whatever the others
    # hold (+4, the most a hand scores); W, the dealer, discards its lowest card (all discards tie).
    deal = "N:Jh Jd Ah Kh Qh E:9s Ts Js Qs Ks S:9c Tc Jc Qc Kc W:9d Td Qd Kd Ad"
    got = par(deal, upcard="9h", dealer="W")
    assert [(str(s.seat), s.action) for s in got.steps] == [("N", "order"), ("W", "discard 9d"), ("N", "alone")]
    assert got.summary() == "N orders up alone, NS +4"
    assert got.tricks == {"NS": 5, "EW": 0} and got.net == 4 and str(got.discard) == "9d"
    assert got.steps[0].options == {"pass": 2, "order": 4}       # after N's pass E would sacrifice


def test_hand_checked_sacrifice_against_a_loner():
    # The same hands dealt by S: W bids first, and if W passes N orders up alone for +4. W orders
    # hearts itself and is euchred, -2 for EW instead of -4 (the euchre form of a sacrifice).
    deal = "N:Jh Jd Ah Kh Qh E:9s Ts Js Qs Ks S:9c Tc Jc Qc Kc W:9d Td Qd Kd Ad"
    got = par(deal, upcard="9h", dealer="S")
    assert [(str(s.seat), s.action) for s in got.steps] == [("W", "order"), ("S", "discard 9c"), ("W", "partner")]
    assert got.steps[0].options == {"pass": -4, "order": -2}
    assert got.steps[2].options == {"partner": -2, "alone": -2}       # a tie: with partner is taken
    assert got.summary() == "W orders up, NS +2" and got.tricks == {"NS": 5, "EW": 0}


def test_hand_checked_two_player_march_either_round_takes_the_later_by_the_tie_rule():
    # N holds the five top clubs; with spades turned up N also marches ordering spades (Js Jc, then
    # the clubs, S holding no club and only the 9s). Both +2: the tie rule passes in round 1 (S, the
    # dealer, passes too: picking up is euchred) and calls clubs in round 2.
    deal = "N:Jc Js Ac Kc Qc S:9h Th 9d Td Qd"
    got = check_against_reference(deal, "9s", "S", Rules(players=2))
    assert [(str(s.seat), s.action) for s in got.steps] == [("N", "pass"), ("S", "pass"), ("N", "call c")]
    assert got.steps[0].options == {"pass": 2, "order": 2}
    assert got.summary() == "N calls clubs, N +2" and got.tricks == {"N": 5, "S": 0}


def test_par_to_dict_and_summary_shapes():
    got = par("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c", dealer="S")
    d = got.to_dict()
    assert set(d) == {"dealer", "upcard", "contract", "summary", "trump", "maker", "round", "alone",
                      "defender_alone", "discard", "tricks", "points", "net", "steps"}
    assert d["summary"] == got.summary() and d["steps"][0]["seat"] == "W"
    for step in got.steps:
        assert step.net == max(step.options.values())
        assert step.options[step.action] == step.net


def test_tie_rule_prefers_pass_and_partner():
    got = par("N:Jh Jd Ah Kh Qh E:9s Ts Js Qs Ks S:9c Tc Jc Qc Kc W:9d Td Qd Kd Ad", upcard="9h", dealer="S")
    for step in got.steps:
        order = list(step.options)
        best = max(step.options.values())
        assert order.index(step.action) == min(i for i, a in enumerate(order) if step.options[a] == best)


@pytest.mark.parametrize("kwargs,error,words", [
    (dict(deal="N:Jh Ah Kh Qc E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c"), PositionError,
     "N holds 4 cards: a par needs every hand of 5 cards"),
    (dict(deal="N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="Jh"),
     IllegalActionError, "upcard Jh also appears"),
    (dict(deal="N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="Xz"), CardError,
     "Xz"),
    (dict(deal="N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="B"),
     IllegalActionError, "joker"),
    (dict(deal="N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c", dealer="Q"),
     EuchreError, "Q"),
    (dict(deal=42, upcard="9c"), ArgumentError, "deal as text"),
    (dict(deal="N:Jh S:9c", upcard="9d", rules=Rules(players=2, dummy_hands=True)), RulesError, "dummy-hands"),
    (dict(deal="N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c",
          rules={"bogus": 1}), RulesError, "bogus"),
])
def test_par_refuses_bad_input_by_name(kwargs, error, words):
    with pytest.raises(error, match=words):
        par(**kwargs)


def test_par_module_examples_hold():
    import doctest
    import importlib
    result = doctest.testmod(importlib.import_module("solver.par"))   # solver.par is the function
    assert result.attempted > 0 and result.failed == 0


def test_par_is_public():
    import solver
    assert solver.par is par and "par" in solver.__all__ and solver.Par.__name__ == "Par"


# -- front doors: the command line, the DD table, HTTP --------------------------------------------------
SACRIFICE = "N:Jh Jd Ah Kh Qh E:9s Ts Js Qs Ks S:9c Tc Jc Qc Kc W:9d Td Qd Kd Ad"


def test_cli_par_json_is_the_python_answer(capsys):
    import json
    from solver.cli import main
    assert main(["par", SACRIFICE, "--upcard", "9h", "--dealer", "S", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == par(SACRIFICE, upcard="9h", dealer="S").to_dict()
    assert main(["par", SACRIFICE, "--upcard", "9h", "--dealer", "W", "--defend-alone", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out == par(SACRIFICE, upcard="9h", dealer="W", rules=Rules(defend_alone=True)).to_dict()
    assert [s["action"] for s in out["steps"]][-2:] == ["defend partner", "defend partner"]


def test_cli_par_text_and_errors(capsys):
    from solver.cli import main
    assert main(["par", SACRIFICE, "--upcard", "9h", "--dealer", "S"]) == 0
    text = capsys.readouterr().out
    assert text.splitlines()[0] == "Par, dealer S, upcard 9h: W orders up, NS +2 (double-dummy tricks NS 5, EW 0)"
    assert "pass -4, order -2" in text
    assert main(["par", SACRIFICE, "--upcard", "Jh", "--dealer", "S"]) == 2
    assert "the upcard Jh also appears in N" in capsys.readouterr().err


def test_par_table_is_the_dd_table_with_the_par(capsys):
    import json
    from solver import dd_table, par_table
    from solver.cli import main
    table = par_table(SACRIFICE, upcard="9h", dealer="W")
    assert table.partners == dd_table(SACRIFICE, dealer="W").partners
    assert table.par == par(SACRIFICE, upcard="9h", dealer="W")
    assert table.to_dict()["par"]["summary"] == "N orders up alone, NS +4"
    assert "par" not in dd_table(SACRIFICE, dealer="W").to_dict()
    assert main(["table", SACRIFICE, "--dealer", "W", "--upcard", "9h", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == table.to_dict()
    assert main(["table", SACRIFICE, "--dealer", "W", "--upcard", "9h"]) == 0
    assert "Par, dealer W, upcard 9h: N orders up alone, NS +4" in capsys.readouterr().out


def test_http_par_and_table_par():
    import json
    from api import create_app
    from api.schemas import ParResponse, TableResponse
    client = create_app({"TESTING": True}).test_client()
    body = {"deal": SACRIFICE, "upcard": "9h", "dealer": "S", "rules": {"defend_alone": True}}
    resp = client.post("/v1/par", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 200
    ParResponse.model_validate(resp.get_json())
    assert resp.get_json() == par(SACRIFICE, upcard="9h", dealer="S", rules=Rules(defend_alone=True)).to_dict()
    resp = client.post("/v1/table", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 200 and resp.get_json()["par"]["summary"] == "W orders up, NS +2"
    TableResponse.model_validate(resp.get_json())
    doc = client.get("/openapi.json").get_json()
    assert "/v1/par" in doc["paths"]


@pytest.mark.parametrize("body,status,slug,field,words", [
    ({"deal": SACRIFICE, "dealer": "S"}, 422, "invalid-request", "upcard", "required"),
    ({"deal": SACRIFICE, "dealer": "S", "upcard": "Kx"}, 422, "invalid-card", "upcard", "Kx"),
    ({"deal": SACRIFICE, "dealer": "S", "upcard": "Jh"}, 422, None, None, "upcard Jh also appears in N"),
    ({"deal": SACRIFICE.replace(" Qh", ""), "dealer": "S", "upcard": "9h"}, 422, "invalid-position", "deal",
     "N holds 4 cards: a par needs every hand of 5 cards"),
    ({"deal": SACRIFICE, "dealer": "S", "upcard": "9h", "rules": {"players": 3}}, 422, "invalid-rules", "rules",
     "players 3"),
])
def test_http_par_problems(body, status, slug, field, words):
    import json
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    resp = client.post("/v1/par", data=json.dumps(body), content_type="application/json")
    problem = resp.get_json()
    assert resp.status_code == status and resp.mimetype == "application/problem+json", problem
    assert words in problem["detail"]
    if slug:
        assert problem["type"].endswith(slug)
    if field:
        assert problem["field"] == field


# -- the review: each deal's par beside the table --------------------------------------------------------
def test_review_par_block_on_a_real_game():
    from solver import load_game
    from solver.review.par_line import par_block
    from conftest import EGN_DIR
    game = load_game(EGN_DIR / "epic-comeback.egn")
    deal = game.deals[1]          # E dealt, upcard As; E called diamonds, NS +2 (every card shown)
    hand = deal.hand
    block = par_block(hand)
    text = " ".join(f"{Seat(s).name}:{format_cards(hand.dealt(s))}" for s in range(4))
    expected = check_against_reference(text, str(hand.upcard), str(hand.dealer), game.rules)
    assert block["par"] == expected.to_dict()
    assert block["table"] == {"contract": "E called diamonds", "points": {"NS": 2}, "net": 2}
    assert block["difference"] == 2 - expected.net
    assert block["text"] == f"par: {expected.summary()}; the table: E called diamonds, NS +2"
    hidden = par_block(game.deals[0].hand)     # N dealt and its discard is not shown
    assert hidden["par"] is None and hidden["difference"] is None
    assert hidden["text"] == "par: none, the record does not show every dealt card (1 of N's)"
    assert hidden["table"]["contract"] == "S assisted"


@pytest.mark.slow
def test_review_has_the_par_in_each_deal(tmp_path):
    from solver import review_game as review
    from conftest import EGN_DIR
    r = review(EGN_DIR / "epic-comeback.egn",
               method=Method(worlds=10, seed=1, inference=False, examples=3), score=False)
    deals = r.to_dict()["deals"]
    assert all("par" in d and d["par"]["text"].startswith("par: ") for d in deals)
    assert deals[1]["par"]["par"]["summary"] == "E picks it up, EW +1"
    assert "  par: E picks it up, EW +1; the table: E called diamonds, NS +2" in str(r)
    from solver import load_game
    from solver.pages import review_html
    page = review_html(r, load_game(EGN_DIR / "epic-comeback.egn"))
    assert '<p class="par">Par: E picks it up, EW +1; the table: E called diamonds, NS +2.</p>' in page
