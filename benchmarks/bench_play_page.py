"""The play page (api.play): click-to-answer time with the advisor's bots, bytes per live table, the page's weight.

* **Click to the bots' answer**: the time of each ``POST /play/api/tables/<id>/act`` (and ``/next``) through
  Flask's test client, one process (one core): the user's move checked and applied, then every bot move until
  the user's turn, the table replayed from and saved to its store. Partner and opponents ``advisor`` at
  ``--worlds`` (default 200); the user plays the policy agent's card. Median, 95th percentile, max, and the
  bot decisions per click.
* **Memory per live table**: the bytes of its stored record (SQLite, shared by the workers) after each deal,
  the Python memory of one request's replay of it (``tracemalloc`` peak of loading the table), and the
  record of a whole game with a hint at every decision and every deal reviewed.
* **The page's weight**: bytes of ``GET /play`` and ``GET /play/<id>`` (style sheet and script inlined,
  nothing else fetched), raw and gzipped.

    python3 benchmarks/bench_play_page.py [--worlds 200] [--deals 4] [--seed 1]
"""
import _common                                    # first: checks which engine runs
import argparse
import gzip
import statistics
import tempfile
import time
import tracemalloc

import numpy as np

from api.app import create_app
from api.play import load_table
from solver.match.agents import PolicyAgent
from solver.game import Phase


def pct(xs, q):
    return float(np.percentile(np.asarray(xs), q))


def full_game_bytes(app, client, seed: int) -> tuple:
    """``(bytes stored, deals, hints)`` of a whole game (policy bots, 10 worlds) with a hint at each of the
    user's calls and cards and each deal reviewed: the largest a table's record gets."""
    st = client.post("/play/api/tables", json={"partner": "policy", "opponents": "policy", "hint_worlds": 10,
                                               "review_worlds": 10, "seed": seed}).get_json()
    tid = st["id"]
    while not st["game_over"]:
        if st["deal_over"]:
            client.post(f"/play/api/tables/{tid}/review/{st['deal_number'] - 1}")
            st = client.post(f"/play/api/tables/{tid}/next").get_json()
            continue
        if st["phase"] in ("bid1", "bid2", "play"):
            client.post(f"/play/api/tables/{tid}/hint")
        st = client.post(f"/play/api/tables/{tid}/act",
                         json={"action": st["legal"][0]["token"], "version": st["version"]}).get_json()
    client.post(f"/play/api/tables/{tid}/review/{st['deal_number'] - 1}")
    with app.test_request_context():
        return app.extensions["play_tables"].size(tid), st["deal_number"], len(load_table(tid).hints)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--worlds", type=int, default=200)
    ap.add_argument("--deals", type=_common.count, default=4, help="deals to play (the clicks timed are theirs)")
    ap.add_argument("--seed", type=int, default=1)
    _common.add_json_argument(ap)
    args = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        app = create_app({"TESTING": True, "PLAY_STORE": f"{tmp}/tables.sqlite3"})
        client = app.test_client()
        t = time.perf_counter()
        r = client.post("/play/api/tables", json={"partner": "advisor", "opponents": "advisor", "worlds": args.worlds,
                                                  "seed": args.seed})
        first = time.perf_counter() - t
        st = r.get_json()
        tid = st["id"]
        clicks, bots, sizes, replay_bytes = [first], [sum(e["by"] == "bot" for e in st["events"])], [], []
        policy = PolicyAgent()
        deals = 1
        while True:
            if st["deal_over"]:
                with app.test_request_context():
                    sizes.append(app.extensions["play_tables"].size(tid))
                    tracemalloc.start()
                    load_table(tid)
                    replay_bytes.append(tracemalloc.get_traced_memory()[1])
                    tracemalloc.stop()
                if st["game_over"] or deals >= args.deals:
                    break
                path, body = "next", {}
                deals += 1
            else:
                with app.test_request_context():
                    hand = load_table(tid).hand
                    view = hand.view(hand.to_act)
                    if hand.phase is Phase.PLAY:
                        token = policy.play(view)
                    elif hand.phase is Phase.DISCARD:
                        token = policy.discard(view)
                    else:
                        token = policy.bid(view)
                path, body = "act", {"action": token}
            t = time.perf_counter()
            r = client.post(f"/play/api/tables/{tid}/{path}", json=body)
            clicks.append(time.perf_counter() - t)
            assert r.status_code == 200, r.get_json()
            st = r.get_json()
            bots.append(sum(e["by"] == "bot" for e in st["events"]))   # the moves of this request
        setup = client.get("/play").data
        table = client.get(f"/play/{tid}").data
        full = full_game_bytes(app, client, args.seed)

    print(f"play page, advisor bots at {args.worlds} worlds (partner and opponents), seed {args.seed}, "
          f"{deals} deals, {len(clicks)} clicks, one process")
    print(f"  click to the bots' answer: median {statistics.median(clicks) * 1000:.0f} ms, "
          f"p95 {pct(clicks, 95) * 1000:.0f} ms, max {max(clicks) * 1000:.0f} ms "
          f"(bot decisions per click: median {statistics.median(bots):g}, max {max(bots)})")
    with_bots = [c for c, b in zip(clicks, bots) if b]
    if with_bots:
        print(f"  clicks the bots answered: {len(with_bots)}, median {statistics.median(with_bots) * 1000:.0f} ms, "
              f"p95 {pct(with_bots, 95) * 1000:.0f} ms")
    print(f"  stored record per table: {min(sizes):,} to {max(sizes):,} bytes after deals 1..{len(sizes)} "
          f"(about {(sizes[-1] - sizes[0]) / max(1, len(sizes) - 1):,.0f} bytes a deal)")
    print(f"  replaying a table for one request: peak {max(replay_bytes) / 1024:,.0f} KiB of Python memory "
          "(freed after the request)")
    print(f"  a whole game with a hint at every decision and every deal reviewed (policy bots): "
          f"{full[0]:,} bytes stored after {full[1]} deals, {full[2]} hints")
    for name, page in (("GET /play", setup), ("GET /play/<id>", table)):
        print(f"  page weight {name}: {len(page):,} bytes ({len(gzip.compress(page)):,} gzipped), nothing else fetched")
    measures = {"click_ms": _common.figure(clicks, "ms click to answer", 1e3)}
    if with_bots:
        measures["click_with_bots_ms"] = _common.figure(with_bots, "ms click to answer (bots moved)", 1e3)
    results = {"deals": deals, "clicks": len(clicks), "bot_decisions_per_click_max": max(bots),
               "stored_bytes": sizes, "replay_peak_bytes": max(replay_bytes),
               "whole_game": {"bytes": full[0], "deals": full[1], "hints": full[2]},
               "page_bytes": {"GET /play": len(setup), "GET /play/<id>": len(table)},
               "page_bytes_gzipped": {"GET /play": len(gzip.compress(setup)),
                                      "GET /play/<id>": len(gzip.compress(table))}}
    _common.report(args, results, measures)


if __name__ == "__main__":
    main()
