"""A corpus review: every record under some paths, one JSON line per deal, on any executor.

:func:`review_corpus` walks the paths (directories recursively, hidden names skipped), reads
each file (:func:`~solver.records.read_record_file`: a regular file of at most 16 MiB), hashes
its bytes (SHA-256), loads it (:func:`~solver.records.load_game`: EGN or a dummy-hands record)
and sends each deal as a task to the executor: in this process, a pool of worker processes, or
a Dask cluster (:mod:`.cluster`). Each finished deal is a line of the results file
(:mod:`.lines` has the layout), written and flushed at once, so a run killed at any point
keeps what it did and a rerun with the same ``out`` resumes.

Same result whatever runs it: a record's seed comes from the run's seed and the record's hash
(:func:`~.seeds.record_seed`), each decision's stream from that seed, the deal's index and the
decision's index, never from the order of completion. Without a run seed a record is
reviewed with its own content seed, so each line is the deal of ``euchre review FILE``.

What goes wrong is reported, not fatal: a file that is not a record, cannot be read or fails
its schema is a file line with the reason; a second file with the same bytes is a file line
naming the first (its deals are reviewed once); a deal whose review raises is a deal line with
the error; a deal whose worker dies is tried again, up to :data:`MAX_ATTEMPTS` times in all,
then is a deal line with the error. A rerun does again every deal without a review.
"""
from __future__ import annotations

import hashlib
import os
import sys
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Iterable
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field

from .. import render
from ..bidding import resolve_model
from ..errors import EuchreError, quoted, shorten
from ..outfiles import check_target
from ..records import load_game, read_record_file, read_source
from ..rules import Rules
from ..version import VERSION
from ..advisor.valuation import default_valuation, unsupported, valuation_strategy
from ..advisor.method import Method, member_keywords
from ..examples import EXAMPLES
from .deals import (REVIEW_DEFAULTS, check_confirm, check_inference_option, check_jobs, check_options,
                    check_valuation_option, model_fields, review_deal, review_method)
from .lines import CONFIG_FIELDS, LINE_VERSION, deal_key, dumps, finite, line_valuation, read_results
from .seeds import record_seed

#: Tries of one deal (the first included) before a worker that keeps dying makes it an error line.
MAX_ATTEMPTS = 3
#: Seconds between looks at a cluster's workers while no deal finishes (see cluster_executor).
WORKER_POLL = 2.0
#: Tasks in flight per worker thread (more keeps workers busy; fewer holds less in memory).
WINDOW_PER_WORKER = 4
#: Tasks in flight on an executor whose size is not known (one given as ``executor=``).
DEFAULT_WINDOW = 64
_CACHE_SIZE = 16          # records a worker keeps loaded, by hash

def record_valuation(config: dict, rules) -> str:
    """The calls' valuation of a record under ``rules``: the one asked for, or where none was (the run's
    default), the default of the record's own variant (:func:`solver.advisor.valuation.default_valuation`:
    single dummy where it has its table, else double dummy), so a default run reviews every variant."""
    if config["valuation_given"] or unsupported(config["valuation"], rules) is None:
        return config["valuation"]
    return default_valuation(rules)


_WORKER_GAMES: OrderedDict = OrderedDict()
_CACHE_LOCK = threading.Lock()


