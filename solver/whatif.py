"""What-if replay: a recorded deal branched at one decision, another call or card made there, and the rest of
the deal played on (:func:`branch`).

The hand viewers of bridge (BBO's, Bridge Composer's) let a player step through a record and "play from
here" another card. Here the deal of a game record is replayed to the decision (a step: the index among the
deal's calls, the dealer's discard and its cards, in the order they were made, :func:`decisions`), the
alternative is made in its place, and every later decision is taken by agents through the match's referee
(:func:`solver.match.referee.next_action`, by :func:`solver.rollout.play_on`), in one of two ways:

* ``"double_dummy"``: every seat **sees every card** (:class:`~solver.match.agents.DoubleDummyAgent`): each
  card is one that keeps its side's double-dummy tricks highest (:func:`solver.card_values`), so the
  makers' tricks at the end are those :func:`solver.solve` gives the position after the alternative; later
  calls and the discard are the ones whose contract, solved on the real deal, scores most for the side.
* ``"advisor"``: every seat decides from its own view as the advisor does
  (:class:`~solver.match.agents.AdvisorAgent`: :func:`solver.advise`, :func:`solver.advise_play`), drawing
  ``worlds`` worlds a decision, seat ``s`` seeded by :func:`solver.rollout.agent_seed` of ``(seed, 0, s)``;
  judged by points (not the game's score).

Cost (one core): a double-dummy branch solves each later decision, milliseconds a card; an advisor branch
at :data:`DEFAULT_WORLDS` worlds is about a quarter of a second a deal played from the first call
(:mod:`solver.rollout`'s figure), less from later steps.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .advisor.method import Method
from .bounds import MAX_SEED, MIN_WORLDS, check_int
from .cards import Card, Seat
from .capabilities import check_covers
from .errors import ArgumentError, CardError, IllegalActionError, RecordError, quoted
from .game import BidMade, CardPlayed, Discarded, Hand, Phase
from .game.history import AloneDeclared
from .laws import call_token, parse_call
from .match.agents import AdvisorAgent, DoubleDummyAgent
from .match.protocol import legal_tokens
from .review.deals import resolve_game
from .rollout import AGENT_WORLDS, MAX_AGENT_WORLDS, agent_seed, play_on

__all__ = ["Branch", "branch", "decisions", "alternatives", "unknown_hands", "MODES", "DEFAULT_WORLDS", "MAX_WORLDS"]

#: The ways a branch is played on: every seat seeing every card, or each as the advisor from its own view.
MODES = ("double_dummy", "advisor")
#: Worlds each advisor decision of a branch draws by default (the rollout's agents'), and the most it may.
DEFAULT_WORLDS = AGENT_WORLDS
MAX_WORLDS = MAX_AGENT_WORLDS

#: The decisions a branch may be taken at, by record type, and the word of each.
_KINDS = ((BidMade, "call"), (Discarded, "discard"), (CardPlayed, "play"))


def decisions(hand: Hand) -> list:
    """The decisions of ``hand`` a branch is taken at, in the order they were made: ``[(before, record)]``
    with ``before`` the :class:`~solver.game.Hand` just before the record (``Hand.steps()``) and ``record`` a
    :class:`~solver.game.BidMade`, :class:`~solver.game.Discarded` or :class:`~solver.game.CardPlayed`. The
    index in this list is the branch's ``step`` (the review page numbers its steps the same way when every
    decision is reviewed)."""
    return [(before, rec) for before, rec in hand.steps() if isinstance(rec, (BidMade, Discarded, CardPlayed))]


def _kind(rec) -> str:
    return next(word for cls, word in _KINDS if isinstance(rec, cls))


def _protocol_kind(kind: str) -> str:
    return "bid" if kind == "call" else kind


def unknown_hands(before: Hand) -> list:
    """The seats (text) whose cards a branch from ``before`` would need and the record does not show: at a call
    every seat (the call may change who sits out), later the seats still in play."""
    needed = before.rules.seats if before.phase in (Phase.BID1, Phase.BID2) else before.seats_in_play
    return [str(Seat(s)) for s in needed if before.unknown_cards(s)]


def alternatives(before: Hand) -> list:
    """The actions open to the seat to act in ``before`` (a :class:`~solver.game.Hand` at a call, the dealer's
    discard or a card), as :func:`branch` takes them: call tokens (``"pass"``, ``"order alone"``,
    ``"call h"``) or cards (``"Qs"``). Empty when a branch cannot be played on from there
    (:func:`unknown_hands`)."""
    kind = {Phase.BID1: "call", Phase.BID2: "call", Phase.DISCARD: "discard", Phase.PLAY: "play"}.get(before.phase)
    if kind is None or before.to_act is None or unknown_hands(before):
        return []
    return legal_tokens(before.view(before.to_act), _protocol_kind(kind))


class _Given:
    """The agent of the branch's first decision: it makes the one alternative given (a call or a card)."""

    trusted = True

    def __init__(self, token: str):
        self.token = token

    def bid(self, view) -> str:
        return self.token

    def discard(self, view) -> str:
        return self.token

    def play(self, view) -> str:
        return self.token


