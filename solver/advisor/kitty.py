"""Kitty-exchange advice (``Rules.farmers``, ``Rules.go_under``): take the exchange or keep the hand, and which
three cards to give.

The decision comes before the bidding (docs/rules.md, "Kitty exchanges"): the seat offered the exchange sees its
own five cards and the upcard; the three face-down kitty cards and the other hands are unseen. The advisor deals
the unseen cards over worlds, uniformly among the placements consistent with that (:func:`solver.worlds.bid_space`;
every placement when there are at most ``exact_limit``), and values each choice in every world by the **par** of
the deal that results (:mod:`solver.par`): the auction when every seat sees every card and bids best, each
contract played double dummy. A choice's figure is the mean over the worlds of its side's *net points* at par
(the points its side scores minus the other side's, per hand), with a 95% interval (Student's t; a single point
when the worlds are every placement); the recommendation is the highest (ties: keep the hand, then the first
exchange in action-code order), and the margin its paired lead over the next best.

Stated simplifications: par is double dummy and assumes every seat bids best with all cards seen, so it values
the hand that results, not how a real auction would use it; the seats asked before this one kept their hands,
which says something of their cards, but that is not used (the worlds are uniform); and after the exchange the
auction is not told who exchanged (under par every seat sees every card anyway).
"""
from __future__ import annotations

import warnings
from dataclasses import dataclass, field

import numpy as np

from ..cards import JOKER, Card, Seat, cards_of, format_cards, mask_of, parse_cards
from ..capabilities import check_covers
from ..errors import ArgumentError, CardError, IllegalActionError, PositionError, RulesError
from ..game.actions import KEEP, Action, Phase
from ..game.deal import DealCards
from ..game.hand import Hand
from ..game.seat import view_from_dict
from ..game.view import SeatView
from ..laws import check_seat, kitty_exchange_choices, kitty_exchanges, side_name, side_of
from ..par import par_values
from ..rules import Rules
from ..seeds import exchange_seed
from ..stats import mean_interval
from ..worlds import EXACT_LIMIT, Worlds, bid_space
from .method import Method, check_reads

__all__ = ["ExchangeAdvice", "ExchangeOption", "advise_exchange", "exchange_values", "exchange_question_view",
           "exchange_view", "EXCHANGE_WORLDS"]


@dataclass(frozen=True)
class ExchangeOption:
    """One choice at the kitty exchange.

    Attributes:
        action: the rules engine's words (:class:`~solver.game.Action` text): ``"keep"``, ``"farmers 9c 9d Tc"``,
            ``"go under 9c Tc Qd"``.
        expected_points: the mean over the worlds of the seat's side's net points at par (points a hand).
        points_interval: its 95% interval ``(low, high)``.
        gain: ``expected_points`` minus keeping the hand's (0 for ``keep``), paired over the same worlds.
    """

    action: str
    expected_points: float
    points_interval: tuple
    gain: float

    def to_dict(self) -> dict:
        return {"action": self.action, "expected_points": round(self.expected_points, 4),
                "points_interval": [round(x, 4) for x in self.points_interval], "gain": round(self.gain, 4)}


