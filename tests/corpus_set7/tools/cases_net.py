"""w13-w17: InfiniBand / RoCE / EFA: one node's HCA, a leaf switch, a fabric-wide blip."""

from common import (
    Bundle,
    Clock,
    Job,
    Log,
    fail_pattern,
    fmt_dmesg,
    hostnames,
    kernel_noise_uptime,
    progress,
    startup,
    sysfile,
    ts_py,
    ts_slurm,
    ts_iso_ms,
)
from cases_gpu import _not_first


def _ibstat(hca_states):
    out = []
    for name, state, phys in hca_states:
        out += [
            "CA '%s'" % name,
            "\tCA type: MT4129",
            "\tNumber of ports: 1",
            "\tFirmware version: 28.39.1002",
            "\tPort 1:",
            "\t\tState: %s" % state,
            "\t\tPhysical state: %s" % phys,
            "\t\tRate: %s" % ("400" if state == "Active" else "10"),
            "\t\tLink layer: InfiniBand",
        ]
    return out


def w13_ib_hca_fatal_one_node(rng):
    b = Bundle("w13_ib_hca_fatal_one_node")
    hosts = hostnames(rng, "fqdn", 4)
    job = Job(rng, hosts, nccl="2.18.5+cuda12.2")
    clock = Clock(rng)
    log = Log(job)
    head = job.order[0]
    log.add(
        clock.t(0),
        head,
        None,
        "[%s] [INFO] [runner.py:585:main] cmd = pdsh -S -f 1024 -w %s export "
        "NCCL_DEBUG=WARN; cd /home/llm; python -u -m deepspeed.launcher.launch --world_info=eyJ... "
        "--node_rank=%%n --master_addr=%s --master_port=29500 train.py"
        % (ts_py(clock.t(0)), ",".join(job.order), job.ip[head]),
    )
    for h in job.order:
        for l in range(8):
            if l % 4 == 0:
                log.add(clock.t(8), h, job.rank(h, l), job.nccl_init(h, l, iface="ib0"))
    T = 16000 + rng.uniform(0, 4000)
    for s in range(0, int(T / 4.1), 100):
        tt = 60 + s * 4.1
        log.add(
            clock.t(tt),
            head,
            0,
            "[%s] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.00015], "
            "mom=[[0.9, 0.95]]" % (ts_py(clock.t(tt)), s),
        )
        log.add(
            clock.t(tt + 0.1),
            head,
            0,
            "[%s] [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, "
            "RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=31.2GB, MaxMemAllocated=58.9GB"
            % (
                ts_py(clock.t(tt)),
                s * 8,
                s,
                249.3 + rng.uniform(-2, 2),
                250.1 + rng.uniform(-4, 4),
            ),
        )
    bad = _not_first(rng, job)
    bip = job.ip[bad]
    for h in job.order:
        if h == bad:
            continue
        for l in range(0, 8, 3):
            log.add(
                clock.t(T + 0.5 + l * 0.01),
                h,
                job.rank(h, l),
                job.nccl_warn_completion(h, l, bip, kind=rng.choice(["Recv", "Send"])),
            )
    for l in (1, 6):
        pid = job.pid[(bad, l)]
        log.add(
            clock.t(T + 0.1),
            bad,
            job.rank(bad, l),
            [
                "%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : local catastrophic error"
                % (bad, pid, pid + 402, l),
                "%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error"
                % (bad, pid, pid + 402, l),
            ],
        )
    fail_pattern(log, job, clock, rng, T, None, {}, victims="none", mode="bare")
    for h in job.order:
        r = job.rank(h, 0)
        log.add(
            clock.t(T + 1800),
            h,
            r,
            job.watchdog(clock.t(T + 1800), r, rng.randint(30000, 40000), timeout_ms=1800000),
        )
        log.add(
            clock.t(T + 1802),
            head,
            None,
            "[%s] [INFO] [launch.py:347:main] Process %d exits with return code = -6"
            % (ts_py(clock.t(T + 1802)), job.pid[(h, 0)]),
        )
    log.add(
        clock.t(T + 1803),
        head,
        None,
        "pdsh@%s: %s: ssh exited with exit code 250" % (head.split(".")[0], job.order[1]),
    )
    log.render(b, "pdsh", head=head)
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 5000, boot + T + 1900, 12)
        if h == bad:
            k += [
                (
                    boot + T - 1.5,
                    "mlx5_core 0000:4b:00.0: poll_health:835:(pid 0): Fatal error 1 detected",
                ),
                (
                    boot + T - 1.5,
                    "mlx5_core 0000:4b:00.0: print_health_info:424:(pid 0): assert_var[0] 0x00000000",
                ),
                (
                    boot + T - 1.5,
                    "mlx5_core 0000:4b:00.0: print_health_info:439:(pid 0): synd 0x1: firmware internal error",
                ),
                (
                    boot + T - 1.4,
                    "mlx5_core 0000:4b:00.0: mlx5_trigger_health_work:791:(pid 0): new health works are blocked",
                ),
                (boot + T - 1.2, "mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link DOWN"),
                (
                    boot + T + 4.0,
                    "mlx5_core 0000:4b:00.0: mlx5_health_try_recover:335:(pid 1877): handling bad device here",
                ),
                (
                    boot + T + 64.0,
                    "mlx5_core 0000:4b:00.0: mlx5_health_try_recover:342:(pid 1877): health recovery flow aborted, "
                    "PCI reads still not working",
                ),
            ]
        sysfile(b, h, fmt_dmesg(k, "uptime"), "dmesg.txt")
    sysfile(
        b,
        bad,
        ["$ ibstat"]
        + _ibstat(
            [
                ("mlx5_0", "Active", "LinkUp"),
                ("mlx5_1", "Active", "LinkUp"),
                ("mlx5_2", "Down", "Disabled"),
                ("mlx5_3", "Active", "LinkUp"),
            ]
        ),
        "ibstat.txt",
    )
    b.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Peers on every other node report NET/IB completion errors (status=12, vendor err 129) from "
        "%s, which the NCCL bootstrap lines map to %s. That node's own mlx5_2 logs a firmware fatal error "
        "and the port stays down (ibstat: Disabled): one HCA is at fault." % (bip, bad),
        "https://github.com/NVIDIA/nccl/issues/1405",
    )
    return b


