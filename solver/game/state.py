"""The state of one deal, :class:`HandState`: what a :class:`~solver.game.hand.Hand` holds and what it shows.

The seam between this module and :mod:`solver.game.hand`: here the fields of a deal in progress and every
read-out of them (the read-only properties, :meth:`HandState.state_text`, the double-dummy
:meth:`HandState.position` and a seat's :meth:`HandState.view`); there the actions that change them (legal
actions, ``verify_x`` / ``can_x`` / ``x``, apply and undo). Nothing here changes the state, so a reader of a
hand needs only this module's names, and :data:`STATE_FIELDS` (what :meth:`Hand.undo` snapshots) sits next
to the ``__init__`` that sets them.

>>> state = HandState(Rules(), dealer="S")
>>> state.phase, state.to_act, state.state_text()
(<Phase.DEAL: 'deal'>, None, 'the cards have not been dealt')
"""
from __future__ import annotations

from ..cards import Card, Seat, Suit
from ..errors import CardError, PositionError, quoted
from ..laws import (TRICKS, bidding_order, check_seat, effective_suit, pack_mask, popcount, seats, seats_in_play,
                    side_of)
from ..position import Position
from ..rules import Rules
from ..variants import EXCHANGE_KINDS, exchanges, hands_per_seat, set_rules
from .actions import Phase
from .history import HandResult
from .view import SeatView

__all__ = ["HandState", "STATE_FIELDS"]

# The fields HandState.__init__ sets that an action may change: Hand.apply snapshots them, Hand.undo restores them.
STATE_FIELDS = ("_phase", "_to_act", "_hands", "_unknown", "_dealt", "_dealt_unknown", "_upcard", "_kitty",
                "_kitty_unknown", "_named", "_bids", "_trump", "_maker", "_alone", "_defender_alone",
                "_defend_asked", "_picked_up", "_discard", "_discarded", "_tricks", "_leader", "_current",
                "_current_seats", "_won", "_result", "_dummies", "_dealt_dummies", "_phase_results", "_exchanged",
                "_best_card", "_loner_discard", "_exchange_taker", "_exchange_kind", "_exchange_given",
                "_exchange_received")


