"""w34-w37: stragglers: one slow node or GPU, shown by step times and clock-event reasons; no crash."""

from common import (
    PCI,
    Bundle,
    Clock,
    Job,
    Log,
    fmt_dmesg,
    hostnames,
    kernel_noise_uptime,
    megatron_iter,
    loss_at,
    progress,
    smi_q,
    startup,
    sysfile,
    ts_py,
    ts_slurm,
)
from cases_gpu import _not_first


def _slow_after(t_slow, factor):
    return lambda t: factor if t >= t_slow else 1.0


def w34_thermal_slowdown_one_gpu(rng):
    b = Bundle("w34_thermal_slowdown_one_gpu")
    hosts = hostnames(rng, "gpu-node", 8)
    job = Job(rng, hosts, nccl="2.21.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(400000, 500000)
    T = 40000 + rng.uniform(0, 5000)
    t_slow = T * 0.45
    bad = _not_first(rng, job)
    loc = rng.randint(0, 7)
    rb = job.rank(bad, loc)
    last = job.world - 1
    lh = job.where(last)[0]
    t, it = 120.0, 10
    while t < T:
        slow = 1.47 if t > t_slow else 1.0
        ms = 3450 * slow * rng.uniform(0.99, 1.02)
        log.add(clock.t(t), lh, last, megatron_iter(clock.t(t), it, 100000, ms, loss_at(rng, it)))
        if it % 100 == 0:
            mx = rb if t > t_slow else rng.randrange(job.world)
            log.add(
                clock.t(t + 0.1),
                lh,
                last,
                "(min, max) time across ranks (ms):\n    forward-backward ...................: (%.2f, %.2f)\n"
                "    optimizer ..........................: (%.2f, %.2f)"
                % (3180 * slow * 0.99, 3190 * slow, 61.2, 64.0),
            )
            log.add(
                clock.t(t + 0.2),
                lh,
                last,
                " | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dmW/%d | MxPwr/Rnk: %dmW/%d | "
                "MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: "
                "%dMHz/%d | MxClk/Rnk: %dMHz/%d"
                % (
                    2290.0 * (1 if t < t_slow else 1.0),
                    rng.randrange(job.world),
                    2310 * (1.47 if t > t_slow else 1.01),
                    mx,
                    (402000 if t > t_slow else 611000),
                    rb if t > t_slow else rng.randrange(job.world),
                    699000,
                    rng.randrange(job.world),
                    44,
                    rng.randrange(job.world),
                    91 if t > t_slow else 62,
                    rb if t > t_slow else rng.randrange(job.world),
                    97,
                    rng.randrange(job.world),
                    100,
                    rng.randrange(job.world),
                    1155 if t > t_slow else 1965,
                    rb if t > t_slow else rng.randrange(job.world),
                    1980,
                    rng.randrange(job.world),
                ),
            )
        it += 10
        t += 10 * ms / 1000.0
    log.add(
        clock.t(T),
        job.order[0],
        None,
        "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO TIME LIMIT ***"
        % (jobid, job.order[0], ts_slurm(clock.t(T))),
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        gpus = []
        for i in range(8):
            g = dict(
                i=i,
                pci=PCI[i],
                util=100,
                mem_used=71230,
                temp=rng.randint(55, 66),
                power=rng.uniform(610, 690),
                reasons={"sw_power": True},
            )
            if h == bad and i == loc:
                g.update(
                    temp=91,
                    power=402.0,
                    clock_sm=1155,
                    reasons={"hw": True, "hw_thermal": True, "sw_thermal": True},
                )
            gpus.append(g)
        sysfile(b, h, smi_q(clock.t(T - 600), gpus), "nvidia-smi-q.txt")
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T, 8)
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "journal-k.txt")
    sysfile(
        b,
        bad,
        [
            "$ ipmitool sdr type Fan",
            "FAN1             | 41h | ok  |  29.1 | 14280 RPM",
            "FAN2             | 42h | ok  |  29.2 | 14160 RPM",
            "FAN3             | 43h | cr  |  29.3 | 0 RPM",
            "FAN4             | 44h | ok  |  29.4 | 14040 RPM",
        ],
        "ipmi-fans.txt",
    )
    b.label(
        "straggler",
        "infrastructure",
        bad,
        rb,
        "restart_without_node",
        "Iteration time jumps from ~3.45 s to ~5.1 s mid-run; the straggler report names rank %d as max round-trip, "
        "max temperature (91C) and min clock, and %s GPU %d shows HW Thermal Slowdown active with one chassis fan "
        "at 0 RPM. The job was not crashing, just slow until the time limit; move off that node."
        % (rb, bad, loc),
        "https://github.com/mlfoundations/open_clip/issues/703",
    )
    return b


