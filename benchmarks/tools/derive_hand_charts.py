"""Derive the hand charts (solver/data/hand-charts-v2.json): every call of every seat in a large solved set.

For each deal of :func:`solver.match.duplicate.deal_of` (seed, i), ``i < --deals`` (four players, default
rules), every call open to every seat is solved double dummy before the first lead:

* round 1: the upcard's suit ordered up, the dealer picking up and throwing by
  :func:`solver.bidding.dealer_discard` (unless the dealer is the one sitting out: then the upcard takes no
  part), with the partner (one position for both seats of a side) and alone (one position per loner);
* round 2: each of the three other suits, with the partner and alone.

That is 24 positions a deal (6 in round 1, 18 in round 2), each searched for its scoring band only
(``solver.solve_batch(bands=True)``, one zero-window pair a row), vectorised over the deals of a chunk that
share the dealer and trump. Each call is filed by the caller's class (:mod:`solver.charts`: round, seat from the
dealer's left, alone, and the caller's trumps, bowers, off-suit aces and voids at the first lead) and counted
twice: the double-dummy band, and the chance of each band under single-dummy play from the shipped fitted
model (:func:`solver.advisor.single_dummy.default_model`'s ``band_probabilities`` from the double-dummy band
and the contract's features, within ``band_bounds``: the advisor's own single-dummy valuation, its chances
instead of its draw). Classes with fewer than ``--min-calls`` calls are left out of the data.

    nice -n 5 python3 benchmarks/tools/derive_hand_charts.py --deals 200000 [--processes 2] [--seed 1]
        [--chunk 5000] [--min-calls 100] [--out solver/data/hand-charts-v2.json] [--cluster ADDRESS]

``--cluster`` runs the chunks on a Dask cluster (``dask.distributed``); ``--processes`` on local processes.
The run's cost (wall clock, CPU and search time, positions searched) goes into the data's provenance.
"""
from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))   # benchmarks/, for _common
import _common                                    # noqa: E402  first: checks which engine runs

from solver import Rules, dd, laws                                              # noqa: E402
from solver.advisor.single_dummy import DEFAULT_NAME, band_bounds, default_model  # noqa: E402
from solver.bidding import dealer_discard                                       # noqa: E402
from solver.cardtables import CARD_BITS                                         # noqa: E402
from solver.charts import BOWERS, CLASS_COUNT, ChartClass, class_index, holding_classes  # noqa: E402
from solver.match.duplicate import deal_of                                      # noqa: E402

RULES = Rules()
assert RULES.dealer_may_discard_upcard   # the default: the dealer may throw any of its six (no card kept)
#: Columns of one chunk's sums per class: calls, then each band's count double dummy and chance single dummy.
#: The data's name and version: v2 values the calls by the default fit single-dummy-v6 (v1, by v3).
NAME, VERSION = "hand-charts-v2", 2
SUMS = ("calls", "dd_euchred", "dd_made", "dd_march", "sd_euchred", "sd_made", "sd_march")


def deals(seed: int, start: int, stop: int) -> tuple:
    """Deals ``start`` .. ``stop - 1``: hands uint32 (n, 4), upcard int64 (n,), dealer int64 (n,)."""
    hands, up, dealer = [], [], []
    for i in range(start, stop):
        cards, d = deal_of(seed, i, RULES)
        hands.append(cards.hands)
        up.append(int(cards.upcard))
        dealer.append(int(d))
    return np.array(hands, dtype=np.uint32), np.array(up, dtype=np.int64), np.array(dealer, dtype=np.int64)


