"""What-if replay on the review page (Chromium through Playwright against ``euchre serve``, as
tests/test_browser.py): another card at a step, the deal played on by ``POST /v1/branch``, the answer drawn,
an illegal one shown as its problem, and back to the game with one click."""
import json
import os
import shutil
import urllib.request

import pytest

from conftest import EGN_DIR, real_server

CHROMIUM = next((p for p in (os.environ.get("EUCHRE_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium")

GAME = EGN_DIR / "vwec-finals.egn"
DEAL, LEAD = 1, 5                 # deal 1 shows every hand; step 5 is its opening lead (N, five legal cards)
WAIT_MS = 120_000


def post_json(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.load(r)


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    log = tmp_path_factory.mktemp("whatif") / "serve.log"
    with real_server(log, ["-m", "solver", "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1"]) as (h, p):
        yield f"http://{h}:{p}"
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text


@pytest.fixture(scope="module")
def page(base):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        context = b.new_context(viewport={"width": 1300, "height": 1000})
        p = context.new_page()
        p.set_default_timeout(WAIT_MS)
        errors = []
        p.on("pageerror", lambda exc: errors.append(str(exc)))
        p.goto(base + "/")
        p.set_input_files("#review input[name=egn]", str(GAME))
        p.fill("#review input[name=worlds]", "10")
        p.fill("#review input[name=seed]", "1")
        with p.expect_navigation():
            p.click("#review button[type=submit]")
        p.wait_for_selector("section.deal:not([hidden])")
        yield p
        b.close()
        assert not errors, errors


def _at(page, step: int):
    page.click(f'.deal-tab[data-deal="{DEAL}"]')
    page.click(f'#deal-{DEAL} .history a[data-step="{step}"]')
    assert page.get_attribute(f"#deal-{DEAL}", "data-step") == str(step)


def test_another_card_is_played_on_and_back_to_the_game(page, base):
    _at(page, LEAD)
    sec = f"#deal-{DEAL}"
    options = page.eval_on_selector_all(f"{sec} .whatif-action option", "os => os.map(o => o.value)")
    assert options == ["Tc", "Td", "Ts", "Kd", "As"]                   # N's legal leads, the record's (Tc) chosen
    assert page.input_value(f"{sec} .whatif-action") == "Tc"
    page.select_option(f"{sec} .whatif-action", "Ts")
    page.click(f"{sec} .whatif-go")
    page.wait_for_selector(f"{sec} .whatif-result .whatif-text")
    want = post_json(base, "/v1/branch", {"egn": GAME.read_text(), "deal": DEAL, "step": LEAD, "action": "Ts"})
    result = page.locator(f"{sec} .whatif-result")
    assert result.get_attribute("data-points") == str(want["points"])
    assert result.get_attribute("data-recorded-points") == str(want["recorded_points"])
    assert page.text_content(f"{sec} .whatif-text").startswith("N Ts instead of Tc at trick 1, played on double dummy")
    tricks = page.locator(f"{sec} .whatif-actions li[data-trick]")
    assert tricks.count() == 5
    first = [a for a in want["actions"] if a.get("trick") == 1]
    assert tricks.first.text_content() == "Trick 1: " + " ".join(f"{a['seat']} {a['action']}" for a in first) \
        + f" \u2192 {first[-1]['winner']}"
    assert "every seat sees every hand" in result.text_content()
    page.click(f"{sec} .whatif-back")                                # back to the game, one click
    assert page.is_hidden(f"{sec} .whatif-result") and page.is_hidden(f"{sec} .whatif-back")
    assert page.input_value(f"{sec} .whatif-action") == "Tc"
    assert page.get_attribute(sec, "data-step") == str(LEAD)


def test_the_advisors_line_and_an_illegal_action_are_shown(page, base):
    step = 21                                                        # late in the deal: few decisions left
    _at(page, step)
    sec = f"#deal-{DEAL}"
    alt = page.eval_on_selector_all(f"{sec} .whatif-action option", "os => os.map(o => o.value)")[-1]
    page.select_option(f"{sec} .whatif-mode", "advisor")
    page.select_option(f"{sec} .whatif-action", alt)
    page.click(f"{sec} .whatif-go")
    page.wait_for_selector(f'{sec} .whatif-result[data-mode="advisor"] .whatif-text')
    want = post_json(base, "/v1/branch", {"egn": GAME.read_text(), "deal": DEAL, "step": step, "action": alt,
                                          "mode": "advisor"})
    assert page.get_attribute(f"{sec} .whatif-result", "data-points") == str(want["points"])
    assert "by the advisor at 50 worlds a decision" in page.text_content(f"{sec} .whatif-text")
    # an action the server refuses (a card not in the hand, put in the list by hand): its problem, not a blank panel
    page.eval_on_selector(f"{sec} .whatif-action", "s => { const o = document.createElement('option'); "
                                                    "o.value = o.textContent = '9h'; s.appendChild(o); s.value = '9h'; }")
    page.click(f"{sec} .whatif-go")
    page.wait_for_selector(f"{sec} .whatif-result.problem")
    assert "action '9h': not legal for" in page.text_content(f"{sec} .whatif-result")
    page.keyboard.press("End")                                       # the end of the deal: nothing to branch
    assert page.is_hidden(f"{sec} .whatif-form") and "The deal is over" in page.text_content(f"{sec} .whatif-none")


def test_compare_form_on_the_analysis_page(page, base):
    """The analysis page's compare form draws /v1/compare's shares, mean difference and interval; a refused
    comparison (two identical calls) shows its problem."""
    page.goto(base + "/")
    page.fill("#compare input[name=worlds]", "300")
    page.fill("#compare input[name=seed]", "4")
    page.click("#compare button[type=submit]")
    page.wait_for_selector('#result[data-endpoint="compare"] table.compare-table')
    want = post_json(base, "/v1/compare", {"seat": "E", "hand": "Jh Ah Kh 9c 9s", "dealer": "N", "upcard": "Qh",
                                           "calls": "", "alone": False, "tricks": "", "a": "order",
                                           "b": "order alone", "worlds": 300, "seed": 4, "examples": 1,
                                           "rules": {"players": 4}})["points"]
    for outcome in ("better", "same", "worse"):
        row = page.locator(f'#result tr[data-outcome="{outcome}"]')
        assert float(row.get_attribute("data-share")) == want[outcome]
    diff = page.locator("#result .compare-difference")
    assert float(diff.get_attribute("data-difference")) == want["difference"]
    assert [float(diff.get_attribute("data-low")), float(diff.get_attribute("data-high"))] == want["interval"]
    assert page.locator("#result .examples").count() >= 1
    page.fill("#compare input[name=b]", "order")
    page.click("#compare button[type=submit]")
    page.wait_for_selector('#result[data-endpoint="compare"] .problem')
    assert "order" in page.text_content("#result .problem")
