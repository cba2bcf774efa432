"""Network (InfiniBand / RoCE / EFA) cases."""

from scenario import *  # noqa
from cases_gpu import dmesg_boot_noise

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


def ib_gid(ip, rng):
    return "fe80::%x:%x03:%x:%04x" % (
        rng.randint(0x1000, 0xFFFF),
        rng.randint(0x10, 0xFF),
        rng.randint(0x10, 0xFF),
        int(ip.split(".")[-1]) * 97 % 0xFFFF,
    )


def remote_error_block(rank, dt, nccl_ver, last_err, rng, libdir=LIBDIR):
    msg = (
        "[PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process "
        "exited or there was a network error, NCCL version %s\nncclRemoteError: A call failed possibly due to a network "
        "error or a remote process exiting prematurely.\nLast error:\n%s"
        % (rank, nccl_ver.split("+")[0], last_err)
    )
    out = [glog(dt, "E", "ProcessGroupNCCL.cpp:1515", msg, rank=rank, rng=rng)]
    out.append(
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/NCCLUtils.cpp:275 (most recent call first):"
    )
    out += [
        f.replace(
            "checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2",
            "checkForNCCLErrors() + 0x41",
        )
        for f in _frames_timeout(rng, libdir)
    ]
    out.append("")
    out.append("terminate called after throwing an instance of 'c10::DistBackendError'")
    out.append("  what():  " + msg)
    return out


def _frames_timeout(rng, libdir):
    import loglib

    return loglib._frames("timeout", rng, libdir)


def ib_completion_warn(
    host,
    pid,
    local,
    rng,
    peer_ip,
    status=12,
    vendor=129,
    direction="Recv",
    local_ip=None,
    gid_style="ib",
    opcode=0,
):
    tid = pid + rng.randint(400, 900)
    port = rng.randint(32768, 60999)
    if gid_style == "ib":
        lg = "fe80::ba3f:d203:%x:%04x" % (rng.randint(0x10, 0xFF), rng.randint(0, 0xFFFF))
        rg = "fe80::ba3f:d203:%x:%04x" % (rng.randint(0x10, 0xFF), rng.randint(0, 0xFFFF))
    else:
        lg = "::ffff:%s" % local_ip
        rg = "::ffff:%s" % peer_ip
    p = nccl_prefix(host, pid, tid, local)
    return (
        [
            "",
            "%s transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=%d opcode=%d len=0 "
            "vendor err %d (%s) localGid %s remoteGids%s"
            % (p, peer_ip, port, status, opcode, vendor, direction, lg, rg),
            "%s NCCL INFO transport/net.cc:1302 -> 6" % p,
            "%s NCCL INFO proxy.cc:698 -> 6" % p,
            "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % p,
        ],
        "NET/IB : Got completion from peer %s<%d> with status=%d opcode=%d len=0 vendor err %d (%s) localGid %s remoteGids%s"
        % (peer_ip, port, status, opcode, vendor, direction, lg, rg),
    )


def ibstat(dev_states):
    """dev_states: list of (dev, state, phys, rate, lid)"""
    out = []
    for dev, state, phys, rate, lid in dev_states:
        out += [
            "CA '%s'" % dev,
            "\tCA type: MT4129",
            "\tNumber of ports: 1",
            "\tFirmware version: 28.39.2048",
            "\tHardware version: 0",
            "\tNode GUID: 0xb83fd20300%06x" % (sum(map(ord, dev)) * 40503 & 0xFFFFFF),
            "\tSystem image GUID: 0xb83fd20300a17c10",
            "\tPort 1:",
            "\t\tState: %s" % state,
            "\t\tPhysical state: %s" % phys,
            "\t\tRate: %s" % rate,
            "\t\tBase lid: %s" % lid,
            "\t\tLMC: 0",
            "\t\tSM lid: 1",
            "\t\tCapability mask: 0xa751e848",
            "\t\tPort GUID: 0xb83fd20300%06x" % (sum(map(ord, dev)) * 40503 & 0xFFFFFF),
            "\t\tLink layer: InfiniBand",
        ]
    return out