def solve_chunk(job) -> tuple:
    """One chunk ``(seed, start, stop)``: (sums float (len(SUMS), CLASS_COUNT), positions searched, seconds in
    the search, CPU seconds of the chunk)."""
    seed, start, stop = job
    cpu0 = time.process_time()
    model = default_model()
    hands, up, dealer = deals(seed, start, stop)
    sums = np.zeros((len(SUMS), CLASS_COUNT))
    searched, search_s = 0, 0.0
    for d in range(4):
        for rnd in (1, 2):
            for t in range(4):
                sel = (dealer == d) & ((up % 4 == t) if rnd == 1 else (up % 4 != t))
                if not sel.any():
                    continue
                base = hands[sel]
                picked = base
                if rnd == 1:     # the dealer picks up and throws by the stated heuristic
                    six = base[:, d] | CARD_BITS[up[sel]]
                    picked = base.copy()
                    picked[:, d] = six & ~CARD_BITS[dealer_discard(six, t)]
                for loner in (-1, 0, 1, 2, 3):
                    if loner < 0:
                        play, in_play, leader = picked, laws.seats_mask(4), int(laws.first_leader(d, RULES))
                        makers = (0, 1, 2, 3)
                    else:
                        out = (loner + 2) % 4
                        play = (base if out == d else picked).copy()   # a dealer sitting out picks nothing up
                        play[:, out] = 0
                        in_play = laws.seats_mask(4, alone=loner)
                        leader = int(laws.first_leader(d, RULES, alone=loner))
                        makers = (loner,)
                    for side in sorted({m % 2 for m in makers}):
                        t0 = time.perf_counter()
                        band = dd.solve_batch(play, t, leader, side, in_play, 4, 1, bands=True).astype(np.int64)
                        search_s += time.perf_counter() - t0
                        searched += len(play)
                        bounds = band_bounds(play, t, side)
                        for m in (x for x in makers if x % 2 == side):
                            feats = model.contract_features(play, t, m, loner >= 0, rnd == 1, leader)
                            sd = model.band_probabilities(band, feats, bounds)
                            trumps, bowers, aces, voids = holding_classes(play[:, m], t)
                            place = laws.place_after_dealer(m, d) or 4
                            idx = class_index(rnd, place, int(loner >= 0), trumps, bowers, aces, voids)
                            sums[0] += np.bincount(idx, minlength=CLASS_COUNT)
                            for b in range(3):
                                sums[1 + b] += np.bincount(idx, weights=(band == b).astype(float),
                                                           minlength=CLASS_COUNT)
                                sums[4 + b] += np.bincount(idx, weights=sd[:, b], minlength=CLASS_COUNT)
    return sums, searched, search_s, time.process_time() - cpu0


