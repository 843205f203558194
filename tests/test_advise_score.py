"""Issue 12 item 2: bid_advice(..., score=...) judges the calls by the chance of winning the game."""
import functools
import json

import pytest

import solver
from solver import EuchreError, Rules, laws, win_probability

# the references in this file are double dummy (every seat sees every card): the advice they check is
# the double-dummy valuation (the single-dummy ones are tested in test_playout.py, test_valuation.py)
from conftest import bid_advice as _bid_advice  # noqa: E402
bid_advice = functools.partial(_bid_advice, valuation="double_dummy")  # noqa: E305

EXAMPLE = dict(hand="Jh Jd Ah Kh Ac", upcard="9h", seat="W", dealer="S", seed=1)


def by_hand(option, score, seat, dealer, rules):
    """The option's P(win game) from its outcome distribution {points for the seat's side: chance}, each
    new score read from win_probability directly (its double-dummy table, as the advice here; a side at the
    target has won)."""
    sides = [laws.side_name(s, rules.players) for s in (0, 1)]
    mine = laws.side_name(laws.side_of(int(solver.Seat.parse(seat)), rules.players), rules.players)
    other = sides[1 - sides.index(mine)]
    nxt = laws.next_seat(int(solver.Seat.parse(dealer)), rules.players)
    total = 0.0
    for points, chance in option.outcomes.items():
        after = dict(score)
        after[mine if points > 0 else other] += abs(points)
        if after[mine] >= rules.winning_score:
            p = 1.0
        elif after[other] >= rules.winning_score:
            p = 0.0
        else:
            p = win_probability(after, dealer=nxt, rules=rules, valuation="double_dummy")[mine]
        total += chance * p
    return total


def test_example_at_eight_orders_with_the_partner():
    a = bid_advice(**EXAMPLE, score={"NS": 0, "EW": 8})
    assert a.recommended.call == "order"
    assert a.option("order").p_win_game == 1.0 and a.option("order").p_win_game_interval == (1.0, 1.0)
    alone = a.option("order alone")
    assert alone.p_win_game < 1.0
    # the margin: paired over the same worlds, so (with sampled, unweighted worlds) the difference of the means
    second = max((o for o in a.options if o.call != "order"), key=lambda o: o.p_win_game)
    assert a.margin == pytest.approx(1.0 - second.p_win_game, abs=1e-12)
    lo, hi = a.margin_interval
    assert 0 < lo <= a.margin <= hi
    d = a.to_dict()
    assert d["score"] == {"NS": 0, "EW": 8} and d["margin_unit"] == "p_win_game"
    assert d["options"][1]["p_win_game"] == 1.0 and d["options"][1]["p_win_game_interval"] == [1.0, 1.0]
    text = str(a)
    assert "P(win game)" in text and "in win probability" in text
    # by points the loner leads: the score, not the sampling, changes the call
    assert bid_advice(**EXAMPLE).recommended.call == "order alone"


def test_without_a_score_nothing_changes():
    plain = bid_advice(**EXAMPLE).to_dict()
    assert bid_advice(**EXAMPLE, score=None).to_dict() == plain
    assert "score" not in plain and all("p_win_game" not in o for o in plain["options"])
    scored = bid_advice(**EXAMPLE, score={"NS": 3, "EW": 2}).to_dict()
    # the hand's own figures do not depend on the score
    for o, s in zip(plain["options"], scored["options"]):
        s, o = dict(s), dict(o)
        s.pop("p_win_game"), s.pop("p_win_game_interval")
        # the grade is by the game with a score, by points without (solver.grades)
        assert s.pop("grading")["unit"] == "game" and o.pop("grading")["unit"] == "points"
        s.pop("grade"), o.pop("grade")
        assert s == o


@pytest.mark.parametrize("seat,dealer,rules,score", [
    ("W", "S", Rules(), {"NS": 0, "EW": 8}),
    ("N", "E", Rules(), {"NS": 6, "EW": 9}),
    ("N", "S", Rules(players=2), {"N": 7, "S": 4}),
    ("S", "S", Rules(players=2, stick_the_dealer=True), {"N": 9, "S": 9}),
])
def test_p_win_game_is_the_average_over_the_outcomes(seat, dealer, rules, score):
    a = bid_advice(hand="Jh Jd Ah Kh Ac", upcard="9h", seat=seat, dealer=dealer, rules=rules, score=score, seed=3,
               worlds=300, inference=False)
    for o in a.options:
        assert o.p_win_game == pytest.approx(by_hand(o, score, seat, dealer, rules), abs=1e-9), o.call
        lo, hi = o.p_win_game_interval
        assert 0.0 <= lo <= o.p_win_game <= hi <= 1.0
        if o.exact:
            assert lo == hi == o.p_win_game


