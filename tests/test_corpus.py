"""The corpus review (issue 15): one JSON line per deal, the same whatever runs it (this process, a pool,
a real Dask cluster on loopback), resumable, every bad file reported; and the per-player statistics,
against a results file worked out by hand."""
import csv
import hashlib
import io
import json
import math
import multiprocessing
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import pytest

import solver
from conftest import TESTS
from solver.cli import main
from solver.errors import EuchreError
from solver.match import play_match as match
from solver.records import dump_egn, read_source
from solver.review import corpus as corpus_mod
from solver.review import corpus_stats, review_game as review, review_corpus
from solver.review.lines import TIMING_FIELDS, deal_key, finite
from solver.review.seeds import content_seed, record_seed
from solver import Method

EGN_DIR = TESTS / "data" / "egn"
DUMMY = TESTS / "data" / "dummy-hands-game.json"
ROOT = TESTS.parent
WORLDS = 20
SEED = 11
WAIT = 120          # seconds: the bound of every wait on a process


# ----------------------------------------------------------------------------- the corpus
@pytest.fixture(scope="module")
def corpus(tmp_path_factory) -> Path:
    """The shared games (with the LICENSE and the schema beside them: two files that are not records),
    the dummy-hands record, and four one-deal records played by the match agents."""
    root = tmp_path_factory.mktemp("corpus")
    shutil.copytree(EGN_DIR, root / "shared")
    (root / "generated").mkdir()
    shutil.copy(DUMMY, root / "generated" / "dummy-hands.json")
    r = match("policy", "random", deals=2, seed=7, keep_hands=True)
    for t in r.tables:
        (root / "generated" / f"deal-{t.deal}-table-{t.table}.egn").write_text(dump_egn(t.hand) + "\n")
    return root


def records_in(root: Path) -> dict:
    """``{sha256: deal count}`` of every record under ``root``, read independently of the corpus code."""
    out = {}
    for p in sorted(root.rglob("*")):
        if p.is_file():
            data = p.read_bytes()
            try:
                parsed = json.loads(data)
            except ValueError:
                continue
            if isinstance(parsed, dict) and "deals" in parsed:
                out[hashlib.sha256(data).hexdigest()] = len(parsed["deals"])
    return out


def lines_of(path: Path) -> list:
    return [json.loads(x) for x in path.read_text().splitlines()]


def deal_lines(lines) -> dict:
    """``{(sha256, deal): line without its timing fields}``, failing on a deal written twice."""
    out = {}
    for line in lines:
        if line["kind"] == "deal":
            key = (line["sha256"], line["deal"])
            assert key not in out, f"deal {key} written twice"
            out[key] = {k: v for k, v in line.items() if k not in TIMING_FIELDS}
    return out


@pytest.fixture(scope="module")
def reference(corpus, tmp_path_factory) -> Path:
    """The single-process run: the lines every other run must give."""
    out = tmp_path_factory.mktemp("ref") / "results.jsonl"
    result = review_corpus([corpus], method=Method(worlds=WORLDS, seed=SEED), out=out, progress=False)
    assert result.failed == 0 and result.workers == 1
    return out


def test_the_docs_line_is_a_default_run_s(tmp_path):
    """docs/review.md's example corpus line has a real line's fields, and a default run's valuation."""
    text = (ROOT / "docs" / "review.md").read_text()
    example = re.search(r"```json\n(\{\"kind\": \"deal\".*?)```", text, re.S).group(1)
    out = tmp_path / "results.jsonl"
    review_corpus([EGN_DIR / "six-points-in-two-hands.egn"], method=Method(worlds=10, seed=1), out=out, progress=False)
    line = lines_of(out)[0]
    assert set(re.findall(r'"(\w+)":', example)) >= set(line)
    assert line["valuation"] == "single_dummy"
    assert re.search(r'"valuation": "(\w+)"', example).group(1) == line["valuation"]


@pytest.mark.slow
def test_every_deal_of_every_record_is_one_line(corpus, reference):
    lines = lines_of(reference)
    deals = deal_lines(lines)
    want = records_in(corpus)
    assert set(deals) == {(sha, i) for sha, n in want.items() for i in range(n)}
    assert all(d["review"] is not None and d["error"] is None for d in deals.values())
    line = deals[next(iter(deals))]
    assert line["engine"] == solver.__version__ and line["worlds"] == WORLDS and line["seed"] == SEED
    assert line["model"] == "players-1" and line["inference"] is True
    # the two files that are not records are file lines, with the loader's reason
    files = {Path(x["path"]).name: x for x in lines if x["kind"] == "file"}
    assert set(files) == {"LICENSE", "egn-schema-v1.json"}
    assert "not valid JSON" in files["LICENSE"]["error"]
    assert "unknown field '$schema'" in files["egn-schema-v1.json"]["error"]     # a schema, not a record


@pytest.mark.slow
def test_a_line_is_the_review_of_that_deal(corpus, reference):
    # each line's review is the deal of review() of its file at the record's seed, which comes from
    # the run's seed and the file's hash
    deals = deal_lines(lines_of(reference))
    for name in ("shared/six-points-in-two-hands.egn", "generated/dummy-hands.json"):
        path = corpus / name
        data = path.read_bytes()
        sha = hashlib.sha256(data).hexdigest()
        seed = record_seed(SEED, sha, json.loads(data))
        assert deals[(sha, 0)]["record_seed"] == seed
        whole = review(path, method=Method(worlds=WORLDS, seed=seed, examples=3)).to_dict()
        for i, d in enumerate(whole["deals"]):
            assert deals[(sha, i)]["review"] == finite(d), (name, i)     # strict JSON: an infinite end is null


