"""Models of how seats bid, used for the seats the advisor does not advise.

* :mod:`solver.bidding.policy`: :class:`BiddingPolicy`, a point count of the
  bidder's own hand with thresholds by seat, and :data:`POLICY`, the instance
  the advisor uses.
* :mod:`solver.bidding.discard`: :func:`dealer_discard`, the dealer's discard
  after picking up (the policy counts the dealer's hand after it).
* :mod:`solver.bidding.exchange`: :func:`partners_best_card`, the card a loner's partner passes
  under call for best (``Rules.partners_best``); :mod:`solver.bidding.kitty`: :func:`kitty_exchange_rule`, the
  stated rule of the kitty exchanges (``Rules.farmers``, ``Rules.go_under``).
* :mod:`solver.bidding.model`: :class:`BiddingModel`, the chance of each call
  (stochastic, so that the worlds of a view can be weighted by the auction).
* :mod:`solver.bidding.named`: the models by name (:data:`MODEL_NAMES`) and model files, and
  :data:`DEFAULT_MODEL`, ``"players-1"``, fitted to real players' calls.
* :mod:`solver.bidding.decisions` and :mod:`solver.bidding.fit`: the bidding decisions of EGN records and
  the fit of a model to them (``euchre model fit``); :mod:`solver.bidding.funnel`: who makes trump when
  every seat bids by a model.

All work on many hands at once (uint32 bitmasks, see :mod:`solver.cardtables`).
"""
from .discard import DISCARD_SLIP, dealer_discard, discard_chance
from .exchange import partners_best_card
from .kitty import kitty_exchange_rule
from .model import BEST_RESPONSE, BEST_RESPONSE_SD, POINT_COUNT, BiddingModel, ModelSampler
from .model import DEFAULT as DEFAULT_MODEL
from .named import MODEL_NAMES, MODELS, load_model_file, resolve_model
from .policy import POLICY, BiddingPolicy

__all__ = ["BiddingPolicy", "POLICY", "dealer_discard", "partners_best_card", "kitty_exchange_rule", "discard_chance", "DISCARD_SLIP", "BiddingModel",
           "ModelSampler", "POINT_COUNT", "BEST_RESPONSE", "BEST_RESPONSE_SD", "DEFAULT_MODEL", "MODELS", "MODEL_NAMES", "resolve_model",
           "load_model_file"]
