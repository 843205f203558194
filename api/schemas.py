"""Request and response models of the service (pydantic v2; they also make /openapi.json).

Request models reject unknown members and take JSON types strictly (``"5"`` is
not 5, ``1`` is not ``true``). Members the engine parses (cards, deals, seats,
suits, rules) are checked here by the engine's own parsers, so a bad one is
reported on its own field with the engine's own message. Checks that need
several members (a card in the deal and in the trick) happen when the route
builds the position.
"""
from __future__ import annotations

import dataclasses
import functools
import json
from typing import Any, Literal

from pydantic import (BaseModel, BeforeValidator, ConfigDict, Field, PrivateAttr, StrictBool, StrictFloat, StrictInt,
                      StrictStr, ValidationInfo, create_model, field_validator, model_validator)
from pydantic_core import PydanticCustomError
from typing_extensions import Annotated

import solver
import solver.charts
import solver.examples
import solver.inference
import solver.play_model
import solver.whatif
from solver.game.seat import parse_tricks
from solver.laws import check_trump, parse_side
from solver.advisor.method import BOUNDS, DESCRIPTIONS
from solver.bounds import MAX_SEED, MIN_WORLDS

# the advice and review endpoints' response models live in .answers (this module would pass the line cap); re-exported
from .answers import (AdviseResponse, CardQuestionOut, DefendResponse, ExchangeResponse, Interval, Out,  # noqa: F401
                      PlayResponse, ReviewResponse)
from .limits import MAX_JSON_DEPTH, too_deep
from .problems import engine_slug

VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"


def _engine_check(fn, *args):
    """Call an engine parser; its error becomes a field error carrying the engine's message."""
    try:
        return fn(*args)
    except solver.EuchreError as exc:
        raise PydanticCustomError(engine_slug(exc), "{message}", {"message": str(exc)}) from None


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


Deal = Annotated[str, Field(min_length=1, max_length=400, examples=[VWEC],
                            description="`N:<hand> E:<hand> S:<hand> W:<hand>`; `-` for a hand that sits out "
                                        "(two-player: N and S only)")]
SeatText = Annotated[str, Field(min_length=1, max_length=16, description="a seat: N E S W", examples=["W"])]
SuitText = Annotated[str, Field(min_length=1, max_length=16, description="a suit: c d h s", examples=["c"])]
CardText = Annotated[str, Field(min_length=1, max_length=16, description="a card: rank 9 T J Q K A + suit c d h s, "
                                                                          "joker B", examples=["Jh"])]
Cards = Annotated[Annotated[str, Field(max_length=100)] | Annotated[list[CardText], Field(max_length=8)],
                  Field(description='cards as text ("Qs As") or a list (["Qs", "As"])')]
def _method_member(name: str, kind, detail: str = "") -> Any:
    """The request type of :class:`solver.Method`'s member ``name``: ``kind`` (its JSON type) with Method's bounds
    (``solver.advisor.method.BOUNDS``: the schema's ``minimum``/``maximum``) and description
    (``solver.advisor.method.DESCRIPTIONS``, then ``detail``, what the service adds), so a door cannot drift from
    the engine. A request sets its own default (and, where the member means more there, its own description)."""
    low_high = BOUNDS.get(name)
    bounds = {} if low_high is None else {"ge": low_high[0], "le": low_high[1]}
    return Annotated[kind, Field(description=DESCRIPTIONS[name] + detail, **bounds),
                     BeforeValidator(functools.partial(_method_words, name))]


def _method_words(name: str, v):
    """A value of the JSON type of Method's member ``name`` that :class:`solver.Method` refuses (out of its bounds,
    an inference of no name) is refused with the engine's message (``worlds 5: must be a whole number
    10..100000``), the same words as Python's ``ArgumentError`` and the CLI's; anything else goes on to the type
    check (``"5"`` for worlds is pydantic's strict-type error)."""
    whole = isinstance(v, int) and not isinstance(v, bool)
    if (name in BOUNDS and whole) or (name == "inference" and isinstance(v, str)):
        _engine_check(lambda value: solver.Method(**{name: value}), v)
    return v


#: The method members the requests take (solver.Method's fields of those names; threads are the server's, a policy
#: and a rollout are not the service's to take), each built by :func:`_method_member`.
METHOD_IN = {
    "worlds": _method_member("worlds", StrictInt, "; at most the server's MAX_WORLDS"),
    "seed": _method_member("seed", StrictInt | None),
    "inference": _method_member("inference", StrictBool | Literal[solver.inference.INFERENCE]),
    "inner_worlds": _method_member("inner_worlds", StrictInt, " (default 20)"),
    "examples": _method_member("examples", StrictInt, (
        ": for each option not among the best, up to this many of the likeliest worlds in which it scores fewer "
        f"points than the best, with both points there (0..{solver.examples.MAX_EXAMPLES})")),
    "play_model": _method_member("play_model", Literal[solver.play_model.PLAY_MODEL_NAMES] | StrictFloat | StrictInt
                                 | None, (": players-play-1 (the default, fitted to real players' cards), flat (the "
                                          "play weighs nothing), or a temperature in tricks (0.05 to 100)")),
    "early_stop": _method_member("early_stop", StrictBool | None, (
        ": a call clearly behind the leading one after the first 1/8 or 1/2 of the worlds stops there (its option "
        "says stopped and its worlds); false: every call on every world")),
}
Worlds = METHOD_IN["worlds"]
Seed = METHOD_IN["seed"]


