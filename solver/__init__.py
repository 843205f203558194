"""Euchre analysis engine: double-dummy solver, bid advisor and game review.

Public API (DESIGN.md)::

    from solver import Rules, Position, solve, card_values, dd_table, analyse_play, solve_batch
"""
from .version import __version__

from .cards import Card, Seat, Suit, parse_cards, parse_deal, format_cards, format_deal
from .errors import (ArgumentError, CardError, DummyRecordError, EGNError, EuchreError, IllegalActionError, ModelError,
                     PositionError, RecordError, RulesError, ScoreError, SeatError)
from .rules import Rules
from .position import Position
from .laws import first_leader, hand_points
from .dd import DDTable, PlayStep, SolveResult, analyse_play, card_values, dd_table, solve, solve_batch
from .advisor import Advice, CardAdvice, PlayAdvice, advise, advise_play, win_probability
from .advisor import DefendAdvice, advise_defend
from .records import dump_dummy_record, dump_egn, load_dummy_record, load_egn, load_game
from .review import Review, corpus_stats, review, review_corpus
from .game.seat import seat_view, view_from_dict
from .game.view import SeatView

from .inference import ViewWorlds, sample_worlds
from .bidding import MODEL_NAMES, BiddingModel, resolve_model
from .match import AGENT_NAMES, match
from .par import Par, ParStep, par, par_table

__all__ = [
    "__version__",
    "Card", "Seat", "Suit", "parse_cards", "parse_deal", "format_cards", "format_deal",
    "EuchreError", "CardError", "RulesError", "ModelError", "PositionError", "SeatError", "IllegalActionError",
    "ArgumentError", "ScoreError", "RecordError", "EGNError", "DummyRecordError",
    "Rules", "Position", "SolveResult", "PlayStep", "DDTable",
    "solve", "card_values", "dd_table", "analyse_play", "solve_batch", "first_leader", "hand_points",
    "advise", "Advice", "advise_play", "PlayAdvice", "CardAdvice", "win_probability",
    "load_egn", "dump_egn", "load_game",
    "load_dummy_record", "dump_dummy_record",
    "review", "Review", "review_corpus", "corpus_stats",
    "SeatView", "seat_view", "view_from_dict", "sample_worlds", "ViewWorlds",
    "match", "AGENT_NAMES",
    "BiddingModel", "MODEL_NAMES", "resolve_model",
    "par", "par_table", "Par", "ParStep", "advise_defend", "DefendAdvice",
]
