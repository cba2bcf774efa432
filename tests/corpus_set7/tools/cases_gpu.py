"""w01-w07: GPU hardware and GPU memory (XIDs, ECC, row remapping), with red herrings."""

from common import (
    Bundle,
    Clock,
    Job,
    Log,
    PCI,
    boot_lines,
    fail_pattern,
    fmt_dmesg,
    hostnames,
    kernel_noise_uptime,
    progress,
    smi_q,
    smi_table,
    startup,
    sysfile,
    ts_glog,
    ts_py,
    ts_slurm,
    ts_iso_ms,
)


def _not_first(rng, job):
    """A host that is neither alphabetically first nor node_rank 0."""
    cands = [h for h in job.order if h != sorted(job.hosts)[0] and h != job.order[0]]
    return rng.choice(cands)


def _xid(pci, code, pid, name, msg):
    if pid is None:
        return "NVRM: Xid (PCI:%s): %d, pid='<unknown>', name=<unknown>, %s" % (pci, code, msg)
    return "NVRM: Xid (PCI:%s): %d, pid=%d, name=%s, %s" % (pci, code, pid, name, msg)


def _healthy_smi(clock, t, n=8, util=0, mem=0):
    return smi_q(clock.t(t), [dict(i=i, pci=PCI[i], util=util, mem_used=mem) for i in range(n)])


