"""Fitting a :class:`~solver.bidding.BiddingModel` to players' calls: maximum a posteriori, by deal-wise folds.

**The model fitted** is the family of :mod:`solver.bidding.model` with its count's card points set free: the
chance of a call is a logistic curve of a linear count of the hand (each trump's points by its rank, plain
aces and kings, plain voids with two or more trumps, each trump past the second; round 1, the upcard's points
times a factor, added for the dealer's partner and taken off by its opponents; the dealer counts its hand
after picking up and discarding by the stated rule) against a threshold by round and place after the dealer;
the suit named in round 2 by a softmax of the suits' counts; going alone, given a call, by a second curve.
25 parameters in all (:data:`PARAMETERS`), the last the floor under every curve: the chance of a call no
count explains.

**Scale and monotony.** The plain ace is held at 1 (so a count unit stays "the points of an ace", the unit
the advisor's robustness shift is stated in). The trumps' points are the ace's plus non-negative steps, one
per rank (9, 10, Q, K, A, left, right, joker): so a trump counts at least a plain ace and a higher trump at
least a lower one, and the plain king lies between 0 and the ace; the bonuses and the upcard factor are at
least 0. Holding a trump instead of a plain card therefore never lowers a hand's count for that suit, and so
never lowers its chance of ordering that suit up in round 1 (in round 2 the chance of naming it is a share
among the suits, so it can move a little the other way when the card given up changes another suit's count).

**The fit** maximises the log-likelihood of the calls (:meth:`BiddingModel.likelihood` of each decision, the
``floor`` keeping every call possible) plus a Gaussian prior centred on a base model's figures (the stated
point count's by default, or any model: a club's data shrunk toward ``players-1``): standard deviation
``prior_sd`` count units for the points and thresholds, :data:`SPREAD_PRIOR_SD` on the log of each spread.
With a few hundred decisions the prior carries what the data cannot say (the joker's points, the two-player
thresholds, which are not fitted at all and are copied from the base). The floor (the least chance of any
call) is fitted too, with a wide prior on its log (:data:`FLOOR_PRIOR_SD`). Optimiser: L-BFGS-B (scipy) within the
bounds above; standard errors from the inverse of the numerical Hessian of the objective at the optimum
(for a parameter at a bound they are not meaningful and are reported as ``None``).

Every function takes a list of :class:`~solver.bidding.decisions.BidDecision`.
"""
from __future__ import annotations

import dataclasses
import numbers
from dataclasses import dataclass

import numpy as np
from scipy import optimize

from ..cardtables import CARD_BITS, IS_TRUMP, POWER, RANK, suit_counts
from ..errors import ModelError
from .discard import dealer_discard
from .model import POINT_COUNT, BiddingModel
from .policy import BiddingPolicy

#: The fitted parameters, in the order of the vector :func:`fit_model` optimises.
PARAMETERS = (
    "step_9", "step_T", "step_Q", "step_K", "step_A", "step_left", "step_right", "step_joker",
    "plain_king", "void_bonus", "length_bonus", "upcard_factor",
    "order_dealer", "order_left", "order_partner", "order_right",
    "call_dealer", "call_left", "call_partner", "call_right",
    "alone", "log_spread", "log_alone_spread", "log_suit_spread", "log_floor",
)
_N = len(PARAMETERS)
_SPREADS = slice(21, 24)
_FLOOR = 24
#: Prior standard deviation of the log of each spread (a factor of about 1.65 either way).
SPREAD_PRIOR_SD = 0.5
#: Prior standard deviation of the log of the floor: wide (a factor of 4.5 either way), as players do make
#: calls a count cannot explain, and how often is for the data to say.
FLOOR_PRIOR_SD = 1.5
#: The prior standard deviation of points and thresholds, in count units, unless told: the width that
#: predicted held-out players' calls best when ``players-1`` was fitted (``benchmarks/tools/fit_players_model.py``).
PRIOR_SD = 0.5
_BOUNDS = [(0.0, None)] * 8 + [(0.0, 1.0), (0.0, None), (0.0, None), (0.0, None)] + [(None, None)] * 9 \
    + [(np.log(0.05), np.log(20.0))] * 3 + [(np.log(1e-4), np.log(0.2))]


