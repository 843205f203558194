"""The fitted single-dummy correction: each world's double-dummy result mapped to what single-dummy play makes of it.

A direct playout (:mod:`solver.advisor.playout`) in every world is a few hundred solves a decision, too
slow for advice at 2,000 worlds. Instead each world is solved double dummy as before, and its result is
replaced by a single-dummy one from a model fitted offline against direct playouts
(``benchmarks/tools/derive_single_dummy.py``; the data, its provenance and its held-out error in
``solver/data/single-dummy-v1.json``):

* **Calls** (:meth:`SingleDummyModel.band_probabilities`): for each double-dummy scoring band of the
  makers (euchred, made, march: what :func:`solver.solve_batch` ``bands=True`` gives) a multinomial
  logistic regression gives the chance of each single-dummy band from features of the world and the
  contract (:func:`contract_features`: makers' trumps, bowers and off-suit aces, defenders' trumps, the
  makers leading, alone, ordered up or named in round 2). The advisor draws each world's band from
  those chances with one uniform per world, the same for every call (common random numbers), so the
  calls stay paired and every per-world figure stays a whole score.
* **Cards** (:meth:`SingleDummyModel.trick_distribution`): a table of the chance of the makers'
  single-dummy tricks given their double-dummy tricks, the tricks still to play and alone or not
  (counts from the playouts at every trick's start, plus one pseudo-count on the double-dummy value);
  :func:`solver.advise_play` averages each card's figures over it.

Both assume what the playouts assumed: every seat sees only its own view and chooses each card by
PIMC over ``inner_worlds`` uniform worlds of it (the fit's value, in the data); the four-player game
without the joker or dummy hands.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import numpy as np

from ..cardtables import ESUIT, NCARDS
from ..errors import ModelError
from ..laws import MAKE_TRICKS, TRICKS

#: The fitted data shipped with the package.
DATA = Path(__file__).resolve().parent.parent / "data" / "single-dummy-v1.json"

#: The features of :func:`contract_features`, in column order.
FEATURES = ("intercept", "alone", "ordered_up", "makers_trumps", "makers_bowers", "makers_off_aces",
            "defenders_trumps", "makers_lead")
#: The bands, in the order of their probabilities: euchred, made, march.
BANDS = ("euchred", "made", "march")


#: uint32 (4,): the cards of each trump suit (the left bower included, the joker too), by the rules kernel's
#: effective suits (:data:`solver.cardtables.ESUIT`)
TRUMP_MASKS = np.array([sum(1 << c for c in range(NCARDS) if ESUIT[t, c] == t) for t in range(4)], dtype=np.uint32)


def trump_mask(trump: int) -> int:
    """The bitmask of the cards of ``trump`` (the left bower included)."""
    return int(TRUMP_MASKS[int(trump)])


def _popcount(x) -> np.ndarray:
    return np.bitwise_count(np.asarray(x, dtype=np.uint32)).astype(np.int64)


def contract_features(hands, trump: int, makers_side: int, alone: bool, ordered_up: bool, leader: int) -> np.ndarray:
    """float (n, 8): the columns of :data:`FEATURES` for each world of one contract.

    ``hands``: uint32 (n, 4), the hands in play at the first lead (the dealer's after its pickup and
    discard; 0 for a seat sitting out); ``trump``; ``makers_side`` 0 (N-S) or 1 (E-W); ``alone``: a
    loner; ``ordered_up``: round 1 (else a suit named in round 2); ``leader``: the first leader's seat.
    Counts are of the makers' (both partners') and defenders' cards in play: trumps (the left bower
    included), bowers, aces of the three plain suits.
    """
    h = np.asarray(hands, dtype=np.uint32)
    t = int(trump)
    tmask = TRUMP_MASKS[t]
    bowers = np.uint32((1 << (8 + t)) | (1 << (8 + (3 - t))))
    aces = np.uint32(sum(1 << (20 + s) for s in range(4) if s != t))
    mk = h[:, makers_side] | h[:, makers_side + 2]
    de = h[:, 1 - makers_side] | h[:, 3 - makers_side]
    n = h.shape[0]
    out = np.empty((n, len(FEATURES)))
    out[:, 0] = 1.0
    out[:, 1] = float(bool(alone))
    out[:, 2] = float(bool(ordered_up))
    out[:, 3] = _popcount(mk & tmask)
    out[:, 4] = _popcount(mk & bowers)
    out[:, 5] = _popcount(mk & aces)
    out[:, 6] = _popcount(de & tmask)
    out[:, 7] = float(int(leader) % 2 == makers_side)
    return out


def band_index(tricks) -> np.ndarray:
    """int (n,): the makers' scoring band of their tricks (int (n,) 0..5): 0 euchred (under
    :data:`~solver.laws.MAKE_TRICKS`), 1 made, 2 march (all :data:`~solver.laws.TRICKS`)."""
    t = np.asarray(tricks, dtype=np.int64)
    return np.where(t < MAKE_TRICKS, 0, np.where(t < TRICKS, 1, 2))


def softmax_rows(z: np.ndarray) -> np.ndarray:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


@dataclass(frozen=True)
class SingleDummyModel:
    """The fitted correction (see the module docs).

    Attributes:
        name: the data's name (``"single-dummy-v1"``).
        coefficients: float (3, 3, 8): per double-dummy band, per single-dummy band, the multinomial
            logit's coefficients on :data:`FEATURES` (the euchred band's row 0: the reference).
        tricks: float (2, 5, 6, 6): ``[alone, tricks_left - 1, dd_tricks, sd_tricks]`` the chance of the
            makers' single-dummy tricks (rows sum to 1).
        inner_worlds: the playouts' PIMC worlds a decision.
        provenance: how it was fitted (deals, seed, held-out error), as in the data file.
    """

    name: str
    coefficients: np.ndarray
    tricks: np.ndarray
    inner_worlds: int
    provenance: dict

    @classmethod
    def from_dict(cls, d: dict) -> "SingleDummyModel":
        coef = np.array(d["band_model"]["coefficients"], dtype=float)
        tricks = np.array(d["trick_table"]["probabilities"], dtype=float)
        if coef.shape != (3, 3, len(FEATURES)) or tricks.shape != (2, 5, 6, 6):
            raise ModelError(f"single-dummy data {d.get('name')!r}: coefficients {coef.shape} or trick table "
                             f"{tricks.shape} not of the expected shapes (3, 3, {len(FEATURES)}), (2, 5, 6, 6)")
        if list(d["band_model"]["features"]) != list(FEATURES):
            raise ModelError(f"single-dummy data {d.get('name')!r}: features {d['band_model']['features']} "
                             f"are not {list(FEATURES)}")
        return cls(d["name"], coef, tricks, int(d["inner_worlds"]), dict(d.get("provenance", {})))

    def band_probabilities(self, dd_band: np.ndarray, features: np.ndarray) -> np.ndarray:
        """float (n, 3): the chance of each single-dummy band (euchred, made, march) per world, from its
        double-dummy band index ``dd_band`` (int (n,), 0..2) and its :func:`contract_features` (n, 8)."""
        b = np.asarray(dd_band, dtype=np.int64)
        z = np.einsum("nkf,nf->nk", self.coefficients[b], features)
        return softmax_rows(z)

    def expected_makers_points(self, dd_tricks: np.ndarray, features: np.ndarray, band_points) -> np.ndarray:
        """float (n,): the makers' expected points a world under single-dummy play: the chance of each
        single-dummy band (:meth:`band_probabilities`, from the double-dummy makers' tricks ``dd_tricks``,
        int (n,) 0..5, through :func:`band_index`) times ``band_points`` (3 numbers: the makers' points
        euchred, made, march, as :func:`solver.laws.makers_points` scores the contract). The mean a world
        of what :meth:`draw_bands` draws (what an offline fit wants: no sampling noise)."""
        p = self.band_probabilities(band_index(dd_tricks), features)
        return p @ np.asarray(band_points, dtype=float)

    def draw_bands(self, dd_band: np.ndarray, features: np.ndarray, u: np.ndarray) -> np.ndarray:
        """int (n,): each world's single-dummy band drawn from :meth:`band_probabilities` with its uniform
        ``u`` (float (n,) in [0, 1)): the first band whose cumulative chance exceeds ``u``."""
        cum = np.cumsum(self.band_probabilities(dd_band, features), axis=1)
        return np.minimum((cum <= np.asarray(u)[:, None]).sum(axis=1), 2)

    def trick_distribution(self, dd_tricks: np.ndarray, tricks_left: int, alone: bool) -> np.ndarray:
        """float (n, 6): the chance of the makers' single-dummy tricks 0..5 given their double-dummy
        tricks (int (n,), the hand's total), with ``tricks_left`` (1..5) tricks not yet complete."""
        k = min(max(int(tricks_left), 1), 5)
        return self.tricks[int(bool(alone)), k - 1][np.asarray(dd_tricks, dtype=np.int64)]


@lru_cache(maxsize=1)
def default_model() -> SingleDummyModel:
    """The shipped :class:`SingleDummyModel` (``solver/data/single-dummy-v1.json``), loaded once."""
    with open(DATA, encoding="utf-8") as f:
        return SingleDummyModel.from_dict(json.load(f))


__all__ = ["DATA", "FEATURES", "TRUMP_MASKS", "trump_mask", "BANDS", "band_index", "contract_features", "SingleDummyModel",
           "default_model"]