_RULE_DOCS = {
    "players": "4, or 2 for two-player euchre",
    "loner_lead": "who leads against a loner: left_of_loner | left_of_dealer",
    "joker": "the joker B is in the pack as the highest trump",
    "canadian": "Canadian loners (EGN canadian): the dealer's partner who orders up in round 1 must go alone",
    "defend_alone": "against a loner one defender may defend alone (EGN defend_alone)",
    "partners_best": "call for best (EGN partners_best): a loner's partner passes it one card face down and the "
                     "loner discards one",
    "allow_no_trump": "no-trump contracts (EGN allow_no_trump): in round 2 a seat may call no trump (trump `n`: "
                      "no bowers, the led suit wins)",
    "farmers": "farmer's hand (EGN farmers): before the bidding a seat with three nines and tens may show three "
               "and exchange them for the three face-down kitty cards",
    "go_under": "going under (EGN go_under): before the bidding a seat with no jack, ace or king may exchange any "
                "three cards, face down, for the three face-down kitty cards",
}


class _RulesBase(Strict):
    """Variant options (solver.Rules): every member optional, defaults as in the Python API."""

    _rules: solver.Rules | None = PrivateAttr(None)

    @model_validator(mode="after")
    def _engine_rules(self):
        self._rules = _engine_check(solver.Rules.from_dict, self.model_dump())
        return self

    def to_rules(self) -> solver.Rules:
        """The :class:`solver.Rules` built (and checked) once, when the request was validated."""
        return self._rules


def _rules_model() -> type:
    """The request model of solver.Rules, made from its fields so the two cannot drift apart."""
    kinds = {bool: StrictBool, int: StrictInt, str: Annotated[str, Field(max_length=32)]}
    fields = {f.name: (kinds.get(type(f.default), Any), Field(f.default, description=_RULE_DOCS.get(f.name)))
              for f in dataclasses.fields(solver.Rules)}
    return create_model("RulesIn", __base__=_RulesBase, __doc__=_RulesBase.__doc__, **fields)


RulesIn = _rules_model()


def _players(info: ValidationInfo) -> int | None:
    rules = info.data.get("rules")
    return rules.players if rules is not None else None


def _check_deal(cls, v, info: ValidationInfo):
    """The deal, parsed once for the requested number of players (``rules`` is validated first): the
    member then holds ``{Seat: list[Card] | None}`` (:func:`solver.parse_deal`), which the engine takes
    as it is. With two-player dummy hands a table's deal may be
    ``"N:<hand> S:<hand> | N:<dummy> S:<dummy>"``: checked, and kept as that text."""
    players = _players(info)
    if players is None:
        return v
    rules = info.data.get("rules")
    if "|" in v and getattr(rules, "dummy_hands", False):
        for part in _engine_check(solver.cards.split_dummy_deal, v):
            _engine_check(solver.parse_deal, part, players)
        return v
    return _engine_check(solver.parse_deal, v, players)


class SolveRequest(Strict):
    """A position: every hand in play known, trump named, a trick under way or about to start."""

    rules: RulesIn = Field(default_factory=RulesIn)
    deal: Deal
    trump: SuitText = Field(description="the trump suit: c d h s; `n` for no trump (rules allow_no_trump)")
    leader: SeatText = Field(description="the seat that led (or is to lead) the current trick")
    makers: str | None = Field(None, max_length=8, description="side that made trump: NS or EW (two-player N or S); "
                                                               "default NS (N)")
    alone: SeatText | None = Field(None, description="the loner's seat; its partner's hand is `-`")
    played: Cards = Field("", description="cards already in the current trick, from its leader; the hands hold "
                                          "only cards not yet played")
    tricks_won: dict[Annotated[str, Field(max_length=8)], StrictInt] | None = Field(
        None, max_length=2, description='mid-hand: {"NS": 1, "EW": 0}')

    _deal = field_validator("deal")(_check_deal)

    @field_validator("trump")
    @classmethod
    def _trump(cls, v, info: ValidationInfo):
        # checked as Position.parse checks it, under the request's rules: the same message at every door
        rules = info.data.get("rules")
        allow = bool(getattr(rules, "allow_no_trump", False))
        _engine_check(lambda t: solver.laws.check_trump(t, allow_no_trump=allow), v)
        return v

    @field_validator("leader", "alone")
    @classmethod
    def _seat(cls, v):
        if v not in (None, "", "-"):
            _engine_check(solver.Seat.parse, v)
        return v

    @field_validator("makers")
    @classmethod
    def _makers(cls, v, info: ValidationInfo):
        players = _players(info)
        if v is not None and players is not None:
            _engine_check(parse_side, v, players)
        return v

    @field_validator("tricks_won")
    @classmethod
    def _tricks_won(cls, v, info: ValidationInfo):
        players = _players(info)
        for side in v or {}:
            if players is not None:
                _engine_check(parse_side, side, players)
        return v

    @field_validator("played")
    @classmethod
    def _played(cls, v):
        if isinstance(v, list) and len(v) > 3:
            raise PydanticCustomError("too_long", "a trick has at most 3 cards played before the last")
        _engine_check(solver.parse_cards, v, "played")
        return v