@dataclass(frozen=True)
class Branch:
    """A deal played on from another action at one decision (:func:`branch`).

    Attributes:
        deal: the deal's index in the record (0-based); ``number``: its number in the record.
        step: the decision's index among the deal's decisions (``decisions()``); ``seat`` who decided;
            ``kind``: ``"call"``, ``"discard"`` or ``"play"``; ``where``: in words (``"trick 2"``, ``"round 1"``).
        action: the alternative made (a call token or a card); ``recorded``: what the record made there.
        mode: one of ``MODES``; ``worlds``, ``seed``: the advisor's (``None`` double dummy).
        actions: every later action, in order: ``{"seat", "kind", "action"}`` (``kind`` ``"call"``,
            ``"alone"``, ``"defend"``, ``"discard"``, ``"give"``, ``"play"``; a card also its ``"trick"``,
            1-based, and on a trick's last card its ``"winner"``), the alternative first.
        result: the finished hand's :meth:`~solver.game.HandResult.to_dict` (tricks and points per side);
            ``recorded_result``: the record's (``None`` when the record stops before the end).
        points: the branch's points for the deciding seat's side, net of the other side's (units: points);
            ``recorded_points`` the record's (``None``: unfinished).
    """

    deal: int
    number: int
    step: int
    seat: Seat
    kind: str
    where: str
    action: str
    recorded: str
    mode: str
    worlds: int | None
    seed: int | None
    actions: list = field(default_factory=list)
    result: dict = field(default_factory=dict)
    recorded_result: dict | None = None
    points: int = 0
    recorded_points: int | None = None

    def to_dict(self) -> dict:
        """What ``POST /v1/branch`` answers (plain JSON types)."""
        return {"deal": self.deal, "number": self.number, "step": self.step, "seat": str(self.seat),
                "kind": self.kind, "where": self.where, "action": self.action, "recorded": self.recorded,
                "mode": self.mode, "worlds": self.worlds, "seed": self.seed, "actions": list(self.actions),
                "result": dict(self.result), "recorded_result": self.recorded_result, "points": self.points,
                "recorded_points": self.recorded_points, "text": self.text}

    def __str__(self) -> str:
        """For people: the sentence, then the later calls and each trick (``euchre branch``)."""
        lines = [self.text[:1].upper() + self.text[1:] + "."]
        if self.mode == "double_dummy":
            lines.append("Double dummy: every seat sees every hand, which no player at the table could.")
        calls = [a for a in self.actions if a["kind"] != "play"]
        if calls:
            lines.append("  " + ", ".join(f"{a['seat']} {'discards ' if a['kind'] == 'discard' else ''}{a['action']}"
                                          for a in calls))
        tricks: dict = {}
        for a in self.actions:
            if a["kind"] == "play":
                tricks.setdefault(a["trick"], []).append(a)
        for t, cards in tricks.items():
            won = cards[-1].get("winner")
            lines.append(f"  trick {t}: " + " ".join(f"{a['seat']} {a['action']}" for a in cards)
                         + (f" -> {won}" if won else ""))
        return "\n".join(lines)

    @property
    def text(self) -> str:
        """One sentence saying the alternative, how it was played on and what it scored against the record."""
        how = "double dummy" if self.mode == "double_dummy" else f"by the advisor at {self.worlds} worlds a decision"
        out = f"{self.seat} {self.action} instead of {self.recorded} at {self.where}, played on {how}: "
        r = self.result
        if r.get("thrown_in"):
            out += "thrown in"
        else:
            tricks = r["tricks"][r["makers"]]
            out += (f"{r['maker']} made {r['trump']}{' alone' if r['alone'] else ''}, {r['makers']} {tricks} "
                    f"trick{'' if tricks == 1 else 's'}")
        out += f", {_signed(self.points)} points for {self.seat}'s side"
        if self.recorded_points is not None:
            out += f" (the record: {_signed(self.recorded_points)})"
        return out


