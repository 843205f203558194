"""benchmarks/tools/derive_bidding_model.py: its gains against solves by hand, its fits on known curves, its output."""
import importlib.util
import json
import math
import sys
from pathlib import Path

import numpy as np
import pytest

from solver import Position, Rules, solve
from solver.bidding import BEST_RESPONSE, DEFAULT_MODEL
from solver.bidding.model import POINT_COUNT, BiddingModel, load_model
from solver.cards import mask_of, parse_cards

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "tools" / "derive_bidding_model.py"
spec = importlib.util.spec_from_file_location("derive_bidding_model", SCRIPT)
derive = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = derive          # dataclasses look their module up
spec.loader.exec_module(derive)

# N deals; E (left) holds hearts, W (right) spades; the 9 of clubs is turned up.
HANDS = {"N": "Ac Kc Qc Ad Kd", "E": "Jh Ah Kh Qh Th", "S": "Jc Tc Qd Td 9d", "W": "Js As Ks Qs Ts"}
UPCARD = "9c"
SEATS = "NESW"


def one_deal():
    hands = np.array([[mask_of(parse_cards(HANDS[s])) for s in SEATS]], dtype=np.uint32)
    upcard = np.array([int(parse_cards(UPCARD)[0])])
    r1, r2, _ = derive.contract_points(hands, upcard, Rules(), threads=1)
    deals = derive.Deals(Rules(), hands, upcard, np.zeros(1, np.uint32), r1, r2)
    return deals, hands, upcard


def points_by_solve(trump, maker, alone, hands_text):
    """Side NS's points of one contract, from solver.solve on a Position written out by hand."""
    partner = SEATS[(SEATS.index(maker) + 2) % 4]
    deal = " ".join(f"{s}:{'-' if alone and s == partner else hands_text[s]}" for s in SEATS)
    leader = SEATS[(SEATS.index(maker) + 1) % 4] if alone else "E"      # left of the loner / of the dealer N
    if alone and leader == partner:
        leader = SEATS[(SEATS.index(leader) + 1) % 4]
    makers = "NS" if maker in "NS" else "EW"
    result = solve(Position.parse(deal, trump, leader, makers=makers, alone=maker if alone else None))
    (side, pts), = result.points.items()
    return pts if side == "NS" else -pts


def test_round1_contracts_by_hand():
    deals, _, _ = one_deal()
    # N picks up the 9c: Ac Kc Qc 9c Ad Kd keeps its trumps and its ace and, no plain card being alone in its
    # suit but the ace, throws the lowest plain card: the king of diamonds
    after = dict(HANDS, N="Ac Kc Qc 9c Ad")
    for m, maker in enumerate(SEATS):
        assert deals.r1[0, m, 0] == points_by_solve("c", maker, False, after)
        assert deals.r1[0, m, 1] == points_by_solve("c", maker, True, after)


def test_gain_of_the_last_node_equals_the_solves_of_its_contracts():
    """Round 2, the dealer N: a pass throws the hand in (0), a call scores the model's mixture of its
    suits and of alone, each contract solved by hand."""
    deals, hands, upcard = one_deal()
    model = POINT_COUNT
    node = derive.evaluate(model, deals)[-1]
    assert (node.rnd, node.seat, node.place) == (2, 0, 0)
    p_suit, p_alone = model.round2(hands[:, 0], 0, 0)
    expected = 0.0
    for t, letter in enumerate("cdhs"):
        if t == 0:
            continue
        with_p = points_by_solve(letter, "N", False, HANDS)
        lone = points_by_solve(letter, "N", True, HANDS)
        expected += p_suit[0, t] / p_suit[0].sum() * ((1 - p_alone[0, t]) * with_p + p_alone[0, t] * lone)
    assert node.gain(4)[0] == pytest.approx(expected, abs=1e-12)


def test_gain_of_a_pass_counts_the_later_seats_calls():
    """Round 2, W (right of the dealer, side EW): E[call] minus E[N's turn after the pass]."""
    deals, hands, _ = one_deal()
    model = POINT_COUNT
    nodes = derive.evaluate(model, deals)
    node = nodes[-2]
    assert (node.rnd, node.seat, node.place) == (2, 3, 3)

    def call_value(seat, place):
        p_suit, p_alone = model.round2(hands[:, SEATS.index(seat)], place, 0)
        value = 0.0
        for t, letter in enumerate("cdhs"):
            if t:
                value += p_suit[0, t] * ((1 - p_alone[0, t]) * points_by_solve(letter, seat, False, HANDS)
                                         + p_alone[0, t] * points_by_solve(letter, seat, True, HANDS))
        return value, p_suit[0].sum()

    w_value, w_call = call_value("W", 3)
    n_value, _ = call_value("N", 0)
    expected = -(w_value / w_call - n_value)             # EW's gain: NS points with the sign turned
    assert node.gain(4)[0] == pytest.approx(expected, abs=1e-12)


