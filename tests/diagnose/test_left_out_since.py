"""A node's fault in an earlier attempt, after a spare took its place, was acted on already:
the requeue's own failure on another node is the one to fix. Where the requeue ran short of
nodes, or failed reading the checkpoint the crash left half written, the earlier fault stays.

Formats: dmesg ``-T`` Xid 74 (NVLink), torch's ``The NVIDIA driver on your system is too old``,
``PytorchStreamReader failed reading zip archive``, in ``attempt_N/<node>/`` folders.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

XID = (
    "[Wed May 29 21:24:33 2024] NVRM: Xid (PCI:0000:3a:00): 74, pid=120356, name=python3, "
    "NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)\n"
)
OLD_DRIVER = (
    "[rank{r}]: RuntimeError: The NVIDIA driver on your system is too old (found version "
    "11040). Please update your GPU driver.\n"
)
TORN = (
    "[rank{r}]: RuntimeError: PytorchStreamReader failed reading zip archive: failed finding "
    "central directory\n"
)


def _bundle(root: Path, second: list[str], fail: str) -> Path:
    for host in ("sc-041", "sc-042", "sc-043"):
        d = root / "attempt_0" / host
        d.mkdir(parents=True)
        (d / "train.log").write_text("[rank0]: [2024-05-29 21:20:00] step 100 loss 2.0\n")
    (root / "attempt_0" / "sc-043" / "dmesg.txt").write_text(XID)
    for i, host in enumerate(second):
        d = root / "attempt_1" / host
        d.mkdir(parents=True)
        text = fail.format(r=8 * i) if i == len(second) - 1 else "[rank0]: waiting\n"
        (d / "train.log").write_text(text)
    return root


def test_the_requeues_own_failure_on_the_spare_is_the_one_to_fix(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["sc-041", "sc-042", "sc-spare02"], OLD_DRIVER))
    v = d.diagnosis
    assert (v.category, v.action) == (Category.DEPENDENCY, Action.RESTART_WITHOUT_NODE)
    assert v.culprit is not None and v.culprit.node == "sc-spare02"


def test_a_torn_checkpoint_on_resume_is_the_earlier_crashs(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["sc-041", "sc-042", "sc-spare02"], TORN)).diagnosis
    assert d.category is Category.NVLINK
    assert d.culprit is not None and d.culprit.node == "sc-043"


WATCHDOG = (
    "[rank{r}]:[E529 23:40:11.000000000 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=88120, OpType=_REDUCE_SCATTER_BASE, "
    "NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600041 milliseconds before timing out.\n"
)


def test_a_requeue_that_hung_without_the_node_is_no_longer_its(tmp_path: Path) -> None:
    """The spare's attempt hung with every rank timing out (symptoms, no root of its own): the
    left-out node's Xid cannot be what stopped it."""
    _bundle(tmp_path, ["sc-041", "sc-042", "sc-spare02"], "[rank0]: waiting\n")
    for i, host in enumerate(("sc-041", "sc-042", "sc-spare02")):
        (tmp_path / "attempt_1" / host / "train.log").write_text(WATCHDOG.format(r=8 * i))
    v = diagnose_bundle(tmp_path).diagnosis
    assert (v.category, v.culprit, v.action) == (Category.HANG, None, Action.RESTART), v.summary


def test_the_schedulers_record_of_a_replaced_node_is_the_past(tmp_path: Path) -> None:
    """slurmctld's record (no attempt of its own) of the node that went down before the requeue
    began is answered already; the requeue's own failure decides."""
    _bundle(tmp_path, ["sc-041", "sc-042", "sc-spare02"], OLD_DRIVER)
    (tmp_path / "attempt_0" / "sc-043" / "dmesg.txt").write_text("")
    (tmp_path / "slurmctld.log").write_text(
        "[2024-05-29T21:24:40.100] error: Nodes sc-043 not responding, setting DOWN\n"
    )
    for host in ("sc-041", "sc-042", "sc-spare02"):
        log = tmp_path / "attempt_1" / host / "train.log"
        log.write_text("[rank0]: [2024-05-29 22:10:00] starting\n" + log.read_text())
    v = diagnose_bundle(tmp_path).diagnosis
    assert (v.category, v.action) == (Category.DEPENDENCY, Action.RESTART_WITHOUT_NODE), v.summary
    assert v.culprit is not None and v.culprit.node == "sc-spare02"
