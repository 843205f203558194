"""The rules kernel: the facts of euchre on plain ints, defined here once and imported everywhere.

Seats are ints N E S W = 0..3 (or :class:`~solver.cards.Seat`), suits C D H S =
0..3, cards ``rank * 4 + suit`` with the joker 24, hands bitmasks
(:mod:`solver.cards`). Every rule is from ``docs/rules.md``; the Cython core keeps its
own fast tables for the search, and ``tests/test_laws.py`` checks them against
these.

>>> from solver.cards import Card, Seat
>>> side_name(side_of(Seat.E))
'EW'
>>> first_leader(Seat.S, Rules(), alone=Seat.N)     # left of the loner
<Seat.E: 1>
>>> winning_index([Card.parse("Ah"), Card.parse("Jd"), Card.parse("9c")], trump=1)
1
>>> hand_points(5, Rules(), alone=True)
('makers', 4)
>>> call_name("order", None, seat=Seat.N, dealer=Seat.S, players=4)
'assist'
>>> parse_call("Call H alone")
('call', <Suit.H: 2>, True)
"""
from __future__ import annotations

import numpy as np

from .cards import JOKER, NO_TRUMP, Seat, Suit, cards_of, mask_of, parse_trump, trump_of
from .errors import IllegalActionError, PositionError, RulesError, SeatError, quoted
from .rules import Rules
from .variants import FARMERS_MASK, GO_UNDER_FORBIDDEN, KITTY_EXCHANGE_CARDS  # noqa: F401  (their home: variants)
from .variants import EXCHANGE_KINDS, exchanges, lead_from, may_pass, pack
from .variants import contracts as contracts_hook, must_go_alone as must_go_alone_hook

TRICKS = 5          # tricks in a hand (and cards in a dealt hand)
MAKE_TRICKS = 3     # tricks the makers need to score


# -- counting ------------------------------------------------------------------
def popcount(mask: int) -> int:
    """Number of cards in a hand bitmask."""
    return int(mask).bit_count()


def pack_mask(rules: Rules) -> int:
    """Bitmask of every card in the pack: 24 cards, or 25 with the joker (the hook :func:`solver.variants.pack`)."""
    return pack(rules)


# -- seats and sides -------------------------------------------------------------
def side_of(seat: int, players: int = 4) -> int:
    """Side index of a seat: 0 for N-S and 1 for E-W; in two-player euchre 0 for N, 1 for S."""
    return seat // 2 if players == 2 else seat % 2


def side_name(side: int, players: int = 4) -> str:
    """``"NS"``/``"EW"`` for side 0/1; ``"N"``/``"S"`` in two-player euchre.

    Raises :class:`PositionError` for anything but 0 or 1.
    """
    if isinstance(side, bool) or side not in (0, 1):
        raise PositionError(f"side {quoted(side, 40)}: a side index is 0 or 1")
    return ("N", "S")[side] if players == 2 else ("NS", "EW")[side]


def parse_side(text, players: int = 4) -> int:
    """Parse a side name (``NS``/``EW``; ``N``/``S`` in two-player) into 0 or 1 (0 and 1 pass through).

    Raises :class:`PositionError` naming the token otherwise.
    """
    if isinstance(text, int) and not isinstance(text, bool) and text in (0, 1):
        return text
    key = text.strip().upper() if isinstance(text, str) else None
    table = {"N": 0, "S": 1} if players == 2 else {"NS": 0, "SN": 0, "EW": 1, "WE": 1}
    if key in table:
        return table[key]
    names = "N or S" if players == 2 else "NS or EW"
    raise PositionError(f"side {quoted(text)}: must be {names}")


def side_seats(side: int, players: int = 4) -> tuple:
    """The seats of a side: ``(N, S)`` or ``(E, W)``; a single seat in two-player euchre."""
    if players == 2:
        return (Seat(2 * side),)
    return (Seat(side), Seat(side + 2))


def seats(players: int = 4) -> tuple:
    """The seats at the table, clockwise from N: N E S W, or N S in two-player euchre."""
    return (Seat.N, Seat.S) if players == 2 else (Seat.N, Seat.E, Seat.S, Seat.W)


