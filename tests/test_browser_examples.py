"""The analysis page shows the deals that show a call or a card asked about (solver.examples), as the review page
does: in a real browser (tests/test_browser.py's server and Chromium), each option's sentence and small hands
must be those of the /v1 answer to the same question."""
import pytest

from test_browser import CHROMIUM, base, browser, page, post_json, shot  # noqa: F401  (fixtures)

pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="no Chromium found: install Debian's chromium")

READ_EXAMPLES = """() => [...document.querySelectorAll('#result .examples')].map(d => ({
  option: d.dataset.option, text: d.querySelector('.reason').textContent,
  worlds: [...d.querySelectorAll('.example')].map(w => ({
    played: Number(w.dataset.played), best: Number(w.dataset.best),
    hands: Object.fromEntries([...w.querySelectorAll('.mini')].map(m => [m.dataset.seat,
      [...m.querySelectorAll('[data-card]')].map(c => c.dataset.card).join(' ')]))}))}))"""


def expected(options, label):
    return [{"option": o[label], "text": f"{o[label]}: {o['examples']['text']}"
             + ("; for example:" if o["examples"]["examples"] else ""),
             "worlds": [{"played": e["played"], "best": e["best"], "hands": e["hands"]}
                        for e in o["examples"]["examples"]]}
            for o in options if o.get("examples")]


def test_the_analysis_page_shows_the_examples_of_each_call_and_card(page, base, tmp_path):
    page.goto(base + "/")
    form = {"hand": "9s Ts Qd Kc Ac", "upcard": "Jh", "seat": "W", "dealer": "N", "round": 1, "worlds": 200,
            "seed": 4}
    for k in ("hand", "upcard", "seat", "dealer", "worlds", "seed"):
        page.fill(f"#advise input[name={k}]", str(form[k]))
    page.select_option("#advise select[name=examples]", "2")
    page.click("#advise button[type=submit]")
    page.wait_for_selector('#result[data-endpoint="advise"] .examples .example')
    answer = post_json(base, "/v1/advise", dict(form, rules={"players": 4}, examples=2))
    want = expected(answer["options"], "name")
    assert want and page.evaluate(READ_EXAMPLES) == want
    assert "could be facing" in page.text_content("#result .examples")
    shot(page, "analysis-examples.png", tmp_path)

    play = {"seat": "S", "hand": "Jd Ah Kh Qs Ts", "dealer": "N", "upcard": "Th", "calls": "Pass h",
            "tricks": "Ac", "worlds": 60, "seed": 2}
    for k in ("seat", "hand", "dealer", "upcard", "calls", "tricks", "worlds", "seed"):
        page.fill(f"#play input[name={k}]", str(play[k]))
    page.uncheck("#play input[name=alone]")
    page.select_option("#play select[name=examples]", "3")
    page.click("#play button[type=submit]")
    page.wait_for_selector('#result[data-endpoint="play"] .bar-row, #result[data-endpoint="play"] .problem')
    assert page.locator("#result .problem").count() == 0, page.text_content("#result")
    answer = post_json(base, "/v1/play", dict(play, alone=False, rules={"players": 4}, examples=3))
    want = expected(answer["cards"], "card")
    assert want and page.evaluate(READ_EXAMPLES) == want
    # none asked for: none shown
    page.select_option("#play select[name=examples]", "0")
    page.click("#play button[type=submit]")
    page.wait_for_selector('#result[data-endpoint="play"] .bar-row')
    assert page.locator("#result .examples").count() == 0
