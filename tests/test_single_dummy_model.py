"""The single-dummy fits: v2's and v3's features of the maker's own hand against a slow reference that reads
card names, the shipped v3, v2 and v1 data load and validate, the advisor's engine values each call with the
calling seat's own hand, and bad data or names are refused by name."""
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from solver import Method, Rules
from solver.advisor.single_dummy import (DEFAULT_NAME, FEATURES, FEATURES_V2, FEATURES_V3, FEATURES_V5, NAMES,
                                         SingleDummyModel,
                                         contract_features, default_model, load_model)
from solver.cards import format_cards, mask_of, parse_cards
from solver.errors import ModelError
from conftest import bid_advice

DATA = Path(__file__).resolve().parents[1] / "solver" / "data"
SUITS = "cdhs"
SISTER = {"c": "s", "s": "c", "d": "h", "h": "d"}


def reference_sure(hand_texts, trump: str, seats) -> int:
    """The sure tricks of ``seats`` at the first lead, from card names: of a seat's ``j`` highest trumps, with
    ``k`` trumps held elsewhere above its ``j``-th, at least ``j - k`` win tricks of their own; a seat's count is
    the most of ``j - k`` (0 at least), and partners' counts add up (a winner beats its partner's card)."""
    order = ["J" + trump, "J" + SISTER[trump]] + [r + trump for r in "AKQT9"]      # highest first
    total = 0
    for seat in seats:
        mine = set(hand_texts[seat].split()) if hand_texts[seat] else set()
        elsewhere = {c for s in range(4) if s != seat and hand_texts[s] for c in hand_texts[s].split()}
        best, j = 0, 0
        for pos, card in enumerate(order):
            if card in mine:
                j += 1
                k = sum(c in elsewhere for c in order[:pos])
                best = max(best, j - k)
        total += best
    return total


def reference_features(hand_texts, trump: str, maker: int, alone: bool, ordered_up: bool, leader: int) -> dict:
    """Every v5 feature counted from card names: a trump is a card of the trump suit or the jack of its
    sister suit (the left bower); the bowers are the two jacks of the trump's colour; the sure tricks as
    :func:`reference_sure` counts them."""
    def cards(seat):
        return hand_texts[seat].split() if hand_texts[seat] else []

    def is_trump(c):
        return c[1] == trump or c == "J" + SISTER[trump]

    def trumps(cs):
        return sum(is_trump(c) for c in cs)

    side = maker % 2
    makers = cards(side) + cards(side + 2)
    defenders = cards(1 - side) + cards(3 - side)
    bowers = {"J" + trump, "J" + SISTER[trump]}
    own = cards(maker)
    return {"intercept": 1, "alone": int(alone), "ordered_up": int(ordered_up),
            "makers_trumps": trumps(makers), "makers_bowers": sum(c in bowers for c in makers),
            "makers_off_aces": sum(c[0] == "A" and c[1] != trump for c in makers),
            "defenders_trumps": trumps(defenders), "makers_lead": int(leader % 2 == side),
            "maker_trumps_cap3": min(trumps(own), 3), "maker_bowers": sum(c in bowers for c in own),
            "partner_trumps": trumps(cards((maker + 2) % 4)),
            "round2_makers_trumps": 0 if ordered_up else trumps(makers),
            "round2_maker_trumps_cap3": 0 if ordered_up else min(trumps(own), 3),
            "maker_off_aces": sum(c[0] == "A" and c[1] != trump for c in own),
            "maker_two_trumps": int(trumps(own) == 2),
            "round2_maker_two_trumps": 0 if ordered_up else int(trumps(own) == 2),
            "makers_sure": reference_sure(hand_texts, trump, (side, side + 2)),
            "alone_makers_sure": int(alone) * reference_sure(hand_texts, trump, (side, side + 2)),
            "alone_makers_trumps": int(alone) * trumps(makers)}


