"""EGN 1.4: load every shared record, replay it through the rules engine, round-trip it, reject bad input."""
import copy
import json
import random
import re
from pathlib import Path

import jsonschema
import pytest

import solver
from solver import EGNError, Rules, solve
from solver.cards import Card, Seat, Suit
from solver.records.egn import SCHEMA_PATH, EGNGame, dump_egn, load_egn
from solver.game import Game, Hand, Phase
from conftest import EGN_DIR

FILES = sorted(EGN_DIR.glob("*.egn"))
N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W


def raw(name: str) -> dict:
    return json.loads((EGN_DIR / name).read_text(encoding="utf-8"))


def test_shared_records_are_there():
    assert len(FILES) >= 11


# -- every shared game ----------------------------------------------------------------------------
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_every_shared_record_replays(path):
    game = load_egn(path)
    assert isinstance(game, EGNGame) and game.deals
    assert game.final_score == game.deals[-1].score_after
    for prev, deal in zip([None] + game.deals, game.deals):
        if prev is not None:
            assert deal.score_before == prev.score_after
        assert deal.status in ("complete", "incomplete", "thrown_in", "illegal")
        if deal.status == "complete":
            h = deal.hand
            assert h.is_over and len(h.tricks) == 5
            gained = (deal.score_after[0] - deal.score_before[0], deal.score_after[1] - deal.score_before[1])
            assert gained == h.result.points
            # hands at the start of play: every seat in play known, five cards, as the tricks say
            start = deal.start_hands()
            for seat, cards in start.items():
                if seat in h.seats_in_play:
                    played = [c for t in h.tricks for s, c in zip(t.seats, t.cards) if s == seat]
                    assert sorted(cards) == sorted(played)
                else:
                    assert cards is None                    # a loner's partner: unknown
            # the double-dummy position at the first card is complete and solvable
            first_pos, first = next(h.positions())
            assert first.seat == first_pos.to_move and 0 <= solve(first_pos).makers_tricks <= 5
        else:
            assert deal.score_after == deal.score_before
    if path.name != "renege-test.egn":
        assert game.problems == [], [str(p) for p in game.problems]


def test_real_games_are_won_at_ten():
    for name in ("vwec-finals.egn", "epic-comeback.egn", "me-and-bears.egn", "mote-w5-g1.egn",
                 "mote-w5-g2.egn", "mote-w5-g3.egn", "six-points-in-two-hands.egn"):
        game = load_egn(EGN_DIR / name)
        assert max(game.final_score) >= 10, name
        assert all(max(d.score_before) < 10 for d in game.deals), name


# -- scores and tricks worked out by hand from vwec-finals.egn (LEFT_OF_LONER, stick the dealer) ---------
VWEC_SCORES = [(1, 0), (2, 0), (2, 2), (4, 2), (5, 2), (5, 3), (6, 3), (6, 4), (7, 4), (7, 6), (8, 6), (8, 8),
               (8, 10)]
#               maker, trump, alone, makers' tricks
VWEC_CONTRACTS = [(S, "c", False, 4), (N, "c", False, 3), (N, "c", False, 2), (E, "h", False, 2),
                  (N, "c", False, 3), (W, "d", False, 3), (N, "s", False, 4), (E, "s", True, 4),
                  (S, "s", False, 4), (N, "c", False, 1), (N, "d", False, 3), (S, "c", False, 1),
                  (S, "c", False, 1)]


def test_vwec_finals_scores_after_each_deal_match_a_hand_count():
    game = load_egn(EGN_DIR / "vwec-finals.egn")
    assert [d.score_after for d in game.deals] == VWEC_SCORES
    for deal, (maker, trump, alone, tricks) in zip(game.deals, VWEC_CONTRACTS):
        r = deal.result
        assert (r.maker, r.trump, r.alone is not None, r.makers_tricks) == (maker, Suit.parse(trump), alone, tricks)
    # deal 0 trick by trick: W leads (left of dealer S); winners S E N S S
    d0 = game.deals[0].hand
    assert [t.leader for t in d0.tricks] == [W, S, E, N, S]
    assert [t.winner for t in d0.tricks] == [S, E, N, S, S]
    # deal 7: the dealer E picks up the 10 of spades alone; W sits out; S (left of the loner) leads
    d7 = game.deals[7].hand
    assert d7.alone == E and d7.seats_in_play == (N, E, S) and d7.tricks[0].leader == S
    assert game.deals[7].start_hands()[W] is None
    assert game.rules.loner_lead == "left_of_loner" and game.rules.stick_the_dealer


def test_vwec_annotated_is_the_same_game():
    plain = load_egn(EGN_DIR / "vwec-finals.egn")
    annotated = load_egn(EGN_DIR / "vwec-finals-annotated.egn")
    assert [d.score_after for d in annotated.deals] == VWEC_SCORES
    assert [d.tricks for d in annotated.deals] == [d.tricks for d in plain.deals]


def test_six_points_in_two_hands():
    game = load_egn(EGN_DIR / "six-points-in-two-hands.egn")
    assert game.initial_score == (4, 9)
    first, second = game.deals
    assert first.result.alone == S and first.result.points == (4, 0)   # a lone march: +4
    assert first.hand.tricks[0].leader == E                             # LEFT_OF_DEALER, dealer N
    assert second.result.march and second.result.points == (2, 0)
    assert game.final_score == (10, 9)


