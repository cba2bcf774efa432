"""Cases k01-k10: the sympathetic flood and 'who is behind an address'."""

from __future__ import annotations

from common import (A100_BUS, H100_BUS, T, child_failed_block, ctime, dmesg_boot, dmesg_noise,
                    elastic_line, glog_c10, hexaddr, ibstat, iso, iso_ms, nccl_async_error, pci_full,
                    pci_xid, perfquery, plus, prefix, py_frames, render_dmesg, secs, signal_tb,
                    smi_q, smi_table, std_df, ip_addr, ipmi_sel, torchrun_banner, torchrun_traceback,
                    watchdog_timeout, df_h)
from jobs import (Stream, interleave, megatron_preamble, megatron_progress, nccl_node,
                  lightning_bar, ds_timer_line, ds_step_line, titan_step)

TE_WARN = ("/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py:{ln}: "
           "UserWarning: flash-attn may provide important feature support or performance improvement. "
           "Please install flash-attn >= 2.0.6, <= 2.5.8.")


def _kern_syslog(rng, host, boot, events, end_t, noise=40, extra_noise=(), hcas=8, driver="535.161.08"):
    ev = dmesg_boot(rng, host=host, driver=driver, hcas=hcas)
    ev += dmesg_noise(rng, 20, secs(end_t, boot), n=noise, extra=extra_noise)
    ev += events
    return render_dmesg(ev, style="syslog", boot=boot, host=host)


