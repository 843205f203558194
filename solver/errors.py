"""The one exception family of the engine, and the one way its messages quote input.

Every error a user can cause is a :class:`EuchreError`, a ``ValueError``, whose
message names the bad token and says why it is bad, e.g.
``card 'Zh': rank must be one of 9 T J Q K A``. A message quotes what the user
gave through :func:`quoted` (or :func:`shorten`), so a huge input gives a short message.
"""


class EuchreError(ValueError):
    """Base class of every error caused by bad input to the engine."""


class ArgumentError(EuchreError):
    """An argument of the wrong type or outside its bounds that is about no euchre rule: worlds, seed or
    threads out of range (``solver.bounds``), a flag that must be ``True`` or ``False``, an unknown agent
    or valuation name, a view given both as an object and as keys."""


class LevelError(ArgumentError):
    """A level of the ladder (:mod:`solver.match.ladder`) that is not one: ``level:9``, an unknown level name."""


class ScoreError(ArgumentError):
    """A game score, target or hand's points that is not one of the variant: a side that does not play,
    negative or fractional points, both sides past the target."""


class CardError(EuchreError):
    """A card, hand or deal string that cannot be parsed."""


class RulesError(EuchreError):
    """A rules option that does not exist or has a bad value, a rules argument that is not a
    :class:`~solver.rules.Rules` (nor ``None`` nor a dict of options), or a variant an analysis does not
    cover (named with the option that selects it)."""


class PositionError(EuchreError):
    """A position that cannot arise in a legal hand (duplicates, sizes, reneges)."""


class SeatError(PositionError):
    """A seat that has no place at this table: E or W in two-player euchre (which seats only N and S)."""


class IllegalActionError(EuchreError):
    """An action (call, discard, card) that the rules do not allow at this point."""


class ModelError(RulesError):
    """A bidding model (or bidding policy, or single-dummy data) file that is not one, or records that cannot
    fit one (no bidding decision, a variant the model does not cover). A :class:`RulesError` since a model is
    part of the game's conventions (and code catching ``RulesError`` for it keeps working)."""


class ChartClassError(EuchreError):
    """A hand-chart class (``solver.charts``) that the shipped charts do not hold: too few calls of the solved
    set fell in it (or no hand can have it)."""


class RecordError(EuchreError):
    """Root of the game-record errors: a record that cannot be read, does not replay, or cannot be written.

    Compatibility: before 0.x the dummy-hands record's error was called ``RecordError`` and derived from
    :class:`EGNError`; it is now :class:`DummyRecordError`, a sibling of :class:`EGNError` under this root,
    so ``except RecordError`` catches every record error and ``except EGNError`` only EGN's."""


class EGNError(RecordError):
    """A game record that is not valid EGN or does not replay."""


class DummyRecordError(RecordError):
    """A dummy-hands game record (JSON) that is not valid or does not replay."""


QUOTE_LIMIT = 400
"""The most characters of a user's input that one error message quotes."""


def shorten(text: str, limit: int = QUOTE_LIMIT) -> str:
    """``text`` itself when it has at most ``limit`` characters; else its start and end around a
    ``...[N characters cut]...`` marker, so a message quoting a big input stays a few lines long.

    >>> shorten("x" * 1000, 60)
    'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...[940 characters cut]...xxxxxxxxxxxx'
    """
    if len(text) <= limit:
        return text
    tail = limit // 5
    head = limit - tail
    return f"{text[:head]}...[{len(text) - head - tail} characters cut]...{text[len(text) - tail:]}"


def quoted(value, limit: int = QUOTE_LIMIT) -> str:
    """``repr`` of a user's value for an error message, shortened (:func:`shorten`) when long."""
    return shorten(repr(value), limit)


def plural(count: int, noun: str) -> str:
    """``1 card``, ``2 cards``: a count and its noun for a message (nouns that take an ``s``)."""
    return f"{count} {noun}{'' if count == 1 else 's'}"