def test_dealer_discard_and_hidden_cards():
    game = load_egn(EGN_DIR / "custom-scenario.egn")
    deal = game.deals[0]
    # playerCards are the dealt hands; the replay agrees with them
    assert deal.player_cards[N] == [Card(c) for c in ("Kh", "As", "Jd", "Th", "Ah")]
    assert deal.hand.dealt(N) == sum(Card(c).mask for c in ("Kh", "As", "Jd", "Th", "Ah"))
    vwec = load_egn(EGN_DIR / "vwec-finals.egn")
    d0 = vwec.deals[0]          # dealer S picked up Kc; the discard is not recorded
    assert d0.discard is None and d0.hand.picked_up
    assert d0.hand.dealt_unknown(S) == 1 and d0.hand.dealt(S) & Card("Kc").mask == 0
    assert d0.hand.view(S).upcard_state == "dealer"


def test_incomplete_deal_is_reported_as_such():
    game = load_egn(EGN_DIR / "incomplete-deal.egn")
    (deal,) = game.deals
    assert deal.status == "incomplete" and deal.result is None and game.final_score == (0, 0)
    h = deal.hand
    assert h.phase is Phase.PLAY and len(h.tricks) == 1 and h.discard == Card("9s")
    assert h.unknown_cards(E) == 4                         # only what E played is known
    with pytest.raises(solver.PositionError, match="not known"):
        h.position()
    assert "incomplete" in deal.summary()


def test_renege_is_reported_not_raised():
    game = load_egn(EGN_DIR / "renege-test.egn")
    reneges = [(p.deal, p.trick, str(p.card), str(p.seat)) for p in game.reneges]
    # worked out by hand: deal 0 clubs led, S plays Qd holding 9c Ac; ...
    assert reneges == [(0, 1, "Qd", "S"), (0, 2, "Js", "W"), (1, 1, "Th", "N"), (1, 2, "Td", "N"),
                       (1, 3, "9s", "W"), (1, 4, "Ah", "W")]
    msg = str(game.reneges[0])
    assert "deal 0, trick 1: S reneged with Qd" in msg and "clubs were led" in msg
    # deal 0 also has W playing the upcard that the dealer N picked up: the replay stops there
    first = game.deals[0]
    assert first.status == "illegal"
    illegal = [p for p in first.problems if p.kind == "illegal"]
    assert illegal and illegal[0].trick == 3 and str(illegal[0].card) == "Qs" and illegal[0].seat == W
    assert "upcard" in illegal[0].message
    # deal 1 (W alone in clubs, euchred) replays to the end despite its reneges and is scored
    second = game.deals[1]
    assert second.status == "complete" and second.result.alone == W
    assert second.hand.rules.loner_lead == "left_of_dealer" and second.hand.tricks[0].leader == S
    assert game.final_score == (2 + 2, 1)
    renege_records = [r for r in second.hand.history if getattr(r, "renege", False)]
    assert len(renege_records) == 4
    with pytest.raises(EGNError, match="renege|discard"):
        load_egn(EGN_DIR / "renege-test.egn", strict=True)


def test_egn_1_5_is_read_and_written_back_as_1_5():
    """EGN 1.5 changed only ``metadata.date`` (a date alone, or empty, is allowed): a 1.5 record replays as its
    1.4 twin does and is written back as 1.5, its date as read."""
    twin = load_egn(EGN_DIR / "vwec-finals.egn")
    for version, date in (("1.5", "2026-05-29"), ("1.5.2", ""), ("1.5", "2026-05-29T16:30")):
        data = raw("vwec-finals.egn")
        data["version"], data["metadata"]["date"] = version, date
        game = load_egn(data)
        assert game.version == version and game.final_score == twin.final_score == (8, 10)
        assert [d.result.points for d in game.deals] == [d.result.points for d in twin.deals]
        out = json.loads(dump_egn(game))
        assert out["version"] == version and out["metadata"]["date"] == date
        assert out["deals"] == json.loads(dump_egn(twin))["deals"]
        jsonschema.validate(out, json.loads(SCHEMA_PATH.read_text()))
    # a record made by the engine is still written as 1.4
    assert json.loads(dump_egn(Game(Rules())))["version"] == solver.records.egn.EGN_VERSION == "1.4"


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(version="1.6"), r"version '1\.6': this reader takes EGN 1\.0 to 1\.5 \(1\.6 adds "
                                        r"metadata\.teamNames and phases without phaseNumber\)"),
    (lambda d: d.update(version="2.0"), r"version '2\.0': this reader takes EGN 1\.0 to 1\.5$"),
    (lambda d: d["metadata"].update(teamNames=["Us", "Them"]),
     r"metadata: unknown field 'teamNames' \(not in EGN 1\.5: EGN 1\.6 added it\)"),
    (lambda d: d["deals"][0]["initialState"].update(kitty=["9c"]),
     r"deal 0: deals\[0\]\.initialState: unknown field 'kitty' \(not in EGN 1\.5\)"),
    (lambda d: d["deals"][1]["phases"][1].pop("phaseNumber"),
     r"deal 1: deals\[1\]\.phases\[1\]: no phaseNumber \(EGN 1\.5 requires it; 1\.6 made it optional\)"),
])
def test_what_egn_1_5_does_not_have_is_refused_by_name(change, message):
    data = raw("vwec-finals.egn")
    data["version"] = "1.5"
    change(data)
    with pytest.raises(EGNError, match=message):
        load_egn(data)


def test_the_versions_read_are_the_schemas():
    pattern = re.compile(json.loads(SCHEMA_PATH.read_text())["properties"]["version"]["pattern"])
    assert [v for v in ("1.1", "1.2", "1.4", "1.4.7", "1.5", "1.5.3", "1.6", "1.50") if pattern.match(v)] == \
        ["1.2", "1.4", "1.4.7", "1.5", "1.5.3"]


