"""A job every rank of which waits most of each step for its batches is held by its input
pipeline: a setting of the script's (loader workers, tokenizing in the loop, a remote
dataset), not a node's."""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import compute_time, data_wait, step_time


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


def test_open_clip_and_side_by_side_timers_are_read() -> None:
    line = "Train Epoch: 0 [819200/400000000 (0%)] Data (t): 2.523 Batch (t): 3.001, 2709.64/s"
    assert data_wait(line) == 2.523
    assert step_time(line) == 3.001
    line = "rank 0 step 500: data_wait 3643ms compute 399ms allreduce 27ms"
    assert data_wait(line) == pytest.approx(3.643)
    assert compute_time(line) == pytest.approx(0.399)


def test_waiting_longer_than_computing_is_the_pipeline(tmp_path: Path) -> None:
    """Ranks that log their wait and their compute but no step time: the step is both."""
    for n, node in enumerate(("pod-a", "pod-b")):
        (tmp_path / node).mkdir()
        text = "".join(
            f"[timer][INFO] rank {n * 8 + r} step {s}: data_wait 3{r}43ms compute 399ms "
            "allreduce 27ms\n"
            for s in range(100, 600, 100)
            for r in range(8)
        )
        (tmp_path / node / "container.log").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == ("straggler", "script", "stop")


_PYSPY = """Process {pid}: /usr/bin/python3 train.py --config cfg.yaml
Python v3.10.12 (/usr/bin/python3.10)

Thread {tid} (active+gil): "MainThread"
    resize (PIL/Image.py:2200)
    __call__ (vlm/data/collate.py:112)
    fetch (torch/utils/data/_utils/fetch.py:55)
    _next_data (torch/utils/data/dataloader.py:757)
    __next__ (torch/utils/data/dataloader.py:673)
    train (transformers/trainer.py:2052)
    <module> (train.py:230)
Thread 51431 (idle): "Thread-2 (_pin_memory_loop)"
    wait (threading.py:324)
    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)
"""


def test_stack_dumps_inside_the_dataloader_are_the_pipeline(tmp_path: Path) -> None:
    """py-spy of a running job, its main threads in the DataLoader (py-spy names threads by OS
    id or by pthread id in hex, and states like "active+gil")."""
    for node, tid in (("gpu-a-01", "51400"), ("gpu-a-02", "0x7F6B9A1E0740")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "train.log").write_text(
            "".join(f"{{'loss': 2.1, 'learning_rate': 1e-5, 'epoch': 0.{s}}}\n" for s in range(9))
            + " 12%|█▏        | 120/1000 [12:08<1:28:57,  6.07s/it]\n"
        )
        (tmp_path / node / "py-spy-dump-localrank0.txt").write_text(
            _PYSPY.format(pid=51400, tid=tid)
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == ("straggler", "script", "stop")
    assert "input pipeline" in d.summary


def test_a_dump_elsewhere_is_no_pipeline_verdict(tmp_path: Path) -> None:
    (tmp_path / "gpu-a-01").mkdir()
    dump = _PYSPY.format(pid=1, tid=1).replace("fetch (torch/utils/data/_utils/fetch.py:55)\n", "")
    dump = dump.replace("_next_data (torch/utils/data/dataloader.py:757)\n", "")
    dump = dump.replace("__next__ (torch/utils/data/dataloader.py:673)\n", "")
    dump = dump.replace("__call__ (vlm/data/collate.py:112)\n", "forward (model.py:88)\n")
    (tmp_path / "gpu-a-01" / "py-spy.txt").write_text(dump)
    assert diagnose_bundle(tmp_path).diagnosis.category.value == "unknown"
