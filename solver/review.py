"""Post-game review: where a game was lost, card by card and call by call.

:func:`review` takes a game record (an :class:`~solver.egn.EGNGame`, anything
:func:`~solver.egn.load_egn` reads, or one :class:`~solver.game.Hand`) and
judges every decision of every deal twice:

**Double dummy** (all four hands face up). For every card played: the makers'
tricks under best play before the card and after it, the tricks and points
each legal card keeps for the player's side, the card's *trick cost* (what it
loses against the best card, as DDS ``AnalysePlay``) and the best cards. The
dealer's discard is judged the same way (each possible discard, play from the
first lead). This is what a player who could see every card would have done;
a "mistake" here may be a guess no one at the table could have got right.

**Information set** (only what that player had seen). The unseen cards are
dealt into the other hands many times (``worlds``), uniformly among the deals
consistent with what the player knew at that moment (:mod:`solver.worlds`):

* its own hand;
* every card played so far (and the trick on the table);
* the voids shown: a player who did not follow the led suit holds no card of
  it (a void later contradicted by that player following the suit, i.e. a
  renege, is dropped);
* the upcard: turned down, it is in the kitty; picked up, it is in the
  dealer's hand until played (the dealer may in principle have discarded it;
  the review assumes it kept it unless the dealer has shown out of trump or
  has played all its cards without it, when it must have been discarded); a
  dealer who sits out does not play it;
* for the dealer, its own discard (when the record shows it; when it does not,
  the dealer's view treats that card as unseen, and the decision says so).

Earlier bids are not used to weight the worlds (as in the bid advisor).
When the consistent deals are few (at most :data:`EXACT_LIMIT`, typically
late in a hand) every one is used and the figures are exact. Each world is
played out double dummy after each legal card (all worlds and all cards in one
:func:`solver.solve_batch` call, the trick in progress included), giving each
card's average tricks and average points for the player's side, and the played
card's loss against the best (best by points, then tricks; the loss in tricks
is against the card with the most tricks).

**Calls** (pass, order up, call a suit, each with or without going alone):
the bid advisor's view from that seat (:func:`solver.advise`: own hand and the
upcard; earlier passes not used; later seats bid by the advisor's stated
policy): every legal call's expected points, the real call's against the
best, paired over the same worlds.

Flagging (the thresholds are module constants):

* ``double-dummy``: a card (or discard) that loses at least :data:`DD_TRICKS`
  trick against the best card with every hand known;
* ``information-set``: a card or discard whose expected loss against the best
  card over the worlds is at least :data:`INFO_POINTS` points or at least
  :data:`INFO_TRICKS` tricks; a call whose expected loss against the
  advisor's best call is at least :data:`CALL_POINTS` points. With sampled
  (not enumerated) worlds the paired 95% interval of the loss must also lie
  above zero, so sampling noise alone does not flag a card. (The best card is
  picked on the same worlds, which makes small losses look slightly
  larger than they are; the thresholds absorb that.)
* ``renege``: a card that did not follow suit (the record keeps it, and the
  deal's notes say what the seat held). It is a mistake of its own kind; it is
  not scored against the legal cards (no double-dummy or information-set
  figures, and nothing added to the player's losses), and the card says why.

What cannot be analysed is said, not guessed: a hand the record does not show
(a loner's partner, cards never played in an incomplete deal, the dealer's
fifth dealt card when the discard is not recorded) leaves the decisions that
need it unanalysed, each with the reason; a thrown-in deal has only calls; a
deal that breaks the rules is reviewed up to the broken rule. The dealer's
discard is judged only when the replay discards the card the record shows: a
discard the record does not show, one the replay had to infer (the dealer
plays five cards without the upcard) or one the play contradicts (the replay
then discards another card) is not analysed, and the deal says why.

Findings of the record itself are passed on as notes: per deal
(:attr:`DealReview.notes`: a renege, a discard the play contradicts, ...) and
for the whole game (:attr:`Review.notes`: e.g. a ``metadata.finalScore`` that
the deals do not replay to).

Example::

    from solver import load_egn, review
    r = review(load_egn("vwec-finals.egn"), worlds=200, seed=1)
    print(r)                    # the report for people
    r.to_dict()                 # the same for programs (see Review.to_dict)

Seeds: every decision draws its worlds from its own stream, derived from
``seed``, the deal's index and the decision's index, so a review is the same
whatever order the decisions are reviewed in (``euchre review --jobs``).
Without a seed, a record given as a path, text or parsed JSON is reviewed with
:func:`content_seed` of its JSON: the same record, the same review.
"""
from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass, field, replace

import numpy as np

from . import dd
from .advisor import Advice, _check_int, advise, mean_interval
from .cards import ALL_CARDS_MASK, FULL_MASK, Card, Seat, Suit, cards_of, effective_suit, format_cards
from .errors import EuchreError, PositionError, RulesError
from .game import AloneDeclared, BidMade, CardPlayed, Discarded, Hand, Kind, Phase
from .position import legal_mask, side_name, side_of, winning_index
from .rules import Rules
from .worlds import KITTY, Space, Worlds, suit_mask

__all__ = ["review", "Review", "DealReview", "CardReview", "CallReview", "DDView", "InfoView", "Mistake",
           "PlayerSummary", "count_decisions", "information_set", "review_deal", "review_files", "shown_voids", "DD_TRICKS", "INFO_POINTS", "INFO_TRICKS",
           "CALL_POINTS", "EXACT_LIMIT", "RENEGE"]

#: Double dummy: flag a card or discard that loses at least this many tricks against the best.
DD_TRICKS = 1
#: Information set: flag a card or discard whose expected loss reaches this many points ...
INFO_POINTS = 0.15
#: ... or this many tricks (averaged over the worlds).
INFO_TRICKS = 0.5
#: Calls: flag a call whose expected points are this far below the advisor's best call.
CALL_POINTS = 0.15
#: Use every consistent deal (exact figures) when there are at most this many.
EXACT_LIMIT = 5000
MIN_WORLDS = 10
MAX_WORLDS = 100_000
MAX_THREADS = 256

DOUBLE_DUMMY = "double-dummy"
INFORMATION_SET = "information-set"
RENEGE = "renege"
_TRICKS = 5


class _Skip(Exception):
    """A decision that cannot be analysed; the message says why."""


