"""Duplicate matches: :func:`play_match` plays every deal twice, the partnerships' seats swapped.

Deal ``i`` of a match with seed ``S`` is drawn by :meth:`DealCards.random` from a seed derived from
``(S, i)``; its dealer is the ``i``-th seat of the game in turn (N, E, S, W, N, ...; two-player N, S).
Table 0 seats agent A on side 0 (N and S; two-player N) and B on side 1; table 1 the other way
round, with the same cards at the same seats and the same dealer, so each side holds each hand
once and the luck of the cards cancels. A's **points per deal** is its net score (its points less
B's) averaged over the two tables: ``(net at table 0 + net at table 1) / 2``, with a 95% Student t
interval over the deals (paired, since both tables share the cards). A deal is won when that sum
is above 0.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field, replace

import numpy as np

from ..bounds import MAX_JOBS, MAX_SEED, check_int, fresh_seed
from ..cards import Seat
from ..capabilities import check_covers
from ..errors import ArgumentError, quoted
from ..game import DealCards
from ..laws import game_over, side_name, side_of
from ..rules import Rules
from ..stats import mean_interval, wilson
from ..bidding import resolve_model
from .agents import make_agent
from .referee import DEFAULT_TIME_LIMIT, play_table

__all__ = ["play_match", "MatchResult", "TableRecord", "deal_of", "game_deal_of", "summarize", "MAX_GAME_DEALS",
           "table_egn"]

MAX_DEALS = 1_000_000


@dataclass(frozen=True)
class TableRecord:
    """One table of a deal: ``deal`` (index), ``table`` (0: A on side 0; 1: A on side 1), ``a_side``,
    ``dealer``, ``cards`` (the :class:`DealCards`), ``points`` per side index, ``net`` (A's points less
    B's), ``makers`` (side index or ``None``: thrown in or forfeited), ``made``/``euchred``/``march``,
    ``alone`` (seat or ``None``), ``forfeit`` (:class:`~solver.match.referee.Forfeit` or ``None``) and
    ``forfeited_by`` (``"A"``, ``"B"`` or ``None``), ``hand``
    (the engine's :class:`~solver.game.Hand`, for EGN; not in :meth:`to_dict`)."""

    deal: int
    table: int
    a_side: int
    dealer: object
    cards: DealCards
    points: tuple
    makers: int | None
    made: bool
    euchred: bool
    march: bool
    alone: object
    forfeit: object
    forfeited_by: str | None = None
    hand: object = field(default=None, compare=False, repr=False)
    game: int | None = None

    @property
    def net(self) -> int:
        return self.points[self.a_side] - self.points[1 - self.a_side]

    def to_dict(self, players: int = 4) -> dict:
        return {"deal": self.deal, "table": self.table, "a_side": side_name(self.a_side, players),
                "dealer": self.dealer.name, "cards": str(self.cards), "points": list(self.points), "net": self.net,
                "makers": None if self.makers is None else side_name(self.makers, players),
                "made": self.made, "euchred": self.euchred, "march": self.march,
                "alone": None if self.alone is None else self.alone.name,
                "forfeit": None if self.forfeit is None else {"agent": self.forfeited_by, **self.forfeit.to_dict()},
                **({} if self.game is None else {"game": self.game})}


def deal_of(seed: int, i: int, rules: Rules):
    """``(DealCards, dealer)`` of deal ``i`` of a match with ``seed`` (the same for both tables)."""
    state = np.random.SeedSequence([int(seed), int(i), 0x6d61]).generate_state(2)
    cards = DealCards.random(rules, rng=int(state[0]) << 32 | int(state[1]))
    return cards, Seat(rules.seats[i % len(rules.seats)])


def _agent_seed(seed: int, i: int, table: int, who: int, game=None) -> int:
    key = [int(seed), int(i), table, who, 0x6167] + ([] if game is None else [int(game)])
    return int(np.random.SeedSequence(key).generate_state(1)[0])


def _one_table(a, b, cards, dealer, seed, i, table, rules, time_limit, keep_hands, game=None,
               score=None) -> "TableRecord":
    a_side = table
    named = None if score is None else {side_name(s, rules.players): score[s] for s in (0, 1)}
    for who, agent in enumerate((a, b)):
        if hasattr(agent, "new_deal"):
            agent.new_deal(_agent_seed(seed, i, table, who, game))
        if hasattr(agent, "game_score"):
            agent.game_score(named)
    seats = {Seat(s): (a if side_of(s, rules.players) == a_side else b) for s in rules.seats}
    hand, points, forfeit = play_table(cards, dealer, rules, seats, time_limit)
    r = hand.result if forfeit is None else None
    makers = None if r is None or r.thrown_in else r.makers
    return TableRecord(i, table, a_side, dealer, cards, points, makers,
                       bool(makers is not None and not r.euchred), bool(makers is not None and r.euchred),
                       bool(makers is not None and r.march), None if r is None else r.alone, forfeit,
                       None if forfeit is None else "AB"[side_of(forfeit.seat, rules.players) != a_side],
                       hand if keep_hands else None, game)


def game_deal_of(seed: int, game: int, k: int, rules: Rules):
    """``(DealCards, dealer)`` of deal ``k`` of game ``game`` (the same at both tables): the first
    dealer is the ``game``-th seat in turn, then the deal passes to the left."""
    state = np.random.SeedSequence([int(seed), int(game), int(k), 0x6761]).generate_state(2)
    cards = DealCards.random(rules, rng=int(state[0]) << 32 | int(state[1]))
    return cards, Seat(rules.seats[(game + k) % len(rules.seats)])


#: Deals after which a game that has not ended (hands thrown in again and again) is scored as it stands.
MAX_GAME_DEALS = 200


def _play_games(a, b, games, seed, rules, time_limit, keep_hands, progress=None):
    """``(tables, game_rows)``: every deal's :class:`TableRecord` and per game and table
    ``(game, table, deals, final score per side index)``."""
    tables, rows = [], []
    for g in games:
        per_table = []
        for table in (0, 1):
            score, k, recs = [0, 0], 0, []
            while not game_over(rules, score, k) and k < MAX_GAME_DEALS:
                cards, dealer = game_deal_of(seed, g, k, rules)
                rec = _one_table(a, b, cards, dealer, seed, k, table, rules, time_limit, keep_hands, game=g,
                                 score=tuple(score))
                score = [score[0] + rec.points[0], score[1] + rec.points[1]]
                recs.append(rec)
                k += 1
            rows.append((g, table, k, tuple(score)))
            per_table.append(recs)
        for r0, r1 in zip(*per_table):              # deals both tables played, paired
            tables += [r0, r1]
        if progress is not None:
            progress(1)
    return tables, rows


def _play_deals(a_spec, b_spec, indices, seed, rules, worlds, time_limit, keep_hands, progress=None, games=False,
                model=None):
    a, b = make_agent(a_spec, worlds=worlds, model=model), make_agent(b_spec, worlds=worlds, model=model)
    out = []
    try:
        if games:
            return _play_games(a, b, indices, seed, rules, time_limit, keep_hands, progress)
        for i in indices:
            cards, dealer = deal_of(seed, i, rules)
            for table in (0, 1):
                out.append(_one_table(a, b, cards, dealer, seed, i, table, rules, time_limit, keep_hands))
            if progress is not None:
                progress(1)
    finally:
        for agent in (a, b):
            if hasattr(agent, "close"):
                agent.close()
    return out, []


def table_egn(table: TableRecord, a: str, b: str) -> str:
    """The EGN record of a table (kept with ``keep_hands``) whose players are the agents, ``a`` and ``b`` their
    names, as the match's report says them (``A policy``), each in the seats it held, so that ``euchre stats``
    counts each agent; the title says the deal, the table and the side each sat on. Raises
    :class:`~solver.errors.EGNError` when EGN cannot record the table (see :func:`solver.records.dump_egn`)."""
    from ..records import dump_egn
    rules = table.hand.rules
    label = {side: _player_name(f"{who} {name}") for side, (who, name) in
             ((table.a_side, ("A", a)), (1 - table.a_side, ("B", b)))}
    players = [label[side_of(s, rules.players)] for s in rules.seats]
    game = "" if table.game is None else f"game {table.game + 1}, "
    title = (f"match A {a} v B {b}, {game}deal {table.deal + 1}, table {table.table + 1}: "
             f"A sits {side_name(table.a_side, rules.players)}, B {side_name(1 - table.a_side, rules.players)}")
    return dump_egn(table.hand, players=players, title=_player_name(title, 128))


def _player_name(text: str, limit: int = 64) -> str:
    """``text`` within EGN's bound on a name (64) or a title (128)."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _chunk_worker(args):
    return _play_deals(*args)


@dataclass(frozen=True)
class MatchResult:
    """A duplicate match's figures for side A (see ``solver.match.duplicate``).

    Attributes:
        a, b: the agents' names; deals, seed, rules: the match asked for.
        tables: one :class:`TableRecord` per table (2 per deal), in deal order.
        points_per_deal: A's mean net points per table, paired over each deal's two tables (float);
            ``interval``: its 95% Student t interval.
        won, lost, tied: share of the deals whose paired net is above, below, equal to 0;
            ``won_interval``: Wilson 95% interval of ``won``.
        a_stats, b_stats: per agent over its tables: ``contracts`` (tables where it made trump), ``made``,
            ``euchred``, ``marched``, ``alone`` (contracts played alone), each also as a share
            (``made_share`` etc., of its contracts; ``contract_share`` of its tables), and ``forfeits``.
        forfeits: ``({"deal", "table", "agent" ("A"/"B"), "seat", "kind", "reason"}, ...)`` (``"game"`` too
            with games).
        games: with ``games=True``, ``{"games", "won" (share of A's games won over all tables), "won_interval"
            (Wilson 95%), "paired" (per game, A's games won of its two, halved; mean), "paired_interval"
            (Student t 95%), "deals_per_game", "unfinished" (games stopped at MAX_GAME_DEALS deals)}``;
            else ``None``. The per-deal figures then cover the deals both tables of a game played.
    """

    a: str
    b: str
    deals: int
    seed: int
    rules: Rules
    tables: tuple
    points_per_deal: float
    interval: tuple
    won: float
    lost: float
    tied: float
    won_interval: tuple
    a_stats: dict
    b_stats: dict
    forfeits: tuple
    games: dict | None = None

    def paired(self) -> np.ndarray:
        """float (deals,): A's net points per deal, averaged over its two tables."""
        nets = np.array([t.net for t in self.tables], dtype=np.float64).reshape(-1, 2)
        return nets.mean(axis=1)

    def to_dict(self) -> dict:
        players = self.rules.players
        return {"version": 1, "a": self.a, "b": self.b, "deals": self.deals, "seed": self.seed,
                "rules": self.rules.to_dict(), "points_per_deal": self.points_per_deal,
                # a one-deal match has no interval: None in JSON (never an infinity, which JSON cannot hold)
                "interval": [x if math.isfinite(x) else None for x in self.interval], "won": self.won, "lost": self.lost, "tied": self.tied,
                "won_interval": list(self.won_interval), "a_stats": self.a_stats, "b_stats": self.b_stats,
                "forfeits": list(self.forfeits), "games": self.games, "tables": [t.to_dict(players) for t in self.tables]}

    def text(self) -> str:
        from ..render import match_text
        return match_text(self)

    def __str__(self) -> str:
        return self.text()


def _side_stats(tables, who: int) -> dict:
    mine = [t for t in tables if t.makers is not None and (t.makers == t.a_side) == (who == 0)]
    n_tables = len(tables)
    c = len(mine)
    out = {"tables": n_tables, "contracts": c, "made": sum(t.made for t in mine),
           "euchred": sum(t.euchred for t in mine), "marched": sum(t.march for t in mine),
           "alone": sum(t.alone is not None for t in mine)}
    out["contract_share"] = c / n_tables if n_tables else 0.0
    for k in ("made", "euchred", "marched", "alone"):
        out[f"{k}_share"] = out[k] / c if c else 0.0
    out["forfeits"] = sum(1 for t in tables if t.forfeited_by == "AB"[who])
    return out


def _name(spec) -> str:
    return spec if isinstance(spec, str) else getattr(spec, "name", type(spec).__name__)


def play_match(agent_a, agent_b, deals: int = 100, seed=None, rules: Rules | None = None, games: bool = False,
               jobs: int = 1, progress=None, *, method=None, time_limit=DEFAULT_TIME_LIMIT, keep_hands: bool = False,
               **members) -> MatchResult:
    """A duplicate match of ``agent_a`` (side A) against ``agent_b`` over ``deals`` deals, each played twice.

    Args:
        agent_a, agent_b: agent names (``"random"``, ``"policy"``, ``"advisor"``, ``"double-dummy"``,
            ``"external:COMMAND"``) or agent objects (see ``solver.match.agents``; with ``jobs > 1``
            they must pickle).
        deals: 1..1,000,000 deals (2 tables each). seed: int (``None``: a fresh one, in the result).
        rules: :class:`Rules` (four- or two-player; not the dummy-hands variant).
        games: play whole games to ``rules.winning_score`` (or ``rules.num_deals``) instead: ``deals`` is then
            the number of games, each played at two tables with A on either side and the same deals in
            the same order (deal ``k`` of game ``g``: ``game_deal_of()``); :attr:`MatchResult.games` has
            the share of games won.
        jobs: worker processes (1..64); the result does not depend on it.
        progress: a callable given 1 per deal finished (a tqdm bar's ``update``).
        method: the ``"advisor"`` agents' method, a :class:`~solver.advisor.method.Method` or a dict of its
            members, of which the match reads two: ``worlds``, the worlds per decision (10..100,000; ``None``:
            200), and ``model``, the bidding model (a name of :data:`solver.bidding.MODEL_NAMES`, a model file
            or a :class:`~solver.bidding.BiddingModel`; default ``players-1``; an agent ``"advisor:MODEL"`` names
            its own). A seed is each table's and the evidence and valuation the agent name's
            (``"advisor:both:double-dummy"``), so any other member must stay at its default; for one
            agent's whole method, pass ``AdvisorAgent(method=...)`` as the agent.
        time_limit: seconds per decision (``None``: none).
        keep_hands: keep each table's :class:`~solver.game.Hand` in :attr:`TableRecord.hand` (for EGN).
        members: deprecated, for one release: ``worlds`` (200) and ``model`` (``None``) as keywords, each with
            a :class:`DeprecationWarning`; not with ``method``.

    Returns a :class:`MatchResult`. Raises :class:`~solver.errors.ArgumentError` for a bad agent or bound, a
    member given both in ``method`` and as a keyword or one the match does not read, :class:`~solver.errors.RulesError`
    for bad rules.

    >>> r = play_match("policy", "random", deals=20, seed=1)
    >>> r.deals, len(r.tables), r.points_per_deal > 0
    (20, 40, True)
    """
    from ..advisor.method import Method, member_keywords, taken_members
    members = member_keywords(play_match, members, {"worlds": 200, "model": None}, method)
    if method is None:      # the keywords checked as the method's members are (Method's BOUNDS)
        worlds, model = Method(worlds=members["worlds"]).worlds, members["model"]
    else:
        worlds, model = taken_members(method, play_match, ("worlds", "model")).values()
        worlds = 200 if worlds is None else worlds
    rules = Rules.coerce(rules)
    check_covers("match", rules)
    if not isinstance(games, bool):
        raise ArgumentError(f"games {quoted(games)}: expected True or False")
    deals = check_int(deals, "deals", 1, MAX_DEALS)
    jobs = check_int(jobs, "jobs", 1, MAX_JOBS)
    seed = fresh_seed() if seed is None else check_int(seed, "seed", 0, MAX_SEED)
    if time_limit is not None and not (isinstance(time_limit, (int, float)) and not isinstance(time_limit, bool)
                                       and 0 < time_limit < math.inf):
        raise ArgumentError(f"time_limit {quoted(time_limit)}: expected seconds above 0, or None")
    if model is not None:
        model = resolve_model(model)       # a bad name or file fails here, before any deal
    for who, spec in (("A", agent_a), ("B", agent_b)):
        agent = make_agent(spec, model=model)   # a bad name fails here, before any deal (a program starts later)
        valuation = getattr(agent, "valuation", None)
        if valuation is not None:               # else every one of its deals would be forfeited
            check_covers(f"valuation:{valuation}", rules, where=f"agent {who} {quoted(_name(spec))}")
    if jobs == 1:
        tables, rows = _play_deals(agent_a, agent_b, range(deals), seed, rules, worlds, time_limit, keep_hands,
                                   progress, games, model)
    else:
        from concurrent.futures import ProcessPoolExecutor
        size = max(1, min(50, deals // (jobs * 4) or 1))
        chunks = [range(s, min(deals, s + size)) for s in range(0, deals, size)]
        tables, rows = [], []
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            args = [(agent_a, agent_b, c, seed, rules, worlds, time_limit, keep_hands, None, games, model)
                    for c in chunks]
            for chunk, (part, part_rows) in zip(chunks, pool.map(_chunk_worker, args)):
                tables += part
                rows += part_rows
                if progress is not None:
                    progress(len(chunk))
    result = summarize(_name(agent_a), _name(agent_b), seed, rules, tables)
    if games:
        result = replace(result, games=_game_stats(rows, rules))
    return result


def _game_stats(rows, rules: Rules) -> dict:
    """The games' figures from ``(game, table, deals, score)`` rows (both tables of each game)."""
    wins = np.array([score[table] > score[1 - table] for _g, table, _k, score in rows], dtype=np.float64)
    n = len(rows) // 2
    paired = wins.reshape(-1, 2).mean(axis=1)
    return {"games": n, "won": float(wins.mean()), "won_interval": list(wilson(int(wins.sum()), wins.size)),
            "paired": float(paired.mean()), "paired_interval": list(mean_interval(paired, False)),
            "deals_per_game": float(np.mean([k for _g, _t, k, _s in rows])),
            "unfinished": sum(1 for _g, _t, k, score in rows if not game_over(rules, score, k))}


def summarize(a: str, b: str, seed: int, rules: Rules, tables) -> MatchResult:
    """The :class:`MatchResult` of a list of :class:`TableRecord` (2 per deal, in deal order)."""
    tables = tuple(tables)
    nets = np.array([t.net for t in tables], dtype=np.float64).reshape(-1, 2)
    paired = nets.mean(axis=1)
    n = paired.size
    won, lost = int((paired > 0).sum()), int((paired < 0).sum())
    forfeits = tuple({"deal": t.deal, "table": t.table, "agent": t.forfeited_by, **t.forfeit.to_dict(),
                      **({} if t.game is None else {"game": t.game})}
                     for t in tables if t.forfeit is not None)
    return MatchResult(a, b, n, seed, rules, tables, float(paired.mean()), mean_interval(paired, False),
                       won / n, lost / n, (n - won - lost) / n, wilson(won, n),
                       _side_stats(tables, 0), _side_stats(tables, 1), forfeits)
