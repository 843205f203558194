"""Per-player statistics of a corpus review: :func:`corpus_stats` over the lines of
:func:`solver.review_corpus` (``euchre stats results.jsonl``).

Every judged decision of every deal line counts once for the player who took it (by the name
in the record's ``metadata.players``; a seat without a name is ``"<seat> of <file>"``) and
once for that player's partnership (the names of the side's seats, sorted, joined by
``" & "``; in two-player euchre a side is one player). Per player and per partnership:

* decisions judged: cards and discards with a double-dummy or information-set figure, and
  calls with the advisor's figure (a renege, or a decision the record could not show, is
  not judged: counted apart);
* per card (cards and the dealer's discards): the mean double-dummy cost in tricks and in
  points (:attr:`~solver.review.DDView.cost`, ``points_cost``) and the mean information-set
  loss in points and in tricks (:attr:`~solver.review.InfoView.loss_points`, ``loss_tricks``);
  per call: the mean information-set loss in points against the advisor's best call
  (:attr:`~solver.review.CallReview.loss`; calls have no double-dummy figure). Each mean has
  a 95% Student t interval over the decisions (:func:`solver.stats.mean_interval`), as if the
  decisions were independent draws of that player's play;
* mistakes (flagged decisions, :class:`~solver.review.Mistake`) by kind of decision:
  ``lead`` (a card that led a trick), ``follow`` (any other card), ``discard``, ``call``
  (a bid where neither the call made nor the advisor's best goes alone), ``alone`` (a bid
  where either does) and ``defend`` (a defender's choice to defend alone or with its partner against
  a loner, :func:`solver.advise_defend`): how many, and the information-set points they lost, the costliest
  kind first.

A deal (its record's hash and index) counts once: a second line for it (a duplicate run, other
options) is left out and counted in :attr:`CorpusStats.superseded`; lines with an error are
counted, not used.

>>> s = corpus_stats([])
>>> s.deals, s.players, s.to_dict()["overall"]["decisions"]
(0, [], 0)
"""
from __future__ import annotations

import csv
import io
import json
import math
import os
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from .. import render
from ..cards import Seat
from ..errors import EuchreError, quoted
from ..laws import side_of
from ..stats import mean_interval
from ..grades import count_grades
from .lines import CONFIG_FIELDS, check_line, line_valuation, read_results
from .results import DOUBLE_DUMMY, INFORMATION_SET, RENEGE

#: The kinds of decision mistakes are counted by.
KINDS = ("lead", "follow", "discard", "call", "alone", "defend")
#: The figures kept per card and per call: (member, what it is).
CARD_FIGURES = (("dd_tricks", "double-dummy tricks lost"), ("dd_points", "double-dummy points lost"),
                ("info_points", "information-set points lost"), ("info_tricks", "information-set tricks lost"))
CALL_FIGURES = (("info_points", "information-set points lost"),)


@dataclass
class Mean:
    """A mean over decisions with its 95% interval (``None`` ends: fewer than two values)."""

    n: int
    mean: float | None
    low: float | None
    high: float | None

    @classmethod
    def of(cls, values) -> "Mean":
        v = np.asarray(values, dtype=float)
        if v.size == 0:
            return cls(0, None, None, None)
        lo, hi = mean_interval(v, exact=False)
        fin = math.isfinite(lo)
        return cls(int(v.size), float(v.mean()), float(lo) if fin else None, float(hi) if fin else None)

    def to_dict(self) -> dict:
        r = lambda x: None if x is None else round(x, 4)
        return {"n": self.n, "mean": r(self.mean), "low": r(self.low), "high": r(self.high)}


@dataclass
class KindStats:
    """One kind of decision for one group: decisions judged, mistakes flagged, points lost."""

    kind: str
    decisions: int = 0
    mistakes: int = 0
    points_lost: float = 0.0        # information-set points lost by the flagged decisions
    dd_tricks_lost: int = 0         # double-dummy tricks lost by the flagged decisions

    def to_dict(self) -> dict:
        return {"kind": self.kind, "decisions": self.decisions, "mistakes": self.mistakes,
                "points_lost": round(self.points_lost, 4), "dd_tricks_lost": self.dd_tricks_lost}


