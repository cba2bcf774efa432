"""Out-of-memory and dependency (environment, library, driver) cases."""

from __future__ import annotations

from datetime import datetime, timedelta

from common import (
    Case,
    dmesg_ctime,
    elastic,
    glog,
    journal,
    py_tb,
    torchrun_table,
    ts,
    watchdog_timeout,
)

SITE = "/usr/local/lib/python3.10/dist-packages"


def oom_msg(req: str, gpu: int, cap: str, free: str, used: str, alloc: str, resv: str) -> str:
    return (
        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {req}. GPU {gpu} has a total capacity of "
        f"{cap} of which {free} is free. Including non-PyTorch memory, this process has {used} memory in use. Of "
        f"the allocated memory {alloc} is allocated by PyTorch, and {resv} is reserved by PyTorch but unallocated. "
        "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True "
        "to avoid fragmentation.  See documentation for Memory Management  "
        "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
    )


def oom_config() -> Case:
    c = Case("cuda_oom_after_batch_increase")
    nodes = ["h200-001", "h200-002"]
    t = datetime(2025, 5, 6, 9, 14, 2)
    for ni, n in enumerate(nodes):
        lines = [
            f"{ts(t - timedelta(minutes=2))} [config] overrides: training.local_batch_size=16 (was 8), training.seq_len=8192, activation_checkpoint.mode=none",
            f"{ts(t - timedelta(seconds=5))} [titan] step:  1  loss: 12.2511  memory: 131.02GiB(93.77%)  tps: 4,112",
        ]
        for lr in range(8):
            r = ni * 8 + lr
            lines += py_tb(
                [
                    (
                        "/workspace/torchtitan/torchtitan/train.py",
                        489,
                        "forward_backward_step",
                        "pred = model_parts[0](inputs)",
                    ),
                    (
                        "/workspace/torchtitan/torchtitan/models/llama3/model.py",
                        415,
                        "forward",
                        "h = layer(h, self.freqs_cis)",
                    ),
                    (
                        "/workspace/torchtitan/torchtitan/models/llama3/model.py",
                        331,
                        "forward",
                        "out = h + self.feed_forward(self.ffn_norm(h))",
                    ),
                ],
                oom_msg(
                    "3.50 GiB",
                    lr,
                    "139.72 GiB",
                    f"{1.1 + lr * 0.03:.2f} GiB",
                    "138.55 GiB",
                    "131.90 GiB",
                    "5.12 GiB",
                ),
                prefix=f"[rank{r}]: ",
            )
        c.add(f"{n}/torchtitan_{n}.log", lines)
    c.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "Every rank on both nodes runs out of GPU memory on step 2 right after the local batch size was doubled "
        "with activation checkpointing off; the configuration does not fit, so restarting cannot help.",
        "https://github.com/huggingface/trl/issues/3436",
    )
    return c


def oom_zombie_process() -> Case:
    c = Case("cuda_oom_foreign_process_on_gpu")
    nodes = ["dgx-017", "dgx-018", "dgx-019"]
    bad = "dgx-018"
    t = datetime(2024, 10, 22, 19, 1, 30)
    for ni, n in enumerate(nodes):
        lines = [
            f"[{ts(t - timedelta(seconds=40))}] INFO model built: 13.0B params, FSDP full shard over 24 ranks"
        ]
        if n == bad:
            lines += py_tb(
                [
                    (
                        "/app/train.py",
                        133,
                        "main",
                        "model = FSDP(model, device_id=torch.cuda.current_device(), **fsdp_kwargs)",
                    ),
                    (
                        f"{SITE}/torch/distributed/fsdp/_init_utils.py",
                        547,
                        "_init_param_handle_from_module",
                        "_move_module_to_device(",
                    ),
                ],
                oom_msg(
                    "2.03 GiB", 5, "79.33 GiB", "412.00 MiB", "47.66 GiB", "46.10 GiB", "1.02 GiB"
                ),
                prefix="[rank13]: ",
            )
        else:
            lines += watchdog_timeout(t + timedelta(minutes=10), ni * 8, 2, "BROADCAST", 268435456)
        c.add(f"{n}/train.log", lines)
    c.add(
        f"{bad}/nvidia-smi-after.txt",
        """+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|    5   N/A  N/A     30412      C   /opt/conda/envs/old-eval/bin/python          31202MiB |
|    6   N/A  N/A     30413      C   /opt/conda/envs/old-eval/bin/python          31198MiB |
+-----------------------------------------------------------------------------------------+""",
    )
    c.add(
        f"{bad}/ps.txt",
        """  PID  PPID USER     STARTED                  CMD
30412     1 svc-eval Mon Oct 21 03:12:40 2024 python eval_harness.py --ckpt /ckpt/r17 --device cuda:5
30413     1 svc-eval Mon Oct 21 03:12:40 2024 python eval_harness.py --ckpt /ckpt/r17 --device cuda:6""",
    )
    c.label(
        "oom",
        "infrastructure",
        bad,
        13,
        "restart_without_node",
        "Only rank 13 (GPU 5 of dgx-018) runs out of memory at model placement; nvidia-smi shows 31 GiB held on "
        "GPUs 5 and 6 by orphaned eval processes from a day-old job. The node was not cleaned, so take it out.",
        "https://github.com/pytorch/pytorch/issues/123070",
    )
    return c


