"""The `euchre` command line under hostile or careless use: what it reads, where it writes, what it prints.

Issue 10, items 5 (what a record file may be), 6 (a closed pipe), 7 (control characters from a record),
8 (--version), 16 ("to lead") and 17 (the same command, the same review).
"""
import hashlib
import json
import os
import resource
import subprocess
import sys
from importlib import metadata

import pytest

from conftest import EGN_DIR, doc_text
from conftest import bid_advice
from solver.cli import build_parser, main
from solver.records.base import MAX_RECORD_BYTES
from solver import Method
from solver.errors import ArgumentError

VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"
ROOT = EGN_DIR.parents[2]


def _limit_memory():                        # a regression that reads /dev/zero fails fast instead of eating the machine
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def euchre(*argv, timeout=60, **kw):
    """Run the real command in a child process (bounded in time and memory)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", PYTHONWARNINGS="ignore")
    return subprocess.run([sys.executable, "-m", "solver", *argv], capture_output=True, text=True, timeout=timeout,
                          preexec_fn=_limit_memory, env=env, cwd=ROOT, **kw)


def one_deal_record(tmp_path, name="one.egn", **metadata_changes):
    """The VWEC final's first deal alone, as a file (metadata changed as asked)."""
    data = json.loads((EGN_DIR / "vwec-finals.egn").read_text())
    data["deals"] = data["deals"][:1]
    data["metadata"].pop("finalScore", None)
    data["metadata"].update(metadata_changes)
    path = tmp_path / name
    path.write_text(json.dumps(data, indent=1))
    return path


# -- 5: a record is a regular file of at most MAX_RECORD_BYTES --------------------------------------------
def test_record_cap_is_16_mib_and_documented():
    assert MAX_RECORD_BYTES == 16 * 1024 * 1024
    review_help = build_parser()._subparsers._group_actions[0].choices["review"].format_help()
    assert "16 MiB" in " ".join(review_help.split())
    assert "16 MiB" in doc_text()


@pytest.mark.slow
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_review_refuses_a_device(device):
    proc = euchre("review", device)
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stderr == f"euchre: error: {device}: not a regular file (a character device); " \
                          "a game record is a file\n"


@pytest.mark.slow
def test_review_refuses_a_symlink_to_a_device(tmp_path):
    link = tmp_path / "game.egn"
    link.symlink_to("/dev/zero")
    proc = euchre("review", str(link))
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert proc.stderr == f"euchre: error: {link} (-> /dev/zero): not a regular file (a character device); " \
                          "a game record is a file\n"


@pytest.mark.slow
def test_review_refuses_a_fifo_without_blocking(tmp_path):
    fifo = tmp_path / "game.egn"
    os.mkfifo(fifo)
    try:
        proc = euchre("review", str(fifo), timeout=30)
    except subprocess.TimeoutExpired:
        pytest.fail("euchre review blocked on a FIFO")
    assert proc.returncode == 2
    assert proc.stderr == f"euchre: error: {fifo}: not a regular file (a FIFO); a game record is a file\n"


def test_review_takes_a_directory_as_a_corpus(capsys, tmp_path):
    # a directory is a corpus (issue 15): its records' lines on stdout, the summary on stderr
    assert main(["review", str(tmp_path)]) == 0
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.startswith("corpus review: 0 files, 0 records")


def test_review_refuses_a_file_over_the_cap(capsys, tmp_path):
    big = tmp_path / "big.egn"
    with open(big, "wb") as f:                  # sparse: costs no disk
        f.truncate(MAX_RECORD_BYTES + 1)
    assert main(["review", str(big)]) == 2
    err = capsys.readouterr().err
    assert err == f"euchre: error: {big}: {MAX_RECORD_BYTES + 1:,} bytes; a game record may be at most 16 MiB " \
                  f"({MAX_RECORD_BYTES:,} bytes)\n"


