"""benchmarks/studies/rollout_play_classes.py: its questions are reproducible and are the class they claim."""

import pytest
from conftest import benchmark_module

from solver import seat_view
from solver.laws import TRICKS, side_of
from solver.match.protocol import legal_cards

@pytest.fixture(scope="module")
def study():
    return benchmark_module("studies/rollout_play_classes.py")


@pytest.mark.parametrize("tricks_left", [5, 2])
def test_a_question_is_the_same_for_the_same_seed_and_has_a_choice_at_its_tricks_left(study, tricks_left):
    view, side = study.draw_question(7, tricks_left, 3, agent_worlds=10)
    again, _ = study.draw_question(7, tricks_left, 3, agent_worlds=10)
    other, _ = study.draw_question(8, tricks_left, 3, agent_worlds=10)
    assert view.to_dict() == again.to_dict()
    assert view.to_dict() != other.to_dict()
    # the seat's turn, in the trick with tricks_left tricks to play, with two or more cards to choose from;
    # the row's JSON replays to the same view (the summary re-values the cards from it)
    replayed = seat_view(**view.to_dict())
    assert len(replayed.tricks) == len(view.tricks) == TRICKS - tricks_left
    assert legal_cards(replayed) == legal_cards(view) and len(legal_cards(view)) >= 2
    assert side == ("makers" if view.makers == side_of(int(view.seat), 4) else "defenders")
