"""Bid advice under a turned-up joker (``Rules(joker=True)``, upcard ``B``): the dealer has named the suit the
joker proposes (docs/rules.md), and the advisor bids with it. Hand-checked positions, the engine's own replay of each
world, the command line, HTTP and the advisor agent."""
import json

import pytest

import reference
import solver
from solver import Method, Rules, Seat
from solver.cards import format_cards, parse_cards
from conftest import bid_advice

JOKER = Rules(joker=True)


def test_five_top_trumps_with_the_joker_order_alone_marches():
    # the dealer N holds the joker's suit's right and left bowers, ace and king: with the joker picked up it holds
    # the five highest hearts and throws 9s: alone it takes all five in every world
    adv = bid_advice("Jh Jd Ah Kh 9s", "B", "N", "N", rules=JOKER, worlds=60, seed=1, named_suit="h")
    alone = adv.option("order alone")
    assert alone.expected_points == 4 and alone.p_march == 1 and str(alone.discard) == "9s"


def test_the_opponents_joker_holds_the_makers_to_three_or_four():
    # E holds the right, left, ace and king of the named hearts; the dealer N (an opponent) takes the joker on
    # an order, so E's side makes it every time but never marches: exactly +1, alone too
    adv = bid_advice("Jh Jd Ah Kh 9s", "B", "E", "N", rules=JOKER, worlds=60, seed=1, named_suit="h",
                        early_stop=False)
    for call in ("order", "order alone"):
        o = adv.option(call)
        assert o.expected_points == 1 and o.p_make == 1 and o.p_march == 0
    # round 2: the joker turned down proposes hearts, which may no longer be named
    r2 = bid_advice("Jh Jd Ah Kh 9s", "B", "E", "N", rules=JOKER, worlds=60, seed=1, named_suit="h", round=2)
    assert "call h" not in [o.call for o in r2.options] and r2.to_dict()["turned_down"] == "h"
    assert r2.to_dict()["named_suit"] == "h" and "upcard B (hearts named) turned down" in str(r2)


@pytest.mark.slow
def test_order_is_the_engines_contract_in_each_world_solved_by_the_reference():
    from solver.inference import draw_worlds
    from solver.worlds import bid_space
    from solver.cards import Card
    hand, seed, n = "Jd Ad Qc Kh 9s", 3, 16
    adv = bid_advice(hand, "B", "E", "N", rules=JOKER, worlds=n, seed=seed, named_suit="d", early_stop=False,
                        inference=False, calls=["order"])
    w = draw_worlds(bid_space(sum(c.mask for c in parse_cards(hand)), Card("B"), Seat.E, JOKER), n, seed,
                    10_000).worlds
    total = 0
    for row in w.hands:
        # the engine plays the auction: N names d, E orders, N discards by the advisor's stated rule
        from solver.bidding import dealer_discard
        six = int(row[Seat.N]) | Card("B").mask
        thrown = dealer_discard(six, 1)
        hands = {s.name: [str(c) for c in parse_cards(format_cards(int(row[s])))] for s in Seat}
        hands["N"] = [str(c) for c in parse_cards(format_cards(six & ~(1 << int(thrown))))]
        ew = reference.solve(hands, "d", "E", [])["EW"]
        total += 2 if ew == 5 else 1 if ew >= 3 else -2
    assert adv.option("order").expected_points == pytest.approx(total / n)


def test_refusals_name_the_missing_suit():
    # a missing or stray argument, not a rule: ArgumentError (HTTP "Invalid argument")
    with pytest.raises(solver.ArgumentError, match="give named_suit"):
        bid_advice("Jh Jd Ah Kh 9s", "B", "E", "N", rules=JOKER, worlds=20, seed=1)
    with pytest.raises(solver.ArgumentError, match="a suit is named only for a turned-up joker"):
        bid_advice("Jh Jd Ah Kh 9s", "9c", "E", "N", rules=JOKER, worlds=20, seed=1, named_suit="h")


def test_cli_http_and_the_advisor_agent():
    import contextlib
    import io
    from api import create_app
    from solver.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["advise", "--hand", "Jh Jd Ah Kh 9s", "--upcard", "B", "--seat", "N", "--dealer", "N", "--joker",
                     "--named-suit", "h", "--worlds", "30", "--seed", "1", "--json"]) == 0
    cli = json.loads(out.getvalue())
    assert cli["recommended"] == "order alone"
    client = create_app({"TESTING": True}).test_client()
    body = {"hand": "Jh Jd Ah Kh 9s", "upcard": "B", "seat": "N", "dealer": "N", "named_suit": "h",
            "rules": {"joker": True}, "worlds": 30, "seed": 1}
    resp = client.post("/v1/advise", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 200 and resp.get_json()["recommended"] == "order alone"
    resp = client.post("/v1/advise", data=json.dumps({**body, "named_suit": None}), content_type="application/json")
    assert resp.status_code == 422 and "named_suit" in resp.get_json()["detail"]
    # the advisor agent now bids a turned-up joker by the advice (the dealer's naming stays the policy's rule)
    from solver.game import Hand, Phase
    from solver.match.agents import AdvisorAgent
    h = Hand.from_deal("N:Jh Jd Ah Kh 9s E:9c Tc Qc Kc Ac S:9d Td Qd Kd Ad W:Ts Js Qs Ks As", upcard="B",
                       dealer="N", rules=JOKER, kitty="Th Qh 9h")
    h.name_suit("h")
    agent = AdvisorAgent(method=Method(worlds=20, seed=1))
    agent.new_deal(1)
    for _ in range(3):                                   # E, S and W pass
        h.apply("pass")
    assert h.phase is Phase.BID1 and h.to_act == Seat.N and agent.bid(h.view(Seat.N)) == "order alone"
