"""The ladder (solver.match.ladder): every level builds its agent and plays legal deals, the noisy agent's
noise is what it says, the shipped figures are well-formed and monotone in the level and are the match's own
figures (the derive tool rerun on a few deals equals play_match), and a bad level is a LevelError naming it, at
make_agent, at ``euchre match`` and as HTTP 422 on the play page's setup."""
import importlib.util
import json
import pathlib

import pytest

from api.app import create_app
from solver import play_match
from solver.errors import ArgumentError, EuchreError, LevelError
from solver.game import DealCards, Hand, Phase
from solver.match.agents import AdvisorAgent, NoisyAgent, PolicyAgent, RandomAgent, make_agent
from solver.match.ladder import LADDER_FILE, LEVELS, REFERENCE, REFERENCE_WORLDS, ladder_data, level_of, measured
from solver.match.protocol import legal_tokens
from solver.rules import Rules
from solver import Method

ROOT = pathlib.Path(__file__).resolve().parents[1]


# -- the levels build their agents -----------------------------------------------------------------
EXPECTED = {1: (RandomAgent, None), 2: (NoisyAgent, None), 3: (PolicyAgent, None), 4: (AdvisorAgent, 10),
            5: (AdvisorAgent, REFERENCE_WORLDS)}


@pytest.mark.parametrize("level", LEVELS, ids=lambda lv: lv.name)
def test_level_builds_its_agent_by_token_and_name(level):
    kind, worlds = EXPECTED[level.number]
    for name in (level.token, level.name, level.name.upper(), str(level.number), f" level:{level.number} "):
        agent = make_agent(name, worlds=999)          # the level's own worlds, whatever the match's are
        assert type(agent) is kind
        if worlds is not None:
            assert agent.worlds == worlds
    assert level_of(level.token) is level and level_of(level.name) is level


def test_levels_are_numbered_and_named_apart_from_agents():
    assert [lv.number for lv in LEVELS] == list(range(1, len(LEVELS) + 1))
    names = [lv.name for lv in LEVELS]
    assert len(set(names)) == len(names)
    for name in names:          # a level's name never hides an agent's
        assert level_of(name, strict=False) is not None
    for agent in ("random", "policy", "advisor", "double-dummy", "advisor:both"):
        assert level_of(agent, strict=False) is None


def test_every_level_plays_legal_deals_against_the_reference():
    for level in LEVELS:
        r = play_match(level.token, REFERENCE, method=Method(worlds=REFERENCE_WORLDS), deals=2, seed=3)
        assert r.deals == 2 and not r.forfeits, (level, r.forfeits)
        assert r.a == level.token


# -- the noise ------------------------------------------------------------------------------------
class Spy:
    """An agent that records what it was asked and answers the first legal token."""

    def __init__(self):
        self.asked = []

    def bid(self, view):
        self.asked.append("bid")
        return legal_tokens(view, "bid")[0]

    def discard(self, view):
        self.asked.append("discard")
        return legal_tokens(view, "discard")[0]

    def play(self, view):
        self.asked.append("play")
        return legal_tokens(view, "play")[0]


def _play_view(seed):
    """A view of the first seat to play a card, after everyone passes round 1 and the first seat names a suit."""
    rules = Rules()
    hand = Hand(rules, "N")
    hand.apply(DealCards.random(rules, rng=seed))
    while hand.phase is not Phase.PLAY:
        hand.apply(hand.legal_actions()[-1] if hand.phase is Phase.BID2 else hand.legal_actions()[0])
    return hand.view(hand.to_act)


def test_noisy_agent_with_chance_one_never_asks_the_inner_agent_for_a_card():
    spy = Spy()
    agent = NoisyAgent(spy, 1.0, seed=1)
    seen = set()
    for seed in range(40):
        view = _play_view(seed)
        card = agent.play(view)
        assert card in legal_tokens(view, "play")
        seen.add((seed, card == legal_tokens(view, "play")[0]))
    assert "play" not in spy.asked
    assert any(not first for _s, first in seen)      # random cards, not the inner agent's first one


def test_noisy_agent_plays_the_inner_card_at_the_rate_asked():
    spy = Spy()
    agent = NoisyAgent(spy, 0.5, seed=7)
    n = 400
    for i in range(n):
        agent.play(_play_view(i % 20))
    inner = spy.asked.count("play")
    # Binomial(400, 1/2): 200 +- 3 sd (30)
    assert 170 <= inner <= 230, inner
    assert agent.name == "noisy:0.5:Spy"


def test_noisy_agent_bids_as_its_inner_agent():
    rules = Rules()
    for seed in range(10):
        hand = Hand(rules, "N")
        hand.apply(DealCards.random(rules, rng=seed))
        view = hand.view(hand.to_act)
        assert make_agent("noisy:0.5:policy").bid(view) == PolicyAgent().bid(view)


@pytest.mark.parametrize("spec", ["noisy:0:policy", "noisy:1.5:policy", "noisy:x:policy", "noisy:0.5",
                                  "noisy:0.5:double-dummy", "noisy:0.5:noisy:0.5:policy"])
def test_bad_noisy_spec_is_an_argument_error_naming_it(spec):
    with pytest.raises(ArgumentError, match=spec.replace(".", r"\.")):
        make_agent(spec)