# ------------------------------------------------------------------------ results
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

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": str(self.seat), "decision": self.decision, "where": self.where,
                "played": self.played, "best": list(self.best),
                "tricks": None if self.tricks is None else _r(self.tricks),
                "points": None if self.points is None else _r(self.points),
                "interval": None if self.interval is None else [_r(x) for x in self.interval],
                "worlds": self.worlds, "exact": self.exact}

    def __str__(self) -> str:
        head = f"{self.where:<8} {self.seat} {self.played:<16} {self.kind:<16}"
        if self.kind == RENEGE:
            legal = f"; legal: {', '.join(self.best)}" if self.best else ""
            return f"{head} did not follow suit (not scored against legal cards){legal}"
        if self.kind == DOUBLE_DUMMY:
            cost = f"{_loss_text(self.tricks, _trick_text)}, {_points_text(-self.points)}"
        else:
            cost = _points_text(-self.points)
            if self.tricks is not None:
                cost += f", {_signed(-self.tricks)} tricks"
            cost += f" ({'exact, ' if self.exact else ''}{self.worlds} worlds)"
        return f"{head} {cost}; best: {', '.join(self.best)}"


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
    """

    values: dict
    points: dict
    before: int
    after: int
    cost: int
    points_cost: int
    best: tuple

    def to_dict(self) -> dict:
        return {"before": self.before, "after": self.after, "cost": self.cost, "points_cost": self.points_cost,
                "best": [str(c) for c in self.best],
                "cards": [{"card": str(c), "tricks": v, "points": self.points[c]} for c, v in self.values.items()]}


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
        drawn: the :class:`~solver.worlds.Worlds` used (hands at the decision, the
            deciding seat's cards included), and space the :class:`~solver.worlds.Space`
            they were drawn from (neither in :meth:`to_dict`).
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

    def to_dict(self) -> dict:
        return {"worlds": self.worlds, "exact": self.exact, "placements": self.placements,
                "best": [str(c) for c in self.best], "loss_points": _r(self.loss_points),
                "points_interval": [_r(x) for x in self.points_interval],
                "loss_tricks": _r(self.loss_tricks), "tricks_interval": [_r(x) for x in self.tricks_interval],
                "cards": [{"card": str(c), "tricks": _r(t), "points": _r(self.points[c])}
                          for c, t in self.tricks.items()],
                "notes": list(self.notes)}


@dataclass
class CardReview:
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

    @property
    def where(self) -> str:
        return "discard" if self.kind == "discard" else f"trick {self.trick}"

    def to_dict(self) -> dict:
        return {"kind": self.kind, "seat": str(self.seat), "trick": self.trick, "card": str(self.card),
                "lead": self.lead, "candidates": [str(c) for c in self.candidates], "renege": self.renege,
                "dd": None if self.dd is None else self.dd.to_dict(),
                "info": None if self.info is None else self.info.to_dict(),
                "unanalysed": list(self.unanalysed), "mistakes": [m.to_dict() for m in self.mistakes]}


@dataclass
class CallReview:
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
        worlds, exact: the advisor's worlds.
        advice: the full :class:`~solver.advisor.Advice` (``None`` when unanalysed; in
            :meth:`to_dict` as ``advice`` only with ``full=True``).
        unanalysed: why the call could not be judged; mistakes: flagged :class:`Mistake` s.
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

    @property
    def where(self) -> str:
        return f"round {self.round}"

    def to_dict(self, full: bool = False) -> dict:
        out = {"seat": str(self.seat), "round": self.round, "call": self.call, "name": self.name,
               "options": [dict(o, expected_points=_r(o["expected_points"])) for o in self.options],
               "best": self.best, "best_name": self.best_name,
               "expected_points": None if self.expected_points is None else _r(self.expected_points),
               "best_points": None if self.best_points is None else _r(self.best_points),
               "loss": None if self.loss is None else _r(self.loss),
               "loss_interval": None if self.loss_interval is None else [_r(x) for x in self.loss_interval],
               "worlds": self.worlds, "exact": self.exact,
               "unanalysed": list(self.unanalysed), "mistakes": [m.to_dict() for m in self.mistakes]}
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
        mistakes: flagged decisions by kind ``{"double-dummy": n, "information-set": n,
            "renege": n}``.
        decisions: decisions taken; unanalysed: reasons given on its decisions for views
            not computed (a renege's card gives one).
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

    def add(self, other: "PlayerSummary") -> None:
        self.dd_tricks += other.dd_tricks
        self.dd_points += other.dd_points
        self.info_points += other.info_points
        self.info_tricks += other.info_tricks
        self.call_points += other.call_points
        for k, v in other.mistakes.items():
            self.mistakes[k] = self.mistakes.get(k, 0) + v
        self.decisions += other.decisions
        self.unanalysed += other.unanalysed

    def to_dict(self) -> dict:
        return {"seat": str(self.seat), "name": self.name, "dd_tricks_lost": self.dd_tricks,
                "dd_points_lost": self.dd_points, "info_points_lost": _r(self.info_points),
                "info_tricks_lost": _r(self.info_tricks), "call_points_lost": _r(self.call_points),
                "mistakes": dict(self.mistakes), "decisions": self.decisions, "unanalysed": self.unanalysed}

    def __str__(self) -> str:
        who = f"{self.seat}" + (f" ({self.name})" if self.name else "")
        n = sum(self.mistakes.values())
        kinds = ", ".join(f"{v} {k}" for k, v in self.mistakes.items() if v)
        return (f"{who + ':':<18} double dummy {_loss_text(self.dd_tricks, _trick_text)}; information set "
                f"{_signed(-self.info_points)} points on cards, {_signed(-self.call_points)} on calls; "
                f"{n} mistake{'' if n == 1 else 's'}" + (f" ({kinds})" if kinds else ""))


@dataclass
class DealReview:
    """The review of one deal.

    Attributes:
        index, number: position in the file and ``dealNumber``; dealer, upcard.
        status: the record's status (``complete``, ``incomplete``, ``thrown_in``, ``illegal``).
        summary: one line: contract and result (as :meth:`EGNDeal.summary`).
        contract: ``{"trump", "maker", "makers", "alone", "defender_alone"}`` or ``None``;
            result: :meth:`HandResult.to_dict` or ``None``.
        calls: :class:`CallReview` s; cards: :class:`CardReview` s (the discard first, if any).
        unanalysed: deal-level notes: what could not be analysed and why.
        notes: findings of the record itself (a renege, a discard the play contradicts, ...).
        players: ``{Seat: PlayerSummary}``.
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

    @property
    def decisions(self) -> list:
        """Calls, then the discard and cards, in order."""
        return list(self.calls) + list(self.cards)

    @property
    def mistakes(self) -> list:
        return [m for d in self.decisions for m in d.mistakes]

    def to_dict(self, full: bool = False) -> dict:
        return {"index": self.index, "number": self.number, "dealer": str(self.dealer),
                "upcard": None if self.upcard is None else str(self.upcard), "status": self.status,
                "summary": self.summary, "contract": self.contract, "result": self.result,
                "calls": [c.to_dict(full) for c in self.calls], "cards": [c.to_dict() for c in self.cards],
                "mistakes": [m.to_dict() for m in self.mistakes], "unanalysed": list(self.unanalysed),
                "notes": list(self.notes),
                "players": {str(s): p.to_dict() for s, p in self.players.items()}}

    def text(self, verbose: bool = False) -> str:
        """Readable lines: the summary, flagged mistakes, what was not analysed, the players."""
        lines = [self.summary[:1].upper() + self.summary[1:]]
        for m in self.mistakes:
            lines.append(f"  {m}")
        if verbose:
            for c in self.cards:
                lines.append("  " + _card_line(c))
        for note in self.notes:
            lines.append(f"  note: {note}")
        for reason in self.unanalysed:
            lines.append(f"  not analysed: {reason}")
        for d in self.decisions:
            for reason in d.unanalysed:
                lines.append(f"  not analysed: {_decision_label(d)}: {reason}")
        for p in self.players.values():
            if p.decisions:
                lines.append(f"  {p}")
        return "\n".join(lines)


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
    """

    source: str
    title: str
    rules: Rules
    worlds: int
    seed: int
    deals: list
    names: tuple = ()
    notes: tuple = ()

    @property
    def mistakes(self) -> list:
        return [m for d in self.deals for m in d.mistakes]

    @property
    def players(self) -> dict:
        """``{Seat: PlayerSummary}`` over every deal."""
        out = {Seat(s): PlayerSummary(Seat(s), _name(self.names, s, self.rules.seats)) for s in self.rules.seats}
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
                                            "cards": [{"card", "tricks", "points"}], "notes"} | null,
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
        """
        return {
            "version": 1,
            "source": self.source,
            "title": self.title,
            "rules": self.rules.to_dict(),
            "worlds": self.worlds,
            "seed": self.seed,
            "thresholds": {"dd_tricks": DD_TRICKS, "info_points": INFO_POINTS, "info_tricks": INFO_TRICKS,
                           "call_points": CALL_POINTS, "exact_limit": EXACT_LIMIT,
                           "significance": "sampled worlds: the paired 95% interval of the loss lies above 0"},
            "method": {
                "double_dummy": "every hand known; tricks and points for the deciding side after each legal card",
                "information_set": "worlds uniform over deals consistent with the player's own hand, the cards "
                                   "played, voids shown, the upcard (with the dealer after a pickup) and the "
                                   "dealer's own discard; earlier bids not used; each world played double dummy",
                "calls": "bid advisor (solver.advise) from the caller's hand and the upcard",
            },
            "notes": list(self.notes),
            "players": {str(s): p.to_dict() for s, p in self.players.items()},
            "deals": [d.to_dict(full) for d in self.deals],
        }

    def text(self, verbose: bool = False) -> str:
        name = os.path.basename(self.source)
        title = self.title if self.title == name else f"{name}: {self.title}"
        head = f"{title} ({len(self.deals)} deal{'' if len(self.deals) == 1 else 's'}, " \
               f"{self.worlds} worlds per decision, seed {self.seed})"
        parts = [head] + [f"note: {n}" for n in self.notes] + [""]
        for d in self.deals:
            parts.append(d.text(verbose))
            parts.append("")
        parts.append("Game totals")
        for p in self.players.values():
            parts.append(f"  {p}")
        return "\n".join(parts)

    def __str__(self) -> str:
        return self.text()


