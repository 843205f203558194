"""Call for best (``Rules.partners_best``, EGN ``partners_best``): a loner's partner passes it a card face down
and the loner discards one. The engine against hand-checked positions, EGN cardExchanges both ways, the
agents, and the advisor's value of a loner against tests/reference.py's slow solver."""
import json

import numpy as np
import pytest

import reference
import solver
from solver import Method, Rules, Seat, dump_egn, load_egn
from solver.bidding import dealer_discard, partners_best_card
from solver.cards import Card, format_cards, parse_cards
from solver.errors import EGNError, IllegalActionError, RulesError
from solver.game import Action, CardPassed, Discarded, Hand, Phase
from conftest import bid_advice

BEST = Rules(partners_best=True)
DEAL = "N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh"


def mask(text):
    return sum(c.mask for c in parse_cards(text))


def alone_hand(rules=BEST, deal=DEAL, dealer="S"):
    """W passes, N orders up hearts alone (9h turned up), the dealer S discards 9h."""
    h = Hand.from_deal(deal, upcard="9h", dealer=dealer, rules=rules)
    for action in ["pass", "order", "discard 9h", "alone"]:
        h.apply(action)
    return h


# -- the rule --------------------------------------------------------------------------------------------------
def test_rules_field_egn_key_and_dict():
    assert Rules().partners_best is False and "partners_best" not in Rules().to_dict()
    assert Rules.from_egn({"partners_best": True}) == Rules.from_egn({}).replace(partners_best=True)
    assert BEST.to_egn()["partners_best"] is True and "partners_best" not in Rules().to_egn()
    assert Rules.from_egn(BEST.to_egn()) == BEST and Rules.from_dict(BEST.to_dict()) == BEST
    with pytest.raises(RulesError, match="partners_best: call for best is a four-player rule"):
        Rules(players=2, partners_best=True)
    with pytest.raises(RulesError, match="partners_best 1: must be true or false"):
        Rules(partners_best=1)


def test_stated_rule_for_the_partners_card_hand_checked():
    # hearts trump (2): the highest trump in the trump order, the left bower over the ace; no trump: the highest
    # rank, the lower suit on a tie (As over nothing higher; Ac before Ad)
    cases = [("Js As Ks Qs Ts", "As"), ("Jd 9h Ac Ks Qs", "Jd"), ("Ah Jh 9c", "Jh"), ("9c Tc Ks Qd Ad", "Ad"),
             ("Ad Ac 9s", "Ac"), ("9c Tc 9d Td 9s", "Tc"), ("Qh 9h As", "Qh")]
    for hand, want in cases:
        assert str(Card(partners_best_card(mask(hand), 2))) == want, hand
    assert list(partners_best_card(np.array([mask("Js As"), mask("Jd 9s")], np.uint32), 2)) == [
        int(Card("As")), int(Card("Jd"))]


# -- the rules engine --------------------------------------------------------------------------------------------
def test_engine_exchange_after_the_loner_then_play():
    h = alone_hand()
    assert h.phase is Phase.GIVE and h.to_act == Seat.S
    assert [str(a) for a in h.legal_actions()] == ["give Ts", "give Js", "give Qs", "give Ks", "give As"]
    assert "the loner's partner S must pass the loner a card" in h.state_text()
    with pytest.raises(IllegalActionError, match="S cannot give Ah: S does not hold it"):
        h.give("Ah")
    with pytest.raises(IllegalActionError, match="play Js"):
        h.play("Js")
    rec = h.give("Js")
    assert isinstance(rec, CardPassed) and (rec.seat, rec.receiver, rec.card) == (Seat.S, Seat.N, Card("Js"))
    assert h.phase is Phase.LONER_DISCARD and h.to_act == Seat.N and h.holding(Seat.N) == mask("Jh Ah Kh 9c 9s Js")
    rec = h.apply("9s")                                  # a bare card in this phase is the loner's discard
    assert isinstance(rec, Discarded) and rec.phase is Phase.LONER_DISCARD and rec.seat == Seat.N
    assert h.phase is Phase.PLAY and h.to_act == Seat.E and h.seats_in_play == (0, 1, 3)
    assert (h.best_card, h.loner_discard, h.exchanged) == (Card("Js"), Card("9s"), True)
    assert h.holding(Seat.N) == mask("Jh Ah Kh 9c Js") and h.holding(Seat.S) == mask("Ts Qs Ks As")
    # views: the loner and its partner know the card passed; only the loner its discard; nobody else either
    n, s, e = h.view(Seat.N), h.view(Seat.S), h.view(Seat.E)
    assert (n.best_card, n.loner_discard, s.best_card, s.loner_discard) == (Card("Js"), Card("9s"), Card("Js"), None)
    assert (e.best_card, e.loner_discard, e.exchanged) == (None, None, True)
    assert not n.unseen & Card("9s").mask and e.unseen & Card("9s").mask
    # undo walks back through the exchange
    h.undo()
    h.undo()
    assert h.phase is Phase.GIVE and h.holding(Seat.N) == mask("Jh Ah Kh 9c 9s")


