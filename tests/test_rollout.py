"""The rollout valuation: each call played to the end of the deal by the advisor agents at every seat.

A rolled-out world is checked against the same deal played by the match's referee from the first call
(independent of the rollout's own replay of the earlier passes), the same worlds and seeds serve every call,
a resumed file gives the same figures as a run that never stopped (a torn line dropped), the facts of the
cards hold, and bad input is refused by name at every door."""
import json
from dataclasses import replace

import numpy as np
import pytest

from solver import Method, Rollout, Rules, advise_play, seat_view
from solver.cards import Seat, mask_of, parse_cards
from solver.errors import ArgumentError, EuchreError, RulesError
from solver.game import DealCards
from solver.cards import Card
from solver.match.agents import AdvisorAgent
from solver.match.referee import play_table
from solver.rollout import BidQuestion, agent_seed, roll_world, rollout_bids
from conftest import bid_advice

AGENT_WORLDS = 10          # weak and fast agents: what is checked is the machinery, not their strength


class _FirstThen:
    """Answers its first bid with ``token``, then as the advisor agent ``agent``: a seat of the referee's table
    whose first call is the rolled-out one (or an earlier pass)."""

    trusted = True

    def __init__(self, token, agent):
        self.token, self.agent = token, agent

    def bid(self, view):
        if self.token is not None:
            token, self.token = self.token, None
            return token
        return self.agent.bid(view)

    def __getattr__(self, name):
        return getattr(self.agent, name)


def _worlds(hand, upcard, seat, dealer, rnd, n=10, seed=4):
    w = bid_advice(hand, upcard, seat, dealer, rnd, worlds=10, seed=seed, valuation="double_dummy", robust_delta=None).drawn
    return replace(w, hands=w.hands[:n], kitty=w.kitty[:n])


@pytest.mark.parametrize("rnd, token", [(1, "order"), (1, "pass"), (2, "call c alone")])
def test_a_rolled_out_world_is_the_deal_the_referee_plays_from_the_first_call(rnd, token):
    hand, upcard, seat, dealer = "Jh Jd Ac Kc 9s", "9h", Seat.W, Seat.S
    w = _worlds(hand, upcard, "W", "S", rnd)
    up = int(parse_cards(upcard)[0])
    q = BidQuestion(int(seat), int(dealer), rnd, up, Rules())
    for j in range(3):
        got = roll_world(q, w.hands[j], w.kitty[j], [token], seed=9, world=j, agent_worlds=AGENT_WORLDS)[0]
        agents = {}
        # the referee asks every seat from the dealer's left, W first: in round 2 every seat has passed round 1
        passes = {} if rnd == 1 else {s: 1 for s in Seat}
        for s in Seat:
            inner = AdvisorAgent(method=Method(worlds=AGENT_WORLDS, seed=agent_seed(9, j, int(s))))
            script = ["pass"] * passes.get(s, 0) + ([token] if s == seat else [])
            agent = inner
            for t in reversed(script):
                agent = _FirstThen(t, agent)
            agents[s] = agent
        cards = DealCards(tuple(int(x) for x in w.hands[j]), Card(up), int(w.kitty[j]) & ~(1 << up))
        h, points, forfeit = play_table(cards, dealer, Rules(), agents)
        assert forfeit is None
        r = h.result
        want = [-1, -1, 0, 0, 0] if r.thrown_in else [int(r.maker), int(r.trump), int(r.alone is not None),
                                                        int(r.makers_tricks), points[1] - points[0]]
        assert [int(x) for x in got] == want, (j, got, want)


def test_every_call_is_rolled_out_on_the_same_world_with_the_same_seeds():
    w = _worlds("Jh Jd Ac Kc 9s", "9h", "W", "S", 1)
    q = BidQuestion(3, 2, 1, int(parse_cards("9h")[0]), Rules())
    both = roll_world(q, w.hands[0], w.kitty[0], ["pass", "order"], 5, 0, AGENT_WORLDS)
    alone = [roll_world(q, w.hands[0], w.kitty[0], [t], 5, 0, AGENT_WORLDS)[0] for t in ("pass", "order")]
    assert both == alone


