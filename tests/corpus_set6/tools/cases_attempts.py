"""v21-v25: recurrence across attempts. A fault that follows a node (under new rank numbers)
vs the same error at the same iteration on different nodes (the application)."""

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
    megatron_iter,
)


def v21_nvlink_xid74_follows_node(rng):
    b = Bundle()
    pool = ["hpc-gpu-%02d" % i for i in (31, 32, 33, 34, 35, 36)]
    orders = [[pool[0], pool[1], pool[2], pool[3]], [pool[4], pool[2], pool[0], pool[5]]]
    bad_host = pool[2]
    starts = [T("2024-04-03 01:00:00"), T("2024-04-03 05:41:00")]
    fails = [T("2024-04-03 04:57:19.050000"), T("2024-04-03 07:02:44.900000")]
    boot = T("2024-03-28 12:00:00")
    for a, hosts in enumerate(orders):
        job = Job(rng, hosts, subnet="10.66")
        bn = hosts.index(bad_host)
        bl = 3
        tf = fails[a]
        for n, h in enumerate(hosts):
            lines = [
                "%s INFO launch attempt %d: node_rank=%d hosts=%s"
                % (pylog(starts[a]), a + 1, n, ",".join(hosts))
            ]
            lines += job.nccl_init(n, version="2.18.6+cuda12.1")[:2]
            for l in range(8):
                r = job.rank(n, l)
                if n == bn and l in (bl, 2):
                    t = tf + sec(0.2 * (l == 2))
                    lines += [
                        "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered"
                        % (r, glog(t, "E", ns=True, rng=rng), r),
                        "[rank%d]:Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:44 (most recent call first):"
                        % r,
                        "[rank%d]:terminate called after throwing an instance of 'c10::DistBackendError'"
                        % r,
                    ]
                else:
                    tw = tf + sec(600 + rng.uniform(0, 2))
                    lines += job.watchdog(
                        r, tw, 7721 + a * 3, op="ALLREDUCE", numel=4194304, style="2.1"
                    )
            tt = tf + sec(4 if n == bn else 604)
            first = (
                [(job.rank(n, bl), bl, -6, tf + sec(1), sigtb(job.pid(n, bl), 6))]
                if n == bn
                else []
            )
            rest = [
                (job.rank(n, l), l, -6, tt, sigtb(job.pid(n, l), 6))
                for l in range(8)
                if not (n == bn and l == bl)
            ]
            lines += job.elastic_failure(n, tt, first + rest)
            b.add("attempt_%d/%s/console.log" % (a + 1, h), lines)
            km = kernel_noise(rng, starts[a], fails[a] + sec(700), lambda t: dmesg_up(t, boot), 3)
            if h == bad_host:
                pid = job.pid(n, bl)
                km += [
                    "%s NVRM: Xid (PCI:0000:5d:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"
                    % (dmesg_up(tf - sec(0.3), boot), pid),
                    "%s NVRM: Xid (PCI:0000:3a:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 4(0x0, 0x0, 0x0, 0x0, 0x10000, 0x0, 0x0)"
                    % (dmesg_up(tf - sec(0.28), boot), job.pid(n, 2)),
                    "%s NVRM: Xid (PCI:0000:5d:00): 45, pid=%d, name=python3, Ch 00000018"
                    % (dmesg_up(tf + sec(1.1), boot), pid),
                ]
            b.add(
                "attempt_%d/%s/dmesg.txt%s" % (a + 1, h, ".gz" if a == 0 else ""),
                sorted(km, key=lambda s: float(s[1 : s.index("]")])),
            )
    b.add(
        "attempt_2/%s/nvlink_status.txt" % bad_host,
        ["GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-0c7d21aa-3e61-4f50-9a77-1b2c0d4e9f13)"]
        + ["\t Link %d: 26.562 GB/s" % k for k in range(11)]
        + ["\t Link 11: <inactive>", "\t Link 12: 26.562 GB/s"],
    )
    b.set_label(
        "nvlink",
        "infrastructure",
        "restart_without_node",
        "Both attempts die the same way on %s, GPUs 3 and 2 (ranks 19/18 in attempt 1, 11/10 in attempt 2 after the host order changed): "
        "NCCL sees an illegal memory access and dmesg logs Xid 74 NVLink fatal errors on link 11 of the same PCI device; nvlink -s shows "
        "that link inactive. The fault follows the node, not a rank number." % bad_host,
        "https://github.com/marin-community/marin/issues/7344",
        node=bad_host,
    )
    return b


