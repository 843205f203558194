"""The analysis page's "Hand chart" form (Chromium through Playwright against ``euchre serve``, as
tests/test_browser.py): the form filled and sent to ``POST /v1/chart``, the figures drawn equal to the
library's ``solver.hand_chart(...)`` for the same call, and a refused look-up (a class the charts do not hold,
a bad card) shown as its problem, not a blank panel."""
import os
import shutil

import pytest

import solver
from conftest import real_server

CHROMIUM = next((p for p in (os.environ.get("EUCHRE_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium")

WAIT_MS = 60_000
#: each figure's row on the page (its data-figure) and the ChartRow members of its value and interval
FIGURES = {"p_make": "make_interval", "p_march": "march_interval", "p_euchred": "euchred_interval",
           "expected_points": "points_interval"}


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    from playwright.sync_api import sync_playwright
    log = tmp_path_factory.mktemp("chart") / "serve.log"
    with real_server(log, ["-m", "solver", "serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1"]) as (h, p):
        with sync_playwright() as pw:
            b = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
            pg = b.new_context(viewport={"width": 1300, "height": 1000}).new_page()
            pg.set_default_timeout(WAIT_MS)
            errors = []
            pg.on("pageerror", lambda exc: errors.append(str(exc)))
            pg.goto(f"http://{h}:{p}/")
            yield pg
            b.close()
            assert not errors, errors
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text


def _ask(page, hand, upcard, seat, dealer, round_, call="", alone=False, valuation="single_dummy"):
    f = "#chart"
    page.fill(f"{f} input[name=hand]", hand)
    page.fill(f"{f} input[name=upcard]", upcard)
    page.fill(f"{f} input[name=seat]", seat)
    page.fill(f"{f} input[name=dealer]", dealer)
    page.select_option(f"{f} select[name=round]", str(round_))
    page.fill(f"{f} input[name=call]", call)
    page.set_checked(f"{f} input[name=alone]", alone)
    page.select_option(f"{f} select[name=valuation]", valuation)
    page.evaluate("document.getElementById('result').removeAttribute('data-endpoint')")   # wait for this answer
    page.click(f"{f} button[type=submit]")
    page.wait_for_selector('#result[data-endpoint="chart"]')


@pytest.mark.parametrize("hand, upcard, seat, dealer, round_, call, alone, valuation", [
    ("Jd Ah Kc 9c Ts", "9h", "E", "N", 1, "", False, "single_dummy"),     # docs/charts.md's example
    ("Jd Ah Kc 9c Ts", "9h", "E", "N", 2, "c", True, "double_dummy"),     # round 2, alone, every hand seen
    ("Jh Jd 9h Qs Ts", "Ah", "N", "N", 1, "", False, "single_dummy"),     # the dealer picks up and throws
])
def test_the_chart_form_shows_the_librarys_row(page, hand, upcard, seat, dealer, round_, call, alone, valuation):
    _ask(page, hand, upcard, seat, dealer, round_, call, alone, valuation)
    want = solver.hand_chart(hand, upcard, seat, dealer, round_, call=call or None, alone=alone, valuation=valuation)
    assert page.locator("#result .problem").count() == 0
    head = page.locator("#result .chart-class")
    assert head.get_attribute("data-label") == str(want.chart_class)
    assert int(head.get_attribute("data-calls")) == want.calls
    assert head.get_attribute("data-valuation") == valuation
    assert str(want.chart_class) in page.text_content("#result h2")
    rows = page.locator("#result table.chart-table tr[data-figure]")
    assert rows.count() == len(FIGURES)
    for figure, interval in FIGURES.items():
        row = page.locator(f'#result tr[data-figure="{figure}"]')
        # the service rounds to 4 places (ChartRow.to_dict)
        assert float(row.get_attribute("data-value")) == round(getattr(want, figure), 4)
        assert [float(row.get_attribute("data-low")), float(row.get_attribute("data-high"))] == \
            [round(x, 4) for x in getattr(want, interval)]
        shown = float(row.locator("td").nth(1).text_content().split()[0])    # the figure as read, to 3 places
        assert abs(shown - getattr(want, figure)) <= 0.0005 + 1e-9
    if want.discard is not None:
        assert f"the dealer throws {want.discard}" in head.text_content()
    assert (page.locator("#result .dd-note").count() == 1) == (valuation == "double_dummy")


@pytest.mark.parametrize("hand, upcard, words", [
    # all five trumps with the left bower but not the right: fewer than 100 calls in the solved set, not shipped
    ("9d Td Jh Ad Kd", "Qd", "chart class 'round 1, seat 1 from the dealer's left, with partner: 5 trumps, "
                             "the left bower, 0 off-suit aces, 3 voids': not in the hand charts"),
    ("Jd Ah Kc 9c Xs", "9h", "card 'Xs': rank must be one of"),
])
def test_a_refused_look_up_shows_its_problem(page, hand, upcard, words):
    _ask(page, hand, upcard, "E", "N", 1)
    problem = page.locator("#result .problem")
    assert problem.count() == 1 and words in problem.text_content()
    assert page.locator("#result table.chart-table").count() == 0
