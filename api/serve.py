"""Run the service under gunicorn (embedded through ``gunicorn.app.base.BaseApplication``).

``euchre serve [--host 127.0.0.1] [--port 8000] [--workers N]`` calls :func:`serve`.

The setup, and why:

* **One worker process per core** (the default of :func:`serve`): the engine is CPU-bound.
* **Each worker is a gevent event loop** (:class:`Worker`, gunicorn's gevent worker): every
  connection is a greenlet, so a client that sends its request slowly holds only its own
  greenlet, never the worker; up to ``worker_connections`` (1000) connections per worker, of which
  one client address holds at most :data:`MAX_CLIENT_CONNECTIONS` (64), so one client sending slow
  bodies cannot fill a worker. Past that bound a connection's head must arrive within
  :data:`PROBE_HEAD_SECONDS`: a request without a body (``GET /healthz``, a page) is served, since it
  cannot be slow once its head is in, and one with a body is answered 429 (problem+json,
  ``Retry-After: 1``) and closed before its body is read; at most :data:`MAX_CLIENT_PROBES` such
  connections at once, the next answered 429 at once. So a slow client does not lock out the health
  checks and pages of every client behind its address.
  A request's line and headers must arrive within :data:`HEADER_SECONDS` (else the connection
  is closed), its body within :data:`BODY_SECONDS` (else 408).
* **The body is read in full before the app runs** (:class:`WholeBody`): broken chunked
  framing or a body cut short of its ``Content-Length`` is a 400 from the server, before the
  Flask app sees any of it.
* **Threads and queues are not monkey-patched**: every greenlet runs in the process's main
  thread, so the per-request deadline (:mod:`api.limits`, a ``SIGALRM`` timer) interrupts the
  engine as it does under a sync worker; the engine never yields to the event loop, so a
  worker runs one engine call at a time; and the solver's pool (``ENGINE_THREADS``) keeps real
  threads and queues (gevent's queues would hang it). While an engine call runs, that
  worker's other connections wait; the other workers go on serving.
* Gunicorn's own worker ``timeout`` is set past ``REQUEST_TIMEOUT`` as a last resort: the
  deadline answers first.

Errors the server answers itself are ``application/problem+json`` (``type`` ``about:blank``,
see :func:`api.problems.plain`): 400 for a malformed request line, header or chunked framing
and for a body short of its ``Content-Length``; 414 for a request line over 4094 bytes; 431
for a header over 8190 bytes or more than 100 headers; 408 for a body slower than
:data:`BODY_SECONDS`; 400 for a chunk size of :data:`MAX_CHUNK_DIGITS` hex digits or more and 413
for chunk sizes adding up past the body limit, both as soon as the size line is read; 415 for a
``Transfer-Encoding`` that names a coding besides ``chunked`` (``gzip, chunked``: the server
does not decode it); 501 for a transfer coding gunicorn does not know. Not answered at all: a
connection whose request head does not arrive within :data:`HEADER_SECONDS` is closed (as an
idle keep-alive connection is), and so is one whose client goes away.
"""
from __future__ import annotations

import contextlib
import errno
import io
import json
import math
import os
import socket
import time
from http import HTTPStatus

from .webstack import missing_package, needs_message

try:
    import gevent
    from gevent import monkey, socket as gsocket
    from gunicorn import util
    from gunicorn.app.base import BaseApplication
    from gunicorn.http import errors as http_errors
    from gunicorn.workers.ggevent import GeventWorker

    from . import problems
    from .app import create_app
except ModuleNotFoundError as _exc:
    # python -m api.serve: say how to install the web stack, as euchre serve does (imported, the caller says it)
    if __name__ != "__main__" or missing_package(_exc) is None:
        raise
    import sys
    sys.exit(f"api.serve: error: {needs_message('python -m api.serve', _exc)}")

import solver

GRACE_SECONDS = 15
HEADER_SECONDS = 5      # to send a request's line and headers (gunicorn's keep-alive timeout in gevent workers)
BODY_SECONDS = 30       # to send a request's body: 128 KiB at 4 KiB/s
BACKLOG = 2048          # gunicorn's default
#: Open connections one client address may hold in one worker (each worker holds 1000 in all,
#: gunicorn's ``worker_connections``): 2,000 slow bodies from one address once held every one of two
#: workers' and the service answered nobody else. Greenlets are cheap; an analysis runs one at a time.
MAX_CLIENT_CONNECTIONS = 64
#: Connections past :data:`MAX_CLIENT_CONNECTIONS` from one address whose head is being read (each for at
#: most :data:`PROBE_HEAD_SECONDS`) to serve it if it has no body: a bound, so they cannot fill the pool either.
MAX_CLIENT_PROBES = 64
PROBE_HEAD_SECONDS = 1
MAX_CHUNK_DIGITS = 16   # a chunk size of 16 hex digits or more (2**60 bytes) is malformed, not a body


