"""Auction-aware worlds: the deals a seat must consider, weighted by the likelihood of every call it saw.

:func:`sample_worlds` takes a :class:`~solver.game.SeatView` (or its keyword arguments) and
returns :class:`ViewWorlds`. Two layers:

* **Hard constraints** (:func:`view_space`): the seat's own hand, its own discard, the
  cards played, the voids shown, the upcard (face up or turned down: in the kitty; picked
  up: in the dealer's hand, unless the dealer showed out of trump without playing it, when
  it must have been discarded). Every placement allowed is equally likely a priori.
* **The auction** (``inference=True``, ``"auction"`` or ``"both"``): a world's weight is the product, over every
  call by another seat, of ``model.likelihood(hand of that seat at the time, place, round, upcard,
  kind, suit, alone, stuck, players)`` under the bidding model (:data:`solver.bidding.DEFAULT_MODEL`
  unless ``model=`` is given). A seat's hand at the time is its dealt hand: the cards it holds
  now in the world plus the cards it has played. The dealer who picked up (not the viewer)
  also discarded one card face down, which the world places in the kitty without saying
  which: its six cards were ``current + played + d`` for a card ``d`` of the world's kitty
  (its dealt hand those less the upcard). Each ``d`` is a deal of its own, so the world's
  weight for the dealer is the sum over ``d`` of the likelihood of its calls on that dealt
  hand times the chance that it threw ``d`` from those six (:func:`solver.bidding.discard_chance`:
  the stated rule :func:`~solver.bidding.dealer_discard` with chance 0.9, else any of the six):
  a kitty card better than the dealer's worst kept card makes a world unlikely, as at a table
  where dealers throw their worst card. This applies whether or not the dealer itself called.
  The viewer's own calls weigh every world alike and are left out.

The model has a floor (no call has chance 0 for any hand), so no possible deal gets weight 0.

Drawing: :func:`draw_worlds`, the engine's one sampler (the bid advisor's too). Where the consistent
placements number at most ``exact_limit`` they are all enumerated and weighted by their likelihood
(``exact=True``). Otherwise rejection sampling: the likelihoods are small products, so rather than
accepting a uniform proposal with chance ``L`` (exact but slow) the envelope is ``M``, the largest ``L`` of
a pilot of :data:`PILOT` proposals: a proposal is accepted with chance ``min(1, L/M)`` and weighted
``max(1, L/M)``. Every world's expected accepted weight is ``L/M``, so the draws are exact posterior draws
whether or not the pilot found the largest ``L``; the weights are 1 except for the rare world above the
pilot's best (``ess`` says how far from ``worlds`` that leaves them). When fewer than ``worlds`` are
accepted within ``max_proposals`` (default :data:`PROPOSALS_PER_WORLD` times ``worlds``), the draw falls
back to importance weights: the first ``worlds`` proposals weighted by their likelihood, and
:attr:`ViewWorlds.ess` says how many worlds they are worth.

* **The play** (``inference="play"`` or ``"both"``): the worlds drawn as above (uniform for ``"play"``) are
  weighted by :func:`solver.play_model.play_likelihood`, the play model's chance of every card the other
  seats played (importance weights whose proposal is the auction's posterior: enumerated worlds stay exact;
  the flat model leaves every weight as it was). Enumeration then stops at :data:`PLAY_EXACT_LIMIT` deals by
  default (each costs the play's double-dummy values), and a note says when the weights leave fewer than
  :data:`PLAY_ESS_FLOOR` of the worlds' worth.

Not covered by the model, so uniform with a note: the dummy-hands variant and a turned-up
joker. A seat sitting out (a loner's partner) keeps its column: the five cards it laid down
(zero it, or use :meth:`ViewWorlds.play_hands`, for :func:`solver.solve_batch`).

>>> w = sample_worlds(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s",
...                   calls=["Pass"] * 5 + ["h"], worlds=200, seed=1)
>>> w.hands.shape, bool((w.hands[:, 3] == w.hands[0, 3]).all()), w.exact
((200, 4), True, False)
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from .bidding.model import five_card_ranks
from .bidding import DEFAULT_MODEL, BiddingModel, discard_chance, resolve_model
from .bounds import MAX_SEED, MAX_THREADS, MAX_WORLDS, check_int
from .seeds import view_seed
from .cards import JOKER, NO_TRUMP, Seat
from .errors import ArgumentError, PositionError, quoted
from .game.actions import Kind, Phase
from .game.seat import seat_view, view_from_dict
from .game.view import BUILD_KEYS, SeatView
from .laws import TRICKS, effective_suit, pack_mask, place_after_dealer, popcount
from .play_model import likelihood_of_factors, play_evidence, play_log_factors, resolve_play_model
from .worlds import EXACT_LIMIT, KITTY, Space, Worlds, suit_mask

__all__ = ["ViewWorlds", "sample_worlds", "INFERENCE", "check_inference", "PLAY_ESS_FLOOR", "PLAY_EXACT_LIMIT", "Draw", "draw_worlds", "effective_worlds", "PILOT", "PROPOSALS_PER_WORLD",
           "view_space", "shown_voids", "SITTING_OUT", "UNSEEN_DISCARD", "call_evidence", "world_likelihood"]

#: Rejection sampling stops after this many proposals per world asked for (then importance weights).
PROPOSALS_PER_WORLD = 200
#: Uniform proposals drawn first to set the rejection envelope (the largest likelihood among them).
PILOT = 2000
#: Below this share of the worlds drawn, the effective worlds left by the play's weights get a note.
PLAY_ESS_FLOOR = 0.25
#: With the play weighed, enumerate at most this many placements (or the worlds asked for, if more) by default.
PLAY_EXACT_LIMIT = 2000


@dataclass(frozen=True)
class ViewWorlds:
    """Worlds of a seat's view, with their weights.

    Attributes:
        hands: uint32 array ``(n, 4)``: the cards each seat holds now (seats N E S W; the viewer's own
            hand in its column; a seat sitting out holds the cards it laid down; 0 for a seat not in
            the game, two-player E and W).
        kitty: uint32 array ``(n,)``: the kitty's cards (the upcard when it is there; the dealer's
            discard included).
        weights: float64 array ``(n,)``: proportional to each world's posterior probability (all 1
            for uniform and rejection-sampled worlds; the likelihoods when enumerated or importance-weighted).
        exact: every consistent placement is a row, once (weighted averages are then exact).
        ess: the effective number of worlds, ``(sum w)^2 / sum w^2``.
        drawn: how many uniform proposals were made (the placements enumerated when exact).
        total: the number of placements consistent with the hard constraints.
        model: the bidding model's name, or ``None`` for uniform worlds.
        method: ``"uniform"``, ``"enumerated"``, ``"rejection"`` or ``"importance"``.
        seed: the seed used (drawn fresh when none was given).
        in_play: the seats that play the tricks.
        notes: what was approximated or left out, in words.
        play_model: the play model's name when the play weighs the worlds (``inference`` ``"play"`` or
            ``"both"``), else ``None``.
        inference: the evidence weighed, one of ``INFERENCE``.
        prior_weights: with the play weighed (a play model that is not flat, and cards played by other seats):
            float64 (n,) the worlds' weights before the play was (the auction's alone; all 1 for ``"play"``);
            else ``None``. What the cards told is the change from these to ``weights``
            (:func:`solver.advisor.reading.what_the_cards_told`).
        play_factors: likewise float64 (n, k): the log of the play model's chance of each card the other seats
            played (:func:`solver.play_model.play_log_factors`), in play order; else ``None``.
        play_cards: the ``(seat, card)`` ints of those ``k`` cards (empty when the play was not weighed).
    """

    hands: np.ndarray
    kitty: np.ndarray
    weights: np.ndarray
    exact: bool
    ess: float
    drawn: int
    total: int
    model: str | None
    method: str
    seed: int | None
    in_play: tuple
    notes: tuple = ()
    play_model: str | None = None
    inference: str = "auction"
    prior_weights: np.ndarray | None = field(default=None, repr=False, compare=False)
    play_factors: np.ndarray | None = field(default=None, repr=False, compare=False)
    play_cards: tuple = ()

    def __len__(self) -> int:
        return int(self.hands.shape[0])

    def play_hands(self) -> np.ndarray:
        """``hands`` with the columns of seats not in play zeroed (ready for :func:`solver.solve_batch`)."""
        out = self.hands.copy()
        for s in range(4):
            if s not in self.in_play:
                out[:, s] = 0
        return out

    def probability(self, mask) -> np.ndarray:
        """float array (4,): the weighted chance that each seat holds any card of ``mask`` now."""
        w = self.weights / self.weights.sum()
        return np.array([(w * ((self.hands[:, s] & np.uint32(int(mask))) != 0)).sum() for s in range(4)])


def shown_voids(tricks, trump) -> list:
    """Per seat N E S W, the effective suits it has shown out of and not followed since.

    ``tricks`` is a sequence of ``(seats, cards)`` in play order. A seat that fails
    to follow the led suit shows a void in it; if it later plays that suit (a renege
    come to light) the void is dropped.
    """
    voids = [set(), set(), set(), set()]
    for seats, cards in tricks:
        led = effective_suit(cards[0], trump)
        for s, c in zip(seats, cards):
            suit = effective_suit(c, trump)
            voids[s].discard(suit)
            if suit != led:
                voids[s].add(led)
    return voids


#: The note of a view whose dealer picked up without the record showing what it discarded.
UNSEEN_DISCARD = "the record does not show the dealer's discard: its view treats that card as unseen"

#: The two layouts of a seat that sits out (a loner's partner) in :func:`view_space`.
SITTING_OUT = ("hand", "kitty")


def view_space(view: SeatView, sitting_out: str = "hand") -> tuple:
    """The hard constraints of a view as a :class:`~solver.worlds.Space` over N E S W and the kitty: the one
    home of them, for play advice, the agents, :func:`sample_worlds` and the review
    (:func:`solver.review.information_set`) alike.

    What the seat has seen: its own hand and discard, the cards played, the voids shown in the set of tricks
    under way (:func:`shown_voids`: a void later contradicted, a renege come to light, is dropped), the
    upcard (face up or turned down: in the kitty; picked up: in the dealer's hand, unless the dealer showed
    out of trump without playing it), both dummies face up, a call for best's exchange, a kitty exchange's
    cards the seat knows are in the kitty (``SeatView.kitty_known``: a farmer's three shown, or the three the
    seat itself put under). That a seat took or declined a kitty exchange says something of its hand as
    dealt, but it has since changed three cards, so it is not a hard constraint and is not used.

    Args:
        view: a :class:`~solver.game.SeatView`.
        sitting_out: where a seat that sits out keeps the cards it laid down: ``"hand"`` (its own column:
            its calls are evidence about them; :func:`sample_worlds`) or ``"kitty"`` (counted with the kitty,
            its column empty: the review's layout, which solves only the seats in play).

    Returns ``(space, notes)``. Holders: every seat of the game with the cards it holds now (the dealer at
    its discard six); the kitty the rest. ``notes``: approximations, in words.

    Raises :class:`PositionError` when the seat's own cards are not all known, or nothing fits;
    :class:`~solver.errors.ArgumentError` for a ``sitting_out`` not in :data:`SITTING_OUT`.
    """
    if sitting_out not in SITTING_OUT:
        raise ArgumentError(f"sitting_out {quoted(sitting_out)}: expected one of {', '.join(SITTING_OUT)}")
    if view.hand_unknown:
        raise PositionError(f"{view.seat}'s own cards are not all known in the record")
    rules, seat, trump = view.rules, view.seat, view.trump
    pack = pack_mask(rules)
    notes = []
    known, sizes, forbidden = [0] * 5, [0] * 5, [0] * 5
    removed = 0
    for m in view.played:
        removed |= m
    in_play = view.seats_in_play
    for s in rules.seats:
        if s in in_play:
            sizes[s] = view.hand_sizes[s]
        elif sitting_out == "hand":          # keeps the cards it laid down (its calls are evidence about them)
            sizes[s] = TRICKS - popcount(view.played[s])
    exchanged = view.exchanged and view.alone is not None and sitting_out == "hand"
    if exchanged and view.phase in (Phase.PLAY, Phase.DONE, Phase.LONER_DISCARD):
        sizes[int(Seat(view.alone).partner)] -= 1          # call for best: the partner passed one to the loner
    known[seat] = view.hand
    second_set = bool(view.dummy_phase)
    if any(view.dummies):
        for s in range(4):
            if second_set:
                if s != seat and s in in_play:
                    known[s] |= view.dummies[s]
            else:
                known[KITTY] |= view.dummies[s]
    if view.phase in (Phase.PLAY, Phase.DONE):
        history = [(t.seats, t.cards) for t in (view.tricks[TRICKS:] if second_set else view.tricks)]
        if view.current:
            history.append(tuple(zip(*view.current)))
        voids = shown_voids(history, trump)
        for s in in_play:
            if s != seat:
                for v in voids[s]:
                    forbidden[s] |= suit_mask(v, trump, rules.joker)
    up = view.upcard
    if up is not None and not removed & up.mask and not view.hand & up.mask:
        d = view.dealer
        if (view.upcard_state == "dealer" and d != seat and not second_set and sizes[d] > 0
                and not forbidden[d] & up.mask):
            known[d] |= up.mask
        else:
            known[KITTY] |= up.mask
    if view.discard is not None and not known[KITTY] & view.discard.mask:
        known[KITTY] |= view.discard.mask
    elif (view.discard is None and seat == view.dealer and view.upcard_state == "dealer"
          and view.phase is Phase.PLAY):
        notes.append(UNSEEN_DISCARD)
    if view.loner_discard is not None:                     # the loner's own discard after the exchange
        known[KITTY] |= view.loner_discard.mask
    known[KITTY] |= view.kitty_known       # kitty exchange: the farmer's shown three, or the seat's own put under
    sizes[KITTY] = popcount(pack & ~removed) - sum(sizes[:4])
    try:
        space = Space(known, sizes, forbidden, removed=removed, joker=rules.joker)
    except PositionError:
        # a contradiction (a renege in a record not yet come to light): drop the voids
        notes.append("the voids shown contradict the cards (a renege?): voids not used")
        space = Space(known, sizes, [0] * 5, removed=removed, joker=rules.joker)
    return space, tuple(notes)


def call_evidence(view: SeatView) -> tuple:
    """The calls of the other seats as the model's questions: ``((seat, place, round, kind, suit, alone,
    stuck), ...)``; ``alone`` is ``None`` while the maker has not said (then both count). A no-trump call
    (``Rules.allow_no_trump``) is left out: the bidding model has no term for it, so it weighs every world
    alike (the passes around it are weighed as usual)."""
    rules, players = view.rules, view.rules.players
    decided = view.phase in (Phase.PLAY, Phase.DONE, Phase.DEFEND_ALONE, Phase.GIVE, Phase.LONER_DISCARD)
    # call for best: the loner and its partner no longer hold the hands they bid with (one card moved and
    # one was thrown face down), so their calls are not weighed (a stated simplification)
    changed = {int(view.alone), int(Seat(view.alone).partner)} if view.exchanged and view.alone is not None else set()
    out, made = [], 0
    for s, action in view.bids:
        if action.kind is Kind.NAME:
            continue
        rnd = 1 if made < players else 2
        made += 1
        if s == view.seat or int(s) in changed:
            continue                                   # the viewer's own calls weigh every world alike
        if action.kind is Kind.CALL and action.suit == NO_TRUMP:
            continue                                   # the model knows no no-trump call (see the docstring)
        kind = action.kind.value
        maker = kind != "pass"
        alone = (view.alone == s) if (maker and decided) else (None if maker else False)
        if maker and players == 2:
            alone = False
        stuck = rules.stick_the_dealer and rnd == 2 and s == view.dealer
        out.append((Seat(s), place_after_dealer(s, view.dealer, players), rnd, kind,
                    None if action.suit is None else int(action.suit), alone, stuck))
    return tuple(out)


def world_likelihood(view: SeatView, hands, kitty, model: BiddingModel, evidence=None) -> np.ndarray:
    """float64 (n,): the likelihood of the other seats' calls in each world ``(hands (n, 4), kitty (n,))``."""
    hands = np.asarray(hands, dtype=np.uint32)
    kitty = np.asarray(kitty, dtype=np.uint32)
    evidence = call_evidence(view) if evidence is None else evidence
    players = view.rules.players
    up = int(view.upcard)
    proposed = int(view.named_suit) if view.named_suit is not None else up % 4     # a turned-up joker: named
    upbit = np.uint32(1 << up)
    picked = view.upcard_state == "dealer"
    out = np.ones(hands.shape[0])

    canadian = view.rules.canadian

    def lik(masks, rank, place, rnd, kind, suit, alone, stuck):
        # read from the model's per-question tables: the same values, each hand counted once per process
        # (``rank``: the hands' five_card_ranks, found once for all of a seat's calls)
        if canadian and rnd == 1 and place == 2:
            # Canadian loners: the dealer's partner orders only alone, with the model's chance of an order
            # alone (as the advisor's auction bids it, solver.advisor.auction); any other hand passes
            lone = model.likelihood_of_hands(masks, place, 1, up, "order", None, True, stuck, players, proposed,
                                             rank=rank)
            return lone if kind == "order" else 1.0 - lone
        if alone is None:                          # the maker has not said: either
            return sum(model.likelihood_of_hands(masks, place, rnd, up, kind, suit, a, stuck, players, proposed,
                                                 rank=rank) for a in (False, True))
        return model.likelihood_of_hands(masks, place, rnd, up, kind, suit, alone, stuck, players, proposed,
                                         rank=rank)

    dealer = int(view.dealer)
    # the dealer who picked up (another seat) threw one card face down after its calls: weighed below
    discarded = picked and dealer != int(view.seat) and view.phase not in (Phase.BID1, Phase.BID2, Phase.DISCARD)
    if view.exchanged and view.alone is not None and dealer in (int(view.alone), int(Seat(view.alone).partner)):
        discarded = False       # call for best moved a card of the dealer's: its discard is not weighed either
    seats = {}                                     # seat -> (its hands in each world, their ranks)
    for s, place, rnd, kind, suit, alone, stuck in evidence:
        if discarded and s == dealer:
            continue
        if s not in seats:
            now = hands[:, s] | np.uint32(view.played[s])
            if picked and s == dealer:             # still to discard: it holds the upcard and its five
                now = now & ~upbit
            seats[s] = (now, five_card_ranks(now))
        out *= lik(*seats[s], place, rnd, kind, suit, alone, stuck)
    if discarded:
        # The world says the dealer holds H now and the kitty K; its six were H + d for one card d of K (the
        # upcard itself when K holds it) and it threw d. Each d is a different deal, all equally likely a
        # priori, so the world's weight is sum over d of P(its calls | dealt H + d - upcard) * P(it throws d
        # from H + d) (solver.bidding.discard_chance: the stated discard rule, or by slip any card).
        own = [e for e in evidence if e[0] == dealer]
        now = hands[:, dealer] | np.uint32(view.played[dealer])
        trump = int(view.trump)
        keep = None if view.rules.dealer_may_discard_upcard else up
        thrown_up = (kitty & upbit) != 0
        # the cards d of each world: its kitty's (only the upcard when the kitty holds it), lowest first, so
        # each world's terms are added in the order of the cards, all worlds' terms weighed in one batch
        left = np.where(thrown_up, upbit, kitty)
        rows, thrown = [], []
        while left.any():
            low = left & (~left + np.uint32(1))
            has = np.nonzero(low)[0]
            rows.append(has)
            thrown.append(low[has])
            left = left ^ low
        total = np.zeros(hands.shape[0])
        if rows:
            at = np.concatenate(rows)
            bit = np.concatenate(thrown)
            six = now[at] | bit
            part = discard_chance(six, np.bitwise_count(bit - np.uint32(1)).astype(np.int64), trump, keep)
            dealt = six & ~upbit
            dealt_rank = five_card_ranks(dealt) if own else None
            for _s, place, rnd, kind, suit, alone, stuck in own:
                part = part * lik(dealt, dealt_rank, place, rnd, kind, suit, alone, stuck)
            start = 0
            for r in rows:                      # (a world has each card once in a column: no repeated rows)
                total[r] += part[start:start + r.size]
                start += r.size
        out *= total
    return out


