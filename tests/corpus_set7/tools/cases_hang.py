"""w29-w33: hangs: flight recorder / py-spy pinning a rank, a bare hang, a collective-mismatch bug,
a repeating Xid 109 hang, and a rendezvous that never completes because one node cannot start."""

from common import (
    PCI,
    Bundle,
    Clock,
    Job,
    Log,
    fmt_dmesg,
    hostnames,
    kernel_noise_uptime,
    progress,
    smi_table,
    startup,
    sysfile,
    ts_glog,
    ts_py,
    ts_iso_ms,
)
from cases_gpu import _not_first, _xid


def _pyspy(pid, frames, thread="MainThread", idle=False):
    out = [
        "Process %d: /usr/bin/python3 -u train.py --config configs/llm.yaml" % pid,
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        'Thread %d (%s): "%s"' % (pid, "idle" if idle else "active", thread),
    ]
    out += ["    %s" % f for f in frames]
    out.append("")
    return out


ALLREDUCE_FRAMES = [
    "all_reduce (torch/distributed/distributed_c10d.py:2501)",
    "wrapper (torch/distributed/c10d_logger.py:83)",
    "allreduce_grads (megatron/core/distributed/param_and_grad_buffer.py:412)",
    "finish_grad_sync (megatron/core/distributed/distributed_data_parallel.py:301)",
    "train_step (megatron/training/training.py:702)",
    "train (megatron/training/training.py:1193)",
    "pretrain (megatron/training/training.py:356)",
    "<module> (pretrain_gpt.py:250)",
]


def _fr_lines(job, clock, t, seq, missing, op="ALLREDUCE", other_ops=None):
    out = [
        "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr_dumps -p nccl_trace_rank_",
        "loaded %d of %d rank dumps" % (job.world, job.world),
        "Collective sequence number: %d has errors" % seq,
    ]
    if other_ops:
        for r, o in sorted(other_ops.items()):
            out.append("  rank %d: %s (seq %d), other ranks: %s (seq %d)" % (r, o, seq, op, seq))
    else:
        out.append("Not all ranks joining collective, sequence number: %d" % seq)
        out.append("collective: nccl:%s" % op.lower())
        out.append("missing ranks: {%s}" % ", ".join(str(m) for m in missing))
        out.append("input sizes: [[16777216]]")
        out.append(
            "expected ranks: %d, joined: %d, state: scheduled"
            % (job.world, job.world - len(missing))
        )
    return out


