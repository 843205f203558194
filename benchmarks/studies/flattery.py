"""How much double-dummy play flatters the makers: advise_play at the table against the double-dummy value.

Play advice (:func:`solver.advise_play`) values each card by solving the rest of the hand
double dummy in every world: after the card, everyone plays as if the cards were face up.
This script measures what that assumption is worth on random deals. Per deal (the deals of
:func:`solver.match.duplicate.deal_of`, four-player default rules):

1. the auction: every seat draws its call from the bidding model (:data:`solver.bidding.DEFAULT_MODEL`,
   the model the worlds are weighted by, so the inference is right about the bidders; the
   dealer discards by :func:`solver.bidding.dealer_discard`); deals thrown in are counted and skipped;
2. ``dd``: the makers' points when the contract, once fixed, is solved double dummy
   (:func:`solver.solve` of the position before the first lead: both sides play perfectly
   with every card face up);
3. ``advised``: the makers' points when every seat plays every card by ``advise_play``
   (``--worlds`` worlds a decision, inference on; a forced card is played without asking), so
   no seat sees a card it could not;
4. ``policy``: the same contract played by the policy agent's simple card rule, for scale;
5. ``forecast``: the first ``advise_play`` of the deal (usually the opening lead) says what it
   expects the makers to score after its card (double dummy in each of its worlds): that
   forecast against what the table then made is the flattery of the figures the advice prints.

Prints the mean of ``dd - advised`` (the flattery: positive when double dummy credits the
makers with more than the advice wins at a table where nobody sees the cards) with a 95%
t interval over the deals, and the same per contract kind (with partner / alone), and for
``dd - policy``; the share of deals where the two differ; the deals played and skipped.

    python3 benchmarks/studies/flattery.py [--deals 400] [--worlds 100] [--seed 1]
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Rules, solve                             # noqa: E402
from solver.game import CardPlayed                          # noqa: E402
from solver.laws import makers_points                       # noqa: E402
from solver import Method, advise_play                              # noqa: E402
from solver.match.agents import PolicyAgent                 # noqa: E402
from solver.bidding import DEFAULT_MODEL                     # noqa: E402
from solver.game import Phase                               # noqa: E402
from solver.laws import call_token, place_after_dealer      # noqa: E402
from solver.match.protocol import legal_tokens, turned_down  # noqa: E402
from solver.match.duplicate import deal_of                  # noqa: E402
from solver.match.referee import play_table                 # noqa: E402
from solver.stats import mean_interval                      # noqa: E402


class _Mixed:
    """Bids by drawing each call from the bidding model (:data:`solver.bidding.DEFAULT_MODEL`, seeded per
    deal, so both tables share the contract), discards by the policy agent, plays by ``player``."""

    def __init__(self, player):
        self.policy, self.player, self.sampler = PolicyAgent(), player, None

    def new_deal(self, seed):
        self.sampler = DEFAULT_MODEL.sampler(seed)
        if hasattr(self.player, "new_deal"):
            self.player.new_deal(seed)

    def bid(self, view):
        if view.phase is Phase.NAME_SUIT:
            return self.policy.bid(view)
        hand, players = np.array([view.hand], dtype=np.uint32), view.rules.players
        place = place_after_dealer(view.seat, view.dealer, players)
        if view.phase is Phase.BID1:
            bid, alone = self.sampler.round1(hand, place, int(view.upcard), players)
            return call_token("order", None, bool(alone[0])) if bid[0] else "pass"
        legal = legal_tokens(view, "bid")
        suit, alone = self.sampler.round2(hand, place, turned_down(view), "pass" not in legal, players)
        return call_token("call", int(suit[0]), bool(alone[0])) if suit[0] >= 0 else "pass"

    def discard(self, view):
        return self.policy.discard(view)

    def play(self, view):
        return self.player.play(view)


class _Advised:
    """Plays every card by ``advise_play`` (``worlds`` a decision, inference on) and keeps the first
    advice of the deal: its expected makers' points for the card it chose (the opening lead)."""

    def __init__(self, worlds: int):
        self.worlds, self.first, self.rng = worlds, None, np.random.default_rng(0)

    def new_deal(self, seed):
        self.first, self.rng = None, np.random.default_rng(seed)

    def play(self, view):
        legal = legal_tokens(view, "play")
        if len(legal) == 1:
            return legal[0]
        a = advise_play(view, Method(worlds=self.worlds, seed=int(self.rng.integers(1 << 31)), inference=True))
        if self.first is None:
            pts = a.recommended.expected_points
            self.first = pts if a.makers else -pts
        return str(a.best)


