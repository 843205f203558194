"""A slow, obviously correct double-dummy solver for euchre: the test oracle.

Written only from the rules of the game (docs/rules.md) and deliberately independent of
`solver/` (nothing is imported from it), so that it can check that code.

Rules implemented:
  * 24 cards 9 T J Q K A in c d h s, plus an optional joker 'B' (highest trump).
  * Right bower = J of trump; left bower = J of the same-colour suit. The left
    bower is a trump for every purpose (following, winning, being led).
  * Must follow the led card's effective suit if able, else play anything.
  * Highest trump wins, else the highest card of the led suit; the winner leads.
  * No trump (house rule allow_no_trump; trump "n"): no trump suit and no bowers,
    every card in its printed suit ranked A K Q J T 9, the highest card of the
    led suit wins; no joker.
  * Seats N E S W = 0..3 clockwise. Four players: sides NS and EW; a loner's
    partner sits out (hand None, shown '-'), so tricks have three cards.
    Two players: seats N and S only, each its own side, named "N" and "S".

Values are always *total tricks from this position*, i.e. the trick in
progress counts as well as every trick still to be played.

Plain minimax (the mover's side maximises its tricks), with functools.lru_cache
on the immutable state at trick starts and one obvious cutoff (stop looking
once a card wins every remaining trick, or loses them all for the minimiser);
no other cleverness.
"""

from functools import lru_cache

SEATS = "NESW"
RANKS = "9TJQKA"
SUITS = "cdhs"
JOKER = "B"
SAME_COLOUR = {"c": "s", "s": "c", "d": "h", "h": "d"}
DECK = [r + s for s in SUITS for r in RANKS]


# --------------------------------------------------------------------- cards

NO_TRUMP = "n"


def effective_suit(card, trump):
    """Trump for the joker and both bowers, else the printed suit (always, in no trump)."""
    if trump == NO_TRUMP:
        if card == JOKER:
            raise ValueError("no joker in a no-trump contract")
        return card[1]
    if card == JOKER:
        return trump
    if card[0] == "J" and card[1] == SAME_COLOUR[trump]:
        return trump  # left bower
    return card[1]


def strength(card, trump, led_suit):
    """How strongly `card` competes in a trick whose led (effective) suit is
    `led_suit`: any trump beats any non-trump; a card that is neither trump
    nor of the led suit cannot win (-1)."""
    suit = effective_suit(card, trump)
    if suit == trump:
        if card == JOKER:
            return 200
        if card == "J" + trump:
            return 199  # right bower
        if card[0] == "J":
            return 198  # left bower
        return 100 + RANKS.index(card[0])  # A K Q T 9 (J is gone to the bowers)
    if suit == led_suit:
        return RANKS.index(card[0])
    return -1


def legal_cards(hand, trump, led_card_or_None):
    """Cards of `hand` that may be played; led_card None means we are leading."""
    hand = list(hand)
    if led_card_or_None is None:
        return hand
    led = effective_suit(led_card_or_None, trump)
    following = [c for c in hand if effective_suit(c, trump) == led]
    return following or hand


def trick_winner(cards, trump):
    """Index (0 = the leader) of the card that wins the trick `cards`."""
    led = effective_suit(cards[0], trump)
    powers = [strength(c, trump, led) for c in cards]
    return powers.index(max(powers))


# --------------------------------------------------------------------- seats

def side_name(seat, players):
    """Side of a seat letter: 'NS'/'EW' with four players, the seat itself with two."""
    if players == 2:
        return seat
    return "NS" if seat in "NS" else "EW"


def side_names(players):
    return ("N", "S") if players == 2 else ("NS", "EW")


def _next_seat(active, seat, steps=1):
    return active[(active.index(seat) + steps) % len(active)]


# ---------------------------------------------------------------- the search
#
# Inside the search a position is: `active`, the seats that play, clockwise
# from N; `hands`, a tuple of sorted card tuples aligned with `active`; the
# leader's index into `active`; and `played`, the cards of the trick so far.
# A value is the number of tricks side 0 ("NS", or "N" with two players)
# takes from here on, counting the trick in progress; the other side takes
# the rest. Side 0 maximises it, side 1 minimises it.

def _side0(seat, players):
    return side_name(seat, players) == side_names(players)[0]


def _value(hands, trump, lead, played, active, players):
    n = len(active)
    if len(played) == n:  # trick complete: score it, the winner leads the next
        winner = (lead + trick_winner(played, trump)) % n
        won = 1 if _side0(active[winner], players) else 0
        if not hands[0]:
            return won
        return won + _trick_start(hands, trump, winner, active, players)
    mover = (lead + len(played)) % n
    maximise = _side0(active[mover], players)
    # all the tricks still to play (the leader's hand is one short once it
    # has led) when maximising, none when minimising
    best_possible = len(hands[lead]) + (1 if played else 0) if maximise else 0
    best = None
    for card in legal_cards(hands[mover], trump, played[0] if played else None):
        v = _value(*_after(hands, mover, card, trump, lead, played, active, players))
        if best is None or (v > best if maximise else v < best):
            best = v
        if best == best_possible:  # cannot do better than all tricks / none
            break
    return best


