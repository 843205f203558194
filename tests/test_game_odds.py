"""solver.advisor.game_odds: the game odds against a direct recursion written from the rules, the one-hand
distribution against the data file and the derivation script, and the errors of bad input."""
import importlib.util
import json
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest

from solver import EuchreError, Rules
from solver.advisor.game_odds import DATA_PATH, hand_outcomes, p_win_after, win_probability, win_table
from solver.bidding import DEFAULT_MODEL, MODELS
from solver.errors import ArgumentError, RulesError, ScoreError, SeatError

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "tools" / "derive_hand_outcomes.py"


def direct(target: int, dist: tuple, thrown_terms: int = 3000):
    """P(side 0 wins | a, b, dealer side d), memoised, from the rules: a hand dealt by side d scores by
    ``dist[d]`` ({(points 0, points 1): p}); a side at or past the target has won (a dummy-hands deal may
    take both there: the higher score wins, as solver.game.Game.winner, and a tie, no winner, counts
    half); the deal passes on after every hand, thrown in or not. A run of k thrown-in hands is summed as
    a series (no 2x2 algebra)."""
    @lru_cache(maxsize=None)
    def w(a, b, d):
        if a >= target or b >= target:
            return 1.0 if a > b else 0.0 if b > a else 0.5
        total, chain, dealer = 0.0, 1.0, d
        for _ in range(thrown_terms):            # k thrown-in hands, then one that scores
            for (x, y), p in dist[dealer].items():
                if (x, y) != (0, 0):
                    total += chain * p * w(a + x, b + y, 1 - dealer)
            chain *= dist[dealer].get((0, 0), 0.0)
            dealer = 1 - dealer
            if chain < 1e-18:
                break
        return total
    return w


def as_outcomes(dist):
    return tuple(tuple(dist[d].items()) for d in (0, 1))


# a made-up distribution in which the dealer's side matters (not a mirror image), with throw-ins
DIST = ({(1, 0): 0.30, (2, 0): 0.10, (4, 0): 0.05, (0, 2): 0.10, (0, 1): 0.05, (0, 0): 0.40},
        {(0, 1): 0.25, (0, 2): 0.15, (0, 4): 0.02, (2, 0): 0.13, (1, 0): 0.05, (0, 0): 0.40})


def dealer_side_points(shares, classes) -> np.ndarray:
    """Each deal's expected points for the dealer's side (side 0, the dealer N) from its shares of the result
    classes, scored by hand: made 1, march 2 (4 alone), euchred -2."""
    points = {"euchred": -2, "made": 1, "march": 2}
    value = np.zeros(len(shares))
    for k, c in enumerate(classes):
        if c != "thrown_in":
            makers, alone, result = c
            pts = 4 if (alone and result == "march") else points[result]
            value += shares[:, k] * (pts if makers == "dealer" else -pts)
    return value


@pytest.mark.parametrize("target", [1, 2, 5, 7, 10, 11])
def test_win_table_agrees_with_the_direct_recursion(target):
    assert_table_is_the_recursion(target, DIST)


def assert_table_is_the_recursion(target, dist):
    """Every entry of :func:`win_table` equals the direct recursion's, and returns the table."""
    table = win_table(target, as_outcomes(dist))
    w = direct(target, dist)
    for a in range(target):
        for b in range(target):
            for d in (0, 1):
                assert table[a, b, d] == pytest.approx(w(a, b, d), abs=1e-12)
    return table


