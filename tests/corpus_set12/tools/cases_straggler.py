"""q01-q09: slowdowns and stragglers seen through plain iteration-time logs."""
from common import *  # noqa: F401,F403


# ---------------------------------------------------------------- framework line makers
def megatron_args(world, tp, pp, extra=()):
    args = {"accumulate_allreduce_grads_in_fp32": True, "adam_beta1": 0.9, "adam_beta2": 0.95, "adam_eps": 1e-08,
            "attention_dropout": 0.0, "bf16": True, "clip_grad": 1.0, "data_parallel_size": world // (tp * pp),
            "distributed_backend": "nccl", "eval_interval": 1000, "eval_iters": 10, "ffn_hidden_size": 28672,
            "global_batch_size": 512, "hidden_size": 8192, "init_method_std": 0.008, "log_interval": 10,
            "lr": 0.0003, "lr_decay_style": "cosine", "lr_warmup_iters": 2000, "micro_batch_size": 1,
            "min_lr": 3e-05, "num_attention_heads": 64, "num_layers": 80, "num_query_groups": 8,
            "pipeline_model_parallel_size": pp, "save_interval": 500, "seq_length": 4096,
            "sequence_parallel": True, "tensor_model_parallel_size": tp, "tokenizer_type": "HuggingFaceTokenizer",
            "train_iters": 500000, "transformer_impl": "transformer_engine", "use_distributed_optimizer": True,
            "use_flash_attn": True, "weight_decay": 0.1, "world_size": world}
    args.update(dict(extra))
    out = ["------------------------ arguments ------------------------"]
    for k in sorted(args):
        out.append(f"  {k} {'.' * max(2, 46 - len(k))} {args[k]}")
    out.append("-------------------- end of arguments ---------------------")
    return out


def megatron_iter(t, it, total, step_ms, gbs, lr, loss, gnorm, tflops):
    return (f" [{t.strftime('%Y-%m-%d %H:%M:%S')}] iteration {it:>8}/{total:>8} | consumed samples: {it * gbs:>12} | "
            f"elapsed time per iteration (ms): {step_ms:.1f} | throughput per GPU (TFLOP/s/GPU): {tflops:.1f} | "
            f"learning rate: {lr:.6E} | global batch size: {gbs:>5} | lm loss: {loss:.6E} | loss scale: 1.0 | "
            f"grad norm: {gnorm:.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |")


def slurm_cancel(job, host, t, ntasks_nodes, step=0):
    out = [f"slurmstepd: error: *** STEP {job}.{step} ON {host} CANCELLED AT {t.strftime('%Y-%m-%dT%H:%M:%S')} ***",
           "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
    for h, (a, z) in ntasks_nodes:
        out.append(f"srun: error: {h}: tasks {a}-{z}: Terminated")
    return out


def sacct(job, name, nodes_n, cpus, state, ec, elapsed):
    return ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed        NodeList ",
            "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------- --------------- ",
            f"{job:<12} {name[:10]:>10}      batch    llm-pre {cpus * nodes_n:>10} {state:>10} {ec:>8} {elapsed:>10} {'(see nodes)':>15} ",
            f"{str(job) + '.batch':<12}      batch               llm-pre {cpus:>10} {state.rstrip('+'):>10}     0:15 {elapsed:>10} ",
            f"{str(job) + '.0':<12}       bash               llm-pre {cpus * nodes_n:>10} {state.rstrip('+'):>10}     0:15 {elapsed:>10} "]


def ipmi_sdr(rng, fans_bad=()):
    out = []
    for i in range(1, 9):
        for s in "AB":
            name = f"FAN{i}{s}"
            if name in fans_bad:
                out.append(f"{name:<17}| 0 RPM             | cr")
            else:
                out.append(f"{name:<17}| {rng.randint(98, 120) * 100} RPM         | ok")
    out += [f"Inlet Temp       | {rng.randint(21, 25)} degrees C      | ok",
            f"Exhaust Temp     | {rng.randint(38, 46)} degrees C      | ok",
            f"CPU1 Temp        | {rng.randint(48, 62)} degrees C      | ok",
            f"CPU2 Temp        | {rng.randint(48, 62)} degrees C      | ok",
            "PSU1 Status      | 0x01              | ok", "PSU2 Status      | 0x01              | ok",
            "PSU3 Status      | 0x01              | ok", "PSU4 Status      | 0x01              | ok"]
    return out


# ====================================================================== q01
def q01_megatron_iter_time_creep(b, rng):
    nodes = ["gpu-a017", "gpu-a018", "gpu-a023", "gpu-a024"]
    cn, cg = 2, 6
    crank = cn * 8 + cg
    job = 481225
    buses = BUSES["h100"]
    t = T(2024, 5, 14, 1, 2, 11, 412000)
    start = t
    L = []
    L += [f"Launching job {job} on {','.join(nodes)} at {ctime(t)}",
          "+ export NCCL_IB_QPS_PER_CONNECTION=4 CUDA_DEVICE_MAX_CONNECTIONS=1 NVTE_FWD_LAYERNORM_SM_MARGIN=8",
          "+ srun -l --ntasks-per-node=8 --container-image=nvcr.io/nvidia/pytorch:23.10-py3 python pretrain_gpt.py @args.txt"]
    for r in range(32):
        L.append(f"{r:>2}: /usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py:94: UserWarning: flash-attn v2.4.2 detected, NVTE will use it for attention")
    L.append(" 0: using world size: 32, data-parallel size: 4, context-parallel size: 1 tensor-model-parallel size: 8, pipeline-model-parallel size: 1 ")
    L += [" 0: " + x for x in megatron_args(32, 8, 1)]
    L += [" 0: > building HuggingFaceTokenizer tokenizer ...", " 0:  > padded vocab (size: 128256) with 0 dummy tokens (new size: 128256)",
          " 0: > initializing torch distributed ...", " 0: > initialized tensor model parallel with size 8",
          " 0: > initialized pipeline model parallel with size 1", " 0: > setting random seeds to 1234 ...",
          " 0: > compiling dataset index builder ...", " 0: >>> done with dataset index builder. Compilation time: 0.081 seconds",
          " 0: time to initialize megatron (seconds): 41.902"]
    t = plus(t, 55)
    L += [f" 0: [after megatron is initialized] datetime: {t.strftime('%Y-%m-%d %H:%M:%S')} ",
          " 0: building GPT model ...",
          " 0:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 8829009920"]
    for r in (8, 16, 24):
        L.append(f"{r:>2}:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 8829009920")
    L += [" 0: > learning rate decay style: cosine",
          " 0:  loading checkpoint from /lustre/llm/ckpt/l70b-pt-v3 at iteration 16500",
          " 0:   successfully loaded checkpoint from /lustre/llm/ckpt/l70b-pt-v3 [ t 0, p 0 ] at iteration 16500"]
    t = plus(t, 140)
    L += [f" 0: [after model, optimizer, and learning rate scheduler are built] datetime: {t.strftime('%Y-%m-%d %H:%M:%S')} ",
          " 0: > building train, validation, and test datasets ...", " 0:  > datasets target sizes (minimum size):",
          " 0:     train:      256000000", " 0:     validation: 2565120", " 0:     test:       5120",
          f" 0: [after dataloaders are built] datetime: {plus(t, 38).strftime('%Y-%m-%d %H:%M:%S')} ",
          " 0: done with setup ...", " 0: training ..."]
    t = plus(t, 40)
    it0 = 16500
    loss = 1.932
    throttle_at = it0 + 1430
    last = it0
    for it in range(it0 + 10, it0 + 2801, 10):
        if it < throttle_at:
            ms = jitter(rng, 5212, 0.008)
        else:
            ramp = min(1.0, (it - throttle_at) / 300)
            ms = jitter(rng, 5212 + ramp * 1690, 0.012)
        t = plus(t, ms * 10 / 1000)
        loss = max(1.70, loss - rng.uniform(-0.012, 0.0135))
        tfl = 412.4 * 5212 / ms
        L.append("31: " + megatron_iter(t, it, 500000, ms, 512, 3e-4 * (0.999 ** ((it - 16000) / 100)), loss, rng.uniform(0.18, 0.31), tfl))
        if it % 500 == 0:
            L += [f" 0: saving checkpoint at iteration {it:>7} to /lustre/llm/ckpt/l70b-pt-v3 in torch_dist format",
                  f" 0:   successfully saved checkpoint from iteration {it:>7} to /lustre/llm/ckpt/l70b-pt-v3 [ t 1/8, p 1/1 ]"]
            t = plus(t, 21)
        if it % 1000 == 0:
            L += ["31: -" * 1 + "-" * 95,
                  f"31:  validation loss at iteration {it} | lm loss value: {loss + 0.03:.6E} | lm loss PPL: {2.718 ** (loss + 0.03):.6E} | ",
                  "31: " + "-" * 96]
            t = plus(t, 33)
        last = it
    tc = plus(t, 47)
    L += slurm_cancel(job, nodes[0], tc, [(h, (i * 8, i * 8 + 7)) for i, h in enumerate(nodes)])
    for r in range(32):
        if rng.random() < 0.5:
            L.append(f"{r:>2}: [rank{r}]:[W {('ProcessGroupNCCL.cpp:1161')}] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process.")
    b.add(f"{nodes[0]}/slurm-{job}.out", L)
    b.add(f"{nodes[0]}/sacct.txt", sacct(job, "l70b-pt-v3", 4, 224, "CANCELLED+", "0:0", str(tc - start).split('.')[0].rjust(8, '0')))
    b.add(f"{nodes[0]}/operator-note.txt", [f"{ctime(tc)}  job {job} cancelled by on-call: step time went from ~5.2s to ~6.9s around iter {throttle_at}, no error in the job log.",
                                            "collected nvidia-smi -q, dmesg and ipmitool sdr from every node in the allocation before releasing it."])
    for i, h in enumerate(nodes):
        gpus = []
        for g in range(8):
            d = {"bus": buses[g]}
            if i == cn and g == cg:
                d.update(temp=91, mem_temp=96, sm_clock=1155, power=401.22, util=100,
                         events={"HW Slowdown": "Active", "HW Thermal Slowdown": "Active", "SW Thermal Slowdown": "Active"})
            gpus.append(d)
        b.add(f"{h}/nvidia-smi-q-d-perf.txt", nvsmi_q(plus(tc, 60 + i * 9), "535.129.03", "12.2", "h100", gpus, rng, d=["PERFORMANCE", "CLOCK", "TEMPERATURE", "POWER"]))
        boot = plus(start, -rng.randint(5, 30) * 86400)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -3600), plus(tc, 50), 45))
        b.add(f"{h}/ipmitool-sdr.txt", ipmi_sdr(rng, fans_bad=("FAN6B",) if i == cn else ()))
    b.set_label("straggler", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"Iteration time rose ~30% with no error; only {nodes[cn]} GPU {cg} (global rank {crank}) shows HW Slowdown / HW Thermal Slowdown Active at 91 C with SM clock 1155 MHz (and a dead fan in its SDR), so that GPU is throttling the whole job.",
                "https://github.com/mlfoundations/open_clip/issues/703")


