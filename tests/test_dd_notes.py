"""Honest double dummy (issue 36, item 6): wherever a double-dummy figure is shown for people (the CLI's solve,
table, par and review text, the review and analysis pages) the one note of solver.render says what it assumes,
and beside the figure from the player's own view where the review has one."""
import pytest

from conftest import EGN_DIR
from solver import load_egn, review_game
from solver.cli import main
from solver.pages import analysis_html, review_html
from solver.render import DOUBLE_DUMMY_NOTE, OWN_VIEW_NOTE
from solver import Method

DEAL = "N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th"


@pytest.mark.parametrize("argv", [["solve", DEAL, "--trump", "h", "--leader", "E"],
                                  ["table", DEAL, "--dealer", "N"],
                                  ["par", DEAL, "--upcard", "9h", "--dealer", "S"]], ids=lambda a: a[0])
def test_the_cli_says_the_note_once_under_a_double_dummy_figure(capsys, argv):
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert text.count(DOUBLE_DUMMY_NOTE) == 1
    assert main(argv + ["--json"]) == 0             # the JSON is data, not prose: unchanged
    assert DOUBLE_DUMMY_NOTE not in capsys.readouterr().out


@pytest.fixture(scope="module")
def reviewed():
    game = load_egn(EGN_DIR / "six-points-in-two-hands.egn")
    return game, review_game(game, method=Method(worlds=20, seed=1, examples=3))


def test_the_review_text_and_page_say_it_beside_the_own_view(reviewed):
    game, rev = reviewed
    assert f"{DOUBLE_DUMMY_NOTE}; {OWN_VIEW_NOTE}" in rev.text().splitlines()[:6]
    html = review_html(rev, game)
    assert OWN_VIEW_NOTE.replace("'", "&#39;") in html and DOUBLE_DUMMY_NOTE[1:] in html
    assert DOUBLE_DUMMY_NOTE in analysis_html()


def test_the_served_review_links_each_lead_and_only_leads_to_its_lead_table(reviewed):
    game, rev = reviewed
    served, offline = review_html(rev, game, served=True), review_html(rev, game)
    leads = sum(1 for d in rev.to_dict()["deals"] for c in d["cards"] if c["kind"] == "play" and c["lead"])
    assert leads and served.count('class="lead-table" href="/#lead=') == leads
    assert 'class="lead-table"' not in offline
