"""The double-dummy solver against independently computed values.

* all 360 positions of the shared DD vectors (an independent solver whose rules
  agree with OpenSpiel's euchre);
* hand-checked positions (reasoning in comments);
* the core's own boundary: impossible input is refused, never crashes.
"""
import importlib.machinery
import json

import numpy as np
import pytest

import solver
from solver import Position, PositionError, Rules, analyse_play, card_values, dd_table, solve, solve_batch
from solver import _search

from conftest import DD_VECTORS

VECTORS = [json.loads(line) for line in DD_VECTORS.read_text().splitlines() if line.strip()]


def test_compiled_extension_is_in_use():
    # a build that silently fell back to Python must not pass
    assert _search.__file__.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)), _search.__file__
    assert isinstance(_search.__loader__, importlib.machinery.ExtensionFileLoader)


def _vector_position(v):
    return Position.parse(v["deal"], v["trump"], v["leader"], v["makers"], v["alone"], v["played"],
                          Rules(players=v["players"], joker=v["joker"]))


@pytest.mark.parametrize("i", range(len(VECTORS)))
def test_dd_vectors(i):
    v = VECTORS[i]
    pos = _vector_position(v)
    assert str(pos.to_move) == v["to_move"]
    assert solve(pos).tricks == v["tricks"]
    assert card_values(pos) == v["card_values"]


def test_vector_count():
    assert len(VECTORS) == 360


def test_real_deal_vwec_final_first_hand():
    # First hand of the VWEC final, as play began (S dealt and picked up Kc; W leads, NS made clubs).
    # W led the Ad and S ruffed it with the 9c; EW's one trick in the real play came later.
    pos = Position.parse("N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs",
                         trump="c", leader="W", makers="NS")
    result = solve(pos)
    assert result.tricks == {"NS": 4, "EW": 1} and result.points == {"NS": 1}
    # Leading the Ad (as W did) loses EW's trick: the Ad would win later anyway, a spade lead keeps it.
    assert card_values(pos)["Ad"] == 0 and card_values(pos)["As"] == 1


def test_hand_checked_traps():
    # hearts trump; N leads Ad. E's Jd is the LEFT BOWER (a heart), so it cannot follow diamonds,
    # and E, holding no other diamond, may play anything.
    pos = Position.parse("N:Ad E:Jd S:9d W:Td", trump="h", leader="N", makers="NS")
    assert [str(c) for c in pos.legal_cards()] == ["Ad"]
    pos = pos.play("Ad")
    assert [str(c) for c in pos.legal_cards()] == ["Jd"]          # the only card, played as trump
    # E ruffs with the left bower and wins: EW take the trick
    assert solve(pos).tricks == {"NS": 0, "EW": 1}

    # hearts trump, N leads the 9h; E holds Jd (left bower) and As: must follow trump with Jd
    pos = Position.parse("N:9h Kc E:Jd As S:Tc Qc W:9c Ac", trump="h", leader="N").play("9h")
    assert [str(c) for c in pos.legal_cards()] == ["Jd"]

    # left bower led = trump led: W must follow with its 9h, not the Ad
    pos = Position.parse("N:Jd Kc E:Qc Ks S:Tc Ts W:9h Ad", trump="h", leader="N").play("Jd").play("Qc").play("Tc")
    assert [str(c) for c in pos.legal_cards()] == ["9h"]

    # the 9 of trump beats an off-suit ace: N leads As, E trumps with 9h and wins
    pos = Position.parse("N:As E:9h S:Ks W:Qs", trump="h", leader="N")
    assert solve(pos).tricks == {"NS": 0, "EW": 1}

    # the joker beats the right bower
    pos = Position.parse("N:Jh E:B S:9c W:9s", trump="h", leader="N", rules=Rules(joker=True))
    assert solve(pos).tricks == {"NS": 0, "EW": 1}

    # leading trump while holding other suits is legal
    pos = Position.parse("N:9h As E:Qc Ks S:Tc Ts W:9c Ad", trump="h", leader="N")
    assert "9h" in [str(c) for c in pos.legal_cards()] and len(pos.legal_cards()) == 2


