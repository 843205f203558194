"""The valuations of the advice: ``double_dummy`` (the default) gives the figures of the earlier versions bit for bit
(the golden file: the advice of the commit before valuations existed, same seeds, same bidding model); the
names and bounds are checked; the fitted single-dummy data loads and is a distribution."""
import json
from pathlib import Path

import numpy as np
import pytest

from solver import Rules, advise, advise_play
from solver.advisor.single_dummy import FEATURES, contract_features, default_model
from solver.advisor.valuation import parse_valuation
from solver.errors import RulesError
from solver.game import Hand

GOLDEN = Path(__file__).parent / "data" / "double-dummy-advice-golden.json"


def _play_view():
    h = Hand.from_deal("N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th", upcard="9c", dealer="S")
    for a in ("pass", "order", "discard Ts", "partner"):
        h.apply(a)
    return h.view(h.to_act)


def test_double_dummy_is_the_earlier_advice_bit_for_bit():
    """The golden file is the JSON of the advice before valuations existed (same seeds)."""
    golden = json.loads(GOLDEN.read_text())

    def ungraded(rows):             # each option's grade came later (issue 25): not in the golden file
        return [{k: v for k, v in r.items() if k not in ("grade", "grading")} for r in rows]
    for key, want in golden.items():
        if key == "play":
            p = advise_play(_play_view(), seed=1, worlds=300, valuation="double_dummy").to_dict()
            assert {"cards": ungraded(p["cards"]), "margin": p["margin"], "best": p["best"]} == want
            continue
        hand, up, seat, dealer, rnd, seed = key.split("|")
        d = advise(hand, up, seat, dealer, int(rnd), worlds=600, seed=int(seed), valuation="double_dummy").to_dict()
        assert d["valuation"] == "double_dummy" and d["method"]["play"] == "double dummy"
        assert {"options": ungraded(d["options"]), "margin": d["margin"], "recommended": d["recommended"],
                "variants": d["variants"]} == want


def test_double_dummy_is_the_default_and_single_dummy_is_named_when_asked():
    a = advise("9h 9s Ts Jc Qh", "Ks", "E", "N", 2, worlds=200, seed=1)
    assert a.valuation == a.to_dict()["valuation"] == "double_dummy"
    assert a.to_dict() == advise("9h 9s Ts Jc Qh", "Ks", "E", "N", 2, worlds=200, seed=1,
                                 valuation="double_dummy").to_dict()
    a = advise("9h 9s Ts Jc Qh", "Ks", "E", "N", 2, worlds=200, seed=1, valuation="single_dummy")
    d = a.to_dict()
    assert a.valuation == d["valuation"] == "single_dummy"
    assert "single dummy" in d["method"]["play"] and "single dummy" in str(a)
    assert advise_play(_play_view(), seed=1, worlds=100).valuation == "double_dummy"
    p = advise_play(_play_view(), seed=1, worlds=100, valuation="single-dummy")
    assert p.valuation == p.to_dict()["valuation"] == "single_dummy" and "single dummy" in str(p)


def test_two_player_and_dummy_hands_default_to_double_dummy():
    assert parse_valuation(None, Rules(players=2)) == "double_dummy"
    with pytest.raises(RulesError, match="four-player"):
        parse_valuation("single_dummy", Rules(players=2))
    with pytest.raises(RulesError, match="joker"):
        parse_valuation("single_dummy", Rules(joker=True))
    with pytest.raises(RulesError, match="four-player"):
        parse_valuation("playout", Rules(players=2))
    assert parse_valuation("playout", Rules(stick_the_dealer=True)) == "playout"


@pytest.mark.parametrize("bad", ["triple", "", None.__class__, 1.5])
def test_unknown_valuations_are_named(bad):
    with pytest.raises(RulesError, match="valuation"):
        advise("9h 9s Ts Jc Qh", "Ks", "E", "N", 2, worlds=20, seed=1, valuation=bad)


@pytest.mark.parametrize("inner", [0, -1, 1001, True, "20"])
def test_inner_worlds_out_of_range_is_named(inner):
    with pytest.raises(RulesError, match="inner_worlds"):
        advise("9h 9s Ts Jc Qh", "Ks", "E", "N", 2, worlds=20, seed=1, valuation="playout", inner_worlds=inner)


