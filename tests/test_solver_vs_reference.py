"""The Cython solver against the slow pure-Python oracle (tests/reference.py) on seeded random positions.

2,600 positions in all: every variant (four hands, a loner with either partner out,
two-player, the joker), starts at a trick's beginning and mid-trick, mostly two to
four tricks left so the suite stays quick, and 230 full deals.
"""
import random

import pytest

import reference
from solver import Position, Rules, card_values, solve

VARIANTS = {
    "four": dict(players=4),
    "loner": dict(players=4, alone=True),
    "two": dict(players=2),
    "joker": dict(players=4, joker=True),
    "joker-loner": dict(players=4, joker=True, alone=True),
    "joker-two": dict(players=2, joker=True),
}
# (variant, tricks left, how many positions); a quarter of the non-full ones start mid-trick
PLAN = [(v, t, 100) for v in VARIANTS for t in (1, 2, 3, 4)] + [(v, 4, 50) for v in VARIANTS] + [
    ("four", 5, 60), ("loner", 5, 50), ("two", 5, 60), ("joker", 5, 20), ("joker-loner", 5, 20), ("joker-two", 5, 20)]


def _positions(variant, tricks_left, count):
    rng = random.Random(f"{variant}-{tricks_left}-{count}")
    spec = VARIANTS[variant]
    for i in range(count):
        alone = rng.choice("NESW") if spec.get("alone") else None
        mid = tricks_left < 5 and i % 4 == 3 or (tricks_left == 5 and i % 5 == 4)
        yield reference.random_position(rng, players=spec["players"], joker=spec.get("joker", False),
                                        alone=alone, tricks_left=tricks_left, mid_trick=mid)


@pytest.mark.slow
@pytest.mark.parametrize("variant,tricks_left,count", PLAN, ids=[f"{v}-{t}-{n}" for v, t, n in PLAN])
def test_solver_agrees_with_oracle(variant, tricks_left, count):
    checked = 0
    for p in _positions(variant, tricks_left, count):
        hands = reference.parse_vector_deal(p["deal"])
        played = p["played"].split()
        expected = reference.solve(hands, p["trump"], p["leader"], played, p["players"])
        pos = Position.parse(p["deal"], p["trump"], p["leader"], p["makers"], p["alone"], p["played"],
                             Rules(players=p["players"], joker=p["joker"]))
        assert solve(pos).tricks == expected, p
        if checked % 3 == 0 or tricks_left < 5:
            assert card_values(pos) == reference.card_values(hands, p["trump"], p["leader"], played,
                                                             p["players"]), p
        checked += 1
    assert checked == count


def test_plan_size():
    assert sum(n for _, _, n in PLAN) >= 2000
    assert sum(n for _, t, n in PLAN if t == 5) >= 200


def _draws_trumps(p):
    """The leader holds the top live trumps in a run at least as long as any opponent's trumps, less
    one: the positions on both sides of the core's quick tricks that draw trumps and then cash the
    leader's plain tops."""
    hands = reference.parse_vector_deal(p["deal"])
    trump, leader = p["trump"], p["leader"]
    def trumps(seat):
        return [c for c in hands.get(seat) or [] if reference.effective_suit(c, trump) == trump]
    live = sorted((c for s in hands for c in trumps(s)), key=lambda c: -reference.strength(c, trump, trump))
    run = 0
    while run < len(live) and live[run] in hands[leader]:
        run += 1
    opponents = [s for s in hands if reference.side_name(s, p["players"]) != reference.side_name(leader, p["players"])]
    return run > 0 and all(len(trumps(s)) <= run + 1 for s in opponents)


@pytest.mark.slow
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_leader_who_draws_trumps_agrees_with_oracle(variant):
    # positions picked for that rule, each with the partner holding fewer and more trumps than the run
    rng = random.Random(f"draws-{variant}")
    spec = VARIANTS[variant]
    checked = 0
    while checked < 100:
        p = reference.random_position(rng, players=spec["players"], joker=spec.get("joker", False),
                                      alone=rng.choice("NESW") if spec.get("alone") else None,
                                      tricks_left=rng.choice((3, 4, 5)), mid_trick=False)
        if not _draws_trumps(p):
            continue
        hands = reference.parse_vector_deal(p["deal"])
        expected = reference.solve(hands, p["trump"], p["leader"], [], p["players"])
        pos = Position.parse(p["deal"], p["trump"], p["leader"], p["makers"], p["alone"], "",
                             Rules(players=p["players"], joker=p["joker"]))
        assert solve(pos).tricks == expected, p
        checked += 1
