"""EGN annotations out (solver.review.annotate, ``euchre review --annotate``): the annotated record is valid
against the shared EGN schema, replays to the same deals, keeps every annotation it had, and puts each
comment at the call or card it is about (checked here from the record's own trick lists and seats)."""
import copy
import dataclasses
import json
import os
import re

import jsonschema
import pytest

from conftest import EGN_DIR, TESTS
from solver import load_egn, review_game as review
from solver.cli import main
from solver.errors import EuchreError
from solver.game import Hand
from solver.review.annotate import SIGNATURE, annotate_egn
from solver import Method

pytestmark = pytest.mark.slow      # every test reads a full review of a game (module fixtures)

ANNOTATED = EGN_DIR / "vwec-finals-annotated.egn"       # the final with its published annotations
EXAMPLE = TESTS / "data" / "vwec-finals-reviewed.egn"   # it, reviewed (--seed 1) and annotated: the example
SCHEMA = json.loads((EGN_DIR / "egn-schema-v1.json").read_text())
SEATS = "NESW"


@pytest.fixture(scope="module")
def game():
    return load_egn(ANNOTATED)


@pytest.fixture(scope="module")
def reviewed(game):
    return review(game, method=Method(worlds=30, seed=2, examples=3), annotate=True)


def ours(notes):
    return [x for x in notes if x.endswith(SIGNATURE)]


@pytest.mark.slow
def test_the_annotated_record_is_valid_egn_and_replays_to_the_same_deals(game, reviewed):
    data = reviewed.annotated
    jsonschema.Draft7Validator(SCHEMA).validate(data)
    again = load_egn(json.dumps(data))
    assert [d.status for d in again.deals] == [d.status for d in game.deals]
    for a, b in zip(again.deals, game.deals):
        assert (a.dealer, a.upcard, a.calls, a.tricks, a.alone, a.player_cards) == \
               (b.dealer, b.upcard, b.calls, b.tricks, b.alone, b.player_cards)
        assert a.hand.result.to_dict() == b.hand.result.to_dict()
        assert a.score_before == b.score_before
    assert again.metadata == game.metadata
    original = game.to_dict()
    for new, old in zip(data["deals"], original["deals"]):
        assert new.get("alternativeLines") == old.get("alternativeLines")
        for pn, po in zip(new["phases"], old["phases"]):
            for key in ("callAnnotations", "playAnnotations"):
                for k, notes in po.get(key, {}).items():   # every published comment kept, first, unchanged
                    assert pn[key][k][:len(notes)] == notes
            stripped = {k: v for k, v in pn.items() if k not in ("callAnnotations", "playAnnotations")}
            assert stripped == {k: v for k, v in po.items() if k not in ("callAnnotations", "playAnnotations")}
    # dump_egn of the annotated record gives it back (nothing it holds is dropped on reading)
    assert json.loads(json.dumps(again.to_dict())) == data


@pytest.mark.slow
def test_each_comment_is_at_its_decision(game, reviewed):
    data = reviewed.annotated
    placed = 0
    for deal, raw, dr in zip(game.deals, data["deals"], reviewed.deals):
        bidding, play = raw["phases"][0], raw["phases"][1] if len(raw["phases"]) > 1 else {}
        flat = [(seat, card) for t in deal.hand.tricks for seat, card in zip(t.seats, t.cards)]
        for k, notes in play.get("playAnnotations", {}).items():
            for note in ours(notes):
                seat, card = flat[int(k)]
                m = re.match(r"(\[\S+\] )?([NESW]) \(.*?\) (leading|playing) (\S+):", note)
                assert m and (m.group(2), m.group(4)) == (str(seat), str(card)), (k, note)
                placed += 1
        for k, notes in bidding.get("callAnnotations", {}).items():
            for note in ours(notes):
                seat = SEATS[(int(deal.dealer) + 1 + int(k)) % 4]
                assert re.match(rf"(\[\S+\] )?{seat} ", note), (k, note)
                placed += 1
        # one comment per decision graded below best or flagged, none for the others
        want = sum(1 for d in dr.decisions if d.mistakes or (d.grade not in (None, "best")))
        got = sum(len(ours(n)) for ph in raw["phases"] for key in ("callAnnotations", "playAnnotations")
                  for n in ph.get(key, {}).values())
        assert got == want, deal.number
    assert placed > 10


