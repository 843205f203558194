"""Par: the auction of a deal when every seat sees every card and bids best, and its result.

Bridge solvers (DDS ``CalcPar``) give the *par* of a deal: the contract the
auction reaches when all four hands are known to all and every side bids to
maximise its score. Here the auction is euchre's, decision by decision in the
order the rules engine (:mod:`solver.game.hand`) takes them: the dealer names
the suit of a turned-up joker; round 1 (pass or order up, from the dealer's
left); when someone orders up, the dealer picks up and discards; the maker says
whether it goes alone; call for best (``Rules.partners_best``): a loner's partner
passes it a card, then the loner discards one; against a loner (``Rules.defend_alone``) each defender in
turn from the dealer's left says whether it defends alone; round 2 (pass or
name another suit, or no trump under ``Rules.allow_no_trump``; a stuck dealer must name one); all
passing twice throws the
hand in (0 points). The kitty exchanges (``Rules.farmers``, ``Rules.go_under``) come before the auction and
need the kitty's cards: the deal given is the hands after any exchange, and the par starts at round 1 (the
exchange itself is weighed by :func:`solver.advise_exchange`). Every contract reached is played double dummy
(:func:`solver.dd.solve`) and scored by the :class:`~solver.rules.Rules`.

Each decision is the best reply to the best decisions after it (backward
induction over the perfect-information auction, a subgame-perfect line): the
deciding seat maximises its side's *net points*, the points its side scores
minus the points the other side scores (one side scores per hand, so this is
zero-sum). The par line is unique in value; its calls are made unique by the
tie rule: **among choices of equal value the first in this order is taken:
pass before making trump; playing with partner before going alone; defending
with partner before defending alone; suits clubs, diamonds, hearts, spades, then no trump;
the dealer's discards by card index (9s before tens, ..., clubs before
diamonds within a rank)**. So a seat does not bid, nor go alone, unless it
gains by it.

>>> p = par("N:Jh Jd Ah Kh Qh E:9s Ts Js Qs Ks S:9c Tc Jc Qc Kc W:9d Td Qd Kd Ad", upcard="9h", dealer="S")
>>> p.summary()             # N would order up alone and march (+4): W, first to bid, sacrifices
'W orders up, NS +2'
>>> [str(step) for step in p.steps]
['W: order (EW -2)', 'S: discard 9c (NS +2)', 'W: partner (EW -2)']
>>> p.steps[0].options
{'pass': -4, 'order': -2}
"""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass, field

import numpy as np

from .dd import DDTable, dd_table, solve, solve_batch
from .cards import JOKER, Card, Seat, Suit, cards_of, parse_deal, trump_of
from .capabilities import check_covers
from .errors import ArgumentError, PositionError, plural, quoted
from .game.actions import Action
from .game.deal import DealCards
from .game.hand import Hand
from .laws import (MAKE_TRICKS, TRICKS, bidding_order, call_name, contracts, first_leader, makers_points, may_go_alone,
                   must_go_alone, seats_mask, side_name, side_of)
from .position import Position
from .rules import Rules

__all__ = ["Par", "ParStep", "par", "par_table", "par_value", "par_values"]


@dataclass(frozen=True)
class ParStep:
    """One decision of the par auction.

    Attributes:
        seat: the :class:`Seat` deciding.
        action: the decision taken, as the rules engine writes it (:class:`~solver.game.Action`
            text): ``pass``, ``order``, ``call h``, ``name h``, ``discard Ts``, ``alone``,
            ``partner``, ``defend alone``, ``defend partner``.
        net: the deciding seat's side's net points after it, every later decision best
            (int, points: its side's points minus the other side's).
        options: every choice open to the seat, in the tie order, ``{action text: net}``
            (the same units and side as ``net``).
        side: the deciding seat's side name (``NS``, ``EW``; two-player ``N``, ``S``).
    """

    seat: Seat
    action: str
    net: int
    options: dict
    side: str

    def __str__(self) -> str:
        return f"{self.seat}: {self.action} ({self.side} {self.net:+d})"

    def to_dict(self) -> dict:
        """JSON-ready form: ``seat``, ``action``, ``side``, ``net``, ``options`` ``{action: net}``."""
        return {"seat": str(self.seat), "action": self.action, "side": self.side, "net": self.net,
                "options": dict(self.options)}


