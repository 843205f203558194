"""Hand charts (solver.charts, solver/data/hand-charts-v2.json): the shipped figures against a fresh computation on
other deals (positions built here from the rules in plain card strings, classes read here, each contract solved
one by one; the slow test solves them with the reference solver tests/reference.py), the class of hand-made hands,
and bad input at every door."""
from __future__ import annotations

import json
import math

import numpy as np
import pytest
from scipy.stats import norm, t as student_t

import reference
import solver
from solver import ChartClass, ChartClassError, hand_chart
from solver.advisor.single_dummy import band_bounds, default_model
from solver.bidding import dealer_discard
from solver.cards import Card, mask_of, parse_cards
from solver.charts import BOWERS, load_charts
from solver.match.duplicate import deal_of
from solver.stats import discrete_mean_interval, mean_interval

SAME_COLOUR = {"c": "s", "s": "c", "d": "h", "h": "d"}
Z = norm.ppf(1 - 0.001 / 2)          # 99.9%: each comparison is one of a dozen; fixed seeds keep them repeatable


# -- an independent computation ---------------------------------------------------------------------------------
def esuit(card: str, trump: str) -> str:
    return trump if card[0] == "J" and card[1] == SAME_COLOUR[trump] else card[1]


def ref_class(cards: list, trump: str) -> tuple:
    """(trumps, bowers, off_aces, voids) of card strings, read from the rules."""
    trumps = sum(esuit(c, trump) == trump for c in cards)
    right, left = "J" + trump in cards, "J" + SAME_COLOUR[trump] in cards
    bowers = "both" if right and left else "right" if right else "left" if left else "none"
    aces = sum(c[0] == "A" and c[1] != trump for c in cards)
    voids = sum(1 for s in "cdhs" if s != trump and not any(esuit(c, trump) == s for c in cards))
    return trumps, bowers, aces, voids


def strings(mask: int) -> list:
    return [str(Card(c)) for c in range(24) if mask >> c & 1]


def contracts(seed: int, i: int):
    """Every call of every seat in deal ``i``: (class, {seat letter: cards or None}, trump, leader, makers, loner)."""
    cards, dealer = deal_of(seed, i, solver.Rules())
    d = int(dealer)
    up = str(cards.upcard)
    hands = [strings(h) for h in cards.hands]
    for rnd in (1, 2):
        for trump in ([up[1]] if rnd == 1 else [s for s in "cdhs" if s != up[1]]):
            picked = [list(h) for h in hands]
            if rnd == 1:               # the dealer picks up and throws by the stated heuristic
                six = hands[d] + [up]
                gone = str(Card(int(dealer_discard(np.array([mask_of(parse_cards(six))], np.uint32),
                                                   "cdhs".index(trump))[0])))
                picked[d] = [c for c in six if c != gone]
            for seat in range(4):
                place = (seat - d - 1) % 4 + 1          # 1 left of the dealer ... 4 the dealer
                for alone in (False, True):
                    partner = (seat + 2) % 4
                    play = [list(h) for h in (hands if alone and partner == d else picked)]
                    if alone:
                        play[partner] = None
                    leader = (seat + 1) % 4 if alone else (d + 1) % 4
                    cls = (rnd, place, alone, *ref_class(play[seat], trump))
                    yield cls, dict(zip("NESW", play)), trump, "NESW"[leader], ("NS", "EW")[seat % 2], \
                        ("NESW"[seat] if alone else None), seat


def band(tricks: int) -> int:
    return 0 if tricks < 3 else 1 if tricks < 5 else 2


def solve_with_engine(hands, trump, leader, makers, loner) -> int:
    deal = " ".join(f"{s}:{' '.join(h) if h else '-'}" for s, h in hands.items())
    return solver.solve(solver.Position.parse(deal, trump=trump, leader=leader, makers=makers,
                                              alone=loner)).makers_tricks


def sd_probabilities(hands, trump, leader, seat, rnd, loner, dd_band) -> np.ndarray:
    """The single-dummy chances of the bands the shipped model gives this one contract."""
    model = default_model()
    row = np.array([[mask_of(parse_cards(" ".join(h))) if h else 0 for h in hands.values()]], dtype=np.uint32)
    t = "cdhs".index(trump)
    feats = model.contract_features(row, t, seat, loner is not None, rnd == 1, "NESW".index(leader))
    return model.band_probabilities(np.array([dd_band]), feats, band_bounds(row, t, seat % 2))[0]


