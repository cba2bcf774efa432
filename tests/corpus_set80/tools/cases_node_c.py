"""Cases by25, by26, by28, by29: node evidence behind a straggler, with misleading noise."""

from lib import (Bundle, T, add, iso, iso_ms, glog, syslog_ts, dmesg_rel, dmesg_T, boot_lines, nvsmi_q,
                 nccl_init, torchrun_rdzv, megatron_straggler, rank_data, megatron_iter, label, rng_for,
                 H100_BUS, kern_line)
from cases_node_a import megatron_args_dump


# --------------------------------------------------------------------------------------------
def by25(root):
    b = Bundle(root)
    rng = rng_for("by25")
    hosts = ["tc-h01", "tc-h02", "tc-h03", "tc-h04"]
    world = 32
    cr = 19
    start = T(2024, 7, 22, 10, 0, 0)
    for ni, h in enumerate(hosts):
        b.add("%s/torchrun.log" % h, "\n".join(torchrun_rdzv(add(start, ni * 0.02), "tc-h01", ni, 4, 8, world, style="glog")))
    out = []
    t = add(start, 120)
    onset = T(2024, 7, 22, 10, 22, 30)
    for step in range(100, 2001, 100):
        slow = t >= onset
        st = 2.19 + rng.uniform(-0.02, 0.02) if slow else 1.38 + rng.uniform(-0.01, 0.01)
        t = add(t, st * 100)
        out.append("[rank0]:%s INFO fsdp_train.py:301 step %d loss %.4f step_time %.2fs tok/s/gpu %.0f" % (iso_ms(t), step, 2.8 - step * 0.0003, st, 4 * 4096 / st))
        if step % 400 == 0 and slow:
            rows = []
            for r in range(world):
                if r == cr:
                    comp, wait = 2120.0 + rng.uniform(-20, 20), 19.0 + rng.uniform(0, 8)
                else:
                    comp, wait = 1310.0 + rng.uniform(-15, 15), 818.0 + rng.uniform(-25, 25)
                rows.append((r, comp, wait))
            rows.sort(key=lambda x: -x[2])
            out.append("[rank0]:%s INFO timing.py:77 per-rank phase times over last 400 steps (sorted by comm_wait):" % iso_ms(t))
            out.append("[rank0]:   rank  compute_ms  comm_wait_ms  step_ms")
            for r, c, w in rows:
                out.append("[rank0]:   %4d  %10.1f  %12.1f  %7.1f" % (r, c, w, c + w + 40))
    b.add("tc-h01/rank0.log", "\n".join(out))
    # loud but benign node
    noise = []
    tt = add(start, 30)
    for k in range(12):
        tt = add(tt, 200 + rng.uniform(0, 300))
        lr = rng.randrange(8)
        noise.append("tc-h01:%d:%d [%d] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : GID table change" % (61000 + lr, 61070 + lr, lr))
    noise.append("[rank0]:[W%s ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank 0]  using GPU 0 to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id." % glog(add(start, 20))[1:])
    b.add("tc-h01/nccl-warnings.log", "\n".join(noise))
    snap = T(2024, 7, 22, 11, 2, 0)
    gpus = []
    for i in range(8):
        o = {"procs": [(71100 + i, "/usr/bin/python3", 66200)]}
        if i == 3:
            o.update({"temp": 87, "tlimit": 0, "mem_temp": 84, "sw_therm": "Active", "hw_slow": "Active", "hw_therm": "Active", "gclk": 1305, "power": 455.0})
        elif i in (2, 4):
            o.update({"temp": 71, "tlimit": 16})
        gpus.append(o)
    b.add("tc-h03/nvidia-smi-q.txt", nvsmi_q(snap, gpus))
    b.add("tc-h03/ipmi-sel.txt", "\n".join([
        "  41 | 07/22/2024 | 10:21:07 | Fan FAN4A | Lower Critical going low  | Asserted | Reading 0 < Threshold 1120 RPM",
        "  42 | 07/22/2024 | 10:21:07 | Fan FAN4B | Lower Critical going low  | Asserted | Reading 0 < Threshold 1120 RPM",
        "  43 | 07/22/2024 | 10:24:40 | Temperature GPU_ZONE2 | Upper Non-critical going high | Asserted | Reading 82 > Threshold 80 degrees C"]))
    b.add("tc-h03/ipmi-sensor-fans.txt", "\n".join([
        "FAN1A            | 11760.000  | RPM        | ok    | 1120.000  | 1400.000",
        "FAN2A            | 11900.000  | RPM        | ok    | 1120.000  | 1400.000",
        "FAN3A            | 11830.000  | RPM        | ok    | 1120.000  | 1400.000",
        "FAN4A            | 0.000      | RPM        | cr    | 1120.000  | 1400.000",
        "FAN4B            | 0.000      | RPM        | cr    | 1120.000  | 1400.000",
        "FAN5A            | 11690.000  | RPM        | ok    | 1120.000  | 1400.000"]))
    boot = T(2024, 7, 15, 7, 0, 0)
    for h in hosts:
        b.add("%s/dmesg.txt" % h, "\n".join(boot_lines(boot, h)))
    b.write()
    return label("straggler", "infrastructure", "tc-h03", cr, "restart_without_node",
                 "The per-rank table sorted by comm_wait puts 31 ranks on top only because they wait; rank 19 is the one that does not wait and computes ~60% longer. torchrun's agent on tc-h03 owns ranks 16-23; its GPU 3 (local rank 3) is in HW/SW thermal slowdown at 87C after fans 4A/4B failed (IPMI SEL). tc-h01's GID-change NCCL warnings are noise.",
                 "https://github.com/tensorflow/tensorflow/issues/40042")