@dataclass(frozen=True)
class Par:
    """The par of a deal (see the module docs): the best auction's decisions and the result.

    Attributes:
        dealer: the dealer's :class:`Seat`; ``upcard`` the turned-up :class:`Card`.
        steps: the par auction, a tuple of :class:`ParStep` in order (bids, the joker's
            named suit, the dealer's discard, the alone and defend-alone decisions).
        trump: the trump :class:`Suit`, ``None`` when the hand is thrown in.
        maker: the :class:`Seat` that made trump (``None`` when thrown in).
        alone: the loner's seat or ``None``; ``defender_alone`` a lone defender's or ``None``.
        discard: the dealer's discard (a :class:`Card`) when someone ordered up, else ``None``.
        round: the bidding round trump was made in (1 or 2; ``None`` when thrown in).
        tricks: ``{side name: tricks}`` the contract takes double dummy (``None`` when thrown in).
        points: ``{side name: points}``, the side that scores (empty when thrown in).
        net: points to side 0 (NS, or N) minus points to side 1 (EW, or S) (int).
    """

    dealer: Seat
    upcard: Card
    steps: tuple
    trump: Suit | None
    maker: Seat | None
    alone: Seat | None
    defender_alone: Seat | None
    discard: Card | None
    round: int | None
    tricks: dict | None
    points: dict
    net: int
    rules: Rules = field(repr=False)

    @property
    def thrown_in(self) -> bool:
        return self.trump is None

    def contract(self) -> str:
        """The contract in words: ``E orders up alone``, ``S calls spades``, ``thrown in``."""
        if self.thrown_in:
            return "thrown in"
        kind = "order" if self.round == 1 else "call"
        name = call_name(kind, self.trump, self.maker, self.dealer, self.rules.players, self.alone is not None)
        for now, third in (("order up", "orders up"), ("assist", "assists"), ("pick it up", "picks it up"),
                           ("call ", "calls ")):
            if name.startswith(now):
                name = third + name[len(now):]
                break
        text = f"{self.maker} {name}"
        if self.defender_alone is not None:
            text += f", {self.defender_alone} defends alone"
        return text

    def summary(self) -> str:
        """One line: the contract and who scores, ``E orders up alone, EW +4`` (``thrown in, 0``)."""
        if not self.points:
            return f"{self.contract()}, 0"
        (side, pts), = self.points.items()
        return f"{self.contract()}, {side} +{pts}"

    def to_dict(self) -> dict:
        """JSON-ready form: ``dealer``, ``upcard``, ``contract`` (words), ``summary``, ``trump``,
        ``maker``, ``round``, ``alone``, ``defender_alone``, ``discard`` (letters or ``None``),
        ``tricks``, ``points``, ``net`` and ``steps`` (see :meth:`ParStep.to_dict`)."""
        text = (lambda v: None if v is None else str(v))
        return {"dealer": str(self.dealer), "upcard": str(self.upcard), "contract": self.contract(),
                "summary": self.summary(), "trump": text(self.trump), "maker": text(self.maker),
                "round": self.round, "alone": text(self.alone), "defender_alone": text(self.defender_alone),
                "discard": text(self.discard), "tricks": None if self.tricks is None else dict(self.tricks),
                "points": dict(self.points), "net": self.net, "steps": [s.to_dict() for s in self.steps]}


@dataclass(frozen=True)
class _Line:
    """A subgame's value (net points to side 0) and the decisions that reach it."""

    value: int
    steps: tuple
    end: tuple          # (trump, maker, alone, defender_alone, discard, round, side0 tricks) or () thrown in


