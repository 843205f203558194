"""Bid calls as words: the tokens ``advise(calls=...)`` accepts and the names an option is shown by.

A token is ``"pass"``, ``"order"``, ``"order alone"``, ``"call h"`` or
``"call h alone"``; a name is the plain words, ``"assist"``, ``"pick it up, discard 9d"``,
``"call hearts alone"``.
"""
from __future__ import annotations

from ..cards import Seat, Suit
from ..errors import CardError, IllegalActionError

# laws: the vocabulary of calls (parse and name) is written again here, as in solver/review.py and
# solver/game.py; it goes to the rules kernel's one vocabulary of calls.


def call_token(action: str, trump, alone: bool) -> str:
    """The short token of a call: ``action`` ``"pass"``, ``"order"`` or ``"call"`` (then ``trump`` a suit)."""
    if action == "pass":
        return "pass"
    text = "order" if action == "order" else f"call {Suit(trump).letter}"
    return text + (" alone" if alone else "")


def call_name(action: str, trump, alone: bool, discard=None, seat=None, dealer=None, players: int = 4) -> str:
    """Plain words: ``pass``, ``order up``, ``assist``, ``pick it up``, ``call hearts``, ``... alone``.

    ``seat`` and ``dealer`` (when known) name an order up by the dealer or its partner;
    ``discard`` (a card) is added for a dealer's pickup.
    """
    if action == "pass":
        return "pass"
    if action == "call":
        text = f"call {Suit(trump).word}"
    elif seat is not None and seat == dealer:
        text = "pick it up"
    elif seat is not None and players == 4 and seat == Seat(dealer).partner:
        text = "assist"
    else:
        text = "order up"
    if discard is not None:
        text += f", discard {discard}"
    return text + (" alone" if alone else "")


def parse_calls(calls, rnd, up_suit, seat, dealer, rules):
    """The call tokens to evaluate, validated; ``None`` means all legal calls."""
    if calls is None:
        return None
    if isinstance(calls, str):
        calls = [calls]
    out = []
    for token in calls:
        if not isinstance(token, str):
            raise IllegalActionError(f"call {token!r}: expected text such as 'pass', 'order alone', 'call h'")
        words = token.strip().lower().replace("-", " ").split()
        alone = bool(words) and words[-1] == "alone"
        if alone:
            words = words[:-1]
        text = " ".join(words)
        if alone and rules.players == 2:
            raise IllegalActionError(f"call {token!r}: there is no going alone in two-player euchre")
        if text == "pass":
            if alone:
                raise IllegalActionError(f"call {token!r}: a pass cannot go alone")
            if rnd == 2 and seat == dealer and rules.stick_the_dealer:
                raise IllegalActionError(f"call {token!r}: the dealer is stuck and must name a suit")
            out.append("pass")
            continue
        if text in ("order", "order up", "pick up", "pick it up", "assist", "pickup"):
            if rnd != 1:
                raise IllegalActionError(f"call {token!r}: the upcard is turned down in round 2; name a suit")
            out.append("order" + (" alone" if alone else ""))
            continue
        if words and words[0] in ("call", "name"):
            words = words[1:]
        if len(words) == 1:
            try:
                suit = Suit.parse(words[0])
            except CardError:
                suit = None
            if suit is not None:
                if rnd != 2:
                    raise IllegalActionError(f"call {token!r}: in round 1 the only call is to order up "
                                             f"{Suit(up_suit).word}")
                if suit == up_suit:
                    raise IllegalActionError(f"call {token!r}: {Suit(up_suit).word} was turned down and "
                                             "cannot be named in round 2")
                out.append(f"call {suit.letter}" + (" alone" if alone else ""))
                continue
        raise IllegalActionError(f"call {token!r}: expected 'pass', 'order', 'call <suit>', "
                                 "optionally followed by 'alone'")
    return out


__all__ = ["call_token", "call_name", "parse_calls"]
