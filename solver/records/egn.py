"""EGN (Euchre Game Notation) 1.0 to 1.5: read, replay through the rules engine, write.

EGN is JSON (NextSuit-Labs/euchre-game-notation, Apache-2.0; the schema and its
licence ship in ``solver/data/``). A file is ``{"fileType", "version", "metadata",
"deals"}``; each deal records the dealer, the upcard, the calls, whether the
maker went alone, sometimes the dealer's discard and the dealt hands, and the
tricks. Each trick array lists its cards *in play order from the trick's
leader*; who led is not written down but follows from the rules: left of the
dealer (or per ``loner_lead``) for the first trick, the winner of the previous
trick after that. :func:`load_egn` replays every deal through
:mod:`solver.game`, so the contract, the seats in play, the seat of every card,
each trick's winner and the score all come from the one rules engine.

Reading (:func:`load_egn`):

1. Strict JSON in UTF-8 (:func:`~solver.records.base.read_source`: no ``NaN``/``Infinity``,
   no key twice in an object, at most :data:`~solver.records.base.MAX_DEPTH` levels), then
   files of the old 1.0/1.1 layout (``player_cards``, ``kitty``, ``initialLead``, ...) are
   upgraded the way the EGN project's own ``egn-upgrade`` does (snake_case keys to camelCase;
   ``kitty`` and ``initialLead`` dropped from the output, but a stated first leader is
   checked against the rules and known kitty cards are used).
2. The version: 1.2 to 1.5 as they are (1.5 changed only ``metadata.date``, which may be a date
   alone or empty), the 1.0/1.1 layout upgraded; another version is refused naming it (and what
   1.6 adds), as is a phase without ``phaseNumber`` (optional only from 1.6). Then the JSON schema
   (``jsonschema``, draft 7). A failure names the field (an unknown one: "not in EGN 1.5", and the
   version that added it when known) and quotes at most a few hundred characters of the input.
3. ``metadata.ruleset`` → :meth:`Rules.from_egn <solver.rules.Rules.from_egn>`.
4. Each deal: the tokens become actions of a :class:`~solver.game.Hand` and are
   applied in order, with full legality checks. The hands must be dealt before
   the first call, and EGN names a card's player only by its place in the
   trick, so the calls and alone decisions are first applied to a hand dealt
   with every card unknown: it says who made trump, who sits out, who leads
   and (with :func:`solver.laws.trick_seats` and :func:`solver.laws.trick_winner`)
   who played each card. The dealt hands are then the cards each seat plays,
   plus ``playerCards`` when given, the upcard and the discard when recorded
   (or when it can only have been the upcard); a loner's partner's hand and
   the kitty stay unknown. With ``upCard`` ``B`` (a turned-up joker) the first call is the suit
   the dealer named (``NAMED_SUIT_TOKENS``: EGN has no field for it, so this project writes
   it there and reads it back; a record without it is refused naming ``calls[0]``). Once the record breaks a rule, what follows is
   kept for writing back but not replayed.

What is an error and what is a finding:

* :class:`~solver.errors.EGNError` (a :class:`~solver.errors.EuchreError`),
  naming the deal and the place: malformed JSON; a schema failure (the field
  path); a card that does not exist in the game's pack (or notation the
  reader does not take: unknown ``Xx``, generic suits ``t n g``); a card
  played twice; too many cards in a trick; an unknown call (``n`` no-trump,
  ``x``); a call after the bidding is over; a discard with nobody ordering up,
  a loner with no contract, a deal that records play after all passed.
* :class:`~solver.records.base.Problem` (kept in :attr:`EGNGame.problems` and
  on each deal): a renege (deal, trick, card, seat: the card is kept so the
  record replays on); any other rule the record breaks (``"illegal"``: a call,
  discard or alone decision the rules do not allow, a card the seat cannot
  hold such as the upcard played by a non-dealer; the replay of that deal
  stops there and it is not scored); a
  recorded discard the play contradicts; a replayed score that differs from
  ``metadata.finalScore``; a dealer out of turn; a deal after the game was
  already won; a legacy ``initialLead`` that contradicts the rules.
  ``strict=True`` raises :class:`EGNError` at the first.
* Deal status: ``"complete"``, ``"incomplete"`` (the record stops early: no
  score), ``"thrown_in"`` (all passed twice), ``"illegal"`` (see above).

Writing (:func:`dump_egn`): an :class:`EGNGame` is written back from its model
(the parsed deals plus the annotations, alternative lines and spellings kept
from the file), so load → dump gives equivalent JSON (legacy files come back in
the 1.4 layout). A :class:`~solver.game.Game` or :class:`~solver.game.Hand`
from the engine is written as a new EGN record with every dealt hand in
``playerCards``. The output is validated against the schema.
"""
from __future__ import annotations

import copy
import json
import re
from dataclasses import dataclass, field
from functools import partial

from jsonschema.exceptions import best_match

from ..cards import JOKER, NO_TRUMP, Card, Seat, Suit, cards_of, mask_of, trump_of
from ..errors import CardError, EGNError, EuchreError, IllegalActionError, RulesError, plural, quoted
from ..deprecation import renamed
from ..game import (KEEP, Action, AloneDeclared, BidMade, CardPassed, CardPlayed, DealCards, Discarded, Game, Hand,
                    Kind, KittyExchanged, Phase, SuitNamed)
from ..laws import (FARMERS_MASK, KITTY_EXCHANGE_CARDS, TRICKS, check_kitty_exchange, game_over, next_seat, popcount,
                    side_name, trick_seats, trick_winner)
from ..rules import Rules
from .base import (DATA_DIR, DUMMY_FILE_TYPE, EGN_FILE_TYPE, DealError, GameRecord, Problem, call_action,
                   json_path_text, json_type_name, play_card, read_source, read_text, replay_deals, schema_error_text,
                   schema_validator, check_indent)

__all__ = ["load_egn", "loads_egn", "dump_egn", "EGNGame", "EGNDeal", "EGNWritten", "SCHEMA_PATH", "EGN_VERSION", "FILE_TYPE"]

SCHEMA_PATH = DATA_DIR / "egn-schema-v1.json"
EGN_VERSION = "1.4"          # what a record made by the engine is written as (one read is written back as read)
# The newest EGN read: 1.5 only let metadata.date be a date alone or empty, so a 1.5 record has the 1.4
# structure. The versions read are the schema's ``version`` pattern (1.2 to 1.5) and the legacy 1.0/1.1.
EGN_LATEST = "1.5"
# What later EGN versions added, named when a record has it (a 1.5 reader refuses it).
_LATER_FIELDS = {"teamNames": "1.6"}
_LATER_VERSIONS = {"1.6": "metadata.teamNames and phases without phaseNumber"}
FILE_TYPE = EGN_FILE_TYPE

