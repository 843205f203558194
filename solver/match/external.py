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
is not JSON or has no ``action`` string, a line longer than :data:`MAX_ANSWER_BYTES` (64 KiB; it
forfeits as soon as that much has come without a newline), an action not legal, no answer within
the time limit (which holds whatever the program writes, and while it does not read its input),
or the program exiting; the reason is in the match's forfeits. After a time-out or a garbled
answer the program is stopped and started afresh for the next decision (so a late answer is
never read as the next one); after it exits it is started again too, and a program that
cannot be started forfeits every deal it is asked about. The match never hangs on it. The program
runs in a session of its own under :mod:`solver.match.reaper`, a child subreaper, so every process it
starts stays in one tree (one started in a new session with ``setsid``, or left by a parent that exited,
included); stopping it (after a forfeit, and at the end of the match) kills that whole tree and the
program's process group, so the processes it started do not outlive the match.

``tests/bot_echo.py`` is a bot that answers the first legal action.
"""
from __future__ import annotations

import json
import os
import select
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from ..errors import ArgumentError, EuchreError, quoted
from .protocol import engine, legal_tokens
from .reaper import kill_tree

#: The program that starts a bot and stays its parent (run by its path: see :mod:`solver.match.reaper`).
REAPER = str(Path(__file__).with_name("reaper.py"))

#: The longest answer line the referee reads (bytes, newline excluded): a longer one forfeits the deal
#: at once, so a bot that floods its output costs neither memory nor time.
MAX_ANSWER_BYTES = 64 * 1024

#: The answers to a ``defend`` request and what they mean.
DEFEND_ANSWERS = {"defend alone": True, "defend partner": False}

__all__ = ["ExternalAgent", "AgentForfeit", "MAX_ANSWER_BYTES"]


class AgentForfeit(EuchreError):
    """An external program failed a decision; ``forfeit_kind``: ``"garbage"``, ``"timeout"`` or ``"error"``."""

    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.forfeit_kind = kind


class ExternalAgent:
    """An agent that is a program speaking the JSON-lines protocol above. ``command``: the command line.

    Raises :class:`~solver.errors.ArgumentError` for an empty command or a program not found."""

    own_clock = True

    def __init__(self, command: str):
        try:
            argv = shlex.split(command)
        except ValueError as exc:
            raise ArgumentError(f"external agent {quoted(command)}: {exc}") from None
        if not argv:
            raise ArgumentError("external agent: no command after 'external:'")
        if shutil.which(argv[0]) is None:
            raise ArgumentError(f"external agent {quoted(command)}: program {quoted(argv[0])} not found")
        self.command, self.argv = command, argv
        self.name = f"external:{command}"
        self._proc = None
        self._buf = bytearray()

    def __getstate__(self):                    # a worker process starts its own copy of the program
        return {"command": self.command}

    def __setstate__(self, state):
        self.__init__(state["command"])

    # -- the process -------------------------------------------------------------------------------
    def _start(self):
        try:
            # through the reaper (a subreaper: what the bot starts stays in its tree, even in a new session
            # or orphaned) in a session of its own, so that close() can end all of it
            self._proc = subprocess.Popen([sys.executable, REAPER, *self.argv], stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, bufsize=0, start_new_session=True)
        except OSError as exc:
            self._proc = None
            raise AgentForfeit("error", f"could not start {quoted(self.command)}: {exc}") from None
        os.set_blocking(self._proc.stdin.fileno(), False)     # a bot that never reads cannot block the referee
        self._buf = bytearray()

    @staticmethod
    def _exit_code(proc, timeout: float = 0.0):
        """``proc``'s exit code once it has exited (waiting up to ``timeout`` s), else ``None``. It is
        left a zombie, not reaped, so its process group id cannot be reused before close() kills the group."""
        end = time.monotonic() + timeout
        while True:
            try:
                info = os.waitid(os.P_PID, proc.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
            except ChildProcessError:                       # reaped already
                return proc.returncode
            if info is not None:
                return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status
            if time.monotonic() >= end:
                return None
            time.sleep(0.01)

    def close(self) -> None:
        """Stop the program: its standard input is closed, and after a second at most (or at once when it
        had already exited) its whole process tree and process group are killed, so the processes it
        started do not outlive it, in a session of their own or not (:mod:`solver.match.reaper`)."""
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            proc.stdin.close()
        except OSError:
            pass
        try:
            self._exit_code(proc, timeout=1.0)
        finally:
            kill_tree(proc.pid)                             # what left the group (setsid) but not the tree
            try:
                os.killpg(proc.pid, signal.SIGKILL)         # the group's id is the leader's pid (a new session)
            except (ProcessLookupError, PermissionError):
                pass
            proc.wait()
            proc.stdout.close()

    def _exited(self) -> str:
        code = self._exit_code(self._proc, timeout=1.0)
        self.close()
        return f"program {quoted(self.command)} exited" + ("" if code is None else f" (code {code})")

    def _timed_out(self, kind: str, time_limit) -> AgentForfeit:
        self.close()
        return AgentForfeit("timeout", f"gave no answer within {time_limit:g} s ({kind} decision)")

    def _send(self, data: bytes, kind: str, deadline, time_limit) -> None:
        """Write a request to the program's standard input within the deadline (the pipe is non-blocking)."""
        fd, view = self._proc.stdin.fileno(), memoryview(data)
        while view:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            _, ready, _ = select.select([], [fd], [], wait)
            if not ready:
                raise self._timed_out(kind, time_limit)
            try:
                view = view[os.write(fd, view):]
            except BlockingIOError:
                continue
            except OSError:
                raise AgentForfeit("error", self._exited()) from None

    def _read_line(self, kind: str, deadline, time_limit) -> bytes:
        """The program's next answer line, without its newline. The deadline holds whatever the program
        writes (it is checked after every read, not only when the pipe is quiet), and a line longer than
        :data:`MAX_ANSWER_BYTES` forfeits as soon as that many bytes have come without a newline."""
        fd = self._proc.stdout.fileno()
        searched = 0                                   # bytes of the buffer known to hold no newline
        while True:
            end = self._buf.find(b"\n", searched)
            if end >= 0:
                raw = bytes(self._buf[:end])
                del self._buf[:end + 1]
                if end > MAX_ANSWER_BYTES:
                    break
                return raw
            searched = len(self._buf)
            if searched > MAX_ANSWER_BYTES:
                break
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                raise self._timed_out(kind, time_limit)
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                raise self._timed_out(kind, time_limit)
            chunk = os.read(fd, 65536)
            if not chunk:
                raise AgentForfeit("error", self._exited() + f" before answering a {kind} request")
            self._buf += chunk
        self.close()
        raise AgentForfeit("garbage", f"answered a line longer than {MAX_ANSWER_BYTES} bytes to a {kind} request "
                                      f"(an answer is one short JSON line)")

    def _ask(self, kind: str, view, legal: list, time_limit) -> str:
        if self._proc is None or self._exit_code(self._proc) is not None:
            self.close()
            self._start()
        deadline = None if time_limit is None else time.monotonic() + time_limit
        line = engine(lambda: json.dumps({"type": kind, "view": view.to_dict(), "legal": legal,
                                          "time_limit": time_limit}) + "\n")     # the engine's, not the bot's
        self._send(line.encode(), kind, deadline, time_limit)
        raw = self._read_line(kind, deadline, time_limit)
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
        return self._ask("bid", view, engine(legal_tokens, view, "bid"), time_limit)

    def discard(self, view, time_limit=None) -> str:
        return self._ask("discard", view, engine(legal_tokens, view, "discard"), time_limit)

    def play(self, view, time_limit=None) -> str:
        return self._ask("play", view, engine(legal_tokens, view, "play"), time_limit)

    def defend(self, view, time_limit=None):
        """``True`` to defend alone, ``False`` with the partner; any other answer is passed on as it came,
        so the referee forfeits it."""
        answer = self._ask("defend", view, list(DEFEND_ANSWERS), time_limit)
        return DEFEND_ANSWERS.get(answer, answer)
