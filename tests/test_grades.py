"""Grades (solver.grades): the thresholds on constructed figures, and every graded decision of the review,
the bid advice and the play advice against its figures recomputed here.

The thresholds are written out here (0.02 / 0.08 / 0.20 of a game, 0.3 / 1.2 / 3.0 points), not read from
the module, so a change of the ladder has to change this file too.
"""
import math

import numpy as np
import pytest
from scipy import stats as st

from conftest import EGN_DIR
from conftest import bid_advice
from solver import Method, advise_play, load_egn, review_game as review, seat_view
from solver.errors import EuchreError
from solver.grades import GRADES, UNCLEAR, grade_of, ladder
from solver.review import corpus_stats

GAME = (0.02, 0.08, 0.20)
POINTS = (0.3, 1.2, 3.0)
NAMES = ("good", "inaccuracy", "mistake", "blunder")


def by_hand(loss, unit):
    """The ladder as stated in the module's table."""
    if loss <= 1e-9:
        return "best"
    cuts = GAME if unit == "game" else POINTS
    return NAMES[sum(loss >= c for c in cuts)]


@pytest.mark.parametrize("unit,cuts", [("game", GAME), ("points", POINTS)])
def test_the_ladder_at_and_around_each_threshold(unit, cuts):
    assert ladder(0.0, unit) == "best" and ladder(-0.01, unit) == "best"
    assert ladder(cuts[0] / 2, unit) == "good"
    for name, cut in zip(NAMES[1:], cuts):
        assert ladder(cut, unit) == name                       # a threshold belongs to the worse grade
        assert ladder(cut - 1e-6, unit) == NAMES[NAMES.index(name) - 1]
    assert ladder(10.0, unit) == "blunder"


def test_unclear_where_the_interval_straddles_a_threshold():
    # the issue's own example: S's Ks at trick 2 of the VWEC final, -0.022 (-0.034 to -0.011)
    g = grade_of(0.022, (0.011, 0.034))
    assert (g.grade, g.range, g.text) == (UNCLEAR, ("good", "inaccuracy"), "unclear (good to inaccuracy)")
    assert grade_of(0.022, (0.021, 0.034)).grade == "inaccuracy"            # inside one band: its grade
    assert grade_of(0.022, (0.022, 0.022)).grade == "inaccuracy"            # a point interval is exact
    assert grade_of(0.5, (0.1, 0.9)).range == ("mistake", "blunder")        # over two thresholds
    assert grade_of(0.05, (-0.01, 0.09)).range == ("good", "mistake")
    assert grade_of(0.05, (float("-inf"), float("inf"))).range == ("good", "blunder")
    assert grade_of(0.0, (-0.5, 0.5)).grade == "best"                       # a tie with the best stays best
    assert grade_of(0.4, (0.2, 0.6), "points").range == ("good", "inaccuracy")
    assert grade_of(0.4, (0.2, 0.6), "points").to_dict() == {
        "grade": "unclear", "unit": "points", "loss": 0.4, "interval": [0.2, 0.6],
        "range": ["good", "inaccuracy"], "basis": "information-set"}
    assert grade_of(0.3).mark == "??"
    assert [grade_of(x).mark for x in (0.0, 0.01, 0.03, 0.1)] == [None, None, "?!", "?"]


def test_too_few_effective_worlds_say_nothing():
    # fewer than 10 effective worlds (solver.bounds.MIN_WORLDS, written out here): unclear, best to blunder,
    # whatever the loss, the best choice's included; 10 or more, or exact figures (no effective count): the ladder
    for loss in (0.0, 0.05, 0.5):
        g = grade_of(loss, (loss - 0.01, loss + 0.01), effective_worlds=9.99)
        assert (g.grade, g.range) == (UNCLEAR, ("best", "blunder")), loss
    assert grade_of(0.0, (0.0, 0.0), effective_worlds=1.0).grade == UNCLEAR
    assert grade_of(0.0, (-0.5, 0.5), effective_worlds=10.0).grade == "best"
    assert grade_of(0.05, (0.04, 0.06), effective_worlds=10.0).grade == "inaccuracy"
    assert grade_of(0.05, None, effective_worlds=None).grade == "inaccuracy"


