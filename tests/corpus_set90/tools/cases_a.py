"""Cases ci01..ci10."""
import random

from common import (A100_BUS, Bundle, Job, Stream, add, agent_glog, agent_sigterm, agent_start, childfailed,
                    culprit, dmesg_boot_noise, nccl_init_lines, nccl_warn_ib_completion, nvidia_smi_q, T,
                    ts_c10d, ts_dmesg_T, ts_glog, ts_iso, ts_py, ts_slurm, ts_uptime, wd_cuda_error, wd_nccl_error,
                    wd_timeout)


def flood(job, rng, ranks, t_start, seq, op, numel, timeout_ms, trace=(), start_spread=0.4, fire_spread=1.6, **kw):
    """Watchdog timeouts for `ranks` whose collective began around t_start. Returns [(t_fire, rank, lines)]."""
    res = []
    for r in ranks:
        s = add(t_start, rng.uniform(0.0, start_spread))
        f = add(s, timeout_ms / 1000.0 + rng.uniform(0.05, fire_spread))
        ran = int((f - s).total_seconds() * 1000)
        res.append((f, r, wd_timeout(job, r, f, seq, op, numel, timeout_ms, ran_ms=ran, trace=(r in trace), **kw)))
    return res


def sacct(jobid, name, state, exitcode, start, end, nodelist, steps):
    hdr = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode               Start                 End        NodeList ",
           "------------ ---------- ---------- ---------- ---------- ---------- -------- ------------------- ------------------- --------------- "]
    out = hdr[:]
    allocs = steps[0][4] if steps else 0
    rows = [f"{jobid:<12} {name[:10]:>10} {'gpu':>10} {'llm-train':>10} {allocs:>10} {state:>10} {exitcode:>8} {ts_slurm(start)} {ts_slurm(end)} {nodelist:<15} "]
    for sid, sname, sstate, scode, alloc, sstart, send, snodes in steps:
        rows.append(f"{str(jobid) + '.' + sid:<12} {sname[:10]:>10} {'':>10} {'llm-train':>10} {alloc:>10} {sstate:>10} {scode:>8} {ts_slurm(sstart)} {ts_slurm(send)} {snodes:<15} ")
    return out + rows


def plain_dmesg_T(lines_with_t):
    return [f"{ts_dmesg_T(t)} {m}" for t, m in lines_with_t]


# ---------------------------------------------------------------------------
# ci01: 32 ranks over 4 nodes launched straight by srun --label; rank 13 dies in
# the collate function, its buffered stdout and traceback reach the file only
# after the flood (its finally-block destroy_process_group blocks until peers die).
# ---------------------------------------------------------------------------

