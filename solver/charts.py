"""Hand charts: how a call fares by the caller's holding, read from a large solved set of deals.

Bridge players have hand-evaluation charts computed from hundreds of thousands of solved deals; no published
euchre table of this kind exists, so this one is made here (``benchmarks/tools/derive_hand_charts.py``, shipped
as ``solver/data/hand-charts-v2.json`` with its provenance). Every deal of the set
(:func:`solver.match.duplicate.deal_of`, four players, default :class:`~solver.rules.Rules`) is solved for every
call open to every seat: in round 1 ordering up the upcard's suit (the dealer picking up and throwing by
:func:`solver.bidding.dealer_discard`), in round 2 naming each other suit, each with the partner and alone. A
call is filed under its *class*, :class:`ChartClass`: the round, the caller's seat counted from the dealer's
left (1 to 4, 4 the dealer), with the partner or alone, and the caller's holding in the trump of the call at the
first lead (the dealer's after its pick-up and discard): trumps (0-5, the left bower counted), bowers (none,
right, left, both), off-suit aces (0-3) and voids in the plain suits (0-3).

Each class's row (:class:`ChartRow`) gives the chance that the call makes (3 tricks or more), marches (all 5)
or is euchred, the mean points for the caller's side (+1 made, +2 march, +4 a loner's march, -2 euchred), how
many calls of the set it holds, and 95% intervals (Wilson's for the chances, Student's t for the points;
:mod:`solver.stats`). Two valuations are shipped, both over the same solved contracts:

* ``"single_dummy"`` (the default, as the advisor's): each contract's double-dummy band turned into the
  chance of each band under play by seats that see only their own cards, by the fitted single-dummy model
  (:func:`solver.advisor.single_dummy.default_model`'s ``band_probabilities`` within the cards' ``band_bounds``);
  a row's figures are those of a band drawn from those chances per contract;
* ``"double_dummy"``: the band with every hand seen, which flatters the makers' marginal calls.

The other seats' hands are uniform given the caller's (a deal drawn at random): the chart does not weigh them
by the earlier passes, as the advisor does. Classes with fewer calls than the file's ``min_calls`` are not
shipped; asking for one raises :class:`~solver.errors.ChartClassError`.
"""
from __future__ import annotations

import functools
import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from . import laws
from .bidding import dealer_discard
from .cards import Card, Suit, format_cards, parse_cards
from .cardtables import suit_counts
from .errors import ArgumentError, CardError, ChartClassError, IllegalActionError, RulesError
from .rules import Rules
from .stats import discrete_mean_interval, wilson

__all__ = ["ChartClass", "ChartRow", "HandCharts", "hand_chart", "load_charts", "holding_classes", "class_index",
           "CHART_VALUATIONS", "BOWERS", "CLASS_COUNT"]

#: The shipped charts.
DATA = Path(__file__).resolve().parent / "data" / "hand-charts-v2.json"
#: The valuations a chart row is read by (the first is the default).
CHART_VALUATIONS = ("single_dummy", "double_dummy")
#: The prefix of each chart valuation's columns in the data (``sd_made``, ``dd_made``, ...).
_COLUMNS_OF = {"single_dummy": "sd_", "double_dummy": "dd_"}
#: The bowers a holding has: neither, the right only, the left only, both.
BOWERS = ("none", "right", "left", "both")
#: The fields of a class, in the order of :func:`class_index`'s mixed radix, with each field's number of values.
_FIELDS = (("round", 2), ("seat", 4), ("alone", 2), ("trumps", 6), ("bowers", 4), ("off_aces", 4), ("voids", 4))
#: How many class indices there are (most cannot arise: 5 trumps and a void fewer than 3, say).
CLASS_COUNT = math.prod(k for _, k in _FIELDS)
_RIGHT = 8     # card index of the jack of clubs: the jack of suit s is 8 + s (rank * 4 + suit, J = rank 2)
_ACE = 20      # the ace of suit s is 20 + s
#: The rules the charts were made under (four players, the defaults).
RULES = Rules()


