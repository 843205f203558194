"""Advice for one bidding decision, :func:`advise`: check the question, play every call over the worlds, summarise.

What the figures mean, and the model behind them, is in :mod:`solver.advisor`.
(Named ``bid`` rather than ``advise`` so that the module does not share the
name of the function the package exports.)
"""
from __future__ import annotations

import numpy as np

from .. import laws
from ..bounds import MAX_SEED, MAX_THREADS, MAX_WORLDS, MIN_WORLDS, check_int, fresh_seed
from ..bidding import POLICY, BiddingPolicy
from ..cards import JOKER, Card, Seat, Suit, format_cards, mask_of, parse_cards
from ..errors import CardError, IllegalActionError, PositionError, RulesError
from ..rules import Rules
from ..stats import mean_interval, wilson
from ..worlds import EXACT_LIMIT, bid_space
from .auction import Auction, Result, best_discard
from .calls import parse_calls
from .inputs import parse_dummies
from .options import Advice, Option



def advise(hand, upcard, seat, dealer, round=1, rules: Rules | None = None, worlds: int = 2000, seed=None,
           threads: int = 1, *, calls=None, own_round2: str = "best", exact_limit: int = EXACT_LIMIT,
           policy: BiddingPolicy | None = None, dummies=None) -> Advice:
    """Advice for one bidding decision: every legal call with its chances and expected points.

    Args:
        hand: the seat's five cards (``"9d Ac Tc Kd Jd"``, a list of cards, PBN ``S.H.D.C``).
        upcard: the card turned up (in round 2: the card that was turned down).
        seat: the seat to bid (``"N"`` ...); dealer: the dealer.
        round: 1 (the upcard is up) or 2 (it was turned down; name another suit).
        rules: :class:`Rules` (players 4 or 2, joker, stick the dealer, loner lead, scores).
        worlds: how many deals to sample (10..100,000); ignored when the deals are
            few enough to enumerate (at most ``exact_limit``, e.g. two-player), in
            which case every one is used and the figures are exact.
        seed: int seed of the sampling (``None``: a fresh one, recorded in
            :attr:`Advice.seed`). The same seed gives the same answer, whatever ``threads``.
        threads: threads for the double-dummy solving (the GIL is released).
        calls: evaluate only these calls (tokens as :attr:`Option.call`:
            ``"pass"``, ``"order"``, ``"order alone"``, ``"call h"``, ``"call h alone"``).
        own_round2: ``"best"`` or ``"policy"``: how the seat's own round-2 turn is
            played in the worlds where it passes in round 1 and the bidding comes back.
        exact_limit: enumerate every deal when there are at most this many.
        policy: the :class:`BiddingPolicy` of the other seats (default :data:`POLICY`).
        dummies: dummy hands (``Rules(players=2, dummy_hands=True)``, and only then): both
            face-up dummies, ``{"N": "9s Ts Qs Ks 9d", "S": "As Td Qd Kd Ad"}`` or the text
            ``"N:9s Ts Qs Ks 9d S:As Td Qd Kd Ad"``. Only the opponent's hand and the kitty's
            face-down cards are then unseen (8 cards, 56 placements), so the figures are
            exact; points and chances cover both sets of five tricks (see :mod:`solver.advisor`).

    Returns: an :class:`Advice`.

    In plain words: the advisor deals the cards the seat cannot see in many
    different ways (every way, when there are few enough, and then the figures
    are exact), plays each call out in every deal, and averages. P(make) is the
    chance the seat's side names trump and takes three or more tricks, P(march)
    all five, P(euchred) fewer than three; expected points are the average score
    of the hand for the seat's side (negative when the other side scores; a hand
    thrown in scores 0). A pass is scored by what the rest of the auction then
    does, the other seats bidding by a stated point count of their own cards.
    Each figure has a 95% interval; the recommendation is the call with the most
    expected points and the margin is its lead over the next best. Every card is
    played double dummy, as if all hands were face up: nobody ever guesses wrong,
    which flatters the side that can use that knowledge, so compare calls with
    each other rather than reading one figure as the chance at a real table.
    More in the documentation of :mod:`solver.advisor`.

    Raises:
        CardError: a card that cannot be read, or a card twice in the hand.
        PositionError: a hand that is not five cards, the upcard in the hand, a seat
            that does not play (two-player: N and S only).
        IllegalActionError: a round other than 1 or 2, a call that is not legal here
            (naming the turned-down suit, ordering up in round 2, a stuck dealer's pass).
        RulesError: worlds, threads or seed out of range; a variant the advisor does
            not model (a turned-up joker); dummy hands without ``dummies``, or ``dummies``
            without the variant.
    """
    rules = rules if rules is not None else Rules()
    if not isinstance(rules, Rules):
        raise RulesError(f"rules {rules!r}: expected a Rules value")
    cards = parse_cards(hand, what="hand")
    if len(cards) != 5:
        raise PositionError(f"hand {format_cards(cards)!r}: holds {len(cards)} cards, expected 5")
    up = Card(upcard) if isinstance(upcard, (Card, int)) and not isinstance(upcard, bool) else Card.parse(upcard)
    for c in cards + [up]:
        if c == JOKER and not rules.joker:
            raise CardError("card B: the joker is not in the pack (use Rules(joker=True))")
    if up == JOKER:
        raise RulesError("upcard B: a turned-up joker (the dealer names its suit) is not supported by the advisor")
    if up in cards:
        raise PositionError(f"upcard {up}: it is also in the hand {format_cards(cards)!r}")
    seat = Seat.parse(seat)
    dealer = Seat.parse(dealer)
    laws.check_seat(seat, rules.players, "seat")
    laws.check_seat(dealer, rules.players, "dealer")
    dummy_masks = parse_dummies(dummies, cards, up, seat, rules)
    if isinstance(round, bool) or round not in (1, 2):
        raise IllegalActionError(f"round {round!r}: must be 1 (upcard up) or 2 (upcard turned down)")
    worlds = check_int(worlds, "worlds", MIN_WORLDS, MAX_WORLDS)
    threads = check_int(threads, "threads", 1, MAX_THREADS)
    exact_limit = check_int(exact_limit, "exact_limit", 0, 2_000_000)
    if seed is None:              # fresh randomness, recorded so that the answer can be reproduced
        seed = fresh_seed()
    seed = check_int(seed, "seed", 0, MAX_SEED)
    if own_round2 not in ("best", "policy"):
        raise RulesError(f"own_round2 {own_round2!r}: must be 'best' or 'policy'")
    policy = policy if policy is not None else POLICY
    up_suit = int(up) % 4
    wanted = parse_calls(calls, round, up_suit, seat, dealer, rules)

    hand_mask = mask_of(cards)
    space = bid_space(hand_mask, up, seat, rules, dummies=0 if dummy_masks is None else sum(dummy_masks))
    w = space.draw(worlds, seed=seed, exact_limit=exact_limit)
    adv = Auction(hand_mask, int(up), int(seat), int(dealer), round, rules, w, threads, policy, own_round2,
                   dummy_masks)
    n = len(w)
    rows = np.arange(n)
    me = int(seat)
    my_pos = adv.order.index(me)
    stuck = rules.stick_the_dealer and me == int(dealer)

    def make(action, trump, alone, res, discard=None, discards=None, auction=None):
        return _option(action, trump, alone, discard, res, w.exact, seat, dealer, rules.players, discards,
                       auction, adv.my_side, dummy_masks is not None)

    options = []

    def want(token):
        return wanted is None or token in wanted

    # pass
    if round == 1 or not stuck:
        if want("pass"):
            if round == 1:
                res = adv.round1_from(rows, my_pos + 1)
            else:
                res = adv.round2_from(rows, my_pos + 1, "policy")
            auction = {}
            for s in rules.seats:
                auction[str(Seat(s))] = float(np.mean(res.maker == s))
            auction["thrown_in"] = float(np.mean(res.maker < 0))
            options.append(make("pass", None, False, res, auction=auction))
    lone_choices = (False, True) if laws.may_go_alone(rules.players) else (False,)
    if round == 1:
        for lone in lone_choices:
            token = "order" + (" alone" if lone else "")
            if not want(token):
                continue
            if me == int(dealer):
                best, best_card, tried = best_discard(adv, rows, lone, hand_mask, int(up), w.exact)
                options.append(make("order", Suit(up_suit), lone, best, discard=best_card, discards=tried))
            else:
                res = adv.finish(rows, me, up_suit, lone, "h")
                options.append(make("order", Suit(up_suit), lone, res))
    else:
        for s in range(4):
            if s == up_suit:
                continue
            for lone in lone_choices:
                token = f"call {Suit(s).letter}" + (" alone" if lone else "")
                if not want(token):
                    continue
                res = adv.finish(rows, me, s, lone, None)
                options.append(make("call", Suit(s), lone, res))
    if not options:
        raise IllegalActionError("calls: none of the requested calls is legal here")

    best_i = 0
    for i, o in enumerate(options):
        if o.expected_points > options[best_i].expected_points + 1e-12:
            best_i = i
    rec = options[best_i]
    if len(options) > 1:
        second_i = max((i for i in range(len(options)) if i != best_i), key=lambda i: options[i].expected_points)
        diff = rec.world_points - options[second_i].world_points
        margin = float(diff.mean())
        margin_interval = mean_interval(diff.astype(float), w.exact)
    else:
        margin, margin_interval = 0.0, (0.0, 0.0)
    return Advice(tuple(cards), up, seat, dealer, round, rules, tuple(options), rec, margin, margin_interval,
                  n, w.exact, space.total, seed, policy, own_round2, w,
                  None if dummy_masks is None else (dummy_masks[0], dummy_masks[2]))