def test_engine_position_after_the_exchange_is_the_hand_checked_one():
    # hearts trump; S (the dealer, out) discarded 9h and holds Ts Js Qs Ks As: no trump, so by the stated rule
    # it passes its highest card, As; N throws 9c and plays Jh Ah Kh 9s As against E and W, E to lead
    h = alone_hand()
    h.give(Card(partners_best_card(h.holding(Seat.S), int(h.trump))))
    assert h.best_card == Card("As")
    h.apply("discard 9c")
    pos = h.position()
    assert pos.hands[Seat.N] == mask("Jh Ah Kh 9s As") and pos.hands[Seat.S] == 0 and pos.leader == Seat.E
    hands = {"N": ["Jh", "Ah", "Kh", "9s", "As"], "E": ["Jd", "Ad", "Kd", "Qd", "Td"], "S": None,
             "W": ["Jc", "Ac", "Kc", "Tc", "Qh"]}
    assert solver.solve(pos).tricks == reference.solve(hands, "h", "E", [])


def test_dealer_partner_may_pass_the_upcard():
    # E orders up 9h alone; the dealer W (E's partner) picked it up and may pass it on
    h = Hand.from_deal(DEAL, upcard="9h", dealer="W", rules=BEST)
    for action in ["pass", "order", "discard Tc", "alone"]:       # N passes, E orders alone, W discards Tc
        h.apply(action)
    assert h.phase is Phase.GIVE and h.to_act == Seat.W and h.can_give("9h")
    h.give("9h")
    h.apply("discard Td")
    assert h.holding(Seat.E) == mask("Jd Ad Kd Qd 9h") and h.phase is Phase.PLAY


def test_with_defend_alone_the_defenders_decide_after_the_exchange():
    h = alone_hand(BEST.replace(defend_alone=True))
    h.give("As")
    h.apply("discard 9c")
    assert h.phase is Phase.DEFEND_ALONE and h.to_act == Seat.W


def test_no_exchange_without_a_loner_or_the_rule():
    h = Hand.from_deal(DEAL, upcard="9h", dealer="S", rules=BEST)
    for action in ["pass", "order", "discard 9h", "partner"]:
        h.apply(action)
    assert h.phase is Phase.PLAY and not h.exchanged
    assert alone_hand(Rules()).phase is Phase.PLAY


def test_action_text_and_codes():
    assert Action.parse("give Kh") == Action.give("Kh") and Action.parse("Kh", Phase.GIVE) == Action.give("Kh")
    assert Action.parse("Kh", Phase.LONER_DISCARD) == Action.discard("Kh")
    assert Action.give("9c").code == 74 and Action.from_code(99) == Action.give(None) and str(Action.give(None)) == "give ?"


# -- EGN -----------------------------------------------------------------------------------------------------------
def played_record(give="As", throw="9c"):
    h = alone_hand()
    h.give(give)
    h.apply(f"discard {throw}")
    while not h.is_over:
        h.apply(h.legal_actions()[0])
    return h


def test_egn_writes_and_reads_the_exchange():
    h = played_record()
    data = json.loads(dump_egn(h))
    bidding = data["deals"][0]["phases"][0]
    assert data["metadata"]["ruleset"]["partners_best"] is True
    assert bidding["discard"] == "9h" and bidding["isAlone"] is True
    assert bidding["cardExchanges"] == [{"sender": 2, "receiver": 0, "cards": ["As"]},
                                        {"sender": 0, "receiver": 2, "cards": ["9c"]}]
    game = load_egn(json.dumps(data))
    deal = game.deals[0]
    assert (deal.best_card, deal.loner_discard, deal.status) == (Card("As"), Card("9c"), "complete")
    assert deal.hand.result == h.result and deal.hand.dealt(Seat.N) == h.dealt(Seat.N)
    assert deal.hand.dealt(Seat.S) == h.dealt(Seat.S)
    assert json.loads(dump_egn(game)) == data


