"""The bid advisor (solver.advise) against a separate, simple computation.

The independent path below deals the worlds itself (itertools for two-player,
where every deal is enumerated), plays the auction one world at a time with its
own plain-Python reading of the stated bidding policy and discard rule (the
tables in solver.advisor's docs), places the upcard, chooses the leader and
scores by RULES.md, and asks the double-dummy solver one position at a time.
The double-dummy values themselves are checked against the pure-Python oracle
(tests/reference.py) on a sample of those positions.

Also: intervals cover the exact value at about the stated rate over many
seeds; every legal option is offered; same seed, same answer; bad input is a
clear EuchreError.
"""
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
                    RulesError, advise, solve_batch)
from solver.bidding import POLICY, dealer_discard  # noqa: E402
from solver.stats import wilson  # noqa: E402

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


@pytest.mark.parametrize("case", range(len(TWO_PLAYER_CASES)))
def test_two_player_exact_against_enumeration(case):
    hand, up, me, dealer, rnd, rules = TWO_PLAYER_CASES[case]
    advice = advise(hand, up, SEATS[me], SEATS[dealer], round=rnd, rules=rules, seed=1)
    assert advice.exact and advice.worlds == math.comb(18, 5) and advice.placements == 8568
    worlds = two_player_worlds(hand.split(), up, me)
    # the advisor used exactly these deals, each once
    mine = {tuple(sorted(w[(me + 2) % 4])) for w in worlds}
    theirs = {tuple(sorted(w[(me + 2) % 4])) for w in worlds_of(advice)}
    assert mine == theirs and len(theirs) == len(worlds)
    compare(advice, independent_options(worlds, hand.split(), up, me, dealer, rnd, rules), exact=True)
    for o in advice.options:
        assert o.p_make_interval == (o.p_make, o.p_make) and o.points_interval[0] == o.points_interval[1]


def test_two_player_own_round2_policy():
    hand, up, me, dealer, rnd, rules = TWO_PLAYER_CASES[0]
    advice = advise(hand, up, "N", "S", rules=rules, own_round2="policy", calls=["pass"])
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
    advice = advise(hand, up, SEATS[me], SEATS[dealer], round=rnd, rules=rules, worlds=40, seed=100 + case)
    assert not advice.exact and advice.worlds == 40
    worlds = worlds_of(advice)
    for w in worlds:      # the seat's cards where they belong, never elsewhere
        assert sorted(w[me]) == sorted(hand.split())
        assert all(up not in h for h in w)
    compare(advice, independent_options(worlds, hand.split(), up, me, dealer, rnd, rules), exact=False)


