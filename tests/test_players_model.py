"""The bidding model fitted to players' calls: the decisions read from records, the likelihood, the fit
(recovering a known model), the shipped default, model files and the ``euchre model`` command."""
import json
import math
import re
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solver.bidding import (BEST_RESPONSE, DEFAULT_MODEL, MODEL_NAMES, POINT_COUNT, BiddingModel,
                            load_model_file, resolve_model)
from solver.bidding.decisions import BidDecision, decisions_from_records, decisions_of_game
from solver.bidding.fit import PARAMETERS, cross_validate, fit_model, log_likelihood, model_vector, vector_model
from solver.bidding.funnel import funnel
from solver.cardtables import IS_TRUMP
from solver.cards import mask_of, parse_cards
from solver.cli import main
from solver.errors import ModelError
from solver.records import load_egn
from conftest import examples
from conftest import bid_advice

EGN = Path(__file__).parent / "data" / "egn"


def card(text):
    return int(parse_cards(text)[0])


def mask(text):
    return mask_of(parse_cards(text))


# -- decisions from records ----------------------------------------------------------------------------
def test_decisions_of_the_vwec_final_first_deal_by_hand():
    # deal 0: S deals, Kc up; W, N, E pass, S picks up (EGN calls Pass Pass Pass Order)
    game = load_egn(EGN / "vwec-finals.egn")
    rows = [d for d in decisions_of_game(game, "vwec") if d.deal_key == "vwec deal 0"]
    assert [(d.source.split()[-1], d.place, d.round, d.kind) for d in rows] == [
        ("W", 1, 1, "pass"), ("N", 2, 1, "pass"), ("E", 3, 1, "pass"), ("S", 0, 1, "order")]
    hands = game.deals[0].start_hands()
    w = next(d for d in rows if d.place == 1)
    assert w.hand == mask_of(hands[game.deals[0].dealer.__class__.W]) and w.upcard == card("Kc")
    s = rows[-1]
    kept = mask_of(hands[game.deals[0].dealer])
    # the dealer's hand as dealt: the kept five less the upcard, plus one card not in any hand at play
    assert bin(s.hand).count("1") == 5 and not s.hand & (1 << card("Kc"))
    assert bin(s.hand & kept).count("1") == 4


def test_an_annotated_copy_of_a_record_adds_no_decision():
    one = decisions_from_records([EGN / "vwec-finals.egn"])
    two = decisions_from_records([EGN / "vwec-finals.egn", EGN / "vwec-finals-annotated.egn"])
    assert len(one) == len(two) > 40
    assert [d.hand for d in one] == [d.hand for d in two]


def test_round_two_calls_and_the_stuck_dealer():
    rows = decisions_from_records([EGN / "epic-comeback.egn"])
    # deal 1: E deals, As up; seven passes, then the stuck dealer E names diamonds
    deal1 = [d for d in rows if d.deal_key.endswith("deal 1")]
    assert [d.kind for d in deal1] == ["pass"] * 7 + ["call"]
    last = deal1[-1]
    assert last.place == 0 and last.round == 2 and last.stuck and last.suit == 1


def test_a_dummy_hands_record_is_refused_naming_it():
    with pytest.raises(ModelError, match="dummy-hands-game.json: a two-player dummy-hands record"):
        decisions_from_records([EGN.parent / "dummy-hands-game.json"])


def test_records_without_a_decision_or_of_another_variant_are_refused(tmp_path):
    with pytest.raises(ModelError, match="no bidding decision"):
        decisions_from_records([EGN / "incomplete-deal.egn"])
    with pytest.raises(ModelError, match="no .egn record"):
        decisions_from_records([tmp_path])
    data = json.loads((EGN / "vwec-finals.egn").read_text())
    data["metadata"]["ruleset"]["joker"] = True
    (tmp_path / "j.egn").write_text(json.dumps(data))
    with pytest.raises(Exception) as err:
        decisions_from_records([tmp_path / "j.egn"])
    assert "j.egn" in str(err.value) or "joker" in str(err.value)


