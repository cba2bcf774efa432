"""t20-t25: recurrence across attempts (attempt_N/ directories) and a one-off NaN."""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from common import (
    Bundle,
    Failure,
    Job,
    Prefix,
    add_watchdogs,
    agent_exit,
    base_console,
    make_job,
    megatron_iters,
    ms,
    nemo_bar,
    py_traceback,
    pylog,
    sec,
    titan_steps,
    watchdog_cuda_error,
    watchdog_new,
)
from hw import kernel_log, nvidia_smi_q, py_spy, xid

PY = "/usr/local/lib/python3.10/dist-packages"
CUDA_HINT = [
    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might "
    "be incorrect.",
    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
]


def _reorder(rng: random.Random, base: Job, order: list[str]) -> Job:
    """Same physical hosts (same IPs), new node-rank order and new PIDs: a fresh attempt."""
    job = make_job(rng, order, gpus=base.gpus, ips={h: base.ips[h] for h in order}, bus=base.bus)
    return job


def t20() -> Bundle:
    rng = random.Random(420)
    b = Bundle("t20_illegal_address_follows_one_node_across_attempts")
    hosts = [f"h100-dy-{i:02d}" for i in range(1, 9)]
    base = make_job(rng, hosts, subnet="10.9.20", first=1)
    culprit, lr = "h100-dy-06", 2
    orders = [
        hosts,
        [
            "h100-dy-03",
            "h100-dy-06",
            "h100-dy-01",
            "h100-dy-08",
            "h100-dy-02",
            "h100-dy-05",
            "h100-dy-04",
            "h100-dy-07",
        ],
        [
            "h100-dy-05",
            "h100-dy-08",
            "h100-dy-01",
            "h100-dy-06",
            "h100-dy-07",
            "h100-dy-02",
            "h100-dy-03",
            "h100-dy-04",
        ],
    ]
    starts = [
        datetime(2024, 1, 15, 21, 0, 12),
        datetime(2024, 1, 16, 4, 11, 40),
        datetime(2024, 1, 16, 6, 2, 5),
    ]
    fails = [
        datetime(2024, 1, 16, 3, 58, 21, 331000),
        datetime(2024, 1, 16, 5, 40, 9, 12000),
        datetime(2024, 1, 16, 6, 31, 57, 884000),
    ]
    steps = [(0, 18430), (18000, 18212), (18000, 18061)]
    for a, (order, start, fail, (s0, s1)) in enumerate(
        zip(orders, starts, fails, steps, strict=True), 1
    ):
        job = _reorder(rng, base, order)
        pfx = Prefix(job, "rank")
        bad = job.rank(culprit, lr)
        cons = {h: base_console(rng, job, h, start, pfx, nccl=False, warnings=1) for h in hosts}
        r0h = job.host_of(0)
        cons[r0h].at(
            start + sec(40),
            pfx.out(0) + f"{pylog(start + sec(40))} - train - INFO - world_size=64 "
            f"node order: {','.join(order)}",
        )
        if s0:
            cons[r0h].at(
                start + sec(70),
                pfx.out(0) + f"{pylog(start + sec(70))} - train - INFO - resumed from "
                f"/ckpt/mixtral-run7/step_{s0} (data loader state restored)",
            )
        t = start + sec(95)
        step_s = (fail - t).total_seconds() / (s1 - s0)
        for d, line in _steps(rng, t, s0 + 10, s1 - 1, step_s):
            cons[r0h].at(d, pfx.out(0) + line)
        tb = py_traceback(
            [
                ("/workspace/moe/train.py", 402, "<module>", "main()"),
                ("/workspace/moe/train.py", 355, "main", "loss.backward()"),
                (f"{PY}/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                (f"{PY}/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
            ],
            ["RuntimeError: CUDA error: an illegal memory access was encountered", *CUDA_HINT],
        )
        cons[culprit].block(fail + ms(90), pfx.out(bad), tb)
        for d, line in watchdog_cuda_error(
            rng, bad, fail + ms(120), "an illegal memory access was encountered"
        ):
            cons[culprit].at(d, pfx.line(bad, line))
        agent_exit(
            cons[culprit],
            rng,
            job,
            culprit,
            "train.py",
            [Failure(fail + sec(1.2), culprit, bad, lr, -6, job.pid(bad))],
            sigterm=[job.pid(r) for r in job.ranks(culprit) if r != bad],
            sigterm_at=fail + sec(0.9),
        )
        for h in hosts:
            if h == culprit:
                continue
            done = add_watchdogs(
                cons[h],
                rng,
                job,
                job.ranks(h),
                fail + sec(600.6),
                40000 + a * 1711,
                pfx,
                timeout_ms=600000,
                op="ALLTOALL_BASE",
                numel=8388608,
            )
            agent_exit(
                cons[h],
                rng,
                job,
                h,
                "train.py",
                [
                    Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r))
                    for r, d in done.items()
                ],
            )
        for h in hosts:
            b.add(f"attempt_{a}/{h}/console.log", cons[h].render())
            events = []
            if h == culprit:
                bus = job.bus[lr]
                gpc, tpc, sm = rng.randint(0, 7), rng.randint(0, 8), rng.randint(0, 1)
                events = [
                    (
                        fail - ms(15),
                        "kernel",
                        xid(
                            bus,
                            13,
                            f"Graphics SM Warp Exception on (GPC {gpc}, TPC {tpc}, SM "
                            f"{sm}): Out Of Range Address",
                            job.pid(bad),
                        ),
                    ),
                    (
                        fail - ms(15),
                        "kernel",
                        xid(
                            bus,
                            13,
                            f"Graphics Exception: ESR 0x{rng.getrandbits(20):x}=0x"
                            f"{rng.getrandbits(24):x} 0x0 0x0 0x0",
                            job.pid(bad),
                        ),
                    ),
                    (fail + ms(40), "kernel", xid(bus, 43, "Ch 00000008", job.pid(bad))),
                ]
            b.add(
                f"attempt_{a}/{h}/dmesg-T.txt",
                kernel_log(rng, h, start, fail + sec(700), "dmesg_t", events, noise=10),
            )
    b.label(
        "gpu_hardware",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "Three attempts die with 'illegal memory access' at different steps (after 18420, 18210, 18060) under different "
        "ranks (42, 10, 26), but always on h100-dy-06 GPU 2 with Xid 13/43 there: the GPU, not the code.",
        "https://github.com/ComputationalRadiationPhysics/picongpu/issues/3077",
    )
    return b