def test_egn_exchange_without_the_rule_or_badly_formed_is_refused():
    data = json.loads(dump_egn(played_record()))
    plain = json.loads(json.dumps(data))
    del plain["metadata"]["ruleset"]["partners_best"]
    with pytest.raises(EGNError, match=r"cardExchanges\[0\]: the record passes cards between seats, but its "
                                       "ruleset has no partners_best"):
        load_egn(json.dumps(plain))
    wrong = json.loads(json.dumps(data))
    wrong["deals"][0]["phases"][0]["cardExchanges"][0]["sender"] = 1
    with pytest.raises(EGNError, match=r"cardExchanges\[0\]: from E to N; under partners_best the loner N's "
                                       "partner S passes"):
        load_egn(json.dumps(wrong))
    two = json.loads(json.dumps(data))
    two["deals"][0]["phases"][0]["cardExchanges"][0]["cards"] = ["As", "Ks"]
    with pytest.raises(EGNError, match=r"cardExchanges\[0\]: 2 cards; under partners_best one card is passed"):
        load_egn(json.dumps(two))


def test_egn_without_the_exchange_replays_with_unknown_cards():
    data = json.loads(dump_egn(played_record(give="As", throw="As")))     # N throws the card it was passed
    del data["deals"][0]["phases"][0]["cardExchanges"]
    deal = load_egn(json.dumps(data)).deals[0]
    assert deal.status == "illegal" and "shows every card of S's hand but not the card it passed the loner N" in (
        deal.problems[0].message)
    del data["deals"][0]["initialState"]["playerCards"]          # the record shows only the cards played
    deal = load_egn(json.dumps(data)).deals[0]
    assert deal.status == "complete" and deal.hand.exchanged and deal.hand.best_card is None
    assert deal.hand.result.points == played_record(give="As", throw="As").result.points


# -- match play and the advisor --------------------------------------------------------------------------------------
def test_match_under_call_for_best_records_exchanges():
    result = solver.play_match("random", "policy", deals=8, seed=3, rules=BEST, keep_hands=True)
    assert result.to_dict()["rules"]["partners_best"] is True
    texts = [dump_egn(t.hand) for t in result.tables]
    exchanged = [t for t in texts if "cardExchanges" in t]
    assert exchanged, "random bidders go alone often: some table has an exchange"
    for t in exchanged:
        for deal in load_egn(t).deals:
            if deal.hand.exchanged:
                assert deal.status == "complete" and deal.best_card is not None


def reference_best(hand, trump):
    """The stated rule written again from its words: the highest trump, else the highest rank, the lower suit."""
    trumps = [c for c in hand if reference.effective_suit(c, trump) == trump]
    if trumps:
        return max(trumps, key=lambda c: reference.strength(c, trump, trump))
    return max(hand, key=lambda c: (reference.RANKS.index(c[0]), -reference.SUITS.index(c[1])))


@pytest.mark.slow
def test_advisor_values_a_loner_with_the_exchange_as_the_reference_does():
    # E (the first to speak, so no call weighs the worlds) orders up alone; the dealer N picks up 9h and
    # discards by the stated rule, W passes E its best card, E throws by the dealer's rule: each world solved
    # by tests/reference.py, the expected points must be the advisor's
    from solver.inference import draw_worlds
    from solver.worlds import bid_space
    hand, up, worlds, seed = "Jd Ad Kh 9s Tc", "9h", 24, 5
    adv = bid_advice(hand, up, "E", "N", rules=BEST, worlds=worlds, seed=seed, early_stop=False,
                        inference=False, calls=["order alone"], valuation="double_dummy")   # the reference's
    space = bid_space(mask(hand), Card(up), Seat.E, BEST)
    w = draw_worlds(space, worlds, seed, 10_000).worlds
    total = 0.0
    for row in w.hands:
        cards = {s.name: [str(c) for c in parse_cards(format_cards(int(row[s])))] for s in Seat}
        six = int(row[Seat.N]) | Card(up).mask
        thrown = str(Card(int(dealer_discard(six, 2))))
        cards["N"] = [str(c) for c in parse_cards(format_cards(six))]
        cards["N"].remove(thrown)
        given = reference_best(cards["W"], "h")
        loner6 = cards["E"] + [given]
        gone = str(Card(int(dealer_discard(mask(" ".join(loner6)), 2))))
        loner6.remove(gone)
        hands = {"N": cards["N"], "E": loner6, "S": cards["S"], "W": None}
        ew = reference.solve(hands, "h", "S", [])["EW"]
        total += 4 if ew == 5 else 1 if ew >= 3 else -2
    assert adv.option("order alone").expected_points == pytest.approx(total / len(w.hands))
    plain = bid_advice(hand, up, "E", "N", worlds=worlds, seed=seed, early_stop=False, inference=False,
                          calls=["order alone"], valuation="double_dummy")
    assert adv.option("order alone").expected_points > plain.option("order alone").expected_points


