"""t01-t05: sympathetic floods; the first failure must be found by timestamps."""

from __future__ import annotations

import random
from datetime import datetime

from common import (
    A100_BUS,
    Bundle,
    Console,
    Failure,
    Prefix,
    add_watchdogs,
    agent_exit,
    base_console,
    destroy_pg_warning,
    ds_steps,
    make_job,
    megatron_iters,
    ms,
    nccl_init,
    place,
    py_traceback,
    pylog,
    pylog_steps,
    sec,
    watchdog_cuda_error,
    watchdog_new,
    watchdog_old,
)
from hw import aer_corrected, kernel_log, nvidia_smi_q, nvlink_errors, xid

CUDA_HINT = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
    "be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    "",
]


def t01() -> Bundle:
    rng = random.Random(401)
    b = Bundle("t01_xid79_gpu_lost_behind_watchdog_flood")
    hosts = [f"gpu-a{i:02d}" for i in range(1, 9)]
    job = make_job(rng, hosts, subnet="10.8.3", first=21)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 3, 12, 7, 2, 11)
    culprit, lr = "gpu-a06", 4
    bad = job.rank(culprit, lr)
    xid_t = datetime(2024, 3, 12, 9, 12, 43, 912304)
    cons = {h: base_console(rng, job, h, start, pfx) for h in hosts}
    for t, line in pylog_steps(rng, start + sec(95), 10, 7880, step_s=0.98, name="pretrain"):
        if t < xid_t:
            cons["gpu-a01"].at(t, pfx.out(0) + line)
    # the real failure: GPU 4 of gpu-a06 falls off the bus; its watchdog sees a CUDA error
    t_err = xid_t + ms(169)
    for d, line in watchdog_cuda_error(rng, bad, t_err, "unspecified launch failure"):
        cons[culprit].at(d, pfx.line(bad, line))
    survivors = [job.pid(r) for r in job.ranks(culprit) if r != bad]
    agent_exit(
        cons[culprit],
        rng,
        job,
        culprit,
        "pretrain.py",
        [Failure(t_err + sec(1.4), culprit, bad, lr, -6, job.pid(bad))],
        sigterm=survivors,
        sigterm_at=t_err + sec(1.1),
    )
    # everybody else waits for the all-reduce until the 10-minute timeout
    for h in hosts:
        if h == culprit:
            continue
        t0 = xid_t + sec(600.05 if h == "gpu-a01" else rng.uniform(600.3, 601.5))
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            job.ranks(h),
            t0,
            91877,
            pfx,
            timeout_ms=600000,
            numel=67108864,
            flight_recorder=h in ("gpu-a01", "gpu-a03"),
        )
        fails = [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(cons[h], rng, job, h, "pretrain.py", fails)
    end = xid_t + sec(660)
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        events = []
        if h == culprit:
            bus = job.bus[lr]
            events = [
                (xid_t - ms(3), "kernel", "pcieport 0000:97:01.0: pciehp: Slot(4): Link Down"),
                (xid_t, "kernel", xid(bus, 79, "GPU has fallen off the bus.")),
                (
                    xid_t + ms(1),
                    "kernel",
                    f"NVRM: GPU 0000:{bus}:00.0: GPU has fallen off the bus.",
                ),
                (
                    xid_t + ms(1),
                    "kernel",
                    f"NVRM: GPU 0000:{bus}:00.0: GPU serial number is 1652023045512.",
                ),
                (
                    xid_t + ms(2),
                    "kernel",
                    "NVRM: A GPU crash dump has been created. If possible, please run",
                ),
                (
                    xid_t + ms(2),
                    "kernel",
                    "NVRM: nvidia-bug-report.sh as root to collect this data before",
                ),
                (xid_t + ms(2), "kernel", "NVRM: the NVIDIA kernel module is unloaded."),
                (
                    xid_t + sec(4.2),
                    "kernel",
                    xid(
                        bus,
                        154,
                        "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)",
                    ),
                ),
            ]
        if h == "gpu-a02":
            t = datetime(2024, 3, 12, 8, 51, 2, 331020)
            events = [
                (t + sec(i * 0.4), "kernel", m) for i, m in enumerate(aer_corrected("17") * 3)
            ]
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - sec(7200), end, "dmesg_t", events, noise=30),
        )
    snap = xid_t + sec(1100)
    b.add(
        f"{culprit}/nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            snap,
            job.bus,
            lost=[lr],
            procs={i: [] for i in range(8)},
            gpus={i: {"util": 0, "mem_used": 4} for i in range(8)},
        ),
    )
    b.add(
        "gpu-a02/nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            snap,
            job.bus,
            procs={i: [] for i in range(8)},
            gpus={
                2: {"ecc_vol": {"sram_c": 4}, "ecc_agg": {"sram_c": 12}, "util": 0, "mem_used": 4}
            },
        ),
    )
    b.label(
        "gpu_hardware",
        "infrastructure",
        culprit,
        bad,
        "restart_without_node",
        "GPU 4 of gpu-a06 fell off the bus (Xid 79, then Xid 154 node reboot required) at 09:12:43 and rank 44's "
        "watchdog failed with a CUDA error; the 56 watchdog timeouts on the other nodes come ten minutes later.",
        "https://github.com/NVIDIA/Megatron-LM/issues/935",
    )
    return b


