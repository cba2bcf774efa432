"""User code / data / config errors and framework-level OOM."""

from scenario import *  # noqa
from cases_gpu import dmesg_boot_noise

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


# ============================================================================
@case
def c33(rng):
    b = Bundle("c33_illegal_memory_access_user_kernel_two_attempts")
    groups = [
        ["gpu-f-301", "gpu-f-302", "gpu-f-307", "gpu-f-311"],
        ["gpu-f-302", "gpu-f-315", "gpu-f-316", "gpu-f-319"],
    ]
    t0s = [T("2024-09-02 12:00:40"), T("2024-09-02 15:02:19")]
    culprit_rank = [27, 5]
    for att in range(2):
        hosts = groups[att]
        ips = ["10.66.3.%d" % int(h[-3:]) for h in hosts]
        job = Job(
            b,
            rng,
            hosts,
            ips,
            t0s[att],
            attempt=att,
            script="train.py",
            nccl_version="2.21.5+cuda12.4",
            rank_file=lambda hi, l, r: "rank%d.log" % r,
            agent_file="torchrun.log",
        )
        job.startup()
        start = 0 if att == 0 else 4000
        t = t0s[att] + sec(160)
        for step in range(start + 50, 4113, 50):
            t += sec(50 * 2.05 * (1 + rng.uniform(-0.01, 0.01)))
            job.logs[(0, 0)].append(
                "%s [train] step %d loss %.4f lr %.2e" % (pylog(t), step, 2.7 - step * 0.0001, 3e-4)
            )
        if att == 1:
            job.logs[(0, 0)].insert(
                0,
                "%s [ckpt] resumed from /ckpt/run-88/step_4000 (data loader state restored: epoch 0, "
                "sample offset 8192000)" % pylog(t0s[att] + sec(90)),
            )
        t_fault = t + sec(13 * 2.05 + 0.7)
        r = culprit_rank[att]
        hi, l = job.where(r)
        h = hosts[hi]
        job.logs[(hi, l)] += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    ("/home/lee/llm/train.py", 512, "<module>", "main()"),
                    ("/home/lee/llm/train.py", 433, "main", "loss = model(batch).loss"),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py",
                        1553,
                        "_call_impl",
                        "return forward_call(*args, **kwargs)",
                    ),
                    (
                        "/home/lee/llm/model/attention.py",
                        141,
                        "forward",
                        "q, k = fused_rope(q, k, cos_sin_cache, position_ids)",
                    ),
                    (
                        "/home/lee/llm/kernels/fused_rope.py",
                        88,
                        "fused_rope",
                        "_rope_fwd_kernel[grid](q, k, cache, pos, q.stride(0), q.stride(1), BLOCK=64)",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/triton/runtime/jit.py",
                        345,
                        "<lambda>",
                        "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/triton/backends/nvidia/driver.py",
                        365,
                        "__call__",
                        "self.launch(*args, **kwargs)",
                    ),
                ],
                "RuntimeError: Triton Error [CUDA]: an illegal memory access was encountered",
            )
        ]
        job.logs[(hi, l)] += watchdog_cuda_error_block(
            r, t_fault + ms(900), "an illegal memory access was encountered", rng=rng
        )
        died = {r: t_fault + ms(1200)}
        died.update(
            job.watchdog_cascade(
                t_fault - ms(300),
                9300 + att,
                "ALLREDUCE",
                (1, 1),
                skip=[job.rank(hi, x) for x in range(8)],
            )
        )
        job.agents_after(died, exitcodes={r: -6})
        job.emit()
        boot = t0s[0] - sec(86400 * 4 + att * 999)
        b.add(
            h,
            "dmesg.txt",
            dmesg_boot_noise(boot, h, "T", rng)
            + [
                dmesg_T(t_fault)
                + " NVRM: Xid (PCI:0000:%s:00): 31, pid=%d, name=python, Ch 00000008, intr 00000000. MMU Fault: ENGINE "
                "GRAPHICS GPCCLIENT_T1_%d faulted @ 0x7f3e_%08x. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                % (busid(l)[:2], job.pids[h][l], rng.randint(0, 15), rng.randint(0, 0xFFFFFFFF))
            ],
            attempt=att,
        )
    b.set_label(
        "user_code",
        "script",
        None,
        "stop",
        "Both attempts crash at step 4113 with an illegal memory access inside the user's own Triton kernel "
        "(kernels/fused_rope.py), first on rank 27 (gpu-f-307) then, after resuming with a different node set and "
        "data-loader state, on rank 5 (gpu-f-302). The Xid 31 MMU faults are the app's bad pointer, not hardware.",
        "https://github.com/axolotl-ai-cloud/axolotl/issues/1473",
        "Illegal memory access + Xid 31 look like hardware but recur at the same step on different nodes: a code bug.",
    )
    return b


