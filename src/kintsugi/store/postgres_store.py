"""PostgreSQL backend for clusters: the same interface and tests as SQLite."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterable, Sequence
from typing import Any

from kintsugi.events import Event, EventKind
from kintsugi.redact import redact_text, redact_url
from kintsugi.store.api import (
    EventStore,
    RunSummary,
    StoreError,
    StoreUnavailable,
    register_backend,
)
from kintsugi.store.migrations import MIGRATIONS
from kintsugi.store.sql_common import COLUMNS, RUNS_SQL, events_from_rows, row_values, select_events

_MIGRATION_LOCK = 0x6B696E74  # pg_advisory_xact_lock key: several agents may start at once


class PostgresStore(EventStore):
    """PostgreSQL backend over psycopg 3. Reconnects on demand after the server comes back."""

    def __init__(self, url: str, create: bool = True, connect_timeout_s: float = 5.0) -> None:
        try:
            import psycopg
        except ImportError as e:  # pragma: no cover - psycopg is a dependency
            raise StoreError("PostgreSQL store needs psycopg: pip install 'psycopg[binary]'") from e
        self._psycopg = psycopg
        self.url = url.replace("postgresql+psycopg://", "postgresql://", 1).replace(
            "postgres://", "postgresql://", 1
        )
        self._timeout = connect_timeout_s
        self._lock = threading.Lock()
        self._conn: Any = None
        self._rconn: Any = None
        self._closed = False
        try:
            self._connect()
            self._migrate()
        except psycopg.OperationalError as e:
            if _permanent(e):
                # No such database or role, bad password: waiting will not fix it.
                raise StoreError(f"PostgreSQL at {self._redacted()}: {_first_line(e)}") from e
            raise StoreUnavailable(
                f"cannot reach PostgreSQL at {self._redacted()}: {_first_line(e)}"
            ) from e
        except psycopg.Error as e:
            raise StoreError(f"PostgreSQL store {self._redacted()}: {_first_line(e)}") from e

    def _redacted(self) -> str:
        return redact_url(self.url)

    def _connect(self) -> Any:
        if self._conn is None or self._conn.closed:
            self._conn = self._psycopg.connect(
                self.url, autocommit=False, connect_timeout=max(1, int(self._timeout))
            )
        return self._conn

    def _migrate(self) -> None:
        with self._lock:
            conn = self._connect()
            with conn.transaction(), conn.cursor() as cur:
                cur.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
                cur.execute(
                    "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY,"
                    " description TEXT NOT NULL, applied_ts TIMESTAMPTZ NOT NULL DEFAULT now())"
                )
                cur.execute("SELECT version FROM schema_migrations")
                done = {r[0] for r in cur.fetchall()}
                for m in MIGRATIONS:
                    if m.version in done:
                        continue
                    for stmt in m.postgresql:
                        cur.execute(stmt)
                    cur.execute(
                        "INSERT INTO schema_migrations (version, description) VALUES (%s, %s)",
                        (m.version, m.description),
                    )
            conn.commit()

    def _run(self, fn: Any) -> Any:
        """Runs ``fn(cursor)`` in a transaction; maps connection loss to StoreUnavailable."""
        psycopg = self._psycopg
        with self._lock:
            if self._closed:
                raise StoreError("store is closed")
            try:
                conn = self._connect()
                with conn.transaction(), conn.cursor() as cur:
                    result = fn(cur)
                conn.commit()
                return result
            except psycopg.OperationalError as e:
                self._drop()
                raise StoreUnavailable(f"PostgreSQL at {self._redacted()}: {_first_line(e)}") from e
            except psycopg.Error as e:
                self._drop()
                raise StoreError(f"PostgreSQL at {self._redacted()}: {_first_line(e)}") from e

    def _drop(self) -> None:
        if self._conn is not None:
            # A broken connection may fail to close; it is dropped either way.
            with contextlib.suppress(Exception):
                self._conn.close()
            self._conn = None

    def append(self, events: Sequence[Event]) -> None:
        if not events:
            return
        rows = [row_values(e) for e in events]

        def write(cur: Any) -> None:
            cur.executemany(
                f"INSERT INTO events ({COLUMNS}) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s::jsonb)"
                " ON CONFLICT (eid) DO NOTHING",
                rows,
            )

        self._run(write)

    def events(
        self,
        run_id: str | None = None,
        kinds: Iterable[EventKind] | None = None,
        node: str | None = None,
    ) -> list[Event]:
        sql, args = select_events("%s", run_id, kinds, node)

        def read(cur: Any) -> list[Any]:
            cur.execute(sql, args)
            return list(cur.fetchall())

        return events_from_rows(self._run(read))

    def runs(self) -> list[RunSummary]:
        def read(cur: Any) -> list[Any]:
            cur.execute(RUNS_SQL)
            return list(cur.fetchall())

        return [RunSummary(r[0], float(r[1]), float(r[2]), int(r[3])) for r in self._run(read)]

    dialect = "postgresql"

    def _select(self, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
        # Summary reads use their own autocommit session whose transactions are read-only:
        # one round trip per query, and the server itself refuses any write they attempt.
        psycopg = self._psycopg
        with self._lock:
            if self._closed:
                raise StoreError("store is closed")
            try:
                if self._rconn is None or self._rconn.closed:
                    self._rconn = psycopg.connect(
                        self.url, autocommit=True, connect_timeout=max(1, int(self._timeout))
                    )
                    self._rconn.execute("SET default_transaction_read_only = on")
                return list(self._rconn.execute(sql.replace("?", "%s"), list(args)).fetchall())
            except psycopg.OperationalError as e:
                self._drop_reader()
                raise StoreUnavailable(f"PostgreSQL at {self._redacted()}: {_first_line(e)}") from e
            except psycopg.Error as e:
                raise StoreError(f"PostgreSQL at {self._redacted()}: {_first_line(e)}") from e

    def _drop_reader(self) -> None:
        if self._rconn is not None:
            with contextlib.suppress(Exception):
                self._rconn.close()
            self._rconn = None

    def schema_version(self) -> int:
        def read(cur: Any) -> int:
            cur.execute("SELECT MAX(version) FROM schema_migrations")
            row = cur.fetchone()
            return int(row[0] or 0)

        return int(self._run(read))

    def close(self) -> None:
        with self._lock:
            if not self._closed:
                self._closed = True
                self._drop()
                self._drop_reader()


_PERMANENT = (
    "does not exist",
    "password authentication failed",
    "no pg_hba.conf entry",
    "authentication failed",
    "invalid connection option",
    "invalid dsn",
)


def _permanent(e: BaseException) -> bool:
    text = str(e).lower()
    return any(p in text for p in _PERMANENT)


def _first_line(e: BaseException) -> str:
    # libpq's messages can echo the connection string: redact whatever looks like a secret.
    return redact_text((str(e).strip().splitlines() or [type(e).__name__])[0])


register_backend("postgresql", PostgresStore)