class _Auction:
    """The par auction of one deal: backward induction over the decisions, contracts solved once each."""

    def __init__(self, hands: tuple, upcard: Card, dealer: Seat, rules: Rules):
        self.hands, self.upcard, self.dealer, self.rules = hands, upcard, dealer, rules
        self.players = rules.players
        self.order = bidding_order(dealer, self.players)
        self.solved = {}        # (trump, hands in play, leader, alone, defender) -> side 0's tricks

    # -- one decision ------------------------------------------------------------------
    def choose(self, seat: Seat, options: list) -> _Line:
        """The best of ``options`` (``[(action text, thunk -> _Line)]`` in the tie order) for ``seat``'s side."""
        side = side_of(seat, self.players)
        sign = 1 if side == 0 else -1
        lines = [(text, thunk()) for text, thunk in options]
        best_text, best = lines[0]
        for text, line in lines[1:]:
            if sign * line.value > sign * best.value:        # strictly better: ties keep the earlier
                best_text, best = text, line
        step = ParStep(seat, best_text, sign * best.value, {t: sign * line.value for t, line in lines},
                       side_name(side, self.players))
        return _Line(best.value, (step,) + best.steps, best.end)

    # -- the auction ---------------------------------------------------------------------
    def start(self) -> _Line:
        if self.upcard == JOKER:
            return self.choose(self.dealer, [(str(Action.name(s)), lambda s=s: self.round1(0, s)) for s in Suit])
        return self.round1(0, self.upcard.suit)

    def round1(self, i: int, proposed: Suit) -> _Line:
        seat = self.order[i]
        after_pass = ((lambda: self.round1(i + 1, proposed)) if i + 1 < len(self.order)
                      else (lambda: self.round2(0, proposed)))
        return self.choose(seat, [("pass", after_pass), ("order", lambda: self.discard(seat, proposed))])

    def round2(self, i: int, turned_down: Suit) -> _Line:
        seat = self.order[i]
        options = []
        if not (seat == self.dealer and self.rules.stick_the_dealer):
            after_pass = ((lambda: self.round2(i + 1, turned_down)) if i + 1 < len(self.order)
                          else (lambda: _Line(0, (), ())))
            options.append(("pass", after_pass))
        for suit in contracts(self.rules):         # no trump too, under Rules.allow_no_trump
            if suit != turned_down:
                options.append((f"call {suit}", lambda suit=suit: self.alone(seat, suit, self.hands, None, 2)))
        return self.choose(seat, options)

    def discard(self, maker: Seat, trump: Suit) -> _Line:
        d = self.dealer
        six = self.hands[d] | self.upcard.mask
        options = []
        for card in cards_of(six):
            if card == self.upcard and not self.rules.dealer_may_discard_upcard:
                continue
            hands = list(self.hands)
            hands[d] = six & ~card.mask
            options.append((f"discard {card}",
                            lambda hands=tuple(hands), card=card: self.alone(maker, trump, hands, card, 1)))
        return self.choose(d, options)

    def alone(self, maker: Seat, trump: Suit, hands: tuple, discard, rnd: int) -> _Line:
        if not may_go_alone(self.players):
            return self.contract(maker, trump, hands, discard, rnd, None, None)
        lone = self.exchange if self.rules.partners_best else (
            lambda maker, trump, hands, discard, rnd: self.defend(maker, trump, hands, discard, rnd, 0))
        if must_go_alone(maker, self.dealer, rnd, self.rules):        # Canadian loners
            return self.choose(maker, [("alone", lambda: lone(maker, trump, hands, discard, rnd))])
        return self.choose(maker, [
            ("partner", lambda: self.contract(maker, trump, hands, discard, rnd, None, None)),
            ("alone", lambda: lone(maker, trump, hands, discard, rnd)),
        ])

    def exchange(self, maker: Seat, trump: Suit, hands: tuple, discard, rnd: int) -> _Line:
        """Call for best: the loner's partner passes one of its cards, then the loner throws one of its six."""
        partner = Seat(maker).partner
        options = []
        for card in cards_of(hands[partner]):
            given = list(hands)
            given[partner] &= ~card.mask
            given[maker] |= card.mask
            options.append((str(Action.give(card)),
                            lambda given=tuple(given): self.loner_discard(maker, trump, given, discard, rnd)))
        return self.choose(partner, options)

    def loner_discard(self, maker: Seat, trump: Suit, hands: tuple, discard, rnd: int) -> _Line:
        options = []
        for card in cards_of(hands[maker]):
            kept = list(hands)
            kept[maker] &= ~card.mask
            options.append((str(Action.discard(card)),
                            lambda kept=tuple(kept): self.defend(maker, trump, kept, discard, rnd, 0)))
        return self.choose(maker, options)

    def defend(self, maker: Seat, trump: Suit, hands: tuple, discard, rnd: int, asked: int) -> _Line:
        if not self.rules.defend_alone or asked == 2:
            return self.contract(maker, trump, hands, discard, rnd, maker, None)
        defenders = [s for s in self.order if side_of(s) != side_of(maker)]
        seat = defenders[asked]
        return self.choose(seat, [
            ("defend partner", lambda: self.defend(maker, trump, hands, discard, rnd, asked + 1)),
            ("defend alone", lambda: self.contract(maker, trump, hands, discard, rnd, maker, seat)),
        ])

    # -- a contract, played double dummy ---------------------------------------------------------
    def contract(self, maker: Seat, trump: Suit, hands: tuple, discard, rnd: int, alone, defender) -> _Line:
        out = {Seat(lone).partner for lone in (alone, defender) if lone is not None}
        in_play = tuple(0 if s in out else hands[s] for s in range(4))
        leader = first_leader(self.dealer, self.rules, alone, defender)
        makers = side_of(maker, self.players)
        key = (trump, in_play, leader, alone, defender)
        if key not in self.solved:
            pos = Position(in_play, trump, leader, (), makers, alone, defender, (0, 0), self.rules)
            self.solved[key] = solve(pos).tricks[side_name(0, self.players)]
        side0 = self.solved[key]
        makers_tricks = side0 if makers == 0 else 5 - side0
        pts = makers_points(makers_tricks, self.rules, alone is not None, defender is not None)
        value = pts if makers == 0 else -pts
        return _Line(value, (), (trump, maker, alone, defender, discard, rnd, side0))