def test_features_of_one_deal_by_hand():
    # hearts trump, W calls in round 2: W Jh Jd Ah 9c Tc (three trumps, both bowers), E Kh 9h As Ks Qs (the
    # one off ace)
    texts = ["Ac Kc Qc Ad Kd", "Kh 9h As Ks Qs", "Jc Tc Qd Td 9d", "Jh Jd Ah 9c Tc"]
    hands = np.array([[mask_of(parse_cards(t)) for t in texts]], dtype=np.uint32)
    f = dict(zip(FEATURES_V2, contract_features(hands, SUITS.index("h"), 3, False, False, 0, FEATURES_V2)[0]))
    assert f == {"intercept": 1, "alone": 0, "ordered_up": 0, "makers_trumps": 5, "makers_bowers": 2,
                 "makers_off_aces": 1, "defenders_trumps": 0, "makers_lead": 0, "maker_trumps_cap3": 3,
                 "maker_bowers": 2, "partner_trumps": 2, "round2_makers_trumps": 5,
                 "round2_maker_trumps_cap3": 3, "maker_off_aces": 0}
    # the same cards with E the caller: its own two trumps and no bower, W's three as the partner's
    f = dict(zip(FEATURES_V3, contract_features(hands, SUITS.index("h"), 1, False, False, 0, FEATURES_V3)[0]))
    assert (f["maker_trumps_cap3"], f["maker_bowers"], f["partner_trumps"]) == (2, 0, 3)
    assert (f["maker_two_trumps"], f["round2_maker_two_trumps"]) == (1, 1)      # v3: two trumps, round 2
    f = dict(zip(FEATURES_V3, contract_features(hands, SUITS.index("h"), 1, False, True, 0, FEATURES_V3)[0]))
    assert (f["maker_two_trumps"], f["round2_maker_two_trumps"]) == (1, 0)      # ordered up: round 1
    # v1's columns are the first eight of v2's, unchanged
    assert np.array_equal(contract_features(hands, 2, 3, False, False, 0),
                          contract_features(hands, 2, 3, False, False, 0, FEATURES_V2)[:, :len(FEATURES)])


@settings(max_examples=200, deadline=None)
@given(st.permutations(range(24)), st.integers(0, 3), st.integers(0, 3), st.booleans(), st.booleans(),
       st.integers(0, 3))
def test_features_match_the_reference_on_random_deals(order, trump, maker, alone, ordered_up, leader):
    hands = [sum(1 << c for c in order[5 * s:5 * s + 5]) for s in range(4)]
    if alone:
        hands[(maker + 2) % 4] = 0               # the loner's partner sits out
    texts = [format_cards(h) if h else "" for h in hands]
    got = contract_features(np.array([hands], dtype=np.uint32), trump, maker, alone, ordered_up, leader,
                            FEATURES_V5)[0]
    assert dict(zip(FEATURES_V5, got)) == reference_features(texts, SUITS[trump], maker, alone, ordered_up, leader)


def test_sure_trick_features_of_hand_counted_deals():
    # hearts trump; W holds the three top trumps (right, left, ace): three sure tricks whoever else holds what
    texts = ["Ac Kc Qc Ad Kd", "Kh 9h As Ks Qs", "Jc Tc Qd Td 9d", "Jh Jd Ah 9c Tc"]
    hands = np.array([[mask_of(parse_cards(t)) for t in texts]], dtype=np.uint32)
    f = dict(zip(FEATURES_V5, contract_features(hands, SUITS.index("h"), 3, True, True, 0, FEATURES_V5)[0]))
    assert (f["makers_sure"], f["alone_makers_sure"], f["alone_makers_trumps"]) == (3, 3, 5)
    # N calls: N-S hold no trump, no sure trick; with partner, the loner columns are 0
    f = dict(zip(FEATURES_V5, contract_features(hands, SUITS.index("h"), 0, False, True, 0, FEATURES_V5)[0]))
    assert (f["makers_sure"], f["alone_makers_sure"], f["alone_makers_trumps"]) == (0, 0, 0)
    # W's left bower, ace and king under the right bower elsewhere: two sure tricks (three trumps, one higher
    # elsewhere); the right bower in partner E's hand one more
    texts = ["Ac Kc Qc Ad Kd", "Jh 9h As Ks Qs", "Jc Tc Qd Td 9d", "Kh Jd Ah 9c Tc"]
    hands = np.array([[mask_of(parse_cards(t)) for t in texts]], dtype=np.uint32)
    f = dict(zip(FEATURES_V5, contract_features(hands, SUITS.index("h"), 3, False, True, 0, FEATURES_V5)[0]))
    assert f["makers_sure"] == 3
    f = dict(zip(FEATURES_V5, contract_features(hands, SUITS.index("h"), 3, True, True, 0, FEATURES_V5)[0]))
    assert f["alone_makers_sure"] == 3