def test_fit_recovers_a_known_logistic():
    rng = np.random.default_rng(3)
    x = rng.uniform(0, 12, 40000)
    y = rng.random(x.size) < 1 / (1 + np.exp(-(x - 6.5) / 0.8))
    t, s = derive.fit_logistic(x, y, np.ones(x.size))
    assert t == pytest.approx(6.5, abs=0.05) and s == pytest.approx(0.8, abs=0.05)
    _, s_fixed = derive.fit_logistic(x, y, np.ones(x.size), t=6.5)
    assert s_fixed == pytest.approx(0.8, abs=0.05)


def test_best_threshold_is_where_the_gain_changes_sign():
    # gain = x - 4.2: the best curve calls from 4.2 on, whatever the spread
    x = np.linspace(0, 10, 2001)
    assert derive.best_threshold(x, x - 4.2, np.ones(x.size), spread=0.5) == pytest.approx(4.2, abs=0.01)


@pytest.mark.slow
def test_quick_run_writes_a_model_with_provenance(tmp_path):
    out = tmp_path / "model.json"
    model = derive.main(["--quick", "--players", "4", "--out", str(out)])
    loaded = BiddingModel.from_dict(json.loads(out.read_text()))
    assert loaded == model == load_model(out)
    prov = loaded.provenance
    assert prov["deals"] == 300 and prov["4-player"]["iterations"] == 1
    assert set(prov["4-player"]["last_change"]) >= {"order/left", "call/dealer", "alone", "spread"}
    assert "not derived" in prov["2-player"]
    assert all(math.isfinite(v) for v in loaded.order + loaded.call)


def test_shipped_model_is_the_derived_one():
    assert BEST_RESPONSE.name == "best-response-1"
    assert BEST_RESPONSE.provenance["4-player"]["converged"]
    # a strong player orders Jh Jd Ah Kh 9s with the 9h up from every seat
    hand = np.uint32(mask_of(parse_cards("Jh Jd Ah Kh 9s")))
    up = int(parse_cards("9h")[0])
    for place in range(4):
        assert BEST_RESPONSE.round1([hand], place, up)[0][0] > 0.95
        assert DEFAULT_MODEL.round1([hand], place, up)[0][0] > 0.9


# -- single dummy: best-response-sd-3 -----------------------------------------------------------------------
def _dd_makers_tricks(trump, maker, alone, hands_text):
    """The makers' double-dummy tricks of one contract, from solver.solve on a Position written out by hand."""
    partner = SEATS[(SEATS.index(maker) + 2) % 4]
    deal = " ".join(f"{s}:{'-' if alone and s == partner else hands_text[s]}" for s in SEATS)
    leader = SEATS[(SEATS.index(maker) + 1) % 4] if alone else "E"
    makers = "NS" if maker in "NS" else "EW"
    return solve(Position.parse(deal, trump, leader, makers=makers, alone=maker if alone else None)).makers_tricks


def test_single_dummy_contract_points_are_the_corrections_expected_points():
    """Round 1, N orders clubs (N then holds Ac Kc Qc 9c Ad): the features counted here by hand, the
    correction's band chances times the band points (euchred -2, made 1, march 2; alone 4)."""
    from solver.advisor.single_dummy import default_model
    hands, upcard = one_deal()[1:]
    r1, r2, _, b1, _ = derive.contract_points(hands, upcard, Rules(), threads=1, valuation="single_dummy",
                                              bands=True)
    after = dict(HANDS, N="Ac Kc Qc 9c Ad")
    sd = default_model()
    band = lambda t: 0 if t < 3 else (1 if t < 5 else 2)     # noqa: E731
    def feats(**f):        # the fit's columns, in its order, from the counts written here
        return np.array([[f[name] for name in sd.features]], float)
    # intercept, alone, ordered_up, makers' trumps (N 4 + S Jc Tc), bowers (Jc), off aces (Ad),
    # defenders' trumps (W's Js, the left bower), makers lead (E leads: no); N's own four trumps (capped
    # at 3), no bower, its Ad, S's two; round 1
    one = dict(intercept=1, alone=0, ordered_up=1, makers_trumps=6, makers_bowers=1, makers_off_aces=1,
               defenders_trumps=1, makers_lead=0, maker_trumps_cap3=3, maker_bowers=0, partner_trumps=2,
               round2_makers_trumps=0, round2_maker_trumps_cap3=0, maker_off_aces=1, maker_two_trumps=0,
               round2_maker_two_trumps=0,
               # the makers' sure tricks: S's Jc is a master; N's Ac Kc Qc 9c under the Jc and W's Js win one of
               # their own at least (four trumps, three higher elsewhere: Jc, Js, Tc); the loner's columns 0
               makers_sure=2, alone_makers_sure=0, alone_makers_trumps=0)
    p = sd.band_probabilities(np.array([band(_dd_makers_tricks("c", "N", False, after))]), feats(**one))[0]
    assert b1[0, 0, 0] == pytest.approx(p, abs=1e-12)
    assert r1[0, 0, 0] == pytest.approx(p @ [-2, 1, 2], abs=1e-12)
    # alone: S sits out (its Jc Tc gone), E still leads (left of the loner)
    # with S out, only W's Js stands above N's trumps: three of the four win (sure 3)
    lone = dict(one, alone=1, makers_trumps=4, makers_bowers=0, partner_trumps=0, makers_sure=3, alone_makers_sure=3,
                alone_makers_trumps=4)
    p = sd.band_probabilities(np.array([band(_dd_makers_tricks("c", "N", True, after))]), feats(**lone))[0]
    assert r1[0, 0, 1] == pytest.approx(p @ [-2, 1, 4], abs=1e-12)
    # E (side EW) names hearts in round 2: five trumps (Jh the right bower; the left, Jd, is in the kitty),
    # W's As the one off ace, N and S no heart, E leads (left of the dealer); EW's points with the sign
    # turned (the table is NS's); E holds all five trumps (capped at 3) and the right bower, no off ace, W none
    two = dict(intercept=1, alone=0, ordered_up=0, makers_trumps=5, makers_bowers=1, makers_off_aces=1,
               defenders_trumps=0, makers_lead=1, maker_trumps_cap3=3, maker_bowers=1, partner_trumps=0,
               round2_makers_trumps=5, round2_maker_trumps_cap3=3, maker_off_aces=0, maker_two_trumps=0,
               round2_maker_two_trumps=0,
               makers_sure=5, alone_makers_sure=0, alone_makers_trumps=0)      # every live trump E's (Jd, 9h kitty)
    feats = feats(**two)
    p = sd.band_probabilities(np.array([band(_dd_makers_tricks("h", "E", False, HANDS))]), feats)[0]
    assert r2[0, 2, 1, 0] == pytest.approx(-(p @ [-2, 1, 2]), abs=1e-12)
    # double dummy stays the earlier figures
    assert np.array_equal(derive.contract_points(hands, upcard, Rules(), threads=1)[0], one_deal()[0].r1)