def test_the_three_top_trumps_are_never_euchred_in_a_rollout():
    a = bid_advice("Jh Jd Ah 9c Ts", "9h", "E", "N", 1, worlds=10, seed=1, valuation="rollout",
               rollout=Rollout(agent_worlds=AGENT_WORLDS), calls=["order", "order alone"])
    assert a.valuation == "rollout" and a.robust is None and not a.early_stop
    assert a.bidding["later_seats"] == "agents"
    for o in a.options:
        assert o.p_euchred == 0.0 and o.p_make == 1.0, o
    assert "rollout: in each world the option is played to the end of the deal" in str(a)
    assert "later seats: advisor agents" in str(a)


def test_a_resumed_rollout_file_gives_the_figures_of_an_unbroken_run(tmp_path):
    w = _worlds("Jh Jd Ac Kc 9s", "9h", "W", "S", 1, n=6)
    q = BidQuestion(3, 2, 1, int(parse_cards("9h")[0]), Rules())
    whole = rollout_bids(q, w, ["pass", "order"], 3, Rollout(agent_worlds=AGENT_WORLDS))
    path = tmp_path / "r.jsonl"
    first = rollout_bids(q, w, ["pass", "order"], 3, Rollout(agent_worlds=AGENT_WORLDS, path=str(path)))
    assert np.array_equal(first, whole)
    lines = path.read_text().splitlines(keepends=True)
    assert json.loads(lines[0])["rollout"] == 1 and len(lines) == 1 + 6
    # stopped after three worlds, in the middle of writing the fourth
    path.write_text("".join(lines[:4]) + lines[4][:7])
    again = rollout_bids(q, w, ["pass", "order"], 3, Rollout(agent_worlds=AGENT_WORLDS, path=str(path)))
    assert np.array_equal(again, whole)
    kept = path.read_text().splitlines()
    assert len(kept) == 7 and all(json.loads(line) for line in kept)
    # the same file for another question (another seed) is refused, naming it, and left as it was
    with pytest.raises(EuchreError, match="r.jsonl.*another question"):
        rollout_bids(q, w, ["pass", "order"], 4, Rollout(agent_worlds=AGENT_WORLDS, path=str(path)))
    assert path.read_text().splitlines() == kept
    # a line that is no deal's result is refused naming it, not trusted
    forged = kept[:2] + [json.dumps({"world": 1, "results": [[1, 2, True, 99, 7], [1, 2, False, 3, 1]]})]
    path.write_text("\n".join(forged) + "\n")
    with pytest.raises(EuchreError, match="line 3: world 1: .* is not a deal's result"):
        rollout_bids(q, w, ["pass", "order"], 3, Rollout(agent_worlds=AGENT_WORLDS, path=str(path)))
    # a file of one line without its newline is no rollout file: refused, never cut
    other = tmp_path / "cfg.json"
    other.write_text('{"a": 1}')
    with pytest.raises(EuchreError, match="not a rollout file"):
        rollout_bids(q, w, ["pass", "order"], 3, Rollout(agent_worlds=AGENT_WORLDS, path=str(other)))
    assert other.read_text() == '{"a": 1}'


