"""y31-y35: hangs - which rank never arrived, vs ranks calling different collectives."""

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


def _pyspy(pid, frames, idle=False):
    out = [
        "Process %d: python -u train.py" % pid,
        "Python v3.10.14 (/usr/bin/python3.10)",
        "",
        'Thread %d (%s): "MainThread"' % (pid, "idle" if idle else "active"),
    ]
    out += ["    %s (%s)" % (f, loc) for f, loc in frames]
    return out + [""]


COLL_WAIT = [
    ("synchronize (torch/cuda/__init__.py:892)", ""),
    ("_reduce_grads (engine/ddp.py:211)", ""),
    ("train_step (train.py:244)", ""),
    ("main (train.py:390)", ""),
]


def y31_fr_missing_rank_lustre_evict(rng):
    b = Bundle("y31_fr_missing_rank_lustre_evict")
    nodes = ["hpe-%d" % i for i in (301, 302, 303, 304)]
    t_ev = T("2024-10-29T08:14:55")
    t_wd = add(t_ev, 1805)
    b.add(
        "fr_trace/analysis.txt",
        [
            "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr_dumps -p rank_",
            "Not all ranks joining collective: group_name=0 (default_pg), collective seq_id=88213, op=all_reduce, input_sizes=[[25165824]]",
            "  Missing ranks: {14}",
            "  rank 14 last entry: seq_id=88212 op=all_reduce state=completed",
            "  ranks 0-13,15: state=started, time_discovered_started_ns ~ %d"
            % int(add(t_ev, 3).timestamp() * 1e9),
        ],
    )
    for gr, n in enumerate(nodes):
        con = torchrun_header(T("2024-10-29T01:00:00"), n, gr, 4, 4, nodes[0])
        for lr in range(4):
            r = gr * 4 + lr
            if r != 14:
                con += watchdog(r, add(t_wd, r * 0.01), 88213, timeout_ms=1800000)[:2]
        con += agent_summary(add(t_wd, 4), "train.py", n, [(gr * 4, 0, 1200 + gr, -6, "SIGABRT")])
        b.add("%s/console.log" % n, con)
    b.add(
        "hpe-304/py-spy_rank14.txt",
        _pyspy(
            61214,
            [
                ("read (None)", ""),
                ("readinto (pyarrow/io.pxi:1201)", ""),
                ("read_row_group (pyarrow/parquet/core.py:461)", ""),
                ("__getitem__ (data/parquet_ds.py:88)", "/lustre/scratch/tok/shard-1187.parquet"),
                ("fetch (torch/utils/data/_utils/fetch.py:52)", ""),
                ("__next__ (torch/utils/data/dataloader.py:631)", ""),
                ("train (train.py:231)", ""),
            ],
        ),
    )
    b.add("hpe-301/py-spy_rank0.txt", _pyspy(61200, COLL_WAIT))
    for n in nodes:
        ent = dmesg_noise(rng, None, T("2024-10-29T06:00:00"), 3)
        if n == "hpe-304":
            ent += [
                (
                    t_ev,
                    "LustreError: 167-0: scratch-MDT0000-mdc-ffff8d2a4c1e9000: This client was evicted by scratch-MDT0000; in progress operations using this service will fail.",
                ),
                (
                    add(t_ev, 0.2),
                    "LustreError: 61214:0:(file.c:246:ll_close_inode_openhandle()) scratch-clilmv-ffff8d2a4c1e9000: inode [0x200012a31:0x1c4:0x0] mdc close failed: rc = -5",
                ),
                (
                    add(t_ev, 1.0),
                    "Lustre: scratch-MDT0000-mdc-ffff8d2a4c1e9000: Connection restored to 10.12.0.4@o2ib (at 10.12.0.4@o2ib)",
                ),
            ]
        b.add("%s/kern.log" % n, render_kernel(ent, "syslog", host=n))
    b.set_label(
        "storage",
        "infrastructure",
        "hpe-304",
        14,
        "restart_without_node",
        "Fifteen ranks time out in all_reduce seq 88213; the flight-recorder analysis says only rank 14 never joined. "
        "Rank 14 (group_rank 3, local 2) is on hpe-304, and its py-spy shows it blocked in a parquet read from /lustre. "
        "hpe-304 alone was evicted by the Lustre MDT at 08:14:55, just before the collective started.",
        "https://github.com/pytorch/tutorials/pull/3814",
    )
    return b