# -- the shipped figures ----------------------------------------------------------------------------
def test_shipped_ladder_is_well_formed_and_monotone():
    data = ladder_data()
    assert data is not None, f"{LADDER_FILE} is missing: run benchmarks/tools/derive_ladder.py"
    assert data["reference"] == {"agent": REFERENCE, "worlds": REFERENCE_WORLDS}
    assert data["provenance"]["tool"] == "benchmarks/tools/derive_ladder.py"
    rows = {row["level"]: row for row in data["levels"]}
    figures = measured()
    assert sorted(figures) == [lv.number for lv in LEVELS], "a level's figure is missing or stale"
    for level in LEVELS:
        row, m = rows[level.number], figures[level.number]
        assert (row["spec"], row["worlds"], row["name"]) == (level.spec, level.worlds, level.name)
        lo, hi = m.interval
        assert lo < m.points_per_deal < hi
        assert m.deals >= 100 and row["forfeits"] == 0
        assert -4 <= lo and hi <= 4           # a deal scores at most 4 points
        assert level.measured == m
    points = [figures[lv.number].points_per_deal for lv in LEVELS]
    assert points == sorted(points) and len(set(points)) == len(points), points


def test_derive_tool_writes_the_matchs_own_figures(tmp_path):
    spec = importlib.util.spec_from_file_location("derive_ladder", ROOT / "benchmarks" / "tools" / "derive_ladder.py")
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    out = tmp_path / "ladder.json"
    tool.main(["--deals", "3", "--seed", "5", "--jobs", "1", "--levels", "novice", "--out", str(out)])
    row = json.loads(out.read_text())["levels"][0]
    r = play_match("level:2", REFERENCE, method=Method(worlds=REFERENCE_WORLDS), deals=3, seed=5)
    assert row["level"] == 2 and row["deals"] == 3
    assert row["points_per_deal"] == pytest.approx(r.points_per_deal, abs=1e-6)
    assert row["interval"] == pytest.approx(list(r.interval), abs=1e-6)


# -- bad levels ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["level:0", "level:6", "level:x", "level:", "grandmaster"])
def test_bad_level_is_a_level_error_naming_it(name):
    with pytest.raises(LevelError, match=f"level '{name}'"):
        level_of(name)


def test_make_agent_names_a_bad_level():
    with pytest.raises(LevelError, match="'level:9'"):
        make_agent("level:9")
    assert issubclass(LevelError, ArgumentError) and issubclass(LevelError, EuchreError)


@pytest.fixture
def client(tmp_path):
    return create_app({"TESTING": True, "PLAY_STORE": str(tmp_path / "tables.sqlite3")}).test_client()


FAST = {"partner": "random", "hint_worlds": 30, "review_worlds": 10, "mode": "deal"}


def test_play_setup_takes_a_level_and_stores_its_token(client):
    r = client.post("/play/api/tables", json={**FAST, "opponents": "novice", "seed": 4})
    assert r.status_code == 201, r.get_json()
    assert r.get_json()["settings"]["opponents"] == "level:2"
    r = client.post("/play/api/tables", json={**FAST, "opponents": "level:4", "partner": "Level:3", "seed": 4})
    assert r.status_code == 201, r.get_json()
    assert (r.get_json()["settings"]["partner"], r.get_json()["settings"]["opponents"]) == ("level:3", "level:4")


@pytest.mark.parametrize("bad, field", [("level:9", "opponents"), ("level:zero", "partner")])
def test_play_setup_refuses_a_bad_level_with_422_naming_it(client, bad, field):
    r = client.post("/play/api/tables", json={**FAST, field: bad})
    p = r.get_json()
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    assert p["field"] == field and f"'{bad}'" in p["detail"] and "not a level" in p["detail"]
    r = client.post("/play/new", data={field: bad})
    assert r.status_code == 422 and r.mimetype == "text/html" and bad in r.get_data(as_text=True)


def test_play_setup_page_lists_the_levels_with_their_figures(client):
    html = client.get("/play").get_data(as_text=True)
    for level in LEVELS:
        m = level.measured
        assert f'value="{level.token}"' in html
        assert f"{m.points_per_deal:+.2f} a deal" in html and f"{m.deals:,} deals" in html


def test_euchre_match_names_a_bad_level(capsys):
    from solver.cli import main
    assert main(["match", "--a", "level:9", "--b", "policy", "--deals", "2"]) == 2
    assert "level 'level:9': not a level of the ladder" in capsys.readouterr().err


def test_euchre_match_plays_a_level(capsys):
    from solver.cli import main
    main(["match", "--a", "novice", "--b", "level:1", "--deals", "3", "--seed", "2", "--json"])
    out = json.loads(capsys.readouterr().out)
    r = play_match("level:2", "level:1", deals=3, seed=2)
    assert out["points_per_deal"] == pytest.approx(r.points_per_deal)


def test_docs_ladder_table_states_the_shipped_figures():
    text = (ROOT / "docs" / "match.md").read_text().split("## The ladder", 1)[1]
    rows = [line for line in text.splitlines() if line.startswith("| ") and line[2].isdigit()]
    assert len(rows) == len(LEVELS)
    for row, level in zip(rows, LEVELS):
        cells = [c.strip() for c in row.strip("|").split("|")]
        m = level.measured
        lo, hi = m.interval
        assert cells[:3] == [str(level.number), level.name, f"`{level.token}`"]
        assert cells[4] == f"{m.points_per_deal:+.3f} ({lo:+.3f} to {hi:+.3f})" and cells[5] == f"{m.deals:,}"
