"""The public layer's boundary and results: the functions of solver.dd check their argument types,
Position's repr round-trips, DDTable is indexable, results have to_dict(), docstring examples run."""
import doctest
import json
import random

import numpy as np
import pytest

import solver
import solver.dd
import solver.laws
import solver.position
from solver import EuchreError, Position, PositionError, Rules, RulesError, Seat, Suit, dd_table, first_leader, solve
from conftest import bid_advice


# --------------------------------------------------------------------------- issue 10.3: argument types
DEAL = "N:Jh Ah Kh 9c 9s E:Qh Th Ac Kc Qc S:Jd Ad Kd Qd Td W:As Ks Qs Js Ts"


def good_position():
    return Position.parse(DEAL, "h", "E")


@pytest.mark.parametrize("func", ["solve", "card_values", "solve_report", "in_play_mask"])
@pytest.mark.parametrize("bad", [DEAL, None, 42, {"deal": DEAL}, [DEAL]])
def test_position_functions_refuse_other_types(func, bad):
    with pytest.raises(PositionError, match=rf"{func}\(\) expects a Position, got {type(bad).__name__}.*Position.parse"):
        getattr(solver.dd, func)(bad)


def test_analyse_play_refuses_other_types():
    with pytest.raises(PositionError, match=r"analyse_play\(\) expects a Position, got str 'N:Jh"):
        solver.analyse_play(DEAL, "Qh")
    with pytest.raises(PositionError, match="expected cards as text"):
        solver.analyse_play(good_position(), 5)
    assert len(solver.analyse_play(good_position(), "Qh")) == 1


def test_solve_message_names_the_string():
    with pytest.raises(PositionError) as info:
        solve("N:Jh Ah")
    assert str(info.value) == ("solve() expects a Position, got str 'N:Jh Ah'; build one with "
                               "Position.parse(deal, trump, leader, ...)")


def test_dd_table_refuses_other_types():
    with pytest.raises(EuchreError, match=r"dd_table\(\) expects a deal as text.*got Position"):
        dd_table(good_position())
    with pytest.raises(solver.CardError, match="seat 5"):
        dd_table(DEAL, 5)
    with pytest.raises(solver.RulesError, match="expected a Rules value"):
        dd_table(DEAL, "S", "four")


def test_first_leader_checks_arguments():
    four = Rules()
    assert first_leader("S", four) == Seat.W and first_leader(Seat.S, None) == Seat.W
    assert first_leader(2, four, alone="E") == Seat.S           # left of the loner E
    for args, error in [(("Q", four), solver.CardError), ((None, four), solver.CardError),
                        ((2.0, four), solver.CardError), ((0, "rules"), solver.RulesError),
                        ((0, four, "X"), solver.CardError), ((0, four, "N", 7), solver.CardError)]:
        with pytest.raises(error):
            first_leader(*args)


def test_points_helpers_check_arguments():
    rules = Rules()
    assert solver.laws.hand_points(np.int8(4), rules) == ("makers", 1)
    assert solver.laws.makers_points(1, rules, alone=True) == -2
    for args in [(None, rules), ("3", rules), (6, rules), (-1, rules), (2.5, rules), (True, rules), (3, "x")]:
        with pytest.raises(EuchreError):
            solver.laws.hand_points(*args)
        with pytest.raises(EuchreError):
            solver.laws.makers_points(*args)


def test_solve_batch_checks_scalar_types():
    hands = np.array([[1, 2, 4, 8]], np.uint32)
    for kwargs, message in [(dict(players="4"), "players '4'"), (dict(players=True), "players True"),
                            (dict(bands="yes"), "bands 'yes'")]:
        with pytest.raises(PositionError, match=message):
            solver.solve_batch(hands, 0, 0, **kwargs)
    for kwargs, message in [(dict(threads=True), "threads True"), (dict(threads=1.0), "threads 1.0")]:
        with pytest.raises(solver.ArgumentError, match=message):      # the bounds' error, as in advise and review
            solver.solve_batch(hands, 0, 0, **kwargs)


