"""A Dask distributed cluster as a :class:`concurrent.futures.Executor` for the corpus review.

``--cluster tcp://HOST:PORT`` connects to a running scheduler (``dask scheduler`` and some
``dask worker tcp://HOST:PORT`` processes, each with ``euchre-dd`` installed);
``--cluster local:N`` starts a :class:`distributed.LocalCluster` of ``N`` worker processes
(one thread each) on this machine and stops it afterwards. Dask is the optional extra
``pip install "euchre-dd[cluster]"``; nothing here imports it until a cluster is asked for.

>>> parse_cluster("local:2"), parse_cluster("tcp://10.0.0.5:8786"), parse_cluster("10.0.0.5:8786")
(('local', 2), ('address', 'tcp://10.0.0.5:8786'), ('address', 'tcp://10.0.0.5:8786'))
"""
from __future__ import annotations

import logging
import re
import threading
from contextlib import ExitStack, contextmanager

from ..bounds import check_int
from ..errors import EuchreError, quoted

#: Seconds to wait for a scheduler to answer (and a local cluster to start) before giving up.
CONNECT_TIMEOUT = 10
#: Seconds to wait for a connected cluster to have at least one worker before giving up (at the start,
#: and during a run whose every worker has gone).
WORKER_TIMEOUT = 60
#: The most worker processes ``local:N`` starts (each holds its own solver tables, some 100 MB).
MAX_LOCAL_WORKERS = 32

_ADDRESS = re.compile(r"^(?:(tcp|tls)://)?(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9_.-]+):(\d{1,5})$")


def parse_cluster(spec: str) -> tuple:
    """``("local", n)`` for ``"local:N"``, ``("address", "tcp://host:port")`` for a scheduler's
    address (``tcp://`` or ``tls://``, or ``host:port``). Raises :class:`~solver.EuchreError`
    for anything else, or ``N`` outside 1..:data:`MAX_LOCAL_WORKERS`."""
    text = str(spec).strip()
    if text.startswith("local:"):
        n = text[len("local:"):]
        if not n.isdigit():
            raise EuchreError(f"cluster {quoted(spec)}: local:N takes a number of worker processes, e.g. local:2")
        return "local", check_int(int(n), "cluster local workers", 1, MAX_LOCAL_WORKERS)
    m = _ADDRESS.match(text)
    if m is None or not 0 < int(m.group(3)) < 65536:
        raise EuchreError(f"cluster {quoted(spec)}: expected a Dask scheduler's address, tcp://HOST:PORT "
                          "(e.g. tcp://10.0.0.5:8786), or local:N (N worker processes on this machine)")
    return "address", f"{m.group(1) or 'tcp'}://{m.group(2)}:{m.group(3)}"


def _distributed():
    try:
        import distributed
    except ImportError:
        raise EuchreError("a Dask cluster needs the optional extra: pip install \"euchre-dd[cluster]\" "
                          "(the distributed package)") from None
    return distributed


def _workers(client) -> int:
    """The workers the scheduler knows now (0 when it cannot be asked)."""
    try:
        return len(client.nthreads())
    except Exception:                    # the scheduler gone too: no worker to wait for
        return 0


@contextmanager
def cluster_executor(spec: str, timeout: float = CONNECT_TIMEOUT):
    """Yield ``(executor, threads)`` for the cluster ``spec`` (:func:`parse_cluster`): a
    ``Client(...).get_executor()`` and the worker threads the cluster has now; the client (and
    a local cluster) are closed on exit.

    Raises :class:`~solver.EuchreError` when the scheduler does not answer within ``timeout``
    seconds (or answers but is not a Dask scheduler), or a local cluster does not start.
    """
    kind, where = parse_cluster(spec)
    distributed = _distributed()
    cluster = client = None
    stack = ExitStack()
    try:
        if kind == "local":
            try:
                stack.enter_context(_keep_malloc_defaults())
                cluster = distributed.LocalCluster(n_workers=where, threads_per_worker=1, processes=True,
                                                   dashboard_address=None, silence_logs=logging.ERROR,
                                                   timeout=max(timeout, 30))
                client = distributed.Client(cluster, timeout=timeout)
            except Exception as exc:     # the cluster's own errors are of many kinds
                raise EuchreError(f"cluster {spec}: the local cluster did not start: {type(exc).__name__}: "
                                  f"{exc}") from None
        else:
            client = _connect(distributed, where, timeout)
            try:
                client.wait_for_workers(1, timeout=WORKER_TIMEOUT)
            except Exception:            # TimeoutError (or the scheduler gone meanwhile)
                raise EuchreError(f"cluster {where}: the scheduler answered but no worker joined it within "
                                  f"{WORKER_TIMEOUT} s (start some with: dask worker {where})") from None
        threads = sum(client.nthreads().values())
        # pure=False: a retried deal is a new task, not the failed one again
        executor = client.get_executor(pure=False)
        # how review_corpus tells a cluster whose every worker is gone from one that is only busy
        executor.workers_alive = lambda: _workers(client)
        executor.worker_timeout = WORKER_TIMEOUT
        yield executor, max(1, threads)
    finally:
        for thing in (client, cluster):
            if thing is not None:
                try:
                    thing.close()
                except Exception:        # closing after a lost connection: nothing left to close
                    pass
        stack.close()


def _connect(distributed, where: str, timeout: float):
    """``distributed.Client(where)``, given up after ``timeout`` seconds however the peer behaves.

    The client's own timeout does not bound its handshake: a peer that accepts the connection
    and never answers holds it forever. The connection is made in a daemon thread (which cannot
    hold the process at exit) and abandoned when late."""
    done, box = threading.Event(), {}

    def connect():
        try:
            box["client"] = distributed.Client(where, timeout=timeout)
        except BaseException as exc:     # OSError (timeout, refused, unknown host), or garbage from another server
            box["error"] = exc
        done.set()

    threading.Thread(target=connect, name="euchre-dask-connect", daemon=True).start()
    if not done.wait(timeout + 2) or "error" in box:
        exc = box.get("error")
        why = f" ({type(exc).__name__}: {_short(exc)})" if exc is not None else " (it accepted the connection and said nothing)"
        raise EuchreError(f"cluster {where}: no Dask scheduler answered within {timeout:g} s{why}")
    return box["client"]


def _keep_malloc_defaults():
    """Dask's nanny starts each worker with ``MALLOC_TRIM_THRESHOLD_=65536`` (its
    ``distributed.nanny.pre-spawn-environ``), which makes glibc give memory back to the system
    after almost every numpy temporary: the review then spends about 50% more CPU a deal
    (measured: 8 deals of vwec-finals at 20 worlds, 1.4 s against 2.2 s). The local cluster's
    workers keep glibc's own (adaptive) threshold; the other settings (one BLAS thread) stay."""
    import dask
    environ = {k: v for k, v in dask.config.get("distributed.nanny.pre-spawn-environ", {}).items()
               if k != "MALLOC_TRIM_THRESHOLD_"}
    return dask.config.set({"distributed.nanny.pre-spawn-environ": environ})


def _short(exc) -> str:
    text = str(exc).splitlines()[0] if str(exc) else ""
    return text[:200]


__all__ = ["CONNECT_TIMEOUT", "WORKER_TIMEOUT", "MAX_LOCAL_WORKERS", "parse_cluster", "cluster_executor"]
