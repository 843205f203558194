"""Two-player euchre with dummy hands (docs/rules.md "Dummy-hands variant"), end to end.

* The rules engine (solver.game): one deal written out by hand, trick by trick,
  with every expectation worked out on paper; then random hands refereed by a
  separate plain-Python reading of the rules (tests/reference.py's card rules:
  legal cards, trick winners) that checks every phase: the deal, bidding with
  the dummies visible, the dealer's pick-up into the personal hand, tricks 1-5
  with the personal hands, tricks 6-10 with the dummies led by the non-dealer,
  each set scored as a hand and the points summed.
* Bad input: a clear EuchreError naming what is wrong.
"""
import random
import re

import pytest

import reference
from solver import CardError, EuchreError, IllegalActionError, PositionError, Rules, solve
from solver.cards import Card, Seat, Suit, cards_of, format_cards, mask_of, parse_cards
from solver.game import ORDER, CardPlayed, DealCards, Game, Hand, Phase
from conftest import bid_advice

N, S = Seat.N, Seat.S
DUMMY = Rules(players=2, dummy_hands=True)
SUITS = "cdhs"

# The hand worked out on paper. Personal hands, then the face-up dummies; upcard 9h,
# the kitty's other three cards Jc Js Th.
PAPER_DEAL = "N:Jh Jd Ah Kh Qh S:9c Tc Qc Kc Ac | N:9s Ts Qs Ks 9d S:As Td Qd Kd Ad"
PAPER_UP = "9h"


def cards(text):
    return mask_of(parse_cards(text))


def paper_hand():
    return Hand.from_deal(PAPER_DEAL, upcard=PAPER_UP, dealer="S", rules=DUMMY)


# ------------------------------------------------------------------ the hand worked out on paper
def test_paper_hand_deal_and_views():
    h = paper_hand()
    assert h.phase is Phase.BID1 and h.to_act == N           # the non-dealer bids first
    assert h.holding(N) == cards("Jh Jd Ah Kh Qh") and h.holding(S) == cards("9c Tc Qc Kc Ac")
    assert h.dummy(N) == h.dealt_dummy(N) == cards("9s Ts Qs Ks 9d")
    assert h.dummy(S) == h.dealt_dummy(S) == cards("As Td Qd Kd Ad")
    assert h.kitty == cards("Jc Js Th") and not h.dummy_phase and h.tricks_in_hand == 10
    for seat in (N, S):                                      # both dummies are face up for both seats
        v = h.view(seat)
        assert v.dummies[N] == cards("9s Ts Qs Ks 9d") and v.dummies[S] == cards("As Td Qd Kd Ad")
        assert not v.dummy_phase
    # unseen: the opponent's five personal cards and the kitty's three face-down cards (8)
    assert h.view(N).unseen == cards("9c Tc Qc Kc Ac Jc Js Th")
    assert h.view(S).unseen == cards("Jh Jd Ah Kh Qh Jc Js Th")
    assert str(h.history[0].action) == ("N:Jd Jh Qh Kh Ah S:9c Tc Qc Kc Ac | N:9d 9s Ts Qs Ks S:Td Qd Kd Ad As "
                                        "up:9h")                # cards in index order


def test_paper_hand_played_out():
    h = paper_hand()
    h.apply(ORDER)                                           # N orders up hearts
    assert h.phase is Phase.DISCARD and h.to_act == S and h.trump == Suit.H and h.maker == N
    # S (the dealer) picked the 9h up into the personal hand; the dummies are untouched
    assert h.holding(S) == cards("9c Tc Qc Kc Ac 9h") and h.dummy(S) == cards("As Td Qd Kd Ad")
    assert {str(a) for a in h.legal_actions()} == {f"discard {c}" for c in "9c Tc Qc Kc Ac 9h".split()}
    with pytest.raises(IllegalActionError, match="S cannot discard Ad: S does not hold it"):
        h.discard_card("Ad")                                 # not from the dummy
    h.discard_card("9c")
    assert h.phase is Phase.PLAY and h.to_act == N and h.leader == N    # the non-dealer leads
    assert h.view(N).unseen == cards("Tc Qc Kc Ac 9h 9c Jc Js Th")     # N does not see the discard
    assert h.view(S).unseen == cards("Jh Jd Ah Kh Qh Jc Js Th")
    with pytest.raises(IllegalActionError, match="N cannot play 9s: N does not hold it"):
        h.play("9s")                                         # the dummy waits for trick 6
    pos = h.position()                                       # tricks 1-5: the personal hands
    assert pos.hands[N] == cards("Jh Jd Ah Kh Qh") and pos.hands[S] == cards("Tc Qc Kc Ac 9h")
    assert not pos.rules.dummy_hands and pos.rules.players == 2 and solve(pos).tricks == {"N": 5, "S": 0}

    first = [("Jh", "9h"), ("Jd", "Tc"), ("Ah", "Qc"), ("Kh", "Kc"), ("Qh", "Ac")]
    for i, (n_card, s_card) in enumerate(first):
        assert h.leader == N and h.to_act == N
        h.play(n_card)
        rec = h.play(s_card)
        assert rec.trick == i and rec.trick_winner == N
    # the first set: N took all five, a march, 2 points; scored as a hand
    assert rec.result is None and rec.phase_result is not None
    r1 = rec.phase_result
    assert (r1.tricks, r1.makers_tricks, r1.points, r1.march, r1.euchred) == ((5, 0), 5, (2, 0), True, False)
    assert h.phase_results == (r1,) and h.result is None
    # tricks 6-10: the dummies are the hands, the non-dealer N leads again, tricks counted afresh
    assert h.dummy_phase and h.phase is Phase.PLAY and h.leader == N and h.to_act == N
    assert h.tricks_won == (0, 0)
    assert h.holding(N) == h.dummy(N) == cards("9s Ts Qs Ks 9d") and h.holding(S) == cards("As Td Qd Kd Ad")
    assert "trick 6 (the dummies)" in h.state_text()
    pos = h.position()
    assert pos.leader == N and pos.tricks_won == (0, 0) and pos.hands[S] == cards("As Td Qd Kd Ad")
    assert solve(pos).tricks == {"N": 0, "S": 5}
    v = h.view(N)
    assert v.dummy_phase and v.hand == cards("9s Ts Qs Ks 9d") and v.dummies[S] == cards("As Td Qd Kd Ad")
    assert v.voids == (frozenset(), frozenset(), frozenset(), frozenset())   # S's clubs were the other hand
    assert v.unseen == cards("9c Jc Js Th")                  # only the kitty and S's discard

    second = [("Ks", "As", S), ("Ad", "9d", S), ("Kd", "9s", S), ("Qd", "Ts", S), ("Td", "Qs", S)]
    h.play("Ks")
    with pytest.raises(IllegalActionError, match="a renege, spades were led and S holds As"):
        h.play("Ad")
    h.play("As")
    for lead, follow, winner in second[1:]:
        assert h.to_act == S
        h.play(lead)
        rec = h.play(follow)
        assert rec.trick_winner == winner
    # the second set: N took none, euchred, 2 points to S
    r2 = rec.phase_result
    assert (r2.tricks, r2.makers_tricks, r2.points, r2.march, r2.euchred) == ((0, 5), 0, (0, 2), False, True)
    # the hand: both sets' points summed; both sides scored
    r = h.result
    assert rec.result is r and h.is_over and h.phase_results == (r1, r2) and r.phases == (r1, r2)
    assert (r.trump, r.maker, r.makers, r.tricks, r.makers_tricks, r.points) == (Suit.H, N, 0, (5, 5), 5, (2, 2))
    assert r.march is False and r.euchred is True and r.makers_points == 0
    d = r.to_dict()
    assert d["points"] == {"N": 2, "S": 2} and [p["points"] for p in d["phases"]] == [{"N": 2, "S": 0},
                                                                                       {"N": 0, "S": 2}]
    assert [t.index for t in h.tricks] == list(range(10))
    # undo back across the change of set
    for _ in range(11):
        h.undo()
    assert not h.dummy_phase and h.to_act == S and h.current_trick == ((N, Card("Qh")),)
    assert h.holding(N) == 0 and h.dummy(N) == cards("9s Ts Qs Ks 9d")
    assert h.phase_results == () and h.tricks_won == (4, 0)


