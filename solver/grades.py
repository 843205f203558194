"""Grades: how bad a decision was, in one word, from its loss against the best choice.

Every judged decision of a review (a call, the dealer's discard, a card) and every option of
:func:`solver.advise` and :func:`solver.advise_play` gets one of :data:`GRADES`, from the
chance of winning the game it lost against the best choice when the game's score is known,
and from the expected points it lost otherwise:

==============  ===========================  ==============================
grade           P(win game) lost             points lost (no score known)
==============  ===========================  ==============================
``best``        none: the best choice        none: the best choice
``good``        below 0.02                   below 0.3
``inaccuracy``  0.02 to 0.08                 0.3 to 1.2
``mistake``     0.08 to 0.20                 1.2 to 3.0
``blunder``     0.20 or more                 3.0 or more
==============  ===========================  ==============================

Why these figures. The game thresholds are those of training apps that grade by the change in
the chance of winning (a slip of a couple of percent, a real mistake near a tenth, a blunder
a fifth or more of a game). In euchre they have a meaning in points: at 0-0 of a game to 10
one point of a hand is worth about 0.07 of the game (0.11 at 6-6;
:func:`solver.advisor.game_odds.win_values`), so an *inaccuracy* costs about a third of a point
to one point (a march thrown away: 1 point instead of 2), a *mistake* more than a point, and a
*blunder* about the three points between making a hand (+1) and being euchred (-2), at 0-0
0.21 of the game. The points scale is that same ladder read at 0-0 (0.02 / 0.07 = 0.3,
0.08 / 0.07 = 1.2, 0.20 / 0.07 = 3.0 points), so a hand judged without a score gets the grade
it would get at the start of a game.

A sampled loss (not every consistent deal enumerated) carries its paired 95% interval: when
that interval straddles a threshold the grade is ``unclear`` (after the review's extra draws
for a close decision), and :attr:`Grade.range` says between which grades the figures leave
it. A choice among the best (its loss is zero: the same mean as the best) is ``best``
whatever the interval.

>>> grade_of(0.0).grade, grade_of(0.05).grade, grade_of(0.25, unit="points").grade
('best', 'inaccuracy', 'good')
>>> g = grade_of(0.022, (0.011, 0.034))
>>> g.grade, g.range
('unclear', ('good', 'inaccuracy'))
"""
from __future__ import annotations

import math
from dataclasses import dataclass

from .bounds import MIN_WORLDS
from .errors import EuchreError

#: The grades, best first (``unclear`` is not on the ladder: see :data:`UNCLEAR`).
GRADES = ("best", "good", "inaccuracy", "mistake", "blunder")
#: A sampled loss whose 95% interval straddles a threshold.
UNCLEAR = "unclear"
#: Losses in the chance of winning the game where ``inaccuracy``, ``mistake``, ``blunder`` begin.
GAME_THRESHOLDS = (0.02, 0.08, 0.20)
#: Losses in expected points (a hand without a known score) where they begin.
POINT_THRESHOLDS = (0.3, 1.2, 3.0)
#: The units a loss is graded in, and their thresholds.
THRESHOLDS = {"game": GAME_THRESHOLDS, "points": POINT_THRESHOLDS}
#: A loss at most this is a tie with the best choice (float noise of equal means).
TIE = 1e-9
#: The EGN annotation mark of each grade (``docs/annotations.md`` of the EGN project: ``??`` a blunder,
#: ``?`` a mistake, ``?!`` a dubious move); ``best``, ``good`` and ``unclear`` get none.
MARKS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??"}


