"""Reviewing a record or a hand, deal by deal: the entry points :func:`review_game` and :func:`review_deal`.

The boundary of the review: the game is loaded and the options checked here, then
each deal goes to a :class:`~.reviewer.DealReviewer`.
"""
from __future__ import annotations

import os

from ..advisor.game_odds import win_probability
from ..advisor.method import Method, member_keywords, taken_members
from ..advisor.valuation import (INNER_WORLDS, check_inner_worlds, check_not_bid_only, parse_valuation,
                                 valuation_strategy)
from ..bounds import MAX_JOBS, MAX_THREADS, MAX_WORLDS, MIN_WORLDS, check_int
from ..cards import Suit, trump_of
from ..records import DummyRecord, EGNGame, load_game
from ..errors import ArgumentError, EuchreError, quoted
from ..game import BidMade, CardPlayed, Discarded, Hand
from ..laws import side_name
from ..bidding import DEFAULT_MODEL, resolve_model
from ..bidding.named import model_key
from .results import DealReview, Review
from ..examples import EXAMPLES, check_examples
from .reviewer import DealReviewer
from .seeds import default_seed

#: With inference, a close decision is judged again at up to this many times the worlds (doubling).
CONFIRM = 4


def count_decisions(game) -> int:
    """How many decisions :func:`review_game` will report progress for (calls, discards, cards)."""
    hands = [d.hand for d in game.deals] if hasattr(game, "deals") else [game]
    return sum(1 for h in hands if h is not None for r in h.history
               if isinstance(r, (BidMade, Discarded, CardPlayed)))


def resolve_game(game):
    """``game`` as a loaded record or hand: an :class:`~solver.records.EGNGame`, a
    :class:`~solver.records.DummyRecord` or a :class:`~solver.game.Hand` as given, a
    path, text, bytes or parsed JSON loaded (:func:`~solver.records.load_game`: EGN, or a
    dummy-hands record). Raises :class:`~solver.EuchreError` if it does not load, and
    :class:`~solver.ArgumentError` for any other type."""
    if isinstance(game, (EGNGame, Hand, DummyRecord)):
        return game
    if isinstance(game, (str, bytes, dict, os.PathLike)):
        return load_game(game)
    raise ArgumentError(f"game {type(game).__name__}: expected an EGN game (solver.load_egn), a dummy-hands "
                     "record, a path, EGN text or a solver.game.Hand")


def check_options(worlds, seed, threads, source=None) -> tuple:
    """``(worlds, seed, threads)`` checked as a :class:`~solver.advisor.method.Method` checks its members (its
    ``BOUNDS``: :data:`MIN_WORLDS`..:data:`MAX_WORLDS`, 0..2**63-1, 1..:data:`MAX_THREADS`;
    :class:`~solver.EuchreError` naming the bad one; ``worlds`` must be given); a ``None`` seed becomes
    :func:`~.seeds.default_seed` of ``source``, the record as given."""
    if worlds is None:
        raise ArgumentError(f"worlds None: must be a whole number {MIN_WORLDS}..{MAX_WORLDS}")
    checked = Method(worlds=worlds, seed=default_seed(source) if seed is None else seed, threads=threads)
    return checked.worlds, checked.seed, checked.threads


def check_jobs(jobs) -> int:
    """Worker processes, checked (1..:data:`~solver.bounds.MAX_JOBS`; :class:`~solver.EuchreError` otherwise)."""
    return check_int(jobs, "jobs", 1, MAX_JOBS)


def check_inference_option(inference):
    """The review's ``inference`` option, normalised: ``True`` (or ``"auction"``: the auction-aware view, the
    default), ``False`` (or ``"none"``: uniform worlds, the first version's figures), ``"play"`` or ``"both"``
    (the cards' and the discard's worlds also weighted by the play model's chance of every card the other seats
    played, :func:`solver.sample_worlds`; with ``"play"`` the calls seen are not weighed, the calls' own worlds
    uniform). :class:`~solver.ArgumentError` for anything else, naming it."""
    if isinstance(inference, bool):
        return inference
    if inference in ("none", "auction", "play", "both"):
        return {"none": False, "auction": True}.get(inference, inference)
    raise ArgumentError(f"inference {quoted(inference)}: must be True or False, or one of none, auction, play, both")


