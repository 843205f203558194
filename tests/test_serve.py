"""`euchre serve` as shipped, through raw sockets: what the HTTP server does before and around the app.

Each test starts the real server (``python -m solver serve``, the `euchre serve` code path) in a
child process on a free loopback port, waits for ``/healthz`` within a bounded time and stops it
in a finaliser. Covered: a port already in use, broken chunked framing, a body cut short by a
half-close, the server's own 400/414/431 answers, slow clients, the per-request deadline and
the solver's threads under the event loop.
"""
from __future__ import annotations

import http.client
import json
import os
import pathlib
import socket
import subprocess
import sys
import threading
import time

import pytest

import reference
import solver
from conftest import EGN_DIR, real_server
from conftest import bid_advice

ROOT = pathlib.Path(__file__).resolve().parent.parent
VWEC = "N:9d Ac Tc Kd Jd E:Qd Js Kh 9h Jh S:9c Ks Qh Kc Jc W:Ad As Ah 9s Qs"
SOLVE = {"deal": VWEC, "trump": "c", "leader": "W", "makers": "NS"}
SOLVE_TRICKS = reference.solve(reference.parse_vector_deal(VWEC), "c", "W", [])   # the oracle's answer
ENDPOINTS = ("/v1/solve", "/v1/table", "/v1/advise", "/v1/review")
PROBLEM = "application/problem+json"
START_SECONDS = 60          # bound on the server's start (the machine is shared)


def _child_env(env: dict | None) -> dict:
    out = {k: v for k, v in os.environ.items() if not k.startswith("EUCHRE_")}
    out.update(env or {})
    return out


def euchre_serve(log_path: pathlib.Path, *args: str, env: dict | None = None):
    """``euchre serve --port 0 ...`` in a child process; yields (host, port) once /healthz answers."""
    return real_server(log_path, ["-m", "solver", "serve", "--host", "127.0.0.1", "--port", "0", *args], env,
                       START_SECONDS)


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    log = tmp_path_factory.mktemp("serve") / "serve.log"
    with euchre_serve(log, "--workers", "2") as address:
        yield address
    text = log.read_text(errors="replace")
    assert "Traceback" not in text, text


def get(address, path, timeout):
    conn = http.client.HTTPConnection(*address, timeout=timeout)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())
    finally:
        conn.close()


def post(address, path, body, timeout):
    conn = http.client.HTTPConnection(*address, timeout=timeout)
    try:
        conn.request("POST", path, body=json.dumps(body), headers={"Content-Type": "application/json"})
        resp = conn.getresponse()
        return resp.status, json.loads(resp.read())
    finally:
        conn.close()


def raw(address, data: bytes, half_close: bool = False, timeout: float = 10):
    """Send ``data`` as it is; the reply's (status, headers with lower-case names, body bytes)."""
    sock = socket.create_connection(address, timeout=timeout)
    try:
        sock.sendall(data)
        if half_close:
            sock.shutdown(socket.SHUT_WR)
        resp = http.client.HTTPResponse(sock)
        resp.begin()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    finally:
        sock.close()


def assert_problem(reply, status: int) -> dict:
    code, headers, body = reply
    assert code == status, reply
    assert headers["content-type"] == PROBLEM, reply
    problem = json.loads(body)
    assert problem["status"] == status and problem["type"] == "about:blank", problem
    assert problem["title"] and problem["detail"] and problem["field"] is None, problem
    return problem


# -- a port in use --------------------------------------------------------------------------------------

@pytest.mark.slow
def test_port_in_use_is_one_error_line_and_exit_2():
    holder = socket.socket()
    holder.bind(("127.0.0.1", 0))
    holder.listen()
    port = holder.getsockname()[1]
    try:
        done = subprocess.run([sys.executable, "-m", "solver", "serve", "--port", str(port)], cwd=ROOT,
                              env=_child_env(None), capture_output=True, text=True, timeout=25,
                              stdin=subprocess.DEVNULL)
    finally:
        holder.close()
    assert done.returncode == 2, done
    assert done.stderr == f"euchre: error: port {port} on 127.0.0.1 is in use\n", done.stderr
    assert done.stdout == ""


