"""Load on the real service: gunicorn (api.serve.serve) on loopback, a bounded number of
concurrent clients for a bounded time per endpoint.

    python benchmarks/bench_service.py [--clients 8] [--workers 2] [--seconds 10]
                                       [--advise-worlds 2000] [--review-worlds 200] [--rounds 2]

Prints, per endpoint: requests, requests/s, p50 and p99 latency, errors (any answer
other than 200, or a failed connection); and the server's memory (RSS, and PSS which
counts pages shared copy-on-write between master and workers once) before the load
(after a warm-up) and after it. Endpoints whose engine function is not in this build
(healthz reports them) are skipped and say so. With ``--rounds`` the endpoints are
loaded again and memory is printed after each round: growth should stop after the first.

Each client is a thread making one request at a time on a fresh connection (the
clients do not reuse connections). Clients and server share this machine's cores, so
the figures are for the whole loopback system, not the server alone.
"""
from __future__ import annotations

import argparse
import http.client
import json
import os
import pathlib
import re
import subprocess
import sys
import tempfile
import threading
import time

import _common                                    # noqa: E402  first: checks which engine runs

ROOT = _common.ROOT
VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"


def bodies(advise_worlds: int, review_worlds: int) -> dict:
    egn = json.loads((ROOT / "tests" / "data" / "egn" / "vwec-finals.egn").read_text())
    first_deal = {**egn, "deals": egn["deals"][:1]}
    return {
        "solve": {"deal": VWEC, "trump": "c", "leader": "W", "makers": "NS"},
        "table": {"deal": VWEC, "dealer": "S"},
        "advise": {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "round": 1,
                   "worlds": advise_worlds},
        "review": {"egn": first_deal, "worlds": review_worlds},
    }


def request(address, method, path, body=None, timeout=120):
    conn = http.client.HTTPConnection(*address, timeout=timeout)
    try:
        data = json.dumps(body).encode() if body is not None else None
        conn.request(method, path, body=data, headers={"Content-Type": "application/json"} if data else {})
        resp = conn.getresponse()
        return resp.status, resp.read()
    finally:
        conn.close()


def start_server(workers: int, log_path: pathlib.Path):
    code = f"from api.serve import serve; serve('127.0.0.1', 0, {workers}, access_log=False)"
    env = {k: v for k, v in os.environ.items() if not k.startswith("EUCHRE_")}
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, "-c", code], cwd=log_path.parent, env=env, stdout=log, stderr=log)
    deadline = time.monotonic() + 60
    while True:
        m = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log_path.read_text(errors="replace"))
        if m:
            break
        if proc.poll() is not None or time.monotonic() > deadline:
            raise SystemExit(f"server did not start:\n{log_path.read_text(errors='replace')}")
        time.sleep(0.05)
    address = ("127.0.0.1", int(m.group(1)))
    while True:
        try:
            if request(address, "GET", "/healthz")[0] == 200 and len(server_pids(proc.pid)) == workers + 1:
                return proc, address
        except OSError:
            pass
        if time.monotonic() > deadline:
            raise SystemExit("server not healthy")
        time.sleep(0.05)


