"""Xid 94, a contained uncorrectable ECC error: the process was killed and the row waits for a
GPU reset to be remapped, so the job runs without the node until it is reset (NVIDIA's Xid
catalog: "restart the application after resetting the GPU"). Where the node's ``nvidia-smi -q``
then shows every row remapped and none pending (the reset happened, the row was replaced), the
job restarts on it: the blind authors of sets 14 and 16 labelled that case so, and every
bundle labelled "exclude" shows a row still pending or no report at all.
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


SMI_Q = """==============NVSMI LOG==============

GPU 00000000:3B:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    ECC Mode
        Current                           : Enabled
        Pending                           : Enabled
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 1
        Pending                           : {pending}
        Remapping Failure Occurred        : No
"""


def contained(tmp_path: Path, pending: str | None) -> Path:
    for node in ("a", "b"):
        (tmp_path / node).mkdir()
    (tmp_path / "a" / "kern.log").write_text(
        "Mar  3 10:00:00 a kernel: NVRM: Xid (PCI:0000:3b:00): 94, pid=4100, name=python, "
        "Contained: SM (0x1). RST: No, D-RST: No\n"
        "Mar  3 10:00:00 a kernel: NVRM: Xid (PCI:0000:3b:00): 63, pid='<unknown>', "
        "name=<unknown>, Row Remapper: New row (0x00000000003c1a07) was marked for remapping, "
        "reset gpu to activate.\n"
    )
    if pending is not None:
        (tmp_path / "a" / "nvidia-smi-q.txt").write_text(SMI_Q.format(pending=pending))
    (tmp_path / "b" / "train.log").write_text(
        "[rank8]:[E303 10:10:00.000000000 ProcessGroupNCCL.cpp:632] [Rank 8] Watchdog caught "
        "collective operation timeout: WorkNCCL(SeqNum=9, OpType=ALLREDUCE, NumelIn=1, "
        "NumelOut=1, Timeout(ms)=600000) ran for 600043 milliseconds before timing out.\n"
    )
    return tmp_path


def test_a_contained_error_since_remapped_restarts_on_the_node(tmp_path: Path) -> None:
    """The report taken after the epilog's reset: the row remapped, none pending."""
    d = diagnose_bundle(contained(tmp_path, "No")).diagnosis
    assert (d.category, d.action) == (Category.GPU_MEMORY, Action.RESTART)
    assert d.culprit is not None and d.culprit.node == "a"
    assert any("contained_and_remapped" in w for w in d.explain)


def test_a_row_still_pending_keeps_the_node_out(tmp_path: Path) -> None:
    d = diagnose_bundle(contained(tmp_path, "Yes")).diagnosis
    assert (d.category, d.action) == (Category.GPU_MEMORY, Action.RESTART_WITHOUT_NODE)


def test_a_report_pasted_into_a_health_checks_transcript_is_read(tmp_path: Path) -> None:
    """The drain check's transcript: the reset it ran, then ``nvidia-smi -q -d
    ROW_REMAPPER,ECC,PAGE_RETIREMENT`` with no header and no product name. Its blocks read
    as the report they are, and its counter "Double Bit ECC : N/A" is no ECC error."""
    contained(tmp_path, None)
    block = SMI_Q.split("\n", 2)[2].replace("    Product Name", "    Product Brand", 1)
    (tmp_path / "a" / "health-check.txt").write_text(
        "# node-health drain-check on a\n$ nvidia-smi -r -i 0\n"
        "GPU 00000000:3B:00.0 was successfully reset.\nAll done.\n"
        "$ nvidia-smi -q -i 0 -d ROW_REMAPPER,ECC,PAGE_RETIREMENT\n\n"
        + block.format(pending="No")
        + "    Retired Pages\n        Single Bit ECC                    : N/A\n"
        "        Double Bit ECC                    : N/A\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.GPU_MEMORY, Action.RESTART)
    assert not any("Double Bit ECC" in e.text for e in d.evidence)


def test_a_gpu_the_device_plugin_took_out_of_the_pool_keeps_the_node_out(tmp_path: Path) -> None:
    """Remapped and none pending, but the Kubernetes device plugin marked the GPU unhealthy:
    no pod gets it until it is reset and the plugin restarted, so the job runs without it."""
    contained(tmp_path, "No")
    (tmp_path / "a" / "nvidia-device-plugin.log").write_text(
        "I0709 15:16:23.002901       1 health.go:186] XidCriticalError: Xid=94 on Device=GPU-"
        "19b27e21-49f8-ce7b-d882-7d3b6ca2c233; marking device as unhealthy.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.GPU_MEMORY, Action.RESTART_WITHOUT_NODE)
