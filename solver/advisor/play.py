"""Play advice: which card to play now, from what the seat can see (:func:`advise_play`).

The seat to play sees its own hand, the upcard, the calls and the cards played so far
(a :class:`~solver.game.SeatView`). The unseen cards are dealt over many worlds by
:func:`solver.sample_worlds` (auction-aware: every call by another seat weighs a world by
its chance under the bidding model; ``inference=False`` for uniform worlds), or every
consistent deal is enumerated when they are few (late in a hand: the figures are then
exact). Every legal card is played in every world, and the rest of the hand is solved
*double dummy* (:func:`solver.solve_batch`, the trick in progress included); the tricks
already won are added, giving the seat's side's total tricks and the hand's points
(:func:`solver.laws.makers_points`, with the loner and a lone defender of the view).

Per card: ``expected_tricks`` and ``expected_points`` for the seat's side, ``p_make`` (the
makers take 3 or more; whichever side the seat is on), ``p_euchred`` (the makers take fewer
than 3) and, when the seat is a maker, ``p_march`` (the makers take all 5), each with a 95%
interval. Weighted worlds: the figures are weighted means and the intervals use the
effective number of worlds ``n = (sum w)^2 / sum w^2`` (Student's t with ``n - 1`` degrees of
freedom on the weighted variance, Wilson's for the chances at ``n``); with unit weights these
are the textbook intervals, and exact worlds give a point interval. The recommendation is
the card with the best expected points, ties broken by expected tricks; ``margin`` is its
lead in expected points over the next best card, with a paired interval (every card is
played on the same worlds, so the interval is that of the per-world difference).

**With a score** (``score={"NS": 8, "EW": 6}``, the game's score before this hand) every card
also gets ``p_win_game``: in each world the hand's points go to a side, then
:func:`solver.p_win_after` gives the chance that the seat's side wins the game from the new
score, the next hand dealt by the dealer's left (a side at the target has won); the weighted
mean over the worlds, with its t interval as for the points (clipped to 0..1). The
recommendation and the margin are then by ``p_win_game`` (ties by expected points, then
tricks): a trick that decides the game is worth more than its points. Without a score
nothing changes.

**This first version plays double dummy within each world**: after the card advised on,
every seat plays as if all the hands were face up. That flatters the side that would need
to guess (nobody ever misguesses a finesse or a discard), and it can prefer a card whose
gain rests on knowing where the cards are. Compare the cards with each other rather than
reading one figure as the chance at a real table. How much it flatters, measured by
``benchmarks/studies/flattery.py`` (2,000 random deals, every seat playing by this function at 100
worlds; the figures with their intervals are in the README): the double-dummy value of a contract
stands about 0.05 points a deal above what the makers then win (0.08 with a partner), and about
0.2 below it against a loner, whose two defenders double dummy credits with seeing each other.

**Dummy hands** (``Rules(players=2, dummy_hands=True)``): the view holds both face-up dummies
(``seat_view(..., dummies="N:... S:...")`` or ``Hand.view``). In tricks 1-5 the unseen cards are the
opponent's personal hand and the kitty's face-down cards (eight to ten, so every world is enumerated:
exact); in tricks 6-10 every card is in sight and the one world is the deal itself. The figures are for
the set of five under way, scored as a hand (the dummies' set is played and scored apart, the
non-dealer leading it, so no card of the first set changes it). The worlds are uniform there: the
bidding model was derived without dummies and does not read them, so it cannot say what a call
with both dummies face up tells (see :func:`solver.sample_worlds`).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from ..cards import Card, Seat, Suit, cards_of, format_cards, trump_of
from ..errors import ArgumentError, IllegalActionError, quoted
from ..examples import card_examples
from ..grades import Grade, grade_of
from ..game.actions import Phase
from ..game.seat import seat_view, view_from_dict
from ..game.view import BUILD_KEYS, SeatView
from ..inference import ViewWorlds, sample_worlds
from ..seeds import view_seed
from ..laws import MAKE_TRICKS, TRICKS, legal_mask, makers_points, side_name, side_of, trick_seats as play_order
from ..dd_batch import Batch, Context, after_card
from ..stats import chance, weighted_mean_interval, wilson
from .game_odds import win_values
from .reading import what_the_cards_told
from .single_dummy import clip_tricks, default_model, sure_tricks
from .method import Method, check_reads, method_of_keywords, old_form
from .valuation import INNER_WORLDS, ROLLOUT_AGENT_WORLDS, assumption, check_inner_worlds, parse_valuation, roller, valuation_strategy

__all__ = ["CardAdvice", "PlayAdvice", "advise_play", "PLAY_KEYWORDS", "CardWorlds", "card_worlds", "play_advice", "coerce_view",
           "written", "WRITTEN_PLACES", "PLAY_WORLDS"]


def _weighted_mean(values: np.ndarray, w: np.ndarray, ess: float, exact: bool) -> tuple:
    """``(mean, (low, high))`` of ``values`` under the normalised weights ``w`` (:func:`weighted_mean_interval`)."""
    mean, interval, _ess = weighted_mean_interval(values, w, exact)
    return mean, interval


def _weighted_chance(hit: np.ndarray, w: np.ndarray, ess: float, exact: bool) -> tuple:
    """``(p, (low, high))``: the weighted chance of ``hit`` and its Wilson interval at ``ess`` worlds."""
    p = chance(w[hit].sum())
    if exact:
        return p, (p, p)
    if not hit.any():
        return 0.0, wilson(0, ess)
    if hit.all():
        return 1.0, wilson(ess, ess)
    return p, wilson(p * ess, ess)


def _weighted_share(q: np.ndarray, w: np.ndarray, ess: float, exact: bool) -> tuple:
    """``(p, (low, high))``: the weighted mean of per-world chances ``q`` and its Wilson interval at ``ess``
    worlds (single dummy: each world's chance of the event under the fitted table)."""
    p = chance(w @ q)
    if exact:
        return p, (p, p)
    return p, wilson(p * ess, ess)


@dataclass(frozen=True)
class CardAdvice:
    """One legal card's figures over the worlds, for the seat's side (see ``solver.advisor.play``).

    ``p_march`` and ``march_interval`` are ``None`` when the seat defends. Intervals are 95% ``(low, high)``.
    ``outcomes`` maps the side's points in the hand to their (weighted) chance.
    ``p_win_game`` and ``win_interval``: advising with a score, the chance that the seat's side
    wins the game after this hand and its 95% interval; else ``None`` (and not in :meth:`to_dict`).
    ``grading``: the card's :class:`~solver.grades.Grade` against the recommended card (its paired loss
    over the worlds: the chance of the game with a score, else points); ``grade`` its name.
    ``examples``: asked for (``advise_play(examples=N)``) and the card not among the best: the worlds that
    show it (``solver.examples.card_examples()``: the shares of the weight in which it scores fewer, the
    same or more points than the recommended card, the likeliest worlds where fewer, each with the hands
    there); else ``None``. In :meth:`to_dict` only when asked for (``null`` for the best cards).
    ``world_points``, ``world_tricks``: float (n,) the seat's side's points and total tricks in each world, in the
    order of :attr:`PlayAdvice.drawn` (single dummy: each world's expectation under the fitted table), and
    ``world_wins`` with a score (else ``None``) that world's chance of the game: for paired comparisons
    (:func:`solver.compare`); not in :meth:`to_dict`.
    """

    card: Card
    expected_tricks: float
    tricks_interval: tuple
    expected_points: float
    points_interval: tuple
    p_make: float
    make_interval: tuple
    p_euchred: float
    euchred_interval: tuple
    p_march: float | None
    march_interval: tuple | None
    outcomes: dict
    p_win_game: float | None = None
    win_interval: tuple | None = None
    grading: Grade | None = None
    examples: dict | None = None
    world_points: np.ndarray | None = field(default=None, repr=False, compare=False)
    world_tricks: np.ndarray | None = field(default=None, repr=False, compare=False)
    world_wins: np.ndarray | None = field(default=None, repr=False, compare=False)

    @property
    def grade(self) -> str | None:
        """``"best"`` ... ``"blunder"``, ``"unclear"`` (``solver.grades``), or ``None``."""
        return None if self.grading is None else self.grading.grade

    def to_dict(self) -> dict:
        """The card's figures as JSON, each rounded to ``WRITTEN_PLACES`` places (``None`` where infinite)."""
        out = {"card": str(self.card), "expected_tricks": self.expected_tricks,
               "tricks_interval": list(self.tricks_interval), "expected_points": self.expected_points,
               "points_interval": list(self.points_interval), "p_make": self.p_make,
               "make_interval": list(self.make_interval), "p_euchred": self.p_euchred,
               "euchred_interval": list(self.euchred_interval), "p_march": self.p_march,
               "march_interval": None if self.march_interval is None else list(self.march_interval),
               "outcomes": {str(k): v for k, v in sorted(self.outcomes.items())}}
        if self.p_win_game is not None:
            out["p_win_game"] = self.p_win_game
            out["p_win_game_interval"] = list(self.win_interval)
        if self.grading is not None:
            out["grade"] = self.grade
            out["grading"] = self.grading.to_dict()
        return written(out)

    def to_dict_with_examples(self) -> dict:
        """:meth:`to_dict` and ``"examples"`` (for advice asked with examples)."""
        return {**self.to_dict(), "examples": self.examples}


#: Decimal places of the figures :meth:`PlayAdvice.to_dict` writes: far below any sampling error, far
#: above float noise.
WRITTEN_PLACES = 10


def written(value):
    """``value`` (JSON types) with every float rounded to :data:`WRITTEN_PLACES` places, ``None`` if infinite."""
    if isinstance(value, float):
        return round(value, WRITTEN_PLACES) if math.isfinite(value) else None
    if isinstance(value, dict):
        return {k: written(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [written(v) for v in value]
    return value


@dataclass(frozen=True)
class PlayAdvice:
    """The play advice for one seat's turn (:func:`advise_play`).

    Attributes:
        seat, side: the seat to play and its side's name (``"NS"``/``"EW"``; ``"N"``/``"S"`` two-player).
        makers: the seat's side made trump. ``trump``: :class:`Suit`; ``alone``, ``defender_alone``: seats or None.
        hand: bitmask of the seat's cards; ``trick``: the cards on the table (from the leader), ``leader``.
        tricks_won: tricks the seat's side has won so far in this hand.
        cards: :class:`CardAdvice` per legal card, in card order.
        best: the recommended :class:`Card` (best expected points, ties by expected tricks; with a
            ``score``: best ``p_win_game``, ties by expected points, then tricks);
            ``equal``: every card as good as it on every count (``best`` first).
        runner_up: the best card not in ``equal`` (one of ``equal`` when every card is; ``None`` with one
            legal card); ``margin``: ``best``'s lead in
            expected points over it (with a ``score``: in ``p_win_game``), ``margin_interval`` its 95%
            paired interval (``None`` likewise).
        worlds: worlds solved; ``effective_worlds``: their effective number; ``exact``: every
            consistent deal was enumerated; ``total``: the consistent deals; ``method``, ``model``,
            ``seed``, ``notes``: as :class:`~solver.inference.ViewWorlds` says; ``inference``: the evidence
            weighed (``solver.inference.INFERENCE``), ``play_model`` the play model's name when the play is.
        told: with the play weighed, what the cards told: the holdings whose chance the cards played moved most
            (:class:`~solver.advisor.reading.Told`, :func:`~solver.advisor.reading.what_the_cards_told`); ``()``
            otherwise (in :meth:`to_dict` as ``"told"`` only when ``inference`` is ``"play"`` or ``"both"``).
        view: the :class:`SeatView` advised (not in :meth:`to_dict`; use ``view.to_dict()``).
        score: the checked score before the hand, ``{side: points}``, when advising with one (``to_dict``
            then adds ``score`` and ``margin_unit`` ``"p_win_game"``); else ``None``.
        valuation: how the rest of the hand was valued in each world (``solver.advisor.valuation``):
            ``"single_dummy"``, ``"double_dummy"`` or ``"playout"``; ``inner_worlds``: the playout's
            worlds a decision (of the direct playout, or of the playouts the single-dummy table was fitted on).
        examples: the examples asked for per card (``advise_play(examples=N)``; 0: none).
        drawn: the :class:`~solver.inference.ViewWorlds` the cards were valued on (hands, kitty, weights), in
            the order of each card's ``world_points`` (not in :meth:`to_dict`).
    """

    seat: Seat
    side: str
    makers: bool
    trump: Suit
    alone: Seat | None
    defender_alone: Seat | None
    hand: int
    leader: Seat
    trick: tuple
    tricks_won: int
    cards: tuple
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
    notes: tuple = ()
    view: SeatView | None = field(default=None, repr=False, compare=False)
    score: dict | None = None
    valuation: str = "double_dummy"
    inner_worlds: int = INNER_WORLDS
    examples: int = 0
    inference: str = "auction"
    play_model: str | None = None
    drawn: ViewWorlds | None = field(default=None, repr=False, compare=False)
    told: tuple = ()

    @property
    def valuation_text(self) -> str:
        """In words, how each world's play was valued and what that assumes of the seats' play."""
        return valuation_strategy(self.valuation).assumption(self.inner_worlds)

    def __getitem__(self, card) -> CardAdvice:
        """The figures of one card (a :class:`Card` or its text, ``advice["Ac"]``)."""
        c = card if isinstance(card, Card) else Card.parse(card)
        for a in self.cards:
            if a.card == c:
                return a
        raise KeyError(f"{c} is not a legal card of {self.seat} here")

    @property
    def recommended(self) -> CardAdvice:
        return self[self.best]

    def to_dict(self) -> dict:
        """A JSON-ready object: the figures, the recommendation and how the worlds were drawn; every figure
        rounded to ``WRITTEN_PLACES`` decimal places (sums of weighted worlds give ``4.999999999999999``
        for a 5), ``None`` for an infinite one (an interval over fewer than two effective worlds)."""
        return written({"seat": self.seat.name, "side": self.side, "makers": self.makers, "trump": trump_of(self.trump).letter,
                "alone": None if self.alone is None else self.alone.name,
                "defender_alone": None if self.defender_alone is None else self.defender_alone.name,
                "hand": format_cards(self.hand), "leader": self.leader.name,
                "trick": [str(c) for c in self.trick], "tricks_won": self.tricks_won,
                "cards": [c.to_dict_with_examples() if self.examples else c.to_dict() for c in self.cards],
                "best": str(self.best),
                "equal": [str(c) for c in self.equal],
                "runner_up": None if self.runner_up is None else str(self.runner_up),
                "margin": self.margin,
                "margin_interval": None if self.margin_interval is None else list(self.margin_interval),
                "worlds": self.worlds, "effective_worlds": self.effective_worlds, "exact": self.exact,
                "total": self.total, "method": self.method, "model": self.model, "seed": self.seed,
                "inference": self.inference, "play_model": self.play_model,
                **({"told": [t.to_dict() for t in self.told]} if self.inference in ("play", "both") else {}),
                "play": ("double dummy within each world after the card (optimistic: everyone sees all cards)"
                         if valuation_strategy(self.valuation).sees_all
                         else valuation_strategy(self.valuation).assumption(self.inner_worlds)),
                "valuation": self.valuation,
                "notes": list(self.notes), **({"examples": self.examples} if self.examples else {}),
                **({} if self.score is None else {
                    "score": dict(self.score), "margin_unit": "p_win_game",
                    "p_win_game": "the chance that the seat's side wins the game after this hand: each world's "
                                  "points to a side, then solver.p_win_after from the new score with the deal "
                                  "passed to the dealer's left; the recommendation and the margin are by it"})})

    def __str__(self) -> str:
        from ..render import play_advice_text
        return play_advice_text(self)


def coerce_view(view, view_kw: dict, who: str = "advise_play") -> SeatView:
    """The :class:`SeatView` of ``view`` (a SeatView or a dict of its keys) or, when ``view`` is ``None``, of the
    keys of :func:`solver.seat_view` in ``view_kw``. Raises :class:`~solver.errors.ArgumentError` (naming ``who``)
    for both or for neither kind of value, and what :func:`solver.seat_view` raises for a bad view."""
    if view is None:
        return seat_view(**view_kw)
    if view_kw:
        raise ArgumentError(f"{who}: give the view or its keys, not both ({sorted(view_kw)[0]!r})")
    if isinstance(view, dict):
        return view_from_dict(view)
    if not isinstance(view, SeatView):
        raise ArgumentError(f"view {quoted(view, 60)}: expected a SeatView or a dict of its keys ({', '.join(BUILD_KEYS)})")
    return view


def _sure_bounds(after, view, ctx) -> tuple:
    """int (k,) twice: the least and the most the makers' hand total can be in each (unique) world after a card
    (``after``: what :func:`~solver.dd_batch.after_card` gives), whoever then plays what
    (:func:`~solver.advisor.single_dummy.sure_tricks`)."""
    hands, leader, table, won0 = after
    done = len(view.tricks) + (0 if table else 1)
    seats = tuple(int(s) for s in play_order(leader, ctx.in_play))[:len(table)]
    sure = sure_tricks(hands, ctx.trump, table, seats, tuple(int(s) for s in ctx.in_play))
    won = won0 if view.makers == 0 else done - won0
    return won + sure[:, view.makers], won + (TRICKS - done) - sure[:, 1 - view.makers]


def _check_turn(view: SeatView, what: str) -> None:
    """Raises :class:`~solver.errors.IllegalActionError` unless the view's seat is to play a card (``what``:
    the analysis asked, for the message)."""
    seat = view.seat
    if view.phase is not Phase.PLAY:
        why = {Phase.DONE: "the hand is over"}.get(view.phase, f"the hand is in the {view.phase} phase, "
                                                              "not the play of the tricks")
        raise IllegalActionError(f"{seat}'s view: {why}; {what} needs {seat} to play a card")
    if view.to_act != seat:
        raise IllegalActionError(f"{seat}'s view: it is {view.to_act}'s turn to play, not {seat}'s")


@dataclass(frozen=True)
class CardWorlds:
    """Every legal card of the seat to play, valued in every world of its view (:func:`card_worlds`): the
    per-world figures that :func:`advise_play` and :func:`solver.lead_table` summarise.

    Attributes:
        view: the :class:`SeatView`; ``worlds``: the :class:`~solver.inference.ViewWorlds` drawn (``n`` worlds).
        legal: the legal cards (int indices, card order).
        weights: float (n,), the worlds' normalised weights; ``ess`` their effective number; ``exact``: every
            consistent deal was enumerated.
        tricks, points: per legal card, float (n,): the seat's side's tricks and points for the hand in each
            world after the card (single dummy: their expectations under the fitted table).
        makers_tricks: per legal card, int (n,): the makers' tricks in each world (double dummy, playout);
            ``None`` under single dummy, where ``dists`` holds per card float (n, 6): each world's chance of
            0..5 makers' tricks.
        points_by_tricks: int (6,): the seat's side's points at 0..5 makers' tricks.
        side: the seat's side (0, 1); ``makers``: that side made trump.
        valuation, inner_worlds, notes: as :class:`PlayAdvice` says.
    """

    view: SeatView
    worlds: ViewWorlds
    legal: tuple
    weights: np.ndarray
    ess: float
    exact: bool
    tricks: tuple
    points: tuple
    makers_tricks: tuple | None
    dists: tuple | None
    points_by_tricks: np.ndarray
    side: int
    makers: bool
    valuation: str
    inner_worlds: int
    notes: tuple

    def makers_chance(self, i: int, low: int, high: int = TRICKS) -> tuple:
        """``(p, (low, high))``: the weighted chance that the makers take ``low``..``high`` tricks after
        ``legal[i]``, with its 95% Wilson interval at the effective number of worlds (a point when exact)."""
        if self.dists is not None:
            return _weighted_share(self.dists[i][:, low:high + 1].sum(axis=1), self.weights, self.ess, self.exact)
        m = self.makers_tricks[i]
        return _weighted_chance((m >= low) & (m <= high), self.weights, self.ess, self.exact)


@dataclass(frozen=True)
class CardQuestion:
    """What a valuation's :meth:`~solver.advisor.valuation.Valuation.card_results` reads of a play question:
    the ``view``, its ``worlds`` (:class:`~solver.inference.ViewWorlds`), the ``legal`` cards, the ``batch`` of
    their double-dummy solves over the unique worlds and its ``threads``, ``inner_worlds``, the ``rollout``
    (:class:`solver.rollout.Rollout` or ``None``) and the game ``score`` (or ``None``)."""
    view: SeatView
    worlds: ViewWorlds
    legal: tuple
    batch: Batch
    threads: int
    inner_worlds: int
    rollout: object = None
    score: object = None


def card_worlds(view, method=None) -> CardWorlds:
    """Every legal card of the seat to play, valued in every world of its view (:class:`CardWorlds`).

    ``view`` a :class:`SeatView` (or a dict of its keys); ``method`` a :class:`~solver.Method` (or a
    dict of its members, or ``None``); what its members do and the errors are :func:`advise_play`'s (it is this,
    summarised).
    """
    method = Method.coerce(method)
    view = coerce_view(view, {})
    _check_turn(view, "play advice")
    return _card_worlds(view, method, _checked_valuation(method.valuation, view, method.rollout))


#: Worlds of play advice (and of defence and lead advice) when the method leaves them to the advisor.
PLAY_WORLDS = 500


def _checked_valuation(valuation, view, rollout) -> str:
    """The API name of ``valuation`` for ``view``'s rules (:func:`~solver.advisor.valuation.parse_valuation`), with
    ``rollout`` refused for any other valuation."""
    valuation = parse_valuation(valuation, view.rules)
    valuation_strategy(valuation).check_rollout(rollout)
    return valuation


def _card_worlds(view, method: Method, valuation: str, score=None) -> CardWorlds:
    """:func:`card_worlds` of a checked ``method``, its ``valuation`` checked for the view's rules; ``score``: the
    checked score (:func:`~solver.advisor.game_odds.win_values`), or ``None``."""
    worlds, threads, inner_worlds, rollout = method.worlds_or(PLAY_WORLDS), method.threads, method.inner_worlds, method.rollout
    seed = view_seed(view) if method.seed is None else method.seed
    rules, seat = view.rules, view.seat
    trump = int(view.trump)
    trick_seats = tuple(int(s) for s, _c in view.current)
    trick_cards = tuple(int(c) for _s, c in view.current)
    led = trick_cards[0] if trick_cards else None
    legal = tuple(cards_of(legal_mask(view.hand, trump, led)))

    # a playout costs hundreds of solves a world, a rollout a deal of agents: never more worlds than were asked for
    how = valuation_strategy(valuation)
    extra = {"exact_limit": worlds} if how.plays_out else {}
    w: ViewWorlds = sample_worlds(view, worlds=worlds, seed=seed, inference=method.inference, model=method.model,
                                  play_model=method.play_model, threads=threads, **extra)
    notes = tuple(w.notes) + (("dummy hands: the figures are for the set of five under way (tricks "
                               + ("6-10, the dummies" if view.dummy_phase else "1-5, the personal hands")
                               + "), scored as a hand; the other set is scored apart",)
                              if rules.dummy_hands else ())
    players = rules.players
    alone, dalone = view.alone is not None, view.defender_alone is not None
    points = np.array([makers_points(t, rules, alone, dalone) for t in range(TRICKS + 1)], dtype=np.int64)
    ctx = Context(rules, trump, view.makers, tuple(view.seats_in_play), points)
    hands = w.play_hands()
    # identical worlds (the kitty differs, or a rejection duplicate) are solved once
    uniq, inverse = np.unique(hands, axis=0, return_inverse=True)
    inverse = inverse.reshape(-1)
    batch = Batch(trump, ctx.in_play_mask, players)
    afters = [after_card(uniq, seat, c, int(view.leader), trick_cards, trick_seats, trump, len(ctx.in_play),
                         int(view.tricks_won[0]), players) for c in legal]
    blocks = [batch.add(*a) for a in afters]
    res = how.card_results(CardQuestion(view, w, legal, batch, threads, inner_worlds, rollout, score))
    inner_worlds = how.inner_worlds(inner_worlds, rollout)
    side = side_of(seat, players)
    makers = side == view.makers
    wn = w.weights / w.weights.sum()
    T, P, M, D = [], [], [], []
    k = np.arange(TRICKS + 1)
    pts_k = points[k] if makers else -points[k]     # the seat's side's points for k makers' tricks
    if how.fitted:
        table = default_model()
        mine_k = k if makers else TRICKS - k           # the seat's side's tricks for k makers' tricks
        for b, after in zip(blocks, afters):
            t0 = res[b][inverse]
            mt = t0 if view.makers == 0 else TRICKS - t0
            if (mt == mt[0]).all():     # settled: the same in every world, whatever the unseen cards' places
                dist = np.eye(TRICKS + 1)[mt]
            else:
                low, high = _sure_bounds(after, view, ctx)
                dist = clip_tricks(table.trick_distribution(mt, TRICKS - len(view.tricks), alone),
                                   low[inverse], high[inverse])
            T.append(dist @ mine_k)
            P.append(dist @ pts_k)
            D.append(dist)
    else:
        for k, b in enumerate(blocks):
            t0 = res[k] if how.plays_out else res[b][inverse]
            mine, pts = ctx.side_values(t0, side)
            T.append(mine)
            P.append(pts)
            M.append(mine if makers else TRICKS - mine)
    return CardWorlds(view, w, legal, wn, float(w.ess), bool(w.exact), tuple(T), tuple(P),
                      None if D else tuple(M), tuple(D) if D else None, pts_k, side, makers, valuation,
                      inner_worlds, notes)


#: The members of a :class:`~solver.Method` that :func:`advise_play` also takes as keywords (the form before the
#: method was one value), with the default of each in that form.
PLAY_KEYWORDS = {"worlds": PLAY_WORLDS, "seed": None, "inference": True, "model": None, "threads": 1, "score": None,
                 "valuation": None, "inner_worlds": INNER_WORLDS, "examples": 0, "play_model": None, "rollout": None}


def advise_play(view=None, method=None, **keywords) -> PlayAdvice:
    """Play advice for the seat whose turn it is to play a card (see ``solver.advisor.play``).

    ``advise_play(view, method)``: the seat's view and a :class:`~solver.Method` (or a dict of its
    members; ``None``: every default, 500 worlds). It reads the method's worlds, seed, threads, inference, model,
    play_model, valuation, inner_worlds, rollout, examples and score (``solver.advisor.method.READS``); another
    member given is refused by name.

    Deprecated for one release, with a :class:`DeprecationWarning` (``solver.advisor.method.old_form``): the form
    before the method was one value, the method's members as the keywords below (``PLAY_KEYWORDS``), not with a
    method, and any other keyword a key of the view, not with a view.

    Args:
        view: a :class:`~solver.game.SeatView` (``Hand.view(seat)``, :func:`solver.seat_view`) or a dict of its
            keys; or give the keys of :func:`solver.seat_view` as keyword arguments (``seat``, ``hand``,
            ``dealer``, ``upcard``, ``calls``, ``alone``, ``tricks``, ``discard``, ``rules``, ...).
        worlds: worlds to draw, ``MIN_WORLDS``..:data:`~solver.bounds.MAX_WORLDS` (all of them when the consistent deals
            are few enough to enumerate).
        seed: int seed (same seed, same advice) or ``None``: derived from the view (``solver.seeds.view_seed()``,
            as at the CLI and HTTP doors; recorded in the result).
        inference: the evidence that weighs the worlds (``solver.inference.INFERENCE``): ``"auction"`` (or
            ``True``, the default) the bidding model's chance of every call seen; ``"play"`` the play model's
            chance of every card the other seats played (``solver.play_model``); ``"both"``; ``"none"`` (or
            ``False``) uniform worlds.
        model: a :class:`~solver.bidding.BiddingModel`, a model name (:data:`solver.bidding.MODEL_NAMES`) or a
            model file's path (default ``solver.bidding.DEFAULT_MODEL``, ``"players-1"``).
        threads: solver threads, 1..:data:`~solver.bounds.MAX_THREADS`.
        score: the game's score before this hand, points by side (``{"NS": 8, "EW": 6}``; two-player
            ``{"N": .., "S": ..}``), or ``None``: each card then gains ``p_win_game`` and the
            recommendation and margin are by it (see ``solver.advisor.play``).
        valuation: how the rest of the hand is valued in each world after the card
            (``solver.advisor.valuation``; ``None``: the variant's default): ``"single_dummy"`` (the default
            where the variant has a fitted table: the makers' tricks of each world read through its trick
            table), ``"double_dummy"`` (every seat then sees all the cards, the figures of the first version
            bit for bit; the default of the other variants), ``"playout"`` (played out in each world by seats
            that each choose by PIMC over ``inner_worlds`` worlds of their own view; slow) or ``"rollout"``
            (each card and the rest of the hand played in each world by the advisor agents at every seat, each
            from its own view: ``solver.rollout.roll_plays()``; slowest, a tenth of a second or more of one
            core a world and card).
        inner_worlds: the playout's worlds a decision, 1..:data:`~solver.advisor.playout.MAX_INNER_WORLDS`.
        examples: 0..:data:`~solver.examples.MAX_EXAMPLES` (default 0): for each card not among the best, the
            worlds that show it (:attr:`CardAdvice.examples`; each world's hands now, the seat's own included,
            both cards' points and tricks for the seat's side in it, valued as ``valuation`` says).
        play_model: the play model of ``inference`` ``"play"`` and ``"both"`` (:func:`solver.sample_worlds`):
            a :class:`~solver.play_model.PlayModel`, a name, a temperature in tricks or a file (default the
            fitted one).
        rollout: with ``valuation="rollout"`` only: a :class:`solver.rollout.Rollout` (the agents' worlds a
            decision, processes or a Dask cluster, a file to resume from; ``None``: its defaults).

    Returns :class:`PlayAdvice`.

    Raises :class:`~solver.errors.EuchreError`: a bad view (:func:`solver.seat_view`), a bad bound,
    :class:`~solver.errors.IllegalActionError` when it is not the viewing seat's turn to play a card,
    :class:`~solver.errors.ScoreError` for a bad score (negative, not whole,
    a side that is not in the variant, at the target for both sides; a variant with no game-odds table),
    an unknown valuation or one the variant does not support, ``inner_worlds`` or ``examples`` out of range,
    an unknown ``inference``, a bad play model (:class:`~solver.errors.ModelError`), a renege shown by the cards
    with the play weighed (:class:`~solver.errors.IllegalActionError`).
    """
    members = {name: value for name, value in keywords.items() if name in PLAY_KEYWORDS}
    method = check_reads(method_of_keywords(method, "advise_play", members, PLAY_KEYWORDS), "advise_play")
    old_form("advise_play", keywords, PLAY_KEYWORDS)          # after the refusals: a refused call does not warn
    view = coerce_view(view, {name: value for name, value in keywords.items() if name not in PLAY_KEYWORDS})
    valuation = _checked_valuation(method.valuation, view, method.rollout)
    _check_turn(view, "play advice")
    wins = None if method.score is None else win_values(method.score, view.dealer, view.seat, view.rules, valuation)
    cw = _card_worlds(view, method, valuation, None if wins is None else wins.score)
    return play_advice(cw, wins, method.examples)


def play_advice(cw: CardWorlds, wins=None, examples: int = 0) -> PlayAdvice:
    """The :class:`PlayAdvice` of cards valued in every world (:func:`card_worlds`): each card's figures, the
    recommendation, the margin and the grades. ``wins``: :func:`~solver.advisor.game_odds.win_values` of a
    score (or ``None``: judged by points); ``examples`` as :func:`advise_play`'s (checked)."""
    view, w, legal = cw.view, cw.worlds, cw.legal
    rules, seat = view.rules, view.seat
    trump = int(view.trump)
    trick_cards = tuple(int(c) for _s, c in view.current)
    T, P, wn, ess, exact = cw.tricks, cw.points, cw.weights, cw.ess, cw.exact
    side, makers, pts_k = cw.side, cw.makers, cw.points_by_tricks
    if wins is None:
        W = [None] * len(legal)
    elif cw.dists is not None:
        by_points = {int(v): wins(np.full(len(w), int(v), dtype=np.int64)) for v in np.unique(pts_k)}
        W = [sum(d[:, j] * by_points[int(pts_k[j])] for j in range(TRICKS + 1)) for d in cw.dists]
    else:
        W = [wins(p) for p in P]
    out = []
    most_tricks = TRICKS * (2 if rules.dummy_hands else 1)
    for i, (c, t, p, g) in enumerate(zip(legal, T, P, W)):
        et, ti = _weighted_mean(t.astype(float), wn, ess, exact)
        et = min(max(et, 0.0), float(most_tricks))       # a weighted mean of 5s is 5, not 5 and a rounding error
        ti = (min(max(ti[0], 0.0), et), max(min(ti[1], float(most_tricks)), et))  # a t interval of a bounded count stays in range
        ep, pi = _weighted_mean(p.astype(float), wn, ess, exact)
        pm, mi = cw.makers_chance(i, MAKE_TRICKS)
        pe, ei = cw.makers_chance(i, 0, MAKE_TRICKS - 1)
        pa, ai = cw.makers_chance(i, TRICKS) if makers else (None, None)
        if cw.dists is not None:
            dist = cw.dists[i]
            outcomes = {}
            for j in range(TRICKS + 1):
                share = float(wn @ dist[:, j])
                if share > 0:
                    outcomes[int(pts_k[j])] = outcomes.get(int(pts_k[j]), 0.0) + share
        else:
            outcomes = {int(v): chance(wn[p == v].sum()) for v in np.unique(p)}
        game = ()
        if g is not None:
            pw, (lo, hi) = _weighted_mean(g, wn, ess, exact)
            game = (chance(pw), (max(0.0, lo), min(1.0, hi)))
        out.append(CardAdvice(Card(c), et, ti, ep, pi, pm, mi, pe, ei, pa, ai, outcomes, *game,
                              world_points=np.asarray(p, dtype=float), world_tricks=np.asarray(t, dtype=float),
                              world_wins=None if g is None else np.asarray(g, dtype=float)))
    eps = 1e-9

    def rank(a: CardAdvice) -> tuple:       # larger is better; with a score the game comes first
        return ((a.p_win_game,) if wins is not None else ()) + (a.expected_points, a.expected_tricks)

    order = sorted(range(len(out)), key=lambda i: tuple(-x for x in rank(out[i])) + (legal[i],))
    top = out[order[0]]
    equal = tuple(out[i].card for i in order
                  if all(abs(x - y) < eps for x, y in zip(rank(out[i]), rank(top))))
    runner = margin = margin_iv = None
    if len(order) > 1:
        # against the best card that is not as good, so the margin says what choosing well is worth
        j = next((i for i in order if out[i].card not in equal), order[1])
        runner = out[j].card
        values = P if wins is None else W
        margin, margin_iv = _weighted_mean((values[order[0]] - values[j]).astype(float), wn, ess, exact)
        # cards tied in points and told apart by tricks: a sum's rounding, not a loss ("by -0.000 points")
        margin, margin_iv = (0.0 if abs(margin) < eps else margin), tuple(0.0 if abs(x) < eps else x for x in margin_iv)
    values = P if wins is None else W
    unit = "points" if wins is None else "game"
    for i in range(len(out)):                # each card's grade: its paired loss against the recommended card
        loss, iv = _weighted_mean((values[order[0]] - values[i]).astype(float), wn, ess, exact)
        out[i] = replace(out[i], grading=grade_of(loss, None if exact else iv, unit,
                                                  effective_worlds=None if exact else ess))
    if examples:
        for i in range(len(out)):
            if out[i].card not in equal:
                out[i] = replace(out[i], examples=card_examples(
                    list(legal), legal[i], legal[order[0]], np.stack(T), np.stack(P), w.hands,
                    w.weights, tuple(view.seats_in_play), examples, seat))
    won = int(view.tricks_won[side])
    return PlayAdvice(Seat(seat), side_name(side, rules.players), makers, trump_of(trump), view.alone,
                      view.defender_alone, int(view.hand), Seat(view.leader), tuple(Card(c) for c in trick_cards),
                      won, tuple(out), top.card, equal, runner, margin, margin_iv, len(w), ess, exact, int(w.total),
                      w.method, w.model, w.seed, cw.notes, view, None if wins is None else wins.score, cw.valuation,
                      cw.inner_worlds, examples, w.inference, w.play_model, drawn=w,
                      told=what_the_cards_told(w, view))
