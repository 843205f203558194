"""Advice for one bidding decision, :func:`advise`: check the question, play every call over the worlds, summarise.

What the figures mean, and the model behind them, is in :mod:`solver.advisor`.
(Named ``bid`` rather than ``advise`` so that the module does not share the
name of the function the package exports.)
"""
from __future__ import annotations

import inspect
import math
import warnings
from dataclasses import replace

import numpy as np

from .. import laws
from ..bidding import DEFAULT_MODEL, POLICY, BiddingModel, BiddingPolicy, resolve_model
from ..bidding.named import ALTERNATIVES
from ..capabilities import check_covers
from ..cards import JOKER, Card, Seat, Suit, cards_of, format_cards, mask_of, parse_cards, parse_kitty, trump_of
from ..errors import ArgumentError, CardError, IllegalActionError, PositionError, RulesError, quoted
from ..rules import Rules
from ..seeds import advice_seed
from ..stats import chance, mean_interval, weighted_mean_interval, wilson
from ..worlds import EXACT_LIMIT, bid_space
from .auction import SCREEN_Z, Auction, AuctionSetup, Result, StackedAuction, ahead, best_discard, call_draws
from .game_odds import win_values
from ..inference import PILOT, PROPOSALS_PER_WORLD, draw_worlds, effective_worlds
from .inference import MIN_ACCEPTED, evidence, evidence_text, pass_likelihood
from .calls import parse_calls
from .inputs import parse_dummies
from ..examples import call_examples
from ..game import Phase
from ..game.seat import seat_view, view_from_dict
from ..game.view import SeatView
from ..grades import grade_of
from .options import Advice, Option
from .single_dummy import default_model
from .method import ROBUST_DELTA, Method, check_reads
from .valuation import INNER_WORLDS, ROLLOUT_AGENT_WORLDS, check_inner_worlds, parse_valuation, roller, valuation_strategy



