"""The per-deal reviewer: every call, the dealer's discard and every card of one replayed deal.

A call goes to the bid advisor from the caller's seat; a card (or the discard) is
solved after each legal choice, double dummy with every hand as the record shows
it and over the worlds of the player's information set (auction-aware:
:func:`solver.sample_worlds`; uniform: :mod:`.infoset`), in :class:`~solver.dd_batch.Batch` es; the figures
become :class:`~.results.DDView` and
:class:`~.results.InfoView`, and the flags :class:`~.results.Mistake` s. The
method is :mod:`solver.review`'s docstring.
"""
from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..advisor import Method, advise_bid, mean_interval
from ..advisor.defend import advise_defend
from ..advisor.kitty import advise_exchange
from ..advisor.game_odds import win_values
from ..advisor.reading import card_that_told
from ..bidding import POLICY      # the point count of the first version (``inference=False``)
from ..bounds import MAX_WORLDS
from ..cards import Card, Seat, Suit, cards_of, format_cards
from ..dd import solve_batch
from ..errors import EuchreError, IllegalActionError, PositionError
from ..inference import UNSEEN_DISCARD, draw_worlds, sample_worlds
from ..stats import chance, weighted_mean_interval
from ..game import AloneDeclared, BidMade, CardPassed, CardPlayed, Discarded, Hand, Kind, KittyExchanged
from ..laws import (TRICKS, call_name, call_token, effective_suit, first_leader, legal_mask, past_tense,
                    side_name, side_of)
from ..worlds import KITTY, Space, Worlds
from ..dd_batch import Batch, Context, Solved, after_card
from ..grades import grade_of
from ..examples import EXAMPLES, card_examples
from .reasons import EXPLAINED, CallSituation, CardSituation, call_reasons, card_reasons
from .infoset import information_set
from .par_line import par_block
from .results import (CALL_POINTS, DD_TRICKS, DECISION_EXACT_LIMIT, DOUBLE_DUMMY, GAME_WIN, INFO_POINTS,
                      INFO_TRICKS, INFORMATION_SET, RENEGE, CallReview, CardReview, DDView, DealReview, DefenceReview,
                      InfoView, Mistake,
                      PlayerSummary, player_name)
from .seeds import decision_seed, decision_stream


def _dd_view(cands, legal, played, tricks, points, makers_side: bool, wins=None) -> DDView:
    """Double-dummy figures from each candidate's side tricks and points (``wins``: with the game's
    score, :func:`~solver.advisor.game_odds.win_values` of the deciding seat)."""
    values = {c: int(tricks[i]) for i, c in enumerate(cands)}
    pts = {c: int(points[i]) for i, c in enumerate(cands)}
    best_t = max(values[c] for c in legal)
    best_p = max(pts[c] for c in legal)
    to_makers = (lambda v: v) if makers_side else (lambda v: TRICKS - v)
    chances = cost = None
    if wins is not None:
        w = wins(np.array([pts[c] for c in cands]))
        chances = {c: float(w[i]) for i, c in enumerate(cands)}
        cost = max(chances[c] for c in legal) - chances[played]
    return DDView(values, pts, to_makers(best_t), to_makers(values[played]), best_t - values[played],
                  best_p - pts[played], tuple(c for c in legal if values[c] == best_t), chances, cost)


def best_cards(cands, legal, played, mt, mp) -> tuple:
    """Of the ``legal`` cards, those with the best mean points ``mp`` (ties by mean tricks ``mt``): ``(best
    cards, index of the first, index of the legal card with the most tricks, index of the card played)``."""
    li = [cands.index(c) for c in legal]
    top_p = max(mp[i] for i in li)
    tied = [i for i in li if mp[i] >= top_p - 1e-12]
    top_t_in_tied = max(mt[i] for i in tied)
    best = tuple(cands[i] for i in tied if mt[i] >= top_t_in_tied - 1e-12)
    return best, cands.index(best[0]), max(li, key=lambda i: mt[i]), cands.index(played)


def _game_figures(cands, legal, played, T, P, wins, wn, exact) -> dict:
    """:attr:`InfoView.game` from per-world tricks ``T`` and points ``P`` (candidates x worlds): each
    world's chance of winning the game after each candidate (``wins``, the deciding seat's
    :func:`~solver.advisor.game_odds.win_values`), the best candidate for the game (ties by points,
    then tricks) and the paired loss of the card played against it. ``wn``: normalised world
    weights, or ``None`` for plain means."""
    W = wins(P).reshape(P.shape)
    mean = (lambda a: a.mean(axis=-1)) if wn is None else (lambda a: a @ wn)
    mw, mp, mt = mean(W), mean(P.astype(float)), mean(T.astype(float))
    li = [cands.index(c) for c in legal]
    key = {i: (mw[i], mp[i], mt[i]) for i in li}
    top = max(li, key=lambda i: key[i])
    best = tuple(cands[i] for i in li if all(abs(a - b) <= 1e-12 for a, b in zip(key[i], key[top])))
    bi, ip = cands.index(best[0]), cands.index(played)

    def paired(diff):
        if wn is None:
            return float(diff.mean()), mean_interval(diff, exact)
        loss, interval, _ = weighted_mean_interval(diff, wn, exact)
        return loss, interval

    loss, interval = paired(W[bi] - W[ip])
    points, points_interval = paired((P[bi] - P[ip]).astype(float))
    return {"p_win_game": {c: chance(mw[i]) for i, c in enumerate(cands)}, "best": best, "loss": loss,
            "interval": interval, "loss_points": points, "points_interval": points_interval,
            "loss_tricks": float(mean((T[bi] - T[ip]).astype(float)))}


