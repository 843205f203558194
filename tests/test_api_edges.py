"""The Python API at its edges (issue 27, item 4): every call below raises a clear EuchreError
subclass naming the bad value (never IndexError, TypeError or OverflowError), and a review's
to_dict is strict JSON even when an interval is unbounded."""
import json
import math

import numpy as np
import pytest

import solver
from conftest import EGN_DIR, DATA
from solver.errors import CardError, EGNError, EuchreError, PositionError, RulesError
from solver.records import dump_dummy_record, load_dummy_record
from solver import Method

SIX = EGN_DIR / "six-points-in-two-hands.egn"


@pytest.mark.parametrize("value, words", [
    (2 ** 25, "integer 0..33554431"), (-1, "integer 0..33554431"), (True, "a bool"), (False, "a bool"),
    (1.5, "expected a card bitmask"), (None, "expected a card bitmask"), ("Jh Ah", "parse_cards"),
    ([99], "index must be an integer 0..24"), ([True], "index must be an integer 0..24"),
])
def test_format_cards_refuses_what_is_not_cards(value, words):
    with pytest.raises(CardError, match=words):
        solver.format_cards(value)


def test_format_cards_still_formats_masks_lists_and_cards():
    assert solver.format_cards(0b11) == solver.format_cards([0, 1]) == solver.format_cards(["9c", "9d"]) == "9c 9d"
    assert solver.format_cards(np.int64(0b11)) == "9c 9d"          # a numpy integer is a mask too
    assert solver.format_cards(0) == solver.format_cards([]) == "-"
    assert solver.format_cards(solver.Card("Jh")) == "Jh"
    assert solver.format_cards((1 << 25) - 1).split()[-1] == "B"    # the joker, the top bit


@pytest.mark.parametrize("data, words", [
    ({}, "missing key 'seat'"), ({"seat": "N"}, "missing key 'hand'"),
    ({"seat": "N", "hand": "Jh Ah Kh Qh Th", "dealer": "E"}, "missing key 'upcard'"),
    ([], "expected an object"), ({"sea": "N"}, "unknown key 'sea'"),
])
def test_view_from_dict_names_the_missing_or_bad_key(data, words):
    with pytest.raises(PositionError, match=words):
        solver.view_from_dict(data)


@pytest.mark.parametrize("source", [None, 3, 1.5, b"results.jsonl"])
def test_corpus_stats_refuses_a_source_that_is_neither_files_nor_lines(source):
    with pytest.raises(EuchreError, match="corpus_stats: source"):
        solver.corpus_stats(source)


@pytest.mark.parametrize("indent", [10 ** 30, -1, 17, 1.5, "x", True])
def test_record_writers_refuse_a_bad_indent(indent):
    with pytest.raises(EGNError, match=r"dump_egn: indent .*integer 0\.\.16"):
        solver.dump_egn(solver.load_game(SIX), indent=indent)
    record = load_dummy_record(DATA / "dummy-hands-game.json")
    with pytest.raises(solver.DummyRecordError, match=r"dump_dummy_record: indent"):
        dump_dummy_record(record, indent=indent)


def test_record_writers_take_none_and_small_indents():
    game = solver.load_game(SIX)
    assert "\n" not in solver.dump_egn(game, indent=None)
    assert json.loads(solver.dump_egn(game, indent=0)) == json.loads(solver.dump_egn(game, indent=16))


def test_review_corpus_refuses_paths_that_are_not_paths(tmp_path):
    with pytest.raises(EuchreError, match="path 3: a int"):
        solver.review_corpus([3], progress=False)
    with pytest.raises(EuchreError, match="paths None"):
        solver.review_corpus(None, progress=False)


@pytest.mark.slow
def test_review_corpus_takes_a_path_in_bytes_or_alone(tmp_path):
    bad = solver.review_corpus([b"\xff"], progress=False)       # a file system name that is not UTF-8
    assert [f.status for f in bad.files] == ["error"] and "no such file" in bad.files[0].message
    record = tmp_path / "six.egn"
    record.write_bytes(SIX.read_bytes())
    by_bytes = solver.review_corpus([bytes(record)], method=Method(worlds=10, seed=1), progress=False)
    alone = solver.review_corpus(str(record),
                                 method=Method(worlds=10, seed=1), progress=False)       # one path, not its letters
    assert by_bytes.reviewed == alone.reviewed == 2


@pytest.mark.parametrize("value", ["x", 1, None, "false"])
def test_review_inference_must_be_a_bool_as_advise_says(value):
    """The method's inference is checked once, by Method, with the advisors' own message at every door."""
    said = "inference .*expected one of none, auction, play, both"
    with pytest.raises(solver.ArgumentError, match=said):
        solver.review_game(SIX, method=Method(worlds=10, inference=value, examples=3))
    with pytest.raises(solver.ArgumentError, match=said):
        solver.review_corpus([SIX], method={"worlds": 10, "inference": value}, progress=False)


def _non_finite(value, path="$"):
    if isinstance(value, float) and not math.isfinite(value):
        yield path
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _non_finite(v, f"{path}.{k}")
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            yield from _non_finite(v, f"{path}[{i}]")


@pytest.mark.slow
def test_review_to_dict_is_strict_json_when_an_interval_is_unbounded(monkeypatch):
    # one proposal a world: no room for rejection, so the decisions' worlds are importance-weighted proposals,
    # some worth fewer than two worlds (an unbounded interval)
    monkeypatch.setattr(solver.inference, "PROPOSALS_PER_WORLD", 1)
    r = solver.review_game(SIX, method=Method(worlds=10, seed=1, examples=3), confirm=1)
    # the object keeps the unbounded interval (fewer than two effective worlds) ...
    unbounded = [c for d in r.deals for c in d.cards if c.info is not None and math.isinf(c.info.points_interval[1])]
    assert unbounded, "the case this test is about did not arise"
    data = r.to_dict(full=True)
    assert list(_non_finite(data)) == []
    json.dumps(data, allow_nan=False)                       # strict JSON
    # ... and its JSON says null for the open ends, as the corpus lines do
    index = r.deals.index(next(d for d in r.deals if unbounded[0] in d.cards))
    card = data["deals"][index]["cards"][r.deals[index].cards.index(unbounded[0])]
    assert card["info"]["points_interval"] == [None, None]