def holding_classes(hands, trump) -> tuple:
    """The holding fields of hands in one trump: ``(trumps, bowers, off_aces, voids)``, int64 (n,) each.

    ``hands``: uint32 (n,) hand masks (the cards the caller plays with); ``trump``: a suit index (int) or an
    (n,) array of them. ``trumps`` counts the left bower; ``bowers`` indexes :data:`BOWERS`; ``off_aces``
    counts the aces of the three plain suits; ``voids`` the plain suits with no card (the left bower is no
    card of its printed suit)."""
    h = np.asarray(hands, dtype=np.uint32)
    t = np.asarray(trump, dtype=np.int64)
    counts = suit_counts(h, t if t.ndim else int(t))
    tcol = np.broadcast_to(t, h.shape)
    trumps = np.take_along_axis(counts, tcol[:, None], axis=1)[:, 0]
    voids = (counts == 0).sum(axis=1) - (trumps == 0)
    one = np.uint32(1)
    right = (h >> (_RIGHT + tcol).astype(np.uint32)) & one
    left = (h >> (_RIGHT + 3 - tcol).astype(np.uint32)) & one
    bowers = right.astype(np.int64) + 2 * left.astype(np.int64)
    aces = np.bitwise_count(h & np.uint32(0xF << _ACE)).astype(np.int64)
    trump_ace = (h >> (_ACE + tcol).astype(np.uint32)) & one
    return trumps, bowers, aces - trump_ace.astype(np.int64), voids


def class_index(rnd, seat, alone, trumps, bowers, off_aces, voids) -> np.ndarray:
    """int64: the class's index, 0 .. :data:`CLASS_COUNT` - 1 (arrays broadcast): ``rnd`` 1 or 2, ``seat`` 1-4
    from the dealer's left (4 the dealer), ``alone`` 0/1, then :func:`holding_classes`' fields."""
    index = np.zeros(np.broadcast(rnd, seat, alone, trumps, bowers, off_aces, voids).shape, dtype=np.int64)
    for (_name, size), value in zip(_FIELDS, (np.asarray(rnd) - 1, np.asarray(seat) - 1, alone, trumps, bowers,
                                             off_aces, voids)):
        index = index * size + np.asarray(value, dtype=np.int64)
    return index


@dataclass(frozen=True)
class ChartClass:
    """One class of a call (see the module docs): ``round`` 1 or 2; ``seat`` 1-4 counted from the dealer's
    left (4 the dealer); ``alone``; the caller's ``trumps`` (0-5), ``bowers`` (one of ``BOWERS``),
    ``off_aces`` (0-3) and ``voids`` (0-3) at the first lead."""
    round: int
    seat: int
    alone: bool
    trumps: int
    bowers: str
    off_aces: int
    voids: int

    @property
    def index(self) -> int:
        """This class's ``class_index()``."""
        return int(class_index(self.round, self.seat, int(self.alone), self.trumps, BOWERS.index(self.bowers),
                               self.off_aces, self.voids))

    @classmethod
    def of_index(cls, index: int) -> "ChartClass":
        values = []
        for _name, size in reversed(_FIELDS):
            values.append(index % size)
            index //= size
        rnd, seat, alone, trumps, bowers, aces, voids = reversed(values)
        return cls(rnd + 1, seat + 1, bool(alone), trumps, BOWERS[bowers], aces, voids)

    def __str__(self) -> str:
        seat = "the dealer" if self.seat == 4 else f"seat {self.seat} from the dealer's left"
        bowers = {"none": "no bower", "right": "the right bower", "left": "the left bower",
                  "both": "both bowers"}[self.bowers]
        return (f"round {self.round}, {seat}, {'alone' if self.alone else 'with partner'}: "
                f"{self.trumps} trump{'s' * (self.trumps != 1)}, {bowers}, "
                f"{self.off_aces} off-suit ace{'s' * (self.off_aces != 1)}, "
                f"{self.voids} void{'s' * (self.voids != 1)}")

    def to_dict(self) -> dict:
        return {"round": self.round, "seat": self.seat, "alone": self.alone, "trumps": self.trumps,
                "bowers": self.bowers, "off_aces": self.off_aces, "voids": self.voids}


