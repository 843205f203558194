"""The bid advisor (solver.advise_bid) against a separate, simple computation.

The independent path below deals the worlds itself (itertools for two-player,
where every deal is enumerated), plays the auction one world at a time with its
own plain-Python reading of the stated bidding policy and discard rule (the
tables in solver.advisor's docs), places the upcard, chooses the leader and
scores by docs/rules.md, and asks the double-dummy solver one position at a time.
The double-dummy values themselves are checked against the pure-Python oracle
(tests/reference.py) on a sample of those positions.

Also: intervals cover the exact value at about the stated rate over many
seeds; every legal option is offered; same seed, same answer; bad input is a
clear EuchreError.
"""
import functools
import itertools
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference  # noqa: E402
import solver  # noqa: E402
from solver import (Advice, CardError, EuchreError, IllegalActionError, PositionError, Rules,  # noqa: E402
                    RulesError, solve_batch)

# the references in this file are double dummy (every seat sees every card): the advice they check is
# the double-dummy valuation (the single-dummy ones are tested in test_playout.py, test_valuation.py)
from conftest import bid_advice as _bid_advice  # noqa: E402
bid_advice = functools.partial(_bid_advice, valuation="double_dummy")  # noqa: E305
from solver.bidding import POLICY, dealer_discard  # noqa: E402
from solver.stats import wilson  # noqa: E402

#: The first version's bidding: the later seats by the point count, uniform worlds (what the independent
#: computations below implement)
FIRST_VERSION = dict(inference=False, policy=POLICY)

RANKS, SUITS, SEATS = "9TJQKA", "cdhs", "NESW"
SAME = {"c": "s", "s": "c", "d": "h", "h": "d"}
DECK = [r + s for r in RANKS for s in SUITS]


# ------------------------------------------------------------------ the policy, as documented
def idx(card):
    return 24 if card == "B" else RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def is_trump(card, t):
    return card == "B" or card[1] == t or (card[0] == "J" and card[1] == SAME[t])


def eff(card, t):
    return t if is_trump(card, t) else card[1]


def trump_order(card, t):
    """joker 7, right 6, left 5, A 4, K 3, Q 2, T 1, 9 0."""
    if card == "B":
        return 7
    if card[0] == "J":
        return 6 if card[1] == t else 5
    return "9TQKA".index(card[0])


TRUMP_POINTS = [1, 1, 1.25, 1.5, 2, 2.5, 3, 3.5]
ORDER = {0: 5.5, 1: 5, 2: 4, 3: 5}             # by place after the dealer
CALL = {0: 5.5, 1: 4, 2: 5.5, 3: 4}
ORDER_2P = {0: 4.5, 1: 4.5}
CALL_2P = {0: 4.5, 1: 4}
ALONE = 8.5


def count(hand, t):
    pts = 0.0
    for c in hand:
        if is_trump(c, t):
            pts += TRUMP_POINTS[trump_order(c, t)]
        elif c[0] == "A":
            pts += 1
        elif c[0] == "K":
            pts += 0.25
    if sum(is_trump(c, t) for c in hand) >= 2:
        pts += 0.5 * sum(1 for s in SUITS if s != t and not any(eff(c, t) == s for c in hand))
    return pts


def discard(six, t):
    trumps = [c for c in six if is_trump(c, t)]
    plain = [c for c in six if not is_trump(c, t)]
    if not plain:
        return min(trumps, key=lambda c: (trump_order(c, t), idx(c)))
    length = {s: sum(1 for c in plain if c[1] == s) for s in SUITS}
    low = [c for c in plain if c[0] != "A"]
    if not low:
        return min(plain, key=lambda c: (-length[c[1]], idx(c)))
    singles = [c for c in low if length[c[1]] == 1]
    if singles:
        return min(singles, key=lambda c: (RANKS.index(c[0]), idx(c)))
    return min(low, key=lambda c: (RANKS.index(c[0]), length[c[1]], idx(c)))


def rel_of(p, dealer, players):
    if players == 2:
        return 0 if p == dealer else 1
    return (p - dealer) % 4


def policy_round1(hand, p, dealer, up, players):
    t = up[1]
    rel = rel_of(p, dealer, players)
    if rel == 0:
        six = hand + [up]
        score = count([c for c in six if c != discard(six, t)], t)
    else:
        adj = 0.5 * TRUMP_POINTS[trump_order(up, t)]
        score = count(hand, t) + (adj if players == 4 and rel == 2 else -adj)
    need = (ORDER_2P if players == 2 else ORDER)[rel]
    return score >= need, players == 4 and score >= ALONE


def policy_round2(hand, p, dealer, down, players, stuck):
    rel = rel_of(p, dealer, players)
    best, best_score = None, None
    for s in SUITS:
        if s == down:
            continue
        sc = count(hand, s)
        if best is None or sc > best_score:
            best, best_score = s, sc
    need = (CALL_2P if players == 2 else CALL)[rel]
    if best_score >= need or stuck:
        return best, players == 4 and best_score >= ALONE
    return None, False


# ------------------------------------------------------------------ playing a world out
def leader_of(dealer, players, alone, loner_lead):
    if players == 2:
        return (dealer + 2) % 4
    out = None if alone is None else (alone + 2) % 4
    start = alone if (alone is not None and loner_lead == "left_of_loner") else dealer
    seat = (start + 1) % 4
    while seat == out:
        seat = (seat + 1) % 4
    return seat


DD_CACHE = {}


def dd_side0(hands, trump, leader, players):
    """Side 0's tricks, one position at a time through the public solve_batch."""
    key = (tuple(tuple(sorted(h)) if h is not None else None for h in hands), trump, leader, players)
    if key not in DD_CACHE:
        row = np.array([[sum(1 << idx(c) for c in (h or [])) for h in hands]], dtype=np.uint32)
        in_play = sum(1 << s for s in range(4) if hands[s] is not None)
        DD_CACHE[key] = int(solve_batch(row, SUITS.index(trump), leader, 0, in_play, players)[0])
    return DD_CACHE[key]


def score(makers_tricks, alone, rules):
    if makers_tricks == 5:
        return rules.loner_march_score if alone else rules.march_score
    if makers_tricks >= 3:
        return 1
    return -(rules.loner_euchred_score if alone else rules.euchre_score)


