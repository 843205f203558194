"""The review page of ``euchre review --html --examples 3`` fits its viewport (down to 700 px, where the seats stack): the example hands in the side
column's "Every decision" list wrap (or scroll inside their box) instead of widening the page.

Skipped only when no Chromium is installed (as tests/test_browser.py).
"""
import os
import shutil
import subprocess
import sys

import pytest

from conftest import EGN_DIR

CHROMIUM = next((p for p in (os.environ.get("EUCHRE_CHROMIUM"), shutil.which("chromium"), "/usr/bin/chromium")
                 if p and os.path.exists(p)), None)
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium")

# the document's width, the viewport's, and the widest of the examples' boxes against their side column
MEASURE = """() => {
  const sec = document.querySelector('section.deal:not([hidden])');
  const side = sec.querySelector('aside.side').getBoundingClientRect();
  const boxes = [...sec.querySelectorAll('.example')].map(e => e.getBoundingClientRect());
  return {doc: document.documentElement.scrollWidth, viewport: document.documentElement.clientWidth,
          side_right: side.right, side_width: side.width, examples: boxes.length,
          example_right: Math.max(...boxes.map(b => b.right))};
}"""


@pytest.fixture(scope="module")
def review_page(tmp_path_factory):
    out = tmp_path_factory.mktemp("width") / "review.html"
    run = subprocess.run([sys.executable, "-m", "solver", "review", str(EGN_DIR / "vwec-finals.egn"), "--worlds", "40",
                          "--seed", "1", "--examples", "3", "--html", str(out)], capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0, run.stderr
    return out


@pytest.mark.parametrize("width", [1300, 1000, 700])
def test_the_examples_do_not_widen_the_review_page(review_page, width):
    from playwright.sync_api import sync_playwright
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        try:
            page = browser.new_context(viewport={"width": width, "height": 1000}).new_page()
            page.goto(review_page.as_uri())
            page.wait_for_selector("section.deal:not([hidden]) .example")
            got = page.evaluate(MEASURE)
        finally:
            browser.close()
    assert got["viewport"] == width and got["examples"] > 0
    assert got["doc"] <= got["viewport"], got                 # no horizontal scrollbar on the page
    assert got["example_right"] <= got["side_right"] + 0.5, got   # each example stays inside its column
    assert got["side_width"] >= 280, got                       # the column keeps its minimum width
