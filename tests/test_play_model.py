"""Reading the play (issue 34): the play model, and worlds weighted by every card the other seats played.

Truth: in late positions every world is enumerated, and the weights are checked against a Bayes computation
written here: each world's hands replayed card by card from the start of the play, every card by another seat
with a choice valued by :func:`solver.card_values` on a :class:`solver.Position` of that moment (one card at a
time, none of the batching, de-duplication or vectorised legality of :mod:`solver.play_model`), and the softmax
of those values written out. The flat model gives the auction's worlds bit for bit.
"""
from __future__ import annotations

import json
import math

import numpy as np
import pytest

from solver import Method, Position, Rules, advise_play, card_values, seat_view
from solver.cards import Card, Seat, cards_of, format_cards
from solver.errors import ArgumentError, IllegalActionError, ModelError
from solver.game import Hand, Phase
from solver.inference import INFERENCE, check_inference, sample_worlds
from solver.laws import legal_mask, side_name
from solver.play_model import (DEFAULT_PLAY_MODEL, FLAT, MAX_TEMPERATURE, MIN_TEMPERATURE, PLAY_MODEL_PATH, PlayModel,
                               card_chances, card_log_likelihood, fit_temperature, load_play_model, play_evidence,
                               resolve_play_model)


def played_hand(seed, calls, cards, alone=False, rules=Rules(), dealer=Seat.S):
    """A real hand: deal ``seed``, the ``calls``, the dealer discarding its first legal card, then ``cards`` cards
    played, each a legal card drawn at random (seeded), so the play is not the lowest card every time."""
    rng = np.random.default_rng(seed)
    h = Hand(rules, dealer=dealer)
    h.deal(rng=seed)
    for a in calls:
        h.apply(a)
    while h.phase is not Phase.PLAY:
        h.apply(h.legal_actions()[0] if h.phase is Phase.DISCARD else ("alone" if alone else "partner"))
    for _ in range(cards):
        legal = h.legal_actions()
        h.apply(legal[int(rng.integers(len(legal)))])
    return h


def bayes_play(view, row, temperature) -> float:
    """The play model's likelihood of the cards the other seats played, in the world ``row`` (uint32 (4,), each
    seat's cards now), computed one card at a time (see the module docs)."""
    trump = int(view.trump)
    in_play = [int(s) for s in view.seats_in_play]
    hands = {s: int(row[s]) | int(view.played[s]) for s in in_play}
    tricks = [list(zip(t.seats, t.cards)) for t in view.tricks]
    if view.current:
        tricks.append(list(view.current))
    likelihood = 1.0
    for trick in tricks:
        leader, table = int(trick[0][0]), []
        for s, c in trick:
            s, c = int(s), int(c)
            legal = cards_of(legal_mask(hands[s], trump, table[0] if table else None))
            assert c in legal
            if s != int(view.seat) and len(legal) > 1:
                deal = " ".join(f"{Seat(x).name}:" + (format_cards(hands[x]) if x in in_play else "-")
                                for x in range(4))
                pos = Position.parse(deal, trump, Seat(leader).name, makers=side_name(view.makers, 4),
                                     alone=None if view.alone is None else view.alone.name,
                                     played=" ".join(str(Card(x)) for x in table))
                values = card_values(pos)
                e = {k: math.exp(v / temperature) for k, v in values.items()}
                likelihood *= e[str(Card(c))] / sum(e.values())
            hands[s] &= ~(1 << c)
            table.append(c)
    return likelihood


def keyed(w) -> dict:
    """``{(hands..., kitty): normalised weight}`` of a :class:`~solver.inference.ViewWorlds`."""
    total = w.weights.sum()
    return {tuple(int(x) for x in r) + (int(k),): float(p) / total for r, k, p in zip(w.hands, w.kitty, w.weights)}


# views late in the hand: (deal seed, calls, cards played, the viewing seat's offset from the seat to act, alone)
LATE = [
    (3, ["pass"] * 4 + ["pass", "call s"], 16, 0, False),      # round 2, the first card of trick 5
    (5, ["pass", "pass", "order"], 17, 0, False),              # the dealer picked up; one card on the table
    (8, ["pass", "pass", "pass", "order"], 15, 2, False),      # the dealer's own pick-up; another seat's view
    (3, ["pass"] * 4 + ["pass", "call s"], 14, 1, False),      # trick 4 under way
]


