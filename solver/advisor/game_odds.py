"""The chance of winning the game from a score: one hand's result distribution, then dynamic programming.

What the numbers mean
---------------------
:func:`win_probability` gives the chance that each side wins the game from the start
of a hand at a given score, with a given side dealing. It rests on two parts:

* **One hand's result** (:func:`hand_outcomes`): the chance of each result of a hand
  (makers' side relative to the dealer's, alone or not, euchred / made / march, or
  thrown in) when all four seats (two in two-player euchre) bid by the bidding model the data
  names (``best-response-1``, :data:`solver.bidding.BEST_RESPONSE`) and every contract is played double dummy.
  It is computed by ``benchmarks/tools/derive_hand_outcomes.py`` over random deals (the
  auction's chances exact over each deal, the deals a sample; each chance's standard
  error is in the data) and shipped as ``solver/data/hand-outcomes-v1.json`` with its
  provenance. The points of each result follow from the rules' scoring options
  (``march_score``, ``loner_march_score``, ...) by :func:`solver.laws.hand_points`.
  In the dummy-hands variant a result is the class of each set of five (``result``,
  ``result2``), each scored as a hand, so both sides may score in one deal.
* **The game** (:func:`win_table`): W(a, b, d), the chance that side 0 (NS; N in
  two-player) wins from a points to b with side d dealing, is
  sum over results of P(result | d) * W(a', b', 1 - d), a side at or past the target
  having won: the deal passes to the left, so the dealer's side alternates every
  hand in both the four- and the two-player game. A thrown-in hand changes only the
  dealer, so the two unknowns of each score, W(a, b, 0) and W(a, b, 1), are solved
  together from their 2x2 linear system (exact, no iteration). When a deal takes a
  side to the target the higher score wins (only the dummy-hands variant can take both
  sides there at once; equal scores then count half to each, as :class:`solver.game.Game`
  names no winner).

Assumptions: both sides bid by the model and play double dummy (every player sees
every card); hands are independent of each other; the score does not change how
anyone bids (the model is the same at 0-0 and at 9-9). So the figures are a
reference for "two equal sides of this strength", not the odds of a real table.

Covered variants, each with and without stick-the-dealer: four-player (either loner
lead), two-player, a dealer who may not discard the upcard (four- and two-player), the
joker (four- and two-player; a turned-up joker is assumed to play like any other deal)
and the two-player dummy-hands variant (bid by the point-count policy with its dummy
bonus, which the advisor uses there). Defending alone reads the table of the same rules
without it: the bidding model never defends alone, so the distribution is the same (the
data file's ``aliases``). The assumptions are in ``benchmarks/tools/derive_hand_outcomes.py``.
A combination of those options with no table of its own (the joker with the loner led
left of the dealer, ...) is a :class:`RulesError` naming the options. A game limited by
``num_deals`` (or with ``winning_score`` 0) is not a race to a target, and is refused
the same way.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Mapping

import numpy as np

from .. import laws
from ..errors import ArgumentError, RulesError, ScoreError, quoted
from ..laws import MAKE_TRICKS, TRICKS, check_seat, hand_points, side_name, side_of
from ..rules import Rules

DATA_PATH = Path(__file__).resolve().parent.parent / "data" / "hand-outcomes-v1.json"
#: The same tables with every contract's result valued single dummy (the fitted correction of
#: :mod:`solver.advisor.single_dummy`), every seat bidding by ``best-response-sd-3``; four players, no joker.
SD_DATA_PATH = DATA_PATH.parent / "hand-outcomes-sd-3.json"
#: The data of each table (:attr:`solver.advisor.valuation.Valuation.table` says which a valuation reads).
_PATHS = MappingProxyType({"double_dummy": DATA_PATH, "single_dummy": SD_DATA_PATH})
#: The table with every seat playing double dummy, read where a variant has no other.
DD_TABLE = "double_dummy"
MAX_SCORE = 200          # a score past any target (winning_score <= 100, a hand's points <= 100)
#: Makers' tricks standing for each result class of the data file (the points depend only on the class).
RESULT_TRICKS = MappingProxyType({"euchred": 0, "made": MAKE_TRICKS, "march": TRICKS})
#: Rules options that select a table when not at their default (value: the default).
TABLED = MappingProxyType({"joker": False, "dummy_hands": False, "dealer_may_discard_upcard": True})
#: Rules options that read the table of the same rules without them (the data file's ``aliases`` says why).
SHARED = ("defend_alone",)


# -- the data ---------------------------------------------------------------------------
@lru_cache(maxsize=2)
def _data(table: str = "double_dummy") -> dict:
    return json.loads(_PATHS[table].read_text())


def _table_kind(valuation, rules: Rules | None = None) -> str:
    """The data a valuation's game odds read (:attr:`solver.advisor.valuation.Valuation.table`).

    ``None``: the default valuation's for ``rules``, and the double-dummy table where the default's has none
    for that variant (an explicit valuation without a table is refused by :func:`variant_key` instead).
    """
    from .valuation import parse_valuation, valuation_strategy
    if valuation is not None or rules is None:
        asked = valuation_strategy(parse_valuation(valuation))
        kind = asked.table
        if rules is not None and kind != asked.name and not _has_table(_key(rules), kind):
            _no_table(rules, kind, f"valuation {asked.name!r}: the single-dummy game odds (which {asked.name} reads: "
                                   "its play is single-dummy play)")
        return kind
    kind = valuation_strategy(parse_valuation(None, rules)).table
    if kind != DD_TABLE and not _has_table(_key(rules), kind):
        return DD_TABLE
    return kind


def _has_table(key: dict, kind: str) -> bool:
    return any(entry["rules"] == key for entry in _data(kind)["tables"])


def _no_table(rules: Rules, kind: str, what: str):
    """Raise the :class:`RulesError` of a single-dummy table (``kind``) without ``rules``' variant."""
    options = ", ".join(f"{k} {v!r}" for k, v in _key(rules).items() if k != "players")
    raise RulesError(f"{what} have no table for rules {options or 'default'} ({rules.players} players); they "
                     "cover the four-player game without the joker (benchmarks/tools/derive_hand_outcomes.py "
                     "--valuation single_dummy)")


