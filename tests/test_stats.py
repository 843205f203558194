"""solver.stats (the advisor's and the review's 95% intervals) against scipy.stats.

scipy computes each figure its own way (binomtest's Wilson interval, the t
distribution's quantile and interval), so these are independent checks, not
the module read back.
"""
import math

import numpy as np
import pytest
import scipy.stats as st

from solver.stats import Z95, mean_interval, t_quantile, wilson


def test_z95_is_the_normal_quantile():
    assert Z95 == pytest.approx(st.norm.ppf(0.975), abs=1e-15)


@pytest.mark.parametrize("n", [1, 2, 3, 7, 50, 100, 2000, 8568])
def test_wilson_matches_scipy_binomtest(n):
    for k in sorted({0, 1, n // 3, n // 2, n - 1, n}):
        ci = st.binomtest(k, n).proportion_ci(confidence_level=0.95, method="wilson")
        lo, hi = wilson(k, n)
        assert lo == pytest.approx(ci.low, abs=1e-12) and hi == pytest.approx(ci.high, abs=1e-12), (k, n)


def test_wilson_ends_and_no_data():
    assert wilson(0, 40)[0] == 0.0 and wilson(40, 40)[1] == 1.0
    assert wilson(0, 0) == (0.0, 1.0)


@pytest.mark.parametrize("df", [1, 2, 3, 5, 10, 11, 12, 15, 20, 30, 60, 120, 1999, 100_000])
def test_t_quantile_matches_scipy(df):
    assert t_quantile(df) == pytest.approx(st.t.ppf(0.975, df), abs=1e-12)


def test_t_quantile_without_freedom_is_unbounded():
    assert t_quantile(0) == math.inf


def test_mean_interval_matches_scipy_t_interval():
    values = np.array([2.0, -1.0, 1.0, 1.0, 4.0, -2.0, 1.0, 2.0, 1.0, -1.0, 1.0, 2.0, 4.0])
    lo, hi = mean_interval(values, exact=False)
    want = st.t.interval(0.95, values.size - 1, loc=values.mean(), scale=st.sem(values))
    assert (lo, hi) == pytest.approx(want, abs=1e-12)


def test_mean_interval_exact_and_degenerate():
    values = np.array([1.0, 2.0, 2.0, -2.0])
    assert mean_interval(values, exact=True) == (0.75, 0.75)
    assert mean_interval(np.array([3.0]), exact=False) == (-math.inf, math.inf)
    assert mean_interval(np.array([]), exact=True) == (0.0, 0.0)
