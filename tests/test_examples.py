"""The deals that show a mistake (solver.examples): each example world's points after the card played and
after the best card recomputed here by solver.solve on that world, the shares adding up, the likeliest first;
the option's bounds; the text and the page show them."""
import json

import numpy as np
import pytest

from conftest import EGN_DIR
from solver import Position, load_egn, review_game as review, solve
from solver.cards import Card
from solver.cli import main
from solver.errors import EuchreError
from solver.game import CardPlayed
from solver.laws import side_name, side_of, trick_winner
from solver.pages import review_html
from solver.examples import card_examples
from solver import Method

VWEC = EGN_DIR / "vwec-finals.egn"


def before_card(hand, seat, card):
    for before, rec in hand.steps():
        if isinstance(rec, CardPlayed) and rec.seat == seat and rec.card == card:
            return before
    raise AssertionError("card not in the record")


def points_after(before, example_hands, seat, card) -> int:
    """The deciding side's points of the hand after ``card`` in one example world, by solver.solve."""
    players = before.rules.players
    hands = dict(example_hands)
    hands[str(seat)] = " ".join(c for c in hands[str(seat)].split() if c != str(card))
    deal = " ".join(f"{s}:{hands.get(s, '-') or '-'}" for s in "NESW")
    on_table = [str(c) for _s, c in before.current_trick] + [str(card)]
    won = [int(before.tricks_won[s]) for s in (0, 1)]
    leader = before.leader
    if len(on_table) == len(before.seats_in_play):       # the card closes the trick: the next one from its winner
        leader = trick_winner(int(before.leader), [int(Card.parse(c)) for c in on_table], int(before.trump),
                              before.seats_in_play)
        won[side_of(leader, players)] += 1
        on_table = []
    pos = Position.parse(deal, "cdhs"[int(before.trump)], str(leader), makers=side_name(before.makers, players),
                         alone=None if before.alone is None else str(before.alone), played=" ".join(on_table),
                         tricks_won={side_name(s, players): won[s] for s in (0, 1)},
                         defender_alone=None if before.defender_alone is None else str(before.defender_alone))
    (who, pts), = solve(pos).points.items()
    mine = side_name(side_of(seat, players), players)
    return pts if who == mine else -pts


def hand_cards(before, seat):
    from solver.cards import cards_of
    return cards_of(before.holding(seat))


@pytest.mark.slow
@pytest.mark.parametrize("inference", [True, False])
def test_each_example_world_is_what_solve_says(inference):
    game = load_egn(VWEC)
    r = review(game, method=Method(worlds=30, seed=3, inference=inference, examples=3))
    checked = 0
    for dr in r.deals:
        hand = game.deals[dr.index].hand
        for c in dr.cards:
            ex = c.examples
            if ex is None:
                continue
            assert ex["played"] == str(c.card) and ex["best"] != str(c.card)
            assert sum(ex["share"].values()) == pytest.approx(1, abs=1e-3) and ex["share"]["worse"] > 0
            assert 1 <= len(ex["examples"]) <= 3
            weights = [e["weight"] for e in ex["examples"]]
            assert weights == sorted(weights, reverse=True)
            before = before_card(hand, c.seat, c.card)
            for e in ex["examples"]:
                assert e["played"] < e["best"]
                assert points_after(before, e["hands"], c.seat, c.card) == e["played"]
                assert points_after(before, e["hands"], c.seat, Card.parse(ex["best"])) == e["best"]
                assert set(e["hands"][str(c.seat)].split()) == {str(x) for x in hand_cards(before, c.seat)}
                checked += 1
    assert checked >= 3


def test_the_shares_and_the_order_on_constructed_figures():
    # three candidates, four worlds; the played card (row 1) against the best (row 0)
    P = np.array([[2, 1, 1, -2], [1, 1, 2, -2], [0, 0, 0, 0]])
    T = P + 3
    hands = np.arange(16, dtype=np.uint32).reshape(4, 4)
    ex = card_examples(["Ah", "Kh", "9c"], "Kh", "Ah", T, P, hands, np.array([1.0, 3.0, 2.0, 2.0]), (0, 1, 2, 3))
    assert ex["share"] == {"worse": 0.125, "same": 0.625, "better": 0.25}
    assert [e["best"] - e["played"] for e in ex["examples"]] == [1]
    uniform = card_examples(["Ah", "Kh"], "Kh", "Ah", np.array([[3, 5], [2, 3]]), np.array([[1, 2], [-2, 1]]),
                            hands[:2], None, (0, 1, 2, 3))
    assert [e["best"] - e["played"] for e in uniform["examples"]] == [3, 1]     # the same weight: the larger loss first
    assert card_examples(["Ah", "Kh"], "Ah", "Ah", T[:2], P[:2], hands, None, (0, 1, 2, 3)) is None
    assert card_examples(["Ah", "Kh"], "Kh", "Ah", T[:2], P[:2], hands, None, (0, 1, 2, 3), n=0) is None


@pytest.mark.parametrize("bad", [-1, 4, 1.5, "2", True])
def test_the_option_is_bounded(bad):
    with pytest.raises(EuchreError, match="examples"):
        review(VWEC, method=Method(worlds=10, examples=bad))


@pytest.mark.slow
def test_the_cli_text_and_page(capsys, tmp_path):
    page = tmp_path / "r.html"
    assert main(["review", str(VWEC), "--seed", "1", "--worlds", "20", "--examples", "2", "--html", str(page)]) == 0
    out = capsys.readouterr().out
    assert "could be facing the" in out and "the likeliest: N " in out
    html = page.read_text()
    assert "of the deals you could be facing" in html and 'class="example"' in html
    assert main(["review", str(VWEC), "--seed", "1", "--worlds", "20", "--examples", "0", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert all(c["examples"] is None for deal in d["reviews"][0]["deals"] for c in deal["cards"])
    with pytest.raises(SystemExit) as stop:     # out of range: argparse's error, naming the option
        main(["review", str(VWEC), "--worlds", "20", "--examples", "9"])
    assert stop.value.code == 2
    assert "argument --examples: examples 9" in capsys.readouterr().err
