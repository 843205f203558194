"""Fit the single-dummy correction (solver/data/single-dummy-v2.json; v1 with --model) against direct playouts.

Per deal (the deals of :func:`solver.match.duplicate.deal_of`, four-player default rules) a random
contract: round 1 or 2 (even chances), a random maker, a loner with chance 1/5, trump the upcard's
suit (round 1; the dealer picks up and throws by :func:`solver.bidding.dealer_discard`) or, in round 2,
the maker's longest other suit with chance 3/4 (as a bidder would name), else one of the three. The contract is then

1. solved double dummy before the first lead (the makers' tricks and band), and
2. played out by :func:`solver.advisor.playout.play_out`'s seats (each card by PIMC over
   ``--inner`` uniform worlds of that seat's view); at the start of every trick the position is solved
   double dummy too (for the card-advice table).

With ``--play agents`` every card is played instead by the rollout's seats (:class:`solver.match.agents.AdvisorAgent`
at every seat, ``--agent-worlds`` a decision, each from its own view and reading the auction): the fit of
``single-dummy-v4``, the correction against the rollout's card play rather than PIMC seats'.

With ``--questions N`` it also plays out N of the advisor's own questions (:func:`one_question`: a
random deal, seat, round and call, the advisor's worlds for it with the earlier passes weighed, each
world valued double dummy and by direct playout), so the fit also sees the worlds it is used on.

Fits (:mod:`solver.advisor.single_dummy`): per double-dummy band, a multinomial logit of the
single-dummy band on the contract's features (``--model single-dummy-v2``: ``FEATURES_V2``, the maker's
own hand and the round x strength term too; ``single-dummy-v1``: ``FEATURES``) by scipy's L-BFGS on the
penalised log-likelihood, L2 ``--l2`` (comma-separated candidates: the one of the best held-out
log-likelihood is kept, all recorded); and the table of single-dummy tricks by double-dummy tricks, tricks left and alone (counts
plus one pseudo-count on the double-dummy value). Deals (and questions) with index % 5 == 0 are held out;
on them it prints, by class of the contract, the mean double-dummy points, the playouts' points, the
fitted expectation, and the paired differences (double dummy - playout: the flattery before;
fitted - playout: after) with 95% t intervals, and writes the same into the data's provenance.
``--compare`` prints instead, for each candidate feature set (:data:`CANDIDATES`) and L2, the held-out
log-likelihood and error by the flattery study's classes, on the deals and the questions: how v2's
features were chosen.

The samples (``--samples``, ``--question-samples``) keep each contract's hands at the first lead, maker,
trump and leader, so a refit with other features needs no playing; samples saved before they did are
completed from (seed, index) where the code still draws the same contracts (checked against the saved
features; the questions' worlds are the advisor's and change with it, so old question samples must be
played again).

    python3 benchmarks/tools/derive_single_dummy.py --deals 20000 --questions 600 [--question-worlds 40] [--inner 20]
        [--play pimc|agents] [--agent-worlds 20]
        [--processes 1] [--seed 1] [--model single-dummy-v2] [--l2 0.3,1,3,10] [--compare]
        [--out solver/data/single-dummy-v2.json] [--samples samples.npz] [--from-samples samples.npz]
        [--question-samples q.npz] [--from-question-samples q.npz]
        [--cluster ADDRESS]

``--cluster`` runs the playouts on a Dask cluster (``dask.distributed``), as the corpus review does;
``--processes`` on local processes. Progress shows with tqdm on a terminal.
"""
import argparse
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
from scipy.optimize import minimize

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Method, Rules, dd                                           # noqa: E402
from solver.advisor.playout import INNER_WORLDS, choose_card, contract_hand     # noqa: E402
from solver.advisor.single_dummy import BANDS, FEATURES, FEATURES_V2, FEATURES_V3, FEATURES_V5, contract_features  # noqa: E402
from solver.bidding import dealer_discard                                       # noqa: E402
from solver.game import Phase                                                   # noqa: E402
from solver.match.duplicate import deal_of                                      # noqa: E402
from solver.stats import mean_interval                                          # noqa: E402

RULES = Rules()
#: Each fit's features, by its name (``--model``).
MODEL_FEATURES = {"single-dummy-v1": FEATURES, "single-dummy-v2": FEATURES_V2, "single-dummy-v3": FEATURES_V3,
                  "single-dummy-v4": FEATURES_V3, "single-dummy-v5": FEATURES_V5}
PTS = {False: np.array([-2, -2, -2, 1, 1, 2]), True: np.array([-2, -2, -2, 1, 1, 4])}


def strength_classes(mine, rnd, alone) -> list:
    """The flattery study's classes, ``[(label, mask), ...]``: the maker's own trumps at the first lead (one or
    none, two, three or more) by round, then the loners; ``mine``, ``rnd``, ``alone`` arrays (n,)."""
    mine, rnd, alone = np.asarray(mine), np.asarray(rnd), np.asarray(alone, bool)
    return [(f"{lab}, round {r}", m & ~alone & (rnd == r)) for r in (1, 2)
            for lab, m in (("1 trump or none", mine <= 1), ("2 trumps", mine == 2), ("3+ trumps", mine >= 3))] + \
        [("loners", alone)]


def band_of(tricks):
    t = np.asarray(tricks)
    return np.where(t < 3, 0, np.where(t < 5, 1, 2))


