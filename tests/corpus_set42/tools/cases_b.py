"""Cases am11-am20."""
import datetime as dt
import json

from lib import *  # noqa: F401,F403
from common import torchrun_log, agent_failure
from cases_a import _megatron_preamble, _dmesg_T

D = dt.datetime


# ---------------------------------------------------------------------------
def am11(name):
    """Fatal machine check on one host: it panics and reboots; everyone else sees peers vanish."""
    rng = rng_for(name)
    c = Case(name)
    names = ["c4-n%02d" % i for i in range(1, 9)]
    ips = ["10.140.4.%d" % (50 + i) for i in range(1, 9)]
    nodes = make_nodes(names, ips, rng=rng)
    bad = nodes[6]
    start = D(2024, 1, 22, 19, 5, 0)
    T0 = D(2024, 1, 23, 4, 12, 55, 301000)
    script = "train_moe.py"
    logs = {n.name: torchrun_log(n, 8, start, rng, endpoint="10.140.4.51:29500", script=script, verbose_lrs=(0,),
                                 nccl_kw={"version": "2.19.3+cuda12.3", "driver_cuda": "12030"}) for n in nodes}
    t = start + TD(seconds=60)
    step = 0
    while True:
        step += 50
        t = t + TD(seconds=50 * 1.93 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= T0:
            break
        logs["c4-n01"].add(t, "[default0]:%s [train] step=%d loss=%.4f aux_loss=%.4f lr=%.2e tflops=%.1f" % (ts_iso(t), step, loss_at(step, rng, base=2.3), rng.uniform(0.011, 0.014), 2.5e-4, rng.uniform(388, 396)))
    # peers of c4-n07 notice retry-exceeded ~20 s after it died
    first_err = {}
    for n in nodes:
        if n is bad:
            continue
        for lr in range(8):
            if rng.random() < 0.5:
                te = T0 + TD(seconds=18) + jit(rng, 0, 3000)
                pid = n.pid(lr)
                logs[n.name].add(te, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s"
                                 % (lr, n.name, pid, pid + 77, lr, bad.ip, rng.randint(33000, 61000), rng.choice([0, 1]), rng.choice(["Send", "Recv"]), n.ip, bad.ip))
                tw = te + jit(rng, 200, 700)
                logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in nccl_remote_error(n.rank(lr), tw, rng, bad.ip, rng.randint(33000, 61000), n.ip, vers="2.19.3").split("\n")))
                first_err.setdefault(n.name, []).append((tw, lr))
        if n.name not in first_err:
            lr = rng.randint(0, 7)
            tw = T0 + TD(seconds=600) + jit(rng, 50, 400)
            logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in watchdog_timeout(n.rank(lr), tw, 1103377, "ALLTOALL_BASE", 50331648, rng).split("\n")))
            first_err[n.name] = [(tw, lr)]
    for n in nodes:
        if n is bad:
            continue
        tw, lr = sorted(first_err[n.name])[0]
        out, _ = agent_failure(n, tw + jit(rng, 200, 600), lr, -6, rng, script)
        logs[n.name].extend(out)
        c.add("%s/torchrun.log" % n.name, logs[n.name])
    c.add("%s/torchrun.log" % bad.name, logs[bad.name])
    sl = Log()
    sl.add(start - TD(seconds=2), "[%s] job 77120 starting on c4-n[01-08]" % (start - TD(seconds=2)).strftime("%Y-%m-%dT%H:%M:%S"))
    tnf = T0 + TD(seconds=41, milliseconds=512)
    sl.add(tnf, "srun: error: Node failure on c4-n07")
    sl.add(tnf + TD(milliseconds=30), "slurmstepd: error: *** JOB 77120 ON c4-n01 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % tnf.strftime("%Y-%m-%dT%H:%M:%S"))
    sl.add(tnf + TD(seconds=1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.add("slurm-77120.out", sl)
    # kernel journals
    for n in nodes:
        boot = D(2024, 1, 18, 15, 30, 0) + TD(seconds=rng.randint(0, 5000))
        J = Log()
        J.add(boot - TD(seconds=1), "-- Logs begin at %s UTC, end at %s UTC. --" % (boot.strftime("%a %Y-%m-%d %H:%M:%S"), (T0 + TD(hours=2)).strftime("%a %Y-%m-%d %H:%M:%S")))
        for tt, m in boot_dmesg(rng, boot, n.name):
            J.add(tt, "%s %s kernel: %s" % (ts_syslog(tt), n.name, m))
        for tt, m in quiet_noise(rng, start - TD(hours=2), T0 + TD(minutes=40), n.name, n=6):
            J.add(tt, "%s %s kernel: %s" % (ts_syslog(tt), n.name, m))
        if n is bad:
            ce = T0 - TD(minutes=3, seconds=12)
            J.add(ce, "%s %s kernel: mce: [Hardware Error]: Machine check events logged" % (ts_syslog(ce), n.name))
            J.add(ce, "%s %s kernel: [Hardware Error]: Corrected error, no action required." % (ts_syslog(ce), n.name))
            J.add(ce, "%s %s kernel: [Hardware Error]: CPU:41 (19:11:1) MC7_STATUS[Over|CE|MiscV|AddrV|-|-|SyndV|CECC|-|-|-]: 0xdc2040000000011b" % (ts_syslog(ce), n.name))
            mce = [
                "mce: [Hardware Error]: CPU 41: Machine Check Exception: 5 Bank 7: be00000000800400",
                "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa92f1b3e> {native_safe_halt+0xe/0x10}",
                "mce: [Hardware Error]: TSC 2c1f8a3b9e1f ADDR 1f3a2c0c0 MISC d012000101000000 SYND 4d000000 IPID 9600150f00 ",
                "mce: [Hardware Error]: PROCESSOR 2:a10f11 TIME %d SOCKET 1 APIC 52 microcode a10113e" % int((T0 - D(1970, 1, 1)).total_seconds()),
                "mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
                "mce: [Hardware Error]: Machine check: Processor context corrupt",
                "Kernel panic - not syncing: Fatal machine check",
                "Kernel Offset: 0x27e00000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
            ]
            for k, m in enumerate(mce):
                J.add(T0 + TD(microseconds=k * 40), "%s %s kernel: %s" % (ts_syslog(T0), n.name, m))
            nb = T0 + TD(minutes=6, seconds=47)
            J.add(nb - TD(seconds=1), "-- Boot 7c21e4f0a9d24b3c8d1f6a5e0b9c2d77 --")
            for tt, m in boot_dmesg(rng, nb, n.name)[:14]:
                J.add(tt, "%s %s kernel: %s" % (ts_syslog(tt), n.name, m))
            J.add(nb + TD(seconds=3), "%s %s kernel: mce: [Hardware Error]: Machine check events logged" % (ts_syslog(nb + TD(seconds=3)), n.name))
            J.add(nb + TD(seconds=3), "%s %s kernel: [Hardware Error]: Uncorrected, software restartable error." % (ts_syslog(nb + TD(seconds=3)), n.name))
            J.add(nb + TD(seconds=3), "%s %s kernel: [Hardware Error]: CPU:41 (19:11:1) MC7_STATUS[-|UE|MiscV|AddrV|PCC|-|SyndV|UECC|-|Poison|-]: 0xbe00000000800400" % (ts_syslog(nb + TD(seconds=3)), n.name))
            c.add("%s/journalctl-k-b-1_and_b0.txt" % n.name, J)
            c.add("%s/ipmitool_sel_elist.txt" % n.name, "\n".join([
                "  1 | 01/11/2024 | 09:02:17 | Event Logging Disabled SEL | Log area reset/cleared | Asserted",
                "  2 | 01/23/2024 | 04:09:43 | Processor CPU1_Status | Correctable machine check error | Asserted",
                "  3 | 01/23/2024 | 04:12:55 | Processor CPU1_Status | Uncorrectable machine check exception | Asserted",
                "  4 | 01/23/2024 | 04:12:56 | System Event #0x83 | Timestamp Clock Sync | Asserted",
                "  5 | 01/23/2024 | 04:19:39 | System Boot Initiated ACPI_Status | Initiated by hard reset | Asserted"]))
        else:
            c.add("%s/journalctl-k.txt" % n.name, J)
    c.set_label("host", "infrastructure", {"node": "c4-n07"}, "restart_without_node",
                "c4-n07 took a fatal machine check (CPU 41, bank 7, 'Processor context corrupt', kernel panic) at 04:12:55 and rebooted; its torchrun log just stops, and every other node's completion errors accuse its address 10.140.4.57 about 20 s later.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return c


# ---------------------------------------------------------------------------
def am12(name):
    """Xid 74 NVLink fatal error on one GPU of a Kubernetes PyTorchJob."""
    rng = rng_for(name)
    c = Case(name)
    names = ["h100-c12", "h100-c13", "h100-c14", "h100-c15"]
    pods = ["llm-ft-master-0", "llm-ft-worker-0", "llm-ft-worker-1", "llm-ft-worker-2"]
    ips = ["192.168.40.12", "192.168.40.13", "192.168.40.14", "192.168.40.15"]
    podips = ["10.244.3.17", "10.244.7.9", "10.244.1.22", "10.244.5.31"]
    nodes = make_nodes(names, podips, rng=rng)
    bad, blr = nodes[2], 2
    start = D(2024, 9, 17, 8, 14, 2)
    T0 = D(2024, 9, 17, 14, 22, 31, 903000)
    c.add("kubectl_get_pods_o_wide.txt", "NAME              READY   STATUS    RESTARTS   AGE     IP            NODE       NOMINATED NODE   READINESS GATES\n" +
          "\n".join("%-17s 0/1     Error     0          6h9m    %-13s %-10s <none>           <none>" % (p, podips[i], names[i]) for i, p in enumerate(pods)))
    script = "/workspace/finetune.py"
    for i, n in enumerate(nodes):
        L = torchrun_log(n, 4, start, rng, endpoint="llm-ft-master-0:23456", script=script, verbose_lrs=(0, 2),
                         nccl_kw={"ifname": "eth0", "version": "2.21.5+cuda12.4"})
        if i == 0:
            t = start + TD(seconds=70)
            step = 0
            while True:
                step += 20
                t = t + TD(seconds=20 * 2.71 * (1 + rng.uniform(-0.01, 0.01)))
                if t >= T0:
                    break
                L.add(t, "[default0]:%s [INFO] finetune: epoch=%d step=%d loss=%.4f lr=%.3e grad_norm=%.3f it/s=%.3f"
                      % (ts_py(t), step // 2400, step, loss_at(step, rng, base=0.9, scale=3), 1e-5, rng.uniform(0.8, 1.4), 1 / 2.71))
        if n is bad:
            r = bad.rank(blr)
            pid = bad.pid(blr)
            L.add(T0 + TD(milliseconds=12), "[default2]:%s:%d:%d [2] enqueue.cc:1556 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (bad.name, pid, pid))
            tb = py_traceback([
                ("/workspace/finetune.py", 301, "<module>", "main()"),
                ("/workspace/finetune.py", 277, "main", "loss = step_fn(model, batch)"),
                ("/workspace/finetune.py", 198, "step_fn", "model.backward(loss)"),
                ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 1976, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
                ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage3.py", 2213, "backward", "self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)"),
                ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
            ], "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
            L.add(T0 + TD(milliseconds=80), "\n".join("[default2]:[rank%d]: %s" % (r, x) for x in tb.split("\n")))
            out, _ = agent_failure(bad, T0 + TD(seconds=1, milliseconds=210), blr, 1, rng, "finetune.py")
            L.extend(out)
        else:
            tw = T0 + TD(seconds=600) + jit(rng, 30, 600)
            for lr in range(8):
                L.add(tw + TD(milliseconds=lr * 2), "\n".join("[default%d]:%s" % (lr, x) for x in watchdog_timeout(n.rank(lr), tw + TD(milliseconds=lr * 2), 381022, "_ALLGATHER_BASE", 58720256, rng).split("\n")))
            out, _ = agent_failure(n, tw + TD(milliseconds=700), 0, -6, rng, "finetune.py")
            L.extend(out)
        c.add("%s/%s.log" % (n.name, pods[i]), L)
    for n in nodes:
        boot = D(2024, 9, 10, 2, 0, 0) + TD(seconds=rng.randint(0, 9000))
        ev = []
        if n is bad:
            ev = [(T0, "NVRM: Xid (PCI:0000:52:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % bad.pid(blr)),
                  (T0 + TD(milliseconds=2), "NVRM: Xid (PCI:0000:52:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % bad.pid(blr)),
                  (T0 + TD(milliseconds=40), "NVRM: Xid (PCI:0000:52:00): 45, pid=%d, name=python3, Ch 00000008" % bad.pid(blr))]
        c.add("%s/dmesg.log" % n.name, _dmesg_T(rng, boot, n, ev, start, T0 + TD(minutes=12)))
        gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
        badl = {}
        if n is bad:
            badl = {(2, 7): (211, 3, 1843), (2, 6): (4, 0, 0)}
        c.add("%s/nvidia-smi_nvlink_-e.txt" % n.name, nvlink_e(gpus, bad=badl))
    c.set_label("nvlink", "infrastructure", {"node": "h100-c14", "rank": 18}, "restart_without_node",
                "Rank 18 (pod llm-ft-worker-1 on h100-c14, GPU 2 = 0000:52:00) died with 'uncorrectable NVLink error' at the moment dmesg logged Xid 74 (fatal error on link 7); nvlink -e shows 1843 CRC and 211 replay errors on that GPU's link 7 only, while the other pods merely timed out.",
                "https://github.com/pytorch/pytorch/issues/58155")
    return c


# ---------------------------------------------------------------------------
def am13(name):
    """All 64 ranks time out on the same allreduce; every rank joined it; nothing else anywhere."""
    rng = rng_for(name)
    c = Case(name)
    names = ["dgx-h-%03d" % i for i in range(101, 109)]
    ips = ["10.50.1.%d" % i for i in range(101, 109)]
    nodes = make_nodes(names, ips, rng=rng)
    start = D(2024, 12, 3, 9, 0, 30)
    Tst = D(2024, 12, 3, 17, 2, 11, 44000)
    seq = 40122
    script = "pretrain_gpt.py"
    logs = {n.name: torchrun_log(n, 8, start, rng, endpoint="10.50.1.101:29500", script=script, verbose_lrs=(0,)) for n in nodes}
    pre, ts = _megatron_preamble(start + TD(seconds=22), rng, nparams="7241732096", tp=8, pp=1, world=64, gbs=256, mbs=1)
    for t, l in pre:
        logs["dgx-h-101"].add(t, "[default0]:" + l)
    its, _, _ = megatron_iters(ts + TD(seconds=40), 20, 40000, 20, 2.31, 100000, 256, rng, loss_base=2.05)
    for t, l in its:
        if t < Tst:
            logs["dgx-h-101"].add(t, "[default0]:" + l)
    for n in nodes:
        ws = []
        for lr in range(8):
            tw = Tst + TD(seconds=1800) + jit(rng, 20, 260)
            ws.append((tw, lr))
            logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in watchdog_timeout(n.rank(lr), tw, seq, "ALLREDUCE", 905969664, rng, timeout_ms=1800000, last_enq=seq, last_done=seq - 1).split("\n")))
            logs[n.name].add(tw + TD(milliseconds=4), "[default%d]:[rank%d]:[%s ProcessGroupNCCL.cpp:1404] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1"
                             % (lr, n.rank(lr), ts_torch(tw + TD(milliseconds=4), "E", lr), n.rank(lr)))
        tw, lr = sorted(ws)[0]
        out, _ = agent_failure(n, tw + TD(seconds=1) + jit(rng, 0, 400), lr, -6, rng, script)
        logs[n.name].extend(out)
        c.add("%s/torchrun_%s.log" % (n.name, n.name), logs[n.name])
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace -j /shared/fr_dumps/job_88012/ --print_only_mismatch=false",
          "loaded 64 rank dumps from /shared/fr_dumps/job_88012/ (nccl_trace_rank_0 .. nccl_trace_rank_63)",
          "pg 0 (default_pg) ranks 0-63:",
          "  last completed collective on all ranks: #%d all_reduce  in (905969664,) float32 -> completed on 64/64" % (seq - 1),
          "  collective #%d all_reduce in (905969664,) float32: state=started on 64/64 ranks, completed 0/64" % seq,
          "  no missing ranks, no size/dtype mismatch detected",
          "pg 1 (tp group) 8 groups x 8 ranks: last collective #%d all_gather completed on all ranks" % (seq * 3 + 11),
          "summary: all ranks entered collective #%d on pg 0; none exited" % seq]
    c.add("fr_trace_summary.txt", "\n".join(fr))
    for i, n in enumerate(nodes):
        boot = D(2024, 11, 29, 7, 0, 0) + TD(seconds=rng.randint(0, 5000))
        ev = []
        if n.name == "dgx-h-104":
            ev = [(Tst - TD(hours=3, minutes=11), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x4c1f3 offset:0x440 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)"),
                  (Tst - TD(hours=1, minutes=2), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x4c1f3 offset:0x440 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)")]
        c.add("%s/dmesg_T.log" % n.name, _dmesg_T(rng, boot, n, ev, start, Tst + TD(minutes=40)))
        c.add("%s/ibstat.txt" % n.name, ibstat(rng, ["mlx5_%d" % k for k in (0, 1, 2, 3, 6, 7, 8, 9)]))
    c.set_label("hang", "infrastructure", None, "restart",
                "Progress stopped at 17:02 and all 64 ranks timed out 30 min later on the same allreduce #40122, which the flight recorder shows every rank entered and none completed; no Xid, link, or host error exists on any node (the two corrected EDAC errors on dgx-h-104 are hours earlier and benign), so there is no culprit.",
                "https://github.com/NVIDIA/nccl/issues/997")
    return c


# ---------------------------------------------------------------------------
def am14(name):
    """Completion errors accuse 10.3.0.27; that node's IB is fine but its GPU fell off the bus."""
    rng = rng_for(name)
    c = Case(name)
    names = ["gpu-b%02d" % i for i in range(1, 9)]
    ips = ["10.3.0.%d" % (20 + i) for i in range(1, 9)]
    nodes = make_nodes(names, ips, rng=rng)
    bad, blr = nodes[6], 0
    start = D(2024, 7, 30, 1, 2, 0)
    T0 = D(2024, 7, 30, 6, 37, 48, 662000)
    script = "train.py"
    hcas = ["mlx5_%d" % k for k in (0, 1, 2, 3, 6, 7, 8, 9)]
    logs = {n.name: torchrun_log(n, 8, start, rng, endpoint="10.3.0.21:29500", script=script, verbose_lrs=(0,)) for n in nodes}
    t = start + TD(seconds=55)
    step = 0
    while True:
        step += 25
        t = t + TD(seconds=25 * 3.02 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= T0:
            break
        logs["gpu-b01"].add(t, "[default0]:%s step %d | loss %.4f | ppl %.2f | lr %.2e | %.0f tok/s" % (ts_py(t), step, loss_at(step, rng, base=2.2), 2.718 ** loss_at(step, rng, base=2.2), 3e-4, rng.uniform(1.09e6, 1.11e6)))
    firsts = {}
    for n in nodes:
        if n is bad:
            continue
        for lr in range(8):
            if rng.random() < 0.55 or lr == 0:
                te = T0 + TD(seconds=17) + jit(rng, 0, 2500)
                pid = n.pid(lr)
                logs[n.name].add(te, "[default%d]:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.3.0.27<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:10.3.0.27"
                                 % (lr, n.name, pid, pid + 71, lr, rng.randint(33000, 61000), rng.choice([0, 1]), rng.choice(["Send", "Recv"]), n.ip))
                tw = te + jit(rng, 150, 600)
                logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in nccl_remote_error(n.rank(lr), tw, rng, "10.3.0.27", rng.randint(33000, 61000), n.ip, vers="2.20.5").split("\n")))
                firsts.setdefault(n.name, []).append((tw, lr))
        tw, lr = sorted(firsts[n.name])[0]
        out, _ = agent_failure(n, tw + jit(rng, 200, 500), lr, -6, rng, script)
        logs[n.name].extend(out)
    r = bad.rank(blr)
    tr = T0 + TD(seconds=24, milliseconds=310)
    logs[bad.name].add(tr, "\n".join("[default0]:" + x for x in cuda_watchdog_error(r, tr, rng, "unspecified launch failure").split("\n")))
    out, _ = agent_failure(bad, tr + TD(milliseconds=380), blr, -6, rng, script)
    logs[bad.name].extend(out)
    for n in nodes:
        c.add("%s/torchrun.out" % n.name, logs[n.name])
        boot = D(2024, 7, 25, 11, 0, 0) + TD(seconds=rng.randint(0, 6000))
        ev = []
        if n is bad:
            ev = [(T0, "NVRM: GPU at PCI:0000:1b:00: %s" % uuid(rng)),
                  (T0, "NVRM: Xid (PCI:0000:1b:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                  (T0, "NVRM: GPU 0000:1b:00.0: GPU has fallen off the bus."),
                  (T0 + TD(seconds=1), "NVRM: A GPU crash dump has been created. If possible, please run\nNVRM: nvidia-bug-report.sh as root to collect this data before\nNVRM: the NVIDIA kernel module is unloaded.")]
        c.add("%s/dmesg-T.txt" % n.name, _dmesg_T(rng, boot, n, ev, start, T0 + TD(minutes=6)))
        c.add("%s/ibstat.txt" % n.name, ibstat(rng, hcas))
        badc = {"mlx5_3": {"symbol_error": 12}} if n.name == "gpu-b02" else {}
        c.add("%s/ib_counters.txt" % n.name, ib_counters(hcas, badc, rng))
    c.set_label("gpu_hardware", "infrastructure", {"node": "gpu-b07", "rank": 48}, "restart_without_node",
                "Ranks on seven nodes report completion errors from peer 10.3.0.27 (gpu-b07); gpu-b07's IB ports are Active with clean counters, but its GPU 0 (0000:1b:00, rank 48) fell off the bus (Xid 79) 17 s before the first accusation, so the accused node is the culprit through its GPU, not its network.",
                "https://github.com/NVIDIA/nccl/issues/1814")
    return c


# ---------------------------------------------------------------------------
def am15(name):
    """Row-remap failure (Xid 64) on one GPU; post-mortem dcgmi diag fails its memory test."""
    rng = rng_for(name)
    c = Case(name)
    names = ["gpu%d" % i for i in range(101, 109)]
    ips = ["10.10.1.%d" % i for i in range(101, 109)]
    nodes = make_nodes(names, ips, rng=rng)
    bad, blr = nodes[4], 1
    start = D(2024, 10, 21, 13, 0, 0)
    T0 = D(2024, 10, 21, 20, 44, 9, 87000)
    L = Log()
    L.add(start, "+ srun -l --ntasks-per-node=8 --kill-on-bad-exit=1 python -u train_vit.py --cfg configs/vit_g14_pretrain.yaml")
    for n in nodes:
        for lr in range(8):
            r = n.rank(lr)
            t = start + TD(seconds=9 + rng.random())
            L.add(t, "%d: [%s] rank=%d local_rank=%d host=%s world=64" % (r, ts_iso_off(t), r, lr, n.name))
            if lr == 0:
                for tt, l in nccl_init(n, lr, 64, 8, t + TD(seconds=10), rng, verbose=False, commid="0xd00fd00f11223344"):
                    L.add(tt, "%d: %s" % (r, l))
    t = start + TD(seconds=90)
    ep = 0
    step = 0
    while True:
        step += 100
        t = t + TD(seconds=100 * 0.612 * (1 + rng.uniform(-0.01, 0.01)))
        if t >= T0:
            break
        L.add(t, "0: [%s] Epoch: [%d]  [%5d/5004]  eta: %s  lr: %.6f  loss: %.4f (%.4f)  time: 0.6%02d  data: 0.0%02d  max mem: 61873"
              % (ts_iso_off(t), step // 5004, step % 5004, "0:%02d:%02d" % ((5004 - step % 5004) * 0.612 // 60, (5004 - step % 5004) * 0.612 % 60), 1.6e-3, 6.9 - step / 12000 + rng.uniform(-0.05, 0.05), 6.9 - step / 12000, rng.randint(5, 19), rng.randint(10, 40)))
    r = bad.rank(blr)
    tb = py_traceback([
        ("/home/vt/train_vit.py", 402, "<module>", "main(args)"),
        ("/home/vt/train_vit.py", 351, "main", "train_stats = train_one_epoch(model, criterion, data_loader, optimizer, device, epoch, loss_scaler)"),
        ("/home/vt/engine.py", 64, "train_one_epoch", "loss_value = loss.item()"),
    ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
    L.add(T0 + TD(milliseconds=190), "\n".join("%d: %s" % (r, x) for x in tb.split("\n")))
    tk = T0 + TD(seconds=1, milliseconds=77)
    L.add(tk, "srun: error: gpu105: task %d: Exited with exit code 1" % r)
    L.add(tk, "srun: launch/slurm: _step_signal: Terminating StepId=3318870.0")
    L.add(tk + TD(milliseconds=20), "slurmstepd: error: *** STEP 3318870.0 ON gpu101 CANCELLED AT %s ***" % tk.strftime("%Y-%m-%dT%H:%M:%S"))
    for n in nodes:
        L.add(tk + TD(seconds=1) + jit(rng, 0, 900), "srun: error: %s: tasks %s: Terminated" % (n.name, ("%d-%d" % (n.rank(0), n.rank(7))) if n is not bad else "%d,%d-%d" % (n.rank(0), n.rank(2), n.rank(7))))
    c.add("slurm-3318870.out", L)
    for n in nodes:
        boot = D(2024, 10, 14, 6, 0, 0) + TD(seconds=rng.randint(0, 9000))
        K = Log()
        for tt, m in boot_dmesg(rng, boot, n.name):
            K.add(tt, "%s %s kernel: [%s] %s" % (ts_syslog(tt), n.name, ts_uptime(tt, boot)[1:-1].strip(), m))
        for tt, m in quiet_noise(rng, start - TD(days=2), T0 + TD(minutes=9), n.name, n=8):
            K.add(tt, "%s %s kernel: [%s] %s" % (ts_syslog(tt), n.name, ts_uptime(tt, boot)[1:-1].strip(), m))
        if n is bad:
            for k, dd in enumerate((D(2024, 10, 16, 3, 11, 40), D(2024, 10, 18, 22, 5, 3), D(2024, 10, 20, 9, 47, 31), D(2024, 10, 21, 16, 2, 12))):
                K.add(dd, "%s %s kernel: [%s] NVRM: Xid (PCI:0000:43:00): 63, pid=%d, name=python, Row Remapper: New row (0x%016x) marked for remapping, reset gpu to activate."
                      % (ts_syslog(dd), n.name, ts_uptime(dd, boot)[1:-1].strip(), rng.randint(3000, 90000), rng.randint(0x100000, 0x1ffffff)))
            for dd, m in ((T0, "NVRM: Xid (PCI:0000:43:00): 94, pid=%d, name=python, Contained: SM (0x1). RST: No, D-RST: No" % bad.pid(blr)),
                          (T0 + TD(milliseconds=2), "NVRM: Xid (PCI:0000:43:00): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: (0x0000000001a9c6e0) - All reserved rows for bank are remapped"),
                          (T0 + TD(milliseconds=40), "NVRM: Xid (PCI:0000:43:00): 45, pid=%d, name=python, Ch 00000010" % bad.pid(blr))):
                K.add(dd, "%s %s kernel: [%s] %s" % (ts_syslog(dd), n.name, ts_uptime(dd, boot)[1:-1].strip(), m))
        c.add("%s/kern.log" % n.name, K)
    gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
    gpus[blr]["ecc_vol"] = {"DRAM Uncorrectable": 3}
    gpus[blr]["ecc_agg"] = {"DRAM Uncorrectable": 11, "DRAM Correctable": 27}
    gpus[blr]["remap"] = {"corr": 4, "unc": 8, "pending": "No", "fail": "Yes"}
    gpus[blr]["hist"] = {"Max": 2541, "High": 14, "Partial": 3, "Low": 1, "None": 1}
    tq = T0 + TD(minutes=4)
    c.add("gpu105/postmortem/nvidia-smi-q.txt", nvsmi_q(tq, "550.54.15", "12.4", gpus))
    c.add("gpu105/postmortem/dcgmi_diag_r3.json", dcgmi_diag_json(8, {
        ("Deployment", "Page Retirement/Row Remap"): {1: ("Fail", "GPU 1 had uncorrectable memory errors and row remapping failed. Run a field diagnostic on the GPU.", 84)},
        ("Hardware", "GPU Memory"): {1: ("Fail", "GPU 1: Error using CUDA API cudaMalloc. Row remapping failure detected on GPU 1 (DCGM_FR_ROW_REMAP_FAILURE).", 84)},
        ("Hardware", "Diagnostic"): {1: ("Skip", None, 0)},
    }))
    c.add("gpu105/postmortem/README", "collected by prolog-check after job 3318870 failed; node set to DRAIN by health check: 'gpu 1 row remap failure'")
    c.set_label("gpu_memory", "infrastructure", {"node": "gpu105", "rank": 33}, "restart_without_node",
                "Rank 33 (gpu105 GPU 1, 0000:43:00) hit an uncorrectable ECC error; the kernel log shows Xid 94 then Xid 64 'All reserved rows for bank are remapped', and the post-mortem nvidia-smi and dcgmi diag report 'Remapping Failure Occurred: Yes', a memory-error RMA condition.",
                "https://github.com/NVIDIA/NVSentinel/issues/1826")
    return c


# ---------------------------------------------------------------------------
def am16(name):
    """Illegal memory access at iteration 7400 in two runs on different nodes: a data/kernel bug."""
    rng = rng_for(name)
    c = Case(name)
    runs = [("attempt_1", ["g-0411", "g-0412", "g-0413", "g-0414"], D(2024, 3, 28, 10, 0, 5), "55102"),
            ("attempt_2", ["g-0527", "g-0533", "g-0411", "g-0540"], D(2024, 3, 28, 14, 31, 40), "55177")]
    script = "train.py"
    for prefix, names, start, jid in runs:
        ips = ["10.40.%d.%d" % (int(h[2:4]), int(h[4:])) for h in names]
        nodes = make_nodes(names, ips, rng=rng)
        logs = {n.name: torchrun_log(n, 4, start, rng, endpoint="%s:29500" % ips[0], script=script, verbose_lrs=(0,)) for n in nodes}
        root = nodes[0]
        t = start + TD(seconds=40)
        logs[root.name].add(t, "[default0]:%s INFO ckpt: loaded /lustre/exp/long-ctx-13b/iter_0007000 (consumed_samples=7168000), resuming data iterator" % ts_py(t))
        it = 7000
        t = t + TD(seconds=45)
        while it < 7390:
            it += 10
            t = t + TD(seconds=10 * 4.4 * (1 + rng.uniform(-0.01, 0.01)))
            logs[root.name].add(t, "[default0]:%s INFO train: iter %d loss %.4f grad_norm %.3f lr %.3e tokens/s %.0f" % (ts_py(t), it, loss_at(it, rng, base=1.95), rng.uniform(0.2, 0.4), 1e-4, rng.uniform(2.37e5, 2.40e5)))
        T0 = t + TD(seconds=4.4 * 10) + jit(rng, 0, 900)
        bad = nodes[1]
        blr = 5
        r = bad.rank(blr)
        logs[bad.name].add(T0 - TD(milliseconds=350), "[default5]:%s WARNING data.packing: rank %d iter 7400: packed sample exceeds max_seqlen (cu_seqlens[-1]=16391 > 16384) for doc ids [11873290, 11873291]; truncating last doc" % (ts_py(T0 - TD(milliseconds=350)), r))
        tb = py_traceback([
            ("/lustre/exp/code/train.py", 366, "<module>", "main()"),
            ("/lustre/exp/code/train.py", 331, "main", "loss = model(batch)"),
            ("/lustre/exp/code/model/attention.py", 188, "forward", "out = flash_attn_varlen_func(q, k, v, cu_seqlens, cu_seqlens, self.max_seqlen, self.max_seqlen, causal=True)"),
            ("/usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py", 1124, "flash_attn_varlen_func", "return FlashAttnVarlenFunc.apply("),
            ("/usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py", 620, "forward", "out, q, k, v, out_padded, softmax_lse, S_dmask, rng_state = _flash_attn_varlen_forward("),
        ], "RuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
        logs[bad.name].add(T0, "\n".join("[default5]:[rank%d]: %s" % (r, x) for x in tb.split("\n")))
        out, _ = agent_failure(bad, T0 + TD(milliseconds=800), blr, 1, rng, script)
        logs[bad.name].extend(out)
        for n in nodes:
            if n is bad:
                continue
            tw = T0 + TD(seconds=600) + jit(rng, 30, 300)
            for lr in range(8):
                logs[n.name].add(tw, "\n".join("[default%d]:%s" % (lr, x) for x in watchdog_timeout(n.rank(lr), tw + TD(milliseconds=lr), 22203, "ALLREDUCE", 1, rng).split("\n")))
            out, _ = agent_failure(n, tw + TD(milliseconds=500), 0, -6, rng, script)
            logs[n.name].extend(out)
        for n in nodes:
            c.add("%s/%s/node.log" % (prefix, n.name), logs[n.name])
            boot = D(2024, 3, 25, 8, 0, 0) + TD(seconds=rng.randint(0, 9000))
            K = Log()
            for tt, m in boot_dmesg(rng, boot, n.name):
                K.add(tt, "%s %s kernel: %s" % (ts_syslog(tt), n.name, m))
            for tt, m in quiet_noise(rng, start, T0 + TD(minutes=11), n.name, n=4):
                K.add(tt, "%s %s kernel: %s" % (ts_syslog(tt), n.name, m))
            if n is bad:
                K.add(T0 - TD(milliseconds=20), "%s %s kernel: NVRM: Xid (PCI:0000:%s:00): 31, pid=%d, name=python3, Ch 00000012, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_%d faulted @ 0x7f%02x_%08x. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                      % (ts_syslog(T0), n.name, n.bus[blr], n.pid(blr), rng.randint(0, 15), rng.randint(0x10, 0xff), rng.randint(0, 0xffffffff)))
            c.add("%s/%s/kern.log" % (prefix, n.name), K)
        c.add("%s/sacct.txt" % prefix, "JobID        JobName    NodeList             State      ExitCode\n------------ ---------- -------------------- ---------- --------\n%-12s lc13b      %-20s FAILED     1:0" % (jid, ",".join(names)))
    c.set_label("user_code", "script", None, "stop",
                "Both runs resumed from iteration 7000 and died at iteration 7400 on global rank 13 inside flash_attn_varlen_func, right after the data packer warned that a packed sample exceeds max_seqlen (16391 > 16384); rank 13 sat on g-0412 the first time and on g-0533 the second, so the Xid 31s follow the data, not a node.",
                "https://github.com/deepspeedai/DeepSpeed/issues/1852")
    return c


# ---------------------------------------------------------------------------
def am17(name):
    """gpu-e05 was reimaged with an old driver; its ranks fail CUDA init and the rest time out in the store."""
    rng = rng_for(name)
    c = Case(name)
    names = ["gpu-e%02d" % i for i in range(1, 7)]
    ips = ["10.66.0.%d" % i for i in range(1, 7)]
    nodes = make_nodes(names, ips, rng=rng)
    bad = nodes[4]
    start = D(2024, 5, 6, 7, 30, 0)
    script = "sft_trainer.py"
    T0 = start + TD(seconds=21, milliseconds=404)
    for n in nodes:
        L = Log()
        apid = n.pid0 - 57
        L.add(start, torchrun_banner(start, apid))
        t2 = start + TD(seconds=3) + jit(rng, 0, 900)
        L.add(t2, "%s %d torch/distributed/elastic/agent/server/api.py:662] [default] Rendezvous complete for workers. Result:\n  restart_count=0\n  master_addr=gpu-e01\n  master_port=29500\n  group_rank=%d\n  group_world_size=6\n  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]\n  role_ranks=%s\n  global_ranks=%s\n  role_world_sizes=[48, 48, 48, 48, 48, 48, 48, 48]\n  global_world_sizes=[48, 48, 48, 48, 48, 48, 48, 48]\n"
              % (ts_glog(t2, "I"), apid, n.node_rank, n.ranks(), n.ranks()))
        if n is bad:
            for lr in range(8):
                te = T0 + jit(rng, 0, 300)
                tb = py_traceback([
                    ("/app/sft_trainer.py", 512, "<module>", "main()"),
                    ("/app/sft_trainer.py", 430, "main", "torch.cuda.set_device(local_rank)"),
                    ("/usr/local/lib/python3.11/site-packages/torch/cuda/__init__.py", 478, "set_device", "torch._C._cuda_setDevice(device)"),
                    ("/usr/local/lib/python3.11/site-packages/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()"),
                ], "RuntimeError: The NVIDIA driver on your system is too old (found version 12000). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.")
                L.add(te, "\n".join("[default%d]:%s" % (lr, x) for x in tb.split("\n")))
            tf = T0 + TD(seconds=1, milliseconds=120)
            L.add(tf, "%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/local/bin/python3.11" % (ts_glog(tf, "E"), apid, n.pid(0)))
            fails = [{"host": n.name, "rank": n.rank(lr), "local_rank": lr, "exitcode": 1, "pid": n.pid(lr), "time": T0} for lr in range(8)]
            L.add(tf + TD(milliseconds=40), child_failed_table("sft_trainer.py", T0, fails, pyver="3.11"))
        else:
            for lr in range(8):
                tl = T0 + jit(rng, 0, 400)
                L.add(tl, "[default%d]:%s | INFO | sft | rank %d: cuda device %d (NVIDIA H100 80GB HBM3) ready, waiting for process group" % (lr, ts_py(tl), n.rank(lr), lr))
            TO = T0 + TD(seconds=1800) + jit(rng, 10, 900)
            for lr in range(8):
                r = n.rank(lr)
                if r == 0:
                    exc = "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 40/48 clients joined."
                    fr = [("/app/sft_trainer.py", 512, "<module>", "main()"),
                          ("/app/sft_trainer.py", 433, "main", "dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))"),
                          ("/usr/local/lib/python3.11/site-packages/torch/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)"),
                          ("/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", 1548, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                          ("/usr/local/lib/python3.11/site-packages/torch/distributed/rendezvous.py", 266, "_env_rendezvous_handler", "store = _create_c10d_store("),
                          ("/usr/local/lib/python3.11/site-packages/torch/distributed/rendezvous.py", 194, "_create_c10d_store", "return TCPStore(")]
                else:
                    exc = "torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/0//cuda//0"
                    fr = [("/app/sft_trainer.py", 512, "<module>", "main()"),
                          ("/app/sft_trainer.py", 433, "main", "dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))"),
                          ("/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", 1574, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                          ("/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", 1796, "_new_process_group_helper", "backend_class = ProcessGroupNCCL(")]
                if n.node_rank == 0 or lr == 0:
                    L.add(TO + TD(milliseconds=lr), "\n".join("[default%d]:%s" % (lr, x) for x in py_traceback(fr, exc).split("\n")))
            out, _ = agent_failure(n, TO + TD(seconds=1), 0, 1, rng, "sft_trainer.py", pyver="3.11")
            L.extend(out)
        c.add("%s/torchrun.log" % n.name, L)
        gpus = [gpu_default(i, H100_BUS[i], rng) for i in range(8)]
        drv, cu = ("525.60.13", "12.0") if n is bad else ("550.54.15", "12.4")
        c.add("%s/nvidia-smi.txt" % n.name, nvsmi_table(start - TD(seconds=40), drv, cu, gpus))
        boot = (D(2024, 5, 6, 6, 51, 12) if n is bad else D(2024, 4, 29, 9, 0, 0) + TD(seconds=rng.randint(0, 9000)))
        dl = Log()
        for tt, m in boot_dmesg(rng, boot, n.name, driver=drv):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        c.add("%s/dmesg.txt" % n.name, dl)
        c.add("%s/uptime_s.txt" % n.name, boot.strftime("%Y-%m-%d %H:%M:%S"))
    c.set_label("dependency", "infrastructure", {"node": "gpu-e05"}, "restart_without_node",
                "Only gpu-e05 (rebooted at 06:51 with driver 525.60.13 / CUDA 12.0, while all other nodes run 550.54.15) failed: all eight of its ranks raised 'NVIDIA driver on your system is too old (found version 12000)' at start-up, and the other 40 ranks then timed out in the TCPStore waiting for them.",
                "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65")
    return c


# ---------------------------------------------------------------------------
def am18(name):
    """Requeued job fails three times with 'unspecified launch failure', each time on cn-g23 GPU 1."""
    rng = rng_for(name)
    c = Case(name)
    attempts = [
        (["cn-g20", "cn-g21", "cn-g22", "cn-g23", "cn-g24", "cn-g25"], D(2024, 6, 14, 18, 0, 11), 0, 2210),
        (["cn-g23", "cn-g31", "cn-g32", "cn-g33", "cn-g34", "cn-g35"], D(2024, 6, 14, 20, 2, 40), 2000, 2731),
        (["cn-g08", "cn-g09", "cn-g10", "cn-g11", "cn-g12", "cn-g23"], D(2024, 6, 14, 21, 9, 3), 2500, 2580),
    ]
    nodelists = ["cn-g[20-25]", "cn-g[23,31-35]", "cn-g[08-12,23]"]
    L = Log()
    all_nodes = {}
    xids = []
    for k, (names, start, resume, fail_it) in enumerate(attempts):
        ips = ["10.8.2.%d" % int(h[4:]) for h in names]
        nodes = make_nodes(names, ips, rng=rng, bus=A100_BUS)
        for n in nodes:
            all_nodes.setdefault(n.name, []).append((start, n))
        L.add(start - TD(seconds=3), "==== %s job 773201 SLURM_RESTART_COUNT=%d nodes=%s ====" % (start.strftime("%Y-%m-%d %H:%M:%S"), k, nodelists[k]))
        L.add(start - TD(seconds=2), "+ srun -l --ntasks-per-node=8 --gpus-per-task=1 --kill-on-bad-exit=1 python -u train.py --config cfg/dit_xl.yaml --resume auto")
        for n in nodes:
            for lr in range(8):
                r = n.rank(lr)
                t = start + TD(seconds=7) + jit(rng, 0, 900)
                L.add(t, "%d: %s | rank %d on %s cuda:%d (NVIDIA A100-SXM4-80GB)" % (r, ts_py(t), r, n.name, lr))
        t = start + TD(seconds=30)
        L.add(t, "0: %s | resume: %s" % (ts_py(t), "no checkpoint found, starting from scratch" if resume == 0 else "loaded /scratch/dit/ckpt_%06d.pt (step %d)" % (resume, resume)))
        step = resume
        while step < fail_it - 10:
            step += 10
            t = t + TD(seconds=10 * 2.9 * (1 + rng.uniform(-0.01, 0.01)))
            L.add(t, "0: %s | step %6d | loss %.4f | grad %.3f | lr %.2e | %.2f it/s" % (ts_py(t), step, 0.16 - step / 80000 + rng.uniform(-0.004, 0.004), rng.uniform(0.05, 0.12), 1e-4, 1 / 2.9))
            if step % 500 == 0:
                L.add(t + TD(seconds=6), "0: %s | saved /scratch/dit/ckpt_%06d.pt" % (ts_py(t + TD(seconds=6)), step))
        T0 = t + TD(seconds=22) + jit(rng, 0, 900)
        bad = [n for n in nodes if n.name == "cn-g23"][0]
        blr = 1
        r = bad.rank(blr)
        tb = py_traceback([
            ("/home/ml/dit/train.py", 287, "<module>", "main(cfg)"),
            ("/home/ml/dit/train.py", 241, "main", "loss = diffusion.training_losses(model, x, t, model_kwargs)[\"loss\"].mean()"),
            ("/home/ml/dit/diffusion/gaussian_diffusion.py", 747, "training_losses", "model_output = model(x_t, t, **model_kwargs)"),
            ("/home/ml/dit/models.py", 246, "forward", "x = block(x, c)                      # (N, T, D)"),
            ("/home/ml/dit/models.py", 118, "forward", "x = x + gate_msa.unsqueeze(1) * self.attn(modulate(self.norm1(x), shift_msa, scale_msa))"),
        ], "RuntimeError: CUDA error: unspecified launch failure\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
        L.add(T0, "\n".join("%d: %s" % (r, x) for x in tb.split("\n")))
        tk = T0 + TD(seconds=1) + jit(rng, 0, 500)
        L.add(tk, "srun: error: cn-g23: task %d: Exited with exit code 1" % r)
        L.add(tk, "srun: launch/slurm: _step_signal: Terminating StepId=773201.0")
        L.add(tk + TD(milliseconds=40), "slurmstepd: error: *** STEP 773201.0 ON %s CANCELLED AT %s ***" % (names[0], tk.strftime("%Y-%m-%dT%H:%M:%S")))
        for n in nodes:
            rs = [x for x in n.ranks() if x != r]
            L.add(tk + TD(seconds=1) + jit(rng, 0, 800), "srun: error: %s: tasks %s: Terminated" % (n.name, ",".join(str(x) for x in rs) if len(rs) < 8 else "%d-%d" % (rs[0], rs[-1])))
        te = tk + TD(seconds=5)
        if k < 2:
            L.add(te, "+ rc=1; SLURM_RESTART_COUNT=%d < 2 -> scontrol requeue 773201" % k)
        else:
            L.add(te, "+ rc=1; SLURM_RESTART_COUNT=2, giving up")
        xids.append((T0 - TD(milliseconds=30), bad, blr))
    c.add("slurm-773201.out", L)
    for host in sorted(all_nodes):
        n = all_nodes[host][0][1]
        boot = D(2024, 6, 10, 4, 0, 0) + TD(seconds=rng.randint(0, 9000))
        dl = Log()
        for tt, m in boot_dmesg(rng, boot, host, driver="535.161.08", bus=A100_BUS, hcas=4):
            dl.add(tt, "%s %s" % (ts_dmesg_T(tt), m))
        for tt, m in quiet_noise(rng, D(2024, 6, 14, 17, 0), D(2024, 6, 14, 22, 30), host, n=3):
            dl.add(tt, "%s %s" % (ts_dmesg_T(tt), m))
        if host == "cn-g23":
            for tx, b, blr in xids:
                dl.add(tx, "%s NVRM: Xid (PCI:0000:0f:00): 43, pid=%d, name=python, Ch 00000008" % (ts_dmesg_T(tx), b.pid(blr) + rng.randint(0, 50)))
        c.add("%s/dmesg_T.txt" % host, dl)
    c.set_label("gpu_hardware", "infrastructure", {"node": "cn-g23"}, "restart_without_node",
                "Three allocations of the requeued job died with 'unspecified launch failure' on global ranks 25, 1 and 41 at different steps, but each time the rank was cn-g23's GPU 1 (0000:0f:00) and cn-g23's dmesg has an Xid 43 at each failure; the error follows the node, not the code.",
                "https://github.com/DataBiosphere/toil/issues/5452")
    return c


# ---------------------------------------------------------------------------
def am19(name):
    """Loss diverges to NaN on every data-parallel rank at once (lr too high); an old Xid 63 is noise."""
    rng = rng_for(name)
    c = Case(name)
    names = ["m-%02d" % i for i in range(1, 9)]
    ips = ["10.77.0.%d" % i for i in range(1, 9)]
    nodes = make_nodes(names, ips, rng=rng)
    start = D(2024, 2, 5, 6, 0, 0)
    L = Log()
    L.add(start, "+ srun -l --ntasks-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 1 --pipeline-model-parallel-size 1 --lr 2.4e-3 --min-lr 2.4e-4 --lr-warmup-iters 200 --clip-grad 0.0 --adam-beta2 0.999 --bf16 ... --check-for-nan-in-loss-and-grad")
    pre, ts = _megatron_preamble(start + TD(seconds=30), rng, nparams="1208451072", tp=1, pp=1, world=64, gbs=512, mbs=8,
                                 lr="0.0024", clip="0.0", warmup=200)
    for t, l in pre:
        L.add(t, "0: " + l)
    L.add(ts, "0:  loading checkpoint from /lustre/gpt1b2/ckpt at iteration 30000")
    t = ts + TD(seconds=40)
    it = 30000
    gn = 0.31
    while it < 31400:
        it += 10
        t = t + TD(seconds=10 * 0.79 * (1 + rng.uniform(-0.01, 0.01)))
        if it > 31050:
            gn = gn * (1.0 + rng.uniform(0.03, 0.11))
        lo = loss_at(it, rng, base=2.35) + (0 if it < 31200 else (it - 31200) / 70.0 * rng.uniform(0.6, 1.4))
        L.add(t, "63:  [%s] iteration %8d/  200000 | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:   512 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
              % (t.strftime("%Y-%m-%d %H:%M:%S"), it, it * 512, 790 + rng.uniform(-9, 9), 2.4e-3 * (1 - it / 220000), lo, gn if it > 31050 else rng.uniform(0.25, 0.45)))
    T0 = t + TD(seconds=5.6) + jit(rng, 0, 500)
    for n in nodes:
        for lr in range(8):
            r = n.rank(lr)
            te = T0 + jit(rng, 0, 150)
            tb = py_traceback([
                ("/workspace/Megatron-LM/pretrain_gpt.py", 238, "<module>", "pretrain("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 1045, "train", "train_step(forward_step_func,"),
                ("/workspace/Megatron-LM/megatron/training/training.py", 560, "train_step", "losses_reduced = forward_backward_func("),
                ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 322, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
                ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 180, "check_for_nan_in_grad", "assert not norm_is_nan, ("),
            ], "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (r, lr, n.name))
            L.add(te, "\n".join("%d: %s" % (r, x) for x in tb.split("\n")))
    tk = T0 + TD(seconds=2)
    L.add(tk, "srun: error: m-01: tasks 0-7: Exited with exit code 1")
    for n in nodes[1:]:
        L.add(tk + jit(rng, 0, 600), "srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n.name, n.rank(0), n.rank(7)))
    c.add("slurm-190233.out", L)
    x63 = T0 - TD(hours=2, minutes=4)
    for n in nodes:
        boot = D(2024, 1, 30, 6, 0, 0) + TD(seconds=rng.randint(0, 9000))
        ev = [(x63, "NVRM: Xid (PCI:0000:9d:00): 63, pid=%d, name=python, Row Remapper: New row (0x0000000000e91a03) marked for remapping, reset gpu to activate." % n.pid(4))] if n.name == "m-07" else []
        c.add("%s/dmesg.txt" % n.name, _dmesg_T(rng, boot, n, ev, start, T0 + TD(minutes=3)))
    c.set_label("numerical", "script", None, "stop",
                "After grad norm grew steadily from iteration ~31050 (lr 2.4e-3, gradient clipping disabled) and the loss spiked, all 64 data-parallel ranks on all 8 nodes found NaN in their own local gradients in the same iteration; a recipe divergence, not a node. The Xid 63 on m-07 two hours earlier is a routine row remap.",
                "https://github.com/NVIDIA/Megatron-LM/issues/2301")
    return c


# ---------------------------------------------------------------------------
def am20(name):
    """ib-h100-05's mlx5_2 port drops and stays down; peers report retry-exceeded against 10.42.7.15."""
    rng = rng_for(name)
    c = Case(name)
    names = ["ib-h100-%02d" % i for i in range(1, 9)]
    ips = ["10.42.7.%d" % (10 + i) for i in range(1, 9)]
    nodes = make_nodes(names, ips, rng=rng)
    bad = nodes[4]
    hcas = ["mlx5_%d" % k for k in (0, 1, 2, 3, 6, 7, 8, 9)]
    pci = ["0000:0c:00.0", "0000:1f:00.0", "0000:3c:00.0", "0000:4b:00.0", "0000:8c:00.0", "0000:9e:00.0", "0000:bc:00.0", "0000:cb:00.0"]
    start = D(2024, 8, 26, 12, 0, 0)
    T0 = D(2024, 8, 26, 19, 33, 20, 907000)
    for n in nodes:
        for grp in ((0, 3), (4, 7)):
            L = Log()
            for lr in range(grp[0], grp[1] + 1):
                r = n.rank(lr)
                t = start + TD(seconds=12) + jit(rng, 0, 500)
                for tt, l in nccl_init(n, lr, 64, 8, t, rng, verbose=(lr == grp[0]), commid="0x66a1f0c37e2d9b10"):
                    L.add(tt, "%2d: %s" % (r, l))
            if n.node_rank == 0 and grp[0] == 0:
                t = start + TD(seconds=80)
                step = 0
                while True:
                    step += 20
                    t = t + TD(seconds=20 * 1.55 * (1 + rng.uniform(-0.01, 0.01)))
                    if t >= T0:
                        break
                    L.add(t, " 0: [%s] step %d/%d loss: %.4f lr: %.2e mem: 61.2G tput: %.1f samples/s" % (t.strftime("%H:%M:%S"), step, 100000, loss_at(step, rng, base=2.6), 2e-4, rng.uniform(660, 668)))
            for lr in range(grp[0], grp[1] + 1):
                r = n.rank(lr)
                pid = n.pid(lr)
                if n is bad and lr in (2,):
                    L.add(T0 + TD(milliseconds=40), "%2d: %s:%d:%d [%d] NCCL WARN NET/IB : mlx5_2:1 Got async event : port error" % (r, n.name, pid, pid + 61, lr))
                if n is not bad and rng.random() < 0.45:
                    te = T0 + TD(seconds=16) + jit(rng, 0, 3000)
                    L.add(te, "%2d: %s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.42.7.15<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:10.42.7.15"
                          % (r, n.name, pid, pid + 61, lr, rng.randint(33000, 61000), rng.choice([0, 1]), rng.choice(["Send", "Recv"]), n.ip))
                    tw = te + jit(rng, 100, 600)
                    L.add(tw, "\n".join("%2d: %s" % (r, x) for x in nccl_remote_error(r, tw, rng, "10.42.7.15", rng.randint(33000, 61000), n.ip, prefix=False).split("\n")))
                elif n is bad and lr == 2:
                    te = T0 + TD(seconds=17) + jit(rng, 0, 600)
                    L.add(te, "%2d: %s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.42.7.14<%d> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:10.42.7.15 remoteGids::ffff:10.42.7.14"
                          % (r, n.name, pid, pid + 61, lr, rng.randint(33000, 61000)))
            c.add("%s/srun_tasks_%d-%d.out" % (n.name, n.rank(grp[0]), n.rank(grp[1])), L)
        boot = D(2024, 8, 20, 3, 0, 0) + TD(seconds=rng.randint(0, 9000))
        c.add("%s/uptime.txt" % n.name, " %s up %d days, %2d:%02d,  0 users,  load average: 41.18, 40.77, 40.91"
              % ((T0 + TD(minutes=8)).strftime("%H:%M:%S"), (T0 + TD(minutes=8) - boot).days, ((T0 + TD(minutes=8) - boot).seconds // 3600), ((T0 + TD(minutes=8) - boot).seconds % 3600 // 60)))
        dl = Log()
        for tt, m in boot_dmesg(rng, boot, n.name, mlx_bus=pci):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        for tt, m in quiet_noise(rng, start, T0 + TD(minutes=6), n.name, n=5):
            dl.add(tt, "%s %s" % (ts_uptime(tt, boot), m))
        if n is bad:
            dl.add(T0, "%s mlx5_core %s mlx5_2: Port: 1 Link DOWN" % (ts_uptime(T0, boot), pci[2]))
            dl.add(T0 + TD(milliseconds=3), "%s mlx5_core %s: mlx5_port_module_event:1168:(pid 0): Port module event[error]: module 0, Cable error, Power budget exceeded" % (ts_uptime(T0, boot), pci[2]))
        c.add("%s/dmesg.txt" % n.name, dl)
        down = {"mlx5_2": ("Down", "Polling")} if n is bad else {}
        c.add("%s/ibstat.txt" % n.name, ibstat(rng, hcas, down=down))
        badc = {}
        if n is bad:
            badc = {"mlx5_2": {"link_downed": 1, "symbol_error": 65535, "port_rcv_errors": 812, "link_error_recovery": 255}}
        elif n.name == "ib-h100-02":
            badc = {"mlx5_7": {"port_xmit_discards": 3}}
        c.add("%s/ib_counters.txt" % n.name, ib_counters(hcas, badc, rng))
    c.set_label("network", "infrastructure", {"node": "ib-h100-05"}, "restart_without_node",
                "ib-h100-05's HCA mlx5_2 went Link DOWN at 19:33:20 (module cable error) and ibstat still shows it Down/Polling with link_downed=1 and saturated symbol errors; every completion error on the other nodes names 10.42.7.15, which is ib-h100-05.",
                "https://github.com/Lightning-AI/lit-llama/issues/380")
    return c