# ============================================================================
@case
def c34(rng):
    b = Bundle("c34_python_exception_one_rank_watchdog_flood")
    hosts = ["gpu-g-%02d" % i for i in (3, 4, 5, 6, 9, 10, 11, 12)]
    ips = ["10.81.0.%d" % i for i in (3, 4, 5, 6, 9, 10, 11, 12)]
    t0 = T("2024-10-15 21:30:30")
    job = Job(
        b, rng, hosts, ips, t0, script="sft.py", nccl_version="2.21.5+cuda12.4", agent_file=None
    )
    job.startup()
    job.mark()
    t = t0 + sec(210)
    for step in range(20, 7020, 20):
        t += sec(20 * 1.77 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}"
            % (
                1.31 - step * 0.00003 + rng.uniform(-0.03, 0.03),
                0.8 + rng.uniform(0, 0.4),
                1e-5,
                step / 9000,
            )
        )
    job.mark()
    t_fault = t + sec(11)
    bad = 37
    hi, l = job.where(bad)
    job.logs[(hi, l)] += rank_traceback(
        [
            ("/workspace/sft/sft.py", 219, "<module>", "trainer.train()"),
            (
                "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
                1938,
                "train",
                "return inner_training_loop(",
            ),
            (
                "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
                2236,
                "_inner_training_loop",
                "for step, inputs in enumerate(epoch_iterator):",
            ),
            (
                "/usr/local/lib/python3.10/dist-packages/accelerate/data_loader.py",
                454,
                "__iter__",
                "current_batch = next(dataloader_iter)",
            ),
            (
                "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py",
                630,
                "__next__",
                "data = self._next_data()",
            ),
            (
                "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py",
                673,
                "_next_data",
                "data = self._dataset_fetcher.fetch(index)  # may raise StopIteration",
            ),
            ("/workspace/sft/data/packing.py", 97, "__call__", "raise ValueError("),
        ],
        "ValueError: Packed sequence length 8193 exceeds max_position_embeddings=8192 (sample_id=88120311, "
        "source=cc-2023-50/part-000417.jsonl). Did you forget to truncate after appending the EOS token?",
    )
    died = {bad: t_fault + ms(400)}
    died.update(job.watchdog_cascade(t_fault - ms(1600), 21044, "ALLREDUCE", (1, 1), skip=[bad]))
    agents = job.agents_after(died, exitcodes={bad: 1})
    for x in range(len(hosts)):
        con = [
            "+ torchrun --nnodes 8 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-g-03:29400 sft.py --config sft_70b.yaml"
        ]
        con += job.agent[x][:4]
        con += node_console(job, x, rng)
        con += job.agent[x][4:]
        b.add(hosts[x], "stdout.log", con)
    b.set_label(
        "user_code",
        "script",
        None,
        "stop",
        "63 ranks flood watchdog all-reduce timeouts at ~01:10, but ten minutes earlier rank 37 on gpu-g-09 died with a "
        "ValueError from the user's packing collator (sequence 8193 > 8192, an off-by-one after EOS). A data/code bug, "
        "not the node: fix and resubmit.",
        "https://github.com/hiyouga/LlamaFactory/issues/7396",
        "Per-node merged torchrun consoles ([rankN]: prefixes); root cause is a Python exception on one rank.",
    )
    return b