def play(world, dealer, up, maker, trump, alone, pickup, rules, my_seat):
    """(points for my side, makers' tricks). pickup: None (round 2), 'policy', or the card discarded."""
    players = rules.players
    hands = [list(h) if h is not None else None for h in world]
    if pickup is not None:
        six = hands[dealer] + [up]
        gone = discard(six, trump) if pickup == "policy" else pickup
        hands[dealer] = [c for c in six if c != gone]
    lone = maker if alone else None
    if alone:
        hands[(maker + 2) % 4] = None
    leader = leader_of(dealer, players, lone, rules.loner_lead)
    side = (lambda s: s // 2) if players == 2 else (lambda s: s % 2)
    s0 = dd_side0(hands, trump, leader, players)
    tricks = s0 if side(maker) == 0 else 5 - s0
    pts = score(tricks, alone, rules)
    return (pts if side(maker) == side(my_seat) else -pts), tricks, side(maker) == side(my_seat)


def bidding_order(dealer, players):
    if players == 2:
        return [(dealer + 2) % 4, dealer]
    return [(dealer + i) % 4 for i in (1, 2, 3, 4)]


def auction_round2(world, dealer, up, rules, me, start, own_choice):
    """Round 2 from position start; own_choice: the seat's own fixed choice (None = its policy)."""
    order = bidding_order(dealer, rules.players)
    for p in order[start:]:
        stuck = rules.stick_the_dealer and p == dealer
        if p == me and own_choice is not None:
            if own_choice == "pass":
                continue
            return p, own_choice[0], own_choice[1]
        suit, lone = policy_round2(world[p], p, dealer, up[1], rules.players, stuck)
        if suit is not None:
            return p, suit, lone
    return None


def value_pass_round1(worlds, dealer, up, rules, me, own_round2):
    """Per world: (points, we made, march, euchred) of the seat passing in round 1."""
    order = bidding_order(dealer, rules.players)
    start = order.index(me) + 1
    out = [None] * len(worlds)
    reach = []
    for i, world in enumerate(worlds):
        for p in order[start:]:
            bid, lone = policy_round1(world[p], p, dealer, up, rules.players)
            if bid:
                out[i] = play(world, dealer, up, p, up[1], lone, "policy", rules, me)
                break
        else:
            reach.append(i)
    # round 2: seats before me bid by the policy; I make one fixed choice for all worlds reaching me
    my_pos = order.index(me)
    mine = []
    for i in reach:
        got = auction_round2(worlds[i], dealer, up, rules, me, 0, None) if own_round2 == "policy" else None
        if own_round2 == "policy":
            out[i] = (0, 0, False) if got is None else play(worlds[i], dealer, up, got[0], got[1], got[2],
                                                             None, rules, me)
            continue
        before = None
        for p in order[:my_pos]:
            suit, lone = policy_round2(worlds[i][p], p, dealer, up[1], rules.players, False)
            if suit is not None:
                before = (p, suit, lone)
                break
        if before is not None:
            out[i] = play(worlds[i], dealer, up, before[0], before[1], before[2], None, rules, me)
        else:
            mine.append(i)
    if mine:
        choices = [] if (rules.stick_the_dealer and me == dealer) else ["pass"]
        for s in SUITS:
            if s != up[1]:
                choices += [(s, False)] + ([(s, True)] if rules.players == 4 else [])
        best, best_vals = None, None
        for ch in choices:
            vals = []
            for i in mine:
                got = auction_round2(worlds[i], dealer, up, rules, me, my_pos, ch)
                vals.append((0, 0, False) if got is None else
                            play(worlds[i], dealer, up, got[0], got[1], got[2], None, rules, me))
            mean = sum(v[0] for v in vals) / len(vals)
            if best is None or mean > best + 1e-12:
                best, best_vals = mean, vals
        for i, v in zip(mine, best_vals):
            out[i] = v
    return out


def value_pass_round2(worlds, dealer, up, rules, me):
    order = bidding_order(dealer, rules.players)
    out = []
    for world in worlds:
        got = auction_round2(world, dealer, up, rules, me, order.index(me) + 1, None)
        out.append((0, 0, False) if got is None else play(world, dealer, up, got[0], got[1], got[2], None,
                                                           rules, me))
    return out


def summary(vals):
    n = len(vals)
    pts = [v[0] for v in vals]
    make = sum(1 for v in vals if v[2] and v[1] >= 3) / n
    march = sum(1 for v in vals if v[2] and v[1] == 5) / n
    euchred = sum(1 for v in vals if v[2] and v[1] < 3) / n
    return sum(pts) / n, make, march, euchred, pts


def independent_options(worlds, hand, up, me, dealer, rnd, rules, own_round2="best"):
    """{call token: (expected points, p_make, p_march, p_euchred, per-world points)}."""
    out = {}
    lones = (False, True) if rules.players == 4 else (False,)
    if rnd == 1:
        out["pass"] = summary(value_pass_round1(worlds, dealer, up, rules, me, own_round2))
        for lone in lones:
            token = "order" + (" alone" if lone else "")
            if me == dealer:
                best = None
                for d in sorted(hand + [up], key=idx):
                    s = summary([play(w, dealer, up, me, up[1], lone, d, rules, me) for w in worlds])
                    if best is None or s[0] > best[0] + 1e-12:
                        best = s
                out[token] = best
            else:
                out[token] = summary([play(w, dealer, up, me, up[1], lone, "policy", rules, me) for w in worlds])
    else:
        if not (rules.stick_the_dealer and me == dealer):
            out["pass"] = summary(value_pass_round2(worlds, dealer, up, rules, me))
        for s in SUITS:
            if s == up[1]:
                continue
            for lone in lones:
                out[f"call {s}" + (" alone" if lone else "")] = summary(
                    [play(w, dealer, up, me, s, lone, None, rules, me) for w in worlds])
    return out


def compare(advice, expected, exact):
    assert [o.call for o in advice.options] == list(expected)
    for o in advice.options:
        ep, make, march, euchred, pts = expected[o.call]
        tol = 1e-12
        assert abs(o.expected_points - ep) < tol, o.call
        assert abs(o.p_make - make) < tol and abs(o.p_march - march) < tol and abs(o.p_euchred - euchred) < tol
        assert o.exact is exact
        if not exact:
            assert list(o.world_points) == pts, o.call


def two_player_worlds(hand, up, me):
    """Every deal the seat cannot tell apart: the opponent's 5 of the 18 unseen cards."""
    unseen = [c for c in DECK if c not in hand and c != up]
    out = []
    for opp in itertools.combinations(unseen, 5):
        world = [None] * 4
        world[me] = list(hand)
        world[(me + 2) % 4] = list(opp)
        out.append(world)
    return out


def worlds_of(advice):
    out = []
    for row in advice.drawn.hands.tolist():
        out.append([[DECK[i] if i < 24 else "B" for i in range(25) if m >> i & 1] if m else None for m in row])
    return out


# ------------------------------------------------------------------ exact: two-player, every deal
TWO_PLAYER_CASES = [
    # (hand, upcard, seat, dealer, round, rules)
    ("9d Ac Tc Kd Jd", "Kc", 0, 2, 1, Rules(players=2)),
    ("Jh Ah 9c Qs Td", "Kh", 2, 2, 1, Rules(players=2)),             # the dealer: every discard
    ("Tc Td As Ts Kd", "9s", 0, 2, 2, Rules(players=2)),
    ("Tc Td As Ts Kd", "9h", 2, 2, 2, Rules(players=2, stick_the_dealer=True)),  # stuck: no pass
]


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(TWO_PLAYER_CASES)))
def test_two_player_exact_against_enumeration(case):
    hand, up, me, dealer, rnd, rules = TWO_PLAYER_CASES[case]
    advice = bid_advice(hand, up, SEATS[me], SEATS[dealer], round=rnd, rules=rules, seed=1, **FIRST_VERSION)
    assert advice.exact and advice.worlds == math.comb(18, 5) and advice.placements == 8568
    worlds = two_player_worlds(hand.split(), up, me)
    # the advisor used exactly these deals, each once
    mine = {tuple(sorted(w[(me + 2) % 4])) for w in worlds}
    theirs = {tuple(sorted(w[(me + 2) % 4])) for w in worlds_of(advice)}
    assert mine == theirs and len(theirs) == len(worlds)
    compare(advice, independent_options(worlds, hand.split(), up, me, dealer, rnd, rules), exact=True)
    for o in advice.options:
        assert o.p_make_interval == (o.p_make, o.p_make) and o.points_interval[0] == o.points_interval[1]


