"""z18-z23: host faults (MCE, soft lockup, Slurm node failure) and hangs."""
import random

from common import (Bundle, t0, plus, glog, glog_ns, iso, iso_precise, pylog, syslog, uptime, bus_ids, ctime,
                    nccl_init, watchdog_timeout, elastic_failure, sigterm_lines, harmless_warnings,
                    megatron_iter, titan_step, hf_step, kernel_noise, pyspy_dump, nvidia_smi_table)


def _rng(fn):
    return random.Random("corpus_set10/" + fn)


def z18_mce_reboot_journal():
    """journalctl -o short-iso-precise per node; one node logs machine-check errors and reboots."""
    rng = _rng("z18_mce_reboot_journal")
    b = Bundle("z18_mce_reboot_journal")
    hosts = ["sxm-17", "sxm-18", "sxm-19", "sxm-20"]
    t = t0(2026, 7, 19, 20, 0, 0)
    crash = plus(t, 5 * 3600 + 4)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 60)
        s = 0
        while tt < crash:
            s += 10
            tt = plus(tt, 10 * 4.4)
            if n == 0:
                log.append("%s | rank 0 | step %6d | loss %.4f | lr %.2e | %.1f TFLOP/s/GPU" % (pylog(tt), s, 2.3 - s * 0.00004, 3e-4, 402 + rng.uniform(-3, 3)))
        if n != 2:
            log += ["[rank%d]:[W%s ProcessGroupNCCL.cpp:1231] [PG ID 0 PG GUID 0 Rank %d] Exception (either an error or timeout) detected by watchdog at work: 410233" % (n * 8, plus(crash, 30).strftime("%m%d %H:%M:%S.%f"), n * 8),
                    "[rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % (n * 8 + 3),
                    "[rank%d]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.44.0.19]:36881" % (n * 8 + 5)]
            log += ["[rank%d]:%s" % (n * 8 + 1, x) for x in watchdog_timeout(plus(crash, 600), n * 8 + 1, 410233, pid=6601)[:5]]
            log += ["W%s 6590 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % plus(crash, 640).strftime("%m%d %H:%M:%S.%f")]
            log += ["ERROR:torch.distributed.elastic.rendezvous.dynamic_rendezvous:The node 'sxm-19_6590_0' has failed to send a keep-alive heartbeat to the rendezvous 'job-5521' due to an error of type RendezvousConnectionError."]
        b.add("%s/train.out" % h, log)
        j = ["-- Boot 4d1c0a8e3b2f4a7d9e21f3c6b5a0d118 --"]
        j += sorted("%s %s kernel: %s" % (iso_precise(plus(t, rng.uniform(-3600, 17900))), h, ln) for ln in kernel_noise(rng, 30))
        if n == 2:
            x = plus(crash, -42)
            j += ["%s %s kernel: mce: [Hardware Error]: Machine check events logged" % (iso_precise(x), h),
                  "%s %s kernel: EDAC skx MC2: HANDLING MCE MEMORY ERROR" % (iso_precise(plus(x, 0.01)), h),
                  "%s %s kernel: EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x5f1a2b3 offset:0x1c0 grain:32 syndrome:0x0)" % (iso_precise(plus(x, 0.01)), h),
                  "%s %s kernel: mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: bd80000000100134" % (iso_precise(plus(x, 41.2)), h),
                  "%s %s kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a2c1e40> {native_safe_halt+0x0/0x10}" % (iso_precise(plus(x, 41.2)), h),
                  "%s %s kernel: mce: [Hardware Error]: TSC 7f3a4c1d2e0 ADDR 5f1a2b31c0 MISC 200000c020001086" % (iso_precise(plus(x, 41.2)), h),
                  "%s %s kernel: Kernel panic - not syncing: Fatal machine check" % (iso_precise(plus(x, 41.3)), h),
                  "-- Boot 9a77e0c1f4d24e5b8c3a6d0f2e1b7c44 --",
                  "%s %s kernel: Linux version 5.15.0-119-generic (buildd@lcy02-amd64-071) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0)" % (iso_precise(plus(crash, 391)), h),
                  "%s %s kernel: mce: [Hardware Error]: Machine check events logged" % (iso_precise(plus(crash, 398)), h),
                  "%s %s kernel: mce: [Hardware Error]: CPU 0: Machine Check: 0 Bank 13: fc00000000100134 (previous boot)" % (iso_precise(plus(crash, 398)), h)]
        b.add("%s/journal.txt" % h, j[:1] + sorted(j[1:]) if n != 2 else j)
    b.set_label("host", "infrastructure", "sxm-19", "restart_without_node",
                "sxm-19 logs memory machine-check events, then a fatal machine check and kernel panic, and reboots (new boot ID). "
                "Peers see connection resets from 10.44.0.19 and time out.",
                "https://github.com/illinois-scicomp/machine-shop-maintenance/issues/66")
    return b


def z19_soft_lockup_kernlog():
    """kern.log on one node: soft lockups and blocked python tasks; its ranks stop progressing."""
    rng = _rng("z19_soft_lockup_kernlog")
    b = Bundle("z19_soft_lockup_kernlog")
    hosts = ["ml-gpu-041", "ml-gpu-042", "ml-gpu-043"]
    t = t0(2026, 9, 9, 9, 0, 0)
    stall = plus(t, 3 * 3600 + 222)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 50)
        s = 0
        while tt < stall:
            s += 10
            tt = plus(tt, 10 * 2.7)
            if n == 0:
                log.append("%s {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': 1e-05, 'epoch': %.2f}" % (iso(tt), 1.2 - s * 0.00003, rng.uniform(0.2, 0.5), s / 9000))
        for l in (0, 2, 4, 6):
            log += ["[rank%d]:%s" % (n * 8 + l, x) for x in watchdog_timeout(plus(stall, 1800), n * 8 + l, 18227, timeout_ms=1800000, pid=5500 + l)[:5]]
        b.add("%s/hf_trainer.log" % h, log)
        k = []
        for ln in kernel_noise(rng, 25):
            kt = plus(t, rng.uniform(-3000, 12000))
            k.append("%s %s kernel: [%d.%06d] %s" % (syslog(kt), h, 40000 + int((kt - t).total_seconds()), rng.randint(0, 999999), ln))
        if n == 2:
            x = plus(stall, 8)
            for c in range(4):
                xx = plus(x, c * 28)
                up = 40000 + int((xx - t).total_seconds())
                k += ["%s %s kernel: [%d.%06d] watchdog: BUG: soft lockup - CPU#%d stuck for %ds! [python3:%d]" % (syslog(xx), h, up, 100000 + c, 12 + c * 8, 22 + c * 4, 5503 + c),
                      "%s %s kernel: [%d.%06d] CPU: %d PID: %d Comm: python3 Tainted: P           OEL     5.15.0-105-generic #115-Ubuntu" % (syslog(xx), h, up, 100010 + c, 12 + c * 8, 5503 + c),
                      "%s %s kernel: [%d.%06d] RIP: 0010:native_queued_spin_lock_slowpath+0x1a7/0x2c0" % (syslog(xx), h, up, 100020 + c)]
            xx = plus(x, 130)
            up = 40000 + int((xx - t).total_seconds())
            k += ["%s %s kernel: [%d.%06d] INFO: task python3:5507 blocked for more than 122 seconds." % (syslog(xx), h, up, 7),
                  "%s %s kernel: [%d.%06d]       Tainted: P           OEL     5.15.0-105-generic #115-Ubuntu" % (syslog(xx), h, up, 9),
                  "%s %s kernel: [%d.%06d] \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message." % (syslog(xx), h, up, 11),
                  "%s %s kernel: [%d.%06d] rcu: INFO: rcu_preempt detected stalls on CPUs/tasks:" % (syslog(xx), h, up, 90)]
        b.add("%s/kern.log" % h, sorted(k))
    b.set_label("host", "infrastructure", "ml-gpu-043", "restart_without_node",
                "Training stops with no Python error; ml-gpu-043's kern.log shows repeated soft lockups of the trainer's "
                "threads, hung tasks and RCU stalls when progress stops. The watchdog timeouts everywhere are the consequence.",
                "https://github.com/apache/mxnet/issues/9709")
    return b


