"""solver.branch (what-if replay): a recorded deal played on from another call or card, double dummy (checked
against solve on the position after the alternative) and by the advisor (checked against play_on with the
same seeded agents)."""
import pytest

from solver import ArgumentError, IllegalActionError, Method, RecordError, branch, load_egn, solve
from solver.cards import Seat
from solver.game import BidMade, CardPlayed
from solver.match.agents import AdvisorAgent
from solver.rollout import agent_seed, play_on
from solver.whatif import alternatives, decisions

VWEC = "tests/data/egn/vwec-finals.egn"
DEAL = 1          # every hand of deal 1 is in the record (the discard-free deal: N calls clubs in round 2)


@pytest.fixture(scope="module")
def game():
    return load_egn(VWEC)


@pytest.fixture(scope="module")
def steps(game):
    return decisions(game.deals[DEAL].hand)


def _side_tricks(result: dict, seat: str) -> int:
    side = "NS" if seat in "NS" else "EW"
    return result["tricks"][side]


def test_steps_are_the_calls_then_the_cards_in_order(game, steps):
    h = game.deals[DEAL].hand
    calls = [r for _b, r in steps if isinstance(r, BidMade)]
    cards = [r for _b, r in steps if isinstance(r, CardPlayed)]
    assert len(calls) == 5 and len(cards) == 20 and len(steps) == 25
    assert [str(r.card) for r in cards] == [str(c) for t in game.deals[DEAL].tricks for c in t]
    assert steps[0][1].seat == Seat.N and h.dealer == Seat.W


def test_double_dummy_branch_of_each_card_ends_at_solve_of_the_position_after_it(game, steps):
    """For several card decisions and every legal card there: the branch's final tricks for the mover's side are
    the double-dummy tricks of the position after that card (solve on it), and the alternative is played."""
    checked = 0
    for k in (5, 7, 9, 14, 18):
        before, rec = steps[k]
        for card in alternatives(before):
            after = before.copy()
            after.apply(f"{card}")
            want = solve(after.position()).tricks
            got = branch(game, DEAL, k, card)
            assert got.actions[0] == {"seat": str(rec.seat), "kind": "play", "action": card,
                                      "trick": rec.trick + 1, **({"winner": got.actions[0]["winner"]}
                                                                 if "winner" in got.actions[0] else {})}
            assert got.result["tricks"] == want, (k, card)
            assert sum(1 for a in got.actions if a["kind"] == "play") == 20 - (k - 5)
            checked += 1
    assert checked >= 10


def test_double_dummy_branch_of_a_call_plays_the_contract_out_double_dummy(game, steps):
    """A call's branch: the later calls are the double-dummy agent's, then the cards end at solve of the first
    lead's position of the contract the branch reached."""
    before, _rec = steps[4]                          # N's round-2 call
    for token in ("call h", "call d alone"):
        got = branch(game, DEAL, 4, token)
        assert got.actions[0]["action"] == token and got.kind == "call"
        h = before.copy()
        h.apply(token.replace(" alone", ""))
        h.apply("alone" if token.endswith("alone") else "partner")
        assert _side_tricks(got.result, "N") == solve(h.position()).tricks["NS"]
        assert got.result["maker"] == "N" and got.result["alone"] == ("N" if token.endswith("alone") else None)


def test_recorded_action_played_on_double_dummy_scores_what_solve_says(game, steps):
    before, rec = steps[5]                           # the opening lead, the record's card
    got = branch(game, DEAL, 5, str(rec.card))
    after = before.copy()
    after.apply(str(rec.card))
    assert got.result["tricks"] == solve(after.position()).tricks
    assert got.recorded == str(rec.card) == got.action
    rr = game.deals[DEAL].hand.result
    assert got.recorded_points == rr.points[0] - rr.points[1]          # N's side is side 0
    assert got.points == got.result["points"]["NS"] - got.result["points"]["EW"]


class _Given:
    trusted = True

    def __init__(self, token):
        self.token = token

    def bid(self, view):
        return self.token

    def play(self, view):
        return self.token