def test_a_rollout_file_of_another_question_or_method_is_refused_naming_what_differs(tmp_path):
    """The header records each part a rollout's figures depend on; a resumed file that differs in one is refused,
    the message naming the file and the part (both values where they are short), and the file is left as it was."""
    import solver
    w = _worlds("Jh Jd Ac Kc 9s", "9h", "W", "S", 1, n=2)
    q = BidQuestion(3, 2, 1, int(parse_cards("9h")[0]), Rules())
    path = tmp_path / "r.jsonl"
    spec = Rollout(agent_worlds=AGENT_WORLDS, path=str(path))
    first = rollout_bids(q, w, ["pass", "order"], 3, spec)
    kept = path.read_text()
    header = json.loads(kept.splitlines()[0])
    assert (header["worlds"], header["tokens"], header["seed"], header["agent_worlds"], header["later_calls"],
            header["version"]) == (2, ["pass", "order"], 3, AGENT_WORLDS, "agents", solver.__version__)
    other_world_order = replace(w, hands=w.hands[::-1], kitty=w.kitty[::-1])
    cases = [
        (dict(seed=4), r"the seed \(the file: 3, this rollout: 4\)"),
        (dict(tokens=["order", "pass"]), r"the options \(the file: \['pass', 'order'\], this rollout: "
                                         r"\['order', 'pass'\]\)"),
        (dict(spec=replace(spec, agent_worlds=AGENT_WORLDS + 2)),
         rf"the agents' worlds a decision \(the file: {AGENT_WORLDS}, this rollout: {AGENT_WORLDS + 2}\)"),
        (dict(spec=replace(spec, later_calls="model")), r"the later calls \(the file: 'agents', this rollout: 'model'\)"),
        (dict(q=replace(q, score={"NS": 2, "EW": 6})), r"the question \(hand, seat, dealer, round, upcard or view, "
                                                        r"rules, score\)"),
        (dict(worlds=other_world_order), r"the worlds drawn"),
    ]
    for change, words in cases:
        args = {"q": q, "worlds": w, "tokens": ["pass", "order"], "seed": 3, "spec": spec, **change}
        with pytest.raises(EuchreError, match=r"rollout file '.*r\.jsonl': it keeps a rollout of another question or "
                                              r"method; it differs in " + words + "; give another file$"):
            rollout_bids(args["q"], args["worlds"], args["tokens"], args["seed"], args["spec"])
        assert path.read_text() == kept
    # a header changed by hand (its key kept) is named by the part changed
    lines = kept.splitlines(keepends=True)
    path.write_text(json.dumps({**header, "seed": 5}) + "\n" + "".join(lines[1:]))
    with pytest.raises(EuchreError, match=r"the seed \(the file: 5, this rollout: 3\)"):
        rollout_bids(q, w, ["pass", "order"], 3, spec)
    # a header of the earlier layout (no question, drawn, later_calls, version) of this question still resumes ...
    earlier = {k: header[k] for k in ("rollout", "key", "worlds", "tokens", "seed", "agent_worlds")}
    path.write_text(json.dumps(earlier) + "\n" + "".join(lines[1:]))
    assert np.array_equal(rollout_bids(q, w, ["pass", "order"], 3, spec), first)
    # ... and of another question is refused, saying its header does not record the part
    path.write_text(json.dumps({**earlier, "key": "0" * 64}) + "\n" + "".join(lines[1:]))
    with pytest.raises(EuchreError, match="an earlier layout: no question, drawn, later_calls, version"):
        rollout_bids(q, w, ["pass", "order"], 3, spec)
    # a world written twice (two runs on one file) is refused, never averaged in or overwritten
    path.write_text(kept + lines[1])
    with pytest.raises(EuchreError, match=r"line 4: world 0 again"):
        rollout_bids(q, w, ["pass", "order"], 3, spec)


def test_a_torn_last_line_is_redone_even_when_it_reads_as_json(tmp_path):
    """The last world's line cut just before its newline is whole JSON, but no newline means the write did not
    finish: it is dropped and its world rolled out again, never read; the file ends with each world once."""
    w = _worlds("Jh Jd Ac Kc 9s", "9h", "W", "S", 1, n=2)
    q = BidQuestion(3, 2, 1, int(parse_cards("9h")[0]), Rules())
    path = tmp_path / "r.jsonl"
    spec = Rollout(agent_worlds=AGENT_WORLDS, path=str(path))
    first = rollout_bids(q, w, ["pass", "order"], 3, spec)
    lines = path.read_text().splitlines(keepends=True)
    last = json.loads(lines[2])
    forged = {**last, "results": [[r[0], r[1], r[2], r[3], 99 if r[4] >= 0 else -99] for r in last["results"]]}
    forged = {**last, "results": [[-1, -1, False, 0, 0]] * 2} if forged == last else forged
    path.write_text(lines[0] + lines[1] + json.dumps(forged))          # a different result, no newline
    again = rollout_bids(q, w, ["pass", "order"], 3, spec)
    assert np.array_equal(again, first)                                # the torn line was not read
    rows = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    assert sorted(r["world"] for r in rows) == [0, 1] and path.read_text().endswith("\n")


@pytest.mark.slow
def test_processes_give_the_same_figures_as_one():
    w = _worlds("Jh Jd Ac Kc 9s", "9h", "W", "S", 1, n=6)
    q = BidQuestion(3, 2, 1, int(parse_cards("9h")[0]), Rules())
    one = rollout_bids(q, w, ["order"], 3, Rollout(agent_worlds=AGENT_WORLDS))
    two = rollout_bids(q, w, ["order"], 3, Rollout(agent_worlds=AGENT_WORLDS, processes=2))
    assert np.array_equal(one, two)