def test_legacy_files_are_upgraded_and_checked():
    game = load_egn(EGN_DIR / "mote-w5-g1.egn")
    assert game.upgraded_from == "1.0.0" and game.version == "1.4"
    out = json.loads(dump_egn(game))
    assert out["version"] == "1.4"
    assert all("kitty" not in d["initialState"] and "playerCards" in d["initialState"] for d in out["deals"])
    assert all("initialLead" not in ph for d in out["deals"] for ph in d["phases"])
    # the legacy kitty of renege-test deal 1 is used: those cards are nowhere else
    rt = load_egn(EGN_DIR / "renege-test.egn")
    assert rt.deals[1].hand.kitty & Card("Jc").mask
    # a stated first leader that contradicts the rules is a finding
    data = raw("mote-w5-g1.egn")
    data["deals"][0]["phases"][1]["initialLead"] = 3
    assert [p.kind for p in load_egn(data).problems] == ["lead"]


# -- round trip ----------------------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_round_trip_gives_equivalent_json(path):
    game = load_egn(path)
    text = dump_egn(game)
    out = json.loads(text)
    jsonschema.validate(out, json.loads(SCHEMA_PATH.read_text()))
    source = json.loads(path.read_text(encoding="utf-8"))
    if game.upgraded_from is None:
        assert out == source
    again = load_egn(text)
    assert json.loads(dump_egn(again)) == out
    assert [d.score_after for d in again.deals] == [d.score_after for d in game.deals]
    if game.upgraded_from is None:
        assert [d.hand.history for d in again.deals] == [d.hand.history for d in game.deals]
    else:
        # a 1.0 file's kitty has no place in 1.4 (egn-upgrade drops it too): only what is known
        # about the kitty can differ
        assert [d.hand.tricks for d in again.deals] == [d.hand.tricks for d in game.deals]
        assert [d.problems for d in again.deals] == [d.problems for d in game.deals]


def test_spellings_are_kept():
    data = raw("vwec-finals.egn")
    data["deals"][0]["phases"][1]["tricks"][4] = ["R", "Qs", "JD", "Jh"]     # Jc is the right bower in clubs
    data["deals"][1]["phases"][1]["tricks"][1][1] = "Nd"
    game = load_egn(data)
    assert game.deals[0].tricks[4][0] == Card("Jc") and game.deals[1].tricks[1][1] == Card("9d")
    assert json.loads(dump_egn(game)) == data


def test_engine_games_dump_and_reload():
    rng = random.Random(21)
    for rules in (Rules(), Rules(stick_the_dealer=True, loner_lead="left_of_dealer"), Rules(players=2),
                  Rules(defend_alone=True, winning_score=5)):
        game = Game(rules, dealer="S" if rules.players == 2 else "E", scores=(1, 0))
        while not game.is_over:
            game.deal(rng=rng)
            h = game.current
            while not h.is_over:
                h.apply(rng.choice(h.legal_actions()))
        text = dump_egn(game)
        back = load_egn(text)
        assert back.problems == []
        assert back.final_score == game.scores == tuple(json.loads(text)["metadata"]["finalScore"])
        assert back.rules.players == rules.players and back.rules.loner_lead == rules.loner_lead
        for ours, theirs in zip(game.hands, back.deals):
            assert theirs.status == ("thrown_in" if ours.result.thrown_in else "complete")
            assert theirs.result.points == ours.result.points
            assert theirs.hand.tricks == ours.tricks
            assert all(theirs.hand.dealt(s) == ours.dealt(s) for s in Seat)
        assert dump_egn(back) == text


def test_dump_a_hand_in_progress():
    h = Hand(Rules(), "N")
    h.deal(rng=3)
    h.apply("order")
    h.apply(h.legal_actions()[0])
    h.apply("partner")
    h.apply(h.legal_actions()[0])
    back = load_egn(dump_egn(h))
    assert back.deals[0].status == "incomplete" and len(back.deals[0].hand.current_trick) == 1


JOKER_DEAL = "N:Jh Ah Kh Qc Ac E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Kc Tc Qh Th"


def test_a_turned_up_joker_is_recorded_with_the_suit_named():
    """The dealer's naming is the first token of ``calls`` (a suit letter), so the deal replays and reviews."""
    h = Hand(Rules(joker=True), "N")
    h.deal(JOKER_DEAL, upcard="B")
    for action in ["name h", "pass", "order", "discard Qc"]:      # E passes, S orders the joker up: hearts
        h.apply(action)
    h.apply("partner")
    while h.phase is not Phase.DONE:
        h.apply(h.legal_actions()[0])
    data = json.loads(dump_egn(h))
    deal = data["deals"][0]
    assert deal["initialState"]["upCard"] == "B"
    assert deal["phases"][0]["calls"] == ["h", "Pass", "Order"] and deal["phases"][0]["discard"] == "Qc"
    back = load_egn(data)
    d = back.deals[0]
    assert d.status == "complete" and d.calls == ["h", "Pass", "Order"]
    assert d.hand.named_suit is Suit.H and d.hand.trump is Suit.H and d.hand.maker is Seat.S
    assert d.hand.tricks == h.tricks and d.result.points == h.result.points
    assert json.loads(dump_egn(back)) == data
    # turned down: round 2 may not name hearts again, and says so naming the call
    data["deals"][0]["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING",
                                   "calls": ["h", "Pass", "Pass", "Pass", "Pass", "h"]}]
    assert "calls[5] 'h'" in load_egn(data).deals[0].problems[0].message
    # the naming is missing or out of place: refused naming the call
    data["deals"][0]["phases"] = [{"phaseNumber": 0, "type": "EUCHRE_BIDDING", "calls": ["Pass", "Order"]}]
    with pytest.raises(EGNError, match=r"calls\[0\] 'Pass': with upCard B the first call is the suit the dealer "
                                       r"named for the turned-up joker \(c, d, h or s\)"):
        load_egn(data)
    data["deals"][0]["phases"][0]["calls"] = ["h", "d"]          # a second suit in round 1 breaks a rule
    assert load_egn(data).deals[0].problems[0].message.startswith("deal 0, calls[1] 'd': E cannot call d")


