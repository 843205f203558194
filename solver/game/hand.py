"""One deal's state machine, :class:`Hand`: the deal, bidding, the dealer's discard, going alone, play, scoring.

Order of decisions after trump is made (the same as OpenSpiel's euchre): the
dealer discards first (when someone ordered up), then the maker says whether
it goes alone, then (``Rules.defend_alone``, against a loner) each defender in
turn from the dealer's left says whether it defends alone. The dealer's
discard is face down, so this order gives no one information they would not
have had otherwise; when the dealer's partner then goes alone, the upcard
takes no part in play (docs/rules.md).

Call for best (``Rules.partners_best``, EGN ``partners_best``): when the maker goes
alone, its partner passes it one card face down (phase ``GIVE``, :meth:`Hand.give`)
and the loner, holding six, discards one face down (phase ``LONER_DISCARD``); then
the defenders are asked whether they defend alone, and play starts. The partner may
pass any of its cards (a dealer partner who picked up: the upcard too); the loner may
discard any of its six, the card passed included.

Kitty exchanges (``Rules.farmers``, ``Rules.go_under``; docs/rules.md "Kitty exchanges"): after the deal,
before the bidding (phase ``EXCHANGE``), each seat that may take an exchange is asked in turn from the
dealer's left (a seat whose hand qualifies for neither is not asked); it keeps its hand (:data:`KEEP`) or gives
three of its cards for the three face-down kitty cards (:meth:`Hand.kitty_exchange`). The first seat that
takes it ends the phase: at most one exchange a deal. Under ``farmers`` the three given are nines or tens and
every seat sees them (they are in the kitty); going under, only the seat knows what it put under.
:meth:`Hand.dealt` stays the hand as dealt.

Unknown cards (a partial record, see :mod:`solver.game.deal`): legality uses what
is known, so a seat holding unknown cards is never forced to follow with one.

Positions and views: :meth:`Hand.position` gives the
:class:`~solver.position.Position` for the double-dummy solver at the current
point of play, :meth:`Hand.positions` one before every card played, :meth:`Hand.view` what a
given seat had seen (:class:`SeatView`), :meth:`Hand.at` the hand after its
first *n* records, and :meth:`Hand.steps` the hand before every action (so
``before.view(record.seat)`` is the information set of each decision).

Two-player euchre (``Rules(players=2)``): seats N and S, the non-dealer bids
first and leads; no going alone.

Dummy hands (``Rules(players=2, dummy_hands=True)``, ``docs/rules.md``): each seat is dealt five personal cards
and five dummy cards; the dummies are turned face up at once, so both are in
every :class:`SeatView` (``dummies``) from the deal on, bidding included. The
kitty is four cards, the top one the upcard. Bidding is two-player bidding.
**The dealer picks up into its personal hand** and discards one of those six
face down: the variant's bidding "proceeds exactly as in standard two-player
euchre", where the dealer picks the upcard into the hand it holds and discards
face down, and a card thrown from a face-up dummy could not be face down. The
dummies stay as dealt. Tricks 1-5 are played with the personal hands, led by
the non-dealer; when the fifth is over that set is scored as a hand
(:attr:`Hand.phase_results`, :attr:`CardPlayed.phase_result`), then tricks
6-10 are played with the dummies as the hands, the non-dealer leading again,
and scored as a second hand with the same trump and maker. The hand's
:attr:`Hand.result` sums the two (:class:`HandResult`); a game adds both sets'
points. :meth:`Hand.position` in either set is that set's two-player position.
The phase stays ``PLAY`` through all ten tricks; :attr:`Hand.dummy_phase` says
which set is under way, and ``tricks_won`` counts that set's tricks.

>>> h = Hand.from_deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c",
...                    dealer="S")
>>> h.to_act, h.legal_actions()
(<Seat.W: 3>, [Action.parse('pass'), Action.parse('order')])
"""
from __future__ import annotations

from typing import Iterator

from ..cards import JOKER, NO_TRUMP, Card, Seat, Suit, cards_of, format_cards, parse_trump, trump_of
from ..errors import CardError, IllegalActionError, plural, quoted
from ..laws import (MAKE_TRICKS, TRICKS, check_kitty_exchange, contracts, effective_suit, first_leader, hand_points,
                    kitty_exchange_choices, legal_mask, must_go_alone, pack_mask, popcount, side_of, trick_seats,
                    winning_index)
from ..rules import Rules
from ..variants import PHASES, discard_mask, may_pass, opens
from .actions import (ALONE, DEFEND_ALONE, DEFEND_WITH_PARTNER, KEEP, ORDER, PASS, WITH_PARTNER, Action, Kind,
                      Phase)
from .deal import DealCards
from .history import (AloneDeclared, BidMade, CardPassed, CardPlayed, Dealt, Discarded, HandResult, KittyExchanged,
                      Record, SuitNamed, Trick)
from .state import STATE_FIELDS, HandState

__all__ = ["Hand"]




