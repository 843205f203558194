"""Facts of the cards that no valuation may break: an outcome the cards rule out gets exactly 0.

The fitted single-dummy correction knows counts, not cards; each world's band is kept within what no play can
change (``band_bounds``, from ``sure_tricks``, which tests/test_single_dummy_model.py checks against a slow
reference that tries every continuation). Here the hand-made deals of each kind, at every seat and in both
rounds, through the public advisor, and the bounds themselves on positions counted by hand."""
import numpy as np
import pytest
from solver.advisor.single_dummy import band_bounds, sure_tricks
from solver.cards import mask_of, parse_cards
from solver import Method
from conftest import bid_advice

SUITS = "cdhs"


def _hands(*texts):
    return np.array([[mask_of(parse_cards(t)) if t else 0 for t in texts]], dtype=np.uint32)


def test_five_trumps_under_the_right_bower_are_four_sure_tricks():
    # E holds every heart but the Jh (N) and the 9h (W): one of E's five can fall under the Jh, no more
    hands = _hands("Jh 9c Tc Qc Kc", "Jd Ah Kh Qh Th", "9s Ts Qs Ks As", "9h 9d Td Qd Kd")
    assert sure_tricks(hands, SUITS.index("h")).tolist() == [[1, 4]]
    # the same five with the right bower out of play (in the kitty): all five are masters
    hands = _hands("Ac 9c Tc Qc Kc", "Jd Ah Kh Qh Th", "9s Ts Qs Ks As", "9h 9d Td Qd Kd")
    assert sure_tricks(hands, SUITS.index("h")).tolist() == [[0, 5]]
    # two trumps under two higher ones elsewhere: nothing sure
    hands = _hands("Jh 9c Tc Qc Kc", "Ah Kh 9s Ts Qs", "Jd Ks As 9d Td", "9h Qh Qd Kd Ad")
    assert sure_tricks(hands, SUITS.index("h")).tolist() == [[1, 0]]


def test_band_bounds_rule_out_the_euchre_of_three_top_trumps_and_the_march_past_the_right_bower():
    h = SUITS.index("h")
    # E-W make hearts; E holds the three top trumps: they cannot be euchred; nobody else holds a master
    hands = _hands("9c Tc Qc Kc Ac", "Jh Jd Ah 9s Ts", "Qs Ks As 9d Td", "Kh Qh Th 9h Qd")
    assert [b.tolist() for b in band_bounds(hands, h, 1)] == [[1], [2]]
    # N (the dealer) picked up the right bower: E-W cannot march; E's five trumps under it are four sure
    # tricks, so N-S, were they the makers, could not make
    hands = _hands("Jh Tc Qc Kc Ac", "Jd Ah Kh Qh Th", "Qs Ks As 9d Td", "9s Ts 9c Qd Kd")
    assert [b.tolist() for b in band_bounds(hands, h, 1)] == [[1], [1]]
    assert [b.tolist() for b in band_bounds(hands, h, 0)] == [[0], [0]]
    # tricks already won count: two tricks left, N-S have three and the right bower, E-W a sure trick
    hands = _hands("Jh Tc", "Jd Ah", "Qs Ks", "9s Ts")
    assert [b.tolist() for b in band_bounds(hands, h, 1, won=(3, 0))] == [[0], [0]]
    assert [b.tolist() for b in band_bounds(hands, h, 0, won=(3, 0))] == [[1], [1]]


def _option(a, call):
    return next(o for o in a.options if o.call == call)


