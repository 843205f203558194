"""A stochastic bidding model: the chance of each call from the bidder's own hand, seat, round and auction.

The advisor plays the seats it does not advise by a model, and the worlds of a
seat's view are weighted by how likely the model makes every call the seat saw
(:mod:`solver.worlds`). A threshold rule cannot serve the second purpose: it
gives a possible deal probability zero as soon as one call disagrees with it. So
the model is the point count of :class:`~solver.bidding.policy.BiddingPolicy`
read through a logistic curve:

* **Round 1**: P(order up) = floor + (1 - 2 floor) * logistic((count - order[place]) / spread);
  the dealer's count is of its hand after picking up and discarding, as in the policy.
* **Round 2**: P(name a suit) the same, with the best suit's count and ``call[place]``;
  which suit, given a call, by a softmax of the counts over the suits that may be named
  (``suit_spread``), so a call of a weaker suit is unlikely but possible. A stuck dealer
  always names a suit.
* **Alone**, given a call: the same curve around ``alone`` with ``alone_spread``.

``place`` is the bidder's place after the dealer (:func:`solver.laws.place_after_dealer`).
``floor`` keeps every call possible for every hand (0.005 unless stated).

**The default model** (:data:`DEFAULT`, ``"players-1"``, ``solver/data/bidding-model-players-1.json``) is this
family with its count's card points set free, fitted to the calls of real players (:mod:`solver.bidding.fit`,
``benchmarks/tools/fit_players_model.py``). **The best-response model** (:data:`BEST_RESPONSE`,
``"best-response-1"``, stored in ``solver/data/bidding-model-v1.json`` with its provenance) is derived, not set
by hand, by ``benchmarks/tools/derive_bidding_model.py``. In plain words: deal 40,000 random
hands and solve double dummy every contract each could end in (the dealer discarding
by :func:`~solver.bidding.discard.dealer_discard`). Start from the point count. For
each seat and round, work out over every deal how much the bidder's side gains by
calling rather than passing when every other seat bids by the current model (the
later seats' calls averaged by their chances, each deal counted by the chance that the
earlier seats passed). Move that seat's threshold to the count from which calling pays
on average (the best response within this family of curves), and repeat for every
seat until no threshold moves by more than 0.05 count units: a fixed point, where no
seat gains by changing its threshold. The spread is how well the count tells a hand
worth calling from one that is not: the fit of the curve to the sign of a hand-aware
estimate of the gain (a least-squares fit on which trumps, aces, kings and voids the
hand holds); one spread, the median over the seats. Alone the same, pooled over seats.

The result (four-player, count units; 8 iterations, last move under 0.04; a seat could
gain at most 0.0001 points a decision by moving its threshold; two-player 4 iterations):

==========================  ======  ====  =======  =====
seat (place after dealer)   dealer  left  partner  right
==========================  ======  ====  =======  =====
order up (round 1)          5.00    7.89  5.35     5.96
name a suit (round 2)       2.79    2.93  always   3.05
two-player, order / name    3.41 / 4.52 (dealer), 9.43 / always (non-dealer)
go alone                    8.32 (spread 0.30); calls: spread 0.42
==========================  ======  ====  =======  =====

"always" is a threshold below every hand's count (-2.05). The seat left of the dealer
orders up far less than the point count's 5: passing keeps its first word in round 2
and lets the others order into its hand, and handing the dealer the upcard costs. The
dealer's partner names a suit with any hand in round 2, the auction rarely comes back
to the dealer then, so the dealer's round-2 threshold rests on few deals (the
provenance's ``decisions``). These figures are double dummy: every seat plays as if it
saw every card, which is the model's stated limit. :meth:`BiddingModel.from_policy`
gives the point count of :data:`~solver.bidding.policy.POLICY` as a stochastic model
(the named alternative ``"point-count"``), and :meth:`BiddingModel.shifted` the cautious
and aggressive variants the advisor checks its recommendation against.

All methods work on many hands at once: ``hands`` a uint32 array (n,) of five-card
bitmasks, results float64 arrays.
"""
from __future__ import annotations

import dataclasses
import json
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import lru_cache
from math import comb
from pathlib import Path

import numpy as np

from ..cards import JOKER
from ..cardtables import CARD_BITS, hand_rank
from ..errors import ArgumentError, ModelError, RulesError, quoted
from .discard import dealer_discard
from .figures import figure
from .policy import PLACE_KEYS, PLACE_KEYS_2P, POLICY, TRUMP_KEYS, BiddingPolicy

