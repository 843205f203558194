"""The lead table: for the seat to lead a trick, how often each legal lead sets the makers or lets them march.

Bridge players judge an opening lead by a lead table: over many deals consistent with the auction, how
often each lead beats the contract. This is the euchre one. The seat on lead (the opening leader, or any
seat that won the last trick) sees its own hand, the upcard, the calls and the tricks so far; the unseen
cards are dealt over worlds exactly as for play advice (:func:`solver.advise_play`: the same worlds, drawn by
:func:`solver.sample_worlds` with the auction's inference, or every consistent deal when they are few), and
each legal lead is valued in every world by the play advice's own machinery
(:func:`~solver.advisor.play.card_worlds`: the same valuation options, single dummy by default, and the same
seeds). Per lead:

* ``p_set``: the chance that the makers take fewer than 3 tricks (are euchred), whichever side leads;
* ``p_march``: the chance that the makers take all 5 (a march), whichever side leads;
* ``expected_points``: the mean points of the hand for the leader's side (negative when the other side
  scores), and ``expected_tricks`` the leader's side's tricks;

each with a 95% interval (Wilson's for the chances, Student's t for the means, at the effective number of
worlds; a point when every world was enumerated; :mod:`solver.stats`). The best lead is the play advice's
recommended card (best expected points, ties by expected tricks), so ``lead_table(view).best ==
advise_play(view).best`` for the same arguments; ``margin`` is its paired lead over the next best lead.

A lead from a defender's seat is usually judged by ``p_set`` and a lead from a maker's seat by
``p_march``; the points weigh both (a set is worth 2, a march 2 or 4 alone, a make 1).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from ..cards import Card, Seat, Suit, format_cards, trump_of
from ..errors import IllegalActionError
from ..game.actions import Phase
from ..game.view import SeatView
from ..laws import MAKE_TRICKS, TRICKS
from .method import check_reads, method_of_keywords, old_form
from .play import PLAY_WORLDS, PlayAdvice, card_worlds, coerce_view, play_advice, written
from .valuation import INNER_WORLDS, assumption, check_not_bid_only, parse_valuation

__all__ = ["LeadRow", "LeadTable", "lead_table", "check_on_lead"]


@dataclass(frozen=True)
class LeadRow:
    """One legal lead's figures over the worlds (see ``solver.advisor.lead``); intervals are 95% ``(low, high)``.

    Attributes:
        card: the lead (:class:`Card`).
        p_set, set_interval: the chance that the makers are euchred (take 0-2 tricks).
        p_march, march_interval: the chance that the makers take all 5 tricks.
        expected_points, points_interval: the hand's mean points for the leader's side (points).
        expected_tricks, tricks_interval: the leader's side's mean tricks in the hand (tricks).
        grade: the lead's grade against the best lead (``solver.grades``, by its paired loss in points).
    """

    card: Card
    p_set: float
    set_interval: tuple
    p_march: float
    march_interval: tuple
    expected_points: float
    points_interval: tuple
    expected_tricks: float
    tricks_interval: tuple
    grade: str | None = None

    def to_dict(self) -> dict:
        return written({"card": str(self.card), "p_set": self.p_set, "set_interval": list(self.set_interval),
                        "p_march": self.p_march, "march_interval": list(self.march_interval),
                        "expected_points": self.expected_points, "points_interval": list(self.points_interval),
                        "expected_tricks": self.expected_tricks, "tricks_interval": list(self.tricks_interval),
                        "grade": self.grade})


@dataclass(frozen=True)
class LeadTable:
    """The lead table of the seat to lead a trick (:func:`lead_table`).

    Attributes:
        seat: the seat on lead; ``side`` its side's name; ``makers``: its side made trump.
        trump: :class:`Suit`; ``maker``: the seat that made it; ``alone``, ``defender_alone``: seats or ``None``.
        hand: bitmask of the leader's cards; ``trick``: the number of the trick to lead (1 the opening lead);
        tricks_won: the leader's side's tricks so far.
        rows: a :class:`LeadRow` per legal lead, in card order.
        best: the best lead (:class:`Card`; the play advice's recommended card); ``equal``: every lead as good
            on every count (``best`` first); ``runner_up``, ``margin``, ``margin_interval``: the best lead not
            in ``equal``, and ``best``'s paired lead over it in points with its 95% interval (``None`` with one
            legal lead).
        worlds, effective_worlds, exact, total, method, model, seed, notes, valuation, inner_worlds: as
            :class:`~solver.advisor.play.PlayAdvice` says.
        advice: the :class:`~solver.advisor.play.PlayAdvice` of the same worlds (not in :meth:`to_dict`).
    """

    seat: Seat
    side: str
    makers: bool
    trump: Suit
    maker: Seat | None
    alone: Seat | None
    defender_alone: Seat | None
    hand: int
    trick: int
    tricks_won: int
    rows: tuple
    best: Card
    equal: tuple
    runner_up: Card | None
    margin: float | None
    margin_interval: tuple | None
    worlds: int
    effective_worlds: float
    exact: bool
    total: int
    method: str
    model: str | None
    seed: int | None
    notes: tuple
    valuation: str
    inner_worlds: int
    advice: PlayAdvice | None = field(default=None, repr=False, compare=False)

    def __getitem__(self, card) -> LeadRow:
        """The row of one lead (a :class:`Card` or its text, ``table["Ac"]``); ``KeyError`` when not legal."""
        c = card if isinstance(card, Card) else Card.parse(card)
        for r in self.rows:
            if r.card == c:
                return r
        raise KeyError(f"{c} is not a legal lead of {self.seat} here")

    @property
    def valuation_text(self) -> str:
        """In words, how each world's play after the lead was valued."""
        return assumption(self.valuation, self.inner_worlds)

    def to_dict(self) -> dict:
        """A JSON-ready object (every figure rounded to ``WRITTEN_PLACES`` places,
        ``None`` for an unbounded interval end); what ``euchre lead --json`` and ``POST /v1/lead`` return."""
        return written({
            "seat": self.seat.name, "side": self.side, "makers": self.makers, "trump": trump_of(self.trump).letter,
            "maker": None if self.maker is None else self.maker.name,
            "alone": None if self.alone is None else self.alone.name,
            "defender_alone": None if self.defender_alone is None else self.defender_alone.name,
            "hand": format_cards(self.hand), "trick": self.trick, "tricks_won": self.tricks_won,
            "leads": [r.to_dict() for r in self.rows], "best": str(self.best),
            "equal": [str(c) for c in self.equal],
            "runner_up": None if self.runner_up is None else str(self.runner_up), "margin": self.margin,
            "margin_interval": None if self.margin_interval is None else list(self.margin_interval),
            "worlds": self.worlds, "effective_worlds": self.effective_worlds, "exact": self.exact,
            "total": self.total, "method": self.method, "model": self.model, "seed": self.seed,
            "valuation": self.valuation, "play": self.valuation_text, "notes": list(self.notes)})

    def __str__(self) -> str:
        from ..render import lead_table_text
        return lead_table_text(self)