def test_throw_ins_move_the_deal():
    """With the deal moving on, a big thrown-in share changes the answer when the dealer matters, and the
    table still agrees with the series over thrown-in runs; when the result does not depend on who deals,
    throw-ins change nothing: the same answer as the renormalised distribution without them."""
    no_throw = tuple({k: v / 0.6 for k, v in DIST[d].items() if k != (0, 0)} for d in (0, 1))
    with_throws = win_table(10, as_outcomes(DIST))
    without = win_table(10, as_outcomes(no_throw))
    assert np.abs(with_throws - without).max() > 1e-3      # a throw-in hands the deal to the other side
    w = direct(10, DIST)
    assert with_throws[8, 6, 0] == pytest.approx(w(8, 6, 0), abs=1e-12)
    same = ({(1, 0): 0.1, (0, 1): 0.1, (2, 0): 0.05, (0, 4): 0.05, (0, 0): 0.7},) * 2
    renorm = tuple({k: v / 0.3 for k, v in same[d].items() if k != (0, 0)} for d in (0, 1))
    assert np.allclose(win_table(10, as_outcomes(same)), win_table(10, as_outcomes(renorm)), atol=1e-12)
    assert win_table(10, as_outcomes(same))[3, 5, 1] == pytest.approx(direct(10, same)(3, 5, 1), abs=1e-12)


def test_the_two_sides_chances_add_to_one():
    """P(side 1 wins), computed as side 0 of the mirrored game, is 1 - P(side 0 wins)."""
    mirror = tuple({(y, x): p for (x, y), p in DIST[1 - d].items()} for d in (0, 1))
    a_wins = win_table(10, as_outcomes(DIST))
    b_wins = win_table(10, as_outcomes(mirror))
    for a in range(10):
        for b in range(10):
            for d in (0, 1):
                assert a_wins[a, b, d] + b_wins[b, a, 1 - d] == pytest.approx(1.0, abs=1e-12)


# a made-up dummy-hands-like distribution: both sides score in some deals, so a deal can take both past the
# target (at 9-9, (1, 2) wins for side 1 and (2, 2) ties)
BOTH = ({(1, 0): 0.2, (2, 0): 0.1, (1, 2): 0.2, (2, 2): 0.1, (0, 1): 0.2, (2, 1): 0.1, (0, 0): 0.1},
        {(0, 1): 0.25, (0, 2): 0.05, (2, 1): 0.2, (2, 2): 0.15, (1, 0): 0.2, (1, 2): 0.1, (0, 0): 0.05})


@pytest.mark.parametrize("target", [1, 5, 10])
def test_win_table_with_both_sides_scoring_agrees_with_the_direct_recursion(target):
    table = assert_table_is_the_recursion(target, BOTH)
    mirror = tuple({(y, x): p for (x, y), p in BOTH[1 - d].items()} for d in (0, 1))
    other = win_table(target, as_outcomes(mirror))
    assert np.allclose(table + other.transpose(1, 0, 2)[:, :, ::-1], 1.0, atol=1e-12)
    # by hand, from 9-9 to 10 with side 0 dealing: (1, 0), (2, 0), (2, 1) win; (2, 2) ties; the throw-in
    # hands the deal to side 1, from which (1, 0), (2, 1) win and (2, 2) ties
    if target == 10:
        w1 = 0.2 + 0.2 + 0.15 / 2
        assert table[9, 9, 0] == pytest.approx((0.2 + 0.1 + 0.1 + 0.1 / 2 + 0.1 * w1) / (1 - 0.1 * 0.05))


@pytest.mark.parametrize("rules", [Rules(), Rules(winning_score=5), Rules(winning_score=7, stick_the_dealer=True),
                                   Rules(winning_score=11, loner_lead="left_of_dealer"), Rules(players=2),
                                   Rules(players=2, winning_score=7, stick_the_dealer=True),
                                   Rules(winning_score=10, march_score=3, loner_march_score=5),
                                   Rules(joker=True), Rules(joker=True, stick_the_dealer=True, winning_score=7),
                                   Rules(players=2, joker=True), Rules(dealer_may_discard_upcard=False),
                                   Rules(players=2, dealer_may_discard_upcard=False, stick_the_dealer=True),
                                   Rules(defend_alone=True, lone_defender_score=6),
                                   Rules(players=2, dummy_hands=True),
                                   Rules(players=2, dummy_hands=True, stick_the_dealer=True, winning_score=11)])