def deal_contract(seed, i):
    """Deal ``i``'s random contract, ready to play: (the hand at the first lead, round, maker, trump, alone).

    Deterministic in (seed, i), without playing: :func:`one_deal` plays it out, and ``--add-hands`` rebuilds
    what older samples lack from it."""
    cards, dealer = deal_of(seed, i, RULES)
    rng = np.random.default_rng(np.random.SeedSequence([seed, i, 0x5344]))
    d, up = int(dealer), int(cards.upcard)
    rnd = 1 + int(rng.integers(2))
    maker = int(rng.integers(4))
    alone = bool(rng.random() < 0.2)
    if rnd == 2:      # mostly the maker's longest suit (ties at random), as a bidder would name
        allowed = [s for s in range(4) if s != up % 4]
        mine = cards.hands[maker]
        lengths = [bin(mine & int(_trump_mask(s))).count("1") + rng.random() for s in allowed]
        trump = allowed[int(np.argmax(lengths))] if rng.random() < 0.75 else allowed[int(rng.integers(3))]
    if rnd == 1:
        trump = up % 4
        six = np.array([cards.hands[d] | (1 << up)], dtype=np.uint32)
        keep = None if RULES.dealer_may_discard_upcard else up
        discard = int(dealer_discard(six, trump, keep)[0])
    else:
        discard = None
    h = contract_hand(cards.hands, cards.kitty, up, d, RULES, trump, maker, alone, discard)
    return h, rnd, maker, trump, alone


def play_hands(h):
    """uint32 (1, 4): the hands in play of a contract's hand ``h`` (0 for a seat sitting out)."""
    return np.array([[h.holding(s) if s in h.seats_in_play else 0 for s in range(4)]], dtype=np.uint32)


def one_deal(args):
    """(features (8,), dd makers' tricks, [dd tricks at trick starts 1..5], sd makers' tricks, class info,
    raw (hands at the first lead uint32 (4,), maker, trump, leader))."""
    seed, i, inner = args[:3]
    agent_worlds = args[3] if len(args) > 3 else 0
    h, rnd, maker, trump, alone = deal_contract(seed, i)
    agents = None
    if agent_worlds:      # --play agents: the rollout's card play (advisor agents, each from its own view)
        from solver.cards import Seat
        from solver.match.agents import AdvisorAgent
        from solver.rollout import agent_seed
        agents = {Seat(s): AdvisorAgent(method=Method(worlds=agent_worlds, seed=agent_seed(seed, i, s))) for s in range(4)}
    hands = play_hands(h)
    feats = contract_features(hands, trump, maker, alone, rnd == 1, int(h.leader))[0]
    maker_trumps = bin(h.holding(maker) & int(_trump_mask(trump))).count("1")
    raw = (hands[0], maker, trump, int(h.leader))
    starts = []
    step = 0
    while h.phase is Phase.PLAY:
        if not h.current_trick:
            starts.append(int(dd.solve(h.position()).makers_tricks))
        seat = h.to_act
        seed_k = int(np.random.SeedSequence([seed, i, step, 0x706C]).generate_state(1)[0])
        if agents is not None:
            h.apply(agents[seat].play(h.view(seat)))
        else:
            h.apply(f"play {choose_card(h.view(seat), inner, seed_k)}")
        step += 1
    return feats, starts[0], starts, int(h.result.makers_tricks), (rnd, alone, maker_trumps), raw


def one_question(args):
    """One advisor question's worlds: per world (features (8,), dd makers' tricks (band), playout makers' tricks),
    the question's class (round, alone, the advised seat's trumps in the suit it calls) and the raw contracts.

    ``args``: (seed, q, inner, worlds) for the ``q``-th random question (:func:`random_question`), or
    (seed, q, inner, worlds, spec) for a question already drawn (``spec``: :func:`class_questions`). The
    worlds are the advisor's own (:func:`solver.advise` with that call: uniform over the seat's view, kept
    by the chance of the earlier passes under the bidding model), and each is valued by the advisor's engine
    double dummy and by direct playout (``valuation="playout"``), the dealer discarding by the stated rule."""
    seed, q, inner, worlds = args[:4]
    spec = args[4] if len(args) > 4 and args[4] is not None else random_question(seed, q)
    agent_worlds = args[5] if len(args) > 5 else 0
    got = question_worlds(spec, worlds)
    if got is None:       # earlier passes too unlikely under the model to advise on (or a stuck dealer): none
        return (np.zeros((0, len(FEATURES))), np.zeros(0, np.int64), np.zeros(0, np.int64), (0, False, 0),
                (np.zeros((0, 4), np.uint32), 0, 0, 0))
    w, dd_eng, config, side, rows, qseed, (rnd, alone, mine), raw = got
    from solver.advisor.engine import Engine
    po_eng = Engine(w, dd_eng.seat, dd_eng.dealer, dd_eng.upcard, RULES, 1, valuation="playout",
                    seed=qseed, inner_worlds=inner)
    if agent_worlds:
        po_eng.hand_player = lambda h, _inner, seed_h: agent_makers_tricks(h, agent_worlds, seed_h)
    ddt = dd_eng.dd_tricks(config, side, rows)
    pot = po_eng.playout_tricks(config, side, rows)
    hands, maker, trump, leader = raw
    feats = contract_features(hands, trump, maker, alone, rnd == 1, leader)
    return feats, ddt, pot, (rnd, alone, mine), raw


def agent_makers_tricks(h, agent_worlds, seed):
    """The makers' tricks of contract hand ``h`` played to its end by the rollout's agents
    (:class:`~solver.match.agents.AdvisorAgent` at every seat on ``agent_worlds`` worlds a decision, each from
    its own view, seeded by :func:`solver.rollout.agent_seed` from ``seed``): ``--play agents``."""
    from solver.cards import Seat
    from solver.match.agents import AdvisorAgent
    from solver.rollout import agent_seed, play_on
    agents = {Seat(s): AdvisorAgent(method=Method(worlds=agent_worlds, seed=agent_seed(seed, 0, s))) for s in range(4)}
    return int(play_on(h, agents[h.to_act], agents).result.makers_tricks)


