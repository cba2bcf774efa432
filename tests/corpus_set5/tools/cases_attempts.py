"""u21-u25: recurrence across attempts. An error that follows one node under different rank
numbers is that node; the same error at the same iteration on different nodes is the
application; the same rank on the same node every time pins the rank. u25 is a near-clean
run full of harmless warnings."""

from __future__ import annotations

import random

from common import (
    BUS_IDS_H100,
    CUDA_ERR_TAIL,
    SITE,
    Bundle,
    Job,
    cosine_loss,
    dt,
    hexid,
    kernel_noise,
    nvidia_smi_q,
    render_dmesg_t,
    render_dmesg_uptime,
    sec,
    traceback,
    ts_c10,
    ts_py,
)


def _train_lines(rng, host_rank0, t_train, first, last, step_s, every, fmt):
    out = []
    for step in range(first, last, every):
        tt = t_train + sec((step - first) * step_s + rng.uniform(-0.3, 0.3))
        out.append(fmt(tt, step))
    _ = host_rank0
    return out


# --------------------------------------------------------------------------------------
# u21 illegal memory access follows ngc-h100-s3-05 across three attempts (ranks 38, 14, 46)
# --------------------------------------------------------------------------------------


def u21(rng: random.Random) -> Bundle:
    b = Bundle("u21_illegal_access_follows_node_3_attempts")
    names = [f"ngc-h100-s3-{i:02d}" for i in range(1, 7)]
    bad = "ngc-h100-s3-05"
    bad_local = 6
    orders = [
        names,
        [
            "ngc-h100-s3-03",
            "ngc-h100-s3-05",
            "ngc-h100-s3-01",
            "ngc-h100-s3-06",
            "ngc-h100-s3-02",
            "ngc-h100-s3-04",
        ],
        [
            "ngc-h100-s3-06",
            "ngc-h100-s3-04",
            "ngc-h100-s3-02",
            "ngc-h100-s3-01",
            "ngc-h100-s3-03",
            "ngc-h100-s3-05",
        ],
    ]
    starts = [dt("2024-12-09 01:10:00"), dt("2024-12-09 02:05:12"), dt("2024-12-09 02:26:03")]
    resume = [0, 500, 500]
    fail_at = [812, 577, 1903]
    step_s = 2.71
    ips = {h: f"10.60.3.{40 + i}" for i, h in enumerate(names)}
    boot = dt("2024-11-30 08:11:52")
    for a, (order, t0, r0, fs) in enumerate(zip(orders, starts, resume, fail_at, strict=True), 1):
        job = Job(rng, order, gpn=8, ips={h: ips[h] for h in order}, ifname="eth0")
        bad_rank = job.rank(bad, bad_local)
        t_train = t0 + sec(120)
        t_fail = t_train + sec((fs - r0) * step_s + rng.uniform(0, 1))
        seq = 9 * fs + 2
        for h in order:
            out = [
                f"[auto-resume] attempt {a}/3, node_rank={order.index(h)}, resume_from="
                f"{'none' if r0 == 0 else f'/ckpt/run-7b/step_{r0}'}"
            ]
            out += job.agent_start(h, t0, "train.py", 6, f"{order[0]}:29500")
            out += job.nccl_init(h, prefix="[rank{rank}]:")
            if order.index(h) == 0:
                out += _train_lines(
                    rng,
                    h,
                    t_train,
                    r0,
                    fs,
                    step_s,
                    10,
                    lambda tt, s: (
                        f"[rank0]:{ts_py(tt)} INFO train step={s} loss="
                        f"{cosine_loss(rng, s, 3.4, 2.6):.4f} lr=3.0e-04 "
                        f"step_time={step_s + rng.uniform(-0.04, 0.04):.2f}s"
                    ),
                )
            if h == bad:
                pre = f"[rank{bad_rank}]:"
                out += traceback(
                    [
                        ("/workspace/train.py", 291, "<module>", "main()"),
                        ("/workspace/train.py", 244, "main", "loss.backward()"),
                        (f"{SITE}/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                        (
                            f"{SITE}/torch/autograd/graph.py",
                            825,
                            "_engine_run_backward",
                            "return Variable._execution_engine.run_backward(",
                        ),
                    ],
                    "RuntimeError: CUDA error: an illegal memory access was encountered\n"
                    + CUDA_ERR_TAIL.rstrip(),
                    pre,
                )
                out.append(
                    f"{pre}[{ts_c10(t_fail + sec(0.01), 'E', rng)} ProcessGroupNCCL.cpp:1515] "
                    f"[PG ID 0 PG GUID 0(default_pg) Rank {bad_rank}] Process group watchdog "
                    "thread terminated with exception: CUDA error: an illegal memory access "
                    "was encountered"
                )
                out += job.agent_failure(h, t_fail + sec(1.2), [(bad_local, 1)], "train.py")
            else:
                for lr in range(8):
                    r = job.rank(h, lr)
                    out += job.watchdog_timeout(
                        r,
                        t_fail + sec(600.3 + rng.uniform(0, 1.5)),
                        seq,
                        with_terminate=lr % 2 == 0,
                    )
                out += job.agent_failure(
                    h, t_fail + sec(603), [(lr, -6) for lr in range(8)], "train.py"
                )
            b.add(h, "torchrun.log", out, attempt=a)
            ev = kernel_noise(rng, t0 - sec(600), t_fail + sec(650), 8)
            if h == bad:
                bus = BUS_IDS_H100[bad_local]
                pid = job.pid[bad_rank]
                ev += [
                    (
                        t_fail - sec(0.05),
                        f"NVRM: Xid (PCI:0000:{bus}:00): 13, pid='{pid}', "
                        f"name=python3, Graphics SM Warp Exception on (GPC {rng.randint(0, 7)}, TPC "
                        f"{rng.randint(0, 8)}, SM {rng.randint(0, 1)}): Out Of Range Address",
                    ),
                    (
                        t_fail - sec(0.05),
                        f"NVRM: Xid (PCI:0000:{bus}:00): 13, pid='{pid}', "
                        "name=python3, Graphics Exception: ESR 0x51e730=0x10d000e 0x51e734=0x20 "
                        f"0x51e728=0x{hexid(rng, 7)} 0x51e72c=0x174",
                    ),
                    (
                        t_fail - sec(0.04),
                        f"NVRM: Xid (PCI:0000:{bus}:00): 43, pid={pid}, name=python3, Ch 00000018",
                    ),
                ]
            b.add(h, "dmesg.txt", render_dmesg_uptime(ev, boot), attempt=a)
    b.label(
        "gpu_hardware",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "In all three attempts the first failure is 'an illegal memory access' on "
        "ngc-h100-s3-05 GPU 6, under global ranks 38, 14 and 46 and at steps 812, 577 and 1903, "
        "each time with Xid 13 on that GPU; the error follows the node, not a rank or step.",
        "https://github.com/MFlowCode/MFC/pull/1748",
        "recurrence across attempts with node order reshuffled; rank number changes, node does not",
    )
    return b


