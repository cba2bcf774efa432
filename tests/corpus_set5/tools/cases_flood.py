"""u01-u05: the sympathetic flood. Most ranks die with watchdog timeouts, DistBackendError,
connection resets and SIGTERM; the first real failure sits on one rank or one node and is
found by comparing timestamps across nodes written in different styles."""

from __future__ import annotations

import random

from common import (
    BUS_IDS_A100,
    CUDA_ERR_TAIL,
    SITE,
    Bundle,
    Job,
    cosine_loss,
    dt,
    hexaddr,
    hexid,
    journald_json,
    kernel_noise,
    nvidia_smi_q,
    nvidia_smi_table,
    render_dmesg_t,
    sec,
    traceback,
    ts_c10,
    ts_glog_py,
    ts_py,
    ts_syslog,
    ts_uptime,
)

# --------------------------------------------------------------------------------------
# u01 Lightning under srun -l, Xid 79 on one A100 (rank 29); 47 ranks time out 30 min later
# --------------------------------------------------------------------------------------


def u01(rng: random.Random) -> Bundle:
    b = Bundle("u01_lightning_srun_xid79_flood")
    hosts = [f"a100-r3-n{i:02d}" for i in range(4, 10)]
    ips = {h: f"10.31.3.{100 + i * 7}" for i, h in enumerate(hosts)}
    job = Job(
        rng,
        hosts,
        gpn=8,
        ips=ips,
        ifname="ib0",
        bus_ids=BUS_IDS_A100,
        hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"],
        nccl="2.20.5",
        cuda="12.1",
        site="/opt/conda/lib/python3.11/site-packages",
    )
    bad_host, bad_local = "a100-r3-n07", 5
    bad_rank = job.rank(bad_host, bad_local)
    t0 = dt("2024-03-14 02:11:40")
    t_train = t0 + sec(143)
    t_xid = dt("2024-03-14 04:52:17") + sec(rng.uniform(0.05, 0.95))
    step_s = 1.83
    fail_step = int((t_xid - t_train).total_seconds() / step_s)

    out: list[str] = [
        "+ export NCCL_DEBUG=INFO NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3 TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "+ srun -l --ntasks-per-node=8 --gpus-per-task=1 --cpus-per-task=12 python -u "
        "train_lit.py trainer.num_nodes=6 trainer.devices=8 data=fineweb_edu_100b "
        "model=gpt_1p3b trainer.precision=bf16-mixed",
    ]
    for r in range(job.world):
        out.append(f"{r}: Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/48")
    out += [
        "0: ----------------------------------------------------------------------------------------------------",
        "0: distributed_backend=nccl",
        "0: All distributed processes registered. Starting with 48 processes",
        "0: ----------------------------------------------------------------------------------------------------",
        "0: ",
    ]
    for h in hosts:
        out += job.nccl_init(h, prefix="{rank}: ")
    for r in range(job.world):
        out.append(f"{r}: LOCAL_RANK: {r % 8} - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    out += [
        "0: ",
        "0:   | Name       | Type             | Params | Mode ",
        "0: --------------------------------------------------------",
        "0: 0 | model      | GPT              | 1.3 B  | train",
        "0: 1 | loss_fn    | CrossEntropyLoss | 0      | train",
        "0: --------------------------------------------------------",
        "0: 1.3 B     Trainable params",
        "0: 0         Non-trainable params",
        "0: 1.3 B     Total params",
        "0: 5,261.783 Total estimated model params size (MB)",
        "0: 212       Modules in train mode",
        "0: 0         Modules in eval mode",
    ]
    for r in range(job.world):
        out.append(
            f"{r}: /opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/"
            "data_connector.py:424: The 'val_dataloader' does not have many workers which may be "
            "a bottleneck. Consider increasing the value of the `num_workers` argument` to "
            "`num_workers=11` in the `DataLoader` to improve performance."
        )
    t = t_train
    for step in range(0, fail_step + 1, 25):
        t = t_train + sec(step * step_s + rng.uniform(-0.4, 0.4))
        loss = cosine_loss(rng, step, 3.6, 2.35)
        out.append(
            f"0: [{ts_py(t)}][lit_gpt.train][INFO] - epoch 0 | step {step:>5} | loss {loss:.4f} "
            f"| lr {min(3e-4, 3e-4 * step / 2000 + 1e-6):.2e} | {step_s + rng.uniform(-0.03, 0.03):.2f} s/it "
            f"| tok/s {int(48 * 8 * 2048 / step_s / 1000)}k"
        )
        if step and step % 2000 == 0:
            out.append(
                f"0: [{ts_py(t + sec(1))}][lit_gpt.train][INFO] - saving checkpoint to "
                f"/lustre/llm/ckpt/gpt1p3b/step-{step:06d}.ckpt"
            )
    # the real failure
    tf = t_xid + sec(1.1 + rng.uniform(0, 0.2))
    pre = f"{bad_rank}: "
    out += traceback(
        [
            ("/home/svc-llm/lit-gpt/train_lit.py", 214, "<module>", "main()"),
            (
                "/home/svc-llm/lit-gpt/train_lit.py",
                207,
                "main",
                "trainer.fit(model, datamodule=dm, ckpt_path=cfg.resume)",
            ),
            (
                "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py",
                538,
                "fit",
                "call._call_and_handle_interrupt(",
            ),
            (
                "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/call.py",
                46,
                "_call_and_handle_interrupt",
                "return trainer.strategy.launcher.launch(trainer_fn, "
                "*args, trainer=trainer, **kwargs)",
            ),
            (
                "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/"
                "training_epoch_loop.py",
                250,
                "advance",
                "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)",
            ),
            (
                "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/core/optimizer.py",
                154,
                "step",
                "step_output = self._strategy.optimizer_step(self._optimizer, closure, **kwargs)",
            ),
            (
                "/opt/conda/lib/python3.11/site-packages/torch/optim/adamw.py",
                204,
                "step",
                "has_complex = self._init_group(",
            ),
        ],
        "RuntimeError: CUDA error: unspecified launch failure\n" + CUDA_ERR_TAIL.rstrip(),
        pre,
    )
    out += [
        f"{pre}a100-r3-n07:{job.pid[bad_rank]}:{job.pid[bad_rank] + 488} [5] enqueue.cc:1499 "
        "NCCL WARN Cuda failure 'unspecified launch failure'",
        f"{pre}[rank{bad_rank}]:[{ts_c10(tf, 'E', rng)} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG "
        f"GUID 0(default_pg) Rank {bad_rank}] Process group watchdog thread terminated with "
        "exception: CUDA error: "
        "unspecified launch failure",
        f"{pre}Exception raised from c10_cuda_check_implementation at ../c10/cuda/"
        "CUDAException.cpp:43 (most recent call first):",
        f"{pre}frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 "
        f"({hexaddr(rng)} in /opt/conda/lib/python3.11/site-packages/torch/lib/libc10.so)",
        f"{pre}frame #1: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, "
        f"int, bool) + 0x118 ({hexaddr(rng)} in /opt/conda/lib/python3.11/site-packages/torch/lib/"
        "libc10_cuda.so)",
        f"{pre}frame #2: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + "
        f"0x56 ({hexaddr(rng)} in /opt/conda/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)",
        f"{pre}",
        "srun: error: a100-r3-n07: task 29: Exited with exit code 1",
    ]
    # 30 minutes later, everybody else
    tw = tf + sec(1800)
    seq = 10 * fail_step + 7
    order = [r for r in range(job.world) if r != bad_rank]
    rng.shuffle(order)
    for i, r in enumerate(order):
        tr = tw + sec(0.3 + i * 0.06 + rng.uniform(0, 0.05))
        lines = job.watchdog_timeout(r, tr, seq, timeout_ms=1800000, tag="rank")
        out += [f"{r}: {x}" for x in lines]
    for h in hosts:
        tasks = [r for r in job.ranks_on(h) if r != bad_rank]
        lo, hi = min(tasks), max(tasks)
        if h == bad_host:
            out.append(f"srun: error: {h}: tasks 24-28,30-31: Aborted (core dumped)")
        else:
            out.append(f"srun: error: {h}: tasks {lo}-{hi}: Aborted (core dumped)")
    b.add("a100-r3-n04", "slurm-88123.out", out)

    sacct = [
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode "
        "              Start                 End        NodeList ",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- "
        "------------------- ------------------- --------------- ",
        f"88123        lit-gpt-1+      a100q    nlp-pre        576     FAILED      1:0 "
        f"{t0:%Y-%m-%dT%H:%M:%S} {tw + sec(9):%Y-%m-%dT%H:%M:%S} a100-r3-n[04-09] ",
        f"88123.batch       batch               nlp-pre         96     FAILED      1:0 "
        f"{t0:%Y-%m-%dT%H:%M:%S} {tw + sec(9):%Y-%m-%dT%H:%M:%S}     a100-r3-n04 ",
        f"88123.extern     extern               nlp-pre        576  COMPLETED      0:0 "
        f"{t0:%Y-%m-%dT%H:%M:%S} {tw + sec(9):%Y-%m-%dT%H:%M:%S} a100-r3-n[04-09] ",
        f"88123.0          python               nlp-pre        576     FAILED      1:0 "
        f"{t0 + sec(3):%Y-%m-%dT%H:%M:%S} {tw + sec(8):%Y-%m-%dT%H:%M:%S} a100-r3-n[04-09] ",
    ]
    b.add("a100-r3-n04", "sacct.txt", sacct)

    for h in hosts:
        ev = kernel_noise(rng, t0 - sec(86400 * 3), tw + sec(60), 60, drv="535.161.08")
        if h == "a100-r3-n08":
            ev.append(
                (
                    t0 - sec(86400 * 2 + 3311),
                    "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1157:(pid 0): Port module "
                    "event: module 1, Cable unplugged",
                )
            )
            ev.append(
                (
                    t0 - sec(86400 * 2 + 3290),
                    "mlx5_core 0000:4b:00.0: mlx5_port_module_event:1157:(pid 0): Port module "
                    "event: module 1, Cable plugged",
                )
            )
        if h == bad_host:
            bus = BUS_IDS_A100[bad_local]
            ev += [
                (
                    t_xid,
                    f"NVRM: Xid (PCI:0000:{bus}:00): 79, pid={job.pid[bad_rank]}, "
                    "name=python, GPU has fallen off the bus.",
                ),
                (t_xid, f"NVRM: GPU 0000:{bus}:00.0: GPU has fallen off the bus."),
                (
                    t_xid + sec(0.2),
                    f"NVRM: GPU 0000:{bus}:00.0: GPU serial number is "
                    f"13242{rng.randint(10000000, 99999999)}.",
                ),
                (
                    t_xid + sec(0.2),
                    "NVRM: A GPU crash dump has been created. If possible, please run",
                ),
                (
                    t_xid + sec(0.2),
                    "NVRM: nvidia-bug-report.sh as root to collect this data before",
                ),
                (t_xid + sec(0.2), "NVRM: the NVIDIA kernel module is unloaded."),
                (
                    t_xid + sec(1),
                    f"NVRM: Xid (PCI:0000:{bus}:00): 154, GPU recovery action "
                    "changed from 0x0 (None) to 0x2 (Node Reboot Required)",
                ),
            ]
        b.add(h, "dmesg_T.txt", render_dmesg_t(ev))

    smi = nvidia_smi_table(
        rng,
        tw + sec(600),
        ngpu=7,
        driver="535.161.08",
        cuda="12.2",
        name="NVIDIA A100-SXM4-80GB",
        bus=[x for i, x in enumerate(BUS_IDS_A100) if i != bad_local],
    )
    smi.insert(
        0,
        f"Unable to determine the device handle for GPU0000:{BUS_IDS_A100[bad_local].upper()}"
        ":00.0: Unknown Error",
    )
    b.add(bad_host, "nvidia-smi.txt", smi)
    b.add(
        "a100-r3-n05",
        "nvidia-smi.txt",
        nvidia_smi_table(
            rng,
            tw + sec(610),
            ngpu=8,
            driver="535.161.08",
            cuda="12.2",
            name="NVIDIA A100-SXM4-80GB",
            bus=BUS_IDS_A100,
        ),
    )
    b.label(
        "gpu_hardware",
        "infrastructure",
        bad_host,
        bad_rank,
        "restart_without_node",
        "Rank 29 (a100-r3-n07 GPU 5) died at 04:52 with 'unspecified launch failure' one second "
        "after the kernel logged Xid 79 (GPU fallen off the bus) for that GPU; the other 47 ranks "
        "only hit the 30-minute NCCL watchdog afterwards.",
        "https://github.com/NVIDIA/NVSentinel/issues/155",
        "flood in one merged srun -l file; map srun label/rank to host; dmesg -T Xid 79",
    )
    return b


