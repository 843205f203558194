"""benchmarks/studies/rollout_play_classes.py: its questions are reproducible and are the class they claim."""
import importlib.util
import sys
from pathlib import Path

import pytest

from solver import seat_view
from solver.laws import TRICKS, side_of
from solver.match.protocol import legal_cards

STUDY = Path(__file__).resolve().parents[1] / "benchmarks" / "studies" / "rollout_play_classes.py"


@pytest.fixture(scope="module")
def study():
    sys.path.insert(0, str(STUDY.parents[1]))          # benchmarks/, for _common
    spec = importlib.util.spec_from_file_location("rollout_play_classes", STUDY)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


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
