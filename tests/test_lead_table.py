"""The lead table (issue 36, item 1): solver.lead_table against an exhaustive evaluation of late leads (every
placement of the unseen cards listed with itertools, weighted by the bidding model's likelihood of the calls,
each solved by the slow reference solver tests/reference.py), plain positions, the errors, and the CLI and
HTTP doors serving the library's answer."""
import itertools
import json

import numpy as np
import pytest

import reference
import solver
from solver import Method, Rules, lead_table, seat_view
from solver.bidding import DEFAULT_MODEL
from solver.cards import Seat, cards_of, mask_of
from solver.errors import EuchreError, IllegalActionError
from solver.game import Hand, Phase
from solver.laws import effective_suit, place_after_dealer

# the exhaustive references are double dummy (every seat sees every card in each world)
def dd_table(view, method=None):
    """:func:`solver.lead_table` valuing by double dummy."""
    return lead_table(view, Method.coerce(method).replace(valuation="double_dummy"))


def late_lead(seed: int, call: str, tricks: int):
    """A real hand: deal ``seed``, all pass round 1, W (left of the dealer S) ... ``call`` in round 2, then the
    lowest legal card until ``tricks`` tricks are done; the hand and the view of the seat on lead."""
    h = Hand(Rules(), dealer=Seat.S)
    h.deal(rng=seed)
    for a in ["pass"] * 4:
        h.apply(a)
    legal = [str(a) for a in h.legal_actions()]
    h.apply(call if call in legal else next(a for a in legal if a.startswith("call")))   # not the upcard's suit
    while h.phase is not Phase.PLAY:
        h.apply("partner")
    while len(h.tricks) < tricks:
        h.apply(h.legal_actions()[0])
    assert not h.current_trick
    return h, h.view(h.to_act)


def points_for(makers_tricks: int) -> int:
    """docs/rules.md scoring, no loner: 3-4 tricks 1, march 2, euchred -2 (makers' points)."""
    return 2 if makers_tricks == 5 else 1 if makers_tricks >= 3 else -2


def exhaustive(h, view, inference: bool) -> dict:
    """Per legal lead, over every placement of the unseen cards consistent with the view (the upcard turned
    down lies in the kitty; the other kitty cards are unseen), each weighted by the model's likelihood of every
    other seat's call (its dealt hand = held now + played) or uniformly: ``(P(set), P(march), mean points for
    the leader's side, mean tricks for it)``, each lead solved by reference.card_values."""
    seat, trump = int(view.seat), h.trump
    tr = "cdhs"[int(trump)]
    played, voids = [0] * 4, [set() for _ in range(4)]
    for t in h.tricks:
        led = effective_suit(t.cards[0], trump)
        for s, c in zip(t.seats, t.cards):
            played[s] |= c.mask
            if effective_suit(c, trump) != led:
                voids[s].add(led)
    others = [s for s in range(4) if s != seat]
    need = {s: bin(h.holding(s)).count("1") for s in others}
    gone = sum(played) | h.holding(seat) | h.upcard.mask
    unseen = [c for c in cards_of((1 << 24) - 1) if not gone & c.mask]
    makers = h.makers
    mine = seat % 2
    won = h.tricks_won[mine]
    sums, total = {}, 0.0
    a, b, c3 = others
    for x in itertools.combinations(unseen, need[a]):
        rest = [c for c in unseen if c not in x]
        for y in itertools.combinations(rest, need[b]):
            rest2 = [c for c in rest if c not in y]
            for z in itertools.combinations(rest2, need[c3]):
                hands = {seat: h.holding(seat), a: mask_of(x), b: mask_of(y), c3: mask_of(z)}
                if any(effective_suit(c, trump) in voids[s] for s in others for c in cards_of(hands[s])):
                    continue
                wt = 1.0
                if inference:
                    for k, (s, action) in enumerate(h.bids):
                        if s == seat:
                            continue
                        now = np.array([hands[s] | played[s]], np.uint32)
                        suit = None if action.suit is None else int(action.suit)
                        wt *= float(DEFAULT_MODEL.likelihood(now, place_after_dealer(s, h.dealer), 1 if k < 4 else 2,
                                                             int(h.upcard), action.kind.value, suit, False)[0])
                ref_hands = {"NESW"[s]: [str(c) for c in cards_of(hands[s])] for s in range(4)}
                for card, tricks in reference.card_values(ref_hands, tr, "NESW"[seat], ()).items():
                    mine_total = won + tricks
                    mk = mine_total if mine == makers else 5 - mine_total
                    pts = points_for(mk) if mine == makers else -points_for(mk)
                    acc = sums.setdefault(card, np.zeros(4))
                    acc += wt * np.array([mk < 3, mk == 5, pts, mine_total])
                total += wt
    return {card: v / total for card, v in sums.items()}


CASES = [(3, "call s", 3), (4, "call h", 3), (7, "call s", 4), (9, "call h", 3), (12, "call d", 3),
         (19, "call d", 3), (28, "call s", 3)]      # the last two: the makers have every trick so far, a march open


