"""x16-x20: HF Transformers Trainer / Accelerate."""

from common import *


def _tq(step, total, it_s):
    pct = 100 * step // total
    return f"{pct:3d}%|{'█' * (pct // 10):<10}| {step}/{total} [{step * it_s // 60:02.0f}:{int(step * it_s) % 60:02d}<{(total - step) * it_s // 60:02.0f}:00, {it_s:.2f}s/it]"


def _acc_launch(t, h, idx, n, nproc):
    return [
        f"[{py_ts(t)}] torch.distributed.run: [WARNING] *****************************************",
        f"[{py_ts(t)}] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed.",
        f"accelerate launch --num_machines {n} --machine_rank {idx} --num_processes {nproc} --main_process_ip 10.30.1.5 --main_process_port 29500 --config_file fsdp.yaml train_sft.py",
    ]


def x16_hf_trainer_clean_run(rng):
    b = Bundle()
    hosts = ["sft-worker-0", "sft-worker-1"]
    t0 = T(2024, 4, 2, 13, 0, 0)
    for i, h in enumerate(hosts):
        lines = _acc_launch(t0, h, i, 2, 16)
        lines += [
            "Some weights of LlamaForSequenceClassification were not initialized from the model checkpoint at meta-llama/Llama-2-7b-hf and are newly initialized: ['score.weight']",
            "You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.",
            "huggingface/tokenizers: The current process just got forked, after parallelism has already been used. Disabling parallelism to avoid deadlocks...",
            f"{h}:2231:2502 [3] NCCL INFO NET/IB : Got async event : GID table change",
            "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly.",
        ]
        if i == 0:
            lines += [
                "***** Running training *****",
                "  Num examples = 480,000",
                "  Num Epochs = 1",
                "  Instantaneous batch size per device = 8",
                "  Total train batch size (w. parallel, distributed & accumulation) = 512",
                "  Gradient Accumulation steps = 4",
                "  Total optimization steps = 937",
            ]
            for s in range(10, 938, 10):
                lines.append(_tq(s, 937, 3.9))
                if s % 50 == 0:
                    lines.append(
                        f"{{'loss': {1.3 - s / 2000 + rng.random() * 0.03:.4f}, 'grad_norm': {0.6 + rng.random() * 0.4:.4f}, 'learning_rate': {2e-5 * (1 - s / 937):.3e}, 'epoch': {s / 937:.2f}}}"
                    )
                if s == 470:
                    lines.append(
                        f"[{py_ts(add(t0, 1900))}] WARNING: grad_norm spike 41.2 at step 470, clipped to 1.0"
                    )
            lines += [
                "Saving model checkpoint to /shared/out/llama2-7b-cls/checkpoint-937",
                "Training completed. Do not forget to share your model on huggingface.co/models =)",
                "{'train_runtime': 3671.2214, 'train_samples_per_second': 130.745, 'train_steps_per_second': 0.255, 'train_loss': 0.8123, 'epoch': 1.0}",
                f"100%|██████████| 937/937 [1:01:11<00:00,  3.92s/it]",
            ]
        lines.append(
            f"[{py_ts(add(t0, 3700))}] torch.distributed.elastic.agent.server.api: [INFO] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish."
        )
        lines.append(
            f"[{py_ts(add(t0, 3701))}] torch.distributed.elastic.agent.server.api: [INFO] Done waiting for other agents. Elapsed: 0.83 seconds"
        )
        b.add(h, "stdout.log", lines)
        b.add(h, "dmesg.txt", kernel_noise(rng, h, t0, 5, style="dmesgT"))
    b.add(
        hosts[1],
        "nvidia-smi-q.txt",
        nvidia_smi_q(rng, add(t0, 3800), n=8, special={4: {"sbe": 3, "remap_corr": 1}}),
    )
    b.label(
        "unknown",
        "framework",
        None,
        None,
        "none",
        "The run finished: all 937 steps ran, the final checkpoint was saved, train_runtime was printed, and both elastic "
        "agents exited successfully. The warnings are benign: uninitialised classifier head, tokenizers fork, a GID "
        "table change, a clipped grad-norm spike, and one corrected-ECC row remap. Nothing to do.",
        "https://github.com/huggingface/accelerate/issues/1837",
    )
    return b


