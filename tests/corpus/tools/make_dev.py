"""Writes the ``dev_*`` corpus bundles: multi-node failures in the formats operators collect.

Each case is modelled on public issue threads (its ``source_ref``) and exercises one kind of
reasoning from issue 8: sympathetic floods, addresses behind errors, one node unlike the
rest, shared services, recurrence, slowdowns in plain logs, user errors by message, layers.
Lines follow the real formats (glog-stamped NCCL lines, Python logging, torchrun failure
summaries, ``dmesg -T`` and uptime kernel logs, ``nvidia-smi -q``, Megatron/torchtitan
iteration lines); no GPU produced them. Usage: ``python tests/corpus/tools/make_dev.py``.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

CASES = Path(__file__).resolve().parent.parent / "cases"
DAY = "2024-03-12"
IPS = {"node-a": "10.8.3.11", "node-b": "10.8.3.42", "node-c": "10.8.3.77", "node-d": "10.8.3.90"}
HOSTS = {"node-a": "gpu-a003", "node-b": "gpu-b011", "node-c": "gpu-c017", "node-d": "gpu-d021"}


def hms(t: int) -> str:
    return f"{9 + t // 3600:02d}:{t // 60 % 60:02d}:{t % 60:02d}"


def pylog(rank: int, t: int, msg: str, level: str = "INFO") -> str:
    return f"[rank{rank}]: {DAY} {hms(t)},{(t * 37) % 1000:03d} {level} train.py:212 {msg}\n"


def glog(rank: int, t: int, msg: str, sev: str = "E", src: str = "ProcessGroupNCCL.cpp:616") -> str:
    # PyTorch's c10 logger does not pad the month: E312, not E0312.
    return f"[rank{rank}]:[{sev}312 {hms(t)}.{(t * 7919) % 1000000:06d} 5123 {src}] {msg}\n"


def chatter(rank: int, t0: int, steps: int, step0: int = 0) -> str:
    return "".join(
        pylog(
            rank, t0 + i, f"step {step0 + i} loss {3.2 - 0.001 * i:.4f} lr 3.0e-04 tokens/s 51234"
        )
        for i in range(steps)
    )


def nccl_init(node: str, rank: int) -> str:
    h, ip = HOSTS[node], IPS[node]
    return (
        f"{h}:5123:5123 [{rank % 8}] NCCL INFO Bootstrap : Using ib0:{ip}<0>\n"
        f"{h}:5123:5123 [{rank % 8}] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB ; "
        f"OOB ib0:{ip}<0>\n"
        f"{h}:5123:5190 [{rank % 8}] NCCL INFO Channel 00/32 : 0[0] -> 1[1] via P2P/IPC\n"
    )


def traceback(rank: int, exc: str, user: bool = True, extra: str = "") -> str:
    p = f"[rank{rank}]: "
    frames = [
        ('/workspace/train.py", line 212, in <module>', "main()"),
        ('/workspace/train.py", line 180, in main', "loss = train_step(model, batch)"),
    ]
    if not user:
        frames.append(
            (
                '/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line 1736,'
                " in _call_impl",
                "return forward_call(*args, **kwargs)",
            )
        )
    body = "".join(f'{p}  File "{f}\n{p}    {c}\n' for f, c in frames)
    return f"{p}Traceback (most recent call last):\n{body}{p}{exc}\n{extra}"


def watchdog(rank: int, t: int, seq: int = 4711) -> str:
    return (
        glog(
            rank,
            t,
            f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}] Watchdog caught collective operation "
            f"timeout: WorkNCCL(SeqNum={seq}, OpType=ALLREDUCE, NumelIn=1048576, NumelOut=1048576, "
            "Timeout(ms)=600000) ran for 600043 milliseconds before timing out.",
        )
        + glog(
            rank,
            t,
            f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}] Timeout at NCCL work: {seq}, last "
            f"enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.",
        )
        + "terminate called after throwing an instance of 'c10::DistBackendError'\n"
        f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread "
        f"terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout\n"
        "Exception raised from checkTimeout at /opt/pytorch/torch/csrc/distributed/c10d/"
        "ProcessGroupNCCL.cpp:632 (most recent call first):\n"
    )


def summary(node: str, t: int, entries: list[tuple[int, int, str]]) -> str:
    """torchrun's failure summary; the first entry is its root cause."""

    def entry(i: int, rank: int, code: int, tb: str, tt: int) -> str:
        return (
            f"[{i}]:\n  time      : {DAY}_{hms(tt)}\n  host      : {HOSTS[node]}\n"
            f"  rank      : {rank} (local_rank: {rank % 2})\n  exitcode  : {code} (pid: 5{rank}123)\n"
            f"  error_file: <N/A>\n  traceback : {tb}\n"
        )

    rest = entries[1:] or []
    out = (
        f"E0312 {hms(t)}.000000 140234 torch/distributed/elastic/multiprocessing/api.py:869] "
        f"failed (exitcode: {entries[0][1]}) local_rank: {entries[0][0] % 2} (pid: 5123) of "
        "binary: /usr/bin/python\n"
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
        + "=" * 60
        + "\ntrain.py FAILED\n"
        + "-" * 60
        + "\nFailures:\n"
    )
    out += (
        "".join(entry(i + 1, r, c, tb, t) for i, (r, c, tb) in enumerate(rest))
        or "  <NO_OTHER_FAILURES>\n"
    )
    r, c, tb = entries[0]
    out += (
        "-" * 60
        + "\nRoot Cause (first observed failure):\n"
        + entry(0, r, c, tb, t)
        + "=" * 60
        + "\n"
    )
    return out