def z20_slurm_node_failure():
    """Merged srun -l output; Slurm reports NODE FAILURE and scontrol shows the node NOT_RESPONDING."""
    rng = _rng("z20_slurm_node_failure")
    b = Bundle("z20_slurm_node_failure")
    hosts = ["nid001184", "nid001185", "nid001186", "nid001187"]
    t = t0(2026, 10, 28, 17, 0, 0)
    fail = plus(t, 2 * 3600 + 812)
    out = []
    tt = plus(t, 80)
    s = 0
    while tt < fail:
        s += 1
        tt = plus(tt, 9.8 + rng.uniform(-0.1, 0.1))
        if s % 3 == 0:
            out.append("0: [%s] step %d/40000 loss=%.4f lr=%.2e tokens/s=%d" % (tt.strftime("%H:%M:%S"), s, 2.7 - s * 0.0001, 6e-5, 211000 + rng.randint(-500, 500)))
    for task in (0, 1, 2):
        out += ["%d: [rank%d]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [10.128.4.187]:50112" % (task, task * 4)]
    out += ["srun: error: Node failure on nid001187",
            "slurmstepd: error: *** STEP 991823.0 ON nid001184 CANCELLED AT 2026-10-28T%s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % plus(fail, 300).strftime("%H:%M:%S"),
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
            "0: W1028 %s 40112 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % plus(fail, 301).strftime("%H:%M:%S.%f"),
            "1: W1028 %s 40201 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % plus(fail, 301).strftime("%H:%M:%S.%f"),
            "srun: error: nid001185: task 1: Terminated", "srun: error: nid001186: task 2: Terminated",
            "srun: error: nid001184: task 0: Terminated", "srun: Force Terminated StepId=991823.0"]
    b.add("nid001184/slurm-991823.out", out)
    b.add("nid001184/sacct.txt", [
        "JobID           JobName  Partition      State ExitCode               Start                 End        NodeList",
        "------------ ---------- ---------- ---------- -------- ------------------- ------------------- ---------------",
        "991823          pretrain      gpu   NODE_FAIL      1:0 %s %s nid[001184-001187]" % (t.strftime("%Y-%m-%dT%H:%M:%S"), plus(fail, 330).strftime("%Y-%m-%dT%H:%M:%S")),
        "991823.batch       batch              CANCELLED     0:15 %s %s       nid001184" % (t.strftime("%Y-%m-%dT%H:%M:%S"), plus(fail, 330).strftime("%Y-%m-%dT%H:%M:%S")),
        "991823.0        torchrun              CANCELLED     0:15 %s %s nid[001184-001187]" % (plus(t, 5).strftime("%Y-%m-%dT%H:%M:%S"), plus(fail, 330).strftime("%Y-%m-%dT%H:%M:%S"))])
    b.add("nid001187/scontrol_show_node.txt", [
        "NodeName=nid001187 Arch=x86_64 CoresPerSocket=64", "   CPUAlloc=0 CPUEfctv=256 CPUTot=256 CPULoad=N/A",
        "   AvailableFeatures=gpu,h100", "   Gres=gpu:h100:4", "   NodeAddr=nid001187 NodeHostName=nid001187",
        "   OS=Linux 5.14.21-150500.55.49_13.0.57-cray_shasta_c", "   RealMemory=491520 AllocMem=0 FreeMem=N/A Sockets=1 Boards=1",
        "   State=DOWN+DRAIN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   BootTime=2026-10-14T03:11:09 SlurmdStartTime=2026-10-14T03:14:40",
        "   LastBusyTime=%s ResumeAfterTime=None" % fail.strftime("%Y-%m-%dT%H:%M:%S"),
        "   Reason=Not responding [slurm@%s]" % plus(fail, 300).strftime("%Y-%m-%dT%H:%M:%S")])
    for h in hosts[:3]:
        b.add("%s/dmesg.txt" % h, ["[%s] %s" % (ctime(plus(t, rng.uniform(-9000, 9000))), ln) for ln in kernel_noise(rng, 15)])
    b.set_label("host", "infrastructure", "nid001187", "restart_without_node",
                "Slurm declares a node failure on nid001187 and marks it DOWN+NOT_RESPONDING; the other tasks only see their "
                "TCP peer 10.128.4.187 disappear and are then cancelled by the step.",
                "https://github.com/Lumi-supercomputer/lumi-userguide/pull/114")
    return b