@pytest.mark.parametrize("k, token", [(0, "order alone"), (10, None)])
def test_advisor_branch_is_play_on_with_the_same_seeded_agents(game, steps, k, token):
    """The advisor's continuation is exactly solver.rollout.play_on with AdvisorAgents seeded by agent_seed of
    (seed, 0, seat) at the same worlds."""
    before, _rec = steps[k]
    token = token or alternatives(before)[0]
    got = branch(game, DEAL, k, token, mode="advisor", worlds=10, seed=7)
    agents = {Seat(s): AdvisorAgent(method=Method(worlds=10, seed=agent_seed(7, 0, s))) for s in range(4)}
    done = play_on(before, _Given(token), agents)
    cards = [str(r.card) for r in done.history[len(before.history):] if isinstance(r, CardPlayed)]
    assert [a["action"] for a in got.actions if a["kind"] == "play"] == cards
    assert got.result == done.result.to_dict()
    assert got.worlds == 10 and got.seed == 7 and got.mode == "advisor"
    again = branch(game, DEAL, k, token, mode="advisor", worlds=10, seed=7)
    assert again.to_dict() == got.to_dict()


def test_a_call_with_alone_is_one_action(game):
    got = branch(game, DEAL, 0, "order alone")
    assert got.actions[0] == {"seat": "N", "kind": "call", "action": "order alone"}
    assert not any(a["kind"] == "alone" for a in got.actions)
    assert got.result["alone"] == "N"
    assert "N order alone instead of pass at round 1" in got.text


def test_bad_input_names_what_is_wrong(game):
    with pytest.raises(ArgumentError, match=r"step 25: past the end of deal 1, which has 25 decisions"):
        branch(game, DEAL, 25, "pass")
    with pytest.raises(ArgumentError, match=r"step -1: not a step of deal 1"):
        branch(game, DEAL, -1, "pass")
    with pytest.raises(ArgumentError, match=r"deal 13: the record has 13 deals"):
        branch(game, 13, 0, "pass")
    with pytest.raises(IllegalActionError, match=r"action 'call h': not legal for N at step 0 .*legal: pass, order"):
        branch(game, DEAL, 0, "call h")
    with pytest.raises(IllegalActionError, match=r"'Ah': not legal for N at step 5 \(trick 1\); legal: Tc"):
        branch(game, DEAL, 5, "Ah")
    with pytest.raises(IllegalActionError, match=r"action 'order': step 5 is N's play at trick 1, which takes a card"):
        branch(game, DEAL, 5, "order")
    with pytest.raises(ArgumentError, match=r"mode 'dd'"):
        branch(game, DEAL, 5, "Tc", mode="dd")
    with pytest.raises(ArgumentError, match=r"worlds"):
        branch(game, DEAL, 5, "Tc", mode="advisor", worlds=3)
    with pytest.raises(RecordError, match=r"deal 0, step 0: the record does not show every card of"):
        branch(game, 0, 0, "pass")


# -- HTTP: POST /v1/branch ------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def client():
    from api.app import create_app
    return create_app({"TESTING": True}).test_client()


@pytest.fixture(scope="module")
def egn_text():
    with open(VWEC, encoding="utf-8") as f:
        return f.read()


def test_http_branch_is_the_library_answer(client, game, egn_text):
    from api.schemas import BranchResponse
    for body, kw in (({"deal": DEAL, "step": 5, "action": "Ts"}, {}),
                     ({"deal": DEAL, "step": 0, "action": "order", "mode": "advisor", "worlds": 10, "seed": 2},
                      {"mode": "advisor", "worlds": 10, "seed": 2})):
        r = client.post("/v1/branch", json={"egn": egn_text, **body})
        assert r.status_code == 200, r.get_json()
        assert r.get_json() == branch(game, body["deal"], body["step"], body["action"], **kw).to_dict()
        BranchResponse.model_validate(r.get_json())