def w01_xid79_fallen_off_bus(rng):
    b = Bundle("w01_xid79_fallen_off_bus")
    hosts = hostnames(rng, "gpu-node", 4)
    job = Job(rng, hosts, nccl="2.21.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=4)
    T = 5400 + rng.uniform(0, 900)
    progress(log, job, clock, rng, 120, T, 10, 4.2)
    bad = _not_first(rng, job)
    loc = rng.randint(1, 7)
    r = job.rank(bad, loc)
    lines = job.cuda_error_trace(r, "unknown error", where="torch.cuda.synchronize()")
    lines += [
        "[rank%d]:[E%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process "
        "group watchdog thread terminated with exception: CUDA error: unknown error"
        % (r, ts_glog(clock.t(T + 0.3), ns=True), r)
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
    log.render(b, "torchrun")
    for h in job.order:
        boot = rng.uniform(200000, 900000)
        k = boot_lines(rng) + kernel_noise_uptime(rng, boot - 4000, boot + T + 700, 14)
        if h == bad:
            p = PCI[loc]
            k += [
                (
                    boot + T - 0.6,
                    "NVRM: GPU at PCI:%s: GPU-%08x-8c1d-4e0b-9a3f-5e6b%08x"
                    % (p, 0x7A1F0000 + loc, loc),
                ),
                (
                    boot + T - 0.6,
                    "NVRM: GPU Board Serial Number: 1652324%06d" % rng.randint(0, 999999),
                ),
                (boot + T - 0.6, _xid(p, 79, None, None, "GPU has fallen off the bus.")),
                (boot + T - 0.6, "NVRM: GPU %s.0: GPU has fallen off the bus." % p),
                (
                    boot + T - 0.5,
                    "NVRM: A GPU crash dump has been created. If possible, please run",
                ),
                (boot + T - 0.5, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                (boot + T - 0.5, "NVRM: the NVIDIA kernel module is unloaded."),
            ]
        else:
            # red herring: preemptive-cleanup XIDs when the victims are killed
            for l in range(0, 8, 3):
                k.append(
                    (
                        boot + T + 605 + l * 0.01,
                        _xid(
                            PCI[l],
                            45,
                            job.pid[(h, l)],
                            "pt_main_thread",
                            "Ch 0000000%d, errorString CTX SWITCH, Info 0x0" % (l + 1),
                        ),
                    )
                )
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
    out = ["$ nvidia-smi"]
    out.append("Unable to determine the device handle for GPU%s.0: Unknown Error" % PCI[loc])
    out.append("No devices were found")
    sysfile(b, bad, out, "nvidia-smi.txt")
    b.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "Xid 79 (GPU fallen off the bus) on %s GPU %s at the moment rank %d hit 'CUDA error: unknown "
        "error'; all other ranks only time out in the watchdog and their Xid 45s are cleanup after "
        "SIGTERM. The GPU needs a node reboot/RMA, so restart without the node."
        % (bad, PCI[loc], r),
        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507",
    )
    return b


def w02_xid48_dbe_remap_failure(rng):
    b = Bundle("w02_xid48_dbe_remap_failure")
    hosts = hostnames(rng, "nid", 3)
    job = Job(rng, hosts, gpn=4, order=sorted(hosts)[::-1], torch2=False, nccl="2.14.3+cuda11.7")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(1200000, 1900000)
    log.add(
        clock.t(0),
        job.order[0],
        None,
        [
            "+ srun -l --ntasks-per-node=4 --gpus-per-task=1 python pretrain.py "
            "--config cfg/gpt_6b.yaml",
            "MASTER_ADDR=%s MASTER_PORT=29400" % job.order[0],
        ],
    )
    for r in range(job.world):
        h, l = job.where(r)
        log.add(
            clock.t(6 + r * 0.05),
            h,
            r,
            "%s | INFO | dist | initialized rank %d/%d on %s cuda:%d"
            % (ts_py(clock.t(6 + r * 0.05)), r, job.world, h, l),
        )
    T = 22000 + rng.uniform(0, 4000)
    progress(log, job, clock, rng, 90, T, 100, 2.7, style="simple")
    bad = job.order[1]
    loc = rng.randint(0, 3)
    r = job.rank(bad, loc)
    lines = job.cuda_error_trace(
        r, "uncorrectable ECC error encountered", where="scaler.scale(loss).backward()"
    )
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
        timeout_s=1800,
        mode="slurm",
        jobid=jobid,
    )
    log.add(
        clock.t(T + 1805),
        job.order[0],
        None,
        "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s ***"
        % (jobid, job.order[0], ts_slurm(clock.t(T + 1805))),
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        boot = rng.uniform(50000, 400000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 1800, 10)
        if h == bad:
            p = PCI[4 + loc]
            pid = job.pid[(h, loc)]
            k += [
                (
                    boot + T - 0.2,
                    _xid(
                        p,
                        48,
                        pid,
                        "python",
                        "An uncorrectable double bit error (DBE) has been "
                        "detected on GPU in the framebuffer at partition 5, subpartition 1.",
                    ),
                ),
                (
                    boot + T - 0.1,
                    _xid(
                        p,
                        64,
                        pid,
                        "python",
                        "Row Remapper Error: failed to remap row, "
                        "no spare rows left in bank (0x00002e4f).",
                    ),
                ),
                (
                    boot + T + 0.4,
                    _xid(p, 45, pid, "python", "Ch 00000010, errorString CTX SWITCH, Info 0x0"),
                ),
            ]
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "journalctl-k.log")
    gpus = []
    for i in range(4):
        g = dict(i=i, pci=PCI[4 + i], name="NVIDIA A100-SXM4-80GB", max_sm=1410, clock_sm=1410)
        if i == loc:
            g.update(ecc_vol_unc=2, ecc_agg_unc=9, remap_unc=7, pending="No", failure="Yes")
        gpus.append(g)
    sysfile(
        b,
        bad,
        ["### epilog health snapshot job %d" % jobid] + smi_q(clock.t(T + 1900), gpus),
        "epilog-nvidia-smi-q.txt",
    )
    # other node: a correctable remap, nothing pending (red herring)
    other = job.order[2]
    g2 = [
        dict(
            i=i,
            pci=PCI[4 + i],
            name="NVIDIA A100-SXM4-80GB",
            max_sm=1410,
            clock_sm=1410,
            remap_cor=1 if i == 2 else 0,
            ecc_vol_cor=12 if i == 2 else 0,
        )
        for i in range(4)
    ]
    sysfile(
        b,
        other,
        ["### epilog health snapshot job %d" % jobid] + smi_q(clock.t(T + 1900), g2),
        "epilog-nvidia-smi-q.txt",
    )
    b.label(
        "gpu_memory",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "Xid 48 double-bit ECC on %s GPU %d at the time rank %d died with 'uncorrectable ECC error "
        "encountered', followed by Xid 64 and 'Remapping Failure Occurred: Yes' in the epilog: the GPU "
        "has run out of spare rows and needs RMA. The correctable remap on %s is benign."
        % (bad, loc, r, other),
        "https://github.com/aws/eks-node-monitoring-agent/issues/245",
    )
    return b


def w03_xid95_uncontained_ecc(rng):
    b = Bundle("w03_xid95_uncontained_ecc")
    hosts = hostnames(rng, "gke", 4)
    order = list(hosts)
    rng.shuffle(order)
    job = Job(rng, hosts, order=order)
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 9000 + rng.uniform(0, 3000)
    progress(log, job, clock, rng, 100, T, 20, 3.1)
    bad = _not_first(rng, job)
    loc = rng.randint(0, 7)
    r = job.rank(bad, loc)
    culprit = {
        loc: job.cuda_error_trace(
            r, "uncorrectable ECC error encountered", where="out = self.mlp(x)"
        )
    }
    for l in range(8):
        if l != loc:
            culprit.setdefault(l, [])
    fail_pattern(
        log,
        job,
        clock,
        rng,
        T,
        bad,
        {loc: culprit[loc]},
        culprit_locals=(loc,),
        victims="watchdog",
        timeout_s=900,
    )
    for l in range(8):
        if l != loc:
            rr = job.rank(bad, l)
            log.add(
                clock.t(T + 0.3 + l * 0.01),
                bad,
                rr,
                job.unhandled_cuda(rr, "unspecified launch failure"),
            )
    pods = {h: "llm-pretrain-worker-%d" % job.node_rank(h) for h in job.order}
    log.render(b, "k8s", pod_fmt=lambda h: "pod-%s" % pods[h])
    for h in job.order:
        boot = rng.uniform(80000, 600000)
        k = kernel_noise_uptime(rng, boot - 2000, boot + T + 950, 10)
        if h == bad:
            p = PCI[loc]
            k += [
                (
                    boot + T - 0.3,
                    _xid(
                        p,
                        95,
                        job.pid[(h, loc)],
                        "pt_main_thread",
                        "Uncontained: FBHUB. RST: Yes, D-RST: No",
                    ),
                ),
                (
                    boot + T - 0.2,
                    "NVRM: GPU %s.0: GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset "
                    "Required)" % p,
                ),
            ]
            for l in range(8):
                k.append(
                    (
                        boot + T + 0.1 + l * 0.001,
                        _xid(
                            PCI[l],
                            45,
                            job.pid[(h, l)],
                            "pt_main_thread",
                            "Ch 00000008, errorString CTX SWITCH, Info 0x0",
                        ),
                    )
                )
        sysfile(b, h, fmt_dmesg(k, "iso", clock, boot, host=h), "kernel.log")
    ev = [
        "LAST SEEN   TYPE      REASON                 OBJECT                                   MESSAGE"
    ]
    ev.append(
        "41m         Normal    Scheduled              pod/%s   Successfully assigned default/%s to %s"
        % (pods[bad], pods[bad], bad)
    )
    ev.append(
        "2m          Warning   GpuXidError            node/%s   Xid 95 on GPU-%d (uncontained ECC), "
        "recovery action: GPU Reset Required" % (bad, loc)
    )
    ev.append(
        "1m          Normal    Killing                pod/%s   Stopping container pytorch"
        % pods[job.order[0]]
    )
    ev.append(
        "58s         Warning   BackOff                pod/%s   Back-off restarting failed container"
        % pods[bad]
    )
    sysfile(b, job.order[0], ev, "kubectl-get-events.txt")
    b.label(
        "gpu_memory",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "Xid 95 (uncontained ECC) on %s GPU index %d, the GPU of rank %d which raised 'uncorrectable ECC "
        "error encountered'; the other ranks on that node fail with unhandled cuda errors after the "
        "driver tears down channels (Xid 45). The driver asks for a GPU reset, so restart without the "
        "node until it is reset and checked." % (bad, loc, r),
        "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html",
    )
    return b


def w04_xid31_illegal_address_user_bug(rng):
    b = Bundle("w04_xid31_illegal_address_user_bug")
    hosts = hostnames(rng, "rack", 3)
    clock = Clock(rng)
    step_bad = rng.choice([1840, 2210, 3170])
    for attempt, nodes in ((0, hosts[:2]), (1, [hosts[2], hosts[0]])):
        job = Job(rng, nodes, order=list(nodes), nccl="2.18.6+cuda12.1")
        log = Log(job)
        head = nodes[0]
        base = "attempt_%d" % attempt
        log.add(
            clock.t(0),
            head,
            None,
            [
                "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s "
                "deepspeed train_moe.py --deepspeed ds_z2.json"
                % (ts_py(clock.t(0)), ",".join(nodes))
            ],
        )
        for h in nodes:
            log.add(
                clock.t(3),
                h,
                None,
                "[%s] [INFO] [launch.py:256:main] process %d spawned with command: "
                "['/usr/bin/python3', '-u', 'train_moe.py', '--local_rank=0']"
                % (ts_py(clock.t(3)), job.pid[(h, 0)]),
            )
        t_off = attempt * 30000
        T = 200 + step_bad * 1.9
        for s in range(0, step_bad, 50):
            tt = 200 + s * 1.9
            log.add(
                clock.t(t_off + tt),
                head,
                0,
                "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, "
                "skipped=0, lr=[0.0002], mom=[(0.9, 0.95)]" % (ts_py(clock.t(t_off + tt)), s),
            )
        bad = nodes[1]
        loc = rng.randint(0, 7)
        r = job.rank(bad, loc)
        lines = [
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/workspace/moe/router.py", line 144, in dispatch' % r,
            "[rank%d]:     expert_inputs = tokens.index_select(0, token_perm)" % r,
            "[rank%d]: RuntimeError: CUDA error: an illegal memory access was encountered" % r,
            "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the "
            "stacktrace below might be incorrect." % r,
            "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1." % r,
        ]
        fail_pattern(
            log,
            job,
            clock,
            rng,
            t_off + T,
            bad,
            {loc: lines},
            culprit_locals=(loc,),
            victims="watchdog",
            timeout_s=600,
            mode="bare",
        )
        log.add(
            clock.t(t_off + T + 2),
            head,
            None,
            "[%s] [INFO] [launch.py:351:main] Process %d exits with "
            "return code = 1" % (ts_py(clock.t(t_off + T + 2)), job.pid[(bad, loc)]),
        )
        log.add(
            clock.t(t_off + T + 3),
            head,
            None,
            "pdsh@%s: %s: ssh exited with exit code 1" % (head, bad),
        )
        log.render(b, "pdsh", base=base, head=head)
        for h in nodes:
            boot = rng.uniform(10000, 90000)
            k = kernel_noise_uptime(rng, boot - 500, boot + T + 700, 8)
            if h == bad:
                p = PCI[loc]
                k += [
                    (
                        boot + T - 0.05,
                        _xid(
                            p,
                            31,
                            job.pid[(h, loc)],
                            "python3",
                            "channel 0x0000000a, intr "
                            "00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_%d faulted @ 0x7f3c_%08x. Fault is of "
                            "type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                            % (rng.randint(0, 7), rng.randint(0, 0xFFFFFFFF)),
                        ),
                    ),
                    (boot + T + 0.01, _xid(p, 43, job.pid[(h, loc)], "python3", "Ch 0000000a")),
                ]
            sysfile(b, h, fmt_dmesg(k, "uptime"), "dmesg.log", base=base)
        b.add(
            "%s/%s/notes.txt" % (base, head),
            [
                "attempt %d: nodes=%s" % (attempt, ",".join(nodes)),
                "operator: previous attempt excluded %s after Xid 31" % hosts[1]
                if attempt
                else "first submission",
            ],
        )
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Both attempts die with 'illegal memory access' in the MoE router's index_select at the same "
        "step %d, on different nodes and GPUs (the second attempt excluded the first node). Xid 31/43 are "
        "the driver's view of an application MMU fault, not hardware; this is a deterministic bug "
        "(out-of-range token permutation)." % step_bad,
        "https://github.com/marin-community/marin/issues/7344",
    )
    return b