def w14_leaf_switch_down(rng):
    b = Bundle("w14_leaf_switch_down")
    hosts = hostnames(rng, "nid", 8)
    job = Job(rng, hosts, gpn=4, order=sorted(hosts), nccl="2.21.5+cuda12.4")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(2000000, 2500000)
    sw_a, sw_b = "ib-leaf-%02d" % rng.randint(1, 20), "ib-leaf-%02d" % rng.randint(21, 40)
    under_b = sorted(rng.sample(hosts, 4))
    under_a = [h for h in sorted(hosts) if h not in under_b]
    b.topology = {sw_a: under_a, sw_b: under_b}
    for r in range(0, job.world, 4):
        h, l = job.where(r)
        log.add(clock.t(5), h, r, job.nccl_init(h, l, iface="hsn0"))
    T = 7000 + rng.uniform(0, 3000)
    progress(log, job, clock, rng, 80, T, 10, 3.4)
    seq = rng.randint(5000, 9000)
    for r in range(job.world):
        h, l = job.where(r)
        tt = T + rng.uniform(0.3, 3.0)
        if h in under_b:
            log.add(clock.t(tt), h, r, job.remote_error(r, job.ip[rng.choice(under_a)]))
        else:
            log.add(clock.t(tt), h, r, job.remote_error(r, job.ip[rng.choice(under_b)]))
    log.add(
        clock.t(T + 5),
        job.order[0],
        None,
        [
            "srun: error: %s: tasks %d-%d: Exited with exit code 1"
            % (h, job.rank(h, 0), job.rank(h, 3))
            for h in job.order
        ],
    )
    log.add(clock.t(T + 6), job.order[0], None, "srun: Terminating StepId=%d.0" % jobid)
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 100, 10)
        if h in under_b:
            for i in range(2):
                k.append(
                    (
                        boot + T - 0.8 + i * 0.001,
                        "mlx5_core 0000:%02x:00.0 mlx5_%d: Port: 1 Link DOWN"
                        % (0x0C + i * 0x30, i),
                    )
                )
            k.append((boot + T + 2.0, "ib0: carrier lost"))
        sysfile(b, h, fmt_dmesg(k, "T", clock, boot), "dmesg.txt")
        if h in under_b:
            sysfile(
                b,
                h,
                ["$ ibstat (collected %s)" % ts_slurm(clock.t(T + 900))]
                + _ibstat([("mlx5_0", "Down", "Polling"), ("mlx5_1", "Down", "Polling")]),
                "ibstat.txt",
            )
    sysfile(
        b,
        job.order[0],
        [
            "$ sinfo -R",
            "REASON               USER      TIMESTAMP           NODELIST",
            "IB links down        root      %s  %s"
            % (ts_slurm(clock.t(T + 600)), "nid[%s]" % ",".join(h[3:] for h in under_b)),
        ],
        "sinfo-R.txt",
    )
    b.label(
        "network",
        "infrastructure",
        None,
        None,
        "run_diagnostics",
        "All four nodes under %s lose both IB ports in the same second and stay in Polling; the four nodes "
        "under %s are fine and only accuse peers behind %s. That is the leaf switch (or its uplinks), not "
        "one node, and it has not recovered: fabric diagnostics first, then restart."
        % (sw_b, sw_a, sw_b),
        "https://github.com/NVIDIA/nccl/issues/905",
    )
    return b


