"""w18-w23: host faults: kernel panic, MCE, soft lockup/NotReady, power loss, host OOM killer."""

from common import (
    Bundle,
    Clock,
    Job,
    Log,
    boot_lines,
    fail_pattern,
    fmt_dmesg,
    hostnames,
    kernel_noise_uptime,
    progress,
    startup,
    sysfile,
    ts_py,
    ts_slurm,
    ts_syslog,
    ts_iso_ms,
)
from cases_gpu import _not_first


def w18_kernel_panic_serial_console(rng):
    b = Bundle("w18_kernel_panic_serial_console")
    hosts = hostnames(rng, "gpu-node", 4)
    job = Job(rng, hosts)
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 11000 + rng.uniform(0, 6000)
    progress(log, job, clock, rng, 100, T, 10, 3.9)
    bad = _not_first(rng, job)
    fail_pattern(
        log,
        job,
        clock,
        rng,
        T,
        bad,
        {},
        victims="remote",
        peer_ip=job.ip[bad],
        timeout_s=600,
        quiet_hosts=(bad,),
    )
    log.render(b, "torchrun")
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + (T if h == bad else T + 700), 12)
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "journal-kernel.txt")
        if h == bad:
            u = boot + T - 0.5
            con = [
                "%s %s" % ("[%12.6f]" % (u + i * 0.0001), s)
                for i, s in enumerate(
                    [
                        "BUG: unable to handle page fault for address: ffffb1c2c0a3f008",
                        "#PF: supervisor read access in kernel mode",
                        "#PF: error_code(0x0000) - not-present page",
                        "PGD 100000067 P4D 100000067 PUD 1001c6067 PMD 0",
                        "Oops: 0000 [#1] SMP NOPTI",
                        "CPU: 93 PID: 0 Comm: swapper/93 Tainted: P           OE     5.15.0-105-generic #115-Ubuntu",
                        "Hardware name: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 11/02/2023",
                        "RIP: 0010:nvme_irq+0x3c/0x1e0 [nvme]",
                        "Call Trace:",
                        " <IRQ>",
                        " __handle_irq_event_percpu+0x42/0x170",
                        " handle_irq_event+0x39/0x60",
                        " handle_edge_irq+0x8c/0x230",
                        " </IRQ>",
                        "Kernel panic - not syncing: Fatal exception in interrupt",
                        "Kernel Offset: 0x2a800000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)",
                        "---[ end Kernel panic - not syncing: Fatal exception in interrupt ]---",
                    ]
                )
            ]
            sysfile(
                b,
                h,
                [
                    "[conman] console %s attached %s"
                    % (h, clock.t(-5000).strftime("%Y-%m-%d %H:%M:%S"))
                ]
                + con
                + [
                    "[conman] console %s: BMC reports power cycle at %s"
                    % (h, clock.t(T + 420).strftime("%Y-%m-%d %H:%M:%S"))
                ],
                "serial-console.log",
            )
    b.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "%s's training log and journal stop without an error at the moment the peers start reporting "
        "remote errors against %s; its serial console shows an Oops in nvme_irq and 'Kernel panic - not "
        "syncing'. The node crashed; restart without it." % (bad, job.ip[bad]),
        "https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/issues/138",
    )
    return b