def model_vector(model: BiddingModel) -> np.ndarray:
    """The parameters (:data:`PARAMETERS`) of a four-player model, float64 (24,)."""
    c = model.count
    tp = np.asarray(c.trump_points, dtype=np.float64) / c.plain_ace
    steps = np.diff(np.concatenate([[1.0], tp]))
    scale = 1.0 / c.plain_ace          # a count whose ace is not 1 is rescaled so that it is
    return np.concatenate([
        steps, [c.plain_king * scale, c.void_bonus * scale, c.length_bonus * scale, c.upcard_factor],
        np.asarray(model.order) * scale, np.asarray(model.call) * scale, [model.alone * scale],
        np.log([model.spread * scale, model.alone_spread * scale, model.suit_spread * scale, model.floor])])


def vector_model(theta, base: BiddingModel = POINT_COUNT, name: str = "fitted", provenance=None) -> BiddingModel:
    """The :class:`BiddingModel` of a parameter vector (the inverse of :func:`model_vector`); what the fit
    does not set (two-player thresholds, the dummy weight) is the ``base`` model's."""
    t = np.asarray(theta, dtype=np.float64)
    tp = tuple(float(x) for x in 1.0 + np.cumsum(t[:8]))
    order, call = tuple(float(x) for x in t[12:16]), tuple(float(x) for x in t[16:20])
    count = dataclasses.replace(base.count, name=f"{name} count", trump_points=tp, plain_ace=1.0,
                                plain_king=float(t[8]), void_bonus=float(t[9]), length_bonus=float(t[10]),
                                upcard_factor=float(t[11]), order=order, call=call, alone=float(t[20]))
    spread, alone_spread, suit_spread = (float(x) for x in np.exp(t[_SPREADS]))
    return BiddingModel(name=name, count=count, order=order, call=call, order_2p=base.order_2p,
                        call_2p=base.call_2p, alone=float(t[20]), spread=spread, alone_spread=alone_spread,
                        suit_spread=suit_spread, floor=float(np.exp(t[_FLOOR])), provenance=dict(provenance or {}))


# -- features: a hand's count is linear in the points, so the fit evaluates it as a matrix product -----------
def _features(masks: np.ndarray, trump: int) -> np.ndarray:
    """(n, 12): per hand and trump suit, the coefficient of each count parameter: trumps held by rank
    (8, each weighted by the ace plus the steps up to it), plain aces, plain kings, voids (with >= 2 trumps),
    trumps past two."""
    m = np.asarray(masks, dtype=np.uint32)
    held = (m[:, None] & CARD_BITS[None, :]) != 0                         # (n, 25)
    tr = IS_TRUMP[trump]
    by_rank = np.zeros((m.size, 8))
    for r in range(8):
        by_rank[:, r] = held[:, tr & (POWER[trump] == r)].sum(axis=1)
    plain = ~tr
    aces = held[:, plain & (RANK == 5)].sum(axis=1)
    kings = held[:, plain & (RANK == 4)].sum(axis=1)
    counts = suit_counts(m, trump)
    ntrump = counts[:, trump]
    voids = (counts[:, [s for s in range(4) if s != trump]] == 0).sum(axis=1) * (ntrump >= 2)
    return np.column_stack([by_rank, aces, kings, voids, np.maximum(ntrump - 2, 0)]).astype(np.float64)


def _count(feat: np.ndarray, t: np.ndarray) -> np.ndarray:
    """Counts (n,) from features (n, 12) and parameters: trump points are 1 + cumulated steps."""
    tp = 1.0 + np.cumsum(t[:8])
    return feat[:, :8] @ tp + feat[:, 8] * 1.0 + feat[:, 9] * t[8] + feat[:, 10] * t[9] + feat[:, 11] * t[10]