# -- request framing ------------------------------------------------------------------------------------

HEAD = "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
BAD_CHUNKS = {
    "size not hex": b"zz\r\n{}\r\n0\r\n\r\n",
    "negative size": b"-5\r\n{}{}{\r\n0\r\n\r\n",
    "space after size": b"2 \r\n{}\r\n0\r\n\r\n",
    "no CRLF after data": b"2\r\n{}XX0\r\n\r\n",
    "bad extension": b"2;\x01=\r\n{}\r\n0\r\n\r\n",
}


@pytest.mark.slow
@pytest.mark.parametrize("path", ENDPOINTS)
@pytest.mark.parametrize("framing", list(BAD_CHUNKS))
def test_bad_chunked_framing_is_400(server, path, framing):
    reply = raw(server, HEAD.format(path=path).encode() + BAD_CHUNKS[framing])
    problem = assert_problem(reply, 400)
    assert "chunk" in problem["detail"].lower(), problem
    assert reply[1]["connection"] == "close"        # the stream cannot be read on past broken framing


def test_good_chunked_body_still_reaches_the_app(server):
    body = json.dumps(SOLVE).encode()
    framed = b"".join(b"%x\r\n%s\r\n" % (len(part), part) for part in (body[:30], body[30:])) + b"0\r\n\r\n"
    status, headers, data = raw(server, HEAD.format(path="/v1/solve").encode() + framed)
    assert status == 200 and json.loads(data)["tricks"] == SOLVE_TRICKS


@pytest.mark.parametrize("path", ENDPOINTS)
def test_body_short_of_content_length_then_half_close_is_400(server, path):
    body = json.dumps(SOLVE).encode()
    head = (f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body) + 10}\r\n\r\n").encode()
    problem = assert_problem(raw(server, head + body, half_close=True), 400)
    assert f"{len(body)} of {len(body) + 10} bytes" in problem["detail"], problem


def test_whole_body_then_half_close_is_answered(server):
    body = json.dumps(SOLVE).encode()
    head = (f"POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Content-Length: {len(body)}\r\n\r\n").encode()
    status, _, data = raw(server, head + body, half_close=True)
    assert status == 200 and json.loads(data)["tricks"] == SOLVE_TRICKS


# -- errors the server answers before the app ---------------------------------------------------------

@pytest.mark.parametrize("request_bytes, status, words", [
    (b"this is not http\r\n\r\n", 400, "request line"),
    (b"GET /" + b"a" * 10_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", 414, "request line"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 20_000 + b"\r\n\r\n", 431, "header"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % i for i in range(200)) + b"\r\n",
     431, "header"),
    (b"GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: 1\r\n\r\n", 400, "header"),
])
def test_the_servers_own_errors_are_problem_json(server, request_bytes, status, words):
    problem = assert_problem(raw(server, request_bytes), status)
    assert words in problem["detail"].lower(), problem
    assert len(problem["detail"]) < 400, problem       # the 10 KB line is not echoed back


# -- slow clients ---------------------------------------------------------------------------------------

def _trickle(address, stop: threading.Event, head_at_once: bool, sent: list):
    """One slow client: a request's headers (or, with ``head_at_once``, its body) at a byte per 0.5 s,
    reconnecting whenever the server closes the connection."""
    head = b"POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n"
    slow = (b"" if head_at_once else head) + b" " * 400
    while not stop.is_set():
        try:
            with socket.create_connection(address, timeout=5) as sock:
                if head_at_once:
                    sock.sendall(head)
                for i in range(len(slow)):
                    if stop.wait(0.5):
                        return
                    sock.sendall(slow[i:i + 1])
                    sent[0] += 1
        except OSError:
            pass                         # the server cut this client off: come back, as an attacker would