def test_unknown_feature_is_named():
    with pytest.raises(ModelError, match="shoe_size"):
        contract_features(np.zeros((1, 4), np.uint32), 0, 0, False, True, 1, ("intercept", "shoe_size"))


@pytest.mark.parametrize("name, features", [("single-dummy-v1", FEATURES), ("single-dummy-v2", FEATURES_V2),
                                            ("single-dummy-v3", FEATURES_V3), ("single-dummy-v4", FEATURES_V3),
                                            ("single-dummy-v5", FEATURES_V5)])
def test_each_shipped_fit_loads_validates_and_carries_its_provenance(name, features):
    m = load_model(name)
    assert m.name == name and m.features == features and name in NAMES
    assert m.coefficients.shape == (3, 3, len(features)) and np.allclose(m.coefficients[:, 0], 0)
    assert np.allclose(m.tricks.sum(axis=3), 1) and (m.tricks >= 0).all()
    prov = m.provenance
    assert prov["command"].startswith("python3 benchmarks/tools/derive_single_dummy.py") or name.endswith("v1")
    assert prov["date"] and "commit" in prov
    if name.endswith("v3"):      # fitted on the advisor's questions alone, v2's trick table carried over
        assert prov["deals"] == 0 and prov["trick_table_from"] == "single-dummy-v2"
        assert m.tricks.tolist() == load_model("single-dummy-v2").tricks.tolist()
        assert prov["questions"]["per_class"] >= 250 and prov["questions"]["held_out_error"]
    else:
        assert prov["deals"] > 0 and prov["held_out_error"]
    x = m.contract_features(np.array([[0b111, 0, 0, 0]], dtype=np.uint32), 0, 0, False, True, 1)
    p = m.band_probabilities(np.array([1]), x)
    # the chances are the softmax of the coefficients times the features, as the data says
    z = m.coefficients[1] @ x[0]
    assert p.shape == (1, 3) and np.allclose(p[0], np.exp(z) / np.exp(z).sum())


def test_v6_is_the_default_and_v3s_held_out_error_is_by_the_studys_classes():
    assert default_model().name == DEFAULT_NAME == "single-dummy-v6" and default_model().needs_maker
    m = load_model("single-dummy-v3")
    assert m.needs_maker and not load_model("single-dummy-v1").needs_maker
    classes = {r["class"] for r in load_model("single-dummy-v2").provenance["held_out_error"]}
    assert {"1 trump or none, round 1", "2 trumps, round 2", "3+ trumps, round 2", "loners"} <= classes
    q = {r["class"]: r for r in m.provenance["questions"]["held_out_error"]}
    assert {"2 trumps, round 1", "3+ trumps, round 2", "loners"} <= set(q)
    # the held-out questions of every class stand within 0.05 points of their playouts
    assert all(abs(r["flattery_after"][0]) < 0.05 for r in q.values()), q
    # the penalty was chosen on the held-out part: the candidates and their log-likelihoods are recorded
    for name in ("single-dummy-v2", "single-dummy-v3"):
        band = json.loads((DATA / f"{name}.json").read_text())["band_model"]
        assert band["l2"] in [c[0] for c in band["l2_candidates"]]
        assert band["held_out_log_likelihood"] == max(c[1] for c in band["l2_candidates"])