@pytest.mark.parametrize("body, field, detail", [
    ({"step": 25, "action": "pass"}, "step", "step 25: past the end of deal 1, which has 25 decisions (steps 0..24)"),
    ({"step": 0, "action": "call h"}, "action", "action 'call h': not legal for N at step 0 (round 1); legal: pass, "
                                                "order, order alone"),
    ({"deal": 40, "step": 0, "action": "pass"}, "deal", "deal 40: the record has 13 deals (0..12)"),
])
def test_http_branch_bad_input_is_422_problem_naming_it(client, egn_text, body, field, detail):
    r = client.post("/v1/branch", json={"egn": egn_text, "deal": DEAL, **body})
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    p = r.get_json()
    assert p["detail"] == detail and p["field"] == field


def test_http_branch_bounds_the_advisors_worlds(client, egn_text):
    from api.routes import MAX_BRANCH_WORLDS
    r = client.post("/v1/branch", json={"egn": egn_text, "deal": DEAL, "step": 0, "action": "pass",
                                        "mode": "advisor", "worlds": MAX_BRANCH_WORLDS + 1})
    assert r.status_code == 422 and r.get_json()["field"] == "worlds" and r.get_json()["limit"] == MAX_BRANCH_WORLDS
    assert "/v1/branch" in client.get("/openapi.json").get_json()["paths"]


def test_http_branch_bounds_worlds_double_dummy_too(client, egn_text):
    """A double-dummy branch does not read worlds, but a body over the bound is refused there too (it was taken,
    any size, and dropped); at the bound it is answered, the same as without worlds."""
    from api.routes import MAX_BRANCH_WORLDS
    body = {"egn": egn_text, "deal": DEAL, "step": 0, "action": "pass", "mode": "double_dummy"}
    r = client.post("/v1/branch", json={**body, "worlds": MAX_BRANCH_WORLDS + 1})
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    p = r.get_json()
    assert p["type"] == "/problems/over-limit" and p["field"] == "worlds" and p["limit"] == MAX_BRANCH_WORLDS
    assert p["detail"].startswith(f"worlds {MAX_BRANCH_WORLDS + 1}: ")
    at = client.post("/v1/branch", json={**body, "worlds": MAX_BRANCH_WORLDS})
    assert at.status_code == 200 and at.get_json() == client.post("/v1/branch", json=body).get_json()


# -- the review page's what-if questions ---------------------------------------------------------------------

def test_review_page_steps_carry_their_branch_question():
    from solver import review_game
    from solver.pages import review_html, review_model
    one = load_egn(VWEC)
    one.deals[:] = one.deals[:2]                   # deal 0 (an unknown discard) and deal 1 (every card shown)
    rep = review_game(one, method=Method(worlds=10, seed=1, examples=3))
    model = review_model(rep, one)
    d0, d1 = model["deals"]
    # the record does not show the dealer's discard: no branch before it (that card might still be played), one
    # at every card after it
    assert [s["branch"] is None for s in d0["steps"]] == [s["kind"] == "call" for s in d0["steps"]]
    steps = decisions(one.deals[1].hand)
    assert len(d1["steps"]) == len(steps)
    for k, s in enumerate(d1["steps"]):
        before, rec = steps[k]
        assert s["branch"] == {"deal": 1, "step": k, "alternatives": alternatives(before)}
        made = str(rec.card) if isinstance(rec, CardPlayed) else str(rec.action)
        assert s["played"].replace(" alone", "") == made and s["seat"] == str(rec.seat) == str(before.to_act)
    served = review_html(rep, one, served=True)
    assert 'class="whatif-form"' in served and '"egn": "{' in served
    offline = review_html(rep, one)
    assert "whatif-off" in offline and 'class="whatif-form"' not in offline and '"egn": null' in offline


def test_cli_branch_json_is_the_library_answer(capsys, game):
    import json
    from solver.cli import main
    assert main(["branch", VWEC, "--deal", "1", "--step", "5", "--action", "Ts", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == branch(game, DEAL, 5, "Ts").to_dict()
    assert main(["branch", VWEC, "--deal", "1", "--step", "5", "--action", "Ts"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("N Ts instead of Tc at trick 1, played on double dummy") and out.count("  trick ") == 5
    assert main(["branch", VWEC, "--deal", "1", "--step", "25", "--action", "Ts"]) == 2
    assert "step 25: past the end of deal 1" in capsys.readouterr().err
