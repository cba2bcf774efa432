"""corpus_set65 cases bj01-bj09: GPU, GPU memory, NVLink, network, storage."""

from __future__ import annotations

import datetime as dt
import random

from caselib import Case, Log, label
from common import (
    UTC,
    at,
    child_failed,
    dmesg_boot_noise,
    dmesg_T,
    glog,
    iso,
    megatron_iter,
    nccl_init,
    nvidia_smi_table,
    pyts,
    syslog,
    torchrun_banner,
    tqdm_bar,
    tz,
    uptime,
    watchdog_terminate,
    watchdog_timeout,
)

CUDA_TAIL = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "",
]


def agent_line(t, level, pid, where, msg):
    return f"{level}{t:%m%d %H:%M:%S}.{t.microsecond:06d} {pid} torch/distributed/elastic/{where}] {msg}"


def sigterm_lines(t, agent_pid, pids, skip=None):
    out = []
    for i, p in enumerate(pids):
        if skip is not None and i == skip:
            continue
        out.append(
            agent_line(
                at(t, 0.01 * i),
                "W",
                agent_pid,
                "multiprocessing/api.py:897",
                f"Sending process {p} closing signal SIGTERM",
            )
        )
    return out


def cuda_frames(site="/opt/conda/lib/python3.10/site-packages/torch/lib"):
    return [
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f6b2e16c446 in {site}/libc10.so)",
        f"frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f6b2e1156e4 in {site}/libc10.so)",
        f"frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f6b2e2c9a18 in {site}/libc10_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f6ad8e4f726 in {site}/libtorch_cuda.so)",
        f"frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f6ad8e543f0 in {site}/libtorch_cuda.so)",
        f"frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f6ad8e5b15a in {site}/libtorch_cuda.so)",
        f"frame #6: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f6ad8e5cb9d in {site}/libtorch_cuda.so)",
        "frame #7: <unknown function> + 0xdc253 (0x7f6b2ecb0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #8: <unknown function> + 0x94ac3 (0x7f6b2f8d2ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #9: clone + 0x44 (0x7f6b2f963a04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]


# ============================================================ bj01 Xid 79


def bj01() -> Case:
    rng = random.Random(6501)
    hosts = ["gpu-a07", "gpu-a08", "gpu-a11", "gpu-a12"]
    ips = {h: f"10.44.3.{int(h[-2:])}" for h in hosts}
    base = dt.datetime(2024, 11, 4, 2, 10, 0, tzinfo=UTC)
    tf = at(base, 16277.31)  # 06:41:17.31 PCIe surprise down on gpu-a11
    c = Case(
        "bj01_fsdp_run_dies_unspecified_launch_failure",
        label(
            "gpu_hardware",
            "infrastructure",
            "gpu-a11",
            20,
            "restart_without_node",
            "gpu-a11 logged a fatal PCIe AER error and Xid 79 (GPU 0000:9a:00 fell off the bus) one second before rank 20 "
            "(local GPU 4) died with 'unspecified launch failure'; the peer IB error and watchdog timeouts elsewhere are sympathetic.",
            "https://github.com/rwth-i6/returnn/issues/1486",
        ),
    )
    seq_fail = 10411
    for ni, h in enumerate(hosts):
        log = Log()
        apid = 31801 + ni * 7
        pids = [apid + 72 + i for i in range(8)]
        log.add(base, torchrun_banner(base, 4, 8, "gpu-a07:29500", "fsdp-884512"))
        log.add(at(base, 21), nccl_init(h, pids[0], ni * 8, 8, 32, ips[h], rng, channels=4))
        if ni == 0:
            for k in range(0, 5200, 50):
                t = at(base, 40 + k * 3.118)
                if t >= tf:
                    break
                log.add(
                    t,
                    f"{pyts(t)} INFO train.py:311 [rank0] step {k + 1:>5d} | loss {3.9 * 0.9993**k + 1.71:.4f} | lr {3e-4 * min(1, (k + 1) / 500):.3e} | grad_norm {0.42 + rng.random() * 0.3:.3f} | {3.10 + rng.random() * 0.04:.2f} s/step | mem 61.4GiB",
                )
            tc = at(base, 3600 * 3 + 12)
            log.add(
                tc,
                [
                    f"{pyts(tc)} INFO checkpoint.py:88 [rank0] saving sharded checkpoint step 3450 -> /lustre/proj/llm7b/ckpt/step_3450",
                    f"{pyts(at(tc, 41))} INFO checkpoint.py:97 [rank0] checkpoint step 3450 saved in 41.2s",
                ],
            )
        if h == "gpu-a11":
            t1 = at(tf, 0.61)
            g = glog(t1, "E", nanos=True)
            log.add(
                t1,
                [
                    f"[rank20]:[{g} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank 20] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure",
                    *CUDA_TAIL,
                    "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
                    *cuda_frames(),
                    "terminate called after throwing an instance of 'c10::DistBackendError'",
                    "  what():  [PG ID 0 PG GUID 0(default_pg) Rank 20] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure",
                    *CUDA_TAIL,
                ],
            )
            t2 = at(tf, 2.4)
            log.add(t2, sigterm_lines(t2, apid, pids, skip=4))
            t3 = at(tf, 3.1)
            log.add(
                t3,
                agent_line(
                    t3,
                    "E",
                    apid,
                    "multiprocessing/api.py:869",
                    f"failed (exitcode: -6) local_rank: 4 (pid: {pids[4]}) of binary: /opt/conda/bin/python3.10",
                ),
            )
            fails = [(20, 4, -6, pids[4], f"Signal 6 (SIGABRT) received by PID {pids[4]}")] + [
                (16 + i, i, -15, pids[i], f"Signal 15 (SIGTERM) received by PID {pids[i]}")
                for i in range(8)
                if i != 4
            ]
            log.add(
                at(t3, 0.2),
                child_failed(t3, h, fails, torch_site="/opt/conda/lib/python3.10/site-packages"),
            )
        else:
            if h == "gpu-a12":
                tp = at(tf, 27.8)
                log.add(
                    tp,
                    [
                        f"{h}:{pids[0]}:{pids[0] + 61} [0] transport/net_ib.cc:1692 NCCL WARN NET/IB : Got completion from peer {ips['gpu-a11']}<48211> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips['gpu-a11']}",
                        f"{h}:{pids[0]}:{pids[0] + 61} [0] NCCL INFO transport/net.cc:1336 -> 6",
                        f"{h}:{pids[0]}:{pids[0] + 61} [0] NCCL INFO proxy.cc:698 -> 6",
                        f"{h}:{pids[0]}:{pids[0] + 61} [0] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
                    ],
                )
            tw = at(tf, 600.9 + ni * 0.05)
            for lr in range(8):
                r = ni * 8 + lr
                log.add(
                    at(tw, lr * 0.003),
                    watchdog_timeout(
                        at(tw, lr * 0.003), r, seq_fail, "_REDUCE_SCATTER_BASE", 262144000, 8192000
                    ),
                )
            log.add(
                at(tw, 0.2),
                watchdog_terminate(
                    ni * 8,
                    f"Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq_fail}, OpType=_REDUCE_SCATTER_BASE, NumelIn=262144000, NumelOut=8192000, Timeout(ms)=600000) ran for 600017 milliseconds before timing out.",
                ),
            )
            t3 = at(tw, 1.6)
            log.add(
                t3,
                agent_line(
                    t3,
                    "E",
                    apid,
                    "multiprocessing/api.py:869",
                    f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /opt/conda/bin/python3.10",
                ),
            )
            fails = [(ni * 8, 0, -6, pids[0], f"Signal 6 (SIGABRT) received by PID {pids[0]}")] + [
                (ni * 8 + i, i, -6, pids[i], f"Signal 6 (SIGABRT) received by PID {pids[i]}")
                for i in range(1, 8)
            ]
            log.add(
                at(t3, 0.2),
                child_failed(t3, h, fails, torch_site="/opt/conda/lib/python3.10/site-packages"),
            )
        c.put(f"{h}/torchrun.log", log)
        # dmesg -T
        boot = dt.datetime(2024, 10, 28, 17, 3, 12, tzinfo=UTC) + dt.timedelta(minutes=ni * 3)
        d = Log()
        d.add(boot, dmesg_boot_noise(lambda o, b=boot: dmesg_T(at(b, o)), rng, h))
        if h == "gpu-a08":
            tx = dt.datetime(2024, 11, 3, 23, 52, 40, tzinfo=UTC)
            d.add(
                tx,
                f"{dmesg_T(tx)} NVRM: Xid (PCI:0000:2a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000a13f2) marked for remapping, reset gpu to activate.",
            )
        if h == "gpu-a11":
            a = at(tf, -0.002)
            d.add(
                a,
                [
                    f"{dmesg_T(a)} pcieport 0000:97:01.0: AER: Uncorrected (Fatal) error received: 0000:97:01.0",
                    f"{dmesg_T(a)} pcieport 0000:97:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)",
                    f"{dmesg_T(a)} pcieport 0000:97:01.0:   device [8086:352a] error status/mask=00000020/00000000",
                    f"{dmesg_T(a)} pcieport 0000:97:01.0:    [ 5] SDES                   (First)",
                    f"{dmesg_T(tf)} NVRM: Xid (PCI:0000:9a:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
                    f"{dmesg_T(tf)} NVRM: GPU 0000:9a:00.0: GPU has fallen off the bus.",
                    f"{dmesg_T(tf)} NVRM: GPU 0000:9a:00.0: GPU serial number is 1654922031284.",
                    f"{dmesg_T(tf)} NVRM: A GPU crash dump has been created. If possible, please run",
                    f"{dmesg_T(tf)} NVRM: nvidia-bug-report.sh as root to collect this data before",
                    f"{dmesg_T(tf)} NVRM: the NVIDIA kernel module is unloaded.",
                ],
            )
            b = at(tf, 1.9)
            d.add(
                b,
                f"{dmesg_T(b)} NVRM: Xid (PCI:0000:9a:00): 45, pid={31801 + ni * 7 + 72 + 4}, name=python3.10, Ch 00000008",
            )
            e = at(tf, 4.0)
            d.add(e, f"{dmesg_T(e)} pcieport 0000:97:01.0: AER: device recovery failed")
        td = at(tf, 603 + ni)
        d.add(
            td,
            f"{dmesg_T(td)} python3.10[{31801 + ni * 7 + 72}]: segfault at 0 ip 00007f6b2f8d7e2c sp 00007f69aa7fb7e0 error 4 in libc.so.6[7f6b2f828000+195000]"
            if h == "gpu-a08"
            else f'{dmesg_T(td)} audit: type=1400 audit(1730703000.112:{812 + ni}): apparmor="DENIED" operation="open" profile="snap.lxd.activate" name="/proc/cmdline" pid=99{ni}1 comm="lxd"',
        )
        c.put(f"{h}/dmesg_T.txt", d)
    # post-mortem nvidia-smi on gpu-a11 (epilog)
    pm = at(tf, 612)
    gpus = [
        dict(
            name="NVIDIA H100 80GB HBM3",
            bus=f"00000000:{b.upper()[:2]}:00.0",
            temp=31 + i,
            perf="P0",
            pwr=f"{69 + i}",
            cap=700,
            mem_used=4,
            mem_tot=81559,
            util=0,
        )
        for i, b in enumerate(["18", "2a", "3a", "5d", "ab", "ba", "db"])
    ]
    smi = [
        "# epilog: nvidia-smi (slurm epilog, job 884512)",
        "Unable to determine the device handle for GPU0000:9A:00.0: Unknown Error",
        *nvidia_smi_table(f"{pm:%a %b %d %H:%M:%S %Y}", "550.90.07", "12.4", gpus),
    ]
    c.put("gpu-a11/epilog_nvidia-smi.txt", smi)
    c.put(
        "sacct_884512.txt",
        [
            "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode NodeList",
            "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------------",
            "884512        llm7b-fsdp       h100     nlp-lm        384     FAILED      1:0 gpu-a[07-08,11-12]",
            "884512.batch      batch                nlp-lm         96     FAILED      1:0 gpu-a07",
            "884512.0       torchrun                nlp-lm        384     FAILED      1:0 gpu-a[07-08,11-12]",
        ],
    )
    return c