# ------------------------------------------------------------------------ helpers
def _r(x: float) -> float:
    return round(float(x), 4)


def _signed(x: float) -> str:
    """``+0.25``, ``-1.50``; a figure that rounds to zero is ``0`` (never ``-0.00``)."""
    x = round(float(x), 2)
    return "0" if x == 0 else f"{x:+.2f}"


def _loss_text(n, text) -> str:
    """A loss shown as a negative figure: ``-1 trick``; none is ``0 tricks`` (never ``-0``)."""
    return text(0) if round(float(n), 2) == 0 else "-" + text(n)


def _points_text(x: float) -> str:
    if round(float(x), 2) == 0:
        return "0 points"
    if float(x).is_integer():
        return f"{int(x):+d} point{'' if abs(x) == 1 else 's'}"
    return f"{x:+.2f} points"


def _trick_text(n) -> str:
    if float(n).is_integer():
        n = int(n)
        return f"{n} trick{'' if n == 1 else 's'}"
    return f"{n:.2f} tricks"


def _name(names, seat, seats) -> str:
    """The player's name: ``names`` lists seats N E S W, or in a two-player game the seats
    in play (N S) only; a four-name list is read by seat in either game."""
    i = int(seat) if len(names) == 4 else list(seats).index(seat)
    return str(names[i]) if i < len(names) and names[i] else ""


def _decision_label(d) -> str:
    if isinstance(d, CallReview):
        return f"{d.seat}'s call ({d.name}, round {d.round})"
    if d.kind == "discard":
        return f"{d.seat}'s discard"
    return f"{d.seat}'s {d.card} (trick {d.trick})"


def _card_line(c: CardReview) -> str:
    parts = [f"{c.where:<8} {c.seat} {c.card}"]
    if c.dd is not None:
        parts.append(f"DD {c.dd.before}->{c.dd.after}" + (f" (-{c.dd.cost})" if c.dd.cost else ""))
    if c.info is not None:
        parts.append("info " + " ".join(f"{k}:{_signed(v)}" for k, v in c.info.points.items()))
    return "  ".join(parts)


def _stream(seed: int, deal: int, step: int) -> np.random.Generator:
    return np.random.default_rng(np.random.SeedSequence([seed, deal, step]))


def _int_seed(seed: int, deal: int, step: int) -> int:
    return int(np.random.SeedSequence([seed, deal, step]).generate_state(1, np.uint64)[0] % (2 ** 63))


def _points_table(rules: Rules, alone, defender_alone) -> np.ndarray:
    """Makers' points (negative: the defenders score) by the makers' total tricks 0..5."""
    return np.array([dd.makers_points(t, rules, alone is not None, defender_alone is not None)
                     for t in range(_TRICKS + 1)], dtype=np.int64)


def _call_token(action, alone: bool) -> str:
    if action.kind is Kind.PASS:
        return "pass"
    base = "order" if action.kind is Kind.ORDER else f"call {action.suit.letter}"
    return base + (" alone" if alone else "")


def _past(name: str) -> str:
    """A call's name as what was done: ``pass`` -> ``passed``, ``call hearts alone`` -> ``called hearts alone``."""
    for now, then in (("pass", "passed"), ("order up", "ordered up"), ("assist", "assisted"),
                      ("pick it up", "picked it up"), ("call ", "called ")):
        if name.startswith(now):
            return then + name[len(now):]
    return name


