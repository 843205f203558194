"""What a review finds: the result types of :mod:`solver.review` and the thresholds that flag a mistake.

Plain data with ``to_dict()`` for programs; their text for people is
:mod:`solver.render` (``str(mistake)``, :meth:`DealReview.text`, :meth:`Review.text`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from .. import render
from ..cards import Card, Seat
from ..laws import past_tense
from ..rules import Rules
from ..grades import TIE, Grade, count_grades
from ..advisor.valuation import assumption, valuation_strategy
from ..play_model import DEFAULT_PLAY_MODEL

if TYPE_CHECKING:
    from ..advisor import Advice
    from ..worlds import Space, Worlds

#: Double dummy: flag a card or discard that loses at least this many tricks against the best.
DD_TRICKS = 1
#: Information set: flag a card or discard whose expected loss reaches this many points ...
INFO_POINTS = 0.15
#: ... or this many tricks (averaged over the worlds).
INFO_TRICKS = 0.5
#: Calls: flag a call whose expected points are this far below the advisor's best call.
CALL_POINTS = 0.15
#: With the game's score: flag a call, card or discard that lowers the seat's side's chance of
#: winning the game by at least this much (one percentage point; at 0-0 of a game to 10 one point
#: of a hand is worth about 0.07 of the game, so this is about :data:`CALL_POINTS` there).
GAME_WIN = 0.01
#: Per reviewed decision, use every consistent deal (exact figures) when there are at most
#: this many. Not :data:`solver.worlds.EXACT_LIMIT` (20,000, the default for one question):
#: a review enumerates at every card of every deal, solves each world once per legal card and
#: keeps the worlds in the result, so it enumerates less (vwec-finals at 200 worlds: 81,245
#: worlds in all, against 232,330 with 20,000). Part of the report (``thresholds.exact_limit``).
DECISION_EXACT_LIMIT = 5000

#: The kinds of :class:`Mistake`.
DOUBLE_DUMMY = "double-dummy"
INFORMATION_SET = "information-set"
RENEGE = "renege"


@dataclass(frozen=True)
class Mistake:
    """A flagged decision.

    Attributes:
        kind: ``"double-dummy"``, ``"information-set"`` or ``"renege"`` (a card that did
            not follow suit; ``decision`` ``"card"``).
        seat: who decided; decision: ``"card"``, ``"discard"`` or ``"call"``.
        where: ``"trick 2"``, ``"round 1"``, ``"discard"``.
        played: what was done, in words (``"led Qs"``, ``"played Qs"``, ``"passed"``,
            ``"ordered up alone"``, ``"discarded 9h"``).
        best: the best choices (texts); for a renege, the cards of the led suit the seat
            held (its legal choices, as far as the record shows them).
        tricks: expected tricks lost by the seat's side (``None`` for calls and reneges).
        points: expected points lost by the seat's side (``None`` for a renege: an
            illegal card is not scored against the legal ones).
        interval: 95% interval of the points lost (``tricks_interval`` for a trick flag),
            ``None`` for double dummy or exact figures.
        worlds, exact: worlds behind an information-set figure.
        win: judged by the game's score (else ``None``): the chance of winning the game lost against
            the best choice for the game (``best`` is then that choice); win_interval its 95% interval
            (``None`` when exact).
        grade: the decision's grade (``solver.grades``: from what the player could see, or
            double dummy for a card the review could judge no other way), ``None`` for a renege;
            grade_range: for ``"unclear"``, the grades at the ends of the loss's interval.
        knowable: the loss could be seen from the player's view (an information-set flag, or a
            double-dummy flag of a card also flagged from its view); ``False``: visible only double
            dummy; ``None`` for a renege.
    """

    kind: str
    seat: Seat
    decision: str
    where: str
    played: str
    best: tuple
    tricks: float | None
    points: float | None
    interval: tuple | None = None
    worlds: int | None = None
    exact: bool | None = None
    win: float | None = None
    win_interval: tuple | None = None
    grade: str | None = None
    knowable: bool | None = None
    grade_range: tuple | None = None

    @property
    def grade_text(self) -> str | None:
        """``"mistake"``, or ``"unclear (good to inaccuracy)"``; ``None`` for a renege."""
        if self.grade is None:
            return None
        return self.grade if self.grade_range is None else f"{self.grade} ({self.grade_range[0]} to {self.grade_range[1]})"

    def to_dict(self) -> dict:
        out = {"kind": self.kind, "seat": str(self.seat), "decision": self.decision, "where": self.where,
               "played": self.played, "best": list(self.best),
               "tricks": None if self.tricks is None else _r(self.tricks),
               "points": None if self.points is None else _r(self.points),
               "interval": None if self.interval is None else [_r(x) for x in self.interval],
               "worlds": self.worlds, "exact": self.exact}
        if self.grade is not None:             # a judged decision (a renege has neither)
            out["grade"] = self.grade
            out["grade_range"] = None if self.grade_range is None else list(self.grade_range)
        if self.knowable is not None:
            out["knowable"] = self.knowable
        if self.win is not None:               # judged by the game's score only
            out["win"] = _r(self.win)
            out["win_interval"] = None if self.win_interval is None else [_r(x) for x in self.win_interval]
        return out

    @property
    def renege(self) -> bool:
        """The card did not follow suit (``kind`` ``"renege"``)."""
        return self.kind == RENEGE

    @property
    def double_dummy(self) -> bool:
        """Judged with every hand known (``kind`` ``"double-dummy"``)."""
        return self.kind == DOUBLE_DUMMY

    def __str__(self) -> str:
        return render.mistake_text(self)


@dataclass(frozen=True)
class DDView:
    """Double-dummy figures of one card (or discard) decision, every hand known.

    Attributes:
        values: ``{Card: tricks}``: the deciding side's total tricks of the hand after
            each candidate (tricks already won included).
        points: ``{Card: points}``: the points the hand then scores for that side
            (negative when the other side scores).
        before: the makers' total tricks with best play from here (before the card).
        after: the makers' total tricks after the card played, best play thereafter.
        cost: tricks the deciding side lost with the card against the best (0 if best).
        points_cost: points it lost against the best points.
        best: the candidates that keep the most tricks.
        wins: with the game's score, ``{Card: chance}`` the side's chance of winning the game after
            each candidate (those points added to the score); win_cost: the chance the card played
            lost against the best candidate for the game. ``None`` judged by points.
    """

    values: dict
    points: dict
    before: int
    after: int
    cost: int
    points_cost: int
    best: tuple
    wins: dict | None = None
    win_cost: float | None = None

    def to_dict(self) -> dict:
        out = {"before": self.before, "after": self.after, "cost": self.cost, "points_cost": self.points_cost,
               "best": [str(c) for c in self.best],
               "cards": [{"card": str(c), "tricks": v, "points": self.points[c],
                          **({} if self.wins is None else {"p_win_game": _r(self.wins[c])})}
                         for c, v in self.values.items()]}
        if self.wins is not None:
            out["win_cost"] = _r(self.win_cost)
        return out


@dataclass(frozen=True)
class InfoView:
    """Information-set figures of one card (or discard) decision, over worlds.

    Attributes:
        worlds: worlds used; exact: they are every consistent deal (the averages are exact);
            placements: how many deals are consistent with what the player knew.
        tricks, points: ``{Card: mean}``: the deciding side's average total tricks and
            points after each candidate (best play by everyone thereafter, double dummy).
        best: the candidate(s) with the most average points (ties: most tricks).
        loss_points: average points lost by the card played against ``best``;
            ``points_interval`` 95% interval of that paired difference.
        loss_tricks: average tricks lost against the candidate with the most average tricks;
            ``tricks_interval`` likewise.
        notes: approximations made for this view (e.g. the dealer's discard not recorded).
        card_losses: ``{Card: (points lost, (low, high))}`` for every legal candidate: its average
            points lost against ``best`` (paired over the same worlds; 0 for a best card) and the
            95% interval (what ``loss_points``/``points_interval`` are for the card played).
        game: judged by the game's score (else ``None``): ``{"p_win_game": {Card: mean chance of
            winning the game}, "best": (cards with the best chance; ties by points, then tricks),
            "loss": the chance lost by the card played against the first of them, "interval": its
            paired 95% interval}``; the flag is then by it (``GAME_WIN``).
        drawn: the :class:`~solver.worlds.Worlds` used (hands at the decision, the
            deciding seat's cards included), and space the :class:`~solver.worlds.Space`
            they were drawn from (neither in :meth:`to_dict`).
        world_tricks, world_points: int arrays (candidates, worlds): the side's total tricks and
            points after each candidate in each world of ``drawn`` (not in :meth:`to_dict`).
    """

    worlds: int
    exact: bool
    placements: int
    tricks: dict
    points: dict
    best: tuple
    loss_points: float
    loss_tricks: float
    points_interval: tuple
    tricks_interval: tuple
    notes: tuple = ()
    drawn: Worlds | None = field(default=None, repr=False, compare=False)
    space: Space | None = field(default=None, repr=False, compare=False)
    effective_worlds: float | None = None
    model: str | None = None
    card_losses: dict = field(default_factory=dict)
    game: dict | None = None
    world_tricks: np.ndarray | None = field(default=None, repr=False, compare=False)
    world_points: np.ndarray | None = field(default=None, repr=False, compare=False)

    def to_dict(self) -> dict:
        out = {"worlds": self.worlds, "exact": self.exact, "placements": self.placements,
               "best": [str(c) for c in self.best], "loss_points": _r(self.loss_points),
               "points_interval": [_r(x) for x in self.points_interval],
               "loss_tricks": _r(self.loss_tricks), "tricks_interval": [_r(x) for x in self.tricks_interval],
               "cards": [dict({"card": str(c), "tricks": _r(t), "points": _r(self.points[c])},
                              **self._loss_dict(c)) for c, t in self.tricks.items()],
               "notes": list(self.notes)}
        if self.effective_worlds is not None:      # auction-aware (weighted) worlds only
            out["effective_worlds"] = _r(self.effective_worlds)
            out["model"] = self.model
        if self.game is not None:
            out["game"] = game_dict(self.game)
        return out

    def _loss_dict(self, card) -> dict:
        if card not in self.card_losses:
            return {}
        loss, (low, high) = self.card_losses[card]
        return {"loss_points": _r(loss), "points_interval": [_r(low), _r(high)]}


def game_dict(game: dict) -> dict:
    """An information-set view's ``game`` figures as JSON: ``{"best", "loss", "interval", "cards":
    [{"card", "p_win_game"}]}``."""
    return {"best": [str(c) for c in game["best"]], "loss": _r(game["loss"]),
            "interval": [_r(x) for x in game["interval"]],
            "cards": [{"card": str(c), "p_win_game": _r(p)} for c, p in game["p_win_game"].items()]}


class _Graded:
    """A judged decision's :attr:`grade`, read from its ``grading`` (a :class:`~solver.grades.Grade` or ``None``)."""

    grading: Grade | None

    @property
    def grade(self) -> str | None:
        """``"best"`` ... ``"blunder"``, ``"unclear"`` (:mod:`solver.grades`), or ``None`` (not judged)."""
        return None if self.grading is None else self.grading.grade


