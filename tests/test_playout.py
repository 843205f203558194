"""The direct single-dummy valuation (``valuation="playout"``) against a slow, obviously correct playout.

The reference below is written from the rules and ``tests/reference.py`` (its double-dummy minimax) with
nothing from ``solver/``: on small views late in a hand it enumerates every world of the advised seat's
view, plays the card, and plays the rest out with every seat choosing by the mean over *every* world of
its own view (its hand, the cards played, the voids shown, the turned-down card) of its side's points
after each legal card (ties by tricks, then the lowest card: rank 9..A, then suit c d h s). The
playouts then have no sampling left, so the single-dummy value is exact and the solver's figures must
equal it.
"""
import itertools
from fractions import Fraction

import numpy as np
import pytest

import reference as ref
from solver import Method, Rules, advise_play
from solver.advisor.playout import choose_card, contract_hand, play_out, world_hand
from solver.cards import Card, format_cards
from solver.errors import ArgumentError, RulesError
from solver.game import Hand, Phase
from solver.match.duplicate import deal_of

SEATS = "NESW"


def _points(makers_tricks):
    return 2 if makers_tricks == 5 else 1 if makers_tricks >= 3 else -2     # -2: the makers euchred


def _side(seat):
    return "NS" if seat in "NS" else "EW"


def _key(card):
    return (ref.RANKS.index(card[0]), ref.SUITS.index(card[1]))


class Public:
    """The public record of a round-2 contract with partners: trump, makers, the turned-down card, the
    completed tricks and the trick under way, as ``(seat, card)`` in play order."""

    def __init__(self, trump, makers, turned, tricks, current):
        self.trump, self.makers, self.turned = trump, makers, turned
        self.tricks, self.current = tricks, current

    def played(self):
        return [c for t in self.tricks for _s, c in t] + [c for _s, c in self.current]

    def voids(self):
        out = {s: set() for s in SEATS}
        for t in self.tricks + [self.current]:
            if not t:
                continue
            led = ref.effective_suit(t[0][1], self.trump)
            for s, c in t[1:]:
                if ref.effective_suit(c, self.trump) != led:
                    out[s].add(led)
        return out


def worlds_of(seat, hand, sizes, pub):
    """Every placement of the cards ``seat`` cannot see into the other hands (``sizes``), respecting the
    voids shown; the kitty takes the rest (one placement each)."""
    pool = [c for c in ref.DECK if c not in hand and c not in pub.played() and c != pub.turned]
    voids = pub.voids()
    others = [s for s in SEATS if s != seat]
    out = []

    def deal(i, left, got):
        if i == len(others):
            out.append(dict(got))
            return
        s = others[i]
        ok = [c for c in left if ref.effective_suit(c, pub.trump) not in voids[s]]
        for pick in itertools.combinations(ok, sizes[s]):
            got[s] = list(pick)
            deal(i + 1, [c for c in left if c not in pick], got)
    deal(0, pool, {})
    for w in out:
        w[seat] = list(hand)
    return out


def _mover(pub):
    if pub.current:
        return SEATS[(SEATS.index(pub.current[-1][0]) + 1) % 4]
    return pub.leader


def _after(pub, seat, card, hands):
    """The public record and hands after ``seat`` plays ``card`` (a completed trick moves to ``tricks``)."""
    hands = {s: [c for c in h if c != card] for s, h in hands.items()}
    cur = pub.current + [(seat, card)]
    tricks, current = pub.tricks, cur
    nxt = Public(pub.trump, pub.makers, pub.turned, tricks, current)
    if len(cur) == 4:
        win = cur[ref.trick_winner([c for _s, c in cur], pub.trump)][0]
        nxt = Public(pub.trump, pub.makers, pub.turned, tricks + [cur], [])
        nxt.leader = win
    else:
        nxt.leader = getattr(pub, "leader", cur[0][0])
    return nxt, hands


def _won(pub, side):
    n = 0
    for t in pub.tricks:
        if _side(t[ref.trick_winner([c for _s, c in t], pub.trump)][0]) == side:
            n += 1
    return n


