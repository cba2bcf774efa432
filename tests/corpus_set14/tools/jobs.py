"""Higher-level building blocks shared by the case modules: per-node NCCL init
blocks, Megatron / NeMo / HF / DeepSpeed / torchtitan progress streams, and a
small event merger for launchers that interleave many ranks into one stream.
"""

from __future__ import annotations

from common import (H100_BUS, cosine_lr, iso, iso_ms, loss_curve, megatron_iter,
                    nccl_init, plus)


class Stream:
    """Collect (time, order, line) triples and render them in time order."""

    def __init__(self):
        self.ev = []
        self.n = 0

    def add(self, t, lines, pfx=""):
        if isinstance(lines, str):
            lines = [lines]
        for ln in lines:
            self.ev.append((t, self.n, pfx + ln))
            self.n += 1

    def lines(self):
        return [x[2] for x in sorted(self.ev, key=lambda e: (e[0], e[1]))]


def node_ips(base, count, start=11):
    return [f"{base}.{start + i}" for i in range(count)]


def nccl_node(rng, *, host, node_idx, gpn, nranks, pids, nccl, cuda_drv, sock_if, sock_ip,
              hcas, oob_if=None, oob_ip=None, bus=None, net="IB", link="IB", channels=4):
    """NCCL INFO init lines for every local rank of one node: {local_rank: [lines]}"""
    bus = bus or H100_BUS
    commid = f"0x{rng.randint(1 << 60, (1 << 64) - 1):x}"
    out = {}
    for lr in range(gpn):
        out[lr] = nccl_init(rng, host=host, pid=pids[lr], dev=lr, rank=node_idx * gpn + lr,
                            nranks=nranks, gpn=gpn, nccl=nccl, cuda_drv=cuda_drv, sock_if=sock_if,
                            sock_ip=sock_ip, hcas=hcas, oob_if=oob_if, oob_ip=oob_ip, bus=bus[lr],
                            commid=commid, net=net, link=link, channels=channels)
    return out


def interleave(blocks, rng):
    """Interleave several line lists the way concurrently printing ranks do."""
    idx = {k: 0 for k in blocks}
    out = []
    keys = list(blocks)
    while keys:
        k = rng.choice(keys)
        take = rng.randint(1, 3)
        lst = blocks[k]
        for _ in range(take):
            if idx[k] < len(lst):
                out.append((k, lst[idx[k]]))
                idx[k] += 1
        if idx[k] >= len(lst):
            keys.remove(k)
    return out


MEGATRON_ARGS = [
    ("accumulate_allreduce_grads_in_fp32", "True"), ("adam_beta1", "0.9"), ("adam_beta2", "0.95"),
    ("adam_eps", "1e-08"), ("attention_dropout", "0.0"), ("bf16", "True"), ("bias_gelu_fusion", "False"),
    ("clip_grad", "1.0"), ("data_parallel_size", None), ("distributed_backend", "nccl"),
    ("distributed_timeout_minutes", "10"), ("ffn_hidden_size", "28672"), ("global_batch_size", None),
    ("hidden_dropout", "0.0"), ("hidden_size", "8192"), ("init_method_std", "0.008"),
    ("log_interval", None), ("lr", "0.00015"), ("lr_decay_style", "cosine"), ("lr_warmup_iters", "2000"),
    ("micro_batch_size", "1"), ("min_lr", "1.5e-05"), ("normalization", "RMSNorm"),
    ("num_attention_heads", "64"), ("num_layers", "80"), ("num_query_groups", "8"),
    ("overlap_grad_reduce", "True"), ("overlap_param_gather", "True"), ("pipeline_model_parallel_size", None),
    ("position_embedding_type", "rope"), ("save_interval", None), ("seq_length", "8192"),
    ("sequence_parallel", "True"), ("swiglu", "True"), ("tensor_model_parallel_size", None),
    ("tokenizer_type", "HuggingFaceTokenizer"), ("train_iters", None), ("use_distributed_optimizer", "True"),
    ("use_flash_attn", "True"), ("use_mcore_models", "True"), ("weight_decay", "0.1"), ("world_size", None),
]


