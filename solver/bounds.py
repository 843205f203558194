"""Bounds of the engine's arguments, one set for every front door, and the check of a whole number.

The one home of these constants; every module imports them from here. The policy on worlds:
every analysis that reports figures over worlds (:func:`solver.advise`, :func:`solver.advise_play`,
:func:`solver.advise_defend`, the review, :func:`solver.play_match`) takes
:data:`MIN_WORLDS`..:data:`MAX_WORLDS` of them; only the sampler itself
(:func:`solver.sample_worlds`), which reports no figure, draws from 1. The HTTP service sets its own,
lower, per-request cap on top (``api/app.py``'s ``MAX_WORLDS`` config, checked to lie within these).
Out of bounds is an :class:`~solver.errors.ArgumentError` naming the argument.
"""
from __future__ import annotations

import numpy as np

from .errors import ArgumentError

MIN_WORLDS = 10          # fewer worlds say nothing
MAX_WORLDS = 100_000     # worlds for one decision
MAX_THREADS = 256        # threads asked of the solver (the core runs at most the usable cores)
MAX_JOBS = 64            # worker processes of one run (review, match, rollout): each a whole solver
MAX_SEED = 2 ** 63 - 1


def check_int(value, name: str, low: int, high: int) -> int:
    """``value`` as an int when it is a whole number in ``low..high`` (not a bool).

    >>> check_int(200, "worlds", MIN_WORLDS, MAX_WORLDS)
    200

    Raises:
        ArgumentError: otherwise, naming ``name`` and the value.
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise ArgumentError(f"{name} {value!r}: must be a whole number {low}..{high}")
    return int(value)


def fresh_seed() -> int:
    """A seed drawn from the operating system's entropy, 0..:data:`MAX_SEED`, for a caller that gave none
    (the answer records it, so it can be reproduced)."""
    return int(np.random.SeedSequence().entropy % (MAX_SEED + 1))


__all__ = ["MIN_WORLDS", "MAX_WORLDS", "MAX_THREADS", "MAX_JOBS", "MAX_SEED", "check_int", "fresh_seed"]