def _steps(
    rng: random.Random, t: datetime, first: int, last: int, step_s: float
) -> list[tuple[datetime, str]]:
    out = []
    for s in range(first, last + 1, 10):
        t = t + sec(step_s * 10 * rng.uniform(0.98, 1.02))
        out.append(
            (
                t,
                f"{pylog(t)} - train - INFO - step {s} loss {2.3 * (0.99999**s) + rng.uniform(-0.03, 0.03):.4f}"
                f" aux_loss {rng.uniform(0.009, 0.013):.4f} tokens/s {rng.randint(505000, 520000):,}",
            )
        )
    return out


def t21() -> Bundle:
    rng = random.Random(421)
    b = Bundle("t21_nan_at_same_iteration_on_different_nodes")
    sets = [[f"dgx-a0{i}" for i in range(1, 5)], [f"dgx-a0{i}" for i in range(5, 9)]]
    starts = [datetime(2024, 7, 3, 1, 20, 0), datetime(2024, 7, 3, 9, 2, 41)]
    it_nan = 23817
    for a, (hosts, start) in enumerate(zip(sets, starts, strict=True), 1):
        job = make_job(rng, hosts, subnet="10.1.0", first=10 + a * 10)
        pfx = Prefix(job, "rank")
        cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
        last = job.world - 1
        lh = job.host_of(last)
        cons[lh].at(
            start + sec(160),
            pfx.out(last) + " loading checkpoint from /ckpt/gpt-22b at iteration 23000",
            pfx.out(last)
            + "  successfully loaded checkpoint from /ckpt/gpt-22b [ t 0/8, p 0/1 ] at "
            "iteration 23000",
        )
        its = megatron_iters(
            rng, start + sec(200), 23010, it_nan - 7, gbs=512, ms_per_iter=6100, total=80000
        )
        for d, line in its:
            cons[lh].at(d, pfx.out(last) + line)
        t = its[-1][0]
        for k, it in enumerate(range(it_nan - 6, it_nan)):
            t = t + sec(6.1)
            gn = [3.1, 48.7, 611.2, 2390.5, 9.8e4, 3.1e6][k]
            cons[lh].at(
                t,
                pfx.out(last)
                + f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/   80000 | consumed samples: "
                f"{it * 512:>12} | elapsed time per iteration (ms): 6102.3 | learning rate: 1.412E-04 | "
                f"global batch size:   512 | lm loss: {2.31 + k * 0.9:.6E} | loss scale: 1.0 | grad norm: "
                f"{gn:.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |",
            )
        t_nan = t + sec(5.2)
        culprit_node = hosts[2]
        for r in job.ranks(culprit_node):
            tb = py_traceback(
                [
                    ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                    (
                        "/workspace/Megatron-LM/megatron/training/training.py",
                        1258,
                        "train",
                        "train_step(",
                    ),
                    (
                        "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py",
                        162,
                        "check_for_nan_in_grad",
                        "rerun_state_machine.validate_result(",
                    ),
                    (
                        "/workspace/Megatron-LM/megatron/core/rerun_state_machine.py",
                        507,
                        "validate_result",
                        "raise RuntimeError(full_message)",
                    ),
                ],
                f"RuntimeError: Rank {r}, node {culprit_node}, device {job.local(r)}, iteration {it_nan}: Unexpected "
                "result nan (message='found NaN in local grad norm for bucket #0 in backward pass before "
                "data-parallel communication collective')",
            )
            cons[culprit_node].block(t_nan + ms(rng.uniform(0, 300)), pfx.out(r), tb)
        agent_exit(
            cons[culprit_node],
            rng,
            job,
            culprit_node,
            "pretrain_gpt.py",
            [
                Failure(t_nan + sec(1.1), culprit_node, r, job.local(r), 1, job.pid(r))
                for r in job.ranks(culprit_node)
            ],
        )
        for h in hosts:
            if h == culprit_node:
                continue
            done = add_watchdogs(
                cons[h],
                rng,
                job,
                job.ranks(h),
                t_nan + sec(1800.2),
                5512000 + a,
                pfx,
                op="_REDUCE_SCATTER_BASE",
                numel=285212672,
            )
            agent_exit(
                cons[h],
                rng,
                job,
                h,
                "pretrain_gpt.py",
                [
                    Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r))
                    for r, d in done.items()
                ],
            )
        for h in hosts:
            b.add(f"attempt_{a}/{h}/console.log", cons[h].render())
            b.add(
                f"attempt_{a}/{h}/dmesg-T.txt",
                kernel_log(rng, h, start, t_nan + sec(1900), "dmesg_t", noise=12),
            )
    b.add(
        "attempt_2/dgx-a05/ops-note.txt",
        [
            "2024-07-03 08:51 ops: job 60231 NaN at iter 23817 on dgx-a03; draining dgx-a01..a04 for diagnostics and "
            "resubmitting on dgx-a05..a08 from the iter-23000 checkpoint",
            "2024-07-03 10:47 ops: dcgmi diag -r 3 on dgx-a01..a04: all Pass",
        ],
    )
    b.label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "Both attempts, on disjoint node sets, resume from iteration 23000, show the same grad-norm blow-up and hit NaN "
        "in the same data-parallel replica at iteration 23817: a deterministic data/optimisation problem.",
        "https://github.com/alibaba/ROLL/issues/193",
    )
    return b


