"""The full-hand rules engine (solver.game): phases, legality, leads, scoring, undo, positions, views, games."""
import doctest
import importlib
import pkgutil
import random
import re

import pytest

import solver.game
from solver import EuchreError, IllegalActionError, Position, PositionError, Rules, SeatError, solve
from solver.cards import Card, Seat, Suit, cards_of, mask_of, parse_cards
from solver.laws import first_leader, hand_points
from solver.game import (ALONE, DEFEND_ALONE, DEFEND_WITH_PARTNER, ORDER, PASS, WITH_PARTNER, Action,
                         CardPlayed, DealCards, Game, Hand, Kind, Phase)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W

# A fixed deal used by several tests (every card once; kitty 9c 9d 9h 9s is left over).
DEAL = "N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th"
UP = "9c"


def fixed_hand(dealer="S", rules=None, upcard=UP):
    return Hand.from_deal(DEAL, upcard=upcard, dealer=dealer, rules=rules)


def fingerprint(h: Hand):
    """Everything public about a hand's state."""
    return (h.phase, h.to_act, tuple(h.holding(s) for s in Seat), tuple(h.unknown_cards(s) for s in Seat),
            h.bids, h.trump, h.maker, h.alone, h.defender_alone, h.picked_up, h.discard, h.tricks,
            h.leader, h.current_trick, h.tricks_won, h.result, h.kitty, len(h.history))


def play_random(h: Hand, rng: random.Random, undo_checks: bool = False):
    while not h.is_over:
        acts = h.legal_actions()
        assert acts, (h.phase, h.history)
        assert [a.code for a in acts] == sorted(a.code for a in acts)
        action = rng.choice(acts)
        if undo_checks:
            before = fingerprint(h)
            h.apply(action)
            h.undo()
            assert fingerprint(h) == before
        assert h.can(action)
        h.apply(action)


RULESETS = [
    Rules(),
    Rules(stick_the_dealer=True),
    Rules(loner_lead="left_of_dealer"),
    Rules(joker=True),
    Rules(defend_alone=True),
    Rules(players=2),
    Rules(players=2, joker=True, stick_the_dealer=True),
    Rules(dealer_may_discard_upcard=False, defend_alone=True, joker=True),
]


@pytest.mark.slow
@pytest.mark.parametrize("rules", RULESETS, ids=lambda r: ",".join(
    f"{k}={v}" for k, v in r.to_dict().items() if v != getattr(Rules(), k)) or "default")
def test_random_hands_keep_the_rules(rules):
    rng = random.Random(11)
    pack = cards_of((1 << 25) - 1 if rules.joker else (1 << 24) - 1)
    for i in range(150):
        h = Hand(rules, rng.choice(rules.seats))
        h.deal(rng=rng)
        dealt = {s: h.holding(s) for s in Seat}
        assert sum(bin(m).count("1") for m in dealt.values()) == 5 * len(rules.seats)
        assert bin(h.kitty).count("1") + 1 == rules.kitty_size
        play_random(h, rng, undo_checks=(i % 10 == 0))
        res = h.result
        assert h.phase is Phase.DONE and h.to_act is None and h.legal_actions() == []
        if res.thrown_in:
            assert not rules.stick_the_dealer and len(h.bids) == 2 * len(rules.seats) + (h.upcard == 24)
            continue
        in_play = h.seats_in_play
        assert len(in_play) == len(rules.seats) - (res.alone is not None) - (res.defender_alone is not None)
        assert all(len(t.cards) == len(in_play) for t in h.tricks) and len(h.tricks) == 5
        played = [c for t in h.tricks for c in t.cards]
        assert len(set(played)) == len(played) and set(played) <= set(pack)
        assert sum(res.tricks) == 5 and res.makers_tricks == res.tricks[res.makers]
        who, pts = hand_points(res.makers_tricks, rules, res.alone is not None, res.defender_alone is not None)
        side = res.makers if who == "makers" else 1 - res.makers
        assert res.points[side] == pts and res.points[1 - side] == 0
        # every trick's winner holds the best card under trump
        assert all(t.winner in t.seats and t.leader == t.seats[0] for t in h.tricks)
        assert all(h.tricks[i + 1].leader == h.tricks[i].winner for i in range(4))
        # the history replays to the same end
        again = Hand.from_history(rules, h.dealer, h.history)
        assert fingerprint(again) == fingerprint(h)


