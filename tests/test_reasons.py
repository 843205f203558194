"""Reasons in words (solver.review.reasons): each rule on hand-made positions where it must fire, where the
position does not break it, and where the figures' best choice disagrees with it; then the review shows only
reasons whose rule holds on the decision's own position and figures."""
import pytest

from conftest import EGN_DIR
from solver import review_game as review
from solver.cards import Card, Seat, Suit, mask_of, parse_cards
from solver.review.reasons import (CALL_RULES, CARD_RULES, RULES, CallSituation, CardSituation, call_reasons,
                                   card_reasons)
from solver import Method

H, S, C, D = (int(Suit.parse(x)) for x in "hscd")


def cards(text):
    return mask_of(parse_cards(text))


def play(hand, trick, card, best, trump=H, maker="N", alone=None, seat="S"):
    """A card decision: ``trick`` ``"W:Kc N:Ac"`` (seat:card from the leader)."""
    on = tuple((Seat.parse(x.split(":")[0]), Card.parse(x.split(":")[1])) for x in trick.split()) if trick else ()
    return CardSituation(cards(hand), on, trump, Seat.parse(maker), None if alone is None else Seat.parse(alone), 4,
                         Seat.parse(seat), Card.parse(card), tuple(parse_cards(best)))


def fired(s):
    return [r.rule for r in (card_reasons(s) if isinstance(s, CardSituation) else call_reasons(s))]


def test_every_rule_has_an_id_of_its_own():
    assert len({r.id for r in RULES}) == len(RULES) == len(CARD_RULES) + len(CALL_RULES)


# -- cards --------------------------------------------------------------------------------------------
def test_trumped_partner():
    # hearts trump; N (S's partner) led the Ac and holds the trick; S has no club: trumping with the 9h wastes it
    must = play("9h Td Ks", "N:Ac E:9c", "9h", "Td")
    assert fired(must) == ["trumped-partner"]
    assert "S trumped its partner's winning Ac with the 9h" in card_reasons(must)[0].sentence
    assert fired(play("9h Td Ks", "N:Ac E:Kh", "9h", "Td")) == []          # E trumped: partner does not hold it
    assert fired(play("9h Tc Ks", "N:Ac E:9c", "9h", "Tc")) == []          # S can follow clubs: no free choice
    assert fired(play("9h Td Ks", "N:Ac E:9c", "9h", "9h Td")) == []        # the 9h is among the best
    assert fired(play("9h Jh Ks", "N:Ac E:9c", "9h", "Jh")) == []          # the figures want a trump too


def test_no_trump_lead_for_partner():
    # N called hearts; S leads, holding a trump, and leads a spade while the figures want trump
    must = play("Qh As Kd", "", "As", "Qh")
    assert fired(must) == ["no-trump-lead-for-partner"]
    assert fired(play("Qh As Kd", "", "As", "Qh", maker="S")) == []        # S called it itself
    assert fired(play("Qh As Kd", "", "As", "Qh", maker="E")) == []        # the opponents called it
    assert fired(play("Tc As Kd", "", "As", "Tc")) == []                   # no trump to lead
    assert fired(play("Qh As Kd", "", "As", "Kd")) == []                   # the figures want another off-suit card
    assert fired(play("Qh As Kd", "", "As", "Qh", alone="N")) == []        # partner alone: S sits out anyway


def test_trump_lead_against_loner():
    must = play("Qh As Kd", "", "Qh", "As", maker="E", alone="E")
    assert fired(must) == ["trump-lead-against-loner"]
    assert fired(play("Qh As Kd", "", "As", "Kd", maker="E", alone="E")) == []      # an off-suit lead
    assert fired(play("Qh As Kd", "", "Qh", "As", maker="E")) == []                 # no loner
    assert fired(play("Qh As Kd", "", "Qh", "Jh", maker="E", alone="E")) == []      # the figures want trump


def test_third_hand_low():
    # N led the 9c, E covered with the Kc; S holds the Ac and plays the Tc under it
    must = play("Ac Tc Qs", "N:9c E:Kc", "Tc", "Ac", maker="E", seat="S")
    assert fired(must) == ["third-hand-low"]
    assert fired(play("Qc Tc Qs", "N:9c E:Kc", "Tc", "Qc", maker="E")) == []       # no card beats the Kc
    assert fired(play("Ac Tc Qs", "N:Kc E:9c", "Tc", "Ac", maker="E")) == []       # partner already wins
    assert fired(play("Ac Tc Qs", "E:Kc", "Tc", "Ac", maker="E")) == []            # second hand, not third
    assert fired(play("Ac Tc Qs", "N:9c E:Kc", "Tc", "Tc Qs", maker="E")) == []    # the Tc is among the best
    assert fired(play("Ac Tc Qs", "N:9c E:Kc", "Tc", "Qs", maker="E")) == []       # not a legal-looking best: no


