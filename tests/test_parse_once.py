"""Parse and validate once at each door: a request's deal text is read once, its Rules built once, and the
position checked once, however many searches the answer takes (the counts before this was fixed: a
``POST /v1/table`` read the deal text 22 times and checked 20 positions).

The counters wrap the one home of each step: :meth:`solver.Card.parse` (every card read from text),
``Rules.__post_init__`` (every Rules built and checked) and ``Position._validate`` (every position checked).
The figures themselves are compared with an independent construction: the same table built from
:func:`solver.solve` over positions parsed one by one.
"""
from __future__ import annotations

import collections
import json

import pytest

import solver
from api import create_app
from solver import Card, Method, Position, Rules, Seat, Suit
from solver.laws import first_leader, side_of
from conftest import bid_advice

VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"


@pytest.fixture()
def counts(monkeypatch):
    seen = collections.Counter()
    parse = Card.parse.__func__
    post_init = Rules.__post_init__
    validate = Position._validate

    def counted_parse(cls, text):
        if isinstance(text, str):
            seen["card texts"] += 1
        return parse(cls, text)

    def counted_post_init(self):
        seen["rules built"] += 1
        return post_init(self)

    def counted_validate(self):
        seen["positions checked"] += 1
        return validate(self)

    monkeypatch.setattr(Card, "parse", classmethod(counted_parse))
    monkeypatch.setattr(Rules, "__post_init__", counted_post_init)
    monkeypatch.setattr(Position, "_validate", counted_validate)
    return seen


@pytest.fixture(scope="module")
def client():
    return create_app({"TESTING": True}).test_client()


def slow_table(deal: str, dealer: str) -> dict:
    """The DD table the long way: a position parsed from text for every trump and every loner."""
    rules = Rules()
    hands = solver.parse_deal(deal)
    partners, loners = {}, {}
    for trump in Suit:
        pos = Position.parse(deal, trump, first_leader(dealer, rules), makers="NS")
        partners[str(trump)] = solver.solve(pos).tricks
        loners[str(trump)] = {}
        for seat in Seat:
            text = " ".join(f"{s}:{'-' if s == seat.partner else solver.format_cards(hands[s])}" for s in Seat)
            lone = Position.parse(text, trump, first_leader(dealer, rules, alone=seat), makers=side_of(seat),
                                  alone=seat)
            loners[str(trump)][str(seat)] = solver.solve(lone).makers_tricks
    return {"dealer": dealer, "partners": partners, "loners": loners}


def test_post_table_reads_the_deal_once_and_builds_the_rules_once(client, counts):
    answer = client.post("/v1/table", json={"deal": VWEC, "dealer": "S", "rules": {"stick_the_dealer": True}})
    assert answer.status_code == 200
    assert counts == {"card texts": 20, "rules built": 1, "positions checked": 1}, counts
    counts.clear()
    assert answer.get_json() == slow_table(VWEC, "S")      # (the slow way reads and checks 20 times over)
    assert counts["positions checked"] == 20 and counts["card texts"] > 20


def test_post_solve_reads_the_deal_once(client, counts):
    answer = client.post("/v1/solve", json={"deal": VWEC, "trump": "c", "leader": "W", "makers": "NS"})
    assert answer.status_code == 200
    assert counts["card texts"] == 20 and counts["rules built"] == 1, counts


def test_dd_table_takes_a_parsed_deal_as_it_takes_text(counts):
    parsed = solver.parse_deal(VWEC)
    counts.clear()
    table = solver.dd_table(parsed, dealer="S")
    assert counts["card texts"] == 0 and counts["positions checked"] == 1
    assert table.to_dict() == solver.dd_table(VWEC, dealer="S").to_dict()
    assert solver.par_table(parsed, upcard="Th", dealer="S").to_dict() == \
        solver.par_table(VWEC, upcard="Th", dealer="S").to_dict()


def test_a_parsed_deal_is_still_checked():
    parsed = solver.parse_deal(VWEC)
    with pytest.raises(solver.CardError, match="card 9d appears in N and E"):
        solver.dd_table({**parsed, Seat.E: [Card.parse("9d")] + parsed[Seat.E][1:]}, dealer="S")
    with pytest.raises(solver.PositionError, match="E holds 4 cards"):
        solver.dd_table({**parsed, Seat.E: parsed[Seat.E][1:]}, dealer="S")
    with pytest.raises(solver.CardError, match="seat E does not play in the 2-player game"):
        solver.parse_deal(parsed, 2)
    with pytest.raises(solver.CardError, match="'Zz'"):
        solver.parse_deal({"N": ["Zz"]})


@pytest.mark.parametrize("seed", [1, None])
def test_post_advise_reads_the_hand_and_upcard_once(client, counts, seed):
    # six cards, six card texts (issue 35: 18 before without a seed, 12 with one: the request's validator, the
    # door's seed and the advisor each read the hand); the answer is the library's for the same question
    body = {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "worlds": 20}
    answer = client.post("/v1/advise", json=body if seed is None else {**body, "seed": seed})
    assert answer.status_code == 200
    assert counts["card texts"] == 6 and counts["rules built"] == 1, counts
    want = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=20, seed=seed).to_dict()
    assert answer.get_json() == json.loads(json.dumps(want))


def test_post_play_reads_the_hand_and_upcard_once(client, counts):
    keys = {"seat": "E", "hand": "Jh Jd Ah Kh 9s", "dealer": "N", "upcard": "9c", "calls": "Pass Pass Pass Pass h"}
    answer = client.post("/v1/play", json={**keys, "worlds": 20, "seed": 1})
    assert answer.status_code == 200
    assert counts["card texts"] == 6, counts
    want = solver.advise_play(solver.seat_view(**keys), Method(worlds=20, seed=1)).to_dict()
    assert answer.get_json() == json.loads(json.dumps(want))