def dd_points(hand) -> int:
    """The makers' points of the finished ``hand``'s contract solved double dummy before the first lead."""
    first = next(i for i, r in enumerate(hand.history) if isinstance(r, CardPlayed))
    start = hand.at(first)
    r = solve(start.position())
    return makers_points(r.makers_tricks, hand.rules, start.alone is not None, start.defender_alone is not None)


def line(label, diffs):
    d = np.asarray(diffs, dtype=float)
    if d.size < 2:
        return f"{label:<32} {d.size:>6} deals"
    mean = float(d.mean())
    lo, hi = mean_interval(d, False)
    return (f"{label:<32} {d.size:>6} {mean:>+9.3f}  [{lo:+.3f}, {hi:+.3f}]  "
            f"differ {np.mean(d != 0):.1%}")


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--worlds", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    rules = Rules()
    advisor = _Advised(args.worlds)
    tables = {"advised": _Mixed(advisor), "policy": _Mixed(PolicyAgent())}
    rows = []        # (alone, dd, advised, policy, forecast) makers' points
    thrown = 0
    t0 = time.perf_counter()
    for i in range(args.deals):
        cards, dealer = deal_of(args.seed, i, rules)
        got = {}
        for name, agent in tables.items():
            agent.new_deal(int(np.random.SeedSequence([args.seed, i, 0x666c]).generate_state(1)[0]))
            hand, _points, forfeit = play_table(cards, dealer, rules, {s: agent for s in rules.seats}, None)
            if forfeit is not None:
                raise SystemExit(f"deal {i}: {name} forfeited: {forfeit.reason}")
            got[name] = hand
        r = got["advised"].result
        if r.thrown_in:
            thrown += 1
            continue
        assert got["policy"].result.maker == r.maker and got["policy"].result.trump == r.trump
        made = [makers_points(h.result.makers_tricks, rules, h.result.alone is not None,
                              h.result.defender_alone is not None) for h in (got["advised"], got["policy"])]
        forecast = np.nan if advisor.first is None else advisor.first
        rows.append((r.alone is not None, dd_points(got["advised"]), *made, forecast))
    secs = time.perf_counter() - t0
    a = np.array(rows, dtype=float).reshape(-1, 5)
    print(f"double-dummy flattery: {args.deals} random deals (seed {args.seed}), four-player default rules; "
          f"auction drawn from the bidding model; play by advise_play at {args.worlds} worlds a decision (inference on)")
    print(f"{len(a)} deals played, {thrown} thrown in; {secs:.0f} s")
    print(f"makers' points: double dummy {a[:, 1].mean():+.3f}, advise_play at the table {a[:, 2].mean():+.3f}, "
          f"policy play {a[:, 3].mean():+.3f}")
    print(f"{'difference (makers points)':<32} {'deals':>6} {'mean':>9}  95% interval")
    for kind, rows_ in (("all", a), ("with partner", a[a[:, 0] == 0]), ("alone", a[a[:, 0] == 1])):
        print(line(f"dd - advised, {kind}", rows_[:, 1] - rows_[:, 2]))
    for kind, rows_ in (("all", a), ("with partner", a[a[:, 0] == 0]), ("alone", a[a[:, 0] == 1])):
        print(line(f"dd - policy, {kind}", rows_[:, 1] - rows_[:, 3]))
    f = a[~np.isnan(a[:, 4])]
    print(f"the advice's own forecast at the first decision it made (its expected makers' points for the card "
          f"it chose, from that seat's worlds) against the points the table then made:")
    for kind, rows_ in (("all", f), ("with partner", f[f[:, 0] == 0]), ("alone", f[f[:, 0] == 1])):
        print(line(f"forecast - advised, {kind}", rows_[:, 4] - rows_[:, 2]))


if __name__ == "__main__":
    main()
