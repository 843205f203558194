"""benchmarks/studies/rollout_classes.py: the class table values each question's call at the worlds it is asked
for, and its differences are the advisor's own figures less the rollout's."""
import json

import numpy as np
import pytest
from conftest import benchmark_module

from solver import Method, advise_bid
from solver.advisor import bid_question_view
from solver.advisor.single_dummy import DEFAULT_NAME

# two questions of the first-round pass class as the study writes them (the rollout values made up: the table
# subtracts whatever the row holds)
ROWS = [
    {"class": "pass, round 1", "k": 7, "question": 0, "hand": "Td Jh Qc Qh Ah", "upcard": "9c", "seat": "S",
     "dealer": "E", "round": 1, "call": "pass", "worlds": 10, "agent_worlds": 20, "seed": 40, "rollout": 0.4,
     "agents_fit": "single-dummy-v3", "later_calls": "agents", "cpu_s": 1.0},
    {"class": "pass, round 1", "k": 7, "question": 1, "hand": "9s Th Jh Js Kc", "upcard": "Ah", "seat": "W",
     "dealer": "S", "round": 1, "call": "pass", "worlds": 10, "agent_worlds": 20, "seed": 40, "rollout": -0.6,
     "agents_fit": "single-dummy-v3", "later_calls": "agents", "cpu_s": 1.0},
]


@pytest.fixture(scope="module")
def study():
    return benchmark_module("studies/rollout_classes.py")


def advised(row, worlds: int, study) -> float:
    view = bid_question_view(row["hand"], row["upcard"], row["seat"], row["dealer"], row["round"])
    method = Method(worlds=worlds, seed=study.question_seed(row["seed"], row["k"], row["question"]),
                    robust_delta=None)
    return advise_bid(view, method, calls=[row["call"]]).option(row["call"]).expected_points


@pytest.mark.parametrize("fast_worlds", [0, 40])
def test_the_table_is_the_advisors_value_at_the_fast_worlds_less_the_rollout(study, tmp_path, fast_worlds):
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    table = study.summarise(str(path), fast_worlds=fast_worlds)["classes"]
    assert [line["class"] for line in table] == ["pass, round 1"]
    worlds = fast_worlds or ROWS[0]["worlds"]
    expected = np.mean([advised(r, worlds, study) - r["rollout"] for r in ROWS])
    assert table[0][DEFAULT_NAME]["mean"] == pytest.approx(expected, abs=1e-12)


def test_few_worlds_and_many_value_the_pass_differently(study):
    # the point of --fast-worlds: the figure at the rollout's 10 worlds is not the advisor's at 40
    assert advised(ROWS[0], 10, study) != advised(ROWS[0], 40, study)


def test_a_row_of_no_class_of_the_study_is_left_out_before_its_valuations(study, tmp_path, monkeypatch, capsys):
    stray = {**ROWS[0], "class": "no such class", "k": 99}
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in [*ROWS, stray]), encoding="utf-8")
    valued = []
    monkeypatch.setattr(study, "fast_values", lambda job: valued.append(job[0]["class"]) or {
        c: 0.0 for c in ["double_dummy", *study.NAMES]})
    table = study.summarise(str(path), fast_worlds=40)["classes"]
    assert valued == ["pass, round 1"] * 2 and [line["questions"] for line in table] == [2]
    assert "2 questions" in capsys.readouterr().out.splitlines()[0]


def test_the_header_names_the_stray_rows(study, tmp_path, monkeypatch, capsys):
    path = tmp_path / "rows.jsonl"
    path.write_text(json.dumps({**ROWS[0], "class": "gone"}) + "\n", encoding="utf-8")
    monkeypatch.setattr(study, "fast_values", lambda job: pytest.fail("a stray row was valued"))
    study.summarise(str(path), fast_worlds=40)
    head = capsys.readouterr().out.splitlines()[0]
    assert "0 questions" in head and "1 rows of no class of the study left out: gone" in head
    assert "at (no rows)" in head


@pytest.mark.parametrize("argv", [["--fast-worlds", "-1"], ["--fast-worlds", "5"], ["--worlds", "3"]])
def test_worlds_the_advisor_refuses_are_a_usage_error_before_any_work(study, tmp_path, capsys, argv):
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        study.main(["--summarise", str(path), *argv])
    assert stop.value.code == 2 and f"argument {argv[0]}" in capsys.readouterr().err


def test_summarise_of_no_file_is_a_usage_error(study, tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        study.main(["--summarise", str(tmp_path / "missing.jsonl")])
    assert stop.value.code == 2 and "no such rows file" in capsys.readouterr().err


def test_the_fast_valuations_bid_the_later_seats_by_the_model_named(study, tmp_path):
    """--model: the table is the advisor's value with that model for the later seats, less the rollout; --classes
    values only the classes named."""
    path = tmp_path / "rows.jsonl"
    other = {**ROWS[0], "class": "pass, round 2", "k": 8, "round": 2, "upcard": "9c"}
    path.write_text("".join(json.dumps(r) + "\n" for r in [*ROWS, other]), encoding="utf-8")
    table = study.summarise(str(path), fast_worlds=40, model="best-response-sd-3", classes=[7])["classes"]
    assert [line["class"] for line in table] == ["pass, round 1"]

    def under(row, model):
        view = bid_question_view(row["hand"], row["upcard"], row["seat"], row["dealer"], row["round"])
        method = Method(worlds=40, seed=study.question_seed(row["seed"], row["k"], row["question"]),
                        robust_delta=None, model=model)
        return advise_bid(view, method, calls=["pass"]).option("pass").expected_points
    expected = np.mean([under(r, "best-response-sd-3") - r["rollout"] for r in ROWS])
    assert table[0][DEFAULT_NAME]["mean"] == pytest.approx(expected, abs=1e-12)
    # the model reaches every valuation (double dummy and each fit), and none is given without --model
    seen = []
    real = study.advise_pieces
    study.advise_pieces = lambda *a, **kw: seen.append(kw.get("model")) or real(*a, **kw)
    try:
        study.fast_values((ROWS[0], 40, "best-response-sd-3"))
        study.fast_values((ROWS[0], 40, None))
    finally:
        study.advise_pieces = real
    fits = 1 + len(study.NAMES)
    assert seen == ["best-response-sd-3"] * fits + [None] * fits


@pytest.mark.parametrize("argv", [["--classes", "9"], ["--classes", "a"], ["--model", "nobody-1"]])
def test_bad_classes_and_models_are_usage_errors(study, tmp_path, argv):
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    with pytest.raises(SystemExit) as stop:
        study.main(["--summarise", str(path), *argv])
    assert stop.value.code == 2


def test_a_question_refused_under_the_model_is_left_out_and_counted(study, tmp_path, monkeypatch, capsys):
    """Under another --model the earlier passes of a question can be too unlikely to advise on (ArgumentError):
    that question has no pair and is left out of the table, the header counting it, the others valued."""
    from solver.errors import ArgumentError
    path = tmp_path / "rows.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in ROWS), encoding="utf-8")
    real = study.advise_pieces

    def refuse_the_first(*args, **kw):
        if args[0] == ROWS[0]["hand"]:
            raise ArgumentError("inference: too unlikely to advise on")
        return real(*args, **kw)
    monkeypatch.setattr(study, "advise_pieces", refuse_the_first)
    table = study.summarise(str(path), fast_worlds=40, model="point-count")["classes"]
    assert table == []                                   # one question left: too few for a line
    head = capsys.readouterr().out.splitlines()[0]
    assert "1 questions" in head and "1 the advisor refuses under point-count left out" in head
