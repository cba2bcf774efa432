"""Cases ba01-ba10: single combined logs, console-only bundles, scheduler records."""
from __future__ import annotations

from corpus_lib import (
    A100_BUS,
    ANSI_RESET,
    H100_BUS,
    PY,
    Case,
    T,
    c10d,
    child_failed_block,
    cpp_frames_watchdog,
    crlf,
    cuda_error_tail,
    dmesg_raw,
    dmesg_T,
    elastic_new,
    elastic_old,
    glog_stamp,
    journal_iso,
    json_line,
    label,
    nccl_init_lines,
    plus,
    rng_for,
    sacct_text,
    scontrol_job,
    watchdog_block,
)


class Events:
    """Time-ordered line collector; a stable sort keeps same-time lines in insertion order."""

    def __init__(self):
        self._ev = []
        self._n = 0

    def add(self, t, line):
        self._ev.append((t, self._n, line))
        self._n += 1

    def extend(self, t, lines, step=0.0):
        for i, ln in enumerate(lines):
            self.add(plus(t, i * step), ln)

    def text(self):
        return "\n".join(ln for _, _, ln in sorted(self._ev, key=lambda e: (e[0], e[1]))) + "\n"


def lab(task, width=2):
    return f"{task:>{width}}: "


# --------------------------------------------------------------------------- ba01
def ba01():
    rng = rng_for(1)
    nodes = [f"gpu-c4-{n}" for n in (101, 102, 103, 104)]
    jid = 4471823
    t0 = T(2024, 5, 15, 9, 12, 4)
    ev = Events()
    ev.extend(t0, [
        f"Job {jid} started on gpu-c4-[101-104] at Wed May 15 09:12:04 UTC 2024",
        "Loading modules: gcc/12.2.0 cuda/12.1.1 nccl/2.17.1-cuda12.1 openmpi/4.1.5",
        "",
        "The following have been reloaded with a version change:",
        "  1) cuda/12.4.1 => cuda/12.1.1     2) nccl/2.21.5-cuda12.4 => nccl/2.17.1-cuda12.1",
        "",
        "Activating conda env /shared/envs/llm-pt22 (python 3.11.8)",
        "MASTER_ADDR=gpu-c4-101 MASTER_PORT=29511 WORLD_SIZE=32",
        "LD_LIBRARY_PATH=/apps/nccl/2.17.1-cuda12.1/lib:/apps/cuda/12.1.1/lib64:/apps/openmpi/4.1.5/lib",
    ])
    for i, n in enumerate(nodes):
        ev.add(plus(t0, 2 + i * 0.01), lab(i) + n)
    tb_t = plus(t0, 9)
    for r in range(32):
        tt = plus(tb_t, rng.uniform(0, 2.5))
        pre = lab(r)
        lines = [
            "Traceback (most recent call last):",
            '  File "/home/jlee/proj/llm/train.py", line 11, in <module>',
            "    import torch",
            '  File "/shared/envs/llm-pt22/lib/python3.11/site-packages/torch/__init__.py", line 237, in <module>',
            "    from torch._C import *  # noqa: F403",
            "    ^^^^^^^^^^^^^^^^^^^^^^",
            "ImportError: /shared/envs/llm-pt22/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister",
        ]
        for k, ln in enumerate(lines):
            ev.add(plus(tt, k * 0.0001), pre + ln)
    end = plus(tb_t, 4)
    for i, n in enumerate(nodes):
        ev.add(plus(end, i * 0.2), f"srun: error: {n}: tasks {i * 8}-{i * 8 + 7}: Exited with exit code 1")
    ev.add(plus(end, 1), f"srun: Terminating StepId={jid}.0")
    ev.add(plus(end, 1.2), "Job finished with rc=1 at Wed May 15 09:12:19 UTC 2024")
    case = Case("ba01_every_task_exits_at_import_one_slurm_out", label(
        "dependency", "framework", None, "stop",
        "All 32 srun tasks on all four nodes die at 'import torch' with the same undefined symbol "
        "ncclCommRegister: the loaded nccl/2.17.1 module on LD_LIBRARY_PATH shadows the NCCL the torch build needs.",
        "https://github.com/pytorch/pytorch/issues/119932"))
    case.add(f"slurm-{jid}.out", ev.text())
    case.add("launch.sbatch", "\n".join([
        "#!/bin/bash",
        "#SBATCH --job-name=llm-pt22",
        "#SBATCH --nodes=4",
        "#SBATCH --ntasks-per-node=8",
        "#SBATCH --gres=gpu:8",
        "#SBATCH --time=24:00:00",
        "#SBATCH --output=slurm-%j.out",
        "",
        "set -euo pipefail",
        'echo "Job $SLURM_JOB_ID started on $SLURM_JOB_NODELIST at $(date)"',
        'echo "Loading modules: gcc/12.2.0 cuda/12.1.1 nccl/2.17.1-cuda12.1 openmpi/4.1.5"',
        "module load gcc/12.2.0 cuda/12.1.1 nccl/2.17.1-cuda12.1 openmpi/4.1.5",
        'echo "Activating conda env /shared/envs/llm-pt22 (python $(python3 -V | cut -d" " -f2))"',
        "source /shared/miniforge/bin/activate /shared/envs/llm-pt22",
        "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "export MASTER_PORT=29511",
        "export WORLD_SIZE=$((SLURM_NNODES * 8))",
        'echo "MASTER_ADDR=$MASTER_ADDR MASTER_PORT=$MASTER_PORT WORLD_SIZE=$WORLD_SIZE"',
        'echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"',
        "srun -l --ntasks-per-node=1 hostname",
        "srun -l python /home/jlee/proj/llm/train.py --config configs/7b.yaml",
        'echo "Job finished with rc=$? at $(date)"',
        "",
    ]))
    return case


