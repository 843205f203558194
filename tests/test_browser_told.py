"""The analysis page's play advice, asked to read the play, shows what the cards told: the holdings and their chances
of ``POST /v1/play``'s ``told`` (Chromium through Playwright, against the real server, as tests/test_browser.py)."""
import json
import os
import shutil
import urllib.request

import pytest

from conftest import real_server
from solver import Method

CHROMIUM = next((p for p in (os.environ.get("EUCHRE_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium")

# S's view after W led the king of spades and N and E followed (tests/test_reading_told.py's DUCKED)
VIEW = {"seat": "S", "hand": "9h Td Th Kd Ad", "dealer": "S", "upcard": "9h", "calls": "Pass Pass Order",
        "tricks": "Ks 9s Ts", "discard": "9d"}


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    log = tmp_path_factory.mktemp("browser") / "serve.log"
    with real_server(log, ["-m", "solver", "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1"]) as (h, p):
        yield f"http://{h}:{p}"
    assert "Traceback" not in log.read_text(errors="replace")


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


def post_json(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.load(r)


def ask(browser, base, inference):
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(base + "/")
    for name, value in VIEW.items():
        page.fill(f"#play input[name={name}]", value)
    page.uncheck("#play input[name=alone]")
    page.fill("#play input[name=worlds]", "200")
    page.fill("#play input[name=seed]", "3")
    page.select_option("#play select[name=examples]", "0")
    page.select_option("#play select[name=inference]", inference)
    page.click('#play button[data-endpoint="play"]')
    page.wait_for_selector('#result[data-endpoint="play"] .bar-row')
    return context, page, errors


def test_the_play_answer_shows_what_the_cards_told(browser, base):
    context, page, errors = ask(browser, base, "both")
    answer = post_json(base, "/v1/play", {**VIEW, "alone": False, "worlds": 200, "seed": 3, "examples": 0,
                                          "inference": "both", "rules": {"players": 4}})
    assert answer["told"], "the play should have told something here"
    items = page.locator("#result .told li")
    assert items.count() == len(answer["told"])
    for j, t in enumerate(answer["told"]):
        li = items.nth(j)
        assert li.text_content() == t["text"]
        assert float(li.get_attribute("data-p")) == t["p"] and float(li.get_attribute("data-p-before")) == t["p_before"]
        assert li.get_attribute("data-seat") == t["seat"]
    assert page.locator("#result .problem").count() == 0 and not errors
    context.close()
    # the default reads the calls only: nothing told
    context, page, errors = ask(browser, base, "auction")
    assert page.locator("#result .told").count() == 0 and not errors
    context.close()


def test_the_review_page_names_the_card_that_gave_it_away(browser, tmp_path):
    """Reading the play, the review page shows under W's card of trick 3 the card that told (S's Th under E's Ah,
    tests/test_review_gave_away.py), and stepping to that card puts it in the step's label."""
    from solver import review_game
    from solver.pages import review_html
    from test_review_gave_away import played_hand
    hand = played_hand()
    rep = review_game(hand, method=Method(worlds=100, seed=1, inference="both", examples=3), score=False, confirm=1)
    card = next(c for c in rep.deals[0].cards if c.kind == "play" and str(c.seat) == "W" and c.trick == 3)
    out = tmp_path / "review.html"
    out.write_text(review_html(rep, hand), encoding="utf-8")
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, offline=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(out.as_uri())
    told = page.locator('.history li .told[data-seat="S"][data-card="Th"][data-trick="3"]')
    assert told.count() >= 1
    item = page.locator(".history li", has=page.locator("a", has_text="trick 3: W played Jc"))
    assert item.locator(".told").inner_text() == card.gave_away.text
    item.locator("a").first.click()
    assert "read: " + card.gave_away.text in page.locator(".step-label").first.inner_text()
    assert not errors
    context.close()