@pytest.mark.slow
def test_without_a_seed_each_line_is_the_deal_of_euchre_review_file(tmp_path, capsys):
    path = tmp_path / "six.egn"
    shutil.copy(EGN_DIR / "six-points-in-two-hands.egn", path)
    out = tmp_path / "r.jsonl"
    assert main(["review", str(path), "--worlds", "10", "--out", str(out), "--quiet"]) == 0
    capsys.readouterr()
    assert main(["review", str(path), "--worlds", "10", "--json"]) == 0
    single = json.loads(capsys.readouterr().out)["reviews"][0]
    lines = sorted((x for x in lines_of(out) if x["kind"] == "deal"), key=lambda x: x["deal"])
    assert [x["review"] for x in lines] == finite(single["deals"])
    assert single["seed"] == content_seed(json.loads(path.read_text()))
    assert all(x["seed"] is None and x["record_seed"] == single["seed"] for x in lines)


# ----------------------------------------------------------------------------- a real Dask cluster
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def dask_cluster(tmp_path: Path, workers: int = 2):
    """A Dask scheduler and ``workers`` single-thread workers (no nanny: a killed worker stays dead), each
    its own process on loopback; yields ``(address, worker processes)``; every process killed at the end."""
    distributed = pytest.importorskip("distributed")
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = []
    logs = []

    def start(argv, name):
        log = open(tmp_path / f"{name}.log", "w")
        logs.append(log)
        procs.append(subprocess.Popen([sys.executable, "-m", "dask", *argv], stdout=log, stderr=subprocess.STDOUT,
                                      start_new_session=True, cwd=ROOT))
        return procs[-1]
    try:
        start(["scheduler", "--host", "127.0.0.1", "--port", str(port), "--no-dashboard", "--idle-timeout", "600"],
              "scheduler")
        pool = [start(["worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard", "--host", "127.0.0.1",
                       "--death-timeout", "60", "--memory-limit", "0"], f"worker{i}") for i in range(workers)]
        deadline = time.monotonic() + WAIT
        while True:                        # the scheduler may take a moment to listen
            try:
                client = distributed.Client(address, timeout=5)
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        try:
            if workers:
                client.wait_for_workers(workers, timeout=WAIT)
        finally:
            client.close()
        yield address, pool
    finally:
        for p in procs:
            if p.poll() is None:
                os.killpg(p.pid, signal.SIGKILL)
            p.wait(timeout=WAIT)
        for log in logs:
            log.close()


@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_lines(corpus, reference, tmp_path):
    distributed = pytest.importorskip("distributed")
    out = tmp_path / "cluster.jsonl"
    small = small_corpus(tmp_path)
    with dask_cluster(tmp_path) as (address, _):
        assert main(["review", str(corpus), "--worlds", str(WORLDS), "--seed", str(SEED), "--out", str(out),
                     "--cluster", address, "--quiet", "--json"]) == 0
        with distributed.Client(address, timeout=WAIT) as client:       # the Python API, a client's executor
            on_dask = review_corpus([small],
                                    method=Method(worlds=10, seed=1), executor=client.get_executor(), progress=False)
    assert deal_lines(on_dask.lines) == deal_lines(review_corpus([small],
                                                                 method=Method(worlds=10, seed=1), progress=False).lines)
    assert deal_lines(lines_of(out)) == deal_lines(lines_of(reference))
    assert sorted(x["path"] for x in lines_of(out) if x["kind"] == "file") == \
        sorted(x["path"] for x in lines_of(reference) if x["kind"] == "file")


