"""Issue 12 item 3: the review judges calls and cards by the chance of winning the game at each deal's score."""
import json

import pytest

from solver import EuchreError, Rules, laws, load_egn, review_game as review, win_probability
from solver.game import Game, Hand
from solver.records import dump_egn
from solver.review import GAME_WIN

from conftest import EGN_DIR
from solver import Method

#: The issue's example: W (Jh Jd Ah Kh Ac) facing the 9h with S dealing. Ordering up with the partner
#: marches in every world; alone scores more points on average but only sometimes all five.
DEAL = "N:9c 9s Ts Qs Ks E:Td Qd Kd Ad 9d S:Tc Jc Qc Kc As W:Jh Jd Ah Kh Ac"


def record(scores, alone: bool) -> str:
    """EGN text of one deal at ``scores`` (NS, EW): W orders up (alone or not), S discards; the record
    stops before play (the call is all that is judged)."""
    g = Game(dealer="S", scores=scores)
    g.deal(hands=DEAL, upcard="9h")
    h = g.current
    for action in ["order", "discard As", "alone" if alone else "partner"]:
        h.apply(action)
    return dump_egn(g)


def by_hand(option, score: dict, rules=Rules()) -> float:
    """EW's chance of the game after the option, from its outcome distribution {EW points: chance} and
    win_probability at each new score (the next hand dealt by W, left of S); a side at 10 has won."""
    total = 0.0
    for points, chance in option.outcomes.items():
        after = dict(score)
        after["EW" if points > 0 else "NS"] += abs(points)
        if after["EW"] >= rules.winning_score:
            p = 1.0
        elif after["NS"] >= rules.winning_score:
            p = 0.0
        else:
            # the double-dummy table: the reviews here judge without inference, so double dummy (the first
            # version's figures; solver.review.deals.check_valuation_option)
            p = win_probability(after, dealer="W", rules=rules, valuation="double_dummy")["EW"]
        total += chance * p
    return total


SCORE = {"NS": 9, "EW": 8}


def test_the_partner_call_that_wins_fewer_points_wins_the_game_and_is_not_flagged():
    text = record((9, 8), alone=False)
    by_game = review(load_egn(text), method=Method(worlds=300, seed=5, inference=False, examples=3))
    [call] = by_game.deals[0].calls
    assert by_game.deals[0].score == SCORE and call.call == "order"
    partner, loner = call.advice.option("order"), call.advice.option("order alone")
    assert loner.expected_points > partner.expected_points + 0.3       # by points the loner is better
    assert by_hand(partner, SCORE) == 1.0 > by_hand(loner, SCORE) + GAME_WIN
    assert call.game["best"] == "order" and call.game["loss"] == 0.0 and call.game["p_win_game"] == 1.0
    assert not call.mistakes
    # by points the same call is a mistake: the loner's extra points
    by_points = review(load_egn(text), method=Method(worlds=300, seed=5, inference=False, examples=3), score=False)
    [old] = by_points.deals[0].calls
    assert old.game is None and old.best == "order alone"
    assert [m.points for m in old.mistakes] == [pytest.approx(loner.expected_points - partner.expected_points)]


def test_the_loner_that_wins_more_points_loses_the_game_and_is_flagged_by_it():
    text = record((9, 8), alone=True)
    r = review(load_egn(text), method=Method(worlds=300, seed=5, inference=False, examples=3))
    [call] = r.deals[0].calls
    partner, loner = call.advice.option("order"), call.advice.option("order alone")
    want = 1.0 - by_hand(loner, SCORE)
    assert call.game["loss"] == pytest.approx(want, abs=1e-9) and want > GAME_WIN
    assert call.game["p_win_game"] == pytest.approx(by_hand(loner, SCORE), abs=1e-9)
    assert call.game["best"] == "order" and call.game["best_p_win_game"] == 1.0
    lo, hi = call.game["interval"]
    assert 0 < lo <= want <= hi
    [m] = call.mistakes
    assert m.best == ("order up",) and m.win == pytest.approx(want, abs=1e-9) and m.win_interval == (lo, hi)
    assert m.points == pytest.approx(partner.expected_points - loner.expected_points)      # negative
    d = r.to_dict()
    assert d["deals"][0]["judged_by"] == "game" and d["deals"][0]["score"] == SCORE
    assert d["deals"][0]["calls"][0]["game"]["loss"] == round(want, 4)
    assert d["deals"][0]["mistakes"][0]["win"] == round(want, 4)
    assert d["players"]["W"]["win_lost"] == round(want, 4)
    assert d["judging"]["by_score"] is True
    text_out = r.text()
    assert "judged by the chance of winning the game from NS 9, EW 8" in text_out
    assert f"P(win game) -{want:.3f}" in text_out
    # by points the loner is the best call: nothing to flag
    assert not review(load_egn(text),
                      method=Method(worlds=300, seed=5, inference=False, examples=3), score=False).deals[0].calls[0].mistakes