def _signed(x: int) -> str:
    return f"+{x}" if x > 0 else str(x)


def _net(result, seat, players: int) -> int:
    mine = int(Seat(seat)) % 2 if players == 4 else (0 if Seat(seat) == Seat.N else 1)
    return int(result.points[mine]) - int(result.points[1 - mine])


def _text(rec) -> str:
    if isinstance(rec, (Discarded, CardPlayed)):
        return str(rec.card)
    return str(rec.action)


def _where(rec) -> str:
    if isinstance(rec, BidMade):
        return f"round {rec.round}"
    if isinstance(rec, Discarded):
        return "the discard"
    return f"trick {rec.trick + 1}"


def _actions(records) -> list:
    """The records of the branch after the deal's earlier history, as ``{"seat", "kind", "action", ...}``; a
    call followed by its alone decision is written as one call token (``"order alone"``)."""
    out: list[dict] = []
    for rec in records:
        if isinstance(rec, AloneDeclared):
            if rec.defender:
                out.append({"seat": str(rec.seat), "kind": "defend", "action": "alone" if rec.alone else "partner"})
            elif rec.alone:                          # said after the call (and the dealer's discard)
                call = next((a for a in reversed(out) if a["kind"] == "call" and a["seat"] == str(rec.seat)), None)
                if call is not None:
                    call["action"] = f"{call['action']} alone"
                else:
                    out.append({"seat": str(rec.seat), "kind": "alone", "action": "alone"})
            continue
        if isinstance(rec, BidMade):
            kind, suit, _ = parse_call(str(rec.action))
            out.append({"seat": str(rec.seat), "kind": "call", "action": call_token(kind, suit)})
        elif isinstance(rec, Discarded):
            out.append({"seat": str(rec.seat), "kind": "discard", "action": str(rec.card)})
        elif isinstance(rec, CardPlayed):
            row: dict[str, object] = {"seat": str(rec.seat), "kind": "play", "action": str(rec.card),
                                      "trick": rec.trick + 1}
            if rec.trick_winner is not None:
                row["winner"] = str(rec.trick_winner)
            out.append(row)
        else:
            out.append({"seat": str(rec.seat), "kind": type(rec).__name__.lower(), "action": str(rec.action)})
    return out


def _check_action(before: Hand, kind: str, action, step: int, where: str) -> str:
    """``action`` as the token :func:`alternatives` lists, or :class:`IllegalActionError` naming it."""
    seat = before.to_act
    legal = alternatives(before)
    if not isinstance(action, str) or not action.strip():
        raise IllegalActionError(f"action {quoted(action)}: expected a call token or a card")
    if kind == "call":
        k, suit, alone = parse_call(action)            # IllegalActionError naming a token that is no call
        token = call_token(k, suit, alone)
    else:
        try:
            token = str(Card.parse(action.strip()))
        except CardError as exc:
            raise IllegalActionError(f"action {quoted(action)}: step {step} is {seat}'s {kind} at {where}, which "
                                     f"takes a card ({exc})") from None
    if token not in legal:
        raise IllegalActionError(f"action {quoted(action)}: not legal for {seat} at step {step} ({where}); "
                                 f"legal: {', '.join(legal)}")
    return token


