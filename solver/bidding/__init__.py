"""Models of how seats bid, used for the seats the advisor does not advise.

* :mod:`solver.bidding.policy`: :class:`BiddingPolicy`, a point count of the
  bidder's own hand with thresholds by seat, and :data:`POLICY`, the instance
  the advisor uses.
* :mod:`solver.bidding.discard`: :func:`dealer_discard`, the dealer's discard
  after picking up (the policy counts the dealer's hand after it).
* :mod:`solver.bidding.model`: :class:`BiddingModel`, the chance of each call
  (stochastic, so that the worlds of a view can be weighted by the auction), and
  :data:`DEFAULT_MODEL`, the one derived by best responses.

Both work on many hands at once (uint32 bitmasks, see :mod:`solver.cardtables`).
"""
from .discard import DISCARD_SLIP, dealer_discard, discard_chance
from .model import DEFAULT as DEFAULT_MODEL
from .model import POINT_COUNT, BiddingModel, ModelSampler
from .policy import POLICY, BiddingPolicy

__all__ = ["BiddingPolicy", "POLICY", "dealer_discard", "discard_chance", "DISCARD_SLIP", "BiddingModel", "ModelSampler", "POINT_COUNT",
           "DEFAULT_MODEL"]
