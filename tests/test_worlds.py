"""Worlds (solver.worlds) against brute force and the constraints they must respect.

* every world respects every constraint: no card twice, the seat's own cards
  only in its hand, the upcard in the kitty, sizes, voids;
* Space.total and Space.enumerate agree with a brute-force itertools listing;
* sampling is uniform: chi-square over every placement of small spaces (with and
  without voids), and marginal card frequencies against exact ones;
* the same seed gives the same worlds; bad constraints raise PositionError.
"""
import itertools
import math
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from solver import PositionError, Rules, solve_batch
from solver.worlds import EXACT_LIMIT, KITTY, Space, Worlds, bid_space

DECK = [r + s for r in "9TJQKA" for s in "cdhs"]       # index = rank * 4 + suit, as the engine


def idx(card):
    return 24 if card == "B" else "9TJQKA".index(card[0]) * 4 + "cdhs".index(card[1])


def mask(text):
    return sum(1 << idx(c) for c in text.split())


def cards(m):
    return {i for i in range(25) if m >> i & 1}


def chi2_sf(x, df):
    """Upper tail of the chi-square distribution (Wilson-Hilferty normal approximation)."""
    z = ((x / df) ** (1 / 3) - (1 - 2 / (9 * df))) / math.sqrt(2 / (9 * df))
    return 0.5 * math.erfc(z / math.sqrt(2))


def brute_force(known, sizes, forbidden, pool):
    """Every placement of ``pool`` (a list of card indices) by plain recursion: a set of 5-tuples."""
    free = [sizes[h] - len(cards(known[h])) for h in range(5)]
    out = set()

    def rec(h, remaining, row):
        if h == 5:
            if not remaining:
                out.add(tuple(row))
            return
        for combo in itertools.combinations(sorted(remaining), free[h]):
            if any(forbidden[h] >> c & 1 for c in combo):
                continue
            rec(h + 1, remaining - set(combo), row + [known[h] | sum(1 << c for c in combo)])

    rec(0, set(pool), [])
    return out


SMALL = [
    # (known, sizes, forbidden, removed): review-like spaces, late in a hand
    ([mask("9c Tc Jc Qc Kc"), 0, mask("Ac 9d Td Jd Qd"), 0, mask("Kd Ad 9h")],
     [5, 3, 5, 3, 5], [0, mask("9s Ts Js"), 0, 0, 0], mask("Jh Qh Kh")),
    ([mask("9c Tc"), 0, 0, 0, mask("Ks")], [2, 2, 2, 2, 1], [0, mask("Ah As Qs"), mask("9s Ts Js"), 0, 0],
     mask("Jc Qc Kc Ac 9d Td Jd Qd Kd Ad 9h Th Jh Qh Kh")),
    ([mask("9c"), 0, 0, 0, 0], [1, 3, 3, 3, 1], [0, mask("9s Ts Js Qs"), mask("9h Th"), 0, 0],
     mask("Tc Jc Qc Kc Ac 9d Td Jd Qd Kd Ad Kh Ah")),
    ([0, 0, 0, 0, mask("Ac")], [2, 0, 2, 0, 5], [mask("9h Th Jh Qh Kh Ah"), 0, 0, 0, 0],
     mask("9c Tc Jc Qc Kc 9d Td Jd Qd Kd Ad 9s Ts Js Qs")),
]


def pool_of(known, removed, joker=False):
    full = (1 << (25 if joker else 24)) - 1
    seen = 0
    for k in known:
        seen |= k
    return sorted(cards(full & ~seen & ~removed))


@pytest.mark.parametrize("case", range(len(SMALL)))
def test_total_and_enumeration_match_brute_force(case):
    known, sizes, forbidden, removed = SMALL[case]
    space = Space(known, sizes, forbidden, removed=removed)
    expected = brute_force(known, sizes, forbidden, pool_of(known, removed))
    assert space.total == len(expected) > 1
    w = space.enumerate()
    assert w.exact and len(w) == space.total
    rows = {tuple(int(x) for x in r) for r in w.holders()}
    assert rows == expected                          # every placement, each exactly once


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(SMALL)))
def test_sampling_is_uniform_chi_square(case):
    known, sizes, forbidden, removed = SMALL[case]
    space = Space(known, sizes, forbidden, removed=removed)
    everything = sorted(brute_force(known, sizes, forbidden, pool_of(known, removed)))
    n = 200 * len(everything)
    w = space.sample(n, np.random.default_rng(1234 + case))
    counts = Counter(tuple(int(x) for x in r) for r in w.holders())
    assert set(counts) <= set(everything)            # never an inconsistent world
    expected = n / len(everything)
    chi2 = sum((counts.get(p, 0) - expected) ** 2 / expected for p in everything)
    assert chi2_sf(chi2, len(everything) - 1) > 1e-3, (chi2, len(everything))


