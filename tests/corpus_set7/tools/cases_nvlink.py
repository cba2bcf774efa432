"""w08-w12: NVLink / NVSwitch / fabric manager / PCIe, and a clean run full of scary noise."""

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
    startup,
    sysfile,
    ts_glog,
    ts_py,
    ts_syslog,
    ts_slurm,
)
from cases_gpu import _not_first, _xid


def w08_xid74_nvlink_error(rng):
    b = Bundle("w08_xid74_nvlink_error")
    hosts = hostnames(rng, "gpu-node", 4)
    job = Job(rng, hosts, torch2=False, nccl="2.14.3+cuda11.7")
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 30000 + rng.uniform(0, 5000)
    progress(log, job, clock, rng, 200, T, 40, 6.3)
    bad = _not_first(rng, job)
    loc = rng.randint(0, 7)
    r = job.rank(bad, loc)
    lines = job.cuda_error_trace(
        r,
        "uncorrectable NVLink error detected during the execution",
        where="dist.all_reduce(bucket, group=tp_group)",
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
        op="ALLGATHER",
    )
    # tensor-parallel neighbours on the same node see the NCCL side of it first
    for l in range(8):
        if l != loc and l // 4 == loc // 4:
            rr = job.rank(bad, l)
            log.add(
                clock.t(T + 0.4),
                bad,
                rr,
                job.unhandled_cuda(rr, "uncorrectable NVLink error detected during the execution"),
            )
    log.render(b, "plain", fname="train_stderr.log")
    for h in job.order:
        boot = rng.uniform(100000, 900000)
        k = boot_lines(rng) + kernel_noise_uptime(rng, boot - 3000, boot + T + 1900, 12)
        if h == bad:
            k += [
                (
                    boot + T - 0.1,
                    _xid(
                        PCI[loc],
                        74,
                        job.pid[(h, loc)],
                        "python",
                        "NVLink: fatal error detected "
                        "on link %d(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % rng.randint(0, 17),
                    ),
                )
            ]
        sysfile(b, h, fmt_dmesg(k, "syslog", clock, boot, host=h), "syslog.1", gz=True)
    out = [
        "$ nvidia-smi nvlink -e -i %d" % loc,
        "GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-7c1a-4e0b-9a3f-5e6b00000001)"
        % (loc, 0x4B000000 + loc),
    ]
    for link in range(18):
        bad_link = link == 7
        out += [
            "\t Link %d: Replay Errors: %d" % (link, 3411 if bad_link else rng.randint(0, 2)),
            "\t Link %d: Recovery Errors: %d" % (link, 57 if bad_link else 0),
            "\t Link %d: CRC Errors: %d" % (link, 90210 if bad_link else 0),
        ]
    sysfile(b, bad, out, "nvlink-errors.txt")
    b.label(
        "nvlink",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "Xid 74 (fatal NVLink error) on %s GPU %d at the moment rank %d hit 'uncorrectable NVLink error'; "
        "its link error counters are far above the others. Other nodes only show watchdog timeouts."
        % (bad, loc, r),
        "https://github.com/pytorch/pytorch/issues/58155",
    )
    return b