@dataclass
class CardReview(_Graded):
    """One card played (``kind`` ``"play"``) or the dealer's discard (``kind`` ``"discard"``).

    Attributes:
        seat: who decided; trick: trick number 1..5 (``None`` for a discard).
        card: the card played or discarded; candidates: the legal choices.
        renege: the card did not follow suit: it carries a ``"renege"`` :class:`Mistake`
            and no ``dd``/``info`` (an illegal card is not scored against the legal ones;
            ``unanalysed`` says so); ``candidates`` are then the cards of the led suit held.
        lead: the card led the trick.
        dd: :class:`DDView` or ``None``; info: :class:`InfoView` or ``None``.
        unanalysed: reasons for a view left out.
        mistakes: the :class:`Mistake` s flagged.
        reasons: the :class:`~solver.review.reasons.Reason` s that fire for it (a card not among the best;
            ``solver.review.reasons``), in JSON ``[{"rule", "sentence"}]``.
        examples: for a card that lost (flagged from its view, or graded inaccuracy or worse), the
            worlds that show it (``solver.examples.card_examples()``: the share of the weight
            where the card does worse, the same and better than the best, and the likeliest worlds
            where it does worse), else ``None``.
        grading: the card's :class:`~solver.grades.Grade` (from the information-set figures,
            by the game where the score is known; double dummy when those are missing), ``None`` when
            the card was not judged (a renege, a hand the record does not show); grade (property) its name.
    """

    kind: str
    seat: Seat
    trick: int | None
    card: Card
    candidates: tuple
    renege: bool = False
    lead: bool = False
    dd: DDView | None = None
    info: InfoView | None = None
    unanalysed: list = field(default_factory=list)
    mistakes: list = field(default_factory=list)
    grading: Grade | None = None
    reasons: list = field(default_factory=list)
    examples: dict | None = None
    gave_away: object | None = None

    @property
    def where(self) -> str:
        return "discard" if self.kind == "discard" else f"trick {self.trick}"

    @property
    def decision(self) -> str:
        """``"card"`` or ``"discard"``, as ``Mistake.decision``."""
        return "card" if self.kind == "play" else "discard"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": str(self.seat), "trick": self.trick, "card": str(self.card),
                "lead": self.lead, "candidates": [str(c) for c in self.candidates], "renege": self.renege,
                "dd": None if self.dd is None else self.dd.to_dict(),
                "info": None if self.info is None else self.info.to_dict(),
                "unanalysed": list(self.unanalysed), "mistakes": [m.to_dict() for m in self.mistakes],
                "grade": self.grade, "grading": None if self.grading is None else self.grading.to_dict(),
                "reasons": [r.to_dict() for r in self.reasons], "examples": self.examples,
                **({} if self.gave_away is None else {"gave_away": self.gave_away.to_dict()})}