@pytest.mark.slow
def test_two_player_own_round2_policy():
    hand, up, me, dealer, rnd, rules = TWO_PLAYER_CASES[0]
    advice = bid_advice(hand, up, "N", "S", rules=rules, own_round2="policy", calls=["pass"], **FIRST_VERSION)
    worlds = two_player_worlds(hand.split(), up, me)
    expected = independent_options(worlds, hand.split(), up, me, dealer, rnd, rules, own_round2="policy")
    compare(advice, {"pass": expected["pass"]}, exact=True)


@pytest.fixture(scope="module")
def two_player_dd_values():
    """{position key: side 0's tricks} for exactly the positions the independent path solves for the
    first two-player case, the same whichever tests ran before (DD_CACHE is set aside meanwhile)."""
    hand, up, me, dealer, rnd, rules = TWO_PLAYER_CASES[0]
    saved = dict(DD_CACHE)
    DD_CACHE.clear()
    try:
        independent_options(two_player_worlds(hand.split(), up, me), hand.split(), up, me, dealer, rnd, rules)
        solved = dict(DD_CACHE)
    finally:
        DD_CACHE.update(saved)
    return solved


@pytest.mark.slow
def test_double_dummy_values_agree_with_the_reference_oracle(two_player_dd_values):
    # a sample of the positions the independent path solved, re-solved by the slow oracle
    rng = np.random.default_rng(11)
    two = list(two_player_dd_values)
    assert len(two) >= 150
    for i in rng.choice(len(two), size=150, replace=False):
        hands, trump, leader, players = two[i]
        ref = reference.solve({SEATS[s]: list(h) for s, h in enumerate(hands) if h is not None}, trump,
                              SEATS[leader], [], players)
        assert ref["N"] == two_player_dd_values[two[i]], two[i]


# ------------------------------------------------------------------ four-player: the same worlds, world by world
FOUR_PLAYER_CASES = [
    ("9d Ac Tc Kd Jd", "Kc", 0, 2, 1, Rules()),                        # vwec-finals deal 1, N
    ("9d Ac Tc Kd Jd", "Kc", 2, 2, 1, Rules()),                        # the same hand as the dealer
    ("Tc Td As Ts Kd", "9s", 0, 3, 2, Rules()),                        # vwec-finals deal 2, N
    ("Jh Jd Ah Kh 9s", "Qh", 3, 0, 1, Rules(loner_lead="left_of_dealer", stick_the_dealer=True)),
    ("Jh Jd Ah Kh 9s", "Qc", 0, 0, 2, Rules(stick_the_dealer=True)),   # stuck dealer
    ("Jh B Ah Kh 9s", "Qh", 1, 2, 1, Rules(joker=True)),
]


@pytest.mark.parametrize("case", range(len(FOUR_PLAYER_CASES)))
def test_four_player_world_by_world(case):
    hand, up, me, dealer, rnd, rules = FOUR_PLAYER_CASES[case]
    advice = bid_advice(hand, up, SEATS[me], SEATS[dealer], round=rnd, rules=rules, worlds=40, seed=100 + case,
                    **FIRST_VERSION)
    assert not advice.exact and advice.worlds == 40
    worlds = worlds_of(advice)
    for w in worlds:      # the seat's cards where they belong, never elsewhere
        assert sorted(w[me]) == sorted(hand.split())
        assert all(up not in h for h in w)
    compare(advice, independent_options(worlds, hand.split(), up, me, dealer, rnd, rules), exact=False)


@pytest.mark.slow
def test_four_player_dd_values_agree_with_the_reference_oracle():
    # two full deals (the oracle needs about a second each), one of them a loner
    advice = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=10, seed=3, calls=["order", "order alone"])
    world = worlds_of(advice)[0]
    for lone in (False, True):
        points, tricks, _ = play(world, 2, "Kc", 0, "c", lone, "policy", Rules(), 0)
        hands = [list(h) for h in world]
        six = hands[2] + ["Kc"]
        hands[2] = [c for c in six if c != discard(six, "c")]
        if lone:
            hands[2] = None
        leader = leader_of(2, 4, 0 if lone else None, "left_of_loner")
        ref = reference.solve({SEATS[s]: h for s, h in enumerate(hands)}, "c", SEATS[leader], [], 4)
        assert ref["NS"] == tricks
        assert advice.option("order alone" if lone else "order").world_points[0] == points


# ------------------------------------------------------------------ intervals
@pytest.mark.slow
def test_intervals_cover_the_exact_value_at_the_stated_rate():
    hand, up = "9d Ac Tc Kd Jd", "Kc"
    rules = Rules(players=2)
    exact = bid_advice(hand, up, "N", "S", rules=rules, calls=["order", "pass"])
    assert exact.exact
    truth = {o.call: o for o in exact.options}
    # Wilson's interval holds its rate away from the extremes; a chance of 0.001 with 120 worlds is
    # covered only when no world shows it, so only chances in [0.05, 0.95] are counted
    quantities = [(o.call, k) for o in exact.options for k in ("p_make", "p_march", "p_euchred")
                  if 0.05 <= getattr(o, k) <= 0.95]
    assert len(quantities) >= 4
    hits = {q: 0 for q in quantities}
    hits_points = 0
    runs = 200
    for seed in range(runs):
        a = bid_advice(hand, up, "N", "S", rules=rules, worlds=120, seed=seed, exact_limit=0, calls=["order", "pass"])
        assert not a.exact
        for call, k in quantities:
            lo, hi = getattr(a.option(call), k + "_interval")
            hits[(call, k)] += lo <= getattr(truth[call], k) <= hi
        for o in a.options:
            hits_points += o.points_interval[0] <= truth[o.call].expected_points <= o.points_interval[1]
    # 95% intervals over 200 seeds: a rate outside 0.90..0.99 is more than 3 standard errors off
    for q, h in hits.items():
        assert 0.90 <= h / runs <= 0.99, (q, h / runs)
    assert 0.92 <= hits_points / (2 * runs) <= 0.98, hits_points / (2 * runs)


def test_wilson_formula():
    lo, hi = wilson(30, 100)
    assert abs(lo - 0.2189) < 1e-3 and abs(hi - 0.3958) < 1e-3      # textbook values
    assert wilson(0, 50)[0] == 0.0 and wilson(50, 50)[1] == 1.0


# ------------------------------------------------------------------ the options offered
def calls(advice):
    return [o.call for o in advice.options]