# -- the review --------------------------------------------------------------------------------------------------------
@pytest.mark.slow
def test_review_judges_the_loners_discard_against_the_reference():
    game = load_egn(dump_egn(played_record(give="As", throw="9s")))
    deal = solver.review_game(game, method=Method(worlds=20, seed=1, inference=False, examples=3), score=False).deals[0]
    [judged] = [c for c in deal.cards if c.kind == "discard" and c.seat == Seat.N]
    assert str(judged.card) == "9s" and judged.info is not None
    # each of N's six after the exchange, thrown, then N's five against E and W double dummy (E leads)
    six = ["Jh", "Ah", "Kh", "9c", "9s", "As"]
    want = {}
    for c in six:
        hands = {"N": [x for x in six if x != c], "E": ["Jd", "Ad", "Kd", "Qd", "Td"], "S": None,
                 "W": ["Jc", "Ac", "Kc", "Tc", "Qh"]}
        want[c] = reference.solve(hands, "h", "E", [])["NS"]
    got = {str(row["card"]): row["tricks"] for row in judged.to_dict()["dd"]["cards"]}
    assert got == want and want["9c"] == 5 and want["9s"] == 4
    assert judged.dd.cost == 1 and judged.grade != "best"


@pytest.mark.slow
def test_review_judges_the_partners_card_against_the_reference():
    # S (out; it discarded the 9h it picked up) holds the ace of trump: passing Js instead costs N tricks
    deal = "N:Jh Kh Qc Tc 9s E:Jd Ks Qs Ts Td S:Js As Ah Ad Kd W:Jc Ac Kc 9c Qh"
    h = alone_hand(deal=deal)
    h.give("Js")
    h.apply("discard 9s")
    while not h.is_over:
        h.apply(h.legal_actions()[0])
    method = Method(worlds=10, seed=1, inference=False, examples=3)
    [note] = [n for n in solver.review_game(load_egn(dump_egn(h)), method=method, score=False).deals[0].notes
              if n.startswith("call for best")]
    figures = dict(x.split() for x in note.split("best discard: ")[1].rstrip(")").split(", "))
    want = {}
    for c in ["Js", "As", "Ah", "Ad", "Kd"]:
        six = ["Jh", "Kh", "Qc", "Tc", "9s", c]
        want[c] = max(reference.solve({"N": [x for x in six if x != d], "E": ["Jd", "Ks", "Qs", "Ts", "Td"],
                                       "S": None, "W": ["Jc", "Ac", "Kc", "9c", "Qh"]}, "h", "E", [])["NS"]
                      for d in six)
    assert {c: int(v) for c, v in figures.items()} == want
    assert max(want, key=want.get) == "Ah" and want["Ah"] > want["Js"]
    assert f"S passed Js to the loner N: {want['Ah'] - want['Js']} trick(s) short of the best, Ah" in note


# -- views from their keys, play advice, the command line and HTTP ----------------------------------------------------------
def engine_hand_after_a_trick():
    h = alone_hand()
    h.give("As")
    h.apply("discard 9c")
    for card in ["Td", "Tc", "Jh"]:                  # E leads Td, W Tc, N trumps with Jh
        h.play(card)
    return h