def check_confirm(confirm, inference: bool) -> int:
    """The bound on a close decision's extra draws, as a multiple of ``worlds`` (``None``:
    :data:`CONFIRM` with inference, 1 without); 1..64, :class:`~solver.EuchreError` otherwise
    (and for an ``inference`` that is not a bool, :func:`check_inference_option`: every entry
    point checks the two together)."""
    check_inference_option(inference)
    if confirm is None:
        return CONFIRM if inference else 1
    return check_int(confirm, "confirm", 1, 64)


def check_score_option(score) -> bool:
    """The review's ``score`` option: ``True`` (judge by the game's score where the record gives it)
    or ``False`` (by points only); :class:`~solver.ArgumentError` for anything else."""
    if not isinstance(score, bool):
        raise ArgumentError(f"score {score!r}: must be true (judge by the game's score where the record has one) "
                         "or false (by points only)")
    return score


def deal_score(rules, before, dealer) -> tuple:
    """``(score, None)``: the game's score before a deal, ``{side: points}``, when its decisions can be
    judged by the chance of winning the game; ``(None, why)`` when they are judged by points instead.

    ``before``: the score per side index (``EGNDeal.score_before``), or ``None`` when the record has
    none (a single hand). A variant without game odds, a game without a target or one already won
    is judged by points, and the reason says which.
    """
    if before is None:
        return None, "a single hand: the record has no game score"
    score = {side_name(s, rules.players): int(before[s]) for s in (0, 1)}
    if max(score.values()) >= rules.winning_score > 0:
        return None, (f"the game was already over at {before[0]}-{before[1]} (target {rules.winning_score})")
    try:
        win_probability(score, dealer, rules)
    except EuchreError as exc:
        return None, f"no game odds for this game: {exc}"
    return score, None


def check_valuation_option(valuation, inner_worlds, inference: bool, rules) -> tuple:
    """``(valuation, inner_worlds)`` of a review, checked: the calls' valuation
    (:func:`solver.advisor.valuation.parse_valuation`, either spelling; ``None``: the advisor's default
    with inference, double dummy without it, the first version's figures) and the playouts' inner worlds
    (1..1000, read by a playout only). Raises :class:`~solver.errors.ArgumentError` naming an unknown valuation, an
    inner_worlds out of range or one away from its default without a playout, :class:`~solver.RulesError` one
    ``rules``' variant
    does not support."""
    if valuation is None and not inference:
        valuation = "double_dummy"
    valuation, inner_worlds = check_not_bid_only(parse_valuation(valuation, rules), "the review"), \
        check_inner_worlds(inner_worlds)
    if inner_worlds != INNER_WORLDS and not valuation_strategy(valuation).uses_inner_worlds:
        # refused, not dropped, as every advisor (solver.advisor.method.check_reads) and `euchre review` do
        raise ArgumentError(f"inner_worlds {inner_worlds}: the review does not read inner_worlds with valuation "
                            f"{valuation}; only valuation playout uses inner worlds (leave it at its default, "
                            f"{INNER_WORLDS}, or give valuation playout)")
    return valuation, inner_worlds


def review_deal(game, index: int, *, method=None, progress=None, confirm: int | None = None, score: bool = True,
                **members) -> DealReview:
    """Review deal ``index`` of ``game`` alone (what :func:`review_game` does for each deal).

    ``method``, ``progress``, ``confirm``, ``score``: as :func:`review_game`; a ``method`` seed ``None`` is derived
    from the record as there, so the result is that deal's entry in ``review_game(game, method=method,
    confirm=..., score=...)``. Deprecated: the members as keywords (``worlds``, ``seed``, ``threads``,
    ``inference``, ``model``, ``examples``, ``valuation``, ``inner_worlds``; defaults 200, 0, 1, ``True``,
    ``None``, 3, ``None``, ``INNER_WORLDS``), each with a :class:`DeprecationWarning`.
    """
    members = member_keywords(review_deal, members, _DEAL_DEFAULTS, method)
    source = game
    worlds, seed, threads, inference, model, examples, valuation, inner_worlds = review_method(
        method, review_deal, members).values()
    game = resolve_game(game)
    worlds, seed, threads = check_options(worlds, seed, threads, source)
    inference = check_inference_option(inference)
    confirm = check_confirm(confirm, inference)
    by_score = check_score_option(score)
    model = resolve_model(model)
    examples = check_examples(examples)
    valuation, inner_worlds = check_valuation_option(valuation, inner_worlds, inference, game.rules)
    how = (inference, confirm, model, valuation, inner_worlds)
    if isinstance(game, Hand):
        return _review_hand(game, worlds, seed, threads, progress, how, by_score, examples)
    deal = game.deals[index]
    names = tuple(game.players)
    if deal.hand is None:
        out = DealReview(index, deal.number, deal.dealer, deal.upcard, deal.status, deal.summary(), None, None)
        out.unanalysed.append("the deal does not replay: " + "; ".join(p.message for p in deal.problems))
        if by_score:
            out.by_points = "the deal does not replay, so nothing is judged"
        return out
    at, why = deal_score(game.rules, deal.score_before, deal.hand.dealer) if by_score else (None, None)
    out = DealReviewer(deal.hand, index, _method(worlds, seed, threads, how, examples, at), progress, how[1]).run(
        deal.number, deal.status, deal.summary(), deal.problems, names, _discard_doubt(deal))
    out.by_points = why
    return out