@dataclass
class _Design:
    """The decisions as arrays the objective reads (built once per set of decisions)."""

    r1: dict           # round 1: features (n,12), place, upcard rank (trump order), sign, outcome codes
    r2: dict           # round 2: features (n,4,12), allowed (n,4), place, stuck, outcome codes
    n: int


def _design(decisions) -> _Design:
    d1 = [d for d in decisions if d.round == 1]
    d2 = [d for d in decisions if d.round == 2]
    f1 = np.zeros((len(d1), 12))
    for i, d in enumerate(d1):
        t = d.upcard % 4
        mask = np.array([d.hand], dtype=np.uint32)
        if d.place == 0:
            six = mask | np.uint32(1 << d.upcard)
            mask = six & ~CARD_BITS[dealer_discard(six, t)]
        f1[i] = _features(mask, t)[0]
    r1 = {"feat": f1, "place": np.array([d.place for d in d1], dtype=np.int64),
          "uprank": np.array([POWER[d.upcard % 4][d.upcard] for d in d1], dtype=np.int64),
          "sign": np.array([0.0 if d.place == 0 else (1.0 if d.place == 2 else -1.0) for d in d1]),
          "order": np.array([d.kind == "order" for d in d1]), "alone": np.array([d.alone for d in d1])}
    f2 = np.zeros((len(d2), 4, 12))
    for i, d in enumerate(d2):
        for s in range(4):
            f2[i, s] = _features(np.array([d.hand], dtype=np.uint32), s)[0]
    r2 = {"feat": f2, "place": np.array([d.place for d in d2], dtype=np.int64),
          "allowed": np.array([[s != d.upcard % 4 for s in range(4)] for d in d2]).reshape(-1, 4),
          "stuck": np.array([d.stuck for d in d2]),
          "suit": np.array([-1 if d.suit is None else d.suit for d in d2], dtype=np.int64),
          "alone": np.array([d.alone for d in d2])}
    return _Design(r1, r2, len(decisions))


def _curve(x, floor):
    return floor + (1.0 - 2.0 * floor) * 0.5 * (1.0 + np.tanh(0.5 * x))


def _log_likelihoods(t: np.ndarray, des: _Design) -> tuple:
    """Per-decision log-likelihoods (round 1 (n1,), round 2 (n2,)) under parameters ``t``; the same
    arithmetic as :meth:`BiddingModel.likelihood` (a test holds them equal)."""
    spread, alone_spread, suit_spread = np.exp(t[_SPREADS])
    floor = float(np.exp(t[_FLOOR]))
    order, call, alone = t[12:16], t[16:20], t[20]
    tp = 1.0 + np.cumsum(t[:8])
    a = des.r1
    c1 = _count(a["feat"], t) + a["sign"] * t[11] * tp[a["uprank"]]
    p_order = _curve((c1 - order[a["place"]]) / spread, floor)
    p_alone = _curve((c1 - alone) / alone_spread, floor)
    l1 = np.where(a["order"], p_order * np.where(a["alone"], p_alone, 1.0 - p_alone), 1.0 - p_order)
    b = des.r2
    if len(b["place"]):
        n2 = b["feat"].shape[0]
        c2 = _count(b["feat"].reshape(-1, 12), t).reshape(n2, 4)
        best = np.where(b["allowed"], c2, -np.inf).max(axis=1)
        logits = np.where(b["allowed"], (c2 - best[:, None]) / suit_spread, -np.inf)
        share = np.exp(logits)
        share /= share.sum(axis=1, keepdims=True)
        p_call = np.where(b["stuck"], 1.0, _curve((best - call[b["place"]]) / spread, floor))
        called = b["suit"] >= 0
        s = np.where(called, b["suit"], 0)
        rows = np.arange(n2)
        pa = _curve((c2[rows, s] - alone) / alone_spread, floor)
        l2 = np.where(called, p_call * share[rows, s] * np.where(b["alone"], pa, 1.0 - pa), 1.0 - p_call)
    else:
        l2 = np.zeros(0)
    with np.errstate(divide="ignore"):
        return np.log(l1), np.log(l2)