def test_win_probability_is_the_direct_recursion_over_the_shipped_distribution(rules):
    names = ("N", "S") if rules.players == 2 else ("NS", "EW")
    dist = tuple(dict(hand_outcomes(names[d], rules).chances) for d in (0, 1))
    w = direct(rules.winning_score, dist)
    for a in range(rules.winning_score):
        for b in range(rules.winning_score):
            for d in (0, 1):
                odds = win_probability({names[0]: a, names[1]: b}, names[d], rules)
                assert odds[names[0]] == pytest.approx(w(a, b, d), abs=1e-12)
                assert odds[names[1]] == pytest.approx(1 - w(a, b, d), abs=1e-12)


@pytest.mark.parametrize("rules", [Rules(), Rules(players=2), Rules(winning_score=7), Rules(joker=True),
                                   Rules(players=2, joker=True), Rules(dealer_may_discard_upcard=False),
                                   Rules(players=2, dummy_hands=True)])
def test_chances_rise_with_a_sides_own_score(rules):
    names = ("N", "S") if rules.players == 2 else ("NS", "EW")
    t = rules.winning_score
    for d in names:
        p = np.array([[win_probability({names[0]: a, names[1]: b}, d, rules)[names[0]] for b in range(t)]
                      for a in range(t)])
        assert (np.diff(p, axis=0) > 0).all()     # more for side 0: better for side 0
        assert (np.diff(p, axis=1) < 0).all()     # more for side 1: worse for side 0


def test_a_side_at_or_past_the_target_has_won():
    assert win_probability({"NS": 10, "EW": 9}, "E").to_dict() == {"NS": 1.0, "EW": 0.0}
    assert win_probability({"NS": 3, "EW": 13}, "N").to_dict() == {"NS": 0.0, "EW": 1.0}
    assert win_probability({"N": 5, "S": 0}, "S", Rules(players=2, winning_score=5))["N"] == 1.0
    # a lone march from 7 overshoots a target of 10 and wins; a point from 8 does not
    assert p_win_after(4, 0, {"NS": 7, "EW": 9}, "W")["NS"] == 1.0
    assert p_win_after(0, 2, {"NS": 7, "EW": 8}, "W")["EW"] == 1.0
    after = p_win_after(1, 0, {"NS": 8, "EW": 6}, "E")
    assert after.to_dict() == win_probability({"NS": 9, "EW": 6}, "E").to_dict()
    assert 0 < after["NS"] < 1
    table = win_table(10, ({(4, 0): 1.0}, {(0, 1): 1.0}))
    assert table[7, 9, 0] == 1.0 and table[7, 9, 1] == 0.0


def test_the_seat_and_the_side_of_the_dealer_are_the_same_question():
    score = {"NS": 8, "EW": 6}
    assert win_probability(score, "S") == win_probability(score, "NS")
    assert win_probability(score, "W").to_dict() == win_probability(score, "EW").to_dict()
    assert win_probability(score, "N")["NS"] != win_probability(score, "E")["NS"]


# -- the one-hand distribution against its data -------------------------------------------------
def rows_of(key):
    data = json.loads(DATA_PATH.read_text())
    return next(t["rows"] for t in data["tables"] if t["rules"] == key)