def next_seat(seat: int, players: int = 4) -> Seat:
    """The seat to the left (clockwise); in two-player euchre the other player."""
    return Seat((seat + 2) % 4) if players == 2 else Seat((seat + 1) % 4)


def place_after_dealer(seat: int, dealer: int, players: int = 4) -> int:
    """0 for the dealer, 1 left of it, 2 its partner, 3 right of it; two-player: 1 for the non-dealer."""
    return 1 if (players == 2 and seat != dealer) else (seat - dealer) % 4


def may_go_alone(players: int) -> bool:
    """Going alone (and defending alone) exists only in the four-player game: two-player has no partners."""
    return players == 4


def check_seat(seat, players: int = 4, what: str = "seat") -> Seat:
    """``seat`` as a :class:`Seat` at this table.

    Raises :class:`CardError` for text that is no seat, :class:`SeatError` for a seat that has no
    place in two-player euchre (which seats only N and S).
    """
    seat = Seat.parse(seat)
    if seat not in seats(players):
        raise SeatError(f"{what} {seat}: two-player euchre seats only N and S")
    return seat


def seats_in_play(players: int = 4, alone=None, defender_alone=None) -> tuple:
    """Seats that play the tricks, clockwise from N: a loner's and a lone defender's partner sit out."""
    out = list(seats(players))
    for lone in (alone, defender_alone):
        if lone is not None and players == 4:
            out.remove(Seat(lone).partner)
    return tuple(out)


def seats_mask(players: int = 4, alone=None, defender_alone=None) -> int:
    """Bitmask of :func:`seats_in_play` (bit i = seat i), as the double-dummy core takes it."""
    mask = 0
    for seat in seats_in_play(players, alone, defender_alone):
        mask |= 1 << seat
    return mask


def bidding_order(dealer: int, players: int = 4) -> tuple:
    """The seats in the order they bid, from the dealer's left; the dealer last."""
    order = [next_seat(dealer, players)]
    while order[-1] != dealer:
        order.append(next_seat(order[-1], players))
    return tuple(order)


def first_leader(dealer: int, rules: Rules, alone=None, defender_alone=None) -> Seat:
    """Who leads the first trick (docs/rules.md): left of the dealer; against a loner, by ``rules.loner_lead``.

    Seats that sit out are skipped; two-player: the non-dealer.

    >>> first_leader("S", Rules()), first_leader("S", Rules(), alone="E")
    (<Seat.W: 3>, <Seat.S: 2>)

    Raises :class:`CardError` for a seat that is not one, :class:`~solver.errors.RulesError` for rules
    that are not a :class:`Rules` (``None`` means the defaults).
    """
    rules = Rules.coerce(rules)
    dealer = check_seat(dealer, rules.players, "dealer")
    alone = None if alone is None else check_seat(alone, rules.players, "alone")
    defender_alone = None if defender_alone is None else check_seat(defender_alone, rules.players, "defender_alone")
    if rules.players == 2:
        return dealer.partner
    playing = seats_in_play(4, alone, defender_alone)
    start = dealer if alone is None else lead_from(rules, dealer, alone)
    seat = next_seat(start)
    while seat not in playing:
        seat = next_seat(seat)
    return seat


# -- tricks ----------------------------------------------------------------------
def effective_suit(card: int, trump: int) -> int:
    """The suit a card counts as under ``trump``: trump for the bowers and the joker; in no trump
    (``trump`` :data:`~solver.cards.NO_TRUMP`, 4) every card's printed suit (no bowers, no joker)."""
    if trump == NO_TRUMP:
        if card == JOKER:
            raise PositionError("the joker has no place in a no-trump contract")
        return card % 4
    if card == JOKER:
        return trump
    suit = card % 4
    if card // 4 == 2 and suit == 3 - trump:      # the left bower: the jack of the same colour
        return trump
    return suit


