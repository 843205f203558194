"""Text for people, one place for every result: the CLI prints it and ``str(result)`` returns it.

The result types call into this module for their ``__str__``, so it imports no
result type (it reads their attributes) and nothing above :mod:`solver.cards`.
"""
from __future__ import annotations

from .cards import format_cards


def advice_text(advice) -> str:
    """The bid advisor's table for one decision (:class:`solver.advisor.Advice`), as ``str(advice)``.

    A heading (seat, hand, upcard, dealer, round, worlds), with dummy hands a line
    for the face-up dummies, then one row per option: P(make), P(march),
    P(euchred) and expected points with the half-width of their 95% interval
    (``*`` marks the recommended call), and the recommendation with its margin.
    """
    head = (f"{advice.seat} holds {format_cards(advice.hand)}; upcard {advice.upcard}"
            f"{' turned down' if advice.round == 2 else ''}; dealer {advice.dealer}; round {advice.round}; "
            f"{advice.worlds} worlds{' (exact)' if advice.exact else ''}")
    lines = [head]
    split = ""
    if advice.dummies is not None:
        lines.append(f"dummies face up: N {format_cards(advice.dummies[0])}, S {format_cards(advice.dummies[1])}; "
                     "points and chances cover both sets of five (tricks 1-5 personal, 6-10 dummies)")
        split = f" {'1-5':>7} {'6-10':>7}"
    lines.append(f"{'option':<28} {'P(make)':>8} {'P(march)':>8} {'P(euchred)':>10} {'points':>16}{split}")
    for o in advice.options:
        half = (o.points_interval[1] - o.points_interval[0]) / 2
        pts = f"{o.expected_points:+.3f}" + ("" if o.exact else f" ±{half:.3f}")
        mark = " *" if o is advice.recommended else ""
        sets = "" if o.phases is None else "".join(f" {p['expected_points']:+7.3f}" for p in o.phases)
        lines.append(f"{o.name:<28} {o.p_make:8.3f} {o.p_march:8.3f} {o.p_euchred:10.3f} {pts:>16}{sets}{mark}")
    if len(advice.options) > 1:
        lo, hi = advice.margin_interval
        spread = "" if advice.exact else f", 95% {lo:+.3f} to {hi:+.3f}"
        lines.append(f"recommended: {advice.recommended.name} (by {advice.margin:.3f} points{spread})")
    else:
        lines.append(f"recommended: {advice.recommended.name} (the only option asked for)")
    return "\n".join(lines)


__all__ = ["advice_text"]
