"""y36-y40: OOMs of several kinds, NaNs (recipe vs one bad GPU), slowdown without a crash."""

from common import (
    Bundle,
    T,
    add,
    tz,
    glog,
    pylog,
    iso,
    syslog,
    dmesg_T,
    uptime,
    nccl_init,
    progress,
    watchdog,
    agent_summary,
    torchrun_header,
    dmesg_noise,
    render_kernel,
    smi_q,
    smi_table,
    py_tb,
    prefix,
)


def y36_host_oom_caused_by_log_shipper(rng):
    b = Bundle("y36_host_oom_caused_by_log_shipper")
    nodes = ["gpu-%s" % s for s in ("sea-04", "sea-05", "sea-09")]
    t_oom = T("2024-08-08T17:21:09")
    for gr, n in enumerate(nodes):
        con = torchrun_header(T("2024-08-08T10:00:00"), n, gr, 3, 8, nodes[0])
        if n == "gpu-sea-05":
            con += [
                "W%s 5120 torch/distributed/elastic/multiprocessing/api.py:858] Sending process 5133 closing signal SIGTERM"
                % glog(add(t_oom, 1), "")
            ]
            con += agent_summary(add(t_oom, 2), "train.py", n, [(11, 3, 5131, -9, "SIGKILL")])
        else:
            con += [
                "[rank%d]: torch.distributed.DistBackendError: NCCL error: remote process exited or there was a network error"
                % (gr * 8)
            ]
            con += agent_summary(add(t_oom, 3), "train.py", n, [(gr * 8, 0, 5100, 1, "")])
        b.add("%s/console.log" % n, con)
    k = [
        "fluent-bit invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0",
        "Tasks state (memory values in pages):",
        "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
        "[   2210]     0  2210 27311021 25201876 203411456        0          -998 fluent-bit",
        "[   5128]  1001  5128 19311022  9120331  80412672        0             0 python",
        "[   5131]  1001  5131 21131022 11201331  96112640        0             0 python",
        "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),task=python,pid=5131,uid=1001",
        "Out of memory: Killed process 5131 (python) total-vm:84524088kB, anon-rss:44805324kB, file-rss:0kB, shmem-rss:0kB, UID:1001 pgtables:93860kB oom_score_adj:0",
    ]
    b.add(
        "gpu-sea-05/dmesg-T.txt",
        render_kernel([(add(t_oom, i * 0.001), m) for i, m in enumerate(k)], "T"),
    )
    b.add(
        "gpu-sea-05/fluent-bit_status.txt",
        [
            "$ systemctl status fluent-bit",
            "   Memory: 96.1G (peak)",
            "Aug 08 17:02:11 gpu-sea-05 fluent-bit[2210]: [warn] [input:tail:tail.0] buffer full, retrying, mem_buf_limit not set",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        "gpu-sea-05",
        None,
        "restart_without_node",
        "Rank 11's worker was SIGKILLed by the kernel OOM killer on gpu-sea-05, so it looks like a job OOM. The task list "
        "shows the job's python processes at ~35-43 GiB RSS each, but fluent-bit at ~96 GiB with oom_score_adj -998, "
        "so the killer picked the training process. A node-local daemon exhausted host memory.",
        "https://github.com/OasisLMF/OasisPlatform/issues/967",
    )
    return b


def y37_rank0_only_gpu_oom_two_attempts(rng):
    b = Bundle("y37_rank0_only_gpu_oom_two_attempts")
    att = [["gh-07", "gh-08", "gh-10", "gh-11"], ["gh-02", "gh-08", "gh-10", "gh-11"]]
    for a, nodes in enumerate(att, 1):
        t0 = T("2024-03-1%dT00:00:00" % (3 + a))
        t_err = add(t0, 3600 * 5 + 33)
        for gr, n in enumerate(nodes):
            con = torchrun_header(t0, n, gr, 4, 4, nodes[0])
            if gr == 0:
                lp, tl, st = progress(rng, add(t0, 30), 0, 60, 3.0, 2.4, every=100)
                con += prefix(lp, "[rank0]:")
                con += [
                    "[rank0]: [%s] step 6000: running eval + generating samples on rank 0 (gather_for_metrics, 4096 samples)"
                    % pylog(add(t_err, -25)),
                    "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 12.50 GiB. GPU 0 has a total capacity of 94.50 GiB of which 7.92 GiB is free. Including non-PyTorch memory, this process has 86.55 GiB memory in use.",
                ]
                con += agent_summary(add(t_err, 1), "train.py", n, [(0, 0, 900, 1, "")])
            else:
                con += [
                    "[rank%d]: torch.distributed.DistBackendError: NCCL error: remote process exited or there was a network error"
                    % (gr * 4)
                ]
                con += agent_summary(add(t_err, 2), "train.py", n, [(gr * 4, 0, 900, 1, "")])
            b.add("attempt_%d/%s/console.log" % (a, n), con)
    b.add(
        "ops_notes.txt",
        [
            "attempt 1: OOM on gh-07, suspected leftover process, swapped gh-07 for gh-02",
            "attempt 2: same OOM on gh-02",
        ],
    )
    b.set_label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "Both attempts OOM on rank 0 at step 6000 when rank 0 alone gathers and generates 4096 eval samples. Swapping the "
        "node (gh-07 -> gh-02) changed nothing, and nvidia-smi-style evidence of a foreign process is absent. The memory "
        "spike is in the job's rank-0 eval path: fix the eval batch/gather, don't blame nodes.",
        "https://github.com/kijai/ComfyUI-FluxTrainer/issues/122",
    )
    return b


