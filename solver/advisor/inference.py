"""What the earlier passes say about the other hands: the advisor's worlds drawn by their likelihood.

The seat to bid has seen every seat before it pass (round 1), or every seat pass
round 1 and the seats before it pass round 2 (round 2). Under a
:class:`~solver.bidding.BiddingModel` a world's chance is then proportional to
its uniform chance times the product, over those passes, of
``model.likelihood(that seat's hand, place, round, upcard, "pass")``. The seat's
own round-1 pass is not evidence (it knows its own hand), and no seat before the
advised one in round 2 is the dealer, so none of those passes was stuck.

The worlds are drawn by the engine's one sampler, :func:`solver.inference.draw_worlds`, with
:func:`pass_likelihood` as the likelihood:

* Sampled worlds: rejection against an envelope found on a pilot of uniform proposals; the
  accepted worlds weigh 1 but for the rare one above the envelope (weighted ``L/M``), so the
  figures are weighted means with intervals at the effective number of worlds (the textbook
  ones when every weight is 1). When too few are accepted within the bound
  (:data:`solver.inference.PROPOSALS_PER_WORLD` per world), importance weights instead.
* Enumerated worlds: every deal once, with its likelihood as weight; figures are
  then weighted means and still exact.
"""
from __future__ import annotations

import numpy as np

from .. import laws
from ..cards import Seat

#: The fewest effective worlds before the advisor gives up (below it the passes are too unlikely under the model).
MIN_ACCEPTED = 10


def evidence(seat: int, dealer: int, rnd: int, players: int) -> list:
    """The passes the seat has seen: ``[(seat, round), ...]`` in bidding order."""
    order = list(laws.bidding_order(dealer, players))
    pos = order.index(seat)
    if rnd == 1:
        return [(p, 1) for p in order[:pos]]
    return [(p, 1) for p in order if p != seat] + [(p, 2) for p in order[:pos]]


def pass_likelihood(model, hands: np.ndarray, seat: int, dealer: int, rnd: int, upcard: int,
                    players: int, trump: int | None = None) -> np.ndarray:
    """The chance (n,) under ``model`` that each world's seats made the passes the seat saw.

    ``hands``: uint32 (n, 4) bitmasks of the worlds; ``upcard``: the card turned up (index); ``trump``: the
    suit it proposes (a turned-up joker: the suit the dealer named).
    """
    out = np.ones(hands.shape[0])
    for p, r in evidence(seat, dealer, rnd, players):
        place = laws.place_after_dealer(p, dealer, players)
        out *= model.likelihood(hands[:, p], place, r, upcard, "pass", stuck=False, players=players, trump=trump)
    return out


def evidence_text(ev) -> list:
    """``["E passed round 1", ...]``."""
    return [f"{Seat(p)} passed round {r}" for p, r in ev]


__all__ = ["MIN_ACCEPTED", "evidence", "pass_likelihood", "evidence_text"]
