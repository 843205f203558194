"""The fitted single-dummy correction: each world's double-dummy result mapped to what single-dummy play makes of it.

A direct playout (:mod:`solver.advisor.playout`) in every world is a few hundred solves a decision, too
slow for advice at 2,000 worlds. Instead each world is solved double dummy as before, and its result is
replaced by a single-dummy one from a model fitted offline against direct playouts
(``benchmarks/tools/derive_single_dummy.py``; the data, its provenance and its held-out error in
``solver/data/single-dummy-v6.json``, the default: v3's coefficients for a contract with partner and v5's for a
loner, composed by ``benchmarks/tools/compose_single_dummy.py``; ``single-dummy-v1.json`` to ``-v3.json``, the earlier
fits, and ``-v4.json``, v3's features refitted against the rollout's card play, and ``-v5.json``, with the makers' sure
tricks too, load by name with :func:`load_model`):

* **Calls** (:meth:`SingleDummyModel.band_probabilities`): for each double-dummy scoring band of the
  makers (euchred, made, march: what :func:`solver.solve_batch` ``bands=True`` gives) a multinomial
  logistic regression gives the chance of each single-dummy band from features of the world and the
  contract (:func:`contract_features`: makers' trumps, bowers and off-suit aces, defenders' trumps, the
  makers leading, alone, ordered up or named in round 2; v2 adds the calling seat's own trumps and
  bowers, its partner's trumps and the makers' trumps in round 2; v3 whether it holds exactly two trumps,
  in either round and in round 2, and is fitted on the advisor's own questions alone, 600 random ones
  and 250 of each class of the flattery study, rather than on random contracts). The advisor draws each world's band from
  those chances with one uniform per world, the same for every call (common random numbers), so the
  calls stay paired and every per-world figure stays a whole score.
* **Cards** (:meth:`SingleDummyModel.trick_distribution`): a table of the chance of the makers'
  single-dummy tricks given their double-dummy tricks, the tricks still to play and alone or not
  (counts from the playouts at every trick's start, plus one pseudo-count on the double-dummy value);
  :func:`solver.advise_play` averages each card's figures over it (v3 carries v2's table: its fit plays
  no random contracts, whose every trick's start the table counts), each world's row first kept within
  the tricks no play can change there (:func:`sure_tricks`, :func:`clip_tricks`).

Both assume what the playouts assumed: every seat sees only its own view and chooses each card by
PIMC over ``inner_worlds`` uniform worlds of it (the fit's value, in the data); the four-player game
without the joker or dummy hands.
"""
from __future__ import annotations

import json
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cached_property, lru_cache
from pathlib import Path

import numpy as np

from ..cardtables import ESUIT, NCARDS, POWER
from ..errors import ModelError
from ..laws import MAKE_TRICKS, TRICKS, side_of, winning_index

#: The directory of the fitted data shipped with the package.
DATA_DIR = Path(__file__).resolve().parent.parent / "data"
#: The fit the advisor's ``valuation="single_dummy"`` uses (:func:`default_model`).
DEFAULT_NAME = "single-dummy-v6"
#: Every fit shipped, by name (each loads with :func:`load_model`): v1 counts the makers' cards together;
#: v2 adds the maker's own hand and the round's interaction (:data:`FEATURES_V2`); v3 the maker's two trumps
#: as a class of its own (:data:`FEATURES_V3`), fitted on the advisor's questions by class; v4 v3's features
#: fitted against the rollout's card play (the advisor agents at every seat, ``derive_single_dummy.py --play
#: agents``), which on held-out questions stands no closer to that play than v3 does (docs/advice.md), so v3
#: stayed the default; v5 v3's features and the makers' sure tricks (:data:`FEATURES_V5`), fitted on v4's samples,
#: which tells the three top trumps from three small ones, within 0.05 of rollouts on loners but not on round-2 calls
#: with two trumps; v6, the default, the composite of v3 with partner and v5 alone (its data's
#: ``alone_coefficients``; ``benchmarks/tools/compose_single_dummy.py``, the fits named in its provenance's
#: ``composed_of``), within 0.05 points of rollouts on each kind (docs/advice.md, "Against rollouts").
NAMES = ("single-dummy-v1", "single-dummy-v2", "single-dummy-v3", "single-dummy-v4", "single-dummy-v5",
         "single-dummy-v6")
#: The data file of the default fit.
DATA = DATA_DIR / f"{DEFAULT_NAME}.json"

#: The features of the first fit (``single-dummy-v1``), in its column order: the contract and the makers'
#: (both partners') and defenders' counts.
FEATURES = ("intercept", "alone", "ordered_up", "makers_trumps", "makers_bowers", "makers_off_aces",
            "defenders_trumps", "makers_lead")