@pytest.fixture(scope="module")
def fresh():
    """A fresh sample: deals of seed 99 (the data's are seed 1), every contract whose class the charts ship."""
    charts = load_charts()
    shipped = {c.index for c in charts.classes()}
    out = []
    for i in range(360):
        for cls, hands, trump, leader, makers, loner, seat in contracts(99, i):
            c = ChartClass(cls[0], cls[1], cls[2], cls[3], cls[4], cls[5], cls[6])
            if c.index in shipped:
                b = band(solve_with_engine(hands, trump, leader, makers, loner))
                out.append((c, b, sd_probabilities(hands, trump, leader, seat, cls[0], loner, b)))
    return out


def interval(successes: float, n: int) -> tuple:
    return solver.stats.wilson(successes, n, z=Z)


def test_groups_agree_with_a_fresh_sample(fresh):
    """By round and alone (each over every shipped class), the shipped figures lie within the 99.9% interval of
    the fresh sample's, by both valuations."""
    charts = load_charts()
    for rnd in (1, 2):
        for alone in (False, True):
            mine = [(c, b, p) for c, b, p in fresh if c.round == rnd and c.alone == alone]
            assert len(mine) > 300
            rows = [charts.row(c, "double_dummy") for c in {c for c, _, _ in mine}]
            n = sum(r.calls for r in rows)
            for k, name in ((2, "p_march"), (0, "p_euchred")):
                shipped = sum(getattr(r, name) * r.calls for r in rows) / n
                low, high = interval(sum(b == k for _, b, _ in mine), len(mine))
                assert low <= shipped <= high, (rnd, alone, name, shipped, low, high)
                sd_rows = [charts.row(c, "single_dummy") for c in {c for c, _, _ in mine}]
                shipped_sd = sum(getattr(r, name) * r.calls for r in sd_rows) / n
                low, high = interval(sum(p[k] for _, _, p in mine), len(mine))
                assert low <= shipped_sd <= high, (rnd, alone, name, shipped_sd, low, high)


def test_busiest_classes_agree_with_a_fresh_sample(fresh):
    """The fresh sample's five busiest classes with the partner (the busiest loners are all but always euchred):
    each shipped chance within the fresh 99.9% interval, the mean points within the fresh mean's 99.9% t
    interval."""
    charts = load_charts()
    counts: dict = {}
    for c, b, _ in fresh:
        if not c.alone:
            counts.setdefault(c, []).append(b)
    busiest = sorted(counts, key=lambda c: -len(counts[c]))[:5]
    assert len(counts[busiest[-1]]) >= 60
    for c in busiest:
        bands = np.array(counts[c])
        row = charts.row(c, "double_dummy")
        for name, hit in (("p_make", bands >= 1), ("p_march", bands == 2), ("p_euchred", bands == 0)):
            low, high = interval(hit.sum(), hit.size)
            assert low <= getattr(row, name) <= high, (str(c), name)
        points = np.array([-2, 1, 4 if c.alone else 2])[bands].astype(float)
        half = student_t.ppf(1 - 0.001 / 2, points.size - 1) * points.std(ddof=1) / math.sqrt(points.size)
        assert abs(points.mean() - row.expected_points) <= half, str(c)


@pytest.mark.slow
def test_positions_solved_by_the_reference():
    """The positions of the contracts (built here from the rules) solved by the slow reference solver equal the
    engine's: the fresh sample's values are double dummy's."""
    for i in range(3):
        for _cls, hands, trump, leader, makers, loner, _seat in contracts(99, i):
            ref = reference.solve({s: h for s, h in hands.items()}, trump, leader, ())
            assert ref[makers] == solve_with_engine(hands, trump, leader, makers, loner)


def test_a_few_positions_solved_by_the_reference():
    """One deal's round-1 calls (the dealer's pick-up, a loner with the dealer out) by the reference solver."""
    seen = 0
    for cls, hands, trump, leader, makers, loner, _seat in contracts(99, 5):
        if cls[0] == 1 and (loner is None or hands[leader] is not None) and seen < 4:
            if loner is None and makers == "EW":
                continue
            ref = reference.solve({s: h for s, h in hands.items()}, trump, leader, ())
            assert ref[makers] == solve_with_engine(hands, trump, leader, makers, loner)
            seen += 1
    assert seen == 4


