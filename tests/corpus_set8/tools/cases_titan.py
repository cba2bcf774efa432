"""x21-x25: torchtitan / FSDP2 / DTensor / torch.compile / float8 / DCP."""

from common import *


def _tt(r, t, msg, lvl="INFO"):
    return f"[rank{r}]:[titan] {py_ts(t)} - root - {lvl} - {msg}"


def _step(r, t, step, loss, mem, tps, mfu):
    return _tt(
        r,
        t,
        f"step: {step:>5d}  loss: {loss:7.4f}  memory: {mem:5.2f}GiB({mem / 0.79:.2f}%)  tps: {tps:,}  tflops: {tps * 0.043:.2f}  mfu: {mfu:.2f}%",
    )


def x21_titan_inductor_lowering_nightly(rng):
    b = Bundle()
    hosts = ["p5en-a-01", "p5en-a-02"]
    job = Job(hosts)
    t0 = T(2025, 1, 10, 12, 0, 0)
    for h in hosts:
        lines = []
        for r in job.ranks(h):
            lines.append(_tt(r, t0, "Starting job: Llama 3 8B training"))
            lines.append(_tt(r, add(t0, 1), "torch version: 2.7.0.dev20250109+cu126 (nightly)"))
            lines.append(_tt(r, add(t0, 30), "Compiling each TransformerBlock with torch.compile"))
        for r in job.ranks(h):
            lines += pfx(
                f"[rank{r}]: ",
                py_tb(
                    [
                        ("/opt/torchtitan/train.py", 321, "main", "pred = model(input_ids)"),
                        (
                            "/usr/local/lib/python3.11/site-packages/torch/_dynamo/output_graph.py",
                            1465,
                            "_call_user_compiler",
                            "raise BackendCompilerFailed(self.compiler_fn, e).with_traceback(",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/torch/_inductor/graph.py",
                            1128,
                            "call_function",
                            "raise LoweringException(e, target, args, kwargs).with_traceback(",
                        ),
                    ],
                    "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\nLoweringException: AssertionError: \n  target: aten._scaled_dot_product_flash_attention.default\n  args[0]: TensorBox(StorageBox(ComputedBuffer(name='buf41', layout=FixedLayout('cuda:%d', torch.bfloat16, size=[2, 32, 8192, 128])))\n\nSet TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information"
                    % job.local(r),
                ),
            )
        lines += elastic_summary(
            add(t0, 95),
            h,
            "torchtitan/train.py",
            [(r, job.local(r), 1, 4100 + r) for r in job.ranks(h)],
        )
        b.add(h, "titan.log", lines)
    b.add(
        hosts[0],
        "pip-freeze.txt",
        [
            "torch==2.7.0.dev20250109+cu126",
            "torchao==0.8.0.dev20250109",
            "torchtitan @ git+https://github.com/pytorch/torchtitan@main",
        ],
    )
    b.label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "Every rank fails at the first forward pass: Inductor cannot lower flash attention on the pinned nightly torch "
        "(2.7.0.dev20250109). This is a compiler bug in the library version, deterministic on every rank. Pin a "
        "known-good torch build or disable compile for attention.",
        "https://github.com/pytorch/pytorch/issues/147756",
    )
    return b


def x22_titan_float8_on_a100_node(rng):
    b = Bundle()
    hosts = ["gpu-h-201", "gpu-h-202", "gpu-h-209", "gpu-h-233"]
    job = Job(hosts)
    bh = "gpu-h-209"
    t0 = T(2025, 2, 2, 9, 0, 0)
    for h in hosts:
        lines = []
        for r in job.ranks(h):
            lines.append(
                _tt(
                    r,
                    add(t0, 20),
                    "Float8 training active with recipe tensorwise; swapped 224 nn.Linear to Float8Linear",
                )
            )
        if h == bh:
            for r in job.ranks(h):
                lines += pfx(
                    f"[rank{r}]: ",
                    py_tb(
                        [
                            (
                                "/usr/local/lib/python3.11/site-packages/torchao/float8/float8_ops.py",
                                72,
                                "float8_mm",
                                "tensor_out = addmm_float8_unwrapped(",
                            ),
                            (
                                "/usr/local/lib/python3.11/site-packages/torchao/float8/float8_python_api.py",
                                57,
                                "addmm_float8_unwrapped",
                                "output = torch._scaled_mm(",
                            ),
                        ],
                        "RuntimeError: torch._scaled_mm is only supported on CUDA devices with compute capability >= 9.0 or 8.9, or ROCm MI300+",
                    ),
                )
        else:
            for r in job.ranks(h):
                lines += watchdog_v2(
                    r,
                    12,
                    "_ALLGATHER_BASE",
                    600000,
                    600000 + rng.randint(5, 40),
                    add(t0, 640 + rng.random()),
                    numel=(8388608, 268435456),
                )
        fl = [(r, job.local(r), 1 if h == bh else -6, 8800 + r) for r in job.ranks(h)]
        lines += elastic_summary(add(t0, 660), h, "train.py", fl)
        b.add(h, "titan.log", lines)
        model = "NVIDIA A100-SXM4-80GB" if h == bh else "NVIDIA H100 80GB HBM3"
        b.add(h, "nvidia-smi-q.txt", nvidia_smi_q(rng, t0, model=model, driver="550.127.05"))
    b.add(
        bh,
        "node-labels.txt",
        [
            "node.kubernetes.io/instance-type=gpu-8x",
            "nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB",
            "pool=train-h100  # set by provisioning, mislabelled",
        ],
    )
    b.label(
        "host",
        "infrastructure",
        bh,
        None,
        "restart_without_node",
        "float8 matmuls fail only on the ranks of gpu-h-209: compute capability below 8.9. nvidia-smi shows that node "
        "carries A100s although it sits in the H100 pool. All other nodes have H100s and only time out waiting. The "
        "user's config is fine for the pool; the mislabelled node must be excluded.",
        "https://github.com/pytorch/pytorch/issues/118703",
    )
    return b