def test_analyse_play_costs():
    # W leads the Ad (worth 0 EW tricks) instead of a spade (worth 1): the Ad costs W one trick
    pos = Position.parse("N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs",
                         trump="c", leader="W", makers="NS")
    steps = analyse_play(pos, "Ad 9d Qd 9c")
    assert [s.before for s in steps] == [4, 5, 5, 5]
    assert steps[0].after == 5 and steps[0].cost == 1
    assert [str(c) for c in steps[0].best] == ["9s", "Qs", "Ah", "As"]
    with pytest.raises(PositionError, match="card #2 of the play"):
        analyse_play(pos, "Ad Ac")


def test_dd_table_real_deal():
    table = dd_table("N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs", dealer="S")
    assert table.partners[solver.Suit.C] == {"NS": 4, "EW": 1}     # W leads, as in the real hand
    for suit, sides in table.partners.items():
        assert sum(sides.values()) == 5
    # N alone in diamonds (S out, E leads, left of the loner). N's trumps: Jd (right) Kd 9d; EW's: Jh (left)
    # and Qd with E, Ad with W. E guards the left bower with Qd (plays Qd under the Jd), so a march is
    # impossible: at most 4. N gets 4: Jd draws Qd and Ad, Kd/9d and the Ac win, only the Jh scores for EW.
    assert table.loners[solver.Suit.D][solver.Seat.N] == 4


def _random_full_deals(n, seed):
    """``n`` seeded random full deals: (rng, hands uint32 (n, 4), trump uint8 (n,), leader uint8 (n,))."""
    rng = np.random.default_rng(seed)
    hands = np.zeros((n, 4), np.uint32)
    for i in range(n):
        cards = rng.permutation(24)[:20]
        for s in range(4):
            hands[i, s] = sum(1 << int(c) for c in cards[5 * s:5 * s + 5])
    return rng, hands, rng.integers(0, 4, n).astype(np.uint8), rng.integers(0, 4, n).astype(np.uint8)


@pytest.mark.slow
def test_solve_batch_matches_the_oracle():
    # the batch path (threads, makers=1) against the pure-Python oracle on every 20th deal
    import reference
    n = 200
    rng, hands, trump, leader = _random_full_deals(n, seed=7)
    expected = {}
    for i in range(0, n, 20):
        seat_hands = {"NESW"[s]: solver.format_cards(int(hands[i, s])).split() for s in range(4)}
        expected[i] = reference.solve(seat_hands, "cdhs"[trump[i]], "NESW"[leader[i]], [], 4)["NS"]
    for threads in (1, 2):
        ns = solve_batch(hands, trump, leader, makers=0, threads=threads)
        ew = solve_batch(hands, trump, leader, makers=1, threads=threads)
        assert ns.dtype == np.int8 and ns.shape == (n,)
        assert np.all(ns + ew == 5)
        assert {i: int(ns[i]) for i in expected} == expected


@pytest.mark.parametrize("hands,trump,leader,message", [
    ([[1, 1, 2, 4]], 0, 0, "held twice"),
    ([[1 << 30, 2, 4, 8]], 0, 0, "hands: values must lie in 0..33554431"),
    ([[3, 4, 8, 16]], 0, 0, "hand sizes"),
    ([[1, 2, 4, 8]], 9, 0, "trump: values must lie in 0..4"),
    ([[1, 2, 4, 8]], 0, 7, "leader"),
])
def test_core_refuses_bad_batches(hands, trump, leader, message):
    with pytest.raises(PositionError, match=message):
        solve_batch(np.array(hands, dtype=np.uint32), trump, leader)


