"""What the cards told (issue 34, item 4), and reading the play at every door that judges a seat's view (item 3).

The told holdings are checked against a direct weighted count written here: the worlds drawn with the play
weighed and with the auction alone are the same worlds (the play only reweights them), so each holding's chance
is a sum of weights over the rows where a mask test holds, before and after; the holdings told must be the ones
that moved most of every (seat, card) and (seat, void) the test enumerates itself, and the card named as the one
that told most is checked by weighing each card alone through :func:`solver.play_model.play_likelihood`.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from solver import Method, advise_play
from solver.advisor.play import written
from solver.advisor.reading import MIN_MOVE, what_the_cards_told
from solver.cards import Card, Seat
from solver.errors import ArgumentError
from solver.game import Hand
from solver.inference import sample_worlds
from solver.laws import effective_suit
from solver.play_model import DEFAULT_PLAY_MODEL, play_evidence, play_likelihood

DEAL = "N:9s Qs Ac Kc Qh E:Ts Js Ah Kh Jd S:Ad Kd Td 9d Th W:Ks Qd Jc Tc 9c"


def view_after(actions, seat="S"):
    h = Hand.from_deal(DEAL, upcard="9h", dealer="S")
    for a in actions:
        h.apply(a)
    return h.view(Seat[seat])


DUCKED = ["pass", "pass", "order", "9d", "partner", "Ks", "9s", "Ts"]          # S to play to trick 1
LATER = DUCKED + ["Td", "Jc", "Kc", "Ah"]                                  # trick 2 under way, S to play


def worlds_where(w, view, key):
    """bool (n,): the worlds of ``w`` where the holding ``(seat, kind, card or suit)`` holds."""
    s, kind, x = key
    if kind == "card":
        return np.array([bool(int(row[s]) >> x & 1) for row in w.hands])
    trump = int(view.trump)
    return np.array([all(effective_suit(c, trump) != x for c in range(25) if int(row[s]) >> c & 1) for row in w.hands])


def direct_chances(w, weights, view):
    """``{(seat, kind, card or suit): chance}`` over every holding of every other seat in play, counted directly."""
    trump = int(view.trump)
    total = weights.sum()
    out = {}
    for s in view.seats_in_play:
        s = int(s)
        if s == int(view.seat):
            continue
        for c in range(24):
            if view.unseen >> c & 1:
                held = np.array([bool(int(row[s]) >> c & 1) for row in w.hands])
                out[(s, "card", c)] = float(weights[held].sum() / total)
        for u in range(4):
            void = np.array([all(effective_suit(c, trump) != u for c in range(25) if int(row[s]) >> c & 1)
                             for row in w.hands])
            out[(s, "void", u)] = float(weights[void].sum() / total)
    return out


@pytest.mark.parametrize("actions, inference", [(DUCKED, "both"), (LATER, "both"), (LATER, "play")])
def test_the_holdings_told_are_a_direct_weighted_count_and_the_ones_that_moved_most(actions, inference):
    view = view_after(actions)
    read = sample_worlds(view, worlds=400, seed=2, inference=inference)
    base = sample_worlds(view, worlds=400, seed=2, inference="auction" if inference == "both" else "none")
    assert np.array_equal(read.hands, base.hands)
    after, before = direct_chances(read, read.weights, view), direct_chances(read, base.weights, view)
    told = what_the_cards_told(read, view, top=5)
    assert told, "the play moved nothing?"
    for t in told:
        key = (int(t.seat), t.kind, int(t.card) if t.kind == "card" else int(t.suit))
        assert t.p == pytest.approx(after[key], abs=1e-12) and t.p_before == pytest.approx(before[key], abs=1e-12)
        assert t.partner == (int(t.seat) == (int(view.seat) + 2) % 4)
    # the most moved: a card counted for the seat it moved most, each void for its own seat
    moves = {k: after[k] - before[k] for k in after}
    best_seat = {}
    for (s, kind, x), m in moves.items():
        if kind == "card" and (x not in best_seat or abs(m) > abs(moves[best_seat[x]])):
            best_seat[x] = (s, kind, x)
    candidates = sorted((k for k, m in moves.items() if abs(m) >= MIN_MOVE
                         and (k[1] == "void" or best_seat.get(k[2]) == k)), key=lambda k: -abs(moves[k]))
    ranked = []                  # a holding the same as one told of its seat, or its opposite, in every world: once
    for k in candidates:
        mine = worlds_where(read, view, k)
        if not any(r[0] == k[0] and ((worlds_where(read, view, r) == mine).all()
                                     or (worlds_where(read, view, r) == ~mine).all()) for r in ranked):
            ranked.append(k)
    assert [abs(t.move) for t in told] == pytest.approx([abs(moves[k]) for k in ranked[:len(told)]], abs=1e-12)
    assert len(told) == min(5, len(ranked))
    # the card that told most: each card played by another seat weighed alone
    plays = play_evidence(view)
    for t in told:
        if t.by_card is None:
            continue
        key = (int(t.seat), t.kind, int(t.card) if t.kind == "card" else int(t.suit))
        alone = {}
        for d in plays:
            w = base.weights * play_likelihood(view, read.hands, DEFAULT_PLAY_MODEL, evidence=(d,))
            alone[(d.seat, d.card)] = direct_chances(read, w, view)[key]
        sign = np.sign(t.move)
        top = max(alone, key=lambda k: (alone[k] - before[key]) * sign)
        assert (int(t.by_seat), int(t.by_card)) == top and t.p_by == pytest.approx(alone[top], abs=1e-12)


def test_play_advice_tells_in_text_and_json_only_when_the_play_is_weighed():
    view = view_after(DUCKED)
    both = advise_play(view, Method(worlds=300, seed=1, inference="both"))
    assert both.told and "what the cards told:" in str(both)
    d = json.loads(json.dumps(both.to_dict()))
    assert d["told"] == json.loads(json.dumps(written([t.to_dict() for t in both.told])))
    assert d["told"][0]["text"] in str(both)
    auction = advise_play(view, Method(worlds=300, seed=1))
    assert auction.told == () and "told" not in auction.to_dict() and "what the cards told" not in str(auction)
    # before any card by another seat there is nothing to tell
    lead = advise_play(view_after(["pass", "pass", "order", "9d", "partner"], "W"), Method(worlds=100, seed=1,
                       inference="both"))
    assert lead.told == () and lead.to_dict()["told"] == []


def test_told_text_names_the_bowers_and_partner():
    view = view_after(LATER)
    read = sample_worlds(view, worlds=300, seed=1, inference="both")
    told = what_the_cards_told(read, view, top=50)
    labels = {t.label for t in told}
    for t in told:
        if t.kind == "card" and t.card == Card.parse("Jh"):
            assert t.label == "the right bower (Jh)"
        if t.kind == "card" and t.card == Card.parse("Jd"):
            assert t.label == "the left bower (Jd)"
        assert t.text.startswith("partner (N)" if t.partner else str(t.seat))
    assert labels


@pytest.mark.parametrize("top", [0, 51, 2.5, True, "3"])
def test_a_bad_top_is_refused_naming_it(top):
    view = view_after(DUCKED)
    read = sample_worlds(view, worlds=50, seed=1, inference="both")
    with pytest.raises(ArgumentError, match="top"):
        what_the_cards_told(read, view, top=top)


# -- the doors (item 3) ---------------------------------------------------------------------------------------
from pathlib import Path  # noqa: E402

REVIEWED = Path(__file__).parent / "data" / "egn" / "custom-scenario.egn"


def _card_steps(hand):
    """``[(step, before, record)]`` of every card played by a seat after another seat's card (something to read)."""
    from solver.game import CardPlayed
    out, seen = [], set()
    for step, (before, rec) in enumerate(hand.steps()):
        if isinstance(rec, CardPlayed):
            if seen - {rec.seat}:
                out.append((step, before, rec))
            seen.add(rec.seat)
    return out