def t22() -> Bundle:
    rng = random.Random(422)
    b = Bundle("t22_nan_follows_one_node_under_new_ranks")
    hosts = [f"trn-r9-{i:02d}" for i in range(9, 15)]
    base = make_job(rng, hosts, subnet="10.90.9", first=9)
    culprit, lr = "trn-r9-13", 5
    orders = [
        hosts,
        ["trn-r9-12", "trn-r9-09", "trn-r9-13", "trn-r9-11", "trn-r9-14", "trn-r9-10"],
        ["trn-r9-10", "trn-r9-13", "trn-r9-14", "trn-r9-09", "trn-r9-12", "trn-r9-11"],
    ]
    starts = [
        datetime(2025, 2, 3, 8, 0, 4),
        datetime(2025, 2, 3, 10, 14, 51),
        datetime(2025, 2, 3, 11, 2, 30),
    ]
    plans = [(0, 3412), (3000, 3791), (3500, 3566)]
    for a, (order, start, (s0, s1)) in enumerate(zip(orders, starts, plans, strict=True), 1):
        job = _reorder(rng, base, order)
        pfx = Prefix(job, "rank")
        bad = job.rank(culprit, lr)
        cons = {
            h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}, warnings=1)
            for h in hosts
        }
        r0h = job.host_of(0)
        if s0:
            cons[r0h].at(
                start + sec(50),
                pfx.out(0) + f"[titan] {pylog(start + sec(50))} - root - INFO - Loading "
                f"the checkpoint at step {s0}.",
            )
        steps = titan_steps(rng, start + sec(80), s0 + 10, s1 - 2, step_s=1.55)
        for d, line in steps:
            cons[r0h].at(d, pfx.out(0) + line)
        t_nan = steps[-1][0] + sec(3.1)
        cons[culprit].at(
            t_nan,
            pfx.out(bad) + f"[titan] {pylog(t_nan)} - root - ERROR - non-finite loss (nan) at "
            f"step {s1} on rank {bad} (host {culprit}, local_rank {lr})",
        )
        tb = py_traceback(
            [
                ("/opt/torchtitan/torchtitan/train.py", 521, "<module>", "trainer.train()"),
                (
                    "/opt/torchtitan/torchtitan/train.py",
                    447,
                    "train",
                    "self.train_step(inputs, labels)",
                ),
                (
                    "/opt/torchtitan/torchtitan/train.py",
                    398,
                    "train_step",
                    "raise FloatingPointError(",
                ),
            ],
            f"FloatingPointError: loss is nan at step {s1}",
        )
        cons[culprit].block(t_nan + ms(2), pfx.out(bad), tb)
        agent_exit(
            cons[culprit],
            rng,
            job,
            culprit,
            "torchtitan/train.py",
            [Failure(t_nan + sec(1), culprit, bad, lr, 1, job.pid(bad))],
            sigterm=[job.pid(r) for r in job.ranks(culprit) if r != bad],
            sigterm_at=t_nan + sec(0.7),
        )
        for h in hosts:
            if h == culprit:
                continue
            done = add_watchdogs(
                cons[h],
                rng,
                job,
                job.ranks(h),
                t_nan + sec(600.4),
                s1 * 31,
                pfx,
                timeout_ms=600000,
                op="ALLREDUCE",
                numel=1,
            )
            agent_exit(
                cons[h],
                rng,
                job,
                h,
                "torchtitan/train.py",
                [
                    Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r))
                    for r, d in done.items()
                ],
            )
        for h in hosts:
            b.add(f"attempt_{a}/{h}/console.log", cons[h].render())
        b.add(
            f"attempt_{a}/{culprit}/dmesg-T.txt",
            kernel_log(rng, culprit, start, t_nan + sec(700), "dmesg_t", noise=10),
        )
    b.add(
        f"attempt_3/{culprit}/nvidia-smi-q.txt", nvidia_smi_q(rng, starts[2] + sec(3000), base.bus)
    )
    b.label(
        "gpu_hardware",
        "infrastructure",
        culprit,
        None,
        "restart_without_node",
        "Three attempts hit a NaN loss at steps 3412, 3791 and 3566 under global ranks 37, 21 and 13, but always on "
        "trn-r9-13 local_rank 5, with no Xid: silent data corruption on that GPU; drop the node.",
        "https://github.com/microsoft/dion/issues/76",
    )
    return b