#: The features of ``single-dummy-v2``: v1's plus the maker's own trumps (capped at 3), bowers and off-suit
#: aces, the partner's trumps, and in a suit named in round 2 the makers' and the maker's own (capped)
#: trumps (the round x strength interaction). The flattery study classes calls by the maker's own trumps
#: and the round; v1 could not tell a maker with one trump and a long partner from the reverse, nor
#: round 2 from round 1 beyond an intercept. Chosen over subsets of these by the held-out log-likelihood
#: and class errors (``--compare`` of ``benchmarks/tools/derive_single_dummy.py``; the data's provenance).
FEATURES_V2 = FEATURES + ("maker_trumps_cap3", "maker_bowers", "partner_trumps", "round2_makers_trumps",
                          "round2_maker_trumps_cap3", "maker_off_aces")
#: The features of ``single-dummy-v3``: v2's plus whether the maker holds exactly two trumps, in either round and
#: in a suit named in round 2. With them the maker's own trumps (one or none, two, three or more) and the round
#: are each a class with its own intercept per double-dummy band, as the flattery study classes calls: v2's
#: trumps enter linearly, and on the advisor's questions it stood +0.10 ordering up with two trumps and -0.09
#: naming a suit in round 2 with three or more.
FEATURES_V3 = FEATURES_V2 + ("maker_two_trumps", "round2_maker_two_trumps")
#: The features of ``single-dummy-v5``: v3's plus the makers' sure tricks at the first lead (:func:`sure_tricks`:
#: what no play can take from them, such as the right and left bowers and the ace of trump in one hand) and, for
#: a loner, the same count and the makers' trumps again. v3 reads the makers' strength only as counts of
#: trumps and bowers, so it cannot tell the three top trumps from three small ones: with partner it gave a
#: march that double dummy finds 0.53 where the advisor agents' play marches 0.71, and alone 0.11 of a
#: made double-dummy loner marching where they march 0.06 (the 20,000 agent-played contracts of v4's fit).
FEATURES_V5 = FEATURES_V3 + ("makers_sure", "alone_makers_sure", "alone_makers_trumps")
#: Every feature :func:`contract_features` computes (a fit names the ones it uses, in its order).
KNOWN_FEATURES = FEATURES_V5
_KNOWN = frozenset(KNOWN_FEATURES)
#: The features that depend on which of the two makers called (not only on the makers' side).
MAKER_FEATURES = frozenset({"maker_trumps_cap3", "maker_bowers", "partner_trumps", "round2_maker_trumps_cap3",
                            "maker_off_aces", "maker_two_trumps", "round2_maker_two_trumps"})
#: The bands, in the order of their probabilities: euchred, made, march.
BANDS = ("euchred", "made", "march")


#: uint32 (4,): the cards of each trump suit (the left bower included, the joker too), by the rules kernel's
#: effective suits (:data:`solver.cardtables.ESUIT`)
TRUMP_MASKS = np.array([sum(1 << c for c in range(NCARDS) if ESUIT[t, c] == t) for t in range(4)], dtype=np.uint32)


def trump_mask(trump: int) -> int:
    """The bitmask of the cards of ``trump`` (the left bower included)."""
    return int(TRUMP_MASKS[int(trump)])