@pytest.mark.parametrize("seed, call, tricks", CASES)
@pytest.mark.parametrize("inference", [True, False])
def test_late_leads_match_an_exhaustive_evaluation(seed, call, tricks, inference):
    h, view = late_lead(seed, call, tricks)
    want = exhaustive(h, view, inference)
    t = dd_table(view, Method(worlds=100, seed=1, inference=inference))
    assert t.exact and t.worlds == t.total and t.trick == tricks + 1
    assert {str(r.card) for r in t.rows} == set(want)
    for r in t.rows:
        p_set, p_march, points, tricks_mine = want[str(r.card)]
        assert r.p_set == pytest.approx(p_set) and r.p_march == pytest.approx(p_march)
        assert r.expected_points == pytest.approx(points) and r.expected_tricks == pytest.approx(tricks_mine)
        # every world enumerated: the intervals are the figures themselves
        assert r.set_interval == pytest.approx((p_set, p_set)) and r.march_interval == pytest.approx((p_march,) * 2)
        assert r.points_interval == pytest.approx((points, points))
    top = max(want, key=lambda k: (round(want[k][2], 9), round(want[k][3], 9)))
    assert want[str(t.best)][2] == pytest.approx(want[top][2])
    assert t.best == solver.advise_play(view, Method(worlds=100, seed=1, inference=inference, valuation="double_dummy")).best


def test_the_cases_cover_both_sides_on_lead_and_open_chances():
    """The exhaustive cases above are led by a maker and by a defender, and some lead's P(set) and some lead's
    P(march) lie strictly between 0 and 1 (else they would test half the table)."""
    roles, sets, marches = set(), set(), set()
    for s, c, n in CASES:
        h, view = late_lead(s, c, n)
        roles.add(view.seat % 2 == h.makers)
        for p_set, p_march, _p, _t in exhaustive(h, view, False).values():
            sets.add(0 < p_set < 1)
            marches.add(0 < p_march < 1)
    assert roles == {True, False} and True in sets and True in marches


# -- plain positions ---------------------------------------------------------------------
# W makes hearts holding both bowers, the ace of trumps and two aces (tests/test_play_advice.py's deal).
DEAL = "N:9h 9c Tc Qd Kd E:Th Ks Qs 9d Td S:Qh Kh Ts Js Ad W:Jh Jd Ah As Ac"
PLAYS = ["Ah", "9h", "Th", "Qh", "Ac", "9c", "9d", "Ts", "Jh", "Tc", "Ks", "Kh", "Jd", "Qd", "Qs", "Js"]


def dealt(plays: int) -> Hand:
    h = Hand.from_deal(DEAL, upcard="9s", dealer="S")
    for a in ["pass"] * 4 + ["call h", "partner"] + PLAYS[:plays]:
        h.apply(a)
    return h


def test_a_maker_with_every_trump_left_marches_by_either_bower():
    t = dd_table(dealt(8).view("W"), Method(worlds=200, seed=2))
    for c in ("Jh", "Jd"):
        r = t[c]
        assert (r.p_set, r.p_march, r.expected_points, r.expected_tricks) == (0, 1, 2, 5)
    assert t["As"].p_march < 1 and t.best in (solver.Card.parse("Jh"), solver.Card.parse("Jd"))
    assert t.makers and t.trick == 3 and t.maker == Seat.W and t.exact
    lone = dd_table(dealt(16).view("W"), Method(worlds=50, seed=1))
    assert [str(r.card) for r in lone.rows] == ["As"] and lone.runner_up is None and lone.margin is None


def test_sampled_chances_carry_wilson_intervals_at_the_worlds():
    view = dealt(4).view("W")
    t = lead_table(view, Method(worlds=300, seed=5, inference=False, valuation="double_dummy"))
    assert not t.exact and t.effective_worlds == 300
    for r in t.rows:
        assert r.set_interval == pytest.approx(solver.stats.wilson(round(r.p_set * 300), 300))
        assert r.march_interval == pytest.approx(solver.stats.wilson(round(r.p_march * 300), 300))


@pytest.mark.parametrize("valuation", ["single_dummy", "double_dummy"])
def test_the_table_reads_the_play_advice_of_the_same_worlds(valuation):
    """The same seed gives the play advice's worlds: the points, the make/euchred chances and the best card are
    advise_play's; P(march) is given from both sides' seats (advise_play gives it to a maker only)."""
    view = seat_view(seat="E", hand="Ac Kc 9c Qd Td", dealer="N", upcard="9s", calls="Pass Pass Pass Pass Pass h")
    t = lead_table(view, Method(worlds=200, seed=4, valuation=valuation))
    a = solver.advise_play(view, Method(worlds=200, seed=4, valuation=valuation))
    assert not t.makers and t.best == a.best and t.margin == a.margin and t.worlds == a.worlds
    for r, c in zip(t.rows, a.cards):
        assert r.card == c.card and r.expected_points == c.expected_points and r.p_set == c.p_euchred
        assert r.set_interval == c.euchred_interval and c.p_march is None and 0 < r.p_march < 1
        # default scoring, E defending: the makers march exactly when E's side loses 2 points
        assert r.p_march == pytest.approx(sum(p for points, p in c.outcomes.items() if points == -2))
    assert str(t).count("*") == 1 and f"best lead: {t.best}" in str(t)