def test_the_fitted_data_is_a_distribution_with_provenance():
    m = default_model()
    assert m.coefficients.shape == (3, 3, len(FEATURES)) and np.allclose(m.coefficients[:, 0], 0)
    assert np.allclose(m.tricks.sum(axis=3), 1) and (m.tricks >= 0).all()
    assert m.provenance["deals"] > 0 and m.provenance["held_out_error"]
    x = contract_features(np.array([[0b111, 0, 0, 0]], dtype=np.uint32), 0, 0, False, True, 1)
    p = m.band_probabilities(np.array([1]), x)
    assert p.shape == (1, 3) and np.isclose(p.sum(), 1)


def test_contract_features_count_by_hand():
    # clubs trump: N holds Jc (right) Js (left) Ac Kc 9h; S holds Ad As Qc; E holds 9c Tc; W nothing of note
    from solver.cards import mask_of, parse_cards
    hands = np.array([[mask_of(parse_cards(x)) for x in ("Jc Js Ac Kc 9h", "9c Tc 9d Td Qd", "Ad As Qc Th Jh",
                                                         "Kd Kh Qh 9s Ts")]], dtype=np.uint32)
    f = dict(zip(FEATURES, contract_features(hands, 0, 0, False, False, 1)[0]))
    assert f == {"intercept": 1, "alone": 0, "ordered_up": 0, "makers_trumps": 5, "makers_bowers": 2,
                 "makers_off_aces": 2, "defenders_trumps": 2, "makers_lead": 0}


# -- the front doors: CLI and HTTP ------------------------------------------------------------------------
ADVISE = {"hand": "9h 9s Ts Jc Qh", "upcard": "Ks", "seat": "E", "dealer": "N", "round": 2, "worlds": 100, "seed": 1}


@pytest.fixture(scope="module")
def client():
    from api import create_app
    return create_app({"TESTING": True}).test_client()


@pytest.mark.parametrize("valuation", ["double_dummy", "single_dummy"])
def test_http_valuation_is_the_library_answer(client, valuation):
    got = client.post("/v1/advise", json={**ADVISE, "valuation": valuation})
    assert got.status_code == 200, got.get_json()
    want = advise(ADVISE["hand"], ADVISE["upcard"], "E", "N", 2, worlds=100, seed=1, valuation=valuation)
    assert got.get_json() == json.loads(json.dumps(want.to_dict()))
    assert got.get_json()["valuation"] == valuation


@pytest.mark.parametrize("extra", [{"valuation": "triple_dummy"}, {"valuation": 3},
                                   {"valuation": "playout", "inner_worlds": 0},
                                   {"valuation": "playout", "inner_worlds": 5000}])
def test_http_bad_valuation_is_422_problem(client, extra):
    got = client.post("/v1/advise", json={**ADVISE, **extra})
    assert got.status_code == 422 and got.content_type.startswith("application/problem+json")
    assert ("valuation" if "inner_worlds" not in extra else "inner_worlds") in json.dumps(got.get_json())


def test_http_playout_work_is_bounded(client):
    got = client.post("/v1/play", json={"seat": "W", "hand": "Jh Jd As", "dealer": "S", "upcard": "9s",
                                        "calls": "Pass Pass Pass Pass h", "tricks": "Ah 9h Th Qh; Ac 9c 9d Ts",
                                        "worlds": 2000, "inner_worlds": 100, "valuation": "playout"})
    assert got.status_code >= 400 and "inner_worlds" in got.get_json()["detail"]


def test_http_variant_without_the_table_is_a_problem(client):
    got = client.post("/v1/advise", json={**ADVISE, "seat": "N", "dealer": "S", "valuation": "single_dummy",
                                          "rules": {"players": 2}})
    assert got.status_code == 422 and "four-player" in got.get_json()["detail"]


def test_openapi_documents_the_valuation(client):
    doc = client.get("/openapi.json").get_json()
    for name in ("AdviseRequest", "PlayRequest"):
        text = json.dumps(doc["components"]["schemas"][name])
        assert "valuation" in text and "single_dummy" in text and "inner_worlds" in text