@dataclass(frozen=True)
class ExchangeAdvice:
    """The kitty-exchange advice for one seat (:func:`advise_exchange`).

    Attributes:
        seat, dealer: the :class:`Seat` s; hand: the seat's five cards as text; upcard: the :class:`Card`.
        options: every choice (:class:`ExchangeOption`), keep first, then the exchanges by action code.
        best: the recommended choice's ``action``; margin, margin_interval: its paired lead in expected
            points over the next best, with a 95% interval.
        worlds: the worlds used; exact: they are every placement of the unseen cards; seed: the sampling seed.
        valuation: ``"par"`` (see the module docs); side: the seat's side name.
    """

    seat: Seat
    dealer: Seat
    hand: str
    upcard: Card
    rules: Rules
    options: list
    best: str
    margin: float
    margin_interval: tuple
    worlds: int
    exact: bool
    seed: int | None
    side: str
    valuation: str = "par"
    notes: list = field(default_factory=list)

    @property
    def recommended(self) -> ExchangeOption:
        return next(o for o in self.options if o.action == self.best)

    def to_dict(self) -> dict:
        """JSON-ready: the inputs, every option, the recommendation and the margin."""
        return {"seat": self.seat.name, "dealer": self.dealer.name, "hand": self.hand, "upcard": str(self.upcard),
                "side": self.side, "valuation": self.valuation, "worlds": self.worlds, "exact": self.exact,
                "seed": self.seed, "best": self.best, "margin": round(self.margin, 4),
                "margin_interval": [round(x, 4) for x in self.margin_interval],
                "options": [o.to_dict() for o in self.options], "rules": self.rules.to_dict()}

    def __str__(self) -> str:
        how = "every placement" if self.exact else f"{self.worlds} worlds"
        lines = [f"{self.seat} holds {self.hand}, upcard {self.upcard} (dealer {self.dealer}): kitty exchange, "
                 f"valued by the par of each deal ({self.side}'s net points a hand, {how})"]
        width = max(len(o.action) for o in self.options)
        for o in self.options:
            lo, hi = o.points_interval
            mark = "  <- best" if o.action == self.best else ""
            lines.append(f"  {o.action:<{width}}  {o.expected_points:+.3f}  [{lo:+.3f}, {hi:+.3f}]  "
                         f"vs keep {o.gain:+.3f}{mark}")
        lo, hi = self.margin_interval
        tied = [o.action for o in self.options if o.action != self.best
                and o.expected_points == self.recommended.expected_points]
        if tied or self.margin == 0:
            lines.append(f"best: {self.best}, a tie: {', '.join(tied) or 'the next best'} "
                         f"{'has' if len(tied) < 2 else 'have'} the same mean (the first in the order above is taken)")
        else:
            lines.append(f"best: {self.best}, by {self.margin:.3f} points [{lo:+.3f}, {hi:+.3f}]")
        return "\n".join(lines)


def exchange_values(worlds: Worlds, seat, dealer, upcard, rules: Rules, choices) -> np.ndarray:
    """float (len(choices), n): the seat's side's net points at par in each world after each choice.

    ``choices``: ``[(kind or None, given bitmask), ...]`` (``None``: keep). In a world the seat's hand becomes
    its hand less ``given`` plus the kitty's face-down cards (the kitty less the upcard); the par is
    :func:`solver.par.par_value` of the deal with those hands, under ``rules`` with the exchange over, every
    world and choice valued in one batch (:func:`solver.par.par_values`)."""
    seat, up = int(seat), Card(upcard)
    after = rules.replace(farmers=False, go_under=False)
    sign = 1 if side_of(seat, rules.players) == 0 else -1
    hands = np.asarray(worlds.hands, dtype=np.uint32)
    face_down = np.asarray(worlds.kitty, dtype=np.uint32) & np.uint32(~up.mask & 0xFFFFFFFF)
    # a farmer's three and going under with the same three leave the same deal: valued once
    givens = list(dict.fromkeys(None if kind is None else given for kind, given in choices))
    deals = np.repeat(hands[None, :, :], len(givens), axis=0)        # (deal after a choice, world, seat)
    for i, given in enumerate(givens):
        if given is not None:
            deals[i, :, seat] = (hands[:, seat] & np.uint32(~given & 0xFFFFFFFF)) | face_down
    values = sign * par_values(deals.reshape(-1, 4), up, Seat(dealer), after).reshape(len(givens), len(worlds))
    return values[[givens.index(None if kind is None else given) for kind, given in choices]].astype(float)


#: Worlds of exchange advice when the method leaves them to the advisor (:attr:`Method.worlds` ``None``).
EXCHANGE_WORLDS = 200