def random_question(seed, q):
    """The ``q``-th random question (deterministic in (seed, q)): (hand, upcard, seat, dealer, round, call token,
    advice seed). A random deal, seat and dealer, round 1 or 2, and a call of the seat (round 1: order up,
    alone with chance 1/5; round 2: its longest other suit with chance 3/4, else one at random)."""
    cards, dealer = deal_of(seed + 7, q, RULES)
    rng = np.random.default_rng(np.random.SeedSequence([seed, q, 0x5155]))
    d, up = int(dealer), int(cards.upcard)
    seat = int(rng.integers(4))
    rnd = 1 + int(rng.integers(2))
    alone = bool(rng.random() < 0.2)
    hand = int(cards.hands[seat])
    if rnd == 1:
        trump = up % 4
    else:
        allowed = [x for x in range(4) if x != up % 4]
        lengths = [bin(hand & int(_trump_mask(x))).count("1") + rng.random() for x in allowed]
        trump = allowed[int(np.argmax(lengths))] if rng.random() < 0.75 else allowed[int(rng.integers(3))]
    token = ("order" if rnd == 1 else f"call {'cdhs'[trump]}") + (" alone" if alone else "")
    return hand, up, seat, d, rnd, token, int(rng.integers(1 << 31))


def class_questions(seed, per_class):
    """``per_class`` questions of each class of the flattery study (``benchmarks/studies/single_dummy_flattery.py``,
    its ``CLASSES`` and ``questions``: a deal, a seat, and a call of that class of the maker's hand), drawn
    at seeds ``1000 * seed + k`` for class ``k`` (the study's own runs use seeds 7 to 14: other deals), as
    specs of :func:`question_worlds`; so the fit sees the calls the study measures, in equal numbers (its
    pass classes left out: a pass is the later seats' contracts, not a call of the seat's own)."""
    from studies.single_dummy_flattery import CLASSES, questions
    from solver.cards import mask_of, parse_cards
    specs = []
    for k, (_label, rnd, alone, trumps) in enumerate(CLASSES):
        if trumps is None:           # the study's pass classes: no contract of the seat's own to fit
            continue
        for q, (hand, up, seat, dealer, token) in enumerate(questions(1000 * seed + k, rnd, alone, trumps,
                                                                      per_class)):
            qseed = int(np.random.SeedSequence([seed, k, q, 0x4351]).generate_state(1)[0] >> 1)
            specs.append((mask_of(parse_cards(hand)), int(parse_cards(up)[0]), "NESW".index(seat),
                          "NESW".index(dealer), rnd, token, qseed))
    return specs


def question_worlds(spec, worlds):
    """A question's setup without playing (deterministic in its spec: (hand bits, upcard, seat, dealer, round,
    call token, advice seed)): (the advisor's worlds, the double-dummy engine on them, the call's
    configuration, the makers' side, the rows, the playout seed, the class (round, alone, the advised seat's
    trumps before any pickup), raw (hands at the first lead uint32 (n, 4), maker seat, trump, first leader));
    ``None`` where the advisor will not advise (earlier passes too unlikely under the model, or a stuck
    dealer)."""
    from _common import advise_pieces
    from solver.advisor.engine import Engine
    from solver.cards import format_cards
    from solver.errors import EuchreError
    hand, up, seat, d, rnd, token, qseed = spec
    alone = token.endswith(" alone")
    trump = up % 4 if rnd == 1 else "cdhs".index(token.split()[1])
    try:
        a = advise_pieces(format_cards(hand), format_cards(1 << up), "NESW"[seat], "NESW"[d], rnd, worlds=worlds,
                   seed=qseed, calls=[token], valuation="double_dummy", robust_delta=None)
    except EuchreError:
        return None
    w = a.drawn
    rows = np.arange(len(w))
    side = seat % 2
    pickup = "h" if rnd == 1 else None
    dd_eng = Engine(w, seat, d, up, RULES, 1)
    config = dd_eng.config(trump, seat if alone else -1, pickup)
    mine = bin(hand & int(_trump_mask(trump))).count("1")
    raw = (dd_eng._play_hands(config, rows), seat, trump, dd_eng._setup(config)[0])
    return w, dd_eng, config, side, rows, qseed, (rnd, alone, mine), raw


def run_questions(seed, count, inner, worlds, processes, cluster, per_class=0, agent_worlds=0):
    """Every question played out: ``count`` random ones (:func:`random_question`), then ``per_class`` of each
    of the flattery study's classes (:func:`class_questions`); question ids in that order. ``agent_worlds``
    (``--play agents``): played by the rollout's agents at that many worlds a decision instead of PIMC."""
    jobs = [(seed, q, inner, worlds, None, agent_worlds) for q in range(count)]
    jobs += [(seed, count + k, inner, worlds, spec, agent_worlds)
             for k, spec in enumerate(class_questions(seed, per_class))]
    count = len(jobs)
    from tqdm import tqdm
    bar = dict(total=count, disable=not sys.stderr.isatty(), desc="questions", unit="question")
    if cluster:
        from dask.distributed import Client
        client = Client(cluster)
        futures = client.map(one_question, jobs, pure=False)
        return [f.result() for f in tqdm(futures, **bar)]
    if processes > 1:
        from multiprocessing import Pool
        with Pool(processes) as pool:
            return list(tqdm(pool.imap(one_question, jobs, chunksize=2), **bar))
    return [one_question(j) for j in tqdm(jobs, **bar)]