def x23_titan_dcp_save_lustre_eviction(rng):
    b = Bundle()
    hosts = ["nid004210", "nid004211", "nid004298", "nid004301"]
    job = Job(hosts, gpn=4)
    t0 = T(2024, 12, 12, 4, 0, 0)
    sv = add(t0, 3 * 3600)
    oss = "10.150.2.17@o2ib"
    hit = hosts[:2] + hosts[3:]
    for h in hosts:
        lines = []
        if h == hosts[0]:
            for s in range(4900, 5001, 10):
                lines.append(
                    _step(
                        0,
                        add(t0, (s - 4900) * 12 + 10000),
                        s,
                        2.12 - s / 1e5,
                        61.3,
                        5120 + rng.randint(-30, 30),
                        41.2,
                    )
                )
        for r in job.ranks(h):
            lines.append(_tt(r, sv, "Saving the checkpoint (or staging if async is enabled)."))
        if h in hit:
            r = job.ranks(h)[rng.randrange(4)]
            lines += pfx(
                f"[rank{r}]: ",
                py_tb(
                    [
                        (
                            "/opt/torchtitan/torchtitan/components/checkpoint.py",
                            468,
                            "save",
                            "self.dcp_save(states, checkpoint_id=checkpoint_id)",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py",
                            346,
                            "_write_files_from_queue",
                            "os.fsync(stream.fileno())",
                        ),
                    ],
                    "OSError: [Errno 5] Input/output error"
                    if h != hosts[3]
                    else "OSError: [Errno 108] Cannot send after transport endpoint shutdown",
                ),
            )
        lines += elastic_summary(
            add(sv, 95), h, "train.py", [(r, job.local(r), 1, 9900 + r) for r in job.ranks(h)]
        )
        b.add(h, "titan.log", lines)
        dm = kernel_noise(rng, h, t0, 2, style="uptime")
        if h in hit:
            up = 612000.0 + hosts.index(h) * 0.4
            dm += [
                f"{uptime(up)} Lustre: scratch-OST0012-osc-ffff9a1c2e5f8800: Connection to scratch-OST0012 (at {oss}) was lost; in progress operations using this service will wait for recovery to complete",
                f"{uptime(up + 30.1)} LustreError: 11-0: scratch-OST0012-osc-ffff9a1c2e5f8800: operation ost_write to node {oss} failed: rc = -107",
                f"{uptime(up + 61.7)} LustreError: 167-0: scratch-OST0012-osc-ffff9a1c2e5f8800: This client was evicted by scratch-OST0012; in progress operations using this service will fail.",
                f"{uptime(up + 62.0)} Lustre: scratch-OST0012-osc-ffff9a1c2e5f8800: Connection restored to {oss} (at {oss})",
            ]
        b.add(h, "dmesg.txt", dm)
    b.label(
        "storage",
        "infrastructure",
        None,
        None,
        "restart",
        "The DCP checkpoint write fails with EIO/ESHUTDOWN on three of four nodes at the same moment. Their kernels all "
        "log the same Lustre OST (OST0012 on one OSS) dropping the connection and evicting the client, and the connection "
        "is restored a minute later. This is a shared-filesystem transient, not a node fault. Restart from the step-4000 "
        "checkpoint.",
        "https://github.com/THUDM/slime/issues/326",
    )
    return b


