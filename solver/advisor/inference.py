"""What the earlier passes say about the other hands: the advisor's worlds drawn by their likelihood.

The seat to bid has seen every seat before it pass (round 1), or every seat pass
round 1 and the seats before it pass round 2 (round 2). Under a
:class:`~solver.bidding.BiddingModel` a world's chance is then proportional to
its uniform chance times the product, over those passes, of
``model.likelihood(that seat's hand, place, round, upcard, "pass")``. The seat's
own round-1 pass is not evidence (it knows its own hand), and no seat before the
advised one in round 2 is the dealer, so none of those passes was stuck.

* Sampled worlds: uniform proposals (:meth:`solver.worlds.Space.sample`) each kept
  with probability equal to its likelihood (rejection sampling; every likelihood is
  at most 1), until ``worlds`` are kept or :data:`MAX_PROPOSALS` times as many were
  drawn. The kept worlds are an unweighted sample of the inferred distribution, so
  every mean and interval downstream is the textbook one.
* Enumerated worlds: every deal once, with its likelihood as weight; figures are
  then weighted means and still exact.
"""
from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from .. import laws
from ..cards import Seat
from ..errors import ArgumentError
from ..worlds import Space, Worlds

#: Rejection sampling stops after this many proposals per world asked for.
MAX_PROPOSALS = 100
#: The fewest worlds kept before the advisor gives up (below it the passes are too unlikely under the model).
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


def effective_worlds(weights) -> float:
    """Kish's effective number of worlds, ``(sum w)^2 / sum w^2`` (the count itself when uniform)."""
    w = np.asarray(weights, dtype=float)
    return float(w.sum() ** 2 / (w * w).sum()) if w.size else 0.0


@dataclass(frozen=True)
class Draw:
    """The worlds of one decision and how they were found.

    Attributes:
        worlds: the :class:`Worlds` used.
        weights: float (n,) weights of enumerated worlds under inference (their likelihood); ``None``: uniform.
        likelihood: float (n,) each world's likelihood of the passes (``None`` without inference).
        proposals: uniform deals drawn (sampled) or enumerated.
        accepted: worlds kept and used.
        kept: proposals kept by the rejection step (at least ``accepted``: the last batch may overshoot).
        bound_hit: rejection sampling stopped at :data:`MAX_PROPOSALS` per world before ``worlds`` were kept.
    """

    worlds: Worlds
    weights: np.ndarray | None
    likelihood: np.ndarray | None
    proposals: int
    accepted: int
    kept: int
    bound_hit: bool = False

    def effective(self) -> float:
        """The effective number of worlds (the count itself when they are unweighted)."""
        return float(self.accepted) if self.weights is None else effective_worlds(self.weights)

    def acceptance(self) -> float:
        """The share of proposals kept (1 when nothing was rejected)."""
        return self.kept / self.proposals if self.proposals else 1.0


#: Proposals in the first batch of rejection sampling, from which the envelope is found.
PILOT = 1000


def draw_worlds(space: Space, worlds: int, seed: int, exact_limit: int, likelihood=None) -> Draw:
    """The worlds of a decision: enumerated when at most ``exact_limit``, else ``worlds`` sampled.

    ``likelihood``: ``None`` (uniform, the worlds of :meth:`Space.draw` with this seed) or a
    function of the hands (n, 4) giving each world's likelihood in (0, 1].

    Raises:
        ArgumentError: fewer than :data:`MIN_ACCEPTED` worlds kept after :data:`MAX_PROPOSALS` per world.
    """
    if likelihood is None or space.total <= exact_limit:
        w = space.draw(worlds, seed=seed, exact_limit=exact_limit)
        if likelihood is None:
            return Draw(w, None, None, len(w), len(w), len(w))
        lik = likelihood(w.hands)
        return Draw(w, lik, lik, len(w), len(w), len(w))
    rng = np.random.default_rng(seed)
    cap = MAX_PROPOSALS * worlds
    hands, kitty, liks = [], [], []
    drawn = kept = 0
    # Rejection sampling needs acceptance in proportion to the likelihood, not equal to it: scaled by the
    # largest likelihood seen (an envelope found on the first batch, at least PILOT proposals, raised if a
    # later batch beats it), so a pass the model rarely makes (its floor) still leaves worlds to judge.
    envelope = 0.0
    while kept < worlds and drawn < cap:
        rate = kept / drawn if drawn else 1.0
        k = min(cap - drawn, max(PILOT if not drawn else 64, math.ceil((worlds - kept) / max(rate, 0.01) * 1.1)))
        batch = space.sample(k, rng)
        lik = likelihood(batch.hands)
        envelope = max(envelope, float(lik.max()))
        keep = rng.random(k) * envelope < lik
        hands.append(batch.hands[keep])
        kitty.append(batch.kitty[keep])
        liks.append(lik[keep])
        drawn += k
        kept += int(keep.sum())
    n = min(kept, worlds)
    if n < MIN_ACCEPTED:
        raise ArgumentError(f"inference: only {n} of {drawn} deals are consistent with the earlier passes under "
                         "the bidding model; they are too unlikely to advise on (use inference=False)")
    w = Worlds(np.ascontiguousarray(np.concatenate(hands)[:n]), np.ascontiguousarray(np.concatenate(kitty)[:n]),
               False, space.total)
    return Draw(w, None, np.concatenate(liks)[:n], drawn, n, kept, bound_hit=kept < worlds)


def evidence_text(ev) -> list:
    """``["E passed round 1", ...]``."""
    return [f"{Seat(p)} passed round {r}" for p, r in ev]


__all__ = ["MAX_PROPOSALS", "MIN_ACCEPTED", "evidence", "pass_likelihood", "effective_worlds", "Draw",
           "draw_worlds", "evidence_text"]
