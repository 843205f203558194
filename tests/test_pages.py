"""The pages without a browser: each legal card's paired loss in the review JSON, the review page's data
against that JSON, the Flask pages (/, POST /review, readable error pages) and `euchre review --html`.
The browser's own checks are tests/test_browser.py."""
import html
import io
import json
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import solver
from api import create_app
from conftest import EGN_DIR
from solver.pages import review_html
from solver import Method

ROOT = Path(__file__).resolve().parent.parent
LONER = EGN_DIR / "six-points-in-two-hands.egn"
RENEGE = EGN_DIR / "renege-test.egn"


@pytest.fixture(scope="module")
def reviews():
    out = {}
    for path in (LONER, RENEGE):
        game = solver.load_egn(path)
        for inference in (True, False):
            method = Method(worlds=30, seed=5, inference=inference, examples=3)
            out[path.name, inference] = (game, solver.review_game(game, method=method))
    return out


def page_data(text: str) -> dict:
    m = re.search(r'<script type="application/json" id="review-data">(.*?)</script>', text, re.S)
    return json.loads(m.group(1))


@pytest.mark.slow
def test_each_legal_card_has_its_paired_loss_and_interval(reviews):
    checked = 0
    for _game, r in reviews.values():
        for deal in r.to_dict()["deals"]:
            for card in deal["cards"]:
                info = card["info"]
                if info is None:
                    continue
                rows = {c["card"]: c for c in info["cards"]}
                best_points = max(rows[c]["points"] for c in info["best"])
                for c in card["candidates"]:
                    row = rows[c]
                    lo, hi = row["points_interval"]
                    # the mean of the paired difference is the difference of the means
                    assert row["loss_points"] == pytest.approx(best_points - row["points"], abs=2e-4)
                    assert lo - 1e-9 <= row["loss_points"] <= hi + 1e-9
                    if c in info["best"]:
                        assert row["loss_points"] == 0
                    checked += 1
                played = rows[card["card"]]
                assert played["loss_points"] == info["loss_points"]
                assert played["points_interval"] == info["points_interval"]
    assert checked > 50


@pytest.mark.slow
def test_the_page_data_is_the_json_review(reviews):
    games = 0
    for (name, _inf), (game, r) in reviews.items():
        data = page_data(review_html(r, game))
        js = r.to_dict()
        assert [d["summary"] for d in data["deals"]] == [d["summary"] for d in js["deals"]]
        for page_deal, deal in zip(data["deals"], js["deals"]):
            steps = page_deal["steps"]
            assert len(steps) == len(deal["calls"]) + len(deal["cards"])
            for step, call in zip(steps, deal["calls"]):
                assert step["played"] == call["call"]
                for m, o in zip(step["marks"], call["options"]):
                    assert m["info_loss"] == pytest.approx(call["best_points"] - o["expected_points"], abs=1e-9)
                    assert m.get("p_win_game") == o.get("p_win_game")
            for step, card in zip(steps[len(deal["calls"]):], deal["cards"]):
                assert step["played"] == card["card"]
                for m in step["marks"]:
                    if card["dd"]:
                        tricks = {c["card"]: c["tricks"] for c in card["dd"]["cards"]}
                        assert m["dd_cost"] == max(tricks[c] for c in card["candidates"]) - tricks[m["card"]]
                    if m["played"] and card["dd"]:
                        assert m["dd_cost"] == card["dd"]["cost"]
                    if m["played"] and card["info"]:
                        assert m["info_loss"] == card["info"]["loss_points"]
                    game = (card["info"] or {}).get("game")     # judged by the game's score
                    chances = {} if game is None else {c["card"]: c["p_win_game"] for c in game["cards"]}
                    assert m.get("p_win_game") == chances.get(m["card"])
                    if m["card"] in chances:
                        games += 1
                        assert "chance of winning the game after it" in m["text"]
                assert (step["marks"] == []) == card["renege"]
    assert games > 20                                # the shared games carry their scores