def ci01():
    rng = random.Random(9001)
    hosts = ["gpu-a01", "gpu-a02", "gpu-a03", "gpu-a04"]
    job = Job(rng, hosts, site="/opt/conda/lib/python3.11/site-packages", python="/opt/conda/bin/python")
    b = Bundle("ci01_watchdog_flood_then_late_traceback_from_one_rank")
    jobid = 418822
    t0 = T(2024, 3, 12, 7, 58, 40, 120000)
    cause = T(2024, 3, 12, 9, 2, 47, 310552)
    lab = lambda r: f"{r:>2}: "  # noqa: E731
    s = Stream()
    s.add(t0, [f"+ export MASTER_ADDR=gpu-a01", "+ export MASTER_PORT=29411",
               "+ srun --label --kill-on-bad-exit=0 python train.py --config configs/llama7b_dolma.yaml"])
    for r in range(job.world):
        tr = add(t0, 14 + rng.uniform(0, 2))
        s.add(tr, f"[W{ts_c10d(tr, rng.randint(0, 999))} Utils.hpp:135] Warning: Environment variable NCCL_ASYNC_ERROR_HANDLING is deprecated; use TORCH_NCCL_ASYNC_ERROR_HANDLING instead (function operator())", lab(r))
    ti = add(t0, 31)
    s.add(ti, [f"{ts_py(ti)} [INFO] train: world_size=32 fsdp=FULL_SHARD mixed_precision=bf16 seq_len=4096 micro_bs=2",
               f"{ts_py(add(ti, 0.2))} [INFO] train: dataset mixture dolma-v1_7: 24 sources, 4417 shards, resuming from step 1200"], lab(0))
    s.add(add(ti, 0.4), nccl_init_lines(job, 0, "ens9f0np0", "10.31.0.11", ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]), lab(0))
    step_t = add(t0, 42)
    step = 1200
    dt_step = ((cause - step_t).total_seconds() - 5.1) / 630.0
    while step <= 1830:
        if step % 10 == 0:
            loss = 2.61 - (step - 1200) * 0.00041 + rng.uniform(-0.03, 0.03)
            s.add(step_t, f"{ts_py(step_t)} [INFO] train: step {step} | loss {loss:.4f} | lr 2.91e-04 | grad_norm {rng.uniform(0.21, 0.34):.3f} | tok/s/gpu 3871 | mem 61.2GiB", lab(0))
        step += 1
        step_t = add(step_t, dt_step + rng.uniform(-0.02, 0.02))
    # harmless warning mid run (rank 22)
    tw = T(2024, 3, 12, 8, 31, 12, 441000)
    s.add(tw, f"{ts_py(tw)} [WARNING] data: shard dolma-v1_7/books-0031.jsonl.zst: 3 samples longer than 262144 chars truncated", lab(22))
    # flood: all but 13 in _ALLGATHER_BASE of step 1831
    others = [r for r in range(job.world) if r != 13]
    fl = flood(job, rng, others, add(cause, -0.08), 58862, "_ALLGATHER_BASE", 16515072, 600000, trace={0, 9, 21})
    last = max(f for f, _, _ in fl)
    for f, r, ls in fl:
        s.add(f, ls, lab(r))
    t_srun = add(last, 1.9)
    s.add(t_srun, ["srun: error: gpu-a01: tasks 0-7: Aborted (core dumped)",
                   "srun: error: gpu-a03: tasks 16-23: Aborted (core dumped)",
                   "srun: error: gpu-a04: tasks 24-31: Aborted (core dumped)",
                   "srun: error: gpu-a02: tasks 8-12,14-15: Aborted (core dumped)"])
    # rank 13: buffered stdout (logging to stdout) + traceback, flushed at exit
    late = add(t_srun, 2.4)
    tb = [f"{ts_py(add(cause, -9.5))} [INFO] data: worker 3 opened shard dolma-v1_7/cc_en_head-0417.jsonl.zst (rank 13)",
          f"{ts_py(cause)} [ERROR] train: rank 13 step 1831: exception while building batch (shard dolma-v1_7/cc_en_head-0417.jsonl.zst, sample 88231); shutting down process group",
          "Traceback (most recent call last):",
          "  File \"/workspace/train.py\", line 412, in <module>",
          "    main()",
          "  File \"/workspace/train.py\", line 377, in main",
          "    batch = next(train_iter)",
          "            ^^^^^^^^^^^^^^^^",
          f"  File \"{job.site}/torch/utils/data/dataloader.py\", line 631, in __next__",
          "    data = self._next_data()",
          "           ^^^^^^^^^^^^^^^^^",
          f"  File \"{job.site}/torch/utils/data/dataloader.py\", line 1346, in _next_data",
          "    return self._process_data(data)",
          "           ^^^^^^^^^^^^^^^^^^^^^^^^",
          f"  File \"{job.site}/torch/utils/data/dataloader.py\", line 1372, in _process_data",
          "    data.reraise()",
          f"  File \"{job.site}/torch/_utils.py\", line 705, in reraise",
          "    raise exception",
          "KeyError: Caught KeyError in DataLoader worker process 3.",
          "Original Traceback (most recent call last):",
          f"  File \"{job.site}/torch/utils/data/_utils/worker.py\", line 308, in _worker_loop",
          "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
          "           ^^^^^^^^^^^^^^^^^^^^",
          f"  File \"{job.site}/torch/utils/data/_utils/fetch.py\", line 54, in fetch",
          "    return self.collate_fn(data)",
          "           ^^^^^^^^^^^^^^^^^^^^^",
          "  File \"/workspace/data/packing.py\", line 88, in collate",
          "    ids = [s[\"input_ids\"] for s in batch]",
          "           ~^^^^^^^^^^^^^",
          "KeyError: 'input_ids'",
          ""]
    s.add(late, tb, lab(13))
    s.add(add(late, 0.6), "srun: error: gpu-a02: task 13: Exited with exit code 1")
    b.w(f"slurm-{jobid}.out", s.render())
    b.w("job.sbatch", ["#!/bin/bash", "#SBATCH --job-name=llama7b-dolma", "#SBATCH --nodes=4", "#SBATCH --ntasks-per-node=8",
                       "#SBATCH --gpus-per-node=8", "#SBATCH --cpus-per-task=12", "#SBATCH --time=48:00:00",
                       f"#SBATCH --output=slurm-%j.out", "", "set -x", "export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
                       "export MASTER_PORT=29411", "export NCCL_ASYNC_ERROR_HANDLING=1", "export TORCH_NCCL_TRACE_BUFFER_SIZE=0",
                       "srun --label --kill-on-bad-exit=0 python train.py --config configs/llama7b_dolma.yaml"])
    end = add(late, 1)
    b.w("sacct.txt", sacct(jobid, "llama7b-dolma", "FAILED", "1:0", t0, end, "gpu-a[01-04]",
                           [("batch", "batch", "FAILED", "1:0", 96, t0, end, "gpu-a01"),
                            ("0", "python", "FAILED", "1:0", 384, add(t0, 1), end, "gpu-a[01-04]")]))
    boot = T(2024, 3, 1, 6, 12, 0)
    for h in hosts:
        lines = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise())]
        lines.append((T(2024, 3, 12, 7, 58, 55), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"))
        if h != "gpu-a02":
            lines.append((add(last, 1.2), "systemd-coredump[{}]: Process {} (python) of user 1001 dumped core.".format(rng.randint(100000, 999999), job.pid[job.ranks_of(h)[0]])))
        b.w(f"{h}/dmesg.txt", plain_dmesg_T(lines))
    b.set_label("user_code", "script", None, "stop",
                "Rank 13 raised KeyError: 'input_ids' in the collate function at 09:02:47 (its buffered output and traceback reach the log only after the flood); the 31 watchdog timeouts at 09:12:47 each ran for ~600 s, i.e. started when rank 13 died. A schema mismatch in a data shard is a deterministic script/data bug.",
                "https://github.com/pytorch/pytorch/issues/196968")
    return b


# ---------------------------------------------------------------------------
# ci02: 8 nodes, GSP RPC timeout (Xid 119) on dgx-b05 GPU4; rank 36 goes silent;
# flood 30 minutes later; the node's torchrun root cause is a sympathetic SIGABRT.
# ---------------------------------------------------------------------------

def megatron_iter(t, it, total, loss, gn, lr, ms, gbs=1024, tflops=None, nan=0):
    tf = f" throughput per GPU (TFLOP/s/GPU): {tflops:.1f} |" if tflops else ""
    return (f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/{total:>8} | consumed samples: {it * gbs:>12} | elapsed time per iteration (ms): {ms:.1f} |{tf} "
            f"learning rate: {lr:.6E} | global batch size: {gbs:>5} | lm loss: {loss} | loss scale: 1.0 | grad norm: {gn} | "
            f"number of skipped iterations:   0 | number of nan iterations: {nan:>3} |")


def ci02():
    rng = random.Random(9002)
    hosts = [f"dgx-b{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci02_watchdog_timeouts_on_63_ranks_after_silent_stall")
    jobid = 503117
    t0 = T(2024, 3, 19, 12, 40, 5, 330000)
    stall = T(2024, 3, 19, 14, 6, 56, 120000)
    culprit_rank = 36
    script = "pretrain_gpt.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "dgx-b01:29500"))
    for r in range(job.world):
        h = job.host(r)
        ti = add(t0, 20 + rng.uniform(0, 3))
        streams[h].add(ti, f"[rank{r}]:[W{ts_c10d(ti, rng.randint(0, 999))} ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank {r}]  using GPU {job.local(r)} to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id.")
    # iterations printed by last rank (63) on dgx-b08
    it = 61300
    tt = add(t0, 95)
    while tt < stall:
        if it % 10 == 0:
            streams["dgx-b08"].add(tt, "[rank63]:" + megatron_iter(tt, it, 250000, f"{1.742 + rng.uniform(-0.02, 0.02):.6E}", f"{rng.uniform(0.18, 0.24):.3f}", 2.31e-4, 3912 + rng.uniform(-40, 40), tflops=488.2))
        it += 1
        tt = add(tt, 3.91 + rng.uniform(-0.03, 0.03))
    # flood: everyone but 36, PG 2 = tensor-parallel group on the node, DP group elsewhere
    b05 = job.ranks_of("dgx-b05")
    tp_peers = [r for r in b05 if r != culprit_rank]
    rest = [r for r in range(job.world) if r not in b05]
    fl = flood(job, rng, tp_peers, stall, 1412290, "_ALLGATHER_BASE", 33554432, 1800000, trace={33},
               pg="2", pgname="TENSOR_MODEL_PARALLEL_GROUP")
    fl += flood(job, rng, rest, add(stall, 0.9), 388102, "_REDUCE_SCATTER_BASE", 50331648, 1800000, trace={0, 17, 58},
                pg="5", pgname="DATA_PARALLEL_GROUP", start_spread=1.2)
    by_host = {}
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        by_host.setdefault(job.host(r), []).append((f, r))
    for h in hosts:
        evs = sorted(by_host.get(h, []))
        tdet = add(evs[0][0], 4.1 + rng.uniform(0, 0.8))
        if h == "dgx-b05":
            kill = [r for r in b05 if r not in [x[1] for x in evs[:3]]]
            streams[h].add(tdet, agent_sigterm(job, h, tdet, kill))
            tk = add(tdet, 30.02)
            streams[h].add(tk, agent_glog(job, h, tk, "W", "elastic/multiprocessing/api.py", 916,
                                          f"Unable to shutdown process {job.pid[culprit_rank]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"))
            fails = [dict(rank=r, exitcode=-6, time=f) for f, r in evs[:3]]
            fails += [dict(rank=r, exitcode=-15, time=add(tdet, 1)) for r in kill if r != culprit_rank]
            fails.append(dict(rank=culprit_rank, exitcode=-9, time=add(tk, 0.5)))
            tf = add(tk, 1.3)
            streams[h].add(tf, childfailed(job, h, tf, script, fails))
        else:
            kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
            streams[h].add(tdet, agent_sigterm(job, h, tdet, kill))
            tf = add(tdet, 2.2)
            fails = [dict(rank=evs[0][1], exitcode=-6, time=evs[0][0])] + [dict(rank=r, exitcode=-15, time=add(tdet, 1)) for r in kill]
            streams[h].add(tf, childfailed(job, h, tf, script, fails))
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    # dmesg -T everywhere, GSP timeout on b05
    boot = T(2024, 3, 2, 9, 30, 0)
    for h in hosts:
        ev = [(add(boot, i * 0.5), m) for i, m in enumerate(dmesg_boot_noise("550.54.15"))]
        if h == "dgx-b02":
            ev += [(T(2024, 3, 19, 11, 58, 14), "mlx5_core 0000:41:00.0 ibp65s0: Link down"),
                   (T(2024, 3, 19, 11, 58, 21), "mlx5_core 0000:41:00.0 ibp65s0: Link up")]
        if h == "dgx-b05":
            pid = job.pid[culprit_rank]
            tx = add(stall, 6.3)
            ev += [(tx, "NVRM: _kgspLogXid119: ********************************* GSP Timeout **********************************"),
                   (tx, "NVRM: _kgspLogXid119: Note: Please also check logs above."),
                   (tx, "NVRM: GPU at PCI:0000:9a:00: GPU-5e1b7c02-9a41-3d6f-8b10-4f0e2c7d91aa"),
                   (tx, "NVRM: GPU Board Serial Number: 1654923017782"),
                   (tx, f"NVRM: Xid (PCI:0000:9a:00): 119, pid={pid}, name=pt_main_thread, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)."),
                   (tx, "NVRM: GPU4 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004."),
                   (tx, "NVRM: GPU4 RPC history (CPU -> GSP):"),
                   (tx, "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"),
                   (tx, "NVRM:      0    76   GSP_RM_CONTROL        0x0000000020800a4c 0x0000000000000004 0x00061421c0a8e1d2 0x0000000000000000          y"),
                   (tx, "NVRM:     -1    10   FREE                  0x00000000a55a0050 0x0000000000000000 0x00061421c0a8d9f4 0x00061421c0a8da11     29us"),
                   (add(tx, 6), f"NVRM: Xid (PCI:0000:9a:00): 119, pid={pid}, name=pt_main_thread, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 10 (FREE) (0xa55a0050 0x0)."),
                   (add(tx, 12), "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:9a:00 (printing 1 of every 30).  The GPU likely needs to be reset.")]
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/dmesg.txt", plain_dmesg_T(ev))
    b.w("dgx-b05/nvidia-smi-q.txt", nvidia_smi_q(rng, T(2024, 3, 19, 14, 41, 3), "550.54.15", "12.4", 8,
                                                  overrides={i: ({"lost": True} if i == 4 else {"busy": False, "used": 0}) for i in range(8)}))
    s = Stream()
    s.add(t0, ["+ srun --nodes=8 --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=dgx-b01:29500 pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 ...",
               "srun: job 503117 queued and waiting for resources", "srun: job 503117 has been allocated resources"])
    tend = T(2024, 3, 19, 14, 37, 38)
    s.add(tend, ["srun: error: dgx-b05: task 4: Exited with exit code 1",
                 "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                 "srun: error: dgx-b01: task 0: Exited with exit code 1", "srun: error: dgx-b03: task 2: Exited with exit code 1",
                 "srun: error: dgx-b02: task 1: Exited with exit code 1", "srun: error: dgx-b06: task 5: Exited with exit code 1",
                 "srun: error: dgx-b07: task 6: Exited with exit code 1", "srun: error: dgx-b08: task 7: Exited with exit code 1",
                 "srun: error: dgx-b04: task 3: Exited with exit code 1"])
    b.w(f"slurm-{jobid}.out", s.render())
    b.w("sacct.txt", sacct(jobid, "gpt-175b", "FAILED", "1:0", t0, add(tend, 2), "dgx-b[01-08]",
                           [("batch", "batch", "FAILED", "1:0", 224, t0, add(tend, 2), "dgx-b01"),
                            ("0", "torchrun", "FAILED", "1:0", 1792, add(t0, 2), add(tend, 1), "dgx-b[01-08]")]))
    b.set_label("gpu_hardware", "infrastructure", culprit("dgx-b05", culprit_rank), "restart_without_node",
                "dgx-b05 dmesg shows Xid 119 GSP RPC timeouts on GPU4 (PCI 9a, pid of rank 36) at 14:07:02; rank 36 never logs again, nvidia-smi can no longer open that GPU, and every other rank hits the 1800 s watchdog at ~14:37. The b05 torchrun root cause (a SIGABRT) and the b02 link flap before the job are not the cause.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")
    return b


# ---------------------------------------------------------------------------
# ci03: raw-uptime dmesg on four A100 nodes with different boot times; Xid 48 DBE
# on hgx-r07-n11 GPU2; an older Xid 31 on n09 has a larger raw stamp.
# ---------------------------------------------------------------------------

def ci03():
    rng = random.Random(9003)
    hosts = ["hgx-r07-n09", "hgx-r07-n10", "hgx-r07-n11", "hgx-r07-n12"]
    job = Job(rng, hosts, bus=A100_BUS, nccl="2.19.3")
    b = Bundle("ci03_timeouts_everywhere_raw_dmesg_stamps_on_each_node")
    t0 = T(2024, 4, 24, 1, 10, 2, 500000)
    cause = T(2024, 4, 24, 3, 44, 10, 283000)
    cr = 18
    boots = {"hgx-r07-n09": T(2024, 3, 11, 7, 2, 44), "hgx-r07-n10": T(2024, 4, 1, 13, 40, 9),
             "hgx-r07-n11": T(2024, 4, 22, 18, 3, 11), "hgx-r07-n12": T(2024, 4, 15, 22, 51, 30)}
    streams = {h: Stream() for h in hosts}
    script = "train_vit.py"
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 4, "hgx-r07-n09:29400"))
    tt = add(t0, 60)
    ep, stp = 7, 0
    while tt < cause:
        if stp % 50 == 0:
            streams["hgx-r07-n09"].add(tt, f"[rank0]:{ts_py(tt)} - INFO - engine - Epoch[{ep}] Iter[{stp:>5}/5004] loss: {2.1 - ep * 0.05 + rng.uniform(-0.05, 0.05):.4f} top1: {61 + ep * 1.2 + rng.uniform(-1, 1):.2f} lr: 1.20e-03 img/s: 21988")
        stp += 1
        if stp == 5004:
            stp = 0
            ep += 1
        tt = add(tt, 0.372)
    # rank 18 hits the ECC error first
    tcuda = add(cause, 0.31)
    streams["hgx-r07-n11"].add(tcuda, wd_cuda_error(job, cr, tcuda, "uncorrectable ECC error encountered"))
    tdet = add(tcuda, 5.2)
    n11 = job.ranks_of("hgx-r07-n11")
    streams["hgx-r07-n11"].add(tdet, agent_sigterm(job, "hgx-r07-n11", tdet, [r for r in n11 if r != cr]))
    tf = add(tdet, 1.9)
    fails = [dict(rank=cr, exitcode=-6, time=add(tcuda, 0.8))] + [dict(rank=r, exitcode=-15, time=add(tdet, 0.6)) for r in n11 if r != cr]
    streams["hgx-r07-n11"].add(tf, childfailed(job, "hgx-r07-n11", tf, script, fails))
    rest = [r for r in range(job.world) if r not in n11]
    fl = flood(job, rng, rest, cause, 331904, "ALLREDUCE", 25690112, 600000, trace={0, 27})
    byh = {}
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        td = add(evs[0][0], 3.3)
        kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
        streams[h].add(td, agent_sigterm(job, h, td, kill))
        fails = [dict(rank=evs[0][1], exitcode=-6, time=evs[0][0])] + [dict(rank=r, exitcode=-15, time=add(td, 0.7)) for r in kill]
        streams[h].add(add(td, 1.8), childfailed(job, h, add(td, 1.8), script, fails))
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
        bt = boots[h]
        ev = [(add(bt, i * 0.31), m) for i, m in enumerate(dmesg_boot_noise("535.161.08"))]
        ev.append((add(t0, -40), "nvidia-fabricmanager: fabric manager is running"))
        if h == "hgx-r07-n09":
            tx = T(2024, 4, 22, 23, 14, 37, 902113)
            ev += [(tx, "NVRM: Xid (PCI:0000:87:00): 31, pid=771203, name=python3, Ch 00000008, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f1d_4e000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"),
                   (add(tx, 0.004), "NVRM: Xid (PCI:0000:87:00): 31, pid=771203, name=python3, Ch 00000008, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_5 faulted @ 0x7f1d_4e010000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")]
        if h == "hgx-r07-n11":
            pid = job.pid[cr]
            ev += [(add(cause, 0.129), f"NVRM: Xid (PCI:0000:47:00): 48, pid={pid}, name=pt_main_thread, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."),
                   (add(cause, 0.130), f"NVRM: Xid (PCI:0000:47:00): 63, pid={pid}, name=pt_main_thread, Row Remapper: New row (0x00000000000a31c4) marked for remapping, reset gpu to activate."),
                   (add(cause, 0.151), f"NVRM: Xid (PCI:0000:47:00): 45, pid={pid}, name=pt_main_thread, Ch 00000010"),
                   (add(cause, 0.151), f"NVRM: Xid (PCI:0000:47:00): 45, pid={pid}, name=pt_main_thread, Ch 00000011")]
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/dmesg.txt", [f"{ts_uptime(t, bt)} {m}" for t, m in ev])
        b.w(f"{h}/uptime-s.txt", [f"$ uptime -s", f"{bt:%Y-%m-%d %H:%M:%S}"])
    b.w("hgx-r07-n11/nvidia-smi-q.txt", nvidia_smi_q(rng, T(2024, 4, 24, 4, 2, 40), "535.161.08", "12.2", 8,
                                                      product="NVIDIA A100-SXM4-80GB", bus=A100_BUS,
                                                      overrides={i: {"busy": False, "used": 0, **({"ecc": {"v_dram_u": 1, "a_dram_u": 1, "a_dram_c": 3}, "remap": {"u": 1, "pending": "Yes"}} if i == 2 else {})} for i in range(8)}))
    b.set_label("gpu_memory", "infrastructure", culprit("hgx-r07-n11", cr), "restart_without_node",
                "n11's raw dmesg stamp 121259.4 s after its 2024-04-22 18:03:11 boot is 03:44:10: Xid 48 double-bit ECC + Xid 63 on PCI 47 (GPU2, rank 18's pid) and rank 18 reports uncorrectable ECC; the other nodes' 600 s timeouts start then. The Xid 31 on n09 has a larger raw stamp but is from 2024-04-22, before the job.",
                "https://github.com/verl-project/verl/issues/407")
    return b