# ============================================================================
@case
def c35(rng):
    b = Bundle("c35_dataloader_workers_oom_killed_config")
    hosts = ["cpu-heavy-gpu01", "cpu-heavy-gpu02", "cpu-heavy-gpu03", "cpu-heavy-gpu04"]
    ips = ["10.9.8.%d" % i for i in (1, 2, 3, 4)]
    t0 = T("2024-07-09 06:00:05")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train_vlm.py",
        nccl_version="2.20.5+cuda12.4",
        rank_file=lambda hi, l, r: "rank%d/stderr.log" % r,
        agent_file="torchrun.log",
    )
    job.startup(
        extra_rank0=lambda t: [
            "%s [cfg] dataloader: num_workers=16 prefetch_factor=8 persistent_workers=True "
            "dataset=InMemoryCaptionDataset(n=41,233,870, materialized=python-list)" % pylog(t)
        ]
    )
    t = t0 + sec(300)
    for step in range(50, 2950, 50):
        t += sec(50 * 2.6 * (1 + rng.uniform(-0.01, 0.01)))
        job.logs[(0, 0)].append(
            "%s [train] step %d loss %.4f host_mem_used=%.0f%%"
            % (pylog(t), step, 4.1 - step * 0.0004, 52 + step * 0.0152)
        )
    victims = [(2, 6, t + sec(17)), (0, 1, t + sec(49))]
    died = {}
    for hi, l, tv in victims:
        r = job.rank(hi, l)
        wpid = job.pids[hosts[hi]][l] + 400 + rng.randint(0, 90)
        job.logs[(hi, l)] += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    ("/opt/vlm/train_vlm.py", 388, "<module>", "main()"),
                    ("/opt/vlm/train_vlm.py", 301, "main", "for batch in loader:"),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py",
                        1327,
                        "_next_data",
                        "idx, data = self._get_data()",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py",
                        1133,
                        "_try_get_data",
                        "data = self._data_queue.get(timeout=timeout)",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py",
                        67,
                        "handler",
                        "_error_if_any_worker_fails()",
                    ),
                ],
                "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed." % wpid,
            )
        ]
        died[r] = tv + ms(300)
        boot = t0 - sec(86400 * 2)
        h = hosts[hi]
        k = dmesg_boot_noise(boot, h, "journal", rng)[:2]
        k += [
            journald(tv - ms(50), h)
            + " pt_data_worker invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0",
            journald(tv - ms(49), h)
            + " Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:71223844kB, anon-rss:12771804kB, file-rss:81344kB, shmem-rss:2107712kB, UID:20413 pgtables:31024kB oom_score_adj:0"
            % wpid,
            journald(tv + ms(200), h, "slurmstepd[%d]" % rng.randint(40000, 60000))
            + " error: Detected 1 oom_kill event in StepId=4452101.0. Some of the step tasks have been OOM Killed.",
        ]
        b.add(h, "kern.log", k)
    died.update(
        job.watchdog_cascade(
            victims[0][2] - sec(2),
            11621,
            "ALLREDUCE",
            (1, 1),
            skip=list(died.keys()) + [job.rank(h, l) for h in (0, 2) for l in range(8)],
        )
    )
    job.agents_after(died, exitcodes={job.rank(hi, l): 1 for hi, l, _ in victims})
    job.emit()
    for hi, h in enumerate(hosts):
        used = [97.8, 91.2, 98.9, 94.0][hi]
        b.add(
            h,
            "free.txt",
            [
                "$ free -g   # sampled by job monitor at %s" % victims[0][2].strftime("%H:%M:%S"),
                "               total        used        free      shared  buff/cache   available",
                "Mem:            2015        %4d          %2d          88          41          %2d"
                % (
                    int(2015 * used / 100),
                    int(2015 * (100 - used) / 100 * 0.5),
                    int(2015 * (100 - used) / 100),
                ),
                "Swap:              0           0           0",
            ],
        )
    b.set_label(
        "oom",
        "framework",
        None,
        "stop",
        "Host memory climbs steadily on all four nodes (91-99%) because 16 workers per rank each copy-on-read a "
        "41M-item Python list; the cgroup OOM killer takes a dataloader worker on gpu03 and then gpu01. A configuration "
        "problem (num_workers/prefetch/in-memory dataset) that will recur anywhere; not a bad node.",
        "https://github.com/pytorch/pytorch/issues/8976",
        "DataLoader workers OOM-killed on two nodes; all nodes near the limit -> config, stop.",
    )
    return b