# -- bad input -------------------------------------------------------------------------
@pytest.mark.parametrize("kw, match", [
    (dict(seat="N", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h"),
     "N is not on lead: W is on lead to trick 1"),
    (dict(seat="N", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h",
          tricks="Jh"), r"N is not on lead: W led trick 1 \(Jh\) and N is to play"),
    (dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass"),
     "W is not on lead: the hand is in the bid1 phase"),
])
def test_a_seat_not_on_lead_is_a_clear_error(kw, match):
    with pytest.raises(IllegalActionError, match=match):
        lead_table(seat_view(**kw))


def test_bad_views_and_bounds_raise_clear_errors():
    good = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h")
    with pytest.raises(EuchreError, match="worlds"):
        lead_table(seat_view(**good), Method(worlds=0))
    with pytest.raises(EuchreError, match="valuation"):
        lead_table(seat_view(**good), Method(valuation="rollout"))
    with pytest.raises(EuchreError, match="lead_table: give the view or its keys, not both"), \
            pytest.warns(DeprecationWarning, match="keyword form is deprecated"):
        lead_table(seat_view(**good), seat="W")
    with pytest.raises(IllegalActionError, match="W is not on lead: the hand is over"):
        h = dealt(16)
        for c in ["As", "Kd", "Td", "Ad"]:
            h.apply(f"play {c}")
        lead_table(h.view("W"))


# -- the CLI and the service serve the same call ----------------------------------------------
@pytest.fixture
def client():
    from api import create_app
    return create_app().test_client()


LEAD = {"seat": "W", "hand": "Jh Jd As Kh", "dealer": "S", "upcard": "9s", "calls": "Pass Pass Pass Pass h",
        "tricks": "Ah 9h Th Qh"}


def test_cli_lead_json_is_the_library_answer(capsys):
    from solver.cli import main
    args = ["lead", "--seat", "W", "--hand", LEAD["hand"], "--dealer", "S", "--upcard", "9s",
            "--calls", LEAD["calls"], "--tricks", LEAD["tricks"], "--worlds", "200", "--seed", "3",
            "--valuation", "double-dummy"]
    assert main(args + ["--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    view = seat_view(**{**LEAD, "calls": LEAD["calls"]})
    assert out == dd_table(view, Method(worlds=200, seed=3)).to_dict()
    assert main(args) == 0
    text = capsys.readouterr().out
    assert text.rstrip("\n") == str(dd_table(view, Method(worlds=200, seed=3)))
    assert main(["lead", "--seat", "N", "--hand", "9c Tc Qd Kd", "--dealer", "S", "--upcard", "9s",
                 "--calls", LEAD["calls"], "--tricks", LEAD["tricks"]]) == 2
    assert capsys.readouterr().err.strip() == "euchre: error: N is not on lead: W is on lead to trick 2"


def test_cli_lead_default_seed_is_the_views(capsys):
    from solver.cli import main
    from solver.review import view_seed
    args = ["lead", "--seat", "W", "--hand", "Ac Kc 9c Qd Td", "--dealer", "S", "--upcard", "9s",
            "--calls", "Pass Pass Pass Pass Pass h", "--worlds", "100", "--json"]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    view = seat_view(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h")
    assert out["seed"] == view_seed(view) and out == lead_table(view, Method(worlds=100, seed=view_seed(view))).to_dict()


def test_http_lead_is_the_library_answer(client):
    body = {**LEAD, "worlds": 200, "seed": 3, "valuation": "double_dummy"}
    r = client.post("/v1/lead", json=body)
    assert r.status_code == 200, r.get_json()
    assert r.get_json() == dd_table(seat_view(**LEAD), Method(worlds=200, seed=3)).to_dict()
    from api.schemas import LeadResponse
    LeadResponse.model_validate(r.get_json())


def test_http_lead_of_a_seat_not_on_lead_is_422_problem(client):
    r = client.post("/v1/lead", json={**LEAD, "seat": "N", "hand": "9c Tc Qd Kd"})
    assert r.status_code == 422 and r.mimetype == "application/problem+json"
    p = r.get_json()
    assert p["type"] == "/problems/illegal-action" and p["detail"] == "N is not on lead: W is on lead to trick 2"


def test_http_lead_bounds_its_work(client):
    r = client.post("/v1/lead", json={**LEAD, "worlds": 10**6})
    assert r.status_code == 422 and r.get_json()["field"] == "worlds"
    r = client.post("/v1/lead", json={**LEAD, "worlds": 100, "valuation": "playout", "inner_worlds": 20})
    assert r.status_code == 422 and r.get_json()["field"] == "worlds"