def test_every_legal_option_is_offered():
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=20, seed=1)
    assert calls(a) == ["pass", "order", "order alone"]
    assert [o.name for o in a.options] == ["pass", "assist", "assist alone"]
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "E", "S", worlds=20, seed=1)
    assert [o.name for o in a.options] == ["pass", "order up", "order up alone"]
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "S", "S", worlds=20, seed=1)
    assert calls(a) == ["pass", "order", "order alone"]
    assert all(o.discard is not None and len(o.discards) == 6 for o in a.options[1:])
    assert a.options[1].name.startswith("pick it up, discard ")
    a = bid_advice("9d Ac Tc Kd Jd", "Ks", "N", "S", round=2, worlds=20, seed=1)
    assert calls(a) == ["pass", "call c", "call c alone", "call d", "call d alone", "call h", "call h alone"]
    a = bid_advice("9d Ac Tc Kd Jd", "Ks", "S", "S", round=2, worlds=20, seed=1, rules=Rules(stick_the_dealer=True))
    assert "pass" not in calls(a) and len(a.options) == 6
    a = bid_advice("9d Ac Tc Kd Jd", "Ks", "N", "S", round=2, rules=Rules(players=2))
    assert calls(a) == ["pass", "call c", "call d", "call h"]


def test_common_worlds_and_reproducibility():
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=5)
    b = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=5, threads=2)
    c = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=5, calls=["order alone"])
    assert a.to_dict() == b.to_dict()
    # the same worlds for every option (the grade is against the best of the options asked: not compared)
    alone = {k: v for k, v in a.option("order alone").to_dict().items() if k not in ("grade", "grading")}
    assert {k: v for k, v in c.options[0].to_dict().items() if k not in ("grade", "grading")} == alone
    assert c.options[0].grade == "best" and a.option("order alone").grade != "best"
    d = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=6)
    assert d.to_dict() != a.to_dict()


def test_recommendation_and_margin():
    a = bid_advice("Jh Jd Ah Kh Qh", "9h", "W", "S", worlds=200, seed=2)
    assert a.recommended.expected_points == max(o.expected_points for o in a.options)
    others = sorted((o.expected_points for o in a.options if o is not a.recommended), reverse=True)
    assert abs(a.margin - (a.recommended.expected_points - others[0])) < 1e-12
    assert a.margin_interval[0] <= a.margin <= a.margin_interval[1]
    assert a.recommended.call in ("order", "order alone")          # five top trumps: never pass


def test_to_dict_is_complete_json():
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "S", "S", worlds=50, seed=1)
    d = json.loads(json.dumps(a.to_dict(), allow_nan=False))
    assert d["version"] == 1
    assert set(d) >= {"hand", "upcard", "seat", "dealer", "round", "rules", "worlds", "exact", "placements",
                      "seed", "method", "options", "recommended", "margin", "margin_interval"}
    for o in d["options"]:
        assert set(o) >= {"call", "name", "action", "trump", "alone", "discard", "p_make", "p_make_interval",
                          "p_march", "p_march_interval", "p_euchred", "p_euchred_interval", "expected_points",
                          "points_interval", "worlds", "exact", "outcomes", "discards", "auction"}
        assert abs(sum(o["outcomes"].values()) - 1) < 1e-9
    assert d["options"][0]["auction"] is not None and abs(sum(d["options"][0]["auction"].values()) - 1) < 1e-9
    assert d["recommended"] in [o["call"] for o in d["options"]]
    assert isinstance(a, Advice) and "recommended:" in str(a)
    assert bid_advice.func is _bid_advice and bid_advice.keywords == {"valuation": "double_dummy"}


# ------------------------------------------------------------------ the stated heuristics
def test_discard_heuristic_examples():
    def d(six, t):
        m = sum(1 << idx(c) for c in six.split())
        return DECK[dealer_discard(m, SUITS.index(t))]
    assert d("Jh Ah Kc 9s Ts Qh", "h") == "Kc"        # a lone plain card makes a void
    assert d("Jh Ah Kc Ac 9s Ts", "h") == "9s"        # no lone non-ace: the lowest plain card
    assert d("Jh Jd Ah Ac As Kh", "h") == "Ac"        # trumps and aces: an ace (equal lengths: lower index)
    assert d("Jh Jd Ah Kh Qh Th", "h") == "Th"        # all trump: the lowest
    assert d("9c Tc Jh Ah Qs Ks", "h") == "9c"        # clubs and spades both two long: the 9
    for six, t in [("Jh Ah Kc 9s Ts Qh", "h"), ("9c Tc Qc Ad Kd Jd", "s"), ("Jc Js Ac Kh Qh 9d", "c")]:
        assert d(six, t) == discard(six.split(), t)


def test_heuristics_on_many_hands_at_once_match_the_reference():
    # many rows go through the table of dealer_discard and the byte tables of points; twice, so the second
    # call reads what the first filled in
    rng = np.random.default_rng(16)
    sixes = [[DECK[i] for i in rng.choice(24, 6, replace=False)] for _ in range(300)]
    masks = np.array([sum(1 << idx(c) for c in six) for six in sixes], dtype=np.uint32)
    for ti, t in enumerate(SUITS):
        want = [discard(six, t) for six in sixes]
        for _ in range(2):
            assert [DECK[i] for i in dealer_discard(masks, ti)] == want
        fives = masks & ~np.array([1 << idx(c) for c in want], dtype=np.uint32)
        assert POLICY.points(fives, ti).tolist() == [count([c for c in six if c != w], t)
                                                       for six, w in zip(sixes, want)]


def test_policy_points_example_from_the_docs():
    m = sum(1 << idx(c) for c in "Jh Jd Ah 9c 9s".split())
    assert POLICY.points(m, 2)[0] == 8.0 == count("Jh Jd Ah 9c 9s".split(), "h")
    bid, lone = POLICY.round1(m, 1, idx("Kh"))
    assert bid[0] and not lone[0]


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("kwargs,error,pattern", [
    (dict(hand="Jh Ah Kh 9c"), PositionError, r"holds 4 cards, expected 5"),
    (dict(hand="Jh Ah Kh 9c 9s Ts"), PositionError, r"holds 6 cards"),
    (dict(hand="Jh Jh Kh 9c 9s"), CardError, r"Jh appears twice"),
    (dict(hand="Zh Ah Kh 9c 9s"), CardError, r"'Zh'"),
    (dict(upcard="Jh"), PositionError, r"upcard Jh"),
    (dict(upcard="Xq"), CardError, r"'Xq'"),
    (dict(round=2, upcard="Ts", calls=["call s"]), IllegalActionError, r"'call s'.*spades was turned down"),
    (dict(round=2, upcard="Ts", calls=["order"]), IllegalActionError, r"'order'.*turned down"),
    (dict(calls=["call d"]), IllegalActionError, r"'call d'.*round 1"),
    (dict(calls=["shout"]), IllegalActionError, r"'shout'"),
    (dict(worlds=0), solver.ArgumentError, r"worlds 0"),
    (dict(worlds=10 ** 7), solver.ArgumentError, r"worlds 10000000"),
    (dict(worlds="many"), solver.ArgumentError, r"worlds 'many'"),
    (dict(threads=0), solver.ArgumentError, r"threads 0"),
    (dict(seed=-1), solver.ArgumentError, r"seed -1"),
    (dict(seat="X"), CardError, r"seat 'X'"),
    (dict(dealer="Q"), CardError, r"seat 'Q'"),
    (dict(round=3), IllegalActionError, r"round 3"),
    (dict(rules=Rules(players=2), seat="E"), PositionError, r"seat E"),
    (dict(rules=Rules(players=2), calls=["order alone"]), IllegalActionError, r"no going alone"),
    (dict(hand="B Ah Kh 9c 9s"), CardError, r"joker"),
    (dict(rules=Rules(joker=True), upcard="B"), solver.ArgumentError, r"upcard B"),
    (dict(rules=Rules(players=2, dummy_hands=True)), RulesError, r"dummy"),
    (dict(round=2, upcard="Ts", seat="S", rules=Rules(stick_the_dealer=True), calls=["pass"]),
     IllegalActionError, r"stuck"),
    (dict(own_round2="guess"), solver.ArgumentError, r"own_round2"),
])
def test_bad_input_is_a_clear_error(kwargs, error, pattern):
    args = dict(hand="Jh Ah Kh 9c 9s", upcard="Qh", seat="N", dealer="S", worlds=10, seed=1)
    args.update(kwargs)
    with pytest.raises(error, match=pattern) as info:
        bid_advice(**args)
    assert isinstance(info.value, EuchreError)