def test_threw_an_ace():
    must = play("Ac 9s Qh", "W:Ad N:Kd E:9d", "Ac", "9s", maker="E")
    assert fired(must) == ["threw-an-ace"]
    assert fired(play("Ac As Qh", "W:Ad N:Kd E:9d", "Ac", "Qh", maker="E")) == []   # only aces and a trump
    assert fired(play("Ac 9s Td", "W:Ad N:Kd E:9d", "Td", "9s", maker="E")) == []   # followed suit
    assert fired(play("Ac 9s Qh", "W:Ad N:Kd E:9d", "Ac", "As", maker="E")) == []   # the figures keep another ace
    assert fired(play("Ac 9s Qh", "W:Ad N:Kd E:9d", "Ac", "Qh", maker="E")) == []   # the figures want to trump


def test_the_situation_of_a_replayed_hand():
    from solver.game import Hand
    h = Hand.from_deal("N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh", upcard="9h",
                       dealer="S")
    for a in ["order", "discard Ts", "partner", "Tc", "9c"]:
        h.apply(a)
    s = CardSituation.of(h, Seat.E, "Td", ["Td"])
    assert (s.trick, s.trump, s.maker, s.seat, s.led) == (((Seat.W, Card.parse("Tc")), (Seat.N, Card.parse("9c"))),
                                                          H, Seat.W, Seat.E, C)
    assert s.void and s.winning() == (Seat.W, Card.parse("Tc"))


# -- calls --------------------------------------------------------------------------------------------
def call(hand, upcard, call, best, dealer="W", seat="N", rnd=1, p_make=None, score=None, best_name=None):
    return CallSituation(cards(hand), Card.parse(upcard), Seat.parse(dealer), Seat.parse(seat), rnd, call, best,
                         best_name or best, p_make, score)


def test_called_with_one_trump():
    assert fired(call("Ah Ks Kd Qc 9c", "9h", "order", "pass")) == ["called-with-one-trump"]
    assert fired(call("Ah Kh Kd Qc 9c", "9h", "order", "pass")) == []             # two trumps
    assert fired(call("Ah Ks Kd Qc 9c", "9h", "order", "call s", rnd=1)) == ["called-with-one-trump"]
    assert fired(call("Ah Ks Kd Qc 9c", "9h", "order", "order alone")) == []      # the figures want hearts too
    # the dealer picking up counts the upcard: Ah + 9h is two
    assert fired(call("Ah Ks Kd Qc 9c", "9h", "order", "pass", dealer="N")) == []
    assert fired(call("Jd Ks Kd Qc 9c", "9s", "call h", "pass", rnd=2)) == ["called-with-one-trump"]   # the left


def test_bower_to_dealer():
    assert fired(call("Ah Ks Kd Qc 9c", "Jh", "order", "pass")) == ["bower-to-dealer"]
    assert fired(call("Ah Qh Th Qc 9c", "Jh", "order", "pass")) == []             # three trumps
    assert fired(call("Ah Ks Kd Qc 9c", "Jh", "order", "pass", dealer="S")) == ["called-with-one-trump"]  # assist
    assert fired(call("Ah Ks Kd Qc 9c", "Qh", "order", "pass")) == ["called-with-one-trump"]             # no bower
    assert fired(call("Ah Kh Kd Qc 9c", "Jh", "order", "order alone")) == []


def test_alone_at_game_point():
    at_nine = {"NS": 9, "EW": 4}
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "order alone", "order", score=at_nine)) == ["alone-at-game-point"]
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "order alone", "order", score={"NS": 6, "EW": 4})) == []
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "order alone", "order", seat="E", score=at_nine)) == []  # EW at 4
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "order alone", "pass", score=at_nine)) == []
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "order alone", "order")) == []      # no score known


def test_passed_a_making_hand():
    must = call("Jh Jd Ah Kh 9c", "Qh", "pass", "order", p_make=0.9, best_name="order up")
    assert fired(must) == ["passed-a-making-hand"]
    assert call_reasons(must)[0].sentence == "N passed a hand that makes 90% of the time (best: order up)"
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "pass", "order", p_make=0.45)) == []
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "pass", "order", p_make=0.6)) == []     # a close pass
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "pass", "order", p_make=0.7)) == ["passed-a-making-hand"]
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "pass", "pass", p_make=0.9)) == []
    assert fired(call("Jh Jd Ah Kh 9c", "Qh", "order", "pass", p_make=0.9)) == []


# -- the review shows a reason only where its rule holds on the decision ---------------------------------
@pytest.mark.slow
def test_the_review_reasons_hold_on_their_decisions():
    r = review(EGN_DIR / "vwec-finals.egn", method=Method(worlds=30, seed=1, examples=3))
    seen = 0
    for dr, deal in zip(r.deals, r.to_dict()["deals"]):
        for d, dd in zip(dr.decisions, deal["calls"] + deal["cards"]):
            assert dd["reasons"] == [x.to_dict() for x in d.reasons]
            if d.reasons:
                seen += 1
                assert d.grade in ("inaccuracy", "mistake", "blunder", "unclear")
        text = dr.text()
        for d in dr.decisions:
            for x in d.reasons:
                assert f"[{x.rule}]" in text and x.sentence in text
    assert seen >= 1
