"""95% intervals for figures averaged over worlds: Wilson's for chances, Student's t for means.

Used by the bid advisor and the review. The t quantile comes from scipy
(``scipy.special.stdtrit``, the function behind ``scipy.stats.t.ppf``); the
Wilson interval is the closed form that ``scipy.stats.binomtest(...).proportion_ci(
method="wilson")`` computes, written out because binomtest costs about 0.2 ms a
call (it also works out a p-value) and an advice asks for a few dozen
(``tests/test_stats.py`` checks both against scipy.stats).

>>> wilson(30, 100)
(0.2189488529493276, 0.3958485463334666)
>>> round(t_quantile(11), 6)
2.200985
"""
from __future__ import annotations

import math

import numpy as np

#: The two-sided 95% normal quantile, z_{0.975} (``scipy.stats.norm.ppf(0.975)``).
Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple:
    """Wilson score interval ``(low, high)`` for a binomial proportion, 95% by default.

    ``successes`` of ``n`` trials; ``n <= 0`` gives ``(0.0, 1.0)``. The ends are
    exactly 0 and 1 when there are no successes or no failures.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    low = 0.0 if successes <= 0 else max(0.0, centre - half)
    high = 1.0 if successes >= n else min(1.0, centre + half)
    return (low, high)


def t_quantile(df: int) -> float:
    """Two-sided 95% Student t quantile t_{0.975, df} (``inf`` for ``df <= 0``)."""
    if df <= 0:
        return math.inf
    # imported here: scipy.special takes ~0.1 s to import, which `import solver` need not pay
    from scipy.special import stdtrit
    return float(stdtrit(df, 0.975))


def mean_interval(values: np.ndarray, exact: bool) -> tuple:
    """95% interval ``(low, high)`` of the mean of ``values`` (a float array (n,)).

    Student t from the sample's standard deviation; the mean itself when
    ``exact`` (the values are every world, not a sample); ``(-inf, inf)`` for a
    sample of fewer than two.
    """
    n = values.size
    mean = float(values.mean()) if n else 0.0
    if exact or n < 2:
        return (mean, mean) if exact else (-math.inf, math.inf)
    half = t_quantile(n - 1) * float(values.std(ddof=1)) / math.sqrt(n)
    return (mean - half, mean + half)


def discrete_mean_interval(values, counts) -> tuple:
    """``(mean, (low, high))``: the mean of a sample given as how often (``counts``, float (k,), >= 0, whole
    or expected counts) each of ``k`` distinct ``values`` (float (k,)) occurs, and its 95% interval: exactly
    :func:`mean_interval` of the sample written out (Student t on ``n = sum(counts)`` values), without writing
    it out. ``(mean, (-inf, inf))`` for fewer than two values; ``(0.0, (-inf, inf))`` for none.
    """
    v = np.asarray(values, dtype=float)
    c = np.asarray(counts, dtype=float)
    n = float(c.sum())
    if n <= 0:
        return 0.0, (-math.inf, math.inf)
    mean = float((c * v).sum() / n)
    if n < 2:
        return mean, (-math.inf, math.inf)
    var = float((c * (v - mean) ** 2).sum()) / (n - 1)
    half = t_quantile(int(round(n)) - 1) * math.sqrt(var / n)
    return mean, (mean - half, mean + half)


def weighted_mean_interval(values: np.ndarray, weights: np.ndarray, exact: bool) -> tuple:
    """``(mean, (low, high), ess)``: the weighted mean of ``values`` (float (n,)) under ``weights``
    (float (n,), >= 0, any scale), its 95% interval and the effective number of values
    ``ess = (sum w)^2 / sum w^2``.

    Student t with ``ess - 1`` degrees of freedom on the weighted variance (unbiased at unit
    weights, where this is :func:`mean_interval`); the mean itself when ``exact``;
    ``(-inf, inf)`` when ``ess < 2``.
    """
    w = np.asarray(weights, dtype=float)
    w = w / w.sum()
    ess = 1.0 / float((w * w).sum())
    mean = float((w * values).sum())
    if exact:
        return mean, (mean, mean), ess
    if ess < 2 or values.size < 2:
        return mean, (-math.inf, math.inf), ess
    var = float((w * (values - mean) ** 2).sum()) * ess / (ess - 1)
    half = t_quantile(int(round(ess)) - 1) * math.sqrt(var / ess)
    return mean, (mean - half, mean + half), ess


def chance(p) -> float:
    """``p`` as a probability: a float clipped to ``[0, 1]``. A chance computed as a sum of normalised
    weights (a weighted mean of 0/1 or of per-world chances) can land a rounding error outside the range
    (``1.0000000000000002``); every probability the advisors report passes through this.

    >>> chance(1.0000000000000002), chance(-1e-17), chance(0.25)
    (1.0, 0.0, 0.25)
    """
    return min(max(float(p), 0.0), 1.0)


def finite(value):
    """``value`` (JSON types: dicts, lists, tuples, numbers) with every float that is not finite replaced by
    ``None``: the open end of an interval over fewer than two effective worlds is written ``null``, so the
    JSON is strict (RFC 8259 has no Infinity or NaN).

    >>> finite({"interval": [float("-inf"), 0.5], "n": 2})
    {'interval': [None, 0.5], 'n': 2}
    """
    if isinstance(value, float):
        return value if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: finite(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(v) for v in value]
    return value


__all__ = ["Z95", "wilson", "t_quantile", "mean_interval", "discrete_mean_interval", "weighted_mean_interval", "chance",
           "finite"]
