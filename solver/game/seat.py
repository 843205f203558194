"""A seat's view built from what it saw (its calls, tricks and own cards), checked by the rules engine.

:func:`seat_view` takes keyword arguments, :func:`view_from_dict` the JSON of
:meth:`SeatView.to_dict`; a view of a live hand is ``hand.view(seat)``
(:meth:`SeatView.from_hand`). Both replay the view through a :class:`Hand`, so
this module sits above :mod:`solver.game.hand`.

>>> v = seat_view(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s",
...               calls=["Pass", "Pass", "Pass", "Pass", "Pass", "h"])
>>> v.trump, v.maker, v.calls
(<Suit.H: 2>, <Seat.N: 0>, ('Pass', 'Pass', 'Pass', 'Pass', 'Pass', 'h'))
"""
from __future__ import annotations

import dataclasses

from ..cards import JOKER, NO_TRUMP, Card, Seat, Suit, cards_of, format_cards, mask_of, parse_cards, parse_deal, parse_kitty
from ..errors import CardError, IllegalActionError, PositionError, RulesError, plural, quoted
from ..laws import (TRICKS, check_known_kitty, check_seat, effective_suit, first_leader, pack_mask, parse_call, popcount, trick_seats,
                    winning_index)
from ..rules import Rules
from .actions import KEEP, ORDER, PASS, Action, Phase
from .deal import DealCards
from .hand import Hand
from .view import BUILD_KEYS, SeatView


def view_from_dict(data: dict) -> SeatView:
    """Inverse of :meth:`SeatView.to_dict` (the keys of :func:`seat_view`). Raises :class:`PositionError`
    for a value that is not a dict, an unknown key, or a missing one of ``seat``, ``hand``, ``dealer``,
    ``upcard``; and what :func:`seat_view` raises."""
    if not isinstance(data, dict):
        raise PositionError(f"view {quoted(data)}: expected an object with seat, hand, dealer, upcard, ...")
    unknown = sorted(set(data) - set(BUILD_KEYS))
    if unknown:
        raise PositionError(f"view: unknown key {quoted(unknown[0])}; the keys are {', '.join(BUILD_KEYS)}")
    missing = [k for k in BUILD_KEYS[:4] if k not in data]      # seat_view's required arguments
    if missing:
        raise PositionError(f"view: missing key {quoted(missing[0])}; a view needs {', '.join(BUILD_KEYS[:4])}")
    return seat_view(**data)


# -- building a view from its calls and cards -----------------------------------------------
# Checked by replaying it through the Hand with the other seats' cards unknown, so every rule
# keeps its one home (the engine and the kernel solver.laws). Two replays: the first deals every
# card unknown and applies the calls (the auction is checked and gives trump, the loner and the
# first leader); the kernel then says who played each card of the tricks; the second deals each
# seat the cards it is seen to play (the viewer its whole dealt hand) and applies everything
# again, cards included, so a renege is caught whenever the cards prove it.
def _cards(value, what: str) -> list:
    try:
        return parse_cards(value, what=what)
    except CardError as exc:
        raise CardError(f"{exc}") from None


def parse_tricks(value) -> list:
    """The tricks of a view (``"Ad 9d Qd; Kh"`` or a list of tricks, each text or cards) as a list of card
    lists. Raises :class:`PositionError` for a value that is no list of tricks, :class:`CardError` for a bad
    card (the service checks a request's ``tricks`` with it, at the boundary)."""
    if isinstance(value, str):
        value = [t for t in value.split(";") if t.strip()]
    if not isinstance(value, (list, tuple)):
        raise PositionError(f"tricks {quoted(value)}: expected a list of tricks, each the cards from its leader")
    return [_cards(t, f"tricks[{i}]") for i, t in enumerate(value)]