def test_bad_figures_are_refused():
    with pytest.raises(EuchreError, match="unit 'tricks'"):
        ladder(0.1, "tricks")
    with pytest.raises(EuchreError, match="not a number"):
        grade_of(float("nan"))


def figures_of_card(c: dict):
    """``(loss, interval, unit)`` of a card's grade from its JSON figures: the game's loss where judged by
    the score, else the points lost; double dummy when no information-set figure."""
    i, d = c["info"], c["dd"]
    if i is not None:
        if "game" in i:
            return i["game"]["loss"], None if i["exact"] else i["game"]["interval"], "game"
        return i["loss_points"], None if i["exact"] else i["points_interval"], "points"
    if "win_cost" in d:
        return d["win_cost"], None, "game"
    return d["points_cost"], None, "points"


def expected_grade(loss, interval, unit):
    g = by_hand(loss, unit)
    if g == "best" or interval is None or interval[0] is None or interval[1] is None:
        return g
    cuts = GAME if unit == "game" else POINTS
    return UNCLEAR if any(interval[0] < t < interval[1] for t in cuts) else g


@pytest.fixture(scope="module")
def reviews():
    game = load_egn(EGN_DIR / "vwec-finals.egn")
    return {"game": review(game, method=Method(worlds=30, seed=4, inference=False, examples=3)),
            "points": review(game, method=Method(worlds=30, seed=4, inference=False, examples=3), score=False)}


@pytest.mark.slow
@pytest.mark.parametrize("judged", ["game", "points"])
def test_every_judged_decision_of_the_review_is_graded_from_its_figures(reviews, judged):
    r = reviews[judged]
    d = r.to_dict()
    graded = 0
    for deal, dr in zip(d["deals"], r.deals):
        per_seat = {}
        for c in deal["cards"]:
            if c["renege"] or (c["info"] is None and c["dd"] is None):
                assert c["grade"] is None
                continue
            loss, iv, unit = figures_of_card(c)
            assert unit == ("game" if judged == "game" and deal.get("score") else "points")
            assert c["grade"] == expected_grade(loss, iv, unit), c
            assert c["grading"]["loss"] == pytest.approx(loss, abs=1e-4)
            for m in c["mistakes"]:
                assert m["grade"] == c["grade"]
                # the split: a double-dummy flag is knowable only when the card is flagged from its view too
                assert m["knowable"] == any(x["kind"] == "information-set" for x in c["mistakes"])
            per_seat[c["seat"]] = per_seat.get(c["seat"], 0) + 1
            graded += 1
        for c in deal["calls"]:
            if c["loss"] is None:
                assert c["grade"] is None
                continue
            if "game" in c:
                loss, iv, unit = c["game"]["loss"], None if c["exact"] else c["game"]["interval"], "game"
            else:
                loss, iv, unit = c["loss"], None if c["exact"] else c["loss_interval"], "points"
            assert c["grade"] == expected_grade(loss, iv, unit), c
            per_seat[c["seat"]] = per_seat.get(c["seat"], 0) + 1
            graded += 1
        for seat, p in deal["players"].items():
            assert sum(p["grades"].values()) == per_seat.get(seat, 0)
            assert set(p["grades"]) == set(GRADES) | {UNCLEAR}
    assert graded > 200
    assert sum(sum(p["grades"].values()) for p in d["players"].values()) == graded
    text = r.text()
    assert "grades: " in text


@pytest.mark.slow
def test_the_flagged_lines_say_knowable_or_only_double_dummy(reviews):
    lines = [str(m) for m in reviews["game"].mistakes if not m.renege]
    assert lines
    for m, line in zip([m for m in reviews["game"].mistakes if not m.renege], lines):
        if m.decision == "call":
            continue
        assert ("knowable:" in line) == m.knowable and ("visible only double dummy" in line) == (not m.knowable)
        after_kind = line.split(m.kind, 1)[1].strip()
        if m.double_dummy:        # the view's grade at the end of the line
            assert not after_kind.startswith(f"{m.grade_text}:")
            assert line.endswith(f"was {m.grade_text}") or line.endswith(f"({m.grade_text})")
        else:
            assert after_kind.startswith(f"{m.grade_text}:")
    assert any("visible only double dummy" in x for x in lines)