def test_paper_hand_round_two_and_thrown_in():
    h = paper_hand()
    h.pass_()
    h.pass_()
    assert h.phase is Phase.BID2 and h.view(N).upcard_state == "turned_down"
    h.call("s")                                              # N names spades: no pick-up
    assert h.phase is Phase.PLAY and h.holding(S) == cards("9c Tc Qc Kc Ac") and h.to_act == N
    h2 = paper_hand()
    for _ in range(4):
        h2.pass_()
    assert h2.is_over and h2.result.thrown_in and h2.result.points == (0, 0) and h2.phase_results == ()


def test_positions_and_steps_run_through_both_sets():
    h = paper_hand()
    h.apply(ORDER)
    h.discard_card("9c")
    for c in "Jh 9h Jd Tc Ah Qc Kh Kc Qh Ac Ks As Ad 9d Kd 9s Qd Ts Td Qs".split():
        h.play(c)
    positions = list(h.positions())
    assert len(positions) == 20
    for i, (pos, rec) in enumerate(positions):
        assert isinstance(rec, CardPlayed) and pos.tricks_left == 5 - (i // 2) % 5
        assert pos.hands[rec.seat] & rec.card.mask
    steps = list(h.steps())
    assert len(steps) == 22 and steps[-1][0].dummy_phase and not steps[3][0].dummy_phase


def test_a_game_adds_both_sets():
    game = Game(DUMMY, dealer="S")
    game.deal(PAPER_DEAL, upcard=PAPER_UP)
    for a in ["order", "discard 9c"] + "Jh 9h Jd Tc Ah Qc Kh Kc Qh Ac Ks As Ad 9d Kd 9s Qd Ts Td Qs".split():
        game.apply(a)
    assert game.scores == (2, 2) and game.next_dealer == N


# ------------------------------------------------------------------ random hands, refereed separately
def names(mask):
    return [str(c) for c in cards_of(mask)]


def score_set(makers_tricks):
    """docs/rules.md: 3-4 tricks 1 point to the makers, 5 (march) 2, 0-2 (euchred) 2 to the defenders."""
    if makers_tricks == 5:
        return "makers", 2
    if makers_tricks >= 3:
        return "makers", 1
    return "defenders", 2


def referee(seed):
    """Play one random dummy-hands hand, checking the engine at every step against the rules as read here."""
    rng = random.Random(seed)
    dealer = rng.choice([N, S])
    other = S if dealer == N else N
    h = Hand(DUMMY, dealer)
    dealt = h.deal(rng=seed).action
    personal = {s: names(dealt.hands[s]) for s in (N, S)}
    dummies = {s: names(dealt.dummies[s]) for s in (N, S)}
    up = str(dealt.upcard)
    kitty = names(dealt.kitty)
    # the deal: 5 + 5 each, kitty 4 with the upcard, every card once
    everything = personal[N] + personal[S] + dummies[N] + dummies[S] + [up] + kitty
    assert sorted(everything) == sorted(reference.DECK) and len(kitty) == 3
    for s in (N, S):
        assert len(personal[s]) == 5 and len(dummies[s]) == 5
        for viewer in (N, S):
            assert h.view(viewer).dummies[s] == dealt.dummies[s]
    # bidding: non-dealer first; the dummies are visible to the bidder
    trump = maker = None
    picked = False
    for rnd in (1, 2):
        for bidder in (other, dealer):
            assert h.to_act == bidder and h.phase is (Phase.BID1 if rnd == 1 else Phase.BID2)
            v = h.view(bidder)
            assert v.unseen == mask_of(Card.parse(c) for c in reference.DECK
                                       if c not in personal[bidder] + dummies[N] + dummies[S] + [up])
            if rng.random() < 0.4:
                if rnd == 1:
                    h.order_up()
                    trump, picked = up[1], True
                else:
                    trump = rng.choice([x for x in SUITS if x != up[1]])
                    h.call(trump)
                maker = bidder
                break
            h.pass_()
        if trump:
            break
    if trump is None:
        assert h.is_over and h.result.thrown_in and h.result.points == (0, 0)
        return "thrown in"
    if picked:                   # the dealer picks the upcard into the personal hand, discards face down
        six = personal[dealer] + [up]
        assert h.to_act == dealer and h.holding(dealer) == mask_of(Card.parse(c) for c in six)
        assert h.dummy(dealer) == dealt.dummies[dealer]
        gone = rng.choice(six)
        h.discard_card(gone)
        personal[dealer] = [c for c in six if c != gone]
    assert h.phase is Phase.PLAY and h.trump == Suit.parse(trump) and h.maker == maker
    points = {N: 0, S: 0}
    sets = []
    for phase, hands in enumerate((personal, dummies)):
        hands = {s: list(hands[s]) for s in (N, S)}
        leader = other                                       # the non-dealer leads both sets
        won = {N: 0, S: 0}
        for t in range(5):
            assert h.leader == leader and h.to_act == leader and h.dummy_phase == (phase == 1)
            assert h.tricks_won == (won[N], won[S])
            pos = h.position()
            assert pos.hands[N] == mask_of(Card.parse(c) for c in hands[N]) and pos.leader == leader
            assert pos.tricks_won == (won[N], won[S]) and not pos.rules.dummy_hands
            if phase == 0:                                   # the dummies wait, face up, for trick 6
                assert all(h.dummy(s) == dealt.dummies[s] for s in (N, S))
            if t in (0, 3):                                  # each set solves as a two-player position
                ref = reference.solve({s.name: list(hands[s]) for s in (N, S)}, trump, leader.name, [], 2)
                assert solve(pos).tricks == {"N": won[N] + ref["N"], "S": won[S] + ref["S"]}
            for viewer in (N, S):                            # a seat sees its cards, the dummies, the table
                seen = hands[viewer] + [c for s in (N, S) for c in (dummies[s] if phase == 0 else hands[s])]
                seen += [str(c) for tr in h.tricks for c in tr.cards]
                if not picked:
                    seen.append(up)
                if viewer == dealer and picked:
                    seen.append(gone)
                assert h.view(viewer).unseen == mask_of(Card.parse(c) for c in reference.DECK if c not in seen)
            trick = []
            seat = leader
            for _ in range(2):
                legal = reference.legal_cards(hands[seat], trump, trick[0] if trick else None)
                assert sorted(str(a) for a in h.legal_actions()) == sorted(legal)
                card = rng.choice(legal)
                rec = h.play(card)
                hands[seat].remove(card)
                trick.append(card)
                seat = S if seat == N else N
            winner = leader if reference.trick_winner(trick, trump) == 0 else (S if leader == N else N)
            assert rec.trick == 5 * phase + t and rec.trick_winner == winner
            won[winner] += 1
            leader = winner
        who, pts = score_set(won[maker])
        scorer = maker if who == "makers" else (S if maker == N else N)
        points[scorer] += pts
        r = rec.phase_result
        assert r is not None and r.makers_tricks == won[maker] and r.tricks == (won[N], won[S])
        assert r.points == (pts if scorer == N else 0, pts if scorer == S else 0)
        assert r.march == (won[maker] == 5) and r.euchred == (won[maker] < 3)
        sets.append(won[maker])
        if phase == 0:
            assert rec.result is None and not h.is_over
    r = h.result
    assert h.is_over and r.points == (points[N], points[S]) and r.makers_tricks == sum(sets)
    assert r.march == (sets == [5, 5]) and r.euchred == (min(sets) < 3) and len(r.phases) == 2
    # the whole history replays and undoes
    again = Hand.from_history(DUMMY, dealer, h.history)
    assert again.result == r and again.tricks == h.tricks
    while h.history:
        h.undo()
    assert h.phase is Phase.DEAL
    return sets


@pytest.mark.slow
def test_random_hands_refereed_phase_by_phase():
    outcomes = [referee(seed) for seed in range(300)]
    played = [o for o in outcomes if o != "thrown in"]
    assert len(played) > 200
    # the random play reached a march, a euchre and a plain make in each set
    for phase in (0, 1):
        values = {o[phase] for o in played}
        assert 5 in values and 3 in values and min(values) < 3


def test_random_deal_layout():
    dealt = DealCards.random(DUMMY, 5)
    text = str(dealt)
    assert text.count("|") == 1
    again = DealCards.parse(text.rsplit(" up:", 1)[0], dealt.upcard, rules=DUMMY)
    assert again == dealt


# ------------------------------------------------------------------ bad input
@pytest.mark.parametrize("deal, pattern", [
    ("N:Jh Jd Ah Kh Qh S:9c Tc Qc Kc Ac", r"a dummy-hands deal is 'N:<hand> S:<hand> \| N:<dummy> S:<dummy>'"),
    ("N:Jh Jd Ah Kh Qh S:9c Tc Qc Kc Ac | N:9s Ts Qs Ks S:As Td Qd Kd Ad", r"N dummy is 4 cards, expected 5"),
    ("N:Jh Jd Ah Kh Qh S:9c Tc Qc Kc Ac | N:9s Ts Qs Ks 9d S:-", r"S dummy is unknown"),
    ("N:Jh Jd Ah Kh Qh S:9c Tc Qc Kc Ac | N:9s Ts Qs Ks Jh S:As Td Qd Kd Ad", r"card Jh appears in N and N's dummy"),
    ("N:Jh Jd Ah Kh Qh S:9c Tc Qc Kc Ac | N:9s Ts Qs Ks 9h S:As Td Qd Kd Ad", r"upcard 9h also appears in N's dummy"),
    ("N:Jh Jd Ah Kh Qh S:9c Tc Qc Kc Ac | N:9s Ts Qs Ks 9d E:As Td Qd Kd Ad", r"seat E"),
])
def test_bad_dummy_deals(deal, pattern):
    with pytest.raises(EuchreError, match=pattern):
        Hand.from_deal(deal, upcard="9h", dealer="S", rules=DUMMY)


def test_dummies_need_the_variant():
    with pytest.raises(CardError, match=r"'\|' separates the dummy hands"):
        Hand.from_deal(PAPER_DEAL, upcard=PAPER_UP, dealer="S", rules=Rules(players=2))
    plain = DealCards.parse("N:Jh Jd Ah Kh Qh S:9c Tc Qc Kc Ac", "9h", rules=Rules(players=2))
    with_dummies = DealCards(plain.hands, plain.upcard, cards("Jc Js Th"),
                             dummies=(cards("9s Ts Qs Ks 9d"), 0, cards("As Td Qd Kd Ad"), 0))
    with pytest.raises(IllegalActionError, match="dummy hands need Rules"):
        Hand(Rules(players=2), "S").apply(with_dummies)
    with pytest.raises(IllegalActionError, match="N's dummy holds 0 cards, expected 5"):
        Hand(DUMMY, "S").apply(DealCards(plain.hands, plain.upcard, plain.kitty))


# ------------------------------------------------------------------ the JSON record (solver.records.dummy)
import copy  # noqa: E402
import json  # noqa: E402

import jsonschema  # noqa: E402

from solver import EGNError, load_egn  # noqa: E402
from solver.errors import DummyRecordError, RecordError  # noqa: E402
from solver.records.dummy import dump_dummy_record, load_dummy_record  # noqa: E402
from solver.records.egn import SCHEMA_PATH as EGN_SCHEMA  # noqa: E402

PAPER_PLAY = "Jh 9h Jd Tc Ah Qc Kh Kc Qh Ac Ks As Ad 9d Kd 9s Qd Ts Td Qs".split()
PAPER_RECORD = {
    "fileType": "Euchre Dummy-Hands Record",
    "version": "1.0",
    "metadata": {"title": "Euchre game with dummy hands", "players": ["North", "South"], "initialScore": [0, 0],
                 "ruleset": {"std": False, "winning_score": 10}},
    "deals": [{
        "dealNumber": 0,
        "initialState": {"dealer": 1, "upCard": "9h",
                         "playerCards": [["Jd", "Jh", "Qh", "Kh", "Ah"], ["9c", "Tc", "Qc", "Kc", "Ac"]],
                         "dummyCards": [["9d", "9s", "Ts", "Qs", "Ks"], ["Td", "Qd", "Kd", "Ad", "As"]]},
        "phases": [
            {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Order"], "discard": "9c"},
            {"phaseNumber": 1, "type": "TRICK_PLAY", "hands": "personal",
             "tricks": [["Jh", "9h"], ["Jd", "Tc"], ["Ah", "Qc"], ["Kh", "Kc"], ["Qh", "Ac"]]},
            {"phaseNumber": 2, "type": "TRICK_PLAY", "hands": "dummy",
             "tricks": [["Ks", "As"], ["Ad", "9d"], ["Kd", "9s"], ["Qd", "Ts"], ["Td", "Qs"]]},
        ]}],
}


def paper_played():
    h = paper_hand()
    for a in ["order", "discard 9c"] + PAPER_PLAY:
        h.apply(a)
    return h


def test_record_of_the_paper_hand():
    text = dump_dummy_record(paper_played())
    assert json.loads(text) == PAPER_RECORD
    rec = load_dummy_record(text)
    deal = rec.deals[0]
    assert deal.status == "complete" and rec.problems == [] and rec.final_score == (2, 2)
    assert deal.result == paper_played().result and deal.hand.history == paper_played().history
    assert deal.summary() == ("deal 0: S dealt, upcard 9h; N ordered up hearts: personal N 5 (N +2), "
                              "dummies N 0 (S +2), 2-2")
    assert dump_dummy_record(rec) == text
    assert load_dummy_record(json.loads(text)).final_score == (2, 2)


@pytest.mark.slow
def test_record_round_trip_of_random_games(tmp_path):
    for seed in range(12):
        rng = random.Random(seed)
        rules = Rules(players=2, dummy_hands=True, stick_the_dealer=seed % 2 == 1, winning_score=7,
                      joker=seed % 3 == 0)
        game = Game(rules, dealer=rng.choice("NS"))
        while not game.is_over:
            if game.current is None or game.current.is_over:
                game.apply(DealCards.random(rules, rng))
            else:
                game.apply(rng.choice(game.legal_actions()))
        path = tmp_path / f"game{seed}.json"
        path.write_text(dump_dummy_record(game))
        rec = load_dummy_record(str(path))
        assert rec.rules == rules and rec.source == str(path)
        assert rec.final_score == game.scores == rec.recorded_final_score and rec.problems == []
        for deal, hand in zip(rec.deals, game.hands):
            assert deal.hand.history == hand.history and deal.result == hand.result
            assert deal.status == ("thrown_in" if hand.result.thrown_in else "complete")
        assert dump_dummy_record(rec) == path.read_text()


def test_record_that_stops_early():
    h = paper_hand()
    for a in ["order", "discard 9c"] + PAPER_PLAY[:13]:          # stops in trick 7, after S's Ad
        h.apply(a)
    data = json.loads(dump_dummy_record(h))
    assert data["deals"][0]["phases"][2]["tricks"] == [["Ks", "As"], ["Ad"]]
    rec = load_dummy_record(data)
    deal = rec.deals[0]
    assert deal.status == "incomplete" and deal.result is None and rec.final_score == (0, 0)
    assert deal.hand.dummy_phase and deal.hand.to_act == N and deal.hand.phase_results[0].points == (2, 0)
    assert "incomplete after 6 tricks" in deal.summary()
    # stopped during the bidding, and thrown in
    for calls, status in ((["Pass", "Pass"], "incomplete"), (["Pass"] * 4, "thrown_in")):
        d = copy.deepcopy(PAPER_RECORD)
        d["deals"][0]["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": calls}]
        assert load_dummy_record(d).deals[0].status == status


def test_record_reneges_and_final_score_are_reported():
    d = copy.deepcopy(PAPER_RECORD)
    # trick 6: N leads Ks and S, holding As, throws Ad (N wins it); the rest replays with the cards left
    d["deals"][0]["phases"][2]["tricks"] = [["Ks", "Ad"], ["9d", "Kd"], ["As", "9s"], ["Qd", "Ts"], ["Td", "Qs"]]
    d["metadata"]["finalScore"] = [2, 3]
    rec = load_dummy_record(d)
    kinds = [p.kind for p in rec.problems]
    assert kinds == ["renege", "final_score"]
    assert rec.problems[0].message == ("deal 0, trick 6: S reneged with Ad: spades were led and S held As")
    assert rec.problems[0].trick == 6 and rec.problems[0].seat == S
    assert "finalScore is 2-3 but the deals replay to 2-2" in rec.problems[1].message
    assert rec.deals[0].hand.phase_results[1].tricks == (1, 4)
    with pytest.raises(RecordError, match="reneged with Ad"):
        load_dummy_record(d, strict=True)


def _broken(change):
    d = copy.deepcopy(PAPER_RECORD)
    change(d)
    return d


def _set(path, value):
    def change(d):
        obj = d
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value
    return change


BAD_RECORDS = [
    (_set(["deals", 0, "initialState", "x-dummyHands"], []), r"initialState: fails the dummy-hands record schema"),
    (_set(["deals", 0, "initialState", "upCard"], "Zh"), r"initialState.upCard: card 'Zh' does not exist"),
    (_set(["deals", 0, "initialState", "dummyCards", 0, 4], "Jh"), r"card Jh appears in N and N's dummy"),
    (_set(["deals", 0, "initialState", "dummyCards", 1], ["Td", "Qd", "Kd", "Ad"]),
     r"dummyCards\[1\]: fails the dummy-hands record schema"),
    (_set(["deals", 0, "phases", 1, "hands"], "dummy"), r"phase 1 is played with the personal hands"),
    (_set(["deals", 0, "phases", 1, "tricks"], [["Jh", "9h"]]), r"phase 2 \(the dummies\) is recorded after only 1"),
    (lambda d: d["deals"][0]["phases"][0].pop("discard"), r"the trick play is recorded without the dealer's discard"),
    (_set(["deals", 0, "phases", 0, "discard"], "Ad"), r"discard: S cannot discard Ad: S does not hold it"),
    (_set(["deals", 0, "phases", 0, "calls"], ["h"]), r"calls\[0\] 'h' by N: in round 1 the only call is Order"),
    (_set(["deals", 0, "phases", 0, "calls"], ["Pass", "Pass", "h"]), r"N cannot call h: hearts were turned down"),
    (_set(["deals", 0, "phases", 0, "calls"], ["Order", "Pass"]), r"calls\[1\] 'Pass': bidding is over"),
    (_set(["deals", 0, "phases", 1, "tricks", 0], ["9s", "9h"]), r"trick 1, card 1 '9s': N cannot play 9s: N does "
                                                                  r"not hold it"),
    (_set(["deals", 0, "phases", 1, "tricks", 1], ["Jd"]), r"trick 2 holds 1 card; only the record's last trick"),
    (_set(["deals", 0, "phases", 0], {"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass"] * 4}),
     r"thrown in \(all passed twice\) but tricks"),
    (_set(["deals", 0, "phases", 0, "calls"], ["Pass"] * 4), r"discard '9c': only the dealer who picked the upcard"),
    (_set(["metadata", "ruleset"], {"std": False, "winning_score": 0}), r"metadata.ruleset: winning_score 0"),
    (_set(["deals", 0, "initialState", "playerCards", 0, 0], "B"), r"card B \(the joker\) is not in this game's"),
    (_set(["fileType"], "Euchre Game Notation"), r"an EGN file, not a dummy-hands record"),
]


