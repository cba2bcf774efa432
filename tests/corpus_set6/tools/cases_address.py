"""v06-v10: who is behind an address. Peers accuse an IP; NCCL bootstrap lines, hostnames or
/etc/hosts map it to a node; node-local kernel evidence decides."""

from common import (
    Bundle,
    Job,
    T,
    sec,
    glog,
    pylog,
    dmesg_T,
    dmesg_up,
    syslog,
    iso,
    kernel_noise,
    merge_sorted,
    py_tb,
    prefixed,
    sigtb,
)


def _ib_accuse(job, n, l, t, peer_ip, rng, side="Recv"):
    h, p = job.hosts[n], job.pid(n, l)
    tid = p + 1300 + l
    port = rng.randrange(33000, 61000)
    return [
        "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s"
        % (h, p, tid, l, peer_ip, port, side, job.ips[n], peer_ip),
        "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (h, p, tid, l),
        "%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (h, p, tid, l),
        "%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (h, p, tid, l),
    ]


def _remote_err(job, r, t, peer_ip, rng, ver="2.21.5"):
    g = glog(t, "E", ns=True, rng=rng)
    return [
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1555] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: "
        "NCCL error: remote process exited or there was a network error, NCCL version %s"
        % (r, g, r, ver),
        "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
        % r,
        "[rank%d]:Last error:" % r,
        "[rank%d]:NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv)"
        % (r, peer_ip, rng.randrange(33000, 61000)),
        "[rank%d]:terminate called after throwing an instance of 'c10::DistBackendError'" % r,
    ]


def v06_ib_accused_link_down(rng):
    b = Bundle()
    hosts = ["hgx-r2-n%02d" % i for i in (1, 2, 3, 4, 5, 6)]
    job = Job(rng, hosts, subnet="10.12", iface="ibp26s0")
    bad = 3
    tf = T("2024-07-22 02:17:36.410000")
    for n, h in enumerate(hosts):
        lines = job.nccl_init(n)
        pairs = []
        for l in range(job.gpus):
            r = job.rank(n, l)
            t = tf + sec(rng.uniform(0.05, 1.9))
            if n == bad:
                other = rng.choice([x for x in range(len(hosts)) if x != bad])
                peer = job.ips[other]
            else:
                peer = job.ips[bad]
            if n == bad or rng.random() < 0.75:
                pairs += [(t, x) for x in _ib_accuse(job, n, l, t, peer, rng)]
                pairs += [(t + sec(0.001), x) for x in _remote_err(job, r, t + sec(0.4), peer, rng)]
            else:
                tw = tf + sec(600 + rng.uniform(0, 2))
                pairs += [(tw, x) for x in job.watchdog(r, tw, 130993, numel=33554432)]
        lines += merge_sorted(pairs)
        tt = tf + sec(5)
        lines += job.elastic_failure(
            n,
            tt,
            [
                (job.rank(n, l), l, -6, tt, sigtb(job.pid(n, l), 6))
                for l in (2, 0, 1, 3, 4, 5, 6, 7)
            ],
        )
        b.add("%s/torchrun.out" % h, lines)
        km = kernel_noise(
            rng,
            T("2024-07-22 01:00:00"),
            T("2024-07-22 03:00:00"),
            lambda t: syslog(t, h, "kernel"),
            6,
        )
        if n == bad:
            km += [
                "%s mlx5_core 0000:1a:00.0: mlx5_port_module_event:1166:(pid 0): Port module event: module 0, Cable error, Bad or shorted cable/module"
                % syslog(tf - sec(1.8), h, "kernel"),
                "%s mlx5_core 0000:1a:00.0 ibp26s0: Link DOWN" % syslog(tf - sec(1.6), h, "kernel"),
                "%s ib0: lost carrier"
                % syslog(tf - sec(1.6), h, "kernel").replace("ib0", "ibp26s0"),
                "%s mlx5_core 0000:1a:00.0 ibp26s0: Link ACTIVE"
                % syslog(tf + sec(44.0), h, "kernel"),
                "%s mlx5_core 0000:1a:00.0 ibp26s0: Link DOWN"
                % syslog(tf + sec(51.0), h, "kernel"),
                "%s mlx5_core 0000:1a:00.0 ibp26s0: Link ACTIVE"
                % syslog(tf + sec(97.0), h, "kernel"),
            ]
        b.add("%s/kern.log" % h, sorted(km, key=lambda s: s[:15]))
    b.add(
        "%s/ibstat.txt" % hosts[bad],
        [
            "CA 'mlx5_0'",
            "\tPort 1:",
            "\t\tState: Active",
            "\t\tPhysical state: LinkUp",
            "\t\tRate: 400",
            "\t\tLink layer: InfiniBand",
            "\tCounters:",
            "\t\tSymbolErrorCounter: 48211",
            "\t\tLinkDownedCounter: 7",
            "\t\tLinkErrorRecoveryCounter: 212",
            "\t\tPortRcvErrors: 3120",
        ],
    )
    b.set_label(
        "network",
        "infrastructure",
        "restart_without_node",
        "Ranks on five nodes report NET/IB completion errors (status 12) from peer %s, which the NCCL bootstrap lines map to %s. "
        "That node's kern.log shows a cable/module error and its IB port flapping at the failure time, with high symbol/link-down counters."
        % (job.ips[bad], hosts[bad]),
        "https://github.com/NVIDIA/nccl/issues/1405",
        node=hosts[bad],
    )
    return b