def w19_mce_fatal_slurm_node_fail(rng):
    b = Bundle("w19_mce_fatal_slurm_node_fail")
    hosts = hostnames(rng, "nid", 6)
    job = Job(rng, hosts, gpn=4, order=sorted(hosts), torch2=False, nccl="2.14.3+cuda11.7")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(5000000, 6000000)
    T = 30000 + rng.uniform(0, 10000)
    progress(log, job, clock, rng, 100, T, 100, 1.9, style="simple")
    bad = rng.choice(job.order[2:])
    seq = rng.randint(10000, 50000)
    for h in job.order:
        if h == bad:
            continue
        r = job.rank(h, rng.randint(0, 3))
        tt = T + 1800 + rng.random()
        log.add(clock.t(tt), h, r, job.watchdog(clock.t(tt), r, seq, timeout_ms=1800000))
    log.add(clock.t(T + 330), job.order[0], None, "srun: error: Node failure on %s" % bad)
    log.add(
        clock.t(T + 331),
        job.order[0],
        None,
        "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO NODE "
        "FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***"
        % (jobid, job.order[0], ts_slurm(clock.t(T + 331))),
    )
    log.add(
        clock.t(T + 331.5),
        job.order[0],
        None,
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    )
    log.add(
        clock.t(T + 364),
        job.order[0],
        None,
        "srun: error: Timed out waiting for job step to complete",
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        if h != bad:
            k = kernel_noise_uptime(rng, boot - 2000, boot + T + 400, 10)
            sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "journalctl-k.txt")
            continue
        k = kernel_noise_uptime(rng, boot - 2000, boot + T - 10, 8)
        u = boot + T - 0.2
        cpu = rng.randint(20, 90)
        k += [
            (
                u,
                "mce: [Hardware Error]: CPU %d: Machine Check Exception: 5 Bank 13: be00000000800400"
                % cpu,
            ),
            (
                u,
                "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff8a2b1c55> {native_safe_halt+0x5/0x10}",
            ),
            (
                u,
                "mce: [Hardware Error]: TSC 0 ADDR 3f9e1c40 MISC 200001c020000086 SYND 4d000000 IPID 9600350f00",
            ),
            (
                u,
                "mce: [Hardware Error]: PROCESSOR 2:a10f11 TIME %d SOCKET 1 APIC 4a microcode a10113e"
                % rng.randint(1700000000, 1720000000),
            ),
            (u, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
            (u, "Kernel panic - not syncing: Fatal machine check"),
        ]
        prev = fmt_dmesg(k, "journal", clock, boot, host=h)
        boot2 = 95.0
        t2 = T + 600
        k2 = boot_lines(rng, 4) + [
            (40.2, "mce: [Hardware Error]: Machine check events logged"),
            (
                40.3,
                "EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 "
                "page:0x3f9e1c offset:0x40 grain:32 - err_code:0x0000:0x009f)",
            ),
        ]
        cur = fmt_dmesg(k2, "journal", clock, -t2 + 0.0, host=h)
        sysfile(
            b,
            h,
            ["-- Boot 3c1f7e0a2b9d4e61a0c5d8f1e2b3a4c5 --"]
            + prev
            + ["-- Boot 9a8b7c6d5e4f40312a1b0c9d8e7f6a5b --"]
            + cur,
            "journalctl-k.txt",
        )
    ctld = [
        "[%s] sched: Allocate JobId=%d NodeList=nid[%s-%s] #CPUs=%d Partition=gpu"
        % (ts_slurm(clock.t(-60)), jobid, job.order[0][3:], job.order[-1][3:], 64 * len(job.order)),
        "[%s] error: Nodes %s not responding" % (ts_slurm(clock.t(T + 120)), bad),
        "[%s] error: Nodes %s not responding, setting DOWN" % (ts_slurm(clock.t(T + 320)), bad),
        "[%s] Killing JobId=%d on failed node %s" % (ts_slurm(clock.t(T + 330)), jobid, bad),
        "[%s] _job_complete: JobId=%d WEXITSTATUS 0" % (ts_slurm(clock.t(T + 364)), jobid),
        "[%s] _job_complete: JobId=%d done" % (ts_slurm(clock.t(T + 364)), jobid),
    ]
    sysfile(b, job.order[0], ctld, "slurmctld-excerpt.log")
    b.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Slurm cancels the step DUE TO NODE FAILURE of %s. Its previous-boot journal ends with an "
        "uncorrected Machine Check Exception and 'Kernel panic - not syncing: Fatal machine check', and after "
        "reboot EDAC reports a UE on a DIMM. The other ranks only time out." % bad,
        "https://github.com/ovro-lwa/lwa-issues/issues/117",
    )
    return b