def test_the_review_reads_the_play_when_asked_and_its_figures_are_advise_play_s():
    from solver import review_game
    from solver.records import load_egn
    from solver.review.seeds import decision_seed
    kw = dict(score=False, confirm=1)
    method = Method(worlds=40, seed=1, examples=3)
    auction = review_game(REVIEWED, method=method.replace(inference="auction"), **kw)
    both = review_game(REVIEWED, method=method.replace(inference="both"), **kw)
    assert auction.to_dict() == review_game(REVIEWED, method=method, **kw).to_dict()   # "auction" is the default, bit for bit
    assert both.inference == "both" and both.to_dict()["model"]["inference"] == "both"
    assert "play model" in both.to_dict()["method"]["information_set"] and "play model" in both.model_text
    # the calls come before any card: the same figures; the cards read after another seat's card differ
    assert [c.options for c in both.deals[0].calls] == [c.options for c in auction.deals[0].calls]
    hand = load_egn(REVIEWED).deals[0].hand
    steps = _card_steps(hand)
    plays_a = [c for c in auction.deals[0].cards if c.kind == "play"]
    plays_b = [c for c in both.deals[0].cards if c.kind == "play"]
    assert any(a.info.points != b.info.points for a, b in zip(plays_a, plays_b))
    # one card, from the seat's view: the review's information-set figures are advise_play's on the same worlds
    step, before, rec = steps[2]
    card = next(c for c in plays_b if c.seat == rec.seat and c.card == rec.card and c.trick == rec.trick + 1)
    direct = advise_play(before.view(rec.seat), Method(worlds=40, seed=decision_seed(both.seed, 0, step), inference="both",
                         valuation="double_dummy"))
    assert not direct.exact
    for c in direct.cards:
        assert card.info.points[c.card] == pytest.approx(c.expected_points, abs=1e-9)
        assert card.info.tricks[c.card] == pytest.approx(c.expected_tricks, abs=1e-9)