def test_round_one_and_two_calls():
    h = fixed_hand(dealer="S")
    assert h.phase is Phase.BID1 and h.to_act == W            # left of the dealer bids first
    assert h.legal_actions() == [PASS, ORDER]
    for seat in (W, N, E, S):
        assert h.to_act == seat
        h.pass_()
    assert h.phase is Phase.BID2 and h.to_act == W
    # the turned-down suit (clubs) cannot be named
    assert h.legal_actions() == [PASS, Action.call("d"), Action.call("h"), Action.call("s")]
    with pytest.raises(IllegalActionError, match="W cannot call c: clubs were turned down"):
        h.call("c")
    with pytest.raises(IllegalActionError, match="W cannot order up: the upcard 9c was turned down"):
        h.order_up()
    rec = h.call("h")
    assert rec.trump is Suit.H and rec.round == 2 and h.maker == W and h.makers == 1
    assert h.phase is Phase.ALONE and h.to_act == W
    assert not h.picked_up and h.holding(S) == mask_of(parse_cards("Js As Ks Qs Ts"))


def test_thrown_in_and_stick_the_dealer():
    h = fixed_hand(dealer="N")
    for _ in range(8):
        rec = h.pass_()
    assert rec.thrown_in and h.is_over and h.result.thrown_in and h.result.points == (0, 0)
    stuck = fixed_hand(dealer="N", rules=Rules(stick_the_dealer=True))
    for _ in range(7):
        stuck.pass_()
    assert stuck.to_act == N and PASS not in stuck.legal_actions()
    with pytest.raises(IllegalActionError, match="N cannot pass: stick the dealer"):
        stuck.pass_()
    assert len(stuck.legal_actions()) == 3


def test_order_up_dealer_picks_up_and_discards():
    h = fixed_hand(dealer="S")
    h.pass_()                      # W
    rec = h.order_up()             # N orders the dealer (S) to pick up 9c
    assert rec.trump is Suit.C and h.maker == N and h.picked_up
    assert h.phase is Phase.DISCARD and h.to_act == S
    assert h.holding(S) & Card("9c").mask
    # the dealer may discard any of six, the upcard included (docs/rules.md)
    assert [a.card for a in h.legal_actions()] == sorted(parse_cards("Js As Ks Qs Ts 9c"))
    with pytest.raises(IllegalActionError, match="S cannot discard Ah: S does not hold it"):
        h.discard_card("Ah")
    h.discard_card("Ts")
    assert h.discard == Card("Ts") and h.kitty & Card("Ts").mask
    assert h.phase is Phase.ALONE and h.to_act == N
    h.go_alone(False)
    assert h.phase is Phase.PLAY and h.to_act == W


def test_dealer_may_not_discard_upcard_option():
    rules = Rules(dealer_may_discard_upcard=False)
    h = fixed_hand(dealer="S", rules=rules)
    h.order_up()
    assert Action.discard("9c") not in h.legal_actions() and len(h.legal_actions()) == 5
    with pytest.raises(IllegalActionError, match="S cannot discard 9c: the dealer may not discard the upcard"):
        h.discard_card("9c")


