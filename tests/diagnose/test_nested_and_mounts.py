"""A traceback printed inside another error's text, indented, under a label line naming its
rank (a gathered checkpoint error as some wrappers print it), ends at its exception line; and
a node that could not mount the shared file system is that node's, while the others read it.
Formats: DCP's CheckpointException, Lustre's client messages in uptime-stamped dmesg."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

SITE = "/usr/local/lib/python3.10/dist-packages/torch/distributed/checkpoint"


def _gathered(rank: int, ranks: range, error: str) -> str:
    lines = [
        "Traceback (most recent call last):",
        '  File "/w/train.py", line 310, in save',
        f'  File "{SITE}/utils.py", line 254, in all_reduce',
        "    raise final_result",
        "torch.distributed.checkpoint.api.CheckpointException: CheckpointException "
        f"ranks:dict_keys({list(ranks)})",
    ]
    for r in ranks:
        lines += [
            f"Traceback: (RANK {r})",
            "    Traceback (most recent call last):",
            f'      File "{SITE}/filesystem.py", line 317, in _write_files_from_queue',
            "        stream.write(data)",
            f"    {error}",
        ]
    return "".join(f"[rank{rank}]: {line}\n" for line in lines)


def test_every_rank_out_of_quota_on_the_shared_file_system_stops(tmp_path: Path) -> None:
    for n, node in enumerate(("g301", "g306")):
        (tmp_path / node).mkdir()
        text = "".join(
            _gathered(r, range(4), "OSError: [Errno 122] Disk quota exceeded")
            for r in (2 * n, 2 * n + 1)
        )
        (tmp_path / node / "rank.log").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.STORAGE,
        Layer.INFRASTRUCTURE,
        None,
        Action.STOP,
    ), d.summary


def test_one_node_without_the_mount_is_excluded(tmp_path: Path) -> None:
    missing = "FileNotFoundError: [Errno 2] No such file or directory: '/lustre/ckpt/.metadata'"
    for n, node in enumerate(("gpu-m11", "gpu-m12", "gpu-m13")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "rank.log").write_text(_gathered(n, range(1, 2), missing))
    (tmp_path / "gpu-m12" / "dmesg.txt").write_text(
        "[   78.400000] LustreError: 15c-8: MGC10.40.0.11@o2ib: Confguration from log "
        "lfs01-client failed from MGS -5.\n"
        "[   78.600000] LustreError: 3121:0:(obd_mount.c:1732:lustre_fill_super()) Unable to "
        "mount  (-5)\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STORAGE and d.action is Action.RESTART_WITHOUT_NODE, d.summary
    assert d.culprit is not None and d.culprit.node == "gpu-m12"
