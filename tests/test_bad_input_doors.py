"""Bad input at every door (issue 35, "Bad input"): a method member out of its bounds or of no name, one the
advisor does not read, and a view in the wrong phase for the advisor asked are one :class:`~solver.EuchreError`
in Python, and the same words at the CLI (``euchre: error: ...``, exit 2, an option's own error naming it) and over
HTTP (422 problem+json whose ``detail`` is the message and whose ``field`` is the member)."""
from __future__ import annotations

import pytest

import solver
from solver import ArgumentError, EuchreError, IllegalActionError, Method, seat_view
from solver.cli import main

PLAY = dict(seat="W", hand="Ah Kh 9c Qd Td", dealer="E", upcard="Jh", calls="Order", tricks="9h")
LEAD = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h")
BIDDING = dict(seat="S", hand="9d Ac Tc Kd Jd", dealer="N", upcard="Kc", calls="Pass")      # S to bid


def _argv(command: str, view: dict) -> list:
    return [command, *(x for key, value in view.items() for x in (f"--{key}", value))]


def _dropped(view: dict, member: dict) -> dict:
    return {k: v for k, v in view.items() if k not in member}


#: (case, the advisor's name and view, the Method's members, the CLI's options for them, the option named by
#: argparse or None for an error of the run, the error class, the member the HTTP problem names or None)
CASES = [
    ("worlds out of bounds", "advise_play", PLAY, {"worlds": 5}, ["--worlds", "5"], "--worlds", ArgumentError,
     "worlds"),
    ("an inference of no name", "advise_play", PLAY, {"worlds": 20, "inference": "cards"},
     ["--worlds", "20", "--inference", "cards"], "--inference", ArgumentError, "inference"),
    ("a valuation of no name", "lead_table", LEAD, {"worlds": 20, "valuation": "triple"},
     ["--worlds", "20", "--valuation", "triple"], "--valuation", ArgumentError, "valuation"),
    ("a member the advisor does not read", "lead_table", LEAD, {"worlds": 20, "play_model": "flat"},
     ["--worlds", "20", "--play-model", "flat"], None, ArgumentError, "play_model"),
    ("a view in the wrong phase", "advise_play", BIDDING, {"worlds": 20}, ["--worlds", "20"], None,
     IllegalActionError, None),
]
COMMAND = {"advise_play": ("play", "/v1/play"), "lead_table": ("lead", "/v1/lead")}


@pytest.fixture(scope="module")
def client():
    from api import create_app
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("case, advisor, view, members, options, option, error, field", CASES,
                         ids=[c[0] for c in CASES])
def test_the_same_message_at_every_door(client, capsys, case, advisor, view, members, options, option, error, field):
    with pytest.raises(error) as info:
        getattr(solver, advisor)(seat_view(**view), Method.from_dict(members))
    message = str(info.value)
    if field is not None:
        assert message.startswith(f"{field} "), message           # the message starts with the member it names
    command, route = COMMAND[advisor]

    if option is None:                              # an error of the run: the command's exit status
        assert main(_argv(command, view) + options) == 2
    else:                                           # an option's own error: argparse's exit, naming the option
        with pytest.raises(SystemExit) as status:
            main(_argv(command, view) + options)
        assert status.value.code == 2
    err = capsys.readouterr().err
    said = f"euchre: error: {message}\n" if option is None else f"euchre: error: argument {option}: {message} "
    assert err.startswith(said), err

    answer = client.post(route, json={**view, **members})
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json", answer.get_json()
    problem = answer.get_json()
    assert problem["detail"] == message, problem
    if field is not None:
        assert problem["field"] == field, problem


def test_an_unknown_member_is_named_at_every_door(client, capsys):
    """A member no method has: Python's ``ArgumentError`` lists the members; the CLI has no such option
    (argparse's own error, naming it); HTTP names it as the problem's field."""
    with pytest.raises(EuchreError, match=r"^method member 'bogus': unknown; the members are worlds, seed, "):
        solver.advise_play(seat_view(**PLAY), {"worlds": 20, "bogus": 1})
    with pytest.raises(SystemExit) as status:
        main(_argv("play", PLAY) + ["--bogus", "1"])
    assert status.value.code == 2 and "unrecognized arguments: --bogus 1" in capsys.readouterr().err
    problem = client.post("/v1/play", json={**PLAY, "worlds": 20, "bogus": 1}).get_json()
    assert problem["status"] == 422 and problem["field"] == "bogus" and "bogus" in problem["detail"], problem
