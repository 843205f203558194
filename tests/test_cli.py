"""The `euchre` command line: the real deal of the README, JSON output, clear errors."""
import json
import subprocess
import sys

import pytest

from solver.cli import main

VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"


def run_json(capsys, *argv):
    assert main(list(argv) + ["--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_solve_real_deal_json(capsys):
    out = run_json(capsys, "solve", VWEC, "--trump", "c", "--leader", "W", "--makers", "NS")
    assert out["tricks"] == {"NS": 4, "EW": 1}
    assert out["to_move"] == "W"
    # W's lead of the Ad (the card played in the real game) costs one trick
    assert {v["card"]: v["cost"] for v in out["card_values"]} == {"9s": 0, "Qs": 0, "Ad": 1, "Ah": 0, "As": 0}


def test_solve_human_output(capsys):
    assert main(["solve", VWEC, "--trump", "c", "--leader", "W"]) == 0
    text = capsys.readouterr().out
    assert "Double-dummy tricks: NS 4, EW 1" in text and "Ad    0       1" in text and "As    1       best" in text


def test_table_json(capsys):
    out = run_json(capsys, "table", VWEC, "--dealer", "S")
    assert out["partners"]["c"] == {"NS": 4, "EW": 1}
    assert set(out["loners"]["h"]) == {"N", "E", "S", "W"}


@pytest.mark.parametrize("argv,message", [
    (["solve", "N:Zh", "--trump", "c", "--leader", "W"], "card 'Zh': rank must be one of 9 T J Q K A"),
    (["solve", VWEC, "--trump", "x", "--leader", "W"], "suit 'x'"),
    (["solve", VWEC, "--trump", "c", "--leader", "Q"], "seat 'Q'"),
    (["table", "N:9d", "--dealer", "S"], "N holds 1 card: a DD table needs every hand of 5 cards"),
])
def test_errors_are_one_line(capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre: error: ") and message in err and "Traceback" not in err


@pytest.mark.slow
def test_module_entry_point():
    proc = subprocess.run([sys.executable, "-m", "solver", "solve", VWEC, "--trump", "c", "--leader", "W", "--json"],
                          capture_output=True, text=True, check=True)
    assert json.loads(proc.stdout)["makers_tricks"] == 4


def test_table_dummy_hands(capsys):
    out = run_json(capsys, "table", "N:9d Ac Tc Kd Jd S:Qd Js Kh 9h Jh | N:9c Ks Qh Kc Jc S:Ad As Ah 9s Qs",
                   "--dealer", "S", "--players", "2", "--dummy-hands")
    # dummy phase, clubs: N holds every trump (Jc Kc 9c; the Js is not dealt) and leads: exactly 3,
    # then S's As and Ah take the spade and heart
    assert out["phases"][1]["c"] == {"N": 3, "S": 2}
    assert out["partners"]["c"] == {"N": out["phases"][0]["c"]["N"] + 3, "S": out["phases"][0]["c"]["S"] + 2}


def test_advise_json_real_decision(capsys):
    # vwec-finals.egn, deal 0: N held 9d Ac Tc Kd Jd, the Kc turned up, S dealing; N passed
    out = run_json(capsys, "advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S",
                   "--worlds", "300", "--seed", "1")
    calls = [o["call"] for o in out["options"]]
    assert calls == ["pass", "order", "order alone"]
    for o in out["options"]:
        # a call makes the seat's side the makers in every world: made or euchred, nothing else;
        # after a pass the other side may make trump, or the hand is thrown in
        if o["call"] == "pass":
            assert o["p_make"] + o["p_euchred"] < 1
        else:
            assert abs(o["p_make"] + o["p_euchred"] - 1) < 1e-9
        assert 0 <= o["p_march"] <= o["p_make"] <= 1
    assert out["worlds"] == 300 and out["exact"] is False


def test_advise_two_player_is_exact(capsys):
    out = run_json(capsys, "advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S",
                   "--players", "2")
    assert out["exact"] is True and out["worlds"] == 8568          # C(18, 5): every placement of S's hand


@pytest.mark.parametrize("argv,message", [
    (["--hand", "9d Ac Tc Kd"], "holds 4 cards, expected 5"),
    (["--hand", "9d Ac Tc Kd Kc"], "Kc"),
    (["--round", "2", "--upcard", "Kc", "--hand", "9d Ac Tc Kd Jd", "--seat", "N"], None),
])
def test_advise_errors(capsys, argv, message):
    base = {"--hand": "9d Ac Tc Kd Jd", "--upcard": "Kc", "--seat": "N", "--dealer": "S"}
    args = dict(base)
    it = iter(argv)
    for k in it:
        args[k] = next(it)
    flat = ["advise"] + [x for kv in args.items() for x in kv] + ["--worlds", "50", "--seed", "1"]
    code = main(flat)
    if message is None:
        assert code == 0                         # round 2 with the turned-down Kc: a legal question
        capsys.readouterr()
    else:
        assert code == 2 and message in capsys.readouterr().err


def test_advise_takes_the_inference_options_as_the_other_doors(capsys):
    """`euchre advise` had neither --no-inference nor --inference, which advise_bid and POST /v1/advise take."""
    import json as _json
    from solver import Method, advise_bid
    from solver.advisor import bid_question_view
    from solver.cli import main as _main
    question = ["advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S",
                "--worlds", "50", "--seed", "1", "--json"]
    view = bid_question_view("9d Ac Tc Kd Jd", "Kc", "N", "S")
    for extra, inference in ((["--no-inference"], "none"), (["--inference", "both"], "both"), ([], "auction")):
        assert _main(question + extra) in (0, None)
        got = _json.loads(capsys.readouterr().out)
        want = advise_bid(view, Method(worlds=50, seed=1, inference=inference, early_stop=True)).to_dict()
        assert got == _json.loads(_json.dumps(want))
    none = advise_bid(view, Method(worlds=50, seed=1, inference="none", early_stop=True)).to_dict()
    assert got != _json.loads(_json.dumps(none))            # the option changes the answer: it is read