# ---------------------------------------------------------------------------
# ci04: RoCE rail-2 link down on sc-h100-0415 (kern.log, rsyslog ISO). The NCCL WARN
# completion errors are printed on the neighbours and name 0415's IP.
# ---------------------------------------------------------------------------

def ci04():
    rng = random.Random(9004)
    hosts = [f"sc-h100-04{i}" for i in range(11, 19)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci04_nccl_ib_completion_errors_on_three_nodes_then_timeouts")
    t0 = T(2024, 5, 2, 18, 2, 10, 0)
    down = T(2024, 5, 2, 21, 33, 7, 418220)
    bad = "sc-h100-0415"
    ip = {h: f"10.128.2.{int(h[-2:])}" for h in hosts}
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "sc-h100-0411:29500"))
        for r in job.ranks_of(h):
            ti = add(t0, 18 + rng.uniform(0, 1))
            streams[h].add(ti, nccl_init_lines(job, r, "bond0", f"10.120.0.{int(h[-2:])}", [f"mlx5_{i}" for i in range(8)]))
    tt = add(t0, 120)
    it = 0
    while tt < down:
        if it % 50 == 0:
            streams["sc-h100-0411"].add(tt, f"[rank0]:{ts_py(tt)} INFO trainer: step={it + 20400} loss={1.31 + rng.uniform(-0.03, 0.03):.4f} lr=1.0e-04 tokens/s=1.71e+06")
        it += 1
        tt = add(tt, 1.94)
    # NCCL warns on neighbours (rail 2 local rank 2) ~20 s after the link drops
    neigh = ["sc-h100-0414", "sc-h100-0416", "sc-h100-0413"]
    early = []
    for i, h in enumerate(neigh):
        r = job.ranks_of(h)[2]
        tw = add(down, 19.6 + i * 0.7 + rng.uniform(0, 0.3))
        streams[h].add(tw, nccl_warn_ib_completion(job, r, tw, ip[bad], 40000 + rng.randint(100, 9999), ip[h], "mlx5_2",
                                                    op=("Send" if i == 1 else "Recv")))
        te = add(tw, 0.9)
        le = f"NET/IB : Got completion from peer {ip[bad]}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{ip[h]} remoteGids::ffff:{ip[bad]} hca mlx5_2"
        streams[h].add(te, wd_nccl_error(job, r, te, le))
        early.append((te, r))
    # the bad node itself: async port error on its own HCA
    rb = job.ranks_of(bad)[2]
    ta = add(down, 0.41)
    streams[bad].add(ta, [f"{bad}:{job.pid[rb]}:{job.tid[rb] + 3} [2] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_2:1 Got async event : port error", ""])
    # everyone else: timeouts
    quick_hosts = {job.host(r) for _, r in early}
    rest = [r for r in range(job.world) if job.host(r) not in quick_hosts]
    fl = flood(job, rng, rest, add(down, 0.2), 2209417, "_REDUCE_SCATTER_BASE", 67108864, 600000, trace={0, 34, 61})
    byh = {}
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        byh.setdefault(job.host(r), []).append((f, r))
    for te, r in early:
        byh.setdefault(job.host(r), []).append((te, r))
    for h in hosts:
        evs = sorted(byh[h])
        first_t, first_r = evs[0]
        td = add(first_t, 3.0 + rng.uniform(0, 1))
        kill = [r for r in job.ranks_of(h) if r != first_r]
        streams[h].add(td, agent_sigterm(job, h, td, kill))
        code = -6
        fails = [dict(rank=first_r, exitcode=code, time=first_t)] + [dict(rank=r, exitcode=-15, time=add(td, 0.8)) for r in kill]
        streams[h].add(add(td, 2.0), childfailed(job, h, add(td, 2.0), script, fails))
        b.w(f"{h}/stdout.log", streams[h].render())
    # kern.log rsyslog ISO on all nodes
    for h in hosts:
        ev = [(T(2024, 5, 2, 17, 58, 3, 112000), f"{h} kernel: [ 1241.992113] mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:744:(pid 0): FW tracer: write_index is 11"),
              (T(2024, 5, 2, 18, 1, 40, 500100), f"{h} systemd[1]: Started Slurm node daemon job step session-{rng.randint(100, 999)}.scope."),
              (T(2024, 5, 2, 20, 0, 1, 6000), f"{h} CRON[{rng.randint(100000, 999999)}]: (root) CMD (/usr/sbin/nhc-lite --quiet)")]
        if h == bad:
            ev += [(down, f"{h} kernel: [12786.330915] mlx5_core 0000:41:00.0: mlx5_port_module_event:1163:(pid 0): Port module event[error]: module 2, Cable error, Bus stuck (I2C or data shorted)"),
                   (add(down, 0.002), f"{h} kernel: [12786.333014] mlx5_core 0000:41:00.0 ens41np0: Link down"),
                   (add(down, 0.05), f"{h} kernel: [12786.381225] mlx5_core 0000:41:00.0 ens41np0: Lost carrier"),
                   (add(down, 41.2), f"{h} kernel: [12827.531908] mlx5_core 0000:41:00.0 ens41np0: Link up"),
                   (add(down, 44.9), f"{h} kernel: [12831.230512] mlx5_core 0000:41:00.0: mlx5_port_module_event:1163:(pid 0): Port module event[error]: module 2, Cable error, Bus stuck (I2C or data shorted)"),
                   (add(down, 44.9), f"{h} kernel: [12831.232007] mlx5_core 0000:41:00.0 ens41np0: Link down"),
                   (add(down, 45.1), f"{h} lldpd[2211]: removal request for address of 10.128.2.15%9, but no knowledge of it")]
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/kern.log", [f"{ts_iso(t)} {m}" for t, m in ev])
    b.w(f"{bad}/ibstat.txt", ["CA 'mlx5_2'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.2048",
                              "\tHardware version: 0", "\tNode GUID: 0x946dae0300b2c41a", "\tSystem image GUID: 0x946dae0300b2c41a",
                              "\tPort 1:", "\t\tState: Down", "\t\tPhysical state: Polling", "\t\tRate: 400", "\t\tBase lid: 0",
                              "\t\tLMC: 0", "\t\tSM lid: 0", "\t\tCapability mask: 0x00010000", "\t\tPort GUID: 0x966daefffeb2c41a",
                              "\t\tLink layer: Ethernet", "CA 'mlx5_3'", "\tCA type: MT4129", "\tNumber of ports: 1",
                              "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tLink layer: Ethernet"])
    b.w("hosts", ["127.0.0.1 localhost"] + [f"10.120.0.{int(h[-2:])}  {h}" for h in hosts] +
        [f"10.128.{rail}.{int(h[-2:])}  {h}-rail{rail}" for h in hosts for rail in range(8)])
    b.set_label("network", "infrastructure", culprit(bad, None), "restart_without_node",
                "kern.log on sc-h100-0415 shows a module cable error and ens41np0 (mlx5_2) link down at 21:33:07, ibstat shows mlx5_2 Down; the NCCL WARN completion errors 20 s later are printed on 0413/0414/0416 but all name 10.128.2.15 (0415's rail-2 address); the rest are watchdog timeouts.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# ---------------------------------------------------------------------------
# ci05: DataLoader worker killed by the kernel OOM killer on node-c4-19 ("killed by
# signal: Killed" reads like an external kill); dmesg -T shows the job's own workers.
# ---------------------------------------------------------------------------

def ci05():
    rng = random.Random(9005)
    hosts = ["node-c4-17", "node-c4-18", "node-c4-19", "node-c4-20"]
    job = Job(rng, hosts, site="/opt/conda/lib/python3.11/site-packages", python="/opt/conda/bin/python3.11")
    b = Bundle("ci05_dataloader_worker_killed_on_one_node_then_timeouts")
    jobid = 77231
    t0 = T(2024, 6, 4, 20, 31, 2, 0)
    oom = T(2024, 6, 4, 22, 14, 3, 418000)
    cr = 20
    script = "train_vidgen.py"
    s = Stream()
    lab = lambda h: f"{hosts.index(h)}: "  # noqa: E731
    s.add(t0, "+ srun --label --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-endpoint=node-c4-17:29500 --rdzv-backend=c10d train_vidgen.py --cfg cfg/vidgen_720p.yaml")
    for h in hosts:
        s.add(t0, agent_start(job, h, t0, script, 4, "node-c4-17:29500"), lab(h))
    tcfg = add(t0, 25)
    s.add(tcfg, [f"[rank0]:{ts_py(tcfg)} INFO vidgen.data: VideoClipDataset: 1,884,112 clips, decode=torchvision.io(pyav) frames=48 res=720x1280",
                 f"[rank0]:{ts_py(tcfg)} INFO vidgen.data: DataLoader num_workers=12 prefetch_factor=6 pin_memory=True persistent_workers=True"], lab("node-c4-17"))
    tw = add(t0, 27)
    s.add(tw, f"[rank0]:{job.site}/torch/utils/data/dataloader.py:617: UserWarning: This DataLoader will create 12 worker processes in total. Our suggested max number of worker in current system is 11, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.", lab("node-c4-17"))
    tt = add(t0, 90)
    it = 0
    while tt < oom:
        if it % 25 == 0:
            s.add(tt, f"[rank0]:{ts_py(tt)} INFO vidgen.train: it {it:>6} loss_diff {0.112 + rng.uniform(-0.01, 0.01):.4f} data_wait {rng.uniform(0.01, 0.05):.3f}s host_rss {48 + it * 0.0009:.1f}GiB", lab("node-c4-17"))
        it += 1
        tt = add(tt, 2.48)
    # rank 20 error
    te = add(oom, 1.12)
    tb = [f"[rank20]: Traceback (most recent call last):",
          f"[rank20]:   File \"/workspace/vidgen/train_vidgen.py\", line 301, in <module>",
          f"[rank20]:     main(cfg)",
          f"[rank20]:   File \"/workspace/vidgen/train_vidgen.py\", line 244, in main",
          f"[rank20]:     for it, batch in enumerate(loader, start=start_it):",
          f"[rank20]:   File \"{job.site}/torch/utils/data/dataloader.py\", line 631, in __next__",
          f"[rank20]:     data = self._next_data()",
          f"[rank20]:   File \"{job.site}/torch/utils/data/dataloader.py\", line 1329, in _next_data",
          f"[rank20]:     idx, data = self._get_data()",
          f"[rank20]:   File \"{job.site}/torch/utils/data/dataloader.py\", line 1285, in _get_data",
          f"[rank20]:     success, data = self._try_get_data()",
          f"[rank20]:   File \"{job.site}/torch/utils/data/dataloader.py\", line 1133, in _try_get_data",
          f"[rank20]:     data = self._data_queue.get(timeout=timeout)",
          f"[rank20]:   File \"/opt/conda/lib/python3.11/multiprocessing/queues.py\", line 113, in get",
          f"[rank20]:     if not self._poll(timeout):",
          f"[rank20]:   File \"{job.site}/torch/utils/data/_utils/signal_handling.py\", line 67, in handler",
          f"[rank20]:     _error_if_any_worker_fails()",
          f"[rank20]: RuntimeError: DataLoader worker (pid 77120) is killed by signal: Killed. "]
    s.add(te, tb, lab("node-c4-19"))
    n19 = job.ranks_of("node-c4-19")
    td = add(te, 4.6)
    s.add(td, agent_sigterm(job, "node-c4-19", td, [r for r in n19 if r != cr]), lab("node-c4-19"))
    fails = [dict(rank=cr, exitcode=1, time=add(te, 0.9), error_file="<N/A>")] + [dict(rank=r, exitcode=-15, time=add(td, 0.5)) for r in n19 if r != cr]
    s.add(add(td, 1.5), childfailed(job, "node-c4-19", add(td, 1.5), script, fails), lab("node-c4-19"))
    rest = [r for r in range(job.world) if r not in n19]
    fl = flood(job, rng, rest, add(oom, 1.0), 90412, "ALLREDUCE", 1, 600000, trace={3, 11, 27})
    byh = {}
    for f, r, ls in fl:
        s.add(f, ls, lab(job.host(r)))
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        tdd = add(evs[0][0], 3.9)
        kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
        s.add(tdd, agent_sigterm(job, h, tdd, kill), lab(h))
        fails = [dict(rank=evs[0][1], exitcode=-6, time=evs[0][0])] + [dict(rank=r, exitcode=-15, time=add(tdd, 0.4)) for r in kill]
        s.add(add(tdd, 1.6), childfailed(job, h, add(tdd, 1.6), script, fails), lab(h))
    tend = add(max(f for f, _, _ in fl), 8)
    s.add(tend, ["srun: error: node-c4-19: task 2: Exited with exit code 1", "srun: error: node-c4-17: task 0: Exited with exit code 1",
                 "srun: error: node-c4-18: task 1: Exited with exit code 1", "srun: error: node-c4-20: task 3: Exited with exit code 1"])
    b.w(f"slurm-{jobid}.out", s.render())
    boot = T(2024, 5, 30, 3, 0, 0)
    for h in hosts:
        ev = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise())]
        if h == "node-c4-19":
            rk = job.pid[cr]
            workers = [77108 + i for i in range(12)]
            ev += [(oom, "pt_data_worker invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"),
                   (oom, f"CPU: 71 PID: 77131 Comm: pt_data_worker Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
                   (oom, "Hardware name: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 02/29/2024"),
                   (oom, "Mem-Info:"),
                   (oom, "active_anon:498112331 inactive_anon:3412870 isolated_anon:0 active_file:2104 inactive_file:1813 isolated_file:0 unevictable:0 dirty:0 writeback:0 slab_reclaimable:181203 slab_unreclaimable:401229 mapped:1310987 shmem:9812211 pagetables:1043311 bounce:0 free:3401223 free_pcp:1201 free_cma:0"),
                   (oom, "Tasks state (memory values in pages):"),
                   (oom, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")]
            for i, r in enumerate(n19):
                ev.append((oom, f"[{job.pid[r]:>7}]  1001 {job.pid[r]:>6} 31188842 {rng.randint(9800000, 11200000):>8} {rng.randint(100, 140) * 1048576:>14}        0             0 pt_main_thread"))
            for w in workers:
                ev.append((oom, f"[{w:>7}]  1001 {w:>6} 12968353 {rng.randint(8700000, 9600000):>8} {rng.randint(40, 80) * 1048576:>14}        0             0 pt_data_worker"))
            ev.append((oom, "[   2211]     0   2211    91253     2210         311296        0          -999 slurmstepd"))
            ev += [(oom, f"oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/slurm/uid_1001/job_{jobid}/step_0/task_0,task=pt_data_worker,pid=77120,uid=1001"),
                   (add(oom, 0.001), "Out of memory: Killed process 77120 (pt_data_worker) total-vm:51873412kB, anon-rss:38127764kB, file-rss:68120kB, shmem-rss:5242880kB, UID:1001 pgtables:76212kB oom_score_adj:0"),
                   (add(oom, 0.38), "oom_reaper: reaped process 77120 (pt_data_worker), now anon-rss:0kB, file-rss:0kB, shmem-rss:5242880kB")]
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/dmesg.txt", plain_dmesg_T(ev))
    b.w("sacct.txt", sacct(jobid, "vidgen-720p", "FAILED", "1:0", t0, add(tend, 2), "node-c4-[17-20]",
                           [("batch", "batch", "FAILED", "1:0", 192, t0, add(tend, 2), "node-c4-17"),
                            ("0", "torchrun", "FAILED", "1:0", 768, add(t0, 1), add(tend, 1), "node-c4-[17-20]")]))
    b.set_label("oom", "script", None, "stop",
                "node-c4-19 dmesg (22:14:03) shows a global OOM where the only large tasks are the job's own 8 trainers and 12 pt_data_workers per rank; the killer took DataLoader worker 77120, rank 20 then failed with 'DataLoader worker ... killed by signal: Killed' and the other nodes timed out 10 min later. The app's worker memory (num_workers=12, prefetch 6 of 720p clips) is the cause.",
                "https://github.com/pytorch/pytorch/issues/43455")
    return b


# ---------------------------------------------------------------------------
# ci06: Kubernetes PyTorchJob. Global OOM on ip-10-42-3-88 caused by a host agent
# (fluent-bit, oom_score_adj -500) picks a trainer; pod shows OOMKilled.
# ---------------------------------------------------------------------------

def ci06():
    rng = random.Random(9006)
    hosts = ["ip-10-42-3-17", "ip-10-42-3-52", "ip-10-42-3-88", "ip-10-42-3-121"]
    pods = ["llm-sft-7b-master-0", "llm-sft-7b-worker-0", "llm-sft-7b-worker-1", "llm-sft-7b-worker-2"]
    job = Job(rng, hosts, site="/usr/local/lib/python3.10/dist-packages", torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci06_pod_oomkilled_one_worker_sigkill_then_flood")
    t0 = T(2024, 6, 11, 14, 2, 11, 0)
    oom = T(2024, 6, 11, 16, 52, 31, 204000)
    bad = "ip-10-42-3-88"
    victim = 19
    script = "sft.py"
    boots = {"ip-10-42-3-17": T(2024, 6, 3, 22, 1, 5), "ip-10-42-3-52": T(2024, 6, 3, 22, 1, 40),
             "ip-10-42-3-88": T(2024, 5, 28, 4, 19, 52), "ip-10-42-3-121": T(2024, 6, 10, 9, 12, 17)}
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 4, "llm-sft-7b-master-0:23456"))
    tt = add(t0, 75)
    st = 0
    while tt < oom:
        if st % 20 == 0:
            streams[hosts[0]].add(tt, f"[rank0]:{{'loss': {1.12 - st * 0.00003 + rng.uniform(-0.02, 0.02):.4f}, 'grad_norm': {rng.uniform(0.8, 1.4):.4f}, 'learning_rate': 1.8e-05, 'epoch': {st / 3900:.2f}}}")
        st += 1
        tt = add(tt, 2.61)
    n88 = job.ranks_of(bad)
    td = add(oom, 2.7)
    streams[bad].add(td, agent_sigterm(job, bad, td, [r for r in n88 if r != victim]))
    fails = [dict(rank=victim, exitcode=-9, time=add(oom, 1.1))] + [dict(rank=r, exitcode=-15, time=add(td, 0.6)) for r in n88 if r != victim]
    streams[bad].add(add(td, 1.7), childfailed(job, bad, add(td, 1.7), script, fails))
    rest = [r for r in range(job.world) if r not in n88]
    fl = flood(job, rng, rest, add(oom, 0.3), 61193, "ALLREDUCE", 262144000, 1800000, trace={0, 12, 30})
    byh = {}
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        tdd = add(evs[0][0], 3.1)
        kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
        streams[h].add(tdd, agent_sigterm(job, h, tdd, kill))
        fails = [dict(rank=evs[0][1], exitcode=-6, time=evs[0][0])] + [dict(rank=r, exitcode=-15, time=add(tdd, 0.4)) for r in kill]
        streams[h].add(add(tdd, 1.5), childfailed(job, h, add(tdd, 1.5), script, fails))
    for h, p in zip(hosts, pods):
        b.w(f"kubectl-logs-{p}.txt", streams[h].render())
    tend = add(max(f for f, _, _ in fl), 6)
    # kubectl describe
    desc = ["Name:         llm-sft-7b", "Namespace:    team-nlp", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob",
            "Spec:", "  Pytorch Replica Specs:", "    Master:", "      Replicas:  1", "      Restart Policy:  Never",
            "    Worker:", "      Replicas:  3", "      Restart Policy:  Never", "      Template:", "        Spec:", "          Containers:",
            "            Image:  registry.internal/nlp/sft:2024.06.1", "            Resources:", "              Limits:",
            "                memory:          1600Gi", "                nvidia.com/gpu:  8", "              Requests:",
            "                cpu:             150", "                memory:          900Gi", "                nvidia.com/gpu:  8",
            "Status:", "  Conditions:", f"    Last Transition Time:  {ts_slurm(t0)}Z", "    Type:                  Running",
            f"    Last Transition Time:  {ts_slurm(add(td, 3))}Z", "    Message:               PyTorchJob llm-sft-7b is failed because 1 Worker replica(s) failed.",
            "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed", "Events:",
            "  Type     Reason                   Age   From                   Message",
            "  ----     ------                   ----  ----                   -------",
            "  Normal   SuccessfulCreatePod      170m  pytorchjob-controller  Created pod: llm-sft-7b-master-0",
            "  Warning  PyTorchJobFailed         31m   pytorchjob-controller  PyTorchJob llm-sft-7b is failed because 1 Worker replica(s) failed.", ""]
    for h, p in zip(hosts, pods):
        term = "OOMKilled" if h == bad else "Error"
        tfin = add(td, 2.3) if h == bad else add(byh[h][0][0], 6)
        desc += ["---", f"Name:             {p}", "Namespace:        team-nlp", f"Node:             {h}.ec2.internal/{h[3:].replace('-', '.')}",
                 f"Start Time:       {t0:%a, %d %b %Y %H:%M:%S} +0000", "Labels:           training.kubeflow.org/job-name=llm-sft-7b",
                 f"                  training.kubeflow.org/replica-type={'master' if 'master' in p else 'worker'}", "Status:           Failed",
                 "QoS Class:        Burstable", "Containers:", "  pytorch:", "    State:          Terminated", f"      Reason:       {term}",
                 "      Exit Code:    1", f"      Started:      {t0:%a, %d %b %Y %H:%M:%S} +0000", f"      Finished:     {tfin:%a, %d %b %Y %H:%M:%S} +0000",
                 "    Limits:", "      memory:          1600Gi", "      nvidia.com/gpu:  8", ""]
    desc += ["---", f"Name:               {bad}.ec2.internal", "Roles:              <none>",
             "Labels:             node.kubernetes.io/instance-type=p5.48xlarge", "Conditions:",
             "  Type             Status  LastHeartbeatTime                 Reason                       Message",
             f"  MemoryPressure   False   {oom:%a, %d %b %Y} 17:21:40 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
             f"  DiskPressure     False   {oom:%a, %d %b %Y} 17:21:40 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure",
             "Capacity:", "  cpu:                192", "  memory:             2097152000Ki", "  nvidia.com/gpu:     8",
             "Allocatable:", "  cpu:                191450m", "  memory:             2064111616Ki", "Events:",
             "  Type     Reason     Age   From     Message", "  ----     ------     ----  ----     -------",
             "  Warning  SystemOOM  30m   kubelet  System OOM encountered, victim process: pt_main_thread, pid: " + str(job.pid[victim])]
    b.w("kubectl-describe.txt", desc)
    for h in hosts:
        bt = boots[h]
        ev = [(add(bt, i * 0.3), m) for i, m in enumerate(dmesg_boot_noise("535.183.01"))]
        ev.append((add(bt, 40), "ena 0000:20:00.0 eth0: Link is up"))
        if h == bad:
            ev += [(oom, f"pt_main_thread invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=936"),
                   (oom, "Mem-Info:"),
                   (oom, "active_anon:519012211 inactive_anon:1012311 isolated_anon:0 active_file:1822 inactive_file:2011 unevictable:0 dirty:0 writeback:0 slab_reclaimable:201102 slab_unreclaimable:512211 mapped:901223 shmem:4401229 pagetables:1103221 free:1104211"),
                   (oom, "Tasks state (memory values in pages):"),
                   (oom, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"),
                   (oom, "[   1877]     0  1877 331221109 320117225   2571018240        0          -500 fluent-bit"),
                   (oom, "[   2401]     0  2401   1911223    21022      1081344        0          -999 kubelet")]
            for r in n88:
                ev.append((oom, f"[{job.pid[r]:>7}]     0 {job.pid[r]:>6} 41188842 {rng.randint(16100000, 17900000):>8} {rng.randint(150, 190) * 1048576:>14}        0           936 pt_main_thread"))
            ev += [(oom, f"oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=cri-containerd-4f1b9a2c.scope,mems_allowed=0-1,global_oom,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod8c1e2f.slice/cri-containerd-4f1b9a2c.scope,task=pt_main_thread,pid={job.pid[victim]},uid=0"),
                   (add(oom, 0.001), f"Out of memory: Killed process {job.pid[victim]} (pt_main_thread) total-vm:164755368kB, anon-rss:71602108kB, file-rss:512880kB, shmem-rss:2097152kB, UID:0 pgtables:731088kB oom_score_adj:936"),
                   (add(oom, 0.9), f"oom_reaper: reaped process {job.pid[victim]} (pt_main_thread), now anon-rss:0kB, file-rss:0kB, shmem-rss:2097152kB")]
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/dmesg.txt", [f"{ts_uptime(t, bt)} {m}" for t, m in ev])
        b.w(f"{h}/uptime-s.txt", [f"{bt:%Y-%m-%d %H:%M:%S}"])
    b.w(f"{bad}/ps-rss.txt", ["$ ps -eo pid,user,rss,etime,comm --sort=-rss | head -6",
                              "    PID USER       RSS     ELAPSED COMMAND",
                              "   1877 root     1280468900 14-12:33:01 fluent-bit",
                              "   2401 root     84088  14-12:33:07 kubelet",
                              "   1912 root     61211  14-12:33:02 containerd",
                              "   2290 root     40112  14-12:32:58 nvidia-persistenced"])
    b.set_label("host", "infrastructure", culprit(bad, None), "restart_without_node",
                "ip-10-42-3-88 dmesg (uptime 1254759 s after a 2024-05-28 04:19:52 boot = 16:52:31) records a global OOM (CONSTRAINT_NONE) with host agent fluent-bit at ~1.2 TiB RSS and oom_score_adj -500; the killer chose rank 19 (pt_main_thread ~70 GB), the pod limit was not reached. The OOMKilled pod status and the later timeouts are consequences.",
                "https://github.com/cBio/cbio-cluster/issues/232")
    return b


# ---------------------------------------------------------------------------
# ci07: NaN grad norm assertion twice, on different iterations, same node and device.
# ---------------------------------------------------------------------------

def _megatron_nan_attempt(rng, job, hosts, tstart, resume_it, nan_it, bad_rank, script, attempt_no):
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(tstart, agent_start(job, h, tstart, script, len(hosts), f"{hosts[0]}:29500"))
    tl = add(tstart, 40)
    streams[hosts[0]].add(tl, [f"[rank0]: loading checkpoint from /lustre/ckpt/llm13b-v2/iter_{resume_it:07d} at iteration {resume_it}",
                               f"[rank0]:   successfully loaded checkpoint from /lustre/ckpt/llm13b-v2 [ t 1/1, p 1/1 ] at iteration {resume_it}"])
    it = resume_it + 1
    tt = add(tstart, 70)
    last_rank = job.world - 1
    while it < nan_it:
        if it % 10 == 0:
            streams[hosts[-1]].add(tt, f"[rank{last_rank}]:" + megatron_iter(tt, it, 120000, f"{1.934 + rng.uniform(-0.02, 0.02):.6E}", f"{rng.uniform(0.19, 0.27):.3f}", 2.7e-4, 1312 + rng.uniform(-20, 20), gbs=512))
        it += 1
        tt = add(tt, 1.31)
    bh = job.host(bad_rank)
    ta = add(tt, 0.82)
    dev = job.local(bad_rank)
    site = job.site
    tb = [f"[rank{bad_rank}]: Traceback (most recent call last):",
          f"[rank{bad_rank}]:   File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 245, in <module>",
          f"[rank{bad_rank}]:     pretrain(train_valid_test_datasets_provider,",
          f"[rank{bad_rank}]:   File \"/workspace/Megatron-LM/megatron/training/training.py\", line 311, in pretrain",
          f"[rank{bad_rank}]:     iteration, num_floating_point_operations_so_far = train(",
          f"[rank{bad_rank}]:   File \"/workspace/Megatron-LM/megatron/training/training.py\", line 1172, in train",
          f"[rank{bad_rank}]:     train_step(forward_step_func,",
          f"[rank{bad_rank}]:   File \"/workspace/Megatron-LM/megatron/training/training.py\", line 633, in train_step",
          f"[rank{bad_rank}]:     losses_reduced = forward_backward_func(",
          f"[rank{bad_rank}]:   File \"/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py\", line 465, in forward_backward_no_pipelining",
          f"[rank{bad_rank}]:     config.finalize_model_grads_func([model])",
          f"[rank{bad_rank}]:   File \"/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py\", line 130, in finalize_model_grads",
          f"[rank{bad_rank}]:     model_chunk.finish_grad_sync()",
          f"[rank{bad_rank}]:   File \"/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py\", line 292, in finish_grad_sync",
          f"[rank{bad_rank}]:     bucket_group.finish_grad_sync()",
          f"[rank{bad_rank}]:   File \"/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py\", line 204, in start_grad_sync",
          f"[rank{bad_rank}]:     assert not norm.isnan(), (",
          f"[rank{bad_rank}]: AssertionError: Rank {bad_rank}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {dev}, node: {bh}"]
    streams[bh].add(ta, tb)
    nb = job.ranks_of(bh)
    td = add(ta, 4.4)
    streams[bh].add(td, agent_sigterm(job, bh, td, [r for r in nb if r != bad_rank]))
    fails = [dict(rank=bad_rank, exitcode=1, time=add(ta, 0.7), error_file=f"/tmp/torchelastic_{rng.getrandbits(32):08x}/none_{rng.getrandbits(24):06x}/attempt_0/{dev}/error.json",
                  tb=f"Traceback (most recent call last):\n    ...\n  AssertionError: Rank {bad_rank}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {dev}, node: {bh}")]
    fails += [dict(rank=r, exitcode=-15, time=add(td, 0.5)) for r in nb if r != bad_rank]
    streams[bh].add(add(td, 1.6), childfailed(job, bh, add(td, 1.6), script, fails))
    rest = [r for r in range(job.world) if r not in nb]
    fl = flood(job, rng, rest, add(ta, -0.05), 1000000 + nan_it * 6, "ALLREDUCE", 335544320, 600000, trace={0, 63})
    byh = {}
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        tdd = add(evs[0][0], 3.5)
        kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
        streams[h].add(tdd, agent_sigterm(job, h, tdd, kill))
        fails = [dict(rank=evs[0][1], exitcode=-6, time=evs[0][0])] + [dict(rank=r, exitcode=-15, time=add(tdd, 0.4)) for r in kill]
        streams[h].add(add(tdd, 1.5), childfailed(job, h, add(tdd, 1.5), script, fails))
    end = add(max(f for f, _, _ in fl), 7)
    return streams, ta, end


def ci07():
    rng = random.Random(9007)
    hosts = [f"gpu-h{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts)
    b = Bundle("ci07_nan_grad_assertion_in_two_attempts_at_different_iterations")
    jobid = 66120
    bad_rank = 45
    t1 = T(2024, 7, 7, 21, 4, 12, 0)
    s1, ta1, e1 = _megatron_nan_attempt(rng, job, hosts, t1, 13000, 14213, bad_rank, "pretrain_gpt.py", 1)
    t2 = add(e1, 212)
    job2 = Job(random.Random(19007), hosts)
    s2, ta2, e2 = _megatron_nan_attempt(rng, job2, hosts, t2, 14000, 14137, bad_rank, "pretrain_gpt.py", 2)
    for h in hosts:
        b.w(f"attempt_1/{h}/stdout.log", s1[h].render())
        b.w(f"attempt_2/{h}/stdout.log", s2[h].render())
    b.w("attempt_2/gpu-h06/nvidia-smi-q.txt", nvidia_smi_q(rng, add(e2, 60), "550.54.15", "12.4", 8,
                                                            overrides={i: {"busy": False, "used": 0} for i in range(8)}))
    b.w("sacct.txt", ["JobID           JobName      State ExitCode  Restarts               Start                 End        NodeList ",
                      "------------ ---------- ---------- -------- --------- ------------------- ------------------- --------------- ",
                      f"{jobid:<12} llm13b-v2     FAILED      1:0         1 {ts_slurm(t2)} {ts_slurm(add(e2, 2))} gpu-h[01-08]    ",
                      f"{jobid}.batch      batch     FAILED      1:0           {ts_slurm(t2)} {ts_slurm(add(e2, 2))} gpu-h01         ",
                      f"{jobid}.0     torchrun     FAILED      1:0           {ts_slurm(add(t2, 1))} {ts_slurm(add(e2, 1))} gpu-h[01-08]    "])
    b.w("requeue.log", [f"{ts_slurm(add(e1, 3))} slurmctld: _job_complete: JobId={jobid} WEXITSTATUS 1",
                        f"{ts_slurm(add(e1, 3))} slurmctld: Requeuing JobId={jobid} (requeue on failure, Restarts=1)",
                        f"{ts_slurm(add(t2, -1))} slurmctld: sched: Allocate JobId={jobid} NodeList=gpu-h[01-08] #CPUs=1792 Partition=h100"])
    b.w("job.sbatch", ["#!/bin/bash", "#SBATCH --nodes=8", "#SBATCH --gpus-per-node=8", "#SBATCH --requeue", "#SBATCH --open-mode=append",
                       "srun --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-endpoint=$MASTER_ADDR:29500 pretrain_gpt.py \\",
                       "    --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --micro-batch-size 2 --global-batch-size 512 \\",
                       "    --lr 2.7e-4 --min-lr 2.7e-5 --lr-warmup-iters 2000 --clip-grad 1.0 --bf16 --check-for-nan-in-loss-and-grad \\",
                       "    --save /lustre/ckpt/llm13b-v2 --load /lustre/ckpt/llm13b-v2 --save-interval 1000"])
    b.set_label("gpu_hardware", "infrastructure", culprit("gpu-h06", bad_rank), "restart_without_node",
                "Both attempts abort on the same assertion from rank 45 (gpu-h06, device 5) - just after iteration 14210 in attempt 1 and just after 14130 in attempt 2 (resumed from 14000, so different batches) - while the logged grad norm was a steady ~0.2. A NaN that follows one GPU across different data is silent hardware corruption, not the hyper-parameters.",
                "https://github.com/microsoft/dion/issues/76")
    return b


# ---------------------------------------------------------------------------
# ci08: NaN loss at the same iteration on all last-stage ranks (4 nodes), stage-0
# ranks time out; one node has a harmless correctable SRAM count.
# ---------------------------------------------------------------------------

def ci08():
    rng = random.Random(9008)
    hosts = [f"gx-01{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci08_loss_nan_then_assertions_on_four_nodes_then_timeouts")
    t0 = T(2024, 7, 22, 6, 0, 4, 0)
    script = "pretrain_gpt.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "gx-0101:29500"))
    tt = add(t0, 80)
    gn = 0.31
    last = job.world - 1
    for it in range(1, 2202):
        lr = 6e-4 * min(1.0, it / 2000)
        if it >= 2190:
            gn = gn * rng.uniform(1.9, 3.4)
        if it % 10 == 0 or it >= 2190:
            if it == 2201:
                line = megatron_iter(tt, it, 60000, "nan", "nan", lr, 2212.4, gbs=1024, nan=1)
            else:
                line = megatron_iter(tt, it, 60000, f"{max(2.2, 9.1 - it * 0.003) + (gn / 40 if it >= 2190 else 0) + rng.uniform(-0.01, 0.01):.6E}",
                                     f"{(gn if it >= 2190 else rng.uniform(0.25, 0.45)):.3f}", lr, 2210 + rng.uniform(-15, 15), gbs=1024)
            streams[hosts[-1]].add(tt, f"[rank{last}]:" + line)
        tt = add(tt, 2.21)
    tn = add(tt, 1.6)
    stage1 = list(range(32, 64))
    order = sorted(stage1, key=lambda r: (0 if r == 59 else 1, rng.random()))
    for i, r in enumerate(order):
        ta = add(tn, i * 0.011 + rng.uniform(0, 0.006))
        h = job.host(r)
        streams[h].add(ta, [f"[rank{r}]: Traceback (most recent call last):",
                            f"[rank{r}]:   File \"/opt/megatron/megatron/core/distributed/param_and_grad_buffer.py\", line 204, in start_grad_sync",
                            f"[rank{r}]:     assert not norm.isnan(), (",
                            f"[rank{r}]: AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {job.local(r)}, node: {h}"])
    for h in hosts[4:]:
        nr = job.ranks_of(h)
        td = add(tn, 5.1 + rng.uniform(0, 0.5))
        fails = [dict(rank=r, exitcode=1, time=add(tn, 0.6 + order.index(r) * 0.011)) for r in nr]
        streams[h].add(add(td, 1.1), childfailed(job, h, add(td, 1.1), script, fails))
    stage0 = list(range(0, 32))
    fl = flood(job, rng, stage0, add(tn, -0.2), 71022, "RECV", 50331648, 600000, trace={0, 9},
               pg="9", pgname="PIPELINE_MODEL_PARALLEL_GROUP")
    byh = {}
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        tdd = add(evs[0][0], 3.0)
        kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
        streams[h].add(tdd, agent_sigterm(job, h, tdd, kill))
        fails = [dict(rank=evs[0][1], exitcode=-6, time=evs[0][0])] + [dict(rank=r, exitcode=-15, time=add(tdd, 0.4)) for r in kill]
        streams[h].add(add(tdd, 1.4), childfailed(job, h, add(tdd, 1.4), script, fails))
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    b.w("gx-0103/nvidia-smi-q.txt", nvidia_smi_q(rng, add(tn, 900), "550.54.15", "12.4", 8,
                                                  overrides={i: {"busy": False, "used": 0, **({"ecc": {"a_sram_c": 2}} if i == 6 else {})} for i in range(8)}))
    b.w("run_config.yaml", ["model: gpt-22b", "tensor_model_parallel_size: 8", "pipeline_model_parallel_size: 2",
                            "global_batch_size: 1024", "lr: 6.0e-4   # was 1.5e-4 in v3, raised for the short schedule",
                            "lr_warmup_iters: 2000", "clip_grad: 0.0", "bf16: true", "data_path: /data/mix-v4/shards (new: +code-mix-0722)"])
    b.set_label("numerical", "script", None, "stop",
                "The last-stage log shows grad norm exploding from iteration 2190 (right after the 2000-iteration warmup to lr 6e-4 with clip_grad 0) and loss/grad norm nan at 2201; every stage-1 rank on gx-0105..0108 then asserts NaN in its local grad norm within half a second, and stage-0 ranks time out in the pipeline recv. Same iteration on all nodes = hyper-parameters, not hardware; the correctable SRAM count on gx-0103 is unrelated.",
                "https://github.com/alibaba/Pai-Megatron-Patch/issues/366")
    return b


# ---------------------------------------------------------------------------
# ci09: 16 nodes, all 128 ranks time out in the same ALLREDUCE; flight recorder says
# every rank entered it; nothing else anywhere.
# ---------------------------------------------------------------------------

def ci09():
    rng = random.Random(9009)
    hosts = [f"cn-14{i:02d}" for i in range(1, 17)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci09_all_128_ranks_time_out_in_the_same_allreduce")
    jobid = 1180442
    t0 = T(2024, 8, 2, 3, 11, 0, 0)
    hang = T(2024, 8, 2, 9, 47, 29, 771000)
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 16, "cn-1401:29500"))
    tt = add(t0, 100)
    st = 0
    while tt < hang:
        if st % 100 == 0:
            streams[hosts[0]].add(tt, f"[rank0]:{ts_py(tt)} | INFO | titan | step: {st + 88000:>6}  loss: {1.61 + rng.uniform(-0.02, 0.02):.4f}  memory: 58.12GiB(73.41%)  tps: 3,912  mfu: 41.87%")
        st += 1
        tt = add(tt, 3.32)
    fl = flood(job, rng, list(range(job.world)), hang, 77812, "ALLREDUCE", 1, 1800000, trace={0, 77, 127},
               start_spread=0.05, fire_spread=2.2)
    fl.sort()
    first_t, first_r = fl[0][0], fl[0][1]
    for f, r, ls in fl:
        h = job.host(r)
        streams[h].add(f, ls)
        if r != first_r:
            tdump = add(first_t, rng.uniform(0.1, 0.5))
            streams[h].add(tdump, f"[rank{r}]:[E{ts_c10d(tdump, rng.randint(0, 999))} ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Received a dump signal due to a collective timeout from  rank {first_r} and we will try our best to dump the debug info. Last enqueued NCCL work: 77812, last completed NCCL work: 77811.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ")
    byh = {}
    for f, r, _ in fl:
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        tdd = add(evs[-1][0], 2.0)
        fails = [dict(rank=r, exitcode=-6, time=f) for f, r in evs]
        streams[h].add(add(tdd, 1.2), childfailed(job, h, add(tdd, 1.2), script, fails))
        b.w(f"{h}/stdout.log", streams[h].render())
    b.w("fr_trace_summary.txt", [f"$ python -m torch.distributed.flight_recorder.fr_trace /scratch/fr_dumps/{jobid} -p nccl_trace_rank_",
                                 "loaded 128 rank dumps",
                                 "pg default_pg (size 128): last matched collective record_id=77811",
                                 "Collective 77812: all_reduce (pg default_pg, size 128, input sizes [[1]], dtype float32)",
                                 "  state: scheduled on 128/128 ranks, started on 128/128 ranks, completed on 0/128 ranks",
                                 "  no missing ranks, no size/dtype/op mismatch",
                                 "pg 3 (dp_shard, size 16): all ranks completed collective 1191022",
                                 "Not able to identify a culprit rank from the traces."])
    for h in hosts[::5]:
        b.w(f"{h}/dmesg.txt", plain_dmesg_T([(add(T(2024, 7, 29, 10, 0, 0), i * 0.5), m) for i, m in enumerate(dmesg_boot_noise("550.90.07"))]))
    b.w(f"slurm-{jobid}.out", [f"+ srun --ntasks-per-node=1 torchrun --nnodes=16 --nproc-per-node=8 --rdzv-endpoint=cn-1401:29500 train.py --job.config_file llama3_70b.toml",
                               f"srun: error: cn-1403: task 2: Exited with exit code 1",
                               "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."] +
        [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts) if h != "cn-1403"])
    b.set_label("hang", "framework", None, "restart",
                "All 128 ranks time out on the same ALLREDUCE (SeqNum 77812) within ~2 s of each other, the flight recorder shows every rank started it and none completed, and no node has a kernel, GPU or NIC error. 'dump signal from rank N' only names whoever timed out first; there is no culprit to exclude.",
                "https://github.com/marin-community/marin/issues/7344")
    return b


# ---------------------------------------------------------------------------
# ci10: laggard: flight recorder names rank 22 missing from collective 5530; py-spy
# shows it inside torch.cuda.synchronize.
# ---------------------------------------------------------------------------

def ci10():
    rng = random.Random(9010)
    hosts = [f"gpu-j{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci10_flood_with_a_flight_recorder_dump_and_py_spy_stacks")
    t0 = T(2024, 8, 19, 13, 20, 0, 0)
    hang = T(2024, 8, 19, 16, 5, 12, 900000)
    bad = 22
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "gpu-j01:29500"))
    tt = add(t0, 70)
    st = 0
    while tt < hang:
        if st % 50 == 0:
            streams[hosts[0]].add(tt, f"[rank0]:{ts_py(tt)} INFO step {st + 31200} loss {0.884 + rng.uniform(-0.02, 0.02):.4f} ema_decay 0.9999 it/s 1.41")
        st += 1
        tt = add(tt, 0.71)
    others = [r for r in range(job.world) if r != bad]
    fl = flood(job, rng, others, hang, 5530, "ALLREDUCE", 4194304, 900000, trace={0, 23}, start_spread=0.2)
    fl.sort()
    byh = {}
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        tdd = add(evs[0][0], 3.2)
        kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
        streams[h].add(tdd, agent_sigterm(job, h, tdd, kill))
        fails = [dict(rank=evs[0][1], exitcode=-6, time=evs[0][0])] + [dict(rank=r, exitcode=-15, time=add(tdd, 0.4)) for r in kill]
        streams[h].add(add(tdd, 1.4), childfailed(job, h, add(tdd, 1.4), script, fails))
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    b.w("fr_trace_summary.txt", ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/job-5571 -p nccl_trace_rank_",
                                 "loaded 64 rank dumps (rank 22: dump written by watchdog after SIGTERM, partial)",
                                 "Collective 5530: all_reduce (pg default_pg, size 64, input sizes [[4194304]], dtype bfloat16)",
                                 "  state: scheduled on 63/64 ranks, completed on 0/64 ranks",
                                 "  Missing ranks: {22}",
                                 "  rank 22: last enqueued 5529, last completed 5529 (all_reduce, completed)",
                                 "Culprit candidate: rank 22 did not join collective 5530."])
    pyspy = []
    tdump = add(hang, 420)
    for r in job.ranks_of("gpu-j03"):
        pyspy += [f"Process {job.pid[r]}: /usr/bin/python3 -u train.py --config configs/dit_xl.yaml", "Python v3.10.12 (/usr/bin/python3.10)", "",
                  f"Thread {job.pid[r]} (active): \"MainThread\""]
        if r == bad:
            pyspy += ["    synchronize (torch/cuda/__init__.py:892)",
                      "    _ema_update (train.py:402)",
                      "    train_step (train.py:455)",
                      "    main (train.py:611)",
                      "    <module> (train.py:640)"]
        else:
            pyspy += ["    all_reduce (torch/distributed/distributed_c10d.py:2501)",
                      "    wrapper (torch/distributed/c10d_logger.py:83)",
                      "    _reduce_grads (train.py:431)",
                      "    train_step (train.py:448)",
                      "    main (train.py:611)",
                      "    <module> (train.py:640)"]
        pyspy += [f"Thread {job.tid[r]} (idle): \"Thread-2 (_pin_memory_loop)\"", "    select (selectors.py:416)", "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)", ""]
    b.w("gpu-j03/py-spy-dump.txt", [f"# for p in $(pgrep -f train.py); do py-spy dump --pid $p; done   ({tdump:%Y-%m-%d %H:%M:%S} UTC)"] + pyspy)
    b.w("gpu-j03/nvidia-smi-q.txt", nvidia_smi_q(rng, tdump, "550.54.15", "12.4", 8,
                                                  overrides={6: {"power": "121.40 W", "pstate": "P0"}}))
    b.set_label("hang", "infrastructure", culprit("gpu-j03", bad), "restart_without_node",
                "63 ranks time out in ALLREDUCE 5530; the flight recorder reports rank 22 (gpu-j03) never joined it (last completed 5529) and py-spy shows rank 22 stuck in torch.cuda.synchronize while its 7 local peers wait in all_reduce. Rank 23's timeout merely fires first.",
                "https://github.com/pytorch/tutorials/pull/3814")
    return b


def build():
    return [ci01(), ci02(), ci03(), ci04(), ci05(), ci06(), ci07(), ci08(), ci09(), ci10()]