# -- the likelihood ------------------------------------------------------------------------------------
def test_likelihood_of_three_decisions_by_hand():
    # the point count (spread 0.5, floor 0.005): Jh Jd Ah 9c 9s with Kh up counts 3 + 2.5 + 2 + 0.5 (a void,
    # with two or more trumps) = 8; an opponent of the dealer (left or right) takes off 0.5 * 1.5 for the
    # king it would hand over: 7.25; both order at 5.0, alone at 8.5
    h, up = mask("Jh Jd Ah 9c 9s"), card("Kh")
    f = 0.005

    def curve(x, s=0.5):
        return f + (1 - 2 * f) / (1 + math.exp(-x / s))
    order, alone = curve(7.25 - 5.0), curve(7.25 - 8.5)
    d = [BidDecision(h, 1, 1, up, "order", alone=False), BidDecision(h, 1, 1, up, "order", alone=True),
         BidDecision(h, 3, 1, up, "pass")]
    want = math.log(order * (1 - alone)) + math.log(order * alone) + math.log(1 - order)
    assert log_likelihood(POINT_COUNT, d) == pytest.approx(want, rel=1e-12)


@pytest.mark.slow
def test_the_fit_uses_the_models_own_likelihood():
    # the vectorised likelihood of the fit (its total) against BiddingModel.likelihood decision by decision
    rows = decisions_from_records([EGN / "mote-w5-g1.egn", EGN / "epic-comeback.egn"])
    fit = fit_model(rows, std_errors=False)
    assert fit.log_likelihood == pytest.approx(log_likelihood(fit.model, rows), rel=1e-10)
    assert fit.log_likelihood > log_likelihood(POINT_COUNT, rows)      # the fit is at least as good in sample


def test_model_vector_round_trips():
    theta = model_vector(DEFAULT_MODEL)
    again = vector_model(theta, DEFAULT_MODEL, DEFAULT_MODEL.name)
    assert np.allclose(model_vector(again), theta)
    assert again.count.trump_points == pytest.approx(DEFAULT_MODEL.count.trump_points)