@pytest.mark.parametrize("seed, calls, cards, offset, alone", LATE)
def test_enumerated_weights_are_the_exact_bayes_posterior(seed, calls, cards, offset, alone):
    h = played_hand(seed, calls, cards, alone)
    in_play = list(h.seats_in_play)
    seat = in_play[(in_play.index(int(h.to_act)) + offset) % len(in_play)]
    view = h.view(seat)
    temperature = 0.6
    uniform = sample_worlds(view, worlds=50, seed=1, inference="none")
    auction = sample_worlds(view, worlds=50, seed=1, inference="auction")
    play = sample_worlds(view, worlds=50, seed=1, inference="play", play_model=temperature)
    both = sample_worlds(view, worlds=50, seed=1, inference="both", play_model=temperature)
    assert uniform.exact and play.exact and both.exact and len(uniform) > 1
    assert (play.inference, play.play_model, both.inference) == ("play", "temperature-0.6", "both")
    assert set(keyed(play)) == set(keyed(uniform)) == set(keyed(both))
    truth = {key: bayes_play(view, np.array(key[:4], dtype=np.uint32), temperature) for key in keyed(uniform)}
    total = sum(truth.values())
    got = keyed(play)
    for key, p in truth.items():
        assert got[key] == pytest.approx(p / total, rel=1e-9, abs=1e-15)
    # both: the auction's weight times the play's, normalised
    prior = keyed(auction)
    joint = {k: prior[k] * truth[k] for k in truth}
    total = sum(joint.values())
    got = keyed(both)
    for key, p in joint.items():
        assert got[key] == pytest.approx(p / total, rel=1e-9, abs=1e-15)
    assert max(truth.values()) / min(truth.values()) > 10        # the play does weigh these worlds


@pytest.mark.parametrize("seed, calls, cards, alone", [
    (21, ["order"], 10, True),                          # a loner: tricks of three, the partner's cards unseen
    (4, ["pass", "order"], 9, False),                   # trick 3 under way: too many deals to enumerate
])
def test_sampled_worlds_weigh_each_world_by_its_play_likelihood(seed, calls, cards, alone):
    h = played_hand(seed, calls, cards, alone)
    view = h.view(h.to_act)
    auction = sample_worlds(view, worlds=40, seed=3, inference="auction", exact_limit=0)
    both = sample_worlds(view, worlds=40, seed=3, inference="both", exact_limit=0, play_model=0.6)
    assert np.array_equal(auction.hands, both.hands) and not both.exact
    ratio = both.weights / auction.weights
    truth = np.array([bayes_play(view, row, 0.6) for row in both.hands])
    assert ratio / ratio.max() == pytest.approx(truth / truth.max(), rel=1e-9)
    assert both.ess == pytest.approx(both.weights.sum() ** 2 / (both.weights ** 2).sum())
    assert truth.max() / truth.min() > 10


def test_sampled_worlds_weighted_by_the_play_match_the_enumeration():
    h = played_hand(5, ["pass", "pass", "order"], 13)
    view = h.view(h.to_act)
    exact = sample_worlds(view, worlds=50, seed=1, inference="both")
    sampled = sample_worlds(view, worlds=3000, seed=2, inference="both", exact_limit=0)
    assert exact.exact and not sampled.exact and sampled.method == "rejection"
    for card in cards_of(view.unseen):
        want = exact.probability(1 << card)
        got = sampled.probability(1 << card)
        assert np.abs(got - want).max() < 0.05, Card(card)


@pytest.mark.parametrize("cards, inference", [(10, "both"), (13, "play"), (6, "both")])
def test_the_flat_model_gives_the_worlds_without_the_play_bit_for_bit(cards, inference):
    h = played_hand(7, ["pass", "order"], cards)
    view = h.view(h.to_act)
    base = "auction" if inference == "both" else "none"
    for limit in (0, 10 ** 6):          # sampled, then enumerated
        want = sample_worlds(view, worlds=300, seed=4, inference=base, exact_limit=limit)
        got = sample_worlds(view, worlds=300, seed=4, inference=inference, play_model="flat", exact_limit=limit)
        assert np.array_equal(got.hands, want.hands) and np.array_equal(got.kitty, want.kitty)
        assert np.array_equal(got.weights, want.weights) and got.ess == want.ess and got.method == want.method
    a = advise_play(view, Method(worlds=300, seed=4, inference=base)).to_dict()
    b = advise_play(view, Method(worlds=300, seed=4, inference=inference, play_model=FLAT)).to_dict()
    assert {k: v for k, v in b.items() if k not in ("inference", "play_model", "told")} == \
        {k: v for k, v in a.items() if k not in ("inference", "play_model")}
    assert (b["inference"], b["play_model"], b["told"]) == (inference, "flat", [])