def contract_features(hands, trump: int, maker: int, alone: bool, ordered_up: bool, leader: int,
                      features: tuple = FEATURES) -> np.ndarray:
    """float (n, len(features)): the columns ``features`` (names of :data:`KNOWN_FEATURES`, default the
    v1 set :data:`FEATURES`) for each world of one contract.

    ``hands``: uint32 (n, 4), the hands in play at the first lead (the dealer's after its pickup and
    discard; 0 for a seat sitting out); ``trump``; ``maker``: the calling seat (0..3; only its side,
    ``maker % 2``, matters to the v1 features, so a side 0/1 gives them too); ``alone``: a loner;
    ``ordered_up``: round 1 (else a suit named in round 2); ``leader``: the first leader's seat.
    Counts are of cards in play: trumps (the left bower included), bowers, aces of the three plain
    suits; ``makers_*`` of both partners, ``maker_*`` of the calling seat alone (``maker_trumps_cap3``:
    its trumps, 3 for three or more), ``partner_trumps`` of its partner (0 for a loner's),
    ``round2_makers_trumps`` and ``round2_maker_trumps_cap3`` the makers' and the maker's (capped)
    trumps when the suit was named in round 2, else 0; ``maker_two_trumps`` 1 where the calling seat holds
    exactly two trumps, ``round2_maker_two_trumps`` the same in a suit named in round 2 (else 0).

    Raises:
        ModelError: a feature name not in :data:`KNOWN_FEATURES`.
    """
    if not _KNOWN.issuperset(features):
        unknown = [f for f in features if f not in _KNOWN]
        raise ModelError(f"single-dummy features {unknown} are not among {list(KNOWN_FEATURES)}")
    h = np.asarray(hands, dtype=np.uint32)
    t = int(trump)
    maker = int(maker)
    side = maker % 2
    partner = (maker + 2) % 4
    n = h.shape[0]
    # each seat's count of a kind of card, (n, 4), one pass over the hands a kind and only for the kinds the
    # features ask for (the per-column counts cost more in numpy's per-call overhead than in arithmetic)
    per_seat: dict = {}
    masks = {"trumps": TRUMP_MASKS[t], "bowers": np.uint32((1 << (8 + t)) | (1 << (8 + (3 - t)))),
             "aces": np.uint32(sum(1 << (20 + s) for s in range(4) if s != t))}

    def seats(kind):
        got = per_seat.get(kind)
        if got is None:
            got = per_seat[kind] = np.bitwise_count(h & masks[kind]).astype(np.int64)
        return got

    def makers(kind):
        c = seats(kind)
        return c[:, side] + c[:, side + 2]

    def own(kind):
        return seats(kind)[:, maker]

    round2 = 0.0 if ordered_up else 1.0
    sure_cache: list = []

    def sure():
        if not sure_cache:
            sure_cache.append(sure_tricks(h, t).astype(np.int64))
        return sure_cache[0]

    columns = {
        "intercept": lambda: 1.0,
        "alone": lambda: float(bool(alone)),
        "ordered_up": lambda: float(bool(ordered_up)),
        "makers_trumps": lambda: makers("trumps"),
        "makers_bowers": lambda: makers("bowers"),
        "makers_off_aces": lambda: makers("aces"),
        "defenders_trumps": lambda: seats("trumps")[:, 1 - side] + seats("trumps")[:, 3 - side],
        "makers_lead": lambda: float(int(leader) % 2 == side),
        "maker_trumps_cap3": lambda: np.minimum(own("trumps"), 3),
        "maker_bowers": lambda: own("bowers"),
        "partner_trumps": lambda: seats("trumps")[:, partner],
        "round2_makers_trumps": lambda: makers("trumps") * round2,
        "round2_maker_trumps_cap3": lambda: np.minimum(own("trumps"), 3) * round2,
        "maker_off_aces": lambda: own("aces"),
        "maker_two_trumps": lambda: (own("trumps") == 2).astype(float),
        "round2_maker_two_trumps": lambda: (own("trumps") == 2) * round2,
        "makers_sure": lambda: sure()[:, side],
        "alone_makers_sure": lambda: sure()[:, side] * float(bool(alone)),
        "alone_makers_trumps": lambda: makers("trumps") * float(bool(alone)),
    }
    out = np.empty((n, len(features)))
    for k, f in enumerate(features):
        out[:, k] = columns[f]()
    return out


#: The per-seat counts :func:`feature_weights` combines, as columns: 1, then for seats N E S W in turn the trumps,
#: the bowers, the off-suit aces, the trumps capped at 3, and 1 where the seat holds exactly two trumps; then the
#: sure tricks of sides N-S and E-W (:func:`sure_tricks`).
COUNT_COLUMNS = 23
#: The column of side N-S's sure tricks among :data:`COUNT_COLUMNS` (E-W's the next).
SURE_COLUMN = 21