def test_bad_names_and_data_are_refused_by_name():
    with pytest.raises(ModelError, match="single-dummy-v9"):
        load_model("single-dummy-v9")
    d = json.loads((DATA / "single-dummy-v2.json").read_text())
    d["band_model"]["features"] = d["band_model"]["features"][:-1] + ["shoe_size"]
    with pytest.raises(ModelError, match="shoe_size"):
        SingleDummyModel.from_dict(d)
    d = json.loads((DATA / "single-dummy-v2.json").read_text())
    d["band_model"]["coefficients"] = d["band_model"]["coefficients"][:2]
    with pytest.raises(ModelError, match="shapes"):
        SingleDummyModel.from_dict(d)
    with pytest.raises(ModelError, match="not a single-dummy fit"):
        SingleDummyModel.from_dict({"name": "x"})


def test_the_engine_values_a_call_with_the_calling_seats_own_hand():
    """The advisor's engine, single dummy: each world's band is drawn from the model's chances given the
    world's double-dummy band and the features of the seat that called, with the world's own uniform, within
    the bands the world's cards allow; N and
    S calling the same suit are valued apart (their own hands differ), and each matches the draw computed
    here from the model directly."""
    from solver.advisor.engine import BAND_TRICKS, Engine
    from solver.advisor.single_dummy import band_bounds, band_index
    worlds = bid_advice("Jh Jd Ah 9c Tc", "Ks", "N", "W", 2, worlds=200, seed=3, calls=["call h"],
                    valuation="double_dummy", robust_delta=None).drawn
    eng = Engine(worlds, 0, 3, mask_of(parse_cards("Ks")).bit_length() - 1, Rules(), 1, valuation="single_dummy",
                 seed=5)
    config = eng.config(SUITS.index("h"), -1, None)
    rows = np.arange(eng.n)
    dd = eng.dd_tricks(config, 0, rows)
    hands = eng._play_hands(config, rows)
    leader = eng._setup(config)[0]
    m = eng.sd_model
    got = {}
    for maker in (0, 2):
        x = m.contract_features(hands, 2, maker, False, False, leader)
        want = BAND_TRICKS[m.draw_bands(band_index(dd), x, eng.sd_uniform, band_bounds(hands, 2, 0))]
        got[maker] = eng.makers_tricks(config, 0, rows, maker)
        assert np.array_equal(got[maker], want)
    assert not np.array_equal(got[0], got[2])
    # the v1 fit does not look at who called: one value for the side (the earlier behaviour)
    eng.sd_model, eng.sd_cache = load_model("single-dummy-v1"), {}
    assert np.array_equal(eng.makers_tricks(config, 0, rows, 0), eng.makers_tricks(config, 0, rows, 2))


# -- the tricks no play can lose: bounds of the card-advice table ---------------------------------------------------
def every_play_range(hands, trump, leader, played, active):
    """(least, most) tricks side 0 (N-S) takes from here over every legal continuation by every seat (not
    minimax: each seat any legal card), counting the trick in progress: the slow reference of sure_tricks."""
    from reference import _next_seat, legal_cards, trick_winner
    if len(played) == len(active):
        winner = _next_seat(active, leader, trick_winner(played, trump))
        won = int(winner in "NS")
        if not hands[winner]:
            return won, won
        lo, hi = every_play_range(hands, trump, winner, (), active)
        return won + lo, won + hi
    mover = _next_seat(active, leader, len(played))
    ranges = [every_play_range({**hands, mover: tuple(c for c in hands[mover] if c != card)}, trump, leader,
                               played + (card,), active)
              for card in legal_cards(hands[mover], trump, played[0] if played else None)]
    return min(r[0] for r in ranges), max(r[1] for r in ranges)


