"""x26-x30: plain torchrun + custom loops, torch 1.13 and 2.x."""

from common import *


def _loop(t, step, loss, dt):
    return f"{py_ts(t)} INFO train.py:211 step={step} loss={loss:.4f} step_time={dt:.3f}s"


def x26_torch113_ib_link_flap(rng):
    b = Bundle()
    hosts = ["cn0101", "cn0102", "cn0207", "cn0208"]
    b.topology = {"leaf-r01": ["cn0101", "cn0102"], "leaf-r02": ["cn0207", "cn0208"]}
    job = Job(hosts)
    bh = "cn0102"
    ips = {h: f"10.12.{i + 1}.{10 + i}" for i, h in enumerate(hosts)}
    t0 = T(2023, 4, 17, 19, 0, 0)
    fail = add(t0, 4 * 3600 + 611)
    for h in hosts:
        lines = []
        if h == hosts[0]:
            lines += [
                _loop(add(t0, s * 2.2), s, 3.0 - s / 9000, 2.2 + rng.random() * 0.05)
                for s in range(100, 6500, 100)
            ]
        for r in job.ranks(h):
            if h == bh or (h == "cn0208" and job.local(r) in (1, 2)):
                peer = ips["cn0208"] if h == bh else ips[bh]
                lines.append(
                    f"{h}:{21000 + r}:{21300 + r} [{job.local(r)}] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer {peer}<{rng.randint(40000, 60000)}> with error 12, opcode 0, len 0, vendor err 129 (Recv)"
                )
                lines.append(
                    f"{h}:{21000 + r}:{21300 + r} [{job.local(r)}] NCCL INFO transport/net.cc:1134 -> 6"
                )
            lines += watchdog_v113(
                r, 118224, "ALLREDUCE", 1800000, 1800000 + rng.randint(100, 900), add(fail, 1800)
            )
        fl = [(r, job.local(r), -6, 21000 + r) for r in job.ranks(h)]
        lines += elastic_summary(add(fail, 1805), h, "train.py", fl, style="v113")
        b.add(h, "train.log", lines)
    dm = kernel_noise(rng, bh, t0, 3, style="dmesgT")
    for k in range(4):
        tt = add(fail, -90 + k * 23)
        dm += [
            f"{dmesg_T(tt)} mlx5_core 0000:5e:00.0: mlx5_port_change:727:(pid 0): Link down on port 1",
            f"{dmesg_T(add(tt, 4))} mlx5_core 0000:5e:00.0: mlx5_port_change:727:(pid 0): Link up on port 1",
        ]
    dm.append(
        f"{dmesg_T(add(fail, 10))} mlx5_core 0000:5e:00.0: mlx5_pcie_event:301:(pid 41233): Detected insufficient power on the PCIe slot (27W)."
    )
    b.add(bh, "dmesg.txt", dm)
    b.add(
        bh,
        "ibstat.txt",
        [
            "CA 'mlx5_0'",
            "\tPort 1:",
            "\t\tState: Active",
            "\t\tPhysical state: LinkUp",
            "\t\tRate: 200",
            "$ perfquery -x 0x1b 1",
            "SymbolErrorCounter:..............65535",
            "LinkErrorRecoveryCounter:........255",
            "LinkDownedCounter:...............17",
        ],
    )
    for h in hosts:
        if h != bh:
            b.add(h, "dmesg.txt", kernel_noise(rng, h, t0, 4, style="dmesgT"))
    b.label(
        "network",
        "infrastructure",
        bh,
        None,
        "restart_without_node",
        "The NCCL IB transport reports retry-exceeded completions (error 12) between cn0102 and cn0208, and then all "
        "ranks hit the 1.13-style watchdog timeout. Only cn0102's kernel shows its HCA port flapping four times, and its "
        "counters show saturated symbol errors and 17 link-downs. cn0208 only sees the errors as the peer. Replace the "
        "cable or HCA on cn0102 and resume without it.",
        "https://github.com/NVIDIA/nccl/issues/905",
    )
    return b


