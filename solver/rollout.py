"""Rollouts: each option of a decision played to the end of the deal by the advisor agents at every seat.

The slow truth the fast valuations are measured against. As backgammon programs settle a close decision by
rolling it out with their strongest player (GNU Backgammon's rollouts: every candidate played on from the same
dice), each option of a bid question (each call: :class:`BidQuestion`) or of a card question (each legal card:
:class:`PlayQuestion`) is played on in every sampled world by
:class:`~solver.match.agents.AdvisorAgent` at every seat: the later calls, the dealer's discard, going and
defending alone, every card, each seat from its own view (its hand, the upcard, the calls and cards it has
seen; auction-aware worlds), through the match's referee (:func:`solver.match.referee.next_action`). The same
worlds and the same random numbers serve every option (common random numbers): seat ``s``'s agent in world
``j`` is seeded from ``(seed, j, s)`` whatever the option, so two options differ only where their play does.

Cost (one core, ``benchmarks/bench_rollout.py``): a deal played by four advisor agents at
:data:`AGENT_WORLDS` worlds a decision is a quarter of a second or so, so a question of ``w`` worlds and
``k`` options is ``w * k`` such deals. :class:`Rollout` spreads the worlds over processes or a Dask cluster,
shows progress on a terminal and keeps every finished world in a file, so an interrupted rollout resumes
where it stopped (a line is written whole or not at all; a torn last line is dropped on resume and its world
done again). The file's header records each part the figures depend on (:func:`question_parts`), and a file
that differs in one is refused, naming it. Ctrl-C stops the worker processes at once, every world finished by
then already in the file.

What it assumes: every seat plays as the project's advisor does (its bidding, its discard rule, its card
play, by default at :data:`AGENT_WORLDS` worlds a decision), which is stronger than the fitted single dummy's
PIMC seats over uniform worlds; the variant must be one the agents play (four players, no joker, no dummy
hands, no kitty exchange).
"""
from __future__ import annotations

import hashlib
import json
import multiprocessing
import os
import signal
import sys
from concurrent.futures import as_completed
from dataclasses import asdict, dataclass
from pathlib import Path

import numpy as np

from .advisor.method import Method
from .advisor.playout import world_hand
from .advisor.valuation import ROLLOUT_AGENT_WORLDS, register_roller
from .bounds import MAX_JOBS, MIN_WORLDS, check_int
from .cards import Card, Seat
from .errors import ArgumentError, EuchreError, quoted
from .game import Hand, Phase
from .game.deal import DealCards
from .game.view import SeatView
from .laws import TRICKS, side_of
from .bidding import DEFAULT_MODEL
from .match.agents import AdvisorAgent, PolicyAgent, legal_tokens
from .outfiles import check_target
from .match.referee import next_action
from .review.cluster import cluster_executor, parse_cluster
from .rules import Rules
from .version import __version__

#: Worlds each agent decision of a rollout draws (the match's advisor agent; fewer is faster and weaker).
AGENT_WORLDS = ROLLOUT_AGENT_WORLDS
#: The most worlds an agent decision may draw in a rollout.
MAX_AGENT_WORLDS = 2000
#: Who makes the other seats' calls in a rollout (:class:`Rollout` ``later_calls``).
LATER_CALLS = ("agents", "model")
#: The layout of a rollout file's lines (the header's ``"rollout"``).
FILE_VERSION = 1