def x17_accelerate_fsdp_wrap_class(rng):
    b = Bundle()
    hosts = ["ip-172-31-10-5", "ip-172-31-10-77"]
    job = Job(hosts)
    t0 = T(2025, 6, 1, 2, 3, 4)
    for i, h in enumerate(hosts):
        lines = _acc_launch(t0, h, i, 2, 16)
        lines += [
            "fsdp_config: {'fsdp_auto_wrap_policy': 'TRANSFORMER_BASED_WRAP', 'fsdp_transformer_layer_cls_to_wrap': 'LlamaDecoderLayer', 'fsdp_sharding_strategy': 'FULL_SHARD'}",
            "Loading checkpoint shards: 100%|██████████| 4/4 [00:09<00:00,  2.31s/it]",
            "model_type: qwen2",
        ]
        for r in job.ranks(h):
            lines += pfx(
                f"[rank{r}]: ",
                py_tb(
                    [
                        (
                            "/app/train_sft.py",
                            97,
                            "main",
                            "model, optimizer, train_dl = accelerator.prepare(model, optimizer, train_dl)",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/accelerate/accelerator.py",
                            1339,
                            "prepare",
                            "result = tuple(",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/accelerate/accelerator.py",
                            1539,
                            "prepare_model",
                            "self.state.fsdp_plugin.set_auto_wrap_policy(model)",
                        ),
                        (
                            "/usr/local/lib/python3.11/site-packages/accelerate/utils/dataclasses.py",
                            1614,
                            "set_auto_wrap_policy",
                            "raise ValueError(",
                        ),
                    ],
                    "ValueError: Could not find the transformer layer class LlamaDecoderLayer in the model.",
                ),
            )
        lines += elastic_summary(
            add(t0, 60), h, "train_sft.py", [(r, job.local(r), 1, 7001 + r) for r in job.ranks(h)]
        )
        b.add(h, "accelerate.log", lines)
    b.label(
        "user_code",
        "script",
        None,
        None,
        "stop",
        "accelerate.prepare fails on every rank because the FSDP config wraps LlamaDecoderLayer but the model being "
        "loaded is Qwen2, whose layer class is Qwen2DecoderLayer. This is a config mistake: fix "
        "fsdp_transformer_layer_cls_to_wrap.",
        "https://github.com/huggingface/accelerate/issues/1943",
    )
    return b


def x18_hf_rank0_eval_blocks_collective(rng):
    b = Bundle()
    hosts = ["node-a", "node-b", "node-c"]
    job = Job(hosts, gpn=4)
    t0 = T(2024, 10, 30, 8, 0, 0)
    ev = add(t0, 5400)
    for i, h in enumerate(hosts):
        lines = []
        if i == 0:
            for s in range(100, 2001, 100):
                lines.append(
                    f"{{'loss': {2.0 - s / 3000:.4f}, 'grad_norm': {0.9:.4f}, 'learning_rate': {1e-5:.1e}, 'epoch': {s / 8000:.2f}}}"
                )
            lines += [
                "***** Running Evaluation *****",
                "  Num examples = 20000",
                "  Batch size = 8",
                f"[{py_ts(add(ev, 40))}] INFO - callbacks.GenerationEvalCallback - main process: running generate() + sacrebleu on 20000 held-out prompts (is_world_process_zero)",
            ]
            for k in range(5, 45, 5):
                lines.append(
                    f"generation eval: {k}%|{'█' * (k // 10):<10}| {k * 200}/20000 [{k * 50 // 60:02d}:{k * 50 % 60:02d}<41:00,  4.03it/s]"
                )
        for r in job.ranks(h):
            if r == 0:
                continue
            lines += watchdog_v2(
                r,
                16022,
                "BROADCAST",
                1800000,
                1800000 + rng.randint(30, 90),
                add(ev, 1800 + rng.random() * 2),
                numel=(1, 1),
            )
        lines += pfx(
            "",
            elastic_summary(
                add(ev, 1806),
                h,
                "finetune.py",
                [(r, job.local(r), -6, 9000 + r) for r in job.ranks(h) if r != 0]
                or [(0, 0, -15, 9000)],
            ),
        )
        b.add(h, "trainer.log", lines)
        b.add(h, "syslog", kernel_noise(rng, h, t0, 4))
    b.add(
        hosts[0],
        "callbacks_snippet.py",
        [
            "class GenerationEvalCallback(TrainerCallback):",
            "    def on_evaluate(self, args, state, control, model=None, **kw):",
            "        if state.is_world_process_zero:",
            "            scores = run_generation_eval(model, self.prompts)   # ~40 min on one GPU",
            "            wandb.log(scores)",
        ],
    )
    b.label(
        "hang",
        "script",
        None,
        None,
        "stop",
        "Every rank except 0 hits the NCCL watchdog on a BROADCAST 30 min after evaluation starts. Meanwhile rank 0 is "
        "still running a user callback that calls generate() over 20k prompts on the main process only, about 40 min at "
        "its rate. The other ranks wait in the next collective. This is a user-code desync, not an infrastructure "
        "problem. Move the evaluation off the training path or shard it.",
        "https://github.com/huggingface/accelerate/issues/3861",
    )
    return b


