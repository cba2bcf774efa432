"""y16-y20: several attempts; does the error follow a node, a step, or nothing?"""

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


def y16_ecc_follows_node_new_ranks(rng):
    b = Bundle("y16_ecc_follows_node_new_ranks")
    hosts = ["gpu-c03", "gpu-c07", "gpu-c11", "gpu-c12"]
    orders = [
        ["gpu-c11", "gpu-c03", "gpu-c07", "gpu-c12"],
        ["gpu-c03", "gpu-c11", "gpu-c12", "gpu-c07"],
        ["gpu-c07", "gpu-c12", "gpu-c03", "gpu-c11"],
    ]
    starts = [T("2024-03-02T01:00:00"), T("2024-03-02T09:40:00"), T("2024-03-02T18:05:00")]
    durs = [7.9, 3.2, 11.4]
    for a, (order, t0, dh) in enumerate(zip(orders, starts, durs), 1):
        t_err = add(t0, dh * 3600)
        for gr, h in enumerate(order):
            con = torchrun_header(t0, h, gr, 4, 8, order[0], restart=0)
            if gr == 0:
                lp, tl, st = progress(rng, add(t0, 60), 1000 * a, 60, 2.0, 2.6, every=100)
                con += prefix(lp, "[rank0]:")
            if h == "gpu-c11":
                r = gr * 8 + 5
                con += [
                    "[rank%d]: RuntimeError: CUDA error: uncorrectable ECC error encountered" % r,
                    "[rank%d]: Search for `cudaErrorECCUncorrectable' in https://docs.nvidia.com/cuda/cuda-runtime-api/group__CUDART__TYPES.html for more information."
                    % r,
                ]
                con += agent_summary(add(t_err, 1), "train.py", h, [(r, 5, 7700 + a, 1, "")])
            else:
                con.append(
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1970] [PG ID 0 PG GUID 0(default_pg) Rank %d] NCCL error: remote process exited or there was a network error"
                    % (gr * 8, glog(add(t_err, 2), "E", True), gr * 8)
                )
                con += agent_summary(
                    add(t_err, 3), "train.py", h, [(gr * 8, 0, 7600 + a, -6, "SIGABRT")]
                )
            b.add("attempt_%d/%s/console.log" % (a, h), con)
        ent = [
            (
                add(t_err, -0.1),
                "NVRM: Xid (PCI:0000:ab:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition %d, subpartition 1."
                % (7700 + a, a),
            )
        ]
        b.add(
            "attempt_%d/gpu-c11/dmesg-T.txt" % a,
            render_kernel(ent + dmesg_noise(rng, None, t0, 3), "T"),
        )
    b.set_label(
        "gpu_memory",
        "infrastructure",
        "gpu-c11",
        None,
        "restart_without_node",
        "The failing rank changes every attempt (5, 13, 29) because rendezvous order changes, but each time it is local "
        "rank 5 on gpu-c11, and each attempt has a Xid 48 DBE on gpu-c11's 0000:ab:00. The fault follows the node; "
        "no single global rank is stable, so rank is null.",
        "https://github.com/vllm-project/vllm/issues/5222",
    )
    return b


def y17_same_step_different_node(rng):
    b = Bundle("y17_same_step_different_node")
    att = [["h100-03", "h100-07"], ["h100-03", "h100-12"]]
    b.add(
        "ops_notes.txt",
        [
            "attempt 1 failed with a CUDA assert on h100-07 -> suspected bad GPU, drained h100-07",
            "attempt 2: replaced with h100-12, resumed from ckpt step 5000",
        ],
    )
    for a, hosts in enumerate(att, 1):
        t0 = T("2024-01-1%dT08:00:00" % (a + 1))
        for gr, h in enumerate(hosts):
            con = torchrun_header(t0, h, gr, 2, 4, hosts[0])
            if gr == 0:
                lp, tl, st = progress(
                    rng,
                    add(t0, 30),
                    5000 if a == 2 else 0,
                    12 if a == 2 else 51,
                    1.1,
                    2.0,
                    every=10,
                )
                con += prefix(lp, "[rank0]:")
            if gr == 1:
                con += [
                    "[rank7]: ../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [412,0,0], thread: [96,0,0] Assertion `srcIndex < srcSelectDimSize` failed.",
                    "[rank7]: Traceback (most recent call last):",
                    '[rank7]:   File "/work/llm/model.py", line 88, in forward',
                    "[rank7]:     h = self.tok_embeddings(tokens)",
                    "[rank7]: RuntimeError: CUDA error: device-side assert triggered",
                    "[rank7]: step=5120 batch_ids=[shard-00311:000812-000815] max_token_id=50304 vocab_size=50257",
                ]
                con += agent_summary(add(t0, 5120 * 1.1), "train.py", h, [(7, 3, 6100 + a, 1, "")])
            b.add("attempt_%d/%s/console.log" % (a, h), con)
    b.set_label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Attempt 1 failed on h100-07 and the operator drained it, but attempt 2 on a replacement node failed at the very "
        "same step 5120, same rank 7, same batch ids, with a token id above the vocabulary size. The error follows the "
        "data, not the node: a tokenizer/vocab mismatch in shard-00311.",
        "https://github.com/pytorch/pytorch/issues/49733",
    )
    return b