def t23() -> Bundle:
    rng = random.Random(423)
    b = Bundle("t23_uncorrectable_ecc_same_rank_both_attempts")
    hosts = [f"node-gpu-{i:02d}" for i in range(1, 7)]
    base = make_job(rng, hosts, subnet="10.23.0", first=1)
    culprit, lr = "node-gpu-05", 3
    starts = [datetime(2024, 10, 8, 22, 0, 10), datetime(2024, 10, 9, 1, 31, 2)]
    fails = [datetime(2024, 10, 9, 1, 7, 44, 281000), datetime(2024, 10, 9, 3, 52, 19, 77000)]
    for a, (start, fail) in enumerate(zip(starts, fails, strict=True), 1):
        job = _reorder(rng, base, hosts)
        pfx = Prefix(job, "default")
        bad = job.rank(culprit, lr)
        cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
        nl = f"[NeMo I {start:%Y-%m-%d %H:%M:%S} "
        cons[hosts[0]].at(
            start + sec(3),
            pfx.out(0) + nl + "nemo_logging:381] Rank 0 has data parallel group : "
            "[0, 8, 16, 24, 32, 40]",
        )
        for d, line in nemo_bar(
            rng, start + sec(150), 10 if a == 1 else 4210, 9000, 40000, step_s=2.6
        ):
            if d < fail:
                cons[hosts[0]].at(d, pfx.out(0) + line)
        tb = py_traceback(
            [
                (
                    "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                    42,
                    "main",
                    "trainer.fit(model)",
                ),
                (
                    "/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py",
                    685,
                    "training_step",
                    "loss_mean = self.fwd_bwd_step(dataloader_iter, False)",
                ),
                (
                    "/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py",
                    426,
                    "forward_backward_no_pipelining",
                    "backward_step(input_tensor, output_tensor, output_tensor_grad, "
                    "model_type, config)",
                ),
            ],
            ["RuntimeError: CUDA error: uncorrectable ECC error encountered", *CUDA_HINT],
        )
        cons[culprit].block(fail + ms(140), pfx.out(bad), tb)
        agent_exit(
            cons[culprit],
            rng,
            job,
            culprit,
            "megatron_gpt_pretraining.py",
            [Failure(fail + sec(1.1), culprit, bad, lr, 1, job.pid(bad))],
            sigterm=[job.pid(r) for r in job.ranks(culprit) if r != bad],
            sigterm_at=fail + sec(0.8),
        )
        for h in hosts:
            if h == culprit:
                continue
            done = add_watchdogs(
                cons[h],
                rng,
                job,
                job.ranks(h),
                fail + sec(1800.1),
                77000 + a,
                pfx,
                op="_ALLGATHER_BASE",
                numel=117440512,
            )
            agent_exit(
                cons[h],
                rng,
                job,
                h,
                "megatron_gpt_pretraining.py",
                [
                    Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r))
                    for r, d in done.items()
                ],
            )
        for h in hosts:
            b.add(f"attempt_{a}/{h}/console.log", cons[h].render())
            events = []
            if h == culprit:
                bus = job.bus[lr]
                events = [
                    (
                        fail,
                        "kernel",
                        xid(
                            bus,
                            48,
                            "An uncorrectable double bit error (DBE) has been detected on "
                            "GPU in the framebuffer at partition 3, subpartition 1.",
                            job.pid(bad),
                            "python",
                        ),
                    )
                ]
                if a == 1:
                    events.append(
                        (
                            fail + ms(3),
                            "kernel",
                            xid(
                                bus,
                                63,
                                "Row Remapper: New row marked for remapping, "
                                "reset gpu to activate.",
                                job.pid(bad),
                                "python",
                            ),
                        )
                    )
                else:
                    events.append(
                        (
                            fail + ms(3),
                            "kernel",
                            xid(
                                bus,
                                64,
                                "Row Remapper: Error recording remapping (row already pending)",
                                job.pid(bad),
                                "python",
                            ),
                        )
                    )
            b.add(
                f"attempt_{a}/{h}/dmesg-T.txt",
                kernel_log(rng, h, start, fail + sec(1900), "dmesg_t", events, noise=12),
            )
    b.add(
        f"attempt_2/{culprit}/nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            fails[1] + sec(2400),
            base.bus,
            procs={i: [] for i in range(8)},
            gpus={i: {"util": 0, "mem_used": 4} for i in range(8)}
            | {
                lr: {
                    "util": 0,
                    "mem_used": 4,
                    "ecc_agg": {"dram_u": 2},
                    "remap": {"unc": 1, "pending": "Yes"},
                }
            },
        ),
    )
    b.add(f"attempt_1/{hosts[0]}/hostfile", [f"{h} slots=8" for h in hosts])
    b.label(
        "gpu_memory",
        "infrastructure",
        culprit,
        35,
        "restart_without_node",
        "Both attempts (fixed hostfile order) lose rank 35 = node-gpu-05 GPU 3 to 'uncorrectable ECC error' with Xid "
        "48 there; the row remap is still pending because the GPU was never reset. Replace/reset that GPU.",
        "https://github.com/jcjohnson/neural-style/issues/312",
    )
    return b