def test_exact_weighted_worlds_average_like_the_points():
    # two-player, the second to speak: enumerated worlds weighted by the first pass
    rules = Rules(players=2)
    score = {"N": 8, "S": 5}
    a = bid_advice(hand="Jh Jd Ah Kh 9c", upcard="9h", seat="S", dealer="S", rules=rules, score=score, seed=2)
    assert a.exact and a.weights is not None
    for o in a.options:
        assert o.p_win_game == pytest.approx(by_hand(o, score, "S", "S", rules), abs=1e-9)
    best = max(a.options, key=lambda o: (o.p_win_game, o.expected_points))
    assert a.recommended.call == best.call


@pytest.mark.parametrize("hand,upcard,seat,dealer", [
    ("Jh Jd Ah Kh Ac", "9h", "W", "S"),
    ("9c Tc Qd 9s Ts", "Jh", "N", "E"),
    ("Jc Js Ac Kc Qh", "9c", "S", "S"),
])
def test_at_love_all_the_chance_follows_the_points_where_they_clearly_differ(hand, upcard, seat, dealer):
    a = bid_advice(hand=hand, upcard=upcard, seat=seat, dealer=dealer, score={"NS": 0, "EW": 0}, seed=5, worlds=400)
    for x in a.options:
        for y in a.options:
            if x.expected_points > y.expected_points + 0.5:
                assert x.p_win_game > y.p_win_game, (x.call, y.call)


@pytest.mark.parametrize("score,rules,word", [
    ({"NS": -1, "EW": 0}, Rules(), "-1"),
    ({"NS": 10, "EW": 10}, Rules(), "both sides"),
    ({"NS": 10, "EW": 3}, Rules(), "target"),
    ({"NS": 1, "XY": 0}, Rules(), "XY"),
    ({"NS": 1, "EW": 0}, Rules(players=2), "NS"),
    ({"NS": 1.5, "EW": 0}, Rules(), "1.5"),
    ({"NS": "3", "EW": 0}, Rules(), "'3'"),
    ("NS:3", Rules(), "NS:3"),
    ({"NS": 1}, Rules(), "EW"),
])
def test_bad_scores_are_clear_errors(score, rules, word):
    seat = "N"
    with pytest.raises(EuchreError) as err:
        bid_advice(hand="Jh Jd Ah Kh Ac", upcard="9h", seat=seat, dealer="S", rules=rules, score=score, seed=1,
               worlds=10)
    assert word in str(err.value)


# -- the command line ---------------------------------------------------------------------------
CLI = ["advise", "--hand", "Jh Jd Ah Kh Ac", "--upcard", "9h", "--seat", "W", "--dealer", "S", "--seed", "1",
       "--worlds", "300"]


