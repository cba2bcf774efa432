"""A GPU fault the node's kernel places (an Xid on a PCI bus no table ties to a rank), and the
rank whose CUDA call hit it, named only in rank 0's console: that rank is the GPU's."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Category

XID = (
    "[Thu Aug 21 17:05:30 2025] NVRM: Xid (PCI:0000:47:00): 48, pid=40917, name=python, An "
    "uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer.\n"
)


def watchdog(rank: int, second: int) -> str:
    return (
        f"[rank{rank}]:[E821 17:05:{second}.500000 ProcessGroupNCCL.cpp:1575] [PG ID 0 PG GUID 0(default_pg) "
        f"Rank {rank}] Process group watchdog thread terminated with exception: CUDA error: "
        "uncorrectable ECC error encountered\n"
    )


def bundle(tmp_path: Path, console: str) -> Path:
    for node in ("node-a01", "node-a02", "node-a03", "node-a04"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "dmesg.txt").write_text(XID if node == "node-a04" else "\n")
    (tmp_path / "lightning_stdout.txt").write_text(
        "Epoch 3:  41%|####      | 412/1000\n"
        + console
        + "[rank3]:[E821 17:05:35.100000 ProcessGroupNCCL.cpp:1575] [PG ID 0 PG GUID 0(default_pg) Rank 3]"
        " Process group watchdog thread terminated with exception: NCCL error: remote process "
        "exited or there was a network error, NCCL version 2.20.5\n"
    )
    return tmp_path


def test_the_rank_that_reported_the_fault_is_the_gpus(tmp_path: Path) -> None:
    d = diagnose_bundle(bundle(tmp_path, watchdog(14, 31))).diagnosis
    assert d.category is Category.GPU_MEMORY
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("node-a04", 14)
    assert any("rank_by_report" in w for w in d.explain)


def test_two_ranks_reporting_name_no_rank(tmp_path: Path) -> None:
    d = diagnose_bundle(bundle(tmp_path, watchdog(14, 31) + watchdog(9, 32))).diagnosis
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("node-a04", None)