SIGABRT = "Signal 6 (SIGABRT) received by PID 5123"
SIGTERM = "Signal 15 (SIGTERM) received by PID 5123"
ERRFILE = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"


def dmesg_t(t: int, msg: str) -> str:
    return f"[Tue Mar 12 {hms(t)} 2024] {msg}\n"


def nvsmi(slow: bool, power_cap: bool = False) -> str:
    act = "Active" if slow else "Not Active"
    return f"""
==============NVSMI LOG==============

Timestamp                                 : Tue Mar 12 09:40:00 2024
Driver Version                            : 550.54.15
CUDA Version                              : 12.4

Attached GPUs                             : 1
GPU 00000000:3B:00.0
    Product Name                          : NVIDIA H100 80GB HBM3
    Clocks Event Reasons
        Idle                              : Not Active
        Applications Clocks Setting       : Not Active
        SW Power Cap                      : {"Active" if power_cap else "Not Active"}
        HW Slowdown                       : {act}
            HW Thermal Slowdown           : {act}
            HW Power Brake Slowdown       : Not Active
        SW Thermal Slowdown               : Not Active
    Temperature
        GPU Current Temp                  : {89 if slow else 52} C
"""


def megatron(t0: int, times_ms: list[float], it0: int = 100) -> str:
    return "".join(
        f"[{DAY} {hms(t0 + i * 10)}] iteration {it0 + i * 10:8d}/  500000 | consumed samples: "
        f"{(it0 + i * 10) * 1024:10d} | elapsed time per iteration (ms): {ms:.1f} | learning "
        f"rate: 1.000E-04 | global batch size:  1024 | lm loss: {2.5 - i * 0.001:.6E} | loss "
        "scale: 1.0 | grad norm: 0.231 | number of skipped iterations:   0 | number of nan "
        "iterations:   0 |\n"
        for i, ms in enumerate(times_ms)
    )


def write(name: str, files: dict[str, str], label: dict[str, Any]) -> None:
    d = CASES / name
    if d.exists():
        shutil.rmtree(d)
    for rel, text in files.items():
        p = d / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text)
    label = {"source": "synthetic", **label}
    (d / "label.json").write_text(json.dumps(label, indent=1) + "\n")


def lab(
    cat: str, layer: str, node: str | None, rank: int | None, action: str, ref: str
) -> dict[str, Any]:
    return {
        "category": cat,
        "layer": layer,
        "culprit": None if node is None else {"node": node, "rank": rank},
        "action": action,
        "source_ref": ref,
    }


NODES = ["node-a", "node-b", "node-c", "node-d"]
RANKS = {n: (2 * i, 2 * i + 1) for i, n in enumerate(NODES)}
WD = "https://github.com/NVIDIA/Megatron-LM/issues/935; https://github.com/huggingface/open-r1/issues/620"