def test_seat_view_from_keys_is_the_engines_view():
    h = engine_hand_after_a_trick()
    for seat in (Seat.N, Seat.E, Seat.W):
        engine = h.view(seat)
        keys = engine.to_dict()
        assert ("best_card" in keys) == (seat == Seat.N)
        built = solver.seat_view(**keys)
        for name in ("hand", "unseen", "hand_sizes", "exchanged", "best_card", "loner_discard", "seats_in_play",
                     "to_act", "voids", "played"):
            assert getattr(built, name) == getattr(engine, name), (seat, name)
    with pytest.raises(solver.EuchreError, match="best_card As: only the loner sees the exchange"):
        solver.seat_view(**{**h.view(Seat.E).to_dict(), "best_card": "As", "loner_discard": "9c"})
    with pytest.raises(solver.EuchreError, match="the loner knows both"):
        solver.seat_view(**{**h.view(Seat.N).to_dict(), "loner_discard": None})


@pytest.mark.slow
def test_play_advice_for_the_loner_after_the_exchange_hand_checked():
    # N holds Ah Kh 9s As after trumping trick 1 with the card passed kept and 9c thrown: each card's expected
    # tricks over the same worlds, each world solved by tests/reference.py
    h = engine_hand_after_a_trick()
    assert h.to_act == Seat.N
    adv = solver.advise_play(h.view(Seat.N), Method(worlds=40, seed=1, valuation="double_dummy"))   # the reference's
    from solver.inference import sample_worlds
    w = sample_worlds(h.view(Seat.N), worlds=40, seed=1)
    weights = w.weights / w.weights.sum()
    for option in adv.cards:
        card = str(option.card)
        total = 0.0
        for row, weight in zip(w.hands, weights):
            hands = {s.name: (None if s == Seat.S else [str(c) for c in parse_cards(format_cards(int(row[s])))])
                     for s in Seat}
            hands["N"].remove(card)
            total += weight * (1 + reference.solve(hands, "h", "N", [card])["NS"])
        assert option.expected_tricks == pytest.approx(total), card


