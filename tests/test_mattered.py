"""The decision that mattered: each reviewed deal and game names its costliest decision, and the page links to it."""
import re

import pytest

from conftest import TESTS
from solver import load_egn, review_game
from solver.pages import review_html
from solver import Method

VWEC = TESTS / "data" / "egn" / "vwec-finals.egn"


@pytest.fixture(scope="module")
def reviewed():
    game = load_egn(VWEC)
    return game, review_game(game, method=Method(worlds=20, seed=1, examples=3), score=True)


def _largest(decisions):
    """By hand: the judged decision with the largest loss, in the game's chance where any is judged so."""
    judged = [(k, d) for k, d in enumerate(decisions) if d.grading is not None]
    game = [(k, d) for k, d in judged if d.grading.unit == "game"]
    best = None
    for k, d in game or judged:
        if best is None or d.grading.loss > best[1].grading.loss:
            best = (k, d)
    return best


def test_each_deal_names_its_costliest_decision(reviewed):
    _game, rep = reviewed
    for d in rep.deals:
        k, dec = _largest(d.decisions)
        m = d.mattered
        assert m["step"] == k and m["seat"] == str(dec.seat) and m["where"] == dec.where
        assert m["loss"] == pytest.approx(dec.grading.loss, abs=5e-5) and m["unit"] == "game"
        text = d.text().splitlines()
        assert text[1].startswith("  the decision that mattered: ")
        if m["lost"]:
            assert f"{dec.where}, {dec.seat} " in text[1]


def test_the_game_names_the_costliest_of_its_deals(reviewed):
    _game, rep = reviewed
    m = rep.mattered
    losses = [(d.mattered["loss"], d.index) for d in rep.deals]
    top = max(l for l, _ in losses)
    assert m["loss"] == top and m["deal"] == next(i for l, i in losses if l == top)
    lines = str(rep).splitlines()
    assert lines[4] == (f"the decision that mattered: deal {m['number']}, {m['where']}, {m['seat']} {m['done']}: "
                        f"P(win game) {-m['loss']:+.3f} ({m['grade']})")
    assert rep.to_dict()["mattered"] == m and rep.to_dict()["deals"][0]["mattered"] == rep.deals[0].mattered


def test_the_page_links_to_it(reviewed):
    game, rep = reviewed
    html = review_html(rep, game)
    m = rep.mattered
    page = next(i for i, d in enumerate(rep.deals) if d.index == m["deal"])
    assert re.search(rf'id="game-mattered"><a href="#deal-{page}-step-{m["step"]}" data-to-deal="{page}" '
                     rf'data-to-step="{m["step"]}">The decision that mattered: deal {m["number"]},', html)
    d0 = rep.deals[0].mattered
    assert f'<p class="mattered"><a href="#deal-0-step-{d0["step"]}" data-step="{d0["step"]}">' in html


def test_nothing_lost_says_so():
    from solver.review.results import costliest
    assert costliest([]) is None
    from solver.render import mattered_text
    assert mattered_text(None) == "the decision that mattered: none judged"
    assert "every judged decision was among the best" in mattered_text(
        {"lost": False, "step": 0, "seat": "N", "where": "trick 1", "done": "led Ah", "unit": "points", "loss": 0.0,
         "grade": "best"})
