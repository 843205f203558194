"""Actions: the phases of a hand, the kinds of decision, and :class:`Action` with its integer codes and text.

One integer action space (OpenSpiel style) orders the actions and stores them
compactly: 0..24 play a card, 32..56 discard one (57 an unknown card), 58 call no trump
(``Rules.allow_no_trump``), 60 pass, 61 order up, 62..65 call C D H S, 66..69 name a suit for a turned-up joker,
70/71 alone or with partner, 72/73 defend alone or with partner, 74..98 the loner's
partner passes a card (call for best, ``Rules.partners_best``; 99 an unknown card),
the kitty exchanges before the bidding (``Rules.farmers``, ``Rules.go_under``): 100 keep the
hand, 101..2400 show three nines and tens for the kitty (farmers), 2401..4700 go under with
three cards (each three cards by their combinatorial rank).

>>> Action.parse("call h").code
64
>>> Action.from_code(61) == ORDER
True
>>> [str(a) for a in (PASS, Action.play("Jh"), Action.discard(None), ALONE)]
['pass', 'Jh', 'discard ?', 'alone']
"""
from __future__ import annotations

import enum
from dataclasses import dataclass

from ..cards import JOKER, NO_TRUMP, Card, Suit, parse_trump
from ..errors import CardError, IllegalActionError, quoted
from ..laws import parse_call

__all__ = ["Phase", "Kind", "Action", "PASS", "ORDER", "ALONE", "WITH_PARTNER", "DEFEND_ALONE",
           "DEFEND_WITH_PARTNER", "KEEP"]


class Phase(enum.Enum):
    """Where a hand is. ``DEAL``: cards not dealt yet (a chance step, no legal actions)."""

    DEAL = "deal"
    EXCHANGE = "kitty_exchange"    # Rules.farmers / go_under: a seat may exchange three cards with the kitty
    NAME_SUIT = "name_suit"        # turned-up joker: the dealer names the suit it proposes
    BID1 = "bid1"                  # round 1: pass or order up the upcard
    BID2 = "bid2"                  # round 2: pass or name another suit
    DISCARD = "discard"            # the dealer, having picked up, discards one card
    ALONE = "alone"                # the maker: go alone or play with partner
    GIVE = "give"                  # Rules.partners_best: the loner's partner passes it a card face down
    LONER_DISCARD = "loner_discard"  # Rules.partners_best: the loner, holding six, discards one
    DEFEND_ALONE = "defend_alone"  # Rules.defend_alone: a defender may defend alone
    PLAY = "play"
    DONE = "done"                  # scored, or thrown in

    def __str__(self) -> str:
        return self.value


class Kind(enum.Enum):
    """Kinds of action."""

    DEAL = "deal"
    NAME = "name"
    PASS = "pass"
    ORDER = "order"
    CALL = "call"
    DISCARD = "discard"
    ALONE = "alone"
    DEFEND = "defend"
    GIVE = "give"
    EXCHANGE = "exchange"          # the kitty exchange (farmers, go_under) or keeping the hand
    PLAY = "play"


# One integer action space (OpenSpiel style), for ordering and compact storage.
_PLAY_BASE = 0          # 0..24: play card
_DISCARD_BASE = 32      # 32..56: discard card; 57: discard an unknown card
_DISCARD_UNKNOWN = 57
_CALL_NO_TRUMP = 58     # call no trump (round 2, Rules.allow_no_trump)
_PASS = 60
_ORDER = 61
_CALL_BASE = 62         # 62..65: call C D H S (round 2)
_NAME_BASE = 66         # 66..69: name C D H S (turned-up joker)
_ALONE = 70
_WITH_PARTNER = 71
_DEFEND_ALONE = 72
_DEFEND_WITH_PARTNER = 73
_GIVE_BASE = 74         # 74..98: the loner's partner passes a card (call for best); 99: an unknown card
_GIVE_UNKNOWN = 99
_KEEP = 100             # the kitty exchange declined
_FARMERS_BASE = 101     # 101..2400: farmers, the three shown cards by combinatorial rank
_GO_UNDER_BASE = 2401   # 2401..4700: go under with three cards
_TRIPLES = 2300         # C(25, 3)