@dataclass(frozen=True)
class Rollout:
    """How a rollout runs (``advise(valuation="rollout", rollout=Rollout(...))``).

    Attributes:
        agent_worlds: worlds each agent decision draws (``MIN_WORLDS``, the advisor's
            fewest, ..:data:`MAX_AGENT_WORLDS`; default ``AGENT_WORLDS``).
        processes: worker processes on this machine (1: in this process).
        cluster: a Dask scheduler's address or ``"local:N"`` (``solver.review.cluster.parse_cluster()``);
            ``None``: none. Takes the place of ``processes``.
        path: a file that keeps every finished world (JSON lines); a rollout of the same question given the
            same file resumes from it. ``None``: nothing kept.
        progress: show a progress bar (on standard error).
        later_calls: who makes the other seats' calls: ``"agents"`` (the advisor agents, the default) or
            ``"model"`` (drawn from the default bidding model (``players-1``) for each seat's own
            hand, as the fast valuations have the later seats bid; the deciding seat's own later calls, the
            discards and every card stay the agents'): the rollout of the same auctions the fast valuations
            assume, which isolates their card play from their bidding.

    Raises:
        ArgumentError: a member out of its range, naming it.
    """

    agent_worlds: int = AGENT_WORLDS
    processes: int = 1
    cluster: str | None = None
    path: str | None = None
    progress: bool = False
    later_calls: str = "agents"

    def __post_init__(self):
        check_int(self.agent_worlds, "rollout agent_worlds", MIN_WORLDS, MAX_AGENT_WORLDS)
        check_int(self.processes, "rollout processes", 1, MAX_JOBS)
        if self.cluster is not None:
            parse_cluster(self.cluster)
        if self.path is not None and not isinstance(self.path, (str, os.PathLike)):
            raise ArgumentError(f"rollout path {quoted(self.path)}: expected a file path")
        if not isinstance(self.progress, bool):
            raise ArgumentError(f"rollout progress {self.progress!r}: must be True or False")
        if self.later_calls not in LATER_CALLS:
            raise ArgumentError(f"rollout later_calls {quoted(self.later_calls)}: one of {', '.join(LATER_CALLS)}")

    def to_dict(self) -> dict:
        """What the advice's JSON says of the rollout (the file and the cores are not part of the answer)."""
        if self.later_calls == "model":
            return {"agent_worlds": self.agent_worlds, "agents": "advisor at every seat",
                    "later_calls": f"the other seats' calls drawn from the bidding model {DEFAULT_MODEL.name}"}
        return {"agent_worlds": self.agent_worlds, "agents": "advisor at every seat"}


@dataclass(frozen=True)
class BidQuestion:
    """A bid decision as the rollout replays it in each world: the seat to bid, the dealer, the round, the
    upcard (a card index), the rules and the game's score (``None``: by points)."""

    seat: int
    dealer: int
    round: int
    upcard: int
    rules: Rules
    score: dict | None = None

    def key(self) -> list:
        """What of the question a rollout file's key hashes (:func:`question_key`)."""
        return [self.seat, self.dealer, self.round, self.upcard, self.rules.to_dict(), self.score]

    def start(self, hands, kitty, seed: int, world: int) -> Hand:
        """The :class:`~solver.game.Hand` of world ``world`` at the decision (:func:`decision_hand`)."""
        return decision_hand(self, hands, kitty)


@dataclass(frozen=True)
class PlayQuestion:
    """A card decision as the rollout replays it in each world: the :class:`~solver.game.SeatView` of the seat to
    play (its turn, the play of the tricks) and the game's score (``None``: by points)."""

    view: SeatView
    score: dict | None = None

    @property
    def seat(self) -> int:
        return int(self.view.seat)

    @property
    def rules(self) -> Rules:
        return self.view.rules

    def key(self) -> list:
        """What of the question a rollout file's key hashes (:func:`question_key`)."""
        return [self.view.to_dict(), self.score]

    def start(self, hands, kitty, seed: int, world: int) -> Hand:
        """The :class:`~solver.game.Hand` of world ``world`` at the decision
        (:func:`~solver.advisor.playout.world_hand`; an unknown discard of the dealer drawn from ``(seed, world)``,
        the same for every card)."""
        rng = np.random.default_rng(np.random.SeedSequence([int(seed), int(world), 0x6B6974]))
        return world_hand(self.view, hands, kitty, rng)


class _Scripted:
    """An agent that makes one given call or plays one given card (the option rolled out)."""

    trusted = True

    def __init__(self, token: str):
        self.token = token

    def bid(self, view) -> str:
        return self.token

    def play(self, view) -> str:
        return self.token


def agent_seed(seed: int, world: int, seat: int) -> int:
    """The seed of seat ``seat``'s agent in world ``world`` of a rollout of ``seed``: the same for every option."""
    return int(np.random.SeedSequence([int(seed), int(world), int(seat), 0x726F6C6C]).generate_state(1)[0])


