"""Bounds of the engine's arguments, one set for every front door, and the check of a whole number.

The advisor, the review and (later) play advice and matches share them; the HTTP
service sets its own, lower, per-request bounds on top (``api/app.py``).
"""
from __future__ import annotations

import numpy as np

from .errors import RulesError

MIN_WORLDS = 10          # fewer worlds say nothing
MAX_WORLDS = 100_000     # worlds for one decision
MAX_THREADS = 256        # threads asked of the solver (the core runs at most the usable cores)
MAX_SEED = 2 ** 63 - 1


def check_int(value, name: str, low: int, high: int) -> int:
    """``value`` as an int when it is a whole number in ``low..high`` (not a bool).

    >>> check_int(200, "worlds", MIN_WORLDS, MAX_WORLDS)
    200

    Raises:
        RulesError: otherwise, naming ``name`` and the value.
    """
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise RulesError(f"{name} {value!r}: must be a whole number {low}..{high}")
    return int(value)


def fresh_seed() -> int:
    """A seed drawn from the operating system's entropy, 0..:data:`MAX_SEED`, for a caller that gave none
    (the answer records it, so it can be reproduced)."""
    return int(np.random.SeedSequence().entropy % (MAX_SEED + 1))


__all__ = ["MIN_WORLDS", "MAX_WORLDS", "MAX_THREADS", "MAX_SEED", "check_int", "fresh_seed"]
