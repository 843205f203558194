"""A deal's par beside what the table did: "par: E orders up alone, EW +4; the table: N called hearts, EW +2".

The par (:func:`solver.par.par`) is the auction every seat would make seeing
every card; set against the table's contract and score it is the yardstick of
"how much did the auction (and the play) cost". It needs every dealt hand and
the upcard; a partial record has no par.
"""
from __future__ import annotations

from ..cards import Seat, format_cards
from ..errors import EuchreError
from ..game import Hand
from ..laws import call_name, past_tense, side_name
from ..par import par

__all__ = ["par_block", "table_contract"]


def table_contract(hand: Hand) -> str:
    """What the table did, in words: ``N called hearts``, ``E ordered up alone, W defended alone``,
    ``thrown in``; ``no contract yet`` for a record that stops in the auction."""
    if hand.trump is None:
        return "thrown in" if hand.result is not None else "no contract yet"
    kind = "order" if hand.picked_up else "call"
    name = past_tense(call_name(kind, hand.trump, hand.maker, hand.dealer, hand.rules.players,
                                hand.alone is not None))
    text = f"{hand.maker} {name}"
    if hand.defender_alone is not None:
        text += f", {hand.defender_alone} defended alone"
    return text


def _score_text(points: dict) -> str:
    if not points:
        return "0"
    return ", ".join(f"{side} +{pts}" for side, pts in points.items())   # dummy hands: both sides may score


def par_block(hand: Hand) -> dict:
    """The ``par`` block of a deal's review.

    Keys: ``par`` (:meth:`solver.par.Par.to_dict`, or ``None`` when the record does not show
    every dealt hand, or for dummy hands, which have no par), ``table`` (``contract`` in words,
    ``points`` ``{side: points}`` or ``None`` for an unfinished hand, ``net``: points to NS minus
    EW, or ``None``), ``difference`` (the table's net minus the par's, points to NS; ``None``
    when either is missing) and ``text``, the one line.
    """
    rules = hand.rules
    points = net = None
    if hand.result is not None:
        names = (side_name(0, rules.players), side_name(1, rules.players))
        points = {names[i]: p for i, p in enumerate(hand.result.points) if p}
        net = hand.result.points[0] - hand.result.points[1]
    table = table_contract(hand)
    shown = table if points is None else f"{table}, {_score_text(points)}"
    table_out = {"contract": table, "points": points, "net": net}
    hidden = [f"{hand.dealt_unknown(s)} of {Seat(s)}'s" for s in rules.seats if hand.dealt_unknown(s)]
    why = ("dummy hands have no par" if rules.dummy_hands else "no upcard" if hand.upcard is None
           else f"the record does not show every dealt card ({', '.join(hidden)})" if hidden else None)
    if why is not None:
        return {"par": None, "table": table_out, "difference": None, "text": f"par: none, {why}"}
    taker = hand.exchange_taker          # a kitty exchange: the auction starts from the hands after it

    def start(s):
        return (hand.dealt(s) & ~hand.exchange_given) | hand.exchange_received if s == taker else hand.dealt(s)
    deal = " ".join(f"{Seat(s).name}:{format_cards(start(s))}" for s in rules.seats)
    try:
        found = par(deal, upcard=hand.upcard, dealer=hand.dealer, rules=rules)
    except EuchreError as exc:      # a deal the engine replayed has a par; said, not raised, if not
        return {"par": None, "table": table_out, "difference": None, "text": f"par: none, {exc}"}
    return {"par": found.to_dict(), "table": table_out,
            "difference": None if net is None else net - found.net,
            "text": f"par: {found.summary()}; the table: {shown}"}