# --------------------------------------------------------------------------------------------
def by26(root):
    b = Bundle(root)
    rng = rng_for("by26")
    hosts = ["r7-gpu-05", "r7-gpu-06", "r7-gpu-07", "r7-gpu-08"]
    bad = "r7-gpu-06"
    world = 32
    start = T(2024, 10, 28, 14, 0, 0)
    b.add("hosts.txt", "\n".join("%s slots=8" % h for h in hosts))
    out = ["+ mpirun -np 32 --hostfile hosts.txt --map-by ppr:8:node --bind-to numa --display-map -x NCCL_DEBUG=WARN -x PATH -x LD_LIBRARY_PATH python pretrain_gpt.py ...",
           " ========================   JOB MAP   ========================", ""]
    for ni, h in enumerate(hosts):
        out.append(" Data for node: %s\tNum slots: 8\tMax slots: 0\tNum procs: 8" % h)
        for lr in range(8):
            out.append(" \tProcess OMPI jobid: [41233,1] App: 0 Process rank: %d Bound: socket %d[core %d[hwt 0-1]]:[../../BB/..]" % (ni * 8 + lr, lr // 4, (lr % 4) * 14))
        out.append("")
    out.append(" =============================================================")
    out += megatron_args_dump({"straggler_minmax_count": "8"})
    t = add(start, 180)
    for it in range(10, 601, 10):
        ms = 7710.0 * (1 + rng.uniform(-0.004, 0.004))
        t = add(t, ms * 10 / 1000)
        out.append(megatron_iter(t, it, 250000, it * 1024, ms, 317.0, 3e-4 * min(1, it / 500), 1024,
                                 3.3 - it * 0.0006 + rng.uniform(-0.02, 0.02), 0.41 + rng.uniform(-0.04, 0.05)))
        sl = {r: {"rtt_x": 1.52 + rng.uniform(-0.01, 0.01), "clk": 1215.0, "pwr": 402000.0 + rng.uniform(-8000, 8000)} for r in range(8, 16)}
        data = rank_data(rng, world, base_rtt=1701.0, base_etpt=452.0, slow=sl)
        out += megatron_straggler(add(t, 0.3), data, 8)
    b.add("mpirun-job41233.log", "\n".join(out))
    snap = T(2024, 10, 28, 15, 22, 10)
    gpus = [{"procs": [(8811 + i, "python", 70500)], "app_clk": "Active", "app_gclk": 1215, "gclk": 1215, "power": 401.0 + i * 2} for i in range(8)]
    b.add("%s/nvidia-smi-q.txt" % bad, nvsmi_q(snap, gpus))
    b.add("%s/journal-sudo.txt" % bad, "\n".join([
        "Oct 25 21:02:11 r7-gpu-06 sudo[8812]: ops-jmartin : TTY=pts/2 ; PWD=/root ; USER=root ; COMMAND=/usr/bin/nvidia-smi -pm 1",
        "Oct 25 21:02:19 r7-gpu-06 sudo[8830]: ops-jmartin : TTY=pts/2 ; PWD=/root ; USER=root ; COMMAND=/usr/bin/nvidia-smi -ac 2619,1215",
        "Oct 25 21:02:19 r7-gpu-06 nvidia-smi[8831]: Applications clocks set to \"(MEM 2619, SM 1215)\" for GPU 00000000:18:00.0",
        "Oct 25 21:02:19 r7-gpu-06 nvidia-smi[8831]: All done.",
        "Oct 25 21:40:55 r7-gpu-06 sudo[9114]: ops-jmartin : TTY=pts/2 ; PWD=/root/pdu-test ; USER=root ; COMMAND=/root/pdu-test/run_burn.sh --minutes 30",
        "Oct 25 22:15:03 r7-gpu-06 sudo[9301]: ops-jmartin : TTY=pts/2 ; PWD=/root ; USER=root ; COMMAND=/usr/bin/scontrol update nodename=r7-gpu-06 state=resume reason=done",
        "Oct 25 22:15:03 r7-gpu-06 slurmd[1877]: slurmd: Node state updated: RESUME"]))
    b.add("r7-gpu-05/nvidia-smi-q.txt", nvsmi_q(add(snap, 14), [{"procs": [(8011 + i, "python", 70500)]} for i in range(8)]))
    boot = T(2024, 10, 17, 10, 0, 0)
    for h in hosts:
        L = boot_lines(boot, h, style="T")
        if h == "r7-gpu-08":
            L.append(dmesg_T(T(2024, 10, 19, 4, 11, 52), "NVRM: Xid (PCI:0000:3a:00): 13, pid=4122, name=python, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"))
            L.append(dmesg_T(T(2024, 10, 19, 4, 11, 52), "NVRM: Xid (PCI:0000:3a:00): 13, pid=4122, name=python, Graphics Exception: ESR 0x524730=0x201000e 0x524734=0x24 0x524728=0x4c1eb72 0x52472c=0x174"))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.write()
    return label("straggler", "infrastructure", bad, None, "restart_without_node",
                 "The bottom 8 Etpt ranks are always 8-15, all at 1215 MHz; the mpirun job map puts ranks 8-15 on r7-gpu-06, whose GPUs run with Applications Clocks Setting active at SM 1215 MHz, left behind by an admin's 'nvidia-smi -ac 2619,1215' power test three days earlier. The Xid 13 on r7-gpu-08 is an old application fault.",
                 "https://github.com/ilya-zlobintsev/LACT/issues/1128")


# --------------------------------------------------------------------------------------------
def by28(root):
    b = Bundle(root)
    rng = rng_for("by28")
    hosts = ["gpu-q%02d" % n for n in range(1, 33)]
    world = 256
    bad = "gpu-q26"
    bad_ranks = list(range(200, 208))
    start = T(2025, 6, 2, 1, 0, 0)
    b.add("srun-hostname.txt", "\n".join("%3d: %s" % (r, hosts[r // 8]) for r in range(world)))
    out = ["+ srun -l hostname > srun-hostname.txt",
           "+ srun --ntasks-per-node=8 --cpu-bind=none python pretrain_gpt.py $ARGS --log-straggler --straggler-minmax-count 8"]
    out += megatron_args_dump({"straggler_minmax_count": "8", "global_batch_size": "4096", "num_workers": "4"})
    t = add(start, 400)
    onset = 3100
    for it in range(3000, 3401, 10):
        slow = it > onset
        ms = (12190.0 if slow else 9930.0) * (1 + rng.uniform(-0.004, 0.004))
        t = add(t, ms * 10 / 1000)
        out.append(megatron_iter(t, it, 150000, it * 4096, ms, 388.0 * 9930.0 / ms, 1.5e-4, 4096,
                                 1.98 - it * 0.00001 + rng.uniform(-0.01, 0.01), 0.19 + rng.uniform(-0.01, 0.03)))
        if it % 20 == 0:
            sl = None
            if slow:
                sl = {r: {"rtt_x": 1.22 + rng.uniform(-0.02, 0.02), "utl": float(rng.choice([81, 84, 86, 88])), "drtt": rng.uniform(90, 240)} for r in bad_ranks}
            data = rank_data(rng, world, base_rtt=2690.0, base_etpt=388.0, slow=sl)
            out += megatron_straggler(add(t, 0.3), data, 8)
    b.add("slurm-771900.out", "\n".join(out))
    boot = T(2025, 5, 20, 12, 0, 0)
    for h in hosts:
        L = boot_lines(boot, h)[:6]
        if h == bad:
            tt = T(2025, 6, 2, 2, 58, 10)
            n = 41200
            for k in range(10):
                tt = add(tt, 60 + rng.uniform(0, 60))
                n += rng.randint(400, 1200)
                for cpu in (56, 57, 60, 61, 63):
                    L.append(dmesg_rel(boot, tt, "mce: CPU%d: Package temperature above threshold, cpu clock throttled (total events = %d)" % (cpu, n)))
                L.append(dmesg_rel(boot, add(tt, 0.0001), "mce: CPU56: Core temperature above threshold, cpu clock throttled (total events = %d)" % (n // 3)))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.add("%s/ipmi-sensor.txt" % bad, "\n".join([
        "CPU1 Temp        | 71.000     | degrees C  | ok    | na        | na        | na        | 95.000    | 100.000   | na",
        "CPU2 Temp        | 99.000     | degrees C  | nc    | na        | na        | na        | 95.000    | 100.000   | na",
        "FAN5             | 0.000      | RPM        | cr    | na        | 600.000   | 840.000   | na        | na        | na",
        "FAN6             | 14280.000  | RPM        | ok    | na        | 600.000   | 840.000   | na        | na        | na",
        "Inlet Temp       | 24.000     | degrees C  | ok    | na        | -7.000    | -2.000    | 42.000    | 47.000    | na"]))
    b.add("%s/turbostat.txt" % bad, "\n".join([
        "Package\tCore\tCPU\tAvg_MHz\tBusy%\tBzy_MHz\tTSC_MHz\tCoreTmp\tPkgTmp\tPkgWatt",
        "-\t-\t-\t1611\t71.02\t2268\t2100\t99\t99\t301.44",
        "0\t0\t0\t2890\t92.10\t3138\t2100\t70\t71\t241.10",
        "1\t0\t56\t774\t96.81\t800\t2100\t99\t99\t60.34",
        "1\t1\t57\t781\t97.40\t802\t2100\t98\t99\t60.34"]))
    b.write()
    return label("straggler", "infrastructure", bad, None, "restart_without_node",
                 "After iteration ~3100 the bottom-8 Etpt list is always ranks 200-207 with lower GPU utilisation and slower get_batch but normal GPU clocks; srun-hostname.txt maps ranks 200-207 to gpu-q26, whose second CPU package is thermally throttled to ~800 MHz (mce package-temperature events, CPU2 99C, FAN5 at 0 RPM).",
                 "https://github.com/mosaicml/composer/pull/3342")


# --------------------------------------------------------------------------------------------
def by29(root):
    b = Bundle(root)
    rng = rng_for("by29")
    bad = "m-gpu-02"
    attempts = [("attempt_1", ["m-gpu-01", "m-gpu-02", "m-gpu-03", "m-gpu-04"], T(2025, 3, 3, 9, 0, 0), "6620001"),
                ("attempt_2", ["m-gpu-02", "m-gpu-05", "m-gpu-06", "m-gpu-07"], T(2025, 3, 3, 13, 40, 0), "6620317")]
    world = 32
    b.add("sacct.txt", "\n".join([
        "JobID           JobName      State ExitCode               Start                 End        NodeList ",
        "------------ ---------- ---------- -------- ------------------- ------------------- --------------- ",
        "6620001      mixtral-pt  CANCELLED     0:15 2025-03-03T09:00:00 2025-03-03T13:31:12   m-gpu-[01-04] ",
        "6620317      mixtral-pt    RUNNING      0:0 2025-03-03T13:40:00             Unknown m-gpu-[02,05-07] "]))
    b.add("user-note.txt", "6620001 was ~25% slower than our baseline so I cancelled it and resubmitted hoping to land on other nodes. 6620317 is just as slow.")
    for ad, hosts, start, jobid in attempts:
        bi = hosts.index(bad)
        bad_ranks = list(range(bi * 8, bi * 8 + 8))
        for ni, h in enumerate(hosts):
            b.add("%s/%s/torchrun.log" % (ad, h), "\n".join(torchrun_rdzv(add(start, 2 + ni * 0.01), hosts[0], ni, 4, 8, world, style="bracket")))
        out = megatron_args_dump({"straggler_minmax_count": "8", "log_interval": "50"})
        t = add(start, 150)
        for it in range(50, 1901 if ad == "attempt_1" else 1001, 50):
            ms = 8310.0 * (1 + rng.uniform(-0.005, 0.005))
            t = add(t, ms * 50 / 1000)
            out.append(megatron_iter(t, it, 100000, it * 512, ms, 301.0, 2e-4 * min(1, it / 500), 512,
                                     3.9 - it * 0.001 + rng.uniform(-0.02, 0.02), 0.5 + rng.uniform(-0.05, 0.05)))
            sl = {r: {"rtt_x": 1.27 + rng.uniform(-0.02, 0.02), "utl": float(rng.choice([71, 74, 76, 78])), "drtt": rng.uniform(40, 90)} for r in bad_ranks}
            data = rank_data(rng, world, base_rtt=2050.0, base_etpt=376.0, slow=sl)
            out += megatron_straggler(add(t, 0.3), data, 8)
        if ad == "attempt_1":
            out.append("slurmstepd: error: *** JOB 6620001 ON m-gpu-01 CANCELLED AT 2025-03-03T13:31:12 ***")
            out.append("W0303 13:31:12.441000 140211 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers")
        b.add("%s/slurm-%s.out" % (ad, jobid), "\n".join(out))
    b.add("attempt_2/m-gpu-02/cpupower-frequency-info.txt", "\n".join([
        "analyzing CPU 0:",
        "  driver: intel_cpufreq",
        "  CPUs which run at the same hardware frequency: 0",
        "  CPUs which need to have their frequency coordinated by software: 0",
        "  maximum transition latency: 20.0 us",
        "  hardware limits: 800 MHz - 3.80 GHz",
        "  available cpufreq governors: conservative ondemand userspace powersave performance schedutil",
        "  current policy: frequency should be within 800 MHz and 3.80 GHz.",
        "                  The governor \"powersave\" may decide which speed to use",
        "                  within this range.",
        "  current CPU frequency: 800 MHz (asserted by call to hardware)"]))
    b.add("attempt_2/m-gpu-05/cpupower-frequency-info.txt", "\n".join([
        "analyzing CPU 0:",
        "  driver: intel_pstate",
        "  CPUs which run at the same hardware frequency: 0",
        "  CPUs which need to have their frequency coordinated by software: 0",
        "  maximum transition latency:  Cannot determine or is not supported.",
        "  hardware limits: 800 MHz - 3.80 GHz",
        "  available cpufreq governors: performance powersave",
        "  current policy: frequency should be within 800 MHz and 3.80 GHz.",
        "                  The governor \"performance\" may decide which speed to use",
        "                  within this range.",
        "  current CPU frequency: 3.59 GHz (asserted by call to hardware)"]))
    b.add("attempt_2/m-gpu-02/journal-boot.txt", "\n".join([
        "Feb 28 17:40:02 m-gpu-02 kernel: Command line: BOOT_IMAGE=/vmlinuz-5.15.0-131-generic root=/dev/md0 ro intel_pstate=passive iommu=pt",
        "Feb 28 17:40:03 m-gpu-02 kernel: intel_pstate: Intel P-state driver initializing",
        "Feb 28 17:40:31 m-gpu-02 systemd[1]: Starting LSB: set CPUFreq kernel parameters...",
        "Feb 28 17:40:31 m-gpu-02 cpufrequtils[2231]: CPUFreq Utilities: Setting powersave CPUFreq governor...done.",
        "Feb 28 17:40:31 m-gpu-02 systemd[1]: Started LSB: set CPUFreq kernel parameters.",
        "Feb 28 17:41:10 m-gpu-02 ansible-ansible.legacy.command[3120]: Invoked with _raw_params=reimage-finalize --profile gpu-node-2025.02 --grub-append 'intel_pstate=passive'"]))
    boot = T(2025, 2, 28, 17, 40, 0)
    for ad, hosts, start, jobid in attempts:
        for h in hosts:
            b.add("%s/%s/dmesg.txt" % (ad, h), "\n".join(boot_lines(boot, h)))
    b.write()
    return label("straggler", "infrastructure", bad, None, "restart_without_node",
                 "In both attempts the bottom-8 Etpt ranks are exactly the ranks torchrun placed on m-gpu-02 (8-15 in attempt 1, 0-7 in attempt 2), with low GPU utilisation but normal GPU clocks, so the slowness follows that node. m-gpu-02 was reimaged with intel_pstate=passive and cpufrequtils pins the powersave governor at 800 MHz; the other nodes run at ~3.6 GHz.",
                 "https://github.com/FeralInteractive/gamemode/issues/299")
