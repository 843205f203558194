#!/usr/bin/env python3
"""A small external bot for match play (solver.match.external's JSON-lines protocol): it answers
every request with the first legal action.

``python tests/bot_echo.py [MODE]``; the modes misbehave on purpose, for the referee's tests:
``die`` exits at the first request, ``garbage`` answers a line that is not JSON, ``silent`` reads
and never answers, ``illegal`` answers an action that is never legal.
"""
import json
import sys


def main() -> int:
    mode = sys.argv[1] if len(sys.argv) > 1 else "echo"
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
        else:
            answer = json.dumps({"action": request["legal"][0]})
        sys.stdout.write(answer + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