@pytest.mark.parametrize("loner_lead, dealer, loner, leader", [
    ("left_of_loner", "N", "E", "S"),
    ("left_of_loner", "N", "W", "N"),
    ("left_of_loner", "N", "N", "E"),
    ("left_of_loner", "N", "S", "W"),
    ("left_of_loner", "S", "E", "S"),   # left of E is S, the dealer
    ("left_of_dealer", "N", "E", "E"),
    ("left_of_dealer", "N", "W", "S"),  # W's partner E is left of the dealer and sits out
    ("left_of_dealer", "N", "S", "E"),
    ("left_of_dealer", "W", "S", "E"),  # S's partner N, left of the dealer W, sits out
])
def test_loner_lead(loner_lead, dealer, loner, leader):
    rules = Rules(loner_lead=loner_lead)
    h = fixed_hand(dealer=dealer, rules=rules)
    while h.to_act != Seat.parse(loner):
        h.pass_()
    h.order_up()
    h.discard_card(h.legal_actions()[0].card)
    h.go_alone(True)
    assert h.alone == Seat.parse(loner)
    assert h.to_act == Seat.parse(leader) and h.leader == Seat.parse(leader)
    assert Seat.parse(loner).partner not in h.seats_in_play and len(h.seats_in_play) == 3


def test_no_loner_lead_is_left_of_dealer():
    for dealer, leader in (("N", E), ("E", S), ("S", W), ("W", N)):
        h = fixed_hand(dealer=dealer)
        h.order_up()
        h.discard_card(h.legal_actions()[0].card)
        h.go_alone(False)
        assert h.to_act == leader


def test_loner_march_scores_four_and_tricks_have_three_cards():
    # N holds the top of hearts after a heart call: all five alone.
    h = Hand.from_deal("N:Jh Jd Ah Kh Qh E:9c Tc Qc Kc Ac S:9s Ts Qs Ks As W:9d Td Qd Kd Ad",
                       upcard="Js", dealer="W")
    h.pass_(), h.pass_(), h.pass_(), h.pass_()     # N E S W in round 1
    h.call("h")                                    # N
    h.go_alone(True)
    assert h.to_act == E                           # left of the loner
    rng = random.Random(0)
    play_random(h, rng)
    assert all(len(t.cards) == 3 for t in h.tricks)
    assert h.result.makers_tricks == 5 and h.result.points == (4, 0) and h.result.march


def test_defend_alone():
    rules = Rules(defend_alone=True)
    h = Hand.from_deal("N:Jh Jd Ah Kh Qh E:9c Tc Qc Kc Ac S:9s Ts Qs Ks As W:9d Td Qd Kd Ad",
                       upcard="Js", dealer="W", rules=rules)
    for _ in range(4):
        h.pass_()
    h.call("h")
    h.go_alone(True)
    assert h.phase is Phase.DEFEND_ALONE and h.to_act == E   # defenders asked from the dealer's left
    assert h.legal_actions() == [DEFEND_ALONE, DEFEND_WITH_PARTNER]
    h.defend_alone(False)
    assert h.to_act == W
    rec = h.defend_alone(True)
    assert rec.defender and rec.alone and h.defender_alone == W
    assert h.seats_in_play == (N, W) and h.to_act == W       # left of loner N is E (out), then S (out), W
    play_random(h, random.Random(1))
    assert all(len(t.cards) == 2 for t in h.tricks)
    # no defend-alone step without a loner
    h2 = Hand.from_deal("N:Jh Jd Ah Kh Qh E:9c Tc Qc Kc Ac S:9s Ts Qs Ks As W:9d Td Qd Kd Ad",
                        upcard="Js", dealer="W", rules=rules)
    for _ in range(4):
        h2.pass_()
    h2.call("h")
    h2.go_alone(False)
    assert h2.phase is Phase.PLAY