@pytest.mark.slow
def test_review_reads_a_file_at_the_cap(capsys, tmp_path):
    # the cap is inclusive: a record padded with JSON whitespace to exactly 16 MiB is read (and reviewed)
    path = one_deal_record(tmp_path)
    text = path.read_bytes()
    path.write_bytes(text + b" " * (MAX_RECORD_BYTES - len(text)))
    assert main(["review", str(path), "--worlds", "10", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)["reviews"][0]["deals"]) == 1


def test_review_missing_file(capsys, tmp_path):
    assert main(["review", str(tmp_path / "nope.egn")]) == 2
    assert capsys.readouterr().err == f"euchre: error: {tmp_path / 'nope.egn'}: no such file\n"


# -- 6: a closed pipe ends the program quietly ----------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("argv", [
    ["solve", VWEC, "--trump", "c", "--leader", "W"],
    ["solve", VWEC, "--trump", "c", "--leader", "W", "--json"],
    ["review", "tests/data/egn/incomplete-deal.egn", "--worlds", "10"],
])
def test_closed_pipe_is_quiet(argv):
    read_end, write_end = os.pipe()
    os.close(read_end)                  # closed before the program starts: its first write meets a closed pipe
    try:
        proc = subprocess.run([sys.executable, "-m", "solver", *argv], stdout=write_end, stderr=subprocess.PIPE,
                              text=True, timeout=60, cwd=ROOT)
    finally:
        os.close(write_end)
    assert proc.stderr == ""
    assert proc.returncode == 141       # as a shell reports a tool ended by SIGPIPE (128 + 13)