def _trump_mask(trump):
    from solver.advisor.single_dummy import trump_mask
    return trump_mask(trump)


def run(seed, deals, inner, processes, cluster, agent_worlds=0):
    jobs = [(seed, i, inner, agent_worlds) for i in range(deals)]
    from tqdm import tqdm
    bar = dict(total=deals, disable=not sys.stderr.isatty(), desc="playouts", unit="deal")
    if cluster:
        from dask.distributed import Client, as_completed
        client = Client(cluster)
        futures = client.map(one_deal, jobs, pure=False)
        index = {f.key: k for k, f in enumerate(futures)}
        out = [None] * deals
        for f in tqdm(as_completed(futures), **bar):
            out[index[f.key]] = f.result()
        return out
    if processes > 1:
        from multiprocessing import Pool
        with Pool(processes) as pool:
            return list(tqdm(pool.imap(one_deal, jobs, chunksize=8), **bar))
    return [one_deal(j) for j in tqdm(jobs, **bar)]


def fit_band_model(X, dd_band, sd_band, l2):
    """(3, 3, p) coefficients: per dd band a multinomial logit (reference: euchred) of sd_band on X."""
    p = X.shape[1]
    coef = np.zeros((3, 3, p))
    for b in range(3):
        sel = dd_band == b
        x, y = X[sel], sd_band[sel]
        onehot = np.eye(3)[y]

        def nll(theta):
            B = np.vstack([np.zeros(p), theta.reshape(2, p)])
            z = x @ B.T
            z = z - z.max(axis=1, keepdims=True)
            lse = np.log(np.exp(z).sum(axis=1))
            pr = np.exp(z - lse[:, None])
            loss = -(onehot * (z - lse[:, None])).sum() + l2 * (theta ** 2).sum()
            grad = ((pr - onehot)[:, 1:].T @ x).reshape(-1) + 2 * l2 * theta
            return loss, grad
        r = minimize(nll, np.zeros(2 * p), jac=True, method="L-BFGS-B")
        coef[b, 1:] = r.x.reshape(2, p)
    return coef


def expected_points(coef, X, dd_band, alone):
    from solver.advisor.single_dummy import softmax_rows
    z = np.einsum("nkf,nf->nk", coef[dd_band], X)
    pr = softmax_rows(z)
    pts = np.column_stack([np.full(len(X), -2.0), np.ones(len(X)), np.where(alone, 4.0, 2.0)])
    return (pr * pts).sum(axis=1)


def trick_table(starts, sd, alone):
    counts = np.zeros((2, 5, 6, 6))
    for s, t, a in zip(starts, sd, alone):
        for k, ddt in enumerate(s):          # k tricks complete: 5 - k left
            counts[int(a), 4 - k, ddt, t] += 1
    counts += np.eye(6)[None, None]          # one pseudo-count on the double-dummy value
    return counts / counts.sum(axis=3, keepdims=True), counts


def interval_row(label, d):
    d = np.asarray(d, dtype=float)
    lo, hi = mean_interval(d, False) if d.size > 1 else (float("nan"), float("nan"))
    return {"class": label, "deals": int(d.size), "mean": float(d.mean()) if d.size else float("nan"),
            "interval": [float(lo), float(hi)]}


def features_of(raw_hands, maker, trump, alone, rnd, leader, features):
    """float (n, p): ``features`` of each sample from its raw contract (hands at the first lead (n, 4),
    maker seat, trump, alone, round, first leader: arrays (n,)), one contract at a time."""
    out = np.empty((len(raw_hands), len(features)))
    if not len(raw_hands):
        return out
    keys = np.stack([maker, trump, alone.astype(int), rnd, leader], axis=1)
    groups, inverse = np.unique(keys, axis=0, return_inverse=True)
    for g, (m, t, a, r, lead) in enumerate(groups):
        sel = np.flatnonzero(inverse.ravel() == g)
        out[sel] = contract_features(raw_hands[sel], int(t), int(m), bool(a), r == 1, int(lead), features)
    return out


def rebuild_deal_raw(seed, index, X):
    """The raw contracts (hands uint32 (n, 4), maker, trump, leader) of saved deal samples that lack them,
    rebuilt from (seed, index) without playing (:func:`deal_contract`); checked against the saved v1 features
    ``X`` (a mismatch: the code that drew them has changed, and the samples must be played again)."""
    hands = np.zeros((len(index), 4), dtype=np.uint32)
    maker, trump, leader = (np.zeros(len(index), dtype=np.int64) for _ in range(3))
    for k, i in enumerate(index):
        h, rnd, m, t, alone = deal_contract(seed, int(i))
        hands[k] = play_hands(h)[0]
        maker[k], trump[k], leader[k] = m, t, int(h.leader)
        if not np.array_equal(contract_features(hands[k:k + 1], t, m, alone, rnd == 1, int(h.leader))[0], X[k]):
            raise SystemExit(f"deal {i}: the rebuilt contract's features differ from the saved ones")
    return hands, maker, trump, leader