class TableRequest(Strict):
    """A full deal (every hand of five) and its dealer; with the upcard, the table also gives the par."""

    rules: RulesIn = Field(default_factory=RulesIn)
    deal: Deal
    dealer: SeatText
    upcard: CardText | None = Field(None, description="the turned-up card: the answer then has `par` "
                                                      "(as POST /v1/par)")

    _deal = field_validator("deal")(_check_deal)

    @field_validator("dealer")
    @classmethod
    def _dealer(cls, v):
        _engine_check(solver.Seat.parse, v)
        return v

    @field_validator("upcard")
    @classmethod
    def _upcard(cls, v):
        if v is not None:
            _engine_check(solver.Card.parse, v)
        return v


class ParRequest(TableRequest):
    """A full deal (every hand of five), its upcard and dealer: the par auction (solver.par)."""

    upcard: CardText = Field(description="the turned-up card (B: the joker, with rules.joker)")


#: The game's score before a hand, points by side; the engine checks the sides and the values.
ScoreIn = dict[Annotated[StrictStr, Field(max_length=8)], StrictInt] | None


def model_field():
    """The ``model`` member of a request: a bidding model by name, or a model file's JSON inline (never a path:
    the service reads no file a request names)."""
    return Field(None, examples=["players-1"],
                 description=DESCRIPTIONS["model"] + ": "
                             + ", ".join(solver.bidding.MODEL_NAMES)
                             + f" (default {solver.bidding.MODEL_NAMES[0]}, fitted to real players' calls), or "
                               "a model file's JSON object (what `euchre model fit` writes)")


ModelIn = Literal[solver.bidding.MODEL_NAMES] | dict[str, Any] | None


def score_field(each: str):
    """The ``score`` member of a request whose ``each`` (options, cards) then gain ``p_win_game``."""
    return Field(None, max_length=2, examples=[{"NS": 8, "EW": 6}],
                 description=DESCRIPTIONS["score"] + f" (NS, EW; two-player N, S): every "
                             f"{each} then gains p_win_game (the chance that the seat's side wins the game) and the "
                             "recommendation and margin are by it")


class SeatQuestion(Strict):
    """What advise and play requests share: a seat's hand, the upcard, the seat and the dealer, each checked
    by the engine's own parser (so the message is the engine's). The hand and the upcard are read once, here:
    the members then hold the parsed cards (``list[Card]``, :class:`~solver.Card`), which the engine takes as
    they are."""

    @field_validator("hand", check_fields=False)
    @classmethod
    def _hand(cls, v):
        return _engine_check(solver.parse_cards, v, "hand")

    @field_validator("upcard", check_fields=False)
    @classmethod
    def _upcard(cls, v):
        return _engine_check(solver.Card.parse, v)

    @field_validator("seat", "dealer", "defender_alone", check_fields=False)
    @classmethod
    def _seat(cls, v):
        if v is not None:
            _engine_check(solver.Seat.parse, v)
        return v

    @field_validator("discard", "best_card", "loner_discard", check_fields=False)
    @classmethod
    def _one_card(cls, v):
        if v is not None:
            _engine_check(solver.Card.parse, v)
        return v

    @field_validator("tricks", check_fields=False)
    @classmethod
    def _tricks(cls, v):
        # the cards only (a bad one on this field); who played which, and reneges, when the view is built
        _engine_check(parse_tricks, v)
        return v


def _valuation_spelling(v):
    """Either spelling (``single-dummy`` as the CLI writes it, ``single_dummy``) to the API name, through the
    engine's one normaliser (solver.advisor.valuation.valuation_key); a string of no valuation is refused with
    the engine's message, which names it (anything else goes on to the type check)."""
    from solver.advisor.valuation import parse_valuation, valuation_key
    if isinstance(v, str) and valuation_key(v) is None:
        _engine_check(parse_valuation, v)
    return valuation_key(v) or v


ValuationIn = Annotated[
    Literal["single_dummy", "double_dummy", "playout", "rollout"] | None, BeforeValidator(_valuation_spelling), Field(
        None, description=DESCRIPTIONS["valuation"] + (
            ": single_dummy (the default where the variant has a fitted table, the four-player game "
            "without the joker: each world's double-dummy result corrected by a table fitted against "
            "playouts where every seat sees only its own cards), double_dummy (every seat sees every "
            "card; the default of the other variants), playout (each world played out directly by such seats; slow: "
            "worlds x inner_worlds is bounded) or rollout (bid and play advice only: each call or card played "
            "to the end of the deal by the advisor agents at every seat; slowest: worlds x options is "
            "bounded); the CLI's spelling (single-dummy) is taken too"))]
ExamplesIn = METHOD_IN["examples"]
InnerWorlds = METHOD_IN["inner_worlds"]