@pytest.mark.parametrize("case", range(len(BAD_RECORDS)))
def test_bad_records_are_clear_errors(case):
    change, pattern = BAD_RECORDS[case]
    with pytest.raises(RecordError, match=pattern) as info:
        load_dummy_record(_broken(change))
    assert isinstance(info.value, DummyRecordError) and isinstance(info.value, RecordError) \
        and isinstance(info.value, EuchreError) and not isinstance(info.value, EGNError)


def test_bad_record_sources():
    with pytest.raises(RecordError, match="not valid JSON"):
        load_dummy_record("{not json")
    with pytest.raises(RecordError, match="no such file"):
        load_dummy_record("/no/such/record.json")
    with pytest.raises(RecordError, match="expected a DummyRecord, Game or Hand"):
        dump_dummy_record("text")
    with pytest.raises(RecordError, match="not the dummy-hands variant"):
        dump_dummy_record(Hand(Rules(players=2), "N"))
    with pytest.raises(RecordError, match="has not been dealt"):
        dump_dummy_record(Hand(DUMMY, "N"))


def test_egn_has_no_room_for_dummies_and_stays_unchanged():
    # why the record is a file type of its own: EGN forbids extra keys, e.g. in initialState
    egn = json.loads(EGN_SCHEMA.read_text())
    doc = {"fileType": "Euchre Game Notation", "version": "1.4",
           "metadata": {"players": ["North", "South"], "initialScore": [0, 0], "ruleset": {"num_players": 2}},
           "deals": [{"dealNumber": 0, "initialState": {"dealer": 1, "upCard": "9h"}, "phases": []}]}
    jsonschema.validate(doc, egn)
    doc["deals"][0]["initialState"]["x-dummyHands"] = [["9s", "Ts", "Qs", "Ks", "9d"], ["As", "Td", "Qd", "Kd", "Ad"]]
    with pytest.raises(jsonschema.ValidationError, match="Additional properties"):
        jsonschema.validate(doc, egn)
    # a dummy-hands record given to the EGN reader is named as such; the engine's EGN writer refuses the variant
    with pytest.raises(EGNError, match="a dummy-hands record .* read it with solver.load_dummy_record"):
        load_egn(json.dumps(PAPER_RECORD))
    from solver import dump_egn
    with pytest.raises(EGNError, match="the dummy-hands variant has no EGN form"):
        dump_egn(paper_played())