@pytest.mark.slow
def test_slow_clients_do_not_block_the_service(server):
    stop = threading.Event()
    sent = [0]
    clients = [threading.Thread(target=_trickle, args=(server, stop, i % 2 == 1, sent), daemon=True)
               for i in range(8)]
    for c in clients:
        c.start()
    probes = 0
    try:
        time.sleep(2)                                   # every slow client is connected and trickling
        end = time.monotonic() + 14
        while time.monotonic() < end:
            assert get(server, "/healthz", timeout=1)[0] == 200
            status, body = post(server, "/v1/solve", SOLVE, timeout=1)
            assert status == 200 and body["tricks"] == SOLVE_TRICKS, body
            probes += 1
            time.sleep(0.2)
    finally:
        stop.set()
        for c in clients:
            c.join(timeout=5)
    assert probes >= 20 and sent[0] >= 8 * 10, (probes, sent)


# -- the per-request deadline under the shipped server -------------------------------------------------

@pytest.mark.slow
def test_deadline_bounds_a_long_review(tmp_path):
    egn = json.loads((EGN_DIR / "vwec-finals.egn").read_text())
    with euchre_serve(tmp_path / "serve.log", "--workers", "1",
                      env={"EUCHRE_REQUEST_TIMEOUT": "1", "EUCHRE_MAX_REVIEW_WORK": "1000000"}) as address:
        # minutes of work; without the deadline the worker is killed at 1 + 15 s and the socket fails
        status, body = post(address, "/v1/review", {"egn": egn, "worlds": 2000, "seed": 1}, timeout=20)
        assert status == 503 and body["type"] == "/problems/deadline-exceeded", body
        assert get(address, "/healthz", timeout=5)[0] == 200       # and the worker goes on serving


@pytest.mark.slow
def test_engine_threads_are_real_threads_under_the_server(tmp_path):
    # the workers patch sockets for gevent but not threads or queues: the solver's pool of threads must work
    advise = {"hand": "9d Ac Tc Kd Jd", "upcard": "Kc", "seat": "N", "dealer": "S", "round": 1,
              "worlds": 2000, "seed": 1}
    expected = bid_advice(**advise, threads=1).to_dict()
    with euchre_serve(tmp_path / "serve.log", "--workers", "1", env={"EUCHRE_ENGINE_THREADS": "2"}) as address:
        status, body = post(address, "/v1/advise", advise, timeout=20)
    assert status == 200 and body == expected, body


def test_a_body_slower_than_the_bound_is_a_timeout(monkeypatch):
    # in-process, on gevent's loop: the 30 s bound itself is too long for a test
    import gevent
    from api import serve

    class Trickle:
        def read(self, size):
            gevent.sleep(0.05)
            return b" "

    monkeypatch.setattr(serve, "BODY_SECONDS", 0.3)
    app_ran = []
    middleware = serve.WholeBody(lambda environ, start: app_ran.append(1), limit=1000)
    with pytest.raises(serve.BodyTimeout):
        middleware({"CONTENT_LENGTH": "100", "wsgi.input": Trickle()}, None)
    assert not app_ran
    assert serve.client_error(serve.BodyTimeout())[0] == 408


# -- framing refused at once (issue 27, item 6) ----------------------------------------------------------

def _timed(address, data: bytes):
    start = time.monotonic()
    reply = raw(address, data, timeout=10)           # the old server waited 30 s (BODY_SECONDS) here
    return reply, time.monotonic() - start


@pytest.mark.parametrize("size", [b"F" * 16, b"F" * 40, b"1" + b"0" * 30])
def test_a_chunk_size_no_body_can_have_is_400_at_once(server, size):
    reply, took = _timed(server, HEAD.format(path="/v1/solve").encode() + size + b"\r\n{}")
    problem = assert_problem(reply, 400)
    assert "malformed chunked body" in problem["detail"] and "hex digits" in problem["detail"], problem
    assert took < 5, took


@pytest.mark.parametrize("chunks", [b"FFFFFFFF\r\n{}", b"8000\r\n" + b" " * 32768 + b"\r\nFFFFF\r\n  "])
def test_chunk_sizes_past_the_body_limit_are_413_at_once(server, chunks):
    reply, took = _timed(server, HEAD.format(path="/v1/solve").encode() + chunks)
    problem = assert_problem(reply, 413)
    assert "over this server's limit of 131072 bytes" in problem["detail"], problem
    assert took < 5, took


