"""v26-v30: slowdowns with no crash: iteration-time lines plus nvidia-smi / DCGM / ibstat evidence."""

from common import (
    Bundle,
    Job,
    T,
    sec,
    glog,
    pylog,
    dmesg_T,
    dmesg_up,
    syslog,
    iso,
    kernel_noise,
    merge_sorted,
    py_tb,
    prefixed,
    sigtb,
    megatron_iter,
    smi_q,
    titan_step,
    hf_log,
)


def v26_megatron_thermal_one_gpu(rng):
    b = Bundle()
    hosts = ["gpu-c%02d" % i for i in (3, 4, 5, 8, 9, 11, 12, 14)]
    job = Job(rng, hosts, subnet="10.52")
    bad, bl = 5, 6
    t = T("2024-05-10 00:30:00")
    lines = []
    for it in range(7000, 9401, 100):
        ms = 2110 + rng.uniform(-25, 25) if it < 8100 else 3890 + rng.uniform(-60, 60)
        t += sec(ms * 100 / 1000)
        lines.append(
            "[%s] %s"
            % (
                t.strftime("%Y-%m-%d %H:%M:%S"),
                megatron_iter(
                    it,
                    120000,
                    ms,
                    2.02 - it * 2e-6,
                    2.4e-4,
                    gbs=1024,
                    gnorm=0.21 + rng.random() * 0.02,
                ),
            )
        )
    lines.append(
        "slurmstepd: error: *** JOB 9911 ON gpu-c03 CANCELLED AT %s DUE TO TIME LIMIT ***"
        % (t + sec(300)).strftime("%Y-%m-%dT%H:%M:%S")
    )
    b.add("gpu-c03/slurm-9911.out", lines)
    for n, h in enumerate(hosts):
        ov = {}
        if n == bad:
            ov = {
                bl: {
                    "temp": 89,
                    "hw_slow": "Active",
                    "hw_therm": "Active",
                    "sm": 1095,
                    "power": 310.5,
                }
            }
        b.add("%s/nvidia-smi-q.txt" % h, smi_q(h, t, override=ov, uuid_seed=n * 5 + 1))
        if n == bad:
            b.add(
                "%s/ipmi_sensors.txt" % h,
                [
                    "FAN_GPU_BAY3     | 0 RPM       | cr",
                    "FAN_GPU_BAY4     | 11800 RPM   | ok",
                    "GPU6_TEMP        | 89 degrees C | nc",
                    "GPU5_TEMP        | 61 degrees C | ok",
                ],
            )
    b.set_label(
        "straggler",
        "infrastructure",
        "restart_without_node",
        "Iteration time jumps from ~2.1 s to ~3.9 s at iteration 8100 and stays there, with no error. nvidia-smi shows %s GPU %d "
        "(global rank %d) at 89 C with HW thermal slowdown active and SM clock at 1095 MHz; the node's fan for that bay reads 0 RPM. "
        "Every other GPU runs at full clocks." % (hosts[bad], bl, job.rank(bad, bl)),
        "https://github.com/mlfoundations/open_clip/issues/703",
        node=hosts[bad],
        rank=job.rank(bad, bl),
    )
    return b