def branch(game, deal: int, step: int, action: str, mode: str = "double_dummy", worlds: int = DEFAULT_WORLDS,
           seed: int = 0) -> Branch:
    """Deal ``deal`` of ``game`` replayed to decision ``step``, ``action`` made there instead of the record's, and
    the rest of the deal played on (see the module for the two ways).

    Args:
        game: an :class:`~solver.records.EGNGame`, anything :func:`~solver.records.load_game` reads, or one
            :class:`~solver.game.Hand` (its deal is 0).
        deal: the deal's index in the record (0-based, as the review's deals).
        step: the decision's index among the deal's calls, discard and cards (``decisions()``), 0-based.
        action: the alternative: a call token (``"pass"``, ``"order"``, ``"order alone"``, ``"call h"``, or the
            words ``solver.laws.parse_call()`` takes) at a call, a card (``"Qs"``) at the discard or a card.
        mode: ``"double_dummy"`` or ``"advisor"``.
        worlds: worlds a decision of the advisor's (``MIN_WORLDS`` .. ``MAX_WORLDS``);
            ignored double dummy.
        seed: the advisor agents' seed (an int >= 0); ignored double dummy.

    Returns:
        a :class:`Branch`.

    Raises:
        ArgumentError: ``deal`` or ``step`` past the end (naming it and the range), an unknown ``mode``,
            ``worlds`` or ``seed`` out of range.
        IllegalActionError: ``action`` not a call or card, or not legal at that decision (naming the legal ones).
        RecordError: the record does not show every card still to be played (an unknown hand or discard).
        EuchreError: the record does not load (:func:`~solver.records.load_game`).
    """
    if mode not in MODES:
        raise ArgumentError(f"mode {quoted(mode)}: expected one of {', '.join(MODES)}")
    if mode == "advisor":
        check_int(worlds, "worlds", MIN_WORLDS, MAX_WORLDS)
        check_int(seed, "seed", 0, MAX_SEED)
    record = resolve_game(game)
    hands = [record] if isinstance(record, Hand) else [d.hand for d in record.deals]
    numbers = [0] if isinstance(record, Hand) else [d.number for d in record.deals]
    if isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < len(hands):
        raise ArgumentError(f"deal {quoted(deal)}: the record has {len(hands)} deal"
                            f"{'' if len(hands) == 1 else 's'} (0..{len(hands) - 1})")
    hand = hands[deal]
    check_covers("branch", hand.rules, where=f"deal {deal}")
    steps = decisions(hand)
    if isinstance(step, bool) or not isinstance(step, int) or not 0 <= step < len(steps):
        where = "past the end of" if isinstance(step, int) and step >= len(steps) else "not a step of"
        raise ArgumentError(f"step {quoted(step)}: {where} deal {deal}, which has {len(steps)} decisions "
                            f"(steps 0..{len(steps) - 1})" if steps else
                            f"step {quoted(step)}: deal {deal} has no decisions to branch at")
    before, rec = steps[step]
    kind, where = _kind(rec), _where(rec)
    unknown = unknown_hands(before)
    if unknown:
        raise RecordError(f"deal {deal}, step {step}: the record does not show every card of {', '.join(unknown)}, "
                          "so the deal cannot be played on from there")
    token = _check_action(before, kind, action, step, where)
    seats = [Seat(s) for s in before.rules.seats]
    agents: dict
    if mode == "double_dummy":
        agents = {s: DoubleDummyAgent() for s in seats}
    else:
        agents = {s: AdvisorAgent(method=Method(worlds=worlds, seed=agent_seed(seed, 0, int(s)))) for s in seats}
    done = play_on(before, _Given(token), agents)
    assert done.result is not None                     # play_on plays to the end
    players = before.rules.players
    recorded_points = None if hand.result is None else _net(hand.result, rec.seat, players)
    recorded = _text(rec)
    if isinstance(rec, BidMade):
        k, suit, _ = parse_call(recorded)
        alone = any(isinstance(r, AloneDeclared) and r.alone and not r.defender and r.seat == rec.seat
                    for r in hand.history)
        recorded = call_token(k, suit, alone and rec.trump is not None)
    number = numbers[deal]
    return Branch(deal=deal, number=number, step=step, seat=rec.seat, kind=kind, where=where, action=token,
                  recorded=recorded, mode=mode, worlds=worlds if mode == "advisor" else None,
                  seed=seed if mode == "advisor" else None, actions=_actions(done.history[len(before.history):]),
                  result=done.result.to_dict(), recorded_result=None if hand.result is None else hand.result.to_dict(),
                  points=_net(done.result, rec.seat, players), recorded_points=recorded_points)

