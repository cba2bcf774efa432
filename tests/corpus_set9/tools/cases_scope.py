"""y26-y30: the same symptom everywhere (shared cause) vs one node unlike the rest."""

from common import (
    Bundle,
    T,
    add,
    tz,
    glog,
    pylog,
    iso,
    syslog,
    dmesg_T,
    uptime,
    nccl_init,
    progress,
    watchdog,
    agent_summary,
    torchrun_header,
    dmesg_noise,
    render_kernel,
    smi_q,
    smi_table,
    py_tb,
    prefix,
)


def y26_dns_everywhere_coredns_oom(rng):
    b = Bundle("y26_dns_everywhere_coredns_oom")
    pods = ["pt-llama-worker-%d" % i for i in range(6)]
    nodes = ["aks-gpupool-3771-vmss0000%02d" % i for i in (3, 4, 7, 8, 11, 12)]
    t = T("2024-08-19T04:12:30")
    for i, (p, n) in enumerate(zip(pods, nodes)):
        lines = [
            "[%s] INFO  launching torchrun --nnodes 6 --rdzv_endpoint pt-llama-worker-0.pt-llama.default.svc.cluster.local:29400"
            % iso(add(t, i))
        ]
        lines += py_tb(
            [
                (
                    "/usr/local/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py",
                    156,
                    "_create_tcp_store",
                    "store = TCPStore(",
                )
            ],
            "socket.gaierror: [Errno -3] Temporary failure in name resolution",
        )
        lines.append(
            "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."
        )
        b.add("%s/kubectl_logs_%s.txt" % (n, p), lines)
    b.add(
        "kube-system/kubectl_logs_coredns-5d78c9869d-x2p7q.txt",
        [
            "[ERROR] plugin/errors: 2 pt-llama-worker-0.pt-llama.default.svc.cluster.local. A: read udp 10.244.3.7:51122->168.63.129.16:53: i/o timeout",
            "[INFO] SIGTERM: Shutting down servers then terminating",
        ],
    )
    b.add(
        "kube-system/kubectl_describe_coredns.txt",
        [
            "Name:         coredns-5d78c9869d-x2p7q",
            "    Last State:     Terminated",
            "      Reason:       OOMKilled",
            "      Exit Code:    137",
            "    Restart Count:  9",
            "    Limits:",
            "      memory:  170Mi",
        ],
    )
    boot = T("2024-08-10T00:00:00")
    b.add(
        "%s/dmesg.txt" % nodes[2],
        render_kernel(
            [
                (
                    T("2024-08-18T13:02:11"),
                    "NVRM: Xid (PCI:0001:00:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000041a2c880) marked for remapping, reset gpu to activate.",
                )
            ],
            "uptime",
            boot,
        ),
    )
    b.set_label(
        "network",
        "infrastructure",
        None,
        None,
        "restart",
        "All six workers fail identically within seconds, resolving the rendezvous service name; a fault shared by every "
        "node points at a shared service. coredns was OOMKilled 9 times and logs upstream i/o timeouts. The Xid 63 on one "
        "node is a day old and irrelevant. Cluster DNS outage; restart once DNS is healthy.",
        "https://github.com/pytorch/pytorch/issues/73682",
    )
    return b


def y27_nfs_stale_handle_all_nodes(rng):
    b = Bundle("y27_nfs_stale_handle_all_nodes")
    nodes = ["dgx%02d" % i for i in (1, 2, 3, 4, 5)]
    t = T("2024-05-06T14:20:11")
    out = []
    lp, tl, st = progress(rng, T("2024-05-06T09:00:00"), 0, 100, 1.9, 2.3, every=100)
    out += prefix(lp, "0: ")
    for task in range(0, 40, 3):
        out += prefix(
            py_tb(
                [
                    (
                        "/home/team/proj/data.py",
                        77,
                        "__getitem__",
                        "with open(self.files[idx], 'rb') as f:",
                    )
                ],
                "OSError: [Errno 116] Stale file handle: '/mnt/datasets/laion/part-%05d.parquet'"
                % (task * 31),
            ),
            "%d: " % task,
        )
    out += [
        "srun: error: dgx0%d: tasks %d-%d: Exited with exit code 1" % (k + 1, k * 8, k * 8 + 7)
        for k in range(5)
    ]
    b.add("slurm-33019.out", out)
    for i, n in enumerate(nodes):
        ent = dmesg_noise(rng, None, T("2024-05-06T08:00:00"), 4)
        ent += [
            (add(t, -40 + i), "nfs: server nas-ha01 not responding, still trying"),
            (add(t, -5 + i), "nfs: server nas-ha01 OK"),
            (add(t, i * 0.2), "NFS: nfs4_reclaim_open_state: Lock reclaim failed!"),
        ]
        b.add("%s/kern.log" % n, render_kernel(ent, "syslog", host=n))
    b.add(
        "nas-ha01_failover.txt",
        [
            "2024-05-06 14:19:31 UTC  HA event: controller A -> controller B takeover (reason: heartbeat loss)",
            "2024-05-06 14:20:06 UTC  export /datasets re-exported with new fsid",
        ],
    )
    b.set_label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "Every node logs the same NFS server not responding / OK pair and then ESTALE on dataset files, from ranks spread "
        "over all five nodes. The NAS log shows an HA takeover that re-exported with a new fsid. Shared storage event; "
        "restart (files reopen fine after remount), no node to exclude.",
        "https://github.com/NVIDIA-NeMo/Speech/issues/7756",
    )
    return b