def w35_power_brake_whole_node(rng):
    b = Bundle("w35_power_brake_whole_node")
    hosts = hostnames(rng, "dgx", 4)
    job = Job(rng, hosts)
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 18000 + rng.uniform(0, 3000)
    t_slow = T * 0.3
    progress(log, job, clock, rng, 60, T, 10, 2.4, style="simple", slow=_slow_after(t_slow, 2.6))
    for h in job.order:
        log.add(
            clock.t(T + 10),
            h,
            None,
            "[%s] torch.distributed.elastic.agent.server.api: [WARNING] Received Signals.SIGTERM "
            "death signal, shutting down workers" % ts_py(clock.t(T + 10)),
        )
        log.add(clock.t(T + 11), h, None, job.agent_sigterm(clock.t(T + 11), h))
    log.add(
        clock.t(T + 5),
        job.order[0],
        None,
        "# job stopped by operator: throughput fell from 1.4M to 0.55M tok/s",
    )
    log.render(b, "torchrun")
    bad = _not_first(rng, job)
    for h in job.order:
        gpus = []
        for i in range(8):
            g = dict(
                i=i,
                pci=PCI[i],
                util=100,
                mem_used=70100,
                temp=rng.randint(50, 60),
                power=rng.uniform(590, 690),
                reasons={"sw_power": True},
            )
            if h == bad:
                g.update(
                    power=rng.uniform(180, 230),
                    clock_sm=rng.choice([645, 660, 705]),
                    reasons={"hw": True, "hw_power_brake": True},
                )
            gpus.append(g)
        sysfile(b, h, smi_q(clock.t(T - 900), gpus), "nvidia-smi-q.txt")
        dcgm = [
            "# dcgmi dmon -e 155,112,150,203 -c 3    (155=power, 112=clocks_event_reasons, 150=temp, 203=util)",
            "#Entity   POWER    CLKRS    TMPTR   GPUTL",
        ]
        for i in range(8):
            dcgm.append(
                "GPU %d   %7.2f  %7d  %5d  %5d"
                % (i, 205.3 if h == bad else 641.9, 0x88 if h == bad else 0x4, 55, 100)
            )
        sysfile(b, h, dcgm, "dcgmi-dmon.txt")
    sysfile(
        b,
        bad,
        [
            "$ ipmitool sel elist | tail -4",
            "  a1 | %s | Power Supply PSU3 | Failure detected | Asserted"
            % clock.t(t_slow - 30).strftime("%m/%d/%Y | %H:%M:%S"),
            "  a2 | %s | Power Supply PSU3 | Power Supply AC lost | Asserted"
            % clock.t(t_slow - 30).strftime("%m/%d/%Y | %H:%M:%S"),
            "  a3 | %s | Power Unit Redundancy | Redundancy Lost | Asserted"
            % clock.t(t_slow - 29).strftime("%m/%d/%Y | %H:%M:%S"),
            "  a4 | %s | System Event | OEM GPU power brake engaged | Asserted"
            % clock.t(t_slow - 28).strftime("%m/%d/%Y | %H:%M:%S"),
        ],
        "ipmi-sel.txt",
    )
    b.label(
        "straggler",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Throughput drops 2.6x at one moment and stays down; all eight GPUs of %s show HW Power Brake Slowdown "
        "(clock event reasons 0x88) at ~200 W while the other nodes run at ~640 W with only the normal SW Power Cap, "
        "and the BMC logged a PSU AC loss and lost redundancy just before. Whole-node straggler; the job was stopped "
        "by hand, not crashed." % bad,
        "https://github.com/deepspeedai/DeepSpeed/issues/1617",
    )
    return b