def dataloader_oom_killer() -> Case:
    c = Case("dataloader_worker_oom_killed")
    nodes = ["node17", "node18", "node19", "node20"]
    first = "node19"
    t = datetime(2022, 9, 7, 1, 57, 56)
    for ni, n in enumerate(nodes):
        lines = []
        for k in range(3):
            tt = t - timedelta(minutes=30 - 10 * k)
            lines.append(
                f"{ts(tt)},305 - mmrotate - INFO - Epoch [2][{3000 + k * 50}/8541]        lr: 1.000e-04, eta: 11:31:27, time: 0.453, data_time: 0.008, memory: 17024, loss: 0.3655, host_rss_gb: {180 + k * 41 + ni * 3}"
            )
        if n == first:
            lines += py_tb(
                [
                    ("/work/tools/train.py", 192, "main", "runner.run(data_loaders, cfg.workflow)"),
                    (
                        f"{SITE}/torch/utils/data/dataloader.py",
                        1328,
                        "_next_data",
                        "idx, data = self._get_data()",
                    ),
                    (
                        f"{SITE}/torch/utils/data/_utils/signal_handling.py",
                        67,
                        "handler",
                        "_error_if_any_worker_fails()",
                    ),
                ],
                "RuntimeError: DataLoader worker (pid 25902) is killed by signal: Killed. ",
                prefix="",
            )
            c.add(
                f"{n}/dmesg-T.log",
                [
                    dmesg_ctime(
                        t - timedelta(seconds=1),
                        "python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
                    ),
                    dmesg_ctime(
                        t - timedelta(seconds=1),
                        "Out of memory: Killed process 25902 (pt_data_worker) total-vm:61320112kB, anon-rss:44120532kB, file-rss:70212kB, shmem-rss:2048kB, UID:1012 pgtables:90512kB oom_score_adj:0",
                    ),
                ],
            )
        else:
            lines += watchdog_timeout(
                t + timedelta(minutes=30), ni * 8, 811020, "ALLREDUCE", 41828352, timeout_ms=1800000
            )
        c.add(f"{n}/work_dirs/{n}.log", lines)
    c.add(
        f"{first}/free-g.txt",
        """               total        used        free      shared  buff/cache   available
Mem:             503         497           1           2           4           3
Swap:              0           0           0""",
    )
    c.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "The kernel OOM killer took a data-loader worker on node19, but host RSS was climbing ~40 GB per 10 min on "
        "every node: the job's own loader memory exhausts RAM, not a host fault. Fix "
        "num_workers/memory and resubmit.",
        "https://github.com/open-mmlab/mmrotate/issues/501",
    )
    return c


