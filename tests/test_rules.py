"""Rules: the defaults of docs/rules.md, the EGN ruleset keys with EGN's own defaults, and bad options."""
import json

import pytest

from solver import Rules, RulesError

from conftest import EGN_DIR


def test_defaults_are_the_projects():
    r = Rules()
    # docs/rules.md: thrown in when all pass twice, left of the loner leads, no joker, game to 10
    assert (r.players, r.stick_the_dealer, r.loner_lead, r.joker, r.winning_score) == (4, False, "left_of_loner", False, 10)
    assert (r.march_score, r.loner_march_score, r.euchre_score, r.lone_defender_score) == (2, 4, 2, 4)
    assert r.kitty_size == 4 and Rules(joker=True).kitty_size == 5 and Rules(players=2).kitty_size == 14
    assert Rules(players=2, dummy_hands=True).kitty_size == 4


def test_from_egn_uses_egn_defaults():
    # the EGN schema's defaults: std true, loner_lead LEFT_OF_DEALER, winning_score 10
    r = Rules.from_egn({})
    assert r.stick_the_dealer is True and r.loner_lead == "left_of_dealer"
    r = Rules.from_egn({"std": False, "loner_lead": "LEFT_OF_LONER", "joker": True, "winning_score": 5,
                        "loner_march_score": 5, "defend_alone": True})
    assert (r.stick_the_dealer, r.loner_lead, r.joker, r.winning_score, r.loner_march_score, r.defend_alone) == \
        (False, "left_of_loner", True, 5, 5, True)
    assert Rules.from_egn(r.to_egn()) == r


def test_shared_game_rulesets():
    vwec = json.loads((EGN_DIR / "vwec-finals.egn").read_text())
    r = Rules.from_egn(vwec["metadata"]["ruleset"])
    assert r.stick_the_dealer and r.loner_lead == "left_of_loner"


@pytest.mark.parametrize("ruleset,message", [
    ({"four_trick_tokens": True}, r"'four_trick_tokens' \(four-trick tokens.*\): this variant is not supported"),
    ({"min_rank": 7}, "only the 24-card pack"),
    ({"loner_lead": "RIGHT"}, "must be LEFT_OF_DEALER or LEFT_OF_LONER"),
    ({"colour": 1}, "'colour': not an EGN 1.4 ruleset key"),
])
def test_from_egn_errors(ruleset, message):
    with pytest.raises(RulesError, match=message):
        Rules.from_egn(ruleset)


@pytest.mark.parametrize("kwargs,message", [
    (dict(players=3), "players 3: must be 4 or 2"),
    (dict(loner_lead="nobody"), "loner_lead 'nobody'"),
    (dict(dummy_hands=True), "dummy_hands: the dummy-hands variant is a two-player game"),
    (dict(winning_score=-1), "winning_score -1"),
    (dict(joker="yes"), "joker 'yes': must be true or false"),
])
def test_bad_options(kwargs, message):
    with pytest.raises(RulesError) as err:
        Rules(**kwargs)
    assert message in str(err.value)


def test_from_dict_rejects_unknown_options():
    with pytest.raises(RulesError, match="rules option 'jokers': unknown"):
        Rules.from_dict({"jokers": True})