def paired(a, b, exact):
    diff = (a - b).astype(float)
    if exact or diff.size < 2:
        return diff.mean(), None
    half = st.t.ppf(0.975, diff.size - 1) * diff.std(ddof=1) / math.sqrt(diff.size)
    return diff.mean(), (diff.mean() - half, diff.mean() + half)


@pytest.mark.parametrize("score", [None, {"NS": 6, "EW": 8}])
def test_every_option_of_the_bid_advice_is_graded_against_the_recommended_call(score):
    a = bid_advice("Jh Jd Ah Kh 9c", "Qh", "S", "W", round=1, worlds=300, seed=2, score=score)
    assert a.weights is None and not a.exact
    values = "world_points" if score is None else "world_wins"
    unit = "points" if score is None else "game"
    rec = getattr(a.recommended, values)
    for o in a.options:
        loss, iv = paired(rec, getattr(o, values), a.exact)
        assert o.grading.loss == pytest.approx(loss, abs=1e-9)
        assert o.grade == expected_grade(loss, iv, unit)
        assert o.to_dict()["grade"] == o.grade
    assert a.recommended.grade == "best"
    assert any(o.grade != "best" for o in a.options)


def test_every_card_of_the_play_advice_is_graded_against_the_recommended_card():
    # late in a hand every consistent deal is enumerated: exact figures, so no card is unclear
    a = advise_play(seat_view(seat="W", hand="Jh Jd As Ac", dealer="S", upcard="9s", calls="Pass Pass Pass Pass h",
                    tricks="Ah 9h Th Qh"), Method(worlds=500, seed=1))
    best = a.recommended
    for c in a.cards:
        loss = best.expected_points - c.expected_points
        if a.exact:
            assert c.grade == by_hand(loss, "points")
        assert c.grading.loss == pytest.approx(loss, abs=1e-9)
    assert best.grade == "best" and all(c.grade == "best" for c in a.cards if c.card in a.equal)
    with_score = advise_play(seat_view(seat="W", hand="Jh Jd As Ac", dealer="S", upcard="9s", calls="Pass Pass Pass Pass h",
                             tricks="Ah 9h Th Qh"), Method(worlds=500, seed=1, score={"NS": 8, "EW": 8}))
    top = with_score.recommended.p_win_game
    for c in with_score.cards:
        assert c.grading.unit == "game" and c.grading.loss == pytest.approx(top - c.p_win_game, abs=1e-9)


@pytest.mark.slow
def test_stats_tally_the_grades_by_player_and_partnership(reviews):
    r = reviews["game"]
    d = r.to_dict()
    lines = [{"kind": "deal", "version": 1, "path": "vwec-finals.egn", "sha256": "a" * 64, "deal": deal["index"],
              "deals": len(d["deals"]), "names": list(r.names), "rules": d["rules"], "engine": "test",
              "model": None, "inference": False, "confirm": 1, "score": True, "seed": 4, "record_seed": 4,
              "worlds": 30, "review": deal, "error": None} for deal in d["deals"]]
    s = corpus_stats(lines)
    by_name = {g.name: g.grades for g in s.players}
    for seat, p in d["players"].items():
        assert by_name[p["name"]] == p["grades"]
    names = {s: d["players"][s]["name"] for s in "NESW"}
    pair = {g.name: g.grades for g in s.partnerships}
    ns = " & ".join(sorted([names["N"], names["S"]]))
    assert pair[ns] == {k: d["players"]["N"]["grades"][k] + d["players"]["S"]["grades"][k] for k in pair[ns]}
    assert s.to_dict()["overall"]["grades"] == {k: sum(p["grades"][k] for p in d["players"].values())
                                                for k in GRADES + (UNCLEAR,)}
    assert "grades: " in s.text() and "grade_blunder" in s.csv().splitlines()[0]
    bad = dict(lines[0], review=dict(lines[0]["review"], cards=[dict(lines[0]["review"]["cards"][0], grade="meh")]))
    with pytest.raises(EuchreError, match="grade"):
        corpus_stats([bad])
