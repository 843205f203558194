"""What the cards told (issue 34, item 4), and reading the play at every door that judges a seat's view (item 3).

The told holdings are checked against a direct weighted count written here: the worlds drawn with the play
weighed and with the auction alone are the same worlds (the play only reweights them), so each holding's chance
is a sum of weights over the rows where a mask test holds, before and after; the holdings told must be the ones
that moved most of every (seat, card) and (seat, void) the test enumerates itself, and the card named as the one
that told most is checked by weighing each card alone through :func:`solver.play_model.play_likelihood`.
"""
from __future__ import annotations

import json

import numpy as np
import pytest

from solver import advise_play
from solver.advisor.play import written
from solver.advisor.reading import MIN_MOVE, what_the_cards_told
from solver.cards import Card, Seat
from solver.errors import ArgumentError
from solver.game import Hand
from solver.inference import sample_worlds
from solver.laws import effective_suit
from solver.play_model import DEFAULT_PLAY_MODEL, play_evidence, play_likelihood

DEAL = "N:9s Qs Ac Kc Qh E:Ts Js Ah Kh Jd S:Ad Kd Td 9d Th W:Ks Qd Jc Tc 9c"


def view_after(actions, seat="S"):
    h = Hand.from_deal(DEAL, upcard="9h", dealer="S")
    for a in actions:
        h.apply(a)
    return h.view(Seat[seat])


DUCKED = ["pass", "pass", "order", "9d", "partner", "Ks", "9s", "Ts"]          # S to play to trick 1
LATER = DUCKED + ["Td", "Jc", "Kc", "Ah"]                                  # trick 2 under way, S to play


def direct_chances(w, weights, view):
    """``{(seat, kind, card or suit): chance}`` over every holding of every other seat in play, counted directly."""
    trump = int(view.trump)
    total = weights.sum()
    out = {}
    for s in view.seats_in_play:
        s = int(s)
        if s == int(view.seat):
            continue
        for c in range(24):
            if view.unseen >> c & 1:
                held = np.array([bool(int(row[s]) >> c & 1) for row in w.hands])
                out[(s, "card", c)] = float(weights[held].sum() / total)
        for u in range(4):
            void = np.array([all(effective_suit(c, trump) != u for c in range(25) if int(row[s]) >> c & 1)
                             for row in w.hands])
            out[(s, "void", u)] = float(weights[void].sum() / total)
    return out


@pytest.mark.parametrize("actions, inference", [(DUCKED, "both"), (LATER, "both"), (LATER, "play")])
def test_the_holdings_told_are_a_direct_weighted_count_and_the_ones_that_moved_most(actions, inference):
    view = view_after(actions)
    read = sample_worlds(view, worlds=400, seed=2, inference=inference)
    base = sample_worlds(view, worlds=400, seed=2, inference="auction" if inference == "both" else "none")
    assert np.array_equal(read.hands, base.hands)
    after, before = direct_chances(read, read.weights, view), direct_chances(read, base.weights, view)
    told = what_the_cards_told(read, view, top=5)
    assert told, "the play moved nothing?"
    for t in told:
        key = (int(t.seat), t.kind, int(t.card) if t.kind == "card" else int(t.suit))
        assert t.p == pytest.approx(after[key], abs=1e-12) and t.p_before == pytest.approx(before[key], abs=1e-12)
        assert t.partner == (int(t.seat) == (int(view.seat) + 2) % 4)
    # the most moved: a card counted for the seat it moved most, each void for its own seat
    moves = {k: after[k] - before[k] for k in after}
    best_seat = {}
    for (s, kind, x), m in moves.items():
        if kind == "card" and (x not in best_seat or abs(m) > abs(moves[best_seat[x]])):
            best_seat[x] = (s, kind, x)
    ranked = sorted((abs(m) for k, m in moves.items() if abs(m) >= MIN_MOVE
                     and (k[1] == "void" or best_seat.get(k[2]) == k)), reverse=True)
    assert [abs(t.move) for t in told] == pytest.approx(ranked[:len(told)], abs=1e-12)
    # the card that told most: each card played by another seat weighed alone
    plays = play_evidence(view)
    for t in told:
        if t.by_card is None:
            continue
        key = (int(t.seat), t.kind, int(t.card) if t.kind == "card" else int(t.suit))
        alone = {}
        for d in plays:
            w = base.weights * play_likelihood(view, read.hands, DEFAULT_PLAY_MODEL, evidence=(d,))
            alone[(d.seat, d.card)] = direct_chances(read, w, view)[key]
        sign = np.sign(t.move)
        top = max(alone, key=lambda k: (alone[k] - before[key]) * sign)
        assert (int(t.by_seat), int(t.by_card)) == top and t.p_by == pytest.approx(alone[top], abs=1e-12)


def test_play_advice_tells_in_text_and_json_only_when_the_play_is_weighed():
    view = view_after(DUCKED)
    both = advise_play(view, worlds=300, seed=1, inference="both")
    assert both.told and "what the cards told:" in str(both)
    d = json.loads(json.dumps(both.to_dict()))
    assert d["told"] == json.loads(json.dumps(written([t.to_dict() for t in both.told])))
    assert d["told"][0]["text"] in str(both)
    auction = advise_play(view, worlds=300, seed=1)
    assert auction.told == () and "told" not in auction.to_dict() and "what the cards told" not in str(auction)
    # before any card by another seat there is nothing to tell
    lead = advise_play(view_after(["pass", "pass", "order", "9d", "partner"], "W"), worlds=100, seed=1,
                       inference="both")
    assert lead.told == () and lead.to_dict()["told"] == []


def test_told_text_names_the_bowers_and_partner():
    view = view_after(LATER)
    read = sample_worlds(view, worlds=300, seed=1, inference="both")
    told = what_the_cards_told(read, view, top=50)
    labels = {t.label for t in told}
    for t in told:
        if t.kind == "card" and t.card == Card.parse("Jh"):
            assert t.label == "the right bower (Jh)"
        if t.kind == "card" and t.card == Card.parse("Jd"):
            assert t.label == "the left bower (Jd)"
        assert t.text.startswith("partner (N)" if t.partner else str(t.seat))
    assert labels


@pytest.mark.parametrize("top", [0, 51, 2.5, True, "3"])
def test_a_bad_top_is_refused_naming_it(top):
    view = view_after(DUCKED)
    read = sample_worlds(view, worlds=50, seed=1, inference="both")
    with pytest.raises(ArgumentError, match="top"):
        what_the_cards_told(read, view, top=top)