def advise_bid(view, method=None, *, calls=None) -> Advice:
    """Advice for one bidding decision from the seat's view: every legal call with its chances and expected points.

    Args:
        view: the bidding seat's :class:`~solver.game.SeatView` in round 1 or 2 (``Hand.view(seat)``,
            :func:`solver.seat_view` with the calls so far), or a dict of its keys: it carries the hand, the
            upcard, the dealer, the round, the earlier calls, the rules and, where the variant has them, the
            face-up dummies, the suit named for a turned-up joker and the cards known in the kitty.
        method: a :class:`~solver.Method` (or a dict of its members, or ``None``): worlds
            (default 2,000), seed (``None``: derived from the question, ``solver.seeds.advice_seed()``), threads,
            inference, model, valuation, inner_worlds, examples, score, robust_delta, early_stop, exact_limit,
            own_round2, policy, rollout; what each does is said below (every member but play_model: bid advice
            sees no card; ``solver.advisor.method.READS``, a play_model given refused by name).
        calls: evaluate only these calls (tokens as :attr:`Option.call`: ``"pass"``, ``"order"``,
            ``"order alone"``, ``"call h"``, ``"call h alone"``); ``None``: every legal call.

    Returns an :class:`Advice`.

    Raises :class:`~solver.errors.IllegalActionError` naming the phase when the view is not of a seat to bid
    (round 1 or 2) or not that seat's turn; :class:`~solver.errors.ArgumentError` naming a bad method member;
    the errors of :func:`solver.advise` otherwise.

    The method's members, as the deprecated keywords of :func:`solver.advise` say them:

    Args:
        hand: the seat's five cards (``"9d Ac Tc Kd Jd"``, a list of cards, PBN ``S.H.D.C``).
        upcard: the card turned up (in round 2: the card that was turned down).
        seat: the seat to bid (``"N"`` ...); dealer: the dealer.
        round: 1 (the upcard is up) or 2 (it was turned down; name another suit).
        named_suit: a turned-up joker (``upcard`` ``"B"``, ``Rules(joker=True)``): the suit the dealer named
            before round 1 (docs/rules.md), which the joker proposes: ordering up makes it trump and the dealer
            takes the joker; in round 2 it is the turned-down suit. Only with a turned-up joker.
        rules: :class:`Rules` (players 4 or 2, joker, stick the dealer, loner lead, scores).
        kitty: a kitty exchange before the bidding (``Rules.farmers`` / ``go_under``): the cards the seat knows
            lie face down in the kitty (the three it put under, or the three a farmer showed), out of the
            worlds; ``hand`` is then the seat's hand after the exchange. ``None``: none known.
        worlds: how many deals to sample (10..100,000); ignored when the deals are
            few enough to enumerate (at most ``exact_limit``, e.g. two-player), in
            which case every one is used and the figures are exact.
        seed: int seed of the sampling (``None``: derived from the question, ``solver.seeds.advice_seed()``,
            as ``euchre advise`` and ``POST /v1/advise`` derive it; recorded in :attr:`Advice.seed`). The same
            seed gives the same answer, whatever ``threads``.
        threads: threads for the double-dummy solving (the GIL is released).
        calls: evaluate only these calls (tokens as :attr:`Option.call`:
            ``"pass"``, ``"order"``, ``"order alone"``, ``"call h"``, ``"call h alone"``).
        own_round2: ``"best"`` or ``"policy"``: how the seat's own round-2 turn is
            played in the worlds where it passes in round 1 and the bidding comes back
            (``"policy"``: as the other seats bid, by the model or ``policy``).
        exact_limit: enumerate every deal when there are at most this many.
        policy: a deterministic :class:`BiddingPolicy` for the seats that bid after a pass,
            instead of the model (``policy=POLICY, inference=False, valuation="double_dummy"`` gives the
            figures of the first version, which ignored the earlier passes, used the point count and played
            every world double dummy).
        inference: weight the worlds by the earlier passes under ``model`` (see
            ``solver.advisor.inference``): sampled worlds by rejection
            (:func:`solver.inference.draw_worlds`), enumerated ones by weight.
        model: the :class:`~solver.bidding.BiddingModel` of the other seats, a model name
            (:data:`solver.bidding.MODEL_NAMES`) or a model file's path (default
            ``DEFAULT_MODEL``, ``"players-1"``, fitted to real players' calls): the later
            seats' calls after a pass are
            drawn from it (every call followed with its chance when the worlds are
            enumerated), and the inference weights are its likelihoods.
        robust_delta: the shift (count units, ``ROBUST_DELTA``) of the cautious
            (``model.shifted(+d)``) and aggressive (``shifted(-d)``) variants under which the
            same options are judged again, with every other model of
            (``solver.bidding.named.ALTERNATIVES``, role ``"alternative"``) (:attr:`Advice.variants`,
            :attr:`Advice.robust`); ``None`` or 0: not checked. Only when the later seats bid by the model.
        dummies: dummy hands (``Rules(players=2, dummy_hands=True)``, and only then): both
            face-up dummies, ``{"N": "9s Ts Qs Ks 9d", "S": "As Td Qd Kd Ad"}`` or the text
            ``"N:9s Ts Qs Ks 9d S:As Td Qd Kd Ad"``. Only the opponent's hand and the kitty's
            face-down cards are then unseen (8 cards, 56 placements), so the figures are
            exact; points and chances cover both sets of five tricks (see ``solver.advisor``).
        score: the game's score before this hand, points by side (``{"NS": 8, "EW": 6}``;
            two-player ``{"N": .., "S": ..}``), or ``None``. With a score every option gains
            :attr:`Option.p_win_game`, the chance that the seat's side wins the game after this
            hand (each world's points to a side, then ``solver.p_win_after()`` with the deal
            passing to the dealer's left; a thrown-in hand scores nothing), and the recommendation
            and margin are by it (ties by expected points), as are the seat's own choices inside an
            option (its discard after a pickup, its round-2 turn after a pass); without, nothing changes.

        early_stop: judge the calls sequentially (sampled worlds only): every call on the first
            1/8 and then 1/2 of the worlds (``EARLY_LOOKS``, each look at least ``EARLY_MIN``
            worlds; the second only when a call not stopped at the first trails by half the
            threshold, so that four times the worlds may settle it); a call clearly behind the
            leading one there (paired difference below zero by more than ``EARLY_Z`` = 3.29
            standard errors) is not played on the rest and reports its
            figures over the worlds it used (:attr:`Option.stopped`, :attr:`Option.worlds`). The
            recommendation is among the calls not stopped. ``False``: every call on every world.
            ``None`` (default): on when the later seats bid by the model, off with a ``policy`` (the
            first version's method, whose figures ``inference=False, policy=POLICY, valuation="double_dummy"``
            reproduce).
        valuation: how each world's play after the call is valued (``solver.advisor.valuation``; ``None``:
            the variant's default, ``default_valuation()``): ``"single_dummy"``
            (the default where the variant has a fitted table: four players, no joker, no dummy hands, no no
            trump): each world's double-dummy band replaced by one drawn from the model fitted against direct
            playouts (``solver.advisor.single_dummy``), one uniform per world shared by every call;
            ``"double_dummy"`` (the default of the other variants): every seat plays as if all the cards were
            face up (the figures of the earlier versions, bit for bit); ``"playout"``: each world played out
            by seats that each choose by PIMC over ``inner_worlds`` worlds of their own view (slow: use
            few worlds); ``"rollout"``: each call played to the end of the deal by the advisor agents at every
            seat, later calls included (``solver.rollout``; slowest: about a quarter of a second of one core
            a world and call, so use few worlds; no early stop and no robustness check, the later seats being
            agents rather than the model). Recorded in :attr:`Advice.valuation`.
        inner_worlds: the playout's worlds a decision, 1..:data:`~solver.advisor.playout.MAX_INNER_WORLDS`.
        examples: 0..:data:`~solver.examples.MAX_EXAMPLES` (default 0: none): for each option not among
            the best, the share of the worlds' weight in which it scores fewer points for the seat's side than
            the recommended call (the same, more) and the likeliest such worlds, each with every hand dealt,
            the kitty, both calls' points there and what each led to (:attr:`Option.examples`,
            ``solver.examples.call_examples()``).
        rollout: with ``valuation="rollout"`` only: a :class:`solver.rollout.Rollout` (the agents' worlds a
            decision, processes or a Dask cluster, a file to resume from, a progress bar); ``None``: its defaults.

    Returns: an :class:`Advice`.

    In plain words: the advisor deals the cards the seat cannot see in many
    different ways (every way, when there are few enough, and then the figures
    are exact), plays each call out in every deal, and averages. P(make) is the
    chance the seat's side names trump and takes three or more tricks, P(march)
    all five, P(euchred) fewer than three; expected points are the average score
    of the hand for the seat's side (negative when the other side scores; a hand
    thrown in scores 0). A pass is scored by what the rest of the auction then
    does, the other seats bidding by a model that gives each call a chance from
    their own cards; the deals are weighted by what the earlier passes say about
    the other hands. Each figure has a 95% interval; the recommendation is the call with the most
    expected points and the margin is its lead over the next best. Every card is
    played double dummy, as if all hands were face up: nobody ever guesses wrong,
    which flatters the side that can use that knowledge, so compare calls with
    each other rather than reading one figure as the chance at a real table.
    More in the documentation of ``solver.advisor``.

    Raises:
        CardError: a card that cannot be read, or a card twice in the hand.
        PositionError: a hand that is not five cards, the upcard in the hand, a seat
            that does not play (two-player: N and S only).
        IllegalActionError: a round other than 1 or 2, a call that is not legal here
            (naming the turned-down suit, ordering up in round 2, a stuck dealer's pass).
        ArgumentError: worlds, threads or seed out of range; an unknown valuation or ``inner_worlds``
            out of range; a ``policy`` or ``model`` of the wrong type; earlier passes so unlikely
            under the model that rejection falls back to importance weights worth fewer than 10 worlds;
            ``examples`` out of range.
        ScoreError: a score that is not whole points >= 0 by the variant's sides, or with a side
            already at the target.
        RulesError: rules the game odds have no table for (see :func:`solver.win_probability`); a
            variant the advisor does not model (a turned-up joker); a valuation the variant does not
            support; dummy hands without ``dummies``, or ``dummies`` without the variant; a
            ``model`` with dummy hands (the model does not cover them: that variant keeps the
            point-count policy and uniform worlds).
    """
    method = check_reads(Method.coerce(method), "advise_bid")
    view = bidding_view(view)
    rules = view.rules
    joker = view.upcard == JOKER
    dummies = (None if not rules.dummy_hands
               else f"N:{format_cards(view.dummies[0])} S:{format_cards(view.dummies[2])}")
    return _advise(tuple(cards_of(view.hand)), view.upcard, view.seat, view.dealer,
                   1 if view.phase is Phase.BID1 else 2, rules, method, calls=calls, dummies=dummies,
                   named_suit=view.named_suit if joker else None,
                   kitty=cards_of(view.kitty_known) if view.kitty_known else None)


