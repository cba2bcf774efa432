"""Cases bg01-bg09."""

import logkit as L
from jobs import (Bundle, Timeline, benign_boot_dmesg, render_dmesg, up_at, H100_BUS, A100_BUS, pci_short,
                  megatron_progress, nvsmi_q_header, nvsmi_q_gpu)
from scen import torchrun_attempt

CDT = L.tz(-5)
CET = L.tz(1)
CST8 = L.tz(8)


def _sbatch(job, nodes, script_lines):
    return ["#!/bin/bash", f"#SBATCH --job-name={job}", f"#SBATCH --nodes={nodes}", "#SBATCH --ntasks-per-node=1",
            "#SBATCH --gpus-per-node=8", "#SBATCH --exclusive"] + script_lines


# ---------------------------------------------------------------------------
def bg01():
    b = Bundle("bg01_illegal_memory_access_after_requeue", 101)
    job = "4471920"
    attempts = [
        (["gpu-a013", "gpu-a014", "gpu-a015", "gpu-a016"], L.at(2024, 3, 11, 22, 4, 17, tzinfo=CDT), 17000, 18340),
        (["gpu-a013", "gpu-a015", "gpu-a016", "gpu-a021"], L.at(2024, 3, 12, 2, 31, 55, tzinfo=CDT), 18000, 19100),
        (["gpu-a012", "gpu-a013", "gpu-a015", "gpu-a016"], L.at(2024, 3, 12, 5, 58, 40, tzinfo=CDT), 19000, 19380),
    ]
    sacct_rows = []
    for n, (hosts, t0, i0, i1) in enumerate(attempts):
        crash = dict(host="gpu-a015", lr=3, delay=14.2,
                     lines=lambda t, r, p: L.watchdog_cuda_error(t, r, "an illegal memory access was encountered"))
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="pretrain_gpt.py", run_id=job, port=29500,
                             it_start=i0, it_stop=i1, ms=10850.0, every=10, gbs=1536, total=250000, lr0=1.5e-4,
                             loss0=1.92 - 0.00004 * (i0 - 17000), loss_slope=4e-5 / 1000, tflops=402.0,
                             ckpt_every=1000, ckpt_dir="/lustre/fs2/llm34b/ckpt", crash=crash, peer_mode="remote",
                             restart_count=0)
        for h in hosts:
            b.put(f"attempt_{n}/{h}/{h}-{job}.out", a.logs[h].render())
        # dmesg for every node of the attempt
        for h in hosts:
            boot = L.plus(t0, hours=-(30 + 7 * hosts.index(h) + 24 * n))
            ev = benign_boot_dmesg(h, H100_BUS)
            if h == "gpu-a014" and n == 0:
                for k in range(3):
                    tt = L.plus(t0, hours=1.3 + k * 0.7)
                    ev.append((up_at(boot, tt), "pcieport 0000:00:01.0: AER: Corrected error received: 0000:00:01.0"))
                    ev.append((up_at(boot, tt) + 0.00002, "pcieport 0000:00:01.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"))
            if h == "gpu-a021":
                tt = L.plus(t0, hours=2.2)
                ev.append((up_at(boot, tt), L.xid("0000:ba:00", 63, "Row Remapper: New row (0x0000000000e3b9a0) Pending Blacklisting. Reset GPU to activate")))
            b.put(f"attempt_{n}/{h}/dmesg.txt", render_dmesg("T", h, boot, ev, tzinfo=CDT))
        end = L.plus(a.end_t, seconds=12)
        nl = {0: "gpu-a[013-016]", 1: "gpu-a[013,015-016,021]", 2: "gpu-a[012-013,015-016]"}[n]
        state = "REQUEUED" if n < 2 else "FAILED"
        t0s = L.plus(t0, seconds=-15)
        sacct_rows += [
            (job, "llm34b-pt", "gpu", L.slurm_ts(t0s), L.slurm_ts(end), L.elapsed(t0s, end), state, "0:0" if n < 2 else "1:0", nl),
            (f"{job}.batch", "batch", "", L.slurm_ts(t0s), L.slurm_ts(end), L.elapsed(t0s, end), "FAILED", "1:0", hosts[0]),
            (f"{job}.0", "torchrun", "", L.slurm_ts(t0), L.slurm_ts(end), L.elapsed(t0, end), "FAILED", "1:0", nl),
        ]
    b.put("sacct.txt", [f"$ sacct -j {job} --duplicates --format=JobID%-16,JobName%12,Partition,Start,End,Elapsed,State%-12,ExitCode,NodeList%-30"]
          + L.sacct_table(job, sacct_rows))
    b.put("llm34b.sbatch", _sbatch("llm34b-pt", 4, [
        "#SBATCH --partition=gpu",
        "#SBATCH --requeue",
        "#SBATCH --output=%x-%j-%N.out",
        "#SBATCH --time=3-00:00:00",
        "",
        "export NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5",
        "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "srun --output=%x-%j-%N.out torchrun --nnodes=$SLURM_NNODES --nproc-per-node=8 \\",
        "     --rdzv-backend=c10d --rdzv-endpoint=$MASTER:29500 --rdzv-id=$SLURM_JOB_ID \\",
        "     pretrain_gpt.py $(cat args/llm34b.args) --load /lustre/fs2/llm34b/ckpt --save /lustre/fs2/llm34b/ckpt",
        "rc=$?",
        "if [ $rc -ne 0 ] && [ ${SLURM_RESTART_COUNT:-0} -lt 2 ]; then",
        "    echo \"training exited rc=$rc, requeueing (restart ${SLURM_RESTART_COUNT:-0})\"",
        "    scontrol requeue $SLURM_JOB_ID",
        "fi",
        "exit $rc",
    ]))
    b.set_label("gpu_hardware", "infrastructure", "gpu-a015", None, "restart_without_node",
                "The same 'illegal memory access' aborts the job in all three requeues at different iterations "
                "(just after 18340, 19100 and 19380) and with different global ranks (19, 11, 19), but always on gpu-a015 local GPU 3 "
                "(busId 5d000), while the node set around it changed; an error that follows one GPU is that GPU's fault.",
                "https://github.com/pytorch/examples/issues/548")
    return b


