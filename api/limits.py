"""Bounds on the work of one request: checked before the engine runs, and a deadline while it runs.

Config keys (``app.config``; defaults in :data:`api.app.DEFAULTS`, environment
``EUCHRE_<KEY>``):

* ``MAX_CONTENT_LENGTH``: bytes of request body (Flask's own key; a larger body is 413).
* ``MAX_WORLDS``: worlds in one ``/v1/advise`` request (and per decision in a review).
* ``MAX_REVIEW_WORK``: ``worlds x deals`` of one ``/v1/review`` request.
* ``REQUEST_TIMEOUT``: seconds the engine may run for one request.

and, fixed, :data:`MAX_JSON_DEPTH` levels of JSON nesting in a body (422 deeper).

The world bounds are the cost estimate: they are checked before any work and a
request over them is a 422 ``over-limit`` problem naming ``worlds``. The
deadline catches the rest: in the process's main thread (``euchre serve``,
whose gevent workers run every greenlet there, see :mod:`api.serve`; a sync
worker; Flask's test client) the engine call runs under a ``SIGALRM`` timer,
and when it fires the engine is interrupted at its next Python step (the
Cython core returns to Python after each batch, within milliseconds) and the
client gets a 503 ``deadline-exceeded`` problem; the worker then goes on
serving. Off the main thread (a threaded dev server) signals are not
available and only the up-front bounds apply.
"""
from __future__ import annotations

import math
import signal
import threading
from contextlib import contextmanager

from flask import current_app
from pydantic import BaseModel

import solver

from .problems import Problem, from_engine


MAX_JSON_DEPTH = 32   # JSON nesting of a request body; deeper input can overflow the engine's recursion


def too_deep(value, limit: int):
    """The top-level member under which ``value`` nests deeper than ``limit`` levels, else None.

    Iterative, so it cannot itself overflow the stack; the engine (copy.deepcopy, jsonschema) could.
    """
    stack = [(v, 1, k) for k, v in value.items()] if isinstance(value, dict) else [(value, 0, None)]
    while stack:
        item, depth, top = stack.pop()
        if depth > limit:
            return top
        if isinstance(item, dict):
            stack.extend((v, depth + 1, top) for v in item.values())
        elif isinstance(item, list):
            stack.extend((v, depth + 1, top) for v in item)
    return None


class DeadlineExceeded(BaseException):
    """Raised inside the engine call when the time per request runs out.

    A ``BaseException`` so that no ``except Exception`` in the engine swallows it.
    """


def check_worlds(worlds: int, field: str = "worlds") -> None:
    bound = current_app.config["MAX_WORLDS"]
    if worlds > bound:
        raise Problem("over-limit", f"{field} {worlds}: this server allows at most {bound} worlds per request",
                      field=field, limit=bound)


def check_review_work(worlds: int, deals: int) -> None:
    check_worlds(worlds)
    bound = current_app.config["MAX_REVIEW_WORK"]
    if worlds * deals > bound:
        raise Problem("over-limit", f"worlds {worlds}: {worlds} worlds x {deals} deals = {worlds * deals} is over "
                                    f"this server's bound of {bound} (worlds x deals) per review; "
                                    f"send at most {bound // max(deals, 1)} worlds or fewer deals",
                      field="worlds", limit=bound)


def _can_alarm() -> bool:
    return hasattr(signal, "setitimer") and threading.current_thread() is threading.main_thread()


@contextmanager
def deadline(seconds: float | None):
    """Raise :class:`DeadlineExceeded` in the block if it runs longer than ``seconds`` (main thread only)."""
    if not seconds or seconds <= 0 or not _can_alarm():
        yield
        return

    def on_alarm(signum, frame):
        signal.setitimer(signal.ITIMER_REAL, 0)
        raise DeadlineExceeded()

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
        finally:
            signal.signal(signal.SIGALRM, previous)


@contextmanager
def engine(body: BaseModel | None, main_field: str | None):
    """Run engine calls for one request: under the deadline, with engine errors turned into problems.

    ``main_field`` is the request member an engine error is about when its
    message does not name another member (see :func:`api.problems.field_of`).
    """
    timeout = current_app.config["REQUEST_TIMEOUT"]
    fields = set(type(body).model_fields) if body is not None else set()
    try:
        with deadline(timeout):
            yield
    except solver.EuchreError as exc:
        raise from_engine(exc, fields, main_field) from None
    except DeadlineExceeded:
        raise Problem("deadline-exceeded", f"the analysis did not finish within this server's limit of "
                                           f"{timeout:g} s per request and was stopped",
                      headers={"Retry-After": str(max(1, math.ceil(timeout)))}, limit=timeout) from None


def engine_function(name: str):
    """``solver.<name>``, or a 501 problem when this build of the engine does not have it yet."""
    fn = getattr(solver, name, None)
    if fn is None:
        raise Problem("not-available", f"solver.{name} is not in this build of the engine", field=None)
    return fn