def trick_strength(card: int, trump: int, led_suit: int) -> int:
    """How strongly ``card`` contends for a trick led in ``led_suit``.

    Higher wins; 0 means the card cannot win (off-suit, not trump). Trump order
    per docs/rules.md: joker > right bower > left bower > A > K > Q > T > 9. In no trump
    (``trump`` 4) no card is trump and the jacks keep their place, A K Q J T 9.
    """
    if card == JOKER:
        return 40
    rank, suit = card // 4, card % 4
    if rank == 2 and suit == trump:
        return 39
    if rank == 2 and suit == 3 - trump:
        return 38
    if suit == trump:
        return 30 + rank
    if suit == led_suit:
        return 10 + rank
    return 0


def winning_index(cards, trump: int) -> int:
    """Index in ``cards`` (a trick, in play order) of the card that wins it."""
    led = effective_suit(cards[0], trump)
    strengths = [trick_strength(c, trump, led) for c in cards]
    return strengths.index(max(strengths))


def trick_winner(leader: int, cards, trump: int, playing) -> Seat:
    """The seat that wins a trick led by ``leader`` with ``cards`` in play order among the ``playing`` seats."""
    order = trick_seats(leader, playing)
    return order[winning_index(cards, trump)]


def trick_seats(leader: int, playing) -> tuple:
    """The ``playing`` seats (clockwise) in the order they play to a trick led by ``leader``."""
    playing = tuple(playing)
    i = playing.index(leader)
    return playing[i:] + playing[:i]


def suit_cards(hand: int, suit: int, trump: int) -> int:
    """The cards of ``hand`` (bitmask) whose effective suit is ``suit`` under ``trump``."""
    return mask_of(c for c in cards_of(hand) if effective_suit(c, trump) == suit)


def legal_mask(hand: int, trump: int, led_card) -> int:
    """Cards of ``hand`` (bitmask) that may be played to a trick led by ``led_card`` (None: leading)."""
    if led_card is None:
        return hand
    follow = suit_cards(hand, effective_suit(led_card, trump), trump)
    return follow or hand


# -- scoring ---------------------------------------------------------------------
def hand_points(makers_tricks: int, rules: Rules, alone: bool = False, defender_alone: bool = False) -> tuple:
    """Points of a finished hand: ``(side, points)`` where side is ``"makers"`` or ``"defenders"``.

    docs/rules.md scoring: 3-4 tricks 1 point; 5 tricks 2 (4 alone, ``loner_march_score``);
    0-2 tricks: the defenders score ``euchre_score`` (``loner_euchred_score`` against a
    loner, ``lone_defender_score`` for a lone defender).

    >>> hand_points(5, Rules(), alone=True), hand_points(2, Rules())
    (('makers', 4), ('defenders', 2))

    Raises :class:`PositionError` when ``makers_tricks`` is not a whole number 0..5,
    :class:`~solver.errors.RulesError` for ``rules`` that :meth:`Rules.coerce` refuses.
    """
    if isinstance(makers_tricks, (bool, np.bool_)) or not isinstance(makers_tricks, (int, np.integer)) \
            or not 0 <= makers_tricks <= TRICKS:
        raise PositionError(f"makers_tricks {quoted(makers_tricks, 60)}: expected a whole number of tricks 0..5")
    rules = Rules.coerce(rules)
    if makers_tricks >= TRICKS:
        return "makers", rules.loner_march_score if alone else rules.march_score
    if makers_tricks >= MAKE_TRICKS:
        return "makers", 1
    if defender_alone:
        return "defenders", rules.lone_defender_score
    return "defenders", rules.loner_euchred_score if alone else rules.euchre_score


def makers_points(makers_tricks: int, rules: Rules, alone: bool = False, defender_alone: bool = False) -> int:
    """Points for the makers' side, negative when the defenders score (units: points)."""
    who, pts = hand_points(makers_tricks, rules, alone, defender_alone)
    return pts if who == "makers" else -pts


def game_over(rules: Rules, score, deals_done: int) -> bool:
    """Whether a game stands over: a side has ``rules.winning_score`` points, or ``rules.num_deals``
    deals (non-zero) have been played."""
    if rules.winning_score and max(score) >= rules.winning_score:
        return True
    return bool(rules.num_deals) and deals_done >= rules.num_deals


