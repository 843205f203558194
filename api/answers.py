"""Typed response models of the advice and review endpoints (pydantic v2; they make their part of /openapi.json).

Each describes the ``to_dict()`` its route returns: ``/v1/advise`` :class:`solver.Advice`, ``/v1/play``
:class:`solver.PlayAdvice`, ``/v1/defend`` :class:`solver.DefendAdvice`, ``/v1/exchange``
:class:`solver.ExchangeAdvice`, ``/v1/review`` :class:`solver.Review`. The top level and each option or card
name every member and forbid others (``tests/test_api_answers.py`` validates real answers against them, so a
member added to a ``to_dict()`` without its field here fails); what is nested deeper and grows on its own (the
method's words, the bidding model, grading, examples, a review's calls and cards) is an object whose layout the
engine's docstring gives. :mod:`api.schemas` re-exports them beside the other models.
"""
from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field
from typing_extensions import Annotated


class Out(BaseModel):
    """A response model: every member named, no other allowed."""

    model_config = ConfigDict(extra="forbid")


Interval = Annotated[list[float | None], Field(min_length=2, max_length=2, description=(
    "95% interval [low, high] (a point when exact; null for an unbounded end, under two effective worlds)"))]
Object = dict[str, Any]
ByOutcome = Annotated[dict[str, float], Field(description="the chance of each result, keyed by the points it "
                                                          "scores to the deciding side ('2', '-2', ...)")]
Score = Annotated[dict[str, int], Field(description="the game's score before this hand, points by side")]
RulesOut = Annotated[Object, Field(description="the rules, as solver.Rules.to_dict() (EGN ruleset keys)")]
Examples = Annotated[Object | None, Field(None, description="with examples asked: the worlds that show this "
                                                           "choice against the best (solver.examples)")]
WinChance = Annotated[float | None, Field(None, description="with a score: the chance that the seat's side wins "
                                                            "the game after this hand")]
WinInterval = Annotated[Interval | None, Field(None, description="with a score: p_win_game's 95% interval")]


class GradingOut(Out):
    """A choice's grade against the best (solver.grades.Grading.to_dict())."""

    grade: str = Field(description="best, good, inaccuracy, mistake, blunder or unclear")
    unit: str = Field(description="what the loss is in: points, tricks or game (p_win_game)")
    loss: float | None = Field(description="the mean loss against the best choice, in unit")
    interval: Interval | None
    range: list[str] | None = Field(description="the grades the loss's interval spans, or null")
    basis: str = Field(description="what the grade is judged on, in words")


Grading = Annotated[GradingOut | None, Field(None, description="the grade against the best choice")]


# -- /v1/advise -------------------------------------------------------------------------------------------
class AdviseOptionOut(Out):
    """One legal call (solver.Option.to_dict())."""

    call: str = Field(description="the call token: pass, order, call h, order alone, ...")
    name: str = Field(description="the call in words: pass, order up, assist, pick it up, call hearts, ... alone")
    action: Literal["pass", "order", "call"]
    trump: str | None = Field(description="the trump suit the call makes, or null for pass")
    alone: bool
    discard: str | None = Field(description="the dealer's discard after picking up, or null")
    p_make: float
    p_make_interval: Interval
    p_march: float
    p_march_interval: Interval
    p_euchred: float
    p_euchred_interval: Interval
    expected_points: float = Field(description="mean points to the seat's side (points)")
    points_interval: Interval
    worlds: int = Field(description="worlds this call was judged on (fewer when stopped early)")
    exact: bool
    stopped: bool = Field(description="with early_stop: judged on fewer worlds, clearly behind")
    outcomes: ByOutcome
    discards: Object | None = Field(description="the dealer's discards over the worlds, or null")
    auction: dict[str, float] | None = Field(description="pass: who makes trump next (or thrown_in), or null")
    phases: list[Object] | None = Field(None, description="two-player dummy hands: each set of five's figures")
    p_win_game: WinChance
    p_win_game_interval: WinInterval
    grade: str | None = Field(None, description="the call's grade against the best (solver.grades)")
    grading: Grading
    examples: Examples