def x27_torch24_conditional_collective_desync(rng):
    b = Bundle()
    hosts = ["gpu-l40-01", "gpu-l40-02", "gpu-l40-03"]
    job = Job(hosts)
    odd = 14
    t0 = T(2024, 9, 12, 11, 0, 0)
    hang = add(t0, 7020)
    for h in hosts:
        lines = []
        if h == hosts[0]:
            lines += [
                f"[rank0]:{_loop(add(t0, s * 1.4), s, 1.9 - s / 20000, 1.4)}"
                for s in range(50, 5001, 50)
            ]
            lines.append(
                f"[rank0]:{py_ts(add(hang, -3))} INFO train.py:240 validation: val_loss=1.6620 (best 1.6581)"
            )
        for r in job.ranks(h):
            op = "BROADCAST" if r == odd else "ALLREDUCE"
            lines += watchdog_v2(
                r, 10033, op, 600000, 600000 + rng.randint(10, 70), add(hang, 600 + rng.random())
            )
            lines.append(
                c10(
                    r,
                    "E",
                    add(hang, 601),
                    "ProcessGroupNCCL.cpp:1380",
                    f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] ProcessGroupNCCL preparing to dump debug info. Include entire stack trace in the dump: 1",
                )
            )
        lines += elastic_summary(
            add(hang, 660), h, "train.py", [(r, job.local(r), -6, 30000 + r) for r in job.ranks(h)]
        )
        b.add(h, "console.log", lines)
    b.add(
        hosts[0],
        "fr_trace_analysis.txt",
        [
            "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr_dumps -j",
            "Collective 10033 (pg default_pg) mismatch:",
            f"  ranks [0-13, 15-23] : nccl:all_reduce  in_sizes=[[1]] dtype=Float  state=scheduled",
            f"  rank  [14]          : nccl:broadcast   in_sizes=[[1]] dtype=Bool   state=scheduled",
            "  Found mismatched collective type: all_reduce vs broadcast",
            f"  rank 14 stack: train.py:252 maybe_early_stop -> torch/distributed/distributed_c10d.py:2412 broadcast",
            f"  rank 0 stack:  train.py:238 reduce_val_metrics -> torch/distributed/distributed_c10d.py:2501 all_reduce",
        ],
    )
    b.add(
        hosts[1],
        "train_py_snippet.txt",
        [
            "245  def maybe_early_stop(val_loss, best):",
            "246      # patience counter is kept per rank and diverges when local val shards differ",
            "247      if patience[rank] > cfg.patience:",
            "252          dist.broadcast(stop_flag, src=rank)",
        ],
    )
    b.label(
        "hang",
        "script",
        None,
        None,
        "stop",
        "All 24 ranks time out on collective 10033. The flight recorder shows 23 ranks in all_reduce (validation "
        "metrics) while rank 14 is in a broadcast from the user's early-stopping branch, which runs on a per-rank "
        "condition. This is a collective mismatch in user code. It will recur and must be fixed, not restarted.",
        "https://github.com/NVIDIA/nccl/issues/1260",
    )
    return b


def x28_torchrun_rdzv_node_driver_mismatch(rng):
    b = Bundle()
    hosts = ["node-01", "node-02", "node-03", "node-04"]
    bh = "node-03"
    t0 = T(2024, 6, 28, 6, 30, 0)
    for h in hosts:
        if h == bh:
            continue
        lines = [
            f"I{t0.strftime('%m%d %H:%M:%S')}.118000 2201 torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:",
            "  entrypoint       : train.py",
            "  min_nodes        : 4",
            "  max_nodes        : 4",
            "  nproc_per_node   : 8",
            "  rdzv_backend     : c10d",
            "  rdzv_endpoint    : node-01:29400",
            "  rdzv_configs     : {'timeout': 900}",
            f"I{add(t0, 1).strftime('%m%d %H:%M:%S')}.301000 2201 torch/distributed/elastic/agent/server/api.py:860] [default] starting workers for entrypoint: python",
            f"I{add(t0, 1).strftime('%m%d %H:%M:%S')}.302000 2201 torch/distributed/elastic/agent/server/api.py:677] [default] Rendezvous'ing worker group",
        ]
        lines += py_tb(
            [
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py",
                    1162,
                    "next_rendezvous",
                    "self._op_executor.run(join_op, deadline, self._get_deadline)",
                ),
                (
                    "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py",
                    676,
                    "run",
                    "raise RendezvousTimeoutError",
                ),
            ],
            "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
        )
        b.add(h, "torchrun.log", lines)
        b.add(h, "syslog", kernel_noise(rng, h, t0, 4))
    b.add(
        bh,
        "docker-run.log",
        [
            f"{iso(add(t0, -2))} docker: Error response from daemon: failed to create task for container: failed to create shim task: OCI runtime create failed: runc create failed: unable to start container process: error during container init: error running hook #0: error running hook: exit status 1, stdout: , stderr: Auto-detected mode as 'legacy'",
            "nvidia-container-cli: initialization error: nvml error: driver/library version mismatch: unknown.",
        ],
    )
    b.add(
        bh,
        "syslog",
        [
            f"{syslog(add(t0, -86400), bh, 'unattended-upgrades[1822]')} Packages that will be upgraded: libnvidia-compute-550 nvidia-utils-550",
            f"{syslog(add(t0, -3), bh, 'kernel')} NVRM: API mismatch: the client has the version 550.90.07, but",
            f"{syslog(add(t0, -3), bh, 'kernel')} NVRM: this kernel module has the version 535.161.08.  Please",
            f"{syslog(add(t0, -3), bh, 'kernel')} NVRM: make sure that this kernel module and all NVIDIA driver",
            f"{syslog(add(t0, -3), bh, 'kernel')} NVRM: components have the same version.",
        ],
    )
    b.label(
        "host",
        "infrastructure",
        bh,
        None,
        "restart_without_node",
        "Three torchrun agents wait 900 s in rendezvous for a fourth that never arrives. On node-03 the container never "
        "started: unattended-upgrades replaced the userspace NVIDIA libraries (550) while the 535 kernel module stays "
        "loaded, so NVML fails with a driver/library mismatch. The node needs a reboot or driver reinstall; run without "
        "it.",
        "https://github.com/pytorch/pytorch/issues/107021",
    )
    return b


