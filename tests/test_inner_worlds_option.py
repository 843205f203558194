"""``--inner-worlds`` is for ``--valuation playout`` only, and the valuation's words say the inner worlds used."""
import json
from pathlib import Path

import pytest

from solver.advisor.valuation import assumption
from solver.cli import main

ROOT = Path(__file__).resolve().parent.parent
FITTED_INNER = json.loads((ROOT / "solver/data/single-dummy-v1.json").read_text())["inner_worlds"]
ADVISE = ["advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S", "--worlds", "20"]
LEAD = ["play", "--seat", "W", "--hand", "Ad As Ah 9s Qs", "--dealer", "S", "--upcard", "Kc", "--calls", "Pass Pass Order",
        "--worlds", "20"]
REVIEW = ["review", str(ROOT / "tests/data/egn/vwec-finals.egn"), "--worlds", "20"]


def test_single_dummy_words_name_the_fitted_inner_worlds_not_the_argument():
    assert FITTED_INNER == 20
    words = assumption("single_dummy", 5)
    assert f"over {FITTED_INNER} uniform worlds" in words and "over 5 " not in words
    assert "over 5 uniform worlds" in assumption("playout", 5)      # the playout uses its argument


@pytest.mark.parametrize("command, who", [(ADVISE, "advise_bid"), (LEAD, "advise_play"), (REVIEW, "the review")],
                         ids=["advise", "play", "review"])
@pytest.mark.parametrize("valuation", [None, "single-dummy", "double-dummy"])
def test_inner_worlds_without_playout_is_refused(capsys, command, who, valuation):
    """Refused by the engine, in the words Python and HTTP give (one check, solver.advisor.method.check_reads and
    the review's check_valuation_option), not by a check of the CLI's own."""
    argv = command + ([] if valuation is None else ["--valuation", valuation]) + ["--inner-worlds", "5"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"euchre: error: inner_worlds 5: {who} does not read ")
    assert "only valuation playout uses inner worlds" in err and "Traceback" not in err


def test_review_single_dummy_text_says_the_fitted_inner_worlds(capsys):
    assert main(REVIEW + ["--valuation", "single-dummy"]) == 0
    line = next(s for s in capsys.readouterr().out.splitlines() if s.startswith("valuation:"))
    assert f"over {FITTED_INNER} uniform worlds" in line


def test_inner_worlds_with_playout_is_taken(capsys):
    assert main(ADVISE[:-1] + ["10", "--valuation", "playout", "--inner-worlds", "3", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "over 3 uniform worlds" in json.dumps(out)


@pytest.mark.parametrize("command", [LEAD, REVIEW], ids=["play", "review"])
def test_inner_worlds_at_its_default_is_never_refused(capsys, command):
    """``--inner-worlds 20`` is the default, as ``Method(inner_worlds=20)`` and an HTTP body's ``inner_worlds`` 20
    are: taken without a playout, with the answer of the command without it."""
    assert main(command + ["--seed", "1", "--json"]) == 0
    without = capsys.readouterr().out
    assert main(command + ["--seed", "1", "--json", "--inner-worlds", "20"]) == 0
    assert capsys.readouterr().out == without
