"""The defender's defend-alone choice is a graded decision like the others: its grade, its flag, the players'
tallies, the JSON, ``euchre stats`` and the EGN annotation; and annotating an annotated record replaces the
review's own comments, keeps everyone else's; ``--html`` and ``--annotate`` never share a path."""
import json
import os

import jsonschema
import pytest

import solver
from conftest import EGN_DIR
from solver import Seat, dump_egn, load_egn
from solver.cli import main
from solver.review.annotate import SIGNATURE, annotate_egn
from test_house_rules import DEFEND, loner_hand, play_out
from solver import Method

SCHEMA = json.loads((EGN_DIR / "egn-schema-v1.json").read_text())
ANNOTATED = EGN_DIR / "vwec-finals-annotated.egn"


@pytest.fixture(scope="module")
def loner_game():
    # W holds Jh Jd Ah, the three top trumps: the loner N takes at most 2 tricks in every world, so defending
    # alone scores +4 (lone_defender_score) and with the partner +2 in each: W's "defend partner" loses exactly
    # 2 points, a mistake on the points scale (1.2 to 3.0); E, asked next, has no such hand
    h = loner_hand("N:Kh Qh Th 9c Ac E:9d Td Qd Kd Ad S:Js As Ks Qs Ts W:Jh Jd Ah Kc Qc")
    h.apply("defend partner")
    h.apply("defend partner")
    return dump_egn(play_out(h))


@pytest.fixture(scope="module")
def reviewed(loner_game):
    game = load_egn(loner_game)
    return game, solver.review_game(game, method=Method(worlds=20, seed=1, inference=False, examples=3), score=False)


def test_the_defence_is_graded_and_flagged(reviewed):
    game, r = reviewed
    deal = r.deals[0]
    w = deal.defence[0]
    assert (w.seat, w.choice, w.best, w.loss) == (Seat.W, "defend partner", "defend alone", 2.0)
    assert w.loss_interval is None or w.loss_interval == (2.0, 2.0) or w.grade == "mistake"
    assert w.grade == "mistake"
    (flag,) = [m for m in deal.mistakes if m.decision == "defence"]
    assert flag.seat == Seat.W and flag.points == 2.0 and flag.best == ("defend alone",) and flag.knowable
    text = str(r)
    assert "W defended with its partner against the loner: defend alone was 2.00 points better (mistake" in text
    assert "defence  W defended with its partner" in text
    d = deal.to_dict()["defence"][0]
    assert d["grade"] == "mistake" and d["grading"]["unit"] == "points" and d["mistakes"][0]["decision"] == "defence"
    # the players' tallies count it: W decided once more than its calls and cards
    p = deal.players[Seat.W]
    mine = [x for x in deal.decisions if x.seat == Seat.W]
    assert p.decisions == len(mine) + 1
    assert p.grades["mistake"] == sum(x.grade == "mistake" for x in mine) + 1
    assert p.mistakes["information-set"] >= 1


def test_the_defence_in_euchre_stats(loner_game, tmp_path, capsys):
    src = tmp_path / "loner.egn"
    src.write_text(loner_game)
    out = tmp_path / "r.jsonl"
    assert main(["review", str(src), "--worlds", "20", "--seed", "1", "--no-inference", "--by-points",
                 "--out", str(out)]) == 0
    capsys.readouterr()
    assert main(["stats", str(out), "--json"]) == 0
    s = json.loads(capsys.readouterr().out)
    (west,) = [g for g in s["players"] if g["name"] == "West"]
    kinds = {k["kind"]: k for k in west["kinds"]}
    assert kinds["defend"]["decisions"] == 1 and kinds["defend"]["mistakes"] == 1
    assert kinds["defend"]["points_lost"] == pytest.approx(2.0)
    assert west["grades"]["mistake"] >= 1


def test_the_defence_is_annotated_at_the_loners_call(reviewed):
    game, r = reviewed
    data = annotate_egn(game, r)
    jsonschema.Draft7Validator(SCHEMA).validate(data)
    bidding = next(p for p in data["deals"][0]["phases"] if p["type"] == "EUCHRE_BIDDING")
    maker = max(k for k, c in enumerate(bidding["calls"]) if str(c).lower() != "pass")
    notes = bidding["callAnnotations"][str(maker)]
    (note,) = [n for n in notes if "against the loner" in n]
    assert note.startswith("[?] W (West) choosing to defend with its partner against the loner: mistake")
    assert "best: defend alone" in note
    assert note.endswith(SIGNATURE)


def ours(notes):
    return [x for x in notes if x.endswith(SIGNATURE)]


def all_notes(data):
    out = {}
    for i, deal in enumerate(data["deals"]):
        for p, phase in enumerate(deal["phases"]):
            for key in ("callAnnotations", "playAnnotations"):
                for k, v in (phase.get(key) or {}).items():
                    out[(i, p, key, k)] = list(v)
    return out


@pytest.mark.slow
def test_annotating_again_replaces_the_reviews_own_comments():
    game = load_egn(ANNOTATED)
    first = solver.review_game(game, method=Method(worlds=10, seed=1, examples=3))
    once = annotate_egn(game, first)
    again = annotate_egn(load_egn(json.dumps(once)), first)        # the annotated record, annotated again
    assert again == once                                         # not stacked
    theirs = {k: [n for n in v if not n.endswith(SIGNATURE)] for k, v in all_notes(game.to_dict()).items()}
    got = all_notes(again)
    for k, v in theirs.items():                                   # everyone else's comments kept, in order
        assert [n for n in got.get(k, []) if not n.endswith(SIGNATURE)] == v
    # another review: only its comments remain
    second = solver.review_game(game, method=Method(worlds=10, seed=2, examples=3))
    twice = all_notes(annotate_egn(load_egn(json.dumps(once)), second))
    fresh = all_notes(annotate_egn(game, second))
    assert {k: ours(v) for k, v in twice.items() if ours(v)} == {k: ours(v) for k, v in fresh.items() if ours(v)}


def test_html_and_annotate_never_share_a_path_or_touch_the_input(tmp_path, capsys):
    src = tmp_path / "game.egn"
    src.write_bytes(ANNOTATED.read_bytes())
    stamp = os.stat(src).st_mtime_ns
    out = tmp_path / "out"
    cases = [([str(src), "--html", str(out), "--annotate", str(out)], "both name"),
             ([str(src), "--html", str(out), "--annotate", str(tmp_path / "." / "out")], "both name"),
             ([str(src), "--html", str(src)], "that is the input record"),
             ([str(src), "--html", str(tmp_path / "nowhere" / "r.html")], "no such directory")]
    for argv, why in cases:
        assert main(["review", *argv, "--worlds", "10"]) != 0
        err = capsys.readouterr().err
        assert why in err, (argv, err)
    assert not out.exists()
    assert os.stat(src).st_mtime_ns == stamp and src.read_bytes() == ANNOTATED.read_bytes()