@pytest.mark.slow
def test_a_worker_killed_mid_run_loses_no_deal(corpus, reference, tmp_path):
    out = tmp_path / "killed.jsonl"
    total = len(deal_lines(lines_of(reference)))
    with dask_cluster(tmp_path) as (address, workers):
        run = subprocess.Popen([sys.executable, "-m", "solver", "review", str(corpus), "--worlds", str(WORLDS),
                                "--seed", str(SEED), "--out", str(out), "--cluster", address, "--quiet"],
                               cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            deadline = time.monotonic() + WAIT
            while (not out.exists() or out.read_text().count('"kind":"deal"') < 10) and run.poll() is None:
                assert time.monotonic() < deadline, "the run wrote no deals"
                time.sleep(0.05)
            done_at_kill = out.read_text().count('"kind":"deal"')
            os.killpg(workers[0].pid, signal.SIGKILL)
            stdout, stderr = run.communicate(timeout=5 * WAIT)
        finally:
            if run.poll() is None:
                run.kill()
                run.wait(timeout=WAIT)
    assert run.returncode == 0, stderr
    assert workers[0].returncode == -signal.SIGKILL
    assert done_at_kill < total, "the run ended before the worker was killed"
    assert deal_lines(lines_of(out)) == deal_lines(lines_of(reference))      # each deal once, the same
    assert f"{total} reviewed" in stdout


@pytest.mark.slow
def test_a_cluster_that_does_not_answer_is_an_error_in_bounded_time(tmp_path):
    port = free_port()                    # nothing listens there
    proc = subprocess.run([sys.executable, "-m", "solver", "review", str(EGN_DIR / "renege-test.egn"), "--out",
                           str(tmp_path / "r.jsonl"), "--cluster", f"tcp://127.0.0.1:{port}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=WAIT)
    assert proc.returncode == 2
    assert proc.stderr.startswith(f"euchre: error: cluster tcp://127.0.0.1:{port}: no Dask scheduler answered "
                                  "within 10 s") and "Traceback" not in proc.stderr
    assert not (tmp_path / "r.jsonl").exists()          # the run made it and wrote nothing: removed
    kept = tmp_path / "kept.jsonl"
    kept.write_text("")                                  # the user's own (empty) file stays
    proc = subprocess.run([sys.executable, "-m", "solver", "review", str(EGN_DIR / "renege-test.egn"), "--out",
                           str(kept), "--cluster", f"tcp://127.0.0.1:{port}"],
                          cwd=ROOT, capture_output=True, text=True, timeout=WAIT)
    assert proc.returncode == 2 and kept.exists()


@pytest.mark.slow
def test_a_peer_that_accepts_and_never_answers_is_an_error_in_bounded_time(tmp_path):
    """A socket that accepts and stays silent: Dask's own timeout does not bound its handshake."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(8)
        port = silent.getsockname()[1]
        started = time.monotonic()
        proc = subprocess.run([sys.executable, "-m", "solver", "review", str(EGN_DIR / "renege-test.egn"), "--out",
                               str(tmp_path / "r.jsonl"), "--cluster", f"tcp://127.0.0.1:{port}"],
                              cwd=ROOT, capture_output=True, text=True, timeout=WAIT)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith(f"euchre: error: cluster tcp://127.0.0.1:{port}: no Dask scheduler answered "
                                  "within 10 s (it accepted the connection and said nothing)"), proc.stderr
    assert time.monotonic() - started < WAIT


@pytest.mark.slow
def test_a_scheduler_without_workers_is_an_error_in_bounded_time(tmp_path, monkeypatch):
    from solver.review import cluster
    monkeypatch.setattr(cluster, "WORKER_TIMEOUT", 2)
    with dask_cluster(tmp_path, workers=0) as (address, _):
        with pytest.raises(EuchreError, match=r"the scheduler answered but no worker joined it within 2 s"):
            with cluster.cluster_executor(address):
                pass


@pytest.mark.parametrize("spec,message", [
    ("local:0", "cluster local workers 0"),
    ("local:two", "local:N takes a number"),
    ("http://example.org", "expected a Dask scheduler's address"),
])
def test_bad_cluster_specs(capsys, tmp_path, spec, message):
    assert main(["review", str(EGN_DIR / "renege-test.egn"), "--out", str(tmp_path / "r.jsonl"),
                 "--cluster", spec]) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre: error: ") and message in err


# ----------------------------------------------------------------------------- workers that die
class FlakyExecutor(ThreadPoolExecutor):
    """An executor whose first try of some deals fails as a lost worker does (the future raises)."""

    def __init__(self, fail):
        super().__init__(max_workers=2)
        self.fail = fail

    def submit(self, fn, *args):
        data, sha, index, *_, attempt = args
        if self.fail(index, attempt):
            f = Future()
            f.set_exception(OSError("worker lost"))
            return f
        return super().submit(fn, *args)


def small_corpus(tmp_path) -> Path:
    d = tmp_path / "small"
    d.mkdir()
    for name in ("six-points-in-two-hands.egn", "renege-test.egn", "incomplete-deal.egn"):
        shutil.copy(EGN_DIR / name, d / name)
    return d


@pytest.mark.slow
def test_a_lost_deal_is_tried_again_and_then_reported(tmp_path):
    d = small_corpus(tmp_path)
    ref = review_corpus([d], method=Method(worlds=10, seed=1), progress=False).lines
    with FlakyExecutor(lambda index, attempt: index == 0 and attempt == 1) as ex:
        once = review_corpus([d], method=Method(worlds=10, seed=1), executor=ex, progress=False)
    assert deal_lines(once.lines) == deal_lines(ref)
    assert sorted(x["attempts"] for x in once.lines if x["kind"] == "deal") == [1, 1, 2, 2, 2]   # 3 deal 0s
    with FlakyExecutor(lambda index, attempt: index == 1) as ex:          # deal 1 is always lost
        always = review_corpus([d], method=Method(worlds=10, seed=1), executor=ex, progress=False)
    bad = [x for x in always.lines if x["kind"] == "deal" and x["error"]]
    assert len(bad) == 2 and always.failed == 2                 # the two records with a deal 1
    assert all(x["review"] is None and x["attempts"] == corpus_mod.MAX_ATTEMPTS
               and x["error"].startswith("the worker was lost 3 times (OSError: worker lost)") for x in bad)
    good = {k: v for k, v in deal_lines(always.lines).items() if v["error"] is None}
    assert good == {k: v for k, v in deal_lines(ref).items() if k[1] != 1}


_REAL_TASK = corpus_mod._review_task
_DIES = {}


def dies_once(data, sha, index, *rest):
    """The review task, but the worker process dies at the first try of one deal."""
    if (sha, index) == _DIES.get("deal") and rest[-1] == 1:
        os._exit(3)
    return _REAL_TASK(data, sha, index, *rest)


@pytest.mark.slow
def test_any_executor_gives_the_same_lines(tmp_path):
    d = small_corpus(tmp_path)
    ref = review_corpus([d], method=Method(worlds=10, seed=1), progress=False)
    with ProcessPoolExecutor(max_workers=2) as ex:
        pooled = review_corpus([d], method=Method(worlds=10, seed=1), executor=ex, progress=False)
    assert deal_lines(pooled.lines) == deal_lines(ref.lines) and pooled.reviewed == ref.reviewed == 5


@pytest.mark.slow
@pytest.mark.skipif(multiprocessing.get_start_method() != "fork", reason="the fault is injected through fork")
def test_a_pool_broken_by_a_dying_worker_is_made_again(tmp_path, monkeypatch):
    d = small_corpus(tmp_path)
    ref = review_corpus([d], method=Method(worlds=10, seed=1), progress=False).lines
    monkeypatch.setitem(_DIES, "deal", (hashlib.sha256((d / "renege-test.egn").read_bytes()).hexdigest(), 1))
    monkeypatch.setattr(corpus_mod, "_review_task", dies_once)
    result = review_corpus([d], method=Method(worlds=10, seed=1), jobs=2, progress=False)
    assert deal_lines(result.lines) == deal_lines(ref) and result.failed == 0
    assert [x["attempts"] for x in result.lines if (x["sha256"], x["deal"]) == _DIES["deal"]] == [2]


@pytest.mark.slow
def test_a_deal_whose_review_raises_is_a_line_and_a_rerun_does_it_again(tmp_path, monkeypatch):
    d = small_corpus(tmp_path)
    out = tmp_path / "r.jsonl"
    real = corpus_mod.review_deal

    def broken(game, index, *args, **kw):
        if index == 1:
            raise RuntimeError("boom")
        return real(game, index, *args, **kw)
    monkeypatch.setattr(corpus_mod, "review_deal", broken)
    first = review_corpus([d], method=Method(worlds=10, seed=1), out=out, progress=False)
    assert first.failed == 2 and first.reviewed == 3
    errors = [x for x in lines_of(out) if x["kind"] == "deal" and x["error"]]
    assert [x["error"] for x in errors] == ["internal error: RuntimeError: boom"] * 2
    monkeypatch.setattr(corpus_mod, "review_deal", real)
    second = review_corpus([d], method=Method(worlds=10, seed=1), out=out, progress=False)
    assert (second.reviewed, second.skipped, second.failed) == (2, 3, 0)
    ref = review_corpus([d], method=Method(worlds=10, seed=1), progress=False).lines
    done = {k: v for k, v in deal_lines([x for x in lines_of(out) if not x.get("error")]).items()}
    assert done == deal_lines(ref)


# ----------------------------------------------------------------------------- resuming
@pytest.mark.slow
def test_an_interrupted_run_resumes(corpus, reference, tmp_path):
    out = tmp_path / "resumed.jsonl"
    data = reference.read_bytes()
    cut = len(data) // 2
    assert data[cut - 1:cut] != b"\n"
    out.write_bytes(data[:cut])                              # killed mid-write: the last line is cut off
    kept = data[:cut].count(b"\n")
    kept_deals = sum(1 for x in data[:cut].splitlines()[:kept] if b'"kind":"deal"' in x)
    result = review_corpus([corpus], method=Method(worlds=WORLDS, seed=SEED), out=out, progress=False, jobs=2)
    total = len(deal_lines(lines_of(reference)))
    assert result.skipped == kept_deals and result.reviewed == total - kept_deals
    assert deal_lines(lines_of(out)) == deal_lines(lines_of(reference))
    # run again: nothing left to do, nothing written
    size = out.stat().st_size
    again = review_corpus([corpus], method=Method(worlds=WORLDS, seed=SEED), out=out, progress=False)
    assert (again.reviewed, again.skipped) == (0, total) and out.stat().st_size == size


@pytest.mark.slow
def test_other_options_are_other_keys(tmp_path):
    path = tmp_path / "six.egn"
    shutil.copy(EGN_DIR / "six-points-in-two-hands.egn", path)
    out = tmp_path / "r.jsonl"
    assert review_corpus([path], method=Method(worlds=10, seed=1), out=out, progress=False).reviewed == 2
    assert review_corpus([path], method=Method(worlds=10, seed=1), out=out, progress=False).reviewed == 0
    assert review_corpus([path], method=Method(worlds=12, seed=1), out=out, progress=False).reviewed == 2     # worlds
    assert review_corpus([path], method=Method(worlds=10, seed=2), out=out, progress=False).reviewed == 2     # seed
    assert review_corpus([path],
                         method=Method(worlds=10, seed=1, inference=False), out=out, progress=False).reviewed == 2
    assert review_corpus([path], method=Method(worlds=10, seed=1), out=out, progress=False, score=False).reviewed == 2
    keys = [deal_key(x) for x in lines_of(out)]
    assert len(keys) == len(set(keys)) == 10
    # a whole last line without its line feed is kept, and the next line starts on a line of its own
    text = out.read_text()
    out.write_text(text.rstrip("\n"))
    assert review_corpus([path], method=Method(worlds=10, seed=3), out=out, progress=False).reviewed == 2
    assert len(lines_of(out)) == 12


@pytest.mark.slow
def test_the_default_valuation_is_each_records_own(tmp_path):
    """No valuation given: single dummy where the record's variant has its table, double dummy where it has
    none (the dummy-hands game), so a default run reviews every variant; a second run skips them all, and
    naming a valuation the dummy-hands game lacks gives its deals an error line."""
    four = tmp_path / "six.egn"
    shutil.copy(EGN_DIR / "six-points-in-two-hands.egn", four)
    dummies = tmp_path / "dummies.json"
    shutil.copy(TESTS / "data" / "dummy-hands-game.json", dummies)
    out = tmp_path / "r.jsonl"
    first = review_corpus([four, dummies], method=Method(worlds=10, seed=1), out=out, progress=False)
    lines = list(deal_lines(lines_of(out)).values())
    by_file = {Path(x["path"]).name: x for x in lines}
    assert by_file["six.egn"]["valuation"] == "single_dummy" and by_file["dummies.json"]["valuation"] == "double_dummy"
    assert all(x["error"] is None for x in lines) and first.reviewed == len(lines)
    assert review_corpus([four, dummies], method=Method(worlds=10, seed=1), out=out, progress=False).reviewed == 0
    named = review_corpus([dummies], method=Method(worlds=10, seed=1, valuation="single_dummy"),
                          out=tmp_path / "sd.jsonl", progress=False)
    assert named.failed and all("dummy-hands variant" in x["error"]
                                for x in deal_lines(lines_of(tmp_path / "sd.jsonl")).values())


# ----------------------------------------------------------------------------- bad input
@pytest.mark.slow
def test_bad_files_are_reported_one_by_one(tmp_path, capsys):
    d = tmp_path / "mixed"
    d.mkdir()
    shutil.copy(EGN_DIR / "renege-test.egn", d / "a.egn")
    shutil.copy(EGN_DIR / "renege-test.egn", d / "b-copy.egn")                 # the same bytes
    (d / "notes.txt").write_text("not a record\n")
    (d / "schema.egn").write_text('{"fileType": "Euchre Game Notation"}')
    (d / "dangling.egn").symlink_to(d / "nowhere.egn")
    os.mkfifo(d / "pipe.egn")
    with open(d / "huge.egn", "wb") as f:                                      # sparse: costs no disk
        f.truncate(17 * 1024 * 1024)
    (d / ".hidden.egn").write_text("{}")                                       # skipped, as hidden
    sub = d / "sub"
    sub.mkdir()
    shutil.copy(EGN_DIR / "six-points-in-two-hands.egn", sub / "six.egn")
    out = tmp_path / "r.jsonl"
    assert main(["review", str(d), "--worlds", "10", "--seed", "1", "--out", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    files = {Path(x["path"]).name: x for x in lines_of(out) if x["kind"] == "file"}
    assert set(files) == {"b-copy.egn", "notes.txt", "schema.egn", "dangling.egn", "pipe.egn", "huge.egn"}
    assert files["b-copy.egn"]["duplicate_of"] == str(d / "a.egn") and files["b-copy.egn"]["error"] is None
    assert "not valid JSON" in files["notes.txt"]["error"]
    assert "fails the EGN schema: 'version' is a required property" in files["schema.egn"]["error"]
    assert files["dangling.egn"]["error"] == f"{d / 'dangling.egn'}: no such file"
    assert "not a regular file (a FIFO)" in files["pipe.egn"]["error"]
    assert "a game record may be at most 16 MiB" in files["huge.egn"]["error"]
    deals = deal_lines(lines_of(out))
    assert sorted(Path(x["path"]).name for x in deals.values()) == ["a.egn", "a.egn", "six.egn", "six.egn"]
    assert "8 files, 2 records" in text and "1 duplicate file (reviewed once)" in text
    assert f"{d / 'b-copy.egn'}: the same record as {d / 'a.egn'}" in text and "5 files not reviewed" in text
    # the rerun reports them again but writes no file line twice
    assert main(["review", str(d), "--worlds", "10", "--seed", "1", "--out", str(out), "--quiet"]) == 0
    assert "5 files not reviewed" in capsys.readouterr().out
    assert len([x for x in lines_of(out) if x["kind"] == "file"]) == 6


@pytest.mark.slow
def test_a_directory_without_out_writes_the_lines_to_stdout(tmp_path, capsys):
    d = tmp_path / "d"
    d.mkdir()
    shutil.copy(EGN_DIR / "renege-test.egn", d / "a.egn")
    assert main(["review", str(d), "--worlds", "10", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    lines = [json.loads(x) for x in captured.out.splitlines()]
    assert [x["deal"] for x in lines] == [0, 1] and captured.err.startswith("corpus review: 1 file, 1 record")


@pytest.mark.parametrize("argv,message", [
    (["--out", "{tmp}"], "not a regular file"),
    (["--out", "{tmp}/r.jsonl", "--jobs", "2", "--cluster", "local:2"], "give one of"),
    (["--out", "{tmp}/r.jsonl", "--all"], "--all: the corpus mode"),
    (["--out", "{tmp}/r.jsonl", "--worlds", "3"], "worlds 3"),
    (["--out", "{tmp}/no/such/dir/r.jsonl"], "no such directory"),      # (checked before it is opened)
])
def test_bad_corpus_options(tmp_path, capsys, argv, message):
    argv = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    assert _status(["review", str(EGN_DIR / "renege-test.egn"), *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre: error: ") and message in err and "Traceback" not in err


def test_a_results_file_that_is_not_one_is_refused(tmp_path, capsys):
    out = tmp_path / "r.jsonl"
    out.write_text('{"kind":"file","version":1}\nnot json\n{"kind"')
    assert main(["review", str(EGN_DIR / "renege-test.egn"), "--out", str(out)]) == 2
    assert f"{out} line 2: not JSON" in capsys.readouterr().err
    assert main(["stats", str(out)]) == 2
    assert f"{out} line 2: not JSON" in capsys.readouterr().err


# ----------------------------------------------------------------------------- statistics
def card(seat, lead, dd, info, flags=(), kind="play", renege=False):
    return {"kind": kind, "seat": seat, "lead": lead, "renege": renege,
            "dd": None if dd is None else {"cost": dd[0], "points_cost": dd[1]},
            "info": None if info is None else {"loss_points": info[0], "loss_tricks": info[1]},
            "mistakes": [{"kind": f} for f in flags]}


def call(seat, made, best, loss, flags=()):
    return {"seat": seat, "call": made, "best": best, "loss": loss, "mistakes": [{"kind": f} for f in flags]}


def deal_line(sha, names, calls, cards, worlds=20, error=None):
    seats = "NESW"
    return {"kind": "deal", "version": 1, "path": f"{sha[0]}.egn", "sha256": sha, "deal": 0, "deals": 1,
            "names": names, "rules": {"players": 4}, "engine": "0.1.0", "model": "m", "score": True, "seed": 1,
            "worlds": worlds,
            "review": None if error else {"players": {s: {"name": n} for s, n in zip(seats, names)},
                                          "calls": calls, "cards": cards},
            "error": error, "attempts": 1, "seconds": 0.1}


def hand_results(path: Path) -> Path:
    """Two deals. Deal a: A (N), B (E), C (S), D (W); deal b: A (N), C (E), B (S), D (W), so A and B
    are partners in deal b only. Also an error line, a file line, a second line for deal a (other
    worlds: not counted) and a cut-off last line."""
    a = deal_line("a" * 64, ["A", "B", "C", "D"],
                  [call("N", "pass", "order", 0.5, ["information-set"]), call("E", "order alone", "order", 0.25)],
                  [card("N", False, (0, 0), (0.2, 0.1), kind="discard"),
                   card("E", True, (1, 2), (0.6, 0.5), ["double-dummy", "information-set"]),
                   card("S", False, (0, 0), (0.0, 0.0)),
                   card("W", False, None, None, ["renege"], renege=True)])
    b = deal_line("b" * 64, ["A", "C", "B", "D"], [call("S", "pass", "pass", 0.0)],
                  [card("N", True, (0, 0), (0.3, 0.2), ["information-set"])])
    again = dict(a, worlds=40)
    err = dict(deal_line("c" * 64, ["A", "B", "C", "D"], [], [], error="boom"))
    file_line = {"kind": "file", "version": 1, "path": "x.txt", "sha256": None, "error": "x.txt: not valid JSON",
                 "duplicate_of": None, "engine": "0.1.0"}
    path.write_text("".join(json.dumps(x) + "\n" for x in (a, file_line, b, again, err)) + '{"kind": "deal", "ver')
    return path


def test_stats_match_the_hand_computed_figures(tmp_path):
    s = corpus_stats(hand_results(tmp_path / "r.jsonl"))
    assert (s.deals, s.records, s.errors, s.files, s.superseded) == (2, 2, 1, 1, 1)
    p = {g.name: g for g in s.players}
    assert set(p) == {"A", "B", "C", "D"}
    # A: the call in deal a (0.5), the discard (DD 0, info 0.2) and the lead in deal b (DD 0, info 0.3)
    a = p["A"]
    assert (a.deals, a.decisions, a.unjudged) == (2, 3, 0)
    assert a.cards["dd_tricks"].to_dict() == {"n": 2, "mean": 0.0, "low": 0.0, "high": 0.0}
    # info points per card: [0.2, 0.3]: mean 0.25, sd 0.070711, t(0.975, 1) = 12.706205: half 0.635310
    m = a.cards["info_points"]
    assert (m.n, m.mean) == (2, pytest.approx(0.25))
    assert (m.low, m.high) == (pytest.approx(0.25 - 0.635310, abs=1e-5), pytest.approx(0.25 + 0.635310, abs=1e-5))
    assert a.calls["info_points"].to_dict() == {"n": 1, "mean": 0.5, "low": None, "high": None}
    assert a.mistakes == {"double-dummy": 0, "information-set": 2, "renege": 0}
    assert [(k.kind, k.decisions, k.mistakes, k.points_lost) for k in a.kinds[:2]] == \
        [("call", 1, 1, 0.5), ("lead", 1, 1, 0.3)]
    # B: the alone call (0.25, not flagged), the flagged lead (DD 1 trick, 2 points; info 0.6), a pass (0)
    b = p["B"]
    assert (b.deals, b.decisions) == (2, 3)
    assert b.cards["dd_tricks"].mean == 1 and b.cards["dd_points"].mean == 2 and b.cards["info_points"].mean == 0.6
    # calls [0.25, 0.0]: mean 0.125, sd 0.176777, half 12.706205 * 0.125 = 1.588276
    c = b.calls["info_points"]
    assert c.mean == pytest.approx(0.125) and c.low == pytest.approx(0.125 - 1.588276, abs=1e-5)
    kinds = {k.kind: k for k in b.kinds}
    assert (kinds["alone"].decisions, kinds["alone"].mistakes) == (1, 0)
    assert (kinds["lead"].mistakes, kinds["lead"].points_lost, kinds["lead"].dd_tricks_lost) == (1, 0.6, 1)
    assert b.kinds[0].kind == "lead"
    assert (p["C"].deals, p["C"].decisions) == (1, 1)          # C took no decision in deal b
    d = p["D"]
    assert (d.decisions, d.unjudged, d.mistakes["renege"]) == (0, 1, 1)
    # partnerships: deal a A & C, B & D; deal b A & B (C & D took no decision there)
    q = {g.name: g for g in s.partnerships}
    assert set(q) == {"A & C", "B & D", "A & B"}
    assert (q["A & C"].decisions, q["B & D"].decisions, q["B & D"].unjudged, q["A & B"].decisions) == (3, 2, 1, 2)
    # everyone: DD per card [0, 0, 1, 0]: mean 0.25, sd 0.5, t(0.975, 3) = 3.182446: half 0.795612
    o = s.overall
    assert o.decisions == 7 and o.cards["dd_tricks"].mean == pytest.approx(0.25)
    assert o.cards["dd_tricks"].high == pytest.approx(0.25 + 0.795612, abs=1e-5)
    # calls [0.5, 0.25, 0.0]: mean 0.25, sd 0.25, t(0.975, 2) = 4.302653: half 0.621036
    assert o.calls["info_points"].low == pytest.approx(0.25 - 0.621036, abs=1e-5)
    assert s.configs == [{"worlds": 20, "seed": 1, "model": "m", "score": True, "engine": "0.1.0",
                          "valuation": "double_dummy"}]         # a line without one: double dummy


def test_euchre_stats_text_json_csv(tmp_path, capsys):
    path = hand_results(tmp_path / "r.jsonl")
    assert main(["stats", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == json.loads(json.dumps(corpus_stats(path).to_dict()))
    assert main(["stats", str(path)]) == 0
    text = capsys.readouterr().out
    assert text.startswith(f"{path}: 2 deals of 2 records; 1 deal line with an error not used; 1 repeated")
    assert "  A: 2 deals, 3 decisions judged (2 cards, 1 call), 2 mistakes (2 information-set)" in text
    assert "costliest mistakes: call 1 of 1 (0.50 points, 0 DD tricks); lead 1 of 1 (0.30 points" in text
    assert "Partnerships" in text and "  A & B: 1 deal, 2 decisions judged" in text
    assert main(["stats", str(path), "--csv"]) == 0
    rows = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [(r["group"], r["name"]) for r in rows] == [("player", n) for n in "ABCD"] + \
        [("partnership", n) for n in ("A & B", "A & C", "B & D")] + [("overall", "all")]
    assert rows[0]["card_info_points_mean"] == "0.25" and rows[0]["call_info_points_low"] == ""
    assert rows[1]["lead_points_lost"] == "0.6" and rows[1]["alone_decisions"] == "1"
    assert main(["stats", str(path), "--csv", "--json"]) == 2
    assert main(["stats", str(tmp_path / "none.jsonl")]) == 2
    assert "none.jsonl: no such file" in capsys.readouterr().err


@pytest.mark.slow
def test_stats_of_a_real_run(reference):
    s = corpus_stats(reference)
    assert s.deals == len(deal_lines(lines_of(reference))) and s.errors == 0 and s.files == 2
    names = {g.name for g in s.players}
    assert {"WWMM", "Llama", "Euchrazy1", "LeftyKnavey", "Jen-Eye"} <= names
    assert any(" & " in g.name for g in s.partnerships)
    # the overall decisions are the sum over the players (every judged decision has one player)
    assert s.overall.decisions == sum(g.decisions for g in s.players)
    assert not math.isnan(s.overall.cards["info_points"].mean)


def test_stats_over_several_files_count_a_deal_once(tmp_path, capsys):
    whole = hand_results(tmp_path / "r.jsonl")
    lines = whole.read_text().split("\n")
    first, second = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    first.write_text("\n".join(lines[:3]) + "\n")
    second.write_text("\n".join(lines[3:]))                 # the second line for deal a, the error, the cut line
    both = corpus_stats([first, second]).to_dict()
    assert both.pop("source") == f"{first}, {second}"
    one = corpus_stats(whole).to_dict()
    one.pop("source")
    assert both == one
    assert main(["stats", str(first), str(second), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["superseded"] == 1


@pytest.mark.slow
@pytest.mark.parametrize("edit,message", [
    (lambda d: d.update(sha256=[]), r"line 1: sha256 fails the layout .*: \[\] is not of type 'string'"),
    (lambda d: d.update(review="x"), r"line 1: review fails the layout .*'x' is not of type 'object', 'null'"),
    (lambda d: d.update(rules=None), r"line 1: rules fails the layout"),
    (lambda d: d["rules"].update(players=None), r"line 1: rules.players fails the layout"),
    (lambda d: d["review"]["cards"][0].update(mistakes=None), r"line 1: review.cards\[0\].mistakes fails"),
    (lambda d: d["review"]["calls"][0].update(mistakes=[{}]), r"line 1: review.calls\[0\].mistakes\[0\] fails"),
    (lambda d: d["review"]["calls"][0].update(mistakes=[3]), r"line 1: review.calls\[0\].mistakes\[0\] fails"),
    (lambda d: d["review"]["players"].update(N="me"), r"line 1: review.players.N fails"),
    (lambda d: d["review"]["players"]["N"].update(name=7), r"line 1: review.players.N.name fails"),
    (lambda d: d["review"]["players"].update(Q={}), r"line 1: review.players fails .*'Q' is not one of"),
    (lambda d: d.update(worlds="many"), r"line 1: worlds fails"),
    (lambda d: d.update(deal="zero"), r"line 1: deal fails"),
])
def test_an_edited_results_line_is_named_not_a_crash(reference, tmp_path, capsys, edit, message):
    """Stats and a resumed run read the same lines back: a member of the wrong type is an error naming the
    file, the line and the member (a breaker's findings: each was a TypeError, KeyError or AttributeError)."""
    line = next(x for x in lines_of(reference) if x["kind"] == "deal" and x["review"]["calls"]
                and x["review"]["cards"])
    edit(line)
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(line) + "\n")
    assert main(["stats", str(bad)]) == 2
    err = capsys.readouterr().err
    assert re.search(message, err) and err.startswith(f"euchre: error: {bad} line 1: "), err
    assert main(["review", str(EGN_DIR / "renege-test.egn"), "--out", str(bad), "--quiet"]) == 2
    assert re.search(message, capsys.readouterr().err)
    with pytest.raises(EuchreError, match="line 1: "):
        corpus_stats([line])


def test_stats_csv_cells_cannot_run_as_formulas_and_names_with_ampersands_stay_apart(tmp_path):
    first = ["A & B", '=HYPERLINK("http://x")', "C", "@SUM(A1)"]      # N E S W
    second = ["A", "+1", "B & C", "-2"]
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(deal_line(sha, ns, [call("N", "pass", "pass", 0.0), call("E", "pass", "pass", 0.0)], [])) + "\n"
                            for sha, ns in (("a" * 64, first), ("b" * 64, second))))
    stats = corpus_stats(path)
    # "A & B" with "C", and "A" with "B & C": two partnerships, named so they can be told apart
    assert sorted(p.name for p in stats.partnerships) == sorted(
        ['"A & B" & C', 'A & "B & C"', '=HYPERLINK("http://x") & @SUM(A1)', "+1 & -2"])
    rows = list(csv.reader(io.StringIO(stats.csv())))
    cells = [r[1] for r in rows[1:]]
    assert not any(c[:1] in "=+-@" for c in cells), cells
    assert {"'=HYPERLINK(\"http://x\")", "'+1", "'+1 & -2", "'=HYPERLINK(\"http://x\") & @SUM(A1)"} <= set(cells)


@pytest.mark.slow
def test_the_results_file_inside_the_corpus_is_not_read_as_a_record(tmp_path):
    d = tmp_path / "d"
    d.mkdir()
    shutil.copy(EGN_DIR / "renege-test.egn", d / "a.egn")
    out = d / "results.jsonl"
    for _ in range(2):
        review_corpus([d], method=Method(worlds=10, seed=1), out=out, progress=False)
    lines = lines_of(out)
    assert [x["kind"] for x in lines] == ["deal", "deal"]       # no file line for results.jsonl, run after run


def test_stats_say_when_another_runs_lines_were_left_out(tmp_path, capsys):
    names = ["Ann", "Bob", "Cy", "Di"]
    one = deal_line("c" * 64, names, [call("N", "pass", "pass", 0.25)], [], worlds=20)
    again = deal_line("c" * 64, names, [call("N", "pass", "pass", 0.75)], [], worlds=20)
    other = deal_line("c" * 64, names, [call("N", "pass", "pass", 1.0)], [], worlds=40)
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in (one, again, other)))
    stats = corpus_stats(path)
    assert (stats.deals, stats.superseded, stats.other_runs) == (1, 2, 1)
    assert stats.overall.calls["info_points"].to_dict()["mean"] == pytest.approx(0.25)   # the first line counts
    assert main(["stats", str(path)]) == 0
    assert "2 repeated deal lines not used (1 of them from a run with other options" in capsys.readouterr().out


