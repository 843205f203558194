"""The play page in a real browser (Debian's chromium through Playwright, against ``euchre serve``), with the
fixtures of tests/test_browser.py: a whole deal and a whole game by clicking, keyboard-only play, a hint equal to
the /v1 endpoint's answer, the after-deal review equal to /v1/review of the deal's record, the downloaded EGN
valid and replaying to the table's deals, a readable 404. Fast agents (policy, random) and few worlds.
With ``EUCHRE_SCREENSHOTS=DIR`` the README's pictures are kept in DIR: play-page.png (the table with a hint)
and play-review.png (after a deal).
"""
import json
import os
import pathlib
import shutil
import subprocess
import sys

import jsonschema
import pytest

import solver
from api.play import decision_seed
from solver.match.duplicate import game_deal_of
from test_browser import CHROMIUM, base, browser, colours, page, post_json  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium")

SCHEMA = json.loads((pathlib.Path(solver.__file__).parent / "data" / "egn-schema-v1.json").read_text())
PICTURE, AFTER_PICTURE = "play-page.png", "play-review.png"     # the README's: the table with a hint, after a deal


def keep_picture(page, name: str, tmp_path: pathlib.Path) -> None:
    """Screenshot ``page`` (not blank), kept in ``EUCHRE_SCREENSHOTS`` when set."""
    png = page.screenshot(path=str(tmp_path / name))
    assert colours(png) > 200, f"{name}: the screenshot looks blank"
    keep = os.environ.get("EUCHRE_SCREENSHOTS")
    if keep:
        pathlib.Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / name, pathlib.Path(keep) / name)


def start(page, base, seed, partner="policy", opponents="policy", mode="game", review_worlds=10, hint_worlds=30):
    page.goto(base + "/play")
    page.select_option("select[name=partner]", partner)
    page.select_option("select[name=opponents]", opponents)
    page.select_option("select[name=mode]", mode)
    page.fill("input[name=review_worlds]", str(review_worlds))
    page.fill("input[name=hint_worlds]", str(hint_worlds))
    page.fill("input[name=seed]", str(seed))
    with page.expect_navigation():
        page.click("#new-table button[type=submit]")
    page.wait_for_selector("#my-cards .card")
    return page.url.rsplit("/", 1)[1]


def api_state(base, table_id):
    import urllib.request
    with urllib.request.urlopen(f"{base}/play/api/tables/{table_id}", timeout=60) as r:
        return json.load(r)


def idle(page):
    page.wait_for_function("document.body.dataset.busy !== 'true'")


def step(page, keyboard=False) -> bool:
    """One move by the user (the first legal choice), or the next deal; False once the game is over."""
    idle(page)
    version = page.get_attribute("body", "data-version")
    phase = page.get_attribute("body", "data-phase")
    if phase == "over":
        if page.is_hidden("#next-button"):
            return False
        page.wait_for_selector("body[data-reviewed]")
        if keyboard:
            page.keyboard.press("n")
        else:
            page.click("#next-button")
    elif keyboard:
        page.keyboard.press("1")
    elif page.query_selector("#choices button"):
        page.click("#choices button >> nth=0")
    else:
        page.click("#my-cards .card[data-legal=true] >> nth=0")
    page.wait_for_function(f"document.body.dataset.version !== '{version}'")
    idle(page)
    problem = page.query_selector("#problem:not([hidden])")
    assert problem is None, problem.text_content()
    return True


def shown_score(page) -> dict:
    return json.loads(page.get_attribute("#score", "data-score"))


@pytest.mark.slow
def test_a_whole_deal_by_clicking_then_its_review(page, base, tmp_path):
    table_id = start(page, base, seed=5)
    while page.get_attribute("body", "data-phase") != "over":
        step(page)
        assert shown_score(page) == api_state(base, table_id)["score"]
    page.wait_for_selector("body[data-reviewed='0']")
    st = api_state(base, table_id)
    assert st["deal_over"] and page.text_content("#result") == st["result"]["text"]
    for seat, cards in st["dealt"].items():                         # every hand shown once the deal is over
        if seat != "S":
            shown = sorted(e.get_attribute("data-card") for e in page.query_selector_all(
                f'.hand[data-seat="{seat}"] .card[data-card]'))
            assert shown == sorted(cards)
    egn = page.evaluate(f"fetch('/play/{table_id}/deal-0.egn').then(r => r.text())")
    jsonschema.validate(json.loads(egn), SCHEMA)
    direct = post_json(base, "/v1/review", {"egn": egn, "worlds": 10, "seed": decision_seed(5, 0, 0, 0x72)})
    deal = direct["deals"][0]
    mine = [c.get("loss") for c in deal["calls"] if c["seat"] == "S"] + \
           [(c.get("info") or {}).get("loss_points") for c in deal["cards"] if c["seat"] == "S"]
    marks = [e.get_attribute("data-loss") for e in page.query_selector_all("#review-list li[data-kind]")]
    assert [None if m == "" else float(m) for m in marks] == mine
    href = page.get_attribute("#review-list li[data-kind] a >> nth=0", "href")
    keep_picture(page, AFTER_PICTURE, tmp_path)
    page.goto(base + href)                                           # the review page at that decision
    page.wait_for_selector("section.deal:not([hidden])")
    assert page.get_attribute("section.deal:not([hidden])", "data-step") == href.rsplit("-", 1)[1]