def bidding_view(view) -> SeatView:
    """``view`` (a :class:`~solver.game.SeatView` or a dict of its keys) checked to be a seat's to bid:
    round 1 or 2 and its turn. Raises :class:`~solver.errors.IllegalActionError` naming the phase otherwise."""
    if isinstance(view, dict):
        view = view_from_dict(view)
    if not isinstance(view, SeatView):
        raise ArgumentError(f"view {quoted(view, 60)}: expected a SeatView or a dict of its keys")
    seat = view.seat
    if view.phase not in (Phase.BID1, Phase.BID2):
        raise IllegalActionError(f"{seat}'s view: the hand is in the {view.phase.value} phase, not round 1 or 2 "
                                 f"of the bidding; bid advice needs {seat} to bid")
    if view.to_act != seat:
        raise IllegalActionError(f"{seat}'s view: it is {view.to_act}'s turn to bid, not {seat}'s")
    return view


def bid_question_view(hand, upcard, seat, dealer, round=1, rules=None, *, dummies=None, named_suit=None,
                      kitty=None) -> SeatView:
    """The view of the bid question in the pieces :func:`solver.advise` took (the seats before ``seat`` passed
    round 1; in round 2 every seat passed round 1 and those before it round 2), checked as :func:`solver.advise`
    checked them, with the same messages. Raises what :func:`solver.advise` raises for a bad question."""
    rules = Rules.coerce(rules)
    cards = parse_cards(hand, what="hand")
    if len(cards) != 5:
        raise PositionError(f"hand {format_cards(cards)!r}: holds {len(cards)} cards, expected 5")
    up = Card(upcard) if isinstance(upcard, (Card, int)) and not isinstance(upcard, bool) else Card.parse(upcard)
    for c in cards + [up]:
        if c == JOKER and not rules.joker:
            raise CardError("card B: the joker is not in the pack (use Rules(joker=True))")
    if up == JOKER and named_suit is None:
        raise ArgumentError("upcard B: a turned-up joker proposes the suit the dealer named before round 1; give "
                         "named_suit (docs/rules.md)")
    if named_suit is not None:
        if up != JOKER:
            raise ArgumentError(f"named_suit {quoted(named_suit)}: a suit is named only for a turned-up joker")
        named_suit = Suit.parse(named_suit)
    if up in cards:
        raise PositionError(f"upcard {up}: it is also in the hand {format_cards(cards)!r}")
    seat = Seat.parse(seat)
    dealer = Seat.parse(dealer)
    laws.check_seat(seat, rules.players, "seat")
    laws.check_seat(dealer, rules.players, "dealer")
    parse_dummies(dummies, cards, up, seat, rules)
    _known_kitty(kitty, cards, up, rules)
    if isinstance(round, bool) or round not in (1, 2):
        raise IllegalActionError(f"round {round!r}: must be 1 (upcard up) or 2 (upcard turned down)")
    order = list(laws.bidding_order(dealer, rules.players))
    passes = order.index(int(seat)) + (len(order) if round == 2 else 0)
    return seat_view(seat, cards, dealer, up, calls=["Pass"] * passes, rules=rules, named_suit=named_suit,
                     dummies=dummies, kitty=kitty)


def advise(*question, **keywords) -> Advice:
    """Deprecated (for one release): ``advise_bid(view, method)``; the question in pieces and the method in
    keywords, ``advise(hand, upcard, seat, dealer, round=1, rules=None, worlds=2000, seed=None, threads=1, *,
    calls=None, ...)`` with every keyword it took before, each as :func:`solver.advise_bid` says.
    Builds the view (:func:`solver.advisor.bid_question_view`) and the :class:`~solver.Method`, warns with a
    :class:`DeprecationWarning` and calls :func:`solver.advise_bid`: the same answer, bit for bit."""
    warnings.warn("solver.advise(hand, upcard, seat, dealer, ...) is deprecated and will be removed in the next "
                  "release: use solver.advise_bid(view, method)", DeprecationWarning, stacklevel=2)
    try:                          # a wrong call is advise()'s, not the private helper's it forwards to
        inspect.signature(_old_advise).bind(*question, **keywords)
    except TypeError as exc:
        raise TypeError(f"advise(): {exc}") from None
    return _old_advise(*question, **keywords)


