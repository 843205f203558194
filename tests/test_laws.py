"""The rules kernel (solver.laws) against the independent oracle, hand-checked tables and the Cython core."""
import doctest
import itertools
import random

import pytest

import reference as ref
from solver import laws
from solver._search import SearchContext
from solver.cards import Card, Seat, Suit, cards_of, mask_of
from solver.errors import IllegalActionError
from solver.rules import Rules
from conftest import bid_advice

CARDS = list(range(25))


def name(card: int) -> str:
    return str(Card(card))


def test_doctests():
    assert doctest.testmod(laws).failed == 0


@pytest.mark.parametrize("trump", range(4))
def test_effective_suit_matches_oracle(trump):
    for card in CARDS:
        assert "cdhs"[laws.effective_suit(card, trump)] == ref.effective_suit(name(card), "cdhs"[trump])


def test_trick_winner_matches_oracle():
    rng = random.Random(7)
    for _ in range(5000):
        trump = rng.randrange(4)
        trick = rng.sample(CARDS, rng.choice((2, 3, 4)))
        assert laws.winning_index(trick, trump) == ref.trick_winner([name(c) for c in trick], "cdhs"[trump])


def test_legal_mask_matches_oracle():
    rng = random.Random(8)
    for _ in range(3000):
        trump = rng.randrange(4)
        cards = rng.sample(CARDS, 6)
        hand, led = cards[:5], rng.choice([None, cards[5]])
        got = {name(c) for c in cards_of(laws.legal_mask(mask_of(hand), trump, led))}
        want = set(ref.legal_cards([name(c) for c in hand], "cdhs"[trump], None if led is None else name(led)))
        assert got == want


def test_core_trick_winner_agrees_with_kernel():
    """The core's own tables decide the last trick as the kernel does (one card each: no choice)."""
    ctx = SearchContext()
    rng = random.Random(9)
    for _ in range(2000):
        trump, leader = rng.randrange(4), rng.randrange(4)
        cards = rng.sample(CARDS, 4)
        hands = [1 << c for c in cards]
        side0, _nodes = ctx.solve(hands, trump, leader)
        order = laws.trick_seats(leader, laws.seats(4))
        winner = laws.trick_winner(leader, [cards[s] for s in order], trump, laws.seats(4))
        assert side0 == (1 if laws.side_of(winner) == 0 else 0)


def test_sides_and_seats():
    assert [laws.side_name(laws.side_of(s)) for s in Seat] == ["NS", "EW", "NS", "EW"]
    assert [laws.side_name(laws.side_of(s, 2), 2) for s in (Seat.N, Seat.S)] == ["N", "S"]
    assert laws.side_seats(1) == (Seat.E, Seat.W) and laws.side_seats(1, 2) == (Seat.S,)
    assert laws.bidding_order(Seat.S) == (Seat.W, Seat.N, Seat.E, Seat.S)
    assert laws.bidding_order(Seat.N, 2) == (Seat.S, Seat.N)
    assert laws.seats_in_play(4, alone=Seat.E) == (Seat.N, Seat.E, Seat.S)
    assert laws.seats_in_play(4, alone=Seat.E, defender_alone=Seat.S) == (Seat.E, Seat.S)
    assert laws.seats_in_play(2) == (Seat.N, Seat.S)


# Hand-checked from docs/rules.md: (dealer, alone, defender_alone, loner_lead) -> leader.
FIRST_LEADERS = [
    ("S", None, None, "left_of_loner", "W"),
    ("N", None, None, "left_of_loner", "E"),
    ("S", "N", None, "left_of_loner", "E"),
    ("S", "W", None, "left_of_loner", "N"),
    ("S", "E", None, "left_of_loner", "S"),
    ("S", "N", None, "left_of_dealer", "W"),
    ("S", "E", None, "left_of_dealer", "N"),      # W sits out (E's partner): skipped
    ("W", "S", None, "left_of_dealer", "E"),      # N sits out: skipped
]


@pytest.mark.parametrize("dealer,alone,defender,lead,want", FIRST_LEADERS)
def test_first_leader(dealer, alone, defender, lead, want):
    rules = Rules(loner_lead=lead, defend_alone=defender is not None)
    got = laws.first_leader(Seat.parse(dealer), rules, None if alone is None else Seat.parse(alone),
                            None if defender is None else Seat.parse(defender))
    assert got == Seat.parse(want)


def test_first_leader_with_lone_defender():
    # N alone (S sits out), E defends alone (W sits out): left of N is E.
    assert laws.first_leader(Seat.S, Rules(defend_alone=True), Seat.N, Seat.E) == Seat.E
    # W alone, N defends alone (S out, E out): left of W is N.
    assert laws.first_leader(Seat.S, Rules(defend_alone=True), Seat.W, Seat.N) == Seat.N
    assert laws.first_leader(Seat.N, Rules(players=2)) == Seat.S