@dataclass
class GroupStats:
    """A player's (or a partnership's, or everyone's) figures over the corpus.

    Attributes:
        name: the player's name, the partnership's (``"A & B"``) or ``"all"``.
        deals: deals in which it took a decision; decisions: decisions judged.
        cards, calls: ``{figure: Mean}`` (``CARD_FIGURES``, ``CALL_FIGURES``).
        kinds: ``KindStats`` by kind of decision, the most points lost first.
        mistakes: flagged decisions by flag (``"double-dummy"``, ``"information-set"``, ``"renege"``).
        unjudged: decisions without a figure (reneges, decisions the record did not let be judged).
        grades: judged decisions by grade (``solver.grades``), ``{"best": n, ..., "unclear": n}``;
            lines of a review without grades add none.
    """

    name: str
    deals: int
    decisions: int
    cards: dict
    calls: dict
    kinds: list
    mistakes: dict
    unjudged: int
    grades: dict = field(default_factory=lambda: count_grades(()))

    def to_dict(self) -> dict:
        return {"name": self.name, "deals": self.deals, "decisions": self.decisions,
                "cards": {k: m.to_dict() for k, m in self.cards.items()},
                "calls": {k: m.to_dict() for k, m in self.calls.items()},
                "kinds": [k.to_dict() for k in self.kinds], "mistakes": dict(self.mistakes),
                "unjudged": self.unjudged, "grades": dict(self.grades)}


class _Acc:
    def __init__(self, name):
        self.name = name
        self.deals = set()
        self.cards = {k: [] for k, _ in CARD_FIGURES}
        self.calls = {k: [] for k, _ in CALL_FIGURES}
        self.kinds = {k: KindStats(k) for k in KINDS}
        self.mistakes = {DOUBLE_DUMMY: 0, INFORMATION_SET: 0, RENEGE: 0}
        self.decisions = self.unjudged = 0
        self.grades = count_grades(())

    def add(self, deal, kind, figures, mistakes, call: bool, grade=None) -> None:
        self.deals.add(deal)
        if grade is not None:
            self.grades[grade] += 1
        for m in mistakes:
            self.mistakes[m["kind"]] = self.mistakes.get(m["kind"], 0) + 1
        if not figures:
            self.unjudged += 1
            return
        self.decisions += 1
        store = self.calls if call else self.cards
        for k, v in figures.items():
            store[k].append(v)
        ks = self.kinds[kind]
        ks.decisions += 1
        if mistakes:
            ks.mistakes += 1
            ks.points_lost += figures.get("info_points", 0.0) or 0.0
            ks.dd_tricks_lost += int(figures.get("dd_tricks", 0) or 0)

    def result(self) -> GroupStats:
        kinds = sorted(self.kinds.values(), key=lambda k: (-k.points_lost, -k.dd_tricks_lost, -k.mistakes,
                                                          KINDS.index(k.kind)))
        return GroupStats(self.name, len(self.deals), self.decisions,
                          {k: Mean.of(v) for k, v in self.cards.items()},
                          {k: Mean.of(v) for k, v in self.calls.items()}, kinds, dict(self.mistakes),
                          self.unjudged, dict(self.grades))