def _info_view(cands, legal, played, T, P, w, space, notes, wins=None) -> InfoView:
    """Information-set figures from per-world tricks ``T`` and points ``P`` (candidates x worlds).

    ``w``: uniform :class:`~solver.worlds.Worlds` (``space`` their :class:`Space`: plain means) or
    :class:`~solver.inference.ViewWorlds` (``space`` ``None``: means weighted by ``w.weights``,
    intervals at the effective number of worlds). ``wins``: with the game's score, the deciding
    seat's :func:`~solver.advisor.game_odds.win_values` (adds :attr:`InfoView.game`).
    """
    if space is None:
        return _weighted_info_view(cands, legal, played, T, P, w, notes, wins)
    game = None if wins is None else _game_figures(cands, legal, played, T, P, wins, None, w.exact)
    mt = T.mean(axis=1)
    mp = P.mean(axis=1)
    best, bi, ti, ip = best_cards(cands, legal, played, mt, mp)
    dp = (P[bi] - P[ip]).astype(float)
    dt = (T[ti] - T[ip]).astype(float)
    losses = {c: _mean_and_interval((P[bi] - P[cands.index(c)]).astype(float), w.exact) for c in legal}
    return InfoView(len(w), w.exact, space.total, {c: float(mt[i]) for i, c in enumerate(cands)},
                    {c: float(mp[i]) for i, c in enumerate(cands)}, best, float(dp.mean()), float(dt.mean()),
                    mean_interval(dp, w.exact), mean_interval(dt, w.exact), tuple(notes), w, space,
                    card_losses=losses, game=game, world_tricks=T, world_points=P)


def _mean_and_interval(d, exact: bool) -> tuple:
    return float(d.mean()), mean_interval(d, exact)


def _weighted_info_view(cands, legal, played, T, P, w, notes, wins=None) -> InfoView:
    wn = w.weights / w.weights.sum()
    game = None if wins is None else _game_figures(cands, legal, played, T, P, wins, wn, w.exact)
    mt = T @ wn
    mp = P @ wn
    best, bi, ti, ip = best_cards(cands, legal, played, mt, mp)
    lp, pi, ess = weighted_mean_interval((P[bi] - P[ip]).astype(float), wn, w.exact)
    lt, tint, _ = weighted_mean_interval((T[ti] - T[ip]).astype(float), wn, w.exact)
    losses = {c: weighted_mean_interval((P[bi] - P[cands.index(c)]).astype(float), wn, w.exact)[:2] for c in legal}
    return InfoView(len(w), w.exact, int(w.total), {c: float(mt[i]) for i, c in enumerate(cands)},
                    {c: float(mp[i]) for i, c in enumerate(cands)}, best, lp, lt, pi, tint,
                    tuple(notes) + tuple(n for n in w.notes if n not in notes), w, None, ess, w.model, card_losses=losses, game=game,
                    world_tricks=T, world_points=P)


def _paired_calls(best, real, adv) -> tuple:
    """``(mean, 95% interval, effective worlds)`` of two calls' paired per-world difference ``best - real``
    over the advisor's worlds both were judged on (weighted when its worlds are; a call the advisor
    stopped early has only the first worlds, :attr:`~solver.advisor.Option.stopped`)."""
    k = min(best.size, real.size)
    diff = best[:k].astype(float) - real[:k]
    if adv.weights is None:
        return float(diff.mean()), mean_interval(diff, adv.exact), None
    return weighted_mean_interval(diff, adv.weights[:k], adv.exact)


def _close(loss: float, interval: tuple, threshold: float) -> bool:
    """The 95% interval of a sampled loss straddles the flagging threshold: more worlds may change the flag."""
    return interval[0] < threshold < interval[1]


def _info_close(i: InfoView) -> bool:
    if i.game is not None:        # judged by the game: only its loss decides the flag
        return not i.exact and _close(i.game["loss"], i.game["interval"], GAME_WIN)
    return not i.exact and (_close(i.loss_points, i.points_interval, INFO_POINTS)
                            or _close(i.loss_tricks, i.tricks_interval, INFO_TRICKS))


def card_grade(rv: CardReview):
    """The :class:`~solver.grades.Grade` of a card or discard: from its information-set loss (the chance of the
    game where judged by the score, else points), from the double-dummy loss when only that is known."""
    i, d = rv.info, rv.dd
    if i is not None:
        eff = None if i.exact else i.effective_worlds
        if i.game is not None:
            return grade_of(i.game["loss"], None if i.exact else i.game["interval"], "game", effective_worlds=eff)
        return grade_of(i.loss_points, None if i.exact else i.points_interval, "points", effective_worlds=eff)
    if d is not None:
        if d.win_cost is not None:
            return grade_of(d.win_cost, None, "game", "double-dummy")
        return grade_of(d.points_cost, None, "points", "double-dummy")
    return None


def best_of(rv: CardReview) -> tuple:
    """The best cards of a card review: by the game, else by points, from the player's view; double dummy
    when that is all there is."""
    if rv.info is not None:
        return rv.info.game["best"] if rv.info.game is not None else rv.info.best
    return rv.dd.best if rv.dd is not None else ()


def call_grade(out: CallReview):
    """The :class:`~solver.grades.Grade` of a judged call: by the game's loss where judged so, else by points."""
    iv = None if out.exact else out.loss_interval
    eff = None if out.exact else out.effective_worlds
    if out.game is not None:
        return grade_of(out.game["loss"], None if out.exact else out.game["interval"], "game", effective_worlds=eff)
    if out.loss is None:
        return None
    return grade_of(out.loss, iv, "points", effective_worlds=eff)


def _grade_fields(g) -> dict:
    """The :class:`Mistake` members of a decision's grade."""
    return {} if g is None else {"grade": g.grade, "grade_range": g.range}


