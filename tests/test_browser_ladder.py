"""The play page's setup form in a real browser (chromium through Playwright, fixtures of tests/test_browser.py):
it lists the ladder's levels, each with its measured figure, and a level chosen deals a table against it."""
import pytest

from solver.match.ladder import LEVELS
from test_browser import CHROMIUM, base, browser, page  # noqa: F401 (fixtures)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium")


def test_setup_form_lists_the_levels_and_deals_against_one(page, base):
    page.goto(base + "/play")
    for select in ("partner", "opponents"):
        options = page.eval_on_selector_all(f"select[name={select}] option[data-level]",
                                            "os => os.map(o => [o.value, o.textContent])")
        assert [v for v, _t in options] == [lv.token for lv in LEVELS]
        for (_v, text), level in zip(options, LEVELS):
            m = level.measured
            assert text.startswith(f"Level {level.number}, {level.name}")
            assert f"{m.points_per_deal:+.2f} a deal" in text and f"{m.deals:,} deals" in text
    page.select_option("select[name=partner]", "random")
    page.select_option("select[name=opponents]", "level:2")
    page.select_option("select[name=mode]", "deal")
    page.fill("input[name=review_worlds]", "10")
    page.fill("input[name=seed]", "5")
    with page.expect_navigation():
        page.click("#new-table button[type=submit]")
    page.wait_for_selector("#my-cards .card")
    assert "opponents level:2" in page.inner_text("header")