def _old_advise(hand, upcard, seat, dealer, round=1, rules: Rules | None = None, worlds: int = 2000, seed=None,
                threads: int = 1, *, calls=None, own_round2: str = "best", exact_limit: int = EXACT_LIMIT,
                policy: BiddingPolicy | None = None, dummies=None, inference: bool = True,
                model: BiddingModel | None = None, robust_delta: float | None = ROBUST_DELTA, score=None,
                early_stop: bool | None = None, valuation: str | None = None, inner_worlds: int = INNER_WORLDS,
                examples: int = 0, named_suit=None, kitty=None, rollout=None) -> Advice:
    """The deprecated :func:`advise`'s work, without its warning: the question in pieces and the method in
    keywords to a view and a :class:`~solver.Method`, then :func:`solver.advise_bid`. Kept off the package's
    exports (``advise`` is the door) and removed with it."""
    if not isinstance(inference, bool):
        raise ArgumentError(f"inference {inference!r}: must be True or False")
    method = Method(worlds=worlds, seed=seed, threads=threads, inference=inference, model=model,
                    valuation=valuation, inner_worlds=inner_worlds, rollout=rollout, examples=examples,
                    score=score, robust_delta=robust_delta, early_stop=early_stop, exact_limit=exact_limit,
                    own_round2=own_round2, policy=policy)
    view = bid_question_view(hand, upcard, seat, dealer, round, rules, dummies=dummies, named_suit=named_suit,
                             kitty=kitty)
    return advise_bid(view, method, calls=calls)


