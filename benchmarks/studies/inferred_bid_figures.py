"""Do the bid advisor's auction-weighted figures stay the same in distribution on the one sampler?

The bid advisor used to draw its worlds with a rejection sampler of its own: a uniform proposal kept with
chance ``L / E``, ``L`` the likelihood of the earlier passes and ``E`` the largest ``L`` seen so far (an
envelope from a pilot of 1,000 proposals, raised when a later batch beat it), the kept worlds unweighted.
It now draws them with :func:`solver.inference.draw_worlds`, the sampler of play advice and the review: an
envelope ``M`` from a pilot of 2,000, kept with chance ``min(1, L/M)``, weighted ``max(1, L/M)``. Both
target the same posterior, so the figures may move by sampling noise only.

For each position (five hands, round 1 and 2, dealer and not) the advice is computed twice at the same
worlds and seed, every call on every world (``early_stop=False``): with the one sampler, and with the old
rule written out below (:func:`old_rule`, the reference, substituted for the sampler). Printed per option:
P(make) each way with its 95% Wilson interval, the difference in standard errors, and whether the two
intervals overlap; then the largest ``|z|`` and how many of the options differ by more than 1.96 (about
5% expected by chance).

    python3 benchmarks/studies/inferred_bid_figures.py [--worlds 2000] [--seed 1] [--json PATH]

A few seconds at 2,000 worlds on one core; ``tests/test_inference.py`` runs :func:`compare` and asserts
every ``|z|`` below 3.5. Figures at 2,000 worlds, seed 1: 23 options, largest ``|z|`` 1.76 (the dealer's
pass holding Jc Js Ac Kc 9h: old 0.134, new 0.153), none beyond 1.96, no two intervals apart.
"""
import argparse
import math
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402  first: checks which engine runs

import numpy as np                                 # noqa: E402

import solver.advisor.bid as bid                   # noqa: E402
from _common import advise_pieces                  # noqa: E402
from solver.inference import Draw, draw_worlds     # noqa: E402
from solver.worlds import Worlds                   # noqa: E402

#: (hand, upcard, seat, dealer, round): the README's and docs' hands and the golden file's
POSITIONS = [
    ("9d Ac Tc Kd Jd", "Kc", "N", "S", 1),
    ("Tc Td As Ts Kd", "9s", "N", "W", 2),
    ("9h 9s Ts Jc Qh", "Ks", "E", "N", 2),
    ("9d Ac Tc Kd Jd", "Qd", "N", "E", 1),
    ("Jc Js Ac Kc 9h", "Qc", "W", "W", 1),
]


def old_rule(space, worlds, rng, exact_limit=0, likelihood=None, max_proposals=None, pilot=1000):
    """The bid advisor's former sampler (main before the one sampler), as a reference: unweighted rejection
    against the running maximum of ``L``; enumerated and uniform worlds are the one sampler's."""
    if likelihood is None or space.total <= exact_limit:
        return draw_worlds(space, worlds, rng, exact_limit, likelihood)
    rng = np.random.default_rng(rng)
    cap = 100 * worlds
    hands, kitty, liks = [], [], []
    drawn = kept = 0
    envelope = 0.0
    while kept < worlds and drawn < cap:
        rate = kept / drawn if drawn else 1.0
        k = min(cap - drawn, max(pilot if not drawn else 64, math.ceil((worlds - kept) / max(rate, 0.01) * 1.1)))
        batch = space.sample(k, rng)
        lik = likelihood(batch.hands, batch.kitty)
        envelope = max(envelope, float(lik.max()))
        keep = rng.random(k) * envelope < lik
        hands.append(batch.hands[keep])
        kitty.append(batch.kitty[keep])
        liks.append(lik[keep])
        drawn += k
        kept += int(keep.sum())
    n = min(kept, worlds)
    w = Worlds(np.ascontiguousarray(np.concatenate(hands)[:n]), np.ascontiguousarray(np.concatenate(kitty)[:n]),
               False, space.total)
    return Draw(w, np.ones(n), np.concatenate(liks)[:n], "rejection", drawn, kept, float(n))


def figures(position, worlds, seed, sampler):
    hand, up, seat, dealer, rnd = position
    real = bid.draw_worlds
    bid.draw_worlds = sampler
    try:
        a = advise_pieces(hand, up, seat, dealer, rnd, worlds=worlds, seed=seed, early_stop=False, robust_delta=None)
    finally:
        bid.draw_worlds = real
    return {o.call: (o.p_make, o.p_make_interval, o.worlds) for o in a.options}, a.recommended.call


def compare(worlds: int, seed: int, out=print) -> list:
    """One row per option of every position: ``{"position", "call", "old": [p, low, high], "new": [...], "z",
    "overlap"}`` (P(make) and its Wilson interval each way); ``out`` prints the table (``None``: silent)."""
    out = out or (lambda *a: None)
    rows = []
    for pos in POSITIONS:
        new, rec_new = figures(pos, worlds, seed, draw_worlds)
        old, rec_old = figures(pos, worlds, seed, old_rule)
        out(f"{pos[0]} upcard {pos[1]} seat {pos[2]} dealer {pos[3]} round {pos[4]}: recommended old "
            f"{rec_old}, new {rec_new}")
        for call in new:
            (pn, (ln, hn), nn), (po, (lo, ho), no) = new[call], old[call]
            se = math.sqrt(pn * (1 - pn) / nn + po * (1 - po) / no)
            z = (pn - po) / se if se > 0 else 0.0
            overlap = not (hn < lo or ho < ln)
            out(f"  {call:14s} old {po:.3f} [{lo:.3f}, {ho:.3f}]  new {pn:.3f} [{ln:.3f}, {hn:.3f}]  "
                f"z {z:+.2f}{'' if overlap else '  intervals apart'}")
            rows.append({"position": list(pos), "call": call, "old": [po, lo, ho], "new": [pn, ln, hn], "z": z,
                         "overlap": overlap})
    return rows


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--worlds", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=1)
    _common.add_json_argument(parser)
    args = parser.parse_args()
    rows = compare(args.worlds, args.seed)
    zs = [r["z"] for r in rows]
    beyond = sum(abs(z) > 1.96 for z in zs)
    print(f"{len(zs)} options: largest |z| {max(abs(z) for z in zs):.2f}; {beyond} beyond 1.96 "
          f"({beyond / len(zs):.0%}; about 5% by chance); intervals apart: {sum(not r['overlap'] for r in rows)}")
    _common.report(args, {"options": rows, "beyond_1_96": beyond, "max_abs_z": max(abs(z) for z in zs)})


if __name__ == "__main__":
    main()
