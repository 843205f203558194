"""What the game-record formats share: the loaded-record base, findings, strict JSON reading, schema
messages, and the replay driver that scores deal after deal.

EGN (:mod:`solver.records.egn`) and the dummy-hands record (:mod:`solver.records.dummy`) both
import this module and never each other. A reader turns a deal's tokens into the actions of
:class:`solver.game.Hand` and applies them; this module holds the pieces both readers apply the
same way: an EGN call token as an action (:func:`call_action`), a recorded card played with a
renege kept as a finding (:func:`play_card`), and the loop over the deals that keeps the score and
checks ``metadata.finalScore`` (:func:`replay_deals`).

>>> json_path_text(["deals", 3, "phases", 1])
'deals[3].phases[1]'
>>> json_type_name([1, 2])
'an array'
>>> read_source('{"fileType": "Euchre Game Notation"}')
('<text>', {'fileType': 'Euchre Game Notation'})
"""
from __future__ import annotations

import copy
import json
import os
import re
import stat
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

import jsonschema

from ..cards import JOKER, NO_TRUMP, Card, Seat, Suit, cards_of, trump_of
from ..laws import effective_suit
from ..errors import EGNError, quoted, shorten
from ..game import ORDER, PASS, Action, Hand, Phase

__all__ = ["Problem", "GameRecord", "DealError", "read_source", "read_text", "json_path_text", "json_type_name",
           "schema_error_text", "schema_validator", "call_action", "play_card", "replay_deals",
           "EGN_FILE_TYPE", "DUMMY_FILE_TYPE", "MAX_DEPTH", "DATA_DIR", "MAX_INDENT", "check_indent"]

#: The widest JSON indentation a record writer takes (spaces a level).
MAX_INDENT = 16

DATA_DIR = Path(__file__).resolve().parent.parent / "data"
"""Where the record schemas (and the EGN licence) ship: ``solver/data/``."""
EGN_FILE_TYPE = "Euchre Game Notation"
DUMMY_FILE_TYPE = "Euchre Dummy-Hands Record"
MAX_DEPTH = 32
"""How deeply a record's JSON may nest (EGN needs 9 levels); deeper input is refused before
anything recursive (copying, upgrading, the schema) walks it."""


@lru_cache(maxsize=None)
def schema_validator(path: Path) -> jsonschema.Draft7Validator:
    """The draft-7 validator of the JSON schema at ``path`` (read once)."""
    with open(path, encoding="utf-8") as fh:
        return jsonschema.Draft7Validator(json.load(fh))


