"""Bid advice: make, march and euchre chances and expected points for every call open to a seat.

What the numbers mean
---------------------
The seat to bid sees its own five cards and the upcard. The advisor deals the
cards it cannot see into the other hands and the kitty many times over
("worlds"), uniformly among the deals consistent with what the seat knows
(:mod:`solver.worlds`); in two-player euchre there are few enough deals
(C(18,5) = 8,568) to try every one, and the figures are then exact. Each
possible call is played out in every world *double dummy*: every player plays
as if all the hands were face up. For each call it reports

* ``p_make``: the chance that the seat's side names trump and takes 3 or more tricks;
* ``p_march``: the chance that it names trump and takes all 5;
* ``p_euchred``: the chance that it names trump and takes fewer than 3;
* ``expected_points``: the average points the hand scores for the seat's side
  (negative when the other side scores; 0 for a hand thrown in);

each with a 95% interval (Wilson's for the chances, Student's t for the
points; a single point when exact). For a call these describe the seat's own
call. For ``pass`` they describe what the rest of the auction then produces,
with the later seats bidding by a stated rule that looks only at their own
hand (:data:`POLICY`, below), so ``p_make`` of a pass is the chance that the
partner (or the seat itself, in round 2) names trump and makes it. All calls
are judged on the same worlds, so their differences are sharper than their
separate intervals suggest; ``margin`` is the recommended call's lead in
expected points over the next best, with a 95% interval for that difference.

Double-dummy play is optimistic: nobody ever guesses wrong. Every opening
lead is the best one and every guess between two cards comes out right, which
flatters the side that can use that knowledge (a defence that finds the one
killing lead, a maker who always drops the missing bower). Read the figures as
"with perfect card play by everyone", and compare calls with each
other rather than reading one figure as the chance at a real table.

The rules of the auction model
------------------------------
* Earlier passes are not used to weight the worlds (a pass says something about
  a hand; the first version ignores it).
* **Later bidding** (:class:`BiddingPolicy`, the instance :data:`POLICY`): a
  point count of the bidder's own hand, thresholds by seat. See its docstring.
* **The dealer's discard** when another seat orders up (:func:`dealer_discard`):
  keep trumps and aces; throw a lone non-ace card to make a void, else the
  lowest card of a plain suit. Uses only the dealer's six cards.
* When the seat itself is the dealer and picks up, every one of the six
  discards is tried on the same worlds and the best is reported, with all six
  in ``Option.discards`` (with sampled worlds, a discard clearly worse on the
  first 250 worlds is not played on the rest; see :func:`_best_discard`).
* When the seat passes in round 1 and the bidding comes back to it in round 2,
  it makes the single round-2 call (or pass) that is best over the worlds that
  reach that point (``own_round2="best"``, default; one choice for all those
  worlds, so it uses no knowledge of the other hands, though picking the best
  of seven on the same worlds is slightly optimistic), or follows the policy
  (``own_round2="policy"``).
* Nobody defends alone (``Rules.defend_alone``): the policy never does.

Two-player euchre with dummy hands
----------------------------------
With ``Rules(players=2, dummy_hands=True)`` each player also has a face-up
dummy (``advise(..., dummies={"N": "...", "S": "..."})``). The seat sees its own
five cards, both dummies and the upcard, so only eight cards are unseen (24 -
5 - 10 - 1; nine with the joker): the opponent's five personal cards and the
kitty's three face-down cards. Every placement is enumerated (C(8,5) = 56; 126
with the joker) and the figures are **exact**. A call is scored over both sets
of five tricks: tricks 1-5 with the personal hands (double dummy in each world,
the dealer picking the upcard up into its personal hand), plus tricks 6-10 with
the dummies, a separate two-player double-dummy game led by the non-dealer with
the same trump and maker; the dummies are known, so the second set's result is
the same in every world. ``expected_points`` and ``outcomes`` sum the two sets.
``p_make`` is the chance that the seat's side names trump and is euchred in
neither set (makes both), ``p_march`` that it takes all ten, ``p_euchred`` that
it names trump and is euchred in at least one set (so ``p_make + p_euchred``
is the chance that it names trump, as in the other variants). Each option's
``phases`` gives the same figures for each set on its own.

* **The dealer's discard** (:func:`dealer_discard`) looks at the dealer's six
  personal cards only: the dummy is not part of the hand that picks up and is
  played later, in its own set; it is not touched.
* **The bidding policy** adds to the personal-hand count, for each suit, the
  second set's double-dummy points for the bidder as maker (public: both dummies
  are face up) times ``BiddingPolicy.dummy_weight`` (see :class:`BiddingPolicy`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from . import dd
from .cards import JOKER, Card, Seat, Suit, cards_of, format_cards, mask_of, parse_cards, parse_deal
from .errors import CardError, IllegalActionError, PositionError, RulesError
from .bidding import POLICY, BiddingPolicy, dealer_discard
from .cardtables import CARD_BITS
from .rules import Rules
from .stats import mean_interval, t_quantile, wilson  # noqa: F401  (t_quantile re-exported)
from .worlds import EXACT_LIMIT, Worlds, bid_space

MIN_WORLDS = 10
MAX_WORLDS = 100_000
MAX_THREADS = 256

# ----------------------------------------------------------------- results


@dataclass(frozen=True)
class Option:
    """One call open to the seat, with its figures over the worlds.

    Attributes:
        action: ``"pass"``, ``"order"`` (order up / assist / pick it up) or ``"call"`` (round 2).
        trump: the trump :class:`Suit` the call makes (``None`` for pass).
        alone: the seat goes alone.
        discard: the dealer's discard when the seat is the dealer picking up (the best one).
        p_make, p_march, p_euchred: chances (see :mod:`solver.advisor`), each with a
            95% Wilson interval ``*_interval`` ``(low, high)``.
        expected_points: mean points for the seat's side; ``points_interval`` its 95% interval.
        worlds: worlds used; exact: the worlds are every possible deal.
        outcomes: ``{points: chance}`` for the seat's side (e.g. ``{-2: 0.1, 1: 0.6, 2: 0.3}``).
        discards: for a dealer's pickup, every discard tried: ``{card: {"expected_points",
            "points_interval", "worlds", "screened_out"}}`` (see :func:`_best_discard`:
            a discard clearly worse on the first worlds is not played on the rest).
        auction: for a pass, who ends up naming trump: ``{"N": p, ..., "thrown_in": p}``.
        seat, dealer: for naming the call (``"assist"``, ``"pick it up"``).
        world_points: int array: the seat's side's points in each world, in the order
            of :attr:`Advice.drawn` (for paired comparisons; not in :meth:`to_dict`).
        phases: dummy hands only (else ``None``): the figures of each set of five tricks
            on its own, ``({"hands": "personal", ...}, {"hands": "dummy", ...})``, each with
            ``p_make``, ``p_march``, ``p_euchred``, ``expected_points`` and their intervals.
            The option's own figures are for the whole hand (see :mod:`solver.advisor`).
    """

    action: str
    trump: Suit | None
    alone: bool
    discard: Card | None
    p_make: float
    p_march: float
    p_euchred: float
    expected_points: float
    p_make_interval: tuple
    p_march_interval: tuple
    p_euchred_interval: tuple
    points_interval: tuple
    worlds: int
    exact: bool
    outcomes: dict = field(default_factory=dict)
    discards: dict | None = None
    auction: dict | None = None
    seat: Seat | None = field(default=None, compare=False)
    dealer: Seat | None = field(default=None, compare=False)
    players: int = field(default=4, compare=False)
    world_points: np.ndarray | None = field(default=None, repr=False, compare=False)
    phases: tuple | None = None

    @property
    def call(self) -> str:
        """The call as a short token accepted by ``advise(calls=...)``: ``order alone``, ``call h``, ``pass``."""
        if self.action == "pass":
            return "pass"
        text = "order" if self.action == "order" else f"call {self.trump.letter}"
        return text + (" alone" if self.alone else "")

    @property
    def name(self) -> str:
        """Plain words: ``pass``, ``order up``, ``assist``, ``pick it up``, ``call hearts``, ``... alone``."""
        if self.action == "pass":
            return "pass"
        if self.action == "call":
            text = f"call {Suit(self.trump).word}"
        elif self.seat is not None and self.seat == self.dealer:
            text = "pick it up"
        elif self.seat is not None and self.players == 4 and self.seat == Seat(self.dealer).partner:
            text = "assist"
        else:
            text = "order up"
        if self.discard is not None:
            text += f", discard {self.discard}"
        return text + (" alone" if self.alone else "")

    def to_dict(self) -> dict:
        return {
            "call": self.call,
            "name": self.name,
            "action": self.action,
            "trump": None if self.trump is None else self.trump.letter,
            "alone": self.alone,
            "discard": None if self.discard is None else str(self.discard),
            "p_make": self.p_make,
            "p_make_interval": list(self.p_make_interval),
            "p_march": self.p_march,
            "p_march_interval": list(self.p_march_interval),
            "p_euchred": self.p_euchred,
            "p_euchred_interval": list(self.p_euchred_interval),
            "expected_points": self.expected_points,
            "points_interval": list(self.points_interval),
            "worlds": self.worlds,
            "exact": self.exact,
            "outcomes": {str(k): v for k, v in sorted(self.outcomes.items())},
            "discards": None if self.discards is None else {str(k): v for k, v in self.discards.items()},
            "auction": None if self.auction is None else dict(self.auction),
            **({} if self.phases is None else {"phases": [dict(p) for p in self.phases]}),
        }


@dataclass(frozen=True)
class Advice:
    """The advisor's answer for one decision (see :mod:`solver.advisor` for what the numbers mean).

    Attributes:
        options: one :class:`Option` per legal call (pass first, then the calls by
            suit, each without then with going alone).
        recommended: the option with the highest expected points.
        margin: its lead in expected points over the next best option;
            ``margin_interval`` a 95% interval for that difference (paired over the
            same worlds).
        worlds: worlds used; exact: every possible deal was used; placements: how
            many deals are consistent with what the seat knows.
        hand, upcard, seat, dealer, round, rules, seed: the question asked.
        policy: the :class:`BiddingPolicy` of the later seats; own_round2: how the
            seat's own round-2 turn after a round-1 pass is played.
        drawn: the :class:`~solver.worlds.Worlds` used (not in :meth:`to_dict`).
        dummies: dummy hands: the two face-up dummies ``(N's cards, S's cards)``; else ``None``.

    ``str(advice)`` is a table for people; :meth:`to_dict` the same for programs
    (plain JSON types; ``"version": 1`` names this layout, which only grows).

    Double dummy: every player is assumed to play as if all cards were visible,
    which flatters the side that can use that knowledge; compare options with
    each other rather than reading one figure as the chance at the table.
    """

    hand: tuple
    upcard: Card
    seat: Seat
    dealer: Seat
    round: int
    rules: Rules
    options: tuple
    recommended: Option
    margin: float
    margin_interval: tuple
    worlds: int
    exact: bool
    placements: int
    seed: int | None
    policy: BiddingPolicy = POLICY
    own_round2: str = "best"
    drawn: Worlds | None = field(default=None, repr=False, compare=False)
    dummies: tuple | None = None

    def option(self, call: str) -> Option:
        """The option for a call token (``"pass"``, ``"order alone"``, ``"call h"``)."""
        for o in self.options:
            if o.call == call:
                return o
        raise IllegalActionError(f"call {call!r}: not among this advice's options "
                                 f"({', '.join(o.call for o in self.options)})")

    def to_dict(self) -> dict:
        out = {
            "version": 1,
            "hand": format_cards(self.hand),
            "upcard": str(self.upcard),
            "seat": str(self.seat),
            "dealer": str(self.dealer),
            "round": self.round,
            "turned_down": str(Suit(self.upcard % 4).letter) if self.round == 2 else None,
            "rules": self.rules.to_dict(),
            "worlds": self.worlds,
            "exact": self.exact,
            "placements": self.placements,
            "seed": self.seed,
            "method": {
                "play": "double dummy",
                "worlds": "uniform over deals consistent with the seat's hand and the upcard; "
                          "earlier passes not used",
                "policy": self.policy.to_dict(),
                "dealer_discard": "keep trumps and aces; throw a lone plain card, else the lowest plain card",
                "own_round2": self.own_round2,
                "intervals": "95%: Wilson for chances, Student t for points; paired for the margin",
            },
            "options": [o.to_dict() for o in self.options],
            "recommended": self.recommended.call,
            "margin": self.margin,
            "margin_interval": list(self.margin_interval),
        }
        if self.dummies is not None:
            out["dummies"] = {"N": format_cards(self.dummies[0]), "S": format_cards(self.dummies[1])}
            out["method"]["worlds"] = ("every placement of the unseen cards (the opponent's personal hand and the "
                                       "kitty's face-down cards) consistent with the seat's hand, both face-up "
                                       "dummies and the upcard; earlier passes not used")
            out["method"]["dummy_hands"] = {
                "points": "both sets of five summed: tricks 1-5 with the personal hands, tricks 6-10 with the "
                          "dummies (double dummy, the non-dealer leading, the same in every world)",
                "p_make": "names trump and is euchred in neither set; p_march: takes all ten; "
                          "p_euchred: names trump and is euchred in at least one set",
                "dealer_discard": "from the dealer's six personal cards only; the dummy is not touched",
                "policy": "adds dummy_weight x the dummies' set's points (bidder as maker) to each suit's count",
                "dummy_weight": self.policy.dummy_weight,
            }
        return out

    def __str__(self) -> str:
        head = (f"{self.seat} holds {format_cards(self.hand)}; upcard {self.upcard}"
                f"{' turned down' if self.round == 2 else ''}; dealer {self.dealer}; round {self.round}; "
                f"{self.worlds} worlds{' (exact)' if self.exact else ''}")
        lines = [head]
        split = ""
        if self.dummies is not None:
            lines.append(f"dummies face up: N {format_cards(self.dummies[0])}, S {format_cards(self.dummies[1])}; "
                         "points and chances cover both sets of five (tricks 1-5 personal, 6-10 dummies)")
            split = f" {'1-5':>7} {'6-10':>7}"
        lines.append(f"{'option':<28} {'P(make)':>8} {'P(march)':>8} {'P(euchred)':>10} {'points':>16}{split}")
        for o in self.options:
            half = (o.points_interval[1] - o.points_interval[0]) / 2
            pts = f"{o.expected_points:+.3f}" + ("" if o.exact else f" ±{half:.3f}")
            mark = " *" if o is self.recommended else ""
            sets = "" if o.phases is None else "".join(f" {p['expected_points']:+7.3f}" for p in o.phases)
            lines.append(f"{o.name:<28} {o.p_make:8.3f} {o.p_march:8.3f} {o.p_euchred:10.3f} {pts:>16}{sets}{mark}")
        if len(self.options) > 1:
            lo, hi = self.margin_interval
            spread = "" if self.exact else f", 95% {lo:+.3f} to {hi:+.3f}"
            lines.append(f"recommended: {self.recommended.name} (by {self.margin:.3f} points{spread})")
        else:
            lines.append(f"recommended: {self.recommended.name} (the only option asked for)")
        return "\n".join(lines)


# makers' tricks that stand for each scoring band: euchred, made, march
_BAND_TRICKS = np.array([2, 3, 5], dtype=np.int8)


# ----------------------------------------------------------------- the engine
class _Engine:
    """Solves the worlds of one decision under a configuration, caching by configuration.

    A configuration is ``(trump, alone_seat, pickup)``: ``alone_seat`` -1 for none;
    ``pickup`` ``None`` (round 2, the upcard stays down), ``"h"`` (the dealer picks
    up and discards by :func:`dealer_discard`) or a card index (the dealer, the
    advised seat, discards that card). Two calls with the same configuration are
    the same double-dummy positions whoever made them, so they are solved once
    (the makers' side only changes how the result is read).
    """

    def __init__(self, worlds: Worlds, seat: int, dealer: int, upcard: int, rules: Rules, threads: int,
                 dummies=None):
        self.base = worlds.hands
        self.n = len(worlds)
        self.seat, self.dealer, self.upcard, self.rules, self.threads = seat, dealer, upcard, rules, threads
        self.players = rules.players
        self.dummies = dummies            # dummy hands: 4 bitmasks of the face-up dummies, else None
        self.cache: dict = {}
        self.dummy_cache: dict = {}
        self.solved = 0

    def dummy_tricks(self, trump: int, makers_side: int) -> int:
        """Dummy hands: the makers' band (2 euchred, 3 made, 5 march) of tricks 6-10, played
        double dummy with the two face-up dummies, the non-dealer leading. The same in
        every world (the dummies are known), so solved once per trump and makers."""
        key = (int(trump), int(makers_side))
        if key not in self.dummy_cache:
            hands = np.array([self.dummies], dtype=np.uint32)
            leader = int(dd.first_leader(self.dealer, self.rules))
            band = dd.solve_batch(hands, int(trump), leader, int(makers_side), 0b0101, 2, 1, bands=True)[0]
            self.dummy_cache[key] = int(_BAND_TRICKS[band])
        return self.dummy_cache[key]

    def _normal(self, trump, alone, pickup):
        if alone >= 0 and (alone + 2) % 4 == self.dealer:
            pickup = None                    # the dealer sits out: the upcard takes no part in play
        return (int(trump), int(alone), pickup)

    def makers_tricks(self, config, makers_side: int, rows: np.ndarray) -> np.ndarray:
        """Makers' tricks, as the scoring band's representative (2 euchred, 3 made, 5 march),
        for ``rows`` of the worlds under ``config`` with ``makers_side`` (solving what is missing).

        Scoring reads only the band, and the core finds a band with one or two zero-window
        tests (``solve_batch(bands=True)``) instead of the exact count.
        """
        key = (config, makers_side)
        entry = self.cache.get(key)
        if entry is None:
            entry = self.cache[key] = (np.zeros(self.n, dtype=np.int8), np.zeros(self.n, dtype=bool))
        values, have = entry
        need = rows[~have[rows]]
        if need.size:
            trump, alone, pickup = config
            hands = self.base[need].copy()
            d = self.dealer
            if pickup is not None:
                six = hands[:, d] | np.uint32(1 << self.upcard)
                keep = None if self.rules.dealer_may_discard_upcard else self.upcard
                gone = dealer_discard(six, trump, keep) if pickup == "h" else np.full(need.size, pickup)
                hands[:, d] = six & ~CARD_BITS[gone]
            in_play = 0b1111 if self.players == 4 else 0b0101
            lone = None
            if alone >= 0:
                partner = (alone + 2) % 4
                hands[:, partner] = 0
                in_play &= ~(1 << partner)
                lone = alone
            leader = int(dd.first_leader(d, self.rules, alone=lone))
            bands = dd.solve_batch(hands, trump, leader, makers_side, in_play, self.players, self.threads,
                                   bands=True)
            values[need] = _BAND_TRICKS[bands]
            have[need] = True
            self.solved += need.size
        return values[rows]

    def outcome(self, rows, maker, trump, alone, pickup):
        """Makers' tricks (band representatives) for rows where ``maker`` (seat array, all >= 0)
        made ``trump`` (array).

        ``alone`` bool array; ``pickup`` one value for all rows (see the class doc).
        """
        tricks = np.zeros(rows.size, dtype=np.int8)
        alone_seat = np.where(alone, maker, -1)
        makers_side = self.side_of(maker)
        # one small integer per (trump, loner seat or -1, makers' side): grouping on 1-D keys is cheap
        keys = (trump.astype(np.int64) * 5 + alone_seat.astype(np.int64) + 1) * 2 + makers_side.astype(np.int64)
        for key in np.unique(keys):
            sel = keys == key
            side, rest = int(key) % 2, int(key) // 2
            config = self._normal(rest // 5, rest % 5 - 1, pickup)
            tricks[sel] = self.makers_tricks(config, side, rows[sel])
        return tricks

    def side_of(self, seats):
        seats = np.asarray(seats)
        return seats // 2 if self.players == 2 else seats % 2


@dataclass
class _Result:
    """Per-world outcome of one option: who made trump, with what, tricks, points for the seat's side."""

    rows: np.ndarray          # world indices
    maker: np.ndarray         # seat (-1: thrown in)
    trump: np.ndarray
    alone: np.ndarray
    tricks: np.ndarray        # makers' tricks (dummy hands: of tricks 1-5)
    points: np.ndarray        # for the advised seat's side (dummy hands: both sets summed)
    tricks2: np.ndarray | None = None   # dummy hands: makers' tricks 6-10 (band representative)
    points2: np.ndarray | None = None   # dummy hands: the seat's side's points of tricks 6-10


class _Advisor:
    def __init__(self, hand_mask, upcard, seat, dealer, rnd, rules, worlds, threads, policy, own_round2,
                 dummies=None):
        self.hand, self.up, self.seat, self.dealer, self.round = hand_mask, upcard, seat, dealer, rnd
        self.rules, self.policy, self.own_round2 = rules, policy, own_round2
        self.players = rules.players
        self.worlds = worlds
        self.dummies = dummies
        self.engine = _Engine(worlds, seat, dealer, upcard, rules, threads, dummies)
        self.order = self._bidding_order()
        self.up_suit = upcard % 4
        self.my_side = self.engine.side_of(seat)
        pts = np.zeros((2, 6), dtype=np.int64)
        for a in (0, 1):
            for t in range(6):
                pts[a, t] = dd.makers_points(t, rules, alone=bool(a))
        self.points_table = pts

    def _bidding_order(self):
        d = self.dealer
        if self.players == 2:
            return [(d + 2) % 4, d]
        return [(d + i) % 4 for i in (1, 2, 3, 4)]

    def rel(self, p):
        return 1 if (self.players == 2 and p != self.dealer) else (p - self.dealer) % 4

    # -- dummy hands ----------------------------------------------------------------
    def dummy_points(self, trump, maker) -> int:
        """Dummy hands: the makers' points of tricks 6-10 when ``maker`` made ``trump``."""
        return int(self.points_table[0, self.engine.dummy_tricks(trump, self.engine.side_of(maker))])

    def bonus1(self, p) -> float:
        """The policy's count bonus for seat ``p`` ordering up (0 without dummy hands)."""
        return 0.0 if self.dummies is None else self.policy.dummy_weight * self.dummy_points(self.up_suit, p)

    def bonus2(self, p):
        """The policy's count bonus per suit for seat ``p`` naming a suit (``None`` without dummy hands)."""
        if self.dummies is None:
            return None
        return [self.policy.dummy_weight * self.dummy_points(s, p) for s in range(4)]

    # -- scoring ----------------------------------------------------------------
    def finish(self, rows, maker, trump, alone, pickup) -> _Result:
        """Solve and score ``rows`` where ``maker`` made ``trump`` (maker -1: the hand is thrown in).

        ``pickup`` applies to every row: ``None`` (round 2), ``"h"`` or a discard card index.
        """
        maker = np.broadcast_to(np.asarray(maker, dtype=np.int64), rows.shape).copy()
        trump = np.broadcast_to(np.asarray(trump, dtype=np.int64), rows.shape).copy()
        alone = np.broadcast_to(np.asarray(alone, dtype=bool), rows.shape).copy()
        tricks = np.zeros(rows.size, dtype=np.int8)
        points = np.zeros(rows.size, dtype=np.int64)
        tricks2 = np.zeros(rows.size, dtype=np.int8)
        points2 = np.zeros(rows.size, dtype=np.int64)
        played = maker >= 0
        if played.any():
            tricks[played] = self.engine.outcome(rows[played], maker[played], trump[played], alone[played], pickup)
            mp = self.points_table[alone[played].astype(int), tricks[played]]
            ours = self.engine.side_of(maker[played]) == self.my_side
            points[played] = np.where(ours, mp, -mp)
            if self.dummies is not None:       # tricks 6-10 with the dummies: one value per trump and makers
                idx = np.nonzero(played)[0]
                sides = self.engine.side_of(maker[idx])
                for t, side in set(zip(trump[idx].tolist(), sides.tolist())):
                    sel = idx[(trump[idx] == t) & (sides == side)]
                    tricks2[sel] = self.engine.dummy_tricks(t, side)
                mp2 = self.points_table[0, tricks2[idx]]
                points2[idx] = np.where(ours, mp2, -mp2)
                points += points2
        return _Result(rows, maker, trump, alone, tricks, points, tricks2, points2)

    # -- the auction after a pass -------------------------------------------------
    def round1_from(self, rows, start) -> _Result:
        """Bid out the auction for ``rows`` from position ``start`` of round 1, then round 2."""
        open_ = np.ones(rows.size, dtype=bool)
        maker = np.full(rows.size, -1, dtype=np.int64)
        alone = np.zeros(rows.size, dtype=bool)
        for p in self.order[start:]:
            idx = np.nonzero(open_)[0]
            if not idx.size:
                break
            bid, lone = self.policy.round1(self.engine.base[rows[idx], p], self.rel(p), self.up, self.players,
                                           self.bonus1(p))
            maker[idx[bid]] = p
            alone[idx[bid]] = lone[bid]
            open_[idx[bid]] = False
        done = ~open_
        parts = [self.finish(rows[done], maker[done], self.up_suit, alone[done], "h")]
        if open_.any():
            parts.append(self.round2_from(rows[open_], 0, self.own_round2))
        return _merge(parts, rows)

    def round2_from(self, rows, start, own: str) -> _Result:
        """Round 2 for ``rows`` from position ``start`` of the bidding order.

        The advised seat, if reached, plays ``own``: ``"policy"``, or ``"best"`` (the
        single call or pass that is best over the worlds reaching it).
        """
        maker = np.full(rows.size, -1, dtype=np.int64)
        trump = np.zeros(rows.size, dtype=np.int64)
        alone = np.zeros(rows.size, dtype=bool)
        open_ = np.ones(rows.size, dtype=bool)
        for i in range(start, len(self.order)):
            p = self.order[i]
            idx = np.nonzero(open_)[0]
            if not idx.size:
                break
            if p == self.seat and own == "best":
                done = ~open_
                first = self.finish(rows[done], maker[done], trump[done], alone[done], None)
                return _merge([first, self.own_round2_best(rows[idx], i)], rows)
            stuck = self.rules.stick_the_dealer and p == self.dealer
            suit, lone = self.policy.round2(self.engine.base[rows[idx], p], self.rel(p), self.up_suit,
                                            stuck, self.players, self.bonus2(p))
            bid = suit >= 0
            maker[idx[bid]] = p
            trump[idx[bid]] = suit[bid]
            alone[idx[bid]] = lone[bid]
            open_[idx[bid]] = False
        return self.finish(rows, maker, trump, alone, None)

    def own_round2_best(self, rows, i) -> _Result:
        """The advised seat's own round-2 turn: the one call (or pass) best on average over ``rows``."""
        best = None
        forced = self.rules.stick_the_dealer and self.seat == self.dealer
        for choice in self.round2_choices(forced):
            if choice == "pass":
                res = self.round2_from(rows, i + 1, "policy")
            else:
                suit, lone = choice
                res = self.finish(rows, self.seat, suit, lone, None)
            if best is None or res.points.mean() > best.points.mean() + 1e-12:
                best = res
        return best

    def round2_choices(self, forced: bool):
        """Round-2 choices of the advised seat, in the options' order: pass, then each suit (alone after)."""
        out = [] if forced else ["pass"]
        for s in range(4):
            if s == self.up_suit:
                continue
            out.append((s, False))
            if self.players == 4:
                out.append((s, True))
        return out


def _merge(parts, rows) -> _Result:
    """Concatenate partial results and put them back in the order of ``rows``."""
    parts = [p for p in parts if p.rows.size]
    if not parts:
        empty = np.zeros(0, dtype=np.int64)
        return _Result(rows[:0], empty, empty, empty.astype(bool), empty.astype(np.int8), empty,
                       empty.astype(np.int8), empty)
    cat = {k: np.concatenate([getattr(p, k) for p in parts]) for k in ("rows", "maker", "trump", "alone",
                                                                     "tricks", "points", "tricks2", "points2")}
    order = np.argsort(cat["rows"], kind="stable")
    pos = np.searchsorted(cat["rows"][order], rows)
    idx = order[pos]
    return _Result(rows, cat["maker"][idx], cat["trump"][idx], cat["alone"][idx], cat["tricks"][idx],
                   cat["points"][idx], cat["tricks2"][idx], cat["points2"][idx])


# ----------------------------------------------------------------- input checking
def _parse_calls(calls, rnd, up_suit, seat, dealer, rules):
    """The call tokens to evaluate, validated; ``None`` means all legal calls."""
    if calls is None:
        return None
    if isinstance(calls, str):
        calls = [calls]
    out = []
    for token in calls:
        if not isinstance(token, str):
            raise IllegalActionError(f"call {token!r}: expected text such as 'pass', 'order alone', 'call h'")
        words = token.strip().lower().replace("-", " ").split()
        alone = bool(words) and words[-1] == "alone"
        if alone:
            words = words[:-1]
        text = " ".join(words)
        if alone and rules.players == 2:
            raise IllegalActionError(f"call {token!r}: there is no going alone in two-player euchre")
        if text == "pass":
            if alone:
                raise IllegalActionError(f"call {token!r}: a pass cannot go alone")
            if rnd == 2 and seat == dealer and rules.stick_the_dealer:
                raise IllegalActionError(f"call {token!r}: the dealer is stuck and must name a suit")
            out.append("pass")
            continue
        if text in ("order", "order up", "pick up", "pick it up", "assist", "pickup"):
            if rnd != 1:
                raise IllegalActionError(f"call {token!r}: the upcard is turned down in round 2; name a suit")
            out.append("order" + (" alone" if alone else ""))
            continue
        if words and words[0] in ("call", "name"):
            words = words[1:]
        if len(words) == 1:
            try:
                suit = Suit.parse(words[0])
            except CardError:
                suit = None
            if suit is not None:
                if rnd != 2:
                    raise IllegalActionError(f"call {token!r}: in round 1 the only call is to order up "
                                             f"{Suit(up_suit).word}")
                if suit == up_suit:
                    raise IllegalActionError(f"call {token!r}: {Suit(up_suit).word} was turned down and "
                                             "cannot be named in round 2")
                out.append(f"call {suit.letter}" + (" alone" if alone else ""))
                continue
        raise IllegalActionError(f"call {token!r}: expected 'pass', 'order', 'call <suit>', "
                                 "optionally followed by 'alone'")
    return out


def _check_int(value, name, low, high):
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not low <= value <= high:
        raise RulesError(f"{name} {value!r}: must be a whole number {low}..{high}")
    return int(value)


# ----------------------------------------------------------------- the entry point
def advise(hand, upcard, seat, dealer, round=1, rules: Rules | None = None, worlds: int = 2000, seed=None,
           threads: int = 1, *, calls=None, own_round2: str = "best", exact_limit: int = EXACT_LIMIT,
           policy: BiddingPolicy | None = None, dummies=None) -> Advice:
    """Advice for one bidding decision: every legal call with its chances and expected points.

    Args:
        hand: the seat's five cards (``"9d Ac Tc Kd Jd"``, a list of cards, PBN ``S.H.D.C``).
        upcard: the card turned up (in round 2: the card that was turned down).
        seat: the seat to bid (``"N"`` ...); dealer: the dealer.
        round: 1 (the upcard is up) or 2 (it was turned down; name another suit).
        rules: :class:`Rules` (players 4 or 2, joker, stick the dealer, loner lead, scores).
        worlds: how many deals to sample (10..100,000); ignored when the deals are
            few enough to enumerate (at most ``exact_limit``, e.g. two-player), in
            which case every one is used and the figures are exact.
        seed: int seed of the sampling (``None``: a fresh one, recorded in
            :attr:`Advice.seed`). The same seed gives the same answer, whatever ``threads``.
        threads: threads for the double-dummy solving (the GIL is released).
        calls: evaluate only these calls (tokens as :attr:`Option.call`:
            ``"pass"``, ``"order"``, ``"order alone"``, ``"call h"``, ``"call h alone"``).
        own_round2: ``"best"`` or ``"policy"``: how the seat's own round-2 turn is
            played in the worlds where it passes in round 1 and the bidding comes back.
        exact_limit: enumerate every deal when there are at most this many.
        policy: the :class:`BiddingPolicy` of the other seats (default :data:`POLICY`).
        dummies: dummy hands (``Rules(players=2, dummy_hands=True)``, and only then): both
            face-up dummies, ``{"N": "9s Ts Qs Ks 9d", "S": "As Td Qd Kd Ad"}`` or the text
            ``"N:9s Ts Qs Ks 9d S:As Td Qd Kd Ad"``. Only the opponent's hand and the kitty's
            face-down cards are then unseen (8 cards, 56 placements), so the figures are
            exact; points and chances cover both sets of five tricks (see :mod:`solver.advisor`).

    Returns: an :class:`Advice`.

    In plain words: the advisor deals the cards the seat cannot see in many
    different ways (every way, when there are few enough, and then the figures
    are exact), plays each call out in every deal, and averages. P(make) is the
    chance the seat's side names trump and takes three or more tricks, P(march)
    all five, P(euchred) fewer than three; expected points are the average score
    of the hand for the seat's side (negative when the other side scores; a hand
    thrown in scores 0). A pass is scored by what the rest of the auction then
    does, the other seats bidding by a stated point count of their own cards.
    Each figure has a 95% interval; the recommendation is the call with the most
    expected points and the margin is its lead over the next best. Every card is
    played double dummy, as if all hands were face up: nobody ever guesses wrong,
    which flatters the side that can use that knowledge, so compare calls with
    each other rather than reading one figure as the chance at a real table.
    More in the documentation of :mod:`solver.advisor`.

    Raises:
        CardError: a card that cannot be read, or a card twice in the hand.
        PositionError: a hand that is not five cards, the upcard in the hand, a seat
            that does not play (two-player: N and S only).
        IllegalActionError: a round other than 1 or 2, a call that is not legal here
            (naming the turned-down suit, ordering up in round 2, a stuck dealer's pass).
        RulesError: worlds, threads or seed out of range; a variant the advisor does
            not model (a turned-up joker); dummy hands without ``dummies``, or ``dummies``
            without the variant.
    """
    rules = rules if rules is not None else Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"rules {rules!r}: expected a Rules value")
    cards = parse_cards(hand, what="hand")
    if len(cards) != 5:
        raise PositionError(f"hand {format_cards(cards)!r}: holds {len(cards)} cards, expected 5")
    up = Card(upcard) if isinstance(upcard, (Card, int)) and not isinstance(upcard, bool) else Card.parse(upcard)
    for c in cards + [up]:
        if c == JOKER and not rules.joker:
            raise CardError("card B: the joker is not in the pack (use Rules(joker=True))")
    if up == JOKER:
        raise RulesError("upcard B: a turned-up joker (the dealer names its suit) is not supported by the advisor")
    if up in cards:
        raise PositionError(f"upcard {up}: it is also in the hand {format_cards(cards)!r}")
    seat = Seat.parse(seat)
    dealer = Seat.parse(dealer)
    if rules.players == 2:
        for what, s in (("seat", seat), ("dealer", dealer)):
            if s not in (Seat.N, Seat.S):
                raise PositionError(f"{what} {s}: two-player euchre seats only N and S")
    dummy_masks = _parse_dummies(dummies, cards, up, seat, rules)
    if isinstance(round, bool) or round not in (1, 2):
        raise IllegalActionError(f"round {round!r}: must be 1 (upcard up) or 2 (upcard turned down)")
    worlds = _check_int(worlds, "worlds", MIN_WORLDS, MAX_WORLDS)
    threads = _check_int(threads, "threads", 1, MAX_THREADS)
    exact_limit = _check_int(exact_limit, "exact_limit", 0, 2_000_000)
    if seed is None:              # fresh randomness, recorded so that the answer can be reproduced
        seed = int(np.random.SeedSequence().entropy % (2 ** 63))
    seed = _check_int(seed, "seed", 0, 2 ** 63 - 1)
    if own_round2 not in ("best", "policy"):
        raise RulesError(f"own_round2 {own_round2!r}: must be 'best' or 'policy'")
    policy = policy if policy is not None else POLICY
    up_suit = int(up) % 4
    wanted = _parse_calls(calls, round, up_suit, seat, dealer, rules)

    hand_mask = mask_of(cards)
    space = bid_space(hand_mask, up, seat, rules, dummies=0 if dummy_masks is None else sum(dummy_masks))
    w = space.draw(worlds, seed=seed, exact_limit=exact_limit)
    adv = _Advisor(hand_mask, int(up), int(seat), int(dealer), round, rules, w, threads, policy, own_round2,
                   dummy_masks)
    n = len(w)
    rows = np.arange(n)
    me = int(seat)
    my_pos = adv.order.index(me)
    stuck = rules.stick_the_dealer and me == int(dealer)

    def make(action, trump, alone, res, discard=None, discards=None, auction=None):
        return _option(action, trump, alone, discard, res, w.exact, seat, dealer, rules.players, discards,
                       auction, adv.my_side, dummy_masks is not None)

    options = []

    def want(token):
        return wanted is None or token in wanted

    # pass
    if round == 1 or not stuck:
        if want("pass"):
            if round == 1:
                res = adv.round1_from(rows, my_pos + 1)
            else:
                res = adv.round2_from(rows, my_pos + 1, "policy")
            auction = {}
            for s in rules.seats:
                auction[str(Seat(s))] = float(np.mean(res.maker == s))
            auction["thrown_in"] = float(np.mean(res.maker < 0))
            options.append(make("pass", None, False, res, auction=auction))
    lone_choices = (False, True) if rules.players == 4 else (False,)
    if round == 1:
        for lone in lone_choices:
            token = "order" + (" alone" if lone else "")
            if not want(token):
                continue
            if me == int(dealer):
                best, best_card, tried = _best_discard(adv, rows, lone, hand_mask, int(up), w.exact)
                options.append(make("order", Suit(up_suit), lone, best, discard=best_card, discards=tried))
            else:
                res = adv.finish(rows, me, up_suit, lone, "h")
                options.append(make("order", Suit(up_suit), lone, res))
    else:
        for s in range(4):
            if s == up_suit:
                continue
            for lone in lone_choices:
                token = f"call {Suit(s).letter}" + (" alone" if lone else "")
                if not want(token):
                    continue
                res = adv.finish(rows, me, s, lone, None)
                options.append(make("call", Suit(s), lone, res))
    if not options:
        raise IllegalActionError("calls: none of the requested calls is legal here")

    best_i = 0
    for i, o in enumerate(options):
        if o.expected_points > options[best_i].expected_points + 1e-12:
            best_i = i
    rec = options[best_i]
    if len(options) > 1:
        second_i = max((i for i in range(len(options)) if i != best_i), key=lambda i: options[i].expected_points)
        diff = rec.world_points - options[second_i].world_points
        margin = float(diff.mean())
        margin_interval = mean_interval(diff.astype(float), w.exact)
    else:
        margin, margin_interval = 0.0, (0.0, 0.0)
    return Advice(tuple(cards), up, seat, dealer, round, rules, tuple(options), rec, margin, margin_interval,
                  n, w.exact, space.total, seed, policy, own_round2, w,
                  None if dummy_masks is None else (dummy_masks[0], dummy_masks[2]))