def decision_hand(q: BidQuestion, hands, kitty) -> Hand:
    """The :class:`~solver.game.Hand` of one world at the decision: ``hands`` the four hands as dealt (4 uint32
    bitmasks), ``kitty`` the kitty's cards (the upcard among them or not), every seat before ``q.seat`` having
    passed (in round 2, every seat in round 1 too)."""
    up = int(q.upcard)
    h = Hand(q.rules, Seat(q.dealer))
    h.apply(DealCards(tuple(int(x) for x in hands), Card(up), int(kitty) & ~(1 << up)))
    if q.round == 2:
        while h.phase is Phase.BID1:
            h.apply("pass")
    while h.to_act != Seat(q.seat):
        h.apply("pass")
    return h


def play_on(hand: Hand, first, agents: dict) -> Hand:
    """``hand`` (not changed) played to its end: ``first`` answers the decision at hand, then ``agents``
    (``{Seat: agent}``) every later one, through the referee's checks (:func:`solver.match.referee.next_action`).
    Returns the finished hand. An agent's illegal or garbage answer raises :class:`~solver.errors.EuchreError`."""
    h = hand.copy()
    alone_said: dict = {}
    agent = first
    while not h.is_over:
        try:
            action = next_action(h, agent, alone_said)
        except ValueError as exc:
            if isinstance(exc, EuchreError):
                raise
            raise EuchreError(f"rollout: {h.to_act}'s agent: {exc.args[-1]}") from None
        h.apply(action)
        agent = agents.get(h.to_act) if not h.is_over else None
    return h


class ModelBidder(AdvisorAgent):
    """An advisor agent whose calls are drawn from the bidding model for its own hand (the chances of
    :meth:`~solver.match.agents.PolicyAgent.call_chances`, with the agent's seeded stream), as the fast
    valuations have the later seats bid; its discards, defence and cards are the advisor's."""

    def bid(self, view) -> str:
        if view.phase not in (Phase.BID1, Phase.BID2):
            return super().bid(view)
        legal = legal_tokens(view, "bid")
        chances = PolicyAgent(self.model).call_chances(view)
        weights = [max(chances.get(t, 0.0), 0.0) for t in legal]
        return self.rng.choices(legal, weights)[0] if sum(weights) > 0 else legal[0]


def roll_world(q, hands, kitty, tokens, seed: int, world: int, agent_worlds: int, later_calls: str = "agents") -> list:
    """One world of a rollout of ``q`` (a :class:`BidQuestion` or :class:`PlayQuestion`): for each option of
    ``tokens`` (a call, ``"pass"``, ``"order alone"``, ``"call h"``; a card, ``"Jh"``),
    ``[maker seat or -1, trump or -1, alone, makers' tricks, points for the seat's side]`` of the deal played on
    from the decision by advisor agents seeded by :func:`agent_seed` (``later_calls="model"``: the other
    seats' calls by :class:`ModelBidder`)."""
    start = q.start(hands, kitty, seed, world)
    mine = side_of(int(q.seat), q.rules.players)
    out = []
    for token in tokens:
        agents = {}
        for s in range(4):
            kind = ModelBidder if later_calls == "model" and s != int(q.seat) else AdvisorAgent
            a = kind(method=Method(worlds=agent_worlds, seed=agent_seed(seed, world, s)))
            a.game_score(q.score)
            agents[Seat(s)] = a
        r = play_on(start, _Scripted(token), agents).result
        assert r is not None                      # play_on plays to the end
        points = int(r.points[mine]) - int(r.points[1 - mine])
        if r.thrown_in:
            out.append([-1, -1, False, 0, 0])
        else:
            assert r.maker is not None and r.trump is not None
            out.append([int(r.maker), int(r.trump), r.alone is not None, int(r.makers_tricks), points])
    return out


def _roll_chunk(args):
    q, rows, hands, kitty, tokens, seed, agent_worlds, later_calls = args
    return [(int(j), roll_world(q, hands[k], kitty[k], tokens, seed, int(j), agent_worlds, later_calls))
            for k, j in enumerate(rows)]


def _digest(*parts) -> str:
    h = hashlib.sha256()
    for part in parts:
        h.update(part if isinstance(part, bytes) else json.dumps(part, sort_keys=True).encode())
    return h.hexdigest()


