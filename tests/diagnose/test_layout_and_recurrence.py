"""What sets 36 and 37 taught (written blind; scored untuned first):

- bundles whose nodes sit one folder down (``nodes/<node>/``, ``pods/<pod>.log``,
  ``consoles/<node>.log``, a Slurm job's ``job_71554/``) and attempts named ``run1/``, ``run2/``;
- the driver's application-fault Xid (13, 31, 43) on several nodes at once is the program's;
- an old hardware event on a node is history even when the node now fails like every other;
- processes that also hold a GPU of their own are the job's ranks, not another tenant;
- a CUDA OOM's other process found in a node's ``nvidia-smi`` places the rank there;
- a NaN after the training diverged in every attempt is the recipe, over one attempt's Xid.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.bundle import locate
from kintsugi.events import Action, Category, Layer


def _verdict(root: Path) -> tuple[object, ...]:
    d = diagnose_bundle(root).diagnosis
    return d.category, d.layer, d.culprit and d.culprit.node, d.action


def test_nodes_one_folder_down_and_attempts_by_run(tmp_path: Path) -> None:
    r = tmp_path
    assert locate(r, r / "nodes" / "gpu7" / "dmesg.txt")[0] == "gpu7"
    assert locate(r, r / "consoles" / "a100-n202.log")[0] == "a100-n202"
    assert locate(r, r / "pods" / "llm-worker-6.log")[0] == "llm-worker-6"
    assert locate(r, r / "job_71554" / "cn0337" / "status.txt")[0] == "cn0337"
    assert locate(r, r / "job-0" / "stdout.txt")[0] == "job-0"  # a pod named job-0
    assert locate(r, r / "logs" / "slurm-551902.out")[0] == r.name  # the job's, no node's
    assert locate(r, r / "run2" / "node-09" / "dmesg.txt") == ("node-09", None, 2)


XID31 = (
    "2025-05-20T22:16:52.0{i}3000+0000 {node} kernel: NVRM: Xid (PCI:0000:18:00): 31, "
    "pid=31002{i}1, name=python3, channel 0x00000018, intr 00000000. MMU Fault: ENGINE "
    "GRAPHICS GPC0 GPCCLIENT_T1_6 faulted @ 0x7f3a_12000000. Fault is of type FAULT_PDE "
    "ACCESS_TYPE_VIRT_WRITE\n"
)


def test_an_application_fault_xid_on_every_node_is_the_program(tmp_path: Path) -> None:
    for i, node in enumerate(("hgx041", "hgx042", "hgx043")):
        (tmp_path / "nodes" / node).mkdir(parents=True)
        log = XID31.format(i=i, node=node)
        if node == "hgx043":  # a GPU that fell off the bus two days before, since replaced
            log = (
                "2025-05-18T22:10:00.000000+0000 hgx043 kernel: NVRM: Xid (PCI:0000:9a:00): 79,"
                " pid='<unknown>', name=<unknown>, GPU has fallen off the bus.\n" + log
            )
        (tmp_path / "nodes" / node / "journal-kernel.log").write_text(log)
    (tmp_path / "logs").mkdir()
    (tmp_path / "logs" / "pretrain.log").write_text(
        "".join(
            f"[rank{r}]:[E520 22:16:52.153501788 ProcessGroupNCCL.cpp:1575] [PG ID 2 PG GUID 5 "
            f"Rank {r}] Process group watchdog thread terminated with exception: CUDA error: an "
            "illegal memory access was encountered\n"
            for r in range(0, 24, 8)
        )
    )
    category, _, culprit, action = _verdict(tmp_path)
    assert (category, culprit, action) == (Category.USER_CODE, None, Action.STOP)


def _smi(rows: list[tuple[int, int, int]]) -> str:
    head = (
        "| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4  |\n"
        "| Processes:                                                                            |\n"
        "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |\n"
    )
    return head + "".join(
        f"|    {g}   N/A  N/A    {pid:7d}      C   python3                          {mib:6d}MiB |\n"
        for g, pid, mib in rows
    )


def test_ranks_with_a_context_on_gpu0_are_the_jobs_own(tmp_path: Path) -> None:
    oom = (
        "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.53 GiB. GPU 0 "
        "has a total capacity of 79.11 GiB of which 421.62 MiB is free. "
        + "".join(f"Process 10155{i} has 2.36 GiB memory in use. " for i in range(4))
        + "Including non-PyTorch memory, this process has 61.82 GiB memory in use.\n"
    )
    for node in ("nd20-01", "nd20-02"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "stdout.log").write_text(oom)
        rows = [(0, 101549, 63000)] + [(0, 101550 + i, 2418) for i in range(4)]
        rows += [(1 + i, 101550 + i, 60113) for i in range(4)]
        (tmp_path / node / "nvidia-smi.txt").write_text(_smi(rows))
    assert _verdict(tmp_path) == (Category.OOM, Layer.FRAMEWORK, None, Action.STOP)


def test_the_other_process_of_an_oom_places_the_rank(tmp_path: Path) -> None:
    (tmp_path / "slurm-911834.out").write_text(
        "34: [rank34]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. "
        "GPU 2 has a total capacity of 79.11 GiB of which 1.19 GiB is free. Process 88123 has "
        "18.41 GiB memory in use. Including non-PyTorch memory, this process has 59.02 GiB "
        "memory in use.\n"
    )
    (tmp_path / "gpu-p05").mkdir()
    (tmp_path / "gpu-p05" / "nvidia-smi_after_job.txt").write_text(_smi([(2, 88123, 18850)]))
    assert _verdict(tmp_path) == (
        Category.OOM,
        Layer.INFRASTRUCTURE,
        "gpu-p05",
        Action.RESTART_WITHOUT_NODE,
    )


def _run(losses: list[float]) -> str:
    lines = "".join(
        f" [2025-07-10 01:{10 + i:02d}:15] iteration {8000 + 50 * i:8d}/  100000 | elapsed time "
        f"per iteration (ms): 1903.2 | lm loss: {loss:.6E} | grad norm: {0.5 + 30 * max(0, i - 12):.3f} |\n"
        for i, loss in enumerate(losses)
    )
    return lines + (
        "[rank5]: AssertionError: Rank 5: found NaN in local grad norm in backward pass before "
        "data-parallel communication collective. Device: 5, node: node-01\n"
    )


def test_a_nan_after_divergence_in_every_attempt_outranks_one_attempts_xid(tmp_path: Path) -> None:
    losses = [2.4 - 0.01 * i for i in range(13)] + [2.9, 5.0, 9.0, 14.0]
    for run in ("run1", "run2"):
        (tmp_path / run).mkdir()
        (tmp_path / run / "train.log").write_text(_run(losses))
    (tmp_path / "run1" / "node-01").mkdir()
    (tmp_path / "run1" / "node-01" / "dmesg.txt").write_text(
        "[ 1203.300000] NVRM: Xid (PCI:0000:ab:00): 94, pid=99102, name=python, Contained: SM "
        "(0x1). RST: No, D-RST: No\n"
    )
    assert _verdict(tmp_path) == (Category.NUMERICAL, Layer.SCRIPT, None, Action.STOP)


def test_an_xid_beside_the_programs_own_device_assert_is_its_echo(tmp_path: Path) -> None:
    (tmp_path / "gpu-k02").mkdir()
    (tmp_path / "gpu-k02" / "dmesg_tail.txt").write_text(
        "[Thu Nov 21 13:40:29 2024] NVRM: Xid (PCI:0000:9a:00): 13, pid=30122, name=python3, "
        "Graphics SM Warp Exception on (GPC 2, TPC 3, SM 1): Out Of Range Address\n"
    )
    (tmp_path / "gpu-k02" / "torchrun.out").write_text(
        "[2024-11-21 13:40:31,102] ../aten/src/ATen/native/cuda/Indexing.cu:1289: "
        "indexSelectLargeIndex: block: [119,0,0], thread: [96,0,0] Assertion `srcIndex < "
        "srcSelectDimSize` failed.\n"
        "[rank12]: RuntimeError: CUDA error: device-side assert triggered\n"
    )
    assert _verdict(tmp_path) == (Category.USER_CODE, Layer.SCRIPT, None, Action.STOP)


def test_a_cuda_error_as_the_time_limit_kills_the_job_is_its_teardown(tmp_path: Path) -> None:
    (tmp_path / "slurm-1188231.out").write_text(
        " [2025-10-20 19:59:40] iteration   140000/  200000 | elapsed time per iteration (ms): "
        "502.1 | lm loss: 1.812E+00 |\n"
        "slurmstepd: error: *** JOB 1188231 ON jz-g210 CANCELLED AT 2025-10-20T20:00:00 DUE TO "
        "TIME LIMIT ***\n"
        "W1020 20:00:01.101000 77110 torch/distributed/elastic/agent/server/api.py:704] Received "
        "Signals.SIGTERM death signal, shutting down workers\n"
        "[rank33]: RuntimeError: CUDA error: unspecified launch failure\n"
    )
    assert _verdict(tmp_path) == (Category.UNKNOWN, Layer.FRAMEWORK, None, Action.NONE)


def test_a_collectors_node_folder_takes_the_host_name_the_logs_use(tmp_path: Path) -> None:
    from kintsugi.diagnose.bundle import node_hosts

    for d in ("node-gpu-a06", "node-gpu-21", "node-a03"):
        (tmp_path / d).mkdir()
        (tmp_path / d / "dmesg.txt").write_text("[ 1.0] booted\n")
    (tmp_path / "slurm-1.out").write_text(
        "[wrapper] gpu-a06 SLURM_NODEID=5 global ranks 40-47\nnode-gpu-21: ready\n"
    )
    # named in the logs as it is named: kept; "node-a03" is a host name of its own
    assert node_hosts(tmp_path) == {"node-gpu-a06": "gpu-a06"}
    assert locate(tmp_path, tmp_path / "attempt1-55102" / "x.log")[2] == 1