# ============================================================================
@case
def c09(rng):
    b = Bundle("c09_ib_port_down_peer_accused_by_ip")
    hosts = ["compute-0-3", "compute-0-5", "compute-0-6", "compute-0-9"]
    ips = [
        "10.10.4.31",
        "10.10.4.27",
        "10.10.4.44",
        "10.10.4.19",
    ]  # not derivable from the hostname
    t0 = T("2024-01-22 16:40:31")
    nv = "2.19.3+cuda12.3"
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="run_pretrain.py",
        nccl_version=nv,
        rank_file=lambda hi, l, r: "log/rank_%d.txt" % r,
        agent_file="torchrun.txt",
    )
    job.startup()
    cul_hi = 2
    h = hosts[cul_hi]
    # progress on rank 0 (python logging)
    t = t0 + sec(140)
    for step in range(100, 12100, 100):
        t += sec(100 * 2.02 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "%s - INFO - step %d/250000 loss=%.4f lr=%.2e tflops=%.1f"
            % (
                pylog(t),
                step,
                2.9 - step * 0.00004 + rng.uniform(-0.02, 0.02),
                3e-4,
                171 + rng.uniform(-2, 2),
            )
        )
    t_fault = t + sec(71.4)
    # rail 2 is the broken HCA (mlx5_2) on compute-0-6
    died = {}
    # the culprit node's own rank on rail 2 sees the async port error first
    pc = job.pids[h][2]
    lgc = job.logs[(cul_hi, 2)]
    lgc.append("")
    lgc.append(
        "%s transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error"
        % nccl_prefix(h, pc, pc + 211, 2)
    )
    lgc.append("")
    lgc.append(
        "%s transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error"
        % nccl_prefix(h, pc, pc + 211, 2)
    )
    w, last = ib_completion_warn(h, pc, 2, rng, ips[0], status=5, vendor=249, direction="Send")
    lgc += w
    lgc += remote_error_block(job.rank(cul_hi, 2), t_fault + ms(15800), nv, last, rng)
    died[job.rank(cul_hi, 2)] = t_fault + ms(16300)
    # peers on the same rail accuse 10.10.4.44 (compute-0-6)
    for hi in (0, 3, 1):
        pp = job.pids[hosts[hi]][2]
        w, last = ib_completion_warn(
            hosts[hi], pp, 2, rng, ips[cul_hi], status=12, vendor=129, direction="Recv"
        )
        r = job.rank(hi, 2)
        job.logs[(hi, 2)] += w
        td = t_fault + ms(rng.randint(16900, 19500))
        job.logs[(hi, 2)] += remote_error_block(r, td, nv, last, rng)
        died[r] = td + ms(400)
    died.update(
        job.watchdog_cascade(
            t_fault - ms(60),
            246011,
            "ALLREDUCE",
            (134217728, 134217728),
            skip=list(died.keys()) + [job.rank(cul_hi, l) for l in range(8)],
            early=died,
        )
    )
    job.agents_after(died)
    job.emit()
    boot = t0 - sec(86400 * 40)
    k = dmesg_boot_noise(boot, h, "journal", rng)
    k += [
        journald(t_fault - ms(900), h)
        + " mlx5_core 0000:41:00.0: mlx5_port_module_event:1174:(pid 0): Port module event[error]: module 0, Cable error, High Temperature",
        journald(t_fault - ms(880), h) + " mlx5_core 0000:41:00.0: Port: 1 Link DOWN",
        journald(t_fault - ms(870), h)
        + " infiniband mlx5_2: mlx5_ib_event:3039:(pid 0): warning: event on port 1, port state changed to DOWN",
    ]
    b.add(h, "kern.log", k)
    b.add(
        h,
        "ibstat.txt",
        ["# ibstat (collected by epilog %s)" % ctime(t_fault + sec(700))]
        + ibstat(
            [
                (
                    "mlx5_%d" % i,
                    "Down" if i == 2 else "Active",
                    "Polling" if i == 2 else "LinkUp",
                    "10" if i == 2 else "400",
                    "0xffff" if i == 2 else str(30 + i),
                )
                for i in range(8)
            ]
        ),
    )
    # red herring on compute-0-3: correctable PCIe AER on the NVMe, nothing on IB
    k3 = dmesg_boot_noise(boot + sec(13), hosts[0], "journal", rng)
    k3.append(
        journald(t_fault - sec(3600 * 5), hosts[0])
        + " pcieport 0000:80:01.1: AER: Corrected error received: 0000:81:00.0"
    )
    k3.append(
        journald(t_fault - sec(3600 * 5), hosts[0])
        + " nvme 0000:81:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"
    )
    b.add(hosts[0], "kern.log", k3)
    b.set_label(
        "network",
        "infrastructure",
        culprit(h, None),
        "restart_without_node",
        "Ranks on three nodes report IB completion errors (status 12, retry exceeded) from peer 10.10.4.44, which the "
        "NCCL Bootstrap lines map to compute-0-6; that node's kern.log shows mlx5_2 port going DOWN (cable/module "
        "error) a second earlier and ibstat still shows it Polling. compute-0-6's own error accusing 10.10.4.31 is a consequence.",
        "https://github.com/NVIDIA/nccl/issues/905",
        "IB errors name a peer only by IP; mapping needs Bootstrap lines; accused node also accuses an innocent peer.",
    )
    return b