def w09_fabricmanager_down_802(rng):
    b = Bundle("w09_fabricmanager_down_802")
    hosts = hostnames(rng, "rack", 4)
    job = Job(rng, hosts)
    clock = Clock(rng)
    log = Log(job)
    bad = _not_first(rng, job)
    pods = {h: "pt-llama-70b-worker-%d" % job.node_rank(h) for h in job.order}
    for h in job.order:
        log.add(
            clock.t(1),
            h,
            None,
            "%s INFO launcher: starting torchrun --nnodes=%d --node_rank=%d --nproc_per_node=8 "
            "--rdzv_endpoint=%s:29400"
            % (ts_py(clock.t(1)), len(job.order), job.node_rank(h), pods[job.order[0]]),
        )
    for l in range(8):
        r = job.rank(bad, l)
        log.add(
            clock.t(14 + l * 0.02),
            bad,
            r,
            [
                "[rank%d]: Traceback (most recent call last):" % r,
                '[rank%d]:   File "/app/train.py", line 52, in setup' % r,
                "[rank%d]:     torch.cuda.set_device(local_rank)" % r,
                '[rank%d]:   File "/usr/local/lib/python3.11/site-packages/torch/cuda/__init__.py", line 314, in _lazy_init'
                % r,
                "[rank%d]:     torch._C._cuda_init()" % r,
                "[rank%d]: RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions "
                "before calling NumCudaDevices() that might have already set an error? Error 802: system not yet "
                "initialized" % r,
            ],
        )
    log.add(clock.t(16), bad, None, job.child_failed(clock.t(16), bad, 0, exitcode=1))
    r0host = job.order[0]
    log.add(
        clock.t(1815),
        r0host,
        0,
        "[rank0]: torch.distributed.DistStoreError: Timed out after 1801 seconds "
        "waiting for clients. %d/%d clients joined." % (job.world - 8, job.world),
    )
    for h in job.order:
        if h != bad:
            log.add(clock.t(1816), h, None, job.child_failed(clock.t(1816), h, 0, exitcode=1))
    log.render(b, "k8s", pod_fmt=lambda h: pods[h])
    for h in job.order:
        boot = rng.uniform(600, 2000) if h == bad else rng.uniform(100000, 500000)
        k = kernel_noise_uptime(rng, max(1, boot - 500), boot + 1900, 8)
        if h == bad:
            k += boot_lines(rng)
        jl = fmt_dmesg(k, "journal", clock, boot, host=h)
        if h == bad:
            t = clock.t(-boot + 60)
            s = ts_syslog(t)
            jl += [
                "%s %s systemd[1]: Starting NVIDIA fabric manager service..." % (s, h),
                "%s %s nv-fabricmanager[2291]: fabric manager NVIDIA GPU driver interface version 535.154.05 "
                "don't match with driver version 535.161.08. Please update with matching NVIDIA driver package."
                % (s, h),
                "%s %s systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, "
                "status=1/FAILURE" % (s, h),
                "%s %s systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'."
                % (s, h),
                "%s %s systemd[1]: Failed to start NVIDIA fabric manager service." % (s, h),
            ]
        sysfile(b, h, jl, "journal.txt")
    ev = ["LAST SEEN   TYPE      REASON      OBJECT                          MESSAGE"]
    ev += [
        '31m         Normal    Pulled      pod/%s   Container image "registry.local/llm/train:24.05" already '
        "present on machine" % pods[h]
        for h in job.order
    ]
    ev.append(
        "30m         Warning   BackOff     pod/%s   Back-off restarting failed container pytorch in pod %s"
        % (pods[bad], pods[bad])
    )
    ev.append(
        "45m         Normal    NodeReady   node/%s   Node %s status is now: NodeReady" % (bad, bad)
    )
    ev.append(
        "47m         Normal    Rebooted    node/%s   Node %s has been rebooted, boot id: 6f1d0a3e-..."
        % (bad, bad)
    )
    sysfile(b, job.order[0], ev, "kubectl-events.txt")
    b.label(
        "nvlink",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "All eight ranks on %s fail at CUDA init with error 802 'system not yet initialized'; its journal "
        "shows nvidia-fabricmanager failing to start after the node's reboot because of an FM/driver "
        "version mismatch. The other pods just wait for clients. Node-local NVSwitch fabric problem."
        % bad,
        "https://github.com/pytorch/pytorch/issues/35710",
    )
    return b