# ============================================================================
@case
def c36(rng):
    b = Bundle("c36_missing_data_shard_megatron")
    hosts = ["dgx-b-%02d" % i for i in (2, 5, 6)]
    ips = ["10.50.0.%d" % i for i in (2, 5, 6)]
    t0 = T("2024-04-22 11:15:00")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="pretrain_gpt.py",
        nccl_version="2.19.3+cuda12.3",
        rank_file=lambda hi, l, r: "rank_%02d.out" % r,
        agent_file="agent.out",
    )
    job.startup(
        extra_rank0=lambda t: [
            "> building train, validation, and test datasets ...",
            " > datasets target sizes (minimum size):",
            "    train:      1536000000",
            "    validation: 15360000",
            "    test:       15360000",
            "INFO:megatron.core.datasets.blended_megatron_dataset_builder:Let split_matrix = [(0, 0.99), (0.99, 0.995), (0.995, 1.0)]",
            "INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /datasets/slimpajama/tok/arxiv_00016_text_document.idx",
            "INFO:megatron.core.datasets.indexed_dataset:\tExtract the sequence lengths",
            "INFO:megatron.core.datasets.indexed_dataset:\tExtract the sequence pointers",
            "INFO:megatron.core.datasets.indexed_dataset:\tExtract the document indices",
            "INFO:megatron.core.datasets.indexed_dataset:> total number of sequences: 1558306",
            "INFO:megatron.core.datasets.indexed_dataset:> total number of documents: 1558306",
        ]
    )
    t_fault = t0 + sec(96)
    died = {}
    for r in range(24):
        hi, l = job.where(r)
        lg = job.logs[(hi, l)]
        if r == 0:
            lg.append(
                "INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /datasets/slimpajama/tok/arxiv_00017_text_document.idx"
            )
        lg += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    ("/opt/megatron/pretrain_gpt.py", 281, "<module>", "pretrain("),
                    (
                        "/opt/megatron/megatron/training/training.py",
                        281,
                        "pretrain",
                        "= build_train_valid_test_data_iterators(",
                    ),
                    (
                        "/opt/megatron/megatron/core/datasets/blended_megatron_dataset_builder.py",
                        470,
                        "build_generic_dataset",
                        "dataset = cls(*args)",
                    ),
                    (
                        "/opt/megatron/megatron/core/datasets/indexed_dataset.py",
                        355,
                        "__init__",
                        "self.initialize(path_prefix, multimodal, mmap)",
                    ),
                    (
                        "/opt/megatron/megatron/core/datasets/indexed_dataset.py",
                        373,
                        "initialize",
                        "self.index = _IndexReader(get_idx_path(self.path_prefix), self.multimodal)",
                    ),
                    (
                        "/opt/megatron/megatron/core/datasets/indexed_dataset.py",
                        237,
                        "__init__",
                        'with open(idx_path, "rb") as stream:',
                    ),
                ],
                "FileNotFoundError: [Errno 2] No such file or directory: '/datasets/slimpajama/tok/arxiv_00017_text_document.idx'",
            )
        ]
        died[r] = t_fault + ms(rng.randint(0, 2500))
    job.agents_after(died, exitcodes={r: 1 for r in range(24)})
    job.emit()
    b.add(
        hosts[0],
        "data_listing.txt",
        [
            "$ ls /datasets/slimpajama/tok/ | grep arxiv_0001",
            "arxiv_00015_text_document.bin",
            "arxiv_00015_text_document.idx",
            "arxiv_00016_text_document.bin",
            "arxiv_00016_text_document.idx",
            "arxiv_00018_text_document.bin",
            "arxiv_00018_text_document.idx",
            "",
            "$ grep -c arxiv data_blend.txt",
            "24",
            "$ grep arxiv_00017 data_blend.txt",
            "0.00112 /datasets/slimpajama/tok/arxiv_00017_text_document",
        ],
    )
    b.set_label(
        "user_code",
        "script",
        None,
        "stop",
        "All 24 ranks on all three nodes fail while building the blended dataset: arxiv_00017_text_document.idx is "
        "listed in the user's data blend but was never tokenized (00016 and 00018 exist). A data-preparation error; "
        "restarting cannot help.",
        "https://github.com/NVIDIA/Megatron-LM/issues/119",
        "Missing data shard referenced by the blend file; same FileNotFoundError everywhere at startup.",
    )
    return b