@pytest.mark.slow
def test_the_marks_follow_the_grades(reviewed):
    marks = {"inaccuracy": "[?!] ", "mistake": "[?] ", "blunder": "[??] "}
    for dr, raw in zip(reviewed.deals, reviewed.annotated["deals"]):
        plays = [c for c in dr.cards if c.kind == "play"]
        notes = raw["phases"][-1].get("playAnnotations", {})
        for k, c in enumerate(plays):
            mine = ours(notes.get(str(k), []))
            if c.grade in marks:
                assert mine and mine[0].startswith(marks[c.grade])
            elif mine:
                assert not mine[0].startswith("[") or c.renege


@pytest.mark.slow
def test_the_committed_example_is_what_the_command_writes(tmp_path):
    out = tmp_path / "out.egn"
    before = ANNOTATED.read_bytes()
    assert main(["review", str(ANNOTATED), "--seed", "1", "--annotate", str(out)]) == 0
    assert ANNOTATED.read_bytes() == before                      # the input untouched
    assert json.loads(out.read_text()) == json.loads(EXAMPLE.read_text())
    jsonschema.Draft7Validator(SCHEMA).validate(json.loads(EXAMPLE.read_text()))


def test_bad_targets_are_refused_before_any_work(tmp_path, capsys):
    copy_of = tmp_path / "game.egn"
    copy_of.write_bytes(ANNOTATED.read_bytes())
    stamp = os.stat(copy_of).st_mtime_ns
    cases = [
        ([str(copy_of), "--annotate", str(copy_of)], "that is the input record"),
        ([str(copy_of), "--annotate", str(tmp_path / "." / "game.egn")], "that is the input record"),
        ([str(copy_of), "--annotate", str(tmp_path)], "a directory"),
        ([str(copy_of), "--annotate", str(tmp_path / "nowhere" / "out.egn")], "no such directory"),
        ([str(copy_of), str(copy_of), "--annotate", str(tmp_path / "o.egn")], "one game record"),
        ([str(copy_of), "--out", str(tmp_path / "r.jsonl"), "--annotate", str(tmp_path / "o.egn")], "corpus mode"),
    ]
    for argv, why in cases:
        assert main(["review", *argv, "--worlds", "10"]) != 0
        assert why in capsys.readouterr().err, argv
    assert os.stat(copy_of).st_mtime_ns == stamp and copy_of.read_bytes() == ANNOTATED.read_bytes()
    assert not (tmp_path / "o.egn").exists()
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        try:
            assert main(["review", str(copy_of), "--worlds", "10", "--annotate", str(locked / "o.egn")]) != 0
            assert "cannot be written" in capsys.readouterr().err
        finally:
            locked.chmod(0o700)


@pytest.mark.slow
def test_records_that_cannot_be_annotated(game):
    h = Hand.from_deal("N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh", upcard="9h",
                       dealer="S")
    with pytest.raises(EuchreError, match="only an EGN record"):
        review(h, method=Method(worlds=10, examples=3), annotate=True)
    with pytest.raises(EuchreError, match="annotate 'yes'"):
        review(game, method=Method(worlds=10, examples=3), annotate="yes")
    r = review(game, method=Method(worlds=10, seed=1, examples=3))
    broken = copy.copy(game)
    broken.deals = list(game.deals)
    broken.deals[3] = dataclasses.replace(game.deals[3], hand=None)
    with pytest.raises(EuchreError, match="deal 3 does not replay"):
        annotate_egn(broken, r)
    other = load_egn(EGN_DIR / "epic-comeback.egn")
    with pytest.raises(EuchreError, match="the review has"):
        annotate_egn(other, r)
