"""Shared test set-up: the paths of the real games and the DD vectors kept in tests/data (every test
file takes them from here), and the oracle tests/reference.py importable as a plain module."""
import os
import pathlib
import sys

TESTS = pathlib.Path(__file__).resolve().parent
DATA = TESTS / "data"
EGN_DIR = DATA / "egn"
DD_VECTORS = DATA / "dd-vectors.jsonl"

# the oracle (tests/reference.py) is imported as a plain module
sys.path.insert(0, str(TESTS))
os.environ.setdefault("HYPOTHESIS_PROFILE", "ci")