# EGN has no field for the suit the dealer names for a turned-up joker (upCard "B"): this project writes the
# naming as the first token of the bidding phase's ``calls``, the dealer's act before round 1, as a suit letter
# (a round-1 call is never a suit other than the upcard's, so the token cannot be read as a call).
NAMED_SUIT_TOKENS = ("c", "d", "h", "s")
_LEGACY_VERSION = re.compile(r"^1\.[01](?:\.\d+)?$")
_LEGACY_KEYS = {
    "calls_annotations": "callAnnotations", "tricks_annotations": "playAnnotations",
    "play_annotations": "playAnnotations", "player_cards": "playerCards", "card_exchanges": "cardExchanges",
    "match_id": "gameId", "matchId": "gameId", "initial_score": "initialScore",
    "initial_state": "initialState", "phase_number": "phaseNumber", "is_alone": "isAlone",
    "alone_defender": "aloneDefender", "alternative_lines": "alternativeLines", "branch_index": "branchIndex",
    "up_card": "upCard", "file_type": "fileType", "max_deals": "num_deals", "player_ids": "playerIds",
}
# Presentation-only fields of old files that the EGN project's upgrade drops too.
_LEGACY_DROPPED = {"timings", "views", "layouts", "videoUrl", "viewSwitches", "screens"}