def question_parts(q, worlds, tokens, seed: int, agent_worlds: int, later_calls: str = "agents") -> dict:
    """What a rollout's figures depend on, part by part, as a rollout file's header records it: ``question`` (a
    hash of the question: its kind, seat, dealer, round, upcard or view, rules and score), ``drawn`` (a hash of the
    worlds' hands and kitties), ``worlds`` (how many), ``tokens`` (the options), ``seed``, and the method:
    ``agent_worlds``, ``later_calls`` and the engine's ``version``. A resumed file must match each."""
    return {"question": _digest({"kind": type(q).__name__, "q": q.key()})[:32],
            "drawn": _digest(np.ascontiguousarray(worlds.hands, dtype=np.uint32).tobytes(),
                             np.ascontiguousarray(worlds.kitty, dtype=np.uint32).tobytes())[:32],
            "worlds": len(worlds), "tokens": list(tokens), "seed": int(seed), "agent_worlds": int(agent_worlds),
            "later_calls": later_calls, "version": __version__}


#: Each part of :func:`question_parts` in words, for the message naming what differs.
_PART_WORDS = {"question": "the question (hand, seat, dealer, round, upcard or view, rules, score)",
               "drawn": "the worlds drawn", "worlds": "the number of worlds", "tokens": "the options",
               "seed": "the seed", "agent_worlds": "the agents' worlds a decision", "later_calls": "the later calls",
               "version": "the engine's version"}


def question_key(q, worlds, tokens, seed: int, agent_worlds: int, later_calls: str = "agents") -> str:
    """A hash of everything a rollout's figures depend on: the question, its worlds, the options, the seed, the
    agents' worlds and the engine's version (a rollout file is resumed only by the same question)."""
    return _digest({"q": q.key(), "kind": type(q).__name__, "tokens": list(tokens),
                    "seed": int(seed), "agent_worlds": int(agent_worlds), "version": __version__,
                    **({} if later_calls == "agents" else {"later_calls": later_calls})},
                   np.ascontiguousarray(worlds.hands, dtype=np.uint32).tobytes(),
                   np.ascontiguousarray(worlds.kitty, dtype=np.uint32).tobytes())


def _differences(header: dict, parts: dict) -> str:
    """What of ``parts`` (this rollout's :func:`question_parts`) the file's ``header`` records otherwise, in words:
    ``"the seed (the file: 3, this rollout: 4)"``; ``""`` when every part it records is the same."""
    shown = ("worlds", "tokens", "seed", "agent_worlds", "later_calls", "version")
    out = [_PART_WORDS[name] + (f" (the file: {header[name]!r}, this rollout: {mine!r})" if name in shown else "")
           for name, mine in parts.items() if name in header and header[name] != mine]
    return "; ".join(out)


def _other_question(path: Path, header: dict, key: str, parts: dict | None) -> str | None:
    """Why the rollout file's ``header`` is not of this rollout's question (``key``, ``parts``), or ``None``."""
    differ = "" if parts is None else _differences(header, parts)
    if header.get("key") == key and not differ:
        return None
    if not differ:
        missing = [name for name in (parts or {}) if name not in header]
        differ = (f"a part its header does not record (an earlier layout: no {', '.join(missing)})" if missing
                  else "its key (the header was changed by hand?)")
    return (f"rollout file {quoted(str(path))}: it keeps a rollout of another question or method; it differs in "
            f"{differ}; give another file")


def _read_file(path: Path, key: str, parts: dict | None = None) -> dict:
    """The finished worlds of a rollout file of question ``key`` (``{world: results}``); a torn last line
    (an interrupted write: no newline) is cut off the file, never read, and its world done again. Raises
    :class:`~solver.errors.EuchreError` naming the path for a file of another question or method (naming what
    differs from ``parts``, :func:`question_parts`), not a rollout file, a line that is not a world's result, or
    a world written twice."""
    done: dict = {}
    header: dict = {}
    check_target(path, "rollout file")            # a regular file or none: never a FIFO, a device or a link
    if not path.exists():
        return done
    raw = path.read_bytes()
    good = 0
    for k, line in enumerate(raw.splitlines(keepends=True)):
        if not line.endswith(b"\n"):
            if k == 0:                           # no whole header: not a file this module wrote; never cut it
                raise EuchreError(f"rollout file {quoted(str(path))}: not a rollout file (no header line)")
            break                                # torn: written in part when the run stopped
        try:
            row = json.loads(line)
        except ValueError:
            raise EuchreError(f"rollout file {quoted(str(path))}, line {k + 1}: not JSON") from None
        if k == 0:
            if not isinstance(row, dict) or row.get("rollout") != FILE_VERSION:
                raise EuchreError(f"rollout file {quoted(str(path))}: not a rollout file (its first line has no "
                                  f"\"rollout\": {FILE_VERSION})")
            other = _other_question(path, row, key, parts)
            if other is not None:
                raise EuchreError(other)
        else:
            j, results = _checked_row(row, header)
            if j is None:
                raise EuchreError(f"rollout file {quoted(str(path))}, line {k + 1}: {results}")
            if j in done:
                raise EuchreError(f"rollout file {quoted(str(path))}, line {k + 1}: world {j} again (two runs "
                                  "writing the file at once?); give another file")
            done[j] = results
        if k == 0:
            header = row
        good += len(line)
    if good < len(raw):
        with open(path, "r+b") as f:
            f.truncate(good)
    return done


