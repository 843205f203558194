"""Match play (issue 13): the referee, the duplicate pairing, forfeits, the built-in and external agents."""
import os
import sys
import time
from pathlib import Path

import pytest

import solver
from solver.cards import Seat, cards_of
from solver.errors import ArgumentError, RulesError
from solver.game import DealCards, Hand
from solver.laws import hand_points, side_of
from solver import Method
from solver.match import PolicyAgent, deal_of, forfeit_points, legal_tokens, play_match as match, play_table
from solver.rules import Rules

DEAL = "N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th"
BOT = str(Path(__file__).with_name("bot_echo.py"))


class Scripted:
    """Bids ``call`` whenever it is legal (else the first legal call), discards the lowest card,
    plays double dummy (so a table's result is the solver's value of its contract)."""

    sees_all = True

    def __init__(self, call):
        self.call = call
        self.name = f"always-{call}"

    def bid(self, view, hand):
        legal = legal_tokens(view, "bid")
        return self.call if self.call in legal else legal[0]

    def discard(self, view, hand):
        return legal_tokens(view, "discard")[0]

    def play(self, view, hand):
        values = solver.card_values(hand.position())
        return max(values, key=values.get)


def contract_points(deal_cards, dealer, rules, calls):
    """Points per side index of the contract reached by ``calls`` (then the dealer's lowest discard, with
    partner), by solve: computed without the referee."""
    h = Hand(rules, dealer)
    h.apply(deal_cards)
    for c in calls:
        h.apply(c)
    if h.is_over:
        return (0, 0)
    if h.phase.value == "discard":
        h.apply(h.legal_actions()[0])
    h.apply("partner")
    r = solver.solve(h.position())
    who, pts = hand_points(r.makers_tricks, rules)
    out = [0, 0]
    out[h.makers if who == "makers" else 1 - h.makers] = pts
    return tuple(out)


def test_always_order_against_always_pass_scores_the_solved_contract():
    rules = Rules()
    cards = DealCards.parse(DEAL, "9c")
    order, pas = Scripted("order"), Scripted("pass")
    # dealer N: E, S, W, N bid. Table 0: order at N/S -> E passes, S orders; table 1: E orders at once
    hand0, pts0, f0 = play_table(cards, Seat.N, rules, {Seat.N: order, Seat.S: order, Seat.E: pas, Seat.W: pas})
    hand1, pts1, f1 = play_table(cards, Seat.N, rules, {Seat.N: pas, Seat.S: pas, Seat.E: order, Seat.W: order})
    assert f0 is None and f1 is None
    assert pts0 == contract_points(cards, Seat.N, rules, ["pass", "order"])
    assert pts1 == contract_points(cards, Seat.N, rules, ["order"])
    assert hand0.maker == Seat.S and hand1.maker == Seat.E


def test_match_of_scripted_agents_equals_the_hand_computed_duplicate_score():
    rules = Rules()
    r = match(Scripted("order"), Scripted("pass"), deals=4, seed=3, rules=rules, time_limit=None)
    for i in range(4):
        cards, dealer = deal_of(3, i, rules)
        order_seats = [s for s in rules.seats]
        first = [s for s in solver.laws.bidding_order(dealer, 4)]
        nets = []
        for a_side in (0, 1):
            calls = []
            for s in first:                 # everyone before the first seat of A passes
                if side_of(s) == a_side:
                    calls.append("order")
                    break
                calls.append("pass")
            pts = contract_points(cards, dealer, rules, calls)
            nets.append(pts[a_side] - pts[1 - a_side])
        assert order_seats
        assert r.paired()[i] == pytest.approx(sum(nets) / 2)
    assert r.points_per_deal == pytest.approx(float(r.paired().mean()))


