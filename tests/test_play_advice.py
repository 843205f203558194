"""Play advice (issue 11, item 5): advise_play against a brute force over the enumerated worlds of
a late-hand view (deals listed with itertools, weighted by the bidding model's likelihoods by hand,
each solved with solver.card_values on Position.parse), and views where the answer is plain."""
import itertools
import json

import numpy as np
import pytest

import solver
from solver import Method, Position, Rules, advise_play, card_values, seat_view

# the references in this file are double dummy (every seat sees every card): the advice they check is
# the double-dummy valuation (the single-dummy ones are tested in test_playout.py, test_valuation.py)
def advise_play(view, method=None):  # noqa: F811
    """:func:`solver.advise_play` valuing by double dummy, unless ``method`` names its own valuation."""
    method = Method.coerce(method)
    return solver.advise_play(view, method if method.valuation else method.replace(valuation="double_dummy"))
from solver.bidding import DEFAULT_MODEL
from solver.cards import Seat, cards_of, format_cards, mask_of
from solver.errors import EuchreError, IllegalActionError
from solver.game import Hand, Phase
from solver.laws import effective_suit, place_after_dealer

CALLS = ["Pass"] * 4 + ["h"]           # W (left of the dealer S) names hearts in round 2

# W makes hearts holding the right and left bowers, the ace of trumps and two aces.
DEAL = "N:9h 9c Tc Qd Kd E:Th Ks Qs 9d Td S:Qh Kh Ts Js Ad W:Jh Jd Ah As Ac"
PLAYS = ["Ah", "9h", "Th", "Qh",       # W draws three trumps
         "Ac", "9c", "9d", "Ts",       # E and S show out of clubs; W keeps the lead
         "Jh", "Tc", "Ks", "Kh",       # trick 3: the right bower draws the last trump
         "Jd", "Qd", "Qs", "Js",
         "As", "Kd", "Td", "Ad"]


def dealt(plays: int) -> Hand:
    h = Hand.from_deal(DEAL, upcard="9s", dealer="S")
    for a in ["pass"] * 4 + ["call h", "partner"] + PLAYS[:plays]:
        h.apply(a)
    return h


def points_for(makers_tricks: int) -> int:
    """docs/rules.md scoring, no loner: 3-4 tricks 1, march 2, euchred -2 (makers' points)."""
    return 2 if makers_tricks == 5 else 1 if makers_tricks >= 3 else -2


# -- plain answers ---------------------------------------------------------------------
def test_the_last_trick_is_forced_and_obvious():
    h = dealt(19)                                   # S holds only Ad; W led As, the spades are gone
    a = advise_play(h.view("S"), Method(worlds=50, seed=1))
    assert [str(c.card) for c in a.cards] == ["Ad"] and str(a.best) == "Ad"
    assert a.runner_up is None and a.margin is None and a.exact
    c = a.cards[0]
    assert (c.expected_tricks, c.expected_points, c.p_make, c.p_euchred) == (0, -2, 1, 0)
    assert c.p_march is None and c.points_interval == (-2, -2) and not a.makers
    lead = advise_play(dealt(16).view("W"), Method(worlds=50, seed=1))     # W leads its last card, the As
    assert str(lead.best) == "As" and lead.makers and lead.exact
    assert (lead.recommended.expected_tricks, lead.recommended.expected_points, lead.recommended.p_march) == (5, 2, 1)


def test_the_maker_with_the_top_trumps_leads_one():
    """Trick 3: W holds Jh Jd As and one trump (Kh) is out. A bower draws it and W takes the rest in every
    world; the As first can be ruffed by a player void in spades who holds the Kh."""
    h = dealt(8)
    a = advise_play(h.view("W"), Method(worlds=400, seed=2))
    jh, jd, ace = a["Jh"], a["Jd"], a["As"]
    for c in (jh, jd):
        assert (c.expected_tricks, c.expected_points, c.p_march, c.p_make) == (5, 2, 1, 1)
        assert c.tricks_interval == (5, 5) and c.march_interval == (1, 1)
    assert a.exact and a.worlds == a.total          # 3 tricks left: every consistent deal is tried
    assert ace.expected_tricks < 5 and ace.expected_points < 2
    assert a.best in (solver.Card.parse("Jh"), solver.Card.parse("Jd")) and set(map(str, a.equal)) == {"Jh", "Jd"}
    assert str(a.runner_up) == "As" and a.margin > 0 and a.margin_interval[0] > 0
    assert a.margin == pytest.approx(2 - ace.expected_points)


