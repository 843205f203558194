"""The house-rule flags of the command line (solver/cli_rules.py): each defined once, every command that takes
rules offering those its analysis covers (solver/capabilities.py), refusing by name the others, and a match
under a flag really playing that rule."""
import argparse
import dataclasses
import json
import re
from pathlib import Path

import pytest

from solver import load_egn
from solver.cli import build_parser, main
from solver.cli_rules import RULE_OPTIONS, add_rule_options, rules_from_args
from solver.rules import Rules
from solver.variants import SWITCHES

CLI = Path(__file__).resolve().parent.parent / "solver" / "cli.py"


def offered(command: str) -> set:
    """The flags ``euchre COMMAND --help`` lists."""
    sub = build_parser()._subparsers._group_actions[0].choices[command]
    return {o for a in sub._actions for o in a.option_strings if a.help != argparse.SUPPRESS}


def test_every_rules_switch_has_one_flag_named_after_it():
    fields = {f.name for f in dataclasses.fields(Rules)}
    assert set(RULE_OPTIONS) <= fields
    # every house rule a user picks (all but the OpenSpiel discard convention, no command's option) and the players
    assert set(RULE_OPTIONS) == (set(SWITCHES) - {"dealer_may_discard_upcard"}) | {"players"}
    for field, option in RULE_OPTIONS.items():
        assert option.flag == "--" + field.replace("_", "-")


def test_cli_defines_no_rule_flag_of_its_own():
    source = CLI.read_text()
    for option in RULE_OPTIONS.values():
        assert not re.search(rf'add_argument\(\s*"{option.flag}"', source), option.flag


def test_match_offers_every_rule_but_the_dummy_hands_variant():
    # match play refuses only the dummy-hands variant (docs/rules.md's table): every other flag is offered
    flags = offered("match")
    assert {o.flag for o in RULE_OPTIONS.values()} - flags == {"--dummy-hands"}
    for flag in ("--stick-the-dealer", "--loner-lead", "--defend-alone", "--canadian", "--partners-best",
                 "--allow-no-trump", "--farmers", "--go-under", "--joker", "--players"):
        assert flag in flags


@pytest.mark.parametrize("command,argv,label", [
    ("match", ["--a", "policy", "--b", "policy", "--players", "2", "--dummy-hands"], "match play"),
    ("par", ["N:9c Tc Jc Qc Kc E:9d Td Jd Qd Kd S:9h Th Jh Qh Kh W:9s Ts Js Qs Ks", "--upcard", "Ac",
             "--dealer", "S", "--players", "2", "--dummy-hands"], "par"),
])
def test_a_refused_rule_is_an_argparse_error_naming_the_flag(command, argv, label, capsys):
    with pytest.raises(SystemExit) as stop:
        main([command, *argv])
    err = capsys.readouterr().err
    assert stop.value.code == 2
    assert err.startswith("euchre: error: argument --dummy-hands: " + label + ": does not cover the dummy-hands "
                          "variant (Rules(players=2, dummy_hands=True)); ")
    assert "--dummy-hands" not in offered(command)


def test_the_unchanged_doors_keep_their_flags():
    # the commands that had house-rule flags before the move offer the same ones (hand-listed here)
    expect = {
        "solve": {"--players", "--joker", "--allow-no-trump"},
        "par": {"--players", "--joker", "--allow-no-trump", "--stick-the-dealer", "--defend-alone", "--canadian",
                "--partners-best", "--loner-lead"},
        "defend": {"--joker", "--allow-no-trump", "--stick-the-dealer", "--canadian", "--partners-best",
                   "--loner-lead", "--farmers", "--go-under"},
        "exchange": {"--joker", "--allow-no-trump", "--stick-the-dealer", "--defend-alone", "--canadian",
                     "--partners-best", "--loner-lead", "--farmers", "--go-under"},
    }
    every = {o.flag for o in RULE_OPTIONS.values()}
    for command, flags in expect.items():
        assert offered(command) & every == flags, command


def test_rules_from_args_reads_the_fields_and_the_fixed_ones():
    p = argparse.ArgumentParser()
    add_rule_options(p, "advise_defend", without=("players", "dummy_hands", "defend_alone"))
    args = p.parse_args(["--stick-the-dealer", "--loner-lead", "left_of_dealer"])
    assert rules_from_args(args, defend_alone=True) == Rules(stick_the_dealer=True, loner_lead="left_of_dealer",
                                                             defend_alone=True)
    assert rules_from_args(p.parse_args([])) == Rules()


def _match(capsys, *flags, egn=None):
    argv = ["match", "--a", "policy", "--b", "policy", "--deals", "20", "--seed", "4", "--json", *flags]
    assert main(argv + (["--egn", str(egn)] if egn else [])) == 0
    return json.loads(capsys.readouterr().out)


def test_a_match_under_stick_the_dealer_plays_it(capsys, tmp_path):
    # seed 4: at deal 9 (index 8) every seat passes twice at both tables; without the rule it is thrown in
    plain = _match(capsys)
    assert plain["rules"]["stick_the_dealer"] is False
    assert [t["deal"] for t in plain["tables"] if t["makers"] is None] == [8, 8]
    stuck = _match(capsys, "--stick-the-dealer", egn=tmp_path)
    assert stuck["rules"]["stick_the_dealer"] is True
    assert [t for t in stuck["tables"] if t["makers"] is None] == []
    # the records say so: the ruleset is stick-the-dealer, and at deal 9 the dealer (the eighth call, the calls
    # start at its left) names a suit after seven passes, and its side makes
    for table in (1, 2):
        game = load_egn(tmp_path / f"deal-0009-table-{table}.egn")
        assert game.rules.stick_the_dealer is True
        calls = game.deals[0].calls
        assert calls[:7] == ["Pass"] * 7 and calls[7] in ("c", "d", "h", "s")
    row = [t for t in stuck["tables"] if t["deal"] == 8]
    assert all(t["makers"] == ("NS" if t["dealer"] in "NS" else "EW") for t in row)


def test_a_match_takes_the_loner_lead(capsys):
    assert _match(capsys, "--loner-lead", "left_of_dealer")["rules"]["loner_lead"] == "left_of_dealer"


@pytest.mark.parametrize("command", ["advise", "play", "lead", "compare"])
def test_the_advisors_take_defend_alone_as_python_and_http_do(command):
    """Advice under Rules(defend_alone=True) is what Python and /v1 give (the later seats never defend alone):
    the flag is offered, with that said in its help."""
    parser = build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices[command]
    flag = next(a for a in sub._actions if "--defend-alone" in a.option_strings)
    assert "assumes no defender goes alone" in flag.help


def test_bid_advice_with_defend_alone_is_the_advice_the_library_gives(capsys):
    import json
    from solver import Method, Rules, advise_bid
    from solver.advisor import bid_question_view
    args = ["advise", "--hand", "Jh Jd Ah 9c Ts", "--upcard", "9h", "--seat", "E", "--dealer", "N", "--worlds", "100",
            "--seed", "1", "--json", "--defend-alone"]
    assert main(args) in (0, None)
    got = json.loads(capsys.readouterr().out)
    want = advise_bid(bid_question_view("Jh Jd Ah 9c Ts", "9h", "E", "N", 1, Rules(defend_alone=True)),
                      Method(worlds=100, seed=1))
    assert [o["expected_points"] for o in got["options"]] == [o.expected_points for o in want.options]