def _advise(cards: tuple, up: Card, seat: Seat, dealer: Seat, round: int, rules: Rules, method: Method, *,
            calls, dummies, named_suit, kitty) -> Advice:
    """:func:`solver.advise_bid` on the question's pieces (read off a checked view) and a checked ``method``."""
    examples = method.examples
    valuation = parse_valuation(method.valuation, rules)
    inner_worlds = method.inner_worlds
    cards = list(cards)
    dummy_masks = parse_dummies(dummies, cards, up, seat, rules)
    score, rollout = method.score, method.rollout
    wins = None if score is None else win_values(score, dealer, seat, rules, valuation)
    worlds, threads, exact_limit = method.worlds_or(BID_WORLDS), method.threads, method.exact_limit
    seed = method.seed
    if seed is None:              # derived from the question, so that it gets the same answer at every door
        seed = advice_seed(cards, up, seat, dealer, round, rules, dummies)
    own_round2, policy, robust_delta = method.own_round2, method.policy, method.robust_delta
    model = None if method.model is None else resolve_model(method.model)
    early_stop = policy is None if method.early_stop is None else method.early_stop
    inference = method.reads_auction
    if dummy_masks is not None:     # the model does not cover the dummies' set: the point count, uniform worlds
        if model is not None:
            check_covers("bidding_model", rules)
        policy = policy if policy is not None else POLICY
        inference = False
    else:
        model = model if model is not None else DEFAULT_MODEL
    up_suit = int(up) % 4 if named_suit is None else int(named_suit)     # the suit the upcard proposes
    wanted = parse_calls(calls, round, up_suit, seat, dealer, rules)

    me = int(seat)
    hand_mask = mask_of(cards)
    kitty_mask = _known_kitty(kitty, cards, up, rules)
    space = bid_space(hand_mask, up, seat, rules, dummies=0 if dummy_masks is None else sum(dummy_masks),
                      kitty=kitty_mask)

    def likelihood_of(m):
        return lambda hands, kitty: pass_likelihood(m, hands, me, int(dealer), round, int(up), rules.players,
                                                    up_suit)

    ev = evidence(me, int(dealer), round, rules.players) if inference else []
    # nothing seen yet (the first to speak): the uniform worlds are the inferred ones
    how = valuation_strategy(valuation)
    if how.plays_out:               # hundreds of solves a world: never more worlds than asked for
        exact_limit = min(exact_limit, worlds)
    how.check_rollout(rollout)
    if how.by_agents:      # the later seats are agents, not the model: no variant of it to check
        robust_delta, early_stop = None, False
    # the bound on proposals leaves room past the envelope's pilot even at the fewest worlds
    bound = PILOT + PROPOSALS_PER_WORLD * worlds
    draw = draw_worlds(space, worlds, seed, exact_limit, likelihood_of(model) if ev else None, bound)
    if draw.method == "importance" and draw.ess < MIN_ACCEPTED:
        raise ArgumentError(f"inference: only {draw.kept} of {draw.drawn} deals were accepted as consistent with "
                            f"the earlier passes under the bidding model (worth {draw.ess:.1f} worlds); they are "
                            "too unlikely to advise on (use inference=False)")
    w = draw.worlds
    # weights only where some world weighs other than 1: unweighted worlds keep the textbook figures
    weights = draw.weights if draw.weighted else None

    # sampled worlds: each seat's call drawn from the model with one uniform per world, seat and round,
    # the same for the variants (so they differ only where their chances straddle a draw);
    # enumerated worlds: every call followed with its chance, so the figures stay exact
    draws = None if policy is not None or w.exact else call_draws(len(w), seed)

    setup = AuctionSetup(hand_mask, int(up), me, int(dealer), round, rules, threads, policy, own_round2,
                         dummy_masks, wins, valuation, seed, inner_worlds, up_suit)

    def auction_for(m, weights, engine=None):
        a = Auction(setup, w, model=None if policy is not None else m, draws=draws, weights=weights, engine=engine)
        a.screen_own = early_stop and not w.exact
        return a

    adv = auction_for(model, weights)
    n = len(w)
    rows = np.arange(n)
    my_pos = adv.order.index(me)
    stuck = rules.stick_the_dealer and me == int(dealer)
    results, played = {}, {}         # per option token: its Result; a dealer's pickup: every discard's

    def make(action, trump, alone, res, discard=None, discards=None, auction=None, stopped=False):
        opt = _option(action, trump, alone, discard, res, w.exact, seat, dealer, rules.players, discards,
                      auction, adv.my_side, dummy_masks is not None, adv, wins, stopped)
        results[opt.call] = res
        return opt

    def pass_result(a, r=rows):
        return a.round1_from(r, my_pos + 1) if round == 1 else a.round2_from(r, my_pos + 1, "policy")

    def want(token):
        return wanted is None or token in wanted

    # every option to judge: (token, action, trump, alone, its evaluation on some rows of the worlds)
    specs = []
    if (round == 1 or not stuck) and want("pass"):
        specs.append(("pass", "pass", None, False, lambda r: {"res": pass_result(adv, r)}))
    lone_choices = (False, True) if laws.may_go_alone(rules.players) else (False,)
    if round == 1:
        if laws.must_go_alone(me, dealer, 1, rules):
            lone_choices = (True,)          # Canadian loners: the dealer's partner orders up alone or passes
        for lone in lone_choices:
            token = "order" + (" alone" if lone else "")
            if not want(token):
                continue
            if me == int(dealer):
                def judge(r, lone=lone):
                    best, card, tried, every = best_discard(adv, r, lone, hand_mask, int(up), w.exact)
                    return {"res": best, "discard": card, "discards": tried, "played": every}
            else:
                def judge(r, lone=lone):
                    return {"res": adv.finish(r, me, up_suit, lone, "h")}
            specs.append((token, "order", Suit(up_suit), lone, judge))
    else:
        # no trump (Rules.allow_no_trump) is open in round 2 whatever was turned down
        for s in laws.contracts(rules):
            if s == up_suit:
                continue
            for lone in lone_choices:
                token = laws.call_token("call", s, lone)
                if want(token):
                    specs.append((token, "call", s, lone,
                                  lambda r, s=s, lone=lone: {"res": adv.finish(r, me, s, lone, None)}))
    if not specs:
        raise IllegalActionError("calls: none of the requested calls is legal here")

    def judged(res):     # the per-world figure the options are ranked by (the first of rank() below)
        return adv.per_entry(res)

    # sequential judging (sampled worlds): every option on the first worlds, then only those not clearly
    # behind the leader on the rest (see stopped_options); enumerated worlds are every deal, judged in full
    outcome, stopped_at = {}, {}
    looks = early_looks(n) if early_stop and not w.exact and len(specs) > 1 else ()
    # in the options' order, the pass first: where the other side made trump in the pass's auction it
    # usually took 3 or more, which settles the seat's own call in those positions (Engine.derive_sides)
    evaluation = specs
    for k in looks:
        live = [sp for sp in evaluation if sp[0] not in stopped_at]
        if len(live) < 2:
            break
        sub = rows[:k]
        got = {sp[0]: sp[4](sub) for sp in live}
        z = behind({t: judged(g["res"]) for t, g in got.items()}, None if weights is None else weights[:k])
        for token, zt in z.items():
            if zt < -EARLY_Z:
                outcome[token], stopped_at[token] = got[token], k
        # the next look has four times the worlds (z about twice as far from 0): worth it only if some
        # call not stopped is already half-way behind
        if not any(-EARLY_Z <= zt < -EARLY_Z / 2 for zt in z.values()):
            break
    if how.by_agents:
        outcome = _rolled_out(specs, me, int(dealer), round, int(up), rules, None if wins is None else wins.score, w,
                              seed, rollout)
    # the robustness check's variants (the model's cautious and aggressive shifts, then every other model of
    # ALTERNATIVES), each an auction of its own on the same worlds, draws and engine
    checks, judges = [], []
    if policy is None and robust_delta:
        checks = [("cautious", float(robust_delta), model.shifted(float(robust_delta))),
                  ("aggressive", -float(robust_delta), model.shifted(-float(robust_delta)))]
        checks += [("alternative", 0.0, m) for m in ALTERNATIVES if m != model]
        for role, delta, vm in checks:
            vw = None
            if ev:                    # re-weight: enumerated worlds by the variant's likelihood, sampled
                lik = pass_likelihood(vm, w.hands, me, int(dealer), round, int(up), rules.players, up_suit)
                # enumerated: the variant's likelihood; sampled: the draw's weight times the ratio to the model's
                vw = lik if w.exact else (lik if weights is None else weights * lik) / draw.likelihood
            judges.append(auction_for(vm, vw, adv.engine))
    passed = []                       # each variant's pass, when bid out with the model's own (below)
    for token, action, trump, lone, judge in evaluation:
        if token not in stopped_at and token not in outcome:
            if token == "pass" and judges and not w.exact:
                # sampled worlds, the pass on every world: bid out under the model and every variant at once
                # (one pass over all their worlds, each branch's work and each contract's engine call shared;
                # each member's part the same as its own auction's, StackedAuction)
                stack = StackedAuction([adv] + judges)
                mine, *passed = stack.split(pass_result(stack, stack.entries(rows)))
                outcome[token] = {"res": mine}
            else:
                outcome[token] = judge(rows)

    options = []
    for token, action, trump, lone, judge in specs:
        got = outcome[token]
        res = got["res"]
        if "played" in got:
            played[token] = got["played"]
        auction = None
        if action == "pass":
            e = adv.entry_weights(res)
            auction = {str(Seat(s)): _share(res.maker == s, e) for s in rules.seats}
            auction["thrown_in"] = _share(res.maker < 0, e)
        options.append(make(action, trump, lone, res, discard=got.get("discard"), discards=got.get("discards"),
                            auction=auction, stopped=token in stopped_at))

    def rank(o):        # with a score: the chance of the game, ties by the points
        return (o.p_win_game, o.expected_points) if wins is not None else (o.expected_points,)

    best_i = next(i for i, o in enumerate(options) if not o.stopped)    # a stopped option is behind by test
    for i, o in enumerate(options):
        if not o.stopped and ahead(rank(o), rank(options[best_i])):
            best_i = i
    rec = options[best_i]
    if len(options) > 1:
        second_i = max((i for i in range(len(options)) if i != best_i), key=lambda i: rank(options[i]))
        values = "world_wins" if wins is not None else "world_points"
        a, b = getattr(rec, values), getattr(options[second_i], values)
        m = min(a.size, b.size)          # paired over the worlds both used (a stopped option: the first ones)
        diff = a[:m] - b[:m]
        if weights is None:
            margin = float(diff.mean())
            margin_interval = mean_interval(diff.astype(float), w.exact)
        else:                         # weighted worlds: exact when enumerated
            margin, margin_interval = _weighted_mean(diff.astype(float), weights[:m], w.exact)
    else:
        margin, margin_interval = 0.0, (0.0, 0.0)
    options = graded_options(options, rec, wins is not None, weights, w.exact)
    rec = options[best_i]
    if examples:
        def contract_of(o, j):
            res = results[o.call]
            if res.prob is not None:           # every later call followed with its chance: no one contract
                return None
            e = int(np.flatnonzero(res.rows == j)[0])
            maker, trump = int(res.maker[e]), int(res.trump[e])
            if maker < 0:
                return {"maker": None, "trump": None, "alone": False, "discard": None}
            discard = None
            if round == 1 and trump == up_suit:     # the dealer picked it up
                discard = (o.discard if o.action == "order" and me == int(dealer) and o.discard is not None
                           else Card(int(adv.engine.heuristic_discard(trump)[j])))
            return {"maker": str(Seat(maker)), "trump": trump_of(trump).letter, "alone": bool(res.alone[e]),
                    "discard": None if discard is None else str(discard)}
        options = [o if o.grade == "best" else
                   replace(o, examples=call_examples(o, rec, w.hands, w.kitty, weights, rules.seats,
                                                     examples, contract_of, seat)) for o in options]
        rec = options[best_i]

    # the same options under a cautious and an aggressive variant of the model, on the same worlds
    variants = []
    if judges:
        passes = [o for o in options if o.call == "pass"] if not passed else []   # passed: bid out above
        if passes and w.exact:
            # enumerated worlds: every call followed with its chance, each variant's own entries (stacked, the
            # expected auction's branches grow with the variants and cost more than they share)
            passed = [pass_result(va, rows) for va in judges]
        elif passes:
            # sampled worlds: the pass bid out under every variant at once (one pass over all their worlds: a
            # branch's work and a contract's engine call shared), each variant's part the same as its own
            # auction's; here a pass stopped early, on its first worlds
            stack = StackedAuction(judges)
            passed = stack.split(pass_result(stack, stack.entries(rows[:passes[0].worlds])))
        for k, ((role, delta, vm), va) in enumerate(zip(checks, judges)):
            vw = va.weights
            points, chances = {}, {}
            for o in options:
                if o.call == "pass":
                    res = passed[k]
                elif o.call in played:   # the dealer picks the discard best under the variant
                    res = max(played[o.call].values(), key=va.value)
                else:
                    res = results[o.call]
                points[o.call] = va.mean(res)
                if wins is not None:
                    chances[o.call] = _mean(wins(res.points), va.entry_weights(res))
            top = options[0].call
            for o in options:
                if ahead(*((chances[c], points[c]) if wins is not None else (points[c],) for c in (o.call, top))):
                    top = o.call
            variant = {"role": role, "delta": delta, "model": vm.name, "recommended": top,
                       "recommended_name": next(o.name for o in options if o.call == top),
                       "expected_points": points,
                       "effective_worlds": float(n) if vw is None else effective_worlds(vw)}
            if wins is not None:
                variant["p_win_game"] = chances
            variants.append(variant)
    robust = None if not variants else all(v["recommended"] == rec.call for v in variants)

    agents_bid = how.by_agents and getattr(rollout, "later_calls", "agents") == "agents"
    bidding = {
        "later_seats": "agents" if agents_bid else "policy" if policy is not None else "model",
        "model": None if model is None else model.name,
        "policy": None if policy is None else policy.name,
        "auction": ("each seat's own calls as its advisor agent makes them from its view (the model weighs the "
                    "earlier passes only)" if agents_bid else
                    "calls drawn from the model for each seat's own hand, per world (the cards the advisor agents')"
                    if how.by_agents else "the policy's calls" if policy is not None
                    else "every call followed with its chance" if w.exact else "calls drawn from the model, per world"),
        "inference": inference,
        "evidence": evidence_text(ev),
        "proposals": draw.drawn,
        "accepted": len(w),
        "kept": draw.kept,
        "acceptance": draw.acceptance(),
        "effective_worlds": draw.ess,
        "max_proposals": None if w.exact or not ev else bound,
        "bound_hit": draw.method == "importance",
    }
    if dummy_masks is not None:
        bidding["note"] = ("dummy hands: the bidding model does not cover the dummies' set, so the later seats "
                           "bid by the point-count policy and the earlier passes are not used")
    return Advice(tuple(cards), up, seat, dealer, round, rules, tuple(options), rec, margin, margin_interval,
                  n, w.exact, space.total, seed, policy, own_round2, w,
                  None if dummy_masks is None else (dummy_masks[0], dummy_masks[2]),
                  model=model, bidding=bidding, variants=tuple(variants), robust=robust, weights=weights,
                  score=None if wins is None else wins.score, early_stop=bool(looks), valuation=valuation,
                  inner_worlds=how.inner_worlds(inner_worlds, rollout),
                  examples=examples, named_suit=named_suit)