def y28_socket_ifname_config_all_nodes(rng):
    b = Bundle("y28_socket_ifname_config_all_nodes")
    nodes = ["ml-%s" % s for s in ("cobalt", "indigo", "maroon", "saffron")]
    b.add(
        "launcher/run.sh",
        [
            "export NCCL_SOCKET_IFNAME=eth0",
            "export NCCL_IB_DISABLE=0",
            "export NCCL_DEBUG=WARN",
            "torchrun --nnodes 4 --nproc-per-node 4 --rdzv-endpoint ml-cobalt:29500 train.py",
        ],
    )
    t = T("2024-03-28T10:00:41")
    for gr, n in enumerate(nodes):
        con = torchrun_header(add(t, -30), n, gr, 4, 4, "ml-cobalt")
        for lr in range(4):
            r = gr * 4 + lr
            con += [
                "%s:%d:%d [%d] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth0"
                % (n, 6000 + lr, 6000 + lr, lr),
                "%s:%d:%d [%d] misc/socket.cc:429 NCCL WARN Bootstrap : no socket interface found"
                % (n, 6000 + lr, 6000 + lr, lr),
                "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, internal error - please report this issue to the NCCL developers, NCCL version 2.20.5"
                % r,
                "[rank%d]: ncclInternalError: Internal check failed." % r,
                "[rank%d]: Last error:" % r,
                "[rank%d]: Bootstrap : no socket interface found" % r,
            ]
        con += agent_summary(add(t, 2), "train.py", n, [(gr * 4, 0, 6000, 1, "")])
        b.add("%s/torchrun.log" % n, con)
        b.add(
            "%s/ip-br-addr.txt" % n,
            [
                "lo               UNKNOWN        127.0.0.1/8",
                "enp75s0f0        UP             10.30.%d.%d/16" % (gr, 20 + gr),
                "ibp12s0          UP             192.168.40.%d/24" % (20 + gr),
                "docker0          DOWN           172.17.0.1/16",
            ],
        )
    b.add(
        "ml-maroon/dmesg-T.txt",
        render_kernel(
            [
                (
                    T("2024-03-28T09:58:02"),
                    "mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:740: FWTracer: Events were lost",
                ),
                (
                    T("2024-03-28T09:58:03"),
                    "mlx5_core 0000:0c:00.0: mlx5_health_check:842: health compromised - reached miss count",
                ),
            ],
            "T",
        ),
    )
    b.set_label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "All 16 ranks on all four nodes fail at NCCL bootstrap with 'no socket interface found'. run.sh forces "
        "NCCL_SOCKET_IFNAME=eth0 but no node has an eth0 (ip addr shows enp75s0f0/ibp12s0). ml-maroon's mlx5 health "
        "message is a separate, uncorrelated event. Launch-script config error; fix and rerun.",
        "https://github.com/NVIDIA/nccl/issues/1267",
    )
    return b