def w20_soft_lockup_node_notready(rng):
    b = Bundle("w20_soft_lockup_node_notready")
    hosts = hostnames(rng, "gke", 4)
    job = Job(rng, hosts)
    clock = Clock(rng)
    log = Log(job)
    pods = {
        h: "train-gpt-%s-%d" % ("master" if job.node_rank(h) == 0 else "worker", job.node_rank(h))
        for h in job.order
    }
    startup(log, job, clock, every=8, net="Socket")
    T = 6000 + rng.uniform(0, 4000)
    progress(log, job, clock, rng, 60, T, 10, 2.5, style="simple")
    bad = _not_first(rng, job)
    fail_pattern(
        log, job, clock, rng, T, bad, {}, victims="watchdog", timeout_s=1800, quiet_hosts=(bad,)
    )
    log.render(b, "k8s", pod_fmt=lambda h: pods[h])
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 2000, boot + T + 1900, 10)
        if h == bad:
            u = boot + T - 120
            for i in range(9):
                cpu = rng.choice([12, 33, 61, 87, 101])
                k.append(
                    (
                        u + i * 28,
                        "watchdog: BUG: soft lockup - CPU#%d stuck for %ds! [pt_data_worker:%d]"
                        % (cpu, 22 + i % 5, job.pid[(h, 3)] + 40 + i),
                    )
                )
            k += [
                (u + 60, "rcu: INFO: rcu_sched self-detected stall on CPU"),
                (
                    u + 60,
                    "rcu: \t61-....: (14999 ticks this GP) idle=8a6/1/0x4000000000000000 softirq=1839/1839 fqs=7421",
                ),
                (u + 200, "INFO: task kubelet:2281 blocked for more than 120 seconds."),
                (u + 200, "      Tainted: P           OEL    6.1.58+ #1"),
                (
                    u + 200,
                    '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.',
                ),
            ]
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
    ev = [
        "LAST SEEN   TYPE      REASON                   OBJECT                  MESSAGE",
        "%-11s Warning   KernelDeadlock           node/%s   kernel: watchdog: BUG: soft lockup - CPU#61 stuck for 23s!"
        % ("38m", bad),
        "%-11s Normal    NodeNotReady             node/%s   Node %s status is now: NodeNotReady"
        % ("33m", bad, bad),
        "%-11s Warning   NodeNotReady             pod/%s   Node is not ready" % ("33m", pods[bad]),
        "%-11s Normal    TaintManagerEviction     pod/%s   Marking for deletion Pod default/%s"
        % ("28m", pods[bad], pods[bad]),
        "%-11s Warning   FailedKillPod            pod/%s   error killing pod: context deadline exceeded"
        % ("27m", pods[bad]),
    ]
    sysfile(b, job.order[0], ev, "kubectl-get-events.txt")
    desc = [
        "Name:               %s" % bad,
        "Taints:             node.kubernetes.io/unreachable:NoExecute",
        "                    node.kubernetes.io/unreachable:NoSchedule",
        "Conditions:",
        "  Type             Status    LastHeartbeatTime                 Reason              Message",
        "  KernelDeadlock   True      %s   SoftLockup          kernel: BUG: soft lockup - CPUs stuck"
        % ts_iso_ms(clock.t(T - 60)),
        "  Ready            Unknown   %s   NodeStatusUnknown   Kubelet stopped posting node status."
        % ts_iso_ms(clock.t(T - 30)),
    ]
    sysfile(b, job.order[0], desc, "kubectl-describe-node-%s.txt" % bad)
    b.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "%s logs repeated soft lockups and an RCU stall, kubelet hangs and the node goes NotReady "
        "(node-problem-detector KernelDeadlock=True); its pod stops logging and everyone else times out."
        % bad,
        "https://github.com/awslabs/amazon-eks-ami/issues/454",
    )
    return b