def test_position_constructor_checks_types():
    pos = good_position()
    for change, message in [(dict(hands=None), "hands"), (dict(hands=("a", 0, 0, 0)), "hands"),
                            (dict(hands=(1.5, 0, 0, 0)), "hands"), (dict(hands=(1, 2, 4)), "hands"),
                            (dict(played=5), "played"), (dict(tricks_won="NS"), "tricks_won")]:
        fields = dict(hands=pos.hands, trump=pos.trump, leader=pos.leader)
        fields.update(change)
        with pytest.raises(EuchreError, match=message):
            Position(**fields)
    with pytest.raises(EuchreError, match="seat 'Q'"):
        pos.side_of("Q")
    with pytest.raises(EuchreError, match="side 2"):
        pos.side_name(2)


# --------------------------------------------------------------------------- issue 9.3: reprs and tables
RULE_CHOICES = [Rules(), Rules(players=2), Rules(joker=True), Rules(loner_lead="left_of_dealer"),
                Rules(defend_alone=True), Rules(players=2, joker=True, stick_the_dealer=True),
                Rules(players=2, dummy_hands=True), Rules(winning_score=5, march_score=3)]


def random_position(rng):
    """A random position reached by legal play from a random deal: any rules, loners, mid-trick,
    known or unknown earlier tricks, and now and then a finished hand."""
    rules = rng.choice(RULE_CHOICES)
    pack = list(range(25 if rules.joker else 24))
    rng.shuffle(pack)
    seats = list(rules.seats)
    alone = defender = None
    if rules.players == 4 and rng.random() < 0.4:
        alone = rng.choice(seats)
        if rules.defend_alone and rng.random() < 0.6:
            defender = rng.choice([(alone + 1) % 4, (alone + 3) % 4])
    out = {(s + 2) % 4 for s in (alone, defender) if s is not None}
    hands = {}
    for s in seats:
        hands[s] = "-" if s in out else " ".join(str(solver.Card(c)) for c in pack[:5])
        if s not in out:
            pack = pack[5:]
    deal = " ".join(f"{Seat(s).name}:{hands[s]}" for s in seats)
    makers = solver.position.side_of(alone, rules.players) if alone is not None else rng.randrange(2)
    pos = Position.parse(deal, rng.randrange(4), rng.choice([s for s in seats if s not in out]),
                         makers=makers, alone=alone, defender_alone=defender, rules=rules)
    steps = rng.randrange(pos.tricks_left * len(pos.trick_order) + 1)
    for _ in range(steps):
        pos = pos.play(rng.choice(pos.legal_cards()))
        if pos.tricks_left == 0:
            break
    if pos.tricks_left and rng.random() < 0.3:           # forget the earlier tricks
        pos = Position(pos.hands, pos.trump, pos.leader, pos.played, pos.makers, pos.alone,
                       pos.defender_alone, None, pos.rules)
    return pos


@pytest.mark.slow
def test_position_repr_round_trips():
    rng = random.Random(9)
    kinds = set()
    for _ in range(600):
        pos = random_position(rng)
        text = repr(pos)
        back = eval(text, {"Position": Position, "Rules": Rules})
        assert back == pos, text
        assert back.tricks_won == pos.tricks_won and back.rules == pos.rules
        assert text.startswith("Position.parse('"), text
        assert ("rules=" in text) == (pos.rules != Rules())
        kinds.update({"mid-trick" if pos.played else "trick start", "alone" if pos.alone is not None else "",
                      "defender" if pos.defender_alone is not None else "", "over" if not pos.tricks_left else "",
                      "unknown" if pos.tricks_won is None else "", f"players{pos.players}",
                      "joker" if pos.rules.joker else ""})
    assert kinds >= {"mid-trick", "trick start", "alone", "defender", "over", "unknown", "players2", "players4",
                     "joker"}


