"""The house rules as variants: the hook points the game kernel asks, and one :class:`Variant` per house rule.

A house rule changes the game in a few known ways; each is a *hook point*, a question the kernel
(:mod:`solver.laws`, :mod:`solver.game`) asks at one place, with the standard game's answer as the start:

* :func:`pack`: the cards of the pack (a bitmask);
* :func:`hands_per_seat`: hands dealt to each seat, each played out and scored as a set of five tricks;
* :func:`opens`: whether a phase of the hand (a ``Phase`` value, in :data:`PHASES` order) happens now;
* :func:`exchanges`: the kitty exchanges a seat may take before the bidding (the :class:`KittyExchange` s);
* :func:`discard_mask`: the cards the dealer who picked up may discard;
* :func:`contracts`: the trumps a hand may be played in (the four suits; no trump);
* :func:`may_pass`: whether a seat may pass in a bidding round;
* :func:`must_go_alone`: whether the maker must go alone;
* :func:`lead_from`: the seat whose left leads the first trick against a loner;
* :func:`set_rules`: the rules a set of five tricks is scored and solved under;
* :func:`refusal`: whether the options of a :class:`~solver.rules.Rules` can be played together.

Each house rule is one :class:`Variant` in :data:`VARIANTS`, on when its :class:`~solver.rules.Rules` switch
has its value (:attr:`Variant.switch`, :attr:`Variant.value`), and implements only the hooks it changes; a
hook point folds the answers of the variants that are on (``Rules.variants``), in :data:`VARIANTS` order.
So a new house rule is a switch in :class:`~solver.rules.Rules`, a subclass here with its hooks, and a row of
:data:`VARIANTS` (``tests/test_variants.py`` checks that every switch has exactly one variant, and that the
kernel reads no switch outside this module). The rules themselves are docs/rules.md's.

>>> from solver.rules import Rules
>>> [v.switch for v in Rules(allow_no_trump=True, stick_the_dealer=True).variants]
['stick_the_dealer', 'allow_no_trump']
>>> contracts(Rules(allow_no_trump=True))
(<Suit.C: 0>, <Suit.D: 1>, <Suit.H: 2>, <Suit.S: 3>, NO_TRUMP)
"""
from __future__ import annotations

from .cards import ALL_CARDS_MASK, JOKER, NO_TRUMP, Seat, Suit, cards_of

#: The phases of a hand in the order they come (``solver.game.Phase`` values; docs/rules.md's diagram): a
#: house rule may open a phase, never reorder them. The bidding rounds after the first and the end (``done``)
#: are the bidding's own business, not a hook's.
PHASES = ("deal", "kitty_exchange", "name_suit", "bid1", "bid2", "discard", "alone", "give", "loner_discard",
          "defend_alone", "play", "done")

#: Kitty exchanges (``Rules.farmers``, ``Rules.go_under``; docs/rules.md "Kitty exchanges"): the cards given
KITTY_EXCHANGE_CARDS = 3
#: the nines and tens: a farmer's hand holds three or more, and shows three of them
FARMERS_MASK = 0xFF
#: jacks, kings and aces: a hand that goes under holds none of them
GO_UNDER_FORBIDDEN = (0xF << 8) | (0xF << 16) | (0xF << 20)


def _cards_text(mask: int) -> str:
    return " ".join(map(str, cards_of(mask)))


