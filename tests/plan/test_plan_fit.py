"""Fits from history: the Titan trace (censored MLE) and a SQLite store of incidents."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from kintsugi.errors import UserError
from kintsugi.events import Event, EventKind
from kintsugi.plan.fit import fit_store, fit_trace
from kintsugi.store import open_store

TITAN = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "titan"


def _titan() -> Path:
    if not (TITAN / "gc_full.csv").is_file():
        pytest.skip(f"Titan data not found at {TITAN}")
    return TITAN


def test_titan_weibull_beats_exponential_and_means_wear_out() -> None:
    fit = fit_trace(_titan())
    assert fit.stays == 37_343
    assert fit.failures + fit.window_censored == 4_826 + 1_541
    assert fit.better.model == "weibull"
    assert fit.weibull.shape > 1.0
    assert "wear-out" in fit.shape_meaning()
    assert 50_000 < fit.exponential.mean_h < 500_000


def _fill(url: str, incidents: list[tuple[str, int]], nodes: int, wall_s: float) -> None:
    store = open_store(url)
    with store:
        evs = [
            Event(
                kind=EventKind.RUN_START,
                run_id="r1",
                node="n0",
                ts=1000.0,
                data={"argv": [], "nnodes": str(nodes), "nproc_per_node": 1},
            )
        ]
        evs += [
            Event(
                kind=EventKind.STEP,
                run_id="r1",
                node=f"n{i}",
                ts=1001.0,
                data={"step": 1, "step_time_s": 0.1},
            )
            for i in range(nodes)
        ]
        for k, (cat, attempt) in enumerate(incidents):
            data = {"category": cat, "action": "restart", "summary": "x"}
            for node in ("n0", "n1"):  # two agents diagnose the same failure
                evs.append(
                    Event(
                        kind=EventKind.DIAGNOSIS,
                        run_id="r1",
                        node=node,
                        attempt=attempt,
                        ts=1002.0 + k,
                        data=data,
                    )
                )
        evs.append(
            Event(
                kind=EventKind.RUN_END,
                run_id="r1",
                node="n0",
                ts=1000.0 + wall_s,
                data={"outcome": "ok", "restarts": len(incidents)},
            )
        )
        store.append(evs)


def test_from_store_rates_per_category(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'events.db'}"
    _fill(url, [("gpu_hardware", 0), ("gpu_hardware", 1), ("network", 2)], 4, 86_400.0)
    fit = fit_store(url)
    assert fit.node_days == pytest.approx(4.0)
    rates = {c.category: c for c in fit.categories}
    assert rates["gpu_hardware"].count == 2
    assert rates["gpu_hardware"].per_1000_node_days == pytest.approx(500.0)
    assert rates["gpu_hardware"].lower < 500.0 < rates["gpu_hardware"].upper
    assert fit.total.count == 3
    tax = fit.taxonomy()
    assert tax.replace_fraction == pytest.approx(2 / 3)


def test_from_store_without_incidents_is_one_clear_error(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'empty.db'}"
    _fill(url, [], 2, 3600.0)
    with pytest.raises(UserError, match="no incidents"):
        fit_store(url)


def test_cli_from_store(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from kintsugi.cli import main

    url = f"sqlite:///{tmp_path / 'events.db'}"
    _fill(url, [("gpu_hardware", 0), ("user_code", 1)], 2, 43_200.0)
    argv = ["plan", "--gpus", "1024", "--checkpoint-seconds", "5", "--from-store", url, "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["store_fit"]["total"]["count"] == 2
    # 2 incidents in 1 node-day -> 2 per node-day, 128 nodes -> 256 failures a day
    assert out["failures_per_day"] == pytest.approx(256.0)
    assert out["taxonomy"]["name"] == "store"


def test_cli_from_trace(capsys: pytest.CaptureFixture[str]) -> None:
    from kintsugi.cli import main

    argv = [
        "plan",
        "--gpus",
        "1024",
        "--checkpoint-seconds",
        "5",
        "--from-trace",
        str(_titan()),
        "--json",
    ]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["trace_fit"]["better"] == "weibull"
    assert out["job_mtbf_s"] == pytest.approx(out["gpu_mtbf_s"] / 1024)


def test_cli_empty_store_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from kintsugi.cli import main

    url = f"sqlite:///{tmp_path / 'empty.db'}"
    _fill(url, [], 1, 60.0)
    assert main(["plan", "--gpus", "8", "--checkpoint-seconds", "1", "--from-store", url]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no incidents" in err