def t24() -> Bundle:
    rng = random.Random(424)
    b = Bundle("t24_eval_branch_hang_same_step_both_attempts")
    sets = [["c2-n01", "c2-n02", "c2-n03", "c2-n04"], ["c2-n03", "c2-n04", "c2-n05", "c2-n06"]]
    starts = [datetime(2024, 12, 2, 9, 0, 0), datetime(2024, 12, 2, 13, 40, 12)]
    for a, (hosts, start) in enumerate(zip(sets, starts, strict=True), 1):
        job = make_job(rng, hosts, subnet="10.2.2", first=1 + 2 * (a - 1))
        pfx = Prefix(job, "rank")
        cons = {h: base_console(rng, job, h, start, pfx, nccl=False) for h in hosts}
        r0h = job.host_of(0)
        s0 = 0 if a == 1 else 4000
        if s0:
            cons[r0h].at(
                start + sec(60),
                pfx.out(0) + f"{pylog(start + sec(60))} [INFO] resumed from step {s0}",
            )
        t = start + sec(90)
        for s in range(s0 + 10, 5001, 10):
            t = t + sec(2.4 * 10 * rng.uniform(0.98, 1.02))
            cons[r0h].at(
                t,
                pfx.out(0) + f"{pylog(t)} [INFO] step={s} loss={1.9 * 0.99993**s:.4f} "
                f"lr={1e-4:.2e} grad_norm={rng.uniform(0.3, 0.7):.3f}",
            )
        t_eval = t + sec(0.4)
        cons[r0h].at(
            t_eval,
            pfx.out(0) + f"{pylog(t_eval)} [INFO] running evaluation at step 5000 (200 batches)",
        )
        seq = 190233 if a == 1 else 38417
        for h in hosts:
            for r in job.ranks(h):
                d = t_eval + sec(1800 + rng.uniform(2, 4))
                op, numel, nout = (
                    ("ALLGATHER", 64, 64 * job.world) if r == 0 else ("ALLREDUCE", 3, 3)
                )
                for dd, line in watchdog_new(
                    rng, r, d, seq, op=op, numel=numel, numel_out=nout, flight_recorder=True
                ):
                    cons[h].at(dd, pfx.line(r, line))
            agent_exit(
                cons[h],
                rng,
                job,
                h,
                "train.py",
                [
                    Failure(t_eval + sec(1806), h, r, job.local(r), -6, job.pid(r))
                    for r in job.ranks(h)
                ],
            )
        for h in hosts:
            b.add(f"attempt_{a}/{h}/console.log", cons[h].render())
            b.add(
                f"attempt_{a}/{h}/dmesg-T.txt",
                kernel_log(rng, h, start, t_eval + sec(1900), "dmesg_t", noise=10),
            )
        if a == 2:
            r0 = job.pid(0)
            b.add(
                f"attempt_2/{r0h}/py-spy-rank0.txt",
                py_spy(
                    r0,
                    "/usr/bin/python3 -u train.py --cfg cfg/eval.yaml",
                    [
                        (
                            r0,
                            "MainThread",
                            [
                                "_wait (torch/distributed/distributed_c10d.py:2817)",
                                "all_gather_object (torch/distributed/distributed_c10d.py:2811)",
                                "wrapper (torch/distributed/c10d_logger.py:79)",
                                "log_eval_metrics (eval.py:141)",
                                "evaluate (eval.py:118)",
                                "train (train.py:289)",
                                "main (train.py:331)",
                                "<module> (train.py:340)",
                            ],
                        ),
                        (r0 + 41, "pt_autograd_0", ["wait (threading.py:324)"]),
                    ],
                ),
            )
            r9 = 9
            h9 = job.host_of(r9)
            b.add(
                f"attempt_2/{h9}/py-spy-rank9.txt",
                py_spy(
                    job.pid(r9),
                    "/usr/bin/python3 -u train.py --cfg cfg/eval.yaml",
                    [
                        (
                            job.pid(r9),
                            "MainThread",
                            [
                                "synchronize (torch/cuda/__init__.py:892)",
                                "evaluate (eval.py:101)",
                                "train (train.py:289)",
                                "main (train.py:331)",
                                "<module> (train.py:340)",
                            ],
                        ),
                    ],
                ),
            )
            b.add(
                f"attempt_2/{r0h}/eval.py.excerpt",
                [
                    " 94  for i, batch in enumerate(loader):",
                    " 95      with torch.no_grad():",
                    " 96          loss = model(**batch).loss",
                    " 97      dist.all_reduce(loss_sum.add_(loss.detach()))",
                    " ...",
                    "112  if dist.get_rank() == 0:",
                    "113      metrics = compute_metrics(loss_sum, n)",
                    "118      log_eval_metrics(metrics)        # calls dist.all_gather_object(...)",
                ],
            )
    b.label(
        "hang",
        "script",
        None,
        None,
        "stop",
        "Both attempts, on different nodes, hang right after 'running evaluation at step 5000' with rank 0 in an "
        "ALLGATHER (all_gather_object under 'if rank == 0') while every other rank is in an ALLREDUCE: code bug.",
        "https://github.com/Lightning-AI/pytorch-lightning/issues/19106",
    )
    return b


