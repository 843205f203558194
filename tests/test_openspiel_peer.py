"""Peer check: solver.game against OpenSpiel's euchre, step by step, on seeded random hands.

OpenSpiel's conventions (open_spiel/games/euchre/euchre.h, .cc): the lead is
left of the dealer even against a loner (skipping the sitting-out partner);
stick the dealer (its default; also run with it off, where all passing twice
ends the hand with no score); the dealer discards one of its five dealt cards,
never the upcard; the dealer discards before the maker decides to go alone.
Our engine plays those with
``Rules(loner_lead="left_of_dealer", stick_the_dealer=..., dealer_may_discard_upcard=False)``.

OpenSpiel's action integers (euchre.h): 0..23 cards (rank * 4 + suit, the same
numbering as solver.cards), 24 pass, 25..28 clubs/diamonds/hearts/spades as
trump (in round 1 only the upcard's suit: ordering up), 29 go alone, 30 play
with partner. Its chance steps: the dealer, then 20 cards dealt one at a time
to (dealer + k) % 4, then the upcard.

At every decision we compare the seat to act and the legal actions; after
every trick its leader, cards and winner; at the end each player's return
against our points (OpenSpiel: +points to the scoring side's players,
-points to the others).
"""
import random
import time

import pytest

pyspiel = pytest.importorskip("pyspiel")

from solver import Rules  # noqa: E402
from solver.game import (ALONE, ORDER, PASS, WITH_PARTNER, Action, DealCards, Hand, Kind,  # noqa: E402
                         Phase)

OS_PASS, OS_SUIT_BASE, OS_ALONE, OS_PARTNER = 24, 25, 29, 30


def to_openspiel(action: Action, hand: Hand) -> int:
    """Our action → OpenSpiel's integer."""
    if action.kind in (Kind.PLAY, Kind.DISCARD):
        return int(action.card)
    if action.kind is Kind.PASS:
        return OS_PASS
    if action.kind is Kind.ORDER:
        return OS_SUIT_BASE + int(hand.upcard.suit)
    if action.kind is Kind.CALL:
        return OS_SUIT_BASE + int(action.suit)
    if action.kind is Kind.ALONE:
        return OS_ALONE if action.alone else OS_PARTNER
    raise AssertionError(f"no OpenSpiel action for {action}")


def from_openspiel(code: int, hand: Hand) -> Action:
    """OpenSpiel's integer → our action, read in our hand's current phase."""
    phase = hand.phase
    if phase is Phase.PLAY:
        return Action.play(code)
    if phase is Phase.DISCARD:
        return Action.discard(code)
    if phase in (Phase.BID1, Phase.BID2):
        if code == OS_PASS:
            return PASS
        return ORDER if phase is Phase.BID1 else Action.call(code - OS_SUIT_BASE)
    if phase is Phase.ALONE:
        return ALONE if code == OS_ALONE else WITH_PARTNER
    raise AssertionError(f"OpenSpiel action {code} in our phase {phase}")


def deal_openspiel(state, cards: DealCards, dealer: int) -> None:
    """Drive OpenSpiel's chance steps to our deal."""
    state.apply_action(dealer)
    queues = {s: [c for c in range(24) if cards.hands[s] >> c & 1] for s in range(4)}
    for k in range(20):
        state.apply_action(queues[(dealer + k) % 4].pop(0))
    state.apply_action(int(cards.upcard))


def play_one(game, rules: Rules, rng: random.Random, stats: dict) -> None:
    dealer = rng.randrange(4)
    cards = DealCards.random(rules, rng)
    ours = Hand(rules, dealer)
    ours.apply(cards)
    theirs = game.new_initial_state()
    deal_openspiel(theirs, cards, dealer)
    steps = 0
    while not ours.is_over:
        assert not theirs.is_terminal(), f"OpenSpiel ended early; ours in {ours.phase}: {ours.history}"
        assert not theirs.is_chance_node()
        assert theirs.current_player() == ours.to_act, (ours.phase, ours.history)
        mine = sorted(to_openspiel(a, ours) for a in ours.legal_actions())
        assert mine == list(theirs.legal_actions()), (ours.phase, ours.to_act, ours.history)
        if OS_PASS in mine and rng.random() < 0.7:
            code = OS_PASS        # pass more often than uniform, to reach round 2 and thrown-in hands
        else:
            code = rng.choice(mine)
        rec = ours.apply(from_openspiel(code, ours))
        theirs.apply_action(code)
        steps += 1
        if rec.phase is Phase.PLAY and rec.trick_winner is not None:
            t_ours = ours.tricks[rec.trick]
            t_theirs = theirs.tricks()[rec.trick]
            assert t_theirs.leader() == t_ours.leader
            assert list(t_theirs.cards()) == [int(c) for c in t_ours.cards]
            assert t_theirs.winner() == t_ours.winner
            stats["tricks"] += 1
    assert theirs.is_terminal()
    result = ours.result
    returns = theirs.returns()
    for seat in range(4):
        side = seat % 2
        expected = result.points[side] - result.points[1 - side]
        assert returns[seat] == expected, (result, returns)
    stats["hands"] += 1
    stats["steps"] += steps
    stats["thrown_in"] += result.thrown_in
    stats["alone"] += result.alone is not None
    stats["march"] += result.march
    stats["euchred"] += result.euchred


@pytest.mark.slow
@pytest.mark.parametrize("stick, hands, seed", [(True, 4000, 20240601), (False, 1000, 7)])
def test_same_legal_actions_tricks_and_points_as_openspiel(stick, hands, seed):
    game = pyspiel.load_game("euchre", {"stick_the_dealer": stick, "allow_lone_defender": False})
    rules = Rules(stick_the_dealer=stick, loner_lead="left_of_dealer", dealer_may_discard_upcard=False)
    rng = random.Random(seed)
    stats = dict(hands=0, steps=0, tricks=0, thrown_in=0, alone=0, march=0, euchred=0)
    start = time.perf_counter()
    for _ in range(hands):
        play_one(game, rules, rng, stats)
    elapsed = time.perf_counter() - start
    print(f"\npeer check (stick_the_dealer={stick}): {stats} in {elapsed:.1f} s")
    assert stats["hands"] == hands
    # the random policy reaches every kind of ending
    assert stats["alone"] > 0 and stats["march"] > 0 and stats["euchred"] > 0
    assert (stats["thrown_in"] > 0) == (not stick)


def test_action_mapping_round_trips():
    rules = Rules(stick_the_dealer=True, loner_lead="left_of_dealer", dealer_may_discard_upcard=False)
    hand = Hand(rules, 0)
    hand.deal(rng=3)
    for action in hand.legal_actions():
        assert from_openspiel(to_openspiel(action, hand), hand) == action


@pytest.mark.parametrize("rules", [
    Rules(stick_the_dealer=True, loner_lead="left_of_dealer"),                                # may discard upcard
    Rules(stick_the_dealer=True, loner_lead="left_of_loner", dealer_may_discard_upcard=False),
])
def test_the_check_notices_a_rule_that_differs(rules):
    """The comparison has teeth: each of OpenSpiel's conventions, changed, is caught."""
    game = pyspiel.load_game("euchre")
    rng = random.Random(5)
    stats = dict(hands=0, steps=0, tricks=0, thrown_in=0, alone=0, march=0, euchred=0)
    with pytest.raises(AssertionError):
        for _ in range(500):
            play_one(game, rules, rng, stats)