def test_four_player_dd_values_agree_with_the_reference_oracle():
    # two full deals (the oracle needs about a second each), one of them a loner
    advice = advise("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=10, seed=3, calls=["order", "order alone"])
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
def test_intervals_cover_the_exact_value_at_the_stated_rate():
    hand, up = "9d Ac Tc Kd Jd", "Kc"
    rules = Rules(players=2)
    exact = advise(hand, up, "N", "S", rules=rules, calls=["order", "pass"])
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
        a = advise(hand, up, "N", "S", rules=rules, worlds=120, seed=seed, exact_limit=0, calls=["order", "pass"])
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
    a = advise("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=20, seed=1)
    assert calls(a) == ["pass", "order", "order alone"]
    assert [o.name for o in a.options] == ["pass", "assist", "assist alone"]
    a = advise("9d Ac Tc Kd Jd", "Kc", "E", "S", worlds=20, seed=1)
    assert [o.name for o in a.options] == ["pass", "order up", "order up alone"]
    a = advise("9d Ac Tc Kd Jd", "Kc", "S", "S", worlds=20, seed=1)
    assert calls(a) == ["pass", "order", "order alone"]
    assert all(o.discard is not None and len(o.discards) == 6 for o in a.options[1:])
    assert a.options[1].name.startswith("pick it up, discard ")
    a = advise("9d Ac Tc Kd Jd", "Ks", "N", "S", round=2, worlds=20, seed=1)
    assert calls(a) == ["pass", "call c", "call c alone", "call d", "call d alone", "call h", "call h alone"]
    a = advise("9d Ac Tc Kd Jd", "Ks", "S", "S", round=2, worlds=20, seed=1, rules=Rules(stick_the_dealer=True))
    assert "pass" not in calls(a) and len(a.options) == 6
    a = advise("9d Ac Tc Kd Jd", "Ks", "N", "S", round=2, rules=Rules(players=2))
    assert calls(a) == ["pass", "call c", "call d", "call h"]


def test_common_worlds_and_reproducibility():
    a = advise("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=5)
    b = advise("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=5, threads=2)
    c = advise("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=5, calls=["order alone"])
    assert a.to_dict() == b.to_dict()
    assert c.options[0].to_dict() == a.option("order alone").to_dict()     # the same worlds for every option
    d = advise("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=6)
    assert d.to_dict() != a.to_dict()


def test_recommendation_and_margin():
    a = advise("Jh Jd Ah Kh Qh", "9h", "W", "S", worlds=200, seed=2)
    assert a.recommended.expected_points == max(o.expected_points for o in a.options)
    others = sorted((o.expected_points for o in a.options if o is not a.recommended), reverse=True)
    assert abs(a.margin - (a.recommended.expected_points - others[0])) < 1e-12
    assert a.margin_interval[0] <= a.margin <= a.margin_interval[1]
    assert a.recommended.call in ("order", "order alone")          # five top trumps: never pass


def test_to_dict_is_complete_json():
    a = advise("9d Ac Tc Kd Jd", "Kc", "S", "S", worlds=50, seed=1)
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
    assert solver.advise is advise


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
    (dict(worlds=0), RulesError, r"worlds 0"),
    (dict(worlds=10 ** 7), RulesError, r"worlds 10000000"),
    (dict(worlds="many"), RulesError, r"worlds 'many'"),
    (dict(threads=0), RulesError, r"threads 0"),
    (dict(seed=-1), RulesError, r"seed -1"),
    (dict(seat="X"), CardError, r"seat 'X'"),
    (dict(dealer="Q"), CardError, r"seat 'Q'"),
    (dict(round=3), IllegalActionError, r"round 3"),
    (dict(rules=Rules(players=2), seat="E"), PositionError, r"seat E"),
    (dict(rules=Rules(players=2), calls=["order alone"]), IllegalActionError, r"no going alone"),
    (dict(hand="B Ah Kh 9c 9s"), CardError, r"joker"),
    (dict(rules=Rules(joker=True), upcard="B"), RulesError, r"upcard B"),
    (dict(rules=Rules(players=2, dummy_hands=True)), RulesError, r"dummy"),
    (dict(round=2, upcard="Ts", seat="S", rules=Rules(stick_the_dealer=True), calls=["pass"]),
     IllegalActionError, r"stuck"),
    (dict(own_round2="guess"), RulesError, r"own_round2"),
])
def test_bad_input_is_a_clear_error(kwargs, error, pattern):
    args = dict(hand="Jh Ah Kh 9c 9s", upcard="Qh", seat="N", dealer="S", worlds=10, seed=1)
    args.update(kwargs)
    with pytest.raises(error, match=pattern) as info:
        advise(**args)
    assert isinstance(info.value, EuchreError)


def test_a_fresh_seed_is_recorded_and_reproduces_the_answer():
    a = advise("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=100)
    assert isinstance(a.seed, int)
    b = advise("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=100, seed=a.seed)
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
    from solver import Card, Rules, advise
    from solver.bidding import dealer_discard
    six = sum(1 << int(Card(c)) for c in ("Th", "Qh", "Kh", "Ah", "Jh", "9h"))
    assert str(Card(dealer_discard(six, 2))) == "9h"
    assert str(Card(dealer_discard(six, 2, keep=int(Card("9h"))))) == "Th"
    a = advise("Th Qh Kh Ah Jh", "9h", "S", "S", rules=Rules(dealer_may_discard_upcard=False), worlds=50, seed=1)
    for option in a.options:
        assert option.discard is None or str(option.discard) != "9h"
        assert "9h" not in (option.discards or {})