# ---------------------------------------------------------------------------
def k01_watchdog_storm_after_quiet_gap(b, rng):
    b.label("gpu_hardware", "infrastructure", ("gpu-c03", 20), "restart_without_node",
            "kern.log on gpu-c03 records Xid 79 (PCI 0000:9a:00 fell off the bus) at 13:41:07, right after the last "
            "logged iteration and ten minutes before every rank hit its NCCL watchdog timeout; NCCL init maps busId 9a000 "
            "on gpu-c03 to rank 20, which never reported a timeout, and nvidia-smi there can no longer see that GPU.",
            "https://github.com/NVIDIA/Megatron-LM/issues/935")
    nodes = ["gpu-c01", "gpu-c02", "gpu-c03", "gpu-c04"]
    ips = ["10.44.3.21", "10.44.3.22", "10.44.3.27", "10.44.3.28"]
    gpn, world, ver, nccl = 8, 32, "2.3.1", "2.20.5+cuda12.4"
    jobid = 4417823
    t_sub = T("2024-06-11 07:58:31")
    t_init = plus(t_sub, 38)
    s = Stream()
    hdr = [f"+ srun -l --kill-on-bad-exit=1 --cpu-bind=none python pretrain_gpt.py --tensor-model-parallel-size 8 ...",
           f"SLURM_JOB_ID={jobid} SLURM_JOB_NODELIST=gpu-c[01-04] SLURM_NTASKS=32",
           f"MASTER_ADDR=gpu-c01 MASTER_PORT=6000 NCCL_DEBUG=INFO NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_9,mlx5_10,mlx5_11"]
    s.add(t_sub, hdr)
    hcas = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]
    lab = lambda r: f"{r:>2}: "
    blocks = {}
    for ni, host in enumerate(nodes):
        pids = [rng.randint(180000, 240000) + i * 7 for i in range(gpn)]
        nb = nccl_node(rng, host=host, node_idx=ni, gpn=gpn, nranks=world, pids=pids, nccl=nccl,
                       cuda_drv=12040, sock_if="bond0", sock_ip=ips[ni], hcas=hcas)
        for lr, lines in nb.items():
            blocks[ni * gpn + lr] = lines
    for i, (r, ln) in enumerate(interleave(blocks, rng)):
        s.add(plus(t_init, 2 + i * 0.004), ln, lab(r))
    for r in range(world):
        s.add(plus(t_init, 1 + r * 0.01), TE_WARN.format(ln=rng.choice([2479, 2480])), lab(r))
    pre = megatron_preamble(t_init, world=world, tp=8, pp=1, dp=4, gbs=512, train_iters=250000,
                            log_interval=10, save_interval=1000, load_iter=12000,
                            ckpt_dir="/lustre/fsw/llm/ckpt/llama70b-cpt")
    s.add(plus(t_init, 1), pre, lab(0))
    t0 = plus(t_init, 76)
    prog, t_last = megatron_progress(rng, t0, 12000, 15300, interval=10, total=250000, gbs=512,
                                     ms_fn=lambda it: 6180 + rng.uniform(-45, 60),
                                     tflops_fn=lambda it: 402.0 + rng.uniform(-3, 3))
    t_xid = T("2024-06-11 13:41:07")
    kept = [(t, l) for (t, l) in prog if t < t_xid]
    for t, l in kept:
        s.add(t, l, lab(world - 1))
        if "iteration    13000/" in l or "iteration    14000/" in l or "iteration    15000/" in l:
            it = int(l.split("iteration")[1].split("/")[0])
            s.add(plus(t, 0.5), [f"saving checkpoint at iteration {it:>7d} to /lustre/fsw/llm/ckpt/llama70b-cpt in torch_dist format",
                                 f"  successfully saved checkpoint from iteration {it:>7d} to /lustre/fsw/llm/ckpt/llama70b-cpt [ t 1/8, p 1/1 ]",
                                 "(min, max) time across ranks (ms):",
                                 f"    save-checkpoint ................................: ({rng.uniform(20500, 20900):.2f}, {rng.uniform(21000, 21400):.2f})"],
                  lab(0))
    t_wd = plus(t_xid, 600 + 4)
    last_seq_dp = 33041
    for r in range(world):
        if r == 20:
            continue
        tt = plus(t_wd, rng.uniform(0, 3.5))
        if 16 <= r < 24:
            lines = watchdog_timeout(rng, ver, rank=r, seq=198233, op="ALLREDUCE", numel=16777216,
                                     timeout_ms=600000, pg=2, last_enq=198233, last_comp=198232)
        else:
            lines = watchdog_timeout(rng, ver, rank=r, seq=last_seq_dp, op="_REDUCE_SCATTER_BASE",
                                     numel=1104150528, numel_out=276037632, timeout_ms=600000, pg=4,
                                     last_enq=last_seq_dp + 1, last_comp=last_seq_dp - 1)
        s.add(tt, lines, lab(r))
    t_end = plus(t_wd, 6)
    s.add(t_end, ["srun: error: gpu-c02: tasks 8-15: Aborted (core dumped)",
                  "srun: error: gpu-c01: tasks 0-7: Aborted (core dumped)",
                  "srun: error: gpu-c04: tasks 24-31: Aborted (core dumped)",
                  "srun: error: gpu-c03: tasks 16-19,21-23: Aborted (core dumped)",
                  "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                  f"slurmstepd: error: *** STEP {jobid}.0 ON gpu-c01 CANCELLED AT {plus(t_end, 1).strftime('%Y-%m-%dT%H:%M:%S')} ***",
                  "srun: error: gpu-c03: task 20: Killed",
                  f"srun: Force Terminated StepId={jobid}.0"])
    b.add(f"gpu-c01/slurm-{jobid}.out", s.lines())
    # kernel logs and nvidia-smi on every node
    boots = [T("2024-06-03 02:11:40"), T("2024-06-03 02:12:05"), T("2024-06-02 22:47:19"), T("2024-06-03 02:11:52")]
    t_col = plus(t_end, 420)
    for ni, host in enumerate(nodes):
        boot = boots[ni]
        ev = []
        if host == "gpu-c02":
            ev.append((secs(T("2024-06-05 16:20:44"), boot), "NVRM: Xid (PCI:0000:ab:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000a3c1e8) marked for remapping, reset gpu to activate."))
        if host == "gpu-c03":
            x = secs(t_xid, boot)
            ev += [(x, "NVRM: GPU at PCI:0000:9a:00: GPU-6c1f8f52-0b8e-2d7a-93e1-4b7f0c2a9d55"),
                   (x, "NVRM: GPU Board Serial Number: 1654723014882"),
                   (x, "NVRM: Xid (PCI:0000:9a:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                   (x + 0.000011, "NVRM: GPU 0000:9a:00.0: GPU has fallen off the bus."),
                   (x + 0.000014, "NVRM: A GPU crash dump has been created. If possible, please run"),
                   (x + 0.000014, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                   (x + 0.000014, "NVRM: the NVIDIA kernel module is unloaded."),
                   (x + 0.41, "pcieport 0000:97:01.0: pciehp: Slot(4): Link Down"),
                   (x + 0.41, "pcieport 0000:97:01.0: pciehp: Slot(4): Card not present")]
        js = secs(t_sub, boot)
        ev += [(js + 2, f"nvidia_uvm: Unregistered the nvidia_uvm module"), ]
        ev = [e for e in ev if "Unregistered" not in e[1]]
        lines = _kern_syslog(rng, host, boot, ev, t_col, noise=55)
        b.add(f"{host}/kern.log", lines)
        if host == "gpu-c03":
            b.add(f"{host}/nvidia-smi.txt", ["Unable to determine the device handle for GPU0000:9A:00.0: Unknown Error"])
        else:
            gs = [dict(bus=bb, temp=rng.randint(31, 38), power=rng.randint(68, 76), mem_used=4) for bb in H100_BUS]
            b.add(f"{host}/nvidia-smi.txt", smi_table(t_col, "535.161.08", "12.2", gs))


# ---------------------------------------------------------------------------
def k02_torchrun_logdir_sigabrt_cascade(b, rng):
    b.label("user_code", "script", None, "stop",
            "The earliest failure is a ValueError raised in the user's packing collate function on rank 21 (hgx-019, "
            "local rank 5) at 14:02:11 about an over-long packed sample; the watchdog timeouts and SIGABRTs on the other "
            "three nodes come ten minutes later and are sympathetic. Fix the data/packing code before relaunching.",
            "https://github.com/hiyouga/LlamaFactory/issues/6269")
    nodes = ["hgx-017", "hgx-018", "hgx-019", "hgx-020"]
    ips = ["172.16.40.17", "172.16.40.18", "172.16.40.19", "172.16.40.20"]
    gpn, world, ver, nccl = 8, 32, "2.4.0", "2.20.5+cuda12.4"
    t0 = T("2024-08-14 09:30:05")
    run_id = "none_q8r2m1zp"
    hcas = [f"mlx5_{i}" for i in range(8)]
    bad_node, bad_lr = 2, 5
    t_exc = T("2024-08-14 14:02:11")
    t_wd = plus(t_exc, 600 + 7)
    step_s = 3.412
    for ni, host in enumerate(nodes):
        agent = rng.randint(40000, 60000)
        pids = [agent + 40 + i * 3 for i in range(gpn)]
        tmp = f"/tmp/torchelastic_{rng.choice(['3k2j1h0d', 'pq0z8w1a', 'x7c4v9n2', 'm5l2k8j3'])}"
        nb = nccl_node(rng, host=host, node_idx=ni, gpn=gpn, nranks=world, pids=pids, nccl=nccl,
                       cuda_drv=12040, sock_if="ens21f0", sock_ip=ips[ni], hcas=hcas)
        base = f"{host}/torchrun_logs/{run_id}/attempt_0"
        console = torchrun_banner(ver, t0, agent)
        for lr in range(gpn):
            r = ni * gpn + lr
            out = [f"[rank{r}]: world_size=32 rank={r} local_rank={lr} device=cuda:{lr}"] + nb[lr]
            err = [f"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py:617: UserWarning: This DataLoader will create 12 worker processes in total. Our suggested max number of worker in current system is 10, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.",
                   "  warnings.warn("]
            if r == 0:
                t = plus(t0, 95)
                step = 0
                while t < t_exc:
                    step += 25
                    t = plus(t, 25 * step_s * rng.uniform(0.995, 1.006))
                    if t >= t_exc:
                        break
                    out.append(f"[{iso_ms(t)}][train][INFO] step {step:>6d} | loss {2.95 - 0.9 * (1 - 2.718 ** (-step / 2500)) + rng.uniform(-0.02, 0.02):.4f} | lr {min(2e-5, 2e-5 * step / 500):.3e} | tok/s/gpu {rng.randint(9410, 9560)} | mem {rng.uniform(61.1, 61.9):.1f}GiB")
                out.append(f"[{iso_ms(plus(t0, 96))}][ckpt][INFO] async checkpointing enabled, interval 1000 steps")
            if ni == bad_node and lr == bad_lr:
                tb = py_frames([
                    ("/workspace/train.py", 412, "<module>", "main()"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
                    ("/workspace/train.py", 398, "main", "trainer.fit()"),
                    ("/workspace/sft/trainer.py", 221, "fit", "batch = next(data_iter)"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 630, "__next__", "data = self._next_data()"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1344, "_next_data", "return self._process_data(data)"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1370, "_process_data", "data.reraise()"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/_utils.py", 706, "reraise", "raise exception"),
                ]) + ["ValueError: Caught ValueError in DataLoader worker process 3.",
                      "Original Traceback (most recent call last):",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 309, in _worker_loop',
                      "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/fetch.py", line 55, in fetch',
                      "    return self.collate_fn(data)",
                      '  File "/workspace/sft/packing.py", line 87, in pack_collate',
                      "    raise ValueError(",
                      "ValueError: packed sequence length 8221 exceeds max_seq_len 8192 (sample ids ['cc-2023-50/0387/1129', 'cc-2023-50/0387/1130']); refusing to truncate",
                      ""]
                err += prefix(tb, f"[rank{r}]: ")
                err_json = ('{"message": {"message": "ValueError: Caught ValueError in DataLoader worker process 3.\\nOriginal Traceback ...\\nValueError: packed sequence length 8221 exceeds max_seq_len 8192 (sample ids [\'cc-2023-50/0387/1129\', \'cc-2023-50/0387/1130\']); refusing to truncate\\n", '
                            '"extraInfo": {"py_callstack": "Traceback (most recent call last):\\n  File \\"/workspace/sft/packing.py\\", line 87, in pack_collate\\n    raise ValueError(\\n", "timestamp": "'
                            + str(int(t_exc.timestamp())) + '"}}}')
                b.add(f"{base}/{lr}/error.json", err_json)
            elif ni == bad_node:
                pass  # terminated by the local agent with SIGTERM, prints nothing
            else:
                err += watchdog_timeout(rng, ver, rank=r, seq=41288, op="ALLREDUCE", numel=262668288,
                                        timeout_ms=600000, t=plus(t_wd, rng.uniform(0, 2.5)),
                                        last_enq=41288, last_comp=41287)
            b.add(f"{base}/{lr}/stdout.log", out)
            b.add(f"{base}/{lr}/stderr.log", err)
        if ni == bad_node:
            te = plus(t_exc, 2.6)
            for lr in range(gpn):
                if lr != bad_lr:
                    console.append(elastic_line(ver, te, "W", f"Sending process {pids[lr]} closing signal SIGTERM", agent))
            console.append(elastic_line(ver, plus(te, 0.4), "E", f"failed (exitcode: 1) local_rank: {bad_lr} (pid: {pids[bad_lr]}) of binary: /usr/bin/python", agent))
            console += torchrun_traceback(ver)
            root = dict(time=(t_exc.strftime("%Y-%m-%d_%H:%M:%S")), host=host, rank=ni * gpn + bad_lr, local_rank=bad_lr,
                        exitcode=1, pid=pids[bad_lr], error_file=f"{tmp}/{run_id}/attempt_0/{bad_lr}/error.json",
                        traceback="Traceback (most recent call last):\n    File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 355, in wrapper\n      return f(*args, **kwargs)\n    File \"/workspace/train.py\", line 398, in main\n      trainer.fit()\n  ValueError: Caught ValueError in DataLoader worker process 3.")
            console += child_failed_block("train.py", [], root)
        else:
            te = plus(t_wd, 3.1)
            first = rng.randrange(gpn)
            for lr in range(gpn):
                if lr != first:
                    console.append(elastic_line(ver, te, "W", f"Sending process {pids[lr]} closing signal SIGTERM", agent))
            console.append(elastic_line(ver, plus(te, 1.2), "E", f"failed (exitcode: -6) local_rank: {first} (pid: {pids[first]}) of binary: /usr/bin/python", agent))
            console += torchrun_traceback(ver)
            root = dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * gpn + first, local_rank=first,
                        exitcode=-6, pid=pids[first], traceback=signal_tb(-6, pids[first]))
            console += child_failed_block("train.py", [], root)
        b.add(f"{host}/torchrun.console", console)


# ---------------------------------------------------------------------------
def k03_sigkill_one_rank_sbatch(b, rng):
    b.label("oom", "framework", None, "stop",
            "The first failure is local rank 5 on cn-0418 dying with SIGKILL at 03:27:40; that node's dmesg shows the "
            "memory-cgroup OOM killer of the Slurm job step killing it while all eight of the job's own python ranks each "
            "held ~230 GB of anonymous memory (in-RAM dataset preload). The job's own host-memory use, not a node fault; the "
            "watchdog timeouts elsewhere follow from it.",
            "https://github.com/hpcaitech/ColossalAI/issues/3677")
    nodes = ["cn-0417", "cn-0418", "cn-0419", "cn-0420"]
    gpn, world, ver, nccl = 8, 32, "2.1.2", "2.18.6+cuda12.1"
    jobid = 771204
    t0 = T("2023-12-05 22:14:02")
    t_kill = T("2023-12-06 03:27:40")
    t_wd = plus(t_kill, 1800 + 11)
    s = Stream()
    s.add(t0, [f"Job {jobid} started on {','.join(nodes)} at {ctime(t0)}",
               "Loading modules: cuda/12.1 nccl/2.18 anaconda3/2023.09",
               "+ srun --ntasks-per-node=1 torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=cn-0417:29500 train_mm.py --config configs/vl_13b.yaml --preload-dataset-to-ram"])
    agents = {}
    for ni, host in enumerate(nodes):
        agent = rng.randint(1700000, 1800000)
        agents[host] = (agent, [agent + 31 + 2 * i for i in range(gpn)])
        s.add(plus(t0, 4 + ni * 0.2), torchrun_banner(ver, plus(t0, 4), agent))
    # training progress from rank 0 (HF-like dict logging)
    t = plus(t0, 410)
    step = 0
    while True:
        step += 10
        t = plus(t, 10 * rng.uniform(4.41, 4.52))
        if t >= t_kill:
            break
        s.add(t, f"{{'loss': {1.91 - 0.6 * (1 - 2.718 ** (-step / 1500)) + rng.uniform(-0.03, 0.03):.4f}, 'grad_norm': {rng.uniform(0.8, 1.6):.4f}, 'learning_rate': {min(1e-4, 1e-4 * step / 300):.4e}, 'epoch': {step / 9000:.2f}, 'step': {step}}}")
        if step % 500 == 0:
            s.add(plus(t, 0.2), f"[rank0] host RSS {rng.uniform(228.0, 236.0):.1f} GiB (8 ranks x preload shard), page cache {rng.uniform(310, 380):.0f} GiB")
    # sympathetic timeouts on the other ranks
    for r in range(world):
        ni, lr = divmod(r, gpn)
        if ni == 1:
            continue
        s.add(plus(t_wd, rng.uniform(0, 2)), watchdog_timeout(rng, ver, rank=r, seq=118233, op="ALLREDUCE", numel=75497472, timeout_ms=1800000))
    for ni, host in enumerate(nodes):
        agent, pids = agents[host]
        if ni == 1:
            te = plus(t_kill, 0.9)
            lines = [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM") for i, p in enumerate(pids) if i != 5]
            lines.append(elastic_line(ver, plus(te, 3.1), "E", f"failed (exitcode: -9) local_rank: 5 (pid: {pids[5]}) of binary: /opt/conda/envs/vl/bin/python"))
            lines += torchrun_traceback(ver, prefix="/opt/conda/envs/vl/lib")
            lines += child_failed_block("train_mm.py", [], dict(time=t_kill.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=13, local_rank=5, exitcode=-9, pid=pids[5], traceback=signal_tb(-9, pids[5])))
            s.add(te, lines)
        else:
            te = plus(t_wd, 2.5)
            first = rng.randrange(gpn)
            lines = [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM") for i, p in enumerate(pids) if i != first]
            lines.append(elastic_line(ver, plus(te, 1.0), "E", f"failed (exitcode: -6) local_rank: {first} (pid: {pids[first]}) of binary: /opt/conda/envs/vl/bin/python"))
            lines += torchrun_traceback(ver, prefix="/opt/conda/envs/vl/lib")
            lines += child_failed_block("train_mm.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8 + first, local_rank=first, exitcode=-6, pid=pids[first], traceback=signal_tb(-6, pids[first])))
            s.add(te, lines)
    s.add(plus(t_wd, 9), [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(nodes) if i != 1])
    s.add(plus(t_kill, 5), [f"srun: error: cn-0418: task 1: Exited with exit code 1"])
    s.add(plus(t_kill, 1), [f"slurmstepd: error: Detected 1 oom_kill event in StepId={jobid}.0. Some of the step tasks have been OOM Killed."])
    b.add(f"cn-0417/slurm-{jobid}.out", s.lines())
    boots = [T("2023-11-28 10:02:11"), T("2023-11-28 10:02:40"), T("2023-11-28 10:01:58"), T("2023-11-28 10:03:07")]
    for ni, host in enumerate(nodes):
        boot = boots[ni]
        ev = dmesg_boot(rng, host=host, driver="535.129.03", kernel="5.14.0-362.8.1.el9_3.x86_64")
        ev += dmesg_noise(rng, 30, secs(plus(t_wd, 60), boot), n=45)
        if ni == 1:
            agent, pids = agents[host]
            x = secs(t_kill, boot)
            ev += [(x - 0.02, f"python invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0"),
                   (x - 0.02, f"CPU: 71 PID: {pids[2]} Comm: python Kdump: loaded Tainted: P           OE     -------  ---  5.14.0-362.8.1.el9_3.x86_64 #1"),
                   (x - 0.02, "Hardware name: Dell Inc. PowerEdge XE9680/0N8VK5, BIOS 1.6.10 09/21/2023"),
                   (x - 0.01, f"memory: usage 2046820352kB, limit 2046820352kB, failcnt 1182"),
                   (x - 0.01, "swap: usage 0kB, limit 9007199254740988kB, failcnt 0"),
                   (x - 0.01, f"Memory cgroup stats for /slurm/uid_1042/job_{jobid}:"),
                   (x - 0.01, "Tasks state (memory values in pages):"),
                   (x - 0.01, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")]
            for i, p in enumerate(pids):
                rss = rng.randint(57200000, 58900000)
                ev.append((x - 0.01, f"[{p:>7}]  1042 {p:>5} {rss + rng.randint(9000000, 12000000):>9} {rss:>8} {rng.randint(150000000, 170000000):>14}        0             0 python"))
            ev.append((x - 0.01, f"[{agent:>7}]  1042 {agent:>5}   1893412    61233        1118208        0             0 torchrun"))
            ev += [(x, f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_1042/job_{jobid},task_memcg=/slurm/uid_1042/job_{jobid}/step_0/user/task_0,task=python,pid={pids[5]},uid=1042"),
                   (x, f"Memory cgroup out of memory: Killed process {pids[5]} (python) total-vm:{rng.randint(270000000, 280000000)}kB, anon-rss:{rng.randint(236000000, 238000000)}kB, file-rss:{rng.randint(500000, 900000)}kB, shmem-rss:{rng.randint(4000000, 6000000)}kB, UID:1042 pgtables:{rng.randint(460000, 480000)}kB oom_score_adj:0")]
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/free-g.txt", ["               total        used        free      shared  buff/cache   available",
                                     f"Mem:            2015        {rng.randint(40, 60)}        {rng.randint(1900, 1950)}           0          {rng.randint(8, 20)}        {rng.randint(1940, 1960)}",
                                     "Swap:              0           0           0"])


# ---------------------------------------------------------------------------
def k04_pytorchjob_worker_pods_crash(b, rng):
    nodes = ["gke-a3-pool-1-5f2a8c1e-r7q2", "gke-a3-pool-1-5f2a8c1e-m3x9", "gke-a3-pool-1-5f2a8c1e-9wlt", "gke-a3-pool-1-5f2a8c1e-c4hd"]
    b.label("gpu_memory", "infrastructure", (nodes[2], 19), "restart_without_node",
            "worker-1 (node ...-9wlt, global ranks 16-23) failed first with 'CUDA error: uncorrectable ECC error encountered' on "
            "local rank 3; that node's kernel log shows Xid 48 (double-bit ECC) on PCI 0000:5d:00 and nvidia-smi reports a volatile "
            "DRAM uncorrectable error with a remap pending on that GPU. The other pods only time out waiting for it.",
            "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    pods = ["llm-pretrain-master-0", "llm-pretrain-worker-0", "llm-pretrain-worker-1", "llm-pretrain-worker-2"]
    gpn, world, ver, nccl = 8, 32, "2.2.2", "2.19.3+cuda12.3"
    t0 = T("2024-04-22 06:40:12")
    t_ecc = T("2024-04-22 11:17:52")
    t_wd = plus(t_ecc, 1800 + 5)
    podips = ["10.92.3.14", "10.92.1.9", "10.92.5.22", "10.92.7.6"]
    hcas = [f"mlx5_{i}" for i in range(8)]
    for ni, (node, pod) in enumerate(zip(nodes, pods)):
        agent = rng.randint(80, 140)
        pids = [agent + 60 + i * 4 for i in range(gpn)]
        s = Stream()
        s.add(t0, torchrun_banner(ver, t0, agent))
        nb = nccl_node(rng, host=pod, node_idx=ni, gpn=gpn, nranks=world, pids=pids, nccl=nccl,
                       cuda_drv=12030, sock_if="eth0", sock_ip=podips[ni], hcas=hcas)
        for i, (lr, ln) in enumerate(interleave(nb, rng)):
            s.add(plus(t0, 20 + i * 0.003), ln)
        if ni == 0:
            t = plus(t0, 95)
            step = 0
            while True:
                step += 20
                t = plus(t, 20 * rng.uniform(2.71, 2.76))
                if t >= t_ecc:
                    break
                s.add(t, f"{iso_ms(t)} | INFO | train | step={step} loss={2.6 - 0.8 * (1 - 2.718 ** (-step / 4000)) + rng.uniform(-0.02, 0.02):.4f} lr={min(3e-4, 3e-4 * step / 2000):.2e} tokens/s={rng.randint(1391000, 1402000)} grad_norm={rng.uniform(0.2, 0.5):.3f}")
        if ni == 2:
            r = 19
            s.add(t_ecc, prefix(py_frames([
                ("/app/pretrain.py", 301, "<module>", "main(cfg)"),
                ("/app/pretrain.py", 262, "main", "loss = train_step(model, batch, opt)"),
                ("/app/pretrain.py", 188, "train_step", "loss.backward()"),
                ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 522, "backward", "torch.autograd.backward("),
                ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ]) + ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                  "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                  "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                  "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""], f"[rank{r}]: "))
            s.add(plus(t_ecc, 0.3), nccl_async_error(rng, ver, rank=17, nccl=nccl, kind="unhandled_cuda",
                                                  detail="Cuda failure 'uncorrectable ECC error encountered'"))
            te = plus(t_ecc, 1.4)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM") for i, p in enumerate(pids) if i != 3])
            s.add(plus(te, 2), [elastic_line(ver, plus(te, 2), "E", f"failed (exitcode: 1) local_rank: 3 (pid: {pids[3]}) of binary: /usr/bin/python")]
                  + torchrun_traceback(ver)
                  + child_failed_block("/app/pretrain.py", [], dict(time=t_ecc.strftime("%Y-%m-%d_%H:%M:%S"), host=pod, rank=19, local_rank=3, exitcode=1, pid=pids[3], traceback=signal_tb(1, 0))))
        else:
            for lr in range(gpn):
                r = ni * gpn + lr
                s.add(plus(t_wd, rng.uniform(0, 2)), watchdog_timeout(rng, ver, rank=r, seq=8821, op="ALLREDUCE", numel=134217728, timeout_ms=1800000))
            te = plus(t_wd, 3)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM") for p in pids[1:]])
            s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python")]
                  + torchrun_traceback(ver)
                  + child_failed_block("/app/pretrain.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=pod, rank=ni * 8, local_rank=0, exitcode=-6, pid=pids[0], traceback=signal_tb(-6, pids[0]))))
        b.add(f"{node}/kubectl-logs-{pod}.txt", s.lines())
        # kernel log (journalctl -k from a node-debugger pod) and nvidia-smi on every node
        boot = plus(t0, -rng.randint(3, 9) * 86400 - rng.randint(0, 20000))
        ev = dmesg_boot(rng, host=node, kernel="6.1.75+", driver="535.129.03")
        ev += dmesg_noise(rng, 30, secs(plus(t_wd, 200), boot), n=35, extra=["cbr0: port 3(veth9c2d1e7a) entered disabled state", "device veth9c2d1e7a left promiscuous mode"])
        gpus = [dict(bus=bb) for bb in H100_BUS]
        if ni == 2:
            x = secs(t_ecc, boot) - 0.8
            ev += [(x, "NVRM: Xid (PCI:0000:5d:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x1f3c2a5e0 partition 3, subpartition 0"),
                   (x + 0.002, f"NVRM: Xid (PCI:0000:5d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000001f3c2a5e0) marked for remapping, reset gpu to activate."),
                   (x + 0.9, f"NVRM: Xid (PCI:0000:5d:00): 45, pid={pids[3]}, name=python, Ch 00000008")]
            gpus[3]["ecc"] = {"vdu": 1, "adu": 1}
            gpus[3]["remap"] = {"unc": 1, "pending": "Yes", "max": 639, "high": 1}
        if ni == 1:
            gpus[6]["ecc"] = {"adc": 12}
            gpus[6]["remap"] = {"corr": 1, "max": 639, "high": 1}
        b.add(f"{node}/journalctl-k.txt", render_dmesg(ev, style="journal", boot=boot, host=node))
        b.add(f"{node}/nvidia-smi-q-ecc.txt", smi_q(plus(t_wd, 400), "535.129.03", "12.2", gpus, sections=("ECC", "ROW_REMAPPER")))
    b.add(f"{nodes[0]}/kubectl-get-pods.txt", [
        "NAME                    READY   STATUS    RESTARTS   AGE     IP           NODE",
        f"llm-pretrain-master-0   0/1     Error     0          5h9m    {podips[0]}   {nodes[0]}",
        f"llm-pretrain-worker-0   0/1     Error     0          5h9m    {podips[1]}    {nodes[1]}",
        f"llm-pretrain-worker-1   0/1     Error     0          5h9m    {podips[2]}   {nodes[2]}",
        f"llm-pretrain-worker-2   0/1     Error     0          5h9m    {podips[3]}    {nodes[3]}"])


# ---------------------------------------------------------------------------
def k05_mpirun_tagged_oom_first_step(b, rng):
    b.label("oom", "infrastructure", ("a100-05", 21), "restart_without_node",
            "Rank 21 (a100-05, GPU 5) ran out of memory at the first step with only ~39 GiB reserved by PyTorch on an 80 GB "
            "card, while the 23 other ranks with the same config fit; nvidia-smi on a100-05 shows a leftover python process "
            "from another user holding 38.9 GB on GPU 5. A foreign process on one node, not the job's configuration.",
            "https://github.com/NVIDIA/gpu-operator/issues/2880")
    nodes = ["a100-03", "a100-04", "a100-05"]
    gpn, world, ver, nccl = 8, 24, "2.0.1", "2.14.3+cuda11.8"
    t0 = T("2023-07-19 16:02:44")
    t_oom = plus(t0, 131)
    s = Stream()
    s.add(t0, [f"+ mpirun -np 24 -H a100-03:8,a100-04:8,a100-05:8 --tag-output -x NCCL_DEBUG=INFO -x MASTER_ADDR=a100-03 -x MASTER_PORT=29400 --bind-to none python ddp_train.py --model vit-g --batch-size 48"])
    ips = ["10.1.8.43", "10.1.8.44", "10.1.8.45"]
    hcas = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]
    for ni, host in enumerate(nodes):
        pids = [rng.randint(30000, 90000) + i * 11 for i in range(gpn)]
        nb = nccl_node(rng, host=host, node_idx=ni, gpn=gpn, nranks=world, pids=pids, nccl=nccl,
                       cuda_drv=12020, sock_if="ens12f0", sock_ip=ips[ni], hcas=hcas, bus=A100_BUS)
        for i, (lr, ln) in enumerate(interleave(nb, rng)):
            s.add(plus(t0, 40 + i * 0.003), ln, f"[1,{ni * gpn + lr}]<stdout>:")
    for r in range(world):
        s.add(plus(t0, 38 + r * 0.02), [f"=> rank {r}: model vit_giant_patch14 params 1.01B, batch 48, amp bf16"], f"[1,{r}]<stdout>:")
        s.add(plus(t0, 39 + r * 0.02), ["/opt/conda/lib/python3.10/site-packages/torch/nn/parallel/distributed.py:1903: UserWarning: You passed find_unused_parameters=true to DistributedDataParallel, `_set_static_graph` will detect unused parameters automatically, so you do not need to set find_unused_parameters=true, just be sure these unused parameters will not change during training loop while calling `_set_static_graph`.",
                                        "  warnings.warn("], f"[1,{r}]<stderr>:")
    tb = py_frames([("ddp_train.py", 244, "<module>", "main(args)"),
                    ("ddp_train.py", 201, "main", "out = model(images)"),
                    ("/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", 1501, "_call_impl", "return forward_call(*args, **kwargs)"),
                    ("/opt/conda/lib/python3.10/site-packages/torch/nn/parallel/distributed.py", 1156, "forward", "output = self._run_ddp_forward(*inputs, **kwargs)"),
                    ("/opt/conda/lib/python3.10/site-packages/timm/models/vision_transformer.py", 670, "forward_features", "x = self.blocks(x)"),
                    ("/opt/conda/lib/python3.10/site-packages/timm/models/vision_transformer.py", 150, "forward", "x = x + self.drop_path2(self.ls2(self.mlp(self.norm2(x))))")]) + [
        "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.50 GiB (GPU 5; 79.15 GiB total capacity; 36.71 GiB already allocated; 1.06 GiB free; 39.02 GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF"]
    s.add(t_oom, tb, "[1,21]<stderr>:")
    for r in (3, 9, 17, 22):
        s.add(plus(t_oom, 0.6 + r * 0.01), [f"{nodes[r // 8]}:{rng.randint(30000, 90000)}:{rng.randint(90000, 99000)} [{r % 8}] NCCL INFO [Service thread] Connection closed by localRank {r % 8}"], f"[1,{r}]<stdout>:")
    s.add(plus(t_oom, 2), ["-------------------------------------------------------",
                           "Primary job  terminated normally, but 1 process returned",
                           "a non-zero exit code. Per user-direction, the job has been aborted.",
                           "-------------------------------------------------------",
                           "--------------------------------------------------------------------------",
                           "mpirun detected that one or more processes exited with non-zero status, thus causing",
                           "the job to be terminated. The first process to do so was:", "",
                           "  Process name: [[41733,1],21]",
                           "  Exit code:    1",
                           "--------------------------------------------------------------------------"])
    b.add("a100-03/mpirun-ddp_train.out", s.lines())
    t_col = plus(t_oom, 300)
    for ni, host in enumerate(nodes):
        gs = [dict(bus=bb, temp=rng.randint(29, 36), power=rng.randint(55, 66), mem_used=0) for bb in A100_BUS]
        ps = ["  PID USER     STARTED     TIME COMMAND"]
        if host == "a100-05":
            gs[5].update(mem_used=38912, util=0, power=71, pids=[(88231, "/usr/bin/python3", 38912)])
            ps.append(" 88231 jchen   Jul 16  3-02:11:09 /usr/bin/python3 serve_eval.py --ckpt /scratch/jchen/eval/vitg_ft --port 8023 --device cuda:5")
        ps.append(f" {rng.randint(1000, 3000):>5} root     Jul 10    00:41:02 /usr/bin/nv-hostengine -n --service-account nvidia-dcgm")
        ps.append(f" {rng.randint(3000, 6000):>5} root     Jul 10    00:00:12 /usr/bin/nvidia-persistenced --user nvidia-persistenced")
        b.add(f"{host}/nvidia-smi.txt", smi_table(t_col, "535.54.03", "12.2", gs, name="NVIDIA A100-SXM4-80GB", total_mib=81920))
        b.add(f"{host}/ps-gpu-procs.txt", ps)
        boot = plus(t0, -rng.randint(8, 10) * 86400)
        ev = dmesg_boot(rng, host=host, driver="535.54.03", bus=A100_BUS, hcas=4)
        ev += dmesg_noise(rng, 30, secs(t_col, boot), n=30)
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="uptime"))
        b.add(f"{host}/uptime-s.txt", [boot.strftime("%Y-%m-%d %H:%M:%S")])


# ---------------------------------------------------------------------------
def k06_nemo_ib_completion_errors(b, rng):
    b.label("network", "infrastructure", ("trn-n021", None), "restart_without_node",
            "Every 'NET/IB : Got completion from peer ... status=12 (retry exceeded)' names peer 10.20.1.14, which trn-n021's own "
            "NCCL Bootstrap/OOB lines show is its ib0 address; trn-n021's kernel log has a cable error on the module behind "
            "mlx5_3 at 04:12:33 and ibstat shows that port Down/Polling. trn-n017, which printed the first error, is only the accuser.",
            "https://github.com/NVIDIA/nccl/issues/1814")
    nodes = ["trn-n017", "trn-n018", "trn-n021", "trn-n022"]
    oob = ["10.20.1.11", "10.20.1.12", "10.20.1.14", "10.20.1.15"]
    gpn, world, ver, nccl = 8, 32, "2.2.1", "2.19.3+cuda12.3"
    hcas = [f"mlx5_{i}" for i in range(8)]
    jobid = 992310
    t0 = T("2024-03-20 00:05:18")
    t_cable = T("2024-03-20 04:12:33")
    for ni, host in enumerate(nodes):
        pids = [rng.randint(300000, 400000) + i * 5 for i in range(gpn)]
        s = Stream()
        s.add(t0, [f"[NeMo W {t0.strftime('%Y-%m-%d %H:%M:%S')} nemo_logging:349] /usr/local/lib/python3.10/dist-packages/nemo/collections/nlp/modules/common/megatron/megatron_init.py:253: UserWarning: apex.transformer.log_util not found, using megatron.core"])
        nb = nccl_node(rng, host=host, node_idx=ni, gpn=gpn, nranks=world, pids=pids, nccl=nccl,
                       cuda_drv=12030, sock_if="ib0", sock_ip=oob[ni], hcas=hcas)
        for i, (lr, ln) in enumerate(interleave(nb, rng)):
            s.add(plus(t0, 88 + i * 0.003), ln)
        if ni == 0:
            s.add(plus(t0, 2), [f"[NeMo I {plus(t0, 2).strftime('%Y-%m-%d %H:%M:%S')} exp_manager:396] Experiments will be logged at /results/gpt3-20b/2024-03-20_00-05-20",
                                "GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
                                "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32",
                                "----------------------------------------------------------------------------------------------------",
                                "distributed_backend=nccl", "All distributed processes registered. Starting with 32 processes",
                                "----------------------------------------------------------------------------------------------------"])
            t = plus(t0, 240)
            step = 0
            total = 60000
            while True:
                step += 1
                t = plus(t, rng.uniform(2.93, 2.99))
                if t >= t_cable:
                    break
                if step % 25 == 0:
                    s.add(t, lightning_bar(0, step, total, (t - t0).total_seconds() - 240, 2.96,
                                           [("reduced_train_loss", f"{2.9 - 0.7 * (1 - 2.718 ** (-step / 1200)):.3f}"),
                                            ("global_step", f"{step - 1}.0"), ("consumed_samples", f"{step * 256}.0"),
                                            ("train_step_timing in s", f"{rng.uniform(2.93, 2.99):.2f}")]))
        if ni == 2:
            s.add(plus(t_cable, 0.2), [f"{host}:{pids[3]}:{pids[3] + 211} [3] NCCL WARN NET/IB : Got async event : port error"])
        t_err = plus(t_cable, 17)
        lgid = lambda: f"fe80::a088:c203:{rng.randint(0, 0xff):x}:{rng.randint(0x1000, 0xffff):x}"
        errored = set()
        if ni in (0, 1, 3):
            for lr in ((7, 0) if ni == 0 else (0, 7, 3) if ni == 1 else (0, 3)):
                errored.add(lr)
                r = ni * gpn + lr
                port = rng.randint(30000, 60000)
                detail = f"NET/IB : Got completion from peer 10.20.1.14<{port}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid {lgid()} remoteGids {lgid()}"
                tt = plus(t_err, rng.uniform(0, 3) + ni * 0.5)
                s.add(tt, [f"", f"{host}:{pids[lr]}:{pids[lr] + 188} [{lr}] transport/net_ib.cc:1696 NCCL WARN {detail}",
                           f"{host}:{pids[lr]}:{pids[lr] + 188} [{lr}] NCCL INFO transport/net.cc:1298 -> 6",
                           f"{host}:{pids[lr]}:{pids[lr] + 188} [{lr}] NCCL INFO proxy.cc:694 -> 6",
                           f"{host}:{pids[lr]}:{pids[lr] + 188} [{lr}] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]"])
                s.add(plus(tt, 1.5), nccl_async_error(rng, ver, rank=r, nccl=nccl, detail=detail))
        for lr in range(gpn):
            r = ni * gpn + lr
            if lr in errored:
                continue
            s.add(plus(t_cable, 600 + rng.uniform(2, 6)), watchdog_timeout(rng, ver, rank=r, seq=61022, op="_ALLGATHER_BASE", numel=52428800, numel_out=419430400, timeout_ms=600000))
        b.add(f"{host}/nemo_{jobid}_{host}.out", s.lines())
        boot = plus(t0, -rng.randint(2, 6) * 86400 - rng.randint(0, 30000))
        ev = dmesg_boot(rng, host=host, driver="535.154.05")
        ev += dmesg_noise(rng, 30, secs(plus(t_cable, 900), boot), n=40)
        over = {}
        if ni == 2:
            x = secs(t_cable, boot)
            ev += [(x, "mlx5_core 0000:8c:00.0: mlx5_port_module_event:1159:(pid 0): Port module event[error]: module 3, Cable error, Bad or shorted cable/module"),
                   (x + 0.004, "mlx5_core 0000:8c:00.0: mlx5_port_module_event:1159:(pid 0): Port module event: module 3, Cable unplugged")]
            over = {"mlx5_3": {"State": "Down", "Physical state": "Polling", "Rate": 10}}
        if ni == 1:
            ev.append((secs(plus(t0, -7200), boot), "mlx5_core 0000:4c:00.0: mlx5_port_module_event:1159:(pid 0): Port module event: module 1, Cable plugged"))
        b.add(f"{host}/dmesg.log", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/ibstat.txt", ibstat(rng, hcas, over))


# ---------------------------------------------------------------------------
def k07_titan_socket_closed_by_peer(b, rng):
    b.label("host", "infrastructure", ("gpu-b07", None), "restart_without_node",
            "The NCCL 'socketProgress: Connection closed by remote peer gpu-b07.cluster.local' errors point at gpu-b07, where a "
            "rank exited with SIGBUS; gpu-b07's kernel log shows an uncorrectable host-memory (DIMM) error with 'Sending SIGBUS "
            "to python3 due to hardware memory corruption' and the BMC SEL logs Uncorrectable ECC on DIMM C1. A host memory fault.",
            "https://github.com/NVIDIA/nccl/issues/1235")
    nodes = ["gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08"]
    ips = ["10.70.2.105", "10.70.2.106", "10.70.2.107", "10.70.2.108"]
    gpn, world, ver, nccl = 8, 32, "2.6.0", "2.21.5+cuda12.4"
    t0 = T("2025-02-26 19:20:03")
    t_bus = T("2025-02-27 01:47:19")
    hcas = [f"mlx5_{i}" for i in (0, 3, 4, 5, 6, 9, 10, 11)]
    for ni, host in enumerate(nodes):
        agent = rng.randint(20000, 30000)
        pids = [agent + 90 + i * 2 for i in range(gpn)]
        s = Stream()
        s.add(t0, [f"+ torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend c10d --rdzv_endpoint=gpu-b05:29500 --local-ranks-filter 0 --role rank --tee 3 -m torchtitan.train --job.config_file ./train_configs/llama3_70b.toml"])
        s.add(plus(t0, 1), torchrun_banner(ver, t0, agent))
        r0 = ni * gpn
        s.add(plus(t0, 30), [f"[rank{r0}]:[titan] {iso_ms(plus(t0, 30))} - root - INFO - Starting job: Llama 3 70B training",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 31))} - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 31))} - root - INFO - [GC] Initial GC collection. 0.00 seconds.",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 44))} - root - INFO - Loading tokenizer from tokenizer.model",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 45))} - root - INFO - Preparing c4 dataset from allenai/c4",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 61))} - root - INFO - Building llama3 70B with ModelArgs(dim=8192, n_layers=80, n_heads=64, n_kv_heads=8, vocab_size=128256, multiple_of=4096, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 70))} - root - INFO - Applied selective activation checkpointing to the model",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 70))} - root - INFO - Applied FSDP to the model",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 72))} - root - INFO - CUDA memory usage for model: 4.11GiB(5.19%)",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 73))} - root - INFO - Checkpointing active. Checkpoints will be loaded from and saved to ./outputs/checkpoint",
                             f"[rank{r0}]:[titan] {iso_ms(plus(t0, 73))} - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 30000 (warmup 200)"])
        nb = nccl_node(rng, host=host, node_idx=ni, gpn=gpn, nranks=world, pids=pids, nccl=nccl,
                       cuda_drv=12040, sock_if="bond0", sock_ip=ips[ni], hcas=hcas)
        for ln in nb[0]:
            s.add(plus(t0, 74), f"[rank{r0}]:" + ln)
        t = plus(t0, 90)
        step = 0
        while True:
            step += 10
            t = plus(t, 10 * rng.uniform(6.95, 7.05))
            if t >= t_bus:
                break
            s.add(t, titan_step(t, r0, step, 2.3 + 8.5 * 2.718 ** (-step / 300) + rng.uniform(-0.03, 0.03),
                                58.12 + rng.uniform(-0.2, 0.2), 73.46, rng.randint(1160, 1185), rng.uniform(438, 446), rng.uniform(44.2, 45.1)))
        if ni == 2:
            te = plus(t_bus, 0.7)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for i, p in enumerate(pids) if i != 2])
            s.add(plus(te, 3), [elastic_line(ver, plus(te, 3), "E", f"failed (exitcode: -7) local_rank: 2 (pid: {pids[2]}) of binary: /usr/bin/python3", agent)]
                  + torchrun_traceback(ver, pyver="3.12")
                  + child_failed_block("torchtitan.train", [], dict(time=t_bus.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=18, local_rank=2, exitcode=-7, pid=pids[2], traceback=signal_tb(-7, pids[2]))))
        else:
            tt = plus(t_bus, 1.1 + ni * 0.2)
            tid = pids[0] + rng.randint(900, 1200)
            port = rng.randint(33000, 61000)
            s.add(tt, [f"[rank{r0}]:", f"[rank{r0}]:{host}:{pids[0]}:{tid} [0] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gpu-b07.cluster.local<{port}>",
                       f"[rank{r0}]:{host}:{pids[0]}:{tid} [0] NCCL INFO misc/socket.cc:752 -> 6",
                       f"[rank{r0}]:{host}:{pids[0]}:{tid} [0] NCCL INFO transport/net_ib.cc:1079 -> 6",
                       f"[rank{r0}]:{host}:{pids[0]}:{tid} [0] NCCL INFO proxy.cc:1518 -> 6",
                       f"[rank{r0}]:", f"[rank{r0}]:{host}:{pids[0]}:{tid} [0] proxy.cc:1681 NCCL WARN [Proxy Service {r0}] Failed to execute operation Close from rank {r0}, retcode 6"])
            err = nccl_async_error(rng, ver, rank=r0, nccl=nccl, t=plus(tt, 0.5),
                                   detail=f"socketProgress: Connection closed by remote peer gpu-b07.cluster.local<{port}>")
            s.add(plus(tt, 0.5), prefix(err, ""))
            te = plus(tt, 2.4)
            s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for p in pids[1:]])
            s.add(plus(te, 2), [elastic_line(ver, plus(te, 2), "E", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python3", agent)]
                  + torchrun_traceback(ver, pyver="3.12")
                  + child_failed_block("torchtitan.train", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=r0, local_rank=0, exitcode=-6, pid=pids[0], traceback=signal_tb(-6, pids[0]))))
        b.add(f"{host}/torchrun-{host}.log", s.lines())
        boot = plus(t0, -rng.randint(4, 12) * 86400 - rng.randint(0, 40000))
        ev = dmesg_boot(rng, host=host, driver="550.127.05", kernel="6.8.0-51-generic")
        ev += dmesg_noise(rng, 30, secs(plus(t_bus, 500), boot), n=45,
                          extra=["EDAC skx MC0: HANDLING MCE MEMORY ERROR", "mce: [Hardware Error]: Machine check events logged"] if ni == 0 else [])
        sel = [(plus(t0, -3 * 86400), "System Event #0x83", "Timestamp Clock Sync", "Asserted"),
               (plus(t0, -3 * 86400 + 2), "Power Supply PS1 Status", "Presence detected", "Asserted")]
        if ni == 0:
            sel.append((plus(t0, -86400 * 2), "Memory #0x87", "Correctable ECC (@DIMM A3(CPU0))", "Asserted"))
        if ni == 2:
            x = secs(t_bus, boot)
            ev += [(x - 0.3, "mce: [Hardware Error]: Machine check events logged"),
                   (x - 0.3, "EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x2f6a5c offset:0x1c0 grain:32 -  err_code:0x0000:0x0091 SystemAddress:0x2f6a5c1c0 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x5ed4b8c0 ChannelId:0x2 RankAddress:0x2f6a5c0 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x17b5 Column:0x1c0 Bank:0x2 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)"),
                   (x - 0.2, "Memory failure: 0x2f6a5c: recovery action for dirty LRU page: Recovered"),
                   (x - 0.2, f"Memory failure: 0x2f6a5c: Sending SIGBUS to python3:{pids[2]} due to hardware memory corruption")]
            sel.append((plus(t_bus, -1), "Memory #0x87", "Uncorrectable ECC (@DIMM C1(CPU1))", "Asserted"))
        b.add(f"{host}/kern.log", render_dmesg(ev, style="syslog", boot=boot, host=host))
        b.add(f"{host}/ipmitool-sel-list.txt", ipmi_sel(rng, t0, sel))


# ---------------------------------------------------------------------------
def k08_roce_retry_exceeded_many_ranks(b, rng):
    b.label("network", "infrastructure", None, "restart",
            "All four nodes behind leaf-sw-08 (gpu-045..048) log their RoCE ports going down within two seconds of each other at "
            "02:17:44 and back up ~47 s later, while the leaf-sw-07 nodes have no link events and every retry-exceeded error they "
            "report names a peer address on leaf-sw-08. A switch-level event affecting every node behind one leaf, not one bad node.",
            "https://github.com/NVIDIA/nccl/issues/905")
    nodes = [f"gpu-0{n}" for n in range(41, 49)]
    ips = [f"192.168.{7 if i < 4 else 8}.{41 + i}" for i in range(8)]
    b.topology({"leaf-sw-07": nodes[:4], "leaf-sw-08": nodes[4:]})
    gpn, world, ver, nccl = 8, 64, "2.5.1", "2.21.5+cuda12.4"
    jobid = 3310447
    t0 = T("2024-11-09 21:40:00")
    t_flap = T("2024-11-10 02:17:44")
    hcas = [f"mlx5_{i}" for i in range(8)]
    s = Stream()
    s.add(t0, [f"== job {jobid} start {ctime(t0)} nodes={','.join(nodes)}",
               "NCCL_IB_GID_INDEX=3 NCCL_IB_TC=106 NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7 NCCL_DEBUG=WARN"])
    agents = {}
    for ni, host in enumerate(nodes):
        agent = rng.randint(100000, 900000)
        agents[host] = (agent, [agent + 17 + i for i in range(gpn)])
        s.add(plus(t0, 3), torchrun_banner(ver, plus(t0, 3), agent))
    s.add(plus(t0, 60), [f"[rank0]: NCCL version 2.21.5+cuda12.4 | world 64 | {len(nodes)} nodes"])
    pre = megatron_preamble(plus(t0, 20), world=world, tp=4, pp=2, dp=8, gbs=1024, train_iters=120000,
                            log_interval=20, save_interval=2000, load_iter=0, ckpt_dir="")
    s.add(plus(t0, 21), pre)
    prog, tl = megatron_progress(rng, plus(t0, 100), 0, 6000, interval=20, total=120000, gbs=1024,
                                 ms_fn=lambda it: 2740 + rng.uniform(-30, 40))
    for t, l in prog:
        if t < t_flap:
            s.add(t, l)
    t_err = plus(t_flap, 18)
    peers_bad = ips[4:]
    for r in sorted(rng.sample(range(world), 22)):
        ni, lr = divmod(r, gpn)
        host = nodes[ni]
        agent, pids = agents[host]
        if ni >= 4:
            pool = [p for p in ips if p != ips[ni]]
            peer = rng.choice([p for p in pool if p in peers_bad] + pool[:1] if rng.random() < 0.3 else [p for p in pool if p in peers_bad])
        else:
            peer = rng.choice(peers_bad)
        port = rng.randint(30000, 61000)
        lg = ips[ni]
        detail = f"NET/IB : Got completion from peer {peer}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{lg} remoteGids ::ffff:{peer} hca mlx5_{lr}"
        tt = plus(t_err, rng.uniform(0, 6))
        s.add(tt, [f"{host}:{pids[lr]}:{pids[lr] + 512} [{lr}] transport/net_ib.cc:2321 NCCL WARN {detail}"])
        s.add(plus(tt, 1), nccl_async_error(rng, ver, rank=r, nccl=nccl, detail=detail, t=plus(tt, 1), pg=3 if lr % 2 else 0))
    for ni in range(4, 8):
        host = nodes[ni]
        agent, pids = agents[host]
        for lr in rng.sample(range(gpn), 3):
            s.add(plus(t_flap, 0.1 + rng.uniform(0, 1.8)), [f"{host}:{pids[lr]}:{pids[lr] + 498} [{lr}] NCCL WARN NET/IB : Got async event : port error"])
    t_end = plus(t_err, 30)
    for ni, host in enumerate(nodes):
        agent, pids = agents[host]
        first = rng.randrange(gpn)
        te = plus(t_end, rng.uniform(0, 3))
        s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM", agent) for i, p in enumerate(pids) if i != first])
        s.add(plus(te, 2), [elastic_line(ver, plus(te, 2), "E", f"failed (exitcode: -6) local_rank: {first} (pid: {pids[first]}) of binary: /usr/bin/python3", agent)]
              + torchrun_traceback(ver)
              + child_failed_block("pretrain_gpt.py", [], dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * gpn + first, local_rank=first, exitcode=-6, pid=pids[first], traceback=signal_tb(-6, pids[first]))))
    s.add(plus(t_end, 9), [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(nodes)])
    b.add(f"{nodes[0]}/slurm-{jobid}.out", s.lines())
    for ni, host in enumerate(nodes):
        boot = plus(t0, -rng.randint(5, 20) * 86400 - rng.randint(0, 60000))
        ev = dmesg_boot(rng, host=host, driver="550.90.07")
        extra = []
        if host == "gpu-043":
            extra = ["pcieport 0000:16:02.0: AER: Corrected error received: 0000:18:00.0",
                     "nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)",
                     "nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00000001/0000e000",
                     "nvidia 0000:18:00.0:    [ 0] RxErr                  (First)"]
        ev += dmesg_noise(rng, 40, secs(plus(t_end, 600), boot), n=40, extra=extra)
        if ni >= 4:
            x = secs(t_flap, boot) + rng.uniform(0, 1.9)
            for lr in range(gpn):
                pb = f"{0x1a + lr * 0x20:02x}"
                ev.append((x + lr * 0.0007, f"mlx5_core 0000:{pb}:00.0 ens{108 + lr * 4}np0: Link down"))
                ev.append((x + 47 + lr * 0.02, f"mlx5_core 0000:{pb}:00.0 ens{108 + lr * 4}np0: Link up"))
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/ip-addr.txt", ip_addr(rng, [("eno1", f"10.10.{20 + ni}.{rng.randint(2, 250)}/22", "UP", "eth")] +
                                         [(f"ens{108 + lr * 4}np0", f"192.168.{7 if ni < 4 else 8}.{41 + ni}/{24}" if lr == 0 else f"192.168.{17 + lr}.{41 + ni}/24", "UP", "roce") for lr in range(gpn)]))


