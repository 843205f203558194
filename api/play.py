"""A table to play at: the user holds one seat (South), agents of :mod:`solver.match` the others.

The table lives on the server (:class:`api.tables.TableStore`) as a JSON record: its settings,
its seed and every action applied so far (engine action codes, hand by hand). Each request
replays that record through the rules engine (:class:`solver.game.Game`, a few milliseconds),
applies the user's move, which the engine checks (an illegal card is refused with the engine's
reason), then lets the agents move until it is the user's turn again, each bot move checked by
:func:`solver.match.referee.next_action` as in match play. So a page can never make an illegal
move happen, and the table is the same in every worker process.

Seeds. A table's seed ``S`` fixes its deals (deal ``k`` is
:func:`solver.match.duplicate.game_deal_of` ``(S, 0, k)``, the dealer passing left from N) and
every bot decision (the agent is seeded with :func:`decision_seed` of ``S``, the deal and the
step before it decides), so the same seed and the same moves of the user give the same table.
``/play?seed=N`` starts one with a seed of the user's choice; the hand of the day is a single
deal whose seed comes from the date (:func:`daily_seed`).

Hints (:func:`hint`) are the figures of ``POST /v1/advise`` (a call) or ``POST /v1/play`` (a card)
for the user's view, the hint seed (:func:`decision_seed` with the hint tag) and the game's score:
the same request body, run by the same code (:func:`api.routes.run_advise`, :func:`api.routes.run_play`).
After each hand, the review of that hand (``POST /v1/review`` of its one-deal EGN record, the score
before it as ``initialScore``) is summarised for the user's decisions.

Routes: the pages ``GET /play`` (settings), ``POST /play/new`` (start, then 303 to the table),
``GET /play/<id>`` (the table), ``GET /play/<id>/review/<k>`` (the review page of deal ``k``),
``GET /play/<id>/game.egn`` and ``/play/<id>/deal-<k>.egn`` (records); and the page's JSON, under
``/play/api``: ``POST /tables`` (new), ``GET /tables/<id>`` (the user's view), ``POST
/tables/<id>/act``, ``/next``, ``/continue`` (the bots' moves left when a request's time budget ran
out), ``/hint`` and ``/review/<k>``. JSON errors are problem+json
(:mod:`api.problems`), page errors readable pages; an unknown or expired table is a 404.
"""
from __future__ import annotations

import atexit
import datetime as dt
import hashlib
import json
import math
import os
import secrets
import tempfile
import time
from typing import Literal

import numpy as np
from flask import Blueprint, current_app, jsonify, redirect, request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr, ValidationError, field_validator
from pydantic_core import PydanticCustomError
from werkzeug.exceptions import NotFound

import solver
from solver.cards import Card, Seat, Suit, format_cards, trump_of
from solver.errors import ArgumentError, EuchreError, IllegalActionError, LevelError, quoted
from solver.game import Action, BidMade, CardPlayed, Discarded, Game, Kind, Phase
from solver.laws import call_name, parse_call, side_name, side_of
from solver.match.agents import make_agent
from solver.match.duplicate import game_deal_of
from solver.match.ladder import LEVELS, level_of
from solver.match.protocol import legal_tokens
from solver.match.referee import next_action
from solver.records.egn import dump_egn

from . import limits
from .pages import html_response as _page, register_page_errors
from .problems import Problem, engine_slug, from_validation
from .tables import TableStore, TablesFull

__all__ = ["init_app", "play_api", "play_pages", "decision_seed", "daily_seed", "PLAY_DEFAULTS", "USER"]

#: The server's bounds for the tables (``app.config``; environment ``EUCHRE_<KEY>``).
PLAY_DEFAULTS = {
    "PLAY_MAX_TABLES": 1000,          # live tables; one more evicts the least recently used idle one
    "PLAY_MAX_TABLES_PER_CLIENT": 20,  # live tables made from one client address (a flood from one address)
    "PLAY_TABLE_IDLE": 1800.0,        # seconds a table is in use after its last move: never evicted meanwhile
    "PLAY_TABLE_TTL": 6 * 3600.0,     # seconds a table lives after its last move
    "PLAY_MAX_BOT_WORLDS": 1000,      # the advisor's worlds per bot decision (three bots may answer one click)
    "PLAY_STORE": None,               # the SQLite file of the tables (None: a new temporary file per server)
}

#: The user's seat (drawn at the bottom of the table).
USER = Seat.S
AGENTS = ("advisor", "policy", "random")
_HINT_TAG, _REVIEW_TAG, _BOT_TAG = 0x68, 0x72, 0x62
#: The seeds the server makes stay below 2**53: exact as JavaScript numbers.
JS_SAFE_BITS = 53
_MAX_HANDS = 200          # deals in one table (a game of thrown-in hands ends here, as a match's does)
_BID_PHASES = (Phase.BID1, Phase.BID2, Phase.NAME_SUIT)


# -- settings ------------------------------------------------------------------------------------

_AGENT_CHOICE = (f"one of {', '.join(AGENTS)}, or a level of the ladder (solver.match.ladder): level:1 (the weakest) "
                 f"to level:{len(LEVELS)}, or a level's name ({', '.join(lv.name for lv in LEVELS)}); a level plays "
                 f"with its own worlds, not `worlds`")


def agent_choice(name: str) -> str:
    """A seat's agent as the table stores it: one of :data:`AGENTS`, or a level's ``"level:N"`` (from
    ``"level:N"`` or the level's name). Raises :class:`~solver.errors.LevelError` naming a bad level,
    :class:`~solver.errors.ArgumentError` another unknown agent."""
    key = name.strip().lower()
    if key in AGENTS:
        return key
    try:
        return level_of(key).token
    except LevelError:
        if key.startswith("level:"):
            raise
        raise ArgumentError(f"agent {quoted(name)}: expected {_AGENT_CHOICE}") from None


