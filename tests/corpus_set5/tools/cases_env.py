"""u11-u15: one node unlike the rest versus the same on all nodes (driver, library ABI,
leftover process, local disk, configuration OOM)."""

from __future__ import annotations

import json
import random

from common import (
    SITE,
    Bundle,
    Job,
    dt,
    hexid,
    kernel_noise,
    nvidia_smi_table,
    render_dmesg_t,
    sec,
    traceback,
    ts_iso,
    ts_py,
)


def titan(rank: int, t, level: str, msg: str) -> str:
    return f"[rank{rank}]:[titan] {ts_py(t)} - root - {level} - {msg}"


# --------------------------------------------------------------------------------------
# u11 torchtitan: one node has an old driver (535 / CUDA 12.2) under a cu124 wheel
# --------------------------------------------------------------------------------------


def u11(rng: random.Random) -> Bundle:
    b = Bundle("u11_torchtitan_one_node_old_driver")
    hosts = [f"h100-pool-{i:02d}" for i in range(1, 5)]
    job = Job(rng, hosts, gpn=8, ifname="enp27s0np0")
    bad = "h100-pool-03"
    t0 = dt("2024-09-03 10:11:02")
    t_fail = t0 + sec(21.4)
    for h in hosts:
        out = job.agent_start(h, t0, "-m torchtitan.train", 4, "h100-pool-01:29500")
        for lr in range(8):
            r = job.rank(h, lr)
            tt = t0 + sec(19 + lr * 0.05)
            out.append(titan(r, tt, "INFO", "Starting job: Llama 3 8B training"))
            if h == bad:
                out += traceback(
                    [
                        (
                            f"{SITE}/torchtitan/train.py",
                            539,
                            "<module>",
                            "trainer = Trainer(config)",
                        ),
                        (
                            f"{SITE}/torchtitan/train.py",
                            71,
                            "__init__",
                            "device_module.set_device(self.device)",
                        ),
                        (
                            f"{SITE}/torch/cuda/__init__.py",
                            478,
                            "set_device",
                            "torch._C._cuda_setDevice(device)",
                        ),
                        (
                            f"{SITE}/torch/cuda/__init__.py",
                            319,
                            "_lazy_init",
                            "torch._C._cuda_init()",
                        ),
                    ],
                    "RuntimeError: The NVIDIA driver on your system is too old (found version "
                    "12020). Please update your GPU driver by downloading and installing a new "
                    "version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, "
                    "go to: https://pytorch.org to install a PyTorch version that has been compiled "
                    "with your version of the CUDA driver.",
                    f"[rank{r}]:",
                )
            else:
                out += [
                    titan(
                        r, tt + sec(0.4), "INFO", "Building 1-D device mesh with ['dp_shard'], [32]"
                    ),
                    titan(r, tt + sec(0.5), "INFO", "[GC] Initial GC collection. 0.00 seconds."),
                    titan(r, tt + sec(0.9), "INFO", "Loading tokenizer from tokenizer.model"),
                    titan(r, tt + sec(1.3), "INFO", "Preparing c4 dataset from allenai/c4"),
                    titan(
                        r,
                        tt + sec(7.2),
                        "INFO",
                        "Building llama3 8B with ModelArgs(dim=4096, "
                        "n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, "
                        "multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, "
                        "rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')",
                    ),
                    titan(
                        r,
                        tt + sec(7.9),
                        "INFO",
                        "Model llama3 8B size: 8,030,261,248 total parameters",
                    ),
                    titan(
                        r,
                        tt + sec(8.1),
                        "INFO",
                        "Applied selective activation checkpointing to the model",
                    ),
                    titan(r, tt + sec(8.3), "INFO", "Applied FSDP to the model"),
                ]
        if h == bad:
            out += job.agent_failure(
                h, t_fail + sec(1.1), [(lr, 1) for lr in range(8)], "torchtitan.train"
            )
        else:
            out += job.nccl_init(h, prefix="[rank{rank}]:")
            for lr in range(8):
                r = job.rank(h, lr)
                out += job.watchdog_timeout(
                    r, t0 + sec(330 + lr * 0.01), 1, op="ALLREDUCE", numel=1, timeout_ms=300000
                )
            out += job.agent_failure(
                h, t0 + sec(333), [(lr, -6) for lr in range(8)], "torchtitan.train"
            )
        b.add(h, "torchrun.log", out)
        drv, cu = ("535.104.12", "12.2") if h == bad else ("550.90.07", "12.4")
        b.add(h, "nvidia-smi.txt", nvidia_smi_table(rng, t0 - sec(30), driver=drv, cuda=cu))
        ev = kernel_noise(rng, t0 - sec(5000), t0 + sec(400), 20, drv=drv)
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.label(
        "dependency",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Only the eight ranks on h100-pool-03 fail, at CUDA init, with 'The NVIDIA driver on your "
        "system is too old (found version 12020)'; its nvidia-smi shows driver 535.104.12 while "
        "the other nodes run 550.90.07, and the others merely time out waiting for it.",
        "https://github.com/NVIDIA/nvidia-docker/issues/400",
        "one node's driver differs (nvidia-smi header); torchtitan log format",
    )
    return b