# ---------------------------------------------------------------------------
def k09_pdsh_ib_retry_exceeded(b, rng):
    b.label("network", "infrastructure", ("dgx-a-03", None), "restart_without_node",
            "dgx-a-03 is the common factor: its ranks report IB retry-exceeded completions against three different peers "
            "(dgx-a-01, -04, -05) while the other nodes only point back at dgx-a-03's address; dgx-a-03's dmesg shows the module "
            "behind mlx5_2 repeatedly unplugging/replugging and perfquery shows LinkDownedCounter 6 and thousands of symbol "
            "errors on that port only. Its own flapping link, not the peers it accuses.",
            "https://github.com/NVIDIA/nccl/issues/902")
    nodes = ["dgx-a-01", "dgx-a-02", "dgx-a-03", "dgx-a-04", "dgx-a-05"]
    oob = ["10.30.0.11", "10.30.0.12", "10.30.0.13", "10.30.0.14", "10.30.0.15"]
    gpn, world, ver, nccl = 8, 40, "2.1.2", "2.18.6+cuda12.1"
    hcas = [f"mlx5_{i}" for i in range(8)]
    t0 = T("2024-01-16 13:05:10")
    t_flap = [T("2024-01-16 18:51:02"), T("2024-01-16 18:51:44"), T("2024-01-16 18:52:09")]
    s = Stream()
    s.add(t0, [f"[{iso_ms(t0)}] [INFO] [runner.py:463:main] Using IP address of 10.30.0.11 for node dgx-a-01",
               f"[{iso_ms(t0)}] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: dgx-a-01,dgx-a-02,dgx-a-03,dgx-a-04,dgx-a-05",
               f"[{iso_ms(t0)}] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w dgx-a-01,dgx-a-02,dgx-a-03,dgx-a-04,dgx-a-05 export NCCL_DEBUG=INFO; export NCCL_SOCKET_IFNAME=ib0; cd /home/mlops/llm; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtYS0wMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=10.30.0.11 --master_port=29500 train_zero3.py --deepspeed ds_z3.json"])
    pidmap = {}
    for ni, host in enumerate(nodes):
        pids = [rng.randint(100000, 200000) + 3 * i for i in range(gpn)]
        pidmap[host] = pids
        pfx = f"{host}: "
        s.add(plus(t0, 5), [f"[{iso_ms(plus(t0, 5))}] [INFO] [launch.py:145:main] WORLD INFO DICT: {{'dgx-a-01': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a-02': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a-03': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a-04': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a-05': [0, 1, 2, 3, 4, 5, 6, 7]}}",
                            f"[{iso_ms(plus(t0, 5))}] [INFO] [launch.py:151:main] nnodes=5, num_local_procs=8, node_rank={ni}",
                            f"[{iso_ms(plus(t0, 5))}] [INFO] [launch.py:163:main] dist_world_size=40",
                            f"[{iso_ms(plus(t0, 5))}] [INFO] [launch.py:165:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7"], pfx)
        nb = nccl_node(rng, host=host, node_idx=ni, gpn=gpn, nranks=world, pids=pids, nccl=nccl, cuda_drv=12020,
                       sock_if="ib0", sock_ip=oob[ni], hcas=hcas, bus=A100_BUS)
        for i, (lr, ln) in enumerate(interleave(nb, rng)):
            s.add(plus(t0, 70 + i * 0.002), ln, pfx)
    t = plus(t0, 130)
    step = 0
    while True:
        step += 10
        t = plus(t, 10 * rng.uniform(9.8, 10.1))
        if t >= t_flap[0]:
            break
        s.add(t, [ds_step_line(t, step, 2e-5 * min(1, step / 500)),
                  ds_timer_line(t, step, 8 * 5 * 4 / 10.0 * rng.uniform(0.99, 1.01), 8 * 5 * 4 / 10.0 * rng.uniform(0.97, 1.02), 41.33, 63.02)], "dgx-a-01: ")
    bad = "dgx-a-03"
    bpids = pidmap[bad]
    for k, (lr, peer) in enumerate([(2, "10.30.0.14"), (2, "10.30.0.11"), (2, "10.30.0.15")]):
        tt = plus(t_flap[k], 21 + rng.uniform(0, 2))
        port = rng.randint(30000, 60000)
        rr = 2 * gpn + lr + (0 if k == 0 else (k * 2 + 1) % 8) * 0
        lr2 = [2, 6, 1][k]
        detail = f"NET/IB : Got completion from peer {peer}<{port}> with error 12, opcode 0, len 0, vendor err 129 (Recv)"
        s.add(tt, [f"{bad}:{bpids[lr2]}:{bpids[lr2] + 301} [{lr2}] transport/net_ib.cc:1295 NCCL WARN {detail}",
                   f"{bad}:{bpids[lr2]}:{bpids[lr2] + 301} [{lr2}] NCCL INFO transport/net.cc:1128 -> 6",
                   f"{bad}:{bpids[lr2]}:{bpids[lr2] + 301} [{lr2}] NCCL INFO proxy.cc:689 -> 6",
                   f"{bad}:{bpids[lr2]}:{bpids[lr2] + 301} [{lr2}] NCCL INFO proxy.cc:872 -> 6 [Progress Thread]"], f"{bad}: ")
        s.add(plus(tt, 0.8), nccl_async_error(rng, ver, rank=16 + lr2, nccl=nccl, detail=detail), f"{bad}: ")
        s.add(plus(t_flap[k], 0.3), [f"{bad}:{bpids[2]}:{bpids[2] + 290} [2] NCCL WARN NET/IB : Got async event : port error"], f"{bad}: ")
    for host, lr in (("dgx-a-04", 2), ("dgx-a-02", 5), ("dgx-a-05", 2)):
        pids = pidmap[host]
        tt = plus(t_flap[0], 24 + rng.uniform(0, 3))
        port = rng.randint(30000, 60000)
        detail = f"NET/IB : Got completion from peer 10.30.0.13<{port}> with error 12, opcode 0, len 0, vendor err 129 (Send)"
        s.add(tt, [f"{host}:{pids[lr]}:{pids[lr] + 288} [{lr}] transport/net_ib.cc:1295 NCCL WARN {detail}"], f"{host}: ")
        s.add(plus(tt, 1), nccl_async_error(rng, ver, rank=nodes.index(host) * 8 + lr, nccl=nccl, detail=detail), f"{host}: ")
    t_end = plus(t_flap[2], 40)
    for ni, host in enumerate(nodes):
        s.add(plus(t_end, ni * 0.3), [f"[{iso_ms(plus(t_end, ni * 0.3))}] [INFO] [launch.py:315:sigkill_handler] Killing subprocess {p}" for p in pidmap[host]]
              + [f"[{iso_ms(plus(t_end, ni * 0.3 + 1))}] [ERROR] [launch.py:321:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_zero3.py', '--local_rank=0', '--deepspeed', 'ds_z3.json'] exits with return code = -6"], f"{host}: ")
    s.add(plus(t_end, 3), [f"pdsh@dgx-a-01: {h}: ssh exited with exit code 250" for h in nodes])
    b.add("dgx-a-01/deepspeed-launcher.log", s.lines())
    b.add("dgx-a-01/hostfile", [f"{h} slots=8" for h in nodes])
    for ni, host in enumerate(nodes):
        boot = plus(t0, -rng.randint(3, 15) * 86400 - rng.randint(0, 50000))
        ev = dmesg_boot(rng, host=host, driver="535.104.12", bus=A100_BUS)
        ev += dmesg_noise(rng, 30, secs(plus(t_end, 300), boot), n=40)
        pq = []
        for i, h in enumerate(hcas):
            cnt = {}
            if host == bad and h == "mlx5_2":
                cnt = {"SymbolErrorCounter": 4811, "LinkErrorRecoveryCounter": 3, "LinkDownedCounter": 6, "PortRcvErrors": 217}
            elif rng.random() < 0.15:
                cnt = {"SymbolErrorCounter": rng.randint(1, 4)}
            pq += [f"### {h}"] + perfquery(rng, 100 + ni * 8 + i, cnt) + [""]
        if host == bad:
            for k, tf in enumerate(t_flap):
                x = secs(tf, boot)
                ev += [(x, "mlx5_core 0000:4c:00.0: mlx5_port_module_event:1150:(pid 0): Port module event: module 2, Cable unplugged"),
                       (x + rng.uniform(4, 9), "mlx5_core 0000:4c:00.0: mlx5_port_module_event:1150:(pid 0): Port module event: module 2, Cable plugged")]
        b.add(f"{host}/dmesg-T.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/perfquery.txt", pq)