def log_likelihood(model: BiddingModel, decisions) -> float:
    """The total log-likelihood (natural log) of the decisions' calls under ``model``, by
    :meth:`BiddingModel.likelihood` one decision at a time (the slow, plain form; the fit uses its
    vectorised twin)."""
    total = 0.0
    for d in decisions:
        p = model.likelihood([d.hand], d.place, d.round, d.upcard, d.kind, d.suit, d.alone, d.stuck)[0]
        total += float(np.log(p))
    return total


def _prior_sd(prior_sd: float) -> np.ndarray:
    sd = np.full(_N, float(prior_sd))
    sd[_SPREADS] = SPREAD_PRIOR_SD
    sd[_FLOOR] = FLOOR_PRIOR_SD
    return sd


@dataclass(frozen=True)
class Fit:
    """A fitted model and how the fit went.

    Attributes:
        model: the :class:`BiddingModel` (its ``provenance`` says how it was found).
        log_likelihood: the decisions' total log-likelihood under it (natural log).
        per_decision: ``log_likelihood`` / decisions.
        std_errors: ``{parameter: standard error or None}`` (see the module docs).
        decisions: how many decisions it was fitted on.
    """

    model: BiddingModel
    log_likelihood: float
    per_decision: float
    std_errors: dict
    decisions: int


def fit_model(decisions, base: BiddingModel = POINT_COUNT, prior_sd: float = PRIOR_SD, name: str = "fitted",
              provenance: dict | None = None, std_errors: bool = True) -> Fit:
    """Fit the model of the module docs to ``decisions``, shrunk toward ``base``.

    Args:
        decisions: a non-empty list of :class:`~solver.bidding.decisions.BidDecision`.
        base: the prior's centre and the source of what is not fitted (a four-player model).
        prior_sd: the prior's standard deviation of points and thresholds, count units (> 0; smaller holds
            the fit nearer ``base``).
        name: the fitted model's name; provenance: extra entries for its ``provenance``.
        std_errors: compute the standard errors (a numerical Hessian, 25 x 25).

    Returns: a :class:`Fit`.

    Raises:
        ModelError: no decisions, a ``prior_sd`` that is not a positive number, or a fit that did not converge.
    """
    decisions = list(decisions)
    if not decisions:
        raise ModelError("no bidding decisions to fit")
    if isinstance(prior_sd, bool) or not isinstance(prior_sd, numbers.Real) or not 1e-3 <= prior_sd <= 100:
        raise ModelError(f"prior_sd {prior_sd!r}: a standard deviation in count units, 0.001 to 100")
    prior_sd = float(prior_sd)
    des = _design(decisions)
    centre = model_vector(base)
    # the base's own steps may sit outside the bounds (a base whose trumps count less than an ace): clip
    lo = np.array([-np.inf if b[0] is None else b[0] for b in _BOUNDS])
    hi = np.array([np.inf if b[1] is None else b[1] for b in _BOUNDS])
    start = np.clip(centre, lo, hi)
    sd = _prior_sd(prior_sd)

    def objective(t):
        l1, l2 = _log_likelihoods(t, des)
        return -(l1.sum() + l2.sum()) + 0.5 * float((((t - centre) / sd) ** 2).sum())

    res = optimize.minimize(objective, start, method="L-BFGS-B", bounds=_BOUNDS,
                            options={"maxiter": 2000, "maxfun": 200_000})
    if not np.isfinite(res.fun) or not (res.success or "ABNORMAL" in str(res.message)):
        raise ModelError(f"the fit did not converge: {res.message}")
    theta = res.x
    l1, l2 = _log_likelihoods(theta, des)
    ll = float(l1.sum() + l2.sum())
    errors = {p: None for p in PARAMETERS}
    if std_errors:
        errors = _std_errors(objective, theta, lo, hi)
    prov = {"method": "maximum a posteriori (solver.bidding.fit): logistic point count with free card points, "
                      "Gaussian prior on the base model",
            "base": base.name, "prior_sd": float(prior_sd), "spread_prior_sd": SPREAD_PRIOR_SD,
            "floor_prior_sd": FLOOR_PRIOR_SD,
            "decisions": len(decisions), "deals": len({d.deal_key for d in decisions}),
            "log_likelihood": round(ll, 4), "per_decision": round(ll / len(decisions), 4),
            "std_errors": {k: None if v is None else round(v, 4) for k, v in errors.items()},
            **(provenance or {})}
    model = vector_model(theta, base, name, prov).check()
    return Fit(model, ll, ll / len(decisions), errors, len(decisions))


