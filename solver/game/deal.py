"""The deal as an action: :class:`DealCards`, who holds what, the upcard, the rest of the kitty.

Unknown cards. A hand rebuilt from a game record (EGN) may not know every
card: the kitty, the dealer's discard, a loner's partner's hand. A
:class:`DealCards` therefore gives, per seat, the *known* cards (a bitmask)
and a count of *unknown* ones; a discard may be of an unknown card
(``Action.discard(None)``). Cards are always known when played (how the
hand's legality treats unknown cards: :mod:`solver.game.hand`). A freshly dealt
hand (:meth:`solver.game.Hand.deal` with no arguments) knows all.

>>> d = DealCards.parse("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c")
>>> format_cards(d.hands[Seat.N]), str(d.upcard), format_cards(d.kitty)
('Jh Qc Kh Ac Ah', '9c', '9d 9h 9s')
>>> DealCards.parse("N:Jh Ah Kh Qc E:- S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c", partial=True).unknown
(1, 5, 0, 0)
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from ..cards import Card, Seat, cards_of, format_cards, mask_of, parse_cards, parse_deal, split_dummy_deal
from ..errors import CardError, plural, quoted
from ..laws import TRICKS, pack_mask, popcount
from ..rules import Rules
from .actions import Kind

__all__ = ["DealCards"]


@dataclass(frozen=True)
class DealCards:
    """The deal, as an action: who holds what, the upcard, the rest of the kitty.

    Attributes:
        hands: 4 bitmasks (seats N E S W) of the cards known to be dealt to each
            seat; 0 for a seat not in the game (two-player E and W).
        upcard: the turned-up card.
        kitty: bitmask of the known kitty cards other than the upcard.
        unknown: 4 counts of each seat's dealt cards that are not known (record replay).
        kitty_unknown: count of kitty cards (besides the upcard) that are not known.
        dummies: 4 bitmasks of the face-up dummy hands (``Rules.dummy_hands``: five
            cards each for N and S, always known); all 0 otherwise.

    Build with :meth:`random`, :meth:`parse`, or directly. Validated by
    :meth:`Hand.verify_deal`.
    """

    hands: tuple
    upcard: Card
    kitty: int = 0
    unknown: tuple = (0, 0, 0, 0)
    kitty_unknown: int = 0
    dummies: tuple = (0, 0, 0, 0)

    @property
    def kind(self) -> Kind:
        return Kind.DEAL

    @classmethod
    def random(cls, rules: Rules | None = None, rng=None) -> "DealCards":
        """A uniformly random deal. ``rng``: a :class:`random.Random`, an int seed, or ``None``.

        Dummy hands: five personal cards each, then five dummy cards each, then the kitty.
        """
        rules = rules if rules is not None else Rules()
        if not isinstance(rng, random.Random):
            rng = random.Random(rng)
        pack = cards_of(pack_mask(rules))
        rng.shuffle(pack)
        hands, dummies = [0, 0, 0, 0], [0, 0, 0, 0]
        for i, seat in enumerate(rules.seats):
            hands[seat] = mask_of(pack[i * TRICKS:(i + 1) * TRICKS])
        rest = pack[len(rules.seats) * TRICKS:]
        if rules.dummy_hands:
            for i, seat in enumerate(rules.seats):
                dummies[seat] = mask_of(rest[i * TRICKS:(i + 1) * TRICKS])
            rest = rest[len(rules.seats) * TRICKS:]
        return cls(tuple(hands), rest[0], mask_of(rest[1:]), dummies=tuple(dummies))

    @classmethod
    def parse(cls, deal: str, upcard, kitty=None, rules: Rules | None = None,
              partial: bool = False) -> "DealCards":
        """From a deal string ``"N:<hand> E:<hand> S:<hand> W:<hand>"`` and the upcard.

        Dummy hands (``Rules.dummy_hands``): ``"N:<hand> S:<hand> | N:<dummy> S:<dummy>"``,
        the personal hands, then the face-up dummies (see ``split_dummy_deal()``);
        the dummies are always five known cards each.

        ``partial``: a hand written ``-`` or with fewer than five cards has that many
        unknown cards (a partial record); without it every hand must be five cards.
        ``kitty``: the other kitty cards (text or cards); ``None`` means the cards not
        dealt when every hand is known, else unknown.

        Raises :class:`~solver.errors.CardError` on a bad token, or a hand that is
        not five cards when not ``partial``.
        """
        rules = rules if rules is not None else Rules()
        dummies = [0, 0, 0, 0]
        if rules.dummy_hands:
            deal, dummy_text = split_dummy_deal(deal)
            for seat, cards in parse_deal(dummy_text, rules.players).items():
                if cards is None or len(cards) != TRICKS:
                    got = "unknown ('-')" if cards is None else plural(len(cards), "card")
                    raise CardError(f"{seat} dummy is {got}, expected {TRICKS} face-up cards")
                dummies[seat] = mask_of(cards)
        elif isinstance(deal, str) and "|" in deal:
            raise CardError(f"deal {quoted(deal)}: '|' separates the dummy hands, which need "
                            "Rules(players=2, dummy_hands=True)")
        parsed = parse_deal(deal, rules.players)
        hands, unknown = [0, 0, 0, 0], [0, 0, 0, 0]
        for seat, cards in parsed.items():
            if not partial and (cards is None or len(cards) != TRICKS):
                got = "unknown ('-')" if cards is None else plural(len(cards), "card")
                raise CardError(f"{seat} hand is {got}, expected {TRICKS} cards "
                                "(pass partial=True for a partial record)")
            cards = cards or []
            hands[seat] = mask_of(cards)
            unknown[seat] = max(0, TRICKS - len(cards))
        up = Card(upcard)
        kitty_size = rules.kitty_size - 1
        if kitty is None:
            if any(unknown):
                kmask = 0
            else:
                kmask = pack_mask(rules) & ~(sum(hands) | sum(dummies) | up.mask)
        else:
            kmask = mask_of(parse_cards(kitty, what="kitty") if isinstance(kitty, str) else [Card(c) for c in kitty])
        return cls(tuple(hands), up, kmask, tuple(unknown), max(0, kitty_size - popcount(kmask)), tuple(dummies))

    def __str__(self) -> str:
        parts = []
        for seat in Seat:
            if self.hands[seat] or self.unknown[seat]:
                text = format_cards(self.hands[seat]) if self.hands[seat] else ""
                text += " ?" * self.unknown[seat]
                parts.append(f"{seat.name}:{text.strip() or '-'}")
        if any(self.dummies):
            parts.append("|")
            parts += [f"{seat.name}:{format_cards(self.dummies[seat])}" for seat in Seat if self.dummies[seat]]
        return " ".join(parts) + f" up:{self.upcard}"