# -- calls -----------------------------------------------------------------------
CALL_KINDS = ("pass", "order", "call")
_ORDER_WORDS = ("order", "order up", "pick up", "pick it up", "pickup", "assist")


def check_trump(trump, rules: Rules | None = None, *, allow_no_trump: bool | None = None):
    """``trump`` (a suit, or no trump: see :func:`solver.cards.parse_trump`) as a Suit or
    :data:`~solver.cards.NO_TRUMP`, under ``rules`` (or, without building them, ``allow_no_trump``).

    Raises :class:`~solver.errors.CardError` for a token that is neither, and
    :class:`~solver.errors.RulesError` for no trump under rules without ``allow_no_trump``.
    """
    if allow_no_trump is None:
        allow_no_trump = NO_TRUMP in contracts(Rules.coerce(rules))
    if allow_no_trump:
        return parse_trump(trump)
    try:
        value = parse_trump(trump)
    except ValueError:
        return Suit.parse(trump)          # its message: a suit is what these rules take
    if value == NO_TRUMP:
        raise RulesError(f"trump {quoted(trump)}: a no-trump contract needs the house rule allow_no_trump "
                         "(Rules(allow_no_trump=True), --allow-no-trump)")
    return value


def contracts(rules: Rules) -> tuple:
    """The trumps a hand may be played in: the four suits, then :data:`~solver.cards.NO_TRUMP` when
    ``rules.allow_no_trump`` (the hook :func:`solver.variants.contracts`)."""
    return contracts_hook(Rules.coerce(rules))


def call_token(kind: str, suit=None, alone: bool = False) -> str:
    """A call as a short token: ``pass``, ``order``, ``order alone``, ``call h``, ``call h alone``,
    ``call n`` (no trump)."""
    if kind == "pass":
        return "pass"
    base = "order" if kind == "order" else f"call {trump_of(suit).letter}"
    return base + (" alone" if alone else "")


def parse_call(text) -> tuple:
    """Parse a call token into ``(kind, suit, alone)``; ``suit`` is a :class:`Suit` for ``call`` (or
    :data:`~solver.cards.NO_TRUMP` for a no-trump call), else None.

    Takes ``pass``; ``order`` (also ``order up``, ``pick up``, ``pick it up``, ``assist``);
    ``call h`` / ``name hearts`` / ``h``; ``call n`` / ``call no trump`` / ``nt`` (``Rules.allow_no_trump``);
    each but pass optionally followed by ``alone``.
    Raises :class:`IllegalActionError` naming the token otherwise. Whether the call is
    open to the seat (the round, the turned-down suit) is :func:`check_call`'s question.
    """
    if not isinstance(text, str):
        raise IllegalActionError(f"call {text!r}: expected text such as 'pass', 'order alone', 'call h'")
    words = text.strip().lower().replace("-", " ").replace("_", " ").split()
    alone = bool(words) and words[-1] == "alone"
    if alone:
        words = words[:-1]
    key = " ".join(words)
    if key == "pass":
        if alone:
            raise IllegalActionError(f"call {text!r}: a pass cannot go alone")
        return "pass", None, False
    if key in _ORDER_WORDS:
        return "order", None, alone
    if words and words[0] in ("call", "name"):
        words = words[1:]
    if words:
        try:
            return "call", parse_trump(" ".join(words)), alone
        except ValueError:
            pass
    raise IllegalActionError(f"call {text!r}: expected 'pass', 'order', 'call <suit>' (or 'call n', no trump), "
                             "optionally followed by 'alone'")


def must_go_alone(seat: int, dealer: int, rnd: int, rules: Rules) -> bool:
    """Whether a seat that makes trump now must go alone: Canadian loners (``Rules.canadian``,
    EGN ``canadian``), the dealer's partner ordering up in round 1.

    >>> must_go_alone(Seat.N, Seat.S, 1, Rules(canadian=True)), must_go_alone(Seat.N, Seat.S, 2, Rules(canadian=True))
    (True, False)
    """
    return must_go_alone_hook(rules, rnd, seat, dealer)