def flood(
    culprit: str, crank: int, fail_at: int, root_text: str, root_code: int, root_tb: str
) -> dict[str, str]:
    """Every rank but one times out 10 minutes after ``crank`` failed with ``root_text``."""
    files: dict[str, str] = {}
    for node in NODES:
        console = ""
        entries: list[tuple[int, int, str]] = []
        for r in RANKS[node]:
            log = nccl_init(node, r) + chatter(r, 0, 30)
            if r == crank:
                log += chatter(r, 30, fail_at - 30, 30) + root_text
                entries.insert(0, (r, root_code, root_tb))
            elif node == culprit:
                log += chatter(r, 30, fail_at - 30, 30)
                entries.append((r, -15, SIGTERM))
            else:
                log += chatter(r, 30, fail_at - 30, 30) + watchdog(r, fail_at + 601)
                entries.append((r, -6, SIGABRT))
            files[f"{node}/rank{r}.log"] = log
            console += log
        t = fail_at + 2 if node == culprit else fail_at + 602
        files[f"{node}/torchrun.log"] = summary(node, t, entries)
    return files


def main() -> None:
    cuda = traceback(
        5,
        "RuntimeError: CUDA error: an illegal memory access was encountered",
        user=False,
        extra="[rank5]: CUDA kernel errors might be asynchronously reported at some other API "
        "call, so the stacktrace below might be incorrect.\n",
    )
    write(
        "dev_flood_cuda_error",
        flood("node-c", 5, 120, pylog(5, 120, "forward step 120") + cuda, 1, ERRFILE),
        lab("user_code", "framework", "node-c", 5, "restart", WD),
    )
    write(
        "dev_flood_keyerror_last_node",
        flood(
            "node-d",
            7,
            95,
            pylog(7, 95, "loading batch 95") + traceback(7, "KeyError: 'attention_mask'"),
            1,
            ERRFILE,
        ),
        lab("user_code", "script", None, None, "stop", WD),
    )
    write(
        "dev_flood_killed_rank",
        flood("node-b", 3, 200, "", -9, "Signal 9 (SIGKILL) received by PID 53123"),
        lab(
            "host",
            "infrastructure",
            "node-b",
            3,
            "restart",
            WD + "; https://github.com/pytorch/pytorch/issues/8976",
        ),
    )
    write(
        "dev_flood_nan_one_rank",
        flood(
            "node-b",
            2,
            150,
            pylog(2, 150, "step 150 loss nan lr 3.0e-04", "WARNING")
            + traceback(2, "FloatingPointError: Loss is nan at step 150; stopping"),
            1,
            ERRFILE,
        ),
        # smooth loss, one rank of four nodes, one attempt: test that GPU (as blind set 4 labels it)
        lab("numerical", "infrastructure", "node-b", 2, "run_diagnostics", WD),
    )

    # Who is behind an address: NET/IB completion errors naming node-c's IP.
    ib_ref = "https://github.com/horovod/horovod/issues/147; https://github.com/NVIDIA/nccl/issues (NET/IB status 12)"

    def ib_case(kernel: bool) -> dict[str, str]:
        files: dict[str, str] = {}
        for node in NODES:
            for r in RANKS[node]:
                log = nccl_init(node, r) + chatter(r, 0, 40)
                if node != "node-c":
                    log += (
                        f"{HOSTS[node]}:5123:5190 [{r % 8}] transport/net_ib.cc:1696 NCCL WARN "
                        f"NET/IB : Got completion from peer {IPS['node-c']}<45123> with status=12 "
                        "opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:"
                        f"{IPS[node]} remoteGids::ffff:{IPS['node-c']}\n"
                        + glog(r, 41, f"[Rank {r}] NCCL communicator was aborted on rank {r}.")
                        + traceback(
                            r,
                            "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/"
                            "distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled system error "
                            "(run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
                            user=False,
                        )
                    )
                else:
                    log += watchdog(r, 640)
                files[f"{node}/rank{r}.log"] = log
        if kernel:
            files["node-c/dmesg.txt"] = (
                dmesg_t(0, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-007)")
                + dmesg_t(
                    39,
                    "mlx5_core 0000:5e:00.0: Port module event[error]: module 0, "
                    "Cable error, Cable unplugged",
                )
                + dmesg_t(39, "mlx5_core 0000:5e:00.0 ib0: Link down")
            )
        return files

    write(
        "dev_ib_peer_link_down",
        ib_case(True),
        lab("network", "infrastructure", "node-c", None, "restart_without_node", ib_ref),
    )
    write(
        "dev_ib_peer_accused",
        ib_case(False),
        lab("network", "infrastructure", "node-c", None, "restart_without_node", ib_ref),
    )

    # The same link error on every node: the fabric, not a node.
    files = {}
    for node in NODES:
        files[f"{node}/rank{RANKS[node][0]}.log"] = chatter(RANKS[node][0], 0, 20) + watchdog(
            RANKS[node][0], 620
        )
        files[f"{node}/kern.log"] = "".join(
            f"Mar 12 09:00:{s:02d} {HOSTS[node]} kernel: [1234{s}.5] mlx5_core 0000:5e:00.0 ib0: "
            "Link down\n"
            for s in (19, 20)
        )
    write(
        "dev_fabric_all_nodes",
        files,
        lab("network", "infrastructure", None, None, "restart", ib_ref),
    )

    # One node unlike the rest: an old driver on node-b only.
    drv_ref = "https://github.com/serend1p1ty/SeqNet/issues/36; https://github.com/IEIT-Yuan/Yuan-2.0/issues/65"
    files = {}
    for node in NODES:
        for r in RANKS[node]:
            if node == "node-b":
                files[f"{node}/rank{r}.log"] = pylog(r, 0, "initializing") + traceback(
                    r,
                    "RuntimeError: The NVIDIA driver on your system is too old (found version "
                    "11040). Please update your GPU driver by downloading and installing a new "
                    "version from the URL: http://www.nvidia.com/Download/index.aspx",
                    user=False,
                )
            else:
                files[f"{node}/rank{r}.log"] = (
                    nccl_init(node, r)
                    + pylog(r, 1, "waiting for all ranks")
                    + traceback(
                        r,
                        "torch.distributed.DistStoreError: Timed out after 901 seconds waiting for "
                        "clients. 6/8 clients joined.",
                        user=False,
                    )
                )
    write(
        "dev_env_driver_one_node",
        files,
        lab("dependency", "infrastructure", "node-b", None, "restart_without_node", drv_ref),
    )

    files = {
        f"{node}/rank{r}.log": pylog(r, 0, "importing model")
        + traceback(
            r,
            "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory",
        )
        for node in NODES[:3]
        for r in RANKS[node]
    }
    write(
        "dev_env_missing_lib_all",
        files,
        lab("dependency", "framework", None, None, "stop", drv_ref),
    )

    # Shared services versus one node's disk.
    s3_ref = "https://github.com/pytorch/pytorch/issues (S3 ReadTimeoutError in DataLoader); https://github.com/boto/botocore/issues/2026"
    files = {
        f"{node}/rank{RANKS[node][0]}.log": chatter(RANKS[node][0], 0, 50)
        + traceback(
            RANKS[node][0],
            "urllib3.exceptions.ReadTimeoutError: HTTPSConnectionPool(host='s3.us-east-1."
            "amazonaws.com', port=443): Read timed out. (read timeout=60)",
            user=False,
        )
        for node in NODES[:3]
    }
    write(
        "dev_shared_s3_timeout",
        files,
        lab("storage", "infrastructure", None, None, "restart", s3_ref),
    )
    enospc_ref = "https://github.com/huggingface/transformers/issues/20208; https://github.com/NVIDIA/Megatron-LM/issues (checkpoint save ENOSPC)"
    files = {
        f"{node}/rank{RANKS[node][0]}.log": chatter(RANKS[node][0], 0, 50)
        + pylog(
            RANKS[node][0], 50, "saving checkpoint at iteration 5000 to /lustre/ckpt/iter_0005000"
        )
        + traceback(
            RANKS[node][0],
            "OSError: [Errno 28] No space left on device: '/lustre/ckpt/iter_0005000/"
            f"__{RANKS[node][0]}_0.distcp'",
            user=False,
        )
        for node in NODES
    }
    write(
        "dev_shared_fs_full",
        files,
        lab("storage", "infrastructure", None, None, "stop", enospc_ref),
    )
    files = {}
    for node in NODES[:3]:
        r = RANKS[node][0]
        log = chatter(r, 0, 50)
        if node == "node-c":
            log += pylog(r, 50, "staging shard to /local_nvme/cache/shard-0042.bin") + traceback(
                r, "OSError: [Errno 28] No space left on device: '/local_nvme/cache/shard-0042.bin'"
            )
        else:
            log += watchdog(r, 650)
        files[f"{node}/rank{r}.log"] = log
    write(
        "dev_local_disk_full",
        files,
        lab("storage", "infrastructure", "node-c", None, "restart_without_node", enospc_ref),
    )

    # Recurrence: a CUDA error that follows node-b (different ranks, different iterations).
    rec_ref = "https://github.com/pytorch/pytorch/issues/67978 (illegal memory access recurring on one host)"
    files = {}
    for a, (rank, it) in enumerate(((3, 1200), (2, 340))):
        for node in NODES[:3]:
            for r in RANKS[node]:
                log = chatter(r, 0, 10, it - 10)
                if r == rank:
                    log += pylog(r, 10, f"iteration {it}") + traceback(
                        r,
                        "RuntimeError: CUDA error: an illegal memory access was encountered",
                        user=False,
                    )
                else:
                    log += watchdog(r, 610)
                files[f"attempt_{a}/{node}/rank{r}.log"] = log
    write(
        "dev_recur_cuda_follows_node",
        files,
        lab("gpu_hardware", "infrastructure", "node-b", None, "restart_without_node", rec_ref),
    )
    files = {}
    for a, node in enumerate(("node-a", "node-c")):
        r = RANKS[node][1]
        for n in NODES[:3]:
            for q in RANKS[n]:
                log = chatter(q, 0, 10, 802)
                if q == r:
                    log += pylog(q, 10, "iteration 812") + traceback(
                        q,
                        "ValueError: Expected parameter loc (Tensor of shape (8, 4)) of "
                        "distribution Normal(loc: torch.Size([8, 4])) to satisfy the constraint "
                        "Real(), but found invalid values at iteration 812",
                    )
                else:
                    log += watchdog(q, 610)
                files[f"attempt_{a}/{n}/rank{q}.log"] = log
    write(
        "dev_recur_same_iteration_moves",
        files,
        lab(
            "user_code",
            "script",
            None,
            None,
            "stop",
            "https://github.com/pytorch/pytorch/issues/57186 (same iteration, any node: the data)",
        ),
    )

    # Slowdowns in plain logs.
    thr_ref = "https://github.com/sgl-project/sglang/pull/39206 (SW/HW thermal slowdown on one GPU); https://github.com/epfLLM/Megatron-LLM/issues/11"
    files = {}
    for node in NODES:
        times = [812.0 + (i % 3) for i in range(20)] + [812.0 + 30 * i for i in range(20)]
        files[f"{node}/megatron.log"] = megatron(0, times)
        files[f"{node}/nvidia-smi-q.txt"] = nvsmi(node == "node-c", power_cap=True)
    write(
        "dev_megatron_thermal_straggler",
        files,
        lab("straggler", "infrastructure", "node-c", None, "restart_without_node", thr_ref),
    )
    files = {}
    for node in NODES[:3]:
        for r in RANKS[node]:
            tps = 1500 if r == 3 else 5100
            files[f"{node}/rank{r}.log"] = "".join(
                f"[rank{r}]:[titan] {DAY} {hms(i * 5)},000 - root - INFO - step: {i:4d}  loss:  "
                f"{7.9 - i * 0.01:.4f}  memory: 30.12GiB(38.05%)  tps: {tps + (i % 7) * 3:,}  "
                "tflops: 302.41  mfu: 30.58%\n"
                for i in range(1, 40)
            )
    write(
        "dev_titan_slow_rank",
        files,
        lab(
            "straggler",
            "infrastructure",
            "node-b",
            3,
            "run_diagnostics",
            "https://github.com/intelligent-machine-learning/dlrover/issues/678",
        ),
    )
    files = {}
    for node in NODES[:2]:
        files[f"{node}/megatron.log"] = megatron(0, [812.0 + (i % 4) for i in range(40)])
        files[f"{node}/nvidia-smi-q.txt"] = nvsmi(False, power_cap=True)
    write(
        "dev_healthy_power_cap",
        files,
        {
            **lab("unknown", "framework", None, None, "none", thr_ref),
            "note": "SW power cap is routine, iterations flat: no failure",
        },
    )

    # Deterministic user errors by message, with a generic type.
    files = {
        f"{node}/rank{r}.log": chatter(r, 0, 3)
        + traceback(
            r,
            "RuntimeError: The size of tensor a (4096) must match the size of tensor b (2048) at "
            "non-singleton dimension 2",
            user=False,
        )
        for node in NODES[:2]
        for r in RANKS[node]
    }
    write(
        "dev_shape_generic_runtime",
        files,
        lab(
            "user_code",
            "script",
            None,
            None,
            "stop",
            "https://github.com/pytorch/pytorch/issues (size of tensor a must match)",
        ),
    )
    files = {
        f"{node}/rank{r}.log": pylog(r, 0, "loading checkpoint from /ckpt/iter_0004000")
        + traceback(
            r,
            "RuntimeError: Error(s) in loading state_dict for GPTModel: Missing key(s) in "
            'state_dict: "decoder.final_layernorm.weight". Unexpected key(s) in state_dict: '
            '"decoder.layers.24.weight".',
            user=False,
        )
        for node in NODES[:2]
        for r in RANKS[node]
    }
    write(
        "dev_state_dict_keys",
        files,
        lab(
            "user_code",
            "script",
            None,
            None,
            "stop",
            "https://github.com/deepspeedai/Megatron-DeepSpeed/issues/329; https://github.com/huggingface/peft/issues/1453",
        ),
    )

    # Layers: a data-loader worker killed by the OOM killer; a missing data shard.
    files = {
        "node-a/rank0.log": chatter(0, 0, 60)
        + traceback(
            0,
            "RuntimeError: DataLoader worker (pid 51234) is killed by signal: Killed.",
            user=False,
        ),
        "node-a/dmesg.txt": dmesg_t(0, "Linux version 5.15.0-105-generic")
        + dmesg_t(59, "python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE), order=0")
        + dmesg_t(
            59,
            "Out of memory: Killed process 51234 (pt_data_worker) total-vm:92334212kB, "
            "anon-rss:61234500kB, file-rss:0kB, shmem-rss:0kB, UID:0 pgtables:13432kB oom_score_adj:0",
        ),
        "node-b/rank2.log": chatter(2, 0, 60) + watchdog(2, 661),
    }
    write(
        "dev_dataloader_oom_killer",
        files,
        lab(
            "oom",
            "framework",
            None,
            None,
            "stop",
            "https://github.com/TorchSSL/TorchSSL/issues/4; https://github.com/ymoslem/OpenNMT-Tutorial/issues/6",
        ),
    )
    files = {
        f"{node}/rank{r}.log": chatter(r, 0, 20)
        + traceback(
            r,
            "FileNotFoundError: [Errno 2] No such file or directory: '/data/pile/train-00042-of-"
            "00128.bin'",
            user=False,
        )
        for node in NODES[:2]
        for r in RANKS[node]
    }
    write(
        "dev_missing_data_shard",
        files,
        lab(
            "user_code",
            "script",
            None,
            None,
            "stop",
            "https://github.com/NVIDIA/Megatron-LM/issues (missing .bin/.idx shard)",
        ),
    )

    # A hang with stack dumps in the bundle: rank 3 is not in the collective.
    in_coll = (
        'Thread 0x00007f3a2b5ff700 (most recent call first):\n  File "/usr/lib/python3.10/threading.py", '
        "line 324 in wait\n\nCurrent thread 0x00007f3a4c8a1740 (most recent call first):\n"
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", '
        'line 2501 in all_reduce\n  File "/workspace/train.py", line 180 in main\n'
    )
    outside = (
        'Current thread 0x00007f3a4c8a1740 (most recent call first):\n  File "/workspace/data.py", '
        'line 88 in next_batch\n  File "/workspace/train.py", line 176 in main\n'
    )
    files = {}
    for node in NODES[:2]:
        for r in RANKS[node]:
            files[f"{node}/rank{r}.log"] = chatter(r, 0, 30) + (
                ""
                if r == 3
                else pylog(
                    r,
                    1830,
                    "RuntimeError: [../third_party/gloo/gloo/transport/"
                    "tcp/unbound_buffer.cc:81] Timed out waiting 1800000ms for recv operation to complete",
                )
            )
            files[f"{node}/stacks/rank_{r}.txt"] = outside if r == 3 else in_coll
    files["node-b/rank3.log"] += pylog(3, 31, "step 31 loss 3.1690 lr 3.0e-04") + pylog(
        3, 1830, "still fetching batch 31"
    )
    files["node-b/rank3.log"] = files["node-b/rank3.log"].replace("waiting for", "")
    write(
        "dev_hang_stack_dumps",
        files,
        lab(
            "hang",
            "infrastructure",
            "node-b",
            3,
            "run_diagnostics",
            "https://github.com/pytorch/pytorch/issues (gloo Timed out waiting for recv)",
        ),
    )


if __name__ == "__main__":
    main()