def w21_power_loss_logs_stop(rng):
    b = Bundle("w21_power_loss_logs_stop")
    hosts = hostnames(rng, "dgx", 3)
    job = Job(rng, hosts, nccl="2.21.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 50000 + rng.uniform(0, 8000)
    progress(log, job, clock, rng, 100, T, 10, 7.7, rank=job.ranks_of(job.order[0])[-1])
    bad = _not_first(rng, job)
    # the culprit's own progress-style line is cut mid-write
    r_bad = job.ranks_of(bad)[0]
    log.add(
        clock.t(T - 0.01),
        bad,
        r_bad,
        "[rank%d]: %s | DEBUG | ckpt | async shard writer: flushed 3/8 shards ("
        % (r_bad, ts_py(clock.t(T - 0.01))),
    )
    fail_pattern(
        log, job, clock, rng, T, bad, {}, victims="watchdog", timeout_s=900, quiet_hosts=(bad,)
    )
    log.render(b, "torchrun", fname="torchrun.out")
    # cut the last line of the culprit's file (no trailing newline) -> append raw
    path = "%s/torchrun.out" % bad
    txt, gz = b.files[path]
    b.files[path] = (txt.rstrip("\n"), gz)
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        if h != bad:
            k = kernel_noise_uptime(rng, boot - 3000, boot + T + 1000, 10)
            sysfile(b, h, fmt_dmesg(k, "syslog", clock, boot, host=h), "syslog")
            continue
        k = kernel_noise_uptime(rng, boot - 3000, boot + T - 2, 10)
        pre = fmt_dmesg(k, "syslog", clock, boot, host=h)
        pre.append(
            "%s %s systemd[1]: Started Session 5521 of User slurm." % (ts_syslog(clock.t(T - 1)), h)
        )
        post = fmt_dmesg(boot_lines(rng), "syslog", clock, -(T + 2400), host=h)
        post.insert(
            0,
            "%s %s systemd-journald[702]: File /var/log/journal/4c1e/system.journal corrupted or uncleanly "
            "shut down, renaming and replacing." % (ts_syslog(clock.t(T + 2402)), h),
        )
        sysfile(b, h, pre + post, "syslog")
        sysfile(
            b,
            h,
            [
                "$ last -x | head -4",
                "reboot   system boot  5.15.0-105-gener %s   still running"
                % clock.t(T + 2400).strftime("%a %b %d %H:%M"),
                "runlevel (to lvl 5)   5.15.0-105-gener %s - crash"
                % clock.t(-boot + 30).strftime("%a %b %d %H:%M"),
                "reboot   system boot  5.15.0-105-gener %s - crash"
                % clock.t(-boot).strftime("%a %b %d %H:%M"),
            ],
            "last-x.txt",
        )
    b.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "%s's logs stop mid-line with no error, no panic and no shutdown sequence; 40 minutes later it boots "
        "again with an uncleanly shut down journal and 'last -x' records a crash. Everyone else times out "
        "waiting for it: a power loss/reset of that node." % bad,
        "https://github.com/kaldi-asr/kaldi/issues/3111",
    )
    return b