@dataclass(frozen=True)
class Problem:
    """A finding in a record that still replays.

    Attributes:
        kind: ``"renege"``, ``"illegal"``, ``"discard"``, ``"final_score"``, ``"dealer"``,
            ``"after_game"`` or ``"lead"``.
        deal: the deal's ``dealNumber`` (``None`` for the whole file).
        message: a sentence naming the deal and the place.
        trick: the trick's number from 1 (1..5; 1..10 with dummy hands), card and seat where they
            apply (renege, illegal), else ``None``.
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


class DealError(Exception):
    """A deal that does not replay, raised inside a reader; the reader turns it into its
    :class:`~solver.errors.EGNError` subclass with the file and the deal named."""


# -- reading strict JSON -----------------------------------------------------------------------
_SURROGATE = re.compile("[\ud800-\udfff]")


#: The largest game record file read (16 MiB; the largest real one is 24 KB): a bigger one is refused.
MAX_RECORD_BYTES = 16 * 1024 * 1024

_KINDS = ((stat.S_ISDIR, "a directory"), (stat.S_ISFIFO, "a FIFO"), (stat.S_ISCHR, "a character device"),
          (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"))


def check_indent(indent, who: str, error=EGNError):
    """``indent`` for :func:`json.dumps` of a record: ``None`` (one line) or an int 0..:data:`MAX_INDENT`;
    ``error`` (an :class:`~solver.EuchreError`) naming ``who`` for anything else."""
    if indent is None:
        return None
    if isinstance(indent, bool) or not isinstance(indent, int) or not 0 <= indent <= MAX_INDENT:
        raise error(f"{who}: indent {quoted(indent)}: must be None (one line) or an integer 0..{MAX_INDENT}")
    return indent


def read_record_file(path) -> bytes:
    """The bytes of a record file: refused unless it is a regular file (after symlinks) of at most
    :data:`MAX_RECORD_BYTES` -- a device, FIFO or socket could be read forever or block. Opens
    nothing but regular files, and reads at most the cap plus one byte (a file may report a size
    of 0 and hold more, as in ``/proc``).

    Raises :class:`EGNError` naming the path (and a symlink's target) and why.
    """
    name = shorten(str(path) if str(path).isprintable() else quoted(str(path)))
    try:
        st = os.stat(path)
    except FileNotFoundError:
        raise EGNError(f"{name}: no such file") from None
    except (OSError, ValueError) as exc:       # ValueError: a NUL in the path
        raise EGNError(f"{name}: cannot be read: {getattr(exc, 'strerror', None) or exc}") from None
    if not stat.S_ISREG(st.st_mode):
        kind = next((k for test, k in _KINDS if test(st.st_mode)), "another kind of file")
        shown = f"{name} (-> {shorten(os.path.realpath(path))})" if os.path.islink(path) else name
        raise EGNError(f"{shown}: not a regular file ({kind}); a game record is a file")
    too_big = f"a game record may be at most 16 MiB ({MAX_RECORD_BYTES:,} bytes)"
    if st.st_size > MAX_RECORD_BYTES:
        raise EGNError(f"{name}: {st.st_size:,} bytes; {too_big}")
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise EGNError(f"{name}: cannot be read: {exc.strerror}") from None
    if len(data) > MAX_RECORD_BYTES:
        raise EGNError(f"{name}: more than {MAX_RECORD_BYTES:,} bytes; {too_big}")
    return data


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
        name = shorten(str(source) if str(source).isprintable() else quoted(str(source)))
        text = _decode(read_record_file(source), name)
    elif isinstance(source, str):
        name, text = "<text>", source.lstrip("\ufeff")
    else:
        raise EGNError(f"EGN source {type(source).__name__}: expected a path, JSON text, bytes or a dict")
    return name, _parse_record(name, text)


def read_text(text) -> tuple:
    """``("<text>", parsed JSON)`` of a record given as its text (``str``, or UTF-8 ``bytes``), never read as a
    path: what :func:`solver.loads_egn` reads. Raises :class:`EGNError` for any other type, and as
    :func:`read_source` for what the text holds."""
    if isinstance(text, bytes):
        text = _decode(text, "<text>")
    elif isinstance(text, str):
        text = text.lstrip("\ufeff")
    else:
        raise EGNError(f"EGN text {type(text).__name__}: expected str or bytes (a path or a dict: load_egn)")
    return "<text>", _parse_record("<text>", text)


def _parse_record(name: str, text: str):
    """The record's JSON parsed, strictly (see :func:`read_source`), and its depth checked."""
    if not text.strip():
        raise EGNError(f"{name}: empty (no game record in it)")
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
    return data


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



# -- the replay driver ---------------------------------------------------------------------------
def call_action(token: str, hand: Hand) -> Action:
    """The :class:`~solver.game.Action` an EGN call token is at this point of ``hand``'s bidding.

    ``Pass``, ``Order``, or a suit letter ``c d h s`` (a call in round 2; in round 1 EGN writes an
    order up as the upcard's suit too, and any other suit is left for the hand to refuse; before round 1
    under a turned-up joker, the suit the dealer names); ``n`` calls no trump (ruleset ``allow_no_trump``; the hand refuses it in round 1 or under other rules).
    Whether the call is legal is the hand's question (:meth:`~solver.game.Hand.apply`).

    >>> h = Hand.from_deal("N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh",
    ...                    upcard="9h", dealer="S")
    >>> call_action("h", h) == ORDER
    True
    """
    if token == "Pass":
        return PASS
    if token == "Order":
        return ORDER
    if token == "n":
        return Action.call(NO_TRUMP)
    suit = Suit.parse(token)
    if hand.phase is Phase.NAME_SUIT:               # a turned-up joker: the dealer names the suit it proposes
        return Action.name(suit)
    proposed = hand.named_suit if hand.upcard == JOKER else hand.upcard.suit if hand.upcard is not None else None
    if hand.phase is Phase.BID1 and suit == proposed:
        return ORDER
    return Action.call(suit)


def play_card(hand: Hand, card: Card, deal: int, trick: int) -> Problem | None:
    """Play a recorded card on ``hand``; a renege is allowed and returned as a finding.

    ``deal`` is the deal's number and ``trick`` the trick's number from 1, for the message.
    Returns the renege :class:`Problem` or ``None``. Raises
    :class:`~solver.errors.IllegalActionError` for a card the seat to play cannot play at all
    (it does not hold it, the hand is not in play).
    """
    seat = hand.to_act
    problem = None
    if hand.is_renege(card):
        led = trump_of(effective_suit(hand.current_trick[0][1], hand.trump))
        held = [x for x in cards_of(hand.holding(seat)) if effective_suit(x, hand.trump) == led]
        problem = Problem("renege", deal, f"deal {deal}, trick {trick}: {seat} reneged with {card}: "
                                          f"{led.word} were led and {seat} held {' '.join(map(str, held))}",
                          trick, card, seat)
    hand.apply(Action.play(card), allow_renege=True)
    return problem


def replay_deals(record: GameRecord, raw_deals: list, replay, strict: bool, error=EGNError,
                 check=None) -> None:
    """Replay a record's deals in order into ``record.deals``, keeping the game score.

    Args:
        record: the :class:`GameRecord` being loaded (``deals`` and ``problems`` are filled).
        raw_deals: the ``deals`` array as read.
        replay: ``replay(index, raw) -> deal``: one deal replayed (a dataclass with ``result``,
            ``problems``, ``score_before`` and ``score_after``); it raises ``error`` for a deal
            that does not replay.
        strict: raise ``error`` at the first :class:`Problem` instead of keeping it.
        error: the :class:`~solver.errors.EGNError` subclass of the format.
        check: optional ``check(deal, previous, index) -> [Problem]``: findings about the deal's
            place in the game (who deals, whether the game was already over), after scoring.

    A ``metadata.finalScore`` that differs from the replayed score is a ``"final_score"`` finding.
    """
    score = record.initial_score
    previous = None
    for index, raw in enumerate(raw_deals):
        deal = replay(index, raw)
        deal.score_before = score
        if deal.result is not None:
            score = (score[0] + deal.result.points[0], score[1] + deal.result.points[1])
        deal.score_after = score
        if check is not None and previous is not None:
            deal.problems.extend(check(deal, previous, index))
        record.deals.append(deal)
        record.problems.extend(deal.problems)
        previous = deal
    recorded, replayed = record.recorded_final_score, record.final_score
    if recorded is not None and recorded != replayed:
        record.problems.append(Problem("final_score", None,
                                       f"{record.source}: metadata.finalScore is {recorded[0]}-{recorded[1]} "
                                       f"but the deals replay to {replayed[0]}-{replayed[1]}"))
    if strict and record.problems:
        raise error(str(record.problems[0]))
