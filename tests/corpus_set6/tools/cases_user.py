"""v31-v35: deterministic user errors recognised by message, even under a generic RuntimeError."""

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
    smi_q,
)


def v31_shape_mismatch_accelerate(rng):
    b = Bundle()
    hosts = ["ml-gpu-017", "ml-gpu-023"]
    job = Job(rng, hosts, subnet="10.70")
    t0 = T("2024-10-15 12:00:01")
    for n, h in enumerate(hosts):
        lines = [
            "%s - INFO - __main__ - Distributed environment: MULTI_GPU  Backend: nccl" % pylog(t0),
            "%s - INFO - __main__ - Num processes: 16, Process index: %d, Local process index: 0, Device: cuda:0"
            % (pylog(t0), n * 8),
            "%s - WARNING - transformers.modeling_utils - Some weights of LlamaForCausalLM were not initialized from the model checkpoint and are newly initialized: ['adapter.up.weight']"
            % pylog(t0 + sec(40)),
        ]
        for l in range(8):
            lines += py_tb(
                [
                    ("/home/ds/ft/run_ft.py", 301, "<module>", "main()"),
                    ("/home/ds/ft/run_ft.py", 254, "main", "outputs = model(**batch)"),
                    (
                        "/home/ds/ft/adapters.py",
                        61,
                        "forward",
                        "return x + self.up(self.act(self.down(x)))",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/linear.py",
                        125,
                        "forward",
                        "return F.linear(input, self.weight, self.bias)",
                    ),
                ],
                "RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x5120 and 4096x256)",
            )
        tt = t0 + sec(52)
        lines += job.elastic_failure(
            n, tt, [(job.rank(n, l), l, 1, tt, None) for l in range(8)], script="run_ft.py"
        )
        b.add("%s/accelerate_launch.log" % h, lines)
    b.add(
        "job/config.yaml",
        [
            "model_name_or_path: /models/llama-13b",
            "adapter:",
            "  hidden_size: 4096   # from the 7B recipe",
            "  bottleneck: 256",
            "per_device_train_batch_size: 4",
            "max_seq_len: 4096",
        ],
    )
    b.set_label(
        "user_code",
        "script",
        "stop",
        "All 16 ranks fail on the first forward pass with 'mat1 and mat2 shapes cannot be multiplied (16384x5120 and 4096x256)' in the "
        "user's adapter: the config keeps hidden_size 4096 from a 7B recipe while the 13B model is 5120 wide. Deterministic.",
        "https://github.com/patrickloeber/pytorch-chatbot/issues/12",
    )
    return b


def v32_ray_cuda_oom_first_step(rng):
    b = Bundle()
    ips = ["10.128.%d.%d" % (rng.randrange(0, 16), rng.randrange(2, 250)) for _ in range(3)]
    hosts = [
        "raycluster-gpu-head-%s" % "x8f2k",
        "raycluster-gpu-worker-%s" % "q2l9z",
        "raycluster-gpu-worker-%s" % "t7n4c",
    ]
    job = Job(rng, hosts, ips=ips, iface="eth0")
    t0 = T("2024-05-28 18:30:00")
    out = [
        "%s\tINFO trainer.py -- train_loop_config={'model': 'llama-3-8b', 'micro_batch_size': 16, 'seq_len': 8192, 'activation_checkpointing': False, 'fsdp': 'FULL_SHARD'}"
        % pylog(t0)
    ]
    pairs = []
    for n in range(3):
        for l in range(8):
            t = t0 + sec(95 + rng.uniform(0, 4))
            free = rng.uniform(0.4, 2.9)
            pre = "(RayTrainWorker pid=%d, ip=%s) " % (job.pid(n, l), ips[n])
            pairs.append(
                (
                    t,
                    pre
                    + "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.83 GiB. GPU %d has a total capacity of 79.15 GiB of which %.2f GiB is free. "
                    "Process %d has %.2f GiB memory in use. Of the allocated memory 68.40 GiB is allocated by PyTorch, and 1.91 GiB is reserved by PyTorch but unallocated."
                    % (0, free, job.pid(n, l), 79.15 - free),
                )
            )
    out += merge_sorted(pairs)
    out += [
        "%s\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_a9f31_00000"
        % pylog(t0 + sec(101)),
        "ray.exceptions.RayTaskError(OutOfMemoryError): ray::_RayTrainWorker__execute.get_next() (pid=%d, ip=%s)"
        % (job.pid(1, 3), ips[1]),
        "Training errored after 0 iterations at %s. Total running time: 1min 41s"
        % (t0 + sec(101)).strftime("%Y-%m-%d %H:%M:%S"),
    ]
    b.add("%s/job-driver.log" % hosts[0], out)
    for n, h in enumerate(hosts):
        b.add(
            "%s/nvidia-smi-q.txt" % h,
            smi_q(h, t0 + sec(200), override={g: {"util": 0} for g in range(8)}, uuid_seed=n + 120),
        )
    b.set_label(
        "oom",
        "framework",
        "stop",
        "All 24 Ray Train workers on three nodes hit CUDA OOM on the first step, each wanting 7.8 GiB more with ~77 GiB in use: an 8B model "
        "at micro-batch 16 x 8192 tokens without activation checkpointing does not fit. Configuration, not hardware.",
        "https://github.com/deepspeedai/DeepSpeed/issues/192",
    )
    return b


