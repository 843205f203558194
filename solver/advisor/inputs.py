"""The face-up dummies of the two-player dummy-hands variant, read and checked for the advisor."""
from __future__ import annotations

from .. import laws
from ..cards import cards_of
from ..errors import PositionError, RulesError
from ..game.seat import parse_dummy_hands


def parse_dummies(dummies, cards, up, seat, rules):
    """The face-up dummies as 4 bitmasks (N E S W), validated; ``None`` without dummy hands."""
    if not rules.dummy_hands:
        if dummies is not None:
            raise RulesError("dummies: face-up dummy hands are only dealt in Rules(players=2, dummy_hands=True)")
        return None
    if dummies is None:
        raise RulesError("dummies: the dummy-hands variant needs both face-up dummy hands, "
                         "'N:<5 cards> S:<5 cards>' (in Python also {'N': '<5 cards>', 'S': '<5 cards>'})")
    masks = parse_dummy_hands(dummies, rules)
    owner = {c: f"{seat}'s hand" for c in cards}
    owner[up] = "the upcard"
    for s in laws.seats(2):
        for c in cards_of(masks[s]):
            if c in owner:
                raise PositionError(f"dummies: card {c} is in {s}'s dummy and {owner[c]}")
    return tuple(masks)




__all__ = ["parse_dummies"]