def dd_side_points(seat, card, hands, pub):
    """(points, tricks) for ``seat``'s side when it plays ``card`` and the rest is played double dummy."""
    nxt, h = _after(pub, seat, card, hands)
    side = _side(seat)
    if nxt.current:
        lead = nxt.current[0][0]
    else:
        lead = nxt.leader
    if any(h.values()) or nxt.current:
        res = ref.solve(h, pub.trump, lead, [c for _s, c in nxt.current])
        ns = res["NS"]
    else:
        ns = 0
    ns += _won(nxt, "NS")
    mine = ns if side == "NS" else 5 - ns
    makers_tricks = ns if pub.makers == "NS" else 5 - ns
    pts = _points(makers_tricks)
    return (pts if side == pub.makers else -pts), mine


class Reference:
    """Single-dummy play by full enumeration, each seat's choice memoised on what it knows."""

    def __init__(self):
        self.memo = {}
        self.inner_sizes = []

    def choose(self, seat, hands, pub):
        hand = sorted(hands[seat], key=_key)
        led = pub.current[0][1] if pub.current else None
        legal = sorted(ref.legal_cards(hand, pub.trump, led), key=_key)
        if len(legal) == 1:
            return legal[0]
        key = (seat, tuple(hand), tuple(tuple(t) for t in pub.tricks), tuple(pub.current))
        if key in self.memo:
            return self.memo[key]
        sizes = {s: len(hands[s]) for s in SEATS}
        inner = worlds_of(seat, hand, sizes, pub)
        self.inner_sizes.append(len(inner))
        best, best_key = None, None
        for c in legal:
            vals = [dd_side_points(seat, c, w, pub) for w in inner]
            k = (Fraction(sum(v[0] for v in vals), len(vals)), Fraction(sum(v[1] for v in vals), len(vals)))
            if best_key is None or k > best_key:
                best, best_key = c, k
        self.memo[key] = best
        return best

    def finish(self, hands, pub):
        """NS's total tricks when the rest is played out single dummy."""
        while any(hands.values()):
            s = _mover(pub)
            c = self.choose(s, hands, pub)
            pub, hands = _after(pub, s, c, hands)
        return _won(pub, "NS")

    def card_values(self, seat, hand, sizes, pub):
        """{card: (mean points, mean tricks)} of ``seat``'s side over every world of its view, each card
        followed by the single-dummy playout."""
        out = {}
        led = pub.current[0][1] if pub.current else None
        worlds = worlds_of(seat, hand, sizes, pub)
        for c in ref.legal_cards(hand, pub.trump, led):
            pts, tr = [], []
            for w in worlds:
                nxt, h = _after(pub, seat, c, w)
                ns = self.finish(h, nxt)
                mine = ns if _side(seat) == "NS" else 5 - ns
                mt = ns if pub.makers == "NS" else 5 - ns
                p = _points(mt)
                pts.append(p if _side(seat) == pub.makers else -p)
                tr.append(mine)
            out[c] = (Fraction(sum(pts), len(pts)), Fraction(sum(tr), len(tr)))
        return out, len(worlds)


def _public_of(h: Hand) -> Public:
    trick = [[(str(s), str(Card(c))) for s, c in zip(t.seats, t.cards)] for t in h.tricks]
    cur = [(str(s), str(Card(c))) for s, c in h.current_trick]
    pub = Public("cdhs"[int(h.trump)], "NS" if h.makers == 0 else "EW", str(h.upcard), trick, cur)
    pub.leader = str(h.leader)
    return pub


def _positions(count, max_worlds=400):
    """Round-2 contracts with partners, played at random to the fourth trick with its leader's card on the
    table, whose seat to play has at most ``max_worlds`` worlds (seeded: the same positions every run)."""
    rules = Rules()
    rng = np.random.default_rng(21)
    out = []
    i = 0
    while len(out) < count:
        i += 1
        cards, dealer = deal_of(21, i, rules)
        h = Hand(rules, dealer)
        h.apply(cards)
        for _ in range(4):
            h.apply("pass")
        suits = [a for a in h.legal_actions() if str(a).startswith("call")]
        h.apply(suits[int(rng.integers(len(suits)))])
        h.apply("partner")
        while len(h.tricks) < 3 or len(h.current_trick) < 1:
            la = h.legal_actions()
            h.apply(la[int(rng.integers(len(la)))])
        v = h.view(h.to_act)
        pub = _public_of(h)
        seat = str(h.to_act)
        hand = format_cards(v.hand).split()
        sizes = {s: int(n) for s, n in zip(SEATS, v.hand_sizes)}
        n = len(worlds_of(seat, hand, sizes, pub))
        led = pub.current[0][1]
        if n <= max_worlds and len(ref.legal_cards(hand, pub.trump, led)) > 1:
            out.append((h, v, pub, seat, hand, sizes))
    return out


