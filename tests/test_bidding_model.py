"""The stochastic bidding model: its chances from the point count, checked by hand and by enumeration."""
import math

import numpy as np
import pytest

from solver.bidding import POLICY
from solver.bidding.model import POINT_COUNT, BiddingModel
from solver.cards import mask_of, parse_cards

H = np.uint32(mask_of(parse_cards("Jh Jd Ah 9c 9s")))
KH = int(parse_cards("Kh")[0])


def curve(x, spread, floor):
    return floor + (1 - 2 * floor) / (1 + math.exp(-x / spread))


def test_round1_by_hand():
    # left of the dealer: count 8 (right, left, ace, no diamonds) - 0.5 * 1.5 for the king handed over
    p_order, p_alone = POINT_COUNT.round1([H], 1, KH, 4)
    assert p_order[0] == pytest.approx(curve(7.25 - POLICY.order[1], 0.5, 0.005))
    assert p_alone[0] == pytest.approx(curve(7.25 - POLICY.alone, 0.5, 0.005))


def test_every_call_has_a_chance_and_the_chances_add_to_one():
    rng = np.random.default_rng(3)
    hands = np.array([mask_of(rng.choice(24, 5, replace=False)) for _ in range(300)], dtype=np.uint32)
    for place in range(4):
        up = 20   # 9..A of each suit: card 20 is the ace of clubs
        total = POINT_COUNT.likelihood(hands, place, 1, up, "pass")
        total = total + POINT_COUNT.likelihood(hands, place, 1, up, "order")
        total = total + POINT_COUNT.likelihood(hands, place, 1, up, "order", alone=True)
        assert np.allclose(total, 1)
        parts = [POINT_COUNT.likelihood(hands, place, 2, up, "pass")]
        for s in (1, 2, 3):
            for lone in (False, True):
                parts.append(POINT_COUNT.likelihood(hands, place, 2, up, "call", s, lone))
        assert np.allclose(sum(parts), 1)
        assert min(p.min() for p in parts) > 0


def test_the_sampler_draws_at_the_model_rate():
    hands = np.full(40_000, H, dtype=np.uint32)
    bid, lone = POINT_COUNT.sampler(1).round1(hands, 2, KH, 4)
    p_order, p_alone = POINT_COUNT.round1([H], 2, KH, 4)
    assert bid.mean() == pytest.approx(p_order[0], abs=0.01)
    assert lone.mean() == pytest.approx(p_order[0] * p_alone[0], abs=0.01)
    suit, _ = POINT_COUNT.sampler(2).round2(hands, 1, 2, False, 4)
    p_suit, _ = POINT_COUNT.round2([H], 1, 2, False, 4)
    for s in range(4):
        assert (suit == s).mean() == pytest.approx(p_suit[0, s], abs=0.01)


def test_shifted_and_round_trip():
    cautious = POINT_COUNT.shifted(1.0)
    assert cautious.order == tuple(t + 1 for t in POLICY.order)
    assert cautious.round1([H], 1, KH)[0][0] < POINT_COUNT.round1([H], 1, KH)[0][0]
    assert BiddingModel.from_dict(POINT_COUNT.to_dict()) == POINT_COUNT


@pytest.mark.slow
def test_hand_rank_is_the_colex_rank_of_every_five_card_hand():
    import itertools
    from solver.bidding.model import HANDS5
    from solver.cardtables import hand_rank
    for k, total in ((5, HANDS5), (6, 177100)):
        combos = sorted(itertools.combinations(range(25), k), key=lambda c: c[::-1])     # colex order
        masks = np.array([sum(1 << c for c in cs) for cs in combos], dtype=np.uint32)
        assert len(masks) == total == math.comb(25, k)
        assert (hand_rank(masks, k) == np.arange(total)).all()


def test_likelihood_of_hands_reads_the_same_values_as_likelihood():
    from solver.bidding import DEFAULT_MODEL
    rng = np.random.default_rng(4)
    hands = np.array([sum(1 << int(c) for c in rng.choice(24, 5, replace=False)) for _ in range(3000)],
                     dtype=np.uint32)
    questions = [(1, 1, 11, "pass"), (0, 1, 11, "pass"), (3, 1, 11, "order", None, True),
                 (2, 2, 11, "call", 2), (1, 2, 11, "pass"), (0, 2, 11, "call", 0, False, True)]
    for q in questions:
        want = DEFAULT_MODEL.likelihood(hands, *q)
        first = DEFAULT_MODEL.likelihood_of_hands(hands[:1000], *q)          # fills part of the table
        again = DEFAULT_MODEL.likelihood_of_hands(hands, *q)                 # part read, part filled
        assert (first == want[:1000]).all() and (again == want).all()
    four = np.array([0b1111], dtype=np.uint32)                                 # not five cards: computed
    assert DEFAULT_MODEL.likelihood_of_hands(four, 1, 1, 11, "pass") == DEFAULT_MODEL.likelihood(four, 1, 1, 11, "pass")


def test_discard_chance_is_a_distribution_over_the_six_cards():
    from solver.bidding import DISCARD_SLIP, dealer_discard, discard_chance
    from solver.cards import cards_of
    rng = np.random.default_rng(8)
    for _ in range(200):
        six = sum(1 << int(c) for c in rng.choice(24, 6, replace=False))
        trump, keep = int(rng.integers(4)), None
        cards = [int(c) for c in cards_of(six)]
        if rng.random() < 0.5:
            keep = int(rng.choice(cards))
        chances = {c: float(discard_chance(np.array([six], np.uint32), c, trump, keep)[0]) for c in cards}
        assert sum(chances.values()) == pytest.approx(1.0)
        rule = int(dealer_discard(six, trump, keep))
        assert chances[rule] == pytest.approx(1 - DISCARD_SLIP + DISCARD_SLIP / (6 if keep is None else 5))
        assert all(p == pytest.approx(DISCARD_SLIP / (6 if keep is None else 5)) for c, p in chances.items()
                   if c not in (rule, keep))
        if keep is not None:
            assert chances[keep] == 0.0
