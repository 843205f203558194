"""benchmarks/studies/fit_match.py: its agent decides exactly as the advisor agent does with its fit in force, and
leaves the module's fit as it found it."""

import pytest
from conftest import benchmark_module

from solver import Method
from solver.advisor import bid_question_view
from solver.advisor.single_dummy import DEFAULT_NAME, default_model, using_model
from solver.match.agents import AdvisorAgent

@pytest.fixture(scope="module")
def study():
    return benchmark_module("studies/fit_match.py")


def test_the_fit_agent_bids_as_the_advisor_agent_under_its_fit(study):
    # E holding the three top trumps and two small cards: the fits part on alone or with partner
    view = bid_question_view("Jh Jd Ah 9c Ts", "9h", "E", "N", 1)
    other = next(name for name in ("single-dummy-v3", "single-dummy-v5") if name != DEFAULT_NAME)
    for fit in ("single-dummy-v3", "single-dummy-v5"):
        agent = study.FitAgent(fit, Method(worlds=400))
        reference = AdvisorAgent(method=Method(worlds=400))
        agent.new_deal(7)
        reference.new_deal(7)
        with using_model(fit):
            want = reference.bid(view)
        assert agent.bid(view) == want
        assert default_model().name == DEFAULT_NAME          # the module's fit restored after the decision
    assert study.agent(other, 50).fit == other and study.agent("policy", 50) == "policy"


@pytest.mark.parametrize("decision", ["bid", "exchange", "discard", "give", "defend", "play"])
def test_every_decision_runs_under_the_agents_fit(study, monkeypatch, decision):
    seen = []
    monkeypatch.setattr(AdvisorAgent, decision, lambda self, view: seen.append(default_model().name) or "x")
    for fit in ("single-dummy-v4", "single-dummy-v5"):
        assert getattr(study.FitAgent(fit, Method(worlds=50)), decision)("a view") == "x"
    assert seen == ["single-dummy-v4", "single-dummy-v5"] and default_model().name == DEFAULT_NAME


@pytest.mark.parametrize("argv, named", [
    (["--a", "single-dummy-v9", "--b", "policy"], "no shipped fit of that name (the fits: single-dummy-v1"),
    (["--a", "policy", "--b", "nope"], "agent 'nope': unknown"),
    (["--a", "policy", "--b", "random", "--worlds", "5"], "argument --worlds: '5': must be 10.."),
])
def test_a_bad_agent_or_worlds_is_a_usage_error_before_the_match(study, capsys, argv, named):
    with pytest.raises(SystemExit) as stop:
        study.main([*argv, "--deals", "1"])
    assert stop.value.code == 2 and named in capsys.readouterr().err