class Variant:
    """A house rule: the :class:`~solver.rules.Rules` switch that turns it on and the hooks it changes.

    Attributes:
        switch: the :class:`~solver.rules.Rules` option (one variant per option).
        value: the option's value that turns the variant on (``True`` for most; ``False`` for a rule that
            is on by default and whose variant takes it away).
        words: the rule in a few words, for docs and messages.
        later: a rule added after the dict form of :class:`~solver.rules.Rules` was in use: its switch is written
            (``Rules.to_dict``, ``Rules.to_egn``, an EGN ruleset key of the same name) only when on, so what was
            written before it existed, and every seed derived from that, stays the same.

    Every hook takes the answer so far (the standard game's, changed by the variants before this one in
    :data:`VARIANTS`) and returns it, changed or not; this base class changes nothing.
    """
    switch: str = ""
    value: object = True
    words: str = ""
    later: bool = False

    def __reduce__(self):
        # one instance a rule, the one in VARIANTS: a pickled Rules (a match's worker processes) must unpickle to
        # it, not to a copy, or the identity tests on Rules.variants (laws.check_kitty_exchange's) fail there
        return _registered, (type(self),)

    def on(self, rules) -> bool:
        """Whether ``rules`` (a :class:`~solver.rules.Rules`) play this variant."""
        return getattr(rules, self.switch) == self.value

    def refusal(self, rules) -> str | None:
        """Why the rest of ``rules`` cannot be played with this variant (a :class:`RulesError` message), or None."""
        return None

    # the pack and the deal
    def pack(self, mask: int) -> int:
        """The pack as a bitmask of card indices."""
        return mask

    def hands_per_seat(self, n: int) -> int:
        """Hands of five dealt to each seat (each played as a set of five tricks)."""
        return n

    # the phases
    def opens(self, phase: str, is_open: bool, hand) -> bool:
        """Whether ``phase`` (a ``Phase`` value) happens now in ``hand`` (a ``solver.game.HandState``, read
        through its public properties), the kernel having reached it in :data:`PHASES` order."""
        return is_open

    # an exchange of cards
    def discard_mask(self, mask: int, upcard_mask: int) -> int:
        """The cards (of ``mask``, the dealer's six) the dealer who picked up may discard."""
        return mask

    # the trump and the calls
    def contracts(self, trumps: tuple) -> tuple:
        """The trumps a hand may be played in (Suits; :data:`~solver.cards.NO_TRUMP`)."""
        return trumps

    def may_pass(self, may: bool, rnd: int, seat: int, dealer: int) -> bool:
        """Whether ``seat`` may pass in bidding round ``rnd`` (1 or 2)."""
        return may

    def must_go_alone(self, must: bool, rnd: int, seat: int, dealer: int) -> bool:
        """Whether ``seat``, making trump in round ``rnd``, must go alone."""
        return must

    # the first leader
    def lead_from(self, start: int, dealer: int, alone: int) -> int:
        """The seat whose left leads the first trick when ``alone`` (a seat) goes alone (seats that sit out
        are skipped by the kernel)."""
        return start

    # the points
    def set_rules(self, rules):
        """The rules one set of five tricks is scored and solved under."""
        return rules

    def __repr__(self) -> str:
        return f"<Variant {self.switch}={self.value!r}>"


class KittyExchange(Variant):
    """A kitty exchange before the bidding (docs/rules.md "Kitty exchanges"): a qualifying seat gives three of its
    cards for the three face-down kitty cards. ``kind`` is the exchange's name in actions and records (the switch),
    ``verb`` and ``unqualified`` its words in a refusal, ``offer`` in the phase's text."""
    verb = ""
    unqualified = ""
    offer = ""

    @property
    def kind(self) -> str:
        return self.switch

    def refusal(self, rules) -> str | None:
        if rules.players != 4 or rules.joker:
            why = "a four-player rule" if rules.players != 4 else "played with the 24-card pack (with the joker " \
                "four cards lie under the upcard, not three)"
            return f"{self.switch}: the kitty exchange is {why}"
        return None

    def opens(self, phase, is_open, hand):
        return is_open or phase == "kitty_exchange"

    def qualifies(self, known: int, unknown: int = 0) -> bool:
        """Whether a hand of ``known`` cards (a bitmask) and ``unknown`` cards a record did not show (counted as
        whatever would qualify) may take this exchange."""
        raise NotImplementedError

    def pool(self, hand: int) -> int:
        """The cards of ``hand`` (a bitmask) the exchange may give."""
        return hand

    def strays(self, given: int) -> str | None:
        """Why ``given`` (three cards) cannot be what this exchange gives, or None."""
        return None

    def known_kitty_why(self, known: int, hand: int) -> str | None:
        """Why ``known`` (three cards, a bitmask) cannot be the kitty a seat holding ``hand`` knows after this
        exchange, or None when it can."""
        raise NotImplementedError


class Joker(Variant):
    switch, words = "joker", "the joker, the highest trump, in the pack"

    def pack(self, mask):
        return mask | (1 << JOKER)

    def opens(self, phase, is_open, hand):
        return is_open or (phase == "name_suit" and hand.upcard == JOKER)


class DummyHands(Variant):
    switch, words = "dummy_hands", "two-player dummy hands: a second, face-up hand each, played as a second set"

    def refusal(self, rules):
        if rules.players != 2:
            return "dummy_hands: the dummy-hands variant is a two-player game (players=2)"
        return None

    def hands_per_seat(self, n):
        return n + 1

    def set_rules(self, rules):
        return rules.replace(dummy_hands=False)


