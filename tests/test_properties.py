"""Property-based tests (hypothesis): random text at the parsers, random positions at the solver.

Whatever is thrown, the answer is a value or a EuchreError, never another
exception or a crash of the Cython core.
"""
import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

import reference
from solver import Card, EuchreError, Position, Rules, card_values, parse_cards, parse_deal, solve, solve_batch
from solver.cards import format_cards
from conftest import examples

CARD_TEXT = st.sampled_from([str(Card(i)) for i in range(25)] + ["10h", "JH", "J♥", "zz", "B", "", "-", "1", "Tx"])


@given(st.text(max_size=30))
def test_card_parse_never_crashes(text):
    try:
        card = Card.parse(text)
    except EuchreError as exc:
        assert repr(text) in str(exc)
    else:
        assert Card.parse(str(card)) == card


@given(st.one_of(st.text(max_size=60), st.lists(CARD_TEXT, max_size=8).map(" ".join)))
def test_hand_parse_never_crashes(text):
    try:
        cards = parse_cards(text)
    except EuchreError:
        return
    assert parse_cards(format_cards(cards)) == cards      # no cards: format_cards gives '-', read back as []


@given(st.text(alphabet="NESW:-9TJQKAcdhsB ,.10", max_size=80), st.sampled_from([2, 4]))
def test_deal_and_position_parse_never_crash(text, players):
    try:
        parse_deal(text, players)
        pos = Position.parse(text, trump="h", leader="N", makers="N" if players == 2 else "NS",
                             rules=Rules(players=players, joker=True))
    except EuchreError:
        return
    result = solve(pos)
    assert sum(result.tricks.values()) == pos.tricks_left + sum(pos.tricks_won)


@st.composite
def positions(draw):
    players = draw(st.sampled_from([2, 4]))
    joker = draw(st.booleans())
    alone = draw(st.sampled_from([None, "N", "E", "S", "W"])) if players == 4 else None
    tricks_left = draw(st.integers(1, 3))
    mid = draw(st.booleans())
    seed = draw(st.integers(0, 2**32))
    import random
    return reference.random_position(random.Random(seed), players=players, joker=joker, alone=alone,
                                      tricks_left=tricks_left, mid_trick=mid)


@settings(max_examples=examples(150), suppress_health_check=[HealthCheck.too_slow], deadline=None)
@given(positions())
def test_random_positions_match_oracle(p):
    pos = Position.parse(p["deal"], p["trump"], p["leader"], p["makers"], p["alone"], p["played"],
                         Rules(players=p["players"], joker=p["joker"]))
    hands = reference.parse_vector_deal(p["deal"])
    played = p["played"].split()
    result = solve(pos)
    assert result.tricks == reference.solve(hands, p["trump"], p["leader"], played, p["players"])
    values = card_values(pos)
    mover_side = pos.side_name(pos.side_of(pos.to_move))
    assert max(values.values()) == result.tricks[mover_side]


@settings(max_examples=examples(200), deadline=None)
@given(st.lists(st.lists(st.integers(0, 2**32 - 1), min_size=4, max_size=4), min_size=1, max_size=4),
       st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))
def test_solve_batch_refuses_garbage(rows, trump, leader, in_play):
    hands = np.array(rows, dtype=np.uint32)
    try:
        out = solve_batch(hands, trump, leader, in_play=in_play)
    except EuchreError:
        return
    assert out.dtype == np.int8 and np.all((out >= 0) & (out <= 5))
