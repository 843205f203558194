"""Every file the command writes is a regular file, written whole (issue 37, item 3).

An output path that names a FIFO, a device, a symlink or a directory is refused naming the path and what it
is, before any work, and left as it was; a regular file is replaced whole (a temporary file beside it, then
renamed), never written through a link. One helper (:mod:`solver.outfiles`) serves ``review --annotate`` and
``--html``, ``match --egn``, ``model fit --out``, ``model show --plot`` and the corpus review's ``--out``.
"""
import json
import os
import stat
import subprocess
import sys

import pytest

from conftest import EGN_DIR
from solver.cli import main
from solver.errors import EuchreError, ModelError
from solver.outfiles import check_target, write_file

ROOT = EGN_DIR.parents[2]


def euchre(*argv, timeout=120):
    """The real command in a child process, bounded in time (a write to a FIFO would block for ever)."""
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", PYTHONWARNINGS="ignore")
    return subprocess.run([sys.executable, "-m", "solver", *argv], capture_output=True, text=True,
                          timeout=timeout, env=env, cwd=ROOT)


def one_deal_record(tmp_path):
    data = json.loads((EGN_DIR / "vwec-finals.egn").read_text())
    data["deals"] = data["deals"][:1]
    data["metadata"].pop("finalScore", None)
    path = tmp_path / "one.egn"
    path.write_text(json.dumps(data, indent=1))
    return path


@pytest.fixture
def targets(tmp_path):
    """A FIFO, a symlink to a regular file, a symlink to a device, a directory and a device, by name."""
    fifo = tmp_path / "fifo.out"
    os.mkfifo(fifo)
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (tmp_path / "link.out").symlink_to(victim)
    (tmp_path / "devlink.out").symlink_to("/dev/null")
    (tmp_path / "dir.out").mkdir()
    return {"a FIFO": fifo, "a symbolic link": tmp_path / "link.out", "a symbolic link ": tmp_path / "devlink.out",
            "a directory": tmp_path / "dir.out", "a character device": "/dev/null"}


def untouched(tmp_path, targets):
    """Every target is still what it was, and the file behind the link still holds what it held."""
    assert stat.S_ISFIFO(os.lstat(targets["a FIFO"]).st_mode)
    assert os.path.islink(targets["a symbolic link"]) and os.path.islink(targets["a symbolic link "])
    assert (tmp_path / "victim.txt").read_text() == "keep me\n"
    assert os.path.isdir(targets["a directory"]) and stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]


def test_the_helper_refuses_every_target_but_a_regular_file(tmp_path, targets):
    for kind, path in targets.items():
        with pytest.raises(EuchreError) as err:
            write_file(path, "x", "--opt")
        assert str(err.value) == (f"--opt {str(path)!r}: not a regular file ({kind.strip()}); only a regular file "
                                  "is written, give the path of one")
    untouched(tmp_path, targets)
    with pytest.raises(ModelError, match="no such directory"):
        check_target(tmp_path / "nowhere" / "f", "--out", error=ModelError)
    with pytest.raises(EuchreError, match="that is the input record"):
        check_target(tmp_path / "." / "victim.txt", "--annotate", inputs=[tmp_path / "victim.txt"])


def test_the_helper_replaces_a_regular_file_whole_keeping_its_mode(tmp_path, monkeypatch):
    out = tmp_path / "out.txt"
    out.write_text("old\n")
    out.chmod(0o640)
    inode = os.stat(out).st_ino
    assert write_file(out, "new ✓\n", "--opt") == str(out)
    assert out.read_text(encoding="utf-8") == "new ✓\n" and stat.S_IMODE(os.stat(out).st_mode) == 0o640
    assert os.stat(out).st_ino != inode               # a new file renamed over the old, not written into it
    write_file(tmp_path / "fresh.bin", b"\x00\x01", "--opt")
    assert (tmp_path / "fresh.bin").read_bytes() == b"\x00\x01"

    def fail(src, dst):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "replace", fail)
    with pytest.raises(EuchreError, match=r"^--opt '.*out.txt': cannot write it \(No space left on device\)$"):
        write_file(out, "lost\n", "--opt")
    assert out.read_text(encoding="utf-8") == "new ✓\n"
    assert sorted(os.listdir(tmp_path)) == ["fresh.bin", "out.txt"]     # no temporary file left