def test_a_seat_that_ducked_a_trick_it_could_win_reads_as_one_without_the_ace():
    """A view where the answer is plain to a player: W leads the king of spades and N, second to play, follows
    with the nine; had N held the ace it would have won the trick, so S reads N as likely without it. The same
    worlds (the play only reweights them) say so under the play model and not under the auction alone."""
    h = Hand.from_deal("N:9s Qs Ac Kc Qh E:Ts Js Ah Kh Jd S:Ad Kd Td 9d Th W:Ks Qd Jc Tc 9c", upcard="9h",
                       dealer="S")
    for a in ["pass", "pass", "order", "9d", "partner", "Ks", "9s", "Ts"]:
        h.apply(a)
    view = h.view(Seat.S)
    ace = Card.parse("As").mask
    auction = sample_worlds(view, worlds=400, seed=1, inference="auction")
    both = sample_worlds(view, worlds=400, seed=1, inference="both")
    assert np.array_equal(auction.hands, both.hands)
    assert both.probability(ace)[0] < 0.75 * auction.probability(ace)[0]


# -- the model: form, fit, file ----------------------------------------------------------------
def test_card_chances_are_the_softmax_written_out():
    values = np.array([[3.0, 2.0, 2.0, 0.0], [1.0, 4.0, 0.0, 0.0]])
    legal = np.array([[True, True, True, False], [True, True, False, False]])
    got = card_chances(values, legal, 0.5)
    e = [math.exp(6), math.exp(4), math.exp(4)]
    assert got[0] == pytest.approx([e[0] / sum(e), e[1] / sum(e), e[2] / sum(e), 0.0])
    assert got[1] == pytest.approx([1 / (1 + math.exp(6)), math.exp(6) / (1 + math.exp(6)), 0, 0])
    assert card_chances(values, legal, None)[0] == pytest.approx([1 / 3, 1 / 3, 1 / 3, 0])


def test_the_fit_recovers_the_temperature_that_drew_the_cards():
    rng = np.random.default_rng(3)
    values, played = [], []
    for _ in range(4000):
        v = rng.integers(0, 6, size=int(rng.integers(2, 6))).astype(float)
        p = np.exp(v / 0.7)
        played.append(int(rng.choice(len(v), p=p / p.sum())))
        values.append(v)
    t, ll = fit_temperature(values, played)
    assert t == pytest.approx(0.7, rel=0.1)
    assert ll == pytest.approx(card_log_likelihood(t, values, played))
    assert ll >= max(card_log_likelihood(x, values, played) for x in (t * 0.9, t * 1.1))
    # by hand: two decisions
    assert card_log_likelihood(1.0, [[1.0, 0.0], [2.0, 2.0, 0.0]], [0, 2]) == pytest.approx(
        math.log(math.e / (math.e + 1)) + math.log(1 / (2 * math.e ** 2 + 1)))
    with pytest.raises(ModelError, match="no card played with a choice"):
        fit_temperature([[1.0]], [0])


def test_the_shipped_model_and_its_provenance():
    m = load_play_model()
    assert m == DEFAULT_PLAY_MODEL and m.name == "players-play-1" and not m.flat
    assert MIN_TEMPERATURE <= m.temperature <= MAX_TEMPERATURE
    prov = m.provenance
    assert prov["data"]["cards"] > 500 and prov["per_card"] > prov["flat_per_card"]
    assert prov["held_out"]["per_card"] > prov["held_out"]["flat_per_card"]
    low, high = prov["temperature_interval"]
    assert low < m.temperature < high
    assert prov["script"] == "benchmarks/tools/fit_play_model.py" and prov["date"] and prov["command"]
    assert sum(r["n"] for r in prov["calibration"]) > 2 * prov["data"]["cards"]
    assert resolve_play_model(None) is DEFAULT_PLAY_MODEL and resolve_play_model("flat") is FLAT
    assert resolve_play_model(str(PLAY_MODEL_PATH)) == m


# -- bad input ---------------------------------------------------------------------------------
@pytest.mark.parametrize("t", [0, 0.01, -1.0, float("nan"), float("inf"), 1000, "hot", True])
def test_a_temperature_out_of_range_is_refused_naming_it(t):
    with pytest.raises(ModelError, match="temperature"):
        PlayModel("mine", t)


@pytest.mark.parametrize("text, says", [
    ('{"name": "p", "temperature": NaN}', "temperature nan"),
    ('{"name": "p", "temperature": 1e9}', "temperature 1000000000.0"),
    ('{"name": "p"}', "missing field 'temperature'"),
    ('{"name": "p", "temperature": 1, "spread": 2}', "unknown field 'spread'"),
    ('{"name": "", "temperature": 1}', "name"),
    ('[1, 2]', "expected an object"),
    ('{"name": "p", temperature: 1}', "not JSON"),
])
def test_a_bad_play_model_file_is_refused_naming_the_field(tmp_path, text, says):
    path = tmp_path / "model.json"
    path.write_text(text)
    with pytest.raises(ModelError, match=says):
        load_play_model(path)
    with pytest.raises(ModelError, match=says):
        resolve_play_model(str(path))


