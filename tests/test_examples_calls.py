"""The deals that show a call, a discard or an advised option (solver.examples): each example world's points for
both choices recomputed here by solver.solve on that world (the contract the example says each choice led to,
the dealer's pickup and discard applied by hand), the shares adding up, the likeliest first; the options'
bounds; the CLI and JSON carry them."""
import json

import pytest

from conftest import EGN_DIR
from conftest import bid_advice
from solver import Method, Position, advise_play, load_egn, review_game as review, solve
from solver.bidding import POLICY, dealer_discard
from solver.cards import Card, Seat, cards_of, mask_of, parse_cards
from solver.cli import main
from solver.errors import EuchreError
from solver.game import CardPlayed, Discarded
from solver.laws import first_leader, side_name, side_of
from solver.review.deals import review_deal
from solver.rules import Rules

VWEC = EGN_DIR / "vwec-finals.egn"
DD = {"inference": False, "policy": POLICY, "valuation": "double_dummy"}


def contract_points(hands: dict, upcard: Card, dealer, seat, contract, rules=Rules()) -> int:
    """The advised seat's side's points when ``contract`` is played double dummy from the dealt ``hands``."""
    if contract["maker"] is None:
        return 0                                        # thrown in
    hands = {s: set(parse_cards(hands[s])) if s in hands else None for s in "NESW"}
    d = str(Seat.parse(dealer))
    if contract["discard"] is not None:                 # the dealer picked the upcard up and threw one
        hands[d] = (hands[d] | {upcard}) - {Card.parse(contract["discard"])}
    maker = Seat.parse(contract["maker"])
    alone = maker if contract["alone"] else None
    if alone is not None:
        hands[str(maker.partner)] = None
    deal = " ".join(f"{s}:{'-' if hands[s] is None else ' '.join(map(str, hands[s]))}" for s in "NESW")
    leader = first_leader(Seat.parse(dealer), rules, alone)
    makers = side_name(side_of(maker, rules.players), rules.players)
    pos = Position.parse(deal, contract["trump"], str(leader), makers=makers,
                         alone=None if alone is None else str(alone), rules=rules,
                         tricks_won={"NS": 0, "EW": 0})
    (who, pts), = solve(pos).points.items()
    mine = side_name(side_of(Seat.parse(seat), rules.players), rules.players)
    return pts if who == mine else -pts


def check_call_examples(ex, options, hand, upcard, seat, dealer, n):
    assert ex["kind"] == "call" and ex["played"] != ex["best"]
    assert sum(ex["share"].values()) == pytest.approx(1, abs=1e-3) and ex["share"]["worse"] > 0
    assert 1 <= len(ex["examples"]) <= n
    weights = [e["weight"] for e in ex["examples"]]
    assert weights == sorted(weights, reverse=True)
    for e in ex["examples"]:
        assert e["played"] < e["best"]
        assert set(e["hands"][str(seat)].split()) == {str(c) for c in hand}
        assert upcard in parse_cards(e["hands"]["kitty"])
        for call in (ex["played"], ex["best"]):
            c = e["contracts"][call]
            o = options[call]
            if call != "pass":       # the call itself: the seat makes the option's trump, alone as it says
                assert (c["maker"], c["trump"], c["alone"]) == (str(seat), o.trump.letter, o.alone)
            if c["discard"] is not None:
                d = Seat.parse(dealer)
                six = mask_of(parse_cards(e["hands"][str(d)])) | upcard.mask
                expected = (o.discard if call != "pass" and d == Seat.parse(seat) else
                            Card(int(dealer_discard(six, "cdhs".index(c["trump"]),
                                                    None if Rules().dealer_may_discard_upcard else int(upcard)))))
                assert Card.parse(c["discard"]) == expected
            got = contract_points(e["hands"], upcard, dealer, seat, c)
            assert got == (e["played"] if call == ex["played"] else e["best"])
    return len(ex["examples"])


@pytest.mark.parametrize("hand,upcard,seat,dealer", [
    ("Jh Jd Ah Kh 9c", "Th", "N", "N"),      # the dealer: its own pickup and discard
    ("Jh Jd Ah Kh 9c", "Th", "E", "N"),      # next to the dealer: the dealer's discard by the stated rule
    ("9s Ts Qd Kc Ac", "Jh", "W", "N"),      # a weak hand: the order loses
])
def test_advise_examples_are_what_solve_says(hand, upcard, seat, dealer):
    a = bid_advice(hand, upcard, seat, dealer, worlds=40, seed=5, examples=2, **DD)
    options = {o.call: o for o in a.options}
    checked = 0
    for o in a.options:
        if o.grade == "best":
            assert o.examples is None
            continue
        if o.examples is not None and o.examples["examples"]:
            assert o.examples["best"] == a.recommended.call and o.examples["played"] == o.call
            checked += check_call_examples(o.examples, options, parse_cards(hand), Card.parse(upcard), seat,
                                           dealer, 2)
    assert checked >= 1
    d = a.to_dict()
    assert d["examples"] == 2 and all("examples" in o for o in d["options"])
    assert "examples" not in bid_advice(hand, upcard, seat, dealer, worlds=40, seed=5, **DD).to_dict()


def test_the_shares_are_the_weighted_shares_of_the_paired_points():
    a = bid_advice("Jh Jd Ah Kh 9c", "Th", "E", "N", worlds=60, seed=2, examples=1, **DD)
    rec = a.recommended
    for o in a.options:
        if o.examples is None:
            continue
        k = min(o.world_points.size, rec.world_points.size)
        diff = rec.world_points[:k] - o.world_points[:k]
        assert o.examples["share"]["worse"] == pytest.approx((diff > 0).mean(), abs=1e-4)
        assert o.examples["share"]["same"] == pytest.approx((diff == 0).mean(), abs=1e-4)