# -- against a brute force ---------------------------------------------------------------
def late_view(seed, calls, extra):
    """A real hand: deal ``seed``, the round-2 ``calls``, the lowest legal card for 3 tricks and ``extra``
    cards of the 4th; the hand and the view of the seat to play."""
    h = Hand(Rules(), dealer=Seat.S)
    h.deal(rng=seed)
    for a in calls:
        h.apply(a)
    while h.phase is not Phase.PLAY:
        h.apply("partner")
    while len(h.tricks) < 3 or len(h.current_trick) < extra:
        h.apply(h.legal_actions()[0])
    return h, h.view(h.to_act)


def brute_force(h, view, inference, dist=None):
    """Independent: every placement of the unseen cards (the upcard was turned down: in the kitty),
    weighted by the model's likelihood of the other seats' calls (dealt hand = held now + played), each
    solved by solver.card_values; per legal card the weighted (tricks, points, P(make), P(march)).
    ``dist``, when given, is filled with per card ``{points for the seat's side: chance}``."""
    seat, trump = view.seat, h.trump
    played, voids = [0] * 4, [set() for _ in range(4)]
    trick_list = list(h.tricks) + ([] if not h.current_trick else [None])
    for t in h.tricks:
        led = effective_suit(t.cards[0], trump)
        for s, c in zip(t.seats, t.cards):
            played[s] |= c.mask
            if effective_suit(c, trump) != led:
                voids[s].add(led)
    current = list(h.current_trick)
    for s, c in current:
        played[s] |= c.mask
        if effective_suit(c, trump) != effective_suit(current[0][1], trump):
            voids[s].add(effective_suit(current[0][1], trump))
    others = [s for s in range(4) if s != seat]
    need = {s: bin(h.holding(s)).count("1") for s in others}
    gone = sum(played) | h.holding(seat) | h.upcard.mask
    unseen = [c for c in cards_of((1 << 24) - 1) if not gone & c.mask]
    won = dict(zip(("NS", "EW"), h.tricks_won))
    makers = "NS" if h.makers == 0 else "EW"
    mine = "NS" if seat in (0, 2) else "EW"
    sums, total = {}, 0.0
    a, b, c3 = others
    for x in itertools.combinations(unseen, need[a]):
        rest = [c for c in unseen if c not in x]
        for y in itertools.combinations(rest, need[b]):
            rest2 = [c for c in rest if c not in y]
            for z in itertools.combinations(rest2, need[c3]):
                hands = {seat: h.holding(seat), a: mask_of(x), b: mask_of(y), c3: mask_of(z)}
                if any(effective_suit(c, trump) in voids[s] for s in others for c in cards_of(hands[s])):
                    continue
                wt = 1.0
                if inference:
                    made = 0
                    for s, action in h.bids:
                        rnd = 1 if made < 4 else 2
                        made += 1
                        if s == seat:
                            continue
                        now = np.array([hands[s] | played[s]], np.uint32)
                        suit = None if action.suit is None else int(action.suit)
                        wt *= float(DEFAULT_MODEL.likelihood(now, place_after_dealer(s, h.dealer), rnd, int(h.upcard),
                                                             action.kind.value, suit, False)[0])
                deal = " ".join(f"{Seat(s)}:{format_cards(hands[s])}" for s in range(4))
                pos = Position.parse(deal, trump, h.leader, makers, played=" ".join(str(c) for _s, c in current),
                                     tricks_won=won)
                for card, tricks in card_values(pos).items():
                    mk = tricks if mine == makers else 5 - tricks
                    pts = points_for(mk) if mine == makers else -points_for(mk)
                    acc = sums.setdefault(card, np.zeros(4))
                    acc += wt * np.array([tricks, pts, mk >= 3, mk == 5])
                    if dist is not None:
                        d = dist.setdefault(card, {})
                        d[pts] = d.get(pts, 0.0) + wt
                total += wt
    if dist is not None:
        for d in dist.values():
            for k in d:
                d[k] /= total
    return {card: v / total for card, v in sums.items()}