def _parse_dummies(dummies, cards, up, seat, rules):
    """The face-up dummies as 4 bitmasks (N E S W), validated; ``None`` without dummy hands."""
    if not rules.dummy_hands:
        if dummies is not None:
            raise RulesError("dummies: face-up dummy hands are only dealt in Rules(players=2, dummy_hands=True)")
        return None
    if dummies is None:
        raise RulesError("dummies: the dummy-hands variant needs both face-up dummy hands, "
                         "'N:<5 cards> S:<5 cards>' (in Python also {'N': '<5 cards>', 'S': '<5 cards>'})")
    if isinstance(dummies, str):
        try:
            parsed = parse_deal(dummies, 2)
        except CardError as exc:
            raise CardError(f"dummies: {exc}") from None
    elif isinstance(dummies, dict):
        parsed = {Seat.N: None, Seat.S: None}
        for key, value in dummies.items():
            s = Seat.parse(key)
            if s not in parsed:
                raise PositionError(f"dummies: seat {s} has no dummy; two-player euchre seats only N and S")
            parsed[s] = parse_cards(value, what=f"{s} dummy")
    else:
        raise RulesError(f"dummies {dummies!r}: expected {{'N': '<5 cards>', 'S': '<5 cards>'}} or "
                         "'N:<5 cards> S:<5 cards>'")
    masks = [0, 0, 0, 0]
    owner = {c: f"{seat}'s hand" for c in cards}
    owner[up] = "the upcard"
    for s in (Seat.N, Seat.S):
        got = parsed[s]
        if got is None:
            raise PositionError(f"dummies: {s}'s dummy is missing; both face-up dummies are needed")
        if len(got) != 5:
            raise PositionError(f"dummies: {s}'s dummy {format_cards(got)!r} holds {len(got)} cards, expected 5")
        for c in got:
            if c == JOKER and not rules.joker:
                raise CardError("dummies: card B: the joker is not in the pack (switch on the joker rule)")
            if c in owner:
                raise PositionError(f"dummies: card {c} is in {s}'s dummy and {owner[c]}")
            owner[c] = f"{s}'s dummy"
        masks[s] = mask_of(got)
    return tuple(masks)