class AdviseRequest(SeatQuestion):
    """One bidding decision: the seat's hand, the upcard, dealer and round (solver.advise)."""

    rules: RulesIn = Field(default_factory=RulesIn)
    hand: Cards = Field(examples=["9d Ac Tc Kd Jd"])
    upcard: CardText = Field(examples=["Kc"])
    seat: SeatText = Field(description="the seat to bid")
    dealer: SeatText
    round: Annotated[StrictInt, Field(ge=1, le=2)] = Field(1, description="1: order up / pass; 2: name a suit / pass")
    named_suit: SuitText | None = Field(None, description="a turned-up joker (upcard B): the suit the dealer named, "
                                                          "which the joker proposes")
    worlds: Worlds = 2000
    seed: Seed = None
    dummies: StrictStr | None = Field(None, max_length=200, examples=["N:9c Tc Jh Ks Ad S:Jd Js Qh Kc Ah"],
                                      description="two-player dummy hands (rules players 2, dummy_hands true): "
                                                  "both face-up dummies, 'N:<cards> S:<cards>'")
    inference: METHOD_IN["inference"] = Field(True, description=(
        "weight the worlds by the earlier passes under the bidding model (true or auction; false or none: uniform "
        "worlds; a call comes before any card, so play is uniform worlds and both is auction)"))
    early_stop: METHOD_IN["early_stop"] = True
    score: ScoreIn = score_field("option")
    model: ModelIn = model_field()
    valuation: ValuationIn = None
    inner_worlds: InnerWorlds = 20
    examples: ExamplesIn = 0
    kitty: Cards | None = Field(None, description="rules farmers / go_under, after a kitty exchange: the cards the "
                                                  "seat knows lie face down in the kitty (the three it put under, or "
                                                  "a farmer's three shown); hand is then its hand after the exchange")


class ChartRequest(SeatQuestion):
    """One call to look up in the hand charts (solver.hand_chart): the caller's hand, the upcard, the seat, the
    dealer, the round, the suit named in round 2 and whether it goes alone."""

    rules: RulesIn = Field(default_factory=RulesIn, description="the rules: the charts cover the defaults only "
                                                               "(any winning_score or num_deals); another variant "
                                                               "is a 422 invalid-rules problem naming its options")
    hand: Cards = Field(examples=["Jh Jd Ah Kc 9c"], description="the caller's five cards before any pick-up")
    upcard: CardText = Field(examples=["Qh"], description="the card turned up (round 2: the card turned down)")
    seat: SeatText = Field(description="the caller")
    dealer: SeatText
    round: Annotated[StrictInt, Field(ge=1, le=2)] = Field(1, description="1: order up the upcard's suit; 2: name "
                                                                          "call")
    call: SuitText | None = Field(None, description="round 2: the suit named (not the upcard's); round 1: none or "
                                                    "the upcard's suit")
    alone: StrictBool = Field(False, description="the caller goes alone")
    valuation: Literal[solver.charts.CHART_VALUATIONS] = Field(
        solver.charts.CHART_VALUATIONS[0], description="how each solved call was scored: single_dummy (the fitted "
                                                       "band model, default) or double_dummy (every hand seen)")

    @field_validator("call")
    @classmethod
    def _call(cls, v):
        return _check_call(v)


def _check_call(v):
    """A hand-chart ``call``: a suit by the engine's parser (checked against the round when the row is looked up)."""
    if v is not None:
        _engine_check(lambda t: check_trump(t, allow_no_trump=False), v)
    return v


def _query_text(description: str, default=...):
    # a query parameter's schema: flask-openapi3 takes its examples only as a mapping, so none are given here
    return Field(default, min_length=1, max_length=100, description=description)


class ChartQuery(SeatQuestion):
    """The members of ChartRequest as query parameters (GET /v1/chart): text, each checked by the engine's parser
    as the JSON body's are (so a bad one is named)."""
    model_config = ConfigDict(extra="forbid", strict=False)

    hand: str = _query_text("the caller's five cards before any pick-up, e.g. Jh Jd Ah Kc 9c")
    upcard: str = _query_text("the card turned up (round 2: the card turned down)")
    seat: str = _query_text("the caller: N E S W")
    dealer: str = _query_text("the dealer: N E S W")
    round: Annotated[int, Field(ge=1, le=2)] = Field(1, description="1: order up the upcard's suit; 2: name call")
    call: str | None = _query_text("round 2: the suit named (not the upcard's)", None)
    alone: bool = Field(False, description="the caller goes alone (true/false)")
    valuation: Literal[solver.charts.CHART_VALUATIONS] = Field(
        solver.charts.CHART_VALUATIONS[0], description="single_dummy (default) or double_dummy")

    @field_validator("call")
    @classmethod
    def _call(cls, v):
        return _check_call(v)


CallsIn = Annotated[str, Field(max_length=120)] | Annotated[list[Annotated[str, Field(max_length=16)]],
                                                           Field(max_length=8)]
TrickIn = Annotated[Annotated[str, Field(max_length=60)] | Annotated[list[CardText], Field(max_length=4)],
                    Field(description='one trick from its leader: "Ad 9d Qd Td" or ["Ad", "9d", "Qd", "Td"]')]


