"""Shared test set-up: the paths of the real games and the DD vectors kept in tests/data (every test
file takes them from here), and the oracle tests/reference.py importable as a plain module."""
import contextlib
import http.client
import os
import pathlib
import re
import subprocess
import sys
import time

TESTS = pathlib.Path(__file__).resolve().parent
DATA = TESTS / "data"
EGN_DIR = DATA / "egn"
DD_VECTORS = DATA / "dd-vectors.jsonl"

# the oracle (tests/reference.py) is imported as a plain module
sys.path.insert(0, str(TESTS))
os.environ.setdefault("HYPOTHESIS_PROFILE", "ci")


@contextlib.contextmanager
def real_server(log_path: pathlib.Path, argv: list, env: dict | None = None, start_seconds: float = 60):
    """Run ``python argv...`` (a command that serves the API on 127.0.0.1, port 0) in a child process with
    the ``EUCHRE_*`` environment cleared (then ``env`` set); yield ``(host, port)`` once ``/healthz``
    answers 200, bounded by ``start_seconds``; always stop the child afterwards."""
    child_env = {k: v for k, v in os.environ.items() if not k.startswith("EUCHRE_")}
    child_env.update(env or {})
    with open(log_path, "wb") as log:
        proc = subprocess.Popen([sys.executable, *argv], cwd=TESTS.parent, env=child_env, stdout=log, stderr=log,
                                stdin=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + start_seconds
        port = None
        while port is None:
            m = re.search(r"Listening at: http://127\.0\.0\.1:(\d+)", log_path.read_text(errors="replace"))
            if m:
                port = int(m.group(1))
            elif proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"server did not start:\n{log_path.read_text(errors='replace')}")
            else:
                time.sleep(0.05)
        while True:
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
                conn.request("GET", "/healthz")
                healthy = conn.getresponse().status == 200
                conn.close()
                if healthy:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline:
                raise RuntimeError(f"server not healthy:\n{log_path.read_text(errors='replace')}")
            time.sleep(0.05)
        yield ("127.0.0.1", port)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