def test_a_turned_up_joker_deal_is_reviewed():
    h = Hand(Rules(joker=True), "N")
    h.deal(JOKER_DEAL, upcard="B")
    for action in ["name h", "pass", "order", "discard Qc", "partner"]:
        h.apply(action)
    while h.phase is not Phase.DONE:
        h.apply(h.legal_actions()[0])
    game = load_egn(dump_egn(h))
    review = solver.review_game(game, method=Method(worlds=10, seed=1, examples=3))
    deal = review.to_dict()["deals"][0]
    # a comment on a call sits at that call's index in calls, after the dealer's naming at calls[0]
    from solver.review.annotate import annotate_egn
    notes = annotate_egn(game, review)["deals"][0]["phases"][0].get("callAnnotations", {})
    for k, c in enumerate(deal["calls"]):
        assert (str(k + 1) in notes) == (c["grade"] not in ("best", None)), (k, c["grade"], notes)
    assert "0" not in notes
    assert [(c["seat"], c["call"]) for c in deal["calls"]] == [("E", "pass"), ("S", "order")]
    # ordering the joker up makes the named suit trump (not the suit of the card's code)
    assert deal["calls"][1]["reasons"][0]["sentence"].startswith("S made hearts trump holding 0 trump")
    assert [c["kind"] for c in deal["cards"]] == ["discard"] + ["play"] * 20 and deal["cards"][0]["card"] == "Qc"


def test_what_egn_cannot_record_is_refused():
    with pytest.raises(EGNError, match=r"players \['A', 'B'\]: a name per seat in play \(4\)"):
        dump_egn(Game(Rules()), players=["A", "B"])
    with pytest.raises(EGNError, match="an EGNGame is written as read"):
        dump_egn(load_egn(EGN_DIR / "vwec-finals.egn"), title="x")
    with pytest.raises(EGNError, match="march_score"):
        dump_egn(Game(Rules(march_score=3)))
    # a dealer who may not discard the upcard: EGN has no key, and the record read back would let it
    with pytest.raises(EGNError, match="dealer_may_discard_upcard = False has no EGN ruleset key"):
        dump_egn(Game(Rules(dealer_may_discard_upcard=False)))
    with pytest.raises(EGNError, match="expected an EGNGame, Game or Hand"):
        dump_egn({"not": "a game"})


# -- final score ------------------------------------------------------------------------------------
def test_final_score_is_checked():
    data = raw("vwec-finals.egn")
    data["metadata"]["finalScore"] = [8, 10]
    assert load_egn(data).problems == []
    data["metadata"]["finalScore"] = [10, 8]
    game = load_egn(data)
    assert [p.kind for p in game.problems] == ["final_score"]
    assert "finalScore is 10-8 but the deals replay to 8-10" in str(game.problems[0])
    with pytest.raises(EGNError, match="finalScore is 10-8"):
        load_egn(data, strict=True)


def test_deal_after_the_game_is_won_and_dealer_out_of_turn():
    data = raw("six-points-in-two-hands.egn")
    extra = copy.deepcopy(data["deals"][1])
    extra["dealNumber"] = 2
    extra["initialState"]["dealer"] = 0            # should be 2
    data["deals"].append(extra)
    kinds = [p.kind for p in load_egn(data).problems]
    assert kinds == ["dealer", "after_game"]


# -- bad input ----------------------------------------------------------------------------------------
def mutate(name, fn):
    data = raw(name)
    fn(data)
    return data


def _set(path, value):
    def fn(data):
        obj = data
        for key in path[:-1]:
            obj = obj[key]
        obj[path[-1]] = value
    return fn