def feature_weights(features: tuple, trump: int, maker: int, alone: bool, ordered_up: bool, leader: int) -> np.ndarray:
    """float (:data:`COUNT_COLUMNS`, len(features)) of 0s and 1s: the matrix that turns the per-seat counts of
    :data:`COUNT_COLUMNS` (one row a world) into :func:`contract_features`' columns ``features`` for one
    contract (the same arguments). Every feature is a sum of at most two whole counts, so the product is
    :func:`contract_features` bit for bit; the advisor's engine counts each configuration's hands once and
    multiplies, instead of counting again for each call.

    Raises:
        ModelError: a feature name not in :data:`KNOWN_FEATURES`.
    """
    if not _KNOWN.issuperset(features):
        unknown = [f for f in features if f not in _KNOWN]
        raise ModelError(f"single-dummy features {unknown} are not among {list(KNOWN_FEATURES)}")
    maker = int(maker)
    side, partner = maker % 2, (maker + 2) % 4
    trumps, bowers, aces, cap3, two = (1 + 4 * k for k in range(5))      # each kind's column of seat N
    round2 = 0.0 if ordered_up else 1.0
    terms = {
        "intercept": [(0, 1.0)],
        "alone": [(0, float(bool(alone)))],
        "ordered_up": [(0, float(bool(ordered_up)))],
        "makers_trumps": [(trumps + side, 1.0), (trumps + side + 2, 1.0)],
        "makers_bowers": [(bowers + side, 1.0), (bowers + side + 2, 1.0)],
        "makers_off_aces": [(aces + side, 1.0), (aces + side + 2, 1.0)],
        "defenders_trumps": [(trumps + 1 - side, 1.0), (trumps + 3 - side, 1.0)],
        "makers_lead": [(0, float(int(leader) % 2 == side))],
        "maker_trumps_cap3": [(cap3 + maker, 1.0)],
        "maker_bowers": [(bowers + maker, 1.0)],
        "partner_trumps": [(trumps + partner, 1.0)],
        "round2_makers_trumps": [(trumps + side, round2), (trumps + side + 2, round2)],
        "round2_maker_trumps_cap3": [(cap3 + maker, round2)],
        "maker_off_aces": [(aces + maker, 1.0)],
        "maker_two_trumps": [(two + maker, 1.0)],
        "round2_maker_two_trumps": [(two + maker, round2)],
        "makers_sure": [(SURE_COLUMN + side, 1.0)],
        "alone_makers_sure": [(SURE_COLUMN + side, float(bool(alone)))],
        "alone_makers_trumps": [(trumps + side, float(bool(alone))), (trumps + side + 2, float(bool(alone)))],
    }
    out = np.zeros((COUNT_COLUMNS, len(features)))
    for k, f in enumerate(features):
        for column, weight in terms[f]:
            out[column, k] = weight
    out.flags.writeable = False
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
        name: the data's name (``"single-dummy-v2"``, ...; :data:`NAMES`).
        features: the names of the band model's columns (of :data:`KNOWN_FEATURES`), in order.
        coefficients: float (3, 3, p): per double-dummy band, per single-dummy band, the multinomial
            logit's coefficients on ``features`` (the euchred band's row 0: the reference).
        tricks: float (2, 5, 6, 6): ``[alone, tricks_left - 1, dd_tricks, sd_tricks]`` the chance of the
            makers' single-dummy tricks (rows sum to 1).
        inner_worlds: the playouts' PIMC worlds a decision.
        provenance: how it was fitted (deals, seed, held-out error), as in the data file.
        alone_coefficients: float (3, 3, p) or ``None``: a composite fit's coefficients for lone contracts (the
            rows whose ``alone`` feature is 1), ``coefficients`` then serving contracts with partner; ``None``:
            one set for both (every fit but a composite, whose provenance names its ``composed_of``).
    """

    name: str
    coefficients: np.ndarray
    tricks: np.ndarray
    inner_worlds: int
    provenance: dict
    features: tuple = FEATURES
    alone_coefficients: np.ndarray | None = None

    @classmethod
    def from_dict(cls, d: dict) -> "SingleDummyModel":
        """The model of a data file's JSON (``solver/data/single-dummy-v*.json``).

        Raises:
            ModelError: data not a JSON object, features not among :data:`KNOWN_FEATURES` or named twice, arrays
                not of the shapes they name or not finite, a trick table whose rows are not chances, a composite's
                (a provenance ``composed_of``) without ``alone_coefficients``, ``inner_worlds`` not a positive whole
                number, or a provenance that is not an object.
        """
        if not isinstance(d, dict):
            raise ModelError(f"single-dummy data: expected a JSON object, got {type(d).__name__} "
                             f"(not a single-dummy fit)")
        try:
            name = d["name"]
            if not isinstance(name, str):
                raise TypeError(f"name {name!r} is not a string")
            features = tuple(d["band_model"].get("features", FEATURES))
            coef = np.array(d["band_model"]["coefficients"], dtype=float)
            alone = d["band_model"].get("alone_coefficients")
            alone = None if alone is None else np.array(alone, dtype=float)
            tricks = np.array(d["trick_table"]["probabilities"], dtype=float)
            inner = d["inner_worlds"]
            if isinstance(inner, bool) or not isinstance(inner, int) or inner < 1:
                raise ValueError(f"inner_worlds {inner!r} is not a positive whole number")
            provenance = d.get("provenance", {})
            if not isinstance(provenance, dict):
                raise TypeError(f"provenance {type(provenance).__name__} is not an object")
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise ModelError(f"single-dummy data {d.get('name')!r}: {e!r} (not a single-dummy fit)") from None
        unknown = [f for f in features if f not in KNOWN_FEATURES]
        if unknown:
            raise ModelError(f"single-dummy data {d.get('name')!r}: features {unknown} are not among "
                             f"{list(KNOWN_FEATURES)}")
        if coef.shape != (3, 3, len(features)) or tricks.shape != (2, 5, 6, 6):
            raise ModelError(f"single-dummy data {d.get('name')!r}: coefficients {coef.shape} or trick table "
                             f"{tricks.shape} not of the expected shapes (3, 3, {len(features)}), (2, 5, 6, 6)")
        if len(set(features)) != len(features):
            raise ModelError(f"single-dummy data {name!r}: features {list(features)} name one twice")
        if alone is not None and (alone.shape != coef.shape or "alone" not in features):
            raise ModelError(f"single-dummy data {d.get('name')!r}: alone_coefficients {alone.shape} need the shape "
                             f"of the coefficients {coef.shape} and the feature 'alone' to choose between them")
        composed = provenance.get("composed_of")
        if alone is None and composed is not None:
            # without them a composite would value loners by its partner fit, silently
            raise ModelError(f"single-dummy data {name!r}: a composite (of {composed}) needs alone_coefficients")
        for label, values in (("coefficients", coef), ("alone_coefficients", alone), ("trick table", tricks)):
            # a NaN or an infinity makes NaN chances, which every draw reads as the euchred band
            if values is not None and not np.isfinite(values).all():
                raise ModelError(f"single-dummy data {name!r}: {label}: values that are not finite numbers")
        if (tricks < 0).any() or not np.allclose(tricks.sum(axis=-1), 1.0, atol=1e-6):
            raise ModelError(f"single-dummy data {name!r}: trick table rows are not chances (each row 0 or more, "
                             f"summing to 1)")
        return cls(name, coef, tricks, inner, dict(provenance), features, alone)

    @cached_property
    def _flat(self) -> tuple:
        """float (9, p) each, C-contiguous: the coefficients and the loners' (``None`` unless a composite), row
        ``3 * dd_band + sd_band``."""
        flat = np.ascontiguousarray(self.coefficients.reshape(9, -1))
        alone = (None if self.alone_coefficients is None
                 else np.ascontiguousarray(self.alone_coefficients.reshape(9, -1)))
        return flat, alone

    def _logits(self, features: np.ndarray) -> np.ndarray:
        """float (n, 3, 3): ``[world, dd_band, sd_band]`` the logit of each single-dummy band under each double-dummy
        band, by the world's coefficients (a composite's by its ``alone`` column; one contract's rows are all alone
        or all not, so the common case computes one set). One product of the features with the nine rows of
        coefficients, the same arithmetic a row whichever band is read off it."""
        n = features.shape[0]
        flat, alone_flat = self._flat
        if alone_flat is None:
            return np.einsum("nf,kf->nk", features, flat).reshape(n, 3, 3)
        alone = features[:, self.features.index("alone")] != 0
        if alone.all():
            return np.einsum("nf,kf->nk", features, alone_flat).reshape(n, 3, 3)
        z = np.einsum("nf,kf->nk", features, flat).reshape(n, 3, 3)
        if alone.any():
            z[alone] = np.einsum("nf,kf->nk", features[alone], alone_flat).reshape(-1, 3, 3)
        return z

    @cached_property
    def needs_maker(self) -> bool:
        """Whether the features depend on which of the two makers called (:data:`MAKER_FEATURES`), not
        only on their side."""
        return not MAKER_FEATURES.isdisjoint(self.features)

    def contract_features(self, hands, trump: int, maker: int, alone: bool, ordered_up: bool,
                          leader: int) -> np.ndarray:
        """float (n, p): this fit's columns of :func:`contract_features` (same arguments)."""
        return contract_features(hands, trump, maker, alone, ordered_up, leader, self.features)

    def band_probabilities(self, dd_band: np.ndarray, features: np.ndarray, bounds=None) -> np.ndarray:
        """float (n, 3): the chance of each single-dummy band (euchred, made, march) per world, from its
        double-dummy band index ``dd_band`` (int (n,), 0..2) and its features (float (n, p), this fit's
        columns: :meth:`contract_features`).

        ``bounds``: ``(low, high)``, int (n,) each, the lowest and highest band the world's cards allow
        (:func:`band_bounds`); the fitted chance of a band outside them is moved onto the nearest one they
        allow (:func:`clip_tricks`), so an outcome no play can reach gets exactly 0. ``None``: unbounded
        (what the fit itself reads)."""
        b = np.asarray(dd_band, dtype=np.int64)
        p = softmax_rows(self._logits(features)[np.arange(b.size), b])
        if bounds is None:
            return p
        low, high = bounds
        bind = np.flatnonzero((np.asarray(low) > 0) | (np.asarray(high) < 2))   # most worlds allow every band
        if bind.size:
            p[bind] = clip_tricks(p[bind], np.asarray(low)[bind], np.asarray(high)[bind])
        return p

    def expected_makers_points(self, dd_tricks: np.ndarray, features: np.ndarray, band_points,
                               bounds=None) -> np.ndarray:
        """float (n,): the makers' expected points a world under single-dummy play: the chance of each
        single-dummy band (:meth:`band_probabilities`, from the double-dummy makers' tricks ``dd_tricks``,
        int (n,) 0..5, through :func:`band_index`) times ``band_points`` (3 numbers: the makers' points
        euchred, made, march, as :func:`solver.laws.makers_points` scores the contract). The mean a world
        of what :meth:`draw_bands` draws (what an offline fit wants: no sampling noise); ``bounds`` as
        :meth:`band_probabilities`."""
        p = self.band_probabilities(band_index(dd_tricks), features, bounds)
        return p @ np.asarray(band_points, dtype=float)

    def draw_bands(self, dd_band: np.ndarray, features: np.ndarray, u: np.ndarray, bounds=None) -> np.ndarray:
        """int (n,): each world's single-dummy band drawn from :meth:`band_probabilities` (``bounds`` as
        there) with its uniform ``u`` (float (n,) in [0, 1)): the first band whose cumulative chance exceeds
        ``u``. Drawing unbounded and then moving the band into ``bounds`` is the same draw, band for band, as
        drawing from the bounded chances (the chance below ``low`` moved onto it is the cumulative chance at
        ``low``), and cheaper: no band outside ``bounds``, ever."""
        cum = np.cumsum(self.band_probabilities(dd_band, features), axis=1)
        drawn = np.minimum((cum <= np.asarray(u)[:, None]).sum(axis=1), 2)
        # clamped into [low, high] (low <= high): np.clip's own checks cost more than the two passes
        return drawn if bounds is None else np.minimum(np.maximum(drawn, bounds[0]), bounds[1])

    def draw_each_band(self, features: np.ndarray, u: np.ndarray, bounds=None) -> np.ndarray:
        """int (n, 3): :meth:`draw_bands` of each world had its double-dummy band been 0, 1 and 2 (column b), in
        one pass over the three (each row the same arithmetic as :meth:`draw_bands` does on it, so each column
        is that draw bit for bit). Where every double-dummy band the world's cards allow draws the same
        single-dummy band, that band does not depend on the search, which the advisor then skips."""
        n = features.shape[0]
        # the rows of the three bands one after the other, each as band_probabilities makes it (the same logits,
        # softmax and cumulative sum a row); the draw and the bounds broadcast
        z = self._logits(features).transpose(1, 0, 2).reshape(3 * n, 3)
        cum = np.cumsum(softmax_rows(z), axis=1).reshape(3, n, 3)
        drawn = np.minimum((cum <= np.asarray(u)[None, :, None]).sum(axis=2), 2)
        if bounds is not None:
            drawn = np.minimum(np.maximum(drawn, bounds[0]), bounds[1])
        return drawn.T

    def trick_distribution(self, dd_tricks: np.ndarray, tricks_left: int, alone: bool) -> np.ndarray:
        """float (n, 6): the chance of the makers' single-dummy tricks 0..5 given their double-dummy
        tricks (int (n,), the hand's total), with ``tricks_left`` (1..5) tricks not yet complete."""
        k = min(max(int(tricks_left), 1), 5)
        return self.tricks[int(bool(alone)), k - 1][np.asarray(dd_tricks, dtype=np.int64)]