@pytest.mark.slow
def test_a_whole_game_by_clicking_downloads_a_valid_egn(page, base, tmp_path):
    table_id = start(page, base, seed=8, partner="random", opponents="random")
    moves = 0
    while step(page):
        moves += 1
        assert moves < 2000
    st = api_state(base, table_id)
    assert st["game_over"] and max(st["score"].values()) >= 10 and shown_score(page) == st["score"]
    page.wait_for_selector("#summary:not([hidden]) #summary-egn")
    assert f"hints taken: {st['hints_taken']}" in page.text_content("#summary")
    with page.expect_download() as dl:
        page.click("#summary-egn")
    path = tmp_path / "game.egn"
    dl.value.save_as(path)
    data = json.loads(path.read_text())
    jsonschema.validate(data, SCHEMA)
    game = solver.load_egn(path.read_text(), strict=True)          # every move legal, or the replay raises
    rules = solver.Rules()
    for k, deal in enumerate(game.deals):
        cards, _dealer = game_deal_of(8, 0, k, rules)
        assert tuple(deal.hand.dealt(s) for s in range(4)) == tuple(cards.hands)
    points = [sum(d.hand.result.points[i] for d in game.deals) for i in (0, 1)]
    assert st["score"] == {"NS": points[0], "EW": points[1]}
    review = subprocess.run([sys.executable, "-m", "solver", "review", str(path), "--worlds", "10", "--seed", "1"],
                            capture_output=True, text=True, timeout=300)
    assert review.returncode == 0 and f"({len(game.deals)} deals" in review.stdout, review.stderr


@pytest.mark.slow
def test_keyboard_only_play(page, base):
    table_id = start(page, base, seed=13)
    page.focus("body")
    while page.get_attribute("body", "data-phase") != "over":
        if page.get_attribute("body", "data-phase") == "play" and page.query_selector("#my-cards .card[data-legal=true]"):
            version = page.get_attribute("body", "data-version")
            page.keyboard.press("ArrowRight")                        # focus a card, then play a legal one by Enter
            legal = page.get_attribute("#my-cards .card[data-legal=true] >> nth=0", "data-card")
            while page.evaluate("document.activeElement.dataset.card") != legal:
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
            page.wait_for_function(f"document.body.dataset.version !== '{version}'")
            idle(page)
        else:
            step(page, keyboard=True)
    assert api_state(base, table_id)["deal_over"]


@pytest.mark.slow
def test_a_hint_shows_the_v1_figures(page, base, tmp_path):
    start(page, base, seed=21)
    seen = set()
    while len(seen) < 2 and page.get_attribute("body", "data-phase") != "over":
        if not page.is_disabled("#hint-button"):
            page.keyboard.press("h")
            page.wait_for_selector(f"#hint[data-for-step='{page.get_attribute('body', 'data-step')}']")
            endpoint = page.get_attribute("#hint", "data-endpoint")
            request = json.loads(page.get_attribute("#hint", "data-request"))
            direct = post_json(base, endpoint, request)
            rows = {e.get_attribute("data-choice"): float(e.get_attribute("data-points"))
                    for e in page.query_selector_all("#hint tr[data-choice]")}
            key, items = ("card", direct["cards"]) if endpoint == "/v1/play" else ("call", direct["options"])
            assert rows == {o[key]: o["expected_points"] for o in items}
            best = direct["best"] if endpoint == "/v1/play" else direct["recommended"]
            assert page.get_attribute("#hint", "data-best") == best
            assert page.get_attribute("#hint tr.recommended", "data-choice") == best
            if endpoint not in seen and len(seen) == 1:
                keep_picture(page, PICTURE, tmp_path)
            seen.add(endpoint)
        step(page)
    assert seen == {"/v1/advise", "/v1/play"}


def test_an_illegal_card_says_why_on_the_page(page, base):
    for seed in range(30):
        start(page, base, seed=seed)
        while page.get_attribute("body", "data-phase") != "over":
            if page.query_selector("#my-cards .card[data-legal=false]") and page.get_attribute("body", "data-phase") == "play":
                page.click("#my-cards .card[data-legal=false] >> nth=0", force=True)   # aria-disabled, still clickable
                page.wait_for_selector("#problem:not([hidden])")
                page.wait_for_function("document.getElementById('problem').textContent.includes('renege')")
                assert "were led" in page.text_content("#problem")
                return
            step(page)
    pytest.fail("no deal where the user had to follow suit")


@pytest.mark.slow
def test_an_unknown_table_is_a_readable_404(page, base):
    resp = page.goto(base + "/play/not-a-table")
    assert resp.status == 404
    assert "unknown or the table has expired" in page.text_content("main")
    page.goto(base + "/")
    page.click("a[href='/play']")
    page.wait_for_selector("#new-table")