def v07_gloo_reset_hosts_file_mce(rng):
    """Lightning on SLURM; gloo side-channel accuses an IP; /etc/hosts names it; that node rebooted on an MCE."""
    b = Bundle()
    hosts = ["cn-%04d" % i for i in (412, 413, 418, 420, 431)]
    ips = ["10.1.5.%d" % x for x in (11, 12, 17, 22, 31)]
    job = Job(rng, hosts, gpus=4, ips=ips, iface="eth0")
    bad = 3
    tf = T("2024-02-08 11:05:52.000000")
    b.add(
        "job/etc_hosts",
        ["127.0.0.1 localhost"]
        + ["%s %s %s.cluster.local" % (ips[i], h, h) for i, h in enumerate(hosts)]
        + ["10.1.5.250 slurmctl", "10.1.9.10 nfs01"],
    )
    for n, h in enumerate(hosts):
        lines = [
            "%d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/%d"
            % (n, job.rank(n, l), job.rank(n, l) + 1, job.world)
            for l in range(4)
        ]
        if n == 0:
            for s in range(1, 8):
                lines.append(
                    "0: Epoch 5:  %2d%%|#####     | %d/2931 [12:%02d<14:11, 2.04it/s, v_num=ab12, train_loss=0.%03d]"
                    % (40 + s, 1180 + s * 20, s * 9, 412 - s)
                )
        if n != bad:
            for l in range(4):
                r = job.rank(n, l)
                lines += prefixed(
                    "%d: " % n,
                    py_tb(
                        [
                            (
                                "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/strategies/ddp.py",
                                430,
                                "barrier",
                                "torch.distributed.barrier(group=self._cpu_group)",
                            ),
                            (
                                "/opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py",
                                4166,
                                "barrier",
                                "work.wait()",
                            ),
                        ],
                        "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection reset by peer [%s]:%d"
                        % (ips[bad], rng.randrange(20000, 60000)),
                    ),
                )
            lines.append(
                "%d: srun: error: %s: tasks %d-%d: Exited with exit code 1"
                % (n, h, n * 4, n * 4 + 3)
            )
        else:
            lines.append("%d: srun: error: %s: task %d: Killed" % (n, h, n * 4))
        b.add("%s/slurm-55102.out" % h, lines)
        j = ["-- Logs begin at Mon 2024-01-29 08:00:02 UTC. --"]
        j += kernel_noise(
            rng,
            T("2024-02-08 10:00:00"),
            T("2024-02-08 11:05:00"),
            lambda t: syslog(t, h, "kernel"),
            4,
        )
        if n == bad:
            j += [
                "%s mce: [Hardware Error]: CPU 38: Machine Check Exception: 5 Bank 13: be20000000010091"
                % syslog(tf - sec(0.9), h, "kernel"),
                "%s mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9e2b3c44> {intel_idle+0x54/0x90}"
                % syslog(tf - sec(0.9), h, "kernel"),
                "%s mce: [Hardware Error]: TSC 4a8f1c0b7ed8 ADDR 3a7f21e440 MISC 200000c020002086"
                % syslog(tf - sec(0.9), h, "kernel"),
                "%s mce: [Hardware Error]: Run the above through 'mcelog --ascii'"
                % syslog(tf - sec(0.9), h, "kernel"),
                "%s Kernel panic - not syncing: Fatal machine check"
                % syslog(tf - sec(0.8), h, "kernel"),
                "-- Boot 3e0c57a9d1f24b2f8a6e0d77c3a1f911 --",
                "%s Linux version 5.15.0-105-generic (buildd@lcy02-amd64-010) #115-Ubuntu SMP"
                % syslog(tf + sec(312), h, "kernel"),
                "%s mce: [Hardware Error]: Machine check events logged"
                % syslog(tf + sec(331), h, "kernel"),
                "%s EDAC skx MC2: HANDLING MCE MEMORY ERROR" % syslog(tf + sec(331), h, "kernel"),
                "%s EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3a7f21e offset:0x440 grain:32)"
                % syslog(tf + sec(331), h, "kernel"),
                "%s slurmd[2214]: slurmd version 23.02.7 started"
                % syslog(tf + sec(340), h, "slurmd").split(" slurmd:")[0],
            ]
        b.add("%s/journal.txt" % h, j)
    b.add(
        "job/sacct.txt",
        [
            "JobID           JobName  NodeList        State ExitCode",
            "55102           lit-ddp  cn-[0412-0413,0418,0420,0431]  NODE_FAIL 0:0",
            "55102.0         python   cn-[0412-0413,0418,0420,0431]  FAILED 1:0",
        ],
    )
    b.set_label(
        "host",
        "infrastructure",
        "restart_without_node",
        "Every surviving rank reports a gloo 'Connection reset by peer [%s]'; /etc/hosts maps that address to %s, whose journal "
        "shows a fatal machine check (uncorrectable DIMM error) and a reboot at that moment; sacct says NODE_FAIL."
        % (ips[bad], hosts[bad]),
        "https://github.com/pytorch/pytorch/issues/75512",
        node=hosts[bad],
    )
    return b


