"""Cards, suits, seats and their text notation.

Encodings (docs/design.md, shared with the Cython core and numpy):

* card index = rank * 4 + suit, ranks ``9 T J Q K A`` = 0..5, suits ``C D H S``
  = 0..3 (OpenSpiel's euchre numbering); the joker is index 24;
* a hand is a bitmask over card indices (fits a ``uint32``);
* seats ``N E S W`` = 0..3, clockwise; the side of a seat is ``seat % 2`` in the
  four-player game.

:class:`Card`, :class:`Suit` and :class:`Seat` are ``int`` subclasses, so the
readable objects and the hot integers are the same values (python-chess style).
"""
from __future__ import annotations

import enum
import operator
import re
from typing import Iterable, Mapping

from .errors import CardError, quoted

RANKS = "9TJQKA"
SUITS = "cdhs"
JOKER = 24
ALL_CARDS_MASK = (1 << 24) - 1          # the 24-card pack, without the joker
FULL_MASK = (1 << 25) - 1               # with the joker


class Suit(enum.IntEnum):
    C = 0
    D = 1
    H = 2
    S = 3

    @property
    def letter(self) -> str:
        """The lower-case suit letter (``c d h s``)."""
        return SUITS[self]

    @property
    def word(self) -> str:
        """The suit's name in words (``clubs``, ``diamonds``, ``hearts``, ``spades``)."""
        return ("clubs", "diamonds", "hearts", "spades")[self]

    @property
    def partner(self) -> "Suit":
        """The other suit of the same colour (clubs<->spades, diamonds<->hearts)."""
        return Suit(3 - self)

    @classmethod
    def parse(cls, text) -> "Suit":
        """Parse ``c``/``C``/``clubs``/``♣`` (and the like) into a :class:`Suit`.

        Raises :class:`CardError` naming the token when it is not a suit.
        """
        if isinstance(text, Suit):
            return text
        if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= 3:
            return cls(text)
        if not isinstance(text, str):
            raise CardError(f"suit {quoted(text)}: expected a suit letter c d h s")
        key = text.strip().lower().replace("\ufe0f", "")
        if key in _SUIT_WORDS:
            return cls(_SUIT_WORDS[key])
        raise CardError(f"suit {quoted(text)}: must be one of c d h s (clubs, diamonds, hearts, spades)")

    def __str__(self) -> str:
        return SUITS[self]


_SUIT_WORDS = {}
for _i, (_letter, _word, _symbols) in enumerate(
        [("c", "clubs", "♣♧"), ("d", "diamonds", "♦♢"), ("h", "hearts", "♥♡"), ("s", "spades", "♠♤")]):
    _SUIT_WORDS[_letter] = _i
    _SUIT_WORDS[_word] = _i
    _SUIT_WORDS[_word[:-1]] = _i
    for _sym in _symbols:
        _SUIT_WORDS[_sym] = _i


class NoTrump(int):
    """The trump of a no-trump contract (``Rules.allow_no_trump``, EGN call ``"n"``): the int 4, one past
    the suits, as the Cython core takes it. Spelled ``n`` like a suit letter; ``word`` is ``no trump``.

    There is one value, :data:`NO_TRUMP`; use :func:`parse_trump` to read a trump that may be it.
    """

    __slots__ = ()

    def __new__(cls, value=4):
        if value != 4:
            raise CardError(f"no trump {quoted(value)}: its value is 4")
        return _NO_TRUMP if _NO_TRUMP is not None else int.__new__(cls, 4)

    letter = "n"
    word = "no trump"

    def __str__(self) -> str:
        return "n"

    def __repr__(self) -> str:
        return "NO_TRUMP"

    def __reduce__(self):
        return (NoTrump, ())


_NO_TRUMP = None
_NO_TRUMP = NO_TRUMP = NoTrump()
_NO_TRUMP_WORDS = {"n", "nt", "no trump", "notrump", "no trumps", "no-trump", "no_trump", "no-trumps"}


def parse_trump(text) -> "Suit | NoTrump":
    """Parse a contract's trump: a suit (as :meth:`Suit.parse`) or no trump (``n``, ``nt``, ``no trump``,
    ``notrump``, :data:`NO_TRUMP` or the int 4). Whether the rules allow no trump is the caller's check
    (:func:`solver.laws.check_trump`).

    Raises :class:`CardError` naming the token when it is neither.
    """
    if isinstance(text, NoTrump):
        return text
    if isinstance(text, int) and not isinstance(text, bool) and text == 4:
        return NO_TRUMP
    if isinstance(text, str) and text.strip().lower() in _NO_TRUMP_WORDS:
        return NO_TRUMP
    try:
        return Suit.parse(text)
    except CardError:
        raise CardError(f"trump {quoted(text)}: must be a suit c d h s or n (no trump)") from None