def _bits(cards):
    return mask_of(parse_cards(" ".join(cards))) if cards else 0


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9), st.integers(1, 3), st.booleans(), st.sampled_from([None, "N", "E"]))
def test_sure_tricks_hold_whatever_anyone_plays(seed, left, mid_trick, alone):
    import random
    import reference
    from solver.advisor.single_dummy import sure_tricks
    p = reference.random_position(random.Random(seed), tricks_left=left, mid_trick=mid_trick, alone=alone)
    hands = {s: None if cards is None else tuple(cards) for s, cards in reference.parse_vector_deal(p["deal"]).items()}
    active = tuple(s for s in "NESW" if hands.get(s) is not None)
    played = tuple(p["played"].split())
    least, most = every_play_range({s: hands[s] for s in active}, p["trump"], p["leader"], played, active)
    seats = [reference._next_seat(active, p["leader"], k) for k in range(len(played))]
    got = sure_tricks(np.array([[_bits(hands[s]) if hands.get(s) else 0 for s in "NESW"]], dtype=np.uint32),
                      SUITS.index(p["trump"]), [int(parse_cards(c)[0]) for c in played],
                      ["NESW".index(s) for s in seats], tuple("NESW".index(s) for s in active))[0]
    total = left
    assert got[0] <= least and got[1] <= total - most, (p, got, least, most)


def test_sure_tricks_count_the_master_trumps_and_the_trick_won_on_the_table():
    from solver.advisor.single_dummy import sure_tricks
    idx = lambda c: int(parse_cards(c)[0])            # noqa: E731
    # hearts trump, W holds both bowers: two sure tricks for E-W; N's Ah is no master while they are out
    hands = np.array([[_bits(["Ah", "Kc"]), _bits(["9d", "Td"]), _bits(["Qs", "Ks"]), _bits(["Jh", "Jd"])]],
                     dtype=np.uint32)
    assert sure_tricks(hands, SUITS.index("h")).tolist() == [[0, 2]]
    # N has led the Ah, the bowers already gone: nobody to play holds a higher trump, the trick is N-S's
    hands = np.array([[_bits(["Kc"]), _bits(["9d"]), _bits(["Qs"]), _bits(["Ts"])]], dtype=np.uint32)
    assert sure_tricks(hands, SUITS.index("h"), [idx("Ah")], [0]).tolist() == [[1, 0]]
    # the same with E holding the Kh (lower) and W the Jh (higher): not sure; W's right bower a master of its own
    hands = np.array([[_bits(["Kc"]), _bits(["Kh"]), _bits(["Qs"]), _bits(["Jh"])]], dtype=np.uint32)
    assert sure_tricks(hands, SUITS.index("h"), [idx("Ah")], [0]).tolist() == [[0, 1]]
    # N's Jh led, S's left bower no master while it is on the table (S may have to follow with it): one trick
    hands = np.array([[_bits(["Kc"]), _bits(["9c", "Tc"]), _bits(["Jd", "Qs"]), _bits(["9s", "Ts"])]],
                     dtype=np.uint32)
    assert sure_tricks(hands, SUITS.index("h"), [idx("Jh")], [0]).tolist() == [[1, 0]]
    # after it (the trick done) the left bower is S's master: a trick of its own
    hands = np.array([[_bits(["Kc"]), _bits(["9c"]), _bits(["Jd"]), _bits(["9s"])]], dtype=np.uint32)
    assert sure_tricks(hands, SUITS.index("h")).tolist() == [[1, 0]]


def test_single_dummy_play_advice_puts_no_weight_on_a_sure_make():
    """W named hearts, holds both bowers and its side has a trick: every card makes, whatever the table does
    (the fitted trick table alone gave Ac and As a chance of being euchred)."""
    from solver import advise_play, seat_view
    view = seat_view(seat="W", hand="Jh Jd As Ac", dealer="S", upcard="9s", calls="Pass Pass Pass Pass h",
                     tricks="Ah 9h Th Qh")
    a = advise_play(view, Method(worlds=200, seed=1))
    assert a.valuation == "single_dummy"
    assert all(c.p_euchred == 0 for c in a.cards), [(str(c.card), c.p_euchred) for c in a.cards]