# ============================================================ bj02 NaN following a node


def bj02() -> Case:
    rng = random.Random(6502)
    c = Case(
        "bj02_loss_nan_again_after_each_resubmit",
        label(
            "gpu_hardware",
            "infrastructure",
            "hgx-r3-14",
            13,
            "restart_without_node",
            "Three attempts on three different node sets diverge at different iterations, and each time the first NaN grad norm "
            "is reported by rank 13 on hgx-r3-14 (Device 5); the only constant across attempts is that node, so its GPU is corrupting data.",
            "https://github.com/microsoft/dion/issues/76",
        ),
    )
    attempts = [
        (
            ["hgx-r3-11", "hgx-r3-14", "hgx-r3-15", "hgx-r3-16"],
            dt.datetime(2025, 3, 18, 20, 4, 0, tzinfo=UTC),
            2811,
        ),
        (
            ["hgx-r3-09", "hgx-r3-14", "hgx-r4-02", "hgx-r4-03"],
            dt.datetime(2025, 3, 19, 1, 31, 0, tzinfo=UTC),
            941,
        ),
        (
            ["hgx-r2-07", "hgx-r3-14", "hgx-r4-05", "hgx-r4-06"],
            dt.datetime(2025, 3, 19, 9, 12, 0, tzinfo=UTC),
            1733,
        ),
    ]
    for ai, (hosts, base, nan_it) in enumerate(attempts):
        resume = 0 if ai == 0 else 2500
        # the bad node always sorts as node_rank 1 in these allocations
        for ni, h in enumerate(hosts):
            log = Log()
            lr_arg = "3.0e-4" if ai == 0 else "2.0e-4"
            log.add(
                base,
                [
                    f"[launcher] host={h} node_rank={ni} nnodes=4 MASTER_ADDR={hosts[0]} SLURM_JOB_ID={771203 + ai}",
                    f"[launcher] python pretrain_gpt.py --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --micro-batch-size 2 --global-batch-size 512 --lr {lr_arg} --min-lr 2.0e-5 --bf16 --seed 1234 --load /ckpt/gpt13b --save /ckpt/gpt13b --save-interval 500",
                ],
            )
            if ni == 0:
                log.add(
                    at(base, 31),
                    [
                        f" > loading checkpoint from /ckpt/gpt13b at iteration {resume}"
                        if resume
                        else " > no checkpoint found at /ckpt/gpt13b, starting from scratch",
                        f"  successfully loaded checkpoint from /ckpt/gpt13b [ t 1/2, p 1/1 ] at iteration {resume}"
                        if resume
                        else " > building GPT model ...",
                        "[after model, optimizer, and learning rate scheduler are built] datetime: "
                        + f"{at(base, 58):%Y-%m-%d %H:%M:%S}",
                        "training ...",
                    ],
                )
                for it in range(resume + 10, resume + nan_it, 10):
                    t = at(base, 70 + (it - resume) * 2.41)
                    log.add(
                        t,
                        megatron_iter(
                            t,
                            it,
                            200000,
                            2410 + rng.random() * 30,
                            (3.0e-4 if ai == 0 else 2.0e-4) * min(1.0, it / 2000),
                            512,
                            2.6 + 5.0 * 0.9995**it + rng.random() * 0.05,
                            0.8 + rng.random() * 0.6,
                        ),
                    )
            if h == "hgx-r3-14":
                t = at(base, 70 + nan_it * 2.41 + 1.1)
                r = 13
                log.add(
                    t,
                    [
                        f"[rank{r}]: Traceback (most recent call last):",
                        f'[rank{r}]:   File "/workspace/megatron/pretrain_gpt.py", line 281, in <module>',
                        f"[rank{r}]:     pretrain(",
                        f'[rank{r}]:   File "/workspace/megatron/megatron/training/training.py", line 386, in pretrain',
                        f"[rank{r}]:     iteration, num_floating_point_operations_so_far = train(",
                        f'[rank{r}]:   File "/workspace/megatron/megatron/training/training.py", line 1417, in train',
                        f"[rank{r}]:     train_step(forward_step_func,",
                        f'[rank{r}]:   File "/workspace/megatron/megatron/core/distributed/param_and_grad_buffer.py", line 142, in check_for_nan_in_grad',
                        f"[rank{r}]:     assert not norm_is_nan, (",
                        f"[rank{r}]: AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 5, node: {h}",
                    ],
                )
                te = at(t, 3.2)
                log.add(
                    te,
                    [
                        f"srun: error: {h}: task 13: Exited with exit code 1",
                        "srun: launch/slurm: _step_signal: Terminating StepId="
                        + f"{771203 + ai}.0",
                    ],
                )
            else:
                te = at(base, 70 + nan_it * 2.41 + 4.9)
                log.add(
                    te,
                    [
                        f"slurmstepd: error: *** STEP {771203 + ai}.0 ON {h} CANCELLED AT {te:%Y-%m-%dT%H:%M:%S} ***"
                    ],
                )
            c.put(f"attempt_{ai}/{h}/megatron_{771203 + ai}.out", log)
        # diagnostic run collected between attempts on the culprit
        if ai == 1:
            boot = dt.datetime(2025, 3, 11, 6, 0, 0, tzinfo=UTC)
            d = Log()
            d.add(boot, dmesg_boot_noise(lambda o, b=boot: uptime(b, at(b, o)), rng, "hgx-r3-14"))
            t = at(base, 4000)
            d.add(
                t,
                f"{uptime(boot, t)} nvidia-fs: Nvidia GPUDirect Storage driver: Nvidia device memory alloc for 0000:9a:00.0",
            )
            c.put(f"attempt_{ai}/hgx-r3-14/dmesg.txt", d)
    # sacct history across attempts
    c.put(
        "sacct_history.txt",
        [
            "JobID           JobName      State ExitCode               Start                 End NodeList",
            "------------ ---------- ---------- -------- ------------------- ------------------- ------------------------------",
            "771203       gpt13b-pt     FAILED      1:0 2025-03-18T20:04:00 2025-03-18T22:00:54 hgx-r3-[11,14-16]",
            "771204       gpt13b-pt     FAILED      1:0 2025-03-19T01:31:00 2025-03-19T02:09:09 hgx-r3-[09,14],hgx-r4-[02-03]",
            "771205       gpt13b-pt     FAILED      1:0 2025-03-19T09:12:00 2025-03-19T10:22:53 hgx-r2-07,hgx-r3-14,hgx-r4-[05-06]",
        ],
    )
    c.put(
        "notes_from_user.txt",
        [
            "lowered lr 3e-4 -> 2e-4 after the first NaN, resubmitted. NaN again at a different iteration.",
            "third try: different nodes again (scheduler picked them). same story.",
            "data order is deterministic (seed 1234) and resumes from iteration 2500, yet NaN iterations differ: 2811, 3441, 4233.",
        ],
    )
    return c


