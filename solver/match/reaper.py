"""The parent of an external bot: ``python reaper.py COMMAND...`` (run by its path, not imported).

:class:`solver.match.external.ExternalAgent` starts a bot through this small program, in a session of
its own, so that everything the bot starts stays in one process tree: the reaper makes itself a *child
subreaper* (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``), so a process whose parent exits (a child the bot
started in a new session with ``setsid``, a daemon that forked twice) is re-parented to the reaper, not to
init, and the referee's walk of the reaper's tree finds it. The bot inherits the standard input and output
(the reaper keeps no copy, so the referee still reads end of file when the bot and its children are
gone); when the bot exits the reaper kills every process left under it and exits with the bot's status.
Where ``prctl`` is not available the reaper only runs the bot (the referee's walk then finds the processes
whose parents live).
"""
import ctypes
import os
import signal
import subprocess
import sys

PR_SET_CHILD_SUBREAPER = 36                 # <linux/prctl.h>


def kill_tree(pid: int) -> None:
    """SIGKILL every descendant of ``pid`` (not ``pid`` itself): stopped first, so none starts another
    while the tree is walked, then killed."""
    import psutil                           # only when there is something to end: a fast start for the bot
    try:
        root = psutil.Process(pid)
    except psutil.NoSuchProcess:
        return
    found: dict = {}
    for _ in range(10):                     # until a walk finds nobody new (each found one is stopped)
        try:
            new = [p for p in root.children(recursive=True) if p.pid not in found]
        except psutil.NoSuchProcess:
            break
        if not new:
            break
        for p in new:
            found[p.pid] = p
            try:
                p.suspend()
            except psutil.Error:
                pass
    for p in found.values():
        try:
            p.kill()                         # psutil checks the pid still names the process it found
        except psutil.Error:
            pass


def main(argv: list) -> int:
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)
    except (OSError, AttributeError):
        pass
    try:
        bot = subprocess.Popen(argv)
    except OSError as exc:
        print(f"could not start {argv[0]!r}: {exc}", file=sys.stderr)
        return 127
    devnull = os.open(os.devnull, os.O_RDWR)
    os.dup2(devnull, 0)                     # the bot's pipes are the bot's: end of file when it is gone
    os.dup2(devnull, 1)
    code = bot.wait()
    kill_tree(os.getpid())
    while True:                             # reap what was killed
        try:
            os.waitpid(-1, 0)
        except ChildProcessError:
            break
    if code < 0:                            # killed by a signal: die of the same one
        signal.signal(-code, signal.SIG_DFL)
        os.kill(os.getpid(), -code)
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
