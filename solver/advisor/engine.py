"""The double-dummy evaluation of the worlds of one decision: makers' tricks under each configuration.

A configuration (trump, the loner's seat, the dealer's pickup) gives the same
positions whichever seat made the call, so each is solved once per makers'
side and cached; :class:`Engine` solves only the worlds not yet asked for.

Call for best (``Rules.partners_best``): a loner's positions are those after the exchange, the
partner's card and the loner's discard by the stated rules of :mod:`solver.bidding.exchange`.
"""
from __future__ import annotations

import numpy as np

from .. import dd, laws
from ..bidding import dealer_discard, partners_best_card
from ..cardtables import CARD_BITS
from ..cards import Seat
from ..rules import Rules
from ..worlds import Worlds
from .valuation import INNER_WORLDS, valuation_strategy
from .single_dummy import COUNT_COLUMNS, SURE_COLUMN, TRUMP_MASKS, default_model, feature_weights, sure_tricks

#: Makers' tricks that stand for each scoring band of ``solve_batch(bands=True)``: euchred, made, march.
BAND_TRICKS = np.array([laws.MAKE_TRICKS - 1, laws.MAKE_TRICKS, laws.TRICKS], dtype=np.int8)
#: The scoring band (0 euchred, 1 made, 2 march) of the makers' tricks 0..5, by look-up
#: (:func:`~solver.advisor.single_dummy.band_index`'s values).
BAND_OF = np.array([0 if t < laws.MAKE_TRICKS else 1 if t < laws.TRICKS else 2 for t in range(laws.TRICKS + 1)],
                   dtype=np.int8)
_BANDS = np.arange(3)[None, :]     # the bands as a row, to compare with a column of bounds
#: How many entries of a bool array are true (as a truth value: any): cheaper than ``.any()``/``.sum()``, which go
#: through a ufunc's reduction, on the engine's many small arrays.
_some = np.count_nonzero
#: :meth:`Engine._facts` counts a configuration's worlds not yet counted all at once when a request asks for at
#: least 1/FACT_SHARE of them (one pass, not several), else the blocks of FACT_BLOCK worlds the request falls in
#: (when they are not as many), else only the worlds asked.
FACT_SHARE = 4
FACT_BLOCK = 128



