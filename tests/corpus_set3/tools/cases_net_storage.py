"""Cases s11-s19: InfiniBand / RoCE / EFA network faults and shared vs node-local storage."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from common import (
    Bundle,
    Job,
    Kernel,
    glog,
    hosts_file,
    megatron_iters,
    pylog,
    pytb,
    titan_steps,
)


def _ib_err(
    job: Job, rank: int, peer: int, status: int = 12, verr: int = 129, kind: str = "Recv"
) -> list[str]:
    node = job.node_of(rank)
    lr = rank % job.gpus
    pid = job.pids[rank]
    tag = f"{job.hosts[node]}:{pid}:{pid + 391} [{lr}]"
    pre = job.p(rank)
    return [
        f"{pre}{tag} transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {job.ips[peer]}<{48000 + 17 * lr}> with status={status} opcode=0 len=0 vendor err {verr} ({kind}) localGid ::ffff:{job.ips[node]} remoteGids::ffff:{job.ips[peer]}",
        f"{pre}{tag} NCCL INFO transport/net.cc:1302 -> 6",
        f"{pre}{tag} NCCL INFO proxy.cc:698 -> 6",
        f"{pre}{tag} NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
    ]


def s11_ib_link_flap_accused_peer() -> Bundle:
    b = Bundle("s11_ib_link_flap_peer_named_by_ip")
    rng = random.Random(111)
    hosts = [f"trn-a{i:02d}" for i in range(1, 9)]
    job = Job(hosts, prefix="rank", seed=11, base_ip="10.64.{a}.{b}")
    bad = 4  # trn-a05
    t0 = datetime(2024, 8, 22, 2, 0, 0)
    flap = datetime(2024, 8, 22, 4, 51, 12, 330000)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, range(8))
        if n == 0:
            prog, _ = megatron_iters(t0 + timedelta(minutes=5), 10, 50, 10, 1488.0, rng)
            lines += [f"[rank7]:{p}" for p in prog]
        if n in (2, 5):
            for lr in (1, 5):
                lines += _ib_err(job, job.rank(n, lr), bad)
                lines += job.nccl_remote_error(
                    job.rank(n, lr),
                    f"NET/IB : Got completion from peer {job.ips[bad]}<{48000 + 17 * lr}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{job.ips[n]} remoteGids::ffff:{job.ips[bad]}",
                )
        ts = flap + timedelta(minutes=10, seconds=1)
        for lr in range(8):
            r = job.rank(n, lr)
            if n in (2, 5) and lr in (1, 5):
                continue
            lines += job.watchdog(r, ts + timedelta(milliseconds=13 * r), 190233, op="ALLREDUCE")[
                :2
            ]
        lines += job.sigterm(n, ts + timedelta(seconds=4), range(8))
        b.add(f"{h}/logs/torchrun_{h}.txt", lines)
    k = Kernel(hosts[bad], datetime(2024, 8, 15, 0, 0, 0), "dmesg_T")
    b.add(
        f"{hosts[bad]}/dmesg.txt",
        [
            *k.benign(rng, t0, 10),
            k.line(flap, "mlx5_core 0000:5e:00.0 mlx5_2: Port: 1 Link DOWN"),
            k.line(flap, "mlx5_core 0000:5e:00.0 ibp94s0: Link down"),
            k.line(
                flap + timedelta(seconds=38), "mlx5_core 0000:5e:00.0 mlx5_2: Port: 1 Link INIT"
            ),
            k.line(
                flap + timedelta(seconds=41), "mlx5_core 0000:5e:00.0 mlx5_2: Port: 1 Link ACTIVE"
            ),
            k.line(flap + timedelta(minutes=3), "mlx5_core 0000:5e:00.0 mlx5_2: Port: 1 Link DOWN"),
            k.line(
                flap + timedelta(minutes=3, seconds=40),
                "mlx5_core 0000:5e:00.0 mlx5_2: Port: 1 Link ACTIVE",
            ),
        ],
    )
    b.add(
        f"{hosts[bad]}/perfquery-mlx5_2.txt",
        [
            "# Port counters: Lid 1187 port 1 (CapMask: 0x5A00)",
            "PortSelect:......................1",
            "SymbolErrorCounter:..............48211",
            "LinkErrorRecoveryCounter:........0",
            "LinkDownedCounter:...............2",
            "PortRcvErrors:...................3190",
            "PortXmitDiscards:................771",
            "LocalLinkIntegrityErrors:........9",
        ],
    )
    k3 = Kernel(hosts[2], datetime(2024, 8, 15, 0, 0, 0), "dmesg_T")
    b.add(f"{hosts[2]}/dmesg.txt", k3.benign(rng, t0, 8))
    b.verdict(
        "network",
        "infrastructure",
        hosts[bad],
        None,
        "restart_without_node",
        "trn-a03 and trn-a06 report IB completion errors (status 12, retry exceeded) from peer 10.64.x.y, which the Bootstrap lines map to trn-a05; trn-a05's mlx5_2 port flapped twice with tens of thousands of symbol errors.",
        "https://github.com/NVIDIA/nccl/issues/1405",
    )
    return b


def s12_leaf_switch_outage() -> Bundle:
    b = Bundle("s12_leaf_switch_outage_topology")
    rng = random.Random(112)
    hosts = [f"n{i:03d}" for i in range(101, 113)]
    job = Job(hosts, gpus=4, prefix="srun", seed=12, base_ip="172.20.{a}.{b}")
    b.topology = {
        "leaf-sw-02": hosts[0:4],
        "leaf-sw-03": hosts[4:8],
        "leaf-sw-04": hosts[8:12],
    }
    t0 = datetime(2025, 5, 6, 20, 0, 0)
    down = datetime(2025, 5, 6, 23, 17, 33, 600000)
    lines = ["+ srun -l --ntasks-per-node=4 python -u pretrain.py --config cfg/13b.yaml"]
    for n in range(12):
        lines += job.nccl_init(n, [0])
    prog, _ = megatron_iters(t0 + timedelta(minutes=4), 20, 40, 20, 2950.0, rng, gbs=768)
    lines += [f"0: {p}" for p in prog]
    for n in (0, 2, 9, 11):
        for lr in (0, 3):
            r = job.rank(n, lr)
            peer = 4 + (r % 4)
            lines += _ib_err(job, r, peer, kind="Send")
    for n in (4, 6, 7):
        r = job.rank(n, 1)
        lines += _ib_err(job, r, (n + 4) % 12, status=5, verr=249)
    for r in range(0, 48, 3):
        lines += job.watchdog(r, down + timedelta(minutes=10, milliseconds=7 * r), 80033)[:1]
    lines += [
        "srun: error: n105: task 17: Aborted",
        "srun: launch/slurm: _step_signal: Terminating StepId=5512203.0",
        "slurmstepd: error: *** STEP 5512203.0 ON n101 CANCELLED AT 2025-05-06T23:28:02 ***",
        "srun: error: n101: tasks 0-3: Terminated",
        "srun: error: n110: tasks 36-39: Terminated",
    ]
    b.add("n101/slurm-5512203.out", lines)
    for n in range(4, 8):
        k = Kernel(hosts[n], datetime(2025, 5, 1, 0, 0, 0), "journal")
        km = k.benign(rng, t0, 5)
        for port in range(4):
            km.append(
                k.line(
                    down + timedelta(milliseconds=30 * port + n),
                    f"mlx5_core 0000:{['0c', '2a', '8d', 'b9'][port]}:00.0 mlx5_{port}: Port: 1 Link DOWN",
                )
            )
        km.append(
            k.line(
                down + timedelta(minutes=14), "mlx5_core 0000:0c:00.0 mlx5_0: Port: 1 Link ACTIVE"
            )
        )
        b.add(f"{hosts[n]}/journalctl-k.txt", km)
    for n in (0, 9):
        k = Kernel(hosts[n], datetime(2025, 5, 1, 0, 0, 0), "journal")
        b.add(f"{hosts[n]}/journalctl-k.txt", k.benign(rng, t0, 7))
    b.verdict(
        "network",
        "infrastructure",
        None,
        None,
        "restart",
        "All four HCAs on every node under leaf-sw-03 (n105-n108) went down within the same second and came back 14 minutes later; nodes on other leaves only lost their peers there. A switch outage, not a node fault.",
        "https://docs.nvidia.com/deeplearning/nccl/user-guide/docs/troubleshooting.html",
    )
    return b


def s13_transient_retry_mutual() -> Bundle:
    b = Bundle("s13_transient_ib_retry_mutual_accusation")
    rng = random.Random(113)
    hosts = ["gpu-c-201", "gpu-c-202", "gpu-c-203", "gpu-c-204"]
    job = Job(hosts, prefix="default", seed=13, base_ip="10.10.{a}.{b}")
    t0 = datetime(2025, 6, 1, 7, 0, 0)
    ev = datetime(2025, 6, 1, 13, 40, 2, 10000)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0, 3])
        if n == 0:
            prog, _ = titan_steps(
                t0 + timedelta(minutes=2), 100, 50, 100, 1.41, rng, pre="[default0]:"
            )
            lines += prog
        if n == 1:
            lines += _ib_err(job, job.rank(1, 3), 2)
            lines += job.nccl_remote_error(
                job.rank(1, 3),
                f"NET/IB : Got completion from peer {job.ips[2]}<48051> with status=12 opcode=0 len=0 vendor err 129 (Recv)",
            )
        if n == 2:
            lines += _ib_err(job, job.rank(2, 3), 1, kind="Send")
            lines += job.nccl_remote_error(
                job.rank(2, 3),
                f"NET/IB : Got completion from peer {job.ips[1]}<48051> with status=12 opcode=0 len=0 vendor err 129 (Send)",
            )
        for lr in range(8):
            if n in (1, 2) and lr == 3:
                continue
            lines += job.watchdog(
                job.rank(n, lr), ev + timedelta(minutes=10, milliseconds=5 * lr + 100 * n), 2291004
            )[:2]
        lines += job.sigterm(n, ev + timedelta(minutes=10, seconds=3), range(8))
        b.add(f"{h}/node{n}.log", lines)
        k = Kernel(h, datetime(2025, 5, 20, 0, 0, 0), "dmesg_T")
        b.add(f"{h}/dmesg.txt", k.benign(rng, t0, 9))
        b.add(
            f"{h}/ibstat.txt",
            [
                f"CA 'mlx5_{p}'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.1002\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 400\n\t\tLink layer: InfiniBand"
                for p in range(4)
            ],
        )
    b.add(
        "gpu-c-201/ufm-events.csv",
        [
            "timestamp,severity,object,event",
            f"{ev - timedelta(seconds=1):%Y-%m-%d %H:%M:%S},Warning,spine-sw-07/Port 31,Link Integrity: symbol error rate above threshold (recovered)",
            f"{ev + timedelta(seconds=20):%Y-%m-%d %H:%M:%S},Info,fabric,Adaptive routing table updated for 12 destinations",
        ],
    )
    b.verdict(
        "network",
        "infrastructure",
        None,
        None,
        "restart",
        "gpu-c-202 and gpu-c-203 each blame the other for a single retry-exceeded completion, both HCAs stayed Active with no kernel link events, and the fabric manager only shows a momentary spine-port glitch; a transient with no node to exclude.",
        "https://github.com/NVIDIA/nccl/issues/1664",
    )
    return b


def s14_efa_peer_unreachable() -> Bundle:
    b = Bundle("s14_efa_device_reset_peer_unreachable")
    rng = random.Random(114)
    hosts = ["ip-10-1-33-12", "ip-10-1-37-201", "ip-10-1-40-88", "ip-10-1-41-5"]
    ips = ["10.1.33.12", "10.1.37.201", "10.1.40.88", "10.1.41.5"]
    iids = [
        "i-0a91c3e5f7d2b4016",
        "i-0c44e8d1a9b07f2e3",
        "i-05f2a7c9e1d3b8a40",
        "i-0e7b1d95c3f4a2186",
    ]
    gids = [
        "fe80::8a1:5cff:fe3e:a1b2",
        "fe80::8d7:12ff:fe90:c3d4",
        "fe80::843:e6ff:fe11:e5f6",
        "fe80::8f0:aaff:fe42:0718",
    ]
    job = Job(hosts, prefix="rank", seed=14, ips=ips, nccl="2.18.5")
    bad = 1
    t0 = datetime(2024, 4, 12, 16, 0, 0)
    ev = datetime(2024, 4, 12, 18, 22, 47, 555000)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0], net="OFI")
        if n == 0:
            prog, _ = titan_steps(t0 + timedelta(minutes=3), 10, 35, 10, 2.2, rng)
            lines += prog
        if n != bad:
            for lr in (0, 2):
                r = job.rank(n, lr)
                pre = job.p(r)
                lines.append(
                    f"{pre}libfabric:{job.pids[r]}:{int(ev.timestamp())}::efa:cq:efa_rdm_txe_handle_error():743<warn> err: 15, message: Destination address unreachable (15) My EFA addr: fi_addr_efa://[{gids[n]}]:0:1072{n}83550 My host id: {iids[n]} Peer EFA addr: fi_addr_efa://[{gids[bad]}]:0:94769947{lr} Peer host id: {iids[bad]}"
                )
                lines.append(
                    f"{pre}{h}:{job.pids[r]}:{job.pids[r] + 77} [{lr}] ofi_process_cq:1045 NCCL WARN NET/OFI Request 0x7f2b8c01d1e8 completed with error. RC: 15. Error: 15 (Destination address unreachable). Completed length: 0, Request: {{ dev: {lr // 2}, size: 0, state: CREATED, direction: SEND }}"
                )
                lines += job.nccl_remote_error(
                    r,
                    "NET/OFI Request 0x7f2b8c01d1e8 completed with error. RC: 15. Error: 15 (Destination address unreachable).",
                )[-4:]
        else:
            for lr in range(8):
                lines += job.watchdog(job.rank(n, lr), ev + timedelta(minutes=10), 66102)[:2]
        lines += job.sigterm(n, ev + timedelta(minutes=10, seconds=3), range(8))
        b.add(f"{h}/torchrun.log", lines)
        b.add(
            f"{h}/ec2-metadata.txt",
            [
                f"instance-id: {iids[n]}",
                f"local-hostname: {h}.ec2.internal",
                f"local-ipv4: {ips[n]}",
                "instance-type: p5.48xlarge",
                "placement: us-east-2b",
            ],
        )
    k = Kernel(hosts[bad], datetime(2024, 4, 11, 9, 0, 0), "uptime")
    b.add(
        f"{hosts[bad]}/dmesg.txt",
        [
            *k.benign(rng, t0, 8),
            k.line(
                ev - timedelta(seconds=3), "efa 0000:a0:1d.0: Keep alive timeout, resetting device"
            ),
            k.line(
                ev - timedelta(seconds=3),
                "efa 0000:a0:1d.0: Failed to process command DESTROY_QP (opcode 2) comp_status 7 err -110",
            ),
            k.line(ev - timedelta(seconds=2), "infiniband rdmap160s29: Device reset in progress"),
            k.line(
                ev + timedelta(seconds=9),
                "efa 0000:a0:1d.0: Device reset completed, but AQ did not recover, marking device as failed",
            ),
        ],
    )
    b.verdict(
        "network",
        "infrastructure",
        hosts[bad],
        None,
        "restart_without_node",
        "Every libfabric error on the other instances names peer host i-0c44e8d1a9b07f2e3, which ec2-metadata identifies as ip-10-1-37-201, and that instance's EFA device failed its keep-alive reset at the same moment.",
        "https://github.com/aws/aws-ofi-nccl/issues/346",
    )
    return b


def s15_roce_tx_timeout() -> Bundle:
    b = Bundle("s15_roce_netdev_tx_timeout_etc_hosts")
    rng = random.Random(115)
    hosts = ["roce-h1", "roce-h2", "roce-h3"]
    ips = ["192.168.40.11", "192.168.40.12", "192.168.40.13"]
    job = Job(hosts, prefix="none", torch="old", seed=15, ips=ips, nccl="2.18.1")
    bad = 2
    t0 = datetime(2023, 12, 5, 10, 0, 0)
    ev = datetime(2023, 12, 5, 15, 2, 8, 900000)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0)
        for k in range(20):
            lines.append(
                f"{pylog(t0 + timedelta(minutes=14 * k))} - INFO - __main__ - Epoch 0 | step {200 * (k + 1)} | loss {2.9 - 0.01 * k:.3f} | {88.1 + rng.uniform(-1, 1):.1f} samples/s"
            )
        if n != bad:
            for lr in (0, 4):
                r = job.rank(n, lr)
                lines.append(
                    f"{h}:{job.pids[r]}:{job.pids[r] + 51} [{lr}] NCCL INFO NET/IB : Got completion from peer {ips[bad]}<39{lr}01> with error 12, opcode 1, len 0, vendor err 129 (Send)"
                )
                lines += job.nccl_remote_error(
                    r,
                    f"NET/IB : Got completion from peer {ips[bad]}<39{lr}01> with error 12, opcode 1, len 0, vendor err 129 (Send)",
                )
        lines += [
            f"WARNING:torch.distributed.elastic.multiprocessing.api:Sending process {job.pids[job.rank(n, 1)]} closing signal SIGTERM",
            f"ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 0 (pid: {job.pids[job.rank(n, 0)]}) of binary: /opt/conda/bin/python",
        ]
        b.add(f"{h}/train-{h}.out", lines)
    b.add("roce-h1/etc-hosts", hosts_file(hosts, ips, "lab"))
    k = Kernel(hosts[bad], datetime(2023, 12, 1, 0, 0, 0), "syslog")
    b.add(
        f"{hosts[bad]}/kern.log",
        [
            *k.benign(rng, t0, 8),
            k.line(ev, "------------[ cut here ]------------"),
            k.line(
                ev, "NETDEV WATCHDOG: ens1f0np0 (mlx5_core): transmit queue 11 timed out 5120 ms"
            ),
            k.line(
                ev,
                "WARNING: CPU: 37 PID: 0 at net/sched/sch_generic.c:525 dev_watchdog+0x21f/0x230",
            ),
            k.line(ev, "Call Trace:"),
            k.line(ev, " <IRQ>"),
            k.line(ev, " ? dev_watchdog+0x21f/0x230"),
            k.line(ev, " call_timer_fn+0x29/0x120"),
            k.line(ev, " </IRQ>"),
            k.line(ev, "---[ end trace 3c1f8a0e51d2b7a4 ]---"),
            k.line(
                ev + timedelta(milliseconds=4),
                "mlx5_core 0000:98:00.0 ens1f0np0: TX timeout detected",
            ),
            k.line(
                ev + timedelta(milliseconds=4),
                "mlx5_core 0000:98:00.0 ens1f0np0: TX timeout on queue: 11, SQ: 0x1a3, CQ: 0x4f1, SQ Cons: 0x0 SQ Prod: 0x7a, usecs since last trans: 5312000",
            ),
            k.line(
                ev + timedelta(milliseconds=9),
                "mlx5_core 0000:98:00.0: mlx5_cmd_out_err:838:(pid 611): MODIFY_QP(0x503) op_mod(0x0) failed, status bad resource state(0x9), syndrome (0x2a7b1c), err(-22)",
            ),
            k.line(
                ev + timedelta(seconds=30), "mlx5_core 0000:98:00.0 ens1f0np0: TX timeout detected"
            ),
        ],
    )
    b.add(
        f"{hosts[bad]}/ethtool-S-ens1f0np0.txt",
        [
            "NIC statistics:",
            "     rx_pause_ctrl_phy: 0",
            "     tx_pause_ctrl_phy: 18837214",
            "     tx_pause_storm_warning_events: 41",
            "     tx_pause_storm_error_events: 3",
            "     rx_discards_phy: 0",
            "     tx_timeout: 2",
        ],
    )
    b.verdict(
        "network",
        "infrastructure",
        hosts[bad],
        None,
        "restart_without_node",
        "Peers report send retries exceeded towards 192.168.40.13, which /etc/hosts maps to roce-h3, whose RoCE NIC hit NETDEV WATCHDOG TX timeouts and pause-storm errors at the same moment.",
        "https://github.com/NVIDIA/nccl/issues/1814",
    )
    return b


def s16_shared_nfs_stale_handle() -> Bundle:
    b = Bundle("s16_shared_fs_stale_handle_all_nodes")
    rng = random.Random(116)
    hosts = ["cn-0411", "cn-0412", "cn-0413", "cn-0414"]
    job = Job(hosts, prefix="rank", seed=16)
    t0 = datetime(2025, 7, 14, 11, 0, 0)
    ev = datetime(2025, 7, 14, 11, 47, 30, 120000)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
        if n == 0:
            lines += [
                f"[rank0]:{x}"
                for x in (
                    f"{pylog(t0 + timedelta(minutes=2))} INFO datasets: Loading cached processed dataset at /mnt/vast/hf_cache/datasets/json/default-3f1b/0.0.0/cache-91c0.arrow",
                )
            ]
            prog, _ = titan_steps(t0 + timedelta(minutes=5), 10, 18, 10, 2.1, rng)
            lines += prog
        for lr in (0, 3, 6):
            r = job.rank(n, lr)
            lines += pytb(
                job.p(r),
                [
                    (
                        "/mnt/vast/users/kim/proj/train.py",
                        302,
                        "train_epoch",
                        "for batch in loader:",
                    ),
                    (
                        "/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py",
                        701,
                        "__next__",
                        "data = self._next_data()",
                    ),
                    (
                        "/usr/local/lib/python3.11/site-packages/datasets/arrow_dataset.py",
                        4101,
                        "_select_with_indices_mapping",
                        "os.chmod(indices_cache_file_name, 0o666 & ~umask)",
                    ),
                ],
                f"OSError: [Errno 116] Stale file handle: '/mnt/vast/hf_cache/datasets/json/default-3f1b/0.0.0/tmp{rng.randint(10**7, 10**8 - 1)}'",
            )
        lines += job.sigterm(n, ev + timedelta(seconds=2), [1, 2, 4, 5, 7])
        lines += job.agent_summary(
            n,
            ev + timedelta(seconds=3),
            [
                (
                    job.rank(n, 0),
                    1,
                    "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                )
            ],
        )
        b.add(f"{h}/job_77121_{h}.log", lines)
        k = Kernel(h, datetime(2025, 7, 1, 0, 0, 0), "dmesg_T")
        b.add(
            f"{h}/dmesg-T.txt",
            [
                *k.benign(rng, t0, 6),
                k.line(
                    ev - timedelta(seconds=50 - n),
                    "nfs: server vast-vip-03 not responding, still trying",
                ),
                k.line(ev - timedelta(seconds=2 - n * 0.1), "nfs: server vast-vip-03 OK"),
                k.line(ev - timedelta(seconds=1), "NFS: server vast-vip-03 error: fileid changed"),
            ],
        )
    b.verdict(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "Every node lost the shared VAST NFS server for ~50 s at the same moment and then saw stale handles on the shared dataset cache; the shared file system, not any node or the code, is at fault.",
        "https://github.com/modelscope/ms-swift/issues/6695",
    )
    return b


def s17_k8s_evicted_disk_pressure() -> Bundle:
    b = Bundle("s17_k8s_pod_evicted_node_disk_pressure")
    rng = random.Random(117)
    nodes = ["aks-gpu-38123-vmss00000a", "aks-gpu-38123-vmss00000c", "aks-gpu-38123-vmss00000f"]
    pods = ["sd-train-worker-0", "sd-train-worker-1", "sd-train-worker-2"]
    job = Job(nodes, prefix="default", seed=17)
    bad = 1
    t0 = datetime(2024, 9, 30, 8, 0, 0)
    ev = datetime(2024, 9, 30, 10, 13, 4)
    for n, (node, pod) in enumerate(zip(nodes, pods, strict=True)):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0])
        for k in range(30):
            lines.append(
                f"[default0]:Epoch 1:  {k * 3:2d}%|{'█' * (k // 4):<10s}| {k * 41}/1372 [{k * 2:02d}:{rng.randint(10, 59):02d}<41:10,  1.21s/it, v_num=7, train_loss={0.131 - 0.001 * k:.3f}]"
            )
        if n != bad:
            lines += [
                f"[default{lr}]:" + x
                for lr in (0,)
                for x in (
                    f"{glog(ev + timedelta(seconds=11), 'E', 'socket.cpp:1011', nanos=True)} [c10d] The client socket has failed to connect to [sd-train-worker-1.sd-train.ml.svc.cluster.local]:45133 (errno: 111 - Connection refused).",
                )
            ]
            for lr in range(8):
                lines += job.nccl_remote_error(
                    job.rank(n, lr),
                    f"socketProgress: Connection closed by remote peer sd-train-worker-1.sd-train.ml.svc.cluster.local<45{lr}11>",
                )[-3:]
            lines += job.sigterm(n, ev + timedelta(seconds=14), range(8))
        else:
            lines.append(
                f"{glog(ev, 'W', 'torch/distributed/elastic/agent/server/api.py:704', 1001)} Received Signals.SIGTERM death signal, shutting down workers"
            )
            lines += job.sigterm(n, ev, range(8))
            lines.append(
                "torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15"
            )
        b.add(f"{node}/{pod}.log", lines)
    b.add(
        f"{nodes[bad]}/kubectl-describe-pod-{pods[bad]}.txt",
        [
            f"Name:             {pods[bad]}",
            "Namespace:        ml",
            f"Node:             {nodes[bad]}/10.224.0.41",
            "Status:           Failed",
            "Reason:           Evicted",
            "Message:          The node was low on resource: ephemeral-storage. Threshold quantity: 10737418240, available: 8112340Ki. Container pytorch was using 1184Mi, request is 0, has larger consumption of ephemeral-storage. ",
            "Events:",
            "  Type     Reason     Age   From     Message",
            "  ----     ------     ----  ----     -------",
            "  Warning  Evicted    2m    kubelet  The node was low on resource: ephemeral-storage. Threshold quantity: 10737418240, available: 8112340Ki. Container pytorch was using 1184Mi, request is 0, has larger consumption of ephemeral-storage.",
            "  Normal   Killing    2m    kubelet  Stopping container pytorch",
        ],
    )
    b.add(
        f"{nodes[bad]}/node-conditions.txt",
        [
            "Conditions:",
            "  Type             Status  LastHeartbeatTime                 Reason                       Message",
            "  MemoryPressure   False   Mon, 30 Sep 2024 10:14:01 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
            "  DiskPressure     True    Mon, 30 Sep 2024 10:14:01 +0000   KubeletHasDiskPressure       kubelet has disk pressure",
            "  PIDPressure      False   Mon, 30 Sep 2024 10:14:01 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available",
            "  Ready            True    Mon, 30 Sep 2024 10:14:01 +0000   KubeletReady                 kubelet is posting ready status",
            "",
            "$ df -h /var/lib/containerd /var/lib/kubelet",
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/sda1       124G  117G  7.8G  94% /",
            "",
            "$ crictl images | wc -l",
            "213",
        ],
    )
    b.add(
        f"{nodes[bad]}/kubelet.log",
        [
            'I0930 10:12:41.113014    4121 image_gc_manager.go:391] "Disk usage on image filesystem is over the high threshold, trying to free bytes down to the low threshold" usage=94 highThreshold=85 amountToFree=11806203904 lowThreshold=80',
            'E0930 10:12:41.201337    4121 kubelet.go:1483] "Image garbage collection failed multiple times in a row" err="Failed to garbage collect required amount of images. Attempted to free 11806203904 bytes, but only found 0 bytes eligible to free."',
            'I0930 10:13:03.991201    4121 eviction_manager.go:366] "Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"',
            'I0930 10:13:04.006124    4121 eviction_manager.go:616] "Eviction manager: pod is evicted successfully" pod="ml/sd-train-worker-1"',
        ],
    )
    b.verdict(
        "storage",
        "infrastructure",
        nodes[bad],
        None,
        "restart_without_node",
        "Worker-1 was evicted because its node's root disk is 94% full of images that GC cannot free, while the pod itself used only ~1 GiB; a node-local disk problem that kills whichever pod lands there.",
        "https://github.com/kubernetes/kubernetes/issues/91600",
    )
    return b


def s18_s3_slowdown_checkpoint_load() -> Bundle:
    b = Bundle("s18_object_store_slowdown_on_resume")
    hosts = [f"p4d-{i:02d}" for i in range(1, 9)]
    job = Job(hosts, prefix="rank", seed=18)
    t0 = datetime(2024, 3, 1, 6, 0, 0)
    for n, h in enumerate(hosts):
        lines = job.launcher_banner(n, t0) + job.nccl_init(n, [0], net="OFI")
        for lr in range(8):
            r = job.rank(n, lr)
            pre = job.p(r)
            lines.append(
                f"{pre}{pylog(t0 + timedelta(seconds=50 + r))} INFO ckpt: fetching s3://acme-llm-ckpt/run-311/step_120000/__{r}_0.distcp"
            )
            if (r * 7 + n) % 3 == 0:
                lines += pytb(
                    pre,
                    [
                        (
                            "/opt/train/ckpt_io.py",
                            88,
                            "read_shard",
                            'body = self.client.get_object(Bucket=bucket, Key=key)["Body"].read()',
                        ),
                        (
                            "/usr/local/lib/python3.10/site-packages/botocore/client.py",
                            565,
                            "_api_call",
                            "return self._make_api_call(operation_name, kwargs)",
                        ),
                        (
                            "/usr/local/lib/python3.10/site-packages/botocore/client.py",
                            1021,
                            "_make_api_call",
                            "raise error_class(parsed_response, operation_name)",
                        ),
                    ],
                    "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate.",
                )
        lines.append(
            f"[rank{job.rank(n, 0)}]:{pylog(t0 + timedelta(minutes=3))} WARNING urllib3.connectionpool: Connection pool is full, discarding connection: acme-llm-ckpt.s3.us-west-2.amazonaws.com. Connection pool size: 10"
        )
        lines += job.sigterm(n, t0 + timedelta(minutes=3, seconds=5), range(1, 8))
        lines += job.agent_summary(
            n,
            t0 + timedelta(minutes=3, seconds=6),
            [
                (
                    job.rank(n, 0),
                    1,
                    "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                )
            ],
        )
        b.add(f"{h}/train_{h}.log", lines)
    b.add(
        "p4d-01/s3-request-metrics.txt",
        [
            "bucket=acme-llm-ckpt prefix=run-311/ window=2024-03-01T06:00Z..06:05Z",
            "GetObject requests: 128 ranks x 24 ranged GETs/s",
            "5xx responses: 503 SlowDown 4117",
            "note: prefix run-311/step_120000/ is a single partition; request rate exceeded 5,500 GET/s per prefix",
        ],
    )
    b.verdict(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "Ranks on every node failed reading checkpoint shards with S3 503 SlowDown; the object store throttled the burst of 128 concurrent readers, no node or code defect, so a (staggered) restart is the remedy.",
        "https://github.com/huggingface/datatrove/issues/302",
    )
    return b


def s19_local_nvme_xfs_shutdown() -> Bundle:
    b = Bundle("s19_local_nvme_io_error_xfs_shutdown")
    rng = random.Random(119)
    hosts = ["c3-14", "c3-15", "c3-16", "c3-17"]
    job = Job(hosts, gpus=4, prefix="srun", seed=19)
    bad = 3
    t0 = datetime(2024, 5, 20, 21, 0, 0)
    ev = datetime(2024, 5, 21, 2, 33, 51)
    lines = [
        "+ srun -l bash -c 'cp -r $DATA/tokens /scratch/$SLURM_JOB_ID/ && python train.py --data /scratch/$SLURM_JOB_ID/tokens'"
    ]
    for n in range(4):
        lines += job.nccl_init(n, [0])
    for k in range(40):
        lines.append(
            f"0: {pylog(t0 + timedelta(minutes=7 * k))} | INFO | step {500 * (k + 1)} | loss {3.2 - 0.01 * k + rng.uniform(-0.02, 0.02):.4f} | tok/s {311000 + rng.randint(-3000, 3000)}"
        )
    r = job.rank(bad, 2)
    lines += pytb(
        job.p(r),
        [
            (
                "/home/u/lm/train.py",
                144,
                "<module>",
                "for step, batch in enumerate(loader, start=start_step):",
            ),
            (
                "/home/u/lm/data.py",
                61,
                "__getitem__",
                'arr = np.memmap(self.files[i], dtype=np.uint16, mode="r")[off:off + self.seq]',
            ),
            (
                "/usr/local/lib/python3.10/site-packages/numpy/core/memmap.py",
                267,
                "__new__",
                "mm = mmap.mmap(fid.fileno(), bytes, access=acc, offset=start)",
            ),
        ],
        "OSError: [Errno 5] Input/output error: '/scratch/5521904/tokens/shard_00412.bin'",
    )
    for rr in range(16):
        if rr != r:
            lines += job.watchdog(rr, ev + timedelta(minutes=10), 412200)[:1]
    lines += [
        f"srun: error: c3-17: task {r}: Exited with exit code 1",
        "slurmstepd: error: *** STEP 5521904.0 ON c3-14 CANCELLED AT 2024-05-21T02:44:03 ***",
    ]
    b.add("c3-14/slurm-5521904.out", lines)
    k = Kernel(hosts[bad], datetime(2024, 5, 2, 0, 0, 0), "uptime")
    b.add(
        f"{hosts[bad]}/dmesg.txt",
        [
            *k.benign(rng, t0, 7),
            k.line(ev - timedelta(seconds=31), "nvme nvme1: I/O 833 QID 31 timeout, aborting"),
            k.line(
                ev - timedelta(seconds=1), "nvme nvme1: I/O 833 QID 31 timeout, reset controller"
            ),
            k.line(
                ev,
                "nvme1n1: I/O Cmd(0x2) @ LBA 1842345, 256 blocks, I/O Error (sct 0x2 / sc 0x81) DNR ",
            ),
            k.line(
                ev,
                "critical medium error, dev nvme1n1, sector 1842345 op 0x0:(READ) flags 0x80700 phys_seg 4 prio class 2",
            ),
            k.line(
                ev,
                'XFS (nvme1n1): metadata I/O error in "xfs_da_read_buf+0xd9/0x130 [xfs]" at daddr 0x1c1c28 len 8 error 61',
            ),
            k.line(ev + timedelta(seconds=1), "XFS (nvme1n1): log I/O error -5"),
            k.line(
                ev + timedelta(seconds=1),
                "XFS (nvme1n1): Filesystem has been shut down due to log error (0x2).",
            ),
            k.line(
                ev + timedelta(seconds=1),
                "XFS (nvme1n1): Please unmount the filesystem and rectify the problem(s).",
            ),
        ],
    )
    b.add(
        f"{hosts[bad]}/smartctl-nvme1.txt",
        [
            "=== START OF SMART DATA SECTION ===",
            "SMART overall-health self-assessment test result: FAILED!",
            "- NVM subsystem reliability has been degraded",
            "Media and Data Integrity Errors:    1377",
            "Error Information Log Entries:      2941",
        ],
    )
    b.verdict(
        "storage",
        "infrastructure",
        hosts[bad],
        job.rank(bad, 2),
        "restart_without_node",
        "Rank 14 on c3-17 got EIO reading its node-local scratch copy; c3-17's NVMe reports media errors, XFS shut the file system down and SMART health is FAILED.",
        "https://github.com/kubernetes/node-problem-detector/pull/845",
    )
    return b


CASES = [
    s11_ib_link_flap_accused_peer,
    s12_leaf_switch_outage,
    s13_transient_retry_mutual,
    s14_efa_peer_unreachable,
    s15_roce_tx_timeout,
    s16_shared_nfs_stale_handle,
    s17_k8s_evicted_disk_pressure,
    s18_s3_slowdown_checkpoint_load,
    s19_local_nvme_xfs_shutdown,
]
