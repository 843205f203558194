"""The protocol's legal answers of a decision, as text (call tokens, cards): shared by the agents,
the referee and the external-program agent."""
from __future__ import annotations

from ..cards import JOKER, Card, Suit, cards_of
from ..game import Action, Phase
from ..laws import call_token, contracts, kitty_exchange_choices, legal_mask, may_go_alone, must_go_alone

__all__ = ["legal_tokens", "legal_cards", "turned_down", "exchange_tokens", "EngineFault", "engine"]


class EngineFault(Exception):
    """The engine failed while it prepared or checked an agent's decision (the seat's view, its legal
    answers, an external program's request, applying a checked answer): the engine's bug, never the
    agent's forfeit. The referee raises :attr:`error`, what the engine raised, in its place."""

    def __init__(self, error: BaseException):
        super().__init__(f"the engine failed: {type(error).__name__}: {error}")
        self.error = error


def engine(fn, *args, **kw):
    """``fn(*args, **kw)``, a step of the engine's: any exception it raises comes as an :class:`EngineFault`."""
    try:
        return fn(*args, **kw)
    except EngineFault:
        raise
    except Exception as exc:
        raise EngineFault(exc) from exc


def turned_down(view) -> int:
    """The suit the upcard proposed (a turned-up joker: the suit the dealer named)."""
    return int(view.named_suit) if int(view.upcard) == JOKER else int(view.upcard) % 4


def legal_cards(view) -> list:
    """The cards (ints, ascending) the deciding seat may play now."""
    led = view.current[0][1] if view.current else None
    return cards_of(legal_mask(view.hand, int(view.trump), None if led is None else int(led)))


def exchange_tokens(view) -> list:
    """The kitty exchange's legal answers (``Rules.farmers`` / ``go_under``): ``"keep"``, then every exchange
    open to the seat's hand as the rules engine writes it (``"farmers 9c 9d Tc"``, ``"go under 9c Tc Qd"``)."""
    out = [Action.kitty_exchange(kind, cards_of(given)) for kind, given in kitty_exchange_choices(view.hand,
                                                                                                   view.rules)]
    return ["keep"] + [str(a) for a in sorted(out, key=lambda a: a.code)]


def legal_tokens(view, kind: str) -> list:
    """The legal answers of a decision as protocol text: call tokens for ``"bid"``, cards for
    ``"discard"`` (the dealer's, or the loner's under call for best), ``"give"`` (the loner's partner's
    card, call for best), ``"exchange"`` (the kitty exchange: :func:`exchange_tokens`) and ``"play"``. ``view``: the deciding seat's :class:`~solver.game.SeatView`."""
    rules = view.rules
    if kind == "exchange":
        return exchange_tokens(view)
    if kind == "play":
        return [str(Card(c)) for c in legal_cards(view)]
    if kind in ("give", "discard") and view.phase in (Phase.GIVE, Phase.LONER_DISCARD):
        return [str(Card(c)) for c in cards_of(view.hand)]       # call for best: any card held
    if kind == "discard":
        cards = cards_of(view.hand)
        if not rules.dealer_may_discard_upcard:
            cards = [c for c in cards if c != int(view.upcard)]
        return [str(Card(c)) for c in cards]
    lone = may_go_alone(rules.players)
    if view.phase is Phase.NAME_SUIT:
        return [call_token("call", s) for s in Suit]
    if view.phase is Phase.BID1:
        if must_go_alone(view.seat, view.dealer, 1, rules):
            return ["pass", "order alone"]            # Canadian loners: the dealer's partner orders alone
        return ["pass", "order"] + (["order alone"] if lone else [])
    turned = turned_down(view)
    stuck = rules.stick_the_dealer and view.seat == view.dealer
    out = [] if stuck else ["pass"]
    for s in contracts(rules):                 # the suits, then no trump (Rules.allow_no_trump)
        if s != turned:
            out.append(call_token("call", s))
            if lone:
                out.append(call_token("call", s, True))
    return out
