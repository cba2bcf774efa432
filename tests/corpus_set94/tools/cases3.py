"""Cases cm19-cm26: hangs, fabric, host hardware, stragglers, config bugs, services, silent corruption."""
import sys

sys.dont_write_bytecode = True

import json
import random
from datetime import timedelta

from common import (A100_BUS, H100_BUS, H100_NIC_BUS, TB_HINT, boot_noise, c10d, childfailed, dt, elastic, ibstat,
                    journal_iso, join, kmsg, loss_curve, nccl_init_lines, periodic_noise, pyl, sacct, secs, sigterm_tb,
                    smi_q_gpu, smi_q_header, smi_table, syslog, watchdog_timeout)
from cases1 import _ev, _sorted, _torchrun_start

S = secs


# =============================================================================
# cm19: plain hang, every rank times out on the same collective, nothing else
# =============================================================================
def cm19():
    rng = random.Random(9419)
    job = 8003117
    hosts = [f"sx-h100-{n}" for n in (21, 22, 23, 24)]
    gpn = 8
    world = 32
    site = "/opt/venv/lib/python3.11/site-packages"
    t0 = dt(2025, 2, 14, 0, 20, 11, 800000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 51002 + i * 66
        _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 4, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 8 + lr
    t = t0 + S(24)
    for n in range(4):
        for lr in range(gpn):
            r = n * gpn + lr
            for k, ln in enumerate(nccl_init_lines(hosts[n], pids[(n, lr)], pids[(n, lr)] + 77, lr, r, world, H100_BUS[lr],
                                                   ip=f"10.40.2.{21 + n}", rng=rng, version="2.21.5+cuda12.4", with_version=(r == 0))):
                if "Init COMPLETE" in ln or "NCCL version" in ln:
                    _ev(ev, t + timedelta(milliseconds=rng.randint(0, 900)), f"{n}: {ln}", k)
    t += S(50)
    losses = loss_curve(rng, 20000, 2.7, 2.05, 0.01)
    tl = t
    for s in range(10, 18440, 10):
        tl = t + timedelta(seconds=s * 1.402 + rng.uniform(-0.02, 0.02))
        if s % 50 == 0 or s > 18300:
            _ev(ev, tl, f"0: {pyl(tl)} INFO [trainer] step {s:6d} | loss {losses[s]:.4f} | lr 2.4e-04 | gnorm {rng.uniform(0.18, 0.3):.3f} | {rng.randint(9800, 9950)} tok/s/gpu")
    t_hang = tl + S(1.4)
    tw = t_hang + S(1800.0)
    for n in range(4):
        for lr in range(gpn):
            r = n * gpn + lr
            tt = tw + timedelta(milliseconds=rng.randint(0, 1800))
            for k, ln in enumerate(watchdog_timeout(r, tt, 55291, "ALLREDUCE", 140509184, 1800000, 1800000 + rng.randint(9, 1900))):
                _ev(ev, tt, f"{n}: {ln}", k)
            _ev(ev, tt + S(0.01), f"{n}: " + c10d(r, "E", tt + S(0.01), "ProcessGroupNCCL.cpp:1834", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."), 9)
    for n in range(4):
        an = 51002 + n * 66
        te = tw + S(9 + n * 0.3)
        _ev(ev, te, f"{n}: " + elastic("E", te, an, "torch/distributed/elastic/multiprocessing/api.py:869", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[(n, 0)]}) of binary: /opt/venv/bin/python3"))
        others = [(n * gpn + lr, lr, -6, pids[(n, lr)], f"Signal 6 (SIGABRT) received by PID {pids[(n, lr)]}") for lr in range(1, gpn)]
        for k, ln in enumerate(childfailed("train.py", hosts[n], tw, (n * gpn, 0, -6, pids[(n, 0)], f"Signal 6 (SIGABRT) received by PID {pids[(n, 0)]}"), others, site=site, torchrun="/opt/venv/bin/torchrun")):
            _ev(ev, te + S(0.1), f"{n}: {ln}", k)
        _ev(ev, te + S(0.5), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
    out = _sorted(ev)
    files = {f"slurm-{job}.out": join(out)}
    boot = dt(2025, 2, 9, 13, 40, 2)
    for n, h in enumerate(hosts):
        dm, tb = boot_noise(boot + S(n * 11), h, rng, nics=("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5"), driver="550.127.05")
        dm += periodic_noise(boot + S(n * 11), tb, tw + S(60), h, rng, every=20000)
        files[f"{h}/dmesg.txt"] = join(dm)
    ts = t_hang + S(1140)
    gpus = [dict(bus=H100_BUS[i], temp=41 + i % 4, pwr=128 + rng.randint(0, 9), mem_used=71022 + rng.randint(0, 300), util=100) for i in range(gpn)]
    procs = [(i, pids[(2, i)], "/opt/venv/bin/python3", 70998 + rng.randint(0, 300)) for i in range(gpn)]
    files[f"{hosts[2]}/nvidia-smi.txt"] = f"# captured by gpu-monitor cron at {ts:%Y-%m-%d %H:%M:%S} UTC\n" + join(smi_table(ts, gpus, driver="550.127.05", cuda="12.4", procs=procs))
    files[f"{hosts[0]}/ibstat.txt"] = join(ibstat([(n, "Active", "LinkUp", 400, 0x31a000 + i) for i, n in enumerate(("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5"))]))
    files["sacct.txt"] = join(sacct([
        (f"{job}", "pt-3b-cont", "h100", "llm", "512", "FAILED", "1:0", "07:43:02"),
        (f"{job}.0", "torchrun", "", "llm", "512", "FAILED", "1:0", "07:42:58"),
    ], header=("JobID", "JobName", "Partition", "Account", "AllocCPUS", "State", "ExitCode", "Elapsed")))
    label = {
        "category": "hang", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "After step 18430 the log goes silent; 30 minutes later all 32 ranks on all four nodes time out on the same ALLREDUCE (SeqNum 55291, last completed 55290) within two seconds of each other. No rank errors first, the flight recorder was disabled, dmesg on all nodes is clean, GPUs only show NCCL spinning at 100% and IB ports are Active. A hang with no attributable cause; restart from the last checkpoint (with the flight recorder on).",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/118369",
    }
    return "cm19_silent_hang_collective_timeout", files, label


# =============================================================================
# cm20: IB leaf switch goes down under three nodes (mpirun)
# =============================================================================
def cm20():
    rng = random.Random(9420)
    hosts = [f"hx-{n}" for n in range(101, 107)]
    ips = [f"10.30.0.{n}" for n in range(101, 107)]
    gpn = 8
    world = 48
    leaf_b = [3, 4, 5]
    nics = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    t0 = dt(2024, 12, 10, 1, 2, 0)
    L = []
    L.append((t0, 0, "+ mpirun -np 48 -hostfile hostfile -npernode 8 --bind-to numa --display-map --tag-output -x LD_LIBRARY_PATH -x NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3 -x NCCL_DEBUG=WARN -x MASTER_ADDR=hx-101 -x MASTER_PORT=29500 python -u train_t5.py --cfg cfg/t5-11b.yaml"))
    mp = [" Data for JOB [4411,1] offset 0 Total slots allocated 48", "", " ========================   JOB MAP   ========================", ""]
    for n, h in enumerate(hosts):
        mp.append(f" Data for node: {h}\tNum slots: 8\tMax slots: 0\tNum procs: 8")
        for lr in range(gpn):
            mp.append(f" \tProcess OMPI jobid: [4411,1] App: 0 Process rank: {n * gpn + lr} Bound: socket {lr // 4}[core {(lr % 4) * 14}-{(lr % 4) * 14 + 13}]")
        mp.append("")
    mp.append(" =============================================================")
    for k, ln in enumerate(mp):
        L.append((t0 + S(0.6), k, ln))
    tag = lambda r, s="stdout": f"[1,{r}]<{s}>:"
    t = t0 + S(41)
    losses = loss_curve(rng, 12000, 1.9, 1.2, 0.01)
    tl = t
    for s in range(100, 10700, 100):
        tl = t + S(s * 0.88)
        L.append((tl, 0, f"{tag(0)}{pyl(tl)} step {s} loss {losses[s]:.4f} lr 1.0e-04 {rng.randint(412, 420)} samples/s"))
    t_x = tl + S(50.2)
    for n in range(6):
        for lr in range(gpn):
            r = n * gpn + lr
            if n in leaf_b:
                peer = ips[rng.choice([0, 1, 2])]
                ev_t = t_x + S(0.02 + lr * 0.001)
                L.append((ev_t, 0, f"{tag(r, 'stderr')}{hosts[n]}:{70000 + r}:{70100 + r} [{lr}] transport/net_ib.cc:89 NCCL WARN NET/IB : Got async event : port error"))
            else:
                peer = ips[rng.choice(leaf_b)]
            tt = t_x + S(7 + rng.uniform(0, 2.5))
            L.append((tt, 1, f"{tag(r, 'stderr')}{hosts[n]}:{70000 + r}:{70100 + r} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {peer}<{rng.randint(32000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::b8ce:f603:1a:{0x2b00 + r:x} remoteGids fe80::b8ce:f603:1a:2b10 hca {nics[lr // 2]}"))
            tt2 = tt + S(0.3)
            L.append((tt2, 2, f"{tag(r, 'stderr')}" + c10d(r, "E", tt2, "ProcessGroupNCCL.cpp:1595", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5")))
    te = t_x + S(12)
    L += [
        (te, 0, "--------------------------------------------------------------------------"),
        (te, 1, "Primary job  terminated normally, but 1 process returned"),
        (te, 2, "a non-zero exit code. Per user-direction, the job has been aborted."),
        (te, 3, "--------------------------------------------------------------------------"),
        (te + S(6), 0, "--------------------------------------------------------------------------"),
        (te + S(6), 1, "mpirun noticed that process rank 37 with PID 70037 on node hx-105 exited on signal 6 (Aborted)."),
        (te + S(6), 2, "--------------------------------------------------------------------------"),
    ]
    L.sort(key=lambda x: (x[0], x[1]))
    files = {"mpirun.log": join([x[2] for x in L]), "hostfile": "".join(f"{h} slots=8\n" for h in hosts)}
    boot = dt(2024, 12, 1, 22, 0, 0)
    for n in [0] + leaf_b:
        h = hosts[n]
        dm, tb = boot_noise(boot + S(n * 7), h, rng, nics=nics, nic_bus=H100_NIC_BUS, driver="550.90.07")
        dm += periodic_noise(boot + S(n * 7), tb, t_x + S(600), h, rng, every=30000)
        if n in leaf_b:
            for i, nic in enumerate(nics):
                dm.append(kmsg(boot + S(n * 7), t_x - S(0.05) + timedelta(milliseconds=rng.randint(0, 40)), f"mlx5_core 0000:{H100_NIC_BUS[i]}:00.0 {nic}: Port: 1 Link DOWN"))
            for i, nic in enumerate(nics):
                dm.append(kmsg(boot + S(n * 7), t_x + S(262 + i * 0.4), f"mlx5_core 0000:{H100_NIC_BUS[i]}:00.0 {nic}: Port: 1 Link INIT"))
                dm.append(kmsg(boot + S(n * 7), t_x + S(266 + i * 0.4), f"mlx5_core 0000:{H100_NIC_BUS[i]}:00.0 {nic}: Port: 1 Link ACTIVE"))
            dm.sort(key=lambda s: float(s[1:s.index("]")]))
        files[f"{h}/dmesg.txt"] = join(dm)
    ufm = [
        syslog(t_x - S(0.3), "ufm01", "UFM[2211]", "[Event 602] Switch ib-leaf-b (0xb8cef603001a2b40) power supply PSU1 failure"),
        syslog(t_x, "ufm01", "UFM[2211]", "[Event 603] Switch ib-leaf-b (0xb8cef603001a2b40) is down"),
    ]
    for n in leaf_b:
        for nic in nics:
            ufm.append(syslog(t_x + S(0.2), "ufm01", "UFM[2211]", f"[Event 329] Link went down: (ib-leaf-b:{1 + (n - 3) * 4 + nics.index(nic)})--({hosts[n]} {nic}:1)"))
    for k in range(8):
        ufm.append(syslog(t_x + S(0.2), "ufm01", "UFM[2211]", f"[Event 329] Link went down: (ib-leaf-b:{33 + k})--(ib-spine-0{k % 2 + 1}:{17 + k // 2})"))
    ufm += [
        syslog(t_x + S(1.1), "ufm01", "opensm[2290]", "SM port is up, performing heavy sweep: 44 ports removed from subnet"),
        syslog(t_x + S(255), "ufm01", "UFM[2211]", "[Event 604] Switch ib-leaf-b (0xb8cef603001a2b40) is up"),
        syslog(t_x + S(270), "ufm01", "opensm[2290]", "SUBNET UP"),
    ]
    files["ufm-events.log"] = join(ufm)
    files["topology.json"] = json.dumps({"topology": {"ib-leaf-a": hosts[:3], "ib-leaf-b": hosts[3:]}}, indent=2) + "\n"
    label = {
        "category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "At the same instant all four IB ports of hx-104, hx-105 and hx-106, every node behind leaf switch ib-leaf-b per topology.json, go Link DOWN, and they come back together about four minutes later. The UFM log shows ib-leaf-b losing a PSU and going down with its host and spine links. Ranks on both leaves then fail with IB completion errors against each other. A switch fault, not one node; restart once the switch is back.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/905",
    }
    return "cm20_ib_leaf_switch_down_mpirun", files, label


# =============================================================================
# cm21: uncorrectable memory error / MCE panics one node
# =============================================================================
def cm21():
    rng = random.Random(9421)
    job = 9921004
    hosts = [f"bm-gpu-{n:03d}" for n in (31, 32, 33, 34)]
    ips = [f"10.50.1.{n}" for n in (31, 32, 33, 34)]
    gpn = 8
    bad = 2
    t0 = dt(2024, 6, 1, 21, 5, 44, 60000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 6121 + i * 300
        _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 4, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 17 + lr
    t = t0 + S(33)
    losses = loss_curve(rng, 25000, 3.0, 2.3, 0.01)
    tl = t
    for s in range(100, 20700, 100):
        tl = t + S(s * 1.26)
        _ev(ev, tl, f"0: {pyl(tl)} train step={s} loss={losses[s]:.4f} lr=1.8e-04 tflops={rng.uniform(395, 402):.1f}")
    t_x = tl + S(44.1)
    for n in (0, 1, 3):
        for lr in range(gpn):
            r = n * gpn + lr
            tt = t_x + S(19 + rng.uniform(0, 3))
            port = rng.randint(30000, 60000)
            _ev(ev, tt, f"{n}: {hosts[n]}:{pids[(n, lr)]}:{pids[(n, lr)] + 80} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {ips[bad]}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::1070:fd03:5b:{0x1100 + r:x} remoteGids fe80::1070:fd03:5b:1133 hca mlx5_{lr % 4}")
            _ev(ev, tt + S(0.4), f"{n}: " + c10d(r, "E", tt + S(0.4), "ProcessGroupNCCL.cpp:1595", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5"), 1)
    for n in (0, 1, 3):
        an = 6121 + n * 300
        te = t_x + S(26 + n * 0.2)
        _ev(ev, te, f"{n}: " + elastic("E", te, an, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[(n, 0)]}) of binary: /usr/bin/python3"))
        others = [(n * gpn + lr, lr, -6, pids[(n, lr)], f"Signal 6 (SIGABRT) received by PID {pids[(n, lr)]}") for lr in range(1, gpn)]
        for k, ln in enumerate(childfailed("pretrain.py", hosts[n], t_x + S(20), (n * gpn, 0, -6, pids[(n, 0)], f"Signal 6 (SIGABRT) received by PID {pids[(n, 0)]}"), others, site="/usr/local/lib/python3.10/dist-packages", torchrun="/usr/local/bin/torchrun")):
            _ev(ev, te + S(0.1), f"{n}: {ln}", k)
        _ev(ev, te + S(0.4), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
    tnf = t_x + S(95)
    _ev(ev, tnf, f"srun: error: Node failure on {hosts[bad]}")
    _ev(ev, tnf + S(0.2), f"slurmstepd: error: *** JOB {job} ON {hosts[0]} CANCELLED AT {tnf:%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***")
    out = _sorted(ev)
    h = hosts[bad]
    jr = []
    tt = t_x - S(3 * 3600)
    k = 0
    while True:
        tt += S(rng.uniform(200, 900))
        if tt >= t_x - S(30):
            break
        k += 1
        jr.append(journal_iso(tt, h, "kernel", "mce: [Hardware Error]: Machine check events logged"))
        jr.append(journal_iso(tt + S(0.0001), h, "kernel", f"EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3d21a1 offset:0x{0x300 + k * 0x40:x} grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x3d21a1{0x300 + k * 0x40:03x} ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x1e90d0340 ChannelId:0x1 RankAddress:0xf486340 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x3d21 Column:0x340 Bank:0x2 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)"))
    jr.append(journal_iso(t_x - S(12), h, "kernel", "EDAC MC1: 38 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3d21a1 offset:0x340 grain:32 syndrome:0x0 - OVERFLOW err_code:0x0000:0x009f)"))
    for off, ln in [
        (0.0, "mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: be00000000800090"),
        (0.0001, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a8e2c1e> {native_safe_halt+0xe/0x10}"),
        (0.0002, "mce: [Hardware Error]: TSC 1c3e2ac39d6f ADDR 3d21a1340 MISC a0000c0000000086 PPIN 2b3ce2f81c8a5d31"),
        (0.0003, f"mce: [Hardware Error]: PROCESSOR 0:806f8 TIME {int(t_x.timestamp())} SOCKET 1 APIC 4a microcode 2b000571"),
        (0.0004, "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
        (0.0005, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
        (0.0006, "Kernel panic - not syncing: Fatal machine check"),
        (0.0009, "Kernel Offset: 0x19000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"),
    ]:
        jr.append(journal_iso(t_x + timedelta(seconds=off), h, "kernel", ln))
    jr.sort()
    jh = [f"# journalctl -k -b -1 -o short-iso-precise --no-pager | tail   (previous boot, collected {tnf + S(900):%Y-%m-%d %H:%M} UTC)"] + jr
    sel = [
        "   1 | 05/28/2024 | 09:12:40 | Event Logging Disabled #0x07 | Log area reset/cleared | Asserted",
        f"  1a | {t_x - S(7200):%m/%d/%Y | %H:%M:%S} | Memory #0x87 | Correctable ECC (@DIMM B1(CPU2)) | Asserted",
        f"  1b | {t_x - S(40):%m/%d/%Y | %H:%M:%S} | Memory #0x87 | Correctable ECC logging limit reached (@DIMM B1(CPU2)) | Asserted",
        f"  1c | {t_x:%m/%d/%Y | %H:%M:%S} | Memory #0x87 | Uncorrectable ECC (@DIMM B1(CPU2)) | Asserted",
        f"  1d | {t_x + S(1):%m/%d/%Y | %H:%M:%S} | Processor #0x33 | IERR | Asserted",
        f"  1e | {t_x + S(318):%m/%d/%Y | %H:%M:%S} | System Boot Initiated #0xe0 | Initiated by warm reset | Asserted",
    ]
    files = {
        f"slurm-{job}.out": join(out),
        f"{h}/journal-prev-boot.txt": join(jh),
        f"{h}/sel.txt": join(sel),
        "sacct.txt": join(sacct([
            (f"{job}", "gpt-6b", "gpu", "found", "512", "NODE_FAIL", "0:0"),
            (f"{job}.batch", "batch", "", "found", "128", "CANCELLED", "0:15"),
            (f"{job}.0", "torchrun", "", "found", "512", "NODE_FAIL", "0:0"),
        ])),
    }
    label = {
        "category": "host", "layer": "infrastructure", "culprit": {"node": h, "rank": None},
        "action": "restart_without_node",
        "rationale": "bm-gpu-033 goes silent and Slurm records a node failure (NODE_FAIL); the other nodes' ranks only see IB completion errors against 10.50.1.33 about 20 s later. The node's previous-boot kernel journal shows a growing storm of corrected DIMM errors on the same DIMM, then a fatal machine check and 'Kernel panic - not syncing: Fatal machine check', and the BMC SEL logs an uncorrectable ECC on DIMM B1 followed by a warm reset. Host memory hardware on that node.",
        "modelled_on": "https://github.com/ovro-lwa/lwa-issues/issues/117",
    }
    return "cm21_mce_uncorrectable_dimm_node_panic", files, label


# =============================================================================
# cm22: one GPU thermally throttled (fan failure) slows the whole NeMo job
# =============================================================================
def cm22():
    rng = random.Random(9422)
    job = 4471
    hosts = [f"gx-{n}" for n in (41, 42, 43, 44)]
    gpn = 8
    bad, bad_lr = 2, 4
    bad_rank = bad * gpn + bad_lr
    t0 = dt(2024, 7, 2, 4, 0, 9)
    L = []
    def add(t, s, k=0):
        L.append((t, k, s))
    add(t0, f"[NeMo I {t0:%Y-%m-%d %H:%M:%S} nemo_logging:381] Experiments will be logged at /results/llama3-8b-sft/2024-07-02_04-00-09")
    add(t0 + S(1), f"[NeMo I {t0 + S(1):%Y-%m-%d %H:%M:%S} megatron_init:263] Rank 0 has data parallel group : [0, 8, 16, 24]")
    add(t0 + S(1), f"[NeMo I {t0 + S(1):%Y-%m-%d %H:%M:%S} megatron_init:314] All tensor model parallel group: [[0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15], [16, 17, 18, 19, 20, 21, 22, 23], [24, 25, 26, 27, 28, 29, 30, 31]]", 1)
    add(t0 + S(2), "GPU available: True (cuda), used: True")
    add(t0 + S(2), "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32", 1)
    add(t0 + S(60), f"[NeMo I {t0 + S(60):%Y-%m-%d %H:%M:%S} nlp_overrides:1205] Model MegatronGPTSFTModel was successfully restored from /models/llama3-8b.nemo.")
    t = t0 + S(90)
    tcur = t
    total = 10000
    slow_from = 1460
    loss = 1.62
    step = 0
    while step < 4600:
        step += 1
        st = 1.91 + rng.uniform(-0.02, 0.02) if step < slow_from else (1.91 + min(1.0, (step - slow_from) / 120) * 1.17 + rng.uniform(-0.04, 0.04))
        tcur += S(st)
        loss = max(0.9, loss - rng.uniform(0, 0.0003))
        if step % 50 == 0:
            el = int((tcur - t).total_seconds())
            rem = int((total - step) * st)
            add(tcur, f"Epoch 0: :  {int(100 * step / total):2d}%|{'█' * (step * 20 // total):<20}| {step}/{total} [{el // 3600}:{el % 3600 // 60:02d}:{el % 60:02d}<{rem // 3600}:{rem % 3600 // 60:02d}:{rem % 60:02d}, reduced_train_loss={loss:.3f}, global_step={step - 1}.0, consumed_samples={step * 128}.0, train_step_timing in s={st:.2f}]")
        if step % 1000 == 0:
            add(tcur + S(0.1), f"[NeMo I {tcur:%Y-%m-%d %H:%M:%S} nemo_model_checkpoint:497] Checkpoint save for step {step} started at {tcur.timestamp():.4f}.", 1)
    tend = t0 + S(3 * 3600)
    add(tend, f"slurmstepd: error: *** JOB {job} ON {hosts[0]} CANCELLED AT {tend:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    add(tend + S(0.1), f"slurmstepd: error: *** STEP {job}.0 ON {hosts[0]} CANCELLED AT {tend:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    L = [x for x in L if x[0] <= tend + S(1)]
    L.sort(key=lambda x: (x[0], x[1]))
    ts = t + S(slow_from * 1.91 + 3000)
    files = {f"slurm-{job}.out": join([x[2] for x in L])}
    for n in (0, bad):
        q = smi_q_header(ts, 8, driver="550.54.15", cuda="12.4")
        for i in range(gpn):
            kw = dict(temp=63 + rng.randint(0, 6), power=640.0 + rng.uniform(-30, 30), sm_clock=1980, max_clock=1980, util=100, mem_used=66120 + rng.randint(0, 400),
                      procs=[(30100 + n * 100 + i, "/usr/bin/python3", 65800 + rng.randint(0, 400))])
            if n == bad and i == bad_lr:
                kw.update(temp=91, power=391.44, sm_clock=1095, thermal=True)
            q += smi_q_gpu(H100_BUS[i], i, serial=f"16523110{n}{i:02d}", **kw)
        files[f"{hosts[n]}/nvidia-smi-q.txt"] = join(q)
    files[f"{hosts[bad]}/sel.txt"] = join([
        "  31 | 06/27/2024 | 11:02:51 | Power Supply PSU2 | Presence detected | Asserted",
        f"  32 | {t + S(slow_from * 1.91 - 300):%m/%d/%Y | %H:%M:%S} | Fan FAN6 | Lower Critical going low | Asserted",
        f"  33 | {t + S(slow_from * 1.91 - 299):%m/%d/%Y | %H:%M:%S} | Fan FAN6 | Lower Non-recoverable going low | Asserted",
        f"  34 | {t + S(slow_from * 1.91 - 120):%m/%d/%Y | %H:%M:%S} | Temperature GPU_9A_Temp | Upper Non-critical going high | Asserted",
    ])
    files[f"{hosts[bad]}/ipmi-sensor-fans.txt"] = join([
        "FAN1             | 9450.000   | RPM        | ok    | 300.000   | 500.000   | 700.000   | 25300.000 | 25400.000 | 25500.000",
        "FAN2             | 9520.000   | RPM        | ok    | 300.000   | 500.000   | 700.000   | 25300.000 | 25400.000 | 25500.000",
        "FAN3             | 9380.000   | RPM        | ok    | 300.000   | 500.000   | 700.000   | 25300.000 | 25400.000 | 25500.000",
        "FAN4             | 9610.000   | RPM        | ok    | 300.000   | 500.000   | 700.000   | 25300.000 | 25400.000 | 25500.000",
        "FAN5             | 9400.000   | RPM        | ok    | 300.000   | 500.000   | 700.000   | 25300.000 | 25400.000 | 25500.000",
        "FAN6             | 0.000      | RPM        | nr    | 300.000   | 500.000   | 700.000   | 25300.000 | 25400.000 | 25500.000",
        "GPU_9A_Temp      | 91.000     | degrees C  | nc    | na        | 5.000     | 10.000    | 87.000    | 92.000    | 95.000",
    ])
    files["sacct.txt"] = join(sacct([
        (f"{job}", "llama3-sft", "hgx", "nlp", "512", "TIMEOUT", "0:0", "03:00:00"),
        (f"{job}.0", "python", "", "nlp", "512", "CANCELLED", "0:15", "03:00:01"),
    ], header=("JobID", "JobName", "Partition", "Account", "AllocCPUS", "State", "ExitCode", "Elapsed")))
    label = {
        "category": "straggler", "layer": "infrastructure", "culprit": {"node": hosts[bad], "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "train_step_timing rises from 1.91 s to about 3.1 s around step 1460 and stays there, so the job hits its time limit. On gx-43, GPU 4 (bus 9A:00, BMC sensor GPU_9A_Temp) sits at 91 C with HW Thermal Slowdown active and SM clock 1095/1980 MHz, while every other GPU there and on gx-41 runs at full clock. The BMC shows FAN6 failed (0 RPM) just before the slowdown. One thermally throttled GPU paces the synchronous job; rank 20 = node 2 x 8 + GPU 4.",
        "modelled_on": "https://github.com/mlfoundations/open_clip/issues/703",
    }
    return "cm22_thermal_throttle_fan_failure_straggler", files, label


# =============================================================================
# cm23: DeepSpeed batch-size assertion after halving the node count
# =============================================================================
def cm23():
    rng = random.Random(9423)
    hosts = ["ds-h100-07", "ds-h100-08"]
    gpn = 8
    t0 = dt(2025, 3, 3, 14, 22, 7, 402000)
    L = []
    def ds(t, lvl, src, msg, host=None):
        p = f"{host}: " if host else ""
        return f"{p}[{pyl(t)}] [{lvl}] [{src}] {msg}"
    L.append((t0, 0, ds(t0, "INFO", "runner.py:607:main", "cmd = pdsh -S -f 1024 -w ds-h100-07,ds-h100-08 export NCCL_IB_GID_INDEX=3; export NCCL_SOCKET_IFNAME=bond0; cd /home/lz/rm; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJkcy1oMTAwLTA3IjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddLCAiZHMtaDEwMC0wOCI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=10.77.0.7 --master_port=29500 train_rm.py --deepspeed configs/ds_z2_rm.json --model /models/llama-3-70b-sft")))
    for n, h in enumerate(hosts):
        tt = t0 + S(2.1 + n * 0.3)
        L.append((tt, 0, ds(tt, "INFO", "launch.py:146:main", "WORLD INFO DICT: {'ds-h100-07': [0, 1, 2, 3, 4, 5, 6, 7], 'ds-h100-08': [0, 1, 2, 3, 4, 5, 6, 7]}", h)))
        L.append((tt, 1, ds(tt, "INFO", "launch.py:152:main", f"nnodes=2, num_local_procs=8, node_rank={n}", h)))
        L.append((tt, 2, ds(tt, "INFO", "launch.py:164:main", "dist_world_size=16", h)))
        L.append((tt + S(6), 0, ds(tt + S(6), "INFO", "comm.py:637:init_distributed", "cdb=None", h)))
        if n == 0:
            L.append((tt + S(6), 1, ds(tt + S(6), "INFO", "comm.py:668:init_distributed", "Initializing TorchBackend in DeepSpeed with backend nccl", h)))
        L.append((tt + S(7), 2, f"{h}: {h}:{3000 + n}:{3000 + n} [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/RoCE [1]mlx5_1:1/RoCE [2]mlx5_4:1/RoCE [3]mlx5_5:1/RoCE [RO]; OOB bond0:10.77.0.{7 + n}<0>"))
        L.append((tt + S(7.2), 3, f"{h}: {h}:{3000 + n}:{3000 + n} [0] NCCL INFO NET/IB : GID index 3 is not valid for mlx5_5 port 1, falling back to GID index 1"))
    t = t0 + S(140)
    L.append((t, 0, f"ds-h100-07: {pyl(t)} - INFO - train_rm - loaded 70B reward model, per_device_train_batch_size=4 gradient_accumulation_steps=4"))
    for n, h in enumerate(hosts):
        for lr in range(gpn):
            r = n * gpn + lr
            tt = t + S(3 + rng.uniform(0, 0.8))
            if r % 3 == 0 or r == 15:
                tb = [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/home/lz/rm/train_rm.py", line 244, in <module>',
                    f"[rank{r}]:     main()",
                    f'[rank{r}]:   File "/home/lz/rm/train_rm.py", line 201, in main',
                    f"[rank{r}]:     model_engine, optimizer, _, scheduler = deepspeed.initialize(model=model, config=args.deepspeed, model_parameters=params)",
                    f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/__init__.py", line 171, in initialize',
                    f"[rank{r}]:     config_class = DeepSpeedConfig(config, mpu)",
                    f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py", line 798, in __init__',
                    f"[rank{r}]:     self._configure_train_batch_size()",
                    f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py", line 981, in _configure_train_batch_size',
                    f"[rank{r}]:     self._batch_assertion()",
                    f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py", line 929, in _batch_assertion',
                    f"[rank{r}]:     assert train_batch == micro_batch * grad_acc * self.world_size, (",
                    f"[rank{r}]: AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 4 * 16",
                ]
                for k, ln in enumerate(tb):
                    L.append((tt, k, f"{h}: {ln}"))
        tk = t + S(5 + n * 0.3)
        for lr in range(gpn):
            L.append((tk, lr, f"{h}: " + ds(tk, "INFO", "launch.py:319:sigkill_handler", f"Killing subprocess {5100 + n * 100 + lr}")))
        L.append((tk + S(0.4), 9, f"{h}: " + ds(tk + S(0.4), "ERROR", "launch.py:325:sigkill_handler", "['/usr/bin/python3', '-u', 'train_rm.py', '--local_rank=7', '--deepspeed', 'configs/ds_z2_rm.json', '--model', '/models/llama-3-70b-sft'] exits with return code = 1")))
        L.append((tk + S(0.6), 10, f"pdsh@ds-h100-07: {h}: ssh exited with exit code 1"))
    L.sort(key=lambda x: (x[0], x[1]))
    cfg = {"train_batch_size": 512, "train_micro_batch_size_per_gpu": 4, "gradient_accumulation_steps": 4,
           "bf16": {"enabled": True}, "zero_optimization": {"stage": 2, "overlap_comm": True, "reduce_bucket_size": 5e8},
           "gradient_clipping": 1.0, "steps_per_print": 10}
    files = {
        "deepspeed_launch.log": join([x[2] for x in L]),
        "configs/ds_z2_rm.json": json.dumps(cfg, indent=2) + "\n",
        "hostfile": "ds-h100-07 slots=8\nds-h100-08 slots=8\n# ds-h100-09 slots=8   (returned to pool 2025-03-01)\n# ds-h100-10 slots=8\n",
    }
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Ranks on both nodes fail in deepspeed.initialize with 'train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 4 * 16'. The config still carries train_batch_size=512 from the four-node hostfile while only two nodes (16 GPUs) remain. The NCCL GID-index fallback notice is harmless. A deterministic configuration error; fix the batch parameters.",
        "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/6914",
    }
    return "cm23_deepspeed_batch_size_assertion", files, label


# =============================================================================
# cm24: embedding index out of range after adding tokens (device assert, Xid 43 noise)
# =============================================================================
def cm24():
    rng = random.Random(9424)
    job = 2207735
    hosts = ["a100-n05", "a100-n06"]
    gpn = 8
    site = "/scratch/envs/hf/lib/python3.10/site-packages"
    t0 = dt(2024, 2, 26, 13, 11, 2, 550000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 17220 + i * 404
        _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 2, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 6 + lr
    t = t0 + S(20)
    _ev(ev, t, f"0: {pyl(t)} - INFO - sft - Loading tokenizer from /models/llama-2-7b-hf")
    _ev(ev, t + S(0.4), f"0: {pyl(t + S(0.4))} - INFO - sft - Added 3 special tokens ['<|im_start|>', '<|im_end|>', '<|tool|>']; len(tokenizer)=32003")
    _ev(ev, t + S(0.5), "0: Special tokens have been added in the vocabulary, make sure the associated word embeddings are fine-tuned or trained.")
    _ev(ev, t + S(31), f"0: {pyl(t + S(31))} - INFO - sft - Loaded LlamaForCausalLM: vocab_size=32000, hidden_size=4096, 6.74B params")
    _ev(ev, t + S(33), f"0: {pyl(t + S(33))} - INFO - sft - chat template: chatml ({'<|im_start|>'}role ... {'<|im_end|>'})")
    _ev(ev, t + S(40), "0: ***** Running training *****")
    _ev(ev, t + S(40), "0:   Num examples = 412,883", 1)
    _ev(ev, t + S(40), "0:   Num Epochs = 3", 2)
    _ev(ev, t + S(40), "0:   Instantaneous batch size per device = 8", 3)
    _ev(ev, t + S(40), "0:   Total train batch size (w. parallel, distributed & accumulation) = 256", 4)
    _ev(ev, t + S(40), "0:   Total optimization steps = 4,839", 5)
    _ev(ev, t + S(41), "0:   0%|          | 0/4839 [00:00<?, ?it/s]")
    ta = t + S(43.2)
    asserted = []
    for n in range(2):
        for lr in range(gpn):
            r = n * gpn + lr
            if rng.random() < 0.7:
                asserted.append(r)
                tt = ta + timedelta(milliseconds=rng.randint(0, 900))
                blk = rng.randint(100, 900)
                for j in range(4):
                    _ev(ev, tt, f"{n}: ../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [{blk},0,0], thread: [{64 + j},0,0] Assertion `srcIndex < srcSelectDimSize` failed.", j)
                frames = [
                    ("/home/mchen/sft/sft.py", 188, "<module>", "trainer.train()"),
                    (f"{site}/transformers/trainer.py", 1624, "train", "return inner_training_loop("),
                    (f"{site}/transformers/trainer.py", 1961, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                    (f"{site}/transformers/trainer.py", 2902, "training_step", "loss = self.compute_loss(model, inputs)"),
                    (f"{site}/transformers/models/llama/modeling_llama.py", 968, "forward", "causal_mask = self._update_causal_mask(attention_mask, inputs_embeds, cache_position, past_seen_tokens)"),
                    (f"{site}/transformers/models/llama/modeling_llama.py", 1079, "_update_causal_mask", "if AttentionMaskConverter._ignore_causal_mask_sdpa("),
                ]
                lines = [f"[rank{r}]: Traceback (most recent call last):"]
                for f, ln, fn, code in frames:
                    lines.append(f'[rank{r}]:   File "{f}", line {ln}, in {fn}')
                    lines.append(f"[rank{r}]:     {code}")
                lines.append(f"[rank{r}]: RuntimeError: CUDA error: device-side assert triggered")
                lines.append(f"[rank{r}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")
                lines.append(f"[rank{r}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1.")
                lines.append(f"[rank{r}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
                for k, ln in enumerate(lines):
                    _ev(ev, tt + S(0.05), f"{n}: {ln}", k)
    for n in range(2):
        firsts = [r for r in asserted if r // gpn == n]
        root = firsts[0]
        an = 17220 + n * 404
        te = ta + S(3.3 + n * 0.2)
        for lr in range(gpn):
            if n * gpn + lr not in asserted:
                _ev(ev, te - S(1), f"{n}: " + elastic("W", te - S(1), an, "torch/distributed/elastic/multiprocessing/api.py:858", f"Sending process {pids[(n, lr)]} closing signal SIGTERM"), lr)
        _ev(ev, te, f"{n}: " + elastic("E", te, an, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: {root % gpn} (pid: {pids[(n, root % gpn)]}) of binary: /scratch/envs/hf/bin/python"))
        others = [(n * gpn + lr, lr, 1 if n * gpn + lr in asserted else -15, pids[(n, lr)], TB_HINT if n * gpn + lr in asserted else sigterm_tb(pids[(n, lr)])) for lr in range(gpn) if n * gpn + lr != root]
        for k, ln in enumerate(childfailed("sft.py", hosts[n], ta, (root, root % gpn, 1, pids[(n, root % gpn)], TB_HINT), others, site=site, torchrun="/scratch/envs/hf/bin/torchrun")):
            _ev(ev, te + S(0.1), f"{n}: {ln}", k)
        _ev(ev, te + S(0.4), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
    out = _sorted(ev)
    boot = dt(2024, 2, 19, 8, 30, 0)
    dm, tb = boot_noise(boot, hosts[0], rng, nic_bus=["0c", "12", "4b", "54"], driver="535.104.05")
    dm += periodic_noise(boot, tb, ta, hosts[0], rng, every=40000)
    for r in asserted:
        if r < gpn:
            dm.append(kmsg(boot, ta + S(0.3) + timedelta(milliseconds=r * 7), f"NVRM: Xid (PCI:0000:{A100_BUS[r]}:00): 43, pid={pids[(0, r)]}, name=python, Ch 00000008"))
    dm.sort(key=lambda s: float(s[1:s.index("]")]))
    files = {
        f"slurm-{job}.out": join(out),
        f"{hosts[0]}/dmesg.txt": join(dm),
        "sacct.txt": join(sacct([
            (f"{job}", "sft-chatml", "a100", "mchen", "128", "FAILED", "1:0"),
            (f"{job}.0", "torchrun", "", "mchen", "128", "FAILED", "1:0"),
        ])),
    }
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The script adds three special tokens (len(tokenizer)=32003) but the model keeps vocab_size=32000 (no resize_token_embeddings). On the first step most ranks on both nodes hit 'indexSelectLargeIndex ... Assertion srcIndex < srcSelectDimSize failed' and 'device-side assert triggered'. The Xid 43 entries in a100-n05's dmesg are the driver resetting channels after those application faults, not a GPU defect.",
        "modelled_on": "https://github.com/huggingface/transformers/issues/11008",
    }
    return "cm24_embedding_index_out_of_range_xid43_noise", files, label


# =============================================================================
# cm25: cluster DNS outage, rendezvous hostname cannot be resolved anywhere
# =============================================================================
def cm25():
    rng = random.Random(9425)
    job = 6104558
    hosts = [f"gpu-k-{n}" for n in (101, 102, 103, 104)]
    gpn = 8
    site = "/opt/conda/lib/python3.11/site-packages"
    t0 = dt(2024, 10, 18, 6, 40, 51, 330000)
    ev = []
    ep = "gpu-k-101.hpc.example.org:29400"
    for i, h in enumerate(hosts):
        apid = 9210 + i * 31
        ti = t0 + S(0.3 * i)
        _ev(ev, ti, f"{i}: " + elastic("I", ti, apid, "torch/distributed/launcher/api.py:188", "Starting elastic_operator with launch configs:"))
        _ev(ev, ti, f"{i}: " + elastic("I", ti, apid, "torch/distributed/launcher/api.py:188", f"  rdzv_backend     : c10d"), 1)
        _ev(ev, ti, f"{i}: " + elastic("I", ti, apid, "torch/distributed/launcher/api.py:188", f"  rdzv_endpoint    : {ep}"), 2)
        tw = ti + S(0.4)
        for j in range(3):
            tj = tw + S(j * 10.0)
            _ev(ev, tj, f"{i}: [W{tj.month}{tj.day:02d} {tj:%H:%M:%S}.{tj.microsecond:06d}{rng.randint(0, 999):03d} socket.cpp:751] [c10d] The IPv6 network addresses of (gpu-k-101.hpc.example.org, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).", 3 + j * 2)
            _ev(ev, tj, f"{i}: [W{tj.month}{tj.day:02d} {tj:%H:%M:%S}.{tj.microsecond:06d}{rng.randint(0, 999):03d} socket.cpp:751] [c10d] The IPv4 network addresses of (gpu-k-101.hpc.example.org, 29400) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).", 4 + j * 2)
        tf = ti + S(60.5)
        tb = [
            "Traceback (most recent call last):",
            f'  File "{site}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 159, in _create_tcp_store',
            "    store = TCPStore(",
            "torch.distributed.DistNetworkError: The client socket has timed out after 60s while trying to connect to (gpu-k-101.hpc.example.org, 29400).",
            "",
            "The above exception was the direct cause of the following exception:",
            "",
            "Traceback (most recent call last):",
            '  File "/opt/conda/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            f'  File "{site}/torch/distributed/run.py", line 919, in main',
            "    run(args)",
            f'  File "{site}/torch/distributed/launcher/api.py", line 255, in launch_agent',
            "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
            f'  File "{site}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 250, in create_backend',
            "    store = _create_tcp_store(params)",
            f'  File "{site}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store',
            "    raise RendezvousConnectionError(",
            "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
        ]
        for k, ln in enumerate(tb):
            _ev(ev, tf, f"{i}: {ln}", k)
        _ev(ev, tf + S(0.3), f"srun: error: {h}: task {i}: Exited with exit code 1")
    out = _sorted(ev)
    files = {f"slurm-{job}.out": join(out)}
    for i in (0, 2):
        h = hosts[i]
        jr = []
        tt = t0 - S(1500)
        jr.append(journal_iso(tt, h, "systemd-resolved[1211]", "Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.53."))
        jr.append(journal_iso(tt + S(3), h, "systemd-resolved[1211]", "Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.54."))
        for k in range(14):
            tk = tt + S(60 + k * 110 + rng.uniform(0, 20))
            jr.append(journal_iso(tk, h, "sssd_nss[1640]", "[sss_dp_get_reply] (0x0010): The Data Provider returned an error [org.freedesktop.sssd.Error.DataProvider.Offline]"))
            if k % 3 == 0:
                jr.append(journal_iso(tk + S(1), h, "chronyd[1188]", "Could not resolve address of NTP server ntp1.hpc.example.org: Temporary failure in name resolution"))
            if k % 4 == 1:
                jr.append(journal_iso(tk + S(2), h, "systemd-resolved[1211]", f"Transaction {41203 + k * 37} for <gpu-k-101.hpc.example.org IN A> on scope dns on bond0/* now complete with <timeout> from none (unsigned)."))
        jr.append(journal_iso(t0 - S(3), h, "slurmd[2210]", f"launch task StepId={job}.0 request from UID:31002 GID:31002 HOST:10.0.1.2 PORT:46112"))
        jr.append(journal_iso(t0 + S(62), h, "systemd-resolved[1211]", "Transaction 41977 for <gpu-k-101.hpc.example.org IN AAAA> on scope dns on bond0/* now complete with <timeout> from none (unsigned)."))
        jr.sort()
        files[f"{h}/journal.txt"] = join(jr)
    files[f"{hosts[2]}/resolvectl-status.txt"] = join([
        "Global",
        "       Protocols: -LLMNR -mDNS -DNSOverTLS DNSSEC=no/unsupported",
        "resolv.conf mode: stub",
        "",
        "Link 4 (bond0)",
        "    Current Scopes: DNS",
        "         Protocols: +DefaultRoute +LLMNR -mDNS -DNSOverTLS DNSSEC=no/unsupported",
        "Current DNS Server: 10.0.0.54",
        "       DNS Servers: 10.0.0.53 10.0.0.54",
        "        DNS Domain: hpc.example.org",
        "",
        f"$ getent hosts gpu-k-101.hpc.example.org ; echo rc=$?     # {t0 + S(300):%H:%M:%S} UTC",
        "rc=2",
        "$ dig +time=2 +tries=1 @10.0.0.53 gpu-k-101.hpc.example.org",
        ";; communications error to 10.0.0.53#53: timed out",
        ";; no servers could be reached",
        "$ dig +time=2 +tries=1 @10.0.0.54 gpu-k-101.hpc.example.org",
        ";; communications error to 10.0.0.54#53: timed out",
        ";; no servers could be reached",
        "$ ping -c1 -W1 10.41.7.101     # gpu-k-101 by address",
        "1 packets transmitted, 1 received, 0% packet loss, time 0ms",
    ])
    files["sacct.txt"] = join(sacct([
        (f"{job}", "asr-ft", "gpu", "speech", "256", "FAILED", "1:0", "00:01:02"),
        (f"{job}.0", "torchrun", "", "speech", "256", "FAILED", "1:0", "00:01:01"),
    ], header=("JobID", "JobName", "Partition", "Account", "AllocCPUS", "State", "ExitCode", "Elapsed")))
    files["job.sbatch"] = f"#!/bin/bash\n#SBATCH -N 4\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=8\nsrun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint {ep} --rdzv-id $SLURM_JOB_ID finetune_asr.py\n"
    label = {
        "category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "All four torchrun agents, including the one on gpu-k-101 itself, fail before any worker starts: c10d cannot resolve gpu-k-101.hpc.example.org ('Temporary failure in name resolution') and the rendezvous store times out. The journals on two nodes show both cluster DNS servers (10.0.0.53/.54) timing out for the preceding half hour, with sssd and chrony failing too, while the host answers by IP. A cluster-wide DNS outage; resubmit once name resolution is back.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/150532",
    }
    return "cm25_cluster_dns_outage_rendezvous", files, label


# =============================================================================
# cm26: NaN that follows one GPU across a requeue (silent data corruption)
# =============================================================================
def cm26():
    rng = random.Random(9426)
    job = 7719342
    hosts = [f"pod2-gpu-{n}" for n in (11, 12, 13, 14)]
    gpn = 8
    bad, bad_lr = 1, 5
    bad_rank = bad * gpn + bad_lr
    site = "/usr/local/lib/python3.12/dist-packages"
    files = {}
    attempts = [
        dict(t0=dt(2025, 4, 8, 2, 0, 4), start=3000, nan_step=4417, layer="layers.22.mlp.fc1.weight", seed=1234),
        dict(t0=dt(2025, 4, 8, 4, 31, 40), start=4000, nan_step=4263, layer="layers.9.attention.wo.weight", seed=1235),
    ]
    for ai, a in enumerate(attempts):
        ev = []
        pids = {}
        t0 = a["t0"]
        for i, h in enumerate(hosts):
            apid = 41001 + i * 77 + ai * 5000
            _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 4, gpn)
            for lr in range(gpn):
                pids[(i, lr)] = apid + 10 + lr
        t = t0 + S(40)
        _ev(ev, t, f"0: {pyl(t)} INFO resume: loaded /ckpt/moe-a2b/step_{a['start']} ; data order seed={a['seed']} (reshuffled on requeue)")
        _ev(ev, t, f"0: {pyl(t)} INFO nan-guard: per-rank local grad-norm check enabled (abort on non-finite)", 1)
        losses = loss_curve(rng, 6000, 2.6, 2.2, 0.01)
        tl = t
        for s in range(a["start"] + 10, a["nan_step"], 10):
            tl = t + S((s - a["start"]) * 1.05)
            _ev(ev, tl, f"0: {pyl(tl)} INFO step {s} loss {losses[s]:.4f} gnorm {rng.uniform(0.21, 0.33):.3f} lr 3.0e-04")
        tx = tl + S(9.6)
        _ev(ev, tx, f"{bad}: [rank{bad_rank}]: {pyl(tx)} ERROR nan-guard: non-finite local grad norm (nan) at step {a['nan_step']}; first bad tensor: {a['layer']} (shard on cuda:{bad_lr})")
        for n in range(4):
            for lr in range(gpn):
                r = n * gpn + lr
                tt = tx + S(0.3) + timedelta(milliseconds=rng.randint(0, 200))
                if r in (0, bad_rank) or rng.random() < 0.15:
                    tb = [
                        f"[rank{r}]: Traceback (most recent call last):",
                        f'[rank{r}]:   File "/opt/moe/train.py", line 611, in <module>',
                        f"[rank{r}]:     main()",
                        f'[rank{r}]:   File "/opt/moe/train.py", line 577, in main',
                        f"[rank{r}]:     nan_guard.check_and_sync(step, model)",
                        f'[rank{r}]:   File "/opt/moe/nan_guard.py", line 48, in check_and_sync',
                        f"[rank{r}]:     raise FloatingPointError(f\"non-finite gradients on ranks {{bad}} at step {{step}}\")",
                        f"[rank{r}]: FloatingPointError: non-finite gradients on ranks [{bad_rank}] at step {a['nan_step']}",
                    ]
                    for k, ln in enumerate(tb):
                        _ev(ev, tt, f"{n}: {ln}", k)
        for n in range(4):
            an = 41001 + n * 77 + ai * 5000
            te = tx + S(2.2 + n * 0.1)
            _ev(ev, te, f"{n}: " + elastic("E", te, an, "torch/distributed/elastic/multiprocessing/api.py:869", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[(n, 0)]}) of binary: /usr/bin/python"))
            _ev(ev, te + S(0.5), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
        if ai == 0:
            _ev(ev, tx + S(4), f"{pyl(tx + S(4))} requeue-on-failure: attempt 1 failed, requeueing job {job} (same allocation)")
        files[f"attempt_{ai + 1}/slurm-{job}.out"] = join(_sorted(ev))
    # after attempt 2: admin ran diagnostics on pod2-gpu-12
    td = attempts[1]["t0"] + S(3600)
    dg = [
        f"# dcgmi diag -r 3 -i 0,1,2,3,4,5,6,7   ({td:%Y-%m-%d %H:%M} UTC, node drained)",
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 550.127.08                                     |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - All                                     |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - All                                     |",
        "| Diagnostic                | Pass - GPUs: 0, 1, 2, 3, 4, 6, 7               |",
        "|                           | Fail - GPU: 5                                  |",
        "| Warning                   | GPU 5 Error: found 37 miscompares in result of |",
        "|                           | GEMM computation (DCGM_FR_FAULTY_MEMORY is not |",
        "|                           | set; compute path). Run field diagnostic.      |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - All                                     |",
        "| Targeted Power            | Pass - All                                     |",
        "| Memory Bandwidth          | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+",
    ]
    q = smi_q_header(td, 8, driver="550.127.08", cuda="12.4")
    for i in range(gpn):
        q += smi_q_gpu(H100_BUS[i], i, serial=f"16524410{i:02d}", temp=35 + i % 3, power=70.0 + i, sm_clock=345, max_clock=1980)
    files[f"attempt_2/{hosts[bad]}/dcgmi-diag-r3.txt"] = join(dg)
    files[f"attempt_2/{hosts[bad]}/nvidia-smi-q.txt"] = join(q)
    files["sacct.txt"] = join(sacct([
        (f"{job}", "moe-a2b", "h100", "moe", "512", "FAILED", "1:0", "1", "01:16:40"),
        (f"{job}.0", "torchrun", "", "moe", "512", "FAILED", "1:0", "", "00:51:19"),
    ], header=("JobID", "JobName", "Partition", "Account", "AllocCPUS", "State", "ExitCode", "Restarts", "Elapsed")))
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": hosts[bad], "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "Both attempts abort on the per-rank NaN guard, each time naming only rank 13 (pod2-gpu-12, cuda:5), at different steps, in different layers and with a reshuffled data order, so it is not the data or the config. ECC and row-remap counters are clean, but dcgmi diag -r 3 on pod2-gpu-12 reports GEMM miscompares on GPU 5 only. Silent data corruption from one GPU; exclude the node.",
        "modelled_on": "https://github.com/AlexeyAB/darknet/issues/5547",
    }
    return "cm26_nan_follows_one_gpu_across_requeue", files, label


CASES = [cm19, cm20, cm21, cm22, cm23, cm24, cm25, cm26]