# --------------------------------------------------------------------------------------
# u12 Ray Train on KubeRay: flash-attn wheel built for another torch, on every worker
# --------------------------------------------------------------------------------------


def u12(rng: random.Random) -> Bundle:
    b = Bundle("u12_ray_flash_attn_abi_every_worker")
    head = "raycluster-llm-head-6bq2x"
    workers = [
        "raycluster-llm-worker-gpu-2kq7z",
        "raycluster-llm-worker-gpu-8vwd4",
        "raycluster-llm-worker-gpu-tq9mn",
    ]
    wip = {workers[0]: "10.244.5.17", workers[1]: "10.244.8.3", workers[2]: "10.244.11.26"}
    t0 = dt("2024-08-27 14:02:19")
    py = "/home/ray/anaconda3/lib/python3.10/site-packages"
    sym = "_ZN3c104cuda9SetDeviceEi"
    err = (
        f"ImportError: {py}/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined "
        f"symbol: {sym}"
    )
    frames = [
        (
            f"{py}/ray/train/_internal/worker_group.py",
            33,
            "__execute",
            "raise skipped from exception_cause(skipped)",
        ),
        (
            f"{py}/ray/train/_internal/utils.py",
            169,
            "discard_return_wrapper",
            "train_func(*args, **kwargs)",
        ),
        (
            "/tmp/ray/session_2024-08-27_13-58-40_118231_1/runtime_resources/working_dir_files/"
            "_ray_pkg_7e1c2a/train_llm.py",
            88,
            "train_loop_per_worker",
            "model = build_model(config)",
        ),
        (
            "/tmp/ray/session_2024-08-27_13-58-40_118231_1/runtime_resources/working_dir_files/"
            "_ray_pkg_7e1c2a/model.py",
            12,
            "<module>",
            "from flash_attn import flash_attn_func, flash_attn_varlen_func",
        ),
        (
            f"{py}/flash_attn/__init__.py",
            3,
            "<module>",
            "from flash_attn.flash_attn_interface import (",
        ),
        (
            f"{py}/flash_attn/flash_attn_interface.py",
            10,
            "<module>",
            "import flash_attn_2_cuda as flash_attn_cuda",
        ),
    ]
    drv = [
        f"{t0:%Y-%m-%d %H:%M:%S},112\tINFO job_manager.py:530 -- Runtime env is setting up.",
        f"{t0 + sec(3):%Y-%m-%d %H:%M:%S},870\tINFO worker.py:1614 -- Using address "
        "10.244.2.9:6379 set as RAY_ADDRESS",
        f"{t0 + sec(4):%Y-%m-%d %H:%M:%S},022\tINFO worker.py:1790 -- Connected to Ray cluster. "
        "View the dashboard at 10.244.2.9:8265 ",
        "",
        "View detailed results here: /mnt/cluster_storage/ray_results/TorchTrainer_2024-08-27_14-02-23",
        "To visualize your results with TensorBoard, run: `tensorboard --logdir /tmp/ray/session_"
        "2024-08-27_13-58-40_118231_1/artifacts/2024-08-27_14-02-23/TorchTrainer_2024-08-27_14-02-23/"
        "driver_artifacts`",
        "",
        "Training started with configuration:",
        "╭─────────────────────────────────────────────────╮",
        "│ Training config                                 │",
        "├─────────────────────────────────────────────────┤",
        "│ train_loop_config/lr                     0.0002 │",
        "│ train_loop_config/model_name    llama-3.1-8b    │",
        "│ train_loop_config/seq_len                  4096 │",
        "╰─────────────────────────────────────────────────╯",
        "(TorchTrainer pid=4411, ip=10.244.2.9) Started distributed worker processes: ",
    ]
    rank = 0
    for w in workers:
        for lr in range(8):
            drv.append(
                f"(TorchTrainer pid=4411, ip=10.244.2.9) - (node_id={hexid(rng, 56)}, "
                f"ip={wip[w]}, pid={rng.randint(1200, 9000)}) world_rank={rank}, "
                f"local_rank={lr}, node_rank={workers.index(w)}"
            )
            rank += 1
    drv.append(
        "(RayTrainWorker pid=2211, ip=10.244.5.17) Setting up process group for: "
        "env:// [rank=0, world_size=24]"
    )
    for w in workers:
        for _ in range(2):
            drv.append(
                f"(RayTrainWorker pid={rng.randint(1200, 9000)}, ip={wip[w]}) {err} "
                "[repeated 8x across cluster]"
                if _
                else f"(RayTrainWorker pid={rng.randint(1200, 9000)}, ip={wip[w]}) "
                "[W827 14:03:41.113982101 ProcessGroupNCCL.cpp:1168] Warning: WARNING: "
                "process group has NOT been destroyed before we destruct "
                "ProcessGroupNCCL."
            )
    drv += [
        "2024-08-27 14:03:42,551\tERROR tune_controller.py:1331 -- Trial task failed for trial "
        "TorchTrainer_4c1e9_00000",
        "Traceback (most recent call last):",
        f'  File "{py}/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future',
        "    result = ray.get(future)",
        f'  File "{py}/ray/_private/worker.py", line 2661, in get',
        "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
        "ray.exceptions.RayTaskError(ImportError): \x1b[36mray::_Inner.train()\x1b[39m (pid=4411, "
        "ip=10.244.2.9, actor_id=2f8b4c1a0e3d9b7c6a5e4f3d02000000, repr=TorchTrainer)",
        f'  File "{py}/ray/train/_internal/backend_executor.py", line 642, in get_next_results',
        "    results = self.get_with_failure_handling(futures)",
        "ray.exceptions.RayTaskError(ImportError): \x1b[36mray::_RayTrainWorker__execute."
        "get_next()\x1b[39m (pid=2211, ip=10.244.5.17, actor_id=9c0d1e2f3a4b5c6d7e8f9a0b02000000, "
        "repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f3a1c2b8e50>)",
    ]
    drv += traceback(frames, err)[1:]
    drv += [
        "",
        "Training errored after 0 iterations at 2024-08-27 14:03:42. Total running time: 1min 19s",
        "Error file: /tmp/ray/session_2024-08-27_13-58-40_118231_1/artifacts/2024-08-27_14-02-23/"
        "TorchTrainer_2024-08-27_14-02-23/driver_artifacts/TorchTrainer_4c1e9_00000_0_2024-08-27_"
        "14-02-23/error.txt",
        "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the "
        "previous error messages for a cause. After fixing the issue (assuming that the error is "
        "not caused by your own application logic, but rather an error such as OOM), you can "
        "restart the run from scratch or continue this run.",
        "2024-08-27 14:03:43,887\tERROR job_manager.py:949 -- Job 'raysubmit_Xv7kq2LmT3' failed",
    ]
    b.add(head, "logs/job-driver-raysubmit_Xv7kq2LmT3.log", drv)
    b.add(
        head,
        "pip_freeze.txt",
        [
            "accelerate==0.33.0",
            "datasets==2.21.0",
            "einops==0.8.0",
            "flash-attn @ file:///wheels/flash_attn-2.5.8%2Bcu122torch2.3cxx11abiFALSE-cp310-cp310-"
            "linux_x86_64.whl",
            "numpy==1.26.4",
            "nvidia-nccl-cu12==2.20.5",
            "ray==2.34.0",
            "safetensors==0.4.4",
            "torch==2.4.0",
            "transformers==4.44.2",
            "triton==3.0.0",
        ],
    )
    for w in workers:
        for lr in range(8):
            pid = rng.randint(1200, 9000)
            wid = hexid(rng, 56)
            lines = [
                ":job_id:02000000",
                ":actor_name:RayTrainWorker",
                f"{t0 + sec(74):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)}\tINFO config.py:58 -- "
                f"Setting up process group for: env:// [rank={workers.index(w) * 8 + lr}, "
                "world_size=24]",
            ]
            lines += traceback(frames, err)
            b.add(w, f"logs/worker-{wid}-02000000-{pid}.err", lines)
        b.add(
            w,
            "logs/raylet.out",
            [
                f"[{t0 + sec(72):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)} I 61 61] (raylet) "
                "worker_pool.cc:512: Started worker process with pid 2211, the token is 14",
                f"[{t0 + sec(83):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)} I 61 61] (raylet) "
                "node_manager.cc:1493: NodeManager::DisconnectClient, disconnect_type=3, has "
                "creation task exception = true",
                f"[{t0 + sec(83):%Y-%m-%d %H:%M:%S},{rng.randint(100, 999)} I 61 61] (raylet) "
                "node_manager.cc:1597: Driver (pid=4411) is disconnected. worker_id="
                + hexid(rng, 56),
            ],
        )
    b.label(
        "dependency",
        "framework",
        None,
        None,
        "stop",
        "All 24 Ray Train workers on all three GPU pods fail importing flash_attn_2_cuda with an "
        "undefined c10 symbol: the image ships a flash-attn wheel built for torch 2.3 next to "
        "torch 2.4.0, a job-wide library mismatch that no restart will fix.",
        "https://github.com/Dao-AILab/flash-attention/issues/966",
        "same ImportError on every node; Ray driver/worker logs; pip freeze",
    )
    return b