def _method(worlds, seed, threads, how, examples, score=None) -> Method:
    """The :class:`~solver.advisor.Method` a :class:`DealReviewer` reads, from the review's checked options
    (``how``: ``(inference, confirm, model, valuation, inner_worlds)``; ``score`` the deal's, or ``None``)."""
    inference, _confirm, model, valuation, inner_worlds = how
    return Method(worlds=worlds, seed=seed, threads=threads, inference=inference, model=model, valuation=valuation,
                  inner_worlds=inner_worlds, examples=examples, score=score)


def _discard_doubt(deal) -> str | None:
    """Why the replay's discard is not the one the record shows, or ``None``.

    An EGN deal keeps the discard as written (``None``: not written); the replay's
    discard may be inferred (the dealer plays five cards without the upcard, so it
    discarded the upcard) or differ from the record's (the play contradicts it; the
    deal's problems say so). A dummy-hands record replays its discard as written.
    """
    h = deal.hand
    if h is None or h.discard is None or not hasattr(deal, "recorded_discard"):   # dummy records: as written
        return None
    recorded, used = deal.recorded_discard, h.discard
    if recorded is None:
        return (f"the record does not show it; the replay infers {used} ({h.dealer} plays five cards "
                f"without the upcard {used}), and an inferred discard is not judged")
    if recorded != used:
        return (f"the record says {h.dealer} discarded {recorded}, but the play shows it discarded {used} "
                f"(see the note); a discard that is not the record's is not judged")
    return None


def game_notes(game) -> tuple:
    """The record's findings about the whole game: its problems that no deal holds (e.g. a
    ``metadata.finalScore`` the deals do not replay to), as sentences."""
    held = {id(p) for d in game.deals for p in d.problems}
    return tuple(p.message for p in getattr(game, "problems", ()) if id(p) not in held)


def _review_hand(hand: Hand, worlds, seed, threads, progress, how, by_score: bool = False,
                 examples: int = EXAMPLES) -> DealReview:
    if hand.result is not None and hand.result.thrown_in:
        status = "thrown_in"
    elif hand.is_over:
        status = "complete"
    else:
        status = "incomplete"
    r = hand.result
    if hand.trump is None:
        summary = f"deal: {hand.dealer} dealt, upcard {hand.upcard}; " + ("thrown in" if status == "thrown_in"
                                                                          else "no contract yet")
    else:
        mk = side_name(hand.makers, hand.rules.players)
        summary = f"deal: {hand.dealer} dealt, upcard {hand.upcard}; {hand.maker} made {trump_of(hand.trump).word}" \
                  + (" alone" if hand.alone is not None else "")
        if r is not None:
            summary += f": {mk} {r.makers_tricks} tricks"
    out = DealReviewer(hand, 0, _method(worlds, seed, threads, how, examples), progress, how[1]).run(
        0, status, summary, (), ())
    if by_score:
        out.by_points = deal_score(hand.rules, None, hand.dealer)[1]
    return out


