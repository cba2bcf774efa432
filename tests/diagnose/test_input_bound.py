"""A job every rank of which waits most of each step for its batches is held by its input
pipeline: a setting of the script's (loader workers, tokenizing in the loop, a remote
dataset), not a node's."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import data_wait


def _step(rank: int, step: int, wait: float) -> str:
    return (
        f"[rank{rank}]: 2025-07-21 15:{step // 10:02d}:00,000 INFO step {step:5d} | loss 4.79 | "
        f"step_time {wait + 1.2:.2f}s | data_wait {wait:.2f}s | compute 1.18s\n"
    )


def _bundle(tmp: Path, waits: dict[str, float]) -> Path:
    for i, (node, wait) in enumerate(waits.items()):
        (tmp / node).mkdir()
        text = "".join(_step(i * 8, s, wait) for s in range(10, 200, 10))
        (tmp / node / "train.log").write_text(text)
    return tmp


def test_timers_side_by_side_are_read() -> None:
    assert data_wait("step 10 | step_time 8.87s | data_wait 7.69s | compute 1.18s") == 7.69
    assert data_wait("[rank3] step 1500 data_wait_avg_s=8.06 compute_avg_s=1.18") == 8.06
    assert data_wait("received data 3 s ago") is None  # prose, no timer


def test_every_rank_waiting_for_data_is_the_scripts_pipeline(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, {"gpu-1": 7.7, "gpu-2": 7.9})).diagnosis
    got = (d.category.value, d.layer.value, d.culprit, d.action.value)
    assert got == ("straggler", "script", None, "stop"), d.summary


def test_short_waits_are_a_healthy_job(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, {"gpu-1": 0.05, "gpu-2": 0.06})).diagnosis
    assert d.category.value == "unknown"