def variant_key(rules: Rules, valuation=None) -> dict:
    """The rules options that select a table of ``hand-outcomes-v1.json`` (``valuation`` single dummy or
    playout: ``hand-outcomes-sd-3.json``) (the rest do not change it, or read the same table: :data:`SHARED`).

    Raises :class:`RulesError` naming the options when that combination has no table, and naming the
    valuation when it is unknown or the variant has no table of it.
    """
    kind = _table_kind(valuation, rules)
    key = _key(rules)
    if kind != DD_TABLE and not _has_table(key, kind):
        _no_table(rules, kind, f"valuation {kind!r}: the single-dummy game odds")
    if not _has_table(key, kind):
        options = ", ".join(f"{k} {v!r}" for k, v in key.items() if k != "players")
        raise RulesError(f"rules {options or 'default'} ({rules.players} players): the game odds have no table for "
                         f"this combination of options (benchmarks/tools/derive_hand_outcomes.py tabulates each option "
                         "alone, with and without stick_the_dealer)")
    return key


def _key(rules: Rules) -> dict:
    """The options of ``rules`` that select a table (see :func:`variant_key`)."""
    key = {"players": rules.players}
    for name, default in TABLED.items():
        if getattr(rules, name) != default:
            key[name] = getattr(rules, name)
    if rules.stick_the_dealer:
        key["stick_the_dealer"] = True
    if rules.players == 4 and rules.loner_lead != "left_of_loner":
        key["loner_lead"] = rules.loner_lead
    if getattr(rules, "canadian", False):       # Canadian loners change who goes alone: no table has them yet
        key["canadian"] = True
    return key


def _rows(rules: Rules, kind: str = "double_dummy") -> list:
    key = variant_key(rules, kind)
    return next(entry["rows"] for entry in _data(kind)["tables"] if entry["rules"] == key)