def y32_mismatched_collectives_rank0_broadcast(rng):
    b = Bundle("y32_mismatched_collectives_rank0_broadcast")
    nodes = ["gpu-e%02d" % i for i in (1, 2)]
    t_wd = T("2024-12-02T11:40:06")
    b.add(
        "fr_trace/analysis.txt",
        [
            "$ python -m torch.distributed.flight_recorder.fr_trace ./dumps -p nccl_trace_rank_",
            "Collective sequence number: 4411 has errors",
            "  Found mismatched collectives: rank 0 is running BROADCAST (input_sizes=[[1]]) but ranks 1-15 are running ALLREDUCE (input_sizes=[[41943040]])",
            "  Collectives differ in the following aspects: Op type: BROADCAST vs ALLREDUCE",
        ],
    )
    for gr, n in enumerate(nodes):
        con = torchrun_header(T("2024-12-02T09:00:00"), n, gr, 2, 8, nodes[0])
        for lr in range(8):
            con += watchdog(
                gr * 8 + lr,
                add(t_wd, lr * 0.01),
                4411,
                op="BROADCAST" if gr * 8 + lr == 0 else "ALLREDUCE",
            )[:1]
        con += agent_summary(add(t_wd, 3), "train.py", n, [(gr * 8, 0, 400, -6, "SIGABRT")])
        b.add("%s/console.log" % n, con)
    b.add(
        "gpu-e01/py-spy_rank0.txt",
        _pyspy(
            400,
            [
                ("broadcast (torch/distributed/distributed_c10d.py:2422)", ""),
                ("broadcast_object_list (torch/distributed/distributed_c10d.py:3140)", ""),
                ("maybe_save (utils/ckpt.py:61)", "if rank == 0 and step % save_every == 0"),
                ("train (train.py:270)", ""),
            ],
        ),
    )
    b.add("gpu-e01/py-spy_rank1.txt", _pyspy(401, COLL_WAIT))
    b.add(
        "gpu-e02/dmesg-T.txt",
        render_kernel(
            [
                (
                    T("2024-12-02T11:02:15"),
                    "NVRM: Xid (PCI:0000:9a:00): 92, pid=1203, name=python, High single-bit ECC error rate",
                )
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
        "Every rank times out, but the flight recorder shows rank 0 in a BROADCAST while ranks 1-15 are in ALLREDUCE at "
        "the same sequence number. py-spy puts rank 0 inside broadcast_object_list under 'if rank == 0' in the checkpoint "
        "helper. A program bug (collective inside a rank-0-only branch), deterministic. The Xid 92 on gpu-e02 is a correctable-error rate notice.",
        "https://github.com/pytorch/pytorch/issues/78022",
    )
    return b


def y33_rank_stuck_in_sync_no_xid(rng):
    b = Bundle("y33_rank_stuck_in_sync_no_xid")
    nodes = ["nd%03d" % i for i in (12, 19)]
    t_wd = T("2024-09-25T03:33:40")
    for gr, n in enumerate(nodes):
        con = torchrun_header(T("2024-09-24T22:00:00"), n, gr, 2, 8, nodes[0])
        for lr in range(8):
            r = gr * 8 + lr
            if r != 14:
                con += watchdog(r, add(t_wd, r * 0.01), 100233)[:2]
        con += (
            [
                "[rank14]:[%s ProcessGroupNCCL.cpp:1743] [PG ID 0 PG GUID 0(default_pg) Rank 14] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog"
                % glog(add(t_wd, 480), "E", True)
            ]
            if gr == 1
            else []
        )
        con += agent_summary(add(t_wd, 490), "train.py", n, [(gr * 8, 0, 300, -6, "SIGABRT")])
        b.add("%s/console.log" % n, con)
    b.add(
        "nd019/py-spy_rank14_native.txt",
        _pyspy(
            3306,
            [
                ("cudaStreamSynchronize (libcudart.so.12)", "native"),
                ("at::native::_local_scalar_dense_cuda (libtorch_cuda.so)", "native"),
                ("item (torch/_tensor.py)", ""),
                ("log_metrics (train.py:301)", "loss.item()"),
                ("train (train.py:280)", ""),
            ],
        ),
    )
    b.add(
        "nd019/nvidia-smi-q.txt",
        smi_q(
            [
                {
                    "idx": i,
                    "bus": "00000000:%02X:00.0" % (0x18 + i * 0x11),
                    "util": 100 if i == 6 else 0,
                    "power": 88.0 if i == 6 else 71.0,
                    "mem_used": 61000,
                }
                for i in range(8)
            ]
        ),
    )
    b.add(
        "nd019/dmesg-T.txt", render_kernel(dmesg_noise(rng, None, T("2024-09-24T20:00:00"), 8), "T")
    )
    b.set_label(
        "hang",
        "infrastructure",
        "nd019",
        14,
        "run_diagnostics",
        "All ranks except 14 time out in the same all_reduce; rank 14's own watchdog is stuck and py-spy shows it blocked in "
        "cudaStreamSynchronize under loss.item(). Its GPU (local 6 on nd019) reports 100% utilisation at idle power and "
        "there is no Xid or ECC error anywhere. The hung rank is clear, the cause is not proven: drain and run diagnostics.",
        "https://github.com/sgl-project/sglang/issues/3836",
    )
    return b


def y34_prolog_failed_node_never_joined(rng):
    b = Bundle("y34_prolog_failed_node_never_joined")
    nodes = ["x3000c0s%db0n0" % i for i in (1, 3, 5, 7)]
    t0 = T("2024-06-11T20:00:05")
    for gr, n in enumerate(nodes):
        if n == nodes[2]:
            b.add(
                "%s/slurmd.log" % n,
                [
                    "[2024-06-11T20:00:03.118] [612004.extern] task/cgroup: _memcg_initialize: job: alloc=1031000MB",
                    "[2024-06-11T20:00:04.902] error: prolog failed: rc:1 output:[gpu_check: nvidia-smi: Unable to determine the device handle for GPU 0000:3B:00.0: Unknown Error]",
                    "[2024-06-11T20:00:04.903] error: _rpc_launch_tasks: unable to launch step 612004.0 on %s: Prolog failed"
                    % n,
                ],
            )
            continue
        con = [
            "I%s 1188 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1101] The node '%s_1188_0' added itself to the participants of round 0 of the 'job612004' rendezvous. Pending sync."
            % (glog(t0, ""), n)
        ]
        con += [
            "I%s 1188 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1188] The node '%s_1188_0' is waiting for 1 more node(s) to join rendezvous round 0 (3/4)."
            % (glog(add(t0, 30 * k), ""), n)
            for k in range(1, 20)
        ]
        con += ["torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"]
        b.add("%s/torchrun.log" % n, con)
    b.add(
        "sacct.txt",
        [
            "JobID           NodeList                 State      ExitCode",
            "612004          x3000c0s[1,3,5,7]b0n0    FAILED     1:0",
            "612004.0        x3000c0s[1,3,7]b0n0      FAILED     1:0",
        ],
    )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        nodes[2],
        None,
        "restart_without_node",
        "Three torchrun agents wait for the fourth node and then hit RendezvousTimeoutError - it looks like a rendezvous/network "
        "problem. The step's node list in sacct omits x3000c0s5b0n0, and that node's slurmd log shows the prolog GPU check "
        "failed: nvidia-smi cannot reach GPU 0000:3B:00.0. The node never launched its task.",
        "https://github.com/kubeflow/trainer/issues/1504",
    )
    return b


def y35_whole_node_missing_fabricmanager(rng):
    b = Bundle("y35_whole_node_missing_fabricmanager")
    nodes = ["dgxh-%02d" % i for i in (21, 22, 23)]
    t0 = T("2024-04-16T06:30:00")
    b.add(
        "fr_trace/analysis.txt",
        [
            "$ python -m torch.distributed.flight_recorder.fr_trace /dumps -p fr_ --allow-incomplete-ranks",
            "Warning: no dump found for ranks 8-15",
            "Not all ranks joining collective: group_name=0 (default_pg), collective seq_id=1, op=all_reduce (barrier)",
            "  Missing ranks: {8, 9, 10, 11, 12, 13, 14, 15}",
        ],
    )
    for gr, n in enumerate(nodes):
        con = torchrun_header(t0, n, gr, 3, 8, nodes[0])
        if gr != 1:
            for lr in range(8):
                con += watchdog(gr * 8 + lr, add(t0, 620 + lr * 0.01), 1, op="ALLREDUCE", numel=1)[
                    :1
                ]
        else:
            con += [
                "[rank%d]: [%s] still initializing (ncclCommInitRank) after 600s"
                % (8 + lr, pylog(add(t0, 610)))
                for lr in range(0, 8, 3)
            ]
        con += agent_summary(add(t0, 625), "train.py", n, [(gr * 8, 0, 1500, -6, "SIGABRT")])
        b.add("%s/console.log" % n, con)
    b.add(
        "dgxh-22/py-spy_rank8.txt",
        _pyspy(
            1508,
            [
                ("ncclCommInitRankConfig (libnccl.so.2)", "native"),
                ("barrier (torch/distributed/distributed_c10d.py:4166)", ""),
                ("setup (train.py:90)", ""),
            ],
        ),
    )
    b.add(
        "dgxh-22/journal-fabricmanager.txt",
        [
            "Apr 16 06:12:40 dgxh-22 nv-fabricmanager[2211]: detected NVSwitch fatal error 12028 on fid 0 on NVSwitch pci bus id 00000000:05:00.0 physical id 2 port 33",
            "Apr 16 06:12:41 dgxh-22 nv-fabricmanager[2211]: NVSwitch port 33 link training failed; partition degraded",
            "Apr 16 06:12:41 dgxh-22 nv-fabricmanager[2211]: fabric manager is not able to continue; GPU access to NVLink fabric is unavailable",
        ],
    )
    b.add(
        "dgxh-23/dmesg-T.txt",
        render_kernel(
            [
                (
                    T("2024-04-16T06:41:10"),
                    "NVRM: Xid (PCI:0000:cc:00): 45, pid=1601, name=python, Ch 00000002",
                )
            ],
            "T",
        ),
    )
    b.set_label(
        "nvlink",
        "infrastructure",
        "dgxh-22",
        None,
        "restart_without_node",
        "The flight recorder is missing all of ranks 8-15, a whole node, at the very first barrier. Those are dgxh-22's ranks "
        "(group_rank 1); py-spy shows them stuck in ncclCommInitRank, and dgxh-22's fabric manager hit an NVSwitch fatal "
        "error before the job started. The Xid 45 on dgxh-23 is the teardown kill, after the timeout.",
        "https://github.com/pytorch/pytorch/pull/177472",
    )
    return b


CASES = [
    y31_fr_missing_rank_lustre_evict,
    y32_mismatched_collectives_rank0_broadcast,
    y33_rank_stuck_in_sync_no_xid,
    y34_prolog_failed_node_never_joined,
    y35_whole_node_missing_fabricmanager,
]
