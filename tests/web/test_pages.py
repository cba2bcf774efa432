"""A real ``kintsugi dash`` over a real store (SQLite and PostgreSQL): every page, escaping,
the token, read-only requests, /metrics and ``report --html``."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from prometheus_client.parser import text_string_to_metric_families
from webutil import HOSTILE, running_dash, synthetic_run

from kintsugi.events import Event, EventKind
from kintsugi.store import open_store

ESCAPED = "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;&lt;b&gt;bold&lt;/b&gt; &amp; {{ 7*7 }} [red]markup[/red]"


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    url = (
        f"sqlite:///{tmp_path / 'events.db'}"
        if request.param == "sqlite"
        else request.getfixturevalue("shared_pg")
    )
    with open_store(url) as s:
        s.append(synthetic_run("run-1", steps=60))
        s.append(synthetic_run("run-2", t0=1_700_100_000.0, steps=30))
        s.append(
            [
                Event(
                    EventKind.LOG, "run-1", {"message": "other"}, node="node-c", ts=1_700_000_001
                ),
            ]
        )
        # Kinds other rooms write that this build may not know: raw rows, in a run of their
        # own (the store's events() and so `kintsugi report` cannot read such kinds).
        raw = [
            (
                "ns1",
                "node_state",
                "node-b",
                1_700_000_100.0,
                '{"state": "healthy", "reason": "ok"}',
            ),
            (
                "ns2",
                "node_state",
                "node-b",
                1_700_000_200.0,
                '{"state": "cordoned", "reason": "<i>xid 79</i>"}',
            ),
            (
                "hc1",
                "health_check",
                "node-b",
                1_700_000_150.0,
                '{"level": 2, "status": "fail", "checks": [{"name": "memtest", "status": "fail", "detail": "<b>row remap</b>"}]}',
            ),
            ("tl1", "gpu_telemetry_sample", "node-b", 1_700_000_150.0, '{"temp_c": 91}'),
        ]
        sql = "INSERT INTO events (eid, schema, kind, run_id, ts, node, rank, attempt, data) VALUES (?, 1, ?, 'fleet-probe', ?, ?, NULL, NULL, ?)"
        rows = [(eid, kind, ts, node, data) for eid, kind, node, ts, data in raw]
        if s.dialect == "sqlite":
            s._conn.executemany(sql, rows)  # type: ignore[attr-defined]
        else:
            s._run(lambda cur: cur.executemany(sql.replace("?", "%s"), rows))  # type: ignore[attr-defined]
    yield url


def snapshot(url: str) -> list[object]:
    with open_store(url) as s:
        out: list[object] = [sorted(r[0] for r in s._select("SELECT eid FROM events", []))]
        for table in ("run_nodes", "run_state", "step_buckets", "first_steps"):
            out.append(sorted(map(repr, s._select(f"SELECT * FROM {table}", []))))
        return out


def links(html: str) -> set[str]:
    return {h for h in re.findall(r'href="(/[^"]*)"', html) if not h.startswith("/static")}


def test_pages_links_escaping_and_read_only(store_url: str) -> None:
    before = snapshot(store_url)
    with running_dash(store_url) as d:
        seen: dict[str, str] = {}
        todo = ["/", "/incidents?category=gpu_memory&node=node-b"]
        while todo:
            path = todo.pop()
            if path in seen or len(seen) > 60:
                continue
            code, body, headers = d.get(path)
            assert code == 200, (path, code, body[:300])
            seen[path] = body
            if "text/html" in headers.get("content-type", ""):
                assert "<script>alert" not in body
                assert "default-src 'none'" in headers["content-security-policy"]
                todo += sorted(links(body) - set(seen))
        for must in (
            "/runs/run-1",
            "/runs/run-2",
            "/nodes",
            "/nodes/node-b",
            "/incidents",
            "/metrics",
        ):
            assert must in seen, must
        run_page = seen["/runs/run-1"]
        assert ESCAPED in run_page  # the log line and the diagnosis evidence, literally
        assert run_page.count(ESCAPED) >= 2
        assert "<svg" in run_page and "Where the time went" in run_page
        assert ESCAPED in seen["/incidents?category=gpu_memory&node=node-b"]
        assert ESCAPED in seen["/nodes/node-b"]
        assert "succeeded" in seen["/"] and "gpu_memory" in seen["/"]
        nodes = seen["/nodes"]
        assert "state-cordoned" in nodes and "&lt;i&gt;xid 79&lt;/i&gt;" in nodes
        assert "state-fail" in nodes and "level 2" in nodes
        assert "&lt;b&gt;row remap&lt;/b&gt;" in seen["/nodes/node-b"]
        assert "node_state" in seen["/nodes/node-b"]  # an unknown kind, listed with its payload
        code, body, _ = d.get("/incidents?category=network")
        assert code == 200 and "no incidents match" in body
        code, body, _ = d.get("/incidents?since=yesterday")
        assert code == 400 and "since: use epoch seconds" in body
        assert d.get("/runs/nope")[0] == 404 and d.get("/nodes/nope")[0] == 404
        assert d.get("/nodes?offset=-1")[0] == 400
        code, body, _ = d.get("/nodes?offset=1")
        assert code == 200 and "nodes 2\u20133 of 3" in body and "previous" in body
        for method in ("POST", "PUT", "DELETE"):
            r = subprocess.run(
                ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-X", method, d.url + "/"],
                capture_output=True,
                text=True,
                check=False,
            )
            assert r.stdout in ("405", ""), r.stdout
    assert snapshot(store_url) == before


def test_metrics(store_url: str) -> None:
    with running_dash(store_url) as d:
        code, body, headers = d.get("/metrics")
    assert code == 200 and headers["content-type"].startswith("text/plain")
    fams = {f.name: f for f in text_string_to_metric_families(body)}
    assert all(name.startswith("kintsugi_") for name in fams)
    for name in (
        "kintsugi_run_ettr",
        "kintsugi_run_restarts",
        "kintsugi_run_badput_seconds",
        "kintsugi_detection_latency_seconds",
        "kintsugi_recovery_latency_seconds",
        "kintsugi_nodes",
        "kintsugi_run_step_time_seconds",
        "kintsugi_run_checkpoint_save_seconds",
    ):
        assert name in fams, name
    ettr = {s.labels["run"]: s.value for s in fams["kintsugi_run_ettr"].samples}
    assert set(ettr) == {"run-1", "run-2", "fleet-probe"}
    assert 0 < ettr["run-1"] < 1 and 0 < ettr["run-2"] < 1
    det = {s.name: s.value for s in fams["kintsugi_detection_latency_seconds"].samples}
    assert det["kintsugi_detection_latency_seconds_count"] == 2
    rec = {s.name: s.value for s in fams["kintsugi_recovery_latency_seconds"].samples}
    assert rec["kintsugi_recovery_latency_seconds_count"] == 2


def test_token(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'events.db'}"
    with open_store(url) as s:
        s.append(synthetic_run("run-1", steps=10))
    r = subprocess.run(
        [sys.executable, "-m", "kintsugi", "dash", "--store", url, "--host", "0.0.0.0"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert r.returncode == 2 and r.stdout == ""
    assert r.stderr.strip().splitlines() == [
        "kintsugi: error: --host 0.0.0.0 is reachable from other machines: set --token (or KINTSUGI_TOKEN)"
    ]
    env = {**os.environ, "KINTSUGI_TOKEN": "s3cret"}
    with running_dash(url, "--host", "0.0.0.0", env=env) as d:
        assert "a token is required on every request" in d.banner
        d.url = d.url.replace("0.0.0.0", "127.0.0.1")
        for path in ("/", "/runs/run-1", "/metrics", "/static/htmx.min.js", "/nodes"):
            assert d.get(path)[0] == 401, path
            assert d.get(path, {"Authorization": "Bearer wrong"})[0] == 401
            assert d.get(path, {"Authorization": "Bearer s3cret"})[0] == 200
        assert d.get("/", {"Cookie": "kintsugi_token=s3cret"})[0] == 200
        r = subprocess.run(
            ["curl", "-s", "-D", "-", "-o", "/dev/null", d.url + "/nodes?token=s3cret"],
            capture_output=True,
            text=True,
            check=True,
        )
        assert " 303" in r.stdout.splitlines()[0]
        assert "set-cookie: kintsugi_token=s3cret" in r.stdout.lower()
        assert "location: " + d.url.lower() + "/nodes\n" in r.stdout.lower()


def test_dash_user_errors(tmp_path: Path) -> None:
    def dash(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "kintsugi", "dash", *args],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env={**os.environ, **env},
        )

    for args, env, msg in (
        ((), {}, "needs --store URL"),
        (("--store", "mysql://x/y"), {}, "unknown store URL scheme"),
        (("--store", str(tmp_path / "none" / "x.db")), {}, "no event store at"),
        (("--store", "x.db", "--port", "70000"), {}, "--port '70000': must be a port number"),
        (
            ("--store", "x.db"),
            {"KINTSUGI_REFRESH_SECONDS": "nan"},
            "KINTSUGI_REFRESH_SECONDS='nan'",
        ),
    ):
        r = dash(*args, **env)
        assert r.returncode == 2, (args, r.stderr)
        lines = r.stderr.strip().splitlines()
        assert len(lines) == 1 and msg in lines[0], (args, lines)


def test_report_html(store_url: str, tmp_path: Path) -> None:
    out = tmp_path / "run.html"
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "kintsugi",
            "report",
            "run-1",
            "--store",
            store_url,
            "--html",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert r.returncode == 0, r.stderr
    html = out.read_text()
    assert ESCAPED in html and "<script" not in html
    assert not re.search(
        r'(src|href)="(?!#|data:)', html
    )  # nothing to fetch: one self-contained file
    assert "<style>" in html and "<svg" in html and "Timeline" in html
    assert HOSTILE not in html
    bad = subprocess.run(
        [
            sys.executable,
            "-m",
            "kintsugi",
            "report",
            "run-1",
            "--store",
            store_url,
            "--html",
            str(tmp_path / "missing" / "x.html"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert bad.returncode == 2 and "cannot write" in bad.stderr
    assert not (tmp_path / "missing").exists()
