"""The full-hand rules engine: deal, bidding, dealer's discard, going alone, play, scoring, game.

This package is the one place the rules of a whole hand live (docs/rules.md). EGN
replay (:mod:`solver.records`) and the post-game review drive it; nothing else
decides whose turn it is, what may be called or played, who leads, or what a
hand scores. The facts it applies (seats in play, bidding order, first leader,
legal cards, trick winner, points) are the rules kernel's, :mod:`solver.laws`.

Shape (pokerkit / OpenSpiel style):

* :class:`Hand` is one deal's state machine. Its :attr:`Hand.phase` runs
  ``DEAL → [NAME_SUIT] → BID1 → [BID2] → [DISCARD] → [ALONE] → [DEFEND_ALONE] → PLAY → DONE``
  (``DONE`` straight from ``BID2`` when the hand is thrown in).
  :meth:`Hand.legal_actions` lists the :class:`Action` values allowed now
  (ascending :attr:`Action.code`); :meth:`Hand.apply` applies one and returns a
  typed :class:`Record`; :meth:`Hand.undo` takes the last one back;
  :attr:`Hand.history` is the list of records. Every action also has a named
  method ``x()`` with ``can_x()`` (bool) and ``verify_x()``, which raises
  :class:`~solver.errors.IllegalActionError` with the reason, naming the seat and
  the card or call.
* :class:`Game` is a sequence of hands to ``Rules.winning_score`` (or
  ``Rules.num_deals``), the deal passing to the left.

Layout, one concept a module; each imports only the modules listed above it,
and from outside the package only :mod:`solver.cards`, :mod:`solver.errors`,
:mod:`solver.rules`, the kernel :mod:`solver.laws` and (``state`` alone, for
:meth:`Hand.position`) :mod:`solver.position`; never the search layer above:

* :mod:`solver.game.actions`: :class:`Phase`, :class:`Kind`, :class:`Action`
  (integer codes, text) and the constants :data:`PASS`, :data:`ORDER`, ...
* :mod:`solver.game.deal`: :class:`DealCards`, the deal as an action (known and unknown cards).
* :mod:`solver.game.history`: the :class:`Record` types (:class:`Dealt`, :class:`SuitNamed`,
  :class:`BidMade`, :class:`Discarded`, :class:`AloneDeclared`, :class:`CardPlayed`),
  :class:`Trick`, :class:`HandResult`.
* :mod:`solver.game.view`: :class:`SeatView`, one seat's information set.
* :mod:`solver.game.state`: :class:`HandState`, one deal's fields and their read-outs (properties,
  :meth:`~HandState.position`, :meth:`~HandState.view`); it changes nothing.
* :mod:`solver.game.hand`: :class:`Hand`, one deal's state machine, the actions on a :class:`HandState` (its order of
  decisions, two-player and dummy-hands play are documented there).
* :mod:`solver.game.table`: :class:`Game`, the hands of a game in turn.
* :mod:`solver.game.seat`: :func:`seat_view` and :func:`view_from_dict`, a seat's view built from what
  it saw, checked by replaying it through a :class:`Hand`.

>>> h = Hand.from_deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c",
...                    dealer="S")
>>> for action in ["pass", "order", "discard Ts", "partner"]:     # N orders up clubs, S picks up 9c
...     _ = h.apply(action)
>>> h.trump, h.maker, h.to_act
(<Suit.C: 0>, <Seat.N: 0>, <Seat.W: 3>)
"""
from ..laws import first_leader
from .actions import (ALONE, DEFEND_ALONE, DEFEND_WITH_PARTNER, KEEP, ORDER, PASS, WITH_PARTNER, Action, Kind,
                      Phase)
from .deal import DealCards
from .state import HandState
from .hand import Hand
from .history import (AloneDeclared, BidMade, CardPassed, CardPlayed, Dealt, Discarded, HandResult, KittyExchanged,
                      Record, SuitNamed, Trick)
from .table import Game
from .seat import seat_view, view_from_dict
from .view import SeatView

__all__ = [
    "seat_view", "view_from_dict",
    "Phase", "Kind", "Action", "DealCards", "Record", "Dealt", "SuitNamed", "BidMade", "Discarded", "CardPassed",
    "KittyExchanged", "AloneDeclared", "CardPlayed", "Trick", "HandResult", "SeatView", "HandState", "Hand", "Game",
    "first_leader",
    "PASS", "ORDER", "ALONE", "WITH_PARTNER", "DEFEND_ALONE", "DEFEND_WITH_PARTNER", "KEEP",
]