DATA_PATH = Path(__file__).resolve().parent.parent / "data" / "bidding-model-v1.json"
#: The model fitted to players' calls (``benchmarks/tools/fit_players_model.py``; :mod:`solver.bidding.fit`).
PLAYERS_PATH = DATA_PATH.parent / "bidding-model-players-1.json"
#: The best-response model derived on single-dummy values (``benchmarks/tools/derive_bidding_model.py --valuation single_dummy``)
#: under the default fit, ``single-dummy-v6``.
SD_DATA_PATH = DATA_PATH.parent / "bidding-model-sd-3.json"
#: The same derived under the earlier default fit, ``single-dummy-v3`` (``"best-response-sd-2"``, kept by name).
SD_2_DATA_PATH = DATA_PATH.parent / "bidding-model-sd-2.json"


#: The least spread of a curve, in count units (below it a curve is a step and its logistic overflows).
MIN_SPREAD = 1e-3
#: The longest model name.
MAX_NAME = 100
#: Five-card hands of the 25-card pack (the joker included): the size of a question's table.
HANDS5 = comb(25, 5)
#: Questions whose tables :meth:`BiddingModel.likelihood_of_hands` keeps (least recently used dropped; 425 KB each).
TABLES_KEPT = 48
_tables: "OrderedDict" = OrderedDict()
_tables_lock = threading.Lock()


def clear_likelihood_tables() -> None:
    """Forget every table of :meth:`BiddingModel.likelihood_of_hands` (benchmarks time a cold start with it)."""
    with _tables_lock:
        _tables.clear()


def _logistic(x: np.ndarray) -> np.ndarray:
    return 0.5 * (1.0 + np.tanh(0.5 * x))       # 1 / (1 + e^-x) without overflow


def _proposed(upcard, trump) -> int:
    """The suit an upcard proposes: its own, or for a turned-up joker the suit named (``trump``, required)."""
    if int(upcard) == JOKER:
        if trump is None:
            raise ArgumentError("upcard B: a turned-up joker proposes the suit the dealer named; give trump=")
        return int(trump)
    return int(upcard) % 4 if trump is None else int(trump)


@lru_cache(maxsize=8)
def _round1_count(count: BiddingPolicy, masks_bytes: bytes, place: int, upcard: int, players: int,
                  trump: int) -> np.ndarray:
    """:meth:`BiddingModel.round1_count` of the hands in ``masks_bytes`` (uint32), read-only."""
    masks = np.frombuffer(masks_bytes, dtype=np.uint32)
    if place == 0:
        six = masks | np.uint32(1 << upcard)
        out = count.points(six & ~CARD_BITS[dealer_discard(six, trump)], trump)
    else:
        up = count.card_points(trump)[upcard] * count.upcard_factor
        partner = players == 4 and place == 2        # places as laws.place_after_dealer: 2 = partner
        out = count.points(masks, trump) + (up if partner else -up)
        out.setflags(write=False)
    return out


@lru_cache(maxsize=8)
def _suit_shares(count: BiddingPolicy, suit_spread: float, masks_bytes: bytes, turned_down: int) -> tuple:
    """Round 2's parts that do not depend on a model's thresholds: each hand's count per suit (n, 4), the
    best count of a suit that may be named (n,) and the softmax share of each suit given a call (n, 4);
    kept for the last few sets of hands (the advisor asks again for the same seats under the cautious
    and aggressive variants, which share ``count`` and ``suit_spread``). Read-only arrays."""
    masks = np.frombuffer(masks_bytes, dtype=np.uint32)
    counts = np.stack([count.points(masks, s) for s in range(4)], axis=1)
    allowed = np.arange(4) != turned_down
    best = np.where(allowed, counts, -np.inf).max(axis=1)
    logits = np.where(allowed, (counts - best[:, None]) / suit_spread, -np.inf)
    share = np.exp(logits)
    share /= share.sum(axis=1, keepdims=True)
    for arr in (counts, best, share):
        arr.setflags(write=False)
    return counts, best, share