def test_cli_valuation(capsys):
    from solver.cli import main
    args = ["advise", "--hand", ADVISE["hand"], "--upcard", "Ks", "--seat", "E", "--dealer", "N", "--round", "2",
            "--worlds", "100", "--seed", "1", "--json"]
    for flag, name in (("double-dummy", "double_dummy"), ("single-dummy", "single_dummy")):
        assert main(args + ["--valuation", flag]) == 0
        got = json.loads(capsys.readouterr().out)
        want = advise(ADVISE["hand"], "Ks", "E", "N", 2, worlds=100, seed=1, valuation=name).to_dict()
        assert got == json.loads(json.dumps(want))
    with pytest.raises(SystemExit) as exc:
        main(args + ["--valuation", "triple"])
    assert exc.value.code == 2 and "triple" in capsys.readouterr().err


def test_match_advisor_agent_takes_a_valuation():
    from solver.match.agents import make_agent
    assert make_agent("advisor:double-dummy").valuation == "double_dummy"
    assert make_agent("advisor").valuation is None
    assert make_agent("advisor:single-dummy:best-response-1").model.name == "best-response-1"
    with pytest.raises(RulesError, match="not a model name"):       # neither a valuation nor a model
        make_agent("advisor:triple")


@pytest.mark.slow
def test_the_fitted_model_stays_near_direct_playouts_on_unseen_deals():
    """Contracts on deals the fit never saw (deal_of seed 99), played out directly at the fit's inner worlds:
    the model's mean expected points of the makers stands within 3.3 standard errors of the playouts' mean
    (a paired z test at 99.9%), and nearer them than ``0.25`` points a deal."""
    from solver import dd
    from solver.advisor.playout import contract_hand, play_out
    from solver.bidding import dealer_discard
    from solver.match.duplicate import deal_of
    m = default_model()
    rules = Rules()
    rng = np.random.default_rng(99)
    diffs = []
    for i in range(120):
        cards, dealer = deal_of(99, i, rules)
        d, up = int(dealer), int(cards.upcard)
        maker, alone = int(rng.integers(4)), bool(rng.random() < 0.2)
        trump = up % 4
        six = np.array([cards.hands[d] | (1 << up)], dtype=np.uint32)
        h = contract_hand(cards.hands, cards.kitty, up, d, rules, trump, maker, alone,
                          int(dealer_discard(six, trump, None)[0]))
        hands = np.array([[h.holding(s) if s in h.seats_in_play else 0 for s in range(4)]], dtype=np.uint32)
        x = contract_features(hands, trump, maker % 2, alone, True, int(h.leader))
        t = int(dd.solve(h.position()).makers_tricks)
        band = 0 if t < 3 else 1 if t < 5 else 2
        p = m.band_probabilities(np.array([band]), x)[0]
        fitted = p @ np.array([-2.0, 1.0, 4.0 if alone else 2.0])
        played = play_out(h, m.inner_worlds, seed=i).result
        pts = played.points[played.makers] - played.points[1 - played.makers]
        diffs.append(fitted - pts)
    d = np.array(diffs)
    se = d.std(ddof=1) / np.sqrt(d.size)
    assert abs(d.mean()) < max(3.3 * se, 0.02) and abs(d.mean()) < 0.25, (d.mean(), se)


def test_playout_never_enumerates_more_worlds_than_asked():
    # late in a hand the worlds could be counted (thousands); a playout plays only the ones asked for
    from solver import seat_view
    view = seat_view(seat="S", hand="Jh Qs Kh", dealer="N", upcard="Ac", calls="Order",
                     tricks="Jc Td Qc Ac; Tc Ks Js Kc; 9d Ad 9c")
    p = advise_play(view, worlds=10, seed=1, valuation="playout")
    assert p.worlds <= 10
    assert advise_play(view, worlds=10, seed=1).exact          # the double-dummy advice does count them all


@pytest.mark.slow
def test_playout_under_canadian_loners_lets_the_partner_go_alone():
    a = advise("9d Ac Tc Kd Jd", "Kc", "E", "S", 1, rules=Rules(canadian=True), worlds=10, seed=1,
               valuation="playout")
    assert a.valuation == "playout" and {o.call for o in a.options} >= {"pass", "order"}