@pytest.mark.parametrize("coding", ["gzip, chunked", "deflate, chunked", "GZIP,chunked", "compress, chunked"])
def test_a_transfer_coding_besides_chunked_is_415_at_once(server, coding):
    head = (f"POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            f"Transfer-Encoding: {coding}\r\n\r\n").encode()
    reply, took = _timed(server, head + b"a\r\n\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03\r\n0\r\n\r\n")
    problem = assert_problem(reply, 415)
    assert "decodes only 'chunked'" in problem["detail"] and coding in problem["detail"], problem
    assert took < 5, took


# -- slow bodies at scale (issue 27, item 2) ------------------------------------------------------------

def _healthz_from(address, source: str, timeout: float) -> int:
    """``GET /healthz`` from the loopback address ``source`` (another client than 127.0.0.1)."""
    conn = http.client.HTTPConnection(*address, timeout=timeout, source_address=(source, 0))
    try:
        conn.request("GET", "/healthz")
        return conn.getresponse().status
    finally:
        conn.close()


@pytest.mark.slow
def test_one_address_sending_slow_bodies_cannot_take_the_service_down(tmp_path):
    from api.serve import MAX_CLIENT_CONNECTIONS
    slow = 1100                                     # more than a worker's 1000 connections (the old stall)
    head = b"POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"
    with euchre_serve(tmp_path / "serve.log", "--workers", "1") as address:
        socks = []
        try:
            for _ in range(slow):                   # each sends its head and one byte of 400, then waits
                s = socket.create_connection(address, timeout=5)
                s.sendall(head)
                socks.append(s)
            time.sleep(1)
            for _ in range(3):                      # another client is answered, and quickly
                start = time.monotonic()
                assert _healthz_from(address, "127.0.0.2", timeout=2) == 200
                assert time.monotonic() - start < 2
            refused = 0
            for s in socks:
                s.setblocking(False)
                try:
                    data = s.recv(4096)
                except BlockingIOError:             # held: the server waits for the rest of its body
                    continue
                if data.startswith(b"HTTP/1.1 429"):
                    refused += 1
                    assert b"application/problem+json" in data and b"Retry-After: 1" in data, data
                    assert b"at most %d open connections" % MAX_CLIENT_CONNECTIONS in data, data
            assert refused == slow - MAX_CLIENT_CONNECTIONS, refused
        finally:
            for s in socks:
                s.close()
        assert _healthz_from(address, "127.0.0.1", timeout=5) == 200       # the address is served again
    log = (tmp_path / "serve.log").read_text(errors="replace")
    assert "Traceback" not in log and "Too many connections from ip=127.0.0.1" in log


# -- the per-address bound refuses bodies, not health checks (issue 37, item 5) --------------------------

def _status(address, method: str, path: str, body: bytes | None = None) -> int:
    conn = http.client.HTTPConnection(*address, timeout=10)
    try:
        conn.request(method, path, body=body, headers={"Content-Type": "application/json"} if body else {})
        return conn.getresponse().status
    finally:
        conn.close()


@pytest.mark.slow
def test_an_address_at_its_bound_still_gets_health_checks_and_requests_without_a_body(tmp_path):
    """64 slow bodies from 127.0.0.1 hold its bound: a body from it is refused (429), while /healthz and the
    other requests without a body from the same address are answered."""
    from api.serve import MAX_CLIENT_CONNECTIONS
    head = b"POST /v1/solve HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n{"
    with euchre_serve(tmp_path / "serve.log", "--workers", "1") as address:
        socks = []
        try:
            for _ in range(MAX_CLIENT_CONNECTIONS):
                s = socket.create_connection(address, timeout=5)
                s.sendall(head)
                socks.append(s)
            code, headers, _body = raw(address, head[:-1] + json.dumps(SOLVE).encode().ljust(400))
            assert code == 429 and headers["retry-after"] == "1"           # the bound holds for bodies
            assert [_status(address, "GET", "/healthz") for _ in range(3)] == [200, 200, 200]
            assert _status(address, "GET", "/openapi.json") == 200
            assert _status(address, "GET", "/play/api/tables/no-such-table") == 404
        finally:
            for s in socks:
                s.close()
    log = (tmp_path / "serve.log").read_text(errors="replace")
    assert "Traceback" not in log