#: Worlds on which every discard of a dealer's pickup is tried before the clearly worse are dropped.
SCREEN_WORLDS = 250
#: One-sided z of that screen: a discard is dropped when its paired difference from the
#: leading discard is below zero by more than this many standard errors (99.95%).
SCREEN_Z = 3.29


def _best_discard(adv: "_Advisor", rows, lone, hand_mask, up, exact):
    """The dealer's pickup: try each of the six discards on the same worlds, keep the best.

    Sampled worlds: every discard is played on the first :data:`SCREEN_WORLDS`
    worlds (a uniform subsample, worlds being independent); a discard whose
    paired mean difference from the leader there is below zero by more than
    :data:`SCREEN_Z` standard errors is dropped; the others are played on all the
    worlds and the best mean wins. Exact (enumerated) worlds: every discard is
    played on every world. Returns ``(result, card, {card: summary})``.
    """
    me, up_suit = adv.seat, up % 4
    cands = [int(c) for c in cards_of(hand_mask | (1 << up))]
    if not adv.rules.dealer_may_discard_upcard:
        cands.remove(up)                  # Rules(dealer_may_discard_upcard=False): the upcard stays
    keep = cands
    tried = {}
    if not exact and rows.size >= 4 * SCREEN_WORLDS:
        sub = rows[:SCREEN_WORLDS]
        pts = {c: adv.finish(sub, me, up_suit, lone, c).points.astype(float) for c in cands}
        lead = max(cands, key=lambda c: pts[c].mean())
        keep = []
        for c in cands:
            d = pts[c] - pts[lead]
            se = d.std(ddof=1) / math.sqrt(d.size)
            if c == lead or d.mean() + SCREEN_Z * se >= 0:
                keep.append(c)
            else:
                lo, hi = mean_interval(pts[c], False)
                tried[c] = {"expected_points": float(pts[c].mean()), "points_interval": [lo, hi],
                            "worlds": int(sub.size), "screened_out": True}
    best, best_card = None, None
    for c in keep:
        res = adv.finish(rows, me, up_suit, lone, c)
        ep = float(res.points.mean())
        lo, hi = mean_interval(res.points.astype(float), exact)
        tried[c] = {"expected_points": ep, "points_interval": [lo, hi], "worlds": int(rows.size),
                    "screened_out": False}
        if best is None or ep > float(best.points.mean()) + 1e-12:
            best, best_card = res, c
    return best, Card(best_card), {str(Card(c)): tried[c] for c in cands}


