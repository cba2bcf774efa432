"""Where events live: one interface, SQLite (embedded default) and PostgreSQL behind it."""

from kintsugi.store.api import EventStore, RunSummary, StoreError, StoreUnavailable, open_store
from kintsugi.store.buffered import BufferedWriter

__all__ = [
    "BufferedWriter",
    "EventStore",
    "RunSummary",
    "StoreError",
    "StoreUnavailable",
    "open_store",
]