def test_hand_outcomes_are_the_data_files_classes_scored_by_the_rules():
    rows = rows_of({"players": 4})
    p = {(r.get("makers"), r.get("alone"), r.get("result")): r["p"] for r in rows}
    # the double-dummy table (DATA_PATH): the default's, single dummy, is read in test_valuation.py
    ns = hand_outcomes("NS", valuation="double_dummy")           # NS deals: NS are the "dealer" makers
    assert ns[4, 0] == pytest.approx(p["dealer", True, "march"])
    assert ns[2, 0] == pytest.approx(p["dealer", False, "march"] + p["other", False, "euchred"]
                                     + p["other", True, "euchred"])
    assert ns[1, 0] == pytest.approx(p["dealer", False, "made"] + p["dealer", True, "made"])
    assert ns[0, 4] == pytest.approx(p["other", True, "march"])
    ew = hand_outcomes("E", valuation="double_dummy")            # the mirror image
    assert ew[0, 4] == pytest.approx(p["dealer", True, "march"]) and ew[4, 0] == pytest.approx(ns[0, 4])
    assert sum(q for _, q in ns.chances) == pytest.approx(1.0, abs=1e-12)
    # other scoring options re-score the same classes
    big = hand_outcomes("NS", Rules(march_score=3, loner_euchred_score=4), valuation="double_dummy")
    assert big[3, 0] == pytest.approx(p["dealer", False, "march"])
    assert big[4, 0] == pytest.approx(p["dealer", True, "march"] + p["other", True, "euchred"])
    two = hand_outcomes("N", Rules(players=2))
    assert {pts for pts, _ in two.chances} <= {(1, 0), (2, 0), (0, 1), (0, 2), (0, 0)}


def test_the_new_variants_have_tables_scored_from_their_classes():
    # defending alone reads the table without it (the model never defends alone): the same distribution
    assert hand_outcomes("NS", Rules(defend_alone=True)).chances == hand_outcomes("NS").chances
    assert "defend_alone" in json.loads(DATA_PATH.read_text())["aliases"]
    # the joker: its own table, differing from the plain pack's (the joker makes loners more common)
    assert hand_outcomes("NS", Rules(joker=True)).chances != hand_outcomes("NS").chances
    p = {(r.get("makers"), r.get("alone"), r.get("result")): r["p"] for r in rows_of({"players": 4, "joker": True})}
    assert hand_outcomes("NS", Rules(joker=True))[4, 0] == pytest.approx(p["dealer", True, "march"])
    # dummy hands: each set scored as a hand, both sides may score in one deal
    rows = rows_of({"players": 2, "dummy_hands": True})
    q = {(r.get("makers"), r.get("result"), r.get("result2")): r["p"] for r in rows}
    n = hand_outcomes("N", Rules(players=2, dummy_hands=True))        # N deals: N are the "dealer" makers
    # N scores 1 only as maker, S 2 only by euchring it: N made one set and was euchred in the other
    assert n[1, 2] == pytest.approx(q["dealer", "made", "euchred"] + q["dealer", "euchred", "made"])
    assert n[3, 0] == pytest.approx(q["dealer", "made", "march"] + q["dealer", "march", "made"])
    assert n[0, 4] == pytest.approx(q["other", "march", "march"])
    assert n[2, 2] == pytest.approx(q["dealer", "march", "euchred"] + q["dealer", "euchred", "march"]
                                    + q["other", "march", "euchred"] + q["other", "euchred", "march"])
    assert sum(c for _, c in n.chances) == pytest.approx(1.0, abs=1e-12)
    assert any(a and b for (a, b), c in n.chances if c > 0)


def test_the_data_is_of_the_shipped_model_and_covers_its_variants():
    data = json.loads(DATA_PATH.read_text())
    # the table was derived with every seat bidding by a named model (best-response-1), which it names
    model = MODELS[data["model"]["name"]]
    assert data["model"] == {k: v for k, v in model.to_dict().items() if k != "provenance"}
    assert data["provenance"]["deals"] >= 100_000
    keys = [t["rules"] for t in data["tables"]]
    for key in ({"players": 4}, {"players": 4, "stick_the_dealer": True}, {"players": 2},
                {"players": 2, "stick_the_dealer": True}, {"players": 4, "loner_lead": "left_of_dealer"},
                {"players": 4, "joker": True}, {"players": 2, "joker": True, "stick_the_dealer": True},
                {"players": 4, "dealer_may_discard_upcard": False}, {"players": 2, "dummy_hands": True},
                {"players": 2, "dummy_hands": True, "stick_the_dealer": True}):
        assert key in keys
    for t in data["tables"]:
        assert t.get("provenance", data["provenance"])["deals"] >= 100_000
    for t in data["tables"]:
        assert sum(r["p"] for r in t["rows"]) == pytest.approx(1.0, abs=1e-9)
        assert all(0 <= r["se"] < 0.005 for r in t["rows"])
        thrown = next(r["p"] for r in t["rows"] if r.get("thrown_in"))
        if t["rules"].get("stick_the_dealer"):
            assert thrown == 0.0