class HandState:
    """One deal's state and its read-outs; :class:`~solver.game.hand.Hand` adds the actions.

    Args:
        rules: the :class:`~solver.rules.Rules` (default ``Rules()``).
        dealer: the dealing :class:`Seat` (``"N"``, 0, ...); N or S in two-player.

    Raises :class:`~solver.errors.RulesError` for rules ``coerce()`` refuses,
    :class:`~solver.errors.CardError` / :class:`~solver.errors.SeatError` for a dealer not in the game.
    A bare ``HandState`` stays before the deal; build a :class:`~solver.game.hand.Hand` to play one.
    """

    def __init__(self, rules: Rules | None = None, dealer=Seat.N):
        rules = Rules.coerce(rules)
        try:
            dealer = Seat.parse(dealer)
        except CardError as exc:
            raise CardError(f"dealer {quoted(dealer)}: {exc}") from None
        check_seat(dealer, rules.players, "dealer")
        self._rules = rules
        self._dealer = dealer
        self._bid_order = bidding_order(dealer, rules.players)
        self._sets = hands_per_seat(rules)     # sets of five tricks a hand plays (2: dummy hands)
        self._phase = Phase.DEAL
        self._to_act = None
        self._hands = (0, 0, 0, 0)
        self._unknown = (0, 0, 0, 0)
        self._dealt = (0, 0, 0, 0)
        self._dealt_unknown = (0, 0, 0, 0)
        self._upcard = None
        self._kitty = 0
        self._kitty_unknown = 0
        self._named = None
        self._bids = ()
        self._trump = None
        self._maker = None
        self._alone = None
        self._defender_alone = None
        self._defend_asked = 0
        self._picked_up = False
        self._discard = None
        self._discarded = False
        self._tricks = ()
        self._leader = None
        self._current = ()
        self._current_seats = ()
        self._won = (0, 0)
        self._result = None
        self._dummies = (0, 0, 0, 0)          # face-up dummy cards not yet in play
        self._dealt_dummies = (0, 0, 0, 0)
        self._phase_results = ()              # dummy hands: the result of each finished set of five
        self._exchanged = False               # call for best: the partner has passed the loner a card
        self._best_card = None                # ... that card (None: unknown in the record)
        self._loner_discard = None            # ... and the loner's discard after it
        self._exchange_taker = None           # kitty exchange (farmers, go_under): the seat that took it
        self._exchange_kind = None            # ... "farmers" or "go_under"
        self._exchange_given = 0              # ... the cards it gave the kitty (bitmask)
        self._exchange_received = 0           # ... the kitty's known cards it took (bitmask)
        self._history = []
        self._snaps = []

    # -- read-only state -----------------------------------------------------------
    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def dealer(self) -> Seat:
        return self._dealer

    @property
    def phase(self) -> Phase:
        return self._phase

    @property
    def to_act(self) -> Seat | None:
        """The seat whose decision it is, or ``None`` (before the deal, after the end)."""
        return self._to_act

    @property
    def history(self) -> list:
        """The :class:`Record` s of every action applied, in order (a copy)."""
        return list(self._history)

    @property
    def upcard(self) -> Card | None:
        return self._upcard

    @property
    def named_suit(self) -> Suit | None:
        return self._named

    @property
    def trump(self) -> Suit | None:
        return self._trump

    @property
    def maker(self) -> Seat | None:
        return self._maker

    @property
    def makers(self) -> int | None:
        """Side index of the makers (0 = NS / N), or ``None`` before trump is made."""
        return None if self._maker is None else side_of(self._maker, self._rules.players)

    @property
    def alone(self) -> Seat | None:
        return self._alone

    @property
    def defender_alone(self) -> Seat | None:
        return self._defender_alone

    @property
    def picked_up(self) -> bool:
        """True when the dealer took the upcard (someone ordered up)."""
        return self._picked_up

    @property
    def discard(self) -> Card | None:
        """The dealer's discard (``None`` before, or when a record does not show it)."""
        return self._discard

    @property
    def best_card(self) -> Card | None:
        """In a call for best, the card the loner's partner passed it (``None`` before, or unknown)."""
        return self._best_card

    @property
    def loner_discard(self) -> Card | None:
        """In a call for best, the loner's discard after the exchange (``None`` before, or unknown)."""
        return self._loner_discard

    @property
    def exchanged(self) -> bool:
        """In a call for best, whether the loner's partner has passed it a card."""
        return self._exchanged

    @property
    def exchange_taker(self) -> Seat | None:
        """Kitty exchange (``Rules.farmers`` / ``go_under``): the seat that took it, or ``None``."""
        return self._exchange_taker

    @property
    def exchange_kind(self) -> str | None:
        """The kitty exchange, ``"farmers"`` or ``"go_under"`` once taken, else ``None``."""
        return self._exchange_kind

    @property
    def exchange_given(self) -> int:
        """In a kitty exchange, the bitmask of the three cards the taker gave the kitty (0 before or without one)."""
        return self._exchange_given

    @property
    def exchange_received(self) -> int:
        """In a kitty exchange, the bitmask of the kitty cards the taker received (0 before or without one)."""
        return self._exchange_received

    @property
    def bids(self) -> tuple:
        """``((seat, Action), ...)``: the calls so far (a named suit included)."""
        return self._bids

    @property
    def tricks(self) -> tuple:
        """The completed :class:`Trick` s."""
        return self._tricks

    @property
    def leader(self) -> Seat | None:
        """Who led (or leads) the current trick."""
        return self._leader

    @property
    def current_trick(self) -> tuple:
        """``((seat, card), ...)``: cards on the table in the trick under way."""
        return tuple(zip(self._current_seats, self._current))

    @property
    def tricks_won(self) -> tuple:
        """Tricks taken per side index ``(side0, side1)`` (dummy hands: in the set of five
        under way, or the last one once the hand is over)."""
        return self._won

    # -- dummy hands ---------------------------------------------------------------------
    def dummy(self, seat) -> int:
        """Bitmask of ``seat``'s face-up dummy cards not yet played (0 without dummy hands).

        During tricks 1-5 that is the five cards dealt; during tricks 6-10 the dummy is the
        hand in play, so this equals :meth:`holding`."""
        seat = Seat.parse(seat)
        return self._hands[seat] if self.dummy_phase else self._dummies[seat]

    def dealt_dummy(self, seat) -> int:
        """Bitmask of the five dummy cards dealt to ``seat`` (0 without dummy hands)."""
        return self._dealt_dummies[Seat.parse(seat)]

    @property
    def dummy_phase(self) -> bool:
        """With dummy hands, True once the first five tricks are over (tricks 6-10 are
        played, or were, with the dummies)."""
        return self._sets > 1 and len(self._tricks) >= TRICKS

    @property
    def phase_results(self) -> tuple:
        """With dummy hands, the :class:`HandResult` of each finished set of five tricks
        (personal hands, then dummies), each scored as a hand. Empty otherwise."""
        return self._phase_results

    @property
    def tricks_in_hand(self) -> int:
        """The tricks a hand has (5, or 10 with dummy hands)."""
        return self._sets * TRICKS

    @property
    def result(self) -> HandResult | None:
        """The :class:`HandResult` once the hand is over, else ``None``."""
        return self._result

    @property
    def is_over(self) -> bool:
        return self._phase is Phase.DONE

    def holding(self, seat) -> int:
        """Bitmask of the known cards ``seat`` holds now."""
        return self._hands[Seat.parse(seat)]

    def unknown_cards(self, seat) -> int:
        """How many of ``seat``'s current cards the record does not know (0 in a live hand)."""
        return self._unknown[Seat.parse(seat)]

    def dealt(self, seat) -> int:
        """Bitmask of the known cards dealt to ``seat`` (before any pick-up or discard)."""
        return self._dealt[Seat.parse(seat)]

    def dealt_unknown(self, seat) -> int:
        """How many of the cards dealt to ``seat`` the record does not know (0 in a live hand)."""
        return self._dealt_unknown[Seat.parse(seat)]

    @property
    def kitty(self) -> int:
        """Bitmask of the known kitty cards other than the upcard (the discard included once made)."""
        return self._kitty

    @property
    def seats_in_play(self) -> tuple:
        """Seats that play the tricks, clockwise (a loner's / lone defender's partner sits out)."""
        return seats_in_play(self._rules.players, self._alone, self._defender_alone)

    # -- the state as text -------------------------------------------------------------
    def state_text(self) -> str:
        """Where the hand is, in words, for messages: ``"it is bidding round 1 and W is to bid"``.

        One clause without a capital or a full stop, so a caller can put it after a colon
        or in brackets (the :class:`IllegalActionError` messages of the wrong phase do).

        >>> from solver.game import Hand
        >>> h = Hand(Rules(), dealer="S")
        >>> h.state_text()
        'the cards have not been dealt'
        >>> _ = h.deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c")
        >>> h.state_text()
        'it is bidding round 1 and W is to bid'
        """
        p = self._phase
        if p is Phase.DEAL:
            return "the cards have not been dealt"
        if p is Phase.EXCHANGE:
            return f"{self._to_act} may exchange three cards with the kitty ({self._exchange_words()}) or keep its hand"
        if p is Phase.NAME_SUIT:
            return f"the dealer {self._dealer} must first name the suit for the turned-up joker"
        if p is Phase.BID1:
            return f"it is bidding round 1 and {self._to_act} is to bid"
        if p is Phase.BID2:
            return f"it is bidding round 2 and {self._to_act} is to bid"
        if p is Phase.DISCARD:
            return f"the dealer {self._dealer} must discard"
        if p is Phase.ALONE:
            return f"the maker {self._maker} must say whether it goes alone"
        if p is Phase.DEFEND_ALONE:
            return f"{self._to_act} must say whether it defends alone"
        if p is Phase.GIVE:
            return f"the loner's partner {self._to_act} must pass the loner a card (call for best)"
        if p is Phase.LONER_DISCARD:
            return f"the loner {self._to_act} must discard one of its six cards (call for best)"
        if p is Phase.PLAY:
            hands = (" (the dummies)" if self.dummy_phase else " (the personal hands)") if self._sets > 1 else ""
            return f"it is trick {len(self._tricks) + 1}{hands} and {self._to_act} is to play"
        if self._result is not None and self._result.thrown_in:
            return "the hand was thrown in"
        return "the hand is over"

    def _exchanges_open(self, seat) -> tuple:
        """The exchanges ``seat``'s hand may qualify for: by its known cards, an unknown card (a replay)
        counted as whatever would qualify."""
        known, unknown = self._hands[seat], self._unknown[seat]
        return tuple(v.kind for v in exchanges(self._rules) if v.qualifies(known, unknown))

    def _exchange_words(self) -> str:
        return " or ".join(EXCHANGE_KINDS[k].offer for k in self._exchanges_open(self._to_act))

    # -- double-dummy positions and information sets -------------------------------------------
    def position(self) -> Position:
        """The double-dummy :class:`~solver.position.Position` now (play phase or a played-out hand).

        Hands are the cards the seats in play still hold; ``played`` the current trick;
        makers, loner, lone defender and tricks already won as in the hand.

        Dummy hands: the two-player position of the set of five under way (tricks 1-5:
        the personal hands; tricks 6-10: the dummies), with its own tricks won and
        ``Rules(players=2)`` without ``dummy_hands``, since each set is scored as a hand.

        Raises :class:`~solver.errors.PositionError` before play starts, for a thrown-in
        hand, or when a hand in play is not fully known (a partial record).
        """
        if self._phase is not Phase.PLAY and not (self._phase is Phase.DONE and self._trump is not None):
            raise PositionError(f"no double-dummy position: {self.state_text()}")
        hands = [0, 0, 0, 0]
        for s in self.seats_in_play:
            if self._unknown[s] and not self.dummy_phase:
                raise PositionError(f"no double-dummy position: {self._unknown[s]} of {s}'s cards are not "
                                    "known in this record")
            hands[s] = self._hands[s]
        rules = set_rules(self._rules)
        return Position(tuple(hands), self._trump, self._leader, self._current, self.makers, self._alone,
                        self._defender_alone, self._won, rules)

    def view(self, seat) -> SeatView:
        """What ``seat`` has seen so far: its :class:`SeatView` (information set)."""
        seat = check_seat(seat, self._rules.players)
        trump = self._trump
        played = [0, 0, 0, 0]
        voids = [set(), set(), set(), set()]
        tricks = list(self._tricks)
        all_tricks = [(t.seats, t.cards) for t in tricks]
        if self._current:
            all_tricks.append((self._current_seats, self._current))
        this_set = TRICKS if self.dummy_phase else 0       # dummy hands: voids of the set under way
        for i, (who, cards) in enumerate(all_tricks):
            led = effective_suit(cards[0], trump)
            for s, c in zip(who, cards):
                played[s] |= c.mask
                if effective_suit(c, trump) != led and i >= this_set:
                    voids[s].add(Suit(led))
        upcard_state = None
        if self._upcard is not None:
            if self._picked_up:
                upcard_state = "dealer"
            elif self._phase in (Phase.NAME_SUIT, Phase.BID1):
                upcard_state = "face_up"
            else:
                upcard_state = "turned_down"
        own_discard = self._discard if seat == self._dealer else None
        exchange_seat = self._alone is not None and seat in (self._alone, Seat(self._alone).partner)
        best_card = self._best_card if self._exchanged and exchange_seat else None
        loner_discard = self._loner_discard if seat == self._alone else None
        taker = self._exchange_taker
        kitty_known = 0               # kitty exchange: the cards the seat knows lie face down in the kitty
        if taker is not None and (seat == taker or self._exchange_kind == "farmers"):
            kitty_known = self._exchange_given & ~sum(self._hands)     # (none has come back: the kitty is dead)
        unseen = 0
        dummies = (0, 0, 0, 0)
        if self._phase is not Phase.DEAL:
            unseen = pack_mask(self._rules) & ~self._hands[seat] & ~sum(played)
            dummies = tuple(self.dummy(s) for s in range(4))
            unseen &= ~sum(dummies)
            if upcard_state in ("face_up", "turned_down"):
                unseen &= ~self._upcard.mask
            if own_discard is not None:
                unseen &= ~own_discard.mask
            if loner_discard is not None:
                unseen &= ~loner_discard.mask
            unseen &= ~kitty_known
        settled = (Phase.PLAY, Phase.DONE, Phase.GIVE, Phase.LONER_DISCARD)     # the loner is known
        in_play = self.seats_in_play if self._phase in settled else seats(self._rules.players)
        sizes = tuple(popcount(self._hands[s]) + self._unknown[s] if s in in_play else 0 for s in range(4))
        return SeatView(seat, self._dealer, self._phase, self._rules, self._to_act, self._hands[seat],
                        self._unknown[seat], self._upcard, upcard_state, self._named, own_discard, self._bids,
                        trump, self._maker, self.makers, self._alone, self._defender_alone, in_play,
                        self._tricks, self._leader, self.current_trick, self._won, tuple(played),
                        tuple(frozenset(v) for v in voids), sizes, unseen, dummies, self.dummy_phase,
                        self._exchanged, best_card, loner_discard,
                        None if taker is None else (taker, self._exchange_kind), kitty_known,
                        self._exchange_received if seat == taker else 0)