# -- one hand -----------------------------------------------------------------------------
@dataclass(frozen=True)
class HandOutcomes:
    """The distribution of one hand's result: points to each side, by their chances.

    Attributes:
        sides: the side names, side 0 first: ``("NS", "EW")`` or ``("N", "S")``.
        dealer: the dealing side's name.
        chances: ``((points side 0, points side 1), p)`` pairs, most likely first; the chances add
            to 1; at most one side scores in a hand (both may in a dummy-hands deal, one per set of
            five), and ``(0, 0)`` is a hand thrown in.
        model: the bidding model's name.
    """

    sides: tuple
    dealer: str
    chances: tuple
    model: str

    def __getitem__(self, points) -> float:
        """The chance of ``(points side 0, points side 1)`` (0 for a result that cannot happen)."""
        return dict(self.chances).get(tuple(points), 0.0)

    @property
    def thrown_in(self) -> float:
        return self[0, 0]

    def expected_points(self) -> tuple:
        """Each side's expected points from the hand, ``(side 0, side 1)``."""
        return tuple(float(sum(p * pts[i] for pts, p in self.chances)) for i in (0, 1))

    def to_dict(self) -> dict:
        """``{"dealer": ..., "chances": [{"NS": 1, "EW": 0, "p": ...}, ...]}`` for JSON."""
        return {"dealer": self.dealer, "model": self.model,
                "chances": [{self.sides[0]: a, self.sides[1]: b, "p": p} for (a, b), p in self.chances]}


def _side_arg(value, rules: Rules, what: str) -> int:
    """A side index from a side name (``NS``/``EW``; ``N``/``S``) or a seat (its side)."""
    names = {side_name(s, rules.players): s for s in (0, 1)}
    if isinstance(value, str) and value.strip().upper() in names:
        return names[value.strip().upper()]
    return side_of(check_seat(value, rules.players, what), rules.players)


@lru_cache(maxsize=64)
def _outcomes(dealer: int, rules: Rules, kind: str = "double_dummy") -> HandOutcomes:
    rows = _rows(rules, kind)
    total = sum(r["p"] for r in rows)
    points = {}
    for row in rows:
        pts = [0, 0]
        if not row.get("thrown_in"):
            makers = dealer if row["makers"] == "dealer" else 1 - dealer
            for result in (row["result"], row.get("result2")):     # dummy hands: each set scores as a hand
                if result is not None:
                    who, n = hand_points(RESULT_TRICKS[result], rules, alone=row["alone"])
                    pts[makers if who == "makers" else 1 - makers] += n
        points[tuple(pts)] = points.get(tuple(pts), 0.0) + row["p"] / total
    chances = tuple(sorted(((k, v) for k, v in points.items() if v > 0), key=lambda kv: -kv[1]))
    return HandOutcomes(tuple(side_name(s, rules.players) for s in (0, 1)), side_name(dealer, rules.players),
                        chances, _data(kind)["model"]["name"])


def hand_outcomes(dealer_side, rules=None, valuation=None) -> HandOutcomes:
    """The distribution of one hand's result with ``dealer_side`` dealing (see the module docs).

    ``dealer_side``: a side name (``"NS"``/``"EW"``; ``"N"``/``"S"`` in two-player) or the dealer's seat.
    ``valuation``: how the contracts' play was valued (``None``: the default valuation's table;
    ``"single_dummy"`` or ``"playout"``: the single-dummy table, ``hand-outcomes-sd-3.json``).

    >>> sorted(points for points, p in hand_outcomes("N", Rules(players=2)).chances)
    [(0, 0), (0, 1), (0, 2), (1, 0), (2, 0)]

    Raises :class:`RulesError` for rules without a table (:func:`variant_key`), :class:`CardError` /
    :class:`SeatError` for a dealer that is no side or seat of the variant.
    """
    rules = Rules.coerce(rules)
    return _outcomes(_side_arg(dealer_side, rules, "dealer"), rules, _table_kind(valuation, rules))


# -- the game -------------------------------------------------------------------------------
def _check_outcomes(outcomes) -> tuple:
    out = []
    for d in (0, 1):
        try:
            given = outcomes[d].items() if isinstance(outcomes[d], Mapping) else outcomes[d]
            rows = tuple(((int(a), int(b)), float(p)) for (a, b), p in given)
        except (TypeError, ValueError, KeyError, IndexError):
            raise ArgumentError(f"outcomes {quoted(outcomes, 80)}: expected ((points side 0, points side 1), p) "
                             "pairs for each dealing side") from None
        for (a, b), p in rows:
            if a < 0 or b < 0 or not p >= 0:
                raise ArgumentError(f"outcome {(a, b)!r} with chance {p!r}: points are whole numbers >= 0, "
                                 "chances >= 0")
        if abs(sum(p for _, p in rows) - 1.0) > 1e-9:
            raise ArgumentError(f"outcomes with dealer side {d}: the chances add to {sum(p for _, p in rows)!r}, not 1")
        out.append(rows)
    return tuple(out)