BAD = [
    ("malformed JSON", '{"fileType": "Euchre Game Notation", "version": ', "not valid JSON: .* line 1 column"),
    ("not an object", "[1, 2, 3]", "an EGN file is a JSON object"),
    ("wrong file type", mutate("vwec-finals.egn", _set(["fileType"], "PGN")),
     r"fileType: fails the EGN schema: 'Euchre Game Notation' was expected"),
    ("missing players", mutate("vwec-finals.egn", lambda d: d["metadata"].pop("players")),
     r"metadata: fails the EGN schema: 'players' is a required property"),
    ("extra field", mutate("vwec-finals.egn", _set(["deals", 2, "comment"], "x")),
     r"deal 2: deals\[2\]: unknown field 'comment' \(not in EGN 1\.4\)$"),
    ("bad dealer type", mutate("vwec-finals.egn", _set(["deals", 1, "initialState", "dealer"], "N")),
     r"deal 1: deals\[1\].initialState.dealer: fails the EGN schema"),
    ("card that does not exist (pattern)", mutate("vwec-finals.egn", _set(["deals", 3, "phases", 1, "tricks", 2, 1], "Zh")),
     r"deal 3: deals\[3\].phases\[1\].tricks\[2\]\[1\]: card 'Zh' does not exist"),
    ("card below the pack", mutate("vwec-finals.egn", _set(["deals", 3, "phases", 1, "tricks", 2, 1], "8h")),
     r"deal 3 \(deals\[3\]\): trick 3, card 2: card '8h' does not exist in the 24-card pack"),
    ("joker without the joker rule", mutate("vwec-finals.egn", _set(["deals", 3, "phases", 1, "tricks", 2, 1], "B")),
     r"deal 3 \(deals\[3\]\): trick 3, card 2: card 'B' \(the joker\) is not in this game's pack"),
    ("unknown card", mutate("vwec-finals.egn", _set(["deals", 3, "phases", 1, "tricks", 2, 1], "Xx")),
     r"card 'Xx': unknown and generic cards"),
    ("bad upcard", mutate("vwec-finals.egn", _set(["deals", 0, "initialState", "upCard"], "7c")),
     r"deal 0 \(deals\[0\]\): initialState.upCard: card '7c' does not exist"),
    ("card played twice", mutate("vwec-finals.egn", _set(["deals", 0, "phases", 1, "tricks", 1, 0], "Ad")),
     r"deal 0 \(deals\[0\]\): card Ad is played twice: by W in trick 1 and by S in trick 2"),
    ("too many cards in a trick", mutate("vwec-finals.egn", lambda d: d["deals"][0]["phases"][1]["tricks"][0].append("Th")),
     r"deal 0 \(deals\[0\]\): trick 1 has 5 cards, but only 4 seats play"),
    ("four cards against a loner", mutate("vwec-finals.egn", lambda d: d["deals"][7]["phases"][1]["tricks"][0].append("Kh")),
     r"deal 7 \(deals\[7\]\): trick 1 has 4 cards, but only 3 seats play \(N E S\)"),
    ("short trick in the middle", mutate("vwec-finals.egn", lambda d: d["deals"][0]["phases"][1]["tricks"][1].pop()),
     r"trick 2 has 3 cards, expected 4 \(only the last recorded trick may be unfinished\)"),
    ("six tricks", mutate("vwec-finals.egn", lambda d: d["deals"][0]["phases"][1]["tricks"].append([])),
     r"6 tricks recorded, a hand has 5"),
    ("unknown call (schema)", mutate("vwec-finals.egn", _set(["deals", 3, "phases", 0, "calls", 2], "Bogus")),
     r"deal 3: deals\[3\].phases\[0\].calls\[2\]: unknown call 'Bogus'"),
    ("no-trump call", mutate("vwec-finals.egn", _set(["deals", 1, "phases", 0, "calls", 4], "n")),
     r"deal 1 \(deals\[1\]\): calls\[4\] 'n' by N: unknown call \(a no-trump call needs ruleset allow_no_trump\)"),
    ("call after trump was made", mutate("vwec-finals.egn", lambda d: d["deals"][0]["phases"][0]["calls"].append("Pass")),
     r"calls\[4\] 'Pass': trump was already made at calls\[3\]"),
    ("play after all passed", mutate("vwec-finals.egn", lambda d: d["deals"][1]["phases"][0].update(
        calls=["Pass"] * 8)), r"tricks are recorded but all passed twice"),
    ("unsupported ruleset", mutate("vwec-finals.egn", _set(["metadata", "ruleset", "fast_break"], True)),
     r"metadata.ruleset: ruleset 'fast_break' \(fast break.*\): this variant is not supported"),
    ("condensed deal", mutate("vwec-finals.egn", _set(["deals", 4], "AAECAw==")),
     r"deals\[4\]: a condensed \(bit-packed\) deal"),
    ("seat out of range", mutate("vwec-finals.egn", _set(["deals", 0, "initialState", "dealer"], 5)),
     r"deal 0 \(deals\[0\]\): initialState.dealer 5: seats are 0..3"),
    ("playerCards against the play", mutate("custom-scenario.egn", _set(
        ["deals", 0, "initialState", "playerCards", 1, 0], "Jh")), r"card Jh is in both E's and S's hand"),
]