class SeatInPlay(SeatQuestion):
    """A seat's view of a hand in play (solver.seat_view) and the worlds to draw from it: what a play and a lead
    request share."""

    rules: RulesIn = Field(default_factory=RulesIn)
    seat: SeatText = Field(description="the seat to play")
    hand: Cards = Field(examples=["Ac Kc 9c Qd"], description="the cards the seat holds now")
    dealer: SeatText
    upcard: CardText = Field(examples=["9s"])
    calls: CallsIn = Field(
        examples=["Pass Pass Pass Pass Pass h"],
        description="the calls from the dealer's left, EGN tokens Pass, Order or a suit letter: a list or one string")
    alone: StrictBool = Field(False, description="the maker went alone")
    tricks: Annotated[str, Field(max_length=300)] | Annotated[list[TrickIn], Field(max_length=10)] = Field(
        "", examples=["Ad 9d Qs Td; Kh"],
        description="the tricks so far, each from its leader, the one under way last; a list or one string "
                    "with ';' between tricks")
    discard: CardText | None = Field(None, description="the seat's own discard, when it is the dealer and picked up")
    named_suit: SuitText | None = Field(None, description="the suit the dealer named for a turned-up joker")
    defender_alone: SeatText | None = Field(None, description="the seat defending alone (rules defend_alone)")
    best_card: CardText | None = Field(None, description="rules partners_best, the seat the loner: the card its "
                                                         "partner passed it (call for best)")
    loner_discard: CardText | None = Field(None, description="rules partners_best, the seat the loner: its own "
                                                             "discard after the exchange")
    kitty: Cards | None = Field(None, description="rules farmers / go_under, after a kitty exchange: the cards the "
                                                  "seat knows lie face down in the kitty; hand and tricks are those "
                                                  "after the exchange")
    dummies: StrictStr | None = Field(None, max_length=200, examples=["N:9c Tc Jh Ks Ad S:Jd Js Qh Kc Ah"],
                                      description="two-player dummy hands (rules players 2, dummy_hands true), "
                                                  "and only then: both face-up dummies as dealt, 'N:<cards> "
                                                  "S:<cards>'; tricks then run to ten (6-10 from the dummies) "
                                                  "and hand is the seat's own dummy once the fifth trick is done")
    worlds: Worlds = 500
    seed: Seed = None
    inference: METHOD_IN["inference"] = True
    model: ModelIn = model_field()
    valuation: ValuationIn = None
    inner_worlds: InnerWorlds = 20

    def view_keys(self) -> dict:
        """The keyword arguments of :func:`solver.seat_view`."""
        out = {k: getattr(self, k) for k in ("seat", "hand", "dealer", "upcard", "calls", "alone", "tricks",
                                             "discard", "named_suit", "defender_alone", "dummies", "best_card",
                                             "loner_discard", "kitty")}
        out["rules"] = self.rules.to_rules()
        return out


class CardQuestion(SeatInPlay):
    """A seat's view with a card question (play advice, the lead table): the play model that reads the cards."""

    play_model: METHOD_IN["play_model"] = Field(None, examples=["players-play-1"])

    @field_validator("play_model")
    @classmethod
    def _play_model(cls, v, info: ValidationInfo):
        if v is None:
            return v
        _engine_check(solver.play_model.resolve_play_model, v)
        # read only where the cards played are weighed: the engine refuses it otherwise, with the message of
        # every door (solver.advisor.method.check_reads)
        return v


class PlayRequest(CardQuestion):
    """One seat's turn to play, as it sees the hand (solver.seat_view), for solver.advise_play."""

    score: ScoreIn = score_field("card")
    examples: ExamplesIn = 0


class LeadRequest(CardQuestion):
    """The seat to lead a trick, as it sees the hand (solver.seat_view), for solver.lead_table: the opening
    leader, or the winner of the last trick (any other seat is a 422 illegal-action problem)."""

    seat: SeatText = Field(description="the seat on lead")


ActionIn = Annotated[StrictStr, Field(max_length=24, examples=["order"], description=(
    "an action of the seat to act: a call token (pass, order, order alone, call c, call c alone, or the words "
    "the engine takes: assist, pick it up, hearts alone) while it bids, a card (Qs) while it plays"))]


class CompareRequest(PlayRequest):
    """Two actions of the seat to act compared over the same worlds (solver.compare): the seat's view as for
    solver.advise_play (calls and tricks so far; at a call, no tricks), and the two actions a and b."""

    seat: SeatText = Field(description="the seat to act: to bid (round 1 or 2) or to play a card")
    calls: CallsIn = Field("", examples=["Pass"], description="the calls from the dealer's left, EGN tokens Pass, "
                                                              "Order or a suit letter: a list or one string; absent "
                                                              "or empty for the first seat to bid")
    a: ActionIn
    b: ActionIn
    worlds: Worlds | None = Field(None, description="worlds (placements of the unseen cards) to solve, at most the "
                                                    "server's MAX_WORLDS; default 2000 for calls, 500 for cards")
    examples: Annotated[StrictInt, Field(ge=0, le=solver.examples.MAX_EXAMPLES, description=(
        "up to this many of the likeliest worlds in which a does better than b, the same and worse "
        f"(0..{solver.examples.MAX_EXAMPLES})"))] = 3


class CompareResponse(BaseModel):
    """`solver.compare(...).to_dict()`, as `euchre compare --json`: `kind` (call or card), `a`, `b`, `by` (points,
    or game with a score); `points` (and with a score `game`): each action's mean, the mean difference a - b with
    its 95% paired interval, the shares of the worlds in which a does better, the same and worse with Wilson
    intervals; `examples` of each outcome with the hands; how the worlds were drawn and valued."""

    model_config = ConfigDict(extra="allow")


