"""solver.compare: two actions over the advice's own worlds, checked against the advice and a slow reference."""
import itertools
import json
import sys
from pathlib import Path

import numpy as np
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

import reference  # noqa: E402
from solver import (ArgumentError, IllegalActionError, advise_play, compare, seat_view)  # noqa: E402
from solver.cli import main  # noqa: E402
from solver.game import Hand  # noqa: E402
from conftest import bid_advice
from solver import Method

BID = dict(seat="E", hand="Jh Ah Kh 9c 9s", dealer="N", upcard="Qh")
PLAY = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h")


def test_calls_mean_difference_is_the_advice_options_difference():
    """Double dummy, the same seed and worlds: the comparison's mean difference is the difference of the two
    options' expected points in the full advice (every option on every world), and its shares are the
    shares of the worlds where one option's points are above, equal to, below the other's."""
    got = compare(BID, "order", "order alone", method=Method(worlds=400, seed=5, valuation="double_dummy", examples=3))
    adv = bid_advice(BID["hand"], BID["upcard"], BID["seat"], BID["dealer"], 1, worlds=400, seed=5, early_stop=False,
                 valuation="double_dummy")
    a, b = adv.option("order"), adv.option("order alone")
    assert adv.weights is None          # the first to speak: uniform worlds
    assert got.points.difference == pytest.approx(a.expected_points - b.expected_points, abs=1e-9)
    assert got.points.a == pytest.approx(a.expected_points) and got.points.b == pytest.approx(b.expected_points)
    d = a.world_points - b.world_points
    assert got.points.better == pytest.approx(np.mean(d > 0))
    assert got.points.same == pytest.approx(np.mean(d == 0))
    assert got.points.worse == pytest.approx(np.mean(d < 0))
    assert got.kind == "call" and got.a == "order" and got.b == "order alone" and got.b_name == "order up alone"
    lo, hi = got.points.interval
    assert lo < got.points.difference < hi


def test_calls_with_inference_weights_match_the_advice():
    """A seat after two passes: the worlds are weighted (or rejection-drawn) by the model; the comparison is
    still the advice's own difference."""
    view = dict(seat="S", hand="Jd Ad Kd 9c Qs", dealer="W", upcard="Td", calls="Pass Pass")
    got = compare(view, "pass", "order", method=Method(worlds=300, seed=2, valuation="double_dummy", examples=3))
    adv = bid_advice("Jd Ad Kd 9c Qs", "Td", "S", "W", 1, worlds=300, seed=2, early_stop=False,
                 valuation="double_dummy")
    a, b = adv.option("pass"), adv.option("order")
    assert got.points.difference == pytest.approx(a.expected_points - b.expected_points, abs=1e-9)


def test_cards_mean_difference_is_the_play_advice_difference():
    for valuation in ("double_dummy", "single_dummy"):
        got = compare(PLAY, "Ac", "Qd", method=Method(worlds=200, seed=3, valuation=valuation, examples=3))
        adv = advise_play(seat_view(**PLAY), Method(worlds=200, seed=3, valuation=valuation))
        assert got.points.difference == pytest.approx(adv["Ac"].expected_points - adv["Qd"].expected_points,
                                                      abs=1e-9)
        assert got.points.better + got.points.same + got.points.worse == pytest.approx(1)


def _late_view():
    """N calls hearts in round 2 (NS make); three tricks played by a fixed rule; the view of the seat to lead
    the fourth, with two cards left."""
    h = Hand.from_deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c",
                       dealer="S")
    for t in ["pass"] * 5 + ["call h"]:
        h.apply(t)
    if h.phase.value == "alone":
        h.apply(next(str(a) for a in h.legal_actions() if "alone" not in str(a)))
    while len(h.tricks) < 3:
        h.apply([str(a) for a in h.legal_actions()][-1])     # the highest-coded legal card
    return h.view(h.to_act)