def parse_dummy_hands(value, rules: Rules) -> tuple:
    """The two face-up dummies as dealt (``Rules(players=2, dummy_hands=True)``): 4 bitmasks (N E S W;
    N and S five cards each) from ``'N:<5 cards> S:<5 cards>'`` or ``{'N': ..., 'S': ...}``.

    Raises :class:`CardError` for a bad card (the joker without the joker rule) and
    :class:`PositionError` for a dummy missing, of the wrong size, or a card in both.
    """
    if isinstance(value, str):
        try:
            parsed = parse_deal(value, 2)
        except CardError as exc:
            raise CardError(f"dummies: {exc}") from None
    elif isinstance(value, dict):
        parsed = {}
        for key, cards in value.items():
            parsed[check_seat(key, 2, "dummies: seat")] = _cards(cards, f"dummies[{key}]")
    else:
        raise PositionError(f"dummies {quoted(value)}: expected 'N:<5 cards> S:<5 cards>' or "
                            "{'N': '<5 cards>', 'S': '<5 cards>'}")
    out, seen = [0, 0, 0, 0], {}
    for s in rules.seats:
        got = parsed.get(s)
        if got is None:
            raise PositionError(f"dummies: {Seat(s)}'s dummy is missing; both face-up dummies are needed")
        if len(got) != TRICKS:
            raise PositionError(f"dummies: {Seat(s)}'s dummy {format_cards(got)!r} holds {plural(len(got), 'card')}, "
                                f"expected {TRICKS}")
        for c in got:
            if c == JOKER and not rules.joker:
                raise CardError("dummies: card B: the joker is not in the pack (switch on the joker rule)")
            if c in seen:
                raise PositionError(f"dummies: card {c} is in {Seat(s)}'s dummy and {Seat(seen[c])}'s dummy")
            seen[c] = s
        out[s] = mask_of(got)
    return tuple(out)


def _call_tokens(value, no_trump: bool = False) -> list:
    if isinstance(value, str):
        value = value.split()
    if not isinstance(value, (list, tuple)):
        raise IllegalActionError(f"calls {quoted(value)}: expected a list of tokens such as ['Pass', 'Pass', 'h']")
    out = []
    for i, tok in enumerate(value):
        if not isinstance(tok, str):
            raise IllegalActionError(f"calls[{i}] {quoted(tok)}: a call is a token 'Pass', 'Order' or c d h s"
                                     + (" n" if no_trump else ""))
        who, _, word = tok.rpartition(":")
        try:
            kind, suit, alone = parse_call(word)
        except IllegalActionError:
            raise IllegalActionError(f"calls[{i}] {quoted(tok)}: no such call (EGN calls are Pass, Order, "
                                     + ("c, d, h, s, n (no trump))" if no_trump else "c, d, h, s)")) from None
        if alone:
            raise IllegalActionError(f"calls[{i}] {quoted(tok)}: going alone is the separate 'alone' flag")
        out.append((tok, who.strip() or None, kind, suit))
    return out


def _auction(hand: Hand, tokens, players: int) -> None:
    """Apply the calls to ``hand``, naming the token in any error. A kitty exchange phase (``Rules.farmers`` /
    ``go_under``) is passed with every seat keeping: the hands replayed are those after any exchange."""
    while hand.phase is Phase.EXCHANGE:
        hand.apply(KEEP)
    for i, (tok, who, kind, suit) in enumerate(tokens):
        where = f"calls[{i}] {quoted(tok)}"
        if hand.phase not in (Phase.BID1, Phase.BID2):
            if hand.trump is not None:
                made = "called no trump" if hand.trump == NO_TRUMP else f"made {Suit(hand.trump).word} trump"
                raise IllegalActionError(f"{where}: the auction is over, {hand.maker} {made} at call "
                                         f"{_maker_index(hand)}")
            raise IllegalActionError(f"{where}: the auction is over, every seat passed twice (thrown in)")
        if who is not None:
            try:
                named = check_seat(who, players, f"{where}: seat")
            except CardError as exc:
                raise IllegalActionError(f"{where}: {exc}") from None
            if named != hand.to_act:
                raise IllegalActionError(f"{where}: out of turn, it is {hand.to_act}'s call, not {named}'s")
        if kind == "pass":
            action = PASS
        elif kind == "order":
            action = ORDER
        elif hand.phase is Phase.BID1 and suit == _proposed(hand):
            action = ORDER                           # EGN writes an order up as the upcard's suit
        else:
            action = Action.call(suit)
        try:
            hand.apply(action)
        except IllegalActionError as exc:
            raise IllegalActionError(f"{where}: {exc}") from None