def _draw(model, n, seed):
    """Decisions drawn from ``model``: random hands, places, rounds and upcards, each call drawn."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        cards = rng.permutation(24)
        hand, up = int(sum(1 << int(c) for c in cards[:5])), int(cards[5])
        place, rnd = int(rng.integers(4)), int(rng.integers(1, 3))
        if rnd == 1:
            p_order, p_alone = model.round1(np.array([hand], dtype=np.uint32), place, up)
            if rng.random() < p_order[0]:
                out.append(BidDecision(hand, place, 1, up, "order", alone=bool(rng.random() < p_alone[0])))
            else:
                out.append(BidDecision(hand, place, 1, up, "pass"))
        else:
            stuck = place == 0 and rng.random() < 0.5
            p_suit, p_alone = model.round2(np.array([hand], dtype=np.uint32), place, up % 4, stuck)
            u, cum = rng.random(), np.cumsum(p_suit[0])
            s = int((u >= cum).sum())
            if s < 4:
                out.append(BidDecision(hand, place, 2, up, "call", suit=s, stuck=stuck,
                                       alone=bool(rng.random() < p_alone[0, s])))
            else:
                out.append(BidDecision(hand, place, 2, up, "pass", stuck=stuck))
    return out


@pytest.mark.slow
def test_the_fit_recovers_a_known_model():
    truth = vector_model(model_vector(DEFAULT_MODEL) + np.r_[[0.3] * 8, [0.2, 0.3, 0.1, 0.2], [0.0] * 13],
                         POINT_COUNT, "truth")
    rows = _draw(truth, 6000, 7)
    fit = fit_model(rows, base=POINT_COUNT, prior_sd=20.0)      # a weak prior: the data decide
    true, got = model_vector(truth), model_vector(fit.model)
    checked = 0
    for i, name in enumerate(PARAMETERS):
        se = fit.std_errors[name]
        if se is None or name in ("step_joker",):                 # at a bound, or no joker in the pack
            continue
        assert abs(got[i] - true[i]) < 4 * se, (name, got[i], true[i], se)
        checked += 1
    assert checked >= 18
    # and most within two standard errors, as a normal estimate should be
    within = sum(abs(got[i] - true[i]) < 2 * fit.std_errors[n] for i, n in enumerate(PARAMETERS)
                 if fit.std_errors[n] is not None and n != "step_joker")
    assert within >= 0.8 * checked


# -- the shipped default -------------------------------------------------------------------------------
def test_the_default_is_players_1_with_its_provenance():
    assert DEFAULT_MODEL.name == "players-1" == MODEL_NAMES[0]
    prov = DEFAULT_MODEL.provenance
    assert prov["data"]["decisions"] == len(decisions_from_records(
        [EGN / f for f in prov["data"]["records"]]))
    assert set(prov["data"]["left_out"]) == {"custom-scenario.egn", "renege-test.egn"}
    cv = prov["cross_validation"]["per_decision"]
    assert cv["fitted"] > cv["point-count"] + 0.05 and cv["fitted"] > cv["best-response-1"] + 0.05


def test_the_default_fits_the_shipped_games_better_than_the_others():
    rows = decisions_from_records([EGN / f for f in DEFAULT_MODEL.provenance["data"]["records"]])
    ll = {m.name: log_likelihood(m, rows) / len(rows) for m in (DEFAULT_MODEL, POINT_COUNT, BEST_RESPONSE)}
    assert ll["players-1"] > ll["point-count"] > ll["best-response-1"]


@pytest.mark.slow
def test_cross_validation_beats_the_point_count_on_held_out_deals():
    rows = decisions_from_records([EGN / f for f in DEFAULT_MODEL.provenance["data"]["records"]])
    cv = cross_validate(rows, k=5, seed=3, prior_sd=0.5, others=[POINT_COUNT])
    assert cv["fitted"] > cv["others"][0]
    assert len(cv["held_out"]) == len(rows)


def _random_hands(n, seed):
    rng = np.random.default_rng(seed)
    return np.array([sum(1 << int(c) for c in rng.permutation(24)[:6]) for _ in range(n)], dtype=np.uint32)


def test_the_default_never_gives_a_legal_call_zero_chance():
    six = _random_hands(2000, 1)
    hands = np.array([int(m) & ~(1 << (int(m).bit_length() - 1)) for m in six], dtype=np.uint32)
    ups = np.array([int(m).bit_length() - 1 for m in six])
    for up in np.unique(ups)[:8]:
        hs = hands[ups == up]
        for place in range(4):
            p_order, p_alone = DEFAULT_MODEL.round1(hs, place, int(up))
            assert (p_order > 0).all() and (p_order < 1).all() and (p_alone > 0).all()
            p_suit, _ = DEFAULT_MODEL.round2(hs, place, int(up) % 4)
            legal = np.arange(4) != int(up) % 4
            assert (p_suit[:, legal] > 0).all() and (p_suit.sum(axis=1) < 1).all()


@settings(max_examples=examples(200), deadline=None)
@given(st.permutations(range(24)), st.integers(0, 3), st.integers(0, 4), st.integers(0, 3))
def test_a_trump_for_a_plain_card_never_lowers_the_chance_of_calling(perm, place, out, trump):
    hand = [int(c) for c in perm[:5]]
    rest = [int(c) for c in perm[5:]]
    plain = [c for c in hand if not IS_TRUMP[trump][c]]
    spare = [c for c in rest if IS_TRUMP[trump][c]]
    if not plain or not spare:
        return
    gone = plain[out % len(plain)]
    up = next(c for c in rest if c not in spare[:1])
    before = sum(1 << c for c in hand)
    after = before & ~(1 << gone) | (1 << spare[0])
    b, a = np.array([before], dtype=np.uint32), np.array([after], dtype=np.uint32)
    assert DEFAULT_MODEL.count.points(a, trump)[0] >= DEFAULT_MODEL.count.points(b, trump)[0] - 1e-12
    if up % 4 == trump and place != 0:          # round 1 with this trump turned up (the dealer counts six)
        assert DEFAULT_MODEL.round1(a, place, up)[0][0] >= DEFAULT_MODEL.round1(b, place, up)[0][0] - 1e-12


def test_the_funnel_of_the_default_is_nearer_the_players_than_best_response():
    f, g = funnel(DEFAULT_MODEL, 4000, 1, stick_the_dealer=True), funnel(BEST_RESPONSE, 4000, 1, True)
    assert sum(f.made.values()) == pytest.approx(1.0)
    # the left of the dealer orders in round 1 (players do: 14% of its decisions in the shipped games)
    assert f.made[(1, 1)] > 3 * g.made[(1, 1)]


# -- model files and names ------------------------------------------------------------------------------
def test_resolve_model_by_name_file_and_object(tmp_path):
    assert resolve_model(None) is DEFAULT_MODEL and resolve_model("best-response-1") is BEST_RESPONSE
    assert resolve_model(POINT_COUNT) is POINT_COUNT
    path = tmp_path / "m.json"
    path.write_text(json.dumps(DEFAULT_MODEL.to_dict()))
    assert resolve_model(str(path)) == DEFAULT_MODEL
    with pytest.raises(ModelError, match="not a model name"):
        resolve_model("players-9")
    with pytest.raises(ModelError, match="expected a model name"):
        resolve_model(3)


@pytest.mark.parametrize("edit, why", [
    (lambda d: d.update(spread="wide"), "not a bidding model: at spread"),
    (lambda d: d.update(order=[1, 2, 3]), "not a bidding model: at order"),
    (lambda d: d.update(colour="red"), "not a bidding model"),
    (lambda d: d["count"]["trump_points"].update(right=0.5), "not monotone"),
    (lambda d: d["count"].update(void_bonus=-1.0), "void_bonus"),
    (lambda d: d.update(floor=0.7), "floor"),
])
def test_bad_model_files_are_refused_naming_the_file(tmp_path, edit, why):
    data = DEFAULT_MODEL.to_dict()
    edit(data)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ModelError) as err:
        load_model_file(path)
    assert "bad.json" in str(err.value) and why in str(err.value)


def test_nan_and_non_json_model_files_are_refused(tmp_path):
    path = tmp_path / "nan.json"
    path.write_text(json.dumps(DEFAULT_MODEL.to_dict()).replace('"alone": 8', '"alone": NaN', 1))
    with pytest.raises(ModelError, match="nan.json.*(NaN|not valid JSON)"):
        load_model_file(path)
    (tmp_path / "t.json").write_text("{not json")
    with pytest.raises(ModelError, match="not valid JSON"):
        load_model_file(tmp_path / "t.json")
    with pytest.raises(ModelError, match="no such file"):
        load_model_file(tmp_path / "missing.json")


def test_a_model_round_trips_through_its_file(tmp_path):
    for m in (DEFAULT_MODEL, BEST_RESPONSE, POINT_COUNT):
        path = tmp_path / f"{m.name}.json"
        path.write_text(json.dumps(m.to_dict()))
        assert load_model_file(path) == m


# -- euchre model ----------------------------------------------------------------------------------------
def _random_club(tmp_path):
    """Records of players who bid at random: far from players-1, so a fit to them beats it on held-out deals."""
    from solver.match import play_match
    from solver.records import dump_egn
    src = tmp_path / "club"
    src.mkdir()
    for t in play_match("random", "random", deals=15, seed=1, keep_hands=True).tables:
        (src / f"deal-{t.deal}-table-{t.table}.egn").write_text(dump_egn(t.hand))
    return src


def test_model_fit_writes_no_model_that_is_no_better_than_its_base(tmp_path, capsys):
    """The docs promise a file only when the fit worked: one that predicts the group's held-out calls no
    better than its base is not written, and the error says why (the figures are still printed)."""
    out = tmp_path / "club.json"
    assert main(["model", "fit", str(_fit_dir(tmp_path)), "--out", str(out)]) == 2
    printed = capsys.readouterr()
    assert "(not better than the base)" in printed.out and not out.exists()
    assert re.search(r"--out '.*club\.json' not written: the fit predicts the group's held-out calls no better than "
                     r"its base players-1 \(log-likelihood per decision -0\.\d+ against -0\.\d+, 5 folds by deal\)",
                     printed.err)
    assert main(["model", "fit", str(EGN / "six-points-in-two-hands.egn"), "--out", str(out)]) == 2
    assert "not written: 2 deals are too few to hold some out" in capsys.readouterr().err and not out.exists()


@pytest.mark.slow
def test_model_fit_on_a_directory_is_the_api_fit(tmp_path, capsys):
    from solver.bidding.group import fit_group
    src = _random_club(tmp_path)
    out = tmp_path / "club.json"
    assert main(["model", "fit", str(src), "--out", str(out), "--json"]) == 0
    printed = json.loads(capsys.readouterr().out)
    api = fit_group([src])
    assert api.held_out["fitted"] > api.held_out["base"]
    assert load_model_file(out) == api.model
    assert printed["decisions"] == api.decisions and printed["base"] == "players-1"
    assert main(["advise", "--hand", "9h 9s Ts Jc Qh", "--upcard", "Ks", "--seat", "E", "--dealer", "N",
                 "--round", "2", "--worlds", "100", "--model", str(out), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["bidding"]["model"] == "club"


def test_model_fit_refuses_bad_records_and_writes_nothing(tmp_path, capsys):
    out = tmp_path / "m.json"
    assert main(["model", "fit", str(EGN / "incomplete-deal.egn"), "--out", str(out)]) == 2
    assert "no bidding decision" in capsys.readouterr().err and not out.exists()
    assert main(["model", "fit", str(EGN / "vwec-finals.egn"), "--out", str(EGN / "vwec-finals.egn")]) == 2
    assert "one of the records read" in capsys.readouterr().err


@pytest.mark.slow
def test_model_show_prints_chances_and_the_funnel(tmp_path, capsys):
    png = tmp_path / "m.png"
    assert main(["model", "show", "players-1", "--json", "--plot", str(png)]) == 0
    d = json.loads(capsys.readouterr().out)
    strong = d["hands"][0]
    assert strong["round1"]["left of the dealer"] > 0.8 and d["hands"][-1]["round1"]["left of the dealer"] < 0.1
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["model", "show", "nope"]) == 2
    assert "not a model name" in capsys.readouterr().err


@pytest.mark.slow
def test_model_show_plot_format_follows_the_suffix(tmp_path, capsys):
    svg = tmp_path / "m.svg"
    assert main(["model", "show", "point-count", "--plot", str(svg)]) == 0
    assert svg.read_text().lstrip().startswith(("<?xml", "<svg"))
    jpg = tmp_path / "m.jpg"
    assert main(["model", "show", "point-count", "--plot", str(jpg)]) == 2
    err = capsys.readouterr().err
    assert "'.jpg'" in err and ".png" in err and not jpg.exists()


def test_model_show_records_gives_the_calibration_without_a_plot(capsys):
    from solver.bidding.decisions import decisions_from_records
    assert main(["model", "show", "players-1", "--records", str(EGN / "vwec-finals.egn"), "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["calibration"]
    # recount from the decisions: every unstuck decision falls in exactly one bucket, and "observed" is the
    # share of them that called
    decisions = [d for d in decisions_from_records([EGN / "vwec-finals.egn"]) if not d.stuck]
    assert sum(r["n"] for r in rows) == len(decisions)
    assert sum(round(r["observed"] * r["n"]) for r in rows) == sum(d.kind != "pass" for d in decisions)
    for r in rows:
        assert r["low"] <= r["predicted"] <= r["high"] and r["interval"][0] <= r["observed"] <= r["interval"][1]
    assert main(["model", "show", "players-1", "--records", str(EGN / "vwec-finals.egn")]) == 0
    text = capsys.readouterr().out
    assert "calibration on the records' calls" in text and "right of the dealer" in text


# -- over HTTP -----------------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client():
    from api import create_app
    return create_app().test_client()


QUESTION = {"hand": "9h 9s Ts Jc Qh", "upcard": "Ks", "seat": "E", "dealer": "N", "round": 2, "seed": 1,
            "worlds": 100}


def test_the_service_takes_a_model_by_name_or_inline(client):
    for name in MODEL_NAMES:
        got = client.post("/v1/advise", json={**QUESTION, "model": name}).get_json()
        want = bid_advice(**{k: v for k, v in QUESTION.items()}, model=name).to_dict()
        assert got["bidding"]["model"] == name and got["options"] == json.loads(json.dumps(want["options"]))
    inline = client.post("/v1/advise", json={**QUESTION, "model": POINT_COUNT.to_dict()}).get_json()
    assert inline["bidding"]["model"] == "point-count"
    play = {"seat": "W", "hand": "Jh Jd As Ac", "dealer": "S", "upcard": "9s", "calls": "Pass Pass Pass Pass h",
            "tricks": "Ah 9h Th Qh; ", "worlds": 50, "seed": 1, "model": "best-response-1"}
    assert client.post("/v1/play", json=play).get_json()["model"] == "best-response-1"


def test_the_service_refuses_a_bad_model_as_problem_json(client):
    r = client.post("/v1/advise", json={**QUESTION, "model": "players-9"})
    assert r.status_code == 422 and r.mimetype == "application/problem+json" and r.get_json()["field"] == "model"
    bad = {**DEFAULT_MODEL.to_dict(), "spread": -1.0}
    r = client.post("/v1/advise", json={**QUESTION, "model": bad})
    body = r.get_json()
    assert r.status_code == 422 and body["type"] == "/problems/invalid-model" and "spread" in body["detail"]
    r = client.post("/v1/advise", json={**QUESTION, "model": {"name": "x"}})
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/invalid-model"
    doc = client.get("/openapi.json").get_json()
    assert "model" in json.dumps(doc["components"]["schemas"]["AdviseRequest"])


# -- what a breaker found (each a bad input that must be a clear error) ---------------------------------------
def _fit_dir(tmp_path, name="club"):
    src = tmp_path / name
    src.mkdir()
    (src / "g1.egn").write_bytes((EGN / "mote-w5-g1.egn").read_bytes())
    return src


@pytest.mark.slow
def test_model_fit_never_replaces_a_device_a_fifo_or_a_record_found_in_a_directory(tmp_path, capsys):
    import os
    src = _fit_dir(tmp_path)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert main(["model", "fit", str(src), "--out", str(fifo)]) == 2
    assert "not a regular file" in capsys.readouterr().err and fifo.is_fifo()
    before = (src / "g1.egn").read_bytes()
    assert main(["model", "fit", str(src), "--out", str(src / "g1.egn")]) == 2
    assert "one of the records read" in capsys.readouterr().err and (src / "g1.egn").read_bytes() == before
    (tmp_path / "a").symlink_to(tmp_path / "b")
    (tmp_path / "b").symlink_to(tmp_path / "a")
    assert main(["model", "fit", str(tmp_path / "a"), "--out", str(tmp_path / "o.json")]) == 2
    assert not (tmp_path / "o.json").exists()


@pytest.mark.parametrize("name, why", [("players-1", "shipped model"), ("x" * 101, "1 to 100"),
                                       ("evil\nname", "printable")])
def test_model_fit_refuses_a_bad_or_shipped_name(tmp_path, capsys, name, why):
    out = tmp_path / "o.json"
    assert main(["model", "fit", str(_fit_dir(tmp_path)), "--out", str(out), "--name", name]) == 2
    assert why in capsys.readouterr().err and not out.exists()


@pytest.mark.parametrize("edit", [
    lambda d: d.update(order=[2 ** 64, 2, 3, 4]),
    lambda d: d["count"]["trump_points"].update({k: 1e308 for k in d["count"]["trump_points"]}),
    lambda d: d.update(spread=1e-308),
    lambda d: d["count"].update(plain_ace=0.0, plain_king=0.0),
])
def test_figures_that_overflow_are_refused_in_files_objects_and_over_http(tmp_path, edit, client):
    data = DEFAULT_MODEL.to_dict()
    edit(data)
    path = tmp_path / "m.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ModelError):
        load_model_file(path)
    with pytest.raises(ModelError):
        resolve_model(data)
    r = client.post("/v1/advise", json={**QUESTION, "model": data})
    assert r.status_code == 422 and r.get_json()["type"] == "/problems/invalid-model"


def test_deep_json_and_a_model_object_of_the_wrong_shape_are_clear_errors(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text('{"provenance":' + '{"a":' * 100_000 + '1' + '}' * 100_001)
    with pytest.raises(ModelError, match="nested"):
        load_model_file(path)
    with pytest.raises(ModelError, match="order must hold 4 numbers"):
        resolve_model(BiddingModel(name="s", order=(1, 2)))


def test_two_models_of_one_name_are_told_apart():
    from solver.bidding.named import model_key
    other = vector_model(model_vector(DEFAULT_MODEL) + 0.1, POINT_COUNT, "players-1")
    assert model_key(DEFAULT_MODEL) == "players-1" and model_key(other).startswith("players-1@")
    a = vector_model(model_vector(DEFAULT_MODEL), POINT_COUNT, "club")
    assert model_key(a) != model_key(other) and model_key(a).startswith("club@")


def test_records_of_one_name_in_two_directories_are_two_deals(tmp_path):
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
    (tmp_path / "a" / "g.egn").write_bytes((EGN / "mote-w5-g1.egn").read_bytes())
    (tmp_path / "b" / "g.egn").write_bytes((EGN / "mote-w5-g2.egn").read_bytes())
    both = decisions_from_records([tmp_path / "a", tmp_path / "b"])
    one = decisions_from_records([EGN / "mote-w5-g1.egn", EGN / "mote-w5-g2.egn"])
    assert len(both) == len(one) and len({d.deal_key for d in both}) == len({d.deal_key for d in one})


@pytest.mark.slow
def test_a_plot_ignores_a_malformed_stored_calibration(tmp_path):
    from solver.bidding.group import plot_model
    import dataclasses
    for junk in ("junk", [{"predicted": "a"}], 5, [{"predicted": 0.5, "observed": -5, "n": 3, "interval": [0, 1]}]):
        m = dataclasses.replace(POINT_COUNT, provenance={"calibration": junk, "data": [1]})
        assert plot_model(m, tmp_path / "p.png", deals=200).read_bytes()[:4] == b"\x89PNG"


def test_fit_options_out_of_range_are_refused():
    rows = decisions_from_records([EGN / "mote-w5-g1.egn"])
    for sd in (0.0, 1e-300, float("nan"), 1e9):
        with pytest.raises(ModelError, match="prior_sd"):
            fit_model(rows, prior_sd=sd)
    for k in (0, 1, 99):
        with pytest.raises(ModelError, match="folds"):
            cross_validate(rows, k=k)


def test_a_file_may_not_take_a_shipped_models_name_with_other_figures(tmp_path):
    data = vector_model(model_vector(DEFAULT_MODEL) + 0.1, POINT_COUNT, "players-1").to_dict()
    path = tmp_path / "fake.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ModelError, match="a shipped model's name"):
        load_model_file(path)


def test_a_one_deal_match_writes_json_without_infinities():
    from solver import play_match as match
    d = match("policy", "random", deals=1, seed=1).to_dict()
    assert d["interval"] == [None, None]
    json.dumps(d, allow_nan=False)


@pytest.mark.slow
def test_the_advisor_agent_bids_a_turned_up_joker_by_the_policy():
    from solver import play_match as match
    solver = __import__("solver")
    r = match("advisor", "policy", deals=30, seed=3, rules=solver.Rules(joker=True), method=solver.Method(worlds=10))
    assert r.a_stats["forfeits"] == 0
