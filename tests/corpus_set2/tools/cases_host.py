"""Host-level problems: MCE/kernel panic, soft lockup, vanished node, DIMM loss."""

from scenario import *  # noqa
from cases_gpu import dmesg_boot_noise
from cases_net import ib_completion_warn, remote_error_block

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def vanished_node_fallout(
    job, dead_hi, t_dead, rng, nv, rails=(0, 3, 5), seq=None, op="ALLREDUCE", numel=(1, 1)
):
    """Peers on a few rails get IB retry-exceeded errors naming the dead node's IP, the rest time out."""
    died = {}
    for hi, h in enumerate(job.hosts):
        if hi == dead_hi:
            continue
        for l in rails:
            if rng.random() < 0.35:
                continue
            pp = job.pids[h][l]
            w, last = ib_completion_warn(
                h,
                pp,
                l,
                rng,
                job.ips[dead_hi],
                status=12,
                vendor=129,
                direction=rng.choice(["Send", "Recv"]),
            )
            r = job.rank(hi, l)
            job.logs[(hi, l)] += w
            td = t_dead + ms(rng.randint(15000, 21000))
            job.logs[(hi, l)] += remote_error_block(r, td, nv, last, rng)
            died[r] = td + ms(400)
    died.update(
        job.watchdog_cascade(
            t_dead - ms(300),
            seq,
            op,
            numel,
            skip=list(died.keys()) + [job.rank(dead_hi, l) for l in range(job.gpus)],
            early=died,
        )
    )
    return died