def _option(action, trump, alone, discard, res: Result, exact, seat, dealer, players, discards, auction, my_side,
            dummy=False):
    """The :class:`Option` of one call from its per-world :class:`Result` (``dummy``: dummy hands)."""
    n = res.points.size
    ours = (res.maker >= 0) & (laws.side_of(res.maker, players) == my_side)
    if dummy:       # the whole hand: made in both sets, all ten tricks, euchred in at least one set
        make = ours & (res.tricks >= laws.MAKE_TRICKS) & (res.tricks2 >= laws.MAKE_TRICKS)
        march = ours & (res.tricks >= laws.TRICKS) & (res.tricks2 >= laws.TRICKS)
        euchred = ours & ((res.tricks < laws.MAKE_TRICKS) | (res.tricks2 < laws.MAKE_TRICKS))
    else:
        make = ours & (res.tricks >= laws.MAKE_TRICKS)
        march = ours & (res.tricks >= laws.TRICKS)
        euchred = ours & (res.tricks < laws.MAKE_TRICKS)

    def prob(mask):
        k = int(mask.sum())
        p = k / n if n else 0.0
        return p, ((p, p) if exact else wilson(k, n))

    phases = None
    if dummy:
        phases = []
        for name, tricks, pts in (("personal", res.tricks, res.points - res.points2),
                                  ("dummy", res.tricks2, res.points2)):
            fig = {"hands": name}
            for key, mask in (("p_make", ours & (tricks >= laws.MAKE_TRICKS)), ("p_march", ours & (tricks >= laws.TRICKS)),
                              ("p_euchred", ours & (tricks < laws.MAKE_TRICKS))):
                p, interval = prob(mask)
                fig[key], fig[key + "_interval"] = p, list(interval)
            fig["expected_points"] = float(pts.mean()) if n else 0.0
            fig["points_interval"] = list(mean_interval(pts.astype(float), exact))
            phases.append(fig)
        phases = tuple(phases)

    pm, pmi = prob(make)
    pa, pai = prob(march)
    pe, pei = prob(euchred)
    points = res.points.astype(float)
    ep = float(points.mean()) if n else 0.0
    values, counts = np.unique(res.points, return_counts=True)
    outcomes = {int(v): float(c) / n for v, c in zip(values, counts)}
    return Option(action, trump, bool(alone), discard, pm, pa, pe, ep, pmi, pai, pei,
                  mean_interval(points, exact), n, exact, outcomes, discards, auction, seat, dealer, players,
                  points, phases=phases)


__all__ = ["advise"]