def run(seed: int, count: int, chunk: int, processes: int, cluster: str | None) -> list:
    """Every chunk's :func:`solve_chunk`, in order."""
    from tqdm import tqdm
    jobs = [(seed, s, min(s + chunk, count)) for s in range(0, count, chunk)]
    bar = dict(total=len(jobs), disable=not sys.stderr.isatty(), desc="chunks")
    if cluster:
        from dask.distributed import Client
        client = Client(cluster)
        futures = client.map(solve_chunk, jobs)
        return [f.result() for f in tqdm(futures, **bar)]
    if processes > 1:
        from multiprocessing import Pool
        with Pool(processes) as pool:
            return list(tqdm(pool.imap(solve_chunk, jobs), **bar))
    return [solve_chunk(j) for j in tqdm(jobs, **bar)]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=200_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--chunk", type=int, default=5000, help="deals a job")
    ap.add_argument("--processes", type=int, default=2)
    ap.add_argument("--cluster", default=None, help="a Dask scheduler's address (dask.distributed)")
    ap.add_argument("--min-calls", type=int, default=100, help="the fewest calls a shipped class has")
    ap.add_argument("--out", default=str(Path(__file__).resolve().parents[2] / "solver/data/hand-charts-v2.json"))
    args = ap.parse_args(argv)
    _common.require_checkout(args.out)
    wall0 = time.perf_counter()
    got = run(args.seed, args.deals, args.chunk, args.processes, args.cluster)
    wall = time.perf_counter() - wall0
    sums = sum(g[0] for g in got)
    searched = sum(g[1] for g in got)
    search_s = sum(g[2] for g in got)
    cpu = sum(g[3] for g in got)
    calls = sums[0]
    keep = np.flatnonzero(calls >= args.min_calls)
    rows = []
    for k in keep.tolist():
        c = ChartClass.of_index(k)
        rows.append([c.round, c.seat, int(c.alone), c.trumps, BOWERS.index(c.bowers), c.off_aces, c.voids,
                     int(calls[k]), *(int(x) for x in sums[1:4, k]), *(round(float(x), 2) for x in sums[4:7, k])])
    commit = subprocess.run(["git", "rev-parse", "HEAD"], capture_output=True, text=True,
                            cwd=Path(__file__).resolve().parent).stdout.strip() or None
    data = {
        "name": NAME,
        "version": VERSION,
        "rules": "four players, default Rules() (no joker, no dummy hands)",
        "what": "per class of a call (round; the caller's seat from the dealer's left, 4 the dealer; alone; the "
                "caller's trumps, bowers (0 none, 1 right, 2 left, 3 both), off-suit aces and voids in the trump "
                "of the call at the first lead, the dealer's after its pick-up): how many calls of the solved set "
                "fall in it, the count of each double-dummy band (euchred, made, march) and the sum over its "
                "calls of each band's single-dummy chance",
        "columns": ["round", "seat", "alone", "trumps", "bowers", "off_aces", "voids", *SUMS],
        "min_calls": args.min_calls,
        "classes_seen": int((calls > 0).sum()),
        "calls": int(calls.sum()),
        "calls_shipped": int(calls[keep].sum()),
        "provenance": {
            "script": "benchmarks/tools/derive_hand_charts.py",
            "command": "python3 benchmarks/tools/derive_hand_charts.py " + " ".join(argv if argv is not None
                                                                                else sys.argv[1:]),
            "commit": commit,
            "date": datetime.date.today().isoformat(),
            "deals": args.deals, "seed": args.seed,
            "deals_source": "solver.match.duplicate.deal_of(seed, i), i < deals",
            "calls_per_deal": "every seat: round 1 the upcard's suit, round 2 each other suit; each with the "
                              "partner and alone (24 positions searched a deal)",
            "valuation": {
                "double_dummy": "the makers' scoring band with every hand seen (solve_batch(bands=True))",
                "single_dummy": f"the chance of each band under single-dummy play, from the double-dummy band by "
                                f"the shipped fitted model {DEFAULT_NAME} (band_probabilities within "
                                f"band_bounds), as the advisor's single-dummy valuation",
            },
            "cost": {"wall_seconds": round(wall, 1), "processes": 1 if args.cluster else args.processes,
                     "cluster": bool(args.cluster), "cpu_seconds": round(cpu, 1),
                     "positions_searched": int(searched), "search_seconds": round(search_s, 1),
                     "us_per_position": round(1e6 * search_s / max(searched, 1), 2)},
        },
        "rows": rows,
    }
    text = json.dumps({k: v for k, v in data.items() if k != "rows"}, indent=1)[:-2]
    text += ',\n "rows": [\n' + ",\n".join("  " + json.dumps(r) for r in rows) + "\n ]\n}\n"
    Path(args.out).write_text(text, encoding="utf-8")
    print(f"{args.deals} deals, {int(calls.sum())} calls in {int((calls > 0).sum())} classes; {len(rows)} classes "
          f"with {args.min_calls}+ calls shipped ({int(calls[keep].sum())} calls)")
    print(f"cost: {wall:.1f} s wall on {args.processes} processes, {cpu:.1f} s CPU, {searched} positions searched "
          f"in {search_s:.1f} s ({1e6 * search_s / max(searched, 1):.2f} us each)")
    print(f"wrote {args.out} ({Path(args.out).stat().st_size / 1e3:.0f} kB)")


if __name__ == "__main__":
    main()