# ============================================================================
@case
def c37(rng):
    b = Bundle("c37_checkpoint_missing_keys_deepspeed")
    hosts = ["node-sft-1", "node-sft-2"]
    ips = ["10.1.200.1", "10.1.200.2"]
    t0 = T("2024-05-28 09:41:17")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="train.py",
        nccl_version="2.20.5+cuda12.4",
        rank_file=lambda hi, l, r: "deepspeed_rank%d.log" % r,
        agent_file=None,
    )
    job.startup(
        warn_all=lambda hi, l, r, t: [
            "[%s] [INFO] [comm.py:637:init_distributed] cdb=None" % pylog(t),
            "[%s] [INFO] [engine.py:1111:_configure_optimizer] Using DeepSpeed Optimizer param name adamw as basic optimizer"
            % pylog(t + sec(20)),
        ]
    )
    died = {}
    t_fault = t0 + sec(140)
    keys_missing = ", ".join(
        '"model.layers.%d.self_attn.%s_norm.weight"' % (i, q) for i in range(3) for q in ("q", "k")
    )
    for r in range(16):
        hi, l = job.where(r)
        lg = job.logs[(hi, l)]
        lg.append(
            "[%s] [INFO] [torch_checkpoint_engine.py:27:load] [Torch] Loading checkpoint from /ckpt/llama-13b-sft/global_step3000/mp_rank_00_model_states.pt..."
            % pylog(t_fault - sec(30))
        )
        lg.append(
            "[%s] [INFO] [torch_checkpoint_engine.py:29:load] [Torch] Loaded checkpoint from /ckpt/llama-13b-sft/global_step3000/mp_rank_00_model_states.pt."
            % pylog(t_fault - sec(2))
        )
        lg += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    ("/home/sft/train.py", 301, "<module>", "main()"),
                    (
                        "/home/sft/train.py",
                        188,
                        "main",
                        "engine.load_checkpoint(args.resume_dir, load_optimizer_states=True)",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py",
                        2780,
                        "load_checkpoint",
                        "load_path, client_states = self._load_checkpoint(load_dir,",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py",
                        2865,
                        "_load_checkpoint",
                        "self.load_module_state_dict(checkpoint=checkpoint,",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py",
                        2650,
                        "load_module_state_dict",
                        "self.module.load_state_dict(",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py",
                        2189,
                        "load_state_dict",
                        "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                    ),
                ],
                "RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:\n\tMissing key(s) in state_dict: %s, ... (80 keys total)."
                % keys_missing,
            )
        ]
        died[r] = t_fault + ms(rng.randint(0, 1800))
    job.agents_after(died, exitcodes={r: 1 for r in range(16)})
    for x, h in enumerate(hosts):
        b.add(
            h,
            "%s.console" % h,
            [
                "+ torchrun --nnodes 2 --nproc_per_node 8 --node_rank %d --master_addr node-sft-1 train.py "
                "--config cfg/llama13b_qknorm.yaml --resume_dir /ckpt/llama-13b-sft" % x
            ]
            + job.agent[x],
        )
    job.agent_file = None
    job.emit()
    b.add(
        hosts[0],
        "config_diff.txt",
        ["$ diff cfg/llama13b.yaml cfg/llama13b_qknorm.yaml", "17a18", "> qk_layernorm: true"],
    )
    b.set_label(
        "user_code",
        "script",
        None,
        "stop",
        "Every rank fails in DeepSpeed load_checkpoint with 80 missing q_norm/k_norm keys: the user resumed a checkpoint "
        "trained without qk_layernorm using a config that enables it. Deterministic config/checkpoint mismatch.",
        "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/559",
        "Resume fails with Missing key(s) in state_dict on all ranks; contrast with the truncated-checkpoint case.",
    )
    return b


