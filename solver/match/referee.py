"""The referee: one deal played through the rules engine by four (two-player: two) agents.

Every answer is checked against the engine's legal actions. When only one card may be played
the referee plays it without asking (the last trick, a seat with one card of the led suit), and
the alone decision after a call is the one the call said. A **forfeit** ends the table at once:
an answer that is not a call or card (garbage), a call or card that is not legal now, an
exception raised by the agent, or no answer within the per-decision ``time_limit`` (seconds;
``None``: no limit). The forfeit is recorded with the seat and the reason, and scored as the
worst outcome a deal can have for the offender's side: **the offender's side scores 0 and the
other side the most points one deal can score under the rules** (:func:`forfeit_points`: 4 with
the default rules, a loner's march). The match goes on with the next table.

In-process agents answer on a daemon worker thread so that a time-out never hangs the match
(the late thread is abandoned and a new one started). The built-in agents (``trusted = True``)
always return, so they run on the referee's thread and an answer that came too late forfeits
after the fact (a thread a decision would halve the speed of a ``policy`` match). An agent with ``own_clock = True`` (the
external program, which waits on its pipe with a time-out) is called directly with ``time_limit=``.
"""
from __future__ import annotations

import queue
import threading
import time
from dataclasses import dataclass

from ..bidding import kitty_exchange_rule, partners_best_card
from ..cards import Card
from ..errors import CardError, EuchreError, IllegalActionError, quoted
from ..game import Action, Hand, Phase
from ..laws import call_token, hand_points, may_go_alone, parse_call, side_of
from .protocol import EngineFault, engine, legal_cards, legal_tokens

__all__ = ["Forfeit", "forfeit_points", "play_table", "next_action", "DEFAULT_TIME_LIMIT"]

#: Seconds an agent may take over one decision, unless the match says otherwise.
DEFAULT_TIME_LIMIT = 10.0


@dataclass(frozen=True)
class Forfeit:
    """Why a table ended early: ``seat`` (the offender), ``kind`` (``"garbage"``, ``"illegal"``,
    ``"error"``, ``"timeout"``) and ``reason`` (a sentence naming the answer)."""

    seat: object
    kind: str
    reason: str

    def to_dict(self) -> dict:
        return {"seat": self.seat.name, "kind": self.kind, "reason": self.reason}


class _Timeout(Exception):
    pass


def forfeit_points(rules) -> int:
    """The most points one deal can score under ``rules`` (a loner's march, a lone defender's
    euchre, ...): what the side that did not forfeit scores."""
    lone = (False, True) if may_go_alone(rules.players) else (False,)
    defend = (False, True) if rules.defend_alone and rules.players == 4 else (False,)
    return max(hand_points(t, rules, a, d)[1] for t in range(6) for a in lone for d in defend if not (d and not a))


class _Worker:
    """One daemon thread that runs agent calls, so a call can be abandoned at its time limit."""

    def __init__(self):
        self._start()

    def _start(self):
        self.jobs, self.answers = queue.Queue(), queue.Queue()
        jobs, answers = self.jobs, self.answers

        def loop():
            while True:
                fn, args, kw = jobs.get()
                try:
                    answers.put((True, fn(*args, **kw)))
                except BaseException as exc:       # the agent's failure is the referee's to report
                    answers.put((False, exc))
        threading.Thread(target=loop, daemon=True, name="match-agent").start()

    def call(self, time_limit, fn, *args, **kw):
        self.jobs.put((fn, args, kw))
        try:
            ok, value = self.answers.get(timeout=time_limit)
        except queue.Empty:
            self._start()                          # abandon the late thread
            raise _Timeout() from None
        if not ok:
            raise value
        return value


_WORKER = threading.local()


def _ask(agent, method: str, view, hand: Hand, time_limit):
    fn = getattr(agent, method)
    kw = {"hand": hand.copy()} if getattr(agent, "sees_all", False) else {}
    if getattr(agent, "own_clock", False):
        return fn(view, time_limit=time_limit, **kw)
    if time_limit is None:
        return fn(view, **kw)
    if getattr(agent, "trusted", False):         # built-in: always returns, so timed after the fact
        start = time.perf_counter()
        answer = fn(view, **kw)
        if time.perf_counter() - start > time_limit:
            raise _Timeout()
        return answer
    worker = getattr(_WORKER, "worker", None)
    if worker is None:
        worker = _WORKER.worker = _Worker()
    return worker.call(time_limit, fn, view, **kw)