def _checked_row(row, header: dict):
    """``(world, results)`` of a rollout file's line, or ``(None, why)`` when it is not one this module wrote for
    the header's question (a world in range, one ``[maker, trump, alone, tricks, points]`` per call, each figure
    within what a deal can give)."""
    if not isinstance(row, dict) or not isinstance(row.get("world"), int) or isinstance(row.get("world"), bool):
        return None, "expected {\"world\": N, \"results\": [...]}"
    j, results = row["world"], row.get("results")
    if not 0 <= j < int(header.get("worlds", 0)):
        return None, f"world {j!r} is not one of the header's {header.get('worlds')} worlds"
    calls = header.get("tokens", [])
    if not isinstance(results, list) or len(results) != len(calls):
        return None, f"world {j}: expected one result per call ({len(calls)})"
    for r in results:
        if (not isinstance(r, list) or len(r) != 5 or not all(isinstance(x, int) for x in r)
                or not -1 <= r[0] <= 3 or not -1 <= r[1] <= 4 or r[2] not in (0, 1) or not 0 <= r[3] <= 5
                or not -100 <= r[4] <= 100):
            return None, f"world {j}: {r!r} is not a deal's result [maker, trump, alone, tricks, points]"
    return j, results


def _ignore_sigint() -> None:
    """A worker process's initializer: Ctrl-C is the parent's to handle (it terminates the pool), so a worker
    neither dies with a traceback of its own nor starts its next task as if nothing happened."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _roll_in_processes(jobs: list, processes: int, keep) -> None:
    """Each job (one world: :func:`_roll_chunk`'s arguments) in a pool of ``processes`` worker processes, each
    world kept (``keep(j, results)``) as soon as it is done, in whatever order they finish. On any exception,
    Ctrl-C included, the pool is terminated at once (the worlds under way are lost, every finished one kept) and
    the exception goes on."""
    pool = multiprocessing.get_context().Pool(processes, initializer=_ignore_sigint)
    try:
        for got in pool.imap_unordered(_roll_chunk, jobs):
            for j, results in got:
                keep(j, results)
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()


def _roll_on_cluster(jobs: list, cluster: str, keep) -> None:
    """Each job (a chunk of worlds) on the Dask cluster ``cluster``, each chunk kept as it finishes; on any
    exception, Ctrl-C included, the chunks not yet done are cancelled and the exception goes on."""
    with cluster_executor(cluster) as (pool, _threads):
        futures = [pool.submit(_roll_chunk, job) for job in jobs]
        try:
            for done in as_completed(futures):
                for j, results in done.result():
                    keep(j, results)
        except BaseException:
            for f in futures:
                f.cancel()
            raise


def rollout_bids(q, worlds, tokens, seed: int, spec: Rollout) -> np.ndarray:
    """int64 (n, len(tokens), 5): every world of ``worlds`` (a :class:`~solver.worlds.Worlds`) rolled out for
    every option of ``tokens`` (:func:`roll_world`'s five figures), in the worlds' order; ``q`` a
    :class:`BidQuestion` or a :class:`PlayQuestion`.

    Raises:
        EuchreError: a rollout file of another question (:class:`Rollout` ``path``), an agent that fails.
    """
    n = len(worlds)
    tokens = list(tokens)
    key = question_key(q, worlds, tokens, seed, spec.agent_worlds, spec.later_calls)
    parts = question_parts(q, worlds, tokens, seed, spec.agent_worlds, spec.later_calls)
    path = None if spec.path is None else Path(spec.path)
    done = {} if path is None else _read_file(path, key, parts)
    todo = [j for j in range(n) if j not in done]
    sink = None
    if path is not None:
        fresh = not path.exists() or path.stat().st_size == 0
        sink = open(path, "a", encoding="utf-8")
        if fresh:
            sink.write(json.dumps({"rollout": FILE_VERSION, "key": key, **parts}) + "\n")
            sink.flush()
    bar = None
    if spec.progress:
        from tqdm import tqdm  # type: ignore[import-untyped]
        bar = tqdm(total=n, initial=n - len(todo), desc="rollout", unit="world", file=sys.stderr)

    def keep(j, results):
        done[j] = results
        if sink is not None:                      # one write a line: whole or, if the run dies in it, torn
            sink.write(json.dumps({"world": j, "results": results}) + "\n")
            sink.flush()
        if bar is not None:
            bar.update(1)

    try:
        if spec.processes == 1 and spec.cluster is None:
            for j in todo:
                keep(j, roll_world(q, worlds.hands[j], worlds.kitty[j], tokens, seed, j, spec.agent_worlds,
                                   spec.later_calls))
        elif todo:
            # a world a task here (a world is a quarter of a second or more: the hand-off costs little, and an
            # interrupted run keeps every world finished); a cluster's round trips are dearer, so chunks there
            size = 1 if spec.cluster is None else max(1, min(8, len(todo) // 8))
            jobs = [(q, np.array(c), worlds.hands[c], worlds.kitty[c], tokens, seed, spec.agent_worlds,
                     spec.later_calls)
                    for c in (todo[i:i + size] for i in range(0, len(todo), size))]
            if spec.cluster is None:
                _roll_in_processes(jobs, spec.processes, keep)
            else:
                _roll_on_cluster(jobs, spec.cluster, keep)
    finally:
        if sink is not None:
            sink.close()
        if bar is not None:
            bar.close()
    return np.array([done[j] for j in range(n)], dtype=np.int64)


def roll_bids(seat: int, dealer: int, rnd: int, upcard: int, rules, score, worlds, tokens, seed: int,
              rollout=None) -> np.ndarray:
    """:func:`rollout_bids` of the bid question of :func:`solver.advise` (what ``valuation="rollout"`` calls):
    ``rollout`` a :class:`Rollout` or ``None`` (its defaults). Raises :class:`~solver.errors.ArgumentError`
    for a ``rollout`` of another type."""
    if rollout is None:
        rollout = Rollout()
    if not isinstance(rollout, Rollout):
        raise ArgumentError(f"rollout {rollout!r}: expected a solver.rollout.Rollout (or None: its defaults)")
    q = BidQuestion(int(seat), int(dealer), int(rnd), int(upcard), rules, score)
    return rollout_bids(q, worlds, tokens, seed, rollout)


def roll_plays(view: SeatView, worlds, cards, seed: int, rollout=None, score=None) -> list:
    """What ``advise_play(valuation="rollout")`` calls: for each card of ``cards`` (card indices, legal for the
    seat of ``view`` to play), int64 (n,) side 0's tricks of the hand in each world of ``worlds`` (a
    :class:`~solver.inference.ViewWorlds`), the card played and the deal played on by the advisor agents
    (:func:`rollout_bids` of a :class:`PlayQuestion`). Raises :class:`~solver.errors.ArgumentError` for a
    ``rollout`` of another type."""
    if rollout is None:
        rollout = Rollout()
    if not isinstance(rollout, Rollout):
        raise ArgumentError(f"rollout {rollout!r}: expected a solver.rollout.Rollout (or None: its defaults)")
    tokens = [str(Card(c)) for c in cards]
    got = rollout_bids(PlayQuestion(view, score), worlds, tokens, seed, rollout)
    makers0 = view.makers == 0
    out = []
    for k in range(len(tokens)):
        tricks = got[:, k, 3]
        out.append(tricks if makers0 else TRICKS - tricks)
    return out


register_roller(roll_bids)
register_roller(roll_plays, "plays")
register_roller(Rollout, "spec")

__all__ = ["roll_bids", "roll_plays", "AGENT_WORLDS", "MAX_AGENT_WORLDS", "Rollout", "BidQuestion",
           "PlayQuestion", "agent_seed",
           "decision_hand", "play_on", "roll_world", "rollout_bids", "question_key", "question_parts"]