def x29_torchrun_segfault_same_step_moves(rng):
    b = Bundle()
    pool = ["c-a1", "c-a2", "c-b1", "c-b2", "c-c1"]
    for att, hosts, bad, t0 in (
        (0, ["c-a1", "c-a2"], 3, T(2024, 2, 1, 10, 0, 0)),
        (1, ["c-b1", "c-c1"], 11, T(2024, 2, 1, 12, 40, 0)),
    ):
        job = Job(hosts)
        fail = add(t0, 1800 if att == 0 else 620)
        for h in hosts:
            lines = [
                f"[default{job.local(r)}]:{_loop(add(t0, s), s, 2.2 - s / 10000, 1.5)}"
                for r in job.ranks(h)[:1]
                for s in range(1000 if att else 0, 1200, 50)
            ]
            if h == job.host_of(bad):
                lines += [
                    f"[default{job.local(bad)}]:Fatal Python error: Segmentation fault",
                    f"[default{job.local(bad)}]:",
                    f"[default{job.local(bad)}]:Current thread 0x00007f2b91ffb740 (most recent call first):",
                    f'[default{job.local(bad)}]:  File "/workspace/ext/fused_rope/__init__.py", line 41 in forward',
                    f'[default{job.local(bad)}]:  File "/workspace/model/attention.py", line 118 in forward',
                    f'[default{job.local(bad)}]:  File "/workspace/train.py", line 190 in train_step',
                    f"[default{job.local(bad)}]:sample ids in batch: [88121, 88122, 88123, 88124] max_seq_len=8193 (rope table size 8192)",
                ]
            fl = [(r, job.local(r), -15, 5000 + r + att * 40) for r in job.ranks(h)]
            if h == job.host_of(bad):
                fl = [(bad, job.local(bad), -11, 5000 + bad + att * 40)] + [
                    f for f in fl if f[0] != bad
                ]
            lines += elastic_summary(add(fail, 3), h, "train.py", fl, style="v2")
            b.add(h, "torchrun.log", lines, attempt=att)
            b.add(
                h,
                "dmesg.txt",
                kernel_noise(rng, h, t0, 2, style="uptime")
                + (
                    [
                        f"{uptime(55000.2 + att)} pt_main_thread[{5000 + bad + att * 40}]: segfault at 7f2a00000000 ip 00007f2b6c1a2e11 sp 00007ffd0c9e2b10 error 4 in fused_rope_C.cpython-310-x86_64-linux-gnu.so[7f2b6c180000+40000]"
                    ]
                    if h == job.host_of(bad)
                    else []
                ),
                attempt=att,
            )
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Both attempts segfault at step 1200 on the same data batch, first on rank 3 (c-a2), then, after resuming from "
        "step 1000 on other nodes, on rank 11 (c-c1). The faulthandler and kernel segfault lines point into the user's "
        "fused_rope extension; the batch holds a sequence of 8193 tokens against a 8192-entry rope table. The crash "
        "moves with the data, not with a node. This is a deterministic out-of-bounds bug.",
        "https://github.com/pytorch/pytorch/issues/61839",
    )
    return b