#: the kitty exchanges by name (``Rules.farmers``, ``Rules.go_under``; each a :class:`solver.variants.KittyExchange`)
KITTY_EXCHANGES = tuple(EXCHANGE_KINDS)


def kitty_exchanges(hand: int, rules: Rules) -> tuple:
    """The kitty exchanges open to a seat holding ``hand`` (a bitmask of its five dealt cards): a tuple of
    ``"farmers"`` (three or more nines and tens, ``Rules.farmers``) and ``"go_under"`` (no jack, ace or king,
    ``Rules.go_under``), in that order; empty when neither rule is on or the hand qualifies for neither.

    >>> from solver.cards import mask_of, parse_cards
    >>> kitty_exchanges(mask_of(parse_cards("9c 9d Tc Qh Qs")), Rules(farmers=True, go_under=True))
    ('farmers', 'go_under')
    >>> kitty_exchanges(mask_of(parse_cards("9c 9d Tc Ah Qs")), Rules(go_under=True))
    ()
    """
    return tuple(v.kind for v in exchanges(rules) if v.qualifies(hand))


def kitty_exchange_choices(hand: int, rules: Rules) -> list:
    """Every kitty exchange open to a seat holding ``hand`` (its five cards, a bitmask): ``[(kind, given), ...]``
    with ``given`` the bitmask of the three cards it gives (a farmer: three of its nines and tens; going under:
    any three), farmers first, then by the cards' indices."""
    from itertools import combinations
    out = []
    for kind in kitty_exchanges(hand, rules):
        pool = cards_of(EXCHANGE_KINDS[kind].pool(hand))
        out += [(kind, sum(1 << int(c) for c in three)) for three in combinations(pool, KITTY_EXCHANGE_CARDS)]
    return out


def check_kitty_exchange(kind: str, given: int, hand: int, rules: Rules, seat=None) -> None:
    """Raise :class:`IllegalActionError` unless a seat holding ``hand`` may take the kitty exchange ``kind``
    (``"farmers"`` or ``"go_under"``) giving the cards of bitmask ``given`` (three of its cards; for
    ``"farmers"`` three nines or tens, which it shows)."""
    who = "" if seat is None else f"{Seat(seat)} "
    if kind not in KITTY_EXCHANGES:
        raise IllegalActionError(f"kitty exchange {quoted(kind)}: expected one of {', '.join(KITTY_EXCHANGES)}")
    exchange = EXCHANGE_KINDS[kind]
    word = exchange.verb
    if exchange not in rules.variants:
        raise IllegalActionError(f"{who}cannot {word}: the rules do not have {kind} (Rules({kind}=True))")
    if kind not in kitty_exchanges(hand, rules):
        raise IllegalActionError(f"{who}cannot {word}: {exchange.unqualified}")
    if popcount(given) != KITTY_EXCHANGE_CARDS:
        raise IllegalActionError(f"{who}cannot {word} with {popcount(given)} cards: the exchange gives "
                                 f"{KITTY_EXCHANGE_CARDS}")
    stray = given & ~hand
    if stray:
        raise IllegalActionError(f"{who}cannot {word} with {' '.join(map(str, cards_of(stray)))}: it does not "
                                 "hold " + ("it" if popcount(stray) == 1 else "them"))
    odd = exchange.strays(given)
    if odd is not None:
        raise IllegalActionError(f"{who}{odd}")