@pytest.mark.parametrize("name", ["single-dummy-v1", "single-dummy-v2", "single-dummy-v3", "single-dummy-v5",
                                  "single-dummy-v6"])
def test_the_engines_features_are_contract_features_bit_for_bit(name):
    """The engine counts each configuration's hands once and turns the counts into a call's features by a 0/1
    matrix (feature_weights); for every fit, configuration (round 1 picked up, alone, round 2) and calling
    seat the result equals contract_features of the same hands in play, value for value."""
    from solver.advisor.engine import Engine
    worlds = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=300, seed=4, calls=["pass"], valuation="double_dummy",
                    robust_delta=None).drawn
    eng = Engine(worlds, 0, 2, mask_of(parse_cards("Kc")).bit_length() - 1, Rules(), 1, valuation="single_dummy", seed=1)
    eng.sd_model = load_model(name)
    rows = np.arange(3, eng.n, 7)
    for trump, alone, pickup in ((0, -1, "h"), (0, 1, "h"), (0, 0, "h"), (2, -1, None), (3, 3, None)):
        config = eng.config(trump, alone, pickup)
        hands = eng._play_hands(config, rows)
        for maker in ((alone,) if alone >= 0 else (0, 1, 2, 3)):
            want = contract_features(hands, trump, maker, alone >= 0, trump == 0, eng._setup(config)[0],
                                     eng.sd_model.features)
            got = eng._features(config, maker, rows)
            assert got.dtype == want.dtype and np.array_equal(got, want)
            assert np.array_equal(np.signbit(got), np.signbit(want))


@pytest.mark.parametrize("name", ["single-dummy-v1", "single-dummy-v3", "single-dummy-v6"])
def test_draw_each_band_is_draw_bands_under_each_band(name):
    """Column b of draw_each_band is draw_bands with every world's double-dummy band b, value for value, with and
    without bounds (the engine skips a search where the columns the cards allow agree, so they must be the draws
    a search would have led to)."""
    m = load_model(name)
    rng = np.random.default_rng(11)
    n = 500
    deal = np.argsort(rng.random((n, 24)), axis=1)
    hands = np.zeros((n, 4), dtype=np.uint32)
    for seat in range(4):
        for j in range(5):
            hands[:, seat] |= (np.uint32(1) << deal[:, 5 * seat + j].astype(np.uint32))
    x = m.contract_features(hands, 1, 2, False, True, 3)
    if m.alone_coefficients is not None:          # a composite: half the rows a loner's, each its own set
        lone = hands[::2].copy()
        lone[:, 0] = 0                            # the loner's partner (N, of maker S) sits out
        x[::2] = m.contract_features(lone, 1, 2, True, True, 3)
    u = rng.random(n)
    low = rng.integers(0, 2, n)
    high = np.maximum(low, rng.integers(1, 3, n))
    for bounds in (None, (low, high)):
        each = m.draw_each_band(x, u, bounds)
        assert each.shape == (n, 3)
        for b in range(3):
            assert np.array_equal(each[:, b], m.draw_bands(np.full(n, b), x, u, bounds))
    assert len({tuple(col) for col in each.T}) == 3          # the bands do draw differently somewhere


def _random_hands(n: int, seed: int) -> np.ndarray:
    """uint32 (n, 4): n random deals of 24 cards, five to a seat."""
    deal = np.argsort(np.random.default_rng(seed).random((n, 24)), axis=1)
    hands = np.zeros((n, 4), dtype=np.uint32)
    for seat in range(4):
        for j in range(5):
            hands[:, seat] |= (np.uint32(1) << deal[:, 5 * seat + j].astype(np.uint32))
    return hands


