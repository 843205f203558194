"""Call for best (``Rules.partners_best``) and defending alone, as a tester reported them: the loner's view
names the inconsistent card of its exchange, a loner may throw back the card it was passed, an EGN exchange
of a card the sender does not hold names that card, ``euchre table --partners-best`` plays the exchange in
the loner columns,
and every built-in match agent answers the defend-alone question by its own rule."""
import contextlib
import io
import json
import random

import pytest

import solver
from solver import Rules, Seat, dump_egn, load_egn
from solver.cards import Card, parse_cards
from solver.errors import EGNError, PositionError, RulesError
from solver.game import AloneDeclared, Hand, Phase
from solver.match.agents import DoubleDummyAgent, PolicyAgent, RandomAgent

BEST = Rules(partners_best=True)
# W orders 9h up alone (S deals and picks up); N leads Ts, S follows Qs (E, the loner's partner, sits out)
PLAY = ["play", "--seat", "W", "--dealer", "S", "--upcard", "9h", "--calls", "Order", "--alone",
        "--hand", "Jh Jd Ah Kh Qh", "--tricks", "Ts Qs", "--worlds", "10", "--seed", "1"]


def cli(argv):
    from solver.cli import main
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(argv)
    return code, out.getvalue(), err.getvalue()


# -- 1. the loner's view of the exchange -----------------------------------------------------------------------
@pytest.mark.parametrize("extra, message", [
    (["--best-card", "Tc", "--loner-discard", "Ac"],
     "best_card Tc: W was passed it and did not discard it, so it is in W's hand or its plays, but it is not"),
    (["--best-card", "Qh", "--loner-discard", "Qh"],
     "loner_discard Qh: W discarded the card it was passed, yet Qh is still in its hand or its plays"),
    (["--best-card", "Qh", "--loner-discard", "Jh"],
     "loner_discard Jh: W discarded it, yet it is still in W's hand or its plays"),
])
def test_play_names_the_inconsistent_card_of_the_exchange(extra, message):
    code, _out, err = cli(PLAY + ["--partners-best"] + extra)
    assert code != 0 and message in err and "expected 5" not in err and "does not hold" not in err
    from api import create_app
    client = create_app({"TESTING": True}).test_client()
    body = {"seat": "W", "hand": "Jh Jd Ah Kh Qh", "dealer": "S", "upcard": "9h", "calls": ["Order"],
            "alone": True, "tricks": [["Ts", "Qs"]], "best_card": extra[1], "loner_discard": extra[3],
            "rules": {"partners_best": True}, "worlds": 10, "seed": 1}
    resp = client.post("/v1/play", data=json.dumps(body), content_type="application/json")
    assert resp.status_code == 422 and message in resp.get_json()["detail"]


def test_exchange_without_the_rule_says_it_needs_partners_best():
    for extra in (["--best-card", "Qh"], ["--best-card", "Qh", "--loner-discard", "9c"]):
        code, _out, err = cli(PLAY + extra)
        assert code != 0 and "needs Rules(partners_best=True) (--partners-best)" in err, err
        assert "not a loner's" not in err and "knows both" not in err
    with pytest.raises(RulesError, match="loner_discard 9c: the exchange belongs to call for best, which is off"):
        solver.seat_view(seat="W", hand="Jh Jd Ah Kh Qh", dealer="S", upcard="9h", calls="Order", alone=True,
                         loner_discard="9c")


def test_loner_may_throw_back_the_card_it_was_passed_as_the_engine_lets_it():
    # the engine: E passes 9c, W throws 9c back; N leads Ts, S follows Qs
    deal = "N:Ts 9s Js Ks As E:9c Tc Jc Qc Kc S:Qs 9d Td Qd Kd W:Jh Jd Ah Kh Qh"
    h = Hand.from_deal(deal, upcard="9h", dealer="S", rules=BEST)
    for action in ["order", "discard 9d", "alone", "give 9c", "discard 9c", "Ts", "Qs"]:
        h.apply(action)
    assert h.to_act == Seat.W and h.best_card == Card("9c") and h.loner_discard == Card("9c")
    engine = h.view(Seat.W)
    built = solver.seat_view(seat="W", hand="Jh Jd Ah Kh Qh", dealer="S", upcard="9h", calls="Order", alone=True,
                             tricks="Ts Qs", rules=BEST, best_card="9c", loner_discard="9c")
    for name in ("hand", "unseen", "hand_sizes", "exchanged", "best_card", "loner_discard", "to_act", "played"):
        assert getattr(built, name) == getattr(engine, name), name
    # unseen by W: 24 cards less its 5, the 2 played and the 9c it threw (the upcard S holds is unseen too)
    assert bin(built.unseen).count("1") == 24 - 5 - 2 - 1
    code, out, err = cli(PLAY + ["--partners-best", "--best-card", "9c", "--loner-discard", "9c", "--json"])
    assert code == 0, err
    assert sorted(c["card"] for c in json.loads(out)["cards"]) == sorted(["Jh", "Jd", "Ah", "Kh", "Qh"])


