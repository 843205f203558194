"""The pages in a real browser: Debian's chromium driven by Playwright, against the real server (``euchre serve``).

The review page of a shared real game must show, at every step, the figures of the JSON review
(``POST /v1/review``, same record, worlds and seed) on every legal card and call; the seat view must
hide exactly the cards that seat could not see; a bad upload must give a readable page; the analysis
page must draw the /v1 answers; the file of ``euchre review --html`` must work offline. Each page is
screenshotted and the picture checked not to be blank. With ``EUCHRE_SCREENSHOTS=DIR`` the review page's
is also kept in DIR (``EUCHRE_SCREENSHOTS=tests/data`` refreshes the README's tests/data/review-page.png).

Skipped only when no Chromium is installed (``.ci/run`` installs Debian's ``chromium``).
"""
import io
import json
import os
import pathlib
import shutil
import subprocess
import sys
import urllib.request

import pytest

from conftest import EGN_DIR, real_server

CHROMIUM = next((p for p in (os.environ.get("EUCHRE_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium "
                                "(apt-get install -y chromium, as .ci/run does) to run the browser tests")

GAME = EGN_DIR / "vwec-finals.egn"           # 13 deals, flagged mistakes in most
LONER_GAME = EGN_DIR / "six-points-in-two-hands.egn"   # a loner whose partner sits out
WORLDS, SEED = 30, 11
README_PICTURE = "review-page.png"             # the one kept in EUCHRE_SCREENSHOTS (the README's)
WAIT_MS = 60_000                               # bound on any one page load or answer (the machine is shared)

# every figure on the page, read from the visible deal at its current step
READ_MARKS = """() => {
  const sec = document.querySelector('section.deal:not([hidden])');
  const num = (v) => v === undefined ? null : Number(v);
  const read = (e, key) => ({key: e.dataset[key], dd: num(e.dataset.ddCost), info: num(e.dataset.infoLoss),
                             low: num(e.dataset.infoLow), high: num(e.dataset.infoHigh),
                             played: e.dataset.played === 'true'});
  return {deal: Number(sec.dataset.deal), step: Number(sec.dataset.step),
          cards: [...sec.querySelectorAll('.card.decision')].map(e => read(e, 'card')),
          calls: [...sec.querySelectorAll('.call-option')].map(e => read(e, 'call')),
          gone: [...sec.querySelectorAll('.card[data-state="played"]')].map(e => e.dataset.card).sort(),
          label: sec.querySelector('.step-label').textContent};
}"""

READ_FACES = """() => {
  const sec = document.querySelector('section.deal:not([hidden])');
  const out = {};
  for (const h of sec.querySelectorAll('.hand')) {
    out[h.dataset.seat] = [...h.querySelectorAll('.cards:not(.dummy) .card[data-card]')]
      .filter(c => getComputedStyle(c.querySelector('.face')).visibility === 'visible').map(c => c.dataset.card).sort();
  }
  return out;
}"""


def post_json(base: str, path: str, body: dict) -> dict:
    req = urllib.request.Request(base + path, data=json.dumps(body).encode(), method="POST",
                                 headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=120) as r:
        return json.load(r)


def colours(png: bytes) -> int:
    """Distinct colours in a screenshot."""
    from PIL import Image
    return len(Image.open(io.BytesIO(png)).convert("RGB").getcolors(maxcolors=1 << 24))


def shot(page, name: str, tmp_path: pathlib.Path) -> None:
    """Screenshot ``page``; it must not be blank (a page of text, cards and colours has hundreds of colours)."""
    png = page.screenshot(path=str(tmp_path / name))
    assert colours(png) > 200, f"{name}: the screenshot looks blank"
    keep = os.environ.get("EUCHRE_SCREENSHOTS")
    if keep and name == README_PICTURE:
        pathlib.Path(keep).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / name, pathlib.Path(keep) / name)


@pytest.fixture(scope="module")
def base(tmp_path_factory):
    log = tmp_path_factory.mktemp("browser") / "serve.log"
    with real_server(log, ["-m", "solver", "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1"]) as (h, p):
        yield f"http://{h}:{p}"
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    p = context.new_page()
    p.set_default_timeout(WAIT_MS)
    errors = []
    p.on("pageerror", lambda exc: errors.append(str(exc)))
    yield p
    context.close()
    assert not errors, errors


@pytest.fixture(scope="module")
def json_review(base):
    return post_json(base, "/v1/review", {"egn": GAME.read_text(), "worlds": WORLDS, "seed": SEED})


def open_review(page, base: str, game: pathlib.Path = GAME):
    """Upload ``game`` on the analysis page and submit: the review page."""
    page.goto(base + "/")
    page.set_input_files("#review input[name=egn]", str(game))
    page.fill("#review input[name=worlds]", str(WORLDS))
    page.fill("#review input[name=seed]", str(SEED))
    with page.expect_navigation() as nav:
        page.click("#review button[type=submit]")
    assert nav.value.status == 200
    page.wait_for_selector("section.deal:not([hidden])")


def expected_steps(deal: dict) -> list:
    """What the page must show at each step, from the JSON review: ``{key: (dd cost, info loss, low, high)}``,
    the choice made, and the cards played before the step."""
    out, gone = [], []
    for call in deal["calls"]:
        marks = {}
        if call["best_points"] is not None:
            for o in call["options"]:
                lo_hi = call["loss_interval"] if o["call"] == call["call"] else None
                marks[o["call"]] = (None, round(call["best_points"] - o["expected_points"], 4), lo_hi)
        out.append({"kind": "call", "marks": marks, "played": call["call"], "gone": sorted(gone), "json": call})
    for card in deal["cards"]:
        marks = {}
        if not card["renege"]:
            dd = {c["card"]: c["tricks"] for c in card["dd"]["cards"]} if card["dd"] else None
            info = {c["card"]: c for c in card["info"]["cards"]} if card["info"] else None
            for c in card["candidates"]:
                cost = max(dd[x] for x in card["candidates"]) - dd[c] if dd else None
                row = info.get(c) if info else None
                marks[c] = (cost, row["loss_points"] if row else None, row["points_interval"] if row else None)
        out.append({"kind": card["kind"], "marks": marks, "played": card["card"], "gone": sorted(gone), "json": card})
        if card["kind"] == "play":
            gone.append(card["card"])
    out.append({"kind": "end", "marks": {}, "played": None, "gone": sorted(gone), "json": None})
    return out


def check_step(seen: dict, want: dict, where: str) -> None:
    got = {m["key"]: m for m in (seen["calls"] if want["kind"] == "call" else seen["cards"])}
    assert set(got) == set(want["marks"]), where
    for key, (dd, info, interval) in want["marks"].items():
        m = got[key]
        assert m["dd"] == dd and m["info"] == info, (where, key, m, want["marks"][key])
        if interval is not None:
            assert [m["low"], m["high"]] == interval, (where, key)
        assert m["played"] == (key == want["played"]), (where, key)
    src = want["json"]
    if want["kind"] == "call" and src["loss"] is not None:        # the page's figure is the engine's own
        assert got[src["call"]]["info"] == pytest.approx(src["loss"], abs=2e-4), where
    if want["kind"] in ("play", "discard") and src["dd"] is not None:
        assert got[src["card"]]["dd"] == src["dd"]["cost"], where
    if want["kind"] in ("play", "discard") and src["info"] is not None:
        assert got[src["card"]]["info"] == src["info"]["loss_points"], where
        assert [got[src["card"]]["low"], got[src["card"]]["high"]] == src["info"]["points_interval"], where
    assert seen["gone"] == want["gone"], where            # the cards played so far are greyed, no others


@pytest.mark.slow
def test_review_page_marks_equal_the_json_review(page, base, json_review, tmp_path):
    open_review(page, base)
    deals = json_review["deals"]
    assert page.locator(".deal-tab").count() == len(deals)
    for i, deal in enumerate(deals):
        page.click(f'.deal-tab[data-deal="{i}"]')
        page.keyboard.press("Home")
        for k, want in enumerate(expected_steps(deal)):
            seen = page.evaluate(READ_MARKS)
            assert (seen["deal"], seen["step"]) == (i, k)
            check_step(seen, want, f"deal {i} step {k}")
            page.keyboard.press("ArrowRight")                  # keyboard stepping
        assert page.evaluate(READ_MARKS)["step"] == k          # stops at the end
    # the buttons step too
    page.click('.deal-tab[data-deal="0"]')
    page.keyboard.press("Home")
    page.click('section.deal:not([hidden]) button[data-go="next"]')
    assert page.evaluate(READ_MARKS)["step"] == 1


def test_mistake_links_go_to_their_step_and_hover_gives_the_figures(page, base, json_review, tmp_path):
    open_review(page, base)
    i = next(i for i, d in enumerate(json_review["deals"]) if d["mistakes"])
    page.click(f'.deal-tab[data-deal="{i}"]')
    links = page.locator(f'#deal-{i} .mistakes a')
    assert links.count() == len(json_review["deals"][i]["mistakes"])
    link = links.first
    target = int(link.get_attribute("data-step"))
    link.click()
    seen = page.evaluate(READ_MARKS)
    assert seen["step"] == target and "flagged" in seen["label"]
    card = page.locator(f"#deal-{i} .card.decision, #deal-{i} .call-option").first
    card.focus()
    detail = page.locator(f"#deal-{i} .detail").text_content()
    assert detail == card.get_attribute("title") and "points" in detail
    assert card.get_attribute("aria-label") == detail            # the colours' words, for screen readers too
    shot(page, "review-page.png", tmp_path)


def test_seat_view_hides_exactly_the_unseen_hands(page, base, json_review):
    open_review(page, base)
    deal = json_review["deals"][0]
    steps = expected_steps(deal)
    k = len(deal["calls"]) + 6                                  # mid-play: some cards of every hand played
    page.evaluate(f"() => window.euchreReview.go(0, {k})")
    everything = page.evaluate(READ_FACES)
    assert all(len(v) >= 4 for v in everything.values())       # double dummy: every known card face up
    for seat in ("N", "E", "S", "W"):
        page.select_option("#deal-0 .seat-view", seat)
        faces = page.evaluate(READ_FACES)
        for other, cards in everything.items():
            want = cards if other == seat else sorted(c for c in cards if c in steps[k]["gone"])
            assert faces[other] == want, (seat, other)
        # nor do the words of a hidden card give it away (hover text, screen readers)
        assert page.evaluate("""() => [...document.querySelectorAll('#deal-0 .card[data-unseen="true"]')].every(
            c => !c.getAttribute('aria-label').includes(c.dataset.label) && !c.title.includes(c.dataset.label))""")
    page.select_option("#deal-0 .seat-view", "")
    assert page.evaluate(READ_FACES) == everything


@pytest.mark.slow
def test_bad_uploads_give_a_readable_page(page, base, tmp_path):
    page.goto(base + "/")
    page.set_input_files("#review input[name=egn]", {"name": "bad.egn", "mimeType": "application/json",
                                                     "buffer": b'{"fileType": "EGN", "deals": "none"}'})
    with page.expect_navigation() as nav:
        page.click("#review button[type=submit]")
    assert nav.value.status == 422
    assert page.text_content("h1") == "Invalid EGN game"
    assert "fails the EGN schema" in page.text_content(".error-detail")
    assert "Traceback" not in page.content()
    shot(page, "error-page.png", tmp_path)
    page.goto(base + "/")
    page.set_input_files("#review input[name=egn]", {"name": "big.egn", "mimeType": "application/json",
                                                     "buffer": b" " * 300_000})
    with page.expect_navigation() as nav:
        page.click("#review button[type=submit]")
    assert nav.value.status == 413
    assert "limit" in page.text_content(".error-detail") and "Traceback" not in page.content()


@pytest.mark.slow
def test_analysis_page_draws_the_v1_answers(page, base, tmp_path):
    page.goto(base + "/")
    form = {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "E", "dealer": "N", "round": 1, "worlds": 300,
            "seed": 5}
    page.fill("#advise input[name=worlds]", "300")
    page.fill("#advise input[name=seed]", "5")
    page.click("#advise button[type=submit]")
    page.wait_for_selector('#result[data-endpoint="advise"] .bar-row')
    answer = post_json(base, "/v1/advise", dict(form, rules={"players": 4}))
    rows = page.locator("#result .bar-row")
    assert rows.count() == len(answer["options"])
    for j, o in enumerate(answer["options"]):
        assert float(rows.nth(j).get_attribute("data-value")) == o["expected_points"]
    assert page.get_attribute("#result .robust", "data-robust") == str(answer["robust"]).lower()
    shot(page, "analysis-page.png", tmp_path)
    page.click('#deal button[data-endpoint="table"]')
    page.wait_for_selector('#result[data-endpoint="table"] table')
    page.click('#deal button[data-endpoint="solve"]')
    page.wait_for_selector('#result[data-endpoint="solve"] table')
    solved = post_json(base, "/v1/solve", {"deal": page.input_value("#deal input[name=deal]"), "trump": "h",
                                           "leader": "E", "makers": "NS", "rules": {"players": 4}})
    assert page.locator("#result tr").count() == 1 + len(solved["card_values"])
    page.fill("#deal input[name=deal]", "N:Zh")                 # an engine error is shown as its message
    page.click('#deal button[data-endpoint="solve"]')
    page.wait_for_selector("#result .problem")
    assert "Zh" in page.text_content("#result .problem")


@pytest.mark.slow
def test_analyse_link_asks_play_advice_for_that_step(page, base):
    open_review(page, base)
    link = page.locator("#deal-0 .history a.analyse").nth(6)
    with page.expect_navigation():
        link.click()
    page.wait_for_selector('#result[data-endpoint="play"] .bar-row, #result[data-endpoint="advise"] .bar-row')
    assert page.locator("#result .problem").count() == 0


@pytest.mark.slow
def test_the_html_file_of_the_cli_works_offline(browser, tmp_path):
    out = tmp_path / "review.html"
    run = subprocess.run([sys.executable, "-m", "solver", "review", str(LONER_GAME), "--worlds", "20", "--seed", "3",
                          "--html", str(out)], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, offline=True)
    page = context.new_page()
    requests = []
    page.on("request", lambda r: requests.append(r.url))
    page.goto(out.as_uri())
    page.wait_for_selector("section.deal:not([hidden]) .card[data-card]")
    assert all(u.startswith(("file:", "data:")) for u in requests), requests
    # the loner's partner is marked as sitting out
    alone = page.locator('section.deal:not([hidden]) .hand[data-sitting-out="true"]')
    assert alone.count() == 1 and "sits out" in alone.text_content()
    page.keyboard.press("End")
    assert page.evaluate(READ_MARKS)["step"] > 0
    shot(page, "review-file.png", tmp_path)
    context.close()


@pytest.mark.slow
def test_lead_table_on_the_analysis_page_and_at_a_lead_of_the_review(page, base):
    page.goto(base + "/")
    assert page.get_attribute("#result", "data-dd-note").startswith("double dummy assumes")
    page.fill("#play input[name=worlds]", "200")
    page.fill("#play input[name=seed]", "3")
    page.click('#play button[data-endpoint="lead"]')            # the form's own view: W leads against S alone
    page.wait_for_selector('#result[data-endpoint="lead"] table.lead-table')
    answer = post_json(base, "/v1/lead", {"seat": "W", "hand": "Jd Ah Kh Tc 9d", "dealer": "N", "upcard": "Ks",
                                          "calls": "Pass Pass Pass Pass Pass h", "alone": True, "tricks": "",
                                          "worlds": 200, "seed": 3, "rules": {"players": 4}})
    rows = page.locator("#result tr[data-card]")
    assert rows.count() == len(answer["leads"])
    for j, r in enumerate(answer["leads"]):
        assert rows.nth(j).get_attribute("data-card") == r["card"]
        assert float(rows.nth(j).get_attribute("data-p-set")) == r["p_set"]
        assert float(rows.nth(j).get_attribute("data-p-march")) == r["p_march"]
    assert page.locator("#result tr.recommended").get_attribute("data-card") == answer["best"]
    assert page.text_content("#result h2").startswith("Lead table for W (defender, trick 1)")     # S called
    open_review(page, base)                                     # each lead of the review links to its table
    assert "ouble dummy assumes every player sees every hand" in page.text_content("header .dd-note")
    link = page.locator("#deal-0 .history a.lead-table").first
    with page.expect_navigation():
        link.click()
    page.wait_for_selector('#result[data-endpoint="lead"] table.lead-table')
    assert page.locator("#result .problem").count() == 0