# --------------------------------------------------------------------------------------
# u02 journald JSON export, uncorrectable ECC (Xid 48/95) on one H100, rank 21
# --------------------------------------------------------------------------------------


def u02(rng: random.Random) -> Bundle:
    b = Bundle("u02_journald_ecc_dbe_rank21")
    hosts = [f"gpu-b12-{i:02d}" for i in range(1, 5)]
    ips = {h: f"192.168.88.{11 + i}" for i, h in enumerate(hosts)}
    job = Job(rng, hosts, gpn=8, ips=ips, ifname="bond0")
    bad_host, bad_local = "gpu-b12-03", 5
    bad_rank = job.rank(bad_host, bad_local)
    t0 = dt("2024-07-21 00:02:51")
    t_train = t0 + sec(95)
    t_err = dt("2024-07-21 03:41:09") + sec(rng.uniform(0.05, 0.95))
    step_s = 0.71
    fail_step = int((t_err - t_train).total_seconds() / step_s) + 28000
    unit = "train-llm@4471"
    machine = {h: hexid(rng, 32) for h in hosts}
    boot = {h: hexid(rng, 32) for h in hosts}
    seq = 4 * fail_step + 3

    for h in hosts:
        ev: list[tuple] = []
        for tt, m in kernel_noise(rng, t0 - sec(3600), t_err + sec(900), 45):
            ev.append((tt, "kernel", m, 6))
        ev.append((t0, "systemd", f"Started {unit}.service - LLM pretraining (job 4471).", 6))
        for i, line in enumerate(
            job.agent_start(h, t0 + sec(1), "pretrain_fsdp.py", 4, "gpu-b12-01:29400")
        ):
            ev.append((t0 + sec(1 + i * 0.001), unit, line, 6))
        for i, line in enumerate(job.nccl_init(h, prefix="[rank{rank}]:", net="IB")):
            ev.append((t0 + sec(40 + i * 0.0007), unit, line, 6))
        if h == hosts[0]:
            for step in range(28000, fail_step, 50):
                tt = t_train + sec((step - 28000) * step_s + rng.uniform(-0.2, 0.2))
                ev.append(
                    (
                        tt,
                        unit,
                        f"[rank0]:{tt:%Y-%m-%d %H:%M:%S} INFO  step={step} "
                        f"loss={cosine_loss(rng, step, 2.6, 1.9):.4f} grad_norm="
                        f"{rng.uniform(0.28, 0.46):.3f} lr=2.41e-04 tok/s/gpu="
                        f"{rng.randint(3810, 3930)} mfu={rng.uniform(40.6, 41.9):.1f}%",
                        6,
                    )
                )
        if h == bad_host:
            bus = "ab"
            pid = job.pid[bad_rank]
            ev += [
                (
                    t_err,
                    "kernel",
                    f"NVRM: Xid (PCI:0000:{bus}:00): 48, pid={pid}, name=python3, "
                    "An uncorrectable double bit error (DBE) has been detected on GPU in the "
                    "framebuffer at partition 6, subpartition 0.",
                    3,
                ),
                (
                    t_err + sec(0.004),
                    "kernel",
                    f"NVRM: Xid (PCI:0000:{bus}:00): 95, pid={pid}, "
                    "name=python3, Uncontained: FBHUB. RST: Yes, D-RST: No",
                    3,
                ),
                (
                    t_err + sec(0.31),
                    "kernel",
                    f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid='<unknown>', "
                    "name=<unknown>, Row Remapper: New row (0x00000000000a1f3c) marked for remapping, "
                    "reset gpu to activate.",
                    3,
                ),
            ]
            te = t_err + sec(0.6)
            pre = f"[rank{bad_rank}]:"
            lines = [
                f"{pre}[{ts_c10(te, 'E', rng)} ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID "
                f"0(default_pg) Rank {bad_rank}] Process group watchdog thread terminated with "
                "exception: CUDA error: uncorrectable ECC error encountered",
                f"{pre}CUDA kernel errors might be asynchronously reported at some other API call, "
                "so the stacktrace below might be incorrect.",
                f"{pre}For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                f"{pre}Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                f"{pre}",
                f"{pre}Exception raised from c10_cuda_check_implementation at ../c10/cuda/"
                "CUDAException.cpp:43 (most recent call first):",
                f"{pre}frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 "
                f"({hexaddr(rng)} in {SITE}/torch/lib/libc10.so)",
                f"{pre}frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned "
                f"int, std::string const&) + 0x64 ({hexaddr(rng)} in {SITE}/torch/lib/libc10.so)",
                f"{pre}frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char "
                f"const*, int, bool) + 0x118 ({hexaddr(rng)} in {SITE}/torch/lib/libc10_cuda.so)",
                f"{pre}frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() "
                f"const + 0x56 ({hexaddr(rng)} in {SITE}/torch/lib/libtorch_cuda.so)",
                f"{pre}",
                f"{pre}terminate called after throwing an instance of 'c10::DistBackendError'",
                f"{pre}  what():  [PG ID 0 PG GUID 0(default_pg) Rank {bad_rank}] Process group "
                "watchdog thread terminated with exception: CUDA error: uncorrectable ECC error "
                "encountered",
            ]
            for i, line in enumerate(lines):
                ev.append((te + sec(i * 0.0002), unit, line, 3))
            ta = te + sec(2.3)
            for i, line in enumerate(
                job.agent_failure(h, ta, [(bad_local, -6)], "pretrain_fsdp.py")
            ):
                ev.append((ta + sec(i * 0.0003), unit, line, 3))
            ev.append(
                (
                    ta + sec(4),
                    "systemd",
                    f"{unit}.service: Main process exited, code=exited, status=1/FAILURE",
                    4,
                )
            )
            ev.append(
                (ta + sec(4), "systemd", f"{unit}.service: Failed with result 'exit-code'.", 4)
            )
        else:
            near = h in ("gpu-b12-02", "gpu-b12-04")
            tb = t_err + sec(rng.uniform(3.5, 5.5)) if near else t_err + sec(600.6)
            failed = []
            for lr in range(8):
                r = job.rank(h, lr)
                tr = tb + sec(lr * 0.013 + rng.uniform(0, 0.01))
                if near:
                    lines = job.nccl_async_error(
                        r, tr, seq, "remote process exited or there was a network error"
                    )
                else:
                    lines = job.watchdog_timeout(r, tr, seq)
                for i, line in enumerate(lines):
                    ev.append((tr + sec(i * 0.0001), unit, line, 3))
                failed.append((lr, -6))
            ta = tb + sec(2.0)
            for i, line in enumerate(job.agent_failure(h, ta, failed, "pretrain_fsdp.py")):
                ev.append((ta + sec(i * 0.0003), unit, line, 3))
            ev.append(
                (ta + sec(4), "systemd", f"{unit}.service: Failed with result 'exit-code'.", 4)
            )
        b.add(
            h,
            "journal.json",
            journald_json(rng, h, ev, boot[h], machine[h]),
            gz=h in ("gpu-b12-02", "gpu-b12-04"),
        )
    b.add(
        bad_host,
        "nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            bad_host,
            t_err + sec(1200),
            over={
                5: {"dbe_vol": 2, "remap_unc": 1, "remap_pending": True, "util": 0, "mem_used": 0}
            },
        ),
    )
    b.add(
        "gpu-b12-04",
        "nvidia-smi-q.txt",
        nvidia_smi_q(
            rng, "gpu-b12-04", t_err + sec(1260), over={2: {"sbe_agg": 14, "remap_cor": 1}}
        ),
    )
    b.label(
        "gpu_memory",
        "infrastructure",
        bad_host,
        bad_rank,
        "restart_without_node",
        "The earliest record in the journals is Xid 48/95 (uncorrectable DBE) on gpu-b12-03 GPU "
        "0000:ab (GPU 5), and rank 21 aborted 0.6 s later with 'uncorrectable ECC error "
        "encountered'; every other rank only reports remote-exit errors or watchdog timeouts.",
        "https://github.com/kohya-ss/sd-scripts/issues/1434",
        "journalctl -o json with the message in MESSAGE; realtime-stamp ordering; herring: "
        "corrected ECC on another node",
    )
    return b