def v08_switch_wide_flap(rng):
    b = Bundle()
    hosts = ["gpu%03d" % i for i in range(101, 113)]
    job = Job(rng, hosts, subnet="10.60")
    leaves = {
        "leaf-sw-01": hosts[0:3],
        "leaf-sw-02": hosts[3:6],
        "leaf-sw-03": hosts[6:9],
        "leaf-sw-04": hosts[9:12],
    }
    b.topology = leaves
    badset = [6, 7, 8]
    tf = T("2024-10-30 19:41:02.500000")
    boot = T("2024-10-11 09:00:00")
    for n, h in enumerate(hosts):
        pairs = []
        for l in range(job.gpus):
            r = job.rank(n, l)
            t = tf + sec(rng.uniform(0.1, 3.0))
            if n in badset:
                peer = job.ips[rng.choice([x for x in range(12) if x not in badset])]
            else:
                peer = job.ips[rng.choice(badset)]
            pairs += [
                (t, x)
                for x in _ib_accuse(job, n, l, t, peer, rng, side=rng.choice(["Recv", "Send"]))
            ]
            pairs += [(t, x) for x in _remote_err(job, r, t + sec(0.3), peer, rng, ver="2.20.5")]
        lines = job.nccl_init(n, version="2.20.5+cuda12.4")[: job.gpus] + merge_sorted(pairs)
        tt = tf + sec(8)
        lines += job.elastic_failure(
            n, tt, [(job.rank(n, l), l, -6, tt, sigtb(job.pid(n, l), 6)) for l in range(job.gpus)]
        )
        b.add("%s/train.log" % h, lines)
        km = kernel_noise(
            rng, T("2024-10-30 18:30:00"), T("2024-10-30 20:00:00"), lambda t: dmesg_up(t, boot), 4
        )
        if n in badset:
            for port in range(4):
                km += [
                    "%s mlx5_core 0000:%02x:00.0: mlx5_ib%d: Port 1 Link DOWN"
                    % (dmesg_up(tf - sec(0.7 - 0.01 * port), boot), 0x1A + port * 0x20, port),
                    "%s mlx5_core 0000:%02x:00.0: mlx5_ib%d: Port 1 Link ACTIVE"
                    % (dmesg_up(tf + sec(63 + port * 0.02), boot), 0x1A + port * 0x20, port),
                ]
        b.add("%s/dmesg.txt" % h, sorted(km, key=lambda s: float(s[1 : s.index("]")])))
    b.add(
        "fabric/ufm_events.txt",
        [
            "%s  WARNING  Link went down: leaf-sw-03 port 1/%d -> %s"
            % (iso(tf - sec(0.8)), i + 1, hosts[6 + i // 4])
            for i in range(12)
        ]
        + ["%s  INFO     Link is up: leaf-sw-03 (12 ports)" % iso(tf + sec(64))]
        + [
            "%s  CRITICAL Switch leaf-sw-03 rebooted unexpectedly (reason: watchdog)"
            % iso(tf - sec(1.0))
        ],
    )
    b.set_label(
        "network",
        "infrastructure",
        "restart",
        "The NET/IB errors name gpu107-gpu109 and only those three nodes log IB link down at the same instant; all three sit under "
        "leaf-sw-03, which the fabric log shows rebooting. A switch event, not a node: restart, nothing to exclude.",
        "https://github.com/NVIDIA/nccl/issues/902",
    )
    return b


def v09_accused_peer_actually_ooms(rng):
    """mpirun; many ranks blame one IP for resets, but that host's rank hit a CUDA OOM first."""
    b = Bundle()
    hosts = ["node-a", "node-b", "node-c", "node-d"]
    job = Job(rng, hosts, gpus=8, subnet="10.8", iface="bond0")
    bad, bl = 2, 6
    br = job.rank(bad, bl)
    tf = T("2024-04-17 06:33:20.119000")
    out = [
        "Data for JOB [21745,1] offset 0 Total slots allocated 32",
        "",
        " ========================   JOB MAP   ========================",
    ]
    for n, h in enumerate(hosts):
        out.append(" Data for node: %s\tNum slots: 8\tMax slots: 0\tNum procs: 8" % h)
        for l in range(8):
            out.append(
                " \tProcess OMPI jobid: [21745,1] App: 0 Process rank: %d Bound: N/A"
                % job.rank(n, l)
            )
    out += [" =============================================================", ""]
    for n in range(4):
        out += [
            "[1,%d]<stdout>:%s" % (job.rank(n, 0), x)
            for x in job.nccl_init(n, version="2.19.3+cuda12.3")[:1]
        ]
    out += [
        "[1,0]<stdout>:%s | step 7600 | loss 1.912 | seq_len 8192 | 411 TFLOPS"
        % pylog(tf - sec(70))
    ]
    pairs = []
    pairs += [
        (tf, "[1,%d]<stderr>:%s" % (br, x))
        for x in py_tb(
            [
                (
                    "/work/llm/train.py",
                    301,
                    "train_step",
                    "logits = model(input_ids, attention_mask=mask)",
                ),
                (
                    "/work/llm/model.py",
                    142,
                    "forward",
                    "scores = torch.matmul(q, k.transpose(-2, -1)) / math.sqrt(self.head_dim)",
                ),
            ],
            [
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB. GPU 6 has a total capacity of 79.10 GiB of which 3.91 GiB is free. "
                "Including non-PyTorch memory, this process has 75.18 GiB memory in use. Of the allocated memory 70.02 GiB is allocated by PyTorch, and 3.40 GiB "
                "is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.",
                "[1,%d]<stderr>:(batch 7611: max seq_len in batch = 32768, micro_batch_size=4, eager attention)"
                % br,
            ],
        )
    ]
    for n, h in enumerate(hosts):
        if n == bad:
            continue
        for l in range(8):
            r = job.rank(n, l)
            t = tf + sec(rng.uniform(0.8, 2.2))
            pairs.append(
                (
                    t,
                    "[1,%d]<stderr>:[rank%d]:[%s ProcessGroupNCCL.cpp:1485] [PG 0 Rank %d] Process group watchdog thread terminated with exception: "
                    "NCCL error: remote process exited or there was a network error, NCCL version 2.19.3"
                    % (r, r, glog(t, "E"), r),
                )
            )
            pairs.append(
                (
                    t,
                    "[1,%d]<stderr>:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."
                    % r,
                )
            )
            pairs.append((t, "[1,%d]<stderr>:Last error:" % r))
            pairs.append(
                (
                    t,
                    "[1,%d]<stderr>:socketProgressOpt: Call to recv from %s<%d> failed : Connection reset by peer"
                    % (r, job.ips[bad], rng.randrange(40000, 60000)),
                )
            )
    out += merge_sorted(pairs)
    out += [
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[21745,1],%d]" % job.rank(0, 3),
        "  Exit code:    134",
        "--------------------------------------------------------------------------",
    ]
    b.add("node-a/mpirun.log", out)
    b.add("job/hostfile", ["%s slots=8" % h for h in hosts])
    b.add("job/nodes.txt", ["%s %s" % (h, job.ips[i]) for i, h in enumerate(hosts)])
    for n, h in enumerate(hosts):
        b.add(
            "%s/dmesg.txt" % h,
            kernel_noise(rng, T("2024-04-17 05:00:00"), T("2024-04-17 07:00:00"), dmesg_T, 5),
        )
    b.set_label(
        "oom",
        "framework",
        "stop",
        "Ranks on node-a/b/d report connection resets from %s (node-c), but node-c's rank %d hit a CUDA OOM a second earlier on a "
        "batch with a 32k-token sequence at micro-batch 4; node-c's kernel log is clean. mpirun's 'first process' is a sympathetic abort. "
        "The accused peer is innocent of any network fault; the memory configuration must change."
        % (job.ips[bad], br),
        "https://github.com/vllm-project/vllm/issues/45092",
    )
    return b


def v10_efa_accusations_no_local_evidence(rng):
    b = Bundle()
    ips = ["10.0.%d.%d" % (rng.randrange(64, 96), rng.randrange(10, 250)) for _ in range(8)]
    hosts = ["ip-" + ip.replace(".", "-") for ip in ips]
    job = Job(rng, hosts, ips=ips, iface="ens32")
    bad = 5
    tf = T("2025-01-09 13:58:41.000000")
    for n, h in enumerate(hosts):
        pairs = []
        for l in range(job.gpus):
            r = job.rank(n, l)
            t = tf + sec(rng.uniform(0, 4))
            peer = ips[bad] if n != bad else ips[rng.choice([0, 1, 2])]
            if n == bad and l % 2:
                tw = tf + sec(600.3)
                pairs += [
                    (tw, x) for x in job.watchdog(r, tw, 55120, op="ALLGATHER", numel=8388608)
                ]
                continue
            p = job.pid(n, l)
            pairs.append(
                (
                    t,
                    "%s:%d:%d [%d] NCCL WARN NET/OFI Request 0x7f%08x completed with error. RC: 21. Error: 4353 (unexpected EOF or link failure). "
                    "Completed length: 0, Request: { dev: %d, size: 1048576, state: CREATED, direction: RECV }, remote %s"
                    % (h, p, p + 900, l, rng.randrange(1 << 32), l // 2, peer),
                )
            )
            pairs.append(
                (t, "%s:%d:%d [%d] NCCL INFO transport/net.cc:1398 -> 6" % (h, p, p + 900, l))
            )
            pairs += [
                (t + sec(0.5), x)
                for x in _remote_err(job, r, t + sec(0.5), peer, rng, ver="2.23.4")[:3]
            ]
        lines = [
            "%s:%d:%d [0] NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.13.2-aws"
            % (h, job.pid(n, 0), job.pid(n, 0)),
            "%s:%d:%d [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)"
            % (h, job.pid(n, 0), job.pid(n, 0)),
        ]
        lines += merge_sorted(pairs)
        b.add("%s/rank-logs.txt" % h, lines)
        b.add(
            "%s/dmesg.txt" % h,
            kernel_noise(rng, T("2025-01-09 13:00:00"), T("2025-01-09 14:20:00"), dmesg_T, 6)
            + [
                "%s efa 0000:%02x:00.0: Setup irq:0x%x name:efa-mgmnt@pci:0000:%02x:00.0"
                % (dmesg_T(T("2025-01-02 08:11:03")), 0x30 + k, 0x90 + k, 0x30 + k)
                for k in range(2)
            ],
        )
    b.add(
        "job/sky_status.txt",
        [
            "NAME        LAUNCHED   RESOURCES                      STATUS   AUTOSTOP",
            "pretrain-7b 8 days ago 8x AWS(p5.48xlarge, {'H100': 8})  UP       -",
            "",
            "Job 14: FAILED (exit code 1)  started 3h 12m ago",
        ],
    )
    b.add(
        "%s/fi_info_efa.txt" % hosts[bad],
        [
            "provider: efa",
            "    fabric: efa",
            "    domain: rdmap79s0-rdm",
            "    version: 122.0",
            "    type: FI_EP_RDM",
            "    protocol: FI_PROTO_EFA",
        ]
        * 4,
    )
    b.set_label(
        "network",
        "infrastructure",
        "run_diagnostics",
        "NET/OFI errors on seven instances all name %s, i.e. %s by its hostname; that host's own dmesg and EFA device listing show "
        "nothing wrong, and its ranks see errors too. The accusations converge, but without local evidence it is a suspicion: "
        "run EFA/NCCL diagnostics on that instance before excluding it." % (ips[bad], hosts[bad]),
        "https://github.com/NVIDIA/nccl/issues/1814",
        node=hosts[bad],
    )
    return b


CASES = [
    v06_ib_accused_link_down,
    v07_gloo_reset_hosts_file_mce,
    v08_switch_wide_flap,
    v09_accused_peer_actually_ooms,
    v10_efa_accusations_no_local_evidence,
]