@pytest.mark.slow
def test_head_one_line_is_quiet():
    # `euchre review --json ... | head -1`: the reader goes away after one line of a long output
    proc = subprocess.Popen([sys.executable, "-m", "solver", "review", "tests/data/egn/vwec-finals.egn",
                             "--worlds", "10", "--seed", "1", "--json"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    assert proc.stdout.readline() == b"{\n"
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 141 and err == ""


# -- 7: control characters from a record are escaped ------------------------------------------------------------
@pytest.mark.slow
def test_review_escapes_control_characters_from_the_record(capsys, tmp_path):
    path = one_deal_record(tmp_path, title="Final\x1b[31m red\r", players=["WW\x1b[31mMM\r", "Llama", "E1", "LK"])
    assert main(["review", str(path), "--worlds", "10", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "\r" not in out
    assert "one.egn: Final\\x1b[31m red\\r (1 deal," in out
    assert "N (WW\\x1b[31mMM\\r):" in out
    # --json keeps the record's strings as they are (JSON escapes them itself)
    assert main(["review", str(path), "--worlds", "10", "--seed", "1", "--json"]) == 0
    raw = capsys.readouterr().out
    assert "\x1b" not in raw and json.loads(raw)["reviews"][0]["title"] == "Final\x1b[31m red\r"


def test_error_messages_escape_control_characters(capsys, tmp_path):
    # a file name is text from outside too: "no such file" names it, escaped
    missing = tmp_path / "x\x1b[2J\r.egn"
    assert main(["review", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err == f"euchre: error: '{tmp_path}/x\\x1b[2J\\r.egn': no such file\n"


# -- 8: --version ------------------------------------------------------------------------------------------------------
def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out == f"euchre {metadata.version('euchre-dd')}\n"


# -- 16: who is to lead ----------------------------------------------------------------------------------------------
def test_solve_says_who_is_to_lead(capsys):
    assert main(["solve", VWEC, "--trump", "c", "--leader", "W"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "Trump clubs, W to lead, makers NS"


def test_solve_mid_trick_says_who_led(capsys):
    deal = "N:Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:As Ah 9s Qs"
    assert main(["solve", deal, "--trump", "c", "--leader", "W", "--played", "Ad 9d"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == "Trump clubs, W led Ad 9d, makers NS"


# -- 17: the same command gives the same review --------------------------------------------------------------------
def content_seed(obj) -> int:
    """The documented default seed: the first 8 bytes of the SHA-256 of the record's canonical JSON, halved."""
    canon = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode("ascii")
    return int.from_bytes(hashlib.sha256(canon).digest()[:8], "big") >> 1


@pytest.mark.slow
def test_review_default_seed_is_the_records(capsys, tmp_path):
    path = one_deal_record(tmp_path)
    runs = []
    for _ in range(2):
        assert main(["review", str(path), "--worlds", "10"]) == 0
        runs.append(capsys.readouterr().out)
    assert runs[0] == runs[1]
    seed = content_seed(json.loads(path.read_text()))
    assert f"10 worlds per decision, seed {seed})" in runs[0].splitlines()[0]
    assert main(["review", str(path), "--worlds", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reviews"][0]["seed"] == seed
    # the same record laid out differently is the same content: the same seed
    compact = tmp_path / "compact.egn"
    compact.write_text(json.dumps(json.loads(path.read_text()), separators=(",", ":")))
    assert main(["review", str(compact), "--worlds", "10", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["reviews"][0]["seed"] == seed


@pytest.mark.slow
def test_review_default_seed_per_file(capsys, tmp_path):
    a = one_deal_record(tmp_path, "a.egn")
    b = one_deal_record(tmp_path, "b.egn", title="Another")
    assert main(["review", str(a), str(b), "--worlds", "10", "--json"]) == 0
    seeds = [r["seed"] for r in json.loads(capsys.readouterr().out)["reviews"]]
    assert seeds == [content_seed(json.loads(a.read_text())), content_seed(json.loads(b.read_text()))]
    assert seeds[0] != seeds[1]
    # a given --seed is every file's
    assert main(["review", str(a), str(b), "--worlds", "10", "--seed", "5", "--json"]) == 0
    assert [r["seed"] for r in json.loads(capsys.readouterr().out)["reviews"]] == [5, 5]


ADVISE = ["advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S", "--worlds", "100"]


def test_advise_default_seed_is_the_questions(capsys):
    outs = []
    for argv in (ADVISE, ADVISE[:2] + ["Jd Kd Tc Ac 9d"] + ADVISE[3:]):      # the same hand, written in another order
        assert main(argv + ["--json"]) == 0
        outs.append(json.loads(capsys.readouterr().out))
    # the question is the seat's view, its hand a set of cards: written back in card order, whatever the order asked
    assert outs[0]["hand"] == "9d Tc Jd Kd Ac"
    assert outs[0] == outs[1]
    question = {"hand": ["9d", "Tc", "Jd", "Kd", "Ac"], "upcard": "Kc", "seat": "N", "dealer": "S", "round": 1,
                "rules": outs[0]["rules"], "dummies": None}
    assert outs[0]["seed"] == content_seed(question)
    assert main(ADVISE) == 0 and main(ADVISE) == 0
    text = capsys.readouterr().out
    half = len(text) // 2
    assert text[:half] == text[half:]


@pytest.mark.slow
def test_review_in_a_terminal_reads_a_dummy_hands_record():
    # the progress bar (shown when stderr is a terminal) counts decisions of either kind of record
    import pty
    import threading
    leader, follower = pty.openpty()

    def drain():                        # read the terminal's side, so the progress bar never blocks on it
        try:
            while os.read(leader, 4096):
                pass
        except OSError:
            pass
    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        proc = subprocess.run([sys.executable, "-m", "solver", "review", "tests/data/dummy-hands-game.json",
                               "--worlds", "10", "--seed", "1"], stdout=subprocess.PIPE, stderr=follower,
                              text=True, timeout=120, cwd=ROOT)
    finally:
        os.close(follower)              # the reader then sees the terminal hang up
        reader.join(timeout=10)
        os.close(leader)
    assert proc.returncode == 0
    assert proc.stdout.startswith("dummy-hands-game.json: ")


# -- 15: `euchre serve` runs one worker per core by default, as api.serve.serve does -----------------------------
def test_serve_leaves_the_worker_count_to_the_service(monkeypatch):
    import api.serve
    calls = []
    monkeypatch.setattr(api.serve, "serve", lambda **kw: calls.append(kw))
    assert main(["serve"]) == 0
    assert calls == [{"host": "127.0.0.1", "port": 8000, "workers": None}]   # None: api.serve.default_workers()
    assert main(["serve", "--workers", "3"]) == 0 and calls[-1]["workers"] == 3


def test_library_review_of_a_record_seeds_from_its_content():
    from solver import load_game, review_game as review
    path = EGN_DIR / "incomplete-deal.egn"
    seed = content_seed(json.loads(path.read_text()))
    assert review(path, method=Method(worlds=10, examples=3)).seed == seed
    assert review(path.read_text(),
                  method=Method(worlds=10, examples=3)).seed == seed          # the same record as text
    method = Method(worlds=10, examples=3)
    assert review(load_game(path), method=method.replace(seed=seed)).to_dict() == review(path, method=method).to_dict()


def test_a_line_break_in_a_record_does_not_make_a_report_line(capsys, tmp_path):
    path = one_deal_record(tmp_path, title="Final\nN  fake line", players=["Ann\ntrick 1 forged", "Llama", "E1", "LK"])
    assert main(["review", str(path), "--worlds", "10", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "one.egn: Final\\nN  fake line (1 deal," in out
    assert "N (Ann\\ntrick 1 forged):" in out
    assert not any(line.startswith(("N  fake", "trick 1 forged")) for line in out.splitlines())


@pytest.mark.parametrize("workers", ["0", "65", "100000"])
def test_serve_refuses_a_worker_count_out_of_bounds(capsys, workers):
    # 100,000 workers once forked until the machine ran out of memory
    assert main(["serve", "--port", "0", "--workers", workers]) == 2
    assert capsys.readouterr().err == (f"euchre: error: workers {workers}: must be 1..64 (worker processes; "
                                       "one per core is the default)\n")


@pytest.mark.slow
def test_a_record_file_named_like_json_is_still_a_file(capsys, tmp_path):
    path = tmp_path / "{x}.egn"
    path.write_text((EGN_DIR / "vwec-finals.egn").read_text())
    assert main(["review", str(path), "--worlds", "10", "--seed", "1"]) == 0
    assert capsys.readouterr().out.startswith("{x}.egn: VWEC Finals (13 deals")


@pytest.mark.slow
def test_output_that_cannot_be_written_is_one_error_line():
    import subprocess
    import sys
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-m", "solver", "solve", VWEC, "--trump", "c", "--leader", "W"],
                              stdout=full, stderr=subprocess.PIPE, text=True, timeout=120)
    assert proc.returncode == 1
    assert proc.stderr == "euchre: error: cannot write the output: No space left on device\n"


def test_calls_that_are_not_a_list_are_refused():
    from solver import IllegalActionError
    with pytest.raises(IllegalActionError, match="calls 5: expected a list of call tokens"):
        bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", calls=5)


ROLLOUT_QUESTION = ["advise", "--hand", "Jh Jd Ah 9c Ts", "--upcard", "9h", "--seat", "E", "--dealer", "N",
                    "--valuation", "rollout", "--worlds", "10"]


@pytest.mark.parametrize("command", [["review", str(EGN_DIR)], ["match", "--a", "policy", "--b", "random"],
                                     ROLLOUT_QUESTION])
@pytest.mark.parametrize("jobs", ["0", "65", "-1"])
def test_every_jobs_option_is_refused_by_argparse_out_of_one_range(capsys, command, jobs):
    # one range (1..64) for the worker processes of review, match and a rollout, refused before any work
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args([*command, "--jobs", jobs])
    assert exit_.value.code == 2
    assert f"argument --jobs: jobs {jobs}: must be a whole number 1..64" in capsys.readouterr().err


def test_the_jobs_bound_is_the_engines():
    from solver.bounds import MAX_JOBS
    from solver.match import play_match
    from solver.review.deals import check_jobs
    from solver.rollout import Rollout
    assert MAX_JOBS == 64 and check_jobs(64) == 64
    for refuse in (check_jobs, lambda n: play_match("policy", "random", deals=1, jobs=n), lambda n: Rollout(processes=n)):
        with pytest.raises(ArgumentError, match="65: must be a whole number 1..64"):
            refuse(65)