def sure_tricks(hands, trump: int, table=(), table_seats=(), in_play=(0, 1, 2, 3)) -> np.ndarray:
    """int (n, 2): the tricks each side (0: N-S, 1: E-W) takes in every world however anyone plays, from
    the position's hands (uint32 (n, 4), the cards not yet played; 0 for a seat sitting out) and the cards on
    the table (``table``, in play order, with their ``table_seats``).

    A seat's trumps each win the trick they are played to unless a higher trump falls on the same trick, and
    each higher trump not in the seat's hand (in another hand or on the table) falls on one trick only: of
    the seat's ``j`` highest trumps, with ``k`` higher trumps elsewhere than the seat's ``j``-th, at least
    ``j - k`` win, each a trick of its own (the seat plays one card a trick). The seat's sure tricks are the
    most of ``j - k`` over its trumps: its *master trumps* (``k = 0``: above every other trump not yet
    played) and, say, five trumps under the right bower alone (four). Tricks won by the two partners are
    different tricks (a winner beats its partner's card), so the seats' counts add up. The trick under way
    is sure for a side when its best card so far is a trump above every trump the seats still to play hold;
    that trump is among the higher ones every other count allows for. What single-dummy play cannot lose
    (or win) whatever the guesses: the bounds :func:`clip_tricks` keeps a fitted trick distribution within
    (:func:`band_bounds` for a scoring band).
    """
    h = np.asarray(hands, dtype=np.uint32)
    n = h.shape[0]
    t = int(trump)
    order = _trump_order(t)                                     # the trumps, highest first
    # each seat's trumps and the live trumps elsewhere as bits by rank (bit r: the r-th highest trump), then the
    # most of j - k read off a table of every pair of such patterns (_master_table)
    halves = _rank_halves(t)
    held = _ranks(h, halves)                                    # uint8 (n, 4)
    live = held[:, 0] | held[:, 1] | held[:, 2] | held[:, 3]
    mine = held if tuple(sorted(int(s) for s in in_play)) == (0, 1, 2, 3) else (
        held * np.isin(np.arange(4), [int(s) for s in in_play])[None, :].astype(np.uint8))
    if len(table):
        # every seat at once, (n, 4): a card on the table falls on the trick under way only, so it can beat none
        # of the later cards of a seat that has already played to that trick
        on_table = _ranks(np.array([sum(1 << int(c) for c in table)], dtype=np.uint32), halves)[0]
        live = live | on_table
        played = np.array([s in set(int(x) for x in table_seats) for s in range(4)])
        seen = np.where(played[None, :], (live & ~on_table)[:, None], live[:, None])
    else:
        seen = live[:, None]
    masters = _master_table(len(order))[mine, seen & ~mine].astype(np.int64)
    sure = np.zeros((n, 2), dtype=np.int64)
    to_play = [s for s in in_play if s not in table_seats] if len(table) else []
    if len(table):
        best = int(table[winning_index(tuple(table), t)])
        side = side_of(int(table_seats[winning_index(tuple(table), t)]), 4)
        if POWER[t, best] >= 0:
            above = np.zeros(n, dtype=bool)          # a seat still to play holds a higher trump
            for c in order[:order.index(best)]:
                for s in to_play:
                    above |= (h[:, s] & np.uint32(1 << c)) != 0
            # sure: no seat still to play (of either side) holds a higher trump, so none of them has a master
            # that this trick could swallow, and the counts below add up
            sure[:, side] += ~above
    sure[:, 0] += masters[:, 0] + masters[:, 2]         # a seat out of play has no masters (mine is 0 there)
    sure[:, 1] += masters[:, 1] + masters[:, 3]
    return sure