# ====================================================================== q02
def nemo_bar(step, total, elapsed_s, step_s, loss, gstep, consumed):
    pct = int(100 * step / total)
    bar = ("█" * (pct // 10)).ljust(10)
    el = f"{int(elapsed_s // 3600)}:{int(elapsed_s % 3600 // 60):02d}:{int(elapsed_s % 60):02d}"
    rem = (total - step) * step_s
    re = f"{int(rem // 3600)}:{int(rem % 3600 // 60):02d}:{int(rem % 60):02d}"
    return (f"Epoch 0: : {pct:>3}%|{bar}| {step}/{total} [{el}<{re}, v_num=0, reduced_train_loss={loss:.3f}, "
            f"global_step={gstep:.1f}, consumed_samples={consumed:.1f}, train_step_timing in s={step_s:.3f}]")


def q02_nemo_resume_runs_slower(b, rng):
    a0 = ["hgx-r07-n1", "hgx-r07-n2", "hgx-r07-n3", "hgx-r08-n1"]
    a1 = ["hgx-r07-n1", "hgx-r07-n2", "hgx-r07-n3", "hgx-r08-n4"]
    bad = "hgx-r08-n4"
    nic_addrs = ["0c:00.0", "1a:00.0", "3c:00.0", "4d:00.0", "8c:00.0", "9a:00.0", "bc:00.0", "cc:00.0"]
    for ai, (nodes, t, base, job) in enumerate([(a0, T(2024, 8, 2, 20, 14, 3), 2.934, 771902), (a1, T(2024, 8, 5, 9, 41, 50), 4.118, 773318)]):
        L = [f"[NeMo I {t.strftime('%Y-%m-%d %H:%M:%S')} nemo_logging:393] Rank 0 has data parallel group : [0, 8, 16, 24]",
             f"[NeMo I {t.strftime('%Y-%m-%d %H:%M:%S')} nemo_logging:393] All data parallel group ranks with context parallel combined: [[0, 8, 16, 24], [1, 9, 17, 25], [2, 10, 18, 26], [3, 11, 19, 27], [4, 12, 20, 28], [5, 13, 21, 29], [6, 14, 22, 30], [7, 15, 23, 31]]",
             f"[NeMo I {t.strftime('%Y-%m-%d %H:%M:%S')} nemo_logging:393] Ranks 0 has tensor model parallel group: [0, 1, 2, 3, 4, 5, 6, 7]",
             "GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores", "HPU available: False, using: 0 HPUs",
             "[NeMo W nemo_logging:405] The number of nodes (4) and devices (8) were used to determine world size 32",
             "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32",
             "----------------------------------------------------------------------------------------------------",
             "distributed_backend=nccl", "All distributed processes registered. Starting with 32 processes",
             "----------------------------------------------------------------------------------------------------", ""]
        for r in range(0, 32, 8):
            L += nccl_init(nodes[r // 8], 40211 + r, 0, r, 32, "2.20.5+cuda12.4", rng, ip=f"10.41.{7 + r // 8}.{11 + r}", bus="18")
        L += ["LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
              "[NeMo W nemo_logging:405] /opt/megatron-lm/megatron/core/tensor_parallel/layers.py:280: FutureWarning: `torch.cuda.amp.custom_fwd(args...)` is deprecated. Please use `torch.amp.custom_fwd(args..., device_type='cuda')` instead.",
              "  | Name   | Type     | Params | Mode ", "--------------------------------------------", "0 | module | GPTModel | 1.1 B  | train", "--------------------------------------------",
              "1.1 B     Trainable params", "0         Non-trainable params", "1.1 B     Total params", "4,417.229 Total estimated model params size (MB)"]
        if ai == 1:
            L.append(f"Restoring states from the checkpoint path at /lustre/nemo/exp/l8b-sft/checkpoints/step=1200-last")
        total = 5000
        s0 = 0 if ai == 0 else 1200
        s1 = 1200 if ai == 0 else 1940
        el = 0.0
        loss = 2.91 if ai == 0 else 2.41
        for s in range(s0 + 1, s1 + 1):
            st = jitter(rng, base, 0.015)
            el += st
            loss = max(1.9, loss - rng.uniform(-0.004, 0.0048))
            if s % 5 == 0 or s == s0 + 1:
                L.append(nemo_bar(s, total, el, st, loss, s - 1, s * 512.0))
            if s % 250 == 0:
                L.append(f"Epoch 0, global step {s}: 'val_loss' reached {loss + 0.06:.5f} (best {loss + 0.06:.5f}), saving model to '/lustre/nemo/exp/l8b-sft/checkpoints/step={s}.ckpt' as top 1")
        if ai == 0:
            L += ["slurmstepd: error: *** JOB 771902 ON hgx-r07-n1 CANCELLED AT 2024-08-02T21:16:40 DUE TO PREEMPTION ***",
                  "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
        else:
            L += [f"slurmstepd: error: *** JOB {job} ON hgx-r07-n1 CANCELLED AT 2024-08-05T10:40:12 ***"]
        b.add(f"attempt_{ai}/{nodes[0]}/slurm-{job}.out", L)
        for h in nodes:
            boot = plus(t, -rng.randint(2, 40) * 86400) if h != bad else plus(t, -16 * 3600)
            lines = []
            extra = []
            for k, a in enumerate(nic_addrs):
                w = 4 if (h == bad and k == 5) else 16
                lines += lspci_nic(a, rng, width=w)
                if h == bad and k == 5:
                    extra.append((plus(boot, 11.2), f"mlx5_core 0000:{a}: 63.008 Gb/s available PCIe bandwidth, limited by 32.0 GT/s PCIe x4 link at 0000:98:01.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)"))
            b.add(f"attempt_{ai}/{h}/lspci-vv-mlx.txt", lines)
            extra.append((plus(boot, 9.8), "mlx5_core 0000:0c:00.0: firmware version: 28.39.2048"))
            b.add(f"attempt_{ai}/{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(boot, 8), plus(t, 3600), 40, extra))
    b.set_label("straggler", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Same job and config ran at ~2.9 s/step; the resume that swapped in hgx-r08-n4 runs at ~4.1 s/step with no error, and that node's ConnectX at 9a:00.0 trained at PCIe x4 instead of x16 (LnkSta downgraded, kernel bandwidth warning).",
                "https://github.com/janhq/jan/issues/183")


# ====================================================================== q03
def titan_line(t, rank, step, loss, mem, tps, tflops, mfu):
    return (f"[rank{rank}]:[titan] {iso(t)} - root - INFO - step: {step:>2}  loss: {loss:7.4f}  memory: {mem:5.2f}GiB({mem / 79.19 * 100:.2f}%)  "
            f"tps: {tps:,}  tflops: {tflops:.2f}  mfu: {mfu:.2f}%")


def dcgmi_dmon(rng, rows, nsamples, bad=None):
    """rows: gpu ids; bad: dict gpu->dict(power,pviol_rate,smclk)"""
    out = ["#Entity   POWER     PVIOL       TVIOL       SMCLK  GPUTL  TMPTR",
           "ID        W         us          us          MHZ    %      C"]
    acc = {g: rng.randint(0, 5000) if not (bad and g in bad) else 9_800_000 for g in rows}
    for s in range(nsamples):
        for g in rows:
            if bad and g in bad:
                acc[g] += bad[g]["pviol_rate"] + rng.randint(-20000, 20000)
                out.append(f"GPU {g:<6}{bad[g]['power'] + rng.uniform(-3, 3):<10.2f}{acc[g]:<12}{0:<12}{bad[g]['smclk'] + rng.choice([-15, 0, 15]):<7}{100:<7}{rng.randint(55, 60)}")
            else:
                out.append(f"GPU {g:<6}{rng.uniform(590, 680):<10.2f}{acc[g]:<12}{0:<12}{1980:<7}{rng.randint(97, 100):<7}{rng.randint(54, 66)}")
        if s % 20 == 19:
            out += ["#Entity   POWER     PVIOL       TVIOL       SMCLK  GPUTL  TMPTR",
                    "ID        W         us          us          MHZ    %      C"]
    return out


def q03_torchtitan_tps_drop(b, rng):
    nodes = ["h100-p4-017", "h100-p4-018", "h100-p4-021", "h100-p4-022"]
    cn, cg = 2, 2
    crank = cn * 8 + cg
    buses = BUSES["dgxh100"]
    t = T(2025, 3, 3, 14, 20, 5, 118000)
    start = t
    per = {h: [] for h in nodes}
    for i, h in enumerate(nodes):
        r = i * 8
        tt = plus(t, i * 0.31)
        per[h] += [f"{glog(tt, 'W')} {88120 + i} torch/distributed/run.py:793] ",
                   f"{glog(tt, 'W')} {88120 + i} torch/distributed/run.py:793] *****************************************",
                   f"{glog(tt, 'W')} {88120 + i} torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
                   f"{glog(tt, 'W')} {88120 + i} torch/distributed/run.py:793] *****************************************",
                   f"[rank{r}]:[titan] {iso(plus(tt, 9))} - root - INFO - Starting job: Llama 3 8B training",
                   f"[rank{r}]:[titan] {iso(plus(tt, 9.2))} - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]",
                   f"[rank{r}]:[titan] {iso(plus(tt, 9.4))} - root - INFO - [GC] Initial GC collection. 0.00 seconds.",
                   f"[rank{r}]:[titan] {iso(plus(tt, 11))} - root - INFO - Loading tokenizer from tokenizer.model",
                   f"[rank{r}]:[titan] {iso(plus(tt, 12))} - root - INFO - Preparing c4 dataset from allenai/c4",
                   f"[rank{r}]:[titan] {iso(plus(tt, 31))} - root - INFO - Building llama3 8B with TransformerModelArgs(_enforced='This field is used to enforce all fields have defaults.', dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm', use_flex_attn=False, attn_mask_type='causal', eos_id=0)",
                   f"[rank{r}]:[titan] {iso(plus(tt, 33))} - root - INFO - CUDA capacity: NVIDIA H100 80GB HBM3 with 79.19GiB memory",
                   f"[rank{r}]:[titan] {iso(plus(tt, 33))} - root - INFO - Model llama3 8B size: 8,030,261,248 total parameters",
                   f"[rank{r}]:[titan] {iso(plus(tt, 34))} - root - INFO - Applied selective activation checkpointing to the model",
                   f"[rank{r}]:[titan] {iso(plus(tt, 35))} - root - INFO - Compiling each TransformerBlock with torch.compile",
                   f"[rank{r}]:[titan] {iso(plus(tt, 36))} - root - INFO - Applied FSDP to the model",
                   f"[rank{r}]:[titan] {iso(plus(tt, 37))} - root - INFO - Peak FLOPS used for computing MFU: 9.890e+14",
                   f"[rank{r}]:[titan] {iso(plus(tt, 37))} - root - INFO - CUDA memory usage for model: 3.76GiB(4.75%)",
                   f"[rank{r}]:[titan] {iso(plus(tt, 38))} - root - INFO - Checkpointing active. Checkpoints will be loaded from and saved to ./outputs/checkpoint",
                   f"[rank{r}]:[titan] {iso(plus(tt, 38))} - root - INFO - Training starts at step 1.",
                   f"[rank{r}]:[titan] {iso(plus(tt, 38))} - root - INFO - Profiling active. Traces will be saved at ./outputs/profile_trace"]
    t = plus(t, 45)
    loss = 11.9
    bad_from = 1230
    for step in range(1, 2401):
        if step < bad_from:
            tps = int(jitter(rng, 7390, 0.01))
        else:
            tps = int(jitter(rng, 5610, 0.015))
        st = 8192 * 1 / tps
        t = plus(t, st)
        loss = max(2.4, loss * (0.9965 if step < 300 else 0.99993) + rng.uniform(-0.01, 0.01))
        if step % 20 == 0 or step < 6:
            for i, h in enumerate(nodes):
                tfl = tps * 6 * 8.03e9 / 1e12 * 1.18
                per[h].append(titan_line(plus(t, i * 0.002), i * 8, step, loss, 41.62 + rng.uniform(-0.4, 0.4), tps, tfl, tfl / 989.0 * 100))
        if step % 500 == 0:
            for i, h in enumerate(nodes):
                per[h].append(f"[rank{i * 8}]:[titan] {iso(plus(t, 1))} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
                per[h].append(f"[rank{i * 8}]:[titan] {iso(plus(t, 14))} - root - INFO - [GC] Performing periodical GC collection. 0.05 seconds.")
            t = plus(t, 15)
    tend = plus(t, 20)
    for i, h in enumerate(nodes):
        per[h] += [f"{glog(tend, 'W')} {88120 + i} torch/distributed/elastic/agent/server/api.py:719] Received Signals.SIGINT death signal, shutting down workers",
                   f"{glog(tend, 'W')} {88120 + i} torch/distributed/elastic/multiprocessing/api.py:897] Sending process {88131 + i * 9} closing signal SIGINT"]
        b.add(f"{h}/torchrun.log", per[h])
        bad = {cg: {"power": 398.5, "pviol_rate": 1_000_000, "smclk": 1320}} if i == cn else None
        b.add(f"{h}/dcgmi-dmon.txt", [f"# dcgmi dmon -e 155,240,241,100,203,150 -d 1000 -c 60   ({ctime(plus(tend, -300))})"] + dcgmi_dmon(rng, list(range(8)), 30, bad))
        gpus = []
        for g in range(8):
            d = {"bus": buses[g]}
            if i == cn and g == cg:
                d.update(plimit=400.0, power=399.1, sm_clock=1320, events={"SW Power Cap": "Active"})
            gpus.append(d)
        b.add(f"{h}/nvidia-smi-q-d-perf.txt", nvsmi_q(plus(tend, -200), "550.90.07", "12.4", "dgxh100", gpus, rng, d=["PERFORMANCE", "CLOCK", "POWER"]))
        boot = plus(start, -rng.randint(3, 20) * 86400)
        jx = []
        if i == cn:
            jx.append((plus(start, 1398), f"sudo[{rng.randint(100000, 999999)}]:   opsbot : PWD=/root ; USER=root ; COMMAND=/usr/bin/nvidia-smi -i {cg} -pl 400"))
            jx.append((plus(start, 1398.2), f"sudo[{rng.randint(100000, 999999)}]: pam_unix(sudo:session): session opened for user root(uid=0) by (uid=1207)"))
        b.add(f"{h}/journal.txt", journal_block(rng, h, plus(start, -7200), tend, 60, jx))
        ex = []
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -1800), tend, 35, ex, style="T"))
    b.set_label("straggler", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"tps fell ~24% mid-run with no error; dcgmi dmon and nvidia-smi -q on {nodes[cn]} show GPU {cg} (global rank {crank}) held at a 400 W power limit with SW Power Cap active, rising power-violation time and 1320 MHz SM clock while every other GPU runs at 1980 MHz.",
                "https://github.com/pytorch/torchtitan/issues/1666")


# ====================================================================== q04
def tqdm_line(step, total, el, sit):
    pct = int(100 * step / total)
    bar = ("█" * (pct // 10) + ("▋" if pct % 10 >= 5 else "")).ljust(10)
    e = f"{int(el // 3600):02d}:{int(el % 3600 // 60):02d}:{int(el % 60):02d}" if el >= 3600 else f"{int(el // 60):02d}:{int(el % 60):02d}"
    rem = (total - step) * sit
    r = f"{int(rem // 3600):d}:{int(rem % 3600 // 60):02d}:{int(rem % 60):02d}"
    return f"{pct:>3}%|{bar}| {step}/{total} [{e}<{r}, {sit:.2f}s/it]"


def q04_hf_trainer_s_per_it_jump(b, rng):
    nodes = ["ip-10-1-34-211", "ip-10-1-37-90"]
    cn, cg = 1, 5
    crank = 8 + cg
    buses = BUSES["h100"]
    t = T(2024, 4, 9, 16, 3, 44, 210000)
    start = t
    main = [f"The following values were not passed to `accelerate launch` and had defaults used instead:",
            "\t`--dynamo_backend` was set to a value of `'no'`",
            "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."]
    for r in range(8):
        main.append(f"[{iso(plus(t, 6 + r * 0.01))}] [INFO] [real_accelerator.py:191:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
    main += ["/usr/local/lib/python3.10/dist-packages/transformers/training_args.py:1474: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of 🤗 Transformers. Use `eval_strategy` instead",
             f"{iso(plus(t, 14))} - WARNING - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: True, 16-bits training: False",
             "Loading checkpoint shards: 100%|██████████| 4/4 [00:07<00:00,  1.81s/it]",
             "Map (num_proc=16): 100%|██████████| 182341/182341 [00:41<00:00, 4380.12 examples/s]",
             "Detected kernel version 5.15.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher.",
             "***** Running training *****", "  Num examples = 182,341", "  Num Epochs = 2", "  Instantaneous batch size per device = 4",
             "  Total train batch size (w. parallel, distributed & accumulation) = 256", "  Gradient Accumulation steps = 4",
             "  Total optimization steps = 1,424", "  Number of trainable parameters = 8,030,261,248"]
    total = 1424
    el = 0.0
    loss = 1.412
    leftover_at = 311
    for s in range(1, 801):
        sit = jitter(rng, 2.41, 0.01) if s < leftover_at else jitter(rng, 3.36, 0.02)
        el += sit
        main.append(tqdm_line(s, total, el, sit))
        if s % 10 == 0:
            loss = max(0.6, loss - rng.uniform(-0.004, 0.006))
            main.append(f"{{'loss': {loss:.4f}, 'grad_norm': {rng.uniform(0.4, 1.3):.15f}, 'learning_rate': {2e-5 * (1 - s / total):.15e}, 'epoch': {2 * s / total:.2f}}}")
        if s % 200 == 0:
            main += [f"Saving model checkpoint to /fsx/ckpt/sft-8b/checkpoint-{s}",
                     f"Configuration saved in /fsx/ckpt/sft-8b/checkpoint-{s}/config.json",
                     f"Model weights saved in /fsx/ckpt/sft-8b/checkpoint-{s}/model.safetensors.index.json"]
            el += 40
    tend = plus(start, el + 80)
    b.add(f"{nodes[0]}/accelerate-launch.log", main)
    other = [f"[{iso(plus(start, 6 + r * 0.01))}] [INFO] [real_accelerator.py:191:get_accelerator] Setting ds_accelerator to cuda (auto detect)" for r in range(8)]
    other += [f"{iso(plus(start, 14))} - WARNING - __main__ - Process rank: {8 + r}, device: cuda:{r}, n_gpu: 1, distributed training: True, 16-bits training: False" for r in range(8)]
    other += ["Loading checkpoint shards: 100%|██████████| 4/4 [00:08<00:00,  2.02s/it]" for _ in range(8)]
    other += ["/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:429: UserWarning: torch.utils.checkpoint: please pass in use_reentrant=True or use_reentrant=False explicitly. The default value of use_reentrant will be updated to be False in the future. To maintain current behavior, pass use_reentrant=True. It is recommended that you pass use_reentrant=False. Refer to docs for more details on the differences between the two variants." for _ in range(8)]
    b.add(f"{nodes[1]}/accelerate-launch.log", other)
    for i, h in enumerate(nodes):
        gpus = []
        ps = ["USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND"]
        for g in range(8):
            tp = 3_300_000 + i * 1000 + g * 11
            d = {"bus": buses[g], "procs": [(tp, "/usr/bin/python3", rng.randint(64000, 69000))]}
            ps.append(f"svc-ml   {tp:>7} {rng.randint(98, 104)}.{rng.randint(0, 9)}  1.{rng.randint(0, 9)} 98312344 {rng.randint(8000000, 9900000)} ?  Rl   16:03  {rng.randint(180, 260)}:{rng.randint(10, 59)} /usr/bin/python3 -u train_sft.py --config cfg/sft_8b.yaml")
            if i == cn and g == cg:
                d["procs"].append((2_911_804, "python3", 14210))
                d["util"] = 100
                ps.append(f"jlee     2911804 99.6  0.4 41233120 3312044 ?   Rl   Apr08 1412:51 python3 /home/jlee/eval_sweep.py --ckpt /fsx/jlee/rm-3b --shard 5")
            gpus.append(d)
        b.add(f"{h}/nvidia-smi.txt", nvsmi_table(plus(tend, 30), "535.161.08", "12.2", "h100", gpus, rng))
        b.add(f"{h}/ps-gpu-procs.txt", ps)
        boot = plus(start, -rng.randint(2, 12) * 86400)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -7200), tend, 30))
    b.set_label("straggler", "infrastructure", {"node": nodes[cn], "rank": crank}, "restart_without_node",
                f"s/it jumped from 2.4 to 3.4 at step {leftover_at} with no error; nvidia-smi on {nodes[cn]} shows a second, unrelated python process (another user's eval_sweep.py, running since the previous day) sharing GPU {cg} with global rank {crank}.",
                "https://github.com/apache/mxnet/issues/4242")


# ====================================================================== q05
def q05_deepspeed_samples_per_sec_drop(b, rng):
    nodes = ["trn-0031", "trn-0032", "trn-0033", "trn-0034"]
    cn = 2
    hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    t = T(2023, 11, 20, 22, 41, 7, 530000)
    start = t
    L = [f"[{iso(t)}] [INFO] [runner.py:463:main] Using IP address of 10.220.4.31 for node trn-0031",
         f"[{iso(t)}] [INFO] [multinode_runner.py:72:get_cmd] Running on the following workers: trn-0031,trn-0032,trn-0033,trn-0034",
         f"[{iso(t)}] [INFO] [runner.py:570:main] cmd = pdsh -S -f 1024 -w trn-0031,trn-0032,trn-0033,trn-0034 export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3; export NCCL_DEBUG=WARN; export PYTHONPATH=/home/svc/ds-pretrain;  cd /home/svc/ds-pretrain; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ0cm4t... --node_rank=%n --master_addr=10.220.4.31 --master_port=29500 pretrain.py --deepspeed_config ds_z2.json"]
    for i, h in enumerate(nodes):
        tt = plus(t, 2 + i * 0.1)
        L += [f"{h}: [{iso(tt)}] [INFO] [launch.py:145:main] WORLD INFO DICT: {{'trn-0031': [0, 1, 2, 3, 4, 5, 6, 7], 'trn-0032': [0, 1, 2, 3, 4, 5, 6, 7], 'trn-0033': [0, 1, 2, 3, 4, 5, 6, 7], 'trn-0034': [0, 1, 2, 3, 4, 5, 6, 7]}}",
              f"{h}: [{iso(tt)}] [INFO] [launch.py:151:main] nnodes=4, num_local_procs=8, node_rank={i}",
              f"{h}: [{iso(tt)}] [INFO] [launch.py:162:main] global_rank_mapping=defaultdict(<class 'list'>, {{'trn-0031': [0, 1, 2, 3, 4, 5, 6, 7], 'trn-0032': [8, 9, 10, 11, 12, 13, 14, 15], 'trn-0033': [16, 17, 18, 19, 20, 21, 22, 23], 'trn-0034': [24, 25, 26, 27, 28, 29, 30, 31]}})",
              f"{h}: [{iso(tt)}] [INFO] [launch.py:163:main] dist_world_size=32",
              f"{h}: [{iso(tt)}] [INFO] [launch.py:165:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7"]
    t = plus(t, 30)
    L += [f"trn-0031: [{iso(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.10.3, git-hash=unknown, git-branch=unknown",
          f"trn-0031: [{iso(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] Creating ZeRO stage 2 optimizer",
          f"trn-0031: [{iso(t)}] [INFO] [stage_1_and_2.py:146:__init__] Reduce bucket size 500,000,000",
          f"trn-0031: [{iso(t)}] [INFO] [stage_1_and_2.py:147:__init__] Allgather bucket size 500,000,000",
          f"trn-0031: [{iso(t)}] [INFO] [stage_1_and_2.py:148:__init__] CPU Offload: False",
          f"trn-0031: [{iso(plus(t, 8))}] [INFO] [config.py:964:print] DeepSpeedEngine configuration:",
          f"trn-0031: [{iso(plus(t, 8))}] [INFO] [config.py:968:print]   train_batch_size ............. 1024",
          f"trn-0031: [{iso(plus(t, 8))}] [INFO] [config.py:968:print]   train_micro_batch_size_per_gpu  8",
          f"trn-0031: [{iso(plus(t, 8))}] [INFO] [config.py:968:print]   gradient_accumulation_steps .. 4",
          f"trn-0031: [{iso(plus(t, 8))}] [INFO] [config.py:968:print]   wall_clock_breakdown ......... False"]
    for i, h in enumerate(nodes):
        L.append(f"{h}: /usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py:1501: UserWarning: Using a non-full backward hook when the forward contains multiple autograd Nodes is deprecated and will be removed in future versions.")
    t = plus(t, 20)
    flap_step = 1840
    flap_t = None
    run = 0.0
    for step in range(10, 4001, 10):
        sps = jitter(rng, 318.0, 0.01) if step < flap_step else jitter(rng, 236.0, 0.02)
        t = plus(t, 10 * 1024 / sps)
        if step >= flap_step and flap_t is None:
            flap_t = plus(t, -300)
        run = sps if step == 10 else run * 0.9 + sps * 0.1
        L.append(f"trn-0031: [{iso(t)}] [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped=0, lr=[{round(1.5e-4 * min(1, step / 2000), 9)!r}], mom=[(0.9, 0.95)]")
        L.append(f"trn-0031: [{iso(t)}] [INFO] [timer.py:260:stop] epoch=0/micro_step={step * 4}/global_step={step}, RunningAvgSamplesPerSec={run:.13f}, CurrSamplesPerSec={sps:.13f}, MemAllocated=21.4GB, MaxMemAllocated=38.02GB")
        if step % 100 == 0:
            L.append(f"trn-0031: steps: {step} loss: {max(1.8, 7.2 - step * 0.0011 + rng.uniform(-0.03, 0.03)):.4f} iter time (s): {1024 / sps:.3f} samples/sec: {sps:.3f}")
    tend = plus(t, 30)
    L += [f"trn-0031: [{iso(tend)}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {51023 + k}" for k in range(8)]
    L += [f"pdsh@trn-0031: interrupt (one more within 1 sec to abort)", "pdsh@trn-0031:  (^Z within 1 sec to cancel pending threads)",
          "pdsh@trn-0031: trn-0032: command in progress", "pdsh@trn-0031: trn-0033: command in progress", "pdsh@trn-0031: trn-0034: command in progress",
          "pdsh@trn-0031: trn-0031: command in progress", "pdsh@trn-0031: sending SIGTERM to ssh trn-0033", "pdsh@trn-0031: trn-0033: ssh exited with exit code 143"]
    b.add(f"{nodes[0]}/deepspeed-launch.log", L)
    for i, h in enumerate(nodes):
        ov = {"mlx5_2": {"rate": 200}} if i == cn else {}
        b.add(f"{h}/ibstat.txt", ibstat(hcas, rng, ov))
        boot = plus(start, -rng.randint(4, 50) * 86400)
        ex = []
        if i == cn:
            ex += [(flap_t, "mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link DOWN"),
                   (plus(flap_t, 3.7), "mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link INIT"),
                   (plus(flap_t, 4.1), "mlx5_core 0000:4b:00.0 mlx5_2: Port: 1 Link ACTIVE")]
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -600), tend, 35, ex))
        b.add(f"{h}/ibdev2netdev.txt", [f"{hc} port 1 ==> ib{k} ({'Up' if True else 'Down'})" for k, hc in enumerate(hcas)])
    b.set_label("straggler", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "SamplesPerSec dropped ~25% from step ~1840 with no error; at that moment trn-0033's mlx5_2 flapped (Link DOWN/INIT/ACTIVE) and ibstat shows it came back at Rate 200 while every other port in the job is at 400.",
                "https://github.com/NVIDIA/nccl-tests/issues/106")


# ====================================================================== q06
def q06_mmengine_iter_time_rise(b, rng):
    nodes = ["node0412", "node0413", "node0419"]
    cn = 2
    t = T(2023, 3, 11, 10, 12, 40, 0)
    start = t
    logs = {h: [] for h in nodes}
    for i, h in enumerate(nodes):
        logs[h] += [f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - ",
                    "------------------------------------------------------------",
                    "System environment:", "    sys.platform: linux", "    Python: 3.9.16 (main, Jan 11 2023, 16:05:54) [GCC 11.2.0]",
                    "    CUDA available: True", "    numpy_random_seed: 1811287016", "    GPU 0,1,2,3,4,5,6,7: NVIDIA A100-SXM4-80GB",
                    "    CUDA_HOME: /usr/local/cuda", "    NVCC: Cuda compilation tools, release 11.7, V11.7.99",
                    "    PyTorch: 1.13.1+cu117", "    TorchVision: 0.14.1+cu117", "    OpenCV: 4.7.0", "    MMEngine: 0.6.0",
                    "", "Runtime environment:", "    cudnn_benchmark: False", "    dist_cfg: {'backend': 'nccl'}",
                    f"    seed: 1811287016", "    Distributed launcher: slurm", "    Distributed training: True", "    GPU number: 24",
                    "------------------------------------------------------------", "",
                    f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - WARNING - The prefix is not set in metric class DetectionMetric.",
                    f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - load model from: torchvision://resnet50",
                    f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Loads checkpoint by torchvision backend from path: torchvision://resnet50",
                    f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - WARNING - The model and loaded state dict do not match exactly",
                    "unexpected key in source state_dict: fc.weight, fc.bias", "",
                    f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Checkpoints will be saved to /mnt/work/cascade_rcnn_r50_o365 by HardDiskBackend."]
    t = plus(t, 90)
    hot_at = (2, 450)
    iters = 1833
    for ep in (1, 2, 3):
        for it in range(50, iters + 1, 50):
            hot = (ep, it) >= hot_at
            step = jitter(rng, 0.612, 0.02) if not hot else jitter(rng, 0.874, 0.03)
            t = plus(t, 50 * step)
            eta_s = ((3 - ep) * iters + iters - it) * step + 12 * iters * 0.61
            eta = f"{int(eta_s // 86400)} day, " if eta_s >= 86400 else ""
            eta += f"{int(eta_s % 86400 // 3600)}:{int(eta_s % 3600 // 60):02d}:{int(eta_s % 60):02d}"
            loss = max(0.5, 1.9 - 0.25 * ep - it / iters * 0.2 + rng.uniform(-0.05, 0.05))
            for i, h in enumerate(nodes):
                dtm = jitter(rng, 0.0131, 0.25)
                if hot and i == cn:
                    dtm = jitter(rng, 0.281, 0.18)
                logs[h].append(f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Epoch(train)  [{ep}][{it:>4}/{iters}]  base_lr: 2.0000e-02 lr: 2.0000e-02  eta: {eta}  time: {step + rng.uniform(-0.004, 0.004):.4f}  data_time: {dtm:.4f}  memory: {17180 + rng.randint(-60, 60)}  grad_norm: {rng.uniform(2.1, 4.4):.4f}  loss: {loss:.4f}  loss_rpn_cls: {loss * 0.04:.4f}  loss_rpn_bbox: {loss * 0.06:.4f}  s0.loss_cls: {loss * 0.28:.4f}  s0.acc: {88 + rng.uniform(0, 6):.4f}  s0.loss_bbox: {loss * 0.21:.4f}")
        for h in nodes:
            logs[h].append(f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Exp name: cascade_rcnn_r50_o365_20230311_101240")
            logs[h].append(f"{t.strftime('%m/%d %H:%M:%S')} - mmengine - INFO - Saving checkpoint at {ep} epochs")
        t = plus(t, 35)
    tend = t
    for i, h in enumerate(nodes):
        b.add(f"{h}/work_dir/20230311_101240/20230311_101240_rank{i * 8}.log", logs[h])
        boot = plus(start, -rng.randint(3, 40) * 86400)
        extra = []
        if i == cn:
            thr0 = plus(start, 90 + (iters + 450) * 0.612)
            cnt = 30211
            for k in range(70):
                tt = plus(thr0, k * rng.uniform(40, 120))
                if tt > tend:
                    break
                cnt += rng.randint(200, 2400)
                cpu = rng.choice([0, 1, 8, 9, 16, 17, 24, 25, 33, 40])
                extra.append((tt, f"kernel: CPU{cpu}: Package temperature above threshold, cpu clock throttled (total events = {cnt})"))
                extra.append((plus(tt, 0.0001), f"kernel: CPU{cpu + 1}: Package temperature above threshold, cpu clock throttled (total events = {cnt})"))
                if k % 3 == 0:
                    extra.append((plus(tt, 2.3), f"kernel: CPU{cpu}: Package temperature/speed normal"))
        b.add(f"{h}/journalctl.txt", journal_block(rng, h, plus(start, -900), tend, 80, extra))
        if i == cn:
            freq = ["analyzing CPU 0:", "  driver: intel_pstate", "  CPUs which run at the same hardware frequency: 0",
                    "  hardware limits: 800 MHz - 3.50 GHz", "  available cpufreq governors: performance powersave",
                    "  current policy: frequency should be within 800 MHz and 3.50 GHz.",
                    "                  The governor \"performance\" may decide which speed to use", "                  within this range.",
                    "  current CPU frequency: 812 MHz (asserted by call to kernel)", "  boost state support:", "    Supported: yes", "    Active: yes"]
        else:
            freq = ["analyzing CPU 0:", "  driver: intel_pstate", "  CPUs which run at the same hardware frequency: 0",
                    "  hardware limits: 800 MHz - 3.50 GHz", "  available cpufreq governors: performance powersave",
                    "  current policy: frequency should be within 800 MHz and 3.50 GHz.",
                    "                  The governor \"performance\" may decide which speed to use", "                  within this range.",
                    f"  current CPU frequency: {rng.randint(3180, 3420)} MHz (asserted by call to kernel)", "  boost state support:", "    Supported: yes", "    Active: yes"]
        b.add(f"{h}/cpupower-frequency-info.txt", freq)
        b.add(f"{h}/ipmitool-sdr.txt", ipmi_sdr(rng, fans_bad=("FAN3A", "FAN3B") if i == cn else ()))
    b.set_label("straggler", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "Iteration time rose from 0.61 s to 0.87 s mid-epoch; only node0419's ranks show data_time jumping to ~0.28 s, and its journal logs continuous 'Package temperature above threshold, cpu clock throttled' with the CPU pinned near 800 MHz and two dead fans.",
                "https://github.com/erpalma/throttled/issues/239")


# ====================================================================== q07
def composer_block(t, batch, total, samples_s, loss, lr):
    return [f"[batch={batch}/{total}]:",
            f"\t Train time/epoch: 0", f"\t Train time/batch: {batch - 1}", f"\t Train time/sample: {(batch - 1) * 512}",
            f"\t Train time/batch_in_epoch: {batch - 1}", f"\t Train time/sample_in_epoch: {(batch - 1) * 512}",
            f"\t Train time/token: {(batch - 1) * 512 * 2048}", f"\t Train time/token_in_epoch: {(batch - 1) * 512 * 2048}",
            "\t Train trainer/device_train_microbatch_size: 8", f"\t Train loss/train/total: {loss:.4f}",
            f"\t Train metrics/train/LanguageCrossEntropy: {loss:.4f}", f"\t Train metrics/train/LanguagePerplexity: {2.718281828 ** loss:.4f}",
            f"\t Train throughput/batches_per_sec: {samples_s / 512:.4f}", f"\t Train throughput/samples_per_sec: {samples_s:.4f}",
            f"\t Train throughput/device/batches_per_sec: {samples_s / 512 / 32:.4f}", f"\t Train throughput/device/samples_per_sec: {samples_s / 32:.4f}",
            f"\t Train throughput/tokens_per_sec: {samples_s * 2048:.4f}", f"\t Train throughput/device/tokens_per_sec: {samples_s * 2048 / 32:.4f}",
            f"\t Train throughput/flops_per_sec: {samples_s * 2048 * 6 * 6.7e9:.4e}", f"\t Train throughput/device/mfu: {samples_s * 2048 * 6 * 6.7e9 / 32 / 989e12:.4f}",
            f"\t Train time/train: {batch * 512 / samples_s / 3600:.4f}", "\t Train time/val: 0.0000", f"\t Train time/total: {batch * 512 / samples_s / 3600:.4f}",
            f"\t Train lr-DecoupledAdamW/group0: {lr:.4e}"]


def ipmi_sel(rng, start, entries):
    out = []
    for k, (t, what, ev, st) in enumerate(entries, 1):
        out.append(f" {k:>3x} | {t.strftime('%m/%d/%Y')} | {t.strftime('%H:%M:%S')} | {what} | {ev} | {st}")
    return out


def q07_composer_throughput_drop(b, rng):
    nodes = ["sxm-c12-05", "sxm-c12-06", "sxm-c12-07", "sxm-c12-08"]
    cn = 2
    buses = BUSES["h100"]
    t = T(2024, 9, 20, 3, 11, 9)
    start = t
    L = [f"Launching job 90412 on {','.join(nodes)}",
         "+ srun --ntasks-per-node=1 composer --nproc 8 --world_size 32 --node_rank $SLURM_NODEID --master_addr sxm-c12-05 --master_port 7501 train/train.py yamls/pretrain/mpt-7b.yaml"]
    for i in range(4):
        L.append(f"Starting distributed environment on local node for global_rank({i * 8}-{i * 8 + 7})")
        L.append(f"Distributed KV store: tcp://sxm-c12-05:7501")
    L += ["Initializing model...", "cfg.n_params=6.65e+09", "Building train loader...", "Building eval loader...",
          "Building trainer...", "Logging config...", "Starting training...",
          "******************************", "Config:", "composer_commit_hash: None", "composer_version: 0.24.1",
          "enabled_algorithms/GradientClipping: true", "node_name: unknown because NODENAME environment variable not set",
          "num_gpus_per_node: 8", "num_nodes: 4", "rank_zero_seed: 17", "******************************"]
    t = plus(t, 120)
    total = 24800
    fail_batch = 6120
    loss = 3.4
    for bt in range(1, 9001):
        sps = jitter(rng, 371.0, 0.008) if bt < fail_batch else jitter(rng, 262.0, 0.02)
        t = plus(t, 512 / sps)
        if bt == fail_batch:
            t_fail = plus(t, -40)
        loss = max(2.1, loss - rng.uniform(-0.0006, 0.00075))
        if bt % 100 == 0:
            L += composer_block(t, bt, total, sps, loss, 1.6e-4)
        if bt % 2000 == 0:
            L.append(f"Saving checkpoint to oci://llm-ckpt/mpt7b-r3/ep0-ba{bt}-rank{{rank}}.pt")
    tend = plus(t, 60)
    L += [f"slurmstepd: error: *** JOB 90412 ON sxm-c12-05 CANCELLED AT {tend.strftime('%Y-%m-%dT%H:%M:%S')} ***",
          "Received signal SIGTERM. Stopping all processes."] + [f"Global rank {r} (PID {120311 + r}) exited with code -15" for r in range(0, 32, 8)]
    b.add(f"{nodes[0]}/slurm-90412.out", L)
    for i, h in enumerate(nodes):
        sel = [(plus(start, -86400 * 9), "System Event #0x83 | Timestamp Clock Sync", "", "Asserted"),
               (plus(start, -86400 * 9 + 1), "Event Logging Disabled SEL_FULLNESS", "Log area reset/cleared", "Asserted")]
        if i == cn:
            sel += [(t_fail, "Power Supply PSU2 Status", "Failure detected", "Asserted"),
                    (plus(t_fail, 1), "Power Supply PSU2 Status", "Power Supply AC lost", "Asserted"),
                    (plus(t_fail, 1), "Power Unit PSU Redundancy", "Redundancy Lost", "Asserted"),
                    (plus(t_fail, 2), "Current GPU_Board_PWR_BRAKE", "State Asserted", "Asserted")]
        else:
            sel += [(plus(start, -3600 * rng.randint(3, 90)), "Temperature Inlet_Temp", "Upper Non-critical going high", "Deasserted")]
        b.add(f"{h}/ipmitool-sel-list.txt", ipmi_sel(rng, start, sel))
        gpus = []
        for g in range(8):
            d = {"bus": buses[g]}
            if i == cn:
                d.update(sm_clock=rng.choice([1095, 1110, 1125]), power=round(rng.uniform(280, 330), 2),
                         events={"HW Slowdown": "Active", "HW Power Brake Slowdown": "Active"})
            gpus.append(d)
        b.add(f"{h}/nvidia-smi-q-d-perf.txt", nvsmi_q(plus(tend, 120), "550.54.15", "12.4", "h100", gpus, rng, d=["PERFORMANCE", "CLOCK", "POWER"]))
        boot = plus(start, -rng.randint(3, 40) * 86400)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -600), tend, 30))
    b.set_label("straggler", "infrastructure", {"node": nodes[cn], "rank": None}, "restart_without_node",
                "Composer throughput fell from ~371 to ~262 samples/s with no error; sxm-c12-07's SEL shows PSU2 failure and lost redundancy at that moment and all eight of its GPUs report HW Slowdown / HW Power Brake Slowdown Active.",
                "https://github.com/leptonai/gpud/pull/331")


# ====================================================================== q08
def q08_mpirun_per_rank_timers(b, rng):
    nodes = ["cn-g101", "cn-g102", "cn-g103", "cn-g104"]
    cn, cl = 2, 3
    crank = cn * 8 + cl
    buses = BUSES["a100"]
    t = T(2023, 6, 27, 8, 4, 51)
    start = t
    L = [f"+ mpirun -np 32 -H cn-g101:8,cn-g102:8,cn-g103:8,cn-g104:8 --tag-output --bind-to none -x NCCL_DEBUG=WARN -x MASTER_ADDR=cn-g101 -x MASTER_PORT=29400 python train_moe.py --cfg cfg/moe_1b6.yaml"]
    for r in range(32):
        L.append(f"[1,{r}]<stderr>:/opt/conda/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py:2517: UserWarning: torch.distributed._all_gather_base is a private function and will be deprecated. Please use torch.distributed.all_gather_into_tensor instead.")
    for r in range(32):
        L.append(f"[1,{r}]<stdout>:[init] rank={r} local_rank={r % 8} world=32 host={nodes[r // 8]} device=cuda:{r % 8}")
    L.append("[1,0]<stdout>:[init] model params: 1.61B total, 0.42B active; experts=16 top_k=2")
    t = plus(t, 60)
    for step in range(200, 6001, 200):
        base = jitter(rng, 1014, 0.01)
        slow = base * jitter(rng, 1.36, 0.01)
        stepms = slow + jitter(rng, 44, 0.2) + 11
        t = plus(t, 200 * stepms / 1000)
        loss = max(2.2, 7.4 - 1.2 * (step / 6000) ** 0.4 * 4 + rng.uniform(-0.03, 0.03))
        for r in range(32):
            fb = slow if r == crank else jitter(rng, base, 0.012)
            cw = stepms - fb - 11 - rng.uniform(0, 3)
            L.append(f"[1,{r}]<stdout>:[step {step:>5}] rank={r:>2} loss={loss + rng.uniform(-0.002, 0.002):.4f} step_ms={stepms:7.1f} fwd_bwd_ms={fb:7.1f} comm_wait_ms={max(cw, 4.0):6.1f} data_ms={rng.uniform(8, 14):5.1f}")
        if step % 1000 == 0:
            L.append(f"[1,0]<stdout>:[ckpt] step {step} -> /scratch/moe/ckpt/step_{step}.pt (3.2 GB, 11.8 s)")
            t = plus(t, 12)
    tend = plus(t, 30)
    L += ["--------------------------------------------------------------------------",
          "mpirun noticed that process rank 0 with PID 0 on node cn-g101 exited on signal 15 (Terminated).",
          "--------------------------------------------------------------------------"]
    b.add(f"{nodes[0]}/mpirun.out", L)
    for i, h in enumerate(nodes):
        gpus = [{"bus": buses[g]} for g in range(8)]
        b.add(f"{h}/nvidia-smi-q-d-perf.txt", nvsmi_q(plus(tend, 40), "525.105.17", "12.0", "a100", gpus, rng, d=["PERFORMANCE", "CLOCK", "TEMPERATURE", "POWER"]))
        boot = plus(start, -rng.randint(3, 40) * 86400)
        b.add(f"{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(start, -600), tend, 40))
        b.add(f"{h}/nvidia-smi-topo.txt", ["\tGPU0\tGPU1\tGPU2\tGPU3\tGPU4\tGPU5\tGPU6\tGPU7\tNIC0\tNIC1\tCPU Affinity\tNUMA Affinity"] +
              [f"GPU{g}\t" + "\t".join("X" if g == k else "NV12" for k in range(8)) + f"\t{'PXB' if g < 4 else 'SYS'}\t{'SYS' if g < 4 else 'PXB'}\t{'0-63' if g < 4 else '64-127'}\t{0 if g < 4 else 1}" for g in range(8)])
    b.set_label("straggler", "infrastructure", {"node": nodes[cn], "rank": crank}, "run_diagnostics",
                f"Per-rank timers show rank {crank} (cn-g103 GPU {cl}) spending ~36% longer in fwd/bwd while every other rank waits in comm; nvidia-smi -q, topology and dmesg on cn-g103 look clean, so the GPU is suspect but unproven.",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")


# ====================================================================== q09
def fairseq_line(t, ep, upd, per_ep, loss, wps, ups, num, lr, wall):
    return (f"{iso(t)} | INFO | train_inner | epoch {ep:03d}:  {upd:>5} / {per_ep} loss={loss:.3f}, nll_loss={loss * 0.93:.3f}, ppl={2 ** (loss * 0.93):.2f}, "
            f"wps={wps:.1f}, ups={ups:.2f}, wpb={wps / ups:.1f}, bsz={256:.1f}, num_updates={num}, lr={lr:.6g}, gnorm={0.4 + (num % 7) * 0.03:.3f}, "
            f"loss_scale=8, train_wall={100 / ups * 0.97:.0f}, gb_free=31.2, wall={wall:.0f}")


def q09_fairseq_wps_two_attempts(b, rng):
    a0 = ["gnode-c01", "gnode-c02", "gnode-c03", "gnode-c04"]
    a1 = ["gnode-c01", "gnode-c02", "gnode-c03", "gnode-c07"]
    culprit = "gnode-c04"
    buses = BUSES["a100"]
    for ai, (nodes, t0, wps0, job, n_upd) in enumerate([(a0, T(2023, 2, 6, 19, 2, 0), 30810.0, 330121, 2300), (a1, T(2023, 2, 7, 9, 30, 11), 45920.0, 330415, 3400)]):
        t = t0
        L = [f"{iso(t)} | INFO | fairseq.distributed.utils | distributed init (rank {r}): tcp://{nodes[0]}:19812" for r in range(0, 32)]
        L += [f"{iso(plus(t, 3))} | INFO | fairseq.distributed.utils | initialized host {nodes[r // 8]} as rank {r}" for r in range(0, 32, 8)]
        L += [f"{iso(plus(t, 5))} | INFO | fairseq_cli.train | {{'_name': None, 'common': {{'_name': None, 'no_progress_bar': True, 'log_interval': 100, 'log_format': 'simple', 'fp16': True, 'memory_efficient_fp16': False}}, 'distributed_training': {{'distributed_world_size': 32, 'distributed_backend': 'nccl', 'ddp_backend': 'c10d', 'bucket_cap_mb': 25}}}}",
              f"{iso(plus(t, 9))} | INFO | fairseq_cli.train | TransformerLanguageModel(...)", f"{iso(plus(t, 9))} | INFO | fairseq_cli.train | task: LanguageModelingTask",
              f"{iso(plus(t, 9))} | INFO | fairseq_cli.train | num. shared model params: 1,314,914,304 (num. trained: 1,314,914,304)",
              f"{iso(plus(t, 10))} | INFO | fairseq.trainer | detected shared parameter: decoder.embed_tokens.weight <- decoder.output_projection.weight",
              f"{iso(plus(t, 11))} | INFO | fairseq.utils | ***********************CUDA enviroments for all 32 workers***********************"]
        for r in range(32):
            L.append(f"{iso(plus(t, 11))} | INFO | fairseq.utils | rank {r:>3}: capabilities =  8.0  ; total memory = 79.347 GB ; name = NVIDIA A100-SXM4-80GB                   ")
        L += [f"{iso(plus(t, 11))} | INFO | fairseq.utils | ***********************CUDA enviroments for all 32 workers***********************",
              f"{iso(plus(t, 11))} | INFO | fairseq_cli.train | training on 32 devices (GPUs/TPUs)",
              f"{iso(plus(t, 11))} | INFO | fairseq_cli.train | max tokens per device = 4096 and max sentences per device = None"]
        if ai == 1:
            L.append(f"{iso(plus(t, 20))} | INFO | fairseq.trainer | Loaded checkpoint /data/fs/ckpt/lm1b3/checkpoint_last.pt (epoch 1 @ 2300 updates)")
        t = plus(t, 40)
        wall = 0.0
        start_u = 0 if ai == 0 else 2300
        for u in range(start_u + 100, start_u + n_upd + 1, 100):
            wps = jitter(rng, wps0, 0.01)
            ups = wps / 262144 * 8
            dt_ = 100 / ups
            wall += dt_
            t = plus(t, dt_)
            L.append(fairseq_line(t, 1, u, 21400, max(3.1, 9.8 - u * 0.0011 + rng.uniform(-0.03, 0.03)), wps, ups, u, 5e-4 * min(1, u / 4000), wall))
            if u % 1000 == 0:
                L.append(f"{iso(t)} | INFO | fairseq.checkpoint_utils | Saved checkpoint /data/fs/ckpt/lm1b3/checkpoint_1_{u}.pt (epoch 1 @ {u} updates, score None) (writing took {rng.uniform(9, 14):.4f} seconds)")
        if ai == 0:
            L += [f"slurmstepd: error: *** JOB {job} ON {nodes[0]} CANCELLED AT {plus(t, 90).strftime('%Y-%m-%dT%H:%M:%S')} ***",
                  "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                  "srun: forcing job termination"]
            L.append(f"{iso(plus(t, 91))} | INFO | fairseq_cli.train | received SIGTERM; saving checkpoint_last.pt before exit")
        b.add(f"attempt_{ai}/{nodes[0]}/slurm-{job}.out", L)
        b.add(f"attempt_{ai}/{nodes[0]}/sacct.txt", sacct(job, "lm1b3-c4", 4, 128, "CANCELLED+" if ai == 0 else "RUNNING", "0:0", "02:58:12" if ai == 0 else "01:12:40"))
        for h in nodes:
            gpus = [{"bus": buses[g]} for g in range(8)]
            b.add(f"attempt_{ai}/{h}/nvidia-smi-q-d-perf.txt", nvsmi_q(plus(t, 100), "525.85.12", "12.0", "a100", gpus, rng, d=["PERFORMANCE", "CLOCK", "TEMPERATURE"]))
            boot = plus(t0, -rng.randint(3, 40) * 86400)
            b.add(f"attempt_{ai}/{h}/dmesg.txt", dmesg_block(rng, h, boot, plus(t0, -600), plus(t, 100), 30))
    b.set_label("straggler", "infrastructure", {"node": culprit, "rank": None}, "run_diagnostics",
                "The same job ran at ~30.8k wps on c01-c04 and ~45.9k wps after only gnode-c04 was swapped for gnode-c07; nothing in gnode-c04's nvidia-smi or dmesg explains it, so it is the suspected slow node pending diagnostics.",
                "https://github.com/facebookresearch/fairseq/issues/4816")