# ---------------------------------------------------------------------------
def bg02():
    b = Bundle("bg02_nan_loss_same_iteration_each_restart", 102)
    job = "902211"
    attempts = [
        (["dgx101", "dgx102", "dgx103", "dgx104"], L.at(2024, 6, 3, 7, 40, 2)),
        (["dgx117", "dgx118", "dgx119", "dgx120"], L.at(2024, 6, 3, 8, 21, 44)),
        (["dgx101", "dgx102", "dgx131", "dgx132"], L.at(2024, 6, 3, 9, 5, 13)),
    ]
    # deterministic loss trajectory after resuming from 62000 (same data order every time)
    traj = {}
    base = 2.031
    for it in range(62010, 62420, 10):
        v = base - 0.00001 * (it - 62000)
        if it >= 62370:
            v += {62370: 0.04, 62380: 0.11, 62390: 0.38, 62400: 1.94, 62410: 6.83}[it]
        traj[it] = v
    gnorm = {it: (0.21 + (0.0 if it < 62370 else {62370: 0.9, 62380: 2.7, 62390: 7.4, 62400: 19.8, 62410: 38.1}[it]))
             for it in traj}
    rows = []
    for n, (hosts, t0) in enumerate(attempts):
        def prog(t, _n=n):
            out = []
            tt = t
            for it in range(62010, 62420, 10):
                ms = 1602.0 + b.rng.uniform(-18, 18)
                tt = L.plus(tt, seconds=ms * 10 / 1000)
                out.append((tt, L.megatron_iter(tt, it, 120000, loss=traj[it] + b.rng.uniform(-0.002, 0.002), lr=6.0e-4 * (1 - 0.3 * it / 120000),
                                                 ms=ms, gbs=2048, tflops=371.0 + b.rng.uniform(-3, 3),
                                                 grad_norm=gnorm[it] * (1 + b.rng.uniform(-0.01, 0.01)))))
            return out, tt

        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="pretrain_gpt.py", run_id=job, it_start=62000, it_stop=62410,
                             progress_fn=prog, ckpt_every=500, ckpt_dir="/mnt/weka/ckpt/gpt-13b-v2", crash=None,
                             startup_extra=["> learning rate decay style: cosine, lr=6.0E-04, min_lr=6.0E-05, warmup=2000 iters"])
        t_nan = L.plus(a.end_t, seconds=11.3)
        # every rank trips Megatron's NaN check at iteration 62417
        for j, h in enumerate(hosts):
            chunk = []
            for lr in range(8):
                r = j * 8 + lr
                tt = L.plus(t_nan, seconds=0.02 * lr + 0.3 * j)
                chunk += [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/workspace/megatron-lm/pretrain_gpt.py", line 287, in <module>',
                    f"[rank{r}]:     pretrain(",
                    f'[rank{r}]:   File "/workspace/megatron-lm/megatron/training/training.py", line 376, in pretrain',
                    f"[rank{r}]:     iteration, num_floating_point_operations_so_far = train(",
                    f'[rank{r}]:   File "/workspace/megatron-lm/megatron/training/training.py", line 1427, in train',
                    f"[rank{r}]:     train_step(forward_step_func,",
                    f'[rank{r}]:   File "/workspace/megatron-lm/megatron/training/training.py", line 754, in train_step',
                    f"[rank{r}]:     losses_reduced = forward_backward_func(",
                    f'[rank{r}]:   File "/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 199, in start_grad_sync',
                    f"[rank{r}]:     assert not norm.isnan(), (",
                    f"[rank{r}]: AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel "
                    f"communication collective. Device: {lr}, node: {h}",
                ]
            a.logs[h].add(t_nan, chunk)
            td = L.plus(t_nan, seconds=3.5)
            a.logs[h].add(td, [L.elastic_failed(td, a.apid[h], 1, 0, a.pids[h][0])] + L.elastic_sigterm(td, a.apid[h], a.pids[h][1:]))
            root = dict(time=f"{t_nan:%Y-%m-%d_%H:%M:%S}", host=h, rank=j * 8, local_rank=0, exitcode=1, pid=a.pids[h][0],
                        error_file=f"/tmp/torchelastic_{job}/attempt_0/0/error.json",
                        traceback="Traceback (most recent call last):\n    ...\n  AssertionError: Rank "
                                  f"{j * 8}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 0, node: {h}")
            a.logs[h].add(L.plus(td, seconds=4), L.child_failed_summary("pretrain_gpt.py", [], root))
            b.put(f"attempt_{n}/{h}/megatron_{job}_{h}.log", a.logs[h].render())
        end = L.plus(t_nan, seconds=40)
        nl = {0: "dgx[101-104]", 1: "dgx[117-120]", 2: "dgx[101-102,131-132]"}[n]
        st = L.plus(t0, seconds=-6)
        rows += [
            (job, "gpt13b-v2", "batch", L.slurm_ts(st), L.slurm_ts(end), L.elapsed(st, end), "REQUEUED" if n < 2 else "FAILED", "0:0" if n < 2 else "1:0", nl),
            (f"{job}.batch", "batch", "", L.slurm_ts(st), L.slurm_ts(end), L.elapsed(st, end), "FAILED", "1:0", hosts[0]),
            (f"{job}.0", "bash", "", L.slurm_ts(t0), L.slurm_ts(end), L.elapsed(t0, end), "FAILED", "1:0", nl),
        ]
        # the logging rank's host also keeps a tail of the previous good run (benign)
    b.put("sacct_902211.txt", L.sacct_table(job, rows, fmt_header="sacct -j 902211 -D -o JobID%-16,JobName%12,Partition,Start,End,Elapsed,State%-12,ExitCode,NodeList%-30"))
    b.put("train_gpt13b.sh", [
        "#!/bin/bash",
        "#SBATCH -N 4 --gpus-per-node=8 --requeue -p batch -J gpt13b-v2",
        "# auto-requeue on failure (max 2)",
        "GPT_ARGS=\"--num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 4096 \\",
        "  --micro-batch-size 2 --global-batch-size 2048 --lr 6.0e-4 --min-lr 6.0e-5 --lr-decay-style cosine \\",
        "  --lr-warmup-iters 2000 --clip-grad 1.0 --bf16 --check-for-nan-in-loss-and-grad --train-iters 120000\"",
        "srun bash -c 'torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $MASTER_ADDR:29500 \\",
        "   --rdzv-id $SLURM_JOB_ID pretrain_gpt.py $GPT_ARGS --load $CKPT --save $CKPT --save-interval 500'",
        "[ $? -ne 0 ] && [ ${SLURM_RESTART_COUNT:-0} -lt 2 ] && scontrol requeue $SLURM_JOB_ID",
    ])
    b.set_label("numerical", "script", None, None, "stop",
                "Three attempts on three different node sets resume from iteration 62000 and show the same loss/grad-norm "
                "blow-up (grad norm 0.2 -> 38 by iteration 62410) and the NaN check fires at iteration 62417 on every rank; "
                "a divergence that reproduces at the same step on different hardware is the recipe, not a node.",
                "https://github.com/bigscience-workshop/Megatron-DeepSpeed/issues/57")
    return b