def check_known_kitty(known: int, hand: int, rules: Rules, what: str = "kitty") -> None:
    """Raise :class:`PositionError` unless ``known`` (a bitmask) can be the cards a seat holding ``hand`` (its
    cards after the exchange, a bitmask: five, or its five less none played) knows lie face down in the kitty
    after a kitty exchange under ``rules``: exactly three cards, and

    * ``Rules.farmers``: the three a farmer showed, so nines or tens;
    * ``Rules.go_under``: the three this seat put under (only it knows them), so no jack, ace or king among
      them, and the two it kept, in ``hand``, none either: at least two of ``hand`` are no jack, ace or king;
    * both rules on: either.

    >>> from solver.cards import mask_of, parse_cards
    >>> check_known_kitty(mask_of(parse_cards("9c Tc Qd")), mask_of(parse_cards("Ac Kc Ad Ah As")), Rules(farmers=True))
    Traceback (most recent call last):
    ...
    solver.errors.PositionError: kitty 9c Tc Qd: Qd is no nine or ten, and a farmer shows three nines or tens
    """
    text = " ".join(map(str, cards_of(known)))
    n = popcount(known)
    if n != KITTY_EXCHANGE_CARDS:
        raise PositionError(f"{what} {text!r}: {n} card{'' if n == 1 else 's'}; a kitty exchange leaves three "
                            "known cards face down in the kitty (a farmer's three shown, or the three put under)")
    why = []
    for exchange in exchanges(rules):
        reason = exchange.known_kitty_why(known, hand)
        if reason is None:
            return
        why.append(reason)
    if not why:
        raise RulesError(f"{what}: cards known in the kitty come from a kitty exchange, which needs "
                         "Rules(farmers=True) or Rules(go_under=True) (--farmers, --go-under)")
    lead = "it is neither a farmer's three shown nor three put under: " if len(why) == 2 else ""
    raise PositionError(f"{what} {text}: {lead}" + "; and ".join(why))


def check_call(kind: str, suit, alone: bool, rnd: int, turned_down: int, seat: int, dealer: int,
               rules: Rules, text=None) -> None:
    """Raise :class:`IllegalActionError` if a call is not open to ``seat`` in round ``rnd``.

    ``turned_down`` is the upcard's suit; ``text`` the token to name in the message.
    """
    what = f"call {text if text is not None else call_token(kind, suit, alone)!r}"
    if alone and rules.players == 2:
        raise IllegalActionError(f"{what}: there is no going alone in two-player euchre")
    if kind == "pass":
        if not may_pass(rules, rnd, seat, dealer):
            raise IllegalActionError(f"{what}: the dealer is stuck and must name a suit")
    elif kind == "order":
        if rnd != 1:
            raise IllegalActionError(f"{what}: the upcard is turned down in round 2; name a suit")
        if not alone and must_go_alone(seat, dealer, rnd, rules):
            raise IllegalActionError(f"{what}: Canadian loners: the dealer's partner who orders up must go alone "
                                     "('order alone')")
    elif rnd != 2:
        raise IllegalActionError(f"{what}: in round 1 the only call is to order up {Suit(turned_down).word}")
    elif suit == NO_TRUMP:
        if NO_TRUMP not in contracts(rules):
            raise IllegalActionError(f"{what}: no trump is a house rule these rules do not play "
                                     "(Rules(allow_no_trump=True), --allow-no-trump)")
    elif suit == turned_down:
        raise IllegalActionError(f"{what}: {Suit(turned_down).word} was turned down and cannot be named "
                                 "in round 2")


def call_name(kind: str, suit, seat, dealer, players: int = 4, alone: bool = False, discard=None) -> str:
    """A call in plain words: ``pass``, ``order up``, ``assist`` (the dealer's partner), ``pick it up``
    (the dealer), ``call hearts``; ``, discard Kh`` for a dealer's choice of discard; `` alone``."""
    if kind == "pass":
        return "pass"
    if kind == "call":
        text = f"call {trump_of(suit).word}"
    elif seat is not None and seat == dealer:
        text = "pick it up"
    elif seat is not None and players == 4 and seat == Seat(dealer).partner:
        text = "assist"
    else:
        text = "order up"
    if discard is not None:
        text += f", discard {discard}"
    return text + (" alone" if alone else "")


def past_tense(name: str) -> str:
    """A call's name as what was done: ``pass`` -> ``passed``, ``call hearts alone`` -> ``called hearts alone``."""
    for now, then in (("pass", "passed"), ("order up", "ordered up"), ("assist", "assisted"),
                      ("pick it up", "picked it up"), ("call ", "called ")):
        if name.startswith(now):
            return then + name[len(now):]
    return name