def _flag_card(rv: CardReview) -> None:
    rv.grading = card_grade(rv)
    grade = _grade_fields(rv.grading)
    if rv.kind == "discard":
        label = f"discarded {rv.card}"
    else:
        label = f"{'led' if rv.lead else 'played'} {rv.card}"
    if rv.dd is not None and rv.dd.cost >= DD_TRICKS:
        rv.mistakes.append(Mistake(DOUBLE_DUMMY, rv.seat, rv.decision, rv.where,
                                   label, tuple(str(c) for c in rv.dd.best), rv.dd.cost, rv.dd.points_cost,
                                   **grade))
    if rv.info is not None and rv.info.game is not None:
        i, g = rv.info, rv.info.game
        if g["loss"] >= GAME_WIN - 1e-12 and (i.exact or g["interval"][0] > 0):
            rv.mistakes.append(Mistake(INFORMATION_SET, rv.seat, rv.decision, rv.where, label,
                                       tuple(str(c) for c in g["best"]), g["loss_tricks"], g["loss_points"],
                                       None if i.exact else g["points_interval"], i.worlds, i.exact, g["loss"],
                                       None if i.exact else g["interval"], **grade, knowable=True))
    elif rv.info is not None:
        i = rv.info
        by_points = i.loss_points >= INFO_POINTS - 1e-9 and (i.exact or i.points_interval[0] > 0)
        by_tricks = i.loss_tricks >= INFO_TRICKS - 1e-9 and (i.exact or i.tricks_interval[0] > 0)
        if by_points or by_tricks:
            rv.mistakes.append(Mistake(INFORMATION_SET, rv.seat, rv.decision,
                                       rv.where, label, tuple(str(c) for c in i.best), i.loss_tricks,
                                       i.loss_points, None if i.exact else i.points_interval, i.worlds, i.exact,
                                       **grade, knowable=True))
    # the split: a double-dummy flag is knowable only when the player's own view flags the card too
    knowable = any(m.kind == INFORMATION_SET for m in rv.mistakes)
    rv.mistakes[:] = [m if m.kind != DOUBLE_DUMMY else replace(m, knowable=knowable) for m in rv.mistakes]