def w29_flight_recorder_pins_rank(rng):
    b = Bundle("w29_flight_recorder_pins_rank")
    hosts = hostnames(rng, "gpu-node", 4)
    job = Job(rng, hosts, nccl="2.21.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=8)
    T = 25000 + rng.uniform(0, 3000)
    progress(log, job, clock, rng, 100, T, 10, 5.5)
    bad = _not_first(rng, job)
    loc = rng.randint(0, 7)
    rb = job.rank(bad, loc)
    seq = rng.randint(50000, 90000)
    for r in range(job.world):
        if r == rb:
            continue
        h, l = job.where(r)
        tt = T + 600 + rng.uniform(0, 1)
        log.add(clock.t(tt), h, r, job.watchdog(clock.t(tt), r, seq, timeout_ms=600000, fr=True))
    for h in job.order:
        l0 = 0 if h != bad else (1 if loc == 0 else 0)
        log.add(clock.t(T + 640), h, None, job.child_failed(clock.t(T + 640), h, l0, exitcode=-6))
    log.render(b, "torchrun")
    sysfile(b, job.order[0], _fr_lines(job, clock, T, seq, [rb]), "fr_trace_analysis.txt")
    for h in job.order:
        dump = []
        for l in range(8):
            r = job.rank(h, l)
            if r == rb:
                dump += _pyspy(
                    job.pid[(h, l)],
                    [
                        "_local_scalar_dense (torch/_ops.py:1061)",
                        "item (torch/_tensor.py:1140)",
                        "log_metrics (megatron/training/training.py:938)",
                        "training_log (megatron/training/training.py:1012)",
                        "train (megatron/training/training.py:1230)",
                        "pretrain (megatron/training/training.py:356)",
                        "<module> (pretrain_gpt.py:250)",
                    ],
                )
            elif l % 3 == 0:
                dump += _pyspy(job.pid[(h, l)], ALLREDUCE_FRAMES)
        sysfile(
            b,
            h,
            ["# py-spy dump collected by hang-watch at %s" % ts_py(clock.t(T + 420))] + dump,
            "py-spy.txt",
        )
        rows = [
            dict(temp=55, power=420 if job.rank(h, i) != rb else 690, mem=61234, util=100)
            for i in range(8)
        ]
        sysfile(b, h, smi_table(clock.t(T + 430), rows), "nvidia-smi.txt")
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 700, 10)
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
    b.label(
        "hang",
        "infrastructure",
        bad,
        rb,
        "run_diagnostics",
        "Flight recorder: every rank but %d has entered allreduce seq %d; py-spy shows rank %d on %s stuck in a "
        "tensor .item() (waiting on its GPU) with its GPU at 100%% util and full power while the rest idle in "
        "all_reduce. No Xid or other error: the evidence points at that GPU/node but proves nothing, so run "
        "diagnostics on it before restarting." % (rb, seq, rb, bad),
        "https://github.com/pytorch/tutorials/pull/3814",
    )
    return b


def w30_bare_hang_no_evidence(rng):
    b = Bundle("w30_bare_hang_no_evidence")
    hosts = hostnames(rng, "nid", 6)
    job = Job(rng, hosts, gpn=4, order=sorted(hosts), nccl="2.21.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(1000000, 2000000)
    T = 60000 + rng.uniform(0, 9000)
    progress(log, job, clock, rng, 100, T, 10, 8.1)
    seq = rng.randint(100000, 300000)
    for r in range(job.world):
        h, l = job.where(r)
        tt = T + 1800 + rng.uniform(0, 1.2)
        log.add(
            clock.t(tt),
            h,
            r,
            job.watchdog(clock.t(tt), r, seq, op="_ALLGATHER_BASE", timeout_ms=1800000),
        )
    log.add(
        clock.t(T + 1805),
        job.order[0],
        None,
        [
            "srun: error: %s: tasks %d-%d: Aborted (core dumped)"
            % (h, job.rank(h, 0), job.rank(h, 3))
            for h in job.order
        ],
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 1900, 14)
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "journalctl-k.txt")
    b.label(
        "hang",
        "framework",
        None,
        None,
        "restart",
        "Every rank times out on the same _ALLGATHER_BASE (same sequence number, same second), there is no "
        "flight-recorder dump, no error before the timeout and nothing in any node's kernel log. Nothing "
        "points at a node or at the code: restart, and enable the flight recorder for next time.",
        "https://github.com/NVIDIA/nccl/issues/997",
    )
    return b