@dataclass
class CallReview(_Graded):
    """One call, judged by the bid advisor from the caller's seat.

    Attributes:
        seat, round: who called, in which bidding round.
        call: the call as an advisor token (``"pass"``, ``"order alone"``, ``"call h"``);
            name: in words (``"pass"``, ``"pick it up"``, ``"call hearts alone"``).
        options: ``[{"call", "name", "expected_points"}]`` for every legal call.
        best, best_name: the advisor's recommended call, or the call made when it ties
            the recommended one (same expected points); expected_points: the real
            call's expected points; best_points: the best call's.
        loss: ``best_points - expected_points`` (paired over the same worlds);
            loss_interval its 95% interval.
        worlds, exact: the advisor's worlds; effective_worlds (auction-aware review only): their
            effective number under the weights; model: the bidding model's name (``None``: the point count).
        game: judged by the game's score (else ``None``): ``{"p_win_game": the call made's chance of
            winning the game, "best", "best_name": the call with the best chance (the call made when
            it ties), "best_p_win_game", "loss": the chance lost against it, "interval": its paired
            95% interval}``; each of ``options`` then has ``p_win_game`` too, and the flag is by the
            game (``GAME_WIN``). The points figures above stay those of the best call by points.
        advice: the full :class:`~solver.advisor.Advice` (``None`` when unanalysed; in
            :meth:`to_dict` as ``advice`` only with ``full=True``).
        unanalysed: why the call could not be judged; mistakes: flagged :class:`Mistake` s.
        grading: the call's :class:`~solver.grades.Grade`; reasons: the
            :class:`~solver.review.reasons.Reason` s that fire (``solver.review.reasons``).
        examples: for a call that lost (flagged, or graded inaccuracy or worse), the worlds of the
            advisor that show it (``solver.examples.call_examples()``: the shares of the weight where it
            scores fewer, the same or more points than the advisor's recommended call, the likeliest
            worlds where fewer, each with the hands dealt, the kitty and what each call led to); else ``None``.
    """

    seat: Seat
    round: int
    call: str
    name: str
    options: list = field(default_factory=list)
    best: str | None = None
    best_name: str | None = None
    expected_points: float | None = None
    best_points: float | None = None
    loss: float | None = None
    loss_interval: tuple | None = None
    worlds: int | None = None
    exact: bool | None = None
    advice: Advice | None = field(default=None, repr=False)
    unanalysed: list = field(default_factory=list)
    mistakes: list = field(default_factory=list)
    effective_worlds: float | None = None
    model: str | None = None
    game: dict | None = None
    grading: Grade | None = None
    reasons: list = field(default_factory=list)
    examples: dict | None = None

    @property
    def where(self) -> str:
        return f"round {self.round}"

    @property
    def decision(self) -> str:
        """``"call"``, as ``Mistake.decision``."""
        return "call"

    def to_dict(self, full: bool = False) -> dict:
        out = {"seat": str(self.seat), "round": self.round, "call": self.call, "name": self.name,
               "options": [{k: _r(v) if k in ("expected_points", "p_win_game") else v for k, v in o.items()}
                           for o in self.options],
               "best": self.best, "best_name": self.best_name,
               "expected_points": None if self.expected_points is None else _r(self.expected_points),
               "best_points": None if self.best_points is None else _r(self.best_points),
               "loss": None if self.loss is None else _r(self.loss),
               "loss_interval": None if self.loss_interval is None else [_r(x) for x in self.loss_interval],
               "worlds": self.worlds, "exact": self.exact,
               "unanalysed": list(self.unanalysed), "mistakes": [m.to_dict() for m in self.mistakes],
               "grade": self.grade, "grading": None if self.grading is None else self.grading.to_dict(),
               "reasons": [r.to_dict() for r in self.reasons], "examples": self.examples}
        if self.effective_worlds is not None:      # auction-aware review only
            out["effective_worlds"] = _r(self.effective_worlds)
            out["model"] = self.model
        if self.game is not None:
            g = self.game
            out["game"] = {"p_win_game": _r(g["p_win_game"]), "best": g["best"], "best_name": g["best_name"],
                           "best_p_win_game": _r(g["best_p_win_game"]), "loss": _r(g["loss"]),
                           "interval": [_r(x) for x in g["interval"]]}
        if full and self.advice is not None:
            out["advice"] = self.advice.to_dict()
        return out