class AdviseResponse(Out):
    """`solver.advise_bid(view, method).to_dict()`, as `euchre advise --json`: options, recommended, margin; `bidding` (the
    model of the later seats, inference, proposals drawn and kept, effective worlds), `robust` and `variants`
    (the recommendation under a cautious and an aggressive variant of the model). With a `score`: `score`,
    `margin_unit` "p_win_game" and per option `p_win_game` with `p_win_game_interval`. With `early_stop`, an
    option `stopped` early reports its figures over the `worlds` it used."""

    version: int = Field(description="the layout's version (1)")
    hand: str
    upcard: str
    seat: str
    dealer: str
    round: int
    turned_down: str | None = Field(description="round 2: the suit turned down")
    named_suit: str | None = Field(None, description="a turned-up joker: the suit the dealer named")
    rules: RulesOut
    worlds: int
    exact: bool
    placements: int = Field(description="the consistent placements of the unseen cards")
    seed: int | None
    method: Object = Field(description="how the worlds were drawn and valued, in words, and the bidding model")
    valuation: str
    options: list[AdviseOptionOut]
    early_stop: bool
    recommended: str = Field(description="the best option's call")
    margin: float | None = Field(description="its lead over the next (points, or p_win_game with a score)")
    margin_interval: Interval
    bidding: Object | None = Field(description="the model of the later seats: inference, proposals, kept, "
                                               "effective worlds")
    robust: bool | None = Field(description="the recommendation is the same under both model variants")
    variants: list[Object] = Field(description="the recommendation under a cautious and an aggressive model")
    examples: int | None = Field(None, description="with examples asked: how many worlds per option")
    score: Score | None = None
    margin_unit: Literal["p_win_game"] | None = None
    dummies: dict[str, str] | None = Field(None, description="two-player dummy hands: the face-up dummies")


# -- /v1/play ---------------------------------------------------------------------------------------------
class ToldByOut(Out):
    seat: str = Field(description="the seat that played the card")
    card: str = Field(description="the card played that moved the holding's chance most, weighed alone")
    p: float = Field(description="the holding's chance with only that card weighed")


class ToldOut(Out):
    """One holding whose chance the cards played moved (solver.advisor.reading.Told)."""

    seat: str = Field(description="the seat the holding is of")
    partner: bool = Field(description="it is the asking seat's partner")
    kind: Literal["card", "void"] = Field(description="the seat holds `card`, or no card of the effective suit `suit`")
    card: str | None
    suit: str | None
    label: str = Field(description="the holding in words: 'the left bower (Jd)', 'Ac', 'no trump', 'no spades'")
    p: float = Field(description="its chance over the worlds with the play weighed")
    p_before: float = Field(description="its chance over the same worlds before the play was weighed")
    by: ToldByOut | None = Field(description="the card that moved it most the same way, or null (the cards together)")
    text: str = Field(description="the holding, its chances and the card, in words")


class CardQuestionOut(Out):
    """What the answers of a seat's card question share, declared once: the play advice (PlayResponse,
    solver.PlayAdvice) and the lead table (api.schemas.LeadResponse, solver.LeadTable, the play advice
    of the same worlds seen lead by lead) each add their own members to these."""

    seat: str
    side: str
    makers: bool = Field(description="the seat's side made trump")
    trump: str
    alone: str | None
    defender_alone: str | None
    hand: str
    tricks_won: int = Field(description="the seat's side's tricks so far")
    best: str
    equal: list[str] = Field(description="every card as good as the best on every count, the best first")
    runner_up: str | None
    margin: float | None = Field(description="the best card's paired lead over runner_up (points, or p_win_game "
                                             "with a score)")
    margin_interval: Interval | None
    worlds: int
    effective_worlds: float
    exact: bool
    total: int = Field(description="the consistent deals of the unseen cards")
    method: str
    model: str | None
    seed: int | None
    valuation: str
    play: str = Field(description="how each world's play after the card was valued, in words")
    notes: list[str]


class PlayCardOut(Out):
    """One legal card (solver.CardAdvice.to_dict()); tricks and points for the seat's side, chances for the
    makers."""

    card: str
    expected_tricks: float = Field(description="the seat's side's mean tricks in the hand")
    tricks_interval: Interval
    expected_points: float = Field(description="the seat's side's mean points (points)")
    points_interval: Interval
    p_make: float
    make_interval: Interval
    p_euchred: float
    euchred_interval: Interval
    p_march: float
    march_interval: Interval | None
    outcomes: ByOutcome
    p_win_game: WinChance
    p_win_game_interval: WinInterval
    grade: str | None = Field(None, description="the card's grade against the best (solver.grades)")
    grading: Grading
    examples: Examples


class PlayResponse(CardQuestionOut):
    """`solver.advise_play(...).to_dict()`, as `euchre play --json`: per legal card expected tricks and points for
    the seat's side, P(make), P(euchred), P(march) for the makers, each with a 95% interval; `best`, `margin` and
    its paired interval; how the worlds were drawn (`worlds`, `effective_worlds`, `exact`, `method`, `model`).
    With a `score`: `score`, `margin_unit` "p_win_game" and per card `p_win_game` with `p_win_game_interval`.
    With `inference` play or both: `told`, what the cards told (the holdings whose chance the play moved most)."""

    leader: str
    trick: list[str] = Field(description="the cards on the table, from the leader")
    cards: list[PlayCardOut]
    inference: str
    play_model: str | float | None
    told: list[ToldOut] | None = Field(None, description="with inference play or both only: the holdings whose "
                                                         "chance the cards played moved most, most moved first")
    examples: int | None = Field(None, description="with examples asked: how many worlds per card")
    score: Score | None = None
    margin_unit: Literal["p_win_game"] | None = None
    p_win_game: str | None = Field(None, description="with a score: what p_win_game is, in words")


