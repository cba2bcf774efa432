"""Shapes of logs the corpus does not spell out: launcher prefixes, restarts in one console."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

RESTART = (
    "[2024-03-12 09:0{m}:00,000] torch.distributed.elastic.agent.server.api: [default] Worker "
    "group FAILED. {left}/2 attempts left; will restart worker group\n"
)


def test_restarts_inside_one_console_are_attempts(tmp_path: Path) -> None:
    seg = "[2024-03-12 09:0{m}:00,000] [rank3]: Segmentation fault (core dumped) at step {s}\n"
    (tmp_path / "node-a").mkdir()
    (tmp_path / "node-b").mkdir()
    (tmp_path / "node-a" / "console.log").write_text("[rank0]: step 1 loss 2.0\n")
    (tmp_path / "node-b" / "console.log").write_text(
        seg.format(m=1, s=40) + RESTART.format(m=2, left=1) + seg.format(m=3, s=90)
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.HOST and d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and d.culprit.node == "node-b"


def test_srun_and_mpirun_prefixes_give_the_rank(tmp_path: Path) -> None:
    (tmp_path / "node-c").mkdir()
    (tmp_path / "node-c" / "slurm-42.out").write_text(
        "5: Traceback (most recent call last):\n"
        '5:   File "/w/train.py", line 3, in <module>\n'
        "5: RuntimeError: CUDA error: an illegal memory access was encountered\n"
        "[1,6]<stderr>:[rank6]: terminate called after throwing an instance of "
        "'c10::DistBackendError'\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("node-c", 5)


def test_compressed_logs_are_read(tmp_path: Path) -> None:
    import bz2
    import gzip
    import lzma

    xid = (
        b"[ 99.1] NVRM: Xid (PCI:0000:3b:00): 79, pid=1, name=python, GPU has fallen off the bus.\n"
    )
    (tmp_path / "node-a").mkdir()
    (tmp_path / "node-b").mkdir()
    (tmp_path / "node-c").mkdir()
    (tmp_path / "node-a" / "rank0.log.bz2").write_bytes(bz2.compress(b"[rank0]: step 1 loss 2\n"))
    (tmp_path / "node-b" / "dmesg.txt.gz").write_bytes(gzip.compress(xid))
    (tmp_path / "node-c" / "syslog.xz").write_bytes(lzma.compress(b"hello\n"))
    (tmp_path / "node-c" / "broken.gz").write_bytes(b"\x1f\x8b\x08\x00garbage")
    res = diagnose_bundle(tmp_path)
    d = res.diagnosis
    assert d.category is Category.GPU_HARDWARE and d.culprit is not None
    assert d.culprit.node == "node-b"
    kinds = {f.path: (f.kind, f.note) for f in res.scan.files}
    assert kinds["node-b/dmesg.txt.gz"] == ("kernel", "gzip-compressed")
    assert kinds["node-c/broken.gz"][0] in ("unreadable", "text")


def test_a_flat_bundle_names_nodes_by_file(tmp_path: Path) -> None:
    (tmp_path / "node-a.log").write_text("[rank0]: step 1 loss 2.0\n")
    (tmp_path / "node-c_dmesg.txt").write_text(
        "[ 99.1] NVRM: Xid (PCI:0000:3b:00): 48, pid=1, name=python, DBE\n"
    )
    (tmp_path / "train.log").write_text("step 1\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and d.culprit.node == "node-c"


def test_a_pdsh_host_before_a_cpp_abort_is_that_host(tmp_path: Path) -> None:
    """DeepSpeed's pdsh console: ``dgx-a-03: terminate called after throwing ...`` is
    dgx-a-03's line, not the launching node's."""
    for node in ("dgx-a-01", "dgx-a-03"):
        (tmp_path / node).mkdir()
    (tmp_path / "dgx-a-01" / "deepspeed-launcher.log").write_text(
        "dgx-a-03: terminate called after throwing an instance of 'std::runtime_error'\n"
        "dgx-a-03:   what():  NCCL error: unhandled system error\n"
    )
    scan = diagnose_bundle(tmp_path).scan
    assert {f.node for f in scan.findings if f.role.value == "root"} == {"dgx-a-03"}