@dataclass
class PlayerSummary:
    """One player's totals over a deal (or a game).

    Attributes:
        dd_tricks, dd_points: tricks and points lost double dummy (cards and discard).
        info_points, info_tricks: expected points and tricks lost on cards and discard
            (information set).
        call_points: expected points lost on calls (bid advisor).
        win_lost: judged by the game's score: the chance of winning the game lost on calls, cards
            and discard (information set; ``None`` when no decision was judged so).
        mistakes: flagged decisions by kind ``{"double-dummy": n, "information-set": n,
            "renege": n}``.
        decisions: decisions taken; unanalysed: reasons given on its decisions for views
            not computed (a renege's card gives one).
        grades: judged decisions by grade, ``{"best": n, "good": n, "inaccuracy": n, "mistake": n,
            "blunder": n, "unclear": n}`` (``solver.grades``).
    """

    seat: Seat
    name: str = ""
    dd_tricks: int = 0
    dd_points: int = 0
    info_points: float = 0.0
    info_tricks: float = 0.0
    call_points: float = 0.0
    mistakes: dict = field(default_factory=lambda: {DOUBLE_DUMMY: 0, INFORMATION_SET: 0, RENEGE: 0})
    decisions: int = 0
    unanalysed: int = 0
    win_lost: float | None = None
    grades: dict = field(default_factory=lambda: count_grades(()))

    def add_win(self, loss: float) -> None:
        self.win_lost = (self.win_lost or 0.0) + max(0.0, loss)

    def add(self, other: "PlayerSummary") -> None:
        if other.win_lost is not None:
            self.add_win(other.win_lost)
        self.dd_tricks += other.dd_tricks
        self.dd_points += other.dd_points
        self.info_points += other.info_points
        self.info_tricks += other.info_tricks
        self.call_points += other.call_points
        for k, v in other.mistakes.items():
            self.mistakes[k] = self.mistakes.get(k, 0) + v
        self.decisions += other.decisions
        self.unanalysed += other.unanalysed
        for k, v in other.grades.items():
            self.grades[k] = self.grades.get(k, 0) + v

    def to_dict(self) -> dict:
        out = {"seat": str(self.seat), "name": self.name, "dd_tricks_lost": self.dd_tricks,
               "dd_points_lost": self.dd_points, "info_points_lost": _r(self.info_points),
               "info_tricks_lost": _r(self.info_tricks), "call_points_lost": _r(self.call_points),
               "mistakes": dict(self.mistakes), "decisions": self.decisions, "unanalysed": self.unanalysed,
               "grades": dict(self.grades)}
        if self.win_lost is not None:
            out["win_lost"] = _r(self.win_lost)
        return out

    def __str__(self) -> str:
        return render.player_text(self)


