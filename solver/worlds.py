"""Worlds: placements of the unseen cards consistent with what one seat knows.

A *world* is one placement of every card that a seat cannot see into the other
hands and the kitty. The bid advisor and the post-game review average
double-dummy results over worlds, so the worlds must be drawn **uniformly among
the placements consistent with the seat's knowledge** (or all enumerated when
there are few of them).

Holders are numbered like seats, plus the kitty: ``N E S W`` = 0..3 and
:data:`KITTY` = 4. A :class:`Space` is described by, for each holder,

* ``known``: a bitmask of cards known to be there (own hand, the upcard, a card
  shown);
* ``sizes``: how many cards it holds in all (known ones included; 0 for a seat
  not in play, e.g. E and W in two-player euchre);
* ``forbidden``: a bitmask of cards it cannot hold (a void shown: every card of
  that effective suit), applied to the unknown cards;

and ``removed``: cards out of the deal altogether (played to earlier tricks).
The *pool* is the pack minus the known and removed cards; every pool card goes
to exactly one holder that does not forbid it, and each holder gets exactly its
size.

How sampling stays exactly uniform
----------------------------------
Pool cards are grouped into *types* by the set of holders allowed to take them
(with no voids there is one type). A placement determines a *table*
``n[t, h]``: how many cards of type ``t`` went to holder ``h``; the number of
placements with that table is ``prod_t N_t! / prod_h n[t, h]!`` (cards of a
type are dealt freely among the holders' shares). :class:`Space` enumerates
every feasible table with its exact integer count, so :attr:`Space.total` is
the exact number of consistent placements. :meth:`Space.sample` then

1. draws a table with probability count / total, by an unbiased integer draw in
   ``[0, total)`` located in the cumulative counts (integer arithmetic, no
   floating-point weights), and
2. deals each type's cards by an exact uniform shuffle
   (``Generator.permuted``, Fisher-Yates) cut into the table's shares.

Every placement with table ``T`` is then drawn with probability
``count(T)/total * 1/count(T) = 1/total``: uniform, with no rejection, however
tight the constraints. Worlds are drawn independently (with replacement), so
sample means and their binomial / normal intervals are the textbook ones.
:meth:`Space.enumerate` lists each placement exactly once instead.

Example (the bid advisor's knowledge: own hand, the upcard on the kitty)::

    space = bid_space(hand_mask, upcard, seat=0, rules=Rules())
    w = space.draw(2000, seed=1)          # Worlds; w.hands is (2000, 4) uint32
    solve_batch(w.hands, trump, leader)   # directly usable

For the review, add what play revealed, e.g. from E's view after two tricks,
with hearts trump and W having shown out of spades::

    known = [0, e_hand, 0, 0, 0]
    known[dealer] |= upcard_mask        # after a pickup, if the upcard has not been played
    sizes = [3, 3, 3, 3, 4]             # cards still held; the kitty keeps 3 + the discard
    forbidden = [0, 0, 0, suit_mask(Suit.S, trump=Suit.H), 0]
    space = Space(known, sizes, forbidden, removed=played_mask)

(The dealer may have discarded the upcard itself; a viewer who cannot rule that
out should count it as unknown, not known, in the dealer's hand.)
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from math import factorial

import numpy as np

from . import laws
from .cards import FULL_MASK, ALL_CARDS_MASK, cards_of, format_cards
from .errors import PositionError
from .rules import Rules

KITTY = 4
HOLDERS = 5
HOLDER_NAMES = ("N", "E", "S", "W", "kitty")
#: Above this many placements :meth:`Space.draw` samples instead of enumerating (default).
EXACT_LIMIT = 20_000
#: Enumeration refuses spaces larger than this (memory: 24 bytes per placement).
ENUMERATE_MAX = 2_000_000
_MAX_TABLES = 500_000
#: Space.sample deals rows spread over many tables all at once (:meth:`Space._deal_spread`) when it would
#: otherwise make a few numpy calls a table and type for fewer than this many rows each (measured crossover)
_ROWS_PER_CALL = 20


def popcount(a) -> np.ndarray:
    """Cards in each hand of a uint32 array of bitmasks (int64, same shape): :func:`solver.laws.popcount` over an array."""
    a = np.asarray(a, dtype=np.uint32)
    if hasattr(np, "bitwise_count"):
        return np.bitwise_count(a).astype(np.int64)
    b = a.view(np.uint8).reshape(a.shape + (4,))
    return _BYTE_POP[b].sum(axis=-1).astype(np.int64)


_BYTE_POP = np.array([laws.popcount(i) for i in range(256)], dtype=np.int64)


@dataclass(frozen=True)
class Worlds:
    """A set of worlds: one row per placement.

    Attributes:
        hands: uint32 array ``(n, 4)``: card bitmasks of seats N E S W (known cards
            included; 0 for a seat not in play). Ready for :func:`solver.solve_batch`.
        kitty: uint32 array ``(n,)``: the kitty's cards (known ones, e.g. the upcard, included).
        exact: ``True`` when the rows are every consistent placement, each once
            (averages are then exact values, not estimates).
        total: the number of consistent placements (exact integer).
    """

    hands: np.ndarray
    kitty: np.ndarray
    exact: bool
    total: int

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def holders(self) -> np.ndarray:
        """uint32 array ``(n, 5)``: seats N E S W then the kitty."""
        return np.column_stack([self.hands, self.kitty])

    def deal_string(self, i: int) -> str:
        """World ``i`` as text: ``"N:... E:... S:... W:... kitty:..."`` (for messages and debugging)."""
        row = self.holders()[i]
        return " ".join(f"{HOLDER_NAMES[h]}:{format_cards(int(row[h]))}" for h in range(HOLDERS))


class Space:
    """Every placement of the unseen cards consistent with known cards, sizes and voids.

    Args:
        known: 5 bitmasks (N E S W kitty): cards known to be in each holder.
        sizes: 5 ints: cards each holder holds in all (known included).
        forbidden: 5 bitmasks (default none): cards each holder cannot hold
            (only unknown cards are affected; a known card may not be forbidden).
        pack: bitmask of the pack (default: the 24 cards, plus the joker when
            ``joker`` is true).
        removed: bitmask of cards out of the deal (e.g. played to earlier tricks).
        joker: include the joker in the default pack.

    Raises:
        PositionError: the constraints contradict each other or admit no placement
            (the message names the holder or card).
    """

    def __init__(self, known, sizes, forbidden=None, pack: int | None = None, removed: int = 0,
                 joker: bool = False):
        known = [int(k) for k in known]
        sizes = [int(s) for s in sizes]
        forbidden = [0] * HOLDERS if forbidden is None else [int(f) for f in forbidden]
        if len(known) != HOLDERS or len(sizes) != HOLDERS or len(forbidden) != HOLDERS:
            raise PositionError("worlds: known, sizes and forbidden need one entry per holder (N E S W kitty)")
        pack = (FULL_MASK if joker else ALL_CARDS_MASK) if pack is None else int(pack)
        removed = int(removed)
        if removed & ~pack:
            raise PositionError(f"worlds: removed cards {format_cards(removed & ~pack)} are not in the pack")
        live = pack & ~removed
        seen = 0
        for h in range(HOLDERS):
            name = HOLDER_NAMES[h]
            if known[h] & ~pack:
                raise PositionError(f"worlds: card {format_cards(known[h] & ~pack)} known in {name} "
                                    "is not in the pack")
            if known[h] & removed:
                raise PositionError(f"worlds: card {format_cards(known[h] & removed)} known in {name} "
                                    "is also out of play")
            if known[h] & seen:
                c = cards_of(known[h] & seen)[0]
                other = next(HOLDER_NAMES[g] for g in range(h) if known[g] & c.mask)
                raise PositionError(f"worlds: card {c} appears in {other} and {name}")
            if known[h] & forbidden[h]:
                raise PositionError(f"worlds: card {format_cards(known[h] & forbidden[h])} is known in "
                                    f"{name} but forbidden there")
            if sizes[h] < 0 or sizes[h] < laws.popcount(known[h]):
                raise PositionError(f"worlds: {name} holds {sizes[h]} cards but "
                                    f"{bin(known[h]).count('1')} are known there")
            seen |= known[h]
        pool = live & ~seen
        free = [sizes[h] - laws.popcount(known[h]) for h in range(HOLDERS)]
        npool = laws.popcount(pool)
        if sum(free) != npool:
            raise PositionError(f"worlds: {npool} unseen cards but {sum(free)} places for them "
                                f"(sizes {sizes})")
        self.known = tuple(known)
        self.sizes = tuple(sizes)
        self.forbidden = tuple(forbidden)
        self.pack = pack
        self.removed = removed
        self.pool = pool
        self.free = tuple(free)
        # types: pool cards grouped by the holders allowed to take them
        groups: dict = {}
        for c in cards_of(pool):
            allowed = tuple(h for h in range(HOLDERS) if free[h] > 0 and not forbidden[h] & c.mask)
            if not allowed:
                raise PositionError(f"worlds: card {c} can go nowhere (every holder with room forbids it)")
            groups.setdefault(allowed, []).append(int(c))
        self.types = tuple((allowed, tuple(cards)) for allowed, cards in sorted(groups.items()))
        # the tables depend only on the free places and each type's holders and size: worked out once a process
        shape = _Shape.of(self.free, tuple((allowed, len(cards)) for allowed, cards in self.types))
        self.tables, self.counts, self.total = shape.tables, shape.counts, shape.total
        if self.total == 0:
            raise PositionError("worlds: no placement of the unseen cards satisfies every constraint")
        if self.total >= 2 ** 62:       # cannot happen with a 25-card pack (at most 25!/(5!)**5 ~ 6e14)
            raise PositionError(f"worlds: {self.total} placements are too many to draw from exactly")
        self._shape = shape
        self._cum = shape.cum
        # int64 (cards,): each type's cards as bits, in the order sample() shuffles them
        self._type_bits = [np.int64(1) << np.array(cards, dtype=np.int64) for _allowed, cards in self.types]
        self._plans: dict = {}

    # -- drawing ----------------------------------------------------------------
    def sample(self, n: int, rng) -> Worlds:
        """``n`` worlds drawn independently and uniformly among the consistent placements.

        ``rng`` is a :class:`numpy.random.Generator` (or a seed for one).
        """
        rng = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
        n = int(n)
        # int64 throughout: Generator.permuted shuffles 8-byte items by a path about 40% faster than 4-byte ones
        # (the same Fisher-Yates and so the same draws; a card's bit fits either way)
        out = np.zeros((n, HOLDERS), dtype=np.int64)
        out |= np.array(self.known, dtype=np.int64)
        if n == 0:
            return Worlds(out[:, :4].astype(np.uint32), out[:, KITTY].astype(np.uint32), False, self.total)
        if len(self.tables) == 1:                       # every row draws the one table: no row indexing
            self._deal_table(out, 0, rng)
            return Worlds(out[:, :4].astype(np.uint32), out[:, KITTY].astype(np.uint32), False, self.total)
        draws = rng.integers(0, self.total, size=n, dtype=np.int64)
        which = np.searchsorted(self._cum, draws, side="right")
        # the rows grouped by table, each table's in ascending order (as np.nonzero(which == ti) lists them, by
        # one stable sort); the tables are dealt in turn, in the order the random stream gives them
        order = np.argsort(which, kind="stable")
        counts = np.bincount(which, minlength=len(self.tables))
        ends = np.cumsum(counts).tolist()
        spans = [(ti, end - count, end) for ti, (end, count) in enumerate(zip(ends, counts.tolist())) if count]
        dealt = out.copy()
        if len(spans) * len(self.types) * _ROWS_PER_CALL > n:
            self._deal_spread(dealt, which[order], spans, rng)
        else:
            for ti, start, end in spans:
                self._deal_table(dealt[start:end], ti, rng)
        out[order] = dealt
        return Worlds(out[:, :4].astype(np.uint32), out[:, KITTY].astype(np.uint32), False, self.total)

    def _deal_table(self, out: np.ndarray, ti: int, rng) -> None:
        """Deal the unseen cards into ``out`` (int64 ``(rows, 5)``, the known cards in), every row by table
        ``ti``: each type's cards shuffled in every row by one ``Generator.permuted`` call, the holders taking
        their runs of the shuffled row."""
        for bits, holders, starts in self._plan(ti):
            tiled = np.empty((out.shape[0], bits.size), dtype=np.int64)
            tiled[:] = bits                              # (np.tile's array, without its overhead)
            # each holder's cards: a run of the shuffled row; the bits are distinct, so OR is a sum
            parts = np.add.reduceat(rng.permuted(tiled, axis=1, out=tiled), starts, axis=1)
            for j, h in enumerate(holders):
                out[:, h] |= parts[:, j]

    def _deal_spread(self, out: np.ndarray, table: np.ndarray, spans: list, rng) -> None:
        """As :meth:`_deal_table` table after table over the rows grouped by table (``table``: each row's,
        ``spans``: ``(table, first row, end)``), with the rows spread over many tables: the shuffles are the same
        calls in the same order (one a table and type of two or more cards), but the cards are cut into the
        holders' runs for every row at once, by differences of running sums, not a few numpy calls a table."""
        runs = []
        for bits in self._type_bits:                     # a zero column, then the type's cards in every row
            run = np.empty((out.shape[0], bits.size + 1), dtype=np.int64)
            run[:, 0] = 0
            run[:, 1:] = bits
            runs.append(run)
        shuffled = [run for run in runs if run.shape[1] > 2]     # (a row of one card is not shuffled: no draw)
        for _ti, start, end in spans:
            for run in shuffled:
                block = run[start:end, 1:]
                rng.permuted(block, axis=1, out=block)
        for run, (first, stop) in zip(runs, self._shape.cuts()):
            np.cumsum(run[:, 1:], axis=1, out=run[:, 1:])
            out += np.take_along_axis(run, stop[table], axis=1) - np.take_along_axis(run, first[table], axis=1)

    def _plan(self, ti: int) -> list:
        """How :meth:`sample` deals table ``ti``: per type, its cards as int64 bits (in the order they are
        shuffled), the holders that take some and where each holder's run of the shuffled cards starts. Worked
        out once a table."""
        plan = self._plans.get(ti)
        if plan is None:
            plan = [(bits, holders, starts) for bits, (holders, starts) in zip(self._type_bits, self._shape.runs(ti))]
            self._plans[ti] = plan
        return plan

    def enumerate(self) -> Worlds:
        """Every consistent placement exactly once, in a fixed order.

        Raises :class:`PositionError` when there are more than ``ENUMERATE_MAX``.
        """
        if self.total > ENUMERATE_MAX:
            raise PositionError(f"worlds: {self.total} placements are too many to enumerate "
                                f"(at most {ENUMERATE_MAX}); sample instead")
        blocks = []
        for table in self.tables:
            acc = np.array([self.known], dtype=np.uint32)
            for (allowed, cards), shares in zip(self.types, table):
                ways = _splits(cards, [(h, shares[h]) for h in range(HOLDERS) if shares[h]])
                acc = (acc[:, None, :] | ways[None, :, :]).reshape(-1, HOLDERS)
            blocks.append(acc)
        out = np.concatenate(blocks) if blocks else np.zeros((0, HOLDERS), dtype=np.uint32)
        assert out.shape[0] == self.total
        return Worlds(np.ascontiguousarray(out[:, :4]), np.ascontiguousarray(out[:, KITTY]), True, self.total)

    def draw(self, n: int, seed=None, exact_limit: int = EXACT_LIMIT) -> Worlds:
        """All placements when there are at most ``exact_limit`` of them, else ``n`` uniform samples.

        ``seed`` is an int, ``None`` or a :class:`numpy.random.Generator`; the same
        seed gives the same worlds.
        """
        if self.total <= exact_limit:
            return self.enumerate()
        rng = seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)
        return self.sample(n, rng)

    # -- checking ---------------------------------------------------------------
    def consistent(self, hands, kitty) -> np.ndarray:
        """Boolean array: which rows of ``(hands (n, 4), kitty (n,))`` are placements of this space."""
        h = np.column_stack([np.asarray(hands, dtype=np.uint32), np.asarray(kitty, dtype=np.uint32)])
        ok = np.ones(h.shape[0], dtype=bool)
        union = np.zeros(h.shape[0], dtype=np.uint32)
        total = np.zeros(h.shape[0], dtype=np.int64)
        for k in range(HOLDERS):
            col = h[:, k]
            ok &= (col & np.uint32(self.known[k])) == np.uint32(self.known[k])
            ok &= (col & np.uint32(self.forbidden[k]) & ~np.uint32(self.known[k])) == 0
            ok &= popcount(col) == self.sizes[k]
            total += popcount(col)
            union |= col
        live = np.uint32(self.pack & ~self.removed)
        ok &= union == live
        ok &= total == laws.popcount(int(live))          # no card in two holders
        return ok

    def __repr__(self) -> str:
        parts = []
        for h in range(HOLDERS):
            extra = f" not {format_cards(self.forbidden[h])}" if self.forbidden[h] else ""
            parts.append(f"{HOLDER_NAMES[h]}:{self.sizes[h]}[{format_cards(self.known[h])}]{extra}")
        return f"<Space {' '.join(parts)} total={self.total}>"