# -- 2. EGN cardExchanges -----------------------------------------------------------------------------------------
def record():
    """N orders 9h up alone (S deals, discards 9h); S passes As, N discards 9c; played out."""
    deal = "N:Jh Ah Kh 9c 9s E:Jd Ad Kd Qd Td S:Js As Ks Qs Ts W:Jc Ac Kc Tc Qh"
    h = Hand.from_deal(deal, upcard="9h", dealer="S", rules=BEST)
    for action in ["pass", "order", "discard 9h", "alone", "give As", "discard 9c"]:
        h.apply(action)
    while not h.is_over:
        h.apply(h.legal_actions()[0])
    return json.loads(dump_egn(h))


@pytest.mark.parametrize("entry, card, message", [
    (0, "Ac", "cardExchanges[0] Ac: S passes Ac to the loner N, but S does not hold it: the record puts Ac in W's "
              "hand"),
    (0, "Ad", "cardExchanges[0] Ad: S passes Ad to the loner N, but S does not hold it: the record puts Ad in E's "
              "hand"),
    (1, "Kc", "cardExchanges[1] Kc: N discards Kc after the exchange, but N does not hold it: the record puts Kc "
              "in W's hand"),
])
def test_egn_exchange_of_a_card_the_sender_does_not_hold_names_it(entry, card, message):
    data = record()
    data["deals"][0]["phases"][0]["cardExchanges"][entry]["cards"] = [card]
    with pytest.raises(EGNError) as exc:
        load_egn(json.dumps(data))
    assert message in str(exc.value) and "in both" not in str(exc.value)


def test_egn_loners_discard_missing_is_one_message():
    data = record()
    del data["deals"][0]["phases"][0]["cardExchanges"][1]
    deal = load_egn(json.dumps(data)).deals[0]
    assert deal.status == "illegal" and len(deal.problems) == 1
    msg = deal.problems[0].message
    assert ("the record shows every card of the loner N's six but not its discard after the exchange (call for "
            "best): give it in cardExchanges (sender N, receiver S)") in msg
    assert "unknown card" not in msg


# -- 3. euchre table ------------------------------------------------------------------------------------------------
def test_table_plays_call_for_best_in_the_loner_columns_and_refuses_auction_rules_without_upcard():
    # hearts trump, N alone: N holds every trump in play but the 9s loses to E's spades (4); calling for best,
    # S passes a bower, N throws the 9s (5); the partners' columns do not change
    deal = "N:Ah Kh Qh Th 9s E:As Ks Qs Js Ts S:Jh Jd 9h 9c Tc W:Ac Kc Qc Jc Ad"
    tables = {}
    for flag in ([], ["--partners-best"]):
        code, out, err = cli(["table", deal, "--dealer", "E", "--json"] + flag)
        assert code == 0, err
        tables[bool(flag)] = json.loads(out)
    assert tables[False]["loners"]["h"]["N"] == 4 and tables[True]["loners"]["h"]["N"] == 5
    assert tables[False]["partners"] == tables[True]["partners"]
    for flag in ("--stick-the-dealer", "--defend-alone", "--canadian"):
        code, out, err = cli(["table", deal, "--dealer", "E", flag])
        assert code != 0 and out == ""
        assert f"{flag}: a rule of the auction, played only in the par, which needs --upcard" in err
    # with --upcard the par plays the exchange: here it changes the contract
    deal = "N:Ac Js As Kd Ad E:Qd Td Jh Jd Th S:9c Ts 9d Ks Kc W:Qc Ah Qh Qs 9s"
    pars = {}
    for flag in ([], ["--partners-best"]):
        code, out, err = cli(["table", deal, "--dealer", "S", "--upcard", "Jc", "--json"] + flag)
        assert code == 0, err
        pars[bool(flag)] = json.loads(out)["par"]["contract"]
    assert pars == {False: "S picks it up", True: "E orders up"}
    help_text = io.StringIO()
    with contextlib.redirect_stdout(help_text), pytest.raises(SystemExit):
        from solver.cli import main
        main(["table", "--help"])
    flat = " ".join(help_text.getvalue().split())
    assert "a loner column is the loner's tricks after its partner's card and its own discard" in flat