def test_cli_score_matches_the_library(capsys):
    from solver.cli import main
    assert main(CLI + ["--score", "ns:0, EW:8", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    lib = _bid_advice(**{**EXAMPLE, "worlds": 300}, score={"NS": 0, "EW": 8}).to_dict()
    assert out == lib and out["recommended"] == "order"
    assert main(CLI + ["--score", "NS:0,EW:8"]) == 0
    text = capsys.readouterr().out
    assert "P(win game)" in text and "in win probability" in text


@pytest.mark.parametrize("text,word", [("NS8,EW:0", "'NS8'"), ("NS:x,EW:0", "'NS:x'"), ("", "SIDE:POINTS"),
                                       ("NS:1,ns:2", "twice"), ("NS:-1,EW:0", "-1"), ("NS:1,XY:0", "XY"),
                                       ("NS:10,EW:10", "both sides")])
def test_cli_bad_score_is_one_error_line(capsys, text, word):
    from solver.cli import main
    assert main(CLI + ["--score", text]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("euchre: error:") and word in err


# -- HTTP -------------------------------------------------------------------------------------------
HTTP = {"hand": "Jh Jd Ah Kh Ac", "upcard": "9h", "seat": "W", "dealer": "S", "worlds": 200, "seed": 1}


@pytest.fixture
def client():
    from api import create_app
    return create_app({"TESTING": True}).test_client()


def test_http_score_matches_the_library(client):
    resp = client.post("/v1/advise", json={**HTTP, "score": {"NS": 0, "EW": 8}})
    assert resp.status_code == 200, resp.get_json()
    lib = _bid_advice(**{**EXAMPLE, "worlds": 200}, score={"NS": 0, "EW": 8}).to_dict()
    assert resp.get_json() == json.loads(json.dumps(lib))
    assert resp.get_json()["recommended"] == "order"


def test_http_score_is_in_the_openapi_document(client):
    doc = client.get("/openapi.json").get_json()
    text = json.dumps(doc)
    assert '"score"' in text and "p_win_game" in text


@pytest.mark.parametrize("score,word", [({"NS": -1, "EW": 0}, "-1"), ({"NS": 10, "EW": 10}, "both sides"),
                                        ({"NS": 1, "XY": 0}, "XY"), ({"NS": 1.5, "EW": 0}, None),
                                        ({"NS": "3", "EW": 0}, None), ("NS:3,EW:0", None), ([1, 2], None)])
def test_http_bad_score_is_422_problem(client, score, word):
    resp = client.post("/v1/advise", json={**HTTP, "worlds": 10, "score": score})
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json", resp.get_json()
    body = resp.get_json()
    assert body["status"] == 422 and body["detail"]
    if word is not None:
        assert word in body["detail"]


# -- the seat's own choices inside advise with a score: the dealer's discard is chosen by the game --
PICKUP = dict(hand="Qd As Ac Qh Kc", upcard="Jd", seat="S", dealer="S", rules=Rules(players=2), calls=["order"],
              inference=False, seed=1)


def _discard_figures_by_enumeration():
    """Every discard of the two-player dealer S (diamonds, N leads): over all C(18, 5) hands of N, the
    chance S takes 3+ tricks and S's mean points, from solve_batch on the enumerated deals."""
    import itertools

    import numpy as np

    from solver.cards import Card, mask_of, parse_cards
    hand = parse_cards(PICKUP["hand"])
    up = Card.parse(PICKUP["upcard"])
    unseen = [c for c in range(24) if c not in {int(x) for x in hand} | {int(up)}]
    north = np.array([sum(1 << c for c in combo) for combo in itertools.combinations(unseen, 5)], dtype=np.uint32)
    six = mask_of(hand) | up.mask
    out = {}
    for c in hand + [up]:
        hands = np.zeros((north.size, 4), dtype=np.uint32)
        hands[:, 0] = north
        hands[:, 2] = six & ~c.mask
        tricks = solver.solve_batch(hands, int(up) % 4, 0, 1, players=2).astype(int)
        points = np.where(tricks == 5, 2, np.where(tricks >= 3, 1, -2))
        out[str(c)] = (float((tricks >= 3).mean()), float(points.mean()))
    return out


def test_the_dealers_discard_is_chosen_by_the_game_with_a_score():
    figures = _discard_figures_by_enumeration()
    top_points = max(f[1] for f in figures.values())
    by_points = {c for c, f in figures.items() if f[1] == top_points}
    # ties in the chance of making go to the points (Kc and Ac are the same card here)
    top_make = max((f[0], f[1]) for f in figures.values())
    by_make = {c for c, f in figures.items() if (f[0], f[1]) == top_make}
    assert not by_points & by_make           # the position is one where the two differ
    plain = bid_advice(**PICKUP).option("order")
    assert str(plain.discard) in by_points
    # at 9-9 the dealer's side wins the game exactly when it makes (euchred: N +2 wins)
    scored = bid_advice(**PICKUP, score={"N": 9, "S": 9}).option("order")
    assert str(scored.discard) in by_make
    assert scored.p_win_game == pytest.approx(top_make[0], abs=1e-12)
    for card, summary in scored.discards.items():
        assert summary["p_win_game"] == pytest.approx(figures[card][0], abs=1e-12)
        assert summary["expected_points"] == pytest.approx(figures[card][1], abs=1e-12)
    assert all("p_win_game" not in s for s in plain.discards.values())


# -- the variants with their own tables (issue 12 item 4) --------------------------------------------------
def test_the_joker_and_defending_alone_advise_by_the_game():
    for rules in (Rules(joker=True), Rules(defend_alone=True)):
        a = bid_advice(**{**EXAMPLE, "worlds": 200}, rules=rules, score={"NS": 0, "EW": 8}, inference=False)
        for o in a.options:
            assert o.p_win_game == pytest.approx(by_hand(o, {"NS": 0, "EW": 8}, "W", "S", rules), abs=1e-9)


def test_dummy_hands_score_each_set_to_its_own_side():
    # The paper hand: N takes all five personal tricks (+2 N) and S all five on the dummies (+2 S) in every
    # world, so ordering nets 0 points; what it does to the game depends on the score, set by set.
    q = dict(hand="Jd Jh Qh Kh Ah", upcard="9h", seat="N", dealer="S", rules=Rules(players=2, dummy_hands=True),
             dummies="N:9d 9s Ts Qs Ks S:Td Qd Kd Ad As", calls=["order"])
    assert bid_advice(**q).option("order").expected_points == 0
    # both reach 10 at 8-8: equal scores, no winner (counted half); at 8-7 N wins with 10 to 9; at 7-8 S
    # wins; from 3-3 the game goes on at 5-5 with N to deal (the deal passes from S to N)
    for score, want in (({"N": 8, "S": 8}, 0.5), ({"N": 8, "S": 7}, 1.0), ({"N": 7, "S": 8}, 0.0),
                        ({"N": 3, "S": 3}, win_probability({"N": 5, "S": 5}, "N", q["rules"])["N"])):
        o = bid_advice(**q, score=score).option("order")
        assert o.exact and o.p_win_game == pytest.approx(want, abs=1e-12), score


# -- ... and the seat's own round-2 turn after a pass ---------------------------------------------------------
ROUND2 = dict(hand="Jh 9c Ah Jc Ad", upcard="Ac", seat="N", dealer="S", rules=Rules(players=2), calls=["pass"],
              inference=False, seed=1)


def test_the_seats_own_round2_turn_is_chosen_by_the_game_with_a_score():
    """N passes the Ac; S (dealer) bids by the point-count policy; where S passes too, N names the one suit
    (or passes) that is best over those deals: by points without a score, by the chance of the game at 9-9
    (any point wins it, any point to S loses it). Every figure from the enumerated deals and solve_batch."""
    import itertools

    import numpy as np

    from solver.bidding import POLICY, dealer_discard
    from solver.cardtables import CARD_BITS
    from solver.cards import Card, mask_of, parse_cards
    hand = parse_cards(ROUND2["hand"])
    up = Card.parse(ROUND2["upcard"])
    unseen = [c for c in range(24) if c not in {int(x) for x in hand} | {int(up)}]
    south = np.array([sum(1 << c for c in combo) for combo in itertools.combinations(unseen, 5)], dtype=np.uint32)
    hands = np.zeros((south.size, 4), dtype=np.uint32)
    hands[:, 0] = mask_of(hand)
    hands[:, 2] = south
    pts = {t: (1 if t >= 3 else -2) if t < 5 else 2 for t in range(6)}       # makers' points by tricks

    def n_points(h, trump, makers_side):      # N's points when side makers_side (0 = N) made trump, N leads
        t = solver.solve_batch(h, trump, 0, makers_side, players=2).astype(int)
        p = np.array([pts[x] for x in t])
        return p if makers_side == 0 else -p

    ordered, _ = POLICY.round1(south, 0, int(up), 2)
    six = south | up.mask
    after_pickup = hands.copy()
    after_pickup[:, 2] = six & ~CARD_BITS[dealer_discard(six, int(up) % 4)]
    first = n_points(after_pickup, int(up) % 4, 1)
    rest = ~ordered
    choice = {}
    for s in (1, 2, 3):                       # N names diamonds, hearts or spades
        choice[s] = n_points(hands, s, 0)
    suit, _ = POLICY.round2(south, 0, int(up) % 4, False, 2)
    passed = np.zeros(south.size, dtype=int)
    for s in (1, 2, 3):
        sel = suit == s
        if sel.any():
            passed[sel] = n_points(hands[sel], s, 1)
    choice["pass"] = passed                   # S passing too throws the hand in: 0
    at = solver.win_probability({"N": 9, "S": 9}, "N", ROUND2["rules"])["N"]       # thrown in: N deals next

    def wins(p):
        return np.where(p > 0, 1.0, np.where(p < 0, 0.0, at))

    def total(c, f):
        return float(np.where(ordered, f(first), f(choice[c])).mean())

    by_points = max(choice, key=lambda c: (choice[c][rest].mean(), str(c)))
    by_game = max(choice, key=lambda c: (wins(choice[c])[rest].mean(), choice[c][rest].mean()))
    assert by_points != by_game
    plain = bid_advice(**ROUND2, policy=POLICY).option("pass")
    assert plain.expected_points == pytest.approx(total(by_points, lambda p: p), abs=1e-12)
    scored = bid_advice(**ROUND2, policy=POLICY, score={"N": 9, "S": 9}).option("pass")
    assert scored.expected_points == pytest.approx(total(by_game, lambda p: p), abs=1e-12)
    assert scored.p_win_game == pytest.approx(total(by_game, wins), abs=1e-12)
    assert scored.p_win_game > total(by_points, wins) + 1e-4      # a small gain, but exact figures
