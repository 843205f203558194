"""A seat's view as one public value (issue 11, item 1): built from keyword arguments, from a Hand,
from JSON; validated by replay with clear errors naming the call or card."""
import json
import random

import pytest

import solver
from solver import EuchreError, Rules, SeatView, view_from_dict
from solver.cards import Card, Seat, cards_of
from solver.errors import IllegalActionError, PositionError
from solver.game import Hand, Phase
from solver.laws import effective_suit

BASE = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls=["Pass"] * 5 + ["h"])


def build(**changes):
    kw = dict(BASE)
    kw.update(changes)
    return solver.seat_view(**kw)


def random_hands(rules, games, renege_rate=0.0):
    """Random hands played by random legal actions; yields the Hand before each action."""
    for g in range(games):
        rng = random.Random(g)
        h = Hand(rules, dealer=rng.choice(rules.seats))
        h.deal(rng=g)
        while not h.is_over:
            yield h
            acts = h.legal_actions()
            a = rng.choice(acts)
            if h.phase is Phase.BID1 and rng.random() < 0.6:
                a = acts[0]                                  # pass more often: reach round 2
            h.apply(a)


def test_view_fields_from_keywords():
    v = build(hand="Kc 9c Qd Td", tricks=[["Ac", "9h"]])
    assert v.calls == ("Pass",) * 5 + ("h",)
    assert v.trump == solver.Suit.H and v.maker == Seat.N and v.alone is None
    assert v.tricks_from_leader == ((Card.parse("Ac"), Card.parse("9h")),)
    assert v.to_act == Seat.E and v.hand_sizes == (4, 5, 5, 4)
    assert v.voids[Seat.N] == {solver.Suit.C}               # N trumped the club lead
    assert v.upcard_state == "turned_down"


@pytest.mark.slow
@pytest.mark.parametrize("rules", [Rules(), Rules(players=2), Rules(joker=True), Rules(stick_the_dealer=True),
                                   Rules(defend_alone=True), Rules(loner_lead="left_of_dealer")],
                         ids=["default", "2p", "joker", "std", "defend-alone", "loner-lead"])
def test_round_trip_equals_the_engine_view(rules):
    # Every view of a real hand in the bidding and play phases, through JSON and back, is the same value.
    checked = 0
    for h in random_hands(rules, 40):
        if h.phase not in (Phase.BID1, Phase.BID2, Phase.PLAY):
            continue
        for s in rules.seats:
            v = SeatView.from_hand(h, s)
            back = view_from_dict(json.loads(json.dumps(v.to_dict())))
            assert back == v, (v.to_dict(), s)
            checked += 1
    assert checked > 500


def test_dealer_views_before_and_after_the_discard():
    before = build(seat="S", hand="Kc 9c Qd Td Ac 9s", calls=["Order"])
    assert before.phase is Phase.DISCARD and before.hand_sizes[Seat.S] == 6
    after = build(seat="S", hand="Kc 9c Qd Td 9s", calls=["Order"], discard="Ac")
    assert after.phase is Phase.PLAY and after.discard == Card.parse("Ac")
    assert after.to_dict()["discard"] == "Ac"
    upcard_thrown = build(seat="S", hand="Kc 9c Qd Td Ac", calls=["Order"], discard="9s")
    assert upcard_thrown.discard == Card.parse("9s")


def test_dealer_showing_out_of_trump_discarded_the_upcard():
    # E (not the viewer) deals and picks up 9s, then shows out of spades: no renege, it threw the upcard.
    v = build(seat="N", hand="Jd Ah Kh Qh", dealer="E", calls=["Pass", "Pass", "Order"],
              tricks=[["As", "Ts", "Qs", "Ad"]])
    assert v.voids[Seat.E] == {solver.Suit.S}