# --------------------------------------------------------------------------------------
# u13 FSDP2 script: a leftover process from another user holds 61 GiB on two GPUs of one node
# --------------------------------------------------------------------------------------


def u13(rng: random.Random) -> Bundle:
    b = Bundle("u13_fsdp2_leftover_process_gpu_memory")
    hosts = ["sc-gpu-0712", "sc-gpu-0713", "sc-gpu-0715", "sc-gpu-0718"]
    job = Job(rng, hosts, gpn=8, ifname="ibs3")
    bad = "sc-gpu-0715"
    ghost = 3318821
    t0 = dt("2025-02-10 07:45:13")
    t_oom = t0 + sec(48.7)
    for h in hosts:
        out = job.agent_start(h, t0, "fsdp2_pretrain.py", 4, "sc-gpu-0712:29400")
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        for lr in range(8):
            r = job.rank(h, lr)
            out.append(
                f"[rank{r}]:{ts_py(t0 + sec(40 + lr * 0.02))} [fsdp2_pretrain] INFO building "
                "model on meta device: 13.0B params, 40 layers"
            )
            out.append(
                f"[rank{r}]:{ts_py(t0 + sec(41 + lr * 0.02))} [fsdp2_pretrain] INFO "
                "fully_shard(mesh=DeviceMesh('cuda', [0..31], mesh_dim_names=('dp_shard',)), "
                "reshard_after_forward=True, mp_policy=MixedPrecisionPolicy(param_dtype="
                "torch.bfloat16, reduce_dtype=torch.float32))"
            )
            if h == bad and lr in (2, 3):
                frames = [
                    ("/mnt/home/llmops/train/fsdp2_pretrain.py", 402, "<module>", "main(cfg)"),
                    (
                        "/mnt/home/llmops/train/fsdp2_pretrain.py",
                        241,
                        "main",
                        'model.to_empty(device="cuda")',
                    ),
                    (f"{SITE}/torch/nn/modules/module.py", 1178, "to_empty", "return self._apply("),
                    (f"{SITE}/torch/nn/modules/module.py", 900, "_apply", "module._apply(fn)"),
                    (
                        f"{SITE}/torch/nn/modules/module.py",
                        927,
                        "_apply",
                        "param_applied = fn(param)",
                    ),
                    (
                        f"{SITE}/torch/nn/modules/module.py",
                        1179,
                        "<lambda>",
                        "lambda t: torch.empty_like(t, device=device), recurse=recurse",
                    ),
                ]
                out += traceback(
                    frames,
                    f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU "
                    f"{lr} has a total capacity of 79.10 GiB of which 1.31 GiB is free. Process "
                    f"{ghost} has 61.42 GiB memory in use. Including non-PyTorch memory, this "
                    "process has 16.33 GiB memory in use. Of the allocated memory 14.87 GiB is "
                    "allocated by PyTorch, and 612.50 MiB is reserved by PyTorch but unallocated. "
                    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF="
                    "expandable_segments:True to avoid fragmentation.  See documentation for Memory "
                    "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-"
                    "variables)",
                    f"[rank{r}]:",
                )
        if h == bad:
            out += job.agent_failure(h, t_oom + sec(1.5), [(2, 1), (3, 1)], "fsdp2_pretrain.py")
        else:
            for lr in range(8):
                r = job.rank(h, lr)
                out += job.watchdog_timeout(
                    r, t0 + sec(642 + lr * 0.02), 2, op="_ALLGATHER_BASE", numel=163840000
                )
            out += job.agent_failure(
                h, t0 + sec(645), [(lr, -6) for lr in range(8)], "fsdp2_pretrain.py"
            )
        b.add(h, "torchrun.out", out)
        procs = [
            (
                g,
                job.pid[job.rank(h, g)],
                "/usr/bin/python3",
                16722 if h == bad else rng.randint(17000, 21000),
            )
            for g in range(8)
        ]
        over = {}
        if h == bad:
            procs += [(2, ghost, "python3", 62896), (3, ghost, "python3", 62896)]
            over = {2: {"mem": 79604, "util": 0}, 3: {"mem": 79618, "util": 0}}
            procs.sort()
        b.add(h, "nvidia-smi.txt", nvidia_smi_table(rng, t_oom + sec(20), procs=procs, over=over))
    b.add(
        bad,
        "ps_aux_gpu.txt",
        [
            "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
            f"jchen    {ghost}  0.0  1.9 91828340 40122880 ?  Dl   Feb07   0:41 python3 "
            "/home/jchen/sweeps/eval_ckpt.py --ckpt /lustre/jchen/runs/moe-a2/step_18000 --tp 2",
            f"llmops   {job.pid[job.rank(bad, 0)]}  99.1  0.9 61233012 19988312 ?  Rl   07:45   0:52 "
            "/usr/bin/python3 -u fsdp2_pretrain.py --config cfg/13b.yaml",
            f"llmops   {job.pid[job.rank(bad, 1)]}  99.0  0.9 61233116 19988044 ?  Rl   07:45   0:52 "
            "/usr/bin/python3 -u fsdp2_pretrain.py --config cfg/13b.yaml",
        ],
    )
    b.add(
        bad,
        "squeue_node.txt",
        [
            "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
            "           5512231       h100 fsdp2-13     llmops  R       1:09      4 sc-gpu-[0712-0713,0715,0718]",
        ],
    )
    b.label(
        "oom",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "Only ranks 18 and 19 (sc-gpu-0715 GPUs 2-3) run out of memory while materialising the "
        "model, and the OOM message names process 3318821 holding 61 GiB: a stale eval job of "
        "another user from Feb 7 that nvidia-smi and ps still show on that node.",
        "https://github.com/apache/mxnet/issues/4242",
        "foreign process in the OOM text and nvidia-smi on one node only",
    )
    return b