def oom_long_sequence() -> Case:
    c = Case("cuda_oom_single_long_batch")
    nodes = ["n-a01", "n-a02"]
    t = datetime(2025, 1, 30, 22, 45, 10)
    for ni, n in enumerate(nodes):
        lines = [
            f"[{ts(t - timedelta(seconds=20 - s))}] step {20410 + s} | loss {1.93 - s * 0.001:.4f} | max_seqlen_in_batch 8192 | peak_mem 61.2GiB"
            for s in range(3)
        ]
        if ni == 1:
            lines.append(
                f"[{ts(t - timedelta(seconds=2))}] step 20413 | rank 11 packed batch max_seqlen_in_batch 131072 (sample id 88213390, source=longdoc-v3)"
            )
            lines += py_tb(
                [
                    ("/srv/llm/train_sft.py", 301, "train", "loss = model(**batch).loss"),
                    (
                        "/srv/llm/modeling/attention.py",
                        144,
                        "forward",
                        "attn = torch.softmax(q @ k.transpose(-2, -1) * self.scale, dim=-1)",
                    ),
                ],
                oom_msg(
                    "64.00 GiB", 3, "79.15 GiB", "14.72 GiB", "64.41 GiB", "61.03 GiB", "2.77 GiB"
                ),
                prefix="[rank11]:",
            )
        else:
            lines += watchdog_timeout(
                t + timedelta(minutes=10), 0, 163305, "_ALLGATHER_BASE", 8388608
            )
        c.add(f"{n}/log.txt", lines)
    c.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "One rank OOMs materialising full attention for a single 131k-token packed sample; the data and the "
        "eager attention path are deterministic, so a restart from the checkpoint replays the same batch and "
        "fails again. Fix the data filter or the attention kernel first.",
        "https://github.com/Lightning-AI/litgpt/issues/303",
    )
    return c


def nccl_symbol_all() -> Case:
    c = Case("undefined_symbol_nccl_all_nodes")
    nodes = ["g0001", "g0002", "g0003"]
    t = datetime(2024, 2, 19, 8, 30, 12)
    for ni, n in enumerate(nodes):
        agent = 2200 + ni
        lines = []
        for lr in range(2):
            lines += py_tb(
                [
                    ("/home/u/proj/train.py", 3, "<module>", "import torch"),
                    (
                        f"{SITE}/torch/__init__.py",
                        237,
                        "<module>",
                        "from torch._C import *  # noqa: F403",
                    ),
                ],
                f"ImportError: {SITE}/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister",
                prefix=f"[rank{ni * 2 + lr}]: ",
            )
        lines.append(
            elastic(
                "E",
                t,
                agent,
                "torch/distributed/elastic/multiprocessing/api.py:869",
                f"failed (exitcode: 1) local_rank: 0 (pid: {agent + 11}) of binary: /usr/bin/python3",
            )
        )
        lines += torchrun_table(
            "train.py",
            {
                "time": "2024-02-19_08:30:12",
                "host": n,
                "rank": ni * 2,
                "local_rank": 0,
                "exitcode": 1,
                "pid": agent + 11,
            },
        )
        c.add(f"{n}/job.err", lines)
    c.add(
        "g0001/pip-freeze-nvidia.txt", ["nvidia-nccl-cu12==2.18.1", "torch==2.2.0", "ms-amp==0.3.0"]
    )
    c.label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "Every rank on every node fails at 'import torch' because the image pins an older NCCL (2.18) than torch "
        "2.2 needs (ncclCommRegister); a job-wide environment error that no restart can fix.",
        "https://github.com/pytorch/pytorch/issues/119932",
    )
    return c


def driver_old_one_node() -> Case:
    c = Case("driver_too_old_one_node")
    nodes = [f"gpu-node-{i:03d}" for i in range(28, 34)]
    bad = "gpu-node-031"
    t = datetime(2024, 8, 30, 12, 0, 55)
    for ni, n in enumerate(nodes):
        lines = [f"+ srun: launching on {n}"]
        if n == bad:
            lines += py_tb(
                [
                    (
                        "/lustre/home/proj/nemo_run/train.py",
                        58,
                        "main",
                        "torch.cuda.set_device(local_rank)",
                    ),
                    (
                        f"{SITE}/torch/cuda/__init__.py",
                        478,
                        "set_device",
                        "torch._C._cuda_setDevice(device)",
                    ),
                    (f"{SITE}/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()"),
                ],
                "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your "
                "GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx "
                "Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.",
                prefix="",
            )
        else:
            lines.append(
                elastic(
                    "I",
                    t + timedelta(minutes=14, seconds=50),
                    700 + ni,
                    "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1153",
                    "The node has failed to join the rendezvous 'nemo-8812' within 900 seconds: 5 of 6 nodes joined.",
                )
            )
        c.add(f"{n}/srun-{ni}.log", lines)
        drv = "470.199.02" if n == bad else "550.90.07"
        c.add(
            f"{n}/nvidia-smi-header.txt",
            [
                f"| NVIDIA-SMI {drv}   Driver Version: {drv}   CUDA Version: {'11.4' if n == bad else '12.4'}     |"
            ],
        )
    c.add(
        f"{bad}/journal.txt",
        [
            journal(
                t - timedelta(hours=6),
                bad,
                "Reimaged by provisioning (profile: legacy-a100-2022)",
                unit="cloud-init[1201]",
            )
        ],
    )
    c.label(
        "dependency",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Only gpu-node-031 runs driver 470 (CUDA 11.4) after being reimaged with an old profile; the other five "
        "nodes have 550 and wait in rendezvous. A node-environment error on one node: exclude it.",
        "https://github.com/microsoft/human-pose-estimation.pytorch/issues/23",
    )
    return c


