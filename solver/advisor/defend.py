"""Defend-alone advice: against a loner, should this defender defend alone (``Rules.defend_alone``)?

EGN's ``defend_alone`` rule: when the maker goes alone, one defender may also play
alone, its partner laying its hand down; a lone defender who euchres the loner scores
``Rules.lone_defender_score`` (4) instead of ``loner_euchred_score`` (2), and the lead
goes by :func:`solver.laws.first_leader` with both partners out. The defenders are
asked in turn from the dealer's left (:mod:`solver.game.hand`).

The defender sees its own hand, the upcard and the calls (a :class:`~solver.game.SeatView`
at the decision: ``Hand.view(seat)`` in the ``DEFEND_ALONE`` phase, or a view of the hand
before its first card). The unseen cards are dealt over worlds by
:func:`solver.sample_worlds` (auction-aware unless ``inference=False``), and in every world
both choices are played out **double dummy** (:func:`solver.solve_batch`): with partner
(the loner against two defenders) and alone (the loner against this seat). Per choice:
the expected points for the defenders' side, the chance of euchring the loner and of the
loner's march, each with a 95% interval (weighted mean with Student's t at the effective
number of worlds; Wilson's for the chances), and the recommendation (ties: with partner)
with its paired margin.

Two simplifications, stated: the other defender, when it is still to be asked after a
"with partner", is taken to defend with its partner too (its own choice is not
modelled); and play is double dummy in each world, which flatters the defenders against
a loner (``benchmarks/studies/flattery.py``: about 0.2 points a deal), for both choices.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..cards import Seat, Suit, format_cards, trump_of
from ..dd import solve_batch
from ..capabilities import check_covers
from ..errors import IllegalActionError
from ..game.actions import Phase
from ..game.view import SeatView
from ..inference import sample_worlds
from ..seeds import view_seed
from ..laws import MAKE_TRICKS, TRICKS, first_leader, makers_points, seats_mask, side_of
from ..stats import chance, finite, weighted_mean_interval, wilson
from .method import check_reads, method_of_keywords, old_form
from .play import PLAY_WORLDS, coerce_view

__all__ = ["DefendAdvice", "DefendOption", "advise_defend", "DEFEND_CHOICES"]

DEFEND_CHOICES = ("defend partner", "defend alone")     # the rules engine's words, in the tie order


@dataclass(frozen=True)
class DefendOption:
    """One choice's figures over the worlds, for the defenders' side.

    ``expected_points``: the defenders' side's points minus the loner's side's, per hand (points);
    ``p_euchre``: the loner takes fewer than 3 tricks; ``p_march``: it takes all 5; intervals 95%
    ``(low, high)``; ``outcomes``: the defenders' points in the hand -> their (weighted) chance.
    """

    choice: str
    expected_points: float
    points_interval: tuple
    p_euchre: float
    euchre_interval: tuple
    p_march: float
    march_interval: tuple
    outcomes: dict

    @property
    def alone(self) -> bool:
        return self.choice == "defend alone"

    def to_dict(self) -> dict:
        # an interval over fewer than two effective worlds is open (inf): null in JSON
        return finite({"choice": self.choice, "alone": self.alone, "expected_points": self.expected_points,
                       "points_interval": list(self.points_interval), "p_euchre": self.p_euchre,
                       "euchre_interval": list(self.euchre_interval), "p_march": self.p_march,
                       "march_interval": list(self.march_interval),
                       "outcomes": {str(k): v for k, v in sorted(self.outcomes.items())}})


@dataclass(frozen=True)
class DefendAdvice:
    """The defend-alone advice for one defender (:func:`advise_defend`).

    Attributes:
        seat: the defender; ``loner``: the maker going alone; ``trump``: the trump suit.
        options: the two :class:`DefendOption` s, with partner first.
        best: the recommended choice (``"defend partner"`` or ``"defend alone"``; ties: with partner);
            ``margin``: its lead in expected points over the other, ``margin_interval`` the 95% paired
            interval (both choices are played on the same worlds).
        worlds, effective_worlds, exact, method, model, seed, notes: how the worlds were drawn
            (:class:`~solver.inference.ViewWorlds`); ``inference``: the evidence asked for
            (``solver.inference.INFERENCE``, as :class:`~solver.advisor.play.PlayAdvice` records it; before the
            first card ``"play"`` weighs no card and ``"both"`` only the calls).
    """

    seat: Seat
    loner: Seat
    trump: object
    hand: int
    options: tuple
    best: str
    margin: float
    margin_interval: tuple
    worlds: int
    effective_worlds: float
    exact: bool
    method: str
    model: str | None
    seed: int | None
    notes: tuple = ()
    view: SeatView | None = field(default=None, repr=False, compare=False)
    inference: str = "auction"

    def option(self, choice: str) -> DefendOption:
        """The figures of ``"defend partner"`` or ``"defend alone"``; raises :class:`KeyError` otherwise."""
        for o in self.options:
            if o.choice == choice:
                return o
        raise KeyError(f"{choice!r}: the choices are {', '.join(DEFEND_CHOICES)}")

    def to_dict(self) -> dict:
        return {"seat": self.seat.name, "loner": self.loner.name, "trump": str(self.trump),
                "hand": format_cards(self.hand), "options": [o.to_dict() for o in self.options],
                "best": self.best, "margin": self.margin, "margin_interval": finite(list(self.margin_interval)),
                "worlds": self.worlds, "effective_worlds": self.effective_worlds, "exact": self.exact,
                "method": self.method, "model": self.model, "seed": self.seed, "inference": self.inference,
                "play": "double dummy within each world (optimistic: everyone sees all cards)",
                "notes": list(self.notes)}

    def __str__(self) -> str:
        contract = "no trump" if self.trump == 4 else f"{trump_of(self.trump).word} trump"
        weighed = f" ({self.model})" if self.model and self.inference in ("auction", "both") else ""
        lines = [f"{self.seat} defends against {self.loner} alone ({contract}); "
                 f"{self.worlds} worlds{' (exact)' if self.exact else ''}, inference {self.inference}{weighed}",
                 "choice           points   P(euchre)  P(march)"]
        for o in self.options:
            star = " *" if o.choice == self.best else ""
            lines.append(f"{o.choice:<15} {o.expected_points:+7.3f}   {o.p_euchre:8.3f}  {o.p_march:8.3f}{star}")
        lo, hi = self.margin_interval
        lines.append(f"recommended: {self.best} (by {self.margin:.3f} points, 95% {lo:+.3f} to {hi:+.3f})")
        return "\n".join(lines)


#: The members of a :class:`~solver.Method` that :func:`advise_defend` also takes as keywords (the deprecated form
#: before the method was one value), with the default of each in that form.
DEFEND_KEYWORDS = {"worlds": PLAY_WORLDS, "seed": None, "inference": True, "model": None, "threads": 1}


def advise_defend(view=None, method=None, **keywords) -> DefendAdvice:
    """Whether a defender should defend alone against a loner (see ``solver.advisor.defend``).

    Args:
        view: the defender's :class:`~solver.game.SeatView` at the decision (``Hand.view(seat)`` in the
            ``DEFEND_ALONE`` phase), or before any card is played against the loner; or a dict of its
            keys, or the keys of :func:`solver.seat_view` as keyword arguments (``seat``, ``hand``,
            ``dealer``, ``upcard``, ``calls``, ``alone=True``, ``rules={"defend_alone": True}``).
        method: a :class:`~solver.Method` (or a dict of its members; ``None``: every default, 500
            worlds): its worlds, seed, inference, model and threads are read (``solver.advisor.method.READS``);
            another member given is refused by name.

    Deprecated for one release, with a :class:`DeprecationWarning`: the keyword form before ``(view, method)``, the
    view's keys and the method's members (``DEFEND_KEYWORDS``) as keywords:

    Args:
        worlds: worlds to draw, ``MIN_WORLDS``..:data:`~solver.bounds.MAX_WORLDS`; seed: int or ``None``: derived from
            the view (``solver.seeds.view_seed()``, as at the CLI and HTTP doors; recorded); inference, model: as
            :func:`solver.advise_play` (``solver.inference.INFERENCE``: the decision comes before the first card,
            so ``"play"`` weighs no card and is uniform worlds, ``"both"`` the auction's); threads: 1..MAX_THREADS.

    Returns :class:`DefendAdvice`.

    Raises :class:`~solver.errors.RulesError` when the rules do not have ``defend_alone``,
    :class:`~solver.errors.IllegalActionError` when the view is not a defender's against a loner
    before the first card (or, at the decision, not this seat's turn, or a defender already
    defends alone), :class:`~solver.errors.EuchreError` for a bad view or bound.
    """
    members = {name: value for name, value in keywords.items() if name in DEFEND_KEYWORDS}
    method = check_reads(method_of_keywords(method, "advise_defend", members, DEFEND_KEYWORDS), "advise_defend")
    old_form("advise_defend", keywords, DEFEND_KEYWORDS)          # after the refusals: a refused call does not warn
    view = coerce_view(view, {k: v for k, v in keywords.items() if k not in DEFEND_KEYWORDS}, "advise_defend")
    worlds, threads = method.worlds_or(PLAY_WORLDS), method.threads
    rules, seat = view.rules, Seat(view.seat)
    check_covers("advise_defend", rules)
    if view.alone is None:
        raise IllegalActionError(f"{seat}'s view: nobody goes alone; defending alone is an answer to a loner")
    loner = Seat(view.alone)
    if seat == loner:
        raise IllegalActionError(f"seat {seat}: {seat} is the loner, not a defender")
    if side_of(seat) == side_of(loner):
        raise IllegalActionError(f"{seat}'s view: {seat} is the loner {loner}'s partner, not a defender")
    if view.defender_alone is not None:
        raise IllegalActionError(f"{seat}'s view: {view.defender_alone} already defends alone")
    if view.phase is Phase.DEFEND_ALONE:
        if view.to_act != seat:
            raise IllegalActionError(f"{seat}'s view: it is {view.to_act}'s turn to say whether it defends alone")
    elif view.phase is not Phase.PLAY or any(view.played) or view.current:
        raise IllegalActionError(f"{seat}'s view: the defenders decide before the first card against the loner")
    trump, makers = int(view.trump), side_of(loner)
    seed = view_seed(view) if method.seed is None else method.seed
    w = sample_worlds(view, worlds=worlds, seed=seed, inference=method.inference, model=method.model)
    hands = np.array(w.hands, dtype=np.uint32)
    wn = w.weights / w.weights.sum()
    exact = bool(w.exact)
    per_choice = []
    for lone_defender in (None, seat):
        out = [loner.partner] + ([seat.partner] if lone_defender is not None else [])
        rows = hands.copy()
        for s in out:
            rows[:, int(s)] = 0
        leader = int(first_leader(view.dealer, rules, alone=loner, defender_alone=lone_defender))
        tricks = solve_batch(rows, trump, leader, makers=makers, threads=threads,
                             in_play=seats_mask(4, loner, lone_defender))
        table = np.array([-makers_points(t, rules, True, lone_defender is not None) for t in range(TRICKS + 1)])
        per_choice.append((tricks.astype(int), table[tricks.astype(int)]))
    options = []
    for choice, (tricks, pts) in zip(DEFEND_CHOICES, per_choice):
        ep, pi, ess = weighted_mean_interval(pts.astype(float), wn, exact)
        euchre, march = tricks < MAKE_TRICKS, tricks >= TRICKS
        pe, pm = chance(wn[euchre].sum()), chance(wn[march].sum())
        options.append(DefendOption(choice, float(ep), pi, pe, (pe, pe) if exact else wilson(pe * ess, ess),
                                    pm, (pm, pm) if exact else wilson(pm * ess, ess),
                                    {int(v): chance(wn[pts == v].sum()) for v in np.unique(pts)}))
    alone_better = options[1].expected_points > options[0].expected_points + 1e-9
    best, other = (1, 0) if alone_better else (0, 1)
    margin, margin_iv, _ess = weighted_mean_interval((per_choice[best][1] - per_choice[other][1]).astype(float),
                                                     wn, exact)
    notes = tuple(w.notes)
    defenders = [s for s in (Seat((int(view.dealer) + k) % 4) for k in (1, 2, 3, 4)) if side_of(s) != makers]
    if defenders[0] == seat:
        notes += (f"{seat.partner} is asked next; 'defend partner' assumes it defends with its partner too",)
    return DefendAdvice(seat, loner, view.trump, int(view.hand), tuple(options), DEFEND_CHOICES[best], float(margin),
                        margin_iv, len(w), float(w.ess), exact, w.method, w.model, w.seed, notes, view,
                        inference=method.inference)
