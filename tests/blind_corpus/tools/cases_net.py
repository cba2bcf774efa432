"""Network and storage cases."""

from __future__ import annotations

import json
from datetime import datetime, timedelta

from common import (
    Case,
    dmesg_ctime,
    dmesg_uptime,
    elastic,
    glog,
    journal,
    nccl_bootstrap,
    py_tb,
    ts,
    watchdog_timeout,
)

SITE = "/opt/conda/lib/python3.11/site-packages"


def ib_peer_ip_16n() -> Case:
    c = Case("ib_status12_peer_ip_16n")
    nodes = [f"gpu-c7-{i:02d}" for i in range(1, 17)]
    ip = {n: f"10.8.3.{66 + i}" for i, n in enumerate(nodes, start=1)}
    bad = "gpu-c7-11"
    assert ip[bad] == "10.8.3.77"
    t = datetime(2025, 2, 19, 12, 54, 22, 864467)
    accusers = {"gpu-c7-03": 2, "gpu-c7-10": 5, "gpu-c7-14": 0}
    c.add(
        "topology.json",
        [
            json.dumps(
                {"topology": {"spine0-leaf1": nodes[:8], "spine0-leaf2": nodes[8:]}}, indent=1
            )
        ],
    )
    for ni, n in enumerate(nodes):
        pid0 = 51100 + ni * 13
        lines: list[str] = []
        for d in range(8):
            lines += nccl_bootstrap(n, pid0 + d, d, "ib0", ip[n])[:1]
        lines += nccl_bootstrap(n, pid0, 0, "ib0", ip[n])[1:]
        if n in accusers:
            d = accusers[n]
            tag = f"{n}:{pid0 + d}:{pid0 + 300 + d} [{d}]"
            lines += [
                f"{tag} transport/net_ib.cc:1697 NCCL WARN NET/IB : Got completion from peer {ip[bad]}<52311> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ip[n]} remoteGids::ffff:{ip[bad]}",
                f"{tag} NCCL INFO transport/net.cc:1298 -> 6",
                f"{tag} NCCL INFO proxy.cc:694 -> 6",
                f"{tag} NCCL INFO proxy.cc:874 -> 6 [Progress Thread]",
            ]
            r = ni * 8 + d
            lines.append(
                glog(
                    "E",
                    t + timedelta(milliseconds=ni),
                    pid0 + d,
                    "ProcessGroupNCCL.cpp:1595",
                    f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\n"
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
                    f"Last error:\nNET/IB : Got completion from peer {ip[bad]}<52311> with status=12 opcode=0 len=0 vendor err 129 (Recv)",
                    r,
                )
            )
        else:
            tw = t + timedelta(minutes=10, milliseconds=40 + ni * 3)
            for d in (0, 4):
                lines += watchdog_timeout(tw, ni * 8 + d, 216, "ALLTOALL_BASE", 1379328)
        c.add(f"{n}/nccl_{n}.log", lines)
    c.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Three ranks on three different nodes (on both leaf switches) fail with IB completion status=12 "
        "(retry exceeded) naming peer 10.8.3.77; the NCCL bootstrap lines map that address to gpu-c7-11, whose "
        "own log only shows the later timeout. The link or HCA of gpu-c7-11 is the common factor.",
        "https://github.com/NVIDIA/nccl/issues/1405",
    )
    return c