def test_lone_defender_who_euchres_a_loner_scores_four():
    rules = Rules(defend_alone=True)
    # E calls spades alone with three low trumps; S defends alone with the four top ones.
    h = Hand.from_deal("N:9c Tc Qc Kc Ac E:9s Ts Qs 9h Th S:Js Jc As Ks Ah W:9d Td Qd Kd Ad",
                       upcard="Jh", dealer="N", rules=rules)
    for _ in range(4):
        h.pass_()
    h.call("s")                       # E, first to speak in round 2
    h.go_alone(True)
    assert h.to_act == S              # defenders are asked from the dealer's left: S, then N
    h.defend_alone(True)
    assert h.seats_in_play == (E, S) and h.to_act == S
    play_random(h, random.Random(2))
    assert h.result.euchred and h.result.defender_alone == S
    assert h.result.points == (4, 0)  # Rules.lone_defender_score to NS


def test_two_player_euchre():
    rules = Rules(players=2)
    assert rules.kitty_size == 14
    h = Hand(rules, "S")
    h.deal(rng=4)
    assert bin(h.kitty).count("1") == 13 and h.holding(E) == 0 and h.holding(W) == 0
    assert h.to_act == N                           # the non-dealer bids first
    h.pass_()
    assert h.to_act == S
    h.pass_()
    assert h.phase is Phase.BID2 and h.to_act == N
    h.call(next(s for s in Suit if s != h.upcard.suit))
    assert h.phase is Phase.PLAY and h.to_act == N  # no going alone; the non-dealer leads
    play_random(h, random.Random(5))
    assert all(len(t.cards) == 2 for t in h.tricks)
    assert h.result.to_dict()["points"].keys() == {"N", "S"}
    with pytest.raises(SeatError, match="dealer E: two-player"):
        Hand(rules, "E")


def test_two_player_order_up_dealer_discards():
    h = Hand(Rules(players=2), "N")
    h.deal(rng=9)
    assert h.to_act == S
    h.order_up()
    assert h.phase is Phase.DISCARD and h.to_act == N and len(h.legal_actions()) == 6
    h.discard_card(h.legal_actions()[0].card)
    assert h.phase is Phase.PLAY and h.to_act == S


def test_turned_up_joker_dealer_names_the_suit():
    rules = Rules(joker=True)
    h = Hand.from_deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th",
                       upcard="B", dealer="S", rules=rules)
    assert h.phase is Phase.NAME_SUIT and h.to_act == S
    assert h.legal_actions() == [Action.name(s) for s in Suit]
    with pytest.raises(IllegalActionError, match="S cannot order up: the dealer S must first name"):
        h.order_up()
    h.name_suit("d")
    assert h.phase is Phase.BID1 and h.to_act == W and h.named_suit is Suit.D
    h.pass_()
    rec = h.order_up()                             # N orders the joker up: diamonds
    assert rec.trump is Suit.D and h.holding(S) & Card("B").mask
    # round 2 after a joker turned down excludes the named suit
    h2 = Hand.from_deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th",
                        upcard="B", dealer="S", rules=rules)
    h2.name_suit("h")
    for _ in range(4):
        h2.pass_()
    assert Action.call("h") not in h2.legal_actions() and Action.call("c") in h2.legal_actions()


def test_joker_is_the_highest_trump_and_led_joker_is_trump():
    rules = Rules(joker=True)
    h = Hand.from_deal("N:B 9d 9h 9s Ts E:Jc Ac Kc Qc 9c S:Td Jd Ad Kd Qd W:Th Jh Ah Kh Qh",
                       upcard="Js", dealer="W", rules=rules)
    h.pass_()                                      # N
    h.pass_()                                      # E
    h.pass_()                                      # S
    h.order_up()                                   # W: the dealer picks up Js, spades trump
    h.discard_card("Qh")
    h.go_alone(False)
    assert h.to_act == N
    h.play("B")                                    # the joker led: trump (spades) led
    # E must follow trump with the left bower Jc
    assert h.legal_actions() == [Action.play("Jc")]
    h.play("Jc")
    h.play(h.legal_actions()[0].card)
    h.play("Js")                                   # W's right bower loses to the joker
    assert h.tricks[0].winner == N