def v27_nemo_power_brake_node(rng):
    b = Bundle()
    hosts = ["dgx%02d" % i for i in (1, 2, 3, 4)]
    job = Job(rng, hosts, subnet="10.4")
    bad = 2
    t0 = T("2024-02-27 13:00:00")
    lines = []
    t = t0
    for it in range(1200, 2001, 40):
        st = 1.62 + rng.uniform(-0.03, 0.03) if it < 1560 else 4.95 + rng.uniform(-0.2, 0.2)
        t += sec(40 * st)
        lines.append(
            "Epoch 0: :  %2d%%|%s| %d/20000 [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]"
            % (
                it * 100 // 20000,
                "#" * (it // 2000),
                it,
                str(t - t0).split(".")[0],
                "17:02:11",
                2.4 - it * 1e-4,
                it,
                it * 512,
                st,
            )
        )
    lines.append(
        "[NeMo I %s exp_manager:...] Received SIGTERM from scheduler, saving checkpoint and exiting"
        % t.strftime("%Y-%m-%d %H:%M:%S")
    )
    b.add("dgx01/nemo_log_globalrank-0_localrank-0.txt", lines)
    for n, h in enumerate(hosts):
        ov = {}
        if n == bad:
            ov = {
                g: {"hw_slow": "Active", "hw_pb": "Active", "power": 175.0 + g, "sm": 705 + 15 * g}
                for g in range(8)
            }
        b.add("%s/nvidia-smi-q.txt" % h, smi_q(h, t, override=ov, uuid_seed=n + 40))
        b.add(
            "%s/dcgmi_dmon.txt" % h,
            ["#Entity   POWER  PVIOL   TVIOL   SMCLK"]
            + [
                "GPU %d     %6.1f  %7d %7d  %5d"
                % (
                    g,
                    (176.0 if n == bad else 590.0) + g,
                    (861000 if n == bad else 0),
                    0,
                    (710 if n == bad else 1980),
                )
                for g in range(8)
            ],
        )
    b.add(
        "dgx03/ipmitool_sel.txt",
        [
            "  1a3 | %s | Power Supply PSU4 | Power Supply AC lost | Asserted"
            % (t0 + sec(2400)).strftime("%m/%d/%Y | %H:%M:%S"),
            "  1a4 | %s | Power Supply PSU5 | Failure detected | Asserted"
            % (t0 + sec(2401)).strftime("%m/%d/%Y | %H:%M:%S"),
            "  1a5 | %s | System ACPI Power State | Power Brake engaged | Asserted"
            % (t0 + sec(2402)).strftime("%m/%d/%Y | %H:%M:%S"),
        ],
    )
    b.set_label(
        "straggler",
        "infrastructure",
        "restart_without_node",
        "train_step_timing triples (1.6 s -> 5 s) from step ~1560 on without any error. All eight GPUs of dgx03 show HW Power Brake "
        "Slowdown active at ~175 W and ~700 MHz, DCGM reports power violations only there, and its BMC SEL records two PSUs lost at that time.",
        "https://github.com/leptonai/gpud/pull/331",
        node=hosts[bad],
    )
    return b


def v28_torchtitan_nic_downshift(rng):
    b = Bundle()
    hosts = ["node-%s" % x for x in ("r1u03", "r1u07", "r2u01", "r2u05", "r3u02", "r3u06")]
    job = Job(rng, hosts, subnet="10.11")
    bad = 4
    t = T("2024-12-18 08:00:00")
    lines = [
        "[rank0]:%s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 96, sequence length 8192, total steps 30000 (warmup 2000)"
        % pylog(t)
    ]
    for st in range(10, 601, 10):
        tps = 3120 + rng.randrange(-40, 40) if st < 200 else 1290 + rng.randrange(-60, 60)
        t += sec(10 * 2 * 8192 / tps)
        lines.append(
            titan_step(
                t, st, 7.1 - st * 0.006, 61.2, 77.4, tps, 164.0 * tps / 3120, 41.5 * tps / 3120
            )
        )
    b.add("node-r1u03/torchtitan_rank0.log", lines)
    for n, h in enumerate(hosts):
        st = []
        for k in range(8):
            r = "100" if (n == bad and k in (2, 3)) else "400"
            st += [
                "CA 'mlx5_%d'" % k,
                "\tPort 1:",
                "\t\tState: Active",
                "\t\tPhysical state: LinkUp",
                "\t\tRate: %s" % r,
                "\t\tLink layer: InfiniBand",
            ]
        b.add("%s/ibstat.txt" % h, st)
        km = kernel_noise(rng, T("2024-12-18 07:00:00"), t, lambda x: syslog(x, h, "kernel"), 3)
        if n == bad:
            km += [
                "%s mlx5_core 0000:%02x:00.0: mlx5_pcie_event:301:(pid 811): Detected insufficient power on the PCIe slot"
                % (syslog(T("2024-12-18 08:27:10"), h, "kernel"), 0x40),
                "%s mlx5_core 0000:40:00.0 ibp64s0: Link speed changed: 400Gb/s -> 100Gb/s (NDR -> EDR), width 4X"
                % syslog(T("2024-12-18 08:27:12"), h, "kernel"),
                "%s mlx5_core 0000:41:00.0 ibp65s0: Link speed changed: 400Gb/s -> 100Gb/s (NDR -> EDR), width 4X"
                % syslog(T("2024-12-18 08:27:12"), h, "kernel"),
            ]
        b.add("%s/kern.log" % h, sorted(km, key=lambda s: s[:15]))
        b.add("%s/nvidia-smi-q.txt" % h, smi_q(h, t, override={}, uuid_seed=n + 60))
    b.set_label(
        "network",
        "infrastructure",
        "restart_without_node",
        "torchtitan tps drops from ~3,100 to ~1,300 at step ~200 and mfu falls with it; no error is logged. GPUs are healthy everywhere, "
        "but two HCAs on %s renegotiated from 400 to 100 Gb/s at that moment (kern.log, ibstat), throttling every ring through that node."
        % hosts[bad],
        "https://github.com/pytorch/torchtitan/issues/708",
        node=hosts[bad],
    )
    return b


def v29_hf_trainer_socket_transport_everywhere(rng):
    b = Bundle()
    hosts = ["gpu-%d" % i for i in (7, 8, 9, 10)]
    job = Job(rng, hosts, subnet="10.14", iface="eth0")
    t0 = T("2024-08-08 10:00:00")
    b.add(
        "job/sbatch_finetune.sh",
        [
            "#!/bin/bash",
            "#SBATCH -N 4 --gpus-per-node=8 --exclusive",
            "export NCCL_DEBUG=INFO",
            "# copied from the laptop debugging setup",
            "export NCCL_IB_DISABLE=1",
            "export NCCL_P2P_DISABLE=0",
            "srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $HEAD:29500 sft.py --per_device_train_batch_size 4",
        ],
    )
    for n, h in enumerate(hosts):
        lines = []
        for l in range(8):
            p = job.pid(n, l)
            lines.append(
                "%s:%d:%d [%d] NCCL INFO NCCL_IB_DISABLE set by environment to 1." % (h, p, p, l)
            )
            lines.append(
                "%s:%d:%d [%d] NCCL INFO NET/Socket : Using [0]eth0:%s<0>"
                % (h, p, p, l, job.ips[n])
            )
            lines.append("%s:%d:%d [%d] NCCL INFO Using network Socket" % (h, p, p, l))
        if n == 0:
            t = t0
            for s in range(10, 301, 10):
                t += sec(10 * 4.7)
                lines.append(hf_log(s, 1.9 - s * 0.001, 2e-5, s / 9000, 1.1))
                lines.append(
                    " %2d%%|#         | %d/9000 [%s<11:23:41,  4.71s/it]"
                    % (s * 100 // 9000, s, str(t - t0).split(".")[0])
                )
            lines.append(
                "slurmstepd: error: *** STEP 30412.0 ON gpu-7 CANCELLED AT %s ***"
                % (t + sec(30)).strftime("%Y-%m-%dT%H:%M:%S")
            )
        b.add("%s/sft.log" % h, lines)
        b.add(
            "%s/ibstat.txt" % h,
            [
                "CA 'mlx5_0'",
                "\tPort 1:",
                "\t\tState: Active",
                "\t\tPhysical state: LinkUp",
                "\t\tRate: 400",
            ],
        )
        b.add(
            "%s/nvidia-smi-q.txt" % h,
            smi_q(
                h, t0 + sec(1500), override={g: {"util": 23} for g in range(8)}, uuid_seed=n + 80
            ),
        )
    b.add(
        "job/reference_run.txt",
        [
            "same recipe, job 30377 (one week ago, NCCL_IB_DISABLE unset): 0.74 s/it, NCCL INFO Using network IB"
        ],
    )
    b.set_label(
        "network",
        "script",
        "stop",
        "All four nodes run at ~4.7 s/it (vs 0.74 s/it for the same recipe last week) with GPUs ~23% busy; the NCCL lines show every rank "
        "on the Socket transport because the user's sbatch script exports NCCL_IB_DISABLE=1, although IB is Active everywhere. "
        "No node is slower than another: fix the script.",
        "https://github.com/tatsu-lab/stanford_alpaca/issues/200",
    )
    return b


def v30_straggler_detector_no_hw_evidence(rng):
    b = Bundle()
    hosts = ["nid%06d" % x for x in (5001, 5002, 5010, 5011, 5020, 5021, 5030, 5031)]
    job = Job(rng, hosts, subnet="10.120", iface="hsn0")
    bad = 5
    t = T("2025-04-02 02:00:00")
    lines = []
    for it in range(4000, 6001, 100):
        ms = 1850 + rng.uniform(-20, 20) if it < 4500 else 2560 + rng.uniform(-80, 80)
        t += sec(ms * 100 / 1000)
        lines.append(
            "7: " + megatron_iter(it, 100000, ms, 2.3 - it * 1e-5, 3e-4, gbs=2048, gnorm=0.3)
        )
        if it >= 4500:
            slow = rng.choice(list(job.ranks_of(bad)))
            lines.append(
                "7:  | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | "
                "MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d"
                % (
                    1801 + rng.random() * 10,
                    rng.randrange(40),
                    2520 + rng.random() * 60,
                    slow,
                    602,
                    rng.randrange(64),
                    688,
                    rng.randrange(64),
                    48,
                    rng.randrange(64),
                    67,
                    rng.randrange(64),
                    89,
                    rng.randrange(64),
                    100,
                    0,
                    1980,
                    0,
                    1980,
                    0,
                )
            )
    lines.append(
        "7: slurmstepd: error: *** STEP 2231009.0 ON nid005001 CANCELLED AT %s ***"
        % (t + sec(120)).strftime("%Y-%m-%dT%H:%M:%S")
    )
    b.add("nid005031/slurm-2231009.out", lines)
    for n, h in enumerate(hosts):
        b.add("%s/nvidia-smi-q.txt" % h, smi_q(h, t, override={}, uuid_seed=n + 100))
        b.add("%s/dmesg.txt" % h, kernel_noise(rng, t - sec(5000), t, dmesg_T, 4))
    b.set_label(
        "straggler",
        "infrastructure",
        "run_diagnostics",
        "From iteration 4500 the iteration time rises ~40%% and the straggler detector names the slowest rank, always one of 40-47, i.e. "
        "%s. Its GPUs show normal clocks, power, temperatures and no throttle reasons, and its kernel log is clean. The node is the "
        "suspect but the cause is unproven: run diagnostics (CPU, memory bandwidth, NIC) on it."
        % hosts[bad],
        "https://github.com/sony/nnabla/pull/708",
        node=hosts[bad],
    )
    return b


CASES = [
    v26_megatron_thermal_one_gpu,
    v27_nemo_power_brake_node,
    v28_torchtitan_nic_downshift,
    v29_hf_trainer_socket_transport_everywhere,
    v30_straggler_detector_no_hw_evidence,
]
