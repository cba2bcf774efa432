"""Dashboard at scale: page and /metrics latency over a big store, and concurrent ingest.

Builds a store shaped like a month of a 2,048-node job (8 ranks per node, 40 restarts,
checkpoints, node states, health checks) plus 300 small past runs, in SQLite and in a private
PostgreSQL server, then serves it with the real dashboard (uvicorn on 127.0.0.1) and times
every page cold (empty report cache) and warm. Side by side, it times the naive path the
report and history use today (read all of a run's events, GROUP BY over all events).
Finally 256 writers (threads, one connection each) append to PostgreSQL at once, with and
without the rollup triggers, and the bench checks that no event was lost.

    python bench/bench_dash.py                      # 1 M events (a few minutes)
    python bench/bench_dash.py --events 10000000    # the full month (tens of minutes)
"""

from __future__ import annotations

import argparse
import os
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from kintsugi.events import Event, EventKind
from kintsugi.report.accounting import build_report
from kintsugi.store import EventStore, open_store
from kintsugi.store.rollup_sql import ROLLUP_POSTGRESQL, ROLLUP_SQLITE
from kintsugi.store.sql_common import COLUMNS

DAY = 86400.0
NODES = 2048
RANKS = 8
ATTEMPTS = 40
SMALL_RUNS = 300