def _triple_rank(cards) -> int:
    """Combinatorial rank of three distinct card indices (0..2299)."""
    a, b, c = sorted(int(x) for x in cards)
    return a + b * (b - 1) // 2 + c * (c - 1) * (c - 2) // 6


def _triple_unrank(rank: int) -> tuple:
    c = 2
    while (c + 1) * c * (c - 1) // 6 <= rank:
        c += 1
    rank -= c * (c - 1) * (c - 2) // 6
    b = 1
    while (b + 1) * b // 2 <= rank:
        b += 1
    return rank - b * (b - 1) // 2, b, c


@dataclass(frozen=True)
class Action:
    """One decision: a call, a discard, an alone decision or a card played.

    Build with the constructors (:meth:`play`, :meth:`call`, ...), the constants
    (``PASS``, ``ORDER``, ``ALONE``, ...), :meth:`parse` (``"pass"``,
    ``"order"``, ``"call h"``, ``"discard Kh"``, ``"alone"``, ``"Kh"``) or
    :meth:`from_code`. ``card`` is ``None`` for a discard of an unknown card
    (record replay only).
    """

    kind: Kind
    card: Card | None = None
    suit: Suit | None = None
    alone: bool | None = None
    cards: tuple = ()                 # Kind.EXCHANGE: the three cards given to the kitty (ascending)
    exchange: str | None = None       # Kind.EXCHANGE: "farmers" or "go_under"; None keeps the hand

    # -- constructors --------------------------------------------------------
    @staticmethod
    def play(card) -> "Action":
        return Action(Kind.PLAY, card=Card(card))

    @staticmethod
    def discard(card) -> "Action":
        return Action(Kind.DISCARD, card=None if card is None else Card(card))

    @staticmethod
    def give(card) -> "Action":
        """The loner's partner passes ``card`` face down (``Rules.partners_best``; ``None``: unknown)."""
        return Action(Kind.GIVE, card=None if card is None else Card(card))

    @staticmethod
    def kitty_exchange(kind: str, cards) -> "Action":
        """A kitty exchange before the bidding: ``kind`` ``"farmers"`` (three nines or tens shown) or
        ``"go_under"`` (three cards face down), giving ``cards`` (three cards, text or :class:`Card`) for the
        three face-down kitty cards. Raises :class:`IllegalActionError` for another kind, or not three
        distinct cards."""
        if kind not in ("farmers", "go_under"):
            raise IllegalActionError(f"kitty exchange {quoted(kind)}: expected 'farmers' or 'go_under'")
        if isinstance(cards, str):
            cards = cards.split()
        given = tuple(sorted({Card(c) for c in cards}))
        if len(given) != 3 or len(list(cards)) != 3:
            raise IllegalActionError(f"{kind.replace('_', ' ')} {quoted(' '.join(map(str, cards)))}: "
                                     "the exchange gives three different cards")
        return Action(Kind.EXCHANGE, cards=given, exchange=kind)

    @staticmethod
    def call(suit) -> "Action":
        """Name ``suit`` as trump in round 2; ``"n"`` (``NO_TRUMP``) calls no trump."""
        return Action(Kind.CALL, suit=parse_trump(suit))

    @staticmethod
    def name(suit) -> "Action":
        return Action(Kind.NAME, suit=Suit.parse(suit))

    @staticmethod
    def go_alone(alone: bool = True) -> "Action":
        return ALONE if alone else WITH_PARTNER

    @staticmethod
    def defend_alone(alone: bool = True) -> "Action":
        return DEFEND_ALONE if alone else DEFEND_WITH_PARTNER

    # -- integer codes -------------------------------------------------------
    @property
    def code(self) -> int:
        """The action's integer (0..24 play, 32..57 discard, 58 call no trump, 60 pass, 61 order,
        62..65 call C D H S, 66..69 name, 70/71 alone/partner, 72/73 defend alone/partner,
        74..99 give a card to the loner, 100 keep, 101..2400 farmers, 2401..4700 go under)."""
        k = self.kind
        if k is Kind.PLAY:
            return _PLAY_BASE + int(self.card)
        if k is Kind.DISCARD:
            return _DISCARD_UNKNOWN if self.card is None else _DISCARD_BASE + int(self.card)
        if k is Kind.PASS:
            return _PASS
        if k is Kind.ORDER:
            return _ORDER
        if k is Kind.CALL:
            return _CALL_NO_TRUMP if self.suit == NO_TRUMP else _CALL_BASE + int(self.suit)
        if k is Kind.NAME:
            return _NAME_BASE + int(self.suit)
        if k is Kind.ALONE:
            return _ALONE if self.alone else _WITH_PARTNER
        if k is Kind.DEFEND:
            return _DEFEND_ALONE if self.alone else _DEFEND_WITH_PARTNER
        if k is Kind.GIVE:
            return _GIVE_UNKNOWN if self.card is None else _GIVE_BASE + int(self.card)
        if k is Kind.EXCHANGE:
            if self.exchange is None:
                return _KEEP
            base = _FARMERS_BASE if self.exchange == "farmers" else _GO_UNDER_BASE
            return base + _triple_rank(self.cards)
        raise IllegalActionError(f"action {self}: has no code")

    @staticmethod
    def from_code(code: int) -> "Action":
        """Inverse of :attr:`code`; raises :class:`IllegalActionError` for an unused integer."""
        if isinstance(code, bool) or not isinstance(code, int):
            raise IllegalActionError(f"action code {quoted(code)}: expected an integer")
        if 0 <= code <= JOKER:
            return Action.play(code)
        if _DISCARD_BASE <= code <= _DISCARD_BASE + JOKER:
            return Action.discard(code - _DISCARD_BASE)
        if _GIVE_BASE <= code <= _GIVE_BASE + JOKER:
            return Action.give(code - _GIVE_BASE)
        if code == _GIVE_UNKNOWN:
            return Action.give(None)
        if code == _KEEP:
            return KEEP
        if _FARMERS_BASE <= code < _GO_UNDER_BASE + _TRIPLES:
            kind = "farmers" if code < _GO_UNDER_BASE else "go_under"
            rank = code - (_FARMERS_BASE if kind == "farmers" else _GO_UNDER_BASE)
            return Action.kitty_exchange(kind, [Card(i) for i in _triple_unrank(rank)])
        table = {_DISCARD_UNKNOWN: Action.discard(None), _CALL_NO_TRUMP: Action.call(NO_TRUMP), _PASS: PASS, _ORDER: ORDER, _ALONE: ALONE,
                 _WITH_PARTNER: WITH_PARTNER, _DEFEND_ALONE: DEFEND_ALONE,
                 _DEFEND_WITH_PARTNER: DEFEND_WITH_PARTNER}
        if code in table:
            return table[code]
        if _CALL_BASE <= code < _CALL_BASE + 4:
            return Action.call(Suit(code - _CALL_BASE))
        if _NAME_BASE <= code < _NAME_BASE + 4:
            return Action.name(Suit(code - _NAME_BASE))
        raise IllegalActionError(f"action code {code}: not an action")

    # -- text ----------------------------------------------------------------
    @staticmethod
    def parse(text: str, phase: Phase | None = None) -> "Action":
        """Parse ``pass``, ``order`` (also ``order up``, ``pick up``, ``pick it up``, ``assist``),
        ``call h``, ``name h``, ``discard Kh``, ``give Kh``, ``alone``, ``partner``, ``defend alone``,
        ``defend partner``, ``keep``, ``farmers 9c 9d Ts``, ``go under 9c Qd Ts``, or a card (a play; a discard when ``phase`` is ``DISCARD`` or
        ``LONER_DISCARD``; a card passed to the loner when ``phase`` is ``GIVE``).

        A bare suit (``h``) is a round-2 call, or with ``phase`` ``NAME_SUIT`` the suit
        named for a turned-up joker. Pass, order and call are read by the rules kernel's
        one vocabulary of calls (``solver.laws.parse_call()``); a call with ``alone``
        is two decisions here (the call, then ``ALONE``), so it does not parse.

        Raises :class:`IllegalActionError` naming the text when it is none of these.

        >>> Action.parse("pick it up") == ORDER
        True
        >>> Action.parse("call hearts"), Action.parse("Kh"), Action.parse("Kh", Phase.DISCARD)
        (Action.parse('call h'), Action.parse('Kh'), Action.parse('discard Kh'))
        >>> Action.parse("bid 3 hearts")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        solver.errors.IllegalActionError: action 'bid 3 hearts': not a call, discard or card (try 'pass', ...)
        """
        if isinstance(text, Action):
            return text
        if not isinstance(text, str):
            raise IllegalActionError(f"action {quoted(text)}: expected text such as 'pass', 'order', 'call h' or 'Kh'")
        words = text.strip().lower().replace("_", " ").split()
        key = " ".join(words)
        if key in _DECISION_WORDS:
            return _DECISION_WORDS[key]
        # "name h" is the joker's suit here, not a call; a bare suit depends on the phase (below)
        if words and words[0] != "name" and words[-1] != "alone":
            try:
                kind, suit, _alone = parse_call(key)
            except IllegalActionError:
                pass
            else:
                if kind == "pass":
                    return PASS
                if kind == "order":
                    return ORDER
                if words[0] == "call":
                    return Action.call(suit)
        try:
            if len(words) == 2 and words[0] == "call":
                return Action.call(words[1])
            if len(words) == 2 and words[0] == "name":
                return Action.name(words[1])
            if len(words) == 2 and words[0] == "discard":
                return Action.discard(None if words[1] == "?" else Card.parse(words[1]))
            if len(words) == 2 and words[0] == "give":
                return Action.give(None if words[1] == "?" else Card.parse(words[1]))
            if len(words) == 4 and words[0] == "farmers":
                return Action.kitty_exchange("farmers", words[1:])
            if len(words) == 5 and words[:2] == ["go", "under"]:
                return Action.kitty_exchange("go_under", words[2:])
            if len(words) == 2 and words[0] == "play":
                return Action.play(Card.parse(words[1]))
            if len(words) == 1:
                try:
                    card = Card.parse(text.strip())
                except CardError:
                    card = None
                if card is not None:
                    if phase is Phase.GIVE:
                        return Action.give(card)
                    return Action.discard(card) if phase in (Phase.DISCARD, Phase.LONER_DISCARD) else Action.play(card)
                if phase in (Phase.BID2, None):
                    return Action.call(words[0])
                if phase is Phase.NAME_SUIT:
                    return Action.name(words[0])
        except CardError:
            pass
        raise IllegalActionError(f"action {quoted(text)}: not a call, discard or card "
                                 "(try 'pass', 'order', 'call h', 'discard Kh', 'alone', 'partner', 'Kh')")

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def __str__(self) -> str:
        k = self.kind
        if k is Kind.PLAY:
            return str(self.card)
        if k is Kind.DISCARD:
            return f"discard {'?' if self.card is None else self.card}"
        if k is Kind.GIVE:
            return f"give {'?' if self.card is None else self.card}"
        if k in (Kind.CALL, Kind.NAME):
            return f"{k.value} {self.suit}"
        if k is Kind.ALONE:
            return "alone" if self.alone else "partner"
        if k is Kind.DEFEND:
            return "defend alone" if self.alone else "defend partner"
        if k is Kind.EXCHANGE:
            if self.exchange is None:
                return "keep"
            return f"{self.exchange.replace('_', ' ')} {' '.join(map(str, self.cards))}"
        return k.value


PASS = Action(Kind.PASS)
ORDER = Action(Kind.ORDER)
ALONE = Action(Kind.ALONE, alone=True)
WITH_PARTNER = Action(Kind.ALONE, alone=False)
DEFEND_ALONE = Action(Kind.DEFEND, alone=True)
DEFEND_WITH_PARTNER = Action(Kind.DEFEND, alone=False)
KEEP = Action(Kind.EXCHANGE)      # the kitty exchange declined: the seat keeps its hand

# The decisions that are not calls (a call's words are the kernel's, see Action.parse).
_DECISION_WORDS = {"alone": ALONE, "go alone": ALONE, "partner": WITH_PARTNER, "with partner": WITH_PARTNER,
                   "play with partner": WITH_PARTNER, "defend alone": DEFEND_ALONE,
                   "defend partner": DEFEND_WITH_PARTNER, "defend with partner": DEFEND_WITH_PARTNER,
                   "keep": KEEP, "keep hand": KEEP}
