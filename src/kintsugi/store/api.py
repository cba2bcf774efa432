"""The store interface and the registry that picks a backend from a URL.

A URL is ``sqlite:///path/to/events.db`` (or a plain path) or ``postgresql://...``.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kintsugi.events import Event, EventKind
from kintsugi.redact import redact_url

if TYPE_CHECKING:
    from kintsugi.store.summaries import Summaries


class StoreError(Exception):
    """A store cannot be used as asked (bad URL, bad schema); retrying will not help."""


class StoreUnavailable(StoreError):
    """The store cannot be reached right now; the same call may succeed later."""


@dataclass(frozen=True, slots=True)
class RunSummary:
    """A run as the store knows it."""

    run_id: str
    first_ts: float
    last_ts: float
    n_events: int


class EventStore(ABC):
    """Append-only event history, deduplicated on ``Event.eid``."""

    url: str

    @abstractmethod
    def append(self, events: Sequence[Event]) -> None:
        """Writes events; ones whose ``eid`` is already stored are skipped.

        Raises:
            StoreUnavailable: the backend cannot be reached; nothing was written.
        """

    @abstractmethod
    def events(
        self,
        run_id: str | None = None,
        kinds: Iterable[EventKind] | None = None,
        node: str | None = None,
    ) -> list[Event]:
        """Returns matching events ordered by time."""

    @abstractmethod
    def runs(self) -> list[RunSummary]:
        """Returns every run with at least one event, newest first."""

    dialect: str = ""
    """The SQL dialect of the backend (``sqlite`` or ``postgresql``) for summary queries."""

    def _select(self, sql: str, args: Sequence[Any]) -> list[tuple[Any, ...]]:
        """Runs one read-only query written with ``?`` placeholders; backends override."""
        raise StoreError(f"{type(self).__name__} does not answer summary queries")

    def summaries(self) -> Summaries:
        """Read-only queries over the rollup tables (dashboard, metrics)."""
        from kintsugi.store.summaries import Summaries

        return Summaries(self)

    @abstractmethod
    def schema_version(self) -> int:
        """Returns the newest migration applied."""

    @abstractmethod
    def close(self) -> None:
        """Releases connections; idempotent."""

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


_BACKENDS: dict[str, Callable[[str, bool], EventStore]] = {}


def register_backend(scheme: str, factory: Callable[[str, bool], EventStore]) -> None:
    """Adds a backend for URLs that start with ``scheme://``: ``factory(url, create)``."""
    _BACKENDS[scheme] = factory


def normalize_url(url: str) -> str:
    """Turns a plain path into a ``sqlite://`` URL; leaves URLs alone."""
    if "://" in url:
        return url
    return "sqlite:///" + str(Path(url).expanduser().resolve())


def open_store(url: str, *, create: bool = True) -> EventStore:
    """Opens (and migrates) the store at ``url``.

    Args:
        url: ``sqlite:///PATH``, a plain path, or ``postgresql://...``.
        create: make an embedded store that does not exist yet; read-only commands pass
            False, so a mistyped path is an error instead of a new empty database.

    Raises:
        StoreError: unknown scheme or unusable location.
        StoreUnavailable: the server cannot be reached.
    """
    # Imported here so that importing the API stays cheap and backends register lazily.
    from kintsugi.store import postgres_store, sqlite_store  # noqa: F401

    url = normalize_url(url)
    scheme = url.split("://", 1)[0]
    if scheme in ("postgres", "postgresql+psycopg"):
        scheme = "postgresql"
    factory = _BACKENDS.get(scheme)
    if factory is None:
        known = ", ".join(sorted(_BACKENDS))
        raise StoreError(
            f"unknown store URL scheme {scheme!r} in {redact_url(url)!r} (known: {known})"
        )
    return factory(url, create)