def test_bad_rollout_arguments_are_refused_by_name():
    with pytest.raises(ArgumentError, match="rollout agent_worlds 9: must be a whole number 10.."):
        Rollout(agent_worlds=9)
    with pytest.raises(ArgumentError, match="rollout processes"):
        Rollout(processes=10**6)
    with pytest.raises(EuchreError, match="cluster 'nowhere'"):
        Rollout(cluster="nowhere")
    with pytest.raises(ArgumentError, match="rollout: only with valuation 'rollout'"):
        bid_advice("Jh Jd Ah 9c Ts", "9h", "E", "N", 1, worlds=10, seed=1, rollout=Rollout())
    with pytest.raises(ArgumentError, match="expected a solver.rollout.Rollout"):
        bid_advice("Jh Jd Ah 9c Ts", "9h", "E", "N", 1, worlds=10, seed=1, valuation="rollout", rollout={"x": 1})
    with pytest.raises(RulesError, match="valuation 'rollout'.*joker"):
        bid_advice("Jh Jd Ah 9c Ts", "9h", "E", "N", 1, worlds=10, seed=1, valuation="rollout", rules=Rules(joker=True))
    view = seat_view(**TWO_LEFT)
    with pytest.raises(ArgumentError, match="rollout: only with valuation 'rollout'"):
        advise_play(view, Method(worlds=10, seed=1, rollout=Rollout()))
    with pytest.raises(ArgumentError, match="valuation 'rollout': values one bid or card decision at a time"):
        AdvisorAgent(method=Method(valuation="rollout"))


def test_the_cli_refuses_rollout_options_without_the_rollout(capsys):
    from solver.cli import main
    question = ["advise", "--hand", "Jh Jd Ah 9c Ts", "--upcard", "9h", "--seat", "E", "--dealer", "N"]
    assert main([*question, "--agent-worlds", "20"]) == 2
    assert "--agent-worlds: only --valuation rollout uses it" in capsys.readouterr().err
    # out of range: named as typed (the agents' advice takes 10 worlds at the fewest)
    assert main([*question, "--valuation", "rollout", "--worlds", "10", "--agent-worlds", "5"]) == 2
    assert "--agent-worlds 5: must be a whole number" in capsys.readouterr().err
    with pytest.raises(SystemExit):         # --jobs: checked by argparse, as review's and match's
        main([*question, "--valuation", "rollout", "--worlds", "10", "--jobs", "0"])
    assert "argument --jobs: jobs 0: must be a whole number 1..64" in capsys.readouterr().err


def test_ctrl_c_is_one_line_not_a_traceback(capsys, monkeypatch):
    import solver.advisor
    from solver.cli import main

    def interrupted(*args, **kw):
        raise KeyboardInterrupt
    monkeypatch.setattr(solver.advisor, "advise_bid", interrupted)        # what euchre advise asks
    assert main(["advise", "--hand", "Jh Jd Ah 9c Ts", "--upcard", "9h", "--seat", "E", "--dealer", "N"]) == 130
    assert capsys.readouterr().err == "euchre: interrupted\n"


def test_the_service_bounds_the_rollout():
    from api.app import create_app
    client = create_app({"TESTING": True}).test_client()
    body = {"hand": "Jh Jd Ah 9c Ts", "upcard": "9h", "seat": "E", "dealer": "N", "worlds": 20, "valuation": "rollout"}
    answer = client.post("/v1/advise", json=body)
    assert answer.status_code == 422 and answer.mimetype == "application/problem+json"
    assert answer.json["type"].endswith("/problems/over-limit")
    assert "worlds x options = 20 x 3 = 60" in answer.json["detail"]
    # round 2: seven calls, so even the fewest worlds are over the bound
    answer = client.post("/v1/advise", json={**body, "worlds": 10, "round": 2, "upcard": "9s"})
    assert answer.status_code == 422 and "10 x 7 = 70" in answer.json["detail"]
    # play advice: worlds x the legal cards (four here)
    answer = client.post("/v1/play", json={"seat": "W", "hand": "Jh Jd As Ac", "dealer": "S", "upcard": "9s",
                                           "calls": "Pass Pass Pass Pass h", "tricks": "Ah 9h Th Qh",
                                           "worlds": 20, "valuation": "rollout"})
    assert answer.status_code == 422 and "worlds x options = 20 x 4 = 80" in answer.json["detail"]
    # within the bound: the rollout's answer
    answer = client.post("/v1/play", json={**TWO_LEFT, "worlds": 10, "valuation": "rollout", "seed": 3})
    assert answer.status_code == 200, answer.json
    assert answer.json["valuation"] == "rollout" and {c["card"] for c in answer.json["cards"]} == {"As", "Qd"}


