"""The model of a loaded EGN record: :class:`EGNGame`, its :class:`EGNDeal` s and what each deal's file
said beyond the model (:class:`EGNWritten`), and the model back to EGN JSON as it was read
(:meth:`EGNGame.to_dict`, what :func:`~solver.records.egn.dump_egn` writes for a loaded record).

:mod:`solver.records.egn` fills these in by replaying a file; this module only holds and reports them.

>>> from solver.records import loads_egn
>>> text = ('{"fileType": "Euchre Game Notation", "version": "1.4", "metadata": {"initialScore": [0, 0],'
...         ' "players": ["A", "B", "C", "D"]}, "deals": [{"dealNumber": 0, "initialState": {"dealer": 2,'
...         ' "upCard": "NH"}, "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"]}]}]}')
>>> deal = loads_egn(text).deals[0]
>>> deal.upcard, deal.written.spellings, game_json(loads_egn(text))["deals"][0]["initialState"]["upCard"]
(Card('9h'), {('up',): 'NH'}, 'NH')
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ..cards import Card, Seat, cards_of, trump_of
from ..errors import plural
from ..deprecation import renamed
from ..game import CardPlayed, Hand, Phase
from ..laws import side_name
from ..rules import Rules
from .base import GameRecord
from .egn_format import FILE_TYPE, egn_seat, seat_egn

__all__ = ["EGNWritten", "EGNDeal", "EGNGame", "game_json"]


@dataclass
class EGNWritten:
    """What an EGN deal says beyond the model, kept so that :func:`solver.dump_egn` writes the deal back
    as it was read.

    Attributes:
        raw: the deal's JSON object as read (annotations, card exchanges, alternative lines and
            the order of keys are written back from it).
        spellings: the card tokens not written the canonical way (``"JD"``, ``"R"``, ``"Nd"``),
            keyed by their place: ``("up",)``, ``("discard",)``, ``("pc", i, j)`` for
            ``playerCards[i][j]``, ``("trick", t, j)`` for card ``j`` of trick ``t`` (from 0).
        phases: ``(type, phaseNumber)`` of each phase, in file order.
        discard: the dealer's discard as written, or ``None`` when not written.
        alone_in_play: ``isAlone`` is written on the trick-play phase (the 1.0/1.1 layout).
    """

    raw: dict
    spellings: dict = field(default_factory=dict)
    phases: list = field(default_factory=list)
    discard: Card | None = None
    alone_in_play: bool = False


@dataclass
class EGNDeal:
    """One deal of an EGN record, parsed and replayed.

    Attributes:
        index: position in the file's ``deals`` array; ``number``: its ``dealNumber``.
        dealer: the dealer :class:`Seat`; ``upcard``: the turned-up :class:`Card`.
        calls: the call tokens as written (``"Pass"``, ``"Order"``, ``"h"``, ...), or ``None``
            when the deal has no bidding phase.
        alone: the maker went alone; ``alone_defender``: a lone defender's seat or ``None``.
        discard: the dealer's discard when the record shows it (or it can only have been the
            upcard), else ``None``.
        tricks: the cards of each trick in play order from its leader (``None``: no play phase).
        player_cards: the dealt hands written in the file, per seat N E S W (``None`` where
            not given), or ``None`` when the file has no ``playerCards``.
        hand: the replayed :class:`~solver.game.Hand` (positions, views, history, result).
        status: ``"complete"``, ``"incomplete"``, ``"thrown_in"`` or ``"illegal"`` (a rule
            broken other than a renege: the replay stopped there; see ``problems``).
        problems: :class:`~solver.records.base.Problem` s found in this deal.
        score_before, score_after: the game score per side index before and after the deal.
        written: what the file says beyond the model (:class:`EGNWritten`), for writing back.
        recorded_discard (property): the dealer's discard as the record writes it, or ``None``
            when it does not; ``discard`` is what the replay used (it may be inferred).
        best_card, loner_discard: call for best (ruleset ``partners_best``), from the bidding phase's
            ``cardExchanges``: the card the loner's partner passed (an entry ``{"sender": partner,
            "receiver": loner, "cards": [card]}``) and the loner's discard after it (an entry ``{"sender":
            loner, "receiver": partner, "cards": [card]}``, as this project writes it: EGN says only that the
            loner discards one); ``None`` where the record does not show them.
        kitty_exchange: a kitty exchange (ruleset ``farmers`` / ``go_under``), from ``cardExchanges`` with the
            kitty addressed as seat ``num_players`` (4): ``(taker, kind, given, received)``, ``given`` the three
            cards ``{"sender": taker, "receiver": 4}``, ``received`` the three ``{"sender": 4, "receiver":
            taker}`` (``sender`` may be left out); ``kind`` ``"farmers"`` when the given are three nines and
            tens under a ruleset with farmers, else ``"go_under"``. ``None`` without one. ``playerCards`` are
            the hands as dealt, before the exchange.
    """

    index: int
    number: int
    dealer: Seat
    upcard: Card
    calls: list | None
    alone: bool
    alone_defender: Seat | None
    discard: Card | None
    tricks: list | None
    player_cards: tuple | None
    hand: Hand | None = None
    status: str = "incomplete"
    problems: list = field(default_factory=list)
    score_before: tuple = (0, 0)
    score_after: tuple = (0, 0)
    written: EGNWritten | None = field(default=None, repr=False)
    best_card: Card | None = None
    loner_discard: Card | None = None
    exchanges: list = field(default_factory=list, repr=False)     # the cardExchanges entries as read
    hand_alone: Seat | None = field(default=None, repr=False)     # the loner, from the auction
    kitty_exchange: tuple | None = None

    @property
    def recorded_discard(self) -> Card | None:
        """The dealer's discard as the record writes it (``None``: not written)."""
        return None if self.written is None else self.written.discard

    @property
    def trick_seats(self) -> list:
        """Per trick, the seats in play order (from the replay)."""
        if self.hand is None:
            return []
        out = [list(t.seats) for t in self.hand.tricks]
        cur = self.hand.current_trick
        if cur:
            out.append([s for s, _c in cur])
        return out

    def start_hands(self) -> dict:
        """The hands at the start of play: ``{Seat: [Card, ...] | None}`` (``None``: not known,
        e.g. a loner's partner), for the seats of the game. Empty before play is reached."""
        h = self.hand
        if h is None or h.trump is None:
            return {}
        start = next((i for i, r in enumerate(h.history) if isinstance(r, CardPlayed)), None)
        at = h if start is None else h.at(start)
        if at.phase is not Phase.PLAY:
            return {}
        out = {}
        for s in h.rules.seats:
            seat = Seat(s)
            if seat not in at.seats_in_play or at.unknown_cards(seat):
                out[seat] = None
            else:
                out[seat] = cards_of(at.holding(seat))
        return out

    @property
    def result(self):
        """The :class:`~solver.game.HandResult`, or ``None`` when the deal is incomplete."""
        return None if self.hand is None else self.hand.result

    def summary(self) -> str:
        """One line: contract and result, e.g.
        ``"deal 3: E dealt, upcard Th; E picked up hearts: EW 2 tricks, NS +2 (4-2)"``."""
        h = self.hand
        head = f"deal {self.number}: {self.dealer} dealt, upcard {self.upcard}"
        if h is None or h.trump is None:
            tail = {"thrown_in": "thrown in", "illegal": "illegal bidding (not scored)"}.get(
                self.status, "incomplete (no contract)")
            return f"{head}; {tail}"
        players = h.rules.players
        mk = side_name(h.makers, players)
        how = ("picked up" if h.maker == h.dealer else "ordered up") if h.picked_up else "called"
        alone = " alone" if h.alone is not None else ""
        text = f"{head}; {h.maker} {how} {trump_of(h.trump).word}{alone}"
        if self.status == "illegal":
            return f"{text}: does not replay after {plural(len(h.tricks), 'trick')} (illegal; not scored)"
        if self.status != "complete":
            return f"{text}: incomplete after {len(h.tricks)} trick{'' if len(h.tricks) == 1 else 's'}"
        r = h.result
        scorer = 0 if r.points[0] else 1
        tricks = f"{r.makers_tricks} trick{'' if r.makers_tricks == 1 else 's'}"
        return (f"{text}: {mk} {tricks}, {side_name(scorer, players)} +{r.points[scorer]} "
                f"({self.score_after[0]}-{self.score_after[1]})")