def x19_hf_uncorrectable_ecc(rng):
    b = Bundle()
    hosts = ["gn-12", "gn-15", "gn-16"]
    job = Job(hosts)
    bad = 14
    bh = job.host_of(bad)
    t0 = T(2025, 7, 7, 23, 10, 0)
    fail = add(t0, 8821)
    for h in hosts:
        lines = []
        if h == hosts[0]:
            for s in range(50, 1400, 50):
                lines.append(
                    f"{{'loss': {1.7 - s / 4000:.4f}, 'grad_norm': {0.7 + rng.random() * 0.2:.4f}, 'learning_rate': 1.8e-05, 'epoch': {s / 5000:.2f}}}"
                )
        if h == bh:
            lines += pfx(
                f"[rank{bad}]: ",
                py_tb(
                    [
                        (
                            "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
                            2481,
                            "_inner_training_loop",
                            "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/accelerate/accelerator.py",
                            2246,
                            "backward",
                            "self.deepspeed_engine_wrapped.backward(loss, **kwargs)",
                        ),
                    ],
                    "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                ),
            )
            lines.append(
                c10(
                    bad,
                    "E",
                    add(fail, 1),
                    "ProcessGroupNCCL.cpp:1595",
                    f"[PG ID 0 PG GUID 0(default_pg) Rank {bad}] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered",
                )
            )
        for r in job.ranks(h):
            if r != bad:
                lines += watchdog_v2(
                    r,
                    90211,
                    "_ALLGATHER_BASE",
                    600000,
                    600000 + rng.randint(10, 60),
                    add(fail, 600 + rng.random()),
                    numel=(4194304, 100663296),
                )
        fl = [(r, job.local(r), -6, 3300 + r) for r in job.ranks(h)]
        if h == bh:
            fl = [(bad, job.local(bad), -6, 3300 + bad)] + [f for f in fl if f[0] != bad]
        lines += elastic_summary(add(fail, 610), h, "train.py", fl)
        b.add(h, "accelerate_launch.log", lines)
    b.add(
        bh,
        "kern.log",
        kernel_noise(rng, bh, t0, 3)
        + [
            f"{syslog(add(fail, -1), bh, 'kernel')} NVRM: Xid (PCI:0000:ba:00): 95, pid={3300 + bad}, name=python, Uncontained: FBHUB. RST: Yes, D-RST: No",
            f"{syslog(add(fail, 0), bh, 'kernel')} NVRM: Xid (PCI:0000:ba:00): 140, pid={3300 + bad}, name=python, An uncorrectable ECC error detected (possible firmware handling failure) DRAM:-1840763045, LTC:0, MMU:0, PCIE:0",
        ],
    )
    b.add(
        bh,
        "nvidia-smi-q.txt",
        nvidia_smi_q(
            rng,
            add(fail, 900),
            special={6: {"dbe": 4, "sbe": 17, "remap_unc": 1, "remap_pending": True}},
        ),
    )
    b.label(
        "gpu_memory",
        "infrastructure",
        bh,
        bad,
        "restart_without_node",
        "Rank 14 (GPU 6 on gn-15) dies with an uncorrectable ECC error. The kernel logs Xid 95 (uncontained ECC) and "
        "Xid 140 for PCI ba:00, and nvidia-smi shows 4 DRAM uncorrectable errors and a pending row remap on GPU 6. The "
        "rest is fallout (allgather timeouts). The GPU needs a reset or RMA; resume without the node.",
        "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194",
    )
    return b


def x20_hf_save_local_disk_full(rng):
    b = Bundle()
    hosts = ["g4-n03", "g4-n07", "g4-n11", "g4-n12"]
    job = Job(hosts)
    bh = "g4-n07"
    t0 = T(2024, 5, 19, 5, 0, 0)
    sv = add(t0, 7200)
    for h in hosts:
        lines = []
        if h == hosts[0]:
            lines += [
                "training_args: save_on_each_node=True output_dir=/local_nvme/ckpt/run42 save_steps=2000"
            ]
            lines += [
                f"{{'loss': {1.4 - s / 9000:.4f}, 'grad_norm': 0.51, 'learning_rate': 3e-05, 'epoch': {s / 20000:.2f}}}"
                for s in range(100, 2001, 100)
            ]
        lines.append(f"Saving model checkpoint to /local_nvme/ckpt/run42/checkpoint-2000")
        if h == bh:
            r = job.ranks(h)[0]
            lines += pfx(
                f"[rank{r}]: ",
                py_tb(
                    [
                        (
                            "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py",
                            3263,
                            "_save_checkpoint",
                            "self._save_optimizer_and_scheduler(output_dir)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/serialization.py",
                            652,
                            "save",
                            "_save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)",
                        ),
                        (
                            "/usr/local/lib/python3.10/dist-packages/torch/serialization.py",
                            880,
                            "_save",
                            "zip_file.write_record(name, storage, num_bytes)",
                        ),
                    ],
                    "RuntimeError: [enforce fail at inline_container.cc:783] . PytorchStreamWriter failed writing file data/412: file write failed\n\nDuring handling of the above exception, another exception occurred:\n\nRuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 21474836928 vs 21474836816",
                ),
            )
            lines.append(
                f"[rank{r}]: OSError: [Errno 28] No space left on device: '/local_nvme/ckpt/run42/checkpoint-2000/rng_state_8.pth'"
            )
        for rr in job.ranks(h):
            if h == bh and job.local(rr) == 0:
                continue
            lines += watchdog_v2(
                rr,
                70011,
                "BARRIER" if h != bh else "ALLREDUCE",
                1800000,
                1800000 + rng.randint(1, 80),
                add(sv, 1800 + rng.random()),
            )
        b.add(h, "train.log", lines)
        df = [
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/md0        3.5T  "
            + (
                "3.5T     0 100%"
                if h == bh
                else f"{rng.randint(300, 700)}G  2.9T  {rng.randint(9, 20)}% "
            )
            + " /local_nvme",
        ]
        b.add(h, "df-h.txt", df)
    b.add(
        bh,
        "du-local_nvme.txt",
        [
            "3.1T\t/local_nvme/cache/prev_job_3377120",
            "382G\t/local_nvme/ckpt/run42",
            "4.0K\t/local_nvme/tmp",
        ],
    )
    b.label(
        "storage",
        "infrastructure",
        bh,
        None,
        "restart_without_node",
        "The checkpoint save fails only on g4-n07: 'No space left on device' and a truncated zip write. Its node-local "
        "NVMe is 100% full because a previous job left 3.1 TB of cache behind; the other nodes' disks are 10-20% used "
        "and their saves finished (they then time out waiting). Restart without the node, or clean its disk first.",
        "https://github.com/pytorch/pytorch/issues/10577",
    )
    return b


CASES = [
    x16_hf_trainer_clean_run,
    x17_accelerate_fsdp_wrap_class,
    x18_hf_rank0_eval_blocks_collective,
    x19_hf_uncorrectable_ecc,
    x20_hf_save_local_disk_full,
]