def _decided(a: int, b: int) -> float:
    """Side 0's share of a game a deal has taken to the target: the higher score wins; equal scores
    (both sides past the target in one dummy-hands deal) count half."""
    return 1.0 if a > b else 0.0 if b > a else 0.5


@lru_cache(maxsize=64)
def _table(target: int, outcomes: tuple) -> np.ndarray:
    thrown = [sum(p for pts, p in outcomes[d] if pts == (0, 0)) for d in (0, 1)]
    scoring = [[(a, b, p) for (a, b), p in outcomes[d] if (a, b) != (0, 0) and p > 0] for d in (0, 1)]
    if thrown[0] * thrown[1] >= 1.0 - 1e-15:
        raise ArgumentError("outcomes: every hand is thrown in, so the game never ends")
    w = [[[0.0, 0.0] for _ in range(target)] for _ in range(target)]

    def after(a, b, d):
        if a >= target or b >= target:
            return _decided(a, b)
        return w[a][b][d]

    for a in range(target - 1, -1, -1):
        for b in range(target - 1, -1, -1):
            # r[d]: the scoring results' share with d dealing; each leads to a higher score, dealt by 1 - d
            r = [sum(p * after(a + x, b + y, 1 - d) for x, y, p in scoring[d]) for d in (0, 1)]
            w0 = (r[0] + thrown[0] * r[1]) / (1.0 - thrown[0] * thrown[1])
            w[a][b] = [w0, r[1] + thrown[1] * w0]
    table = np.array(w, dtype=np.float64).reshape(target, target, 2)
    table.flags.writeable = False
    return table


def win_table(target: int, outcomes) -> np.ndarray:
    """W[a, b, d]: the chance that side 0 wins a game to ``target`` from a points (side 0) to b (side 1)
    at the start of a hand dealt by side d; float64 (target, target, 2), read-only.

    ``outcomes[d]`` (d = 0, 1): the distribution of one hand's result with side d dealing, as
    ``((points side 0, points side 1), p)`` pairs (:attr:`HandOutcomes.chances`) or a dict of them;
    ``(0, 0)`` is a hand thrown in; both sides may score in one outcome (a dummy-hands deal), and the
    higher score wins a deal that reaches the target (a tie counts half). The dealer's side alternates
    every hand. Cached per (target, outcomes).

    Raises :class:`~solver.errors.ScoreError` for a target not 1..100, :class:`~solver.errors.ArgumentError` for outcomes whose chances do not add to 1 or
    with negative points.
    """
    if isinstance(target, bool) or not isinstance(target, (int, np.integer)) or not 1 <= target <= 100:
        raise ScoreError(f"target {quoted(target, 40)}: must be a whole number of points 1..100")
    return _table(int(target), _check_outcomes(outcomes))


@dataclass(frozen=True)
class WinChance:
    """Each side's chance of winning the game (see :func:`win_probability`).

    Attributes:
        sides: the side names, side 0 first. chances: each side's chance (float), adding to 1.
        score: each side's points before the hand. dealer: the dealing side's name.

    ``odds["NS"]`` reads one side's chance; :meth:`to_dict` gives ``{"NS": p, "EW": 1 - p}``.
    """

    sides: tuple
    chances: tuple
    score: tuple
    dealer: str

    def __getitem__(self, side) -> float:
        if side not in self.sides:
            raise ScoreError(f"side {quoted(side, 40)}: must be one of {', '.join(self.sides)}")
        return self.chances[self.sides.index(side)]

    def to_dict(self) -> dict:
        return dict(zip(self.sides, self.chances))


