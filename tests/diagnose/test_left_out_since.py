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