def ib_flap_accuser_is_culprit() -> Case:
    c = Case("ib_link_flap_on_accuser")
    nodes = ["hpc-g101", "hpc-g102", "hpc-g103", "hpc-g104"]
    ips = {n: f"10.4.0.{101 + i}" for i, n in enumerate(nodes)}
    bad = "hpc-g103"
    t = datetime(2023, 7, 3, 21, 40, 11)
    for ni, n in enumerate(nodes):
        pid = 34050 + ni * 100
        lines = ["iter 83592: loss 1.5455, time: 4401.19ms, speed: 1771 toks/s/device"]
        lines += nccl_bootstrap(n, pid, 0, "ib0", ips[n])
        if n == bad:
            for k in range(4):
                lines += [
                    f"{n}:{pid + k}:{pid + 71 + k} [{k}] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error",
                    "",
                ]
            lines.append(
                f"{n}:{pid + 1}:{pid + 72} [1] transport/net_ib.cc:1238 NCCL WARN NET/IB : Got completion from peer {ips['hpc-g101']}<37948> with error 12, opcode 2, len 1, vendor err 129"
            )
            lines.append(
                glog(
                    "E",
                    t + timedelta(seconds=3),
                    pid + 1,
                    "ProcessGroupNCCL.cpp:1595",
                    "[PG ID 0 PG GUID 0(default_pg) Rank 9] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
                    9,
                )
            )
        else:
            lines += watchdog_timeout(
                t + timedelta(minutes=30, seconds=4),
                ni * 4,
                5541901,
                "ALLREDUCE",
                1,
                timeout_ms=1800000,
            )
        c.add(f"{n}/lit-llama-{n}.out", lines)
        kern = [
            journal(t - timedelta(days=1), n, "mlx5_core 0000:d2:00.0 mlx5_4: Port: 1 Link ACTIVE")
        ]
        if n == bad:
            for k in range(3):
                base = t - timedelta(seconds=20) + timedelta(seconds=9 * k)
                kern += [
                    journal(base, n, "mlx5_core 0000:d2:00.0 mlx5_4: Port: 1 Link DOWN"),
                    journal(
                        base + timedelta(seconds=4),
                        n,
                        "mlx5_core 0000:d2:00.0 mlx5_4: Port: 1 Link INIT",
                    ),
                    journal(
                        base + timedelta(seconds=5),
                        n,
                        "mlx5_core 0000:d2:00.0 mlx5_4: Port: 1 Link ACTIVE",
                    ),
                ]
            kern.append(
                journal(
                    t + timedelta(seconds=2),
                    n,
                    "mlx5_core 0000:d2:00.0: mlx5_port_module_event:1146:(pid 0): Port module event[error]: module 0, Cable error, One or more network ports have been powered down due to insufficient/unadvertised power",
                )
            )
        c.add(f"{n}/journal-kernel.log", kern)
    c.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "hpc-g103's own HCA port flaps DOWN/ACTIVE three times and reports a cable error; its ranks see port "
        "errors first. The completion error there names hpc-g101 as the peer, but the accused node's link is healthy.",
        "https://github.com/NVIDIA/nccl/issues/905",
    )
    return c


def switch_wide_flap() -> Case:
    c = Case("leaf_switch_flap_8n")
    nodes = [f"r12n{i:02d}" for i in range(1, 9)]
    leaf_b = nodes[4:]
    c.add(
        "topology.json", [json.dumps({"topology": {"leaf-r12-a": nodes[:4], "leaf-r12-b": leaf_b}})]
    )
    t = datetime(2024, 5, 27, 2, 14, 55)
    up = {n: 302114.0 + i * 17.3 for i, n in enumerate(nodes)}
    for ni, n in enumerate(nodes):
        dm = [dmesg_uptime(up[n] - 90000, "mlx5_core 0000:1a:00.0: firmware version: 28.39.1002")]
        lines = []
        if n in leaf_b:
            dm += [
                dmesg_uptime(up[n], "mlx5_core 0000:1a:00.0 ibp26s0: Link down"),
                dmesg_uptime(up[n] + 41.2, "mlx5_core 0000:1a:00.0 ibp26s0: Link up"),
            ]
            lines += [
                f"{n}:2201{ni}:2209{ni} [0] transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error",
                f"{n}:2201{ni}:2209{ni} [0] transport/net_ib.cc:1238 NCCL WARN NET/IB : Got completion from peer 10.12.0.{ni + 1}<4412{ni}> with status=12 opcode=0 len=0 vendor err 129 (Send)",
                glog(
                    "E",
                    t + timedelta(seconds=1),
                    22010 + ni,
                    "ProcessGroupNCCL.cpp:1595",
                    f"[PG ID 0 PG GUID 0(default_pg) Rank {ni * 8}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5",
                    ni * 8,
                ),
            ]
        else:
            lines += watchdog_timeout(
                t + timedelta(minutes=10, seconds=1), ni * 8, 77120, "ALLREDUCE", 134217728
            )
        c.add(f"{n}/dmesg.out", dm)
        c.add(f"{n}/rank0.log", lines)
    c.add(
        "r12n05/ibstat_after.txt",
        """CA 'mlx5_0'
	CA type: MT4129
	Port 1:
		State: Active
		Physical state: LinkUp
		Rate: 400
		Link layer: InfiniBand""".replace("\t", "    "),
    )
    c.label(
        "network",
        "infrastructure",
        None,
        None,
        "restart",
        "All four nodes behind leaf-r12-b lose their IB link in the same second and regain it ~41 s later; the "
        "nodes on leaf-r12-a only time out. A switch-wide, self-healed flap: no node is to blame, restart.",
        "https://github.com/Lightning-AI/lit-llama/issues/380",
    )
    return c