def rows(n_events: int, now: float) -> Iterator[tuple[Any, ...]]:
    """Event rows (in COLUMNS order) for the big live run and the small past runs."""
    k = 0

    def row(
        kind: str, run: str, ts: float, node: str, rank: Any, attempt: Any, data: str
    ) -> tuple[Any, ...]:
        nonlocal k
        k += 1
        return (f"e{k}", 1, kind, run, ts, node, rank, attempt, data)

    # Small past runs: 4 nodes, one rank each, one attempt, 100 step samples per rank.
    for r in range(SMALL_RUNS):
        run, t0 = f"small-{r:04d}", now - 60 * DAY + r * 3600.0
        for n in range(4):
            node = f"n{(r * 4 + n) % NODES:04d}"
            yield row(
                "run_start",
                run,
                t0,
                node,
                None,
                None,
                '{"argv":[],"nnodes":"4","nproc_per_node":1}',
            )
            yield row(
                "attempt_start", run, t0 + 1, node, None, 0, f'{{"world_size":4,"ranks":[{n}]}}'
            )
            for i in range(100):
                yield row(
                    "step",
                    run,
                    t0 + 2 + 10 * i,
                    node,
                    n,
                    0,
                    f'{{"step":{i},"step_time_s":0.5,"loss":{3 - i / 100}}}',
                )
            yield row(
                "attempt_end",
                run,
                t0 + 1003,
                node,
                None,
                0,
                '{"outcome":"succeeded","max_step":99}',
            )
            yield row(
                "run_end", run, t0 + 1004, node, None, None, '{"outcome":"succeeded","restarts":0}'
            )
        if r % 10 == 0:
            yield row(
                "diagnosis",
                run,
                t0 + 500,
                f"n{(r * 4) % NODES:04d}",
                0,
                0,
                '{"category":"gpu_hardware","action":"restart","summary":"Xid 79","culprit":{"node":"n0007"}}',
            )
    # The big run: a month, 40 attempts, every node writes its control events.
    run, t0 = "big", now - 30 * DAY
    window = 30 * DAY / ATTEMPTS
    for n in range(NODES):
        yield row(
            "run_start",
            run,
            t0 + n * 1e-3,
            f"n{n:04d}",
            None,
            None,
            '{"argv":[],"nnodes":"2048","nproc_per_node":8}',
        )
        yield row(
            "node_state",
            run,
            t0 + 1,
            f"n{n:04d}",
            None,
            None,
            f'{{"state":"{"suspect" if n % 97 == 0 else "healthy"}","reason":"<b>probe</b>"}}',
        )
        yield row(
            "health_check",
            run,
            t0 + 2,
            f"n{n:04d}",
            None,
            None,
            '{"level":1,"status":"pass","checks":[]}',
        )
    for a in range(ATTEMPTS):
        start, end = t0 + a * window + 60, t0 + (a + 1) * window
        culprit = f"n{(a * 37) % NODES:04d}"
        for n in range(NODES):
            node = f"n{n:04d}"
            ranks = list(range(n * RANKS, n * RANKS + RANKS))
            yield row(
                "attempt_start",
                run,
                start,
                node,
                None,
                a,
                f'{{"world_size":{NODES * RANKS},"ranks":{ranks}}}'.replace(" ", ""),
            )
            if a < ATTEMPTS - 1:
                outcome = "crash" if node == culprit else "peer"
                yield row(
                    "attempt_end",
                    run,
                    end - 5 + (0 if node == culprit else 1),
                    node,
                    None,
                    a,
                    f'{{"outcome":"{outcome}"}}',
                )
                yield row(
                    "restart_decided",
                    run,
                    end - 3,
                    node,
                    None,
                    a,
                    '{"reason":"crash","backoff_s":1.0}',
                )
        if a < ATTEMPTS - 1:
            yield row(
                "rank_exit",
                run,
                end - 5.5,
                culprit,
                0,
                a,
                '{"exitcode":-9,"first":true,"signal":"SIGKILL"}',
            )
            yield row(
                "diagnosis",
                run,
                end - 5.2,
                culprit,
                0,
                a,
                f'{{"category":"gpu_hardware","action":"restart_without_node","summary":"Xid 79 on {culprit}","culprit":{{"node":"{culprit}"}},"evidence":[{{"source":"dmesg","text":"NVRM: Xid 79 <script>"}}]}}',
            )
        c = start + 1800
        while c < end - 60:
            yield row(
                "checkpoint_saved",
                run,
                c,
                "n0000",
                None,
                a,
                f'{{"step":{int((c - t0) / 2)},"duration_s":2.5,"path":"/ckpt"}}',
            )
            c += 1800
    budget = max(0, n_events - k)
    per_rank = max(1, budget // (NODES * RANKS))
    dt = 30 * DAY / per_rank
    for i in range(per_rank):
        ts = t0 + 61 + i * dt
        a = min(ATTEMPTS - 1, int((ts - t0) / window))
        for g in range(NODES * RANKS):
            yield row(
                "step",
                run,
                ts + g * 1e-6,
                f"n{g // RANKS:04d}",
                g,
                a,
                f'{{"step":{int((ts - t0) / 2)},"step_time_s":{0.5 + (g % 7) * 0.01},"loss":{2.0 + 1 / (1 + i)}}}',
            )


# --- loading -----------------------------------------------------------------------------


def load_sqlite(path: Path, n_events: int, now: float) -> tuple[str, int, float]:
    url = f"sqlite:///{path}"
    t = time.perf_counter()
    with open_store(url) as s:
        conn = s._conn  # type: ignore[attr-defined]
        triggers = [
            r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        ]
        for name in triggers:
            conn.execute(f"DROP TRIGGER {name}")
        conn.execute("BEGIN")
        n = 0
        batch: list[tuple[Any, ...]] = []
        for r in rows(n_events, now):
            batch.append(r)
            if len(batch) == 50_000:
                conn.executemany(
                    f"INSERT INTO events ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)", batch
                )
                n += len(batch)
                batch.clear()
        conn.executemany(f"INSERT INTO events ({COLUMNS}) VALUES (?,?,?,?,?,?,?,?,?)", batch)
        n += len(batch)
        # The migration's own backfill and triggers: the path an existing store takes.
        for stmt in ROLLUP_SQLITE:
            if stmt.lstrip().startswith(("INSERT", "CREATE TRIGGER")):
                conn.execute(stmt)
        conn.execute("COMMIT")
        conn.execute("ANALYZE")
    return url, n, time.perf_counter() - t


class PrivatePG:
    """A PostgreSQL server of the bench's own (max_connections for 256 writers)."""

    def __init__(self) -> None:
        bins = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), reverse=True)
        if not bins:
            raise SystemExit("no PostgreSQL server binaries (apt-get install postgresql)")
        self.bin = bins[0].parent
        self.base = Path(tempfile.mkdtemp(prefix="kintsugi-bench-pg-"))
        shutil.chown(self.base, "postgres") if os.geteuid() == 0 else None
        with socket.socket() as sk:
            sk.bind(("127.0.0.1", 0))
            self.port = sk.getsockname()[1]
        self._pg("initdb", "-D", str(self.base / "data"), "-A", "trust", "-U", "postgres")
        opts = (
            f"-p {self.port} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=320"
            " -c shared_buffers=1GB -c max_wal_size=4GB"
        )
        self._pg(
            "pg_ctl",
            "-D",
            str(self.base / "data"),
            "-o",
            opts,
            "-w",
            "-l",
            str(self.base / "log"),
            "start",
        )
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _pg(self, tool: str, *args: str) -> None:
        cmd = [str(self.bin / tool), *args]
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--", *cmd]
        subprocess.run(cmd, check=True, capture_output=True, timeout=300)

    def stop(self) -> None:
        self._pg("pg_ctl", "-D", str(self.base / "data"), "-m", "fast", "-w", "stop")
        shutil.rmtree(self.base, ignore_errors=True)