@lru_cache(maxsize=None)
def _trick_start(hands, trump, lead, active, players):
    """Cached at trick starts only: mid-trick states are never reached twice."""
    return _value(hands, trump, lead, (), active, players)


def _after(hands, mover, card, trump, lead, played, active, players):
    """The search state after `mover` (an index into active) plays `card`."""
    hands = tuple(tuple(c for c in h if c != card) if i == mover else h
                  for i, h in enumerate(hands))
    return hands, trump, lead, played + (card,), active, players


def _state(hands, trump, leader, played, players):
    seats = "NS" if players == 2 else SEATS
    active = tuple(s for s in seats if hands.get(s) is not None)
    if leader not in active:
        raise ValueError(f"leader {leader} does not play")
    held = tuple(tuple(sorted(hands[s])) for s in active)
    return held, trump, active.index(leader), tuple(played), active, players


def _result(side0_tricks, hands, lead, played, players):
    """{side: tricks} from side 0's tricks. The total is the tricks still to be
    played, counting the one in progress (the leader's hand is one short if
    it has already led to it)."""
    total = len(hands[lead]) + (1 if played else 0)
    first, second = side_names(players)
    return {first: side0_tricks, second: total - side0_tricks}


def to_move(hands, leader, played, players=4):
    """Seat letter of the player to move."""
    active = _state(hands, "h", leader, played, players)[4]
    return _next_seat(active, leader, len(played))


def solve(hands, trump, leader, played, players=4):
    """Total tricks for each side from this position under best play, counting
    the trick in progress: {"NS": 3, "EW": 2} or {"N": 1, "S": 2}."""
    state = _state(hands, trump, leader, played, players)
    held, trump, lead, played, active, players = state
    return _result(_value(*state), held, lead, played, players)


def card_values(hands, trump, leader, played, players=4):
    """For each legal card of the player to move: total tricks of the mover's
    side (from this position) after playing it and best play thereafter."""
    state = _state(hands, trump, leader, played, players)
    held, trump, lead, played, active, players = state
    mover = (lead + len(played)) % len(active)
    my_side = side_name(active[mover], players)
    after = {card: _after(held, mover, card, trump, lead, played, active, players)
             for card in legal_cards(held[mover], trump, played[0] if played else None)}
    return {card: _result(_value(*child), held, lead, played, players)[my_side]
            for card, child in after.items()}


# --------------------------------------------------------- vector text format

def parse_vector_deal(deal):
    """"N:Jh Ah E:- S:... W:..." -> {"N": ["Jh", "Ah"], "E": None, ...}.
    '-' is a hand that sits out (None); 'E:' with no cards is an empty hand."""
    hands, seat = {}, None
    for token in deal.split():
        if len(token) >= 2 and token[0] in SEATS and token[1] == ":":
            seat, token = token[0], token[2:]
            hands[seat] = []
            if not token:
                continue
        if token == "-":
            hands[seat] = None
        else:
            hands[seat].append(token)
    return hands


def format_deal(hands, players=4):
    seats = "NS" if players == 2 else SEATS
    parts = []
    for s in seats:
        h = hands.get(s)
        parts.append(f"{s}:-" if h is None else f"{s}:" + " ".join(h))
    return " ".join(parts)


def random_position(rng, players=4, joker=False, alone=None, tricks_left=5, mid_trick=False, no_trump=False):
    """A seeded random position shaped like a line of dd-vectors.jsonl (without
    the answers). Hands are dealt for the trick in progress (tricks_left cards
    each), then, if mid_trick, 1..(trick size - 1) random *legal* cards are
    played from the leader, so `played` is a legal sequence; no_trump: a no-trump contract (trump "n")."""
    if not 1 <= tricks_left <= 5:
        raise ValueError("tricks_left must be 1..5")
    if isinstance(alone, int):
        alone = SEATS[alone]
    if players == 2 and alone is not None:
        raise ValueError("no going alone with two players")
    seats = "NS" if players == 2 else SEATS
    out = {s: None for s in seats}
    partner = SEATS[(SEATS.index(alone) + 2) % 4] if alone else None
    active = [s for s in seats if s != partner]
    deck = DECK + ([JOKER] if joker else [])
    rng.shuffle(deck)
    for i, s in enumerate(active):
        out[s] = deck[i * tricks_left:(i + 1) * tricks_left]
    trump = NO_TRUMP if no_trump else rng.choice(SUITS)
    if no_trump and joker:
        raise ValueError("no joker in a no-trump contract")
    leader = rng.choice(active)
    if alone:
        makers = side_name(alone, players)
    else:
        makers = rng.choice(side_names(players))
    played = []
    if mid_trick:
        seat = leader
        for _ in range(rng.randint(1, len(active) - 1)):
            card = rng.choice(legal_cards(out[seat], trump, played[0] if played else None))
            out[seat] = [c for c in out[seat] if c != card]
            played.append(card)
            seat = _next_seat(tuple(active), seat)
    to_move = _next_seat(tuple(active), leader, len(played))
    return {"players": players, "joker": joker, "deal": format_deal(out, players),
            "trump": trump, "leader": leader, "makers": makers, "alone": alone,
            "played": " ".join(played), "to_move": to_move}
