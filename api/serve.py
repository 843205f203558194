"""Run the service under gunicorn (embedded through ``gunicorn.app.base.BaseApplication``).

``euchre serve [--host 127.0.0.1] [--port 8000] [--workers N]`` calls :func:`serve`.
Workers are gunicorn's *sync* workers: one request at a time per process, in
the process's main thread, which is where the per-request deadline
(:mod:`api.limits`) can interrupt the engine. The engine is CPU-bound, so one
worker per core is the right number (the default). Gunicorn's own worker
``timeout`` is set past ``REQUEST_TIMEOUT`` as a last resort: the deadline
answers first.
"""
from __future__ import annotations

import math
import os

from gunicorn.app.base import BaseApplication

from .app import create_app

GRACE_SECONDS = 15


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


def default_workers() -> int:
    return max(1, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1)


def gunicorn_options(host: str, port: int, workers: int, request_timeout: float, access_log: bool = True) -> dict:
    return {
        "bind": f"[{host}]:{port}" if ":" in host else f"{host}:{port}",
        "workers": workers,
        "worker_class": "sync",
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

    ``config`` overrides the app's bounds (see :data:`api.app.DEFAULTS`); so do
    ``EUCHRE_<KEY>`` environment variables. ``access_log`` writes one line per
    request to stdout (errors go to stderr). Blocks until gunicorn is stopped
    (SIGINT or SIGTERM). Port 0 picks a free port; the log line
    ``Listening at: http://host:port`` names it.
    """
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise ValueError(f"workers {workers!r}: must be a positive whole number")
    app = create_app(config)
    options = gunicorn_options(host, port, workers or default_workers(), app.config["REQUEST_TIMEOUT"], access_log)
    Service(app, options).run()


if __name__ == "__main__":          # python -m api.serve [host] [port] [workers]
    import sys

    args = sys.argv[1:]
    serve(args[0] if args else "127.0.0.1", int(args[1]) if len(args) > 1 else 8000,
          int(args[2]) if len(args) > 2 else None)