def w31_mismatched_collective_bug(rng):
    b = Bundle("w31_mismatched_collective_bug")
    hosts = hostnames(rng, "rack", 2)
    clock = Clock(rng)
    eval_every = 2000
    for attempt in (0, 1):
        job = Job(rng, hosts, order=list(hosts) if attempt == 0 else list(hosts)[::-1])
        log = Log(job)
        base = "attempt_%d" % attempt
        off = attempt * 20000
        startup(log, job, clock, t=off, every=8)
        T = off + 60 + eval_every * 3.0
        progress(log, job, clock, rng, off + 60, T, 0, 3.0, style="simple")
        seq = 3 * eval_every * 7 + 11
        log.add(
            clock.t(T),
            job.order[0],
            0,
            "[rank0]: %s | INFO | eval | running validation on rank 0 only "
            "(eval_on_main_process=True)" % ts_py(clock.t(T)),
        )
        if attempt == 0:
            h0 = job.where(0)[0]
            log.add(
                clock.t(T + 600.5),
                h0,
                0,
                job.watchdog(
                    clock.t(T + 600.5), 0, seq, op="BROADCAST", timeout_ms=600000, fr=True
                ),
            )
        for r in range(1, job.world):
            h, l = job.where(r)
            tt = T + 600 + rng.uniform(0, 1)
            if attempt == 1:
                log.add(
                    clock.t(T + 0.2),
                    h,
                    r,
                    [
                        "[rank%d]: RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running "
                        "collective: CollectiveFingerPrint(SequenceNumber=%d, OpType=ALLREDUCE, TensorShape=[1], "
                        "TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda)), but "
                        "Rank 0 is running collective: CollectiveFingerPrint(SequenceNumber=%d, OpType=BROADCAST, "
                        "TensorShape=[2048, 4096], TensorDtypes=Long, TensorDeviceTypes=TensorOptions(dtype=float "
                        "(default), device=cuda)).Collectives differ in the following aspects: \t Op type: ALLREDUCEvs "
                        "BROADCAST  Tensor Tensor shapes: 1vs 2048, 4096" % (r, r, seq, seq)
                    ]
                    if r % 4 == 1
                    else [],
                )
            else:
                log.add(
                    clock.t(tt),
                    h,
                    r,
                    job.watchdog(clock.t(tt), r, seq, op="ALLREDUCE", timeout_ms=600000, fr=True),
                )
        for h in job.order:
            log.add(
                clock.t(T + (5 if attempt else 640)),
                h,
                None,
                job.child_failed(
                    clock.t(T + (5 if attempt else 640)), h, 1, exitcode=1 if attempt else -6
                ),
            )
        log.render(b, "torchrun", base=base)
        if attempt == 0:
            sysfile(
                b,
                job.order[0],
                _fr_lines(job, clock, T, seq, [], other_ops={0: "nccl:broadcast"}),
                "fr_trace_analysis.txt",
                base=base,
            )
        else:
            sysfile(
                b,
                job.order[0],
                [
                    "TORCH_DISTRIBUTED_DEBUG=DETAIL",
                    "TORCH_NCCL_TRACE_BUFFER_SIZE=2000",
                    "resubmitted on fresh allocation (same two nodes, swapped order)",
                ],
                "env.txt",
                base=base,
            )
        for h in job.order:
            boot = rng.uniform(100000, 800000)
            k = kernel_noise_uptime(rng, boot - 3000, boot + T - off + 700, 8)
            sysfile(b, h, fmt_dmesg(k, "T", clock, boot - off), "dmesg.txt", base=base)
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Both attempts stop at the first evaluation (step %d). The flight recorder shows rank 0 in a BROADCAST "
        "while every other rank is in ALLREDUCE at the same sequence number, and with DETAIL debugging the "
        "second attempt fails immediately with 'Detected mismatch between collectives'. The rank-0-only "
        "evaluation path issues a collective the others do not: a program bug." % eval_every,
        "https://github.com/pytorch/pytorch/issues/78022",
    )
    return b


