"""The embedded default store: one SQLite file in WAL mode, safe for several agents at once."""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from kintsugi.events import Event, EventKind
from kintsugi.store.api import (
    EventStore,
    RunSummary,
    StoreError,
    StoreUnavailable,
    register_backend,
)
from kintsugi.store.migrations import MIGRATIONS
from kintsugi.store.sql_common import COLUMNS, RUNS_SQL, events_from_rows, row_values, select_events


class SqliteStore(EventStore):
    """SQLite backend. One connection guarded by a lock; WAL lets other processes read."""

    def __init__(self, url: str, create: bool = True) -> None:
        self.url = url
        if not url.startswith("sqlite://"):
            raise StoreError(f"not a SQLite URL: {url!r}")
        # sqlite:///abs/path.db -> /abs/path.db ; sqlite://rel.db -> rel.db
        path = Path(url[len("sqlite://") :])
        self.path = path
        if not create and not path.is_file():
            raise StoreError(f"no event store at {path} (check --store or the run directory)")
        try:
            if create and not path.exists():
                # Events hold tracebacks and log tails: private to the user, like torch's logs.
                path.parent.mkdir(parents=True, exist_ok=True)
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT, 0o600))
            self._conn = sqlite3.connect(
                str(path), timeout=_TIMEOUT_S, check_same_thread=False, isolation_level=None
            )
            _wal(self._conn)
            self._conn.execute("PRAGMA synchronous=NORMAL")
        except (OSError, sqlite3.Error) as e:
            raise StoreError(f"cannot open SQLite store at {path}: {e}") from e
        self._lock = threading.Lock()
        self._closed = False
        self._migrate()

    def _migrate(self) -> None:
        c = self._conn
        with self._lock:
            try:
                c.execute("BEGIN IMMEDIATE")
                c.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                    " description TEXT NOT NULL, applied_ts REAL NOT NULL)"
                )
                done = {r[0] for r in c.execute("SELECT version FROM schema_migrations")}
                for m in MIGRATIONS:
                    if m.version in done:
                        continue
                    for stmt in m.sqlite:
                        c.execute(stmt)
                    c.execute(
                        "INSERT INTO schema_migrations VALUES (?, ?, julianday('now'))",
                        (m.version, m.description),
                    )
                c.execute("COMMIT")
            except sqlite3.Error as e:
                if c.in_transaction:
                    c.execute("ROLLBACK")
                raise StoreError(f"cannot migrate SQLite store at {self.path}: {e}") from e

    def append(self, events: Sequence[Event]) -> None:
        if not events:
            return
        with self._lock:
            try:
                self._conn.execute("BEGIN IMMEDIATE")
                self._conn.executemany(
                    f"INSERT OR IGNORE INTO events ({COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [row_values(e) for e in events],
                )
                self._conn.execute("COMMIT")
            except sqlite3.Error as e:
                if self._conn.in_transaction:
                    self._conn.execute("ROLLBACK")
                raise StoreUnavailable(f"SQLite store {self.path}: {e}") from e

    def events(
        self,
        run_id: str | None = None,
        kinds: Iterable[EventKind] | None = None,
        node: str | None = None,
    ) -> list[Event]:
        sql, args = select_events("?", run_id, kinds, node)
        rows = self._read(sql, args)
        return events_from_rows(rows)

    def runs(self) -> list[RunSummary]:
        rows = self._read(RUNS_SQL, ())
        return [RunSummary(r[0], float(r[1]), float(r[2]), int(r[3])) for r in rows]

    dialect = "sqlite"

    def _select(self, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
        try:
            with self._lock:
                # query_only makes SQLite refuse any write for the length of this read.
                self._conn.execute("PRAGMA query_only = 1")
                try:
                    return list(self._conn.execute(sql, list(args)).fetchall())
                finally:
                    self._conn.execute("PRAGMA query_only = 0")
        except sqlite3.Error as e:
            raise StoreUnavailable(f"SQLite store {self.path}: {e}") from e

    def schema_version(self) -> int:
        rows = self._read("SELECT MAX(version) FROM schema_migrations", ())
        return int(rows[0][0] or 0)

    def _read(self, sql: str, args: Sequence[Any]) -> list[Any]:
        with self._lock:
            try:
                return self._conn.execute(sql, args).fetchall()
            except sqlite3.Error as e:
                # A corrupted page, or the file replaced under us: one line, not a traceback.
                raise StoreError(f"cannot read SQLite store at {self.path}: {e}") from e

    def close(self) -> None:
        if not self._closed:
            self._closed = True
            with self._lock:
                self._conn.close()


register_backend("sqlite", SqliteStore)


_TIMEOUT_S = 30.0


def _wal(conn: sqlite3.Connection) -> None:
    """Switches to WAL, waiting out another process doing the same.

    Two agents opening one new store at once: the switch of the one that loses the race
    fails at once with "database is locked", without the connection's busy timeout (3 in 30
    tries of three processes here), so it is retried within that timeout.
    """
    deadline = time.monotonic() + _TIMEOUT_S
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as e:
            if "locked" not in str(e) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)