def load_pg(url: str, n_events: int, now: float) -> tuple[str, int, float]:
    t = time.perf_counter()
    with open_store(url) as s:

        def load(cur: Any) -> int:
            cur.execute("ALTER TABLE events DISABLE TRIGGER events_rollup")
            n = 0
            with cur.copy(f"COPY events ({COLUMNS}) FROM STDIN") as cp:
                for r in rows(n_events, now):
                    cp.write_row(r)
                    n += 1
            for stmt in ROLLUP_POSTGRESQL:
                if stmt.lstrip().startswith("INSERT"):
                    cur.execute(stmt)
            cur.execute("ALTER TABLE events ENABLE TRIGGER events_rollup")
            return n

        n = int(s._run(load))  # type: ignore[attr-defined]
    import psycopg

    with psycopg.connect(url, autocommit=True) as c:
        c.execute("VACUUM ANALYZE")
    return url, n, time.perf_counter() - t


# --- measuring ---------------------------------------------------------------------------

PAGES = (
    "/",
    "/runs/big",
    "/runs/small-0001",
    "/nodes",
    "/nodes/n0007",
    "/incidents",
    "/incidents?category=gpu_hardware&node=n0007",
    "/metrics",
)


def serve(store: EventStore) -> tuple[Any, str]:
    import uvicorn

    from kintsugi.web.app import DashConfig, create_app

    app = create_app(store, DashConfig())
    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    server = uvicorn.Server(uvicorn.Config(app, log_level="warning", access_log=False))
    threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    return server, f"http://127.0.0.1:{sock.getsockname()[1]}"


def timed_get(url: str) -> float:
    t = time.perf_counter()
    with urllib.request.urlopen(url, timeout=600) as r:
        r.read()
        assert r.status == 200, url
    return time.perf_counter() - t


def measure_pages(url: str, repeat: int) -> dict[str, tuple[float, float]]:
    store = open_store(url)
    server, base = serve(store)
    out = {}
    try:
        for p in PAGES:
            cold = timed_get(base + p)
            warm = statistics.median(timed_get(base + p) for _ in range(repeat))
            out[p] = (cold, warm)
    finally:
        server.should_exit = True
        time.sleep(0.3)
        store.close()
    return out


def measure_naive(url: str) -> dict[str, float]:
    with open_store(url) as s:
        t = time.perf_counter()
        s.runs()
        runs_list = time.perf_counter() - t
        t = time.perf_counter()
        # Every known kind: the store's events() cannot read kinds this build lacks.
        build_report(s.events(run_id="big", kinds=list(EventKind)))
        report = time.perf_counter() - t
    return {"runs list (GROUP BY events)": runs_list, "run report (all events)": report}


def ingest(
    url: str, writers: int, batches: int, batch: int, run: str, triggers: bool
) -> tuple[float, int]:
    stores = [open_store(url) for _ in range(writers)]
    stores[0]._run(
        lambda cur: cur.execute(  # type: ignore[attr-defined]
            f"ALTER TABLE events {'ENABLE' if triggers else 'DISABLE'} TRIGGER events_rollup"
        )
    )
    gate = threading.Barrier(writers + 1)
    errors: list[BaseException] = []

    def write(i: int, s: EventStore) -> None:
        gate.wait()
        try:
            for b in range(batches):
                s.append(
                    [
                        Event(
                            EventKind.STEP,
                            run,
                            {"step": b * batch + j, "step_time_s": 0.5, "loss": 2.0},
                            node=f"w{i:03d}",
                            rank=i,
                            attempt=0,
                        )
                        for j in range(batch)
                    ]
                )
        except BaseException as e:  # noqa: BLE001 - reported below, the bench must finish
            errors.append(e)

    threads = [threading.Thread(target=write, args=(i, s)) for i, s in enumerate(stores)]
    for t in threads:
        t.start()
    gate.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    if not triggers:
        stores[0]._run(lambda cur: cur.execute("ALTER TABLE events ENABLE TRIGGER events_rollup"))  # type: ignore[attr-defined]
    got = stores[0]._select("SELECT count(*) FROM events WHERE run_id = ?", [run])[0][0]
    for s in stores:
        s.close()
    if errors:
        raise SystemExit(f"{len(errors)} writers failed: {errors[0]}")
    return elapsed, int(got)