@pytest.mark.parametrize("setup, action, message", [
    ([], "Jh", "W cannot play Jh: it is bidding round 1 and W is to bid"),
    ([], "discard Jh", "W cannot discard Jh: it is bidding round 1"),
    ([], "call h", "W cannot call h: in round 1 the only call is to order up the upcard 9c"),
    ([], "alone", "W cannot go alone: it is bidding round 1"),
    (["pass", "order"], "discard Jh", "S cannot discard Jh: S does not hold it"),
    (["pass", "order"], "pass", "S cannot pass: the dealer S must discard"),
    (["pass", "order", "discard Ts", "partner"], "Jh", "W cannot play Jh: W does not hold it"),
    (["pass", "order", "discard Ts", "partner", "Qh"], "9c", "N cannot play 9c: N does not hold it"),
    (["pass", "order", "discard Ts", "partner", "Qh"], "Qc", "N cannot play Qc: a renege, hearts were led and N holds Jh Kh Ah"),
    (["pass", "order", "discard Ts", "partner"], "defend alone", "W cannot defend alone"),
])
def test_illegal_actions_name_the_seat_and_the_card(setup, action, message):
    h = fixed_hand(dealer="S")
    for a in setup:
        h.apply(a)
    before = fingerprint(h)
    with pytest.raises(IllegalActionError) as err:
        h.apply(action)
    assert message in str(err.value)
    assert fingerprint(h) == before
    assert not h.can(action)


def test_cannot_act_before_the_deal_or_after_the_end():
    h = Hand(Rules(), "N")
    assert h.phase is Phase.DEAL and h.legal_actions() == []
    with pytest.raises(IllegalActionError, match="cannot pass: the cards have not been dealt"):
        h.pass_()
    with pytest.raises(IllegalActionError, match="nothing to undo"):
        h.undo()
    h.deal(rng=1)
    with pytest.raises(IllegalActionError, match="cannot deal"):
        h.deal(rng=2)
    for _ in range(8):
        h.pass_()
    with pytest.raises(IllegalActionError, match="the hand was thrown in"):
        h.pass_()


@pytest.mark.parametrize("deal, upcard, rules, message", [
    ("N:Jh Ah Kh Qc E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", "9c", Rules(),
     "N hand is 4 cards, expected 5 cards"),
    ("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", "Ac", Rules(),
     "the upcard Ac also appears in N"),
    ("N:Jh Ah Kh Qc B E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", "9c", Rules(),
     "card B (in N) is not in the pack"),
])
def test_bad_deals(deal, upcard, rules, message):
    with pytest.raises(EuchreError, match=re.escape(message)):
        Hand.from_deal(deal, upcard=upcard, rules=rules)


def test_duplicate_card_in_a_deal():
    cards = DealCards((mask_of(parse_cards("Jh Ah Kh Qc Ac")), mask_of(parse_cards("Jh Ad Kd Qd Td")),
                       mask_of(parse_cards("Js As Ks Qs Ts")), mask_of(parse_cards("Jc Kc Tc Qh Th"))),
                      Card("9c"), mask_of(parse_cards("9d 9h 9s")))
    with pytest.raises(IllegalActionError, match="card Jh appears in N and E"):
        Hand(Rules(), "N").apply(cards)


def test_dummy_hands_are_played_in_the_rules_engine():
    # the variant itself is tested in tests/test_dummy_hands.py
    h = Hand(Rules(players=2, dummy_hands=True), "N")
    h.deal(rng=1)
    assert h.phase is Phase.BID1 and any(h.dummy(s) for s in (N, S))