@dataclass(frozen=True)
class ChartRow:
    """A class's figures (:func:`hand_chart`).

    Attributes:
        chart_class: the :class:`ChartClass`; ``valuation``: one of ``CHART_VALUATIONS``.
        calls: how many calls of the solved set the class holds (deals x seats x calls in it).
        p_make, p_march, p_euchred: chances of the caller's side taking 3+, all 5, fewer than 3 tricks.
        expected_points: mean points for the caller's side (units: points; negative when euchred).
        make_interval, march_interval, euchred_interval, points_interval: 95% intervals ``(low, high)``.
        hand, trump: the looked-up hand (bitmask, as played: the dealer's after its pick-up and discard) and
            the trump of the call (:class:`Suit`); ``None`` for a row read by class.
        source: the data's provenance (a dict: script, command, commit, date, deals, seed, cost).
    """
    chart_class: ChartClass
    valuation: str
    calls: int
    p_make: float
    p_march: float
    p_euchred: float
    expected_points: float
    make_interval: tuple
    march_interval: tuple
    euchred_interval: tuple
    points_interval: tuple
    hand: int | None = None
    trump: Suit | None = None
    discard: Card | None = None
    source: dict | None = None

    def to_dict(self) -> dict:
        """What ``euchre chart --json`` and ``/v1/chart`` return (figures rounded to 4 places)."""
        def r(x):
            return round(float(x), 4)
        return {"class": self.chart_class.to_dict(), "label": str(self.chart_class), "valuation": self.valuation,
                "calls": self.calls, "p_make": r(self.p_make), "make_interval": [r(x) for x in self.make_interval],
                "p_march": r(self.p_march), "march_interval": [r(x) for x in self.march_interval],
                "p_euchred": r(self.p_euchred), "euchred_interval": [r(x) for x in self.euchred_interval],
                "expected_points": r(self.expected_points),
                "points_interval": [r(x) for x in self.points_interval],
                "hand": None if self.hand is None else format_cards(self.hand),
                "trump": None if self.trump is None else self.trump.letter,
                "discard": None if self.discard is None else str(self.discard),
                "source": None if self.source is None else {k: self.source.get(k) for k in
                                                            ("data", "deals", "seed", "commit", "date")}}

    def __str__(self) -> str:
        def pct(p, iv):
            return f"{100 * p:5.1f}%  [{100 * iv[0]:.1f}, {100 * iv[1]:.1f}]"
        head = f"{self.chart_class}"
        if self.hand is not None and self.trump is not None:
            head = f"{format_cards(self.hand)} in {self.trump.word}: " + head
        lines = [head,
                 f"  calls in the class: {self.calls}  (valuation: {self.valuation.replace('_', ' ')})",
                 f"  P(make)     {pct(self.p_make, self.make_interval)}",
                 f"  P(march)    {pct(self.p_march, self.march_interval)}",
                 f"  P(euchred)  {pct(self.p_euchred, self.euchred_interval)}",
                 f"  points      {self.expected_points:+.3f}  [{self.points_interval[0]:+.3f}, "
                 f"{self.points_interval[1]:+.3f}]"]
        if self.discard is not None:
            lines.insert(1, f"  (after picking up and throwing {self.discard})")
        return "\n".join(lines)


