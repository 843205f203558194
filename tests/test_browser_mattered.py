"""The review page's line naming the decision that mattered takes the reader straight to that deal and step
(Chromium through Playwright, as tests/test_browser.py)."""
import os
import shutil

import pytest

from conftest import EGN_DIR
from solver import load_egn, review_game
from solver.pages import review_html
from solver import Method

CHROMIUM = next((p for p in (os.environ.get("EUCHRE_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def test_the_game_line_opens_its_deal_at_its_step(browser, tmp_path):
    game = load_egn(EGN_DIR / "vwec-finals.egn")
    rep = review_game(game, method=Method(worlds=20, seed=1, examples=3), score=True)
    m = rep.mattered
    page_index = next(i for i, d in enumerate(rep.deals) if d.index == m["deal"])
    assert page_index != 0, "the check below needs the costliest decision outside the first deal"
    out = tmp_path / "review.html"
    out.write_text(review_html(rep, game), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, offline=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(out.as_uri())
    page.wait_for_selector("section.deal:not([hidden])")
    assert page.evaluate("() => Number(document.querySelector('section.deal:not([hidden])').dataset.deal)") == 0
    page.click("#game-mattered a")
    shown = page.evaluate("() => { const s = document.querySelector('section.deal:not([hidden])');"
                          " return [Number(s.dataset.deal), Number(s.dataset.step)]; }")
    assert shown == [page_index, m["step"]]
    # a deal's own line goes to its step within the deal
    page.click(f"#deal-{page_index} p.mattered a")
    assert page.evaluate("() => Number(document.querySelector('section.deal:not([hidden])').dataset.step)") == \
        rep.deals[page_index].mattered["step"]
    context.close()
    assert not errors, errors