def _proposed(hand: Hand):
    return hand.named_suit if hand.upcard == JOKER else hand.upcard.suit


def _maker_index(hand: Hand) -> int:
    return sum(1 for _s, a in hand.bids if a.kind.value != "name")


def _contract(hand: Hand, alone: bool, defender_alone, discard, discard_known: bool, exchange=(None, None)) -> None:
    """After the calls: the dealer's discard, the loner, call for best's exchange (``exchange``: the card
    passed and the loner's discard, ``None`` where unseen) and a lone defender."""
    if hand.phase is Phase.DISCARD:
        try:
            hand.apply(Action.discard(discard) if discard_known else Action.discard(None))
        except IllegalActionError as exc:
            raise IllegalActionError(f"discard {'?' if discard is None else discard}: {exc}") from None
    if hand.phase is Phase.ALONE:
        hand.apply(Action.go_alone(bool(alone)))
    elif alone:
        why = ("there is no going alone in two-player euchre" if hand.rules.players == 2
               else "no trump was made")
        raise IllegalActionError(f"alone: {why}")
    for key, card in zip(("best_card", "loner_discard"), exchange):
        if hand.phase not in (Phase.GIVE, Phase.LONER_DISCARD):
            if card is not None:
                raise IllegalActionError(f"{key} {card}: there is an exchange only when the maker goes alone "
                                         "under call for best (Rules.partners_best)")
            continue
        try:
            hand.apply(Action.give(card) if hand.phase is Phase.GIVE else Action.discard(card))
        except IllegalActionError as exc:
            raise IllegalActionError(f"{key} {'?' if card is None else card}: {exc}") from None
    while hand.phase is Phase.DEFEND_ALONE:
        hand.apply(Action.defend_alone(hand.to_act == defender_alone))
    if defender_alone is not None and hand.defender_alone != defender_alone:
        why = ("only a defender against a loner may defend alone" if hand.rules.defend_alone
               else "the rules do not allow defending alone (Rules.defend_alone)")
        raise IllegalActionError(f"defender_alone {defender_alone}: {why}")


#: The keyword-only pieces of :func:`seat_view` that only a variant's exchange gives a seat: call for best's
#: (``Rules.partners_best``) card passed and the loner's discard, and the cards known in the kitty after a kitty
#: exchange (``Rules.farmers`` / ``go_under``). The rest of a view's pieces are every hand's.
EXCHANGE_KEYS = ("best_card", "loner_discard", "kitty")


def _exchange(pieces: dict) -> tuple:
    """``pieces`` (:func:`seat_view`'s ``**exchange``) as ``(best_card, loner_discard, kitty)``, each ``None`` when
    not given; a name not in ``EXCHANGE_KEYS`` raises :class:`TypeError` as Python does for a keyword the
    function does not take."""
    for name in pieces:
        if name not in EXCHANGE_KEYS:
            raise TypeError(f"seat_view() got an unexpected keyword argument {name!r}")
    return tuple(pieces.get(name) for name in EXCHANGE_KEYS)


