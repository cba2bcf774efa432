"""Cases by05-by08: node-side evidence behind a slow rank or node."""

from lib import (Bundle, T, add, iso, iso_ms, iso_t, glog, syslog_ts, dmesg_rel, dmesg_T, boot_lines, nvsmi_q,
                 nvsmi_table, nccl_init, torchrun_rdzv, megatron_straggler, rank_data, megatron_iter,
                 label, rng_for, H100_BUS, A100_BUS, ibstat, kern_line)
from cases_node_a import megatron_args_dump


def titan_line(t, msg, sev="INFO", rank=None):
    pre = "[rank%d]:" % rank if rank is not None else ""
    return "%s[titan] %s - root - %s - %s" % (pre, iso_ms(t), sev, msg)


# --------------------------------------------------------------------------------------------
def by05(root):
    b = Bundle(root)
    rng = rng_for("by05")
    hosts = ["h100-r2-07", "h100-r2-08"]
    cr = 11
    start = T(2024, 11, 20, 21, 5, 0)
    # rank 0 log (torchtitan logs metrics from rank 0)
    r0 = [titan_line(start, "Starting job: Llama 3 8B training"),
          titan_line(add(start, 2), "Building 1-D device mesh with ['dp_shard'], [16]"),
          titan_line(add(start, 3), "[GC] Initial GC collection. 0.05 seconds."),
          titan_line(add(start, 9), "CUDA capacity: NVIDIA H100 80GB HBM3 with 79.11GiB memory"),
          titan_line(add(start, 31), "Training starts at step 1, with local batch size 2, global batch size 32, sequence length 8192, total steps 30000 (warmup 200)")]
    t = add(start, 40)
    burst_steps = set()
    for k in (180, 340, 520, 700, 860):
        burst_steps.update(range(k, k + 60))
    for step in range(10, 1001, 10):
        in_burst = step in burst_steps
        tps = (4410 if in_burst else 7920) + rng.uniform(-60, 60)
        t = add(t, 10 * 32 * 8192 / (tps * 16))
        mfu = 46.2 * tps / 7920
        r0.append(titan_line(t, "step: %3d  loss: %7.4f  memory: 61.28GiB(77.46%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
            step, 4.9 - step * 0.0018 + rng.uniform(-0.03, 0.03), "{:,}".format(int(tps)), 989.0 * mfu / 100, mfu)))
        if step % 50 == 0:
            r0.append(titan_line(t, "[GC] Performing periodical GC collection 0.04 seconds"))
    # per-rank step breakdown printed by the user's timing hook (every 50 steps) into each rank's log
    for r in range(16):
        h = hosts[r // 8]
        L = []
        if r != 0:
            L.append(titan_line(start, "Starting job: Llama 3 8B training"))
        tt = add(start, 40)
        for step in range(50, 1001, 50):
            in_burst = step in burst_steps
            tt = add(tt, 50 * 32 * 8192 / (((4410 if in_burst else 7920)) * 16))
            if r == cr and in_burst:
                comp, wait = 3790.0 + rng.uniform(-60, 60), 21.0 + rng.uniform(0, 6)
            elif in_burst:
                comp, wait = 2080.0 + rng.uniform(-25, 25), 1705.0 + rng.uniform(-40, 40)
            else:
                comp, wait = 2070.0 + rng.uniform(-25, 25), 31.0 + rng.uniform(-6, 12)
            L.append(titan_line(tt, "[step_timer] rank %d step %d fwd_bwd_ms=%.1f optim_ms=%.1f collective_wait_ms=%.1f" % (
                r, step, comp, 88.0 + rng.uniform(-4, 4), wait)))
        if r == 0:
            L = sorted(r0 + L, key=lambda x: x[8:31])
        b.add("%s/rank%d.log" % (h, r), "\n".join(L))
    snap = T(2024, 11, 20, 22, 31, 5)
    gpus = []
    for i in range(8):
        o = {"procs": [(551020 + i, "/usr/bin/python", 62600)]}
        if i == 3:
            o.update({"dram_ce": 21984, "agg_dram_ce": 22511, "power": 498.2})
        gpus.append(o)
    b.add("h100-r2-08/nvidia-smi-q.txt", nvsmi_q(snap, gpus))
    b.add("h100-r2-08/dcgmi-health.txt", "\n".join([
        "Health Monitor Report",
        "+----------------------------------------------------------------------------+",
        "| Group 0          | Overall Health: Warning                                 |",
        "+==================+=========================================================+",
        "| GPU ID: 3        | Warning                                                 |",
        "|                  | Memory system: Warning                                  |",
        "|                  | - Detected 21984 volatile single-bit ECC errors in      |",
        "|                  |   GPU 3's DRAM; the SBE rate is above the configured    |",
        "|                  |   threshold (1000/hour).                                |",
        "+------------------+---------------------------------------------------------+"]))
    metrics = []
    for h, ts in (("h100-r2-07", snap), ("h100-r2-08", snap), ("h100-r2-08", add(snap, 600))):
        metrics.append("# scrape %s %s" % (h, iso_t(ts) + "Z"))
        metrics.append("# HELP DCGM_FI_DEV_ECC_SBE_VOL_TOTAL Total number of single-bit volatile ECC errors.")
        metrics.append("# TYPE DCGM_FI_DEV_ECC_SBE_VOL_TOTAL counter")
        for g in range(8):
            v = 0
            if h == "h100-r2-08" and g == 3:
                v = 21984 if ts == snap else 24317
            metrics.append('DCGM_FI_DEV_ECC_SBE_VOL_TOTAL{gpu="%d",UUID="GPU-5a1c%04x-1b2c-4d00-8e11-3c0ffee%03d",device="nvidia%d",modelName="NVIDIA H100 80GB HBM3",Hostname="%s"} %d' % (g, g * 4099, g, g, h, v))
        metrics.append("# HELP DCGM_FI_DEV_SM_CLOCK SM clock frequency (in MHz).")
        metrics.append("# TYPE DCGM_FI_DEV_SM_CLOCK gauge")
        for g in range(8):
            metrics.append('DCGM_FI_DEV_SM_CLOCK{gpu="%d",device="nvidia%d",modelName="NVIDIA H100 80GB HBM3",Hostname="%s"} 1980' % (g, g, h))
    b.add("dcgm-exporter-scrape.txt", "\n".join(metrics))
    boot = T(2024, 11, 12, 3, 0, 9)
    for h in hosts:
        L = boot_lines(boot, h)
        L.append(dmesg_rel(boot, add(start, -7200), "perf: interrupt took too long (2514 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.write()
    return label("straggler", "infrastructure", "h100-r2-08", cr, "restart_without_node",
                 "The tps sags come in bursts; in each burst every rank's step_timer shows ~1.7 s of collective wait except rank 11 (h100-r2-08), whose fwd_bwd grows to ~3.8 s. That node's GPU 3 (local rank 3) has a storm of volatile DRAM single-bit ECC errors still climbing and a DCGM memory health warning.",
                 "https://github.com/Azure/azurehpc/pull/617")


# --------------------------------------------------------------------------------------------
def by06(root):
    b = Bundle(root)
    rng = rng_for("by06")
    hosts = ["sc-hgx-%03d" % n for n in range(101, 109)]
    world = 64
    bad = "sc-hgx-106"
    bad_ranks = list(range(40, 48))
    start = T(2025, 1, 14, 2, 10, 0)
    ips = {h: "10.60.%d.%d" % (1 + i // 4, 11 + i) for i, h in enumerate(hosts)}
    out = ["srun: job 3390172 queued and waiting for resources", "srun: job 3390172 has been allocated resources"]
    comm = "0x5586c1d0%04x"
    for r in range(world):
        h = hosts[r // 8]
        lr = r % 8
        for ln in nccl_init(h, ips[h], 2200 + lr * 3 + (r // 8) * 17, lr, r, world, 8, "%s000" % H100_BUS[lr], comm % (r * 37), "0x6c1f2a9e03bd7741", prefix="%2d: " % r):
            out.append(ln)
    out.append(" 0: using world size: 64, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 2 ")
    out += [" 0: " + x for x in megatron_args_dump({"straggler_minmax_count": "8", "global_batch_size": "2048"})]
    out.append(" 0: INFO:megatron.core.utils:Controller ready to recv commands on port 65535. Current state ON")
    t = add(start, 180)
    brake_t = T(2025, 1, 14, 2, 34, 52)
    for it in range(1400, 1801, 10):
        slow = t >= brake_t
        ms = (9740.0 if slow else 6180.0) * (1 + rng.uniform(-0.004, 0.004))
        t = add(t, ms * 10 / 1000.0)
        out.append("63: " + megatron_iter(t, it, 500000, it * 2048, ms, 402.0 * 6180.0 / ms, 2.9e-4, 2048,
                                          2.41 - it * 0.00005 + rng.uniform(-0.02, 0.02), 0.28 + rng.uniform(-0.03, 0.05)))
        sl = None
        if slow:
            sl = {r: {"rtt_x": 1.57 + rng.uniform(-0.01, 0.01), "clk": float(rng.choice([1110, 1125, 1140, 1155])), "pwr": 301000.0 + rng.uniform(-9000, 9000)} for r in bad_ranks}
        data = rank_data(rng, world, base_rtt=1890.0, base_etpt=402.0, base_pwr=655000.0, slow=sl)
        if it % 20 == 0:
            out += [" 0: " + x for x in megatron_straggler(add(t, 0.3), data, 8, logger="INFO:megatron.core.utils:")]
    b.add("slurm-3390172.out", "\n".join(out))
    snap = T(2025, 1, 14, 3, 4, 44)
    gpus = []
    for i in range(8):
        gpus.append({"procs": [(2200 + i * 3 + 5 * 17, "/usr/bin/python", 73400)], "hw_slow": "Active", "hw_pbrake": "Active",
                     "gclk": rng.choice([1110, 1125, 1140]), "power": 298.0 + rng.uniform(-12, 12), "temp": 41 + i % 3})
    b.add("%s/nvidia-smi-q.txt" % bad, nvsmi_q(snap, gpus))
    b.add("%s/ipmi-sel.txt" % bad, "\n".join([
        "   1 | 12/02/2024 | 18:40:11 | System Event #0x83 | Timestamp Clock Sync | Asserted",
        "   2 | 12/02/2024 | 18:40:12 | System Event #0x83 | Timestamp Clock Sync | Asserted",
        "   3 | 01/14/2025 | 02:34:51 | Power Supply PS2 Status | Power Supply AC lost | Asserted",
        "   4 | 01/14/2025 | 02:34:51 | Power Supply PS Redundancy | Redundancy Lost | Asserted",
        "   5 | 01/14/2025 | 02:34:52 | Power Unit Power Cap | Power limit exceeded | Asserted",
        "   6 | 01/14/2025 | 02:35:20 | Power Supply PS4 Status | Predictive failure | Asserted"]))
    b.add("%s/ipmi-sdr-psu.txt" % bad, "\n".join([
        "PS1 Status       | C8h | ok  | 10.1 | Presence detected",
        "PS2 Status       | C9h | ok  | 10.2 | Presence detected, Power Supply AC lost",
        "PS3 Status       | CAh | ok  | 10.3 | Presence detected",
        "PS4 Status       | CBh | ok  | 10.4 | Presence detected, Predictive failure",
        "PS5 Status       | CCh | ok  | 10.5 | Presence detected",
        "PS6 Status       | CDh | ok  | 10.6 | Presence detected",
        "PS Redundancy    | D0h | ok  | 21.1 | Redundancy Lost"]))
    gd = []
    for i in range(8):
        o = {"procs": [(2200 + i * 3 + 2 * 17, "/usr/bin/python", 73400)]}
        if i == 0:
            o.update({"sw_pcap": "Active", "power": 699.6, "gclk": 1935})
        gd.append(o)
    b.add("sc-hgx-103/nvidia-smi-q.txt", nvsmi_q(add(snap, 20), gd))
    boot = T(2025, 1, 2, 11, 30, 2)
    for h in hosts:
        L = boot_lines(boot, h)
        if h == bad:
            L.append(dmesg_rel(boot, T(2025, 1, 14, 2, 34, 52), "ACPI: \\_SB_.PMI0: PMI0 power meter capping state changed"))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.write()
    return label("straggler", "infrastructure", bad, None, "restart_without_node",
                 "From 02:35 (iteration ~1610) the bottom 8 Etpt ranks are always 40-47 with ~1.1 GHz clocks and ~300 W; the NCCL init lines place ranks 40-47 on sc-hgx-106, where all eight GPUs show HW Power Brake Slowdown and the BMC logged PS2 AC lost / redundancy lost at 02:34. The SW power cap on sc-hgx-103 is normal at full load.",
                 "https://github.com/NVIDIA/NVSentinel/pull/1668")


# --------------------------------------------------------------------------------------------
def by07(root):
    b = Bundle(root)
    rng = rng_for("by07")
    hosts = ["gn-a01", "gn-a02", "gn-a03", "gn-a04"]
    world = 32
    bad = "gn-a03"
    start = T(2024, 8, 27, 6, 15, 0)
    out = ["prolog: staging /lustre/proj/llm/data/slimpajama_tok/ -> /raid/cache/slimpajama_tok on gn-a[01-04] ... done (512 files, 1.9 TiB)",
           "+ srun --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gn-a01:29400 pretrain_gpt.py --data-path /raid/cache/slimpajama_tok/... --log-straggler --straggler-minmax-count 4"]
    out += megatron_args_dump({"data_path": "['/raid/cache/slimpajama_tok/train_text_document']", "num_workers": "2"})
    out.append("INFO:megatron.core.utils:Controller ready to recv commands on port 65535. Current state ON")
    t = add(start, 200)
    onset = 380
    for it in range(200, 801, 10):
        bad_phase = it > onset
        spike = bad_phase and rng.random() < 0.55
        ms = 4020.0 * (1 + rng.uniform(-0.005, 0.005)) + (rng.uniform(900, 2600) if spike else 0)
        t = add(t, ms * 10 / 1000.0)
        out.append(megatron_iter(t, it, 300000, it * 1024, ms, 388.0 * 4020.0 / ms, 3.0e-4, 1024,
                                 2.71 - it * 0.0002 + rng.uniform(-0.02, 0.02), 0.31 + rng.uniform(-0.03, 0.05)))
        sl = None
        if bad_phase:
            sl = {}
            for r in range(16, 24):
                sl[r] = {"drtt": rng.uniform(240, 600)}
            sl[rng.choice(range(16, 24))] = {"drtt": rng.uniform(1900, 3400) if spike else rng.uniform(700, 1200)}
        data = rank_data(rng, world, base_rtt=1230.0, base_etpt=388.0, base_drtt=3.4, slow=sl)
        out += megatron_straggler(add(t, 0.2), data, 4)
    b.add("slurm-8831002.out", "\n".join(out))
    for gi, h in enumerate(hosts):
        b.add("%s/torchrun-agent.log" % h, "\n".join(torchrun_rdzv(add(start, 60 + gi * 0.01), "gn-a01", gi, 4, 8, world, style="glog")))
    boot = T(2024, 8, 20, 9, 12, 40)
    for h in hosts:
        L = boot_lines(boot, h)
        if h == bad:
            tt = T(2024, 8, 27, 6, 29, 31)
            for k in range(14):
                tt = add(tt, 37 + k * 11 + rng.uniform(0, 20))
                qid = rng.choice([3, 9, 17, 22, 40])
                io = rng.randint(100, 1000)
                L.append(dmesg_rel(boot, tt, "nvme nvme1: I/O %d QID %d timeout, aborting" % (io, qid)))
                L.append(dmesg_rel(boot, add(tt, 0.0021), "nvme nvme1: Abort status: 0x0"))
                if k % 3 == 1:
                    lba = rng.randint(10 ** 8, 9 * 10 ** 8)
                    L.append(dmesg_rel(boot, add(tt, 0.41), "nvme1n1: I/O Cmd(0x2) @ LBA %d, 256 blocks, I/O Error (sct 0x2 / sc 0x81) DNR " % lba))
                    L.append(dmesg_rel(boot, add(tt, 0.41), "critical medium error, dev nvme1n1, sector %d op 0x0:(READ) flags 0x80700 phys_seg 4 prio class 0" % lba))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.add("%s/smartctl-nvme1.txt" % bad, "\n".join([
        "smartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.15.0-107-generic] (local build)",
        "=== START OF INFORMATION SECTION ===",
        "Model Number:                       SAMSUNG MZQL27T6HBLA-00A07",
        "Serial Number:                      S6CKNE0T812341",
        "Firmware Version:                   GDC5902Q",
        "Total NVM Capacity:                 7,681,501,126,656 [7.68 TB]",
        "",
        "=== START OF SMART DATA SECTION ===",
        "SMART overall-health self-assessment test result: FAILED!",
        "- NVM subsystem reliability has been degraded",
        "",
        "SMART/Health Information (NVMe Log 0x02)",
        "Critical Warning:                   0x04",
        "Temperature:                        47 Celsius",
        "Available Spare:                    100%",
        "Available Spare Threshold:          10%",
        "Percentage Used:                    3%",
        "Data Units Read:                    912,004,113 [466 TB]",
        "Data Units Written:                 188,220,514 [96.3 TB]",
        "Media and Data Integrity Errors:    214",
        "Error Information Log Entries:      1,422",
        "Warning  Comp. Temperature Time:    0",
        "Critical Comp. Temperature Time:    0"]))
    b.add("%s/iostat-x.txt" % bad, "\n".join([
        "Linux 5.15.0-107-generic (gn-a03) \t08/27/2024 \t_x86_64_\t(224 CPU)",
        "",
        "Device            r/s     rMB/s   rrqm/s  %rrqm r_await rareq-sz     w/s     wMB/s   w_await  aqu-sz  %util",
        "nvme0n1          0.40      0.01     0.00   0.00    0.41    18.00    3.20      0.05     0.52    0.00   0.10",
        "nvme1n1         41.20     10.31     0.00   0.00  812.44   256.22    0.00      0.00     0.00   33.47 100.00",
        "nvme2n1        611.80    152.95     0.00   0.00    0.38   256.00    0.00      0.00     0.00    0.23  14.90"]))
    b.add("%s/lsblk-raid.txt" % bad, "\n".join([
        "NAME      SIZE TYPE  MOUNTPOINT",
        "nvme1n1   7T   disk",
        "└─md0    14T   raid0 /raid",
        "nvme2n1   7T   disk",
        "└─md0    14T   raid0 /raid"]))
    b.write()
    return label("straggler", "infrastructure", bad, None, "restart_without_node",
                 "Rtt/Etpt stay flat but from iteration ~380 MxDRtt (get_batch latency) always belongs to one of ranks 16-23 and iteration time spikes; the torchrun agent on gn-a03 owns ranks 16-23, and gn-a03's local /raid cache disk nvme1 shows I/O timeouts, critical medium errors and a failed SMART self-assessment.",
                 "https://github.com/scylladb/scylla-monitoring/issues/1838")


# --------------------------------------------------------------------------------------------
def by08(root):
    b = Bundle(root)
    rng = rng_for("by08")
    hosts = ["ib-g01", "ib-g02", "ib-g03", "ib-g04"]
    bad = "ib-g03"
    world = 32
    start = T(2024, 10, 15, 8, 0, 0)
    hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"]
    b.add("maintenance.txt", "\n".join([
        "CHG-20241014-117  window 2024-10-14 18:00-23:00",
        "Scope: rack R12 (ib-g01..ib-g04): replace leaf-R12-B, re-cable 32 HCA links, firmware 28.39.2048 on all CX-7.",
        "Result: completed 22:41, all nodes returned to service, ibdiagnet run on leaf-R12-B only."]))
    out = []
    t = start
    for ni, h in enumerate(hosts):
        out += ["[%s] %s" % (h, x) for x in torchrun_rdzv(add(t, ni * 0.02), "ib-g01", ni, 4, 8, world, style="glog")]
    t = add(t, 40)
    for step in range(100, 2601, 100):
        st = 1.41 * (1 + rng.uniform(-0.01, 0.01))
        ar = 612.0 * (1 + rng.uniform(-0.02, 0.02))
        t = add(t, st * 100)
        out.append("[ib-g01] %s INFO train.py:211 step=%d loss=%.4f imgs/s=%.1f step_time=%.3fs" % (iso_ms(t), step, 6.1 - step * 0.0008 + rng.uniform(-0.01, 0.01), 32 * 64 / st, st))
        if step % 500 == 0:
            out.append("[ib-g01] %s INFO comm_profiler.py:88 allreduce bucket time per rank (ms, mean over 500 steps):" % iso_ms(t))
            for r0 in range(0, 32, 8):
                out.append("[ib-g01] %s INFO comm_profiler.py:90   " % iso_ms(t) + "  ".join("r%02d=%.0f" % (r, ar + rng.uniform(-6, 6)) for r in range(r0, r0 + 8)))
            out.append("[ib-g01] %s INFO comm_profiler.py:95 reference (job 441802, same nodes, 2024-10-11): allreduce bucket time mean 208 ms, step_time 0.98s" % iso_ms(t))
    b.add("train-all-nodes.log", "\n".join(out))
    # NCCL warnings on the bad node
    wl = []
    boot = T(2024, 10, 14, 22, 31, 50)
    for lr in range(8):
        r = 16 + lr
        wl += nccl_init(bad, "10.12.3.13", 77100 + lr, lr, r, world, 4, "%s000" % H100_BUS[lr], "0x55d1%08x" % (r * 7919), "0x9b2e44a1c3d07f12", hcas=hcas)
    tt = T(2024, 10, 15, 8, 12, 33)
    for k in range(6):
        tt = add(tt, 700 + rng.uniform(0, 400))
        for lr in (2, 3):
            wl.append("%s:%d:%d [%d] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error" % (bad, 77100 + lr, 77163 + lr, lr))
            wl.append("%s:%d:%d [%d] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port active" % (bad, 77100 + lr, 77163 + lr, lr))
    b.add("%s/nccl-ranks16-23.log" % bad, "\n".join(wl))
    b.add("%s/ibstat.txt" % bad, ibstat(hcas, rates={"mlx5_2": 100}))
    b.add("%s/perfquery-mlx5_2.txt" % bad, "\n".join([
        "# Port counters: Lid 1106 port 1 (CapMask: 0x5A00)",
        "PortSelect:......................1",
        "CounterSelect:...................0x0000",
        "SymbolErrorCounter:..............27771",
        "LinkErrorRecoveryCounter:........14",
        "LinkDownedCounter:...............4",
        "PortRcvErrors:...................912",
        "PortRcvRemotePhysicalErrors:.....0",
        "PortRcvSwitchRelayErrors:........0",
        "PortXmitDiscards:................0",
        "PortXmitConstraintErrors:........0",
        "PortRcvConstraintErrors:.........0",
        "CounterSelect2:..................0x00",
        "LocalLinkIntegrityErrors:........9",
        "ExcessiveBufferOverrunErrors:....0",
        "VL15Dropped:.....................0",
        "PortXmitData:....................3188219937441",
        "PortRcvData:.....................3170021987312",
        "PortXmitPkts:....................1021873311",
        "PortRcvPkts:.....................1019938720",
        "PortXmitWait:....................4409117"]))
    for h in hosts:
        if h != bad:
            b.add("%s/ibstat.txt" % h, ibstat(hcas, guid_base=0x946dae0300a1b200 + hosts.index(h) * 0x1000))
        L = boot_lines(boot, h)
        if h == bad:
            tt = T(2024, 10, 15, 8, 12, 33)
            for k in range(6):
                tt = add(tt, 700 + rng.uniform(0, 400))
                L.append(dmesg_rel(boot, tt, "mlx5_core 0000:5d:00.0 ibp93s0: Link down"))
                L.append(dmesg_rel(boot, add(tt, 2.7), "mlx5_core 0000:5d:00.0 ibp93s0: Link up"))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.write()
    return label("straggler", "infrastructure", bad, None, "restart_without_node",
                 "Since the re-cabling maintenance every rank's allreduce time tripled uniformly (a ring runs at its slowest link) and no rank computes slower. Only ib-g03 shows a bad HCA port: mlx5_2 trained at 100 Gb/s instead of 400, symbol/link-recovery errors, link flaps in dmesg and NCCL port-error events on its ranks.",
                 "https://github.com/NVIDIA/nccl/issues/905")
