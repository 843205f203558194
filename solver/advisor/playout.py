"""Single-dummy playouts: the rest of a hand played by seats that each see only what they could see.

The advisor's figures come from playing the rest of the hand in every world. Played
*double dummy* (:func:`solver.solve_batch`), every seat sees all the cards. Played out here, each
seat chooses every card it has a choice of by **perfect-information Monte Carlo** over the
worlds of its own view (the technique of :func:`solver.advise_play`, Ginsberg's GIB and Furtak and
Buro's IIMC playouts for Skat): it deals the cards it cannot see ``inner_worlds`` ways, uniformly
among the placements consistent with what it knows (its own hand, every card played, the voids
shown, the upcard picked up by the dealer or turned down, its own discard; :func:`solver.sample_worlds`
with ``inference=False``, every placement when there are at most ``inner_worlds``), solves each of
its legal cards double dummy in each, and plays the card with the best mean points for its side (ties
by mean tricks, then the lowest card index). A card a seat has no choice of is played without
looking. Each seat's inner worlds are uniform: it does not read the auction for clues, and it
assumes nothing about how the other seats play beyond the double-dummy solve of each inner world.

:func:`choose_card` is one decision, :func:`play_out` a whole hand from any point of its play, and
:func:`world_hand` rebuilds, from a seat's view and one world of it, the :class:`~solver.game.Hand`
that the playout continues (the same deal, calls, discard and cards played).
"""
from __future__ import annotations

import numpy as np

from ..bidding import dealer_discard, partners_best_card
from ..bounds import MAX_WORLDS
from ..cards import Card, Seat, cards_of, trump_of
from ..errors import ArgumentError
from ..game import Action, Hand, Phase
from ..game.deal import DealCards
from ..inference import sample_worlds
from ..laws import TRICKS, legal_mask, makers_points, side_of
from ..dd_batch import Batch, Context, after_card
from ..bounds import check_int

#: Inner worlds a decision by default (each seat's PIMC over its own view).
INNER_WORLDS = 20
#: The most inner worlds a decision (a playout is a few hundred solves a decision at this bound).
MAX_INNER_WORLDS = 1000


def check_inner_worlds(inner_worlds) -> int:
    """``inner_worlds`` checked: an int in 1..:data:`MAX_INNER_WORLDS`; raises :class:`~solver.errors.ArgumentError` naming it."""
    return check_int(inner_worlds, "inner_worlds", 1, MAX_INNER_WORLDS)


__all__ = ["INNER_WORLDS", "MAX_INNER_WORLDS", "check_inner_worlds", "choose_card", "play_out",
           "playout_makers_tricks", "world_hand", "contract_hand", "playout_card_totals"]


def choose_card(view, inner_worlds: int = INNER_WORLDS, seed: int = 0) -> Card:
    """The card the seat to play chooses by PIMC over ``inner_worlds`` uniform worlds of its ``view``.

    ``view``: the :class:`~solver.game.SeatView` of the seat to play (its turn, play phase). The worlds
    are :func:`solver.sample_worlds` (``inference=False``, enumerated when there are at most
    ``inner_worlds`` placements); every legal card is solved double dummy in each (the trick under way
    included) and scored as the hand's points for the seat's side. Returns the card of the best mean
    points, ties by mean tricks, then the lowest card index. One legal card: that card, unsolved.
    """
    trump = int(view.trump)
    seat = int(view.seat)
    trick_seats = tuple(int(s) for s, _c in view.current)
    trick_cards = tuple(int(c) for _s, c in view.current)
    led = trick_cards[0] if trick_cards else None
    legal = cards_of(legal_mask(view.hand, trump, led))
    if len(legal) == 1:
        return Card(legal[0])
    w = sample_worlds(view, worlds=min(inner_worlds, MAX_WORLDS), seed=seed, inference=False,
                      exact_limit=inner_worlds)
    rules = view.rules
    alone, dalone = view.alone is not None, view.defender_alone is not None
    points = np.array([makers_points(t, rules, alone, dalone) for t in range(TRICKS + 1)], dtype=np.int64)
    ctx = Context(rules, trump, view.makers, tuple(view.seats_in_play), points)
    hands = w.play_hands()
    batch = Batch(trump, ctx.in_play_mask, rules.players)
    blocks = [batch.add(*after_card(hands, seat, c, int(view.leader), trick_cards, trick_seats, trump,
                                    len(ctx.in_play), int(view.tricks_won[0]), rules.players)) for c in legal]
    res = batch.solve(1)
    side = side_of(seat, rules.players)
    best, best_key = None, None
    for c, b in zip(legal, blocks):
        mine, pts = ctx.side_values(res[b], side)
        key = (float(pts.mean()), float(mine.mean()))   # uniform worlds: plain means
        if best_key is None or key > best_key:             # strictly better: ties keep the lower card
            best, best_key = c, key
    return Card(best)


