"""Auction-aware worlds (issue 11, item 2): sample_worlds against an independent enumeration with the
model's likelihoods multiplied by hand, and views where the answer is plain to a player."""
import itertools
from math import comb

import numpy as np
import pytest

import solver
from solver import Rules
from solver.bidding import DEFAULT_MODEL, POINT_COUNT, dealer_discard
from solver.cards import Seat, cards_of, mask_of, parse_cards
from solver.game import Hand, Phase
from solver.inference import sample_worlds
from solver.worlds import popcount
from solver.laws import effective_suit, place_after_dealer


def late_hand(seed, calls, seat, tricks=3, rules=Rules(), dealer=Seat.S):
    """A real hand: deal ``seed``, the ``calls`` (actions), the dealer discarding its lowest card,
    no loner, the lowest legal card played for ``tricks`` tricks; the view of ``seat``."""
    h = Hand(rules, dealer=dealer)
    h.deal(rng=seed)
    for a in calls:
        h.apply(a)
    while h.phase is not Phase.PLAY:
        h.apply(h.legal_actions()[0] if h.phase is Phase.DISCARD else "partner")
    while len(h.tricks) < tricks:
        h.apply(h.legal_actions()[0])
    return h, h.view(seat)


def enumerate_by_hand(h, view, model):
    """Independent: every placement of the unseen cards, its weight the product of the model's
    likelihoods of the other seats' calls (dealt hand = cards held now + cards played; a dealer that
    picked up: summed over which kitty card was its discard, each by its chance under the discard rule)."""
    rules = h.rules
    seat, dealer, up = view.seat, view.dealer, h.upcard
    played = [0, 0, 0, 0]
    voids = [set(), set(), set(), set()]
    for t in h.tricks:
        led = effective_suit(t.cards[0], h.trump)
        for s, c in zip(t.seats, t.cards):
            played[s] |= c.mask
            if effective_suit(c, h.trump) != led:
                voids[s].add(led)
    others = [s for s in range(4) if s != seat]
    size = {s: 5 - bin(played[s]).count("1") for s in others}
    fixed = {s: 0 for s in others}
    fixed["kitty"] = 0
    if h.picked_up:
        if up.mask & played[dealer]:
            pass
        elif voids[dealer] and h.trump in voids[dealer]:
            fixed["kitty"] |= up.mask
        else:
            fixed[dealer] |= up.mask
    else:
        fixed["kitty"] |= up.mask
    gone = sum(played) | h.holding(seat) | fixed["kitty"] | sum(fixed[s] for s in others)
    unseen = [c for c in cards_of((1 << 24) - 1) if not gone & c.mask]
    need = {s: size[s] - bin(fixed[s]).count("1") for s in others}
    rows, weights = [], []
    first, second, third = others

    def ok(s, cards):
        return all(effective_suit(c, h.trump) not in voids[s] for c in cards)

    for a in itertools.combinations(unseen, need[first]):
        if not ok(first, a):
            continue
        rest = [c for c in unseen if c not in a]
        for b in itertools.combinations(rest, need[second]):
            if not ok(second, b):
                continue
            rest2 = [c for c in rest if c not in b]
            for c3 in itertools.combinations(rest2, need[third]):
                if not ok(third, c3):
                    continue
                kit = [c for c in rest2 if c not in c3]
                hands = [0, 0, 0, 0]
                hands[seat] = h.holding(seat)
                for s, cs in zip(others, (a, b, c3)):
                    hands[s] = mask_of(cs) | fixed[s]
                kitty = mask_of(kit) | fixed["kitty"]
                rows.append(tuple(hands) + (kitty,))
    table = np.array(rows, dtype=np.uint32)
    weights = np.ones(len(rows))
    made = 0
    dealer_calls = []
    for s, action in h.bids:
        rnd = 1 if made < 4 else 2
        made += 1
        if s == seat:
            continue
        kind, place = action.kind.value, place_after_dealer(s, dealer)
        suit = None if action.suit is None else int(action.suit)
        now = table[:, s] | np.uint32(played[s])
        if h.picked_up and s == dealer:
            dealer_calls.append((place, rnd, kind, suit))
        else:
            weights *= model.likelihood(now, place, rnd, int(up), kind, suit, False)
    if h.picked_up and dealer != seat:
        # which kitty card the dealer threw is unseen: each is a deal of its own, weighed by the calls on the
        # dealt hand it implies and by the chance of that discard (the rule 90%, else any of the six: 10% / 6)
        now = table[:, dealer] | np.uint32(played[dealer])
        for i, row in enumerate(rows):
            kit = int(row[4])
            total = 0.0
            for d in ([up] if kit & up.mask else cards_of(kit)):
                six = int(now[i]) | d.mask
                p = 0.9 * (int(dealer_discard(np.array([six], np.uint32), int(h.trump))[0]) == int(d)) + 0.1 / 6
                for place, rnd, kind, suit in dealer_calls:
                    p *= float(model.likelihood(np.array([six & ~up.mask], np.uint32), place, rnd, int(up), kind,
                                                suit, False)[0])
                total += p
            weights[i] *= total
    return rows, weights