class Hand(HandState):
    """One deal's state machine, from the deal to the score: the actions on a deal's state (``HandState``, in
    ``solver.game.state``, whose read-outs, :meth:`position` and :meth:`view` included, it inherits).

    Args:
        rules: the :class:`~solver.rules.Rules` (default ``Rules()``).
        dealer: the dealing :class:`Seat` (``"N"``, 0, ...); N or S in two-player.

    Raises :class:`~solver.errors.RulesError` for rules ``coerce()`` refuses,
    :class:`~solver.errors.CardError` / :class:`~solver.errors.SeatError` for a dealer not in the game.

    Dummy hands (``Rules(players=2, dummy_hands=True)``): see the module docs;
    :meth:`dummy`, :attr:`dummy_phase` and :attr:`phase_results` say where the
    hand is, :attr:`result` sums the two sets of five tricks.

    A random deal is ``h.deal(rng=7)``; a given one, with the lowest legal card played each time:

    >>> h = Hand(Rules(), dealer="S")
    >>> _ = h.deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c")
    >>> _ = h.pass_(), h.order_up()              # W passes, N orders up clubs
    >>> h.phase, h.to_act                        # the dealer S has picked up 9c
    (<Phase.DISCARD: 'discard'>, <Seat.S: 2>)
    >>> _ = h.discard_card("Ts"), h.go_alone(False)
    >>> while not h.is_over:
    ...     _ = h.apply(h.legal_actions()[0])
    >>> [str(t.winner) for t in h.tricks], h.result.points    # points per side index (NS, EW)
    (['N', 'S', 'W', 'N', 'N'], (1, 0))
    """

    # -- construction helpers -----------------------------------------------------
    @classmethod
    def from_deal(cls, deal: str, upcard, dealer="N", rules: Rules | None = None, kitty=None,
                  partial: bool = False) -> "Hand":
        """A hand already dealt from a deal string (see :meth:`DealCards.parse`)."""
        hand = cls(rules, dealer)
        hand.apply(DealCards.parse(deal, upcard, kitty, hand.rules, partial))
        return hand

    @classmethod
    def from_history(cls, rules: Rules, dealer, records) -> "Hand":
        """Rebuild a hand by re-applying ``records`` (or actions) in order.

        Records of reneges are re-applied as reneges. Raises
        :class:`IllegalActionError` at the first that does not apply.
        """
        hand = cls(rules, dealer)
        for rec in records:
            if isinstance(rec, Record):
                hand.apply(rec.action, allow_renege=isinstance(rec, CardPlayed) and rec.renege)
            else:
                hand.apply(rec)
        return hand

    def copy(self) -> "Hand":
        """An independent copy (state and history)."""
        new = object.__new__(Hand)
        new.__dict__.update(self.__dict__)
        new._history = list(self._history)
        new._snaps = list(self._snaps)
        return new

    def at(self, step: int) -> "Hand":
        """A copy of this hand as it was after its first ``step`` records (0 = before the deal)."""
        if not 0 <= step <= len(self._history):
            raise IllegalActionError(f"step {step}: the hand has {len(self._history)} records")
        new = self.copy()
        while len(new._history) > step:
            new.undo()
        return new

    def __repr__(self) -> str:
        return f"<Hand dealer={self._dealer} phase={self._phase} to_act={self._to_act} records={len(self._history)}>"

    def _wrong_phase(self, what: str) -> IllegalActionError:
        who = f"{self._to_act} " if self._to_act is not None else ""
        return IllegalActionError(f"{who}cannot {what}: {self.state_text()}")

    # -- legal actions -----------------------------------------------------------------
    def legal_actions(self) -> list:
        """The :class:`Action` s allowed now, ascending by :attr:`Action.code`.

        Empty before the deal (apply a :class:`DealCards`) and after the end.
        """
        p = self._phase
        if p is Phase.BID1:
            return [PASS, ORDER]
        if p is Phase.BID2:
            out = [] if self._dealer_stuck() else [PASS]
            if NO_TRUMP in contracts(self._rules):
                out.append(Action.call(NO_TRUMP))          # code 58 sorts before pass (60)
                out.sort(key=lambda a: a.code)
            return out + [Action.call(s) for s in Suit if s != self._turned_down_suit()]
        if p is Phase.PLAY:
            return [Action.play(c) for c in cards_of(self._play_mask())]
        if p is Phase.DISCARD:
            d = self._dealer
            mask = discard_mask(self._rules, self._hands[d], self._upcard.mask)
            out = [Action.discard(c) for c in cards_of(mask)]
            if self._unknown[d]:
                out.append(Action.discard(None))
            return out
        if p is Phase.ALONE:
            return [ALONE] if self._must_go_alone() else [ALONE, WITH_PARTNER]
        if p is Phase.DEFEND_ALONE:
            return [DEFEND_ALONE, DEFEND_WITH_PARTNER]
        if p in (Phase.GIVE, Phase.LONER_DISCARD):
            seat = self._to_act
            make = Action.give if p is Phase.GIVE else Action.discard
            return [make(c) for c in cards_of(self._hands[seat])] + ([make(None)] if self._unknown[seat] else [])
        if p is Phase.NAME_SUIT:
            return [Action.name(s) for s in Suit]
        if p is Phase.EXCHANGE:
            return [KEEP] + self._exchange_actions()
        return []

    # -- kitty exchanges (Rules.farmers, Rules.go_under) -----------------------------------------------
    def _exchange_actions(self) -> list:
        seat = self._to_act
        if self._unknown[seat]:                # a replay: the recorded exchange is checked, not listed
            return []
        out = [Action.kitty_exchange(kind, cards_of(given))
               for kind, given in kitty_exchange_choices(self._hands[seat], self._rules)]
        return sorted(out, key=lambda a: a.code)

    def _offer_exchange(self, after: int) -> None:
        """Offer the exchange to the next seat from bid-order place ``after`` whose hand may qualify; when none
        is left, the phases after the exchange."""
        seat = self._next_exchange_seat(after)
        if seat is None:
            self._enter_after(Phase.EXCHANGE)
        else:
            self._phase, self._to_act = Phase.EXCHANGE, seat

    def _next_exchange_seat(self, after: int):
        return next((seat for seat in self._bid_order[after:] if self._exchanges_open(seat)), None)

    # -- the phases: which follows which (docs/rules.md "The phases of a hand") --------------------------------
    def _enter_after(self, phase: Phase) -> None:
        """Enter the first phase after ``phase``, in the one order of :data:`solver.variants.PHASES`, that the
        rules open now (:func:`solver.variants.opens`: the standard game's phases and those a house rule adds)
        and that has a seat to act."""
        for name in PHASES[PHASES.index(phase.value) + 1:]:
            nxt = Phase(name)
            if not opens(self._rules, name, self):
                continue
            if nxt is Phase.PLAY:
                self._start_play()
                return
            seat = self._first_to_act(nxt)
            if seat is not None:
                self._phase, self._to_act = nxt, seat
                return
        raise AssertionError(f"no phase follows {phase}")      # PLAY is always open

    def _first_to_act(self, phase: Phase):
        """The seat that acts first in ``phase`` (``None``: no seat may: a kitty exchange no hand qualifies for)."""
        if phase is Phase.EXCHANGE:
            return self._next_exchange_seat(0)
        if phase in (Phase.NAME_SUIT, Phase.DISCARD):
            return self._dealer
        if phase is Phase.BID1:
            return self._bid_order[0]
        if phase is Phase.ALONE:
            return self._maker
        if phase is Phase.GIVE:
            return Seat(self._alone).partner
        if phase is Phase.LONER_DISCARD:
            return self._alone
        if phase is Phase.DEFEND_ALONE:
            return self._defenders()[0]
        raise AssertionError(f"phase {phase} is not entered after another")

    def verify_kitty_exchange(self, action: Action) -> None:
        """The seat asked keeps its hand (``KEEP``) or takes the kitty exchange of ``action``
        (:meth:`Action.kitty_exchange`): it qualifies (``solver.laws.kitty_exchanges``), gives three cards it
        holds (farmers: nines or tens). Raises :class:`IllegalActionError` naming the seat, card and why."""
        if self._phase is not Phase.EXCHANGE:
            if action.exchange is None:
                raise self._wrong_phase("keep its hand (decline the kitty exchange)")
            raise self._wrong_phase(str(action))
        if action.exchange is None:
            return
        seat = self._to_act
        given = sum(c.mask for c in action.cards)
        hand = self._hands[seat]
        # a replay of a partial record: a given card known nowhere else may be one of the seat's unknown cards
        known_elsewhere = (self._kitty | sum(self._hands) | self._upcard.mask) & ~hand
        claimed = given & ~hand & ~known_elsewhere & pack_mask(self._rules)
        if popcount(claimed) > self._unknown[seat]:
            claimed = 0
        check_kitty_exchange(action.exchange, given, hand | claimed, self._rules, seat)

    def can_kitty_exchange(self, kind: str, cards) -> bool:
        return self.can(Action.kitty_exchange(kind, cards))

    def kitty_exchange(self, kind: str, cards) -> KittyExchanged:
        """The seat asked takes the kitty exchange ``kind`` (``"farmers"``, ``"go_under"``), giving ``cards``
        (three) for the three face-down kitty cards. Returns a :class:`KittyExchanged`; raises
        :class:`IllegalActionError`."""
        return self.apply(Action.kitty_exchange(kind, cards))

    def keep_hand(self) -> KittyExchanged:
        """The seat asked declines the kitty exchange. Returns a :class:`KittyExchanged`."""
        return self.apply(KEEP)

    def _do_exchange(self, action: Action) -> KittyExchanged:
        seat = self._to_act
        if action.exchange is None:
            self._offer_exchange(self._bid_order.index(seat) + 1)
            return KittyExchanged(seat, action, Phase.EXCHANGE, None, (), (), 0)
        given = sum(c.mask for c in action.cards)
        hands, unknown = list(self._hands), list(self._unknown)
        unknown[seat] -= popcount(given & ~hands[seat])
        received, received_unknown = self._kitty, self._kitty_unknown
        hands[seat] = (hands[seat] & ~given) | received
        unknown[seat] += received_unknown
        self._hands, self._unknown = tuple(hands), tuple(unknown)
        self._kitty, self._kitty_unknown = given, 0
        self._exchange_taker, self._exchange_kind = seat, action.exchange
        self._exchange_given, self._exchange_received = given, received
        self._enter_after(Phase.EXCHANGE)
        return KittyExchanged(seat, action, Phase.EXCHANGE, action.exchange, tuple(action.cards),
                              tuple(cards_of(received)), received_unknown)

    def _dealer_stuck(self) -> bool:
        return self._phase is Phase.BID2 and not may_pass(self._rules, 2, self._to_act, self._dealer)

    def _turned_down_suit(self) -> Suit:
        """The suit the upcard proposes (a turned-up joker: the named suit)."""
        return self._named if self._upcard == JOKER else self._upcard.suit

    def _play_mask(self) -> int:
        led = self._current[0] if self._current else None
        return legal_mask(self._hands[self._to_act], self._trump, led)

    # -- generic apply / verify ---------------------------------------------------------
    def _coerce(self, action):
        if isinstance(action, (Action, DealCards)):
            return action
        if isinstance(action, int) and not isinstance(action, bool):
            return Action.from_code(action)
        if isinstance(action, str):
            return Action.parse(action, self._phase)
        raise IllegalActionError(f"action {quoted(action)}: expected an Action, a DealCards, an action code or text")

    def verify(self, action, allow_renege: bool = False) -> None:
        """Raise :class:`IllegalActionError` (naming seat and card or call) unless ``action`` is legal now.

        ``action``: an :class:`Action`, :class:`DealCards`, action code or text.
        """
        action = self._coerce(action)
        if isinstance(action, DealCards):
            return self.verify_deal(action)
        k = action.kind
        if k is Kind.PLAY:
            return self.verify_play(action.card, allow_renege)
        if k is Kind.PASS:
            return self.verify_pass()
        if k is Kind.ORDER:
            return self.verify_order_up()
        if k is Kind.CALL:
            return self.verify_call(action.suit)
        if k is Kind.DISCARD:
            return self.verify_discard(action.card)
        if k is Kind.ALONE:
            return self.verify_go_alone(action.alone)
        if k is Kind.DEFEND:
            return self.verify_defend_alone(action.alone)
        if k is Kind.NAME:
            return self.verify_name_suit(action.suit)
        if k is Kind.GIVE:
            return self.verify_give(action.card)
        if k is Kind.EXCHANGE:
            return self.verify_kitty_exchange(action)
        raise IllegalActionError(f"action {action}: unknown kind")

    def can(self, action, allow_renege: bool = False) -> bool:
        """True when :meth:`verify` would not raise."""
        try:
            self.verify(action, allow_renege)
        except IllegalActionError:
            return False
        return True

    def apply(self, action, allow_renege: bool = False) -> Record:
        """Apply ``action`` (an :class:`Action`, :class:`DealCards`, action code or text).

        ``allow_renege``: let a card that breaks the follow-suit rule be played
        (record replay); the :class:`CardPlayed` record then says ``renege=True``.

        Returns the :class:`Record` of what happened (also appended to :attr:`history`).
        Raises :class:`IllegalActionError` naming the seat and card or call when illegal;
        the state is then unchanged.
        """
        action = self._coerce(action)
        self.verify(action, allow_renege)
        snap = tuple(getattr(self, f) for f in STATE_FIELDS)
        if isinstance(action, DealCards):
            rec = self._do_deal(action)
        else:
            rec = self._DISPATCH[action.kind](self, action)
        self._snaps.append(snap)
        self._history.append(rec)
        return rec

    def undo(self) -> Record:
        """Take back the last action; returns its record.

        Raises :class:`IllegalActionError` when nothing has been applied.
        """
        if not self._history:
            raise IllegalActionError("nothing to undo: no action has been applied to this hand")
        rec = self._history.pop()
        for name, value in zip(STATE_FIELDS, self._snaps.pop()):
            setattr(self, name, value)
        return rec

    # -- deal ---------------------------------------------------------------------------
    def verify_deal(self, cards: DealCards) -> None:
        """Check a :class:`DealCards`: right phase, hand and kitty sizes, no card twice,
        the joker only with ``Rules.joker``. Raises :class:`IllegalActionError`."""
        if self._phase is not Phase.DEAL:
            raise IllegalActionError(f"cannot deal: {self.state_text()}")
        rules = self._rules
        pack = pack_mask(rules)
        if len(cards.hands) != 4 or len(cards.unknown) != 4:
            raise IllegalActionError("cannot deal: hands and unknown need one entry per seat N E S W")
        try:
            up = Card(cards.upcard)
        except CardError as exc:
            raise IllegalActionError(f"cannot deal: upcard: {exc}") from None
        dummies = tuple(getattr(cards, "dummies", (0, 0, 0, 0)))
        if len(dummies) != 4:
            raise IllegalActionError("cannot deal: dummies need one entry per seat N E S W")
        if any(dummies) and self._sets == 1:
            raise IllegalActionError("cannot deal: dummy hands need Rules(players=2, dummy_hands=True)")
        seen = {}
        groups = [(Seat(s).name, int(cards.hands[s]), int(cards.unknown[s])) for s in range(4)]
        if self._sets > 1:
            groups += [(f"{Seat(s).name}'s dummy", int(dummies[s]), 0) for s in rules.seats]
        groups.append(("kitty", int(cards.kitty), int(cards.kitty_unknown)))
        for name, mask, unknown in groups:
            seat_in_game = name == "kitty" or name.endswith("dummy") or Seat[name] in rules.seats
            if mask < 0 or mask >> 25 or unknown < 0:
                raise IllegalActionError(f"cannot deal: {name}: not a card bitmask and a count")
            if not seat_in_game:
                if mask or unknown:
                    raise IllegalActionError(f"cannot deal: {name} does not play in two-player euchre")
                continue
            for c in cards_of(mask):
                if not pack & c.mask:
                    raise IllegalActionError(f"cannot deal: card {c} (in {name}) is not in the pack"
                                             + ("" if pack >> JOKER & 1 else " (the joker needs Rules(joker=True))"))
                if c in seen:
                    raise IllegalActionError(f"cannot deal: card {c} appears in {seen[c]} and {name}")
                seen[c] = name
        if not pack & up.mask:
            raise IllegalActionError(f"cannot deal: upcard {up} is not in the pack"
                                     + ("" if pack >> JOKER & 1 else " (the joker needs Rules(joker=True))"))
        if up in seen:
            raise IllegalActionError(f"cannot deal: the upcard {up} also appears in {seen[up]}")
        for name, mask, unknown in groups:
            if name != "kitty" and not name.endswith("dummy") and Seat[name] not in rules.seats:
                continue
            size = popcount(mask) + unknown
            expected = rules.kitty_size - 1 if name == "kitty" else TRICKS
            if size != expected:
                what = "the kitty holds" if name == "kitty" else f"{name} holds"
                extra = " besides the upcard" if name == "kitty" else ""
                raise IllegalActionError(f"cannot deal: {what} {plural(size, 'card')}{extra}, expected {expected}")

    def can_deal(self, cards: DealCards) -> bool:
        try:
            self.verify_deal(cards)
        except IllegalActionError:
            return False
        return True

    def deal(self, hands=None, upcard=None, kitty=None, rng=None, partial: bool = False) -> Dealt:
        """Deal the cards.

        With no ``hands``: a random deal from ``rng`` (a :class:`random.Random`, an int
        seed, or ``None``). Otherwise ``hands`` is a deal string (see
        :meth:`DealCards.parse`) or a :class:`DealCards`, and ``upcard`` the turned-up card.
        """
        if hands is None:
            action = DealCards.random(self._rules, rng)
        elif isinstance(hands, DealCards):
            action = hands
        else:
            if upcard is None:
                raise IllegalActionError("cannot deal: give the upcard with the hands")
            action = DealCards.parse(hands, upcard, kitty, self._rules, partial)
        return self.apply(action)

    def _do_deal(self, cards: DealCards) -> Dealt:
        self._hands = tuple(int(h) for h in cards.hands)
        self._unknown = tuple(int(u) for u in cards.unknown)
        self._dealt = self._hands
        self._dealt_unknown = self._unknown
        self._upcard = Card(cards.upcard)
        self._kitty = int(cards.kitty)
        self._kitty_unknown = int(cards.kitty_unknown)
        self._dummies = self._dealt_dummies = tuple(int(d) for d in getattr(cards, "dummies", (0, 0, 0, 0)))
        self._enter_after(Phase.DEAL)
        return Dealt(self._dealer, cards, Phase.DEAL, self._dealer)

    # -- turned-up joker -------------------------------------------------------------------
    def verify_name_suit(self, suit) -> None:
        """The dealer names the suit a turned-up joker proposes (before round 1)."""
        if self._phase is not Phase.NAME_SUIT:
            raise self._wrong_phase(f"name {Suit.parse(suit)}")

    def can_name_suit(self, suit) -> bool:
        return self.can(Action.name(suit))

    def name_suit(self, suit) -> SuitNamed:
        """The dealer names ``suit`` for a turned-up joker. Returns a :class:`SuitNamed`;
        raises :class:`IllegalActionError`."""
        return self.apply(Action.name(suit))

    def _do_name(self, action: Action) -> SuitNamed:
        seat = self._to_act
        self._named = action.suit
        self._bids = self._bids + ((seat, action),)
        self._enter_after(Phase.NAME_SUIT)
        return SuitNamed(seat, action, Phase.NAME_SUIT, action.suit)

    # -- bidding ---------------------------------------------------------------------------
    def verify_pass(self) -> None:
        """A pass is legal in either bidding round, except for a stuck dealer (stick the dealer)."""
        if self._phase not in (Phase.BID1, Phase.BID2):
            raise self._wrong_phase("pass")
        if self._dealer_stuck():
            raise IllegalActionError(f"{self._to_act} cannot pass: stick the dealer, "
                                     f"the dealer must name a suit after everyone passed twice")

    def can_pass(self) -> bool:
        return self.can(PASS)

    def pass_(self) -> BidMade:
        """The seat to bid passes. Returns a :class:`BidMade`; raises :class:`IllegalActionError`."""
        return self.apply(PASS)

    def verify_order_up(self) -> None:
        """Order up (pick up, assist): round 1 only."""
        if self._phase is Phase.BID2:
            raise IllegalActionError(f"{self._to_act} cannot order up: the upcard {self._upcard} was turned "
                                     f"down; in round 2 name a suit or pass")
        if self._phase is not Phase.BID1:
            raise self._wrong_phase("order up")

    def can_order_up(self) -> bool:
        return self.can(ORDER)

    def order_up(self) -> BidMade:
        """The seat to bid orders up the upcard (round 1): its suit is trump, the dealer picks it up.
        Returns a :class:`BidMade`; raises :class:`IllegalActionError`."""
        return self.apply(ORDER)

    def verify_call(self, suit) -> None:
        """Name ``suit`` as trump: round 2 only, not the turned-down suit; ``"n"``: no trump, round 2 only,
        with ``Rules.allow_no_trump``."""
        suit = parse_trump(suit)
        if self._phase is Phase.BID1:
            raise IllegalActionError(f"{self._to_act} cannot call {suit}: in round 1 the only call is to "
                                     f"order up the upcard {self._upcard}")
        if self._phase is not Phase.BID2:
            raise self._wrong_phase(f"call {suit}")
        if suit == NO_TRUMP:
            if NO_TRUMP not in contracts(self._rules):
                raise IllegalActionError(f"{self._to_act} cannot call no trump: a house rule these rules do not "
                                         "play (Rules(allow_no_trump=True), --allow-no-trump)")
        elif suit == self._turned_down_suit():
            raise IllegalActionError(f"{self._to_act} cannot call {suit}: {Suit(suit).word} were turned down "
                                     f"(upcard {self._upcard})")

    def can_call(self, suit) -> bool:
        return self.can(Action.call(suit))

    def call(self, suit) -> BidMade:
        """The seat to bid names ``suit`` as trump (round 2). Returns a :class:`BidMade`;
        raises :class:`IllegalActionError`."""
        return self.apply(Action.call(suit))

    def _next_bidder(self) -> Seat:
        order = self._bid_order
        return order[(order.index(self._to_act) + 1) % len(order)]

    def _do_pass(self, action: Action) -> BidMade:
        seat = self._to_act
        rnd = 1 if self._phase is Phase.BID1 else 2
        self._bids = self._bids + ((seat, action),)
        n = len(self._bid_order)
        passes = sum(1 for _s, a in self._bids if a.kind is Kind.PASS)
        if passes == 2 * n:
            self._phase, self._to_act = Phase.DONE, None
            self._result = HandResult(True, None, None, None, None, None, (0, 0), 0, (0, 0), False, False,
                                      self._rules.players)
            return BidMade(seat, action, Phase.BID2, 2, None, True)
        if passes == n:
            self._phase, self._to_act = Phase.BID2, self._bid_order[0]
        else:
            self._to_act = self._next_bidder()
        return BidMade(seat, action, Phase.BID1 if rnd == 1 else Phase.BID2, rnd, None, False)

    def _do_order(self, action: Action) -> BidMade:
        seat = self._to_act
        self._bids = self._bids + ((seat, action),)
        self._trump = self._turned_down_suit()
        self._maker = seat
        self._picked_up = True
        d = self._dealer
        hands = list(self._hands)
        hands[d] |= self._upcard.mask
        self._hands = tuple(hands)
        self._enter_after(Phase.BID2)         # the bidding is over: the dealer discards
        return BidMade(seat, action, Phase.BID1, 1, self._trump, False)

    def _do_call(self, action: Action) -> BidMade:
        seat = self._to_act
        self._bids = self._bids + ((seat, action),)
        self._trump = action.suit
        self._maker = seat
        self._enter_after(Phase.BID2)
        return BidMade(seat, action, Phase.BID2, 2, self._trump, False)

    # -- discard ---------------------------------------------------------------------------
    def verify_discard(self, card) -> None:
        """The dealer discards one of its six cards (not the upcard unless
        ``Rules.dealer_may_discard_upcard``); ``None`` = an unknown card (replay).
        In phase ``LONER_DISCARD`` (call for best) the loner discards one of its six."""
        text = "a card" if card is None else str(Card(card))
        if self._phase is Phase.LONER_DISCARD:
            return self._verify_exchange_card(card, "discard")
        if self._phase is not Phase.DISCARD:
            raise self._wrong_phase(f"discard {text}")
        d = self._dealer
        if card is None:
            if not self._unknown[d]:
                raise IllegalActionError(f"{d} cannot discard an unknown card: every card of {d}'s hand is known")
            return
        card = Card(card)
        if not self._hands[d] & card.mask:
            raise IllegalActionError(f"{d} cannot discard {card}: {d} does not hold it")
        if card == self._upcard and not discard_mask(self._rules, card.mask, card.mask):
            raise IllegalActionError(f"{d} cannot discard {card}: the dealer may not discard the upcard "
                                     "(Rules.dealer_may_discard_upcard is False)")

    def can_discard(self, card) -> bool:
        return self.can(Action.discard(card))

    def discard_card(self, card) -> Discarded:
        """Apply the dealer's discard (named ``discard_card`` because :attr:`discard` is the card)."""
        return self.apply(Action.discard(card))

    def _do_discard(self, action: Action) -> Discarded:
        if self._phase is Phase.LONER_DISCARD:
            return self._do_loner_discard(action)
        d = self._dealer
        hands, unknown = list(self._hands), list(self._unknown)
        if action.card is None:
            unknown[d] -= 1
            self._kitty_unknown += 1
        else:
            hands[d] &= ~action.card.mask
            self._kitty |= action.card.mask
        self._hands, self._unknown = tuple(hands), tuple(unknown)
        self._discard = action.card
        self._discarded = True
        self._enter_after(Phase.DISCARD)
        return Discarded(d, action, Phase.DISCARD, action.card)

    # -- going alone -----------------------------------------------------------------------
    def _must_go_alone(self) -> bool:
        """Canadian loners: the dealer's partner who ordered up (round 1) must go alone."""
        return must_go_alone(self._maker, self._dealer, 1 if self._picked_up else 2, self._rules)

    def verify_go_alone(self, alone: bool = True) -> None:
        """The maker says whether it goes alone (four-player only; under ``Rules.canadian`` the
        dealer's partner who ordered up must)."""
        if self._phase is not Phase.ALONE:
            raise self._wrong_phase("go alone" if alone else "play with partner")
        if not alone and self._must_go_alone():
            raise IllegalActionError(f"{self._to_act} cannot play with partner: Canadian loners, the dealer's "
                                     "partner who ordered up must go alone")

    def can_go_alone(self, alone: bool = True) -> bool:
        return self.can(Action.go_alone(alone))

    def go_alone(self, alone: bool = True) -> AloneDeclared:
        """The maker goes alone (``True``) or plays with its partner. Returns an
        :class:`AloneDeclared`; raises :class:`IllegalActionError`."""
        return self.apply(Action.go_alone(alone))

    def _do_alone(self, action: Action) -> AloneDeclared:
        seat = self._to_act
        if action.alone:
            self._alone = seat
        self._enter_after(Phase.ALONE)
        return AloneDeclared(seat, action, Phase.ALONE, bool(action.alone), False)

    # -- call for best (Rules.partners_best) -------------------------------------------------
    def _verify_exchange_card(self, card, verb: str) -> None:
        """The card the seat to act passes (``verb`` "give") or, as the loner, discards: one it holds, or
        (a replay) ``None`` for an unknown one, or a card not known anywhere when some of its cards are unknown."""
        seat = self._to_act
        if card is None:
            if not self._unknown[seat]:
                raise IllegalActionError(f"{seat} cannot {verb} an unknown card: every card of {seat}'s hand is "
                                         "known")
            return
        card = Card(card)
        if self._hands[seat] & card.mask:
            return
        known = self._kitty | sum(self._hands) | (self._upcard.mask if self._upcard is not None else 0)
        if self._unknown[seat] and pack_mask(self._rules) & card.mask and not known & card.mask:
            return                      # one of the seat's cards the record had not shown
        raise IllegalActionError(f"{seat} cannot {verb} {card}: {seat} does not hold it")

    def verify_give(self, card) -> None:
        """Call for best: the loner's partner passes the loner ``card`` face down (any card it holds;
        ``None``: an unknown card, replay only)."""
        if self._phase is not Phase.GIVE:
            raise self._wrong_phase("give " + ("a card" if card is None else str(Card(card))))
        self._verify_exchange_card(card, "give")

    def can_give(self, card) -> bool:
        return self.can(Action.give(card))

    def give(self, card) -> CardPassed:
        """Call for best: the loner's partner passes ``card`` to the loner. Returns a :class:`CardPassed`;
        raises :class:`IllegalActionError`."""
        return self.apply(Action.give(card))

    def _move_card(self, seat, card, to=None) -> None:
        """``card`` (``None``: unknown) leaves ``seat``'s hand for ``to``'s (``None``: the face-down kitty)."""
        hands, unknown = list(self._hands), list(self._unknown)
        if card is None or not hands[seat] & card.mask:
            unknown[seat] -= 1
        else:
            hands[seat] &= ~card.mask
        if to is None:
            if card is None:
                self._kitty_unknown += 1
            else:
                self._kitty |= card.mask
        elif card is None:
            unknown[to] += 1
        else:
            hands[to] |= card.mask
        self._hands, self._unknown = tuple(hands), tuple(unknown)

    def _do_give(self, action: Action) -> CardPassed:
        seat, loner = self._to_act, self._alone
        self._move_card(seat, action.card, loner)
        self._exchanged, self._best_card = True, action.card
        self._enter_after(Phase.GIVE)
        return CardPassed(seat, action, Phase.GIVE, action.card, loner)

    def _do_loner_discard(self, action: Action) -> Discarded:
        seat = self._to_act
        self._move_card(seat, action.card)
        self._loner_discard = action.card
        self._enter_after(Phase.LONER_DISCARD)
        return Discarded(seat, action, Phase.LONER_DISCARD, action.card)

    def _defenders(self) -> tuple:
        makers = self.makers
        return tuple(s for s in self._bid_order if side_of(s) != makers)

    def verify_defend_alone(self, alone: bool = True) -> None:
        """A defender says whether it defends alone (``Rules.defend_alone``, against a loner)."""
        if self._phase is not Phase.DEFEND_ALONE:
            raise self._wrong_phase("defend alone" if alone else "defend with partner")

    def can_defend_alone(self, alone: bool = True) -> bool:
        return self.can(Action.defend_alone(alone))

    def defend_alone(self, alone: bool = True) -> AloneDeclared:
        """The defender asked defends alone (``True``) or with its partner. Returns an
        :class:`AloneDeclared`; raises :class:`IllegalActionError`."""
        return self.apply(Action.defend_alone(alone))

    def _do_defend(self, action: Action) -> AloneDeclared:
        seat = self._to_act
        if action.alone:
            self._defender_alone = seat
            self._enter_after(Phase.DEFEND_ALONE)
        else:
            self._defend_asked += 1
            if self._defend_asked >= 2:
                self._enter_after(Phase.DEFEND_ALONE)
            else:
                self._to_act = self._defenders()[1]
        return AloneDeclared(seat, action, Phase.DEFEND_ALONE, bool(action.alone), True)

    # -- play --------------------------------------------------------------------------------
    def _start_play(self) -> None:
        # Dummy hands: this starts the first set of five (the personal hands); the second
        # set, with the dummies and the non-dealer leading again, starts in _end_trick.
        leader = first_leader(self._dealer, self._rules, self._alone, self._defender_alone)
        self._leader = leader
        self._current, self._current_seats = (), ()
        self._phase, self._to_act = Phase.PLAY, leader

    def _trick_order(self) -> tuple:
        return trick_seats(self._leader, self.seats_in_play)

    def verify_play(self, card, allow_renege: bool = False) -> None:
        """The seat to play plays ``card``: it must hold it and follow the led effective suit if able.

        With ``allow_renege`` a card that fails to follow is allowed (it is recorded as a renege).
        """
        card = Card(card)
        if self._phase is not Phase.PLAY:
            raise self._wrong_phase(f"play {card}")
        seat = self._to_act
        hand = self._hands[seat]
        if not hand & card.mask:
            raise IllegalActionError(f"{seat} cannot play {card}: {seat} does not hold it")
        if allow_renege or not self._current:
            return
        if not self._play_mask() & card.mask:
            led = trump_of(effective_suit(self._current[0], self._trump))
            follow = [c for c in cards_of(hand) if effective_suit(c, self._trump) == led]
            raise IllegalActionError(f"{seat} cannot play {card}: a renege, {Suit(led).word} were led "
                                     f"and {seat} holds {format_cards(follow)}")

    def can_play(self, card, allow_renege: bool = False) -> bool:
        try:
            self.verify_play(card, allow_renege)
        except (IllegalActionError, CardError):
            return False
        return True

    def play(self, card, allow_renege: bool = False) -> CardPlayed:
        """The seat to play plays ``card`` (text, index or :class:`Card`). Returns a
        :class:`CardPlayed`; raises :class:`IllegalActionError` (e.g. a renege)."""
        return self.apply(Action.play(card), allow_renege)

    def is_renege(self, card) -> bool:
        """True when the seat to play holds ``card`` and playing it would fail to follow suit."""
        card = Card(card)
        return (self._phase is Phase.PLAY and bool(self._current)
                and bool(self._hands[self._to_act] & card.mask) and not self._play_mask() & card.mask)

    def _do_play(self, action: Action) -> CardPlayed:
        seat, card = self._to_act, action.card
        renege = bool(self._current) and not self._play_mask() & card.mask
        hands = list(self._hands)
        hands[seat] &= ~card.mask
        self._hands = tuple(hands)
        self._current = self._current + (card,)
        self._current_seats = self._current_seats + (seat,)
        trick_index = len(self._tricks)
        order = self._trick_order()
        if len(self._current) < len(order):
            self._to_act = order[len(self._current)]
            return CardPlayed(seat, action, Phase.PLAY, card, trick_index, renege, None, None)
        winner = self._end_trick(order)
        ended = None
        if self._sets > 1 and len(self._tricks) % TRICKS == 0:
            ended = self._phase_results[-1]
        return CardPlayed(seat, action, Phase.PLAY, card, trick_index, renege, winner, self._result, ended)

    def _end_trick(self, order) -> Seat:
        winner = Seat(order[winning_index(self._current, self._trump)])
        self._tricks = self._tricks + (Trick(len(self._tricks), self._leader, tuple(order), self._current, winner),)
        won = list(self._won)
        won[side_of(winner, self._rules.players)] += 1
        self._won = tuple(won)
        self._current, self._current_seats = (), ()
        self._leader = winner
        if len(self._tricks) % TRICKS == 0 and len(self._tricks) < self.tricks_in_hand:
            # The personal hands are played out: score them as a hand, then tricks 6-10
            # with the face-up dummies as the hands, the non-dealer leading (docs/rules.md).
            self._phase_results = (self._set_result(),)
            self._hands, self._dummies = self._dummies, (0, 0, 0, 0)
            self._won = (0, 0)
            self._leader = self._to_act = first_leader(self._dealer, self._rules)
        elif len(self._tricks) == self.tricks_in_hand:
            self._finish()
        else:
            self._to_act = winner
        return winner

    def _set_result(self) -> HandResult:
        """The result of the set of five tricks just played, scored as a hand."""
        makers = self.makers
        mt = self._won[makers]
        who, pts = hand_points(mt, self._rules, self._alone is not None, self._defender_alone is not None)
        scoring = makers if who == "makers" else 1 - makers
        points = [0, 0]
        points[scoring] = pts
        return HandResult(False, self._trump, self._maker, makers, self._alone, self._defender_alone,
                          self._won, mt, tuple(points), mt == TRICKS, mt < MAKE_TRICKS, self._rules.players)

    def _finish(self) -> None:
        result = self._set_result()
        if self._sets > 1:
            sets = self._phase_results + (result,)
            self._phase_results = sets
            tricks = tuple(sum(r.tricks[i] for r in sets) for i in (0, 1))
            points = tuple(sum(r.points[i] for r in sets) for i in (0, 1))
            mt = tricks[result.makers]
            result = HandResult(False, self._trump, self._maker, result.makers, None, None, tricks, mt, points,
                                all(r.march for r in sets), any(r.euchred for r in sets), self._rules.players,
                                sets)
        self._result = result
        self._phase, self._to_act = Phase.DONE, None

    _DISPATCH = {Kind.NAME: _do_name, Kind.PASS: _do_pass, Kind.ORDER: _do_order, Kind.CALL: _do_call,
                 Kind.DISCARD: _do_discard, Kind.ALONE: _do_alone, Kind.DEFEND: _do_defend,
                 Kind.GIVE: _do_give, Kind.PLAY: _do_play, Kind.EXCHANGE: _do_exchange}

    # -- double-dummy positions and information sets -------------------------------------------
    def steps(self) -> Iterator[tuple]:
        """Yield ``(before, record)`` for every record after the deal: ``before`` is an
        independent :class:`Hand` as it stood when the action was taken (so
        ``before.view(record.seat)`` is what the actor knew, ``before.legal_actions()``
        what it could have done), ``record`` what it did."""
        if not self._history:
            return
        h = Hand(self._rules, self._dealer)
        h.apply(self._history[0].action)
        for rec in self._history[1:]:
            yield h.copy(), rec
            h.apply(rec.action, allow_renege=isinstance(rec, CardPlayed) and rec.renege)

    def positions(self) -> Iterator[tuple]:
        """Yield ``(position, record)`` for every card played so far: the
        :class:`~solver.position.Position` just before the card, and its :class:`CardPlayed`.

        Raises :class:`~solver.errors.PositionError` when a hand in play is not fully known.
        """
        start = next((i for i, r in enumerate(self._history) if isinstance(r, CardPlayed)), None)
        if start is None:
            return
        h = self.at(start)
        for rec in self._history[start:]:
            yield h.position(), rec
            h.apply(rec.action, allow_renege=rec.renege)