class NewTable(BaseModel):
    """The settings of a new table (``POST /play/api/tables``; the setup form sends the same)."""

    model_config = ConfigDict(extra="forbid")
    partner: StrictStr = Field("advisor", description=f"the agent at N (four-player): {_AGENT_CHOICE}",
                               examples=["advisor", "level:3"])
    opponents: StrictStr = Field("advisor", description=f"the agents at E and W (two-player: at N): {_AGENT_CHOICE}",
                                 examples=["advisor", "level:2"])
    worlds: StrictInt = Field(200, ge=10, description="the advisor agents' worlds per decision")
    hint_worlds: StrictInt = Field(200, ge=10, description="worlds of a hint (as /v1/advise and /v1/play)")
    hint_inference: Literal["auction", "both", "play", "none"] = Field(
        "auction", description="what weighs the worlds of a card's hint (/v1/play inference): the calls seen "
                               "(auction), also the cards played (both: the hint then says what the cards told), "
                               "the cards only (play), or nothing (none)")
    review_worlds: StrictInt = Field(100, ge=10, description="worlds per decision of the after-hand review")
    players: Literal[4, 2] = 4
    stick_the_dealer: StrictBool = False
    loner_lead: Literal["left_of_loner", "left_of_dealer"] = "left_of_loner"
    joker: StrictBool = False
    partners_best: StrictBool = Field(False, description="call for best: a loner's partner passes it a card face "
                                                         "down and the loner discards one")
    allow_no_trump: StrictBool = Field(False, description="no-trump contracts: in round 2 a seat may call no trump "
                                                          "(no bowers, the led suit wins)")
    farmers: StrictBool = Field(False, description="farmer's hand: before the bidding a seat with three nines and "
                                                   "tens may show three and exchange them with the kitty")
    go_under: StrictBool = Field(False, description="going under: before the bidding a seat with no jack, ace or "
                                                    "king may exchange three cards, face down, with the kitty")
    mode: Literal["game", "deal"] = Field("game", description="a game to the winning score, or a single deal")
    seed: StrictInt | None = Field(None, ge=0, le=2 ** 63 - 1, description="the table's seed (empty: a fresh one)")
    daily: StrictBool = Field(False, description="the hand of the day: a single deal, its seed from today's date "
                                                 "(UTC)")

    @field_validator("partner", "opponents")
    @classmethod
    def _agent(cls, v: str) -> str:
        try:
            return agent_choice(v)
        except EuchreError as exc:
            raise PydanticCustomError(engine_slug(exc), "{message}", {"message": str(exc)}) from None

    def rules(self) -> solver.Rules:
        return solver.Rules(players=self.players, stick_the_dealer=self.stick_the_dealer, loner_lead=self.loner_lead,
                            joker=self.joker, partners_best=self.partners_best, allow_no_trump=self.allow_no_trump,
                            farmers=self.farmers, go_under=self.go_under,
                            num_deals=1 if self.mode == "deal" else 0,
                            # a single deal has no target score (EGN holds num_deals or winning_score, not both)
                            winning_score=0 if self.mode == "deal" else 10)


def daily_seed(day: dt.date) -> int:
    """The seed of the hand of the day ``day``: the first 8 bytes of the SHA-256 of
    ``"euchre-dd hand of the day YYYY-MM-DD"``, the top 53 bits (0 <= seed < 2**53)."""
    digest = hashlib.sha256(f"euchre-dd hand of the day {day.isoformat()}".encode("ascii")).digest()
    return int.from_bytes(digest[:8], "big") >> (64 - JS_SAFE_BITS)


def decision_seed(seed: int, deal: int, step: int, tag: int) -> int:
    """The seed of one decision of a table: its seed, the deal (0-based), the step (actions of that
    deal applied so far) and what asks (bot ``0x62``, hint ``0x68``, review ``0x72``); 0 <= seed < 2**53, so
    that the page's script (JavaScript numbers are doubles) sends a hint's request back exactly."""
    state = np.random.SeedSequence([int(seed), int(deal), int(step), int(tag), 0x706c6179]).generate_state(2)
    return (int(state[0]) << 32 | int(state[1])) >> (64 - JS_SAFE_BITS)


def _settings(body: NewTable) -> dict:
    cfg = current_app.config
    limits.check_worlds(body.hint_worlds, "hint_worlds")
    if body.worlds > cfg["PLAY_MAX_BOT_WORLDS"]:
        raise Problem("over-limit", f"worlds {body.worlds}: this server's bots think with at most "
                                    f"{cfg['PLAY_MAX_BOT_WORLDS']} worlds a decision", field="worlds",
                      limit=cfg["PLAY_MAX_BOT_WORLDS"])
    if body.review_worlds > min(cfg["MAX_WORLDS"], cfg["MAX_REVIEW_WORK"]):
        bound = min(cfg["MAX_WORLDS"], cfg["MAX_REVIEW_WORK"])
        raise Problem("over-limit", f"review_worlds {body.review_worlds}: this server reviews a deal with at most "
                                    f"{bound} worlds a decision", field="review_worlds", limit=bound)
    settings = body.model_dump()
    if body.daily:
        today = dt.datetime.now(dt.timezone.utc).date()
        settings.update(mode="deal", seed=daily_seed(today), day=today.isoformat())
    elif body.seed is None:
        settings["seed"] = secrets.randbelow(2 ** JS_SAFE_BITS)
    try:
        rules = body.model_copy(update={"mode": settings["mode"]}).rules()
    except EuchreError as exc:
        raise Problem("invalid-rules", str(exc), field="rules") from None
    settings["rules"] = rules.to_dict()
    return settings