def test_duplicate_pairing_puts_the_same_cards_at_the_same_seats_with_the_agents_swapped():
    rules = Rules()
    r = match("random", "policy", deals=6, seed=11, keep_hands=True)
    for i in range(6):
        t0, t1 = r.tables[2 * i], r.tables[2 * i + 1]
        cards, dealer = deal_of(11, i, rules)
        assert (t0.a_side, t1.a_side) == (0, 1) and t0.dealer == t1.dealer == dealer
        for seat in rules.seats:
            assert cards_of(t0.hand.dealt(seat)) == cards_of(t1.hand.dealt(seat)) == cards_of(cards.hands[seat])
        assert t0.hand.upcard == t1.hand.upcard == cards.upcard


def test_two_player_pairing_swaps_the_hands():
    rules = Rules(players=2)
    r = match("policy", "random", deals=5, seed=2, rules=rules, keep_hands=True)
    for i in range(5):
        t0, t1 = r.tables[2 * i], r.tables[2 * i + 1]
        for seat in rules.seats:
            assert t0.hand.dealt(seat) == t1.hand.dealt(seat)
    assert len(r.tables) == 10


@pytest.mark.slow
def test_same_seed_same_match_and_jobs_do_not_change_it():
    a = match("random", "policy", deals=30, seed=5).to_dict()
    assert a == match("random", "policy", deals=30, seed=5).to_dict()
    assert a != match("random", "policy", deals=30, seed=6).to_dict()
    assert a == match("random", "policy", deals=30, seed=5, jobs=2).to_dict()


def test_policy_against_itself_ties_every_deal():
    r = match("policy", "policy", deals=40, seed=1)
    assert r.points_per_deal == 0 and r.tied == 1.0 and r.interval == (0.0, 0.0)


def test_policy_beats_random():
    r = match("policy", "random", deals=60, seed=4)
    assert r.interval[0] > 0


class Raises:
    name = "raises"

    def bid(self, view):
        raise RuntimeError("boom")

    discard = play = bid


class Garbage(Scripted):
    def __init__(self, answer, at="bid"):
        super().__init__("pass")
        self.answer, self.at = answer, at

    def bid(self, view, hand):
        return self.answer if self.at == "bid" else super().bid(view, hand)

    def play(self, view, hand):
        return self.answer if self.at == "play" else super().play(view, hand)


class Sleeper(Raises):
    def bid(self, view):
        time.sleep(30)
        return "pass"

    discard = play = bid        # (its first decision may be a discard: the other side may order it up)


@pytest.mark.parametrize("agent, kind, words", [
    (Raises(), "error", "RuntimeError: boom"),
    (Garbage("bid 3 hearts"), "garbage", "'bid 3 hearts'"),
    (Garbage(17), "garbage", "17"),
    (Garbage("Jc", at="play"), "illegal", "Jc"),
])
def test_a_bad_answer_forfeits_the_deal_with_the_reason_and_the_match_goes_on(agent, kind, words):
    r = match(agent, "policy", deals=3, seed=8)
    a_forfeits = [f for f in r.forfeits if f["agent"] == "A"]
    assert a_forfeits and all(f["kind"] == kind and words in f["reason"] for f in a_forfeits)
    worst = forfeit_points(Rules())
    for t in r.tables:
        if t.forfeited_by == "A":
            assert t.points[t.a_side] == 0 and t.points[1 - t.a_side] == worst
    assert len(r.tables) == 6 and r.a_stats["forfeits"] == len(a_forfeits)


def test_forfeit_scores_the_most_one_deal_can_score():
    assert forfeit_points(Rules()) == 4
    assert forfeit_points(Rules(players=2)) == 2
    assert forfeit_points(Rules(loner_march_score=5)) == 5


def test_an_agent_too_slow_forfeits_at_its_time_limit():
    start = time.monotonic()
    r = match(Sleeper(), "policy", deals=2, seed=1, time_limit=0.2)
    assert time.monotonic() - start < 20            # bounded wait: never hangs on the sleeper
    assert r.a_stats["forfeits"] == 4
    assert all(f["kind"] == "timeout" and "0.2 s" in f["reason"] for f in r.forfeits)