# ============================================================================
@case
def c10(rng):
    b = Bundle("c10_roce_leaf_switch_flap_topology")
    hosts = ["hgx-r07-s%02d" % i for i in (1, 2, 3, 4)] + [
        "hgx-r08-s%02d" % i for i in (1, 2, 3, 4)
    ]
    ips = ["172.16.7.%d" % (10 + i) for i in range(4)] + [
        "172.16.8.%d" % (10 + i) for i in range(4)
    ]
    b.topo = {"leaf-r07": hosts[:4], "leaf-r08": hosts[4:]}
    t0 = T("2024-05-14 20:05:00")
    nv = "2.21.5+cuda12.4"
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="pretrain.py",
        nccl_version=nv,
        proto="RoCE",
        iface="bond0",
        hcas=["mlx5_%d" % i for i in range(8)],
        rank_file=lambda hi, l, r: "train.rank%d.log" % r,
        agent_file="torchrun.log",
    )
    job.startup()
    t = t0 + sec(200)
    for step in range(20, 2420, 20):
        t += sec(20 * 3.3 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(7, 7)].append(
            "[%s] [INFO] [trainer] it %d | loss %.4f | %.1f TFLOP/s/GPU | %.2f s/it"
            % (
                iso(t, z=False),
                step,
                2.2 - step * 0.00003,
                392 + rng.uniform(-3, 3),
                3.3 + rng.uniform(-0.03, 0.03),
            )
        )
    t_fault = t + sec(27)
    died = {}
    # ranks across both switches see retry-exceeded against peers behind leaf-r07
    hit = [
        (0, 1, 5),
        (1, 4, 6),
        (2, 0, 4),
        (3, 7, 1),
        (4, 3, 0),
        (5, 6, 2),
        (6, 2, 3),
        (7, 5, 0),
        (1, 2, 7),
        (6, 1, 2),
    ]
    for hi, l, peer in hit:
        h = hosts[hi]
        pp = job.pids[h][l]
        w, last = ib_completion_warn(
            h,
            pp,
            l,
            rng,
            ips[peer],
            status=12,
            vendor=129,
            direction="Send" if l % 2 else "Recv",
            local_ip=ips[hi],
            gid_style="roce",
        )
        r = job.rank(hi, l)
        if r in died:
            continue
        job.logs[(hi, l)] += w
        td = t_fault + ms(rng.randint(20500, 24000))
        job.logs[(hi, l)] += remote_error_block(r, td, nv, last, rng)
        died[r] = td + ms(300)
    died.update(
        job.watchdog_cascade(
            t_fault - ms(200),
            39881,
            "ALLREDUCE",
            (268435456, 268435456),
            skip=list(died.keys()),
            early=died,
        )
    )
    job.agents_after(died)
    job.emit()
    boot = t0 - sec(86400 * 2)
    for hi, h in enumerate(hosts):
        k = dmesg_boot_noise(boot + sec(hi), h, "T", rng)
        if hi < 4:
            for nic in range(8):
                bdf = ["1a", "3c", "4d", "5e", "9c", "bc", "cc", "dc"][nic]
                k.append(
                    dmesg_T(t_fault + ms(rng.randint(0, 300)))
                    + " mlx5_core 0000:%s:00.0 ens%dnp0: Link down" % (bdf, 200 + nic)
                )
            for nic in range(8):
                bdf = ["1a", "3c", "4d", "5e", "9c", "bc", "cc", "dc"][nic]
                k.append(
                    dmesg_T(t_fault + sec(7) + ms(rng.randint(0, 900)))
                    + " mlx5_core 0000:%s:00.0 ens%dnp0: Link up" % (bdf, 200 + nic)
                )
        else:
            k.append(
                dmesg_T(t_fault + sec(700))
                + " nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"
            )
        b.add(h, "dmesg-T.txt", k)
    b.add(
        hosts[0],
        "lldp_neighbors.txt",
        ["$ lldpctl | grep -E 'Interface|SysName|PortDescr'"]
        + sum(
            [
                [
                    "Interface:    ens%dnp0, via: LLDP, RID: 1, Time: 0 day, 00:00:%02d"
                    % (200 + n, 3 + n),
                    "    SysName:      leaf-r07",
                    "    PortDescr:    swp%d" % (1 + n),
                ]
                for n in range(2)
            ],
            [],
        ),
    )
    b.set_label(
        "network",
        "infrastructure",
        None,
        "restart",
        "All eight RoCE NICs on all four nodes behind leaf-r07 (and only those) went link-down at the same second and "
        "came back 7 s later; errors on leaf-r08 nodes only accuse leaf-r07 peers. A switch-level event, not a node: "
        "restart once the fabric is back (and tell the network team).",
        "https://github.com/NVIDIA/nccl/issues/1405",
        "topology.json; same link flap on every node behind one leaf switch; accusations spread across both racks.",
    )
    return b