# --------------------------------------------------------------------------- ba02
def ba02():
    C = {"dim": "\x1b[2m", "blue": "\x1b[34m", "green": "\x1b[32m", "yellow": "\x1b[33m",
         "red": "\x1b[31m", "bold": "\x1b[1m", "cyan": "\x1b[36m"}
    R = ANSI_RESET
    t0 = T(2024, 8, 21, 16, 40, 11)
    host = "hpc-a100-n07"
    lines = []

    def info(t, msg, color="green", lvl="INFO"):
        lines.append(f"{C['dim']}{t:%Y-%m-%d %H:%M:%S.%f}"[:-3] + f"{R} | {C[color]}{lvl:<8}{R} | "
                     f"{C['cyan']}trainer{R}:{C['cyan']}main{R} - {msg}")

    lines.append(elastic_new(t0, "W", 30122, "torch/distributed/run.py:793", ""))
    lines.append(elastic_new(t0, "W", 30122, "torch/distributed/run.py:793", "*****************************************"))
    lines.append(elastic_new(t0, "W", 30122, "torch/distributed/run.py:793",
                             "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "))
    lines.append(elastic_new(t0, "W", 30122, "torch/distributed/run.py:793", "*****************************************"))
    t = plus(t0, 14)
    info(t, f"{C['bold']}run{R} = llama-13b-ctx16k  (resumed: {C['yellow']}False{R})")
    info(plus(t, .01), f"world_size=16 nnodes=2 node_rank=0 host={host}")
    cfg = [
        "model.n_layers: 40", "model.d_model: 5120", "model.n_heads: 40",
        "train.seq_len: 16384  (was 4096 in llama-13b-ctx4k)", "train.micro_batch_size: 4",
        "train.grad_accum: 8", "train.activation_checkpointing: false", "train.precision: bf16-mixed",
        "fsdp.sharding_strategy: SHARD_GRAD_OP", "fsdp.cpu_offload: false",
    ]
    for i, c in enumerate(cfg):
        info(plus(t, .02 + i * 0.001), f"config {C['blue']}{c}{R}")
    info(plus(t, 3), "FSDP wrapped 40 LlamaDecoderLayer blocks; params per rank 1.63B (SHARD_GRAD_OP)")
    info(plus(t, 4), "peak memory after model init: 26.4 GiB / 79.1 GiB (cuda:0)")
    lines.append(f"{PY}/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()")
    lines.append("  return self.fget.__get__(instance, owner)()")
    info(plus(t, 6), f"{C['bold']}starting training{R}: 12000 steps, warmup 200")
    # OOM on every local rank during step 1 backward
    t_oom = plus(t, 19)
    free = [3.12, 2.87, 3.02, 2.95, 3.19, 2.91, 3.07, 2.99]
    for lr in range(8):
        lines.append(f"[rank{lr}]: Traceback (most recent call last):")
        lines.append(f'[rank{lr}]:   File "/workspace/llm/train.py", line 412, in <module>')
        lines.append(f"[rank{lr}]:     main()")
        lines.append(f'[rank{lr}]:   File "/workspace/llm/train.py", line 377, in main')
        lines.append(f"[rank{lr}]:     loss = train_step(model, batch, optimizer, scaler)")
        lines.append(f'[rank{lr}]:   File "/workspace/llm/train.py", line 201, in train_step')
        lines.append(f"[rank{lr}]:     loss.backward()")
        lines.append(f'[rank{lr}]:   File "{PY}/torch/_tensor.py", line 521, in backward')
        lines.append(f"[rank{lr}]:     torch.autograd.backward(")
        lines.append(f'[rank{lr}]:   File "{PY}/torch/autograd/__init__.py", line 289, in backward')
        lines.append(f"[rank{lr}]:     _engine_run_backward(")
        lines.append(f'[rank{lr}]:   File "{PY}/torch/autograd/graph.py", line 768, in _engine_run_backward')
        lines.append(f"[rank{lr}]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")
        used = 79.11 - free[lr] - 0.01
        lines.append(f"[rank{lr}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 5.00 GiB. GPU {lr} has a total capacity of 79.11 GiB of which {free[lr]:.2f} GiB is free. Including non-PyTorch memory, this process has {used:.2f} GiB memory in use. Of the allocated memory {used - 4.31:.2f} GiB is allocated by PyTorch, and 3.87 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
    t_end = plus(t_oom, 3)
    lines.append(elastic_new(t_end, "W", 30122, "torch/distributed/elastic/multiprocessing/api.py:890",
                             "Sending process 30140 closing signal SIGTERM"))
    for i, pid in enumerate(range(30141, 30147)):
        lines.append(elastic_new(plus(t_end, 0.001 * i), "W", 30122, "torch/distributed/elastic/multiprocessing/api.py:890",
                                 f"Sending process {pid} closing signal SIGTERM"))
    lines.append(elastic_new(plus(t_end, 2), "E", 30122, "torch/distributed/elastic/multiprocessing/api.py:862",
                             "failed (exitcode: 1) local_rank: 0 (pid: 30139) of binary: /usr/bin/python3"))
    root = dict(time=t_oom, host=host, rank=0, local=0, exitcode=1, pid=30139)
    lines += child_failed_block("train.py", [], root)
    case = Case("ba02_first_step_dies_single_coloured_console_log", label(
        "oom", "framework", None, "stop",
        "Every local rank runs out of GPU memory in the first backward after the run raised seq_len to 16384 "
        "without activation checkpointing; the only process on each GPU is the job itself.",
        "https://pytorch.org/docs/stable/notes/cuda.html#environment-variables"))
    case.add("torchrun_node0.log", "\n".join(lines) + "\n")
    return case


# --------------------------------------------------------------------------- ba03
def ba03():
    rng = rng_for(3)
    nodes = ["gpu-a3-016", "gpu-a3-017", "gpu-a3-018", "gpu-a3-019"]
    jid = 9920417
    bad_node, bad_local = 1, 5
    bad_rank = bad_node * 8 + bad_local
    t0 = T(2024, 6, 11, 1, 2, 40)
    ev = Events()
    ev.extend(t0, [
        f"[{t0:%Y-%m-%d %H:%M:%S}] launching job {jid}: 4 nodes x 8 GPUs",
        "NCCL_DEBUG=WARN NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5 TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
    ])
    for i, n in enumerate(nodes):
        ev.add(plus(t0, 1 + i * .01), lab(i, 1) + n)
    pids = {}
    tinit = plus(t0, 21)
    for r in range(32):
        ni, lr = divmod(r, 8)
        pids[r] = 48000 + ni * 311 + lr
        bus = H100_BUS[lr]
        ev.add(plus(tinit, r * 0.013), lab(ni, 1) + f"[default{lr}]:[init] rank {r:2d}/32 local_rank {lr} host {nodes[ni]} cuda:{lr} pci 0000:{bus[:2]}:00.0")
    tr = plus(tinit, 40)
    step_t = 4.62
    for s in range(1, 1691):
        if s % 50 == 0:
            tt = plus(tr, s * step_t)
            loss = 2.9 * (1 + 2.0 / (1 + s / 400)) - 0.3 * (s / 3000)
            ev.add(tt, lab(0, 1) + f"[default0]:step {s:5d} | loss {loss:.4f} | lr 2.40e-04 | tok/s/gpu 3125 | step_time {step_t + rng.uniform(-.05, .05):.2f}s")
    ev.add(plus(tr, 1200), lab(2, 1) + f"[default3]:{PY}/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader will create 12 worker processes in total. Our suggested max number of worker in current system is 10, which is smaller than what this DataLoader is going to create.")
    t_fail = T(2024, 6, 11, 3, 14, 1, 207311)
    # victim rank: launch failure, then watchdog thread aborts process
    pre = lab(bad_node, 1) + f"[default{bad_local}]:"
    ev.add(t_fail, pre + c10d(bad_rank, "E", t_fail, "ProcessGroupNCCL.cpp:1515",
                              f"[PG 0 Rank {bad_rank}] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure"))
    for k, ln in enumerate(cuda_error_tail()[:-1]):
        ev.add(plus(t_fail, .0001 * (k + 1)), pre + ln)
    ev.add(plus(t_fail, .001), pre + "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):")
    ev.add(plus(t_fail, .0011), pre + f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f1e2f0b9446 in {PY}/torch/lib/libc10.so)")
    ev.add(plus(t_fail, .0012), pre + f"frame #1: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f1e2f1a5a28 in {PY}/torch/lib/libc10_cuda.so)")
    ev.add(plus(t_fail, .0013), pre + f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f1de4a0c9c6 in {PY}/torch/lib/libtorch_cuda.so)")
    ev.add(plus(t_fail, .002), pre + "terminate called after throwing an instance of 'c10::DistBackendError'")
    ev.add(plus(t_fail, .0021), pre + f"  what():  [PG 0 Rank {bad_rank}] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure")
    # a neighbour on the same node also fails a little later
    for lr in (2, 6):
        r = bad_node * 8 + lr
        tt = plus(t_fail, 0.8 + lr * 0.05)
        ev.add(tt, lab(bad_node, 1) + f"[default{lr}]:" + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1515",
               f"[PG 0 Rank {r}] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5"))
        ev.add(plus(tt, .0001), lab(bad_node, 1) + f"[default{lr}]:ncclUnhandledCudaError: Call to CUDA function failed.")
        ev.add(plus(tt, .0002), lab(bad_node, 1) + f"[default{lr}]:Last error:")
        ev.add(plus(tt, .0003), lab(bad_node, 1) + f"[default{lr}]:Cuda failure 'unspecified launch failure'")
    tk = plus(t_fail, 3.4)
    ev.add(tk, lab(bad_node, 1) + elastic_new(tk, "W", 47901, "torch/distributed/elastic/multiprocessing/api.py:858",
                                              f"Sending process {pids[bad_node * 8]} closing signal SIGTERM"))
    for lr in (1, 2, 3, 4, 6, 7):
        ev.add(plus(tk, .001 * lr), lab(bad_node, 1) + elastic_new(plus(tk, .001 * lr), "W", 47901, "torch/distributed/elastic/multiprocessing/api.py:858",
                                                                   f"Sending process {pids[bad_node * 8 + lr]} closing signal SIGTERM"))
    te = plus(tk, 31)
    ev.add(te, lab(bad_node, 1) + elastic_new(te, "E", 47901, "torch/distributed/elastic/multiprocessing/api.py:833",
                                              f"failed (exitcode: -6) local_rank: {bad_local} (pid: {pids[bad_rank]}) of binary: /usr/bin/python3"))
    root = dict(time=t_fail, host=nodes[bad_node], rank=bad_rank, local=bad_local, exitcode=-6, pid=pids[bad_rank])
    ev.extend(plus(te, .01), [lab(bad_node, 1) + x for x in child_failed_block("train.py", [], root)], step=.0001)
    # sympathetic watchdog timeouts on the other nodes ~600 s later
    tw = T(2024, 6, 11, 3, 24, 2, 318000)
    for r in range(32):
        ni, lr = divmod(r, 8)
        if ni == bad_node:
            continue
        tt = plus(tw, rng.uniform(0, 1.8))
        blk = watchdog_block(r, tt, 61544, "ALLREDUCE", 134217728, pg="0", src_line=616)
        for k, ln in enumerate(blk):
            ev.add(plus(tt, k * 1e-4), lab(ni, 1) + f"[default{lr}]:" + ln)
    firsts = {}
    for ni in (0, 2, 3):
        tt = plus(tw, 6 + ni)
        firsts[ni] = tt
        lr0 = (ni * 3) % 8
        r0 = ni * 8 + lr0
        fl = [dict(time=plus(tt, .3), host=nodes[ni], rank=ni * 8 + lr, local=lr, exitcode=-6, pid=48000 + ni * 311 + lr)
              for lr in range(8) if lr != lr0][:2]
        root = dict(time=tt, host=nodes[ni], rank=r0, local=lr0, exitcode=-6, pid=48000 + ni * 311 + lr0)
        ev.extend(plus(tt, 1), [lab(ni, 1) + x for x in child_failed_block("train.py", fl, root)], step=.0001)
    tz = plus(tw, 14)
    ev.add(tz, f"srun: error: {nodes[bad_node]}: task {bad_node}: Exited with exit code 1")
    for ni in (0, 2, 3):
        ev.add(plus(tz, 1 + ni * .1), f"srun: error: {nodes[ni]}: task {ni}: Exited with exit code 1")
    ev.add(plus(tz, 2), f"srun: Terminating StepId={jid}.0")
    dm = []
    up0 = T(2024, 6, 3, 11, 52, 9)
    dm.append(f"{dmesg_T(up0)} Linux version 5.15.0-1057-gcp (buildd@lcy02-amd64-040) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #65-Ubuntu SMP Thu Apr 18 17:43:12 UTC 2024")
    dm.append(f"{dmesg_T(plus(up0, 41))} nvidia: loading out-of-tree module taints kernel.")
    dm.append(f"{dmesg_T(plus(up0, 42))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024")
    dm.append(f"{dmesg_T(plus(up0, 44))} nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x068000")
    dm.append(f"{dmesg_T(T(2024, 6, 11, 1, 2, 51))} audit: type=1400 audit(1718067771.114:412): apparmor=\"DENIED\" operation=\"open\" profile=\"snap.lxd.daemon\" name=\"/proc/sys/kernel/osrelease\" pid=2211 comm=\"lxd\" requested_mask=\"r\" denied_mask=\"r\" fsuid=0 ouid=0")
    tx = T(2024, 6, 11, 3, 13, 59)
    pci = "0000:ab:00"
    dm += [
        f"{dmesg_T(tx)} pcieport 0000:a8:02.0: AER: Uncorrected (Fatal) error received: 0000:ab:00.0",
        f"{dmesg_T(tx)} nvidia 0000:ab:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Inaccessible, (Unregistered Agent ID)",
        f"{dmesg_T(plus(tx, 1))} NVRM: GPU at PCI:{pci}: GPU-6f1c2a9e-3b47-8d0e-51aa-c2f70e99b413",
        f"{dmesg_T(plus(tx, 1))} NVRM: GPU Board Serial Number: 1654923017721",
        f"{dmesg_T(plus(tx, 1))} NVRM: Xid (PCI:{pci}): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
        f"{dmesg_T(plus(tx, 1))} NVRM: GPU {pci}.0: GPU has fallen off the bus.",
        f"{dmesg_T(plus(tx, 1))} NVRM: A GPU crash dump has been created. If possible, please run",
        "               NVRM: nvidia-bug-report.sh as root to collect this data before",
        "               NVRM: the NVIDIA kernel module is unloaded.",
        f"{dmesg_T(plus(tx, 2))} NVRM: Xid (PCI:{pci}): 154, pid='<unknown>', name=<unknown>, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)",
    ]
    case = Case("ba03_combined_slurm_out_one_rank_launch_failure_then_timeouts", label(
        "gpu_hardware", "infrastructure", ("gpu-a3-017", bad_rank), "restart_without_node",
        "Rank 13 (gpu-a3-017, cuda:5, PCI ab:00) fails first with 'unspecified launch failure'; that node's dmesg shows an "
        "AER fatal error and Xid 79 on 0000:ab:00 seconds earlier. Everyone else times out ten minutes later.",
        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507"))
    case.add(f"slurm-{jid}.out", ev.text())
    case.add("gpu-a3-017/dmesg.txt", "\n".join(dm) + "\n")
    return case


# --------------------------------------------------------------------------- ba04
def ba04():
    rng = rng_for(4)
    nodes = [f"node04{n:02d}" for n in range(1, 9)]
    ips = {n: f"10.12.4.{17 + i * 3}" for i, n in enumerate(nodes)}
    jid = 5523190
    bad = "node0406"
    bi = nodes.index(bad)
    t0 = T(2024, 9, 3, 22, 5, 10)
    ev = Events()
    ev.add(t0, f"+ srun -l --nodes=8 --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint={nodes[0]}:29400 pretrain.py")
    tinit = plus(t0, 30)
    ver = "2.19.3+cuda12.3"
    for ni, n in enumerate(nodes):
        for lr in range(8):
            r = ni * 8 + lr
            pid = 71000 + ni * 97 + lr
            tt = plus(tinit, ni * .05 + lr * .003)
            if r == 0:
                ev.add(tt, lab(ni, 1) + f"{n}:{pid}:{pid} [0] NCCL INFO NCCL version {ver}")
            for k, ln in enumerate(nccl_init_lines(n, pid, pid + 260, lr, r, 64, H100_BUS[lr], 8, ver, ip=ips[n])):
                ev.add(plus(tt, k * .0002), lab(ni, 1) + ln)
            # channel setup flood
            for ch in range(16):
                peer = ((ni + 1) % 8) * 8 + lr
                ev.add(plus(tt, .5 + ch * .0001), lab(ni, 1) + f"{n}:{pid}:{pid + 260} [{lr}] NCCL INFO Channel {ch:02d}/0 : {r}[{lr}] -> {peer}[{lr}] [send] via NET/IB/{lr // 2}/GDRDMA")
                prev = ((ni - 1) % 8) * 8 + lr
                ev.add(plus(tt, .5 + ch * .0001 + .00005), lab(ni, 1) + f"{n}:{pid}:{pid + 260} [{lr}] NCCL INFO Channel {ch:02d}/0 : {prev}[{lr}] -> {r}[{lr}] [receive] via NET/IB/{lr // 2}/GDRDMA")
            ev.add(plus(tt, .6), lab(ni, 1) + f"{n}:{pid}:{pid + 260} [{lr}] NCCL INFO Connected all rings")
            ev.add(plus(tt, .61), lab(ni, 1) + f"{n}:{pid}:{pid + 260} [{lr}] NCCL INFO Connected all trees")
    tr = plus(tinit, 60)
    for s in range(10, 5201, 10):
        ev.add(plus(tr, s * 2.31), lab(0, 1) + f"[default0]:it {s:6d} | loss {3.4 - 0.9 * s / 5200 + rng.uniform(-.02, .02):.4f} | grad_norm {0.31 + rng.uniform(-.05, .05):.3f} | 2.31 s/it")
    # node0406 local port flapping; its own NCCL proxy notices async events
    tf = plus(tr, 5203 * 2.31)
    for lr in (0, 1):
        pid = 71000 + bi * 97 + lr
        ev.add(plus(tf, 0.4 + lr * .01), lab(bi, 1) + f"{bad}:{pid}:{pid + 262} [{lr}] NCCL INFO NET/IB : Got async event : port error")
    # accusers: ranks elsewhere whose ring/tree peers live on node0406 (10.12.4.32)
    accusers = [(bi - 1) % 8, (bi + 1) % 8, 2, 0]
    for j, ai in enumerate(accusers):
        n = nodes[ai]
        for lr in range(8):
            pid = 71000 + ai * 97 + lr
            r = ai * 8 + lr
            tt = plus(tf, 1.1 + j * .2 + lr * .01)
            for rep in range(6 if ai in ((bi - 1) % 8, (bi + 1) % 8) else 2):
                port = 51000 + lr * 7 + rep
                ev.add(plus(tt, rep * .001), lab(ai, 1) + f"{n}:{pid}:{pid + 263} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {ips[bad]}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ips[n]} remoteGids::ffff:{ips[bad]} hca mlx5_{lr // 2 if lr < 2 else lr // 2 + 1}")
                ev.add(plus(tt, rep * .001 + .0001), lab(ai, 1) + f"{n}:{pid}:{pid + 263} [{lr}] NCCL INFO transport/net.cc:1298 -> 6")
                ev.add(plus(tt, rep * .001 + .0002), lab(ai, 1) + f"{n}:{pid}:{pid + 263} [{lr}] NCCL INFO proxy.cc:694 -> 6")
                ev.add(plus(tt, rep * .001 + .0003), lab(ai, 1) + f"{n}:{pid}:{pid + 263} [{lr}] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]")
            tt2 = plus(tt, 2.5)
            ev.add(tt2, lab(ai, 1) + f"[default{lr}]:" + c10d(r, "E", tt2, "ProcessGroupNCCL.cpp:1515",
                   f"[PG 0 (default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version {ver}"))
            ev.add(plus(tt2, .0001), lab(ai, 1) + f"[default{lr}]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            ev.add(plus(tt2, .0002), lab(ai, 1) + f"[default{lr}]:Last error:")
            ev.add(plus(tt2, .0003), lab(ai, 1) + f"[default{lr}]:NET/IB : Got completion from peer {ips[bad]}<{51000 + lr * 7}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ips[n]} remoteGids::ffff:{ips[bad]} hca mlx5_{lr // 2}")
    # node0406's own ranks lose their sends too and accuse their ring neighbours
    for lr in range(8):
        pid = 71000 + bi * 97 + lr
        r = bi * 8 + lr
        tt = plus(tf, 1.6 + lr * .013)
        for rep, peer in enumerate((nodes[bi - 1], nodes[bi + 1], nodes[bi - 1])):
            ev.add(plus(tt, rep * .001), lab(bi, 1) + f"{bad}:{pid}:{pid + 263} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {ips[peer]}<{52000 + lr * 5 + rep}> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:{ips[bad]} remoteGids::ffff:{ips[peer]} hca mlx5_{lr // 2}")
            ev.add(plus(tt, rep * .001 + .0001), lab(bi, 1) + f"{bad}:{pid}:{pid + 263} [{lr}] NCCL INFO transport/net.cc:1298 -> 6")
        tt2 = plus(tt, 2.2)
        ev.add(tt2, lab(bi, 1) + f"[default{lr}]:" + c10d(r, "E", tt2, "ProcessGroupNCCL.cpp:1515",
               f"[PG 0 (default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version {ver}"))
        ev.add(plus(tt2, .0001), lab(bi, 1) + f"[default{lr}]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    tend = plus(tf, 40)
    for ni, n in enumerate(nodes):
        ev.add(plus(tend, ni * .3), f"srun: error: {n}: task {ni}: Exited with exit code 1")
    case = Case("ba04_ib_completion_errors_from_many_hosts_in_one_log", label(
        "network", "infrastructure", (bad, None), "restart_without_node",
        "Ranks on several nodes report transport retry errors (status=12) towards 10.12.4.32, which node0406 binds in its "
        "NCCL bootstrap; only node0406 has local evidence: its NCCL proxy sees port errors and its dmesg shows the mlx5 "
        "port flapping.", "https://github.com/NVIDIA/nccl/issues/905"))
    case.add(f"slurm-{jid}.out", ev.text())
    # raw-uptime dmesg for node0406 (booted 2024-08-29 06:11:02 UTC)
    boot = T(2024, 8, 29, 6, 11, 2)
    up_fail = (tf - boot).total_seconds()
    dm = [
        f"{dmesg_raw(0.0)} Linux version 5.14.0-362.24.1.el9_3.x86_64 (mockbuild@x86-64-01.build.eng.rdu2.redhat.com) (gcc (GCC) 11.4.1 20230605 (Red Hat 11.4.1-2), GNU ld version 2.35.2-42.el9) #1 SMP PREEMPT_DYNAMIC Thu Feb 29 11:38:41 EST 2024",
        f"{dmesg_raw(2.114233)} mlx5_core 0000:1a:00.0: firmware version: 28.39.1002",
        f"{dmesg_raw(2.114290)} mlx5_core 0000:1a:00.0: 252.048 Gb/s available PCIe bandwidth (16.0 GT/s PCIe x16 link)",
        f"{dmesg_raw(3.887120)} mlx5_core 0000:1a:00.0: Port module event: module 0, Cable plugged",
        f"{dmesg_raw(9.551002)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  545.23.08  Mon Nov  6 23:49:37 UTC 2023",
        f"{dmesg_raw(15.004417)} mlx5_core 0000:1a:00.0 ibp26s0: Link up",
        f"{dmesg_raw(412877.5501)} systemd-journald[1102]: Data hash table of /var/log/journal/4a7e.../system.journal has a fill level at 75.0 (174764 of 233016 items, 134217728 file size, 768 bytes per hash table item), suggesting rotation.",
    ]
    u = up_fail - 3.2
    for k in range(7):
        dm.append(f"{dmesg_raw(u + k * 4.31)} mlx5_core 0000:1a:00.0: mlx5_port_module_event:1151:(pid 0): Port module event[error]: module 0, Cable error, Power budget exceeded")
        dm.append(f"{dmesg_raw(u + k * 4.31 + 0.0021)} mlx5_core 0000:1a:00.0 ibp26s0: Link down")
        dm.append(f"{dmesg_raw(u + k * 4.31 + 1.9)} mlx5_core 0000:1a:00.0 ibp26s0: Link up")
    dm.append(f"{dmesg_raw(u + 40.1)} mlx5_core 0000:1a:00.0 ibp26s0: Link down")
    case.add(f"{bad}/dmesg.txt", "\n".join(dm) + "\n")
    return case


# --------------------------------------------------------------------------- ba05
def _megatron_run(rng, jid, nodes_expr, nodes, t0, resume_iter, nan_iter, first_line_host):
    L = []
    L.append(f"SLURM_JOB_ID={jid} SLURM_JOB_NODELIST={nodes_expr}")
    L.append(f"{t0:%a %b %d %H:%M:%S UTC %Y} starting megatron pretrain_gpt.py on {len(nodes)} nodes")
    L.append(f"using world size: {len(nodes) * 8}, data-parallel size: {len(nodes)}, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1")
    L.append("------------------------ arguments ------------------------")
    for a in ["  bf16 ............................................ True",
              "  clip_grad ....................................... 1.0",
              "  global_batch_size ............................... 1024",
              "  lr .............................................. 0.0006",
              "  lr_decay_style .................................. cosine",
              "  lr_warmup_iters ................................. 2000",
              "  micro_batch_size ................................ 2",
              "  seed ............................................ 1234",
              "  load ............................................ /ckpt/gpt-22b/run3",
              "  data_path ....................................... ['/data/mix-v4/text_document']"]:
        L.append(a)
    L.append("-------------------- end of arguments ---------------------")
    L.append(f" loading checkpoint from /ckpt/gpt-22b/run3 at iteration {resume_iter}")
    L.append(f"  successfully loaded checkpoint from /ckpt/gpt-22b/run3 [ t 0/8, p 0/1 ] at iteration {resume_iter}")
    L.append("(min, max) time across ranks (ms):")
    L.append("    load-checkpoint ................................: (41231.66, 41298.12)")
    ts = plus(t0, 240)
    for it in range(resume_iter + 10, nan_iter + 1, 10):
        dtm = 5124.3 + rng.uniform(-40, 40)
        tt = plus(ts, (it - resume_iter) * 5.124)
        if it < nan_iter - 40:
            loss = 2.1 - 0.00001 * (it - 40000) + rng.uniform(-.02, .02)
            gn = 0.24 + rng.uniform(-.03, .03)
            nan = 0
            ls = f"{loss:.6E}"
        elif it < nan_iter:
            k = (it - (nan_iter - 40)) // 10
            loss = 2.1 + [0.4, 1.9, 5.2, 11.7][k]
            gn = [3.1, 18.4, 412.7, 9.8e3][k]
            nan = 0
            ls = f"{loss:.6E}"
        else:
            ls = "nan"
            gn = float("nan")
            nan = 10
        gns = "nan" if gn != gn else f"{gn:.3f}"
        L.append(f" [{tt:%Y-%m-%d %H:%M:%S}] iteration {it:8d}/  300000 | consumed samples: {it * 1024:12d} | elapsed time per iteration (ms): {dtm:.1f} | learning rate: 5.812E-04 | global batch size:  1024 | lm loss: {ls} | loss scale: 1.0 | grad norm: {gns} | number of skipped iterations:   0 | number of nan iterations: {nan:3d} |")
    for r in range(len(nodes) * 8):
        host = nodes[r // 8]
        L.append(f"[rank{r}]: Traceback (most recent call last):")
        L.append(f'[rank{r}]:   File "/workspace/Megatron-LM/pretrain_gpt.py", line 243, in <module>')
        L.append(f"[rank{r}]:     pretrain(")
        L.append(f'[rank{r}]:   File "/workspace/Megatron-LM/megatron/training/training.py", line 1147, in train')
        L.append(f"[rank{r}]:     train_step(forward_step_func,")
        L.append(f'[rank{r}]:   File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 170, in check_for_nan_in_grad')
        L.append(f"[rank{r}]:     assert not norm_is_nan, (")
        L.append(f"[rank{r}]: AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {r % 8}, node: {host}")
    L.append(f"srun: error: {first_line_host}: task 0: Exited with exit code 1")
    L.append(f"srun: Terminating StepId={jid}.0")
    return L


def ba05():
    rng = rng_for(5)
    n1 = ["gpu-a3-016", "gpu-a3-017", "gpu-a3-018", "gpu-a3-019"]
    n2 = ["gpu-a3-040", "gpu-a3-041", "gpu-a3-042", "gpu-a3-043"]
    a = _megatron_run(rng, 7730114, "gpu-a3-[016-019]", n1, T(2024, 10, 2, 4, 10, 0), 40000, 41230, n1[0])
    b = _megatron_run(rng, 7731562, "gpu-a3-[040-043]", n2, T(2024, 10, 3, 13, 41, 0), 40000, 41230, n2[0])
    # the user pasted the logs through a Windows editor; one file also lost its trailing newline
    case = Case("ba05_grad_norm_explodes_two_submissions_windows_line_endings", label(
        "numerical", "script", None, "stop",
        "Two submissions on disjoint node sets resume from iteration 40000 and diverge identically: grad norm climbs from "
        "3.1 to 9.8e3 and every rank finds NaN at iteration 41230. Deterministic recipe problem, not hardware.",
        "https://github.com/karpathy/nanoGPT/issues/136"))
    case.add("slurm-7730114.out", crlf("\n".join(a) + "\n"))
    case.add("slurm-7731562.out", crlf("\n".join(b)))
    return case


# --------------------------------------------------------------------------- ba06
def ba06():
    rng = rng_for(6)
    pods = [f"llm-pt-worker-{i}" for i in range(4)]
    hosts = ["ip-10-1-2-11", "ip-10-1-2-24", "ip-10-1-2-37", "ip-10-1-2-52"]
    bad_pod = 2
    bad_local = 6
    bad_rank = bad_pod * 8 + bad_local
    t0 = T(2024, 7, 2, 10, 21, 30)
    files = {}
    def make_writer(out, pod, node):
        def j(t, level, msg, **kw):
            d = {"ts": t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z", "level": level,
                 "logger": kw.pop("logger", "trainer"), "pod": pod, "node": node}
            d.update(kw)
            d["msg"] = msg
            out.append(json_line(d))
        return j

    for pi, pod in enumerate(pods):
        out = []
        j = make_writer(out, pod, hosts[pi])
        j(t0, "INFO", "process group initialised", logger="dist", backend="nccl", world_size=32,
          nccl_version="2.18.5", torch="2.2.2+cu121")
        for lr in range(8):
            r = pi * 8 + lr
            j(plus(t0, 1 + lr * .01), "INFO", "device assigned", logger="dist", rank=r, local_rank=lr,
              device=f"cuda:{lr}", pci_bus_id=f"00000000:{A100_BUS[lr][:2].upper()}:00.0",
              gpu_uuid=f"GPU-{(0x5a1f0000 + pi * 97 + lr * 13):08x}-77c2-4e1d-9b3a-{(pi * 8 + lr) * 7919:012x}")
        base = plus(t0, 35)
        for s in range(100, 16151, 100):
            tt = plus(base, s * 0.254)
            if pi == 0:
                j(tt, "INFO", "train step", rank=0, step=s, loss=round(2.7 - s / 16000 * .8 + rng.uniform(-.01, .01), 4),
                  lr=3e-4, tokens_per_sec=round(1.21e6 + rng.uniform(-1e4, 1e4)), step_ms=round(254 + rng.uniform(-3, 3), 1))
            if pi == 0 and s % 4000 == 0:
                j(plus(tt, .2), "WARNING", "dataloader worker slow", logger="data", rank=3, worker=5, wait_s=round(11 + rng.uniform(0, 3), 2))
        files[pod] = (out, j)
    t_err = T(2024, 7, 2, 11, 30, 36, 752000)
    exc = ("Traceback (most recent call last):\n  File \"/app/train.py\", line 318, in train_loop\n    loss = step(batch)\n"
           "  File \"/app/train.py\", line 251, in step\n    scaler.scale(loss).backward()\n"
           f"  File \"{PY}/torch/_tensor.py\", line 522, in backward\n    torch.autograd.backward(\n"
           f"  File \"{PY}/torch/autograd/__init__.py\", line 266, in backward\n    Variable._execution_engine.run_backward(\n"
           "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
           "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
    out, j = files[pods[bad_pod]]
    j(t_err, "ERROR", "unhandled exception in training loop", rank=bad_rank, local_rank=bad_local, step=16188, exc_info=exc)
    j(plus(t_err, .01), "ERROR", "terminating: aborting process group", logger="dist", rank=bad_rank)
    tw = plus(t_err, 601.7)
    for pi, pod in enumerate(pods):
        out, j = files[pod]
        for lr in range(8):
            r = pi * 8 + lr
            if r == bad_rank:
                continue
            tt = plus(tw, rng.uniform(0, 2))
            if pi == bad_pod:
                tt = plus(t_err, 31 + lr * .01)
                j(tt, "WARNING", "received SIGTERM from launcher, exiting", logger="dist", rank=r)
                continue
            blk = "\n".join(watchdog_block(r, tt, 48601, "_ALLGATHER_BASE", 26214400, pg="1", src_line=607))
            j(tt, "ERROR", "NCCL watchdog timeout", logger="dist", rank=r, local_rank=lr, stderr=blk + "\n" + "\n".join(cpp_frames_watchdog()))
        j(plus(t_err, 33) if pi == bad_pod else plus(tw, 5 + pi), "ERROR", "worker group failed",
          logger="torch.distributed.elastic", exitcode=1 if pi == bad_pod else -6)
    case = Case("ba06_structured_json_logs_one_rank_errors_then_allgather_timeouts", label(
        "gpu_memory", "infrastructure", (pods[bad_pod], bad_rank), "restart_without_node",
        "Rank 22 (llm-pt-worker-2, PCI B7) hits 'uncorrectable ECC error' first; the host kernel log of that pod shows "
        "Xid 48 DBE and a pending row remap on 0000:b7:00 at the same second. Other pods only time out 10 minutes later.",
        "https://docs.nvidia.com/deploy/xid-errors/index.html"))
    for pod in pods:
        out, _ = files[pod]
        case.add(f"{pod}/train.jsonl", "\n".join(out) + "\n")
    pci = "0000:b7:00"
    kt = plus(t_err, -0.421)
    k = [
        f"{journal_iso(T(2024, 7, 2, 9, 58, 1, 220331))} {hosts[bad_pod]} kernel: IPv6: ADDRCONF(NETDEV_CHANGE): eni3a81c0f2e7b: link becomes ready",
        f"{journal_iso(kt)} {hosts[bad_pod]} kernel: NVRM: Xid (PCI:{pci}): 48, pid=2417, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.",
        f"{journal_iso(plus(kt, .02))} {hosts[bad_pod]} kernel: NVRM: Xid (PCI:{pci}): 63, pid=2417, name=python3, Row Remapper: New row (0x00000000009fe3a0) marked for remapping, reset gpu to activate.",
        f"{journal_iso(plus(kt, .5))} {hosts[bad_pod]} kernel: NVRM: Xid (PCI:{pci}): 45, pid=2417, name=python3, Ch 00000010",
        f"{journal_iso(plus(kt, 40))} {hosts[bad_pod]} kernel: NVRM: Xid (PCI:{pci}): 45, pid=2417, name=python3, Ch 00000018",
    ]
    case.add(f"{pods[bad_pod]}/host_kernel.log", "\n".join(k) + "\n")
    return case


# --------------------------------------------------------------------------- ba07
def ba07():
    rng = rng_for(7)
    bad = "node0412"
    jid = 3308841
    t0 = T(2024, 11, 14, 19, 0, 3)
    L = [f"job {jid} on node[0409-0416] :: torchrun --nnodes 8 --nproc-per-node 8",
         f"[{t0:%H:%M:%S}] rank0: building model (30.1B params), fsdp=FULL_SHARD"]
    ts = plus(t0, 180)
    last = None
    for s in range(1, 7000):
        tt = plus(ts, s * 3.88)
        if s % 25 == 0:
            last = f"[{tt:%H:%M:%S}] rank0: step {s} loss {2.55 - s * 4e-5 + rng.uniform(-.02, .02):.4f} gnorm {0.4 + rng.uniform(-.05, .05):.3f} tflops/gpu 402.7"
            L.append(last)
        if tt > T(2024, 11, 15, 2, 27, 40):
            break
    L.append("[02:27:40] rank0: async checkpoint step_6875: wrote shard 3/8 (41.2 GB) to /ckpt/fsdp30b/st")
    text = "\n".join(L)
    end = T(2024, 11, 15, 2, 29, 11)
    sa = sacct_text([
        [str(jid), "fsdp-30b", "gpu", "ml-core", "1536", "NODE_FAIL", "0:0", "07:29:08", "node[0409-0416]"],
        [f"{jid}.batch", "batch", "", "ml-core", "192", "CANCELLED", "0:15", "07:29:08", "node0409"],
        [f"{jid}.extern", "extern", "", "ml-core", "1536", "COMPLETED", "0:0", "07:29:08", "node[0409-0416]"],
        [f"{jid}.0", "torchrun", "", "ml-core", "1536", "CANCELLED", "0:15", "07:29:06", "node[0409-0416]"],
    ])
    sc = scontrol_job(jid, "fsdp-30b", "mchen", 40117, "NODE_FAIL", "NodeDown", "0:0", T(2024, 11, 14, 19, 0, 3), end,
                      "3-00:00:00", "node[0409-0416]", 8, 1536, "/home/mchen/fsdp30b", f"/home/mchen/fsdp30b/slurm-{jid}.out",
                      "07:29:08", partition="gpu")
    sn = "\n".join([
        f"NodeName={bad} Arch=x86_64 CoresPerSocket=48",
        "   CPUAlloc=0 CPUEfctv=192 CPUTot=192 CPULoad=0.00",
        "   AvailableFeatures=h100,ib400",
        "   Gres=gpu:h100:8(S:0-1)",
        f"   NodeAddr={bad} NodeHostName={bad} Version=23.11.6",
        "   OS=Linux 5.15.0-118-generic #128-Ubuntu SMP Fri Jul 5 09:28:59 UTC 2024",
        "   RealMemory=2063000 AllocMem=0 FreeMem=N/A Sockets=2 Boards=1",
        "   State=DOWN+DRAIN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   Partitions=gpu",
        "   BootTime=2024-10-30T08:12:44 SlurmdStartTime=2024-10-30T08:14:02",
        "   LastBusyTime=2024-11-15T02:27:41 ResumeAfterTime=None",
        "   CfgTRES=cpu=192,mem=2063000M,billing=192,gres/gpu=8",
        "   AllocTRES=",
        "   CapWatts=n/a",
        "   CurrentWatts=0 AveWatts=0",
        "   ExtSensorsJoules=n/a ExtSensorsWatts=0 ExtSensorsTemp=n/a",
        "   Reason=Not responding [slurm@2024-11-15T02:29:11]",
        "",
    ])
    kt = T(2024, 11, 15, 2, 27, 43, 118204)
    h = bad
    jr = [
        f"{journal_iso(T(2024, 11, 15, 1, 3, 12, 4411))} {h} kernel: mce: [Hardware Error]: Machine check events logged",
        f"{journal_iso(T(2024, 11, 15, 1, 3, 12, 4502))} {h} kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3fa1c22 offset:0x340 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:2 bg:1 ba:2 row:0x1f20 col:0x340)",
        f"{journal_iso(T(2024, 11, 15, 1, 44, 50, 991002))} {h} kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3fa1c23 offset:0x1c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:2 bg:1 ba:2 row:0x1f20 col:0x1c0)",
        f"{journal_iso(kt)} {h} kernel: mce: [Hardware Error]: CPU 61: Machine Check Exception: 5 Bank 13: be00000001010091",
        f"{journal_iso(kt)} {h} kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9b2c1a3e> {{native_queued_spin_lock_slowpath+0x14e/0x300}}",
        f"{journal_iso(kt)} {h} kernel: mce: [Hardware Error]: TSC 1a4f8e2c73d2b6 ADDR 3fa1c22340 MISC 200001c020401086 PPIN 2b9e14c1d7a80f33",
        f"{journal_iso(kt)} {h} kernel: mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1731637663 SOCKET 1 APIC 7a microcode 2b0005c0",
        f"{journal_iso(kt)} {h} kernel: mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
        f"{journal_iso(kt)} {h} kernel: mce: [Hardware Error]: Machine check: Processor context corrupt",
        f"{journal_iso(kt)} {h} kernel: Kernel panic - not syncing: Fatal machine check",
        f"{journal_iso(plus(kt, .001))} {h} kernel: Kernel Offset: 0x1a000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
    ]
    case = Case("ba07_log_stops_mid_line_scheduler_reports_node_fail", label(
        "host", "infrastructure", (bad, None), "restart_without_node",
        "The job output just stops mid-line; sacct/scontrol say NODE_FAIL with node0412 not responding, and that node's "
        "previous-boot journal ends in an uncorrectable machine check and kernel panic (preceded by corrected DIMM errors).",
        "https://slurm.schedmd.com/job_exit_code.html"))
    case.add(f"slurm-{jid}.out", text)
    case.add("sacct.txt", f"$ sacct -j {jid} --format=JobID,JobName,Partition,Account,AllocCPUS,State,ExitCode,Elapsed,NodeList\n" + sa)
    case.add("scontrol_show_job.txt", sc)
    case.add(f"{bad}/scontrol_show_node.txt", sn)
    case.add(f"{bad}/journal_prev_boot.txt", "-- Journal begins at Wed 2024-10-30 08:12:40 UTC, ends at Fri 2024-11-15 02:27:43 UTC. --\n" + "\n".join(jr) + "\n")
    return case


# --------------------------------------------------------------------------- ba08
def ba08():
    rng = rng_for(8)
    nodes = ["gn-c3-21", "gn-c3-22", "gn-c3-23", "gn-c3-24"]
    jid = 6120044
    t_kill = T(2024, 12, 8, 8, 15, 29)
    L = [f"==> showing last 400 lines of slurm-{jid}.out (tail -n 400) <=="]
    for s in range(41800, 41990, 2):
        tt = plus(t_kill, -(41990 - s) * 1.43)
        L.append(lab(0, 1) + f"[default0]:{tt:%Y-%m-%d %H:%M:%S} | INFO | step {s}/60000 | loss {1.871 + rng.uniform(-.03, .03):.4f} | lr 1.12e-04 | 1.43 s/step | eta 7h12m")
    for i, _n in enumerate(nodes):
        tt = plus(t_kill, .3 + i * .05)
        L.append(lab(i, 1) + elastic_new(tt, "W", 90211 + i, "torch/distributed/elastic/agent/server/api.py:704",
                                         "Received Signals.SIGTERM death signal, shutting down workers"))
        for lr in range(8):
            L.append(lab(i, 1) + elastic_new(plus(tt, .001 * lr), "W", 90211 + i, "torch/distributed/elastic/multiprocessing/api.py:897",
                                             f"Sending process {90300 + i * 40 + lr} closing signal SIGTERM"))
    # sympathetic noise: ranks whose peers were killed first
    for i in (1, 3):
        for lr in (0, 4):
            r = i * 8 + lr
            tt = plus(t_kill, 1.2 + lr * .01)
            L.append(lab(i, 1) + f"[default{lr}]:" + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1515",
                     f"[PG 0 (default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"))
            L.append(lab(i, 1) + f"[default{lr}]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            L.append(lab(i, 1) + f"[default{lr}]:Last error:")
            L.append(lab(i, 1) + f"[default{lr}]:socketProgress: Connection closed by remote peer {nodes[i - 1]}.cluster.local<{53000 + lr}>")
    L.append(lab(2, 1) + f"[default5]:[rank21]:[W{t_kill:%m%d %H:%M:%S}.{(t_kill.microsecond + 1402000) % 1000000:06d}412 TCPStore.cpp:141] [c10d] recvValue failed on SocketImpl(fd=88, addr=[gn-c3-23]:52114, remote=[gn-c3-21]:29500): Connection reset by peer")
    for i, _n in enumerate(nodes):
        tt = plus(t_kill, 2 + i * .1)
        L.append(lab(i, 1) + "Traceback (most recent call last):")
        L.append(lab(i, 1) + '  File "/usr/local/bin/torchrun", line 8, in <module>')
        L.append(lab(i, 1) + "    sys.exit(main())")
        L.append(lab(i, 1) + f'  File "{PY}/torch/distributed/elastic/agent/server/api.py", line 869, in _invoke_run')
        L.append(lab(i, 1) + "    time.sleep(monitor_interval)")
        L.append(lab(i, 1) + f'  File "{PY}/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler')
        L.append(lab(i, 1) + "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")
        L.append(lab(i, 1) + f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {90211 + i} got signal: 15")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    hdr = "JobID           JobName  Partition      State  Timelimit    Elapsed ExitCode        NodeList "
    sep = "------------ ---------- ---------- ---------- ---------- ---------- -------- --------------- "
    rows = [
        f"{jid:<12} {'sft-70b':>10} {'gpu-long':>10} {'TIMEOUT':>10} {'2-00:00:00':>10} {'2-00:00:02':>10} {'0:0':>8} {'gn-c3-[21-24]':>15} ",
        f"{str(jid) + '.bat+':<12} {'batch':>10} {'':>10} {'CANCELLED':>10} {'':>10} {'2-00:00:04':>10} {'0:15':>8} {'gn-c3-21':>15} ",
        f"{str(jid) + '.ext+':<12} {'extern':>10} {'':>10} {'COMPLETED':>10} {'':>10} {'2-00:00:02':>10} {'0:0':>8} {'gn-c3-[21-24]':>15} ",
        f"{str(jid) + '.0':<12} {'torchrun':>10} {'':>10} {'CANCELLED':>10} {'':>10} {'2-00:00:03':>10} {'0:15':>8} {'gn-c3-[21-24]':>15} ",
    ]
    case = Case("ba08_tail_of_output_ends_in_sigterm_and_nccl_errors", label(
        "unknown", "framework", None, "none",
        "Training was healthy until every agent received SIGTERM at the same moment; sacct shows TIMEOUT with Elapsed "
        "equal to the 2-day limit. The NCCL/TCPStore errors are fallout of the shutdown, not a fault.",
        "https://github.com/ZettaAI/zetta_utils/issues/671"))
    case.add(f"slurm-{jid}.tail.out", "\n".join(L) + "\n")
    case.add("sacct.txt", f"$ sacct -j {jid} -o JobID,JobName,Partition,State,Timelimit,Elapsed,ExitCode,NodeList\n{hdr}\n{sep}\n" + "\n".join(rows) + "\n")
    return case


# --------------------------------------------------------------------------- ba09
def ba09():
    rng = rng_for(9)
    host = "g2-node-118"
    jid = 2291334
    t0 = T(2025, 1, 20, 13, 2, 44)
    L = []
    L.append(elastic_old(t0, "INFO", "torch.distributed.launcher.api", "Starting elastic_operator with launch configs:"))
    L += ["  entrypoint       : finetune.py", "  min_nodes        : 2", "  max_nodes        : 2", "  nproc_per_node   : 8",
          "  run_id           : 2291334", "  rdzv_backend     : c10d", "  rdzv_endpoint    : g2-node-117:29500",
          "  rdzv_configs     : {'timeout': 900}", "  max_restarts     : 0", "  monitor_interval : 5",
          "  log_dir          : None", "  metrics_cfg      : {}", ""]
    L.append(elastic_old(plus(t0, 9), "INFO", "torch.distributed.elastic.agent.server.api", "[default] Rendezvous complete for workers. Result:"))
    L += ["  restart_count=0", "  master_addr=g2-node-117", "  master_port=41871", "  group_rank=1", "  group_world_size=2",
          "  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]", "  role_ranks=[8, 9, 10, 11, 12, 13, 14, 15]",
          "  global_ranks=[8, 9, 10, 11, 12, 13, 14, 15]", "  role_world_sizes=[16, 16, 16, 16, 16, 16, 16, 16]",
          "  global_world_sizes=[16, 16, 16, 16, 16, 16, 16, 16]", ""]
    L.append(f"{host}:71224:71224 [0] NCCL INFO NCCL version 2.18.1+cuda12.1")
    L.append(f"{host}:71226:72011 [2] NCCL INFO NET/Plugin: Failed to find ncclNetPlugin_v6 symbol.")
    L.append(f"{host}:71226:72011 [2] NCCL INFO NET/Plugin: Loaded net plugin NCCL RDMA Plugin v6 (v6)")
    ts = plus(t0, 60)
    for s in range(20, 4661, 20):
        tt = plus(ts, s * 1.05)
        L.append(f"[rank8]:{tt:%Y-%m-%d %H:%M:%S} epoch 2 step {s} loss {0.93 - s * 3e-5 + rng.uniform(-.02, .02):.4f} ppl {2.5 + rng.uniform(-.05, .05):.2f}")
    tk = T(2025, 1, 20, 14, 25, 3)
    L.append(elastic_old(tk, "WARNING", "torch.distributed.elastic.agent.server.api", "Received Signals.SIGTERM death signal, shutting down workers"))
    for lr in range(8):
        L.append(elastic_old(plus(tk, .002 * lr), "WARNING", "torch.distributed.elastic.multiprocessing.api", f"Sending process {71224 + lr} closing signal SIGTERM"))
    L += [
        "Traceback (most recent call last):",
        '  File "/opt/conda/bin/torchrun", line 33, in <module>',
        "    sys.exit(load_entry_point('torch==2.1.2', 'console_scripts', 'torchrun')())",
        '  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 62, in _terminate_process_handler',
        '    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)',
        "torch.distributed.elastic.multiprocessing.api.SignalException: Process 71201 got signal: 15",
    ]
    sa = sacct_text([
        [str(jid), "ft-mistral", "spot", "nlp-lab", "256", "PREEMPTED", "0:0", "01:22:19", "g2-node-[117-118]"],
        [f"{jid}.batch", "batch", "", "nlp-lab", "128", "CANCELLED", "0:15", "01:22:21", "g2-node-117"],
        [f"{jid}.extern", "extern", "", "nlp-lab", "256", "COMPLETED", "0:0", "01:22:19", "g2-node-[117-118]"],
        [f"{jid}.0", "torchrun", "", "nlp-lab", "256", "CANCELLED", "0:15", "01:22:20", "g2-node-[117-118]"],
    ])
    case = Case("ba09_workers_get_sigterm_mid_epoch_one_node_console", label(
        "unknown", "framework", None, "none",
        "The only attached node log shows healthy steps until torchrun receives SIGTERM; sacct records the job as "
        "PREEMPTED on the spot partition. Nothing failed.",
        "https://slurm.schedmd.com/job_exit_code.html"))
    case.add(f"{host}.console.log", "\n".join(L) + "\n")
    case.add("sacct.txt", sa)
    return case


# --------------------------------------------------------------------------- ba10
def ba10():
    rng = rng_for(10)
    nodes = ["hgx-b07", "hgx-b08"]
    jid = 1187420
    t0 = T(2024, 4, 9, 21, 30, 5)
    ev = Events()
    ev.add(t0, f"Tue Apr  9 21:30:05 CEST 2024  job {jid} on hgx-b[07-08]")
    for ni, n in enumerate(nodes):
        for lr in range(8):
            pid = 20500 + ni * 20 + lr
            tt = plus(t0, 20 + ni * .1 + lr * .01)
            pre = lab(ni, 1)
            if lr == 0:
                ev.add(tt, pre + f"{n}:{pid}:{pid} [0] NCCL INFO NCCL version 2.20.5+cuda12.4")
            ev.add(plus(tt, .001), pre + f"{n}:{pid}:{pid + 300} [{lr}] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
            ev.add(plus(tt, .002), pre + f"{n}:{pid}:{pid + 300} [{lr}] misc/ibvwrap.cc:190 NCCL WARN Call to ibv_open_device failed")
            ev.add(plus(tt, .003), pre + f"{n}:{pid}:{pid + 300} [{lr}] transport/net_ib.cc:218 NCCL WARN NET/IB : Unable to open device mlx5_bond_0")
            ev.add(plus(tt, .004), pre + f"{n}:{pid}:{pid + 300} [{lr}] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB ; OOB ib0:10.40.2.{7 + ni}<0>")
            ev.add(plus(tt, .005), pre + f"{n}:{pid}:{pid + 300} [{lr}] NCCL INFO comm 0x{0x5612ab00 + lr:x} rank {ni * 8 + lr} nranks 16 cudaDev {lr} nvmlDev {lr} busId {H100_BUS[lr]} commId 0x9c1e00d7a4 - Init COMPLETE")
    ts = plus(t0, 90)
    for s in range(100, 120001, 100):
        tt = plus(ts, s * 0.61)
        if s % 1000 == 0:
            ev.add(tt, lab(0, 1) + f"[default0]:step {s:6d}/120000 loss {2.3 - s / 120000 * .6 + rng.uniform(-.01, .01):.4f} | 0.61s/it")
        if s % 10000 == 0:
            ev.add(plus(tt, 1), lab(0, 1) + f"[default0]:saved checkpoint /scratch/ckpt/vit-h/step_{s:06d}.pt (7.9 GB) in 21.3s")
            if s == 60000:
                for lr in range(0, 8, 3):
                    ev.add(plus(tt, 2 + lr * .01), lab(1, 1) + f"[default{lr}]:{PY}/torch/distributed/fsdp/_state_dict_utils.py:773: UserWarning: When using ``NO_SHARD`` for ``ShardingStrategy``, full_state_dict will be returned.")
    te = plus(ts, 120000 * 0.61 + 30)
    ev.add(te, lab(0, 1) + "[default0]:training finished: 120000 steps, final eval top1=0.8712")
    for ni in range(2):
        for lr in range(8):
            r = ni * 8 + lr
            tt = plus(te, 3 + ni * .2 + lr * .01)
            ev.add(tt, lab(ni, 1) + f"[default{lr}]:[rank{r}]:[W{glog_stamp('', tt)} ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())")
    for lr in (2, 5, 7):
        tt = plus(te, 3.9 + lr * .01)
        ev.add(tt, lab(1, 1) + f"[default{lr}]:[rank{8 + lr}]:[W{glog_stamp('', tt)} TCPStore.cpp:131] [c10d] recvVector failed on SocketImpl(fd=71, addr=[hgx-b08]:45122, remote=[hgx-b07]:29500): failed to recv, got 0 bytes")
        ev.add(plus(tt, .0001), lab(1, 1) + "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):")
        ev.add(plus(tt, .0002), lab(1, 1) + f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f0f2c1b9446 in {PY}/torch/lib/libc10.so)")
        ev.add(plus(tt, .0003), lab(1, 1) + f"[default{lr}]:[rank{8 + lr}]:[W{glog_stamp('', plus(tt, .0004))} ProcessGroupNCCL.cpp:1783] [PG 0 (default_pg) Rank {8 + lr}] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: failed to recv, got 0 bytes")
    ev.add(plus(te, 8), lab(0, 1) + elastic_new(plus(te, 8), "I", 20480, "torch/distributed/elastic/agent/server/api.py:879", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
    ev.add(plus(te, 8.2), lab(1, 1) + elastic_new(plus(te, 8.2), "I", 20481, "torch/distributed/elastic/agent/server/api.py:879", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
    ev.add(plus(te, 9), lab(0, 1) + elastic_new(plus(te, 9), "I", 20480, "torch/distributed/elastic/agent/server/api.py:932", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"))
    ev.add(plus(te, 10), "job done rc=0")
    sa = sacct_text([
        [str(jid), "vit-h-pt", "a100", "vision", "224", "COMPLETED", "0:0", "20:24:41", "hgx-b[07-08]"],
        [f"{jid}.batch", "batch", "", "vision", "112", "COMPLETED", "0:0", "20:24:41", "hgx-b07"],
        [f"{jid}.extern", "extern", "", "vision", "224", "COMPLETED", "0:0", "20:24:41", "hgx-b[07-08]"],
        [f"{jid}.0", "torchrun", "", "vision", "224", "COMPLETED", "0:0", "20:24:39", "hgx-b[07-08]"],
    ])
    case = Case("ba10_log_full_of_nccl_warn_and_socket_errors_at_the_end", label(
        "unknown", "framework", None, "none",
        "The NCCL WARN lines are init-time probing of an absent bond device, and the TCPStore 'failed to recv' lines come "
        "from rank 0's store shutting down at exit; training reached step 120000 and sacct says COMPLETED 0:0.",
        "https://github.com/pytorch/pytorch/issues/118369"))
    case.add(f"slurm-{jid}.out", ev.text())
    case.add("sacct.txt", sa)
    return case


CASES = [ba01, ba02, ba03, ba04, ba05, ba06, ba07, ba08, ba09, ba10]
