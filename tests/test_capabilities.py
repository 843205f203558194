"""The capability table (solver.capabilities) and the valuation strategies (solver.advisor.valuation): one place
for which analysis covers which rule, the same refusal at every door, and no valuation name compared outside
its module."""
import itertools
import re
from pathlib import Path

import pytest

from solver import Method, Rules, RulesError, advise_defend, advise_exchange, par, play_match, seat_view
from solver.advisor.valuation import (BID_ONLY, STRATEGIES, VALUATIONS, parse_valuation, unsupported,
                                      valuation_strategy)
from solver.capabilities import CAPABILITIES, RULES, check_covers, markdown_table, refusal
from solver.cli import main
from conftest import bid_advice
from conftest import exchange_advice

ROOT = Path(__file__).resolve().parent.parent


def _variants():
    """Every valid Rules value over the switches the valuations' limits read (players, joker, dummy hands,
    no trump, farmers, go_under)."""
    out = []
    for players, joker, dummy, nt, farmers, under in itertools.product((4, 2), *[(False, True)] * 5):
        try:
            out.append(Rules(players=players, joker=joker, dummy_hands=dummy, allow_no_trump=nt, farmers=farmers,
                             go_under=under))
        except RulesError:
            pass
    return out


def _covered_before(valuation: str, r: Rules) -> bool:
    """The valuations' limits as the if-chain before the table stated them (the reference the table must
    keep, variant for variant)."""
    if valuation == "double_dummy":
        return True
    if r.dummy_hands:
        return False
    if valuation == "rollout":
        return r.players == 4 and not r.joker and not r.kitty_exchange
    if r.players != 4 or r.joker or r.allow_no_trump:
        return False
    return not (valuation == "playout" and r.kitty_exchange)


@pytest.mark.parametrize("valuation", ["single_dummy", "double_dummy", "playout", "rollout"])
def test_each_valuation_covers_the_variants_it_did(valuation):
    variants = _variants()
    # four players: 8 without the joker (no trump x farmers x go_under), 1 with it; two: 4 without, 2 with
    assert len(variants) == 15
    for r in variants:
        assert (unsupported(valuation, r) is None) == _covered_before(valuation, r), r


def test_the_strategies_say_what_the_names_did():
    assert VALUATIONS == ("single_dummy", "double_dummy", "playout", "rollout")
    assert {n: v.table for n, v in STRATEGIES.items()} == {"double_dummy": "double_dummy", "single_dummy": "single_dummy",
                                                          "playout": "single_dummy", "rollout": "single_dummy"}
    assert BID_ONLY == {"rollout"}
    assert [n for n, v in STRATEGIES.items() if v.plays_out] == ["playout", "rollout"]
    assert [n for n, v in STRATEGIES.items() if v.fitted] == ["single_dummy"]
    assert [n for n, v in STRATEGIES.items() if v.uses_inner_worlds] == ["playout"]
    assert valuation_strategy("Single Dummy") is STRATEGIES["single_dummy"] is valuation_strategy(STRATEGIES["single_dummy"])
    assert repr(valuation_strategy("playout")) == "valuation_strategy('playout')"
    assert valuation_strategy("double-dummy").play_words(20) == "double dummy"
    assert valuation_strategy("playout").assumption(7).endswith("over 7 uniform worlds of that view (double dummy within each)")


def test_a_refusal_names_the_analysis_the_rule_and_its_switch():
    assert refusal("par", Rules(players=2, dummy_hands=True)) == (
        "par: does not cover the dummy-hands variant (Rules(players=2, dummy_hands=True)); its ten tricks are two "
        "scored sets")
    assert refusal("advise_defend", Rules()) == ("advise_defend: needs defending alone (Rules(defend_alone=True)); "
                                                 "these rules do not let a defender defend alone")
    assert refusal("par", Rules(joker=True)) is None and refusal("advise_defend", Rules(defend_alone=True)) is None
    # the dummy-hands variant is a two-player game too: the narrower rule is the one named
    assert "the dummy-hands variant" in refusal("valuation:single_dummy", Rules(players=2, dummy_hands=True))
    with pytest.raises(RulesError, match=r"^deal 3: branch: does not cover the dummy-hands variant"):
        check_covers("branch", Rules(players=2, dummy_hands=True), where="deal 3")