# ============================================================================
@case
def c38(rng):
    b = Bundle("c38_cuda_oom_from_config_nemo")
    hosts = ["h100-x-%d" % i for i in (11, 12, 13, 14)]
    ips = ["10.14.1.%d" % i for i in (11, 12, 13, 14)]
    t0 = T("2024-12-18 16:00:44")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="megatron_gpt_pretraining.py",
        nccl_version="2.21.5+cuda12.4",
        rank_file=lambda hi, l, r: "nemo_log_globalrank-%d_localrank-%d.txt" % (r, l),
        agent_file="launcher.log",
    )
    job.startup(
        extra_rank0=lambda t: [
            "[NeMo I %s megatron_gpt_pretraining:37] " % t.strftime("%Y-%m-%d %H:%M:%S"),
            "    model:",
            "      micro_batch_size: 1",
            "      global_batch_size: 256",
            "      tensor_model_parallel_size: 8",
            "      pipeline_model_parallel_size: 4",
            "      context_parallel_size: 1",
            "      encoder_seq_length: 32768",
            "      max_position_embeddings: 32768",
            "      activations_checkpoint_granularity: null",
            "      num_layers: 80",
            "      hidden_size: 8192",
            "      ffn_hidden_size: 28672",
        ]
    )
    t_fault = t0 + sec(310)
    died = {}
    # last pipeline stage (node 3 -> ranks 24..31) OOMs first in the logits/loss; stage 0 OOMs in activations shortly after
    for r in list(range(24, 32)) + list(range(0, 8)):
        hi, l = job.where(r)
        tried = 8.0 if r >= 24 else 1.75
        used = 78.9 if r >= 24 else 77.6
        job.logs[(hi, l)] += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    (
                        "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py",
                        40,
                        "main",
                        "trainer.fit(model)",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/megatron/core/pipeline_parallel/schedules.py",
                        1389,
                        "forward_backward_pipelining_without_interleaving",
                        "output_tensor, num_tokens = forward_step(",
                    ),
                    (
                        "/usr/local/lib/python3.10/dist-packages/megatron/core/tensor_parallel/cross_entropy.py",
                        139,
                        "forward",
                        "exp_logits = vocab_parallel_logits.exp_()",
                    )
                    if r >= 24
                    else (
                        "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py",
                        5411,
                        "forward",
                        "output = FusedAttnFunc.apply(",
                    ),
                ],
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.10 GiB of "
                "which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated "
                "memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but "
                "unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
                "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                % (tried, l, 79.10 - used - 0.02, used, used - 1.3, 0.9),
            )
        ]
        died[r] = t_fault + (
            ms(rng.randint(0, 900)) if r >= 24 else sec(4) + ms(rng.randint(0, 900))
        )
    died.update(
        job.watchdog_cascade(
            t_fault - sec(1),
            2410,
            "SEND",
            (33554432, 33554432),
            skip=list(died.keys()),
            pg="6 (PIPELINE_MODEL_PARALLEL)",
        )
    )
    job.agents_after(died, exitcodes={r: 1 for r in list(range(24, 32)) + list(range(0, 8))})
    job.emit()
    b.add(
        hosts[0],
        "git_log.txt",
        [
            "$ git log -1 --stat conf/llama3_70b.yaml",
            "commit 8b1e2f0 (HEAD -> long-ctx)",
            "    bump seq len to 32k for long-context phase",
            " conf/llama3_70b.yaml | 4 ++--",
            "",
            "-      encoder_seq_length: 8192",
            "+      encoder_seq_length: 32768",
        ],
    )
    b.set_label(
        "oom",
        "framework",
        None,
        "stop",
        "Right after raising encoder_seq_length from 8k to 32k with context_parallel_size=1 and no activation "
        "recompute, every rank of the last and first pipeline stages hits CUDA OOM on its first step (process using "
        "~78 GiB of 79 GiB). Configuration-driven OOM, identical across nodes; needs CP/recompute, not a restart.",
        "https://github.com/NVIDIA/cosmos/issues/95",
        "CUDA OOM on 16 ranks of two pipeline stages from a config change; other stages time out on P2P sends.",
    )
    return b