@pytest.mark.slow
def test_the_diagram_shows_the_hands_as_dealt(reviews):
    """Each seat's dealt hand on the page is what the record shows it played (less the upcard the dealer
    picked up, plus its discard)."""
    for (name, _inf), (game, r) in reviews.items():
        for page_deal, deal in zip(page_data(review_html(r, game))["deals"], r.to_dict()["deals"]):
            if deal["status"] != "complete":
                continue
            for seat in page_deal["seats"]:
                shown = {c["card"] for c in page_deal["hands"][seat]}
                played = {c["card"] for c in deal["cards"] if c["seat"] == seat and c["kind"] == "play"}
                if seat == page_deal["dealer"] and page_deal["picked_up"]:
                    played = (played | {page_deal["discard"]}) - {page_deal["upcard"], None}
                    if page_deal["discard"] is None:          # not recorded: one dealt card unknown
                        assert page_deal["unknown"][seat] == 1
                if seat == page_deal["sitting_out"]:
                    assert len(shown) + page_deal["unknown"][seat] == 5 and not played
                else:
                    assert shown == played, (name, deal["index"], seat)
    game, r = reviews[LONER.name, True]
    d = page_data(review_html(r, game))["deals"][0]
    assert d["contract"]["alone"] == "S" and d["sitting_out"] == "N"


@pytest.fixture(scope="module")
def client():
    return create_app().test_client()


def test_the_analysis_page_is_served_at_the_root(client):
    r = client.get("/")
    assert r.status_code == 200 and r.mimetype == "text/html"
    text = r.get_data(as_text=True)
    for form in ('id="review"', 'id="deal"', 'id="advise"', 'id="play"', 'id="chart"', 'action="/review"'):
        assert form in text
    assert client.get("/review").status_code == 303


@pytest.mark.slow
def test_posted_review_page_has_the_figures_of_v1_review(client):
    egn = LONER.read_text()
    page = client.post("/review", data={"text": egn, "worlds": "20", "seed": "9"})
    assert page.status_code == 200 and page.mimetype == "text/html"
    js = client.post("/v1/review", json={"egn": egn, "worlds": 20, "seed": 9}).get_json()
    data = page_data(page.get_data(as_text=True))
    assert data["seed"] == js["seed"] == 9
    for page_deal, deal in zip(data["deals"], js["deals"]):
        for step, card in zip(page_deal["steps"][len(deal["calls"]):], deal["cards"]):
            rows = {c["card"]: c for c in card["info"]["cards"]}
            for m in step["marks"]:
                assert m["info_loss"] == rows[m["card"]]["loss_points"]
                assert m["interval"] == rows[m["card"]]["points_interval"]
    upload = client.post("/review", data={"egn": (LONER.open("rb"), "game.egn"), "worlds": "20", "seed": "9"},
                         content_type="multipart/form-data")
    assert upload.status_code == 200
    assert page_data(upload.get_data(as_text=True))["deals"] == data["deals"]


@pytest.mark.parametrize("form, status, words", [
    ({"text": ""}, 422, "no game"),
    ({"text": "not json"}, 422, "not EGN text"),
    ({"text": '{"fileType": "EGN"}'}, 422, "EGN schema"),
    ({"text": LONER.read_text(), "worlds": "many"}, 422, "worlds 'many'"),
    ({"text": LONER.read_text(), "worlds": "5000"}, 422, "at most"),
    ({"egn": (io.BytesIO(b"\xff\xfe\x00bad"), "x.egn")}, 422, "not UTF-8"),
    ({"text": " " * 200_000}, 413, "limit of 131,072 bytes"),
    ({"text": LONER.read_text(), "inference": "yes please"}, 422,
     "inference 'yes please': expected one of none, auction, play, both (or true/false)"),
])
def test_bad_uploads_are_readable_pages(client, form, status, words):
    r = client.post("/review", data=form, content_type="multipart/form-data")
    assert r.status_code == status and r.mimetype == "text/html"
    text = html.unescape(r.get_data(as_text=True))
    assert words in text and "Traceback" not in text and "<h1>" in text


