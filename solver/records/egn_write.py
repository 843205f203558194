"""Writing EGN, :func:`dump_egn`: an :class:`~solver.records.egn_model.EGNGame` back as it was read, or a
:class:`~solver.game.Game` / :class:`~solver.game.Hand` from the engine as a new EGN 1.4 record with every
dealt hand in ``playerCards``. The output is validated against the schema.
"""
from __future__ import annotations

import json
from typing import Any

from ..cards import cards_of
from ..errors import EGNError, quoted
from ..game import (Action, AloneDeclared, BidMade, CardPassed, Discarded, Game, Hand, Kind, KittyExchanged, Phase,
                    SuitNamed)
from ..rules import Rules
from .base import check_indent
from .egn_format import EGN_VERSION, FILE_TYPE, seat_egn, validate_egn
from .egn_model import EGNGame, game_json

__all__ = ["dump_egn"]


def dump_egn(game, indent: int | None = 2, players=None, title: str | None = None) -> str:
    """Write an EGN record as JSON text: an :class:`EGNGame` in the version it was read in (a 1.0/1.1
    file upgraded to 1.4), a game from the engine as EGN 1.4.

    Args:
        game: an :class:`EGNGame` (from :func:`load_egn`: written back without loss), or a
            :class:`~solver.game.Game` / :class:`~solver.game.Hand` from the engine (a new record,
            every dealt hand in ``playerCards``).
        indent: JSON indentation (``None`` for one line; else an int 0..16, :class:`EGNError` otherwise).
        players, title: for a game from the engine, ``metadata.players`` (a name per seat in play, N E S W or
            N S: who played there) and ``metadata.title``; default the seats' names and "Euchre game".

    Returns: the JSON text, valid against the EGN schema.

    Raises:
        EGNError: when the game holds something EGN 1.4 cannot record (a hand not yet dealt, scoring
            options EGN has no key for); ``players`` or ``title`` with an :class:`EGNGame` (written as
            read) or not as the schema allows (naming it).

    A hand from the engine, stopped after the first trick:

    >>> import json
    >>> from solver.game import Hand
    >>> from solver.records import load_egn
    >>> hand = Hand.from_deal("N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh",
    ...                       upcard="9h", dealer="S")
    >>> for action in ["order", "discard Ts", "partner", "Tc", "9c", "Td", "9h"]:
    ...     _ = hand.apply(action)
    >>> bidding, play = json.loads(dump_egn(hand))["deals"][0]["phases"]
    >>> bidding["calls"], bidding["discard"], play["tricks"]
    (['Order'], 'Ts', [['Tc', '9c', 'Td', '9h']])
    >>> load_egn(dump_egn(hand)).deals[0].hand.tricks[0].winner
    <Seat.S: 2>
    """
    if isinstance(game, EGNGame):
        if players is not None or title is not None:
            raise EGNError("dump_egn: players and title are for a game from the engine; an EGNGame is written as read")
        data = game_json(game)
    elif isinstance(game, Game):
        data = _engine_json(game.rules, game.hands, game.initial_scores, game.scores if game.is_over else None)
    elif isinstance(game, Hand):
        data = _engine_json(game.rules, [game], (0, 0), None)
    else:
        raise EGNError(f"dump_egn: expected an EGNGame, Game or Hand, got {type(game).__name__}")
    if players is not None:
        players = list(players) if isinstance(players, (list, tuple)) else players
        if not isinstance(players, list) or len(players) != game.rules.players or \
                not all(isinstance(p, str) for p in players):
            raise EGNError(f"dump_egn: players {quoted(players)}: a name per seat in play "
                           f"({game.rules.players})")
        data["metadata"]["players"] = players
    if title is not None:
        data["metadata"]["title"] = title
    validate_egn(data, "dump_egn output")
    return json.dumps(data, indent=check_indent(indent, "dump_egn", EGNError), ensure_ascii=False)