def test_every_door_of_the_library_refuses_through_the_table():
    dummy = Rules(players=2, dummy_hands=True)
    cases = [
        ("par", dummy, lambda: par("N:Jc Js Ac Kc 9h S:Ad As Qc Th Jh", upcard="9c", dealer="S", rules=dummy)),
        ("advise_defend", Rules(), lambda: advise_defend(
            seat_view(seat="E", hand="9c Tc 9d Td Qd", dealer="S", upcard="9h", calls=["Pass", "Pass", "Pass", "Pass", "s"],
            alone=True), Method(worlds=10, seed=1))),
        ("advise_exchange", Rules(), lambda: exchange_advice("9h 9d Th Qh Qs", "9c", "N", "S", Rules(), worlds=10)),
        ("match", dummy, lambda: play_match("policy", "random", deals=2, seed=1, rules=dummy)),
        ("valuation:single_dummy", Rules(joker=True), lambda: bid_advice(
            "9h 9s Ts Jc Qh", "Ks", "E", "N", 2, Rules(joker=True), worlds=20, seed=1, valuation="single_dummy")),
        ("valuation:playout", Rules(farmers=True), lambda: parse_valuation("playout", Rules(farmers=True))),
    ]
    for analysis, rules, call in cases:
        with pytest.raises(RulesError) as err:
            call()
        assert str(err.value) == refusal(analysis, rules)


def test_the_same_refusal_at_the_cli_and_over_http(capsys):
    from api import create_app
    want = refusal("valuation:single_dummy", Rules(joker=True))
    assert main(["advise", "--hand", "9h 9s Ts Jc Qh", "--upcard", "Ks", "--seat", "E", "--dealer", "N", "--round",
                 "2", "--worlds", "20", "--joker", "--valuation", "single-dummy"]) == 2
    assert want in capsys.readouterr().err
    client = create_app({"TESTING": True}).test_client()
    got = client.post("/v1/advise", json={"hand": "9h 9s Ts Jc Qh", "upcard": "Ks", "seat": "E", "dealer": "N",
                                          "round": 2, "worlds": 20, "seed": 1, "rules": {"joker": True},
                                          "valuation": "single_dummy"})
    assert got.status_code == 422 and got.content_type == "application/problem+json"
    assert got.get_json()["detail"] == want
    got = client.post("/v1/exchange", json={"hand": "9h 9d Th Qh Qs", "upcard": "9c", "seat": "N", "dealer": "S",
                                            "rules": {}, "worlds": 10, "seed": 4})
    assert got.status_code == 422 and got.get_json()["detail"] == refusal("advise_exchange", Rules())


def test_the_docs_show_the_table_of_the_code():
    text = (ROOT / "docs" / "rules.md").read_text()
    shown = re.search(r"<!-- capabilities -->\n(.*?)\n<!-- /capabilities -->", text, re.S)
    assert shown is not None, "docs/rules.md lacks the capability table between its markers"
    assert shown.group(1).strip() == markdown_table()
    for name in RULES:
        assert f"`{name}`" in text, f"docs/rules.md does not say what the column {name} means"
    assert len(CAPABILITIES) == markdown_table().count("\n") - 1


def test_no_valuation_name_is_compared_outside_its_module():
    pattern = re.compile(r"""(==|!=|\bin)\s*\(?\s*["'](single_dummy|double_dummy|playout|rollout)["']""")
    found = []
    for path in itertools.chain((ROOT / "solver").rglob("*.py"), (ROOT / "api").rglob("*.py")):
        if path.name == "valuation.py" or path.name == "whatif.py":    # whatif's modes are a branch's, not valuations
            continue
        for n, line in enumerate(path.read_text().splitlines(), 1):
            if pattern.search(line) and not line.lstrip().startswith("#"):
                found.append(f"{path.relative_to(ROOT)}:{n}: {line.strip()}")
    assert found == [], "ask the strategy (solver.advisor.valuation.valuation_strategy) instead:\n" + "\n".join(found)


def test_the_rules_page_places_every_rule_and_every_phase():
    """A new switch of Rules needs its row in "Where each rule changes the game", a new phase its place in the
    diagram of the hand."""
    import dataclasses
    from solver.game import Phase
    text = (ROOT / "docs" / "rules.md").read_text()
    hooks = text.split("## Where each rule changes the game", 1)[1].split("\n## ", 1)[0]
    variants = hooks.split("\n| rule |", 1)[1].split("\n\n", 1)[0]      # the table of rules, after the hooks'
    rows = [line.split("|")[1] for line in variants.splitlines() if line.startswith("| `")]
    named = {name for row in rows for name in re.findall(r"`(\w+)`", row)}
    assert named == {f.name for f in dataclasses.fields(Rules)}
    diagram = text.split("## The phases of a hand", 1)[1].split("```text", 1)[1].split("```", 1)[0]
    assert re.findall(r"^\s*(?:-> )?\[?([A-Z_0-9]+)\]?", diagram, re.M) == [p.name for p in Phase]