class ServeError(solver.EuchreError):
    """The service cannot start: the address cannot be listened on."""


class IncompleteBody(Exception):
    def __init__(self, got: int, expected: int | None):
        self.got, self.expected = got, expected
        super().__init__(f"the client closed after {got} of {expected} bytes (Content-Length)"
                         if expected is not None else
                         f"the client closed after {got} bytes, before the last chunk")


class BodyTimeout(Exception):
    def __init__(self):
        super().__init__(f"the body did not arrive within {BODY_SECONDS} s")


class ChunkSizeOverflow(Exception):
    """A chunk size of :data:`MAX_CHUNK_DIGITS` hex digits or more: no body is that long."""

    def __init__(self, size: int):
        super().__init__(f"a chunk size of {len(f'{size:x}')} hex digits (at most {MAX_CHUNK_DIGITS - 1} are read)")


class ChunkOverLimit(Exception):
    """Chunk sizes that add up past the body limit: refused when the size is read, not after its bytes."""

    def __init__(self, declared: int, limit: int):
        super().__init__(f"the chunks declare {declared} bytes, over this server's limit of {limit} bytes a body")


class UnsupportedCoding(Exception):
    """A transfer coding besides ``chunked`` (gzip, deflate, compress), which the server does not decode."""

    def __init__(self, header: str):
        super().__init__(f"Transfer-Encoding {header[:80]!r}: this server decodes only 'chunked'; "
                         "send the body uncompressed")


# (exception classes, status, what the detail starts with); the first match wins, so subclasses come first
_CLIENT_ERRORS = (
    ((http_errors.InvalidResponseHeader, http_errors.InvalidResponseHeaderName,
      http_errors.ConfigurationProblem), None, ""),                     # the server's fault: a 500
    ((http_errors.LimitRequestLine,), 414, "request line too long"),
    ((http_errors.LimitRequestHeaders,), 431, "request header fields too large"),
    ((http_errors.InvalidRequestLine, http_errors.InvalidRequestMethod,
      http_errors.InvalidHTTPVersion), 400, "malformed request line"),
    ((http_errors.InvalidHeader, http_errors.InvalidHeaderName, http_errors.ObsoleteFolding,
      http_errors.InvalidSchemeHeaders), 400, "malformed header"),
    ((http_errors.InvalidChunkSize, http_errors.ChunkMissingTerminator,
      http_errors.InvalidChunkExtension), 400, "malformed chunked body"),
    ((http_errors.UnsupportedTransferCoding,), 501, "unsupported transfer coding"),
    ((UnsupportedCoding,), 415, "unsupported transfer coding"),
    ((ChunkSizeOverflow,), 400, "malformed chunked body"),
    ((ChunkOverLimit,), 413, "request body too large"),
    ((http_errors.ExpectationFailed,), 417, "unsupported expectation"),
    ((http_errors.ForbiddenProxyRequest,), 403, "forbidden"),
    ((IncompleteBody,), 400, "incomplete body"),
    ((BodyTimeout,), 408, "request timeout"),
    ((http_errors.ParseException,), 400, "malformed request"),
)

DETAIL_CHARS = 200      # of the client's own bytes quoted back in a detail


def client_error(exc: BaseException, cfg=None) -> tuple[int, str] | None:
    """The status and ``detail`` the server answers to a request it cannot read, or None for its own fault.

    ``cfg``: gunicorn's settings, to name the header bounds in a 431.
    """
    for classes, status, what in _CLIENT_ERRORS:
        if isinstance(exc, classes):
            if status is None:
                return None
            text = str(exc)
            if len(text) > DETAIL_CHARS:
                text = text[:DETAIL_CHARS] + f"... ({len(text)} characters)"
            if status == 431 and cfg is not None:
                text += (f" (this server takes at most {cfg.limit_request_fields} header fields of at most "
                         f"{cfg.limit_request_field_size} bytes each)")
            return status, f"{what}: {text}"
    return None


def error_bytes(status: int, body: dict) -> bytes:
    """A complete HTTP/1.1 problem+json response that closes the connection."""
    data = json.dumps(body).encode()
    head = (f"HTTP/1.1 {status} {HTTPStatus(status).phrase}\r\nConnection: close\r\n"
            f"Content-Type: {problems.MIMETYPE}\r\nContent-Length: {len(data)}\r\n\r\n")
    return head.encode("latin-1") + data