def y18_ib_errors_wander_cross_leaf(rng):
    b = Bundle("y18_ib_errors_wander_cross_leaf")
    hosts = ["n%02d" % i for i in range(1, 17)]
    b.topology = {"leaf-1": hosts[:8], "leaf-2": hosts[8:]}
    pairs = [("n03", "n10"), ("n14", "n05")]
    for a, (src, dst) in enumerate(pairs, 1):
        t0 = T("2024-06-0%dT00:00:00" % (a + 2))
        t_err = add(t0, [15200, 40111][a - 1])
        for gr, h in enumerate(hosts):
            con = torchrun_header(t0, h, gr, 16, 8, "n01")
            if gr == 0:
                lp, tl, st = progress(rng, add(t0, 30), 0, 40, 1.3, 2.6, every=250)
                con += prefix(lp, "[rank0]:")
            if h == src:
                con += [
                    "%s:%d:%d [2] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.1.%d.%d<38811> with status=12 opcode=0 len=0 vendor err 129 (Send) hca mlx5_2"
                    % (h, 9100, 9188, 0 if int(dst[1:]) <= 8 else 1, int(dst[1:])),
                    "[rank%d]: torch.distributed.DistBackendError: NCCL error: remote process exited or there was a network error"
                    % (gr * 8 + 2),
                ]
            con += agent_summary(
                add(t_err, 5), "train.py", h, [(gr * 8, 0, 9100, -6 if h != src else 1, "SIGABRT")]
            )
            b.add("attempt_%d/%s/console.log" % (a, h), con)
            if h in (src, dst):
                b.add(
                    "attempt_%d/%s/kern.log" % (a, h),
                    render_kernel(dmesg_noise(rng, None, t0, 4), "syslog", host=h),
                )
                b.add(
                    "attempt_%d/%s/ibstat.txt" % (a, h),
                    [
                        "CA 'mlx5_2'",
                        "\tPort 1:",
                        "\t\tState: Active",
                        "\t\tPhysical state: LinkUp",
                        "\t\tRate: 400",
                    ],
                )
    b.set_label(
        "network",
        "infrastructure",
        None,
        None,
        "run_diagnostics",
        "Attempt 1 failed on n03->n10, attempt 2 on n14->n05: different nodes, different steps, and no local link events "
        "or port errors on either end. Both failing paths cross from leaf-1 to leaf-2 (topology.json), so the evidence points "
        "at the spine/uplinks rather than any node. Excluding a node would not help; check the fabric.",
        "https://github.com/NVIDIA/nccl/issues/902",
    )
    return b


