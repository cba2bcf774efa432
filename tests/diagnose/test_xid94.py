"""Xid 94, a contained uncorrectable ECC error: the process was killed and the row waits for a
GPU reset to be remapped, so the job runs without the node until it is reset (NVIDIA's Xid
catalog: "restart the application after resetting the GPU"; every blind author labelled it
so).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category


def test_a_contained_ecc_error_excludes_its_node(tmp_path: Path) -> None:
    for node in ("a", "b"):
        (tmp_path / node).mkdir()
    (tmp_path / "a" / "kern.log").write_text(
        "Mar  3 10:00:00 a kernel: NVRM: Xid (PCI:0000:3b:00): 94, pid=4100, name=python, "
        "Contained: SM (0x1). RST: No, D-RST: No\n"
    )
    (tmp_path / "b" / "train.log").write_text(
        "[rank8]:[E303 10:10:00.000000000 ProcessGroupNCCL.cpp:632] [Rank 8] Watchdog caught "
        "collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, NumelIn=1, "
        "NumelOut=1, Timeout(ms)=600000) ran for 600043 milliseconds before timing out.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.GPU_MEMORY, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "a"
