"""Names: no function hides a subpackage, the old names keep working for a release (and warn), ``to_dict``
everywhere, and every type a user builds or gets back is exported from :mod:`solver`."""
from __future__ import annotations

import importlib
import types
import warnings
from pathlib import Path

import pytest

import solver
from conftest import bid_advice
from solver import Method, seat_view

EGN = Path(__file__).parent / "data" / "egn"
RENEGE = EGN / "renege-test.egn"


def test_the_subpackages_are_not_hidden_by_functions():
    for name in ("review", "match"):
        package = importlib.import_module(f"solver.{name}")
        assert isinstance(getattr(solver, name), types.ModuleType) and getattr(solver, name) is package
    assert solver.review.content_seed is importlib.import_module("solver.review.seeds").content_seed
    from solver import review                           # what hid the package before
    assert review.content_seed is solver.review.seeds.content_seed
    assert solver.match.play_match is solver.play_match


def _warned(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        out = call()
    assert [w.category for w in caught] == [DeprecationWarning], caught
    assert caught[0].filename == __file__                # the warning points at the caller's line
    return out, str(caught[0].message)


@pytest.mark.slow
def test_the_old_review_names_work_and_warn():
    want = solver.review_game(RENEGE, method=Method(worlds=10, seed=3, examples=3)).to_dict()
    got, message = _warned(lambda: solver.review(RENEGE, method=Method(worlds=10, seed=3, examples=3)))
    assert got.to_dict() == want and "use solver.review_game" in message
    got, message = _warned(lambda: solver.review.review(RENEGE, method=Method(worlds=10, seed=3, examples=3)))
    assert got.to_dict() == want and message.startswith("solver.review.review is deprecated")


def test_the_old_match_names_work_and_warn():
    want = solver.play_match("policy", "random", deals=3, seed=5).to_dict()
    got, message = _warned(lambda: solver.match("policy", "random", deals=3, seed=5))
    assert got.to_dict() == want and "use solver.play_match" in message
    got, _ = _warned(lambda: solver.match.match("policy", "random", deals=3, seed=5))
    assert got.to_dict() == want


def test_records_say_to_dict_and_keep_to_json_for_a_release():
    game = solver.load_egn(EGN / "vwec-finals.egn")
    data, message = _warned(game.to_json)
    assert data == game.to_dict() and "EGNGame.to_dict" in message
    record = solver.load_dummy_record(Path(__file__).parent / "data" / "dummy-hands-game.json")
    data, _ = _warned(record.to_json)
    assert data == record.to_dict()


def test_every_public_name_exists_and_the_new_code_warns_nothing():
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        for name in solver.__all__:
            assert hasattr(solver, name), name
        solver.review_game(RENEGE, method=Method(worlds=10, seed=1, examples=3))
        solver.play_match("policy", "random", deals=1, seed=1)


def test_the_types_users_build_and_get_back_are_exported():
    deal = "N:Jh Ah Kh 9c 9s E:Qh Th Ac Kc Qc S:Jd Ad Kd Qd Td W:As Ks Qs Js Ts"
    pos = solver.Position.parse(deal, "h", "W")
    hand = solver.Hand.from_deal(deal, upcard="9h", dealer="S")
    advice = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", worlds=10, seed=1)
    view = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s",
                calls=["Pass", "Pass", "Pass", "Pass", "Pass", "h"], alone=False, tricks=[])
    play = solver.advise_play(seat_view(**view), Method(worlds=10, seed=1))
    game = solver.load_egn(EGN / "vwec-finals.egn")
    review = solver.review_game(RENEGE, method=Method(worlds=10, seed=1, examples=3))
    matched = solver.play_match("policy", "random", deals=1, seed=1)
    par = solver.par(deal, upcard="9h", dealer="S")
    got = [
        (pos, solver.Position), (solver.solve(pos), solver.SolveResult), (hand, solver.Hand),
        (solver.analyse_play(pos, ["As"])[0], solver.PlayStep), (solver.dd_table(deal), solver.DDTable),
        (advice, solver.Advice), (advice.options[0], solver.Option), (play, solver.PlayAdvice),
        (play.cards[0], solver.CardAdvice), (solver.win_probability({"NS": 1, "EW": 2}, "S"), solver.WinChance),
        (solver.advisor.hand_outcomes(0), solver.HandOutcomes),
        (solver.sample_worlds(**view, worlds=10, seed=1), solver.ViewWorlds),
        (game, solver.EGNGame), (game.deals[0], solver.EGNDeal),
        (review, solver.Review), (review.deals[0], solver.DealReview),
        (matched, solver.MatchResult), (matched.tables[0], solver.TableRecord),
        (par, solver.Par), (par.steps[0], solver.ParStep), (solver.Game(), solver.Game),
    ]
    for value, cls in got:
        assert type(value) is cls, (type(value), cls)
        assert cls.__name__ in solver.__all__


def test_calling_a_package_that_never_was_a_function_is_still_an_error():
    with pytest.raises(TypeError):
        solver.bidding()