@dataclass(frozen=True)
class Grade:
    """A decision's grade and the figure behind it.

    Attributes:
        grade: one of ``GRADES`` or ``UNCLEAR``.
        unit: ``"game"`` (the loss is a chance of winning the game, 0..1) or ``"points"``.
        loss: the loss against the best choice (positive: lost), in ``unit``.
        interval: its paired 95% interval ``(low, high)``, ``None`` when exact.
        range: for ``unclear``, ``(grade at the low end, grade at the high end)``; else ``None``.
        basis: ``"information-set"`` (what the player could know: the worlds of its view) or
            ``"double-dummy"`` (every hand face up: a card the review could judge no other way).
    """

    grade: str
    unit: str
    loss: float
    interval: tuple | None = None
    range: tuple | None = None
    basis: str = "information-set"

    @property
    def mark(self) -> str | None:
        """The EGN annotation mark (``"??"``, ``"?"``, ``"?!"``) or ``None`` (``MARKS``)."""
        return MARKS.get(self.grade)

    @property
    def text(self) -> str:
        """``"mistake"``, or ``"unclear (good to inaccuracy)"``."""
        return self.grade if self.range is None else f"{self.grade} ({self.range[0]} to {self.range[1]})"

    def to_dict(self) -> dict:
        """``{"grade", "unit", "loss", "interval", "range", "basis"}`` (plain JSON types; an unbounded end is
        ``null``)."""
        return {"grade": self.grade, "unit": self.unit, "loss": _r(self.loss),
                "interval": None if self.interval is None else [_r(x) for x in self.interval],
                "range": None if self.range is None else list(self.range), "basis": self.basis}


def ladder(loss: float, unit: str = "game") -> str:
    """The grade of a loss taken as exact: ``best`` at a tie (at most :data:`TIE`), then by the
    thresholds of ``unit`` (:data:`THRESHOLDS`). Raises :class:`~solver.EuchreError` for another unit
    or a loss that is not a number."""
    if unit not in THRESHOLDS:
        raise EuchreError(f"grade unit {unit!r}: must be 'game' or 'points'")
    loss = float(loss)
    if math.isnan(loss):
        raise EuchreError("grade: the loss is not a number")
    if loss <= TIE:
        return "best"
    return GRADES[1 + sum(loss >= t for t in THRESHOLDS[unit])]


def grade_of(loss: float, interval=None, unit: str = "game", basis: str = "information-set",
             effective_worlds: float | None = None) -> Grade:
    """The :class:`Grade` of a decision that lost ``loss`` (in ``unit``: ``"game"`` or ``"points"``)
    against the best choice; ``interval`` its paired 95% interval when sampled (``None``, or a
    point interval, when exact). A tie with the best is ``best``; a loss whose interval straddles a
    threshold of the unit is :data:`UNCLEAR`; so is any loss, the best's too, over weighted worlds
    whose ``effective_worlds`` (Kish's) are fewer than :data:`~solver.bounds.MIN_WORLDS`: so few say
    nothing (range best to blunder)."""
    g = ladder(loss, unit)
    iv = None
    if interval is not None:
        low, high = (float(x) if x is not None else (-math.inf if i == 0 else math.inf)
                     for i, x in enumerate(interval))
        if high > low:
            iv = (low, high)
    if effective_worlds is not None and effective_worlds < MIN_WORLDS:
        return Grade(UNCLEAR, unit, float(loss), iv, (GRADES[0], GRADES[-1]), basis)
    if g == "best" or iv is None:
        return Grade(g, unit, float(loss), iv, basis=basis)
    low, high = iv
    if any(low < t < high for t in THRESHOLDS[unit]):
        lo = "good" if low <= TIE else ladder(low, unit)
        hi = GRADES[-1] if math.isinf(high) else ladder(high, unit)
        return Grade(UNCLEAR, unit, float(loss), iv, (lo, hi), basis)
    return Grade(g, unit, float(loss), iv, basis=basis)


def count_grades(grades) -> dict:
    """``{grade: n}`` over an iterable of grade names (``None`` skipped), every grade present
    (:data:`GRADES` then :data:`UNCLEAR`), so tallies line up."""
    out = {g: 0 for g in GRADES + (UNCLEAR,)}
    for g in grades:
        if g is not None:
            out[g] = out.get(g, 0) + 1
    return out


def _r(x) -> float | None:
    x = float(x)
    return round(x, 4) if math.isfinite(x) else None


__all__ = ["GRADES", "UNCLEAR", "GAME_THRESHOLDS", "POINT_THRESHOLDS", "THRESHOLDS", "TIE", "MARKS", "Grade",
           "ladder", "grade_of", "count_grades"]