def par(deal: str, upcard, dealer="S", rules: Rules | None = None) -> Par:
    """The par of a full deal: the auction when every seat sees every card and bids best.

    Args:
        deal: every hand of five, ``"N:<hand> E:<hand> S:<hand> W:<hand>"`` (two-player: N and S), or
            parsed, ``{Seat: list[Card]}`` as :func:`~solver.cards.parse_deal` returns it.
        upcard: the turned-up card (text such as ``"9c"``, or a :class:`Card`); the other
            kitty cards take no part.
        dealer: the dealer's seat.
        rules: :class:`Rules`, a dict of options, or ``None`` for the defaults.

    Returns: a :class:`Par` (its ``steps`` the par auction, then the contract, double-dummy
    tricks and points); the decision order and the tie rule are in the module docs.
    Cost: one double-dummy solve per distinct contract (about 40 for a four-player deal,
    more with ``defend_alone``).

    Raises :class:`~solver.PositionError` for a hand not of five cards,
    :class:`~solver.CardError` or :class:`~solver.IllegalActionError` for a bad card or
    upcard (a card twice, the joker without ``Rules(joker=True)``), :class:`~solver.RulesError` for bad rules or the dummy-hands
    variant (not built for par), :class:`~solver.CardError` for a bad dealer.
    """
    rules = Rules.coerce(rules)
    check_covers("par", rules)
    if not isinstance(deal, (str, Mapping)):
        raise ArgumentError(f"par() expects a deal as text ('N:Jh Ah Kh 9c 9s E:...'), got {quoted(deal, 60)}")
    for seat, cards in parse_deal(deal, rules.players).items():
        if cards is None or len(cards) != 5:
            got = "is unknown ('-')" if cards is None else f"holds {plural(len(cards), 'card')}"
            raise PositionError(f"{seat} {got}: a par needs every hand of 5 cards")
    hand = Hand(rules, dealer)
    hand.apply(DealCards.parse(deal, upcard, None, rules))
    hands = tuple(hand.dealt(s) for s in range(4))
    auction = _Auction(hands, hand.upcard, hand.dealer, rules)
    line = auction.start()
    if not line.end:
        return Par(hand.dealer, hand.upcard, line.steps, None, None, None, None, None, None, None, {}, 0, rules)
    trump, maker, alone, defender, discard, rnd, side0 = line.end
    tricks = {side_name(0, rules.players): side0, side_name(1, rules.players): 5 - side0}
    points = {} if line.value == 0 else {side_name(0 if line.value > 0 else 1, rules.players): abs(line.value)}
    return Par(hand.dealer, hand.upcard, line.steps, trump_of(trump), Seat(maker), alone, defender,
               discard, rnd, tricks, points, line.value, rules)