def five_card_ranks(hands) -> np.ndarray | None:
    """int64 (n,): ``hand_rank(hands, 5)`` of uint32 (n,) hand masks when every hand holds exactly five cards
    (the index of :meth:`BiddingModel.likelihood_of_hands`'s tables), else None (an empty array too)."""
    masks = np.atleast_1d(np.asarray(hands, dtype=np.uint32))
    if masks.size == 0 or not (np.bitwise_count(masks) == 5).all():
        return None
    return hand_rank(masks, 5)


@dataclass(frozen=True)
class BiddingModel:
    """The chance of each call of a seat, from its own hand (see the module docs).

    Attributes:
        name: what the model is called in advice and reviews (``"best-response-1"``, ``"point-count"``).
        count: the :class:`BiddingPolicy` whose point count (and dealer's discard) the model reads;
            its thresholds are not used.
        order, call: thresholds by place after the dealer (dealer, left, partner, right), in count units.
        order_2p, call_2p: two-player thresholds (dealer, non-dealer).
        alone: the count at which going alone is as likely as not (four-player).
        spread, alone_spread: the logistic's scale in count units (larger: less sure).
        suit_spread: the softmax scale of the suit named in round 2, in count units.
        floor: the least chance of any call for any hand.
        provenance: how the figures were found (deals, iterations, distance from a fixed point).
    """

    name: str
    count: BiddingPolicy = POLICY
    order: tuple = POLICY.order
    call: tuple = POLICY.call
    order_2p: tuple = POLICY.order_2p
    call_2p: tuple = POLICY.call_2p
    alone: float = POLICY.alone
    spread: float = 0.5
    alone_spread: float = 0.5
    suit_spread: float = 0.5
    floor: float = 0.005
    provenance: dict = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self):
        for name in ("spread", "alone_spread", "suit_spread", "floor"):    # numbers before they are compared
            try:
                figure(getattr(self, name), name)
            except ModelError as e:
                raise ModelError(f"bidding model {self.name!r}: {e}") from None
        for name in ("spread", "alone_spread", "suit_spread"):
            if not getattr(self, name) > 0:
                raise ModelError(f"{name} {getattr(self, name)!r}: a spread must be above 0")
        if not 0 < self.floor < 0.5:
            raise ModelError(f"floor {self.floor!r}: must be above 0 and below 0.5")

    # -- building -----------------------------------------------------------------
    @classmethod
    def from_policy(cls, policy: BiddingPolicy = POLICY, name: str = "point-count", **kw) -> "BiddingModel":
        """The thresholds of a :class:`BiddingPolicy` as a stochastic model."""
        return cls(name=name, count=policy, order=policy.order, call=policy.call, order_2p=policy.order_2p,
                   call_2p=policy.call_2p, alone=policy.alone, **kw)

    def shifted(self, delta: float, name: str | None = None) -> "BiddingModel":
        """Every call threshold moved by ``delta`` count units: positive is more cautious, negative bolder."""
        return dataclasses.replace(
            self, name=name or f"{self.name}{delta:+g}", order=tuple(t + delta for t in self.order),
            call=tuple(t + delta for t in self.call), order_2p=tuple(t + delta for t in self.order_2p),
            call_2p=tuple(t + delta for t in self.call_2p), alone=self.alone + delta)

    @classmethod
    def from_dict(cls, data: dict) -> "BiddingModel":
        """Inverse of :meth:`to_dict` (a model file's contents; ``count`` absent: the stated point count).

        Raises:
            RulesError: an unknown key, a value of the wrong type or shape, a NaN or infinite figure, or a
                count that is not monotone (see :meth:`check`).
        """
        if not isinstance(data, dict):
            raise ModelError(f"bidding model: expected an object, got {type(data).__name__}")
        keys = {f.name for f in dataclasses.fields(cls)}
        unknown = set(data) - keys
        if unknown:
            raise ModelError(f"bidding model: unknown keys {sorted(unknown)}")
        kw = {k: tuple(v) if isinstance(v, list) else v for k, v in data.items()}
        if "count" in kw:
            kw["count"] = BiddingPolicy.from_dict(kw["count"])
        try:
            model = cls(**kw)
        except TypeError as e:
            raise ModelError(f"bidding model: {e}") from None
        model.check()
        return model

    def to_dict(self) -> dict:
        out = {f.name: getattr(self, f.name) for f in dataclasses.fields(self) if f.name != "count"}
        out = {k: list(v) if isinstance(v, tuple) else v for k, v in out.items()}
        if self.count != POLICY:        # a fitted count travels with the model; the stated one is implied
            out["count"] = self.count.to_dict()
        return out

    def check(self) -> "BiddingModel":
        """Raise :class:`RulesError` (a :class:`ModelError`) unless every figure, the count's too, is a number
        (not a bool) of the right shape, finite and within ``MAX_FIGURE`` (named by
        its path in the model's file, ``count/trump_points/A``), and the count is monotone: each trump's points
        at least those of any plain card and rising with the trump's rank, a plain king at most a plain ace,
        bonuses at least 0 (so that holding a trump instead of a plain card never lowers the chance of a
        call). Returns the model."""
        c = self.count
        if not isinstance(c, BiddingPolicy):
            raise ModelError(f"bidding model {self.name!r}: count {quoted(c, 60)} is not a BiddingPolicy")
        places = {"order": PLACE_KEYS, "call": PLACE_KEYS, "order_2p": PLACE_KEYS_2P, "call_2p": PLACE_KEYS_2P}
        figures = {**{k: (getattr(self, k), range(len(v))) for k, v in places.items()},
                   **{f"count/{k}": (getattr(c, k), v) for k, v in places.items()},
                   "count/trump_points": (c.trump_points, TRUMP_KEYS)}
        for name, (values, keys) in figures.items():
            if not isinstance(values, tuple) or len(values) != len(keys):
                raise ModelError(f"bidding model {self.name!r}: {name} must hold {len(keys)} numbers")
        scalars = {"alone": self.alone, "spread": self.spread, "alone_spread": self.alone_spread,
                   "suit_spread": self.suit_spread, "floor": self.floor,
                   **{f"count/{k}": getattr(c, k) for k in ("plain_ace", "plain_king", "void_bonus", "upcard_factor",
                                                             "length_bonus", "dummy_weight", "alone")}}
        if not isinstance(self.name, str) or not 0 < len(self.name) <= MAX_NAME or not self.name.isprintable():
            raise ModelError(f"bidding model name {str(self.name)[:60]!r}: 1 to {MAX_NAME} printable characters")
        try:
            for name, v in [*scalars.items(), *((f"{k}/{key}", x) for k, (vs, keys) in figures.items()
                                                 for key, x in zip(keys, vs))]:
                figure(v, name)
        except ModelError as e:
            raise ModelError(f"bidding model {self.name!r}: {e}") from None
        for name in ("spread", "alone_spread", "suit_spread"):
            if not MIN_SPREAD <= getattr(self, name):
                raise ModelError(f"bidding model {self.name!r}: {name} {getattr(self, name)!r}: a spread must be at "
                                 f"least {MIN_SPREAD:g} count units")
        if not c.plain_ace > 0:
            raise ModelError(f"bidding model {self.name!r}: plain_ace {c.plain_ace!r}: the unit of the count, "
                             "must be above 0")
        tp = c.trump_points
        if any(b < a for a, b in zip(tp, tp[1:])) or tp[0] < c.plain_ace or not 0 <= c.plain_king <= c.plain_ace:
            raise ModelError(f"bidding model {self.name!r}: not monotone: trump points {list(tp)} must rise with "
                             f"rank from at least the plain ace's {c.plain_ace}, and a plain king "
                             f"({c.plain_king}) lie between 0 and the ace")
        for name in ("void_bonus", "length_bonus", "upcard_factor"):
            if getattr(c, name) < 0:
                raise ModelError(f"bidding model {self.name!r}: {name} {getattr(c, name)} must be at least 0")
        return self

    # -- chances ------------------------------------------------------------------
    def _curve(self, x, spread):
        return self.floor + (1.0 - 2.0 * self.floor) * _logistic(np.asarray(x, dtype=np.float64) / spread)

    def round1_count(self, hands, place: int, upcard: int, players: int = 4, trump: int | None = None) -> np.ndarray:
        """The count each hand bids round 1 on (the dealer's after picking up and discarding); read-only,
        kept for the last few sets of hands (the model's variants share it). ``trump``: the suit the upcard
        proposes (default its own; a turned-up joker: the suit the dealer named, which must be given)."""
        masks = np.ascontiguousarray(np.atleast_1d(np.asarray(hands, dtype=np.uint32)))
        return _round1_count(self.count, masks.tobytes(), int(place), int(upcard), int(players),
                             _proposed(upcard, trump))

    def round1(self, hands, place: int, upcard: int, players: int = 4, trump: int | None = None) -> tuple:
        """``(p_order, p_alone)``: float arrays (n,); ``p_alone`` is the chance of going alone given an order.
        ``trump`` as :meth:`round1_count`."""
        score = self.round1_count(hands, place, upcard, players, trump)
        need = (self.order_2p if players == 2 else self.order)[place]
        p_order = self._curve(score - need, self.spread)
        p_alone = self._curve(score - self.alone, self.alone_spread) if players == 4 else np.zeros_like(score)
        return p_order, p_alone

    def round2(self, hands, place: int, turned_down: int, stuck: bool = False, players: int = 4) -> tuple:
        """``(p_suit, p_alone)``: float arrays (n, 4), the chance of naming each suit (0 for the turned-down
        one; ``1 - p_suit.sum(1)`` is the chance of a pass) and of going alone given that call."""
        masks = np.ascontiguousarray(np.atleast_1d(np.asarray(hands, dtype=np.uint32)))
        counts, best, share = _suit_shares(self.count, self.suit_spread, masks.tobytes(), int(turned_down))
        allowed = np.arange(4) != int(turned_down)
        need = (self.call_2p if players == 2 else self.call)[place]
        p_call = np.ones_like(best) if stuck else self._curve(best - need, self.spread)
        p_alone = (self._curve(counts - self.alone, self.alone_spread) if players == 4
                   else np.zeros_like(counts))
        return p_call[:, None] * share, np.where(allowed, p_alone, 0.0)

    def likelihood(self, hands, place: int, rnd: int, upcard: int, kind: str, suit=None, alone: bool = False,
                   stuck: bool = False, players: int = 4, trump: int | None = None) -> np.ndarray:
        """The chance (n,) that each hand makes the call ``kind`` (``"pass"``, ``"order"``, ``"call"`` with
        ``suit``) with ``alone`` at ``place`` in round ``rnd``; ``upcard`` is the card turned up (round 2:
        the one turned down); ``trump`` the suit it proposes (a turned-up joker: the named suit). Never 0
        for a legal call (the floor)."""
        if rnd == 1:
            p_order, p_alone = self.round1(hands, place, upcard, players, trump)
            if kind == "pass":
                return 1.0 - p_order
            if kind != "order":
                raise ArgumentError(f"call {kind!r}: round 1 has only pass and order")
            return p_order * (p_alone if alone else 1.0 - p_alone)
        p_suit, p_alone = self.round2(hands, place, _proposed(upcard, trump), stuck, players)
        if kind == "pass":
            return 1.0 - p_suit.sum(axis=1)
        if kind != "call":
            raise ArgumentError(f"call {kind!r}: round 2 has only pass and naming a suit")
        s = int(suit)
        return p_suit[:, s] * (p_alone[:, s] if alone else 1.0 - p_alone[:, s])

    def likelihood_of_hands(self, hands, place: int, rnd: int, upcard: int, kind: str, suit=None,
                            alone: bool = False, stuck: bool = False, players: int = 4,
                            trump: int | None = None, *, rank: np.ndarray | None = None) -> np.ndarray:
        """:meth:`likelihood` of five-card hands read from a table of the question over every five-card
        hand (indexed by ``hand_rank()``), filled as hands are first asked for and kept for the
        ``TABLES_KEPT`` most recent questions: the same values, without recounting a hand seen before
        (the worlds ask the same few questions of many thousands of hands).

        ``hands``: uint32 (n,) bitmasks of exactly five cards each (else :meth:`likelihood` is used);
        ``rank``: ``five_card_ranks`` of these very hands, when the caller asks several questions of them
        (then not computed again)."""
        masks = np.atleast_1d(np.asarray(hands, dtype=np.uint32))
        if rank is None:
            rank = five_card_ranks(masks)
        if rank is None:
            return self.likelihood(masks, place, rnd, upcard, kind, suit, alone, stuck, players, trump)
        key = (self, int(place), int(rnd), int(upcard), kind, None if suit is None else int(suit), bool(alone),
               bool(stuck), int(players), _proposed(upcard, trump))
        with _tables_lock:
            table = _tables.get(key)
            if table is None:
                table = _tables[key] = np.full(HANDS5, np.nan)
                while len(_tables) > TABLES_KEPT:
                    _tables.popitem(last=False)
            else:
                _tables.move_to_end(key)
        out = table[rank]
        miss = np.isnan(out)
        if miss.any():
            new = np.unique(masks[miss])
            table[hand_rank(new, 5)] = self.likelihood(new, place, rnd, upcard, kind, suit, alone, stuck, players,
                                                       trump)
            out = table[rank]
        return out

    # -- drawing calls (the seats the advisor plays) ---------------------------------
    def sampler(self, seed: int) -> "ModelSampler":
        """A policy-shaped object that draws each seat's call from this model (see :class:`ModelSampler`)."""
        return ModelSampler(self, np.random.default_rng(np.random.SeedSequence([int(seed), 0x6269])))