@pytest.mark.parametrize("ordered_up", [True, False])
def test_the_composite_values_partner_contracts_as_v3_and_loners_as_v5(ordered_up):
    """single-dummy-v6 is v3 for a contract with partner and v5 for a loner: on random deals, every double-dummy
    band, the chances of each single-dummy band equal those the source fit gives on its own features; in one
    call of mixed rows each row takes its own kind's set."""
    v3, v5, v6 = (load_model(f"single-dummy-v{k}") for k in (3, 5, 6))
    assert v6.features == FEATURES_V5 and v6.alone_coefficients is not None
    assert v3.alone_coefficients is None
    assert v6.provenance["composed_of"] == {"partner": v3.name, "alone": v5.name, "trick_table": v3.name}
    hands = _random_hands(400, 5)
    maker, trump = 1, 2
    lone = hands.copy()
    lone[:, (maker + 2) % 4] = 0
    band = np.random.default_rng(6).integers(0, 3, 400)
    for source, h, alone in ((v3, hands, False), (v5, lone, True)):
        want = source.band_probabilities(band, source.contract_features(h, trump, maker, alone, ordered_up, 0))
        got = v6.band_probabilities(band, v6.contract_features(h, trump, maker, alone, ordered_up, 0))
        assert np.allclose(got, want, rtol=0, atol=1e-12)
    mixed = np.where((np.arange(400) % 3 == 0)[:, None], lone, hands)
    x = np.concatenate([v6.contract_features(mixed[k:k + 1], trump, maker, k % 3 == 0, ordered_up, 0)
                        for k in range(400)])
    one_by_one = np.concatenate([v6.band_probabilities(band[k:k + 1], x[k:k + 1]) for k in range(400)])
    assert np.allclose(v6.band_probabilities(band, x), one_by_one, rtol=0, atol=1e-12)
    # the two kinds do differ: a loner under v6 is not valued by v3's coefficients
    x_lone = v6.contract_features(lone, trump, maker, True, ordered_up, 0)
    assert not np.allclose(v6.band_probabilities(band, x_lone),
                           v3.band_probabilities(band, v3.contract_features(lone, trump, maker, True, ordered_up, 0)))


def test_the_composite_is_what_its_tool_writes():
    """The shipped v6 data is what benchmarks/tools/compose_single_dummy.py composes from v3 and v5 (the band
    model and the card table; the provenance names both and their own provenance)."""
    from conftest import benchmark_module
    tool = benchmark_module("tools/compose_single_dummy.py")
    shipped = json.loads((DATA / "single-dummy-v6.json").read_text())
    made = json.loads(json.dumps(tool.compose("single-dummy-v3", "single-dummy-v5", "single-dummy-v6")))
    assert made["band_model"] == shipped["band_model"] and made["trick_table"] == shipped["trick_table"]
    prov = shipped["provenance"]
    assert prov["composed_of"] == {"partner": "single-dummy-v3", "alone": "single-dummy-v5",
                                   "trick_table": "single-dummy-v3"}
    assert prov["command"].startswith("python3 benchmarks/tools/compose_single_dummy.py") and prov["commit"]
    assert load_model("single-dummy-v6").tricks.tolist() == load_model("single-dummy-v3").tricks.tolist()


def test_a_composite_with_bad_loner_coefficients_is_refused():
    d = json.loads((DATA / "single-dummy-v6.json").read_text())
    d["band_model"]["alone_coefficients"] = d["band_model"]["alone_coefficients"][:2]
    with pytest.raises(ModelError, match="alone_coefficients"):
        SingleDummyModel.from_dict(d)
    d = json.loads((DATA / "single-dummy-v6.json").read_text())
    d["band_model"]["alone_coefficients"] = "many"
    with pytest.raises(ModelError, match="single-dummy-v6"):
        SingleDummyModel.from_dict(d)


