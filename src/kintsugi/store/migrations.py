"""Versioned schema migrations, shared by the SQL backends.

Each migration is applied once, in order, and recorded in ``schema_migrations``. Never edit a
migration that has shipped: append a new one.
"""

from __future__ import annotations

from dataclasses import dataclass

from kintsugi.store.rollup_sql import ROLLUP_POSTGRESQL, ROLLUP_SQLITE


@dataclass(frozen=True, slots=True)
class Migration:
    version: int
    description: str
    sqlite: tuple[str, ...]
    postgresql: tuple[str, ...]


MIGRATIONS: tuple[Migration, ...] = (
    Migration(
        1,
        "events table",
        sqlite=(
            """CREATE TABLE events (
                id INTEGER PRIMARY KEY AUTOINCREMENT,
                eid TEXT NOT NULL UNIQUE,
                schema INTEGER NOT NULL,
                kind TEXT NOT NULL,
                run_id TEXT NOT NULL,
                ts REAL NOT NULL,
                node TEXT NOT NULL,
                rank INTEGER,
                attempt INTEGER,
                data TEXT NOT NULL)""",
            "CREATE INDEX events_run_ts ON events (run_id, ts)",
            "CREATE INDEX events_kind ON events (kind)",
        ),
        postgresql=(
            """CREATE TABLE events (
                id BIGSERIAL PRIMARY KEY,
                eid TEXT NOT NULL UNIQUE,
                schema INTEGER NOT NULL,
                kind TEXT NOT NULL,
                run_id TEXT NOT NULL,
                ts DOUBLE PRECISION NOT NULL,
                node TEXT NOT NULL,
                rank INTEGER,
                attempt INTEGER,
                data JSONB NOT NULL)""",
            "CREATE INDEX events_run_ts ON events (run_id, ts)",
            "CREATE INDEX events_kind ON events (kind)",
        ),
    ),
    Migration(
        2,
        "node index for fleet history",
        sqlite=("CREATE INDEX events_node_kind ON events (node, kind)",),
        postgresql=("CREATE INDEX events_node_kind ON events (node, kind)",),
    ),
    Migration(
        3,
        "rollups for the dashboard: per run and node, step buckets, first steps",
        sqlite=ROLLUP_SQLITE,
        postgresql=ROLLUP_POSTGRESQL,
    ),
)

LATEST = MIGRATIONS[-1].version