# ------------------------------------------------------------------ the advisor, against brute force
# A separate reading of the advisor's stated model (solver.advisor docs): the two-player
# point count, the dealer's discard rule, the thresholds and the dummy bonus, written out
# here in plain Python; every placement of the unseen cards by itertools; every
# double-dummy value from the slow oracle, reference.solve.
import itertools  # noqa: E402
import math  # noqa: E402

# the plain-Python reading of the policy and the discard rule is test_advisor's, shared
from test_advisor import TRUMP_POINTS, count, discard as heuristic_discard, idx, is_trump, trump_order as trump_rank  # noqa: E402,F401,E501
ORDER_2P = {"dealer": 4.5, "other": 4.5}
CALL_2P = {"dealer": 4.5, "other": 4.0}
DUMMY_WEIGHT = 1.75


def set_points(makers_tricks):
    """Points of one set of five for the makers (negative: the defenders score)."""
    return 2 if makers_tricks == 5 else 1 if makers_tricks >= 3 else -2


class BruteForce:
    """One decision, world by world. Seats are 'N'/'S'; a world is {'N': [...], 'S': [...]} personal hands."""

    def __init__(self, hand, up, me, dealer, dummies, rules):
        self.hand, self.up, self.me, self.dealer, self.dummies = hand, up, me, dealer, dummies
        self.other = "S" if dealer == "N" else "N"
        self.std = rules.stick_the_dealer
        deck = reference.DECK + (["B"] if rules.joker else [])
        unseen = [c for c in deck if c not in hand + [up] + dummies["N"] + dummies["S"]]
        self.unseen = unseen
        opp = "S" if me == "N" else "N"
        self.worlds = [{me: list(hand), opp: list(theirs)} for theirs in itertools.combinations(unseen, 5)]
        self.cache = {}

    def solve(self, hands, trump, maker):
        key = (tuple(sorted(hands["N"])), tuple(sorted(hands["S"])), trump)
        if key not in self.cache:
            self.cache[key] = reference.solve({"N": list(hands["N"]), "S": list(hands["S"])}, trump,
                                              self.other, [], players=2)     # the non-dealer leads
        return self.cache[key][maker]

    def dummy_points(self, trump, maker):
        return set_points(self.solve(self.dummies, trump, maker))

    def play(self, world, maker, trump, pickup):
        """(points for me, my side made trump, tricks 1-5, tricks 6-10) ; pickup None, 'policy' or a card."""
        hands = {s: list(world[s]) for s in "NS"}
        if pickup is not None:
            six = hands[self.dealer] + [self.up]
            gone = heuristic_discard(six, trump) if pickup == "policy" else pickup
            hands[self.dealer] = [c for c in six if c != gone]
        t1 = self.solve(hands, trump, maker)
        t2 = self.solve(self.dummies, trump, maker)
        pts = set_points(t1) + set_points(t2)
        return (pts if maker == self.me else -pts), maker == self.me, t1, t2

    def round1_policy(self, world, p):
        t = self.up[1]
        if p == self.dealer:
            six = world[p] + [self.up]
            score = count([c for c in six if c != heuristic_discard(six, t)], t)
            need = ORDER_2P["dealer"]
        else:
            score = count(world[p], t) - 0.5 * TRUMP_POINTS[trump_rank(self.up, t)]
            need = ORDER_2P["other"]
        return score + DUMMY_WEIGHT * self.dummy_points(t, p) >= need

    def round2_policy(self, world, p):
        best, best_score = None, None
        for s in SUITS:
            if s == self.up[1]:
                continue
            sc = count(world[p], s) + DUMMY_WEIGHT * self.dummy_points(s, p)
            if best is None or sc > best_score:
                best, best_score = s, sc
        need = CALL_2P["dealer" if p == self.dealer else "other"]
        stuck = self.std and p == self.dealer
        return best if (best_score >= need or stuck) else None

    def round2_from(self, world, start, own):
        """Round 2 from bidder index ``start``; ``own`` my fixed choice ('pass' or a suit) or None."""
        for p in [self.other, self.dealer][start:]:
            if p == self.me and own is not None:
                if own != "pass":
                    return self.play(world, p, own, None)
                continue
            suit = self.round2_policy(world, p)
            if suit is not None:
                return self.play(world, p, suit, None)
        return (0, False, 0, 0)

    def best_own_round2(self, worlds, start):
        """My one round-2 choice for all the worlds that reach me, the best on average."""
        choices = ([] if self.std and self.me == self.dealer else ["pass"]) + [s for s in SUITS if s != self.up[1]]
        best = None
        for ch in choices:
            vals = [self.round2_from(w, start, ch) for w in worlds]
            if best is None or sum(v[0] for v in vals) / len(vals) > sum(v[0] for v in best) / len(best) + 1e-12:
                best = vals
        return best

    def options(self, rnd):
        me, out = self.me, {}
        order = [self.other, self.dealer]
        if rnd == 1:
            vals = [None] * len(self.worlds)
            reach = []
            for i, w in enumerate(self.worlds):
                for p in order[order.index(me) + 1:]:
                    if self.round1_policy(w, p):
                        vals[i] = self.play(w, p, self.up[1], "policy")
                        break
                else:
                    reach.append(i)
            if reach:
                # round 2: the non-dealer first; I make one choice for the worlds that reach me
                mine = []
                for i in reach:
                    w = self.worlds[i]
                    if me == self.other:
                        mine.append(i)
                        continue
                    suit = self.round2_policy(w, self.other)
                    if suit is not None:
                        vals[i] = self.play(w, self.other, suit, None)
                    else:
                        mine.append(i)
                if mine:
                    best = self.best_own_round2([self.worlds[i] for i in mine], order.index(me))
                    for i, v in zip(mine, best):
                        vals[i] = v
            out["pass"] = vals
            if me == self.dealer:
                best = None
                for d in sorted(self.hand + [self.up], key=idx):
                    v = [self.play(w, me, self.up[1], d) for w in self.worlds]
                    if best is None or sum(x[0] for x in v) > sum(x[0] for x in best) + 1e-9:
                        best = v
                out["order"] = best
            else:
                out["order"] = [self.play(w, me, self.up[1], "policy") for w in self.worlds]
        else:
            if not (self.std and me == self.dealer):
                out["pass"] = [self.round2_from(w, order.index(me) + 1, None) for w in self.worlds]
            for s in SUITS:
                if s != self.up[1]:
                    out[f"call {s}"] = [self.play(w, me, s, None) for w in self.worlds]
        return out