class _Shape:
    """A :class:`Space`'s share tables, which depend only on its free places by holder and each type's holders
    and number of cards (not on which cards): kept by that shape for the process (:meth:`of`), as the review
    and the advisor build spaces of the same few shapes over and over.

    ``tables``: every feasible table ``n[t][h]`` (a tuple a type of 5 counts), ``counts``: its exact number of
    placements, ``total``: their sum, ``cum``: int64 cumulative counts (the table a draw in ``[0, total)`` falls
    in)."""

    def __init__(self, free: tuple, types: tuple):
        tables, counts = [], []

        def rec(k, caps, rows, weight):
            if k == len(types):
                if not any(caps):
                    tables.append(tuple(rows))
                    counts.append(weight)
                    if len(tables) > _MAX_TABLES:
                        raise PositionError("worlds: the constraints split the unseen cards too finely "
                                            f"(more than {_MAX_TABLES} share tables)")
                return
            allowed, size = types[k]
            for split in _compositions(size, [caps[h] for h in allowed]):
                new_caps = list(caps)
                row = [0] * HOLDERS
                w = factorial(size)
                for h, m in zip(allowed, split):
                    new_caps[h] -= m
                    row[h] = m
                    w //= factorial(m)
                rec(k + 1, new_caps, rows + [tuple(row)], weight * w)

        rec(0, list(free), [], 1)
        self.tables = tuple(tables)
        self.counts = tuple(counts)
        self.total = int(sum(counts))
        self.cum = np.cumsum(np.array(counts, dtype=np.int64))
        self._runs: dict = {}
        self._cuts: list | None = None

    def runs(self, ti: int) -> list:
        """Per type, the holders table ``ti`` gives some of its cards and where each one's run of the type's
        shuffled cards starts (intp), holders in order N E S W kitty."""
        runs = self._runs.get(ti)
        if runs is None:
            runs = []
            for shares in self.tables[ti]:
                holders = [h for h in range(HOLDERS) if shares[h]]
                runs.append((holders, np.cumsum([0] + [shares[h] for h in holders[:-1]]).astype(np.intp)))
            self._runs[ti] = runs
        return runs

    def cuts(self) -> list:
        """Per type, intp ``(start, stop)``, each ``(tables, 5)``: where each holder's run of the type's shuffled
        cards starts and stops in each table (holders in order N E S W kitty)."""
        if self._cuts is None:
            shares = np.array(self.tables, dtype=np.intp).reshape(len(self.tables), -1, HOLDERS)
            stops = np.cumsum(shares, axis=2)
            self._cuts = [(stops[:, k] - shares[:, k], stops[:, k]) for k in range(shares.shape[1])]
        return self._cuts

    @classmethod
    def of(cls, free: tuple, types: tuple) -> "_Shape":
        key = (free, types)
        shape = _SHAPES.get(key)
        if shape is None:
            shape = cls(free, types)
            if len(shape.tables) <= _SHAPE_TABLES_KEPT:     # (a rare huge one is not kept: a bound on memory)
                if len(_SHAPES) >= _SHAPES_KEPT:
                    _SHAPES.clear()
                _SHAPES[key] = shape
        return shape