@pytest.mark.slow
@pytest.mark.parametrize("seed, calls, seat", [
    (3, ["pass"] * 4 + ["pass", "call s"], Seat.W),            # round 2: N names spades
    (11, ["pass", "pass", "pass", "pass", "call h"], Seat.N),  # round 2: W (first to speak) names
    (5, ["pass", "pass", "order"], Seat.W),                    # round 1: E orders, the dealer S picks up
    (8, ["pass", "pass", "pass", "order"], Seat.N),            # round 1: the dealer S picks it up itself
])
def test_enumeration_matches_an_independent_one(seed, calls, seat):
    h, view = late_hand(seed, calls, seat)
    model = POINT_COUNT
    rows, weights = enumerate_by_hand(h, view, model)
    w = sample_worlds(view, worlds=100, seed=1, model=model)
    assert w.exact and w.method == "enumerated" and w.model == model.name
    got = {tuple(int(x) for x in r) + (int(k),): float(p) for r, k, p in zip(w.hands, w.kitty, w.weights)}
    want = dict(zip(rows, weights))
    assert set(got) == set(want) and len(got) == len(rows)
    for key, p in want.items():
        assert got[key] == pytest.approx(p, rel=1e-9)
    assert w.ess == pytest.approx(weights.sum() ** 2 / (weights ** 2).sum())
    assert weights.min() > 0                     # the floor: no possible deal has weight 0
    assert weights.max() / weights.min() > 5     # and the auction does weigh


@pytest.mark.slow
def test_sampled_marginals_match_the_enumeration():
    h, view = late_hand(3, ["pass"] * 4 + ["pass", "call s"], Seat.W, tricks=2)
    rows, weights = enumerate_by_hand(h, view, DEFAULT_MODEL)
    rows = np.array(rows, dtype=np.uint32)
    p = weights / weights.sum()
    w = sample_worlds(view, worlds=4000, seed=7, exact_limit=0)
    assert w.method == "rejection" and not w.exact and w.ess > 3000 and (w.weights >= 1).all()
    assert w.drawn > 4000
    worst = 0.0
    for s in (0, 1, 2):
        for c in cards_of(int(np.bitwise_or.reduce(rows[:, s]))):
            truth = float((p * ((rows[:, s] & np.uint32(c.mask)) != 0)).sum())
            est = w.probability(c.mask)[s]
            se = max(np.sqrt(truth * (1 - truth) / w.ess), 1e-3)
            worst = max(worst, abs(est - truth) / se)
    assert worst < 4.5                           # every card of every seat within ~4 standard errors