def x30_torchrun_leftover_process_on_node(rng):
    b = Bundle()
    hosts = ["cn-201", "cn-209", "cn-217", "cn-230"]
    job = Job(hosts)
    bh = "cn-217"
    t0 = T(2025, 8, 4, 21, 0, 0)
    for h in hosts:
        lines = []
        if h == bh:
            for r in job.ranks(h)[:4]:
                lines += pfx(
                    f"[rank{r}]: ",
                    [
                        f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. GPU {job.local(r)} has a total capacity of 79.11 GiB of which 2.31 GiB is free. Process 771042 has 38.52 GiB memory in use. Including non-PyTorch memory, this process has 38.26 GiB memory in use. Of the allocated memory 34.90 GiB is allocated by PyTorch, and 1.71 GiB is reserved by PyTorch but unallocated."
                    ],
                )
        else:
            for r in job.ranks(h):
                lines += watchdog_v2(
                    r,
                    3,
                    "ALLREDUCE",
                    600000,
                    600000 + rng.randint(5, 40),
                    add(t0, 640 + rng.random()),
                )
        fl = [
            (r, job.local(r), 1 if (h == bh and job.local(r) < 4) else -6, 44000 + r)
            for r in job.ranks(h)
        ]
        lines += elastic_summary(add(t0, 650), h, "train.py", fl)
        b.add(h, "torchrun.log", lines)
    b.add(
        bh,
        "nvidia-smi.txt",
        [
            "+---------------------------------------------------------------------------------------+",
            "| Processes:                                                                            |",
            "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
            "|=======================================================================================|",
        ]
        + [
            f"|    {g}   N/A  N/A    771042      C   /home/jdoe/.venv/bin/python                 39444MiB |"
            for g in range(4)
        ]
        + [
            f"|    {g}   N/A  N/A     {44000 + job.ranks(bh)[g]}      C   /usr/bin/python                             {rng.randint(36000, 39000)}MiB |"
            for g in range(8)
        ],
    )
    b.add(
        bh,
        "ps.txt",
        [
            "USER       PID %CPU %MEM    VSZ   RSS TTY STAT START   TIME COMMAND",
            "jdoe    771042  99.1 12.4 91232412 16312044 ? Rl Aug03 1412:33 /home/jdoe/.venv/bin/python eval_sweep.py --gpus 0,1,2,3",
            "svc-ml   44016  3.2  1.1 30122112 1422312 ?   Sl 21:00   0:41 /usr/bin/python -u train.py",
        ],
    )
    b.add(
        bh,
        "slurmd.log",
        [
            f"[{add(t0, -86000).strftime('%Y-%m-%dT%H:%M:%S')}.412] [4410778.0] error: *** STEP 4410778.0 ON cn-217 CANCELLED AT {add(t0, -86000).strftime('%Y-%m-%dT%H:%M:%S')} ***",
            f"[{add(t0, -85990).strftime('%Y-%m-%dT%H:%M:%S')}.001] [4410778.0] error: Failed to send SIGKILL to pid 771042: process in D state, unkillable; step cgroup not empty",
            f"[{add(t0, -85980).strftime('%Y-%m-%dT%H:%M:%S')}.002] error: epilog: node not drained, health check disabled",
        ],
    )
    b.label(
        "host",
        "infrastructure",
        bh,
        None,
        "restart_without_node",
        "The four ranks on GPUs 0-3 of cn-217 hit CUDA OOM at startup because PID 771042, an orphaned process from "
        "yesterday's cancelled job that slurmd could not kill, still holds ~38 GiB on each of those GPUs. The rest of the "
        "job only times out. The node was not drained; exclude it (and drain/reboot it).",
        "https://github.com/Lightning-AI/pytorch-lightning/issues/4705",
    )
    return b


CASES = [
    x26_torch113_ib_link_flap,
    x27_torch24_conditional_collective_desync,
    x28_torchrun_rdzv_node_driver_mismatch,
    x29_torchrun_segfault_same_step_moves,
    x30_torchrun_leftover_process_on_node,
]