@pytest.mark.parametrize("edit, words", [
    (lambda d: d["band_model"].pop("alone_coefficients"), "needs alone_coefficients"),
    (lambda d: d["band_model"].__setitem__("alone_coefficients", None), "needs alone_coefficients"),
    (lambda d: d["band_model"]["alone_coefficients"][0][0].__setitem__(0, float("nan")), "alone_coefficients: values"),
    (lambda d: d["band_model"]["alone_coefficients"][2][1].__setitem__(3, float("inf")), "alone_coefficients: values"),
    (lambda d: d["band_model"]["coefficients"][1][1].__setitem__(0, float("nan")), "coefficients: values"),
    (lambda d: d["trick_table"]["probabilities"][0][0][0].__setitem__(0, -0.5), "not chances"),
    (lambda d: d["trick_table"]["probabilities"][1][4][5].__setitem__(5, float("nan")), "trick table: values"),
    (lambda d: d.__setitem__("inner_worlds", 0), "inner_worlds 0"),
    (lambda d: d.__setitem__("inner_worlds", 2.5), "inner_worlds 2.5"),
    (lambda d: d.__setitem__("provenance", ["x"]), "provenance list"),
    (lambda d: d.pop("name"), "KeyError"),
    (lambda d: d["band_model"]["features"].__setitem__(0, "alone"), "name one twice"),
])
def test_hand_edited_composite_data_is_refused_by_name(edit, words):
    """Each edit of the shipped composite's data is refused with a ModelError saying what is wrong: before, a NaN
    coefficient gave NaN chances that every draw read as a euchre, a composite without loner coefficients valued
    loners by its partner fit, and a missing name or a list for the provenance raised KeyError/TypeError."""
    d = json.loads((DATA / "single-dummy-v6.json").read_text())
    edit(d)
    with pytest.raises(ModelError, match=words):
        SingleDummyModel.from_dict(d)


def test_data_that_is_not_an_object_is_refused():
    with pytest.raises(ModelError, match="expected a JSON object, got list"):
        SingleDummyModel.from_dict([])


def test_a_composite_named_as_the_lone_fit_gives_its_loners():
    """Composing with v6 as the lone fit values loners as v6 does (v5's coefficients), not by v6's partner ones."""
    from conftest import benchmark_module
    tool = benchmark_module("tools/compose_single_dummy.py")
    made = SingleDummyModel.from_dict(json.loads(json.dumps(
        tool.compose("single-dummy-v3", "single-dummy-v6", "single-dummy-x"))))
    v6 = load_model("single-dummy-v6")
    assert made.alone_coefficients.tolist() == v6.alone_coefficients.tolist()
    assert made.coefficients.tolist() == v6.coefficients.tolist()


@pytest.mark.parametrize("argv, words", [(["--out", "."], "a directory"),
                                         (["--out", "no/such/dir/x.json"], "does not exist"),
                                         (["--name", " ", "--out", "x.json"], "needs a name")])
def test_compose_refuses_a_bad_out_or_name(argv, words, capsys, tmp_path, monkeypatch):
    from conftest import benchmark_module
    tool = benchmark_module("tools/compose_single_dummy.py")
    monkeypatch.chdir(tmp_path)
    with pytest.raises(SystemExit) as exc:
        tool.main(argv)
    assert exc.value.code == 2 and words in capsys.readouterr().err
    assert not (tmp_path / "x.json").exists()


def test_no_doc_calls_an_earlier_fit_the_default():
    """Where docs/*.md or the studies' docstrings say a fit is *the default* (a table's "vN ... (the default)",
    "the default ``single-dummy-vN``"), N is :data:`DEFAULT_NAME`'s: v6 replaced v3, whose labels stayed."""
    import re
    from solver.advisor.single_dummy import DEFAULT_NAME
    root = Path(__file__).resolve().parent.parent
    default = DEFAULT_NAME.rsplit("-", 1)[1]
    stale = []
    for path in [*sorted((root / "docs").glob("*.md")), *sorted((root / "benchmarks" / "studies").glob("*.py"))]:
        if path.name == "changelog.md":
            continue
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for version in re.findall(r"\b(v\d+)\b[^|()]{0,30}\(the default\)", line) + re.findall(
                    r"the default ``single-dummy-(v\d+)``", line):
                if version != default:
                    stale.append(f"{path.relative_to(root)}:{no}: {line.strip()[:80]}")
    assert not stale, stale