# ============================================================================
@case
def c11(rng):
    b = Bundle("c11_ib_degraded_link_recurs_across_attempts")
    hosts = ["gpu-10-31-2-%d" % i for i in (41, 42, 44, 47, 48, 53)]
    ips = ["10.31.2.%d" % i for i in (41, 42, 44, 47, 48, 53)]
    bad_hi = 2  # gpu-10-31-2-44
    nv = "2.20.5+cuda12.4"
    t0s = [T("2024-07-01 09:00:12"), T("2024-07-01 11:43:40")]
    for att in range(2):
        job = Job(
            b,
            rng,
            hosts,
            ips,
            t0s[att],
            attempt=att,
            script="train.py",
            nccl_version=nv,
            rank_file=lambda hi, l, r: "rank-%02d.log" % r,
            agent_file="agent.log",
        )
        job.startup()
        t = t0s[att] + sec(180)
        n = 41 if att == 0 else 12
        for step in range(n):
            t += sec(100 * 1.9 * (1 + rng.uniform(-0.02, 0.02)))
            job.logs[(0, 0)].append(
                "%s | INFO | step %d | loss %.3f | %.2f s/step"
                % (
                    pylog(t),
                    (step + 1) * 100 + (0 if att == 0 else 4000),
                    2.4 - step * 0.004,
                    1.9 + rng.uniform(-0.02, 0.1),
                )
            )
        t_fault = t + sec(33)
        died = {}
        for hi, l in ((0, 3), (4, 3), (5, 3), (1, 3)):
            h = hosts[hi]
            pp = job.pids[h][l]
            w, last = ib_completion_warn(
                h, pp, l, rng, ips[bad_hi], status=12, vendor=129, direction="Recv"
            )
            r = job.rank(hi, l)
            job.logs[(hi, l)] += w
            td = t_fault + ms(rng.randint(9000, 14000))
            job.logs[(hi, l)] += remote_error_block(r, td, nv, last, rng)
            died[r] = td + ms(500)
        died.update(
            job.watchdog_cascade(
                t_fault - ms(50),
                40000 + att * 3000,
                "ALLGATHER",
                (524288, 25165824),
                skip=list(died.keys()),
                early=died,
            )
        )
        job.agents_after(died)
        job.emit()
    h = hosts[bad_hi]
    b.add(
        h,
        "ib_health.txt",
        [
            "# collected after attempt_1 by node-health-check",
            "$ ibstat mlx5_3 | egrep 'State|Rate|Physical'",
            "\t\tState: Active",
            "\t\tPhysical state: LinkUp",
            "\t\tRate: 100",
            "",
            "$ mlxlink -d mlx5_3 | egrep -i 'width|speed|state'",
            "State                              : Active",
            "Physical state                     : LinkUp",
            "Speed                              : IB-NDR",
            "Width                              : 1x",
            "Enabled Link Speed (Ext.)          : 0x00000030 (NDR,HDR)",
            "Supported Cable Speed (Ext.)       : 0x00000030 (NDR,HDR)",
            "",
            "$ perfquery -x -C mlx5_3 -P 1",
            "# Port extended counters: Lid 117 port 1 (CapMask: 0x5A00)",
            "PortXmitData:....................4283117104921",
            "PortRcvData:.....................4277712830288",
            "SymbolErrorCounter:..............65535",
            "LinkErrorRecoveryCounter:........255",
            "LinkDownedCounter:...............7",
            "PortRcvErrors:...................18822",
            "PortXmitDiscards:................1211",
        ],
        attempt=1,
    )
    # healthy comparison from a neighbour
    b.add(
        hosts[3],
        "ib_health.txt",
        [
            "$ ibstat mlx5_3 | egrep 'State|Rate|Physical'",
            "\t\tState: Active",
            "\t\tPhysical state: LinkUp",
            "\t\tRate: 400",
            "",
            "$ perfquery -x -C mlx5_3 -P 1",
            "SymbolErrorCounter:..............0",
            "LinkErrorRecoveryCounter:........0",
            "LinkDownedCounter:...............0",
        ],
        attempt=1,
    )
    b.set_label(
        "network",
        "infrastructure",
        culprit(h, None),
        "restart_without_node",
        "Both attempts on the same allocation die with IB retry-exceeded errors on rail 3 naming peer 10.31.2.44 "
        "(gpu-10-31-2-44); that HCA runs at 1x width/100 Gb with saturated symbol errors and 7 link-downs. A bad link "
        "on one node that recurs - exclude it.",
        "https://github.com/NVIDIA/nccl/issues/1664",
        "attempt_0/attempt_1 on the same nodes; accused IP equals hostname; mlxlink shows degraded width.",
    )
    return b


