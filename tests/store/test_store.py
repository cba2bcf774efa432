"""One store interface, two backends, the same tests: SQLite and a real PostgreSQL server."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from conftest import PrivateServer, wait_for
from kintsugi.events import Event, EventKind
from kintsugi.store import BufferedWriter, EventStore, StoreError, StoreUnavailable, open_store
from kintsugi.store.migrations import LATEST


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'events.db'}"
    else:
        yield request.getfixturevalue("shared_pg")


def ev(
    kind: EventKind = EventKind.STEP, run: str = "r1", node: str = "n0", **data: object
) -> Event:
    if not data and kind is EventKind.STEP:
        data = {"step": 1, "step_time_s": 0.1}
    return Event(kind=kind, run_id=run, node=node, data=dict(data))


def test_append_query_and_dedupe(store_url: str) -> None:
    with open_store(store_url) as s:
        a, b = ev(), ev(EventKind.LOG, message="hello")
        s.append([a, b])
        s.append([a])  # redelivery is harmless
        got = s.events(run_id="r1")
        assert [e.eid for e in got] == [a.eid, b.eid]
        assert got[1].data == {"message": "hello"}
        assert [e.eid for e in s.events(kinds=[EventKind.LOG])] == [b.eid]
        assert s.events(kinds=[]) == []
        assert s.events(node="other") == []
        runs = s.runs()
        assert [r.run_id for r in runs] == ["r1"] and runs[0].n_events == 2


def test_migrations_are_recorded_and_idempotent(store_url: str) -> None:
    open_store(store_url).close()
    with open_store(store_url) as s:  # a second open applies nothing twice
        assert s.schema_version() == LATEST


def test_concurrent_writers(store_url: str) -> None:
    stores = [open_store(store_url) for _ in range(3)]

    def write(s: EventStore, i: int) -> None:
        for _ in range(20):
            s.append([ev(node=f"n{i}")])

    threads = [threading.Thread(target=write, args=(s, i)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(stores[0].events(run_id="r1")) == 60
    for s in stores:
        s.close()
        s.close()  # idempotent


def test_bad_urls() -> None:
    with pytest.raises(StoreError, match="unknown store URL scheme"):
        open_store("mysql://x/y")
    with pytest.raises(StoreUnavailable):
        open_store("postgresql://nobody@127.0.0.1:1/none")


def test_plain_path_is_sqlite(tmp_path: Path) -> None:
    with open_store(str(tmp_path / "x.db")) as s:
        assert s.url.startswith("sqlite:///")


def test_buffered_writer_survives_a_database_outage(
    private_pg: PrivateServer, tmp_path: Path
) -> None:
    """Stop the real server mid-stream: events are spooled, then delivered, none lost."""
    spool = tmp_path / "spool.jsonl"
    w = BufferedWriter(lambda: open_store(private_pg.url), spool, retry_s=0.2)
    sent = [ev(step=i, step_time_s=0.0) for i in range(50)]
    for e in sent[:10]:
        w.put(e)
    assert w.flush(10)
    private_pg.stop()
    for e in sent[10:40]:
        w.put(e)
    assert wait_for(lambda: spool.exists() and spool.stat().st_size > 0, 10)
    assert not w.flush(0.5)  # nothing can be delivered while the server is down
    private_pg.start()
    for e in sent[40:]:
        w.put(e)
    assert w.flush(20), w.last_error
    w.close()
    with open_store(private_pg.url) as s:
        assert sorted(e.eid for e in s.events(run_id="r1")) == sorted(e.eid for e in sent)
    assert not spool.exists() or spool.stat().st_size == 0


def test_spool_left_by_a_dead_process_is_replayed(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'e.db'}"
    spool = tmp_path / "spool.jsonl"
    lost = [ev(step=i, step_time_s=0.0) for i in range(5)]
    spool.write_text("".join(e.to_json() + "\n" for e in lost) + '{"torn": ')
    w = BufferedWriter(lambda: open_store(url), spool, retry_s=0.1)
    w.put(ev(EventKind.LOG, message="new"))
    assert w.flush(10)
    w.close()
    with open_store(url) as s:
        assert len(s.events()) == 6


def test_writer_close_keeps_undelivered_events_in_the_spool(tmp_path: Path) -> None:
    def down() -> EventStore:
        raise StoreUnavailable("down")

    spool = tmp_path / "spool.jsonl"
    w = BufferedWriter(down, spool, retry_s=0.05)
    w.put(ev())
    t0 = time.monotonic()
    w.close(timeout_s=0.5)
    assert time.monotonic() - t0 < 5
    assert len(spool.read_text().splitlines()) == 1


def test_events_are_held_when_store_and_spool_disk_both_fail(tmp_path: Path) -> None:
    """The store is down and the spool cannot be written (a full disk): nothing is lost."""
    url = f"sqlite:///{tmp_path / 'e.db'}"
    up = {"store": False}

    def flaky() -> EventStore:
        if not up["store"]:
            raise StoreUnavailable("down")
        return open_store(url)

    blocked = tmp_path / "not-a-dir"
    blocked.write_text("a file where the spool directory should be")
    w = BufferedWriter(flaky, blocked / "spool.jsonl", retry_s=0.05)
    sent = [ev(step=i, step_time_s=0.0) for i in range(5)]
    for e in sent:
        w.put(e)
    assert not w.flush(0.5) and w.lost == 0
    up["store"] = True
    assert w.flush(10)
    w.close()
    with open_store(url) as s:
        assert sorted(e.eid for e in s.events()) == sorted(e.eid for e in sent)
