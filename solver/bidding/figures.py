"""The range of every number a bidding model holds, and the one check of it.

A model file is JSON, whose integers have no bound: ``10**400`` reads as a Python int that no float holds,
and NaN or Infinity read as floats nothing can compute with. So every number of a model (its figures and its
provenance's counts alike) is checked here before any is used, and one that is not a finite number within its
bound is a :class:`~solver.errors.ModelError` naming the field by its path in the file (``count/trump_points/A``)
and why.
"""
from __future__ import annotations

import math

from ..errors import ModelError, quoted

#: The largest figure (points, thresholds, spreads, weights, the floor) a model may hold, in count units (a
#: hand counts at most about 15).
MAX_FIGURE = 1000.0
#: The largest number of a model's provenance (counts of deals and decisions, seeds: 64-bit at most).
MAX_RECORD_NUMBER = 2 ** 64


def figure(value, path: str, bound: float = MAX_FIGURE) -> float:
    """``value`` as a float when it is a number (not a bool, not text), finite and within ``±bound``.

    Raises:
        ModelError: otherwise, ``at <path>: <value>: why`` (the value quoted short: a huge integer is cut).
    """
    shown = quoted(value, 40)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise ModelError(f"at {path}: {shown}: not a number")
    try:
        x = float(value)
    except OverflowError:           # an int past the float range
        x = math.inf
    if not math.isfinite(x) or abs(x) > bound:
        raise ModelError(f"at {path}: {shown}: not a finite number within ±{bound:g}")
    return x


def check_numbers(data, path: tuple = ()) -> None:
    """Check every number in a model file's parsed JSON ``data`` (:func:`figure`): the provenance's within
    :data:`MAX_RECORD_NUMBER`, every other within :data:`MAX_FIGURE`. Booleans and text are the schema's
    to judge (a provenance may hold them).

    Raises:
        ModelError: the first number out of range, naming its path.
    """
    stack = [(path, data)]
    while stack:                     # (no recursion: the depth is bounded by the caller, but cheaply so)
        at, node = stack.pop()
        if isinstance(node, dict):
            stack.extend(((*at, k), v) for k, v in reversed(list(node.items())))
        elif isinstance(node, list):
            stack.extend(((*at, i), v) for i, v in reversed(list(enumerate(node))))
        elif isinstance(node, (int, float)) and not isinstance(node, bool):
            bound = MAX_RECORD_NUMBER if at[:1] == ("provenance",) else MAX_FIGURE
            figure(node, "/".join(map(str, at)) or "(top)", bound)


__all__ = ["MAX_FIGURE", "MAX_RECORD_NUMBER", "figure", "check_numbers"]
