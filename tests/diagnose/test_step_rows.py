"""Set 19's lessons in small: sacct's ``.batch`` step COMPLETED says nothing of the job's own
step that ran out of memory; an Xid's bus read through the other nodes' tables when the
failed node's own table lost the GPU; NaNs that follow one node name the one rank they hit."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Category

SACCT = """JobID           JobName  Partition    Elapsed      State ExitCode     MaxRSS  NodeList
------------ ---------- ---------- ---------- ---------- -------- ---------- ---------------
884211         gpt-13b        h100   01:45:41 OUT_OF_ME+    0:125            gx-[201-202]
884211.batch     batch                01:45:41  COMPLETED      0:0      5.12G  gx-201
884211.0        python                01:45:38 OUT_OF_ME+    0:125   1935.92G  gx-[201-202]
"""


def test_the_batch_steps_completed_row_is_not_the_job_finishing(tmp_path: Path) -> None:
    for node in ("gx-201", "gx-202"):
        (tmp_path / node).mkdir()
    (tmp_path / "gx-201" / "sacct.txt").write_text(SACCT)
    (tmp_path / "gx-202" / "dmesg.txt").write_text(
        "[Sun Jun 22 03:30:17 2025] Memory cgroup out of memory: Killed process 41877 "
        "(pt_data_worker) total-vm:92334524kB, anon-rss:80123456kB, file-rss:0kB, UID:1042\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.OOM


def smi(node: str, buses: tuple[str, ...]) -> str:
    return (
        "| NVIDIA-SMI 550.127.05    Driver Version: 550.127.05    CUDA Version: 12.4 |\n"
        + "".join(
            f"|   {i}  NVIDIA H100 80GB HBM3   On  |   00000000:{b}:00.0 Off |   0 |\n"
            for i, b in enumerate(buses)
            if b
        )
    )


def test_the_bus_is_read_through_the_other_nodes_tables(tmp_path: Path) -> None:
    buses = ("18", "2A", "3A", "5D", "9A", "AB", "BA", "DB")
    for n, node in enumerate(("h-1", "h-2", "h-3")):
        (tmp_path / node).mkdir()
        # the failed node's own table lost the GPU that fell off the bus
        mine = tuple("" if (n == 2 and b == "AB") else b for b in buses)
        (tmp_path / node / "nvidia-smi.txt").write_text(smi(node, mine))
        (tmp_path / node / "train.log").write_text(
            "".join(
                f"[rank{8 * n + r}]:[E622 03:40:17.1 ProcessGroupNCCL.cpp:632] [Rank {8 * n + r}] "
                "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=9, "
                "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600043 "
                "milliseconds before timing out.\n"
                for r in range(8)
            )
        )
    (tmp_path / "h-3" / "dmesg.log").write_text(
        "[1234.5] NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has "
        "fallen off the bus.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("h-3", 21)
