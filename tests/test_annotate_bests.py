"""A card's EGN comment names its two bests as the text review does: ``best from its view`` (the information
set's, the text review's information-set line) and ``best double dummy`` (its double-dummy line), never a bare
``best:`` that could be either; and only a decision graded below best, or flagged, gets a comment."""
import re

import pytest

from conftest import EGN_DIR
from solver import load_egn, review_game as review
from solver.review.annotate import SIGNATURE
from solver import Method

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def reviewed():
    return review(load_egn(EGN_DIR / "vwec-finals.egn"), method=Method(worlds=40, seed=1, examples=3), annotate=True)


def text_best(line: str) -> str:
    """The best choices as the text review's line (``str(mistake)``) says them."""
    return re.search(r"; best: (.*?)(;|$)", line).group(1)


def card_notes(raw: dict) -> dict:
    return {int(k): [n for n in v if n.endswith(SIGNATURE)]
            for k, v in raw["phases"][-1].get("playAnnotations", {}).items()}


def test_card_comments_name_each_best_as_the_text_lines_do(reviewed):
    seen_dd_only_best = 0
    for dr, raw in zip(reviewed.deals, reviewed.annotated["deals"]):
        notes = card_notes(raw)
        plays = [c for c in dr.cards if c.kind == "play"]
        for k, c in enumerate(plays):
            mine = notes.get(k, [])
            flagged = {m.kind: m for m in c.mistakes}
            if not mine:
                assert c.grade == "best" and not flagged, (dr.number, c.card)
                continue
            note = mine[0]
            assert "; best: " not in note, note                   # no best without saying whose
            if "double-dummy" in flagged:
                assert f"(best double dummy: {text_best(str(flagged['double-dummy']))})" in note, note
            if "information-set" in flagged:
                assert f"; best from its view: {text_best(str(flagged['information-set']))}" in note, note
            if c.grade == "best":                                  # best from its view, costing a trick double dummy
                assert flagged and "information-set" not in flagged
                assert re.search(rf"(leading|playing) {c.card}: best from its view, ", note), note
                assert "visible only double dummy" in note and "best from its view:" not in note
                seen_dd_only_best += 1
    assert seen_dd_only_best >= 1      # the record has such cards (E's Js in trick 3 of deal 1)


def test_only_decisions_below_best_or_flagged_are_commented(reviewed):
    for dr, raw in zip(reviewed.deals, reviewed.annotated["deals"]):
        want = sum(1 for d in dr.decisions if d.mistakes or d.grade not in (None, "best"))
        got = sum(len([n for n in notes if n.endswith(SIGNATURE)]) for ph in raw["phases"]
                  for key in ("callAnnotations", "playAnnotations") for notes in ph.get(key, {}).values())
        assert got == want, dr.number