def test_small_position_against_the_slow_reference():
    """Every consistent placement of the unseen cards, each valued by the reference solver: the comparison's
    shares and mean difference are exact and equal the enumeration's."""
    from solver.cards import Card, cards_of
    view = _late_view()
    me = int(view.seat)
    mine = [str(Card(c)) for c in cards_of(view.hand)]
    assert len(mine) == 2 and not view.current
    a, b = mine
    got = compare(view, a, b, method=Method(inference=False, valuation="double_dummy", examples=1))
    assert got.exact

    # the reference: the viewer leads; each other seat holds two of the unseen cards (its voids respected), the
    # rest lie in the kitty; every placement equally likely
    unseen = [str(Card(c)) for c in cards_of(view.unseen)]
    others = [s for s in range(4) if s != me]
    voids = {s: {x.letter for x in view.voids[s]} for s in others}
    trump, mine_side = "h", me % 2
    won = view.tricks_won[mine_side]
    diffs = []
    for first in itertools.combinations(unseen, 2):
        rest = [c for c in unseen if c not in first]
        for second in itertools.combinations(rest, 2):
            rest2 = [c for c in rest if c not in second]
            for third in itertools.combinations(rest2, 2):
                deal = [None] * 4
                deal[me] = mine
                for s, cards in zip(others, (first, second, third)):
                    deal[s] = list(cards)
                if any(reference.effective_suit(c, trump) in voids[s] for s in others for c in deal[s]):
                    continue
                vals = reference.card_values({"NESW"[s]: deal[s] for s in range(4)}, trump, "NESW"[me], [])
                pts = {}
                for card in (a, b):
                    ours = won + vals[card]                 # the viewer's side's tricks in the hand
                    ns = ours if mine_side == 0 else 5 - ours   # the makers' (NS) tricks
                    to_ns = 2 if ns == 5 else 1 if ns >= 3 else -2
                    pts[card] = to_ns if mine_side == 0 else -to_ns
                diffs.append(pts[a] - pts[b])
    diffs = np.array(diffs, dtype=float)
    assert got.worlds == diffs.size
    assert got.points.difference == pytest.approx(diffs.mean(), abs=1e-12)
    assert got.points.better == pytest.approx(np.mean(diffs > 0))
    assert got.points.same == pytest.approx(np.mean(diffs == 0))
    assert got.points.worse == pytest.approx(np.mean(diffs < 0))
    assert tuple(got.points.interval) == (got.points.difference, got.points.difference)


def test_examples_show_each_outcome():
    got = compare(BID, "order", "order alone", method=Method(worlds=300, seed=1, valuation="double_dummy", examples=2))
    for outcome, test in (("better", lambda e: e["a"] > e["b"]), ("same", lambda e: e["a"] == e["b"]),
                          ("worse", lambda e: e["a"] < e["b"])):
        shown = got.examples[outcome]
        assert len(shown) <= 2
        assert all(test(e) for e in shown)
        share = getattr(got.points, outcome)
        assert (len(shown) > 0) == (share > 0)
        for e in shown:
            assert set(e["hands"]) == {"N", "E", "S", "W", "kitty"}
            assert e["hands"]["E"] == "9c 9s Jh Kh Ah"


def test_score_judges_by_the_game():
    got = compare(PLAY, "Ac", "Qd", method=Method(worlds=100, seed=1, score={"NS": 8, "EW": 9}, examples=3))
    adv = advise_play(seat_view(**PLAY), Method(worlds=100, seed=1, score={"NS": 8, "EW": 9}))
    assert got.by == "game" and got.judged is got.game
    assert got.game.difference == pytest.approx(adv["Ac"].p_win_game - adv["Qd"].p_win_game, abs=1e-9)


@pytest.mark.parametrize("view,a,b,error,words", [
    (PLAY, "Ac", "Ac", ArgumentError, "b 'Ac': the same card as a"),
    (PLAY, "Ah", "Qd", IllegalActionError, "a Ah: not a legal card for W here (it does not hold it"),
    (PLAY, "order", "Qd", IllegalActionError, "a 'order': a call, but W is to play a card"),
    (PLAY, "Ac", "zz", IllegalActionError, "b 'zz': not a card"),
    (BID, "order", "order up", ArgumentError, "b 'order up': the same call as a ('order')"),
    (BID, "As", "pass", IllegalActionError, "a 'As': a card, but E is to bid (round 1)"),
    (BID, "pass", "call h", IllegalActionError, "b: call 'call h': in round 1"),
    (dict(BID, seat="S"), "pass", "order", IllegalActionError, "it is E's turn, not S's"),
])
def test_bad_input_names_it(view, a, b, error, words):
    with pytest.raises(error, match=None) as got:
        compare(view, a, b, method=Method(worlds=100, seed=1, examples=3))
    assert words in str(got.value)