# ============================================================================
@case
def c42(rng):
    b = Bundle("c42_mce_kernel_panic_node_console")
    hosts = ["gpu-node-11", "gpu-node-12", "gpu-node-14", "gpu-node-15"]
    ips = ["10.16.0.211", "10.16.0.212", "10.16.0.214", "10.16.0.215"]
    t0 = T("2024-06-10 04:12:40")
    nv = "2.20.5+cuda12.4"
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="pretrain.py",
        nccl_version=nv,
        rank_file=lambda hi, l, r: "train_%s_%d.log" % (hosts[hi].split("-")[-1], l),
        agent_file="torchrun.log",
    )
    job.startup()
    dead = 2
    prog, t_last, _ = megatron_progress(
        t0 + sec(240), 50000, 410, 6.9, rng, every=10, gbs=1024, tflops=395.0, loss0=2.0
    )
    job.logs[(3, 7)] += prog
    t_dead = t_last + sec(4)
    # the dead node's last rank log line is cut mid-write
    job.logs[(dead, 4)].append(
        "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprec"
    )
    died = vanished_node_fallout(
        job,
        dead,
        t_dead,
        rng,
        nv,
        seq=2911300,
        op="_REDUCE_SCATTER_BASE",
        numel=(536870912, 16777216),
    )
    job.agents_after(died, skip_hosts=(dead,))
    job.emit()
    h = hosts[dead]
    boot = t0 - sec(183000)
    con = ["[%s] %s login: " % (iso(t0 - sec(86400)), h)]
    up = lambda t: dmesg_up(t, boot)
    con += [
        up(t_dead)
        + " mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: be00000000800400",
        up(t_dead)
        + " mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a8b2c31> {native_safe_halt+0x11/0x20}",
        up(t_dead)
        + " mce: [Hardware Error]: TSC 1b9f0c3e6f1a48 ADDR 3f8e2c1000 MISC 200000c020001086",
        up(t_dead)
        + " mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 4a microcode 2b0004d0"
        % int((t_dead - T("1970-01-01 00:00:00")).total_seconds()),
        up(t_dead) + " mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
        up(t_dead) + " mce: [Hardware Error]: Machine check: Processor context corrupt",
        up(t_dead) + " Kernel panic - not syncing: Fatal machine check",
        up(t_dead)
        + " Kernel Offset: 0x18800000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
        "",
        "[%s] (SOL) BIOS: Supermicro X13DEG-OAD  Version 2.1  Build Date 11/22/2023"
        % iso(t_dead + sec(340)),
        "[%s] (SOL) Previous boot: Fatal error, MCE logged to SEL" % iso(t_dead + sec(341)),
    ]
    b.add(h, "node_console.log", con)
    b.add(
        h,
        "ipmi_sel.txt",
        [
            " a11 | %s | Processor CPU1 | IERR | Asserted" % t_dead.strftime("%m/%d/%Y | %H:%M:%S"),
            " a12 | %s | Critical Interrupt #0xa1 | Bus Uncorrectable error | Asserted"
            % t_dead.strftime("%m/%d/%Y | %H:%M:%S"),
        ],
    )
    b.add(
        hosts[0],
        "sacct.txt",
        [
            "JobID|JobName|State|ExitCode|NodeList",
            "5512093|gpt-70b|NODE_FAIL|0:0|gpu-node-[11-12,14-15]",
            "5512093.0|torchrun|CANCELLED|0:15|gpu-node-[11-12,14-15]",
            "",
            "$ scontrol show node gpu-node-14 | grep -E 'State|Reason'",
            "   State=DOWN+NOT_RESPONDING ThreadsPerCore=2",
            "   Reason=Not responding [slurm@%s]" % slurm_ts(t_dead + sec(122)),
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        culprit(h, None),
        "restart_without_node",
        "gpu-node-14's logs simply stop; its BMC console shows a fatal machine check (CPU 37, processor context "
        "corrupt) and kernel panic at that moment, the SEL logs IERR, and Slurm marks it NOT_RESPONDING/NODE_FAIL. "
        "Peers report IB retry-exceeded errors against 10.16.0.214 and watchdog timeouts afterwards.",
        "http://advancedclustering.com/act-kb/what-are-machine-check-exceptions-or-mce",
        "Node vanishes mid-run; evidence only in BMC serial console + SEL; torchrun on that node never reports.",
    )
    return b


# ============================================================================
@case
def c43(rng):
    b = Bundle("c43_soft_lockup_unkillable_node")
    hosts = ["r5n01", "r5n02", "r5n03", "r5n04"]
    ips = ["10.5.5.1", "10.5.5.2", "10.5.5.3", "10.5.5.4"]
    t0 = T("2024-02-14 09:30:00")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train_gpt.py",
        torch_style="2.1",
        nccl_version="2.18.6+cuda12.1",
        rank_file=lambda hi, l, r: "rank%d.stderr" % r,
        agent_file="torchrun.stdout",
    )
    job.startup()
    bad = 2
    t = t0 + sec(150)
    for step in range(10, 5210, 10):
        t += sec(10 * 3.1 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append("%s step %d loss %.4f" % (pylog(t), step, 2.3 - step * 0.00005))
    t_lock = t + sec(9)
    died = job.watchdog_cascade(
        t_lock,
        52100,
        "ALLREDUCE",
        (1, 1),
        skip=[job.rank(bad, l) for l in range(8)],
        timeout_ms=1800000,
    )
    job.agents_after(died)
    job.emit()
    h = hosts[bad]
    boot = t0 - sec(86400 * 20)
    k = dmesg_boot_noise(boot, h, "journal", rng)
    tt = t_lock
    pid = job.pids[h][3]
    for n in range(7):
        cpu = [57, 57, 12, 57, 88, 12, 57][n]
        secs = [22, 48, 23, 74, 22, 49, 100][n]
        k.append(
            journald(tt, h)
            + " watchdog: BUG: soft lockup - CPU#%d stuck for %ds! [pt_main_thread:%d]"
            % (cpu, secs, pid + (n % 3))
        )
        if n == 0:
            k += [
                journald(tt, h)
                + " Modules linked in: nvidia_uvm(POE) nvidia_peermem(POE) nvidia_drm(POE) nvidia_modeset(POE) "
                "nvidia(POE) ib_ipoib(OE) rdma_ucm(OE) mlx5_ib(OE) ib_uverbs(OE) ib_core(OE) mlx5_core(OE) mlxfw(OE) lustre(OE) lnet(OE)",
                journald(tt, h)
                + " CPU: 57 PID: %d Comm: pt_main_thread Tainted: P           OEL     5.15.0-91-generic #101-Ubuntu"
                % pid,
                journald(tt, h) + " RIP: 0010:native_queued_spin_lock_slowpath+0x1c2/0x2f0",
                journald(tt, h) + " Call Trace:",
                journald(tt, h) + "  <IRQ>",
                journald(tt, h) + "  _raw_spin_lock_irqsave+0x39/0x50",
                journald(tt, h) + "  os_acquire_spinlock+0x12/0x30 [nvidia]",
                journald(tt, h) + "  _nv042398rm+0x38/0x70 [nvidia]",
                journald(tt, h) + "  </IRQ>",
            ]
        if n == 2:
            k.append(journald(tt + sec(2), h) + " rcu: INFO: rcu_sched self-detected stall on CPU")
            k.append(
                journald(tt + sec(2), h)
                + " rcu: \t57-....: (14998 ticks this GP) idle=2bd/1/0x4000000000000000 softirq=8812231/8812231 fqs=7331"
            )
        tt += sec(rng.randint(26, 60))
    k.append(
        journald(t_lock + sec(1900), h, "slurmstepd[%d]" % rng.randint(10000, 90000))
        + " error: *** STEP 6610022.0 STEPD TERMINATED ON r5n03 AT %s DUE TO JOB NOT ENDING WITH SIGNALS ***"
        % slurm_ts(t_lock + sec(1900))
    )
    k.append(
        journald(t_lock + sec(1901), h, "slurmd[2210]") + " error: Kill task failed, draining node"
    )
    b.add(h, "journal-kernel.txt", k)
    b.add(
        hosts[0],
        "sinfo_R.txt",
        [
            "REASON               USER      TIMESTAMP           NODELIST",
            "Kill task failed     root      %s r5n03" % slurm_ts(t_lock + sec(1901)),
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        culprit(h, None),
        "restart_without_node",
        "r5n03 goes into repeated soft lockups (CPU 57 stuck up to 100 s in the NVIDIA driver's spinlock) plus an RCU "
        "stall exactly when training stops; its ranks never log anything again and cannot be killed (Kill task failed, "
        "node drained). The 24 ranks elsewhere just time out 30 min later.",
        "https://github.com/deepspeedai/DeepSpeed/issues/925",
        "Host soft lockup; culprit node's rank logs are silent (no error at all); legacy torch log style.",
    )
    return b


# ============================================================================
@case
def c44(rng):
    b = Bundle("c44_node_vanished_logs_stop")
    hosts = ["h100-r4-n%02d" % i for i in range(13, 21)]
    ips = ["10.104.4.%d" % (40 + i) for i in range(8)]
    t0 = T("2024-08-08 18:02:12")
    nv = "2.21.5+cuda12.4"
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        nccl_version=nv,
        rank_file=lambda hi, l, r: "logs/%05d.log" % r,
        agent_file="logs/agent.log",
    )
    job.startup()
    dead = 6  # h100-r4-n19
    t = t0 + sec(200)
    for step in range(20, 16020, 20):
        t += sec(20 * 2.2 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "%s | step %6d | loss %.4f | mfu %.1f%%"
            % (iso(t), step, 2.2 - step * 0.00003, 44 + rng.uniform(-0.5, 0.5))
        )
    t_dead = t + sec(27)
    died = vanished_node_fallout(
        job,
        dead,
        t_dead,
        rng,
        nv,
        rails=(1, 2, 6),
        seq=733018,
        op="ALLREDUCE",
        numel=(33554432, 33554432),
    )
    job.agents_after(died, skip_hosts=(dead,))
    job.emit()
    h = hosts[dead]
    boot = t0 - sec(86400 * 2)
    # the node's persisted journal simply ends; nothing abnormal before
    j = dmesg_boot_noise(boot, h, "journal", rng)
    j += [
        journald(t_dead - sec(913), h, "systemd[1]")
        + " Starting Cleanup of Temporary Directories...",
        journald(t_dead - sec(912), h, "systemd[1]")
        + " systemd-tmpfiles-clean.service: Deactivated successfully.",
        journald(t_dead - sec(61), h, "chronyd[1711]")
        + " Selected source 10.104.0.1 (ntp1.cluster)",
    ]
    b.add(
        h,
        "journal_prev_boot.txt",
        ["-- Journal begins at %s, ends at %s. --" % (ctime(boot), ctime(t_dead - sec(61)))] + j,
    )
    b.add(
        hosts[0],
        "scontrol_node.txt",
        [
            "$ scontrol show node %s" % h,
            "NodeName=%s Arch=x86_64 CoresPerSocket=56" % h,
            "   State=DOWN* ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
            "   LastBusyTime=%s" % slurm_ts(t_dead),
            "   Reason=Not responding [slurm@%s]" % slurm_ts(t_dead + sec(300)),
            "",
            "$ ping -c 2 %s" % h,
            "2 packets transmitted, 0 received, 100% packet loss, time 1001ms",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        culprit(h, None),
        "restart_without_node",
        "Every log from h100-r4-n19 ends abruptly at the same moment without any error, its journal stops, Slurm "
        "marks it DOWN* Not responding and it does not answer ping; peers' IB errors name its IP 10.104.4.46. The "
        "node died (cause unknown) and must be excluded.",
        "https://manualsdump.com/en/manuals/hp-xc_system_2.x_software/285892/84",
        "Node disappears with no node-side error at all; only absence of logs + scheduler + peers' accusations.",
    )
    return b


# ============================================================================
@case
def c45(rng):
    b = Bundle("c45_host_oom_after_dimm_mapout")
    hosts = ["sxm-07", "sxm-08", "sxm-10"]
    ips = ["10.70.0.7", "10.70.0.8", "10.70.0.10"]
    t0 = T("2024-11-25 10:00:30")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train_zero3_offload.py",
        nccl_version="2.21.5+cuda12.4",
        rank_file=lambda hi, l, r: "r%d.txt" % r,
        agent_file="torchrun.txt",
    )
    job.startup()
    bad = 1
    t = t0 + sec(400)
    for step in range(5, 605, 5):
        t += sec(5 * 11.2 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[1.9e-05], mom=[(0.9, 0.95)]"
            % (pylog(t), step)
        )
    t_kill = t + sec(33)
    victim = job.rank(bad, 3)
    died = {victim: t_kill + ms(100)}
    died.update(
        job.watchdog_cascade(
            t_kill - sec(3),
            66102,
            "_ALLGATHER_BASE",
            (4718592, 113246208),
            skip=[job.rank(bad, l) for l in range(8)],
        )
    )
    job.agents_after(died, exitcodes={victim: -9})
    job.emit()
    h = hosts[bad]
    boot = t0 - sec(86400 * 1 + 2000)
    k = [
        journald(boot + sec(1), h) + " Linux version 5.15.0-122-generic (buildd@lcy02-amd64-034)",
        journald(boot + sec(1), h)
        + " BIOS-e820: [mem 0x0000000100000000-0x000000bf7fffffff] usable",
        journald(boot + sec(20), h)
        + " EDAC MC1: Giving out device to module skx_edac controller Skylake Socket#1 IMC#1: DEV 0000:d7:0c.0 (INTERRUPT)",
        journald(boot + sec(21), h)
        + " EDAC skx: ECC is disabled on imc 1 channel 2 (DIMM mapped out by BIOS: uncorrectable error on previous boot)",
        journald(boot + sec(21), h)
        + " EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f2e1c offset:0x0 grain:32 - err_code:0x0000:0x009f)",
        journald(t_kill - ms(40), h)
        + " pt_main_thread invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
        journald(t_kill - ms(39), h) + " Mem-Info:",
        journald(t_kill - ms(39), h)
        + " active_anon:371121043 inactive_anon:9120334 isolated_anon:0",
        journald(t_kill - ms(38), h)
        + " Out of memory: Killed process %d (pt_main_thread) total-vm:412339208kB, anon-rss:187241104kB, file-rss:1204kB, shmem-rss:8402012kB, UID:1044 pgtables:371220kB oom_score_adj:0"
        % job.pids[h][3],
        journald(t_kill + sec(1), h)
        + " oom_reaper: reaped process %d (pt_main_thread), now anon-rss:0kB, file-rss:0kB, shmem-rss:8402012kB"
        % job.pids[h][3],
    ]
    b.add(h, "kern.log", k)
    for hi, hh in enumerate(hosts):
        tot = 1548282712 if hi == bad else 2064377508
        b.add(
            hh,
            "meminfo.txt",
            [
                "MemTotal:       %d kB" % tot,
                "MemFree:        %d kB" % (tot * (0.01 if hi == bad else 0.27)),
                "MemAvailable:   %d kB" % (tot * (0.01 if hi == bad else 0.29)),
            ],
        )
    b.set_label(
        "host",
        "infrastructure",
        culprit(h, victim),
        "restart_without_node",
        "sxm-08 booted with a DIMM mapped out after an uncorrectable memory error (EDAC), leaving 1.5 TB instead of "
        "2 TB; the ZeRO-3 CPU-offload job fits on the 2 TB nodes but the kernel OOM killer SIGKILLs rank 11 on sxm-08. "
        "The node's degraded memory, not the job, is at fault.",
        "https://github.com/showlab/EgoVLP/issues/21",
        "Host OOM-killer on one node caused by a DIMM mapped out at boot; exit code -9 in the agent table.",
    )
    return b