# --------------------------------------------------------------------------------------
# u03 Accelerate, one rank raises a tokenizer ValueError, everyone else times out
# --------------------------------------------------------------------------------------


def u03(rng: random.Random) -> Bundle:
    b = Bundle("u03_accelerate_one_rank_valueerror")
    hosts = ["worker-0", "worker-1", "worker-2"]
    ips = {"worker-0": "10.12.0.4", "worker-1": "10.12.0.5", "worker-2": "10.12.0.9"}
    job = Job(rng, hosts, gpn=8, ips=ips, ifname="eth0", nccl="2.21.5")
    bad_host, bad_local = "worker-1", 5
    bad_rank = job.rank(bad_host, bad_local)
    t0 = dt("2024-06-11 09:11:58")
    t_train = t0 + sec(61)
    t_err = dt("2024-06-11 09:42:07") + sec(rng.uniform(0.05, 0.95))
    step_s = 1.14
    fail_step = int((t_err - t_train).total_seconds() / step_s)
    seq = 3 * fail_step + 11
    py = "/opt/venv/lib/python3.10/site-packages"
    for h in hosts:
        out = [
            f"{t0:%m/%d/%Y %H:%M:%S} - INFO - accelerate.commands.launch - Launching training on "
            f"machine {hosts.index(h)} of 3 with 8 processes per machine",
            "The following values were not passed to `accelerate launch` and had defaults used "
            "instead:",
            "\t`--dynamo_backend` was set to a value of `'no'`",
            "To avoid this warning pass in values for each of the problematic parameters or run "
            "`accelerate config`.",
        ]
        out += job.agent_start(h, t0 + sec(1), "sft_train.py", 3, "10.12.0.4:29500")
        for lr in range(8):
            r = job.rank(h, lr)
            out.append(
                f"[rank{r}]:{(t0 + sec(14)):%m/%d/%Y %H:%M:%S} - INFO - __main__ - Distributed "
                f"environment: MULTI_GPU  Backend: nccl"
            )
            out.append(f"[rank{r}]:Num processes: 24")
            out.append(f"[rank{r}]:Process index: {r}")
            out.append(f"[rank{r}]:Local process index: {lr}")
            out.append(f"[rank{r}]:Device: cuda:{lr}")
            out.append(f"[rank{r}]:")
            out.append(f"[rank{r}]:Mixed precision type: bf16")
            out.append(f"[rank{r}]:")
        out += job.nccl_init(h, prefix="[rank{rank}]:", net="IB")
        if h == "worker-0":
            out.append(
                f"[rank0]:worker-0:{job.pid[0]}:{job.pid[0] + 612} [0] transport/net_ib.cc:93 "
                "NCCL WARN NET/IB : Got async event : client reregistration"
            )
            out += [
                f"[rank0]:{t_train:%m/%d/%Y %H:%M:%S} - INFO - __main__ - ***** Running training *****",
                f"[rank0]:{t_train:%m/%d/%Y %H:%M:%S} - INFO - __main__ -   Num examples = 4218812",
                f"[rank0]:{t_train:%m/%d/%Y %H:%M:%S} - INFO - __main__ -   Num Epochs = 2",
                f"[rank0]:{t_train:%m/%d/%Y %H:%M:%S} - INFO - __main__ -   Instantaneous batch "
                "size per device = 8",
                f"[rank0]:{t_train:%m/%d/%Y %H:%M:%S} - INFO - __main__ -   Gradient Accumulation "
                "steps = 2",
                f"[rank0]:{t_train:%m/%d/%Y %H:%M:%S} - INFO - __main__ -   Total optimization "
                "steps = 21973",
            ]
            for step in range(10, fail_step, 10):
                tt = t_train + sec(step * step_s)
                out.append(
                    f"[rank0]:{tt:%m/%d/%Y %H:%M:%S} - INFO - __main__ - step {step}/21973 "
                    f"loss={cosine_loss(rng, step, 1.9, 1.15):.4f} lr={2e-5 * min(1, step / 500):.3e} "
                    f"epoch=0.{step * 100 // 21973:02d}"
                )
                if step % 500 == 0:
                    out.append(
                        f"[rank0]:{tt:%m/%d/%Y %H:%M:%S} - INFO - accelerate.accelerator - Saving "
                        f"current state to /mnt/ckpt/sft-mistral/step_{step}"
                    )
        if h == bad_host:
            pre = f"[rank{bad_rank}]:"
            out += traceback(
                [
                    ("/workspace/sft/sft_train.py", 388, "<module>", "main()"),
                    (
                        "/workspace/sft/sft_train.py",
                        331,
                        "main",
                        "for step, batch in enumerate(active_dataloader):",
                    ),
                    (
                        f"{py}/accelerate/data_loader.py",
                        552,
                        "__iter__",
                        "current_batch = next(dataloader_iter)",
                    ),
                    (
                        f"{py}/torch/utils/data/dataloader.py",
                        701,
                        "__next__",
                        "data = self._next_data()",
                    ),
                    (
                        f"{py}/torch/utils/data/dataloader.py",
                        757,
                        "_next_data",
                        "data = self._dataset_fetcher.fetch(index)  # may raise StopIteration",
                    ),
                    (
                        f"{py}/torch/utils/data/_utils/fetch.py",
                        55,
                        "fetch",
                        "return self.collate_fn(data)",
                    ),
                    (
                        f"{py}/transformers/data/data_collator.py",
                        599,
                        "__call__",
                        "features = pad_without_fast_tokenizer_warning(",
                    ),
                    (
                        f"{py}/transformers/tokenization_utils_base.py",
                        3400,
                        "pad",
                        "return BatchEncoding(batch_outputs, tensor_type=return_tensors)",
                    ),
                    (
                        f"{py}/transformers/tokenization_utils_base.py",
                        791,
                        "convert_to_tensors",
                        "raise ValueError(",
                    ),
                ],
                "ValueError: Unable to create tensor, you should probably activate truncation "
                "and/or padding with 'padding=True' 'truncation=True' to have batched tensors with "
                "the same length. Perhaps your features (`labels` in this case) have excessive "
                "nesting (inputs type `list` where type `int` is expected).",
                pre,
            )
            ta = t_err + sec(1.4)
            failed = [(bad_local, 1)] + [(lr, -15) for lr in range(8) if lr != bad_local]
            agent = job.agent_failure(h, ta, [(bad_local, 1)], "sft_train.py")
            # error_file with the traceback, as @record writes it
            i = agent.index(
                "  error_file: <N/A>", agent.index("Root Cause (first observed failure):")
            )
            agent[i] = (
                f"  error_file: /tmp/torchelastic_{hexid(rng, 8)}/none_{hexid(rng, 8)}/"
                f"attempt_0/{bad_local}/error.json"
            )
            agent[i + 1] = (
                "  traceback : Traceback (most recent call last):\n"
                f'    File "{py}/transformers/tokenization_utils_base.py", line 775, '
                "in convert_to_tensors\n      tensor = as_tensor(value)\n  ValueError: "
                "expected sequence of length 512 at dim 1 (got 4096)"
            )
            out += agent
            _ = failed
            out.append(
                f"{ta + sec(2):%m/%d/%Y %H:%M:%S} - ERROR - accelerate.commands.launch - "
                "Command '['torchrun', '--nnodes', '3', '--nproc_per_node', '8', ...]' "
                "returned non-zero exit status 1."
            )
        else:
            tb = t_err + sec(600.9 + (0.4 if h == "worker-2" else 0.0))
            for lr in range(8):
                r = job.rank(h, lr)
                out += job.watchdog_timeout(
                    r, tb + sec(lr * 0.02), seq, op="_ALLGATHER_BASE", numel=58720256
                )
            ta = tb + sec(2.2)
            out += job.agent_failure(h, ta, [(lr, -6) for lr in range(8)], "sft_train.py")
            if h == "worker-2":
                out += [
                    f"{ts_glog_py(ta + sec(0.5), 'W')} {job.agent_pid[h]} torch/distributed/"
                    "elastic/rendezvous/dynamic_rendezvous.py:1305] The node 'worker-2_"
                    f"{job.agent_pid[h]}_0' has failed to shutdown the rendezvous 'none' due to an "
                    "error of type RendezvousConnectionError.",
                    "torch.distributed.DistNetworkError: Connection reset by peer",
                ]
            out.append(
                f"{ta + sec(2):%m/%d/%Y %H:%M:%S} - ERROR - accelerate.commands.launch - "
                "Command '['torchrun', '--nnodes', '3', '--nproc_per_node', '8', ...]' "
                "returned non-zero exit status 1."
            )
        b.add(h, "accelerate_launch.log", out)
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "The first failure (09:42:07) is rank 13 on worker-1 raising a tokenizer ValueError in the "
        "data collator because the labels are not padded; the other 23 ranks only time out ten "
        "minutes later. A padding/truncation bug in the user's collator is deterministic.",
        "https://github.com/NVIDIA/nccl/issues/1260",
        "first failure on one rank found by timestamps; misleading first file; user error on one rank",
    )
    return b