def test_actions_codes_and_text_round_trip():
    actions = ([Action.play(c) for c in range(25)] + [Action.discard(c) for c in range(25)]
               + [Action.discard(None), PASS, ORDER, ALONE, WITH_PARTNER, DEFEND_ALONE, DEFEND_WITH_PARTNER]
               + [Action.call(s) for s in Suit] + [Action.name(s) for s in Suit]
               + [Action.give(c) for c in range(25)] + [Action.give(None)])
    codes = [a.code for a in actions]
    assert len(set(codes)) == len(codes)
    for a in actions:
        assert Action.from_code(a.code) == a
        phase = Phase.DISCARD if a.kind is Kind.DISCARD else None
        assert Action.parse(str(a), phase) == a
        assert eval(repr(a), {"Action": Action}) == a
    assert Action.parse("pick up") == ORDER and Action.parse("Go Alone") == ALONE
    with pytest.raises(IllegalActionError, match="'bid 3 hearts': not a call"):
        Action.parse("bid 3 hearts")
    with pytest.raises(IllegalActionError, match="action code 4701"):
        Action.from_code(4701)


def test_undo_walks_back_to_the_deal():
    h = fixed_hand(dealer="E")
    states = [fingerprint(h)]
    rng = random.Random(3)
    while not h.is_over:
        h.apply(rng.choice(h.legal_actions()))
        states.append(fingerprint(h))
    for expected in reversed(states[:-1]):
        h.undo()
        assert fingerprint(h) == expected
    assert len(h.history) == 1 and h.phase is Phase.BID1
    # at(step) gives the same states without touching the hand
    h2 = fixed_hand(dealer="E")
    rng = random.Random(3)
    while not h2.is_over:
        h2.apply(rng.choice(h2.legal_actions()))
    for step, expected in enumerate(states, start=1):
        assert fingerprint(h2.at(step)) == expected
    assert h2.is_over


def test_position_at_every_card_matches_the_solver_position():
    h = fixed_hand(dealer="S")
    for a in ["pass", "order", "discard Ts", "partner"]:
        h.apply(a)
    with pytest.raises(PositionError):
        h.at(2).position()
    pos = h.position()
    assert pos == Position.parse("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:9c Js As Ks Qs W:Jc Kc Tc Qh Th",
                                 trump="c", leader="W", makers="NS")
    rng = random.Random(8)
    while not h.is_over:
        h.apply(rng.choice(h.legal_actions()))
    steps = list(h.positions())
    assert len(steps) == 20
    for i, (p, rec) in enumerate(steps):
        assert isinstance(rec, CardPlayed) and p.to_move == rec.seat
        assert rec.card in p.legal_cards()
        if i + 1 < len(steps):
            assert p.play(rec.card) == steps[i + 1][0]
    # with one card left to play there is no choice: the DD value is the real result
    assert solve(steps[-1][0]).makers_tricks == h.result.makers_tricks
    assert h.position().tricks_left == 0 and h.position().tricks_won == h.result.tricks


def test_position_for_a_loner_leaves_the_partner_out():
    h = fixed_hand(dealer="S")
    h.apply("pass")
    h.apply("order")
    h.apply("discard Ts")
    h.apply("alone")                                # N alone: S (the dealer) sits out
    pos = h.position()
    assert pos.hands[S] == 0 and pos.alone == N and pos.seats_in_play == (N, E, W)
    assert pos.leader == E                          # left of the loner
    assert solve(pos).tricks["NS"] + solve(pos).tricks["EW"] == 5


def test_view_shows_what_a_seat_has_seen():
    h = fixed_hand(dealer="S")
    v = h.view(N)
    assert v.upcard_state == "face_up" and v.hand == mask_of(parse_cards(DEAL.split("E:")[0][2:]))
    assert bin(v.unseen).count("1") == 24 - 5 - 1
    h.apply("pass")
    h.apply("order")
    h.apply("discard Ts")
    h.apply("partner")
    assert h.view(S).discard == Card("Ts") and h.view(N).discard is None
    assert h.view(N).upcard_state == "dealer"
    assert not h.view(S).unseen & Card("Ts").mask and h.view(N).unseen & Card("Ts").mask
    assert h.view(N).unseen & Card("9c").mask               # picked up: N does not see it
    h.apply("Qh")                                           # W leads a heart
    h.apply("Ah")                                           # N follows
    h.apply("Jd")                                           # E shows out of hearts
    v = h.view(S)
    assert v.voids[E] == frozenset({Suit.H}) and v.voids[N] == frozenset()
    assert v.current == ((W, Card("Qh")), (N, Card("Ah")), (E, Card("Jd")))
    assert v.played[E] == Card("Jd").mask and v.hand_sizes == (4, 4, 5, 4)
    assert bin(v.unseen).count("1") == 24 - 5 - 1 - 3        # own hand, own discard, three played


