"""Set 20's lessons in small: a disk quota is the shared file system's (no node, stop); an
``nvidia-smi -q -i N`` excerpt without its header is read, but its position is no GPU index;
older torch's "total capacty" spelling of a CUDA OOM; one node's own link evidence behind a
switch is no switch outage."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.bundle import sniff
from kintsugi.diagnose.extract import foreign_gpu_memory
from kintsugi.events import Action, Category

LOST = "[rank{r}]: RuntimeError: Connection closed by peer [127.0.0.1]:48280\n"


def test_a_quota_on_one_nodes_rank_is_the_shared_file_systems(tmp_path: Path) -> None:
    for r, node in enumerate(("l40s-01", "l40s-02", "l40s-03")):
        (tmp_path / node).mkdir()
        line = "[rank0]: OSError: [Errno 122] Disk quota exceeded\n" if r == 2 else LOST.format(r=r)
        (tmp_path / node / "slurm.out").write_text(line)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.STORAGE, None, Action.STOP)


EXCERPT = """GPU 00000000:E3:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Remapped Rows
        Correctable Error                 : 0
        Uncorrectable Error               : 1
        Pending                           : No
        Remapping Failure Occurred        : No
"""


def test_a_headless_excerpt_is_read_and_restarts_a_contained_error(tmp_path: Path) -> None:
    assert sniff(EXCERPT.encode()) == "nvsmi"
    for node in ("h100-c01", "h100-c02"):
        (tmp_path / node).mkdir()
    (tmp_path / "h100-c02" / "dmesg.txt").write_text(
        "[Mon Mar  3 10:00:00 2025] NVRM: Xid (PCI:0000:e3:00): 94, pid=4100, name=python, "
        "Contained: SM (0x1). RST: No, D-RST: No\n"
    )
    (tmp_path / "h100-c02" / "nvidia-smi-q_gpu3_after_reset.txt").write_text(EXCERPT)
    (tmp_path / "h100-c01" / "train.log").write_text(LOST.format(r=0))
    scan = diagnose_bundle(tmp_path)
    assert not any(f.signature in ("gpu_bus", "gpu_count") for f in scan.scan.findings)
    assert (scan.diagnosis.category, scan.diagnosis.action) == (Category.GPU_MEMORY, Action.RESTART)


def test_the_capacty_spelling_of_older_torch() -> None:
    line = (
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 2 has "
        "a total capacty of 79.15 GiB of which 2.06 GiB is free. Process 3319822 has 51.08 GiB "
        "memory in use. Including non-PyTorch memory, this process has 26.00 GiB memory in use."
    )
    assert foreign_gpu_memory(line) == 51.08


def test_one_nodes_own_link_evidence_behind_a_switch_is_that_node(tmp_path: Path) -> None:
    nodes = ("a-21", "a-22", "a-23", "a-24")
    (tmp_path / "topology.json").write_text(
        '{"topology": {"ib-leaf-07": ["a-21", "a-22", "a-23", "a-24"]}}'
    )
    for node in nodes:
        (tmp_path / node).mkdir()
        (tmp_path / node / "nccl.log").write_text(
            f"{node}:2000:2008 [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion "
            "from peer 10.31.2.22<40000> with status=12 opcode=0 len=0 vendor err 129 (Recv)\n"
        )
    (tmp_path / "a-22" / "dmesg.txt").write_text(
        "[Thu Aug 29 02:35:32 2024] mlx5_core 0000:4b:00.0: mlx5_port_module_event:1137:(pid 0): "
        "Port module event[error]: module 0, Cable error, Bus stuck (I2C or data shorted)\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert not any("errors_behind_one_switch" in w for w in d.explain)


def test_a_quota_outlasts_the_passing_lustre_errors_around_it(tmp_path: Path) -> None:
    # every node's kernel lost an OST for a moment before the ranks hit the project quota: the
    # lost connection passes, the quota waits for a person
    for i, node in enumerate(("ccw-gpu-5", "ccw-gpu-6")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "kern.log").write_text(
            f"Apr 14 13:42:2{i} {node} kernel: Lustre: amlfs-OST0001-osc-ff3a9c1e2b448000: "
            "Connection to amlfs-OST0001 (at 10.2.0.8@tcp) was lost; in progress operations "
            "using this service will wait for recovery to complete\n"
        )
        (tmp_path / node / "train.log").write_text(
            f"2024-04-14 13:45:0{i} [rank{8 * i}]: OSError: [Errno 122] Disk quota exceeded: "
            f"'/amlfs/proj/ckpt/step_20000/__{8 * i}_0.distcp'\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.STORAGE, None, Action.STOP), d.summary


def test_lustres_edquot_in_a_nodes_kernel_log_is_the_quota(tmp_path: Path) -> None:
    """The Lustre client's own word (``ost_write ... failed: rc = -122``, EDQUOT) in one
    node's kernel log: the project's quota on the shared file system, no node; stop."""
    for r, node in enumerate(("lx-h100-10", "lx-h100-11", "lx-h100-12")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "slurm.out").write_text(LOST.format(r=r))
    (tmp_path / "lx-h100-12" / "dmesg.txt").write_text(
        "[1015043.800000] LustreError: 11-0: lfs01-OST0041-osc-ffff9b3c4e2a1000: operation "
        "ost_write to node 10.99.0.41@o2ib failed: rc = -122\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.STORAGE, None, Action.STOP)