# --------------------------------------------------------------------------------------
# u04 DeepSpeed fp16: loss scale hits the minimum on every rank at the same step
# --------------------------------------------------------------------------------------


def u04(rng: random.Random) -> Bundle:
    b = Bundle("u04_deepspeed_fp16_loss_scale_floor")
    hosts = ["dgx-a07", "dgx-a08", "dgx-a11", "dgx-a12"]
    job = Job(
        rng,
        hosts,
        gpn=8,
        bus_ids=BUS_IDS_A100,
        ifname="enp226s0",
        hcas=["mlx5_0", "mlx5_2", "mlx5_6", "mlx5_8"],
        nccl="2.18.5",
        cuda="12.2",
    )
    t0 = dt("2024-05-02 08:40:12")
    t_train = t0 + sec(180)
    step_s = 1.05
    start_step = 9000
    end_step = 12410
    t_end = t_train + sec((end_step - start_step) * step_s)
    overflow_start = 12190
    ds = "/opt/conda/lib/python3.10/site-packages/deepspeed"
    for h in hosts:
        p = f"{h}: "
        out = [
            f"{p}[{ts_py(t0)}] [INFO] [real_accelerator.py:203:get_accelerator] Setting "
            "ds_accelerator to cuda (auto detect)",
            f"{p}[{ts_py(t0 + sec(2))}] [INFO] [launch.py:146:main] WORLD INFO DICT: "
            "{'dgx-a07': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a08': [0, 1, 2, 3, 4, 5, 6, 7], "
            "'dgx-a11': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a12': [0, 1, 2, 3, 4, 5, 6, 7]}",
            f"{p}[{ts_py(t0 + sec(2))}] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, "
            f"node_rank={hosts.index(h)}",
            f"{p}[{ts_py(t0 + sec(2))}] [INFO] [launch.py:163:main] global_rank_mapping="
            "defaultdict(<class 'list'>, {'dgx-a07': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a08': [8, 9, "
            "10, 11, 12, 13, 14, 15], 'dgx-a11': [16, 17, 18, 19, 20, 21, 22, 23], 'dgx-a12': "
            "[24, 25, 26, 27, 28, 29, 30, 31]})",
            f"{p}[{ts_py(t0 + sec(2))}] [INFO] [launch.py:164:main] dist_world_size=32",
        ]
        for _r in job.ranks_on(h):
            out.append(f"{p}[{ts_py(t0 + sec(9))}] [INFO] [comm.py:637:init_distributed] cdb=None")
        if h == "dgx-a07":
            out.append(
                f"{p}[{ts_py(t0 + sec(9))}] [INFO] [comm.py:668:init_distributed] "
                "Initializing TorchBackend in DeepSpeed with backend nccl"
            )
        out += job.nccl_init(h, prefix=p)
        if h == "dgx-a11":
            out.append(
                f"{p}dgx-a11:{job.pid[16]}:{job.pid[16] + 731} [0] transport/net_ib.cc:93 "
                "NCCL WARN NET/IB : Got async event : client reregistration"
            )
        if h == "dgx-a07":
            out += [
                f"{p}[{ts_py(t0 + sec(60))}] [INFO] [config.py:988:print]   fp16_enabled "
                ".................. True",
                f"{p}[{ts_py(t0 + sec(60))}] [INFO] [config.py:988:print]   bfloat16_enabled "
                "............. False",
                f"{p}[{ts_py(t0 + sec(60))}] [INFO] [config.py:988:print]   dynamic_loss_scale_args "
                "...... {'init_scale': 65536, 'scale_window': 500, 'delayed_shift': 2, "
                "'consecutive_hysteresis': False, 'min_scale': 1}",
                f"{p}[{ts_py(t0 + sec(60))}] [INFO] [config.py:988:print]   zero_optimization_stage "
                "...... 2",
                f"{p}[{ts_py(t0 + sec(61))}] [INFO] [engine.py:3043:_get_all_zero_checkpoint_state_"
                f"dicts] successfully read 32 ZeRO state_dicts for rank 0",
                f"{p}[{ts_py(t0 + sec(64))}] [INFO] [engine.py:2975:_load_zero_checkpoint] loading "
                f"32 zero partition checkpoints for rank 0",
            ]
            scale = 65536.0
            for step in range(start_step, end_step + 1, 10):
                tt = t_train + sec((step - start_step) * step_s)
                if step < overflow_start:
                    loss = cosine_loss(rng, step, 2.5, 2.05)
                else:
                    loss = 2.1 + (step - overflow_start) ** 1.3 * 0.02
                lval = f"{loss:.4f}" if step < end_step - 60 else "nan"
                out.append(
                    f"{p}[{ts_py(tt)}] [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, "
                    f"skipped={12 + max(0, step - overflow_start) // 3}, lr=[{6e-5:.6e}], "
                    f"mom=[(0.9, 0.95)]"
                )
                out.append(
                    f"{p}steps: {step} loss: {lval} iter time (s): {step_s + rng.uniform(-0.02, 0.02):.3f} "
                    f"samples/sec: {256 / step_s:.3f}"
                )
                if step >= overflow_start:
                    scale = max(1.0, scale / 2)
                    out.append(
                        f"{p}[{ts_py(tt + sec(0.4))}] [INFO] [loss_scaler.py:183:update_scale] "
                        f"[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: "
                        f"{int(scale * 2)}, reducing to {int(scale) if scale >= 1 else scale}"
                    )
        for r in job.ranks_on(h):
            pre = f"{p}[rank{r}]: "
            out += traceback(
                [
                    ("/workspace/Megatron-DeepSpeed/pretrain_gpt.py", 356, "<module>", "pretrain("),
                    (
                        "/workspace/Megatron-DeepSpeed/megatron/training.py",
                        225,
                        "pretrain",
                        "iteration = train(forward_step_func,",
                    ),
                    (
                        "/workspace/Megatron-DeepSpeed/megatron/training.py",
                        1225,
                        "train",
                        "train_step(forward_step_func,",
                    ),
                    (
                        "/workspace/Megatron-DeepSpeed/megatron/training.py",
                        692,
                        "train_step",
                        "model[0].step(lr_kwargs={'increment': increment})",
                    ),
                    (f"{ds}/runtime/engine.py", 2213, "step", "self._take_model_step(lr_kwargs)"),
                    (f"{ds}/runtime/engine.py", 2119, "_take_model_step", "self.optimizer.step()"),
                    (
                        f"{ds}/runtime/zero/stage_1_and_2.py",
                        1786,
                        "step",
                        "self._update_scale(self.overflow)",
                    ),
                    (
                        f"{ds}/runtime/zero/stage_1_and_2.py",
                        2035,
                        "_update_scale",
                        "self.loss_scaler.update_scale(has_overflow)",
                    ),
                    (f"{ds}/runtime/fp16/loss_scaler.py", 175, "update_scale", "raise Exception("),
                ],
                "Exception: Current loss scale already at minimum - cannot decrease scale anymore. "
                "Exiting run.",
                pre,
            )
        ta = t_end + sec(3)
        for lr in range(8):
            out.append(
                f"{p}[{ts_py(ta + sec(lr * 0.1))}] [INFO] [launch.py:316:sigkill_handler] "
                f"Killing subprocess {job.pid[job.rank(h, lr)]}"
            )
        out.append(
            f"{p}[{ts_py(ta + sec(1))}] [ERROR] [launch.py:322:sigkill_handler] ['/opt/conda/bin/"
            f"python', '-u', 'pretrain_gpt.py', '--local_rank=7', '--deepspeed_config', "
            f"'ds_fp16_z2.json', ...] exits with return code = 1"
        )
        out.append(f"pdsh@dgx-a07: {h}: ssh exited with exit code 1")
        b.add(h, "deepspeed_pdsh.log", out)
        ev = kernel_noise(rng, t0 - sec(7200), t_end + sec(300), 30, drv="535.129.03")
        if h == "dgx-a11":
            ev.append(
                (
                    t0 - sec(5400),
                    "mlx5_core 0000:ba:00.0: mlx5_port_module_event:1157:(pid 0): "
                    "Port module event: module 6, Cable plugged",
                )
            )
        b.add(
            h,
            "syslog",
            [f"{ts_syslog(t)} {h} kernel: [{rng.uniform(1e5, 9e5):.6f}] {m}" for t, m in ev],
        )
    b.label(
        "numerical",
        "script",
        None,
        None,
        "stop",
        "All 32 ranks raise 'Current loss scale already at minimum' at the same step after a run "
        "of OVERFLOW/skip messages and a diverging loss; fp16 dynamic loss scaling with min_scale 1 "
        "is a training-configuration problem that will recur, not a hardware fault.",
        "https://github.com/EleutherAI/gpt-neox/issues/291",
        "same exception on every rank at the same step; pdsh host: prefixes; IB async-event herring",
    )
    return b


