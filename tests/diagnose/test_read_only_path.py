"""A save refused on a path the node mounts read-only by configuration is the job's
configuration (script, stop); a file system the kernel remounted read-only stays storage.

Formats: ``mount`` output (``src on /datasets type nfs4 (ro,relatime,...)``), ``/proc/mounts``,
Python's ``OSError: [Errno 30] Read-only file system: '...'``, ext4's ``Remounting filesystem
read-only``.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.mounts import read_only_mounts
from kintsugi.events import Action, Category

ERROR = (
    "[rank0]:OSError: [Errno 30] Read-only file system: '/datasets/pile/checkpoints/step_2000'\n"
)


def test_mount_tables() -> None:
    assert read_only_mounts(
        "10.0.9.5:/export/datasets on /datasets type nfs4 (ro,relatime,vers=4.2)\n"
        "/dev/nvme0n1p1 on / type ext4 (rw,relatime)\n"
    ) == ["/datasets"]
    assert read_only_mounts("10.0.9.5:/export /datasets nfs4 ro,relatime 0 0\n") == ["/datasets"]


def _bundle(root: Path, kernel: str) -> Path:
    for node in ("c01", "c02"):
        (root / node).mkdir()
        (root / node / "mounts.txt").write_text(
            "10.0.9.5:/export/datasets on /datasets type nfs4 (ro,relatime,vers=4.2)\n"
        )
        (root / node / "dmesg-T.txt").write_text(kernel)
    (root / "c01" / "train.log").write_text(ERROR)
    return root


def test_writing_to_a_read_only_mount_is_the_configuration(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, "[Thu Mar  7 10:00:00 2024] ok\n")).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.USER_CODE, None, Action.STOP)


def test_a_kernel_remount_stays_storage(tmp_path: Path) -> None:
    kernel = (
        "[Thu Mar  7 10:00:00 2024] EXT4-fs error (device nvme0n1p1): ext4_journal_check_start:"
        "83: Detected aborted journal\n"
        "[Thu Mar  7 10:00:00 2024] EXT4-fs (nvme0n1p1): Remounting filesystem read-only\n"
    )
    d = diagnose_bundle(_bundle(tmp_path, kernel)).diagnosis
    assert d.category is Category.STORAGE