def _decision_seed(seed: int, step: int) -> int:
    return int(np.random.SeedSequence([int(seed), int(step), 0x706C6179]).generate_state(1)[0])


def play_out(hand: Hand, inner_worlds: int = INNER_WORLDS, seed: int = 0) -> Hand:
    """A copy of ``hand`` (in its play phase) played to the end by seats choosing by :func:`choose_card`.

    Each decision draws its inner worlds with a seed of its own from ``seed`` and the number of cards
    played, so the same ``hand`` and ``seed`` give the same play. Returns the finished :class:`Hand`.
    Raises :class:`~solver.errors.ArgumentError` when the hand is not in its play phase.
    """
    if hand.phase is not Phase.PLAY:
        raise ArgumentError(f"play_out: the hand is in the {hand.phase} phase, not the play of the tricks")
    h = hand.copy()
    step = 0
    while h.phase is Phase.PLAY:
        seat = h.to_act
        card = choose_card(h.view(seat), inner_worlds, _decision_seed(seed, len(h.history) + 1000 * step))
        h.apply(f"play {card}")
        step += 1
    return h


def playout_makers_tricks(hand: Hand, inner_worlds: int = INNER_WORLDS, seed: int = 0) -> int:
    """The makers' tricks when ``hand`` is played to the end by :func:`play_out`."""
    done = play_out(hand, inner_worlds, seed)
    return int(done.result.makers_tricks)


def _go_on(h: Hand, alone, defender_alone, exchange=None) -> None:
    """Answer the alone and defend-alone questions after the call as ``alone``/``defender_alone`` say; call for
    best's exchange as ``exchange`` ``(card passed, loner's discard)`` says, else by the stated rules
    (:func:`solver.bidding.partners_best_card`, then :func:`solver.bidding.dealer_discard` of the six)."""
    while h.phase in (Phase.ALONE, Phase.DEFEND_ALONE, Phase.GIVE, Phase.LONER_DISCARD):
        if h.phase in (Phase.GIVE, Phase.LONER_DISCARD):
            held = h.holding(h.to_act)
            if h.phase is Phase.GIVE:
                card = exchange[0] if exchange else partners_best_card(held, int(h.trump))
                h.apply(Action.give(int(card)))
            else:
                card = exchange[1] if exchange else dealer_discard(held, int(h.trump))
                h.apply(Action.discard(int(card)))
        elif h.phase is Phase.ALONE:
            word = "alone" if alone is not None and int(h.to_act) == int(alone) else "partner"
            if word not in {str(a) for a in h.legal_actions()}:   # Canadian loners: the partner must go alone
                word = "alone"
            h.apply(word)
        else:
            h.apply("defend alone" if defender_alone is not None and int(h.to_act) == int(defender_alone)
                    else "defend partner")


