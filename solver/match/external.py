"""The external-program agent, ``external:COMMAND``: a bot in any language, over JSON lines.

The referee starts ``COMMAND`` (split as a shell would, :func:`shlex.split`; not run by a shell) once
per match (per worker with ``jobs > 1``) and writes **one request per decision** to its standard
input, one JSON object on one line::

    {"type": "bid", "view": {...}, "legal": ["pass", "order", "order alone"], "time_limit": 10.0}

* ``type``: ``"bid"`` (a call), ``"discard"`` (the dealer's discard after picking up), ``"play"``, or
  ``"defend"`` (``Rules(defend_alone=True)``: a defender against a loner, answered ``"defend alone"``
  or ``"defend partner"``).
* ``view``: the deciding seat's view, :meth:`solver.game.SeatView.to_dict` (``seat``, ``hand``,
  ``dealer``, ``upcard``, ``calls``, ``alone``, ``tricks``, ``discard``, ``rules``, ...): only what
  that seat has seen.
* ``legal``: every legal answer: call tokens (``"pass"``, ``"order"``, ``"order alone"``,
  ``"call h"``, ``"call h alone"``) or cards (``"Jh"``).
* ``time_limit``: seconds the answer may take (``null``: no limit).

The program answers **one line**, a JSON object: ``{"action": "order"}`` (one of ``legal``).
Going alone is said with the call. Anything else forfeits that deal (:mod:`solver.match.referee`): a line that
is not JSON or has no ``action`` string, an action not legal, no answer within the time limit,
or the program exiting; the reason is in the match's forfeits. After a time-out or a garbled
answer the program is stopped and started afresh for the next decision (so a late answer is
never read as the next one); after it exits it is started again too, and a program that
cannot be started forfeits every deal it is asked about. The match never hangs on it.

``tests/bot_echo.py`` is a bot that answers the first legal action.
"""
from __future__ import annotations

import json
import os
import select
import shlex
import shutil
import subprocess
import time

from ..errors import EuchreError, RulesError, quoted
from .protocol import legal_tokens

#: The answers to a ``defend`` request and what they mean.
DEFEND_ANSWERS = {"defend alone": True, "defend partner": False}

__all__ = ["ExternalAgent", "AgentForfeit"]


class AgentForfeit(EuchreError):
    """An external program failed a decision; ``forfeit_kind``: ``"garbage"``, ``"timeout"`` or ``"error"``."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.forfeit_kind = kind


class ExternalAgent:
    """An agent that is a program speaking the JSON-lines protocol above. ``command``: the command line.

    Raises :class:`RulesError` for an empty command or a program not found."""

    own_clock = True

    def __init__(self, command: str):
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise RulesError(f"external agent {quoted(command)}: {exc}") from None
        if not argv:
            raise RulesError("external agent: no command after 'external:'")
        if shutil.which(argv[0]) is None:
            raise RulesError(f"external agent {quoted(command)}: program {quoted(argv[0])} not found")
        self.command, self.argv = command, argv
        self.name = f"external:{command}"
        self._proc = None
        self._buf = b""

    def __getstate__(self):                    # a worker process starts its own copy of the program
        return {"command": self.command}

    def __setstate__(self, state):
        self.__init__(state["command"])

    # -- the process -------------------------------------------------------------------------------
    def _start(self):
        try:
            self._proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        except OSError as exc:
            self._proc = None
            raise AgentForfeit("error", f"could not start {quoted(self.command)}: {exc}") from None
        self._buf = b""

    def close(self) -> None:
        """Stop the program (it gets its standard input closed, then a kill after a second)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()
            proc.wait(timeout=1)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            proc.stdout.close()

    def _exited(self) -> str:
        proc = self._proc
        try:
            code = proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        self.close()
        return f"program {quoted(self.command)} exited" + ("" if code is None else f" (code {code})")

    def _ask(self, kind: str, view, legal: list, time_limit) -> str:
        if self._proc is None or self._proc.poll() is not None:
            self.close()
            self._start()
        line = json.dumps({"type": kind, "view": view.to_dict(), "legal": legal, "time_limit": time_limit}) + "\n"
        try:
            self._proc.stdin.write(line.encode())
        except OSError:
            raise AgentForfeit("error", self._exited()) from None
        deadline = None if time_limit is None else time.monotonic() + time_limit
        fd = self._proc.stdout.fileno()
        while b"\n" not in self._buf:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                self.close()
                raise AgentForfeit("timeout", f"gave no answer within {time_limit:g} s ({kind} decision)")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise AgentForfeit("error", self._exited() + f" before answering a {kind} request")
            self._buf += chunk
        raw, self._buf = self._buf.split(b"\n", 1)
        try:
            answer = json.loads(raw)
        except ValueError:
            answer = None
        if not isinstance(answer, dict) or not isinstance(answer.get("action"), str):
            self.close()
            text = raw[:80].decode("utf-8", "replace")
            raise AgentForfeit("garbage", f"answered {quoted(text)} to a {kind} request, "
                                          "not a JSON object with an \"action\" string")
        return answer["action"]

    # -- the agent protocol --------------------------------------------------------------------------
    def bid(self, view, time_limit=None) -> str:
        return self._ask("bid", view, legal_tokens(view, "bid"), time_limit)

    def discard(self, view, time_limit=None) -> str:
        return self._ask("discard", view, legal_tokens(view, "discard"), time_limit)

    def play(self, view, time_limit=None) -> str:
        return self._ask("play", view, legal_tokens(view, "play"), time_limit)

    def defend(self, view, time_limit=None):
        """``True`` to defend alone, ``False`` with the partner; any other answer is passed on as it came,
        so the referee forfeits it."""
        answer = self._ask("defend", view, list(DEFEND_ANSWERS), time_limit)
        return DEFEND_ANSWERS.get(answer, answer)