def test_hand_points():
    r = Rules()
    assert [laws.makers_points(t, r) for t in range(6)] == [-2, -2, -2, 1, 1, 2]
    assert [laws.makers_points(t, r, alone=True) for t in range(6)] == [-2, -2, -2, 1, 1, 4]
    assert [laws.makers_points(t, r, alone=True, defender_alone=True) for t in range(6)] == [-4, -4, -4, 1, 1, 4]
    custom = Rules(march_score=3, euchre_score=1, loner_march_score=5, loner_euchred_score=3)
    assert [laws.makers_points(t, custom) for t in (0, 3, 5)] == [-1, 1, 3]
    assert [laws.makers_points(t, custom, alone=True) for t in (0, 3, 5)] == [-3, 1, 5]


def test_call_vocabulary_round_trips():
    for kind, suit, alone in itertools.product(laws.CALL_KINDS, Suit, (False, True)):
        if kind == "pass" and alone:
            continue
        token = laws.call_token(kind, suit if kind == "call" else None, alone)
        assert laws.parse_call(token) == (kind, suit if kind == "call" else None, alone)
        assert laws.parse_call(token.upper()) == laws.parse_call(token)


@pytest.mark.parametrize("text,want", [
    ("order up", ("order", None, False)), ("Pick it up alone", ("order", None, True)),
    ("assist", ("order", None, False)), ("name hearts", ("call", Suit.H, False)), ("s", ("call", Suit.S, False)),
])
def test_parse_call_synonyms(text, want):
    assert laws.parse_call(text) == want


@pytest.mark.parametrize("text", ["", "pass alone", "call", "call x", "bid 3", 7])
def test_parse_call_rejects(text):
    with pytest.raises(IllegalActionError, match="call"):
        laws.parse_call(text)


def test_check_call():
    r = Rules(stick_the_dealer=True)
    laws.check_call("order", None, True, 1, Suit.H, Seat.N, Seat.S, r)
    with pytest.raises(IllegalActionError, match="turned down in round 2"):
        laws.check_call("order", None, False, 2, Suit.H, Seat.N, Seat.S, r)
    with pytest.raises(IllegalActionError, match="hearts was turned down"):
        laws.check_call("call", Suit.H, False, 2, Suit.H, Seat.N, Seat.S, r)
    with pytest.raises(IllegalActionError, match="only call is to order up hearts"):
        laws.check_call("call", Suit.S, False, 1, Suit.H, Seat.N, Seat.S, r)
    with pytest.raises(IllegalActionError, match="stuck"):
        laws.check_call("pass", None, False, 2, Suit.H, Seat.S, Seat.S, r)
    with pytest.raises(IllegalActionError, match="two-player"):
        laws.check_call("order", None, True, 1, Suit.H, Seat.N, Seat.S, Rules(players=2))


def test_call_names():
    assert laws.call_name("order", None, Seat.S, Seat.S) == "pick it up"
    assert laws.call_name("order", None, Seat.E, Seat.S, alone=True) == "order up alone"
    assert laws.call_name("order", None, Seat.N, Seat.S, players=2) == "order up"
    assert laws.call_name("order", None, Seat.S, Seat.S, discard=Card.parse("9c")) == "pick it up, discard 9c"
    assert laws.call_name("call", Suit.D, Seat.W, Seat.S, alone=True) == "call diamonds alone"
    assert laws.past_tense("call diamonds alone") == "called diamonds alone"
    assert laws.past_tense("assist") == "assisted"


def test_a_seat_not_at_a_two_player_table_is_one_error_everywhere():
    """E in two-player euchre is a SeatError at every front door (one error class per condition)."""
    import solver
    from solver.errors import SeatError
    from solver.game import Hand
    two = Rules(players=2)
    calls = [lambda: laws.check_seat("E", 2),
             lambda: Hand(two, "E"),
             lambda: Hand(two, "N").view("W"),
             lambda: solver.dd_table("N:9c Tc Jc Qc Kc S:9d Td Jd Qd Kd", dealer="E", rules=two),
             lambda: bid_advice("9c Tc Jc Qc Kc", "Ac", seat="E", dealer="N", rules=two, worlds=10, seed=1),
             lambda: bid_advice("9c Tc Jc Qc Kc", "Ac", seat="N", dealer="S", rules=Rules(players=2, dummy_hands=True),
                                   dummies={"N": "9s Ts Js Qs Ks", "E": "9h Th Jh Qh Kh"})]
    for call in calls:
        with pytest.raises(SeatError, match="two-player euchre seats only N and S"):
            call()


def test_first_leader_refuses_a_seat_not_at_the_table():
    from solver.errors import SeatError
    with pytest.raises(SeatError, match="dealer E"):
        laws.first_leader("E", Rules(players=2))
    with pytest.raises(SeatError, match="alone W"):
        laws.first_leader("N", Rules(players=2), alone="W")