# -- the table: the record replayed --------------------------------------------------------------

class Table:
    """One table: ``record`` (settings, the actions of each deal as engine codes, what the user said
    about going alone), the :class:`~solver.game.Game` it replays to, and its notes (``notes`` as stored):
    ``hints`` taken (by ``"<deal>:<step>"``) and ``reviews`` (summaries by deal). The notes are kept beside
    the record, unversioned (:meth:`api.tables.TableStore.annotate`), so they never make a move stale."""

    def __init__(self, table_id: str, record: dict, version: int, notes: dict | None = None):
        self.id, self.record, self.version = table_id, record, version
        notes = notes or {}
        # a record stored before the notes holds its own lists; they are read, never written again
        self.hints = {f"{h['deal']}:{h['step']}": h for h in record.get("hints", [])} | notes.get("hints", {})
        self.reviews = {**record.get("reviews", {}), **notes.get("reviews", {})}
        self.settings = record["settings"]
        self.rules = solver.Rules.from_dict(self.settings["rules"])
        self.seed = int(self.settings["seed"])
        self.game = Game(self.rules, dealer=self._deal(0)[1])
        for k, codes in enumerate(record["deals"]):
            self.game.apply(self._deal(k)[0])
            for code in codes:
                self.game.apply(Action.from_code(code))
        self.events: list = []

    @classmethod
    def new(cls, settings: dict) -> dict:
        return {"settings": settings, "deals": [], "alone": {}}

    def _deal(self, k: int):
        return game_deal_of(self.seed, 0, k, self.rules)

    @property
    def hand(self):
        return self.game.current

    @property
    def k(self) -> int:
        return len(self.game.hands) - 1

    def score(self, before_deal: int | None = None) -> tuple:
        if before_deal is None:
            return self.game.scores
        return self.game.scores_after(before_deal - 1) if before_deal > 0 else self.game.initial_scores

    def score_dict(self, scores=None) -> dict:
        s = self.game.scores if scores is None else scores
        return {side_name(i, self.rules.players): s[i] for i in (0, 1)}

    def game_mode(self) -> bool:
        return self.settings["mode"] == "game"

    # -- moves ---------------------------------------------------------------------------------
    def _apply(self, action: Action, seat, by: str) -> None:
        hand = self.hand
        step = len(hand.history)
        hand_phase = hand.phase
        self.game.apply(action)
        self.record["deals"][self.k].append(action.code)
        # a bot keeping its hand at the kitty exchange is not shown: being asked says its hand qualifies
        hidden = action.kind is Kind.EXCHANGE and action.exchange is None and seat != USER
        if (hand_phase not in (Phase.ALONE, Phase.DEFEND_ALONE) or action.alone) and not hidden:
            self.events.append({"deal": self.k, "step": step, "seat": seat.name, "by": by,
                                "action": _action_text(action, seat, hand)})

    def _agents(self) -> dict:
        s = self.settings
        out = {}
        for seat in self.rules.seats:
            seat = Seat(seat)
            if seat == USER:
                continue
            name = s["partner"] if side_of(seat, self.rules.players) == side_of(USER, self.rules.players) \
                else s["opponents"]
            out[seat] = make_agent(name, worlds=s["worlds"])
        return out

    def user_turn(self) -> bool:
        hand = self.hand
        return hand is not None and not hand.is_over and hand.to_act == USER and hand.phase is not Phase.ALONE

    def run_bots(self, budget: float | None = None) -> None:
        """Let the agents (and the engine's forced moves) act until the user decides or the deal is over, or
        until ``budget`` seconds have gone (checked between decisions): the request then saves what was
        played and answers, and the page asks for the rest (``POST .../continue``), so slow bots never
        lose a move to the request's deadline."""
        hand, agents = self.hand, None
        start, decided = time.monotonic(), 0
        said = {Seat.parse(s): v for s, v in self.record["alone"].items()}   # "alone" said with each call
        while not hand.is_over:
            seat, phase = hand.to_act, hand.phase
            if seat == USER and phase is not Phase.ALONE:
                legal = hand.legal_actions()
                if not (phase is Phase.PLAY and len(legal) == 1 and len(solver.cards.cards_of(hand.holding(seat))) == 1):
                    return
                self._apply(legal[0], seat, "forced")   # the user's last card plays itself
                continue
            if budget is not None and decided and time.monotonic() - start > budget:
                return                                # at least one decision a request: always progress
            if agents is None:
                agents = self._agents()
            agent = agents.get(seat)
            step = len(hand.history)
            if agent is not None and hasattr(agent, "new_deal"):
                agent.new_deal(decision_seed(self.seed, self.k, step, _BOT_TAG))
            if agent is not None and hasattr(agent, "game_score"):
                agent.game_score(self.score_dict() if self.game_mode() and self._game_odds_cover() else None)
            try:
                action = next_action(hand, agent, said, time_limit=None)
            except ValueError as exc:                # a built-in agent answering wrongly is a bug here
                raise RuntimeError(f"agent at {seat}: {exc.args[-1]}") from None
            self.record["alone"] = {Seat(k).name: v for k, v in said.items()}
            self._apply(action, seat, "bot" if seat != USER else "user")
            decided += agent is not None

    def act(self, token: str, budget: float | None = None) -> None:
        """The user's decision ``token`` (a call token, a card), checked by the rules engine."""
        hand = self.hand
        if hand is None or hand.is_over:
            raise IllegalActionError(self._not_now())
        if not self.user_turn():
            raise IllegalActionError(f"action {quoted(token)}: it is {hand.to_act}'s turn, not yours ({USER})")
        phase = hand.phase
        if phase is Phase.EXCHANGE:
            action = Action.parse(token, Phase.EXCHANGE)
            if action.kind is not Kind.EXCHANGE:
                raise IllegalActionError(f"action {quoted(token)}: the kitty exchange is 'keep', 'farmers <3 cards>' "
                                         "or 'go under <3 cards>'")
            hand.verify(action)
        elif phase in _BID_PHASES:
            kind, suit, alone = parse_call(token)
            if phase is Phase.NAME_SUIT:
                if kind != "call":
                    raise IllegalActionError(f"call {quoted(token)}: name the joker's suit (call c, d, h or s)")
                action = Action.name(suit)
            elif kind == "pass":
                action = Action.parse("pass")
            elif kind == "order":
                action = Action.parse("order")
            else:
                action = Action.call(suit)
            if alone and not solver.laws.may_go_alone(self.rules.players):
                raise IllegalActionError(f"call {quoted(token)}: no going alone in two-player euchre")
            if alone and kind == "order" and phase is Phase.BID2:
                raise IllegalActionError(f"call {quoted(token)}: the upcard is turned down; name a suit")
            hand.verify(action)
            if action.kind.name in ("ORDER", "CALL"):
                self.record["alone"][USER.name] = bool(alone)
        else:
            try:
                card = Card.parse(token.strip())
            except EuchreError as exc:
                raise solver.CardError(f"card {quoted(token)}: {exc}") from None
            if phase is Phase.GIVE:
                action = Action.give(card)
            elif phase in (Phase.DISCARD, Phase.LONER_DISCARD):
                action = Action.discard(card)
            else:
                action = Action.play(card)
            hand.verify(action)
        self._apply(action, USER, "user")
        self.run_bots(budget)

    def _not_now(self) -> str:
        if self.game.is_over:
            s = self.score_dict()
            return "the game is over (" + ", ".join(f"{k} {v}" for k, v in s.items()) + ")"
        return "the deal is over: deal the next one"

    def next_deal(self, budget: float | None = None) -> None:
        if self.game.is_over or len(self.game.hands) >= _MAX_HANDS:
            raise IllegalActionError(f"no next deal: {self._not_now()}")
        if self.hand is not None and not self.hand.is_over:
            raise IllegalActionError(f"no next deal: deal {self.k + 1} is still under way ({self.hand.state_text()})")
        self.game.apply(self._deal(len(self.game.hands))[0])
        self.record["deals"].append([])
        self.record["alone"] = {}
        self.events.append({"deal": self.k, "step": 0, "seat": str(self.hand.dealer), "by": "dealer",
                            "action": "deals"})
        self.run_bots(budget)

    # -- what the user sees ----------------------------------------------------------------------
    def state(self) -> dict:
        """The table as the user sees it (JSON): never a card the user could not see, until the deal is over."""
        rules, hand = self.rules, self.hand
        players = rules.players
        out = {"id": self.id, "version": self.version, "seed": self.seed, "settings": _public(self.settings),
               "rules": rules.to_dict(), "user": USER.name, "seats": [Seat(s).name for s in rules.seats],
               "sides": [side_name(0, players), side_name(1, players)], "score": self.score_dict(),
               "winning_score": rules.winning_score, "mode": self.settings["mode"],
               "game_over": self.game.is_over, "winner": None, "deal_number": self.k + 1,
               "events": self.events, "hints_taken": len(self.hints)}
        if self.game.is_over and self.game.winner is not None:
            out["winner"] = side_name(self.game.winner, players)
        if hand is None:
            return out
        view = hand.view(USER)
        out.update({
            "step": len(hand.history), "dealer": hand.dealer.name, "phase": hand.phase.name.lower(),
            "to_act": None if hand.to_act is None else hand.to_act.name, "your_turn": self.user_turn(),
            "upcard": None if hand.upcard is None else str(hand.upcard), "upcard_state": view.upcard_state,
            "named_suit": None if hand.named_suit is None else Suit(hand.named_suit).letter,
            "trump": None if hand.trump is None else trump_of(hand.trump).letter,
            "maker": None if hand.maker is None else hand.maker.name,
            "alone": None if hand.alone is None else hand.alone.name,
            "calls": [{"seat": s.name, "call": _action_text(a, s, hand, alone=s == hand.alone)}
                      for s, a in hand.bids],
            "hand": [str(Card(c)) for c in solver.cards.cards_of(view.hand)],
            "discard": None if view.discard is None else str(view.discard),
            "hand_sizes": {Seat(s).name: view.hand_sizes[s] for s in rules.seats},
            "tricks": [{"leader": t.leader.name, "cards": [{"seat": s.name, "card": str(c)} for s, c in zip(t.seats, t.cards)],
                        "winner": t.winner.name} for t in hand.tricks],
            "current": [{"seat": s.name, "card": str(c)} for s, c in view.current],
            "tricks_won": {side_name(i, players): hand.tricks_won[i] for i in (0, 1)},
            "legal": self.legal_choices() if self.user_turn() else [],
            "deal_over": hand.is_over, "bots_to_move": not hand.is_over and not self.user_turn(),
        })
        if hand.is_over:
            r = hand.result
            out["result"] = {"thrown_in": r.thrown_in, "points": {side_name(i, players): r.points[i] for i in (0, 1)},
                             "makers": None if r.makers is None else side_name(r.makers, players),
                             "makers_tricks": r.makers_tricks, "march": r.march, "euchred": r.euchred,
                             "text": _result_text(r, players)}
            out["dealt"] = {Seat(s).name: [str(Card(c)) for c in solver.cards.cards_of(hand.dealt(s))]
                            for s in rules.seats}
            out["review"] = self.reviews.get(str(self.k))
        if self.game.is_over:
            out["summary"] = self.summary()
        return out

    def legal_choices(self) -> list:
        """The user's legal choices now: ``{"token", "label"}`` (calls) or cards (``{"token": "Jh"}``)."""
        hand = self.hand
        view = hand.view(USER)
        if hand.phase in _BID_PHASES:
            out = []
            for token in legal_tokens(view, "bid"):
                kind, suit, alone = parse_call(token)
                label = ("name " + Suit(suit).word) if hand.phase is Phase.NAME_SUIT else \
                    call_name(kind, suit, USER, hand.dealer, self.rules.players, alone)
                out.append({"token": token, "label": label})
            return out
        if hand.phase is Phase.EXCHANGE:
            return [{"token": t, "label": "keep the hand" if t == "keep" else
                     ("show a farmer's hand, giving " if t.startswith("farmers") else "go under, giving ")
                     + t.split(" ", 2 if t.startswith("go") else 1)[-1]} for t in legal_tokens(view, "exchange")]
        kind = {Phase.DISCARD: "discard", Phase.LONER_DISCARD: "discard", Phase.GIVE: "give"}.get(hand.phase, "play")
        return [{"token": t} for t in legal_tokens(view, kind)]

    # -- hints -----------------------------------------------------------------------------------
    def hint_request(self) -> tuple:
        """``(endpoint, body)``: the ``/v1`` request whose answer is the hint for the user's decision now."""
        hand = self.hand
        if not self.user_turn():
            raise IllegalActionError("hint: it is not your turn" if hand is None or hand.is_over else
                                     f"hint: it is {hand.to_act}'s turn, not yours ({USER})")
        view = hand.view(USER)
        seed = decision_seed(self.seed, self.k, len(hand.history), _HINT_TAG)
        worlds = self.settings["hint_worlds"]
        extra = {}
        if self.game_mode() and self._game_odds_cover():
            extra["score"] = self.score_dict()
        if hand.phase in (Phase.BID1, Phase.BID2):
            body = {"hand": format_cards(view.hand), "upcard": str(view.upcard), "seat": USER.name,
                    "dealer": hand.dealer.name, "round": 1 if hand.phase is Phase.BID1 else 2,
                    "rules": self.rules.to_dict(), "worlds": worlds, "seed": seed, **extra}
            if view.named_suit is not None:            # a turned-up joker proposes the suit the dealer named
                body["named_suit"] = Suit(view.named_suit).letter
            if view.kitty_known:                       # a kitty exchange: the cards the user knows lie in the kitty
                body["kitty"] = format_cards(view.kitty_known)
            return "advise", body
        if hand.phase is Phase.PLAY:
            body = dict(view.to_dict())
            body.update(worlds=worlds, seed=seed, **extra)
            reading = self.settings.get("hint_inference", "auction")     # (a table made before the setting)
            if reading != "auction":
                body["inference"] = reading
            return "play", body
        what = {Phase.DISCARD: "the discard", Phase.GIVE: "the card passed to the loner (call for best)",
                Phase.LONER_DISCARD: "the loner's discard (call for best)",
                Phase.EXCHANGE: "the kitty exchange (POST /v1/exchange answers it)"}.get(hand.phase,
                                                                                    "naming the joker's suit")
        raise IllegalActionError(f"hint: the advisor gives no hint for {what} (the hints are /v1/advise for a call "
                                 "and /v1/play for a card)")

    def _game_odds_cover(self) -> bool:
        """The game odds (:func:`solver.win_probability`) cover this variant: hints and bots then judge by the score."""
        if not hasattr(self, "_covered"):
            try:
                solver.win_probability(self.score_dict(), dealer=Seat.N, rules=self.rules)
                self._covered = True
            except EuchreError:
                self._covered = False
        return self._covered

    def record_hint(self, endpoint: str, body: dict, result: dict) -> tuple:
        """``(key, entry)``: the hint for the decision now, noted once per decision (the first kept)."""
        hand = self.hand
        best = result.get("recommended") if endpoint == "advise" else result.get("best")
        entry = {"deal": self.k, "step": len(hand.history), "endpoint": endpoint, "recommended": best,
                 "margin": result.get("margin")}
        key = f"{entry['deal']}:{entry['step']}"
        self.hints.setdefault(key, entry)
        return key, entry

    # -- records and the review ----------------------------------------------------------------
    def game_egn(self) -> str:
        return dump_egn(self.game)

    def deal_game(self, k: int) -> Game:
        """Deal ``k`` alone, as a one-deal game starting from the score before it (its EGN ``initialScore``)."""
        if not 0 <= k < len(self.game.hands):
            raise NotFound(f"deal {k}: this table has dealt {len(self.game.hands)} deal(s), numbered from 0")
        g = Game(self.rules, dealer=self.game.hands[k].dealer, scores=self.score(k))
        g.apply(self._deal(k)[0])
        for code in self.record["deals"][k]:
            g.apply(Action.from_code(code))
        return g

    def deal_egn(self, k: int) -> str:
        """Deal ``k``'s one-deal EGN record, numbered ``k`` (``dealNumber``) as in the whole game's record, so
        its review page and records name the deal the table played, not deal 0 of a game of one.

        Raises:
            NotFound: no deal ``k``. EGNError: the deal holds what EGN 1.4 cannot record.
        """
        data = json.loads(dump_egn(self.deal_game(k)))
        data["deals"][0]["dealNumber"] = k
        return json.dumps(data, indent=2, ensure_ascii=False)

    def review_body(self, k: int) -> dict:
        g = self.deal_game(k)
        if not g.current.is_over:
            raise IllegalActionError(f"review: deal {k + 1} is still under way; it is reviewed when it is over")
        return {"egn": self.deal_egn(k), "worlds": self.settings["review_worlds"],
                "seed": decision_seed(self.seed, k, 0, _REVIEW_TAG)}

    def mark_hints(self, summary: dict) -> None:
        """Mark each reviewed decision of deal ``summary["deal"]`` that the user asked a hint for (``"hint"``):
        the user's calls, then the discard and cards, are the review's decisions in the same order."""
        k = summary["deal"]
        hand = self.game.hands[k]
        steps = [i for i, rec in enumerate(hand.history) if rec.seat == USER and isinstance(rec, BidMade)]
        steps += [i for i, rec in enumerate(hand.history) if rec.seat == USER and isinstance(rec, Discarded)]
        steps += [i for i, rec in enumerate(hand.history) if rec.seat == USER and isinstance(rec, CardPlayed)]
        hinted = {h["step"] for h in self.hints.values() if h["deal"] == k}
        aligned = len(steps) == len(summary["decisions"])
        for step, decision in zip(steps, summary["decisions"]):
            decision["hint"] = aligned and step in hinted

    def summary(self) -> dict:
        """The game so far for the user: points lost by kind over the reviewed deals, hints taken."""
        lost = {"calls": 0.0, "discards": 0.0, "cards": 0.0, "dd_tricks": 0}
        mistakes, hinted = 0, 0
        for rev in self.reviews.values():
            for d in rev["decisions"]:
                kind = {"call": "calls", "discard": "discards"}.get(d["kind"], "cards")
                lost[kind] += d["loss"] or 0.0
                lost["dd_tricks"] += d.get("dd_cost") or 0
                mistakes += bool(d["flagged"])
                hinted += bool(d.get("hint"))
        deals = sum(1 for h in self.game.hands if h.is_over)
        return {"deals": deals, "reviewed": len(self.reviews),
                "points_lost": {k: round(v, 4) for k, v in lost.items() if k != "dd_tricks"},
                "total_points_lost": round(lost["calls"] + lost["discards"] + lost["cards"], 4),
                "dd_tricks_lost": lost["dd_tricks"], "flagged": mistakes,
                "hints_taken": len(self.hints), "reviewed_with_hint": hinted, "score": self.score_dict(),
                "winner": None if self.game.winner is None else side_name(self.game.winner, self.rules.players)}