@lru_cache(maxsize=None)
def _trump_order(trump: int) -> tuple:
    """The cards of ``trump``, highest first (by :data:`~solver.cardtables.POWER`)."""
    return tuple(int(c) for c in np.argsort(-POWER[trump]) if POWER[trump, c] >= 0)


#: :func:`_rank_halves` splits a card bitmask here: bits below in one table, the rest in the other.
_HALF = 13


@lru_cache(maxsize=None)
def _rank_halves(trump: int) -> tuple:
    """Two uint8 tables, ``(2**13,)`` for the low 13 bits of a card bitmask and ``(2**12,)`` for the bits above
    (the joker's included): the trumps each part holds as bits by rank (bit r: the r-th highest trump of
    ``trump``, at most 8 trumps), so a hand's trumps by rank are two look-ups."""
    low = np.zeros(1 << _HALF, dtype=np.uint8)
    high = np.zeros(1 << (NCARDS - _HALF), dtype=np.uint8)
    for r, c in enumerate(_trump_order(trump)):
        table, bit = (low, c) if c < _HALF else (high, c - _HALF)
        values = np.arange(table.size)
        table[(values >> bit) & 1 == 1] |= np.uint8(1 << r)
    low.flags.writeable = False
    high.flags.writeable = False
    return low, high