class DefendRequest(SeatQuestion):
    """A defender's question against a loner (rules defend_alone, set here): defend alone or with partner
    (solver.advise_defend), from its hand, the upcard and the calls up to the loner's."""

    rules: RulesIn = Field(default_factory=RulesIn, description="the rules; defend_alone is taken as true")
    seat: SeatText = Field(description="the defender")
    hand: Cards = Field(examples=["Jh Jd Ah Kc Qc"], description="the defender's five cards")
    dealer: SeatText
    upcard: CardText = Field(examples=["9h"])
    calls: Annotated[str, Field(max_length=120)] | Annotated[list[Annotated[str, Field(max_length=16)]],
                                                             Field(max_length=8)] = Field(
        examples=["Pass Order"], description="the calls from the dealer's left, EGN tokens; the maker goes alone")
    discard: CardText | None = Field(None, description="the defender's own discard, when it is the dealer")
    worlds: Worlds = 500
    seed: Seed = None
    inference: METHOD_IN["inference"] = Field(
        True, description="weight the worlds by the bidding model's chance of every call seen (true or auction; "
                          "false or none: uniform worlds; the decision comes before the first card, so play weighs "
                          "no card: uniform worlds, and both is auction)")
    model: ModelIn = model_field()

    def view_keys(self) -> dict:
        """The keyword arguments of :func:`solver.seat_view` (``alone`` true, ``defend_alone`` on)."""
        out = {k: getattr(self, k) for k in ("seat", "hand", "dealer", "upcard", "calls", "discard")}
        out["rules"] = self.rules.to_rules().replace(defend_alone=True)
        out["alone"] = True
        return out


#: The most worlds a kitty-exchange question may ask for: each world costs a par (about 4 ms) per choice, up to 11
MAX_EXCHANGE_WORLDS = 500


class ExchangeRequest(SeatQuestion):
    """The kitty exchange (rules farmers / go_under): keep the hand or exchange, and which three cards
    (solver.advise_exchange), from the seat's five cards as dealt and the upcard."""

    rules: RulesIn = Field(default_factory=RulesIn, description="the rules, with farmers or go_under")
    hand: Cards = Field(examples=["9h 9d Th Qh Qs"], description="the seat's five cards as dealt")
    upcard: CardText = Field(examples=["9c"])
    seat: SeatText = Field(description="the seat offered the exchange")
    dealer: SeatText
    worlds: Annotated[StrictInt, Field(ge=MIN_WORLDS, le=MAX_EXCHANGE_WORLDS,
                                       description="placements of the unseen cards; each costs a par per choice")] = 200
    seed: Seed = None


def egn_object(v):
    """An ``egn`` member as the parsed EGN object (its text parsed here: never taken for a path), or a field error
    ``invalid-egn`` saying why it is not one."""
    if isinstance(v, str):
        try:
            v = json.loads(v)
        except (ValueError, RecursionError) as exc:
            raise PydanticCustomError("invalid-egn", "{message}",
                                      {"message": f"egn: not EGN text, which is JSON ({exc})"}) from None
    if not isinstance(v, dict):
        raise PydanticCustomError("invalid-egn", "{message}",
                                  {"message": "egn: expected an EGN game, a JSON object with 'deals'"})
    if too_deep({"egn": v}, MAX_JSON_DEPTH) is not None:
        raise PydanticCustomError("invalid-egn", "{message}", {"message": f"egn: JSON nested deeper than "
                                                                          f"{MAX_JSON_DEPTH} levels"})
    return v


class ReviewRequest(Strict):
    """An EGN 1.4 game to review (solver.load_egn then solver.review)."""

    egn: dict[str, Any] | str = Field(description="the EGN game: its JSON object, or the EGN file's text "
                                                  "(parsed here: never taken for a path)")
    worlds: Worlds = 200
    seed: Seed = None
    inference: METHOD_IN["inference"] = Field(
        True, description="judge from the auction-aware view: worlds weighted by the bidding model's chance of every "
                          "call seen (true or auction; false or none: uniform worlds, the first version's review); "
                          "both: the cards' worlds also weighted by the play model's chance of every card the other "
                          "seats played; play: by the cards only (the calls' worlds uniform)")
    score: StrictBool = Field(True, description="judge each deal by the chance of winning the game from the score "
                                                "at that deal, replayed from the record (solver.win_probability); "
                                                "a deal without a known score is judged by points and says why "
                                                "(false: by points only)")
    model: ModelIn = model_field()
    valuation: ValuationIn = None
    inner_worlds: InnerWorlds = 20
    annotate: StrictBool = Field(False, description="also answer annotated_egn: the record with an EGN mark and a "
                                                    "short comment at each decision graded below best "
                                                    "(callAnnotations, playAnnotations)")
    examples: ExamplesIn = solver.examples.EXAMPLES
    rules: RulesIn | None = Field(None, description="the rules the caller expects: the record carries its own "
                                                    "(EGN metadata.ruleset), which governs; rules that differ from "
                                                    "it are a 422 invalid-rules problem naming the options (absent: "
                                                    "the record's)")

    @field_validator("egn")
    @classmethod
    def _egn(cls, v):
        return egn_object(v)

    @property
    def deal_count(self) -> int:
        deals = self.egn.get("deals")
        return len(deals) if isinstance(deals, list) else 1

    @property
    def call_count(self) -> int:
        """The calls the record shows (each one a bid advisor's question in the review), at least 1."""
        deals = self.egn.get("deals")
        calls = 0
        for d in deals if isinstance(deals, list) else ():
            bids = d.get("calls") if isinstance(d, dict) else None
            calls += len(bids) if isinstance(bids, list) else 8      # no list: as many as a deal can have
        return max(calls, 1)


