"""Several record files at once, the deals shared among worker processes (``euchre review --jobs``)."""
from __future__ import annotations

import os
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import replace

from ..bidding import resolve_model
from ..errors import RulesError
from ..advisor.method import Method, member_keywords
from .deals import (REVIEW_DEFAULTS, check_confirm, check_inference_option, check_jobs, check_options,
                    check_score_option, check_valuation_option, count_decisions, game_notes, model_fields, resolve_game,
                    review_deal, review_game, review_method)
from ..examples import check_examples
from .results import DealReview, Review

_WORKER_GAMES: dict = {}     # a worker process's loaded records, by path


def _light(deal: DealReview) -> DealReview:
    """The deal review without the drawn worlds and advisor objects (cheap to send between processes)."""
    for c in deal.cards:
        if c.info is not None:
            c.info = replace(c.info, drawn=None, space=None, world_tricks=None, world_points=None)
    for c in deal.calls:
        c.advice = None
    return deal


def _work(path: str, index: int, method, confirm: int, score: bool) -> tuple:
    game = _WORKER_GAMES.get(path)
    if game is None:
        game = _WORKER_GAMES[path] = resolve_game(path)
    deal = review_deal(game, index, method=method, confirm=confirm, score=score)
    return _light(deal), count_decisions(game.deals[index].hand) if game.deals[index].hand is not None else 0


def _valuation_of(path, valuation, inner_worlds, inference, rules) -> tuple:
    """:func:`check_valuation_option` for one file's rules, a refusal naming the file when there are several."""
    try:
        return check_valuation_option(valuation, inner_worlds, inference, rules)
    except RulesError as exc:
        raise RulesError(f"{path}: {exc}") from None


def review_files(paths, *, method=None, jobs: int = 1, progress=None, confirm: int | None = None,
                 score: bool = True, **members) -> list:
    """Review several EGN files: one :class:`Review` per path, in order.

    Every file is loaded (and checked) before any review starts, so a bad file
    fails fast. With ``jobs`` > 1 the deals of all the files are shared among
    that many worker processes; the result is the same as with ``jobs=1`` (each
    decision has its own seed stream), except that the drawn worlds and the
    advisors' full answers are not kept (:attr:`InfoView.drawn`,
    :attr:`CallReview.advice` are ``None``). ``progress`` is called with the
    number of decisions done (per decision with one job, per deal with several).
    ``method``, ``confirm``, ``score``: as :func:`~solver.review.review_game` (the valuation is checked against
    every file's rules before any review); without a seed (``method.seed`` ``None``) each file is reviewed with
    :func:`content_seed` of its record. Deprecated: the method's members as keywords, as ``review_game`` takes
    them (each with a :class:`DeprecationWarning`; not with ``method``).
    """
    members = member_keywords(review_files, members, REVIEW_DEFAULTS, method)
    worlds, seed, threads, inference, model, examples, valuation, inner_worlds = review_method(
        method, review_files, members).values()
    worlds, _, threads = check_options(worlds, 0, threads)
    jobs = check_jobs(jobs)
    inference = check_inference_option(inference)
    confirm = check_confirm(confirm, inference)
    score = check_score_option(score)
    model = resolve_model(model)
    examples = check_examples(examples)
    paths = [os.fspath(p) for p in paths]
    games = [resolve_game(p) for p in paths]
    seeds = [check_options(worlds, seed, threads, p)[1] for p in paths]
    checked = [_valuation_of(p, valuation, inner_worlds, inference, g.rules) for p, g in zip(paths, games)]
    methods = [Method(worlds=worlds, seed=s, threads=threads, inference=inference, model=model, examples=examples,
                      valuation=v, inner_worlds=k) for s, (v, k) in zip(seeds, checked)]
    if jobs == 1:
        return [review_game(g, method=m, progress=progress, confirm=confirm, score=score)
                for g, m in zip(games, methods)]
    deals = [[None] * len(g.deals) for g in games]
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        futures = {pool.submit(_work, path, i, methods[f], confirm, score): (f, i)
                   for f, (path, g) in enumerate(zip(paths, games)) for i in range(len(g.deals))}
        for fut in as_completed(futures):
            f, i = futures[fut]
            deals[f][i], done = fut.result()
            if progress is not None:
                progress(done)
    out = []
    for path, g, ds, s, (v, k) in zip(paths, games, deals, seeds, checked):
        title = g.metadata.get("title") or os.path.basename(path)
        out.append(Review(str(g.source), title, g.rules, worlds, s, ds, tuple(g.players), game_notes(g),
                          **model_fields(inference, confirm, score, model, v, k)))
    return out


__all__ = ["review_files"]