def test_the_default_seed_is_recorded_and_reproduces_the_answer():
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=100)
    assert isinstance(a.seed, int)
    b = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=100, seed=a.seed)
    assert a.to_dict() == b.to_dict()


def test_t_quantile_against_student_tables():
    # two-sided 95% quantiles from published Student t tables (3 decimals)
    from solver.stats import t_quantile
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365, 8: 2.306, 9: 2.262,
             10: 2.228, 12: 2.179, 15: 2.131, 20: 2.086, 30: 2.042, 60: 2.000, 120: 1.980}
    for df, value in table.items():
        assert abs(t_quantile(df) - value) < 6e-4, df


def test_dealer_never_discards_the_upcard_when_the_rules_forbid_it():
    # S deals and holds five hearts; the 9h is turned up. With all six cards trump the stated rule
    # throws the lowest trump, the 9h itself; under OpenSpiel's convention it must throw the Th.
    from solver import Card, Rules
    from solver.bidding import dealer_discard
    six = sum(1 << int(Card(c)) for c in ("Th", "Qh", "Kh", "Ah", "Jh", "9h"))
    assert str(Card(dealer_discard(six, 2))) == "9h"
    assert str(Card(dealer_discard(six, 2, keep=int(Card("9h"))))) == "Th"
    a = bid_advice("Th Qh Kh Ah Jh", "9h", "S", "S", rules=Rules(dealer_may_discard_upcard=False), worlds=50, seed=1)
    for option in a.options:
        assert option.discard is None or str(option.discard) != "9h"
        assert "9h" not in (option.discards or {})


# ------------------------------------------------------------------ issue 11: the model, inference, robustness
from solver.bidding import DEFAULT_MODEL, MODELS, POINT_COUNT, BiddingModel  # noqa: E402
from solver.bidding.named import ALTERNATIVES  # noqa: E402
from solver.advisor.inference import pass_likelihood  # noqa: E402

# The first version's figures, computed by main's code before the model (commit 0d301a4) with these seeds:
# {call: (expected points, p_make, p_march, p_euchred)}, the recommendation and the margin.
FIRST_VERSION_FIGURES = [
    (dict(hand="Jh Jd Ah Kh 9s", upcard="9h", seat="E", dealer="N", seed=1),
     {'pass': (1.3995, 0.9155, 0.469, 0.0385), 'order': (1.4505, 1.0, 0.4505, 0.0),
      'order alone': (1.093, 1.0, 0.031, 0.0)},
     'order', 0.051),
    (dict(hand="B Jh Kh 9c 9s", upcard="Qh", seat="W", dealer="S", rules=Rules(joker=True), seed=1),
     {'pass': (1.545, 0.2115, 0.095, 0.0045), 'order': (1.323, 0.981, 0.38, 0.019),
      'order alone': (0.1765, 0.7255, 0.0, 0.2745)},
     'pass', 0.222),
    (dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2, seed=3, worlds=300),
     {'pass': (-0.13, 0.33666666666666667, 0.07, 0.06),
      'call c': (-0.57, 0.44666666666666666, 0.09, 0.5533333333333333),
      'call c alone': (-1.97, 0.01, 0.0, 0.99),
      'call d': (-0.0033333333333333335, 0.63, 0.10666666666666667, 0.37),
      'call d alone': (-1.83, 0.056666666666666664, 0.0, 0.9433333333333334),
      'call h': (-0.9333333333333333, 0.33666666666666667, 0.056666666666666664, 0.6633333333333333),
      'call h alone': (-2.0, 0.0, 0.0, 1.0)},
     'call d', 0.12666666666666668),
    (dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="S", seed=2, worlds=300),
     {'pass': (-0.6266666666666667, 0.08333333333333333, 0.02, 0.023333333333333334),
      'order': (0.29333333333333333, 0.7133333333333334, 0.15333333333333332, 0.2866666666666667),
      'order alone': (-0.48, 0.4533333333333333, 0.05333333333333334, 0.5466666666666666)},
     'order', 0.7733333333333333),
    (dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="N", round=2, rules=Rules(players=2), seed=1),
     {'pass': (-0.6725023342670402, 0.0, 0.0, 0.0),
      'call d': (1.5892857142857142, 0.9987161531279178, 0.5931372549019608, 0.0012838468720821662),
      'call h': (-0.28513071895424835, 0.5239262371615313, 0.1430905695611578, 0.4760737628384687),
      'call s': (-1.7994864612511672, 0.0611577964519141, 0.017040149393090568, 0.9388422035480859)},
     'call d', 1.8744164332399627),
]


@pytest.mark.parametrize("case", range(len(FIRST_VERSION_FIGURES)))
def test_the_first_version_figures_are_reproduced(case):
    kwargs, figures, rec, margin = FIRST_VERSION_FIGURES[case]
    a = bid_advice(**kwargs, **FIRST_VERSION)
    got = {o.call: (o.expected_points, o.p_make, o.p_march, o.p_euchred) for o in a.options}
    assert list(got) == list(figures)
    for call, want in figures.items():
        assert got[call] == pytest.approx(want, abs=1e-12), call
    assert a.recommended.call == rec and a.margin == pytest.approx(margin, abs=1e-12)
    assert a.bidding["later_seats"] == "policy" and a.bidding["inference"] is False
    assert a.variants == () and a.robust is None and a.weights is None


def masks(world):
    return [sum(1 << idx(c) for c in h) if h is not None else 0 for h in world]


def weighted(vals, w):
    """(expected points, p_make, p_march, p_euchred) of per-world (points, tricks, ours) with weights w,
    each world's value possibly a list of (chance, value) branches."""
    tot = sum(w)
    acc = [0.0] * 4
    for wi, branches in zip(w, vals):
        for p, (pts, tricks, ours) in branches:
            acc[0] += wi * p * pts
            acc[1] += wi * p * (ours and tricks >= 3)
            acc[2] += wi * p * (ours and tricks == 5)
            acc[3] += wi * p * (ours and tricks < 3)
    return tuple(x / tot for x in acc)


