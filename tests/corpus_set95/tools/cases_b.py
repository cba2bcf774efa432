"""Cases cn08-cn14."""
import sys

sys.dont_write_bytecode = True

import random

from common import (dt, add, iso, glog, dmesg_T, syslog, xid_line, boot_noise, job_noise,
                    nvidia_smi_q, dcgmi_standard, sel_lines, sel_baseline, sacct, join,
                    child_failed, agent_failed, megatron_iter, hexid, ibstat_ca, pyts,
                    ROOT_PORT, uptime_stamp)
from cluster import Cluster, srun_label, torchrun_banner, rank_tb, TRAIN_FRAMES, CUDA_ERR_TAIL
from cases_a import label, sbatch


def _dmesg(D):
    D.sort(key=lambda x: x[0])
    return join(["%s %s" % (dmesg_T(tt), m) for tt, m in D])


def _base_dmesg(rng, h, t0, days=5, driver="535.161.08", n_noise=4, spread=(-20000, 8000)):
    boot = add(t0, -86400 * days - rng.randint(0, 9000))
    D = [(add(boot, k * 0.8), m) for k, m in enumerate(boot_noise(h, rng, driver=driver))]
    for k in range(n_noise):
        D.append((add(t0, rng.randint(*spread)), job_noise(rng, h)))
    return D, boot


def _agents_fail(c, t, L, label_fn, script, first_local=None, exitcode=-6, sig="SIGABRT"):
    for ni, h in enumerate(c.hosts):
        lab = label_fn(ni)
        fl = first_local[h] if first_local and h in first_local else c.rng.randint(0, c.gpn - 1)
        for l in range(c.gpn):
            if l != fl:
                L.append(lab + "W%s %d torch/distributed/elastic/multiprocessing/api.py:858] Sending process %d closing signal SIGTERM"
                         % (glog(add(t, 0.001 * l), ""), c.agent_pid[h], c.pid[(h, l)]))
        L.append(lab + agent_failed(add(t, 1.1), exitcode, fl, c.pid[(h, fl)], agent_pid=c.agent_pid[h]))
        L += [lab + x for x in child_failed(script, add(t, 1.2), h, c.rank(h, fl), fl, exitcode, c.pid[(h, fl)], sig)]


# ---------------------------------------------------------------------------
def cn08():
    rng = random.Random(9508)
    hosts = ["hpc-gn-21", "hpc-gn-22", "hpc-gn-23", "hpc-gn-24"]
    c = Cluster(rng, hosts, 8, "hgx_smc")
    bad_h = "hpc-gn-23"
    jid = 1190342
    t0 = dt(2024, 9, 3, 17, 20, 0)
    files = {}
    files["job.sbatch"] = sbatch(jid, "vit-g-pt", 4, "gpu", ntasks=8,
                                 cmd="srun python train_vit.py trainer.num_nodes=4 trainer.devices=8 trainer.strategy=fsdp data.batch_size=64")
    L = ["Job %d starting at %s on hpc-gn-[21-24]" % (jid, iso(add(t0, -14211), False)),
         "GPU available: True (cuda), used: True",
         "TPU available: False, using: 0 TPU cores",
         "HPU available: False, using: 0 HPUs",
         "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32",
         "----------------------------------------------------------------------------------------------------",
         "distributed_backend=nccl",
         "All distributed processes registered. Starting with 32 processes",
         "----------------------------------------------------------------------------------------------------",
         "",
         "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
         "",
         "  | Name      | Type              | Params | Mode ",
         "--------------------------------------------------------",
         "0 | model     | VisionTransformer | 1.8 B  | train",
         "1 | criterion | CrossEntropyLoss  | 0      | train",
         "--------------------------------------------------------",
         "1.8 B     Trainable params",
         "0         Non-trainable params",
         "1.8 B     Total params",
         "7,371.342 Total estimated model params size (MB)"]
    L.append("[%s] epoch_timer: epochs 0-6 took 2349.8s on average" % iso(add(t0, -1), False))
    L.append("[%s] epoch_timer: epoch 7 start" % iso(t0, False))
    total = 5004
    drop_at = 3120
    done = 0
    el = 0.0
    ep = 7
    while done < total:
        step = min(total, done + 47)
        for i in range(done + 1, step + 1):
            el += (1 / 2.13) if i < drop_at else (1 / 0.94)
        done = step
        rate = 2.13 + rng.uniform(-0.02, 0.02) if done < drop_at else 0.94 + rng.uniform(-0.02, 0.02)
        pct = done * 100 // total
        bar = "\u2588" * (pct // 10) + ("\u258f" if pct % 10 else "") + " " * (10 - pct // 10 - (1 if pct % 10 else 0))
        m, s = divmod(int(el), 60)
        hh, m = divmod(m, 60)
        rem = (total - done) / rate
        rm, rs = divmod(int(rem), 60)
        rh, rm = divmod(rm, 60)
        L.append("Epoch %d: %3d%%|%s| %d/%d [%d:%02d:%02d<%d:%02d:%02d, %.2fit/s, v_num=41, train_loss=%.3f]"
                 % (ep, pct, bar, done, total, hh, m, s, rh, rm, rs, rate, 1.93 - done / 50000.0 + rng.uniform(-0.03, 0.03)))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "vit-g-pt", "gpu", "RUNNING", "0:0", "04:55:02", "hpc-gn-[21-24]"),
        ("%d.batch" % jid, "batch", "", "RUNNING", "0:0", "04:55:02", "hpc-gn-21"),
        ("%d.0" % jid, "python", "", "RUNNING", "0:0", "04:54:55", "hpc-gn-[21-24]"),
    ])
    t_drop = add(t0, 3120 / 2.13 + 30)
    tq = add(t0, 3120 / 2.13 + (5004 - 3120) / 0.94)
    for h in hosts:
        per = {"all": {"temp": 61, "power": 655.0, "sm_clock": 1830, "util": 98, "used_mib": 70411}}
        for l in range(8):
            per[l] = {"temp": 58 + rng.randint(0, 9), "power": 610 + rng.randint(0, 80), "sm_clock": 1785 + 15 * rng.randint(0, 8)}
        if h == bad_h:
            for l in range(8):
                per[l] = {"temp": 41 + rng.randint(0, 4), "power": 196 + rng.randint(0, 25), "sm_clock": 690 + 15 * rng.randint(0, 2),
                          "reasons": {"HW Slowdown": True, "HW Power Brake Slowdown": True}}
        if h == "hpc-gn-21":
            per[6] = dict(per[6], reasons={"SW Power Cap": True})
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per), driver="550.90.07")
        S = sel_baseline(t0, rng)
        if h == bad_h:
            S += [(t_drop, "Power Supply PS3 Status", "Power Supply AC lost", "Asserted"),
                  (add(t_drop, 1), "Power Supply PS3 Status", "Failure detected", "Asserted"),
                  (add(t_drop, 2), "Power Unit PSU Redundancy", "Redundancy Lost", "Asserted"),
                  (add(t_drop, 2), "Power Unit PSU Redundancy", "Non-Redundant: Insufficient Resources", "Asserted")]
        if h == "hpc-gn-22":
            S += [(add(t0, -86400 * 3), "Memory #0x53", "Correctable ECC logging limit reached", "Asserted")]
        files["%s/sel.txt" % h] = sel_lines(S)
    files["oncall-note.txt"] = join([
        "User report: throughput fell from ~2.1 it/s to ~0.94 it/s partway through epoch 7; no config change, job still running.",
        "Collected nvidia-smi -q and ipmitool sel elist from the four nodes at %s UTC." % iso(tq, False),
    ])
    lab = label("straggler", "infrastructure", bad_h, None, "restart_without_node",
                "The job is running but its step rate fell from 2.13 to 0.94 it/s in the middle of epoch 7. "
                "All eight GPUs of %s report 'HW Slowdown' and 'HW Power Brake Slowdown' active with ~200 W draw and ~700 MHz clocks, while the other nodes run near 1.8 GHz, and the node's SEL logs PS3 AC lost / PSU redundancy lost at the moment of the drop. "
                "One node's power brake is throttling every rank through the synchronous collectives." % bad_h,
                "https://github.com/leptonai/gpud/pull/330")
    return "cn08_psu_ac_lost_power_brake_all_gpus", files, lab