def _call_name(action, seat, dealer, players, alone: bool) -> str:
    if action.kind is Kind.PASS:
        return "pass"
    if action.kind is Kind.CALL:
        text = f"call {Suit(action.suit).word}"
    elif seat == dealer:
        text = "pick it up"
    elif players == 4 and seat == Seat(dealer).partner:
        text = "assist"
    else:
        text = "order up"
    return text + (" alone" if alone else "")


# ------------------------------------------------------------------------ worlds
def shown_voids(tricks, trump) -> list:
    """Per seat N E S W, the effective suits it has shown out of and not followed since.

    ``tricks`` is a sequence of ``(seats, cards)`` in play order. A seat that fails
    to follow the led suit shows a void in it; if it later plays that suit (a renege
    come to light) the void is dropped.
    """
    voids = [set(), set(), set(), set()]
    for seats, cards in tricks:
        led = effective_suit(cards[0], trump)
        for s, c in zip(seats, cards):
            suit = effective_suit(c, trump)
            voids[s].discard(suit)
            if suit != led:
                voids[s].add(led)
    return voids


def information_set(before: Hand, seat=None) -> tuple:
    """The deals a player must consider at a decision in play (or at the dealer's discard).

    Args:
        before: the :class:`~solver.game.Hand` as it stood at the decision (from
            :meth:`Hand.steps`), in the play phase or the dealer's discard.
        seat: the deciding seat (default: the seat to act).

    Returns: ``(space, notes)``: a :class:`~solver.worlds.Space` over holders
    N E S W and the kitty (a seat that sits out holds nothing; its cards count with
    the kitty), and a tuple of notes on approximations.

    Raises :class:`PositionError` when the seat's own cards are not all known in
    the record, or the constraints admit no deal.
    """
    seat = Seat(before.to_act if seat is None else seat)
    rules = before.rules
    view = before.view(seat)
    if view.hand_unknown:
        raise PositionError(f"{seat}'s own cards are not all known in the record")
    trump = view.trump
    pack = FULL_MASK if rules.joker else ALL_CARDS_MASK
    notes = []
    known = [0] * 5
    sizes = [0] * 5
    forbidden = [0] * 5
    removed = 0
    for m in view.played:
        removed |= m
    if before.phase is Phase.DISCARD:
        # the dealer's six cards; every other seat of the game holds five
        in_play = tuple(Seat(s) for s in rules.seats)
    else:
        in_play = view.seats_in_play
    for s in in_play:
        sizes[s] = view.hand_sizes[s]
    known[seat] = view.hand
    # dummy hands: both dummies are face up; out of play in tricks 1-5, the hands in tricks 6-10
    dummies = getattr(view, "dummies", (0, 0, 0, 0))
    second_set = bool(getattr(view, "dummy_phase", False))
    if any(dummies):
        for s in range(4):
            if second_set:
                if s != seat and s in in_play:
                    known[s] |= dummies[s]
            else:
                known[KITTY] |= dummies[s]
    if before.phase is Phase.PLAY:
        tricks = view.tricks[_TRICKS:] if second_set else view.tricks
        history = [(t.seats, t.cards) for t in tricks]
        if view.current:
            history.append(tuple(zip(*view.current)))
        voids = shown_voids(history, trump)
        for s in in_play:
            if s != seat:
                for v in voids[s]:
                    forbidden[s] |= suit_mask(v, trump, rules.joker)
    up = view.upcard
    if up is not None and not removed & up.mask and not view.hand & up.mask:
        d = view.dealer
        if (view.upcard_state == "dealer" and d != seat and d in in_play and not second_set
                and sizes[d] > 0 and not forbidden[d] & up.mask):
            known[d] |= up.mask
        else:
            known[KITTY] |= up.mask
    if seat == view.dealer and view.upcard_state == "dealer" and before.phase is Phase.PLAY:
        if view.discard is not None:
            if not known[KITTY] & view.discard.mask:
                known[KITTY] |= view.discard.mask
        else:
            notes.append("the record does not show the dealer's discard: its view treats that card as unseen")
    sizes[KITTY] = bin(pack & ~removed).count("1") - sum(sizes[:4])
    try:
        space = Space(known, sizes, forbidden, removed=removed, joker=rules.joker)
    except PositionError:
        # a contradiction (e.g. a renege not yet come to light): drop the voids
        forbidden = [0] * 5
        notes.append("the voids shown contradict the cards (a renege?): voids not used")
        space = Space(known, sizes, forbidden, removed=removed, joker=rules.joker)
    return space, tuple(notes)


# ------------------------------------------------------------------------ solving
class _Batch:
    """Blocks of positions solved in one :func:`solver.solve_batch` call.

    Each block is one candidate card over some worlds: hands ``(n, 4)``, the
    leader, the cards on the table (from the leader), and the tricks side 0 has
    already won in this line (the trick the card completes included).
    """

    def __init__(self, trump: int, in_play: int, players: int):
        self.trump, self.in_play, self.players = int(trump), int(in_play), players
        self.blocks = []

    def add(self, hands, leader, trick, won0) -> int:
        self.blocks.append((np.ascontiguousarray(hands, dtype=np.uint32), int(leader), tuple(int(c) for c in trick),
                            int(won0)))
        return len(self.blocks) - 1

    def solve(self, threads: int) -> list:
        """Side 0's total tricks of the hand, per block (an int array per block)."""
        if not self.blocks:
            return []
        hands = np.concatenate([b[0] for b in self.blocks])
        sizes = [b[0].shape[0] for b in self.blocks]
        leader = np.concatenate([np.full(n, b[1], np.uint8) for b, n in zip(self.blocks, sizes)])
        tlen = np.concatenate([np.full(n, len(b[2]), np.uint8) for b, n in zip(self.blocks, sizes)])
        trick = np.zeros((hands.shape[0], 3), np.uint8)
        start = 0
        for b, n in zip(self.blocks, sizes):
            if b[2]:
                trick[start:start + n, :len(b[2])] = b[2]
            start += n
        out = np.zeros(hands.shape[0], np.int64)
        live = hands.any(axis=1) | (tlen > 0)
        if live.any():
            out[live] = dd.solve_batch(hands[live], self.trump, leader[live], 0, self.in_play, self.players,
                                       threads, trick=trick[live], trick_len=tlen[live])
        res, start = [], 0
        for b, n in zip(self.blocks, sizes):
            res.append(out[start:start + n] + b[3])
            start += n
        return res


def _after_card(hands, seat, card, leader, trick, trick_seats, trump, trick_size, won0, players):
    """The position after ``seat`` plays ``card``: (hands, leader, trick, side 0's tricks won)."""
    h = hands.copy()
    h[:, seat] &= ~np.uint32(1 << int(card))
    cards = tuple(trick) + (card,)
    if len(cards) == trick_size:
        winner = (tuple(trick_seats) + (seat,))[winning_index(cards, trump)]
        return h, winner, (), won0 + (1 if side_of(winner, players) == 0 else 0)
    return h, leader, cards, won0