def w05_xid119_gsp_timeout(rng):
    b = Bundle("w05_xid119_gsp_timeout")
    hosts = hostnames(rng, "dgx", 2)
    job = Job(rng, hosts, order=list(hosts)[::-1], nccl="2.20.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    for h in job.order:
        for l in range(8):
            log.add(clock.t(4 + l * 0.01), h, job.rank(h, l), job.nccl_init(h, l))
    T = 14000 + rng.uniform(0, 2000)
    progress(log, job, clock, rng, 60, T, 10, 1.8, style="simple")
    bad = sorted(hosts)[1] if job.order[0] != sorted(hosts)[1] else sorted(hosts)[0]
    bad = job.order[1]
    loc = rng.randint(1, 7)
    r = job.rank(bad, loc)
    seq = fail_pattern(
        log, job, clock, rng, T, bad, {}, culprit_locals=(), victims="none", mode="bare"
    )
    for h in job.order:
        for l in range(8):
            rr = job.rank(h, l)
            if rr == r:
                continue
            tt = T + 1200 + rng.uniform(0, 1)
            log.add(
                clock.t(tt),
                h,
                rr,
                job.watchdog(clock.t(tt), rr, seq, op="_REDUCE_SCATTER_BASE", timeout_ms=1200000),
            )
    log.add(
        clock.t(T + 1206),
        job.order[0],
        None,
        [
            "--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "--------------------------------------------------------------------------",
            "mpirun noticed that process rank %d with PID %d on node %s exited on signal 6 (Aborted)."
            % (
                0 if r != 0 else 1,
                job.pid[job.where(0 if r != 0 else 1)],
                job.where(0 if r != 0 else 1)[0],
            ),
            "--------------------------------------------------------------------------",
        ],
    )
    log.render(b, "mpirun")
    for h in job.order:
        boot = rng.uniform(100000, 500000)
        k = boot_lines(rng) + kernel_noise_uptime(rng, boot - 1000, boot + T + 1300, 12)
        if h == bad:
            p = PCI[loc]
            pid = job.pid[(h, loc)]
            for i in range(4):
                k.append(
                    (
                        boot + T + i * 6.0,
                        _xid(
                            p,
                            119,
                            pid,
                            "python",
                            "Timeout after 6s of waiting for RPC "
                            "response from GPU%d GSP! Expected function 76 (GSP_RM_CONTROL) (0x20801348 0x%x)."
                            % (loc, 4 + i),
                        ),
                    )
                )
            k.append(
                (
                    boot + T + 30,
                    _xid(p, 120, pid, "python", "GSP task exception: task 0x3 (RM) faulted"),
                )
            )
            k.append(
                (
                    boot + T + 31,
                    "NVRM: GPU %s.0: GPU recovery action changed from 0x0 (None) to 0x2 (Node "
                    "Reboot Required)" % p,
                )
            )
            k.append(
                (
                    boot + T + 31,
                    _xid(
                        p,
                        154,
                        pid,
                        "python",
                        "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)",
                    ),
                )
            )
        sysfile(b, h, fmt_dmesg(k, "uptime"), "dmesg.txt")
    sysfile(
        b,
        bad,
        [
            "$ timeout 60 nvidia-smi -q -d ECC,PERFORMANCE",
            "nvidia-smi: command timed out after 60 s (exit 124)",
            "$ nvidia-smi -L",
        ]
        + [
            "GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-1d2c-"
            "4e0b-9a3f-0000000000%02d)" % (i, 0x51AA0000 + i, i)
            for i in range(8)
        ],
        "health_probe.txt",
    )
    b.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "Rank %d's process (pid %d on %s GPU %d) never finishes the collective: the driver logs repeated "
        "Xid 119 GSP RPC timeouts, Xid 120, and Xid 154 'Node Reboot Required' for that GPU, and nvidia-smi "
        "hangs. All other ranks only hit the 20-minute watchdog timeout."
        % (r, job.pid[(bad, loc)], bad, loc),
        "https://github.com/NVIDIA/NVSentinel/pull/1270",
    )
    return b


