"""The robustness check's variants bid out as one (``solver.advisor.auction.StackedAuction``, issue 38): each
member's part of the stacked auction is, entry for entry, what its own :class:`Auction` gives on the same worlds,
and every world the members share is valued once.

The reference is each member's own auction, on an engine of its own (so nothing it finds comes from the stack),
against the stack's split, field by field: the maker, trump, going alone, tricks and points of every world, and
the chance of every entry where the auction is expected (enumerated worlds)."""
import numpy as np
import pytest

from solver import Rules
from solver.advisor.auction import Auction, AuctionSetup, StackedAuction, call_draws
from solver.bidding import DEFAULT_MODEL
from solver.cards import Card, mask_of, parse_cards
from conftest import bid_advice
from test_solve_once import repeats, solves  # noqa: F401  (solves: the fixture)

FIELDS = ("rows", "maker", "trump", "alone", "tricks", "points", "prob")

QUESTIONS = {
    # round 1 (the pass goes on to round 2 and the seat's own best turn there), sampled worlds, with the screen
    "round 1": (dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S"), 1, "single_dummy", True),
    # round 2 (the later seats only, by the models), double dummy
    "round 2": (dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2), 2, "double_dummy", False),
    # two players: every deal enumerated, each call followed with its chance (the expected auction)
    "expected": (dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S", rules=Rules(players=2)), 1,
                 "double_dummy", False),
}


def _members(worlds, setup, engine=None, draws=None, screen=False):
    """Three auctions on the same worlds that differ in the model and the weights: the model's cautious and
    aggressive shifts, and the model itself with uneven weights."""
    rng = np.random.default_rng(7)
    out = []
    for model, weights in ((DEFAULT_MODEL.shifted(1.0), None), (DEFAULT_MODEL.shifted(-1.0), None),
                           (DEFAULT_MODEL, rng.random(len(worlds)) + 0.5)):
        a = Auction(setup, worlds, model=model, draws=draws, weights=weights, engine=engine)
        a.screen_own = screen
        engine = a.engine if engine is not None else None
        out.append(a)
    return out


@pytest.mark.parametrize("name", list(QUESTIONS))
def test_each_member_gets_what_its_own_auction_gives(name):
    question, rnd, valuation, screen = QUESTIONS[name]
    rules = question.get("rules", Rules())
    advice = bid_advice(**question, worlds=600, seed=4, valuation="double_dummy", robust_delta=None)
    worlds = advice.drawn
    up = Card.parse(question["upcard"])
    seat, dealer = "NESW".index(question["seat"]), "NESW".index(question["dealer"])
    setup = AuctionSetup(mask_of(parse_cards(question["hand"])), int(up), seat, dealer, rnd, rules,
                         valuation=valuation, seed=4)
    draws = None if worlds.exact else call_draws(len(worlds), 4)
    shared = Auction(setup, worlds).engine
    stack = StackedAuction(_members(worlds, setup, shared, draws, screen))
    rows = np.arange(len(worlds))
    start = list(stack.order).index(seat) + 1

    def pass_of(a, r):
        return a.round1_from(r, start) if rnd == 1 else a.round2_from(r, start, "policy")

    parts = stack.split(pass_of(stack, stack.entries(rows)))
    # the reference: each member alone, on an engine of its own (nothing shared with the stack)
    for member, part in zip(_members(worlds, setup, None, draws, screen), parts):
        own = pass_of(member, rows)
        for f in FIELDS:
            a, b = getattr(own, f), getattr(part, f)
            assert (a is None) == (b is None), f
            if a is not None:
                assert np.array_equal(a, b), f"{name}: {f} differs"
    differ = {p.maker.tobytes() + (b"" if p.prob is None else p.prob.tobytes()) for p in parts}
    assert len(differ) > 1, "the members bid differently somewhere"


def test_a_world_asked_by_several_members_is_solved_once(solves):
    advice = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=400, seed=2, valuation="double_dummy",
                        robust_delta=None)
    worlds = advice.drawn
    setup = AuctionSetup(mask_of(parse_cards("9d Ac Tc Kd Jd")), int(Card.parse("Kc")), 0, 2, 1, Rules())
    stack = StackedAuction(_members(worlds, setup, Auction(setup, worlds).engine, call_draws(len(worlds), 2)))
    solves.clear()
    stack.round1_from(stack.entries(np.arange(len(worlds))), 1)
    assert solves, "the stack solved positions"
    assert repeats(solves) == 0, f"{repeats(solves)} of {len(solves)} solves repeat a position and side"