def v22_device_assert_same_iteration(rng):
    b = Bundle()
    att = [["gpu-n%02d" % i for i in (1, 2, 3, 4)], ["gpu-n%02d" % i for i in (2, 3, 5, 6)]]
    bad = [(0, 5), (2, 1)]
    fails = [T("2024-06-21 14:22:08.300000"), T("2024-06-21 16:03:51.700000")]
    for a, hosts in enumerate(att):
        job = Job(rng, hosts, subnet="10.90")
        bn, bl = bad[a]
        br = job.rank(bn, bl)
        tf = fails[a]
        for n, h in enumerate(hosts):
            lines = []
            if n == 0:
                t = tf - sec(1200)
                lines.append(
                    "[rank0]:%s INFO resumed from checkpoint step 12000" % pylog(t - sec(60))
                    if a == 1
                    else "[rank0]:%s INFO starting from scratch" % pylog(t - sec(3000))
                )
                for it in range(12000 if a else 12200, 12481, 40):
                    t += sec(40 * 2.4)
                    lines.append(
                        "[rank0]:%s INFO it=%d loss=%.4f lr=1.00e-04 grad_norm=%.3f"
                        % (pylog(t), it, 1.71 - it * 1e-6, 0.4 + rng.random() * 0.1)
                    )
            for l in range(8):
                r = job.rank(n, l)
                if r == br:
                    lines += [
                        "[rank%d]:../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed."
                        % (r, rng.randrange(900), k)
                        for k in range(64, 70)
                    ]
                    lines += prefixed(
                        "[rank%d]:" % r,
                        py_tb(
                            [
                                (
                                    "/srv/lm/train.py",
                                    233,
                                    "train",
                                    "out = model(batch['input_ids'])",
                                ),
                                (
                                    "/srv/lm/model.py",
                                    88,
                                    "forward",
                                    "h = self.tok_embeddings(tokens)",
                                ),
                                (
                                    "/usr/local/lib/python3.10/dist-packages/torch/nn/functional.py",
                                    2264,
                                    "embedding",
                                    "return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)",
                                ),
                            ],
                            [
                                "RuntimeError: CUDA error: device-side assert triggered",
                                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                            ],
                        ),
                    )
                    lines.append(
                        "[rank%d]:%s ERROR it=12481 failed on micro-batch from shard web-2024-17/part-00311 (rank-local sample index 3021)"
                        % (r, pylog(tf))
                    )
                elif n != bn:
                    tw = tf + sec(600 + rng.uniform(0, 1))
                    lines += job.watchdog(r, tw, 49925 + a, op="ALLREDUCE", numel=1)
            tt = tf + sec(2 if n == bn else 602)
            lines += job.elastic_failure(
                n,
                tt,
                [(br, bl, 1, tf, None)]
                if n == bn
                else [(job.rank(n, l), l, -6, tt, sigtb(job.pid(n, l), 6)) for l in range(8)],
            )
            b.add("attempt_%d/%s/console.log" % (a + 1, h), lines)
    b.add(
        "attempt_2/ops_note.txt",
        [
            "attempt 1 failed on gpu-n01 (rank 5) -> excluded gpu-n01 and gpu-n04, replaced with gpu-n05, gpu-n06",
            "resumed from step 12000 checkpoint, same data order (seed 1234)",
        ],
    )
    b.set_label(
        "user_code",
        "script",
        "stop",
        "Both attempts hit the same embedding index assertion at iteration 12481 on the same data shard, first on gpu-n01 (rank 5), then, "
        "with that node excluded and a deterministic resume, on gpu-n05 (rank 17). A token id beyond the vocabulary in the data, not hardware.",
        "https://github.com/huggingface/transformers/issues/28104",
    )
    return b