def w10_nvswitch_sxid_fatal(rng):
    b = Bundle("w10_nvswitch_sxid_fatal")
    hosts = hostnames(rng, "nid", 2)
    job = Job(rng, hosts, order=sorted(hosts))
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(400000, 900000)
    log.add(
        clock.t(0),
        job.order[0],
        None,
        "srun -l --mpi=pmix --ntasks-per-node=8 python -u pretrain_gpt.py "
        "--tensor-model-parallel-size 8 --pipeline-model-parallel-size 2",
    )
    T = 8000 + rng.uniform(0, 4000)
    progress(log, job, clock, rng, 100, T, 50, 9.4)
    bad = job.order[1]
    seq = rng.randint(90000, 200000)
    for l in range(8):
        r = job.rank(bad, l)
        if l in (2, 5):
            log.add(
                clock.t(T + 0.2 + l * 0.01),
                bad,
                r,
                job.unhandled_cuda(r, "uncorrectable NVLink error detected during the execution"),
            )
        else:
            log.add(
                clock.t(T + 1200 + l * 0.1),
                bad,
                r,
                job.watchdog(clock.t(T + 1200), r, seq, op="ALLGATHER", timeout_ms=1200000),
            )
    for l in range(8):
        r = job.rank(job.order[0], l)
        log.add(
            clock.t(T + 1200 + l * 0.1),
            job.order[0],
            r,
            job.watchdog(clock.t(T + 1200), r, seq + 3, op="SEND", timeout_ms=1200000),
        )
    log.add(
        clock.t(T + 1.0),
        bad,
        None,
        "srun: error: %s: task %d: Exited with exit code 1" % (bad, job.rank(bad, 2)),
    )
    log.add(
        clock.t(T + 1210),
        bad,
        None,
        "srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (job.order[0], 0, 7),
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        boot = rng.uniform(50000, 300000)
        k = kernel_noise_uptime(rng, boot - 800, boot + T + 1300, 10)
        if h == bad:
            sw = rng.randint(0, 3)
            link = rng.randint(30, 60)
            k += [
                (
                    boot + T - 0.4,
                    "nvidia-nvswitch%d: SXid (PCI:0000:%02x:00.0): 24007, Fatal, Link %02d sourcetrack "
                    "timeout error (First)" % (sw, 5 + sw, link),
                ),
                (
                    boot + T - 0.4,
                    "nvidia-nvswitch%d: SXid (PCI:0000:%02x:00.0): 24007, Severity 1 Engine instance "
                    "%02d Sub-engine instance 00" % (sw, 5 + sw, link),
                ),
                (
                    boot + T - 0.4,
                    "nvidia-nvswitch%d: SXid (PCI:0000:%02x:00.0): 24007, Data {0x00000000, 0x00000001, "
                    "0x00000000, 0x00000000, 0x00000000}" % (sw, 5 + sw),
                ),
                (
                    boot + T - 0.3,
                    _xid(
                        PCI[2],
                        74,
                        job.pid[(h, 2)],
                        "python",
                        "NVLink: fatal error detected on link 3(0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)",
                    ),
                ),
                (
                    boot + T - 0.3,
                    _xid(
                        PCI[5],
                        74,
                        job.pid[(h, 5)],
                        "python",
                        "NVLink: fatal error detected on link "
                        "11(0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)",
                    ),
                ),
            ]
            fm = [
                "[%s] [ERROR] [tid 4120] detected NVSwitch fatal error 24007 on fid 0 switch id %d link %d"
                % (clock.t(T - 0.4).strftime("%b %d %Y %H:%M:%S"), sw, link),
                "[%s] [ERROR] [tid 4120] NVSwitch fatal error: all GPUs and NVSwitches on this partition need a reset"
                % clock.t(T - 0.3).strftime("%b %d %Y %H:%M:%S"),
            ]
            sysfile(b, h, fm, "fabricmanager.log")
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
    b.label(
        "nvlink",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "NVSwitch SXid 24007 (fatal) on %s followed by Xid 74 on two of its GPUs; the fabric manager "
        "says the partition needs a reset. Several ranks on that node fail, so no single rank is pinned; "
        "the other node only times out." % bad,
        "https://docs.nvidia.com/nvsentinel/v1.31.0/components/syslog-health-monitor.md",
    )
    return b


def w11_pcie_aer_fallen_off_no_xid(rng):
    b = Bundle("w11_pcie_aer_fallen_off_no_xid")
    hosts = hostnames(rng, "compute", 3)
    job = Job(rng, hosts, nccl="2.23.4+cuda12.6")
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 4000 + rng.uniform(0, 5000)
    progress(log, job, clock, rng, 100, T, 10, 2.2, style="simple")
    bad = _not_first(rng, job)
    loc = 4
    r = job.rank(bad, loc)
    lines = job.unhandled_cuda(r, "unknown error")
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
    )
    log.render(b, "tee", fname="console.log")
    for h in job.order:
        boot = rng.uniform(100000, 700000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 700, 12)
        # red herring on every node: corrected AER on a NIC port
        k.append(
            (
                boot + T - 3000,
                "pcieport 0000:%02x:02.0: AER: Corrected error received: 0000:%02x:00.0"
                % (0x30 + job.node_rank(h), 0x31 + job.node_rank(h)),
            )
        )
        k.append(
            (
                boot + T - 3000,
                "mlx5_core 0000:%02x:00.0: PCIe Bus Error: severity=Corrected, type=Physical "
                "Layer, (Receiver ID)" % (0x31 + job.node_rank(h)),
            )
        )
        if h == bad:
            k += [
                (
                    boot + T - 0.3,
                    "pcieport 0000:97:01.0: AER: Uncorrected (Fatal) error received: 0000:9a:00.0",
                ),
                (
                    boot + T - 0.3,
                    "nvidia 0000:9a:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), "
                    "type=Transaction Layer, (Receiver ID)",
                ),
                (
                    boot + T - 0.3,
                    "nvidia 0000:9a:00.0:   device [10de:2330] error status/mask=00040000/00000000",
                ),
                (boot + T - 0.3, "nvidia 0000:9a:00.0:    [18] MalfTLP                (First)"),
                (boot + T - 0.2, "pcieport 0000:97:01.0: AER: Root Port link has been reset (0)"),
                (boot + T - 0.1, "NVRM: The NVIDIA GPU 0000:9a:00.0"),
                (boot + T - 0.1, "NVRM: (PCI ID: 10de:2330) installed in this system has"),
                (boot + T - 0.1, "NVRM: fallen off the bus and is not responding to commands."),
            ]
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "journalctl-k.txt")
    b.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        r,
        "restart_without_node",
        "A fatal PCIe AER (MalfTLP) on GPU 0000:9a:00.0 of %s, then the driver's 'fallen off the bus' "
        "message (no Xid number printed), at the time rank %d (local 4 = 9a:00) failed with ncclUnhandledCuda"
        "Error 'unknown error'. The corrected AERs on the NIC ports of every node are noise."
        % (bad, r),
        "https://github.com/NVIDIA/NVSentinel/issues/155",
    )
    return b


