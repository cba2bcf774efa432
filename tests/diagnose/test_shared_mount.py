"""A storage error on a path of a file system every node mounts from its servers (GPFS, NFS,
Lustre: ``df`` or the mount table says so) is the shared service's, whichever node's rank
hit it: no node to exclude. The same error on the node's own disk excludes the node.

Formats: ``df -h`` (a source that is no block device), ``mount`` (``type nfs4``).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.mounts import network_mounts
from kintsugi.events import Action, Category

DF = """Filesystem                     Size  Used Avail Use% Mounted on
/dev/nvme0n1p2                  1.8T  177G  1.5T  16% /
tmpfs                          1008G   12G  990G   2% /dev/shm
/dev/md0                         28T  4.5T   20T  14% /raid
gpfs01                          8.2P  5.9P  2.3P  72% /gpfs
nfs-home:/export/home            40T   31T  9.0T  78% /home
"""


def test_network_mounts_from_df_and_mount() -> None:
    assert network_mounts(DF) == ["/gpfs", "/home"]
    table = (
        "10.0.9.5:/export/datasets on /datasets type nfs4 (ro,relatime)\n"
        "/dev/nvme0n1 on /scratch type xfs (rw,relatime)\n"
        "10.1.0.2@o2ib:/lfs on /lustre type lustre (rw,flock)\n"
    )
    assert network_mounts(table) == ["/datasets", "/lustre"]


def _bundle(root: Path, path: str) -> None:
    for node in ("gn101", "gn102"):
        (root / node).mkdir()
        (root / node / "df-h.txt").write_text(DF)
    (root / "gn101" / "slurm.out").write_text(
        "".join(
            f"[rank{r}]: OSError: [Errno 122] Disk quota exceeded: '{path}/__{r}_0.distcp'\n"
            for r in (8, 16, 25)
        )
    )


def test_a_full_shared_file_system_is_no_node_s(tmp_path: Path) -> None:
    _bundle(tmp_path, "/gpfs/projects/llm/ckpt/step_6000")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action, d.culprit) == (Category.STORAGE, Action.STOP, None)


def test_the_same_error_on_the_node_s_own_disk_is_the_node_s(tmp_path: Path) -> None:
    _bundle(tmp_path, "/raid/ckpt/step_6000")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STORAGE, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "gn101"