def _check_score(score, rules: Rules) -> tuple:
    names = tuple(side_name(s, rules.players) for s in (0, 1))
    if not isinstance(score, Mapping):
        raise ScoreError(f"score {quoted(score, 60)}: expected points by side, e.g. "
                         f"{{{names[0]!r}: 8, {names[1]!r}: 6}}")
    keys = {k.strip().upper() if isinstance(k, str) else k: k for k in score}
    for k, given in keys.items():
        if k not in names:
            raise ScoreError(f"score side {quoted(given, 40)}: the sides are {' and '.join(names)}"
                             + (" in two-player euchre" if rules.players == 2 else ""))
    out = []
    for name in names:
        if name not in keys:
            raise ScoreError(f"score {quoted(dict(score), 60)}: no points for side {name}")
        value = score[keys[name]]
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= MAX_SCORE:
            raise ScoreError(f"score {name} {quoted(value, 40)}: must be a whole number of points 0..{MAX_SCORE}")
        out.append(int(value))
    target = rules.winning_score
    if min(out) >= target:
        raise ScoreError(f"score {names[0]} {out[0]}, {names[1]} {out[1]}: both sides at or past the target "
                         f"{target}; only one side scores in a hand, so a game cannot stand so")
    return tuple(out)


def _check_target(rules: Rules) -> None:
    if rules.winning_score == 0 or rules.num_deals:
        raise RulesError(f"winning_score {rules.winning_score}, num_deals {rules.num_deals}: the game odds are "
                         "for a race to a target score (winning_score 1..100, num_deals 0)")


def _odds(score: tuple, dealer: int, rules: Rules, kind: str = "double_dummy") -> WinChance:
    names = tuple(side_name(s, rules.players) for s in (0, 1))
    target = rules.winning_score
    if score[0] >= target or score[1] >= target:
        p = _decided(*score)
    else:
        outcomes = tuple(_outcomes(d, rules, kind).chances for d in (0, 1))
        p = float(_table(target, outcomes)[score[0], score[1], dealer])
    return WinChance(names, (p, 1.0 - p), score, names[dealer])


def win_probability(score, dealer, rules=None, valuation=None) -> WinChance:
    """The chance that each side wins the game from the start of a hand at ``score`` with ``dealer`` dealing.

    ``score``: points by side name, ``{"NS": 8, "EW": 6}`` (two-player ``{"N": .., "S": ..}``), whole
    numbers >= 0; a side at or past ``rules.winning_score`` has won (chance 1). ``dealer``: the dealer's
    seat (``"S"``) or side (``"NS"``). Assumptions: the module docs (both sides bid by the bidding model,
    double-dummy play, independent hands). The first call for a rules variant and target builds its
    table (about a millisecond for a target of 10); later calls are a look-up. ``valuation``: how the
    hands' play is valued (``None``: the default valuation's table, ``Valuation.table``; ``"single_dummy"``
    and ``"playout"``: every contract's result as the fitted single-dummy correction gives it, every seat
    bidding by ``best-response-sd-3``, ``hand-outcomes-sd-3.json``; four players without the joker).

    >>> odds = win_probability({"NS": 9, "EW": 0}, dealer="E")
    >>> odds["NS"] > 0.8, round(odds["NS"] + odds["EW"], 12)
    (True, 1.0)

    Raises :class:`~solver.errors.ScoreError` for a score that is not points by the variant's sides (a side that does
    not exist, a negative or non-integer value, both sides at or past the target), for rules without a
    table (``variant_key()``) or without a target score; :class:`CardError` / :class:`SeatError` for a
    dealer that is no seat or side of the variant.
    """
    rules = Rules.coerce(rules)
    _check_target(rules)
    kind = _table_kind(valuation, rules)
    variant_key(rules, kind)
    score = _check_score(score, rules)
    return _odds(score, _side_arg(dealer, rules, "dealer"), rules, kind)