@pytest.mark.slow
@pytest.mark.parametrize("seed, extra", [(3, 0), (3, 1), (4, 2), (7, 3), (9, 1)])
@pytest.mark.parametrize("inference", [True, False])
def test_late_hand_matches_a_brute_force(seed, extra, inference):
    h, view = late_view(seed, ["pass"] * 4 + ["call s" if seed % 2 else "call h"], extra)
    want = brute_force(h, view, inference)
    a = advise_play(view, Method(worlds=100, seed=1, inference=inference))
    assert a.exact and a.worlds == a.total
    assert {str(c.card) for c in a.cards} == set(want)
    for c in a.cards:
        t, p, make, march = want[str(c.card)]
        assert c.expected_tricks == pytest.approx(t) and c.expected_points == pytest.approx(p)
        assert c.p_make == pytest.approx(make) and c.p_euchred == pytest.approx(1 - make)
        assert c.points_interval == (c.expected_points, c.expected_points)
        if a.makers:
            assert c.p_march == pytest.approx(march)
        else:
            assert c.p_march is None
    best = max(want, key=lambda k: (round(want[k][1], 9), round(want[k][0], 9)))
    assert want[str(a.best)][1] == pytest.approx(want[best][1])


def test_sampled_worlds_intervals_use_the_effective_number():
    """Sampled worlds (trick 2): unit weights give the textbook Wilson interval at n worlds; under
    inference the effective number is the worlds' Kish size, as sample_worlds reports it."""
    view = dealt(4).view("W")
    a = advise_play(view, Method(worlds=300, seed=5, inference=False))
    assert not a.exact and a.effective_worlds == 300 and a.method == "uniform"
    for c in a.cards:
        k = round(c.p_make * 300)
        assert c.make_interval == pytest.approx(solver.stats.wilson(k, 300))
        assert c.points_interval[0] < c.expected_points < c.points_interval[1] or c.points_interval[0] == \
            c.points_interval[1] == c.expected_points
    b = advise_play(view, Method(worlds=300, seed=5))
    w = solver.sample_worlds(view, worlds=300, seed=5)
    assert b.effective_worlds == pytest.approx(w.ess) and b.method == w.method and b.model == w.model


# -- bad views -------------------------------------------------------------------------
@pytest.mark.parametrize("kw, match", [
    (dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass"), "bid1 phase"),
    (dict(seat="N", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls=CALLS), "W's turn"),
])
def test_not_the_seats_turn_to_play(kw, match):
    with pytest.raises(IllegalActionError, match=match):
        advise_play(seat_view(**kw))


def test_bad_views_and_bounds_raise_clear_errors():
    good = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls=CALLS)
    with pytest.raises(EuchreError, match="worlds"):
        advise_play(seat_view(**good), Method(worlds=0))
    with pytest.raises(EuchreError, match="hand"):
        advise_play(seat_view(**{**good, "hand": "Ac Kc 9c Qd"}))
    with pytest.raises(EuchreError, match="9s"):
        advise_play(seat_view(**{**good, "hand": "Ac Kc 9c Qd 9s"}))
    with pytest.raises(EuchreError, match="not both"), \
            pytest.warns(DeprecationWarning, match="keyword form is deprecated"):
        solver.advise_play(seat_view(**good), seat="W")
    with pytest.raises(IllegalActionError, match="hand is over"):
        h = dealt(20)
        advise_play(h.view("S"))


def test_to_dict_is_json_and_text_names_the_recommendation():
    a = advise_play(dealt(8).view("W"), Method(worlds=100, seed=3))
    d = json.loads(json.dumps(a.to_dict()))
    assert d["best"] == str(a.best) and [c["card"] for c in d["cards"]] == [str(c.card) for c in a.cards]
    text = str(a)
    assert f"recommended: {a.best}" in text and "double dummy" in text


# -- the CLI and the service serve the same call -------------------------------------------------------
PLAY = {"seat": "W", "hand": "Jh Jd As", "dealer": "S", "upcard": "9s", "calls": "Pass Pass Pass Pass h",
        "tricks": "Ah 9h Th Qh; Ac 9c 9d Ts"}