# ---------------------------------------------------------------------------
def k10_skypilot_rank_init_failure(b, rng):
    nodes = ["sky-7f3e-mlteam-head", "sky-7f3e-mlteam-worker1", "sky-7f3e-mlteam-worker2", "sky-7f3e-mlteam-worker3"]
    b.label("dependency", "infrastructure", (nodes[2], None), "restart_without_node",
            "Only worker2's ranks fail at CUDA initialisation with 'The NVIDIA driver on your system is too old (found version "
            "11040)'; its nvidia-smi/dmesg show driver 470.223.02 (CUDA 11.4) while head, worker1 and worker3 run 535.183.01 with "
            "the same container. One node with a stale driver; the others only waited and were killed by SkyPilot.",
            "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65")
    ver = "2.4.1"
    ips = ["10.164.0.28", "10.164.0.29", "10.164.0.31", "10.164.0.33"]
    names = ["head", "worker1", "worker2", "worker3"]
    t0 = T("2024-09-17 15:02:40")
    s = Stream()
    s.add(t0, ["Launching on GCP us-central1 (us-central1-a)",
               "⚙︎ Launching on GCP us-central1 (us-central1-a).",
               "✓ Cluster launched: sky-7f3e-mlteam.  View logs at: ~/sky_logs/sky-2024-09-17-15-02-31-118204/provision.log",
               "⚙︎ Syncing files.",
               "⚙︎ Job submitted, ID: 4",
               "├── Waiting for task resources on 4 nodes.",
               "└── Job started. Streaming logs... (Ctrl-C to exit log streaming; job will not be killed)"])
    t_fail = plus(t0, 71)
    for ni, nm in enumerate(names):
        pid = rng.randint(2000, 9000)
        tag = f"({nm}, rank={ni}, pid={pid}, ip={ips[ni]}) " if ni else f"({nm}, rank={ni}, pid={pid}) "
        agent = pid + rng.randint(20, 60)
        s.add(plus(t0, 14 + ni * 0.1), [f"+ torchrun --nnodes=4 --nproc_per_node=8 --node_rank={ni} --master_addr={ips[0]} --master_port=8008 finetune.py --model meta-llama/Meta-Llama-3.1-70B --fsdp"], tag)
        s.add(plus(t0, 15 + ni * 0.1), torchrun_banner(ver, plus(t0, 15), agent), tag)
        if ni == 2:
            wp = [agent + 30 + i for i in range(8)]
            for lr in range(8):
                r = 16 + lr
                tb = py_frames([("/home/gcpuser/sky_workdir/finetune.py", 188, "<module>", "main()"),
                                ("/home/gcpuser/sky_workdir/finetune.py", 61, "main", "torch.cuda.set_device(local_rank)"),
                                ("/opt/conda/lib/python3.10/site-packages/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                                ("/opt/conda/lib/python3.10/site-packages/torch/cuda/__init__.py", 314, "_lazy_init", "torch._C._cuda_init()")]) + [
                    "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]
                s.add(plus(t0, 40 + lr * 0.05), prefix(tb, f"[rank{r}]: "), tag)
            te = plus(t0, 41)
            s.add(te, [elastic_line(ver, te, "E", f"failed (exitcode: 1) local_rank: 0 (pid: {wp[0]}) of binary: /opt/conda/bin/python3.10", agent)]
                  + torchrun_traceback(ver, prefix="/opt/conda/lib")
                  + child_failed_block("finetune.py", [dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=nodes[2], rank=16 + i, local_rank=i, exitcode=1, pid=wp[i], traceback=signal_tb(1, 0)) for i in range(1, 8)],
                                       dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=nodes[2], rank=16, local_rank=0, exitcode=1, pid=wp[0], traceback=signal_tb(1, 0))), tag)
        else:
            s.add(plus(t0, 43 + ni), [f"[rank{ni * 8}]: loading tokenizer meta-llama/Meta-Llama-3.1-70B", f"[rank{ni * 8}]: initializing process group (backend=nccl, world_size=32)"], tag)
    s.add(t_fail, ["ERROR: Job 4 failed with return code list: [137, 137, 1, 137]",
                   "✓ Job finished (status: FAILED).",
                   "",
                   "📋 Useful Commands",
                   "Job ID: 4",
                   "├── To cancel the job:\t\tsky cancel sky-7f3e-mlteam 4",
                   "├── To stream job logs:\t\tsky logs sky-7f3e-mlteam 4",
                   "└── To view job queue:\t\tsky queue sky-7f3e-mlteam"])
    b.add(f"{nodes[0]}/sky-logs-job4.txt", s.lines())
    for ni, host in enumerate(nodes):
        drv, cu = ("470.223.02", "11.4") if ni == 2 else ("535.183.01", "12.2")
        gs = [dict(bus=bb, temp=rng.randint(28, 34), power=rng.randint(64, 72), mem_used=0) for bb in H100_BUS]
        smi = smi_table(plus(t_fail, 60), drv, cu, gs)
        if ni == 2:
            smi = [ln.replace("NVIDIA H100 80GB HBM3", "NVIDIA H100 80GB HBM3").replace("Persistence-M |", "Persistence-M |") for ln in smi]
        b.add(f"{host}/nvidia-smi.txt", smi)
        boot = plus(t0, -rng.randint(1, 3) * 3600)
        ev = dmesg_boot(rng, host=host, driver=drv, kernel="5.15.0-1064-gcp")
        ev += dmesg_noise(rng, 30, secs(plus(t_fail, 120), boot), n=25)
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="uptime"))
        b.add(f"{host}/uptime-s.txt", [boot.strftime("%Y-%m-%d %H:%M:%S")])
        b.add(f"{host}/cat-proc-driver-nvidia-version.txt",
              [f"NVRM version: NVIDIA UNIX x86_64 Kernel Module  {drv}  {'Wed Nov 15 20:35:57 UTC 2023' if ni == 2 else 'Mon Jun 10 20:08:09 UTC 2024'}",
               "GCC version:  gcc version 12.3.0 (Ubuntu 12.3.0-1ubuntu1~22.04)"])