def test_must_follow_suit_is_named():
    view = dict(PLAY, tricks="Kd", seat="N", hand="9d Ah Kh Qs Ts")
    with pytest.raises(IllegalActionError, match="b Ah: not a legal card for N here .it must follow suit"):
        compare(view, "9d", "Ah", method=Method(worlds=100, seed=1, examples=3))


def test_cli_and_http_agree(capsys):
    args = ["compare", "order", "pass", "--seat", "E", "--hand", "Jh Ah Kh 9c 9s", "--dealer", "N", "--upcard", "Qh",
            "--worlds", "200", "--valuation", "double-dummy"]
    assert main(args + ["--json"]) == 0
    cli = json.loads(capsys.readouterr().out)
    from api.app import create_app
    client = create_app().test_client()
    resp = client.post("/v1/compare", json=dict(BID, calls="", a="order", b="pass", worlds=200,
                                                valuation="double_dummy"))
    assert resp.status_code == 200
    assert resp.get_json() == cli
    # the default seed is the advice's: the same worlds as `euchre advise` with its default seed
    adv = bid_advice(BID["hand"], BID["upcard"], "E", "N", 1, worlds=200, seed=cli["seed"], early_stop=False,
                 valuation="double_dummy")
    from solver.review import advice_seed
    from solver import Rules
    assert cli["seed"] == advice_seed(BID["hand"], BID["upcard"], "E", "N", 1, Rules())
    assert cli["points"]["difference"] == pytest.approx(
        adv.option("order").expected_points - adv.option("pass").expected_points, abs=1e-9)
    assert main(args) == 0
    text = capsys.readouterr().out
    assert text.startswith("E: A = order up against B = pass (200 worlds; by points)")


def test_http_bad_input_is_a_problem():
    from api.app import create_app
    client = create_app().test_client()
    body = dict(PLAY, a="Ac", b="Ac", worlds=100)
    resp = client.post("/v1/compare", json=body)
    assert resp.status_code == 422 and resp.content_type == "application/problem+json"
    assert resp.get_json()["field"] == "b" and "the same card" in resp.get_json()["detail"]
    resp = client.post("/v1/compare", json=dict(body, b="Kd"))
    assert resp.status_code == 422 and resp.get_json()["type"].endswith("illegal-action")
    resp = client.post("/v1/compare", json=dict(BID, calls="", a="order", b="pass", worlds=100, valuation="playout"))
    assert resp.status_code == 422 and resp.get_json()["type"].endswith("over-limit")
    assert "/v1/compare" in client.get("/openapi.json").get_json()["paths"]


def test_http_play_model_for_a_call_is_refused_as_at_the_other_doors(capsys):
    # a call's comparison reads no card, so a play model sent with it is refused by name (not dropped), with
    # the words of solver.compare and `euchre compare`
    from api.app import create_app
    client = create_app().test_client()
    body = dict(BID, calls="", a="order", b="pass", worlds=20, seed=1, inference="play", play_model="flat")
    resp = client.post("/v1/compare", json=body)
    assert resp.status_code == 422 and resp.content_type == "application/problem+json"
    problem = resp.get_json()
    with pytest.raises(ArgumentError) as engine:
        compare(seat_view(BID["seat"], BID["hand"], BID["dealer"], BID["upcard"]), "order", "pass",
                method=Method(worlds=20, seed=1, inference="play", play_model="flat"))
    assert problem["field"] == "play_model" and problem["detail"] == str(engine.value)
    assert main(["compare", "--seat", "E", "--hand", BID["hand"], "--dealer", "N", "--upcard", "Qh", "order", "pass",
                 "--worlds", "20", "--inference", "play", "--play-model", "flat"]) == 2
    assert str(engine.value) in capsys.readouterr().err