def test_cli_play_json_is_the_library_answer(capsys):
    from solver.cli import main
    from solver.review import content_seed
    args = ["play", "--seat", "W", "--hand", "Jh Jd As", "--dealer", "S", "--upcard", "9s", "--calls",
            PLAY["calls"], "--tricks", PLAY["tricks"], "--worlds", "200"]
    assert main(args + ["--seed", "4", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got == json.loads(json.dumps(solver.advise_play(seat_view(**PLAY), Method(worlds=200, seed=4)).to_dict()))
    # the default seed is the view's own: the same question in another spelling gets the same answer
    assert main(args + ["--json"]) == 0
    first = json.loads(capsys.readouterr().out)
    view = seat_view(**PLAY)
    assert first["seed"] == content_seed(view.to_dict())
    assert main(["play", "--seat", "w", "--hand", "As Jd Jh", "--dealer", "s", "--upcard", "9s", "--calls",
                 "Pass  Pass Pass Pass h", "--tricks", PLAY["tricks"], "--worlds", "200", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert main(args) == 0
    assert f"recommended: {got['best']}" in capsys.readouterr().out


def test_cli_play_bad_view_is_one_error_line(capsys):
    from solver.cli import main
    assert main(["play", "--seat", "N", "--hand", "Ac Kc 9c Qd Td", "--dealer", "S", "--upcard", "9s",
                 "--calls", " ".join(CALLS)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre: error:") and "W's turn" in err and len(err.strip().splitlines()) == 1


@pytest.fixture
def client():
    from api import create_app
    return create_app().test_client()


def test_http_play_is_the_library_answer(client):
    body = {**PLAY, "tricks": [t.split() for t in PLAY["tricks"].split(";")], "worlds": 200, "seed": 4}
    resp = client.post("/v1/play", json=body)
    assert resp.status_code == 200, resp.get_json()
    assert resp.get_json() == json.loads(json.dumps(solver.advise_play(seat_view(**PLAY), Method(worlds=200, seed=4)).to_dict()))
    doc = client.get("/openapi.json").get_json()
    assert "/v1/play" in doc["paths"] and doc["components"]["schemas"]["PlayRequest"]["additionalProperties"] is False
    assert "422" in doc["paths"]["/v1/play"]["post"]["responses"]


@pytest.mark.parametrize("change, status, field", [
    ({"seat": "N"}, 422, None),                       # not N's turn: the engine's message
    ({"hand": "Jh Jd Zz"}, 422, "hand"),
    ({"calls": "Pass Pass Pass h"}, 422, None),       # hearts named in round 1 (the upcard is a spade)
    ({"worlds": 10 ** 6}, 422, "worlds"),             # over the server's MAX_WORLDS
    ({"threads": 2}, 422, None),                      # unknown member
])
def test_http_play_bad_view_is_problem_json(client, change, status, field):
    resp = client.post("/v1/play", json={**PLAY, **change})
    assert resp.status_code == status and resp.mimetype == "application/problem+json"
    problem = resp.get_json()
    if field is not None:
        assert problem.get("field") == field or field in json.dumps(problem)
    if "seat" in change:
        assert "W's turn" in problem["detail"]


# -- with the score of the game (issue 12, item 2) --------------------------------------------------------
# E plays the third card of trick 3 (W led Ks, N threw Ad); EW made hearts and has two tricks. Kh (ruffing
# the partner's king) is safest for the make; Kc and Kd keep the trump and march more often.
SCORED = dict(seat="E", hand="Kc Kd Kh", dealer="S", upcard="Jd", calls="Pass Pass Pass Pass h",
              tricks="As 9s Ah Qs; Qc Jc Ac 9c; Ks Ad")
SCORED_DEAL = "N:9d Qd Ad 9c 9s E:Kc Kd Kh Ah Qc S:Ts Jh Qh Qs Jc W:Td Js As Ac Ks"
SCORED_PLAYS = ["As", "9s", "Ah", "Qs", "Qc", "Jc", "Ac", "9c", "Ks", "Ad"]


def p_win_by_hand(dist, score, mine, other, next_dealer):
    """The chance that ``mine`` wins the game after the hand, from its points' distribution: a side at the
    target has won, else solver.win_probability from the new score, the next hand dealt by ``next_dealer``."""
    total = 0.0
    for pts, p in dist.items():
        after = dict(score)
        after[mine if pts > 0 else other] += abs(pts)
        if after[mine] >= 10:
            w = 1.0
        elif after[other] >= 10:
            w = 0.0
        else:
            w = solver.win_probability(after, next_dealer, valuation="double_dummy")[mine]   # as the advice checked
        total += p * w
    return total


@pytest.fixture(scope="module")
def scored_truth():
    h = Hand.from_deal(SCORED_DEAL, upcard="Jd", dealer="S")
    for a in ["pass"] * 4 + ["call h", "partner"] + SCORED_PLAYS:
        h.apply(a)
    view = h.view("E")
    assert view.to_dict() == seat_view(**SCORED).to_dict()
    dist = {}
    means = brute_force(h, view, False, dist)
    return view, dist, means


@pytest.mark.slow
@pytest.mark.parametrize("score, by_points_too", [
    ({"EW": 7, "NS": 9}, False),   # EW cannot reach 10 now and NS needs any point: the march (to 9) matters
    ({"EW": 9, "NS": 7}, True),    # EW needs the one trick of a make: the safest card, as by points
])
def test_the_score_judges_the_cards_by_the_game(scored_truth, score, by_points_too):
    view, dist, means = scored_truth
    # the brute force is double dummy: so is the advice checked against it
    plain = advise_play(view, Method(worlds=100, seed=1, inference=False, valuation="double_dummy"))
    a = advise_play(view, Method(worlds=100, seed=1, inference=False, score=score, valuation="double_dummy"))
    assert a.exact and plain.exact and a.score == score
    want = {card: p_win_by_hand(d, score, "EW", "NS", "W") for card, d in dist.items()}
    for c in a.cards:
        assert c.p_win_game == pytest.approx(want[str(c.card)], abs=1e-12)
        assert c.win_interval == (c.p_win_game, c.p_win_game)
        assert c.expected_points == pytest.approx(means[str(c.card)][1])
    by_game = sorted(want, key=lambda k: (-want[k], -means[k][1]))
    assert want[by_game[0]] - want[by_game[1]] > 1e-3          # a real difference, not a rounding tie
    assert str(a.best) == by_game[0] and str(a.runner_up) == by_game[1]
    assert a.margin == pytest.approx(want[by_game[0]] - want[by_game[1]], abs=1e-12)
    assert str(plain.best) == "Kh"
    assert (str(a.best) == "Kh") is by_points_too
    d = a.to_dict()
    assert d["score"] == score and d["margin_unit"] == "p_win_game"
    assert all(c["p_win_game"] == pytest.approx(want[c["card"]]) for c in d["cards"])
    text = str(a)
    assert "P(win game)" in text and "in win probability" in text
    assert f"score NS {score['NS']}, EW {score['EW']} (to 10)" in text


def test_without_a_score_nothing_changes_and_the_hand_figures_stay():
    view = dealt(4).view("W")
    plain = advise_play(view, Method(worlds=200, seed=6)).to_dict()
    assert advise_play(view, Method(worlds=200, seed=6, score=None)).to_dict() == plain
    assert "score" not in plain and "margin_unit" not in plain and all("p_win_game" not in c for c in plain["cards"])
    scored = advise_play(view, Method(worlds=200, seed=6, score={"NS": 4, "EW": 4})).to_dict()
    assert not plain["exact"]
    for c, s in zip(plain["cards"], scored["cards"]):
        # the grade is by the game with a score, by points without (solver.grades): compared apart
        assert s["grading"]["unit"] == "game" and c["grading"]["unit"] == "points"
        c = {k: v for k, v in c.items() if not k.startswith("grad")}
        assert {k: v for k, v in s.items() if not k.startswith(("p_win_game", "grad"))} == c
        lo, hi = s["p_win_game_interval"]
        assert 0 <= lo <= s["p_win_game"] <= hi <= 1
    assert any(s["p_win_game_interval"][0] < s["p_win_game_interval"][1] for s in scored["cards"])   # sampled


@pytest.mark.parametrize("score, word", [
    ({"NS": -1, "EW": 0}, "-1"), ({"NS": 10, "EW": 10}, "target"), ({"N": 3, "S": 2}, "N"),
    ({"NS": 8.5, "EW": 0}, "8.5"), ("NS 8", "NS 8"),
])
def test_bad_scores_are_clear_errors(score, word):
    with pytest.raises(EuchreError, match=word):
        advise_play(seat_view(**SCORED), Method(worlds=50, seed=1, score=score))


def test_cli_play_score_is_the_library_answer(capsys):
    from solver.cli import main
    args = ["play", "--seat", "E", "--hand", SCORED["hand"], "--dealer", "S", "--upcard", "Jd", "--calls",
            SCORED["calls"], "--tricks", SCORED["tricks"], "--seed", "2", "--no-inference"]
    assert main(args + ["--score", "ew:7, NS:9", "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    lib = solver.advise_play(seat_view(**SCORED), Method(seed=2, inference=False, score={"EW": 7, "NS": 9})).to_dict()
    assert got == json.loads(json.dumps(lib)) and got["best"] == "Kc"
    assert main(args + ["--score", "NS:9,EW:7"]) == 0
    assert "P(win game)" in capsys.readouterr().out
    assert main(args + ["--score", "EW=7"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre: error:") and "EW=7" in err and len(err.strip().splitlines()) == 1


def test_http_play_score_is_the_library_answer(client):
    body = {**SCORED, "worlds": 100, "seed": 2, "inference": False, "score": {"EW": 7, "NS": 9}}
    resp = client.post("/v1/play", json=body)
    assert resp.status_code == 200, resp.get_json()
    lib = solver.advise_play(seat_view(**SCORED), Method(worlds=100, seed=2, inference=False, score={"EW": 7, "NS": 9})).to_dict()
    assert resp.get_json() == json.loads(json.dumps(lib))
    doc = client.get("/openapi.json").get_json()
    assert "score" in doc["components"]["schemas"]["PlayRequest"]["properties"]
    assert "p_win_game" in json.dumps(doc["components"]["schemas"]["PlayResponse"])


@pytest.mark.parametrize("score, word", [({"NS": -1, "EW": 0}, "-1"), ({"NS": 10, "EW": 10}, "target"),
                                         ({"XY": 3}, "XY"), ({"NS": "8"}, None)])
def test_http_bad_score_is_422_problem(client, score, word):
    resp = client.post("/v1/play", json={**SCORED, "worlds": 10, "score": score})
    assert resp.status_code == 422 and resp.mimetype == "application/problem+json"
    problem = resp.get_json()
    if word is not None:
        assert word in problem["detail"]


# -- the dummy-hands variant -----------------------------------------------------------------
DUMMY = Rules(players=2, dummy_hands=True)


def dummy_hand(seed, cards):
    """A dummy-hands deal ``seed`` (S deals): N and S pass round 1, N names the first suit it may,
    then the lowest legal card ``cards`` times; the hand."""
    h = Hand(DUMMY, dealer=Seat.S)
    h.deal(rng=seed)
    h.apply("pass")
    h.apply("pass")
    h.apply(next(a for a in h.legal_actions() if str(a).startswith("call")))
    for _ in range(cards):
        h.apply(h.legal_actions()[0])
    return h


def dummy_brute_force(h):
    """Independent: the seat to play's worlds in the dummy-hands variant written out by hand. Tricks 1-5:
    every placement of the opponent's personal cards among the cards the seat cannot see (the pack less
    its hand, both dealt dummies, the cards played and the turned-down upcard), respecting the suits
    the opponent showed out of in this set; tricks 6-10: the dummies, face up, are the only world. Each
    world solved by solver.card_values on a plain two-player position of the set under way; per legal
    card the uniform mean of (the side's tricks in the set, its points for the set)."""
    seat, trump = h.to_act, h.trump
    opp = Seat.S if seat == Seat.N else Seat.N
    second = h.dummy_phase
    tricks = list(h.tricks)[5:] if second else list(h.tricks)
    played = 0
    for t in h.tricks:
        played |= mask_of(t.cards)
    current = list(h.current_trick)
    played |= mask_of([c for _s, c in current])
    void = set()
    for t in tricks + ([] if not current else [None]):
        seats_cards = list(zip(t.seats, t.cards)) if t is not None else current
        led = effective_suit(seats_cards[0][1], trump)
        for s, c in seats_cards:
            if s == opp and effective_suit(c, trump) != led:
                void.add(led)
    mine = h.holding(seat)
    if second:
        options = [h.holding(opp)]
    else:
        gone = played | mine | h.dealt_dummy(Seat.N) | h.dealt_dummy(Seat.S) | h.upcard.mask
        unseen = [c for c in cards_of((1 << 24) - 1) if not gone & c.mask]
        need = bin(h.holding(opp)).count("1")
        options = [mask_of(x) for x in itertools.combinations(unseen, need)
                   if not any(effective_suit(c, trump) in void for c in x)]
    won = {"N": 0, "S": 0}
    for t in tricks:
        won[t.winner.name] += 1
    makers = h.maker.name
    sums = {}
    for other in options:
        deal = f"{seat.name}:{format_cards(mine)} {opp.name}:{format_cards(other)}"
        leader = current[0][0] if current else h.leader
        pos = Position.parse(deal, trump, leader, makers, played=" ".join(str(c) for _s, c in current),
                             tricks_won=won, rules=Rules(players=2))
        for card, t in card_values(pos).items():
            mk = t if seat.name == makers else 5 - t
            pts = points_for(mk) if seat.name == makers else -points_for(mk)
            sums.setdefault(card, []).append((t, pts))
    return {card: np.mean(v, axis=0) for card, v in sums.items()}, len(options)


@pytest.mark.parametrize("seed, cards", [(1, 4), (2, 5), (3, 6), (5, 7), (8, 10), (13, 13), (21, 16)])
def test_dummy_hands_play_matches_a_brute_force(seed, cards):
    h = dummy_hand(seed, cards)
    if len(h.legal_actions()) < 2:
        h.apply(h.legal_actions()[0])
    want, n = dummy_brute_force(h)
    view = h.view(h.to_act)
    built = seat_view(**view.to_dict())                       # the keyword front door gives the same view
    assert built == view
    a = advise_play(built, Method(worlds=50, seed=1))
    assert a.exact and a.worlds == a.total == n and (n == 1) == view.dummy_phase
    assert {str(c.card) for c in a.cards} == set(want)
    for c in a.cards:
        t, p = want[str(c.card)]
        assert c.expected_tricks == pytest.approx(t) and c.expected_points == pytest.approx(p)
    assert any("set of five under way" in note for note in a.notes)
    assert a.model is None and any("dummy-hands" in note for note in a.notes)


def test_dummy_hands_views_need_their_dummies():
    h = dummy_hand(1, 4)
    kw = h.view(h.to_act).to_dict()
    with pytest.raises(EuchreError, match="dummies"):
        seat_view(**{k: v for k, v in kw.items() if k != "dummies"})
    with pytest.raises(EuchreError, match="dummy"):
        seat_view(**dict(kw, dummies=kw["dummies"].replace("N:", "N:" + kw["hand"].split()[0] + " ", 1)))
    plain = dict(kw, rules=Rules(players=2).to_dict())
    with pytest.raises(EuchreError, match="dummy_hands"):
        seat_view(**plain)


def test_dummy_hands_cli_and_http_are_the_library_answer(capsys, client):
    from solver.cli import main
    for seed, cards in ((1, 4), (8, 10)):                     # tricks 1-5 and tricks 6-10
        h = dummy_hand(seed, cards)
        kw = h.view(h.to_act).to_dict()
        want = json.loads(json.dumps(advise_play(seat_view(**kw), Method(worlds=50, seed=3)).to_dict()))
        tricks = "; ".join(" ".join(t) for t in kw["tricks"])
        args = ["play", "--seat", kw["seat"], "--hand", kw["hand"], "--dealer", kw["dealer"], "--upcard",
                kw["upcard"], "--calls", " ".join(kw["calls"]), "--tricks", tricks, "--players", "2",
                "--dummy-hands", "--dummies", kw["dummies"], "--worlds", "50", "--seed", "3", "--json"]
        assert main(args) == 0
        assert json.loads(capsys.readouterr().out) == want
        body = {**kw, "worlds": 50, "seed": 3}
        resp = client.post("/v1/play", json=body)
        assert resp.status_code == 200, resp.get_json()
        assert resp.get_json() == want
    resp = client.post("/v1/play", json={k: v for k, v in body.items() if k != "dummies"})
    assert resp.status_code == 422 and "dummies" in resp.get_json()["detail"]
    i = args.index("--dummies")
    assert main(args[:i] + args[i + 2:]) == 2                           # no --dummies: one clear error line
    err = capsys.readouterr().err
    assert "dummies" in err and "Traceback" not in err
    doc = client.get("/openapi.json").get_json()
    assert "dummies" in doc["components"]["schemas"]["PlayRequest"]["properties"]