@pytest.mark.parametrize("option", ["--annotate", "--html"])
def test_review_refuses_each_target_before_any_work(tmp_path, targets, option):
    record = one_deal_record(tmp_path)
    for kind, path in targets.items():
        proc = euchre("review", str(record), "--worlds", "10", "--seed", "1", option, str(path), timeout=60)
        assert proc.returncode == 2, (kind, proc.stderr[-500:])
        assert proc.stderr == (f"euchre: error: {option} {str(path)!r}: not a regular file ({kind.strip()}); only "
                               "a regular file is written, give the path of one\n")
    untouched(tmp_path, targets)


def test_review_writes_both_files_whole(tmp_path, capsys):
    record = one_deal_record(tmp_path)
    page, annotated = tmp_path / "page.html", tmp_path / "out.egn"
    annotated.write_text("old")
    assert main(["review", str(record), "--worlds", "10", "--seed", "1", "--html", str(page),
                 "--annotate", str(annotated)]) == 0
    assert page.read_text(encoding="utf-8").startswith("<!doctype html>")
    assert json.loads(annotated.read_text(encoding="utf-8"))["deals"]
    assert sorted(os.listdir(tmp_path)) == ["one.egn", "out.egn", "page.html"]


def test_match_egn_refuses_a_fifo_or_a_link_where_a_record_goes(tmp_path, capsys):
    folder = tmp_path / "records"
    folder.mkdir()
    os.mkfifo(folder / "deal-0001-table-1.egn")
    argv = ["match", "--a", "policy", "--b", "policy", "--deals", "1", "--seed", "1", "--egn", str(folder)]
    assert main(argv) == 2
    assert capsys.readouterr().err == (f"euchre: error: --egn {str(folder / 'deal-0001-table-1.egn')!r}: not a "
                                       "regular file (a FIFO); only a regular file is written, give the path of one\n")
    os.unlink(folder / "deal-0001-table-1.egn")
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me\n")
    (folder / "deal-0001-table-2.egn").symlink_to(victim)
    assert main(argv) == 2
    assert "deal-0001-table-2.egn': not a regular file (a symbolic link)" in capsys.readouterr().err
    assert victim.read_text() == "keep me\n"
    os.unlink(folder / "deal-0001-table-2.egn")
    assert main(argv) == 0
    assert sorted(os.listdir(folder)) == ["deal-0001-table-1.egn", "deal-0001-table-2.egn"]


def test_model_show_plot_refuses_a_fifo_without_blocking(tmp_path):
    fifo = tmp_path / "plot.png"
    os.mkfifo(fifo)
    proc = euchre("model", "show", "point-count", "--plot", str(fifo), timeout=60)
    assert proc.returncode == 2, proc.stderr[-500:]
    assert proc.stderr == (f"euchre: error: --plot {str(fifo)!r}: not a regular file (a FIFO); only a regular "
                           "file is written, give the path of one\n")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_model_fit_out_refuses_a_link(tmp_path, capsys):
    victim = tmp_path / "victim.json"
    victim.write_text("{}")
    (tmp_path / "club.json").symlink_to(victim)
    assert main(["model", "fit", str(EGN_DIR / "vwec-finals.egn"), "--out", str(tmp_path / "club.json")]) == 2
    assert capsys.readouterr().err.startswith(f"euchre: error: --out {str(tmp_path / 'club.json')!r}: not a "
                                              "regular file (a symbolic link)")
    assert victim.read_text() == "{}"


def test_the_corpus_results_file_stays_appendable_but_only_as_a_regular_file(tmp_path, capsys):
    (tmp_path / "in").mkdir()
    record = one_deal_record(tmp_path / "in")
    victim = tmp_path / "victim.jsonl"
    victim.write_text("")
    link = tmp_path / "results.jsonl"
    link.symlink_to(victim)
    argv = ["review", str(record.parent), "--worlds", "10", "--seed", "1", "--quiet"]
    assert main([*argv, "--out", str(link)]) == 2
    assert capsys.readouterr().err == (f"euchre: error: --out {str(link)!r}: not a regular file (a symbolic "
                                       "link); only a regular file is written, give the path of one\n")
    assert victim.read_text() == ""
    out = tmp_path / "plain.jsonl"
    assert main([*argv, "--out", str(out)]) == 0
    first = out.read_text()
    assert len(first.splitlines()) == 1
    data = json.loads((EGN_DIR / "vwec-finals.egn").read_text())
    data["deals"] = data["deals"][1:2]
    data["metadata"].pop("finalScore", None)
    (record.parent / "two.egn").write_text(json.dumps(data))
    assert main([*argv, "--out", str(out)]) == 0      # run again: the new record's deal appended, nothing lost
    assert out.read_text().startswith(first) and len(out.read_text().splitlines()) == 2