KW = dict(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s")
HEARTS = mask_of(parse_cards("9h Th Qh Kh Ah Jh Jd"))     # hearts trump: the left bower Jd is a heart


def test_a_maker_who_called_hearts_holds_a_heart():
    view = solver.seat_view(**KW, calls=["Pass"] * 5 + ["h"])   # N names hearts in round 2
    uniform = comb(11, 5) / comb(18, 5)          # 18 unseen, 7 hearts: N's five all from the other 11
    w = sample_worlds(view, worlds=20000, seed=3, exact_limit=0, max_proposals=20000)
    assert w.method == "importance"              # importance weights over 20,000 uniform proposals
    void = (w.hands[:, 0] & np.uint32(HEARTS)) == 0
    assert void.mean() == pytest.approx(uniform, abs=0.01)       # the proposals are uniform
    inferred = float((w.weights * void).sum() / w.weights.sum())
    assert 0 < inferred < uniform / 20
    assert w.weights[void].min() > 0             # the floor: a heartless maker is unlikely, not impossible
    off = sample_worlds(view, worlds=2000, seed=3, inference=False)
    assert off.model is None and (off.weights == 1).all()
    assert ((off.hands[:, 0] & np.uint32(HEARTS)) == 0).mean() == pytest.approx(uniform, abs=0.02)


def test_passing_round_one_with_the_right_bower_is_rarer_than_uniform():
    view = solver.seat_view(**KW, calls=["Pass"] * 4)
    js = mask_of(parse_cards("Js"))
    w = sample_worlds(view, worlds=4000, seed=5)
    off = sample_worlds(view, worlds=4000, seed=5, inference=False)
    assert off.probability(js)[Seat.N] == pytest.approx(5 / 18, abs=0.025)
    assert w.probability(js)[Seat.N] < 0.75 * 5 / 18       # N, the dealer's partner, would often have assisted
    assert w.method == "rejection" and w.drawn > 4000
    from solver.bidding import POINT_COUNT                   # the point count assists sooner (4 against 5.35)
    assert sample_worlds(view, worlds=4000, seed=5, model=POINT_COUNT).probability(js)[Seat.N] < 0.6 * 5 / 18


def test_seeds_bounds_and_input_forms():
    kw = dict(KW, calls=["Pass"] * 5 + ["h"])
    a = sample_worlds(**kw, worlds=300, seed=9)
    b = sample_worlds(solver.seat_view(**kw), worlds=300, seed=9)
    c = sample_worlds(dict(kw), worlds=300, seed=9)
    assert (a.hands == b.hands).all() and (a.hands == c.hands).all()
    assert (a.hands[:, 3] == mask_of(parse_cards(KW["hand"]))).all()
    assert sample_worlds(**kw, worlds=300, seed=10).hands.tolist() != a.hands.tolist()
    with pytest.raises(solver.ArgumentError, match="worlds 0"):
        sample_worlds(**kw, worlds=0)
    with pytest.raises(solver.RulesError, match="model"):
        sample_worlds(**kw, worlds=10, model="strong")
    with pytest.raises(solver.EuchreError, match="calls\\[1\\] 'x'"):
        sample_worlds(**dict(kw, calls=["Pass", "x"]), worlds=10)


def test_loner_partner_keeps_its_cards_and_play_hands_zeroes_them():
    h = Hand(Rules(), dealer=Seat.S)
    h.deal(rng=4)
    for a in ["pass", "order", "discard " + str(cards_of(h.holding(Seat.S) | h.upcard.mask)[0]), "alone"]:
        h.apply(a)
    view = h.view(Seat.E)                         # N ordered alone: S, the dealer, sits out
    w = sample_worlds(view, worlds=200, seed=1)
    assert Seat.S not in w.in_play
    assert (popcount(w.hands[:, Seat.S]) == 5).all()
    assert (w.hands[:, Seat.S] & np.uint32(h.upcard.mask)).all()     # the dealer holds what it picked up
    assert (w.play_hands()[:, Seat.S] == 0).all()


def test_two_player_and_dummy_hands():
    view = solver.seat_view(seat="N", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls=["Pass", "Pass", "Pass", "h"],
                            rules=Rules(players=2))
    w = sample_worlds(view, worlds=500, seed=2)
    assert w.model == DEFAULT_MODEL.name and (w.hands[:, [1, 3]] == 0).all()
    hearts_s = float((w.weights * ((w.hands[:, 2] & np.uint32(HEARTS)) != 0)).sum() / w.weights.sum())
    assert hearts_s > 0.95                        # S named hearts
    rules = Rules(players=2, dummy_hands=True)
    h = Hand(rules, dealer=Seat.S)
    h.deal(rng=1)
    h.apply("pass")
    d = sample_worlds(h.view(Seat.S), worlds=50, seed=1)
    assert d.model is None and d.exact and any("dummy-hands" in n for n in d.notes)


# -- the one sampler, draw_worlds, on its own --------------------------------------------------------------

def _two_player_round2_space():
    """Two-player, N to name a suit after S turned the 9s down (every placement enumerable: the exact
    reference), with the likelihood of S's and N's... passes: S passed round 1 under the point count."""
    from solver.advisor.inference import pass_likelihood
    from solver.worlds import bid_space
    rules = Rules(players=2)
    hand = mask_of(parse_cards("Tc Td As Ts Kd"))
    up = int(parse_cards("9s")[0])
    space = bid_space(hand, up, Seat.N, rules)

    def likelihood(hands, kitty):
        return pass_likelihood(POINT_COUNT, hands, 0, 2, 2, up, 2)
    return space, likelihood


def test_draw_worlds_rejection_matches_the_enumerated_weighted_mean():
    """Forced to sample (exact_limit 0), the rejection draw's weighted mean of a statistic agrees with the
    exact likelihood-weighted mean over every placement."""
    from solver.inference import draw_worlds
    space, likelihood = _two_player_round2_space()
    every = draw_worlds(space, 10, 1, exact_limit=space.total, likelihood=likelihood)
    assert every.method == "enumerated" and every.exact and len(every) == space.total
    spades = solver.worlds.suit_mask(3, None, joker=False)
    want = float((every.weights * popcount(every.hands[:, 2] & np.uint32(spades))).sum() / every.weights.sum())
    d = draw_worlds(space, 4000, 5, exact_limit=0, likelihood=likelihood)
    assert d.method == "rejection" and not d.exact and len(d) == 4000
    x = popcount(d.hands[:, 2] & np.uint32(spades))
    w = d.weights / d.weights.sum()
    got = float((w * x).sum())
    assert abs(got - want) < 4 * float(np.sqrt((w * (x - got) ** 2).sum())) / np.sqrt(d.ess)
    assert 0 < d.acceptance() <= 1 and d.kept >= len(d)


@pytest.mark.parametrize("worlds, pilot", [(4000, 100), (300, 20), (20, 20), (1, 1)])
def test_weighing_the_last_batch_only_as_far_as_needed_draws_the_same_worlds(worlds, pilot):
    """count_kept=False stops weighing a batch at its last needed acceptance: the same worlds, weights and
    likelihoods, the same proposals counted, the generator left in the same state; only the acceptances
    counted differ, and never below the worlds kept. The likelihood counts the proposals it is asked to weigh."""
    from solver.inference import draw_worlds
    space, likelihood = _two_player_round2_space()
    for seed in range(4):
        weighed = []

        def counting(hands, kitty):
            weighed.append(len(hands))
            return likelihood(hands, kitty)
        rng_all, rng_part = np.random.default_rng(seed), np.random.default_rng(seed)
        every = draw_worlds(space, worlds, rng_all, exact_limit=0, likelihood=likelihood, pilot=pilot)
        part = draw_worlds(space, worlds, rng_part, exact_limit=0, likelihood=counting, pilot=pilot,
                           count_kept=False)
        assert every.method == part.method == "rejection"
        assert np.array_equal(every.hands, part.hands) and np.array_equal(every.kitty, part.kitty)
        assert np.array_equal(every.weights, part.weights) and np.array_equal(every.likelihood, part.likelihood)
        assert every.drawn == part.drawn and every.ess == part.ess
        assert rng_all.random() == rng_part.random()
        assert len(part) <= part.kept <= every.kept
        assert sum(weighed) < every.drawn         # the point: fewer proposals weighed than drawn


def test_a_pilot_that_misses_the_largest_likelihood_still_draws_the_posterior():
    """The envelope is the pilot's largest likelihood; when a rare high-likelihood world is missed, the worlds
    above the envelope weigh max(1, L/M) and the weighted figures stay exact in expectation. S holding
    Jc Jd Jh (one deal in 81 uniformly) is 20 times likelier than the rest: 20% of the posterior. Pooled
    over 400 draws of 20 worlds (their pilots of 20 miss it 4 times in 5; a fifth of those then meet it)
    the weighted share matches, where unweighted rejection against the low envelope gives about 6%."""
    from solver.inference import draw_worlds
    space, _ = _two_player_round2_space()
    jacks = mask_of(parse_cards("Jc Jd Jh"))

    def likelihood(hands, kitty):
        return np.where((hands[:, 2] & np.uint32(jacks)) == jacks, 1.0, 0.05)

    every = draw_worlds(space, 10, 1, exact_limit=space.total, likelihood=likelihood)
    rare = (every.hands[:, 2] & np.uint32(jacks)) == jacks
    want = float(every.weights[rare].sum() / every.weights.sum())
    assert 0.15 < want < 0.25
    num = den = 0.0
    missed = weighted = 0
    for seed in range(400):
        d = draw_worlds(space, 20, seed, exact_limit=0, likelihood=likelihood, pilot=20)
        assert d.method == "rejection"
        hit = (d.hands[:, 2] & np.uint32(jacks)) == jacks
        num += float(d.weights[hit].sum())
        den += float(d.weights.sum())
        weighted += d.weighted
        missed += bool(d.weights.max() > 1)
    assert weighted == missed > 50          # draws that accepted a world above their envelope
    got = num / den
    assert abs(got - want) < 0.045, (got, want)      # about 3 standard errors (the weight-20 worlds are few)


def test_draw_worlds_uniform_is_space_draw_bit_for_bit():
    """Without a likelihood the sampler is Space.draw: the same worlds for an int seed and for a Generator."""
    from solver.inference import draw_worlds
    space, _ = _two_player_round2_space()
    for seed in (1, 7):
        d = draw_worlds(space, 300, seed, exact_limit=0)
        ref = space.draw(300, seed=seed, exact_limit=0)
        assert d.method == "uniform" and not d.weighted and d.ess == 300.0
        assert np.array_equal(d.hands, ref.hands) and np.array_equal(d.kitty, ref.kitty)
        g = draw_worlds(space, 300, np.random.default_rng(seed), exact_limit=0)
        assert np.array_equal(g.hands, ref.hands)


def test_draw_worlds_falls_back_to_importance_weights_at_the_bound():
    from solver.inference import draw_worlds
    space, likelihood = _two_player_round2_space()
    d = draw_worlds(space, 500, 2, exact_limit=0, likelihood=likelihood, max_proposals=600, pilot=100)
    assert d.method == "importance" and len(d) == 500 and d.kept < 500
    assert np.array_equal(d.weights, d.likelihood)
    assert np.allclose(d.weights, likelihood(d.hands, d.kitty), rtol=1e-12, atol=0)


@pytest.mark.slow
def test_the_bid_advisors_figures_match_its_former_sampler_in_distribution():
    """The bid advisor moved onto draw_worlds (weights max(1, L/M)) from unweighted rejection against a
    running maximum: the same posterior, so P(make) of every option of five positions agrees with the former
    rule's at 2,000 worlds (benchmarks/studies/inferred_bid_figures.py, which prints the table)."""
    import importlib.util
    from pathlib import Path
    path = Path(__file__).resolve().parents[1] / "benchmarks" / "studies" / "inferred_bid_figures.py"
    spec = importlib.util.spec_from_file_location("inferred_bid_figures", path)
    study = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(study)
    rows = study.compare(2000, 1, out=None)
    assert len(rows) == 23
    assert max(abs(r["z"]) for r in rows) < 3.5
    assert sum(abs(r["z"]) > 1.96 for r in rows) <= 4            # about 1 in 20 by chance
    assert solver.advisor.bid.draw_worlds is solver.inference.draw_worlds     # the study put it back


def test_draw_worlds_names_its_bad_arguments():
    from solver.errors import ArgumentError
    from solver.inference import draw_worlds
    space, likelihood = _two_player_round2_space()
    for kwargs, word in ((dict(space="N:Ac"), "space"), (dict(worlds=0), "worlds"), (dict(worlds=True), "worlds"),
                         (dict(exact_limit=-1), "exact_limit"), (dict(max_proposals=5), "max_proposals"),
                         (dict(pilot=0), "pilot"), (dict(likelihood=3), "likelihood"),
                         (dict(likelihood=lambda h, k: -np.ones(len(h))), "likelihood"),
                         (dict(likelihood=lambda h, k: np.full(len(h), np.nan)), "likelihood"),
                         (dict(likelihood=lambda h, k: np.ones(3)), "likelihood"),
                         (dict(likelihood=lambda h, k: np.zeros(len(h))), "likelihood: 0 for every")):
        args = {"space": space, "worlds": 50, "rng": 1, "exact_limit": 0, **kwargs}
        with pytest.raises(ArgumentError, match=word):
            draw_worlds(**args)
    # enumerated, a likelihood of 0 somewhere is fine (those worlds weigh nothing)
    d = draw_worlds(space, 10, 1, exact_limit=space.total, likelihood=lambda h, k: (h[:, 2] & 1).astype(float))
    assert d.method == "enumerated" and (d.weights == 0).any()


def test_the_fewest_worlds_still_leave_the_rejection_step_proposals():
    """At 10 worlds the budget is 2,000 proposals, the pilot's default size: the pilot takes at most half, so the
    auction's worlds are drawn by rejection (exact draws), not by importance weights on a few effective worlds."""
    from solver import sample_worlds, seat_view
    view = seat_view(seat="W", hand="Ac Kc 9c Qd Td", dealer="S", upcard="9s", calls="Pass Pass Pass Pass Pass h")
    for n in (10, 11, 19):
        w = sample_worlds(view, worlds=n, seed=1)
        assert w.method == "rejection" and len(w) == n, (n, w.method)
        assert w.ess > 0.9 * n