@pytest.mark.slow
def test_double_dummy_win_figures_follow_win_probability():
    r = review(EGN_DIR / "vwec-finals.egn", method=Method(worlds=20, seed=2, inference=False, examples=3))
    game = load_egn(EGN_DIR / "vwec-finals.egn")
    checked = 0
    for deal, rec in zip(r.deals, game.deals):
        before = {"NS": rec.score_before[0], "EW": rec.score_before[1]}
        assert deal.score == before and deal.by_points is None
        nxt = laws.next_seat(int(rec.hand.dealer), 4)
        for c in deal.cards:
            if c.dd is None:
                continue
            side = laws.side_name(laws.side_of(int(c.seat)), 4)
            other = "EW" if side == "NS" else "NS"
            for card, points in c.dd.points.items():
                after = dict(before)
                after[side if points > 0 else other] += abs(points)
                want = (1.0 if after[side] >= 10 else 0.0 if after[other] >= 10
                        else win_probability(after, dealer=nxt, rules=game.rules, valuation="double_dummy")[side])
                assert c.dd.wins[card] == pytest.approx(want, abs=1e-12)     # the cards: the double-dummy table
                checked += 1
            assert c.dd.win_cost == pytest.approx(max(c.dd.wins[x] for x in c.candidates) - c.dd.wins[c.card])
    assert checked > 100


@pytest.mark.slow
def test_card_flags_are_by_the_game_and_losses_are_consistent():
    r = review(EGN_DIR / "vwec-finals.egn", method=Method(worlds=40, seed=2, inference=False, examples=3))
    for deal in r.deals:
        for c in deal.cards:
            if c.info is None:
                continue
            g = c.info.game
            assert set(g["p_win_game"]) == set(c.info.points)
            best = g["best"][0]
            assert g["loss"] == pytest.approx(g["p_win_game"][best] - g["p_win_game"][c.card], abs=1e-9)
            assert g["interval"][0] <= g["loss"] + 1e-12 and g["loss"] <= g["interval"][1] + 1e-12
            flagged = [m for m in c.mistakes if m.kind == "information-set"]
            should = g["loss"] >= GAME_WIN - 1e-12 and (c.info.exact or g["interval"][0] > 0)
            assert bool(flagged) == should
            if flagged:
                assert flagged[0].win == g["loss"] and flagged[0].best == tuple(str(x) for x in g["best"])


def test_a_record_without_scores_is_judged_by_points():
    h = Hand(Rules(), dealer="N")
    h.deal(rng=2)
    for _ in range(3):
        h.pass_()
    r = review(h, method=Method(worlds=20, seed=1, inference=False, examples=3))
    deal = r.deals[0]
    assert deal.score is None and deal.by_points == "a single hand: the record has no game score"
    assert all(c.game is None for c in deal.calls)
    assert r.to_dict()["deals"][0]["judged_by"] == "points"
    assert "judged by points: a single hand" in r.text()
    plain = review(h, method=Method(worlds=20, seed=1, inference=False, examples=3), score=False)
    assert plain.deals[0].to_dict() == {k: v for k, v in deal.to_dict().items()
                                        if k not in ("judged_by", "score", "by_points")}


def test_a_game_already_over_and_an_uncovered_variant_say_why():
    from solver.review import deal_score
    assert deal_score(Rules(), (10, 4), "N") == (None, "the game was already over at 10-4 (target 10)")
    score, why = deal_score(Rules(joker=True, loner_lead="left_of_dealer"), (3, 4), "N")
    assert score is None and "no game odds" in why and "joker True" in why
    assert deal_score(Rules(players=2), (3, 4), "S") == ({"N": 3, "S": 4}, None)
    assert deal_score(Rules(players=2, dummy_hands=True), (3, 4), "S") == ({"N": 3, "S": 4}, None)


