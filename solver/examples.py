"""The deals that show a mistake: the likeliest worlds in which the choice made does worse than the best.

The review's cards, discards and calls, and the options of :func:`solver.advise` and
:func:`solver.advise_play` (``examples=N``), all use it. A card's information-set loss is an average
over the worlds of the player's view (the deals it could be facing). :func:`card_examples` splits that
average open: the share of the weight of the worlds in which the card played scores fewer points
for the side than the best card, the same, or more, and the likeliest worlds where it scores fewer
(by their weight under the bidding model and the inference; uniform worlds all weigh the same, and
the larger loss comes first), each with the four hands at the decision and both cards' points and
tricks in it. The figures are those the review
already solved (each world played double dummy after each card), so nothing is solved again.
:func:`call_examples` does the same for a call from the bid advisor's per-world points (each world
valued as :attr:`solver.advisor.Advice.valuation` says: double dummy, or a single-dummy band drawn
per world), with what each call led to in that world (who made trump, alone, the dealer's discard).
"""
from __future__ import annotations

import numpy as np

from .bounds import check_int
from .cards import format_cards

#: ``review / advise / advise_play(..., examples=N)``: at most this many worlds per decision or option.
MAX_EXAMPLES = 3
#: The default number of examples.
EXAMPLES = 3
SEAT_NAMES = "NESW"
#: The columns of a world's hands: the seats, then the kitty.
HOLDER_NAMES = ("N", "E", "S", "W", "kitty")
#: Two choices' figures in a world closer than this are the same (an expectation over the later calls, or
#: over a single-dummy table, is a float: equal within rounding).
SAME = 1e-9


def check_examples(n) -> int:
    """The ``examples`` option checked: 0..:data:`MAX_EXAMPLES` (:class:`~solver.EuchreError` otherwise)."""
    return check_int(n, "examples", 0, MAX_EXAMPLES)


def card_examples(cands, played, best, T, P, hands, weights, in_play, n: int = EXAMPLES, seat=None) -> dict | None:
    """The example worlds of a card decision, or ``None`` when the card played is among the best or ``n`` is 0.

    Args:
        cands: the candidate cards, in the rows of ``T`` and ``P``; played: the card played; best: the
            best card (the first of the review's best).
        T, P: int arrays (candidates, worlds): the side's total tricks and points after each candidate.
        hands: uint32 (worlds, 4): the hands at the decision (bitmasks, the deciding seat's included).
        weights: float (worlds,) the worlds' weights, or ``None`` (uniform).
        in_play: the seats in play (the others' hands are not shown).
        seat: the deciding seat: adds ``"text"``, the sentence of :func:`describe`.

    Returns ``{"kind": "card", "best", "played", "share": {"worse", "same", "better"}, "examples": [{"hands":
    {seat: cards}, "weight", "played", "best", "played_tricks", "best_tricks"}]}``: shares of the total weight (0..1),
    each example's weight its share of it, ``played``/``best`` the side's points in that world after
    each card.
    """
    if n <= 0 or played == best or played not in cands:
        return None
    ip, ib = cands.index(played), cands.index(best)
    ex = choice_examples(str(played), str(best), P[ip], P[ib], hands, weights, in_play, n)
    for e in ex["examples"]:
        j = e.pop("world")
        e["played_tricks"], e["best_tricks"] = _points(T[ip][j]), _points(T[ib][j])
    return _with_text({"kind": "card", **ex}, seat)


