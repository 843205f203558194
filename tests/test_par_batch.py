"""solver.par.par_values, the par of many deals in one batch of double-dummy solves, against the par auction
deal by deal (solver.par.par_value) under every combination of the rules that change the auction; and the
kitty-exchange advice valuing all its worlds and choices through it (issue 37, item 4: under partners_best and
defend_alone the advice walked the auction per world and per choice, over 2,000 contracts each, for minutes)."""
import importlib
import itertools
import math

import numpy as np
import pytest

from solver import Card, Rules, Seat
from solver.game.deal import DealCards
from conftest import exchange_advice

par_module = importlib.import_module("solver.par")     # solver.par is also the function
AUCTION = ("partners_best", "defend_alone", "allow_no_trump", "stick_the_dealer", "canadian")


def random_hands(rules, count, seed):
    """``count`` random deals with one upcard (the first deal's), as an array (count, 4) of bitmasks."""
    rng = np.random.default_rng(seed)
    up = DealCards.random(rules, rng=seed).upcard
    rest = [c for c in range(24) if c != int(up)]
    rows = []
    for _ in range(count):
        cards = rng.permutation(rest)[:20]
        rows.append([sum(1 << int(c) for c in cards[5 * s:5 * s + 5]) for s in range(4)])
    return np.array(rows, dtype=np.uint32), Card(up)


@pytest.mark.parametrize("on", [c for k in range(len(AUCTION) + 1) for c in itertools.combinations(AUCTION, k)],
                         ids=lambda on: "+".join(on) or "defaults")
def test_par_values_is_the_par_of_each_deal(on):
    i = sum(1 << AUCTION.index(n) for n in on)
    # the other rules that change a par's value ride along: who leads against a loner, the scores, the upcard kept
    extra = [{}, {"loner_lead": "left_of_dealer"}, {"dealer_may_discard_upcard": False},
             {"loner_march_score": 5, "lone_defender_score": 3, "march_score": 3}][i % 4]
    rules = Rules(**{n: True for n in on}, **extra)
    hands, up = random_hands(rules, 3 if "partners_best" in on else 12, seed=i)
    dealer = Seat(i % 4)
    serial = [par_module.par_value(tuple(int(h) for h in row), up, dealer, rules) for row in hands]
    assert par_module.par_values(hands, up, dealer, rules).tolist() == serial


def test_par_values_takes_a_turned_up_joker_deal_by_deal():
    rules = Rules(joker=True, defend_alone=True)
    cards = DealCards.parse("N:Jh Jd Ah Kh Qh E:9s Ts Js Qs Ks S:9c Tc Jc Qc Kc W:9d Td Qd Kd Ad", "B", None, rules)
    hands = np.array([list(cards.hands)], dtype=np.uint32)
    assert par_module.par_values(hands, cards.upcard, Seat.S, rules).tolist() == [
        par_module.par_value(tuple(cards.hands), cards.upcard, Seat.S, rules)]


def test_the_exchange_advice_solves_every_world_and_choice_in_batches(monkeypatch):
    """Counted, not timed: one batch of solves per PAR_CHUNK deals (worlds x distinct deals after a choice),
    and no position solved one by one; before, each world and choice walked the auction per contract."""
    batches, single = [], []
    real = par_module.solve_batch
    monkeypatch.setattr(par_module, "solve_batch", lambda hands, *a, **k: batches.append(len(hands)) or
                        real(hands, *a, **k))
    monkeypatch.setattr(par_module, "solve", lambda pos: single.append(pos))
    rules = Rules(farmers=True, go_under=True, partners_best=True, defend_alone=True, allow_no_trump=True)
    advice = exchange_advice("9c 9d Tc Qh Qs", "Jc", "E", "N", rules, worlds=60, seed=1)
    # keep, a farmer's 9c 9d Tc, ten ways to go under: 12 choices, 11 distinct deals (the
    # farmer's three and going under with the same three leave the same deal)
    assert len(advice.options) == 12 and not single
    assert len(batches) == math.ceil(60 * 11 / par_module.PAR_CHUNK)
    farmer = next(o for o in advice.options if o.action.startswith("farmers"))
    same = next(o for o in advice.options if o.action == "go under" + farmer.action[len("farmers"):])
    assert farmer.expected_points == same.expected_points


def test_the_exchange_advice_under_house_rules_is_the_par_of_each_world():
    """The figures under partners_best and defend_alone are each world's par, as the per-world auction gives."""
    rules = Rules(go_under=True, partners_best=True, defend_alone=True)
    advice = exchange_advice("9c Tc Qd Qh Qs", "Jc", "E", "N", rules, worlds=10, seed=3)
    from solver.cards import mask_of, parse_cards
    from solver.worlds import bid_space
    up = Card.parse("Jc")
    drawn = bid_space(mask_of(parse_cards("9c Tc Qd Qh Qs")), up, Seat.E, rules).draw(10, 3)
    after = rules.replace(go_under=False)
    keep = [-par_module.par_value(tuple(int(h) for h in row), up, Seat.N, after) for row in drawn.hands]
    assert advice.options[0].action == "keep" and advice.options[0].expected_points == pytest.approx(np.mean(keep))