# ============================================================ bj03 repeated uncorrectable ECC, no remap info


def bj03() -> Case:
    rng = random.Random(6503)
    hosts = ["dgk709", "dgk711", "dgk713", "dgk714"]
    base = dt.datetime(2024, 5, 2, 14, 0, 0, tzinfo=tz(1))  # BST
    c = Case(
        "bj03_repeated_ecc_crash_same_job_array",
        label(
            "gpu_memory",
            "infrastructure",
            "dgk713",
            10,
            "restart_without_node",
            "Rank 10 on dgk713 hit 'uncorrectable ECC error encountered' (Xid 48 double-bit ECC on 0000:3a:00 in its kernel log) and "
            "earlier jobs on the same node failed identically; no nvidia-smi report shows the page retired, so the node must be drained.",
            "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194",
        ),
    )
    tf = at(base, 7431.2)
    for ni, h in enumerate(hosts):
        log = Log()
        log.add(
            base,
            [
                f"{pyts(base)} - INFO - lightning.fabric.utilities.distributed - Initializing distributed: GLOBAL_RANK: {ni * 4}, MEMBER: {ni * 4 + 1}/16"
            ],
        )
        if ni == 0:
            log.add(
                at(base, 30),
                [
                    "----------------------------------------------------------------------------------------------------",
                    "distributed_backend=nccl",
                    "All distributed processes registered. Starting with 16 processes",
                    "----------------------------------------------------------------------------------------------------",
                    "",
                ],
            )
            for k in range(1, 2400, 25):
                t = at(base, 60 + k * 3.07)
                if t > tf:
                    break
                log.add(
                    t,
                    "Epoch 3:  "
                    + tqdm_bar(
                        k,
                        6250,
                        k * 3.07,
                        3.07,
                        f"v_num=632651, train_loss={0.61 - k * 0.00002 + rng.random() * 0.02:.3f}",
                    ),
                )
        if h == "dgk713":
            t = at(tf, 0.4)
            log.add(
                t,
                [
                    "[rank10]: Traceback (most recent call last):",
                    '[rank10]:   File "/home/pdarke/proj/train.py", line 212, in <module>',
                    '[rank10]:     trainer.fit(model, datamodule=dm, ckpt_path="last")',
                    '[rank10]:   File "/home/pdarke/.conda/envs/pl/lib/python3.11/site-packages/lightning/pytorch/loops/optimization/automatic.py", line 318, in _training_step',
                    '[rank10]:     training_step_output = call._call_strategy_hook(trainer, "training_step", *kwargs.values())',
                    '[rank10]:   File "/home/pdarke/proj/model.py", line 98, in training_step',
                    '[rank10]:     loss = F.mse_loss(pred, batch["y"])',
                    "[rank10]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                    "[rank10]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    "[rank10]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                    "[rank10]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                    "",
                ],
            )
            log.add(at(t, 1.8), [f"srun: error: {h}: task 10: Exited with exit code 1"])
        else:
            tw = at(tf, 1800.4 + ni * 0.1)
            for lr in range(4):
                r = ni * 4 + lr
                log.add(
                    at(tw, lr * 0.004),
                    watchdog_timeout(
                        at(tw, lr * 0.004), r, 88123, "ALLREDUCE", 11032577, timeout_ms=1800000
                    ),
                )
            log.add(at(tw, 2), [f"srun: error: {h}: task {ni * 4}: Aborted (core dumped)"])
        c.put(f"{h}/slurm-633311.{h}.out", log)
        boot = dt.datetime(2024, 4, 29, 9, 11, 0, tzinfo=tz(1)) + dt.timedelta(hours=ni)
        d = Log()
        d.add(boot, dmesg_boot_noise(lambda o, b=boot: uptime(b, at(b, o)), rng, h))
        if h == "dgk713":
            for j, (day, hh) in enumerate([(30, 10), (1, 3), (1, 16)]):
                tp = dt.datetime(2024, 4 if day == 30 else 5, day, hh, 17 + j, 9, tzinfo=tz(1))
                d.add(
                    tp,
                    [
                        f"{uptime(boot, tp)} NVRM: Xid (PCI:0000:3a:00): 48, pid=2{j}7741, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 0.",
                        f"{uptime(boot, at(tp, 0.01))} NVRM: Xid (PCI:0000:3a:00): 45, pid=2{j}7741, name=python, Ch 00000010",
                    ],
                )
            d.add(
                tf,
                [
                    f"{uptime(boot, tf)} NVRM: Xid (PCI:0000:3a:00): 48, pid=301544, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 0.",
                    f"{uptime(boot, at(tf, 0.02))} NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000003e7c10) marked for remapping, reset gpu to activate.",
                    f"{uptime(boot, at(tf, 0.3))} NVRM: Xid (PCI:0000:3a:00): 45, pid=301544, name=python, Ch 00000018",
                ],
            )
        if h == "dgk709":
            tc = at(base, -3600 * 5)
            d.add(
                tc,
                f"{uptime(boot, tc)} EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x14c08e offset:0x340 grain:32 syndrome:0x0 - area:DRAM err_code:0000:009f socket:0 imc:0 rank:0 bg:2 ba:1 row:1a37 col:3e8)",
            )
        c.put(f"{h}/kern.log", d)
    c.put(
        "sacct_recent_pdarke.txt",
        [
            "JobID           JobName      State ExitCode NodeList",
            "------------ ---------- ---------- -------- ----------------",
            "632651         ddp-unet     FAILED      1:0 dgk[701,713]",
            "632652         ddp-unet     FAILED      1:0 dgk[713,720]",
            "632653         ddp-unet     FAILED      1:0 dgk[713-714]",
            "632990         ddp-unet  COMPLETED      0:0 dgk[702-703]",
            "633026         ddp-unet     FAILED      1:0 dgk[710,713]",
            "633311         ddp-unet     FAILED      1:0 dgk[709,711,713-714]",
        ],
    )
    return c