class ModelSampler:
    """Draws calls from a :class:`BiddingModel` with the methods of a :class:`BiddingPolicy`
    (``round1``, ``round2``, ``dummy_weight``), so the advisor's auction can play the other seats by it.

    Draws come from one seeded stream in the order they are asked for, so the same
    seed and the same questions give the same calls.
    """

    def __init__(self, model: BiddingModel, rng: np.random.Generator):
        self.model, self.rng = model, rng
        self.dummy_weight = model.count.dummy_weight

    def round1(self, hands, rel: int, upcard: int, players: int = 4, bonus: float = 0.0, trump: int | None = None):
        """``(bid, alone)`` bool arrays (n,), drawn (``trump``: the suit a turned-up joker proposes)."""
        if bonus:
            raise RulesError("the stochastic bidding model does not cover the dummy-hands variant")
        p_order, p_alone = self.model.round1(hands, rel, upcard, players, trump)
        u = self.rng.random((2, p_order.size))
        bid = u[0] < p_order
        return bid, bid & (u[1] < p_alone)

    def round2(self, hands, rel: int, turned_down: int, stuck: bool = False, players: int = 4, bonus=None):
        """``(suit, alone)``: int8 suit per hand (-1 = pass) and a bool array, drawn."""
        if bonus is not None and any(bonus):
            raise RulesError("the stochastic bidding model does not cover the dummy-hands variant")
        p_suit, p_alone = self.model.round2(hands, rel, turned_down, stuck, players)
        n = p_suit.shape[0]
        u = self.rng.random((2, n))
        cum = np.cumsum(p_suit, axis=1)
        suit = (u[0][:, None] >= cum).sum(axis=1)
        called = suit < 4
        suit = np.where(called, suit, -1).astype(np.int8)
        lone = np.zeros(n, dtype=bool)
        lone[called] = u[1][called] < p_alone[np.nonzero(called)[0], suit[called]]
        return suit, lone