def test_bad_arguments_are_argument_errors_and_bad_rules_rules_errors():
    for kw, words in [({"deals": 0}, "deals"), ({"jobs": 0}, "jobs"), ({"time_limit": -1}, "time_limit"),
                      ({"games": 1}, "games"), ({"method": {"worlds": 5}}, "worlds"), ({"seed": -1}, "seed")]:
        with pytest.raises(ArgumentError, match=words) as err:
            match("policy", "random", **kw)
        assert not isinstance(err.value, RulesError)
    with pytest.raises(RulesError, match="rules"):
        match("policy", "random", rules="x")
    with pytest.raises(ArgumentError, match="'nobody'"):
        match("nobody", "random")
    with pytest.raises(RulesError, match="dummy-hands"):
        match("policy", "random", rules=Rules(players=2, dummy_hands=True))


def test_policy_play_rule():
    h = Hand.from_deal(DEAL, upcard="9c", dealer="S")
    for a in ["pass", "order", "discard Ts", "partner"]:      # N orders clubs; W leads
        h.apply(a)
    p = PolicyAgent()
    # W (defender) leads: no off-suit ace in Jc Kc Tc Qh Th -> its lowest card: a plain ten (Th, lowest rank)
    assert p.play(h.view("W")) == "Th"
    h.apply("Th")
    # N (partner not yet played): the lowest card that beats Th: Jh (a plain jack under clubs)
    assert p.play(h.view("N")) == "Jh"
    h.apply("Jh")
    # E cannot follow hearts? E holds Jd Ad Kd Qd Td (no hearts, no clubs): lowest, nothing wins
    assert p.play(h.view("E")) == "Td"
    h.apply("Td")
    # S (Js As Ks Qs 9c; Js is the left bower), partner N winning: the lowest legal card
    assert p.play(h.view("S")) == "Qs"


def test_double_dummy_agent_never_loses_to_policy_on_points():
    r = match("double-dummy", "policy", deals=8, seed=2)
    assert r.points_per_deal >= 0


def test_advisor_agent_plays_a_legal_match():
    r = match("advisor", "random", deals=1, seed=1, method=Method(worlds=10))
    assert not r.forfeits and len(r.tables) == 2


def external(mode=""):
    return f"external:{sys.executable} {BOT} {mode}".strip()


@pytest.mark.slow
def test_external_bot_plays_a_match_and_answers_like_the_same_rule_in_process():
    class FirstLegal:
        name = "first-legal"

        def bid(self, view):
            return legal_tokens(view, "bid")[0]

        def discard(self, view):
            return legal_tokens(view, "discard")[0]

        def play(self, view):
            return legal_tokens(view, "play")[0]
    r = match(external(), "policy", deals=4, seed=9)
    assert not r.forfeits and len(r.tables) == 8
    same = match(FirstLegal(), "policy", deals=4, seed=9)
    assert [t.points for t in r.tables] == [t.points for t in same.tables]
    assert match(external(), "policy", deals=4, seed=9, jobs=2).tables == r.tables    # each worker starts its own


@pytest.mark.slow
@pytest.mark.parametrize("mode, kind, words", [
    ("die", "error", "exited (code 3)"),
    ("garbage", "garbage", "'hello'"),
    ("illegal", "garbage", "'call x'"),
    ("silent", "timeout", "within 0.5 s"),
])
def test_a_bot_that_dies_or_answers_garbage_forfeits_and_never_hangs(mode, kind, words):
    start = time.monotonic()
    r = match(external(mode), "policy", deals=2, seed=1, time_limit=0.5)
    assert time.monotonic() - start < 60                 # bounded wait
    assert r.a_stats["forfeits"] == 4
    assert all(f["kind"] == kind and words in f["reason"] for f in r.forfeits), r.forfeits