@pytest.mark.slow
def test_inference_two_player_round2_against_a_weighted_brute_force():
    # N (not the dealer) names a suit in round 2: S turned the 9s down, which the model makes less likely
    # the stronger S's spades are; after N's pass S names a suit by the model's chances (or throws in)
    hand, up, me, dealer = "Tc Td As Ts Kd", "9s", 0, 2
    rules, model = Rules(players=2), POINT_COUNT
    a = bid_advice(hand, up, "N", "S", round=2, rules=rules, model=model, seed=1)
    worlds = two_player_worlds(hand.split(), up, me)
    w = [float(model.likelihood(np.array([masks(x)[dealer]], dtype=np.uint32), 0, 1, idx(up), "pass",
                                players=2)[0]) for x in worlds]
    assert a.exact and a.bidding["inference"] and a.bidding["evidence"] == ["S passed round 1"]
    assert a.bidding["effective_worlds"] == pytest.approx(sum(w) ** 2 / sum(x * x for x in w), rel=1e-12)
    assert a.weights is not None and len(a.weights) == len(worlds)
    expected = {}
    for s in "cdh":
        expected[f"call {s}"] = weighted([[(1.0, play(x, dealer, up, me, s, False, None, rules, me))]
                                          for x in worlds], w)
    passes = []
    for x in worlds:
        p_suit, _ = model.round2(np.array([masks(x)[dealer]], dtype=np.uint32), 0, SUITS.index("s"), False, 2)
        passes.append([(float(p_suit[0, SUITS.index(s)]), play(x, dealer, up, dealer, s, False, None, rules, me))
                       for s in "cdh"])
    expected["pass"] = weighted(passes, w)
    for o in a.options:
        assert (o.expected_points, o.p_make, o.p_march, o.p_euchred) == pytest.approx(expected[o.call], abs=1e-12)
        assert o.exact and o.points_interval == (o.expected_points, o.expected_points)
    ranked = sorted(expected, key=lambda k: -expected[k][0])
    assert a.recommended.call == ranked[0]
    assert a.margin == pytest.approx(expected[ranked[0]][0] - expected[ranked[1]][0], abs=1e-12)


@pytest.mark.slow
def test_inference_two_player_dealer_round1_against_a_weighted_brute_force():
    # S deals and speaks after N passed: picking up tries every discard on the weighted worlds; passing
    # goes to round 2, N naming a suit by the model's chances, then S's one best choice where N passed
    hand, up, me, dealer = "Jh Ah 9c Qs Td", "Kh", 2, 2
    rules, model = Rules(players=2), POINT_COUNT
    a = bid_advice(hand, up, "S", "S", rules=rules, model=model, seed=1)
    worlds = two_player_worlds(hand.split(), up, me)
    other = 0
    w = [float(model.likelihood(np.array([masks(x)[other]], dtype=np.uint32), 1, 1, idx(up), "pass",
                                players=2)[0]) for x in worlds]
    assert a.bidding["evidence"] == ["N passed round 1"]
    best = None
    for d in sorted(hand.split() + [up], key=idx):
        fig = weighted([[(1.0, play(x, dealer, up, me, "h", False, d, rules, me))] for x in worlds], w)
        if best is None or fig[0] > best[0] + 1e-12:
            best = fig
    expected = {"order": best}
    # the pass: N's round-2 chances, then S's single best choice over what reaches it
    n_call, reach = [], []
    for x in worlds:
        p_suit, _ = model.round2(np.array([masks(x)[other]], dtype=np.uint32), 1, SUITS.index("h"), False, 2)
        n_call.append([(float(p_suit[0, SUITS.index(s)]), play(x, dealer, up, other, s, False, None, rules, me))
                       for s in "cds"])
        reach.append(1.0 - float(p_suit[0].sum()))
    choices = {"pass": [(0, 0, False)] * len(worlds)}
    for s in "cds":
        choices[s] = [play(x, dealer, up, me, s, False, None, rules, me) for x in worlds]
    mine = max(choices, key=lambda c: sum(wi * r * v[0] for wi, r, v in zip(w, reach, choices[c])))
    expected["pass"] = weighted([nc + [(r, v)] for nc, r, v in zip(n_call, reach, choices[mine])], w)
    for o in a.options:
        assert (o.expected_points, o.p_make, o.p_march, o.p_euchred) == pytest.approx(expected[o.call], abs=1e-12)


@pytest.mark.slow
def test_the_expected_auction_without_inference_two_player():
    # N speaks first (nothing to infer): after N's pass the dealer orders by the model's chance, else
    # round 2 (N's best single choice, then S by the model)
    hand, up, me, dealer = "9d Ac Tc Kd Jd", "Kc", 0, 2
    rules, model = Rules(players=2), POINT_COUNT
    a = bid_advice(hand, up, "N", "S", rules=rules, model=model, seed=1, calls=["pass"])
    assert a.bidding["evidence"] == [] and a.weights is None
    worlds = two_player_worlds(hand.split(), up, me)
    s_order, reach = [], []
    for x in worlds:
        p_order, _ = model.round1(np.array([masks(x)[dealer]], dtype=np.uint32), 0, idx(up), 2)
        s_order.append((float(p_order[0]), play(x, dealer, up, dealer, "c", False, "policy", rules, me)))
        reach.append(1.0 - float(p_order[0]))
    choices = {}
    for s in "dhs":
        choices[s] = [[(1.0, play(x, dealer, up, me, s, False, None, rules, me))] for x in worlds]
    after = []
    for x in worlds:
        p_suit, _ = model.round2(np.array([masks(x)[dealer]], dtype=np.uint32), 0, SUITS.index("c"), False, 2)
        after.append([(float(p_suit[0, SUITS.index(s)]), play(x, dealer, up, dealer, s, False, None, rules, me))
                      for s in "dhs"])
    choices["pass"] = after
    mine = max(choices, key=lambda c: sum(r * sum(p * v[0] for p, v in br)
                                          for r, br in zip(reach, choices[c])))
    vals = [[s_order[i]] + [(reach[i] * p, v) for p, v in choices[mine][i]] for i in range(len(worlds))]
    got = a.option("pass")
    assert (got.expected_points, got.p_make, got.p_march, got.p_euchred) == pytest.approx(
        weighted(vals, [1.0] * len(worlds)), abs=1e-12)
    assert sum(got.auction.values()) == pytest.approx(1.0)


def test_pass_likelihood_is_the_product_over_the_passes_seen():
    rng = np.random.default_rng(4)
    hands = solver.worlds.bid_space(sum(1 << idx(c) for c in "Tc Td As Ts Kd".split()), idx("9s"),
                                    0, Rules()).sample(50, rng).hands
    up = idx("9s")
    # W deals, so N speaks first (place 1), then E (2), S (3), W (0)
    # N in round 2: E, S, W passed round 1 (W as the dealer), and nobody spoke before N in round 2
    got = pass_likelihood(POINT_COUNT, hands, 0, 3, 2, up, 4)
    want = np.ones(50)
    for p, place in ((1, 2), (2, 3), (3, 0)):
        want *= POINT_COUNT.likelihood(hands[:, p], place, 1, up, "pass")
    assert np.allclose(got, want, rtol=1e-12, atol=0)
    # S in round 2: N, E, W passed round 1, then N and E passed round 2
    got = pass_likelihood(POINT_COUNT, hands, 2, 3, 2, up, 4)
    want = np.ones(50)
    for p, place in ((0, 1), (1, 2), (3, 0)):
        want *= POINT_COUNT.likelihood(hands[:, p], place, 1, up, "pass")
    for p, place in ((0, 1), (1, 2)):
        want *= POINT_COUNT.likelihood(hands[:, p], place, 2, up, "pass")
    # round 1, S to speak: N and E passed
    got = pass_likelihood(POINT_COUNT, hands, 2, 3, 1, up, 4)
    want = POINT_COUNT.likelihood(hands[:, 0], 1, 1, up, "pass") * POINT_COUNT.likelihood(hands[:, 1], 2, 1, up,
                                                                                          "pass")
    assert np.allclose(got, want, rtol=1e-12, atol=0)
    assert (got > 0).all() and (got <= 1).all()