def stale_image_one_node() -> Case:
    c = Case("stale_container_image_one_node")
    nodes = [
        "k8s-gpu-pool-7f9c-a",
        "k8s-gpu-pool-7f9c-b",
        "k8s-gpu-pool-7f9c-c",
        "k8s-gpu-pool-7f9c-d",
    ]
    bad = "k8s-gpu-pool-7f9c-c"
    t = datetime(2025, 9, 3, 15, 2, 44)
    good = "sha256:4be1c0a7d1e2f9b8e7a26d0f3c1b9aa5c0e8d7f61b2a3c4d5e6f708192a3b4c5"
    old = "sha256:9f31a2b77c0e4d51a8b6c3e2f1d0e9c8b7a6f5e4d3c2b1a09f8e7d6c5b4a3928"
    for ni, n in enumerate(nodes):
        lines = [
            f'{ts(t - timedelta(minutes=1))} kubelet: Container image "registry.local/llm/train:2025.09" already present on machine, digest {old if n == bad else good}'
        ]
        if n == bad:
            lines += py_tb(
                [
                    (
                        "/workspace/llm/models/attn.py",
                        9,
                        "<module>",
                        "from flash_attn import flash_attn_varlen_func",
                    ),
                    (
                        "/usr/local/lib/python3.11/site-packages/flash_attn/__init__.py",
                        3,
                        "<module>",
                        "from flash_attn.flash_attn_interface import (",
                    ),
                ],
                "ImportError: /usr/local/lib/python3.11/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi",
                prefix=f"[rank{ni * 8 + 2}]: ",
            )
        else:
            lines.append(
                glog(
                    "W",
                    t + timedelta(minutes=10),
                    61,
                    "TCPStore.cpp:125",
                    f"[c10d] recvValue failed on SocketImpl(fd=22, addr=[{n}]:50412, remote=[k8s-gpu-pool-7f9c-a]:23456): failed to recv, got 0 bytes",
                    ni * 8,
                )
            )
        c.add(f"{n}/pod.log", lines)
    c.label(
        "dependency",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "One node ran a stale cached image (different digest for the same tag) whose flash-attn build does not "
        "match its torch; the other three nodes have the right image. Exclude (or re-pull on) that node.",
        "https://github.com/turboderp-org/exllamav2/issues/530",
    )
    return c


def no_kernel_image_all() -> Case:
    c = Case("no_kernel_image_wrong_arch")
    nodes = ["b200-n01", "b200-n02"]
    for ni, n in enumerate(nodes):
        lines = []
        for lr in (0, 1):
            lines += py_tb(
                [
                    ("/opt/work/train.py", 77, "main", "model = build_model(cfg).cuda()"),
                    (
                        "/opt/work/kernels/fused_rmsnorm.py",
                        40,
                        "forward",
                        "return _C.rms_norm_fwd(x, self.weight, self.eps)",
                    ),
                ],
                "RuntimeError: CUDA error: no kernel image is available for execution on the device\n"
                + "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                prefix=f"[rank{ni * 8 + lr}]:",
            )
        lines.append(
            f"{SITE}/torch/cuda/__init__.py:235: UserWarning: NVIDIA B200 with CUDA capability sm_100 is not compatible with the current PyTorch installation."
        )
        lines.append(
            "The current PyTorch install supports CUDA capabilities sm_50 sm_60 sm_70 sm_75 sm_80 sm_86 sm_90."
        )
        c.add(f"{n}/stderr.log", lines)
    c.label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "Both nodes fail identically: the PyTorch build and the custom kernel extension were not compiled for "
        "sm_100 (B200). A job-wide software/hardware mismatch; rebuild the image before resubmitting.",
        "https://github.com/weecology/DeepForest/issues/1090",
    )
    return c


CASES = [
    oom_config,
    oom_zombie_process,
    dataloader_oom_killer,
    oom_long_sequence,
    nccl_symbol_all,
    driver_old_one_node,
    stale_image_one_node,
    no_kernel_image_all,
]