def _option(action, trump, alone, discard, res: _Result, exact, seat, dealer, players, discards, auction, my_side,
            dummy=False):
    n = res.points.size
    ours = (res.maker >= 0) & ((res.maker // 2 if players == 2 else res.maker % 2) == my_side)
    if dummy:       # the whole hand: made in both sets, all ten tricks, euchred in at least one set
        make = ours & (res.tricks >= 3) & (res.tricks2 >= 3)
        march = ours & (res.tricks >= 5) & (res.tricks2 >= 5)
        euchred = ours & ((res.tricks < 3) | (res.tricks2 < 3))
    else:
        make = ours & (res.tricks >= 3)
        march = ours & (res.tricks >= 5)
        euchred = ours & (res.tricks < 3)

    def prob(mask):
        k = int(mask.sum())
        p = k / n if n else 0.0
        return p, ((p, p) if exact else wilson(k, n))

    phases = None
    if dummy:
        phases = []
        for name, tricks, pts in (("personal", res.tricks, res.points - res.points2),
                                  ("dummy", res.tricks2, res.points2)):
            fig = {"hands": name}
            for key, mask in (("p_make", ours & (tricks >= 3)), ("p_march", ours & (tricks >= 5)),
                              ("p_euchred", ours & (tricks < 3))):
                p, interval = prob(mask)
                fig[key], fig[key + "_interval"] = p, list(interval)
            fig["expected_points"] = float(pts.mean()) if n else 0.0
            fig["points_interval"] = list(mean_interval(pts.astype(float), exact))
            phases.append(fig)
        phases = tuple(phases)

    pm, pmi = prob(make)
    pa, pai = prob(march)
    pe, pei = prob(euchred)
    points = res.points.astype(float)
    ep = float(points.mean()) if n else 0.0
    values, counts = np.unique(res.points, return_counts=True)
    outcomes = {int(v): float(c) / n for v, c in zip(values, counts)}
    return Option(action, trump, bool(alone), discard, pm, pa, pe, ep, pmi, pai, pei,
                  mean_interval(points, exact), n, exact, outcomes, discards, auction, seat, dealer, players,
                  points, phases=phases)


__all__ = ["advise", "Advice", "Option", "BiddingPolicy", "POLICY", "dealer_discard", "wilson", "t_quantile"]
