"""Euchre analysis engine: double-dummy solver, bid advisor and game review.

Public API (docs/design.md)::

    from solver import Rules, Position, solve, card_values, dd_table, analyse_play, solve_batch
    from solver import advise_bid, advise_play, lead_table, load_egn, review_game, play_match, Method

Layers: what each part of the package may import. A part is a module of ``solver/`` or a subpackage
(``game``, ``records``, ...); ``api`` and ``cli`` sit on top of everything. A part may import the parts
it names and, through them, what those may import; nothing else (``tests/test_layers.py`` reads every
import, lazy ones included, and enforces the whole table)::

    errors, version, deprecation          -
    bounds, cards, stats                  errors
    variants                              cards
    rules                                 errors, variants
    outfiles                              errors
    capabilities                          errors
    grades                                bounds
    examples                              bounds, cards
    render                                cards, examples
    laws                                  cards, rules, variants
    _search                               -
    position                              laws
    dd                                    position, bounds, _search
    dd_batch                              dd
    game                                  position
    records                               game, deprecation
    seeds                                 bounds, records
    cardtables                            laws
    charts                                bidding, laws
    worlds                                laws
    bidding                               cardtables, records, stats, outfiles
    play_model                            dd_batch, game
    inference                             worlds, bidding, game, bounds, play_model, seeds
    par                                   dd, game, capabilities
    advisor                               dd_batch, inference, render, grades, par
    comparison                            advisor
    review                                advisor, par, records, version, deprecation
    match                                 advisor, records, deprecation
    rollout                               match, review
    whatif                                rollout
    pages                                 review, whatif
    solver                                pages, match, review, rollout, comparison, whatif, charts
    api                                   solver
    cli_rules                             rules, capabilities
    cli                                   api, cli_rules
    __main__                              cli
"""
from .version import __version__

from .cards import Card, Seat, Suit, parse_cards, parse_deal, format_cards, format_deal
from .errors import (ArgumentError, CardError, ChartClassError, DummyRecordError, EGNError, EuchreError,
                     IllegalActionError, ModelError, PositionError, RecordError, RulesError, ScoreError, SeatError)
from .rules import Rules
from .position import Position
from .laws import first_leader, hand_points
from .dd import DDTable, PlayStep, SolveResult, analyse_play, card_values, dd_table, solve, solve_batch
from .advisor import Advice, CardAdvice, Option, PlayAdvice, advise, advise_play, win_probability
from .advisor import Method, advise_bid
from .advisor import DefendAdvice, DefendOption, HandOutcomes, WinChance, advise_defend
from .advisor import LeadRow, LeadTable, lead_table
from .advisor import ExchangeAdvice, ExchangeOption, advise_exchange
from .records import (DummyDeal, DummyRecord, EGNDeal, EGNGame, dump_dummy_record, dump_egn, load_dummy_record,
                      load_egn, load_game, loads_egn)
from .review import (CallReview, CardReview, CorpusResult, CorpusStats, DealReview, Review, corpus_stats,
                     review_corpus, review_game)
from .game import DealCards, Game, Hand
from .game.seat import seat_view, view_from_dict
from .game.view import SeatView

from .inference import ViewWorlds, sample_worlds
from .bidding import MODEL_NAMES, BiddingModel, resolve_model
from .match import AGENT_NAMES, MatchResult, TableRecord, play_match
from . import match, review      # the subpackages (calling either is the deprecated old function, see .deprecation)
from .par import Par, ParStep, par, par_table
from .rollout import Rollout      # importing it installs the rollout valuation (advise(valuation="rollout"))
from .comparison import Comparison, compare
from .whatif import Branch, branch
from .charts import ChartClass, ChartRow, hand_chart

__all__ = [
    "__version__",
    "Card", "Seat", "Suit", "parse_cards", "parse_deal", "format_cards", "format_deal",
    "EuchreError", "CardError", "RulesError", "ModelError", "PositionError", "SeatError", "IllegalActionError",
    "ArgumentError", "ScoreError", "RecordError", "EGNError", "DummyRecordError",
    "Rules", "Position", "SolveResult", "PlayStep", "DDTable",
    "solve", "card_values", "dd_table", "analyse_play", "solve_batch", "first_leader", "hand_points",
    "Hand", "Game", "DealCards",
    "advise", "advise_bid", "Method", "Advice", "Option", "advise_play", "PlayAdvice", "CardAdvice", "win_probability", "WinChance",
    "HandOutcomes",
    "load_egn", "loads_egn", "dump_egn", "load_game", "EGNGame", "EGNDeal",
    "load_dummy_record", "dump_dummy_record", "DummyRecord", "DummyDeal",
    "review_game", "Review", "DealReview", "CardReview", "CallReview", "review_corpus", "CorpusResult",
    "corpus_stats", "CorpusStats",
    "SeatView", "seat_view", "view_from_dict", "sample_worlds", "ViewWorlds",
    "play_match", "MatchResult", "TableRecord", "AGENT_NAMES",
    "BiddingModel", "MODEL_NAMES", "resolve_model",
    "par", "par_table", "Par", "ParStep", "Rollout", "advise_defend", "DefendAdvice", "DefendOption",
    "advise_exchange", "ExchangeAdvice", "ExchangeOption", "compare", "Comparison", "lead_table", "LeadTable",
    "LeadRow", "branch", "Branch", "hand_chart", "ChartRow", "ChartClass", "ChartClassError",
]