def w15_transient_fabric_flap(rng):
    b = Bundle("w15_transient_fabric_flap")
    hosts = hostnames(rng, "gpu-node", 4)
    job = Job(rng, hosts)
    clock = Clock(rng)
    log = Log(job)
    startup(log, job, clock, every=4)
    T = 40000 + rng.uniform(0, 9000)
    progress(log, job, clock, rng, 100, T, 10, 5.0)
    seq = rng.randint(100000, 150000)
    for h in job.order:
        for l in range(0, 8, 2):
            r = job.rank(h, l)
            peer = rng.choice([x for x in job.order if x != h])
            log.add(
                clock.t(T + rng.uniform(0.1, 2.0)),
                h,
                r,
                job.nccl_warn_completion(h, l, job.ip[peer], status=12),
            )
            log.add(clock.t(T + rng.uniform(2.0, 3.0)), h, r, job.remote_error(r, job.ip[peer]))
        log.add(clock.t(T + 5), h, None, job.agent_sigterm(clock.t(T + 4), h, skip=(0,)))
        log.add(clock.t(T + 7), h, None, job.child_failed(clock.t(T + 7), h, 0, exitcode=1))
    log.render(b, "torchrun")
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 200, 10)
        port = rng.randint(0, 3)
        k += [
            (
                boot + T - 0.9,
                "mlx5_core 0000:%02x:00.0 mlx5_%d: Port: 1 Link DOWN" % (0x0C + 0x30 * port, port),
            ),
            (
                boot + T + 7.5 + rng.random(),
                "mlx5_core 0000:%02x:00.0 mlx5_%d: Port: 1 Link ACTIVE"
                % (0x0C + 0x30 * port, port),
            ),
        ]
        sysfile(b, h, fmt_dmesg(k, "journal", clock, boot, host=h), "kernel.log")
    ops = [
        "%s opensm[4417]: SUBNET UP" % clock.t(T + 9).strftime("%b %d %H:%M:%S"),
        "%s opensm[4417]: Entering DISCOVERING state" % clock.t(T - 1).strftime("%b %d %H:%M:%S"),
        "%s opensm[4417]: osm_spst_rcv_process: Switch 0x7cfe9003009a1e40 spine-02 port 17 changed state from "
        "ACTIVE to DOWN" % clock.t(T - 1).strftime("%b %d %H:%M:%S"),
        "%s opensm[4417]: Heavy sweep completed, %d LIDs reassigned"
        % (clock.t(T + 8).strftime("%b %d %H:%M:%S"), 0),
    ]
    sysfile(b, job.order[0], sorted(ops), "opensm-excerpt.log")
    b.label(
        "network",
        "infrastructure",
        None,
        None,
        "restart",
        "Every node sees one IB port go DOWN in the same second and come back ACTIVE ~8 s later while the "
        "subnet manager re-sweeps after a spine port change; NCCL errors are spread across all nodes and "
        "accuse different peers. A fabric-wide transient with no node to blame: restart.",
        "https://github.com/NVIDIA/nccl/issues/1557",
    )
    return b