def _review_task(data: bytes, sha256: str, index: int, worlds: int, seed: int, inference: bool, confirm: int,
                 score: bool, threads: int, model, valuation: str, inner_worlds: int, attempt: int) -> dict:
    """One deal reviewed (in a worker): ``{"review": dict | None, "error": str | None, "seconds",
    "cpu_seconds"}``.

    Every error of the review itself is caught here, so an exception from the task's future
    means the worker was lost (it is then retried). ``attempt`` only makes each try a new task.
    """
    start, cpu = time.perf_counter(), time.thread_time()
    try:
        with _CACHE_LOCK:                   # a Dask worker may run several tasks in threads
            game = _WORKER_GAMES.get(sha256)
            if game is not None:
                _WORKER_GAMES.move_to_end(sha256)
        if game is None:
            game = load_game(data)
            with _CACHE_LOCK:
                _WORKER_GAMES[sha256] = game
                while len(_WORKER_GAMES) > _CACHE_SIZE:
                    _WORKER_GAMES.popitem(last=False)
        method = Method(worlds=worlds, seed=seed, threads=threads, inference=inference, model=model,
                        examples=EXAMPLES, valuation=valuation, inner_worlds=inner_worlds)
        deal = review_deal(game, index, method=method, confirm=confirm, score=score)
        out = {"review": deal.to_dict(), "error": None}
    except EuchreError as exc:
        out = {"review": None, "error": str(exc)}
    except Exception as exc:        # a fault of the engine: reported on the deal's line, the run goes on
        out = {"review": None, "error": f"internal error: {type(exc).__name__}: {shorten(str(exc), 300)}"}
    out["seconds"] = round(time.perf_counter() - start, 4)
    out["cpu_seconds"] = round(time.thread_time() - cpu, 4)     # the solver runs in this thread (threads=1)
    return out


@dataclass
class FileReport:
    """What became of one file of the corpus.

    Attributes:
        path: as found (a directory's files joined to it).
        status: ``"reviewed"`` (its deals have lines: new, or done by an earlier run),
            ``"duplicate"`` (the same bytes as ``duplicate_of``: reviewed once, there) or
            ``"error"`` (``message`` says why: not a record, unreadable, failing its schema).
        sha256: hex digest of its bytes (``None`` when unreadable); deals: its deals.
        reviewed, skipped, failed: its deals reviewed now, found done in ``out``, ending in an error.
    """

    path: str
    status: str
    sha256: str | None = None
    deals: int = 0
    message: str | None = None
    duplicate_of: str | None = None
    reviewed: int = 0
    skipped: int = 0
    failed: int = 0

    def to_dict(self) -> dict:
        return {"path": self.path, "status": self.status, "sha256": self.sha256, "deals": self.deals,
                "message": self.message, "duplicate_of": self.duplicate_of, "reviewed": self.reviewed,
                "skipped": self.skipped, "failed": self.failed}


@dataclass
class CorpusResult:
    """The outcome of :func:`review_corpus`.

    Attributes:
        out: the results file (``None``: the lines are in :attr:`lines`; ``"-"``: standard output).
        worlds, seed, model, engine, score: the run's options (its lines' key).
        files: a :class:`FileReport` per file found, in the order found.
        reviewed, skipped, failed: deals reviewed in this run, already done in ``out``,
            ending in an error line.
        seconds: the run's wall time (a cluster's start not counted); workers: the executor's worker
            threads (``None``: unknown).
        lines: the lines written (only when ``out`` is ``None``).
    """

    out: str | None
    worlds: int
    seed: int | None
    model: str | None
    engine: str
    files: list = field(default_factory=list)
    reviewed: int = 0
    skipped: int = 0
    failed: int = 0
    seconds: float = 0.0
    workers: int | None = None
    lines: list | None = None
    score: bool = True

    @property
    def records(self) -> int:
        """Distinct records found (files reviewed, duplicates not counted)."""
        return sum(1 for f in self.files if f.status == "reviewed")

    @property
    def deals_per_second(self) -> float:
        """Deals reviewed in this run per second of wall time."""
        return self.reviewed / self.seconds if self.seconds > 0 else 0.0

    def to_dict(self) -> dict:
        return {"out": self.out, "worlds": self.worlds, "seed": self.seed, "model": self.model,
                "score": self.score, "engine": self.engine, "records": self.records, "reviewed": self.reviewed,
                "skipped": self.skipped, "failed": self.failed, "seconds": round(self.seconds, 3),
                "deals_per_second": round(self.deals_per_second, 3), "workers": self.workers,
                "files": [f.to_dict() for f in self.files]}

    def text(self) -> str:
        """The run's summary for people (``solver.render.corpus_text()``)."""
        return render.corpus_text(self)

    def __str__(self) -> str:
        return self.text()