def test_marginals_match_exact_with_voids():
    # where a card can go under voids is not uniform over holders; the sampler must get it right
    known, sizes, forbidden, removed = SMALL[0]
    space = Space(known, sizes, forbidden, removed=removed)
    everything = brute_force(known, sizes, forbidden, pool_of(known, removed))
    w = space.sample(100_000, np.random.default_rng(5))
    h = w.holders()
    for card in ("As", "Ah", "9s"):
        bit = 1 << idx(card)
        for holder in range(5):
            exact = sum(1 for p in everything if p[holder] & bit) / len(everything)
            got = float(np.mean(h[:, holder] & np.uint32(bit) != 0))
            assert abs(got - exact) < 4.5 * math.sqrt(max(exact * (1 - exact), 1e-9) / len(w)) + 1e-9, \
                (card, holder, got, exact)


def check_bid_worlds(w: Worlds, hand, up, seat, rules):
    """The constraints of a bidding seat, checked independently of Space.consistent."""
    seats = [0, 1, 2, 3] if rules.players == 4 else [0, 2]
    pack = set(range(25 if rules.joker else 24))
    for row_hands, kitty in zip(w.hands.tolist(), w.kitty.tolist()):
        seen = []
        for s in range(4):
            got = cards(row_hands[s])
            if s == seat:
                assert got == cards(hand)                       # own cards exactly
            elif s in seats:
                assert len(got) == 5 and not got & cards(hand)  # own cards never elsewhere
            else:
                assert not got                                   # E/W in two-player
            assert idx(up) not in got                            # upcard on the kitty until a pickup
            seen.extend(got)
        k = cards(kitty)
        assert idx(up) in k and len(k) == rules.kitty_size
        seen.extend(k)
        assert len(seen) == len(set(seen)) == len(pack)          # no card twice, none missing
        assert set(seen) == pack


@pytest.mark.parametrize("rules,seat", [(Rules(), 0), (Rules(), 3), (Rules(joker=True), 1),
                                        (Rules(players=2), 2), (Rules(players=2, joker=True), 0)])
def test_bid_worlds_respect_every_constraint(rules, seat):
    hand = "9d Ac Tc Kd Jd" if not rules.joker else "9d Ac B Kd Jd"
    up = "Kc"
    space = bid_space(mask(hand), idx(up), seat, rules)
    w = space.draw(500, seed=3, exact_limit=0)
    assert not w.exact and len(w) == 500
    check_bid_worlds(w, mask(hand), up, seat, rules)
    assert space.consistent(w.hands, w.kitty).all()


def test_two_player_is_enumerated_exactly():
    rules = Rules(players=2)
    hand, up = mask("9d Ac Tc Kd Jd"), "Kc"
    space = bid_space(hand, idx(up), 0, rules)
    assert space.total == math.comb(18, 5) == 8568
    w = space.draw(2000, seed=1)
    assert w.exact and len(w) == 8568
    check_bid_worlds(w, hand, up, 0, rules)
    assert len({tuple(r) for r in w.hands.tolist()}) == 8568
    # with the joker, 5 of 19
    assert bid_space(hand, idx(up), 0, Rules(players=2, joker=True)).total == math.comb(19, 5)


def test_four_player_total_is_the_multinomial():
    space = bid_space(mask("9d Ac Tc Kd Jd"), idx("Kc"), 0, Rules())
    assert space.total == math.factorial(18) // (math.factorial(5) ** 3 * math.factorial(3))
    assert space.total > EXACT_LIMIT
    w = space.draw(100, seed=1)
    assert not w.exact and len(w) == 100


def test_same_seed_same_worlds():
    space = bid_space(mask("9d Ac Tc Kd Jd"), idx("Kc"), 1, Rules())
    a, b = space.draw(300, seed=9), space.draw(300, seed=9)
    c = space.draw(300, seed=10)
    assert np.array_equal(a.hands, b.hands) and np.array_equal(a.kitty, b.kitty)
    assert not np.array_equal(a.hands, c.hands)
    g = space.sample(300, np.random.default_rng(9))
    assert np.array_equal(g.hands, a.hands)


def _sample_row_by_row(space, n, rng):
    """Space.sample's draws written plainly: a table a row (one draw in [0, total) located in the cumulative
    counts, when there are several), then table after table, type after type, each of the table's rows its
    own Fisher-Yates shuffle of the type's cards (a 1-D Generator.permuted), cut into the holders' shares in
    holder order."""
    which = [0] * n
    if len(space.tables) > 1:
        cum = np.cumsum(space.counts)
        which = np.searchsorted(cum, rng.integers(0, space.total, size=n, dtype=np.int64), side="right").tolist()
    rows = [list(space.known) for _ in range(n)]
    for ti, table in enumerate(space.tables):
        mine = [r for r in range(n) if which[r] == ti]
        for (_allowed, cards), shares in zip(space.types, table):
            for r in mine:
                shuffled = rng.permuted(np.array(cards)).tolist()
                for h in range(5):
                    taken, shuffled = shuffled[:shares[h]], shuffled[shares[h]:]
                    rows[r][h] |= sum(1 << c for c in taken)
    out = np.array(rows, dtype=np.uint32).reshape(n, 5)
    return out[:, :4], out[:, 4]


