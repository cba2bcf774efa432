"""A driver's log holds every worker's timing lines, each behind the worker's prefix with its
address (Ray Train: ``(RayTrainWorker pid=5116, ip=10.0.5.33)``): the slow ranks are the
ones on that address, not on the node whose folder holds the driver's log."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category


def test_the_slow_workers_address_is_the_straggler(tmp_path: Path) -> None:
    lines = []
    for step in range(200, 2200, 200):
        for rank in range(32):
            ip = ("10.0.5.12", "10.0.5.21", "10.0.5.33", "10.0.5.47")[rank // 8]
            slow = ip == "10.0.5.33"
            fwd, wait = (0.59, 0.01) if slow else (0.38, 0.22)
            lines.append(
                f"(RayTrainWorker pid={5100 + rank}, ip={ip}) [timing] rank={rank} step={step} "
                f"fwd_bwd={fwd:.3f}s data=0.005s allreduce_wait={wait:.3f}s"
            )
    (tmp_path / "ray-head").mkdir()
    (tmp_path / "ray-head" / "ray_job_driver.log").write_text("\n".join(lines) + "\n")
    (tmp_path / "worker-a").mkdir()
    (tmp_path / "worker-a" / "dmesg.txt").write_text("")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STRAGGLER and d.action is Action.RUN_DIAGNOSTICS
    assert d.culprit is not None and d.culprit.node == "10.0.5.33"