def review_summary(deal: dict, k: int, seat: Seat = USER) -> dict:
    """The decisions of ``seat`` (the user's by default) in one reviewed deal (a ``Review.to_dict()`` deal):
    each call, discard and card with its loss in points from what the seat could see (and its ``grade`` where
    the review gives one), and its step on the review page (``#deal-0-step-<n>``: the calls, then the cards,
    in order)."""
    out, step = [], 0
    for call in deal["calls"]:
        if call["seat"] == seat.name:
            out.append({"kind": "call", "step": step, "where": f"round {call['round']}", "played": call["name"],
                        "best": call.get("best_name"), "loss": call.get("loss"), "grade": call.get("grade"),
                        "reason": call.get("reason"), "flagged": bool(call.get("mistakes"))})
        step += 1
    for card in deal["cards"]:
        if card["seat"] == seat.name:
            info = card.get("info") or {}
            dd = card.get("dd") or {}
            out.append({"kind": card["kind"], "step": step,
                        "where": "discard" if card["kind"] == "discard" else f"trick {card['trick']}",
                        "played": card["card"], "best": " ".join(info.get("best") or []) or None,
                        "loss": info.get("loss_points"), "dd_cost": dd.get("cost"), "grade": card.get("grade"),
                        "reason": card.get("reason"), "flagged": bool(card.get("mistakes"))})
        step += 1
    return {"deal": k, "seat": seat.name, "summary": deal.get("summary"), "decisions": out,
            "player": (deal.get("players") or {}).get(seat.name)}


