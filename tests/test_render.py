"""solver.render: the advisor's table for people, read back against the advice's own figures."""
import re

from solver import Rules
from solver.render import advice_text
from conftest import bid_advice


def rows_of(text):
    return text.splitlines()


def test_advice_table_shows_every_option_with_its_figures():
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", rules=Rules(players=2))     # exact: every deal
    text = advice_text(a)
    assert str(a) == text
    lines = rows_of(text)
    # by suit, clubs (the upcard's, the trump decided on) first, each high to low: not card order (9d Tc Jd Kd Ac)
    assert lines[0] == f"N holds Ac Tc Kd Jd 9d; upcard Kc; dealer S; round 1; {a.worlds} worlds (exact)"
    assert re.fullmatch(r"option\s+P\(make\)\s+P\(march\)\s+P\(euchred\)\s+points", lines[1])
    body = lines[2:2 + len(a.options)]
    for line, o in zip(body, a.options):
        d = o.to_dict()
        assert line.startswith(d["name"])
        figures = line[len(d["name"]):].split()
        assert [float(x) for x in figures[:4]] == [round(d["p_make"], 3), round(d["p_march"], 3),
                                                   round(d["p_euchred"], 3), round(d["expected_points"], 3)]
        assert (figures[-1] == "*") == (o.call == a.recommended.call)
    rec = a.to_dict()
    assert lines[-1] == f"recommended: {a.recommended.name} (by {rec['margin']:.3f} points)"
    bidding = lines[2 + len(a.options):-1]          # the later seats, the inference, the robustness, the valuation
    assert bidding[0].startswith("later seats: ") and len(bidding) == 4
    # two-player: no fitted single-dummy table, so double dummy, said so
    assert bidding[-1] == "valuation: double dummy: after the decision every seat plays as if all the cards were " \
                          "face up (optimistic for the side that would have to guess)"
    assert len(lines) == 3 + len(a.options) + len(bidding)


def test_sampled_advice_shows_interval_half_widths_and_the_margin_interval():
    a = bid_advice("Tc Td As Ts Kd", "9s", "N", "W", round=2, worlds=200, seed=3)
    lines = rows_of(str(a))
    assert lines[0].endswith("upcard 9s turned down; dealer W; round 2; 200 worlds")
    for line, o in zip(lines[2:], a.options):
        half = (o.points_interval[1] - o.points_interval[0]) / 2
        assert f"{o.expected_points:+.3f} ±{half:.3f}" in line
    lo, hi = a.margin_interval
    assert lines[-1].endswith(f"(by {a.margin:.3f} points, 95% {lo:+.3f} to {hi:+.3f})")


def test_dummy_hands_table_adds_the_two_sets():
    a = bid_advice("9c Tc Qc Kc Ac", "9h", "N", "S", rules=Rules(players=2, dummy_hands=True),
               dummies="N:9s Ts Qs Ks 9d S:As Td Qd Kd Ad")
    lines = rows_of(str(a))
    assert lines[1].startswith("dummies face up: N 9d 9s Ts Qs Ks, S Td Qd Kd Ad As;")     # in card order
    assert lines[2].split()[-2:] == ["1-5", "6-10"]
    for line, o in zip(lines[3:], a.options):
        sets = [float(x) for x in line.replace(" *", "").split()[-2:]]
        assert sets == [round(p["expected_points"], 3) for p in o.phases]


def _cli(argv) -> str:
    import contextlib
    import io
    from solver.cli import main
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(argv) == 0
    return out.getvalue()


def test_the_heading_says_maker_only_for_the_seat_that_called():
    """The seat that called trump is "maker", its partner "makers" (the side), the others "defender" (hand-checked:
    dealer N, round 1 bids E, S, W: "Order" is E's call, "Pass Order" S's, "Pass Pass Order" W's)."""
    lead = ["lead", "--seat", "E", "--hand", "Jd Ah Kh Tc 9d", "--dealer", "N", "--upcard", "Ks", "--worlds", "50",
            "--seed", "1", "--calls"]
    for calls, role in (("Order", "maker"), ("Pass Pass Order", "makers"), ("Pass Order", "defender")):
        assert _cli([*lead, calls]).startswith(f"E ({role}, EW) leads to trick 1")
    # play: W named hearts in round 2 (dealer S: W bids first), E is W's partner
    play = ["play", "--seat", "E", "--hand", "Kc Kd Kh", "--dealer", "S", "--upcard", "Jd", "--calls",
            "Pass Pass Pass Pass h", "--tricks", "As 9s Ah Qs; Qc Jc Ac 9c; Ks Ad", "--no-inference"]
    assert _cli(play).startswith("E (makers, EW) holds Kh Kc Kd; trump hearts;")


def test_the_text_shows_the_hand_by_suit_and_the_json_in_card_order():
    """`euchre advise` echoed the hand in card order (rank-major, "9c Ts Jd Jh Ah"); the text now shows it as a player
    holds it (hand-checked): round 1 the upcard's suit first as trump ranks, round 2 plain suit order; play and lead
    advice trump first. The JSON's `hand` keeps card order."""
    import json
    bid = ["advise", "--hand", "Ah Jh 9c Ts Jd", "--seat", "W", "--dealer", "S", "--worlds", "50", "--seed", "1"]
    assert _cli(bid + ["--upcard", "9h"]).startswith("W holds Jh Jd Ah 9c Ts; upcard 9h; dealer S; round 1;")
    assert _cli(bid + ["--upcard", "9h", "--round", "2"]).startswith("W holds 9c Jd Ah Jh Ts; upcard 9h turned down;")
    assert json.loads(_cli(bid + ["--upcard", "9h", "--json"]))["hand"] == "9c Ts Jd Jh Ah"
    view = ["--seat", "E", "--hand", "Jd Ah Kh Tc 9d", "--dealer", "N", "--upcard", "Ks", "--calls", "Order",
            "--worlds", "50", "--seed", "1"]
    assert _cli(["play", *view]).startswith("E (maker, EW) holds Tc Jd 9d Ah Kh; trump spades; leads;")
    assert "to trick 1, holding Tc Jd 9d Ah Kh; trump spades made by E;" in _cli(["lead", *view]).splitlines()[0]
    assert json.loads(_cli(["play", *view, "--json"]))["hand"] == "9d Tc Jd Kh Ah"