@dataclass
class DefenceReview(_Graded):
    """A defender's choice against a loner (``Rules.defend_alone``), judged by :func:`solver.advise_defend` from
    its view: a graded decision like a call (by points: the defend-alone advisor has no game odds).

    Attributes:
        seat: the defender; choice: ``"defend alone"`` or ``"defend partner"``; best: the advisor's best choice
            (the choice made when it ties).
        loss: the expected points for the defenders' side of the best choice minus the choice's (0 when it is
            the best); loss_interval: its paired 95% interval (``None`` when exact or the best).
        options: the advisor's options (:meth:`solver.advisor.defend.DefendAdvice.to_dict`); worlds, exact.
        grading: the :class:`~solver.grades.Grade` of the loss (points); mistakes: the flag when the loss is
            at least ``CALL_POINTS`` and its interval above 0 (information set: knowable from its view).
    """

    seat: Seat
    choice: str
    best: str
    loss: float
    loss_interval: tuple | None
    options: list
    worlds: int
    exact: bool
    grading: Grade | None = None
    mistakes: list = field(default_factory=list)
    unanalysed: list = field(default_factory=list)
    reasons: list = field(default_factory=list)
    examples: dict | None = None

    @property
    def where(self) -> str:
        return "defence"

    @property
    def decision(self) -> str:
        """``"defence"``, as ``Mistake.decision``."""
        return "defence"

    @property
    def name(self) -> str:
        """The choice in words, ``"defend alone"`` or ``"defend with its partner"``."""
        return "defend alone" if self.choice == "defend alone" else "defend with its partner"

    def to_dict(self) -> dict:
        return {"seat": str(self.seat), "choice": self.choice, "best": self.best, "loss": _r(self.loss),
                "loss_interval": None if self.loss_interval is None else [_r(x) for x in self.loss_interval],
                "options": list(self.options), "worlds": self.worlds, "exact": self.exact, "grade": self.grade,
                "grading": None if self.grading is None else self.grading.to_dict(),
                "mistakes": [m.to_dict() for m in self.mistakes]}


def _done(d) -> str:
    """What a judged decision did, in words: ``"passed"``, ``"led Ks"``, ``"discarded 9h"``."""
    if d.decision == "call":
        return past_tense(d.name)
    if d.decision == "discard":
        return f"discarded {d.card}"
    return f"{'led' if d.lead else 'played'} {d.card}"


def costliest(decisions) -> dict | None:
    """The decision of ``decisions`` (calls and cards in order, :attr:`DealReview.decisions`) that cost the most:
    the largest loss of its :class:`~solver.grades.Grade` against the best choice, in the chance of winning the
    game where any decision is graded by it (the score is known), else in points. ``None`` when none was judged.

    Returns ``{"step": its index in ``decisions`` (the review page's step), "seat", "where", "done" (in words),
    "unit": "game" | "points", "loss", "grade", "lost": False when every judged decision was among the best}``.
    """
    judged = [(k, d) for k, d in enumerate(decisions) if getattr(d, "grading", None) is not None]
    if not judged:
        return None
    by_game = [(k, d) for k, d in judged if d.grading.unit == "game"]
    pool = by_game or judged
    k, d = max(pool, key=lambda kd: (kd[1].grading.loss, -kd[0]))    # the first of equal losses
    g = d.grading
    return {"step": k, "seat": str(d.seat), "where": d.where, "done": _done(d), "unit": g.unit,
            "loss": _r(g.loss), "grade": g.text, "lost": g.loss > TIE}