def _public(settings: dict) -> dict:
    return {k: v for k, v in settings.items() if k != "rules"}


def _action_text(action: Action, seat, hand, alone: bool = False) -> str:
    """``action`` by ``seat`` in words; ``alone``: an order or call made by the seat that then went alone."""
    kind = action.kind.name
    if kind == "PLAY":
        return f"plays {action.card}"
    if kind == "DISCARD":
        return "discards" if seat != USER else f"discards {action.card}"
    if kind == "PASS":
        return "pass"
    if kind == "ORDER":
        return call_name("order", None, seat, hand.dealer, hand.rules.players, alone)
    if kind == "CALL":
        return call_name("call", action.suit, seat, hand.dealer, hand.rules.players, alone)
    if kind == "NAME":
        return f"names {Suit(action.suit).word} for the joker"
    if kind == "ALONE":
        return "goes alone" if action.alone else "plays with the partner"
    if kind == "EXCHANGE":                     # a farmer's three are shown; going under, only the seat sees them
        if action.exchange is None:
            return "keeps the hand"
        given = " ".join(map(str, action.cards))
        if action.exchange == "farmers":
            return f"shows a farmer's hand ({given}) and takes the kitty's three cards"
        return f"goes under: gives {given} for the kitty's three cards" if seat == USER else \
            "goes under: three cards for the kitty's three"
    if kind == "GIVE":                         # call for best: only the loner and its partner see the card
        shown = seat == USER or seat.partner == USER
        return f"passes {action.card} to the loner" if shown else "passes a card to the loner"
    return "defends alone" if action.alone else "defends with the partner"