class StickTheDealer(Variant):
    switch, words = "stick_the_dealer", "the dealer must name a suit when all pass twice"

    def may_pass(self, may, rnd, seat, dealer):
        return may and not (rnd == 2 and seat == dealer)


class LeftOfDealerLeads(Variant):
    switch, value, words = "loner_lead", "left_of_dealer", "the dealer's left leads against a loner"

    def lead_from(self, start, dealer, alone):
        return dealer


class DefendAlone(Variant):
    switch, words = "defend_alone", "a defender may defend alone against a loner"

    def refusal(self, rules):
        if rules.players != 4:
            return "defend_alone: only the four-player game has partners to sit out"
        return None

    def opens(self, phase, is_open, hand):
        return is_open or (phase == "defend_alone" and hand.alone is not None)


class DealerKeepsUpcard(Variant):
    switch, value, words = "dealer_may_discard_upcard", False, "the dealer who picks up may not discard the upcard"

    def discard_mask(self, mask, upcard_mask):
        return mask & ~upcard_mask


class Canadian(Variant):
    switch, words = "canadian", "Canadian loners: the dealer's partner who orders up goes alone"
    later = True

    def refusal(self, rules):
        if rules.players != 4:
            return "canadian: Canadian loners are a four-player rule (the dealer's partner goes alone)"
        return None

    def must_go_alone(self, must, rnd, seat, dealer):
        return must or (rnd == 1 and seat == Seat(dealer).partner)


class PartnersBest(Variant):
    switch, words = "partners_best", "call for best: a loner's partner passes it a card, the loner discards one"
    later = True

    def refusal(self, rules):
        if rules.players != 4:
            return "partners_best: call for best is a four-player rule (the loner's partner passes a card)"
        return None

    def opens(self, phase, is_open, hand):
        return is_open or (phase in ("give", "loner_discard") and hand.alone is not None)


class NoTrump(Variant):
    switch, words = "allow_no_trump", "no-trump contracts, called in round 2"
    later = True

    def refusal(self, rules):
        if rules.joker:
            return "allow_no_trump: not with the joker, which is a trump and has no place in a no-trump contract"
        return None

    def contracts(self, trumps):
        return trumps + (NO_TRUMP,)


class Farmers(KittyExchange):
    switch, words = "farmers", "farmer's hand: three nines and tens shown and exchanged for the kitty"
    later = True
    verb = "show a farmer's hand"
    unqualified = "it holds fewer than three nines and tens"
    offer = "show three nines and tens (farmers)"

    def qualifies(self, known, unknown=0):
        return (known & FARMERS_MASK).bit_count() + unknown >= KITTY_EXCHANGE_CARDS

    def pool(self, hand):
        return hand & FARMERS_MASK

    def strays(self, given):
        odd = given & ~FARMERS_MASK
        if odd:
            return f"cannot show {_cards_text(odd)} as a farmer's hand: the three shown are nines or tens"
        return None

    def known_kitty_why(self, known, hand):
        odd = known & ~FARMERS_MASK
        if not odd:
            return None
        what_odd = "is no nine or ten" if odd.bit_count() == 1 else "are no nines or tens"
        return f"{_cards_text(odd)} {what_odd}, and a farmer shows three nines or tens"


class GoUnder(KittyExchange):
    switch, words = "go_under", "going under: a hand with no jack, ace or king exchanges three cards for the kitty"
    later = True
    verb = "go under"
    unqualified = "it holds a jack, an ace or a king"
    offer = "go under"

    def qualifies(self, known, unknown=0):
        return not known & GO_UNDER_FORBIDDEN

    def known_kitty_why(self, known, hand):
        high = known & GO_UNDER_FORBIDDEN
        low = (hand & ~GO_UNDER_FORBIDDEN).bit_count()
        if high:
            what_high = "is a jack, an ace or a king" if high.bit_count() == 1 else "are jacks, aces or kings"
            return f"{_cards_text(high)} {what_high}, and a hand that goes under holds none"
        if low < 2:
            return ("only the seat that went under knows the kitty, and it kept two of its cards with no jack, "
                    f"ace or king, but the hand {_cards_text(hand)} has "
                    f"{'no such card' if low == 0 else 'only one such card'}")
        return None


#: Every house rule, one variant per :class:`~solver.rules.Rules` switch, in the order the hooks fold them (and
#: a refusal of incompatible options names the first).
VARIANTS = (Joker(), DummyHands(), StickTheDealer(), LeftOfDealerLeads(), DefendAlone(), Canadian(),
            PartnersBest(), NoTrump(), Farmers(), GoUnder(), DealerKeepsUpcard())