# -- play advice ---------------------------------------------------------------------------------------------
# W made hearts and has won the first three tricks; every trump but the right bower is out
TWO_LEFT = dict(seat="W", hand="As Qd", dealer="S", upcard="9s", calls="Pass Pass Pass Pass h",
                tricks="Ah 9h Th Qh; Ac Kc 9c Tc; Jd 9d Td Kh")
ONE_LEFT = dict(TWO_LEFT, hand="Qd", tricks=TWO_LEFT["tricks"] + "; As Ks Qs Js")


def _play_worlds(view, advice):
    """The worlds a rollout of play advice drew (never more than asked for: no enumeration beyond them)."""
    from solver.inference import sample_worlds
    return sample_worlds(view, worlds=advice.worlds, seed=advice.seed, inference=True, exact_limit=advice.worlds)


def _side_tricks(h, side):
    return int(h.result.tricks[side])


def _leaves(h, side) -> set:
    """Every total the seat's side can end with from ``h``, over every legal continuation (the enumeration)."""
    if h.is_over:
        return {_side_tricks(h, side)}
    out = set()
    for action in h.legal_actions():
        nxt = h.copy()
        nxt.apply(action)
        out |= _leaves(nxt, side)
    return out


def _weighted(values, weights):
    return float(np.dot(values, weights / weights.sum()))


def test_with_one_trick_left_a_rollout_is_the_exact_outcome():
    from solver.advisor.playout import world_hand
    view = seat_view(**ONE_LEFT)
    a = advise_play(view, Method(worlds=10, seed=5, valuation="rollout", rollout=Rollout(agent_worlds=AGENT_WORLDS)))
    w = _play_worlds(view, a)
    assert len(w) == a.worlds
    got = []
    for j in range(len(w)):
        h = world_hand(view, w.hands[j], w.kitty[j])
        outcomes = _leaves(h, 1)
        assert len(outcomes) == 1            # one card each: nothing to choose
        got.append(outcomes.pop())
    assert a["Qd"].expected_tricks == pytest.approx(_weighted(np.array(got, float), w.weights), abs=1e-12)
    assert a["Qd"].p_march == pytest.approx(_weighted(np.array(got) == 5, w.weights), abs=1e-12)


def test_with_two_tricks_left_a_rollout_is_the_agents_own_choices():
    """Each world and card replayed by hand: every seat with a choice asks its own advisor agent (seeded as the
    rollout seeds it), forced cards are played without asking; the total is one of the enumerated endings."""
    from solver.advisor.playout import world_hand
    view = seat_view(**TWO_LEFT)
    a = advise_play(view, Method(worlds=10, seed=3, valuation="rollout", rollout=Rollout(agent_worlds=AGENT_WORLDS)))
    w = _play_worlds(view, a)
    chose = 0
    for card in ("As", "Qd"):
        totals = []
        for j in range(len(w)):
            h = world_hand(view, w.hands[j], w.kitty[j])
            h.apply(card)
            endings = _leaves(h, 1)
            agents = {s: AdvisorAgent(method=Method(worlds=AGENT_WORLDS, seed=agent_seed(a.seed, j, s))) for s in range(4)}
            while not h.is_over:
                legal = h.legal_actions()
                if len(legal) == 1:
                    h.apply(legal[0])
                else:
                    chose += 1
                    seat = h.to_act
                    h.apply(agents[int(seat)].play(h.view(seat)))
            assert _side_tricks(h, 1) in endings
            totals.append(_side_tricks(h, 1))
        assert a[card].expected_tricks == pytest.approx(_weighted(np.array(totals, float), w.weights), abs=1e-12)
    assert chose > 0                          # the agents did choose somewhere: the check is not of forced play


def test_a_play_rollout_resumes_from_its_file(tmp_path):
    view = seat_view(**TWO_LEFT)
    path = tmp_path / "play.jsonl"
    spec = Rollout(agent_worlds=AGENT_WORLDS, path=str(path))
    first = advise_play(view, Method(worlds=10, seed=3, valuation="rollout", rollout=spec))
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:4]) + lines[4][:7])       # stopped while writing the fourth world
    again = advise_play(view, Method(worlds=10, seed=3, valuation="rollout", rollout=spec))
    assert again.to_dict() == first.to_dict()
    assert len(path.read_text().splitlines()) == 11          # the header and every world, the torn one rewritten