def test_solve_batch_checks_before_casting():
    # values that a cast to uint32/uint8 would wrap or truncate are refused, not solved as another position
    good = np.array([[1, 2, 4, 8]], np.int64)
    for hands, kwargs, message in [
        (good + (1 << 32), {}, "hands: values must lie in"),
        (np.array([[1.5, 2, 4, 8]]), {}, "hands: expected whole numbers"),
        (good, dict(trick=[[256]], trick_len=[1]), "trick: values must lie in 0..24"),
        (good, dict(threads=2 ** 40), "threads"),
        (good, dict(bands=True, makers=[0.5]), "makers: expected whole numbers"),
        ("abc", {}, "hands: expected whole numbers"),
    ]:
        with pytest.raises(solver.EuchreError, match=message):
            solve_batch(hands, 0, 0, **kwargs)
    assert list(solve_batch(good, 0, 0)) == [1]        # 9c leads, 9d 9h 9s follow: N's 9 of trump wins


def test_core_refuses_bad_single_input():
    ctx = _search.SearchContext(10)
    with pytest.raises(_search.SearchInputError, match="sits out"):
        ctx.solve([1, 2, 4, 8], 0, 0, (), 0b0111, 4)
    with pytest.raises(_search.SearchInputError, match="seats in play"):
        ctx.solve([1, 0, 4, 0], 0, 0, (), 0b1111, 2)
    with pytest.raises(_search.SearchInputError, match="too many"):
        ctx.solve([0, 0, 0, 8], 0, 0, (1, 2, 4, 16), 0b1111, 4)


def test_solve_batch_mid_trick_matches_vectors():
    # every shared vector, four-player or two-player, solved in one batch with its current trick
    rows = [v for v in VECTORS]
    hands = np.zeros((len(rows), 4), np.uint32)
    trick = np.zeros((len(rows), 3), np.uint8)
    trick_len = np.zeros(len(rows), np.uint8)
    in_play = np.zeros(len(rows), np.uint8)
    expected = []
    for i, v in enumerate(rows):
        pos = _vector_position(v)
        hands[i] = pos.hands
        trick_len[i] = len(pos.played)
        trick[i, :len(pos.played)] = [int(c) for c in pos.played]
        in_play[i] = sum(1 << s for s in pos.seats_in_play)
        expected.append(v["tricks"][pos.side_name(pos.makers)])
    for players in (2, 4):
        sel = np.array([v["players"] == players for v in rows])
        vec = [pos for pos, keep in zip(rows, sel) if keep]
        makers = np.array([0 if v["makers"] in ("NS", "N") else 1 for v in vec])
        got = {}
        for m in (0, 1):
            got[m] = solve_batch(hands[sel], [solver.Suit.parse(v["trump"]) for v in vec],
                                 [solver.Seat.parse(v["leader"]) for v in vec], makers=m, in_play=in_play[sel],
                                 players=players, trick=trick[sel], trick_len=trick_len[sel])
        values = np.where(makers == 0, got[0], got[1])
        assert list(values) == [e for e, keep in zip(expected, sel) if keep]


def test_dd_table_dummy_hands_sums_two_phases():
    # Two-player dummy hands: each set of five tricks is its own two-player game, the non-dealer (N)
    # leading both. Phase tables must equal two-player tables of each half; the total is their sum.
    personal, dummies = "N:9d Ac Tc Kd Jd S:Qd Js Kh 9h Jh", "N:9c Ks Qh Kc Jc S:Ad As Ah 9s Qs"
    two = Rules(players=2)
    table = dd_table(f"{personal} | {dummies}", "S", Rules(players=2, dummy_hands=True))
    for suit in solver.Suit:
        first = solve(Position.parse(personal, suit, "N", "N", rules=two)).tricks
        second = solve(Position.parse(dummies, suit, "N", "N", rules=two)).tricks
        assert table.phases[0][suit] == first and table.phases[1][suit] == second
        assert table.partners[suit] == {s: first[s] + second[s] for s in ("N", "S")}
    # N's clubs in the dummy phase: Jc Kc 9c (+ S has none): N holds the right bower, so at least 3 of 5
    assert table.phases[1][solver.Suit.C]["N"] >= 3
    with pytest.raises(solver.EuchreError, match="card 9d is both in a personal hand and in a dummy"):
        dd_table("N:9d Ac Tc Kd Jd S:Qd Js Kh 9h Jh | N:9d Ks Qh Kc Jc S:Ad As Ah 9s Qs", "S",
                 Rules(players=2, dummy_hands=True))
    with pytest.raises(solver.EuchreError, match="split by one '|'"):
        dd_table(personal, "S", Rules(players=2, dummy_hands=True))