@pytest.mark.slow
def test_a_cluster_whose_every_worker_dies_is_an_error_in_bounded_time(corpus, reference, tmp_path, monkeypatch):
    from solver.review import cluster
    monkeypatch.setattr(cluster, "WORKER_TIMEOUT", 3)
    out = tmp_path / "gone.jsonl"
    raised = []

    def run(address):                    # in a thread, so that a run that waits for ever fails the test
        try:
            with cluster.cluster_executor(address) as (executor, _threads):
                review_corpus([corpus],
                              method=Method(worlds=WORLDS, seed=SEED), executor=executor, out=out, progress=False)
        except EuchreError as exc:
            raised.append(str(exc))

    with dask_cluster(tmp_path, workers=1) as (address, workers):
        runner = threading.Thread(target=run, args=(address,), daemon=True)
        runner.start()
        deadline = time.monotonic() + WAIT
        while (not out.exists() or '"kind":"deal"' not in out.read_text()) and runner.is_alive():
            assert time.monotonic() < deadline, "the run wrote no deals"
            time.sleep(0.05)
        os.killpg(workers[0].pid, signal.SIGKILL)
        runner.join(WAIT)
        assert not runner.is_alive(), f"the run still waits {WAIT} s after its only worker died"
    assert len(raised) == 1 and re.match(r"the cluster has had no worker for 3 s, with \d+ deals read and not done; "
                                         r"the lines written are kept", raised[0]), raised
    done = deal_lines(lines_of(out))
    assert 0 < len(done) < len(deal_lines(lines_of(reference)))
    # the rest on one process: resumed from the same file, every deal once, as the reference
    review_corpus([corpus], method=Method(worlds=WORLDS, seed=SEED), out=out, progress=False)
    assert deal_lines(lines_of(out)) == deal_lines(lines_of(reference))