def frontend_bond_down() -> Case:
    c = Case("rdzv_bond_down_one_node")
    nodes = ["gpu-m-01", "gpu-m-02", "gpu-m-03", "gpu-m-04"]
    bad = "gpu-m-04"
    t = datetime(2024, 10, 9, 14, 0, 3, 120000)
    for ni, n in enumerate(nodes):
        agent = 9100 + ni
        lines = [
            elastic(
                "I",
                t - timedelta(seconds=2),
                agent,
                "torch/distributed/elastic/agent/server/api.py:870",
                "[default] starting workers for entrypoint: python",
            )
        ]
        if n == bad:
            lines += py_tb(
                [
                    (
                        f"{SITE}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py",
                        1140,
                        "next_rendezvous",
                        "self._op_executor.run(join_op, deadline, self._get_deadline)",
                    ),
                    (
                        f"{SITE}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py",
                        123,
                        "_call_store",
                        "return getattr(self._store, store_op)(*args, **kwargs)",
                    ),
                ],
                "torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to (gpu-m-01, 29400).",
            )
            lines.append(
                "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."
            )
        else:
            lines.append(
                elastic(
                    "I",
                    t + timedelta(minutes=15),
                    agent,
                    "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1181",
                    f"The node 'gpu-m-0{ni + 1}_9{ni}_0' has closed the rendezvous 'job-4411'.",
                )
            )
            lines.append(
                "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError: The rendezvous 'job-4411' has timed out: 3 of min 4 nodes joined."
            )
        c.add(f"{n}/torchrun_console.log", lines)
        jl = [
            journal(
                t - timedelta(hours=5),
                n,
                "bond0: (slave ens1f0np0): Enslaving as an active interface with an up link",
            )
        ]
        if n == bad:
            jl += [
                journal(
                    t - timedelta(minutes=3), n, "ice 0000:31:00.0 ens1f0np0: NIC Link is Down"
                ),
                journal(
                    t - timedelta(minutes=3),
                    n,
                    "bond0: (slave ens1f0np0): link status definitely down, disabling slave",
                ),
                journal(
                    t - timedelta(minutes=3), n, "ice 0000:31:00.1 ens1f1np1: NIC Link is Down"
                ),
                journal(
                    t - timedelta(minutes=3),
                    n,
                    "bond0: (slave ens1f1np1): link status definitely down, disabling slave",
                ),
                journal(
                    t - timedelta(minutes=3), n, "bond0: now running without any active interface!"
                ),
            ]
        c.add(f"{n}/journalctl_k.txt", jl)
    c.label(
        "network",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "gpu-m-04 lost both members of its front-end bond before the job started, so it never reached the "
        "c10d store on gpu-m-01; the others time out waiting for 4 of 4 nodes. Replace that node and restart.",
        "https://github.com/NVIDIA/nccl-tests/issues/244",
    )
    return c


def nfs_stale_all() -> Case:
    c = Case("nfs_stale_handle_all_nodes")
    nodes = ["wk-0", "wk-1", "wk-2", "wk-3"]
    t = datetime(2024, 4, 12, 10, 22, 5)
    for ni, n in enumerate(nodes):
        lines = [f"{{'loss': 0.8{ni}21, 'learning_rate': 4.9996e-05, 'epoch': 1.02}}"]
        lines += [
            f"[INFO|trainer.py:3705] {ts(t)},{430 + ni} >> Saving model checkpoint to /nfs/shared/runs/ft-7b/checkpoint-6000"
        ]
        lines += py_tb(
            [
                ("/nfs/shared/code/finetune.py", 342, "<module>", "main()"),
                (
                    f"{SITE}/transformers/trainer.py",
                    2923,
                    "_save_checkpoint",
                    "torch.save(self.optimizer.state_dict(), os.path.join(output_dir, OPTIMIZER_NAME))",
                ),
                (
                    f"{SITE}/torch/serialization.py",
                    849,
                    "save",
                    "with _open_zipfile_writer(f) as opened_zipfile:",
                ),
            ],
            "OSError: [Errno 116] Stale file handle",
            prefix=f"[rank{ni * 8}]: ",
        )
        c.add(f"{n}/train-{n}.log", lines)
        c.add(
            f"{n}/dmesg",
            [
                dmesg_ctime(
                    t - timedelta(seconds=70), "nfs: server filer-02 not responding, still trying"
                ),
                dmesg_ctime(
                    t - timedelta(seconds=70), "nfs: server filer-02 not responding, still trying"
                ),
                dmesg_ctime(t + timedelta(seconds=95), "nfs: server filer-02 OK"),
            ],
        )
    c.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "Every node loses the NFS server filer-02 at the same moment and every rank fails its checkpoint write "
        "with ESTALE; the server came back 'OK' afterwards. A shared-storage blip with no node at fault.",
        "https://github.com/huggingface/transformers/issues/9732",
    )
    return c