def _engine_json(rules: Rules, hands: list, initial: tuple, final: tuple | None) -> dict:
    default = Rules()
    for name in ("march_score", "euchre_score", "lone_defender_score"):
        if getattr(rules, name) != getattr(default, name):
            raise EGNError(f"dump_egn: Rules.{name} = {getattr(rules, name)} has no EGN ruleset key")
    if not rules.dealer_may_discard_upcard:      # read back, the record would let the dealer discard it
        raise EGNError("dump_egn: Rules.dealer_may_discard_upcard = False has no EGN ruleset key")
    if rules.dummy_hands:
        raise EGNError("dump_egn: the dummy-hands variant has no EGN form")
    ruleset = rules.to_egn()
    if rules.num_deals:
        if rules.winning_score:
            raise EGNError("dump_egn: EGN 1.4 allows winning_score or num_deals in a ruleset, not both")
        ruleset.pop("winning_score", None)
        ruleset["num_deals"] = rules.num_deals
    names = ["North", "East", "South", "West"] if rules.players == 4 else ["North", "South"]
    meta = {"title": "Euchre game", "players": names, "initialScore": list(initial), "ruleset": ruleset}
    if final is not None:
        meta["finalScore"] = list(final)
    deals = []
    for number, hand in enumerate(hands):
        deals.append(_hand_json(hand, number, rules))
    return {"fileType": FILE_TYPE, "version": EGN_VERSION, "metadata": meta, "deals": deals}


def _hand_json(hand: Hand, number: int, rules: Rules) -> dict:
    if hand.phase is Phase.DEAL:
        raise EGNError(f"dump_egn: hand {number} has not been dealt")
    state = {"dealer": seat_egn(hand.dealer, rules), "upCard": str(hand.upcard)}
    # the dealt hands, each written only when all five cards are known
    player_cards = [[str(c) for c in cards_of(hand.dealt(s))] if not hand.dealt_unknown(s) else []
                    for s in rules.seats]
    if any(player_cards):
        state["playerCards"] = player_cards
    calls: list[str] = []
    bid: dict[str, Any] = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": False}
    for rec in hand.history:
        if isinstance(rec, SuitNamed):               # the dealer's naming, before round 1 (see NAMED_SUIT_TOKENS)
            calls.append(str(rec.suit))
        elif isinstance(rec, BidMade):
            a = rec.action
            assert isinstance(a, Action)                 # a bid's action is an Action (a deal's is a DealCards)
            calls.append("Pass" if a.kind is Kind.PASS else "Order" if a.kind is Kind.ORDER else str(a.suit))
        elif isinstance(rec, KittyExchanged) and rec.kind is not None:
            taker, kitty = seat_egn(rec.seat, rules), rules.players
            if rec.received_unknown:
                raise EGNError(f"dump_egn: hand {number}: the kitty cards {rec.seat} took are not all known")
            bid.setdefault("cardExchanges", []).extend([
                {"sender": taker, "receiver": kitty, "cards": [str(c) for c in rec.given]},
                {"sender": kitty, "receiver": taker, "cards": [str(c) for c in rec.received]}])
        elif isinstance(rec, CardPassed) and rec.card is not None:
            bid.setdefault("cardExchanges", []).append(
                {"sender": seat_egn(rec.seat, rules), "receiver": seat_egn(rec.receiver, rules),
                 "cards": [str(rec.card)]})
        elif isinstance(rec, Discarded) and rec.card is not None and rec.phase is Phase.LONER_DISCARD:
            # EGN has no field for the loner's discard: written as the loner's card back to its partner
            bid.setdefault("cardExchanges", []).append(
                {"sender": seat_egn(rec.seat, rules), "receiver": seat_egn(rec.seat.partner, rules),
                 "cards": [str(rec.card)]})
        elif isinstance(rec, Discarded) and rec.card is not None:
            bid["discard"] = str(rec.card)
        elif isinstance(rec, AloneDeclared) and not rec.defender:
            bid["isAlone"] = rec.alone
    if rules.defend_alone and hand.alone is not None:
        bid["aloneDefender"] = -1 if hand.defender_alone is None else seat_egn(hand.defender_alone, rules)
    phases = [bid]
    if hand.trump is not None and hand.phase in (Phase.PLAY, Phase.DONE):
        tricks = [[str(c) for c in t.cards] for t in hand.tricks]
        if hand.current_trick:
            tricks.append([str(c) for _s, c in hand.current_trick])
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return {"dealNumber": number, "initialState": state, "phases": phases}
