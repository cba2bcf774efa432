"""x36-x40: cross-cutting: retried jobs, clean-with-warnings, user cancel, fabric transient."""

from common import *


def x36_retry_error_follows_node(rng):
    b = Bundle()
    plan = [
        (
            0,
            ["gpu-b03", "gpu-b07", "gpu-b12", "gpu-b15"],
            T(2025, 6, 2, 1, 0, 0),
            5400,
            "an illegal memory access was encountered",
        ),
        (
            1,
            ["gpu-b12", "gpu-b04", "gpu-b09", "gpu-b18"],
            T(2025, 6, 2, 3, 5, 0),
            2100,
            "unspecified launch failure",
        ),
        (
            2,
            ["gpu-b01", "gpu-b05", "gpu-b20", "gpu-b12"],
            T(2025, 6, 2, 4, 0, 0),
            880,
            "an illegal memory access was encountered",
        ),
    ]
    for att, hosts, t0, dt, err in plan:
        job = Job(hosts)
        bad = job.ranks("gpu-b12")[1]
        fail = add(t0, dt)
        for h in hosts:
            lines = []
            if h == hosts[0]:
                lines += [
                    f"[rank0]:{py_ts(add(t0, s * 2))} | step {s} | loss {2.4 - s / 9000:.4f} | tok/s {182000 + rng.randint(-800, 800)}"
                    for s in range(50, int(dt / 2), 50)
                ]
            if h == "gpu-b12":
                lines += pfx(
                    f"[rank{bad}]: ",
                    py_tb(
                        [
                            ("/src/train.py", 301, "train_step", "loss.backward()"),
                            (
                                "/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py",
                                825,
                                "_engine_run_backward",
                                "return Variable._execution_engine.run_backward(",
                            ),
                        ],
                        f"RuntimeError: CUDA error: {err}\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    ),
                )
            for r in job.ranks(h):
                if r != bad:
                    lines += watchdog_v2(
                        r,
                        9000 + att,
                        "REDUCE_SCATTER",
                        600000,
                        600000 + rng.randint(3, 70),
                        add(fail, 600 + rng.random()),
                        numel=(1048576, 131072),
                    )
            fl = [(r, job.local(r), -6, 7000 + r + 100 * att) for r in job.ranks(h)]
            if h == "gpu-b12":
                fl = [(bad, 1, 1, 7000 + bad + 100 * att)] + [f for f in fl if f[0] != bad]
            lines += elastic_summary(add(fail, 610), h, "train.py", fl)
            b.add(h, "train.log", lines, attempt=att)
    b.label(
        "gpu_hardware",
        "infrastructure",
        "gpu-b12",
        None,
        "restart_without_node",
        "Three attempts on different node sets all fail the same way: a CUDA fault (illegal memory access or "
        "unspecified launch failure) on local GPU 1 of gpu-b12. The global rank changes (17, 1, 25) because the node's "
        "position changes. No other node is in all three attempts, and failure time and step vary, so it is not the "
        "data. No kernel logs were collected, but the error follows the GPU. Exclude the node.",
        "https://github.com/hpcaitech/Open-Sora/issues/694",
    )
    return b


def x37_retry_moves_across_spine(rng):
    b = Bundle()
    b.topology = {
        "leaf-a": ["n01", "n02", "n03", "n04"],
        "leaf-b": ["n05", "n06", "n07", "n08"],
        "spine-1": ["leaf-a", "leaf-b"],
    }
    pairs = [(0, "n02", "n06"), (1, "n03", "n07"), (2, "n01", "n05")]
    hosts = [f"n0{i}" for i in range(1, 9)]
    job = Job(hosts)
    for att, x, y in pairs:
        t0 = T(2024, 8, 9, 1 + att * 3, 0, 0)
        fail = add(t0, rng.randint(2000, 8000))
        for h in hosts:
            lines = []
            if h in (x, y):
                peer = y if h == x else x
                lr = rng.randrange(8)
                lines += [
                    f"{h}:{9000 + att}:{9100 + att} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.40.0.{hosts.index(peer) + 11}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.40.0.{hosts.index(h) + 11} remoteGids::ffff:10.40.0.{hosts.index(peer) + 11} hca mlx5_{lr % 4}",
                    f"{h}:{9000 + att}:{9100 + att} [{lr}] NCCL INFO transport/net.cc:1298 -> 6",
                ]
            for r in job.ranks(h)[:2]:
                lines += watchdog_v2(
                    r,
                    40000 + att * 17,
                    "ALLREDUCE",
                    600000,
                    600000 + rng.randint(3, 90),
                    add(fail, 600),
                )
            b.add(h, "train.log", lines, attempt=att)
            b.add(h, "dmesg.txt", kernel_noise(rng, h, t0, 2, style="dmesgT"), attempt=att)
    b.add(
        "n01",
        "ib-port-counters.txt",
        [
            "node  port  SymbolErr  LinkDowned  RcvErrors  XmtDiscards",
            *[f"{h}   1     0          0           0          {rng.randint(0, 3)}" for h in hosts],
        ],
        attempt=2,
    )
    b.label(
        "network",
        "infrastructure",
        None,
        None,
        "run_diagnostics",
        "Three attempts fail with NCCL IB retry-exceeded errors between a different pair of nodes each time "
        "(n02-n06, n03-n07, n01-n05). Each pair crosses from leaf-a to leaf-b through the spine. No node repeats, "
        "host-side HCA counters and kernel logs are clean, and traffic inside a leaf never fails. The suspect is the "
        "leaf-a/leaf-b uplinks or the spine, which no node exclusion can fix. Run fabric diagnostics before "
        "resubmitting.",
        "https://github.com/NVIDIA/nccl/issues/905",
    )
    return b


def x38_megatron_completes_with_warnings(rng):
    b = Bundle()
    hosts = ["dgx-a01", "dgx-a02"]
    job = Job(hosts)
    t0 = T(2025, 4, 14, 6, 0, 0)
    lines = []
    for it in range(10, 2001, 10):
        t = add(t0, it * 3.1)
        skipped = 1 if it == 730 else 0
        loss = 2.6 - it / 3000 + (1.9 if it == 730 else 0)
        lines.append(
            f" [{t.strftime('%Y-%m-%d %H:%M:%S')}] iteration {it:>8d}/    2000 | consumed samples: {it * 256:>10d} | elapsed time per iteration (ms): {3100 + rng.random() * 40:.1f} | learning rate: 1.000000E-04 | global batch size:   256 | lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: {(38.2 if it == 730 else 0.3 + rng.random() * 0.05):.3f} | number of skipped iterations: {skipped:>3d} | number of nan iterations:   0 |"
        )
        if it == 400:
            lines.append(f"dgx-a02:5512:5790 [3] NCCL WARN NET/IB : Got async event : port error")
            lines.append(f"dgx-a02:5512:5790 [3] NCCL WARN NET/IB : Got async event : port active")
        if it == 1200:
            lines.append(
                f"[rank0]:[W{t.strftime('%m%d %H:%M:%S')}.000000000 ProcessGroupNCCL.cpp:4115] Warning: TORCH_NCCL_AVOID_RECORD_STREAMS is the default now, this environment variable is thus deprecated. (function operator())"
            )
        if it % 1000 == 0:
            lines.append(
                f"saving checkpoint at iteration {it:7d} to /ckpt/sft-8b in torch_dist format"
            )
            lines.append(
                f"  successfully saved checkpoint from iteration {it:7d} to /ckpt/sft-8b [ t 1/2, p 1/1 ]"
            )
    lines += [
        f"[after training is done] datetime: {add(t0, 6250).strftime('%Y-%m-%d %H:%M:%S')}",
        "------------------------------------------------------------------------------------------------------------",
        " validation loss at iteration 2000 on validation set | lm loss value: 1.912300E+00 | lm loss PPL: 6.769381E+00 | ",
        f"I{add(t0, 6270).strftime('%m%d %H:%M:%S')}.202000 4410 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.",
        f"I{add(t0, 6271).strftime('%m%d %H:%M:%S')}.003000 4410 torch/distributed/elastic/agent/server/api.py:932] Done waiting for other agents. Elapsed: 0.8006 seconds",
    ]
    b.add(hosts[0], "megatron_stdout.log", lines)
    b.add(
        hosts[1],
        "dmesg.txt",
        kernel_noise(rng, hosts[1], t0, 3, style="dmesgT")
        + [
            f"{dmesg_T(add(t0, 1240))} mlx5_core 0000:ab:00.0: mlx5_port_change:727:(pid 0): Link down on port 1",
            f"{dmesg_T(add(t0, 1242))} mlx5_core 0000:ab:00.0: mlx5_port_change:727:(pid 0): Link up on port 1",
        ],
    )
    b.add(
        hosts[1],
        "sacct.txt",
        ["JobID    State     ExitCode", "88123    COMPLETED 0:0", "88123.0  COMPLETED 0:0"],
    )
    b.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "The run completed: 2000/2000 iterations, final checkpoint and validation done, both agents finished, and sacct "
        "says COMPLETED 0:0. There were warnings along the way: one IB port bounce on dgx-a02 that NCCL rode through, one "
        "loss spike skipped at iteration 730, and a deprecation notice. None of them stopped the job. Watch the port if "
        "it recurs; nothing to do for this job.",
        "https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/3427",
    )
    return b