@pytest.mark.parametrize("seed", range(6))
def test_sample_draws_as_a_shuffle_a_row(seed):
    # the vectorised sampler takes the random stream exactly as the plain one: the same worlds, and the
    # generator left in the same state (with voids: several tables and types, cards of a type of one)
    pyr = np.random.default_rng(seed)
    seen = pyr.permutation(24)
    own, removed = seen[:3], seen[3:11]
    known = [0] * 5
    known[seed % 4] = sum(1 << int(c) for c in own)
    forbidden = [0] * 5
    for h in ((seed + 1) % 4, (seed + 2) % 4)[: 1 + seed % 2]:
        forbidden[h] = sum(1 << c for c in range(24) if c % 4 == (seed + h) % 4) & ~known[h]
    space = Space(known, [3, 3, 3, 3, 4], forbidden, removed=sum(1 << int(c) for c in removed), joker=False)
    for n in (0, 1, 5, 200, 3000):
        a, b = np.random.default_rng(seed + 100), np.random.default_rng(seed + 100)
        w = space.sample(n, a)
        hands, kitty = _sample_row_by_row(space, n, b)
        assert w.hands.dtype == np.uint32 and w.hands.flags.c_contiguous and w.kitty.dtype == np.uint32
        assert np.array_equal(w.hands, hands) and np.array_equal(w.kitty, kitty), (space, n)
        assert a.random() == b.random()


def test_bid_worlds_uniform_over_a_card_position():
    # each unseen card is in each other hand with chance 5/18 and in the hidden kitty with 3/18
    space = bid_space(mask("9d Ac Tc Kd Jd"), idx("Kc"), 0, Rules())
    w = space.draw(20_000, seed=2)
    h = w.holders()
    for card in ("Jc", "Ah", "9s"):
        bit = np.uint32(1 << idx(card))
        obs = [int(np.sum(h[:, k] & bit != 0)) for k in (1, 2, 3, KITTY)]
        exp = [20_000 * 5 / 18] * 3 + [20_000 * 3 / 18]
        chi2 = sum((o - e) ** 2 / e for o, e in zip(obs, exp))
        assert chi2_sf(chi2, 3) > 1e-3, (card, obs)


def test_worlds_feed_solve_batch():
    for rules in (Rules(), Rules(players=2)):
        w = bid_space(mask("9d Ac Tc Kd Jd"), idx("Kc"), 0, rules).draw(50, seed=4, exact_limit=0)
        out = solve_batch(w.hands, 0, 1 if rules.players == 4 else 2, players=rules.players)
        assert out.dtype == np.int8 and out.shape == (50,) and out.min() >= 0 and out.max() <= 5


def test_bad_constraints_raise_naming_the_problem():
    with pytest.raises(PositionError, match="Ac appears in N and E"):
        Space([mask("Ac"), mask("Ac"), 0, 0, 0], [5, 5, 5, 5, 4])
    with pytest.raises(PositionError, match="unseen cards but"):
        Space([0, 0, 0, 0, 0], [5, 5, 5, 5, 3])
    with pytest.raises(PositionError, match="forbidden"):
        Space([mask("Ac"), 0, 0, 0, 0], [5, 5, 5, 5, 4], [mask("Ac"), 0, 0, 0, 0])
    everything_else = (1 << 24) - 1 & ~mask("As Ks Qs")
    with pytest.raises(PositionError, match="card Ks can go nowhere"):
        Space([0] * 5, [0, 2, 0, 1, 0], [0, mask("Ks"), 0, mask("Ks"), 0], removed=everything_else)
    with pytest.raises(PositionError, match="no placement"):
        # every card has somewhere to go, but E's two places can only take As
        Space([0] * 5, [0, 2, 0, 1, 0], [0, mask("Ks Qs"), 0, 0, 0], removed=everything_else)
    with pytest.raises(PositionError, match="holds 2 cards but 3 are known"):
        Space([mask("Ac Kc Qc"), 0, 0, 0, 0], [2, 5, 5, 5, 7])


def test_suit_mask_follows_effective_suits():
    from solver.worlds import suit_mask
    assert suit_mask(2, trump=2, joker=False) == mask("9h Th Jh Qh Kh Ah Jd")       # hearts trump: + left bower
    assert suit_mask(1, trump=2) == mask("9d Td Qd Kd Ad")                           # diamonds lost its jack
    assert suit_mask(2, trump=2) & (1 << 24)                                         # the joker is trump
    assert suit_mask(0, trump=2) == mask("9c Tc Jc Qc Kc Ac")
    assert suit_mask(3) == mask("9s Ts Js Qs Ks As")
    # a void shown in play: E cannot hold any heart (trump), so every heart is elsewhere
    forb = [0, suit_mask(2, trump=2, joker=False), 0, 0, 0]
    space = Space([mask("9c Tc Jc Qc Kc"), 0, 0, 0, mask("Ks")], [5, 5, 5, 5, 4], forb)
    w = space.sample(500, np.random.default_rng(0))
    assert not np.any(w.hands[:, 1] & np.uint32(forb[1]))
