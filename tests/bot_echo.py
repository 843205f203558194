#!/usr/bin/env python3
"""A small external bot for match play (solver.match.external's JSON-lines protocol): it answers
every request with the first legal action.

``python tests/bot_echo.py [MODE]``; the modes misbehave on purpose, for the referee's tests:
``die`` exits at the first request, ``garbage`` answers a line that is not JSON, ``silent`` reads
and never answers, ``illegal`` answers an action that is never legal, ``flood`` writes 1 MiB chunks
with no newline for ever, ``trickle`` writes one byte every 10 ms with no newline for ever, ``long`` answers a valid JSON line padded past 64 KiB, ``spawn PIDFILE``
starts a child process that sleeps (its pid written to PIDFILE) and then answers as ``echo`` does
(``spawn PIDFILE MODE``: as MODE does); ``setsid PIDFILE [MODE]`` is ``spawn`` with the child in a session
of its own (so out of the bot's process group).
"""
import json
import subprocess
import sys
import time


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "echo"
    if mode == "flood":
        while True:
            sys.stdout.write("x" * (1 << 20))
            sys.stdout.flush()
    if mode == "trickle":
        while True:
            sys.stdout.write("x")
            sys.stdout.flush()
            time.sleep(0.01)
    if mode in ("spawn", "setsid"):
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(300)"],
                                 start_new_session=mode == "setsid")
        with open(sys.argv[2], "a") as pids:
            pids.write(f"{child.pid}\n")
        mode = sys.argv[3] if len(sys.argv) > 3 else "echo"
    for line in sys.stdin:
        request = json.loads(line)
        if mode == "die":
            return 3
        if mode == "silent":
            continue
        if mode == "garbage":
            answer = "hello"
        elif mode == "illegal":
            answer = json.dumps({"action": "call x"})
        elif mode == "long":
            answer = json.dumps({"action": request["legal"][0], "pad": " " * (70 * 1024)})
        else:
            answer = json.dumps({"action": request["legal"][0]})
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