@dataclass
class EGNGame(GameRecord):
    """A loaded EGN record.

    Attributes:
        version: the ``version`` as read (``upgraded_from`` is set, and ``version`` is 1.4,
            when a 1.0/1.1 file was upgraded).
        metadata: the ``metadata`` object (players, title, ruleset, ...), as read.
        rules: the :class:`~solver.rules.Rules` from ``metadata.ruleset``.
        deals: the :class:`EGNDeal` s in file order.
        initial_score: ``metadata.initialScore`` per side index (team 0/2, team 1/3).
        recorded_final_score: ``metadata.finalScore`` or ``None``.
        problems: every :class:`~solver.records.base.Problem` (deal findings and the file's).
        source: the file path, or ``"<text>"``.
    """

    version: str
    metadata: dict
    rules: Rules
    deals: list
    initial_score: tuple
    recorded_final_score: tuple | None
    problems: list
    source: str = "<text>"
    upgraded_from: str | None = None

    @property
    def reneges(self) -> list:
        """The renege :class:`~solver.records.base.Problem` s, in order."""
        return [p for p in self.problems if p.kind == "renege"]

    def to_dict(self) -> dict:
        """The record as an EGN JSON object in the version read (what :func:`solver.dump_egn` writes)."""
        return game_json(self)

    to_json = renamed(to_dict, "EGNGame.to_json", "EGNGame.to_dict")