def w32_xid109_hang_repeats_same_gpu(rng):
    b = Bundle("w32_xid109_hang_repeats_same_gpu")
    hosts = hostnames(rng, "compute", 3)
    clock = Clock(rng)
    order = list(hosts)
    rng.shuffle(order)
    bad = order[2]
    loc = rng.randint(0, 7)
    for attempt in (0, 1):
        job = Job(rng, hosts, order=order, nccl="2.20.5+cuda12.4")
        log = Log(job)
        base = "attempt_%d" % attempt
        off = attempt * 30000
        startup(log, job, clock, t=off, every=8)
        T = off + rng.uniform(3000, 12000)
        progress(log, job, clock, rng, off + 100, T, 0 if attempt == 0 else 1500, 4.0)
        rb = job.rank(bad, loc)
        seq = rng.randint(10000, 40000)
        for r in range(job.world):
            if r == rb:
                continue
            h, l = job.where(r)
            tt = T + 900 + rng.uniform(0, 1)
            log.add(clock.t(tt), h, r, job.watchdog(clock.t(tt), r, seq, timeout_ms=900000))
        for h in order:
            log.add(
                clock.t(T + 905),
                h,
                None,
                job.child_failed(clock.t(T + 905), h, 0 if rb % 8 else 1, exitcode=-6),
            )
        log.render(b, "tee", base=base)
        sysfile(
            b,
            bad,
            ["# py-spy dump --pid %d (rank %d)" % (job.pid[(bad, loc)], rb)]
            + _pyspy(
                job.pid[(bad, loc)],
                [
                    "synchronize (torch/cuda/__init__.py:892)",
                    "step (apex/optimizers/fused_adam.py:233)",
                    "train_step (train.py:311)",
                    "<module> (train.py:480)",
                ],
            ),
            "py-spy-rank%d.txt" % rb,
            base=base,
        )
        for h in order:
            boot = rng.uniform(100000, 800000) if attempt == 0 else rng.uniform(20000, 30000)
            k = kernel_noise_uptime(rng, boot - 1000, boot + T - off + 1000, 8)
            if h == bad:
                k.append(
                    (
                        boot + T - off - 1,
                        _xid(
                            PCI[loc],
                            109,
                            job.pid[(h, loc)],
                            "pt_main_thread",
                            "Ch 00000010, errorString CTX SWITCH TIMEOUT, Info 0x%x"
                            % rng.randint(0x10000, 0x6FFFF),
                        ),
                    )
                )
            sysfile(b, h, fmt_dmesg(k, "uptime"), "dmesg.txt", base=base)
    b.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        job.rank(bad, loc),
        "restart_without_node",
        "In both attempts (same node order) rank %d on %s GPU %d stops making progress: py-spy shows it blocked "
        "in torch.cuda.synchronize and the kernel logs Xid 109 (CTX SWITCH TIMEOUT) for that process each time, "
        "while all other ranks just time out. A recurring fault on one GPU: restart without the node."
        % (job.rank(bad, loc), bad, loc),
        "https://github.com/leptonai/gpud/pull/46",
    )
    return b


