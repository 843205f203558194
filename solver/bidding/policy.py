"""The point-count bidding policy: how the modelled seats order up, name a suit and go alone."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ..cards import JOKER
from ..cardtables import CARD_BITS, IS_TRUMP, NCARDS, POWER, RANK, suit_counts
from ..errors import ModelError, RulesError
from .discard import dealer_discard
from .figures import figure


@dataclass(frozen=True)
class BiddingPolicy:
    """How the other seats (and later turns) bid: a point count of the bidder's own hand.

    **Points of a hand for a trump suit** (effective suits: the left bower is trump):

    ======================  ======
    joker                    3.5
    right bower              3
    left bower               2.5
    ace of trump             2
    king of trump            1.5
    queen of trump           1.25
    ten or nine of trump     1
    ace of a plain suit      1
    king of a plain suit     0.25
    each plain suit void     0.5 (only with two or more trumps)
    each trump past two      ``length_bonus`` (0 here; a fitted count may use it)
    ======================  ======

    **Round 1** (the upcard's suit): the dealer counts its hand after picking up
    and discarding by ``dealer_discard()``. The dealer's partner adds
    ``upcard_factor`` times the upcard's points (the card comes to its side);
    the dealer's opponents subtract the same. Order up when the count reaches
    ``order[rel]``, where ``rel`` is the seat's place after the dealer (1 = left
    of the dealer, 2 = partner, 3 = right, 0 = the dealer; two-player: 1 = the
    non-dealer, 0 = the dealer).

    **Round 2**: count each suit but the turned-down one; call the best (ties to
    the first of clubs, diamonds, hearts, spades) when it reaches ``call[rel]``.
    A stuck dealer (``Rules.stick_the_dealer``) always calls its best suit.

    **Alone** (four-player): when the count reaches ``alone``.

    **Dummy hands** (two-player with face-up dummies): a call also scores the
    second set of five tricks, played with the dummies, and both dummies are face
    up, so its double-dummy points for each trump with the bidder as maker are
    known to every player (e.g. +1, +2 or -2). The bidder adds those points times
    ``dummy_weight`` to the personal-hand count of that suit (round 1: the
    upcard's suit; round 2: each suit, before choosing the best) and keeps the
    two-player thresholds. The counts themselves look only at the personal
    hand (and the dealer's six personal cards for its discard): the dummy is a
    different hand, played in its own set. ``dummy_weight`` = 1.75 count units
    per point: near the two-player thresholds the first set's mean points rise by
    0.576 per count unit (fit over 20,000 random deals,
    ``benchmarks/tools/calibrate_dummy_policy.py``; 1 / 0.576 = 1.74), so the rule reads
    "call when the first set's expected points plus the second set's points are
    at least about zero".

    Thresholds (``POLICY``):

    ==========================  ======  ====  =======  =====
    seat (place after dealer)   dealer  left  partner  right
    ==========================  ======  ====  =======  =====
    order up (round 1)          5.5     5     4        5
    name a suit (round 2)       5.5     4     5.5      4
    ==========================  ======  ====  =======  =====

    Two-player, order / name: 4.5 / 4.5 for the dealer, 4.5 / 4 for the non-dealer.
    Go alone: 8.5 (every seat, both rounds).

    For example, ``Jh Jd Ah 9c 9s`` with the king of hearts up counts
    3 + 2.5 + 2 (right, left, ace) + 0.5 (no diamonds) = 8; the seat left of the
    dealer takes off 0.5 x 1.5 for the king it would hand the dealer: 7.25 >= 5,
    so it orders up, with its partner (7.25 < 8.5).

    The thresholds were set once from 20,000 random deals solved double dummy
    (``benchmarks/tools/calibrate_policy.py``): the count from which the average points
    of that call from that seat stay positive, and from which going alone beats
    playing with the partner. They are a stated model of a sound, unexceptional
    player who cannot see the other hands, not advice.
    """

    name: str = "point-count-1"
    trump_points: tuple = (1.0, 1.0, 1.25, 1.5, 2.0, 2.5, 3.0, 3.5)   # by trump order 9 T Q K A L R joker
    plain_ace: float = 1.0
    plain_king: float = 0.25
    void_bonus: float = 0.5
    upcard_factor: float = 0.5
    order: tuple = (5.5, 5.0, 4.0, 5.0)        # by rel: dealer, left, partner, right
    call: tuple = (5.5, 4.0, 5.5, 4.0)
    order_2p: tuple = (4.5, 4.5)               # two-player: dealer, non-dealer
    call_2p: tuple = (4.5, 4.0)
    alone: float = 8.5
    dummy_weight: float = 1.75                 # dummy hands: count units per point of the dummies' set
    length_bonus: float = 0.0                  # points per trump past the second (fitted counts only)

    # -- points -------------------------------------------------------------------
    def card_points(self, trump: int) -> np.ndarray:
        """(25,) points of each card when ``trump`` is trump (no void bonus)."""
        t = int(trump)
        pts = np.zeros(NCARDS)
        tp = np.array(self.trump_points)
        pts[IS_TRUMP[t]] = tp[POWER[t][IS_TRUMP[t]]]
        plain = ~IS_TRUMP[t]
        pts[plain & (RANK == 5)] = self.plain_ace
        pts[plain & (RANK == 4)] = self.plain_king
        return pts

    @lru_cache(maxsize=32)
    def _byte_points(self, trump: int) -> np.ndarray:
        """(4, 256): the card points of each value of each byte of a hand mask (kept per trump; with points in
        quarters, as the stated ones, every sum is exact whatever its order)."""
        pts = self.card_points(trump)
        out = np.zeros((4, 256))
        for v in range(256):
            for k in range(4):
                out[k, v] = sum(pts[8 * k + i] for i in range(8) if (v >> i) & 1 and 8 * k + i < NCARDS)
        out.setflags(write=False)
        return out

    def points(self, hands, trump) -> np.ndarray:
        """Points of each hand (uint32 array (n,)) for ``trump`` (an int): float64 (n,), read-only.

        Kept for the last few sets of hands (the advisor asks again for the same worlds' seats
        under each suit and each variant of the bidding model)."""
        masks = np.ascontiguousarray(np.atleast_1d(np.asarray(hands, dtype=np.uint32)))
        return self._points_of(masks.tobytes(), int(trump))

    @lru_cache(maxsize=64)
    def _points_of(self, masks_bytes: bytes, t: int) -> np.ndarray:
        masks = np.frombuffer(masks_bytes, dtype=np.uint32)
        table = self._byte_points(t)
        # four byte look-ups a hand instead of a (n, 25) product
        base = (table[0][masks & 0xFF] + table[1][(masks >> 8) & 0xFF] + table[2][(masks >> 16) & 0xFF]
                + table[3][masks >> 24])
        counts = suit_counts(masks, t)
        plain = [s for s in range(4) if s != t]
        voids = (counts[:, plain] == 0).sum(axis=1)
        out = base + self.void_bonus * voids * (counts[:, t] >= 2)
        if self.length_bonus:        # (a zero bonus adds nothing, so the stated count stays bitwise as it was)
            out = out + self.length_bonus * np.maximum(counts[:, t] - 2, 0)
        out.setflags(write=False)
        return out

    # -- decisions ----------------------------------------------------------------
    def round1(self, hands, rel: int, upcard: int, players: int = 4, bonus: float = 0.0, trump: int | None = None):
        """Order up? ``(bid, alone)`` bool arrays for hands (n,) at ``rel`` seats after the dealer.

        For the dealer (``rel`` 0) ``hands`` are its five cards before picking up.
        ``bonus``: count added to every hand (dummy hands: ``dummy_weight`` times the
        dummies' set's points for the bidder as maker of the upcard's suit); ``trump``: the suit a
        turned-up joker proposes (the dealer named it).
        """
        masks = np.atleast_1d(np.asarray(hands, dtype=np.uint32))
        t = trump if trump is not None else int(upcard) % 4 if upcard != JOKER else None
        if t is None:
            raise RulesError("upcard B: a turned-up joker is not supported by the bidding policy")
        if rel == 0:
            six = masks | np.uint32(1 << int(upcard))
            gone = dealer_discard(six, t)
            score = self.points(six & ~CARD_BITS[gone], t)
        else:
            up = self.card_points(t)[int(upcard)] * self.upcard_factor
            partner = players == 4 and rel == 2    # places as laws.place_after_dealer: 2 = partner
            score = self.points(masks, t) + (up if partner else -up)
        score = score + bonus
        need = (self.order_2p if players == 2 else self.order)[rel]
        bid = score >= need
        alone = bid & (score >= self.alone) & (players == 4)
        return bid, alone

    def round2(self, hands, rel: int, turned_down: int, stuck: bool = False, players: int = 4, bonus=None):
        """Name a suit? ``(suit, alone)``: int8 suit per hand (-1 = pass) and a bool array.

        ``bonus``: optional count per suit (4 values, clubs to spades) added before the
        best suit is chosen (dummy hands, see the class docs).
        """
        masks = np.atleast_1d(np.asarray(hands, dtype=np.uint32))
        suits = [s for s in range(4) if s != turned_down]
        extra = [0.0] * 4 if bonus is None else [float(b) for b in bonus]
        scores = np.column_stack([self.points(masks, s) + extra[s] for s in suits])
        best = np.argmax(scores, axis=1)
        score = scores[np.arange(masks.size), best]
        need = (self.call_2p if players == 2 else self.call)[rel]
        bid = (score >= need) | stuck
        suit = np.where(bid, np.array(suits)[best], -1).astype(np.int8)
        alone = bid & (score >= self.alone) & (players == 4)
        return suit, alone

    def to_dict(self) -> dict:
        return {"name": self.name, "trump_points": dict(zip(["9", "T", "Q", "K", "A", "left", "right", "joker"],
                                                            self.trump_points)),
                "plain_ace": self.plain_ace, "plain_king": self.plain_king, "void_bonus": self.void_bonus,
                "upcard_factor": self.upcard_factor,
                "order": dict(zip(["dealer", "left", "partner", "right"], self.order)),
                "call": dict(zip(["dealer", "left", "partner", "right"], self.call)),
                "order_2p": dict(zip(["dealer", "non_dealer"], self.order_2p)),
                "call_2p": dict(zip(["dealer", "non_dealer"], self.call_2p)), "alone": self.alone,
                "length_bonus": self.length_bonus, "dummy_weight": self.dummy_weight}

    @classmethod
    def from_dict(cls, data: dict) -> "BiddingPolicy":
        """Inverse of :meth:`to_dict`.

        Raises:
            ModelError (a :class:`RulesError`): an unknown key, a value of the wrong shape, or a number that is
                not a finite one within ``MAX_FIGURE`` (a bool or text included),
                naming its path (``trump_points/A``).
        """
        if not isinstance(data, dict):
            raise ModelError(f"bidding policy: expected an object, got {type(data).__name__}")
        unknown = set(data) - set(cls().to_dict())
        if unknown:
            raise ModelError(f"bidding policy: unknown keys {sorted(unknown)}")
        kw = dict(data)
        try:
            for key in _SCALARS:
                if key in kw:
                    kw[key] = figure(kw[key], key)
            for key, names in (("trump_points", TRUMP_KEYS), ("order", PLACE_KEYS), ("call", PLACE_KEYS),
                               ("order_2p", PLACE_KEYS_2P), ("call_2p", PLACE_KEYS_2P)):
                if key in kw:
                    kw[key] = tuple(figure(kw[key][k], f"{key}/{k}") for k in names)
        except (KeyError, TypeError) as e:
            raise ModelError(f"bidding policy: {e!r} in its points or thresholds") from None
        except ModelError as e:
            raise ModelError(f"bidding policy: {e}") from None
        return cls(**kw)


#: The keys of a count's points and thresholds in its JSON (:meth:`BiddingPolicy.to_dict`).
TRUMP_KEYS = ("9", "T", "Q", "K", "A", "left", "right", "joker")
PLACE_KEYS = ("dealer", "left", "partner", "right")
PLACE_KEYS_2P = ("dealer", "non_dealer")
_SCALARS = ("plain_ace", "plain_king", "void_bonus", "upcard_factor", "alone", "length_bonus", "dummy_weight")


#: The bidding policy the advisor gives the seats that bid after the advised one.
POLICY = BiddingPolicy()


__all__ = ["BiddingPolicy", "POLICY", "TRUMP_KEYS", "PLACE_KEYS", "PLACE_KEYS_2P"]
