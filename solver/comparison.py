"""Compare two actions of one seat, world by world: :func:`compare` (named ``comparison`` so that the module does
not share the name of the function the package exports).

The question a bridge player asks of a simulation: of two calls (``"order"`` against ``"order alone"``,
``"pass"`` against ``"call c"``) or two legal cards, how often does the first do better than the second,
the same, or worse, by how much on average, and in which deals? The answer reads the advice's own
figures: the two actions are valued over the same worlds the advice draws for that view
(:func:`solver.advise` for a call, :func:`solver.advise_play` for a card; the worlds weighted by the
earlier calls under the bidding model, :mod:`solver.inference`), each world by the advice's valuation
(single dummy by default, double dummy, playout, rollout). Nothing is valued here: each world's
figure is the advice's ``world_points`` (and ``world_wins`` with a score) of each action.

Per world the figure compared is the one the advice ranks by: the points of the hand for the seat's
side, or with a ``score`` the chance that the side wins the game. ``better``, ``same`` and ``worse``
are the (weighted) shares of the worlds in which A's figure is above, equal to (within
:data:`solver.examples.SAME`) or below B's, each with a Wilson interval at the effective number of
worlds; the mean difference A - B comes with a Student t interval of the paired differences
(:func:`solver.stats.weighted_mean_interval`). Enumerated worlds are exact: point intervals. For a call
every option is played on every world (no early stop), so the figures are those of
``advise(..., early_stop=False)`` with the same seed: the mean difference is the difference of the two
options' expected points. A single-dummy world's figure is an expectation under the fitted table (a card)
or a band drawn from it (a call), so ties are rarer than double dummy's.

Examples (:func:`solver.examples.choice_examples`): for each of better, same and worse, the likeliest
worlds in which it happens (the larger gap first among equally likely ones), with the hands there and
both actions' figures.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import laws
from .advisor import Method, advise_bid, advise_play
from .advisor.method import member_keywords, taken_members
from .advisor.valuation import INNER_WORLDS
from .advisor.calls import parse_calls
from .advisor.play import coerce_view, written
from .cards import JOKER, Card, Seat, cards_of, format_cards
from .errors import ArgumentError, CardError, IllegalActionError, quoted
from .examples import EXAMPLES, SAME, check_examples, choice_examples
from .game.actions import Phase
from .game.view import BUILD_KEYS
from .inference import check_inference
from .seeds import comparison_seed
from .stats import chance, weighted_mean_interval, wilson

__all__ = ["Comparison", "Paired", "compare", "BID_WORLDS", "PLAY_WORLDS"]

#: Default worlds of a comparison of two calls (as :func:`solver.advise`) and of two cards (as
#: :func:`solver.advise_play`).
BID_WORLDS = 2000
PLAY_WORLDS = 500
_BIDDING = (Phase.BID1, Phase.BID2)


@dataclass(frozen=True)
class Paired:
    """A and B over the same worlds in one unit (``"points"`` or ``"game"``, the chance of winning it).

    ``a``, ``b``: each action's (weighted) mean; ``difference``: the mean of A - B, ``interval`` its 95%
    interval (paired, Student t at the effective worlds; the value itself when exact). ``better``, ``same``,
    ``worse``: the shares of the worlds' weight in which A is above, equal to, below B, each with a 95% Wilson
    interval in ``better_interval``, ... (0..1).
    """

    unit: str
    a: float
    b: float
    difference: float
    interval: tuple
    better: float
    same: float
    worse: float
    better_interval: tuple
    same_interval: tuple
    worse_interval: tuple

    def to_dict(self) -> dict:
        """JSON types; floats rounded as the advice writes them (``solver.advisor.play.written()``)."""
        return written({"unit": self.unit, "a": self.a, "b": self.b, "difference": self.difference,
                "interval": list(self.interval), "better": self.better, "same": self.same, "worse": self.worse,
                "better_interval": list(self.better_interval), "same_interval": list(self.same_interval),
                "worse_interval": list(self.worse_interval)})


@dataclass(frozen=True)
class Comparison:
    """Two actions of one seat compared over the same worlds (see ``solver.comparison``).

    Attributes:
        seat: the deciding seat; kind: ``"call"`` or ``"card"``.
        a, b: the actions as tokens (``"order alone"``, ``"call c"``, ``"Qs"``); a_name, b_name: in words
            (``"assist alone"``, ``"Qs"``).
        by: the unit the comparison is judged in: ``"points"`` (the hand's points for the seat's side) or,
            with a score, ``"game"`` (the chance that the side wins the game).
        points: :class:`Paired` in points (always); game: :class:`Paired` in the chance of the game (with a
            score; else ``None``). ``judged`` is the one named by ``by``.
        worlds, effective_worlds, exact, seed: the worlds (as the advice's); valuation, valuation_text: how
            each world was valued.
        examples: ``{"better": [...], "same": [...], "worse": [...]}``: up to ``examples`` worlds each, the
            likeliest first, each ``{"hands": {seat or "kitty": cards}, "weight": share of the total weight,
            "a", "b": each action's figure in the unit ``by``}`` (cards: ``"a_tricks"``, ``"b_tricks"`` too).
        advice: the :class:`~solver.Advice` or :class:`~solver.PlayAdvice` read (not in :meth:`to_dict`).
    """

    seat: Seat
    kind: str
    a: str
    b: str
    a_name: str
    b_name: str
    by: str
    points: Paired
    game: Paired | None
    worlds: int
    effective_worlds: float
    exact: bool
    seed: int | None
    valuation: str
    valuation_text: str
    examples: dict
    advice: object = field(default=None, repr=False, compare=False)

    @property
    def judged(self) -> Paired:
        """The :class:`Paired` of the unit the comparison is judged in (``by``)."""
        judged = self.game if self.by == "game" else self.points
        assert judged is not None                 # by "game" only with a score, whose figures are then kept
        return judged

    def to_dict(self) -> dict:
        """What ``euchre compare --json`` prints and ``POST /v1/compare`` answers; floats rounded as the advice
        writes them (``solver.advisor.play.written()``)."""
        return written({"seat": self.seat.name, "kind": self.kind, "a": self.a, "b": self.b, "a_name": self.a_name,
                "b_name": self.b_name, "by": self.by, "points": self.points.to_dict(),
                "game": None if self.game is None else self.game.to_dict(),
                "worlds": self.worlds, "effective_worlds": self.effective_worlds, "exact": self.exact,
                "seed": self.seed, "valuation": self.valuation, "valuation_text": self.valuation_text,
                "examples": self.examples})

    def __str__(self) -> str:
        from .render import comparison_text
        return comparison_text(self)


def compare(view=None, a=None, b=None, *, method=None, **keywords) -> Comparison:
    """Compare two actions of the seat to act over the same worlds (see ``solver.comparison``).

    Args:
        view: a :class:`~solver.game.SeatView` whose seat is to bid (round 1 or 2) or to play a card, or a dict of
            its keys; or the keys of :func:`solver.seat_view` as keyword arguments.
        a, b: two different legal actions: call tokens (``"pass"``, ``"order"``, ``"order alone"``, ``"call c"``,
            and the words ``solver.laws.parse_call()`` takes: ``"assist"``, ``"hearts alone"``) in the bidding,
            cards (``"Qs"``) in the play.
        method: how the advice behind the comparison answers: a :class:`~solver.advisor.method.Method` or a dict of
            its members (``None``: the defaults below). Read: ``worlds`` (``None``: ``BID_WORLDS`` for calls,
            ``PLAY_WORLDS`` for cards); ``seed`` (same seed, same worlds as the advice's with that seed; ``None``:
            derived from the view, ``solver.seeds.comparison_seed()``, the advice's own default seed, as at the CLI
            and HTTP doors); ``inference``, ``model``, ``score``, ``valuation``, ``inner_worlds``, ``threads``: as
            :func:`solver.advise` and :func:`solver.advise_play`; ``play_model``: as :func:`solver.advise_play`'s
            (cards only); ``rollout``: a :class:`solver.rollout.Rollout` (with ``valuation="rollout"``; a card's
            rollout plays every legal card, as the play advice does); ``examples``:
            0..:data:`~solver.examples.MAX_EXAMPLES` worlds of each outcome (``Method``'s default 0; without a
            method, 3). The bid advisor's own members (``robust_delta``, ``early_stop``, ``exact_limit``,
            ``own_round2``, ``policy``) are not read and must stay at their defaults.
        keywords: the keys of :func:`solver.seat_view` (with ``view`` ``None``); deprecated, for one release,
            the members above as keywords (``worlds=None, seed=None, inference=True, model=None, score=None,
            valuation=None, inner_worlds=None, examples=3, threads=1, rollout=None, play_model=None``), each
            with a :class:`DeprecationWarning`, not with ``method``.

    Returns :class:`Comparison`.

    Raises :class:`~solver.errors.IllegalActionError` naming ``a`` or ``b`` when it is not legal for the seat
    now (a call that is not open to it, a card it does not hold or may not play, a card in the bidding or a
    call in the play), or when the seat is not the one to act or the hand is at neither a call nor a card;
    :class:`~solver.errors.ArgumentError` when ``a`` and ``b`` are the same action; and whatever the advice
    raises for its arguments (:func:`solver.advise`, :func:`solver.advise_play`); :class:`TypeError` for a keyword
    that is neither a member nor a view's key.
    """
    given = {name: keywords.pop(name) for name in _COMPARE_DEFAULTS if name in keywords}
    members = member_keywords(compare, given, _COMPARE_DEFAULTS, method)
    if method is not None:
        members = taken_members(method, compare, tuple(_COMPARE_DEFAULTS))
        if members["inner_worlds"] == INNER_WORLDS:
            members["inner_worlds"] = None       # as when not given: the advisors' own default
    (worlds, seed, inference, model, score, valuation, inner_worlds, examples, threads, rollout,
     play_model) = members.values()
    examples = check_examples(examples)
    for name in keywords:                       # neither a member nor a view's key: a misspelling, named as Python does
        if name not in BUILD_KEYS:
            raise TypeError(f"compare() got an unexpected keyword argument {name!r}")
    view = coerce_view(view, keywords, "compare")
    seat = view.seat
    if view.phase in _BIDDING or view.phase is Phase.PLAY:
        if view.to_act != seat:
            raise IllegalActionError(f"{seat}'s view: it is {view.to_act}'s turn, not {seat}'s")
    else:
        why = "the hand is over" if view.phase is Phase.DONE else f"the hand is in the {view.phase} phase"
        raise IllegalActionError(f"{seat}'s view: {why}; compare needs {seat} to bid or to play a card")
    seed = comparison_seed(view) if seed is None else seed
    extra = {} if inner_worlds is None else {"inner_worlds": inner_worlds}
    if play_model is not None:                 # the cards played so far: only a card question has any
        if view.phase in _BIDDING:
            raise ArgumentError("play_model: the play is read for a card question only; the seat is to bid")
        extra["play_model"] = play_model
    if view.phase in _BIDDING:
        return _compare_calls(view, a, b, worlds, seed, inference, model, score, valuation, extra, examples, threads,
                              rollout)
    return _compare_cards(view, a, b, worlds, seed, inference, model, score, valuation, extra, examples, threads,
                          rollout)


#: ``compare``'s defaults of the :class:`~solver.advisor.method.Method` members it reads, without a method (its
#: deprecated keywords'), in the order it reads them.
_COMPARE_DEFAULTS = {"worlds": None, "seed": None, "inference": True, "model": None, "score": None, "valuation": None,
                     "inner_worlds": None, "examples": EXAMPLES, "threads": 1, "rollout": None, "play_model": None}


def _tokens(view, a, b, kind: str, parse) -> tuple:
    """``a`` and ``b`` parsed by ``parse(name, token)``, refused when the same."""
    got = tuple(parse(name, token) for name, token in (("a", a), ("b", b)))
    if got[0] == got[1]:
        raise ArgumentError(f"b {quoted(b)}: the same {kind} as a ({quoted(a)}); compare two different {kind}s")
    return got


def _as_call(token):
    """``token`` parsed as a call (:func:`solver.laws.parse_call`), or ``None`` when it is not one."""
    try:
        return laws.parse_call(token)
    except IllegalActionError:
        return None


def _as_card(token):
    """``token`` as a :class:`Card`, or ``None`` when it is not a card."""
    if isinstance(token, Card):
        return token
    try:
        return Card.parse(token)
    except (CardError, TypeError, ValueError):
        return None


def _compare_calls(view, a, b, worlds, seed, inference, model, score, valuation, extra, examples, threads, rollout):
    seat, rnd = view.seat, 1 if view.phase is Phase.BID1 else 2
    joker = int(view.upcard) == JOKER
    up_suit = int(view.named_suit) if joker else int(view.upcard) % 4

    def parse(name, token):
        if token is None:
            raise IllegalActionError(f"{name}: missing; give a call such as 'pass' or 'order'")
        if _as_card(token) is not None:
            raise IllegalActionError(f"{name} {quoted(token)}: a card, but {seat} is to bid (round {rnd}); "
                                     "compare two calls such as 'pass' and 'order'")
        try:
            return parse_calls([token], rnd, up_suit, seat, view.dealer, view.rules)[0]
        except IllegalActionError as exc:
            raise IllegalActionError(f"{name}: {exc}") from None

    ta, tb = _tokens(view, a, b, "call", parse)
    method = Method(worlds=BID_WORLDS if worlds is None else worlds, seed=seed, threads=threads, inference=inference,
                    model=model, robust_delta=None, score=score, early_stop=False, valuation=valuation,
                    rollout=rollout, **extra)
    adv = advise_bid(view, method, calls=[ta, tb])      # the view carries the dummies and the known kitty
    rules = view.rules
    oa, ob = adv.option(ta), adv.option(tb)
    hands = np.column_stack([np.asarray(adv.drawn.hands)[:, :4], np.asarray(adv.drawn.kitty)])
    weights = adv.weights
    ess = float(len(oa.world_points)) if weights is None else _ess(weights)
    return _comparison(seat, "call", ta, tb, oa.name, ob.name, oa, ob, weights, adv.exact, ess, hands,
                       tuple(rules.seats) + (4,), examples, adv, len(adv.drawn), adv.seed, adv.valuation,
                       adv.valuation_text)


def _compare_cards(view, a, b, worlds, seed, inference, model, score, valuation, extra, examples, threads, rollout):
    seat = view.seat
    led = int(view.current[0][1]) if view.current else None
    legal = cards_of(laws.legal_mask(view.hand, int(view.trump), led))

    def parse(name, token):
        if token is None:
            raise IllegalActionError(f"{name}: missing; give a card such as 'As'")
        card = _as_card(token)
        if card is None:
            what = "a call" if _as_call(token) is not None else "not a card"
            raise IllegalActionError(f"{name} {quoted(token)}: {what}, but {seat} is to play a card; compare two "
                                     f"of its legal cards ({' '.join(str(Card(c)) for c in legal)})")
        if int(card) not in legal:
            why = "it does not hold it" if not view.hand >> int(card) & 1 else "it must follow suit"
            raise IllegalActionError(f"{name} {card}: not a legal card for {seat} here ({why}; legal: "
                                     f"{' '.join(str(Card(c)) for c in legal)})")
        return card

    ca, cb = _tokens(view, a, b, "card", parse)
    pa = advise_play(view, Method(worlds=PLAY_WORLDS if worlds is None else worlds, seed=seed, inference=inference,
                                  model=model, threads=threads, score=score, valuation=valuation, rollout=rollout,
                                  **extra))
    xa, xb = pa[ca], pa[cb]
    w = pa.drawn
    return _comparison(seat, "card", str(ca), str(cb), str(ca), str(cb), xa, xb, w.weights, pa.exact,
                       pa.effective_worlds, np.asarray(w.hands), tuple(int(s) for s in view.seats_in_play), examples,
                       pa, pa.worlds, pa.seed, pa.valuation, pa.valuation_text, tricks=(xa.world_tricks, xb.world_tricks))


def _ess(weights) -> float:
    w = np.asarray(weights, dtype=float)
    return float(w.sum()) ** 2 / float((w * w).sum())


def _paired(unit: str, va, vb, weights, exact: bool, ess: float) -> Paired:
    """:class:`Paired` of the per-world figures ``va``, ``vb`` (float (n,)) under ``weights`` (``None``: uniform)."""
    va, vb = np.asarray(va, dtype=float), np.asarray(vb, dtype=float)
    w = np.ones(va.size) if weights is None else np.asarray(weights, dtype=float)
    w = w / w.sum()
    diff = va - vb
    mean, interval, _ = weighted_mean_interval(diff, w, exact)

    def share(mask):
        p = chance(w[mask].sum())
        return p, ((p, p) if exact else wilson(p * ess, ess))

    (pb, ib), (ps, is_), (pw, iw) = share(diff > SAME), share(np.abs(diff) <= SAME), share(diff < -SAME)
    return Paired(unit, float(w @ va), float(w @ vb), mean, tuple(interval), pb, ps, pw, ib, is_, iw)


def _comparison(seat, kind, ta, tb, name_a, name_b, xa, xb, weights, exact, ess, hands, shown, examples, advice,
                n, seed, valuation, valuation_text, tricks=None) -> Comparison:
    """The :class:`Comparison` of two options or cards ``xa``, ``xb`` (each with ``world_points`` and, with a score,
    ``world_wins``, over the same worlds)."""
    points = _paired("points", xa.world_points, xb.world_points, weights, exact, ess)
    game = None
    if xa.world_wins is not None:
        game = _paired("game", xa.world_wins, xb.world_wins, weights, exact, ess)
    by = "points" if game is None else "game"
    va, vb = (xa.world_points, xb.world_points) if game is None else (xa.world_wins, xb.world_wins)

    def detail(j):
        if tricks is None:
            return {}
        return {"a_tricks": _figure(tricks[0][j]), "b_tricks": _figure(tricks[1][j])}

    shown_examples = {}
    # each outcome as choice_examples sees it: "better" is B doing worse than A, "worse" A doing worse than B
    for outcome, (first, second, vfirst, vsecond, where) in {
            "better": (tb, ta, vb, va, "worse"), "same": (ta, tb, va, vb, "same"),
            "worse": (ta, tb, va, vb, "worse")}.items():
        got = choice_examples(first, second, vfirst, vsecond, hands, weights, shown, examples, detail, where)
        out = []
        for e in got["examples"]:
            e.pop("world")
            pa_, pb_ = (e.pop("best"), e.pop("played")) if outcome == "better" else (e.pop("played"), e.pop("best"))
            out.append({"hands": e.pop("hands"), "weight": e.pop("weight"), "a": pa_, "b": pb_, **e})
        shown_examples[outcome] = out
    return Comparison(Seat(seat), kind, ta, tb, name_a, name_b, by, points, game, int(n), float(ess), bool(exact),
                      seed, valuation, valuation_text, shown_examples, advice)


def _figure(x):
    """A world's figure: an int when whole, else rounded to 4 places."""
    return int(round(float(x))) if abs(float(x) - round(float(x))) < SAME else round(float(x), 4)
