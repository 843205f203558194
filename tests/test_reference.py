"""The reference solver (tests/reference.py) is the oracle for the real one,
so it is checked here against the published vectors and hand-worked positions."""

import json
import random

import pytest
from hypothesis import given, settings, strategies as st

import reference as ref
from conftest import DD_VECTORS, examples


def _load_vectors():
    with open(DD_VECTORS, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


VECTOR_LINES = _load_vectors()


def _args(v):
    return (ref.parse_vector_deal(v["deal"]), v["trump"], v["leader"],
            v["played"].split(), v["players"])


def test_all_vectors_present():
    assert len(VECTOR_LINES) == 360


@pytest.mark.slow
@pytest.mark.parametrize("v", VECTOR_LINES, ids=[f"line{i + 1}" for i in range(len(VECTOR_LINES))])
def test_vector(v):
    hands, trump, leader, played, players = _args(v)
    assert ref.format_deal(hands, players) == v["deal"]
    assert ref.to_move(hands, leader, played, players) == v["to_move"]
    assert ref.solve(hands, trump, leader, played, players) == v["tricks"]
    assert ref.card_values(hands, trump, leader, played, players) == v["card_values"]


# ------------------------------------------------------------ hand-checked

def test_left_bower_is_not_its_printed_suit():
    # Hearts trump: Jd is the left bower, a trump, not a diamond. On a diamond
    # lead a hand with Jd and 9c has no diamond, so either card is legal...
    assert sorted(ref.legal_cards(["Jd", "9c"], "h", "Ad")) == ["9c", "Jd"]
    # ...and a hand with Jd and Kd must follow with Kd, not the bower.
    assert ref.legal_cards(["Jd", "Kd"], "h", "Ad") == ["Kd"]
    # Played on the diamond lead, the bower ruffs: as a diamond it would lose
    # to Ad, as a trump it wins.
    hands = {"N": ["Ad"], "S": ["Jd"]}
    assert ref.solve(hands, "h", "N", [], players=2) == {"N": 0, "S": 1}


def test_left_bower_must_follow_a_trump_lead():
    # Hearts trump, N leads 9h; S's only trump is the left bower Jd, so S must
    # play it even though As is also in hand.
    assert ref.legal_cards(["Jd", "As"], "h", "9h") == ["Jd"]
    # N: 9h Ac, S: Jd As. If N leads 9h, S is forced to win with Jd and then
    # cashes As (N has no spade and no trump left): N 0. If N leads Ac, S
    # ruffs with Jd and leads As, which N trumps with 9h (or S keeps Jd by
    # discarding As and then Jd wins N's 9h): 1 each.
    hands = {"N": ["9h", "Ac"], "S": ["Jd", "As"]}
    assert ref.card_values(hands, "h", "N", [], players=2) == {"9h": 0, "Ac": 1}
    assert ref.solve(hands, "h", "N", [], players=2) == {"N": 1, "S": 1}


def test_left_bower_led_is_a_trump_lead():
    # Hearts trump: Jd led is a trump lead, so S (Ad Th) must follow with Th;
    # Ad is not a legal follow.
    assert ref.legal_cards(["Ad", "Th"], "h", "Jd") == ["Th"]
    # N: Jd 9c, S: Ad Th. Jd drags Th and wins; 9c then wins as S discards
    # Ad: N 2. Leading 9c instead lets S ruff with Th and lead Ad, which N's
    # Jd (a trump, not a diamond) ruffs: 1 each. Were Jd a diamond lead, S
    # would have to play Ad and win it.
    hands = {"N": ["Jd", "9c"], "S": ["Ad", "Th"]}
    assert ref.card_values(hands, "h", "N", [], players=2) == {"Jd": 2, "9c": 1}
    assert ref.solve(hands, "h", "N", [], players=2) == {"N": 2, "S": 0}


def test_nine_of_trump_beats_offsuit_ace():
    # Spades trump, N leads Ah, E (void in hearts) plays 9s, S Kh, W Qh:
    # the lowest trump beats the led ace, so EW take the trick.
    assert ref.trick_winner(["Ah", "9s", "Kh", "Qh"], "s") == 1
    hands = {"N": ["Ah"], "E": ["9s"], "S": ["Kh"], "W": ["Qh"]}
    assert ref.solve(hands, "s", "N", []) == {"NS": 0, "EW": 1}


def test_joker_beats_right_bower():
    # Clubs trump: S leads the right bower Jc, N plays the joker and wins.
    assert ref.trick_winner(["Jc", "B"], "c") == 1
    assert ref.solve({"N": ["B"], "S": ["Jc"]}, "c", "S", [], players=2) == {"N": 1, "S": 0}
    # The joker is a trump: it must follow a trump lead, and leading it is a trump lead.
    assert ref.legal_cards(["B", "Ah"], "c", "9c") == ["B"]
    assert ref.legal_cards(["Ah", "9c"], "c", "B") == ["9c"]


def test_leading_trump_with_other_suits_is_legal():
    # No restriction on the lead: a hand of trumps and side suits may lead anything.
    hand = ["Jh", "Ah", "9c", "Ks", "Td"]
    assert sorted(ref.legal_cards(hand, "h", None)) == sorted(hand)
    # N: Ah 9c, S: Kc Th, hearts trump. Ah draws Th, then S's Kc beats 9c;
    # 9c first loses to Kc, then S's Th loses to Ah: 1 each either way.
    hands = {"N": ["Ah", "9c"], "S": ["Kc", "Th"]}
    assert ref.card_values(hands, "h", "N", [], players=2) == {"Ah": 1, "9c": 1}


def test_loner_trick_has_three_cards_and_counts_the_trick_in_progress():
    # N alone (S sits out), hearts trump. E led Ac; play goes clockwise
    # skipping S, so W is next, from Kc Qs, and must follow with Kc. N, void
    # in clubs, ruffs with a trump and wins, then wins the last trick with
    # the other: NS 2 from here -- the value counts the trick on the table.
    hands = {"N": ["9h", "Ah"], "E": ["Ts"], "S": None, "W": ["Kc", "Qs"]}
    assert ref.to_move(hands, "E", ["Ac"]) == "W"
    assert ref.solve(hands, "h", "E", ["Ac"]) == {"NS": 2, "EW": 0}
    assert ref.card_values(hands, "h", "E", ["Ac"]) == {"Kc": 0}


# ------------------------------------------------------- random positions

def _check_position(p, players, joker, alone, tricks_left, mid_trick):
    hands = ref.parse_vector_deal(p["deal"])
    played = p["played"].split()
    seats = "NS" if players == 2 else "NESW"
    assert sorted(hands) == sorted(seats)
    active = [s for s in seats if hands[s] is not None]
    if alone:
        sitter = "NESW"[("NESW".index(alone) + 2) % 4]
        assert hands[sitter] is None and p["makers"] == ref.side_name(alone, 4)
    assert len(active) == (3 if alone else len(seats))
    assert bool(played) == mid_trick and len(played) < len(active)
    # the first len(played) seats from the leader have played to this trick
    order = [active[(active.index(p["leader"]) + i) % len(active)] for i in range(len(active))]
    for i, s in enumerate(order):
        assert len(hands[s]) == tricks_left - (1 if i < len(played) else 0)
    cards = played + [c for s in active for c in hands[s]]
    assert len(cards) == len(set(cards))
    assert all(c in ref.DECK or (joker and c == "B") for c in cards)
    # each follower had to follow the led card if able
    for i in range(1, len(played)):
        held = hands[order[i]] + [played[i]]
        assert played[i] in ref.legal_cards(held, p["trump"], played[0])
    assert p["to_move"] == order[len(played)]
    return hands, played


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 4]), joker=st.booleans(),
       alone=st.sampled_from([None, "N", "E", "S", "W"]), tricks_left=st.integers(1, 3),
       mid_trick=st.booleans())
def test_random_positions_are_consistent(seed, players, joker, alone, tricks_left, mid_trick):
    if players == 2:
        alone = None
    p = ref.random_position(random.Random(seed), players=players, joker=joker, alone=alone,
                            tricks_left=tricks_left, mid_trick=mid_trick)
    assert p == ref.random_position(random.Random(seed), players=players, joker=joker,
                                    alone=alone, tricks_left=tricks_left, mid_trick=mid_trick)
    hands, played = _check_position(p, players, joker, alone, tricks_left, mid_trick)
    assert ref.format_deal(hands, players) == p["deal"]
    # values: sides share the tricks left; the best card gives the solved value
    tricks = ref.solve(hands, p["trump"], p["leader"], played, players)
    assert sum(tricks.values()) == tricks_left
    values = ref.card_values(hands, p["trump"], p["leader"], played, players)
    assert max(values.values()) == tricks[ref.side_name(p["to_move"], players)]


def test_random_full_deal_solves():
    p = ref.random_position(random.Random(7), players=4, joker=True, tricks_left=5)
    hands, played = _check_position(p, 4, True, None, 5, False)
    tricks = ref.solve(hands, p["trump"], p["leader"], played)
    assert sum(tricks.values()) == 5
