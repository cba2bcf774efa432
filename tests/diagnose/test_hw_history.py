"""A hardware event days before the failure is the node's history; the one at the failure is
its cause (dmesg -T and glog lines written here)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle


def test_a_cable_unplugged_days_earlier_does_not_outrank_the_xid_at_the_failure(
    tmp_path: Path,
) -> None:
    for n in ("n1", "n2", "n3"):
        (tmp_path / n).mkdir()
    (tmp_path / "n1" / "dmesg.txt").write_text(
        "[Tue Mar 12 01:16:29 2024] mlx5_core 0000:4b:00.0: mlx5_port_module_event:1157:(pid 0): "
        "Port module event: module 1, Cable unplugged\n"
    )
    (tmp_path / "n2" / "dmesg.txt").write_text(
        "[Thu Mar 14 04:52:17 2024] NVRM: Xid (PCI:0000:90:00): 79, pid=256273, name=python, "
        "GPU has fallen off the bus.\n"
    )
    for n, r in (("n1", 0), ("n3", 16)):
        (tmp_path / n / "train.log").write_text(
            f"[rank{r}]:[E314 05:22:18.100000 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught "
            "collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, NumelIn=1, "
            "NumelOut=1, Timeout(ms)=1800000) ran for 1800100 milliseconds before timing out.\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "gpu_hardware" and d.culprit is not None
    assert d.culprit.node == "n2"