def v33_lightning_resume_missing_keys(rng):
    b = Bundle()
    hosts = ["gpu%03d" % i for i in (41, 42)]
    job = Job(rng, hosts, gpus=4, subnet="10.41")
    t0 = T("2024-01-19 08:12:03")
    for n, h in enumerate(hosts):
        lines = [
            "%d: Restoring states from the checkpoint path at /scratch/run17/checkpoints/last.ckpt"
            % n
        ]
        for l in range(4):
            r = job.rank(n, l)
            lines += prefixed(
                "%d: [rank: %d] " % (n, r),
                py_tb(
                    [
                        (
                            "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/checkpoint_connector.py",
                            395,
                            "restore_model",
                            "self.trainer.strategy.load_model_state_dict(self._loaded_checkpoint, strict=self.trainer.lightning_module.strict_loading)",
                        ),
                        (
                            "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py",
                            2215,
                            "load_state_dict",
                            "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                        ),
                    ],
                    [
                        "RuntimeError: Error(s) in loading state_dict for SegFormerModule:",
                        '\tMissing key(s) in state_dict: "decoder.fuse.0.weight", "decoder.fuse.1.weight", "decoder.fuse.1.bias", "decoder.fuse.1.running_mean", "decoder.fuse.1.running_var". ',
                        '\tUnexpected key(s) in state_dict: "decoder.linear_fuse.weight", "decoder.linear_fuse.bias", "decoder.bn.weight", "decoder.bn.bias". ',
                    ],
                ),
            )
        lines.append(
            "%d: srun: error: %s: tasks %d-%d: Exited with exit code 1" % (n, h, n * 4, n * 4 + 3)
        )
        b.add("%s/slurm-88123.out" % h, lines)
    b.add(
        "job/git_log.txt",
        [
            "commit 4be1e07 (HEAD) refactor decoder: rename linear_fuse/bn -> fuse Sequential",
            "commit 91c0d2a run17: baseline",
        ],
    )
    b.set_label(
        "user_code",
        "script",
        "stop",
        "Every rank fails while restoring last.ckpt with missing/unexpected state-dict keys: the decoder was refactored after the checkpoint "
        "was written (linear_fuse/bn renamed to fuse.*). Restarting reproduces it; the user must map keys or load non-strictly.",
        "https://github.com/DrSleep/DenseTorch/issues/14",
    )
    return b


def v34_deepspeed_batch_config(rng):
    b = Bundle()
    hosts = ["hpc-a%02d" % i for i in (1, 2, 6)]
    job = Job(rng, hosts, subnet="10.16")
    t0 = T("2024-03-04 22:00:10")
    lines = []
    for n, h in enumerate(hosts):
        lines.append(
            "%s: [%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)"
            % (h, pylog(t0))
        )
        lines.append(
            "%s: [%s] [WARNING] [config_utils.py:69:_process_deprecated_field] Config parameter cpu_offload is deprecated use offload_optimizer instead"
            % (h, pylog(t0 + sec(1)))
        )
    for n, h in enumerate(hosts):
        for l in range(8):
            lines += prefixed(
                "%s: " % h,
                py_tb(
                    [
                        (
                            "/data/code/finetune.py",
                            188,
                            "main",
                            "model_engine, optimizer, _, _ = deepspeed.initialize(args=args, model=model, model_parameters=params)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py",
                            961,
                            "_batch_assertion",
                            "assert train_batch == micro_batch * grad_acc * self.world_size, (",
                        ),
                    ],
                    "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 8 * 24",
                ),
            )
        lines.append(
            "%s: [%s] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'finetune.py', '--local_rank=7', '--deepspeed_config', 'ds_config.json'] exits with return code = 1"
            % (h, pylog(t0 + sec(30)))
        )
    b.add("hpc-a01/deepspeed_pdsh.log", lines)
    b.add(
        "job/ds_config.json",
        [
            "{",
            '  "train_batch_size": 512,',
            '  "train_micro_batch_size_per_gpu": 4,',
            '  "gradient_accumulation_steps": 8,',
            '  "zero_optimization": {"stage": 2, "cpu_offload": false}',
            "}",
        ],
    )
    b.set_label(
        "user_code",
        "script",
        "stop",
        "DeepSpeed refuses the config on all 24 ranks: train_batch_size 512 != 4 x 8 x 24 (the recipe was written for 16 GPUs). A configuration error.",
        "https://github.com/deepspeedai/DeepSpeed/issues/6914",
    )
    return b


def v35_dtype_mismatch_skypilot(rng):
    b = Bundle()
    hosts = [
        "sky-3f2a-ml-head",
        "sky-3f2a-ml-worker1",
        "sky-3f2a-ml-worker2",
        "sky-3f2a-ml-worker3",
    ]
    job = Job(rng, hosts, subnet="10.164", iface="ens5")
    t0 = T("2025-05-20 09:44:00")
    for n, h in enumerate(hosts):
        role = "head" if n == 0 else "worker%d" % n
        pre = "(%s, rank=%d, pid=%d, ip=%s) " % (role, n, job.agent_pid[n], job.ips[n])
        lines = [
            pre
            + "NCCL INFO NET/Plugin: Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory",
            pre
            + "/opt/conda/lib/python3.11/site-packages/torch/utils/checkpoint.py:92: UserWarning: None of the inputs have requires_grad=True. Gradients will be None",
            pre
            + "[W%s ProcessGroupNCCL.cpp:4718] [PG ID 0 PG GUID 0 Rank %d]  using GPU 0 to perform barrier as devices used by this process are currently unknown."
            % (glog(t0, "W")[1:], n * 8),
        ]
        for l in range(8):
            r = job.rank(n, l)
            lines += prefixed(
                pre + "[rank%d]: " % r,
                py_tb(
                    [
                        (
                            "/home/sky/sky_workdir/train_rm.py",
                            140,
                            "compute_loss",
                            "rewards = self.value_head(hidden_states)",
                        ),
                        (
                            "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/linear.py",
                            125,
                            "forward",
                            "return F.linear(input, self.weight, self.bias)",
                        ),
                    ],
                    "RuntimeError: expected mat1 and mat2 to have the same dtype, but got: c10::BFloat16 != float",
                ),
            )
        lines.append(
            pre
            + "E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/conda/bin/python3"
            % (glog(t0 + sec(70), "E")[1:], job.agent_pid[n], job.pid(n, 0))
        )
        b.add("%s/run.log" % h, lines)
    b.add(
        "job/sky_queue.txt",
        [
            "ID  NAME      SUBMITTED   STARTED     DURATION  RESOURCES           STATUS  LOG",
            "7   rm-train  5 mins ago  4 mins ago  1m 12s    4x[H100:8]          FAILED  ~/sky_logs/sky-2025-05-20-09-42-51-118231",
        ],
    )
    b.set_label(
        "user_code",
        "script",
        "stop",
        "All 32 ranks fail in the reward-model value head with a bf16/float32 dtype mismatch (the head was created in fp32 outside the "
        "autocast/bf16 cast). The NCCL plugin message and the checkpoint/barrier warnings are benign.",
        "https://github.com/shibing624/MedicalGPT/issues/456",
    )
    return b


CASES = [
    v31_shape_mismatch_accelerate,
    v32_ray_cuda_oom_first_step,
    v33_lightning_resume_missing_keys,
    v34_deepspeed_batch_config,
    v35_dtype_mismatch_skypilot,
]