class HandCharts:
    """The shipped charts (:func:`load_charts`): per class its calls and, per valuation, the sum over its calls
    of each band's chance (euchred, made, march: whole counts for double dummy).

    ``rows(valuation)`` gives every shipped class's :class:`ChartRow`; ``row(chart_class, valuation)`` one."""

    def __init__(self, data: dict):
        self.data = data
        self.provenance = data["provenance"]
        self.min_calls = int(data["min_calls"])
        columns = data["columns"]
        table = np.array(data["rows"], dtype=float)
        at = {c: i for i, c in enumerate(columns)}
        self._index = {int(class_index(*(table[k, at[f]] for f, _ in _FIELDS))): k for k in range(len(table))}
        self._table, self._at = table, at

    def __len__(self) -> int:
        return len(self._index)

    def classes(self) -> list:
        """Every shipped :class:`ChartClass`, in the file's order."""
        return [ChartClass.of_index(i) for i in self._index]

    def row(self, chart_class: ChartClass, valuation: str = CHART_VALUATIONS[0]) -> ChartRow:
        """The row of ``chart_class``. Raises :class:`~solver.errors.ChartClassError` naming a class not shipped
        (fewer than :attr:`min_calls` calls in the set, or none can arise)."""
        valuation = check_valuation(valuation)
        k = self._index.get(chart_class.index)
        if k is None:
            raise ChartClassError(f"chart class '{chart_class}': not in the hand charts (fewer than "
                                  f"{self.min_calls} calls of the {self.provenance['deals']:,} solved deals, or "
                                  f"a holding no deal has)")
        line, at = self._table[k], self._at
        n = int(line[at["calls"]])
        prefix = _COLUMNS_OF[valuation]
        sums = np.array([line[at[prefix + b]] for b in ("euchred", "made", "march")])
        probs = np.clip(sums / n, 0.0, 1.0)
        march_points = laws.makers_points(laws.TRICKS, RULES, alone=chart_class.alone)
        points = np.array([laws.makers_points(laws.MAKE_TRICKS - 1, RULES), laws.makers_points(laws.MAKE_TRICKS,
                                                                                                RULES),
                           march_points], dtype=float)
        mean, interval = discrete_mean_interval(points, sums)
        make = sums[1] + sums[2]
        return ChartRow(chart_class, valuation, n, float(probs[1] + probs[2]), float(probs[2]), float(probs[0]),
                        mean, wilson(make, n), wilson(sums[2], n), wilson(sums[0], n), interval,
                        source={**self.provenance, "data": self.data["name"]})

    def rows(self, valuation: str = CHART_VALUATIONS[0]) -> list:
        """Every shipped class's :class:`ChartRow`."""
        return [self.row(c, valuation) for c in self.classes()]


def check_valuation(valuation) -> str:
    """``valuation`` if it is one of :data:`CHART_VALUATIONS`, else :class:`~solver.errors.ArgumentError`."""
    if valuation not in CHART_VALUATIONS:
        raise ArgumentError(f"valuation {valuation!r}: a hand chart is read by one of {', '.join(CHART_VALUATIONS)}")
    return valuation


@functools.lru_cache(maxsize=4)
def load_charts(path: str | None = None) -> HandCharts:
    """The hand charts of ``path`` (default: the shipped ``solver/data/hand-charts-v2.json``), read once."""
    return HandCharts(json.loads(Path(path or DATA).read_text(encoding="utf-8")))


#: Options about the whole game, not one hand's play and points: the charts hold under any value of them.
GAME_ONLY_OPTIONS = ("winning_score", "num_deals")


def check_chart_rules(rules) -> Rules:
    """``rules`` (a :class:`Rules`, a dict or ``None``) if the charts cover them: the default ``Rules()`` up to the options
    of the whole game (:data:`GAME_ONLY_OPTIONS`). Raises :class:`RulesError` naming every other option that
    differs (the charts were solved under the defaults only)."""
    rules = Rules.coerce(rules)
    other = rules.differences(RULES.replace(**{k: getattr(rules, k) for k in GAME_ONLY_OPTIONS}))
    if other:
        raise RulesError(f"rules {other}: the hand charts were solved under the default rules (four players, "
                         "no house rules, the usual points) and do not cover that variant")
    return rules