def review_game(game, *, method=None, progress=None, confirm: int | None = None, score: bool = True,
                annotate: bool = False, **members) -> Review:
    """Review a game: every call, the dealer's discard and every card, double dummy and
    from the player's information set (see ``solver.review`` for the method).

    Args:
        game: an :class:`~solver.records.EGNGame`, anything :func:`~solver.records.load_egn`
            reads (a path, EGN text, a parsed dict), or one :class:`~solver.game.Hand`.
        method: how each decision is judged, one value: a :class:`~solver.advisor.method.Method` or a dict of its
            members (``None``: the review's defaults below). The members the review reads:

            - ``worlds``: worlds per decision (10..100,000; ``None``: 200); decisions with at most
              ``DECISION_EXACT_LIMIT`` consistent deals use every one (exact).
            - ``seed``: int (``None``: derived from the record, ``solver.seeds.default_seed()``: the
              ``content_seed()`` of a path's, text's or parsed JSON's record, of a loaded record's ``to_dict()``,
              of a hand's EGN; recorded in :attr:`Review.seed`); the same seed gives the same review.
            - ``threads``: threads for the double-dummy solving (the GIL is released).
            - ``inference``: ``"auction"`` (the default): judge with the auction-aware view, a card's worlds from
              :func:`solver.sample_worlds` (weighted by the bidding model's likelihood of every call seen), a
              call by :func:`solver.advise` with its defaults. ``"none"``: the first version's figures (uniform
              worlds; calls with ``inference=False, policy=POLICY``). ``"play"``, ``"both"``: the cards' worlds
              also weighed by the play model's chance of every card the other seats played.
            - ``model``: the bidding model of the inference and of the calls' later seats: a name of
              :data:`solver.bidding.MODEL_NAMES`, a model file or a :class:`~solver.bidding.BiddingModel`
              (default ``players-1``, ``solver.bidding.DEFAULT_MODEL``).
            - ``examples``: for each card, discard or call that lost (flagged from the player's view, or graded
              inaccuracy or worse), the shares of the weight of the worlds where it does worse, the same and
              better than the best choice, and up to this many of the likeliest worlds where it does worse
              (0..3; :attr:`CardReview.examples`, :attr:`CallReview.examples`: the bid advisor's worlds, against
              its recommended call; ``solver.examples``). ``Method``'s default is 0; without a method, 3.
            - ``valuation``: how the advisor values each world's play after a **call**
              (``solver.advisor.valuation``; either spelling, ``single-dummy`` or ``single_dummy``): ``None``
              is the advisor's default (``DEFAULT_VALUATION``) with inference, ``"double_dummy"`` without;
              ``"single_dummy"`` (the fitted correction) or ``"playout"`` (direct, slow: few worlds) where the
              variant supports them. The cards' figures are not changed by it: their double-dummy column is a
              card's cost with every hand known, and their information-set column plays each of the player's
              worlds double dummy (:attr:`Review.valuation`, the report's header, say so).
            - ``inner_worlds``: with ``valuation="playout"``, each seat's worlds a decision of the playouts
              (1..1000); checked but ignored (and not said) with any other valuation.

            Its ``score`` must stay ``None``: the review does not judge every deal at one score but reads each
            deal's score from the record, so whether it does is the review's own switch, ``score`` below. The
            bid advisor's own members (``robust_delta``, ``policy``, ...), ``play_model`` and ``rollout`` are
            not read by the review and must stay at their defaults (``solver.advisor.method.taken_members``).
        progress: a callable given ``1`` after each decision (a call, a discard or a
            card), e.g. ``tqdm(total=count_decisions(game)).update``.
        confirm: a sampled decision whose loss interval straddles its flagging threshold is
            judged again at double the worlds, up to ``confirm`` times ``worlds`` (``None``:
            ``CONFIRM`` with inference, 1, no extra draws, without).
        score: ``True`` (the default): judge each deal's calls, discard and cards by the chance of
            winning the game from the score at that deal, replayed from the record
            (``EGNDeal.score_before``; :func:`solver.win_probability`, :func:`solver.advise` with
            ``score``); a deal without a known score (a single hand, a variant the game odds do not
            cover, a game already over) is judged by points, and says why
            (:attr:`DealReview.by_points`). ``False``: by points only, as before the score existed.
        annotate: also write the review into the record: :attr:`Review.annotated` is the EGN JSON with
            a mark and a short comment at each decision graded below best or flagged
            (``solver.review.annotate.annotate_egn()``).
        members: deprecated, for one release: the members above as keywords (``worlds=200, seed=None,
            threads=1, inference=True, model=None, examples=3, valuation=None, inner_worlds=INNER_WORLDS``;
            ``inference`` also ``True``/``False`` for ``"auction"``/``"none"``), each with a
            :class:`DeprecationWarning`; not with ``method``. They give the same review, bit for bit, as the
            same members in ``method``.

    Returns: a :class:`Review`.

    Raises :class:`~solver.EuchreError`: a record that does not load
    (:func:`~solver.records.load_egn`), worlds, seed, threads or examples out of range, ``score`` or
    ``annotate`` not a bool, a member given both in ``method`` and as a keyword, a member the review does
    not read; an unknown valuation or one the variant does not support, ``inner_worlds``
    out of range; with ``annotate``, a record that cannot be annotated (not EGN, a deal that does not replay).
    """
    if not isinstance(annotate, bool):
        raise ArgumentError(f"annotate {annotate!r}: must be true or false")
    members = member_keywords(review_game, members, REVIEW_DEFAULTS, method)
    worlds, seed, threads, inference, model, examples, valuation, inner_worlds = review_method(
        method, review_game, members).values()
    examples = check_examples(examples)
    source, game = game, resolve_game(game)
    worlds, seed, threads = check_options(worlds, seed, threads, source)
    inference = check_inference_option(inference)
    confirm = check_confirm(confirm, inference)
    by_score = check_score_option(score)
    model = resolve_model(model)
    valuation, inner_worlds = check_valuation_option(valuation, inner_worlds, inference, game.rules)
    how = model_fields(inference, confirm, by_score, model, valuation, inner_worlds)
    if annotate and not isinstance(game, EGNGame):
        raise EuchreError("annotate: only an EGN record can be annotated (a dummy-hands record or a single hand "
                          "has no EGN annotations)")
    if isinstance(game, Hand):
        deal = _review_hand(game, worlds, seed, threads, progress,
                            (inference, confirm, model, valuation, inner_worlds), by_score, examples)
        return Review("<hand>", "one hand", game.rules, worlds, seed, [deal], **how)
    checked = Method(worlds=worlds, seed=seed, threads=threads, inference=inference, model=model,
                     examples=examples, valuation=valuation, inner_worlds=inner_worlds)
    deals = [review_deal(game, i, method=checked, progress=progress, confirm=confirm, score=by_score)
             for i in range(len(game.deals))]
    title = game.metadata.get("title") or os.path.basename(str(game.source))
    out = Review(str(game.source), title, game.rules, worlds, seed, deals, tuple(game.players), game_notes(game),
                 **how)
    if annotate:
        from .annotate import annotate_egn
        out.annotated = annotate_egn(game, out)
    return out