def test_cli_and_http_take_call_for_best():
    import contextlib
    import io
    from api import create_app
    from solver.cli import main
    keys = engine_hand_after_a_trick().view(Seat.N).to_dict()
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["play", "--seat", "N", "--hand", keys["hand"], "--dealer", "S", "--upcard", "9h", "--calls",
                     "Pass Order", "--alone", "--tricks", "Td Tc Jh", "--partners-best", "--best-card", "As",
                     "--loner-discard", "9c", "--worlds", "20", "--seed", "1", "--json"]) == 0
    cli = json.loads(out.getvalue())
    client = create_app({"TESTING": True}).test_client()
    body = {**{k: keys[k] for k in ("seat", "hand", "dealer", "upcard", "calls", "alone", "tricks", "best_card",
                                    "loner_discard")}, "rules": {"partners_best": True}, "worlds": 20, "seed": 1}
    resp = client.post("/v1/play", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json()["best"] == cli["best"]
    body["rules"] = {"partners_best": True, "players": 2}
    resp = client.post("/v1/play", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 422 and "call for best is a four-player rule" in resp.get_json()["detail"]
    assert "partners_best" in client.get("/openapi.json").get_data(as_text=True)


@pytest.mark.slow
def test_pages_offer_call_for_best_and_the_table_plays_it():
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    assert 'name="partners_best"' in client.get("/").get_data(as_text=True)
    assert 'name="partners_best"' in client.get("/play").get_data(as_text=True)
    resp = client.post("/play/new", data={"partner": "random", "opponents": "random", "partners_best": "true",
                                          "seed": "16", "mode": "deal"})
    assert resp.status_code == 303
    gave = None
    for seed in range(1, 40):            # seeded tables: the first where the user (S) passes a card to a loner
        st = client.post("/play/api/tables", data=json.dumps({"partner": "random", "opponents": "random",
                                                               "partners_best": True, "seed": seed, "mode": "deal"}),
                         content_type="application/json").get_json()
        assert st["rules"]["partners_best"] is True
        while not st["deal_over"]:
            if not st["your_turn"]:
                st = client.get(f"/play/api/tables/{st['id']}").get_json()
                continue
            if st["phase"] == "give":
                assert sorted(c["token"] for c in st["legal"]) == sorted(st["hand"])
                gave = st["legal"][0]["token"]
            resp = client.post(f"/play/api/tables/{st['id']}/act",
                               data=json.dumps({"action": st["legal"][0]["token"], "version": st["version"]}),
                               content_type="application/json")
            assert resp.status_code == 200, resp.get_json()
            st = resp.get_json()
        if gave is not None:
            assert f"passes {gave} to the loner" in [e["action"] for e in st["events"]]
            egn = client.get(f"/play/{st['id']}/game.egn").get_data(as_text=True)
            assert load_egn(egn).deals[0].best_card == Card(gave)
            break
    assert gave is not None


def test_par_under_call_for_best_hand_checked():
    # N (dealer S) holds Jh Ah Kh 9c 9s; S holds the spades and picks up 9h. Under call for best, if W passes N
    # orders up alone, S passes it a card and N marches (+4, checked: the engine's position after S passes As
    # and N throws 9c is five tricks in tests/reference.py, test_engine_position_...); so W, first to bid,
    # sacrifices by ordering up (-2). Without the rule S simply picks it up
    got = solver.par(DEAL, upcard="9h", dealer="S", rules=BEST)
    assert got.summary() == "W orders up, NS +2"
    assert got.steps[0].options == {"pass": -4, "order": -2}
    assert solver.par(DEAL, upcard="9h", dealer="S").summary() == "S picks it up, NS +1"
    h = alone_hand()
    h.give("As")
    h.apply("discard 9c")
    assert solver.solve(h.position()).tricks["NS"] == 5


def test_play_advice_after_the_exchange_leaves_the_discard_table_as_it_was():
    # a dealer sitting out after passing a card holds four; its discard is not weighed, and a hand that is not six
    # cards never reaches the table of six-card hands the advisor reads the dealer's discard from
    from solver.bidding import discard_chance
    from solver.bidding.discard import _by_rule
    rng = np.random.default_rng(2)
    five = np.array([sum(1 << int(c) for c in rng.choice(24, 5, replace=False)) for _ in range(200)], np.uint32)
    discard_chance(five, 0, 2)
    solver.advise_play(engine_hand_after_a_trick().view(Seat.N), Method(worlds=40, seed=1))
    six = np.array([sum(1 << int(c) for c in rng.choice(24, 6, replace=False)) for _ in range(500)], np.uint32)
    assert (dealer_discard(six, 2) == _by_rule(six, 2, None)).all()


# -- the double-dummy table ------------------------------------------------------------------------------------------
def test_the_dd_table_gives_a_loner_its_partners_best_card():
    # hearts trump, N alone: N holds every trump in play (S holds Jh Jd 9h) but throws 9s to E's spades: 4 tricks;
    # calling for best, S passes a bower and N throws the 9s: the five top trumps in play, 5 tricks
    deal = "N:Ah Kh Qh Th 9s E:As Ks Qs Js Ts S:Jh Jd 9h 9c Tc W:Ac Kc Qc Jc Ad"
    assert solver.dd_table(deal, "E")["h", "N"] == 4
    assert solver.dd_table(deal, "E", BEST)["h", "N"] == 5
    assert solver.dd_table(deal, "E", BEST)["h", "NS"] == solver.dd_table(deal, "E")["h", "NS"]   # no loner, no exchange


@pytest.mark.parametrize("seed", [3, 4])
def test_the_dd_table_loners_are_the_best_exchange_solved_one_by_one(seed):
    rng = np.random.default_rng(seed)
    cards = [str(c) for c in parse_cards("9c Tc Jc Qc Kc Ac 9d Td Jd Qd Kd Ad 9h Th Jh Qh Kh Ah 9s Ts Js Qs Ks As")]
    rng.shuffle(cards)
    hands = {s: cards[5 * i:5 * i + 5] for i, s in enumerate("NESW")}
    deal = " ".join(f"{s}:{' '.join(h)}" for s, h in hands.items())
    table = solver.dd_table(deal, "S", BEST).to_dict()["loners"]
    partner = {"N": "S", "S": "N", "E": "W", "W": "E"}
    lead = {"N": "E", "E": "S", "S": "W", "W": "N"}             # left of the loner leads (the default)
    for trump in "cdhs":
        for seat in "NESW":
            best = 0
            for given in hands[partner[seat]]:
                six = hands[seat] + [given]
                for thrown in six:
                    alone = {s: None if s == partner[seat] else h for s, h in hands.items()}
                    alone[seat] = [c for c in six if c != thrown]
                    side = "NS" if seat in "NS" else "EW"
                    pos = solver.Position.parse(
                        " ".join(f"{s}:{' '.join(h) if h else '-'}" for s, h in alone.items()), trump, lead[seat],
                        makers=side, alone=seat)
                    best = max(best, solver.solve(pos).tricks[side])
            assert table[trump][seat] == best, (trump, seat)