# --------------------------------------------------------------------------------------
# u14 Lightning Fabric + torch.compile: /tmp full on one node
# --------------------------------------------------------------------------------------


def u14(rng: random.Random) -> Bundle:
    b = Bundle("u14_fabric_compile_tmp_full_one_node")
    hosts = ["trn-a3-017", "trn-a3-018", "trn-a3-022", "trn-a3-023"]
    job = Job(rng, hosts, gpn=8, ifname="enp6s0")
    bad = "trn-a3-022"
    t0 = dt("2024-10-21 19:30:44")
    t_err = t0 + sec(212)
    py = "/opt/conda/lib/python3.11/site-packages"
    for h in hosts:
        out = job.agent_start(h, t0, "train_fabric.py", 4, "trn-a3-017:29500")
        out += [
            f"[rank{job.rank(h, lr)}]:Initializing distributed: GLOBAL_RANK: {job.rank(h, lr)}, "
            f"MEMBER: {job.rank(h, lr) + 1}/32"
            for lr in range(8)
        ]
        out += job.nccl_init(h, prefix="[rank{rank}]:")
        for lr in range(8):
            r = job.rank(h, lr)
            out.append(
                f"[rank{r}]:[{ts_py(t0 + sec(70))}] INFO compiling model with "
                "torch.compile(mode='max-autotune-no-cudagraphs')"
            )
            if h == bad:
                cache = (
                    f"/tmp/torchinductor_svc-train/fxgraph/{hexid(rng, 2)}/"
                    f"f{hexid(rng, 51)}/.{rng.randint(100000, 999999)}.tmp"
                )
                out += traceback(
                    [
                        ("/srv/train/train_fabric.py", 318, "<module>", "main()"),
                        (
                            "/srv/train/train_fabric.py",
                            276,
                            "main",
                            "loss = train_step(model, batch)",
                        ),
                        (
                            f"{py}/torch/_dynamo/eval_frame.py",
                            465,
                            "_fn",
                            "return fn(*args, **kwargs)",
                        ),
                        (
                            f"{py}/torch/_dynamo/convert_frame.py",
                            1269,
                            "__call__",
                            "return self._torchdynamo_orig_callable(",
                        ),
                        (
                            f"{py}/torch/_dynamo/output_graph.py",
                            1446,
                            "_call_user_compiler",
                            "raise BackendCompilerFailed(self.compiler_fn, e) from e",
                        ),
                    ],
                    "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:\n"
                    f"OSError: [Errno 28] No space left on device: '{cache}'\n\nSet "
                    'TORCH_LOGS="+dynamo" and TORCHDYNAMO_VERBOSE=1 for more information\n\n\nYou '
                    "can suppress this exception and fall back to eager by setting:\n    import "
                    "torch._dynamo\n    torch._dynamo.config.suppress_errors = True",
                    f"[rank{r}]:",
                )
            else:
                out.append(f"[rank{r}]:[{ts_py(t0 + sec(205))}] INFO compile done in 134.8s")
        if h == bad:
            out += job.agent_failure(
                h, t_err + sec(1), [(lr, 1) for lr in range(8)], "train_fabric.py"
            )
        else:
            for lr in range(8):
                out += job.watchdog_timeout(job.rank(h, lr), t_err + sec(598 + lr * 0.03), 6)
            out += job.agent_failure(
                h, t_err + sec(601), [(lr, -6) for lr in range(8)], "train_fabric.py"
            )
        b.add(h, "fabric_console.log", out)
        root_used = (199, 0, "100%") if h == bad else (rng.randint(70, 90), 0, "")
        used = root_used[0]
        b.add(
            h,
            "df_h.txt",
            [
                "Filesystem                  Size  Used Avail Use% Mounted on",
                "tmpfs                       202G  4.1M  202G   1% /run",
                f"/dev/nvme0n1p1              200G  {used}G  {200 - used}G  {used * 100 // 200}% /",
                "tmpfs                      1008G   20K 1008G   1% /dev/shm",
                "tmpfs                       5.0M     0  5.0M   0% /run/lock",
                "/dev/nvme0n1p15             105M  6.1M   99M   6% /boot/efi",
                "/dev/md0                     28T  9.3T   19T  34% /scratch",
                "weka01:/llm                 1.9P  1.1P  812T  58% /mnt/weka",
            ],
        )
        if h == bad:
            b.add(
                h,
                "du_tmp.txt",
                [
                    "181G\t/tmp",
                    "173G\t/tmp/core.python3.2210481",
                    "4.9G\t/tmp/torchinductor_svc-train",
                    "2.1G\t/tmp/ray",
                    "96M\t/tmp/tmpq8k1z_3a",
                ],
            )
        ev = kernel_noise(rng, t0 - sec(3600), t_err + sec(700), 25)
        if h == bad:
            ev.append(
                (
                    t0 - sec(18000),
                    "python3[2210481]: segfault at 0 ip 00007f1c2e9a4b21 sp "
                    "00007ffd5c1e8a40 error 4 in libc.so.6[7f1c2e800000+195000] likely on CPU 91 "
                    "(core 27, socket 1)",
                )
            )
        b.add(h, "dmesg.txt", render_dmesg_t(ev))
    b.label(
        "storage",
        "infrastructure",
        bad,
        None,
        "restart_without_node",
        "All eight ranks of trn-a3-022 fail compiling with 'OSError: [Errno 28] No space left on "
        "device' under /tmp; df shows that node's root filesystem at 100% (a 173 GB core dump "
        "from an earlier crash) while the other nodes have room and only time out.",
        "https://github.com/pytorch/pytorch/issues/121122",
        "node-local disk full on one node; df/du evidence; inductor cache path",
    )
    return b


