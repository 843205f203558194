"""solver.cardtables (numpy card tables) against the scalar rules in solver.cards."""
import numpy as np

from solver.cardtables import CARD_BITS, ESUIT, IS_TRUMP, NCARDS, POWER, RANK, SUIT, bits, suit_counts
from solver.cards import JOKER, Card, cards_of, mask_of
from solver.laws import effective_suit, trick_strength


def test_effective_suit_agrees_with_cards():
    for t in range(4):
        for c in range(NCARDS):
            assert ESUIT[t, c] == effective_suit(c, t), (t, Card(c))
            assert IS_TRUMP[t, c] == (effective_suit(c, t) == t), (t, Card(c))


def test_trump_order_agrees_with_trick_strength():
    for t in range(4):
        trumps = [c for c in range(NCARDS) if effective_suit(c, t) == t]
        by_strength = sorted(trumps, key=lambda c: trick_strength(c, t, t))
        assert [int(POWER[t, c]) for c in by_strength] == list(range(8)), t
        assert all(POWER[t, c] == -1 for c in range(NCARDS) if c not in trumps)


def test_rank_suit_and_bits():
    assert [str(Card(c))[0] for c in range(24)] == ["9TJQKA"[r] for r in RANK[:24]]
    assert [str(Card(c))[1] for c in range(24)] == ["cdhs"[s] for s in SUIT[:24]]
    assert RANK[JOKER] == 6 and SUIT[JOKER] == -1
    assert all(int(CARD_BITS[c]) == 1 << c for c in range(NCARDS))


def test_bits_and_suit_counts_of_hands():
    rng = np.random.default_rng(5)
    hands = [mask_of(rng.choice(NCARDS, size=6, replace=False)) for _ in range(40)]
    held = bits(np.array(hands, dtype=np.uint32))
    trumps = rng.integers(0, 4, size=len(hands))
    counts = suit_counts(held, trumps)
    for i, h in enumerate(hands):
        assert [c for c in range(NCARDS) if held[i, c]] == [int(c) for c in cards_of(h)]
        want = [sum(effective_suit(c, int(trumps[i])) == s for c in cards_of(h)) for s in range(4)]
        assert counts[i].tolist() == want
    assert (suit_counts(held, 2) == suit_counts(held, np.full(len(hands), 2))).all()
    masks = np.array(hands, dtype=np.uint32)
    assert (suit_counts(masks, trumps) == counts).all()
    for t in range(4):
        assert (suit_counts(masks, t) == suit_counts(held, t)).all()