def test_unknown_cards_from_a_partial_record():
    # N's and the kitty's cards are unknown (a loner's partner, say); S is the dealer.
    h = Hand.from_deal("N:- E:Jd Ad Kd Qd Td S:Js As Ks Qs W:Jc Kc Tc Qh Th", upcard="9c", dealer="S",
                       partial=True)
    assert h.unknown_cards(N) == 5 and h.unknown_cards(S) == 1
    h.apply("pass")
    h.apply("pass")
    h.apply("order")                                        # E orders up
    assert Action.discard(None) in h.legal_actions()
    h.discard_card(None)                                    # S's unknown card went to the kitty
    assert h.unknown_cards(S) == 0 and h.discard is None
    h.apply("alone")                                        # E alone: W sits out
    with pytest.raises(PositionError, match="5 of N's cards are not known"):
        h.position()                                        # N is in play but unknown
    assert h.view(N).hand_unknown == 5 and h.view(S).hand_sizes[W] == 0


def test_game_to_ten():
    rng = random.Random(12)
    game = Game(Rules(), dealer="E")
    dealers = []
    while not game.is_over:
        game.deal(rng=rng)
        dealers.append(game.current.dealer)
        play_random(game.current, rng)
    s0, s1 = game.scores
    assert max(s0, s1) >= 10 and game.winner == (0 if s0 > s1 else 1)
    assert sum(h.result.points[0] for h in game.hands) == s0
    assert dealers[:4] == [E, S, W, N]
    assert all(dealers[i + 1] == dealers[i].left for i in range(len(dealers) - 1))
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.deal(rng=rng)


def test_game_num_deals_and_two_player_dealer_alternates():
    rng = random.Random(13)
    game = Game(Rules(players=2, winning_score=0, num_deals=3), dealer="S", scores=(1, 2))
    while not game.is_over:
        game.apply(DealCards.random(game.rules, rng))
        play_random(game.current, rng)
    assert [h.dealer for h in game.hands] == [S, N, S]
    assert game.scores == (1 + sum(h.result.points[0] for h in game.hands),
                           2 + sum(h.result.points[1] for h in game.hands))


def test_game_undo_crosses_hands():
    rng = random.Random(14)
    game = Game(Rules(), dealer="N")
    game.deal(rng=rng)
    play_random(game.current, rng)
    first = game.scores
    game.apply(DealCards.random(game.rules, rng))
    assert len(game.hands) == 2 and game.phase is not Phase.DEAL
    game.undo()
    assert len(game.hands) == 1 and game.scores == first and game.phase is Phase.DEAL
    game.undo()
    assert len(game.hands) == 1 and not game.hands[0].is_over
    with pytest.raises(IllegalActionError, match="still under way"):
        game.new_hand()


def test_steps_give_the_state_before_every_decision():
    h = fixed_hand(dealer="S")
    rng = random.Random(4)
    while not h.is_over:
        h.apply(rng.choice(h.legal_actions()))
    steps = list(h.steps())
    assert len(steps) == len(h.history) - 1
    for before, rec in steps:
        assert before.to_act == rec.seat and rec.action in before.legal_actions()
        assert before.view(rec.seat).hand == before.holding(rec.seat)
    assert steps[0][0].phase is Phase.BID1 and steps[-1][1].result == h.result