def v23_ib_errors_follow_node(rng):
    b = Bundle()
    pool = ["c%03d" % i for i in (210, 211, 214, 215, 219, 220, 223)]
    orders = [pool[0:6], [pool[6], pool[2], pool[1], pool[5], pool[3], pool[4]]]
    bad = pool[3]
    fails = [T("2025-03-02 09:18:40"), T("2025-03-02 11:52:03")]
    ipmap = {h: "10.210.%d.%d" % (rng.randrange(1, 9), rng.randrange(2, 250)) for h in pool}
    for a, hosts in enumerate(orders):
        job = Job(rng, hosts, ips=[ipmap[h] for h in hosts], iface="ib0")
        bn = hosts.index(bad)
        tf = fails[a]
        for n, h in enumerate(hosts):
            lines = job.nccl_init(n, version="2.22.3+cuda12.6")
            accusers = rng.sample([x for x in range(len(hosts)) if x != bn], 2)
            for l in range(8):
                r = job.rank(n, l)
                if n in accusers and l < 4:
                    t = tf + sec(rng.uniform(0, 1))
                    p = job.pid(n, l)
                    lines.append(
                        "%s:%d:%d [%d] transport/net_ib.cc:1739 NCCL WARN NET/IB: Got completion from peer %s<%d> with status=5 opcode=0 len=0 vendor err 249 (Recv) hca mlx5_%d"
                        % (h, p, p + 1500, l, ipmap[bad], rng.randrange(30000, 60000), l)
                    )
                    lines.append(
                        "[rank%d]:[%s ProcessGroupNCCL.cpp:1682] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: "
                        "remote process exited or there was a network error, NCCL version 2.22.3"
                        % (r, glog(t, "E", ns=True, rng=rng), r)
                    )
                else:
                    tw = tf + sec(600 + rng.uniform(0, 3))
                    lines += job.watchdog(
                        r, tw, 90211 if a == 0 else 21877, op="ALLTOALL_BASE", numel=25165824
                    )
            b.add("attempt_%d/%s/torchrun.log" % (a + 1, h), lines)
            b.add(
                "attempt_%d/%s/dmesg.txt" % (a + 1, h),
                kernel_noise(rng, tf - sec(3600), tf + sec(900), dmesg_T, 3),
            )
    b.add(
        "attempt_2/%s/perfquery.txt" % bad,
        [
            "# Port counters: Lid 1181 port 1",
            "PortXmitDiscards:................0",
            "SymbolErrorCounter:..............8812",
            "LinkErrorRecoveryCounter:........0",
            "PortRcvErrors:...................4410",
            "LocalLinkIntegrityErrors:........31",
            "ExcessiveBufferOverrunErrors:....0",
        ],
    )
    b.set_label(
        "network",
        "infrastructure",
        "restart_without_node",
        "In both attempts different nodes report IB completion errors naming %s; the NCCL bootstrap lines map it to %s, which held ranks "
        "24-31 in attempt 1 and 32-39 in attempt 2. Its port counters show symbol and receive errors. The accused node is the common factor."
        % (ipmap[bad], bad),
        "https://github.com/NVIDIA/nccl/issues/1405",
        node=bad,
    )
    return b


def v24_collective_mismatch_hang_twice(rng):
    b = Bundle()
    att = [["node%d" % i for i in (1, 2)], ["node%d" % i for i in (3, 4)]]
    fails = [T("2024-09-12 05:40:00"), T("2024-09-12 08:02:30")]
    for a, hosts in enumerate(att):
        job = Job(rng, hosts, subnet="10.3")
        tw = fails[a]
        for n, h in enumerate(hosts):
            lines = []
            if n == 0:
                t = tw - sec(1900)
                for st in range(4800, 5001, 50):
                    t += sec(50 * 0.92)
                    lines.append(
                        "[rank0]:%s - INFO - step %d loss %.3f" % (pylog(t), st, 2.01 - st * 1e-5)
                    )
                lines.append(
                    "[rank0]:%s - INFO - step 5000: running evaluation and pushing sample generations"
                    % pylog(t + sec(1))
                )
            for l in range(8):
                r = job.rank(n, l)
                if r == 0:
                    lines += [
                        "[rank0]:[%s ProcessGroupNCCL.cpp:616] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=BROADCAST, NumelIn=131072000, "
                        "NumelOut=131072000, Timeout(ms)=1800000) ran for 1800094 milliseconds before timing out."
                        % (glog(tw, "E", ns=True, rng=rng), 60213)
                    ]
                else:
                    lines += job.watchdog(
                        r,
                        tw + sec(rng.uniform(0, 0.8)),
                        60213,
                        op="ALLREDUCE",
                        numel=1,
                        timeout_ms=1800000,
                    )
            if n == 0:
                lines += [
                    "[rank3]:[%s ProcessGroupNCCL.cpp:1393] [PG ID 0 PG GUID 0(default_pg) Rank 3] Received a dump signal due to a collective timeout from  rank 0 "
                    "and we will try our best to dump the debug info."
                    % glog(tw + sec(1), "E", ns=True, rng=rng),
                    "[rank0]:%s - ERROR - flight recorder (last entries):" % pylog(tw + sec(2)),
                    "[rank0]:  seq 60212 ALLREDUCE   in=[[1]]          state=completed  ranks=all",
                    "[rank0]:  seq 60213 BROADCAST   in=[[32000,4096]] state=scheduled  profiling_name=nccl:broadcast  frames: evaluate.py:141 generate_samples",
                    "[rank0]:desync report: SeqNum 60213: rank 0 is running BROADCAST, ranks 1-15 are running ALLREDUCE (train_loop.py:388 reduce_metrics)",
                ]
            tt = tw + sec(5)
            lines += job.elastic_failure(
                n, tt, [(job.rank(n, l), l, -6, tt, sigtb(job.pid(n, l), 6)) for l in range(8)]
            )
            b.add("attempt_%d/%s/stdout.log" % (a + 1, h), lines)
            b.add(
                "attempt_%d/%s/dmesg.txt" % (a + 1, h),
                kernel_noise(rng, tw - sec(4000), tw + sec(60), dmesg_T, 3),
            )
    b.set_label(
        "hang",
        "script",
        "stop",
        "Both attempts, on disjoint node pairs, hang right after 'step 5000: running evaluation' and time out together. The flight recorder "
        "shows rank 0 in a BROADCAST from the sample-generation path while ranks 1-15 sit in a metrics ALLREDUCE at the same sequence number: "
        "a collective mismatch in the user's eval code.",
        "https://github.com/rwth-i6/returnn/issues/1484",
    )
    return b