@pytest.mark.parametrize("bad", ["cards", "Both", 1, None])
def test_the_doors_refuse_a_bad_inference_naming_it(bad):
    from solver import review_game
    from solver.match.agents import AdvisorAgent
    with pytest.raises(ArgumentError, match="inference"):
        review_game(REVIEWED, method=Method(worlds=10, seed=1, inference=bad, examples=3))
    with pytest.raises(ArgumentError, match="inference"):
        AdvisorAgent(method={"inference": bad})


def test_the_advisor_agent_reads_the_play_when_asked():
    from solver.match.agents import AdvisorAgent, make_agent
    a = make_agent("advisor:both:double-dummy", worlds=60, seed=3)
    assert (a.inference, a.reads_calls, a.valuation) == ("both", True, "double_dummy")
    assert make_agent("advisor:play").reads_calls is False and make_agent("advisor").inference == "auction"
    view = view_after(DUCKED)
    a.new_deal(5)
    card = a.play(view)
    b = AdvisorAgent(method=Method(worlds=60, seed=3, inference="both", valuation="double_dummy"))
    b.new_deal(5)
    seed = b._seed()
    assert card == str(advise_play(view, Method(worlds=60, seed=seed, inference="both", valuation="double_dummy")).best)


def test_defend_takes_the_names_and_http_and_cli_pass_them():
    from api import create_app
    from solver import advise_defend, seat_view
    from solver.cli import main
    keys = dict(seat="W", hand="Jh Jd Ah Kc Qc", dealer="S", upcard="9h", calls="Pass Order", alone=True,
                rules={"defend_alone": True})
    view = seat_view(**keys)
    default = advise_defend(view, Method(worlds=60, seed=2)).to_dict()
    for name, same in (("auction", True), ("both", True), ("none", False), ("play", False)):
        got = advise_defend(view, Method(worlds=60, seed=2, inference=name)).to_dict()
        assert got.pop("inference") == name          # recorded as asked; the figures as the evidence weighed
        assert (got == {k: v for k, v in default.items() if k != "inference"}) == same, name
    with pytest.raises(ArgumentError, match="inference"):
        advise_defend(view, Method(worlds=60, seed=2, inference="cards"))
    client = create_app({"TESTING": True}).test_client()
    body = {"seat": "W", "hand": "Jh Jd Ah Kc Qc", "dealer": "S", "upcard": "9h", "calls": "Pass Order",
            "worlds": 60, "seed": 2}
    ok = client.post("/v1/defend", json={**body, "inference": "play"})
    assert ok.status_code == 200
    assert ok.get_json() == json.loads(json.dumps(advise_defend(view, Method(worlds=60, seed=2, inference="play")).to_dict()))
    bad = client.post("/v1/defend", json={**body, "inference": "cards"})
    assert bad.status_code == 422 and bad.headers["Content-Type"] == "application/problem+json"
    assert main(["defend", "--seat", "W", "--hand", "Jh Jd Ah Kc Qc", "--dealer", "S", "--upcard", "9h",
                 "--calls", "Pass Order", "--worlds", "60", "--seed", "2", "--inference", "play", "--json"]) == 0