def figures(vals):
    n = len(vals)
    pts = [v[0] for v in vals]
    both = lambda f: sum(1 for v in vals if v[1] and f(v)) / n   # noqa: E731
    return {"expected_points": sum(pts) / n,
            "p_make": both(lambda v: v[2] >= 3 and v[3] >= 3),
            "p_march": both(lambda v: v[2] == 5 and v[3] == 5),
            "p_euchred": both(lambda v: v[2] < 3 or v[3] < 3),
            "sets": [(both(lambda v, k=k: v[k] >= 3), both(lambda v, k=k: v[k] == 5), both(lambda v, k=k: v[k] < 3))
                     for k in (2, 3)],
            "outcomes": {p: pts.count(p) / n for p in set(pts)}}


ADVICE_CASES = [
    # (seed of a random dummy-hands deal, seat to advise, round, rules)
    (11, "other", 1, DUMMY),
    (12, "dealer", 1, DUMMY),                                   # every discard of the pick-up
    (13, "other", 2, DUMMY),
    (14, "dealer", 2, Rules(players=2, dummy_hands=True, stick_the_dealer=True)),   # stuck: no pass
    (15, "other", 1, Rules(players=2, dummy_hands=True, joker=True)),              # 9 unseen cards
]


def advice_case(case):
    seed, who, rnd, rules = ADVICE_CASES[case]
    rng = random.Random(seed)
    dealer = rng.choice("NS")
    while True:
        dealt = DealCards.random(rules, rng)
        if not dealt.upcard.is_joker:
            break
    me = dealer if who == "dealer" else ("S" if dealer == "N" else "N")
    hand = names(dealt.hands[Seat.parse(me)])
    dummies = {s: names(dealt.dummies[Seat.parse(s)]) for s in "NS"}
    return hand, str(dealt.upcard), me, dealer, dummies, rnd, rules


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(ADVICE_CASES)))
def test_dummy_advice_is_exact_and_agrees_with_brute_force(case):
    hand, up, me, dealer, dummies, rnd, rules = advice_case(case)
    advice = bid_advice(" ".join(hand), up, me, dealer, round=rnd, rules=rules, seed=1,
                    dummies={s: " ".join(dummies[s]) for s in "NS"})
    bf = BruteForce(hand, up, me, dealer, dummies, rules)
    # every placement, each once: the opponent's 5 of the 8 unseen cards (9 with the joker)
    unseen = 9 if rules.joker else 8
    assert len(bf.unseen) == unseen and advice.exact and advice.worlds == advice.placements == math.comb(unseen, 5)
    opp = Seat.parse("S" if me == "N" else "N")
    drawn = {tuple(sorted(names(int(row[opp])))) for row in advice.drawn.hands}
    assert drawn == {tuple(sorted(w["S" if me == "N" else "N"])) for w in bf.worlds}
    for row in advice.drawn.hands:                 # no dummy card is ever placed in a hand
        assert not int(row[opp]) & (cards(" ".join(dummies["N"] + dummies["S"])))
    expected = bf.options(rnd)
    assert [o.call for o in advice.options] == list(expected)
    for o in advice.options:
        want = figures(expected[o.call])
        for key in ("expected_points", "p_make", "p_march", "p_euchred"):
            assert getattr(o, key) == pytest.approx(want[key], abs=1e-12), (o.call, key)
        assert o.outcomes == pytest.approx(want["outcomes"], abs=1e-12)
        assert o.points_interval == (o.expected_points, o.expected_points)      # exact: no spread
        assert [p["hands"] for p in o.phases] == ["personal", "dummy"]
        for p, (make, march, euchred) in zip(o.phases, want["sets"]):
            assert (p["p_make"], p["p_march"], p["p_euchred"]) == pytest.approx((make, march, euchred), abs=1e-12)
        assert sum(p["expected_points"] for p in o.phases) == pytest.approx(o.expected_points, abs=1e-12)
        assert o.p_make + o.p_euchred == pytest.approx(o.phases[0]["p_make"] + o.phases[0]["p_euchred"])
    d = advice.to_dict()
    assert d["exact"] is True and d["dummies"] == {s: format_cards(cards(" ".join(dummies[s]))) for s in "NS"}
    assert "dummy_hands" in d["method"] and "phases" in d["options"][0]
    assert "dummies face up" in str(advice)