def _result_text(r, players: int) -> str:
    if r.thrown_in:
        return "all passed: the deal is thrown in"
    makers = side_name(r.makers, players)
    won = max(r.points)
    who = side_name(r.points.index(won), players)
    how = "march" if r.march else ("euchred" if r.euchred else "made")
    return f"{makers} {how} with {r.makers_tricks} tricks: {who} +{won}"


# -- the store and the app --------------------------------------------------------------------

def init_app(app) -> None:
    """Register the play routes on ``app`` and open its store of tables (:data:`PLAY_DEFAULTS`)."""
    for key, value in PLAY_DEFAULTS.items():
        app.config.setdefault(key, value)
    for key, kind in (("PLAY_MAX_TABLES", int), ("PLAY_MAX_TABLES_PER_CLIENT", int), ("PLAY_TABLE_IDLE", float),
                      ("PLAY_TABLE_TTL", float), ("PLAY_MAX_BOT_WORLDS", int)):
        value = app.config[key]
        if isinstance(value, bool) or not isinstance(value, (int, float, str)) or float(value) <= 0:
            raise ValueError(f"config {key} {value!r}: must be a positive number")
        app.config[key] = kind(float(value))
    path = app.config["PLAY_STORE"]
    if not path:
        fd, path = tempfile.mkstemp(prefix="euchre-tables-", suffix=".sqlite3")
        os.close(fd)
        _remove_at_exit(path, os.getpid())
    app.extensions["play_tables"] = TableStore(path, app.config["PLAY_MAX_TABLES"], app.config["PLAY_TABLE_TTL"],
                                               idle=app.config["PLAY_TABLE_IDLE"],
                                               per_client=app.config["PLAY_MAX_TABLES_PER_CLIENT"])
    app.register_blueprint(play_api)
    app.register_blueprint(play_pages)