def v25_rank0_host_oom_moves_nodes(rng):
    b = Bundle()
    att = [["trn-%02d" % i for i in (4, 5, 6, 7)], ["trn-%02d" % i for i in (6, 4, 7, 5)]]
    fails = [T("2024-07-04 03:00:41.500000"), T("2024-07-04 06:00:39.900000")]
    boot = T("2024-06-30 00:00:00")
    for a, hosts in enumerate(att):
        job = Job(rng, hosts, subnet="10.12")
        tf = fails[a]
        for n, h in enumerate(hosts):
            lines = [
                "%s: [%s] [INFO] [launch.py:164:main] nnodes=4, num_local_procs=8, node_rank=%d"
                % (h, pylog(tf - sec(10000)), n)
            ]
            if n == 0:
                lines.append(
                    "%s: [%s] [INFO] [engine.py:3489:save_16bit_model] gathering full 16-bit weights on rank 0 for step 3000 (stage3_gather_16bit_weights_on_model_save=true)"
                    % (h, pylog(tf - sec(95)))
                )
                lines.append(
                    "%s: [%s] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = -9"
                    % (h, pylog(tf + sec(2)))
                )
            else:
                tw = tf + sec(1800 + rng.uniform(0, 3))
                for l in range(8):
                    lines += prefixed(
                        "%s: " % h,
                        job.watchdog(
                            job.rank(n, l),
                            tw,
                            99021,
                            op="_ALLGATHER_BASE",
                            numel=70778880,
                            timeout_ms=1800000,
                            prefix=False,
                        ),
                    )
            b.add("attempt_%d/%s/deepspeed.log" % (a + 1, h), lines)
            km = kernel_noise(rng, tf - sec(3000), tf + sec(2000), lambda t: dmesg_up(t, boot), 3)
            if n == 0:
                km += [
                    "%s oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=job,mems_allowed=0-1,oom_memcg=/slurm/uid_1201/job_%d,task=python,pid=%d,uid=1201"
                    % (dmesg_up(tf, boot), 60000 + a, job.pid(n, 0)),
                    "%s Memory cgroup out of memory: Killed process %d (python) total-vm:812220112kB, anon-rss:489102332kB, file-rss:1112kB, shmem-rss:0kB, UID:1201 pgtables:960112kB oom_score_adj:0"
                    % (dmesg_up(tf + sec(0.01), boot), job.pid(n, 0)),
                ]
            b.add(
                "attempt_%d/%s/dmesg.txt" % (a + 1, h),
                sorted(km, key=lambda s: float(s[1 : s.index("]")])),
            )
    b.add(
        "job/notes.txt",
        [
            "model: 70B, ZeRO-3, save every 3000 steps with stage3_gather_16bit_weights_on_model_save=true",
            "slurm: --mem=500G per node",
        ],
    )
    b.set_label(
        "oom",
        "framework",
        "stop",
        "Both attempts die at the step-3000 save: the cgroup OOM killer takes global rank 0's process after it starts gathering the full "
        "16-bit 70B weights, on trn-04 the first time and on trn-06 the second (host order changed). The failure follows rank 0's role, "
        "not a node: the save configuration needs more host memory than the 500G limit.",
        "https://github.com/deepspeedai/DeepSpeed/issues/2302",
    )
    return b


CASES = [
    v21_nvlink_xid74_follows_node,
    v22_device_assert_same_iteration,
    v23_ib_errors_follow_node,
    v24_collective_mismatch_hang_twice,
    v25_rank0_host_oom_moves_nodes,
]