def load_model(path: Path = DATA_PATH) -> BiddingModel:
    """The model stored at ``path`` (JSON of :meth:`BiddingModel.to_dict`)."""
    return BiddingModel.from_dict(json.loads(Path(path).read_text()))


#: The point count of :data:`~solver.bidding.policy.POLICY` as a stochastic model.
POINT_COUNT = BiddingModel.from_policy(POLICY)

#: The double-dummy best-response model (``"best-response-1"``, ``benchmarks/tools/derive_bidding_model.py``).
BEST_RESPONSE = load_model(DATA_PATH)
#: The same best response with each contract's play valued single dummy (the fitted correction of
#: :mod:`solver.advisor.single_dummy`; ``"best-response-sd-3"``, four players; two-player figures the point count's).
BEST_RESPONSE_SD = load_model(SD_DATA_PATH)
#: ``"best-response-sd-2"``: the best response derived under the earlier default fit (``single-dummy-v3``), by name.
BEST_RESPONSE_SD_2 = load_model(SD_2_DATA_PATH)
#: The model the advisor and the worlds use unless told otherwise: the one fitted to players' calls
#: (``"players-1"``, ``benchmarks/tools/fit_players_model.py``).
DEFAULT = load_model(PLAYERS_PATH) if PLAYERS_PATH.exists() else BEST_RESPONSE

__all__ = ["BiddingModel", "ModelSampler", "POINT_COUNT", "BEST_RESPONSE", "BEST_RESPONSE_SD", "BEST_RESPONSE_SD_2", "DEFAULT", "load_model",
           "DATA_PATH", "PLAYERS_PATH", "SD_DATA_PATH", "HANDS5", "TABLES_KEPT", "clear_likelihood_tables",
           "five_card_ranks"]