def x39_user_scancel(rng):
    b = Bundle()
    hosts = ["gpu-q-001", "gpu-q-002", "gpu-q-014"]
    job = Job(hosts, gpn=4)
    t0 = T(2024, 9, 25, 15, 0, 0)
    end = add(t0, 5222)
    con = [
        f"{r}: {py_ts(add(t0, s * 4))} | INFO | step {s:5d} | loss {2.7 - s / 4000:.4f} | lr 3.0e-04 | {s * 4 % 100 + 4.0:.1f} s/10 steps"
        for r in (0,)
        for s in range(20, 1300, 20)
    ]
    con += [
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: forcing job termination",
        f"slurmstepd: error: *** STEP 8812.0 ON gpu-q-001 CANCELLED AT {end.strftime('%Y-%m-%dT%H:%M:%S')} ***",
    ]
    for r in range(job.world):
        con.append(
            f"{r}: W{end.strftime('%m%d %H:%M:%S')}.{rng.randint(0, 999999):06d} {3300 + r} torch/distributed/elastic/agent/server/api.py:704] Received 15 death signal, shutting down workers"
        )
    for r in (2, 7, 9):
        con.append(
            f"{r}: [rank{r}]:[E{end.strftime('%m%d %H:%M:%S')}.551000000 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"
        )
    con += [
        f"srun: error: {h}: tasks {job.ranks(h)[0]}-{job.ranks(h)[-1]}: Terminated" for h in hosts
    ]
    b.add(hosts[0], "slurm-8812.out", con)
    b.add(
        hosts[0],
        "sacct.txt",
        [
            "JobID        JobName   State               ExitCode",
            "8812         vit-h     CANCELLED by 41234  0:0",
            "8812.batch   batch     CANCELLED           0:15",
            "8812.0       torchrun  CANCELLED           0:15",
        ],
    )
    for h in hosts:
        b.add(h, "syslog", kernel_noise(rng, h, t0, 3))
    b.label(
        "unknown",
        "script",
        None,
        None,
        "none",
        "The job was cancelled by its owner (uid 41234, 'CANCELLED by'). There was no time limit and no failure: loss "
        "was falling normally up to the cancel. The NCCL 'remote process exited' errors and SIGTERM shutdowns are the "
        "teardown. No action.",
        "https://github.com/kyutai-labs/pocket-tts/pull/277",
    )
    return b