def seat_view(seat, hand, dealer, upcard, calls=(), alone=False, tricks=(), discard=None, rules=None,
              named_suit=None, defender_alone=None, dummies=None, **exchange) -> SeatView:
    """A seat's view from what it saw, validated by replaying it through the rules engine.

    Args:
        seat: the viewing seat (``"W"``, 3, :class:`Seat`).
        hand: the cards it holds **now** (text or cards): five before play, fewer as it plays;
            the dealer who picked up and has not discarded yet (no ``discard``, no tricks) holds six.
            Dummy hands: its personal cards in tricks 1-5; its own dummy's cards not yet played in
            tricks 6-10 (once the fifth trick is complete).
        dealer, upcard: the dealer and the turned-up card.
        calls: the calls so far from the dealer's left, EGN tokens ``"Pass"``, ``"Order"``, or a suit
            letter ``c d h s`` (in round 1 the upcard's suit letter is an order); a list, or one
            string ``"Pass Pass h"``. A token may name its seat, ``"E:Pass"``, which is then checked.
        alone: the maker went alone (once trump is made).
        tricks: the tricks so far, each the cards played from its leader (a list of cards or text
            ``"Ad 9d Qd"``; the whole as one string with ``;`` between tricks), the trick under way last
            (dummy hands: up to ten, tricks 6-10 played from the dummies, the non-dealer leading the sixth).
        discard: the seat's own discard, when it is the dealer and picked up.
        rules: :class:`~solver.rules.Rules` or a dict of options.
        named_suit: the suit the dealer named for a turned-up joker.
        defender_alone: the seat that defends alone (``Rules.defend_alone``), or ``None``.
        dummies: dummy hands (``Rules(players=2, dummy_hands=True)``, and only then): both face-up dummies
            as dealt, ``"N:<5 cards> S:<5 cards>"`` or ``{"N": ..., "S": ...}``.
        exchange: what a variant's exchange showed the seat, keyword-only (``solver.game.seat.EXCHANGE_KEYS``; a view
            of a hand without one names none of them; any other keyword raises :class:`TypeError`):

        best_card, loner_discard: call for best (``Rules.partners_best``), the viewer being the loner: the
            card its partner passed it (in ``hand`` or its plays) and its own discard after the exchange
            (not there); the same card twice when it threw back the card it was passed, as the engine
            allows. ``None`` for any other viewer (they do not see them); both need ``Rules.partners_best``.
        kitty: a kitty exchange before the bidding (``Rules.farmers`` / ``go_under``): the cards the seat knows
            lie face down in the kitty (the three it put under, or a farmer's three shown), which the view keeps
            out of ``unseen`` (``SeatView.kitty_known``); ``hand`` and the plays are then those after the
            exchange (who exchanged is not stated, so ``SeatView.kitty_exchange`` stays ``None``).

    Every key of :meth:`SeatView.to_dict` is a keyword here, so ``seat_view(**view.to_dict())`` rebuilds a view.

    The other seats' cards are unknown: each is dealt the cards it is seen to play and unknown cards
    for the rest; the viewer's dealt hand is its hand + the cards it played (+ its discard - the upcard
    when it picked up). Every call and card is then applied to a :class:`~solver.game.Hand`, so the
    rules are checked where they live.

    Raises :class:`~solver.errors.EuchreError` (``IllegalActionError``, ``CardError``, ``PositionError``,
    ``RulesError``) naming the call or card and why: a token that is no call, a call out of turn or
    after the auction ended, the turned-down suit named, a card twice or the upcard where it cannot
    be, a hand of the wrong size, tricks before trump was made, a renege (the viewer's, or another
    seat's that the cards prove: it showed out of a suit it later plays).
    """
    best_card, loner_discard, kitty = _exchange(exchange)
    rules = Rules.coerce(rules)
    if rules.dummy_hands and dummies is None:
        raise PositionError("dummies: the dummy-hands variant needs both face-up dummies, 'N:<5 cards> S:<5 cards>'")
    if dummies is not None and not rules.dummy_hands:
        raise RulesError("dummies: face-up dummies belong to Rules(players=2, dummy_hands=True)")
    dummy = parse_dummy_hands(dummies, rules) if rules.dummy_hands else (0, 0, 0, 0)
    players = rules.players
    seat = check_seat(seat, players)
    dealer = check_seat(dealer, players, "dealer")
    if not isinstance(alone, bool):
        raise PositionError(f"alone {quoted(alone)}: expected true or false")
    defender_alone = None if defender_alone is None else check_seat(defender_alone, players, "defender_alone")
    own = _cards(hand, "hand")
    try:
        up = Card(upcard) if isinstance(upcard, int) else Card.parse(upcard)
    except CardError as exc:
        raise CardError(f"upcard: {exc}") from None
    disc = None
    if discard is not None:
        disc = Card(discard) if isinstance(discard, int) else _cards(discard, "discard")
        if isinstance(disc, list):
            if len(disc) != 1:
                raise CardError(f"discard {quoted(discard)}: expected one card")
            disc = disc[0]
    exchange = []
    for key, value in (("best_card", best_card), ("loner_discard", loner_discard)):
        card = None
        if value is not None:
            cards = [Card(value)] if isinstance(value, int) and not isinstance(value, bool) else _cards(value, key)
            if len(cards) != 1:
                raise CardError(f"{key} {quoted(value)}: expected one card")
            card = cards[0]
        exchange.append(card)
    best, thrown = exchange
    if (best is not None or thrown is not None) and not rules.partners_best:
        given = ", ".join(f"{k} {c}" for k, c in (("best_card", best), ("loner_discard", thrown)) if c is not None)
        raise RulesError(f"{given}: the exchange belongs to call for best, which is off; it needs "
                         "Rules(partners_best=True) (--partners-best)")
    if (best is None) != (thrown is None):
        raise PositionError("best_card, loner_discard: the loner knows both (the card passed and its discard), "
                            "or give neither")
    trick_cards = parse_tricks(tricks)
    tokens = _call_tokens(calls, rules.allow_no_trump)
    pack = pack_mask(rules)
    for what, cards in [("hand", own), ("upcard", [up]), ("discard", [disc] if disc is not None else [])] + [
            (f"tricks[{i}]", t) for i, t in enumerate(trick_cards)] + [
            ("dummies", cards_of(m)) for m in dummy if m]:
        for c in cards:
            if not pack & c.mask:
                raise CardError(f"{what}: card {c} is not in the pack (the joker needs Rules(joker=True))")
    if named_suit is not None and up != JOKER:
        raise PositionError(f"named_suit {quoted(named_suit)}: a suit is named only for a turned-up joker")
    if up == JOKER and named_suit is None:
        raise PositionError("named_suit: the joker is turned up, so the dealer names a suit first")

    # 1. the auction, every card unknown
    scout = Hand(rules, dealer)
    unknown = tuple(TRICKS if s in rules.seats else 0 for s in range(4))
    scout.apply(DealCards((0, 0, 0, 0), up, 0, unknown, rules.kitty_size - 1, dummy))
    if named_suit is not None:
        try:
            scout.apply(Action.name(named_suit))
        except (IllegalActionError, CardError) as exc:
            raise IllegalActionError(f"named_suit {quoted(named_suit)}: {exc}") from None
    _auction(scout, tokens, players)
    picked = scout.picked_up
    if disc is not None and not (picked and seat == dealer):
        raise PositionError(f"discard {disc}: only the dealer who picked up the upcard discards, "
                            f"and the view is {seat}'s" + ("" if seat != dealer else " (no one ordered up)"))
    before_discard = picked and seat == dealer and disc is None
    if before_discard and (trick_cards or alone):
        raise PositionError(f"discard: {seat} is the dealer and picked up {up}; its discard is needed "
                            "(it comes before going alone and the first lead)")
    if trick_cards and scout.trump is None:
        raise IllegalActionError(f"tricks[0] {format_cards(trick_cards[0])!r}: no card is played before trump "
                                 "is made (the calls " + ("end in a throw-in" if scout.is_over else
                                                          "have not made trump") + ")")
    if best is not None and not (rules.partners_best and alone and scout.trump is not None
                                 and scout.maker == seat):
        raise PositionError(f"best_card {best}: only the loner sees the exchange of call for best "
                            "(Rules.partners_best), and the view is not a loner's")
    if not before_discard and scout.trump is not None:
        _contract(scout, alone, defender_alone, None, False, (best, thrown) if best is not None else (None, None))
    elif alone or defender_alone is not None:
        if scout.trump is None:
            raise IllegalActionError("alone: no trump was made")

    # 2. who played each card (the kernel's trick rules)
    played = [0, 0, 0, 0]              # dummy hands: the personal cards played in tricks 1-5
    second = [0, 0, 0, 0]              # dummy hands: the dummy cards played in tricks 6-10
    in_second = rules.dummy_hands and (len(trick_cards) > TRICKS or (
        len(trick_cards) == TRICKS and len(trick_cards[-1]) == len(rules.seats)))
    where = {} if in_second else {c: "hand" for c in own}     # in tricks 6-10 the viewer holds its dummy
    for s in rules.seats:
        for c in cards_of(dummy[s]):
            if c in where or c == up or c == disc:
                place = "the upcard" if c == up else "the discard" if c == disc else f"{seat}'s hand"
                raise PositionError(f"dummies: card {c} in {Seat(s)}'s dummy is also {place}")
            where[c] = f"{Seat(s)}'s dummy"
    if disc is not None:
        if disc in where:
            raise PositionError(f"discard {disc}: the card is also in {seat}'s hand")
        where[disc] = "the discard"
    owner = {}
    if trick_cards:
        trump = scout.trump
        in_play = scout.seats_in_play
        leader = scout.leader
        limit = 2 * TRICKS if rules.dummy_hands else TRICKS
        if len(trick_cards) > limit:
            raise PositionError(f"tricks: {len(trick_cards)} tricks, a hand has {limit}")
        for i, cards in enumerate(trick_cards):
            if i == TRICKS:                # dummy hands: the non-dealer leads the dummies' first trick
                leader = first_leader(dealer, rules)
            order = trick_seats(leader, in_play)
            if not cards or len(cards) > len(order) or (len(cards) < len(order) and i < len(trick_cards) - 1):
                raise PositionError(f"tricks[{i}] {format_cards(cards)!r}: a trick has "
                                    f"{plural(len(order), 'card')} (only the last may be under way)")
            for s, c in zip(order, cards):
                if i >= TRICKS:            # the dummies' tricks: from the player's own dummy
                    if where.get(c) != f"{Seat(s)}'s dummy":
                        place = where.get(c, "no dummy")
                        raise PositionError(f"tricks[{i}]: card {c} played by {s} from its dummy is in {place}")
                    where[c] = f"tricks[{i}] (played by {s})"
                    second[s] |= c.mask
                    continue
                if c in where:
                    place = f"{seat}'s hand" if where[c] == "hand" else where[c]
                    raise PositionError(f"tricks[{i}]: card {c} played by {s} is also in {place}")
                where[c] = f"tricks[{i}] (played by {s})"
                owner[c] = s
                played[s] |= c.mask
            if len(cards) == len(order):
                leader = order[winning_index(cards, trump)]
    if up in where and not (picked and (owner.get(up, dealer) == dealer)):
        state = ("the dealer picked it up" if picked else
                 "it was turned down" if scout.phase is not Phase.BID1 else "it is face up")
        place = where[up] if where[up] != "hand" else f"{seat}'s hand"
        raise PositionError(f"upcard {up}: it is in {place}, but {state}"
                            + (f" (the dealer is {dealer})" if picked else ""))
    if picked and seat == dealer and up not in where:
        raise PositionError(f"upcard {up}: {seat} is the dealer and picked it up, so it is in its hand, "
                            "its plays or its discard")

    # 3. the deal: the viewer's dealt hand, and the cards the others are seen to play
    if in_second:
        rest = dummy[seat] & ~second[seat]
        if mask_of(own) != rest:
            raise PositionError(f"hand {format_cards(own)!r}: in tricks 6-10 {seat} holds its dummy's cards not "
                                f"yet played, {format_cards(rest)!r}")
        own = []
    mine = mask_of(own) | played[seat] | (disc.mask if disc is not None else 0)
    if picked and seat == dealer:
        mine &= ~up.mask
    if best is not None:                          # the loner before the exchange: less the card passed, and
        held = mask_of(own) | played[seat]        # with the one it threw (unless it threw that card back)
        if best == thrown:
            if held & best.mask:
                raise PositionError(f"loner_discard {thrown}: {seat} discarded the card it was passed, yet {thrown} "
                                    f"is still in its hand or its plays")
        else:
            if not held & best.mask:
                raise PositionError(f"best_card {best}: {seat} was passed it and did not discard it, so it is in "
                                    f"{seat}'s hand or its plays, but it is not")
            if held & thrown.mask:
                raise PositionError(f"loner_discard {thrown}: {seat} discarded it, yet it is still in {seat}'s "
                                    "hand or its plays")
            mine = (mine & ~best.mask) | thrown.mask
        if picked and seat == dealer:
            mine &= ~up.mask
    now = len(own)
    expect = TRICKS - popcount(played[seat]) + (1 if before_discard else 0)
    if popcount(mine) != TRICKS or now != expect:
        note = f" after playing {popcount(played[seat])}" if played[seat] else ""
        note += ", with the upcard picked up and no discard yet" if before_discard else ""
        raise PositionError(f"hand {format_cards(own)!r}: {seat} holds {plural(now, 'card')}, expected "
                            f"{expect}{note}")
    known = [0, 0, 0, 0]
    for s in rules.seats:
        known[s] = mine if s == seat else played[s] & ~(up.mask if picked and s == dealer else 0)
    counts = tuple(TRICKS - popcount(known[s]) if s in rules.seats else 0 for s in range(4))
    real = Hand(rules, dealer)
    try:
        real.apply(DealCards(tuple(known), up, 0, counts, rules.kitty_size - 1, dummy))
    except IllegalActionError as exc:
        raise PositionError(f"the cards do not fit: {exc}") from None
    if named_suit is not None:
        real.apply(Action.name(named_suit))
    _auction(real, tokens, players)
    if scout.trump is not None and not before_discard:
        if seat == dealer and picked:
            _contract(real, alone, defender_alone, disc, True, (best, thrown))
        else:
            # Another dealer's discard is unseen, unless the cards prove it was the upcard: the
            # dealer played five others, or showed out of trump without ever playing the upcard.
            upcard_gone = False
            if picked and up not in owner:
                shown_out = any(owner.get(c) == dealer and effective_suit(c, scout.trump) != effective_suit(
                    cards[0], scout.trump) and effective_suit(cards[0], scout.trump) == scout.trump
                    for cards in trick_cards[:TRICKS] for c in cards)
                upcard_gone = shown_out or counts[dealer] == 0
            _contract(real, alone, defender_alone, up if upcard_gone else None, upcard_gone, (best, thrown))
    for i, cards in enumerate(trick_cards):
        for c in cards:
            who = real.to_act
            try:
                real.apply(Action.play(c))
            except IllegalActionError as exc:
                raise IllegalActionError(f"tricks[{i}] card {c} ({who}): {exc}") from None
    view = real.view(seat)
    if kitty is None:
        return view
    if not rules.kitty_exchange:
        raise RulesError("kitty: cards known in the kitty come from a kitty exchange, which needs "
                         "Rules(farmers=True) or Rules(go_under=True) (--farmers, --go-under)")
    known = parse_kitty(kitty)
    seen = {c for t in trick_cards for c in t} | set(own) | {up} | ({disc} if disc is not None else set())
    for c in known:
        if c in seen or not pack & c.mask:
            raise PositionError(f"kitty card {c}: it is in the hand, the upcard, the discard or the tricks, "
                                "not face down in the kitty")
    mask = mask_of(known)
    check_known_kitty(mask, mine, rules)
    return dataclasses.replace(view, kitty_known=mask, unseen=view.unseen & ~mask)