@dataclass
class DealReview:
    """The review of one deal.

    Attributes:
        index, number: position in the file and ``dealNumber``; dealer, upcard.
        status: the record's status (``complete``, ``incomplete``, ``thrown_in``, ``illegal``).
        summary: one line: contract and result (as :meth:`EGNDeal.summary`).
        contract: ``{"trump", "maker", "makers", "alone", "defender_alone"}`` or ``None``;
            result: ``HandResult.to_dict()`` or ``None``.
        calls: :class:`CallReview` s; cards: :class:`CardReview` s (the discard first, if any).
        unanalysed: deal-level notes: what could not be analysed and why.
        notes: findings of the record itself (a renege, a discard the play contradicts, ...).
        players: ``{Seat: PlayerSummary}``.
        score: the game's score before the deal ``{side: points}`` when its decisions are judged by
            the chance of winning the game, else ``None``; by_points: why they are judged by points
            although the review was asked to use the score (a single hand, a variant without game
            odds, a game already over), or ``None``.
        par: the deal's par beside the table's result (``solver.review.par_line.par_block()``:
            ``par``, ``null`` when the record does not show every dealt card; ``table``,
            ``difference``, ``text``), or ``None`` before the deal is reviewed.
        defence: each defender's choice against a loner (``Rules.defend_alone``) judged by
            :func:`solver.advise_defend`: :class:`DefenceReview` s (graded and flagged like a call).
        exchange: the kitty-exchange decisions (``Rules.farmers`` / ``go_under``: each seat offered it) judged
            by :func:`solver.advise_exchange` on the deal's par (``{"seat", "action", "best", "loss", "worlds",
            "exact", "options", "text"}``; in :meth:`to_dict` only under those rules); reported, not graded.
    """

    index: int
    number: int
    dealer: Seat
    upcard: Card | None
    status: str
    summary: str
    contract: dict | None
    result: dict | None
    calls: list = field(default_factory=list)
    cards: list = field(default_factory=list)
    unanalysed: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    players: dict = field(default_factory=dict)
    score: dict | None = None
    by_points: str | None = None
    par: dict | None = None
    defence: list = field(default_factory=list)
    exchange: list = field(default_factory=list)

    @property
    def decisions(self) -> list:
        """Calls, then the discard and cards, in order."""
        return list(self.calls) + list(self.cards)

    @property
    def mistakes(self) -> list:
        """The flags of the calls, the discard and cards, then the defence against a loner."""
        return [m for d in self.decisions + list(self.defence) for m in d.mistakes]

    @property
    def mattered(self) -> dict | None:
        """The decision that cost the most (``costliest()`` of :attr:`decisions`), or ``None``."""
        return costliest(self.decisions)

    def to_dict(self, full: bool = False) -> dict:
        out = {"index": self.index, "number": self.number, "dealer": str(self.dealer),
               "upcard": None if self.upcard is None else str(self.upcard), "status": self.status,
               "summary": self.summary, "contract": self.contract, "result": self.result,
               "calls": [c.to_dict(full) for c in self.calls], "cards": [c.to_dict() for c in self.cards],
               "mistakes": [m.to_dict() for m in self.mistakes], "unanalysed": list(self.unanalysed),
               "notes": list(self.notes),
               "players": {str(s): p.to_dict() for s, p in self.players.items()},
               "par": self.par, "defence": [d.to_dict() for d in self.defence], "mattered": self.mattered}
        if self.exchange:
            out["exchange"] = [dict(e) for e in self.exchange]
        if self.score is not None or self.by_points is not None:     # only when the score was asked for
            out["judged_by"] = "game" if self.score is not None else "points"
            out["score"] = None if self.score is None else dict(self.score)
            out["by_points"] = self.by_points
        return out

    def text(self, verbose: bool = False) -> str:
        """Readable lines: the summary, flagged mistakes, what was not analysed, the players
        (``verbose``: every card with its figures too); ``solver.render.deal_review_text()``."""
        return render.deal_review_text(self, verbose)