def z21_hang_pyspy_all_same():
    """Silent hang; py-spy dumps taken on every node show all ranks in the same all-reduce. No other evidence."""
    rng = _rng("z21_hang_pyspy_all_same")
    b = Bundle("z21_hang_pyspy_all_same")
    hosts = ["a3-node-01", "a3-node-02", "a3-node-03", "a3-node-04"]
    t = t0(2026, 1, 5, 8, 0, 0)
    stop = plus(t, 4 * 3600 + 19)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 40)
        s = 0
        while tt < stop:
            s += 10
            tt = plus(tt, 10 * 3.05)
            if n == 0:
                log.append(titan_step(tt, s, 2.9 - s * 0.00003 + rng.uniform(-0.02, 0.02), 66.0, 4021 + rng.randint(-20, 20), 51.2))
        log.append("[rank%d]: W%s torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (n * 8, plus(stop, 7200).strftime("%m%d %H:%M:%S.%f")))
        b.add("%s/stdout.log" % h, log)
        dumps = []
        for l in range(8):
            dumps += pyspy_dump(30100 + l, "main", [
                "all_reduce (torch/distributed/distributed_c10d.py:2501)",
                "wrapper (torch/distributed/c10d_logger.py:83)",
                "_reduce_grads (torchtitan/parallelisms/utils.py:117)",
                "train_step (torchtitan/train.py:312)",
                "main (torchtitan/train.py:401)",
                "<module> (torchtitan/train.py:455)"])
        b.add("%s/py-spy-dump.txt" % h, dumps)
        b.add("%s/dmesg.txt" % h, ["[%s] %s" % (ctime(plus(t, rng.uniform(-9000, 20000))), ln) for ln in kernel_noise(rng, 20)])
        b.add("%s/nvidia-smi.txt" % h, nvidia_smi_table(plus(stop, 3600), bus_ids(rng), util=100, mem_used=67201, procs=[30100 + i for i in range(8)]))
    b.set_label("hang", "infrastructure", None, "restart",
                "Progress stops with no error anywhere; py-spy on all 32 ranks shows them waiting in the same all_reduce, GPUs "
                "busy at 100%, kernel logs clean. A hang with no evidence of a cause.",
                "https://github.com/allenai/OLMo/pull/709")
    return b


def z22_hang_flight_recorder():
    """Watchdog timeouts on all ranks; flight-recorder text dump shows every rank at the same sequence number."""
    rng = _rng("z22_hang_flight_recorder")
    b = Bundle("z22_hang_flight_recorder")
    hosts = ["p5-0a1", "p5-0a2"]
    t = t0(2026, 3, 30, 15, 0, 0)
    hang = plus(t, 3 * 3600 + 1111)
    seq = 62018
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 30)
        it = 0
        while tt < hang:
            it += 10
            tt = plus(tt, 10 * 1.7)
            if n == 1:
                log.append(megatron_iter(tt, it, 500000, 1700 + rng.uniform(-10, 10), 2.2 - it * 0.000004, gbs=256, gnorm=rng.uniform(0.2, 0.3)))
        for l in range(8):
            r = n * 8 + l
            log += ["[rank%d]:%s" % (r, x) for x in watchdog_timeout(plus(hang, 600 + l * 0.01), r, seq, pid=1200 + l)[:6]]
            log.append("[rank%d]:[E%s %d ProcessGroupNCCL.cpp:1418] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, plus(hang, 601).strftime("%m%d %H:%M:%S.%f"), 1200 + l, r))
        b.add("%s/megatron.out" % h, log)
        fr = ["# fr_trace text dump (TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/scratch/fr/nccl_trace_rank_) host=%s" % h]
        for l in range(8):
            r = n * 8 + l
            fr.append("rank %d: version 2.4, pg_config {'0': {'name': '0', 'desc': 'default_pg', 'ranks': '[0, 1, ..., 15]'}}" % r)
            for k, s in enumerate(range(seq - 3, seq + 1)):
                st = "completed" if s < seq else "started"
                fr.append("  record_id=%d pg_id=0 collective_seq_id=%d profiling_name=nccl:%s input_sizes=[[%d]] state=%s time_discovered_started_ns=%d"
                          % (s + 400, s, "all_reduce" if s % 2 else "reduce_scatter_tensor_coalesced", 25165824 if s % 2 else 98566144, st, 1743346800000000000 + k * 1700000000 + r * 91))
        fr += ["", "Collective sequence summary: all 16 ranks have collective_seq_id %d in state 'started'; no rank missing, no size/op mismatch found." % seq]
        b.add("%s/flight_recorder.txt" % h, fr)
        b.add("%s/syslog" % h, ["%s %s kernel: %s" % (syslog(plus(t, rng.uniform(-3000, 14000))), h, ln) for ln in kernel_noise(rng, 15)])
    b.set_label("hang", "infrastructure", None, "restart",
                "All 16 ranks time out on the same all_reduce; the flight recorder shows every rank started collective %d and "
                "none missing or mismatched; kernel logs are clean. Nothing points at a node or the code." % seq,
                "https://github.com/pytorch/tutorials/pull/3814")
    return b


def z23_hang_slurm_timelimit():
    """srun --label output stops mid-run and the job is killed hours later by the time limit; nothing else."""
    rng = _rng("z23_hang_slurm_timelimit")
    b = Bundle("z23_hang_slurm_timelimit")
    hosts = ["gpu%03d" % i for i in (33, 34, 35, 36, 37, 38)]
    t = t0(2026, 12, 1, 0, 0, 0)
    stop = plus(t, 2 * 3600 + 840)
    out = ["0: W1201 00:00:04.121000 91101 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default"]
    for task in range(6):
        out.append("%d: [rank%d]: Megatron-core version 0.9.0, NCCL 2.21.5" % (task, task * 8))
        out += ["%d: %s" % (task, w) for w in harmless_warnings(task * 8)[:2]]
    tt = plus(t, 100)
    it = 0
    while tt < stop:
        it += 10
        tt = plus(tt, 10 * 2.5)
        out.append("5: " + megatron_iter(tt, it, 300000, 2500 + rng.uniform(-20, 20), 2.6 - it * 0.000008, gbs=768, gnorm=rng.uniform(0.25, 0.4)))
    out += ["slurmstepd: error: *** JOB 7719004 ON gpu033 CANCELLED AT 2026-12-01T%s DUE TO TIME LIMIT ***" % plus(t, 8 * 3600).strftime("%H:%M:%S"),
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
            "slurmstepd: error: *** STEP 7719004.0 ON gpu033 CANCELLED AT 2026-12-01T%s DUE TO TIME LIMIT ***" % plus(t, 8 * 3600).strftime("%H:%M:%S")]
    b.add("gpu033/slurm-7719004.out", out)
    for h in hosts:
        b.add("%s/dmesg.txt" % h, ["[%s] %s" % (ctime(plus(t, rng.uniform(-9000, 28000))), ln) for ln in kernel_noise(rng, 14)])
    b.set_label("hang", "infrastructure", None, "restart",
                "Iterations stop at %d with no error, warning or kernel message on any node, and the job sits for five hours "
                "until Slurm kills it at the time limit. A hang without a visible cause." % it,
                "https://github.com/horovod/horovod/issues/2887")
    return b