def client_key(addr) -> str:
    """What :data:`MAX_CLIENT_CONNECTIONS` counts by: the client's IP address (``""`` for a Unix socket)."""
    return addr[0] if isinstance(addr, tuple) and addr else ""


def too_many_bytes(key: str) -> bytes:
    """The 429 problem+json answer to a connection over :data:`MAX_CLIENT_CONNECTIONS` (it closes)."""
    body = problems.plain(429, f"too many connections: this server holds at most {MAX_CLIENT_CONNECTIONS} open "
                               f"connections from one address ({key or 'a Unix socket'}) per worker; "
                               "close some and retry (requests without a body, GET /healthz, are still served)")
    data = json.dumps(body).encode()
    head = (f"HTTP/1.1 429 {HTTPStatus(429).phrase}\r\nConnection: close\r\nRetry-After: 1\r\n"
            f"Content-Type: {problems.MIMETYPE}\r\nContent-Length: {len(data)}\r\n\r\n")
    return head.encode("latin-1") + data


def has_body(headers) -> bool:
    """Whether a request with these (gunicorn's upper-case) headers has a body to read."""
    for name, value in headers:
        if name == "TRANSFER-ENCODING":
            return True
        if name == "CONTENT-LENGTH":
            try:
                return int(value) != 0
            except ValueError:
                return True             # gunicorn refuses it anyway
    return False


class Worker(GeventWorker):
    """Gunicorn's gevent worker with threads left unpatched, its own errors as problem+json, and at most
    :data:`MAX_CLIENT_CONNECTIONS` connections from one client address; past them a request without a body
    is still served and one with a body answered 429 (see the module's docstring)."""

    def init_process(self):
        self.open_by_client = {}                # client address -> connections open in this worker
        self.probes_by_client = {}              # client address -> connections past the bound, head being read
        self.probing = set()                    # the greenlets of those connections
        super().init_process()

    def handle(self, listener, client, addr):
        key = client_key(addr)
        held = self.open_by_client.get(key, 0)
        if held < MAX_CLIENT_CONNECTIONS:
            with _counted(self.open_by_client, key):
                super().handle(listener, client, addr)
            return
        if self.probes_by_client.get(key, 0) >= MAX_CLIENT_PROBES:   # refused unread: cannot fill the pool
            self.log.warning("Too many connections from ip=%s: %d open; 429", key, held)
            try:
                client.setblocking(1)
                client.settimeout(1)
                client.sendall(too_many_bytes(key))
            except OSError:
                pass
            finally:
                util.close(client)
            return
        me = gevent.getcurrent()
        self.probing.add(me)
        try:
            with _counted(self.probes_by_client, key):
                super().handle(listener, client, addr)
        finally:
            self.probing.discard(me)

    def timeout_ctx(self):
        """The time for a request's head: :data:`PROBE_HEAD_SECONDS` past the address's bound."""
        if gevent.getcurrent() in self.probing:
            return gevent.Timeout(PROBE_HEAD_SECONDS, False)
        return super().timeout_ctx()

    def handle_request(self, listener_name, req, sock, addr):
        if gevent.getcurrent() in self.probing and has_body(req.headers):
            key = client_key(addr)          # past the bound a body could be slow: refused before it is read
            self.log.warning("Too many connections from ip=%s: %d open; 429", key, self.open_by_client.get(key, 0))
            try:                            # no linger: the slot is freed at once, as a refusal at accept
                sock.sendall(too_many_bytes(key))
            except OSError:
                pass
            raise StopIteration()           # gunicorn's handle closes the connection
        return super().handle_request(listener_name, req, sock, addr)

    def patch(self):
        monkey.patch_all(thread=False, queue=False)   # real threads and queues: SIGALRM deadline, solver pool
        self.sockets = [gsocket.socket(s.FAMILY, socket.SOCK_STREAM, fileno=s.sock.detach())
                        for s in self.sockets]

    def handle_error(self, req, client, addr, exc):
        answer = client_error(exc, self.cfg)
        if answer is None:
            self.log.exception("Error handling request %s", getattr(req, "uri", "(no URI read)"))
            status, body = 500, problems.internal_body()
        else:
            status, detail = answer
            self.log.warning("Invalid request from ip=%s: %s %s", (addr or ("",))[0], status, detail)
            body = problems.plain(status, detail)
        try:
            util.write_nonblock(client, error_bytes(status, body))
            linger(client)
        except OSError:
            self.log.debug("Failed to send error message.")