def w33_rendezvous_image_pull_disk_full(rng):
    b = Bundle("w33_rendezvous_image_pull_disk_full")
    hosts = hostnames(rng, "gke", 4)
    job = Job(rng, hosts)
    clock = Clock(rng)
    log = Log(job)
    bad = _not_first(rng, job)
    pods = {h: "ft-llama-%d" % job.node_rank(h) for h in job.order}
    for h in job.order:
        if h == bad:
            continue
        log.add(
            clock.t(20),
            h,
            None,
            "[%s] torch.distributed.launcher.api: [INFO] Starting elastic_operator with "
            "launch configs:\n  entrypoint       : sft.py\n  min_nodes        : 4\n  max_nodes        : 4\n"
            "  nproc_per_node   : 8\n  run_id           : ft-llama\n  rdzv_backend     : c10d\n"
            "  rdzv_endpoint    : %s:29400\n  rdzv_configs     : {'timeout': 900}"
            % (ts_py(clock.t(20)), pods[job.order[0]]),
        )
        log.add(
            clock.t(920),
            h,
            None,
            [
                "[%s] torch.distributed.elastic.agent.server.api: [ERROR] The node '%s_%d_0' has failed to join the "
                "rendezvous 'ft-llama' within 900 seconds"
                % (ts_py(clock.t(920)), pods[h], 40 + job.node_rank(h)),
                "Traceback (most recent call last):",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", '
                "line 1162, in next_rendezvous",
                "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError: The node '%s_%d_0' has failed to "
                "join the rendezvous 'ft-llama' within 900 seconds. (3 of 4 nodes joined)"
                % (pods[h], 40 + job.node_rank(h)),
            ],
        )
    log.render(b, "k8s", pod_fmt=lambda h: pods[h])
    ev = ["LAST SEEN   TYPE      REASON      OBJECT              MESSAGE"]
    for h in job.order:
        ev.append(
            "16m         Normal    Scheduled   pod/%s   Successfully assigned training/%s to %s"
            % (pods[h], pods[h], h)
        )
    ev += [
        '15m         Normal    Pulling     pod/%s   Pulling image "us-docker.pkg.dev/ml/train/llm:2024.06"'
        % pods[bad],
        '9m          Warning   Failed      pod/%s   Failed to pull image "us-docker.pkg.dev/ml/train/llm:2024.06": '
        "failed to pull and unpack image: failed to extract layer sha256:9c1e...: write "
        "/var/lib/containerd/io.containerd.snapshotter.v1.overlayfs/snapshots/812/fs/usr/local/lib/python3.10/"
        "dist-packages/torch/lib/libtorch_cuda.so: no space left on device" % pods[bad],
        "9m          Warning   Failed      pod/%s   Error: ErrImagePull" % pods[bad],
        '3m          Normal    BackOff     pod/%s   Back-off pulling image "us-docker.pkg.dev/ml/train/llm:2024.06"'
        % pods[bad],
        "2m          Warning   EvictionThresholdMet   node/%s   Attempting to reclaim ephemeral-storage"
        % bad,
        "2m          Warning   FreeDiskSpaceFailed    node/%s   Failed to garbage collect required amount of "
        "images. Attempted to free 48318382080 bytes, but only found 0 bytes eligible to free."
        % bad,
    ]
    sysfile(b, job.order[0], ev, "kubectl-get-events.txt")
    jt = lambda dt: clock.t(dt).strftime("%b %d %H:%M:%S")
    sysfile(
        b,
        bad,
        [
            '%s %s containerd[1633]: time="%s" level=error msg="PullImage \\"us-docker.pkg.dev/ml/train/'
            'llm:2024.06\\" failed" error="failed to extract layer: write /var/lib/containerd/io.containerd.'
            'snapshotter.v1.overlayfs/snapshots/812/fs/...: no space left on device"'
            % (jt(420), bad, ts_iso_ms(clock.t(420))),
            '%s %s kubelet[2210]: eviction_manager.go:366] "Eviction manager: attempting to reclaim" '
            'resourceName="ephemeral-storage"' % (jt(820), bad),
            '%s %s kubelet[2210]: image_gc_manager.go:391] "Failed to garbage collect required amount of images" '
            "attempted=48318382080 freed=0" % (jt(830), bad),
            "$ df -h /var/lib/containerd",
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/nvme0n1p1  194G  194G     0 100% /",
        ],
        "journal-kubelet-containerd.txt",
    )
    sysfile(
        b,
        job.order[0],
        ["NAME          READY   STATUS             RESTARTS   AGE   NODE"]
        + [
            "%-13s %-7s %-18s %-10d %-5s %s"
            % (
                pods[h],
                "0/1" if h == bad else "1/1",
                "ImagePullBackOff" if h == bad else "Error",
                0,
                "16m",
                h,
            )
            for h in job.order
        ],
        "kubectl-get-pods.txt",
    )
    b.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Three pods wait 900 s in the c10d rendezvous and time out with 3 of 4 nodes joined; the fourth pod on "
        "%s never started because the image pull failed with 'no space left on device' in containerd's "
        "storage and image GC could free nothing. A node-local environment problem." % bad,
        "https://github.com/kubernetes/kubernetes/issues/3431",
    )
    return b


CASES = [
    w29_flight_recorder_pins_rank,
    w30_bare_hang_no_evidence,
    w31_mismatched_collective_bug,
    w32_xid109_hang_repeats_same_gpu,
    w33_rendezvous_image_pull_disk_full,
]