def test_solve_batch_bands_match_exact_counts():
    n = 400
    rng, hands, trump, leader = _random_full_deals(n, seed=11)
    makers = rng.integers(0, 2, n).astype(np.uint8)
    exact = np.where(makers == 0, solve_batch(hands, trump, leader, 0), solve_batch(hands, trump, leader, 1))
    expected = np.select([exact < 3, exact < 5], [0, 1], 2)
    assert np.array_equal(solve_batch(hands, trump, leader, makers, bands=True, threads=2), expected)
    assert set(np.unique(expected)) == {0, 1, 2}


def test_solve_batch_made_rows_need_only_the_march():
    # rows whose makers are known to take 3 or more (the other side's band 0) get the same band with the
    # march's test alone; checked against the exact counts, for both sides as makers
    n = 600
    rng, hands, trump, leader = _random_full_deals(n, seed=12)
    exact0 = solve_batch(hands, trump, leader, 0)
    for side, tricks in ((0, exact0), (1, 5 - exact0)):
        made = tricks >= 3
        rows = np.nonzero(made)[0]
        expected = np.where(tricks[rows] == 5, 2, 1)
        got = solve_batch(hands[rows], trump[rows], leader[rows], side, bands=True, made=np.ones(rows.size, bool))
        assert np.array_equal(got, expected) and set(np.unique(expected)) == {1, 2}
        mixed = solve_batch(hands, trump, leader, side, bands=True, made=made)
        assert np.array_equal(mixed, np.select([tricks < 3, tricks < 5], [0, 1], 2))
        # the advisor's form (sides a uint8 column, the core's types throughout) takes a shorter way in
        sides = np.full(n, side, np.uint8)
        fast = solve_batch(hands, trump.astype(np.uint8), leader.astype(np.uint8), sides, bands=True, made=made)
        assert np.array_equal(fast, mixed)
    with pytest.raises(PositionError, match="makers: values must lie in 0..1"):
        solve_batch(hands, trump, leader, np.full(n, 2, np.uint8), bands=True, made=np.ones(n, bool))
    with pytest.raises(PositionError, match="made: only with bands=True"):
        solve_batch(hands, trump, leader, 0, made=np.ones(n, bool))
    with pytest.raises(PositionError, match="made: expected a bool array"):
        solve_batch(hands, trump, leader, 0, bands=True, made=np.ones(n - 1, bool))
    with pytest.raises(PositionError, match="made: expected a bool array"):
        solve_batch(5, trump, leader, 0, bands=True, made=np.ones(n, bool))      # hands not rows at all
    with pytest.raises(PositionError, match="made: expected a bool array"):
        solve_batch(hands, trump, leader, 0, bands=True, made=np.ones(n, np.uint8))