def w16_efa_device_reset_one_node(rng):
    b = Bundle("w16_efa_device_reset_one_node")
    hosts = hostnames(rng, "aws", 4)
    job = Job(rng, hosts, order=sorted(hosts)[::-1], nccl="2.19.4+cuda12.2")
    clock = Clock(rng)
    log = Log(job)
    jobid = rng.randint(100, 9000)
    for r in range(0, job.world, 8):
        h, l = job.where(r)
        log.add(clock.t(5), h, r, job.nccl_init(h, l, net="OFI", iface="enp71s0"))
    T = 5000 + rng.uniform(0, 5000)
    progress(log, job, clock, rng, 60, T, 10, 2.8, style="simple")
    bad = job.order[2]
    bip = job.ip[bad]
    for h in job.order:
        if h == bad:
            continue
        for l in (0, 3, 5):
            r = job.rank(h, l)
            pid = job.pid[(h, l)]
            tt = T + rng.uniform(0.2, 1.5)
            log.add(
                clock.t(tt),
                h,
                r,
                [
                    "libfabric:%d:%d:efa:ep_ctrl:efa_rdm_pke_handle_tx_error():591<warn> Unreachable remote. Peer %s "
                    "(efa addr fi_addr %d) unresponsive, err: 5 (prov_errno 13)"
                    % (pid, int(tt), bip, rng.randint(1, 30)),
                    "%s:%d:%d [%d] nccl_net_ofi_rdma_progress:2401 NCCL WARN NET/OFI Request completed with error. RC: 5. "
                    "Error: Input/output error. Completed length: 0" % (h, pid, pid + 60, l),
                    "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (h, pid, pid + 60, l),
                ],
            )
            log.add(clock.t(tt + 2), h, r, job.remote_error(r, bip))
    log.add(
        clock.t(T + 6),
        job.order[0],
        None,
        "srun: error: %s: task %d: Exited with exit code 1" % (job.order[0], 0),
    )
    log.add(
        clock.t(T + 7),
        job.order[0],
        None,
        "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***"
        % (jobid, job.order[0], ts_slurm(clock.t(T + 7))),
    )
    log.render(b, "slurm", jobid=jobid)
    for h in job.order:
        boot = rng.uniform(20000, 200000)
        k = kernel_noise_uptime(rng, boot - 1000, boot + T + 100, 8)
        if h == bad:
            k += [
                (boot + T - 2.0, "efa 0000:a5:00.0: Keep alive watchdog timeout"),
                (boot + T - 2.0, "efa 0000:a5:00.0: Failed to submit admin command 0x3 (err -110)"),
                (boot + T - 1.9, "efa 0000:a5:00.0: Device reset required, reason: KEEP_ALIVE_TO"),
                (
                    boot + T + 3.0,
                    "efa 0000:a5:00.0: Device reset failed (-110), device is unusable",
                ),
            ]
        sysfile(b, h, fmt_dmesg(k, "syslog", clock, boot, host=h), "messages")
    b.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Ranks on three nodes say peer %s (=%s, from the bootstrap lines) is unreachable over EFA; that "
        "instance's efa device hit a keep-alive timeout and its reset failed. Replace the instance."
        % (bip, bad),
        "https://github.com/aws/aws-ofi-nccl/issues/161",
    )
    return b


