"""Slow bodies at scale on the real service: one address holds many connections that send a request's
head and one byte of its body, then wait; another address probes ``/healthz`` meanwhile.

    python benchmarks/bench_slow_bodies.py [--connections 2100] [--workers 2] [--seconds 10]

Prints how many of the slow connections the server refused at once (429, over
``api.serve.MAX_CLIENT_CONNECTIONS`` per worker) and how many it holds, then the probes' latency
from 127.0.0.2 (median, 90th percentile, max, and how many got no answer within 2 s). Bounded: the
connections are opened once, the probes run for ``--seconds``, everything is closed at the end;
loopback only.
"""
from __future__ import annotations

import argparse
import http.client
import pathlib
import socket
import statistics
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import _common                          # noqa: E402  first: checks which engine runs
from bench_service import start_server  # noqa: E402

HEAD = b"POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"


def probe(address, timeout: float = 2.0):
    """Seconds ``GET /healthz`` from 127.0.0.2 took, or None without a 200 within ``timeout``."""
    start = time.monotonic()
    conn = http.client.HTTPConnection(*address, timeout=timeout, source_address=("127.0.0.2", 0))
    try:
        conn.request("GET", "/healthz")
        ok = conn.getresponse().status == 200
    except OSError:
        ok = False
    finally:
        conn.close()
    return time.monotonic() - start if ok else None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--connections", type=int, default=2100)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--seconds", type=float, default=10.0)
    _common.add_json_argument(ap)
    args = ap.parse_args(argv)
    measures, results = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        proc, address = start_server(args.workers, pathlib.Path(tmp) / "serve.log")
        socks = []
        try:
            for _ in range(args.connections):
                try:
                    s = socket.create_connection(address, timeout=5)
                    s.sendall(HEAD)
                except OSError:
                    break
                socks.append(s)
            time.sleep(1)
            refused = 0
            for s in socks:
                s.setblocking(False)
                try:
                    if s.recv(64).startswith(b"HTTP/1.1 429"):
                        refused += 1
                except OSError:
                    pass
            print(f"{len(socks)} slow connections from 127.0.0.1 to {args.workers} workers: "
                  f"{refused} refused at once (429), {len(socks) - refused} held")
            results.update({"connections": len(socks), "refused": refused, "held": len(socks) - refused})
            times, lost, end = [], 0, time.monotonic() + args.seconds
            while time.monotonic() < end:
                took = probe(address)
                if took is None:
                    lost += 1
                else:
                    times.append(took * 1000)
                time.sleep(0.1)
            if times:
                times.sort()
                p90 = times[min(len(times) - 1, int(0.9 * len(times)))]
                print(f"/healthz from 127.0.0.2: {len(times)} answered, median {statistics.median(times):.1f} ms, "
                      f"p90 {p90:.1f} ms, max {times[-1]:.1f} ms; {lost} without an answer within 2 s")
                measures["healthz_ms"] = _common.figure(times, "ms a probe")
            else:
                print(f"/healthz from 127.0.0.2: none of {lost} answered within 2 s")
            results["probes_unanswered"] = lost
        finally:
            for s in socks:
                s.close()
            proc.terminate()
            proc.wait(timeout=30)
    _common.report(args, results, measures)
    return 0


if __name__ == "__main__":
    sys.exit(main())