# -- /v1/defend -------------------------------------------------------------------------------------------
class DefendOptionOut(Out):
    """One choice (solver.DefendOption.to_dict()), for the defenders."""

    choice: Literal["defend partner", "defend alone"]
    alone: bool
    expected_points: float = Field(description="the defenders' mean points (points)")
    points_interval: Interval
    p_euchre: float = Field(description="the chance the defenders euchre the loner")
    euchre_interval: Interval
    p_march: float = Field(description="the chance the loner takes all five")
    march_interval: Interval
    outcomes: ByOutcome


class DefendResponse(Out):
    """`solver.advise_defend(...).to_dict()`, as `euchre defend --json`: per choice (defend partner, defend alone)
    the defenders' expected points, P(euchre), P(march) with 95% intervals; `best`, `margin` and its paired
    interval; how the worlds were drawn."""

    seat: str
    loner: str
    trump: str
    hand: str
    options: list[DefendOptionOut]
    best: Literal["defend partner", "defend alone"]
    margin: float
    margin_interval: Interval
    worlds: int
    effective_worlds: float
    exact: bool
    method: str
    model: str | None
    seed: int | None
    inference: str
    play: str
    notes: list[str]


# -- /v1/exchange -----------------------------------------------------------------------------------------
class ExchangeOptionOut(Out):
    """One choice (solver.ExchangeOption.to_dict()): keep, or an exchange giving three cards."""

    action: str = Field(description="keep, or the exchange and the three cards given")
    expected_points: float = Field(description="the seat's side's mean net points at par (points)")
    points_interval: Interval
    gain: float = Field(description="the mean gain over keeping (points)")


class ExchangeResponse(Out):
    """`solver.advise_exchange(...).to_dict()`, as `euchre exchange --json`: per choice (keep, each exchange) the
    seat's side's expected net points at par with a 95% interval and its gain over keeping; `best`, `margin`."""

    seat: str
    dealer: str
    hand: str
    upcard: str
    side: str
    valuation: str
    worlds: int
    exact: bool
    seed: int | None
    best: str
    margin: float
    margin_interval: Interval
    options: list[ExchangeOptionOut]
    rules: RulesOut


# -- /v1/review -------------------------------------------------------------------------------------------
class ReviewDealOut(Out):
    """One deal's report (solver.DealReview.to_dict(); its calls, cards and mistakes as solver.Review.to_dict
    lays them out)."""

    index: int
    number: int
    dealer: str
    upcard: str | None
    status: str
    summary: str
    contract: Object | None
    result: Object | None
    calls: list[Object]
    cards: list[Object]
    mistakes: list[Object]
    unanalysed: list[str]
    notes: list[str]
    players: dict[str, Object]
    par: Object | None
    defence: list[Object]
    mattered: Object | None
    exchange: list[Object] | None = None
    judged_by: Literal["game", "points"] | None = None
    score: Score | None = None
    by_points: str | None = None


class ReviewResponse(Out):
    """`solver.review_game(...).to_dict()`, as `euchre review --json`: the game's settings and totals per player,
    then one report per deal."""

    version: int = Field(description="the layout's version (1)")
    source: str
    title: str | None
    rules: RulesOut
    worlds: int
    seed: int | None
    model: Object = Field(description="the bidding model that weighed the worlds: inference, name, confirm, text")
    judging: Object = Field(description="by_score, game_win, text")
    valuation: Object = Field(description="how calls and cards were valued: calls, cards, text")
    thresholds: Object = Field(description="the losses a mistake needs, and the significance rule")
    method: dict[str, str]
    notes: list[str]
    players: dict[str, Object] = Field(description="per seat: the game's totals")
    mattered: Object | None = Field(description="the decision that mattered most, or null")
    deals: list[ReviewDealOut]
    annotated_egn: Object | None = Field(None, description="with annotate: the EGN with the review's notes")


__all__ = ["Out", "Interval", "GradingOut", "ToldByOut", "ToldOut", "AdviseOptionOut", "AdviseResponse", "CardQuestionOut",
           "PlayCardOut",
           "PlayResponse", "DefendOptionOut", "DefendResponse", "ExchangeOptionOut", "ExchangeResponse",
           "ReviewDealOut", "ReviewResponse"]