def y38_nan_follows_one_gpu(rng):
    b = Bundle("y38_nan_follows_one_gpu")
    att = [
        ["gpu-q03", "gpu-q06", "gpu-q09", "gpu-q12"],
        ["gpu-q09", "gpu-q12", "gpu-q03", "gpu-q06"],
    ]
    steps = [31220, 33904]
    for a, nodes in enumerate(att, 1):
        t0 = T("2024-05-2%dT00:00:00" % a)
        bad_rank = nodes.index("gpu-q09") * 8 + 5
        for gr, n in enumerate(nodes):
            con = torchrun_header(t0, n, gr, 4, 8, nodes[0])
            if gr == 0:
                lp, tl, st = progress(
                    rng, add(t0, 30), steps[a - 1] - 2000, 40, 1.2, 2.05, every=50
                )
                con += prefix(lp, "[rank0]:")
                con += [
                    "[rank0]: [%s] non-finite grad detected before all-reduce; per-rank local grad norms: %s"
                    % (
                        pylog(add(t0, 9000)),
                        ", ".join(
                            "r%d=%s"
                            % (r, "nan" if r == bad_rank else "%.3f" % rng.uniform(0.4, 0.7))
                            for r in range(32)
                        ),
                    ),
                    "[rank0]: FloatingPointError: step %d: grad norm is NaN, aborting"
                    % steps[a - 1],
                ]
                con += agent_summary(add(t0, 9001), "train.py", n, [(0, 0, 800, 1, "")])
            b.add("attempt_%d/%s/console.log" % (a, n), con)
    b.add(
        "attempt_2/gpu-q09/dcgmi_diag_r3.txt",
        [
            "+---------------------------+------------------------------------------------+",
            "| Diagnostic                | Result                                         |",
            "+===========================+================================================+",
            "| Memory                    | Pass - All                                     |",
            "| Diagnostic                | Fail - GPU5                                    |",
            "| Warning                   | GPU5 Error using CUDA API cuLaunchKernel / mismatched GEMM results on SM 97 |",
            "| Targeted Stress           | Pass - All                                     |",
        ],
    )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        "gpu-q09",
        None,
        "restart_without_node",
        "Each attempt aborts on a NaN grad norm at a different step. The per-rank local grad norms show a single NaN "
        "source - rank 21 in attempt 1, rank 5 in attempt 2 - both local rank 5 on gpu-q09 after rendezvous reordering. "
        "dcgmi diag r3 fails GPU5 with mismatched GEMM results: silent data corruption on one GPU, not the recipe.",
        "https://github.com/microsoft/dion/issues/76",
    )
    return b