# --------------------------------------------------------------------------------------
# u05 Slurm: one node panics (soft lockups in pstore), NODE_FAIL, others see resets
# --------------------------------------------------------------------------------------


def u05(rng: random.Random) -> Bundle:
    b = Bundle("u05_slurm_node_fail_softlockup_panic")
    hosts = [f"nid00{i}" for i in range(409, 417)]
    ips = {h: f"10.100.4.{i + 9}" for i, h in enumerate(hosts)}
    job = Job(
        rng,
        hosts,
        gpn=4,
        ips=ips,
        ifname="hsn0",
        bus_ids=["03", "41", "82", "c1"],
        hcas=[],
        nccl="2.19.4",
        cuda="12.2",
    )
    bad = "nid00412"
    t0 = dt("2024-11-05 09:02:11")
    t_train = t0 + sec(240)
    t_lock = dt("2024-11-05 16:20:33") + sec(rng.uniform(0.05, 0.95))
    t_panic = t_lock + sec(37)
    t_down = dt("2024-11-05 16:24:51")
    t_cancel = dt("2024-11-05 16:25:12")
    boot = dt("2024-10-13 00:18:11")
    iter_s = 4.12
    last_iter = int((t_lock - t_train).total_seconds() / iter_s)
    out = [
        "+ srun -l --nodes=8 --ntasks-per-node=1 torchrun --nnodes 8 --nproc-per-node 4 "
        "--rdzv-backend c10d --rdzv-endpoint nid00409:29500 pretrain_gpt.py --tensor-model-"
        "parallel-size 4 --pipeline-model-parallel-size 2 --num-layers 48 --hidden-size 6144 ...",
    ]
    for i, h in enumerate(hosts):
        out += [
            f"{i}: {x}"
            for x in job.agent_start(h, t0 + sec(2), "pretrain_gpt.py", 8, "nid00409:29500")
        ]
    for i, h in enumerate(hosts):
        out += job.nccl_init(h, prefix=f"{i}: [rank{{rank}}]:", net="Socket", ifname="hsn0")
    out += [
        "0: [rank0]:> building GPT2BPETokenizer tokenizer ...",
        "0: [rank0]: > padded vocab (size: 50257) with 943 dummy tokens (new size: 51200)",
        "0: [rank0]:> initializing torch distributed ...",
        "0: [rank0]:> initialized tensor model parallel with size 4",
        "0: [rank0]:> initialized pipeline model parallel with size 2",
        "0: [rank0]:> compiling dataset index builder ...",
        "0: [rank0]:>>> done with dataset index builder. Compilation time: 0.091 seconds",
        f"0: [rank0]:[after dataloaders are built] datetime: {t_train:%Y-%m-%d %H:%M:%S} ",
        "0: [rank0]:done with setup ...",
        "0: [rank0]:training ...",
    ]
    for it in range(10, last_iter + 1, 10):
        tt = t_train + sec(it * iter_s)
        out.append(
            f"7: [rank31]: [{tt:%Y-%m-%d %H:%M:%S}] iteration {it + 40000:>8}/  120000 | consumed "
            f"samples: {(it + 40000) * 512:>10} | elapsed time per iteration (ms): "
            f"{iter_s * 1000 + rng.uniform(-30, 30):.1f} | learning rate: 1.498E-04 | global batch "
            f"size:   512 | lm loss: {cosine_loss(rng, it + 40000, 2.3, 1.95):.6E} | loss scale: "
            "1.0 | grad norm: 0.212 | number of skipped iterations:   0 | number of nan "
            "iterations:   0 |"
        )
    # sympathetic errors on other nodes
    seq = 6 * (last_iter + 40000)
    t_sym = t_panic + sec(31)
    for i, h in enumerate(hosts):
        if h == bad:
            continue
        for lr in range(4):
            r = job.rank(h, lr)
            tr = t_sym + sec(rng.uniform(0, 4))
            peer = job.ips[bad]
            out.append(
                f"{i}: [rank{r}]:{h}:{job.pid[r]}:{job.pid[r] + 311} [{lr}] misc/socket.cc:"
                f"50 NCCL WARN socketProgress: Connection closed by remote peer {peer}"
                f"<{rng.randint(40000, 60000)}>"
                if r % 3
                else f"{i}: [rank{r}]:{h}:{job.pid[r]}:{job.pid[r] + 311} [{lr}] misc/socket.cc:"
                f"538 NCCL WARN Net : Call to recv from {peer}<{rng.randint(40000, 60000)}> "
                "failed : Connection reset by peer"
            )
            out += [
                f"{i}: {x}"
                for x in job.nccl_async_error(
                    r, tr, seq, "remote process exited or there was a network error"
                )
            ]
    out += [
        f"srun: error: Node failure on {bad}",
        f"slurmstepd: error: *** STEP 991234.0 ON nid00409 CANCELLED AT "
        f"{t_cancel:%Y-%m-%dT%H:%M:%S} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***",
    ]
    for i, h in enumerate(hosts):
        if h != bad:
            out += [f"{i}: {x}" for x in job.sigterm_from_launcher(h, t_cancel + sec(0.4))]
    out += [
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: nid00409: task 0: Terminated",
        "srun: error: nid[00410-00411,00413-00416]: tasks 1-2,4-7: Terminated",
        "srun: Force Terminated StepId=991234.0",
    ]
    b.add("nid00409", "slurm-991234.out", out)
    b.add(
        "nid00409",
        "sacct.txt",
        [
            "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode "
            "              Start                 End        NodeList ",
            "------------ ---------- ---------- ---------- ---------- ---------- -------- "
            "------------------- ------------------- --------------- ",
            f"991234       pretrain-+    gpu_big   llm_team        512  NODE_FAIL      1:0 "
            f"{t0:%Y-%m-%dT%H:%M:%S} {t_cancel:%Y-%m-%dT%H:%M:%S}  nid00[409-416] ",
            f"991234.batch      batch              llm_team         64  CANCELLED     0:15 "
            f"{t0:%Y-%m-%dT%H:%M:%S} {t_cancel:%Y-%m-%dT%H:%M:%S}        nid00409 ",
            f"991234.extern    extern              llm_team        512  COMPLETED      0:0 "
            f"{t0:%Y-%m-%dT%H:%M:%S} {t_cancel:%Y-%m-%dT%H:%M:%S}  nid00[409-416] ",
            f"991234.0       torchrun              llm_team        512  NODE_FAIL      1:0 "
            f"{t0 + sec(1):%Y-%m-%dT%H:%M:%S} {t_cancel:%Y-%m-%dT%H:%M:%S}  nid00[409-416] ",
        ],
    )
    b.add(
        "nid00409",
        "scontrol_show_job.txt",
        [
            "JobId=991234 JobName=pretrain-gpt-13b",
            "   UserId=llmsvc(41022) GroupId=llm(41000) MCS_label=N/A",
            "   Priority=218842 Nice=0 Account=llm_team QOS=normal",
            "   JobState=NODE_FAIL Reason=NodeDown Dependency=(null)",
            "   Requeue=0 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=1:0",
            "   RunTime=07:23:01 TimeLimit=2-00:00:00 TimeMin=N/A",
            f"   SubmitTime={t0 - sec(1211):%Y-%m-%dT%H:%M:%S} EligibleTime={t0 - sec(1211):%Y-%m-%dT%H:%M:%S}",
            f"   StartTime={t0:%Y-%m-%dT%H:%M:%S} EndTime={t_cancel:%Y-%m-%dT%H:%M:%S} Deadline=N/A",
            "   Partition=gpu_big AllocNode:Sid=login03:3381201",
            "   NodeList=nid00[409-416]",
            "   BatchHost=nid00409",
            "   NumNodes=8 NumCPUs=512 NumTasks=8 CPUs/Task=64 ReqB:S:C:T=0:0:*:*",
            "   TRES=cpu=512,mem=1960G,node=8,billing=512,gres/gpu=32",
            "   Command=/global/homes/l/llmsvc/jobs/pretrain_13b.sbatch",
            "   StdOut=/global/homes/l/llmsvc/jobs/slurm-991234.out",
        ],
    )
    b.add(
        bad,
        "scontrol_show_node.txt",
        [
            f"NodeName={bad} Arch=x86_64 CoresPerSocket=64 ",
            "   CPUAlloc=0 CPUEfctv=128 CPUTot=128 CPULoad=0.00",
            "   AvailableFeatures=gpu,a100,ss11",
            "   Gres=gpu:a100:4(S:0-1)",
            f"   NodeAddr={bad} NodeHostName={bad} Version=23.02.6",
            "   OS=Linux 5.14.21-150400.24.81_12.0.87-cray_shasta_c #1 SMP ",
            "   RealMemory=245000 AllocMem=0 FreeMem=N/A Sockets=1 Boards=1",
            "   State=DOWN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
            "   Partitions=gpu_big ",
            f"   BootTime={boot:%Y-%m-%dT%H:%M:%S} SlurmdStartTime={boot + sec(95):%Y-%m-%dT%H:%M:%S}",
            f"   LastBusyTime={t_lock - sec(3):%Y-%m-%dT%H:%M:%S} ResumeAfterTime=None",
            f"   Reason=Not responding [slurm@{t_down:%Y-%m-%dT%H:%M:%S}]",
        ],
    )
    # pstore from the dead node, uptime stamps only
    pid_bad = job.pid[job.rank(bad, 2)]
    ev = [
        (t_lock - sec(40), "nvidia-nvswitch0: open (major=508)"),
        (t_lock, f"watchdog: BUG: soft lockup - CPU#37 stuck for 23s! [python3:{pid_bad}]"),
        (
            t_lock,
            "Modules linked in: nvidia_peermem(OE) nvidia_uvm(OE) cxi_ss1(O) cxi_core(O) "
            "nvidia(POE) xpmem(O) lustre(O) lmv(O) mdc(O) lov(O) osc(O) fid(O) fld(O) ko2iblnd(O)",
        ),
        (
            t_lock,
            f"CPU: 37 PID: {pid_bad} Comm: python3 Tainted: P           OE      "
            "5.14.21-150400.24.81_12.0.87-cray_shasta_c #1 SLE15-SP4",
        ),
        (t_lock, "RIP: 0010:native_queued_spin_lock_slowpath+0x1d6/0x210"),
        (
            t_lock + sec(4),
            f"watchdog: BUG: soft lockup - CPU#91 stuck for 22s! [kworker/91:2:{rng.randint(900, 4000)}]",
        ),
        (t_lock + sec(12), "rcu: INFO: rcu_sched self-detected stall on CPU"),
        (
            t_lock + sec(12),
            "rcu: \t37-....: (20999 ticks this GP) idle=a3e/1/0x4000000000000000 "
            "softirq=8813390/8813390 fqs=5233",
        ),
        (
            t_lock + sec(28),
            f"watchdog: BUG: soft lockup - CPU#37 stuck for 49s! [python3:{pid_bad}]",
        ),
        (t_panic, "Kernel panic - not syncing: softlockup: hung tasks"),
        (
            t_panic,
            f"CPU: 37 PID: {pid_bad} Comm: python3 Tainted: P           OEL     "
            "5.14.21-150400.24.81_12.0.87-cray_shasta_c #1 SLE15-SP4",
        ),
        (
            t_panic,
            "Kernel Offset: 0x1c800000 from 0xffffffff81000000 (relocation range: "
            "0xffffffff80000000-0xffffffffbfffffff)",
        ),
    ]
    b.add(bad, "pstore/dmesg-ramoops-0", [f"<0>{ts_uptime(t, boot)} {m}" for t, m in ev])
    b.add(
        bad,
        "slurmd.log",
        [
            f"[{boot + sec(95):%Y-%m-%dT%H:%M:%S}.331] slurmd version 23.02.6 started",
            f"[{t0:%Y-%m-%dT%H:%M:%S}.212] [991234.extern] task/cgroup: _memcg_initialize: job: "
            "alloc=245000MB mem.limit=245000MB memsw.limit=unlimited",
            f"[{t0 + sec(1):%Y-%m-%dT%H:%M:%S}.004] launch task StepId=991234.0 request from "
            "UID:41022 GID:41000 HOST:10.100.4.9 PORT:52012",
            f"[{t_lock - sec(5):%Y-%m-%dT%H:%M:%S}.771] [991234.0] debug:  jag_common_poll_data: "
            "Task 3 pid 118201 ave_freq = 2450000 mem size/max 84213432/84213432 vmem size/max "
            "398112544/398112544",
            f"[{t_panic + sec(612):%Y-%m-%dT%H:%M:%S}.019] slurmd version 23.02.6 started",
            f"[{t_panic + sec(612):%Y-%m-%dT%H:%M:%S}.022] slurmd started on "
            f"{t_panic + sec(612):%a, %d %b %Y %H:%M:%S} +0000",
            f"[{t_panic + sec(612):%Y-%m-%dT%H:%M:%S}.024] CPUs=128 Boards=1 Sockets=1 Cores=64 "
            "Threads=2 Memory=256822 TmpDisk=0 Uptime=173 CPUSpecList=(null)",
        ],
    )
    for h in hosts:
        if h == bad:
            continue
        ev = kernel_noise(rng, t0 - sec(3600), t_cancel + sec(120), 25, drv="535.154.05")
        ev.append(
            (
                t_panic + sec(29),
                "cxi_core 0000:c2:00.0: cxi0[hsn0] retry_handler: target "
                f"NID 0x{int(bad[3:]):05x} unreachable, 8 retries exhausted",
            )
        )
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.label(
        "host",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "nid00412 went silent at 16:20 (its pstore shows CPU soft lockups ending in 'Kernel panic - "
        "not syncing: softlockup: hung tasks'), Slurm marked it DOWN+NOT_RESPONDING and the job "
        "NODE_FAIL; the NCCL socket resets on the other nodes name that node.",
        "https://github.com/GoogleCloudPlatform/kubernetes-engine-samples/issues/138",
        "node death: pstore uptime stamps vs ISO/slurm stamps; sacct/scontrol; sympathetic resets",
    )
    return b


CASES = [u01, u02, u03, u04, u05]
