"""Which calls ``advise(calls=...)`` evaluates: tokens read and checked by the rules kernel's vocabulary.

A token is ``"pass"``, ``"order"``, ``"order alone"``, ``"call h"`` or ``"call h alone"``
(:func:`solver.laws.call_token`); the plain-words names (``"assist"``, ``"pick it up, discard 9d"``)
are :func:`solver.laws.call_name`.
"""
from __future__ import annotations

from .. import laws
from ..errors import IllegalActionError, quoted


def parse_calls(calls, rnd, up_suit, seat, dealer, rules):
    """The call tokens to evaluate, validated (:func:`solver.laws.parse_call`, :func:`solver.laws.check_call`);
    ``None`` means all legal calls.

    Raises :class:`~solver.errors.IllegalActionError` naming the token that is not a call or not open to the seat.
    """
    if calls is None:
        return None
    if isinstance(calls, str):
        calls = [calls]
    if not isinstance(calls, (list, tuple)):
        raise IllegalActionError(f"calls {quoted(calls)}: expected a list of call tokens such as "
                                 "['pass', 'order alone', 'call h']")
    out = []
    for token in calls:
        if not isinstance(token, str):
            raise IllegalActionError(f"call {token!r}: expected text such as 'pass', 'order alone', 'call h'")
        kind, suit, alone = laws.parse_call(token)
        laws.check_call(kind, suit, alone, rnd, up_suit, seat, dealer, rules, text=token)
        out.append(laws.call_token(kind, suit, alone))
    return out


__all__ = ["parse_calls"]