# ----------------------------------------------------------------------------- bounded result lines
@pytest.mark.slow
def test_result_lines_are_far_under_the_bound(reference):
    from solver.review.lines import MAX_LINE_BYTES
    longest = max(len(x) for x in reference.read_bytes().splitlines(keepends=True))
    assert longest * 50 < MAX_LINE_BYTES                 # the bound refuses only what this program never wrote


@pytest.mark.slow
def test_a_2_gb_results_file_of_one_line_is_refused_without_reading_it(tmp_path):
    import resource
    big = tmp_path / "big.jsonl"
    with open(big, "wb") as fh:
        fh.truncate(2 << 30)                                # sparse: 2 GB of NUL bytes, no line feed

    def limit():                                            # the whole file cannot fit under this
        resource.setrlimit(resource.RLIMIT_AS, (1536 << 20, 1536 << 20))
    done = subprocess.run([sys.executable, "-m", "solver", "stats", str(big)], capture_output=True, text=True,
                          timeout=WAIT, preexec_fn=limit)
    assert done.returncode == 2, done.stderr
    assert f"{big} line 1: longer than 4194304 bytes" in done.stderr and "Traceback" not in done.stderr


def test_one_overlong_line_without_a_line_feed_is_an_error_not_an_empty_file(tmp_path, capsys):
    from solver.review.lines import MAX_LINE_BYTES
    path = hand_results(tmp_path / "r.jsonl")
    whole = path.read_bytes().rsplit(b"\n", 1)[0] + b"\n"            # its five whole lines
    path.write_bytes(whole + b"x" * (MAX_LINE_BYTES + 10))     # not a cut-off line: longer than any line written
    assert main(["stats", str(path)]) == 2
    err = capsys.readouterr().err
    assert "r.jsonl line 6: longer than 4194304 bytes" in err, err
    lone = tmp_path / "lone.jsonl"
    lone.write_bytes(b"{" * (MAX_LINE_BYTES + 1))
    with pytest.raises(EuchreError, match="lone.jsonl line 1: longer than"):
        corpus_stats(lone)