class BranchRequest(Strict):
    """What-if replay (solver.branch): deal `deal` of an EGN game replayed to decision `step`, `action` made there
    instead of the record's, and the rest of the deal played on double dummy or by the advisor."""

    egn: dict[str, Any] | str = Field(description="the EGN game: its JSON object, or the EGN file's text "
                                                  "(parsed here: never taken for a path)")
    deal: StrictInt = Field(ge=0, examples=[1], description="the deal's index in the record's deals (0-based)")
    step: StrictInt = Field(ge=0, examples=[0], description="the decision's index among the deal's calls, discard "
                                                            "and cards in the order they were made (0-based; the "
                                                            "review page's step)")
    action: ActionIn
    mode: Literal["double_dummy", "advisor"] = Field(
        "double_dummy", description="double_dummy: every seat sees every card and keeps its side's double-dummy "
                                    "tricks highest; advisor: each seat decides from its own view as the advisor, "
                                    "`worlds` worlds a decision, seeded by `seed`")
    worlds: StrictInt = Field(solver.whatif.DEFAULT_WORLDS, ge=MIN_WORLDS,
                              description="the advisor's worlds a decision (mode advisor; not read double dummy), "
                                          "at most the server's MAX_BRANCH_WORLDS in either mode")
    seed: Annotated[StrictInt, Field(ge=0, le=MAX_SEED)] = Field(0, description="the advisor agents' seed")
    rules: RulesIn | None = Field(None, description="the rules the caller expects: the record's ruleset governs, "
                                                    "and rules that differ from it are a 422 invalid-rules problem "
                                                    "naming the options (absent: the record's)")

    @field_validator("egn")
    @classmethod
    def _egn(cls, v):
        return egn_object(v)


# -- responses (what the routes send; the tests check bodies against them) ---------------------------


class PositionOut(Out):
    deal: str
    trump: str
    leader: str
    makers: str
    alone: str | None
    played: list[str]
    to_move: str


class CardValue(Out):
    card: str
    tricks: int = Field(description="the mover's side total tricks after this card")
    cost: int = Field(description="tricks lost against the best card")


class SolveResponse(Out):
    """As `euchre solve --json`."""

    position: PositionOut
    tricks: dict[str, int] = Field(description="tricks per side under best play: the hand's totals when "
                                               "`totals`, else from this position on (earlier tricks not given)")
    totals: bool = Field(description="whether `tricks` are the hand's totals (`tricks_won` given, or 5 tricks left)")
    tricks_left: int = Field(description="tricks still to play, the one in progress included")
    makers: str
    makers_tricks: int
    points: dict[str, int] | None = Field(description="what the hand scores at that result; null when the "
                                                      "earlier tricks are unknown")
    nodes: int = Field(description="search nodes visited")
    to_move: str
    card_values: list[CardValue]


class TableResponse(Out):
    """As `euchre table --json`: per trump suit, tricks per side; per loner, the loner's side's tricks;
    with dummy hands, `phases` (each set of five tricks) and `partners` their sum."""

    dealer: str
    partners: dict[str, dict[str, int]]
    loners: dict[str, dict[str, int]]
    phases: list[dict[str, dict[str, int]]] | None = None
    par: "ParResponse | None" = Field(None, description="the par, when the request gave the upcard")


class ParStepOut(Out):
    seat: str = Field(description="the seat deciding")
    action: str = Field(description="its decision, in the rules engine's words: pass, order, call h, name h, "
                                    "discard Ts, alone, partner, defend alone, defend partner")
    side: str = Field(description="the deciding seat's side")
    net: int = Field(description="that side's points minus the other side's after the decision, every later "
                                 "decision best (points)")
    options: dict[str, int] = Field(description="every choice open to the seat, in the tie order, with its net "
                                                "points to the deciding side")


class ParResponse(Out):
    """As `euchre par --json` (`solver.par(...).to_dict()`): the auction if every seat saw every card and bid to
    maximise its side's net double-dummy points, each decision the best reply to the later ones (ties: pass, with
    partner, suits c d h s, discards by card index first); the contract, its tricks and points."""

    dealer: str
    upcard: str
    contract: str = Field(description="the contract in words, e.g. 'E orders up alone'; 'thrown in'")
    summary: str = Field(description="contract and score, e.g. 'E orders up alone, EW +4'")
    trump: str | None
    maker: str | None
    round: int | None = Field(description="the bidding round trump was made in")
    alone: str | None
    defender_alone: str | None
    discard: str | None = Field(description="the dealer's discard when someone ordered up")
    tricks: dict[str, int] | None = Field(description="double-dummy tricks per side; null when thrown in")
    points: dict[str, int] = Field(description="the side that scores and its points; empty when thrown in")
    net: int = Field(description="points to NS (N) minus points to EW (S)")
    steps: list[ParStepOut]


