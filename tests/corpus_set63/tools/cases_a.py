"""Cases bh01-bh10: deterministic user errors recognised by their message."""
import base64
import json
import random

from common import (UTC, TORCH_PY, add, nvidia_smi, destroy_pg_warning, dt, elastic_agent_sigterm,
                    elastic_failed_line, elastic_summary, hf_progress, nccl_init_lines,
                    traceback, ts_ctime, ts_ds, ts_glog, ts_iso, ts_py, ts_syslog,
                    watchdog_timeout, write_lines)
from datetime import timedelta, timezone

LT = "/opt/conda/lib/python3.10/site-packages"
ULT = "/usr/local/lib/python3.10/dist-packages"


def mk(name, files, label, topology=None):
    return {"name": name, "files": files, "label": label, "topology": topology}


def lab(category, layer, culprit, action, rationale, url):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": url}


# =====================================================================
# bh01 Lightning: every rank fails in the validation sanity check
# =====================================================================
def bh01():
    rng = random.Random(6301)
    nodes = ["a100-r07-n01", "a100-r07-n02", "a100-r07-n03", "a100-r07-n04"]
    ips = ["10.31.7.11", "10.31.7.12", "10.31.7.13", "10.31.7.14"]
    t0 = dt(2024, 3, 19, 8, 14, 2, 311000)
    world = 16
    L = []
    L.append("+ export NCCL_DEBUG=INFO")
    L.append("+ export OMP_NUM_THREADS=8")
    L.append("+ srun -l --cpu-bind=none python train_cls.py trainer.num_nodes=4 trainer.devices=4 trainer.precision=16-mixed "
             "model.backbone=vit_large_patch16_224 data.root=/datasets/inat21 data.batch_size=64 optim.lr=3e-4")
    pids = {r: 118200 + r * 7 + rng.randint(0, 3) for r in range(world)}
    # Lightning startup: interleaved per-rank banners
    for r in range(world):
        L.append("%d: Using 16bit Automatic Mixed Precision (AMP)" % r)
    L.append("0: GPU available: True (cuda), used: True")
    L.append("0: TPU available: False, using: 0 TPU cores")
    L.append("0: IPU available: False, using: 0 IPUs")
    L.append("0: HPU available: False, using: 0 HPUs")
    order = list(range(world))
    rng.shuffle(order)
    for r in order:
        L.append("%d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/%d" % (r, r, r + 1, world))
    L.append("0: ----------------------------------------------------------------------------------------------------")
    L.append("0: distributed_backend=nccl")
    L.append("0: All distributed processes registered. Starting with 16 processes")
    L.append("0: ----------------------------------------------------------------------------------------------------")
    L.append("0: ")
    hcas = ["mlx5_0", "mlx5_1"]
    for r in range(world):
        n = r // 4
        for l in nccl_init_lines(nodes[n], pids[r], pids[r] + 311, r % 4, r, world, 4, ips[n], "ib0", hcas, rng,
                                 version="2.19.3+cuda12.3", comm_id="0x3be1f07aa95c2d14", channels=2,
                                 bus_ids=["07000", "0f000", "47000", "4e000"]):
            L.append("%d: %s" % (r, l))
    for r in order:
        L.append("%d: LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3]" % (r, r % 4))
    L.append("0: ")
    L.append("0:   | Name      | Type              | Params | Mode ")
    L.append("0: --------------------------------------------------------")
    L.append("0: 0 | backbone  | VisionTransformer | 303 M  | train")
    L.append("0: 1 | head      | Linear            | 769 K  | train")
    L.append("0: 2 | criterion | CrossEntropyLoss  | 0      | train")
    L.append("0: 3 | train_acc | MulticlassAccuracy| 0      | train")
    L.append("0: 4 | val_acc   | MulticlassAccuracy| 0      | train")
    L.append("0: --------------------------------------------------------")
    L.append("0: 304 M     Trainable params")
    L.append("0: 0         Non-trainable params")
    L.append("0: 304 M     Total params")
    L.append("0: 1,216.524 Total estimated model params size (MB)")
    for r in order[:5]:
        L.append("%d: %s/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'val_dataloader' does not have many workers which may be a bottleneck. "
                 "Consider increasing the value of the `num_workers` argument` to `num_workers=11` in the `DataLoader` to improve performance." % (r, LT))
    L.append("0: Sanity Checking: |          | 0/? [00:00<?, ?it/s]")
    L.append("0: Sanity Checking:   0%|          | 0/2 [00:00<?, ?it/s]")
    L.append("0: Sanity Checking DataLoader 0:   0%|          | 0/2 [00:00<?, ?it/s]")
    frames = [
        ("/home/rvance/inat/train_cls.py", 96, "<module>", "main()"),
        ("/home/rvance/inat/train_cls.py", 91, "main", "trainer.fit(model, datamodule=dm)"),
        (LT + "/lightning/pytorch/trainer/trainer.py", 544, "fit", "call._call_and_handle_interrupt("),
        (LT + "/lightning/pytorch/trainer/call.py", 43, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
        (LT + "/lightning/pytorch/strategies/launchers/subprocess_script.py", 105, "launch", "return function(*args, **kwargs)"),
        (LT + "/lightning/pytorch/trainer/trainer.py", 580, "_fit_impl", "self._run(model, ckpt_path=ckpt_path)"),
        (LT + "/lightning/pytorch/trainer/trainer.py", 987, "_run", "results = self._run_stage()"),
        (LT + "/lightning/pytorch/trainer/trainer.py", 1031, "_run_stage", "self._run_sanity_check()"),
        (LT + "/lightning/pytorch/trainer/trainer.py", 1060, "_run_sanity_check", "val_loop.run()"),
        (LT + "/lightning/pytorch/loops/utilities.py", 182, "_decorator", "return loop_run(self, *args, **kwargs)"),
        (LT + "/lightning/pytorch/loops/evaluation_loop.py", 135, "run", "self._evaluation_step(batch, batch_idx, dataloader_idx, dataloader_iter)"),
        (LT + "/lightning/pytorch/loops/evaluation_loop.py", 396, "_evaluation_step", "output = call._call_strategy_hook(trainer, hook_name, *step_args)"),
        (LT + "/lightning/pytorch/trainer/call.py", 309, "_call_strategy_hook", "output = fn(*args, **kwargs)"),
        (LT + "/lightning/pytorch/strategies/strategy.py", 411, "validation_step", "return self._forward_redirection(self.model, self.lightning_module, \"validation_step\", *args, **kwargs)"),
        (LT + "/lightning/pytorch/strategies/strategy.py", 642, "__call__", "wrapper_output = wrapper_module(*args, **kwargs)"),
        (LT + "/torch/nn/modules/module.py", 1532, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (LT + "/torch/nn/modules/module.py", 1541, "_call_impl", "return forward_call(*args, **kwargs)"),
        (LT + "/torch/nn/parallel/distributed.py", 1593, "forward", "else self._run_ddp_forward(*inputs, **kwargs)"),
        (LT + "/torch/nn/parallel/distributed.py", 1411, "_run_ddp_forward", "return self.module(*inputs, **kwargs)  # type: ignore[index]"),
        (LT + "/torch/nn/modules/module.py", 1532, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (LT + "/torch/nn/modules/module.py", 1541, "_call_impl", "return forward_call(*args, **kwargs)"),
        (LT + "/lightning/pytorch/strategies/strategy.py", 635, "wrapped_forward", "out = method(*_args, **_kwargs)"),
        ("/home/rvance/inat/model.py", 74, "validation_step", "logits = self(x)"),
        (LT + "/torch/nn/modules/module.py", 1532, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (LT + "/torch/nn/modules/module.py", 1541, "_call_impl", "return forward_call(*args, **kwargs)"),
        ("/home/rvance/inat/model.py", 55, "forward", "return self.head(feats)"),
        (LT + "/torch/nn/modules/module.py", 1532, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (LT + "/torch/nn/modules/module.py", 1541, "_call_impl", "return forward_call(*args, **kwargs)"),
        (LT + "/torch/nn/modules/linear.py", 116, "forward", "return F.linear(input, self.weight, self.bias)"),
    ]
    exc = ["RuntimeError: mat1 and mat2 shapes cannot be multiplied (64x1024 and 768x10000)"]
    fail_order = [0, 1, 2, 3, 9, 8, 10, 11, 5, 4, 7, 6, 13, 12, 14, 15]
    blocks = {r: traceback(frames, exc, prefix="%d: " % r) for r in fail_order}
    # interleave the 16 tracebacks roughly line by line, as srun -l output looks
    idx = {r: 0 for r in fail_order}
    active = list(fail_order)
    while active:
        for r in list(active):
            step = rng.randint(1, 4)
            blk = blocks[r]
            L.extend(blk[idx[r]:idx[r] + step])
            idx[r] += step
            if idx[r] >= len(blk):
                active.remove(r)
    L.append("srun: error: a100-r07-n03: tasks 8-11: Exited with exit code 1")
    L.append("srun: launch/slurm: _step_signal: Terminating StepId=771203.0")
    L.append("slurmstepd: error: *** STEP 771203.0 ON a100-r07-n01 CANCELLED AT 2024-03-19T08:16:47 ***")
    L.append("srun: error: a100-r07-n01: tasks 0-3: Exited with exit code 1")
    L.append("srun: error: a100-r07-n04: tasks 12-15: Exited with exit code 1")
    L.append("srun: error: a100-r07-n02: tasks 4-7: Exited with exit code 1")
    files = {"slurm-771203.out": write_lines(L)}
    files["sacct-771203.txt"] = write_lines([
        "JobID           JobName  Partition      State  ExitCode    Elapsed        NodeList ",
        "------------ ---------- ---------- ---------- -------- ---------- --------------- ",
        "771203       inat-vitl        a100     FAILED      1:0   00:02:45 a100-r07-n[01-04] ",
        "771203.batch      batch                FAILED      1:0   00:02:45    a100-r07-n01 ",
        "771203.0         python             CANCELLED     0:15   00:02:41 a100-r07-n[01-04] ",
    ])
    # per-node dmesg -T excerpts; n02 carries an old benign Xid 63 row-remap notice
    boot = dt(2024, 3, 11, 6, 2, 0)
    for i, n in enumerate(nodes):
        d = [
            (add(boot, seconds=12), "EXT4-fs (nvme0n1p1): re-mounted. Opts: errors=remount-ro"),
            (add(boot, seconds=41), "mlx5_core 0000:%02x:00.0: mlx5_port_module_event:1183:(pid 0): Port module event: module 0, Cable plugged" % (0x1a + i)),
            (add(boot, seconds=47), "mlx5_core 0000:%02x:00.0 ib0: Link up" % (0x1a + i)),
            (add(boot, seconds=58), "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel"),
            (add(boot, seconds=59), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.07  Sat Feb 17 22:55:48 UTC 2024"),
            (add(boot, days=2, seconds=371 * (i + 1)), "perf: interrupt took too long (2508 > 2500), lowering kernel.perf_event_max_sample_rate to 79500"),
        ]
        if i == 1:
            d.append((dt(2024, 3, 16, 22, 41, 9), "NVRM: Xid (PCI:0000:47:00): 63, pid=2281733, name=python, Row Remapper: New row (0x0000000000a8c41e) marked for remapping, reset gpu to activate."))
        d.sort()
        files["%s/dmesg-T.txt" % n] = write_lines(["[%s] %s" % (ts_ctime(t), m) for t, m in d])
    label = lab("user_code", "script", None, "stop",
                "All 16 ranks raise the same 'mat1 and mat2 shapes cannot be multiplied (64x1024 and 768x10000)' in the classifier head during Lightning's sanity check: the ViT-L backbone emits 1024 features but the head expects 768. The Xid 63 row-remap notice on n02 is days old and unrelated.",
                "https://github.com/VICO-UoE/MTPSL/issues/3")
    return mk("bh01_every_rank_mat1_mat2_error_in_sanity_check", files, label)


# =====================================================================
# bh02 torchtitan: RoPE buffer shorter than seq_len, all ranks at step 1
# =====================================================================
def bh02():
    rng = random.Random(6302)
    nodes = ["h100-pod2-011", "h100-pod2-012", "h100-pod2-013", "h100-pod2-014"]
    world = 32
    t0 = dt(2024, 11, 5, 14, 2, 11, 2000)
    files = {}
    for ni, n in enumerate(nodes):
        L = []
        L.append("W%s 140377120 torch/distributed/run.py:793] " % ts_glog(t0, ""))
        L.append("W%s 140377120 torch/distributed/run.py:793] *****************************************" % ts_glog(t0, ""))
        L.append("W%s 140377120 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_glog(t0, ""))
        L.append("W%s 140377120 torch/distributed/run.py:793] *****************************************" % ts_glog(t0, ""))
        base = add(t0, seconds=6)
        ranks = list(range(ni * 8, ni * 8 + 8))
        def tl(r, t, lvl, msg):
            return "[rank%d]:[titan] %s - root - %s - %s" % (r, ts_py(t), lvl, msg)
        for r in ranks:
            t = add(base, milliseconds=rng.randint(0, 80))
            L.append(tl(r, t, "INFO", "Starting job: Llama 3 8B long-context continued pretraining"))
        for r in ranks:
            t = add(base, milliseconds=200 + rng.randint(0, 60))
            L.append(tl(r, t, "INFO", "Building 1-D device mesh with ['dp_shard'], [32]"))
            L.append(tl(r, t, "INFO", "[GC] Initial GC collection. 0.00 seconds."))
        for r in ranks:
            t = add(base, seconds=2, milliseconds=rng.randint(0, 90))
            L.append(tl(r, t, "INFO", "Loading tokenizer from tokenizer.model"))
            L.append(tl(r, t, "INFO", "TikTokenizer built: #words 128256, BOS ID 128000, EOS ID 128001"))
            L.append(tl(r, t, "INFO", "Preparing fineweb_edu_lc dataset from /mnt/data/fineweb_edu_lc"))
        for r in ranks:
            t = add(base, seconds=9, milliseconds=rng.randint(0, 200))
            L.append(tl(r, t, "INFO", "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=4096, depth_init=True, norm_type='rmsnorm')"))
        for r in ranks:
            t = add(base, seconds=11, milliseconds=rng.randint(0, 200))
            L.append(tl(r, t, "INFO", "\x1b[34mModel llama3 8B \x1b[31msize: 8,030,261,248 total parameters\x1b[39m"))
            L.append(tl(r, t, "INFO", "Applied selective activation checkpointing to the model"))
            L.append(tl(r, t, "INFO", "Applied FSDP to the model"))
            if r % 8 == 3 and ni == 1:
                L.append(tl(r, t, "WARNING", "Peak flops undefined for: NVIDIA H100 80GB HBM3 (device name mismatch), fallback to A100"))
            L.append(tl(r, t, "INFO", "CUDA memory usage for model: 3.77GiB(3.97%)"))
        # NCCL init flood (NCCL_DEBUG=INFO) on first collective
        hcas = ["mlx5_%d" % i for i in (0, 3, 4, 5, 6, 9, 10, 11)]
        for r in ranks:
            pid = 40211 + r * 3
            for l in nccl_init_lines(n, pid, pid + 402, r % 8, r, world, 4, "10.64.2.%d" % (11 + ni), "bond0", hcas, rng,
                                     comm_id="0x61d9a3c0f2b7e811", nvls=True, channels=3):
                L.append("[rank%d]:%s" % (r, l))
        for r in ranks:
            t = add(base, seconds=24, milliseconds=rng.randint(0, 120))
            L.append(tl(r, t, "INFO", "Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 6000 (warmup 300)"))
            L.append(tl(r, t, "INFO", "Profiling active. Traces will be saved at ./outputs/profile_trace"))
        tfail = add(base, seconds=27, milliseconds=400)
        fails = {}
        for r in ranks:
            tf = add(tfail, milliseconds=rng.randint(0, 900))
            fails[r] = tf
            fr = [
                ("/workspace/torchtitan/train.py", 437, "<module>", "main(config)"),
                (ULT + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
                ("/workspace/torchtitan/train.py", 327, "main", "pred = model(input_ids)"),
                (ULT + "/torch/nn/modules/module.py", 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                (ULT + "/torch/nn/modules/module.py", 1844, "_call_impl", "return inner()"),
                (ULT + "/torch/nn/modules/module.py", 1790, "inner", "result = forward_call(*args, **kwargs)"),
                ("/workspace/torchtitan/torchtitan/models/llama/model.py", 441, "forward", "h = layer(h, self.freqs_cis)"),
                (ULT + "/torch/nn/modules/module.py", 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                (ULT + "/torch/nn/modules/module.py", 1844, "_call_impl", "return inner()"),
                (ULT + "/torch/nn/modules/module.py", 1790, "inner", "result = forward_call(*args, **kwargs)"),
                (ULT + "/torch/distributed/algorithms/_checkpoint/checkpoint_wrapper.py", 170, "forward", "return self.checkpoint_fn(  # type: ignore[misc]"),
                (ULT + "/torch/utils/checkpoint.py", 496, "checkpoint", "ret = function(*args, **kwargs)"),
                ("/workspace/torchtitan/torchtitan/models/llama/model.py", 325, "forward", "h = x + self.attention(self.attention_norm(x), freqs_cis)"),
                (ULT + "/torch/nn/modules/module.py", 1736, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                (ULT + "/torch/nn/modules/module.py", 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
                ("/workspace/torchtitan/torchtitan/models/llama/model.py", 197, "forward", "xq, xk = apply_rotary_emb(xq, xk, freqs_cis=freqs_cis)"),
                ("/workspace/torchtitan/torchtitan/models/llama/model.py", 112, "apply_rotary_emb", "xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)"),
            ]
            L.extend(traceback(fr, ["RuntimeError: The size of tensor a (8192) must match the size of tensor b (4096) at non-singleton dimension 1"],
                               prefix="[rank%d]: " % r, caret=False))
        for r in ranks:
            L.append(destroy_pg_warning(r, add(fails[r], milliseconds=400)))
        tagent = add(max(fails.values()), seconds=1, milliseconds=310)
        first = min(ranks, key=lambda r: fails[r])
        L.append(elastic_failed_line(tagent, 1, first % 8, 40211 + first * 3, binary="/usr/bin/python3", agent_tid=140377120))
        root = {"time": fails[first], "host": n, "rank": first, "local_rank": first % 8, "exitcode": 1,
                "pid": 40211 + first * 3, "error_file": "/tmp/torchelastic_%s/none_%s/attempt_0/%d/error.json" % (
                    "y3kq%02d" % ni, "9c1d7e2a", first % 8),
                "traceback": ["Traceback (most recent call last):",
                              '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % ULT,
                              "    return f(*args, **kwargs)",
                              '  File "/workspace/torchtitan/train.py", line 327, in main',
                              "    pred = model(input_ids)",
                              "  ...",
                              '  File "/workspace/torchtitan/torchtitan/models/llama/model.py", line 112, in apply_rotary_emb',
                              "    xq_out = torch.view_as_real(xq_ * freqs_cis).flatten(3)",
                              "RuntimeError: The size of tensor a (8192) must match the size of tensor b (4096) at non-singleton dimension 1",
                              ""]}
        others = []
        for r in sorted(ranks, key=lambda r: fails[r]):
            if r == first:
                continue
            others.append({"time": fails[r], "host": n, "rank": r, "local_rank": r % 8, "exitcode": 1,
                           "pid": 40211 + r * 3, "error_file": None})
        L.extend(elastic_summary("train.py", root, others))
        files["%s/torchrun-%s.log" % (n, n)] = write_lines(L)
    files["%s/nvidia-smi-q-ecc.txt" % nodes[2]] = write_lines([
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : Tue Nov  5 14:31:02 2024",
        "Driver Version                            : 550.90.07",
        "CUDA Version                              : 12.4",
        "",
        "Attached GPUs                             : 8",
        "GPU 00000000:5D:00.0",
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 2",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            SRAM Correctable              : 2",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 0",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
    ])
    files["train_config.toml"] = write_lines([
        "[job]", 'dump_folder = "./outputs"', 'description = "Llama 3 8B long-context continued pretraining"', "",
        "[model]", 'name = "llama3"', 'flavor = "8B"', 'tokenizer_path = "./assets/tokenizer/original/tokenizer.model"', "",
        "[optimizer]", 'name = "AdamW"', "lr = 1.5e-5", "",
        "[training]", "batch_size = 2", "seq_len = 8192", "warmup_steps = 300", "max_norm = 1.0", "steps = 6000",
        "data_parallel_shard_degree = -1", 'dataset = "fineweb_edu_lc"', "",
        "[activation_checkpoint]", 'mode = "selective"', 'selective_ac_option = "op"', "",
        "[checkpoint]", "enable_checkpoint = true", 'initial_load_path = "/mnt/ckpt/llama3_8b_dcp"', "interval = 500",
    ])
    topo = {"topology": {"leaf-r2a": nodes[:2], "leaf-r2b": nodes[2:]}}
    label = lab("user_code", "script", None, "stop",
                "Every one of the 32 ranks fails in its first forward with 'The size of tensor a (8192) must match the size of tensor b (4096)' in apply_rotary_emb: training.seq_len was raised to 8192 while the model's RoPE table is built for max_seq_len=4096. A configuration mistake, deterministic on all nodes.",
                "https://github.com/jzhang38/EasyContext/issues/31")
    return mk("bh02_titan_tensor_size_mismatch_first_step", files, label, topo)


# =====================================================================
# bh03 DeepSpeed bf16: dtype mismatch in a head created after initialize
# =====================================================================
def bh03():
    rng = random.Random(6303)
    nodes = ["worker-0", "worker-1"]
    ips = {"worker-0": "10.42.0.11", "worker-1": "10.42.0.12"}
    t0 = dt(2024, 6, 11, 21, 40, 2, 511000)
    wi = {"worker-0": list(range(8)), "worker-1": list(range(8))}
    wi_b64 = base64.b64encode(json.dumps(wi).encode()).decode()
    L = []
    L.append("%s [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % ts_ds(add(t0, seconds=-3)))
    L.append("%s [INFO] [runner.py:463:main] Using IP address of 10.42.0.11 for node worker-0" % ts_ds(t0))
    L.append("%s [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: worker-0,worker-1" % ts_ds(add(t0, milliseconds=2)))
    L.append("%s [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w worker-0,worker-1 export NCCL_IB_HCA=mlx5; export PYTHONPATH=/workspace/rm;  cd /workspace/rm; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=%s --node_rank=%%n --master_addr=10.42.0.11 --master_port=29500 train_rm.py --model_name_or_path /models/llama3-8b-sft --deepspeed ds_z2_bf16.json --per_device_train_batch_size 4 --max_seq_len 2048 --learning_rate 9e-6" % (ts_ds(add(t0, milliseconds=2)), wi_b64))
    for n in nodes:
        tt = add(t0, seconds=3, milliseconds=rng.randint(0, 300))
        p = n + ": "
        L.append(p + "%s [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % ts_ds(tt))
        L.append(p + "%s [INFO] [launch.py:146:main] WORLD INFO DICT: {'worker-0': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-1': [0, 1, 2, 3, 4, 5, 6, 7]}" % ts_ds(add(tt, seconds=2)))
        L.append(p + "%s [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (ts_ds(add(tt, seconds=2)), nodes.index(n)))
        L.append(p + "%s [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'worker-0': [0, 1, 2, 3, 4, 5, 6, 7], 'worker-1': [8, 9, 10, 11, 12, 13, 14, 15]})" % ts_ds(add(tt, seconds=2)))
        L.append(p + "%s [INFO] [launch.py:164:main] dist_world_size=16" % ts_ds(add(tt, seconds=2)))
        L.append(p + "%s [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % ts_ds(add(tt, seconds=2)))
        L.append(p + "%s [INFO] [launch.py:253:main] process %d spawned with command: ['/usr/bin/python3', '-u', 'train_rm.py', '--local_rank=0', '--model_name_or_path', '/models/llama3-8b-sft', '--deepspeed', 'ds_z2_bf16.json']" % (ts_ds(add(tt, seconds=2)), 51220 + 40 * nodes.index(n)))
    tinit = add(t0, seconds=19)
    for r in range(16):
        n = nodes[r // 8]
        L.append("%s: %s [INFO] [comm.py:637:init_distributed] cdb=None" % (n, ts_ds(add(tinit, milliseconds=r * 13))))
    L.append("worker-0: %s [INFO] [comm.py:668:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % ts_ds(add(tinit, milliseconds=250)))
    for r in range(16):
        n = nodes[r // 8]
        L.append("%s: Loading checkpoint shards: 100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 4/4 [00:%02d<00:00,  %.2fit/s]" % (n, 9 + rng.randint(0, 4), 0.3 + rng.random() * 0.1))
    for r in (3, 12):
        n = nodes[r // 8]
        L.append("%s: %s/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()" % (n, ULT))
        L.append("%s:   return self.fget.__get__(instance, owner)()" % n)
    tds = add(t0, seconds=58)
    L.append("worker-0: %s [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.2, git-hash=unknown, git-branch=unknown" % ts_ds(tds))
    for r in range(16):
        n = nodes[r // 8]
        L.append("%s: Using /root/.cache/torch_extensions/py310_cu121 as PyTorch extensions root..." % n)
    L.append("worker-0: Detected CUDA files, patching ldflags")
    L.append("worker-0: Emitting ninja build file /root/.cache/torch_extensions/py310_cu121/fused_adam/build.ninja...")
    L.append("worker-0: Building extension module fused_adam...")
    L.append("worker-0: Allowing ninja to set a default number of workers... (overridable by setting the environment variable MAX_JOBS=N)")
    L.append("worker-0: ninja: no work to do.")
    for r in range(16):
        n = nodes[r // 8]
        L.append("%s: Loading extension module fused_adam..." % n)
        L.append("%s: Time to load fused_adam op: %.6f seconds" % (n, 0.03 + rng.random() * 0.02))
    L.append("worker-0: %s [INFO] [logging.py:96:log_dist] [Rank 0] Using DeepSpeed Optimizer param name adamw as basic optimizer" % ts_ds(add(tds, seconds=3)))
    L.append("worker-0: %s [INFO] [logging.py:96:log_dist] [Rank 0] Creating BF16 optimizer" % ts_ds(add(tds, seconds=3)))
    L.append("worker-0: %s [INFO] [stage_1_and_2.py:148:__init__] Reduce bucket size 500000000" % ts_ds(add(tds, seconds=3)))
    L.append("worker-0: %s [INFO] [stage_1_and_2.py:149:__init__] Allgather bucket size 500000000" % ts_ds(add(tds, seconds=3)))
    L.append("worker-0: %s [INFO] [stage_1_and_2.py:550:__init__] optimizer state initialized" % ts_ds(add(tds, seconds=9)))
    L.append("worker-0: %s [INFO] [config.py:996:print] DeepSpeedEngine configuration:" % ts_ds(add(tds, seconds=9)))
    for k, v in [("bfloat16_enabled", "True"), ("fp16_enabled", "False"), ("gradient_accumulation_steps", "4"),
                 ("train_batch_size", "256"), ("train_micro_batch_size_per_gpu", "4"), ("zero_enabled", "True"),
                 ("zero_optimization_stage", "2"), ("gradient_clipping", "1.0")]:
        L.append("worker-0: %s [INFO] [config.py:1000:print]   %s %s" % (ts_ds(add(tds, seconds=9)), k.ljust(30), v))
    hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    for r in range(16):
        n = nodes[r // 8]
        for l in nccl_init_lines(n, 51220 + r * 5, 51220 + r * 5 + 600, r % 8, r, 16, 2, ips[n], "eth0", hcas, rng,
                                 version="2.20.5+cuda12.4", comm_id="0x0c7e91d4ab2f3390", channels=2):
            L.append("%s: %s" % (n, l))
    L.append("worker-0: ***** Running training *****")
    L.append("worker-0:   Num examples = 161,882  |  Num epochs = 1  |  Steps = 632")
    tf = add(tds, seconds=31)
    frames = [
        ("/workspace/rm/train_rm.py", 244, "<module>", "main()"),
        ("/workspace/rm/train_rm.py", 207, "main", "chosen_r, rejected_r = model_engine(**batch)"),
        (ULT + "/torch/nn/modules/module.py", 1532, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (ULT + "/torch/nn/modules/module.py", 1541, "_call_impl", "return forward_call(*args, **kwargs)"),
        (ULT + "/deepspeed/utils/nvtx.py", 15, "wrapped_fn", "ret_val = func(*args, **kwargs)"),
        (ULT + "/deepspeed/runtime/engine.py", 1855, "forward", "loss = self.module(*inputs, **kwargs)"),
        (ULT + "/torch/nn/modules/module.py", 1532, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (ULT + "/torch/nn/modules/module.py", 1541, "_call_impl", "return forward_call(*args, **kwargs)"),
        ("/workspace/rm/reward_model.py", 63, "forward", "rewards = self.v_head(hidden).squeeze(-1)"),
        (ULT + "/torch/nn/modules/module.py", 1532, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (ULT + "/torch/nn/modules/module.py", 1541, "_call_impl", "return forward_call(*args, **kwargs)"),
        (ULT + "/torch/nn/modules/linear.py", 116, "forward", "return F.linear(input, self.weight, self.bias)"),
    ]
    exc = ["RuntimeError: expected mat1 and mat2 to have the same dtype, but got: c10::BFloat16 != float"]
    order = list(range(16))
    rng.shuffle(order)
    for r in order:
        n = nodes[r // 8]
        for l in traceback(frames, exc):
            L.append("%s: %s" % (n, l))
    tk = add(tf, seconds=2)
    for ni, n in enumerate(nodes):
        for j in range(8):
            L.append("%s: %s [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (n, ts_ds(add(tk, milliseconds=ni * 40 + j * 3)), 51220 + (ni * 8 + j) * 5))
        L.append("%s: %s [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python3', '-u', 'train_rm.py', '--local_rank=7', '--model_name_or_path', '/models/llama3-8b-sft', '--deepspeed', 'ds_z2_bf16.json', '--per_device_train_batch_size', '4', '--max_seq_len', '2048', '--learning_rate', '9e-6'] exits with return code = 1" % (n, ts_ds(add(tk, milliseconds=ni * 40 + 40))))
    L.append("pdsh@worker-0: worker-1: ssh exited with exit code 1")
    L.append("pdsh@worker-0: worker-0: ssh exited with exit code 1")
    files = {"ds_train.log": write_lines(L)}
    files["hostfile"] = "worker-0 slots=8\nworker-1 slots=8\n"
    files["ds_z2_bf16.json"] = json.dumps({"train_batch_size": 256, "train_micro_batch_size_per_gpu": 4,
                                           "gradient_accumulation_steps": 4, "bf16": {"enabled": True},
                                           "zero_optimization": {"stage": 2, "overlap_comm": True, "contiguous_gradients": True},
                                           "gradient_clipping": 1.0,
                                           "optimizer": {"type": "AdamW", "params": {"lr": 9e-6, "betas": [0.9, 0.95], "weight_decay": 0.0}}},
                                          indent=2) + "\n"
    for ni, n in enumerate(nodes):
        files["%s/dmesg.txt" % n] = write_lines([
            "[    4.118230] nvidia-nvlink: Nvlink Core is being initialized, major device number 511",
            "[    4.402771] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024",
            "[   11.901224] nvidia-fabricmanager: Successfully configured all the available NVSwitches",
            "[ 8211.330142] mlx5_core 0000:%02x:00.0: mlx5_fw_tracer_handle_traces:714:(pid 1208): FW tracer: ring overflow, dropping traces" % (0x19 + ni),
            "[%d.%06d] IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready" % (12 + ni, 810221),
        ])
        files["%s/nvidia-smi-after.txt" % n] = write_lines(
            nvidia_smi(add(tk, minutes=2), [{"used_mib": 0, "util": 0, "temp": 31 + i % 3, "power": 71} for i in range(8)], []))
    label = lab("user_code", "script", None, "stop",
                "All 16 ranks on both workers raise 'expected mat1 and mat2 to have the same dtype, but got: c10::BFloat16 != float' in the reward head's Linear on the first forward: the engine runs in bf16 but the v_head weight is float32. Same deterministic error everywhere.",
                "https://github.com/deepspeedai/DeepSpeed/issues/3853")
    return mk("bh03_bfloat16_float_dtype_error_first_forward", files, label)


# =====================================================================
# bh04 resume: Missing key(s) / Unexpected key(s) _orig_mod. on every rank
# =====================================================================
def _gpt_keys(nlayer, prefix=""):
    keys = [prefix + "transformer.wte.weight", prefix + "transformer.wpe.weight"]
    for i in range(nlayer):
        for s in ("ln_1.weight", "ln_1.bias", "attn.c_attn.weight", "attn.c_attn.bias", "attn.c_proj.weight",
                  "attn.c_proj.bias", "ln_2.weight", "ln_2.bias", "mlp.c_fc.weight", "mlp.c_fc.bias",
                  "mlp.c_proj.weight", "mlp.c_proj.bias"):
            keys.append("%stransformer.h.%d.%s" % (prefix, i, s))
    keys += [prefix + "transformer.ln_f.weight", prefix + "transformer.ln_f.bias", prefix + "lm_head.weight"]
    return keys


def bh04():
    rng = random.Random(6304)
    nodes = ["train-st-p5-%d" % i for i in range(1, 9)]
    t0 = dt(2024, 7, 2, 3, 10, 44, 118000)
    missing = ", ".join('"%s"' % k for k in _gpt_keys(12))
    unexpected = ", ".join('"%s"' % k for k in _gpt_keys(12, "_orig_mod."))
    files = {}
    for ni, n in enumerate(nodes):
        L = []
        L.append("%s torch.distributed.run: [WARNING] " % ts_ds(t0))
        L.append("%s torch.distributed.run: [WARNING] *****************************************" % ts_ds(t0))
        L.append("%s torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_ds(t0))
        L.append("%s torch.distributed.run: [WARNING] *****************************************" % ts_ds(t0))
        ranks = range(ni * 8, ni * 8 + 8)
        fails = {}
        for r in ranks:
            tt = add(t0, seconds=21, milliseconds=rng.randint(0, 400))
            L.append("[rank%d]: %s - llmpt - INFO - rank %d/64 local_rank %d world initialised (backend=nccl)" % (r, ts_py(tt), r, r % 8))
        for r in ranks:
            tt = add(t0, seconds=34, milliseconds=rng.randint(0, 600))
            L.append("[rank%d]: %s - llmpt - INFO - model GPT(n_layer=12, n_head=16, n_embd=2048, vocab=50304) params=0.76B compile=False" % (r, ts_py(tt)))
        for r in ranks:
            tt = add(t0, seconds=36, milliseconds=rng.randint(0, 600))
            L.append("[rank%d]: %s - llmpt - INFO - resuming from /fsx/ckpt/llm-pt-760m/step_0042000/model.pt" % (r, ts_py(tt)))
        for r in ranks:
            tf = add(t0, seconds=61, milliseconds=rng.randint(0, 2500))
            fails[r] = tf
            fr = [("/fsx/code/llm-pt/train.py", 412, "<module>", "main()"),
                  ("/fsx/code/llm-pt/train.py", 301, "main", "start_step = load_checkpoint(model, optimizer, args.resume)"),
                  ("/fsx/code/llm-pt/ckpt.py", 58, "load_checkpoint", 'model.load_state_dict(state["model"])'),
                  (ULT + "/torch/nn/modules/module.py", 2189, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")]
            L.extend(traceback(fr, ["RuntimeError: Error(s) in loading state_dict for GPT:",
                                    "\tMissing key(s) in state_dict: %s. " % missing,
                                    "\tUnexpected key(s) in state_dict: %s. " % unexpected], prefix="[rank%d]: " % r))
        tag = add(max(fails.values()), seconds=1)
        first = min(ranks, key=lambda r: fails[r])
        L.append(elastic_failed_line(tag, 1, first % 8, 22310 + first, style="old", binary="/fsx/envs/llmpt/bin/python"))
        root = {"time": fails[first], "host": n, "rank": first, "local_rank": first % 8, "exitcode": 1, "pid": 22310 + first, "error_file": None}
        others = [{"time": fails[r], "host": n, "rank": r, "local_rank": r % 8, "exitcode": 1, "pid": 22310 + r, "error_file": None}
                  for r in sorted(ranks, key=lambda r: fails[r]) if r != first]
        L.extend(elastic_summary("/fsx/code/llm-pt/train.py", root, others, torchrun_bin="/fsx/envs/llmpt/bin/torchrun"))
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (n, ni))
        files["%s/llm-pt-48211-%s.out" % (n, n)] = write_lines(L)
    # harmless earlier Lustre reconnect on node 6 while the checkpoint was read
    files["%s/dmesg.txt" % nodes[5]] = write_lines([
        "[312004.118290] Lustre: Mounted fsx-client",
        "[418833.902114] LustreError: 11-0: fsx-OST0003-osc-ffff9a81c3d2e800: operation ost_read to node 10.1.4.21@tcp failed: rc = -107",
        "[418833.902131] Lustre: fsx-OST0003-osc-ffff9a81c3d2e800: Connection to fsx-OST0003 (at 10.1.4.21@tcp) was lost; in progress operations using this service will wait for recovery to complete",
        "[418834.611702] Lustre: fsx-OST0003-osc-ffff9a81c3d2e800: Connection restored to 10.1.4.21@tcp (at 10.1.4.21@tcp)",
    ])
    files["sbatch_llm-pt.sh"] = write_lines([
        "#!/bin/bash", "#SBATCH --job-name=llm-pt", "#SBATCH --nodes=8", "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gpus-per-node=8", "#SBATCH --exclusive", "#SBATCH --output=%x-%j-%N.out", "",
        "export NCCL_DEBUG=WARN", "export FI_PROVIDER=efa", "",
        "srun --output=llm-pt-%j-%N.out torchrun --nnodes=8 --nproc_per_node=8 --rdzv_backend=c10d \\",
        "    --rdzv_endpoint=$(scontrol show hostnames $SLURM_NODELIST | head -n1):29500 \\",
        "    /fsx/code/llm-pt/train.py --config configs/760m.yaml --resume /fsx/ckpt/llm-pt-760m/step_0042000/model.pt --compile false",
    ])
    files["sacct-48211.txt"] = write_lines([
        "       JobID    JobName      State ExitCode    Elapsed        NodeList",
        "------------ ---------- ---------- -------- ---------- ---------------",
        "       48211     llm-pt     FAILED      1:0   00:01:19 train-st-p5-[1-8]",
        " 48211.batch      batch     FAILED      1:0   00:01:19   train-st-p5-1",
        "     48211.0   torchrun     FAILED      1:0   00:01:15 train-st-p5-[1-8]",
    ])
    label = lab("user_code", "script", None, "stop",
                "On resume, all 64 ranks fail in load_state_dict with Missing key(s) 'transformer.*' and Unexpected key(s) '_orig_mod.transformer.*': the checkpoint was saved from a torch.compile'd model and is being loaded into an uncompiled one. The Lustre reconnect on node 6 was earlier and recovered.",
                "https://github.com/AlmondGod/tinyworlds/pull/13")
    return mk("bh04_resume_fails_missing_and_unexpected_keys", files, label)


# =====================================================================
# bh05 Megatron: size mismatch for embedding.word_embeddings.weight
# =====================================================================
def bh05():
    rng = random.Random(6305)
    nodes = ["dgx-b12-%02d" % i for i in range(1, 9)]
    t0 = dt(2025, 1, 27, 16, 5, 31)
    L = []
    L.append("0: using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ")
    L.append("0: WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG")
    L.append("0: using torch.bfloat16 for parameters ...")
    L.append("0: ------------------------ arguments ------------------------")
    args = [("accumulate_allreduce_grads_in_fp32", "True"), ("bf16", "True"), ("ckpt_format", "torch"),
            ("data_path", "['/lustre/data/cpt_mix/mix_text_document']"), ("distributed_timeout_minutes", "10"),
            ("ffn_hidden_size", "28672"), ("finetune", "False"), ("global_batch_size", "1024"),
            ("hidden_size", "8192"), ("load", "/lustre/ckpt/llama3-70b-mcore-tp8"), ("lr", "1.5e-05"),
            ("make_vocab_size_divisible_by", "128"), ("micro_batch_size", "1"), ("no_load_optim", "True"),
            ("num_attention_heads", "64"), ("num_layers", "80"), ("num_query_groups", "8"),
            ("pipeline_model_parallel_size", "1"), ("seq_length", "8192"), ("tensor_model_parallel_size", "8"),
            ("tokenizer_model", "/lustre/tokenizers/cpt-v2-129k"), ("tokenizer_type", "HuggingFaceTokenizer"),
            ("use_distributed_optimizer", "True"), ("use_mcore_models", "True")]
    for k, v in args:
        L.append("0:   %s %s %s" % (k, "." * (48 - len(k)), v))
    L.append("0: -------------------- end of arguments ---------------------")
    L.append("0: setting number of micro-batches to constant 128")
    L.append("0: > building HuggingFaceTokenizer tokenizer ...")
    L.append("0:  > padded vocab (size: 129280) with 768 dummy tokens (new size: 130048)")
    L.append("0: > initializing torch distributed ...")
    L.append("0: > initialized tensor model parallel with size 8")
    L.append("0: > initialized pipeline model parallel with size 1")
    L.append("0: > setting random seeds to 1234 ...")
    L.append("0: > compiling dataset index builder ...")
    L.append("0: make: Entering directory '/opt/megatron-lm/megatron/core/datasets'")
    L.append("0: make: Nothing to be done for 'default'.")
    L.append("0: make: Leaving directory '/opt/megatron-lm/megatron/core/datasets'")
    L.append("0: >>> done with dataset index builder. Compilation time: 0.071 seconds")
    L.append("0: > compiling and loading fused kernels ...")
    L.append("0: >>> done with compiling and loading fused kernels. Compilation time: 2.418 seconds")
    L.append("0: time to initialize megatron (seconds): 38.113")
    L.append("0: [after megatron is initialized] datetime: %s " % t0.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("0: building GPT model ...")
    for r in range(0, 8):
        L.append("%d:  > number of parameters on (tensor, pipeline) model parallel rank (%d, 0): %d" % (r, r, 8829976576))
    L.append("0: INFO:megatron.core.distributed.distributed_data_parallel:Setting up DistributedDataParallel with config DistributedDataParallelConfig(grad_reduce_in_fp32=True, overlap_grad_reduce=True, overlap_param_gather=False, align_param_gather=False, use_distributed_optimizer=True, check_for_nan_in_grad=True, bucket_size=40000000, average_in_collective=False, fp8_param_gather=False)")
    L.append("0: INFO:megatron.core.distributed.param_and_grad_buffer:Number of buckets for gradient all-reduce / reduce-scatter: 221")
    L.append("0: INFO:megatron.core.optimizer:Setting up optimizer with config OptimizerConfig(optimizer='adam', lr=1.5e-05, min_lr=1.5e-06, weight_decay=0.1, fp16=False, bf16=True, params_dtype=torch.bfloat16, use_distributed_optimizer=True)")
    L.append("0: > learning rate decay style: cosine")
    L.append("0:  loading checkpoint from /lustre/ckpt/llama3-70b-mcore-tp8 at iteration 12000")
    L.append("0:  checkpoint version 3.0")
    frames = [("/opt/megatron-lm/pretrain_gpt.py", 258, "<module>", "pretrain("),
              ("/opt/megatron-lm/megatron/training/training.py", 282, "pretrain", "model, optimizer, opt_param_scheduler = setup_model_and_optimizer("),
              ("/opt/megatron-lm/megatron/training/training.py", 665, "setup_model_and_optimizer", "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint("),
              ("/opt/megatron-lm/megatron/training/checkpointing.py", 1190, "load_checkpoint", "model[0].load_state_dict(state_dict['model'], strict=strict)"),
              ("/opt/megatron-lm/megatron/core/transformer/module.py", 189, "load_state_dict", "self.module.load_state_dict(state_dict, strict=strict)"),
              (ULT + "/torch/nn/modules/module.py", 2215, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")]
    exc = ["RuntimeError: Error(s) in loading state_dict for GPTModel:",
           "\tsize mismatch for embedding.word_embeddings.weight: copying a param with shape torch.Size([16128, 8192]) from checkpoint, the shape in current model is torch.Size([16256, 8192]).",
           "\tsize mismatch for output_layer.weight: copying a param with shape torch.Size([16128, 8192]) from checkpoint, the shape in current model is torch.Size([16256, 8192])."]
    order = list(range(64))
    rng.shuffle(order)
    for r in order:
        L.extend(traceback(frames, exc, prefix="%d: " % r))
    node_order = list(range(8))
    rng.shuffle(node_order)
    for ni in node_order:
        L.append("srun: error: %s: tasks %d-%d: Exited with exit code 1" % (nodes[ni], ni * 8, ni * 8 + 7))
    files = {"slurm-2290417.out": write_lines(L)}
    for ni, n in enumerate(nodes):
        if ni in (0, 4, 6):
            files["%s/nvidia-fabricmanager.log" % n] = write_lines([
                "[Jan 20 2025 04:11:02] [INFO] [tid 2311] Fabric Manager version 550.127.08 is running with the following configuration options",
                "[Jan 20 2025 04:11:02] [INFO] [tid 2311] Logging level = 4",
                "[Jan 20 2025 04:11:05] [INFO] [tid 2311] Connected to 1 node.",
                "[Jan 20 2025 04:11:05] [INFO] [tid 2311] Getting fabric node FM database",
                "[Jan 20 2025 04:11:07] [INFO] [tid 2311] Successfully configured all the available NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once the GPUs are successfully registered with the NVLink fabric.",
            ])
        files["%s/prolog-health.txt" % n] = write_lines([
            "%s prolog: node=%s job=2290417" % (ts_iso(add(t0, minutes=-2)), n),
            "%s prolog: dcgmi diag -r 1 ... PASS" % ts_iso(add(t0, minutes=-2, seconds=14)),
            "%s prolog: ib ports active 8/8" % ts_iso(add(t0, minutes=-2, seconds=15)),
            "%s prolog: /lustre mounted rw" % ts_iso(add(t0, minutes=-2, seconds=15)),
        ])
    label = lab("user_code", "script", None, "stop",
                "All 64 ranks fail loading the iteration-12000 checkpoint with 'size mismatch for embedding.word_embeddings.weight' (16128 vs 16256 rows per TP shard): the run now uses a 129280-token tokenizer padded to 130048 while the checkpoint was trained with a smaller vocabulary. Deterministic configuration error; all prologs passed.",
                "https://github.com/Jiuzhouh/PiVe/issues/4")
    return mk("bh05_megatron_checkpoint_size_mismatch_all_ranks", files, label)


# =====================================================================
# bh06 HF Trainer: one rank hits a device-side assert, the rest time out
# =====================================================================
def bh06():
    rng = random.Random(6306)
    nodes = ["gpu-e05", "gpu-e06", "gpu-e07", "gpu-e08"]
    t0 = dt(2024, 8, 21, 13, 30, 4, 120000)
    bad_rank = 19
    step_fail = 1375
    sec_per_step = 1.62
    t_fail = add(t0, seconds=95 + step_fail * sec_per_step, milliseconds=331)
    files = {}
    pids = {r: 220100 + (r % 8) * 3 + (r // 8) * 1000 for r in range(32)}
    for ni, n in enumerate(nodes):
        L = []
        L.append("W%s 139911 torch/distributed/run.py:779] " % ts_glog(t0, ""))
        L.append("W%s 139911 torch/distributed/run.py:779] *****************************************" % ts_glog(t0, ""))
        L.append("W%s 139911 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_glog(t0, ""))
        L.append("W%s 139911 torch/distributed/run.py:779] *****************************************" % ts_glog(t0, ""))
        ranks = list(range(ni * 8, ni * 8 + 8))
        for r in ranks:
            tt = add(t0, seconds=9, milliseconds=rng.randint(0, 700))
            L.append("[rank%d]: %s - INFO - __main__ - Process rank: %d, device: cuda:%d, n_gpu: 1, distributed training: True, 16-bits training: False" % (r, ts_py(tt), r, r % 8))
        if ni == 0:
            tt = add(t0, seconds=12)
            L.append("[rank0]: %s - INFO - __main__ - added special tokens ['<|im_start|>', '<|im_end|>', '<|tool_call|>'] -> len(tokenizer)=32003" % ts_py(tt))
            L.append("[rank0]: [INFO|configuration_utils.py:733] %s >> loading configuration file /models/llama2-7b-base/config.json" % ts_py(tt))
            L.append("[rank0]: [INFO|configuration_utils.py:800] %s >> Model config LlamaConfig {" % ts_py(tt))
            for kv in ['"architectures": ["LlamaForCausalLM"]', '"hidden_size": 4096', '"intermediate_size": 11008',
                       '"max_position_embeddings": 4096', '"num_attention_heads": 32', '"num_hidden_layers": 32',
                       '"torch_dtype": "bfloat16"', '"transformers_version": "4.43.3"', '"vocab_size": 32000']:
                L.append("[rank0]:   %s," % kv)
            L.append("[rank0]: }")
            L.append("[rank0]: Loading checkpoint shards: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 2/2 [00:04<00:00,  2.11s/it]")
            L.append("[rank0]: You are resizing the embedding layer without providing a `pad_to_multiple_of` parameter. This means that the new embedding dimension will be 32002. This might induce some performance reduction as *Tensor Cores* will not be available. For more details about this, or help on choosing the correct value for resizing, refer to this guide: https://docs.nvidia.com/deeplearning/performance/dl-performance-matrix-multiplication/index.html#requirements-tc")
            L.append("[rank0]: %s - INFO - __main__ - embedding rows after resize: 32002" % ts_py(add(tt, seconds=6)))
            L.append("[rank0]: [INFO|trainer.py:2134] %s >> ***** Running training *****" % ts_py(add(t0, seconds=95)))
            L.append("[rank0]: [INFO|trainer.py:2135] %s >>   Num examples = 412,310" % ts_py(add(t0, seconds=95)))
            L.append("[rank0]: [INFO|trainer.py:2136] %s >>   Num Epochs = 2" % ts_py(add(t0, seconds=95)))
            L.append("[rank0]: [INFO|trainer.py:2137] %s >>   Instantaneous batch size per device = 4" % ts_py(add(t0, seconds=95)))
            L.append("[rank0]: [INFO|trainer.py:2140] %s >>   Total train batch size (w. parallel, distributed & accumulation) = 256" % ts_py(add(t0, seconds=95)))
            L.append("[rank0]: [INFO|trainer.py:2141] %s >>   Gradient Accumulation steps = 2" % ts_py(add(t0, seconds=95)))
            L.append("[rank0]: [INFO|trainer.py:2142] %s >>   Total optimization steps = 3,222" % ts_py(add(t0, seconds=95)))
            loss = 1.91
            for s in range(10, step_fail, 10):
                loss = max(0.72, loss - 0.0011 * 10 + (rng.random() - 0.5) * 0.02)
                if s % 50 == 0:
                    L.append("[rank0]: " + hf_progress(s, 3222, s * sec_per_step, sec_per_step + rng.random() * 0.03))
                L.append("[rank0]: {'loss': %.4f, 'grad_norm': %.6f, 'learning_rate': %.10e, 'epoch': %.2f}" % (
                    loss, 0.6 + rng.random() * 0.5, 2e-5 * min(1.0, s / 100.0), s / 1611.0))
        if ni == 2:
            tt = t_fail
            for k in range(48):
                blk = 0x1c0 + k // 16
                L.append("[rank%d]: ../aten/src/ATen/native/cuda/Indexing.cu:1290: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (bad_rank, blk, 64 + k % 32))
            fr = [("/home/sft/train_sft.py", 188, "<module>", "main()"),
                  ("/home/sft/train_sft.py", 181, "main", "trainer.train(resume_from_checkpoint=args.resume)"),
                  (ULT + "/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                  (ULT + "/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                  (ULT + "/transformers/trainer.py", 3318, "training_step", "loss = self.compute_loss(model, inputs)"),
                  (ULT + "/transformers/trainer.py", 3363, "compute_loss", "outputs = model(**inputs)"),
                  (ULT + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                  (ULT + "/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
                  (ULT + "/torch/nn/parallel/distributed.py", 1636, "forward", "else self._run_ddp_forward(*inputs, **kwargs)"),
                  (ULT + "/torch/nn/parallel/distributed.py", 1454, "_run_ddp_forward", "return self.module(*inputs, **kwargs)  # type: ignore[index]"),
                  (ULT + "/transformers/models/llama/modeling_llama.py", 1189, "forward", "outputs = self.model("),
                  (ULT + "/transformers/models/llama/modeling_llama.py", 977, "forward", "causal_mask = self._update_causal_mask("),
                  (ULT + "/transformers/models/llama/modeling_llama.py", 1073, "_update_causal_mask", "if AttentionMaskConverter._ignore_causal_mask_sdpa("),
                  (ULT + "/transformers/modeling_attn_mask_utils.py", 284, "_ignore_causal_mask_sdpa", "elif (is_training or not is_tracing) and torch.all(attention_mask == 1):")]
            exc = ["RuntimeError: CUDA error: device-side assert triggered",
                   "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                   "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                   "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]
            L.extend(traceback(fr, exc, prefix="[rank%d]: " % bad_rank))
            tk = add(tt, seconds=2, milliseconds=140)
            others_pids = [pids[r] for r in ranks if r != bad_rank]
            L.extend(elastic_agent_sigterm(tk, others_pids, agent_tid=139911))
            L.append(elastic_failed_line(add(tk, seconds=3), 1, bad_rank % 8, pids[bad_rank], agent_tid=139911))
            root = {"time": tt, "host": n + ".hpc.lan", "rank": bad_rank, "local_rank": bad_rank % 8, "exitcode": 1,
                    "pid": pids[bad_rank], "error_file": None}
            L.extend(elastic_summary("train_sft.py", root, []))
        else:
            tw = add(t_fail, seconds=1800, milliseconds=rng.randint(20, 60))
            fails = {}
            for r in ranks:
                tr = add(tw, milliseconds=rng.randint(0, 1500))
                fails[r] = tr
                L.extend(watchdog_timeout(r, tr, 27507, "ALLREDUCE", 67895296, 1800000, rng=rng))
            tk = add(max(fails.values()), seconds=2)
            first = min(ranks, key=lambda r: fails[r])
            others_pids = [pids[r] for r in ranks if r != first]
            L.extend(elastic_agent_sigterm(tk, others_pids, agent_tid=139911))
            L.append(elastic_failed_line(add(tk, seconds=2), -6, first % 8, pids[first], agent_tid=139911))
            root = {"time": fails[first], "host": n + ".hpc.lan", "rank": first, "local_rank": first % 8, "exitcode": -6,
                    "pid": pids[first], "error_file": None}
            L.extend(elastic_summary("train_sft.py", root, []))
        files["%s/train.log" % n] = write_lines(L)
    # journald on gpu-e07 is in local time (CEST); the Xid 43 follows the assert
    cest = timezone(timedelta(hours=2))
    tj = t_fail.astimezone(cest)
    files["gpu-e07/journal-kernel.txt"] = write_lines([
        "%s gpu-e07 kernel: nvidia-nvswitch2: open (major=511)" % ts_iso(add(t0, hours=-3).astimezone(cest)),
        "%s gpu-e07 kernel: NVRM: GPU at PCI:0000:5d:00: GPU-3c1ea0b4-77d2-4a8f-b0e1-9a9e61d2c0f4" % ts_iso(add(tj, seconds=1, microseconds=90211)),
        "%s gpu-e07 kernel: NVRM: Xid (PCI:0000:5d:00): 43, pid=%d, name=python3, Ch 00000009" % (ts_iso(add(tj, seconds=1, microseconds=90318)), pids[bad_rank]),
        "%s gpu-e07 systemd[1]: session-1883.scope: Deactivated successfully." % ts_iso(add(tj, seconds=11)),
    ])
    for n in ("gpu-e05", "gpu-e08"):
        files["%s/journal-kernel.txt" % n] = write_lines([
            "%s %s kernel: nvidia-nvswitch0: open (major=511)" % (ts_iso(add(t0, hours=-3).astimezone(cest)), n),
            "%s %s kernel: mlx5_core 0000:0c:00.0: mlx5_pcie_event:301:(pid 118): PCIe slot advertised sufficient power (27W)." % (ts_iso(add(t0, hours=-3, seconds=9).astimezone(cest)), n),
        ])
    label = lab("user_code", "script", None, "stop",
                "Rank 19 (gpu-e07) hit 'indexSelectLargeIndex ... Assertion srcIndex < srcSelectDimSize failed' at step 1375 and the other 24 ranks on e05/e06/e08 only report watchdog timeouts 30 minutes later. The tokenizer has 32003 tokens but the embedding was resized to 32002 rows, so any sample with the last added token indexes out of range; the Xid 43 on e07 is the driver reacting to the asserting process, not a hardware fault.",
                "https://github.com/shibing624/MedicalGPT/issues/275")
    return mk("bh06_one_rank_device_assert_then_watchdog_flood", files, label)


# =====================================================================
# bh07 HF Trainer: KeyError in the collator on every rank
# =====================================================================
def bh07():
    rng = random.Random(6307)
    nodes = ["ml-gpu-3", "ml-gpu-4"]
    t0 = dt(2024, 10, 9, 17, 22, 40, 811000)
    files = {}
    for ni, n in enumerate(nodes):
        L = []
        L.append("The following values were not passed to `accelerate launch` and had defaults used instead:")
        L.append("\t`--dynamo_backend` was set to a value of `'no'`")
        L.append("To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.")
        L.append("W%s 140102 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_glog(t0, ""))
        ranks = list(range(ni * 8, ni * 8 + 8))
        if ni == 1:
            tt = add(t0, seconds=7)
            L.append("[rank11]: '(ReadTimeoutError(\"HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read timeout=10)\"), '(Request ID: 6c1f0e2a-91d2-4f3b-a0c1-77e41b9f02aa)')' thrown while requesting HEAD https://huggingface.co/meta-llama/Meta-Llama-3-8B/resolve/main/config.json")
            L.append("[rank11]: Retrying in 1s [Retry 1/5].")
        for r in ranks:
            tt = add(t0, seconds=19, milliseconds=rng.randint(0, 900))
            L.append("[rank%d]: %s - INFO - sft - rank %d: loaded 288,114 train / 2,000 eval examples from /data/sft/v7" % (r, ts_py(tt), r))
        if ni == 0:
            tt = add(t0, seconds=63)
            L.append("[rank0]: [INFO|trainer.py:811] %s >> The following columns in the training set don't have a corresponding argument in `LlamaForCausalLM.forward` and have been ignored: prompt_len, response_mask. If prompt_len, response_mask are not expected by `LlamaForCausalLM.forward`,  you can safely ignore this message." % ts_py(tt))
            L.append("[rank0]: [INFO|trainer.py:2243] %s >> ***** Running training *****" % ts_py(tt))
            L.append("[rank0]: [INFO|trainer.py:2244] %s >>   Num examples = 288,114" % ts_py(tt))
            L.append("[rank0]: [INFO|trainer.py:2245] %s >>   Num Epochs = 3" % ts_py(tt))
            L.append("[rank0]: [INFO|trainer.py:2246] %s >>   Instantaneous batch size per device = 8" % ts_py(tt))
            L.append("[rank0]: [INFO|trainer.py:2249] %s >>   Total train batch size (w. parallel, distributed & accumulation) = 128" % ts_py(tt))
            L.append("[rank0]: [INFO|trainer.py:2250] %s >>   Gradient Accumulation steps = 1" % ts_py(tt))
            L.append("[rank0]: [INFO|trainer.py:2251] %s >>   Total optimization steps = 6,753" % ts_py(tt))
            L.append("[rank0]: [INFO|trainer.py:2252] %s >>   Number of trainable parameters = 8,030,261,248" % ts_py(tt))
            L.append("[rank0]:   0%|          | 0/6753 [00:00<?, ?it/s]")
        fails = {}
        for r in ranks:
            tf = add(t0, seconds=66, milliseconds=rng.randint(0, 1200))
            fails[r] = tf
            fr = [("/home/jlee/sft/sft.py", 231, "<module>", "main()"),
                  ("/home/jlee/sft/sft.py", 224, "main", "trainer.train()"),
                  (ULT + "/transformers/trainer.py", 2052, "train", "return inner_training_loop("),
                  (ULT + "/transformers/trainer.py", 2345, "_inner_training_loop", "for step, inputs in enumerate(epoch_iterator):"),
                  (ULT + "/accelerate/data_loader.py", 550, "__iter__", "current_batch = next(dataloader_iter)"),
                  (ULT + "/torch/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
                  (ULT + "/torch/utils/data/dataloader.py", 1344, "_next_data", "return self._process_data(data)"),
                  (ULT + "/torch/utils/data/dataloader.py", 1370, "_process_data", "data.reraise()"),
                  (ULT + "/torch/_utils.py", 706, "reraise", "raise exception")]
            exc = ["KeyError: Caught KeyError in DataLoader worker process 0.",
                   "Original Traceback (most recent call last):",
                   '  File "%s/torch/utils/data/_utils/worker.py", line 309, in _worker_loop' % ULT,
                   "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                   '  File "%s/torch/utils/data/_utils/fetch.py", line 55, in fetch' % ULT,
                   "    return self.collate_fn(data)",
                   '  File "%s/transformers/trainer_utils.py", line 814, in __call__' % ULT,
                   "    return self.data_collator(features)",
                   '  File "/home/jlee/sft/collators.py", line 47, in __call__',
                   '    mask = torch.stack([torch.tensor(f["response_mask"]) for f in features])',
                   '  File "/home/jlee/sft/collators.py", line 47, in <listcomp>',
                   '    mask = torch.stack([torch.tensor(f["response_mask"]) for f in features])',
                   "KeyError: 'response_mask'", ""]
            L.extend(traceback(fr, exc, prefix="[rank%d]: " % r))
        tk = add(max(fails.values()), seconds=1)
        first = min(ranks, key=lambda r: fails[r])
        L.append(elastic_failed_line(tk, 1, first % 8, 71200 + first, agent_tid=140102))
        root = {"time": fails[first], "host": n, "rank": first, "local_rank": first % 8, "exitcode": 1, "pid": 71200 + first, "error_file": None}
        others = [{"time": fails[r], "host": n, "rank": r, "local_rank": r % 8, "exitcode": 1, "pid": 71200 + r, "error_file": None}
                  for r in sorted(ranks, key=lambda r: fails[r]) if r != first]
        L.extend(elastic_summary("sft.py", root, others, torchrun_bin="/usr/local/bin/accelerate"))
        L.append("Traceback (most recent call last):")
        L.append('  File "/usr/local/bin/accelerate", line 8, in <module>')
        L.append("    sys.exit(main())")
        L.append("subprocess.CalledProcessError: Command '['torchrun', '--nnodes', '2', '--node_rank', '%d', 'sft.py', '--config', 'cfg/llama3_8b_sft_v7.yaml']' returned non-zero exit status 1." % ni)
        files["%s/accelerate_launch.log" % n] = write_lines(L)
    label = lab("user_code", "script", None, "stop",
                "All 16 ranks die on the first batch with 'KeyError: Caught KeyError in DataLoader worker process 0 ... KeyError: response_mask' from the custom collator; the Trainer had already reported dropping the response_mask column (remove_unused_columns). The Hub read timeout earlier was retried successfully.",
                "https://github.com/GRAAL-Research/deepparse/issues/117")
    return mk("bh07_collate_keyerror_every_rank_first_batch", files, label)


# =====================================================================
# bh08 DeepSpeed: KeyError on three ranks at step 847 after a data-mix phase change
# =====================================================================
def bh08():
    rng = random.Random(6308)
    nodes = ["ip-10-1-33-17", "ip-10-1-40-202", "ip-10-1-12-9", "ip-10-1-51-88"]
    t0 = dt(2024, 12, 3, 2, 0, 11, 409000)
    sec = 4.31
    L = []
    L.append("%s [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w ip-10-1-33-17,ip-10-1-40-202,ip-10-1-12-9,ip-10-1-51-88 export FI_EFA_USE_DEVICE_RDMA=1; cd /workspace/pt; /opt/conda/bin/python -u -m deepspeed.launcher.launch --node_rank=%%n --master_addr=10.1.33.17 --master_port=29500 pretrain.py --config cfg/3b_anneal.yaml --deepspeed cfg/ds_z2.json" % ts_ds(t0))
    for ni, n in enumerate(nodes):
        L.append("%s: %s [INFO] [launch.py:164:main] dist_world_size=32" % (n, ts_ds(add(t0, seconds=4, milliseconds=ni * 37))))
    step_log_t = lambda s: add(t0, seconds=80 + s * sec)
    for s in range(10, 847, 10):
        t = step_log_t(s)
        L.append("ip-10-1-33-17: %s [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (ts_ds(t), s, 3e-4 * (1 - s / 4000.0)))
        L.append("ip-10-1-33-17: %s [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=21.4GB, MaxMemAllocated=48.93GB" % (
            ts_ds(t), s * 4, s, 237.6 + rng.random(), 236.0 + rng.random() * 4))
        if s % 50 == 0:
            L.append("ip-10-1-33-17: %s - pretrain - INFO - step %d | loss %.4f | tokens/s/gpu %d" % (ts_py(t), s, 2.71 - s * 0.0002 + rng.random() * 0.02, 15120 + rng.randint(-80, 80)))
        if s == 840:
            L.append("ip-10-1-33-17: %s - data.mixture - INFO - entering phase 'anneal' at step 845: web_hq=0.55 books=0.12 arxiv=0.10 wiki=0.07 math=0.08 stack_v2_py=0.08" % ts_py(add(t, seconds=21)))
    tf = add(step_log_t(847), milliseconds=120)
    fail = {26: tf, 13: add(tf, milliseconds=41), 30: add(tf, milliseconds=77)}
    for r in (26, 13, 30):
        n = nodes[r // 8]
        fr = [("/workspace/pt/pretrain.py", 301, "<module>", "main(cfg)"),
              ("/workspace/pt/pretrain.py", 244, "main", "batch = next(train_iter)"),
              ("/opt/conda/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
              ("/opt/conda/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 1344, "_next_data", "return self._process_data(data)"),
              ("/opt/conda/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 1370, "_process_data", "data.reraise()"),
              ("/opt/conda/lib/python3.11/site-packages/torch/_utils.py", 706, "reraise", "raise exception")]
        exc = ["KeyError: Caught KeyError in DataLoader worker process 1.",
               "Original Traceback (most recent call last):",
               '  File "/opt/conda/lib/python3.11/site-packages/torch/utils/data/_utils/worker.py", line 309, in _worker_loop',
               "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
               '  File "/opt/conda/lib/python3.11/site-packages/torch/utils/data/_utils/fetch.py", line 33, in fetch',
               "    data.append(next(self.dataset_iter))",
               '  File "/workspace/pt/data/mixture.py", line 117, in __iter__',
               "    yield self._tokenize(src, sample)",
               '  File "/workspace/pt/data/mixture.py", line 84, in _tokenize',
               '    ids = self.tok(sample[src.text_field], add_special_tokens=False)["input_ids"]',
               "KeyError: 'text'", ""]
        for l in traceback(fr, exc, prefix="[rank%d]: " % r):
            L.append("%s: %s" % (n, l))
        tk = add(fail[r], seconds=1, milliseconds=200)
        for j in range(8):
            L.append("%s: %s [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (n, ts_ds(add(tk, milliseconds=j * 4)), 30440 + (r // 8) * 100 + j))
        L.append("%s: %s [ERROR] [launch.py:322:sigkill_handler] ['/opt/conda/bin/python', '-u', 'pretrain.py', '--local_rank=%d', '--config', 'cfg/3b_anneal.yaml', '--deepspeed', 'cfg/ds_z2.json'] exits with return code = 1" % (n, ts_ds(add(tk, milliseconds=60)), r % 8))
    L.append("pdsh@ip-10-1-33-17: ip-10-1-51-88: ssh exited with exit code 1")
    L.append("pdsh@ip-10-1-33-17: ip-10-1-40-202: ssh exited with exit code 1")
    tw = add(tf, seconds=1800, milliseconds=35)
    for r in list(range(0, 8)) + list(range(16, 24)):
        n = nodes[r // 8]
        for l in watchdog_timeout(r, add(tw, milliseconds=rng.randint(0, 900)), 19055, "ALLREDUCE", 250000000, 1800000, rng=rng):
            L.append("%s: %s" % (n, l))
    for n in (nodes[0], nodes[2]):
        L.append("%s: %s [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (n, ts_ds(add(tw, seconds=3)), 30440))
        L.append("%s: %s [ERROR] [launch.py:322:sigkill_handler] ['/opt/conda/bin/python', '-u', 'pretrain.py', '--local_rank=0', '--config', 'cfg/3b_anneal.yaml', '--deepspeed', 'cfg/ds_z2.json'] exits with return code = -6" % (n, ts_ds(add(tw, seconds=3, milliseconds=40))))
    L.append("pdsh@ip-10-1-33-17: ip-10-1-12-9: ssh exited with exit code 250")
    L.append("pdsh@ip-10-1-33-17: ip-10-1-33-17: ssh exited with exit code 250")
    files = {"ds_console.log": write_lines(L)}
    files["data_mix.yaml"] = write_lines([
        "# data mixture for 3B pretraining", "defaults:", "  text_field: text", "  min_chars: 200", "",
        "phases:", "  - name: main", "    until_step: 845", "    sources:",
        "      web_hq:   {path: s3://pt-data/web_hq/,   weight: 0.62}",
        "      books:    {path: s3://pt-data/books/,    weight: 0.14}",
        "      arxiv:    {path: s3://pt-data/arxiv/,    weight: 0.12}",
        "      wiki:     {path: s3://pt-data/wiki/,     weight: 0.12}",
        "  - name: anneal", "    from_step: 845", "    sources:",
        "      web_hq:   {path: s3://pt-data/web_hq/,   weight: 0.55}",
        "      books:    {path: s3://pt-data/books/,    weight: 0.12}",
        "      arxiv:    {path: s3://pt-data/arxiv/,    weight: 0.10}",
        "      wiki:     {path: s3://pt-data/wiki/,     weight: 0.07}",
        "      math:     {path: s3://pt-data/openwebmath/, weight: 0.08}",
        "      stack_v2_py: {path: s3://pt-data/the-stack-v2-dedup/python/, weight: 0.08}   # records: {blob_id, content, repo_name, ...}",
    ])
    for ni, n in enumerate(nodes):
        files["%s/dmesg.txt" % n] = write_lines([
            "[    3.221048] efa 0000:%02x:00.0: Setup irq:0x%x name:efa-mgmnt@pci:0000:%02x:00.0" % (0x31 + ni, 0x2f, 0x31 + ni),
            "[    9.118271] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024",
            "[  341.001823] nvidia-fabricmanager: Successfully configured all the available NVSwitches",
        ])
    topo = {"topology": {"spine-az1-a": nodes[:2], "spine-az1-b": nodes[2:]}}
    label = lab("user_code", "script", None, "stop",
                "At step 847, two steps after the data mixture switched to its 'anneal' phase, ranks 26, 13 and 30 raise KeyError: 'text' in the mixture tokenizer; the new stack_v2_py source stores its text under 'content'. The other 16 ranks only show watchdog timeouts 30 minutes later. Deterministic data-config error, not a node fault.",
                "https://github.com/lhoyer/DAFormer/issues/30")
    return mk("bh08_keyerror_on_three_ranks_at_step_847", files, label, topo)


# =====================================================================
# bh09 FileNotFoundError for the same shard on every rank
# =====================================================================
def bh09():
    rng = random.Random(6309)
    nodes = ["cn-a17", "cn-a18"]
    t0 = dt(2024, 4, 28, 23, 48, 3, 200000)
    files = {}
    for ni, n in enumerate(nodes):
        L = []
        L.append("%s torch.distributed.run: [WARNING] master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified." % ts_ds(t0))
        ranks = list(range(ni * 8, ni * 8 + 8))
        fails = {}
        for r in ranks:
            L.append("%s [rank%d] INFO data: reading shard index /lustre/proj/tok/fineweb_edu_v3/index.json (256 shards, 1.02T tokens)" % (ts_py(add(t0, seconds=14, milliseconds=rng.randint(0, 300))), r))
        for r in ranks:
            base = add(t0, seconds=15)
            for s in range(0, 173, 43):
                L.append("%s [rank%d] INFO data: opened %d/256 shards" % (ts_py(add(base, milliseconds=s * 9 + rng.randint(0, 50))), r, s))
            tf = add(base, seconds=1, milliseconds=570 + rng.randint(0, 400))
            fails[r] = tf
            fr = [("/lustre/proj/code/pt/train.py", 388, "<module>", "main()"),
                  ("/lustre/proj/code/pt/train.py", 152, "main", "train_ds = TokenShardDataset(cfg.data.index, seq_len=cfg.seq_len, rank=rank, world=world)"),
                  ("/lustre/proj/code/pt/data.py", 61, "__init__", "self.shards = [np.memmap(p, dtype=np.uint32, mode=\"r\") for p in self.paths]"),
                  ("/lustre/proj/code/pt/data.py", 61, "<listcomp>", "self.shards = [np.memmap(p, dtype=np.uint32, mode=\"r\") for p in self.paths]"),
                  ("/lustre/proj/envs/pt/lib/python3.11/site-packages/numpy/core/memmap.py", 229, "__new__", "f_ctx = open(os_fspath(filename), ('r' if mode == 'c' else mode)+'b')")]
            L.extend(traceback(fr, ["FileNotFoundError: [Errno 2] No such file or directory: '/lustre/proj/tok/fineweb_edu_v3/shard_00173.bin'"], prefix="[rank%d]: " % r))
        tk = add(max(fails.values()), seconds=1)
        first = min(ranks, key=lambda r: fails[r])
        L.append(elastic_failed_line(tk, 1, first % 8, 81000 + first * 2, style="old", binary="/lustre/proj/envs/pt/bin/python3"))
        root = {"time": fails[first], "host": n, "rank": first, "local_rank": first % 8, "exitcode": 1, "pid": 81000 + first * 2, "error_file": None}
        others = [{"time": fails[r], "host": n, "rank": r, "local_rank": r % 8, "exitcode": 1, "pid": 81000 + r * 2, "error_file": None}
                  for r in sorted(ranks, key=lambda r: fails[r]) if r != first]
        L.extend(elastic_summary("/lustre/proj/code/pt/train.py", root, others, torchrun_bin="/lustre/proj/envs/pt/bin/torchrun"))
        files["%s/torchrun.%s.log" % (n, n)] = write_lines(L)
    ls = ["total 1004886016"]
    for i in range(160, 190):
        if i == 173:
            continue
        ls.append("-rw-r--r-- 1 dataeng pretrain 3998121984 Apr 27 %02d:%02d shard_%05d.bin" % (14 + i % 8, (i * 7) % 60, i))
    files["precheck_ls_tail.txt"] = write_lines(["$ ls -l /lustre/proj/tok/fineweb_edu_v3/ | sed -n '162,190p'"] + ls[1:] + [
        "$ ls /lustre/proj/tok/fineweb_edu_v3/shard_*.bin | wc -l", "255",
        "$ python -c 'import json;print(len(json.load(open(\"/lustre/proj/tok/fineweb_edu_v3/index.json\"))[\"shards\"]))'", "256"])
    files["lfs_df.txt"] = write_lines([
        "UUID                   1K-blocks        Used   Available Use% Mounted on",
        "proj-MDT0000_UUID     5325321216   812339200  4512982016  16% /lustre[MDT:0]",
    ] + ["proj-OST%04x_UUID   122883833856 %11d %11d  %2d%% /lustre[OST:%d]" % (i, 70000000000 + i * 311000000, 52883833856 - i * 311000000, 57 + i % 3, i) for i in range(8)] + [
        "", "filesystem_summary:  983070670848 571540000000 411530670848  58% /lustre"])
    label = lab("user_code", "script", None, "stop",
                "Every rank on both nodes raises FileNotFoundError for the same path, shard_00173.bin, after opening the first 172 shards: the dataset index lists 256 shards but only 255 exist (00173 is missing from the listing). Lustre itself is healthy. A data preparation/config error that will repeat on any nodes.",
                "https://github.com/EleutherAI/pythia/issues/180")
    return mk("bh09_same_shard_filenotfound_on_every_rank", files, label)


# =====================================================================
# bh10 Megatron: FileNotFoundError on the dataset-building ranks, barrier timeouts elsewhere
# =====================================================================
def bh10():
    rng = random.Random(6310)
    nodes = ["gpu-p3-001", "gpu-p3-002", "gpu-p3-003", "gpu-p3-004"]
    t0 = dt(2025, 2, 14, 10, 0, 4)
    files = {}
    builders = (0, 8, 16, 24)
    tbuild = add(t0, minutes=3, seconds=8)
    for ni, n in enumerate(nodes):
        L = []
        ranks = list(range(ni * 8, ni * 8 + 8))
        if ni == 0:
            L.append("0: using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ")
            L.append("0:   data_path ....................................... ['0.31', '/lustre/fsw/pt/data/slimpj_tok/chunk_000_text_document', ... 128 entries]")
            L.append("0:   distributed_timeout_minutes ..................... 10")
            L.append("0:   split ........................................... 998,1,1")
            L.append("0: > initializing torch distributed ...")
            L.append("0: [after megatron is initialized] datetime: %s " % add(t0, seconds=44).strftime("%Y-%m-%d %H:%M:%S"))
            L.append("0: building GPT model ...")
            L.append("0: > building train, validation, and test datasets ...")
            L.append("0:  > datasets target sizes (minimum size):")
            L.append("0:     train:      512000000")
            L.append("0:     validation: 5125120")
            L.append("0:     test:       5120")
            L.append("0: > building train, validation, and test datasets for GPT ...")
        for r in builders:
            if r // 8 != ni:
                continue
            tb = add(tbuild, milliseconds=rng.randint(0, 300))
            for c in range(0, 113, 16):
                L.append("%d: INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /lustre/fsw/pt/data/slimpj_tok/chunk_%03d_text_document.idx" % (r, c))
                L.append("%d: INFO:megatron.core.datasets.indexed_dataset:\tExtract the sequence lengths" % r)
                L.append("%d: INFO:megatron.core.datasets.indexed_dataset:\tSet up the mmap_sequences" % r)
            L.append("%d: INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /lustre/fsw/pt/data/slimpj_tok/chunk_113_text_document.idx" % r)
            fr = [("/opt/megatron-lm/pretrain_gpt.py", 297, "<module>", "pretrain("),
                  ("/opt/megatron-lm/megatron/training/training.py", 316, "pretrain", "= build_train_valid_test_data_iterators("),
                  ("/opt/megatron-lm/megatron/training/training.py", 1588, "build_train_valid_test_data_iterators", "build_train_valid_test_data_loaders("),
                  ("/opt/megatron-lm/megatron/training/training.py", 1549, "build_train_valid_test_data_loaders", "train_ds, valid_ds, test_ds = build_train_valid_test_datasets("),
                  ("/opt/megatron-lm/megatron/training/training.py", 1517, "build_train_valid_test_datasets", "return build_train_valid_test_datasets_provider(train_val_test_num_samples)"),
                  ("/opt/megatron-lm/pretrain_gpt.py", 258, "train_valid_test_datasets_provider", ").build()"),
                  ("/opt/megatron-lm/megatron/core/datasets/blended_megatron_dataset_builder.py", 126, "build", "datasets = self._build_blended_dataset_splits()"),
                  ("/opt/megatron-lm/megatron/core/datasets/blended_megatron_dataset_builder.py", 259, "_build_blended_dataset_splits", "blended_datasets[i] = self._build_megatron_dataset_splits("),
                  ("/opt/megatron-lm/megatron/core/datasets/blended_megatron_dataset_builder.py", 417, "_build_megatron_dataset_splits", "low_level_dataset = self.cls.build_low_level_dataset(dataset_path, self.config)"),
                  ("/opt/megatron-lm/megatron/core/datasets/gpt_dataset.py", 139, "build_low_level_dataset", "return IndexedDataset("),
                  ("/opt/megatron-lm/megatron/core/datasets/indexed_dataset.py", 367, "__init__", "self.initialize(path_prefix, multimodal, mmap)"),
                  ("/opt/megatron-lm/megatron/core/datasets/indexed_dataset.py", 397, "initialize", "self.index = _IndexReader(get_idx_path(self.path_prefix), self.multimodal)"),
                  ("/opt/megatron-lm/megatron/core/datasets/indexed_dataset.py", 244, "__init__", 'with open(idx_path, "rb") as stream:')]
            L.extend(traceback(fr, ["FileNotFoundError: [Errno 2] No such file or directory: '/lustre/fsw/pt/data/slimpj_tok/chunk_113_text_document.idx'"], prefix="%d: " % r))
            L.append("srun: error: %s: task %d: Exited with exit code 1" % (n, r))
        tw = add(tbuild, minutes=10, seconds=1)
        for r in ranks:
            if r in builders:
                continue
            for l in watchdog_timeout(r, add(tw, milliseconds=rng.randint(0, 800)), 3, "BROADCAST", 3, 600000, prefix=False, rng=rng):
                L.append("%d: %s" % (r, l))
        L.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (n, ni * 8 + 1, ni * 8 + 7))
        files["%s/megatron-5128841-%s.log" % (n, n)] = write_lines(L)
    files["data_blend_check.txt"] = write_lines([
        "$ for p in $(python tools/print_blend.py cfg/slimpj_blend.yaml); do test -f $p.idx || echo MISSING $p.idx; test -f $p.bin || echo MISSING $p.bin; done",
        "MISSING /lustre/fsw/pt/data/slimpj_tok/chunk_113_text_document.idx",
        "MISSING /lustre/fsw/pt/data/slimpj_tok/chunk_113_text_document.bin",
        "$ ls /lustre/fsw/pt/data/slimpj_tok/ | grep -c _text_document.idx",
        "127",
    ])
    label = lab("user_code", "script", None, "stop",
                "The four dataset-building ranks (tensor-parallel rank 0 on each node) all raise FileNotFoundError for chunk_113_text_document.idx while opening the blend; the other 28 ranks just wait in a broadcast and hit the 10-minute watchdog. The blend lists a chunk that does not exist; it fails the same way on any nodes.",
                "https://github.com/NVIDIA/Megatron-LM/issues/119")
    return mk("bh10_filenotfound_on_builder_ranks_then_broadcast_timeouts", files, label)


CASES = [bh01, bh02, bh03, bh04, bh05, bh06, bh07, bh08, bh09, bh10]