@dataclass
class Review:
    """A game's review: one :class:`DealReview` per deal, plus totals per player.

    ``str(review)`` is the report for people; :meth:`to_dict` the same for programs.

    Attributes:
        names: the record's player names (``metadata.players``: by seat N E S W, or
            N S in a two-player record).
        notes: findings of the record about the whole game, not one deal (the record's
            problems that no deal holds, e.g. a ``metadata.finalScore`` the deals do not
            replay to); each deal's own findings are in :attr:`DealReview.notes`.
        annotated: with ``review(..., annotate=True)``, the record as EGN JSON with the review's marks
            and comments (``solver.review.annotate.annotate_egn()``; ``"annotated_egn"`` in
            :meth:`to_dict`), else ``None``.
    """

    source: str
    title: str
    rules: Rules
    worlds: int
    seed: int
    deals: list
    names: tuple = ()
    notes: tuple = ()
    inference: bool | str = False
    model: str | None = None
    confirm: int = 1
    by_score: bool = False
    valuation: str = "double_dummy"
    inner_worlds: int = 20
    annotated: dict | None = field(default=None, repr=False, compare=False)

    @property
    def valuation_text(self) -> str:
        """Which figures are valued how, in words (the report's header); the calls by the review's valuation,
        the cards' two columns double dummy within each world."""
        return valuation_text(self.valuation, self.inner_worlds)

    @property
    def judging_text(self) -> str:
        """How the decisions were judged, in words (the report's header)."""
        if not self.by_score:
            return "by points (the hand's expected points; the game's score not used)"
        n = sum(d.score is not None for d in self.deals)
        return (f"by the chance of winning the game from the score at each deal (solver.win_probability; "
                f"flagged when it drops by {GAME_WIN:g} or more) in {n} of {len(self.deals)} deal"
                f"{'' if len(self.deals) == 1 else 's'}; by points where the score is not known")

    @property
    def model_text(self) -> str:
        """Which model judged the information-set costs, in words (the report's header)."""
        played = ("; the cards' worlds also weighted by every card played (play model "
                  f"{DEFAULT_PLAY_MODEL.name}, inference {self.inference})" if self.inference in ("play", "both")
                  else "")
        if self.inference == "play":
            return (f"no bidding model for the worlds: uniform worlds, the calls seen not weighed{played}; calls "
                    f"by solver.advise with uniform worlds, the later seats by {self.model}; a close decision drawn "
                    f"again at up to {self.confirm}x the worlds")
        if self.inference:
            return (f"bidding model {self.model}: worlds weighted by every call seen (solver.sample_worlds, "
                    f"inference on){played}; calls by solver.advise with its defaults; a close decision drawn "
                    f"again at up to {self.confirm}x the worlds")
        return "no bidding model: uniform worlds (inference off); calls by solver.advise with the point count"

    @property
    def mistakes(self) -> list:
        return [m for d in self.deals for m in d.mistakes]

    @property
    def mattered(self) -> dict | None:
        """The game's decision that cost the most, of each deal's :attr:`DealReview.mattered` the largest loss in the
        chance of the game where any deal is judged by it, else in points; with ``"deal"`` (its index) and
        ``"number"`` added. ``None`` when no decision was judged."""
        found = [(d, m) for d in self.deals for m in (d.mattered,) if m is not None]
        if not found:
            return None
        pool = [(d, m) for d, m in found if m["unit"] == "game"] or found
        d, m = max(pool, key=lambda dm: dm[1]["loss"])      # the first deal of equal losses
        return {"deal": d.index, "number": d.number, **m}

    @property
    def players(self) -> dict:
        """``{Seat: PlayerSummary}`` over every deal."""
        out = {Seat(s): PlayerSummary(Seat(s), player_name(self.names, s, self.rules.seats)) for s in self.rules.seats}
        for d in self.deals:
            for s, p in d.players.items():
                out[s].add(p)
        return out

    def to_dict(self, full: bool = False) -> dict:
        """The review as plain JSON types (``"version": 1`` names this layout, which only grows).

        ``full=True`` adds each call's complete advisor answer. Layout::

            {"version": 1, "source", "title", "rules", "worlds", "seed", "thresholds", "method",
             "notes": [whole-game record findings],       # e.g. a metadata.finalScore that differs
             "players": {"N": {"dd_tricks_lost", "dd_points_lost", "info_points_lost",
                               "info_tricks_lost", "call_points_lost", "mistakes": {kind: n},
                               "decisions", "unanalysed"}, ...},          # game totals
             "deals": [{"index", "number", "dealer", "upcard", "status", "summary",
                        "contract": {"trump", "maker", "makers", "alone", "defender_alone"} | null,
                        "result": {...} | null,
                        "calls": [{"seat", "round", "call", "name", "options": [{"call", "name",
                                   "expected_points"}], "best", "best_name", "expected_points",
                                   "best_points", "loss", "loss_interval", "worlds", "exact",
                                   "unanalysed": [why], "mistakes": [...]}],
                        "cards": [{"kind": "play" | "discard", "seat", "trick", "card", "lead",
                                   "candidates", "renege",
                                   "dd": {"before", "after", "cost", "points_cost", "best",
                                          "cards": [{"card", "tricks", "points"}]} | null,
                                   "info": {"worlds", "exact", "placements", "best", "loss_points",
                                            "points_interval", "loss_tricks", "tricks_interval",
                                            "cards": [{"card", "tricks", "points", "loss_points",
                                                       "points_interval"}], "notes"} | null,
                                   "unanalysed": [why], "mistakes": [...]}],
                        "mistakes": [{"kind": "double-dummy" | "information-set" | "renege", "seat",
                                      "decision": "card" | "discard" | "call", "where", "played",
                                      "best", "tricks", "points", "interval", "worlds", "exact"}],
                        "unanalysed": [why], "notes": [record findings],
                        "players": {per deal, as above}}]}

        Tricks and points are for the deciding seat's side; ``dd.before``/``dd.after`` are
        the makers' total tricks (as :func:`solver.analyse_play`); costs and losses are
        against the best choice (positive = lost). A ``"renege"`` mistake has ``tricks`` and
        ``points`` null and ``best`` the led suit's cards the seat held; its card has ``dd``
        and ``info`` null. ``notes`` (top level) are the record's findings about the whole
        game, as ``deals[].notes`` are each deal's (plain sentences).

        ``"judging"``: ``{"by_score", "game_win", "text"}``. Judged by the game's score
        (``review(..., score=True)``) each deal adds ``"judged_by": "game" | "points"``,
        ``"score"`` (``{side: points}`` before the deal, or null) and ``"by_points"`` (why a
        deal is judged by points, or null); a judged call adds ``"game": {"p_win_game",
        "best", "best_name", "best_p_win_game", "loss", "interval"}`` and ``p_win_game`` per
        option; a card's ``"info"`` adds ``"game": {"best", "loss", "interval", "cards":
        [{"card", "p_win_game"}]}`` and its ``"dd"`` ``"win_cost"`` and ``p_win_game`` per
        card; a mistake judged by the game ``"win"`` and ``"win_interval"``; a player
        ``"win_lost"``. Judged by points none of these keys appear.
        """
        return {
            "version": 1,
            "source": self.source,
            "title": self.title,
            "rules": self.rules.to_dict(),
            "worlds": self.worlds,
            "seed": self.seed,
            "model": {"inference": self.inference, "name": self.model, "confirm": self.confirm,
                      "text": self.model_text},
            "judging": {"by_score": self.by_score, "game_win": GAME_WIN, "text": self.judging_text},
            "valuation": {"calls": self.valuation, "cards": "double_dummy",
                          **({"inner_worlds": self.inner_worlds} if valuation_strategy(self.valuation).uses_inner_worlds
                             else {}),
                          "text": self.valuation_text},
            "thresholds": {"dd_tricks": DD_TRICKS, "info_points": INFO_POINTS, "info_tricks": INFO_TRICKS,
                           "call_points": CALL_POINTS, "exact_limit": DECISION_EXACT_LIMIT,
                           "significance": "sampled worlds: the paired 95% interval of the loss lies above 0"
                           + ("; a loss whose interval straddles its threshold is judged again at double the "
                              f"worlds, up to {self.confirm}x" if self.confirm > 1 else "")},
            "method": {
                "double_dummy": "every hand known; tricks and points for the deciding side after each legal card",
                "information_set": _INFO_METHOD[self.inference],
                "calls": _CALL_METHOD[self.inference != "play" and bool(self.inference)] + "; "
                         + assumption(self.valuation, self.inner_worlds),
            },
            "notes": list(self.notes),
            "players": {str(s): p.to_dict() for s, p in self.players.items()},
            "mattered": self.mattered,
            "deals": [d.to_dict(full) for d in self.deals],
            **({} if self.annotated is None else {"annotated_egn": self.annotated}),
        }

    def text(self, verbose: bool = False) -> str:
        """The report for people (``verbose``: every card with its figures); ``solver.render.review_text()``."""
        return render.review_text(self, verbose)

    def __str__(self) -> str:
        return self.text()