def w06_xid63_herring_keyerror(rng):
    b = Bundle("w06_xid63_herring_keyerror")
    hosts = hostnames(rng, "compute", 2)
    job = Job(rng, hosts, order=sorted(hosts), torch2=False, nccl="2.14.3+cuda11.7")
    clock = Clock(rng)
    log = Log(job)
    T = 3600 * 2 + rng.uniform(0, 600)
    for s in range(0, 2000, 100):
        tt = 60 + s * T / 2000.0
        log.add(
            clock.t(tt),
            job.order[0],
            0,
            "{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}"
            % (loss_val(rng, s), 0.4 + rng.random() * 0.2, 1e-4, s / 2000.0),
        )
    log.add(
        clock.t(T - 1),
        job.order[0],
        0,
        "***** Running Evaluation *****\n  Num examples = 12288\n  Batch size = 8",
    )
    lines = [
        "Traceback (most recent call last):",
        '  File "/opt/ft/run_sft.py", line 311, in <module>',
        "    trainer.train()",
        '  File "/usr/local/lib/python3.9/site-packages/transformers/trainer.py", line 2283, in _maybe_log_save_evaluate',
        "    metrics = self.evaluate(ignore_keys=ignore_keys_for_eval)",
        '  File "/opt/ft/collate.py", line 58, in __call__',
        '    ids = [ex["input_ids"] for ex in batch]',
        "KeyError: 'input_ids'",
    ]
    fail_pattern(
        log,
        job,
        clock,
        rng,
        T,
        job.order[0],
        {0: lines},
        culprit_locals=(0,),
        victims="watchdog",
        timeout_s=1800,
        op="BROADCAST",
    )
    log.render(b, "tee")
    other = job.order[1]
    for h in job.order:
        boot = rng.uniform(300000, 800000)
        k = kernel_noise_uptime(rng, boot - 5000, boot + T + 1900, 10)
        if h == other:
            p = PCI[6]
            k += [
                (boot - 4100, _xid(p, 92, None, None, "High single-bit ECC error rate")),
                (
                    boot - 4099,
                    _xid(
                        p,
                        63,
                        None,
                        None,
                        "Row Remapper: New row (0x00000000012a6e40) marked for "
                        "remapping, reset gpu to activate.",
                    ),
                ),
            ]
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg-T.txt")
    g = [
        dict(
            i=i,
            pci=PCI[i],
            name="NVIDIA A100-SXM4-40GB",
            max_sm=1410,
            clock_sm=1410,
            util=0,
            **({"remap_cor": 1, "pending": "Yes", "ecc_vol_cor": 57} if i == 6 else {}),
        )
        for i in range(8)
    ]
    sysfile(b, other, smi_q(clock.t(T + 1900), g), "nvidia-smi-q.txt")
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Rank 0 raises KeyError: 'input_ids' in the eval collator at the first evaluation; the other ranks "
        "then time out in BROADCAST. Xid 92/63 and a pending row remap on %s GPU 6 happened over an hour "
        "before the job started and are correctable-error housekeeping (reset to apply), not the cause."
        % other,
        "https://github.com/stas00/ml-engineering/blob/master/compute/accelerator/nvidia/debug.md",
    )
    return b