def _bid_action(answer, view):
    """``(Action, alone)`` for a bid answer; raises ``(kind, reason)`` as a ValueError."""
    if not isinstance(answer, str):
        raise ValueError("garbage", f"answered {quoted(answer)} to a bid, not a call token")
    try:
        kind, suit, alone = parse_call(answer)
    except IllegalActionError:
        raise ValueError("garbage", f"answered {quoted(answer)} to a bid, not a call "
                                    "('pass', 'order', 'order alone', 'call h', 'call h alone')") from None
    token = call_token(kind, suit, alone)
    legal = engine(legal_tokens, view, "bid")
    if token not in legal:
        raise ValueError("illegal", f"called {quoted(answer)}, not legal now (legal: {', '.join(legal)})")
    if view.phase is Phase.NAME_SUIT:
        return Action.name(suit), False
    if kind == "pass":
        return Action.parse("pass"), False
    return (Action.parse("order") if kind == "order" else Action.call(suit)), alone


def _card_action(answer, view, what: str):
    if not isinstance(answer, str):
        raise ValueError("garbage", f"answered {quoted(answer)} to a {what}, not a card")
    try:
        card = Card.parse(answer.strip())
    except CardError:
        raise ValueError("garbage", f"answered {quoted(answer)} to a {what}, not a card") from None
    legal = engine(lambda: legal_cards(view) if what == "play" else [int(Card(c)) for c in legal_tokens(view, what)])
    if int(card) not in legal:
        raise ValueError("illegal", f"{what} {card} is not legal now (legal: {' '.join(str(Card(c)) for c in legal)})")
    if what == "give":
        return Action.give(card)
    return Action.play(card) if what == "play" else Action.discard(card)


def _give_action(agent, view, hand, time_limit):
    """Call for best: the loner's partner's card, by the agent's ``give`` or, without one, the stated rule
    (:func:`solver.bidding.partners_best_card`)."""
    if hasattr(agent, "give"):
        return _card_action(_ask(agent, "give", view, hand, time_limit), view, "give")
    return Action.give(int(partners_best_card(view.hand, int(view.trump))))


def _exchange_action(agent, view, hand, time_limit):
    """Kitty exchange (``Rules.farmers`` / ``go_under``): the agent's ``exchange`` answer, checked, or without
    the method the stated rule (:func:`solver.bidding.kitty.kitty_exchange_rule`)."""
    if not hasattr(agent, "exchange"):
        return kitty_exchange_rule(view.hand, view.rules)
    answer = _ask(agent, "exchange", view, hand, time_limit)
    if not isinstance(answer, str):
        raise ValueError("garbage", f"answered {quoted(answer)} to the kitty exchange, not 'keep' or an exchange")
    try:
        action = Action.parse(answer, Phase.EXCHANGE)
    except (IllegalActionError, CardError):
        raise ValueError("garbage", f"answered {quoted(answer)} to the kitty exchange, not 'keep', 'farmers <3 "
                                    "cards>' or 'go under <3 cards>'") from None
    legal = engine(legal_tokens, view, "exchange")
    if str(action) not in legal:
        raise ValueError("illegal", f"exchange {quoted(answer)} is not legal now (legal: {', '.join(legal)})")
    return action