def _remove_at_exit(path: str, pid: int) -> None:
    def remove():
        if os.getpid() == pid:                 # the server's main process, not a forked worker
            for suffix in ("", "-wal", "-shm"):
                try:
                    os.remove(path + suffix)
                except OSError:
                    pass
    atexit.register(remove)


def store() -> TableStore:
    return current_app.extensions["play_tables"]


def load_table(table_id: str) -> Table:
    found = store().load(table_id)
    if found is None:
        raise NotFound("no such table: the id is unknown or the table has expired (tables live "
                       f"{current_app.config['PLAY_TABLE_TTL'] / 3600:g} h after their last move, and at most "
                       f"{current_app.config['PLAY_MAX_TABLES']:,} at once); start a new one at /play")
    return Table(table_id, *found)


def bot_budget() -> float:
    """Seconds the bots may think in one request: a third of the deadline, so the last decision started
    still ends within it."""
    return current_app.config["REQUEST_TIMEOUT"] / 3


def save_table(table: Table) -> None:
    """Write the table's record if it is still at the version it was loaded at.

    Raises:
        Problem: ``table-changed`` (409) when another request changed it meanwhile.
    """
    if not store().save(table.id, table.record, table.version):
        raise Problem("table-changed", "the table changed since this request was made (another tab or a "
                                       "double click?): reload it and try again", field=None)
    table.version += 1


def note(table: Table, kind: str, key: str, value, replace: bool = True) -> None:
    """Merge one of the table's notes (a hint, a review) into the stored ones: no version check, no new
    version (see :class:`Table`).

    Raises:
        NotFound: the table has expired meanwhile.
    """
    if not store().annotate(table.id, kind, key, value, replace):
        load_table(table.id)                    # gone: its readable 404


def create_table(body: NewTable) -> Table:
    """A new table with ``body``'s settings, its first deal dealt, stored under a new id for the request's
    client address (the connection's: a proxy in front makes every player one address).

    Raises:
        Problem: a bad setting (422); ``too-many-tables`` (429) or ``tables-full`` (503), with
            ``Retry-After``, when the address's or the server's tables are all in use.
    """
    settings = _settings(body)
    record = Table.new(settings)
    with limits.engine(body, main_field=None):
        table = Table("", record, 0)
        table.next_deal(bot_budget())
    try:
        table.id = store().create(table.record, client=request.remote_addr or "")
    except TablesFull as exc:
        raise Problem("too-many-tables" if exc.status == 429 else "tables-full", str(exc), field=None,
                      headers={"Retry-After": str(math.ceil(exc.retry_after))}) from None
    return table


# -- JSON routes ---------------------------------------------------------------------------------

play_api = Blueprint("play_api", __name__, url_prefix="/play/api")


def _json_body() -> dict:
    from .routes import require_json_body
    if request.method == "POST" and not request.get_data(cache=True):
        return {}
    require_json_body()
    return request.get_json()


class _Act(BaseModel):
    model_config = ConfigDict(extra="forbid")
    action: str = Field(max_length=40, description="a call token (pass, order, order alone, call h, call h alone) "
                                                   "or a card (Jh)")
    # required: a move without it could only be applied to whatever state the table is in when it arrives
    # (a double-clicked pass passing again in round 2), not to the state it was chosen in
    version: StrictInt = Field(description="the table's version the move was chosen in (the view's "
                                           "\"version\"); the table at another version: 409 table-changed")


def _parse(model, data):
    try:
        return model(**data)
    except ValidationError as exc:
        raise from_validation(exc) from None


@play_api.post("/tables")
def new_table():
    table = create_table(_parse(NewTable, _json_body()))
    return jsonify(table.state()), 201


@play_api.get("/tables/<table_id>")
def get_table(table_id):
    return jsonify(load_table(table_id).state())


@play_api.post("/tables/<table_id>/act")
def act(table_id):
    body = _parse(_Act, _json_body())
    table = load_table(table_id)
    if body.version != table.version:
        raise Problem("table-changed", f"version {body.version}: the table is at version {table.version}; reload it",
                      field="version")
    with limits.engine(body, main_field="action"):
        table.act(body.action, bot_budget())
    save_table(table)
    return jsonify(table.state())