def t02() -> Bundle:
    rng = random.Random(402)
    b = Bundle("t02_dbe_ecc_in_srun_merged_log_uptime_dmesg")
    hosts = [f"nid00{i}" for i in range(1017, 1025)]
    bus4 = ["03", "41", "82", "c1"]
    job = make_job(rng, hosts, gpus=4, subnet="10.100.4", first=17, bus=bus4)
    pfx = Prefix(job, "srun")
    start = datetime(2024, 5, 2, 13, 7, 55)
    culprit, lr = "nid001022", 1
    bad = job.rank(culprit, lr)
    xid_t = datetime(2024, 5, 2, 14, 3, 11, 402113)
    con = Console()
    con.at(
        start,
        "+ srun -l --ntasks-per-node=4 --gpus-per-node=4 --cpu-bind=cores python -u pretrain_gpt.py "
        "--tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --num-layers 48 "
        "--hidden-size 6144 --seq-length 4096 --micro-batch-size 1 --global-batch-size 512 --bf16",
    )
    t = start + sec(12)
    for h in hosts:
        items = nccl_init(
            rng,
            job,
            h,
            version="2.19.4+cuda12.2",
            ifname="hsn0",
            hcas=4,
            transport="Socket",
            channels=4,
            plugin_notice=False,
        )
        place(con, rng, items, t, pfx.out, 4000)
    for r in range(job.world):
        con.at(
            start + sec(rng.uniform(5, 9)),
            pfx.out(r) + f"> initialized rank {r} on {job.host_of(r)}, "
            f"local_rank {job.local(r)}, device cuda:{job.local(r)}",
        )
    last = job.world - 1
    for d, line in megatron_iters(
        rng, start + sec(140), 10, 4000, every=10, gbs=512, ms_per_iter=2690, total=60000
    ):
        if d < xid_t:
            con.at(d, pfx.out(last) + line)
    t_err = xid_t + ms(233)
    tb = py_traceback(
        [
            ("/global/homes/u/usr/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
            (
                "/global/homes/u/usr/Megatron-LM/megatron/training/training.py",
                356,
                "pretrain",
                "iteration, num_floating_point_operations_so_far = train(",
            ),
            (
                "/global/homes/u/usr/Megatron-LM/megatron/training/training.py",
                1258,
                "train",
                "train_step(forward_step_func,",
            ),
            (
                "/global/homes/u/usr/Megatron-LM/megatron/training/training.py",
                718,
                "train_step",
                "losses_reduced = forward_backward_func(",
            ),
            (
                "/global/homes/u/usr/Megatron-LM/megatron/core/pipeline_parallel/schedules.py",
                1371,
                "forward_backward_pipelining_without_interleaving",
                "input_tensor_grad = backward_step(",
            ),
            (
                "/global/homes/u/usr/Megatron-LM/megatron/core/pipeline_parallel/schedules.py",
                366,
                "backward_step",
                "torch.autograd.backward(output_tensor[0], grad_tensors=output_tensor_grad[0])",
            ),
            (
                "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py",
                289,
                "backward",
                "_engine_run_backward(",
            ),
        ],
        ["RuntimeError: CUDA error: uncorrectable ECC error encountered", *CUDA_HINT],
    )
    con.block(t_err, pfx.out(bad), tb)
    con.at(t_err + sec(2.1), f"srun: error: {culprit}: task {bad}: Exited with exit code 1")
    t_wd = xid_t + sec(1800.6)
    for r in range(job.world):
        if r == bad:
            continue
        td = t_wd + sec(rng.uniform(0, 1.5))
        for d, line in watchdog_new(
            rng, r, td, 310422, op="_ALLGATHER_BASE" if r % 4 else "ALLREDUCE", numel=12582912
        ):
            con.at(d, pfx.line(r, line))
    t_end = t_wd + sec(6)
    for h in hosts:
        if h == culprit:
            continue
        rs = job.ranks(h)
        con.at(
            t_end + sec(rng.uniform(0, 1)),
            f"srun: error: {h}: tasks {rs[0]}-{rs[-1]}: Aborted (core dumped)",
        )
    b.add(f"{hosts[0]}/slurm-88231.out", con.render())
    for h in hosts:
        boot = datetime(2024, 5, 2, 6, 41, 9) + sec(rng.uniform(-3000, 3000))
        events = []
        if h == culprit:
            bus = job.bus[lr]
            events = [
                (
                    xid_t,
                    "kernel",
                    xid(
                        bus,
                        48,
                        "An uncorrectable double bit error (DBE) has been detected on GPU in "
                        "the framebuffer at partition 5, subpartition 0.",
                        job.pid(bad),
                        "python",
                    ),
                ),
                (
                    xid_t + ms(4),
                    "kernel",
                    xid(
                        bus,
                        63,
                        "Row Remapper: New row marked for remapping, reset gpu to activate.",
                        job.pid(bad),
                        "python",
                    ),
                ),
                (xid_t + ms(9), "kernel", xid(bus, 45, "Ch 00000018", job.pid(bad), "python")),
            ]
        if h == "nid001018":
            old = datetime(2024, 5, 2, 9, 12, 40)
            events = [(old, "kernel", xid("82", 92, "High single-bit ECC error rate"))]
        kver = (
            "Linux version 5.14.21-150500.55.49_13.0.56-cray_shasta_c (geeko@buildhost) (gcc (SUSE Linux) "
            "7.5.0, GNU ld (GNU Binutils; SUSE Linux Enterprise 15) 2.41.0.20230908-150100.7.46) #1 SMP"
        )
        b.add(
            f"{h}/dmesg.txt",
            kernel_log(
                rng,
                h,
                boot + sec(60),
                t_end + sec(60),
                "uptime",
                events,
                boot=boot,
                noise=45,
                with_boot=True,
                kver=kver,
                dmi="HPE Cray EX235n/Cray EX235n, BIOS 1.8.3 03/11/2024",
            ),
        )
        b.add(
            f"{h}/host-info.txt",
            [
                "$ hostname",
                h,
                "$ uptime -s",
                f"{boot:%Y-%m-%d %H:%M:%S}",
                "$ uname -r",
                "5.14.21-150500.55.49_13.0.56-cray_shasta_c",
                "$ nvidia-smi --query-gpu=index,pci.bus_id,serial --format=csv",
                "index, pci.bus_id, serial",
                *[
                    f"{i}, 00000000:{bb.upper()}:00.0, 13220{rng.randint(10000000, 99999999)}"
                    for i, bb in enumerate(bus4)
                ],
            ],
        )
    b.label(
        "gpu_memory",
        "infrastructure",
        culprit,
        bad,
        "restart_without_node",
        "Task 21 (nid001022, GPU 1 at 41:00) died with an uncorrectable ECC error matching Xid 48 DBE and a pending "
        "row remap in that node's uptime-stamped dmesg; the other 31 tasks only hit the watchdog 30 minutes later.",
        "https://github.com/huggingface/accelerate/issues/1192",
    )
    return b


def t03() -> Bundle:
    rng = random.Random(403)
    b = Bundle("t03_nvlink_xid74_torch113_deepspeed_no_timestamps")
    hosts = [f"dgx-b{i}" for i in range(201, 207)]
    job = make_job(rng, hosts, subnet="10.33.0", first=201, bus=A100_BUS)
    pfx = Prefix(job, "pdsh")
    start = datetime(2023, 11, 20, 21, 3, 12, 482113)
    culprit, lr = "dgx-b204", 2
    bad = job.rank(culprit, lr)
    fail = datetime(2023, 11, 20, 23, 47, 17, 118302)
    con = Console()
    head = f"[{pylog(start)}] [INFO]"
    con.at(
        start,
        f"{head} [runner.py:463:main] Using IP address of 10.33.0.201 for node dgx-b201",
        f"{head} [multinode_runner.py:72:get_cmd] Running on the following workers: {','.join(hosts)}",
        f"{head} [runner.py:570:main] cmd = pdsh -S -f 1024 -w {','.join(hosts)} export NCCL_DEBUG=INFO; "
        "export PYTHONPATH=/home/mlops/llm; cd /home/mlops/llm; /usr/bin/python -u -m deepspeed.launcher.launch "
        "--world_info=eyJkZ3gtYjIwMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n "
        "--master_addr=10.33.0.201 --master_port=29500 train.py --deepspeed ds_config_zero2.json",
    )
    t = start + sec(2)
    for h in hosts:
        lt = t + ms(rng.uniform(0, 800))
        lh = f"[{pylog(lt)}] [INFO]"
        con.at(
            lt,
            f"{h}: {lh} [launch.py:145:main] WORLD INFO DICT: "
            + "{"
            + ", ".join(f"'{x}': [0, 1, 2, 3, 4, 5, 6, 7]" for x in hosts)
            + "}",
            f"{h}: {lh} [launch.py:151:main] nnodes=6, num_local_procs=8, node_rank={hosts.index(h)}",
            f"{h}: {lh} [launch.py:164:main] dist_world_size=48",
            f"{h}: {lh} [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7",
        )
        items = nccl_init(rng, job, h, version="2.14.3+cuda11.7", channels=4, plugin_notice=False)
        place(con, rng, items, t + sec(20), pfx.out, 3000)
    for d, line in ds_steps(rng, start + sec(90), 10, 7900, iter_s=1.23, bs=384):
        if d < fail:
            con.at(d, "dgx-b201: " + line)
    pid = job.pid(bad)
    tid = pid + 611
    err = [
        f"{culprit}:{pid}:{tid} [{lr}] enqueue.cc:1010 NCCL WARN Cuda failure 'uncorrectable NVLink error "
        "detected during the execution'",
        f"{culprit}:{pid}:{tid} [{lr}] NCCL INFO group.cc:84 -> 1",
    ]
    err += py_traceback(
        [
            ("train.py", 311, "<module>", "main()"),
            ("train.py", 287, "main", "model_engine.backward(loss)"),
            (
                "/usr/local/lib/python3.8/dist-packages/deepspeed/utils/nvtx.py",
                15,
                "wrapped_fn",
                "ret_val = func(*args, **kwargs)",
            ),
            (
                "/usr/local/lib/python3.8/dist-packages/deepspeed/runtime/engine.py",
                1976,
                "backward",
                "self.optimizer.backward(loss, retain_graph=retain_graph)",
            ),
            (
                "/usr/local/lib/python3.8/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py",
                2056,
                "backward",
                "self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)",
            ),
            (
                "/usr/local/lib/python3.8/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py",
                1117,
                "allreduce_and_copy",
                "self.allreduce_bucket(small_bucket, rank=rank, log=log)",
            ),
            (
                "/usr/local/lib/python3.8/dist-packages/deepspeed/comm/torch.py",
                117,
                "all_reduce",
                "return torch.distributed.all_reduce(tensor=tensor, op=op, group=group, async_op=async_op)",
            ),
            (
                "/usr/local/lib/python3.8/dist-packages/torch/distributed/distributed_c10d.py",
                1536,
                "all_reduce",
                "work = group.allreduce([tensor], opts)",
            ),
        ],
        [
            "RuntimeError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1269, unhandled "
            "cuda error, NCCL version 2.14.3",
            "ncclUnhandledCudaError: Call to CUDA function failed.",
        ],
    )
    con.block(fail + ms(180), f"{culprit}: ", err)
    kt = fail + sec(1.2)
    for r in job.ranks(culprit):
        con.at(
            kt,
            f"{culprit}: [{pylog(kt)}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {job.pid(r)}",
        )
    con.at(
        kt + sec(1),
        f"{culprit}: [{pylog(kt + sec(1))}] [ERROR] [launch.py:321:sigkill_handler] "
        "['/usr/bin/python', '-u', 'train.py', '--local_rank=7', '--deepspeed', 'ds_config_zero2.json'] "
        "exits with return code = 1",
    )
    con.at(kt + sec(1.3), f"pdsh@dgx-b201: {culprit}: ssh exited with exit code 1")
    t_wd = fail + sec(1800)
    for h in hosts:
        if h == culprit:
            continue
        for r in job.ranks(h):
            tw = t_wd + sec(rng.uniform(0.5, 4))
            con.block(tw, f"{h}: ", watchdog_old(rng, r, 123457))
        kt = t_wd + sec(rng.uniform(5, 8))
        for r in job.ranks(h):
            con.at(
                kt,
                f"{h}: [{pylog(kt)}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {job.pid(r)}",
            )
        con.at(
            kt + sec(1),
            f"{h}: [{pylog(kt + sec(1))}] [ERROR] [launch.py:321:sigkill_handler] "
            "['/usr/bin/python', '-u', 'train.py', '--local_rank=7', '--deepspeed', 'ds_config_zero2.json'] "
            "exits with return code = -6",
        )
        con.at(kt + sec(1.2), f"pdsh@dgx-b201: {h}: ssh exited with exit code 250")
    b.add("dgx-b201/ds_launch.log", con.render())
    for h in hosts:
        events = []
        if h == culprit:
            bus = job.bus[lr]
            events = [
                (
                    fail - ms(40),
                    "kernel",
                    xid(
                        bus,
                        74,
                        "NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, "
                        "0x0, 0x0, 0x0, 0x0)",
                        pid,
                        "python",
                    ),
                ),
                (
                    fail - ms(39),
                    "kernel",
                    xid(
                        bus,
                        74,
                        "NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, "
                        "0x0, 0x0, 0x0, 0x0)",
                        pid,
                        "python",
                    ),
                ),
                (fail + ms(70), "kernel", xid(bus, 45, "Ch 00000010", pid, "python")),
            ]
        if h == "dgx-b202":
            events = [
                (
                    datetime(2023, 11, 20, 19, 42, 5),
                    "kernel",
                    xid(
                        "87",
                        63,
                        "Row Remapper: New row (0x00000000000c1a2f) has been added to the row "
                        "remapper (RowAddr:0x0c1a2f, Bank:0x3, Hbm:2)",
                    ),
                )
            ]
        b.add(
            f"{h}/kern.log",
            kernel_log(rng, h, start - sec(9000), t_wd + sec(120), "syslog", events, noise=50),
        )
    b.add(
        f"{culprit}/nvidia-smi-nvlink-e.txt",
        nvlink_errors(
            8,
            {
                (2, 4): {"replay": 0, "recovery": 17, "crc": 0},
                (2, 5): {"recovery": 9},
                (3, 10): {"replay": 2},
            },
        ),
    )
    b.label(
        "nvlink",
        "infrastructure",
        culprit,
        bad,
        "restart_without_node",
        "Rank 26 (dgx-b204, GPU 2) hit an uncorrectable NVLink error with Xid 74 on links 4/5 of that GPU at 23:47; "
        "the timestamp-less 1.13 watchdog messages of all other ranks come from the launcher 30 minutes later.",
        "https://github.com/MIC-DKFZ/nnUNet/issues/1519",
    )
    return b


def t04() -> Bundle:
    rng = random.Random(404)
    b = Bundle("t04_host_mce_sigbus_kills_one_rank")
    hosts = [f"gn{i}" for i in range(101, 105)]
    job = make_job(rng, hosts, subnet="10.12.0", first=101)
    pfx = Prefix(job, "default")
    start = datetime(2024, 6, 18, 22, 14, 3)
    culprit, lr = "gn103", 6
    bad = job.rank(culprit, lr)
    fail = datetime(2024, 6, 19, 3, 41, 27, 601224)
    cons = {
        h: base_console(rng, job, h, start, pfx, nccl_kw={"ifname": "ibp26s0", "channels": 6})
        for h in hosts
    }
    for d, line in pylog_steps(rng, start + sec(80), 10, 19000, step_s=1.02, name="llm.train"):
        if d < fail:
            cons["gn101"].at(d, pfx.out(0) + line)
    pid = job.pid(bad)
    crash = [
        "Fatal Python error: Bus error",
        "",
        "Thread 0x00007f3c2a7fe640 (most recent call first):",
        '  File "/usr/lib/python3.10/threading.py", line 324 in wait',
        '  File "/usr/lib/python3.10/threading.py", line 607 in wait',
        '  File "/opt/venv/lib/python3.10/site-packages/tqdm/_monitor.py", line 60 in run',
        '  File "/usr/lib/python3.10/threading.py", line 1016 in _bootstrap_inner',
        "",
        "Current thread 0x00007f3d9c1e2740 (most recent call first):",
        '  File "/opt/venv/lib/python3.10/site-packages/torch/optim/adamw.py", line 519 in _multi_tensor_adamw',
        '  File "/opt/venv/lib/python3.10/site-packages/torch/optim/adamw.py", line 335 in adamw',
        '  File "/opt/venv/lib/python3.10/site-packages/torch/optim/adamw.py", line 187 in step',
        '  File "/opt/venv/lib/python3.10/site-packages/torch/optim/optimizer.py", line 391 in wrapper',
        '  File "/workspace/llm/train.py", line 402 in train_step',
        '  File "/workspace/llm/train.py", line 455 in main',
        '  File "/workspace/llm/train.py", line 481 in <module>',
        "",
        "Extension modules: numpy.core._multiarray_umath, torch._C, torch._C._fft, torch._C._linalg, "
        "torch._C._nested, torch._C._nn, torch._C._sparse, torch._C._special (total: 42)",
    ]
    cons[culprit].block(fail + ms(2), pfx.out(bad), crash)
    survivors = [job.pid(r) for r in job.ranks(culprit) if r != bad]
    agent_exit(
        cons[culprit],
        rng,
        job,
        culprit,
        "train.py",
        [Failure(fail + sec(0.9), culprit, bad, lr, -7, pid)],
        sigterm=survivors,
        sigterm_at=fail + sec(0.6),
    )
    for h in hosts:
        if h == culprit:
            continue
        t0 = fail + sec(600.2 + (0 if h == "gn101" else rng.uniform(0.2, 1.2)))
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            job.ranks(h),
            t0,
            212004,
            pfx,
            timeout_ms=600000,
            op="_REDUCE_SCATTER_BASE",
            numel=402653184,
        )
        fails = [Failure(d + sec(0.6), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(cons[h], rng, job, h, "train.py", fails)
    for h in hosts:
        b.add(f"{h}/torchrun.out", cons[h].render())
        events = []
        if h == culprit:
            addr = "3f1a2b4c00"
            page = "0x3f1a2b4"
            events = [
                (fail - ms(6), "kernel", "mce: [Hardware Error]: Machine check events logged"),
                (
                    fail - ms(6),
                    "kernel",
                    "mce: [Hardware Error]: CPU 57: Machine Check: 0 Bank 13: bd80000000100134",
                ),
                (
                    fail - ms(6),
                    "kernel",
                    "mce: [Hardware Error]: RIP !INEXACT! 33:<00007f3d8e21a4c2>",
                ),
                (
                    fail - ms(6),
                    "kernel",
                    f"mce: [Hardware Error]: TSC 4f1a9c2d11e8 ADDR {addr} MISC 86 SYND "
                    "4d000000 IPID 0",
                ),
                (
                    fail - ms(6),
                    "kernel",
                    "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1718768487 SOCKET 1 APIC 73 "
                    "microcode 2b000571",
                ),
                (
                    fail - ms(5),
                    "kernel",
                    f"Memory failure: {page}: Sending SIGBUS to python3:{pid} due to hardware "
                    "memory corruption",
                ),
                (
                    fail - ms(5),
                    "kernel",
                    f"Memory failure: {page}: recovery action for dirty LRU page: Recovered",
                ),
                (
                    fail + ms(120),
                    "kernel",
                    "EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 "
                    f"(channel:2 slot:0 page:{page} offset:0xc00 grain:32 - err_code:0x0000:"
                    f"0x0090 SystemAddress:0x{addr} ProcessorSocketId:0x1 "
                    "MemoryControllerId:0x0 ChannelId:0x2 DimmSlotId:0x0 Row:0x1f8d)",
                ),
                (fail + ms(400), "rasdaemon", "rasdaemon: mce_record store: 0x55d1c3a2e9f8"),
            ]
        if h == "gn102":
            events = [
                (
                    fail - sec(5400),
                    "kernel",
                    "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 "
                    "(channel:0 slot:0 page:0x1a2f3e offset:0x440 grain:32 syndrome:0x0)",
                )
            ]
        b.add(
            f"{h}/journal.txt",
            kernel_log(rng, h, start - sec(3600), fail + sec(700), "journal", events, noise=60),
        )
    b.add(
        f"{culprit}/ras-mc-ctl-errors.txt",
        [
            "No Memory errors.",
            "",
            "No PCIe AER errors.",
            "",
            "MCE events:",
            "1 2024-06-19 03:41:27 +0000 error: Uncorrected memory error, mcg mcgstatus=0, mci Uncorrected_error "
            "Error_enabled SRAR, n_errors: 1, mcgcap=0x0f000c14, status=0xbd80000000100134, addr=0x3f1a2b4c00, "
            "misc=0x86, walltime=0x6672526f, cpu=0x00000039, cpuid=0x000806f8, apicid=0x00000049, socketid=0x01, "
            "mcastatus=0x9d, bank=0x0d",
        ],
    )
    b.label(
        "host",
        "infrastructure",
        culprit,
        bad,
        "restart_without_node",
        "An uncorrected DRAM error on gn103 (MCE, EDAC UE) made the kernel send SIGBUS to rank 22's process at "
        "03:41:27; the _REDUCE_SCATTER_BASE watchdog timeouts on the other three nodes follow ten minutes later.",
        "https://github.com/hiyouga/LlamaFactory/issues/2206",
    )
    return b


def t05() -> Bundle:
    rng = random.Random(405)
    b = Bundle("t05_rank0_readonly_checkpoint_path_then_watchdogs")
    hosts = [f"trn-c{i:02d}" for i in range(1, 5)]
    job = make_job(rng, hosts, subnet="172.16.40", first=11)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 9, 3, 8, 11, 40)
    save = datetime(2024, 9, 3, 10, 0, 0, 412000)
    cons = {h: base_console(rng, job, h, start, pfx, nccl=False) for h in hosts}
    c0 = cons["trn-c01"]
    cfg = [
        "model: llama-13b",
        "seq_len: 4096",
        "micro_batch: 2",
        "grad_accum: 4",
        "lr: 1.5e-4",
        "data: /datasets/pile/tokenized/train_*.bin",
        "save_dir: /datasets/pile/checkpoints",
        "save_every: 2000",
        "resume: false",
    ]
    c0.block(start + sec(28), pfx.out(0) + f"{pylog(start + sec(28))} - sft - INFO - config ", cfg)
    for d, line in pylog_steps(rng, start + sec(60), 10, 2000, step_s=3.25, name="sft", tok=260000):
        if d < save:
            c0.at(d, pfx.out(0) + line)
    c0.at(
        save,
        pfx.out(0)
        + f"{pylog(save)} - sft - INFO - saving checkpoint to /datasets/pile/checkpoints/step_2000",
    )
    t_err = save + sec(2.7)
    tb = py_traceback(
        [
            ("/workspace/sft/train.py", 388, "<module>", "main()"),
            (
                "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py",
                355,
                "wrapper",
                "return f(*args, **kwargs)",
            ),
            (
                "/workspace/sft/train.py",
                371,
                "main",
                "save_checkpoint(model, optimizer, step, cfg.save_dir)",
            ),
            ("/workspace/sft/ckpt.py", 58, "save_checkpoint", "os.makedirs(path, exist_ok=True)"),
            ("/usr/lib/python3.10/os.py", 225, "makedirs", "mkdir(name, mode)"),
        ],
        "OSError: [Errno 30] Read-only file system: '/datasets/pile/checkpoints/step_2000'",
    )
    c0.block(t_err, pfx.out(0), tb)
    survivors = [job.pid(r) for r in job.ranks("trn-c01") if r != 0]
    efile = "/tmp/torchelastic_q0d8ml3v/none_1gk2v9e_/attempt_0/0/error.json"
    agent_exit(
        c0,
        rng,
        job,
        "trn-c01",
        "train.py",
        [
            Failure(
                t_err + sec(1.3),
                "trn-c01",
                0,
                0,
                1,
                job.pid(0),
                traceback="Traceback (most recent call last): ... OSError: [Errno 30] Read-only file "
                "system: '/datasets/pile/checkpoints/step_2000'",
                error_file=efile,
            )
        ],
        sigterm=survivors,
        sigterm_at=t_err + sec(0.9),
    )
    for h in hosts[1:]:
        con = cons[h]
        for r in rng.sample(job.ranks(h), 3):
            pid = job.pid(r)
            d = t_err + sec(rng.uniform(1.0, 1.6))
            con.at(
                d,
                pfx.out(r) + f"{h}:{pid}:{pid + 388} [{job.local(r)}] misc/socket.cc:50 NCCL WARN "
                f"socketProgress: Connection closed by remote peer trn-c01<{rng.randint(33000, 60000)}>",
            )
            con.at(
                d,
                pfx.out(r)
                + f"{h}:{pid}:{pid + 388} [{job.local(r)}] NCCL INFO misc/socket.cc:752 -> 6",
            )
        t0 = save + sec(1800.9)
        done = add_watchdogs(con, rng, job, job.ranks(h), t0, 40019, pfx, numel=1, op="ALLREDUCE")
        fails = [Failure(d + sec(0.7), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()]
        agent_exit(con, rng, job, h, "train.py", fails)
        for r in job.ranks(h)[:2]:
            con.at(t0 + sec(3), destroy_pg_warning(t0 + sec(3), r))
    for h in hosts:
        b.add(f"{h}/train.log", cons[h].render())
        b.add(
            f"{h}/mounts.txt",
            [
                "10.0.9.5:/export/datasets on /datasets type nfs4 (ro,relatime,vers=4.2,rsize=1048576,wsize=1048576,"
                "namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr="
                + job.ips[h]
                + ",local_lock=none,"
                "addr=10.0.9.5)",
                "10.0.9.5:/export/scratch on /scratch type nfs4 (rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,"
                "namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys,clientaddr="
                + job.ips[h]
                + ",local_lock=none,"
                "addr=10.0.9.5)",
                "/dev/md0 on / type ext4 (rw,relatime)",
            ],
        )
        b.add(f"{h}/dmesg-T.txt", kernel_log(rng, h, start, save + sec(1900), "dmesg_t", noise=25))
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Rank 0 failed first (10:00:03) writing its checkpoint to save_dir /datasets/pile/checkpoints, which is "
        "mounted read-only on every node; the 24 watchdog timeouts at 10:30 are other ranks waiting at the barrier.",
        "https://github.com/ai2cm/ace/issues/851",
    )
    return b


CASES = [t01, t02, t03, t04, t05]