@dataclass
class _Context:
    """One hand's fixed facts for solving: trump, seats in play, scoring."""

    rules: Rules
    trump: int
    makers: int
    in_play: tuple
    points: np.ndarray       # makers' points by makers' tricks

    @property
    def players(self) -> int:
        return self.rules.players

    @property
    def in_play_mask(self) -> int:
        return sum(1 << s for s in self.in_play)

    def side_values(self, side0_totals, side: int):
        """(tricks, points) for ``side`` from side 0's total tricks."""
        t0 = np.asarray(side0_totals, dtype=np.int64)
        makers_tricks = t0 if self.makers == 0 else _TRICKS - t0
        pts = self.points[makers_tricks]
        mine = t0 if side == 0 else _TRICKS - t0
        return mine, (pts if side == self.makers else -pts)


def _dd_view(cands, legal, played, tricks, points, makers_side: bool) -> DDView:
    """Double-dummy figures from each candidate's side tricks and points."""
    values = {c: int(tricks[i]) for i, c in enumerate(cands)}
    pts = {c: int(points[i]) for i, c in enumerate(cands)}
    best_t = max(values[c] for c in legal)
    best_p = max(pts[c] for c in legal)
    to_makers = (lambda v: v) if makers_side else (lambda v: _TRICKS - v)
    return DDView(values, pts, to_makers(best_t), to_makers(values[played]), best_t - values[played],
                  best_p - pts[played], tuple(c for c in legal if values[c] == best_t))


def _info_view(cands, legal, played, T, P, w: Worlds, space: Space, notes) -> InfoView:
    """Information-set figures from per-world tricks ``T`` and points ``P`` (candidates x worlds)."""
    mt = T.mean(axis=1)
    mp = P.mean(axis=1)
    li = [cands.index(c) for c in legal]
    ip = cands.index(played)
    top_p = max(mp[i] for i in li)
    tied = [i for i in li if mp[i] >= top_p - 1e-12]
    top_t_in_tied = max(mt[i] for i in tied)
    best = tuple(cands[i] for i in tied if mt[i] >= top_t_in_tied - 1e-12)
    bi = cands.index(best[0])
    dp = (P[bi] - P[ip]).astype(float)
    ti = max(li, key=lambda i: mt[i])
    dt = (T[ti] - T[ip]).astype(float)
    return InfoView(len(w), w.exact, space.total, {c: float(mt[i]) for i, c in enumerate(cands)},
                    {c: float(mp[i]) for i, c in enumerate(cands)}, best, float(dp.mean()), float(dt.mean()),
                    mean_interval(dp, w.exact), mean_interval(dt, w.exact), tuple(notes), w, space)


def _flag_card(rv: CardReview) -> None:
    if rv.kind == "discard":
        label = f"discarded {rv.card}"
    else:
        label = f"{'led' if rv.lead else 'played'} {rv.card}"
    if rv.dd is not None and rv.dd.cost >= DD_TRICKS:
        rv.mistakes.append(Mistake(DOUBLE_DUMMY, rv.seat, "card" if rv.kind == "play" else "discard", rv.where,
                                   label, tuple(str(c) for c in rv.dd.best), rv.dd.cost, rv.dd.points_cost))
    if rv.info is not None:
        i = rv.info
        by_points = i.loss_points >= INFO_POINTS - 1e-9 and (i.exact or i.points_interval[0] > 0)
        by_tricks = i.loss_tricks >= INFO_TRICKS - 1e-9 and (i.exact or i.tricks_interval[0] > 0)
        if by_points or by_tricks:
            rv.mistakes.append(Mistake(INFORMATION_SET, rv.seat, "card" if rv.kind == "play" else "discard",
                                       rv.where, label, tuple(str(c) for c in i.best), i.loss_tricks,
                                       i.loss_points, None if i.exact else i.points_interval, i.worlds, i.exact))