def play_table(cards, dealer, rules, agents: dict, time_limit=DEFAULT_TIME_LIMIT):
    """Play one deal: ``cards`` a :class:`~solver.game.DealCards`, ``agents`` ``{Seat: agent}`` for every
    seat of the game. Returns ``(hand, points, forfeit)``: the :class:`~solver.game.Hand` as far as it got,
    points per side index ``(side0, side1)`` and a :class:`Forfeit` or ``None``."""
    hand = Hand(rules, dealer)
    hand.apply(cards)
    alone_said = {}
    while not hand.is_over:
        seat, phase = hand.to_act, hand.phase
        try:
            if phase is Phase.ALONE:                 # said with the call
                engine(hand.apply, Action.go_alone(alone_said.get(seat, False)))
                continue
            if phase is Phase.PLAY:
                legal = engine(hand.legal_actions)
                if len(legal) == 1:                  # a forced card is played without asking
                    engine(hand.apply, legal[0])
                    continue
            agent, view = agents[seat], engine(hand.view, seat)
            if phase in (Phase.BID1, Phase.BID2, Phase.NAME_SUIT):
                action, alone = _bid_action(_ask(agent, "bid", view, hand, time_limit), view)
                alone_said[seat] = alone
            elif phase in (Phase.DISCARD, Phase.LONER_DISCARD):
                action = _card_action(_ask(agent, "discard", view, hand, time_limit), view, "discard")
            elif phase is Phase.GIVE:
                action = _give_action(agent, view, hand, time_limit)
            elif phase is Phase.EXCHANGE:
                action = _exchange_action(agent, view, hand, time_limit)
            elif phase is Phase.DEFEND_ALONE:
                answer = _ask(agent, "defend", view, hand, time_limit) if hasattr(agent, "defend") else False
                if not isinstance(answer, bool):
                    raise ValueError("garbage", f"answered {quoted(answer)} to defend alone, not true or false")
                action = Action.defend_alone(answer)
            else:
                action = _card_action(_ask(agent, "play", view, hand, time_limit), view, "play")
            engine(hand.apply, action)                # checked legal above: a failure is the engine's
        except EngineFault as exc:                   # never the agent's forfeit
            raise exc.error
        except _Timeout:
            return _forfeit(hand, seat, "timeout", f"gave no answer within {time_limit:g} s ({phase} decision)")
        except EuchreError as exc:
            if getattr(exc, "forfeit_kind", None):
                return _forfeit(hand, seat, exc.forfeit_kind, str(exc))
            return _forfeit(hand, seat, "error", f"raised {type(exc).__name__}: {exc}")
        except ValueError as exc:
            if len(exc.args) == 2 and exc.args[0] in ("garbage", "illegal"):
                return _forfeit(hand, seat, exc.args[0], exc.args[1])
            return _forfeit(hand, seat, "error", f"raised {type(exc).__name__}: {exc}")
        except Exception as exc:                     # any failure of the agent forfeits its deal
            return _forfeit(hand, seat, "error", f"raised {type(exc).__name__}: {exc}")
    points = tuple(hand.result.points)
    return hand, points, None


def next_action(hand: Hand, agent, alone_said: dict, time_limit=None) -> Action:
    """The checked :class:`~solver.game.Action` of the seat to act in ``hand``, as :func:`play_table`
    takes it, for a caller that applies one decision at a time (the play page's table).

    ``agent`` answers the seat's decision from its view; the alone decision after a call is the one
    the call said (``alone_said``, ``{Seat: bool}``, updated here when ``agent`` bids), and a forced
    card is played without asking (``agent`` may then be ``None``). ``hand`` is not changed.

    Raises :class:`ValueError` ``(kind, reason)`` for a garbage or illegal answer (kinds as
    :class:`Forfeit`), or what the agent raised (what the engine raised preparing or checking the decision
    is raised as it came, never as the agent's)."""
    try:
        return _next_action(hand, agent, alone_said, time_limit)
    except EngineFault as exc:
        raise exc.error


def _next_action(hand: Hand, agent, alone_said: dict, time_limit) -> Action:
    seat, phase = hand.to_act, hand.phase
    if phase is Phase.ALONE:
        return Action.go_alone(alone_said.get(seat, False))
    if phase is Phase.PLAY:
        legal = engine(hand.legal_actions)
        if len(legal) == 1:
            return legal[0]
    view = engine(hand.view, seat)
    if phase in (Phase.BID1, Phase.BID2, Phase.NAME_SUIT):
        action, alone = _bid_action(_ask(agent, "bid", view, hand, time_limit), view)
        alone_said[seat] = alone
        return action
    if phase in (Phase.DISCARD, Phase.LONER_DISCARD):
        return _card_action(_ask(agent, "discard", view, hand, time_limit), view, "discard")
    if phase is Phase.GIVE:
        return _give_action(agent, view, hand, time_limit)
    if phase is Phase.EXCHANGE:
        return _exchange_action(agent, view, hand, time_limit)
    if phase is Phase.DEFEND_ALONE:
        answer = _ask(agent, "defend", view, hand, time_limit) if hasattr(agent, "defend") else False
        if not isinstance(answer, bool):
            raise ValueError("garbage", f"answered {quoted(answer)} to defend alone, not true or false")
        return Action.defend_alone(answer)
    return _card_action(_ask(agent, "play", view, hand, time_limit), view, "play")


def _forfeit(hand: Hand, seat, kind: str, reason: str):
    side = side_of(seat, hand.rules.players)
    points = [0, 0]
    points[1 - side] = forfeit_points(hand.rules)
    return hand, tuple(points), Forfeit(seat, kind, f"{seat} {reason}")
