"""Sequential judging of the calls (bid_advice(early_stop=True)): honest intervals, the full run's answer.

* Coverage: in a two-player decision every deal can be enumerated, so each call's exact expected
  points are known; over many seeds of sampled worlds (exact_limit=0) with calls stopped early, each
  call's 95% interval covers its exact value at about the stated rate (a binomial bound on the count),
  whether the call was stopped (its interval over the worlds it used) or not.
* Agreement: on the same worlds, a call not stopped has exactly the full run's figures, a stopped call
  the full run's per-world points on its first worlds, and wherever the full run's margin is clear
  (its interval excludes zero) the recommendation is the same.
* The same seed gives the same answer; early_stop=False plays every call on every world.
"""
import functools
import numpy as np
import pytest
from scipy.stats import binom

from solver import ArgumentError, Rules

# the references in this file are double dummy (every seat sees every card): the advice they check is
# the double-dummy valuation (the single-dummy ones are tested in test_playout.py, test_valuation.py)
from conftest import bid_advice as _bid_advice  # noqa: E402
bid_advice = functools.partial(_bid_advice, valuation="double_dummy")  # noqa: E305
from solver.advisor.bid import EARLY_MIN, early_looks, stopped_options

R2 = Rules(players=2)
#: S (not dealing) names a suit in round 2 after the queen of diamonds was turned down: pass is stopped
#: early in about three seeds of four (the borderline case), hearts and spades in every seed
BORDERLINE = dict(hand="9s 9c 9d As Qc", upcard="Qd", seat="S", dealer="N", round=2, rules=R2, robust_delta=None)
SEEDS = 150


@pytest.mark.slow
def test_intervals_of_calls_stopped_early_cover_the_exact_value():
    exact = bid_advice(**BORDERLINE)
    assert exact.exact and not any(o.stopped for o in exact.options)
    truth = {o.call: o.expected_points for o in exact.options}
    make = {o.call: o.p_make for o in exact.options}
    covered = {c: 0 for c in truth}
    make_covered = {c: 0 for c in truth}
    stopped = {c: 0 for c in truth}
    for seed in range(SEEDS):
        a = bid_advice(**BORDERLINE, exact_limit=0, worlds=1600, seed=seed)
        assert not a.exact and a.early_stop
        for o in a.options:
            lo, hi = o.points_interval
            covered[o.call] += lo <= truth[o.call] <= hi
            lo, hi = o.p_make_interval
            make_covered[o.call] += lo <= make[o.call] <= hi
            stopped[o.call] += o.stopped
            assert o.worlds in ((200, 800) if o.stopped else (1600,))
            assert o.world_points.size == o.worlds
    # the case exercises both kinds: a call always stopped, one never, one sometimes
    assert stopped["call h"] == SEEDS and stopped["call c"] == 0 and 0 < stopped["pass"] < SEEDS
    # at 95% coverage, fewer than this many covers in SEEDS seeds has chance below 0.1% (per call)
    low = int(binom.ppf(0.001, SEEDS, 0.95))
    for c in truth:
        assert covered[c] >= low, (c, covered[c], low)
        assert make_covered[c] >= low, (c, make_covered[c], low)


FOUR = [
    dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="N", dealer="S"),
    dict(hand="9d Ac Tc Kd Jd", upcard="Kc", seat="S", dealer="S"),
    dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2),
    dict(hand="Jh Jd Ah Kh Ac", upcard="9h", seat="W", dealer="S"),
    dict(hand="Qd Js Kh 9h Jh", upcard="Kc", seat="E", dealer="S"),
    dict(hand="Ks Qs As 9h Td", upcard="Js", seat="E", dealer="N"),
]


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(FOUR)))
def test_early_stopped_advice_agrees_with_the_full_run(case):
    clear = same = 0
    for seed in range(6):
        kw = dict(FOUR[case], worlds=1600, seed=seed, robust_delta=None)
        full = bid_advice(**kw, early_stop=False)
        fast = bid_advice(**kw, early_stop=True)
        assert not full.early_stop and fast.early_stop
        assert all(o.worlds == 1600 and not o.stopped for o in full.options)
        for f, o in zip(full.options, fast.options):
            assert f.call == o.call
            if not o.stopped:             # the same worlds, the same computation
                assert o.to_dict() == f.to_dict()
            else:
                assert o.worlds in early_looks(1600)
                if o.call != "pass":      # a call's per-world points do not depend on the other worlds
                    assert np.array_equal(o.world_points, f.world_points[:o.worlds])
        if full.margin_interval[0] > 0:
            clear += 1
            same += fast.recommended.call == full.recommended.call
    assert same == clear


@pytest.mark.slow
def test_the_same_seed_gives_the_same_answer():
    kw = dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2, worlds=2000, seed=11)
    a, b = bid_advice(**kw), bid_advice(**kw, threads=2)
    assert a.to_dict() == b.to_dict() and any(o.stopped for o in a.options)


@pytest.mark.slow
def test_the_switch_and_its_default():
    kw = dict(hand="Tc Td As Ts Kd", upcard="9s", seat="N", dealer="W", round=2, worlds=2000, seed=1)
    off = bid_advice(**kw, early_stop=False)
    assert not off.early_stop and all(not o.stopped and o.worlds == 2000 for o in off.options)
    d = off.to_dict()
    assert d["early_stop"] is False and d["method"]["early_stop"].startswith("off")
    assert all(o["stopped"] is False for o in d["options"])
    on = bid_advice(**kw)
    d = on.to_dict()
    assert d["early_stop"] is True and any(o["stopped"] and o["worlds"] == 250 for o in d["options"])
    assert "stopped early" in str(on) and "stopped early" not in str(off)
    # with a policy (the first version's method) it is off unless asked for
    from solver.bidding import POLICY
    assert not bid_advice(**kw, policy=POLICY).early_stop
    assert bid_advice(**kw, policy=POLICY, early_stop=True).early_stop
    # few worlds: no look
    small = bid_advice(**dict(kw, worlds=EARLY_MIN))
    assert not small.early_stop and all(o.worlds == EARLY_MIN for o in small.options)
    with pytest.raises(ArgumentError, match="early_stop 'yes'"):
        bid_advice(**kw, early_stop="yes")


def test_stopped_options_by_hand():
    # three options on 4 worlds: b trails a by a constant (sd 0: stopped), c is noisy (kept)
    a = np.array([1.0, 1.0, 1.0, 1.0])
    values = {"a": a, "b": a - 1, "c": np.array([3.0, -1.0, 3.0, -1.0])}
    assert stopped_options(values) == ["b"]
    assert early_looks(2000) == (250, 1000) and early_looks(1000) == (500,) and early_looks(399) == ()