def test_dummy_advice_set_points_are_world_by_world():
    # the second set is one double-dummy game on the dummies: the same in every world
    hand, up, me, dealer, dummies, rnd, rules = advice_case(0)
    advice = bid_advice(" ".join(hand), up, me, dealer, rules=rules, dummies={s: " ".join(dummies[s]) for s in "NS"},
                    calls=["order"])
    bf = BruteForce(hand, up, me, dealer, dummies, rules)
    o = advice.option("order")
    want = bf.dummy_points(up[1], me)
    assert o.phases[1]["expected_points"] == want and o.phases[1]["points_interval"] == [want, want]


def test_plain_two_player_advice_is_unchanged_by_the_variant_code():
    a = bid_advice("9d Ac Tc Kd Jd", "Kc", "N", "S", rules=Rules(players=2), seed=1)
    assert a.exact and a.worlds == 8568 and a.dummies is None
    assert all(o.phases is None for o in a.options)
    d = a.to_dict()
    assert "dummies" not in d and "dummy_hands" not in d["method"] and "phases" not in d["options"][0]


@pytest.mark.parametrize("kwargs, error, pattern", [
    (dict(), EuchreError, r"dummies: the dummy-hands variant needs both face-up dummy hands"),
    (dict(dummies={"N": "9s Ts Qs Ks 9d"}), PositionError, r"S's dummy is missing"),
    (dict(dummies={"N": "9s Ts Qs Ks", "S": "As Td Qd Kd Ad"}), PositionError, r"N's dummy .* holds 4 cards"),
    (dict(dummies={"N": "9s Ts Qs Ks Jh", "S": "As Td Qd Kd Ad"}), PositionError,
     r"card Jh is in N's dummy and N's hand"),
    (dict(dummies={"N": "9s Ts Qs Ks 9h", "S": "As Td Qd Kd Ad"}), PositionError,
     r"card 9h is in N's dummy and the upcard"),
    (dict(dummies={"N": "9s Ts Qs Ks 9d", "S": "As Td Qd Kd 9d"}), PositionError,
     r"card 9d is in S's dummy and N's dummy"),
    (dict(dummies={"N": "9s Ts Qs Ks 9d", "E": "As Td Qd Kd Ad"}), EuchreError, r"seat E"),
    (dict(dummies="N:9s Ts Qs Ks 9d S:As Td Qd Kd Zd"), CardError, r"'Zd'"),
    (dict(dummies=["9s"]), EuchreError, r"dummies \['9s'\]: expected"),
    (dict(dummies={"N": "9s Ts Qs Ks 9d", "S": "As Td Qd Kd B"}), CardError, r"joker is not in the pack"),
    (dict(rules=Rules(players=2), dummies={"N": "9s Ts Qs Ks 9d", "S": "As Td Qd Kd Ad"}), EuchreError,
     r"dummies: face-up dummy hands are only dealt in Rules\(players=2, dummy_hands=True\)"),
])
def test_bad_dummy_advice_input(kwargs, error, pattern):
    args = dict(rules=DUMMY)
    args.update(kwargs)
    with pytest.raises(error, match=pattern):
        bid_advice("Jh Jd Ah Kh Qh", "9h", "N", "S", **args)