def test_the_lead_table_refuses_the_rollout_by_name_at_every_door():
    from api.app import create_app
    client = create_app({"TESTING": True}).test_client()
    body = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h",
                valuation="rollout")
    answer = client.post("/v1/lead", json=body)         # at the default 500 worlds: the refusal, not the bound
    assert answer.status_code == 422 and "the lead table takes single_dummy" in answer.json["detail"]


# -- the rollout of the same auctions: the other seats' calls drawn from the bidding model ----------------------------
def test_a_model_bidders_calls_come_at_the_models_chances():
    """ModelBidder draws each call of round 1 at the bidding model's own chances for its hand (p_order times
    alone or not, from BiddingModel.round1 read here directly): over 3,000 seeded draws each call's share
    stands within five standard errors of its chance."""
    from solver.bidding import DEFAULT_MODEL
    from solver.game import Hand
    from solver.rollout import ModelBidder
    cards = DealCards(tuple(mask_of(parse_cards(t)) for t in ("Jd Ah Kh 9c Tc", "9d Td Qd Kd Ad",
                                                              "Qs Ks As Jc Qc", "9s Ts Js Kc Ac")),
                      Card(int(parse_cards("9h")[0])), mask_of(parse_cards("Qh Th Jh")))
    hand = Hand(Rules(), Seat.W)                       # W deals: N is first to bid
    hand.apply(cards)
    view = hand.view(Seat.N)
    place = 1                                          # left of the dealer (laws.place_after_dealer)
    p_order, p_alone = DEFAULT_MODEL.round1(np.uint32(view.hand), place, int(view.upcard))
    want = {"pass": 1 - p_order[0], "order": p_order[0] * (1 - p_alone[0]), "order alone": p_order[0] * p_alone[0]}
    n = 3000
    got = {t: 0 for t in want}
    bidder = ModelBidder(method=Method(worlds=10, seed=1))
    for k in range(n):
        bidder.new_deal(k)
        got[bidder.bid(view)] += 1
    for token, p in want.items():
        se = max((p * (1 - p) / n) ** 0.5, 1e-3)
        assert abs(got[token] / n - p) < 5 * se, (token, got[token] / n, p)


def test_a_rollout_of_the_same_auctions_has_the_model_bid_for_the_other_seats():
    """With later_calls="model" the rolled-out world is the deal the referee plays with ModelBidder at every
    other seat and the deciding seat's advisor agent (the same seeds); its figures differ from the agents'
    auction somewhere, and the advice says who bid."""
    from solver.rollout import ModelBidder
    hand, upcard, seat, dealer = "9c Tc 9d Td Qs", "Kh", Seat.E, Seat.N
    w = _worlds(hand, upcard, "E", "N", 1)
    up = int(parse_cards(upcard)[0])
    q = BidQuestion(int(seat), int(dealer), 1, up, Rules())
    differ = 0
    for j in range(5):
        got = roll_world(q, w.hands[j], w.kitty[j], ["pass"], seed=9, world=j, agent_worlds=AGENT_WORLDS,
                         later_calls="model")[0]
        agents = {}
        for s in Seat:
            kind = AdvisorAgent if s == seat else ModelBidder
            inner = kind(method=Method(worlds=AGENT_WORLDS, seed=agent_seed(9, j, int(s))))
            agents[s] = _FirstThen("pass", inner) if s == seat else inner
        cards = DealCards(tuple(int(x) for x in w.hands[j]), Card(up), int(w.kitty[j]) & ~(1 << up))
        h, points, forfeit = play_table(cards, dealer, Rules(), agents)
        r = h.result
        want = [-1, -1, 0, 0, 0] if r.thrown_in else [int(r.maker), int(r.trump), int(r.alone is not None),
                                                        int(r.makers_tricks), points[1] - points[0]]
        assert [int(x) for x in got] == want, (j, got, want)
        agents_got = roll_world(q, w.hands[j], w.kitty[j], ["pass"], seed=9, world=j, agent_worlds=AGENT_WORLDS)[0]
        differ += list(agents_got) != list(got)
    assert differ
    a = bid_advice(hand, upcard, "E", "N", 1, worlds=10, seed=2, calls=["pass"], valuation="rollout",
               rollout=Rollout(agent_worlds=AGENT_WORLDS, later_calls="model"))
    assert a.to_dict()["bidding"]["later_seats"] == "model"
    with pytest.raises(ArgumentError, match="rollout later_calls 'humans'"):
        Rollout(later_calls="humans")