# -- the model back to JSON, as read ------------------------------------------------------------
def game_json(game: EGNGame) -> dict:
    """``game`` as an EGN JSON object in the version it was read in, from its model and what its file had."""
    return {"fileType": FILE_TYPE, "version": game.version,
            "metadata": copy.deepcopy(game.metadata),
            "deals": [deal_json(d, game.rules) for d in game.deals]}


def deal_json(deal: EGNDeal, rules: Rules) -> dict:
    """A parsed deal back to JSON, from the model plus what the file had that the model does not use."""
    written = deal.written
    raw, spell = written.raw, written.spellings

    def tok(card, key):
        return spell.get(key, str(card))

    state = {"dealer": seat_egn(deal.dealer, rules), "upCard": tok(deal.upcard, ("up",))}
    if deal.player_cards is not None:
        n = len(raw["initialState"]["playerCards"])
        state["playerCards"] = [[tok(c, ("pc", i, j)) for j, c in enumerate(deal.player_cards[egn_seat(i, rules, "")]
                                                                              or [])]
                                for i in range(n)]
    out = {"dealNumber": deal.number, "initialState": state, "phases": []}
    raw_phases = raw["phases"]
    for k, (kind, number) in enumerate(written.phases):
        src = raw_phases[k]
        if kind == "EUCHRE_BIDDING":
            ph = {"phaseNumber": number, "type": kind, "calls": list(deal.calls)}
            if "isAlone" in src or (deal.alone and not written.alone_in_play):
                ph["isAlone"] = deal.alone
            if "aloneDefender" in src:
                ph["aloneDefender"] = (-1 if deal.alone_defender is None
                                       else seat_egn(deal.alone_defender, rules))
            if written.discard is not None:
                ph["discard"] = tok(written.discard, ("discard",))
            for key in ("cardExchanges", "callAnnotations"):
                if key in src:
                    ph[key] = copy.deepcopy(src[key])
        else:
            ph = {"phaseNumber": number, "type": kind,
                  "tricks": [[tok(c, ("trick", t, j)) for j, c in enumerate(cards)]
                             for t, cards in enumerate(deal.tricks or [])]}
            if "isAlone" in src:
                ph["isAlone"] = src["isAlone"]
            if "playAnnotations" in src:
                ph["playAnnotations"] = copy.deepcopy(src["playAnnotations"])
        out["phases"].append(ordered_like(ph, src))
    if "alternativeLines" in raw:
        out["alternativeLines"] = copy.deepcopy(raw["alternativeLines"])
    return ordered_like(out, raw)


def ordered_like(new: dict, like: dict) -> dict:
    """``new`` with its keys in the order of ``like`` (then any others), for readable diffs."""
    out = {k: new[k] for k in like if k in new}
    out.update({k: v for k, v in new.items() if k not in out})
    if "initialState" in out and isinstance(like.get("initialState"), dict):
        out["initialState"] = ordered_like(out["initialState"], like["initialState"])
    return out