class Engine:
    """Solves the worlds of one decision under a configuration, caching by configuration.

    A configuration is ``(trump, alone_seat, pickup)``: ``alone_seat`` -1 for none;
    ``pickup`` ``None`` (round 2, the upcard stays down), ``"h"`` (the dealer picks
    up and discards by :func:`dealer_discard`) or a card index (the dealer, the
    advised seat, discards that card). Two calls with the same configuration are
    the same double-dummy positions whoever made them, so they are solved once
    (the makers' side only changes how the result is read).

    The two sides' bands of one position share work: when one side's band says it took
    3 or more of the 5 tricks, the other side's band is euchred with no search, and when it
    took at most 2, the other side's needs only the march's test (``solve_batch(made=...)``)
    (:attr:`derive_sides`, on by default; a switch for the benchmark's old method).
    """

    #: Read one side's band off the other side's where that settles it (exact; off only to measure).
    derive_sides = True
    #: Keep each single-dummy band within what the world's cards allow (off only to measure what the bounds
    #: change: ``benchmarks/studies/single_dummy_flattery.py``'s unbounded column).
    card_bounds = True

    def __init__(self, worlds: Worlds, seat: int, dealer: int, upcard: int, rules: Rules, threads: int,
                 dummies=None, *, valuation: str = "double_dummy", seed: int = 0, inner_worlds: int = INNER_WORLDS,
                 proposed: int | None = None):
        self.base = worlds.hands
        self.kitty = worlds.kitty
        #: how a world's result is valued (:mod:`solver.advisor.valuation`): the double-dummy band as it is,
        #: a single-dummy band drawn from the fitted model (one uniform per world, shared by every call), or
        #: a direct playout's tricks
        self.valuation, self.seed, self.inner_worlds = valuation, int(seed), int(inner_worlds)
        self.how = valuation_strategy(valuation)
        self.sd_cache: dict = {}
        self._config_facts: dict = {}     # config -> what single dummy reads of its hands in play (_facts)
        self._weights: dict = {}          # (config, maker, the fit's features) -> feature_weights
        if self.how.fitted:
            self.sd_model = default_model()
            self.sd_uniform = np.random.default_rng(np.random.SeedSequence([self.seed, 0x5344])).random(len(worlds))
        self.n = len(worlds)
        self.seat, self.dealer, self.upcard, self.rules, self.threads = seat, dealer, upcard, rules, threads
        #: the suit the upcard proposes (a turned-up joker: the suit the dealer named)
        self.proposed = upcard % 4 if proposed is None else int(proposed)
        self.players = rules.players
        self.dummies = dummies            # dummy hands: 4 bitmasks of the face-up dummies, else None
        #: the direct playout's player of one contract's hand ``(hand, inner_worlds, seed) -> makers' tricks``;
        #: ``None``: :func:`~solver.advisor.playout.playout_makers_tricks` (a fit's tool puts the rollout's
        #: agents here to value the same worlds by their play)
        self.hand_player = None
        self.cache: dict = {}
        self.dummy_cache: dict = {}
        self.discards: dict = {}          # trump -> the heuristic discard in every world
        self.solved = 0
        self.derived = 0                  # bands read off the other side's (see makers_tricks)
        self.half = 0                     # bands found by the march's test alone (the other side's was 0)
        self.skipped = 0                  # single dummy: worlds whose draw the double-dummy band could not change
        self.march_only = 0               # single dummy: worlds searched for the march alone (_march_band)
        self.march_cache: dict = {}       # (config, makers' side) -> int8 (n,): 2 march, 1 not, -1 not tested
        #: a call's rows may name a world twice (set by a :class:`~.auction.StackedAuction`, whose members share
        #: the worlds): each is then valued once (:meth:`_once`); off, the rows are taken as they come
        self.rows_repeat = False
        self._setups: dict = {}           # config -> (leader, seats in play, seat sitting out or -1)
        self._partner = tuple(int(Seat(p).partner) for p in range(4))
        # uint8 columns of one value for solve_batch (trump, leader, seats in play, makers): read-only views
        # of these rows, so that a call does not build four arrays
        self._columns = np.repeat(np.arange(16, dtype=np.uint8)[:, None], self.n, axis=1)
        self._columns.flags.writeable = False

    def _once(self, rows: np.ndarray) -> tuple:
        """``(worlds, at)``: ``rows`` (int (k,)) with each world once, ascending, and the index in ``rows`` of an
        entry of each (which one, when a world repeats, is not said: the callers read only what is the same for
        every entry of a world); ``rows`` itself and ``None`` when no world can repeat (:attr:`rows_repeat` off)
        or none does (strictly ascending). A mark a world, not a sort (:func:`numpy.unique`'s worlds, in
        O(n))."""
        if not self.rows_repeat or rows.size < 2 or (rows[1:] > rows[:-1]).all():
            return rows, None
        at = np.full(self.n, -1, dtype=np.intp)
        at[rows] = np.arange(rows.size)
        worlds = np.flatnonzero(at >= 0)
        return worlds, at[worlds]

    def dummy_tricks(self, trump: int, makers_side: int) -> int:
        """Dummy hands: the makers' band (2 euchred, 3 made, 5 march) of tricks 6-10, played
        double dummy with the two face-up dummies, the non-dealer leading. The same in
        every world (the dummies are known), so solved once per trump and makers."""
        key = (int(trump), int(makers_side))
        if key not in self.dummy_cache:
            hands = np.array([self.dummies], dtype=np.uint32)
            leader = int(laws.first_leader(self.dealer, self.rules))
            band = dd.solve_batch(hands, int(trump), leader, int(makers_side), laws.seats_mask(2), 2, 1,
                                  bands=True)[0]
            self.dummy_cache[key] = int(BAND_TRICKS[band])
        return self.dummy_cache[key]

    def heuristic_discard(self, trump: int) -> np.ndarray:
        """int (n,): the card the dealer throws by :func:`dealer_discard` in each world after picking up
        with ``trump`` trump (found once for every world, kept)."""
        t = int(trump)
        if t not in self.discards:
            six = self.base[:, self.dealer] | np.uint32(1 << self.upcard)
            keep = None if self.rules.dealer_may_discard_upcard else self.upcard
            self.discards[t] = dealer_discard(six, t, keep)
        return self.discards[t]

    def _setup(self, config) -> tuple:
        """``(leader, in_play, out)`` of a configuration: the first leader, the bitmask of the seats in
        play and the seat sitting out (-1 for none), found once per configuration."""
        got = self._setups.get(config)
        if got is None:
            alone = config[1]
            in_play = laws.seats_mask(self.players)
            out, lone = -1, None
            if alone >= 0:
                out = self._partner[alone]
                in_play &= ~(1 << out)
                lone = alone
            got = self._setups[config] = (int(laws.first_leader(self.dealer, self.rules, alone=lone)), in_play, out)
        return got

    def config(self, trump: int, alone: int, pickup) -> tuple:
        """The configuration key ``(trump, alone_seat, pickup)`` of a call (``alone`` the loner's seat or
        -1), with ``pickup`` dropped when the dealer is the one sitting out."""
        if alone >= 0 and self._partner[alone] == self.dealer and not self.rules.partners_best:
            pickup = None                    # the dealer sits out: the upcard takes no part in play
            # (under call for best it may still pass the upcard to the loner, so the pickup stays)
        return (int(trump), int(alone), pickup)

    def makers_tricks(self, config, makers_side: int, rows: np.ndarray, maker: int | None = None) -> np.ndarray:
        """Makers' tricks for ``rows`` of the worlds under ``config`` with ``makers_side``, by the valuation:
        double dummy and single dummy as the scoring band's representative (2 euchred, 3 made, 5 march),
        the direct playout as the exact count (see :meth:`dd_tricks`, :meth:`sd_tricks`, :meth:`playout_tricks`).
        ``maker``: the calling seat (which of the two makers called matters only to a single-dummy fit
        with features of the maker's own hand; ``None``: the loner, else the side's first seat)."""
        return self.how.makers_tricks(self, config, makers_side, rows, maker)

    def _play_hands(self, config, rows) -> np.ndarray:
        """uint32 (k, 4): the hands in play at the first lead in ``rows`` under ``config`` (the dealer's
        after its pickup and discard, 0 for a seat sitting out)."""
        trump, alone, pickup = config
        hands = self.base[rows]            # fancy indexing: a copy
        d = self.dealer
        if pickup is not None:
            six = hands[:, d] | np.uint32(1 << self.upcard)
            gone = self.heuristic_discard(trump)[rows] if pickup == "h" else pickup
            hands[:, d] = six & ~CARD_BITS[gone]
        out = self._setup(config)[2]
        if out >= 0:
            if self.rules.partners_best:
                self._exchange(hands, trump, alone, out)
            hands[:, out] = 0
        return hands

    @staticmethod
    def _exchange(hands: np.ndarray, trump: int, loner: int, partner: int) -> None:
        """Call for best, in place on uint32 (k, 4) ``hands``: the partner passes its card by the stated rule
        (:func:`solver.bidding.partners_best_card`) and the loner throws one of its six by
        :func:`solver.bidding.dealer_discard` (the module docs of :mod:`solver.bidding.exchange`)."""
        given = partners_best_card(hands[:, partner], trump)
        six = hands[:, loner] | CARD_BITS[given]
        hands[:, loner] = six & ~CARD_BITS[dealer_discard(six, trump)]
        hands[:, partner] &= ~CARD_BITS[given]

    def sd_tricks(self, config, makers_side: int, rows: np.ndarray, maker: int | None = None) -> np.ndarray:
        """Single dummy (fitted): the band representative drawn per world from the model's chances given the
        double-dummy band (:meth:`dd_tricks`) and the contract's features (of the calling seat ``maker``'s
        hand too where the fit has such features; ``None``: the loner, else the side's first seat), with the
        world's own uniform, never a band the world's cards rule out
        (:func:`~solver.advisor.single_dummy.band_bounds`).

        The search is the cost, and a world is searched only where its result can change the draw (the values
        are those of drawing after a search everywhere, bit for bit): a world whose cards leave one band (say,
        the defenders' master trump rules out a march and the makers' three top trumps a euchre) takes it, the
        draw being moved into the bounds whatever it was
        (:meth:`~solver.advisor.single_dummy.SingleDummyModel.draw_bands`); a world whose draw is the same under
        every double-dummy band its cards allow (its uniform below every band's chance of a euchre, say) takes
        that draw (:meth:`~solver.advisor.single_dummy.SingleDummyModel.draw_each_band`, counted in
        :attr:`skipped`). A world whose makers are sure of 3 tricks is searched for the march only
        (``solve_batch(made=...)``)."""
        if maker is None:
            maker = config[1] if config[1] >= 0 else makers_side
        key = (config, makers_side, int(maker) if self.sd_model.needs_maker else None)
        values = self.sd_cache.get(key)
        if values is None:
            values = self.sd_cache[key] = np.full(self.n, -1, dtype=np.int8)
        got = values[rows]
        missing = got < 0
        if not _some(missing):
            return got
        need = self._once(rows[missing])[0]   # a world asked twice (stacked auctions) is valued once
        bounds = None
        if self.card_bounds:
            # the fit knows counts, not cards: keep each world within what no play can change (a sure make, a
            # march the defenders' master trump rules out)
            low, high = self._bounds(config, makers_side, need)
            low, high = low[need], high[need]
            fixed = low == high
            if _some(fixed):
                values[need[fixed]] = BAND_TRICKS[low[fixed]]
                free = ~fixed
                need, low, high = need[free], low[free], high[free]
                if not need.size:
                    return values[rows]
            bounds = (low, high)
        feats = self._features(config, int(maker), need)
        u = self.sd_uniform[need]
        searched = self.cache.get((config, makers_side))
        if searched is not None and _some(searched[need] < 0) == 0:      # every double-dummy band known
            values[need] = BAND_TRICKS[self.sd_model.draw_bands(BAND_OF[searched[need]], feats, u, bounds)]
            return values[rows]
        # the draw under each double-dummy band the cards allow: where they all agree, no search is needed
        each = self.sd_model.draw_each_band(feats, u, bounds)
        if bounds is None:
            low, high = each.min(axis=1), each.max(axis=1)
        else:
            allowed = (_BANDS >= bounds[0][:, None]) & (_BANDS <= bounds[1][:, None])
            low, high = np.where(allowed, each, 2).min(axis=1), np.where(allowed, each, 0).max(axis=1)
        settled = low == high
        values[need[settled]] = BAND_TRICKS[low[settled]]
        self.skipped += _some(settled)
        open_ = np.flatnonzero(~settled)
        if open_.size:
            searching = need[open_]
            sure = None if bounds is None else bounds[0][open_] > 0
            band = np.empty(open_.size, dtype=np.int64)
            # where euchred and made draw alike only the march matters: the core's march test alone (about
            # two-fifths of a band's search), unless the band is known or read off the other side's anyway
            march = each[open_, 0] == each[open_, 1]
            if sure is not None:
                march &= ~sure
            for known in (searched, self.cache.get((config, 1 - makers_side))):
                if known is not None:
                    march &= known[searching] < 0
            if _some(march):
                band[march] = self._march_band(config, makers_side, searching[march])
            rest = ~march
            if _some(rest):
                band[rest] = BAND_OF[self.dd_tricks(config, makers_side, searching[rest],
                                                    sure_make=None if sure is None else sure[rest])]
            values[searching] = BAND_TRICKS[each[open_, band]]
        return values[rows]

    def _march_band(self, config, makers_side: int, rows: np.ndarray) -> np.ndarray:
        """int8 (len(rows),): 2 where the makers march double dummy under ``config`` in ``rows``, else 1 (they do
        not: euchred or made, not told apart), by the core's march test alone (``solve_batch(made=...)``, the
        claim of a make standing in for "euchred and made alike"); kept apart from :meth:`dd_tricks`' bands,
        which it does not know, except that a march is one (:meth:`dd_tricks` reads it)."""
        values = self.march_cache.get((config, makers_side))
        if values is None:
            values = self.march_cache[(config, makers_side)] = np.full(self.n, -1, dtype=np.int8)
        got = values[rows]
        missing = got < 0
        if _some(missing):
            need = self._once(rows[missing])[0]
            hands = self._play_hands(config, need)
            leader, in_play, _ = self._setup(config)
            k = need.size
            col = self._columns
            values[need] = dd.solve_batch(hands, col[config[0], :k], col[leader, :k], col[makers_side, :k],
                                          col[in_play, :k], self.players, self.threads, bands=True,
                                          made=np.ones(k, dtype=bool))
            self.solved += k
            self.march_only += k
            got = values[rows]
        return got

    def _facts(self, config, rows: np.ndarray | None = None) -> dict:
        """What single dummy reads of the worlds' hands in play under ``config`` (:meth:`_play_hands`), counted
        for ``rows`` (int (k,); ``None``: every world) and kept, so that every call, makers' side and model
        variant reads the same counts: a request for a few worlds not yet counted (under 1/:data:`FACT_SHARE` of
        those left: a discard screened on the first worlds, a rare round-2 loner) counts those (with the rest of
        their blocks of :data:`FACT_BLOCK` worlds, unless that makes them many), a larger one every world left
        (one pass over many is cheaper than many over the few each auction branch asks).
        ``"sure"`` int8 (n, 2), each side's sure tricks (:func:`~solver.advisor.single_dummy.sure_tricks`);
        ``"counts"`` float (n, :data:`~solver.advisor.single_dummy.COUNT_COLUMNS`), the per-seat and per-side
        counts the fit's features add up (:meth:`_features`); ``"bounds"``: per makers' side, the lowest and
        highest band (int8 (n,) each) its cards allow (:meth:`_bounds`). Every figure is of its world alone, so
        counting some worlds at a time gives each the same values as one pass over all; only the entries of
        worlds counted (``"done"``) are meaningful."""
        got = self._config_facts.get(config)
        if got is None:
            got = self._config_facts[config] = {"done": np.zeros(self.n, dtype=bool), "left": self.n}
        left = got["left"]
        if not left:
            return got
        done = got["done"]
        at = None
        if rows is not None:
            at = rows[~done[rows]]
            if not at.size:
                return got
            if at.size * FACT_SHARE < left:
                # a few worlds: the blocks of FACT_BLOCK worlds they fall in (a prefix of the worlds, as an early
                # look or a screen asks, in one pass), or those worlds alone where the blocks would be many
                blocks = np.zeros(-(-self.n // FACT_BLOCK), dtype=bool)
                blocks[at // FACT_BLOCK] = True
                wide = np.repeat(blocks, FACT_BLOCK)[:self.n] & ~done
                at = np.flatnonzero(wide) if _some(wide) * FACT_SHARE < left else np.unique(at)
            else:
                at = None
        full = left == self.n and at is None
        if at is None:
            # most worlds will be asked for anyway (the auction's later branches, the next look): all at once
            at = np.arange(self.n) if full else np.flatnonzero(~done)
        hands = self._play_hands(config, at)
        t = int(config[0])
        # whole counts in a small-integer table first (no conversion a column), then one conversion
        small = np.empty((at.size, COUNT_COLUMNS), dtype=np.uint8)
        small[:, 0] = 1
        kinds = (TRUMP_MASKS[t], np.uint32((1 << (8 + t)) | (1 << (8 + (3 - t)))),
                 np.uint32(sum(1 << (20 + s) for s in range(4) if s != t)))
        for k, mask in enumerate(kinds):
            np.bitwise_count(hands & mask, out=small[:, 1 + 4 * k:5 + 4 * k])
        trumps = small[:, 1:5]
        np.minimum(trumps, 3, out=small[:, 13:17])
        np.equal(trumps, 2, out=small[:, 17:21])
        sure = sure_tricks(hands, t).astype(np.int8)
        small[:, SURE_COLUMN:SURE_COLUMN + 2] = sure
        bounds = tuple((BAND_OF[sure[:, side]], BAND_OF[laws.TRICKS - sure[:, 1 - side]]) for side in (0, 1))
        if full:
            got.update(counts=small.astype(np.float64), sure=sure, bounds=bounds)
        else:
            if "counts" not in got:
                got.update(counts=np.empty((self.n, COUNT_COLUMNS)), sure=np.empty((self.n, 2), dtype=np.int8),
                           bounds=tuple((np.empty(self.n, dtype=np.int8), np.empty(self.n, dtype=np.int8))
                                        for _ in (0, 1)))
            got["counts"][at] = small
            got["sure"][at] = sure
            for kept, new in zip(got["bounds"], bounds):
                kept[0][at], kept[1][at] = new
        done[at] = True
        got["left"] = left - at.size
        return got

    def _bounds(self, config, makers_side: int, rows: np.ndarray | None = None) -> tuple:
        """``(low, high)``, int8 (n,) each: the lowest and highest band the makers' cards allow in every world
        (:func:`~solver.advisor.single_dummy.bands_within` of :meth:`_facts`' sure tricks), counted for ``rows``
        at least (``None``: every world)."""
        return self._facts(config, rows)["bounds"][makers_side]

    def _features(self, config, maker: int, rows: np.ndarray) -> np.ndarray:
        """float (len(rows), p): the fit's :func:`~solver.advisor.single_dummy.contract_features` of ``rows``
        under ``config`` with ``maker`` calling, as the per-seat counts of :meth:`_facts` times a 0/1 matrix
        (:func:`~solver.advisor.single_dummy.feature_weights`): whole numbers summed, so the same values bit for
        bit, with two passes a call instead of one or more a feature."""
        trump, alone, _pickup = config
        key = (config, maker, self.sd_model.features)
        weights = self._weights.get(key)
        if weights is None:
            weights = self._weights[key] = feature_weights(
                self.sd_model.features, trump, maker, alone >= 0, trump == self.proposed, self._setup(config)[0])
        return self._facts(config, rows)["counts"][rows] @ weights

    def sure(self, config) -> np.ndarray:
        """int8 (n, 2): the tricks each side is sure of at the first lead in every world under ``config``
        (:func:`~solver.advisor.single_dummy.sure_tricks`, kept by :meth:`_facts`)."""
        return self._facts(config)["sure"]

    def playout_tricks(self, config, makers_side: int, rows: np.ndarray) -> np.ndarray:
        """Direct playout: the makers' tricks when each world's hand is played out by seats that each see only
        their own view (:func:`~solver.advisor.playout.play_out`, ``inner_worlds`` a decision), one seed a
        world and configuration. The maker is the loner, else the makers' first seat to bid (who of the two
        called does not change what either side can see of the other's cards)."""
        from .playout import contract_hand, playout_makers_tricks   # here: only the playout valuation needs it
        values = self.sd_cache.get((config, makers_side))
        if values is None:
            values = self.sd_cache[(config, makers_side)] = np.full(self.n, -1, dtype=np.int8)
        got = values[rows]
        missing = got < 0
        if not _some(missing):
            return got
        trump, alone, pickup = config
        order = laws.bidding_order(self.dealer, self.players)
        maker = alone if alone >= 0 else next(int(p) for p in order
                                              if laws.side_of(int(p), self.players) == makers_side)
        ordered = trump == self.proposed
        code = -1 if pickup is None else 99 if pickup == "h" else int(pickup)
        for r in self._once(rows[missing])[0].tolist():
            discard = None
            if ordered:
                discard = (int(self.heuristic_discard(trump)[r]) if pickup in ("h", None) else int(pickup))
            h = contract_hand(self.base[r], int(self.kitty[r]) & ~(1 << self.upcard), self.upcard, self.dealer,
                              self.rules, trump, maker, alone >= 0, discard, proposed=self.proposed)
            seed = int(np.random.SeedSequence([self.seed, r, trump, alone + 1, code + 1, makers_side, 0x706F])
                       .generate_state(1)[0])
            values[r] = (self.hand_player or playout_makers_tricks)(h, self.inner_worlds, seed)
            self.solved += 1
        return values[rows]

    def dd_tricks(self, config, makers_side: int, rows: np.ndarray, sure_make: np.ndarray | None = None) -> np.ndarray:
        """Makers' tricks double dummy, as the scoring band's representative (2 euchred, 3 made, 5 march),
        for ``rows`` of the worlds under ``config`` with ``makers_side`` (solving what is missing).

        Scoring reads only the band, and the core finds a band with one or two zero-window
        tests (``solve_batch(bands=True)``) instead of the exact count. ``sure_make``: bool (len(rows),) or
        ``None``, the worlds whose makers are sure of 3 tricks by their cards (:meth:`_bounds`), searched
        for the march only.
        """
        values = self.cache.get((config, makers_side))
        if values is None:               # -1: not solved yet
            values = self.cache[(config, makers_side)] = np.full(self.n, -1, dtype=np.int8)
        got = values[rows]
        missing = got < 0
        if not _some(missing):
            return got
        # a world asked twice (stacked auctions) is solved once
        need, first = self._once(rows[missing])     # first: an entry of each
        other = self.cache.get((config, 1 - makers_side)) if self.derive_sides else None
        made = None if sure_make is None else sure_make[missing] if first is None else sure_make[missing][first]
        if other is not None:
            theirs = other[need]
            # the same positions read for the other side: when that side took 3 or more of the 5
            # tricks, this side took at most 2 (euchred) without a search
            settled = theirs >= laws.MAKE_TRICKS
            if _some(settled):
                values[need[settled]] = BAND_TRICKS[0]
                self.derived += _some(settled)
                keep = ~settled
                need, theirs = need[keep], theirs[keep]
                made = None if made is None else made[keep]
            # the other side took at most 2: this side took at least 3, only the march is open
            known = theirs >= 0
            self.half += _some(known)
            made = known if made is None else made | known
        marched = self.march_cache.get((config, makers_side))
        if marched is not None and need.size:
            tested = marched[need]
            # the march test said march: that is the band; it said not, and they make it: made
            found = (tested == 2) | ((tested == 1) & (made if made is not None else False))
            if _some(found):
                values[need[found]] = BAND_TRICKS[np.where(tested[found] == 2, 2, 1)]
                keep = ~found
                need, tested = need[keep], tested[keep]
                made = None if made is None else made[keep]
            # it said not, and the make is open: the other side's band tells euchred from made (their 3 or more
            # tricks are this side's euchre), the one test still missing; the march's is not run twice
            other_way = tested == 1
            if _some(other_way):
                theirs = self._search(config, 1 - makers_side, need[other_way], None)
                values[need[other_way]] = BAND_TRICKS[np.where(theirs >= laws.MAKE_TRICKS, 0, 1)]
                keep = ~other_way
                need = need[keep]
                made = None if made is None else made[keep]
        if need.size:
            self._search(config, makers_side, need, made if made is not None and _some(made) else None)
        return values[rows]

    def _search(self, config, makers_side: int, rows: np.ndarray, made) -> np.ndarray:
        """Search ``rows`` (none searched yet for ``makers_side``) for the makers' band and keep it
        (:meth:`dd_tricks`' values); ``made``: bool (len(rows),) or ``None``, rows known to make it. Returns the
        band representatives."""
        values = self.cache.get((config, makers_side))
        if values is None:
            values = self.cache[(config, makers_side)] = np.full(self.n, -1, dtype=np.int8)
        hands = self._play_hands(config, rows)
        leader, in_play, _ = self._setup(config)
        k = rows.size
        col = self._columns
        bands = dd.solve_batch(hands, col[config[0], :k], col[leader, :k], col[makers_side, :k], col[in_play, :k],
                               self.players, self.threads, bands=True, made=made)
        values[rows] = got = BAND_TRICKS[bands]
        self.solved += k
        return got

    def outcome(self, rows, maker, trump, alone, pickup):
        """Makers' tricks (band representatives) for rows where ``maker`` (seat array, all >= 0)
        made ``trump`` (array).

        ``alone`` bool array; ``pickup`` one value for all rows (see the class doc).
        """
        tricks = np.zeros(rows.size, dtype=np.int8)
        alone_seat = np.where(alone, maker, -1)
        makers_side = laws.side_of(maker, self.players)
        # one small integer per (trump, loner seat or -1, makers' side): grouping on 1-D keys is cheap
        keys = (trump.astype(np.int64) * 5 + alone_seat.astype(np.int64) + 1) * 2 + makers_side.astype(np.int64)
        if self.how.fitted and self.sd_model.needs_maker:
            return self._outcome_by_maker(rows, maker, keys, pickup)
        present = np.flatnonzero(np.bincount(keys))
        if present.size == 1:             # one configuration (the usual case): no selection
            key = int(present[0])
            return self.makers_tricks(self.config(key // 10, key // 2 % 5 - 1, pickup), key % 2, rows)
        for key in present.tolist():
            sel = keys == key
            config = self.config(key // 10, key // 2 % 5 - 1, pickup)
            tricks[sel] = self.makers_tricks(config, key % 2, rows[sel])
        return tricks

    def _outcome_by_maker(self, rows, maker, keys, pickup):
        """:meth:`outcome` grouped by the calling seat too (a single-dummy fit with features of the maker's
        own hand: which partner called changes the value)."""
        tricks = np.zeros(rows.size, dtype=np.int8)
        keys = keys * 4 + maker.astype(np.int64)
        for key in np.flatnonzero(np.bincount(keys)).tolist():
            sel = keys == key
            k = key // 4
            config = self.config(k // 10, k // 2 % 5 - 1, pickup)
            tricks[sel] = self.makers_tricks(config, k % 2, rows[sel], key % 4)
        return tricks


__all__ = ["BAND_TRICKS", "Engine"]
