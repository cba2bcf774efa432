"""``/metrics``: the store's summaries in Prometheus' text format, every name ``kintsugi_``.

A custom collector reads the store on each scrape (through the report cache), so the
dashboard keeps no counters of its own and any number of dashboards agree.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass

from prometheus_client.core import (
    CounterMetricFamily,
    GaugeMetricFamily,
    HistogramMetricFamily,
    Metric,
)
from prometheus_client.registry import Collector, CollectorRegistry

from kintsugi.store.summaries import Summaries
from kintsugi.web.logic import histogram
from kintsugi.web.views import ReportCache, runs_overview

LATENCY_BOUNDS_S = (1.0, 5.0, 10.0, 30.0, 60.0, 120.0, 300.0, 600.0, 1800.0)
"""Histogram buckets for detection and recovery latency (seconds)."""

NODE_STATES = ("healthy", "suspect", "cordoned", "validating", "retired", "unknown")


@dataclass(frozen=True, slots=True)
class MetricsConfig:
    """Which runs ``/metrics`` describes."""

    runs: int = 50
    """The most recently active runs exported per run (live ones are always among them)."""
    stale_after_s: float = 120.0


class StoreCollector(Collector):
    """Yields the metric families from one store at scrape time."""

    def __init__(self, summaries: Summaries, cache: ReportCache, cfg: MetricsConfig) -> None:
        self._s = summaries
        self._cache = cache
        self._cfg = cfg

    def collect(self) -> Iterator[Metric]:
        s, now = self._s, time.time()
        lines = runs_overview(s, self._cache, now, self._cfg.stale_after_s, limit=self._cfg.runs)
        ettr = GaugeMetricFamily(
            "kintsugi_run_ettr", "Effective training time ratio", labels=["run"]
        )
        good = CounterMetricFamily(
            "kintsugi_run_productive_seconds", "Productive training time", labels=["run"]
        )
        bad = CounterMetricFamily(
            "kintsugi_run_badput_seconds", "Time lost, by category", labels=["run", "category"]
        )
        restarts = CounterMetricFamily("kintsugi_run_restarts", "Restarts of a run", labels=["run"])
        live = GaugeMetricFamily("kintsugi_run_live", "1 while the run is training", labels=["run"])
        nodes = GaugeMetricFamily("kintsugi_run_nodes", "Nodes that took part", labels=["run"])
        step_time = GaugeMetricFamily(
            "kintsugi_run_step_time_seconds",
            "Rank 0's mean step time, newest bucket",
            labels=["run"],
        )
        step = GaugeMetricFamily("kintsugi_run_step", "Highest step reached", labels=["run"])
        ckpt = GaugeMetricFamily(
            "kintsugi_run_checkpoint_save_seconds", "Mean blocking checkpoint save", labels=["run"]
        )
        states: Counter[str] = Counter()
        detection: list[float] = []
        recovery: list[float] = []
        latest = s.latest_steps([line.row.run_id for line in lines], 10)
        for line in lines:
            r, run = line.run.report, line.row.run_id
            states[line.state.label] += 1
            ettr.add_metric([run], r.ettr)
            good.add_metric([run], r.productive_s)
            for cat, v in r.badput_s.items():
                bad.add_metric([run, cat], v)
            restarts.add_metric([run], float(r.restarts))
            live.add_metric([run], 1.0 if line.state.live else 0.0)
            nodes.add_metric([run], float(line.row.n_nodes))
            point = latest.get(run)
            if point is not None:
                step_time.add_metric([run], point.step_time_s)
                if point.max_step is not None:
                    step.add_metric([run], float(point.max_step))
            if r.checkpoints:
                ckpt.add_metric([run], r.badput_s["checkpoint_save"] / r.checkpoints)
            detection += [i.detected_after_s for i in r.incidents]
            recovery += line.run.recovery_s
        yield from (ettr, good, bad, restarts, live, nodes, step_time, step, ckpt)
        runs = GaugeMetricFamily("kintsugi_runs", "Exported runs by state", labels=["state"])
        for state, n in sorted(states.items()):
            runs.add_metric([state], float(n))
        yield runs
        for name, values, what in (
            ("kintsugi_detection_latency_seconds", detection, "Failure to detection"),
            ("kintsugi_recovery_latency_seconds", recovery, "Attempt end to next first step"),
        ):
            counts, total = histogram(values, LATENCY_BOUNDS_S)
            buckets = [(str(b), c) for b, c in zip(LATENCY_BOUNDS_S, counts, strict=False)]
            buckets.append(("+Inf", counts[-1]))
            h = HistogramMetricFamily(name, what)
            h.add_metric([], buckets, total)
            yield h
        # From the cached node facts: no per-request work for 2,048 nodes but the loop.
        facts = self._cache.node_facts(s)
        by_state: Counter[str] = Counter()
        node_state = GaugeMetricFamily(
            "kintsugi_node_state",
            "1 for each node not healthy (or unknown), by lifecycle state",
            labels=["node", "state"],
        )
        failures = CounterMetricFamily(
            "kintsugi_node_failures",
            "Hardware-type diagnoses naming the node (nodes with any)",
            labels=["node"],
        )
        for node in facts.runs:
            ev = facts.states.get(node)
            label = str(ev.data.get("state", "unknown")) if ev else "unknown"
            by_state[label if label in NODE_STATES else "unknown"] += 1
            if label not in ("healthy", "unknown"):
                node_state.add_metric([node, label], 1.0)
            if facts.failures.get(node):
                failures.add_metric([node], float(facts.failures[node]))
        count = GaugeMetricFamily("kintsugi_nodes", "Nodes by lifecycle state", labels=["state"])
        for st in NODE_STATES:
            count.add_metric([st], float(by_state.get(st, 0)))
        events, n_runs = s.totals()
        yield from (node_state, failures, count)
        yield CounterMetricFamily("kintsugi_events", "Events in the store", value=float(events))
        yield GaugeMetricFamily("kintsugi_store_runs", "Runs in the store", value=float(n_runs))


def make_registry(
    summaries: Summaries, cache: ReportCache, cfg: MetricsConfig
) -> CollectorRegistry:
    registry = CollectorRegistry(auto_describe=False)
    registry.register(StoreCollector(summaries, cache, cfg))
    return registry