#: the shapes kept (:meth:`_Shape.of`); past this many the store starts afresh, and a shape of more tables than
#: ``_SHAPE_TABLES_KEPT`` is not kept (bounds on memory, not on cost)
_SHAPES_KEPT = 4096
_SHAPE_TABLES_KEPT = 5_000
_SHAPES: dict = {}


def _compositions(n: int, caps):
    """Tuples of len(caps) non-negative ints summing to n, each within its cap."""
    if not caps:
        if n == 0:
            yield ()
        return
    if len(caps) == 1:
        if n <= caps[0]:
            yield (n,)
        return
    room = sum(caps[1:])                 # the later holders take at most this many: fewer firsts to try
    for first in range(min(n, caps[0]), max(n - room, 0) - 1, -1):
        for rest in _compositions(n - first, caps[1:]):
            yield (first,) + rest


def _splits(cards, shares) -> np.ndarray:
    """Every way to deal ``cards`` into holders with the given ``(holder, count)`` shares: (k, 5) uint32.

    Vectorised: for each holder in turn, every choice of positions among the cards
    still undealt (the same positions serve every partial row).
    """
    rest = np.array([[1 << c for c in cards]], dtype=np.uint32)       # (rows, cards left)
    out = np.zeros((1, HOLDERS), dtype=np.uint32)
    for i, (h, m) in enumerate(shares):
        k = rest.shape[1]
        if i == len(shares) - 1:                  # the last holder takes what is left
            out[:, h] = np.bitwise_or.reduce(rest, axis=1) if k else 0
            break
        pick = np.fromiter(itertools.chain.from_iterable(itertools.combinations(range(k), m)),
                           dtype=np.intp).reshape(-1, m)
        taken = np.zeros((pick.shape[0], k), dtype=bool)
        taken[np.arange(pick.shape[0])[:, None], pick] = True
        keep = np.nonzero(~taken)[1].reshape(pick.shape[0], k - m)
        chosen = np.bitwise_or.reduce(rest[:, pick], axis=2) if m else np.zeros((rest.shape[0], pick.shape[0]), np.uint32)
        out = np.repeat(out, pick.shape[0], axis=0)
        out[:, h] = chosen.reshape(-1)
        rest = rest[:, keep].reshape(-1, k - m)
    return out