def hand_chart(hand, upcard, seat, dealer, round: int, call=None, alone: bool = False,
               valuation: str = CHART_VALUATIONS[0], rules=None) -> ChartRow:
    """The hand-chart row of a call: the figures of its class over the solved set (see the module docs).

    Args:
        hand: the caller's five cards (text or card list) before any pick-up.
        upcard: the turned-up card; ``seat``, ``dealer``: N E S W.
        round: 1 (ordering up the upcard's suit; the dealer picks up and throws by
            ``solver.bidding.dealer_discard()``, and the class reads the hand it then plays) or 2 (naming
            ``call``, a suit other than the upcard's).
        call: the suit called: required in round 2; in round 1 ``None`` or the upcard's suit (or ``"order"``).
        alone: going alone.
        valuation: ``"single_dummy"`` (default) or ``"double_dummy"`` (``CHART_VALUATIONS``).
        rules: the variant asked about (``None``: the defaults); the charts cover only the default ``Rules()``, whatever
            the game's target (``solver.charts.check_chart_rules``).

    Returns: a :class:`ChartRow` with ``hand`` (as played), ``trump`` and the dealer's ``discard``.

    Raises:
        CardError: a hand of other than 5 distinct cards, a joker, an upcard in the hand, a bad seat or suit.
        IllegalActionError: a round other than 1 or 2, a round-2 call of the upcard's suit or none, a round-1
            call of another suit.
        ChartClassError: the class is not in the charts (too few calls in the solved set).
        ArgumentError: an unknown valuation, ``alone`` not a bool.
        RulesError: a variant the charts do not cover, naming its options.
    """
    check_chart_rules(rules)
    valuation = check_valuation(valuation)
    cards = parse_cards(hand)
    if len(cards) != 5 or len(set(cards)) != 5:
        raise CardError(f"hand '{format_cards(cards)}': a chart reads a hand of 5 distinct cards, got "
                        f"{len(set(cards))}")
    ups = parse_cards([upcard] if isinstance(upcard, Card) else upcard, what="upcard")   # a Card: parsed once already
    if len(ups) != 1:
        raise CardError(f"upcard '{upcard}': one card expected")
    up = ups[0]
    for c in (*cards, up):
        if int(c) >= 24:
            raise CardError(f"card {c}: the hand charts are of the 24-card pack (no joker)")
    if up in cards:
        raise CardError(f"card {up} is both the upcard and in the hand")
    seat, dealer = laws.check_seat(seat), laws.check_seat(dealer, what="dealer")
    if round not in (1, 2) or isinstance(round, bool):
        raise IllegalActionError(f"round {round!r}: the bidding has rounds 1 and 2")
    if not isinstance(alone, (bool, np.bool_)):
        raise ArgumentError(f"alone {alone!r}: true or false")
    up_suit = Suit(up % 4)
    if round == 1:
        if call not in (None, "order") and Suit.parse(call) != up_suit:
            raise IllegalActionError(f"call {call}: round 1 orders up the upcard's suit ({up_suit.letter}), not "
                                     f"{Suit.parse(call).letter}")
        trump = up_suit
    else:
        if call is None:
            raise IllegalActionError("call: round 2 names a suit other than the upcard's; none given")
        trump = Suit.parse(call)
        if trump == up_suit:
            raise IllegalActionError(f"call {trump.letter}: in round 2 the upcard's suit ({up_suit.letter}) is "
                                     f"turned down and cannot be named")
    held = sum(1 << int(c) for c in cards)
    place = laws.place_after_dealer(int(seat), int(dealer))
    discard = None
    if round == 1 and place == 0:
        six = np.array([held | (1 << int(up))], dtype=np.uint32)
        keep = None if RULES.dealer_may_discard_upcard else int(up)
        discard = Card(int(dealer_discard(six, int(trump), keep)[0]))
        held = (held | (1 << int(up))) & ~(1 << int(discard))
    trumps, bowers, aces, voids = (int(x[0]) for x in holding_classes(np.array([held], dtype=np.uint32), int(trump)))
    chart_class = ChartClass(round, place or 4, bool(alone), trumps, BOWERS[bowers], aces, voids)
    row = load_charts().row(chart_class, valuation)
    return ChartRow(**{**row.__dict__, "hand": held, "trump": trump, "discard": discard})
