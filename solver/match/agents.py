"""The agent protocol of match play and the built-in agents.

An **agent** is any object with three methods, each given only the seat's
:class:`~solver.game.SeatView` (what ``Hand.view(seat)`` returns) and answering text:

* ``bid(view) -> str``: a call token of the rules kernel (:func:`solver.laws.call_token`):
  ``"pass"``, ``"order"``, ``"order alone"`` (round 1), ``"call h"``, ``"call h alone"``
  (round 2); for a turned-up joker (``Rules(joker=True)``) the dealer's suit named first,
  ``"call h"`` too. Going alone is said with the call: the referee then answers the
  engine's separate alone decision from it.
* ``discard(view) -> str``: the dealer's discard after picking up, a card (``"9c"``); under call
  for best (``Rules.partners_best``) also the loner's discard of its six after the exchange
  (``view.phase`` is ``LONER_DISCARD``).
* ``play(view) -> str``: a card to play.

Optional: ``give(view) -> str`` (call for best: the card the loner's partner passes; without the
method the stated rule :func:`solver.bidding.partners_best_card` gives it); ``exchange(view) -> str`` (the kitty
exchanges, ``Rules.farmers`` / ``go_under``, ``view.phase`` ``EXCHANGE``: ``"keep"``, ``"farmers 9c 9d Tc"`` or
``"go under 9c Tc Qd"``, one of ``legal_tokens(view, "exchange")``; without the method the stated rule
:func:`solver.bidding.kitty_exchange_rule`: take it, giving the three lowest cards); ``defend(view) -> bool`` (``Rules(defend_alone=True)``: defend alone against a
loner; without the method the agent defends with its partner; every built-in agent has it, by its
own rule); ``new_deal(seed)``, called
by the referee before each table with a seed of its own, so an agent that draws at random
gives the same match for the same match seed; ``game_score(score)`` (whole games: the score
before each deal, ``{"NS": 8, "EW": 6}``, else ``None``); ``sees_all = True`` (the double-dummy
agent only): every method then also gets ``hand=`` the engine's :class:`~solver.game.Hand`.

Built-in agents (:func:`make_agent` builds one from its name):

* ``random`` -- :class:`RandomAgent`: uniform over the legal actions (defending alone or not too).
* ``policy`` -- :class:`PolicyAgent`: bids the most likely call of the stochastic bidding
  model (:data:`solver.bidding.DEFAULT_MODEL`) for its own hand; the dealer discards by
  :func:`solver.bidding.dealer_discard`; defends alone with three trumps or more
  (:meth:`PolicyAgent.defend`); plays by the rule of :meth:`PolicyAgent.play`.
* ``advisor`` -- :class:`AdvisorAgent`: bids by :func:`solver.advise`, plays by
  :func:`solver.advise_play`, ``worlds`` per decision (default 200).
* ``double-dummy`` -- :class:`DoubleDummyAgent`: **sees every card** (an upper bound, not a
  fair opponent): bids by solving each call's contract on the real deal, defends alone when
  that scores more double dummy, plays the card that keeps its side's double-dummy tricks highest.
* ``external:COMMAND`` -- :class:`~solver.match.external.ExternalAgent`: a program speaking
  the JSON-lines protocol of :mod:`solver.match.external`.
* ``noisy:P:SPEC`` -- :class:`NoisyAgent`: the agent ``SPEC`` whose every card is, with chance ``P``, a
  uniformly random legal card instead (a weaker player for the ladder, :mod:`solver.match.ladder`).
* ``level:N`` or a level's name -- the agent of level ``N`` of :data:`solver.match.ladder.LEVELS`.
"""
from __future__ import annotations

import random

import numpy as np

from ..bidding import DEFAULT_MODEL, dealer_discard, kitty_exchange_rule, partners_best_card, resolve_model
from ..cards import JOKER, Card, Suit, cards_of
from ..errors import ArgumentError, ModelError, RulesError, quoted
from ..game import Hand, Phase
from ..laws import (call_token, effective_suit, hand_points, place_after_dealer, side_of, trick_strength,
                    winning_index)
from .protocol import legal_cards, legal_tokens, turned_down

__all__ = ["AGENT_NAMES", "RandomAgent", "PolicyAgent", "AdvisorAgent", "DoubleDummyAgent", "NoisyAgent",
           "make_agent", "legal_tokens"]

