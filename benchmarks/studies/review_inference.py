"""How the review's flagged information-set mistakes change with inference on against off (issue 11.7).

Over every shared EGN game (tests/data/egn; vwec-finals-annotated.egn is the same game as
vwec-finals.egn and is skipped), each deal is reviewed three ways at the same seed and worlds:

* off: ``review_deal(..., inference=False)``: uniform worlds, calls by the point count (the first version);
* on: ``review_deal(...)``: auction-aware worlds, calls by ``solver.advise``'s defaults, a close decision
  judged again at up to 4x the worlds;
* on, no extra draws: ``confirm=1``.

A flag is one information-set mistake, named by (game, deal, seat, decision, where, card or call).
Printed: the flags off and on; how many agree (flagged both ways), appear (on only) and disappear (off
only); the wall time per deal each way (one core, threads=1). Then stability: the same reviews at a
second seed; a flag is stable when both seeds raise it, and the share of stable flags (Jaccard:
both / either) is printed with and without the extra draws.

    python3 benchmarks/studies/review_inference.py [--worlds 200] [--seeds 1 2]

Figures at 200 worlds, seeds 1 and 2 (10 games, 74 deals; one core shared with other work):
information-set flags off 84, on 72: 52 agree, 20 appear, 32 disappear; time per deal off
0.05 s, on 0.39 s (0.26 s without the extra draws). Raised at both seeds: on 66 of 82 (80%),
on without extra draws 58 of 82 (71%), off 65 of 104 (62%).
"""
import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402,F401  first: checks which engine runs

from solver import Method, load_egn                   # noqa: E402
from solver.review import INFORMATION_SET, review_deal  # noqa: E402

SKIP = {"vwec-finals-annotated.egn"}


def flags(game, name, worlds, seed, **how):
    """(set of flag keys, seconds, deals) for one game reviewed one way."""
    out, start = set(), time.perf_counter()
    for i in range(len(game.deals)):
        confirm = how.get("confirm")            # the review's own option; the rest are Method members
        members = {k: v for k, v in how.items() if k != "confirm"}
        d = review_deal(game, i, method=Method(worlds=worlds, seed=seed, examples=3, **members), confirm=confirm)
        for m in d.mistakes:
            if m.kind == INFORMATION_SET:
                out.add((name, i, str(m.seat), m.decision, m.where, m.played))
    return out, time.perf_counter() - start, len(game.deals)


def run(games, worlds, seed, **how):
    keys, secs, deals = set(), 0.0, 0
    for name, g in games:
        k, s, n = flags(g, name, worlds, seed, **how)
        keys |= k
        secs += s
        deals += n
    return keys, secs, deals


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--seeds", type=int, nargs=2, default=(1, 2))
    args = ap.parse_args()
    games = [(p.name, load_egn(p)) for p in sorted((ROOT / "tests" / "data" / "egn").glob("*.egn"))
             if p.name not in SKIP]
    s1, s2 = args.seeds
    off, t_off, deals = run(games, args.worlds, s1, inference=False)
    on, t_on, _ = run(games, args.worlds, s1)
    print(f"{len(games)} games, {deals} deals, {args.worlds} worlds per decision, seed {s1}")
    print(f"information-set flags: off {len(off)}, on {len(on)}; agree {len(off & on)}, "
          f"appear {len(on - off)}, disappear {len(off - on)}")
    for k in sorted(on - off):
        print("  appears:   ", *k)
    for k in sorted(off - on):
        print("  disappears:", *k)
    print(f"time per deal: off {t_off / deals:.2f} s, on {t_on / deals:.2f} s")
    on_b, _, _ = run(games, args.worlds, s2)
    once_a, t_once, _ = run(games, args.worlds, s1, confirm=1)
    once_b, _, _ = run(games, args.worlds, s2, confirm=1)
    off_b, _, _ = run(games, args.worlds, s2, inference=False)

    def stable(a, b):
        both, either = len(a & b), len(a | b)
        return f"{both} of {either} flags raised at both seeds ({both / either:.0%})" if either else "no flags"

    print(f"stability across seeds {s1} and {s2}:")
    print(f"  on, close decisions drawn again (up to 4x): {stable(on, on_b)}")
    print(f"  on, no extra draws (confirm=1):             {stable(once_a, once_b)}  "
          f"[{t_once / deals:.2f} s per deal]")
    print(f"  off:                                        {stable(off, off_b)}")


if __name__ == "__main__":
    main()
