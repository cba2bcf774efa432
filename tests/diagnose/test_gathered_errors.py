"""torch.distributed.checkpoint gathers every failed rank's exception and raises it on every
rank (``CheckpointException ranks:dict_keys([1])`` and one ``Traceback ...: (RANK 1)`` per
failed rank): the failure is rank 1's, on rank 1's node, whatever the other ranks print.
A short write there (torch.save's ``unexpected pos``) on a node whose ``df`` shows the
checkpoint disk full is that disk running out of space. Formats from a real torch 2.13 DCP
save that failed on a full tmpfs."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.mounts import full_mounts
from kintsugi.events import Action, Category

SITE = "/usr/lib/python3.11/site-packages/torch"


def gathered(rank: int, failed: int, error: str) -> str:
    p = f"[rank{rank}]: "
    return "".join(
        p + line + "\n"
        for line in (
            "Traceback (most recent call last):",
            '  File "/srv/code/train.py", line 88, in <module>',
            f'  File "{SITE}/distributed/checkpoint/utils.py", line 263, in all_reduce',
            "    raise final_result",
            "torch.distributed.checkpoint.api.CheckpointException: "
            f"CheckpointException ranks:dict_keys([{failed}])",
            f"Traceback (most recent call last): (RANK {failed})",
            f'  File "{SITE}/distributed/checkpoint/filesystem.py", line 346, in _write_item',
            "    torch.save(data, transform_to)",
            f'  File "{SITE}/serialization.py", line 854, in __exit__',
            "    self.file_like.write_end_of_file()",
            error,
        )
    )


SHORT = "RuntimeError: [enforce fail at inline_container.cc:672] . unexpected pos 704 vs 598"
DF = (
    "Filesystem      Size  Used Avail Use% Mounted on\n"
    "/dev/vda        252G   25G   78G  25% /srv/local\n"
    "/dev/loop3       56M   56M     0 100% /snap/core18/2829\n"
    "tmpfs            {size}  {used}  {avail}  {use}% /srv/local/checkpoint\n"
)


def bundle(tmp_path: Path, full_on: str | None) -> Path:
    for rank, node in enumerate(("n0", "n1", "n2")):
        d = tmp_path / node
        d.mkdir()
        (d / "stderr.log").write_text(gathered(rank, 1, SHORT))
        full = node == full_on
        (d / "df-h.txt").write_text(
            DF.format(
                size="12M" if full else "64M",
                used="12M" if full else "2.9M",
                avail="0" if full else "62M",
                use=100 if full else 5,
            )
        )
    return tmp_path


def test_the_gathered_failure_is_the_failed_ranks_on_its_full_disk(tmp_path: Path) -> None:
    d = diagnose_bundle(bundle(tmp_path, "n1")).diagnosis
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n1", 1)
    assert d.category is Category.STORAGE
    assert d.action is Action.RESTART_WITHOUT_NODE  # one node's disk among three
    assert "unexpected pos" in d.summary


def test_a_short_write_without_a_full_disk_is_still_the_failed_ranks(tmp_path: Path) -> None:
    d = diagnose_bundle(bundle(tmp_path, None)).diagnosis
    assert d.category is Category.STORAGE
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("n1", 1)


def test_full_mounts_skip_images_that_are_always_full() -> None:
    text = DF.format(size="12M", used="12M", avail="0", use=100)
    assert full_mounts(text) == ["/srv/local/checkpoint"]
    assert full_mounts(DF.format(size="64M", used="3M", avail="61M", use=5)) == []


def test_lustre_rc_minus_28_on_every_node_is_a_full_file_system(tmp_path: Path) -> None:
    for i in range(3):
        d = tmp_path / f"gpu-{i}"
        d.mkdir()
        (d / "kern.log").write_text(
            f"Oct 28 13:07:2{i} gpu-{i} kernel: LustreError: 7562:0:(osc_request.c:1887:"
            "osc_brw_fini_request()) fsw-OST0019-osc-ffff9b2a71d51b87: write to fsw-OST0019 "
            "rc = -28\n"
        )
        (d / "rank.log").write_text(f"[rank{i}]: RuntimeError: checkpoint write failed\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.STORAGE, None, Action.STOP)


def test_errors_reported_for_ranks_whose_logs_are_missing(tmp_path: Path) -> None:
    """Only rank 0's console and the nodes' kernel logs: the save failed on ranks of every
    node with a stale NFS handle while the NFS server came back. What rank 0 reports for the
    others is what failed: the shared store, no node (not rank 0's)."""
    estale = "OSError: [Errno 116] Stale file handle: '/ckpt/run/step_24000/__{r}_0.distcp'"
    (tmp_path / "slurm-5531290.out").write_text(
        gathered(0, 11, estale.format(r=11)) + f"[rank0]: {estale.format(r=19)}\n"
    )
    for i, node in enumerate(("gpu-k01", "gpu-k02", "gpu-k03")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "kern.log").write_text(
            f"Oct 21 14:00:02 {node} kernel: [1741730.{i}00000] nfs: server nfs-ckpt01 not "
            "responding, still trying\n"
            f"Oct 21 14:01:47 {node} kernel: [1741835.{i}00000] nfs: server nfs-ckpt01 OK\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STORAGE, Action.RESTART), d.summary
    assert d.culprit is None or d.culprit.node is None
