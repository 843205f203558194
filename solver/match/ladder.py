"""The ladder: agents at measured strengths, so a learner can pick an opponent and move up (issue 36, item 7).

Each :class:`Level` of :data:`LEVELS` names an agent (a :func:`~solver.match.agents.make_agent` spec and its
worlds a decision) and carries its **measured strength**: its points a deal against the reference
advisor (:data:`REFERENCE`: ``advisor`` at :data:`REFERENCE_WORLDS` worlds a decision) in a duplicate match
(:func:`~solver.match.duplicate.play_match`, default four-player rules), with the match's 95% Student t
interval paired over the deals and the number of deals. The figures live in ``solver/data/ladder-v1.json``
with their provenance; ``benchmarks/tools/derive_ladder.py`` measures them. A level's agent is
``make_agent("level:N")`` (or its name, ``make_agent("club")``), also at ``euchre match --a level:2`` and
on the play page's setup.

The levels, weakest first: a uniformly random player; the policy playing a random card half the time
(:class:`~solver.match.agents.NoisyAgent`); the policy (:class:`~solver.match.agents.PolicyAgent`); the
advisor at 10 worlds a decision; the reference advisor itself (its figure is the mirror match's, about 0).
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import LevelError, quoted

__all__ = ["Level", "Measured", "LEVELS", "REFERENCE", "REFERENCE_WORLDS", "LADDER_FILE", "level_of", "measured",
           "ladder_data"]

#: The reference every level is measured against: the advisor at this many worlds a decision.
REFERENCE = "advisor"
REFERENCE_WORLDS = 50
#: The measured figures.
LADDER_FILE = Path(__file__).resolve().parents[1] / "data" / "ladder-v1.json"


@dataclass(frozen=True)
class Level:
    """One rung: ``number`` (1 the weakest), ``name`` (one word, not an agent name), ``spec`` (a
    :func:`~solver.match.agents.make_agent` spec), ``worlds`` (its advisor's worlds a decision; unused by
    agents that do not sample) and ``description`` (a short line for people)."""

    number: int
    name: str
    spec: str
    worlds: int
    description: str

    @property
    def token(self) -> str:
        """``"level:N"``, the agent name of this level."""
        return f"level:{self.number}"

    @property
    def measured(self) -> "Measured | None":
        """Its measured strength (:func:`measured`), ``None`` before the ladder was measured."""
        return measured().get(self.number)

    def to_dict(self) -> dict:
        m = self.measured
        return {"level": self.number, "name": self.name, "agent": self.token, "spec": self.spec,
                "worlds": self.worlds, "description": self.description,
                "measured": None if m is None else m.to_dict()}


@dataclass(frozen=True)
class Measured:
    """A level's measured strength: ``points_per_deal`` (float, points a deal for the level against
    :data:`REFERENCE`, net of the reference's, averaged over each deal's two tables), ``interval`` (its 95%
    Student t interval, paired over the deals), ``deals`` (int) and ``seed`` (the match's seed)."""

    points_per_deal: float
    interval: tuple
    deals: int
    seed: int

    def to_dict(self) -> dict:
        return {"points_per_deal": self.points_per_deal, "interval": list(self.interval), "deals": self.deals,
                "seed": self.seed}

    def text(self) -> str:
        """``"-0.152 (-0.197 to -0.107), 1,000 deals"``."""
        lo, hi = self.interval
        return f"{self.points_per_deal:+.3f} ({lo:+.3f} to {hi:+.3f}), {self.deals:,} deals"


LEVELS = (
    Level(1, "beginner", "random", REFERENCE_WORLDS, "plays any legal call or card at random"),
    Level(2, "novice", "noisy:0.5:policy", REFERENCE_WORLDS,
          "bids by the bidding model; half its cards are random, the rest by the policy's rule"),
    Level(3, "intermediate", "policy", REFERENCE_WORLDS,
          "bids by the bidding model, plays by a simple stated rule (the policy agent)"),
    Level(4, "club", "advisor", 10, "the advisor at 10 worlds a decision"),
    Level(5, "expert", REFERENCE, REFERENCE_WORLDS,
          f"the advisor at {REFERENCE_WORLDS} worlds a decision: the reference itself"),
)


def level_of(name, strict: bool = True) -> Level | None:
    """The :class:`Level` named ``name``: ``"level:N"``, ``N`` (an int or its digits) or a level's name
    (case-insensitive). ``strict=False``: ``None`` for a name that is no level and does not start with
    ``level:`` (another agent's name).

    Raises :class:`~solver.errors.LevelError` naming the bad level (``level:9``, an unknown name)."""
    key = str(name).strip().lower() if not isinstance(name, bool) else ""
    number = key[len("level:"):].strip() if key.startswith("level:") else key
    for level in LEVELS:
        if number == str(level.number) or key == level.name:
            return level
    if strict or key.startswith("level:"):
        raise LevelError(f"level {quoted(name)}: not a level of the ladder (levels 1 to {len(LEVELS)}: "
                         f"{', '.join(lv.name for lv in LEVELS)})")
    return None


@lru_cache(maxsize=1)
def ladder_data() -> dict | None:
    """The measured ladder as stored (``solver/data/ladder-v1.json``: ``version``, ``reference``,
    ``provenance``, ``levels``), ``None`` when the file is not there."""
    if not LADDER_FILE.is_file():
        return None
    return json.loads(LADDER_FILE.read_text(encoding="utf-8"))


def measured() -> dict:
    """``{level number: Measured}`` of the levels whose stored figure was measured with the level's own
    agent (a level whose spec or worlds changed since has none until measured again)."""
    data = ladder_data() or {"levels": []}
    out = {}
    for row in data["levels"]:
        level = next((lv for lv in LEVELS if lv.number == row["level"]), None)
        if level is None or (row["spec"], row["worlds"]) != (level.spec, level.worlds):
            continue
        out[level.number] = Measured(float(row["points_per_deal"]), tuple(row["interval"]), int(row["deals"]),
                                     int(row["seed"]))
    return out