@pytest.mark.slow
def test_cli_writes_one_self_contained_file(tmp_path):
    out = tmp_path / "review.html"
    run = subprocess.run([sys.executable, "-m", "solver", "review", str(RENEGE), "--worlds", "20", "--seed", "2",
                          "--html", str(out), "--json"], capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert run.returncode == 0, run.stderr
    text = out.read_text()
    assert not re.search(r'<(script|link|img)[^>]+(src|href)="(?!data:)', text)     # nothing to fetch
    assert "url(" not in text and "@import" not in text
    js = json.loads(run.stdout)["reviews"][0]
    data = page_data(text)
    assert [len(d["steps"]) for d in data["deals"]] == [len(d["calls"]) + len(d["cards"]) for d in js["deals"]]
    assert sum(len(s["mistakes"]) for d in data["deals"] for s in d["steps"]) == sum(len(d["mistakes"])
                                                                                      for d in js["deals"])
    assert text.count('data-card="') >= 20
    two = subprocess.run([sys.executable, "-m", "solver", "review", str(RENEGE), str(LONER), "--html", str(out)],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert two.returncode == 2 and "one game" in two.stderr


@pytest.mark.slow
def test_templates_and_static_files_are_package_data():
    """Every package is found for a wheel, and every page file is committed and listed as package data."""
    from setuptools import find_packages
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    found = set(find_packages(str(ROOT), include=config["packages"]["find"]["include"]))
    on_disk = {".".join(p.parent.relative_to(ROOT).parts) for top in ("solver", "api")
               for p in (ROOT / top).rglob("__init__.py")}
    assert on_disk <= found and "solver.pages" in found, on_disk - found
    globs = config["package-data"]["solver.pages"]
    pages = ROOT / "solver" / "pages"
    files = [p.relative_to(pages) for p in pages.rglob("*") if p.is_file() and p.suffix != ".py"
             and "__pycache__" not in p.parts]
    assert files and all(any(f.match(g) for g in globs) for f in files), files
    assert {"templates", "static"} <= {f.parts[0] for f in files}
    tracked = subprocess.run(["git", "ls-files", "solver/pages"], capture_output=True, text=True, cwd=ROOT)
    if tracked.returncode == 0 and tracked.stdout:     # a git checkout: an ignored template would not be in a clone
        assert {str(Path("solver/pages") / f) for f in files} <= set(tracked.stdout.split()), tracked.stdout


def test_each_step_shows_the_grade_of_its_decision(reviews):
    """The page's steps carry the review's grade (solver.grades) of each decision, and the list of decisions
    shows it beside each judged one."""
    for name, (game, r) in reviews.items():
        text = review_html(r, game)
        data = page_data(text)
        d = r.to_dict()
        for page_deal, deal in zip(data["deals"], d["deals"]):
            want = [c["grade"] for c in deal["calls"]] + [c["grade"] for c in deal["cards"]]
            assert [s["grade"] for s in page_deal["steps"]] == want, name
        graded = [s for deal in data["deals"] for s in deal["steps"] if s["grade"]]
        assert graded and all(f'class="grade grade-{s["grade"]}"' in text for s in graded)


@pytest.mark.parametrize("choice", ["play", "both", "none"])
def test_the_review_form_offers_every_inference_of_the_api(client, choice):
    """The form's select sends none, auction, play or both, as POST /v1/review takes them; the page says the
    evidence the review weighed, in the words of a review made with it."""
    form = client.get("/").get_data(as_text=True)
    select = re.search(r'<form id="review".*?<select name="inference">(.*?)</select>', form, re.S).group(1)
    assert re.findall(r'value="(\w+)"', select) == ["auction", "both", "play", "none"]
    page = client.post("/review", data={"text": LONER.read_text(), "worlds": "10", "seed": "9", "inference": choice})
    assert page.status_code == 200
    want = solver.review_game(solver.load_egn(LONER),
                              method=Method(worlds=10, seed=9, inference=choice, examples=3)).to_dict()["model"]["text"]
    assert want in html.unescape(page.get_data(as_text=True))
