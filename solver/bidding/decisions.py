"""The bidding decisions of real games: one row per call whose caller's hand is known, read from EGN records.

A decision is what a player saw when it spoke: its five cards as dealt, its place after the dealer, the round,
the upcard (round 2: the card turned down), and what it said (pass, order up, name a suit; alone or not).
Every call before it in the same auction was a pass (a call ends the auction), so the place and the round say
all the auction had said. These rows are what :mod:`solver.bidding.fit` fits a model of players' calls to.

Which hands are known: a record that reaches the play gives every hand at the start of play (the replay of
:class:`~solver.records.EGNDeal`), except a loner's partner's. For every seat but the dealer that is the hand
as dealt. The dealer who picked up holds the upcard and lacks its discard; its hand as dealt is the kept hand
less the upcard plus the discard when the record shows the discard, and otherwise the card among the four
unseen ones (three in the kitty and the discard) that :func:`~solver.bidding.dealer_discard` would have thrown
from the kept hand and it (the model counts the dealer's hand after that rule's discard, so any such card
gives the same count); a dealer who broke the rule is then read as if it had kept the same five by the rule.

A deal seen twice (the same dealer, upcard and hands, as in an annotated copy of a record) is counted once.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ..cardtables import CARD_BITS
from ..cards import Seat, format_cards, mask_of
from ..errors import ModelError
from ..laws import place_after_dealer
from .discard import dealer_discard


@dataclass(frozen=True)
class BidDecision:
    """One call of a real auction, with the caller's hand.

    Attributes:
        hand: the caller's five cards as dealt, a bitmask (int; :mod:`solver.cardtables` order).
        place: the caller's place after the dealer (0 dealer, 1 left, 2 partner, 3 right).
        round: 1 or 2.
        upcard: the card turned up (round 2: turned down), as a card index.
        kind: ``"pass"``, ``"order"`` (round 1) or ``"call"`` (round 2).
        suit: the suit named (round 2 calls), else ``None``.
        alone: the caller went alone.
        stuck: the dealer in round 2 under stick the dealer (it may not pass).
        source: where it was read, e.g. ``"vwec-finals.egn deal 3 E"``.
    """

    hand: int
    place: int
    round: int
    upcard: int
    kind: str
    suit: int | None = None
    alone: bool = False
    stuck: bool = False
    source: str = ""

    @property
    def deal_key(self) -> str:
        """The deal the decision belongs to (``source`` without the seat): cross-validation folds split by it."""
        return self.source.rsplit(" ", 1)[0]


def _dealt_hand_of_dealer(kept: list, upcard, discard, hands: dict) -> int:
    """The dealer's five cards as dealt, from the five it kept after picking up (see the module docs)."""
    kept_mask = mask_of(kept)
    if discard is not None:
        return (kept_mask | int(CARD_BITS[int(discard)])) & ~int(CARD_BITS[int(upcard)])
    seen = 0
    for cards in hands.values():
        seen |= mask_of(cards) if cards is not None else 0
    trump = int(upcard) % 4
    unseen = [c for c in range(24) if not (seen >> c) & 1]
    candidates = [c for c in unseen
                  if int(dealer_discard(np.array([kept_mask | (1 << c)], dtype=np.uint32), trump)[0]) == c]
    gone = candidates[0] if candidates else unseen[0]
    return (kept_mask | (1 << gone)) & ~int(CARD_BITS[int(upcard)])


def decisions_of_game(game, name: str = "") -> list:
    """Every bidding decision of a loaded EGN game (:func:`solver.records.load_egn`) whose hand is known.

    Raises:
        ModelError: a two-player or dummy-hands game, or one with a joker (the model covers the
            four-player game without it).
    """
    rules = game.rules
    if rules.players != 4 or rules.dummy_hands or rules.joker:
        raise ModelError(f"{name or game.source}: a {rules.players}-player"
                         f"{' dummy-hands' if rules.dummy_hands else ''}{' joker' if rules.joker else ''} record; "
                         "the bidding model is fitted on four-player games without the joker")
    out = []
    for deal in game.deals:
        if not deal.calls or deal.hand is None:
            continue
        hands = deal.start_hands()
        if not hands:
            continue
        dealer, up = int(deal.dealer), deal.upcard
        for i, tok in enumerate(deal.calls):
            rnd, seat = (1 if i < 4 else 2), (int(dealer) + 1 + i) % 4
            place = place_after_dealer(seat, dealer)
            cards = hands.get(Seat(seat))
            if cards is None:
                continue
            if place == 0 and rnd == 1 and tok == "Order":
                mask = _dealt_hand_of_dealer(cards, up, deal.recorded_discard, hands)
            else:
                mask = mask_of(cards)
            last = i == len(deal.calls) - 1
            alone = bool(deal.alone) and last and tok != "Pass"
            if tok == "Pass":
                kind, suit = "pass", None
            elif tok == "Order":
                kind, suit = "order", None
            else:
                kind, suit = "call", "cdhs".index(tok)
            stuck = rnd == 2 and place == 0 and rules.stick_the_dealer
            out.append(BidDecision(hand=int(mask), place=place, round=rnd, upcard=int(up), kind=kind, suit=suit,
                                   alone=alone, stuck=stuck, source=f"{name} deal {deal.index} {Seat(seat)}"))
    return out


def _deal_identity(game, deal) -> tuple:
    hands = deal.start_hands()
    return (int(deal.dealer), int(deal.upcard), tuple(format_cards(sorted(h)) if h else "" for h in hands.values()))


def decisions_from_records(sources) -> list:
    """The decisions of EGN records (paths of files or directories of ``*.egn``, or loaded games), each deal once.

    Returns: a list of :class:`BidDecision`, in the order of the files (sorted within a directory).

    Raises:
        ModelError: no bidding decision with a known hand in them all, or a record of another variant
            (naming the file).
        EGNError: a record that cannot be read (from :func:`solver.records.load_game`).
    """
    from ..records import DummyRecord, load_game

    if isinstance(sources, (str, Path)) or not hasattr(sources, "__iter__"):
        sources = [sources]
    games, found = [], []
    for src in sources:
        if isinstance(src, (str, Path)):
            path = Path(src)
            files = sorted(path.glob("*.egn")) if path.is_dir() else [path]
            if path.is_dir() and not files:
                raise ModelError(f"{path}: a directory with no .egn record in it")
            found += files
        else:
            found.append(src)
    # a record is named by its file name, or by its path when two files share a name (deals are told apart by it)
    base_names = [f.name for f in found if isinstance(f, Path)]
    for src in found:
        if not isinstance(src, Path):
            games.append((src, getattr(src, "source", "<game>")))
            continue
        name = str(src) if base_names.count(src.name) > 1 else src.name
        game = load_game(src)
        if isinstance(game, DummyRecord):
            raise ModelError(f"{name}: a two-player dummy-hands record; the bidding model is fitted on four-player "
                             "games without the joker")
        games.append((game, name))
    out, seen = [], set()
    for game, name in games:
        rows = decisions_of_game(game, name)
        kept = []
        for deal in game.deals:
            if deal.hand is None or not deal.start_hands():
                continue
            key = _deal_identity(game, deal)
            if key in seen:
                continue
            seen.add(key)
            kept.append(deal.index)
        out += [d for d in rows if int(d.deal_key.rsplit(" ", 1)[1]) in kept]
    if not out:
        raise ModelError("no bidding decision with a known hand in the records "
                         f"({', '.join(n for _, n in games) or 'none given'})")
    return out


__all__ = ["BidDecision", "decisions_of_game", "decisions_from_records"]