class DealReviewer:
    """Reviews one replayed deal: :meth:`run` judges every call, the discard and every card.

    ``index`` is the deal's index in its record (it seeds the decisions' streams with the method's
    ``seed``); ``method`` a :class:`~solver.advisor.Method` whose members the review reads, each already
    checked by :func:`solver.review.review_game`: ``worlds``, ``seed`` (an int), ``threads``; ``inference``
    (``"none"``: uniform worlds and the first version's figures; ``"auction"``, ``"play"``, ``"both"``: the
    evidence of the cards' worlds); ``model`` (the bidding model, ``None``: the default); ``valuation`` and
    ``inner_worlds`` (the calls' valuation after the call); ``examples``; ``score`` (the game's score before
    the deal, ``{side: points}``, to judge every decision by the chance of winning the game, or ``None`` to
    judge by points). ``progress`` a callable given ``1`` after each decision, or ``None``; ``confirm`` how
    far a close decision's worlds are doubled (a multiple of ``worlds``).

    Every position the deal's cards and discard are solved at is solved once (:meth:`solver.dd_batch.Batch.solve`
    with the reviewer's :attr:`solved`): a close decision drawn again at more worlds, or a world drawn twice,
    reads what is already solved.
    """

    def __init__(self, hand: Hand, index: int, method: Method, progress=None, confirm: int = 1):
        self.hand = hand
        #: how the calls' worlds are valued after the call (solver.advisor.valuation), already checked
        self.valuation, self.inner_worlds = method.valuation, int(method.inner_worlds)
        self.model = method.model          # the bidding model of the inference (None: the default)
        self.examples = int(method.examples)
        self.rules = hand.rules
        self.score = None if method.score is None else dict(method.score)
        self._wins = {}
        self.index = index
        self.worlds, self.seed, self.threads, self.progress = method.worlds, method.seed, method.threads, progress
        self.inference, self.confirm = method.inference != "none", int(confirm)
        # the evidence of the cards' worlds (solver.sample_worlds): "play" and "both" also weigh the cards played
        self.reading = method.inference if self.inference else "auction"
        #: side 0's tricks from each position on, of the positions this deal's review has solved (one deal:
        #: one trump and one set of seats in play), by position (solver.dd_batch.Batch.solve)
        self.solved = Solved()
        self.ctx = None
        if hand.trump is not None:
            self.ctx = Context.of(hand)

    def wins(self, seat, before: Hand | None = None):
        """The seat's chance of the game per world from its side's points of the hand (``None`` by points).

        Dummy hands: the points judged are those of the set of five under way (``before``); the
        other set's points go with them, each to its own side: during tricks 1-5 the dummies'
        set as played double dummy (both dummies are face up, so it is the same in every world),
        during tricks 6-10 the personal hands' set as recorded.
        """
        if self.score is None:
            return None
        side = side_of(seat, self.rules.players)
        if side not in self._wins:
            # the cards are judged double dummy in each world, so the later hands by the double-dummy table too
            # (the figures of the review before single dummy existed, whatever the calls' valuation)
            self._wins[side] = win_values(self.score, self.hand.dealer, seat, self.rules, "double_dummy")
        base = self._wins[side]
        if not self.rules.dummy_hands:
            return base
        if before is not None and before.dummy_phase:
            done = before.phase_results[0].points
            first = done[side] - done[1 - side]
            return lambda points: base(np.asarray(points) + first, points)
        second = self._dummy_set_points(side)
        return lambda points: base(np.asarray(points) + second, np.full(np.shape(points), second))

    def _dummy_set_points(self, side: int) -> int:
        """Dummy hands: ``side``'s points of tricks 6-10, the face-up dummies played double dummy."""
        h, ctx = self.hand, self.ctx
        dummies = np.array([[h.dealt_dummy(s) if s in (0, 2) else 0 for s in range(4)]], dtype=np.uint32)
        leader = int(first_leader(h.dealer, self.rules))
        t0 = solve_batch(dummies, ctx.trump, leader, 0, ctx.in_play_mask, ctx.players)
        return int(ctx.side_values(t0, side)[1][0])

    def tick(self):
        if self.progress is not None:
            self.progress(1)

    def _draw(self, space: Space, step: int) -> Worlds:
        """The uniform worlds of decision ``step``, from its own stream (:func:`solver.inference.draw_worlds`)."""
        return draw_worlds(space, self.worlds, decision_stream(self.seed, self.index, step),
                           DECISION_EXACT_LIMIT).worlds

    def _factors(self):
        """The world counts a close decision is judged at in turn: ``worlds``, then doubled up to
        ``confirm`` times it (and :data:`~solver.bounds.MAX_WORLDS`)."""
        f = 1
        while True:
            yield min(self.worlds * f, MAX_WORLDS)
            f *= 2
            if f > self.confirm or self.worlds * f // 2 >= MAX_WORLDS:
                return

    def _view_worlds(self, before: Hand, seat, step: int, worlds: int):
        """The auction-aware worlds of decision ``step`` (:func:`solver.sample_worlds` of the seat's view). Reading
        the play, a renege the record shows (which the play model gives no chance) leaves that decision's worlds
        weighed by the auction alone, with a note, rather than refusing the whole review."""
        kw = dict(worlds=worlds, seed=decision_seed(self.seed, self.index, step), exact_limit=DECISION_EXACT_LIMIT,
                  model=self.model)
        try:
            return sample_worlds(before.view(seat), inference=self.reading, **kw)
        except IllegalActionError as exc:
            if self.reading not in ("play", "both") or "renege" not in str(exc):
                raise
            fallback = "auction" if self.reading == "both" else "none"
            w = sample_worlds(before.view(seat), inference=fallback, **kw)
            return replace(w, notes=tuple(w.notes) + (f"the play not read: {exc}",))

    def _info_inferred(self, step, before, seat, cands, legal, played, blocks_of, side):
        """The information-set view from auction-aware worlds, drawn again with more worlds while close.

        ``blocks_of(batch, hands)`` adds one block per candidate for the worlds' hands ``(n, 4)``."""
        ctx = self.ctx
        info = None
        for n in self._factors():
            w = self._view_worlds(before, seat, step, n)
            notes = (UNSEEN_DISCARD,) if UNSEEN_DISCARD in w.notes else ()     # (view_space's own words)
            batch = Batch(ctx.trump, ctx.in_play_mask, ctx.players)
            hands = w.play_hands()
            # seats that sat out of the play that followed (a lone defender's partner, decided after the
            # dealer's discard) are not yet out in the view at the decision: their cards leave play too
            out = [s for s in range(4) if s not in ctx.in_play]
            if out and hands[:, out].any():
                hands = hands.copy()
                hands[:, out] = 0
            blocks = blocks_of(batch, hands)
            res = batch.solve(self.threads, self.solved)
            vals = [ctx.side_values(res[b], side) for b in blocks]
            info = _info_view(cands, legal, played, np.stack([v[0] for v in vals]),
                              np.stack([v[1] for v in vals]), w, None, notes, self.wins(seat, before))
            if not _info_close(info):
                break
        return info

    # -- calls ----------------------------------------------------------------------
    def call(self, step: int, before: Hand, rec: BidMade) -> CallReview:
        h = self.hand
        alone = rec.trump is not None and h.alone is not None and h.alone == rec.seat
        alone_known = rec.trump is None or any(isinstance(r, AloneDeclared) and not r.defender
                                               for r in h.history) or self.rules.players == 2
        kind, suit = rec.action.kind.value, rec.action.suit
        token = call_token(kind, suit, alone)
        name = call_name(kind, suit, rec.seat, h.dealer, self.rules.players, alone)
        out = CallReview(rec.seat, rec.round, token, name)
        view = before.view(rec.seat)
        if view.hand_unknown:
            out.unanalysed.append(self._unknown_hand_reason(rec.seat))
            return out
        if not alone_known:
            out.unanalysed.append("the record stops before the maker said whether it went alone")
            return out
        # inference: the advisor's defaults (the bidding model, worlds weighted by the earlier passes);
        # else the first version's figures (uniform worlds, the later seats by the point count)
        # (the advisor's robustness check is not asked for: the review reads only the options)
        how = ({"robust_delta": None} if self.inference else {"inference": False, "policy": POLICY})
        if self.reading == "play":          # the calls seen not weighed: the calls' own worlds uniform
            how["inference"] = False
        how.update(valuation=self.valuation, inner_worlds=self.inner_worlds)
        if self.inference and not self.rules.dummy_hands:   # (dummy hands: the advisor keeps the point count)
            how["model"] = self.model
        if self.score is not None:
            how["score"] = self.score
        if self.examples:
            how["examples"] = self.examples
        for n in (self._factors() if self.inference else (self.worlds,)):
            try:
                # the view carries the hand, upcard, dealer, round, earlier calls, dummies and known kitty
                adv = advise_bid(view, Method(worlds=n, seed=decision_seed(self.seed, self.index, step),
                                              threads=self.threads, exact_limit=DECISION_EXACT_LIMIT, **how))
                real = adv.option(token)
            except EuchreError as exc:
                out.unanalysed.append(f"the bid advisor cannot judge it: {exc}")
                return out
            best = adv.options[0]               # by points (with a score the advisor ranks by the game)
            for o in adv.options:
                if o.expected_points > best.expected_points + 1e-12:
                    best = o
            if best is not real and real.expected_points >= best.expected_points - 1e-12:
                best = real                     # the call made ties the advisor's pick: name the call made
            out.loss, out.loss_interval, eff = _paired_calls(best.world_points, real.world_points, adv)
            if adv.weights is not None:
                out.effective_worlds = eff
            if self.score is not None:
                top = adv.recommended
                if top is not real and real.p_win_game >= top.p_win_game - 1e-12:
                    top = real
                loss, interval, _ = _paired_calls(top.world_wins, real.world_wins, adv)
                out.game = {"p_win_game": real.p_win_game, "best": top.call, "best_name": top.name,
                            "best_p_win_game": top.p_win_game, "loss": loss, "interval": interval}
                close = _close(loss, interval, GAME_WIN)
            else:
                close = _close(out.loss, out.loss_interval, CALL_POINTS)
            if adv.exact or not close:
                break
        out.options = [{"call": o.call, "name": o.name, "expected_points": o.expected_points,
                        **({} if self.score is None else {"p_win_game": o.p_win_game})} for o in adv.options]
        out.best, out.best_name = best.call, best.name
        out.expected_points, out.best_points = real.expected_points, best.expected_points
        out.worlds, out.exact, out.advice = adv.worlds, adv.exact, adv
        if self.inference:
            out.model = None if adv.model is None else adv.model.name
            if out.effective_worlds is None:
                out.effective_worlds = float(adv.worlds)
        out.grading = call_grade(out)
        if out.grade in EXPLAINED:
            top = out.best if out.game is None else out.game["best"]
            score = self.score
            out.reasons = call_reasons(CallSituation(
                int(view.hand), h.upcard, h.dealer, rec.seat, rec.round, token, top,
                out.best_name if out.game is None else out.game["best_name"], adv.option(top).p_make,
                score, self.rules.winning_score, self.rules.players, h.named_suit))
        if out.game is not None:
            g = out.game
            if g["loss"] >= GAME_WIN - 1e-12 and (adv.exact or g["interval"][0] > 0):
                top = adv.option(g["best"])
                points, interval, _ = _paired_calls(top.world_points, real.world_points, adv)
                out.mistakes.append(Mistake(INFORMATION_SET, rec.seat, "call", out.where, past_tense(out.name),
                                            (g["best_name"],), None, points, None if adv.exact else interval,
                                            adv.worlds, adv.exact, g["loss"], None if adv.exact else g["interval"],
                                            **_grade_fields(out.grading), knowable=True))
        elif out.loss >= CALL_POINTS - 1e-9 and (adv.exact or out.loss_interval[0] > 0):
            out.mistakes.append(Mistake(INFORMATION_SET, rec.seat, "call", out.where, past_tense(out.name),
                                        (best.name,), None, out.loss, None if adv.exact else out.loss_interval,
                                        adv.worlds, adv.exact, **_grade_fields(out.grading), knowable=True))
        if out.grade in EXPLAINED or out.mistakes:      # the advisor's worlds that show a call that lost
            out.examples = real.examples
        return out

    def _unknown_hand_reason(self, seat) -> str:
        h = self.hand
        if h.alone is not None and seat == h.alone.partner:
            return f"the record does not show {seat}'s hand ({seat} sat out while {h.alone} went alone)"
        if h.defender_alone is not None and seat == h.defender_alone.partner:
            return f"the record does not show {seat}'s hand ({seat} sat out while {h.defender_alone} defended alone)"
        if seat == h.dealer and h.picked_up and h.discard is None:
            return (f"the record does not show the dealer's discard, so one of {seat}'s five dealt cards "
                    "is unknown")
        return f"the record does not show all of {seat}'s cards"

    # -- the dealer's discard ----------------------------------------------------------
    def discard(self, step: int, before: Hand, rec: Discarded) -> CardReview | None:
        h, ctx = self.hand, self.ctx
        d = rec.seat
        cands = tuple(a.card for a in before.legal_actions() if a.card is not None)
        if rec.card is None:
            return None                     # nothing to judge: reported once at deal level
        out = CardReview("discard", d, None, rec.card, cands)
        start = next((i for i, r in enumerate(h.history) if isinstance(r, CardPlayed)), None)
        if start is None:
            out.unanalysed.append("the record stops before play")
            return out
        if d not in ctx.in_play:
            out.unanalysed.append(f"{d} sat out: the discard took no part in play")
            return out
        six = before.holding(d)
        leader = int(first_leader(h.dealer, self.rules, h.alone, h.defender_alone))
        at = h.at(start)
        batch = Batch(ctx.trump, ctx.in_play_mask, ctx.players)
        dd_blocks = None
        if all(at.unknown_cards(s) == 0 for s in ctx.in_play):
            actual = np.array([[at.holding(s) if s in ctx.in_play else 0 for s in range(4)]], np.uint32)
            dd_blocks = []
            for c in cands:
                hh = actual.copy()
                hh[0, d] = six & ~c.mask
                dd_blocks.append(batch.add(hh, leader, (), 0))
        else:
            out.unanalysed.append("double dummy: the record does not show every hand in play")
        info = None
        side = side_of(d, self.rules.players)
        if self.inference:
            def discard_blocks(b, hands):
                out_blocks = []
                for c in cands:
                    hh = hands.copy()
                    hh[:, d] = six & ~c.mask
                    out_blocks.append(b.add(hh, leader, (), 0))
                return out_blocks
            try:
                out.info = self._info_inferred(step, before, d, cands, cands, rec.card, discard_blocks, side)
            except PositionError as exc:
                out.unanalysed.append(f"information set: {exc}")
        else:
            try:
                space, notes = information_set(before, d)
                sizes = list(space.sizes)
                known = list(space.known)
                for s in range(4):
                    if s not in ctx.in_play and s != d:
                        sizes[KITTY] += sizes[s]
                        sizes[s] = 0
                        known[KITTY] |= known[s]       # a seat sitting out: its known cards leave play too
                        known[s] = 0
                space = Space(known, sizes, space.forbidden, removed=space.removed, joker=self.rules.joker)
                w = self._draw(space, step)
                info_blocks = []
                for c in cands:
                    hh = w.hands.copy()
                    hh[:, d] = six & ~c.mask
                    info_blocks.append(batch.add(hh, leader, (), 0))
                info = (space, notes, w, info_blocks)
            except PositionError as exc:
                out.unanalysed.append(f"information set: {exc}")
        res = batch.solve(self.threads, self.solved)
        if dd_blocks is not None:
            vals = [ctx.side_values(res[b][0], side) for b in dd_blocks]
            out.dd = _dd_view(cands, cands, rec.card, [v[0] for v in vals], [v[1] for v in vals],
                              side == ctx.makers, self.wins(d, before))
        if info is not None:
            space, notes, w, blocks = info
            vals = [ctx.side_values(res[b], side) for b in blocks]
            T = np.stack([v[0] for v in vals])
            P = np.stack([v[1] for v in vals])
            out.info = _info_view(cands, cands, rec.card, T, P, w, space, notes, self.wins(d, before))
        _flag_card(out)
        self._examples(out, {d: six})
        return out

    # -- call for best: the card the loner's partner passed ------------------------------
    def kitty_exchange(self, step: int, before: Hand, rec: KittyExchanged) -> dict:
        """The kitty exchange (``Rules.farmers`` / ``go_under``) judged by :func:`solver.advise_exchange` from the
        seat's view at the offer (its dealt hand and the upcard), on at most :data:`KITTY_EXCHANGE_WORLDS` worlds
        (each costs a par per choice): ``{"seat", "action", "best", "loss", "worlds", "exact", "options",
        "text"}``; ``loss`` the best choice's expected points less the one taken (points a hand, by par)."""
        h = self.hand
        view = before.view(rec.seat)
        taken = str(rec.action)
        head = (f"{rec.seat} kept its hand at the kitty exchange" if rec.kind is None
                else f"kitty exchange: {rec.seat} {'showed a farmer' + chr(39) + 's hand' if rec.kind == 'farmers' else 'went under'}"
                     f", giving {' '.join(map(str, rec.given))}")
        out = {"seat": str(rec.seat), "action": taken, "best": None, "loss": None, "worlds": 0, "exact": False,
               "options": [], "text": head}
        if view.hand_unknown:
            out["text"] = head + " (not judged: the record does not show its hand)"
            return out
        try:
            adv = advise_exchange(view, Method(worlds=min(self.worlds, KITTY_EXCHANGE_WORLDS),
                                               seed=decision_seed(self.seed, self.index, step) % (2 ** 63)))
        except EuchreError as exc:
            out["text"] = head + f" (not judged: {exc})"
            return out
        real = next(o for o in adv.options if o.action == taken)
        best = adv.recommended
        loss = best.expected_points - real.expected_points
        how = "every placement" if adv.exact else f"{adv.worlds} worlds"
        verdict = ("the best choice" if loss <= 1e-12 else
                   f"{loss:.2f} points a hand below the best, {best.action}")
        out.update(best=best.action, loss=loss, worlds=adv.worlds, exact=adv.exact,
                   options=[o.to_dict() for o in adv.options],
                   text=f"{head}: by the par of each deal over {how} of {rec.seat}'s view, {verdict} "
                        f"(keep {adv.options[0].expected_points:+.2f}, taken {real.expected_points:+.2f})")
        return out

    def exchange(self, before: Hand, rec: CardPassed) -> str:
        """The partner's card judged double dummy, in words: for each card it could pass, the loner's side's
        tricks after the loner's best discard of its six (the record's hands in play)."""
        h, ctx = self.hand, self.ctx
        giver, loner = rec.seat, rec.receiver
        head = f"call for best: {giver} passed {'a card' if rec.card is None else rec.card} to the loner {loner}"
        start = next((i for i, r in enumerate(h.history) if isinstance(r, CardPlayed)), None)
        if rec.card is None or start is None or ctx is None:
            return head + " (not judged: the record does not show the card or the play)"
        at = h.at(start)
        if any(at.unknown_cards(s) for s in ctx.in_play) or before.unknown_cards(giver):
            return head + " (not judged: the record does not show every hand in play)"
        leader = int(first_leader(h.dealer, self.rules, h.alone, h.defender_alone))
        actual = np.array([[at.holding(s) if s in ctx.in_play else 0 for s in range(4)]], np.uint32)
        kept = before.holding(loner)                   # the loner's five before the exchange
        cands = cards_of(before.holding(giver))
        batch = Batch(ctx.trump, ctx.in_play_mask, ctx.players)
        blocks = {}
        for c in cands:
            six = kept | c.mask
            for d in cards_of(six):
                hh = actual.copy()
                hh[0, int(loner)] = six & ~d.mask
                blocks[(c, d)] = batch.add(hh, leader, (), 0)
        res = batch.solve(self.threads, self.solved)
        side = side_of(loner, self.rules.players)
        best = {c: max(int(ctx.side_values(res[blocks[(c, d)]][0], side)[0]) for d in cards_of(kept | c.mask))
                for c in cands}
        top = max(best.values())
        figures = ", ".join(f"{c} {best[c]}" for c in cands)
        verdict = ("the best card" if best[Card(rec.card)] == top
                   else f"{top - best[Card(rec.card)]} trick(s) short of the best, "
                        f"{' '.join(str(c) for c in cands if best[c] == top)}")
        return (f"{head}: {verdict} (double dummy, the loner's side's tricks after its best discard: {figures})")

    # -- cards ------------------------------------------------------------------------
    def card(self, step: int, before: Hand, rec: CardPlayed) -> CardReview:
        ctx = self.ctx
        seat, card = rec.seat, rec.card
        trump = ctx.trump
        trick_now = before.current_trick
        trick_seats = tuple(int(s) for s, _c in trick_now)
        trick_cards = tuple(int(c) for _s, c in trick_now)
        leader = int(before.leader)
        led = trick_now[0][1] if trick_now else None
        own = before.holding(seat)
        legal = tuple(cards_of(legal_mask(own, trump, led))) if not before.unknown_cards(seat) else ()
        renege = bool(rec.renege)
        if renege:
            return self._renege(before, rec, legal)
        cands = legal + ((card,) if card not in legal else ())
        out = CardReview("play", seat, rec.trick + 1, card, legal or (card,), renege, lead=not trick_now)
        if not legal:
            out.unanalysed.append(self._unknown_hand_reason(seat) + "; its choices are unknown")
            return out
        won0 = before.tricks_won[0]
        trick_size = len(ctx.in_play)
        batch = Batch(trump, ctx.in_play_mask, ctx.players)
        dd_blocks = None
        if all(before.unknown_cards(s) == 0 for s in ctx.in_play):
            actual = np.array([[before.holding(s) if s in ctx.in_play else 0 for s in range(4)]], np.uint32)
            dd_blocks = [batch.add(*after_card(actual, seat, c, leader, trick_cards, trick_seats, trump,
                                                trick_size, won0, ctx.players)) for c in cands]
        else:
            out.unanalysed.append("double dummy: the record does not show every hand in play")
        info = None
        side = side_of(seat, ctx.players)
        if self.inference:
            def card_blocks(b, hands):
                return [b.add(*after_card(hands, seat, c, leader, trick_cards, trick_seats, trump, trick_size,
                                          won0, ctx.players)) for c in cands]
            try:
                out.info = self._info_inferred(step, before, seat, cands, legal, card, card_blocks, side)
            except PositionError as exc:
                out.unanalysed.append(f"information set: {exc}")
            else:
                if self.reading in ("play", "both"):
                    out.gave_away = card_that_told(out.info.drawn, before.view(seat))
        else:
            try:
                space, notes = information_set(before, seat)
                w = self._draw(space, step)
                blocks = [batch.add(*after_card(w.hands, seat, c, leader, trick_cards, trick_seats, trump,
                                                 trick_size, won0, ctx.players)) for c in cands]
                info = (space, notes, w, blocks)
            except PositionError as exc:
                out.unanalysed.append(f"information set: {exc}")
        res = batch.solve(self.threads, self.solved)
        if dd_blocks is not None:
            vals = [ctx.side_values(res[b][0], side) for b in dd_blocks]
            out.dd = _dd_view(cands, legal, card, [v[0] for v in vals], [v[1] for v in vals], side == ctx.makers,
                              self.wins(seat, before))
        if info is not None:
            space, notes, w, blocks = info
            vals = [ctx.side_values(res[b], side) for b in blocks]
            T = np.stack([v[0] for v in vals])
            P = np.stack([v[1] for v in vals])
            out.info = _info_view(cands, legal, card, T, P, w, space, notes, self.wins(seat, before))
        _flag_card(out)
        if out.grade in EXPLAINED:
            out.reasons = card_reasons(CardSituation.of(before, seat, card, best_of(out)))
        self._examples(out)
        return out

    def _examples(self, out: CardReview, shown=None) -> None:
        """The worlds that show a card that lost (:mod:`solver.examples`), from the figures already solved;
        ``shown``: ``{seat: cards}`` to show instead of the worlds' column (the dealer's six before its discard)."""
        i = out.info
        lost = out.grade in EXPLAINED or any(m.kind == INFORMATION_SET for m in out.mistakes)
        if not self.examples or i is None or i.world_points is None or i.drawn is None or not lost:
            return
        best = best_of(out)
        weights = getattr(i.drawn, "weights", None) if i.space is None else None
        hands = i.drawn.hands
        if shown:
            hands = hands.copy()
            for s, cards in shown.items():
                hands[:, s] = cards
        out.examples = card_examples(list(i.tricks), out.card, best[0], i.world_tricks, i.world_points,
                                     hands, weights, self.ctx.in_play, self.examples, out.seat)

    def _renege(self, before: Hand, rec: CardPlayed, legal: tuple) -> CardReview:
        """A card that did not follow suit: flagged as a renege, not scored against the legal cards."""
        seat, trump = rec.seat, self.ctx.trump
        led = effective_suit(before.current_trick[0][1], trump)
        held = tuple(c for c in cards_of(before.holding(seat)) if effective_suit(c, trump) == led)
        out = CardReview("play", seat, rec.trick + 1, rec.card, legal or held, True, lead=False)
        out.unanalysed.append(f"a renege ({seat} held {format_cards(held)} of the {Suit(led).word} led): an "
                              "illegal card is not scored against the legal ones (no double-dummy or "
                              "information-set figures)")
        out.mistakes.append(Mistake(RENEGE, seat, "card", out.where, f"played {rec.card}",
                                    tuple(str(c) for c in held), None, None))
        return out

    # -- a defender's choice against a loner (Rules.defend_alone) --------------------------
    def defence(self, step: int, before: Hand, rec: AloneDeclared, out: DealReview) -> None:
        """Judge a defender's choice to defend alone or with its partner by :func:`solver.advise_defend`
        from its view; the finding goes to ``out.defence`` (or ``out.unanalysed``, saying why)."""
        how = "alone" if rec.alone else "with its partner"
        view = before.view(rec.seat)
        if view.hand_unknown:
            out.unanalysed.append(f"{rec.seat}'s decision to defend {how}: {self._unknown_hand_reason(rec.seat)}")
            return
        try:
            adv = advise_defend(view, Method(worlds=self.worlds, seed=decision_seed(self.seed, self.index, step),
                                             inference=self.reading if self.inference else False,
                                             threads=self.threads))
        except EuchreError as exc:
            out.unanalysed.append(f"{rec.seat}'s decision to defend {how}: {exc}")
            return
        choice = "defend alone" if rec.alone else "defend partner"
        best = adv.best
        loss = adv.option(best).expected_points - adv.option(choice).expected_points
        interval = None
        if loss <= 1e-12:                 # the choice made is the best (or ties it)
            best, loss = choice, 0.0
        elif not adv.exact:               # two choices: the margin is the paired difference of these two
            interval = tuple(adv.margin_interval)
        d = DefenceReview(rec.seat, choice, best, float(loss), interval, [o.to_dict() for o in adv.options],
                          adv.worlds, adv.exact)
        d.grading = grade_of(d.loss, interval, "points", effective_worlds=None if adv.exact else adv.effective_worlds)
        if d.loss >= CALL_POINTS - 1e-9 and (adv.exact or interval[0] > 0):
            did = "defended alone" if rec.alone else "defended with its partner"
            d.mistakes.append(Mistake(INFORMATION_SET, rec.seat, "defence", "defence", did,
                                      (best,), None, d.loss, interval, adv.worlds, adv.exact,
                                      **_grade_fields(d.grading), knowable=True))
        out.defence.append(d)

    # -- the deal -----------------------------------------------------------------------
    def run(self, number: int, status: str, summary: str, problems, names, discard_doubt=None) -> DealReview:
        """``discard_doubt``: why the replay's discard is not the record's (it is then not judged)."""
        h = self.hand
        contract = None
        if h.trump is not None:
            players = self.rules.players
            contract = {"trump": str(h.trump), "maker": str(h.maker), "makers": side_name(h.makers, players),
                        "alone": None if h.alone is None else str(h.alone),
                        "defender_alone": None if h.defender_alone is None else str(h.defender_alone)}
        result = None if h.result is None else h.result.to_dict()
        out = DealReview(self.index, number, h.dealer, h.upcard, status, summary, contract, result,
                         score=self.score)
        seats = self.rules.seats
        out.players = {Seat(s): PlayerSummary(Seat(s), player_name(names, s, seats)) for s in seats}
        out.par = par_block(h)
        for p in problems:
            if p.kind == "illegal":
                out.unanalysed.append(f"the record breaks the rules ({p.message}); reviewed up to there")
            else:
                out.notes.append(p.message)
        if status == "thrown_in":
            out.unanalysed.append("thrown in: everyone passed twice, there is no play to review")
        elif status == "incomplete":
            out.unanalysed.append("the record stops before the end of the hand: cards never played are unknown")
        for step, (before, rec) in enumerate(h.steps()):
            try:
                if isinstance(rec, BidMade):
                    out.calls.append(self.call(step, before, rec))
                elif isinstance(rec, Discarded):
                    if rec.card is None:
                        if self.ctx is not None and rec.seat in self.ctx.in_play:
                            out.unanalysed.append(f"{rec.seat}'s discard: the record does not show it")
                    elif discard_doubt is not None:
                        out.unanalysed.append(f"{rec.seat}'s discard: {discard_doubt}")
                    else:
                        r = self.discard(step, before, rec)
                        if r is not None:
                            out.cards.append(r)
                elif isinstance(rec, CardPlayed):
                    out.cards.append(self.card(step, before, rec))
                elif isinstance(rec, CardPassed):
                    out.notes.append(self.exchange(before, rec))
                elif isinstance(rec, KittyExchanged):
                    judged = self.kitty_exchange(step, before, rec)
                    out.exchange.append(judged)
                    out.notes.append(judged["text"])
                elif isinstance(rec, AloneDeclared) and rec.defender:
                    self.defence(step, before, rec, out)
                elif rec.action.kind is Kind.NAME:
                    out.unanalysed.append(f"{rec.seat} named {rec.action.suit} for the turned-up joker: not modelled")
            finally:
                if isinstance(rec, (BidMade, Discarded, CardPlayed)):
                    self.tick()
        for d in out.defence:          # graded like a call, by points
            p = out.players[d.seat]
            p.decisions += 1
            if d.grade is not None:
                p.grades[d.grade] = p.grades.get(d.grade, 0) + 1
            for m in d.mistakes:
                p.mistakes[m.kind] = p.mistakes.get(m.kind, 0) + 1
            p.call_points += max(0.0, d.loss)
        for d in out.decisions:
            p = out.players[d.seat]
            p.decisions += 1
            if d.grade is not None:
                p.grades[d.grade] = p.grades.get(d.grade, 0) + 1
            p.unanalysed += len(d.unanalysed)
            for m in d.mistakes:
                p.mistakes[m.kind] = p.mistakes.get(m.kind, 0) + 1
            if isinstance(d, CallReview):
                if d.loss is not None:
                    p.call_points += max(0.0, d.loss)
                if d.game is not None:
                    p.add_win(d.game["loss"])
            else:
                if d.dd is not None:
                    p.dd_tricks += d.dd.cost
                    p.dd_points += d.dd.points_cost
                if d.info is not None:
                    p.info_points += max(0.0, d.info.loss_points)
                    p.info_tricks += max(0.0, d.info.loss_tricks)
                    if d.info.game is not None:
                        p.add_win(d.info.game["loss"])
        return out


#: The most worlds a kitty-exchange decision of a review is judged on (each world costs a par per choice).
KITTY_EXCHANGE_WORLDS = 100

__all__ = ["DealReviewer", "KITTY_EXCHANGE_WORLDS"]