@pytest.mark.slow
def test_rejection_sampled_worlds_follow_the_weighted_distribution():
    # N to name a suit, W dealing: E, S and W passed round 1. A statistic of the kept worlds matches its
    # likelihood-weighted mean over an independent uniform sample
    hand, up = "Tc Td As Ts Kd", "9s"
    a = bid_advice(hand, up, "N", "W", round=2, model=POINT_COUNT, worlds=4000, seed=9, calls=["call d"])
    assert not a.exact and a.worlds == 4000 and a.bidding["accepted"] == 4000
    assert a.bidding["proposals"] > 4000 and 0 < a.bidding["acceptance"] < 1
    space = solver.worlds.bid_space(sum(1 << idx(c) for c in hand.split()), idx(up), 0, Rules())
    uni = space.sample(200_000, np.random.default_rng(77)).hands
    lik = pass_likelihood(POINT_COUNT, uni, 0, 3, 2, idx(up), 4)
    # past the envelope's pilot, a proposal is kept with chance min(1, L/M), M the pilot's largest L: at most
    # the largest L of all (so at least mean L / max L kept) and, for a pilot of 4,000, surely above the 99th
    # percentile of L
    judged = a.bidding["proposals"] - max(solver.inference.PILOT, 4000)
    rate = a.bidding["kept"] / judged
    se = 4 * math.sqrt(rate * (1 - rate) / judged)
    assert lik.mean() / lik.max() - se < rate < np.minimum(1, lik / np.quantile(lik, 0.99)).mean() + se

    def spades_of_w(h):       # W's spades count (the dealer turned the 9s down: fewer spades expected)
        return np.array([bin(int(m) & solver.worlds.suit_mask(3, 3, joker=False)).count("1") for m in h[:, 3]])

    want = float((spades_of_w(uni) * lik).sum() / lik.sum())
    got = spades_of_w(a.drawn.hands)
    assert abs(got.mean() - want) < 4 * got.std() / math.sqrt(got.size) + 0.005
    assert abs(want - spades_of_w(uni).mean()) > 0.05       # the passes do move the worlds


def test_sampled_inference_agrees_with_the_exact_weighted_figures():
    # two-player, N in round 2 after S turned the card down: sampled worlds (rejection) against every deal
    kw = dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="S", round=2, rules=Rules(players=2),
              model=POINT_COUNT, calls=["call d", "pass"], robust_delta=None)
    exact = bid_advice(**kw, seed=1)
    sampled = bid_advice(**kw, seed=2, worlds=20000, exact_limit=0)
    assert exact.exact and not sampled.exact
    for o in sampled.options:
        lo, hi = o.points_interval
        half = (hi - lo) / 2
        assert abs(o.expected_points - exact.option(o.call).expected_points) < 1.6 * half, o.call


def test_the_bound_on_proposals_is_reported(monkeypatch):
    import solver.advisor.bid
    # a model under which W (before N) passes almost only with a hand worth nothing (count 0: no club,
    # no plain ace or king): few deals fit, and at 5 proposals per world the bound stops the draw, which
    # falls back to importance weights (solver.inference.draw_worlds)
    peaked = BiddingModel("peaked", order=(0.05,) * 4, call=(0.05,) * 4, spread=0.01, floor=1e-4)
    monkeypatch.setattr(solver.advisor.bid, "PROPOSALS_PER_WORLD", 5)
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", model=peaked, worlds=400, seed=3, calls=["order"])
    b = a.bidding
    assert b["bound_hit"] and b["proposals"] == b["max_proposals"] == solver.inference.PILOT + 5 * 400
    assert b["kept"] < 400 == b["accepted"] == a.worlds and 10 <= b["effective_worlds"] < 400
    lik = pass_likelihood(peaked, a.drawn.hands, 0, 2, 1, idx("Kc"), 4)
    assert np.allclose(a.weights, lik, rtol=1e-12, atol=0)          # importance weights: the likelihoods
    o = a.option("order")
    assert o.p_make_interval[0] < o.p_make < o.p_make_interval[1]     # sampled, weighted: not exact
    assert f"warning: stopped at {b['max_proposals']} proposals" in str(a) and "importance weights" in str(a)
    monkeypatch.setattr(solver.advisor.bid, "PROPOSALS_PER_WORLD", 1)
    with pytest.raises(solver.ArgumentError, match="inference: only"):
        bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", model=peaked, worlds=10, seed=3, calls=["order"])


def test_a_pass_the_model_rarely_makes_still_leaves_worlds():
    # a model sure that everybody orders up: W's pass has the floor's chance in every deal, so every deal
    # is as likely as any other and the worlds are the uniform ones (the envelope scales the acceptance)
    eager = BiddingModel("eager", order=(-50.0,) * 4, call=(-50.0,) * 4, floor=0.004)
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", model=eager, worlds=100, seed=3, calls=["order"])
    b = a.bidding
    assert a.worlds == 100 and not b["bound_hit"] and b["kept"] / (b["proposals"] - solver.inference.PILOT) > 0.9


def test_variants_exact_equal_the_shifted_models_themselves():
    kw = dict(hand="Jh Ah 9c Qs Td", upcard="Kh", seat="S", dealer="S", rules=Rules(players=2), seed=1)
    a = bid_advice(**kw, model=POINT_COUNT)
    # the model's two shifts, then every other named model
    assert [v["role"] for v in a.variants] == ["cautious", "aggressive"] + ["alternative"] * (len(ALTERNATIVES) - 1)
    assert {v["model"] for v in a.variants[2:]} == {m.name for m in ALTERNATIVES} - {"point-count"}
    for v in a.variants:
        assert v["delta"] == {"cautious": 1.0, "aggressive": -1.0, "alternative": 0.0}[v["role"]]
        vm = MODELS[v["model"]] if v["role"] == "alternative" else POINT_COUNT.shifted(v["delta"])
        direct = bid_advice(**kw, model=vm, robust_delta=None)
        assert v["expected_points"] == pytest.approx({o.call: o.expected_points for o in direct.options},
                                                     abs=1e-12)
        assert v["recommended"] == direct.recommended.call
    assert a.robust == all(v["recommended"] == a.recommended.call for v in a.variants)