# ---------------------------------------------------------------------------
def bg03():
    b = Bundle("bg03_nan_loss_random_steps_after_restarts", 103)
    # torchtitan-style FSDP job restarted by an in-house supervisor; no scheduler records in the bundle
    attempts = [
        (["hpc-g-0409", "hpc-g-0412", "hpc-g-0415", "hpc-g-0418"], L.at(2024, 11, 2, 9, 10, 4), 3000, 3121),
        (["hpc-g-0412", "hpc-g-0415", "hpc-g-0418", "hpc-g-0420"], L.at(2024, 11, 2, 10, 2, 51), 3000, 5877),
        (["hpc-g-0403", "hpc-g-0407", "hpc-g-0409", "hpc-g-0412"], L.at(2024, 11, 2, 13, 40, 12), 5500, 5642),
    ]
    for n, (hosts, t0, s0, s_bad) in enumerate(attempts):
        bad_idx = hosts.index("hpc-g-0412")
        bad_rank = bad_idx * 8 + 5
        run_id = f"llama3-8b-cpt-r{n}"
        logs = {}
        apids = {}
        pids = {}
        for i, h in enumerate(hosts):
            tl = Timeline()
            apids[h] = b.rng.randrange(10000, 60000)
            pids[h] = b.pids(8)
            from jobs import agent_start
            tl.add(t0, agent_start(b, h, L.plus(t0, seconds=i * 0.4), apids[h], entry="torchtitan/train.py", nnodes=4, nproc=8,
                                   run_id=run_id, endpoint=f"{hosts[0]}:29400", master=hosts[0], port=29401, group_rank=i))
            tl.add(L.plus(t0, seconds=40), L.nccl_init_flood(b.rng, h, pids[h], i * 8, 32, oob_ip=f"172.20.4.{40 + int(h[-2:])}",
                                                              print_version=(i == 0), channels=4))
            logs[h] = tl
        # rank 0 log: torchtitan style
        h0 = hosts[0]
        p = lambda t, lvl="INFO": f"[rank0]:[titan] {t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d} - root - {lvl} -"
        t = L.plus(t0, seconds=71)
        logs[h0].add(t, [
            f"{p(t)} Starting job: Llama 3 8B continued pretraining",
            f"{p(t)} Building 1-D device mesh with ['dp_shard'], [32]",
            f"{p(t)} [GC] Initial GC collection. 0.00 seconds.",
            f"{p(t)} Loading tokenizer from tokenizer.model",
            f"{p(t)} Preparing c4 dataset from /data/c4_en_shuffled",
            f"{p(t)} Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192)",
            f"{p(t)} Model llama3 8B size: 8,030,261,248 total parameters",
            f"{p(t)} Applied selective activation checkpointing to the model",
            f"{p(t)} Applied FSDP to the model",
            f"{p(t)} CUDA memory usage for model: 1.96GiB(2.47%)",
            f"{p(t)} Loading the checkpoint at step {s0}.",
            f"{p(t)} Finished loading the checkpoint in {18 + b.rng.random() * 4:.2f} seconds.",
            f"{p(t)} Training starts at step {s0 + 1}, with local batch size 2, global batch size 64, sequence length 8192, total steps 40000 (warmup 2000)",
        ])
        # benign warning on all ranks
        for h in hosts:
            logs[h].add(L.plus(t, seconds=2), [
                "/usr/local/lib/python3.11/site-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.",
                "  with device_autocast_ctx, torch.cpu.amp.autocast(**cpu_autocast_kwargs), recompute_context:  # type: ignore[attr-defined]",
            ])
        tt = L.plus(t, seconds=5)
        step = s0
        while step + 10 <= s_bad - 1:
            step += 10
            tt = L.plus(tt, seconds=10 * (2.91 + b.rng.uniform(-0.05, 0.05)))
            loss = 2.41 - 0.00004 * step + b.rng.uniform(-0.03, 0.03)
            logs[h0].add(tt, f"{p(tt)} step: {step:5d}  loss: {loss:7.4f}  memory: 61.{b.rng.randrange(10, 40)}GiB(77.{b.rng.randrange(10, 60)}%)  "
                             f"tps: {2810 + b.rng.randrange(-40, 40):,}  tflops: {163.0 + b.rng.uniform(-2, 2):.2f}  mfu: {16.5 + b.rng.uniform(-0.2, 0.2):.2f}%")
            if step % 500 == 0:
                logs[h0].add(L.plus(tt, seconds=0.2), [f"{p(tt)} Saving the checkpoint (or staging if async is enabled).",
                                                        f"{p(L.plus(tt, seconds=22))} [GC] GC collection invoked by checkpointer. 0.03 seconds.",
                                                        f"{p(L.plus(tt, seconds=22))} Finished saving the checkpoint (or staging if async is enabled)in 22.41 seconds."])
        t_bad = L.plus(tt, seconds=(s_bad - step) * 2.9 + 0.4)
        h_bad = "hpc-g-0412"
        pb = lambda t, r: f"[rank{r}]:[titan] {t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d} - root - ERROR -"
        logs[h_bad].add(t_bad, [
            f"{pb(t_bad, bad_rank)} non-finite local loss on rank {bad_rank} (local_rank 5, host {h_bad}) at step {s_bad}: loss=nan grad_norm=nan; "
            f"first non-finite activation: layers.{[17, 9, 23][n]}.feed_forward.w2 (output)",
        ])
        t_raise = L.plus(t_bad, seconds=0.6)
        for i, h in enumerate(hosts):
            chunk = []
            for lr in range(8):
                r = i * 8 + lr
                chunk += [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/opt/torchtitan/torchtitan/train.py", line 418, in <module>',
                    f"[rank{r}]:     main(config)",
                    f'[rank{r}]:   File "/opt/torchtitan/torchtitan/train.py", line 331, in main',
                    f"[rank{r}]:     check_finite(loss, model, step=train_state.step)",
                    f'[rank{r}]:   File "/opt/torchtitan/torchtitan/ext/nonfinite_guard.py", line 58, in check_finite',
                    f"[rank{r}]:     raise FloatingPointError(",
                    f"[rank{r}]: FloatingPointError: non-finite loss detected at step {s_bad} on 1 rank(s): [{bad_rank}]",
                ]
            logs[h].add(t_raise, chunk)
            td = L.plus(t_raise, seconds=2.2)
            logs[h].add(td, [L.elastic_failed(td, apids[h], 1, 0, pids[h][0])] + L.elastic_sigterm(td, apids[h], pids[h][1:]))
            root = dict(time=f"{t_raise:%Y-%m-%d_%H:%M:%S}", host=h, rank=i * 8, local_rank=0, exitcode=1, pid=pids[h][0],
                        traceback="To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
            logs[h].add(L.plus(td, seconds=3), L.child_failed_summary("torchtitan/train.py", [], root))
            b.put(f"attempt_{n}/{h}/train.log", logs[h].render())
    b.set_label("gpu_hardware", "infrastructure", "hpc-g-0412", None, "restart_without_node",
                "Each of the three attempts dies on a non-finite loss, at unrelated steps (3121, 5877, 5642 - the last one "
                "below a step attempt 1 had already passed) and under different global ranks (13, 5, 29), but the first "
                "non-finite value is always produced by local_rank 5 on hpc-g-0412; a NaN that follows one GPU across "
                "attempts is that GPU's hardware.",
                "https://github.com/pytorch/torchtitan/issues/951")
    return b


# ---------------------------------------------------------------------------
HF_TB = [
    ('/app/train_sft.py', 198, 'main', 'main()'),
    ('/app/train_sft.py', 191, 'main', 'trainer.train(resume_from_checkpoint=args.resume)'),
    ('/usr/local/lib/python3.10/site-packages/transformers/trainer.py', 2123, 'train', 'return inner_training_loop('),
    ('/usr/local/lib/python3.10/site-packages/transformers/trainer.py', 2481, '_inner_training_loop',
     'tr_loss_step = self.training_step(model, inputs, num_items_in_batch)'),
]


def _tb(rank, frames, exc):
    out = [f"[rank{rank}]: Traceback (most recent call last):"]
    first = True
    for path, line, fn, code in frames:
        out.append(f'[rank{rank}]:   File "{path}", line {line}, in {"<module>" if first else fn}')
        out.append(f"[rank{rank}]:     {code}")
        first = False
    out += [f"[rank{rank}]: {e}" for e in exc]
    return out


CUBLAS = ("RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, n, k, "
          "&falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`")


def bg04():
    b = Bundle("bg04_cublas_execution_failed_job_restarts", 104)
    pool = "gke-a3-train-pool-2-5f1c0e3a-"
    N = {k: pool + k for k in ("xk7m", "q2vd", "8rtn", "lw3c", "h9zb", "p4fs")}
    bad = N["q2vd"]
    attempts = [
        ([N["xk7m"], N["q2vd"], N["8rtn"], N["lw3c"]], L.at(2024, 8, 19, 13, 2, 11), 0, 1880),
        ([N["8rtn"], N["h9zb"], N["xk7m"], N["q2vd"]], L.at(2024, 8, 19, 14, 21, 40), 1500, 2311),
        ([N["q2vd"], N["p4fs"], N["xk7m"], N["8rtn"]], L.at(2024, 8, 19, 15, 0, 3), 2000, 2047),
    ]
    events = []
    for n, (nodes, t0, s0, s_bad) in enumerate(attempts):
        pods = [f"sft-13b-v3-worker-{k}" for k in range(4)]
        logs = {}
        apid = {}
        pids = {}
        for k, node in enumerate(nodes):
            tl = Timeline()
            apid[node] = 1
            pids[node] = [b.rng.randrange(60, 400) + 7 * i for i in range(8)]
            from jobs import agent_start
            tl.add(t0, agent_start(b, pods[k], L.plus(t0, seconds=4 + k), 1, entry="/app/train_sft.py", nnodes=4, nproc=8,
                                   run_id="sft-13b-v3", endpoint="sft-13b-v3-worker-0:23456", master="sft-13b-v3-worker-0",
                                   port=23457, group_rank=k, max_restarts=0))
            tl.add(L.plus(t0, seconds=70), L.nccl_init_flood(b.rng, pods[k], pids[node], k * 8, 32, ib_devs=("mlx5_0",),
                                                             oob_if="eth0", oob_ip=f"10.88.{k + 2}.{n * 4 + 5}", print_version=(k == 0),
                                                             channels=4))
            logs[node] = tl
        # rank-0 HF trainer progress
        n0 = nodes[0]
        tt = L.plus(t0, seconds=95)
        logs[n0].add(tt, [
            f"[INFO|trainer.py:2134] {tt:%Y-%m-%d %H:%M:%S},{b.rng.randrange(100, 999)} >> ***** Running training *****",
            f"[INFO|trainer.py:2135] >>   Num examples = 1,204,331",
            f"[INFO|trainer.py:2136] >>   Num Epochs = 2",
            f"[INFO|trainer.py:2137] >>   Instantaneous batch size per device = 4",
            f"[INFO|trainer.py:2140] >>   Total train batch size (w. parallel, distributed & accumulation) = 256",
            f"[INFO|trainer.py:2141] >>   Gradient Accumulation steps = 2",
            f"[INFO|trainer.py:2142] >>   Total optimization steps = 9,408",
            f"[INFO|trainer.py:2143] >>   Number of trainable parameters = 13,015,864,320",
        ] + ([f"[INFO|trainer.py:2165] >>   Continuing training from checkpoint, will skip to saved global_step",
              f"[INFO|trainer.py:2166] >>   Continuing training from epoch 0",
              f"[INFO|trainer.py:2167] >>   Continuing training from global step {s0}"] if s0 else []))
        step = s0
        el = 0.0
        while step + 10 < s_bad:
            step += 10
            dt_ = 10 * (2.41 + b.rng.uniform(-0.06, 0.06))
            el += dt_
            tt = L.plus(tt, seconds=dt_)
            loss = 1.21 - 0.00011 * step + b.rng.uniform(-0.04, 0.04)
            logs[n0].add(tt, [L.hf_loss(loss, 0.42 + b.rng.uniform(-0.08, 0.08), 2e-5 * (1 - step / 9408), step / 4704),
                              " " + L.tqdm_bar(step, 9408, el + s0 * 2.41, 2.41 + b.rng.uniform(-0.02, 0.02))])
            if step % 500 == 0:
                logs[n0].add(L.plus(tt, seconds=1), [f"[INFO|trainer.py:3801] {tt:%Y-%m-%d %H:%M:%S},{b.rng.randrange(100, 999)} >> Saving model checkpoint to /mnt/gcs-fuse/sft-13b-v3/checkpoint-{step}"])
        tc = L.plus(tt, seconds=(s_bad - step) * 2.41 - 0.8)
        k_bad = nodes.index(bad)
        r_bad = k_bad * 8 + 6
        if n == 1:
            frames = HF_TB + [
                ('/usr/local/lib/python3.10/site-packages/transformers/trainer.py', 3579, 'training_step', 'loss = self.compute_loss(model, inputs, num_items_in_batch=num_items_in_batch)'),
                ('/usr/local/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py', 1189, 'forward', 'outputs = self.model('),
                ('/usr/local/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py', 258, 'forward',
                 'down_proj = self.down_proj(self.act_fn(self.gate_proj(x)) * self.up_proj(x))'),
                ('/usr/local/lib/python3.10/site-packages/torch/nn/modules/linear.py', 125, 'forward', 'return F.linear(input, self.weight, self.bias)'),
            ]
        else:
            frames = HF_TB + [
                ('/usr/local/lib/python3.10/site-packages/transformers/trainer.py', 3612, 'training_step', 'self.accelerator.backward(loss, **kwargs)'),
                ('/usr/local/lib/python3.10/site-packages/accelerate/accelerator.py', 2246, 'backward', 'loss.backward(**kwargs)'),
                ('/usr/local/lib/python3.10/site-packages/torch/_tensor.py', 581, 'backward', 'torch.autograd.backward('),
                ('/usr/local/lib/python3.10/site-packages/torch/autograd/graph.py', 825, '_engine_run_backward',
                 'return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass'),
            ]
        logs[bad].add(tc, _tb(r_bad, frames, [CUBLAS]))
        td = L.plus(tc, seconds=2.6)
        logs[bad].add(td, [L.elastic_failed(td, 1, 1, 6, pids[bad][6])] + L.elastic_sigterm(td, 1, [p for i, p in enumerate(pids[bad]) if i != 6]))
        root = dict(time=f"{tc:%Y-%m-%d_%H:%M:%S}", host=pods[k_bad], rank=r_bad, local_rank=6, exitcode=1, pid=pids[bad][6],
                    error_file=f"/tmp/torchelastic_sft-13b-v3/none_x/attempt_0/6/error.json",
                    traceback="Traceback (most recent call last):\n    ...\n" + CUBLAS)
        logs[bad].add(L.plus(td, seconds=3), L.child_failed_summary("/app/train_sft.py", [], root))
        from scen import remote_peer_error
        for k, node in enumerate(nodes):
            if node == bad:
                continue
            tp = L.plus(tc, seconds=21 + b.rng.uniform(0, 3))
            chunk = remote_peer_error(pods[k], pids[node][2], 2, k * 8 + 2, tp, pods[k_bad], 51000 + b.rng.randrange(999), nccl_ver="2.21.5")
            logs[node].add(tp, chunk)
            td2 = L.plus(tp, seconds=1.0)
            logs[node].add(td2, [L.elastic_failed(td2, 1, -6, 2, pids[node][2])] + L.elastic_sigterm(td2, 1, [p for i, p in enumerate(pids[node]) if i != 2]))
            root2 = dict(time=f"{tp:%Y-%m-%d_%H:%M:%S}", host=pods[k], rank=k * 8 + 2, local_rank=2, exitcode=-6, pid=pids[node][2],
                         traceback=f"Signal 6 (SIGABRT) received by PID {pids[node][2]}")
            logs[node].add(L.plus(td2, seconds=2), L.child_failed_summary("/app/train_sft.py", [], root2))
        for k, node in enumerate(nodes):
            b.put(f"attempt_{n}/{node}/{pods[k]}.log", logs[node].render())
        # kernel journal for each node (journalctl -k -o short-iso-precise)
        for k, node in enumerate(nodes):
            boot = L.plus(t0, hours=-(50 + 3 * k + n))
            ev = benign_boot_dmesg(node, H100_BUS, driver="550.90.07", hcas=("0000:0c:00.0",))
            if node == bad:
                pid = pids[bad][6] + 1000 * (n + 1)
                ev.append((up_at(boot, tc) - 0.4, L.xid("0000:ba:00", 13, "Graphics SM Warp Exception on (GPC 4, TPC 2, SM 1): Out Of Range Address", pid=pid)))
                ev.append((up_at(boot, tc) - 0.39, L.xid("0000:ba:00", 13, "Graphics SM Global Exception on (GPC 4, TPC 2, SM 1): Multiple Warp Errors", pid=pid)))
                ev.append((up_at(boot, tc) - 0.38, L.xid("0000:ba:00", 13, "Graphics Exception: ESR 0x5247b0=0x10e000e 0x5247b4=0x20 0x5247a8=0x4c1eb72 0x5247ac=0x1174", pid=pid)))
            if node == N["8rtn"] and n == 1:
                ev.append((up_at(boot, L.plus(t0, minutes=12)), L.xid("0000:3a:00", 63, "Row Remapper: New row (0x00000000008c7f20) Pending Blacklisting. Reset GPU to activate")))
            b.put(f"attempt_{n}/{node}/journal-k.txt", render_dmesg("journal", node, boot, ev))
        # kubectl snapshot after the failure
        kt = L.plus(tc, seconds=40)
        rows = ["NAME                  READY   STATUS    RESTARTS   AGE   IP            NODE                                     NOMINATED NODE   READINESS GATES"]
        for k, node in enumerate(nodes):
            status = "Error" if node == bad else "Error"
            age_m = int((kt - t0).total_seconds() // 60)
            rows.append(f"{pods[k]:<21} 0/1     {status:<9} 0          {age_m}m   10.88.{k + 2}.{n * 4 + 5:<3}  {node:<40} <none>           <none>")
        b.put(f"attempt_{n}/kubectl_get_pods_wide.txt", [f"$ kubectl -n ml-train get pods -l training.kubeflow.org/job-name=sft-13b-v3 -o wide   # {kt:%Y-%m-%dT%H:%M:%SZ}"] + rows)
        events.append((tc, n, pods[k_bad]))
    ev_lines = ["LAST SEEN   TYPE      REASON                  OBJECT                        MESSAGE"]
    for tc, n, pod in events:
        ev_lines.append(f"{tc:%H:%M:%S}    Warning   PyTorchJobRestarting    pytorchjob/sft-13b-v3         PyTorchJob sft-13b-v3 is restarting because 1 Worker replica(s) failed.")
        ev_lines.append(f"{tc:%H:%M:%S}    Normal    SuccessfulDeletePod     pytorchjob/sft-13b-v3         Deleted pod: sft-13b-v3-worker-0")
        ev_lines.append(f"{tc:%H:%M:%S}    Normal    SuccessfulCreatePod     pytorchjob/sft-13b-v3         Created pod: sft-13b-v3-worker-0")
    ev_lines.append(f"{L.plus(events[-1][0], seconds=35):%H:%M:%S}    Warning   PyTorchJobFailed        pytorchjob/sft-13b-v3         PyTorchJob sft-13b-v3 has failed because it has reached the specified backoff limit")
    b.put("kubectl_get_events.txt", ["$ kubectl -n ml-train get events --field-selector involvedObject.kind=PyTorchJob"] + ev_lines)
    b.set_label("gpu_hardware", "infrastructure", bad, None, "restart_without_node",
                "CUBLAS_STATUS_EXECUTION_FAILED kills the job three times at unrelated steps (1880, 2311, 2047) and from "
                "different pods/ranks (worker-1 rank 14, worker-3 rank 30, worker-0 rank 6), but every time the pod sat on "
                f"{bad} and the failing process was local rank 6, whose GPU 0000:ba:00 logs Xid 13 each time; the GEMM "
                "error follows that GPU, not the code.",
                "https://github.com/deepspeedai/DeepSpeed/issues/294")
    return b


# ---------------------------------------------------------------------------
def bg05():
    b = Bundle("bg05_weight_hash_mismatch_across_replicas", 105)
    job = "10277315"
    attempts = [
        (["jwb0417", "jwb0422", "jwb0533", "jwb0601"], L.at(2024, 1, 16, 1, 12, 40, tzinfo=CET), 12000, 12500,
         ["module.decoder.layers.21.mlp.linear_fc2.weight", "module.decoder.layers.21.mlp.linear_fc2.bias"]),
        (["jwb0533", "jwb0541", "jwb0602", "jwb0610"], L.at(2024, 1, 16, 4, 3, 19, tzinfo=CET), 12000, 13500,
         ["module.decoder.layers.6.self_attention.linear_qkv.weight"]),
        (["jwb0417", "jwb0422", "jwb0501", "jwb0533"], L.at(2024, 1, 16, 9, 47, 2, tzinfo=CET), 13000, 14000,
         ["module.embedding.word_embeddings.weight", "module.decoder.layers.30.mlp.linear_fc1.weight",
          "module.decoder.layers.30.mlp.linear_fc1.layer_norm_weight"]),
    ]
    for n, (hosts, t0, i0, i_bad, params) in enumerate(attempts):
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="pretrain_gpt.py", run_id=job, it_start=i0, it_stop=i_bad,
                             ms=4110.0, every=10, gbs=512, total=300000, lr0=3.0e-4, loss0=2.35 - 0.00002 * (i0 - 12000),
                             loss_slope=2e-8, tflops=188.0, ckpt_every=500,
                             ckpt_dir="/p/scratch/llmfam/ckpt/gpt-7b-de", crash=None, flood_channels=4,
                             startup_extra=[f">>> Weight hashes match after {i0} iterations..."])
        t_chk = L.plus(a.end_t, seconds=9.5)
        bad_idx = hosts.index("jwb0533")
        # DP group of TP rank 3 = ranks {3, 11, 19, 27}; replica 0 is rank 3
        if bad_idx == 0:
            accusers = [(hosts[j], j * 8 + 3) for j in range(1, 4)]
        else:
            accusers = [("jwb0533", bad_idx * 8 + 3)]
        r0 = hosts[0]
        for it in range(i0 + 500, i_bad, 500):
            ttp = L.plus(t0, seconds=130 + (it - i0) * 4.11 + 2)
            a.logs[r0].add(ttp, f">>> Weight hashes match after {it} iterations...")
        for h, r in accusers:
            chunk = [f"INFO:megatron.core.utils:[Rank {r}] Hash not matching for {p} in model chunk 0" for p in params]
            chunk += [
                f"[rank{r}]: Traceback (most recent call last):",
                f'[rank{r}]:   File "/p/project/llmfam/Megatron-LM/pretrain_gpt.py", line 287, in <module>',
                f"[rank{r}]:     pretrain(",
                f'[rank{r}]:   File "/p/project/llmfam/Megatron-LM/megatron/training/training.py", line 376, in pretrain',
                f"[rank{r}]:     iteration, num_floating_point_operations_so_far = train(",
                f'[rank{r}]:   File "/p/project/llmfam/Megatron-LM/megatron/training/training.py", line 1509, in train',
                f"[rank{r}]:     assert check_param_hashes_across_dp_replicas(model), \\",
                f"[rank{r}]: AssertionError: Parameter hashes not matching across DP replicas",
            ]
            a.logs[h].add(t_chk, chunk)
            td = L.plus(t_chk, seconds=1.7)
            pid = a.pids[h][3]
            a.logs[h].add(td, [L.elastic_failed(td, a.apid[h], 1, 3, pid)] + L.elastic_sigterm(td, a.apid[h], [p for i, p in enumerate(a.pids[h]) if i != 3]))
            root = dict(time=f"{t_chk:%Y-%m-%d_%H:%M:%S}", host=h, rank=r, local_rank=3, exitcode=1, pid=pid,
                        error_file=f"/tmp/torchelastic_{job}/{job}_x/attempt_0/3/error.json",
                        traceback="Traceback (most recent call last):\n    ...\nAssertionError: Parameter hashes not matching across DP replicas")
            a.logs[h].add(L.plus(td, seconds=3), L.child_failed_summary("pretrain_gpt.py", [], root))
        from scen import remote_peer_error
        acc_hosts = {h for h, _ in accusers}
        for j, h in enumerate(hosts):
            if h in acc_hosts:
                continue
            tp = L.plus(t_chk, seconds=14 + b.rng.uniform(0, 2))
            a.logs[h].add(tp, remote_peer_error(h, a.pids[h][0], 0, j * 8, tp, accusers[0][0], 47000 + b.rng.randrange(999)))
            td2 = L.plus(tp, seconds=1)
            a.logs[h].add(td2, [L.elastic_failed(td2, a.apid[h], -6, 0, a.pids[h][0])] + L.elastic_sigterm(td2, a.apid[h], a.pids[h][1:]))
        for h in hosts:
            b.put(f"attempt_{n}/{h}/gpt7b-{job}-{n}.{h}.log", a.logs[h].render())
    b.put("run_gpt7b_de.sbatch", _sbatch("gpt7b-de", 4, [
        "#SBATCH --account=llmfam --partition=booster --time=24:00:00 --requeue",
        "# TP=8 inside the node, DP=4 across nodes; hash check every 500 iterations (silent-data-corruption guard)",
        "ARGS+=\" --tensor-model-parallel-size 8 --pipeline-model-parallel-size 1\"",
        "ARGS+=\" --check-weight-hash-across-dp-replicas-interval 500 --save-interval 500\"",
        "srun --output=gpt7b-%j-${SLURM_RESTART_COUNT:-0}.%N.log torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d \\",
        "     --rdzv-endpoint ${MASTER_ADDR}i:29500 --rdzv-id $SLURM_JOB_ID pretrain_gpt.py $ARGS",
    ]))
    b.set_label("gpu_hardware", "infrastructure", "jwb0533", None, "restart_without_node",
                "Megatron's DP-replica weight-hash check fails at three different iterations (12500, 13500, 14000); with "
                "TP=8 the DP group of TP rank 3 is {3,11,19,27}. When jwb0533 is not replica 0 only its own local rank 3 "
                "mismatches (ranks 19, 27); when it is replica 0 (attempt 1) all three other nodes mismatch against it. The "
                "diverging copy is always local GPU 3 of jwb0533: silent data corruption on that GPU.",
                "https://github.com/NVIDIA/Megatron-LM/issues/5281")
    return b


# ---------------------------------------------------------------------------
def bg06():
    b = Bundle("bg06_illegal_memory_access_same_step_new_nodes", 106)
    attempts = [
        ("5561201", ["gh017", "gh018", "gh019", "gh020"], L.at(2024, 5, 6, 1, 3, 50)),
        ("5561377", ["gh021", "gh022", "gh023", "gh024"], L.at(2024, 5, 6, 2, 0, 12)),
        ("5561402", ["gh017", "gh021", "gh030", "gh031"], L.at(2024, 5, 6, 2, 51, 37)),
    ]
    auto = []
    for n, (job, hosts, t0) in enumerate(attempts):
        def crash_lines(t, r, p):
            out = [
                f"[rank{r}]: Traceback (most recent call last):",
                f'[rank{r}]:   File "/workspace/train.py", line 388, in <module>',
                f"[rank{r}]:     main()",
                f'[rank{r}]:   File "/workspace/train.py", line 352, in main',
                f"[rank{r}]:     loss = train_step(model, batch, optimizer, scaler)",
                f'[rank{r}]:   File "/workspace/train.py", line 214, in train_step',
                f"[rank{r}]:     logits = model(batch['input_ids'], cu_seqlens=batch['cu_seqlens'], max_seqlen=batch['max_seqlen'])",
                f'[rank{r}]:   File "/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", line 1747, in _call_impl',
                f"[rank{r}]:     return forward_call(*args, **kwargs)",
                f'[rank{r}]:   File "/workspace/model/transformer.py", line 96, in forward',
                f"[rank{r}]:     h = layer(h, cu_seqlens, max_seqlen)",
                f'[rank{r}]:   File "/workspace/model/packed_attn.py", line 141, in forward',
                f"[rank{r}]:     out = packed_attn_ext.varlen_fwd(q, k, v, cu_seqlens, max_seqlen, self.softmax_scale)",
                f"[rank{r}]: RuntimeError: CUDA error: an illegal memory access was encountered",
                f"[rank{r}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                f"[rank{r}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                f"[rank{r}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                f"[rank{r}]: ",
            ]
            return out
        crash = dict(host=hosts[2], lr=6, delay=3.9, lines=crash_lines, exitcode=1,
                     traceback="Traceback (most recent call last):\n    ...\nRuntimeError: CUDA error: an illegal memory access was encountered")
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="/workspace/train.py", run_id=job, it_start=15000, it_stop=15300,
                             ms=2890.0, every=10, gbs=512, total=60000, lr0=2.0e-4, loss0=1.874, loss_slope=3e-6,
                             tflops=311.0, ckpt_every=1000, ckpt_dir="/scratch/proj/packlm/ckpt", crash=crash,
                             peer_mode="remote", flood_channels=4,
                             startup_extra=["packed_attn_ext 0.3.1 loaded from /workspace/csrc/build/lib.linux-x86_64-cpython-310 (git 7c1d2e9-dirty)",
                                            "data: packed sequences, seq_length=8192, documents per row <= 64, dataset=/scratch/proj/packlm/data/mix_v7"])
        for h in hosts:
            b.put(f"attempt_{n}/{h}/train-{job}.{h}.log", a.logs[h].render())
        bad = hosts[2]
        boot = L.plus(t0, hours=-(90 + n * 5))
        ev = benign_boot_dmesg(bad, H100_BUS)
        pid = a.pids[bad][6]
        up = up_at(boot, a.crash_t) - 0.2
        ev += [
            (up, L.xid("0000:ba:00", 31, "Ch 0000000b, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC2 GPCCLIENT_T1_5 faulted @ 0x7f2a_91e40000. "
                       "Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ", pid=pid)),
        ]
        b.put(f"attempt_{n}/{bad}/dmesg.txt", render_dmesg("up", bad, boot, ev))
        other = hosts[0]
        boot2 = L.plus(t0, hours=-(41 + n))
        b.put(f"attempt_{n}/{other}/dmesg.txt", render_dmesg("up", other, boot2, benign_boot_dmesg(other, H100_BUS)))
        auto.append((t0, job, hosts, a.crash_t))
    lines = []
    for i, (t0, job, hosts, tc) in enumerate(auto):
        nl = ",".join(hosts)
        lines.append(f"{L.plus(t0, seconds=-40):%Y-%m-%dT%H:%M:%S%z} autoresume[2211]: attempt {i}: submitted job {job} (resume from latest checkpoint)")
        lines.append(f"{L.plus(t0, seconds=-2):%Y-%m-%dT%H:%M:%S%z} autoresume[2211]: job {job} RUNNING on {nl}")
        lines.append(f"{L.plus(tc, seconds=55):%Y-%m-%dT%H:%M:%S%z} autoresume[2211]: job {job} FAILED exit=1:0 after {L.elapsed(t0, tc)}; "
                     f"latest checkpoint iter_0015000")
        if i < len(auto) - 1:
            lines.append(f"{L.plus(tc, seconds=56):%Y-%m-%dT%H:%M:%S%z} autoresume[2211]: retry {i + 1}/2 with fresh allocation (exclude none)")
        else:
            lines.append(f"{L.plus(tc, seconds=56):%Y-%m-%dT%H:%M:%S%z} autoresume[2211]: retry budget exhausted, giving up")
    b.put("autoresume.log", lines)
    b.set_label("user_code", "script", None, None, "stop",
                "All three attempts resume from iteration 15000 and die right after iteration 15300 with the same illegal "
                "memory access inside the user's packed_attn_ext.varlen_fwd on global rank 22, although rank 22 ran on gh019, "
                "gh023 and gh030 in turn; the Xid 31 MMU faults are the user kernel's bad read on whichever GPU got that "
                "batch. Same step, same rank, different hardware = application bug.",
                "https://github.com/kwea123/ngp_pl/issues/29")
    return b


# ---------------------------------------------------------------------------
def bg07():
    b = Bundle("bg07_crash_once_then_hours_later_job_dies", 107)
    hosts = ["c2-n03", "c2-n04", "c2-n05", "c2-n06"]
    # attempt 0: a one-off illegal memory access on c2-n05 (no Xid, never repeats)
    t0 = L.at(2024, 9, 14, 6, 20, 5, tzinfo=CST8)
    crash0 = dict(host="c2-n05", lr=1, delay=4.4,
                  lines=lambda t, r, p: L.watchdog_cuda_error(t, r, "an illegal memory access was encountered"))
    a0 = torchrun_attempt(b, hosts=hosts, t0=t0, entry="train_moe.py", run_id="moe16x2b", it_start=6000, it_stop=7120,
                          ms=1310.0, every=20, gbs=1024, total=200000, lr0=4e-4, loss0=2.44, loss_slope=1.2e-5,
                          tflops=287.0, ckpt_every=1000, ckpt_dir="/mnt/cpfs/moe16x2b/ckpt", crash=crash0, peer_mode="remote",
                          flood_channels=4)
    for h in hosts:
        b.put(f"attempt_0/{h}/torchrun.log", a0.logs[h].render())
    for i, h in enumerate(hosts):
        boot = L.plus(t0, hours=-(120 + i))
        b.put(f"attempt_0/{h}/dmesg", render_dmesg("T", h, boot, benign_boot_dmesg(h, A100_BUS, driver="535.161.08"), tzinfo=CST8))
    # attempt 1: same nodes, ~9 hours clean, then c2-n04 loses a GPU (Xid 79)
    t1 = L.plus(a0.crash_t, minutes=6)

    def crash1_lines(t, r, p):
        return L.watchdog_cuda_error(t, r, "unspecified launch failure")
    crash1 = dict(host="c2-n04", lr=3, delay=2.2, lines=crash1_lines)
    a1 = torchrun_attempt(b, hosts=hosts, t0=t1, entry="train_moe.py", run_id="moe16x2b", it_start=7000, it_stop=31840,
                          ms=1305.0, every=20, gbs=1024, total=200000, lr0=4e-4, loss0=2.43, loss_slope=1.2e-5,
                          tflops=288.0, ckpt_every=1000, ckpt_dir="/mnt/cpfs/moe16x2b/ckpt", crash=crash1,
                          peer_mode="timeout", timeout_ms=600000, flood_channels=4)
    for h in hosts:
        b.put(f"attempt_1/{h}/torchrun.log", a1.logs[h].render())
    for i, h in enumerate(hosts):
        boot = L.plus(t0, hours=-(120 + i))
        ev = benign_boot_dmesg(h, A100_BUS, driver="535.161.08")
        if h == "c2-n04":
            up = up_at(boot, a1.crash_t) - 1.6
            ev += [
                (up, "NVRM: GPU at PCI:0000:4e:00: GPU-8d1f6a0c-93b5-2a7e-5c61-0f3e9b2d7a44"),
                (up + 0.000004, "NVRM: GPU Board Serial Number: 1323221046577"),
                (up + 0.000009, L.xid("0000:4e:00", 79, "GPU has fallen off the bus.", pid="'<unknown>'", name="<unknown>")),
                (up + 0.000015, "NVRM: GPU 0000:4e:00.0: GPU has fallen off the bus."),
                (up + 0.2, "NVRM: A GPU crash dump has been created. If possible, please run"),
                (up + 0.2001, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                (up + 0.2002, "NVRM: the NVIDIA kernel module is unloaded."),
                (up + 611.0, "pcieport 0000:4a:01.0: pciehp: Slot(3): Link Down"),
            ]
        if h == "c2-n06":
            tt = L.plus(t1, hours=3.4)
            ev.append((up_at(boot, tt), "mlx5_core 0000:2a:00.0: mlx5_cmd_out_err:838:(pid 48812): QUERY_VUID(0xb22) op_mod(0x0) failed, status bad parameter(0x3), syndrome (0x7531e6), err(-22)"))
        b.put(f"attempt_1/{h}/dmesg", render_dmesg("T", h, boot, ev, tzinfo=CST8))
    b.put("attempt_1/c2-n04/nvidia-smi.txt", [
        f"$ nvidia-smi   # {L.plus(a1.crash_t, minutes=14):%Y-%m-%d %H:%M:%S %z}",
        "Unable to determine the device handle for GPU0000:4E:00.0: Unknown Error",
    ])
    b.set_label("gpu_hardware", "infrastructure", "c2-n04", None, "restart_without_node",
                "The illegal memory access on c2-n05 in attempt 0 never recurred: the restart on the same four nodes ran "
                "clean for about nine hours (iterations 7000-31840). The job then died because c2-n04's GPU 0000:4e:00 "
                "fell off the bus (Xid 79, nvidia-smi cannot reach it); the other nodes only show watchdog timeouts.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")
    return b


# ---------------------------------------------------------------------------
def _ds(t, msg, level="INFO", src="logging.py:96:log_dist"):
    return f"[{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}] [{level}] [{src}] {msg}"


def bg08():
    b = Bundle("bg08_resume_fails_reading_checkpoint_after_crash", 108)
    job = "7781"
    P = lambda k: f"queue1-dy-p548xlarge-{k}"
    out_dir = "/fsx/runs/mistral-7b-ift/checkpoint-24000"
    gs = f"{out_dir}/global_step24000"
    P5_BUS = ["0000:53:00", "0000:64:00", "0000:75:00", "0000:86:00", "0000:97:00", "0000:a8:00", "0000:b9:00", "0000:ca:00"]
    # ---- attempt 0
    hosts0 = [P(1), P(2), P(3), P(4)]
    t0 = L.at(2024, 7, 22, 3, 10, 0)
    a0 = torchrun_attempt(b, hosts=hosts0, t0=t0, entry="train_ift.py", run_id=job, it_start=0, it_stop=None,
                          flood_channels=4, crash=None, megatron_startup=False)
    h0 = hosts0[0]
    tt = L.plus(t0, seconds=140)
    a0.logs[h0].add(tt, [
        f"[INFO|trainer.py:2128] {tt:%Y-%m-%d %H:%M:%S},412 >> Loading model from /fsx/runs/mistral-7b-ift/checkpoint-23000.",
        _ds(tt, "[Rank 0] Loading checkpoint: " + "/fsx/runs/mistral-7b-ift/checkpoint-23000/global_step23000/zero_pp_rank_0_mp_rank_00_model_states.pt"),
        f"[INFO|trainer.py:2165] {tt:%Y-%m-%d %H:%M:%S},901 >>   Continuing training from checkpoint, will skip to saved global_step",
        f"[INFO|trainer.py:2167] {tt:%Y-%m-%d %H:%M:%S},902 >>   Continuing training from global step 23000",
    ])
    step = 23000
    while step + 10 <= 24000:
        step += 10
        dt_ = 10 * (3.08 + b.rng.uniform(-0.04, 0.04))
        tt = L.plus(tt, seconds=dt_)
        a0.logs[h0].add(tt, [L.hf_loss(0.912 - 0.00002 * (step - 23000) + b.rng.uniform(-0.02, 0.02), 0.31 + b.rng.uniform(-0.05, 0.05), 1.1e-5, step / 12500),
                             L.tqdm_bar(step, 30000, (step - 23000) * 3.08 + 40, 3.08)])
    ts = L.plus(tt, seconds=1.2)
    save_lines = [f"[INFO|trainer.py:3801] {ts:%Y-%m-%d %H:%M:%S},221 >> Saving model checkpoint to {out_dir}",
                  _ds(ts, "[Rank 0] [Torch] Checkpoint global_step24000 is about to be saved!")]
    t_ = ts
    for what in ("zero_pp_rank_0_mp_rank_00_model_states.pt", "bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt"):
        save_lines.append(_ds(t_, f"[Rank 0] Saving model checkpoint: {gs}/{what}" if "model" in what else f"[Torch] Saving {gs}/{what}...",
                              src="torch_checkpoint_engine.py:21:save" if "optim" in what else "logging.py:96:log_dist"))
        t_ = L.plus(t_, seconds=31 if "optim" in what else 2)
        save_lines.append(_ds(t_, f"[Torch] Saved {gs}/{what}.", src="torch_checkpoint_engine.py:23:save"))
    save_lines.append(_ds(t_, f"zero checkpoint saved {gs}/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt", src="engine.py:3487:_save_zero_checkpoint"))
    save_lines.append(_ds(t_, "[Torch] Checkpoint global_step24000 is ready now!", src="torch_checkpoint_engine.py:33:commit"))
    a0.logs[h0].add(ts, save_lines)
    t_xid = L.plus(ts, seconds=19.7)
    # node 3 (ranks 16-23) loses GPU 4 in the middle of writing its optimizer shards
    bad = P(3)
    pb = a0.pids[bad]
    crash_chunk = L.watchdog_cuda_error(L.plus(t_xid, seconds=2.0), 20, "unspecified launch failure")
    crash_chunk += [L.elastic_failed(L.plus(t_xid, seconds=3.3), a0.apid[bad], -6, 4, pb[4])]
    crash_chunk += L.elastic_sigterm(L.plus(t_xid, seconds=3.3), a0.apid[bad], [p for i, p in enumerate(pb) if i != 4])
    crash_chunk += [f"{L.glog('W', L.plus(t_xid, seconds=33.3), a0.apid[bad], L.ELASTIC_MP + ':915')} Unable to shutdown process {pb[5]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"]
    root = dict(time=f"{L.plus(t_xid, seconds=2):%Y-%m-%d_%H:%M:%S}", host=bad, rank=20, local_rank=4, exitcode=-6, pid=pb[4],
                traceback=f"Signal 6 (SIGABRT) received by PID {pb[4]}")
    crash_chunk += L.child_failed_summary("train_ift.py", [dict(time=f"{L.plus(t_xid, seconds=34):%Y-%m-%d_%H:%M:%S}", host=bad, rank=21,
                                                                   local_rank=5, exitcode=-9, pid=pb[5], traceback=f"Signal 9 (SIGKILL) received by PID {pb[5]}")], root)
    a0.logs[bad].add(t_xid, crash_chunk)
    for j, h in enumerate(hosts0):
        if h == bad:
            continue
        tp = L.plus(ts, seconds=1800 + 2 + j)
        a0.logs[h].add(tp, L.watchdog_timeout(tp, j * 8, 1002231 + j, optype="_ALLGATHER_BASE", numel=1, timeout_ms=1800000, ran_ms=1800000 + 41 + j))
        a0.logs[h].add(L.plus(tp, seconds=1), [L.elastic_failed(L.plus(tp, seconds=1), a0.apid[h], -6, 0, a0.pids[h][0])])
    for h in hosts0:
        b.put(f"attempt_0/{h}/slurm-{job}-{h}.out", a0.logs[h].render())
    boot = L.plus(t0, hours=-61)
    ev = benign_boot_dmesg(bad, H100_BUS, driver="535.183.01", hcas=())
    ev += [
        (up_at(boot, t_xid), "NVRM: GPU at PCI:0000:97:00: GPU-1b7e4d2c-55a0-86f1-c3e2-9a0d74b6e118"),
        (up_at(boot, t_xid) + 0.00001, "NVRM: GPU Board Serial Number: 1654922010314"),
        (up_at(boot, t_xid) + 0.00002, L.xid("0000:97:00", 79, "GPU has fallen off the bus.", pid="'<unknown>'", name="<unknown>")),
        (up_at(boot, t_xid) + 0.00003, "NVRM: GPU 0000:97:00.0: GPU has fallen off the bus."),
        (up_at(boot, t_xid) + 0.91, "NVRM: A GPU crash dump has been created. If possible, please run"),
        (up_at(boot, t_xid) + 0.9101, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        (up_at(boot, t_xid) + 0.9102, "NVRM: the NVIDIA kernel module is unloaded."),
    ]
    b.put(f"attempt_0/{bad}/dmesg.log", render_dmesg("up", bad, boot, ev))
    # ---- attempt 1: node 3 replaced by node 7; the resume picks the newest checkpoint dir
    hosts1 = [P(1), P(2), P(4), P(7)]
    t1 = L.plus(ts, seconds=1800 + 420)
    a1 = torchrun_attempt(b, hosts=hosts1, t0=t1, entry="train_ift.py", run_id=job, it_start=0, it_stop=None,
                          flood_channels=4, crash=None, restart_count=0, megatron_startup=False)
    tl_ = L.plus(t1, seconds=141)
    a1.logs[P(1)].add(tl_, [
        f"[INFO|trainer.py:2128] {tl_:%Y-%m-%d %H:%M:%S},077 >> Loading model from {out_dir}.",
        _ds(tl_, f"[Rank 0] Loading checkpoint: {gs}/zero_pp_rank_0_mp_rank_00_model_states.pt"),
    ])
    victim = P(4)   # now group rank 2 -> ranks 16..23 load the shards node 3 was writing
    chunk = []
    for lr in range(8):
        r = 16 + lr
        chunk += _tb(r, [
            ("/fsx/code/ift/train_ift.py", 244, "main", "main()"),
            ("/fsx/code/ift/train_ift.py", 236, "main", "trainer.train(resume_from_checkpoint=True)"),
            ("/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", 2329, "_inner_training_loop",
             "deepspeed_load_checkpoint("),
            ("/opt/conda/lib/python3.10/site-packages/transformers/integrations/deepspeed.py", 447, "deepspeed_load_checkpoint",
             "load_path, _ = deepspeed_engine.load_checkpoint("),
            ("/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py", 2828, "load_checkpoint",
             "success = self._load_zero_checkpoint(load_dir, tag, load_optimizer_states=load_optimizer_states)"),
            ("/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py", 2976, "_get_all_zero_checkpoint_state_dicts",
             "_state = self.checkpoint_engine.load("),
            ("/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py", 28, "load",
             "partition = torch.load(path, map_location=map_location)"),
            ("/opt/conda/lib/python3.10/site-packages/torch/serialization.py", 1097, "load",
             "with _open_zipfile_reader(opened_file) as opened_zipfile:"),
            ("/opt/conda/lib/python3.10/site-packages/torch/serialization.py", 525, "__init__",
             "super().__init__(torch._C.PyTorchFileReader(name_or_buffer))"),
        ], ["RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory"])
    tcr = L.plus(tl_, seconds=26)
    a1.logs[victim].add(tcr, [_ds(tcr, f"[Rank {16 + i}] Loading {gs}/bf16_zero_pp_rank_{16 + i}_mp_rank_00_optim_states.pt ...",
                                  src="torch_checkpoint_engine.py:27:load") for i in range(8)] + chunk)
    td = L.plus(tcr, seconds=2)
    pv = a1.pids[victim]
    a1.logs[victim].add(td, [L.elastic_failed(td, a1.apid[victim], 1, 0, pv[0])] + L.elastic_sigterm(td, a1.apid[victim], pv[1:]))
    root = dict(time=f"{tcr:%Y-%m-%d_%H:%M:%S}", host=victim, rank=16, local_rank=0, exitcode=1, pid=pv[0],
                error_file=f"/tmp/torchelastic_{job}/{job}_q1/attempt_0/0/error.json",
                traceback="Traceback (most recent call last):\n    ...\nRuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory")
    a1.logs[victim].add(L.plus(td, seconds=3), L.child_failed_summary("train_ift.py", [], root))
    from scen import remote_peer_error
    for j, h in enumerate(hosts1):
        if h == victim:
            continue
        tp = L.plus(tcr, seconds=12 + j)
        a1.logs[h].add(tp, remote_peer_error(h, a1.pids[h][0], 0, j * 8, tp, victim, 35000 + 17 * j))
        a1.logs[h].add(L.plus(tp, seconds=1), [L.elastic_failed(L.plus(tp, seconds=1), a1.apid[h], -6, 0, a1.pids[h][0])])
    for h in hosts1:
        b.put(f"attempt_1/{h}/slurm-{job}-{h}.out", a1.logs[h].render())
    bootv = L.plus(t1, hours=-18)
    b.put(f"attempt_1/{victim}/dmesg.log", render_dmesg("up", victim, bootv, benign_boot_dmesg(victim, H100_BUS, driver="535.183.01", hcas=())))
    # ---- on-call's listing of the checkpoint directory
    lst = [f"$ ls -l --time-style=+'%Y-%m-%d %H:%M:%S' {gs}/ | head -80", "total 118193061"]
    for r in range(32):
        mt = L.plus(ts, seconds=2 + r * 0.05)
        lst.append(f"-rw-rw-r-- 1 ml ml     1161842 {mt:%Y-%m-%d %H:%M:%S} zero_pp_rank_{r}_mp_rank_00_model_states.pt")
    for r in range(32):
        if 16 <= r < 24:
            size = b.rng.randrange(402_000_000, 2_100_000_000)
            mt = L.plus(t_xid, seconds=b.rng.uniform(-0.5, 0.4))
        else:
            size = 3_621_774_913 + (r % 3) * 1024
            mt = L.plus(ts, seconds=33 + b.rng.uniform(0, 6))
        lst.append(f"-rw-rw-r-- 1 ml ml  {size:>10} {mt:%Y-%m-%d %H:%M:%S} bf16_zero_pp_rank_{r}_mp_rank_00_optim_states.pt")
    lst += ["", f"$ cat {out_dir}/latest", "global_step24000", "",
            f"$ ls -l --time-style=+'%Y-%m-%d %H:%M:%S' /fsx/runs/mistral-7b-ift/ | grep checkpoint",
            f"drwxrwxr-x 3 ml ml 33280 2024-07-22 02:38:17 checkpoint-22000",
            f"drwxrwxr-x 3 ml ml 33280 2024-07-22 03:06:55 checkpoint-23000",
            f"drwxrwxr-x 3 ml ml 33280 {ts:%Y-%m-%d %H:%M:%S} checkpoint-24000"]
    b.put("oncall_checkpoint_listing.txt", lst)
    end0 = L.plus(ts, seconds=1810)
    end1 = L.plus(tcr, seconds=30)
    rows = [
        (job, "mistral-ift", "p5", L.slurm_ts(L.plus(t0, seconds=-5)), L.slurm_ts(end0), L.elapsed(t0, end0), "REQUEUED", "0:0", f"{P(1)},{P(2)},{P(3)},{P(4)}"[:30]),
        (job, "mistral-ift", "p5", L.slurm_ts(L.plus(t1, seconds=-5)), L.slurm_ts(end1), L.elapsed(t1, end1), "FAILED", "1:0", "queue1-dy-p548xlarge-[1-2,4,7]"),
    ]
    b.put("sacct.txt", ["$ sacct -j 7781 -D -X -o JobID%-16,JobName%12,Partition,Start,End,Elapsed,State%-12,ExitCode,NodeList%-30"]
          + L.sacct_table(job, [(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], "queue1-dy-p548xlarge-[1-4]" if i == 0 else r[8])
                                for i, r in enumerate(rows)]))
    b.set_label("gpu_hardware", "infrastructure", P(3), None, "restart_without_node",
                "Attempt 0 died while writing checkpoint-24000: GPU 0000:97:00 on queue1-dy-p548xlarge-3 fell off the bus "
                "(Xid 79) mid-save, leaving the optimizer shards of ranks 16-23 truncated while rank 0 had already written "
                "'latest'. Attempt 1 only fails because it resumed from that half-written checkpoint (the zip error lands on "
                "whichever node now hosts ranks 16-23); resume from checkpoint-23000 with node 3 kept out.",
                "https://github.com/open-mmlab/mmdetection/issues/4835")
    return b


# ---------------------------------------------------------------------------
def bg09():
    b = Bundle("bg09_checkpoint_save_error_after_node_excluded", 109)
    PDT = L.tz(-7)
    # attempt 0: uncorrectable ECC on gn03
    hosts0 = ["gn01", "gn02", "gn03", "gn04"]
    t0 = L.at(2024, 4, 2, 2, 41, 9, tzinfo=PDT)

    def ecc_lines(t, r, p):
        return [
            f"[rank{r}]: Traceback (most recent call last):",
            f'[rank{r}]:   File "/home/nlp/llmtrain/train.py", line 301, in <module>',
            f"[rank{r}]:     trainer.fit()",
            f'[rank{r}]:   File "/home/nlp/llmtrain/llmtrain/trainer.py", line 188, in fit',
            f"[rank{r}]:     loss = self.train_step(batch)",
            f'[rank{r}]:   File "/home/nlp/llmtrain/llmtrain/trainer.py", line 142, in train_step',
            f"[rank{r}]:     loss.backward()",
            f'[rank{r}]:   File "/opt/venv/lib/python3.11/site-packages/torch/_tensor.py", line 581, in backward',
            f"[rank{r}]:     torch.autograd.backward(",
            f"[rank{r}]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
            f"[rank{r}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            f"[rank{r}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        ]
    crash0 = dict(host="gn03", lr=5, delay=2.0, lines=ecc_lines, exitcode=1,
                  traceback="Traceback (most recent call last):\n    ...\nRuntimeError: CUDA error: uncorrectable ECC error encountered")
    a0 = torchrun_attempt(b, hosts=hosts0, t0=t0, entry="train.py", run_id="3310045", it_start=23000, it_stop=23800,
                          ms=1248.0, every=20, gbs=768, total=80000, lr0=2.5e-4, loss0=2.18, loss_slope=9e-6, tflops=151.0,
                          ckpt_every=1000, ckpt_dir="/lustre/nlp/runs/lm3b-v2/ckpt", crash=crash0, peer_mode="remote",
                          flood_channels=4, nccl_ver="2.20.5+cuda12.2", drv=12020)
    for h in hosts0:
        b.put(f"attempt_0/{h}/job-3310045.{h}.log", a0.logs[h].render())
    boot = L.plus(t0, hours=-333)
    ev = benign_boot_dmesg("gn03", A100_BUS, driver="535.129.03")
    up = up_at(boot, a0.crash_t) - 0.7
    ev += [(up, L.xid("0000:b7:00", 48, "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 5, subpartition 1.")),
           (up + 0.01, L.xid("0000:b7:00", 63, "Row Remapper: New row marked for remapping, reset gpu to activate."))]
    b.put("attempt_0/gn03/dmesg-T.txt", render_dmesg("T", "gn03", boot, ev, tzinfo=PDT))
    # attempt 1: gn03 excluded, runs ~6 h past the old failure point, then every rank fails writing the checkpoint
    hosts1 = ["gn01", "gn02", "gn04", "gn07"]
    t1 = L.plus(a0.crash_t, minutes=3)
    a1 = torchrun_attempt(b, hosts=hosts1, t0=t1, entry="train.py", run_id="3310046", it_start=23000, it_stop=40000,
                          ms=1251.0, every=100, gbs=768, total=80000, lr0=2.5e-4, loss0=2.18, loss_slope=9e-6, tflops=150.0,
                          ckpt_every=1000, ckpt_dir="/lustre/nlp/runs/lm3b-v2/ckpt", crash=None, flood_channels=4,
                          nccl_ver="2.20.5+cuda12.2", drv=12020)
    tq = L.plus(a1.end_t, seconds=58)
    for j, h in enumerate(hosts1):
        chunk = []
        for lr in range(8):
            r = j * 8 + lr
            if lr in (0, 7):
                chunk += [
                    f"[rank{r}]: Traceback (most recent call last):",
                    f'[rank{r}]:   File "/home/nlp/llmtrain/train.py", line 301, in <module>',
                    f"[rank{r}]:     trainer.fit()",
                    f'[rank{r}]:   File "/home/nlp/llmtrain/llmtrain/trainer.py", line 203, in fit',
                    f"[rank{r}]:     self.save_checkpoint(step)",
                    f'[rank{r}]:   File "/home/nlp/llmtrain/llmtrain/trainer.py", line 251, in save_checkpoint',
                    f"[rank{r}]:     dcp.save(state, checkpoint_id=f\"{{self.ckpt_dir}}/step_{{step:07d}}\")",
                    f'[rank{r}]:   File "/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict_saver.py", line 150, in save',
                    f"[rank{r}]:     return _save_state_dict(",
                    f'[rank{r}]:   File "/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict_saver.py", line 318, in _save_state_dict',
                    f"[rank{r}]:     central_plan: SavePlan = distW.reduce_scatter(\"write\", write_data, finish_checkpoint)",
                    f'[rank{r}]:   File "/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/utils.py", line 204, in reduce_scatter',
                    f"[rank{r}]:     raise result",
                    f"[rank{r}]: torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([{', '.join(str(x) for x in range(32))}])",
                    f"[rank{r}]: Traceback (most recent call last): (RANK {r})",
                    f'[rank{r}]:   File "/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/utils.py", line 197, in reduce_scatter',
                    f"[rank{r}]:     local_data = map_fun()",
                    f'[rank{r}]:   File "/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py", line 661, in write_data',
                    f"[rank{r}]:     _write_files_from_queue(",
                    f'[rank{r}]:   File "/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py", line 398, in _write_files_from_queue',
                    f"[rank{r}]:     _write_item(",
                    f'[rank{r}]:   File "/opt/venv/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py", line 315, in _write_item',
                    f"[rank{r}]:     torch.save(data, stream)",
                    f"[rank{r}]: OSError: [Errno 122] Disk quota exceeded",
                ]
        a1.logs[h].add(L.plus(tq, seconds=j * 0.3), chunk)
        td = L.plus(tq, seconds=4)
        a1.logs[h].add(td, [L.elastic_failed(td, a1.apid[h], 1, 0, a1.pids[h][0])] + L.elastic_sigterm(td, a1.apid[h], a1.pids[h][1:]))
        root = dict(time=f"{tq:%Y-%m-%d_%H:%M:%S}", host=h, rank=j * 8, local_rank=0, exitcode=1, pid=a1.pids[h][0],
                    error_file="/tmp/torchelastic_3310046/3310046_1/attempt_0/0/error.json",
                    traceback="Traceback (most recent call last):\n    ...\nOSError: [Errno 122] Disk quota exceeded")
        a1.logs[h].add(L.plus(td, seconds=3), L.child_failed_summary("train.py", [], root))
    a1.logs[hosts1[-1]].add(L.plus(a1.end_t, seconds=0.4), [f"saving checkpoint at iteration   40000 to /lustre/nlp/runs/lm3b-v2/ckpt/step_0040000"])
    for h in hosts1:
        b.put(f"attempt_1/{h}/job-3310046.{h}.log", a1.logs[h].render())
    end = L.plus(tq, seconds=40)
    w = lambda t: f"[resubmit {t.astimezone(PDT):%Y-%m-%d %H:%M:%S}]"
    tr0 = L.plus(a0.crash_t, seconds=50)
    b.put("resubmit.log", [
        f"{w(L.plus(t0, minutes=-3))} submitted job 3310045 (attempt 0) nodes=4 partition=a100",
        f"{w(L.plus(t0, seconds=-10))} job 3310045 RUNNING nodes=gn[01-04]",
        f"{w(tr0)} job 3310045 (attempt 0) ended: FAILED rc=1 elapsed={L.elapsed(t0, a0.crash_t)}",
        f"{w(tr0)} first error line: gn03 [rank21]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
        f"{w(tr0)} policy: GPU error on a single host -> resubmit with --exclude=gn03",
        f"{w(L.plus(tr0, seconds=1))} submitted job 3310046 (attempt 1) nodes=4 partition=a100 exclude=gn03",
        f"{w(L.plus(t1, seconds=-10))} job 3310046 RUNNING nodes=gn[01-02,04,07]",
        f"{w(end)} job 3310046 (attempt 1) ended: FAILED rc=1 elapsed={L.elapsed(t1, end)}",
        f"{w(end)} first error line: gn01 [rank0]: OSError: [Errno 122] Disk quota exceeded",
        f"{w(end)} attempt limit (2) reached, not resubmitting",
    ])
    b.put("epilog_lfs_quota.txt", [
        f"# job 3310046 epilog {end.astimezone(PDT):%Y-%m-%d %H:%M:%S %z}",
        "$ lfs quota -h -g nlp /lustre",
        "Disk quotas for grp nlp (gid 41077):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre  50.01T*    50T     50T       -  1843221       0       0       -",
        "$ du -sh /lustre/nlp/runs/lm3b-v2/ckpt",
        "17T\t/lustre/nlp/runs/lm3b-v2/ckpt",
    ])
    b.set_label("storage", "infrastructure", None, None, "stop",
                "gn03's uncorrectable ECC error (Xid 48) ended attempt 0, and the wrapper excluded gn03; attempt 1 ran "
                "cleanly for about six hours past that point, so that fault is handled. Attempt 1 then failed on every rank "
                "writing the step-40000 checkpoint with EDQUOT, and the epilog shows group nlp at its 50T Lustre quota: a "
                "shared-storage limit that needs someone to free space or raise the quota.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b