def advise_exchange(view, method=None, *old, **old_keywords) -> ExchangeAdvice:
    """Advice for the kitty exchange (``Rules.farmers`` / ``Rules.go_under``) from the seat's view: keep the hand
    or take the exchange, and which three cards to give, each valued by the par of the resulting deal over the
    worlds of the seat's view (see the module docs).

    ``advise_exchange(view, method)``: ``view`` the seat's :class:`~solver.game.SeatView` at its turn in the
    exchange phase (``Hand.view(seat)``; :func:`solver.advisor.kitty.exchange_question_view` from the pieces), or a dict of its keys;
    ``method`` a :class:`~solver.Method` (or a dict of its members, or ``None``): its worlds
    (default 200), seed (``None``: derived from the question, ``solver.seeds.exchange_seed()``) and exact_limit
    are read (``solver.advisor.method.READS``); another member given (``examples``, ``score``, ...) is refused by
    name, an :class:`~solver.errors.ArgumentError`.

    Deprecated for one release, with a :class:`DeprecationWarning`: the question in pieces,
    ``advise_exchange(hand, upcard, seat, dealer, rules=None, worlds=200, seed=None, *, exact_limit=...)``, as
    below (``worlds`` may there be a :class:`~solver.worlds.Worlds` of the caller's).

    Args:
        hand: the seat's five cards as dealt (text such as ``"9c 9d Tc Qh Qs"`` or a list of cards).
        upcard: the turned-up card. seat, dealer: seats (``"N"``, ...).
        rules: :class:`Rules` with ``farmers`` or ``go_under`` (a dict or ``None`` as :meth:`Rules.coerce`).
        worlds: how many placements of the unseen cards to sample (10..100,000), or a
            :class:`~solver.worlds.Worlds` of the caller's (every row must give the seat ``hand`` and put the
            upcard in the kitty; an enumeration is then read as exact).
        seed: int seed of the sampling (``None``: derived from the question, ``solver.seeds.exchange_seed()``,
            as at the CLI and HTTP doors; recorded in :attr:`ExchangeAdvice.seed`).
        exact_limit: use every placement when there are at most this many.

    Cost: one par per world and choice (keep and up to 10 exchanges), solved in batches: about 0.2 ms a par
    under the default rules, 3 ms under ``partners_best`` and ``defend_alone`` together (docs/performance.md).

    Returns: an :class:`ExchangeAdvice`.

    Raises:
        RulesError: rules with neither ``farmers`` nor ``go_under``.
        IllegalActionError: a hand that qualifies for no exchange (naming why).
        PositionError: a hand not of five cards, the upcard in the hand.
        CardError: a bad card.
        ArgumentError: worlds, seed or exact_limit out of range; worlds that do not fit the seat's view.
        IllegalActionError: a view that is not the seat's turn in the exchange phase (naming the phase).
    """
    if isinstance(view, (SeatView, dict)):
        if old or old_keywords:
            raise ArgumentError("advise_exchange: give the view and the method, or (deprecated) the question in "
                                f"pieces, not both ({(list(old_keywords) or ['a third argument'])[0]!r})")
        return _advise_exchange(exchange_view(view), check_reads(Method.coerce(method), "advise_exchange"))
    warnings.warn("solver.advise_exchange(hand, upcard, seat, dealer, ...) is deprecated and will be removed in the "
                  "next release: use solver.advise_exchange(view, method)", DeprecationWarning, stacklevel=2)
    return _old_advise_exchange(view, method, *old, **old_keywords)


def _old_advise_exchange(hand, upcard, seat, dealer, rules: Rules | None = None, worlds=EXCHANGE_WORLDS, seed=None, *,
                         exact_limit: int = EXACT_LIMIT) -> ExchangeAdvice:
    """The deprecated form of :func:`advise_exchange`: the question in pieces."""
    drawn = worlds if isinstance(worlds, Worlds) else None
    method = check_reads(Method(worlds=None if drawn is not None else worlds, seed=seed, exact_limit=exact_limit),
                         "advise_exchange")
    return _advise_exchange(exchange_question_view(hand, upcard, seat, dealer, rules), method, drawn)


def exchange_view(view) -> SeatView:
    """``view`` (a :class:`~solver.game.SeatView` or a dict of its keys) checked to be the seat's at its turn in
    the kitty exchange phase. Raises :class:`~solver.errors.IllegalActionError` naming the phase otherwise."""
    if isinstance(view, dict):
        view = view_from_dict(view)
    seat = view.seat
    if view.phase is not Phase.EXCHANGE:
        raise IllegalActionError(f"{seat}'s view: the hand is in the {view.phase.value} phase, not the kitty "
                                 f"exchange; exchange advice needs {seat} to keep or exchange")
    if view.to_act != seat:
        raise IllegalActionError(f"{seat}'s view: it is {view.to_act}'s turn at the kitty exchange, not {seat}'s")
    return view