#: The names :func:`make_agent` takes (and ``external:COMMAND``).
AGENT_NAMES = ("random", "policy", "advisor", "double-dummy")


def _place(view) -> int:
    return place_after_dealer(view.seat, view.dealer, view.rules.players)


# -- random --------------------------------------------------------------------------------------
class RandomAgent:
    """Uniform over the legal actions (calls with and without alone count as separate actions)."""

    name = "random"
    trusted = True

    def __init__(self, seed=None):
        self.rng = random.Random(seed)

    def new_deal(self, seed: int) -> None:
        self.rng.seed(seed)

    def bid(self, view) -> str:
        return self.rng.choice(legal_tokens(view, "bid"))

    def discard(self, view) -> str:
        return self.rng.choice(legal_tokens(view, "discard"))

    def give(self, view) -> str:
        return self.rng.choice(legal_tokens(view, "give"))

    def exchange(self, view) -> str:
        """Kitty exchange: uniform over keeping the hand and every exchange open to it."""
        return self.rng.choice(legal_tokens(view, "exchange"))

    def defend(self, view) -> bool:
        """Against a loner (``Rules.defend_alone``): alone or with partner, each with chance 1/2."""
        return self.rng.choice((False, True))

    def play(self, view) -> str:
        return self.rng.choice(legal_tokens(view, "play"))