# ---------------------------------------------------------------------------
def cn09():
    rng = random.Random(9509)
    hosts = ["cn-hpc-2-14", "cn-hpc-2-15", "cn-hpc-2-16", "cn-hpc-2-17"]
    c = Cluster(rng, hosts, 4, "hgx_dell", "a100")
    bad_h = "cn-hpc-2-16"
    jid = 771305
    t0 = dt(2024, 4, 11, 23, 0, 7)
    files = {}
    files["job.sbatch"] = sbatch(jid, "bert-xl", 4, "a100", gpn=4)
    files["hosts.txt"] = join(["10.40.2.%d %s" % (14 + i, h) for i, h in enumerate(hosts)])
    L = ["Job %d starting at %s on cn-hpc-2-[14-17]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 4), srun_label(ni), c.agent_pid[h])
    t = add(t0, 50)
    last = 15400
    for s in range(100, last + 1, 100):
        tt = add(t, s * 0.52)
        L.append("0: [rank0]: %s | INFO | step %6d | loss %.4f | lr %.2e | %.1f seq/s" % (pyts(tt), s, 1.8 * 0.99993 ** s + 0.9, 1e-4, 1966 + rng.uniform(-10, 10)))
    t_panic = add(t, last * 0.52 + 21.4)
    t_err = add(t_panic, 31)
    for r in range(c.world):
        h, l = c.where(r)
        if h == bad_h:
            continue
        ni = hosts.index(h)
        if rng.random() < 0.7:
            L.append(srun_label(ni) + "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.40.2.16<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.40.2.%d remoteGids::ffff:10.40.2.16"
                     % (h, c.pid[(h, l)], c.pid[(h, l)] + 219, l, rng.randint(40000, 60000), 14 + ni))
            L.append(srun_label(ni) + "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (h, c.pid[(h, l)], c.pid[(h, l)] + 219, l))
        L.append(srun_label(ni) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (r, glog(add(t_err, rng.random() * 3)), r))
        L.append(srun_label(ni) + "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % r)
    L.append("srun: error: Node failure on %s" % bad_h)
    L.append("slurmstepd: error: *** JOB %d ON cn-hpc-2-14 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jid, iso(add(t_panic, 302), False)))
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for ni, h in enumerate(hosts):
        if h != bad_h:
            L.append("srun: error: %s: task %d: Killed" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "bert-xl", "a100", "NODE_FAIL", "0:0", "02:16:14", "cn-hpc-2-[14-17]"),
        ("%d.batch" % jid, "batch", "", "CANCELLED", "0:15", "02:16:14", "cn-hpc-2-14"),
        ("%d.0" % jid, "torchrun", "", "CANCELLED", "0:15", "02:16:07", "cn-hpc-2-[14-17]"),
    ])
    files["sinfo-R.txt"] = join([
        "REASON               USER      TIMESTAMP           NODELIST",
        "Not responding       slurm     %s cn-hpc-2-16" % iso(add(t_panic, 300), False),
    ])
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=9, driver="535.154.05")
        if h == "cn-hpc-2-14":
            tc = add(t0, -86400 * 6)
            D.append((tc, "mce: [Hardware Error]: Machine check events logged"))
            D.append((tc, "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x41b2c3 offset:0x600 grain:32 syndrome:0x0 -  area:DRAM err_code:0001:0090 socket:0 imc:1 rank:0 bg:2 ba:1 row:1f2c col:3e0)"))
        if h != bad_h:
            files["%s/kern.log" % h] = join(["%s [%12.6f] %s" % (syslog(tt, h), (tt - boot).total_seconds(), m) for tt, m in sorted(D, key=lambda x: x[0])])
        else:
            tce = add(t_panic, -1810)
            D2 = list(D)
            for k in range(9):
                tt = add(tce, k * 190 + rng.randint(0, 60))
                D2.append((tt, "mce: [Hardware Error]: Machine check events logged"))
                D2.append((tt, "EDAC MC1: %d CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x%x offset:0x%x grain:32 syndrome:0x0 -  area:DRAM err_code:0001:0092 socket:1 imc:0 rank:1 bg:0 ba:3 row:%x col:%x)"
                            % (rng.randint(1, 40), 0x5f3c8a0 + rng.randint(0, 255), rng.randint(0, 4095) & 0xfc0, 0x2a31 + rng.randint(0, 9), rng.randint(0, 1023) & 0x3f8)))
            files["%s/kern.log" % h] = join(["%s [%12.6f] %s" % (syslog(tt, h), (tt - boot).total_seconds(), m) for tt, m in sorted(D2, key=lambda x: x[0])])
            P = ["Panic#1 Part1",
                 "<4>[%12.6f] mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: be20000000800090" % (t_panic - boot).total_seconds(),
                 "<4>[%12.6f] mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff8a3f2c1e> {clear_page_erms+0xe/0x20}" % (t_panic - boot).total_seconds(),
                 "<4>[%12.6f] mce: [Hardware Error]: TSC 3f2a1cb4e0d2a ADDR 5f3c8a1000 MISC 200400c0a0e2086 " % (t_panic - boot).total_seconds(),
                 "<4>[%12.6f] mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 4a microcode 2b0004d0" % ((t_panic - boot).total_seconds(), int(t_panic.timestamp())),
                 "<4>[%12.6f] mce: [Hardware Error]: Run the above through 'mcelog --ascii'" % (t_panic - boot).total_seconds(),
                 "<4>[%12.6f] mce: [Hardware Error]: Machine check: Processor context corrupt" % (t_panic - boot).total_seconds(),
                 "<0>[%12.6f] Kernel panic - not syncing: Fatal machine check" % (t_panic - boot).total_seconds(),
                 "<0>[%12.6f] Kernel Offset: 0x9200000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)" % (t_panic - boot).total_seconds()]
            files["%s/pstore-dmesg-erst.txt" % h] = join(P)
            S = sel_baseline(t0, rng)
            S += [(add(t_panic, -1), "Memory #0x87", "Correctable ECC (@DIMM P2-DIMMC1)", "Asserted"),
                  (t_panic, "Memory #0x87", "Uncorrectable ECC (@DIMM P2-DIMMC1)", "Asserted"),
                  (add(t_panic, 1), "Critical Interrupt #0xa4", "Bus Uncorrectable error", "Asserted"),
                  (add(t_panic, 2), "OS Stop #0x46", "Run-time critical stop", "Asserted"),
                  (add(t_panic, 95), "System Boot Initiated #0xe0", "Initiated by warm reset", "Asserted")]
            files["%s/sel.txt" % h] = sel_lines(S)
    lab = label("host", "infrastructure", bad_h, None, "restart_without_node",
                "Slurm ended the job with NODE_FAIL and %s stopped responding; the NCCL 'remote process exited' errors on the other nodes all point at its IP (10.40.2.16). "
                "The node's kern.log shows a growing stream of corrected DRAM errors on one DIMM, the ERST panic record ends in 'Machine Check Exception ... Kernel panic - not syncing: Fatal machine check', and the BMC SEL logs an uncorrectable ECC on DIMM P2-DIMMC1 at the same second. "
                "The single corrected error on cn-hpc-2-14 six days earlier is unrelated." % bad_h,
                "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return "cn09_mce_uncorrectable_dimm_kernel_panic", files, lab


# ---------------------------------------------------------------------------
def cn10():
    rng = random.Random(9510)
    hosts = ["gpu-st-081", "gpu-st-082", "gpu-st-083", "gpu-st-084", "gpu-st-085", "gpu-st-086"]
    c = Cluster(rng, hosts, 8, "hgx_smc")
    bad_h, bad_l = "gpu-st-084", 6
    bad_r = c.rank(bad_h, bad_l)
    bus = c.bus[bad_l]
    jid = 6021477
    t0 = dt(2024, 10, 21, 5, 44, 12)
    files = {}
    files["job.sbatch"] = sbatch(jid, "moe-16x3b", 6, "h100-large")
    L = ["Job %d starting at %s on gpu-st-[081-086]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    L += c.nccl_init(add(t0, 40), label=srun_label, only_complete=True)
    t = add(t0, 88)
    last = 9870
    for it in range(10, last + 1, 10):
        tt = add(t, it * 1.47)
        L.append("0: [rank0]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: 58.41GiB(73.83%%)  tps: %s  mfu: 37.%02d%%"
                 % (pyts(tt), it, 2.2 * 0.99992 ** it + 1.75 + rng.uniform(-0.03, 0.03), "{:,}".format(11200 + rng.randint(-90, 90)), rng.randint(0, 99)))
    t_aer = add(t, last * 1.47 + 0.9)
    t_to = add(t_aer, 1800.6)
    L += c.flood(t_to, 402281, "ALLTOALL_BASE", 50331648, 1800000, label=srun_label, frames_for={0, 9, 31, 44})
    _agents_fail(c, add(t_to, 6), L, srun_label, "train.py")
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "moe-16x3b", "h100-larg+", "FAILED", "1:0", "04:34:40", "gpu-st-[081-086]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "04:34:33", "gpu-st-[081-086]"),
    ])
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=3)
        if h == "gpu-st-082":
            ta = add(t0, 3100)
            D += [(ta, "pcieport 0000:0a:01.0: AER: Corrected error message received from 0000:0c:00.0"),
                  (ta, "mlx5_core 0000:0c:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)"),
                  (ta, "mlx5_core 0000:0c:00.0:   device [15b3:1021] error status/mask=00001000/00002000"),
                  (ta, "mlx5_core 0000:0c:00.0:    [12] Timeout               ")]
        if h == bad_h:
            rp = ROOT_PORT[bus]
            D += [(t_aer, "pcieport 0000:%s: AER: Uncorrected (Fatal) error message received from 0000:%s:00.0" % (rp, bus)),
                  (t_aer, "nvidia 0000:%s:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Requester ID)" % bus),
                  (t_aer, "nvidia 0000:%s:00.0:   device [10de:2330] error status/mask=00004000/00000000" % bus),
                  (t_aer, "nvidia 0000:%s:00.0:    [14] CmpltTO                (First)" % bus),
                  (add(t_aer, 0.001), "nvidia 0000:%s:00.0: AER: can't recover (no error_detected callback)" % bus),
                  (add(t_aer, 0.001), "snd_hda_intel 0000:%s:00.1: AER: can't recover (no error_detected callback)" % bus),
                  (add(t_aer, 1.05), "pcieport 0000:%s: AER: Root Port link has been reset (0)" % rp),
                  (add(t_aer, 1.05), "pcieport 0000:%s: AER: device recovery failed" % rp),
                  (add(t_aer, 1.3), "pcieport 0000:%s: pciehp: Slot(23): Link Down" % rp),
                  (add(t_aer, 244), "INFO: task python3:%d blocked for more than 241 seconds." % c.pid[(h, bad_l)]),
                  (add(t_aer, 244), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu")]
        files["%s/dmesg.txt" % h] = _dmesg(D)
    tq = add(t_to, 120)
    rows = ["%s       " % tq.strftime("%a %b %d %H:%M:%S %Y"),
            "+---------------------------------------------------------------------------------------+",
            "| NVIDIA-SMI 535.161.08             Driver Version: 535.161.08   CUDA Version: 12.2     |",
            "|-----------------------------------------+----------------------+----------------------+",
            "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
            "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
            "|                                         |                      |               MIG M. |",
            "|=========================================+======================+======================|"]
    for l in range(8):
        b = c.bus[l].upper()
        if l == bad_l:
            rows += ["|   %d  NVIDIA H100 80GB HBM3          On  | 00000000:%s:00.0 Off |                 ERR! |" % (l, b),
                     "| ERR!  ERR! ERR!            ERR! / ERR! |       ERR! /  ERR!   |     ERR!     Default |",
                     "|                                         |                      |             Disabled |",
                     "+-----------------------------------------+----------------------+----------------------+"]
        else:
            rows += ["|   %d  NVIDIA H100 80GB HBM3          On  | 00000000:%s:00.0 Off |                    0 |" % (l, b),
                     "| N/A   %dC    P0              %dW / 700W |      4MiB / 81559MiB |      0%%      Default |" % (30 + rng.randint(0, 5), 68 + rng.randint(0, 9)),
                     "|                                         |                      |             Disabled |",
                     "+-----------------------------------------+----------------------+----------------------+"]
    files["%s/nvidia-smi.txt" % bad_h] = join(rows)
    lab = label("gpu_hardware", "infrastructure", bad_h, bad_r, "restart_without_node",
                "The job hung: after step 9870 every rank hit a 30-minute ALLTOALL_BASE watchdog timeout, and the stdout names no culprit. "
                "dmesg on %s has an uncorrected fatal PCIe AER error (completion timeout) from the GPU at 0000:%s:00.0 with 'can't recover' and a failed link reset, and nvidia-smi shows that GPU as ERR!; "
                "the NCCL init lines map busId %s000 on that host to rank %d. There is no Xid; the corrected NIC AER on gpu-st-082 is benign." % (bad_h, bus, bus, bad_r),
                "https://github.com/rwth-i6/returnn/issues/1500")
    return "cn10_pcie_aer_fatal_gpu_no_xid_hang", files, lab


# ---------------------------------------------------------------------------
def cn11():
    rng = random.Random(9511)
    hosts = ["a100-q-031", "a100-q-032", "a100-q-033", "a100-q-034"]
    c = Cluster(rng, hosts, 8, "dgx_a100", "a100")
    bad_h = "a100-q-033"
    jid = 2290416
    t0 = dt(2024, 6, 17, 13, 3, 50)
    files = {}
    files["job.sbatch"] = sbatch(jid, "llava-13b", 4, "a100")
    L = ["Job %d starting at %s on a100-q-[031-034]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    t = add(t0, 120)
    last = 4460
    for s in range(20, last + 1, 20):
        tt = add(t, s * 3.3)
        L.append("0: [rank0]: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.05 * 0.9998 ** s + 0.62 + rng.uniform(-0.02, 0.02), 1.1 + rng.random(), 2e-5, s / 5200.0))
    t_lock = add(t, last * 3.3 + 11)
    t_to = add(t_lock, 1800.3)
    bad_ranks = set(c.rank(bad_h, l) for l in range(8))
    L += c.flood(t_to, 81930, "ALLREDUCE", 176160768, 1800000, label=srun_label, skip=bad_ranks, frames_for={0, 12, 30})
    # the stuck node's heartbeat monitor fires much later
    for l in (2, 5):
        r = c.rank(bad_h, l)
        L.append(srun_label(2) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1423] [PG 0 (default_pg) Rank %d] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=1" % (r, glog(add(t_to, 480 + l)), r))
        L.append(srun_label(2) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1268] [PG 0 (default_pg) Rank %d] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. " % (r, glog(add(t_to, 480.1 + l)), r))
    _agents_fail(c, add(t_to, 5), L, srun_label, "llava/train/train_mem.py")
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "llava-13b", "a100", "FAILED", "1:0", "04:48:02", "a100-q-[031-034]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "04:47:55", "a100-q-[031-034]"),
    ])
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=12, driver="535.129.03")
        if h == "a100-q-031":
            D.append((add(t0, 7000), "hrtimer: interrupt took 14823 ns"))
        if h == bad_h:
            for k in range(14):
                tt = add(t_lock, k * 52 + rng.randint(0, 20))
                cpu = rng.choice([54, 55, 71, 12, 13])
                proc = rng.choice(["python3:%d" % c.pid[(h, rng.randint(0, 7))], "pt_data_worker:%d" % (c.pid[(h, 0)] + 900 + rng.randint(0, 60)), "kworker/%d:1H:%d" % (cpu, 1200 + cpu)])
                D.append((tt, "watchdog: BUG: soft lockup - CPU#%d stuck for %ds! [%s]" % (cpu, rng.choice([22, 23, 26, 48, 75]), proc)))
                if k in (0, 6):
                    D += [(tt, "Modules linked in: nvidia_uvm(POE) nvidia_peermem(POE) nvidia_drm(POE) nvidia_modeset(POE) nvidia(POE) mlx5_ib ib_uverbs mlx5_core lustre(OE) lnet(OE) xfs"),
                          (tt, "CPU: %d PID: %s Comm: %s Tainted: P           OEL     5.15.0-101-generic #111-Ubuntu" % (cpu, proc.split(":")[-1], proc.split(":")[0])),
                          (tt, "Hardware name: NVIDIA DGXA100 920-23687-2530-000/DGXA100, BIOS 1.25 04/17/2023"),
                          (tt, "RIP: 0010:native_queued_spin_lock_slowpath+0x1b8/0x2b0"),
                          (tt, "Call Trace:"),
                          (tt, " <TASK>"),
                          (tt, " _raw_spin_lock+0x22/0x30"),
                          (tt, " free_pcppages_bulk+0x4e/0x2e0"),
                          (tt, " drain_pages_zone+0x46/0x60"),
                          (tt, " __drain_all_pages+0x15b/0x1e0"),
                          (tt, " __alloc_pages_slowpath.constprop.0+0x47e/0xd90"),
                          (tt, " __alloc_pages+0x31d/0x350"),
                          (tt, " </TASK>")]
                if k == 3:
                    D.append((tt, "rcu: INFO: rcu_sched self-detected stall on CPU"))
                    D.append((tt, "rcu: \t54-....: (59997 ticks this GP) idle=c2e/1/0x4000000000000000 softirq=1207331/1207331 fqs=14899 "))
                if k == 5:
                    D.append((tt, "INFO: task slurmstepd:%d blocked for more than 122 seconds." % (c.agent_pid[h] - 40)))
        files["%s/kern.log" % h] = join(["%s [%12.6f] %s" % (syslog(tt, h), (tt - boot).total_seconds(), m) for tt, m in sorted(D, key=lambda x: x[0])])
    files["slurmctld-excerpt.log"] = join([
        "[%s] error: Nodes a100-q-033 not responding" % iso(add(t_lock, 310), True),
        "[%s] error: Nodes a100-q-033 not responding" % iso(add(t_lock, 910), True),
        "[%s] Node a100-q-033 now responding" % iso(add(t_lock, 1490), True),
        "[%s] _job_complete: JobId=%d WEXITSTATUS 1" % (iso(add(t_to, 9), True), jid),
    ])
    lab = label("host", "infrastructure", bad_h, None, "restart_without_node",
                "Every rank outside %s hit the 30-minute ALLREDUCE watchdog timeout; the ranks on %s never reached the timeout and only their heartbeat monitors fired, 8 minutes later. "
                "That node's kern.log is full of 'watchdog: BUG: soft lockup' and an RCU stall starting right after the last logged step, and slurmctld marked it not responding; the kernel on that host stalled the job's processes. "
                "No GPU Xid or NIC errors are logged anywhere." % (bad_h, bad_h),
                "https://github.com/deepspeedai/DeepSpeed/issues/925")
    return "cn11_soft_lockup_node_stalls_collective", files, lab


# ---------------------------------------------------------------------------
def cn12():
    rng = random.Random(9512)
    hosts = ["sjc-gpu-%03d" % i for i in range(101, 109)]
    c = Cluster(rng, hosts, 8, "dgx_h100")
    bad_h = "sjc-gpu-106"
    ips = {h: "10.20.1.%d" % (int(h[-3:]) - 100 + 100) for h in hosts}
    jid = 991204
    t0 = dt(2024, 11, 5, 2, 10, 33)
    files = {}
    files["job.sbatch"] = sbatch(jid, "llama-70b", 8, "prod")
    files["hosts.txt"] = join(["%s %s" % (ips[h], h) for h in hosts])
    L = ["Job %d starting at %s on sjc-gpu-[101-108]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    t = add(t0, 190)
    last = 1830
    for s in range(5, last + 1, 5):
        tt = add(t, s * 7.9)
        L.append("0: [rank0]:%s - INFO - step %d | loss %.4f | tokens/s/gpu %d | grad_norm %.3f" % (pyts(tt), s, 2.1 * 0.9996 ** s + 1.6, 3041 + rng.randint(-20, 20), 0.4 + rng.random() * 0.2))
    t_flap = add(t, last * 7.9 + 3.2)
    # NCCL errors from peers of the bad node
    for k in range(26):
        h = rng.choice([x for x in hosts if x != bad_h])
        l = rng.randint(0, 7)
        tt = add(t_flap, 22 + k * 0.3)
        ni = hosts.index(h)
        L.append(srun_label(ni) + "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s"
                 % (h, c.pid[(h, l)], c.pid[(h, l)] + 222, l, ips[bad_h], rng.randint(40000, 62000), ips[h], ips[bad_h]))
        L.append(srun_label(ni) + "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (h, c.pid[(h, l)], c.pid[(h, l)] + 222, l))
    bi = hosts.index(bad_h)
    for l in range(8):
        L.append(srun_label(bi) + "%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % (bad_h, c.pid[(bad_h, l)], c.pid[(bad_h, l)] + 190, l))
    for k in range(12):
        r = rng.randint(0, c.world - 1)
        h, l = c.where(r)
        L.append(srun_label(hosts.index(h)) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, glog(add(t_flap, 25 + rng.random() * 4)), r))
    _agents_fail(c, add(t_flap, 31), L, srun_label, "train.py")
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (ni and h or h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "llama-70b", "prod", "FAILED", "1:0", "04:05:28", "sjc-gpu-[101-108]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "04:05:21", "sjc-gpu-[101-108]"),
    ])
    hca_bus = ["0c", "1f", "47", "5e", "9d", "b1", "c9", "e0"]
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=8)
        if h == "sjc-gpu-102":
            to = add(t0, -86400 * 3 - 4100)
            D += [(to, "mlx5_core 0000:47:00.0: Port module event: module 2, Cable unplugged"),
                  (to, "mlx5_core 0000:47:00.0 ibp71s0: Link down"),
                  (add(to, 41), "mlx5_core 0000:47:00.0: Port module event: module 2, Cable plugged"),
                  (add(to, 48), "mlx5_core 0000:47:00.0 ibp71s0: Link up")]
        if h == bad_h:
            b = hca_bus[4]
            for k in range(5):
                tt = add(t_flap, k * 37 + rng.randint(0, 5))
                D += [(tt, "mlx5_core 0000:%s:00.0: Port module event[error]: module 4, Cable error, Bus stuck (I2C or data shorted)" % b),
                      (add(tt, 0.01), "mlx5_core 0000:%s:00.0 ibp157s0: Link down" % b),
                      (add(tt, 9 + k), "mlx5_core 0000:%s:00.0 ibp157s0: Link up" % b)]
        files["%s/dmesg.txt" % h] = _dmesg(D)
        I = []
        for k in range(8):
            if h == bad_h and k == 4:
                I += ibstat_ca("mlx5_%d" % k, state="Down", phys="Polling", rng=rng)
            else:
                I += ibstat_ca("mlx5_%d" % k, lid=rng.randint(100, 2000), rng=rng)
        files["%s/ibstat.txt" % h] = join(I)
    lab = label("network", "infrastructure", bad_h, None, "restart_without_node",
                "Ranks across the job failed with NET/IB completion status=12 (retry exceeded) and every one of them names peer %s, which hosts.txt maps to %s; that node's own ranks logged 'NET/IB : Got async event : port error'. "
                "Its dmesg shows mlx5_4 cycling link down/up with 'Cable error, Bus stuck' module events from the moment training stopped, and ibstat still shows mlx5_4 Down/Polling. "
                "The single link flap on sjc-gpu-102 happened three days before the job." % (ips[bad_h], bad_h),
                "https://github.com/NVIDIA/nccl/issues/905")
    return "cn12_ib_link_flap_one_node_old_flap_elsewhere", files, lab


# ---------------------------------------------------------------------------
def cn13():
    rng = random.Random(9513)
    hosts = ["gpu-v-201", "gpu-v-202", "gpu-v-203"]
    c = Cluster(rng, hosts, 8, "hgx_dell")
    jid = 448120
    t0 = dt(2024, 12, 2, 16, 41, 9)
    files = {}
    files["job.sbatch"] = sbatch(jid, "rm-train", 3, "h100")
    files["config.yaml"] = join([
        "model: meta-llama/Meta-Llama-3-8B",
        "task: reward_model",
        "data:",
        "  train_files: /lustre/datasets/prefs/v7/train-*.jsonl",
        "  # v7 switched from 'chosen_ids'/'rejected_ids' to a single 'pairs' field",
        "  fields: [chosen_ids, rejected_ids]",
        "  max_len: 4096",
        "train:",
        "  micro_batch_size: 2",
        "  global_batch_size: 384",
        "  lr: 9.0e-6",
    ])
    L = ["Job %d starting at %s on gpu-v-[201-203]" % (jid, iso(t0, False))]
    for ni, h in enumerate(hosts):
        L += torchrun_banner(add(t0, 5), srun_label(ni), c.agent_pid[h])
    L += c.nccl_init(add(t0, 37), label=srun_label, only_complete=True, version="2.20.5+cuda12.4")
    L.append("0: [rank0]: %s INFO rm_train: loaded 412,881 preference pairs from 64 shards" % pyts(add(t0, 71)))
    L.append("0: [rank0]: %s INFO rm_train: starting training, 1075 steps" % pyts(add(t0, 73)))
    t_err = add(t0, 79)
    fails = {}
    for r in range(c.world):
        h, l = c.where(r)
        ni = hosts.index(h)
        tt = add(t_err, rng.random() * 1.5)
        tb = rank_tb(r, [
            ("/home/ssato/rm/rm_train.py", 208, "<module>", "main(cfg)"),
            ("/home/ssato/rm/rm_train.py", 181, "main", "for step, batch in enumerate(loader):"),
            ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
            ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1344, "_next_data", "return self._process_data(data)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1370, "_process_data", "data.reraise()"),
            ("/usr/local/lib/python3.10/dist-packages/torch/_utils.py", 706, "reraise", "raise exception"),
        ], ["KeyError: Caught KeyError in DataLoader worker process 0.",
            "Original Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 309, in _worker_loop',
            "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
            '  File "/home/ssato/rm/data.py", line 77, in collate_pairs',
            "    chosen = [torch.tensor(ex[\"chosen_ids\"][: self.max_len]) for ex in batch]",
            "KeyError: 'chosen_ids'", ""])
        if r % 3 == 0 or h == "gpu-v-203":
            L += [srun_label(ni) + x for x in tb]
        fails.setdefault(h, l)
    _agents_fail(c, add(t_err, 2.5), L, srun_label, "rm_train.py", first_local=fails, exitcode=1, sig=None)
    for ni, h in enumerate(hosts):
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
    files["slurm-%d.out" % jid] = join(L)
    files["sacct.txt"] = sacct([
        (str(jid), "rm-train", "h100", "FAILED", "1:0", "00:01:25", "gpu-v-[201-203]"),
        ("%d.0" % jid, "torchrun", "", "FAILED", "1:0", "00:01:19", "gpu-v-[201-203]"),
    ])
    for h in hosts:
        D, boot = _base_dmesg(rng, h, t0, days=4)
        if h == "gpu-v-202":
            tx = add(t0, -5400)
            D.append((tx, "NVRM: GPU at PCI:0000:45:00: %s" % c.uuid[(h, 2)]))
            D.append((tx, xid_line("45", 31, 120887, "pt_main_thread", "Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_8 faulted @ 0x7fd2_10a44000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")))
        files["%s/dmesg.txt" % h] = _dmesg(D)
    tq = add(t_err, 90)
    for h in hosts:
        per = {"all": {"temp": 33, "power": 70.2}}
        if h == "gpu-v-203":
            per[4] = {"ecc": {"vsc": 2, "asc": 14}}
            per[7] = {"remap": {"corr": 1, "max": 639, "high": 1}}
        files["%s/nvidia-smi-q.txt" % h] = nvidia_smi_q(tq, c.gpus(h, per))
    S = sel_baseline(t0, rng) + [(add(t0, -86400 * 6), "Memory #0x53", "Correctable ECC logging limit reached", "Asserted")]
    files["gpu-v-201/sel.txt"] = sel_lines(S)
    lab = label("user_code", "script", None, None, "stop",
                "All 24 ranks fail within two seconds of starting, on the very first batch, with KeyError: 'chosen_ids' raised in the job's own collate_pairs; the config notes the v7 dataset renamed that field. "
                "This is deterministic and will recur on any nodes. The Xid 31 on gpu-v-202 came from another process (pt_main_thread, pid 120887) ninety minutes before the job, "
                "and the correctable ECC / remapped-row counts on gpu-v-203 and the SEL entry on gpu-v-201 are benign.",
                "https://github.com/hpcaitech/ColossalAI/issues/3425")
    return "cn13_keyerror_first_batch_with_hw_red_herrings", files, lab


# ---------------------------------------------------------------------------
def cn14():
    rng = random.Random(9514)
    files = {}
    jid1, jid2 = 730118, 730246
    bad_l = 5
    atts = [
        (jid1, ["gpu-e-011", "gpu-e-012"], dt(2025, 1, 14, 10, 2, 0), []),
        (jid2, ["gpu-e-012", "gpu-e-019"], dt(2025, 1, 14, 11, 31, 44), ["#SBATCH --exclude=gpu-e-011"]),
    ]
    for i, (jid, hosts, t0, extra) in enumerate(atts, 1):
        pre = "attempt_%d/" % i
        c = Cluster(rng, hosts, 8, "hgx_smc")
        files[pre + "job.sbatch"] = sbatch(jid, "long-ctx", 2, "h100", extra=extra)
        bad_h = hosts[0]
        bad_r = c.rank(bad_h, bad_l)
        L = ["Job %d starting at %s on %s" % (jid, iso(t0, False), ",".join(hosts))]
        for ni, h in enumerate(hosts):
            L += torchrun_banner(add(t0, 4), srun_label(ni), c.agent_pid[h])
        L += c.nccl_init(add(t0, 30), label=srun_label, only_complete=True)
        L.append("0: [rank0]: %s INFO packing: context parallel disabled, packed sequence length 16384, rope=fused (model/kernels/rope.py)" % pyts(add(t0, 58)))
        L.append("%d: [rank%d]: Token indices sequence length is longer than the specified maximum sequence length for this model (16384 > 8192). Running this sequence through the model will result in indexing errors" % (0, 0))
        t = add(t0, 70)
        for s in range(1, 4):
            L.append("0: [rank0]: %s INFO step %d loss %.4f tflops %.1f" % (pyts(add(t, s * 9.1)), s, 3.1 - s * 0.01, 402.3 + rng.random()))
        t_err = add(t, 4 * 9.1 + 2.2)
        tb = rank_tb(bad_r, [
            ("/srv/long-ctx/train.py", 261, "<module>", "main()"),
            ("/srv/long-ctx/train.py", 240, "main", "loss = model(**batch).loss"),
            ("/srv/long-ctx/model/llama.py", 512, "forward", "q, k = apply_rotary(q, k, self.cos, self.sin, batch['position_ids'])"),
            ("/srv/long-ctx/model/kernels/rope.py", 148, "apply_rotary", "_rope_fwd[grid](q, k, cos, sin, pos, q.stride(0), q.stride(1), S, H, D, BLOCK=128)"),
            ("/usr/local/lib/python3.11/site-packages/triton/runtime/jit.py", 345, "<lambda>", "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)"),
            ("/usr/local/lib/python3.11/site-packages/triton/backends/nvidia/driver.py", 444, "__call__", "self.launch(*args, **kwargs)"),
        ], ["RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered", ""])
        L += [srun_label(0) + x for x in tb]
        for r in rng.sample(range(c.world), 5):
            if r == bad_r:
                continue
            h, l = c.where(r)
            L.append(srun_label(hosts.index(h)) + "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, glog(add(t_err, 1 + rng.random())), r))
        _agents_fail(c, add(t_err, 2), L, srun_label, "train.py", first_local={bad_h: bad_l}, exitcode=1, sig=None)
        for ni, h in enumerate(hosts):
            L.append("srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
        files[pre + "slurm-%d.out" % jid] = join(L)
        for h in hosts:
            D, boot = _base_dmesg(rng, h, t0, days=2 + i)
            if h == bad_h:
                b = c.bus[bad_l]
                D.append((add(t_err, -0.05), "NVRM: GPU at PCI:0000:%s:00: %s" % (b, c.uuid[(h, bad_l)])))
                D.append((add(t_err, -0.05), xid_line(b, 31, c.pid[(h, bad_l)], "python3", "channel 0x0000000b, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC4 GPCCLIENT_T1_11 faulted @ 0x7f6e_9c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE")))
                D.append((add(t_err, 2.4), xid_line(b, 45, c.pid[(h, bad_l)], "python3", "Ch 0000000b")))
            files[pre + "%s/dmesg.txt" % h] = _dmesg(D)
        if i == 2:
            files[pre + "requeue-note.txt"] = join([
                "Resubmitted after attempt 1 (job %d) with --exclude=gpu-e-011 in case the GPU on that node is bad. Same code, same data order." % jid1])
    files["sacct.txt"] = sacct([
        (str(jid1), "long-ctx", "h100", "FAILED", "1:0", "00:02:01", "gpu-e-[011-012]"),
        (str(jid2), "long-ctx", "h100", "FAILED", "1:0", "00:02:02", "gpu-e-[012,019]"),
    ])
    lab = label("user_code", "script", None, None, "stop",
                "Both attempts crash on rank 5 at step 4 with an illegal memory access inside the job's own Triton RoPE kernel (model/kernels/rope.py), and each time the host logs Xid 31 (MMU fault, virtual write) for that rank's pid only. "
                "The second attempt excluded gpu-e-011, so the fault moved to a different physical GPU on gpu-e-012 with identical timing, which rules out the hardware; "
                "the 16384-token packed sequences exceed the model's 8192 positions the kernel indexes. This is a deterministic code bug.",
                "https://github.com/utensils/mold/issues/543")
    return "cn14_xid31_follows_code_across_attempts", files, lab


CASES = [cn08, cn09, cn10, cn11, cn12, cn13, cn14]