# --------------------------------------------------------------------------------------
# u22 GKE: device-side assert at step 1184 in both attempts, on different nodes
# --------------------------------------------------------------------------------------


def u22(rng: random.Random) -> Bundle:
    b = Bundle("u22_device_assert_same_step_two_attempts")
    nodes = [
        "gke-a3-pool-1a2b-x7k2",
        "gke-a3-pool-1a2b-m3qp",
        "gke-a3-pool-1a2b-9fzd",
        "gke-a3-pool-1a2b-t4ww",
    ]
    orders = [nodes, [nodes[2], nodes[0], nodes[3], nodes[1]]]
    fail_rank = [9, 17]
    starts = [dt("2024-07-30 10:02:11"), dt("2024-07-30 11:31:05")]
    resume = [0, 1000]
    step_s = 3.3
    for a, (order, t0, r0, fr) in enumerate(zip(orders, starts, resume, fail_rank, strict=True), 1):
        pods = [f"sft-llama-{'master' if i == 0 else 'worker'}-{max(0, i - 1)}" for i in range(4)]
        job = Job(rng, order, gpn=8, ifname="eth0", hcas=[])
        t_train = t0 + sec(150)
        t_fail = t_train + sec((1184 - r0) * step_s)
        seq = 4 * 1184
        for i, h in enumerate(order):
            out = [f"+ kubectl logs {pods[i]} -n llm --timestamps=false   # node {h}"]
            out += job.agent_start(h, t0, "sft.py", 4, "sft-llama-master-0:23456")
            out += [
                f"[rank{job.rank(h, lr)}]:{ts_py(t0 + sec(40))} WARNING sft: tokenizer.vocab_size="
                "128256 (with added special tokens) but config.vocab_size=128000; not resizing "
                "embeddings (resize_embeddings=false)"
                for lr in range(8)
            ]
            out += job.nccl_init(h, net="Socket", prefix="[rank{rank}]:")
            if i == 0:
                out += _train_lines(
                    rng,
                    h,
                    t_train,
                    r0,
                    1184,
                    step_s,
                    4,
                    lambda tt, s: (
                        f"[rank0]:{ts_py(tt)} INFO sft: step {s}/6000 loss "
                        f"{cosine_loss(rng, s, 1.6, 0.9):.4f} lr 1.0e-05"
                    ),
                )
            if fr in job.ranks_on(h):
                lr = fr % 8
                pre = f"[rank{fr}]:"
                for k in range(24):
                    out.append(
                        f"{pre}../aten/src/ATen/native/cuda/Indexing.cu:1236: "
                        f"indexSelectSmallIndex: block: [{rng.randint(0, 40)},0,0], thread: "
                        f"[{k + 96},0,0] Assertion `srcIndex < srcSelectDimSize` failed."
                    )
                out += traceback(
                    [
                        ("/app/sft.py", 233, "<module>", "train()"),
                        ("/app/sft.py", 190, "train", "out = model(**batch)"),
                    ]
                    + [
                        (f, ln, fn, c)
                        for f, ln, fn, c in [
                            (
                                f"{SITE}/transformers/models/llama/modeling_llama.py",
                                1189,
                                "forward",
                                "outputs = self.model(",
                            ),
                            (
                                f"{SITE}/transformers/models/llama/modeling_llama.py",
                                945,
                                "forward",
                                "inputs_embeds = self.embed_tokens(input_ids)",
                            ),
                            (
                                f"{SITE}/torch/nn/modules/sparse.py",
                                190,
                                "forward",
                                "return F.embedding(",
                            ),
                        ]
                    ],
                    "RuntimeError: CUDA error: device-side assert triggered\n"
                    + CUDA_ERR_TAIL.rstrip(),
                    pre,
                )
                out += job.agent_failure(h, t_fail + sec(1.0), [(lr, 1)], "sft.py")
            else:
                for lr in range(8):
                    out += job.watchdog_timeout(
                        job.rank(h, lr), t_fail + sec(600.6 + lr * 0.02), seq, with_terminate=False
                    )
                out += job.agent_failure(
                    h, t_fail + sec(604), [(lr, -6) for lr in range(8)], "sft.py"
                )
            b.add(h, f"{pods[i]}.log", out, attempt=a)
        b.add(
            order[0],
            "kubectl_get_pods_o_wide.txt",
            [
                "NAME                    READY   STATUS   RESTARTS   AGE   IP            NODE"
                "                      NOMINATED NODE   READINESS GATES",
            ]
            + [
                f"{pods[i]:<23} 0/1     Error    0          {70 + a}m   10.92.{i + 3}.{rng.randint(2, 250):<6}"
                f"{order[i]:<25} <none>           <none>"
                for i in range(4)
            ],
            attempt=a,
        )
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "Both attempts die at step 1184 with 'srcIndex < srcSelectDimSize' device-side asserts in "
        "the embedding lookup, on rank 9 (gke-a3-pool-1a2b-m3qp) the first time and rank 17 "
        "(gke-a3-pool-1a2b-t4ww) after resuming; tokens from a 128256-entry tokenizer index a "
        "128000-row embedding, a deterministic data/model mismatch.",
        "https://github.com/deepspeedai/Megatron-DeepSpeed/issues/207",
        "same error at the same iteration on different nodes across attempts",
    )
    return b