def y29_one_node_stale_image(rng):
    b = Bundle("y29_one_node_stale_image")
    pods = ["mpt-train-worker-%d" % i for i in range(4)]
    nodes = ["gpu-pool-a-%s" % s for s in ("7f2k", "8m1q", "9x0v", "b3nd")]
    t = T("2024-11-05T16:00:10")
    for i, (p, n) in enumerate(zip(pods, nodes)):
        stale = n == "gpu-pool-a-9x0v"
        ver = "2.18.1+cuda12.1" if stale else "2.21.5+cuda12.4"
        lines = [
            "[%s] torch %s, cuda %s"
            % (iso(t), "2.1.2" if stale else "2.4.1", "12.1" if stale else "12.4")
        ]
        for lr in range(8):
            r = i * 8 + lr
            lines.append("%s:%d:%d [%d] NCCL INFO NCCL version %s" % (p, 90 + lr, 90 + lr, lr, ver))
        if i == 0:
            lines += [
                "[rank0]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.21.5",
                "[rank0]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
                "[rank0]: Last error:",
                "[rank0]: Error : mismatched NCCL version detected from peer rank 16: 21801 vs 22105 (local)",
            ]
        if stale:
            lines += [
                "[rank16]: [%s] RuntimeError: Timed out waiting for store key 'NCCLABORTEDCOMM:1'"
                % iso(add(t, 1800))
            ] * 2
        b.add("%s/kubectl_logs_%s.txt" % (n, p), lines)
        b.add(
            "%s/kubectl_describe_%s.txt" % (n, p),
            [
                "Events:",
                "  Normal  Pulled  %s  kubelet  %s"
                % (
                    "3m",
                    'Container image "registry.local/mpt/train:latest" already present on machine'
                    if stale
                    else 'Successfully pulled image "registry.local/mpt/train:latest" in 41.2s',
                ),
                "  Image ID: registry.local/mpt/train@sha256:%s"
                % ("4be1c0e9a1" if stale else "9d02aa71f3"),
            ],
        )
    b.set_label(
        "dependency",
        "infrastructure",
        "gpu-pool-a-9x0v",
        None,
        "restart_without_node",
        "Rank 0 reports the NCCL failure, but the mismatched peer is rank 16. Three pods log NCCL 2.21.5 and torch 2.4.1; "
        "worker-2 on gpu-pool-a-9x0v logs NCCL 2.18.1 / torch 2.1.2, and its describe output shows the ':latest' tag was "
        "'already present on machine' (old digest) instead of pulled. Node-local stale image cache.",
        "https://github.com/pytorch/pytorch/issues/122571",
    )
    return b


def y30_driver_too_old_for_new_image(rng):
    b = Bundle("y30_driver_too_old_for_new_image")
    nodes = ["ip-172-31-%d-%d" % (a, c) for a, c in ((10, 5), (11, 77), (12, 140))]
    b.add(
        "launcher/job_spec_diff.txt",
        [
            "-  image: nvcr.io/nvidia/pytorch:24.03-py3",
            "+  image: nvcr.io/nvidia/pytorch:25.01-py3",
        ],
    )
    t = T("2025-02-11T09:30:00")
    for gr, n in enumerate(nodes):
        con = torchrun_header(t, n, gr, 3, 8, nodes[0])
        for lr in range(8):
            r = gr * 8 + lr
            con += [
                "[rank%d]: RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx"
                % r
            ]
        con += agent_summary(add(t, 20), "train.py", n, [(gr * 8, 0, 700, 1, "")])
        b.add("%s/torchrun.log" % n, con)
        b.add(
            "%s/nvidia-smi.txt" % n,
            smi_table(
                [(i, "00000000:%02X:00.0" % (0x10 + i * 0x10), 0, 0) for i in range(8)],
                driver="535.183.01",
            ),
        )
    b.add(
        nodes[1] + "/dmesg-T.txt",
        render_kernel(
            [
                (
                    T("2025-02-11T09:29:12"),
                    "NVRM: Xid (PCI:0000:20:00): 43, pid=612, name=python, Ch 00000008",
                ),
                (
                    T("2025-02-11T08:01:40"),
                    "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3a21f offset:0x0 grain:32 syndrome:0x0)",
                ),
            ],
            "T",
        ),
    )
    b.set_label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "Every rank on every node refuses to start: the CUDA runtime in the new image needs a newer driver than the "
        "fleet's 535 (CUDA 12.2). The only change is the image tag bump. Corrected DIMM error and an Xid 43 from an "
        "earlier test process on one node are noise. Pin the old image or upgrade drivers.",
        "https://github.com/vllm-project/vllm/issues/427",
    )
    return b


CASES = [
    y26_dns_everywhere_coredns_oom,
    y27_nfs_stale_handle_all_nodes,
    y28_socket_ifname_config_all_nodes,
    y29_one_node_stale_image,
    y30_driver_too_old_for_new_image,
]