# --------------------------------------------------------------------------------------
# u15 torchtitan 70B, Loki export: every rank OOMs at step 1 with identical numbers
# --------------------------------------------------------------------------------------


def u15(rng: random.Random) -> Bundle:
    b = Bundle("u15_loki_titan_config_oom_every_rank")
    hosts = [f"ip-10-2-33-{x}" for x in (14, 27, 41, 58, 66, 79, 93, 102)]
    job = Job(
        rng,
        hosts,
        gpn=8,
        ips={h: h[3:].replace("-", ".") for h in hosts},
        ifname="enp71s0",
        hcas=[],
    )
    t0 = dt("2024-06-04 09:58:31")
    for h in hosts:
        recs = []

        def emit(t, line, rank=None, h=h, recs=recs):
            labels = {
                "app": "torchtitan",
                "cluster": "p5-use1",
                "host": h,
                "job": "llama70b-sweep-17",
                "stream": "stderr",
            }
            if rank is not None:
                labels["rank"] = str(rank)
            recs.append(
                (
                    t,
                    json.dumps(
                        {
                            "labels": labels,
                            "line": line,
                            "timestamp": ts_iso(t, 6)[:-1] + f"{rng.randint(0, 999):03d}Z",
                        },
                        separators=(",", ":"),
                    ),
                )
            )

        for line in job.agent_start(h, t0, "-m torchtitan.train", 8, "ip-10-2-33-14:29500"):
            emit(t0 + sec(0.5), line)
        for i, line in enumerate(job.nccl_init(h, prefix="[rank{rank}]:", net="Socket")):
            emit(t0 + sec(30 + i * 0.0005), line)
        for lr in range(8):
            r = job.rank(h, lr)
            tt = t0 + sec(20 + lr * 0.04)
            for msg in [
                "Starting job: Llama 3 70B training (sweep 17: seq_len=8192, local_batch_size=4)",
                "Building 1-D device mesh with ['dp_shard'], [64]",
                "Building llama3 70B with ModelArgs(dim=8192, n_layers=80, n_heads=64, "
                "n_kv_heads=8, vocab_size=128256, multiple_of=4096, ffn_dim_multiplier=1.3, "
                "norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True)",
                "Model llama3 70B size: 70,553,706,496 total parameters",
                "Activation checkpointing mode: none",
                "Applied FSDP to the model",
                "CUDA memory usage for model: 15.84GiB(20.02%)",
                "Training starts at step 1, with local batch size 4, global batch size 256, "
                "sequence length 8192, total steps 3000 (warmup 200)",
            ]:
                emit(tt, titan(r, tt, "INFO", msg), r)
                tt += sec(rng.uniform(0.5, 3))
            te = t0 + sec(88 + rng.uniform(0, 1.5))
            tb = traceback(
                [
                    (f"{SITE}/torchtitan/train.py", 543, "<module>", "trainer.train()"),
                    (
                        f"{SITE}/torchtitan/train.py",
                        431,
                        "train",
                        "self.train_step(inputs, labels)",
                    ),
                    (f"{SITE}/torchtitan/train.py", 368, "train_step", "loss.backward()"),
                    (f"{SITE}/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                    (
                        f"{SITE}/torch/autograd/graph.py",
                        825,
                        "_engine_run_backward",
                        "return Variable._execution_engine.run_backward(",
                    ),
                ],
                f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU {lr} "
                "has a total capacity of 79.11 GiB of which 2.04 GiB is free. Including non-PyTorch "
                "memory, this process has 77.05 GiB memory in use. Of the allocated memory 71.63 "
                "GiB is allocated by PyTorch, and 4.02 GiB is reserved by PyTorch but unallocated. "
                "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF="
                "expandable_segments:True to avoid fragmentation.  See documentation for Memory "
                "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
                f"[rank{r}]:",
            )
            for i, line in enumerate(tb):
                emit(te + sec(i * 0.0001), line, r)
        for i, line in enumerate(
            job.agent_failure(h, t0 + sec(92), [(lr, 1) for lr in range(8)], "torchtitan.train")
        ):
            emit(t0 + sec(92 + i * 0.0001), line)
        recs.sort(key=lambda x: x[0])
        b.add(h, "loki_export.jsonl", [x[1] for x in recs], gz=h.endswith(("41", "93")))
    b.label(
        "oom",
        "framework",
        None,
        None,
        "stop",
        "All 64 ranks on all eight nodes hit the same CUDA OOM in the first backward (3.91 GiB "
        "requested, ~77 GiB in use) with seq_len 8192, local batch 4 and activation "
        "checkpointing off: the job's own memory footprint is too large, so it must be "
        "reconfigured rather than restarted.",
        "https://github.com/hiyouga/LlamaFactory/issues/4026",
        "identical OOM on every rank at step 1; Loki logcli JSON lines with the message in 'line'",
    )
    return b


CASES = [u11, u12, u13, u14, u15]