def choice_examples(played: str, best: str, played_points, best_points, hands, weights, seats, n: int = EXAMPLES,
                    detail=None, where: str = "worse") -> dict:
    """The example worlds of any choice against the best one, from their points in each world.

    Args:
        played, best: the two choices' names (a card ``"Ks"``, a call token ``"order"``).
        played_points, best_points: arrays (worlds,) of the side's points after each (int, or float where a
            world's figure is an expectation over the later calls); only the first ``min`` of both are used
            (an option the advisor stopped early has only the first worlds).
        hands: uint32 (worlds, 4 or 5): the hands at the decision (column 4, when there, the kitty).
        weights: float (worlds,) or ``None`` (uniform); seats: the columns shown (0..3 the seats, 4 the kitty).
        detail: ``detail(j) -> dict`` of more fields for the example of world ``j`` (e.g. each call's
            contract in that world), or ``None``.
        where: the worlds the examples come from: ``"worse"`` (``played`` scores fewer points than ``best``, the
            larger loss first among equally likely ones) or ``"same"`` (both score the same).

    Returns ``{"best", "played", "share": {"worse", "same", "better"}, "examples": [{"hands", "weight",
    "played", "best", "world", ...}]}`` as :func:`card_examples` (``world``: the row of the world).
    """
    k = min(len(played_points), len(best_points))
    pp, bp = np.asarray(played_points[:k], float), np.asarray(best_points[:k], float)
    w = np.full(k, 1.0 / k) if weights is None else np.asarray(weights[:k], float) / np.sum(weights[:k])
    diff = bp - pp
    tol = SAME
    share = {"worse": float(w[diff > tol].sum()), "same": float(w[np.abs(diff) <= tol].sum()),
             "better": float(w[diff < -tol].sum())}
    # the same deal drawn twice is one example, with both weights
    merged: dict = {}
    shown = diff > tol if where == "worse" else np.abs(diff) <= tol
    for j in np.flatnonzero(shown):
        key = tuple(int(x) for x in hands[j])
        if key in merged:
            merged[key][0] += w[j]
        else:
            merged[key] = [w[j], j]
    order = sorted(merged.values(), key=lambda x: (-x[0], -diff[x[1]], x[1]))[:n]
    examples = [{"hands": {HOLDER_NAMES[s]: format_cards(int(hands[j][s])) for s in seats},
                 "weight": round(float(wt), 6), "played": _points(pp[j]), "best": _points(bp[j]), "world": int(j),
                 **({} if detail is None else detail(int(j)))} for wt, j in order]
    return {"best": best, "played": played, "share": {k: round(v, 4) for k, v in share.items()},
            "examples": examples}


def call_examples(played, best, hands, kitty, weights, seats, n: int = EXAMPLES, contract_of=None,
                  seat=None) -> dict | None:
    """The example worlds of a call (or any option of :func:`solver.advise`) against the best one.

    Args:
        played, best: the two :class:`~solver.advisor.Option` s (their ``world_points``, paired over the
            worlds both used); hands: uint32 (worlds, 4) the hands dealt (the advised seat's included);
            kitty: uint32 (worlds,) the kitty (the upcard included); weights: float (worlds,) or ``None``.
        seats: the seats dealt in (the kitty is shown too, as ``"kitty"``).
        contract_of: ``contract_of(option, j) -> dict | None``: what the option led to in world ``j``
            (``{"maker", "trump", "alone", "discard"}``; ``None`` where the later calls were followed with
            their chances), added to each example as ``"contracts": {call: ...}``.
        seat: the advised seat: adds ``"text"``, the sentence of :func:`describe`.

    Returns ``{"kind": "call", ...}`` and the rest of :func:`choice_examples` (points for the advised seat's
    side; ``hands`` with ``"kitty"``), or ``None`` when ``played`` is
    ``best`` or ``n`` is 0.
    """
    if n <= 0 or played.call == best.call:
        return None
    cols = np.column_stack([np.asarray(hands)[:, :4], np.asarray(kitty)])

    def detail(j):
        return {} if contract_of is None else {"contracts": {o.call: contract_of(o, j) for o in (played, best)}}

    ex = choice_examples(played.call, best.call, played.world_points, best.world_points, cols, weights,
                         tuple(seats) + (4,), n, detail)
    for e in ex["examples"]:
        e.pop("world")
    return _with_text({"kind": "call", **ex}, seat)


def describe(ex: dict, who: str = "you") -> str:
    """The sentence of an examples block: ``in 26% of the deals S could be facing the Ks does worse than the Jc
    (the same in 66%, better in 8%)`` (``who``: ``"S"``, or ``"you"`` on a page)."""
    sh = ex["share"]
    name = (lambda c: f"the {c}") if ex.get("kind", "card") == "card" else (lambda c: repr(c))
    facing = "you could be facing," if who == "you" else f"{who} could be facing"
    return (f"in {sh['worse']:.0%} of the deals {facing} {name(ex['played'])} does worse than {name(ex['best'])} "
            f"(the same in {sh['same']:.0%}, better in {sh['better']:.0%})")


def signed(x) -> str:
    """A world's points with their sign: ``+2``, ``-1``, ``+0.35`` (an expectation over the later calls)."""
    return f"{x:+d}" if isinstance(x, int) else f"{x:+.2f}"


def _with_text(ex: dict, seat) -> dict:
    if seat is not None:
        ex["text"] = describe(ex, str(seat))
    return ex


def _points(x: float):
    """A world's points: an int when whole, else rounded to 4 places (an expectation over the later calls)."""
    return int(round(x)) if abs(x - round(x)) < 1e-9 else round(float(x), 4)


__all__ = ["SAME", "MAX_EXAMPLES", "EXAMPLES", "check_examples", "card_examples", "choice_examples", "call_examples",
           "describe", "signed"]