def test_cli_review_takes_inference(capsys):
    from solver import review_game
    from solver.cli import main
    assert main(["review", str(REVIEWED), "--worlds", "20", "--seed", "1", "--by-points", "--inference", "both",
                 "--json"]) == 0
    got = json.loads(capsys.readouterr().out)["reviews"][0]
    want = review_game(REVIEWED, method=Method(worlds=20, seed=1, inference="both", examples=3), score=False).to_dict()
    assert got["model"]["inference"] == "both" and got["deals"] == json.loads(json.dumps(want["deals"]))
    assert main(["review", str(REVIEWED), "--inference", "both", "--no-inference"]) != 0
    assert "--no-inference and --inference both" in capsys.readouterr().err


def test_the_play_page_hint_reads_the_play_when_set():
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    made = client.post("/play/api/tables", json={"partner": "policy", "opponents": "policy", "hint_worlds": 30,
                                                 "review_worlds": 10, "hint_inference": "both", "seed": 11})
    assert made.status_code in (200, 201), made.get_json()
    state = made.get_json()
    table = state["id"]
    for _ in range(40):                        # the user's moves: the first legal one, until a card to play
        if state.get("to_act") == "S" and state.get("phase") == "play":
            break
        legal = state.get("legal") or []
        if not legal:
            state = client.post(f"/play/api/tables/{table}/next", json={"version": state["version"]}).get_json()
            continue
        state = client.post(f"/play/api/tables/{table}/act", json={"version": state["version"],
                                                                  "action": legal[0]["token"]}).get_json()
    hint = client.post(f"/play/api/tables/{table}/hint", json={"version": state["version"]}).get_json()
    assert hint["endpoint"] == "/v1/play" and hint["request"]["inference"] == "both"
    assert "told" in hint["advice"]
    bad = client.post("/play/api/tables", json={"hint_inference": "cards"})
    assert bad.status_code == 422


def test_reading_the_play_reviews_a_game_with_a_renege():
    """A renege the record shows has no chance under the play model: the review still runs, that decision's worlds
    weighed by the auction alone, and reports the renege as the auction-only review does."""
    from pathlib import Path
    from solver import load_egn, review_game
    game = load_egn(Path(__file__).parent / "data" / "egn" / "renege-test.egn")
    both = review_game(game, method=Method(worlds=20, seed=1, inference="both", examples=3))
    auction = review_game(game, method=Method(worlds=20, seed=1, inference="auction", examples=3))
    assert [m.kind for d in both.deals for m in d.mistakes if m.kind == "renege"] == \
        [m.kind for d in auction.deals for m in d.mistakes if m.kind == "renege"] != []