def w12_clean_run_scary_noise(rng):
    b = Bundle("w12_clean_run_scary_noise")
    hosts = hostnames(rng, "gpu-node", 2)
    job = Job(rng, hosts)
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=2)
    T = 20000 + rng.uniform(0, 2000)
    log.add(
        clock.t(40),
        job.order[0],
        0,
        "[rank0]:[W%s reducer.cpp:1400] Warning: find_unused_parameters=True was "
        "specified in DDP constructor, but did not find any unused parameters in the forward pass."
        % ts_glog(clock.t(40)),
    )
    step = progress(log, job, clock, rng, 60, T, 0, 3.0, style="simple", total=6600)
    log.add(
        clock.t(T + 5),
        job.order[0],
        0,
        [
            "%s | INFO | trainer | reached max_steps=%d, saving final checkpoint to "
            "/ckpt/run-0419/final" % (ts_py(clock.t(T + 5)), step),
            "%s | INFO | trainer | Training completed in %.1f h"
            % (ts_py(clock.t(T + 90)), T / 3600),
        ],
    )
    for h in job.order:
        log.add(
            clock.t(T + 95),
            h,
            None,
            [
                "[%s] torch.distributed.elastic.agent.server.api: [INFO] [default] worker group successfully finished. "
                "Waiting 300 seconds for other agents to finish." % ts_py(clock.t(T + 95)),
                "[%s] torch.distributed.elastic.agent.server.api: [INFO] Local worker group finished (WorkerState.SUCCEEDED). "
                "Waiting 300 seconds for other agents to finish" % ts_py(clock.t(T + 95)),
                "[%s] torch.distributed.elastic.agent.server.api: [INFO] Done waiting for other agents. Elapsed: %.4f seconds"
                % (ts_py(clock.t(T + 96)), rng.uniform(0.1, 2)),
            ],
        )
    log.render(b, "torchrun")
    for h in job.order:
        boot = rng.uniform(100000, 700000)
        k = boot_lines(rng) + kernel_noise_uptime(rng, boot - 5000, boot + T + 100, 25)
        k += [
            (
                boot - 7200,
                _xid(
                    PCI[3],
                    13,
                    4711,
                    "python",
                    "Graphics SM Warp Exception on (GPC 1, TPC 3, SM 0): Out Of Range Address",
                ),
            ),
            (
                boot - 7200,
                _xid(
                    PCI[3],
                    13,
                    4711,
                    "python",
                    "Graphics Exception: ESR 0x51a730=0x201000e 0x51a734=0x0",
                ),
            ),
            (boot - 7199, _xid(PCI[3], 43, 4711, "python", "Ch 00000010")),
            (boot - 600, "mlx5_core 0000:0c:00.0 mlx5_0: Port: 1 Link DOWN"),
            (boot - 598, "mlx5_core 0000:0c:00.0 mlx5_0: Port: 1 Link ACTIVE"),
        ]
        for i in range(40):
            tt = boot + rng.uniform(0, T)
            k.append(
                (
                    tt,
                    "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping "
                    "further processing",
                )
            )
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
        out = ["$ nvidia-smi nvlink -e -i 0", "GPU 0: NVIDIA H100 80GB HBM3"]
        for link in range(18):
            out.append("\t Link %d: Replay Errors: %d" % (link, rng.randint(0, 4)))
            out.append("\t Link %d: Recovery Errors: 0" % link)
            out.append("\t Link %d: CRC Errors: %d" % (link, rng.randint(0, 3)))
        sysfile(b, h, out, "nvlink-errors.txt")
    b.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "The run reached max_steps, saved the final checkpoint and every agent reports "
        "WorkerState.SUCCEEDED. The Xid 13/43 predate the job (another process, hours earlier), "
        "peermem messages, a link bounce before start and small NVLink replay counts are noise.",
        "https://github.com/leptonai/gpud/pull/46",
    )
    return b


CASES = [
    w08_xid74_nvlink_error,
    w09_fabricmanager_down_802,
    w10_nvswitch_sxid_fatal,
    w11_pcie_aer_fallen_off_no_xid,
    w12_clean_run_scary_noise,
]
