"""Pure pieces (states, latencies, buckets, charts) and the docs and Grafana file kept honest."""

from __future__ import annotations

import json
import re

from webutil import HOSTILE

from conftest import REPO
from kintsugi.events import Event, EventKind
from kintsugi.store.summaries import RunRow
from kintsugi.web import charts
from kintsugi.web.cli import OPTS, is_loopback
from kintsugi.web.logic import bucket_width, histogram, is_bulk, recovery_latencies, run_state
from kintsugi.web.metrics import StoreCollector


def row(**kw: object) -> RunRow:
    base: dict[str, object] = dict(
        run_id="r",
        first_ts=0.0,
        last_ts=100.0,
        n_events=1,
        n_nodes=1,
        start_ts=0.0,
        end_ts=None,
        outcome=None,
        max_attempt=0,
        n_diagnoses=0,
        last_diag_eid=None,
    )
    base.update(kw)
    return RunRow(**base)  # type: ignore[arg-type]


def test_run_state() -> None:
    assert run_state(row(), now=110, stale_after_s=60).label == "training"
    assert run_state(row(), now=110, stale_after_s=60).live
    assert run_state(row(), now=200, stale_after_s=60).label == "silent"
    done = run_state(row(end_ts=100.0, outcome="failed"), now=110, stale_after_s=60)
    assert (done.label, done.live) == ("failed", False)


def test_recovery_latencies() -> None:
    ev = [
        Event(EventKind.STEP, "r", {"step": 1, "step_time_s": 1.0}, attempt=0, ts=10),
        Event(EventKind.ATTEMPT_END, "r", {"outcome": "crash"}, attempt=0, ts=20),
        Event(EventKind.STEP, "r", {"step": 1, "step_time_s": 1.0}, attempt=1, ts=27.5),
        Event(EventKind.STEP, "r", {"step": 2, "step_time_s": 1.0}, attempt=1, ts=29),
        Event(EventKind.ATTEMPT_END, "r", {"outcome": "hang"}, attempt=1, ts=40),
    ]
    assert recovery_latencies(ev) == [7.5]  # attempt 1's end has no next attempt


def test_buckets_histogram_bulk() -> None:
    assert bucket_width(0, 3600) == 10
    assert bucket_width(0, 30 * 86400) == 600
    assert histogram([0.5, 3, 100], [1, 10]) == ([1.0, 2.0, 3.0], 103.5)
    assert is_bulk("step") and is_bulk("gpu_sample") and not is_bulk("diagnosis")


def test_charts_escape_and_survive_odd_data() -> None:
    bar = charts.breakdown_bar([(HOSTILE, 1.0), ("zero", 0.0)])
    assert "<script>" not in bar and "&lt;script&gt;" in bar
    line = charts.line_chart([(1e9, 1.0)], title=HOSTILE, unit="<u>", marks=[(1e9, HOSTILE)])
    assert "<script>" not in line and "<u>" not in line
    assert "no data" in charts.line_chart([(1.0, float("nan"))], title="t", unit="s")
    flat = charts.line_chart([(0, 2.0), (10, 2.0)], title="t", unit="s")
    assert "polyline" in flat


def test_loopback() -> None:
    assert is_loopback("127.0.0.1") and is_loopback("::1") and is_loopback("localhost")
    assert not is_loopback("0.0.0.0") and not is_loopback("10.0.0.1") and not is_loopback("host")


def test_every_flag_is_documented_with_its_variable() -> None:
    doc = (REPO / "docs" / "dashboard.md").read_text()
    for o in OPTS:
        line = next((ln for ln in doc.splitlines() if ln.startswith(f"| `{o.flag} ")), "")
        assert o.env in line, f"{o.flag} / {o.env} missing from docs/dashboard.md"
    assert "KINTSUGI_HTML" in doc and "--html" in doc


def test_grafana_uses_only_exported_metrics() -> None:
    dash = json.loads((REPO / "deploy" / "grafana" / "kintsugi.json").read_text())
    exprs = [t["expr"] for p in dash["panels"] for t in p["targets"]]
    used = {m for e in exprs for m in re.findall(r"\bkintsugi_[a-z_]+", e)}
    src = (REPO / "src" / "kintsugi" / "web" / "metrics.py").read_text()
    exported = set(re.findall(r'"(kintsugi_[a-z_]+)"', src))
    counters = set(re.findall(r'CounterMetricFamily\(\s*"(kintsugi_[a-z_]+)"', src))
    names = exported | {c + "_total" for c in counters}
    names |= {h + "_bucket" for h in exported} | {h + "_count" for h in exported}
    assert used and used <= names, used - names
    assert StoreCollector.__doc__