# (hand, upcard, seat, dealer, round, the calls to check): the caller holds the right, the left and the ace of
# trump (never euchred) at every seat and in both rounds (every seat before it passed)
THREE_TOP = [
    ("Jh Jd Ah 9c Ts", "9h", "E", "N", 1, ["order", "order alone"]),
    ("Jh Jd Ah 9c Ts", "9h", "S", "N", 1, ["order", "order alone"]),
    ("Jh Jd Ah 9c Ts", "9h", "W", "N", 1, ["order", "order alone"]),
    ("Jh Jd Ah 9c Ts", "9h", "N", "N", 1, ["order", "order alone"]),
    ("Jh Jd Ah 9c Ts", "Ks", "E", "N", 2, ["call h", "call h alone"]),
    ("Jh Jd Ah 9c Ts", "Ks", "W", "N", 2, ["call h", "call h alone"]),
]


@pytest.mark.parametrize("hand, upcard, seat, dealer, rnd, checked", THREE_TOP)
def test_three_top_trumps_are_never_euchred(hand, upcard, seat, dealer, rnd, checked):
    a = bid_advice(hand, upcard, seat, dealer, rnd, worlds=300, seed=1, calls=["pass", *checked])
    assert a.valuation == "single_dummy"
    for call in checked:
        o = _option(a, call)
        assert o.p_euchred == 0.0 and o.p_make == 1.0, (call, o.p_euchred, o.p_make)


# the right bower turned up to a dealer of the other side: whoever orders it up cannot march
RIGHT_TO_THE_DEALER = [
    ("Jd Ah Kh Qh Th", "Jh", "E", "N", 1),
    ("Jd Ah Kh Qh Th", "Jh", "W", "N", 1),
    ("Jd Ah Kh As Ac", "Jh", "E", "N", 1),
    ("Jd Ah Kh As Ac", "Jh", "W", "S", 1),
]


@pytest.mark.parametrize("hand, upcard, seat, dealer, rnd", RIGHT_TO_THE_DEALER)
def test_no_march_past_the_right_bower_in_the_dealers_hand(hand, upcard, seat, dealer, rnd):
    a = bid_advice(hand, upcard, seat, dealer, rnd, worlds=300, seed=3, calls=["pass", "order", "order alone"])
    for call in ("order", "order alone"):
        assert _option(a, call).p_march == 0.0, (call, _option(a, call).p_march)


def test_a_trump_on_the_table_beats_none_of_its_own_sides_later_trumps():
    """E leads from the right, the left and the ace: whichever it leads, the two it keeps are masters once the
    trick is done (the card on the table falls on this trick only), so no card can be euchred; the same for W
    behind its partner's right bower on the table."""
    from solver import advise_play, seat_view
    a = advise_play(seat_view(seat="E", hand="Jh Jd Ah 9c Ts", dealer="N", upcard="9h", calls="Order"),
                    Method(worlds=300, seed=1))
    assert all(c.p_euchred == 0 for c in a.cards), [(str(c.card), c.p_euchred) for c in a.cards]
    a = advise_play(seat_view(seat="W", hand="Jd Ah Kh 9c 9s", dealer="N", upcard="9h", calls="Order",
                              tricks="Jh Td"), Method(worlds=300, seed=1))
    assert all(c.p_euchred == 0 for c in a.cards), [(str(c.card), c.p_euchred) for c in a.cards]
    # counted by hand: E's right bower wins the trick under way; W must follow it with a trump, and its other
    # two are masters once it is done: 3 sure tricks for E-W, none for N-S (no trump)
    h = SUITS.index("h")
    hands = _hands("9c Tc Qc Kc", "Ts Qs Ks As", "Ad Kd Qd", "Jd Ah Kh 9s")
    table, seats = [int(parse_cards("Jh")[0]), int(parse_cards("Td")[0])], [1, 2]
    assert sure_tricks(hands, h, table, seats).tolist() == [[0, 3]]
    # E itself, after leading the right bower: its left and ace are masters (the Jh falls on this trick only)
    hands = _hands("9c Tc Qc Kc", "Jd Ah 9s Ts", "Ad Kd Qd", "Qs Ks As 9d")
    table, seats = [int(parse_cards("Jh")[0])], [1]
    assert sure_tricks(hands, h, table, seats).tolist() == [[0, 3]]