def test_variants_sampled_are_the_calls_reweighted():
    # calls do not depend on the model but through the weights: the variant's mean is the importance-weighted
    # mean of the same per-world points, with weights the variant's likelihood over the model's
    a = bid_advice("Tc Td As Ts Kd", "9s", "N", "W", round=2, model=POINT_COUNT, worlds=500, seed=4)
    h = a.drawn.hands
    base = pass_likelihood(POINT_COUNT, h, 0, 3, 2, idx("9s"), 4)
    for v in a.variants:
        vm = MODELS[v["model"]] if v["role"] == "alternative" else POINT_COUNT.shifted(v["delta"])
        r = pass_likelihood(vm, h, 0, 3, 2, idx("9s"), 4) / base
        for o in a.options:
            if o.call != "pass":        # a call stopped early: over the worlds it used
                k = o.worlds
                assert v["expected_points"][o.call] == pytest.approx(
                    float((r[:k] * o.world_points).sum() / r[:k].sum()), abs=1e-12)
        assert v["effective_worlds"] == pytest.approx(r.sum() ** 2 / (r * r).sum())
    # a more cautious table passes more: the dealer's side names trump less often after N's pass
    text = str(a)
    assert ("NOT robust" in text) == (a.robust is False) and ("\nrobust:" in text) == (a.robust is True)


def test_no_variants_with_a_policy_and_none_asked():
    assert bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=50, seed=1, policy=POLICY).robust is None
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=50, seed=1, robust_delta=None)
    assert a.variants == () and a.robust is None


def test_dummy_hands_keep_the_point_count_and_uniform_worlds():
    rules = Rules(players=2, dummy_hands=True)
    kw = dict(hand="9c Tc Jh Ks Ad", upcard="Qs", seat="N", dealer="S", rules=rules,
              dummies={"N": "9s Ts Qh Kd 9d", "S": "Jd Js Ah Kc Ac"})
    a = bid_advice(**kw)
    b = bid_advice(**kw, **FIRST_VERSION)
    assert a.exact and a.to_dict()["options"] == b.to_dict()["options"]
    assert a.bidding["later_seats"] == "policy" and a.bidding["inference"] is False and a.bidding["note"]
    assert a.model is None and a.variants == () and a.robust is None
    with pytest.raises(solver.RulesError, match="does not cover the dummy-hands variant"):
        bid_advice(**kw, model=POINT_COUNT)


@pytest.mark.parametrize("kwargs, pattern", [
    (dict(model="point-count-2"), r"model 'point-count-2': not a model name \(players-1, best-response-1, best-response-sd-3, "
                                  r"point-count, best-response-sd-2\) nor a model file"),
    (dict(model=2.5), r"model '2.5': expected a model name"),
    (dict(policy="strict"), r"policy 'strict': expected a BiddingPolicy"),
    (dict(inference="yes"), r"inference 'yes': expected one of none, auction, play, both"),
    (dict(robust_delta=-1), r"robust_delta -1"),
    (dict(robust_delta=True), r"robust_delta True"),
])
def test_bad_model_arguments_are_clear_errors(kwargs, pattern):
    # a model that is not one is a ModelError (a RulesError); a bad switch or number an ArgumentError
    error = solver.ModelError if "model" in kwargs else solver.ArgumentError
    with pytest.raises(error, match=pattern):
        bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=20, seed=1, **kwargs)


def test_the_model_is_reported_in_json_and_text():
    a = bid_advice("Tc Td As Ts Kd", "9s", "N", "W", round=2, worlds=200, seed=1)
    d = json.loads(json.dumps(a.to_dict(), allow_nan=False))
    b = d["bidding"]
    assert b["model"] == DEFAULT_MODEL.name and b["later_seats"] == "model" and b["inference"] is True
    assert b["evidence"] == ["E passed round 1", "S passed round 1", "W passed round 1"]
    # the share of proposals the rejection step kept: at least the share used (a batch may overshoot)
    assert b["accepted"] == 200 and b["proposals"] >= 200 and 1 >= b["acceptance"] >= b["accepted"] / b["proposals"]
    assert b["kept"] >= b["accepted"] and b["acceptance"] == b["kept"] / b["proposals"]
    assert f"{b['kept']} of {b['proposals']} uniform deals kept ({b['acceptance']:.0%}), 200 used" in str(a)
    assert d["robust"] in (True, False) and len(d["variants"]) == 1 + len(ALTERNATIVES)
    assert {v["role"] for v in d["variants"]} == {"cautious", "aggressive", "alternative"}
    assert d["method"]["model"]["name"] == DEFAULT_MODEL.name and d["method"]["policy"] is None
    text = str(a)
    assert f"later seats: model {DEFAULT_MODEL.name}" in text and "E passed round 1" in text
    off = bid_advice("Tc Td As Ts Kd", "9s", "N", "W", round=2, worlds=200, seed=1, inference=False)
    assert off.bidding["inference"] is False and off.bidding["proposals"] == 200
    assert "inference off" in str(off)


def test_http_advise_takes_inference_and_reports_the_model():
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    body = {"hand": "Tc Td As Ts Kd", "upcard": "9s", "seat": "N", "dealer": "W", "round": 2, "worlds": 100,
            "seed": 1}
    for inference in (True, False):
        answer = client.post("/v1/advise", json={**body, "inference": inference})
        assert answer.status_code == 200, answer.get_json()
        want = _bid_advice("Tc Td As Ts Kd", "9s", "N", "W", round=2, worlds=100, seed=1, inference=inference)
        assert answer.get_json() == json.loads(json.dumps(want.to_dict()))
        assert answer.get_json()["bidding"]["inference"] is inference
    bad = client.post("/v1/advise", json={**body, "inference": "yes"})
    assert bad.status_code == 422 and bad.content_type.startswith("application/problem+json")
    doc = client.get("/openapi.json").get_json()
    assert "inference" in json.dumps(doc["components"]["schemas"]["AdviseRequest"])


def test_the_dealers_discards_on_weighted_sampled_worlds(monkeypatch):
    """Importance weights (the rejection bound hit, as in the test above) for the dealer's pickup: every
    discard is screened and summarised by the weighted figures, each interval around its weighted mean,
    and the discard kept is the best weighted mean among those played on every world."""
    import solver.advisor.bid
    peaked = BiddingModel("peaked", order=(0.05,) * 4, call=(0.05,) * 4, spread=1.0, floor=1e-4)
    monkeypatch.setattr(solver.advisor.bid, "PROPOSALS_PER_WORLD", 1)
    # 1,200 worlds: enough for the discards' screen (4 x SCREEN_WORLDS), on weighted worlds
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "S", "S", model=peaked, worlds=1200, seed=5, calls=["order"],
               robust_delta=None)
    assert 10 < a.bidding["effective_worlds"] < 1200
    assert a.bidding["bound_hit"] and a.weights is not None and not a.exact
    o = a.option("order")
    played = {c: d for c, d in o.discards.items() if not d["screened_out"]}
    assert o.discard is not None and str(o.discard) in played
    for d in o.discards.values():
        lo, hi = d["points_interval"]
        assert lo < d["expected_points"] < hi or lo == hi == d["expected_points"]
    assert played[str(o.discard)]["expected_points"] == max(d["expected_points"] for d in played.values())
    assert o.expected_points == pytest.approx(played[str(o.discard)]["expected_points"])