@dataclass
class EGNWritten:
    """What an EGN deal says beyond the model, kept so that :func:`dump_egn` writes the deal back
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
        """The record as an EGN JSON object in the version read (what :func:`dump_egn` writes)."""
        return _game_json(self)

    to_json = renamed(to_dict, "EGNGame.to_json", "EGNGame.to_dict")


# -- reading -------------------------------------------------------------------------------
def load_egn(source, strict: bool = False) -> EGNGame:
    """Read, validate and replay an EGN record from a file (for its text, :func:`loads_egn`).

    Args:
        source: a path (``str`` or :class:`os.PathLike`) to a ``.egn`` file, or an already parsed ``dict``.
            Still taken, as before :func:`loads_egn`: the JSON text itself or ``bytes`` (a ``str`` is read as
            text when it looks like JSON: it starts with ``{`` or ``[``, holds a line break or is 4,096
            characters or longer; otherwise as a path).
        strict: raise :class:`EGNError` at the first :class:`~solver.records.base.Problem` (a renege, a final-score
            mismatch, ...) instead of collecting it.

    Returns: an :class:`EGNGame`.

    Raises:
        EGNError: a file that cannot be read, text that is not UTF-8 or not strict JSON (see
            ``read_source()``), a version other than 1.0 to 1.5 (naming it),
            a schema failure (naming the field; an unknown field by name), an unsupported ruleset, or a deal that does not replay (naming the deal and the place:
            trick, card, call).

    A deal with only the calls and the tricks: who played each card, the hands as dealt and
    the score come from the replay.

    >>> game = loads_egn('''{"fileType": "Euchre Game Notation", "version": "1.4",
    ...   "metadata": {"players": ["Ann", "Bob", "Cy", "Di"], "initialScore": [0, 0]},
    ...   "deals": [{"dealNumber": 0, "initialState": {"dealer": 2, "upCard": "9h"},
    ...     "phases": [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"]},
    ...                {"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": [
    ...                  ["Tc", "9c", "Td", "9h"], ["Js", "Jc", "9s", "Jd"], ["Qd", "Qs", "Qh", "Jh"],
    ...                  ["Kh", "Kd", "Ks", "Kc"], ["Ah", "Ad", "As", "Ac"]]}]}]}''')
    >>> deal = game.deals[0]
    >>> deal.summary()
    'deal 0: S dealt, upcard 9h; W ordered up hearts: EW 1 trick, NS +2 (2-0)'
    >>> [" ".join(map(str, seats)) for seats in deal.trick_seats]
    ['W N E S', 'S W N E', 'E S W N', 'N E S W', 'N E S W']
    >>> " ".join(map(str, deal.start_hands()[Seat.N])), game.final_score
    ('9c 9s Jh Kh Ah', (2, 0))
    """
    return _load_egn(*read_source(source), strict)


def loads_egn(text, strict: bool = False) -> EGNGame:
    """Read, validate and replay an EGN record given as its text: as :func:`load_egn`, but ``text`` (``str``,
    or UTF-8 ``bytes``) is always the JSON itself, never a path, however short.

    Raises :class:`EGNError` for text of another type (naming it), and as :func:`load_egn` for what it holds.
    """
    return _load_egn(*read_text(text), strict)


def _load_egn(name: str, data, strict: bool) -> EGNGame:
    """The record ``data`` (parsed JSON, read from ``name``) validated and replayed: :func:`load_egn`'s work."""
    if isinstance(data, dict) and data.get("fileType") == DUMMY_FILE_TYPE:
        raise EGNError(f"{name}: a dummy-hands record (two-player euchre with dummy hands), not EGN: "
                       "read it with solver.load_dummy_record")
    upgraded_from = None
    if isinstance(data, dict) and isinstance(data.get("version"), str) and _LEGACY_VERSION.match(data["version"]):
        upgraded_from = data["version"]
        data, legacy = _upgrade_legacy(data)
    else:
        legacy = {}
        _check_version(data, name)
    _validate(data, name)
    meta = data["metadata"]
    try:
        rules = Rules.from_egn(meta.get("ruleset"))
    except RulesError as exc:
        raise EGNError(f"{name}: metadata.ruleset: {exc}") from None
    init = meta["initialScore"]
    if len(init) != 2:
        raise EGNError(f"{name}: metadata.initialScore: expected two team scores, got {quoted(init)}")
    if any(isinstance(x, (int, float)) and not isinstance(x, bool) and x < 0 for x in init):
        raise EGNError(f"{name}: metadata.initialScore {quoted(init)}: a score is never below 0 "
                       "(the rules give no negative points)")
    final = meta.get("finalScore")
    if final is not None and len(final) != 2:
        raise EGNError(f"{name}: metadata.finalScore: expected two team scores, got {quoted(final)}")
    game = EGNGame(version=data["version"] if upgraded_from is None else EGN_VERSION, metadata=meta,
                   rules=rules, deals=[], initial_score=tuple(init),
                   recorded_final_score=None if final is None else tuple(final), problems=[], source=name,
                   upgraded_from=upgraded_from)

    def replay(index: int, raw) -> EGNDeal:
        if isinstance(raw, str):
            raise EGNError(f"{name}: deals[{index}]: a condensed (bit-packed) deal; this reader takes "
                           "expanded deals only (convert with egn-convert)")
        try:
            return _replay(raw, index, rules, legacy.get(index, {}))
        except (DealError, EuchreError) as exc:
            raise EGNError(f"{name}: deal {raw['dealNumber']} (deals[{index}]): {exc}") from None

    replay_deals(game, data["deals"], replay, strict, EGNError, partial(_place_in_game, rules))
    return game


def _place_in_game(rules: Rules, deal: EGNDeal, previous: EGNDeal, index: int) -> list:
    """Findings about a deal's place in the game: the deal passes left; no deal after the game is won."""
    out = []
    expected = next_seat(previous.dealer, rules.players)
    if deal.dealer != expected:
        out.append(Problem("dealer", deal.number, f"deal {deal.number}: {deal.dealer} deals, but the deal passes "
                                                  f"left: {expected} should deal after {previous.dealer}"))
    if game_over(rules, deal.score_before, index):
        out.append(Problem("after_game", deal.number, f"deal {deal.number}: recorded after the game ended at "
                                                      f"{deal.score_before[0]}-{deal.score_before[1]}"))
    return out


def _upgrade_legacy(data: dict) -> tuple:
    """EGN 1.0/1.1 → 1.4 layout. Returns (upgraded, {deal index: {"kitty": [...], "initialLead": n}})."""
    legacy = {}

    def walk(obj):
        if isinstance(obj, list):
            return [walk(x) for x in obj]
        if not isinstance(obj, dict):
            return obj
        out = {}
        for key, value in obj.items():
            if key in _LEGACY_DROPPED or key in ("kitty", "initialLead", "initial_lead"):
                continue
            out[_LEGACY_KEYS.get(key, key)] = walk(value)
        return out

    deals = data.get("deals") if isinstance(data.get("deals"), list) else []
    for i, deal in enumerate(deals):
        if not isinstance(deal, dict):
            continue
        info = {}
        state = deal.get("initialState", deal.get("initial_state"))
        if isinstance(state, dict) and isinstance(state.get("kitty"), list):
            info["kitty"] = state["kitty"]
        for ph in deal.get("phases", []) if isinstance(deal.get("phases"), list) else []:
            if isinstance(ph, dict):
                lead = ph.get("initialLead", ph.get("initial_lead"))
                if isinstance(lead, int) and not isinstance(lead, bool):
                    info["initialLead"] = lead
        legacy[i] = info
    up = walk(data)
    up["version"] = EGN_VERSION
    for deal in up.get("deals", []) if isinstance(up.get("deals"), list) else []:
        if not isinstance(deal, dict):
            continue
        for lines in [deal.get("phases")] + [a.get("phases") for a in deal.get("alternativeLines", [])
                                             if isinstance(a, dict)]:
            for ph in lines if isinstance(lines, list) else []:
                if not isinstance(ph, dict):
                    continue
                if ph.get("type") == "EUCHRE_BIDDING":
                    ph["phaseNumber"] = 0
                elif ph.get("type") in ("TRICK_PLAY", "TRICK_PLAY_PHASE"):
                    ph["type"] = "TRICK_PLAY"
                    ph["phaseNumber"] = 1
                    ph.pop("isAlone", None)
                    ph.pop("aloneDefender", None)
    return up, legacy


def _check_version(data, name: str) -> None:
    """Refuse, by name, a ``version`` this reader does not take and what EGN 1.5 does not have that the
    schema alone would report obscurely (a phase without ``phaseNumber``, optional only from 1.6)."""
    if not isinstance(data, dict):
        return
    version = data.get("version")
    if isinstance(version, str) and not re.match(_schema_version_pattern(), version):
        later = _LATER_VERSIONS.get(".".join(version.split(".")[:2]))
        raise EGNError(f"{name}: version {quoted(version)}: this reader takes EGN 1.0 to {EGN_LATEST}"
                       + (f" ({version} adds {later})" if later else ""))
    deals = data.get("deals")
    for i, deal in enumerate(deals if isinstance(deals, list) else []):
        phases = deal.get("phases") if isinstance(deal, dict) else None
        for k, ph in enumerate(phases if isinstance(phases, list) else []):
            if isinstance(ph, dict) and "type" in ph and "phaseNumber" not in ph:
                number = deal.get("dealNumber")
                raise EGNError(f"{name}: deal {number if isinstance(number, int) else i}: deals[{i}].phases[{k}]: "
                               f"no phaseNumber (EGN {EGN_LATEST} requires it; 1.6 made it optional)")


def _schema_version_pattern() -> str:
    return schema_validator(SCHEMA_PATH).schema["properties"]["version"]["pattern"]


def validate_egn(data, name: str = "EGN data") -> None:
    """Check parsed EGN JSON against the EGN schema (``solver/data/egn-schema-v1.json``); raises
    :class:`~solver.errors.EGNError` naming ``name``, the deal and the field when it fails."""
    _validate(data, name)


def _validate(data, name: str) -> None:
    if not isinstance(data, dict):
        raise EGNError(f"{name}: an EGN file is a JSON object, got {json_type_name(data)}")
    error = best_match(schema_validator(SCHEMA_PATH).iter_errors(data))
    if error is None:
        return
    path = list(error.absolute_path)
    where = json_path_text(path)
    deal = ""
    if len(path) >= 2 and path[0] == "deals" and isinstance(path[1], int):
        d = data["deals"][path[1]]
        number = d.get("dealNumber") if isinstance(d, dict) else None
        deal = f"deal {number if isinstance(number, int) else path[1]}: "
    extra = None
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        extra = next((k for k in error.instance if k not in error.schema.get("properties", {})), None)
    if extra is not None:
        version = data.get("version") if isinstance(data.get("version"), str) else EGN_LATEST
        later = f": EGN {_LATER_FIELDS[extra]} added it" if extra in _LATER_FIELDS else ""
        raise EGNError(f"{name}: {deal}{where}: unknown field {quoted(extra)} (not in EGN {version}{later})")
    if error.validator == "enum" and "calls" in path:
        raise EGNError(f"{name}: {deal}{where}: unknown call {quoted(error.instance)} "
                       "(EGN calls are Pass, Order, s, h, d, c, and n for no trump)")
    if error.validator == "pattern" and isinstance(error.instance, str) and "LRB" in str(error.validator_value):
        raise EGNError(f"{name}: {deal}{where}: card {quoted(error.instance)} does not exist "
                       "(a card is a rank 9 T J Q K A and a suit c d h s, or B for the joker)")
    raise EGNError(f"{name}: {deal}{where}: {schema_error_text(error, 'the EGN schema')}")


def _egn_seat(n: int, rules: Rules, what: str) -> Seat:
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < rules.players:
        raise DealError(f"{what} {quoted(n)}: seats are 0..{rules.players - 1} in a {rules.players}-player game")
    return Seat(n * 2 if rules.players == 2 else n)


def _seat_egn(seat: Seat, rules: Rules) -> int:
    return int(seat) // 2 if rules.players == 2 else int(seat)


def _card(token, rules: Rules, where: str, trump: Suit | None = None) -> Card:
    """An EGN card token → Card. Takes ``9c``, ``Nc``, ``JH``, ``B``, and ``R``/``L`` once trump is known."""
    if not isinstance(token, str):
        raise DealError(f"{where}: card {quoted(token)} is not a card")
    t = token.strip()
    if t in ("R", "L"):
        if trump is None:
            raise DealError(f"{where}: card {quoted(t)} (a bower) before trump is made")
        if trump == NO_TRUMP:
            raise DealError(f"{where}: card {quoted(t)} (a bower): a no-trump contract has no bowers")
        return Card(2 * 4 + (int(trump) if t == "R" else 3 - int(trump)))
    if t == "B":
        if not rules.joker:
            raise DealError(f"{where}: card 'B' (the joker) is not in this game's pack (ruleset joker is false)")
        return Card(JOKER)
    if len(t) == 2 and t[0] in "78":
        raise DealError(f"{where}: card {quoted(t)} does not exist in the 24-card pack (9 to A)")
    if len(t) == 2 and (t[0] == "X" or t[1] in "xtng"):
        raise DealError(f"{where}: card {quoted(t)}: unknown and generic cards (X, x, t, n, g) are not supported "
                        "in a replayed record")
    if len(t) == 2 and t[0] == "N":
        t = "9" + t[1]
    try:
        return Card.parse(t)
    except CardError:
        raise DealError(f"{where}: card {quoted(token)} does not exist "
                        "(a card is a rank 9 T J Q K A and a suit c d h s)") from None


def _spelled_card(written: EGNWritten, place: tuple, token, rules: Rules, where: str, trump=None) -> Card:
    """:func:`_card`, keeping a token that is not the card's canonical spelling for writing back."""
    card = _card(token, rules, where, trump)
    if token != str(card):
        written.spellings[place] = token
    return card


# -- replaying a deal ----------------------------------------------------------------------------------
# A deal is read in one pass over its tokens, each applied to a Hand as it comes. Only the dealt hands
# need the play before the deal: EGN writes who played a card by its place in the trick, so a first
# hand, dealt with every card unknown, runs the auction and says who made trump, who sits out and who
# leads; the kernel then gives each trick card its seat (trick_seats, trick_winner), the hands are dealt
# as far as the record shows them, and the deal is replayed card by card.
@dataclass(frozen=True)
class _Stop:
    """Where a deal breaks a rule other than a renege: its replay stops there (an ``"illegal"`` finding)."""

    where: str
    error: IllegalActionError
    trick: int | None = None
    card: Card | None = None
    seat: Seat | None = None


def _replay(raw: dict, index: int, rules: Rules, legacy: dict) -> EGNDeal:
    deal, bidding, play = _read_deal(raw, index, rules)
    auction = _dealt(rules, deal.dealer, _unknown_deal(rules, deal.upcard))
    stop = _auction(auction, deal, None)
    deal.hand_alone = auction.alone
    _read_discard(deal, bidding, auction.trump, rules)
    seat_of = _read_tricks(deal, play, auction, stop, rules)
    _check_contract(deal, auction, stop)
    cards, notes = _deal_cards(deal, auction, seat_of, legacy, rules)
    _replay_hand(deal, cards, notes, legacy, rules)
    return deal


def _read_deal(raw: dict, index: int, rules: Rules) -> tuple:
    """``(deal, bidding phase, trick-play phase)``: the deal's tokens read into an :class:`EGNDeal`,
    not yet replayed (no ``hand``, ``tricks`` or ``discard``)."""
    state = raw["initialState"]
    written = EGNWritten(raw)
    dealer = _egn_seat(state["dealer"], rules, "initialState.dealer")
    upcard = _spelled_card(written, ("up",), state["upCard"], rules, "initialState.upCard")
    bidding, play = _phases(raw["phases"], written)
    written.alone_in_play = play is not None and bool(play.get("isAlone"))
    alone = written.alone_in_play or (bidding is not None and bool(bidding.get("isAlone", False)))
    lone = bidding.get("aloneDefender") if bidding is not None else None
    alone_defender = None if lone is None or lone == -1 else _egn_seat(lone, rules, "aloneDefender")
    deal = EGNDeal(index=index, number=raw["dealNumber"], dealer=dealer, upcard=upcard,
                   calls=list(bidding["calls"]) if bidding is not None else None, alone=alone,
                   alone_defender=alone_defender, discard=None, tricks=None,
                   player_cards=_player_cards(state, rules, written), written=written)
    deal.exchanges, deal.kitty_exchange = _read_exchanges(bidding, rules)
    if deal.kitty_exchange is not None and upcard in deal.kitty_exchange[2]:
        raise DealError(f"cardExchanges[{deal.kitty_exchange[4]}]: {upcard} is the upcard, not in "
                        f"{deal.kitty_exchange[0]}'s hand")
    if deal.kitty_exchange is not None and deal.player_cards is not None:
        taker, kind, given, _received, k = deal.kitty_exchange
        dealt = deal.player_cards[taker]
        if dealt and len(dealt) == TRICKS:
            try:
                check_kitty_exchange(kind, mask_of(given), mask_of(dealt), rules, taker)
            except IllegalActionError as exc:
                raise DealError(f"cardExchanges[{k}]: {exc} (playerCards[{_seat_egn(taker, rules)}], the hand "
                                "as dealt)") from None
    return deal, bidding, play


def _is_kitty(entry: dict, rules: Rules) -> bool:
    """A ``cardExchanges`` entry with the kitty (seat ``num_players``; a card from no sender is the kitty's)."""
    return entry.get("sender", rules.players) == rules.players or entry.get("receiver") == rules.players


def _read_kitty_exchange(entries: list, rules: Rules) -> tuple | None:
    """``(taker, kind, given, received, index of the first entry)`` from the kitty's ``cardExchanges``
    entries ``[(k, entry)]``, or ``None`` without any. Raises :class:`DealError` naming the entry."""
    if not entries:
        return None
    k0 = entries[0][0]
    if not rules.kitty_exchange:
        raise DealError(f"cardExchanges[{k0}]: an exchange with the kitty (seat {rules.players}), but the "
                        "ruleset has neither farmers nor go_under")
    given = received = None
    taker = None
    for k, entry in entries:
        where = f"cardExchanges[{k}]"
        to_kitty = entry.get("receiver") == rules.players
        if to_kitty and entry.get("sender", rules.players) == rules.players:
            raise DealError(f"{where}: from the kitty to the kitty")
        seat = _egn_seat(entry["sender"] if to_kitty else entry["receiver"], rules,
                         f"{where}.{'sender' if to_kitty else 'receiver'}")
        cards = [_card(tok, rules, f"{where}.cards[{j}]") for j, tok in enumerate(entry["cards"])]
        if len(cards) != KITTY_EXCHANGE_CARDS or len(set(cards)) != len(cards):
            raise DealError(f"{where}: {plural(len(set(cards)), 'different card')}; a kitty exchange moves "
                            f"{KITTY_EXCHANGE_CARDS} each way")
        if taker is not None and seat != taker and to_kitty != taker_to_kitty:
            under, back = (seat, taker) if to_kitty else (taker, seat)
            raise DealError(f"{where}: the kitty's cards go back to the seat that put three under ({under}), "
                            f"not {back}")
        if taker is not None and seat != taker:
            raise DealError(f"{where}: a second kitty exchange ({seat}; {taker} already took one): at most one "
                            "a deal")
        if taker is None:
            taker_to_kitty = to_kitty
        taker = seat
        if (given if to_kitty else received) is not None:
            what = f"{seat}'s cards to the kitty" if to_kitty else f"the kitty's cards to {seat}"
            raise DealError(f"{where}: {what} a second time (at most one kitty exchange a deal)")
        if to_kitty:
            given = cards
        else:
            received = cards
    if given is None or received is None:
        missing = (f"the three cards to the kitty (sender {_seat_egn(taker, rules)}, receiver {rules.players})"
                   if given is None else
                   f"the kitty's three cards (sender {rules.players}, receiver {_seat_egn(taker, rules)})")
        raise DealError(f"cardExchanges[{k0}]: a kitty exchange needs both entries; {missing} is missing")
    clash = set(given) & set(received)
    if clash:
        raise DealError(f"cardExchanges[{k0}]: {' '.join(map(str, sorted(clash)))} both given to and taken "
                        "from the kitty")
    shown = not mask_of(given) & ~FARMERS_MASK
    kind = "farmers" if rules.farmers and shown else "go_under"
    if kind == "go_under" and not rules.go_under:
        odd = " ".join(str(c) for c in sorted(given) if c.mask & ~FARMERS_MASK)
        raise DealError(f"cardExchanges[{k0}]: {odd}: a farmer's hand shows three nines or tens (the ruleset has "
                        "farmers, not go_under)")
    return taker, kind, tuple(sorted(given)), tuple(sorted(received)), k0


def _read_exchanges(bidding: dict | None, rules: Rules) -> tuple:
    """The bidding phase's ``cardExchanges``: ``([(sender, receiver, card), ...] of call for best, the kitty
    exchange or None)`` (:func:`_read_kitty_exchange`); an exchange the ruleset does not play is refused."""
    entries = (bidding or {}).get("cardExchanges") or []
    for k, entry in enumerate(entries):
        for key in ("sender", "receiver"):
            n = entry.get(key)
            if (n is not None or key == "receiver") and (
                    not isinstance(n, int) or isinstance(n, bool) or not 0 <= n <= rules.players):
                raise DealError(f"cardExchanges[{k}].{key} {quoted(n)}: not a seat 0-{rules.players - 1} nor the "
                                f"kitty ({rules.players})")
    kitty = [(k, e) for k, e in enumerate(entries) if _is_kitty(e, rules)]
    between = [(k, e) for k, e in enumerate(entries) if not _is_kitty(e, rules)]
    exchange = _read_kitty_exchange(kitty, rules)
    if between and not rules.partners_best:
        raise DealError(f"cardExchanges[{between[0][0]}]: the record passes cards between seats, but its ruleset "
                        "has no partners_best (call for best)")
    out = []
    for k, entry in between:
        where = f"cardExchanges[{k}]"
        sender = entry.get("sender")
        if sender is None:
            raise DealError(f"{where}: no sender; under partners_best the loner's partner passes to the loner")
        sender = _egn_seat(sender, rules, f"{where}.sender")
        receiver = _egn_seat(entry["receiver"], rules, f"{where}.receiver")
        cards = [_card(tok, rules, f"{where}.cards[{j}]") for j, tok in enumerate(entry["cards"])]
        if len(cards) != 1:
            raise DealError(f"{where}: {plural(len(cards), 'card')}; under partners_best one card is passed")
        out.append((sender, receiver, cards[0]))
    if len(out) > 2:
        raise DealError(f"cardExchanges: {len(out)} entries; call for best has the partner's card and the "
                        "loner's discard")
    return out, exchange


def _exchange_cards(deal: EGNDeal, loner: Seat) -> _Stop | None:
    """Set ``deal.best_card`` and ``deal.loner_discard`` from the exchanges read, now that the loner is known."""
    deal.best_card = deal.loner_discard = None
    partner = loner.partner
    for k, (sender, receiver, card) in enumerate(deal.exchanges):
        if (sender, receiver) == (partner, loner) and deal.best_card is None:
            deal.best_card = card
        elif (sender, receiver) == (loner, partner) and deal.loner_discard is None:
            deal.loner_discard = card
        else:
            raise DealError(f"cardExchanges[{k}]: from {sender} to {receiver}; under partners_best the loner "
                            f"{loner}'s partner {partner} passes it a card (sender {partner}, receiver {loner}) "
                            f"and the loner's discard is written sender {loner}, receiver {partner}")
    return None


def _phases(phases: list, written: EGNWritten) -> tuple:
    """``(bidding phase or None, trick-play phase or None)``: at most one of each, bidding first."""
    bidding = play = None
    for k, ph in enumerate(phases):
        if ph["type"] == "EUCHRE_BIDDING":
            if bidding is not None:
                raise DealError(f"phases[{k}]: a second bidding phase")
            if play is not None:
                raise DealError(f"phases[{k}]: the bidding phase comes after the trick play")
            bidding = ph
        else:
            if play is not None:
                raise DealError(f"phases[{k}]: a second trick-play phase")
            play = ph
        written.phases.append((ph["type"], ph["phaseNumber"]))
    return bidding, play


def _player_cards(state: dict, rules: Rules, written: EGNWritten) -> tuple | None:
    """``initialState.playerCards`` per seat N E S W (``None`` where not given), or ``None``."""
    if "playerCards" not in state:
        return None
    hands = state["playerCards"]
    if len(hands) > rules.players:
        raise DealError(f"initialState.playerCards: {len(hands)} hands for {rules.players} players")
    out = [None, None, None, None]
    for i, tokens in enumerate(hands):
        seat = _egn_seat(i, rules, "playerCards seat")
        if not tokens:
            continue
        cards = [_spelled_card(written, ("pc", i, j), tok, rules, f"initialState.playerCards[{i}][{j}]")
                 for j, tok in enumerate(tokens)]
        if len(set(cards)) != len(cards):
            raise DealError(f"initialState.playerCards[{i}]: a card appears twice")
        if len(cards) > TRICKS:
            raise DealError(f"initialState.playerCards[{i}]: {plural(len(cards), 'card')}, a hand has {TRICKS}")
        out[seat] = cards
    return tuple(out)


def _dealt(rules: Rules, dealer: Seat, cards: DealCards) -> Hand:
    hand = Hand(rules, dealer)
    hand.apply(cards)
    return hand


def _unknown_deal(rules: Rules, upcard: Card) -> DealCards:
    """A deal in which only the upcard is known."""
    unknown = tuple(TRICKS if s in rules.seats else 0 for s in range(4))
    return DealCards((0, 0, 0, 0), upcard, 0, unknown, rules.kitty_size - 1)


def _auction(hand: Hand, deal: EGNDeal, discard: Card | None) -> _Stop | None:
    """Apply the calls, the dealer's discard (``None``: a card the record does not show) and the
    alone decisions to ``hand``. Returns where a rule is broken, else ``None``; raises
    :class:`DealError` for what cannot be read as a game (a call after the bidding is over, an
    unknown call)."""
    stop = _apply_exchange(hand, deal)
    if stop is None:
        stop = _apply_calls(hand, deal.calls or [])
    if stop is not None or hand.trump is None:
        return stop
    if hand.phase is Phase.DISCARD:
        try:
            hand.apply(Action.discard(discard))
        except IllegalActionError as exc:
            return _Stop("discard", exc, card=discard, seat=hand.dealer)
    if hand.phase is Phase.ALONE:
        hand.apply(Action.go_alone(deal.alone))
    elif deal.alone:
        return _Stop("isAlone", IllegalActionError(f"{hand.maker} cannot go alone: there is no going alone in "
                                                   "two-player euchre"), seat=hand.maker)
    if deal.exchanges and hand.alone is None:
        raise DealError("cardExchanges: a card is passed, but nobody goes alone (call for best is a loner's)")
    if hand.phase is Phase.GIVE:
        _exchange_cards(deal, hand.alone)
        if deal.best_card is None and not hand.unknown_cards(hand.to_act):
            return _Stop("cardExchanges", IllegalActionError(
                f"the record shows every card of {hand.to_act}'s hand but not the card it passed the loner "
                f"{hand.alone} (call for best): give it in cardExchanges"), seat=hand.to_act)
        for what, card in (("cardExchanges (the partner's card)", deal.best_card),
                           ("cardExchanges (the loner's discard)", deal.loner_discard)):
            seat = hand.to_act
            if card is None and hand.phase is Phase.LONER_DISCARD and not hand.unknown_cards(seat):
                return _Stop(what, IllegalActionError(
                    f"the record shows every card of the loner {seat}'s six but not its discard after the "
                    f"exchange (call for best): give it in cardExchanges (sender {seat}, receiver "
                    f"{seat.partner})"), seat=seat)
            try:
                hand.apply(Action.give(card) if hand.phase is Phase.GIVE else Action.discard(card))
            except IllegalActionError as exc:
                return _Stop(what, exc, card=card, seat=seat)
    while hand.phase is Phase.DEFEND_ALONE:
        hand.apply(Action.defend_alone(hand.to_act == deal.alone_defender))
    lone = deal.alone_defender
    if lone is not None and hand.defender_alone != lone:
        why = ("only a defender against a loner may defend alone" if hand.rules.defend_alone
               else "the ruleset does not allow defending alone")
        return _Stop("aloneDefender", IllegalActionError(f"{lone} cannot defend alone: {why}"), seat=lone)
    return None


def _apply_exchange(hand: Hand, deal: EGNDeal) -> _Stop | None:
    """The kitty exchange phase (``farmers`` / ``go_under``): each seat asked keeps its hand but the recorded
    taker, who takes its exchange."""
    exchange = deal.kitty_exchange
    while hand.phase is Phase.EXCHANGE:
        seat = hand.to_act
        action = KEEP
        if exchange is not None and seat == exchange[0]:
            action = Action.kitty_exchange(exchange[1], exchange[2])
        try:
            hand.apply(action)
        except IllegalActionError as exc:
            return _Stop(f"cardExchanges[{exchange[4]}]" if exchange else "cardExchanges", exc, seat=seat)
    if exchange is not None and hand.exchange_taker is None:
        why = "its hand as dealt qualifies for no exchange under the ruleset"
        return _Stop(f"cardExchanges[{exchange[4]}]", IllegalActionError(
            f"{exchange[0]} cannot take the kitty exchange: {why}"), seat=exchange[0])
    return None


def _apply_calls(hand: Hand, calls: list) -> _Stop | None:
    made_at = None
    for i, tok in enumerate(calls):
        where = f"calls[{i}] {quoted(tok)}"
        if made_at is not None:
            raise DealError(f"{where}: trump was already made at calls[{made_at}]")
        if hand.phase is Phase.DONE:
            raise DealError(f"{where}: bidding has at most {2 * len(hand.rules.seats)} calls")
        if hand.phase is Phase.NAME_SUIT and tok not in NAMED_SUIT_TOKENS:
            raise DealError(f"{where}: with upCard B the first call is the suit the dealer named for the "
                            "turned-up joker (c, d, h or s)")
        if tok == "x" or (tok == "n" and not hand.rules.allow_no_trump):
            what = "a no-trump call needs ruleset allow_no_trump" if tok == "n" else "an unknown call"
            raise DealError(f"{where} by {hand.to_act}: unknown call ({what})")
        seat = hand.to_act
        try:
            hand.apply(call_action(tok, hand))
        except IllegalActionError as exc:
            return _Stop(where, exc, seat=seat)
        if hand.trump is not None:
            made_at = i
    return None


def _read_discard(deal: EGNDeal, bidding: dict | None, trump, rules: Rules) -> None:
    """The recorded discard (a bower may be written ``R``/``L``, so once trump is made)."""
    if bidding is not None and "discard" in bidding:
        deal.written.discard = _spelled_card(deal.written, ("discard",), bidding["discard"], rules, "discard", trump)


def _check_contract(deal: EGNDeal, auction: Hand, stop: _Stop | None) -> None:
    """A discard or a loner needs a contract (unless the auction already broke a rule)."""
    if stop is not None:
        return
    if deal.written.discard is not None and not auction.picked_up:
        raise DealError(f"discard {deal.written.discard} is recorded but nobody ordered up the upcard")
    if deal.alone and auction.trump is None:
        raise DealError("thrown in (all passed twice) but isAlone is true" if auction.phase is Phase.DONE
                        else "isAlone is true but no trump was made")


def _read_tricks(deal: EGNDeal, play: dict | None, auction: Hand, stop: _Stop | None, rules: Rules) -> dict:
    """Read the tricks into ``deal.tricks``; returns ``{card: (seat, trick number)}``, each card's
    seat by the kernel from the seats in play, first leader and trump that ``auction`` reached."""
    if play is None:
        return {}
    tokens = play["tricks"]
    calls = deal.calls or []
    if auction.trump is None and all(tok == "Pass" for tok in calls):      # (a stuck dealer's pass too)
        if tokens:
            why = "all passed twice" if len(calls) == 2 * len(rules.seats) else "no trump was made"
            raise DealError(f"tricks are recorded but {why}")
        deal.tricks = []
        return {}
    if len(tokens) > TRICKS:
        raise DealError(f"{len(tokens)} tricks recorded, a hand has {TRICKS}")
    if stop is not None or auction.phase is not Phase.PLAY:
        # the auction broke a rule and the replay stops there: the tricks are only read
        deal.tricks = [_trick_cards(deal, t, trick, auction.trump, rules) for t, trick in enumerate(tokens)]
        return {}
    playing, leader, trump = auction.seats_in_play, auction.to_act, auction.trump
    size = len(playing)
    seat_of = {}
    deal.tricks = []
    for t, trick in enumerate(tokens):
        where = f"trick {t + 1}"
        if len(trick) > size:
            raise DealError(f"{where} has {plural(len(trick), 'card')}, but only {size} seats play "
                            f"({' '.join(str(s) for s in playing)})")
        if len(trick) < size and t + 1 < len(tokens):
            raise DealError(f"{where} has {plural(len(trick), 'card')}, expected {size} "
                            "(only the last recorded trick may be unfinished)")
        cards = _trick_cards(deal, t, trick, trump, rules)
        for seat, card in zip(trick_seats(leader, playing), cards):
            if card in seat_of:
                s0, t0 = seat_of[card]
                raise DealError(f"card {card} is played twice: by {s0} in trick {t0} and by {seat} in {where}")
            seat_of[card] = (seat, t + 1)
        deal.tricks.append(cards)
        if len(cards) == size:
            leader = trick_winner(leader, cards, trump, playing)
    return seat_of


def _trick_cards(deal: EGNDeal, t: int, tokens: list, trump, rules: Rules) -> list:
    return [_spelled_card(deal.written, ("trick", t, j), tok, rules, f"trick {t + 1}, card {j + 1}", trump)
            for j, tok in enumerate(tokens)]


def _deal_cards(deal: EGNDeal, auction: Hand, seat_of: dict, legacy: dict, rules: Rules) -> tuple:
    """``(DealCards, notes)``: the hands as dealt, rebuilt from the cards each seat plays,
    ``playerCards``, the upcard and the discard (a legacy kitty too); the rest unknown.
    ``notes``: for the upcard and the discard, why a seat that plays it cannot hold it.
    Sets ``deal.discard`` to the discard the replay uses."""
    played_by = {}
    for card, (seat, _t) in seat_of.items():
        played_by.setdefault(seat, []).append(card)
    upcard, dealer = deal.upcard, deal.dealer
    deal.discard = _play_discard(deal, auction, played_by.get(dealer, []))
    notes = {upcard: f"{upcard} is the upcard, which " + (f"the dealer {dealer} picked up" if auction.picked_up
                                                          else "was turned down")}
    if deal.discard is not None and deal.discard != upcard:
        notes[deal.discard] = f"{deal.discard} is the dealer {dealer}'s discard"
    known, owner = _known_hands(deal, auction.picked_up, played_by, rules)
    kitty = _legacy_kitty(legacy, owner, seat_of, upcard, rules)
    if deal.kitty_exchange is not None:
        kitty |= mask_of(deal.kitty_exchange[3])
    unknown = tuple(TRICKS - popcount(known[s]) if s in rules.seats else 0 for s in range(4))
    kitty_unknown = rules.kitty_size - 1 - popcount(kitty)
    return DealCards(tuple(known), upcard, kitty, unknown, kitty_unknown), notes


def _play_discard(deal: EGNDeal, auction: Hand, dealer_played: list) -> Card | None:
    """The recorded discard, or the upcard when the dealer plays five cards without it (six cards,
    five played, none of them the upcard); a recorded discard that the play contradicts is a finding."""
    recorded, upcard, dealer = deal.written.discard, deal.upcard, deal.dealer
    if not (auction.picked_up and dealer in auction.seats_in_play and len(dealer_played) == TRICKS
            and upcard not in dealer_played):
        return recorded
    if recorded is not None and recorded != upcard:
        deal.problems.append(Problem("discard", deal.number,
                                     f"deal {deal.number}: the record says the dealer {dealer} discarded "
                                     f"{recorded}, but {dealer} plays five cards without the upcard {upcard}, "
                                     f"so it discarded {upcard}; replayed with that discard"))
    return upcard


def _known_hands(deal: EGNDeal, picked_up: bool, played_by: dict, rules: Rules) -> tuple:
    """``(known cards dealt per seat as bitmasks, {card: seat})``."""
    upcard, dealer, discard, given = deal.upcard, deal.dealer, deal.discard, deal.player_cards
    owner, dealt = {}, {}
    _check_kitty_cards(deal, played_by, rules)
    for seat in map(Seat, rules.seats):
        cards = set(played_by.get(seat, []))
        if given is not None and given[seat]:
            cards |= set(given[seat])
        if seat == dealer and picked_up:
            cards.discard(upcard)
            if discard is not None and discard != upcard:
                cards.add(discard)
        else:
            # a seat that plays the upcard or the discard cannot have held it: the replay stops there
            cards.discard(upcard)
            if discard is not None:
                cards.discard(discard)
        dealt[seat] = _before_kitty_exchange(deal, seat, _before_exchange(deal, seat, cards, picked_up))
    _exchange_clash(deal, dealt)             # a card exchanged from a seat that does not hold it, named first
    for seat, cards in dealt.items():
        for c in cards:
            if c in owner:
                raise DealError(f"card {c} is in both {owner[c]}'s and {seat}'s hand")
            owner[c] = seat
    known = [0, 0, 0, 0]
    for seat, cards in dealt.items():
        if len(cards) > TRICKS:
            raise DealError(f"{seat} would have been dealt {len(cards)} cards: "
                            f"{' '.join(str(c) for c in sorted(cards))}")
        known[seat] = mask_of(cards)
    for seat in map(Seat, rules.seats):
        if given is not None and given[seat]:
            extra = set(played_by.get(seat, [])) - set(given[seat]) - ({upcard} if seat == dealer else set())
            if seat == deal.hand_alone:
                extra -= {deal.best_card}          # call for best: the card its partner passed
            if deal.kitty_exchange is not None and seat == deal.kitty_exchange[0]:
                extra -= set(deal.kitty_exchange[3])      # the kitty's cards it took
            if extra:
                raise DealError(f"{seat} plays {' '.join(str(c) for c in sorted(extra))}, not in its "
                                "dealt hand (playerCards)")
    return known, owner


def _exchange_clash(deal: EGNDeal, dealt: dict) -> None:
    """Raise :class:`DealError` naming the cardExchanges entry when it moves a card from a seat that does not
    hold it: the record puts the card in another seat's hand (``dealt``: each seat's dealt cards so far)."""
    alone = deal.hand_alone
    if alone is None:
        return
    moves = [(alone.partner, deal.best_card, "passes {} to the loner " + str(alone))]
    if deal.loner_discard != deal.best_card:           # a card thrown back was never the loner's own
        moves.append((alone, deal.loner_discard, "discards {} after the exchange"))
    for sender, card, what in moves:
        holder = next((s for s, cards in dealt.items() if s != sender and card in cards), None)
        if card is None or holder is None:
            continue
        where = next((f"cardExchanges[{i}]" for i, (s, _r, c) in enumerate(deal.exchanges)
                      if s == sender and c == card), "cardExchanges")
        raise DealError(f"{where} {card}: {sender} {what.format(card)}, but {sender} does not hold it: the "
                        f"record puts {card} in {holder}'s hand")


def _check_kitty_cards(deal: EGNDeal, played_by: dict, rules: Rules) -> None:
    """The kitty's three cards of a kitty exchange were face down in the kitty: not the upcard, not in a dealt
    hand (``playerCards``), not played by a seat other than the taker. Raises :class:`DealError` naming the entry."""
    if deal.kitty_exchange is None:
        return
    taker, _kind, given, received, k = deal.kitty_exchange
    for c in given:
        for seat in map(Seat, rules.seats):
            if c in played_by.get(seat, []):
                why = (f"{seat} does not hold {c}: it went to the kitty" if seat == taker else
                       f"{c} went to the kitty from {taker}")
                raise DealError(f"{seat} plays {c}, but {why} (cardExchanges[{k}])")
    for c in received:
        if c == deal.upcard:
            raise DealError(f"cardExchanges[{k}]: {c} is the upcard, not one of the kitty's face-down cards")
        for seat in map(Seat, rules.seats):
            in_hand = deal.player_cards is not None and deal.player_cards[seat] and c in deal.player_cards[seat]
            if in_hand or (seat != taker and c in played_by.get(seat, [])):
                where = "dealt hand (playerCards)" if in_hand else "play"
                raise DealError(f"cardExchanges[{k}]: {c} from the kitty is in {seat}'s {where}, not in the kitty")


def _before_kitty_exchange(deal: EGNDeal, seat: Seat, cards: set) -> set:
    """Kitty exchange: the taker's cards as dealt, from the cards it held after the exchange (less the kitty's
    three it took, with the three it gave); a given card the record puts in play is named."""
    if deal.kitty_exchange is None or seat != deal.kitty_exchange[0]:
        return cards
    _taker, _kind, given, received, k = deal.kitty_exchange
    if deal.player_cards is not None and deal.player_cards[seat]:
        stray = [c for c in given if c not in deal.player_cards[seat]]
        if stray:
            raise DealError(f"cardExchanges[{k}]: {seat} gives {' '.join(map(str, stray))} to the kitty, not in "
                            f"its dealt hand (playerCards)")
        dealt_taken = [c for c in received if c in deal.player_cards[seat]]
        if dealt_taken:
            raise DealError(f"cardExchanges[{k}]: {' '.join(map(str, dealt_taken))} from the kitty is in {seat}'s "
                            "dealt hand (playerCards), not in the kitty")
    return (cards - set(received)) | set(given)


def _before_exchange(deal: EGNDeal, seat: Seat, cards: set, picked_up: bool) -> set:
    """Call for best: ``seat``'s cards as dealt, from the cards it held after the exchange. The loner did not
    hold the card its partner passed but did hold its own discard; the partner held the card it passed (the
    upcard itself when it is the dealer who picked up: not a dealt card)."""
    best, thrown = deal.best_card, deal.loner_discard
    alone = deal.hand_alone
    if alone is None or (best is None and thrown is None):
        return cards
    picked_here = picked_up and seat == deal.dealer
    if seat == alone:
        if thrown is not None and thrown != best and not (picked_here and thrown == deal.upcard):
            cards = cards | {thrown}
        if best is not None:
            cards = cards - {best}
    elif seat == alone.partner and best is not None and not (picked_here and best == deal.upcard):
        cards = cards | {best}
    return cards


def _legacy_kitty(legacy: dict, owner: dict, seat_of: dict, upcard: Card, rules: Rules) -> int:
    """The kitty cards besides the upcard that a 1.0/1.1 file states, as a bitmask."""
    kitty = 0
    for k, tok in enumerate(legacy.get("kitty", [])):
        if not tok:
            continue
        c = _card(tok, rules, f"initialState.kitty[{k}]")
        if c in owner or c == upcard or c in seat_of:
            where = owner.get(c) or ("the upcard" if c == upcard else f"trick {seat_of[c][1]}")
            raise DealError(f"initialState.kitty[{k}] {c}: also in {where}")
        kitty |= c.mask
    if popcount(kitty) > rules.kitty_size - 1:
        raise DealError(f"initialState.kitty: {plural(popcount(kitty), 'card')} besides the upcard, "
                        f"the kitty has {rules.kitty_size - 1}")
    return kitty


def _replay_hand(deal: EGNDeal, cards: DealCards, notes: dict, legacy: dict, rules: Rules) -> None:
    """Deal ``cards`` and apply the auction and every card; a broken rule stops the replay."""
    hand = deal.hand = _dealt(rules, deal.dealer, cards)
    stop = _auction(hand, deal, deal.discard)
    if stop is None and hand.phase is Phase.PLAY:
        lead = legacy.get("initialLead")
        if lead is not None and lead != _seat_egn(hand.to_act, rules):
            deal.problems.append(Problem("lead", deal.number, f"deal {deal.number}: the record says seat {lead} "
                                                              f"led the first trick, but under the rules "
                                                              f"{hand.to_act} leads"))
        stop = _play_tricks(deal, hand)
    if stop is not None:
        note = f" ({notes[stop.card]})" if stop.card in notes and "does not hold" in str(stop.error) else ""
        deal.problems.append(Problem("illegal", deal.number, f"deal {deal.number}, {stop.where}: {stop.error}{note}; "
                                     "the replay of this deal stops here", stop.trick, stop.card, stop.seat))
        deal.status = "illegal"
    elif hand.result is not None and hand.result.thrown_in:
        deal.status = "thrown_in"
    else:
        deal.status = "complete" if hand.is_over else "incomplete"


def _play_tricks(deal: EGNDeal, hand: Hand) -> _Stop | None:
    for t, cards in enumerate(deal.tricks or [], start=1):
        for j, card in enumerate(cards):
            seat = hand.to_act
            try:
                renege = play_card(hand, card, deal.number, t)
            except IllegalActionError as exc:
                return _Stop(f"trick {t}, card {j + 1}", exc, t, card, seat)
            if renege is not None:
                deal.problems.append(renege)
    return None


# -- writing ---------------------------------------------------------------------------------
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
        data = _game_json(game)
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
    _validate(data, "dump_egn output")
    return json.dumps(data, indent=check_indent(indent, "dump_egn", EGNError), ensure_ascii=False)


def _game_json(game: EGNGame) -> dict:
    return {"fileType": FILE_TYPE, "version": game.version,
            "metadata": copy.deepcopy(game.metadata),
            "deals": [_deal_json(d, game.rules) for d in game.deals]}


def _deal_json(deal: EGNDeal, rules: Rules) -> dict:
    """A parsed deal back to JSON, from the model plus what the file had that the model does not use."""
    written = deal.written
    raw, spell = written.raw, written.spellings

    def tok(card, key):
        return spell.get(key, str(card))

    state = {"dealer": _seat_egn(deal.dealer, rules), "upCard": tok(deal.upcard, ("up",))}
    if deal.player_cards is not None:
        n = len(raw["initialState"]["playerCards"])
        state["playerCards"] = [[tok(c, ("pc", i, j)) for j, c in enumerate(deal.player_cards[_egn_seat(i, rules, "")]
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
                                       else _seat_egn(deal.alone_defender, rules))
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
        out["phases"].append(_ordered(ph, src))
    if "alternativeLines" in raw:
        out["alternativeLines"] = copy.deepcopy(raw["alternativeLines"])
    return _ordered(out, raw)


def _ordered(new: dict, like: dict) -> dict:
    """``new`` with its keys in the order of ``like`` (then any others), for readable diffs."""
    out = {k: new[k] for k in like if k in new}
    out.update({k: v for k, v in new.items() if k not in out})
    if "initialState" in out and isinstance(like.get("initialState"), dict):
        out["initialState"] = _ordered(out["initialState"], like["initialState"])
    return out


def _engine_json(rules: Rules, hands: list, initial: tuple, final: tuple | None) -> dict:
    default = Rules()
    for name in ("march_score", "euchre_score", "lone_defender_score"):
        if getattr(rules, name) != getattr(default, name):
            raise EGNError(f"dump_egn: Rules.{name} = {getattr(rules, name)} has no EGN ruleset key")
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
    state = {"dealer": _seat_egn(hand.dealer, rules), "upCard": str(hand.upcard)}
    # the dealt hands, each written only when all five cards are known
    player_cards = [[str(c) for c in cards_of(hand.dealt(s))] if not hand.dealt_unknown(s) else []
                    for s in rules.seats]
    if any(player_cards):
        state["playerCards"] = player_cards
    calls = []
    bid = {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls, "isAlone": False}
    for rec in hand.history:
        if isinstance(rec, SuitNamed):               # the dealer's naming, before round 1 (see NAMED_SUIT_TOKENS)
            calls.append(str(rec.suit))
        elif isinstance(rec, BidMade):
            a = rec.action
            calls.append("Pass" if a.kind is Kind.PASS else "Order" if a.kind is Kind.ORDER else str(a.suit))
        elif isinstance(rec, KittyExchanged) and rec.kind is not None:
            taker, kitty = _seat_egn(rec.seat, rules), rules.players
            if rec.received_unknown:
                raise EGNError(f"dump_egn: hand {number}: the kitty cards {rec.seat} took are not all known")
            bid.setdefault("cardExchanges", []).extend([
                {"sender": taker, "receiver": kitty, "cards": [str(c) for c in rec.given]},
                {"sender": kitty, "receiver": taker, "cards": [str(c) for c in rec.received]}])
        elif isinstance(rec, CardPassed) and rec.card is not None:
            bid.setdefault("cardExchanges", []).append(
                {"sender": _seat_egn(rec.seat, rules), "receiver": _seat_egn(rec.receiver, rules),
                 "cards": [str(rec.card)]})
        elif isinstance(rec, Discarded) and rec.card is not None and rec.phase is Phase.LONER_DISCARD:
            # EGN has no field for the loner's discard: written as the loner's card back to its partner
            bid.setdefault("cardExchanges", []).append(
                {"sender": _seat_egn(rec.seat, rules), "receiver": _seat_egn(rec.seat.partner, rules),
                 "cards": [str(rec.card)]})
        elif isinstance(rec, Discarded) and rec.card is not None:
            bid["discard"] = str(rec.card)
        elif isinstance(rec, AloneDeclared) and not rec.defender:
            bid["isAlone"] = rec.alone
    if rules.defend_alone and hand.alone is not None:
        bid["aloneDefender"] = -1 if hand.defender_alone is None else _seat_egn(hand.defender_alone, rules)
    phases = [bid]
    if hand.trump is not None and hand.phase in (Phase.PLAY, Phase.DONE):
        tricks = [[str(c) for c in t.cards] for t in hand.tricks]
        if hand.current_trick:
            tricks.append([str(c) for _s, c in hand.current_trick])
        phases.append({"phaseNumber": 1, "type": "TRICK_PLAY", "tricks": tricks})
    return {"dealNumber": number, "initialState": state, "phases": phases}