def test_external_program_not_found_is_an_argument_error():
    with pytest.raises(ArgumentError, match="not found"):
        match("external:/no/such/bot", "policy", deals=1)
    with pytest.raises(ArgumentError, match="no command"):
        match("external:", "policy", deals=1)


def test_cli_match_json_and_egn(tmp_path, capsys):
    import json

    from solver.cli import main
    out = tmp_path / "records"
    assert main(["match", "--a", "policy", "--b", "random", "--deals", "5", "--seed", "1", "--json",
                 "--egn", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {**match("policy", "random", deals=5, seed=1).to_dict(), "egn": data["egn"]}
    files = sorted(p.name for p in out.iterdir())
    assert len(files) == 10 and data["egn"]["files"] == files and files[3] == "deal-0002-table-2.egn"
    replayed = solver.load_game(out / files[3]).deals[0].hand      # each file is an EGN record that replays
    table = match("policy", "random", deals=5, seed=1, keep_hands=True).tables[3]
    assert replayed.result.points == tuple(data["tables"][3]["points"]) == table.points
    assert [replayed.dealt(s) for s in Seat] == [table.hand.dealt(s) for s in Seat]
    assert main(["match", "--a", "nobody", "--b", "random"]) == 2
    assert "'nobody'" in capsys.readouterr().err


def test_match_records_name_the_agents_so_stats_tell_them_apart(tmp_path, capsys):
    """The players of a match record are the agents (``A policy``, ``B random``) in their seats, the title says
    the deal, the table and which side sat where; a corpus review of the records then counts each agent."""
    from solver.cli import main
    out = tmp_path / "records"
    assert main(["match", "--a", "policy", "--b", "random", "--deals", "2", "--seed", "1", "--egn", str(out)]) == 0
    capsys.readouterr()
    first, second = (solver.load_game(out / f"deal-0001-table-{k}.egn") for k in (1, 2))
    assert first.players == ["A policy", "B random", "A policy", "B random"]
    assert second.players == ["B random", "A policy", "B random", "A policy"]
    assert first.metadata["title"] == "match A policy v B random, deal 1, table 1: A sits NS, B EW"
    assert second.metadata["title"] == "match A policy v B random, deal 1, table 2: A sits EW, B NS"
    lines = tmp_path / "lines.jsonl"
    assert main(["review", str(out), "--out", str(lines), "--worlds", "10", "--seed", "1", "--quiet"]) == 0
    capsys.readouterr()
    stats = solver.corpus_stats(lines).to_dict()
    assert {p["name"] for p in stats["players"]} == {"A policy", "B random"}
    assert {p["name"] for p in stats["partnerships"]} == {"A policy", "B random"}     # a side: one agent
    assert main(["match", "--a", "random", "--b", "random", "--deals", "1", "--players", "2", "--egn",
                 str(tmp_path / "two")]) == 0
    assert solver.load_game(tmp_path / "two" / "deal-0001-table-2.egn").players == ["B random", "A random"]


@pytest.mark.parametrize("winning, per_game", [(10, 3), (5, 2), (4, 1)])
def test_games_against_an_agent_that_always_forfeits(winning, per_game):
    # every deal forfeited by B gives A 4 points: a game to `winning` lasts ceil(winning / 4) deals
    rules = Rules(winning_score=winning)
    r = match("policy", Raises(), deals=3, seed=1, rules=rules, games=True)
    assert r.games["games"] == 3 and r.games["won"] == 1.0 and r.games["deals_per_game"] == per_game
    assert r.deals == 3 * per_game and r.b_stats["forfeits"] == 2 * 3 * per_game
    assert "games: A won 100.0% of 6" in r.text()


@pytest.mark.slow
def test_games_play_the_same_deals_at_both_tables_and_jobs_do_not_change_them():
    r = match("policy", "random", deals=4, seed=2, games=True, keep_hands=True)
    for t0, t1 in zip(r.tables[::2], r.tables[1::2]):
        assert (t0.game, t0.deal) == (t1.game, t1.deal)
        assert str(t0.cards) == str(t1.cards) and t0.dealer == t1.dealer
        assert t0.dealer == Seat(rules_seat(t0.game + t0.deal))
    assert r.to_dict() == match("policy", "random", deals=4, seed=2, games=True, jobs=2).to_dict()
    assert 0 <= r.games["won"] <= 1 and r.games["unfinished"] == 0


def rules_seat(n):
    return Rules().seats[n % 4]


def test_games_give_score_aware_agents_the_score_before_each_deal():
    class Recording(PolicyAgent):
        def __init__(self):
            super().__init__()
            self.seen = []

        def game_score(self, score):
            self.seen.append(score)
    rec = Recording()
    match(rec, Raises(), deals=1, seed=1, games=True)       # B forfeits every deal: A gains 4 a deal
    assert rec.seen == [{"NS": 0, "EW": 0}, {"NS": 4, "EW": 0}, {"NS": 8, "EW": 0},
                        {"NS": 0, "EW": 0}, {"NS": 0, "EW": 4}, {"NS": 0, "EW": 8}]
    plain = Recording()
    match(plain, "random", deals=2, seed=1)
    assert plain.seen == [None] * 4


def test_an_external_bot_is_asked_whether_to_defend_alone():
    from solver.game import Hand, Phase
    from solver.match.external import ExternalAgent
    hand = Hand.from_deal("N:Jh Jd Ah Kh Qh E:9c Tc Jc Qc Kc S:9s Ts Js Qs Ks W:9d Td Qd Kd Ad", upcard="9h",
                          dealer="W", rules=solver.Rules(defend_alone=True))
    for action in ("order", "discard 9d", "alone"):     # N orders up alone, W picks up: E, W may defend alone
        hand.apply(action)
    assert hand.phase is Phase.DEFEND_ALONE
    bot = ExternalAgent(f"{sys.executable} {BOT}")
    try:
        assert bot.defend(hand.view(hand.to_act), time_limit=30) is True      # the echo bot's first answer
    finally:
        bot.close()


def _bot_cli(mode, *args, time_limit=None, timeout=40):
    """``euchre match`` against the bot in ``mode``, in a child process killed after ``timeout`` s: its
    ``--json`` output (a hang fails the test instead of hanging it)."""
    import json
    import subprocess
    command = ["--a", f"external:{sys.executable} {BOT} {mode} {' '.join(args)}".strip(), "--b", "policy",
               "--deals", "1", "--seed", "1", "--json"]
    if time_limit is not None:
        command += ["--time-limit", str(time_limit)]
    start = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "solver", "match", *command], capture_output=True, text=True,
                          timeout=timeout)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout), time.monotonic() - start