# -- policy --------------------------------------------------------------------------------------
class PolicyAgent:
    """The bidding model's most likely call, and a simple card-play rule (:meth:`play`).

    ``model``: a :class:`~solver.bidding.BiddingModel` (default :data:`~solver.bidding.DEFAULT_MODEL`).
    """

    name = "policy"
    trusted = True

    def __init__(self, model=None):
        self.model = model if model is not None else DEFAULT_MODEL

    def bid(self, view) -> str:
        if view.phase is Phase.NAME_SUIT:        # the suit the hand counts best in
            hand = np.uint32(view.hand)
            counts = [float(self.model.count.points(hand, s)[0]) for s in range(4)]
            return call_token("call", int(np.argmax(counts)))
        chances = self.call_chances(view)
        return max(legal_tokens(view, "bid"), key=lambda t: chances.get(t, -1.0))

    def call_chances(self, view) -> dict:
        """``{token: chance}``: the bidding model's chance of each call of a round-1 or round-2 view
        (``"pass"``, ``"order"``, ``"order alone"``, ``"call h"``, ``"call h alone"``, ...; round 2 stuck:
        the pass's chance is there but is not a legal call)."""
        rules, hand = view.rules, np.uint32(view.hand)
        players, place = rules.players, _place(view)
        if view.phase is Phase.BID1:
            # a turned-up joker proposes the suit the dealer named (the view carries it)
            proposed = int(view.named_suit) if view.upcard == JOKER else None
            p_order, p_alone = self.model.round1(hand, place, int(view.upcard), players, proposed)
            p, a = float(p_order[0]), float(p_alone[0])
            chances = {"pass": 1 - p, "order": p * (1 - a), "order alone": p * a}
        else:
            turned = turned_down(view)
            stuck = "pass" not in legal_tokens(view, "bid")
            p_suit, p_alone = self.model.round2(hand, place, turned, stuck, players)
            chances = {"pass": 1 - float(p_suit[0].sum())}
            for s in Suit:
                ps, pa = float(p_suit[0, s]), float(p_alone[0, s])
                chances[call_token("call", s)] = ps * (1 - pa)
                chances[call_token("call", s, True)] = ps * pa
        return chances

    def discard(self, view) -> str:
        """The dealer's (or, call for best, the loner's) discard by :func:`solver.bidding.dealer_discard`."""
        dealer = view.phase is Phase.DISCARD
        keep = None if view.rules.dealer_may_discard_upcard or not dealer else int(view.upcard)
        return str(Card(int(dealer_discard(view.hand, int(view.trump), keep))))

    def give(self, view) -> str:
        """Call for best: the stated rule :func:`solver.bidding.partners_best_card`."""
        return str(Card(partners_best_card(view.hand, int(view.trump))))

    def exchange(self, view) -> str:
        """Kitty exchange: the stated rule :func:`solver.bidding.kitty_exchange_rule` (take it, giving the three
        lowest cards; a farmer its three lowest nines and tens)."""
        return str(kitty_exchange_rule(view.hand, view.rules))

    #: :meth:`defend`: a defender holding at least this many trumps defends alone against a loner.
    DEFEND_ALONE_TRUMPS = 3

    def defend(self, view) -> bool:
        """Against a loner (``Rules.defend_alone``), the stated rule: defend alone when the hand holds at
        least :attr:`DEFEND_ALONE_TRUMPS` (3) trumps (the left bower, and the joker, count as trump), else
        with partner."""
        trump = int(view.trump)
        trumps = sum(1 for c in cards_of(view.hand) if effective_suit(int(c), trump) == trump)
        return trumps >= self.DEFEND_ALONE_TRUMPS

    def play(self, view) -> str:
        """The stated rule. Leading: the highest trump when the seat's side made trump and it holds
        one; else its highest off-suit ace; else its lowest card. Following: when the partner is
        winning the trick, the lowest legal card; else the lowest legal card that would win the trick
        now; else the lowest legal card. "Lowest"/"highest": by :func:`solver.laws.trick_strength`
        in the led suit (a card that cannot win is lowest), then by rank, then by card index."""
        trump = int(view.trump)
        legal = [Card(c) for c in legal_cards(view)]
        players = view.rules.players
        if not view.current:
            def lead_key(c):
                return (trick_strength(int(c), trump, effective_suit(int(c), trump)), int(c) // 4, int(c))
            trumps = [c for c in legal if effective_suit(int(c), trump) == trump]
            if trumps and view.makers == side_of(view.seat, players):
                return str(max(trumps, key=lead_key))
            aces = [c for c in legal if int(c) // 4 == 5 and effective_suit(int(c), trump) != trump]
            if aces:
                return str(max(aces, key=lambda c: int(c)))
            return str(min(legal, key=lead_key))
        seats_, cards = [s for s, _c in view.current], [int(c) for _s, c in view.current]
        led = effective_suit(cards[0], trump)

        def key(c):
            return (trick_strength(int(c), trump, led), int(c) // 4, int(c))
        winner = seats_[winning_index(cards, trump)]
        if players == 4 and side_of(winner, players) == side_of(view.seat, players):
            return str(min(legal, key=key))
        best = max(trick_strength(c, trump, led) for c in cards)
        winners = [c for c in legal if trick_strength(int(c), trump, led) > best]
        return str(min(winners or legal, key=key))


# -- advisor -------------------------------------------------------------------------------------
#: What to do instead of setting a method member :class:`AdvisorAgent` does not read.
_AGENT_HINTS = {"score": "the referee gives each deal's score (score_aware says whether to bid and play by it)"}
#: The members :class:`AdvisorAgent` reads, with the defaults of its deprecated keywords.
_AGENT_MEMBERS = {"worlds": 200, "inference": True, "seed": None, "model": None, "valuation": None}
#: Its deprecated positional form's order.
_AGENT_OLD_ORDER = ("worlds", "inference", "seed", "score_aware", "model", "valuation")


class AdvisorAgent:
    """Bids by :func:`solver.advise`, defends alone or not by :func:`solver.advise_defend` and plays by
    :func:`solver.advise_play` on ``worlds`` worlds a decision (``inference``: the evidence that weighs the worlds,
    :data:`solver.inference.INFERENCE`: ``True`` or ``"auction"`` the calls seen, ``"play"`` the cards the other
    seats played, ``"both"``, ``False`` or ``"none"``; its bids read the calls unless it is ``"play"`` or ``"none"``;
    ``model``: the other seats' bidding model, a name, a model file or a :class:`~solver.bidding.BiddingModel`,
    default ``players-1``); the dealer discards by
    :func:`solver.bidding.dealer_discard`. Seeded per table by the referee (``new_deal``).

    ``score_aware`` (whole games): bid by the chance of winning the game (``advise(score=...)``) with
    the game's score, which the referee gives through ``game_score`` before each deal; its cards too
    (``advise_play(score=...)``); by points where the game odds have no table for the rules (Canadian
    loners). ``valuation``: how its advice values each world's play
    (:mod:`solver.advisor.valuation`; ``None``: the advisor's default for the variant, single dummy where
    it has a fitted table);
    ``make_agent("advisor:double-dummy")`` builds one with a valuation, ``make_agent("advisor:both")`` one that
    reads the play.

    ``method``: those members, the way in (a :class:`~solver.advisor.method.Method` or a dict of its members:
    ``worlds``, ``None`` the agent's 200; ``seed``; ``inference``; ``model``; ``valuation``;
    ``AdvisorAgent(method=Method(worlds=50, seed=1))``). Its ``score`` stays ``None``: the referee gives each
    deal's score and ``score_aware`` says whether to bid by it; a member the agent does not read (``threads``,
    ``examples``, the bid advisor's own) must stay at its default
    (:func:`~solver.advisor.method.taken_members`; :class:`~solver.errors.ArgumentError` naming it).

    Deprecated for one release, as at the review's and the match's doors
    (:func:`~solver.advisor.method.member_keywords`): the members as keywords (``worlds=200``,
    ``inference=True``, ``seed=None``, ``model=None``, ``valuation=None``) or by position in the old order
    ``(worlds, inference, seed, score_aware, model, valuation)``, each with a :class:`DeprecationWarning`;
    not with ``method`` (:class:`~solver.errors.ArgumentError`)."""

    name = "advisor"
    trusted = True

    def __init__(self, *old, score_aware: bool = True, method=None, **members):
        from ..advisor.method import member_keywords, taken_members
        from ..advisor.valuation import check_not_bid_only, parse_valuation
        from ..inference import check_inference
        if len(old) > len(_AGENT_OLD_ORDER):
            raise TypeError(f"AdvisorAgent() takes at most {len(_AGENT_OLD_ORDER)} positional arguments "
                            f"({len(old)} given)")
        for name, value in zip(_AGENT_OLD_ORDER, old):      # the old positional form: its keywords, deprecated
            if name in members:
                raise TypeError(f"AdvisorAgent() got multiple values for argument {name!r}")
            if name == "score_aware":
                score_aware = value
            else:
                members[name] = value
        members = member_keywords(AdvisorAgent, members, _AGENT_MEMBERS, method)
        if method is None:
            worlds, inference, seed, model, valuation = (members[name] for name in _AGENT_MEMBERS)
        else:
            worlds, inference, seed, model, valuation = taken_members(
                method, AdvisorAgent, tuple(_AGENT_MEMBERS), _AGENT_HINTS).values()
            worlds = 200 if worlds is None else worlds
        reading = check_inference(inference)
        self.inference = reading        # True is "auction", False "none": the same figures (Method coerces them)
        self.reads_calls = reading in ("auction", "both")        # the bid advisor's inference (a bool)
        self.worlds, self.score_aware = worlds, score_aware
        self.model = resolve_model(model)
        self.valuation = None if valuation is None else check_not_bid_only(parse_valuation(valuation), "an agent")
        self.rng = random.Random(seed)
        self.score = None

    def game_score(self, score) -> None:
        """The game's score before this deal, ``{"NS": 8, "EW": 6}`` (``None``: not a game)."""
        self.score = score if self.score_aware else None

    def new_deal(self, seed: int) -> None:
        self.rng.seed(seed)

    def _seed(self) -> int:
        return self.rng.getrandbits(32)

    def _score_for(self, rules, valuation):
        """The game's score to judge by, or ``None`` where the game odds have no table for ``rules`` under
        ``valuation`` (Canadian loners, say): the agent then bids and plays by points, as the review judges
        such a game, rather than forfeiting every deal of a whole-game match for want of a table."""
        if self.score is None:
            return None
        from ..advisor.game_odds import variant_key
        from ..advisor.valuation import parse_valuation
        try:
            variant_key(rules, parse_valuation(valuation, rules))
        except RulesError:
            return None
        return self.score

    def bid(self, view) -> str:
        from ..advisor import Method, advise_bid
        if view.phase is Phase.NAME_SUIT:
            return PolicyAgent().bid(view)
        joker = view.upcard == JOKER             # a turned-up joker: the suit the dealer named is proposed
        valuation = "double_dummy" if joker else self.valuation
        method = Method(worlds=max(10, self.worlds), seed=self._seed(), inference=self.reads_calls,
                        score=self._score_for(view.rules, valuation), model=self.model, valuation=valuation,
                        robust_delta=None)    # a report only: the recommendation is the same without the model
        # variants, at half the cost
        advice = advise_bid(view, method)
        return advice.recommended.call

    def exchange(self, view) -> str:
        """Kitty exchange: by :func:`solver.advise_exchange` on ``worlds`` worlds (at most 100: each world costs a
        par per choice)."""
        from ..advisor import Method, advise_exchange
        return advise_exchange(view, Method(worlds=max(10, min(self.worlds, 100)), seed=self._seed())).best

    def discard(self, view) -> str:
        return PolicyAgent().discard(view)

    def give(self, view) -> str:
        return PolicyAgent().give(view)

    def defend(self, view) -> bool:
        """Against a loner (``Rules.defend_alone``): defend alone when :func:`solver.advise_defend` says so."""
        from ..advisor import Method, advise_defend
        return advise_defend(view, Method(worlds=max(10, self.worlds), seed=self._seed(), inference=self.inference,
                                          model=self.model)).best == "defend alone"

    def play(self, view) -> str:
        from ..advisor import Method, advise_play
        if len(legal_tokens(view, "play")) == 1:
            return legal_tokens(view, "play")[0]
        return str(advise_play(view, Method(worlds=self.worlds, seed=self._seed(), inference=self.inference,
                                            score=self._score_for(view.rules, self.valuation), model=self.model,
                                            valuation=self.valuation)).best)


# -- double dummy --------------------------------------------------------------------------------
class DoubleDummyAgent:
    """**Sees every card** (``sees_all``): an upper bound on what play and bidding can win, not a fair
    opponent. Bids the call whose contract, solved double dummy on the real deal with the dealer's
    best discard and partners playing, gives its side the most points, when that is more than 0
    (a pass is valued at 0; a stuck dealer takes the best call); discards the card that leaves its
    side the most tricks; plays the card that keeps its side's double-dummy tricks highest."""

    name = "double-dummy"
    trusted = True
    sees_all = True

    def bid(self, view, hand: Hand) -> str:
        side = side_of(view.seat, view.rules.players)
        best, best_value = "pass", 0.0
        legal = legal_tokens(view, "bid")
        if view.phase is Phase.NAME_SUIT:
            return legal[0]
        for token in legal:
            if token == "pass":
                continue
            value = self._contract_value(hand, token, side)
            if value > best_value or (best == "pass" and "pass" not in legal):
                best, best_value = token, value
        return best if best != "pass" or "pass" in legal else legal[0]

    @staticmethod
    def _contract_value(hand: Hand, token: str, side: int) -> float:
        h = hand.copy()
        alone = token.endswith("alone")
        h.apply(token.replace(" alone", ""))
        if h.phase is Phase.DISCARD:
            dealer_side = side_of(h.dealer, h.rules.players)
            options = []
            for action in h.legal_actions():
                h2 = h.copy()
                h2.apply(action)
                options.append(DoubleDummyAgent._play_value(h2, alone, dealer_side))
            value = max(options)
            return value if dealer_side == side else -value
        return DoubleDummyAgent._play_value(h, alone, side)

    @staticmethod
    def _play_value(h: Hand, alone: bool, side: int) -> float:
        from ..dd import solve
        if h.phase is Phase.ALONE:
            h.apply("alone" if alone else "partner")
        if h.phase in (Phase.GIVE, Phase.LONER_DISCARD):       # call for best: the exchange best for the loner
            loner_side = h.makers
            value = max(DoubleDummyAgent._play_value(_after(h, a), alone, loner_side) for a in h.legal_actions())
            return value if loner_side == side else -value
        while h.phase is Phase.DEFEND_ALONE:
            h.apply("defend partner")
        r = solve(h.position())
        makers_tricks = r.makers_tricks
        who, pts = hand_points(makers_tricks, h.rules, h.alone is not None, h.defender_alone is not None)
        gainers = h.makers if who == "makers" else 1 - h.makers
        return pts if gainers == side else -pts

    def discard(self, view, hand: Hand) -> str:
        side = side_of(view.seat, view.rules.players)
        best, best_value = None, None
        for token in legal_tokens(view, "discard"):
            h = hand.copy()
            h.apply(f"discard {token}")
            # the maker's alone decision is its own; value the discard with partner (the usual case)
            while h.phase in (Phase.ALONE, Phase.DEFEND_ALONE):
                h.apply(h.legal_actions()[-1])
            value = self._tricks(h, side)
            if best_value is None or value > best_value:
                best, best_value = token, value
        return best

    def give(self, view, hand: Hand) -> str:
        """Call for best: the card after which the loner's best discard leaves its side the most points."""
        side = side_of(view.seat, view.rules.players)
        values = {str(a.card): self._play_value(_after(hand, a), True, side) for a in hand.legal_actions()}
        return max(values, key=lambda c: values[c])

    def exchange(self, view, hand: Hand) -> str:
        """Kitty exchange: the choice whose deal has the best par for its side (it sees the kitty too)."""
        from ..par import par_value
        side = side_of(view.seat, view.rules.players)
        after = view.rules.replace(farmers=False, go_under=False)
        best, best_value = "keep", None
        for action in hand.legal_actions():
            h = _after(hand, action)
            value = par_value(tuple(h.holding(s) for s in range(4)), h.upcard, h.dealer, after)
            value = value if side == 0 else -value
            if best_value is None or value > best_value:
                best, best_value = str(action), value
        return best

    def defend(self, view, hand: Hand) -> bool:
        """Against a loner (``Rules.defend_alone``): defend alone when, solved double dummy on the real deal
        (the other defender then with partner), that gives its side more points than defending with partner."""
        side = side_of(view.seat, view.rules.players)
        values = {}
        for alone in (False, True):
            h = _after(hand, "defend alone" if alone else "defend partner")
            values[alone] = self._play_value(h, True, side)
        return values[True] > values[False]

    @staticmethod
    def _tricks(h: Hand, side: int) -> int:
        from ..dd import solve
        r = solve(h.position())
        return list(r.tricks.values())[side]

    def play(self, view, hand: Hand) -> str:
        from ..dd import card_values
        values = card_values(hand.position())
        return max(values, key=lambda c: values[c])


# -- noisy ---------------------------------------------------------------------------------------
class NoisyAgent:
    """Another agent whose cards are noisier: each card is, with chance ``chance`` (0 < chance <= 1), a
    uniformly random legal card, else the inner agent's card. Its calls, discards, exchanges and defences
    are the inner agent's. A weaker player at a stated strength (:mod:`solver.match.ladder`)."""

    trusted = True

    def __init__(self, inner, chance: float, seed=None):
        if not (isinstance(chance, (int, float)) and not isinstance(chance, bool) and 0 < chance <= 1):
            raise ArgumentError(f"noise {quoted(chance)}: expected a chance above 0 and at most 1")
        self.inner, self.chance = inner, float(chance)
        self.name = f"noisy:{self.chance:g}:{getattr(inner, 'name', type(inner).__name__)}"
        self.rng = random.Random(seed)

    def new_deal(self, seed: int) -> None:
        # the inner agent draws from a seed of its own, so its cards do not depend on the noise's draws
        self.rng.seed(seed)
        if callable(getattr(self.inner, "new_deal", None)):
            self.inner.new_deal(random.Random(seed ^ 0x6e6f6973).getrandbits(32))

    def game_score(self, score) -> None:
        if callable(getattr(self.inner, "game_score", None)):
            self.inner.game_score(score)

    def bid(self, view) -> str:
        return self.inner.bid(view)

    def discard(self, view) -> str:
        return self.inner.discard(view)

    def give(self, view) -> str:
        inner = getattr(self.inner, "give", None)
        return inner(view) if callable(inner) else PolicyAgent().give(view)

    def exchange(self, view) -> str:
        inner = getattr(self.inner, "exchange", None)
        return inner(view) if callable(inner) else PolicyAgent().exchange(view)

    def defend(self, view) -> bool:
        inner = getattr(self.inner, "defend", None)
        return inner(view) if callable(inner) else False

    def play(self, view) -> str:
        if self.rng.random() < self.chance:
            return self.rng.choice(legal_tokens(view, "play"))
        return self.inner.play(view)


def _noisy(spec: str, rest: str, worlds: int, seed, model) -> NoisyAgent:
    """``noisy:P:SPEC``'s agent (``rest`` is ``P:SPEC``)."""
    chance, _, inner = rest.partition(":")
    try:
        p = float(chance)
    except ValueError:
        p = None
    if p is None or not 0 < p <= 1 or not inner.strip():
        raise ArgumentError(f"agent {quoted(spec)}: expected noisy:P:AGENT with a chance P above 0 and at most 1 "
                            "(noisy:0.5:policy)")
    if inner.strip().lower().startswith(("external:", "noisy:")) or inner.strip().lower().replace("_", "-") in (
            "double-dummy", "dd"):
        raise ArgumentError(f"agent {quoted(spec)}: the noise wraps random, policy or an advisor")
    return NoisyAgent(make_agent(inner.strip(), worlds=worlds, seed=seed, model=model), p, seed)


def _after(hand: Hand, action) -> Hand:
    h = hand.copy()
    h.apply(action)
    return h


def make_agent(spec, worlds: int = 200, seed=None, model=None):
    """An agent from its name (:data:`AGENT_NAMES`, ``advisor:MODEL``, ``advisor:VALUATION``, either after the
    evidence it reads, ``advisor:both:MODEL`` (:class:`AdvisorAgent`), ``noisy:P:AGENT`` (:class:`NoisyAgent`),
    ``level:N`` or a level's name (:data:`solver.match.ladder.LEVELS`: its own agent and worlds, ``worlds``
    then unused), or ``external:COMMAND``), or ``spec``
    itself when it is already an object with ``bid``, ``discard`` and ``play``. ``worlds``: the advisor's
    worlds per decision; ``model``: the advisor's bidding model when the spec names none (``advisor:MODEL``,
    a model name or file, overrides it).

    Raises :class:`~solver.errors.ArgumentError` naming an unknown agent (a
    :class:`~solver.errors.LevelError` for an unknown level ``level:N``; a
    :class:`~solver.errors.ModelError` for an unknown model)."""
    if not isinstance(spec, str):
        if all(callable(getattr(spec, m, None)) for m in ("bid", "discard", "play")):
            return spec
        raise ArgumentError(f"agent {quoted(spec)}: expected a name ({', '.join(AGENT_NAMES)}, external:COMMAND) "
                         "or an object with bid, discard and play methods")
    name = spec.strip()
    if name.lower().startswith("noisy:"):
        return _noisy(spec, name[len("noisy:"):], worlds, seed, model)
    from .ladder import level_of
    level = level_of(name, strict=False)
    if level is not None:                # a level of the ladder: its own agent and worlds, whatever is asked
        return make_agent(level.spec, worlds=level.worlds, seed=seed)
    if name.lower().startswith("external:"):
        from .external import ExternalAgent
        return ExternalAgent(name[len("external:"):])
    from ..advisor.method import Method
    key = name.lower().replace("_", "-")
    if key == "random":
        return RandomAgent(seed)
    if key == "policy":
        return PolicyAgent()
    if key == "advisor":
        return AdvisorAgent(method=Method(worlds=worlds, seed=seed, model=model))
    if key.startswith("advisor:"):
        # advisor:VALUATION, advisor:MODEL or advisor:VALUATION:MODEL (a valuation name, then a model name or file),
        # each after an optional evidence: advisor:both, advisor:play:double-dummy (solver.inference.INFERENCE)
        from ..advisor.valuation import valuation_key
        from ..inference import INFERENCE
        rest = name[len("advisor:"):].strip()
        head, _, tail = rest.partition(":")
        reading = {}
        if head.strip().lower() in INFERENCE:
            reading = {"inference": head.strip().lower()}
            if not tail.strip():
                return AdvisorAgent(method=Method(worlds=worlds, seed=seed, model=model, **reading))
            rest = tail.strip()
            head, _, tail = rest.partition(":")
        if valuation_key(head) is not None:
            return AdvisorAgent(method=Method(worlds=worlds, seed=seed, valuation=head, model=tail.strip() or model,
                                              **reading))
        try:
            return AdvisorAgent(method=Method(worlds=worlds, seed=seed, model=rest, **reading))
        except ModelError as exc:     # neither a valuation nor a model: say both were tried
            raise ModelError(f"agent {quoted(spec)}: {rest!r} is neither a valuation (single-dummy, double-dummy, "
                             f"playout) nor a bidding model: {exc}") from None
    if key in ("double-dummy", "dd"):
        return DoubleDummyAgent()
    raise ArgumentError(f"agent {quoted(spec)}: unknown (try {', '.join(AGENT_NAMES)}, level:1..5, noisy:P:AGENT "
                        "or external:COMMAND)")
