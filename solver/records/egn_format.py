"""The EGN file format itself: the versions read and written, the 1.0/1.1 layout upgrade, the schema
check, and EGN's seat numbers and card tokens.

What :mod:`solver.records.egn` (reading), :mod:`solver.records.egn_model` (a record's model back to JSON)
and :mod:`solver.records.egn_write` (writing) share about EGN the notation, and nothing about replaying it.

>>> seat_egn(Seat.S, Rules(players=2)), egn_seat(1, Rules(players=2), "dealer")
(1, <Seat.S: 2>)
>>> card_token("Nd", Rules(), "upCard"), card_token("L", Rules(), "trick 1", trump=Suit.H)
(Card('9d'), Card('Jd'))
"""
from __future__ import annotations

import re

from jsonschema.exceptions import best_match

from ..cards import JOKER, NO_TRUMP, Card, Seat, Suit
from ..errors import CardError, EGNError, quoted
from ..rules import Rules
from .base import (DATA_DIR, EGN_FILE_TYPE, DealError, json_path_text, json_type_name, schema_error_text,
                   schema_validator)

__all__ = ["SCHEMA_PATH", "EGN_VERSION", "EGN_LATEST", "FILE_TYPE", "NAMED_SUIT_TOKENS", "LEGACY_VERSION",
           "upgrade_legacy", "check_version", "validate_egn", "egn_seat", "seat_egn", "card_token"]

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
# The 1.0/1.1 layout, upgraded on reading the way the EGN project's egn-upgrade does.
LEGACY_VERSION = re.compile(r"^1\.[01](?:\.\d+)?$")
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


def upgrade_legacy(data: dict) -> tuple:
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


def check_version(data, name: str) -> None:
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


def egn_seat(n: int, rules: Rules, what: str) -> Seat:
    """EGN seat number ``n`` (0..players-1) of a game under ``rules`` → :class:`Seat`; :class:`DealError` naming ``what``."""
    if not isinstance(n, int) or isinstance(n, bool) or not 0 <= n < rules.players:
        raise DealError(f"{what} {quoted(n)}: seats are 0..{rules.players - 1} in a {rules.players}-player game")
    return Seat(n * 2 if rules.players == 2 else n)


def seat_egn(seat: Seat, rules: Rules) -> int:
    """:class:`Seat` → its EGN seat number (two-player: N 0, S 1)."""
    return int(seat) // 2 if rules.players == 2 else int(seat)


def card_token(token, rules: Rules, where: str, trump: Suit | None = None) -> Card:
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
