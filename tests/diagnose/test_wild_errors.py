"""Failure text as public reports show it (corpus set 26's theme): RDMA refused its memory by
the locked-memory limit, NCCL unable to grow its /dev/shm segment, an Xid 119 that numbers
its GPU, a worker looking for the rendezvous on its own loopback address, and "No space left
on device" with no path on a node whose ``df`` shows a shared mount full.

Modelled on https://github.com/NVIDIA/nccl-tests/issues/206 (ibv_reg_mr, ulimit -l),
https://github.com/aws/aws-ofi-nccl/issues/141 (EFA CQ creation), NCCL's /dev/shm warning in
containers, https://github.com/pytorch/pytorch/issues/96498 (client socket timed out
connecting to 127.0.0.1) and https://github.com/sml2h3/dddd_trainer/issues/36.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.signatures import default_signatures
from kintsugi.events import Action, Category, Layer


@pytest.mark.parametrize(
    "line",
    [
        "gpu-7:7700:7790 [0] misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with"
        " error Cannot allocate memory",
        "libfabric:21361:1732779730::efa:cq:efa_cq_ibv_cq_ex_open_with_ibv_create_cq_ex():92"
        "<warn> Unable to create extended CQ: Cannot allocate memory",
        "[1643394930.91] ib_md.c:330 UCX ERROR ibv_reg_mr(address=0x7f, length=4096) failed:"
        " Cannot allocate memory. Please set max locked memory (ulimit -l) to 'unlimited'",
    ],
)
def test_rdma_refused_its_locked_memory(line: str) -> None:
    m = default_signatures().match(line)
    assert m is not None and m[0].name == "memlock_limit"


def test_nccl_cannot_grow_its_shared_memory() -> None:
    line = (
        "sxm-022:5110:5210 [0] include/alloc.h:246 NCCL WARN Error: failed to extend"
        " /dev/shm/nccl-ihejdd to 9637892 bytes, error: No space left on device (28)"
    )
    m = default_signatures().match(line)
    assert m is not None and m[0].name == "shm_exhausted"
    other = default_signatures().match("RuntimeError: std::bad_alloc: Cannot allocate memory")
    assert other is not None and other[0].name != "memlock_limit"


REG_MR = (
    "{host}:7700:7790 [0] misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2 failed with"
    " error Cannot allocate memory\n"
)


@pytest.mark.parametrize(("where", "action"), [(("b",), "one"), (("a", "b", "c"), "all")])
def test_a_locked_memory_limit_is_a_node_setting(
    tmp_path: Path, where: tuple[str, ...], action: str
) -> None:
    for node in ("a", "b", "c"):
        (tmp_path / node).mkdir()
        text = f"{node}:7700:7790 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.1<0>\n"
        (tmp_path / node / "out.log").write_text(
            text + (REG_MR.format(host=node) if node in where else "")
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer) == (Category.HOST, Layer.INFRASTRUCTURE)
    if action == "one":
        assert d.action is Action.RESTART_WITHOUT_NODE
        assert d.culprit is not None and d.culprit.node == "b"
    else:
        assert (d.action, d.culprit) == (Action.STOP, None)


SHM = (
    "{pod}:4{r}:13{r} [{r}] misc/shmutils.cc:72 NCCL WARN Error: failed to extend "
    "/dev/shm/nccl-31HCQU to 9637892 bytes, error: No space left on device (28)\n"
    "[rank{rank}]: torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970,"
    " unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5\n"
)


def test_shared_memory_too_small_in_every_pod_is_the_jobs(tmp_path: Path) -> None:
    """Every pod's NCCL fails to grow its /dev/shm segment (the pod template mounts none, the
    container's 64 MiB default): the job's memory against what its pods get, whichever pod
    logged first. The pods' logs sit loose beside the job's listings and descriptions, none
    of which is a node the job ran on."""
    for i, pod in enumerate(("bert-master-0", "bert-worker-0")):
        (tmp_path / f"kubectl-logs-{pod}.txt").write_text(
            "".join(SHM.format(pod=pod, r=r, rank=4 * i + r) for r in range(4))
        )
    (tmp_path / "kubectl-get-pods.txt").write_text(
        "NAME            READY   STATUS   RESTARTS   AGE\nbert-master-0   0/1     Error    0   "
        "        3m\nbert-worker-0   0/1     Error    0           3m\n"
    )
    (tmp_path / "debug-pod-df.txt").write_text(
        "Filesystem      Size  Used Avail Use% Mounted on\nshm              64M   64M     0 100% "
        "/dev/shm\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.OOM,
        Layer.FRAMEWORK,
        None,
        Action.STOP,
    )


def _timeouts(first: int) -> str:
    return "".join(
        f"[rank{r}]:[E312 02:50:39.545291 ProcessGroupNCCL.cpp:616] [Rank {r}] Watchdog caught"
        " collective operation timeout: WorkNCCL(SeqNum=109511, OpType=ALLREDUCE, NumelIn=1,"
        f" NumelOut=1, Timeout(ms)=1800000) ran for 1800632 milliseconds before timing out.\n"
        for r in range(first, first + 4)
    )


def test_an_xid_119_names_its_gpu(tmp_path: Path) -> None:
    for i, node in enumerate(("h-03", "h-04", "h-07")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "output.log").write_text(_timeouts(4 * i))
    (tmp_path / "h-07" / "kern.log").write_text(
        "Mar 12 02:20:19 h-07 kernel: NVRM: Xid (PCI:0000:3a:00): 119, pid=83012, name=python3,"
        " Timeout after 45s of waiting for RPC response from GPU2 GSP! Expected function 76"
        " (GSP_RM_CONTROL) sequence 24174 (0x20801322 0x808).\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_HARDWARE
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("h-07", 10)


def test_a_worker_looking_for_the_rendezvous_on_its_own_loopback(tmp_path: Path) -> None:
    (tmp_path / "job-0").mkdir()
    (tmp_path / "job-1").mkdir()
    (tmp_path / "job-0" / "stdout.txt").write_text(
        "[rank0]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for"
        " clients. 8/16 clients joined.\n"
    )
    (tmp_path / "job-1" / "stdout.txt").write_text(
        "[rank11]: torch.distributed.DistNetworkError: The client socket has timed out after"
        " 1800000ms while trying to connect to (127.0.0.1, 29500).\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action, d.culprit) == (
        Category.USER_CODE,
        Layer.SCRIPT,
        Action.STOP,
        None,
    )


DF = """Filesystem              Size  Used Avail Use% Mounted on
nfs-01:/export/shared    20T   20T     0 100% /data/shared
/dev/nvme0n1p2          3.5T  410G  3.1T  12% /
"""


def test_no_space_without_a_path_on_a_full_shared_mount(tmp_path: Path) -> None:
    for node in ("t-1", "t-2"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "df.txt").write_text(DF)
    (tmp_path / "t-1" / "console.log").write_text(
        "[rank0]:     torch.save(state, path)\n"
        "[rank0]: RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos"
        " 1744893440 vs 1744893328\n"
        "[rank0]: OSError: [Errno 28] No space left on device\n"
    )
    (tmp_path / "t-2" / "console.log").write_text(_timeouts(4))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action, d.culprit) == (Category.STORAGE, Action.STOP, None)


def test_inductors_own_error_class_is_the_compiler() -> None:
    line = "torch._inductor.exc.InductorError: CppCompileError: C++ compile error"
    m = default_signatures().match(line)
    assert m is not None and m[0].name == "compiler_backend_failed"