# -- messages a player can read ------------------------------------------------------------------------------
VWEC_DEAL = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"


def test_a_renege_names_the_suit_in_words_and_the_cards_that_follow():
    deal = "N:9d Ac Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:As Ah 9s Qs"
    with pytest.raises(PositionError) as err:
        Position.parse(deal, trump="c", leader="W", played="Ad Tc")
    assert str(err.value) == "played Tc by N: a renege, N holds diamonds (9d Jd Kd) and must follow suit"
    pos = Position.parse(VWEC_DEAL, trump="c", leader="W").play("Ad")
    with pytest.raises(PositionError) as err:
        pos.play("Ac")
    assert str(err.value) == "card Ac: a renege, N holds diamonds (9d Jd Kd) and must follow suit"
    # the left bower follows trump: with clubs trump, E's Js is a club
    pos = Position.parse(VWEC_DEAL, trump="c", leader="N").play("Ac")
    with pytest.raises(PositionError) as err:
        pos.play("Qd")
    assert str(err.value) == "card Qd: a renege, E holds clubs (Js) and must follow suit"


def test_tricks_played_is_grammatical():
    deal = "N:9d Ac Tc Kd E:Qd Js Kh 9h S:9c Ks Qh Kc W:Ad As Ah 9s"
    with pytest.raises(PositionError) as err:
        Position.parse(deal, trump="c", leader="W", tricks_won={"NS": 1, "EW": 1})
    assert str(err.value) == "tricks_won NS 1, EW 1: 1 trick has been played, with 4 left"
    with pytest.raises(PositionError) as err:
        Position.parse("N:9d Ac Tc E:Qd Js Kh S:9c Ks Qh W:Ad As Ah", trump="c", leader="W", tricks_won={"NS": 1})
    assert str(err.value) == "tricks_won NS 1, EW 0: 2 tricks have been played, with 3 left"


def test_counts_in_messages_are_grammatical():
    with pytest.raises(EuchreError) as err:
        Hand.from_deal("N:Jh E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c", dealer="S")
    assert "N hand is 1 card, expected 5 cards" in str(err.value)


# -- the package: one concept a module, and documentation that runs ------------------------------
GAME_MODULES = ["solver.game"] + sorted(m.name for m in pkgutil.iter_modules(getattr(solver.game, "__path__", []),
                                                                             "solver.game."))


def test_game_is_a_package_of_one_concept_per_module():
    assert GAME_MODULES == ["solver.game", "solver.game.actions", "solver.game.deal", "solver.game.hand",
                            "solver.game.history", "solver.game.seat", "solver.game.state", "solver.game.table",
                            "solver.game.view"]
    homes = {"actions": ("Phase", "Kind", "Action"), "deal": ("DealCards",),
             "history": ("Record", "Dealt", "SuitNamed", "BidMade", "Discarded", "CardPassed", "KittyExchanged",
                         "AloneDeclared", "CardPlayed", "Trick", "HandResult"),
             "view": ("SeatView",), "state": ("HandState",), "hand": ("Hand",), "table": ("Game",), "seat": ("seat_view", "view_from_dict")}
    for module, names in homes.items():
        for name in names:
            assert getattr(solver.game, name).__module__ == f"solver.game.{module}", name
    assert solver.game.first_leader is first_leader         # the kernel's, re-exported, not a copy
    assert sorted(solver.game.__all__) == sorted([n for names in homes.values() for n in names] + [
        "first_leader", "PASS", "ORDER", "ALONE", "WITH_PARTNER", "DEFEND_ALONE", "DEFEND_WITH_PARTNER", "KEEP"])


@pytest.mark.parametrize("name", GAME_MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, report=True)
    assert result.attempted > 0, f"{name}: no docstring examples"
    assert result.failed == 0, f"{name}: {result.failed} of {result.attempted} docstring examples failed"