#: the Rules options that are variant switches
SWITCHES = tuple(v.switch for v in VARIANTS)
#: the switches of the rules added later (:attr:`Variant.later`), in :data:`VARIANTS` order: also EGN ruleset keys
LATER_SWITCHES = tuple(v.switch for v in VARIANTS if v.later)


def _registered(kind: type) -> Variant:
    """The instance of :data:`VARIANTS` of class ``kind`` (what a pickled variant unpickles to)."""
    return next(v for v in VARIANTS if type(v) is kind)


def variants_on(rules) -> tuple:
    """The variants ``rules`` play, in :data:`VARIANTS` order (what ``Rules.variants`` holds)."""
    return tuple(v for v in VARIANTS if v.on(rules))


def refusal(rules) -> str | None:
    """The first reason the variants ``rules`` play cannot go together (a message), or None."""
    for v in variants_on(rules):
        why = v.refusal(rules)
        if why is not None:
            return why
    return None


# -- the hook points: the standard game's answer, folded through the variants that are on -------------------------
def pack(rules) -> int:
    """Bitmask of every card in the pack: the 24 cards, the joker added by ``Rules.joker``."""
    mask = ALL_CARDS_MASK
    for v in rules.variants:
        mask = v.pack(mask)
    return mask


def hands_per_seat(rules) -> int:
    """Hands of five dealt to each seat: 1, or 2 with ``Rules.dummy_hands`` (each played and scored as a set)."""
    n = 1
    for v in rules.variants:
        n = v.hands_per_seat(n)
    return n


def _standard_opens(phase: str, hand) -> bool:
    if phase == "discard":
        return hand.picked_up
    if phase == "alone":
        return hand.rules.players == 4          # going alone needs partners
    return phase in ("bid1", "play")


def opens(rules, phase: str, hand) -> bool:
    """Whether ``phase`` (a ``Phase`` value of :data:`PHASES`) happens now in ``hand`` (a ``HandState``)."""
    is_open = _standard_opens(phase, hand)
    for v in rules.variants:
        is_open = v.opens(phase, is_open, hand)
    return is_open


def exchanges(rules) -> tuple:
    """The :class:`KittyExchange` variants ``rules`` play (farmers before going under)."""
    return tuple(v for v in rules.variants if isinstance(v, KittyExchange))


def discard_mask(rules, mask: int, upcard_mask: int) -> int:
    """The cards of ``mask`` (the dealer's six, a bitmask) the dealer who picked up ``upcard_mask`` may discard."""
    for v in rules.variants:
        mask = v.discard_mask(mask, upcard_mask)
    return mask


def contracts(rules) -> tuple:
    """The trumps a hand may be played in: the four suits, then :data:`~solver.cards.NO_TRUMP` with
    ``Rules.allow_no_trump``."""
    trumps = tuple(Suit)
    for v in rules.variants:
        trumps = v.contracts(trumps)
    return trumps


def may_pass(rules, rnd: int, seat: int, dealer: int) -> bool:
    """Whether ``seat`` may pass in bidding round ``rnd`` (not a stuck dealer, ``Rules.stick_the_dealer``)."""
    may = True
    for v in rules.variants:
        may = v.may_pass(may, rnd, seat, dealer)
    return may


def must_go_alone(rules, rnd: int, seat: int, dealer: int) -> bool:
    """Whether ``seat``, making trump in round ``rnd``, must go alone (``Rules.canadian``)."""
    must = False
    for v in rules.variants:
        must = v.must_go_alone(must, rnd, seat, dealer)
    return must


def lead_from(rules, dealer: int, alone: int) -> int:
    """The seat whose left leads the first trick against ``alone``: the loner, or (``Rules.loner_lead``
    ``"left_of_dealer"``) the dealer."""
    start = alone
    for v in rules.variants:
        start = v.lead_from(start, dealer, alone)
    return start


def set_rules(rules):
    """The rules one set of five tricks is scored and solved under (each dummy-hands set as a two-player hand)."""
    for v in rules.variants:
        rules = v.set_rules(rules)
    return rules


#: the kitty exchanges by kind (``"farmers"``, ``"go_under"``), whether or not a rules value plays them
EXCHANGE_KINDS = {v.kind: v for v in VARIANTS if isinstance(v, KittyExchange)}