# --------------------------------------------------------------------------------------
# u23 Slurm requeue x3: uncorrectable ECC always on rank 13 (sakura-h100-22 GPU 5)
# --------------------------------------------------------------------------------------


def u23(rng: random.Random) -> Bundle:
    b = Bundle("u23_ecc_rank13_stable_three_requeues")
    hosts = [f"sakura-h100-{i}" for i in range(21, 25)]
    bad, bad_local = "sakura-h100-22", 5
    starts = [dt("2025-03-02 04:00:17"), dt("2025-03-02 09:31:40"), dt("2025-03-02 10:05:02")]
    resume = [0, 5000, 5000]
    fails = [5120, 5141, 5010]
    step_s = 3.6
    for a, (t0, r0, fs) in enumerate(zip(starts, resume, fails, strict=True), 1):
        job = Job(rng, hosts, gpn=8, ifname="ibp26s0", nccl="2.21.5")
        bad_rank = job.rank(bad, bad_local)
        t_train = t0 + sec(200)
        t_fail = t_train + sec((fs - r0) * step_s + rng.uniform(0, 1))
        seq = 5 * fs
        out = [
            f"+ srun -l --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 pretrain.py "
            f"--resume auto   # SLURM_JOB_ID=5512001 SLURM_RESTART_COUNT={a - 1}"
        ]
        for i, h in enumerate(hosts):
            out += [
                f"{i}: {x}"
                for x in job.agent_start(h, t0, "pretrain.py", 4, "sakura-h100-21:29500")
            ]
        for i, h in enumerate(hosts):
            out += job.nccl_init(h, prefix=f"{i}: [rank{{rank}}]:")
        if r0:
            out.append(
                f"0: [rank0]:{ts_py(t0 + sec(120))} INFO resumed from /data/ckpt/llm-34b/"
                f"step_{r0:06d} (consumed_tokens={r0 * 4194304})"
            )
        out += _train_lines(
            rng,
            hosts[0],
            t_train,
            r0,
            fs,
            step_s,
            10,
            lambda tt, s: (
                f"0: [rank0]:{ts_py(tt)} INFO step {s} | loss "
                f"{cosine_loss(rng, s, 2.4, 1.95):.4f} | tok/s/gpu "
                f"{rng.randint(2950, 3040)} | mem 71.2GB"
            ),
        )
        pre = f"1: [rank{bad_rank}]:"
        out += traceback(
            [
                ("/opt/llm/pretrain.py", 512, "<module>", "main()"),
                ("/opt/llm/pretrain.py", 463, "main", "optimizer.step()"),
                (f"{SITE}/torch/optim/optimizer.py", 487, "wrapper", "out = func(*args, **kwargs)"),
                (f"{SITE}/torch/optim/adamw.py", 220, "step", "adamw("),
                (
                    f"{SITE}/torch/optim/adamw.py",
                    566,
                    "_multi_tensor_adamw",
                    "torch._foreach_lerp_(device_exp_avgs, device_grads, 1 - beta1)",
                ),
            ],
            "RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
            + CUDA_ERR_TAIL.rstrip(),
            pre,
        )
        out += [
            f"1: {x}"
            for x in job.agent_failure(bad, t_fail + sec(1.1), [(bad_local, 1)], "pretrain.py")
        ]
        for i, h in enumerate(hosts):
            if h == bad:
                continue
            for lr in range(8):
                r = job.rank(h, lr)
                out += [
                    f"{i}: {x}"
                    for x in job.watchdog_timeout(
                        r, t_fail + sec(600.2 + rng.uniform(0, 1)), seq, with_terminate=lr == 0
                    )
                ]
            out += [
                f"{i}: {x}"
                for x in job.agent_failure(
                    h, t_fail + sec(603), [(lr, -6) for lr in range(8)], "pretrain.py"
                )
            ]
        out.append("srun: error: sakura-h100-22: task 1: Exited with exit code 1")
        out.append(
            f"slurmstepd: error: *** JOB 5512001 ON sakura-h100-21 CANCELLED AT "
            f"{t_fail + sec(605):%Y-%m-%dT%H:%M:%S} DUE TO JOB REQUEUE ***"
            if a < 3
            else "srun: error: sakura-h100-[21,23-24]: tasks 0,2-3: Exited with exit code 1"
        )
        b.add(hosts[0], f"slurm-5512001.{a - 1}.out", out, attempt=a)
        for h in hosts:
            ev = kernel_noise(rng, t0 - sec(900), t_fail + sec(700), 8)
            if h == bad:
                bus = BUS_IDS_H100[bad_local]
                pid = job.pid[bad_rank]
                ev += [
                    (
                        t_fail - sec(0.2),
                        f"NVRM: Xid (PCI:0000:{bus}:00): 94, pid={pid}, name=python3, "
                        "Contained: SM (0x1). RST: No, D-RST: No",
                    ),
                    (
                        t_fail,
                        f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid='<unknown>', name=<unknown>, "
                        f"Row Remapper: New row (0x0000000000{hexid(rng, 6)}) marked for remapping, "
                        "reset gpu to activate.",
                    ),
                ]
                if a == 3:
                    ev.append(
                        (
                            t_fail + sec(0.1),
                            f"NVRM: Xid (PCI:0000:{bus}:00): 64, pid='<unknown>', "
                            "name=<unknown>, Row Remapper Error: New row (0x0000000000a3c118) "
                            "could not be remapped, bank already has 8 remapped rows",
                        )
                    )
            b.add(h, "dmesg.txt", render_dmesg_t(ev), attempt=a)
        if a == 3:
            b.add(
                bad,
                "nvidia-smi-q.txt",
                nvidia_smi_q(
                    rng,
                    bad,
                    t_fail + sec(900),
                    over={
                        5: {
                            "dbe_vol": 1,
                            "dbe_agg": 3,
                            "remap_unc": 8,
                            "remap_pending": True,
                            "remap_failure": True,
                            "util": 0,
                            "mem_used": 0,
                        }
                    },
                ),
                attempt=3,
            )
            b.add(
                hosts[0],
                "sacct_D.txt",
                [
                    "JobID           JobName      State ExitCode               Start                 End        NodeList ",
                    "------------ ---------- ---------- -------- ------------------- ------------------- --------------- ",
                    f"5512001      llm-34b-p+   REQUEUED      0:0 {starts[0]:%Y-%m-%dT%H:%M:%S} "
                    f"{starts[1] - sec(300):%Y-%m-%dT%H:%M:%S} sakura-h100-[21-24] ",
                    f"5512001      llm-34b-p+   REQUEUED      0:0 {starts[1]:%Y-%m-%dT%H:%M:%S} "
                    f"{starts[2] - sec(280):%Y-%m-%dT%H:%M:%S} sakura-h100-[21-24] ",
                    f"5512001      llm-34b-p+     FAILED      1:0 {starts[2]:%Y-%m-%dT%H:%M:%S} "
                    f"{t_fail + sec(606):%Y-%m-%dT%H:%M:%S} sakura-h100-[21-24] ",
                ],
                attempt=3,
            )
    b.label(
        "gpu_memory",
        "infrastructure",
        bad,
        13,
        "restart_without_node",
        "Each of the three runs fails first on global rank 13 (sakura-h100-22 GPU 5, same node "
        "list and rank layout every time) with 'uncorrectable ECC error encountered' and Xid "
        "94/63 for that GPU; the third adds Xid 64 and nvidia-smi shows a row-remapping failure.",
        "https://github.com/wtdcode/vllm-backport/issues/62",
        "same rank, same node across requeues -> rank pinned; remapped-rows exhaustion",
    )
    return b


