"""The one exception family of the engine.

Every error a user can cause is a :class:`EuchreError`, a ``ValueError``, whose
message names the bad token and says why it is bad, e.g.
``card 'Zh': rank must be one of 9 T J Q K A``.
"""


class EuchreError(ValueError):
    """Base class of every error caused by bad input to the engine."""


class CardError(EuchreError):
    """A card, hand or deal string that cannot be parsed."""


class RulesError(EuchreError):
    """A rules option that does not exist or has a bad value."""


class PositionError(EuchreError):
    """A position that cannot arise in a legal hand (duplicates, sizes, reneges)."""


class IllegalActionError(EuchreError):
    """An action (call, discard, card) that the rules do not allow at this point."""


class EGNError(EuchreError):
    """A game record that is not valid EGN or does not replay."""