def _ranks(masks: np.ndarray, halves: tuple) -> np.ndarray:
    """uint8 like ``masks``: the trumps of each card bitmask as bits by rank (:func:`_rank_halves`)."""
    m = np.asarray(masks, dtype=np.uint32)
    return halves[0][m & ((1 << _HALF) - 1)] | halves[1][m >> _HALF]


@lru_cache(maxsize=None)
def _master_table(length: int) -> np.ndarray:
    """int8 (2**length, 2**length): for a seat's trumps ``m`` and the live trumps not in its hand ``o`` (bit r:
    the r-th highest of ``length`` trumps), the most of ``j - k`` over its trumps (``j``: its trumps from the top
    down to that one, ``k``: the others above it), 0 at least: the seat's sure tricks (:func:`sure_tricks`)."""
    size = 1 << length
    m = np.arange(size, dtype=np.int64)[:, None]
    o = np.arange(size, dtype=np.int64)[None, :]
    best = np.zeros((size, size), dtype=np.int64)
    for r in range(length):
        j = np.bitwise_count(m & ((2 << r) - 1)).astype(np.int64)
        k = np.bitwise_count(o & ((1 << r) - 1)).astype(np.int64)
        best = np.where((m >> r) & 1 == 1, np.maximum(best, j - k), best)
    table = best.astype(np.int8)
    table.flags.writeable = False
    return table


