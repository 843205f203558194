"""Shared test fixtures: paths of the real games and DD vectors copied from ../shared/data."""
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