# --------------------------------------------------------------------------------------
# u24 Ray Train: Xid 74 NVLink on hgx-kr-103 in both attempts (world ranks 18, then 10)
# --------------------------------------------------------------------------------------


def u24(rng: random.Random) -> Bundle:
    b = Bundle("u24_ray_nvlink_xid74_two_attempts")
    hosts = ["hgx-kr-101", "hgx-kr-102", "hgx-kr-103", "hgx-kr-104"]
    ip = {
        "hgx-kr-101": "10.0.4.11",
        "hgx-kr-102": "10.0.4.21",
        "hgx-kr-103": "10.0.4.33",
        "hgx-kr-104": "10.0.4.45",
    }
    bad, bad_gpu = "hgx-kr-103", 2
    orders = [hosts, ["hgx-kr-104", "hgx-kr-103", "hgx-kr-101", "hgx-kr-102"]]
    starts = [dt("2024-09-16 20:11:09"), dt("2024-09-16 23:21:40")]
    boot = dt("2024-09-02 06:00:13")
    py = "/home/ray/anaconda3/lib/python3.11/site-packages"
    for a, (order, t0) in enumerate(zip(orders, starts, strict=True), 1):
        job = Job(rng, order, gpn=8, ips={h: ip[h] for h in order}, ifname="bond0")
        bad_rank = job.rank(bad, bad_gpu)
        t_fail = t0 + sec(rng.uniform(5200, 7600))
        drv = [
            f"{t0:%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)}\tINFO worker.py:1783 -- Connected to "
            "Ray cluster. View the dashboard at 10.0.4.11:8265",
            f"(TorchTrainer pid={rng.randint(3000, 9000)}, ip=10.0.4.11) Started distributed worker "
            "processes: ",
        ]
        for h in order:
            for lr in range(8):
                drv.append(
                    f"(TorchTrainer pid=5121, ip=10.0.4.11) - (node_id={hexid(rng, 56)}, "
                    f"ip={ip[h]}, pid={job.pid[job.rank(h, lr)]}) world_rank="
                    f"{job.rank(h, lr)}, local_rank={lr}, node_rank={order.index(h)}"
                )
        if a == 2:
            drv.insert(
                0,
                f"{t0 - sec(3):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)}\tINFO "
                "tune_controller.py:1443 -- Restoring trial TorchTrainer_b71f0_00000 from "
                "checkpoint /mnt/shared/ray_results/llama-ft/checkpoint_000011 "
                "(failure 1 of max_failures=3)",
            )
        for s in range(20, int((t_fail - t0).total_seconds() / 2.2), 20):
            drv.append(
                f"(RayTrainWorker pid={job.pid[0]}, ip={ip[order[0]]}) {ts_py(t0 + sec(s * 2.2))} "
                f"step={s + (1200 if a == 2 else 0)} loss={cosine_loss(rng, s, 1.8, 1.2):.4f} "
                "tokens/s=183442"
            )
        pre = f"(RayTrainWorker pid={job.pid[bad_rank]}, ip={ip[bad]})"
        drv.append(
            f"{pre} {bad}:{job.pid[bad_rank]}:{job.pid[bad_rank] + 931} [{bad_gpu}] "
            "enqueue.cc:1540 NCCL WARN Cuda failure 'uncorrectable NVLink error detected "
            "during the execution'"
        )
        drv += [
            f"{pre} {x}"
            for x in traceback(
                [
                    (
                        f"{py}/ray/train/_internal/utils.py",
                        169,
                        "discard_return_wrapper",
                        "train_func(*args, **kwargs)",
                    ),
                    ("/mnt/shared/llama-ft/train_fn.py", 140, "train_loop", "loss.backward()"),
                    (f"{py}/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                ],
                "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution\n"
                + CUDA_ERR_TAIL.rstrip(),
            )
        ]
        for h in order:
            if h == bad:
                continue
            drv.append(
                f"(RayTrainWorker pid={job.pid[job.rank(h, 0)]}, ip={ip[h]}) "
                f"[rank{job.rank(h, 0)}]:[{ts_c10(t_fail + sec(1800.2), 'E', rng)} "
                f"ProcessGroupNCCL.cpp:616] [Rank {job.rank(h, 0)}] Watchdog caught collective "
                f"operation timeout: WorkNCCL(SeqNum={rng.randint(40000, 90000)}, "
                "OpType=_REDUCE_SCATTER_BASE, NumelIn=268435456, NumelOut=8388608, "
                "Timeout(ms)=1800000) ran for 1800071 milliseconds before timing out. "
                "[repeated 7x across cluster]"
            )
        drv += [
            f"{t_fail + sec(1802):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)}\tERROR "
            "tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_b71f0_00000",
            f"ray.exceptions.RayTaskError(RuntimeError): ray::_RayTrainWorker__execute.get_next() "
            f"(pid={job.pid[bad_rank]}, ip={ip[bad]}, actor_id={hexid(rng, 32)}, "
            "repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f2d9c6a1e10>)",
            "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
        ]
        if a == 2:
            drv.append(
                "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. "
                "Please inspect the previous error messages for a cause."
            )
        b.add("hgx-kr-101", "ray_job_driver.log", drv, attempt=a)
        for h in hosts:
            ev = kernel_noise(rng, t0 - sec(600), t_fail + sec(1900), 8)
            if h == bad:
                bus = BUS_IDS_H100[bad_gpu]
                ev += [
                    (
                        t_fail - sec(0.3),
                        f"NVRM: Xid (PCI:0000:{bus}:00): 74, pid={job.pid[bad_rank]}, "
                        "name=ray::RayTrainWo, NVLink: fatal error detected on link 11(0x0, 0x0, "
                        "0x10000, 0x0, 0x0, 0x0, 0x0)",
                    ),
                    (
                        t_fail - sec(0.3),
                        f"NVRM: Xid (PCI:0000:{bus}:00): 74, pid={job.pid[bad_rank]}, "
                        "name=ray::RayTrainWo, NVLink: fatal error detected on link 12(0x0, 0x0, "
                        "0x10000, 0x0, 0x0, 0x0, 0x0)",
                    ),
                    (
                        t_fail + sec(2),
                        "nvidia-nvswitch2: SXid (PCI:0000:87:00.0): 24007, Fatal, "
                        "Link 41 sourcetrack timeout error (First)",
                    ),
                ]
            b.add(h, "dmesg.txt", render_dmesg_uptime(ev, boot), attempt=a)
        if a == 2:
            lines = [
                f"GPU {bad_gpu}: NVIDIA H100 80GB HBM3 (UUID: GPU-{hexid(rng, 8)}-{hexid(rng, 4)}-"
                f"{hexid(rng, 4)}-{hexid(rng, 4)}-{hexid(rng, 12)})"
            ]
            for link in range(18):
                lines.append(
                    f"\t Link {link}: " + ("<inactive>" if link in (11, 12) else "26.562 GB/s")
                )
            b.add(bad, "nvidia-smi_nvlink_-s_-i_2.txt", lines, attempt=2)
    b.label(
        "nvlink",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Both Ray Train attempts fail first on the worker at 10.0.4.33 (hgx-kr-103, GPU 2), as "
        "world rank 18 and then 10, with 'uncorrectable NVLink error' and Xid 74 on links 11/12 of "
        "that GPU; nvidia-smi later shows those links inactive. The fault follows the node.",
        "https://github.com/pytorch/pytorch/issues/58155",
        "Ray worker ip= prefixes -> node; recurrence under different world ranks",
    )
    return b


# --------------------------------------------------------------------------------------
# u25 near-clean gpt-neox run: warnings that look scary, run completes
# --------------------------------------------------------------------------------------


def u25(rng: random.Random) -> Bundle:
    b = Bundle("u25_neox_near_clean_noisy_warnings")
    hosts = ["gpu-h100-nx01", "gpu-h100-nx02"]
    job = Job(rng, hosts, gpn=8, ifname="ens10f0np0", nccl="2.20.5")
    t0 = dt("2024-08-05 23:01:44")
    t_train = t0 + sec(240)
    step_s = 1.31
    total = 20000
    t_end = t_train + sec(total * step_s)
    for h in hosts:
        p = f"{h}: "
        out = [
            f"{p}[{ts_py(t0)}] [INFO] [real_accelerator.py:203:get_accelerator] Setting "
            "ds_accelerator to cuda (auto detect)",
            f"{p}[{ts_py(t0 + sec(3))}] [WARNING] [comm.py:152:init_deepspeed_backend] NCCL "
            "backend in DeepSpeed not yet implemented",
            f"{p}[{ts_py(t0 + sec(3))}] [INFO] [comm.py:594:init_distributed] cdb=None",
        ]
        out += job.nccl_init(h, prefix=p)
        for lr in range(8):
            r = job.rank(h, lr)
            out.append(
                f"{p}{h}:{job.pid[r]}:{job.pid[r] + 402} [{lr}] transport/net_ib.cc:93 "
                "NCCL WARN NET/IB : Got async event : client reregistration"
            )
        out.append(
            f"{p}{SITE}/torch/utils/checkpoint.py:91: UserWarning: None of the inputs have "
            "requires_grad=True. Gradients will be None"
        )
        out.append(f"{p}  warnings.warn(")
        if h == hosts[0]:
            for step in range(0, total + 1, 100):
                tt = t_train + sec(step * step_s)
                out.append(
                    f"{p} samples/sec: {512 / step_s:.3f} | iteration {step:>8}/{total:>8} | "
                    f"elapsed time per iteration (ms): {step_s * 1000 + rng.uniform(-20, 20):.1f} | "
                    f"learning rate: 1.600E-04 | approx flops per GPU: 397.2TFLOPS | lm_loss: "
                    f"{cosine_loss(rng, step, 3.3, 2.05):.6E} | loss scale: 1.0 | number of skipped "
                    "iterations:   0 | number of nan iterations:   0 |"
                )
                if step == 7300:
                    out.append(f"{p}wandb: Network error (ReadTimeout), entering retry loop.")
                if step == 7400:
                    out.append(
                        f"{p}wandb: Network error resolved after 0:01:37.611242, resuming "
                        "normal operation."
                    )
                if step and step % 5000 == 0:
                    out.append(
                        f"{p}[{ts_py(tt)}] [INFO] [logging.py:96:log_dist] [Rank 0] Saving "
                        f"model checkpoint: /mnt/ckpt/neox-1b/global_step{step}/"
                        "mp_rank_00_model_states.pt"
                    )
                    out.append(
                        f"{p}[{ts_py(tt + sec(9))}] [WARNING] [stage3.py:2069:step] 3 "
                        "pytorch allocator cache flushes since last step. this happens when "
                        "there is high memory pressure and is detrimental to performance. if "
                        "this is happening frequently consider adjusting settings to reduce "
                        "memory consumption. If you are unable to make the cache flushes go "
                        "away consider adding get_accelerator().empty_cache() calls in your "
                        "training loop to ensure that all ranks flush their caches at the "
                        "same time"
                    )
            out.append(
                f"{p}[{ts_py(t_end + sec(20))}] [INFO] [logging.py:96:log_dist] [Rank 0] "
                "Saving model checkpoint: /mnt/ckpt/neox-1b/global_step20000/"
                "mp_rank_00_model_states.pt"
            )
            out.append(
                f"{p} validation results at iteration 20000 | lm_loss value: 2.087123E+00 | "
                "lm_loss_ppl value: 8.062077E+00 |"
            )
        for lr in range(8):
            out.append(
                f"{p}[{ts_py(t_end + sec(60 + lr * 0.1))}] [INFO] [launch.py:351:main] "
                f"Process {job.pid[job.rank(h, lr)]} exits successfully."
            )
        b.add(h, "neox_pdsh.log", out)
        ev = kernel_noise(rng, t0 - sec(3600), t_end + sec(120), 25)
        ev.append(
            (
                t0 + sec(11),
                "mlx5_core 0000:1a:00.0: mlx5_fw_tracer_handle_traces:754:(pid "
                "3412): FWTracer: Events were lost",
            )
        )
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "The run reaches iteration 20000/20000, saves its final checkpoint and every process "
        "exits successfully; the NCCL 'client reregistration' async events, the DeepSpeed NCCL "
        "backend warning, a wandb retry and allocator-flush warnings are all benign.",
        "https://github.com/EleutherAI/gpt-neox/issues/990",
        "near-clean run: warnings with WARN/ERROR-looking words but a successful exit",
    )
    return b


CASES = [u21, u22, u23, u24, u25]