@pytest.mark.slow
def test_a_bot_flooding_without_a_newline_forfeits_at_once():
    data, took = _bot_cli("flood", time_limit=2)        # the command line
    assert [f["kind"] for f in data["forfeits"]] == ["garbage"] * 2, data["forfeits"]
    assert all("longer than 65536 bytes" in f["reason"] for f in data["forfeits"])
    assert took < 25


@pytest.mark.slow
def test_a_bot_writing_without_a_newline_is_timed_out_at_its_time_limit():
    # bytes keep coming (never quiet, never past the bound): the limit holds all the same
    data, took = _bot_cli("trickle", time_limit=1)
    assert [f["kind"] for f in data["forfeits"]] == ["timeout"] * 2, data["forfeits"]
    assert all("within 1 s" in f["reason"] for f in data["forfeits"])
    assert took < 25


@pytest.mark.slow
def test_a_bot_flooding_with_no_time_limit_forfeits_at_the_line_bound_at_once():
    from solver.match.external import MAX_ANSWER_BYTES
    start = time.monotonic()
    r = match(external("flood"), "policy", deals=1, seed=1, time_limit=None)
    assert time.monotonic() - start < 20
    assert r.a_stats["forfeits"] == 2
    assert all(f["kind"] == "garbage" and f"longer than {MAX_ANSWER_BYTES} bytes" in f["reason"]
               for f in r.forfeits), r.forfeits