@contextlib.contextmanager
def _counted(counts: dict, key: str):
    """``counts[key]`` one more inside the block (the key dropped again at 0)."""
    counts[key] = counts.get(key, 0) + 1
    try:
        yield
    finally:
        left = counts[key] - 1
        if left:
            counts[key] = left
        else:
            del counts[key]


LINGER_SECONDS = 1.0        # after an error answer: how long the rest of the request is read and dropped
LINGER_BYTES = 256 * 1024   # ... and how much of it at most


def linger(client) -> None:
    """After an error answer sent before the body was read: stop sending, then read and drop what the client
    still sends, for at most :data:`LINGER_SECONDS` and :data:`LINGER_BYTES`. Closing with unread bytes
    would make the kernel reset the connection, and a client still sending could lose the answer."""
    client.shutdown(socket.SHUT_WR)
    dropped, end = 0, time.monotonic() + LINGER_SECONDS
    while dropped < LINGER_BYTES and (left := end - time.monotonic()) > 0:
        client.settimeout(left)
        try:
            data = client.recv(65536)
        except OSError:                     # a timeout (socket.timeout is an OSError) or a reset
            return
        if not data:
            return
        dropped += len(data)


class WholeBody:
    """WSGI middleware: read a request's whole body, within :data:`BODY_SECONDS`, before the app runs.

    The app then gets the body as an in-memory stream. Broken chunked framing raises the
    server's own parse error and a body short of its ``Content-Length`` (the client closed)
    raises :class:`IncompleteBody`: both end the request before the app, answered by
    :meth:`Worker.handle_error`. A declared length over ``limit`` bytes is left unread for the
    app to refuse (413); a chunked body is read up to ``limit + 1`` bytes, for the same reason.
    """

    def __init__(self, app, limit: int):
        self.app, self.limit = app, limit

    def __call__(self, environ, start_response):
        coding = environ.get("HTTP_TRANSFER_ENCODING", "")
        codings = [c.strip().lower() for c in coding.split(",") if c.strip()]
        if any(c != "chunked" for c in codings):      # gunicorn passes gzip etc. on undecoded
            raise UnsupportedCoding(coding)
        chunked = bool(codings)
        length = None if chunked else int(environ.get("CONTENT_LENGTH") or 0)
        if length == 0 or (length is not None and length > self.limit):
            return self.app(environ, start_response)
        want = self.limit + 1 if chunked else length
        stream, parts, got = environ["wsgi.input"], [], 0
        if chunked:
            self._bound_chunk_sizes(stream)
        with gevent.Timeout(BODY_SECONDS, BodyTimeout()):
            while got < want:
                try:
                    part = stream.read(min(want - got, 65536))
                except http_errors.NoMoreData:          # chunked: the connection ended mid-body
                    raise IncompleteBody(got, None) from None
                if not part:
                    break
                parts.append(part)
                got += len(part)
        if length is not None and got < length:
            raise IncompleteBody(got, length)
        environ["wsgi.input"] = io.BytesIO(b"".join(parts))
        return self.app(environ, start_response)

    def _bound_chunk_sizes(self, stream) -> None:
        """Check each chunk size as gunicorn's reader parses it, so a huge one is refused at once instead of
        waiting :data:`BODY_SECONDS` for bytes that never come. (Gunicorn's ``ChunkedReader`` looks up
        ``parse_chunk_size`` on itself for every chunk; a reader without it is left as it is.)"""
        reader = getattr(stream, "reader", None)
        parse = getattr(reader, "parse_chunk_size", None)
        if parse is None:
            return
        declared, limit = [0], self.limit

        def bounded(unreader, data=None):
            size, rest = parse(unreader, data)
            if size >= 16 ** (MAX_CHUNK_DIGITS - 1):
                raise ChunkSizeOverflow(size)
            declared[0] += size
            if declared[0] > limit:
                raise ChunkOverLimit(declared[0], limit)
            return size, rest
        reader.parse_chunk_size = bounded


class Service(BaseApplication):
    """Gunicorn running one already-built WSGI app with options given in code (no argv, no config file)."""

    def __init__(self, app, options: dict):
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            if key in self.cfg.settings:       # settings newer than the installed gunicorn are skipped
                self.cfg.set(key, value)

    def load(self):
        return self.application


#: The most worker processes ``serve`` starts: each is a whole Python process with the engine (~50 MiB), and
#: the engine is CPU-bound, so more than a few per core only costs memory (100,000 once exhausted the machine).
MAX_WORKERS = 64


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