def report(
    b: str, res: dict[str, tuple[float, float]], nv: dict[str, float] | None, repeat: int
) -> None:
    print(
        f"\n{b}: page latency, ms (first = first request after start, reports not yet cached; warm = median of {repeat})",
        flush=True,
    )
    for p in PAGES:
        print(f"  {p:48}{res[p][0] * 1e3:10.1f}{res[p][1] * 1e3:10.1f}")
    if nv:
        run, idx = res["/runs/big"][0], res["/"][0]
        a, g = nv["run report (all events)"], nv["runs list (GROUP BY events)"]
        print(
            f"  naive: report from all of run big's events {a:.2f} s (x{a / run:.0f} the first run page)"
        )
        print(
            f"  naive: runs list by GROUP BY over events {g:.2f} s (x{g / idx:.1f} the first /, which also accounts 50 runs)",
            flush=True,
        )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--events", type=int, default=1_000_000)
    ap.add_argument("--backend", choices=("sqlite", "postgresql", "both"), default="both")
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--writers", type=int, default=256)
    ap.add_argument("--batches", type=int, default=20)
    ap.add_argument("--batch", type=int, default=50)
    ap.add_argument("--naive", action="store_true", default=True)
    ap.add_argument(
        "--no-naive",
        dest="naive",
        action="store_false",
        help="skip the naive path (minutes at 10 M)",
    )
    ap.add_argument(
        "--no-ingest", dest="ingest", action="store_false", help="skip the concurrent-writer test"
    )
    args = ap.parse_args()
    # A stopped bench still stops its private server and removes its files.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    now = time.time()
    results: dict[str, dict[str, tuple[float, float]]] = {}
    naive: dict[str, dict[str, float]] = {}
    tmp = Path(tempfile.mkdtemp(prefix="kintsugi-bench-dash-"))
    pg = PrivatePG() if args.backend in ("postgresql", "both") else None
    try:
        if args.backend in ("sqlite", "both"):
            url, n, secs = load_sqlite(tmp / "events.db", args.events, now)
            print(
                f"sqlite: loaded {n:,} events in {secs:.0f} s ({(tmp / 'events.db').stat().st_size / 2**30:.1f} GiB)"
            )
            results["sqlite"] = measure_pages(url, args.repeat)
            if args.naive:
                naive["sqlite"] = measure_naive(url)
            report("sqlite", results["sqlite"], naive.get("sqlite"), args.repeat)
        if pg is not None:
            url, n, secs = load_pg(pg.url, args.events, now)
            print(f"postgresql: loaded {n:,} events in {secs:.0f} s")
            results["postgresql"] = measure_pages(url, args.repeat)
            if args.naive:
                naive["postgresql"] = measure_naive(url)
            report("postgresql", results["postgresql"], naive.get("postgresql"), args.repeat)
        if pg is not None and args.ingest:
            total = args.writers * args.batches * args.batch
            print(
                f"\ningest: {args.writers} concurrent writers x {args.batches} batches x {args.batch} events into PostgreSQL"
            )
            for triggers in (False, True):
                run = f"ingest-{'rollup' if triggers else 'plain'}"
                secs, got = ingest(pg.url, args.writers, args.batches, args.batch, run, triggers)
                lost = total - got
                print(
                    f"  {'with rollup triggers' if triggers else 'without triggers   '}: {got:,}/{total:,} stored, {lost} lost,"
                    f" {secs:.1f} s, {got / secs:,.0f} events/s"
                )
                assert lost == 0
            with open_store(pg.url) as s:
                rolled = s.summaries().run("ingest-rollup")
                assert (
                    rolled is not None
                    and rolled.n_events == total
                    and rolled.n_nodes == args.writers
                )
                print(f"  rollup agrees: {rolled.n_events:,} events from {rolled.n_nodes} nodes")
    finally:
        if pg is not None:
            pg.stop()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
