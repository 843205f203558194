"""What the cards told you: the holdings whose chance the play moved most (issue 34, item 4).

With the play weighed (``inference`` ``"play"`` or ``"both"``), :func:`solver.sample_worlds` keeps, beside the
worlds' weights, the weights they had before the play was read (the auction's alone, or uniform for ``"play"``)
and the log of the play model's chance of each card the other seats played
(:attr:`~solver.inference.ViewWorlds.prior_weights`, :attr:`~solver.inference.ViewWorlds.play_factors`). Over the
*same* worlds, :func:`what_the_cards_told` compares the weighted chance of simple holdings of every other seat in
play, before and after the play:

* the seat holds a card whose place the viewer does not know (the bowers named: "the right bower (Jh)");
* the seat is void in an effective suit (void in trump is "holds no trump").

A card's chance is told of the one seat it moved most (the others holding it are its complement), and a holding
that is, in every world, one already told of the same seat or its opposite (no trump when the king is the one trump
unseen) is not told again. The holdings that moved most, by at least :data:`MIN_MOVE`, come first. For each, the card played that moved it most when
weighed alone (the auction's weights times that card's chance only), when one moved it the same way.

:func:`card_that_told` is the review's "the card that gave it away": of those holdings, the most moved one that a
single earlier card moved (its likelihood contribution, weighed alone, moved the chance the same way), with that
card's place in the play (:class:`GaveAway`: "W's Kd on N's Ad (trick 1) told you ...").
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..cards import Card, Seat, Suit, cards_of
from ..errors import ArgumentError, quoted
from ..laws import effective_suit, pack_mask, side_of, suit_cards

__all__ = ["Told", "GaveAway", "what_the_cards_told", "card_that_told", "TOLD_TOP", "MIN_MOVE", "HOLDING_KINDS"]

#: Holdings told by default (the ones whose chance moved most).
TOLD_TOP = 3
#: A holding whose chance moved by less than this (absolute, 0..1) is not told.
MIN_MOVE = 0.01
#: What a told holding is: a card held, or a void in an effective suit.
HOLDING_KINDS = ("card", "void")


@dataclass(frozen=True)
class Told:
    """One holding whose chance the cards played moved (:func:`what_the_cards_told`).

    Attributes:
        seat: the seat the holding is of; ``partner``: it is the viewer's partner.
        kind: ``"card"`` (the seat holds ``card``) or ``"void"`` (the seat holds no card of the effective suit
            ``suit``; of trump: "no trump").
        card: the :class:`Card` (kind ``"card"``), else ``None``; ``suit``: the :class:`Suit` (kind ``"void"``).
        label: the holding in words: ``"the left bower (Jd)"``, ``"Ac"``, ``"no trump"``, ``"no spades"``.
        p: its weighted chance over the worlds with the play weighed, 0..1.
        p_before: over the same worlds with the weights before the play (the auction's, or uniform), 0..1.
        by_seat, by_card: the card played (and its seat) that moved the chance most the same way when weighed
            alone; ``None`` when no single card did (the cards together did). ``p_by``: the chance then.
    """

    seat: Seat
    partner: bool
    kind: str
    card: Card | None
    suit: Suit | None
    label: str
    p: float
    p_before: float
    by_seat: Seat | None = None
    by_card: Card | None = None
    p_by: float | None = None

    @property
    def move(self) -> float:
        """``p - p_before``: how far the play moved the chance."""
        return self.p - self.p_before

    @property
    def who(self) -> str:
        return f"partner ({self.seat})" if self.partner else str(self.seat)

    @property
    def holding_text(self) -> str:
        """``"W holds the left bower (Jd): 72% of the worlds, 38% before the play"``."""
        verb = "holds" if self.kind == "card" or self.label == "no trump" else "is void in"
        what = self.label if verb == "holds" else self.label[len("no "):]
        return f"{self.who} {verb} {what}: {self.p:.0%} of the worlds, {self.p_before:.0%} before the play"

    @property
    def text(self) -> str:
        """``"W holds the left bower (Jd): 72% of the worlds, 38% before the play; most told by W's Qs"``."""
        out = self.holding_text
        if self.by_card is not None:
            out += f"; most told by {self.by_seat}'s {self.by_card}"
        return out

    def to_dict(self) -> dict:
        return {"seat": self.seat.name, "partner": self.partner, "kind": self.kind,
                "card": None if self.card is None else str(self.card),
                "suit": None if self.suit is None else self.suit.letter, "label": self.label,
                "p": self.p, "p_before": self.p_before,
                "by": None if self.by_card is None or self.by_seat is None else {"seat": self.by_seat.name,
                                                                                  "card": str(self.by_card),
                                                         "p": self.p_by},
                "text": self.text}


def _card_label(card: int, trump: int) -> str:
    if trump < 4 and card // 4 == 2:               # a jack: a bower when of trump's colour
        if card % 4 == trump:
            return f"the right bower ({Card(card)})"
        if effective_suit(card, trump) == trump:
            return f"the left bower ({Card(card)})"
    return str(Card(card))


def _chances(weights: np.ndarray, hits: np.ndarray) -> np.ndarray:
    """float (..., H): the weighted share of the worlds where each holding holds; ``weights`` (..., n), ``hits``
    bool (n, H)."""
    w = np.asarray(weights, dtype=float)
    return (w @ hits) / w.sum(axis=-1, keepdims=True)


def what_the_cards_told(worlds, view, top: int = TOLD_TOP) -> tuple:
    """The holdings whose chance the cards played moved most, as :class:`Told` s (most moved first).

    Args:
        worlds: a :class:`~solver.inference.ViewWorlds` drawn with the play weighed (``inference`` ``"play"`` or
            ``"both"``); without its weights before the play (the play not weighed, the flat play model, no card
            by another seat yet) nothing is told: ``()``.
        view: the :class:`~solver.game.SeatView` the worlds are of.
        top: at most this many holdings, 1..50 (default ``TOLD_TOP``); only those moved by
            ``MIN_MOVE`` or more.

    Raises :class:`~solver.errors.ArgumentError` for a ``top`` that is not a whole number in 1..50.
    """
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= 50:
        raise ArgumentError(f"top {quoted(top)}: expected a whole number from 1 to 50")
    prior = worlds.prior_weights
    if prior is None or len(worlds) == 0:
        return ()
    trump = int(view.trump)
    players = view.rules.players
    me = int(view.seat)
    seats = [int(s) for s in view.seats_in_play if int(s) != me]
    pack = pack_mask(view.rules)
    unseen = cards_of(int(view.unseen) & pack)
    suits = range(4)            # effective suits (in no trump, 4, none is trump)
    holdings: list[tuple] = []          # (seat, kind, card, suit); one bool column block (n, .) a seat
    columns: list = []
    hands = worlds.hands
    bits = np.array([1 << c for c in unseen], dtype=np.uint32)
    voids = np.array([suit_cards(pack, u, trump) for u in suits], dtype=np.uint32)
    for s in seats:
        holdings += [(s, "card", c, None) for c in unseen] + [(s, "void", None, u) for u in suits]
        columns += [(hands[:, s, None] & bits) != 0, (hands[:, s, None] & voids) == 0]
    if not holdings:
        return ()
    hits = np.concatenate(columns, axis=1).astype(float)
    before = _chances(prior, hits)
    after = _chances(worlds.weights, hits)
    move = after - before
    # each card told of the one seat it moved most; each void of its own seat
    best_of_card: dict[int, int] = {}
    for i, (s, kind, c, _u) in enumerate(holdings):
        if kind == "card" and (c not in best_of_card or abs(move[i]) > abs(move[best_of_card[c]])):
            best_of_card[c] = i
    ranked = [i for i, h in enumerate(holdings)
              if abs(move[i]) >= MIN_MOVE and (h[1] != "card" or best_of_card[h[2]] == i)]
    ranked.sort(key=lambda i: (-abs(move[i]), i))
    keep: list[int] = []
    for i in ranked:            # a holding that is one already told of the same seat, or its opposite, in every world
        same = [j for j in keep if holdings[j][0] == holdings[i][0]
                and ((hits[:, j] == hits[:, i]).all() or (hits[:, j] != hits[:, i]).all())]
        if not same:
            keep.append(i)
        if len(keep) == top:
            break
    if not keep:
        return ()
    factors = worlds.play_factors
    by = None
    if factors is not None and factors.shape[1]:
        alone = prior[None, :] * np.exp(factors.T - factors.max(axis=0)[:, None])     # (k, n): one card weighed
        by = _chances(alone, hits[:, keep])                                             # (k, len(keep))
    out = []
    for j, i in enumerate(keep):
        s, kind, c, u = holdings[i]
        label = _card_label(c, trump) if kind == "card" else ("no trump" if u == trump else f"no {Suit(u).word}")
        fields: dict = {}
        if by is not None:
            gain = (by[:, j] - before[i]) * np.sign(move[i])
            k = int(np.argmax(gain))
            if gain[k] > 0:
                seat_k, card_k = worlds.play_cards[k]
                fields = {"by_seat": Seat(seat_k), "by_card": Card(card_k), "p_by": float(by[k, j])}
        out.append(Told(Seat(s), players == 4 and s != me and side_of(s, players) == side_of(me, players), kind,
                        None if c is None else Card(c), None if u is None else Suit(u), label,
                        float(after[i]), float(before[i]), **fields))
    return tuple(out)


@dataclass(frozen=True)
class GaveAway:
    """The earlier card that gave a holding away (:func:`card_that_told`).

    Attributes:
        told: the :class:`Told` holding (its ``by_seat``, ``by_card``, ``p_by`` the card and the chance with it
            alone weighed).
        trick: the trick it was played to, 1..5 (10 with dummy hands); ``led_seat``, ``led_card``: that trick's
            lead, ``None`` when the card itself led.
    """

    told: Told
    trick: int
    led_seat: Seat | None = None
    led_card: Card | None = None

    @property
    def seat(self) -> Seat:
        assert self.told.by_seat is not None          # a card that gave it away has a seat and a card
        return self.told.by_seat

    @property
    def card(self) -> Card:
        assert self.told.by_card is not None
        return self.told.by_card

    @property
    def played_text(self) -> str:
        """``"W's Kd on N's Ad (trick 1)"``, or ``"W's lead of the Kd (trick 2)"``."""
        if self.led_card is None:
            return f"{self.seat}'s lead of the {self.card} (trick {self.trick})"
        return f"{self.seat}'s {self.card} on {self.led_seat}'s {self.led_card} (trick {self.trick})"

    @property
    def text(self) -> str:
        """The card and the holding in words, e.g. ``"W's Kd on N's Ad (trick 1) told you W is void in diamonds:
        80% of the worlds, 35% before the play"``; a holding the card made less likely reads ``"... made it less
        likely that W holds Kh: 41% of the worlds, 50% before the play"`` (it told the holding's absence)."""
        told = "told you" if self.told.p >= self.told.p_before else "made it less likely that"
        return f"{self.played_text} {told} {self.told.holding_text}"

    def to_dict(self) -> dict:
        return {"seat": self.seat.name, "card": str(self.card), "trick": self.trick,
                "led": None if self.led_card is None or self.led_seat is None
                else {"seat": self.led_seat.name, "card": str(self.led_card)},
                "p_alone": self.told.p_by, "told": self.told.to_dict(), "text": self.text}


def card_that_told(worlds, view, top: int = TOLD_TOP) -> GaveAway | None:
    """The earlier card that gave away the most moved holding a single card moved, or ``None``.

    Of :func:`what_the_cards_told` (``top`` holdings, most moved first), the first whose chance one card played
    by another seat moved the same way when weighed alone: each card's likelihood contribution (the play
    model's chance of it, :attr:`~solver.inference.ViewWorlds.play_factors`) times the weights before the play.
    ``None`` when nothing is told (the play not weighed, no card by another seat yet) or only the cards together
    moved the holdings. ``worlds``, ``view``, ``top`` and the errors as :func:`what_the_cards_told`.
    """
    told = [t for t in what_the_cards_told(worlds, view, top) if t.by_card is not None]
    if not told:
        return None
    t = told[0]
    tricks = [tuple(zip(tr.seats, tr.cards)) for tr in view.tricks] + ([tuple(view.current)] if view.current else [])
    where = {(int(s), int(c)): (k + 1, None if i == 0 else trick[0])
             for k, trick in enumerate(tricks) for i, (s, c) in enumerate(trick)}
    number, led = where[(int(t.by_seat), int(t.by_card))]      # a card told is one the view saw played
    return GaveAway(t, number, *((None, None) if led is None else (Seat(led[0]), Card(led[1]))))