def w36_pcie_link_downtrained(rng):
    b = Bundle("w36_pcie_link_downtrained")
    hosts = hostnames(rng, "fqdn", 2)
    job = Job(rng, hosts, order=sorted(hosts)[::-1], nccl="2.18.5+cuda12.2")
    clock = Clock(rng)
    log = Log(job)
    head = job.order[0]
    bad = job.order[1]
    loc = rng.randint(1, 7)
    rb = job.rank(bad, loc)
    T = 12000 + rng.uniform(0, 2000)
    for s in range(0, int(T / 9), 20):
        tt = 60 + s * 9
        log.add(
            clock.t(tt),
            head,
            0,
            "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[1e-05], "
            "mom=[(0.9, 0.999)]" % (ts_py(clock.t(tt)), s),
        )
        if s % 100 == 0:
            log.add(
                clock.t(tt + 0.1),
                head,
                0,
                "[%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, "
                "RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=14.1GB, MaxMemAllocated=22.7GB"
                % (ts_py(clock.t(tt)), s * 4, s, 7.1, 7.0 + rng.uniform(-0.2, 0.2)),
            )
            times = {r: 2.10 + rng.uniform(-0.05, 0.05) for r in range(job.world)}
            times[rb] = 8.7 + rng.uniform(-0.2, 0.2)
            log.add(
                clock.t(tt + 0.2),
                head,
                0,
                "[Rank 0] optimizer_step (cpu offload) per-rank D2H+H2D time (s): "
                + " ".join("%d:%.2f" % (r, times[r]) for r in range(job.world)),
            )
    log.add(clock.t(T), head, None, "# run cancelled by user: ETA 19 days vs planned 5")
    log.render(b, "pdsh", head=head)
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T, 8)
        for i in range(8):
            if h == bad and i == loc:
                k.append(
                    (
                        4.2 + i * 0.01,
                        "pci %s.0: 31.504 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x4 "
                        "link at 0000:%02x:01.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)"
                        % (PCI[i], int(PCI[i][5:7], 16) - 3),
                    )
                )
        sysfile(b, h, fmt_dmesg(k, "uptime"), "dmesg.txt")
        gpus = [dict(i=i, pci=PCI[i], util=93, mem_used=23000) for i in range(8)]
        if h == bad:
            gpus[loc].update(link_gen=3, link_width=4, replay=1211)
        sysfile(b, h, smi_q(clock.t(T - 300), gpus), "nvidia-smi-q.txt")
    sysfile(
        b,
        bad,
        [
            "$ lspci -vvv -s %s.0 | grep -E 'LnkCap|LnkSta'" % PCI[loc][5:],
            "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
            "\t\tLnkSta:\tSpeed 8GT/s (downgraded), Width x4 (downgraded)",
        ],
        "lspci-gpu%d.txt" % loc,
    )
    b.label(
        "straggler",
        "infrastructure",
        bad,
        rb,
        "restart_without_node",
        "With ZeRO CPU offload every step waits on rank %d, whose host<->device transfers take ~8.7 s vs ~2.1 s; "
        "its GPU (%s GPU %d) trained down to PCIe Gen3 x4 at boot (kernel bandwidth warning, lspci 'downgraded', "
        "1211 replays). Hardware/slot problem on that node; no crash, user cancelled."
        % (rb, bad, loc),
        "https://github.com/janhq/jan/issues/183",
    )
    return b


def w37_timing_only_straggler_node(rng):
    b = Bundle("w37_timing_only_straggler_node")
    hosts = hostnames(rng, "nid", 16)
    job = Job(rng, hosts, gpn=4, order=sorted(hosts), nccl="2.21.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(8000000, 9000000)
    bad = rng.choice(job.order[3:13])
    T = 30000 + rng.uniform(0, 5000)
    t = 200.0
    it = 0
    while t < T:
        ms = 1850 * 1.33 * rng.uniform(0.99, 1.02)
        log.add(
            clock.t(t),
            job.order[-1],
            job.world - 1,
            megatron_iter(clock.t(t), it, 80000, ms, loss_at(rng, it), gbs=512),
        )
        if it % 500 == 0:
            per = []
            for h in job.order:
                f = 1.34 if h == bad else 1.0
                per.append("%s=%.0f" % (h, 1380 * f * rng.uniform(0.99, 1.01)))
            log.add(
                clock.t(t + 0.5),
                job.order[0],
                0,
                "%s | straggler | fwd-bwd compute ms (node mean, excl. comm): %s"
                % (ts_py(clock.t(t + 0.5)), " ".join(per)),
            )
            log.add(
                clock.t(t + 0.6),
                job.order[0],
                0,
                "%s | straggler | slowest node %s (score 0.75 vs median); "
                "threshold 0.85 -> WARNING" % (ts_py(clock.t(t + 0.6)), bad),
            )
        it += 10
        t += 10 * ms / 1000.0
    log.add(
        clock.t(T),
        job.order[0],
        None,
        "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO TIME LIMIT ***"
        % (jobid, job.order[0], ts_slurm(clock.t(T))),
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        gpus = [
            dict(
                i=i,
                pci=PCI[i],
                name="NVIDIA GH200 480GB",
                util=99,
                mem_used=88000,
                temp=rng.randint(48, 60),
                power=rng.uniform(560, 650),
                reasons={"sw_power": True},
            )
            for i in range(4)
        ]
        sysfile(b, h, smi_q(clock.t(T - 1800), gpus), "nvidia-smi-q.txt")
    b.label(
        "straggler",
        "infrastructure",
        bad,
        None,
        "run_diagnostics",
        "The straggler detector flags %s in every window: its fwd-bwd compute is ~34%% slower on all four GPUs, "
        "dragging the whole job to 1.33x the expected step time. GPU telemetry on that node looks normal (no "
        "clock-event reasons beyond SW power cap, normal temps and power), so the cause is unknown: run "
        "diagnostics on that node (CPU/memory/firmware) before deciding." % bad,
        "https://github.com/intelligent-machine-learning/dlrover/issues/678",
    )
    return b


CASES = [
    w34_thermal_slowdown_one_gpu,
    w35_power_brake_whole_node,
    w36_pcie_link_downtrained,
    w37_timing_only_straggler_node,
]