# -- the class of a hand ----------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, expected", [
    # E is left of the dealer N; hearts: Jh Jd Ah trumps, clubs two, diamonds and spades void
    (("Jh Jd Ah Kc 9c", "Qh", "E", "N", 1), (1, 1, False, 3, "both", 0, 2)),
    # the dealer picks up Jh and throws 9s (keeps trumps and the ace, then the lowest singleton: a void)
    (("9h Ac Kc Qd 9s", "Jh", "N", "N", 1), (1, 4, False, 2, "right", 1, 1)),
    # round 2, W left of the dealer S names clubs: Js is the left bower, diamonds 9d, hearts and spades void
    (("Ac Kc Qc Js 9d", "Th", "W", "S", 2, "c"), (2, 1, False, 4, "left", 0, 2)),
    # S is the dealer's (N's) partner: seat 2; alone
    (("Jc As Ad Tc 9c", "Kc", "S", "N", 1, None, True), (1, 2, True, 3, "right", 2, 1)),
])
def test_the_class_of_hand_made_hands(args, expected):
    row = hand_chart(*args[:5], call=args[5] if len(args) > 5 else None, alone=args[6] if len(args) > 6 else False)
    assert row.chart_class == ChartClass(*expected)
    assert ref_class(strings(row.hand), row.trump.letter) == expected[3:]
    assert row.calls >= load_charts().min_calls
    assert row.p_make + row.p_euchred == pytest.approx(1.0, abs=1e-4)   # the data's sums have 2 places
    assert row.make_interval[0] <= row.p_make <= row.make_interval[1]


def test_the_dealer_discard_is_reported():
    row = hand_chart("9h Ac Kc Qd 9s", "Jh", "N", "N", 1)
    assert str(row.discard) == "9s" and "9s" not in strings(row.hand) and "Jh" in strings(row.hand)


def test_both_valuations_and_double_dummy_flatters():
    """Single dummy is the default; double dummy (every hand seen) rates a marginal call higher."""
    sd = hand_chart("Jd Ah Kc 9c Ts", "9h", "E", "N", 1)
    dd = hand_chart("Jd Ah Kc 9c Ts", "9h", "E", "N", 1, valuation="double_dummy")
    assert sd.valuation == "single_dummy" and sd.calls == dd.calls
    assert dd.expected_points > sd.expected_points


def test_class_index_round_trips():
    for k in (0, 17, 1234, solver.charts.CLASS_COUNT - 1):
        assert ChartClass.of_index(k).index == k


def test_discrete_mean_interval_is_the_written_out_sample():
    values, counts = np.array([-2.0, 1.0, 2.0]), np.array([7, 20, 4])
    mean, iv = discrete_mean_interval(values, counts)
    sample = np.repeat(values, counts)
    assert mean == pytest.approx(sample.mean())
    assert iv == pytest.approx(mean_interval(sample, exact=False))


def test_the_data_is_small_and_says_how_it_was_made():
    data = json.loads(solver.charts.DATA.read_text())
    assert solver.charts.DATA.stat().st_size < 1_000_000
    prov = data["provenance"]
    assert prov["deals"] >= 200_000 and prov["script"] == "benchmarks/tools/derive_hand_charts.py"
    assert {"double_dummy", "single_dummy"} <= set(prov["valuation"]) and prov["cost"]["positions_searched"] > 0
    assert min(r[data["columns"].index("calls")] for r in data["rows"]) >= data["min_calls"]
    assert all(BOWERS[r[4]] for r in data["rows"])


# -- bad input --------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("args, kwargs, error, words", [
    (("Ah Kh Qh Th 9h", "Jh", "E", "N", 1), {}, ChartClassError, "5 trumps"),
    (("Jh Jd Ah Kc", "Qh", "E", "N", 1), {}, solver.CardError, "5 distinct cards"),
    (("Jh Jd Ah Kc Qh", "Qh", "E", "N", 1), {}, solver.CardError, "Qh is both"),
    (("Jh Jd Ah Kc B", "Qh", "E", "N", 1), {}, solver.CardError, "joker"),
    (("Jh Jd Ah Kc 9c", "Qh", "E", "N", 2), {"call": "h"}, solver.IllegalActionError, "turned down"),
    (("Jh Jd Ah Kc 9c", "Qh", "E", "N", 2), {}, solver.IllegalActionError, "none given"),
    (("Jh Jd Ah Kc 9c", "Qh", "E", "N", 1), {"call": "c"}, solver.IllegalActionError, "round 1"),
    (("Jh Jd Ah Kc 9c", "Qh", "E", "N", 3), {}, solver.IllegalActionError, "round 3"),
    (("Jh Jd Ah Kc 9c", "Qh", "X", "N", 1), {}, solver.CardError, "X"),
    (("Jh Jd Ah Kc 9c", "Qh", "E", "N", 1), {"valuation": "rollout"}, solver.ArgumentError, "rollout"),
])
def test_bad_input(args, kwargs, error, words):
    with pytest.raises(error, match=words):
        hand_chart(*args, **kwargs)