def check_on_lead(view: SeatView) -> None:
    """Raises :class:`~solver.errors.IllegalActionError` unless ``view``'s seat is to lead a trick, naming the
    seat and who is on lead (or who led the trick under way)."""
    seat = view.seat
    if view.phase is not Phase.PLAY:
        why = "the hand is over" if view.phase is Phase.DONE else f"the hand is in the {view.phase} phase"
        raise IllegalActionError(f"{seat} is not on lead: {why}; a lead table needs the play of the tricks")
    if view.current:
        raise IllegalActionError(f"{seat} is not on lead: {view.leader} led trick {len(view.tricks) + 1} "
                                 f"({view.current[0][1]}) and {view.to_act} is to play; a lead table is for the "
                                 "seat to lead a trick")
    if view.to_act != seat:
        raise IllegalActionError(f"{seat} is not on lead: {view.to_act} is on lead to trick {len(view.tricks) + 1}")


#: The members of a :class:`~solver.Method` that :func:`lead_table` also takes as keywords (the deprecated form
#: before the method was one value), with the default of each in that form.
LEAD_KEYWORDS = {"worlds": PLAY_WORLDS, "seed": None, "inference": True, "model": None, "threads": 1,
                 "valuation": None, "inner_worlds": INNER_WORLDS, "play_model": None}


