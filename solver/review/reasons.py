"""Reasons in words: what a strong player would say about a choice that lost, from a small set of named rules.

Each :class:`Rule` is two tested predicates: ``holds`` reads the position as the player saw it
(its hand, the trick on the table, who called, the score) and says whether the principle was
broken; ``agrees`` reads the review's figures and says whether the best choice is the one the
principle asks for. A reason is shown only when both are true (and the choice made was not among
the best), so a sentence never contradicts the numbers beside it. The rules are the standard
advice of euchre books and teaching sites (partner's winner is not trumped; lead trump when
partner called it; do not lead trump into a loner; third hand high; discard losers, not aces; do
not order a bower into the dealer's hand without trumps; going alone is for the points a side
needs), each checked against the figures, never assumed.

Card rules (:class:`CardSituation`): ``trumped-partner``, ``no-trump-lead-for-partner``,
``trump-lead-against-loner``, ``third-hand-low``, ``threw-an-ace``. Call rules
(:class:`CallSituation`): ``called-with-one-trump``, ``bower-to-dealer``, ``alone-at-game-point``,
``passed-a-making-hand`` (the best call makes at least two times in three). :data:`RULES` lists them; :func:`card_reasons` and :func:`call_reasons`
give the :class:`Reason` s that fire. The review looks for them at the decisions graded
:data:`EXPLAINED` (a ``good`` choice lost too little to need a reason).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..cards import NO_TRUMP, Card, Seat, Suit, cards_of, parse_trump, trump_of
from ..laws import effective_suit, legal_mask, side_of, trick_strength, winning_index

ACE = 5          # Card rank of the ace (9 T J Q K A = 0..5)
#: ``passed-a-making-hand``: the best call makes at least this often (two times in three: a hand that makes
#: barely more often than not is a close pass, not one a strong player calls a mistake).
MAKES = 2 / 3
JACK = 2


@dataclass(frozen=True)
class Reason:
    """A rule that fired: ``rule`` its id, ``sentence`` what it says about this decision."""

    rule: str
    sentence: str

    def to_dict(self) -> dict:
        return {"rule": self.rule, "sentence": self.sentence}


@dataclass(frozen=True)
class CardSituation:
    """A card decision as the rules read it.

    Attributes:
        hand: the seat's cards before the card (bitmask); trick: ``((seat, card), ...)`` on the table,
            from the leader; trump: the trump suit (int); maker, alone: seats (``alone`` ``None``
            without a loner); players: 4 or 2.
        seat, card: who played what; best: the cards the review found best (from the player's view
            where it had one).
    """

    hand: int
    trick: tuple
    trump: int
    maker: Seat
    alone: Seat | None
    players: int
    seat: Seat
    card: Card
    best: tuple

    @classmethod
    def of(cls, before, seat, card, best) -> "CardSituation":
        """From the :class:`~solver.game.Hand` ``before`` the card."""
        return cls(int(before.holding(seat)), tuple((Seat(s), Card(c)) for s, c in before.current_trick),
                   int(before.trump), Seat(before.maker), None if before.alone is None else Seat(before.alone),
                   before.rules.players, Seat(seat), Card(card), tuple(Card(c) for c in best))

    def is_trump(self, card) -> bool:
        return effective_suit(int(card), self.trump) == self.trump

    @property
    def led(self) -> int | None:
        return None if not self.trick else effective_suit(int(self.trick[0][1]), self.trump)

    @property
    def partner(self) -> Seat | None:
        return Seat((int(self.seat) + 2) % 4) if self.players == 4 else None

    def winning(self) -> tuple:
        """``(seat, card)`` winning the trick on the table so far."""
        i = winning_index([int(c) for _s, c in self.trick], self.trump)
        return self.trick[i]

    def beats(self, card) -> bool:
        """``card`` would win the trick on the table so far."""
        top = self.winning()[1]
        return trick_strength(int(card), self.trump, self.led) > trick_strength(int(top), self.trump, self.led)

    @property
    def void(self) -> bool:
        """The seat cannot follow the suit led."""
        return bool(self.trick) and not any(effective_suit(c, self.trump) == self.led for c in cards_of(self.hand))


@dataclass(frozen=True)
class CallSituation:
    """A call as the rules read it.

    Attributes:
        hand: the caller's five cards (bitmask); upcard; dealer, seat; round 1 or 2.
        call: the call made as a token (``"pass"``, ``"order"``, ``"order alone"``, ``"call h"``);
            best: the best call's token and best_name its words; best_p_make: that call's chance of
            making (``None`` unknown); score: ``{side name: points}`` before the hand or ``None``;
            target: the points that win the game; players: 4 or 2; named: the suit the dealer named for a
            turned-up joker (what an order up makes trump), else ``None``.
    """

    hand: int
    upcard: Card
    dealer: Seat
    seat: Seat
    round: int
    call: str
    best: str
    best_name: str
    best_p_make: float | None = None
    score: dict | None = None
    target: int = 10
    players: int = 4
    named: Suit | None = None

    @property
    def trump(self) -> int | None:
        """The suit the call makes trump (``None`` for a pass)."""
        return self.trump_of(self.call)

    def trump_of(self, token: str) -> int | None:
        """The suit a call token makes trump (``None`` for a pass; 4 for no trump)."""
        if token.startswith("order"):
            return int(self.named) if self.named is not None else int(self.upcard) % 4
        if token.startswith("call"):
            return int(parse_trump(token.split()[1]))
        return None

    def trumps(self) -> int:
        """How many trumps the caller holds in the suit it names (the upcard too for a dealer picking up)."""
        cards = list(cards_of(self.hand))
        if self.call.startswith("order") and self.seat == self.dealer:
            cards.append(int(self.upcard))
        return sum(effective_suit(c, self.trump) == self.trump for c in cards)

    @property
    def alone(self) -> bool:
        return self.call.endswith("alone")


@dataclass(frozen=True)
class Rule:
    """A named principle: ``holds(situation)`` (the position broke it), ``agrees(situation)`` (the figures'
    best choice is what it asks for), ``sentence(situation)`` (what to say)."""

    id: str
    kind: str
    holds: Callable
    agrees: Callable
    sentence: Callable

    def fire(self, s) -> Reason | None:
        """The :class:`Reason` when the rule holds and agrees with the figures, else ``None``."""
        if self.holds(s) and self.agrees(s):
            return Reason(self.id, self.sentence(s))
        return None


def _cards(cards) -> str:
    return ", ".join(str(c) for c in cards)


# -- card rules ----------------------------------------------------------------------------------------
def _trumped_partner(s: CardSituation) -> bool:
    return (s.partner is not None and s.void and s.led != s.trump and s.is_trump(s.card)
            and s.winning()[0] == s.partner)


def _no_trump_lead(s: CardSituation) -> bool:
    return (not s.trick and s.partner is not None and s.maker == s.partner and s.alone is None
            and not s.is_trump(s.card) and any(s.is_trump(c) for c in cards_of(s.hand)))


def _trump_into_loner(s: CardSituation) -> bool:
    return (not s.trick and s.alone is not None and side_of(s.alone, s.players) != side_of(s.seat, s.players)
            and s.is_trump(s.card))


def _third_hand_low(s: CardSituation) -> bool:
    if s.players != 4 or s.alone is not None or len(s.trick) != 2 or s.trick[0][0] != s.partner:
        return False
    if s.winning()[0] == s.partner or effective_suit(int(s.card), s.trump) != s.led or s.beats(s.card):
        return False
    legal = cards_of(legal_mask(s.hand, s.trump, int(s.trick[0][1])))
    return any(effective_suit(c, s.trump) == s.led and s.beats(c) for c in legal)


def _threw_ace(s: CardSituation) -> bool:
    return (s.void and not s.is_trump(s.card) and s.card.rank == ACE
            and any(not s.is_trump(c) and Card(c).rank != ACE for c in cards_of(s.hand)))


CARD_RULES = (
    Rule("trumped-partner", "card", _trumped_partner,
         lambda s: not any(s.is_trump(c) for c in s.best),
         lambda s: f"{s.seat} trumped its partner's winning {s.winning()[1]} with the {s.card}; "
                   f"throwing off (best: {_cards(s.best)}) keeps the trump while partner holds the trick"),
    Rule("no-trump-lead-for-partner", "card", _no_trump_lead,
         lambda s: all(s.is_trump(c) for c in s.best),
         lambda s: f"{s.partner} called {trump_of(s.trump).word} and {s.seat} led the {s.card}, not trump "
                   f"(best: {_cards(s.best)}): leading trump for the maker pulls the defenders' trumps"),
    Rule("trump-lead-against-loner", "card", _trump_into_loner,
         lambda s: not any(s.is_trump(c) for c in s.best),
         lambda s: f"{s.seat} led trump ({s.card}) against {s.alone}'s loner: it plays into the loner's "
                   f"strength; an off-suit lead (best: {_cards(s.best)}) makes the loner guess"),
    Rule("third-hand-low", "card", _third_hand_low,
         lambda s: all(s.beats(c) for c in s.best),
         lambda s: f"third hand, {s.seat} played the {s.card} under {s.winning()[0]}'s {s.winning()[1]} "
                   f"although the {_cards(s.best)} wins it: third hand high"),
    Rule("threw-an-ace", "card", _threw_ace,
         lambda s: all(not s.is_trump(c) and c.rank != ACE for c in s.best),
         lambda s: f"{s.seat} threw the {s.card} instead of a loser (best: {_cards(s.best)}): the ace may take a "
                   "trick later"),
)


# -- call rules ----------------------------------------------------------------------------------------
def _makes(s: CallSituation) -> bool:
    return s.call != "pass"


def _side_score(s: CallSituation) -> int | None:
    if s.score is None:
        return None
    side = side_of(s.seat, s.players)
    names = list(s.score)
    return int(s.score[names[side]]) if len(names) == 2 else None


def _bower_to_dealer(s: CallSituation) -> bool:
    return (s.round == 1 and s.call.startswith("order") and s.upcard.rank == JACK and s.players == 4
            and side_of(s.seat, 4) != side_of(s.dealer, 4) and s.trumps() <= 2)


CALL_RULES = (
    # (a no-trump call holds no trump by definition: the rule is about suit contracts)
    Rule("called-with-one-trump", "call", lambda s: _makes(s) and s.trump != NO_TRUMP and s.trumps() <= 1
         and not _bower_to_dealer(s),
         lambda s: s.trump_of(s.best) != s.trump,
         lambda s: f"{s.seat} made {trump_of(s.trump).word} trump holding {s.trumps()} trump; best: {s.best_name}"),
    Rule("bower-to-dealer", "call", lambda s: _bower_to_dealer(s),
         lambda s: s.best == "pass",
         lambda s: f"{s.seat} ordered the right bower ({s.upcard}) into the dealer {s.dealer}'s hand holding "
                   f"{s.trumps()} trump{'' if s.trumps() == 1 else 's'}; best: {s.best_name}"),
    Rule("alone-at-game-point", "call",
         lambda s: s.alone and _side_score(s) is not None and _side_score(s) == s.target - 1,
         lambda s: s.best == s.call[:-len(" alone")],
         lambda s: f"{s.seat} went alone at {_side_score(s)} when one point wins the game; best: {s.best_name} "
                   "with its partner, which makes more often"),
    Rule("passed-a-making-hand", "call",
         lambda s: s.call == "pass",
         lambda s: s.best != "pass" and s.best_p_make is not None and s.best_p_make >= MAKES,
         lambda s: f"{s.seat} passed a hand that makes {s.best_p_make:.0%} of the time (best: {s.best_name})"),
)

#: Every rule, cards then calls.
RULES = CARD_RULES + CALL_RULES


#: The grades a reason is looked for at: a choice that lost at least an inaccuracy (or may have).
EXPLAINED = ("inaccuracy", "mistake", "blunder", "unclear")


def card_reasons(s: CardSituation) -> list:
    """The :class:`Reason` s of a card that was not among the best (``[]`` when it was)."""
    if s.card in s.best:
        return []
    return [r for r in (rule.fire(s) for rule in CARD_RULES) if r is not None]


def call_reasons(s: CallSituation) -> list:
    """The :class:`Reason` s of a call that was not the best (``[]`` when it was)."""
    if s.call == s.best:
        return []
    return [r for r in (rule.fire(s) for rule in CALL_RULES) if r is not None]


__all__ = ["EXPLAINED", "Reason", "Rule", "CardSituation", "CallSituation", "RULES", "CARD_RULES", "CALL_RULES", "card_reasons",
           "call_reasons"]