def band_bounds(hands, trump: int, makers_side: int, table=(), table_seats=(), won=(0, 0),
                in_play=(0, 1, 2, 3)) -> tuple:
    """``(low, high)``, int (n,) each: the lowest and highest scoring band of the makers (0 euchred, 1 made,
    2 march: :func:`band_index`) that any play can still reach in each world, from the tricks each side is
    sure of (:func:`sure_tricks` of ``hands``, uint32 (n, 4), the cards not yet played, and the ``table``)
    and the tricks each side has already won (``won``: N-S's, E-W's; a pair or int (n, 2)); ``in_play``:
    the seats in play, as :func:`sure_tricks`.

    The makers take at least their sure tricks and at most what the defenders' sure tricks leave: the three
    top trumps in the makers' hands rule out a euchre, the right bower in a defender's hand (the dealer's
    pick-up included) rules out a march."""
    sure = sure_tricks(hands, trump, table, table_seats, in_play) + np.asarray(won, dtype=np.int64).reshape(-1, 2)
    return bands_within(sure, makers_side)


def bands_within(sure, makers_side: int) -> tuple:
    """``(low, high)`` of :func:`band_bounds` from each side's sure tricks ``sure`` (int (n, 2): N-S's, E-W's,
    the tricks already won included): the makers take at least theirs and at most what the defenders' leave."""
    side = int(makers_side)
    return band_index(sure[:, side]), band_index(TRICKS - sure[:, 1 - side])


def clip_tricks(dist: np.ndarray, low: np.ndarray, high: np.ndarray) -> np.ndarray:
    """float (n, k): ``dist`` (the chance of each of k ordered outcomes per world: the makers' hand total
    0..5, or their scoring band) with the chance below ``low`` moved onto ``low`` and above ``high`` onto
    ``high`` (int (n,) each, ``low <= high``): a fitted table knows the tricks but not the cards, and must not
    put weight on outcomes the position rules out."""
    d = np.asarray(dist, dtype=float)
    k = np.arange(d.shape[1])[None, :]
    lo, hi = np.asarray(low)[:, None], np.asarray(high)[:, None]
    out = np.where((k < lo) | (k > hi), 0.0, d)
    rows = np.arange(d.shape[0])
    out[rows, lo[:, 0]] += np.where(k < lo, d, 0.0).sum(axis=1)
    out[rows, hi[:, 0]] += np.where(k > hi, d, 0.0).sum(axis=1)
    return out


@lru_cache(maxsize=None)
def load_model(name: str = DEFAULT_NAME) -> SingleDummyModel:
    """A shipped :class:`SingleDummyModel` by name (:data:`NAMES`: ``solver/data/<name>.json``), loaded once.

    Raises:
        ModelError: a name not shipped (the message lists those that are), or data that does not validate.
    """
    if name not in NAMES:
        raise ModelError(f"single-dummy model {name!r} is not one of {list(NAMES)}")
    with open(DATA_DIR / f"{name}.json", encoding="utf-8") as f:
        model = SingleDummyModel.from_dict(json.load(f))
    if model.name != name:
        raise ModelError(f"single-dummy data {name}.json names itself {model.name!r}")
    return model


_chosen: list = []        # the names using_model() has put in force, innermost last


def default_model() -> SingleDummyModel:
    """The :class:`SingleDummyModel` the advisor's ``valuation="single_dummy"`` uses (:data:`DEFAULT_NAME`,
    or the fit a :func:`using_model` block names)."""
    return load_model(_chosen[-1] if _chosen else DEFAULT_NAME)


@contextmanager
def using_model(name: str):
    """Within the block, the advisor's single-dummy valuation uses the shipped fit ``name`` (:data:`NAMES`)
    instead of :data:`DEFAULT_NAME`: for studies that compare fits on the same worlds
    (``benchmarks/studies/single_dummy_flattery.py``). Not thread-safe (one module-wide choice).

    Raises:
        ModelError: a name not shipped.
    """
    load_model(name)          # refuse a bad name before the block runs
    _chosen.append(name)
    try:
        yield
    finally:
        _chosen.pop()


__all__ = ["DATA", "DATA_DIR", "DEFAULT_NAME", "NAMES", "FEATURES", "FEATURES_V2", "FEATURES_V3", "KNOWN_FEATURES",
           "MAKER_FEATURES", "TRUMP_MASKS", "trump_mask", "BANDS", "band_index", "contract_features",
           "COUNT_COLUMNS", "feature_weights",
           "SingleDummyModel", "sure_tricks", "band_bounds", "bands_within", "clip_tricks", "load_model", "default_model", "using_model"]