# ============================================================================
@case
def c39(rng):
    b = Bundle("c39_deepspeed_batch_size_assert_console")
    hosts = ["gpu-node-01", "gpu-node-02", "gpu-node-03", "gpu-node-04"]
    t0 = T("2024-05-02 11:20:14")
    out = [
        "[%s] [INFO] [runner.py:463:main] Using IP address of 10.100.1.1 for node gpu-node-01"
        % pylog(t0),
        "[%s] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: gpu-node-01,gpu-node-02,gpu-node-03,gpu-node-04"
        % pylog(t0),
        "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w gpu-node-01,gpu-node-02,gpu-node-03,gpu-node-04 export "
        "PYTHONPATH=/home/jw/rlhf; cd /home/jw/rlhf; /usr/bin/python -u -m deepspeed.launcher.launch "
        "--world_info=eyJncHUtbm9kZS0wMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%%n --master_addr=10.100.1.1 "
        "--master_port=29500 train_ppo.py --deepspeed ds_config_z3.json" % pylog(t0),
    ]
    t = t0 + sec(3)
    for ni, h in enumerate(hosts):
        out.append(
            "%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'gpu-node-01': [0, 1, 2, 3, 4, 5, 6, 7], 'gpu-node-02': "
            "[0, 1, 2, 3, 4, 5, 6, 7], 'gpu-node-03': [0, 1, 2, 3, 4, 5, 6, 7], 'gpu-node-04': [0, 1, 2, 3, 4, 5, 6, 7]}"
            % (h, pylog(t))
        )
        out.append(
            "%s: [%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d"
            % (h, pylog(t), ni)
        )
        out.append("%s: [%s] [INFO] [launch.py:164:main] dist_world_size=32" % (h, pylog(t)))
    t += sec(41)
    tb = [
        "Traceback (most recent call last):",
        '  File "/home/jw/rlhf/train_ppo.py", line 244, in <module>',
        "    main(args)",
        '  File "/home/jw/rlhf/train_ppo.py", line 131, in main',
        "    actor_engine, *_ = deepspeed.initialize(model=actor, config=ds_config)",
        '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/__init__.py", line 179, in initialize',
        "    config_class = DeepSpeedConfig(config, mpu, mesh_device=mesh_device)",
        '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py", line 797, in __init__',
        "    self._configure_train_batch_size()",
        '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py", line 980, in _configure_train_batch_size',
        "    self._batch_assertion()",
        '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/config.py", line 925, in _batch_assertion',
        "    assert train_batch == micro_batch * grad_acc * self.world_size, (",
        "AssertionError: Check batch related parameters. train_batch_size is not equal to micro_batch_per_gpu * gradient_acc_step * world_size 512 != 4 * 8 * 32",
    ]
    order = [(ni, l) for ni in range(4) for l in range(8)]
    rng.shuffle(order)
    for ni, l in order[:9]:
        out += ["%s: [rank%d]: %s" % (hosts[ni], ni * 8 + l, x) for x in tb]
    for ni, h in enumerate(hosts):
        tt = t + ms(rng.randint(200, 2000))
        for l in range(8):
            out.append(
                "%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d"
                % (h, pylog(tt), 30100 + ni * 40 + l)
            )
        out.append(
            "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train_ppo.py', '--local_rank=7', "
            "'--deepspeed', 'ds_config_z3.json'] exits with return code = 1" % (h, pylog(tt))
        )
        out.append("pdsh@gpu-node-01: %s: ssh exited with exit code 1" % h)
    b.add(hosts[0], "deepspeed_launch.log", out)
    b.add(
        hosts[0],
        "ds_config_z3.json",
        [
            "{",
            '  "train_batch_size": 512,',
            '  "train_micro_batch_size_per_gpu": 4,',
            '  "gradient_accumulation_steps": 8,',
            '  "zero_optimization": {"stage": 3, "overlap_comm": true},',
            '  "bf16": {"enabled": true}',
            "}",
        ],
    )
    for h in hosts:
        b.add(h, "hostfile_entry.txt", ["%s slots=8" % h])
    b.set_label(
        "user_code",
        "script",
        None,
        "stop",
        "All four nodes fail in deepspeed.initialize: train_batch_size 512 != 4 x 8 x 32 after the job was scaled from "
        "2 to 4 nodes without updating ds_config. Pure configuration error.",
        "https://github.com/OpenRLHF/OpenRLHF/issues/346",
        "DeepSpeed pdsh launcher console only (host-prefixed lines), config assertion on every rank.",
    )
    return b


# ============================================================================
@case
def c40(rng):
    b = Bundle("c40_accelerate_fsdp_shape_mismatch")
    hosts = ["ml-a100-0033", "ml-a100-0034"]
    ips = ["10.2.33.33", "10.2.33.34"]
    t0 = T("2024-03-19 14:44:00")
    job = Job(
        b,
        rng,
        hosts,
        ips,
        t0,
        script="finetune.py",
        torch_style="2.3",
        nccl_version="2.19.3+cuda12.3",
        kind="a100",
        rank_file=lambda hi, l, r: "accelerate_logs/process_%d.log" % r,
        agent_file="accelerate_launch.log",
    )
    job.startup(
        extra_rank0=lambda t: [
            "%s - INFO - __main__ - Distributed environment: FSDP  Backend: nccl" % pylog(t),
            "Num processes: 16",
            "Process index: 0",
            "Local process index: 0",
            "Device: cuda:0",
            "",
            "Mixed precision type: bf16",
        ]
    )
    t_fault = t0 + sec(188)
    died = {}
    for r in range(16):
        hi, l = job.where(r)
        job.logs[(hi, l)] += [
            "[rank%d]: %s" % (r, x)
            for x in rank_traceback(
                [
                    ("/srv/ft/finetune.py", 266, "<module>", "main()"),
                    ("/srv/ft/finetune.py", 221, "main", "outputs = model(**batch)"),
                    (
                        "/usr/local/lib/python3.10/site-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py",
                        849,
                        "forward",
                        "output = self._fsdp_wrapped_module(*args, **kwargs)",
                    ),
                    (
                        "/srv/ft/modeling/rope_scaled.py",
                        63,
                        "forward",
                        "q_embed = (q * cos) + (rotate_half(q) * sin)",
                    ),
                ],
                "RuntimeError: The size of tensor a (16384) must match the size of tensor b (8192) at non-singleton dimension 2",
            )
        ]
        died[r] = t_fault + ms(rng.randint(0, 1500))
    job.agents_after(died, exitcodes={r: 1 for r in range(16)})
    job.emit()
    b.set_label(
        "user_code",
        "script",
        None,
        "stop",
        "On the very first batch every one of the 16 processes fails in the user's rope_scaled.py: sequence length "
        "16384 vs a cos/sin cache built for 8192. A shape bug in user code (a generic RuntimeError), not an "
        "infrastructure fault.",
        "https://github.com/huggingface/accelerate/issues/3005",
        "accelerate launch + FSDP; shape-mismatch RuntimeError on all ranks.",
    )
    return b