def _std_errors(objective, theta, lo, hi) -> dict:
    """Standard errors from the inverse Hessian (central differences of the objective's numerical gradient)."""
    eps = 1e-4
    free = (theta - lo > 1e-6) & (hi - theta > 1e-6)
    idx = np.nonzero(free)[0]

    def grad(x):
        return optimize.approx_fprime(x, objective, 1e-6)

    hess = np.zeros((idx.size, idx.size))
    for j, k in enumerate(idx):
        up, down = theta.copy(), theta.copy()
        up[k] += eps
        down[k] -= eps
        hess[:, j] = (grad(up)[idx] - grad(down)[idx]) / (2 * eps)
    hess = 0.5 * (hess + hess.T)
    out = {p: None for p in PARAMETERS}
    try:
        cov = np.linalg.inv(hess)
    except np.linalg.LinAlgError:
        return out
    for j, k in enumerate(idx):
        if cov[j, j] > 0:
            out[PARAMETERS[k]] = float(np.sqrt(cov[j, j]))
    return out


def folds_by_deal(decisions, k: int = 5, seed: int = 0) -> list:
    """``k`` lists of decision indices, each deal's decisions in one fold (deals shuffled by ``seed``)."""
    deals = sorted({d.deal_key for d in decisions})
    order = np.random.default_rng(seed).permutation(len(deals))
    fold_of = {deals[j]: i % k for i, j in enumerate(order)}
    return [[i for i, d in enumerate(decisions) if fold_of[d.deal_key] == f] for f in range(k)]


def cross_validate(decisions, k: int = 5, seed: int = 0, prior_sd: float = PRIOR_SD,
                   base: BiddingModel = POINT_COUNT, others=()) -> dict:
    """Held-out log-likelihood per decision, folds by deal: the fit (on the other folds) and each model of
    ``others`` (fixed), scored on the same held-out decisions.

    Returns: ``{"fitted": per_decision, "others": [per_decision of each of others, in order], "folds": k,
    "per_fold": [...], "held_out": [(decision index, P(the call) under the fold's fit), ...]}``.

    Raises:
        ModelError: ``k`` not 2..20, or fewer deals than folds.
    """
    decisions = list(decisions)
    if isinstance(k, bool) or not isinstance(k, int) or not 2 <= k <= 20:
        raise ModelError(f"folds {k!r}: a whole number of folds, 2 to 20")
    if len({d.deal_key for d in decisions}) < k:
        raise ModelError(f"folds {k}: fewer deals than folds, so some fold would hold none")
    folds = folds_by_deal(decisions, k, seed)
    fitted, other = 0.0, [0.0] * len(others)
    per_fold, held = [], []
    for f in folds:
        if not f:
            continue
        chosen = set(f)
        train = [d for i, d in enumerate(decisions) if i not in chosen]
        fit = fit_model(train, base=base, prior_sd=prior_sd, std_errors=False)
        test = [decisions[i] for i in f]
        ll = log_likelihood(fit.model, test)
        fitted += ll
        for j, m in enumerate(others):
            other[j] += log_likelihood(m, test)
        per_fold.append(ll / len(test))
        held += [(i, float(np.exp(log_likelihood(fit.model, [decisions[i]])))) for i in f]
    n = len(decisions)
    return {"fitted": fitted / n, "others": [v / n for v in other], "folds": k, "per_fold": per_fold,
            "held_out": held}


__all__ = ["Fit", "fit_model", "log_likelihood", "cross_validate", "folds_by_deal", "model_vector",
           "vector_model", "PARAMETERS", "PRIOR_SD", "SPREAD_PRIOR_SD", "FLOOR_PRIOR_SD"]