# ------------------------------------------------------------------------ one deal
class _DealReviewer:
    def __init__(self, hand: Hand, index: int, worlds: int, seed: int, threads: int, progress):
        self.hand = hand
        self.rules = hand.rules
        self.index = index
        self.worlds, self.seed, self.threads, self.progress = worlds, seed, threads, progress
        self.ctx = None
        if hand.trump is not None:
            self.ctx = _Context(self.rules, int(hand.trump), hand.makers, hand.seats_in_play,
                                _points_table(self.rules, hand.alone, hand.defender_alone))

    def tick(self):
        if self.progress is not None:
            self.progress(1)

    # -- calls ----------------------------------------------------------------------
    def call(self, step: int, before: Hand, rec: BidMade) -> CallReview:
        h = self.hand
        alone = rec.trump is not None and h.alone is not None and h.alone == rec.seat
        alone_known = rec.trump is None or any(isinstance(r, AloneDeclared) and not r.defender
                                               for r in h.history) or self.rules.players == 2
        token = _call_token(rec.action, alone)
        out = CallReview(rec.seat, rec.round, token,
                         _call_name(rec.action, rec.seat, h.dealer, self.rules.players, alone))
        view = before.view(rec.seat)
        if view.hand_unknown:
            out.unanalysed.append(self._unknown_hand_reason(rec.seat))
            return out
        if not alone_known:
            out.unanalysed.append("the record stops before the maker said whether it went alone")
            return out
        extra = {}
        if self.rules.dummy_hands:         # both dummies are face up from the deal on
            extra["dummies"] = {"N": format_cards(h.dealt_dummy(Seat.N)), "S": format_cards(h.dealt_dummy(Seat.S))}
        try:
            adv = advise(cards_of(view.hand), h.upcard, rec.seat, h.dealer, rec.round, self.rules,
                         worlds=self.worlds, seed=_int_seed(self.seed, self.index, step), threads=self.threads,
                         exact_limit=EXACT_LIMIT, **extra)
            real = adv.option(token)
        except EuchreError as exc:
            out.unanalysed.append(f"the bid advisor cannot judge it: {exc}")
            return out
        best = adv.recommended
        if best is not real and real.expected_points >= best.expected_points - 1e-12:
            best = real                     # the call made ties the advisor's pick: name the call made
        diff = (best.world_points - real.world_points).astype(float)
        out.options = [{"call": o.call, "name": o.name, "expected_points": o.expected_points} for o in adv.options]
        out.best, out.best_name = best.call, best.name
        out.expected_points, out.best_points = real.expected_points, best.expected_points
        out.loss = float(diff.mean())
        out.loss_interval = mean_interval(diff, adv.exact)
        out.worlds, out.exact, out.advice = adv.worlds, adv.exact, adv
        if out.loss >= CALL_POINTS - 1e-9 and (adv.exact or out.loss_interval[0] > 0):
            out.mistakes.append(Mistake(INFORMATION_SET, rec.seat, "call", out.where, _past(out.name), (best.name,),
                                        None, out.loss, None if adv.exact else out.loss_interval, adv.worlds,
                                        adv.exact))
        return out

    def _unknown_hand_reason(self, seat) -> str:
        h = self.hand
        if h.alone is not None and seat == h.alone.partner:
            return f"the record does not show {seat}'s hand ({seat} sat out while {h.alone} went alone)"
        if h.defender_alone is not None and seat == h.defender_alone.partner:
            return f"the record does not show {seat}'s hand ({seat} sat out while {h.defender_alone} defended alone)"
        if seat == h.dealer and h.picked_up and h.discard is None:
            return (f"the record does not show the dealer's discard, so one of {seat}'s five dealt cards "
                    "is unknown")
        return f"the record does not show all of {seat}'s cards"

    # -- the dealer's discard ----------------------------------------------------------
    def discard(self, step: int, before: Hand, rec: Discarded) -> CardReview | None:
        h, ctx = self.hand, self.ctx
        d = rec.seat
        cands = tuple(a.card for a in before.legal_actions() if a.card is not None)
        if rec.card is None:
            return None                     # nothing to judge: reported once at deal level
        out = CardReview("discard", d, None, rec.card, cands)
        start = next((i for i, r in enumerate(h.history) if isinstance(r, CardPlayed)), None)
        if start is None:
            out.unanalysed.append("the record stops before play")
            return out
        if d not in ctx.in_play:
            out.unanalysed.append(f"{d} sat out: the discard took no part in play")
            return out
        six = before.holding(d)
        leader = int(dd.first_leader(h.dealer, self.rules, h.alone, h.defender_alone))
        at = h.at(start)
        batch = _Batch(ctx.trump, ctx.in_play_mask, ctx.players)
        dd_blocks = None
        if all(at.unknown_cards(s) == 0 for s in ctx.in_play):
            actual = np.array([[at.holding(s) if s in ctx.in_play else 0 for s in range(4)]], np.uint32)
            dd_blocks = []
            for c in cands:
                hh = actual.copy()
                hh[0, d] = six & ~c.mask
                dd_blocks.append(batch.add(hh, leader, (), 0))
        else:
            out.unanalysed.append("double dummy: the record does not show every hand in play")
        info = None
        try:
            space, notes = information_set(before, d)
            sizes = list(space.sizes)
            known = list(space.known)
            for s in range(4):
                if s not in ctx.in_play and s != d:
                    sizes[KITTY] += sizes[s]
                    sizes[s] = 0
            space = Space(known, sizes, space.forbidden, removed=space.removed, joker=self.rules.joker)
            w = space.draw(self.worlds, seed=_stream(self.seed, self.index, step), exact_limit=EXACT_LIMIT)
            info_blocks = []
            for c in cands:
                hh = w.hands.copy()
                hh[:, d] = six & ~c.mask
                info_blocks.append(batch.add(hh, leader, (), 0))
            info = (space, notes, w, info_blocks)
        except PositionError as exc:
            out.unanalysed.append(f"information set: {exc}")
        res = batch.solve(self.threads)
        side = side_of(d, self.rules.players)
        if dd_blocks is not None:
            vals = [ctx.side_values(res[b][0], side) for b in dd_blocks]
            out.dd = _dd_view(cands, cands, rec.card, [v[0] for v in vals], [v[1] for v in vals],
                              side == ctx.makers)
        if info is not None:
            space, notes, w, blocks = info
            vals = [ctx.side_values(res[b], side) for b in blocks]
            T = np.stack([v[0] for v in vals])
            P = np.stack([v[1] for v in vals])
            out.info = _info_view(cands, cands, rec.card, T, P, w, space, notes)
        _flag_card(out)
        return out

    # -- cards ------------------------------------------------------------------------
    def card(self, step: int, before: Hand, rec: CardPlayed) -> CardReview:
        ctx = self.ctx
        seat, card = rec.seat, rec.card
        trump = ctx.trump
        trick_now = before.current_trick
        trick_seats = tuple(int(s) for s, _c in trick_now)
        trick_cards = tuple(int(c) for _s, c in trick_now)
        leader = int(before.leader)
        led = trick_now[0][1] if trick_now else None
        own = before.holding(seat)
        legal = tuple(cards_of(legal_mask(own, trump, led))) if not before.unknown_cards(seat) else ()
        renege = bool(rec.renege)
        if renege:
            return self._renege(before, rec, legal)
        cands = legal + ((card,) if card not in legal else ())
        out = CardReview("play", seat, rec.trick + 1, card, legal or (card,), renege, lead=not trick_now)
        if not legal:
            out.unanalysed.append(self._unknown_hand_reason(seat) + "; its choices are unknown")
            return out
        won0 = before.tricks_won[0]
        trick_size = len(ctx.in_play)
        batch = _Batch(trump, ctx.in_play_mask, ctx.players)
        dd_blocks = None
        if all(before.unknown_cards(s) == 0 for s in ctx.in_play):
            actual = np.array([[before.holding(s) if s in ctx.in_play else 0 for s in range(4)]], np.uint32)
            dd_blocks = [batch.add(*_after_card(actual, seat, c, leader, trick_cards, trick_seats, trump,
                                                trick_size, won0, ctx.players)) for c in cands]
        else:
            out.unanalysed.append("double dummy: the record does not show every hand in play")
        info = None
        try:
            space, notes = information_set(before, seat)
            w = space.draw(self.worlds, seed=_stream(self.seed, self.index, step), exact_limit=EXACT_LIMIT)
            blocks = [batch.add(*_after_card(w.hands, seat, c, leader, trick_cards, trick_seats, trump,
                                             trick_size, won0, ctx.players)) for c in cands]
            info = (space, notes, w, blocks)
        except PositionError as exc:
            out.unanalysed.append(f"information set: {exc}")
        res = batch.solve(self.threads)
        side = side_of(seat, ctx.players)
        if dd_blocks is not None:
            vals = [ctx.side_values(res[b][0], side) for b in dd_blocks]
            out.dd = _dd_view(cands, legal, card, [v[0] for v in vals], [v[1] for v in vals], side == ctx.makers)
        if info is not None:
            space, notes, w, blocks = info
            vals = [ctx.side_values(res[b], side) for b in blocks]
            T = np.stack([v[0] for v in vals])
            P = np.stack([v[1] for v in vals])
            out.info = _info_view(cands, legal, card, T, P, w, space, notes)
        _flag_card(out)
        return out

    def _renege(self, before: Hand, rec: CardPlayed, legal: tuple) -> CardReview:
        """A card that did not follow suit: flagged as a renege, not scored against the legal cards."""
        seat, trump = rec.seat, self.ctx.trump
        led = effective_suit(before.current_trick[0][1], trump)
        held = tuple(c for c in cards_of(before.holding(seat)) if effective_suit(c, trump) == led)
        out = CardReview("play", seat, rec.trick + 1, rec.card, legal or held, True, lead=False)
        out.unanalysed.append(f"a renege ({seat} held {format_cards(held)} of the {Suit(led).word} led): an "
                              "illegal card is not scored against the legal ones (no double-dummy or "
                              "information-set figures)")
        out.mistakes.append(Mistake(RENEGE, seat, "card", out.where, f"played {rec.card}",
                                    tuple(str(c) for c in held), None, None))
        return out

    # -- the deal -----------------------------------------------------------------------
    def run(self, number: int, status: str, summary: str, problems, names, discard_doubt=None) -> DealReview:
        """``discard_doubt``: why the replay's discard is not the record's (it is then not judged)."""
        h = self.hand
        contract = None
        if h.trump is not None:
            players = self.rules.players
            contract = {"trump": str(h.trump), "maker": str(h.maker), "makers": side_name(h.makers, players),
                        "alone": None if h.alone is None else str(h.alone),
                        "defender_alone": None if h.defender_alone is None else str(h.defender_alone)}
        result = None if h.result is None else h.result.to_dict()
        out = DealReview(self.index, number, h.dealer, h.upcard, status, summary, contract, result)
        out.players = {Seat(s): PlayerSummary(Seat(s), _name(names, s, self.rules.seats)) for s in self.rules.seats}
        for p in problems:
            if p.kind == "illegal":
                out.unanalysed.append(f"the record breaks the rules ({p.message}); reviewed up to there")
            else:
                out.notes.append(p.message)
        if status == "thrown_in":
            out.unanalysed.append("thrown in: everyone passed twice, there is no play to review")
        elif status == "incomplete":
            out.unanalysed.append("the record stops before the end of the hand: cards never played are unknown")
        for step, (before, rec) in enumerate(h.steps()):
            try:
                if isinstance(rec, BidMade):
                    out.calls.append(self.call(step, before, rec))
                elif isinstance(rec, Discarded):
                    if rec.card is None:
                        if self.ctx is not None and rec.seat in self.ctx.in_play:
                            out.unanalysed.append(f"{rec.seat}'s discard: the record does not show it")
                    elif discard_doubt is not None:
                        out.unanalysed.append(f"{rec.seat}'s discard: {discard_doubt}")
                    else:
                        r = self.discard(step, before, rec)
                        if r is not None:
                            out.cards.append(r)
                elif isinstance(rec, CardPlayed):
                    out.cards.append(self.card(step, before, rec))
                elif isinstance(rec, AloneDeclared) and rec.defender:
                    out.unanalysed.append(f"{rec.seat}'s decision to defend {'alone' if rec.alone else 'with its partner'}"
                                          ": the bid advisor does not model defending alone")
                elif rec.action.kind is Kind.NAME:
                    out.unanalysed.append(f"{rec.seat} named {rec.action.suit} for the turned-up joker: not modelled")
            finally:
                if isinstance(rec, (BidMade, Discarded, CardPlayed)):
                    self.tick()
        for d in out.decisions:
            p = out.players[d.seat]
            p.decisions += 1
            p.unanalysed += len(d.unanalysed)
            for m in d.mistakes:
                p.mistakes[m.kind] = p.mistakes.get(m.kind, 0) + 1
            if isinstance(d, CallReview):
                if d.loss is not None:
                    p.call_points += max(0.0, d.loss)
            else:
                if d.dd is not None:
                    p.dd_tricks += d.dd.cost
                    p.dd_points += d.dd.points_cost
                if d.info is not None:
                    p.info_points += max(0.0, d.info.loss_points)
                    p.info_tricks += max(0.0, d.info.loss_tricks)
        return out