# ============================================================================
@case
def c41(rng):
    b = Bundle("c41_lightning_checkpoint_monitor_key")
    hosts = ["jrc0411", "jrc0412", "jrc0418"]
    t0 = T("2024-06-06 08:03:30")
    out = [
        "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/12",
        "distributed_backend=nccl",
        "All distributed processes registered. Starting with 12 processes",
    ]
    t = t0 + sec(120)
    for frac in range(10, 101, 10):
        t += sec(180)
        out.append(
            "Epoch 0: %3d%%|%s| %d/2934 [%02d:%02d<%02d:%02d, 0.93it/s, v_num=7, train/loss=%.3f]"
            % (
                frac,
                "█" * (frac // 10) + " " * (10 - frac // 10),
                2934 * frac // 100,
                (frac * 18) // 60,
                (frac * 18) % 60,
                ((100 - frac) * 18) // 60,
                ((100 - frac) * 18) % 60,
                2.4 - frac * 0.004,
            )
        )
    out.append("Validation DataLoader 0: 100%|██████████| 120/120 [00:41<00:00,  2.91it/s]")
    tb = [
        "Traceback (most recent call last):",
        '  File "/p/project/seg/train.py", line 96, in <module>',
        "    trainer.fit(model, datamodule=dm)",
        '  File "/p/software/lightning/pytorch/trainer/trainer.py", line 538, in fit',
        "    call._call_and_handle_interrupt(",
        '  File "/p/software/lightning/pytorch/callbacks/model_checkpoint.py", line 312, in on_validation_end',
        "    self._save_topk_checkpoint(trainer, monitor_candidates)",
        '  File "/p/software/lightning/pytorch/callbacks/model_checkpoint.py", line 372, in _save_topk_checkpoint',
        "    raise MisconfigurationException(m)",
        "lightning.fabric.utilities.exceptions.MisconfigurationException: `ModelCheckpoint(monitor='val/loss')` could not find "
        "the monitored key in the returned metrics: ['train/loss', 'val/dice', 'lr-AdamW', 'epoch', 'step']. HINT: Did you call "
        "`log('val/loss', value)` in the `LightningModule`?",
    ]
    for r in rng.sample(range(12), 5):
        out += ["%d: %s" % (r, x) for x in tb]
    out += [
        "srun: error: %s: tasks 0-3: Exited with exit code 1" % hosts[0],
        "srun: error: %s: tasks 4-7: Exited with exit code 1" % hosts[1],
        "srun: error: %s: tasks 8-11: Exited with exit code 1" % hosts[2],
    ]
    b.add(hosts[0], "slurm-9981240.out", out)
    for hi, h in enumerate(hosts):
        b.add(
            h,
            "kern.log",
            [
                journald(t + sec(45), h)
                + " NVRM: Xid (PCI:0000:%02x:00): 45, pid=%d, name=python, Ch 00000008"
                % (0x03 + 0x40 * l, 90000 + hi * 50 + l)
                for l in range(4)
            ],
        )
    b.set_label(
        "user_code",
        "script",
        None,
        "stop",
        "At the end of the first validation epoch every rank raises MisconfigurationException: ModelCheckpoint monitors "
        "'val/loss' but the LightningModule only logs 'val/dice'. A user configuration bug that reproduces on every "
        "restart; the Xid 45s are just process teardown.",
        "https://github.com/Lightning-AI/pytorch-lightning/issues/6430",
        "Lightning under srun; console only; failure ~30 min in (not at startup) but still deterministic.",
    )
    return b