def t25() -> Bundle:
    rng = random.Random(425)
    b = Bundle("t25_megatron_nan_on_one_rank_single_attempt")
    hosts = [f"mlx-h100-b{i:02d}" for i in range(1, 5)]
    job = make_job(rng, hosts, subnet="10.25.1", first=1)
    pfx = Prefix(job, "rank")
    start = datetime(2024, 10, 21, 2, 10, 0)
    culprit, lr = "mlx-h100-b02", 3
    bad = job.rank(culprit, lr)
    fail = datetime(2024, 10, 21, 7, 33, 51, 208000)
    cons = {h: base_console(rng, job, h, start, pfx, nccl_kw={"channels": 4}) for h in hosts}
    last = job.world - 1
    for d, line in megatron_iters(
        rng, start + sec(180), 10, 9000, gbs=1024, ms_per_iter=3950, total=500000
    ):
        if d < fail:
            cons[job.host_of(last)].at(d, pfx.out(last) + line)
    tb = py_traceback(
        [
            ("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
            (
                "/workspace/Megatron-LM/megatron/training/training.py",
                718,
                "train_step",
                "losses_reduced = forward_backward_func(",
            ),
            (
                "/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py",
                341,
                "hook",
                "self.param_to_buffer[param].register_grad_ready(param)",
            ),
            (
                "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py",
                115,
                "start_grad_sync",
                "assert not norm.isnan(), (",
            ),
        ],
        f"AssertionError: Rank {bad}: found NaN in local grad norm in backward pass before data-parallel "
        f"communication collective. Device: {lr}, node: {culprit}",
    )
    cons[culprit].block(fail, pfx.out(bad), tb)
    agent_exit(
        cons[culprit],
        rng,
        job,
        culprit,
        "pretrain_gpt.py",
        [Failure(fail + sec(1.2), culprit, bad, lr, 1, job.pid(bad))],
        sigterm=[job.pid(r) for r in job.ranks(culprit) if r != bad],
        sigterm_at=fail + sec(0.9),
    )
    for h in hosts:
        if h == culprit:
            continue
        done = add_watchdogs(
            cons[h],
            rng,
            job,
            job.ranks(h),
            fail + sec(600.3),
            1822011,
            pfx,
            timeout_ms=600000,
            op="_REDUCE_SCATTER_BASE",
            numel=301989888,
        )
        agent_exit(
            cons[h],
            rng,
            job,
            h,
            "pretrain_gpt.py",
            [Failure(d + sec(0.5), h, r, job.local(r), -6, job.pid(r)) for r, d in done.items()],
        )
    for h in hosts:
        b.add(f"{h}/console.log", cons[h].render())
        b.add(
            f"{h}/dmesg-T.txt",
            kernel_log(rng, h, start - timedelta(hours=2), fail + sec(700), "dmesg_t", noise=22),
        )
    b.add(
        f"{culprit}/nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            fail + sec(900),
            job.bus,
            procs={i: [] for i in range(8)},
            gpus={i: {"util": 0, "mem_used": 4} for i in range(8)},
        ),
    )
    b.label(
        "numerical",
        "infrastructure",
        culprit,
        bad,
        "run_diagnostics",
        "Only rank 11 (mlx-h100-b02, GPU 3) found a NaN in its local grad norm while the logged loss and grad norm "
        "were smooth; one attempt, no Xid or ECC: a bad sample or silent corruption. Test that GPU before resuming.",
        "https://github.com/alibaba/Pai-Megatron-Patch/issues/366",
    )
    return b


CASES = [t20, t21, t22, t23, t24, t25]