#: The highest TCP port.
MAX_PORT = 65535


def listen(host: str, port: int) -> socket.socket:
    """A TCP socket bound to ``host:port`` and listening (port 0: the kernel picks one).

    Raises:
        ServeError: the port is not 0..65535, the host does not resolve, the port is in use, or the address cannot
            be bound.
    """
    if isinstance(port, bool) or not isinstance(port, int) or not 0 <= port <= MAX_PORT:
        # getaddrinfo takes 99999 and binds it modulo 65536 (port 34463): never serve on a port not asked for
        raise ServeError(f"port {port!r}: must be a whole number 0..{MAX_PORT} (0: any free port)")
    try:
        family, kind, proto, _, address = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0]
    except socket.gaierror as exc:
        raise ServeError(f"host {host!r}: cannot resolve it ({exc.strerror})") from None
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)   # as gunicorn does: restarts are not refused
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError as exc:
        sock.close()
        if exc.errno == errno.EADDRINUSE:
            raise ServeError(f"port {port} on {host} is in use") from None
        if exc.errno == errno.EACCES:
            raise ServeError(f"port {port} on {host}: permission denied (ports below 1024 need privileges)") \
                from None
        if exc.errno == errno.EADDRNOTAVAIL:
            raise ServeError(f"host {host}: not an address of this machine") from None
        raise ServeError(f"{host} port {port}: cannot listen ({exc.strerror})") from None
    sock.set_inheritable(True)
    return sock


def gunicorn_options(host: str, port: int, workers: int, request_timeout: float, access_log: bool = True,
                     fd: int | None = None) -> dict:
    """Gunicorn's settings for :func:`serve`; ``fd``: an already listening socket to serve on."""
    bind = f"fd://{fd}" if fd is not None else f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return {
        "bind": bind,
        "workers": workers,
        "worker_class": Worker,
        "keepalive": HEADER_SECONDS,
        "timeout": int(math.ceil(request_timeout)) + GRACE_SECONDS,
        "graceful_timeout": 10,
        "preload_app": True,           # import the engine once, share it copy-on-write
        "accesslog": "-" if access_log else None,
        "errorlog": "-",
        "proc_name": "euchre-serve",
        "control_socket_disable": True,  # gunicorn >= 24: no shared ~/.gunicorn socket between instances
    }


def serve(host: str = "127.0.0.1", port: int = 8000, workers: int | None = None, config=None,
          access_log: bool = True) -> None:
    """Serve the API on ``host:port`` with ``workers`` processes (default: one per available core).

    ``config`` overrides the app's bounds (see ``api.app.DEFAULTS``); so do
    ``EUCHRE_<KEY>`` environment variables. ``access_log`` writes one line per
    request to stdout (errors go to stderr). Blocks until gunicorn is stopped
    (SIGINT or SIGTERM). Port 0 picks a free port; the log line
    ``Listening at: http://host:port`` names it.

    Raises:
        ValueError: a bad ``workers`` or configuration value.
        ServeError: the address cannot be listened on (``port 8000 on 127.0.0.1 is in use``),
            before anything starts.
    """
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int)
                                or not 1 <= workers <= MAX_WORKERS):
        raise ValueError(f"workers {workers!r}: must be a whole number 1..{MAX_WORKERS}")
    sock = listen(host, port)           # first, and the only bind: gunicorn serves this socket
    try:
        app = create_app(config)
    except BaseException:
        sock.close()
        raise
    options = gunicorn_options(host, port, workers or default_workers(), app.config["REQUEST_TIMEOUT"],
                               access_log, fd=sock.detach())     # gunicorn owns the socket from here
    Service(WholeBody(app, app.config["MAX_CONTENT_LENGTH"]), options).run()


if __name__ == "__main__":          # python -m api.serve [host] [port] [workers]
    import argparse
    import sys

    parser = argparse.ArgumentParser(prog="python -m api.serve", description="Serve the HTTP API under gunicorn "
                                     "(as euchre serve).")
    parser.add_argument("host", nargs="?", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    parser.add_argument("port", nargs="?", type=int, default=8000, help="port (default 8000; 0: any free port)")
    parser.add_argument("workers", nargs="?", type=int, default=None,
                        help="gunicorn worker processes (default: one per available core)")
    args = parser.parse_args()                     # --help, and a port or workers not a number, named by argparse
    try:
        serve(args.host, args.port, args.workers)
    except (ServeError, ValueError) as exc:
        sys.exit(f"api.serve: error: {exc}")