#: Worlds of bid advice when the method leaves them to the advisor (:attr:`Method.worlds` ``None``).
BID_WORLDS = 2000

#: Sequential judging: the looks, as shares of the worlds, at which options clearly behind are stopped
#: (1/8 and 1/2: 250 and 1,000 of 2,000 worlds; each look at least EARLY_MIN worlds).
EARLY_LOOKS = (1 / 8, 1 / 2)
#: The fewest worlds at a look (fewer worlds: no look, every option on every world).
EARLY_MIN = 200
#: One-sided z of a look: an option stops when its paired mean difference from the leading option is
#: below zero by more than this many standard errors (99.95% one-sided, as the dealer's discard screen).
EARLY_Z = SCREEN_Z


def _rolled_out(specs, seat: int, dealer: int, rnd: int, up: int, rules: Rules, score, w, seed: int, rollout) -> dict:
    """Every option of ``specs`` rolled out in every world of ``w`` (:func:`solver.advisor.valuation.roller`):
    ``{token: {"res": Result}}``, each world's maker, trump, alone, makers' tricks and points for the seat's
    side as the agents played it."""
    tokens = [sp[0] for sp in specs]
    got = roller()(seat, dealer, rnd, up, rules, score, w, tokens, seed, rollout)
    rows = np.arange(len(w))
    out = {}
    for k, token in enumerate(tokens):
        g = got[:, k, :]
        out[token] = {"res": Result(rows, g[:, 0].copy(), g[:, 1].copy(), g[:, 2].astype(bool), g[:, 3].astype(np.int8),
                                    g[:, 4].copy())}
    return out