# ------------------------------------------------------------------------ entry points
def count_decisions(game) -> int:
    """How many decisions :func:`review` will report progress for (calls, discards, cards)."""
    hands = [d.hand for d in game.deals] if hasattr(game, "deals") else [game]
    return sum(1 for h in hands if h is not None for r in h.history
               if isinstance(r, (BidMade, Discarded, CardPlayed)))


def _resolve(game):
    from .records import DummyRecord, EGNGame, load_game
    if isinstance(game, (EGNGame, Hand, DummyRecord)):
        return game
    if isinstance(game, (str, bytes, dict, os.PathLike)):
        return load_game(game)        # EGN, or a dummy-hands record
    raise RulesError(f"game {type(game).__name__}: expected an EGN game (solver.load_egn), a dummy-hands "
                     "record, a path, EGN text or a solver.game.Hand")


def content_seed(obj) -> int:
    """The default seed for a record or question ``obj`` (JSON types): the first 8 bytes of the
    SHA-256 of its canonical JSON, ``json.dumps(obj, sort_keys=True, separators=(",", ":"),
    ensure_ascii=True)``, read as a big-endian integer and halved (0 <= seed < 2**63). Layout
    and member order do not count; any other change of content gives another seed."""
    canon = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return int.from_bytes(hashlib.sha256(canon).digest()[:8], "big") >> 1


def _default_seed(source) -> int:
    """:func:`content_seed` of a record given as a path, text, bytes or parsed JSON; a fresh
    seed for an already loaded game or hand (its record text is gone)."""
    if isinstance(source, (str, bytes, dict, os.PathLike)):
        from .records import read_source
        return content_seed(read_source(source)[1])
    return int(np.random.SeedSequence().entropy % (2 ** 63))


def _check(worlds, seed, threads, source=None) -> tuple:
    worlds = _check_int(worlds, "worlds", MIN_WORLDS, MAX_WORLDS)
    threads = _check_int(threads, "threads", 1, MAX_THREADS)
    seed = _check_int(_default_seed(source) if seed is None else seed, "seed", 0, 2 ** 63 - 1)
    return worlds, seed, threads


def review_deal(game, index: int, worlds: int = 200, seed: int = 0, threads: int = 1, progress=None) -> DealReview:
    """Review deal ``index`` of ``game`` alone (what :func:`review` does for each deal).

    The result is the same as that deal's entry in ``review(game, worlds, seed)``.
    """
    game = _resolve(game)
    worlds, seed, threads = _check(worlds, seed, threads)
    if isinstance(game, Hand):
        return _review_hand(game, worlds, seed, threads, progress)
    deal = game.deals[index]
    names = tuple(game.players)
    if deal.hand is None:
        out = DealReview(index, deal.number, deal.dealer, deal.upcard, deal.status, deal.summary(), None, None)
        out.unanalysed.append("the deal does not replay: " + "; ".join(p.message for p in deal.problems))
        return out
    return _DealReviewer(deal.hand, index, worlds, seed, threads, progress).run(
        deal.number, deal.status, deal.summary(), deal.problems, names, _discard_doubt(deal))