def test_bad_inference_and_play_model_arguments_are_named():
    assert check_inference(True) == "auction" and check_inference(False) == "none"
    assert all(check_inference(x) == x for x in INFERENCE)
    h = played_hand(7, ["pass", "order"], 6)
    view = h.view(h.to_act)
    with pytest.raises(ArgumentError, match="inference 'cards'"):
        sample_worlds(view, worlds=10, inference="cards")
    with pytest.raises(ArgumentError, match="inference 1"):
        advise_play(view, Method(worlds=10, inference=1))
    with pytest.raises(ModelError, match="temperature 500"):
        advise_play(view, Method(worlds=10, inference="both", play_model=500))
    with pytest.raises(ModelError, match="'hot': not a name"):
        sample_worlds(view, worlds=10, inference="play", play_model="hot")


def renege_hand() -> Hand:
    """E fails to follow clubs on trick 1 while holding the nine of clubs, and plays it on trick 2."""
    h = Hand.from_deal("N:Ah Kc Qc 9d Td E:Jh 9c Jd Tc Ts S:Kh Ac Ad Kd Qd W:Qh Th 9s Js Qs", upcard="9h",
                       dealer="W")
    for a in ["pass", "pass", "pass", "order", "Qs", "partner"]:
        h.apply(a)
    h.apply("Kc")
    h.apply("Ts", allow_renege=True)
    for card in ["Ac", "Qh"]:
        h.apply(card)
    return h


def test_a_renege_the_cards_show_is_refused_naming_seat_and_card():
    h = renege_hand()
    h.apply("9s")                            # W won trick 1 with the queen of trump and leads a spade
    for card in ["Td", "9c"]:                # N and E show out; E plays the club it held on trick 1
        h.apply(card)
    view = h.view(Seat.S)
    with pytest.raises(IllegalActionError, match="E played Ts to trick 1 on a clubs lead and later played 9c"):
        play_evidence(view)
    with pytest.raises(IllegalActionError, match="renege"):
        sample_worlds(view, worlds=20, inference="both")
    sample_worlds(view, worlds=20, inference="auction")       # the auction alone still reads the view
    with pytest.raises(IllegalActionError, match="E played Ts to trick 1 on a clubs lead and still holds 9c"):
        play_evidence(renege_hand().view(Seat.E))


# -- the doors ---------------------------------------------------------------------------------
VIEW = dict(seat="E", hand="Kc Kd Kh", dealer="S", upcard="Jd", calls="Pass Pass Pass Pass h",
            tricks="As 9s Ah Qs; Qc Jc Ac 9c; Ks Ad")


def test_http_play_takes_inference_and_play_model_and_refuses_bad_ones():
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    ok = client.post("/v1/play", json={**VIEW, "worlds": 100, "seed": 1, "inference": "both", "play_model": 0.8})
    assert ok.status_code == 200
    want = advise_play(seat_view(**VIEW), Method(worlds=100, seed=1, inference="both", play_model=0.8)).to_dict()
    assert ok.get_json() == json.loads(json.dumps(want))
    for body, field, says in [({"play_model": 1000}, None, "temperature 1000"),
                              ({"play_model": "hot"}, "play_model", "play_model"),
                              ({"inference": "cards"}, "inference", "inference"),
                              ({"tricks": "As 9s Ah Qs; Qc Jc Ac Qc"}, None, "Qc")]:
        bad = client.post("/v1/play", json={**VIEW, "worlds": 100, "inference": "both", **body})
        assert bad.status_code == 422 and bad.headers["Content-Type"] == "application/problem+json", body
        problem = bad.get_json()
        assert says in json.dumps(problem), problem
        if field:
            assert problem["field"] == field or any(e["field"] == field for e in problem.get("errors") or ()), problem


def test_cli_play_takes_inference_and_play_model(capsys):
    from solver.cli import main
    args = ["play", "--seat", "E", "--hand", "Kc Kd Kh", "--dealer", "S", "--upcard", "Jd", "--calls",
            "Pass Pass Pass Pass h", "--tricks", VIEW["tricks"], "--worlds", "100", "--seed", "1", "--json"]
    assert main(args + ["--inference", "both", "--play-model", "0.8"]) == 0
    got = json.loads(capsys.readouterr().out)
    want = advise_play(seat_view(**VIEW), Method(worlds=100, seed=1, inference="both", play_model=0.8)).to_dict()
    assert got == json.loads(json.dumps(want))
    assert main(args + ["--inference", "both", "--play-model", "300"]) != 0
    assert "temperature 300" in capsys.readouterr().err
    assert main(args + ["--inference", "play", "--no-inference"]) != 0
    assert "--no-inference and --inference play" in capsys.readouterr().err
