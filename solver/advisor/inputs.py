"""The face-up dummies of the two-player dummy-hands variant, read and checked for the advisor."""
from __future__ import annotations

from .. import laws
from ..cards import JOKER, format_cards, mask_of, parse_cards, parse_deal
from ..errors import CardError, PositionError, RulesError


def parse_dummies(dummies, cards, up, seat, rules):
    """The face-up dummies as 4 bitmasks (N E S W), validated; ``None`` without dummy hands."""
    if not rules.dummy_hands:
        if dummies is not None:
            raise RulesError("dummies: face-up dummy hands are only dealt in Rules(players=2, dummy_hands=True)")
        return None
    if dummies is None:
        raise RulesError("dummies: the dummy-hands variant needs both face-up dummy hands, "
                         "'N:<5 cards> S:<5 cards>' (in Python also {'N': '<5 cards>', 'S': '<5 cards>'})")
    if isinstance(dummies, str):
        try:
            parsed = parse_deal(dummies, 2)
        except CardError as exc:
            raise CardError(f"dummies: {exc}") from None
    elif isinstance(dummies, dict):
        parsed = dict.fromkeys(laws.seats(2))
        for key, value in dummies.items():
            s = laws.check_seat(key, 2, "dummies: seat")
            parsed[s] = parse_cards(value, what=f"{s} dummy")
    else:
        raise RulesError(f"dummies {dummies!r}: expected {{'N': '<5 cards>', 'S': '<5 cards>'}} or "
                         "'N:<5 cards> S:<5 cards>'")
    masks = [0, 0, 0, 0]
    owner = {c: f"{seat}'s hand" for c in cards}
    owner[up] = "the upcard"
    for s in laws.seats(2):
        got = parsed[s]
        if got is None:
            raise PositionError(f"dummies: {s}'s dummy is missing; both face-up dummies are needed")
        if len(got) != 5:
            raise PositionError(f"dummies: {s}'s dummy {format_cards(got)!r} holds {len(got)} cards, expected 5")
        for c in got:
            if c == JOKER and not rules.joker:
                raise CardError("dummies: card B: the joker is not in the pack (switch on the joker rule)")
            if c in owner:
                raise PositionError(f"dummies: card {c} is in {s}'s dummy and {owner[c]}")
            owner[c] = f"{s}'s dummy"
        masks[s] = mask_of(got)
    return tuple(masks)




__all__ = ["parse_dummies"]