@pytest.mark.parametrize("start,order_wins", [((8, 8), 0.5), ((8, 7), 1.0), ((7, 8), 0.0), ((2, 3), None)])
def test_a_dummy_hands_record_is_judged_by_the_game_set_by_set(start, order_wins):
    """The paper hand: N's personal hearts march (+2 N) and S's dummies march (+2 S) whatever S holds.
    Each set's points go to their own side: at 8-8 ordering ties 10-10 (no winner: half), at 8-7 N wins
    10-9, at 7-8 S wins 9-10. Every card's double-dummy chance is its set's points for its side plus the
    other set's (the dummies' as played double dummy in tricks 1-5, the personal hands' as recorded in
    tricks 6-10), read from the rules and win_probability."""
    from solver.records import load_game
    data = json.loads((EGN_DIR.parent / "dummy-hands-game.json").read_text())
    data["metadata"]["initialScore"] = list(start)
    data["metadata"].pop("finalScore", None)
    rules = Rules(players=2, dummy_hands=True)
    r = review(load_game(data), method=Method(worlds=20, seed=1, examples=3))
    deal = r.deals[0]
    assert deal.score == {"N": start[0], "S": start[1]} and deal.by_points is None
    [call] = deal.calls
    want = order_wins if order_wins is not None else win_probability({"N": start[0] + 2, "S": start[1] + 2},
                                                                     "N", rules)["N"]
    assert call.call == "order" and call.game["p_win_game"] == pytest.approx(want, abs=1e-12)
    other_set = {"N": -2, "S": 2}          # in tricks 1-5: the dummies' set, S marching
    done_set = {"N": 2, "S": -2}           # in tricks 6-10: the personal set as recorded, N marching
    checked = 0
    for c in deal.cards:
        if c.dd is None:
            continue
        me = str(c.seat)
        them = "S" if me == "N" else "N"
        extra = done_set[me] if (c.trick or 0) > 5 else other_set[me]
        for card, points in c.dd.points.items():
            score = {"N": start[0], "S": start[1]}
            for v in (points, extra):
                score[me if v > 0 else them] += abs(v)
            if max(score.values()) >= 10:
                p = 1.0 if score[me] > score[them] else 0.0 if score[them] > score[me] else 0.5
            else:
                p = win_probability(score, "N", rules)[me]
            assert c.dd.wins[card] == pytest.approx(p, abs=1e-12), (c.where, me, card)
            checked += 1
    assert checked >= 20


@pytest.mark.parametrize("bad", ["yes", 1, None, {"NS": 3}])
def test_a_bad_score_option_is_a_clear_error(bad):
    with pytest.raises(EuchreError, match="score"):
        review(EGN_DIR / "six-points-in-two-hands.egn", method=Method(worlds=10, examples=3), score=bad)


@pytest.mark.slow
def test_cli_by_points(capsys):
    from solver.cli import main
    path = str(EGN_DIR / "six-points-in-two-hands.egn")
    assert main(["review", path, "--worlds", "10", "--seed", "4", "--json", "--no-inference", "--by-points"]) == 0
    out = json.loads(capsys.readouterr().out)["reviews"][0]
    assert out["judging"]["by_score"] is False and "judged_by" not in out["deals"][0]
    lib = review(path, method=Method(worlds=10, seed=4, inference=False, examples=3), score=False).to_dict()
    assert out == json.loads(json.dumps(lib))
    assert main(["review", path, "--worlds", "10", "--seed", "4", "--json", "--no-inference"]) == 0
    scored = json.loads(capsys.readouterr().out)["reviews"][0]
    assert scored["judging"]["by_score"] is True and scored["deals"][1]["judged_by"] == "game"


@pytest.fixture()
def client():
    from api import create_app
    return create_app({"TESTING": True}).test_client()


@pytest.mark.slow
def test_http_review_score_option(client):
    egn = json.loads((EGN_DIR / "six-points-in-two-hands.egn").read_text())
    for score in (True, False):
        resp = client.post("/v1/review", json={"egn": egn, "worlds": 10, "seed": 1, "inference": False,
                                               "score": score})
        assert resp.status_code == 200, resp.get_json()
        lib = review(load_egn(egn),
                     method=Method(worlds=10, seed=1, inference=False, examples=3), score=score).to_dict()
        assert resp.get_json() == json.loads(json.dumps(lib))
    bad = client.post("/v1/review", json={"egn": egn, "worlds": 10, "score": "yes"})
    assert bad.status_code == 422 and bad.mimetype == "application/problem+json"
    assert "score" in json.dumps(bad.get_json())
    assert "judge each deal by the chance of winning the game" in json.dumps(client.get("/openapi.json").get_json())