TableResponse.model_rebuild()


class LeadRowOut(Out):
    card: str = Field(description="the lead")
    p_set: float = Field(description="the chance that the makers take fewer than 3 tricks (are euchred)")
    set_interval: Interval
    p_march: float = Field(description="the chance that the makers take all 5 tricks")
    march_interval: Interval
    expected_points: float = Field(description="the hand's mean points for the leader's side (points)")
    points_interval: Interval
    expected_tricks: float = Field(description="the leader's side's mean tricks in the hand")
    tricks_interval: Interval
    grade: str | None = Field(description="the lead's grade against the best lead (solver.grades), by points")


class LeadResponse(CardQuestionOut):
    """`solver.lead_table(...).to_dict()`, as `euchre lead --json`: per legal lead P(set), P(march) and the
    leader's side's mean points and tricks with 95% intervals; the best lead (the play advice's recommended card)
    and its paired margin in points; how the worlds were drawn and how each world's play was valued. The members
    it shares with the play advice are declared once, in api.answers.CardQuestionOut (the seat is the leader)."""

    maker: str | None
    trick: int = Field(description="the trick to lead, 1 for the opening lead")
    leads: list[LeadRowOut]


class ChartClassOut(Out):
    round: int
    seat: int = Field(description="the caller's seat counted from the dealer's left: 1-3, 4 the dealer")
    alone: bool
    trumps: int = Field(description="the caller's trumps at the first lead, the left bower counted")
    bowers: str = Field(description="none, right, left or both")
    off_aces: int = Field(description="aces of the three plain suits")
    voids: int = Field(description="plain suits with no card")


class ChartSourceOut(Out):
    data: str | None = None
    deals: int
    seed: int
    commit: str | None
    date: str


class ChartResponse(Out):
    """`solver.hand_chart(...).to_dict()`, as `euchre chart --json`: the figures of the call's class over the
    solved set, with 95% intervals (Wilson's for the chances, Student's t for the points)."""
    class_: ChartClassOut = Field(alias="class")
    label: str = Field(description="the class in words")
    valuation: str
    calls: int = Field(description="calls of the solved set in the class")
    p_make: float
    make_interval: Interval
    p_march: float
    march_interval: Interval
    p_euchred: float
    euchred_interval: Interval
    expected_points: float = Field(description="mean points for the caller's side (points)")
    points_interval: Interval
    hand: str | None = Field(description="the hand as played (the dealer's after its pick-up and discard)")
    trump: str | None
    discard: str | None = Field(description="round 1, the dealer: the card it throws (solver.bidding.dealer_discard)")
    source: ChartSourceOut | None


class Limits(Out):
    max_body_bytes: int
    max_worlds: int
    max_review_work: int = Field(description="worlds x deals per review request")
    max_playout_work: int = Field(description="valuation playout: worlds x max(inner_worlds, 20) per question "
                                              "(a review: also x calls x 7, the redraws of a close call)")
    max_rollout_work: int = Field(description="valuation rollout (bid and play advice): worlds x the options of "
                                              "the question (the calls a bid can have, 3 in round 1 and 7 in round "
                                              "2; the legal cards of a card question)")
    max_branch_worlds: int = Field(description="what-if replay (/v1/branch, mode advisor): worlds a decision")
    request_timeout_s: float


class HealthResponse(Out):
    status: Literal["ok"]
    version: str
    engine: dict[str, bool] = Field(description="which analyses this build provides")
    limits: Limits


class FieldError(Out):
    field: str | None
    message: str


class Problem(BaseModel):
    """RFC 9457 problem details (`application/problem+json`)."""

    model_config = ConfigDict(extra="allow")
    type: str = Field(description="`/problems/<slug>` (GET it for its description) or `about:blank`")
    title: str
    status: int
    detail: str = Field(description="for bad euchre input: the Python solver.EuchreError message")
    field: str | None = Field(description="the request member at fault (dotted path), or null")
    errors: list[FieldError] | None = Field(None, description="every validation failure, for a schema problem")
    limit: float | None = Field(None, description="the bound that was exceeded, for over-limit and deadline")


class BranchAction(Out):
    seat: str
    kind: str = Field(description="call, alone, defend, discard, give or play")
    action: str = Field(description="a call token (pass, order alone, call h) or a card")
    trick: int | None = Field(None, description="a card's trick, 1-based")
    winner: str | None = Field(None, description="on a trick's last card: who won the trick")


class BranchResponse(Out):
    """`solver.branch(...).to_dict()`: the decision branched at (deal, step, seat, kind, where), the alternative
    `action` and the `recorded` one, every later action in order (the alternative first), the finished hand's
    result and the record's, and the points for the deciding seat's side net of the other's (units: points)."""

    deal: int
    number: int
    step: int
    seat: str
    kind: str
    where: str
    action: str
    recorded: str
    mode: str
    worlds: int | None
    seed: int | None
    actions: list[BranchAction]
    result: dict[str, Any]
    recorded_result: dict[str, Any] | None
    points: int
    recorded_points: int | None
    text: str