def w17_roce_link_flapping_k8s(rng):
    b = Bundle("w17_roce_link_flapping_k8s")
    hosts = hostnames(rng, "rack", 4)
    job = Job(rng, hosts, nccl="2.20.3+cuda12.3")
    clock = Clock(rng)
    log = Log(job)
    pods = {h: "mpt-30b-worker-%d" % job.node_rank(h) for h in job.order}
    for h in job.order:
        for l in (0, 4):
            log.add(clock.t(7), h, job.rank(h, l), job.nccl_init(h, l, net="RoCE", iface="bond0"))
    T = 9000 + rng.uniform(0, 3000)
    progress(log, job, clock, rng, 60, T, 10, 3.6, style="simple")
    bad = _not_first(rng, job)
    bip = job.ip[bad]
    for l in range(0, 8, 2):
        pid = job.pid[(bad, l)]
        for i in range(3):
            log.add(
                clock.t(T - 300 + i * 80),
                bad,
                job.rank(bad, l),
                "%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error"
                % (bad, pid, pid + 402, l),
            )
    for h in job.order:
        if h == bad:
            continue
        for l in (1, 4):
            r = job.rank(h, l)
            log.add(
                clock.t(T + 0.2), h, r, job.nccl_warn_completion(h, l, bip, status=12, vendor=129)
            )
            log.add(clock.t(T + 1.2), h, r, job.remote_error(r, bip))
        log.add(clock.t(T + 4), h, None, job.child_failed(clock.t(T + 4), h, 1, exitcode=1))
    log.render(b, "k8s", pod_fmt=lambda h: pods[h])
    for h in job.order:
        boot = rng.uniform(100000, 800000)
        k = kernel_noise_uptime(rng, boot - 3000, boot + T + 100, 10)
        if h == bad:
            t = boot + T - 3600
            for i in range(23):
                t += rng.uniform(60, 180)
                k.append((t, "mlx5_core 0000:1a:00.1 ens1f1np1: Link down"))
                k.append(
                    (
                        t + 0.01,
                        "bond0: (slave ens1f1np1): link status definitely down, disabling slave",
                    )
                )
                t += rng.uniform(1, 6)
                k.append((t, "mlx5_core 0000:1a:00.1 ens1f1np1: Link up"))
                k.append(
                    (
                        t + 0.1,
                        "bond0: (slave ens1f1np1): link status definitely up, 200000 Mbps full duplex",
                    )
                )
        sysfile(b, h, fmt_dmesg(k, "iso", clock, boot, host=h), "kernel.log")
    desc = [
        "Name:               %s" % bad,
        "Roles:              <none>",
        "Conditions:",
        "  Type                 Status  LastHeartbeatTime                 Reason                  Message",
        "  ----                 ------  -----------------                 ------                  -------",
        "  NetworkLinkFlapping  True    %s   LinkFlapDetected        ens1f1np1 flapped 23 times in 1h"
        % ts_iso_ms(clock.t(T)),
        "  KernelDeadlock       False   %s   KernelHasNoDeadlock     kernel has no deadlock"
        % ts_iso_ms(clock.t(T)),
        "  Ready                True    %s   KubeletReady            kubelet is posting ready status"
        % ts_iso_ms(clock.t(T)),
    ]
    sysfile(b, bad, desc, "kubectl-describe-node.txt")
    b.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Only %s's ranks log 'async event: port error'; its RoCE port ens1f1np1 flapped 23 times in the hour "
        "before the crash (node-problem-detector NetworkLinkFlapping=True) and every peer's completion error "
        "names %s. A bad cable/optic on that node." % (bad, bip),
        "https://github.com/NVIDIA/nccl/issues/905",
    )
    return b


CASES = [
    w13_ib_hca_fatal_one_node,
    w14_leaf_switch_down,
    w15_transient_fabric_flap,
    w16_efa_device_reset_one_node,
    w17_roce_link_flapping_k8s,
]