def test_an_unknown_class_is_named():
    impossible = ChartClass(1, 1, False, 0, "none", 3, 3)       # three aces and three voids: no trumps left
    with pytest.raises(ChartClassError, match="0 trumps, no bower, 3 off-suit aces, 3 voids"):
        load_charts().row(impossible)


# -- the doors ----------------------------------------------------------------------------------------------------
CALL = {"hand": "Jh Jd Ah Kc 9c", "upcard": "Qh", "seat": "E", "dealer": "N", "round": 1}


def test_cli_chart_is_the_library_answer(capsys):
    from solver.cli import main
    args = ["chart", "--hand", CALL["hand"], "--upcard", "Qh", "--seat", "E", "--dealer", "N"]
    assert main(args + ["--json"]) == 0
    assert json.loads(capsys.readouterr().out) == hand_chart(**CALL).to_dict()
    assert main(args + ["--valuation", "double_dummy"]) == 0
    assert capsys.readouterr().out.rstrip("\n") == str(hand_chart(**CALL, valuation="double_dummy"))
    assert main(args + ["--valuation", "double-dummy"]) == 0          # the spelling of every other command
    assert capsys.readouterr().out.rstrip("\n") == str(hand_chart(**CALL, valuation="double_dummy"))
    with pytest.raises(SystemExit) as stop:                             # a valuation the charts were not made by
        main(args + ["--valuation", "playout"])
    assert stop.value.code == 2 and "invalid choice: 'playout'" in capsys.readouterr().err
    assert main(["chart", "--hand", "Ah Kh Qh Th 9h", "--upcard", "Jh", "--seat", "N", "--dealer", "S"]) == 2
    assert "chart class 'round 1, seat 2" in capsys.readouterr().err


@pytest.fixture
def client():
    from api import create_app
    return create_app().test_client()


def test_http_chart_post_and_get_are_the_library_answer(client):
    from api.schemas import ChartResponse
    want = hand_chart(**CALL, alone=True).to_dict()
    r = client.post("/v1/chart", json={**CALL, "alone": True})
    assert r.status_code == 200, r.get_json()
    assert r.get_json() == want
    ChartResponse.model_validate(r.get_json())
    r = client.get("/v1/chart", query_string={**CALL, "alone": "true"})
    assert r.status_code == 200, r.get_json()
    assert r.get_json() == want
    r = client.get("/v1/chart", query_string={**CALL, "round": 2, "call": "c", "valuation": "double_dummy"})
    assert r.get_json() == hand_chart(**{**CALL, "round": 2}, call="c", valuation="double_dummy").to_dict()


def test_http_chart_unknown_class_and_bad_input_are_422_problems(client):
    r = client.post("/v1/chart", json={**CALL, "hand": "Ah Kh Qh Th 9h", "upcard": "Jh"})
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert "chart class 'round 1, seat 1" in r.get_json()["detail"]
    r = client.get("/v1/chart", query_string={**CALL, "round": 2, "call": "h"})
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/illegal-action"
    r = client.post("/v1/chart", json={**CALL, "round": "1"})          # the JSON body is strict
    assert r.status_code == 422


def test_openapi_documents_the_chart():
    from api import create_app
    doc = create_app().test_client().get("/openapi.json").get_json()
    assert {"get", "post"} <= set(doc["paths"]["/v1/chart"])


def test_the_tool_counts_what_the_independent_computation_counts():
    """benchmarks/tools/derive_hand_charts.py's sums over 30 deals equal, class by class, the double-dummy bands
    of the contracts built and solved one by one here, and its single-dummy chances theirs."""
    import importlib.util
    import sys
    from conftest import TESTS
    sys.path.insert(0, str(TESTS.parent / "benchmarks"))
    spec = importlib.util.spec_from_file_location("derive_hand_charts",
                                                  TESTS.parent / "benchmarks" / "tools" / "derive_hand_charts.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    sums, searched, _, _ = tool.solve_chunk((99, 0, 30))
    assert searched == 30 * 24
    want = np.zeros_like(sums)
    for i in range(30):
        for cls, hands, trump, leader, makers, loner, seat in contracts(99, i):
            k = ChartClass(*cls).index
            b = band(solve_with_engine(hands, trump, leader, makers, loner))
            want[0, k] += 1
            want[1 + b, k] += 1
            want[4:7, k] += sd_probabilities(hands, trump, leader, seat, cls[0], loner, b)
    assert sums[0].sum() == 30 * 32
    np.testing.assert_array_equal(sums[:4], want[:4])
    np.testing.assert_allclose(sums[4:], want[4:], atol=1e-9)