def server_pids(master: int) -> list:
    pids = [master]
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                stat = pathlib.Path(f"/proc/{entry}/stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == master:
                pids.append(int(entry))
    return pids


def memory_kib(master: int) -> dict:
    """RSS and PSS (KiB) summed over the master and its workers."""
    rss = pss = 0
    pids = server_pids(master)
    for pid in pids:
        try:
            status = pathlib.Path(f"/proc/{pid}/status").read_text()
            rss += int(re.search(r"VmRSS:\s+(\d+)", status).group(1))
            rollup = pathlib.Path(f"/proc/{pid}/smaps_rollup").read_text()
            pss += int(re.search(r"Pss:\s+(\d+)", rollup).group(1))
        except (OSError, AttributeError):
            pass
    return {"processes": len(pids), "rss": rss, "pss": pss}


def show_memory(label: str, m: dict) -> None:
    print(f"memory {label}: RSS {m['rss'] / 1024:.1f} MiB, PSS {m['pss'] / 1024:.1f} MiB "
          f"({m['processes']} processes: master + workers)")


def percentile(sorted_values: list, q: float) -> float:
    if not sorted_values:
        return float("nan")
    i = min(len(sorted_values) - 1, max(0, int(round(q * (len(sorted_values) - 1)))))
    return sorted_values[i]


def load(address, path: str, body: dict, clients: int, seconds: float, vary_seed: bool) -> dict:
    latencies, errors, lock = [], [], threading.Lock()
    stop_at = time.monotonic() + seconds

    def client(k: int):
        n = 0
        while time.monotonic() < stop_at:
            payload = {**body, "seed": k * 1_000_000 + n} if vary_seed else body
            n += 1
            start = time.perf_counter()
            try:
                status, raw = request(address, "POST", path, payload)
            except OSError as exc:
                status, raw = None, repr(exc).encode()
            elapsed = time.perf_counter() - start
            with lock:
                latencies.append(elapsed)
                if status != 200:
                    errors.append((status, raw[:200]))

    started = time.monotonic()
    threads = [threading.Thread(target=client, args=(k,)) for k in range(clients)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.monotonic() - started
    latencies.sort()
    return {"requests": len(latencies), "rps": len(latencies) / wall, "p50": percentile(latencies, 0.50),
            "p99": percentile(latencies, 0.99), "errors": len(errors), "first_error": errors[0] if errors else None,
            "latencies": latencies}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--clients", type=int, default=8)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=10.0, help="load time per endpoint")
    ap.add_argument("--advise-worlds", type=int, default=2000)
    ap.add_argument("--review-worlds", type=int, default=200)
    ap.add_argument("--endpoints", default="solve,table,advise,review")
    ap.add_argument("--rounds", type=int, default=2, help="times through the endpoints (memory after each)")
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    measures, results = {}, {"rounds": []}

    with tempfile.TemporaryDirectory() as tmp:
        proc, address = start_server(args.workers, pathlib.Path(tmp) / "gunicorn.log")
        try:
            health = json.loads(request(address, "GET", "/healthz")[1])
            # a route is available when /healthz reports every engine function it runs (one table of them)
            from api.routes import ENGINE_OF_ROUTE
            available = {name: all(health["engine"].get(f, False) for f in fns)
                         for name, fns in ENGINE_OF_ROUTE.items()}
            work = bodies(args.advise_worlds, args.review_worlds)
            names = [n for n in args.endpoints.split(",") if n]
            for name in names:                                   # warm-up: imports, tables, caches
                if available.get(name):
                    for _ in range(3 * args.workers):
                        request(address, "POST", f"/v1/{name}", work[name])
            before = memory_kib(proc.pid)
            print(f"server: gunicorn, {args.workers} gevent workers; {args.clients} concurrent clients, "
                  f"{args.seconds:g} s per endpoint per round; advise {args.advise_worlds} worlds, "
                  f"review {args.review_worlds} worlds x 1 deal; cores: {os.cpu_count()}")
            show_memory("after warm-up", before)
            total_errors = 0
            for round_ in range(1, args.rounds + 1):
                print(f"round {round_}: {'endpoint':10} {'requests':>8} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8} "
                      f"{'errors':>6}")
                for name in names:
                    if not available.get(name):
                        print(f"         {name:10} skipped: solver.{name} is not in this build of the engine")
                        continue
                    r = load(address, f"/v1/{name}", work[name], args.clients, args.seconds,
                             vary_seed=name in ("advise", "review"))
                    total_errors += r["errors"]
                    print(f"         {name:10} {r['requests']:8d} {r['rps']:8.1f} {r['p50'] * 1e3:8.1f} "
                          f"{r['p99'] * 1e3:8.1f} {r['errors']:6d}"
                          + (f"  first error: {r['first_error']}" if r["first_error"] else ""))
                    measures[f"round {round_} | {name} | latency_ms"] = _common.figure(r["latencies"], "ms a request", 1e3)
                    results["rounds"].append({"round": round_, "endpoint": name, "requests": r["requests"],
                                              "rps": r["rps"], "p99_ms": r["p99"] * 1e3, "errors": r["errors"]})
                show_memory(f"after round {round_}", memory_kib(proc.pid))
            after = memory_kib(proc.pid)
            print(f"memory growth over the load: RSS {(after['rss'] - before['rss']) / 1024:+.1f} MiB, "
                  f"PSS {(after['pss'] - before['pss']) / 1024:+.1f} MiB; errors in all: {total_errors}")
            results.update({"memory_kib": {"before": before, "after": after}, "errors": total_errors})
        finally:
            proc.terminate()
            proc.wait(timeout=30)
    _common.report(args, results, measures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