def par_value(hands: tuple, upcard, dealer, rules: Rules) -> int:
    """The par's net points to side 0 (NS; two-player N) of a deal given as card bitmasks: ``hands`` 4 ints
    (N E S W, 0 for a seat out of the game), all of five cards; ``upcard`` a :class:`Card`. The number
    :func:`par` reports as ``net``, without its parsing or its line (the kitty-exchange advice calls it per
    world). The caller checks the hands; the kitty exchanges are taken as over (the auction starts at round 1).

    Raises :class:`~solver.RulesError` for the dummy-hands variant."""
    check_covers("par", rules)
    return _Auction(tuple(int(h) for h in hands), Card(upcard), Seat(dealer), rules).start().value


def par_table(deal: str, upcard, dealer="S", rules: Rules | None = None) -> DDTable:
    """The double-dummy table of a full deal (:func:`solver.dd_table`) with its par in
    :attr:`DDTable.par` (and ``"par"`` in :meth:`DDTable.to_dict`): what `euchre table --upcard`
    and ``POST /v1/table`` with an upcard answer. Arguments and errors as :func:`par`'s."""
    found = par(deal, upcard=upcard, dealer=dealer, rules=rules)
    return dataclasses.replace(dd_table(deal, dealer, rules), par=found)


#: Deals whose par contracts :func:`par_values` solves in one batch: bounds the memory (every distinct contract
#: of the auction, up to about 3,100 under every house rule, times this many rows of 4 hands: 26 MB).
PAR_CHUNK = 512


def _nth_cards(masks: np.ndarray, count: int) -> list:
    """The bitmask of each row's k-th lowest card, k = 0..count-1 (``cards_of`` order), as uint32 arrays."""
    rest, out = masks.astype(np.int64), []
    for _ in range(count):
        low = rest & -rest
        out.append(low.astype(np.uint32))
        rest = rest ^ low
    return out


