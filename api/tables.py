"""The play page's store of live tables: one SQLite file shared by the server's worker processes.

A table is a JSON record (its settings, seed and every action applied, see :mod:`api.play`)
under an id from :func:`secrets.token_urlsafe` (32 bytes of entropy: unguessable, so the id is
the only key a player needs). The store is bounded in two ways:

* **lifetime**: a table not used for ``ttl`` seconds is gone (an unknown id and an expired one
  answer the same 404);
* **count**: at most ``max_tables`` live tables; creating one more evicts the least recently used.

Why SQLite: ``euchre serve`` runs one process per core (:mod:`api.serve`), so an in-memory dict
would give each worker its own tables; one file, opened by each process after the fork, is
shared, and its transactions make the count bound hold whichever worker creates the table.
Each write is a compare-and-set on the record's ``version``, so two requests racing on one
table cannot both apply a move (the second is told to reload).
"""
from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time

__all__ = ["TableStore", "new_id"]

ID_BYTES = 32          # secrets.token_urlsafe(32): 43 characters, 256 bits

_SCHEMA = """CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, data TEXT NOT NULL, version INTEGER NOT NULL, used REAL NOT NULL)"""


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


class TableStore:
    """Live tables in the SQLite file ``path``: at most ``max_tables``, each gone ``ttl`` seconds
    after its last use. ``clock``: seconds (``time.time``; tests pass their own)."""

    def __init__(self, path: str, max_tables: int, ttl: float, clock=time.time):
        self.path, self.max_tables, self.ttl, self.clock = str(path), int(max_tables), float(ttl), clock
        self._local = threading.local()
        self._execute(_SCHEMA)

    def _db(self) -> sqlite3.Connection:
        """This process's (and thread's) connection: one opened before a fork is not used after it."""
        conn = getattr(self._local, "conn", None)
        if conn is None or self._local.pid != os.getpid():
            conn = sqlite3.connect(self.path, timeout=10.0, isolation_level=None, check_same_thread=False)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._local.conn, self._local.pid = conn, os.getpid()
        return conn

    def _execute(self, sql: str, args=()):
        return self._db().execute(sql, args)

    def create(self, record: dict) -> str:
        """Store ``record`` as a new table and return its id; first drops the expired tables and, at the
        bound, the least recently used ones."""
        table_id, now = new_id(), self.clock()
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM tables WHERE used < ?", (now - self.ttl,))
            (count,) = db.execute("SELECT COUNT(*) FROM tables").fetchone()
            extra = count - (self.max_tables - 1)
            if extra > 0:
                db.execute("DELETE FROM tables WHERE id IN (SELECT id FROM tables ORDER BY used LIMIT ?)", (extra,))
            db.execute("INSERT INTO tables (id, data, version, used) VALUES (?, ?, 0, ?)",
                       (table_id, json.dumps(record, separators=(",", ":")), now))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return table_id

    def load(self, table_id: str):
        """``(record, version)`` of a live table, or ``None`` (unknown or expired)."""
        if not isinstance(table_id, str) or len(table_id) > 100:
            return None
        row = self._execute("SELECT data, version, used FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None or row[2] < self.clock() - self.ttl:
            return None
        return json.loads(row[0]), row[1]

    def save(self, table_id: str, record: dict, version: int) -> bool:
        """Write ``record`` if the table is still at ``version`` (else False: another request changed it)."""
        cur = self._execute("UPDATE tables SET data = ?, version = version + 1, used = ? WHERE id = ? AND version = ?",
                            (json.dumps(record, separators=(",", ":")), self.clock(), table_id, version))
        return cur.rowcount == 1

    def count(self) -> int:
        """Live tables (expired ones not counted)."""
        (n,) = self._execute("SELECT COUNT(*) FROM tables WHERE used >= ?", (self.clock() - self.ttl,)).fetchone()
        return n

    def size(self, table_id: str) -> int | None:
        """Bytes of a table's stored record (``None``: no such table)."""
        row = self._execute("SELECT LENGTH(data) FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else row[0]