def _known_kitty(kitty, cards, up, rules: Rules) -> int:
    """The ``kitty`` argument of :func:`advise` as a bitmask, checked (0 for ``None``)."""
    if kitty is None:
        return 0
    if not rules.kitty_exchange:
        raise RulesError("kitty: cards known in the kitty come from a kitty exchange, which needs "
                         "Rules(farmers=True) or Rules(go_under=True)")
    known = parse_kitty(kitty)
    for c in known:
        if c in cards or c == up:
            where = "the hand" if c in cards else "the upcard"
            raise PositionError(f"kitty card {c}: it is {where}, not face down in the kitty")
    laws.check_known_kitty(mask_of(known), mask_of(cards), rules)
    return mask_of(known)


def early_looks(n: int) -> tuple:
    """The world counts (ascending, each at least :data:`EARLY_MIN` and below ``n``) at which options are
    judged before all ``n`` worlds are used."""
    return tuple(sorted({k for k in (int(n * f) for f in EARLY_LOOKS) if EARLY_MIN <= k < n}))


def behind(values: dict, weights=None) -> dict:
    """How far each live option trails the leader at one look, in standard errors: ``values`` maps each
    option to its per-world figure (float (k,), the same k worlds for all); the leader has the highest
    mean (the first on a tie). Returns ``{option: z}`` for every option but the leader, ``z`` the paired
    mean difference from the leader over its standard error (``-inf`` when every world trails by the same,
    ``0`` when none differs). ``weights`` (k,): the worlds' weights (weighted means, the standard error at
    the effective number of worlds), or ``None``."""
    if weights is None:
        means = {t: float(v.mean()) for t, v in values.items()}
        return _z_behind(values, means, _plain_z)
    w = np.asarray(weights, dtype=float)
    w = w / w.sum()
    ess = 1.0 / float((w * w).sum())
    means = {t: float((w * v).sum()) for t, v in values.items()}
    return _z_behind(values, means, lambda d: _weighted_z(d, w, ess))


def _z_behind(values: dict, means: dict, z_of) -> dict:
    """``{option: z_of(its paired difference from the leader)}`` for every option but the leader (the highest
    of ``means``, the first on a tie)."""
    tokens = list(values)
    lead = tokens[0]
    for t in tokens:
        if means[t] > means[lead] + 1e-12:
            lead = t
    return {t: z_of(values[t] - values[lead]) for t in tokens if t != lead}


def _plain_z(d: np.ndarray) -> float:
    se = float(d.std(ddof=1)) / math.sqrt(d.size)
    m = float(d.mean())
    return m / se if se > 0 else (-math.inf if m < 0 else 0.0)


def _weighted_z(d: np.ndarray, w: np.ndarray, ess: float) -> float:
    m = float((w * d).sum())
    var = float((w * (d - m) ** 2).sum()) * ess / (ess - 1) if ess > 1 else 0.0
    se = math.sqrt(var / ess)
    return m / se if se > 0 else (-math.inf if m < 0 else 0.0)