@dataclass
class CorpusStats:
    """The statistics of a corpus review's lines.

    Attributes:
        source: the results files, joined by ``", "`` (``None`` for lines given as objects).
        deals: deal lines used; records: distinct records among them.
        errors: deal lines with an error (not used); files: file lines (files without deals).
        superseded: deal lines left out because their deal already counted (the first line of a deal
            counts); other_runs: how many of them came from a run with other options (worlds, seed,
            model, score, engine), whose figures are then not in these statistics.
        configs: the distinct ``{"worlds", "seed", "model", "score", "engine"}`` of the lines used.
        players, partnerships: :class:`GroupStats`, by name; overall: everyone's.
    """

    source: str | None
    deals: int = 0
    records: int = 0
    errors: int = 0
    files: int = 0
    superseded: int = 0
    other_runs: int = 0
    configs: list = field(default_factory=list)
    players: list = field(default_factory=list)
    partnerships: list = field(default_factory=list)
    overall: GroupStats | None = None

    def to_dict(self) -> dict:
        return {"source": self.source, "deals": self.deals, "records": self.records, "errors": self.errors,
                "files": self.files, "superseded": self.superseded, "other_runs": self.other_runs,
                "configs": list(self.configs),
                "overall": self.overall.to_dict(), "players": [p.to_dict() for p in self.players],
                "partnerships": [p.to_dict() for p in self.partnerships]}

    def csv(self) -> str:
        """One CSV row per player, partnership and the overall figures (a header row first)."""
        head = ["group", "name", "deals", "decisions", "unjudged"]
        for part, figures in (("card", CARD_FIGURES), ("call", CALL_FIGURES)):
            for k, _ in figures:
                head += [f"{part}_{k}_n", f"{part}_{k}_mean", f"{part}_{k}_low", f"{part}_{k}_high"]
        head += list(self.overall.mistakes)
        for k in KINDS:
            head += [f"{k}_decisions", f"{k}_mistakes", f"{k}_points_lost"]
        head += [f"grade_{k}" for k in self.overall.grades]
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        w.writerow(head)
        for group, items in (("player", self.players), ("partnership", self.partnerships),
                             ("overall", [self.overall])):
            for g in items:
                row = [group, g.name, g.deals, g.decisions, g.unjudged]
                for figs in (g.cards, g.calls):
                    for m in figs.values():
                        d = m.to_dict()
                        row += [d["n"], d["mean"], d["low"], d["high"]]
                row += [g.mistakes.get(k, 0) for k in self.overall.mistakes]
                by = {k.kind: k for k in g.kinds}
                for k in KINDS:
                    row += [by[k].decisions, by[k].mistakes, round(by[k].points_lost, 4)]
                row += [g.grades.get(k, 0) for k in self.overall.grades]
                w.writerow(["" if v is None else _cell(v) for v in row])
        return buf.getvalue()

    def text(self) -> str:
        """For people (``solver.render.corpus_stats_text()``)."""
        return render.corpus_stats_text(self)

    def __str__(self) -> str:
        return self.text()


def _partnership_name(names: tuple) -> str:
    """``A & B``; a name that holds ``&`` itself is quoted (``"A & B" & C``), so two partnerships
    never read the same."""
    return " & ".join(json.dumps(n, ensure_ascii=False) if "&" in n or n[:1] == '"' else n for n in names)


def _cell(value):
    """A CSV cell: a text that a spreadsheet would run as a formula (a player's name starting with
    ``= + - @``, a tab or a carriage return) gets a leading ``'`` (OWASP's advice on CSV injection)."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + value
    return value


def _kind_of_call(call: dict) -> str:
    alone = "alone" in str(call.get("call") or "") or "alone" in str(call.get("best") or "")
    return "alone" if alone else "call"


def _decisions(review: dict):
    """``(seat, kind, figures, mistakes, is_call)`` for every decision of a deal's review dict."""
    for c in review.get("calls", ()):
        figures = {} if c.get("loss") is None else {"info_points": float(c["loss"])}
        yield c["seat"], _kind_of_call(c), figures, c.get("mistakes", ()), True, c.get("grade")
    for c in review.get("cards", ()):
        kind = "discard" if c.get("kind") == "discard" else ("lead" if c.get("lead") else "follow")
        figures = {}
        if not c.get("renege"):
            if c.get("dd") is not None:
                figures["dd_tricks"] = float(c["dd"]["cost"])
                figures["dd_points"] = float(c["dd"]["points_cost"])
            if c.get("info") is not None:
                figures["info_points"] = float(c["info"]["loss_points"])
                figures["info_tricks"] = float(c["info"]["loss_tricks"])
        yield c["seat"], kind, figures, c.get("mistakes", ()), False, c.get("grade")
    for d in review.get("defence", ()):     # a defender's choice against a loner: graded like a call
        figures = {} if d.get("loss") is None else {"info_points": float(d["loss"])}
        yield d["seat"], "defend", figures, d.get("mistakes", ()), True, d.get("grade")