def test_the_script_adds_the_auction_up_as_the_model_derivation_does():
    """The script's classes, scored, give each deal's expected points of the auction that
    derive_bidding_model's backward induction gives (another path through the same chances)."""
    spec = importlib.util.spec_from_file_location("derive_hand_outcomes", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script
    spec.loader.exec_module(script)
    dbm = script.dbm
    for rules in (Rules(), Rules(players=2), Rules(stick_the_dealer=True)):
        deals = dbm.make_deals(150, 5, rules, threads=1)
        x = script.per_deal(deals, DEFAULT_MODEL)
        assert np.allclose(x.sum(axis=1), 1.0, atol=1e-9)
        value = dealer_side_points(x, script.classes())
        root = dbm.evaluate(DEFAULT_MODEL, deals)[0]
        expected = root.p_call * root.call_value + (1 - root.p_call) * root.after
        assert np.allclose(value, expected, atol=1e-9)


def test_the_script_swaps_a_turned_up_joker_and_gives_a_dummy_deal_one_result():
    spec = importlib.util.spec_from_file_location("derive_hand_outcomes", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script
    spec.loader.exec_module(script)
    raw = script.dbm.draw_deals(400, 5, Rules(joker=True))[1]
    assert (raw == 24).any()                       # the sample has turned-up jokers to swap
    deals = script.make_deals(400, 5, Rules(joker=True), threads=1)
    assert (deals.upcard != 24).all() and ((deals.kitty >> deals.upcard.astype(np.uint32)) & 1).all()
    assert ((deals.kitty >> np.uint32(24)) & 1)[raw == 24].all()      # the joker stays in the kitty
    assert (deals.upcard == raw)[raw != 24].all()
    for rules in (Rules(players=2, dummy_hands=True), Rules(players=2, dummy_hands=True, stick_the_dealer=True)):
        x, solves = script.dummy_per_deal(300, 5, rules, threads=1)
        assert solves == 8 * 300 and set(np.unique(x)) <= {0.0, 1.0} and (x.sum(axis=1) == 1).all()
        assert x.shape[1] == len(script.classes(rules)) == 19
        if rules.stick_the_dealer:
            assert x[:, -1].sum() == 0             # a stuck dealer names a suit: never thrown in


# -- bad input ----------------------------------------------------------------------------
@pytest.mark.parametrize("score, dealer, rules, words", [
    ({"NS": -1, "EW": 3}, "N", None, "-1"),
    ({"NS": 8.0, "EW": 3}, "N", None, "8.0"),
    ({"NS": "8", "EW": 3}, "N", None, "'8'"),
    ({"NS": True, "EW": 3}, "N", None, "True"),
    ({"NS": 10, "EW": 10}, "N", None, "both sides"),
    ({"NS": 12, "EW": 11}, "N", None, "both sides"),
    ({"NS": 3}, "N", None, "no points for side EW"),
    ({"NS": 3, "EW": 1, "E": 0}, "N", None, "'E'"),
    ({"N": 3, "E": 1}, "N", Rules(players=2), "'E'"),
    ({"NS": 3, "EW": 1}, "N", Rules(players=2), "'NS'"),
    ("NS:8,EW:6", "N", None, "points by side"),
    ({"NS": 3, "EW": 1}, "N", Rules(joker=True, loner_lead="left_of_dealer"), "joker True, loner_lead"),
    ({"N": 3, "S": 1}, "N", Rules(players=2, dummy_hands=True, dealer_may_discard_upcard=False), "dummy_hands True"),
    ({"NS": 3, "EW": 1}, "N", Rules(joker=True, dealer_may_discard_upcard=False), "no table for this combination"),
    ({"NS": 3, "EW": 1}, "N", Rules(num_deals=8), "num_deals"),
])
def test_bad_scores_and_rules_are_named(score, dealer, rules, words):
    with pytest.raises((RulesError, ScoreError)) as err:
        win_probability(score, dealer, rules)
    assert words in str(err.value)
    # a score is a ScoreError, rules without a table a RulesError: never the one for the other
    no_table = words in ("joker True, loner_lead", "dummy_hands True", "no table for this combination", "num_deals")
    assert isinstance(err.value, ScoreError) != no_table and isinstance(err.value, RulesError) == no_table


def test_bad_dealers_and_points_are_named():
    with pytest.raises(SeatError, match="E"):
        win_probability({"N": 1, "S": 2}, "E", Rules(players=2))
    with pytest.raises(EuchreError, match="X"):
        win_probability({"NS": 1, "EW": 2}, "X")
    with pytest.raises(ScoreError, match="only one side scores"):
        p_win_after(1, 2, {"NS": 1, "EW": 2}, "N")
    # the score named as the engine's messages name scores (side and points), not as a Python dict
    with pytest.raises(ScoreError, match=r"^score NS 10, EW 0: a side has reached the target 10"):
        p_win_after(1, 0, {"NS": 10, "EW": 0}, "N")
    # a dummy-hands deal scores each set of five: both sides may score, the higher total wins at the target
    dummy = Rules(players=2, dummy_hands=True)
    assert p_win_after(1, 2, {"N": 9, "S": 9}, "N", dummy).to_dict() == {"N": 0.0, "S": 1.0}
    assert p_win_after(2, 2, {"N": 8, "S": 8}, "N", dummy).to_dict() == {"N": 0.5, "S": 0.5}
    assert p_win_after(2, 1, {"N": 8, "S": 8}, "N", dummy).to_dict() == {"N": 1.0, "S": 0.0}
    with pytest.raises(ScoreError, match="-1"):
        p_win_after(-1, 0, {"NS": 1, "EW": 2}, "N")
    with pytest.raises(ScoreError, match="before the hand"):
        p_win_after(0, 2, {"NS": 10, "EW": 8}, "N")
    with pytest.raises(ArgumentError, match="add to"):
        win_table(10, ({(1, 0): 0.5}, {(0, 1): 1.0}))
    with pytest.raises(ArgumentError, match="never ends"):
        win_table(10, ({(0, 0): 1.0}, {(0, 0): 1.0}))
    with pytest.raises(ScoreError, match="target"):
        win_table(0, as_outcomes(DIST))


@pytest.mark.parametrize("rules, seat, score", [
    (Rules(), 1, {"NS": 6, "EW": 8}), (Rules(players=2), 0, {"N": 3, "S": 9}),
    (Rules(players=2, dummy_hands=True), 2, {"N": 5, "S": 2})])
def test_win_values_match_p_win_after_world_by_world(rules, seat, score):
    # the per-world chances read off a table of the points that occur equal p_win_after point by point
    from solver import laws
    from solver.advisor.game_odds import win_values
    rng = np.random.default_rng(7)
    dealer = 3 if rules.players == 4 else 2
    wins = win_values(score, dealer, seat, rules)
    nxt = laws.next_seat(dealer, rules.players)
    mine = laws.side_of(seat, rules.players)
    name = laws.side_name(mine, rules.players)

    def direct(*parts):
        got = [0, 0]
        for v in parts:
            got[mine if v > 0 else 1 - mine] += abs(v)
        return p_win_after(got[0], got[1], score, nxt, rules)[name]

    points = rng.choice([-4, -2, -1, 0, 1, 2, 4], size=300)
    assert wins(points).tolist() == [direct(int(v)) for v in points]
    assert wins(points[:0]).size == 0
    if rules.dummy_hands:
        second = rng.choice([-2, -1, 0, 1, 2], size=300)
        assert wins(points, second).tolist() == [direct(int(a - b), int(b)) for a, b in zip(points, second)]


def test_the_single_dummy_script_adds_the_band_chances_up_as_the_model_derivation_does():
    """Single dummy: each contract's class chances are the correction's band chances, so the classes, scored,
    give the expected points the bidding derivation's backward induction gives over the same deals."""
    spec = importlib.util.spec_from_file_location("derive_hand_outcomes", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script
    spec.loader.exec_module(script)
    from solver.bidding import BEST_RESPONSE_SD
    for rules in (Rules(), Rules(stick_the_dealer=True)):
        deals = script.make_deals(150, 5, rules, threads=1, valuation="single_dummy")
        assert np.allclose(np.nansum(deals.b1, axis=-1)[~np.isnan(deals.r1)], 1.0)
        x = script.per_deal(deals, BEST_RESPONSE_SD)
        assert np.allclose(x.sum(axis=1), 1.0, atol=1e-9)
        assert ((x > 1e-6).sum(axis=1) > 1).all()       # a deal's result is a spread of classes, not one
        value = dealer_side_points(x, script.classes())
        root = script.dbm.evaluate(BEST_RESPONSE_SD, deals)[0]
        assert np.allclose(value, root.p_call * root.call_value + (1 - root.p_call) * root.after, atol=1e-9)


def test_the_single_dummy_table_covers_the_variants_the_correction_does():
    from solver.advisor.game_odds import _data
    from solver.advisor.valuation import unsupported
    spec = importlib.util.spec_from_file_location("derive_hand_outcomes", SCRIPT)
    script = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = script
    spec.loader.exec_module(script)
    data = _data("single_dummy")
    assert data["provenance"]["valuation"] == "single_dummy" and data["model"]["name"] == "best-response-sd-3"
    want = [v for v in script.VARIANTS if unsupported("single_dummy", Rules(**v)) is None]
    assert [t["rules"] for t in data["tables"]] == want and len(want) == 6
    for t in data["tables"]:
        assert sum(r["p"] for r in t["rows"]) == pytest.approx(1.0, abs=1e-9)


def test_the_default_valuation_falls_back_to_double_dummy_where_its_table_has_no_variant(monkeypatch):
    """With a single-dummy default, a variant the single-dummy tables lack (two players, the joker) reads the
    double-dummy table, while asking for single dummy by name is still refused."""
    import solver.advisor.valuation as valuation
    from solver.advisor.game_odds import win_probability as wp
    two = Rules(players=2, winning_score=5)
    joker = Rules(joker=True)
    dd_two = wp({"N": 2, "S": 3}, "S", two, valuation="double_dummy").to_dict()
    dd_joker = wp({"NS": 4, "EW": 6}, "E", joker, valuation="double_dummy").to_dict()
    sd_four = wp({"NS": 4, "EW": 6}, "E", Rules(), valuation="single_dummy").to_dict()
    monkeypatch.setattr(valuation, "DEFAULT_VALUATION", "single_dummy")
    assert wp({"N": 2, "S": 3}, "S", two).to_dict() == dd_two
    assert wp({"NS": 4, "EW": 6}, "E", joker).to_dict() == dd_joker
    assert wp({"NS": 4, "EW": 6}, "E", Rules()).to_dict() == sd_four     # the default's own table where it has one
    assert sd_four != wp({"NS": 4, "EW": 6}, "E", Rules(), valuation="double_dummy").to_dict()
    with pytest.raises(RulesError, match="single-dummy game odds have no table"):
        wp({"N": 2, "S": 3}, "S", two, valuation="single_dummy")