def lead_table(view=None, method=None, **keywords) -> LeadTable:
    """The lead table of the seat to lead a trick: each legal lead's chance of setting the makers and of a
    march, and the mean points for the leader's side, with 95% intervals (see ``solver.advisor.lead``).

    Args:
        view: a :class:`~solver.game.SeatView` (``Hand.view(seat)``, :func:`solver.seat_view`) or a dict of its
            keys; or the keys of :func:`solver.seat_view` as keyword arguments (``seat``, ``hand``, ``dealer``,
            ``upcard``, ``calls``, ``alone``, ``tricks``, ...).
        method: a :class:`~solver.Method` (or a dict of its members; ``None``: every default, 500
            worlds): its worlds, seed, threads, inference, model, play_model, valuation and inner_worlds are read
            (``solver.advisor.method.READS``); another member given is refused by name.

    Deprecated for one release, with a :class:`DeprecationWarning`: the keyword form before ``(view, method)``, the
    view's keys and the method's members (``LEAD_KEYWORDS``) as keywords:

    Args:
        worlds, seed, inference, model, threads, valuation, inner_worlds, play_model: as :func:`solver.advise_play`'s
            (the same worlds and valuation for the same seed; ``None``: the same seed as the play advice of the view).

    Returns :class:`LeadTable`.

    Raises :class:`~solver.errors.IllegalActionError` when the view's seat is not on lead (the message names
    it and who is on lead); :class:`~solver.errors.EuchreError` for a bad view or argument, as
    :func:`solver.advise_play`.

    >>> from solver import Method, seat_view
    >>> view = seat_view(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h")
    >>> t = lead_table(view, Method(worlds=100, seed=1))
    >>> t.trick, t.makers, len(t.rows), t.best == t.advice.best
    (1, False, 5, True)
    """
    members = {name: value for name, value in keywords.items() if name in LEAD_KEYWORDS}
    method = check_reads(method_of_keywords(method, "lead_table", members, LEAD_KEYWORDS), "lead_table")
    old_form("lead_table", keywords, LEAD_KEYWORDS)          # after the refusals: a refused call does not warn
    view = coerce_view(view, {k: v for k, v in keywords.items() if k not in LEAD_KEYWORDS}, "lead_table")
    check_on_lead(view)
    # a table of every lead at hundreds of worlds: the rollout is for one card question (advise_play)
    check_not_bid_only(parse_valuation(method.valuation, view.rules), "the lead table")
    cw = card_worlds(view, method)
    advice = play_advice(cw)
    rows = []
    for i, a in enumerate(advice.cards):
        p_set, set_iv = cw.makers_chance(i, 0, MAKE_TRICKS - 1)
        p_march, march_iv = cw.makers_chance(i, TRICKS)
        rows.append(LeadRow(a.card, p_set, set_iv, p_march, march_iv, a.expected_points, a.points_interval,
                            a.expected_tricks, a.tricks_interval, a.grade))
    return LeadTable(advice.seat, advice.side, advice.makers, advice.trump, view.maker, view.alone,
                     view.defender_alone, advice.hand, len(view.tricks) + 1, advice.tricks_won, tuple(rows),
                     advice.best, advice.equal, advice.runner_up, advice.margin, advice.margin_interval,
                     advice.worlds, advice.effective_worlds, advice.exact, advice.total, advice.method, advice.model,
                     advice.seed, advice.notes, advice.valuation, advice.inner_worlds, advice)
