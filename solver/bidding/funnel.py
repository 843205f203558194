"""Who makes trump when every seat bids by one model: the funnel of an auction, from random deals.

Each deal is dealt at random (four-player, 24 cards, no joker); the seats speak in order (left of the dealer,
partner, right, dealer; then round 2 the same), each drawing its call from the model's chances for its own
hand; the first call ends the auction. The result is the share of deals in which each (round, place) makes
trump, and the share passed out (with stick the dealer off) or made by a stuck dealer (on). These are the
figures that public tables of human play report (e.g. how often the dealer picks up), so they say how
human a model's table is.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cardtables import CARD_BITS
from .model import BiddingModel

#: Places after the dealer in the order they speak.
SPEAKING_ORDER = (1, 2, 3, 0)
PLACE_NAMES = {0: "dealer", 1: "left of the dealer", 2: "dealer's partner", 3: "right of the dealer"}


@dataclass(frozen=True)
class Funnel:
    """Shares of deals (each a float in [0, 1]) by who made trump.

    Attributes:
        made: ``{(round, place): share}`` for round 1 and 2 and places 0-3 (0 the dealer, 1 left, ...).
        alone: the share of deals made alone.
        passed_out: deals where all eight passed (0 with stick the dealer).
        deals: how many deals were dealt.
    """

    made: dict
    alone: float
    passed_out: float
    deals: int

    def before_third_chair_round2(self) -> float:
        """The share of deals in which trump is made before the right of the dealer's round-2 turn."""
        return sum(self.made[(1, p)] for p in range(4)) + self.made[(2, 1)] + self.made[(2, 2)]

    def to_dict(self) -> dict:
        return {"deals": self.deals, "alone": round(self.alone, 4), "passed_out": round(self.passed_out, 4),
                "made": {f"round {r} {PLACE_NAMES[p]}": round(v, 4) for (r, p), v in sorted(self.made.items())},
                "before_third_chair_round_2": round(self.before_third_chair_round2(), 4)}


def funnel(model: BiddingModel, deals: int = 20_000, seed: int = 0, stick_the_dealer: bool = False) -> Funnel:
    """Deal ``deals`` random hands and let every seat bid by ``model`` (see the module docs).

    Raises:
        ValueError: ``deals`` below 1.
    """
    if deals < 1:
        raise ValueError(f"deals {deals!r}: must be at least 1")
    rng = np.random.default_rng(np.random.SeedSequence([int(seed), 0x66756E]))
    order = np.argsort(rng.random((deals, 24)), axis=1)
    masks = np.zeros((deals, 4), dtype=np.uint32)               # by place after the dealer
    for place in range(4):
        masks[:, place] = np.bitwise_or.reduce(CARD_BITS[order[:, 5 * place:5 * place + 5]], axis=1)
    upcard = order[:, 20]
    u = rng.random((deals, 8, 2))
    made = {(r, p): 0 for r in (1, 2) for p in range(4)}
    open_ = np.ones(deals, dtype=bool)
    alone = 0
    for r in (1, 2):
        for k, place in enumerate(SPEAKING_ORDER):
            stuck = r == 2 and place == 0 and stick_the_dealer
            for up in np.unique(upcard[open_]):
                rows = np.nonzero(open_ & (upcard == up))[0]
                hands = masks[rows, place]
                if r == 1:
                    p_call, p_alone = model.round1(hands, place, int(up))
                    a = p_alone
                else:
                    p_suit, p_alone_s = model.round2(hands, place, int(up) % 4, stuck)
                    p_call = p_suit.sum(axis=1)
                    # the suit named, by its share; its chance of going alone
                    cum = np.cumsum(p_suit, axis=1) / np.maximum(p_call, 1e-300)[:, None]
                    suit = np.minimum((u[rows, 4 * (r - 1) + k, 1][:, None] >= cum).sum(axis=1), 3)
                    a = p_alone_s[np.arange(rows.size), suit]
                call = u[rows, 4 * (r - 1) + k, 0] < p_call
                lone = call & (rng.random(rows.size) < a)
                made[(r, place)] += int(call.sum())
                alone += int(lone.sum())
                open_[rows[call]] = False
    shares = {key: v / deals for key, v in made.items()}
    return Funnel(shares, alone / deals, float(open_.mean()), deals)


__all__ = ["Funnel", "funnel", "SPEAKING_ORDER", "PLACE_NAMES"]
