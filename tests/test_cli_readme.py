"""The README, the docs and the program cannot drift apart (issue 10, item 15).

Every `euchre ...` command in a code block of the README or of a docs/ page parses with the CLI's own argparse; every synopsis names
only options that exist and every option the subcommand has; the `$ euchre ...` examples are run and print
what the README shows; the service examples answer what the README shows.
"""
import argparse
import json
import re
import shlex

import pytest

from conftest import TESTS, doc_text
from solver.cli import build_parser, main

ROOT = TESTS.parent
README = doc_text()            # the README and docs/*.md: every example in them


def code_blocks():
    """``(info string, [lines])`` of every fenced block, continuation lines (``\\``) joined."""
    out = []
    # any info string (MyST directives such as {eval-rst} too), so every fence pairs with its own close
    for info, body in re.findall(r"^```(\S*)[^\n]*\n(.*?)^```", README, flags=re.S | re.M):
        lines = []
        for line in body.splitlines():
            if lines and lines[-1].endswith("\\"):
                lines[-1] = lines[-1][:-1] + " " + line.strip()
            else:
                lines.append(line)
        out.append((info, lines))
    return out


def commands():
    """Every command the README shows: ``(argv, output lines or None)``."""
    out = []
    for info, lines in code_blocks():
        if info == "bash":
            for line in lines:
                for part in line.split("&&"):
                    if part.strip().startswith("euchre "):
                        out.append((shlex.split(part)[1:], None))
        elif info == "":
            shown = None
            for line in lines:
                if line.startswith("$ "):
                    words = shlex.split(line[2:])
                    assert words[0] == "euchre", line
                    shown = []
                    out.append((words[1:], shown))
                elif shown is not None:
                    shown.append(line)
    return out


def synopses():
    """``{subcommand: set of options}`` from the blocks that show how to call a subcommand."""
    out = {}
    for info, lines in code_blocks():
        if info != "":
            continue
        sub = None
        for line in lines:
            if line.startswith("euchre "):
                words = line.split()
                sub = words[1] + (f" {words[2]}" if words[1] == "model" else "")     # euchre model fit|show
            elif not line.startswith(" "):
                sub = None
            if sub is not None:
                out.setdefault(sub, set()).update(re.findall(r"(?<![\w-])--[a-z][a-z-]*", line))
    return out


def subparsers():
    parser = build_parser()
    return parser._subparsers._group_actions[0].choices


def options(sub) -> set:
    parser = subparsers()[sub.split()[0]]
    if " " in sub:                                 # a command of a command: euchre model fit
        parser = parser._subparsers._group_actions[0].choices[sub.split()[1]]
    # a flag hidden from --help (a rule the command's analysis refuses: solver.cli_rules) is not offered
    return {o for a in parser._actions for o in a.option_strings
            if o.startswith("--") and a.help != argparse.SUPPRESS} - {"--help"}


def test_the_readme_shows_commands():
    # the extraction finds what the README is about: the first command and the examples
    argvs = [argv for argv, _ in commands()]
    assert ["review", "tests/data/egn/vwec-finals.egn", "--seed", "1"] in argvs
    assert sum(1 for _, shown in commands() if shown) >= 5
    assert set(synopses()) == {"solve", "table", "par", "defend", "review", "stats", "advise", "play", "lead",
                               "serve", "match", "model fit", "model show", "exchange", "chart"}


@pytest.mark.parametrize("argv", [argv for argv, _ in commands()], ids=" ".join)
def test_every_command_parses(argv):
    try:
        build_parser().parse_args(argv)
    except SystemExit as stop:
        pytest.fail(f"euchre {shlex.join(argv)}: does not parse (exit {stop.code})")


@pytest.mark.parametrize("sub,named", sorted(synopses().items()))
def test_synopsis_names_every_option_and_no_other(sub, named):
    assert named - options(sub) == set(), f"the README's {sub} synopsis names options {sub} does not have"
    assert options(sub) - named == set(), f"the README's {sub} synopsis lacks options"


@pytest.mark.slow
@pytest.mark.parametrize("argv,shown", [(a, s) for a, s in commands() if s], ids=lambda x: " ".join(x)[:60])
def test_examples_print_what_the_readme_shows(capsys, argv, shown):
    assert main(argv) == 0
    real = capsys.readouterr().out.splitlines()
    if "  ..." not in shown:
        assert real == shown
        return
    it = iter(real)                  # an excerpt: the shown lines, in order, with "..." for lines left out
    for line in shown:
        if line.strip() != "...":
            assert line in it, f"README line not printed (in this order): {line!r}"


def service_examples():
    """``(path, request body, README's answer)`` of each curl example followed by its JSON answer."""
    blocks, out = code_blocks(), []
    for (info, lines), (next_info, answer) in zip(blocks, blocks[1:]):
        words = shlex.split(" ".join(lines)) if info == "bash" else []
        if words[:2] == ["curl", "-s"] and "-d" in words and next_info == "json":
            path = "/" + words[2].split("/", 1)[1]
            out.append((path, json.loads(words[words.index("-d") + 1]), json.loads("\n".join(answer))))
    return out


def test_service_examples_answer_what_the_readme_shows():
    from api import create_app
    examples = service_examples()
    assert {p for p, _, _ in examples} >= {"/v1/solve", "/v1/table"}
    client = create_app().test_client()
    for path, body, answer in examples:
        got = client.post(path, json=body).get_json()
        if "nodes" in answer:           # search nodes depend on what the table already holds from earlier solves
            assert isinstance(got.pop("nodes"), int) and isinstance(answer.pop("nodes"), int)
        assert got == answer, path