class _BatchAuction:
    """:class:`_Auction`'s value over many deals at once (same dealer, upcard and rules; no turned-up joker;
    four players): the auction is walked once for the whole batch, each distinct contract becoming one column
    of a single :func:`solver.dd.solve_batch` call, and each decision a ``max``/``min`` over its options'
    arrays. Only the values are kept (ties do not change a value), so the lines stay :class:`_Auction`'s.

    Why: walking the auction deal by deal costs about 50 us of Python per contract, and under ``partners_best``
    and ``defend_alone`` a par has over 2,000 distinct contracts (the partner's five cards times the loner's
    six discards, each against every lone defender), which made the kitty-exchange advice take minutes.
    Each contract is solved for its scoring band only (euchred, made, march: all the points depend on), and
    a loner throwing back the card its partner passed is one contract, whichever card that was."""

    def __init__(self, hands: np.ndarray, upcard: Card, dealer: Seat, rules: Rules):
        self.hands = [np.ascontiguousarray(hands[:, s], dtype=np.uint32) for s in range(4)]
        self.n = len(hands)
        self.upcard, self.dealer, self.rules = upcard, Seat(dealer), rules
        self.order = bidding_order(dealer, 4)
        self.leaves = {}          # contract key -> column
        self.columns = []         # (trump, leader, in_play mask, makers' side, [4 hand arrays])
        self.leaders = {}
        # the makers' points by scoring band (0 euchred, 1 made, 2 march): makers_points at 0, 3 and 5 tricks
        self.points = {(a, d): np.array([makers_points(t, rules, a, d) for t in (0, MAKE_TRICKS, TRICKS)],
                                        dtype=np.int64) for a in (False, True) for d in (False, True)}

    def value(self) -> np.ndarray:
        """int64 (n,): each deal's par, net points to side 0."""
        tree = self.round1(0, self.upcard.suit)
        k, n = len(self.columns), self.n
        hands = np.empty((n, k, 4), dtype=np.uint32)      # deal-major: one deal's contracts share table entries
        for c, column in enumerate(self.columns):
            for s in range(4):
                hands[:, c, s] = column[4][s]
        meta = np.tile(np.array([c[:4] for c in self.columns], dtype=np.uint8), (n, 1))
        bands = solve_batch(hands.reshape(n * k, 4), np.ascontiguousarray(meta[:, 0]), np.ascontiguousarray(meta[:, 1]),
                            np.ascontiguousarray(meta[:, 3]), np.ascontiguousarray(meta[:, 2]), bands=True)
        return self.evaluate(tree, bands.reshape(n, k))

    def evaluate(self, tree, bands) -> np.ndarray:
        kind = tree[0]
        if kind == "const":
            return np.zeros(self.n, dtype=np.int64)
        if kind == "leaf":
            _k, column, makers, alone, defender = tree
            pts = self.points[alone, defender][bands[:, column]]
            return pts if makers == 0 else -pts
        _k, side, options = tree
        values = [self.evaluate(t, bands) for t in options]
        return np.maximum.reduce(values) if side == 0 else np.minimum.reduce(values)

    # -- the auction, as _Auction's (the same decisions and options) ---------------------------------
    def choose(self, seat, options: list):
        return ("node", side_of(seat), options) if len(options) > 1 else options[0]

    def round1(self, i: int, proposed):
        seat = self.order[i]
        after = self.round1(i + 1, proposed) if i + 1 < 4 else self.round2(0, proposed)
        return self.choose(seat, [after, self.discard(seat, proposed)])

    def round2(self, i: int, turned_down):
        seat = self.order[i]
        options = []
        if not (seat == self.dealer and self.rules.stick_the_dealer):
            options.append(self.round2(i + 1, turned_down) if i + 1 < 4 else ("const",))
        for suit in contracts(self.rules):
            if suit != turned_down:
                options.append(self.alone(seat, suit, self.hands, ("r2",), 2))
        return self.choose(seat, options)

    def discard(self, maker, trump):
        d = self.dealer
        held = self.hands[d] | np.uint32(self.upcard.mask)
        # without dealer_may_discard_upcard the upcard stays: the dealer throws one of its own five
        cards = _nth_cards(held, 6) if self.rules.dealer_may_discard_upcard else _nth_cards(self.hands[d], 5)
        options = []
        for k, card in enumerate(cards):
            hands = list(self.hands)
            hands[d] = held & ~card
            options.append(self.alone(maker, trump, hands, ("r1", k), 1))
        return self.choose(d, options)

    def alone(self, maker, trump, hands, how, rnd: int):
        lone = self.exchange if self.rules.partners_best else (
            lambda maker, trump, hands, how, rnd: self.defend(maker, trump, hands, how, 0))
        if must_go_alone(maker, self.dealer, rnd, self.rules):
            return lone(maker, trump, hands, how, rnd)
        return self.choose(maker, [self.contract(maker, trump, hands, how, None, None),
                                   lone(maker, trump, hands, how, rnd)])

    def exchange(self, maker, trump, hands, how, rnd: int):
        partner = Seat(maker).partner
        options = []
        for j, card in enumerate(_nth_cards(hands[partner], 5)):
            given = list(hands)
            given[partner] = hands[partner] & ~card
            given[maker] = hands[maker] | card
            options.append(self.loner_discard(maker, trump, hands, given, how, j))
        return self.choose(partner, options)

    def loner_discard(self, maker, trump, before, hands, how, j: int):
        """The loner's six: throwing back the card just passed leaves its own five (the partner sits out),
        the same contract whichever card that was; else one of its own five goes."""
        options = [self.defend(maker, trump, before, how + ("own",), 0)]
        for i, card in enumerate(_nth_cards(before[maker], 5)):
            kept = list(hands)
            kept[maker] = hands[maker] & ~card
            options.append(self.defend(maker, trump, kept, how + (j, i), 0))
        return self.choose(maker, options)

    def defend(self, maker, trump, hands, how, asked: int):
        if not self.rules.defend_alone or asked == 2:
            return self.contract(maker, trump, hands, how, maker, None)
        seat = [s for s in self.order if side_of(s) != side_of(maker)][asked]
        return self.choose(seat, [self.defend(maker, trump, hands, how, asked + 1),
                                  self.contract(maker, trump, hands, how, maker, seat)])

    def contract(self, maker, trump, hands, how, alone, defender):
        makers = side_of(maker)
        key = (int(trump), how, makers, alone, defender)    # the hands follow from how and the loner's seat
        if key not in self.leaves:
            if (alone, defender) not in self.leaders:
                self.leaders[alone, defender] = int(first_leader(self.dealer, self.rules, alone, defender))
            out = {Seat(lone).partner for lone in (alone, defender) if lone is not None}
            zero = np.zeros(self.n, dtype=np.uint32)
            self.leaves[key] = len(self.columns)
            self.columns.append((int(trump), self.leaders[alone, defender], seats_mask(4, alone, defender), makers,
                                 [zero if s in out else hands[s] for s in range(4)]))
        return ("leaf", self.leaves[key], makers, alone is not None, defender is not None)


def par_values(hands, upcard, dealer, rules: Rules) -> np.ndarray:
    """:func:`par_value` of many deals with the same upcard and dealer: ``hands`` an integer array (n, 4) of card
    bitmasks (N E S W), every hand of five; returns an int64 array (n,) of the par's net points to side 0.

    The same numbers as ``par_value`` row by row (the same auction and scoring), in one batch of double-dummy
    solves per :data:`PAR_CHUNK` deals: what the kitty-exchange advice values its worlds with. A turned-up
    joker or two players are valued deal by deal. The caller checks the hands.

    Raises :class:`~solver.RulesError` for the dummy-hands variant."""
    check_covers("par", rules)
    hands = np.asarray(hands, dtype=np.uint32).reshape(-1, 4)
    up = Card(upcard)
    if up == JOKER or rules.players != 4:
        return np.array([par_value(tuple(int(h) for h in row), up, dealer, rules) for row in hands], dtype=np.int64)
    out = np.empty(len(hands), dtype=np.int64)
    for start in range(0, len(hands), PAR_CHUNK):
        out[start:start + PAR_CHUNK] = _BatchAuction(hands[start:start + PAR_CHUNK], up, Seat(dealer), rules).value()
    return out