def stopped_options(values: dict) -> list:
    """The options clearly behind the leader at one look: ``values`` maps each live option to its per-world
    figure (float (k,), the same k worlds for all); the leader has the highest mean (the first on a tie).

    An option stops when ``mean(d) + EARLY_Z * sd(d) / sqrt(k) < 0`` for its paired difference ``d`` from the
    leader (a sequential test in the manner of Wald's and of racing methods, Maron & Moore 1994: the best
    option survives a look unless it trails by more than 3.29 standard errors, chance below 0.05% a look).
    """
    return [t for t, z in behind(values).items() if z < -EARLY_Z]


def _mean(values, e) -> float:
    """The (weighted by ``e``, when set) mean of ``values``."""
    if e is None:
        return float(values.mean()) if values.size else 0.0
    return float((e * values).sum() / e.sum())


def graded_options(options: list, rec, by_game: bool, weights, exact: bool) -> list:
    """``options`` each with its :attr:`Option.grading` against the recommended ``rec``: the paired
    loss over the worlds both used (the chance of the game ``by_game``, else points; ``weights`` (n,) or
    ``None``; exact when the worlds are enumerated), :func:`solver.grades.grade_of`."""
    values = "world_wins" if by_game else "world_points"
    unit = "game" if by_game else "points"
    out = []
    for o in options:
        a, b = getattr(rec, values), getattr(o, values)
        m = min(a.size, b.size)
        diff = (a[:m] - b[:m]).astype(float)
        if weights is None:
            loss = float(diff.mean())
            g = grade_of(loss, None if exact else mean_interval(diff, exact), unit)
        else:
            loss, interval = _weighted_mean(diff, weights[:m], exact)
            g = grade_of(loss, None if exact else interval, unit,
                         effective_worlds=None if exact else effective_worlds(weights[:m]))
        out.append(replace(o, grading=g))
    return out


def _weighted_mean(values, e, exact: bool) -> tuple:
    """``(mean, interval)`` of ``values`` weighted by ``e``: exact (enumerated worlds: the mean, as a point
    interval), else :func:`solver.stats.weighted_mean_interval`."""
    if exact:
        m = float((e * values).sum() / e.sum())
        return m, (m, m)
    m, interval, _ = weighted_mean_interval(values, e, False)
    return m, interval


def _share(mask, e) -> float:
    """The (weighted) share of entries in ``mask``."""
    if e is None:
        return float(np.mean(mask))
    return float((e * mask).sum() / e.sum())


def _option(action, trump, alone, discard, res: Result, exact, seat, dealer, players, discards, auction, my_side,
            dummy=False, adv: Auction | None = None, wins=None, stopped=False):
    """The :class:`Option` of one call from its per-world :class:`Result` (``dummy``: dummy hands;
    ``wins``: :func:`_win_values` when advising with a score)."""
    e = None if adv is None else adv.entry_weights(res)
    if e is not None:
        return _weighted_option(action, trump, alone, discard, res, e, adv.engine.n, seat, dealer, players,
                                discards, auction, my_side, wins, exact, stopped)
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
    game = {}
    if wins is not None:            # dummy hands: each set's points to its own side
        pw = wins(res.points, res.points2 if dummy else None)
        lo, hi = mean_interval(pw, exact)
        game = {"p_win_game": chance(_mean(pw, None)), "p_win_game_interval": (max(0.0, lo), min(1.0, hi)),
                "world_wins": pw}
    return Option(action, trump, bool(alone), discard, pm, pa, pe, ep, pmi, pai, pei,
                  mean_interval(points, exact), n, exact, outcomes, discards, auction, seat, dealer, players,
                  points, phases=phases, stopped=stopped, **game)


def _weighted_option(action, trump, alone, discard, res: Result, e, n, seat, dealer, players, discards, auction,
                     my_side, wins=None, exact=True, stopped=False):
    """:func:`_option` for weighted entries ``e`` (float (entries,)): enumerated worlds (exact weighted means)
    or sampled ones with weights (a rejection draw above its envelope, importance weights: weighted means
    with Wilson and Student t intervals at the effective number of worlds, :func:`solver.stats.weighted_mean_interval`)."""
    ours = (res.maker >= 0) & (laws.side_of(res.maker, players) == my_side)
    total = e.sum()
    ess = float(total) ** 2 / float((e * e).sum())

    def prob(mask):
        p = chance((e * mask).sum() / total)
        return p, ((p, p) if exact else wilson(p * ess, ess))

    pm, pmi = prob(ours & (res.tricks >= laws.MAKE_TRICKS))
    pa, pai = prob(ours & (res.tricks >= laws.TRICKS))
    pe, pei = prob(ours & (res.tricks < laws.MAKE_TRICKS))
    points = res.points.astype(float)
    ep, points_interval = _weighted_mean(points, e, exact)
    values = np.unique(res.points)
    outcomes = {int(v): chance(e[res.points == v].sum() / total) for v in values}
    # sampled worlds: one entry a world, in the worlds' order (a stopped option: its first worlds)
    world_points = res.world_values(points, n) if exact else points
    used = n if exact else int(points.size)
    game = {}
    if wins is not None:
        pw = wins(res.points)
        p, (lo, hi) = _weighted_mean(pw, e, exact)
        game = {"p_win_game": chance(p), "p_win_game_interval": (max(0.0, lo), min(1.0, hi)),
                "world_wins": res.world_values(pw, n) if exact else pw}
    return Option(action, trump, bool(alone), discard, pm, pa, pe, ep, pmi, pai, pei, points_interval, used, exact,
                  outcomes, discards, auction, seat, dealer, players, world_points, stopped=stopped, **game)


__all__ = ["advise", "advise_bid", "bidding_view", "bid_question_view", "BID_WORLDS", "ROBUST_DELTA"]