@pytest.mark.parametrize("bad", [-1, 4, 2.5, "1", True])
def test_the_advisors_examples_are_bounded(bad):
    with pytest.raises(EuchreError, match="examples"):
        bid_advice("Jh Jd Ah Kh 9c", "Th", "E", "N", worlds=10, examples=bad)
    g = load_egn(VWEC)
    before, rec = next((b, r) for b, r in g.deals[0].hand.steps() if isinstance(r, CardPlayed))
    with pytest.raises(EuchreError, match="examples"):
        advise_play(before.view(rec.seat), Method(worlds=10, examples=bad))


@pytest.mark.slow
def test_advise_play_examples_are_what_solve_says():
    from test_examples import points_after
    g = load_egn(VWEC)
    checked = 0
    for deal in g.deals[:3]:
        for before, rec in deal.hand.steps():
            if not isinstance(rec, CardPlayed) or rec.trick > 2:
                continue
            a = advise_play(before.view(rec.seat), Method(worlds=30, seed=7, examples=2, valuation="double_dummy"))
            d = a.to_dict()
            assert d["examples"] == 2
            for c in a.cards:
                if c.card in a.equal:
                    assert c.examples is None
                    continue
                ex = c.examples
                assert ex["played"] == str(c.card) and ex["best"] == str(a.best)
                assert sum(ex["share"].values()) == pytest.approx(1, abs=1e-3)
                for e in ex["examples"]:
                    assert e["played"] < e["best"]
                    own = {str(x) for x in cards_of(before.holding(rec.seat))}
                    assert set(e["hands"][str(rec.seat)].split()) == own
                    assert points_after(before, e["hands"], rec.seat, c.card) == e["played"]
                    assert points_after(before, e["hands"], rec.seat, a.best) == e["best"]
                    checked += 1
    assert checked >= 3


@pytest.mark.slow
def test_review_calls_have_examples():
    """The review's calls that lost carry the advisor's examples, recomputed by solve."""
    game = load_egn(VWEC)
    r = review(game, method=Method(worlds=30, seed=3, inference=False, examples=2))
    calls = 0
    for dr in r.deals:
        hand = game.deals[dr.index].hand
        for c in dr.calls:
            if c.examples is None:
                continue
            assert c.grade not in ("best", "good") or c.mistakes
            options = {o.call: o for o in c.advice.options}
            assert c.examples["played"] == c.call
            calls += check_call_examples(c.examples, options, cards_of(hand.dealt(c.seat)), hand.upcard, c.seat,
                                         hand.dealer, 2)
    assert calls >= 3
    d = r.to_dict()
    assert all("examples" in c for deal in d["deals"] for c in deal["calls"])


@pytest.mark.parametrize("inference,name,index", [(False, "me-and-bears", 1), (True, "mote-w5-g2", 5)])
def test_the_discard_has_examples(inference, name, index):
    """A dealer's discard that lost (me-and-bears deal 1: S threw the Qc; mote-w5-g2 deal 5: S threw the Jh)
    carries its own examples: each world solved from the first lead with the six cards less the discard, the
    dealer's six shown."""
    game = load_egn(EGN_DIR / f"{name}.egn")
    dr = review_deal(game, index, method=Method(worlds=30, seed=3, inference=inference, examples=2), confirm=1,
                     score=False)
    hand = game.deals[index].hand
    (c,) = [c for c in dr.cards if c.kind == "discard"]
    ex = c.examples
    assert ex is not None and ex["kind"] == "card" and ex["played"] == str(c.card) and ex["examples"]
    before = next(b for b, rec in hand.steps() if isinstance(rec, Discarded))
    six = {str(x) for x in cards_of(before.holding(c.seat))}
    for e in ex["examples"]:
        assert set(e["hands"][str(c.seat)].split()) == six
        for card, pts in ((ex["played"], e["played"]), (ex["best"], e["best"])):
            hands = dict(e["hands"])
            hands[str(c.seat)] = " ".join(x for x in hands[str(c.seat)].split() if x != card)
            contract = {"maker": str(hand.maker), "trump": "cdhs"[int(hand.trump)],
                        "alone": hand.alone is not None, "discard": None}
            assert contract_points(hands, hand.upcard, hand.dealer, c.seat, contract) == pts


def test_the_cli_advise_and_play_examples(capsys):
    assert main(["advise", "--hand", "9s Ts Qd Kc Ac", "--upcard", "Jh", "--seat", "W", "--dealer", "N",
                 "--worlds", "40", "--seed", "1", "--examples", "1"]) == 0
    out = capsys.readouterr().out
    assert "deals, " in out and "could be facing" in out and "kitty" in out
    assert main(["advise", "--hand", "9s Ts Qd Kc Ac", "--upcard", "Jh", "--seat", "W", "--dealer", "N",
                 "--worlds", "40", "--seed", "1", "--examples", "1", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["examples"] == 1 and any(o["examples"] for o in d["options"])
    assert main(["play", "--seat", "S", "--hand", "Jd Ah Kh Qs Ts", "--dealer", "N", "--upcard", "Th",
                 "--calls", "Pass h", "--tricks", "Ac", "--worlds", "40", "--seed", "2", "--examples", "2",
                 "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["examples"] == 2 and all("examples" in c for c in d["cards"])
    assert any(c["examples"] and c["examples"]["examples"] for c in d["cards"])
    with pytest.raises(SystemExit):         # out of Method's bounds: argparse names the option
        main(["play", "--seat", "S", "--hand", "Jd Ah Kh Qs Ts", "--dealer", "N", "--upcard", "Th",
              "--calls", "Pass h", "--tricks", "Ac", "--examples", "5"])
    assert "argument --examples: examples 5" in capsys.readouterr().err