def _discard_doubt(deal) -> str | None:
    """Why the replay's discard is not the one the record shows, or ``None``.

    An EGN deal keeps the discard as written (``None``: not written); the replay's
    discard may be inferred (the dealer plays five cards without the upcard, so it
    discarded the upcard) or differ from the record's (the play contradicts it; the
    deal's problems say so). A dummy-hands record replays its discard as written.
    """
    h = deal.hand
    if h is None or h.discard is None or not hasattr(deal, "recorded_discard"):   # dummy records: as written
        return None
    recorded, used = deal.recorded_discard, h.discard
    if recorded is None:
        return (f"the record does not show it; the replay infers {used} ({h.dealer} plays five cards "
                f"without the upcard {used}), and an inferred discard is not judged")
    if recorded != used:
        return (f"the record says {h.dealer} discarded {recorded}, but the play shows it discarded {used} "
                f"(see the note); a discard that is not the record's is not judged")
    return None


def _game_notes(game) -> tuple:
    """The record's findings about the whole game: its problems that no deal holds (e.g. a
    ``metadata.finalScore`` the deals do not replay to), as sentences."""
    held = {id(p) for d in game.deals for p in d.problems}
    return tuple(p.message for p in getattr(game, "problems", ()) if id(p) not in held)


def _review_hand(hand: Hand, worlds, seed, threads, progress) -> DealReview:
    if hand.result is not None and hand.result.thrown_in:
        status = "thrown_in"
    elif hand.is_over:
        status = "complete"
    else:
        status = "incomplete"
    r = hand.result
    if hand.trump is None:
        summary = f"deal: {hand.dealer} dealt, upcard {hand.upcard}; " + ("thrown in" if status == "thrown_in"
                                                                          else "no contract yet")
    else:
        mk = side_name(hand.makers, hand.rules.players)
        summary = f"deal: {hand.dealer} dealt, upcard {hand.upcard}; {hand.maker} made {Suit(hand.trump).word}" \
                  + (" alone" if hand.alone is not None else "")
        if r is not None:
            summary += f": {mk} {r.makers_tricks} tricks"
    return _DealReviewer(hand, 0, worlds, seed, threads, progress).run(0, status, summary, (), ())


def review(game, worlds: int = 200, seed: int | None = None, threads: int = 1, progress=None) -> Review:
    """Review a game: every call, the dealer's discard and every card, double dummy and
    from the player's information set (see :mod:`solver.review` for the method).

    Args:
        game: an :class:`~solver.egn.EGNGame`, anything :func:`~solver.egn.load_egn`
            reads (a path, EGN text, a parsed dict), or one :class:`~solver.game.Hand`.
        worlds: worlds per decision (10..100,000); decisions with at most
            :data:`EXACT_LIMIT` consistent deals use every one (exact).
        seed: int seed (``None``: :func:`content_seed` of the record when ``game`` is a
            path, text or parsed JSON, else a fresh one; recorded in :attr:`Review.seed`);
            the same seed gives the same review.
        threads: threads for the double-dummy solving (the GIL is released).
        progress: a callable given ``1`` after each decision (a call, a discard or a
            card), e.g. ``tqdm(total=count_decisions(game)).update``.

    Returns: a :class:`Review`.

    Raises :class:`~solver.EuchreError`: a record that does not load
    (:func:`~solver.egn.load_egn`), worlds, seed or threads out of range.
    """
    source, game = game, _resolve(game)
    worlds, seed, threads = _check(worlds, seed, threads, source)
    if isinstance(game, Hand):
        deal = _review_hand(game, worlds, seed, threads, progress)
        return Review("<hand>", "one hand", game.rules, worlds, seed, [deal])
    deals = [review_deal(game, i, worlds, seed, threads, progress) for i in range(len(game.deals))]
    title = game.metadata.get("title") or os.path.basename(str(game.source))
    return Review(str(game.source), title, game.rules, worlds, seed, deals, tuple(game.players), _game_notes(game))


# ------------------------------------------------------------------------ several files, several processes
_WORKER_GAMES: dict = {}


def _light(deal: DealReview) -> DealReview:
    """The deal review without the drawn worlds and advisor objects (cheap to send between processes)."""
    for c in deal.cards:
        if c.info is not None:
            c.info = replace(c.info, drawn=None, space=None)
    for c in deal.calls:
        c.advice = None
    return deal


def _work(path: str, index: int, worlds: int, seed: int, threads: int) -> tuple:
    game = _WORKER_GAMES.get(path)
    if game is None:
        game = _WORKER_GAMES[path] = _resolve(path)
    deal = review_deal(game, index, worlds, seed, threads)
    return _light(deal), count_decisions(game.deals[index].hand) if game.deals[index].hand is not None else 0


def review_files(paths, worlds: int = 200, seed: int | None = None, jobs: int = 1, threads: int = 1,
                 progress=None) -> list:
    """Review several EGN files: one :class:`Review` per path, in order.

    Every file is loaded (and checked) before any review starts, so a bad file
    fails fast. With ``jobs`` > 1 the deals of all the files are shared among
    that many worker processes; the result is the same as with ``jobs=1`` (each
    decision has its own seed stream), except that the drawn worlds and the
    advisors' full answers are not kept (:attr:`InfoView.drawn`,
    :attr:`CallReview.advice` are ``None``). ``progress`` is called with the
    number of decisions done (per decision with one job, per deal with several).
    Without ``seed`` each file is reviewed with :func:`content_seed` of its record.
    """
    worlds, _, threads = _check(worlds, 0, threads)
    jobs = _check_int(jobs, "jobs", 1, MAX_THREADS)
    paths = [os.fspath(p) for p in paths]
    games = [_resolve(p) for p in paths]
    seeds = [_check(worlds, seed, threads, p)[1] for p in paths]
    if jobs == 1:
        return [review(g, worlds, s, threads, progress) for g, s in zip(games, seeds)]
    from concurrent.futures import ProcessPoolExecutor
    deals = [[None] * len(g.deals) for g in games]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_work, path, i, worlds, seeds[f], threads): (f, i)
                   for f, (path, g) in enumerate(zip(paths, games)) for i in range(len(g.deals))}
        from concurrent.futures import as_completed
        for fut in as_completed(futures):
            f, i = futures[fut]
            deals[f][i], done = fut.result()
            if progress is not None:
                progress(done)
    out = []
    for path, g, ds, s in zip(paths, games, deals, seeds):
        title = g.metadata.get("title") or os.path.basename(path)
        out.append(Review(str(g.source), title, g.rules, worlds, s, ds, tuple(g.players), _game_notes(g)))
    return out