# ============================================================ bj04 Xid 94 contained, remapped


def bj04() -> Case:
    rng = random.Random(6504)
    hosts = [f"jean-zay-iam{n:02d}" for n in (31, 32, 33, 34, 35, 36, 37, 38)]
    {h: f"10.148.7.{100 + i}" for i, h in enumerate(hosts)}
    base = dt.datetime(2021, 8, 11, 21, 0, 0, tzinfo=tz(2))
    tf = at(base, 24412.7)
    c = Case(
        "bj04_ecc_error_traceback_without_hostname",
        label(
            "gpu_memory",
            "infrastructure",
            "jean-zay-iam36",
            43,
            "restart",
            "The combined srun log shows 'cudaErrorECCUncorrectable' without a host; task 43 maps to jean-zay-iam36, whose kernel log "
            "has Xid 94 (contained ECC) at that moment, and the post-job nvidia-smi -q shows the row remapped with nothing pending, so "
            "the node is usable again and a plain restart is right.",
            "https://github.com/pytorch/pytorch/issues/63174",
        ),
    )
    log = Log()
    log.add(
        base,
        [
            f"+ srun --label --ntasks-per-node=8 python -u pretrain_gpt.py (job 1271109, {len(hosts)} nodes)"
        ],
    )
    for ni, _h in enumerate(hosts):
        for lr in range(8):
            r = ni * 8 + lr
            log.add(
                at(base, 12 + r * 0.01),
                f"{r}: using world size: 64, data-parallel-size: 8, tensor-model-parallel size: 4, pipeline-model-parallel size: 2 ",
            )
    for it in range(10, 3000, 10):
        t = at(base, 80 + it * 8.1)
        if t > tf:
            break
        log.add(
            t,
            "0:"
            + megatron_iter(
                t,
                it + 30000,
                300000,
                8100 + rng.random() * 90,
                6e-5,
                1024,
                2.31 + rng.random() * 0.03,
                0.24 + rng.random() * 0.05,
                scale="4096.0",
            ),
        )
    t = at(tf, 0.7)
    tb = [
        "Traceback (most recent call last):",
        '  File "/gpfswork/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed/pretrain_gpt.py", line 222, in <module>',
        "    pretrain(train_valid_test_datasets_provider, model_provider, forward_step,",
        '  File "/gpfswork/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed/megatron/training.py", line 144, in pretrain',
        "    iteration = train(forward_step_func,",
        '  File "/gpfswork/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed/megatron/training.py", line 675, in train',
        "    train_step(forward_step_func,",
        '  File "/gpfswork/rech/six/commun/conda/tr1-13B/lib/python3.8/site-packages/torch/autograd/__init__.py", line 145, in backward',
        "    Variable._execution_engine.run_backward(",
        "RuntimeError: transform: failed to synchronize: cudaErrorECCUncorrectable: uncorrectable ECC error encountered",
        "terminate called after throwing an instance of 'c10::Error'",
        "  what():  CUDA error: uncorrectable ECC error encountered",
        "Exception raised from create_event_internal at /opt/conda/conda-bld/pytorch_1616554793803/work/c10/cuda/CUDACachingAllocator.cpp:733 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x42 (0x1500fb4d42f2 in /gpfswork/rech/six/commun/conda/tr1-13B/lib/python3.8/site-packages/torch/lib/libc10.so)",
        "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x5b (0x1500fb4d167b in /gpfswork/rech/six/commun/conda/tr1-13B/lib/python3.8/site-packages/torch/lib/libc10.so)",
    ]
    log.add(t, ["43: " + x for x in tb])
    log.add(
        at(t, 2.2),
        [
            "srun: error: jean-zay-iam36: task 43: Aborted (core dumped)",
            "srun: launch/slurm: _step_signal: Terminating StepId=1271109.0",
            "slurmstepd: error: *** STEP 1271109.0 ON jean-zay-iam31 CANCELLED AT "
            + f"{at(t, 2.5):%Y-%m-%dT%H:%M:%S} ***",
        ],
    )
    for ni, h in enumerate(hosts):
        if h != "jean-zay-iam36":
            log.add(
                at(t, 3.0 + ni * 0.01), f"srun: error: {h}: tasks {ni * 8}-{ni * 8 + 7}: Terminated"
            )
    c.put("tr1-13B-round2_1271109.out", log)
    c.put(
        "task_layout_1271109.txt",
        [
            "# scontrol show job -d 1271109 (excerpt) / srun --label task layout, block distribution",
        ]
        + [
            f"  Nodes={h} CPU_IDs=0-39 Mem=0 GRES=gpu:8(IDX:0-7)  tasks {i * 8}-{i * 8 + 7}"
            for i, h in enumerate(hosts)
        ],
    )
    for ni, h in enumerate(hosts):
        dt.datetime(2021, 8, 2, 8, 0, 0, tzinfo=tz(2))
        d = Log()
        if h == "jean-zay-iam36":
            d.add(
                at(tf, -0.05),
                [
                    f"{syslog(at(tf, -0.05))} {h} kernel: NVRM: Xid (PCI:0000:5d:00): 94, pid=188210, name=python, Contained: SM (0x1). RST: No, D-RST: No",
                    f"{syslog(tf)} {h} kernel: NVRM: Xid (PCI:0000:5d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000002a611) marked for remapping, reset gpu to activate.",
                ],
            )
        if h == "jean-zay-iam33":
            tt = at(base, 9100)
            d.add(
                tt,
                f"{syslog(tt)} {h} kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f1a2 offset:0x7c0 grain:32 syndrome:0x0 - area:DRAM err_code:0000:009f socket:1 imc:0 rank:1 bg:0 ba:3 row:5b21 col:1f0)",
            )
        tn = at(base, 300 + ni)
        d.add(
            tn,
            f"{syslog(tn)} {h} kernel: IPv4: martian source 10.148.255.255 from 10.148.7.{100 + ni}, on dev ib0",
        )
        d.add(
            at(base, -60),
            f"{syslog(at(base, -60))} {h} slurmd[2101]: slurmd: launch task StepId=1271109.0 request from UID:301204 GID:301000 HOST:10.148.0.2 PORT:52118",
        )
        c.put(f"{h}/messages", d)
    pm = at(tf, 900)
    c.put(
        "jean-zay-iam36/nvidia-smi-q_gpu3_after_reset.txt",
        [
            "==============NVSMI LOG==============",
            "",
            f"Timestamp                                 : {pm:%a %b %d %H:%M:%S %Y}",
            "Driver Version                            : 470.57.02",
            "CUDA Version                              : 11.4",
            "",
            "Attached GPUs                             : 8",
            "GPU 00000000:5D:00.0",
            "    Product Name                          : NVIDIA A100-SXM4-80GB",
            "    Ecc Mode",
            "        Current                           : Enabled",
            "        Pending                           : Enabled",
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : 0",
            "        Aggregate",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : 3",
            "            DRAM Uncorrectable            : 1",
            "    Retired Pages",
            "        Single Bit ECC                    : N/A",
            "        Double Bit ECC                    : N/A",
            "        Pending Page Blacklist            : N/A",
            "    Remapped Rows",
            "        Correctable Error                 : 0",
            "        Uncorrectable Error               : 1",
            "        Pending                           : No",
            "        Remapping Failure Occurred        : No",
            "        Bank Remap Availability Histogram",
            "            Max                           : 639 bank(s)",
            "            High                          : 1 bank(s)",
            "            Partial                       : 0 bank(s)",
            "            Low                           : 0 bank(s)",
            "            None                          : 0 bank(s)",
        ],
    )
    c.put(
        "jean-zay-iam36/gpu_reset.log",
        [
            f"{iso(at(tf, 610))} healthcheck[4410]: drain reason 'xid94 gpu3' set by nhc",
            f"{iso(at(tf, 640))} healthcheck[4410]: nvidia-smi -r -i 3: GPU 00000000:5D:00.0 was successfully reset.",
            f"{iso(at(tf, 700))} healthcheck[4410]: dcgmi diag -r 2 -i 3: Deployment PASS, Hardware PASS (Memory PASS, Diagnostic PASS)",
            f"{iso(at(tf, 702))} healthcheck[4410]: node resumed (scontrol update nodename=jean-zay-iam36 state=resume)",
        ],
    )
    return c


