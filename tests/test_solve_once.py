"""Each world and contract solved once a question (issue 38): within one ``advise``, no double-dummy position is
handed to the core twice for the same makers' side, whichever option, simulated auction, model variant or
robustness check asks for it.

The count wraps ``solver.dd.solve_batch`` (what the advisor's engine calls) and keys every row it is given by
the position itself (the four hands, trump, leader, the seats in play) and the makers' side, so a second
engine, a cleared cache or a variant that re-plays its auction on its own positions would all show up as a
repeated key. ``test_the_count_sees_a_repeat`` checks that the count does catch one.
"""
import collections

import numpy as np
import pytest

import solver.dd
from solver.advisor.engine import Engine
from conftest import bid_advice

#: the decisions of benchmarks/bench_advise.py, each with the robustness check on (the default robust_delta)
QUESTIONS = {
    "round 1": dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S"),
    "round 2": dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2),
    "dealer": dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="S"),
    "second seat": dict(hand="Jh Jd Ah Kh Ac", upcard="9h", seat="E", dealer="S"),
    "with a score": dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="S", score={"NS": 9, "EW": 9}),
}
# Not the two-player game: there distinct worlds often give one position (the dealer's hand after its pickup and
# discard is the same for two hands that differ only in the card thrown), each world solved once but the position
# more than once; four-player worlds of a question this size give each position once.


def _column(value, n: int) -> list:
    return np.broadcast_to(np.asarray(value), (n,)).tolist()


@pytest.fixture
def solves(monkeypatch):
    """A list that collects one key per row the core is asked to solve: ``(hands, trump, leader, in_play,
    makers' side)``, the hands as bytes."""
    seen = []
    real = solver.dd.solve_batch

    def counting(hands, trump, leader, makers=0, in_play=None, *args, **kwargs):
        h = np.ascontiguousarray(hands, dtype=np.uint32)
        n = h.shape[0]
        rows = zip([r.tobytes() for r in h], _column(trump, n), _column(leader, n),
                   _column(15 if in_play is None else in_play, n), _column(makers, n))
        seen.extend(rows)
        return real(hands, trump, leader, makers, in_play, *args, **kwargs)

    monkeypatch.setattr(solver.dd, "solve_batch", counting)
    return seen


def repeats(keys: list) -> int:
    """How many rows repeat a (position, makers' side) already solved."""
    return sum(c - 1 for c in collections.Counter(keys).values())


@pytest.mark.parametrize("valuation", ["single_dummy", "double_dummy"])
@pytest.mark.parametrize("name", list(QUESTIONS))
def test_each_world_and_contract_is_solved_once_a_question(solves, name, valuation):
    a = bid_advice(**QUESTIONS[name], worlds=2000, seed=3, valuation=valuation)
    assert a.variants, "the robustness check ran"
    assert solves, "the question solved positions"
    assert repeats(solves) == 0, f"{repeats(solves)} of {len(solves)} solves repeat a position and side"


def test_the_count_sees_a_repeat(solves, monkeypatch):
    # an engine that forgets what it solved between calls: the same question must then show repeats
    real = Engine.dd_tricks

    def forgetful(self, config, makers_side, rows):
        self.cache.clear()
        return real(self, config, makers_side, rows)

    monkeypatch.setattr(Engine, "dd_tricks", forgetful)
    bid_advice(**QUESTIONS["round 1"], worlds=2000, seed=3, valuation="double_dummy")
    assert repeats(solves) > 0