def y39_recipe_nan_with_sbe_herring(rng):
    b = Bundle("y39_recipe_nan_with_sbe_herring")
    att = [["n-1a", "n-1b", "n-2a", "n-2b"], ["n-1a", "n-1b", "n-2a", "n-3c"]]
    for a, nodes in enumerate(att, 1):
        t0 = T("2024-07-0%dT00:00:00" % (3 + a))
        for gr, n in enumerate(nodes):
            con = torchrun_header(t0, n, gr, 4, 8, nodes[0])
            if gr == 0:
                t = add(t0, 60)
                for s in range(12000, 12420, 20):
                    t = add(t, 28)
                    gn = 0.35 if s < 12300 else 0.35 * (2 ** ((s - 12300) / 20))
                    con.append(
                        "[rank0]: [%s] step %d loss %.4f grad_norm %.3f loss_scale 65536 lr 3.0e-4"
                        % (pylog(t), s, 1.92 if s < 12340 else 1.92 + (s - 12340) * 0.05, gn)
                    )
                con += [
                    "[rank0]: [%s] step 12420 loss nan grad_norm nan; per-rank local grad norms all non-finite (32/32)"
                    % pylog(add(t, 28)),
                    "[rank0]: FloatingPointError: loss became NaN at step 12420",
                ]
                con += agent_summary(add(t, 29), "train.py", n, [(0, 0, 660, 1, "")])
            b.add("attempt_%d/%s/console.log" % (a, n), con)
    b.add(
        "attempt_1/n-2b/nvidia-smi-q.txt",
        smi_q(
            [
                {
                    "idx": i,
                    "bus": "00000000:%02X:00.0" % (0x19 + i * 0x10),
                    "sbe": 4812 if i == 3 else 0,
                    "dram_ce": 212 if i == 3 else 0,
                }
                for i in range(8)
            ]
        ),
    )
    b.add(
        "attempt_1/n-2b/dmesg-T.txt",
        render_kernel(
            [
                (
                    T("2024-07-04T02:10:00"),
                    "NVRM: Xid (PCI:0000:49:00): 92, pid=661, name=python, High single-bit ECC error rate",
                )
            ],
            "T",
        ),
    )
    b.add(
        "ops_notes.txt",
        ["attempt 2: replaced n-2b (ECC warnings) with n-3c, resumed from step 12000"],
    )
    b.set_label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "n-2b's GPU 3 has thousands of corrected single-bit errors and a Xid 92, and the operator swapped it out. But both "
        "attempts diverge at the same step 12420 from the same checkpoint, with every rank's local grads non-finite and "
        "grad_norm doubling from step 12300: deterministic recipe divergence. Corrected ECC does not produce NaNs.",
        "https://github.com/OpenNMT/OpenNMT-tf/issues/918",
    )
    return b


def y40_thermal_straggler_timelimit(rng):
    b = Bundle("y40_thermal_straggler_timelimit")
    nodes = ["hx%02d" % i for i in (1, 2, 3, 4, 5, 6)]
    t0 = T("2024-11-27T00:00:00")
    t_slow = T("2024-11-27T09:40:00")
    out = []
    t = t0
    s = 0
    while t < T("2024-11-27T23:59:00"):
        step_s = 1.1 if t < t_slow else 3.4
        s += 100
        t = add(t, step_s * 100)
        out.append(
            "0: [%s] step %d loss %.3f step_time %.2fs" % (pylog(t), s, 2.4 - s * 1e-5, step_s)
        )
        if t >= t_slow and s % 1000 == 0:
            out.append(
                "0: [%s] rank timing (fwd+bwd ms, max/median): max=3310 (rank 29) median=1050; slowest 8 ranks: 24-31"
                % pylog(t)
            )
    out += [
        "slurmstepd: error: *** JOB 44120 ON hx01 CANCELLED AT 2024-11-28T00:00:02 DUE TO TIME LIMIT ***"
    ]
    b.add("slurm-44120.out", out)
    b.add(
        "slurm_env.txt",
        ["SLURM_JOB_NODELIST=hx[01-06]", "SLURM_TASKS_PER_NODE=8(x6)", "SLURM_DISTRIBUTION=block"],
    )
    for i, n in enumerate(nodes):
        if n == "hx04":
            gs = [
                {
                    "idx": k,
                    "bus": "00000000:%02X:00.0" % (0x18 + k * 0x11),
                    "temp": 88 + k % 3,
                    "slowdown": "Active",
                    "thermal": "Active",
                    "util": 100,
                    "power": 310.0,
                }
                for k in range(8)
            ]
            b.add(
                "hx04/ipmi_sdr.txt",
                [
                    "FAN1_SYS         | 0 RPM             | cr",
                    "FAN2_SYS         | 0 RPM             | cr",
                    "FAN3_SYS         | 11400 RPM         | ok",
                    "Inlet_Temp       | 31 degrees C      | ok",
                ],
            )
        else:
            gs = [
                {
                    "idx": k,
                    "bus": "00000000:%02X:00.0" % (0x18 + k * 0x11),
                    "temp": 55 + k % 4,
                    "util": 100,
                    "power": 640.0,
                }
                for k in range(8)
            ]
        b.add("%s/nvidia-smi-q.txt" % n, smi_q(gs, when="Wed Nov 27 21:10:00 2024"))
    b.set_label(
        "straggler",
        "infrastructure",
        "hx04",
        None,
        "restart_without_node",
        "Nothing crashed: the job hit its time limit because step time tripled at 09:40. The rank-timing lines name ranks "
        "24-31 as slowest; with block distribution and 8 tasks per node those are hx04, whose GPUs sit at 88-90 C with HW "
        "thermal slowdown active and two system fans at 0 RPM. One hot node throttled the whole job.",
        "https://github.com/mlfoundations/open_clip/issues/703",
    )
    return b


CASES = [
    y36_host_oom_caused_by_log_shipper,
    y37_rank0_only_gpu_oom_two_attempts,
    y38_nan_follows_one_gpu,
    y39_recipe_nan_with_sbe_herring,
    y40_thermal_straggler_timelimit,
]