# ============================================================================
@case
def c12(rng):
    b = Bundle("c12_transient_ib_blip_no_node_evidence")
    hosts = ["sc-gpu-0117", "sc-gpu-0123", "sc-gpu-0208"]
    ips = ["10.201.1.17", "10.201.1.23", "10.201.2.8"]
    t0 = T("2024-09-09 03:22:10")
    nv = "2.21.5+cuda12.4"
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train_moe.py",
        nccl_version=nv,
        rank_file=lambda hi, l, r: "worker_%d.log" % r,
        agent_file=None,
    )
    job.startup()
    t = t0 + sec(300)
    for step in range(25, 12000, 25):
        t += sec(25 * 2.7 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(2, 7)].append(
            "step=%d loss=%.4f aux_loss=%.4f lr=%.3e t/step=%.3f"
            % (
                step,
                2.5 - step * 0.00002,
                0.011 + rng.uniform(0, 0.002),
                2e-4,
                2.7 + rng.uniform(-0.02, 0.02),
            )
        )
    t_fault = t + sec(15)
    died = {}
    pairs = [(1, 6, 2), (2, 6, 1)]  # both sides accuse each other, same rail, same second
    for hi, l, peer in pairs:
        h = hosts[hi]
        pp = job.pids[h][l]
        w, last = ib_completion_warn(
            h, pp, l, rng, ips[peer], status=12, vendor=129, direction="Send" if hi == 1 else "Recv"
        )
        r = job.rank(hi, l)
        job.logs[(hi, l)] += w
        td = t_fault + ms(rng.randint(14000, 16000))
        job.logs[(hi, l)] += remote_error_block(r, td, nv, last, rng)
        died[r] = td + ms(500)
    died.update(
        job.watchdog_cascade(
            t_fault - ms(20),
            771203,
            "ALLTOALL_BASE",
            (12582912, 12582912),
            skip=list(died.keys()),
            pg="5 (EXPERT_PARALLEL)",
            early=died,
        )
    )
    job.agents_after(died)
    job.emit()
    # slurm console on first node with the restart policy
    so = ["[%s] sbatch: job 7712093 started on sc-gpu-[0117,0123,0208]" % slurm_ts(t0 - sec(8))]
    for hi, h in enumerate(hosts):
        for l in range(8):
            if job.rank(hi, l) in died:
                pass
        so.append("srun: error: %s: task %d: Exited with exit code 1" % (h, hi))
    b.add(hosts[0], "slurm-7712093.out", so)
    boot = t0 - sec(86400 * 11)
    for hi, h in enumerate(hosts):
        k = dmesg_boot_noise(boot, h, "up", rng)
        b.add(h, "dmesg.txt", k)
        b.add(
            h,
            "ibstat_after.txt",
            ibstat(
                [
                    ("mlx5_%d" % i, "Active", "LinkUp", "400", str(100 + hi * 10 + i))
                    for i in range(8)
                ]
            ),
        )
    b.add(
        hosts[1],
        "perfquery_mlx5_6.txt",
        [
            "$ perfquery -x -C mlx5_6 -P 1",
            "SymbolErrorCounter:..............0",
            "LinkErrorRecoveryCounter:........0",
            "LinkDownedCounter:...............0",
            "PortRcvErrors:...................0",
        ],
    )
    b.set_label(
        "network",
        "infrastructure",
        None,
        "restart",
        "A single pair of IB retry-exceeded errors on rail 6 between sc-gpu-0123 and sc-gpu-0208 (each accusing the "
        "other) with no link-down, no counters and all ports Active afterwards: a transient fabric blip with no node to "
        "blame. Restart.",
        "https://github.com/NVIDIA/nccl/issues/1405",
        "Two-sided IB accusation; clean counters/ibstat; mutual blame must not pick a node.",
    )
    return b