@pytest.mark.parametrize("changes, error, words", [
    (dict(calls=["Pass", "Pass", "Pass", "Pass", "s"]), IllegalActionError, ["calls[4] 's'", "turned down"]),
    (dict(calls=["Pass", "Pass", "Pass", "Pass", "Pass", "h", "Pass"]), IllegalActionError,
     ["calls[6] 'Pass'", "auction is over", "N made hearts"]),
    (dict(calls=["Pass", "Bid"]), IllegalActionError, ["calls[1] 'Bid'", "no such call"]),
    (dict(calls=["N:Pass"]), IllegalActionError, ["calls[0] 'N:Pass'", "out of turn", "W's call"]),
    (dict(calls=["Pass", "d"]), IllegalActionError, ["calls[1] 'd'", "round 1"]),
    (dict(calls=["Pass", "h alone"]), IllegalActionError, ["calls[1] 'h alone'", "'alone' flag"]),
    (dict(hand="Ac Kc 9c Qd"), PositionError, ["W holds 4 cards, expected 5"]),
    (dict(hand="Kc 9c Qd", tricks=[["Ac", "9h"]]), PositionError, ["W holds 3 cards, expected 4 after playing 1"]),
    (dict(hand="Ac Kc 9c Qd 9s"), PositionError, ["upcard 9s", "W's hand", "turned down"]),
    (dict(hand="Kc 9c Qd Td", tricks=[["Ac", "9s"]]), PositionError, ["upcard 9s", "tricks[0]", "played by N"]),
    (dict(hand="Ac Kc 9c Qd Td", tricks=[["Ac", "9h"]]), PositionError, ["card Ac", "also in W's hand"]),
    (dict(hand="Kc 9c Qd Td", tricks=[["Ac", "Kh", "Ah", "Ac"]]), EuchreError, ["Ac", "twice"]),
    (dict(calls=["Pass", "Pass"], hand="Kc 9c Qd Td", tricks=[["Ac"]]), IllegalActionError,
     ["tricks[0]", "before trump is made"]),
    (dict(hand="Kc 9c Qd Td", tricks=[["Ac", "9h", "Th"], ["Qh"]]), PositionError,
     ["tricks[0]", "4 cards"]),
    (dict(seat="S", hand="Kc 9c Qd Td Ac", calls=["Order"]), PositionError, ["upcard 9s", "S is the dealer"]),
    (dict(discard="Qh"), PositionError, ["discard Qh", "only the dealer"]),
    (dict(alone=True, calls=["Pass", "Pass"]), IllegalActionError, ["alone", "no trump"]),
    (dict(calls=["Pass", "Pass", "Order"], alone=True, rules=Rules(players=2), seat="N", dealer="S"),
     EuchreError, ["calls[2]"]),
])
def test_bad_views_name_the_call_or_card(changes, error, words):
    with pytest.raises(error) as info:
        build(**changes)
    for w in words:
        assert w in str(info.value), (w, str(info.value))


def test_renege_by_the_viewer():
    # Clubs led by W; N holds Tc and plays 9d: a renege that N's own view proves.
    with pytest.raises(IllegalActionError) as info:
        build(seat="N", hand="Ah Kh Qh Tc", tricks=[["Ac", "9d"]])
    assert "tricks[0] card 9d" in str(info.value) and "renege" in str(info.value)


def test_renege_by_another_seat_proved_by_a_later_card():
    # E shows out of clubs in trick 1 (plays 9d), later plays Qc: the view proves the renege.
    kw = dict(seat="N", dealer="S", upcard="9s", calls=["Pass"] * 5 + ["h"])
    ok = solver.seat_view(hand="Ah Kh Qh Jh", tricks=[["Ac", "9h", "9d", "Kc"]], **kw)
    assert ok.voids[Seat.E] == {solver.Suit.C}
    with pytest.raises(IllegalActionError) as info:
        solver.seat_view(hand="Kh Qh Jh", tricks=[["Ac", "9h", "9d", "Kc"], ["Ah", "Qc"]], **kw)
    assert "tricks[0] card 9d (E)" in str(info.value) and "renege" in str(info.value)


@pytest.mark.slow
def test_reneges_in_random_hands_are_reported_exactly_when_the_view_proves_them():
    # Independent rule: the reneger's own view always proves it; another seat's view does when the
    # reneger later plays a card of the suit it failed to follow.
    counts = {"caught": 0, "unprovable": 0}
    for g in range(120):
        rng = random.Random(1000 + g)
        h = Hand(Rules(), dealer=rng.choice(list(Seat)))
        h.deal(rng=1000 + g)
        culprit = None
        while not h.is_over:
            if h.phase is Phase.PLAY and culprit is None and h.current_trick:
                off = [c for c in cards_of(h.holding(h.to_act)) if h.is_renege(c)]
                if off:
                    culprit = (h.to_act, effective_suit(h.current_trick[0][1], h.trump), len(h.history))
                    h.play(rng.choice(off), allow_renege=True)
                    continue
            h.apply(rng.choice(h.legal_actions()))
        if culprit is None:
            continue
        seat, led, step = culprit
        cut = rng.randrange(step + 1, len(h.history) + 1)
        part = h.at(cut)
        later = any(r.seat == seat and effective_suit(r.card, h.trump) == led
                    for r in part.history[step + 1:] if hasattr(r, "card") and r.card is not None
                    and type(r).__name__ == "CardPlayed")
        for s in Seat:
            provable = s == seat or later
            if part.phase is not Phase.PLAY:
                continue
            if provable:
                with pytest.raises(IllegalActionError, match="renege"):
                    view_from_dict(part.view(s).to_dict())
                counts["caught"] += 1
            else:
                view_from_dict(part.view(s).to_dict())
                counts["unprovable"] += 1
    assert counts["caught"] > 50 and counts["unprovable"] > 5


def test_json_errors_and_dummy_hands():
    with pytest.raises(PositionError, match="unknown key 'hands'"):
        view_from_dict({"hands": "Ac"})
    with pytest.raises(PositionError, match="dummy-hands variant needs both face-up dummies"):
        build(rules=Rules(players=2, dummy_hands=True), seat="N", dealer="S")