def suit_mask(suit, trump=None, joker: bool = True) -> int:
    """Bitmask of the cards whose *effective* suit is ``suit`` when ``trump`` is trump.

    With ``suit == trump`` that is the seven trumps (the left bower included, and
    the joker when ``joker``); for the other suit of trump's colour the jack is
    missing. For a void shown in play: ``forbidden[seat] |= suit_mask(led, trump)``.
    """
    suit = int(suit)
    if trump is None:                           # no trump yet: printed suits
        return sum(1 << c for c in range(24) if c % 4 == suit)
    pack = FULL_MASK if joker else ALL_CARDS_MASK
    return laws.suit_cards(pack, suit, int(trump))


def bid_space(hand, upcard, seat, rules: Rules | None = None, dummies: int = 0, kitty: int = 0) -> Space:
    """The placements a bidding seat must consider: its own hand known, the upcard on the kitty.

    Dummy hands (``Rules.dummy_hands``): ``dummies`` is the bitmask of both face-up
    dummies, seen by everyone and out of the placements; the kitty then holds four
    cards (the upcard and three unseen), so 8 cards are unseen and there are
    C(8,5) = 56 placements.

    The upcard is counted in the kitty's cards (it is the kitty's top card); a
    consumer that plays an order-up moves it to the dealer. In round 2 it stays
    in the kitty, turned down. Nothing is inferred from earlier passes.

    Args:
        hand: the seat's cards, a bitmask (int) or an iterable of card indices.
        upcard: the upcard (card index or :class:`~solver.Card`).
        seat: the bidding seat (:class:`~solver.Seat` or int).
        rules: :class:`~solver.Rules` (players, joker, dummy_hands).
        dummies: bitmask of the face-up dummy cards (dummy hands only).
        kitty: bitmask of face-down kitty cards the seat knows (a kitty exchange: ``SeatView.kitty_known``).
    """
    rules = rules if rules is not None else Rules()
    mask = int(hand) if isinstance(hand, (int, np.integer)) else sum(1 << int(c) for c in hand)
    known = [0] * HOLDERS
    known[int(seat)] = mask
    known[KITTY] = (1 << int(upcard)) | int(kitty)
    sizes = [5 if s in rules.seats else 0 for s in range(4)] + [rules.kitty_size]
    if bool(dummies) != rules.dummy_hands:
        raise PositionError("worlds: dummy cards go with Rules(dummy_hands=True), and that needs them")
    return Space(known, sizes, joker=rules.joker, removed=int(dummies))


__all__ = ["KITTY", "HOLDERS", "HOLDER_NAMES", "EXACT_LIMIT", "Worlds", "Space", "bid_space", "suit_mask",
           "popcount"]