def megatron_preamble(t, *, world, tp, pp, dp, gbs, train_iters, log_interval, save_interval,
                      load_iter, ckpt_dir, extra_args=()):
    vals = {"data_parallel_size": dp, "global_batch_size": gbs, "log_interval": log_interval,
            "pipeline_model_parallel_size": pp, "save_interval": save_interval,
            "tensor_model_parallel_size": tp, "train_iters": train_iters, "world_size": world}
    out = [f"using world size: {world}, data-parallel size: {dp}, context-parallel size: 1, tensor-model-parallel size: {tp}, pipeline-model-parallel size: {pp} ",
           "using torch.bfloat16 for parameters ...",
           "------------------------ arguments ------------------------"]
    args = list(MEGATRON_ARGS) + list(extra_args)
    for k, v in sorted(args):
        v = vals.get(k, v) if v is None else v
        out.append(f"  {k} {'.' * max(3, 47 - len(k))} {v}")
    out += ["-------------------- end of arguments ---------------------",
            "setting number of micro-batches to constant " + str(gbs // dp),
            "> building HuggingFaceTokenizer tokenizer ...",
            " > padded vocab (size: 128256) with 0 dummy tokens (new size: 128256)",
            "> initializing torch distributed ...",
            f"> initialized tensor model parallel with size {tp}",
            f"> initialized pipeline model parallel with size {pp}",
            "> setting random seeds to 1234 ...",
            "> compiling dataset index builder ...",
            "make: Entering directory '/workspace/megatron-lm/megatron/core/datasets'",
            "make: Nothing to be done for 'default'.",
            "make: Leaving directory '/workspace/megatron-lm/megatron/core/datasets'",
            ">>> done with dataset index builder. Compilation time: 0.061 seconds",
            "> compiling and loading fused kernels ...",
            ">>> done with compiling and loading fused kernels. Compilation time: 2.913 seconds",
            f"time to initialize megatron (seconds): {14.2 + tp * 0.3:.3f}",
            f"[after megatron is initialized] datetime: {iso(t)} ",
            "building GPT model ...",
            f" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): {8_830_000_000 // tp}",
            "> learning rate decay style: cosine"]
    if load_iter:
        out += [f" loading checkpoint from {ckpt_dir} at iteration {load_iter}",
                f"  successfully loaded checkpoint from {ckpt_dir} [ t 0, p 0 ] at iteration {load_iter}"]
    out += ["(min, max) time across ranks (ms):",
            f"    load-checkpoint ................................: ({38211.4 if load_iter else 0.0:.2f}, {38230.9 if load_iter else 0.0:.2f})",
            f"[after model, optimizer, and learning rate scheduler are built] datetime: {iso(plus(t, 61))} ",
            "> building train, validation, and test datasets ...",
            f" > datasets target sizes (minimum size):",
            f"    train:      {train_iters * gbs}",
            f"    validation: {train_iters // 1000 * gbs * 10}",
            f"    test:       {gbs * 10}",
            "> finished creating GPT datasets ...",
            f"[after dataloaders are built] datetime: {iso(plus(t, 75))} ",
            "done with setup ...",
            "(min, max) time across ranks (ms):",
            "    model-and-optimizer-setup ......................: (61112.40, 61240.18)",
            "    train/valid/test-data-iterators-setup ..........: (13904.33, 14022.17)",
            "training ...",
            f"[before the start of training step] datetime: {iso(plus(t, 76))} "]
    return out


def megatron_progress(rng, t0, it0, it1, *, interval, total, gbs, ms_fn, tflops_fn=None,
                      loss_fn=None, gnorm_fn=None, nan_from=None):
    """Iteration lines from it0 (exclusive) to it1 (inclusive) every ``interval``.
    ms_fn(it) -> ms per iteration.  Returns [(t, line)] and the end time."""
    t = t0
    out = []
    it = it0
    while it + interval <= it1:
        step_ms = ms_fn(it + interval)
        t = plus(t, step_ms * interval / 1000.0)
        it += interval
        loss = loss_fn(it) if loss_fn else loss_curve(rng, it, k=6000.0)
        gn = gnorm_fn(it) if gnorm_fn else rng.uniform(0.18, 0.42)
        tf = tflops_fn(it) if tflops_fn else None
        out.append((t, megatron_iter(t, it, total, consumed=it * gbs, ms=step_ms, lr=cosine_lr(it, peak=1.5e-4, total=total, minlr=1.5e-5),
                                     gbs=gbs, loss=loss, gnorm=gn, tflops=tf)))
    return out, t


def lightning_bar(epoch, step, total, elapsed_s, s_per_it, extras):
    pct = int(100 * step / total)
    def hms(x):
        x = int(x)
        h, r = divmod(x, 3600)
        m, s = divmod(r, 60)
        return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"
    remaining = (total - step) * s_per_it
    bar = "█" * (pct // 10) + " " * (10 - pct // 10)
    ex = ", ".join(f"{k}={v}" for k, v in extras)
    return f"Epoch {epoch}: {pct:>3d}%|{bar}| {step}/{total} [{hms(elapsed_s)}<{hms(remaining)}, {s_per_it:.2f}s/it, {ex}]"


def hf_tqdm(step, total, elapsed_s, s_per_it):
    pct = int(100 * step / total)
    def hms(x):
        x = int(x)
        h, r = divmod(x, 3600)
        m, s = divmod(r, 60)
        return f"{h}:{m:02d}:{s:02d}" if h else f"{m:02d}:{s:02d}"
    bar = "█" * (pct // 10) + "▍" + " " * (9 - pct // 10)
    return f"{pct:>3d}%|{bar}| {step}/{total} [{hms(elapsed_s)}<{hms((total - step) * s_per_it)}, {s_per_it:5.2f}s/it]"


def ds_timer_line(t, step, running, curr, mem, maxmem):
    return (f"[{iso_ms(t)}] [INFO] [timer.py:260:stop] epoch=0/micro_step={step * 8}/global_step={step}, "
            f"RunningAvgSamplesPerSec={running:.9f}, CurrSamplesPerSec={curr:.9f}, MemAllocated={mem}GB, MaxMemAllocated={maxmem}GB")


def ds_step_line(t, step, lr):
    return f"[{iso_ms(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped=0, lr=[{lr:.16f}], mom=[(0.9, 0.95)]"


def titan_step(t, rank, step, loss, mem_gib, mem_pct, tps, tflops, mfu):
    return (f"[rank{rank}]:[titan] {iso_ms(t)} - root - INFO - step: {step:>5d}  loss: {loss:7.4f}  "
            f"memory: {mem_gib:5.2f}GiB({mem_pct:.2f}%)  tps: {tps:,}  tflops: {tflops:.2f}  mfu: {mfu:.2f}%")