def _oom_dump(h, victim_pid, victim_name, procs, total_kb=2113929216):
    out = [
        "%s invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"
        % victim_name,
        "Mem-Info:",
        "active_anon:%d inactive_anon:%d isolated_anon:0" % (total_kb // 5, total_kb // 9),
        "Tasks state (memory values in pages):",
        "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
    ]
    for pid, uid, rss, name in procs:
        out.append(
            "[%7d] %5d %7d %8d %8d %14d        0             0 %s"
            % (pid, uid, pid, rss * 2, rss, rss // 50, name)
        )
    out.append(
        "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,"
        "task_memcg=/system.slice/slurmstepd.scope/job_1/step_0,task=%s,pid=%d,uid=%d"
        % (victim_name, victim_pid, 1000)
    )
    rss = [p for p in procs if p[0] == victim_pid][0][2]
    out.append(
        "Out of memory: Killed process %d (%s) total-vm:%dkB, anon-rss:%dkB, file-rss:51200kB, shmem-rss:0kB, "
        "UID:1000 pgtables:%dkB oom_score_adj:0"
        % (victim_pid, victim_name, rss * 8, rss * 4, rss // 100)
    )
    return out


def w22_host_oom_dataloader_leak(rng):
    b = Bundle("w22_host_oom_dataloader_leak")
    hosts = hostnames(rng, "compute", 3)
    clock = Clock(rng)
    step_oom = rng.randint(4100, 4300)
    for attempt in (0, 1):
        order = list(hosts)
        rng.shuffle(order)
        job = Job(rng, hosts, order=order, nccl="2.20.5+cuda12.4")
        log = Log(job)
        base = "attempt_%d" % attempt
        off = attempt * 20000
        startup(log, job, clock, t=off, every=8)
        T = off + 60 + (step_oom + rng.randint(-40, 40)) * 2.2
        progress(log, job, clock, rng, off + 60, T, 0, 2.2, style="simple", total=50000)
        bad = order[(1 + attempt) % 3]
        loc = rng.randint(0, 7)
        r = job.rank(bad, loc)
        wpid = job.pid[(bad, loc)] + 1000 + rng.randint(0, 200)
        lines = [
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1133, '
            "in _try_get_data" % r,
            "[rank%d]:     data = self._data_queue.get(timeout=timeout)" % r,
            "[rank%d]: RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. "
            % (r, wpid),
        ]
        fail_pattern(
            log,
            job,
            clock,
            rng,
            T,
            bad,
            {loc: lines},
            culprit_locals=(loc,),
            victims="watchdog",
            timeout_s=600,
            culprit_exit=1,
        )
        log.render(b, "tee", base=base, fname="train.log")
        for h in order:
            boot = rng.uniform(100000, 800000)
            k = kernel_noise_uptime(rng, boot - 2000, boot + (T - off) + 700, 8)
            lines_k = fmt_dmesg(k, "T", clock, boot - off)
            if h == bad:
                procs = [
                    (job.pid[(h, l)], 1000, 21000000 + rng.randint(0, 900000), "pt_main_thread")
                    for l in range(8)
                ]
                procs += [
                    (
                        job.pid[(h, l)] + 1000 + i,
                        1000,
                        5200000 + rng.randint(0, 800000),
                        "pt_data_worker",
                    )
                    for l in range(8)
                    for i in range(0, 8, 3)
                ]
                procs.append((wpid, 1000, 6900000, "pt_data_worker"))
                procs.append((1403, 0, 21000, "dcgm-exporter"))
                dump = _oom_dump(h, wpid, "pt_data_worker", procs)
                lines_k += [
                    "%s %s" % ("[%s]" % clock.t(T - 0.5).strftime("%a %b %d %H:%M:%S %Y"), s)
                    for s in dump
                ]
            sysfile(b, h, lines_k, "dmesg.txt", base=base)
            mem = ["time                 total   used   free  buff/cache  (GiB)"]
            for i in range(8):
                tt = off + 60 + (T - off - 60) * i / 7.0
                used = 310 + (1880 - 310) * (i / 7.0) ** 1.1 + rng.uniform(-10, 10)
                mem.append(
                    "%s  2015  %5.0f  %5.0f  %5.0f"
                    % (clock.t(tt).strftime("%Y-%m-%dT%H:%M:%S"), used, 2015 - used - 60, 60)
                )
            sysfile(b, h, mem, "free-g.log", base=base)
    b.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "Both attempts die near step %d when the kernel OOM killer kills a DataLoader worker, on a different "
        "node each time; host memory on every node climbs linearly from ~300 GiB to ~1.9 TiB over the run. "
        "The job's own data pipeline is leaking host memory: restarting will hit it again, fix the loader "
        "(workers/prefetch/copy-on-access)." % step_oom,
        "https://github.com/pytorch/pytorch/issues/13246",
    )
    return b


def w23_host_oom_stray_process(rng):
    b = Bundle("w23_host_oom_stray_process")
    hosts = hostnames(rng, "nid", 4)
    job = Job(rng, hosts, order=sorted(hosts), nccl="2.20.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(3000000, 3900000)
    for r in range(0, job.world, 8):
        h, l = job.where(r)
        log.add(
            clock.t(4),
            h,
            r,
            "%s | INFO | setup | rank %d on %s: host mem total 2015 GiB, available 1944 GiB"
            % (ts_py(clock.t(4)), r, h),
        )
    T = 9000 + rng.uniform(0, 3000)
    progress(log, job, clock, rng, 60, T, 10, 4.4)
    bad = job.order[2]
    loc = rng.randint(0, 7)
    r = job.rank(bad, loc)
    fail_pattern(
        log,
        job,
        clock,
        rng,
        T,
        bad,
        {loc: []},
        culprit_locals=(loc,),
        victims="watchdog",
        timeout_s=600,
        mode="slurm",
        jobid=jobid,
        culprit_exit=-9,
    )
    log.add(
        clock.t(T + 0.6),
        bad,
        None,
        "slurmstepd: error: Detected 1 oom_kill event in StepId=%d.0. Some of the step "
        "tasks have been OOM Killed." % jobid,
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 700, 10)
        lines_k = fmt_dmesg(k, "journal", clock, boot, host=h)
        if h == bad:
            procs = [
                (job.pid[(h, l)], 31337, 14000000 + rng.randint(0, 900000), "python")
                for l in range(8)
            ]
            stray = rng.randint(100000, 200000)
            procs.append((stray, 28811, 380000000, "python"))
            procs.append((1220, 0, 40000, "slurmd"))
            dump = _oom_dump(h, job.pid[(h, loc)], "python", procs)
            lines_k += ["%s %s kernel: %s" % (ts_syslog(clock.t(T - 0.3)), h, s) for s in dump]
            ps = [
                "$ ps -eo pid,user,etime,rss,cmd --sort=-rss | head -5 (epilog)",
                "    PID USER         ELAPSED    RSS CMD",
                " %6d olduser   3-02:11:45 1520000000 python eval_retrieval.py --index /dev/shm/faiss_ivf_pq.index"
                % stray,
                "   1220 root      41-09:00:12  160000 /usr/sbin/slurmd -D",
                "   1403 root      41-09:00:11   84000 /usr/bin/dcgm-exporter",
            ]
            sysfile(b, h, ps, "epilog-ps.txt")
            sysfile(
                b,
                h,
                [
                    "$ squeue -w %s" % h,
                    "JOBID PARTITION NAME USER ST TIME NODES NODELIST(REASON)",
                    "%d gpu pretrain trainer R %s 4 nid[...]" % (jobid, "2:31:07"),
                ],
                "epilog-squeue.txt",
            )
        sysfile(b, h, lines_k, "journalctl-k.log")
    b.label(
        "host",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "The kernel OOM killer killed rank %d's process on %s, but the task list shows a 3-day-old python "
        "process of another user (uid 28811, not in any Slurm job) holding ~1.4 TiB; the job's own ranks "
        "use ~55 GiB each, the same as on the other nodes. A leftover process on that node: restart without "
        "it (and clean the node)." % (r, bad),
        "https://github.com/ArjunaCluster/ArjunaUsers/issues/137",
    )
    return b


CASES = [
    w18_kernel_panic_serial_console,
    w19_mce_fatal_slurm_node_fail,
    w20_soft_lockup_node_notready,
    w21_power_loss_logs_stop,
    w22_host_oom_dataloader_leak,
    w23_host_oom_stray_process,
]