def lustre_eviction() -> Case:
    c = Case("lustre_evicted_dcp_save")
    nodes = ["x1000c0s1b0n0", "x1000c0s1b1n0", "x1000c0s2b0n0"]
    t = datetime(2025, 6, 30, 23, 58, 41)
    for ni, n in enumerate(nodes):
        c.add(
            f"{n}/console-{ni}.txt",
            [
                f"[titan] {ts(t - timedelta(seconds=5))},000 - root - INFO - Saving the checkpoint (or staging if async is enabled).",
                *py_tb(
                    [
                        (
                            "/lus/flare/projects/llm/torchtitan/torchtitan/components/checkpoint.py",
                            508,
                            "save",
                            "self.dcp_save(states, checkpoint_id=checkpoint_id, async_mode=AsyncMode.DISABLED)",
                        ),
                        (
                            f"{SITE}/torch/distributed/checkpoint/filesystem.py",
                            389,
                            "_write_files_from_queue",
                            "_write_item(transforms, stream, data, write_item, storage_key)",
                        ),
                        (
                            f"{SITE}/torch/distributed/checkpoint/filesystem.py",
                            316,
                            "_write_item",
                            "stream.write(data.getbuffer())",
                        ),
                    ],
                    "OSError: [Errno 5] Input/output error",
                    prefix=f"[rank{ni * 4 + 1}]: ",
                ),
            ],
        )
        c.add(
            f"{n}/kern.log",
            [
                journal(
                    t - timedelta(seconds=40),
                    n,
                    "Lustre: flare-OST0012-osc-ffff9d2f8c2e1000: Connection to flare-OST0012 (at 10.150.0.12@kfi) was lost; in progress operations using this service will wait for recovery to complete",
                ),
                journal(
                    t - timedelta(seconds=3),
                    n,
                    "LustreError: 167-0: flare-OST0012-osc-ffff9d2f8c2e1000: This client was evicted by flare-OST0012; in progress operations using this service will fail.",
                ),
                journal(
                    t - timedelta(seconds=3),
                    n,
                    "LustreError: 11-0: flare-OST0012-osc-ffff9d2f8c2e1000: operation ost_write to node 10.150.0.12@kfi failed: rc = -107",
                ),
                journal(
                    t + timedelta(seconds=30),
                    n,
                    "Lustre: flare-OST0012-osc-ffff9d2f8c2e1000: Connection restored to 10.150.0.12@kfi (at 10.150.0.12@kfi)",
                ),
            ],
        )
    c.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "All three nodes were evicted by the same Lustre OST (flare-OST0012) during a DCP save and every rank got "
        "EIO; the connection was restored 30 s later. A shared file-system event, not a node or application fault.",
        "https://github.com/awslabs/awsome-distributed-ai/pull/1225",
    )
    return c


def s3_slowdown() -> Case:
    c = Case("s3_slowdown_checkpoint_upload")
    nodes = ["ip-10-1-33-12", "ip-10-1-40-7"]
    t = datetime(2025, 8, 2, 7, 30, 0)
    for ni, n in enumerate(nodes):
        lines = [
            f"{ts(t - timedelta(seconds=12))} INFO ckpt_uploader: uploading step_00120000 shard {ni * 8 + k}/16 to s3://acme-llm-ckpt/runs/r42/step_00120000/"
            for k in range(2)
        ]
        lines += py_tb(
            [
                (
                    "/opt/ml/code/ckpt/uploader.py",
                    88,
                    "upload_shard",
                    "self.s3.put_object(Bucket=bucket, Key=key, Body=fh)",
                ),
                (
                    f"{SITE}/botocore/client.py",
                    569,
                    "_api_call",
                    "return self._make_api_call(operation_name, kwargs)",
                ),
                (
                    f"{SITE}/botocore/client.py",
                    1023,
                    "_make_api_call",
                    "raise error_class(parsed_response, operation_name)",
                ),
            ],
            "botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the PutObject operation (reached max retries: 4): Please reduce your request rate.",
            prefix=f"[rank{ni * 8 + 3}]:",
        )
        c.add(f"{n}/algo-{ni + 1}-stdout.log", lines)
    c.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "Ranks on both nodes are throttled by S3 (503 SlowDown on PutObject) while uploading the same checkpoint "
        "prefix; the object store, a shared service, is the cause and a restart with back-off will pass.",
        "https://github.com/aws/aws-sdk-pandas/issues/1316",
    )
    return c


CASES = [
    ib_peer_ip_16n,
    ib_flap_accuser_is_culprit,
    switch_wide_flap,
    frontend_bond_down,
    nfs_stale_all,
    lustre_eviction,
    s3_slowdown,
]