def test_an_answer_line_past_the_bound_forfeits_even_when_it_is_valid_json():
    r = match(external("long"), "policy", deals=1, seed=1, time_limit=5)
    assert r.a_stats["forfeits"] == 2 and all("longer than 65536 bytes" in f["reason"] for f in r.forfeits)


def _alive(pid):
    """Whether ``pid`` is a live process (a zombie waiting for its reaper is not)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_the_processes_a_bot_started_end_with_the_match(tmp_path):
    pids = tmp_path / "pids"
    r = match(external(f"spawn {pids}"), "policy", deals=1, seed=1, time_limit=10)
    assert not r.forfeits
    started = [int(p) for p in pids.read_text().split()]
    assert started
    deadline = time.monotonic() + 5
    while any(_alive(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(p) for p in started)


@pytest.mark.parametrize("then", ["echo", "die"])
def test_a_child_in_a_session_of_its_own_ends_with_the_match(tmp_path, then):
    """A child the bot started with setsid is out of the bot's process group: the bot's whole tree is ended,
    also when the bot exits by itself first (a forfeit) and leaves it behind."""
    pids = tmp_path / "pids"
    r = match(external(f"setsid {pids} {then}"), "policy", deals=1, seed=1, time_limit=10)
    assert bool(r.forfeits) == (then == "die")
    started = [int(p) for p in pids.read_text().split()]
    assert started and all(os.getsid(p) == p for p in started if _alive(p))   # each led its own session
    deadline = time.monotonic() + 5
    while any(_alive(p) for p in started) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(_alive(p) for p in started)


@pytest.mark.parametrize("mode", ["spawn", "setsid"])     # setsid: a child in a session of its own
def test_the_processes_a_bot_started_end_with_a_forfeit(tmp_path, mode):
    from solver.match.external import AgentForfeit, ExternalAgent
    hand = Hand.from_deal(DEAL, upcard="9h", dealer="W")
    pids = tmp_path / "pids"
    bot = ExternalAgent(f"{sys.executable} {BOT} {mode} {pids} garbage")
    with pytest.raises(AgentForfeit, match="hello"):
        bot.bid(hand.view(hand.to_act), time_limit=10)
    child = int(pids.read_text().split()[0])
    deadline = time.monotonic() + 5                        # the forfeit itself ended it, not the match's end
    while _alive(child) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not _alive(child)


def test_whole_games_without_game_odds_are_played_by_points_not_forfeited():
    """Canadian loners have no game-odds table: the score-aware advisor bids and plays by points there (as the
    review judges such a game) instead of forfeiting every deal; with the table it judges by the game."""
    from solver.match.agents import AdvisorAgent
    r = match("advisor", "policy", deals=1, seed=1, method=Method(worlds=10), games=True,
              rules=solver.Rules(canadian=True))
    assert not r.forfeits and r.games["games"] == 1
    agent = AdvisorAgent(method=Method(worlds=10))
    agent.game_score({"NS": 4, "EW": 6})
    assert agent._score_for(solver.Rules(canadian=True), None) is None
    assert agent._score_for(solver.Rules(), None) == {"NS": 4, "EW": 6}
    assert agent._score_for(solver.Rules(), "double_dummy") == {"NS": 4, "EW": 6}


def test_the_policy_agent_bids_a_turned_up_joker_by_the_suit_the_dealer_named():
    """With the joker a turned-up joker proposes the suit the dealer names; the policy agent bid round 1 on
    the joker alone and forfeited those deals (10 of 400 tables at seed 1)."""
    r = match("policy", "random", deals=200, seed=1, rules=solver.Rules(joker=True))
    assert not [f for f in r.forfeits if f["agent"] == "A"], r.forfeits[:2]