def test_solve_batch_refuses_short_tricks_and_mismatched_made_makers():
    # a trick_len beyond trick's columns was solved with the missing cards read as 0 (the 9c); a makers
    # array of another length than made, or ragged hands with made, raised numpy's bare ValueError
    hands = np.array([[0, 0, 4, 8]] * 2, np.uint32)       # N and E have played; S 9h, W 9s to play
    for trick in (np.ones((2, 1), np.uint8), np.ones((2, 1), np.int64)):
        with pytest.raises(PositionError, match="trick_len 2: more cards than trick has columns"):
            solve_batch(hands, 0, 0, trick=trick, trick_len=np.full(2, 2, np.uint8))
    assert list(solve_batch(hands, 0, 0, trick=np.array([[1, 0]] * 2), trick_len=[2, 2])) == [0, 0]   # W's 9s wins
    good = np.array([[1, 2, 4, 8]] * 2, np.uint32)
    made = np.array([True, False])
    for makers in (np.zeros(3, np.uint8), np.zeros((2, 2), np.uint8)):
        with pytest.raises(PositionError, match="makers: expected one value per row"):
            solve_batch(good, 0, 0, makers, bands=True, made=made)
    with pytest.raises(PositionError, match="hands: not an array of whole numbers"):
        solve_batch([[1, 2, 4, 8], [1, 2]], 0, 0, 0, bands=True, made=made)
    # N's 9c wins the one trick: made claimed, the march; not claimed, all of one trick is a march too
    assert list(solve_batch(good, 0, 0, np.zeros(2, np.uint8), bands=True, made=made)) == [2, 2]


def test_core_rows_entry_checks_every_array_length():
    # solve_rows is reached by solve_many; called directly with arrays shorter than the rows asked
    # for, it must refuse before the nogil loop (it once wrote past their ends)
    ctx = _search.SearchContext(10)
    n = 10
    hands = np.array([[1, 2, 4, 8]] * n, np.uint32)
    full = lambda dtype, k=n: np.zeros(k, dtype)
    rows = [hands, full(np.uint8), full(np.uint8), np.full(n, 15, np.uint8), 4, np.zeros((n, 4), np.uint8),
            full(np.uint8), full(np.uint8), False, _search.ALL_FEATURES, False, full(np.int8), full(np.int64),
            full(np.int64)]
    for i in (1, 2, 3, 6, 7, 11, 12, 13):
        short = list(rows)
        short[i] = rows[i][:3]
        with pytest.raises(_search.SearchInputError, match="shorter"):
            ctx.solve_rows(tuple(short), 0, n)
    ctx.solve_rows(tuple(rows), 0, n)
    assert list(rows[11]) == [1] * n                 # N's 9c, trump clubs, wins every copy of the trick
    with pytest.raises(_search.SearchInputError, match="trump"):
        ctx.solve([1, 2, 4, 8], 2 ** 40, 0)


def test_solve_batch_core_typed_arrays_get_the_same_checks():
    # uint32 hands and uint8 columns go straight to the core (no numpy checks); what it refuses is
    # checked again in full, so the messages are those of any other dtype
    good = np.array([[1, 2, 4, 8]], np.uint32)
    u8 = lambda v: np.array([v], np.uint8)
    for kwargs, message in [(dict(trump=u8(9)), "trump: values must lie in 0..4"),
                            (dict(leader=u8(4)), "leader: values must lie in 0..3"),
                            (dict(in_play=u8(99)), "in_play: values must lie in 0..15"),
                            (dict(in_play=u8(0b0111)), "sits out"),
                            (dict(makers=u8(2), bands=True), "makers: values must lie in 0..1"),
                            (dict(trump=np.zeros(2, np.uint8)), "trump: expected one value per row")]:
        args = dict(trump=u8(0), leader=u8(0), **{k: v for k, v in kwargs.items() if k not in ("trump", "leader")})
        args.update({k: v for k, v in kwargs.items() if k in ("trump", "leader")})
        with pytest.raises(PositionError, match=message):
            solve_batch(good, **args)
    with pytest.raises(PositionError, match="hand sizes"):
        solve_batch(np.array([[3, 4, 8, 16]], np.uint32), u8(0), u8(0))
    assert list(solve_batch(good, u8(0), u8(0))) == [1] and list(solve_batch(good, 0, 0, 1)) == [0]
    assert list(solve_batch(good, 0, 0, u8(1), bands=True)) == [0]      # EW take none of one trick