#: The :class:`~solver.advisor.method.Method` members a review reads, in :func:`review_method`'s order.
REVIEW_MEMBERS = ("worlds", "seed", "threads", "inference", "model", "examples", "valuation", "inner_worlds")

#: The review's own defaults of those members, without a method (its deprecated keywords' defaults).
REVIEW_DEFAULTS = {"worlds": 200, "seed": None, "threads": 1, "inference": True, "model": None,
                  "examples": EXAMPLES, "valuation": None, "inner_worlds": INNER_WORLDS}
_DEAL_DEFAULTS = {**REVIEW_DEFAULTS, "seed": 0}

#: What to do instead of setting a member the review does not read.
_REVIEW_HINTS = {"score": "the review reads each deal's score from the record (the score keyword, True or False, "
                          "says whether to judge by it)"}


def review_method(method, caller, members: dict) -> dict:
    """The review's members (``members``' names, each of :data:`REVIEW_MEMBERS`, in that order), for
    :func:`review_game`, :func:`review_deal`, ``review_files()`` and ``review_corpus()``: ``members`` as they
    stand when ``method`` is ``None`` (the caller checks them as it always has), else ``method``'s (a
    :class:`~solver.advisor.method.Method` or a dict of its members): its ``worlds`` ``None`` is the review's
    200, its ``inference`` the review's form (``True`` for ``"auction"``, ``False`` for ``"none"``: the same
    figures). Raises :class:`~solver.errors.ArgumentError` as ``solver.advisor.method.taken_members``."""
    if method is None:
        return dict(members)
    out = taken_members(method, caller, tuple(members), _REVIEW_HINTS)
    if out["worlds"] is None:
        out["worlds"] = 200
    out["inference"] = check_inference_option(out["inference"])
    return out


def model_fields(inference: bool, confirm: int, by_score: bool = False, model=None,
                 valuation: str = "double_dummy", inner_worlds: int = INNER_WORLDS) -> dict:
    """The :class:`Review` members that say which model judged it, and by what."""
    name = model_key(model or DEFAULT_MODEL)
    return {"inference": inference if isinstance(inference, str) else bool(inference),
            "model": name if inference else None, "confirm": confirm,
            "by_score": bool(by_score), "valuation": valuation, "inner_worlds": int(inner_worlds)}


__all__ = ["CONFIRM", "REVIEW_MEMBERS", "review_method", "check_confirm", "check_valuation_option", "check_inference_option", "check_score_option", "deal_score", "model_fields", "review_game", "review_deal",
           "count_decisions", "resolve_game",
           "check_options", "check_jobs", "game_notes"]
