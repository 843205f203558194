"""The deals that show a mistake: the likeliest worlds in which the card played does worse than the best.

A card's information-set loss is an average over the worlds of the player's view (the deals it
could be facing). :func:`card_examples` splits that average open: the share of the weight of the
worlds in which the card played scores fewer points for the side than the best card, the same, or
more, and the likeliest worlds where it scores fewer (by their weight under the bidding model and the
inference; uniform worlds all weigh the same, and the larger loss comes first), each with the four
hands at the decision and both cards' points and tricks in it. The figures are those the review
already solved (each world played double dummy after each card), so nothing is solved again.
"""
from __future__ import annotations

import numpy as np

from ..bounds import check_int
from ..cards import format_cards

#: ``review(..., examples=N)``: at most this many worlds per decision.
MAX_EXAMPLES = 3
#: The default number of examples.
EXAMPLES = 3
SEAT_NAMES = "NESW"


def check_examples(n) -> int:
    """The ``examples`` option checked: 0..:data:`MAX_EXAMPLES` (:class:`~solver.EuchreError` otherwise)."""
    return check_int(n, "examples", 0, MAX_EXAMPLES)


def card_examples(cands, played, best, T, P, hands, weights, in_play, n: int = EXAMPLES) -> dict | None:
    """The example worlds of a card decision, or ``None`` when the card played is among the best or ``n`` is 0.

    Args:
        cands: the candidate cards, in the rows of ``T`` and ``P``; played: the card played; best: the
            best card (the first of the review's best).
        T, P: int arrays (candidates, worlds): the side's total tricks and points after each candidate.
        hands: uint32 (worlds, 4): the hands at the decision (bitmasks, the deciding seat's included).
        weights: float (worlds,) the worlds' weights, or ``None`` (uniform).
        in_play: the seats in play (the others' hands are not shown).

    Returns ``{"best", "played", "share": {"worse", "same", "better"}, "examples": [{"hands": {seat: cards},
    "weight", "played", "best", "played_tricks", "best_tricks"}]}``: shares of the total weight (0..1),
    each example's weight its share of it, ``played``/``best`` the side's points in that world after
    each card.
    """
    if n <= 0 or played == best or played not in cands:
        return None
    ip, ib = cands.index(played), cands.index(best)
    w = np.full(P.shape[1], 1.0 / P.shape[1]) if weights is None else np.asarray(weights, float) / np.sum(weights)
    diff = (P[ib] - P[ip]).astype(float)
    share = {"worse": float(w[diff > 0].sum()), "same": float(w[diff == 0].sum()), "better": float(w[diff < 0].sum())}
    worse = np.flatnonzero(diff > 0)
    # the same deal drawn twice is one example, with both weights
    merged: dict = {}
    for j in worse:
        key = tuple(int(x) for x in hands[j])
        if key in merged:
            merged[key][0] += w[j]
        else:
            merged[key] = [w[j], j]
    order = sorted(merged.values(), key=lambda x: (-x[0], -diff[x[1]], x[1]))[:n]
    examples = [{"hands": {SEAT_NAMES[s]: format_cards(int(hands[j][s])) for s in in_play},
                 "weight": round(float(wt), 6), "played": int(P[ip][j]), "best": int(P[ib][j]),
                 "played_tricks": int(T[ip][j]), "best_tricks": int(T[ib][j])} for wt, j in order]
    return {"best": str(best), "played": str(played), "share": {k: round(v, 4) for k, v in share.items()},
            "examples": examples}


__all__ = ["MAX_EXAMPLES", "EXAMPLES", "check_examples", "card_examples"]