def rebuild_question_raw(seed, qid, worlds, X):
    """As :func:`rebuild_deal_raw` for saved question samples (per world; :func:`question_worlds`)."""
    parts = []
    for q in np.unique(qid):
        got = question_worlds(random_question(seed, int(q)), worlds)
        n = int((qid == q).sum())
        if got is None or len(got[7][0]) != n:
            raise SystemExit(f"question {q}: the rebuilt worlds differ from the saved ones")
        hands, m, t, lead = got[7]
        parts.append((hands, np.full(n, m), np.full(n, t), np.full(n, lead)))
    hands, maker, trump, leader = (np.concatenate([p[j] for p in parts]) for j in range(4))
    order = np.argsort(qid, kind="stable")
    if not np.array_equal(order, np.arange(len(qid))):
        raise SystemExit("question samples are not in question order")
    return hands, maker, trump, leader


def load_question_samples(paths):
    """The question samples of one or more ``--question-samples`` files, concatenated: (X, dd, sd, question id,
    round, alone, the maker's trumps, raw contracts, worlds a question). Each file's question ids are moved past
    the previous ones by a multiple of 5, so the held-out questions (id % 5 == 0) stay those of each file."""
    parts, offset, worlds = [], 0, None
    for path in paths:
        z = np.load(path, allow_pickle=False)
        if worlds is not None and int(z["worlds"]) != worlds:
            raise SystemExit(f"{path}: {int(z['worlds'])} worlds a question, the others {worlds}")
        worlds = int(z["worlds"])
        qid = z["question"]
        if "hands" in z:
            raw = z["hands"], z["maker"], z["trump"], z["leader"]
        else:
            raw = rebuild_question_raw(int(z["seed"]), qid, worlds, z["X"])
        parts.append((z["X"], z["dd"], z["sd"], qid + offset, z["round"], z["alone"], z["mine"], *raw))
        offset += -(-(int(qid.max()) + 1) // 5) * 5 if len(qid) else 0
    cat = [np.concatenate([p[j] for p in parts]) for j in range(11)]
    return (*cat[:7], tuple(cat[7:]), worlds)


def log_likelihood(coef, X, dd_band, sd_band):
    """The mean log-likelihood a sample of the single-dummy bands under a fit's coefficients."""
    from solver.advisor.single_dummy import softmax_rows
    pr = softmax_rows(np.einsum("nkf,nf->nk", coef[dd_band], X))
    return float(np.log(pr[np.arange(len(sd_band)), sd_band]).mean())


#: Feature sets ``--compare`` weighs against each other (v1's, v1 with each group of v2's additions, v2's).
CANDIDATES = {
    "v1": FEATURES,
    "v1 + own trumps": FEATURES + FEATURES_V2[8:9],
    "v1 + own trumps, bowers": FEATURES + FEATURES_V2[8:10],
    "v1 + own trumps, bowers, partner": FEATURES + FEATURES_V2[8:11],
    "v1 + those, round 2 x makers": FEATURES + FEATURES_V2[8:12],
    "v1 + those, round 2 x own": FEATURES + FEATURES_V2[8:13],
    "v2 (v1 + those, own off aces)": FEATURES_V2,
    "v3 (v2 + two trumps, both rounds)": FEATURES_V3,
    "v3 + makers' sure tricks": FEATURES_V3 + FEATURES_V5[-3:-2],
    "v3 + sure tricks, alone x sure": FEATURES_V3 + FEATURES_V5[-3:-1],
    "v5 (v3 + sure, alone x sure, alone x trumps)": FEATURES_V5,
}


def compare(raw, qraw, samples, l2s):
    """Print, per candidate feature set (:data:`CANDIDATES`) and L2, the held-out log-likelihood (deals,
    questions) and the held-out mean of (fitted - playout) points by the study's classes (deals: per deal;
    questions: per question, then over the questions)."""
    (alone, rnd, mtr, ddt, sd, held), (qalone, qrnd, qmine, qdd, qsd, qid, qheld) = samples
    pts_sd = np.where(alone, PTS[True][sd], PTS[False][sd])
    q_sd = np.where(qalone, PTS[True][qsd], PTS[False][qsd])
    print("held-out (fitted - playout) by class; deals then | questions; LL: mean log-likelihood a sample")
    for name, feats in CANDIDATES.items():
        X = features_of(raw[0], raw[1], raw[2], alone, rnd, raw[3], feats)
        qX = features_of(qraw[0], qraw[1], qraw[2], qalone, qrnd, qraw[3], feats)
        for l2 in l2s:
            coef = fit_band_model(np.concatenate([X[~held], qX[~qheld]]),
                                  np.concatenate([band_of(ddt)[~held], band_of(qdd)[~qheld]]),
                                  np.concatenate([band_of(sd)[~held], band_of(qsd)[~qheld]]), l2)
            cells = [f"{name:<34} L2 {l2:<4g}"]
            if held.any():            # no deals (--deals 0): the questions' columns only
                ll = log_likelihood(coef, X[held], band_of(ddt)[held], band_of(sd)[held])
                pred = expected_points(coef, X, band_of(ddt), alone)
                cells += [f"LL {ll:.4f}"] + [f"{np.mean(pred[m & held] - pts_sd[m & held]):+.3f}"
                                             for _, m in strength_classes(mtr, rnd, alone)]
            if len(qid):
                cells.append(f"| LL {log_likelihood(coef, qX[qheld], band_of(qdd)[qheld], band_of(qsd)[qheld]):.4f}")
                qpred = expected_points(coef, qX, band_of(qdd), qalone)
                for _, m in strength_classes(qmine, qrnd, qalone):
                    ids = np.unique(qid[m & qheld])
                    cells.append(f"{np.mean([np.mean(qpred[m & (qid == k)] - q_sd[m & (qid == k)]) for k in ids]):+.3f}"
                                 if ids.size else "   n/a")
            print(" ".join(cells), flush=True)
    print("classes: " + ", ".join(lab for lab, _ in strength_classes(mtr, rnd, alone)))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6000)
    ap.add_argument("--inner", type=int, default=INNER_WORLDS)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--processes", type=int, default=1)
    ap.add_argument("--cluster", default=None, help="a Dask scheduler's address (dask.distributed)")
    ap.add_argument("--l2", default="1", help="the L2 penalty, or comma-separated candidates: the one of "
                                                "the best held-out log-likelihood is kept (default 1)")
    ap.add_argument("--model", default="single-dummy-v2", choices=tuple(MODEL_FEATURES),
                    help="the fit's name and features: v1 (FEATURES), v2 (FEATURES_V2; the default) or v3 "
                         "(FEATURES_V3)")
    ap.add_argument("--class-questions", type=int, default=0,
                    help="also this many questions of each class of the flattery study (class_questions)")
    ap.add_argument("--trick-table-from", default=None, metavar="MODEL",
                    help="take the card-advice trick table from this shipped fit instead of counting it from "
                         "the deals (needed with --deals 0: the band model fitted on questions alone)")
    ap.add_argument("--out", default=None, help="default solver/data/<model>.json")
    ap.add_argument("--samples", default=None, help="save the playouts' samples here (.npz)")
    ap.add_argument("--from-samples", default=None, help="fit from saved samples instead of playing")
    ap.add_argument("--questions", type=int, default=0,
                    help="also this many advisor questions (their own worlds, each played out): see one_question")
    ap.add_argument("--question-worlds", type=int, default=40, help="worlds per question (default 40)")
    ap.add_argument("--play", choices=("pimc", "agents"), default="pimc",
                    help="who plays the cards after the call: pimc (every seat by PIMC over --inner uniform "
                         "worlds, the fits up to v3) or agents (the rollout's advisor agents at every seat, "
                         "each from its own view and reading the auction, at --agent-worlds a decision)")
    ap.add_argument("--agent-worlds", type=int, default=20, help="--play agents: worlds an agent decision")
    ap.add_argument("--question-samples", default=None, help="save the questions' samples here (.npz)")
    ap.add_argument("--from-question-samples", default=None, help="fit from saved question samples (comma-separated files: concatenated)")
    ap.add_argument("--compare", action="store_true",
                    help="print the held-out log-likelihood and class errors of each candidate feature set "
                         "(CANDIDATES) at each --l2, write nothing")
    args = ap.parse_args(argv)
    features = MODEL_FEATURES[args.model]
    agent_worlds = args.agent_worlds if args.play == "agents" else 0
    if args.deals == 0 and not args.from_samples and not args.trick_table_from:
        ap.error("--deals 0 fits no trick table: name one with --trick-table-from")
    args.out = args.out or str(_common.ROOT / f"solver/data/{args.model}.json")
    l2s = [float(x) for x in str(args.l2).split(",")]
    _common.require_checkout(args.out)   # shipped data must come from the code beside it
    t0 = time.perf_counter()
    if args.from_samples:
        z = np.load(args.from_samples, allow_pickle=False)
        X, ddt, sd, rnd, alone, mtr, starts = (z["X"], z["dd"], z["sd"], z["round"], z["alone"], z["maker_trumps"],
                                               [list(r[r >= 0]) for r in z["starts"]])
        args.seed, args.inner = int(z["seed"]), int(z["inner"])
        if "play" in z:                  # samples of the agents' play say so (older ones are PIMC's)
            args.play, args.agent_worlds = str(z["play"]), int(z["agent_worlds"])
            agent_worlds = args.agent_worlds if args.play == "agents" else 0
        index = z["index"]
        if "hands" in z:
            raw = z["hands"], z["maker"], z["trump"], z["leader"]
        else:       # samples saved before the raw contracts were: rebuilt (no playing), checked against X
            raw = rebuild_deal_raw(args.seed, index, X)
    else:
        got = run(args.seed, args.deals, args.inner, args.processes, args.cluster, agent_worlds)
        X = np.array([g[0] for g in got]).reshape(len(got), len(FEATURES))
        ddt = np.array([g[1] for g in got], dtype=np.int64)
        starts = [g[2] for g in got]
        sd = np.array([g[3] for g in got], dtype=np.int64)
        rnd = np.array([g[4][0] for g in got], dtype=np.int64)
        alone = np.array([g[4][1] for g in got], dtype=bool)
        mtr = np.array([g[4][2] for g in got], dtype=np.int64)
        index = np.arange(len(got))
        raw = (np.array([g[5][0] for g in got], dtype=np.uint32).reshape(len(got), 4),
               *(np.array([g[5][j] for g in got], dtype=np.int64) for j in (1, 2, 3)))
    if args.samples:
        pad = np.full((len(sd), 5), -1)
        for k, s in enumerate(starts):
            pad[k, :len(s)] = s
        np.savez(args.samples, X=X, dd=ddt, sd=sd, round=rnd, alone=alone, maker_trumps=mtr, starts=pad,
                 seed=args.seed, inner=args.inner, index=index, play=args.play, agent_worlds=agent_worlds, hands=raw[0], maker=raw[1], trump=raw[2],
                 leader=raw[3])
    # the advisor's questions: per world features, dd and playout tricks; the question's index and class
    qX = np.zeros((0, len(FEATURES)))
    qdd = qsd = qid = qrnd = qalone = qmine = np.zeros(0, dtype=np.int64)
    qraw = (np.zeros((0, 4), np.uint32), *(np.zeros(0, np.int64) for _ in range(3)))
    if args.from_question_samples:
        qX, qdd, qsd, qid, qrnd, qalone, qmine, qraw, args.question_worlds = \
            load_question_samples(args.from_question_samples.split(","))
    elif args.questions or args.class_questions:
        got = run_questions(args.seed, args.questions, args.inner, args.question_worlds, args.processes, args.cluster,
                            args.class_questions, agent_worlds)
        qX = np.concatenate([g[0] for g in got])
        qdd = np.concatenate([g[1] for g in got]).astype(np.int64)
        qsd = np.concatenate([g[2] for g in got]).astype(np.int64)
        qid = np.concatenate([np.full(len(g[1]), k) for k, g in enumerate(got)])
        qrnd = np.concatenate([np.full(len(g[1]), g[3][0]) for g in got])
        qalone = np.concatenate([np.full(len(g[1]), g[3][1]) for g in got]).astype(bool)
        qmine = np.concatenate([np.full(len(g[1]), g[3][2]) for g in got])
        qraw = (np.concatenate([g[4][0] for g in got]).astype(np.uint32),
                *(np.concatenate([np.full(len(g[1]), g[4][j]) for g in got]).astype(np.int64) for j in (1, 2, 3)))
    if args.question_samples and len(qid):
        np.savez(args.question_samples, X=qX, dd=qdd, sd=qsd, question=qid, round=qrnd, alone=qalone, mine=qmine,
                 worlds=args.question_worlds, seed=args.seed, inner=args.inner, play=args.play,
                 agent_worlds=agent_worlds, hands=qraw[0], maker=qraw[1],
                 trump=qraw[2], leader=qraw[3])
    secs = time.perf_counter() - t0
    held = index % 5 == 0
    fit = ~held
    qheld = qid % 5 == 0
    dd_band, sd_band = band_of(ddt), band_of(sd)
    qalone = qalone.astype(bool)
    if args.compare:
        return compare(raw, qraw, ((alone.astype(bool), rnd, mtr, ddt, sd, held),
                                   (qalone, qrnd, qmine, qdd, qsd, qid, qheld)), l2s)
    # the fit's columns, from the raw contracts (the saved X holds v1's only)
    X = features_of(raw[0], raw[1], raw[2], alone.astype(bool), rnd, raw[3], features)
    qX = features_of(qraw[0], qraw[1], qraw[2], qalone, qrnd, qraw[3], features)
    fitX = np.concatenate([X[fit], qX[~qheld]])
    fit_dd = np.concatenate([dd_band[fit], band_of(qdd)[~qheld]])
    fit_sd = np.concatenate([sd_band[fit], band_of(qsd)[~qheld]])
    heldX = np.concatenate([X[held], qX[qheld]])
    held_dd = np.concatenate([dd_band[held], band_of(qdd)[qheld]])
    held_sd = np.concatenate([sd_band[held], band_of(qsd)[qheld]])
    l2_ll = []
    for l2 in l2s:
        c = fit_band_model(fitX, fit_dd, fit_sd, l2)
        l2_ll.append((log_likelihood(c, heldX, held_dd, held_sd), l2, c))
        print(f"L2 {l2:g}: held-out log-likelihood {l2_ll[-1][0]:.5f} a sample ({len(held_sd)} samples)")
    held_ll, args.l2, coef = max(l2_ll, key=lambda r: r[0])
    if args.trick_table_from:      # the card table of a shipped fit, as it is (its counts from its own deals)
        shipped = json.loads((_common.ROOT / f"solver/data/{args.trick_table_from}.json").read_text())["trick_table"]
        table, counts = np.array(shipped["probabilities"]), np.array(shipped["counts"])
    else:
        table, counts = trick_table([starts[k] for k in np.flatnonzero(fit)], sd[fit], alone[fit])

    pts_dd = np.where(alone, PTS[True][ddt], PTS[False][ddt])
    pts_sd = np.where(alone, PTS[True][sd], PTS[False][sd])
    pred = expected_points(coef, X, dd_band, alone)
    alone = alone.astype(bool)
    classes = [("all", np.ones(len(sd), bool)), ("maker 1 trump or none", (mtr <= 1) & ~alone),
               ("maker 2 trumps", (mtr == 2) & ~alone), ("maker 3+ trumps", (mtr >= 3) & ~alone),
               ("round 1", (rnd == 1) & ~alone), ("round 2", (rnd == 2) & ~alone), ("loners", alone)]
    # the flattery study's classes: the maker's own trumps (at the first lead) by round
    classes += strength_classes(mtr, rnd, alone)[:-1]            # its loners are the "loners" row above
    report = []
    print(f"single-dummy fit: {len(sd)} deals (seed {args.seed}), playouts at {args.inner} inner worlds a decision; "
          f"{fit.sum()} fitted, {held.sum()} held out (index % 5 == 0); {secs:.0f} s")
    print(f"{'held-out class':<24} {'deals':>6} {'dd':>7} {'playout':>8} {'fitted':>7}  "
          f"{'dd - playout':>22}  {'fitted - playout':>22}")
    for label, m in classes:
        m = m & held
        if m.sum() < 2:
            continue
        before = interval_row(label, pts_dd[m] - pts_sd[m])
        after = interval_row(label, pred[m] - pts_sd[m])
        report.append({"class": label, "deals": int(m.sum()), "double_dummy": float(pts_dd[m].mean()),
                       "playout": float(pts_sd[m].mean()), "fitted": float(pred[m].mean()),
                       "flattery_before": [before["mean"], *before["interval"]],
                       "flattery_after": [after["mean"], *after["interval"]]})
        print(f"{label:<24} {m.sum():>6} {pts_dd[m].mean():>+7.3f} {pts_sd[m].mean():>+8.3f} {pred[m].mean():>+7.3f}  "
              f"{before['mean']:+.3f} [{before['interval'][0]:+.3f}, {before['interval'][1]:+.3f}]  "
              f"{after['mean']:+.3f} [{after['interval'][0]:+.3f}, {after['interval'][1]:+.3f}]")
    qreport = []
    if len(qid):
        qpts = {False: np.array([-2, -2, -2, 1, 1, 2]), True: np.array([-2, -2, -2, 1, 1, 4])}
        q_dd = np.where(qalone, qpts[True][qdd], qpts[False][qdd])
        q_sd = np.where(qalone, qpts[True][qsd], qpts[False][qsd])
        q_fit = expected_points(coef, qX, band_of(qdd), qalone)
        qclasses = [("all", np.ones(len(qid), bool))] + strength_classes(qmine, qrnd, qalone)
        print(f"advisor questions: {len(np.unique(qid))} questions x {args.question_worlds} worlds (the advisor's own "
              f"worlds, earlier passes weighed), held out: question % 5 == 0; 95% t intervals over the questions")
        print(f"{'held-out class':<26} {'quest.':>6} {'worlds':>6} {'dd':>7} {'playout':>8} {'fitted':>7}  "
              f"{'dd - playout':>22}  {'fitted - playout':>22}")
        for label, m in qclasses:
            m = m & qheld
            ids = np.unique(qid[m])
            if ids.size < 2:
                continue
            per = np.array([[q_dd[m & (qid == k)].mean(), q_sd[m & (qid == k)].mean(), q_fit[m & (qid == k)].mean()]
                            for k in ids])
            before = interval_row(label, per[:, 0] - per[:, 1])
            after = interval_row(label, per[:, 2] - per[:, 1])
            qreport.append({"class": label, "questions": int(ids.size), "worlds": int(m.sum()),
                            "double_dummy": float(per[:, 0].mean()), "playout": float(per[:, 1].mean()),
                            "fitted": float(per[:, 2].mean()),
                            "flattery_before": [before["mean"], *before["interval"]],
                            "flattery_after": [after["mean"], *after["interval"]]})
            print(f"{label:<26} {ids.size:>6} {m.sum():>6} {per[:, 0].mean():>+7.3f} {per[:, 1].mean():>+8.3f} "
                  f"{per[:, 2].mean():>+7.3f}  {before['mean']:+.3f} [{before['interval'][0]:+.3f}, "
                  f"{before['interval'][1]:+.3f}]  {after['mean']:+.3f} [{after['interval'][0]:+.3f}, "
                  f"{after['interval'][1]:+.3f}]")
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent).stdout.strip() or None
    data = {
        "name": args.model,
        "version": int(args.model[-1]),
        "inner_worlds": args.inner,
        "rules": "four players, default Rules() (no joker, no dummy hands)",
        "band_model": {
            "what": "per double-dummy band of the makers (euchred, made, march), a multinomial logit of the "
                    "single-dummy band: P(band k) = softmax_k(coefficients[dd_band, k] . features); row 0 "
                    "(euchred) is the reference",
            "bands": list(BANDS), "features": list(features), "coefficients": coef.tolist(), "l2": args.l2,
            "held_out_log_likelihood": held_ll, "l2_candidates": [[r[1], r[0]] for r in l2_ll],
        },
        "trick_table": {
            "what": "probabilities[alone][tricks_left - 1][dd_tricks][sd_tricks]: the makers' single-dummy "
                    "tricks of the hand given their double-dummy tricks at a trick's start (counts plus one "
                    "pseudo-count on the double-dummy value)",
            "probabilities": table.tolist(), "counts": counts.astype(int).tolist(),
        },
        "provenance": {
            "script": "benchmarks/tools/derive_single_dummy.py",
            "command": "python3 benchmarks/tools/derive_single_dummy.py " + " ".join(argv if argv is not None
                                                                                else sys.argv[1:]),
            "commit": commit,
            "date": datetime.date.today().isoformat(),
            "deals": int(len(sd)), "seed": args.seed, "fitted": int(fit.sum()), "held_out": int(held.sum()),
            "deals_source": "solver.match.duplicate.deal_of(seed, i), i < deals; a random contract per deal "
                            "(round 1 or 2 evenly, a random maker, alone with chance 1/5; round 1: the upcard's "
                            "suit, the dealer throws by dealer_discard; round 2: the maker's longest other suit "
                            "with chance 3/4, else one of the three at random)",
            "playout": ("solver.advisor.playout: every card by PIMC over inner_worlds uniform worlds of the "
                        "seat's own view" if args.play == "pimc" else
                        "the rollout's card play (solver.rollout): every card by solver.match.agents.AdvisorAgent "
                        f"at every seat, each from its own view and reading the auction, at {args.agent_worlds} "
                        "worlds a decision"),
            "play": args.play, "agent_worlds": agent_worlds or None,
            "held_out_error": report,
            "trick_table_from": args.trick_table_from,
            "questions": {"count": int(len(np.unique(qid))), "worlds_each": args.question_worlds,
                          "random": args.questions, "per_class": args.class_questions,
                          "source": "advisor questions (derive_single_dummy.one_question): `random` of a random "
                                    "deal, seat, round and call (random_question), then `per_class` of each class "
                                    "of the flattery study (class_questions: its CLASSES and questions at seeds "
                                    "1000 * seed + class); the advisor's own worlds for each (earlier passes "
                                    "weighed); each world valued double dummy and by direct playout; questions "
                                    "with index % 5 == 0 held out",
                          "held_out_error": qreport},
        },
    }
    Path(args.out).write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