# -- 4. defending alone, every built-in agent ------------------------------------------------------------------
def test_random_agent_defends_alone_half_the_time():
    result = solver.play_match("random", "random", deals=200, seed=5, rules=Rules(defend_alone=True),
                               keep_hands=True)
    answers = [rec.alone for t in result.tables for rec in t.hand.history
               if isinstance(rec, AloneDeclared) and rec.phase is Phase.DEFEND_ALONE]
    n, alone = len(answers), sum(answers)
    assert n > 100
    assert abs(alone - n / 2) < 3 * (n / 4) ** 0.5, (alone, n)      # uniform over the two answers
    lone = sum(t.hand.defender_alone is not None for t in result.tables)
    assert lone == alone and 0 < n - alone


def _at_defend(rng):
    """A random deal: W orders the upcard up alone (S deals and throws its first other card): the defenders' turn."""
    cards = [str(Card(i)) for i in range(24)]
    rng.shuffle(cards)
    deal = " ".join(f"{s}:{' '.join(cards[5 * i:5 * i + 5])}" for i, s in enumerate("NESW"))
    h = Hand.from_deal(deal, upcard=cards[20], dealer="S", rules=Rules(defend_alone=True))
    h.apply("order")
    h.apply(f"discard {cards[10]}")
    h.apply("alone")
    assert h.phase is Phase.DEFEND_ALONE
    return h, cards[20][1]


def _trumps(cards, t):
    """Trumps counted from the card text: the trump suit, and the jack of the same colour."""
    same = {"c": "s", "s": "c", "d": "h", "h": "d"}[t]
    return sum(1 for c in cards if c[1] == t or c == "J" + same)


def test_policy_agent_defends_alone_with_three_trumps():
    rng, agent, seen = random.Random(7), PolicyAgent(), set()
    for _ in range(150):
        h, t = _at_defend(rng)
        for _seat in range(2):
            view = h.view(h.to_act)
            held = [str(c) for c in parse_cards(" ".join(str(Card(i)) for i in range(24)
                                                         if view.hand >> i & 1))]
            want = _trumps(held, t) >= 3
            assert agent.defend(view) is want, (held, t)
            seen.add(want)
            h.apply("defend partner")
            if h.phase is not Phase.DEFEND_ALONE:
                break
    assert seen == {True, False}


def test_double_dummy_agent_defends_alone_when_it_scores_more():
    up = "9h"
    # N holds the five top trumps: alone it euchres W for 4, with partner for 2
    h = Hand.from_deal("N:Jh Jd Ah Kh Qh E:9s Ts Js Qs Ks S:9d Td Qd Kd Ad W:9c Tc Jc Qc Kc", upcard=up,
                       dealer="S", rules=Rules(defend_alone=True))
    for action in ["order", "discard 9d", "alone"]:
        h.apply(action)
    assert h.to_act == Seat.N and DoubleDummyAgent().defend(h.view(Seat.N), hand=h.copy()) is True
    # W holds the five top trumps: it marches for 4 either way, so N stays with its partner
    h = Hand.from_deal("N:9s Ts Js Qs Ks E:9c Tc Jc Qc Kc S:9d Td Qd Kd Ad W:Jh Jd Ah Kh Qh", upcard=up,
                       dealer="S", rules=Rules(defend_alone=True))
    for action in ["order", "discard 9d", "alone"]:
        h.apply(action)
    assert DoubleDummyAgent().defend(h.view(Seat.N), hand=h.copy()) is False