@play_api.post("/tables/<table_id>/next")
def next_deal(table_id):
    _json_body()
    table = load_table(table_id)
    with limits.engine(None, main_field=None):
        table.next_deal(bot_budget())
    save_table(table)
    return jsonify(table.state())


@play_api.post("/tables/<table_id>/continue")
def continue_bots(table_id):
    """The bots' moves left over when a request's time budget ran out (``bots_to_move`` in the view)."""
    _json_body()
    table = load_table(table_id)
    with limits.engine(None, main_field=None):
        table.run_bots(bot_budget())
    save_table(table)
    return jsonify(table.state())


@play_api.post("/tables/<table_id>/hint")
def hint(table_id):
    """The hint for the user's decision now: ``{"endpoint", "request", "advice"}``, ``advice`` the answer of
    ``POST /v1/<endpoint>`` to ``request``. Recorded as taken."""
    from .routes import run_advise, run_play
    from .schemas import AdviseRequest, PlayRequest
    _json_body()
    table = load_table(table_id)
    with limits.engine(None, main_field=None):
        endpoint, body = table.hint_request()
    model, run = (AdviseRequest, run_advise) if endpoint == "advise" else (PlayRequest, run_play)
    result = run(_parse(model, body)).to_dict()
    key, entry = table.record_hint(endpoint, body, result)
    note(table, "hints", key, entry, replace=False)
    return jsonify({"endpoint": f"/v1/{endpoint}", "request": body, "advice": result, "taken": entry,
                    "hints_taken": len(table.hints)})


@play_api.post("/tables/<table_id>/review/<int:k>")
def review_deal(table_id, k):
    """The review of deal ``k`` (0-based) for the user: ``POST /v1/review`` of the deal's record, summarised
    (:func:`review_summary`); kept with the table, so the game summary counts it. ``?seat=N``: another
    seat's decisions instead (not kept)."""
    from .routes import run_review
    from .schemas import ReviewRequest
    _json_body()
    table = load_table(table_id)
    with limits.engine(None, main_field="seat"):
        seat = Seat.parse(request.args.get("seat", USER.name))
        if seat not in table.rules.seats:
            raise solver.PositionError(f"seat {seat}: not at this table (seats {' '.join(Seat(s).name for s in table.rules.seats)})")
        body = table.review_body(k)
    _game, result = run_review(_parse(ReviewRequest, body))
    summary = review_summary(result.to_dict()["deals"][0], k, seat)
    if seat == USER:
        table.mark_hints(summary)
        table.reviews[str(k)] = summary
        note(table, "reviews", str(k), summary)
    return jsonify({**summary, "request": {"endpoint": "/v1/review", "worlds": body["worlds"], "seed": body["seed"]},
                    "game_summary": table.summary()})


# -- pages ---------------------------------------------------------------------------------------

play_pages = Blueprint("play_pages", __name__)

_FORM_TRUE = ("true", "1", "on", "yes")


@play_pages.get("/play")
def setup_page():
    from solver.pages import play_setup_html
    seed = request.args.get("seed", "").strip()
    return _page(play_setup_html(seed=seed, limits={"max_tables": current_app.config["PLAY_MAX_TABLES"],
                                                    "ttl_hours": current_app.config["PLAY_TABLE_TTL"] / 3600,
                                                    "max_bot_worlds": current_app.config["PLAY_MAX_BOT_WORLDS"],
                                                    "max_worlds": current_app.config["MAX_WORLDS"]}))


@play_pages.post("/play/new")
def new_table_page():
    form = request.form
    fields: dict = {}
    for name in ("partner", "opponents", "loner_lead", "mode", "hint_inference"):
        if form.get(name):
            fields[name] = form[name]
    for name in ("worlds", "hint_worlds", "review_worlds", "players", "seed"):
        value = form.get(name, "").strip()
        if value:
            try:
                fields[name] = int(value)
            except ValueError:
                raise Problem("invalid-request", f"{name} {value!r}: expected a whole number", field=name) from None
    for name in ("stick_the_dealer", "joker", "partners_best", "allow_no_trump", "farmers", "go_under", "daily"):
        fields[name] = form.get(name, "").strip().lower() in _FORM_TRUE
    table = create_table(_parse(NewTable, fields))
    return redirect(f"/play/{table.id}", code=303)


@play_pages.get("/play/<table_id>")
def table_page(table_id):
    from solver.pages import play_html
    table = load_table(table_id)
    return _page(play_html(table.state()))


@play_pages.get("/play/<table_id>/game.egn")
def game_egn(table_id):
    table = load_table(table_id)
    with limits.engine(None, main_field=None):
        text = table.game_egn()
    return _download(text, f"euchre-{table.seed}.egn")


@play_pages.get("/play/<table_id>/deal-<int:k>.egn")
def deal_egn(table_id, k):
    table = load_table(table_id)
    with limits.engine(None, main_field=None):
        text = table.deal_egn(k)
    return _download(text, f"euchre-{table.seed}-deal-{k + 1}.egn")


def _download(text: str, name: str):
    resp = current_app.response_class(text, content_type="application/json; charset=utf-8")
    resp.headers["Content-Disposition"] = f'attachment; filename="{name}"'
    return resp


@play_pages.get("/play/<table_id>/review/<int:k>")
def review_page(table_id, k):
    """The project's review page of deal ``k`` of the table (the figures of its JSON review)."""
    from solver.pages import review_html
    from .routes import run_review
    from .schemas import ReviewRequest
    table = load_table(table_id)
    with limits.engine(None, main_field=None):
        body = table.review_body(k)
    game, result = run_review(_parse(ReviewRequest, body))
    return _page(review_html(result, game, served=True))


register_page_errors(play_pages)