def corpus_stats(source) -> CorpusStats:
    """Per-player and per-partnership statistics of a corpus review (see the module).

    ``source``: a results file of :func:`solver.review_corpus` (``euchre review --out``; a
    cut-off last line is ignored), a list of them (read in order, a deal counted once over
    all), or an iterable of lines as dicts (e.g. :attr:`CorpusResult.lines`). Returns a :class:`CorpusStats`. Raises
    :class:`~solver.EuchreError` for a file that cannot be read or is not a results file, or a
    deal line without the members it needs.
    """
    stats = CorpusStats(None)
    players: dict = {}
    sides: dict = {}
    overall = _Acc("all")
    seen, records, configs = {}, set(), []
    number = [0]

    def visit(line: dict) -> None:
        number[0] += 1
        if line.get("kind") == "file":
            stats.files += 1
            return
        if line.get("error") is not None or line.get("review") is None:
            stats.errors += 1
            return
        try:
            key = (line["sha256"], line["deal"])
            names, review = line.get("names") or [], line["review"]
            count = int(line["rules"]["players"])
            config = {k: line.get(k) for k in CONFIG_FIELDS}
            config["valuation"] = line_valuation(line)
            decisions = list(_decisions(review))
            seats = list(review.get("players") or {})
        except (KeyError, TypeError, ValueError, AttributeError) as exc:
            raise EuchreError(f"{where} line {number[0]}: a deal line without {exc} (not a line of "
                              "euchre review --out)") from None
        if key in seen:
            stats.superseded += 1
            if seen[key] != config:     # the same deal reviewed by another run (other options)
                stats.other_runs += 1
            return
        seen[key] = config
        records.add(key[0])
        stats.deals += 1
        if config not in configs:
            configs.append(config)
        who = {}
        for s in seats:
            name = (review["players"][s] or {}).get("name") or ""
            who[s] = name if name else f"{s} of {os.path.basename(str(line.get('path', '?')))}"
        side_names = {}
        for s in seats:
            side = side_of(int(Seat.parse(s)), count)
            side_names.setdefault(side, []).append(who[s])
        # keyed by the names themselves: a name holding " & " cannot merge two partnerships
        partnership = {s: tuple(sorted(set(side_names[side_of(int(Seat.parse(s)), count)]))) for s in seats}
        for seat, kind, figures, mistakes, is_call, grade in decisions:
            if seat not in who:
                continue
            for acc in (players.setdefault(who[seat], _Acc(who[seat])),
                        sides.setdefault(partnership[seat], _Acc(_partnership_name(partnership[seat]))), overall):
                acc.add(key, kind, figures, mistakes, is_call, grade)

    if isinstance(source, (str, os.PathLike)):
        source = [source]
    if isinstance(source, (bytes, dict)) or not isinstance(source, Iterable):
        raise EuchreError(f"corpus_stats: source {quoted(source)}: expected a results file's path, a list of "
                          "them, or an iterable of results lines (dicts)")
    source = list(source)
    if source and all(isinstance(x, (str, os.PathLike)) for x in source):
        stats.source = ", ".join(os.fspath(x) for x in source)
        for path in source:
            where = os.fspath(path)
            if not os.path.isfile(where):
                raise EuchreError(f"{where}: no such file" if not os.path.exists(where)
                                  else f"{where}: not a regular file; the results of euchre review --out are a file")
            number[0] = 0
            read_results(where, visit)
    else:
        where = "<lines>"
        for line in source:
            if not isinstance(line, dict):
                raise EuchreError(f"line {number[0] + 1}: {type(line).__name__}, expected a dict (a results line)")
            check_line(line, f"line {number[0] + 1}")
            visit(line)
    stats.records, stats.configs = len(records), configs
    stats.players = [players[k].result() for k in sorted(players)]
    stats.partnerships = [sides[k].result() for k in sorted(sides)]
    stats.overall = overall.result()
    return stats


__all__ = ["KINDS", "CARD_FIGURES", "CALL_FIGURES", "Mean", "KindStats", "GroupStats", "CorpusStats", "corpus_stats"]