def exchange_question_view(hand, upcard, seat, dealer, rules=None) -> SeatView:
    """The seat's view at its turn in the kitty exchange phase, from the question in pieces (the seat's five cards
    as dealt, the upcard, the seats; the seats before it kept their hands). Raises what :func:`solver.advise_exchange`
    raises for a bad question, with the same messages."""
    rules = Rules.coerce(rules)
    check_covers("advise_exchange", rules)
    cards = parse_cards(hand, what="hand")
    if len(cards) != 5:
        raise PositionError(f"hand {format_cards(cards)!r}: holds {len(cards)} cards, expected 5")
    up = Card(upcard) if isinstance(upcard, (Card, int)) and not isinstance(upcard, bool) else Card.parse(upcard)
    if JOKER in cards or up == JOKER:
        raise CardError("card B: the joker is not in the pack of the kitty exchanges")
    if up in cards:
        raise PositionError(f"upcard {up}: it is also in the hand {format_cards(cards)!r}")
    seat, dealer = check_seat(seat, rules.players, "seat"), check_seat(dealer, rules.players, "dealer")
    mask = mask_of(cards)
    if not kitty_exchanges(mask, rules):
        why = {"farmers": "a farmer's hand holds three nines and tens", "go_under": "a hand that goes under holds no "
               "jack, ace or king"}
        on = [n for n in ("farmers", "go_under") if getattr(rules, n)]
        raise IllegalActionError(f"hand {format_cards(cards)!r}: qualifies for no kitty exchange "
                                 f"({' or '.join(on)}: {', '.join(why[n] for n in on)})")
    known = [0, 0, 0, 0]
    known[int(seat)] = mask
    counts = tuple(0 if s not in rules.seats else 0 if s == int(seat) else 5 for s in range(4))
    hand_ = Hand(rules, dealer)
    hand_.apply(DealCards(tuple(known), up, 0, counts, rules.kitty_size - 1, (0, 0, 0, 0)))
    while hand_.phase is Phase.EXCHANGE and hand_.to_act != seat:    # the seats before it kept their hands
        hand_.apply(KEEP)
    return exchange_view(hand_.view(seat))


def _advise_exchange(view: SeatView, method: Method, drawn: Worlds | None = None) -> ExchangeAdvice:
    """:func:`advise_exchange` of a checked view and method; ``drawn``: the caller's worlds, or ``None``."""
    rules, seat, dealer, up = view.rules, int(view.seat), int(view.dealer), view.upcard
    if up is None:                  # (the exchange comes before the bidding: the upcard is always up)
        raise PositionError(f"{view.seat}'s view: no upcard, so no kitty exchange")
    cards, mask = cards_of(view.hand), view.hand
    seed, exact_limit = method.seed, method.exact_limit
    if drawn is not None:
        if len(drawn) == 0 or (drawn.hands[:, int(seat)] != mask).any() or not (drawn.kitty & np.uint32(up.mask)).all():
            raise ArgumentError("worlds: every world must give the seat its hand and put the upcard in the kitty")
    else:
        seed = exchange_seed(cards, up, seat, dealer, rules) if seed is None else seed
        drawn = bid_space(mask, up, seat, rules).draw(method.worlds_or(EXCHANGE_WORLDS), seed, exact_limit)
    choices = [(None, 0)] + kitty_exchange_choices(mask, rules)
    actions = [KEEP] + [Action.kitty_exchange(kind, cards_of(given)) for kind, given in choices[1:]]
    order = sorted(range(len(choices)), key=lambda i: actions[i].code)
    choices, actions = [choices[i] for i in order], [actions[i] for i in order]
    values = exchange_values(drawn, seat, dealer, up, rules, choices)
    exact = bool(drawn.exact)
    means = values.mean(axis=1)
    keep = values[0]
    options = [ExchangeOption(str(a), float(means[i]), tuple(float(x) for x in mean_interval(values[i], exact)),
                              float(means[i] - keep.mean())) for i, a in enumerate(actions)]
    best = int(np.argmax(means))              # the first maximum: keep, then by action code
    rest = [i for i in range(len(options)) if i != best]
    runner = max(rest, key=lambda i: (means[i], -i))
    diff = values[best] - values[runner]
    margin_interval = tuple(float(x) for x in mean_interval(diff, exact))
    return ExchangeAdvice(Seat(seat), Seat(dealer), format_cards(cards), up, rules, options, options[best].action,
                          float(diff.mean()), margin_interval, len(drawn), exact, seed,
                          side_name(side_of(int(seat), rules.players), rules.players))