def corpus_files(paths) -> list:
    """The files under ``paths``, in order: a directory's files recursively, sorted by name,
    names starting with ``.`` skipped; any other path as given (checked when read). Returns
    ``[(path, None) | (path, why it cannot be listed)]``. ``paths`` may be one path; a path in
    bytes is decoded as the file system does (:func:`os.fsdecode`). Raises
    :class:`~solver.EuchreError` for a value that is neither a path nor an iterable of paths."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    if not isinstance(paths, Iterable):
        raise EuchreError(f"paths {quoted(paths)}: expected files and directories (a list of paths)")
    out = []
    for p in paths:
        if not isinstance(p, (str, bytes, os.PathLike)):
            raise EuchreError(f"path {quoted(p)}: a {type(p).__name__}, expected a file or directory name")
        p = os.fsdecode(p)
        if not os.path.isdir(p):
            out.append((p, None))
            continue
        stack = [p]
        while stack:
            top = stack.pop()
            try:
                with os.scandir(top) as it:
                    entries = sorted(it, key=lambda e: e.name)
            except OSError as exc:
                out.append((top, f"{_name(top)}: the directory cannot be read: {exc.strerror or exc}"))
                continue
            dirs = []
            for e in entries:
                if e.name.startswith("."):
                    continue
                try:
                    is_dir = e.is_dir(follow_symlinks=False)
                except OSError:
                    is_dir = False
                if is_dir:
                    dirs.append(e.path)
                else:
                    out.append((e.path, None))
            stack.extend(reversed(dirs))
    return out


def _same_file(a, b) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:                      # a dangling link, a file gone: not the results file
        return False


def _name(path: str) -> str:
    return shorten(path if path.isprintable() else quoted(path))


class _Output:
    """Where the lines go: appended to a file (after its cut-off tail is removed), written to a
    stream, or kept in a list."""

    def __init__(self, out):
        self.path, self.fh, self.lines, self.own, self.created = None, None, None, False, False
        self.file_lines = set()             # file lines already in the file: not written again
        if out is None:
            self.lines = []
        elif out == "-":
            self.fh = sys.stdout
        elif hasattr(out, "write"):
            self.fh = out
        else:
            self.path = os.fspath(out)

    def done_keys(self, config: dict) -> tuple:
        """``(done, deals)`` from the existing file: the ``(sha256, deal)`` of the deal lines with
        a review under ``config``'s key, and the deal count of each hash seen; the file's cut-off
        last line (a run killed mid-write) removed."""
        done, counts = set(), {}
        if self.path is None or not os.path.exists(self.path):
            return done, counts
        want = tuple(config[k] for k in CONFIG_FIELDS)                               # as deal_key, less the valuation

        def visit(line):
            if line["kind"] == "file":
                self.file_lines.add(_file_key(line))
            if line["kind"] != "deal" or line.get("review") is None:
                return
            try:
                key = deal_key(line)
                valuation = line_valuation({"valuation": record_valuation(config, Rules.from_dict(line["rules"])),
                                            "inner_worlds": config["inner_worlds"]})
            except (KeyError, TypeError, ValueError, EuchreError):
                return
            if key[2:] == want + (valuation,):
                done.add(key[:2])
                counts[key[0]] = line.get("deals")
        end, cut = read_results(self.path, visit)
        try:
            with open(self.path, "r+b") as fh:
                if cut:
                    fh.truncate(end)
                if end:
                    fh.seek(end - 1)
                    if fh.read(1) != b"\n":     # a whole last line without its line feed
                        fh.write(b"\n")
        except OSError as exc:
            raise EuchreError(f"--out {_name(self.path)}: cannot be written: {exc.strerror or exc}") from None
        return done, counts

    def open(self):
        """Open the file to append, locked against a second run writing to it at the same time."""
        if self.path is None:
            return
        # appended to (a run resumes it), so not replaced whole as other outputs are; but as they are, only a
        # regular file: a FIFO would block, a device or a link would be written through
        check_target(self.path, "--out")
        self.created = not os.path.exists(self.path)
        try:
            self.fh = open(self.path, "a", encoding="ascii")
        except OSError as exc:
            raise EuchreError(f"--out {_name(self.path)}: cannot be written: {exc.strerror or exc}") from None
        self.own = True
        try:
            import fcntl
        except ImportError:         # not POSIX: no lock
            return
        try:
            fcntl.flock(self.fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            self.close()
            raise EuchreError(f"--out {_name(self.path)}: another run is writing to it") from None

    def write(self, line: dict) -> None:
        if line["kind"] == "file":
            key = _file_key(line)
            if key in self.file_lines:
                return
            self.file_lines.add(key)
        if self.lines is not None:
            self.lines.append(finite(line))        # as the file would hold it
        else:
            self.fh.write(dumps(line))
            self.fh.flush()

    def close(self):
        if self.own and self.fh is not None:
            self.fh.close()
            self.fh = None

    def discard_if_empty(self):
        """After a run that failed before writing a line: remove the file if this run made it."""
        if self.own and self.created and self.fh is not None and self.fh.tell() == 0:
            self.close()
            try:
                os.remove(self.path)
            except OSError:             # gone already, or not ours to remove after all: leave it
                pass


def _file_key(line: dict) -> tuple:
    return tuple(line.get(k) for k in ("path", "sha256", "error", "duplicate_of", "engine"))


@dataclass
class _Task:
    base: dict                  # the deal line's members shared by the record's deals
    data: bytes
    index: int
    report: FileReport
    attempts: int = 0


def review_corpus(paths, *, method=None, executor=None, out=None, jobs: int = 1, cluster: str | None = None,
                  confirm: int | None = None, score: bool = True, progress: bool | None = None,
                  **members) -> CorpusResult:
    """Review every record under ``paths``: one line per deal (``solver.review.lines``).

    Args:
        paths: files and directories (a directory's files recursively; a name starting with
            ``.`` skipped). Every file found is reported: reviewed, a duplicate, or an error.
        method: the judging method as one value (a :class:`~solver.advisor.method.Method` or a dict of its
            members; ``None``: the defaults), as :func:`~solver.review.review_game`'s ``method``, with two
            differences: a corpus line has no examples, so its ``examples`` must stay 0, and its ``seed`` is the
            run's (0..2**63-1): each record's own is derived from it and the record's hash (``record_seed()``);
            ``None``: each record's content seed, as ``euchre review FILE`` (the lines are that review's deals).
            The bidding model's name and the valuation's are part of the lines' key, so a run under another
            model or valuation does not resume one under the default; a record whose variant does not support
            the valuation gets an error on its deals' lines.
        executor: any :class:`concurrent.futures.Executor` to run the deals on (a
            ``ProcessPoolExecutor``, a Dask ``Client(...).get_executor()``); ``None``: this
            process, or ``jobs`` worker processes, or ``cluster``. Left open on return.
        out: the results file (a path: appended to; deals already in it with a review under
            the same key are skipped, so an interrupted run resumes), ``"-"`` (standard
            output), a text stream, or ``None`` (the lines are returned in :attr:`CorpusResult.lines`).
        jobs: worker processes of a pool made for this run (1: this process).
        cluster: a Dask cluster, ``"tcp://HOST:PORT"`` or ``"local:N"`` (``solver.review.cluster``). A run on
            it stops (an error; the lines written stay) when it has had no worker for
            ``WORKER_TIMEOUT`` seconds; a Dask executor given as ``executor`` is not
            watched so and waits for workers to come back.
        confirm, score: as :func:`~solver.review.review_game` (``score``: each deal judged by the chance of
            winning the game from the score before it; ``False``: by points).
        progress: a progress bar on standard error (deals done, the time left); ``None``: when
            standard error is a terminal.
        members: deprecated, for one release: ``worlds`` (200), ``seed`` (``None``), ``threads`` (1),
            ``inference`` (``True``), ``model``, ``valuation`` and ``inner_worlds`` as keywords, each with a
            :class:`DeprecationWarning`; not with ``method``.

    Returns: a :class:`CorpusResult`.

    Raises :class:`~solver.EuchreError`: bad options, an ``out`` that cannot be read back
    or written, a cluster that does not answer or has lost every worker; nothing about a single file
    or deal.
    """
    members = member_keywords(review_corpus, members, _CORPUS_DEFAULTS, method)
    worlds, seed, threads, inference, model, valuation, inner_worlds = review_method(
        method, review_corpus, members).values()
    worlds, _, threads = check_options(worlds, 0, threads)
    if seed is not None:
        seed = check_options(worlds, seed, threads)[1]
    jobs = check_jobs(jobs)
    inference = check_inference_option(inference)
    confirm = check_confirm(confirm, inference)
    if (executor is not None) + (cluster is not None) + (jobs > 1) > 1:
        raise EuchreError("give one of executor, jobs > 1 and cluster: they are three ways to run the deals")
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    model = resolve_model(model)
    # the name checked here (a bad one fails before any work); each record's variant on its own deals
    explicit = valuation is not None
    valuation, inner_worlds = check_valuation_option(valuation, inner_worlds, inference, None)
    how = model_fields(inference, confirm, model=model)
    config = {"engine": VERSION, "model": how["model"], "inference": how["inference"],
              "confirm": how["confirm"], "score": bool(score), "seed": seed, "worlds": worlds,
              "valuation": valuation, "inner_worlds": inner_worlds, "valuation_given": explicit}
    if out is None or isinstance(out, (str, os.PathLike)):
        shown = None if out is None else os.fspath(out)
    else:
        shown = str(getattr(out, "name", "<stream>"))
    result = CorpusResult(shown, worlds, seed, how["model"], VERSION, score=bool(score))
    output = _Output(out)
    output.open()
    try:
        done, counts = output.done_keys(config)
    except EuchreError:
        output.close()
        raise
    found = corpus_files(paths)
    if output.path is not None:          # the results file may sit among the records: it is not one
        found = [(p, why) for p, why in found if not _same_file(p, output.path)]
    if progress is None:
        progress = sys.stderr.isatty()
    try:
        if cluster is not None:
            from .cluster import cluster_executor
            with cluster_executor(cluster) as (ex, workers):
                result.workers = workers
                _run(found, config, done, counts, output, result, ex, workers * WINDOW_PER_WORKER, None,
                     threads, progress, model)
        elif executor is not None:
            _run(found, config, done, counts, output, result, executor, DEFAULT_WINDOW, None, threads, progress, model)
        elif jobs > 1:
            result.workers = jobs
            _run(found, config, done, counts, output, result, None, jobs * WINDOW_PER_WORKER,
                 lambda: ProcessPoolExecutor(max_workers=jobs), threads, progress, model)
        else:
            result.workers = 1
            _run(found, config, done, counts, output, result, None, 1, None, threads, progress, model)
    except BaseException:
        output.discard_if_empty()       # e.g. a cluster that did not answer: no empty results file left
        raise
    finally:
        output.close()
        result.lines = output.lines
    return result


#: The corpus review's own defaults of the members it reads, without a method (its deprecated keywords').
_CORPUS_DEFAULTS = {name: value for name, value in REVIEW_DEFAULTS.items() if name != "examples"}


def _records(found, config, done, counts, output, result):
    """The tasks of the corpus, file by file (read, hashed and loaded only when reached)."""
    seen = {}
    for path, problem in found:
        if problem is not None:
            report = FileReport(path, "error", message=problem)
            result.files.append(report)
            output.write(_file_line(report, config))
            continue
        try:
            data = read_record_file(path)
        except EuchreError as exc:
            report = FileReport(path, "error", message=str(exc))
            result.files.append(report)
            output.write(_file_line(report, config))
            continue
        sha = hashlib.sha256(data).hexdigest()
        if sha in seen:
            report = FileReport(path, "duplicate", sha, seen[sha].deals, duplicate_of=seen[sha].path,
                                message=f"the same bytes as {seen[sha].path}: its deals are reviewed once, there")
            result.files.append(report)
            output.write(_file_line(report, config))
            continue
        n = counts.get(sha)
        if isinstance(n, int) and all((sha, i) in done for i in range(n)):    # done before: not loaded again
            report = seen[sha] = FileReport(path, "reviewed", sha, n, skipped=n)
            result.files.append(report)
            result.skipped += n
            yield report, []
            continue
        try:
            game = load_game(data)
            record = read_source(data)[1]
        except EuchreError as exc:
            text = str(exc)
            if text.startswith("<text>"):
                text = _name(path) + text[len("<text>"):]
            report = FileReport(path, "error", sha, message=text)
            result.files.append(report)
            output.write(_file_line(report, config))
            seen[sha] = report
            continue
        report = seen[sha] = FileReport(path, "reviewed", sha, len(game.deals))
        result.files.append(report)
        used = record_valuation(config, game.rules)
        base = {"kind": "deal", "version": LINE_VERSION, "path": path, "sha256": sha, "deal": None,
                "deals": len(game.deals), "title": game.metadata.get("title") or os.path.basename(path),
                "names": list(game.players), "rules": game.rules.to_dict(), "engine": config["engine"],
                "model": config["model"], "inference": config["inference"], "confirm": config["confirm"],
                "score": config["score"], "valuation": used,
                **({"inner_worlds": config["inner_worlds"]} if valuation_strategy(used).uses_inner_worlds else {}),
                "seed": config["seed"], "record_seed": record_seed(config["seed"], sha, record),
                "worlds": config["worlds"]}
        tasks = []
        for i in range(len(game.deals)):
            if (sha, i) in done:
                report.skipped += 1
                result.skipped += 1
            else:
                tasks.append(_Task(base, data, i, report))
        yield report, tasks


def _file_line(report: FileReport, config: dict) -> dict:
    return {"kind": "file", "version": LINE_VERSION, "path": report.path, "sha256": report.sha256,
            "error": report.message if report.status == "error" else None, "duplicate_of": report.duplicate_of,
            "engine": config["engine"]}


def _run(found, config, done, counts, output, result, executor, window, make_pool, threads, progress, model=None):
    """Submit the deals, at most ``window`` in flight, and write each line as its deal finishes.

    ``executor`` ``None`` and no ``make_pool``: in this process. ``make_pool``: a pool owned by
    the run, made again when a worker's death breaks it.
    """
    start = time.perf_counter()             # the executor is up: a cluster's start is not counted
    bar = None
    if progress:
        from tqdm import tqdm
        bar = tqdm(total=0, unit="deal", desc="reviewing", file=sys.stderr)
    files_total, files_seen, deals_known = len(found), 0, 0

    def finish(task: _Task, res: dict) -> None:
        line = dict(task.base, deal=task.index, review=res["review"], error=res["error"],
                    attempts=task.attempts, seconds=res.get("seconds"), cpu_seconds=res.get("cpu_seconds"))
        output.write(line)
        if res["error"] is None:
            task.report.reviewed += 1
            result.reviewed += 1
        else:
            task.report.failed += 1
            result.failed += 1
        if bar is not None:
            bar.update(1)

    def args(task: _Task) -> tuple:
        return (task.data, task.base["sha256"], task.index, config["worlds"], task.base["record_seed"],
                config["inference"], config["confirm"], config["score"], threads, model, task.base["valuation"],
                config["inner_worlds"], task.attempts)

    records = _records(found, config, done, counts, output, result)
    pending: deque = deque()

    def refill() -> bool:
        """Load records until a task is pending; ``False`` when none are left."""
        nonlocal files_seen, deals_known
        while not pending:
            item = next(records, None)
            if item is None:
                return False
            report, tasks = item
            files_seen, deals_known = len(result.files), deals_known + len(tasks)
            pending.extend(tasks)
            if bar is not None:          # the total so far, and the files not yet read at the mean so far
                left = max(0, files_total - files_seen)
                bar.total = deals_known + round(left * deals_known / max(1, files_seen))
                bar.refresh()
        return True

    try:
        if executor is None and make_pool is None:
            while refill():
                task = pending.popleft()
                task.attempts = 1
                finish(task, _review_task(*args(task)))
            return
        pool, generation = (make_pool(), 0) if make_pool is not None else (executor, 0)
        inflight: dict = {}
        retry: deque = deque()
        # a cluster's executor says how many workers it has (cluster_executor): with none for its
        # worker_timeout the run stops, rather than waiting for ever on deals nobody will review
        alive = getattr(pool, "workers_alive", None)
        idle_since = None
        try:
            while True:
                while len(inflight) < window and (retry or refill()):
                    task = retry.popleft() if retry else pending.popleft()
                    task.attempts += 1
                    try:
                        fut = pool.submit(_review_task, *args(task))
                    except (BrokenProcessPool, RuntimeError) as exc:
                        if make_pool is None:
                            raise EuchreError(f"the executor takes no more work ({type(exc).__name__}: {exc}); "
                                              "rerun with the same out to do the rest") from None
                        pool.shutdown(wait=False, cancel_futures=True)
                        pool, generation = make_pool(), generation + 1
                        fut = pool.submit(_review_task, *args(task))
                    inflight[fut] = (task, generation)
                if not inflight:
                    break
                finished, _ = wait(inflight, timeout=None if alive is None else WORKER_POLL,
                                   return_when=FIRST_COMPLETED)
                if not finished:
                    if alive() > 0:
                        idle_since = None
                    elif idle_since is None:
                        idle_since = time.monotonic()
                    elif time.monotonic() - idle_since > pool.worker_timeout:
                        raise EuchreError(f"the cluster has had no worker for {pool.worker_timeout:g} s, with "
                                          f"{len(inflight) + len(retry) + len(pending)} deals read and not done; "
                                          "the lines written are kept: start workers and rerun with the same "
                                          "out to do the rest")
                    continue
                for fut in finished:
                    task, gen = inflight.pop(fut)
                    try:
                        res = fut.result()
                    except Exception as exc:        # the worker was lost (killed, out of memory, gone)
                        if make_pool is not None and isinstance(exc, BrokenProcessPool) and gen == generation:
                            pool.shutdown(wait=False, cancel_futures=True)
                            pool, generation = make_pool(), generation + 1
                        if task.attempts < MAX_ATTEMPTS:
                            retry.append(task)
                        else:
                            finish(task, {"review": None, "seconds": None, "cpu_seconds": None,
                                          "error": f"the worker was lost {task.attempts} times "
                                                   f"({type(exc).__name__}: {shorten(str(exc), 200)})"})
                        continue
                    finish(task, res)
        finally:
            for fut in inflight:
                fut.cancel()
            if make_pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
    finally:
        records.close()
        result.seconds = time.perf_counter() - start
        if bar is not None:
            bar.close()


__all__ = ["MAX_ATTEMPTS", "WORKER_POLL", "CorpusResult", "FileReport", "corpus_files", "review_corpus"]