def x40_fabric_wide_sm_resweep(rng):
    b = Bundle()
    hosts = [f"ai{n:03d}" for n in (110, 111, 112, 113, 140, 141, 142, 143)]
    job = Job(hosts)
    t0 = T(2024, 10, 2, 11, 0, 0)
    ev = add(t0, 3 * 3600 + 77)
    for i, h in enumerate(hosts):
        lines = []
        if i == 0:
            lines += [
                f"[rank0]: iter {s} loss {2.2 - s / 20000:.4f} tflops 391.2"
                for s in range(100, 5000, 100)
            ]
        if i not in (3, 6):
            lr = rng.randrange(8)
            lines += [
                f"{h}:{8000 + i}:{8200 + i} [{lr}] NCCL INFO NET/IB : Got async event : port error",
                f"{h}:{8000 + i}:{8200 + i} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.60.{rng.randint(1, 8)}.{rng.randint(10, 40)}<{rng.randint(40000, 60000)}> with status=12 opcode=1 len=0 vendor err 129 (Send)",
                f"{h}:{8000 + i}:{8200 + i} [{lr}] NCCL INFO transport/net.cc:1298 -> 6",
            ]
        for r in job.ranks(h)[:3]:
            lines += pfx(
                f"[rank{r}]: ",
                [
                    "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:318, remote process exited or there was a network error, NCCL version 2.21.5",
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:",
                    "NET/IB : Got completion from peer with status=12 opcode=1 len=0 vendor err 129 (Send)",
                ],
            )
        b.add(h, "console.log", lines)
        sl = kernel_noise(rng, h, t0, 3)
        sl += [
            f"{syslog(add(ev, -2 + i * 0.01), h, 'kernel')} mlx5_core 0000:{['18', '2a', '3a', '5d'][i % 4]}:00.0 mlx5_0: Port 1: LID change event (SM LID 0x1 -> 0x2b)",
            f"{syslog(add(ev, -1), h, 'kernel')} ib0: multicast join failed for ff12:401b:ffff:0000:0000:0000:ffff:ffff, status -22",
            f"{syslog(add(ev, 40), h, 'kernel')} ib0: multicast join completed",
        ]
        b.add(h, "syslog", sl)
    b.label(
        "network",
        "infrastructure",
        None,
        None,
        "restart",
        "Six of eight nodes get IB retry-exceeded completions in the same second, and every node's kernel logs the same "
        "subnet-manager LID change (SM moved to LID 0x2b) with multicast rejoins, recovered within a minute. A fabric-wide "
        "SM failover, not a single bad node or link. Restart the job.",
        "https://github.com/deepspeedai/DeepSpeedExamples/issues/845",
    )
    return b


CASES = [
    x36_retry_error_follows_node,
    x37_retry_moves_across_spine,
    x38_megatron_completes_with_warnings,
    x39_user_scancel,
    x40_fabric_wide_sm_resweep,
]