def test_resuming_into_a_file_with_an_overlong_line_names_the_line(tmp_path, capsys):
    from solver.review.lines import MAX_LINE_BYTES
    path = tmp_path / "six.egn"
    shutil.copy(EGN_DIR / "six-points-in-two-hands.egn", path)
    out = tmp_path / "big.jsonl"
    out.write_bytes(b"x" * (MAX_LINE_BYTES + 1) + b"\n")
    before = out.stat().st_size
    assert main(["review", str(path), "--out", str(out), "--worlds", "10"]) == 2
    assert "big.jsonl line 1: longer than 4194304 bytes" in capsys.readouterr().err
    assert out.stat().st_size == before                     # the user's file is left as it was


@pytest.mark.parametrize("flag", [["--examples", "3"], ["--examples", "0"], ["--html", "r.html"], ["--all"]])
def test_the_corpus_mode_refuses_the_report_options_it_does_not_write(tmp_path, capsys, flag):
    # the lines carry no examples, pages or --all tables: an option asking for them is refused, not ignored
    path = tmp_path / "six.egn"
    shutil.copy(EGN_DIR / "six-points-in-two-hands.egn", path)
    out = tmp_path / "r.jsonl"
    assert main(["review", str(path), "--out", str(out), "--quiet"] + flag) == 2
    assert f"{flag[0]}: the corpus mode" in capsys.readouterr().err and not out.exists()


def _status(argv) -> int:
    """``main(argv)``'s exit status, an argparse error's (SystemExit 2: an option out of its bounds) included."""
    try:
        return main(argv)
    except SystemExit as exc:
        return exc.code