#: What ``inference`` may say: which evidence weighs the worlds (``True`` is ``"auction"``, ``False`` ``"none"``).
INFERENCE = ("none", "auction", "play", "both")


def check_inference(value) -> str:
    """``inference`` as one of :data:`INFERENCE`: ``True`` is ``"auction"`` (the calls seen, as before the play
    model), ``False`` is ``"none"`` (uniform worlds); a name is taken as it is. Raises
    :class:`~solver.errors.ArgumentError` for anything else, naming it."""
    if value is True or value is False:
        return "auction" if value else "none"
    if isinstance(value, str) and value in INFERENCE:
        return value
    raise ArgumentError(f"inference {quoted(value)}: expected one of {', '.join(INFERENCE)} (True is auction, False "
                        "is none)")


def sample_worlds(view=None, worlds: int = 1000, seed=None, inference=True,
                  model: BiddingModel | None = None, exact_limit: int | None = None,
                  max_proposals: int | None = None, pilot: int = PILOT, play_model=None, threads: int = 1,
                  **view_kw) -> ViewWorlds:
    """Worlds of a seat's view, drawn (or weighted) by the likelihood of the auction and of the play.

    Args:
        view: a :class:`~solver.game.SeatView`, or a dict of :func:`~solver.game.seat.seat_view` keys; or give those
            keys as keyword arguments (``sample_worlds(seat="W", hand=..., ...)``).
        worlds: worlds to draw, 1..:data:`~solver.bounds.MAX_WORLDS` (ignored when enumerated).
        seed: int seed (same seed, same worlds) or ``None``: derived from the view (``solver.seeds.view_seed()``,
            the seed the play advice of the view takes; recorded in the result).
        inference: the evidence that weighs the worlds (``INFERENCE``): ``"auction"`` (or ``True``, the
            default) the calls seen under the bidding model; ``"play"`` the cards the other seats played under
            the play model (``solver.play_model``); ``"both"``; ``"none"`` (or ``False``) uniform worlds.
        model: a :class:`~solver.bidding.BiddingModel`, a model name (:data:`solver.bidding.MODEL_NAMES`) or a
            model file's path (default ``solver.bidding.DEFAULT_MODEL``, ``"players-1"``).
        exact_limit: enumerate when the consistent placements are at most this many (default
            ``EXACT_LIMIT``; with the play weighed, ``PLAY_EXACT_LIMIT`` or ``worlds`` if
            more: every enumerated world then costs the play's double-dummy values).
        max_proposals: bound on the uniform proposals of rejection sampling (default ``200 * worlds``).
        pilot: proposals drawn to set the rejection envelope (default ``PILOT``; at most half of ``max_proposals``,
            so the rejection step has proposals of its own even at the fewest worlds).
        play_model: with ``inference`` ``"play"`` or ``"both"``: a :class:`~solver.play_model.PlayModel`, its name
            (``PLAY_MODEL_NAMES``), a temperature in tricks or a model file's path
            (default ``DEFAULT_PLAY_MODEL``).
        threads: solver threads for the play's double-dummy values, 1..:data:`~solver.bounds.MAX_THREADS`.

    Returns :class:`ViewWorlds` (see the module docs for how each method weighs).

    Raises :class:`~solver.errors.EuchreError`: a bad view (see :func:`~solver.game.seat.seat_view`), a bad bound,
    an ``inference`` not of ``INFERENCE``, a bad play model (:class:`~solver.errors.ModelError` naming the
    field), a renege the view's cards show with the play weighed (:class:`~solver.errors.IllegalActionError`).
    """
    if view is None:
        view = seat_view(**view_kw)
    elif view_kw:
        raise ArgumentError(f"sample_worlds: give the view or its keys, not both ({sorted(view_kw)[0]!r})")
    elif isinstance(view, dict):
        view = view_from_dict(view)
    elif not isinstance(view, SeatView):
        raise ArgumentError(f"view {quoted(view, 60)}: expected a SeatView or a dict of its keys ({', '.join(BUILD_KEYS)})")
    worlds = check_int(worlds, "worlds", 1, MAX_WORLDS)
    if exact_limit is not None:
        exact_limit = check_int(exact_limit, "exact_limit", 0, 2_000_000)
    seed = view_seed(view) if seed is None else check_int(seed, "seed", 0, MAX_SEED)
    max_proposals = PROPOSALS_PER_WORLD * worlds if max_proposals is None else check_int(
        max_proposals, "max_proposals", worlds, 10 ** 9)
    pilot = check_int(pilot, "pilot", 1, MAX_WORLDS)
    threads = check_int(threads, "threads", 1, MAX_THREADS)
    reading = check_inference(inference)
    inference = reading in ("auction", "both")
    model = resolve_model(model)
    plays, reader = (), None
    if reading in ("play", "both"):
        reader = resolve_play_model(play_model)
        plays = play_evidence(view)         # checked before drawing: a renege in the cards is refused at once
    if exact_limit is None:
        exact_limit = EXACT_LIMIT if reader is None or reader.flat else min(EXACT_LIMIT, max(PLAY_EXACT_LIMIT, worlds))
    space, notes = view_space(view)
    notes = list(notes)
    in_play = tuple(view.seats_in_play)
    evidence = ()
    if reader is not None and view.rules.dummy_hands:
        notes.append("the play model does not cover the dummy-hands variant: the play is not weighed")
    if inference:
        if view.rules.dummy_hands:
            notes.append("the bidding model does not cover the dummy-hands variant: uniform worlds")
            inference = False
        elif view.upcard == JOKER:
            notes.append("the bidding model does not cover a turned-up joker: uniform worlds")
            inference = False
        else:
            evidence = call_evidence(view)
    model = model if inference else None
    rng = np.random.default_rng(np.random.SeedSequence([seed, 0x776F726C64]))
    likelihood = None
    if evidence:
        def likelihood(hands, kitty):
            return world_likelihood(view, hands, kitty, model, evidence)
    # the pilot takes at most half the budget: at 10 worlds it would take all 2,000 proposals of it, leaving the
    # rejection step none and every draw to importance weights on a handful of effective worlds (at 20 worlds
    # and more nothing changes)
    pilot = min(pilot, max(worlds, max_proposals // 2))
    # nothing here reports the acceptances of a rejection draw, so the last batch is weighed only as far as needed
    d = draw_worlds(space, worlds, rng, exact_limit, likelihood, max_proposals, pilot, count_kept=False)
    if d.method == "importance":
        notes.append(f"only {d.kept} of {d.drawn} proposals accepted: importance weights instead of rejection")
    weights, ess = d.weights, d.ess
    prior = factors = None
    if plays and not reader.flat:
        # the auction's draws (or its enumeration) weighted by the play's likelihood: importance weights whose
        # proposal is the auction's posterior, so the worlds stand for auction x play
        prior, factors = weights, play_log_factors(view, d.hands, reader, plays, threads)
        weights = weights * likelihood_of_factors(factors)
        ess = effective_worlds(weights)
        if not d.exact and ess < PLAY_ESS_FLOOR * len(d):
            notes.append(f"the play left {ess:.0f} effective worlds of {len(d)}: ask for more worlds for steadier "
                         "figures")
    return ViewWorlds(d.hands, d.kitty, weights, d.exact, ess, d.drawn, d.total,
                      model.name if model else None, d.method, seed, in_play, tuple(notes),
                      reader.name if reader is not None else None, reading, prior, factors,
                      tuple((p.seat, p.card) for p in plays) if factors is not None else ())


@dataclass(frozen=True)
class Draw:
    """Worlds drawn over a :class:`~solver.worlds.Space` by :func:`draw_worlds`, and how they were found.

    Attributes:
        worlds: the :class:`~solver.worlds.Worlds` (``hands`` uint32 (n, 4), ``kitty`` uint32 (n,), ``exact``,
            ``total``).
        weights: float64 (n,) proportional to each world's posterior probability: all 1 for uniform worlds and
            for rejection draws below the envelope, ``max(1, L/M)`` for the rare one above it; the likelihoods
            when enumerated or importance-weighted.
        likelihood: float64 (n,) each world's likelihood ``L`` (``None`` for uniform worlds).
        method: ``"uniform"``, ``"enumerated"``, ``"rejection"`` or ``"importance"``.
        drawn: uniform proposals made, the pilot's included (the placements, when enumerated).
        kept: proposals accepted by the rejection step (may exceed ``len(worlds)``: the last batch can
            overshoot, unless drawn with ``count_kept=False``, which stops weighing at the last world needed;
            fewer than asked for means the fallback to importance weights).
        ess: the effective number of worlds, :func:`effective_worlds` of ``weights``.
    """

    worlds: Worlds
    weights: np.ndarray
    likelihood: np.ndarray | None
    method: str
    drawn: int
    kept: int
    ess: float

    def __len__(self) -> int:
        return len(self.worlds)

    @property
    def hands(self) -> np.ndarray:
        return self.worlds.hands

    @property
    def kitty(self) -> np.ndarray:
        return self.worlds.kitty

    @property
    def exact(self) -> bool:
        return self.worlds.exact

    @property
    def total(self) -> int:
        return self.worlds.total

    @property
    def weighted(self) -> bool:
        """Some world weighs other than 1 (averages must then be weighted)."""
        return bool((self.weights != 1.0).any())

    def acceptance(self) -> float:
        """The share of proposals accepted by the rejection step (1 when nothing was rejected)."""
        return self.kept / self.drawn if self.drawn else 1.0


def effective_worlds(weights) -> float:
    """Kish's effective number of worlds, ``(sum w)^2 / sum w^2`` (the count itself when uniform; 0 when empty)."""
    w = np.asarray(weights, dtype=float)
    s2 = float((w * w).sum())
    return float(w.sum()) ** 2 / s2 if s2 > 0 else 0.0


def _checked(likelihood):
    """``likelihood`` with its values checked: float (k,), finite, >= 0, for k worlds."""
    def checked(hands, kitty):
        lw = np.asarray(likelihood(hands, kitty), dtype=float)
        if lw.shape != (hands.shape[0],) or not np.isfinite(lw).all() or (lw < 0).any():
            raise ArgumentError(f"likelihood: gave {lw.shape} values for {hands.shape[0]} worlds; expected one "
                                "finite number >= 0 a world")
        return lw
    return checked


def _weighed_until(likelihood, w: Worlds, u: np.ndarray, top: float, need: int, rate: float) -> np.ndarray:
    """float (k,): the likelihoods of the first ``k`` proposals of ``w``, weighed a slice at a time until ``need``
    of them are accepted (``u < L / top``) or the batch ends: the rows after the ``need``-th acceptance are never
    kept, so their likelihoods are not worked out. ``rate``: the acceptance expected (the pilot's), which sizes
    each slice a little over what it should take."""
    parts, got, start, size = [], 0, 0, len(u)
    while start < size and got < need:
        step = int(1.25 * (need - got) / max(rate, 1e-3)) + 32
        part = likelihood(w.hands[start:start + step], w.kitty[start:start + step])
        parts.append(part)
        got += int((u[start:start + part.size] < part / top).sum())
        start += part.size
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def draw_worlds(space: Space, worlds: int, rng=None, exact_limit: int = EXACT_LIMIT, likelihood=None,
                max_proposals: int | None = None, pilot: int = PILOT, count_kept: bool = True) -> Draw:
    """The one sampler of worlds: uniform, enumerated, rejection or importance draws over ``space``, for the
    bid advisor (:func:`solver.advisor.advise`), :func:`sample_worlds` (play and defence advice, the
    agents, playouts) and the review alike.

    Args:
        space: the hard constraints (:class:`~solver.worlds.Space`).
        worlds: worlds to draw (ignored when enumerated).
        rng: a :class:`numpy.random.Generator`, an int seed (``numpy.random.default_rng(seed)``) or ``None``.
        exact_limit: enumerate every placement when there are at most this many.
        likelihood: ``None`` (uniform worlds: :meth:`Space.draw`) or a function of ``(hands (k, 4), kitty (k,))``
            giving float (k,) likelihoods ``L >= 0`` of what was seen (the auction, under a bidding model).
        max_proposals: bound on the uniform proposals of rejection sampling (default
            ``PROPOSALS_PER_WORLD`` times ``worlds``).
        pilot: proposals drawn first to set the envelope.
        count_kept: weigh every proposal of the last batch, so that :attr:`Draw.kept` counts all the
            acceptances; ``False``: stop weighing once ``worlds`` are accepted (the worlds, their weights and
            the generator's state are the same either way; only ``kept`` is then the acceptances among the
            proposals weighed, which is what a caller not reporting it saves: up to three quarters of the
            likelihoods of a rejection draw).

    With a likelihood, enumerated placements are weighted by ``L``. Sampled ones are drawn by rejection against
    the envelope ``M``, the largest ``L`` of a pilot of ``pilot`` uniform proposals: a proposal is accepted with
    chance ``min(1, L/M)`` and weighted ``max(1, L/M)``; every world's expected accepted weight is then ``L/M``,
    so the draws are exact posterior draws whether or not the pilot found the largest ``L`` (von Neumann's
    rejection method with the weight correcting a low envelope). When fewer than ``worlds`` are accepted within
    ``max_proposals``, importance sampling instead: the first ``worlds`` proposals weighted by ``L``.

    Returns a :class:`Draw`.

    Raises:
        PositionError: enumerating more than ``ENUMERATE_MAX`` placements.
        ArgumentError: ``space`` not a :class:`~solver.worlds.Space`; ``worlds``, ``exact_limit``,
            ``max_proposals`` (at least ``worlds``) or ``pilot`` not whole numbers in range; ``likelihood`` not
            callable, or giving values that are not one finite number >= 0 a world, or 0 for every proposal
            of the pilot (no envelope).
    """
    if not isinstance(space, Space):
        raise ArgumentError(f"space {quoted(space, 60)}: expected a solver.worlds.Space")
    worlds = check_int(worlds, "worlds", 1, MAX_WORLDS)
    exact_limit = check_int(exact_limit, "exact_limit", 0, 2_000_000)
    max_proposals = PROPOSALS_PER_WORLD * worlds if max_proposals is None else check_int(
        max_proposals, "max_proposals", worlds, 10 ** 9)
    pilot = check_int(pilot, "pilot", 1, MAX_WORLDS)
    if likelihood is not None and not callable(likelihood):
        raise ArgumentError(f"likelihood {quoted(likelihood, 60)}: expected a function of (hands, kitty) or None")
    rng = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(rng)
    if likelihood is not None:
        likelihood = _checked(likelihood)
    if likelihood is None:
        w = space.draw(worlds, rng, exact_limit)
        return Draw(w, np.ones(len(w)), None, "enumerated" if w.exact else "uniform", len(w), len(w),
                    float(len(w)))
    if space.total <= exact_limit:
        w = space.enumerate()
        lw = likelihood(w.hands, w.kitty)
        return Draw(w, lw, lw, "enumerated", len(w), len(w), effective_worlds(lw))
    scout = space.sample(min(max(pilot, worlds), max_proposals), rng)
    drawn = len(scout)
    scouted = likelihood(scout.hands, scout.kitty)
    top = float(scouted.max())
    rate = float(np.minimum(scouted / top, 1).mean()) if top > 0 else 0.0      # the pilot's acceptance
    if top <= 0:
        raise ArgumentError(f"likelihood: 0 for every one of the pilot's {drawn} proposals (no envelope to draw "
                            "against; is what was seen possible?)")
    got_h, got_k, got_w, got_l = [], [], [], []
    first = None
    accepted = 0
    batch = max(256, 2 * worlds)
    while accepted < worlds and drawn < max_proposals:
        size = min(batch, max_proposals - drawn)
        w = space.sample(size, rng)
        # the acceptance draws come after the batch's shuffles whatever is weighed (the likelihood draws nothing)
        u = rng.random(size)
        if count_kept:
            lw = likelihood(w.hands, w.kitty)
        else:
            lw = _weighed_until(likelihood, w, u, top, worlds - accepted, rate)
            w = Worlds(w.hands[:lw.size], w.kitty[:lw.size], w.exact, w.total) if lw.size < size else w
        if first is None:
            first = (w, lw)
        ratio = lw / top
        keep = u[:lw.size] < ratio
        got_h.append(w.hands[keep])
        got_k.append(w.kitty[keep])
        got_w.append(np.maximum(ratio[keep], 1.0))
        got_l.append(lw[keep])
        accepted += int(keep.sum())
        drawn += size
        batch = min(4 * batch, 1 << 16)
    if accepted >= worlds:
        weights = np.concatenate(got_w)[:worlds]
        kept = Worlds(np.ascontiguousarray(np.concatenate(got_h)[:worlds]),
                      np.ascontiguousarray(np.concatenate(got_k)[:worlds]), False, space.total)
        return Draw(kept, weights, np.concatenate(got_l)[:worlds], "rejection", drawn, accepted,
                    effective_worlds(weights))
    # too unlikely an auction for rejection within the bound: importance weights on the first proposals
    if first is None:
        first = (scout, likelihood(scout.hands, scout.kitty))
    w, lw = first
    if len(w) < worlds:
        extra = space.sample(worlds - len(w), rng)
        w_h = np.concatenate([w.hands, extra.hands])
        w_k = np.concatenate([w.kitty, extra.kitty])
        lw = np.concatenate([lw, likelihood(extra.hands, extra.kitty)])
    else:
        w_h, w_k, lw = w.hands[:worlds], w.kitty[:worlds], lw[:worlds]
    return Draw(Worlds(np.ascontiguousarray(w_h), np.ascontiguousarray(w_k), False, space.total), lw, lw,
                "importance", drawn, accepted, effective_worlds(lw))