_INFO_METHOD = {
    False: "worlds uniform over deals consistent with the player's own hand, the cards played, voids shown, the "
           "upcard (with the dealer after a pickup) and the dealer's own discard; earlier bids not used; each "
           "world played double dummy",
    True: "worlds over deals consistent with the player's own hand, the cards played, voids shown, the upcard "
          "(with the dealer after a pickup) and the dealer's own discard, weighted by the bidding model's "
          "likelihood of every call by another seat (solver.sample_worlds: weighted means, intervals at the "
          "effective number of worlds); each world played double dummy"}
#: Reading the play (review_game(inference="both" or "play")): the cards' worlds also weigh every card played.
_PLAY_READ = ("; each world also weighted by the play model's chance of every card the other seats had played by "
              "then (solver.play_model)")
_INFO_METHOD["both"] = _INFO_METHOD[True].replace("; each world played", _PLAY_READ + "; each world played")
_INFO_METHOD["play"] = (_INFO_METHOD[False].replace("; earlier bids not used", "; earlier bids not used"
                                                    + _PLAY_READ))
_CALL_METHOD = {False: "bid advisor (solver.advise) from the caller's hand and the upcard, uniform worlds, the later "
                       "seats by the point count",
                True: "bid advisor (solver.advise with its defaults: the bidding model, the worlds weighted by "
                      "the earlier passes) from the caller's hand and the upcard"}


def valuation_text(valuation: str, inner_worlds: int) -> str:
    """The review's valuations in words: which figures ``valuation`` (the calls') applies to, and that the
    cards' columns stay double dummy (a different question: a card's cost with every hand known)."""
    return (f"calls: {assumption(valuation, inner_worlds)}; cards: the "
            "double-dummy column is each card's cost with every hand known, the information-set column plays "
            "each of the player's worlds double dummy")


def player_name(names, seat, seats) -> str:
    """The player's name at ``seat`` (``""`` if none): ``names`` lists seats N E S W, or in a
    two-player game the seats in play (N S) only; a four-name list is read by seat in either game."""
    i = int(seat) if len(names) == 4 else list(seats).index(seat)
    return str(names[i]) if i < len(names) and names[i] else ""


def _r(x: float) -> float | None:
    """A figure for to_dict, rounded to 4 places; ``None`` (JSON null) for an infinite or undefined one
    (the open end of an interval over fewer than two effective worlds), so the dict is strict JSON."""
    x = float(x)
    return round(x, 4) if math.isfinite(x) else None


__all__ = ["Mistake", "DDView", "InfoView", "CardReview", "CallReview", "PlayerSummary", "DealReview", "Review",
           "player_name", "DD_TRICKS", "INFO_POINTS", "INFO_TRICKS", "CALL_POINTS", "DECISION_EXACT_LIMIT",
           "GAME_WIN", "game_dict", "DOUBLE_DUMMY", "INFORMATION_SET", "RENEGE"]