# ------------------------------------------------------------------ the README decision, and the CLI
from fractions import Fraction  # noqa: E402

from solver.cli import main  # noqa: E402

README_HAND, README_UP = "Th Jc Qs Kd As", "Ts"
README_DUMMIES = "N:9c Tc Jh Ks Ad S:Jd Js Qh Kc Ah"


def test_readme_decision_exact_figures():
    # N, not the dealer, would make spades with its own cards every time, but S's dummy holds
    # the right bower: the dummies' set euchres N. Passing is worth more.
    dummies = {"N": "9c Tc Jh Ks Ad".split(), "S": "Jd Js Qh Kc Ah".split()}
    advice = bid_advice(README_HAND, README_UP, "N", "S", rules=DUMMY, dummies=README_DUMMIES)
    assert advice.exact and advice.worlds == 56 and advice.recommended.call == "pass"
    order, pass_ = advice.option("order"), advice.option("pass")
    assert Fraction(order.expected_points).limit_denominator(56) == Fraction(-27, 56)
    assert Fraction(pass_.expected_points).limit_denominator(56) == Fraction(13, 28)
    assert Fraction(advice.margin).limit_denominator(56) == Fraction(53, 56)
    assert (order.p_make, order.p_euchred) == (0.0, 1.0)
    assert Fraction(order.phases[0]["expected_points"]).limit_denominator(56) == Fraction(85, 56)
    assert Fraction(order.phases[0]["p_march"]).limit_denominator(56) == Fraction(29, 56)
    assert order.phases[0]["p_make"] == 1.0 and order.phases[1]["expected_points"] == -2.0
    assert pass_.auction == pytest.approx({"N": 24 / 56, "S": 32 / 56, "thrown_in": 0.0})
    bf = BruteForce(README_HAND.split(), README_UP, "N", "S", dummies, DUMMY)
    for o in advice.options:
        assert o.expected_points == pytest.approx(figures(bf.options(1)[o.call])["expected_points"], abs=1e-12)