def test_position_repr_example():
    pos = Position.parse(DEAL.replace("Qh ", ""), "h", "E", makers="EW", played="Qh")
    # hands in card-index order (9 T J Q K A, clubs diamonds hearts spades within a rank)
    assert repr(pos) == ("Position.parse('N:9c 9s Jh Kh Ah E:Th Qc Kc Ac S:Td Jd Qd Kd Ad W:Ts Js Qs Ks As', "
                         "trump='h', leader='E', makers='EW', played='Qh')")
    lone = Position.parse("N:9c 9s Jh Kh Ah E:Th Qc Kc Ac Ad S:- W:Ts Js Qs Ks As", "c", "E", makers="NS",
                          alone="N", rules=Rules(players=4, joker=True), tricks_won={"NS": 0, "EW": 0})
    assert repr(lone) == ("Position.parse('N:9c 9s Jh Kh Ah E:Th Qc Kc Ac Ad S:- W:Ts Js Qs Ks As', trump='c', "
                          "leader='E', makers='NS', alone='N', rules=Rules(joker=True))")


def _loner_position(deal, trump, seat, rules):
    hands = solver.parse_deal(deal)
    lone = " ".join(f"{s.name}:{'-' if s == Seat(seat).partner else solver.format_cards(hands[s])}" for s in Seat)
    # default rules: the player left of the loner leads
    return Position.parse(lone, trump, Seat(seat).left, makers=seat % 2, alone=seat, rules=rules)


def test_dd_table_is_indexable():
    rules = Rules()
    table = dd_table(DEAL, "S")
    for suit in Suit:
        together = solve(Position.parse(DEAL, suit, "W", makers="NS")).tricks     # W leads: left of dealer S
        assert table[suit.letter, "NS"] == together["NS"] and table[suit, "EW"] == together["EW"]
        assert table[str(suit).upper(), "ew"] == together["EW"]
        for seat in Seat:
            alone = solve(_loner_position(DEAL, suit, seat, rules)).makers_tricks
            assert table[suit.letter, seat.name] == alone and table[suit, seat] == alone
    with pytest.raises(solver.CardError, match="suit 'x'"):
        table["x", "N"]
    with pytest.raises(PositionError, match="'NE'"):
        table["h", "NE"]
    with pytest.raises(PositionError, match=r"table\['h', 'NS'\]"):
        table["h"]
    with pytest.raises(TypeError):
        iter(table)
    assert table.partners[Suit.H]["NS"] == table["h", "NS"]          # the dict form keeps working


def test_dd_table_two_player_indexing():
    deal = "N:Jh Ah Kh 9c 9s S:Qh Th Ac Kc Qc"
    two = Rules(players=2)
    table = dd_table(deal, "S", two)
    for suit in Suit:
        got = solve(Position.parse(deal, suit, "N", makers="N", rules=two)).tricks
        assert table[suit, "N"] == got["N"] and table[suit, "S"] == got["S"]
    with pytest.raises(PositionError, match="'E'"):
        table["h", "E"]
    with pytest.raises(PositionError, match="'NS'"):
        table["h", "NS"]


def test_results_have_to_dict():
    pos = good_position()
    assert json.loads(json.dumps(solve(pos).to_dict()))["tricks"] == solve(pos).tricks
    assert json.loads(json.dumps(dd_table(DEAL).to_dict()))["partners"]["h"]["NS"] == dd_table(DEAL)["h", "NS"]
    step = solver.analyse_play(pos, "Qh")[0]
    assert step.to_dict()["card"] == "Qh"
    assert pos.to_dict()["deal"] == pos.deal_string()
    assert Position.parse(**pos.to_dict()) == pos


@pytest.mark.parametrize("module", [solver.dd, solver.position])
def test_docstring_examples_run(module):
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted > 0 and result.failed == 0


def test_a_bad_thread_count_is_the_same_error_everywhere():
    """threads out of range: one bound (solver.bounds.MAX_THREADS), one error class, at every door."""
    hands = np.array([[1, 2, 4, 8]], dtype=np.uint32)
    one = np.zeros(1, dtype=np.uint8)
    for call in (lambda t: solver.solve_batch(hands, one, one, threads=t),
                 lambda t: bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", threads=t)):
        for bad in (0, 10 ** 100, 2.0):
            with pytest.raises(solver.ArgumentError, match="threads .*: must be a whole number 1..256"):
                call(bad)
