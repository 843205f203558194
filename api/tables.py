"""The play page's store of live tables: one SQLite file shared by the server's worker processes.

A table is a JSON record (its settings, seed and every action applied, see :mod:`api.play`)
under an id from :func:`secrets.token_urlsafe` (32 bytes of entropy: unguessable, so the id is
the only key a player needs). The store is bounded in two ways:

* **lifetime**: a table not used for ``ttl`` seconds is gone (an unknown id and an expired one
  answer the same 404);
* **count**: at most ``max_tables`` live tables, and at most ``per_client`` of them made from one client
  address. A table used in the last ``idle`` seconds is *in use* and is never evicted: a new table
  first evicts idle ones (the address's own first, then the least recently used of all), and when
  only tables in use are left it is refused (:class:`TablesFull`), so a flood of creates cannot end
  a game in progress.

Why SQLite: ``euchre serve`` runs one process per core (:mod:`api.serve`), so an in-memory dict
would give each worker its own tables; one file, opened by each process after the fork, is
shared, and its transactions make the count bound hold whichever worker creates the table.
Each write of the record is a compare-and-set on its ``version``, so two requests racing on one
table cannot both apply a move (the second is told to reload). Beside the record, a table keeps
*notes* (the hints taken, the reviews of its deals): each note is merged into the stored ones in a
transaction of its own and never changes the version, so a hint or a review written meanwhile
neither makes a move stale nor is lost to it.
"""
from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time

__all__ = ["TableStore", "TablesFull", "new_id"]

ID_BYTES = 32          # secrets.token_urlsafe(32): 43 characters, 256 bits

_SCHEMA = """CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY, data TEXT NOT NULL, version INTEGER NOT NULL, used REAL NOT NULL)"""
#: columns added since the first schema: a store file kept from an older server gains them
_ADDED = {"client": "TEXT NOT NULL DEFAULT ''", "notes": "TEXT NOT NULL DEFAULT '{}'"}


class TablesFull(Exception):
    """A new table refused because every table it could evict is in use.

    ``status``: 429 when the client address holds its bound of tables in use, 503 when the whole
    store does; ``retry_after``: seconds until the oldest of those tables goes idle."""

    def __init__(self, status: int, retry_after: float, detail: str):
        super().__init__(detail)
        self.status, self.retry_after = status, max(1.0, float(retry_after))


def _duration(seconds: float) -> str:
    return f"{seconds / 60:g} min" if seconds % 60 == 0 else f"{seconds:g} s"


def new_id() -> str:
    return secrets.token_urlsafe(ID_BYTES)


class TableStore:
    """Live tables in the SQLite file ``path``: at most ``max_tables``, at most ``per_client`` made from one
    client address, each gone ``ttl`` seconds after its last use and in use for ``idle`` seconds after it.
    ``clock``: seconds (``time.time``; tests pass their own)."""

    def __init__(self, path: str, max_tables: int, ttl: float, clock=time.time, idle: float = 1800.0,
                 per_client: int = 20):
        self.path, self.max_tables, self.ttl, self.clock = str(path), int(max_tables), float(ttl), clock
        self.idle, self.per_client = float(idle), int(per_client)
        self._local = threading.local()
        self._execute(_SCHEMA)
        have = {row[1] for row in self._execute("PRAGMA table_info(tables)")}
        for name, kind in _ADDED.items():
            if name not in have:
                self._execute(f"ALTER TABLE tables ADD COLUMN {name} {kind}")

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

    def create(self, record: dict, client: str = "") -> str:
        """Store ``record`` as a new table made by ``client`` (its address) and return its id. Drops the
        expired tables first, then, at a bound, idle ones (see the module's docstring).

        Raises:
            TablesFull: ``client`` already has ``per_client`` tables in use (429), or the store has
                ``max_tables`` in use (503).
        """
        table_id, now = new_id(), self.clock()
        idle_before = now - self.idle
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            db.execute("DELETE FROM tables WHERE used < ?", (now - self.ttl,))
            (mine,) = db.execute("SELECT COUNT(*) FROM tables WHERE client = ?", (client,)).fetchone()
            self._make_room(db, mine - (self.per_client - 1), idle_before, "client = ?", (client,), 429,
                            f"this address ({client or 'a local socket'}) has at most {self.per_client} tables in "
                            f"use at once (a table is in use for {_duration(self.idle)} after its last move); "
                            "finish or leave one and retry")
            (count,) = db.execute("SELECT COUNT(*) FROM tables").fetchone()
            self._make_room(db, count - (self.max_tables - 1), idle_before, "1", (), 503,
                            f"all {self.max_tables:,} tables of this server are in use (a table is in use for "
                            f"{_duration(self.idle)} after its last move); retry later")
            db.execute("INSERT INTO tables (id, data, version, used, client) VALUES (?, ?, 0, ?, ?)",
                       (table_id, json.dumps(record, separators=(",", ":")), now, client))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return table_id

    def _make_room(self, db, extra: int, idle_before: float, where: str, args: tuple, status: int,
                   detail: str) -> None:
        """Evict ``extra`` idle tables among those ``where`` says, least recently used first; raise
        :class:`TablesFull` when fewer are idle (then the oldest in use says when to retry)."""
        if extra <= 0:
            return
        gone = db.execute(f"DELETE FROM tables WHERE id IN (SELECT id FROM tables WHERE {where} AND used <= ? "
                          "ORDER BY used LIMIT ?)", (*args, idle_before, extra)).rowcount
        if gone < extra:
            (oldest,) = db.execute(f"SELECT MIN(used) FROM tables WHERE {where}", args).fetchone()
            raise TablesFull(status, oldest - idle_before, detail)

    def load(self, table_id: str):
        """``(record, version, notes)`` of a live table (``notes``: ``{kind: {key: value}}``), or ``None``
        (unknown or expired)."""
        if not isinstance(table_id, str) or len(table_id) > 100:
            return None
        row = self._execute("SELECT data, version, used, notes FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None or row[2] < self.clock() - self.ttl:
            return None
        return json.loads(row[0]), row[1], json.loads(row[3])

    def annotate(self, table_id: str, kind: str, key: str, value, replace: bool = True) -> bool:
        """Merge the note ``value`` under ``kind`` and ``key`` into a live table's notes (``replace``
        False: a note already there is kept), without changing its version; the table counts as used.
        False: no such live table."""
        now = self.clock()
        db = self._db()
        db.execute("BEGIN IMMEDIATE")
        try:
            row = db.execute("SELECT notes FROM tables WHERE id = ? AND used >= ?",
                             (table_id, now - self.ttl)).fetchone()
            if row is not None:
                notes = json.loads(row[0])
                kept = notes.setdefault(kind, {})
                if replace or key not in kept:
                    kept[key] = value
                db.execute("UPDATE tables SET notes = ?, used = ? WHERE id = ?",
                           (json.dumps(notes, separators=(",", ":")), now, table_id))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return row is not None

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
        """Bytes of a table's stored record and notes (``None``: no such table)."""
        row = self._execute("SELECT LENGTH(data) + LENGTH(notes) FROM tables WHERE id = ?", (table_id,)).fetchone()
        return None if row is None else row[0]