def test_cli_advise_dummy_hands(capsys):
    argv = ["advise", "--hand", README_HAND, "--upcard", README_UP, "--seat", "N", "--dealer", "S",
            "--players", "2", "--dummy-hands", "--dummies", README_DUMMIES]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "56 worlds (exact)" in text and "dummies face up: N 9c Tc Jh Ks Ad, S Jd Js Qh Kc Ah" in text
    assert "recommended: pass (by 0.946 points)" in text
    assert "order up                        0.000    0.000      1.000           -0.482  +1.518  -2.000" in text
    assert main(argv + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["exact"] and out["placements"] == 56 and out["recommended"] == "pass"
    assert out["dummies"] == {"N": "9c Tc Jh Ks Ad", "S": "Jd Js Qh Kc Ah"}
    assert [p["hands"] for p in out["options"][1]["phases"]] == ["personal", "dummy"]


@pytest.mark.parametrize("extra, message", [
    (["--players", "2", "--dummy-hands"], "--dummy-hands: give both face-up dummies"),
    (["--players", "2", "--dummies", README_DUMMIES], "--dummies: the face-up dummies go with --players 2"),
    (["--dummy-hands", "--dummies", README_DUMMIES], "dummy-hands variant is a two-player game"),
    (["--players", "2", "--dummy-hands", "--dummies", "N:9c Tc Jh Ks Ad S:Jd Js Qh Kc"], "S's dummy .* holds 4"),
    (["--players", "2", "--dummy-hands", "--dummies", "N:9c Tc Jh Ks As S:Jd Js Qh Kc Ah"],
     "card As is in N's dummy and N's hand"),
])
def test_cli_advise_dummy_hands_errors(capsys, extra, message):
    argv = ["advise", "--hand", README_HAND, "--upcard", README_UP, "--seat", "N", "--dealer", "S"] + extra
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre: error: ") and re.search(message, err)
