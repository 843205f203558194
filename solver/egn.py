"""EGN 1.4 (Euchre Game Notation): read, replay through the rules engine, write.

EGN is JSON (NextSuit-Labs/euchre-game-notation, Apache-2.0; the schema and its
licence ship in ``solver/data/``). A file is ``{"fileType", "version", "metadata",
"deals"}``; each deal records the dealer, the upcard, the calls, whether the
maker went alone, sometimes the dealer's discard and the dealt hands, and the
tricks. Each trick array lists its cards *in play order from the trick's
leader*; who led is not written down but follows from the rules: left of the
dealer (or per ``loner_lead``) for the first trick, the winner of the previous
trick after that. :func:`load_egn` replays every deal through
:mod:`solver.game`, so the seat of every card, the hands at the start of play,
each trick's winner and the score all come from the one rules engine.

Reading (:func:`load_egn`):

1. Strict JSON in UTF-8 (:func:`read_source`: no ``NaN``/``Infinity``, no key twice in an
   object, at most :data:`MAX_DEPTH` levels), then files of the old 1.0/1.1 layout (``player_cards``, ``kitty``,
   ``initialLead``, ...) are upgraded the way the EGN project's own
   ``egn-upgrade`` does (snake_case keys to camelCase; ``kitty`` and
   ``initialLead`` dropped from the output, but a stated first leader is
   checked against the rules and known kitty cards are used).
2. The JSON schema (``jsonschema``, draft 7). A failure names the field and quotes at
   most a few hundred characters of the input.
3. ``metadata.ruleset`` → :meth:`Rules.from_egn <solver.rules.Rules.from_egn>`.
4. Each deal: hands at the start of play are rebuilt from the tricks (plus
   ``playerCards`` when given); the dealer's dealt hand from those, the upcard
   and the discard when recorded (or when it can only have been the upcard);
   a loner's partner's hand and the kitty stay unknown. Then the calls, the
   discard, the alone decisions and every card are applied to a
   :class:`~solver.game.Hand` with full legality checks.

What is an error and what is a finding:

* :class:`~solver.errors.EGNError` (a :class:`~solver.errors.EuchreError`),
  naming the deal and the place: malformed JSON; a schema failure (the field
  path); a card that does not exist in the game's pack (or notation the
  reader does not take: unknown ``Xx``, generic suits ``t n g``); a card
  played twice; too many cards in a trick; an unknown call (``n`` no-trump,
  ``x``); any other call, discard or alone decision the rules do not allow; a
  deal that records play after all passed.
* :class:`Problem` (kept in :attr:`EGNGame.problems` and on each deal): a
  renege (deal, trick, card, seat: the card is kept so the record replays on);
  any other rule the record breaks (``"illegal"``: a call the rules do not
  allow, a card the seat cannot hold such as the upcard played by a
  non-dealer; the replay of that deal stops there and it is not scored); a
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
import os
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import jsonschema
from jsonschema.exceptions import best_match

from .cards import JOKER, Card, Seat, Suit, cards_of, mask_of
from .laws import effective_suit, first_leader
from .errors import CardError, EGNError, EuchreError, IllegalActionError, RulesError, plural, quoted, shorten
from .game import (ORDER, PASS, Action, AloneDeclared, BidMade, CardPlayed, DealCards, Discarded, Game, Hand,
                   Kind, Phase, SuitNamed)
from .laws import side_name, winning_index
from .rules import Rules

__all__ = ["load_egn", "dump_egn", "EGNGame", "EGNDeal", "Problem", "SCHEMA_PATH", "EGN_VERSION"]

SCHEMA_PATH = Path(__file__).resolve().parent / "data" / "egn-schema-v1.json"
EGN_VERSION = "1.4"
FILE_TYPE = "Euchre Game Notation"

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
_SUIT_CALLS = {"c": Suit.C, "d": Suit.D, "h": Suit.H, "s": Suit.S}


@lru_cache(maxsize=1)
def _validator():
    with open(SCHEMA_PATH, encoding="utf-8") as fh:
        schema = json.load(fh)
    return jsonschema.Draft7Validator(schema)


@dataclass(frozen=True)
class Problem:
    """A finding in a record that still replays.

    Attributes:
        kind: ``"renege"``, ``"illegal"``, ``"discard"``, ``"final_score"``, ``"dealer"``,
            ``"after_game"`` or ``"lead"``.
        deal: the deal's ``dealNumber`` (``None`` for the whole file).
        message: a sentence naming the deal and the place.
        trick: trick number 1..5, card and seat where they apply (renege, illegal), else ``None``.
    """

    kind: str
    deal: int | None
    message: str
    trick: int | None = None
    card: Card | None = None
    seat: Seat | None = None

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> dict:
        return {"kind": self.kind, "deal": self.deal, "message": self.message, "trick": self.trick,
                "card": None if self.card is None else str(self.card),
                "seat": None if self.seat is None else str(self.seat)}


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
        problems: :class:`Problem` s found in this deal.
        score_before, score_after: the game score per side index before and after the deal.
        recorded_discard (property): the dealer's discard as the record writes it, or ``None``
            when it does not; ``discard`` is what the replay used (it may be inferred).
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
    _extra: dict = field(default_factory=dict, repr=False)

    @property
    def recorded_discard(self) -> Card | None:
        return self._extra.get("discard_recorded")

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
        text = f"{head}; {h.maker} {how} {Suit(h.trump).word}{alone}"
        if self.status == "illegal":
            return f"{text}: does not replay after {plural(len(h.tricks), 'trick')} (illegal; not scored)"
        if self.status != "complete":
            return f"{text}: incomplete after {len(h.tricks)} trick{'' if len(h.tricks) == 1 else 's'}"
        r = h.result
        scorer = 0 if r.points[0] else 1
        tricks = f"{r.makers_tricks} trick{'' if r.makers_tricks == 1 else 's'}"
        return (f"{text}: {mk} {tricks}, {side_name(scorer, players)} +{r.points[scorer]} "
                f"({self.score_after[0]}-{self.score_after[1]})")


class GameRecord:
    """What every loaded game record offers (EGN games and dummy-hands records): the
    replayed final score, the players' names by seat in play, a summary for people.
    Subclasses are dataclasses with ``metadata``, ``deals``, ``initial_score``,
    ``problems`` and ``source``."""

    @property
    def final_score(self) -> tuple:
        """The replayed score after the last deal, per side index."""
        return self.deals[-1].score_after if self.deals else self.initial_score

    @property
    def players(self) -> list:
        """Player names by seat in play (N E S W; two-player N S), from ``metadata.players``."""
        return [p.get("name", "") if isinstance(p, dict) else str(p) for p in self.metadata.get("players", [])]

    def summary(self) -> str:
        """A few lines for people: the title, each deal's one-line summary and the problems."""
        lines = [self.metadata.get("title") or self.source]
        lines += [d.summary() for d in self.deals]
        lines += [f"problem: {p}" for p in self.problems]
        return "\n".join(lines)


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
        problems: every :class:`Problem` (deal findings and the file's).
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
    _extra: dict = field(default_factory=dict, repr=False)

    @property
    def reneges(self) -> list:
        """The renege :class:`Problem` s, in order."""
        return [p for p in self.problems if p.kind == "renege"]

    def to_json(self) -> dict:
        """The record as an EGN 1.4 JSON object (what :func:`dump_egn` writes)."""
        return _game_json(self)


# -- reading -------------------------------------------------------------------------------
def load_egn(source, strict: bool = False) -> EGNGame:
    """Read, validate and replay an EGN record.

    Args:
        source: a path (``str`` or :class:`os.PathLike`) to a ``.egn`` file, the JSON text
            itself, ``bytes``, or an already parsed ``dict``.
        strict: raise :class:`EGNError` at the first :class:`Problem` (a renege, a final-score
            mismatch, ...) instead of collecting it.

    Returns: an :class:`EGNGame`.

    Raises:
        EGNError: a file that cannot be read, text that is not UTF-8 or not strict JSON (see
            :func:`read_source`), a schema failure (naming the field), an unsupported ruleset,
            or a deal that does not replay (naming the deal and the place: trick, card, call).
    """
    name, data = read_source(source)
    if isinstance(data, dict) and data.get("fileType") == "Euchre Dummy-Hands Record":
        raise EGNError(f"{name}: a dummy-hands record (two-player euchre with dummy hands), not EGN: "
                       "read it with solver.dummy_record.load_dummy_record")
    upgraded_from = None
    if isinstance(data, dict) and isinstance(data.get("version"), str) and _LEGACY_VERSION.match(data["version"]):
        upgraded_from = data["version"]
        data, legacy = _upgrade_legacy(data)
    else:
        legacy = {}
    _validate(data, name)
    meta = data["metadata"]
    try:
        rules = Rules.from_egn(meta.get("ruleset"))
    except RulesError as exc:
        raise EGNError(f"{name}: metadata.ruleset: {exc}") from None
    init = meta["initialScore"]
    if len(init) != 2:
        raise EGNError(f"{name}: metadata.initialScore: expected two team scores, got {quoted(init)}")
    final = meta.get("finalScore")
    if final is not None and len(final) != 2:
        raise EGNError(f"{name}: metadata.finalScore: expected two team scores, got {quoted(final)}")
    game = EGNGame(version=data["version"] if upgraded_from is None else EGN_VERSION, metadata=meta,
                   rules=rules, deals=[], initial_score=tuple(init),
                   recorded_final_score=None if final is None else tuple(final), problems=[], source=name,
                   upgraded_from=upgraded_from)
    game._extra = {"fileType": data["fileType"], "version_text": data["version"] if upgraded_from is None
                   else EGN_VERSION}
    score = tuple(init)
    previous = None
    for index, raw in enumerate(data["deals"]):
        if isinstance(raw, str):
            raise EGNError(f"{name}: deals[{index}]: a condensed (bit-packed) deal; this reader takes "
                           "expanded deals only (convert with egn-convert)")
        deal = _replay_deal(raw, index, rules, name, legacy.get(index, {}))
        deal.score_before = score
        if deal.result is not None:
            score = (score[0] + deal.result.points[0], score[1] + deal.result.points[1])
        deal.score_after = score
        if previous is not None:
            seats = rules.seats
            expected = Seat(seats[(seats.index(previous.dealer) + 1) % len(seats)])
            if deal.dealer != expected:
                deal.problems.append(Problem("dealer", deal.number,
                                             f"deal {deal.number}: {deal.dealer} deals, but the deal passes "
                                             f"left: {expected} should deal after {previous.dealer}"))
            if _game_over(rules, deal.score_before, index):
                deal.problems.append(Problem("after_game", deal.number,
                                             f"deal {deal.number}: recorded after the game ended at "
                                             f"{deal.score_before[0]}-{deal.score_before[1]}"))
        game.deals.append(deal)
        game.problems.extend(deal.problems)
        previous = deal
    if game.recorded_final_score is not None and game.recorded_final_score != game.final_score:
        rf, ff = game.recorded_final_score, game.final_score
        game.problems.append(Problem("final_score", None,
                                     f"{name}: metadata.finalScore is {rf[0]}-{rf[1]} but the deals replay "
                                     f"to {ff[0]}-{ff[1]}"))
    if strict and game.problems:
        raise EGNError(str(game.problems[0]))
    return game


def _game_over(rules: Rules, score: tuple, deals_done: int) -> bool:
    if rules.winning_score and max(score) >= rules.winning_score:
        return True
    return bool(rules.num_deals) and deals_done >= rules.num_deals


def load_game(source, strict: bool = False):
    """Load a game record of either kind, by its ``fileType``: an EGN game (:func:`load_egn`) or a
    two-player dummy-hands record (:func:`solver.dummy_record.load_dummy_record`, which EGN's
    schema cannot hold). Same arguments and errors as :func:`load_egn`.
    """
    from .dummy_record import FILE_TYPE, load_dummy_record
    data = read_source(source)[1]
    if isinstance(data, dict) and data.get("fileType") == FILE_TYPE:
        return load_dummy_record(source, strict)
    return load_egn(source, strict)


MAX_DEPTH = 32
"""How deeply a record's JSON may nest (EGN needs 9 levels); deeper input is refused before
anything recursive (copying, upgrading, the schema) walks it."""

_SURROGATE = re.compile("[\ud800-\udfff]")


def read_source(source) -> tuple:
    """``(name, parsed JSON)`` of a record given as a path, JSON text, bytes or a dict (copied).

    Raises :class:`EGNError` for a missing or unreadable file, bytes that are not UTF-8, text that
    is not strict JSON (``NaN``, ``Infinity``, a number out of range or with too many digits, a
    key twice in one object, a lone surrogate in a string), or JSON nested more than
    :data:`MAX_DEPTH` levels.
    """
    if isinstance(source, dict):
        _check_tree(source, "<data>")
        return "<data>", copy.deepcopy(source)
    if isinstance(source, bytes):
        name, text = "<text>", _decode(source, "<text>")
    elif isinstance(source, os.PathLike) or (isinstance(source, str) and not _looks_like_json(source)):
        name = str(source) if str(source).isprintable() else quoted(str(source))
        name = shorten(name)
        try:
            data = Path(source).read_bytes()
        except FileNotFoundError:
            raise EGNError(f"{name}: no such file") from None
        except (OSError, ValueError) as exc:       # ValueError: a NUL in the path
            raise EGNError(f"{name}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
        text = _decode(data, name)
    elif isinstance(source, str):
        name, text = "<text>", source.lstrip("\ufeff")
    else:
        raise EGNError(f"EGN source {type(source).__name__}: expected a path, JSON text, bytes or a dict")
    try:
        data = json.loads(text, parse_int=_json_int, parse_float=_json_float, parse_constant=_json_constant,
                          object_pairs_hook=_json_object)
    except json.JSONDecodeError as exc:
        raise EGNError(f"{name}: not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except _NotJSON as exc:
        raise EGNError(f"{name}: not valid JSON: {exc}") from None
    except RecursionError:
        raise EGNError(f"{name}: nested more than {MAX_DEPTH} levels deep, too deep for a game record") from None
    _check_tree(data, name)
    return name, data


def _looks_like_json(text: str) -> bool:
    return text.lstrip(" \t\r\n\ufeff").startswith(("{", "[")) or "\n" in text or len(text) >= 4096


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise EGNError(f"{name}: not UTF-8 text: byte 0x{data[exc.start]:02x} at offset {exc.start} "
                       f"({exc.reason})") from None


class _NotJSON(Exception):
    """Internal: text that the json module takes but strict JSON (RFC 8259) does not."""


def _json_int(text: str) -> int:
    try:
        return int(text)
    except ValueError:           # more digits than int() converts (sys.get_int_max_str_digits)
        raise _NotJSON(f"the number {shorten(text, 40)} has {len(text.lstrip('-'))} digits, "
                       "too many for a game record") from None


def _json_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise _NotJSON(f"the number {shorten(text, 40)} is out of range")
    return value


def _json_constant(text: str):
    raise _NotJSON(f"{text} is not a JSON number")


def _json_object(pairs: list) -> dict:
    out = dict(pairs)
    if len(out) != len(pairs):
        seen = set()
        key = next(k for k, _ in pairs if k in seen or seen.add(k))
        raise _NotJSON(f"key {quoted(key)} appears twice in one object")
    return out


def _check_tree(data, name: str) -> None:
    """Refuse nesting deeper than MAX_DEPTH (a cycle too) and lone surrogates, without recursion."""
    stack = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, (dict, list)):
            if depth > MAX_DEPTH:
                raise EGNError(f"{name}: nested more than {MAX_DEPTH} levels deep, too deep for a game record")
            if isinstance(value, dict):
                stack.extend((k, depth) for k in value)
                value = value.values()
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and _SURROGATE.search(value):
            bad = _SURROGATE.search(value).group()
            raise EGNError(f"{name}: not valid JSON: the text {quoted(value, 60)} holds a lone surrogate "
                           f"({bad.encode('unicode_escape').decode()}), not a character")


def json_type_name(value) -> str:
    """The JSON name of a parsed value, with its article, for messages: ``an array``, ``null``."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    for kind, words in ((dict, "an object"), (list, "an array"), (str, "a string"), ((int, float), "a number")):
        if isinstance(value, kind):
            return words
    return f"a {type(value).__name__}"


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


def json_path_text(path) -> str:
    """A JSON-schema error path as ``deals[3].phases[1]`` (``(top level)`` when empty); a long key
    is shortened (:func:`~solver.errors.shorten`)."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{shorten(str(part), 60)}" if out
                                                          else shorten(str(part), 60))
    return out or "(top level)"


def schema_error_text(error, schema: str) -> str:
    """What a ``jsonschema`` error says, for a message after its path: sizes for a list or text
    that is too long, else the library's words with the quoted input shortened.

    ``schema`` names the schema in the text (``"the EGN schema"``).
    """
    if error.validator == "maxItems" and isinstance(error.instance, list):
        return f"{len(error.instance)} items, {schema} allows at most {error.validator_value}"
    if error.validator == "maxLength" and isinstance(error.instance, str):
        return f"{len(error.instance)} characters, {schema} allows at most {error.validator_value}"
    return f"fails {schema}: {shorten(error.message)}"


def _validate(data, name: str) -> None:
    if not isinstance(data, dict):
        raise EGNError(f"{name}: an EGN file is a JSON object, got {json_type_name(data)}")
    error = best_match(_validator().iter_errors(data))
    if error is None:
        return
    path = list(error.absolute_path)
    where = json_path_text(path)
    deal = ""
    if len(path) >= 2 and path[0] == "deals" and isinstance(path[1], int):
        d = data["deals"][path[1]]
        number = d.get("dealNumber") if isinstance(d, dict) else None
        deal = f"deal {number if isinstance(number, int) else path[1]}: "
    if error.validator == "enum" and "calls" in path:
        raise EGNError(f"{name}: {deal}{where}: unknown call {quoted(error.instance)} "
                       "(EGN calls are Pass, Order, s, h, d, c)")
    if error.validator == "pattern" and isinstance(error.instance, str) and "LRB" in str(error.validator_value):
        raise EGNError(f"{name}: {deal}{where}: card {quoted(error.instance)} does not exist "
                       "(a card is a rank 9 T J Q K A and a suit c d h s, or B for the joker)")
    raise EGNError(f"{name}: {deal}{where}: {schema_error_text(error, 'the EGN schema')}")


class _DealError(Exception):
    """Internal: a replay failure, turned into EGNError with the deal named."""


def _egn_seat(n: int, rules: Rules, what: str) -> Seat:
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < rules.players:
        raise _DealError(f"{what} {quoted(n)}: seats are 0..{rules.players - 1} in a {rules.players}-player game")
    return Seat(n * 2 if rules.players == 2 else n)


def _seat_egn(seat: Seat, rules: Rules) -> int:
    return int(seat) // 2 if rules.players == 2 else int(seat)


def _card(token, rules: Rules, where: str, trump: Suit | None = None) -> Card:
    """An EGN card token → Card. Takes ``9c``, ``Nc``, ``JH``, ``B``, and ``R``/``L`` once trump is known."""
    if not isinstance(token, str):
        raise _DealError(f"{where}: card {quoted(token)} is not a card")
    t = token.strip()
    if t in ("R", "L"):
        if trump is None:
            raise _DealError(f"{where}: card {quoted(t)} (a bower) before trump is made")
        return Card(2 * 4 + (int(trump) if t == "R" else 3 - int(trump)))
    if t == "B":
        if not rules.joker:
            raise _DealError(f"{where}: card 'B' (the joker) is not in this game's pack (ruleset joker is false)")
        return Card(JOKER)
    if len(t) == 2 and t[0] in "78":
        raise _DealError(f"{where}: card {quoted(t)} does not exist in the 24-card pack (9 to A)")
    if len(t) == 2 and (t[0] == "X" or t[1] in "xtng"):
        raise _DealError(f"{where}: card {quoted(t)}: unknown and generic cards (X, x, t, n, g) are not supported "
                         "in a replayed record")
    if len(t) == 2 and t[0] == "N":
        t = "9" + t[1]
    try:
        return Card.parse(t)
    except CardError:
        raise _DealError(f"{where}: card {quoted(token)} does not exist "
                         "(a card is a rank 9 T J Q K A and a suit c d h s)") from None


def _replay_deal(raw: dict, index: int, rules: Rules, name: str, legacy: dict) -> EGNDeal:
    number = raw["dealNumber"]
    try:
        return _replay(raw, index, number, rules, legacy)
    except _DealError as exc:
        raise EGNError(f"{name}: deal {number} (deals[{index}]): {exc}") from None
    except EuchreError as exc:
        raise EGNError(f"{name}: deal {number} (deals[{index}]): {exc}") from None


def _replay(raw: dict, index: int, number: int, rules: Rules, legacy: dict) -> EGNDeal:
    state = raw["initialState"]
    dealer = _egn_seat(state["dealer"], rules, "initialState.dealer")
    spell = {}
    up_token = state["upCard"]
    upcard = _card(up_token, rules, "initialState.upCard")
    if up_token != str(upcard):
        spell[("up",)] = up_token
    if upcard == JOKER:
        raise _DealError("upcard B: a turned-up joker needs the suit the dealer named, which EGN 1.4 "
                         "does not record")

    # phases
    bidding = play = None
    order = []
    for k, ph in enumerate(raw["phases"]):
        kind = ph["type"]
        if kind == "EUCHRE_BIDDING":
            if bidding is not None:
                raise _DealError(f"phases[{k}]: a second bidding phase")
            if play is not None:
                raise _DealError(f"phases[{k}]: the bidding phase comes after the trick play")
            bidding = ph
        else:
            if play is not None:
                raise _DealError(f"phases[{k}]: a second trick-play phase")
            play = ph
        order.append((kind, ph["phaseNumber"]))

    calls = list(bidding["calls"]) if bidding is not None else None
    alone = bool(bidding.get("isAlone", False)) if bidding is not None else False
    if play is not None and play.get("isAlone") and not alone:
        alone = True
    alone_def_raw = bidding.get("aloneDefender") if bidding is not None else None
    alone_defender = None
    if alone_def_raw is not None and alone_def_raw != -1:
        alone_defender = _egn_seat(alone_def_raw, rules, "aloneDefender")
    player_cards = None
    if "playerCards" in state:
        pcs = state["playerCards"]
        if len(pcs) > rules.players:
            raise _DealError(f"initialState.playerCards: {len(pcs)} hands for {rules.players} players")
        player_cards = [None, None, None, None]
        for i, hand_tokens in enumerate(pcs):
            seat = _egn_seat(i, rules, "playerCards seat")
            if hand_tokens:
                cards = []
                for j, tok in enumerate(hand_tokens):
                    c = _card(tok, rules, f"initialState.playerCards[{i}][{j}]")
                    if tok != str(c):
                        spell[("pc", i, j)] = tok
                    cards.append(c)
                if len(set(cards)) != len(cards):
                    raise _DealError(f"initialState.playerCards[{i}]: a card appears twice")
                if len(cards) > 5:
                    raise _DealError(f"initialState.playerCards[{i}]: {plural(len(cards), 'card')}, a hand has 5")
                player_cards[seat] = cards
        player_cards = tuple(player_cards)

    # -- bidding, read ahead: who made what (the engine judges legality below)
    n_seats = len(rules.seats)
    trump = maker = None
    picked_up = False
    decided_at = None
    seats = rules.seats
    d_i = seats.index(dealer)
    bid_order = [Seat(seats[(d_i + 1 + k) % n_seats]) for k in range(n_seats)]
    for i, tok in enumerate(calls or []):
        if decided_at is not None:
            raise _DealError(f"calls[{i}] {quoted(tok)}: trump was already made at calls[{decided_at}]")
        if i >= 2 * n_seats:
            raise _DealError(f"calls[{i}] {quoted(tok)}: bidding has at most {2 * n_seats} calls")
        if tok in ("n", "x"):
            what = "no-trump" if tok == "n" else "an unknown call"
            raise _DealError(f"calls[{i}] {quoted(tok)} by {bid_order[i % n_seats]}: unknown call ({what} "
                             "is not played under these rules)")
        if tok == "Pass":
            continue
        decided_at = i
        maker = bid_order[i % n_seats]
        if i < n_seats:
            trump = upcard.suit if tok == "Order" else _SUIT_CALLS[tok]
            picked_up = True
        else:
            trump = upcard.suit if tok == "Order" else _SUIT_CALLS[tok]
    thrown_in = calls is not None and decided_at is None and len(calls) == 2 * n_seats

    # -- the tricks, read ahead: resolve cards and give each its seat
    discard = None
    if bidding is not None and "discard" in bidding:
        discard = _card(bidding["discard"], rules, "discard", trump)
        if bidding["discard"] != str(discard):
            spell[("discard",)] = bidding["discard"]
    tricks = None
    seat_of = {}          # card -> (seat, trick number 1-based)
    played_by = {}        # seat -> [cards]
    in_play = [Seat(x) for x in rules.seats]
    if trump is not None and alone and rules.players == 4:
        in_play.remove(maker.partner)
    if alone_defender is not None and alone_defender.partner in in_play:
        in_play.remove(alone_defender.partner)
    if play is not None:
        if trump is None:
            why = "all passed twice" if thrown_in else "no trump was made"
            if play["tricks"]:
                raise _DealError(f"tricks are recorded but {why}")
        tricks = []
        leader = None
        if trump is not None:
            leader = first_leader(dealer, rules, maker if alone and rules.players == 4 else None, alone_defender)
        size = len(in_play)
        if len(play["tricks"]) > 5:
            raise _DealError(f"{len(play['tricks'])} tricks recorded, a hand has 5")
        for t, trick_tokens in enumerate(play["tricks"]):
            where = f"trick {t + 1}"
            if len(trick_tokens) > size:
                raise _DealError(f"{where} has {plural(len(trick_tokens), 'card')}, but only {size} seats play "
                                 f"({' '.join(str(s) for s in in_play)})")
            if len(trick_tokens) < size and t + 1 < len(play["tricks"]):
                raise _DealError(f"{where} has {plural(len(trick_tokens), 'card')}, expected {size} "
                                 "(only the last recorded trick may be unfinished)")
            cards = []
            i0 = in_play.index(leader)
            order_seats = in_play[i0:] + in_play[:i0]
            for j, tok in enumerate(trick_tokens):
                c = _card(tok, rules, f"{where}, card {j + 1}", trump)
                if tok != str(c):
                    spell[("trick", t, j)] = tok
                if c in seat_of:
                    s0, t0 = seat_of[c]
                    raise _DealError(f"card {c} is played twice: by {s0} in trick {t0} and by "
                                     f"{order_seats[j]} in {where}")
                seat_of[c] = (order_seats[j], t + 1)
                played_by.setdefault(order_seats[j], []).append(c)
                cards.append(c)
            tricks.append(cards)
            if len(cards) == size:
                leader = order_seats[winning_index(cards, trump)]

    # -- rebuild the dealt hands: played cards, playerCards, upcard and discard
    if discard is not None and not picked_up:
        raise _DealError(f"discard {discard} is recorded but nobody ordered up the upcard")
    problems = []
    notes = {}            # card -> why a seat that plays it cannot hold it
    play_discard = discard
    dealer_played = played_by.get(dealer, [])
    if picked_up and dealer in in_play and len(dealer_played) == 5 and upcard not in dealer_played:
        # six cards, five played, none of them the upcard: the dealer discarded the upcard
        if discard is not None and discard != upcard:
            problems.append(Problem("discard", number,
                                    f"deal {number}: the record says the dealer {dealer} discarded {discard}, "
                                    f"but {dealer} plays five cards without the upcard {upcard}, so it "
                                    f"discarded {upcard}; replayed with that discard"))
        play_discard = upcard
    if picked_up:
        notes[upcard] = f"{upcard} is the upcard, which the dealer {dealer} picked up"
    else:
        notes[upcard] = f"{upcard} is the upcard, which was turned down"
    if play_discard is not None and play_discard != upcard:
        notes[play_discard] = f"{play_discard} is the dealer {dealer}'s discard"
    known = [0, 0, 0, 0]
    owner = {}
    dealt_sets = {}
    for s in rules.seats:
        seat = Seat(s)
        cards = set(played_by.get(seat, []))
        if player_cards is not None and player_cards[seat]:
            cards |= set(player_cards[seat])
        if seat == dealer and picked_up:
            cards.discard(upcard)
            if play_discard is not None and play_discard != upcard:
                cards.add(play_discard)
        else:
            # a seat that plays the upcard or the discard cannot have held it: the replay stops there
            cards.discard(upcard)
            if play_discard is not None:
                cards.discard(play_discard)
        for c in cards:
            if c in owner:
                raise _DealError(f"card {c} is in both {owner[c]}'s and {seat}'s hand")
            owner[c] = seat
        dealt_sets[seat] = cards
    for seat, cards in dealt_sets.items():
        if len(cards) > 5:
            raise _DealError(f"{seat} would have been dealt {len(cards)} cards: "
                             f"{' '.join(str(c) for c in sorted(cards))}")
        known[seat] = mask_of(cards)
    if player_cards is not None:
        for s in rules.seats:
            pc = player_cards[s]
            if pc:
                extra = set(played_by.get(Seat(s), [])) - set(pc) - ({upcard} if Seat(s) == dealer else set())
                if extra:
                    raise _DealError(f"{Seat(s)} plays {' '.join(str(c) for c in sorted(extra))}, not in its "
                                     "dealt hand (playerCards)")
    kitty = 0
    for k, tok in enumerate(legacy.get("kitty", [])):
        if tok:
            c = _card(tok, rules, f"initialState.kitty[{k}]")
            if c in owner or c == upcard or c in seat_of:
                where = owner.get(c) or ("the upcard" if c == upcard else f"trick {seat_of[c][1]}")
                raise _DealError(f"initialState.kitty[{k}] {c}: also in {where}")
            kitty |= c.mask
    unknown = tuple(5 - bin(known[s]).count("1") if s in rules.seats else 0 for s in range(4))
    kitty_unknown = rules.kitty_size - 1 - bin(kitty).count("1")
    if kitty_unknown < 0:
        raise _DealError(f"initialState.kitty: {plural(bin(kitty).count('1'), 'card')} besides the upcard, "
                         f"the kitty has {rules.kitty_size - 1}")

    deal = EGNDeal(index=index, number=number, dealer=dealer, upcard=upcard, calls=calls, alone=alone,
                   alone_defender=alone_defender, discard=play_discard, tricks=tricks, player_cards=player_cards)
    deal._extra = {"raw": raw, "spell": spell, "order": order, "discard_recorded": discard,
                   "discard_written": bidding is not None and "discard" in bidding,
                   "play_alone": play is not None and bool(play.get("isAlone"))}

    # -- replay through the engine; a rule broken stops the deal with an "illegal" finding
    hand = Hand(rules, dealer)
    deal.hand = hand
    deal.problems.extend(problems)
    hand.apply(DealCards(tuple(known), upcard, kitty, unknown, kitty_unknown))

    def illegal(where: str, exc: EuchreError, trick=None, card=None, seat=None) -> EGNDeal:
        note = f" ({notes[card]})" if card in notes and "does not hold" in str(exc) else ""
        deal.problems.append(Problem("illegal", number, f"deal {number}, {where}: {exc}{note}; the replay of "
                                     "this deal stops here", trick, card, seat))
        deal.status = "illegal"
        return deal

    for i, tok in enumerate(calls or []):
        if tok == "Pass":
            action = PASS
        elif tok == "Order":
            action = ORDER
        elif hand.phase is Phase.BID1:
            if _SUIT_CALLS[tok] != upcard.suit:
                return illegal(f"calls[{i}] {quoted(tok)}", IllegalActionError(
                    f"{hand.to_act} cannot call {tok}: in round 1 the only call is to order up the upcard "
                    f"{upcard}"), seat=hand.to_act)
            action = ORDER                             # the upcard's suit, written as a suit
        else:
            action = Action.call(_SUIT_CALLS[tok])
        seat = hand.to_act
        try:
            hand.apply(action)
        except IllegalActionError as exc:
            return illegal(f"calls[{i}] {quoted(tok)}", exc, seat=seat)
    if hand.phase is Phase.DONE:
        deal.status = "thrown_in"
        if alone or discard is not None:
            raise _DealError("thrown in (all passed twice) but an alone call or a discard is recorded")
        return deal
    if trump is None:
        deal.status = "incomplete"
        if alone:
            raise _DealError("isAlone is true but no trump was made")
        return deal
    if hand.phase is Phase.DISCARD:
        try:
            hand.apply(Action.discard(play_discard))
        except IllegalActionError as exc:
            return illegal("discard", exc, card=play_discard, seat=dealer)
    if hand.phase is Phase.ALONE:
        hand.apply(Action.go_alone(alone))
    elif alone:
        return illegal("isAlone", IllegalActionError(f"{maker} cannot go alone: there is no going alone in "
                                                     "two-player euchre"), seat=maker)
    if hand.phase is Phase.DEFEND_ALONE:
        while hand.phase is Phase.DEFEND_ALONE:
            hand.apply(Action.defend_alone(hand.to_act == alone_defender))
    if alone_defender is not None and hand.defender_alone != alone_defender:
        why = ("only a defender against a loner may defend alone" if rules.defend_alone
               else "the ruleset does not allow defending alone")
        return illegal("aloneDefender", IllegalActionError(f"{alone_defender} cannot defend alone: {why}"),
                       seat=alone_defender)
    lead = legacy.get("initialLead")
    if lead is not None and hand.to_act is not None and lead != _seat_egn(hand.to_act, rules):
        deal.problems.append(Problem("lead", number, f"deal {number}: the record says seat {lead} led the first "
                                     f"trick, but under the rules {hand.to_act} leads"))
    for t, cards in enumerate(tricks or []):
        for j, c in enumerate(cards):
            seat = hand.to_act
            if hand.is_renege(c):
                led = Suit(effective_suit(hand.current_trick[0][1], hand.trump))
                held = [x for x in cards_of(hand.holding(seat)) if effective_suit(x, hand.trump) == led]
                deal.problems.append(Problem(
                    "renege", number,
                    f"deal {number}, trick {t + 1}: {seat} reneged with {c}: {Suit(led).word} were led "
                    f"and {seat} held {' '.join(str(x) for x in held)}", t + 1, c, seat))
            try:
                hand.apply(Action.play(c), allow_renege=True)
            except IllegalActionError as exc:
                return illegal(f"trick {t + 1}, card {j + 1}", exc, t + 1, c, seat)
    deal.status = "complete" if hand.is_over else "incomplete"
    return deal


# -- writing ---------------------------------------------------------------------------------
def dump_egn(game, indent: int | None = 2) -> str:
    """Write an EGN 1.4 record as JSON text.

    Args:
        game: an :class:`EGNGame` (from :func:`load_egn`: written back without loss), or a
            :class:`~solver.game.Game` / :class:`~solver.game.Hand` from the engine (a new record,
            every dealt hand in ``playerCards``).
        indent: JSON indentation (``None`` for one line).

    Returns: the JSON text, valid against the EGN schema.

    Raises:
        EGNError: when the game holds something EGN 1.4 cannot record (a turned-up joker's named
            suit, a hand not yet dealt, scoring options EGN has no key for).
    """
    if isinstance(game, EGNGame):
        data = _game_json(game)
    elif isinstance(game, Game):
        data = _engine_json(game.rules, game.hands, game.initial_scores, game.scores if game.is_over else None)
    elif isinstance(game, Hand):
        data = _engine_json(game.rules, [game], (0, 0), None)
    else:
        raise EGNError(f"dump_egn: expected an EGNGame, Game or Hand, got {type(game).__name__}")
    _validate(data, "dump_egn output")
    return json.dumps(data, indent=indent, ensure_ascii=False)


def _game_json(game: EGNGame) -> dict:
    return {"fileType": game._extra.get("fileType", FILE_TYPE),
            "version": game._extra.get("version_text", game.version),
            "metadata": copy.deepcopy(game.metadata),
            "deals": [_deal_json(d, game.rules) for d in game.deals]}


def _deal_json(deal: EGNDeal, rules: Rules) -> dict:
    """A parsed deal back to JSON, from the model plus what the file had that the model does not use."""
    raw = deal._extra["raw"]
    spell = deal._extra["spell"]

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
    for k, (kind, number) in enumerate(deal._extra["order"]):
        src = raw_phases[k]
        if kind == "EUCHRE_BIDDING":
            ph = {"phaseNumber": number, "type": kind, "calls": list(deal.calls)}
            if "isAlone" in src or (deal.alone and not deal._extra["play_alone"]):
                ph["isAlone"] = deal.alone
            if "aloneDefender" in src:
                ph["aloneDefender"] = (-1 if deal.alone_defender is None
                                       else _seat_egn(deal.alone_defender, rules))
            if deal._extra["discard_written"]:
                ph["discard"] = tok(deal._extra["discard_recorded"], ("discard",))
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
        if isinstance(rec, SuitNamed):
            raise EGNError(f"dump_egn: hand {number}: EGN 1.4 cannot record the suit named for a turned-up joker")
        if isinstance(rec, BidMade):
            a = rec.action
            calls.append("Pass" if a.kind is Kind.PASS else "Order" if a.kind is Kind.ORDER else str(a.suit))
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