@pytest.mark.slow
def test_single_dummy_quick_run_records_its_valuation(tmp_path):
    out = tmp_path / "sd.json"
    model = derive.main(["--quick", "--players", "4", "--valuation", "single-dummy", "--out", str(out)])
    assert model.name == "best-response-sd-3" and model.provenance["valuation"] == "single_dummy"
    from solver.advisor.single_dummy import DEFAULT_NAME
    assert model.provenance["single_dummy_model"]["name"] == DEFAULT_NAME
    with pytest.raises(SystemExit, match="four-player"):
        derive.main(["--quick", "--players", "4", "2", "--valuation", "single_dummy", "--out", str(out)])


def test_shipped_single_dummy_model_loads_validates_and_is_named():
    from solver.bidding import BEST_RESPONSE_SD, MODEL_NAMES, resolve_model
    from solver.bidding.model import SD_DATA_PATH
    from solver.bidding.named import load_model_file
    from solver.bidding.named import ALTERNATIVES
    assert "best-response-sd-3" in MODEL_NAMES and resolve_model("best-response-sd-3") is BEST_RESPONSE_SD
    # the advisor's robustness check keeps its three models (the same best response valued another way is not one)
    assert [m.name for m in ALTERNATIVES] == ["players-1", "best-response-1", "point-count"]
    assert load_model_file(SD_DATA_PATH) == BEST_RESPONSE_SD          # the schema and the checks pass
    prov = BEST_RESPONSE_SD.provenance
    assert prov["valuation"] == "single_dummy" and prov["4-player"]["converged"] and prov["deals"] >= 40000
    assert "--valuation single_dummy" in prov["command"]
    # the strong hand is still ordered from every seat
    hand = np.uint32(mask_of(parse_cards("Jh Jd Ah Kh 9s")))
    for place in range(4):
        assert BEST_RESPONSE_SD.round1([hand], place, int(parse_cards("9h")[0]))[0][0] > 0.95
    # round 2, hearts turned down, the dealer's left (first to speak) holding junk (two 9-T pairs, no ace,
    # no bower): double dummy names a suit a quarter of the time, single dummy seldom
    junk = np.array([mask_of(parse_cards("9c Tc 9d Td Qs"))], np.uint32)
    sd_call = BEST_RESPONSE_SD.round2(junk, 1, 2)[0].sum()
    dd_call = BEST_RESPONSE.round2(junk, 1, 2)[0].sum()
    assert sd_call < 0.15 < dd_call


def test_single_dummy_model_by_name_on_the_cli_and_http(capsys):
    from api import create_app
    from solver.cli import main
    args = ["advise", "--hand", "9d Ac Tc Kd Jd", "--upcard", "Kc", "--seat", "N", "--dealer", "S", "--worlds", "60",
            "--seed", "1", "--json", "--model", "best-response-sd-3"]
    assert main(args) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["bidding"]["model"] == "best-response-sd-3"
    client = create_app({"TESTING": True}).test_client()
    r = client.post("/v1/advise", json={"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S",
                                        "worlds": 60, "seed": 1, "model": "best-response-sd-3"})
    assert r.status_code == 200 and r.get_json()["bidding"]["model"] == "best-response-sd-3"
    assert r.get_json() == got