# ============================================================ bj05 NVLink Xid 74


def bj05() -> Case:
    rng = random.Random(6505)
    hosts = ["taurusi8030", "taurusi8031", "taurusi8032"]
    ips = {h: f"172.24.80.{30 + i}" for i, h in enumerate(hosts)}
    base = dt.datetime(2021, 5, 12, 10, 2, 0, tzinfo=tz(2))
    tf = at(base, 3702.5)
    c = Case(
        "bj05_nvlink_error_in_backward",
        label(
            "nvlink",
            "infrastructure",
            "taurusi8031",
            5,
            "restart_without_node",
            "taurusi8031 logged Xid 74 (NVLink error) on GPU 0000:3b:00 and rank 5 on that GPU raised 'uncorrectable NVLink error "
            "detected during the execution' first; the 'Cuda failure' on rank 4 of the same node and the other nodes' timeouts follow from it.",
            "https://github.com/pytorch/pytorch/issues/58155",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        pid0 = 124031 + ni * 100
        log.add(base, torchrun_banner(base, 3, 4, "taurusi8030:29400", "58155", style="old"))
        log.add(
            at(base, 8),
            nccl_init(
                h,
                pid0,
                ni * 4,
                4,
                12,
                ips[h],
                rng,
                version="2.7.8+cuda11.0",
                ifname="ib0",
                hcas=("mlx5_0",),
                channels=8,
                plugin_line=False,
            ),
        )
        if ni == 0:
            for k in range(1, 1200, 20):
                t = at(base, 20 + k * 3.05)
                if t > tf:
                    break
                log.add(
                    t,
                    f"Epoch {k // 400}  iter {k:5d}/1200  loss {1.4 - k * 0.0004 + rng.random() * 0.02:.4f}  top1 {61 + k * 0.01:.2f}  ({3.05 + rng.random() * 0.02:.2f}s/it)",
                )
        if h == "taurusi8031":
            t = at(tf, 0.3)
            log.add(
                t,
                [
                    "[train_dist] rank=5 local_rank=1 device=cuda:1 caught exception in step 1203, aborting",
                    "Traceback (most recent call last):",
                    '  File "/scratch/ws/imagenet/train_dist.py", line 418, in <module>',
                    "    main()",
                    '  File "/scratch/ws/imagenet/train_dist.py", line 301, in train',
                    "    loss.backward()",
                    '  File "/sw/installed/PyTorch/1.8.1-fosscuda-2020b/lib/python3.8/site-packages/torch/tensor.py", line 245, in backward',
                    "    torch.autograd.backward(self, gradient, retain_graph, create_graph, inputs=inputs)",
                    '  File "/sw/installed/PyTorch/1.8.1-fosscuda-2020b/lib/python3.8/site-packages/torch/autograd/__init__.py", line 145, in backward',
                    "    Variable._execution_engine.run_backward(",
                    "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
                    f"{h}:{pid0 + 0}:{pid0 + 80} [0] include/alloc.h:48 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'",
                    f"{h}:{pid0 + 0}:{pid0 + 80} [0] NCCL INFO enqueue.cc:215 -> 1",
                    "[train_dist] rank=4 local_rank=0 device=cuda:0 caught exception in step 1203, aborting",
                    "Traceback (most recent call last):",
                    '  File "/scratch/ws/imagenet/train_dist.py", line 301, in train',
                    "    loss.backward()",
                    "RuntimeError: NCCL error in: /dev/shm/PyTorch/1.8.1/pytorch-1.8.1/torch/lib/c10d/ProcessGroupNCCL.cpp:825, unhandled cuda error, NCCL version 2.7.8",
                    "ncclUnhandledCudaError: Call to CUDA function failed.",
                ],
            )
            t2 = at(tf, 2.0)
            log.add(
                t2,
                [
                    f"Killing subprocess {pid0 + 2}",
                    f"Killing subprocess {pid0 + 3}",
                    "Traceback (most recent call last):",
                    '  File "/sw/installed/PyTorch/1.8.1-fosscuda-2020b/lib/python3.8/site-packages/torch/distributed/launch.py", line 340, in <module>',
                    "    main()",
                    '  File "/sw/installed/PyTorch/1.8.1-fosscuda-2020b/lib/python3.8/site-packages/torch/distributed/launch.py", line 326, in main',
                    "    sigkill_handler(signal.SIGTERM, None)  # not coming back",
                    '  File "/sw/installed/PyTorch/1.8.1-fosscuda-2020b/lib/python3.8/site-packages/torch/distributed/launch.py", line 301, in sigkill_handler',
                    "    raise subprocess.CalledProcessError(returncode=last_return_code, cmd=cmd)",
                    "subprocess.CalledProcessError: Command '['/sw/installed/Python/3.8.6/bin/python', '-u', 'train_dist.py', '--local_rank=1']' returned non-zero exit status 1.",
                ],
            )
        else:
            tw = at(tf, 1800.6 + ni * 0.2)
            for lr in range(4):
                r = ni * 4 + lr
                log.add(
                    at(tw, lr * 0.01),
                    [
                        f"[E ProcessGroupNCCL.cpp:566] [Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800{rng.randint(100, 999)} milliseconds before timing out."
                    ],
                )
            log.add(
                at(tw, 0.5),
                [
                    "[E ProcessGroupNCCL.cpp:325] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. To avoid this inconsistency, we are taking the entire process down."
                ],
            )
        c.put(f"{h}/job-21991744.{h}.log", log)
        boot = dt.datetime(2021, 5, 3, 7, 40, 0, tzinfo=tz(2))
        d = Log()
        d.add(boot, dmesg_boot_noise(lambda o, b=boot: dmesg_T(at(b, o)), rng, h))
        if h == "taurusi8031":
            d.add(
                at(tf, -0.01),
                [
                    f"{dmesg_T(tf)} NVRM: Xid (PCI:0000:3b:00): 74, pid=124132, NVLink: fatal error detected on link 2(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
                    f"{dmesg_T(tf)} NVRM: Xid (PCI:0000:11:00): 74, pid=124131, NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
                    f"{dmesg_T(at(tf, 0.2))} NVRM: Xid (PCI:0000:3b:00): 45, pid=124132, Ch 00000020, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f8a_4a000000.",
                ],
            )
        if h == "taurusi8032":
            tt = at(base, 60)
            d.add(
                tt,
                f"{dmesg_T(tt)} NVRM: Xid (PCI:0000:61:00): 63, pid='<unknown>', name=<unknown>, Dynamic Page Retirement: New page retired, reboot to activate (0x00000000001a3f22).",
            )
        c.put(f"{h}/dmesg.txt", d)
    c.put(
        "taurusi8031/nvlink_status_after.txt",
        [
            "$ nvidia-smi nvlink -s -i 1",
            "GPU 1: A100-SXM4-40GB (UUID: GPU-6c9f1e1a-22f7-0d3b-8c48-1b0f7f2ba9e0)",
            "\t Link 0: 25 GB/s",
            "\t Link 1: 25 GB/s",
            "\t Link 2: <inactive>",
            "\t Link 3: 25 GB/s",
            "\t Link 4: 25 GB/s",
            "\t Link 5: 25 GB/s",
            "\t Link 6: 25 GB/s",
            "\t Link 7: 25 GB/s",
            "\t Link 8: 25 GB/s",
            "\t Link 9: 25 GB/s",
            "\t Link 10: 25 GB/s",
            "\t Link 11: 25 GB/s",
            "$ nvidia-smi nvlink -e -i 1 | grep -v ': 0$'",
            "GPU 1: A100-SXM4-40GB (UUID: GPU-6c9f1e1a-22f7-0d3b-8c48-1b0f7f2ba9e0)",
            "\t Link 2: Replay Errors: 1742",
            "\t Link 2: Recovery Errors: 31",
            "\t Link 2: CRC Errors: 90311",
            "$ nvidia-smi topo -m | head -3",
            "\tGPU0\tGPU1\tGPU2\tGPU3\tmlx5_0\tCPU Affinity\tNUMA Affinity",
            "GPU0\t X \tNV4\tNV4\tNV4\tSYS\t0-23\t0",
            "GPU1\tNV4\t X \tNV4\tNV4\tSYS\t0-23\t0",
            "# bus map: GPU0=0000:11:00.0 GPU1=0000:3b:00.0 GPU2=0000:8b:00.0 GPU3=0000:b6:00.0",
        ],
    )
    return c


# ============================================================ bj06 IB completion error, accuser vs accused


def bj06() -> Case:
    rng = random.Random(6506)
    hosts = ["h800-node05", "h800-node06", "h800-node09", "h800-node12"]
    ips = {
        "h800-node05": "29.87.4.221",
        "h800-node06": "29.87.4.222",
        "h800-node09": "29.87.88.182",
        "h800-node12": "29.87.88.185",
    }
    base = dt.datetime(2025, 7, 21, 11, 30, 0, tzinfo=tz(8))
    tf = at(base, 5218.4)
    c = Case(
        "bj06_ib_completion_error_12_two_nodes",
        label(
            "network",
            "infrastructure",
            "h800-node09",
            None,
            "restart_without_node",
            "h800-node05 reports 'Got completion from peer 29.87.88.182 ... status=12 vendor err 129' (retry exceeded); that address is "
            "h800-node09's bootstrap IP and node09's own kernel log shows mlx5_2 losing link (module 2 cable/port down) seconds earlier.",
            "https://github.com/NVIDIA/nccl/issues/1814",
        ),
        topology={
            "topology": {
                "leaf-sw-a1": ["h800-node05", "h800-node06"],
                "leaf-sw-b3": ["h800-node09", "h800-node12"],
            }
        },
    )
    for ni, h in enumerate(hosts):
        log = Log()
        pid0 = 980 + ni * 11
        log.add(
            base,
            [
                f"{h}:{pid0 + i}:{pid0 + 358 + i} [{i}] NCCL INFO NCCL_IB_TIMEOUT set by environment to 18."
                for i in range(8)
            ]
            + [
                f"{h}:{pid0 + i}:{pid0 + 358 + i} [{i}] NCCL INFO NCCL_IB_RETRY_CNT set by environment to 15."
                for i in range(8)
            ]
            + [
                f"{h}:{pid0 + i}:{pid0 + 358 + i} [{i}] NCCL INFO NCCL_IB_TC set by environment to 128."
                for i in range(8)
            ],
        )
        log.add(
            at(base, 5),
            nccl_init(
                h,
                pid0,
                ni * 8,
                8,
                32,
                ips[h],
                rng,
                version="2.21.5+cuda12.4",
                ifname="bond0",
                hcas=(
                    "mlx5_0",
                    "mlx5_1",
                    "mlx5_2",
                    "mlx5_3",
                    "mlx5_4",
                    "mlx5_5",
                    "mlx5_6",
                    "mlx5_7",
                ),
                channels=8,
                link="RoCE",
            ),
        )
        if ni == 0:
            for k in range(1, 2000, 10):
                t = at(base, 30 + k * 2.9)
                if t > tf:
                    break
                log.add(
                    t,
                    f"[INFO|trainer.py:2371] {t:%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)} >> {{'loss': {1.31 - k * 0.0002 + rng.random() * 0.04:.4f}, 'grad_norm': {0.5 + rng.random():.4f}, 'learning_rate': {1e-5 * min(1, k / 100):.4e}, 'epoch': {k / 1800:.2f}}}",
                )
        if h == "h800-node05":
            tw = at(tf, 7.6)
            for lr in (2, 3):
                p = f"{h}:{pid0 + lr}:{pid0 + 1338 + lr} [{lr}]"
                log.add(
                    at(tw, lr * 0.001),
                    [
                        f"{p} transport/net_ib.cc:1692 NCCL WARN NET/IB : Got completion from peer {ips['h800-node09']}<55921> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips['h800-node09']} hca mlx5_{lr}",
                        f"{p} NCCL INFO transport/net.cc:1336 -> 6",
                        f"{p} NCCL INFO proxy.cc:698 -> 6",
                        f"{p} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
                    ],
                )
            te = at(tw, 0.6)
            g = glog(te, "E", nanos=True)
            log.add(
                te,
                [
                    f"[rank2]:[{g} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank 2] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:",
                    f"NET/IB : Got completion from peer {ips['h800-node09']}<55921> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:{ips[h]} remoteGids::ffff:{ips['h800-node09']} hca mlx5_2",
                ],
            )
        elif h == "h800-node09":
            te = at(tf, 37.3)
            g = glog(te, "E", nanos=True)
            log.add(
                te,
                [
                    f"[rank{16 + 2}]:[{g} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank 18] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:",
                    f"socketProgress: Connection closed by remote peer {ips['h800-node05']}<39112>",
                ],
            )
        else:
            tw = at(tf, 600.3 + ni)
            for lr in range(8):
                log.add(
                    at(tw, lr * 0.002),
                    watchdog_timeout(
                        at(tw, lr * 0.002), ni * 8 + lr, 30114, "ALLREDUCE", 466119168
                    ),
                )
        c.put(f"{h}/train_rank{ni * 8}-{ni * 8 + 7}.log", log)
        # host kernel logs in journald ISO, +08:00
        j = Log()
        j.add(
            at(base, -7200),
            f"{iso(at(base, -7200))} {h} kernel: mlx5_core 0000:{0x1A + ni:02x}:00.0: mlx5_pcie_event:301:(pid 0): PCIe slot advertised sufficient power (27W).",
        )
        if h == "h800-node09":
            tl = at(tf, -4.2)
            j.add(
                tl,
                [
                    f"{iso(tl)} {h} kernel: mlx5_core 0000:5c:00.0: mlx5_port_module_event:1163:(pid 0): Port module event[error]: module 2, Cable error, High Temperature",
                    f"{iso(at(tl, 0.004))} {h} kernel: mlx5_core 0000:5c:00.0 ens12np0: Link down",
                    f"{iso(at(tl, 0.2))} {h} kernel: bond0: (slave ens12np0): link status definitely down, disabling slave",
                    f"{iso(at(tl, 61.0))} {h} kernel: mlx5_core 0000:5c:00.0 ens12np0: Link up",
                    f"{iso(at(tl, 61.3))} {h} kernel: bond0: (slave ens12np0): link status definitely up, 200000 Mbps full duplex",
                ],
            )
            tl2 = at(tf, 420)
            j.add(
                tl2,
                [
                    f"{iso(tl2)} {h} kernel: mlx5_core 0000:5c:00.0: mlx5_port_module_event:1163:(pid 0): Port module event[error]: module 2, Cable error, High Temperature",
                    f"{iso(at(tl2, 0.004))} {h} kernel: mlx5_core 0000:5c:00.0 ens12np0: Link down",
                ],
            )
        if h == "h800-node06":
            tx = at(base, 1900)
            j.add(
                tx,
                f"{iso(tx)} {h} kernel: NVRM: Xid (PCI:0000:18:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000b2a1c0) marked for remapping, reset gpu to activate.",
            )
        c.put(f"{h}/journal-kernel.log", j)
    c.put(
        "h800-node09/ibdev2netdev.txt",
        [
            "mlx5_0 port 1 ==> ens10np0 (Up)",
            "mlx5_1 port 1 ==> ens11np0 (Up)",
            "mlx5_2 port 1 ==> ens12np0 (Down)",
            "mlx5_3 port 1 ==> ens13np0 (Up)",
            "mlx5_4 port 1 ==> ens14np0 (Up)",
            "mlx5_5 port 1 ==> ens15np0 (Up)",
            "mlx5_6 port 1 ==> ens16np0 (Up)",
            "mlx5_7 port 1 ==> ens17np0 (Up)",
        ],
    )
    c.put(
        "h800-node05/ibdev2netdev.txt",
        [f"mlx5_{i} port 1 ==> ens{10 + i}np0 (Up)" for i in range(8)],
    )
    return c


# ============================================================ bj07 flapping fabric, multiple nodes


def bj07() -> Case:
    rng = random.Random(6507)
    hosts = [f"gn{n:03d}" for n in (21, 22, 23, 24, 37, 38)]
    ips = {h: f"192.168.50.{int(h[2:])}" for h in hosts}
    base = dt.datetime(2023, 7, 3, 8, 15, 0, tzinfo=UTC)
    tf = at(base, 9733.0)
    leaf = {"ib-leaf-07": ["gn021", "gn022", "gn023", "gn024"], "ib-leaf-09": ["gn037", "gn038"]}
    c = Case(
        "bj07_port_error_async_events_then_hang",
        label(
            "network",
            "infrastructure",
            None,
            None,
            "restart",
            "Four nodes on different HCAs all log 'NET/IB : Got async event : port error' and local mlx5 link flaps within the same "
            "seconds, all behind ib-leaf-07, before the collective hang; no single node is at fault, the shared leaf/fabric is.",
            "https://github.com/NVIDIA/nccl/issues/905",
        ),
        topology={"topology": leaf},
    )
    for ni, h in enumerate(hosts):
        log = Log()
        pid0 = 41200 + ni * 40
        log.add(
            base,
            [
                f"{pyts(base)} | INFO | lightning.pytorch.utilities.rank_zero | GPU available: True (cuda), used: True"
            ]
            if ni == 0
            else [],
        )
        log.add(
            at(base, 3),
            nccl_init(
                h,
                pid0,
                ni * 4,
                4,
                24,
                ips[h],
                rng,
                version="2.18.1+cuda12.1",
                ifname="ib0",
                hcas=("mlx5_0",),
                channels=2,
            ),
        )
        if ni == 0:
            for k in range(0, 3200, 40):
                t = at(base, 40 + k * 3.02)
                if t > tf:
                    break
                log.add(
                    t,
                    "Epoch 1:  "
                    + tqdm_bar(
                        k,
                        5000,
                        k * 3.02,
                        3.02,
                        f"v_num=11, train_loss={2.1 - k * 0.0001 + rng.random() * 0.05:.3f}",
                    ),
                )
        if h in leaf["ib-leaf-07"]:
            for j in range(3):
                te = at(tf, -40 + j * 13 + ni * 0.3)
                log.add(
                    te,
                    [
                        f"{h}:{pid0 + i}:{pid0 + 77 + i} [{i}] NCCL WARN NET/IB : Got async event : port error"
                        for i in range(4)
                    ],
                )
            te = at(tf, 5 + ni * 0.2)
            log.add(
                te,
                [
                    f"{h}:{pid0 + i}:{pid0 + 77 + i} [{i}] NCCL WARN NET/IB : Got async event : port active"
                    for i in range(4)
                ],
            )
        tw = at(tf, 1800 + ni * 0.02)
        for lr in range(4):
            log.add(
                at(tw, lr * 0.001),
                watchdog_timeout(
                    at(tw, lr * 0.001),
                    ni * 4 + lr,
                    190222,
                    "ALLREDUCE",
                    84410368,
                    timeout_ms=1800000,
                ),
            )
        c.put(f"{h}/output.log", log)
        # syslog
        s = Log()
        s.add(
            at(base, -100),
            f"{syslog(at(base, -100))} {h} systemd[1]: Started Session 4411 of User rhen.",
        )
        if h in leaf["ib-leaf-07"]:
            for j in range(3):
                tl = at(tf, -40.2 + j * 13 + ni * 0.3)
                s.add(
                    tl,
                    [
                        f"{syslog(tl)} {h} kernel: mlx5_core 0000:af:00.0: mlx5_port_event:363:(pid 0): PortEvent: Down",
                        f"{syslog(at(tl, 1.5))} {h} kernel: mlx5_core 0000:af:00.0: mlx5_port_event:363:(pid 0): PortEvent: Active",
                    ],
                )
        c.put(f"{h}/syslog", s)
    c.put(
        "ibqueryerrors_leaf07.txt",
        [
            f"# ibqueryerrors -s PortXmitWait run {tf + dt.timedelta(hours=1):%Y-%m-%d %H:%M} UTC by fabric team",
            'Errors for 0x0c42a10300a1b7c0 "ib-leaf-07"',
            "   GUID 0x0c42a10300a1b7c0 port 1:  [LinkDownedCounter == 3] [SymbolErrorCounter == 12044] [PortRcvErrors == 811]",
            "   GUID 0x0c42a10300a1b7c0 port 2:  [LinkDownedCounter == 3] [SymbolErrorCounter == 11990]",
            "   GUID 0x0c42a10300a1b7c0 port 3:  [LinkDownedCounter == 3] [SymbolErrorCounter == 12310] [PortRcvErrors == 790]",
            "   GUID 0x0c42a10300a1b7c0 port 4:  [LinkDownedCounter == 3] [SymbolErrorCounter == 12102]",
            "   GUID 0x0c42a10300a1b7c0 port 41: [LinkDownedCounter == 3] [SymbolErrorCounter == 88017] [PortRcvRemotePhysicalErrors == 66]   (uplink to ib-spine-2)",
            'Errors for 0x0c42a10300a1c010 "ib-leaf-09"',
            "   (none)",
        ],
    )
    return c


# ============================================================ bj08 DNS failure for everyone


def bj08() -> Case:
    hosts = ["ip-172-30-2-79", "ip-172-30-2-114", "ip-172-30-3-18"]
    base = dt.datetime(2024, 9, 14, 14, 2, 40, tzinfo=UTC)
    c = Case(
        "bj08_rendezvous_host_not_found",
        label(
            "network",
            "infrastructure",
            None,
            None,
            "restart",
            "Every node fails the same rendezvous with 'host not found: Temporary failure in name resolution' while systemd-resolved on all "
            "three hosts reports its upstream resolver timing out; the shared DNS service failed, and it recovered minutes later.",
            "https://github.com/pytorch/pytorch/issues/64990",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        t0 = at(base, ni * 0.8)
        log.add(
            t0,
            [
                f"[INFO] {pyts(t0)} run: Running torch.distributed.run with args: ['/usr/local/bin/torchrun', '--nnodes=3', '--nproc_per_node=1', '--rdzv_id=1234', '--rdzv_backend=c10d', '--rdzv_endpoint=trainer-head.ml.internal:29400', '--max_restarts=3', 'main.py']",
                f"[INFO] {pyts(t0)} api: Starting elastic_operator with launch configs:",
                "  entrypoint       : main.py",
                "  min_nodes        : 3",
                "  max_nodes        : 3",
                "  nproc_per_node   : 1",
                "  run_id           : 1234",
                "  rdzv_backend     : c10d",
                "  rdzv_endpoint    : trainer-head.ml.internal:29400",
                "  rdzv_configs     : {'timeout': 900}",
                "  max_restarts     : 3",
                "  monitor_interval : 5",
                "  log_dir          : None",
                "  metrics_cfg      : {}",
                "",
            ],
        )
        for attempt in range(4):
            ta = at(t0, 11 + attempt * 16.3)
            log.add(
                ta,
                [
                    f"[INFO] {pyts(ta)} dynamic_rendezvous: The node '{h}_{28389 + ni}_0' attempts to join the next round of the rendezvous '1234'."
                ],
            )
            tb = at(ta, 10.04)
            log.add(
                tb,
                [
                    f"[INFO] {pyts(at(ta, 0.1))} __init__: Setting worker0 reply file to: /tmp/torchelastic_ozl1psv{ni}/1234_31eglxs{ni}/attempt_{attempt}/0/error.json",
                    "Traceback (most recent call last):",
                    '  File "main.py", line 34, in <module>',
                    "    main()",
                    '  File "main.py", line 29, in main',
                    '    dist.init_process_group(backend="nccl", timeout=timedelta(seconds=10))',
                    '  File "/usr/local/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", line 1305, in init_process_group',
                    "    store, rank, world_size = next(rendezvous_iterator)",
                    '  File "/usr/local/lib/python3.10/site-packages/torch/distributed/rendezvous.py", line 246, in _env_rendezvous_handler',
                    "    store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)",
                    '  File "/usr/local/lib/python3.10/site-packages/torch/distributed/rendezvous.py", line 174, in _create_c10d_store',
                    "    return TCPStore(",
                    "ValueError: host not found: Temporary failure in name resolution",
                    f"[ERROR] {pyts(at(tb, 5))} api: failed (exitcode: 1) local_rank: 0 (pid: {28436 + ni * 17 + attempt}) of binary: /usr/bin/python3",
                    f"[ERROR] {pyts(at(tb, 5))} local_elastic_agent: [default] Worker group failed",
                ],
            )
            if attempt < 3:
                log.add(
                    at(tb, 5.1),
                    [
                        f"[INFO] {pyts(at(tb, 5.1))} api: [default] Worker group FAILED. {3 - attempt}/3 attempts left; will restart worker group",
                        f"[INFO] {pyts(at(tb, 5.1))} api: [default] Stopping worker group",
                        f"[INFO] {pyts(at(tb, 5.2))} api: [default] Rendezvous'ing worker group",
                    ],
                )
            else:
                tz_ = at(tb, 5.3)
                log.add(
                    tz_,
                    child_failed(
                        tz_,
                        h,
                        [
                            (
                                ni,
                                0,
                                1,
                                28436 + ni * 17 + attempt,
                                "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                            )
                        ],
                        script="main.py",
                        torch_site="/usr/local/lib/python3.10/site-packages",
                    ),
                )
        c.put(f"{h}/torchrun.out", log)
        j = Log()
        j.add(
            at(base, -3600),
            f"{iso(at(base, -3600))} {h} systemd-resolved[612]: Clock change detected. Flushing caches.",
        )
        for k in range(6):
            tk = at(base, -20 + k * 14 + ni * 2.1)
            j.add(
                tk,
                f"{iso(tk)} {h} systemd-resolved[612]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 172.30.0.2.",
            )
            j.add(
                at(tk, 5),
                f"{iso(at(tk, 5))} {h} systemd-resolved[612]: Timed out while resolving trainer-head.ml.internal IN A: no response from 172.30.0.2",
            )
        tr = at(base, 330 + ni)
        j.add(
            tr,
            f"{iso(tr)} {h} systemd-resolved[612]: Grace period over, resuming full feature set (UDP+EDNS0) for DNS server 172.30.0.2.",
        )
        c.put(f"{h}/journal-resolved.log", j)
    c.put(
        "route53_resolver_health.txt",
        [
            "# VPC resolver endpoint metrics, us-east-1 (exported by platform team)",
            "time_utc              endpoint        queries  servfail  timeouts",
            "2024-09-14T13:55:00Z  172.30.0.2        18211         3         0",
            "2024-09-14T14:00:00Z  172.30.0.2        17990       412      9120",
            "2024-09-14T14:05:00Z  172.30.0.2        18304       388      8811",
            "2024-09-14T14:10:00Z  172.30.0.2        18122         5         0",
        ],
    )
    return c


# ============================================================ bj09 Lustre OST full


def bj09() -> Case:
    rng = random.Random(6509)
    hosts = [f"p5-st-{n}" for n in ("a", "b", "c", "d")]
    base = dt.datetime(2025, 8, 24, 17, 40, 0, tzinfo=UTC)
    tf = at(base, 2810.3)
    c = Case(
        "bj09_checkpoint_save_enospc_plenty_free",
        label(
            "storage",
            "infrastructure",
            None,
            None,
            "stop",
            "Two ranks on different nodes hit '[Errno 28] No space left on device' writing the checkpoint to /fsx although df shows "
            "459G free; lfs df shows OST0003 at 100%, so the shared Lustre filesystem is full on one target and needs an admin before rerunning.",
            "https://github.com/awslabs/awsome-distributed-ai/pull/1225",
        ),
    )
    for ni, h in enumerate(hosts):
        log = Log()
        log.add(
            base,
            [
                f"{ni}: [{pyts(base)}] [INFO] [megatron_utils] Setting up Megatron for job 5512 on {h}"
            ],
        )
        if ni == 0:
            for it in range(1, 121):
                t = at(base, 60 + it * 21.5)
                if t > at(tf, -70):
                    break
                log.add(
                    t,
                    "0:"
                    + megatron_iter(
                        t,
                        it,
                        5000,
                        21500 + rng.random() * 300,
                        1e-6,
                        256,
                        0.71 + rng.random() * 0.05,
                        0.2 + rng.random() * 0.1,
                    ),
                )
            ts = at(tf, -72.2)
            log.add(
                ts,
                [
                    "0: saving checkpoint at iteration     118 to /fsx/ckpt/qwen3-30b/iter_0000118 in torch_dist format",
                    f"0: [{pyts(ts)}] [INFO] [async_utils] Started async checkpoint save, 64 ranks, ~53 GB",
                ],
            )
        if h in ("p5-st-b", "p5-st-d"):
            r = ni * 8 + (3 if h == "p5-st-b" else 5)
            te = at(tf, 0.0 if h == "p5-st-b" else 1.7)
            log.add(
                te,
                [
                    f"{ni}: [rank{r}]: Traceback (most recent call last):",
                    f'{ni}: [rank{r}]:   File "/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/filesystem_async.py", line 282, in write_preloaded_data',
                    f"{ni}: [rank{r}]:     stream.write(data)",
                    f"{ni}: [rank{r}]: OSError: [Errno 28] No space left on device",
                    f"{ni}: [rank{r}]: ",
                    f"{ni}: [rank{r}]: The above exception was the direct cause of the following exception:",
                    f'{ni}: [rank{r}]:   File "/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/async_utils.py", line 139, in maybe_finalize_async_calls',
                    f"{ni}: [rank{r}]:     raise CheckpointException(\"write\", {{{r}: OSError(28, 'No space left on device')}})",
                    f"{ni}: [rank{r}]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([{r}])",
                ],
            )
        if h == "p5-st-c":
            te = at(tf, 4.4)
            log.add(
                te,
                [
                    f"2: [rank{16 + 1}]: RuntimeError: unexpected pos 704 vs 598",
                    f"2: [rank{16 + 1}]:   (raised while writing /fsx/ckpt/qwen3-30b/iter_0000118/__17_0.distcp)",
                ],
            )
        tk = at(tf, 30 + ni)
        log.add(
            tk,
            [
                f"slurmstepd: error: *** STEP 5512.0 ON {h} CANCELLED AT {tk:%Y-%m-%dT%H:%M:%S} ***"
                if ni
                else "srun: error: p5-st-b: task 1: Exited with exit code 1"
            ],
        )
        c.put(f"{h}/run_5512.log", log)
    c.put(
        "storage_check_after_failure.txt",
        [
            "$ date -u; df -h /fsx",
            f"{at(tf, 600):%a %b %d %H:%M:%S UTC %Y}",
            "Filesystem                  Size  Used Avail Use% Mounted on",
            "10.1.44.12@tcp:/s4bhxbmv  4.5T  4.1T  459G  90% /fsx",
            "$ df -i /fsx",
            "Filesystem                  Inodes   IUsed    IFree IUse% Mounted on",
            "10.1.44.12@tcp:/s4bhxbmv  31254528 2812911 28441617    9% /fsx",
            "$ lfs df -h /fsx",
            "UUID                       bytes        Used   Available Use% Mounted on",
            "s4bhxbmv-MDT0000_UUID       68.4G       12.1G       56.3G  18% /fsx[MDT:0]",
            "s4bhxbmv-OST0000_UUID        1.1T      966.2G      158.1G  86% /fsx[OST:0]",
            "s4bhxbmv-OST0001_UUID        1.1T      981.0G      143.4G  88% /fsx[OST:1]",
            "s4bhxbmv-OST0002_UUID        1.1T      967.9G      157.4G  87% /fsx[OST:2]",
            "s4bhxbmv-OST0003_UUID        1.1T        1.1T           0 100% /fsx[OST:3]",
            "",
            "filesystem_summary:          4.5T        4.1T      458.9G  90% /fsx",
            "$ lfs getstripe -c /fsx/ckpt/qwen3-30b",
            "1",
        ],
    )
    c.put(
        "p5-st-a/dmesg.txt",
        [
            "[  12.771401] Lustre: Lustre: Build Version: 2.15.4",
            "[  13.190220] Lustre: Mounted s4bhxbmv-client",
            f"[{(tf - dt.datetime(2025, 8, 24, 9, 0, 0, tzinfo=UTC)).total_seconds():12.6f}] LustreError: 11-0: s4bhxbmv-OST0003-osc-ffff9a0cc5d2e000: operation ost_write to node 10.1.44.15@tcp failed: rc = -28",
        ],
    )
    return c


ALL = [bj01, bj02, bj03, bj04, bj05, bj06, bj07, bj08, bj09]