def world_hand(view, hands, kitty, rng=None) -> Hand:
    """The :class:`Hand` of one world of ``view``: the deal it implies, the calls, the discard and the cards
    played so far, at the point of ``view``.

    ``hands``: 4 uint32 bitmasks, the cards each seat holds now in that world (a row of
    :attr:`~solver.inference.ViewWorlds.hands`); ``kitty``: its kitty (the dealer's discard among it
    after a pickup). When the viewer is not the dealer and the dealer picked up, which kitty card is
    the discard is not in the world: it is drawn uniformly among the kitty's cards by ``rng`` (a
    ``numpy`` Generator; the lowest card when ``None``), the upcard itself when it is in the kitty.
    """
    rules = view.rules
    up = int(view.upcard)
    dealt = [int(hands[s]) | int(view.played[s]) for s in range(4)]
    kit = int(kitty)
    exchange = None
    if view.exchanged and view.alone is not None:
        # call for best: the world holds the hands after the exchange. The loner knows it; any other viewer
        # does not, and the world is dealt as if the partner had passed a kitty card the loner then threw
        # (the same hands in play, which is all the world says)
        lo, pa = int(view.alone), int(Seat(view.alone).partner)
        if view.best_card is not None and view.loner_discard is not None:
            exchange = (int(view.best_card), int(view.loner_discard))
        else:
            spare = cards_of(kit & ~(1 << up) & ~(0 if view.discard is None else view.discard.mask))
            exchange = (spare[0], spare[0])
        given, thrown = exchange
        dealt[lo] = (dealt[lo] & ~(1 << given)) | (1 << thrown)
        dealt[pa] |= 1 << given
        kit &= ~(1 << thrown)
    picked = view.upcard_state == "dealer"
    d = int(view.dealer)
    if picked:
        if view.discard is not None:
            discard = int(view.discard)
        elif kit >> up & 1:
            discard = up
        else:
            choices = cards_of(kit)
            discard = choices[0] if rng is None else choices[int(rng.integers(len(choices)))]
        six = dealt[d] | (1 << discard)
        dealt[d] = six & ~(1 << up)
        kit = (kit & ~(1 << discard)) | (1 << up)
    h = Hand(rules, view.dealer)
    h.apply(DealCards(tuple(dealt), Card(up), kit & ~(1 << up)))
    for _seat, action in view.bids:
        h.apply(action)
    if h.phase is Phase.DISCARD:
        h.apply(f"discard {Card(discard)}")
    _go_on(h, view.alone, view.defender_alone, exchange)
    for t in view.tricks:
        for c in t.cards:
            h.apply(f"play {Card(int(c))}")
    for _s, c in view.current:
        h.apply(f"play {Card(int(c))}")
    return h


def contract_hand(hands, kitty, upcard: int, dealer: int, rules, trump: int, maker: int, alone: bool,
                  discard: int | None, proposed: int | None = None) -> Hand:
    """The :class:`Hand` at its first lead after ``maker`` made ``trump`` on the deal ``hands``
    (4 uint32 bitmasks as dealt) with ``kitty`` (the three face-down cards, without ``upcard``).

    Ordered up (``trump`` the upcard's suit): the seats before ``maker`` pass, ``maker`` orders up and
    the dealer throws ``discard`` (a card index) unless it sits out; else every seat passes round 1 and
    the seats before ``maker`` round 2, then ``maker`` names ``trump``. Nobody defends alone.
    """
    h = Hand(rules, dealer)
    h.apply(DealCards(tuple(int(x) for x in hands), Card(int(upcard)), int(kitty)))
    proposed = int(upcard) % 4 if proposed is None else int(proposed)
    if h.phase is Phase.NAME_SUIT:                   # a turned-up joker: the dealer named ``proposed``
        h.apply(Action.name(proposed))
    word = "order" if int(trump) == proposed else f"call {trump_of(int(trump)).letter}"
    if word != "order":
        while h.phase is Phase.BID1:
            h.apply("pass")
    while int(h.to_act) != int(maker):
        h.apply("pass")
    h.apply(word)
    if h.phase is Phase.DISCARD:
        h.apply(f"discard {Card(int(discard))}")
    _go_on(h, maker if alone else None, None)
    return h


def playout_card_totals(view, w, legal, inner_worlds: int, seed: int) -> list:
    """Side 0's total tricks per legal card (int (n,) each, in the order of ``w``'s worlds): in each world the
    card is played and the rest of the hand is played out by :func:`play_out`
    (every seat by PIMC over ``inner_worlds`` uniform worlds of its own view). Each world and card has a
    seed of its own from ``seed``, so the same advice gives the same play."""
    n = len(w)
    out = [np.zeros(n, dtype=np.int64) for _ in legal]
    for i in range(n):
        rng = np.random.default_rng(np.random.SeedSequence([int(seed), i, 0x6B6974]))
        root = world_hand(view, w.hands[i], w.kitty[i], rng)
        for k, c in enumerate(legal):
            h = root.copy()
            h.apply(f"play {Card(c)}")
            if not h.is_over:
                h = play_out(h, inner_worlds, int(np.random.SeedSequence([int(seed), i, int(c)]).generate_state(1)[0]))
            out[k][i] = int(h.result.tricks[0])
    return out