def x24_titan_power_capped_node(rng):
    b = Bundle()
    hosts = ["hx-0101", "hx-0102", "hx-0103", "hx-0104", "hx-0105", "hx-0106"]
    job = Job(hosts)
    bh = "hx-0104"
    t0 = T(2025, 3, 20, 14, 0, 0)
    lines = []
    for s in range(10, 1201, 10):
        tps = 7240 if s < 600 else 4210
        lines.append(
            _step(
                0,
                add(t0, s * 4.3),
                s,
                3.2 - s / 800,
                58.2,
                tps + rng.randint(-40, 40),
                44.1 if s < 600 else 25.6,
            )
        )
    lines.append(
        _tt(
            0,
            add(t0, 5300),
            "per-rank step time report (step 1200, ms): fwd+bwd min 2010/r3 median 2034 max 3471/r29; ranks 24-31 all > 3400",
            lvl="WARNING",
        )
    )
    lines.append(
        "slurmstepd: error: *** JOB 4471002 ON hx-0101 CANCELLED AT 2025-03-20T15:31:14 ***"
    )
    b.add(hosts[0], "titan.log", lines)
    sp = {i: {"power_cap": True, "power_limit": 400, "power": 398, "clock": 1410} for i in range(8)}
    b.add(bh, "nvidia-smi-q.txt", nvidia_smi_q(rng, add(t0, 5200), special=sp))
    b.add(
        hosts[1],
        "nvidia-smi-q.txt",
        nvidia_smi_q(rng, add(t0, 5200), special={i: {"power": 610} for i in range(8)}),
    )
    jl = kernel_noise(rng, bh, t0, 3)
    jl += [
        f"{syslog(add(t0, 2550), bh, 'ansible-pull[8812]')} TASK [gpu_power_policy : apply power limit] changed: nvidia-smi -pl 400",
        f"{syslog(add(t0, 2551), bh, 'nvidia-smi[8840]')} Power limit for GPU 00000000:18:00.0 was set to 400.00 W from 700.00 W.",
        f"{syslog(add(t0, 2551), bh, 'nvidia-smi[8840]')} All done.",
    ]
    b.add(bh, "syslog", jl)
    for h in hosts[1:]:
        if h != bh:
            b.add(h, "syslog", kernel_noise(rng, h, t0, 3))
    b.label(
        "straggler",
        "infrastructure",
        bh,
        None,
        "restart_without_node",
        "Throughput falls from ~7.2k to ~4.2k tokens/s at step ~600. The per-rank timing shows ranks 24-31, all on "
        "hx-0104, 70% slower. At that time config management on hx-0104 set all eight GPUs to a 400 W limit (SW Power "
        "Cap active, 1410 MHz), and the user cancelled the run. Run without the node, or restore its power limit first.",
        "https://github.com/mlfoundations/open_clip/issues/703",
    )
    return b


def x25_titan_nonfinite_grads_one_node(rng):
    b = Bundle()
    hosts = [f"gpu{n:04d}" for n in (311, 312, 318, 322, 340, 341)]
    job = Job(hosts)
    bh = "gpu0322"
    for att, t0, fstep, bad in (
        (0, T(2025, 5, 1, 2, 0, 0), 3121, 29),
        (1, T(2025, 5, 1, 7, 12, 0), 3408, 27),
    ):
        fail = add(t0, 4000)
        for h in hosts:
            lines = []
            if h == hosts[0]:
                start = 3000 if att else 2500
                for s in range(start + 10, fstep, 20):
                    lines.append(
                        _step(
                            0,
                            add(t0, (s - start) * 3),
                            s,
                            2.31 - s / 1e5 + rng.random() * 0.01,
                            60.1,
                            6810 + rng.randint(-30, 30),
                            39.9,
                        )
                    )
                lines.append(_step(0, fail, fstep, float("nan"), 60.1, 6802, 39.8))
            if h == bh:
                lines.append(
                    _tt(
                        bad,
                        add(fail, -0.4),
                        f"grad-norm guard: non-finite values in local FSDP grad shard of layers.{rng.randint(4, 27)}.feed_forward.w2.weight (inf=0, nan=1311) at step {fstep}",
                        lvl="ERROR",
                    )
                )
            for r in job.ranks(h):
                lines.append(
                    _tt(
                        r,
                        add(fail, 1),
                        f"loss is NaN at step {fstep}, aborting (training.skip_nan_steps=False)",
                        lvl="ERROR",
                    )
                )
            lines += elastic_summary(
                add(fail, 5),
                h,
                "train.py",
                [(r, job.local(r), 1, 12000 + r + att * 100) for r in job.ranks(h)],
            )
            b.add(h, "titan.log", lines, attempt=att)
            b.add(h, "dmesg.txt", kernel_noise(rng, h, t0, 3, style="dmesgT"), attempt=att)
        b.add(bh, "nvidia-smi-q.txt", nvidia_smi_q(rng, add(fail, 30)), attempt=att)
    b.label(
        "numerical",
        "infrastructure",
        bh,
        None,
        "run_diagnostics",
        "Both attempts end with NaN loss at different steps (3121, then 3408 after resuming from 3000). Each time the "
        "first non-finite local gradient is on gpu0322 (rank 29, then rank 27) and nowhere else. Data and config are "
        "the same, there is no Xid and no ECC count. This pattern suggests silent data corruption on that node, but "
        "without proof it needs diagnostics (DCGM level 3 / SDC tests) before exclusion.",
        "https://github.com/alibaba/Pai-Megatron-Patch/issues/366",
    )
    return b


CASES = [
    x21_titan_inductor_lowering_nightly,
    x22_titan_float8_on_a100_node,
    x23_titan_dcp_save_lustre_eviction,
    x24_titan_power_capped_node,
    x25_titan_nonfinite_grads_one_node,
]