def p_win_after(points_ns, points_ew, score, next_dealer, rules=None, valuation=None) -> WinChance:
    """Each side's chance of winning the game after a hand that scored ``points_ns`` to side 0 (NS;
    N in two-player) and ``points_ew`` to side 1 from ``score`` (as :func:`win_probability`), the next
    hand dealt by ``next_dealer`` (a seat or side). A side that reaches the target wins (chance 1).
    ``valuation``: the table, as :func:`win_probability`.

    >>> p_win_after(4, 0, {"NS": 7, "EW": 9}, "S").to_dict()
    {'NS': 1.0, 'EW': 0.0}

    Raises as :func:`win_probability`, and :class:`~solver.errors.ScoreError` for points that are not whole numbers
    >= 0 or that go to both sides (only one side scores in a hand; both may in a dummy-hands deal, one
    per set of five, and the higher score then wins a deal that takes both to the target).
    """
    rules = Rules.coerce(rules)
    _check_target(rules)
    kind = _table_kind(valuation, rules)
    variant_key(rules, kind)
    before = _check_score(score, rules)
    names = tuple(side_name(s, rules.players) for s in (0, 1))
    if max(before) >= rules.winning_score:
        raise ScoreError(f"score {names[0]} {before[0]}, {names[1]} {before[1]}: a side has reached the target "
                         f"{rules.winning_score} before the hand")
    pts = []
    for name, value in zip(names, (points_ns, points_ew)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or not 0 <= value <= 100:
            raise ScoreError(f"points {name} {quoted(value, 40)}: must be a whole number of points 0..100")
        pts.append(int(value))
    if pts[0] and pts[1] and not rules.dummy_hands:
        raise ScoreError(f"points {names[0]} {pts[0]}, {names[1]} {pts[1]}: only one side scores in a hand")
    return _odds((before[0] + pts[0], before[1] + pts[1]), _side_arg(next_dealer, rules, "next_dealer"), rules,
                 kind)


def win_values(score, dealer, seat, rules, valuation=None):
    """For a hand dealt by ``dealer`` at ``score``: a function from the points of ``seat``'s side per world
    (int array: positive its side scored that many, negative the other side did, 0 a thrown-in hand) to
    that side's chance of winning the game after the hand (float array), the deal passing to the left;
    with ``.score``, the checked score ``{side: points}``. The advisor and play advice both judge by it.
    Dummy hands: ``wins(points, points2)``, the deal's points (both sets) and those of tricks 6-10, so
    that a deal whose sets score to different sides adds each side its own.

    ``valuation``: which table the later hands are played by, as :func:`win_probability` (the advice's own
    valuation: its hand and the rest of the game valued alike).

    Checks the score at once (:func:`p_win_after` raises :class:`~solver.errors.ScoreError`), before any solving.
    """
    rules = Rules.coerce(rules)
    kind = _table_kind(valuation, rules)
    next_dealer = laws.next_seat(int(dealer), rules.players)
    my_side = laws.side_of(int(seat), rules.players)
    mine = laws.side_name(my_side, rules.players)
    before = p_win_after(0, 0, score, next_dealer, rules, kind)      # a thrown-in hand: only the deal moves on
    cache = {(0, 0): before[mine]}

    def chance(v1: int, v2: int) -> float:
        if (v1, v2) not in cache:
            got = [0, 0]
            for v in (v1, v2):
                got[my_side if v > 0 else 1 - my_side] += abs(v)
            cache[v1, v2] = p_win_after(got[0], got[1], score, next_dealer, rules, kind)[mine]
        return cache[v1, v2]

    def wins(points, points2=None):
        # points are a few small integers: a table over their range (no sort)
        points = np.asarray(points, dtype=np.int64).reshape(-1)
        if points.size == 0:
            return np.zeros(0)
        if points2 is None:        # every value between the extremes is a valid score for one side
            low = int(points.min())
            table = np.array([chance(v, 0) for v in range(low, int(points.max()) + 1)])
            return table[points - low]
        second = np.asarray(points2, dtype=np.int64).reshape(-1)
        first = points - second
        low1, low2 = int(first.min()), int(second.min())
        width = int(second.max()) - low2 + 1
        cell = (first - low1) * width + (second - low2)
        counts = np.bincount(cell)
        table = np.zeros(counts.size)
        for c in np.flatnonzero(counts):
            table[c] = chance(int(c) // width + low1, int(c) % width + low2)
        return table[cell]

    wins.score = dict(zip(before.sides, before.score))
    return wins


__all__ = ["win_values", "TABLED", "SHARED", "HandOutcomes", "WinChance", "hand_outcomes", "win_table",
           "win_probability", "p_win_after",
           "variant_key", "DATA_PATH", "SD_DATA_PATH"]