# a rollout long enough (an hour on two processes) that it is still running when interrupted, its agents strong
# enough (40 worlds a decision, seconds a world) that the worlds under way at Ctrl-C are many seconds of work
LONG = dict(hand="Jh Jd Ac Kc 9s", upcard="9h", seat="W", dealer="S", rnd=1, n=1000, seed=4)
LONG_AGENT_WORLDS = 40
LONG_SCRIPT = """
import json, signal, sys
# Ctrl-C as at a terminal: a process started with SIGINT ignored (pytest-xdist's workers run so, and children
# inherit it) would otherwise never see it
signal.signal(signal.SIGINT, signal.default_int_handler)
from dataclasses import replace
from solver import Method, Rollout, Rules, advise_bid
from solver.advisor import bid_question_view
from solver.cards import parse_cards
from solver.rollout import BidQuestion, rollout_bids
w = advise_bid(bid_question_view("Jh Jd Ac Kc 9s", "9h", "W", "S", 1),
               Method(worlds=1000, seed=4, valuation="double_dummy", robust_delta=None)).drawn
q = BidQuestion(3, 2, 1, int(parse_cards("9h")[0]), Rules())
try:
    rollout_bids(q, w, ["pass", "order"], 3, Rollout(agent_worlds=40, processes=2, path=sys.argv[1]))
except KeyboardInterrupt:
    sys.exit(3)
"""


def test_ctrl_c_stops_a_rollout_in_processes_at_once_and_keeps_every_finished_world(tmp_path):
    import os
    import signal
    import subprocess
    import sys
    import time

    from solver.rollout import _read_file, question_key
    path = tmp_path / "long.jsonl"
    child = subprocess.Popen([sys.executable, "-c", LONG_SCRIPT, str(path)], start_new_session=True,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        waited = 0.0
        while (not path.exists() or path.read_text().count("\n") < 1 + 3) and child.poll() is None and waited < 600:
            time.sleep(0.2)
            waited += 0.2
        assert child.poll() is None, child.stderr.read()
        os.killpg(child.pid, signal.SIGINT)          # as Ctrl-C at a terminal: the parent and its workers
        # a bound, not a measure: the pool is terminated at once (a fraction of a second on the 2-core test machine),
        # where before the executor's shutdown took 11 to 14 s there and dropped the chunks under way; 8 s leaves a
        # loaded machine room
        _out, err = child.communicate(timeout=8)
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
    assert child.returncode == 3, err
    assert "Traceback" not in err                    # the workers leave quietly
    with pytest.raises(ProcessLookupError):
        os.killpg(child.pid, 0)                      # no worker left running
    raw = path.read_bytes()
    assert raw.endswith(b"\n")                       # whole lines only: nothing to cut on resume
    w = bid_advice(LONG["hand"], LONG["upcard"], LONG["seat"], LONG["dealer"], LONG["rnd"], worlds=LONG["n"],
               seed=LONG["seed"], valuation="double_dummy", robust_delta=None).drawn
    q = BidQuestion(3, 2, 1, int(parse_cards("9h")[0]), Rules())
    done = _read_file(path, question_key(q, w, ["pass", "order"], 3, LONG_AGENT_WORLDS))
    assert path.read_bytes() == raw and 3 <= len(done) < LONG["n"]
    j = min(done)                                    # a kept world is the world rolled out afresh
    assert done[j] == roll_world(q, w.hands[j], w.kitty[j], ["pass", "order"], 3, j, LONG_AGENT_WORLDS)


@pytest.mark.slow
def test_a_cluster_gives_the_same_figures_as_one():
    # the cluster's executor comes with its thread count: the rollout once took the pair for the executor
    w = _worlds("Jh Jd Ac Kc 9s", "9h", "W", "S", 1, n=4)
    q = BidQuestion(3, 2, 1, int(parse_cards("9h")[0]), Rules())
    one = rollout_bids(q, w, ["order"], 3, Rollout(agent_worlds=AGENT_WORLDS))
    local = rollout_bids(q, w, ["order"], 3, Rollout(agent_worlds=AGENT_WORLDS, cluster="local:1"))
    assert np.array_equal(one, local)