def y19_old_transient_new_data_error(rng):
    b = Bundle("y19_old_transient_new_data_error")
    hosts = ["p4d-%02d" % i for i in (1, 2, 3)]
    t1 = T("2024-02-20T10:00:00")
    for gr, h in enumerate(hosts):
        if h == "p4d-03":
            con = [
                "[E socket.cpp:957] [c10d] The client socket has timed out after 60s while trying to connect to (p4d-01, 29500).",
                "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
            ]
        else:
            con = torchrun_header(t1, h, gr, 3, 8, "p4d-01")[:8] + [
                "I%s 301 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1101] The node 'p4d-0%d' is waiting for 1 more node(s) ..."
                % (glog(add(t1, 30), ""), gr + 1),
                "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
            ]
        b.add("attempt_1/%s/console.log" % h, con)
    b.add(
        "attempt_1/p4d-03/journal.txt",
        [
            "Feb 20 09:59:41 p4d-03 systemd-resolved[712]: Using degraded feature set UDP instead of UDP+EDNS0 for DNS server 10.0.0.2.",
            "Feb 20 10:01:12 p4d-03 systemd-resolved[712]: Using degraded feature set UDP+EDNS0 instead of UDP for DNS server 10.0.0.2.",
        ],
    )
    t2 = T("2024-02-20T10:20:00")
    t_err = add(t2, 7 * 3600 + 200)
    for gr, h in enumerate(hosts):
        con = torchrun_header(t2, h, gr, 3, 8, "p4d-01")
        if gr == 0:
            lp, tl, st = progress(rng, add(t2, 40), 0, 200, 1.25, 2.5, every=100)
            con += prefix(lp, "[rank0]:")
            con += ["[rank0]: [%s] epoch 1 done, running validation" % pylog(add(t_err, -60))]
            con += prefix(
                py_tb(
                    [
                        ("/opt/ml/code/train.py", 377, "validate", "for batch in val_loader:"),
                        (
                            "/opt/ml/code/data/webdataset_utils.py",
                            52,
                            "open_shard",
                            "return open(url, 'rb')",
                        ),
                    ],
                    "FileNotFoundError: [Errno 2] No such file or directory: '/fsx/data/val/shard-0009.tar'",
                ),
                "[rank0]: ",
            )
            con += agent_summary(add(t_err, 1), "train.py", h, [(0, 0, 8800, 1, "")])
        else:
            con += [
                "[rank%d]:[%s ProcessGroupNCCL.cpp:1970] [PG ID 0 PG GUID 0(default_pg) Rank %d] NCCL error: remote process exited or there was a network error"
                % (gr * 8, glog(add(t_err, 2), "E", True), gr * 8)
            ]
            con += agent_summary(add(t_err, 3), "train.py", h, [(gr * 8, 0, 8800, -6, "SIGABRT")])
        b.add("attempt_2/%s/console.log" % h, con)
    b.add(
        "attempt_2/p4d-01/ls_val.txt",
        [
            "$ ls /fsx/data/val/",
            "shard-0000.tar  shard-0001.tar  shard-0002.tar  shard-0003.tar  shard-0004.tar",
            "shard-0005.tar  shard-0006.tar  shard-0007.tar  shard-0008.tar",
            "$ grep -c tar val_manifest.txt",
            "10",
        ],
    )
    b.set_label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Attempt 1 died in rendezvous because p4d-03 could not reach the store during a DNS blip; attempt 2 on the same three "
        "nodes rendezvoused fine and trained 7 hours, so that transient did not recur. The job's final failure is rank 0 "
        "in validation: the manifest lists 10 shards but only 9 exist on /fsx. Data/config bug, stop.",
        "https://github.com/pytorch/pytorch/issues/73682",
    )
    return b


def y20_xid79_different_node_each_attempt(rng):
    b = Bundle("y20_xid79_different_node_each_attempt")
    hosts = ["hgx-%s" % s for s in ("pa1", "pa2", "pb1", "pb2", "pc1", "pc2")]
    bad = ["hgx-pb1", "hgx-pa2", "hgx-pc2"]
    buses = ["1a", "5c", "ad"]
    for a in range(1, 4):
        t0 = T("2024-09-1%dT12:00:00" % a)
        t_err = add(t0, 95 + a * 3)
        for gr, h in enumerate(hosts):
            con = torchrun_header(t0, h, gr, 6, 8, hosts[0])
            con += (
                [
                    "[rank%d]: [%s] model built: 64 experts, expert_parallel=8, NCCL_NVLS_ENABLE=1, driver 560.28.03 (upgraded 2024-09-09)"
                    % (gr * 8, pylog(add(t0, 60)))
                ]
                if gr == 0
                else []
            )
            con += (
                [
                    "[rank%d]: [%s] step 1: first MoE all_to_all_single"
                    % (gr * 8, pylog(add(t0, 94)))
                ]
                if gr == 0
                else []
            )
            if h == bad[a - 1]:
                con += [
                    "[rank%d]: RuntimeError: CUDA error: unspecified launch failure" % (gr * 8 + a)
                ]
            con += agent_summary(add(t_err, 600), "train.py", h, [(gr * 8, 0, 5000, -6, "SIGABRT")])
            b.add("attempt_%d/%s/console.log" % (a, h), con)
            if h == bad[a - 1]:
                b.add(
                    "attempt_%d/%s/dmesg-T.txt" % (a, h),
                    render_kernel(
                        [
                            (
                                t_err,
                                "NVRM: Xid (PCI:0000:%s:00): 79, pid=%d, name=python, GPU has fallen off the bus."
                                % (buses[a - 1], 5000 + a),
                            )
                        ],
                        "T",
                    ),
                )
    b.add(
        "changes.txt",
        ["2024-09-09 fleet-wide: NVIDIA driver 550.90.07 -> 560.28.03 on partition hgx-p*"],
    )
    b.set_label(
        "gpu_hardware",
        "infrastructure",
        None,
        None,
        "run_diagnostics",
        "Three attempts, three different nodes each losing a GPU off the bus (Xid 79), always at step 1 in the first MoE "
        "all_to_all, starting right after a fleet-wide driver upgrade. A fault that moves between nodes at the same point "
        "in the program is not one bad node; excluding nodes would chase it. Investigate driver/NVLS before rerunning.",
        "https://github.com/NVIDIA/NVSentinel/pull/195",
    )
    return b


CASES = [
    y16_ecc_follows_node_new_ranks,
    y17_same_step_different_node,
    y18_ib_errors_wander_cross_leaf,
    y19_old_transient_new_data_error,
    y20_xid79_different_node_each_attempt,
]