def trump_of(value) -> "Suit | NoTrump":
    """The trump object of an int 0..4 (a suit, or 4 no trump), for its ``letter`` and ``word``.

    Raises :class:`CardError` naming the value when it is neither."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 4:
        raise CardError(f"trump {quoted(value)}: must be a suit c d h s or n (no trump), 0..4")
    return NO_TRUMP if value == 4 else Suit(value)


class Seat(enum.IntEnum):
    N = 0
    E = 1
    S = 2
    W = 3

    @property
    def partner(self) -> "Seat":
        return Seat((self + 2) % 4)

    @property
    def left(self) -> "Seat":
        """The next seat clockwise (the player to this seat's left)."""
        return Seat((self + 1) % 4)

    @classmethod
    def parse(cls, text) -> "Seat":
        """Parse ``N``/``north``/``0`` (any case) into a :class:`Seat`.

        Raises :class:`CardError` naming the token otherwise.
        """
        if isinstance(text, Seat):
            return text
        if isinstance(text, int) and not isinstance(text, bool) and 0 <= text <= 3:
            return cls(text)
        if isinstance(text, str):
            key = text.strip().upper()
            names = {"N": 0, "E": 1, "S": 2, "W": 3, "NORTH": 0, "EAST": 1, "SOUTH": 2, "WEST": 3}
            if key in names:
                return cls(names[key])
        raise CardError(f"seat {quoted(text)}: must be one of N E S W")

    def __str__(self) -> str:
        return self.name


_CARD_SUITS = {"c", "d", "h", "s", "♣", "♦", "♥", "♠", "♧", "♢", "♡", "♤"}
_RANK_WORDS = {"9": 0, "t": 1, "10": 1, "j": 2, "q": 3, "k": 4, "a": 5}
_CARD_RE = re.compile(r"^(10|[0-9a-z])(.+)$", re.IGNORECASE)


class Card(int):
    """One card: an ``int`` in 0..24 (rank * 4 + suit, joker 24).

    ``Card("Jh")``, ``Card(10)`` and ``Card.parse("10♥")`` all work;
    ``str(card)`` gives the canonical spelling (``Jh``, ``Td``, ``B``) and
    ``repr`` round-trips.
    """

    __slots__ = ()

    def __new__(cls, value):
        if isinstance(value, Card):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= JOKER:
            raise CardError(f"card {quoted(value)}: index must be an integer 0..24")
        return _CARDS[value] if _CARDS else int.__new__(cls, value)

    @classmethod
    def parse(cls, text: str) -> "Card":
        """Parse one card: ``Jh``, ``JH``, ``10h``, ``J♥``, ``jh``; the joker ``B``.

        Raises :class:`CardError` naming the token and why it is not a card.
        """
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise CardError(f"card {quoted(text)}: expected text such as 'Jh'")
        token = text.strip().replace("\ufe0f", "")     # emoji suits carry a variation selector
        if len(token.split()) > 1 or "," in token:
            raise CardError(f"card {quoted(text)}: expected one card, got several")
        if token.upper() in ("B", "JOKER", "BEST", "🃏"):
            return _CARDS[JOKER]
        m = _CARD_RE.match(token)
        if not m or not token:
            raise CardError(f"card {quoted(text)}: expected a rank (9 T J Q K A) then a suit (c d h s)")
        rank_text, suit_text = m.group(1), m.group(2)
        rank = _RANK_WORDS.get(rank_text.lower())
        if rank is None:
            raise CardError(f"card {quoted(text)}: rank must be one of 9 T J Q K A")
        key = suit_text.lower()
        if key not in _CARD_SUITS:
            raise CardError(f"card {quoted(text)}: suit must be one of c d h s")
        return _CARDS[rank * 4 + _SUIT_WORDS[key]]

    @property
    def is_joker(self) -> bool:
        return self == JOKER

    @property
    def rank(self) -> int:
        """Printed rank 0..5 (9 T J Q K A); the joker has rank 6."""
        return 6 if self == JOKER else int(self) // 4

    @property
    def suit(self) -> Suit | None:
        """Printed suit; ``None`` for the joker."""
        return None if self == JOKER else Suit(int(self) % 4)

    @property
    def mask(self) -> int:
        return 1 << int(self)

    def __str__(self) -> str:
        if self == JOKER:
            return "B"
        return RANKS[int(self) // 4] + SUITS[int(self) % 4]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self):
        return (Card, (int(self),))


_CARDS: list = []
_CARDS.extend(int.__new__(Card, i) for i in range(JOKER + 1))
ALL_CARDS: tuple = tuple(_CARDS)


def _bitmask(value) -> int:
    """``value`` as an int when it is a bitmask of the 25 cards (an int or a numpy integer, not a bool);
    else a :class:`CardError` naming it."""
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        raise CardError(f"cards {quoted(value)}: a bitmask of the 25 cards is an integer 0..{FULL_MASK}")
    mask = operator.index(value)
    if not 0 <= mask <= FULL_MASK:
        raise CardError(f"cards {quoted(value)}: a bitmask of the 25 cards is an integer 0..{FULL_MASK}")
    return mask


def _card_index(value) -> int:
    """The index of one card given as a :class:`Card`, its name or an integer 0..24 (numpy's too); else a
    :class:`CardError` naming it."""
    if isinstance(value, Card):
        return value
    if isinstance(value, bool) or not hasattr(type(value), "__index__"):
        return Card.parse(value)             # a name, or the error naming what is no card
    return Card(operator.index(value))


def cards_of(mask: int) -> list:
    """The cards of a hand bitmask (an int or a numpy integer 0..2**25-1), in index order.

    Raises :class:`CardError` naming a value that is no such bitmask (which would otherwise loop past the
    pack or fail deep inside)."""
    if type(mask) is not int or not 0 <= mask <= FULL_MASK:      # (the hot callers pass a Python int)
        mask = _bitmask(mask)
    out = []
    while mask:
        low = mask & -mask
        out.append(_CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def mask_of(cards: Iterable) -> int:
    """The bitmask of ``cards`` (each a :class:`Card`, a card's name or an index 0..24).

    Raises :class:`CardError` naming an item that is no card (``int()`` would read ``'9'`` as card 9)."""
    m = 0
    for c in cards:
        m |= 1 << _card_index(c)
    return m


def parse_kitty(text) -> list:
    """:func:`parse_cards` of the cards a seat knows lie in the kitty, a bad token's error naming the kitty
    (so a door reports it against its ``kitty`` member, not the hand).

    Raises :class:`CardError`.
    """
    try:
        return parse_cards(text, what="kitty")
    except CardError as exc:
        message = str(exc)
        raise CardError(message if message.startswith("kitty") else f"kitty {quoted(text)}: {message}") from None


def parse_cards(text, what: str = "hand") -> list:
    """Parse a list of cards: ``"Jh Ah Kh 9c 9s"``, ``"Jh,Ah"``, or PBN ``"9.AKJ..9"``.

    PBN-style groups are spade.heart.diamond.club ranks (``9.AKJ..9`` = 9s Ah Kh
    Jh 9c). Accepts a list/tuple of card tokens too. Duplicates are an error.
    Returns a list of :class:`Card` in the given order.

    Raises :class:`CardError` naming the bad token.
    """
    if isinstance(text, (list, tuple)):
        tokens = list(text)
    elif isinstance(text, str):
        stripped = text.strip()
        if stripped in ("", "-"):
            return []
        if "." in stripped and not re.search(r"[\s,]", stripped):
            tokens = _pbn_tokens(stripped, what)
        else:
            tokens = [t for t in re.split(r"[\s,]+", stripped) if t]
    else:
        raise CardError(f"{what} {quoted(text)}: expected cards as text such as 'Jh Ah 9c'")
    cards, seen = [], set()
    for tok in tokens:
        card = Card(tok) if isinstance(tok, (int, Card)) and not isinstance(tok, bool) else Card.parse(tok)
        if card in seen:
            raise CardError(f"{what} {quoted(text)}: card {card} appears twice")
        seen.add(card)
        cards.append(card)
    return cards


def _pbn_tokens(text: str, what: str) -> list:
    groups = text.split(".")
    if len(groups) != 4:
        raise CardError(f"{what} {quoted(text)}: PBN hands need 4 suit groups S.H.D.C, got {len(groups)}")
    tokens = []
    for group, suit in zip(groups, "shdc"):
        i = 0
        while i < len(group):
            if group[i:i + 2] == "10":
                tokens.append("10" + suit)
                i += 2
            else:
                tokens.append(group[i] + suit)
                i += 1
    return tokens


def format_cards(cards, sep: str = " ") -> str:
    """Format cards (an iterable of cards or indices, or a bitmask, an ``int`` in 0..2**25-1) as
    ``"Jh Ah 9c"``; ``"-"`` when empty.

    Raises :class:`CardError` for a bitmask out of range, a ``bool`` or a value that is neither,
    or an item that is not a card (:class:`Card`)."""
    text = sep.join(str(Card(c)) for c in _card_list(cards))
    return text or "-"


def format_hand(cards, trump=None, sep: str = " ") -> str:
    """Format a hand as a player holds it: grouped by suit, each suit high to low (A K Q J T 9), the suits in the
    order clubs, diamonds, hearts, spades; with ``trump`` (a :class:`Suit`) its suit first as it ranks: the joker,
    the right bower, the left bower (the jack of the other suit of its colour), then A K Q T 9, and the left bower
    not in its printed suit. ``trump`` ``None`` or no trump (:data:`NO_TRUMP`): the joker first, then by suit.
    ``"Jh Jd Ah Kh Ac"`` for Jh Jd Ah Kh Ac with hearts trump; ``"-"`` when empty.

    What text shows a player (``euchre advise``, ``play`` and ``lead``); :func:`format_cards` keeps card order
    (rank-major: ``9c 9d ... Ah``), the JSON's. Raises :class:`CardError` as :func:`format_cards` does, or for a
    ``trump`` that is neither a suit nor no trump."""
    if trump is not None and not isinstance(trump, NoTrump):
        if isinstance(trump, bool) or not isinstance(trump, int) or not 0 <= int(trump) <= 3:
            raise CardError(f"trump {quoted(trump)}: expected a Suit, NO_TRUMP or None")
        trump = Suit(int(trump))
    else:
        trump = None
    held = [Card(c) for c in _card_list(cards)]

    def place(card: Card) -> tuple:
        suit, rank = card.suit, card.rank
        if suit is None:                                   # the joker
            return (-1, 0)
        if trump is not None and rank == 2 and suit in (trump, trump.partner):      # the bowers: right, then left
            return (-1, 1 if suit == trump else 2)
        group = -1 if suit == trump else int(suit)
        return (group, 9 - rank)

    return sep.join(str(c) for c in sorted(held, key=place)) or "-"


def _card_list(cards) -> list:
    """``cards`` (an iterable of cards or indices, a :class:`Card`, or a bitmask) as a list, as
    :func:`format_cards` takes them."""
    if isinstance(cards, bool):
        raise CardError(f"cards {quoted(cards)}: a bool, not a card bitmask or a list of cards")
    if isinstance(cards, Card):
        return [cards]
    if hasattr(type(cards), "__index__"):            # an int, or a numpy integer: a bitmask
        return cards_of(_bitmask(cards))
    if isinstance(cards, (str, bytes)) or not isinstance(cards, Iterable):
        raise CardError(f"cards {quoted(cards)}: expected a card bitmask or a list of cards "
                        "(text is parsed by parse_cards)")
    return list(cards)


# a comma or semicolon before a seat label: "N:9d Ac, E:Qd ..." (commas may only separate cards)
_SEPARATED_HANDS = re.compile(r"\s*([,;])\s*[NESWnesw]:")


def parse_deal(text, players: int = 4) -> dict:
    """Parse a deal string ``"N:<hand> E:<hand> S:<hand> W:<hand>"``.

    ``-`` marks a hand that is unknown or sits out. Two-player deals name N and S
    only. Returns ``{Seat: list[Card] | None}`` with every seat of the game.

    ``text`` may also be such a mapping already (what this function returns, what the HTTP
    schemas hand on): it is then checked (seats, cards, a card in two hands) without being
    written out and read again, so a deal parsed at the door is not parsed twice.

    Raises :class:`CardError` on a bad token, a seat named twice, a card in two
    hands, or a seat that does not play in this game.
    """
    if isinstance(text, Mapping):
        return _checked_deal(text, players)
    if not isinstance(text, str):
        raise CardError(f"deal {quoted(text)}: expected text such as 'N:Jh Ah Kh 9c 9s E:...'")
    if "|" in text:
        raise CardError(f"deal {quoted(text)}: '|' splits a dummy-hands deal (personal hands | dummies); "
                        "that needs the two-player dummy-hands rules (--players 2 --dummy-hands)")
    seats = (Seat.N, Seat.E, Seat.S, Seat.W) if players == 4 else (Seat.N, Seat.S)
    template = " ".join(f"{s}:<cards>" for s in seats)
    glued = _SEPARATED_HANDS.search(text)
    if glued:
        raise CardError(f"deal {quoted(text)}: hands are separated by spaces, not {glued.group(1)!r}; "
                        f"write {template!r}")
    parts = re.split(r"(?:^|\s+)([NESWnesw]):", " " + text.strip())
    if len(parts) == 1 and parts[0].strip():
        raise CardError(f"deal {quoted(text)}: no seat labels; write each hand after its seat: {template!r}")
    if parts[0].strip():
        raise CardError(f"deal {quoted(text)}: expected 'N:' before the first hand, got {quoted(parts[0].strip())}")
    hands: dict = {s: None for s in seats}
    named = set()
    owner: dict = {}
    for i in range(1, len(parts), 2):
        seat = Seat.parse(parts[i])
        body = parts[i + 1].strip()
        if seat not in hands:
            raise CardError(f"deal {quoted(text)}: seat {seat} does not play in the {players}-player game")
        if seat in named:
            raise CardError(f"deal {quoted(text)}: seat {seat} is named twice")
        named.add(seat)
        if body == "-":
            continue
        hands[seat] = _owned(parse_cards(body, what=f"{seat} hand"), seat, owner)
    if not named:
        raise CardError(f"deal {quoted(text)}: no hands found; write {template!r}")
    return hands


def _checked_deal(given: Mapping, players: int) -> dict:
    """``{Seat: list[Card] | None}`` for every seat of the game from a mapping of seats to cards (or ``None``)."""
    seats = (Seat.N, Seat.E, Seat.S, Seat.W) if players == 4 else (Seat.N, Seat.S)
    hands: dict = {s: None for s in seats}
    owner: dict = {}
    for key, value in given.items():
        seat = Seat.parse(key)
        if seat not in hands:
            raise CardError(f"deal: seat {seat} does not play in the {players}-player game")
        if hands[seat] is not None:
            raise CardError(f"deal: seat {seat} is named twice")
        if value is None:
            continue
        hands[seat] = _owned(parse_cards(value, what=f"{seat} hand"), seat, owner)
    return hands


def _owned(cards: list, seat: Seat, owner: dict) -> list:
    """``cards``, each recorded in ``owner`` as ``seat``'s; raises :class:`CardError` for a card another seat holds."""
    for c in cards:
        if c in owner:
            raise CardError(f"card {c} appears in {owner[c]} and {seat}")
        owner[c] = seat
    return cards


def format_deal(hands: Mapping) -> str:
    """Inverse of :func:`parse_deal`: ``{Seat: cards | None}`` → ``"N:... E:- ..."``. A seat may be given as
    :meth:`Seat.parse` reads it, its cards as :func:`format_cards` takes them.

    Raises :class:`CardError` naming the bad token: a seat that is none or is named twice, or a hand that
    is no cards (text too: it is parsed by :func:`parse_deal`)."""
    if not isinstance(hands, Mapping):
        raise CardError(f"deal {quoted(hands)}: expected a mapping of seats to cards, as parse_deal returns")
    parts: dict = {}
    for key, cards in hands.items():
        seat = Seat.parse(key)
        if seat in parts:
            raise CardError(f"deal: seat {seat} is named twice")
        try:
            parts[seat] = "-" if cards is None else format_cards(cards)
        except CardError as exc:
            raise CardError(f"{seat} hand {quoted(cards, 80)}: {_without_quote(str(exc), cards)}") from None
    return " ".join(f"{seat.name}:{parts[seat]}" for seat in sorted(parts))


def _without_quote(message: str, value) -> str:
    """``message`` without its leading ``cards <value>: `` (the caller quotes the value itself)."""
    head = f"cards {quoted(value)}: "
    return message[len(head):] if message.startswith(head) else message


def split_dummy_deal(text: str) -> tuple:
    """Split a dummy-hands deal ``"N:<hand> S:<hand> | N:<dummy> S:<dummy>"`` into its two phases.

    The part before ``|`` is the personal hands (tricks 1-5), the part after the
    face-up dummy hands (tricks 6-10). Returns the two deal strings.
    Raises :class:`CardError` when there is not exactly one ``|``.
    """
    if not isinstance(text, str) or text.count("|") != 1:
        raise CardError(f"deal {quoted(text)}: a dummy-hands deal is 'N:<hand> S:<hand> | N:<dummy> S:<dummy>' "
                        "(personal hands, then the dummies, split by one '|')")
    personal, dummy = (part.strip() for part in text.split("|"))
    return personal, dummy