@pytest.fixture(scope="module")
def positions():
    return _positions(3)


@pytest.mark.slow
def test_playout_equals_the_enumerated_single_dummy_value(positions):
    differs = 0
    for h, v, pub, seat, hand, sizes in positions:
        reference = Reference()
        want, n = reference.card_values(seat, hand, sizes, pub)
        assert max(reference.inner_sizes) <= 1000          # every inner view enumerated by the solver too
        got = advise_play(v, Method(valuation="playout", inner_worlds=1000, inference=False, seed=3))
        dd = advise_play(v, Method(valuation="double_dummy", inference=False, seed=3))
        assert got.exact and got.worlds == n and got.valuation == "playout"
        for c, (pts, tricks) in want.items():
            assert got[c].expected_points == pytest.approx(float(pts), abs=1e-12), (seat, c)
            assert got[c].expected_tricks == pytest.approx(float(tricks), abs=1e-12), (seat, c)
            differs += dd[c].expected_points != pytest.approx(float(pts), abs=1e-12)
    assert differs > 0          # the positions are ones where seeing the cards changes the value


def test_choose_card_is_pimc_over_the_views_worlds(positions):
    for h, v, pub, seat, hand, sizes in positions:
        reference = Reference()
        hands = {s: format_cards(h.holding(SEATS.index(s))).split() for s in SEATS}
        assert str(choose_card(v, 1000, seed=0)) == reference.choose(seat, hands, pub)


def test_world_hand_rebuilds_every_seats_view():
    rules = Rules()
    rng = np.random.default_rng(5)
    for i in range(20):
        cards, dealer = deal_of(5, i, rules)
        h = Hand(rules, dealer)
        h.apply(cards)
        stop = int(rng.integers(3, 18))
        while h.phase is not Phase.DONE and (h.phase is not Phase.PLAY or len(h.history) < stop):
            la = h.legal_actions()
            h.apply(la[int(rng.integers(len(la)))])
        if h.phase is not Phase.PLAY:
            continue
        for s in h.seats_in_play:
            v = h.view(s)
            w = world_hand(v, [h.holding(x) for x in range(4)], h.kitty, rng)
            assert w.view(s) == v


def test_play_out_is_seeded_and_plays_legal_cards():
    rules = Rules()
    cards, dealer = deal_of(7, 1, rules)
    hands = cards.hands
    lowest = min(c for c in range(24) if hands[int(dealer)] >> c & 1)
    h = contract_hand(hands, cards.kitty, int(cards.upcard), int(dealer), rules, int(cards.upcard) % 4,
                      (int(dealer) + 1) % 4, False, lowest)
    assert h.phase is Phase.PLAY and h.discard == Card(lowest)
    a = play_out(h, 10, seed=4)
    b = play_out(h, 10, seed=4)
    assert a.is_over and [t.cards for t in a.tricks] == [t.cards for t in b.tricks]
    with pytest.raises(ArgumentError, match="play phase|phase"):
        play_out(a, 10, 1)


@pytest.mark.parametrize("bad, match", [("triple_dummy", "unknown"), (3, "unknown")])
def test_unknown_valuation_is_named(positions, bad, match):
    v = positions[0][1]
    with pytest.raises(ArgumentError, match=match):
        advise_play(v, Method(valuation=bad))


@pytest.mark.parametrize("inner", [0, 1001, 2.5])
def test_inner_worlds_out_of_range(positions, inner):
    with pytest.raises(ArgumentError, match="inner_worlds"):
        advise_play(positions[0][1], Method(valuation="playout", inner_worlds=inner))


def test_dummy_hands_have_no_single_dummy_valuation():
    from solver.advisor.valuation import parse_valuation
    rules = Rules(players=2, dummy_hands=True)
    with pytest.raises(RulesError, match="valuation 'playout': does not cover the dummy-hands variant"):
        parse_valuation("playout", rules)
    assert parse_valuation(None, rules) == "double_dummy"
    assert parse_valuation("double-dummy", rules) == "double_dummy"