@pytest.mark.parametrize("case, source, message", BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_a_clear_error(case, source, message):
    text = source if isinstance(source, str) else json.dumps(source)
    with pytest.raises(EGNError, match=message) as err:
        load_egn(text)
    assert isinstance(err.value, solver.EuchreError)


def test_missing_file():
    with pytest.raises(EGNError, match="no such file"):
        load_egn("/nonexistent/game.egn")


ILLEGAL = [
    ("order in round 2", lambda d: d["deals"][1]["phases"][0].update(calls=["Pass"] * 4 + ["Order"]),
     r"deal 1, calls\[4\] 'Order': N cannot order up: the upcard 9s was turned down"),
    ("turned-down suit", lambda d: d["deals"][1]["phases"][0].update(calls=["Pass"] * 4 + ["s"]),
     r"deal 1, calls\[4\] 's': N cannot call s: spades were turned down"),
    ("other suit in round 1", lambda d: d["deals"][0]["phases"][0].update(calls=["Pass", "Pass", "Pass", "h"]),
     r"deal 0, calls\[3\] 'h': S cannot call h: in round 1 the only call is to order up the upcard Kc"),
    ("dealer passes though stuck", lambda d: (d["deals"][1]["phases"].pop(),
                                              d["deals"][1]["phases"][0].update(calls=["Pass"] * 8)),
     r"deal 1, calls\[7\] 'Pass': W cannot pass: stick the dealer"),
]


@pytest.mark.parametrize("case, fn, message", ILLEGAL, ids=[i[0] for i in ILLEGAL])
def test_calls_that_break_the_rules_are_findings(case, fn, message):
    data = mutate("vwec-finals.egn", fn)
    game = load_egn(data)
    illegal = [p for p in game.problems if p.kind == "illegal"]
    assert len(illegal) == 1 and illegal[0].deal in (0, 1)
    assert re.search(message, str(illegal[0])), str(illegal[0])
    bad = game.deals[illegal[0].deal]
    assert bad.status == "illegal" and bad.score_after == bad.score_before and "not scored" in bad.summary()
    with pytest.raises(EGNError):
        load_egn(data, strict=True)


# -- packaging --------------------------------------------------------------------------------------------
def test_schema_and_licence_ship_with_the_package():
    data_dir = Path(solver.__file__).parent / "data"
    assert SCHEMA_PATH == data_dir / "egn-schema-v1.json"
    shared = json.loads((EGN_DIR / "egn-schema-v1.json").read_text())
    # the shipped schema is the shared 1.4 one with EGN 1.5's changes: the version, and a date alone or empty
    shipped = json.loads(SCHEMA_PATH.read_text())
    assert shipped["properties"]["version"]["pattern"] == r"^1\.[2345](?:\.\d+)?$"
    assert shipped["properties"]["metadata"]["properties"]["date"]["anyOf"] == [
        {"format": "date-time"}, {"format": "date"},
        {"pattern": r"^$|^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$"}]
    for part in (shipped, shared):
        part["properties"]["version"].pop("pattern")
        part["properties"]["metadata"]["properties"]["date"].pop("anyOf")
    assert shipped == shared
    assert "Apache License" in (data_dir / "EGN-LICENSE").read_text()


def test_public_names():
    assert solver.load_egn is load_egn and solver.dump_egn is dump_egn


# -- reading: every failure to read a record is a RecordError, for EGN and dummy-hands records alike ----------
from solver.errors import RecordError  # noqa: E402
from solver.records import load_dummy_record, load_game  # noqa: E402

LOADERS = [load_egn, load_dummy_record, load_game]
VWEC_TEXT = (EGN_DIR / "vwec-finals.egn").read_text(encoding="utf-8")


def _in_score(literal: str) -> str:
    """The VWEC record with ``literal`` (raw JSON) as its first initial score."""
    text = re.sub(r'"initialScore": \[\s*0,', f'"initialScore": [{literal},', VWEC_TEXT, count=1)
    assert text != VWEC_TEXT
    return text


def _nested(depth: int) -> str:
    """The VWEC record with an array nested ``depth`` deep before its metadata."""
    return VWEC_TEXT.replace('"metadata":', '"x": ' + "[" * depth + "]" * depth + ', "metadata":', 1)


def _deep_dict(depth: int) -> dict:
    data = raw("vwec-finals.egn")
    leaf = data["metadata"]["x"] = []
    for _ in range(depth):
        leaf.append([])
        leaf = leaf[0]
    return data


READ_FAILURES = [
    ("integer of 5,000 digits", _in_score("9" * 5000),
     r"^<text>: not valid JSON: the number 9{32}\.\.\.\[4960 characters cut\]\.\.\.9{8} has 5000 digits, "
     r"too many for a game record$"),
    ("the same as bytes", _in_score("9" * 5000).encode(), r"^<text>: not valid JSON: the number 9+.* has 5000 digits"),
    ("NaN", _in_score("NaN"), r"^<text>: not valid JSON: NaN is not a JSON number$"),
    ("Infinity", _in_score("Infinity"), r"^<text>: not valid JSON: Infinity is not a JSON number$"),
    ("-Infinity", _in_score("-Infinity"), r"^<text>: not valid JSON: -Infinity is not a JSON number$"),
    ("number out of range", _in_score("1e999"), r"^<text>: not valid JSON: the number 1e999 is out of range$"),
    ("invalid UTF-8", VWEC_TEXT.encode().replace(b'"title": "', b'"title": "\xff', 1),
     r"^<text>: not UTF-8 text: byte 0xff at offset \d+ \(invalid start byte\)$"),
    ("lone surrogate", VWEC_TEXT.replace('"title": "', '"title": "\\ud800', 1),
     r"^<text>: not valid JSON: the text '\\ud800.*' holds a lone surrogate \(\\ud800\), not a character$"),
    ("duplicate key", VWEC_TEXT.replace('"metadata":', '"deals": [], "metadata":', 1),
     r"^<text>: not valid JSON: key 'deals' appears twice in one object$"),
    ("nested 600 deep", _nested(600), r"^<text>: nested more than 32 levels deep, too deep for a game record$"),
    ("nested 100,000 deep", _nested(100_000), r"^<text>: nested more than 32 levels deep, too deep for a game record$"),
    ("dict nested 600 deep", _deep_dict(600), r"^<data>: nested more than 32 levels deep, too deep for a game record$"),
    ("empty bytes", b"", r"^<text>: empty \(no game record in it\)$"),
    ("only white space", b" \n\t\n", r"^<text>: empty \(no game record in it\)$"),
    ("top level a list", "[1, 2]", r"^<text>: an? .* is a JSON object, got an array$"),
    ("top level a string", b'"hello"', r"^<text>: an? .* is a JSON object, got a string$"),
    ("top level a number", b"5", r"^<text>: an? .* is a JSON object, got a number$"),
    ("top level null", b"null", r"^<text>: an? .* is a JSON object, got null$"),
    ("top level true", b"true", r"^<text>: an? .* is a JSON object, got true$"),
    ("NUL in a path", "game\x00.egn", r"^'game\\x00.egn': cannot be read: embedded null byte$"),
]


@pytest.mark.parametrize("load", LOADERS, ids=lambda f: f.__name__)
@pytest.mark.parametrize("case, source, message", READ_FAILURES, ids=[r[0] for r in READ_FAILURES])
def test_every_failure_to_read_a_record_is_a_record_error(load, case, source, message):
    with pytest.raises(RecordError, match=message) as err:
        load(source)       # dict sources are copied by the reader, never changed
    # EGN's own reader keeps raising EGNError (code catching it keeps working); the dummy-hands one its own
    assert isinstance(err.value, solver.EGNError) == (load is not load_dummy_record)
    assert isinstance(err.value, solver.DummyRecordError) == (load is load_dummy_record)


def test_a_cyclic_dict_is_refused():
    data = raw("vwec-finals.egn")
    data["metadata"]["x"] = data["metadata"]
    for load in LOADERS:
        with pytest.raises(RecordError, match="nested more than 32 levels deep"):
            load(data)


@pytest.mark.parametrize("load", LOADERS, ids=lambda f: f.__name__)
def test_a_bad_utf8_file_says_where(load, tmp_path):
    path = tmp_path / "bad.egn"
    path.write_bytes(VWEC_TEXT.encode().replace(b'"title": "', b'"title": "\xc3(', 1))
    offset = VWEC_TEXT.index('"title": "') + len('"title": "')
    with pytest.raises(RecordError, match=rf"^{re.escape(str(path))}: not UTF-8 text: byte 0xc3 at offset {offset} "
                                       r"\(invalid continuation byte\)$"):
        load(path)


def test_what_reading_accepts_still_reads():
    # a byte-order mark, before text or bytes, and a deep but legal record: read as before
    for source in ("\ufeff" + VWEC_TEXT, b"\xef\xbb\xbf" + VWEC_TEXT.encode(), VWEC_TEXT.encode()):
        assert load_egn(source).final_score == load_egn(VWEC_TEXT).final_score
    # numbers that look odd but are integers the schema takes
    assert load_egn(_in_score("0")).initial_score == (0, 0)


def test_review_of_a_record_with_a_huge_integer_is_one_error_line(tmp_path, capsys):
    from solver.cli import main
    path = tmp_path / "huge.egn"
    path.write_text(_in_score("9" * 5000))
    assert main(["review", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("euchre: error: ") and err.count("\n") == 1 and "5000 digits" in err
    assert "Traceback" not in err and len(err) < 1000


# -- a message quotes at most a few hundred characters of the input, and still names the place ----------
def _many_deals(count: int) -> dict:
    data = raw("vwec-finals.egn")
    data["deals"] = [dict(copy.deepcopy(data["deals"][i % 13]), dealNumber=i) for i in range(count)]
    return data


def _mutated(change):
    data = raw("vwec-finals.egn")
    change(data)
    return data


BIG = "Z" * 100_000
LONG_INPUT_FAILURES = [
    ("101 deals", _many_deals(101), r"^<data>: deals: 101 items, the EGN schema allows at most 100$"),
    ("10,000 deals", _many_deals(10_000), r"^<data>: deals: 10000 items, the EGN schema allows at most 100$"),
    ("deals an object", _mutated(lambda d: d.update(deals={"a": _many_deals(101)["deals"]})),
     r"^<data>: deals: fails the EGN schema: \{'a': \[\{'dealNumber': 0, .*\.\.\.\[\d+ characters cut\]\.\.\..* "
     r"is not of type 'array'$"),
    ("a 100,000-character title", _mutated(_set(["metadata", "title"], BIG)),
     r"^<data>: metadata.title: 100000 characters, the EGN schema allows at most 128$"),
    ("a 100,000-character key", _mutated(_set([BIG], 1)),
     r"^<data>: \(top level\): unknown field 'Z+\.\.\.\[\d+ characters cut\]\.\.\.Z+' \(not in EGN 1\.4\)$"),
    ("a 100,000-character card", _mutated(_set(["deals", 3, "phases", 1, "tricks", 2, 1], BIG)),
     r"^<data>: deal 3: deals\[3\].phases\[1\].tricks\[2\]\[1\]: card 'Z+\.\.\.\[\d+ characters cut\]\.\.\.Z+' "
     r"does not exist"),
    ("a 100,000-character call", _mutated(_set(["deals", 3, "phases", 0, "calls", 2], BIG)),
     r"^<data>: deal 3: deals\[3\].phases\[0\].calls\[2\]: unknown call 'Z+\.\.\.\[\d+ characters cut\]\.\.\.Z+'"),
    ("a 100,000-digit annotation key", _mutated(_set(["deals", 3, "phases", 0, "callAnnotations"], {"1" * 100_000: 5})),
     r"^<data>: deal 3: deals\[3\].phases\[0\].callAnnotations.1+\.\.\.\[\d+ characters cut\]\.\.\.1+: "
     r"fails the EGN schema: 5 is not of type 'array'$"),
]


@pytest.mark.slow
@pytest.mark.parametrize("case, source, message", LONG_INPUT_FAILURES, ids=[c[0] for c in LONG_INPUT_FAILURES])
def test_messages_quote_big_input_short(case, source, message):
    with pytest.raises(EGNError, match=message) as err:
        load_egn(source)
    assert len(str(err.value)) < 1000


def test_dummy_record_messages_quote_big_input_short():
    from test_dummy_hands import PAPER_RECORD
    many = copy.deepcopy(PAPER_RECORD)
    many["deals"] = [dict(copy.deepcopy(PAPER_RECORD["deals"][0]), dealNumber=i) for i in range(101)]
    titled = copy.deepcopy(PAPER_RECORD)
    titled["metadata"]["title"] = BIG
    carded = copy.deepcopy(PAPER_RECORD)
    carded["deals"][0]["initialState"]["upCard"] = BIG
    for source, message in [
            (many, r"^<data>: deals: 101 items, the dummy-hands record schema allows at most 100$"),
            (titled, r"^<data>: metadata.title: 100000 characters, the dummy-hands record schema allows at most 128$"),
            (carded, r"^<data>: deals\[0\].initialState.upCard: card 'Z+\.\.\.\[\d+ characters cut\]\.\.\.Z+' "
                     r"does not exist")]:
        with pytest.raises(solver.DummyRecordError, match=message) as err:
            load_dummy_record(source)
        assert len(str(err.value)) < 1000


# -- the records package: its layout, its deals' fields, its examples ------------------------------------
import ast  # noqa: E402
import dataclasses  # noqa: E402
import doctest  # noqa: E402
import importlib  # noqa: E402

import solver.records  # noqa: E402
from solver.records import base, dummy, egn  # noqa: E402
from solver.records.egn import EGNDeal, EGNWritten  # noqa: E402
from solver import Method

RECORD_MODULES = ["solver.records", "solver.records.base", "solver.records.egn", "solver.records.egn_format",
                  "solver.records.egn_model", "solver.records.egn_write", "solver.records.dummy"]


def _imports(module) -> list:
    """``(module imported from, [names])`` for every import statement of ``module``'s source."""
    tree = ast.parse(Path(module.__file__).read_text(encoding="utf-8"))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            out.append(("." * node.level + (node.module or ""), [a.name for a in node.names]))
        elif isinstance(node, ast.Import):
            out.extend((a.name, []) for a in node.names)
    return out


def test_the_two_formats_share_base_and_never_import_each_other():
    for module, other in ((egn, "dummy"), (dummy, "egn")):
        sources = [src for src, _names in _imports(module)]
        assert f".{other}" not in sources and f"solver.records.{other}" not in sources, module.__name__
        assert ".base" in sources
    assert not any(src.startswith((".egn", ".dummy")) for src, _n in _imports(base))


@pytest.mark.parametrize("name", RECORD_MODULES)
def test_records_modules_import_no_private_names(name):
    module = importlib.import_module(name)
    private = [(src, n) for src, names in _imports(module) for n in names if n.startswith("_")]
    assert private == []


def test_deal_and_game_fields_are_declared_and_public():
    game = load_egn(EGN_DIR / "vwec-finals-annotated.egn")
    for obj in [game] + game.deals:
        declared = {f.name for f in dataclasses.fields(obj)}
        assert set(vars(obj)) == declared and not any(n.startswith("_") for n in declared), type(obj).__name__
    written = game.deals[0].written
    assert isinstance(written, EGNWritten) and written.raw == raw("vwec-finals-annotated.egn")["deals"][0]
    assert written.phases == [("EUCHRE_BIDDING", 0), ("TRICK_PLAY", 1)]
    assert "written" in {f.name for f in dataclasses.fields(EGNDeal)}


def test_a_rule_broken_in_the_auction_stops_the_replay_before_the_tricks():
    # vwec deal 0 with E recorded as a lone defender, which the ruleset does not allow and nobody
    # went alone: the auction is where the record breaks a rule, so that is the finding; the
    # four-card tricks are kept as written and not replayed (no seat sits out for them)
    data = raw("vwec-finals.egn")
    data["deals"][0]["phases"][0]["aloneDefender"] = 1
    game = load_egn(data)
    deal = game.deals[0]
    assert deal.status == "illegal" and deal.score_after == (0, 0)
    (problem,) = [p for p in game.problems if p.kind == "illegal"]
    assert problem.message == ("deal 0, aloneDefender: E cannot defend alone: the ruleset does not allow "
                               "defending alone; the replay of this deal stops here")
    assert problem.seat == E and deal.tricks == [[Card(c) for c in t] for t in
                                                 raw("vwec-finals.egn")["deals"][0]["phases"][1]["tricks"]]
    assert json.loads(dump_egn(game)) == data


@pytest.mark.parametrize("name", RECORD_MODULES)
def test_docstring_examples_run(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0, result


@pytest.mark.slow
def test_the_library_refuses_devices_fifos_and_oversized_files(tmp_path):
    """The cap and the regular-file rule live in read_source, so every door (API, CLI, service) has them."""
    import os
    import subprocess
    import sys
    from solver import EGNError, load_game
    from solver.records.base import MAX_RECORD_BYTES
    with pytest.raises(EGNError, match="not a regular file \\(a character device\\)"):
        load_egn("/dev/zero")
    link = tmp_path / "zero.egn"
    link.symlink_to("/dev/zero")
    with pytest.raises(EGNError, match="-> /dev/zero"):
        load_game(link)
    big = tmp_path / "big.egn"
    with open(big, "wb") as f:
        f.truncate(MAX_RECORD_BYTES + 1)
    with pytest.raises(EGNError, match="at most 16 MiB"):
        load_egn(big)
    fifo = tmp_path / "pipe.egn"
    os.mkfifo(fifo)
    code = f"import solver\ntry:\n    solver.load_egn({str(fifo)!r})\nexcept solver.EGNError as e:\n    print(e)\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert "not a regular file (a FIFO)" in out.stdout


@pytest.mark.parametrize("load", [load_egn, load_game])
def test_a_negative_initial_score_is_named(load):
    with pytest.raises(EGNError, match=r"^<text>: metadata.initialScore \[-3, 0\]: a score is never below 0"):
        load(_in_score("-3"))


def test_loads_egn_reads_text_and_load_egn_a_file_as_the_json_module_does():
    path = EGN_DIR / "vwec-finals.egn"
    text = path.read_text(encoding="utf-8")
    from_file = solver.load_egn(path)
    from_text = solver.loads_egn(text)
    assert from_text.to_dict() == from_file.to_dict() and len(from_file.deals) == len(json.loads(text)["deals"])
    assert solver.loads_egn(text.encode("utf-8")).to_dict() == from_file.to_dict()
    assert from_text.source == "<text>" and from_text.final_score == from_file.final_score
    # the old spelling keeps working: text given to load_egn is still read as text
    assert solver.load_egn(text).to_dict() == from_file.to_dict()
    # text is never taken for a path, however much it looks like one
    with pytest.raises(EGNError, match=r"<text>: not valid JSON"):
        solver.loads_egn(str(path))
    with pytest.raises(EGNError, match=r"EGN text dict: expected str or bytes"):
        solver.loads_egn(json.loads(text))
    with pytest.raises(EGNError, match=r"<text>: empty"):
        solver.loads_egn("  \n")