def loss_val(rng, s):
    return 1.9 * (0.999**s) + 0.6 + rng.uniform(-0.02, 0.02)


def w07_xid62_microcontroller_halt(rng):
    b = Bundle("w07_xid62_microcontroller_halt")
    hosts = hostnames(rng, "aws", 3)
    job = Job(rng, hosts, nccl="2.19.3+cuda12.3")
    clock = Clock(rng)
    log = Log(job)
    head = job.order[0]
    log.add(
        clock.t(0),
        head,
        None,
        [
            "%s INFO worker.py:1749 -- Connecting to existing Ray cluster at address: "
            "%s:6379..." % (ts_py(clock.t(0)), job.ip[head]),
            "%s INFO backend_executor.py:181 -- Starting distributed worker processes: %s"
            % (
                ts_py(clock.t(2)),
                str([job.pid[(h, l)] for h in job.order for l in range(0, 8, 4)]),
            ),
        ],
    )
    for r in range(0, job.world, 8):
        h, l = job.where(r)
        log.add(
            clock.t(6),
            h,
            r,
            "Setting up process group for: env:// [rank=%d, world_size=%d]" % (r, job.world),
        )
    T = 7000 + rng.uniform(0, 2000)
    for s in range(0, int(T / 6), 25):
        tt = 40 + s * 6
        log.add(
            clock.t(tt),
            head,
            0,
            "Training finished iteration %d at %s. Total running time: %ds"
            % (s, clock.t(tt).strftime("%Y-%m-%d %H:%M:%S"), int(tt)),
        )
    bad = _not_first(rng, job)
    loc = rng.randint(0, 7)
    r = job.rank(bad, loc)
    seq = rng.randint(10000, 40000)
    for h in job.order:
        for l in range(8):
            rr = job.rank(h, l)
            if rr == r:
                continue
            tt = T + 1800 + rng.uniform(0, 2)
            log.add(clock.t(tt), h, rr, job.watchdog(clock.t(tt), rr, seq, timeout_ms=1800000))
    log.add(
        clock.t(T + 1810),
        head,
        None,
        [
            "%s ERROR trainer.py:1215 -- Training failed: ray.exceptions.RayTaskError(DistBackendError): "
            "ray::_RayTrainWorker__execute.get_next() (pid=%d, ip=%s)"
            % (ts_py(clock.t(T + 1810)), job.pid[(job.order[1], 0)], job.ip[job.order[1]]),
            "torch.distributed.DistBackendError: [Rank %d] Watchdog caught collective operation timeout"
            % job.rank(job.order[1], 0),
            "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous "
            "error messages for a cause.",
        ],
    )
    log.render(b, "ray", head=head)
    for h in job.order:
        boot = rng.uniform(20000, 300000)
        k = kernel_noise_uptime(rng, boot - 1000, boot + T + 1900, 10)
        k.append(
            (
                boot - 900,
                "efa 0000:%02x:00.0: Setup irq:0x%x name:efa-mgmnt@pci:0000:%02x:00.0"
                % (0x10 + job.node_rank(h), 0x7A, 0x10 + job.node_rank(h)),
            )
        )
        if h == bad:
            p = PCI[loc]
            pid = job.pid[(h, loc)]
            k += [
                (
                    boot + T - 40,
                    _xid(
                        p,
                        61,
                        pid,
                        "ray::RayTrainWo",
                        "Internal micro-controller breakpoint/warning (0x0000a4d4 0x00000048)",
                    ),
                ),
                (
                    boot + T,
                    _xid(
                        p,
                        62,
                        pid,
                        "ray::RayTrainWo",
                        "0000d8e1 0000a40c 00000c88 000084b2 00000000 00000000 00000000 00000000",
                    ),
                ),
                (boot + T + 0.01, "NVRM: GPU %s.0: Internal micro-controller halt" % p),
            ]
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "kern.log")
    b.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "Rank %d (GPU %d on %s, pid %d) never reaches the collective; that GPU logged Xid 61 followed by "
        "Xid 62 (internal micro-controller halt), which needs a GPU reset/reboot. Every other rank "
        "reports only the 30-minute watchdog timeout." % (r, loc, bad, job.pid[(bad, loc)]),
        "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html",
    )
    return b


CASES = [
    w01_xid79_fallen_off_bus,
    w02_xid48_dbe_remap_failure,
    w03_xid95_uncontained_ecc,
    w04_xid31_illegal_address_user_bug,
    w05_xid119_gsp_timeout,
    w06_xid63_herring_keyerror,
    w07_xid62_microcontroller_halt,
]
