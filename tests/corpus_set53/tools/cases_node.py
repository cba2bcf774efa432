"""ax cases where one node (or one GPU on it) is the straggler."""
from fmtlib import (H100_BUS, A100_BUS, ts, tzh, add, f_dmesg_T, f_dmesg_raw, f_iso, f_syslog,
                    f_pylog, f_bracket, f_glog, gpu, smi_q, smi_table, dcgmi_dmon, ibstat, perfquery,
                    watchdog_block, elastic_failure, squeue, sacct, pyspy, prom, hms, lightning_bar,
                    tqdm_bar, mmss)
from gens import (Case, megatron_args, megatron_iter, megatron_straggler, megatron_startup,
                  megatron_timers, titan, titan_step, hf_log, jitter)


def _healthy_gpus(rng, n=8, bus=H100_BUS, **kw):
    out = []
    for i in range(n):
        g = gpu(i, bus[i], rng, **kw)
        if rng.random() < 0.35:
            g["reasons"] = {"swpower": True}
            g["counters"] = {"swpower": rng.randint(10_000_000, 900_000_000)}
        else:
            g["counters"] = {"swpower": rng.randint(0, 90_000_000)}
        out.append(g)
    return out


def _rank_map(hosts, gpn, prefix_label=True):
    L = []
    for ni, h in enumerate(hosts):
        for lr in range(gpn):
            r = ni * gpn + lr
            p = f"{r:>2}: " if prefix_label else ""
            L.append(f"{p}host={h} SLURM_PROCID={r} SLURM_LOCALID={lr} CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7")
    return L


# ==========================================================================
# ax01 - Megatron, one GPU thermally throttled, Megatron straggler detector
# ==========================================================================
def ax01():
    c = Case("ax01_one_rank_slow_after_step_4000", 5301)
    rng = c.rng
    hosts = ["gpu-a3-009", "gpu-a3-010", "gpu-a3-011", "gpu-a3-012"]
    bad_host, bad_rank, bad_local = "gpu-a3-011", 21, 5
    t0 = ts(2025, 3, 4, 2, 10, 4)
    job = 4481923
    L = [f"+ srun -l --ntasks-per-node=8 --cpu-bind=none bash /lustre/fsw/llm/launch/pretrain_llama3_8b.sh"]
    L += _rank_map(hosts, 8)
    args = {
        "tensor_model_parallel_size": 2, "pipeline_model_parallel_size": 1, "micro_batch_size": 2,
        "global_batch_size": 512, "seq_length": 8192, "num_layers": 32, "hidden_size": 4096,
        "train_iters": 250000, "log_interval": 10, "log_straggler": True, "straggler_minmax_count": 4,
        "straggler_ctrlr_port": 65535, "disable_straggler_on_startup": False, "bf16": True,
        "save_interval": 2000, "save": "/lustre/fsw/llm/ckpt/llama3-8b-r7", "distributed_timeout_minutes": 30,
        "use_distributed_optimizer": True, "overlap_grad_reduce": True, "data_path": "/lustre/fsw/llm/data/dclm_text_document",
    }
    L += [" 0: " + x for x in megatron_startup(add(t0, seconds=58), 32, 2, 1)]
    L += [" 0: " + x for x in megatron_args(args)]
    L.append(f" 0: INFO:megatron.core.utils:Controller ready to recv commands on port 65535. Current state ON")
    L.append(f" 0: [after dataloaders are built] datetime: {add(t0, seconds=95):%Y-%m-%d %H:%M:%S} ")
    L.append(" 0: done with setup ...")
    L.append(" 0: training ...")
    t = add(t0, seconds=100)
    slow_start = 4010
    last_it = 4420
    consumed = 0
    temp_base = {r: rng.randint(56, 66) for r in range(32)}
    for it in range(10, last_it + 1, 10):
        if it < slow_start:
            ms = jitter(rng, 1931.0, 0.006)
            bad_clk, bad_tmp, bad_pwr = 1980, temp_base[bad_rank] + rng.randint(0, 3), rng.randint(640000, 690000)
        else:
            frac = min(1.0, (it - slow_start) / 160.0)
            ms = 1931.0 + frac * 760.0 + rng.uniform(-8, 12)
            bad_clk = int(1980 - frac * 765 + rng.uniform(-15, 15)) // 15 * 15
            bad_tmp = int(70 + frac * 19)
            bad_pwr = int(660000 - frac * 205000 + rng.uniform(-5000, 5000))
        t = add(t, seconds=ms * 10 / 1000.0)
        if it in (2000, 4000):
            L.append(f" 0: saving checkpoint at iteration {it:>7d} to /lustre/fsw/llm/ckpt/llama3-8b-r7 in torch_dist format")
            L.append(f" 0:   successfully saved checkpoint from iteration {it:>7d} to /lustre/fsw/llm/ckpt/llama3-8b-r7 [ t 1/2, p 1/1 ]")
            t = add(t, seconds=24.6)
        consumed += 5120
        tflops = 404.6 * 1931.0 / ms
        loss = 2.9 - 0.45 * (it / 4420) + rng.uniform(-0.03, 0.03)
        L.append("31: " + megatron_iter(t, it, 250000, consumed, ms, tflops, 3.0e-4 * min(1, it / 2000), 512, loss,
                                         rng.uniform(0.21, 0.34)))
        # straggler detector, reported by rank 0
        others = [r for r in range(32) if r != bad_rank]
        rtt_norm = {r: jitter(rng, 1874.0, 0.004) for r in others}
        if it >= slow_start:
            rtt_bad = 1874.0 + (ms - 1931.0) * 0.98
        else:
            rtt_bad = jitter(rng, 1874.0, 0.004)
        allr = dict(rtt_norm)
        allr[bad_rank] = rtt_bad
        rmin = min(allr, key=allr.get)
        rmax = max(allr, key=allr.get)
        temps = {r: temp_base[r] + rng.randint(-1, 2) for r in others}
        temps[bad_rank] = bad_tmp
        clks = {r: rng.choice([1980, 1980, 1965, 1950]) for r in others}
        clks[bad_rank] = bad_clk
        pwrs = {r: rng.randint(600000, 695000) for r in others}
        pwrs[bad_rank] = bad_pwr
        utl = {r: rng.randint(97, 100) for r in range(32)}
        drtt = {r: rng.uniform(0.8, 4.5) for r in range(32)}
        etpt = {r: 5600.0 / allr[r] * 100 for r in range(32)}
        d = {
            "rtt_min": (allr[rmin], rmin), "rtt_max": (allr[rmax], rmax),
            "pwr_min": (min(pwrs.values()), min(pwrs, key=pwrs.get)), "pwr_max": (max(pwrs.values()), max(pwrs, key=pwrs.get)),
            "tmp_min": (min(temps.values()), min(temps, key=temps.get)), "tmp_max": (max(temps.values()), max(temps, key=temps.get)),
            "utl_min": (min(utl.values()), min(utl, key=utl.get)), "utl_max": (max(utl.values()), max(utl, key=utl.get)),
            "clk_min": (min(clks.values()), min(clks, key=clks.get)), "clk_max": (max(clks.values()), max(clks, key=clks.get)),
            "drtt_min": (min(drtt.values()), min(drtt, key=drtt.get)), "drtt_max": (max(drtt.values()), max(drtt, key=drtt.get)),
            "etpt_min": (min(etpt.values()), min(etpt, key=etpt.get)), "etpt_max": (max(etpt.values()), max(etpt, key=etpt.get)),
        }
        L.append(" 0: " + megatron_straggler(t, d))
        srt = sorted(etpt, key=etpt.get)
        L.append(" 0: INFO:megatron.core.utils:^^^^ Bottom 4 Ranks with lowest  Etpt(TF):" +
                 "".join(f" {etpt[r]:.2f}TF/{r}," for r in srt[:4]))
        L.append(" 0: INFO:megatron.core.utils:^^^^ Top    4 Ranks with highest Etpt(TF):" +
                 "".join(f" {etpt[r]:.2f}TF/{r}," for r in srt[-4:]))
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, seconds=95)
    c.add("squeue.txt", [f"$ squeue -j {job}  # {t_coll:%Y-%m-%d %H:%M:%S} UTC"] +
          squeue([(job, "h100", "llama3-8b-r7", "dkoval", "R", hms((t_coll - t0).total_seconds()), 4, "gpu-a3-[009-012]")]).splitlines())
    c.add("pretrain_llama3_8b.sbatch", [
        "#!/bin/bash", "#SBATCH -J llama3-8b-r7", "#SBATCH -N 4", "#SBATCH --ntasks-per-node=8",
        "#SBATCH --gpus-per-node=8", "#SBATCH -p h100", "#SBATCH -t 48:00:00", "#SBATCH --exclusive",
        "export NCCL_DEBUG=WARN", "export CUDA_DEVICE_MAX_CONNECTIONS=1",
        "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "srun -l --ntasks-per-node=8 --cpu-bind=none bash /lustre/fsw/llm/launch/pretrain_llama3_8b.sh",
    ])
    # per-node health snapshots collected by on-call
    for ni, h in enumerate(hosts):
        gs = _healthy_gpus(rng)
        if h == bad_host:
            g = gs[bad_local]
            g.update(temp=89, mem_temp=84, sm=1215, power=452.18, util=100,
                     reasons={"hwslow": True, "hwthermal": True, "swthermal": True},
                     counters={"swpower": 81233000, "hwthermal": 1412339000, "swthermal": 1398011000})
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_coll, gs))
        boot = add(t0, hours=-rng.randint(30, 400))
        dm = [f"{f_dmesg_T(boot)} Linux version 5.15.0-1053-nvidia (buildd@lcy02-amd64-041) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #54-Ubuntu SMP Thu Jan 18 19:50:31 UTC 2024"]
        dm.append(f"{f_dmesg_T(add(boot, seconds=31))} nvidia-nvlink: Nvlink Core is being initialized, major device number 508")
        dm.append(f"{f_dmesg_T(add(boot, seconds=33))} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:08 UTC 2024")
        dm.append(f"{f_dmesg_T(add(boot, seconds=38))} nvidia-fs: module verification failed: signature and/or required key missing - tainting kernel")
        if h == "gpu-a3-009":
            tf = add(t0, hours=-1, minutes=-38)
            dm.append(f"{f_dmesg_T(tf)} mlx5_core 0000:1a:00.0 ibp26s0: Link down")
            dm.append(f"{f_dmesg_T(add(tf, seconds=7))} mlx5_core 0000:1a:00.0 ibp26s0: Link up")
        dm.append(f"{f_dmesg_T(add(t0, seconds=-3))} audit: type=1400 audit(1741054201.331:212): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"slurmstepd\" pid=71821 comm=\"apparmor_parser\"")
        c.add(f"{h}/dmesg_T.txt", dm)
    c.set_label("straggler", "infrastructure", bad_host, bad_rank, "restart_without_node",
                "Iteration time climbs from ~1.93 s to ~2.7 s after iteration 4010 with no error; the Megatron straggler "
                "detector names rank 21 as slowest with falling clock and rising temperature, and nvidia-smi on gpu-a3-011 "
                "shows GPU 5 (local rank 5 = rank 21) in HW thermal slowdown at 1215 MHz.",
                "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/README_STRAGGLER.md")
    return c


# ==========================================================================
# ax02 - torchtitan, one node power-capped by config management mid-run
# ==========================================================================
def ax02():
    c = Case("ax02_tokens_per_second_drop_at_0300_no_errors", 5302)
    rng = c.rng
    hosts = [f"node{n:04d}" for n in range(412, 420)]
    bad = "node0415"
    t0 = ts(2025, 6, 11, 22, 41, 10)
    cap_t = ts(2025, 6, 12, 1, 0, 2)  # 03:00:02 CEST
    job = 771204
    L = []
    L.append(titan(t0, "Starting job: Llama 3.1 8B, 64xH100"))
    L.append(titan(add(t0, seconds=1), "Building 1-D device mesh with ['dp_shard'], [64]"))
    L.append(titan(add(t0, seconds=2), "[GC] Initial GC collection. 0.00 seconds."))
    L.append(titan(add(t0, seconds=4), "Loading tokenizer from tokenizer.json"))
    L.append(titan(add(t0, seconds=5), "Preparing c4 dataset from /datasets/c4"))
    L.append(titan(add(t0, seconds=9), "Building llama3 8B with TransformerModelArgs(_enforced='This field is used to enforce all fields have defaults.', dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, use_flex_attn=False, attn_mask_type='causal', eos_id=0)"))
    L.append(titan(add(t0, seconds=9), "CUDA capacity: NVIDIA H100 80GB HBM3 with 79.11GiB memory"))
    L.append(titan(add(t0, seconds=10), "Model llama3 8B size: 8,030,261,248 total parameters"))
    L.append(titan(add(t0, seconds=11), "Applied selective activation checkpointing to the model"))
    L.append(titan(add(t0, seconds=11), "Applied FSDP to the model"))
    L.append(titan(add(t0, seconds=13), "Peak FLOPS used for computing MFU: 9.890e+14"))
    L.append(titan(add(t0, seconds=13), "CUDA memory usage for model: 1.88GiB(2.38%)"))
    L.append(titan(add(t0, seconds=13), "Checkpointing active. Checkpoints will be loaded from and saved to ./outputs/checkpoint"))
    L.append(titan(add(t0, seconds=14), "Training starts at step 1, with local batch size 2, global batch size 128, sequence length 8192, total steps 60000 (warmup 2000)"))
    t = add(t0, seconds=30)
    step = 0
    warned = 0
    while True:
        step += 10
        capped = t >= cap_t
        if capped:
            tps = int(jitter(rng, 4930, 0.01))
        else:
            tps = int(jitter(rng, 7105, 0.008))
        dt = 10 * 2 * 8192 / tps
        t = add(t, seconds=dt)
        tflops = tps * 6 * 8.03e9 / 1e12 * 1.07
        mfu = tflops / 989.0 * 100
        loss = 3.1 - 0.6 * min(1, step / 20000) + rng.uniform(-0.04, 0.04)
        L.append(titan_step(t, step, loss, rng.uniform(0.2, 0.45), 61.37, 77.58, tps, tflops, mfu))
        if step % 500 == 0:
            L.append(titan(add(t, seconds=0.01), f"[GC] Peforming periodical GC collection. 0.0{rng.randint(2, 6)} seconds."))
        if step % 100 == 0 and warned < 40:
            warned += 1
            L.append(f"[rank0]:/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_fully_shard/_fsdp_param.py:618: "
                     f"UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class.")
        if t > ts(2025, 6, 12, 6, 40, 0):
            break
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=4)
    c.add("squeue.txt", squeue([(job, "train", "titan-8b", "pmaier", "R", hms((t_coll - t0).total_seconds()), 8, "node[0412-0419]")]))
    # dcgmi dmon snapshot on every node
    for h in hosts:
        rows = []
        for s in range(20):
            for gi in range(8):
                if h == bad:
                    rows.append((s, gi, (100, rng.choice([1290, 1305, 1320, 1335]), round(rng.uniform(397.5, 400.4), 2),
                                         rng.randint(49, 55), round(rng.uniform(0.90, 0.96), 3))))
                else:
                    rows.append((s, gi, (rng.randint(97, 100), rng.choice([1980, 1980, 1965]), round(rng.uniform(470, 640), 2),
                                         rng.randint(55, 66), round(rng.uniform(0.55, 0.72), 3))))
        c.add(f"{h}/dcgmi_dmon.txt", [f"# dcgmi dmon -e 203,100,155,150,1002 -d 1000 -c 20   ({t_coll:%Y-%m-%d %H:%M:%S} UTC)"] +
              dcgmi_dmon(rows).splitlines())
        gs = _healthy_gpus(rng)
        if h == bad:
            for g in gs:
                g.update(plimit=400.0, power=round(rng.uniform(397, 400), 2), sm=rng.choice([1290, 1305, 1320]),
                         reasons={"swpower": True}, counters={"swpower": rng.randint(12_800_000_000, 13_300_000_000)})
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(add(t_coll, seconds=40), gs, driver="550.54.15", cuda="12.4"))
    # journal of the bad node (local time CEST) and a normal node
    cest = tzh(2)
    J = []
    J.append(f"{f_iso(add(cap_t, seconds=-2.3), cest)} {bad} systemd[1]: Started session-8812.scope - Session 8812 of User svc-ansible.")
    J.append(f"{f_iso(add(cap_t, seconds=-1.9), cest)} {bad} sudo[3318270]: svc-ansible : PWD=/home/svc-ansible ; USER=root ; COMMAND=/bin/sh -c 'echo BECOME-SUCCESS-qbxvwlz; /usr/bin/python3'")
    J.append(f"{f_iso(cap_t, cest)} {bad} ansible-ansible.legacy.command[3318275]: Invoked with _raw_params=nvidia-smi -pl 400 _uses_shell=False expand_argument_vars=True stdin_add_newline=True strip_empty_ends=True argv=None chdir=None executable=None creates=None removes=None stdin=None")
    J.append(f"{f_iso(add(cap_t, seconds=1.4), cest)} {bad} sudo[3318270]: pam_unix(sudo:session): session closed for user root")
    J.append(f"{f_iso(add(cap_t, seconds=2.0), cest)} {bad} systemd[1]: session-8812.scope: Deactivated successfully.")
    J.append(f"{f_iso(add(cap_t, minutes=5), cest)} {bad} systemd[1]: Starting sysstat-collect.service - system activity accounting tool...")
    J.append(f"{f_iso(add(cap_t, minutes=5, seconds=0.2), cest)} {bad} systemd[1]: sysstat-collect.service: Deactivated successfully.")
    c.add(f"{bad}/journalctl.txt", J)
    J2 = []
    for h in ["node0412", "node0418"]:
        J2 = [f"{f_iso(add(cap_t, minutes=5, seconds=0.1), cest)} {h} systemd[1]: Starting sysstat-collect.service - system activity accounting tool...",
              f"{f_iso(add(cap_t, minutes=5, seconds=0.3), cest)} {h} systemd[1]: sysstat-collect.service: Deactivated successfully."]
        c.add(f"{h}/journalctl.txt", J2)
    c.set_label("straggler", "infrastructure", bad, None, "restart_without_node",
                "tps falls ~30% at 01:00 UTC with no error; at that moment (03:00 CEST) config management ran "
                "'nvidia-smi -pl 400' on node0415, whose 8 GPUs now sit at a 400 W cap with SW Power Cap active and ~1300 MHz "
                "SM clocks while every other node runs at 1980 MHz.",
                "https://github.com/l4rz/reverse-engineering-dell-idrac-to-get-rid-of-gpu-throttling/issues/3")
    return c


# ==========================================================================
# ax03 - DeepSpeed ZeRO-3 offload, one GPU's PCIe link trained at Gen4 x4
# ==========================================================================
def ax03():
    c = Case("ax03_optimizer_step_four_times_slower_on_one_rank", 5303)
    rng = c.rng
    hosts = ["hgx-b-23", "hgx-b-24"]
    bad, bad_local, bad_rank = "hgx-b-24", 3, 11
    t0 = ts(2025, 2, 17, 9, 3, 41)
    for ni, h in enumerate(hosts):
        L = [f"{f_pylog(t0)} - torch.distributed.run - WARNING - ",
             "*****************************************",
             "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ",
             "*****************************************"]
        for lr in range(8):
            r = ni * 8 + lr
            L.append(f"[rank{r}]: Using cuda:{lr} NVIDIA H100 80GB HBM3 (pci 0000:{H100_BUS[lr]}:00.0) host={h}")
        L.append(f"[rank{ni * 8}]:[{f_pylog(add(t0, seconds=20))}] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
        L.append(f"[rank{ni * 8}]:[{f_pylog(add(t0, seconds=31))}] [INFO] [config.py:1003:print] zero_optimization ............ stage=3 offload_param=DeepSpeedZeroOffloadParamConfig(device='none', nvme_path=None, buffer_count=5, buffer_size=100000000, max_in_cpu=1000000000, pin_memory=False) offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', nvme_path=None, buffer_count=4, pin_memory=True, pipeline_read=False, pipeline_write=False, fast_init=False, ratio=1.0)")
        t = add(t0, seconds=180)
        for step in range(50, 2401, 50):
            step_s = jitter(rng, 14.6, 0.01)
            t = add(t, seconds=step_s * 50)
            for lr in range(8):
                r = ni * 8 + lr
                fwd = jitter(rng, 1420, 0.02)
                bwd = jitter(rng, 2890, 0.02)
                if r == bad_rank:
                    h2d = jitter(rng, 8480, 0.03)
                    opt = h2d + jitter(rng, 1610, 0.03)
                else:
                    h2d = jitter(rng, 610, 0.05)
                    opt = h2d + jitter(rng, 1590, 0.03)
                wait = step_s * 1000 - fwd - bwd - opt
                L.append(f"[rank{r}]:{f_pylog(add(t, seconds=rng.uniform(0, 0.2)))} steptimer step={step} fwd_ms={fwd:.0f} bwd_ms={bwd:.0f} "
                         f"opt_step_ms={opt:.0f} (cpu_adam+h2d) h2d_ms={h2d:.0f} allreduce_wait_ms={max(wait, 3):.0f}")
            if ni == 0:
                L.append(f"[rank0]:[{f_pylog(t)}] [INFO] [logging.py:128:log_dist] [Rank 0] step={step}, skipped=0, lr=[1.9e-05], mom=[(0.9, 0.95)]")
                L.append(f"[rank0]:{tqdm_bar(step, 12000, step_s * step, step_s * (12000 - step), step_s)}")
        c.add(f"{h}/torchrun.log", L)
    # dmesg raw on the bad node
    boot = ts(2025, 2, 14, 6, 12, 0)
    D = []
    D.append(f"{f_dmesg_raw(add(boot, seconds=0.0), boot)} Linux version 6.5.0-1018-nvidia (buildd@bos03-amd64-012) #18-Ubuntu SMP PREEMPT_DYNAMIC")
    D.append(f"{f_dmesg_raw(add(boot, seconds=4.811203), boot)} pci 0000:5c:00.0: [1000:c030] type 01 class 0x060400")
    D.append(f"{f_dmesg_raw(add(boot, seconds=4.902114), boot)} pci 0000:5d:00.0: [10de:2330] type 00 class 0x030200")
    D.append(f"{f_dmesg_raw(add(boot, seconds=4.903872), boot)} pci 0000:5d:00.0: 63.012 Gb/s available PCIe bandwidth, limited by 16.0 GT/s PCIe x4 link at 0000:5c:00.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)")
    D.append(f"{f_dmesg_raw(add(boot, seconds=29.2), boot)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024")
    t = add(t0, seconds=200)
    n = 0
    while t < add(t0, hours=2, minutes=25):
        t = add(t, seconds=rng.uniform(1.0, 6.0))
        if n % 6 == 5:
            D.append(f"{f_dmesg_raw(t, boot)} pcieport 0000:5c:00.0: AER: Multiple Corrected error message received from 0000:5d:00.0")
        else:
            D.append(f"{f_dmesg_raw(t, boot)} pcieport 0000:5c:00.0: AER: Corrected error message received from 0000:5d:00.0")
        D.append(f"{f_dmesg_raw(t, boot)} nvidia 0000:5d:00.0: PCIe Bus Error: severity=Correctable, type=Physical Layer, (Receiver ID)")
        D.append(f"{f_dmesg_raw(t, boot)} nvidia 0000:5d:00.0:   device [10de:2330] error status/mask=00000001/0000e000")
        D.append(f"{f_dmesg_raw(t, boot)} nvidia 0000:5d:00.0:    [ 0] RxErr                  (First)")
        n += 1
    c.add(f"{bad}/dmesg.txt", D)
    boot2 = ts(2025, 2, 13, 22, 47, 0)
    c.add("hgx-b-23/dmesg.txt", [
        f"{f_dmesg_raw(boot2, boot2)} Linux version 6.5.0-1018-nvidia (buildd@bos03-amd64-012) #18-Ubuntu SMP PREEMPT_DYNAMIC",
        f"{f_dmesg_raw(add(boot2, seconds=4.90), boot2)} pci 0000:5d:00.0: [10de:2330] type 00 class 0x030200",
        f"{f_dmesg_raw(add(boot2, seconds=29.1), boot2)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
        f"{f_dmesg_raw(add(boot2, seconds=61.7), boot2)} systemd-journald[1123]: File /var/log/journal/3f2c/system.journal corrupted or uncleanly shut down, renaming and replacing.",
    ])
    t_coll = add(t0, hours=2, minutes=27)
    for h in hosts:
        gs = _healthy_gpus(rng)
        if h == bad:
            gs[bad_local].update(gen_cur=4, width_cur=4, replays=18234, tx_kbs=2911000, rx_kbs=2604000)
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_coll, gs, driver="550.90.07", cuda="12.4"))
    c.add(f"{bad}/lspci-vv-5d.txt", [
        "5d:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
        "\tSubsystem: NVIDIA Corporation GH100 [H100 SXM5 80GB]",
        "\tPhysical Slot: 3",
        "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+",
        "\tCapabilities: [68] Express (v2) Endpoint, MSI 00",
        "\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us",
        "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
        "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
        "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
        "\t\tLnkSta:\tSpeed 16GT/s (downgraded), Width x4 (downgraded)",
        "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
        "\tCapabilities: [100 v1] Advanced Error Reporting",
        "\t\tCESta:\tRxErr+ BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr-",
    ])
    c.add("ds_config_zero3_offload.json", [
        "{", '  "bf16": {"enabled": true},', '  "zero_optimization": {', '    "stage": 3,',
        '    "offload_optimizer": {"device": "cpu", "pin_memory": true},', '    "overlap_comm": true,',
        '    "contiguous_gradients": true,', '    "stage3_max_live_parameters": 1e9', "  },",
        '  "gradient_accumulation_steps": 4,', '  "train_micro_batch_size_per_gpu": 2,', '  "wall_clock_breakdown": false', "}"])
    c.set_label("straggler", "infrastructure", bad, bad_rank, "restart_without_node",
                "Every rank spends ~0.6 s in host-to-device copies except rank 11, which needs ~9 s and holds everyone in "
                "allreduce; rank 11 is GPU 3 (0000:5d:00.0) on hgx-b-24, whose PCIe link trained at 16GT/s x4 instead of "
                "32GT/s x16 (boot message, lspci, nvidia-smi) with a stream of corrected RxErr.",
                "https://github.com/janhq/jan/issues/183")
    return c


# ==========================================================================
# ax04 - Lightning DDP, foreign interactive process sharing GPU 2 of one node
# ==========================================================================
def ax04():
    c = Case("ax04_iterations_per_second_drop_mid_epoch", 5304)
    rng = c.rng
    hosts = ["cn-g017", "cn-g018", "cn-g019", "cn-g020"]
    bad, bad_local, bad_rank = "cn-g019", 2, 10
    t0 = ts(2024, 11, 20, 9, 12, 5)
    intr = ts(2024, 11, 20, 14, 1, 48)
    job = 2209187
    L = []
    for ni, h in enumerate(hosts):
        for lr in range(4):
            r = ni * 4 + lr
            L.append(f"{r}: Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/16")
    L.append("0: ----------------------------------------------------------------------------------------------------")
    L.append("0: distributed_backend=nccl")
    L.append("0: All distributed processes registered. Starting with 16 processes")
    L.append("0: ----------------------------------------------------------------------------------------------------")
    L.append("0: ")
    for ni, h in enumerate(hosts):
        for lr in range(4):
            r = ni * 4 + lr
            L.append(f"{r}: LOCAL_RANK: {lr} - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
    L += ["0: ", "0:   | Name    | Type             | Params | Mode ", "0: -----------------------------------------------------",
          "0: 0 | model   | SwinTransformerV2 | 196 M  | train", "0: 1 | loss_fn | CrossEntropyLoss | 0      | train",
          "0: -----------------------------------------------------", "0: 196 M     Trainable params", "0: 0         Non-trainable params",
          "0: 196 M     Total params", "0: 787.424   Total estimated model params size (MB)"]
    n_per_epoch = 5004
    t = add(t0, seconds=70)
    epoch = 0
    i = 0
    el = 0.0
    done = False
    while not done:
        i += 50
        rate = jitter(rng, 2.08, 0.01) if t < intr else jitter(rng, 1.31, 0.04)
        dt = 50 / rate
        t = add(t, seconds=dt)
        el += dt
        if i > n_per_epoch:
            L.append(f"0: Epoch {epoch}: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| {n_per_epoch}/{n_per_epoch} [{mmss(el)}<00:00, {rate:.2f}it/s, v_num=41, train_loss={rng.uniform(2.0, 2.4):.3f}]")
            L.append(f"0: Validation DataLoader 0: 100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 196/196 [01:31<00:00,  2.14it/s]")
            t = add(t, seconds=92)
            epoch += 1
            i = 50
            el = dt
        L.append("0: " + lightning_bar(epoch, i, n_per_epoch, mmss(el), mmss((n_per_epoch - i) / rate), rate,
                                       f", v_num=41, train_loss={rng.uniform(1.9, 2.6):.3f}"))
        if t > ts(2024, 11, 20, 15, 2, 0):
            done = True
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=2)
    c.add("squeue.txt", squeue([(job, "a100", "swinv2-in22k", "rbaptiste", "R", hms((t_coll - t0).total_seconds()), 4, "cn-g[017-020]")]))
    for ni, h in enumerate(hosts):
        gs = _healthy_gpus(rng, n=4, bus=A100_BUS, name="NVIDIA A100-SXM4-80GB", fb_total=81920, plimit=400.0,
                           def_plimit=400.0, max_plimit=400.0, max_sm=1410, app_sm=1410, mem_clk=1593, max_mem=1593)
        for g in gs:
            g.update(sm=1410, power=round(rng.uniform(300, 385), 2), fb_used=rng.randint(61000, 64000))
        procs = [{"gpu": lr, "pid": 311200 + lr * 7, "name": "/opt/conda/bin/python", "mem": gs[lr]["fb_used"] - 6} for lr in range(4)]
        if h == bad:
            gs[bad_local]["fb_used"] += 18442
            gs[bad_local]["power"] = 399.2
            gs[bad_local]["reasons"] = {"swpower": True}
            procs.insert(3, {"gpu": 2, "pid": 1184021, "name": "python3", "mem": 18436})
        c.add(f"{h}/nvidia-smi.txt", smi_table(add(t_coll, seconds=ni * 3), gs, procs, driver="535.183.06", cuda="12.2"))
    c.add(f"{bad}/ps.txt", [
        "$ ps -eo pid,user,lstart,etime,pcpu,rss,args --sort=-pcpu | head -12",
        "    PID USER                      STARTED     ELAPSED %CPU   RSS COMMAND",
        " 311200 rbaptis+ Wed Nov 20 09:12:41 2024    05:52:10  312 41203312 /opt/conda/bin/python train.py fit --config configs/swinv2_in22k.yaml",
        " 311207 rbaptis+ Wed Nov 20 09:12:41 2024    05:52:10  309 40922184 /opt/conda/bin/python train.py fit --config configs/swinv2_in22k.yaml",
        " 311214 rbaptis+ Wed Nov 20 09:12:41 2024    05:52:10  301 41170112 /opt/conda/bin/python train.py fit --config configs/swinv2_in22k.yaml",
        " 311221 rbaptis+ Wed Nov 20 09:12:41 2024    05:52:10  306 41004408 /opt/conda/bin/python train.py fit --config configs/swinv2_in22k.yaml",
        "1184021 mchen     Wed Nov 20 14:01:48 2024    01:03:03 98.7 9311240 python3 serve_eval.py --model /scratch/mchen/ckpt/llava-ft-3 --port 8011 --device cuda:2",
        " 311266 rbaptis+ Wed Nov 20 09:12:52 2024    05:51:59 41.2 2101884 /opt/conda/bin/python train.py fit --config configs/swinv2_in22k.yaml",
        "   2871 root     Mon Nov 11 08:02:13 2024 9-07:01:38  0.6 118224 /usr/sbin/slurmd -D -s",
        "   3102 root     Mon Nov 11 08:02:15 2024 9-07:01:36  0.3 52020 /usr/bin/nv-hostengine -n --service-account nvidia-dcgm",
    ])
    c.add(f"{bad}/last.txt", [
        "$ last -n 4",
        "mchen    pts/3        10.10.4.77       Wed Nov 20 13:58   still logged in",
        "root     pts/1        10.10.0.5        Tue Nov 19 17:21 - 17:40  (00:18)",
        "reboot   system boot  5.14.0-427.13.1. Mon Nov 11 08:01   still running",
        "",
        "wtmp begins Mon Nov 11 08:01:22 2024",
    ])
    c.add(f"{bad}/secure.log", [
        f"{f_syslog(ts(2024, 11, 20, 13, 58, 2))} {bad} sshd[1183877]: Accepted publickey for mchen from 10.10.4.77 port 51322 ssh2: ED25519 SHA256:Qx2c0PZkU9w1g4mB0Yc7eS1r4uV3Yp4tC2oX8yFQb0s",
        f"{f_syslog(ts(2024, 11, 20, 13, 58, 2))} {bad} sshd[1183877]: pam_unix(sshd:session): session opened for user mchen(uid=41177) by (uid=0)",
        f"{f_syslog(ts(2024, 11, 20, 13, 58, 2))} {bad} sshd[1183877]: pam_slurm_adopt(sshd:account): Ignoring root and admin group user mchen",
    ])
    c.set_label("straggler", "infrastructure", bad, bad_rank, "restart_without_node",
                "Throughput drops from 2.08 to ~1.3 it/s at 14:02 with no error; at 14:01:48 an admin-group user started an "
                "inference server on cn-g019 GPU 2, which now carries two processes (the training rank, global rank 10, and "
                "serve_eval.py) while every other GPU runs only the job.",
                "https://github.com/kaldi-asr/kaldi/issues/1319")
    return c


# ==========================================================================
# ax05 - one node's HCA trained at 2X width (200 instead of 400); red herring flap
# ==========================================================================
def ax05():
    c = Case("ax05_allreduce_bandwidth_low_since_job_start", 5305)
    rng = c.rng
    hosts = [f"h100-r07-n{n:02d}" for n in range(1, 9)]
    bad = "h100-r07-n05"
    herring = "h100-r07-n02"
    t0 = ts(2025, 4, 8, 13, 20, 0)
    job = 918276
    L = []
    for ni, h in enumerate(hosts):
        pid = 51200 + ni * 31
        L.append(f"{ni * 8:>2}: {h}:{pid}:{pid} [0] NCCL INFO Bootstrap : Using ibp26s0:10.7.{ni}.11<0>")
        if ni == 0:
            L.append(f" 0: {h}:{pid}:{pid} [0] NCCL INFO NCCL version 2.21.5+cuda12.4")
        L.append(f"{ni * 8:>2}: {h}:{pid}:{pid + 88} [0] NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB ; OOB ibp26s0:10.7.{ni}.11<0>")
        L.append(f"{ni * 8:>2}: {h}:{pid}:{pid + 88} [0] NCCL INFO Using network IB")
    L.append(f" 0: {hosts[0]}:51200:51288 [0] NCCL INFO comm 0x55e0c4a1f2d0 rank 0 nRanks 64 nNodes 8 localRanks 8 localRank 0 MNNVL 0")
    L.append(f" 0: {hosts[0]}:51200:51288 [0] NCCL INFO Channel 00/16 :    0   8  16  24  32  40  48  56")
    L.append(f" 0: {hosts[0]}:51200:51288 [0] NCCL INFO Connected all rings")
    L.append(f" 0: {hosts[0]}:51200:51288 [0] NCCL INFO ncclCommInitRank comm 0x55e0c4a1f2d0 rank 0 nranks 64 cudaDev 0 nvmlDev 0 busId 18000 commId 0x9a1f22c03b6d1e77 - Init COMPLETE")
    args = {"tensor_model_parallel_size": 1, "pipeline_model_parallel_size": 1, "micro_batch_size": 4,
            "global_batch_size": 1024, "seq_length": 4096, "num_layers": 24, "hidden_size": 2048,
            "log_interval": 20, "overlap_grad_reduce": False, "use_distributed_optimizer": False,
            "timing_log_level": 1}
    L += [" 0: " + x for x in megatron_args(args)]
    t = add(t0, seconds=80)
    for it in range(20, 3001, 20):
        ms = jitter(rng, 1742.0, 0.01)
        t = add(t, seconds=ms * 20 / 1000)
        L.append("63: " + megatron_iter(t, it, 60000, it * 1024, ms, jitter(rng, 161.0, 0.01), 2e-4, 1024,
                                         3.4 - it / 3000 * 0.7 + rng.uniform(-0.03, 0.03), rng.uniform(0.3, 0.6)))
        if it % 200 == 0:
            L += [" 0: " + x for x in megatron_timers([
                ("forward-backward", jitter(rng, 694, 0.01), jitter(rng, 699, 0.01)),
                ("all-grads-sync", jitter(rng, 962, 0.01), jitter(rng, 971, 0.01)),
                ("optimizer", jitter(rng, 58, 0.02), jitter(rng, 60, 0.02)),
                ("batch-generator", 0.9, 2.2)])]
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=3)
    c.add("squeue.txt", squeue([(job, "batch", "gpt-1b-dp", "sahmed", "R", hms((t_coll - t0).total_seconds()), 8, "h100-r07-n[01-08]")]))
    c.add("baseline_same_config_job918002.txt", [
        "# iteration lines from job 918002 (same sbatch, nodes h100-r03-n[01-08]), 2025-04-06",
        "63: " + megatron_iter(ts(2025, 4, 6, 10, 2, 11), 2000, 60000, 2048000, 1103.4, 254.1, 2e-4, 1024, 2.931, 0.41),
        "63: " + megatron_iter(ts(2025, 4, 6, 10, 2, 33), 2020, 60000, 2068480, 1098.9, 255.2, 2e-4, 1024, 2.927, 0.39),
        " 0: (min, max) time across ranks (ms):",
        " 0:     all-grads-sync .................................: (331.20, 336.91)",
    ])
    guid_base = 0x946dae0300a1b2c0
    for ni, h in enumerate(hosts):
        hcas = []
        names = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]
        for k, nm in enumerate(names):
            rate = 200 if (h == bad and nm == "mlx5_4") else 400
            hcas.append({"name": nm, "guid": f"0x{guid_base + ni * 0x100 + k:016x}", "lid": 1100 + ni * 8 + k, "rate": rate})
        c.add(f"{h}/ibstat.txt", ibstat(hcas))
        pq = []
        for k, nm in enumerate(names):
            cnt = {"wait": rng.randint(10_000_000, 90_000_000)}
            if h == herring and nm == "mlx5_6":
                cnt["down"] = 1
                cnt["rec"] = 1
            if h == bad and nm == "mlx5_4":
                cnt["rec"] = 2
                cnt["wait"] = rng.randint(2_100_000_000, 2_400_000_000)
            pq.append(f"## {nm}")
            pq += perfquery(1100 + ni * 8 + k, cnt).splitlines()
        c.add(f"{h}/perfquery.txt", pq)
    c.add(f"{bad}/mlxlink_mlx5_4.txt", [
        "",
        "Operational Info",
        "----------------",
        "State                              : Active",
        "Physical state                     : LinkUp",
        "Speed                              : IB-NDR",
        "Width                              : 2x",
        "FEC                                : Standard LL RS-FEC - RS(271,257)",
        "Loopback Mode                      : No Loopback",
        "Auto Negotiation                   : ON",
        "",
        "Supported Info",
        "--------------",
        "Enabled Link Speed                 : 0x00000001 (NDR)",
        "Supported Cable Speed              : 0x00000001 (NDR)",
        "",
        "Troubleshooting Info",
        "--------------------",
        "Status Opcode                      : 0",
        "Group Opcode                       : N/A",
        "Recommendation                     : No issue was observed",
    ])
    boot = ts(2025, 4, 2, 7, 0, 0)
    c.add(f"{herring}/syslog.txt", [
        f"{f_syslog(add(t0, hours=-3, minutes=-12))} {herring} kernel: [{(add(t0, hours=-3, minutes=-12) - boot).total_seconds():.6f}] mlx5_core 0000:ab:00.0 ibp171s0: Link down",
        f"{f_syslog(add(t0, hours=-3, minutes=-12, seconds=9))} {herring} kernel: [{(add(t0, hours=-3, minutes=-12, seconds=9) - boot).total_seconds():.6f}] mlx5_core 0000:ab:00.0 ibp171s0: Link up",
        f"{f_syslog(add(t0, hours=-3, minutes=-11))} {herring} opensm-monitor[4410]: port 0x{guid_base + 0x100 + 4:016x} state ACTIVE",
        f"{f_syslog(add(t0, minutes=-2))} {herring} systemd[1]: Started slurmstepd job {job}.",
    ])
    pair = ["# all_reduce_perf -b 8G -e 8G -g 8 between node pairs (run on the allocation by on-call, job paused)",
            "#  pair                              size(B)     algbw(GB/s)  busbw(GB/s)"]
    import itertools
    for a, b in itertools.combinations(range(8), 2):
        if a + 1 == b or (a, b) in [(0, 4), (1, 5), (2, 6), (3, 7)]:
            has_bad = hosts[a] == bad or hosts[b] == bad
            bw = jitter(rng, 97.0, 0.02) if has_bad else jitter(rng, 186.0, 0.02)
            pair.append(f"  {hosts[a]} + {hosts[b]}   8589934592   {bw / 1.875:10.2f}   {bw:10.2f}")
    c.add("nccl_tests_pairs.txt", pair)
    c.set_label("straggler", "infrastructure", bad, None, "restart_without_node",
                "The job runs ~60% slower than the same config elsewhere, dominated by all-grads-sync, with no error. "
                "h100-r07-n05's mlx5_4 is up at 2x width (Rate 200 vs 400, PortXmitWait far higher) and every node pair "
                "that includes n05 reaches half the bus bandwidth; n02's link flap was hours before the job and is healthy now.",
                "https://github.com/NVIDIA/nccl/issues/307")
    return c


# ==========================================================================
# ax13 - one node's 8 ranks consistently slowest, nothing in telemetry
# ==========================================================================
def ax13():
    c = Case("ax13_same_eight_ranks_always_slowest_health_checks_clean", 5313)
    rng = c.rng
    hosts = [f"gpu-b7-{n}" for n in range(101, 109)]
    bad_ni = 4
    bad = hosts[bad_ni]
    t0 = ts(2025, 1, 28, 18, 5, 30)
    job = 3350982
    L = []
    args = {"tensor_model_parallel_size": 4, "pipeline_model_parallel_size": 1, "micro_batch_size": 1,
            "global_batch_size": 256, "seq_length": 8192, "log_interval": 20, "log_straggler": True,
            "straggler_minmax_count": 8, "train_iters": 120000}
    L += [" 0: " + x for x in megatron_startup(add(t0, seconds=50), 64, 4, 1)]
    L += [" 0: " + x for x in megatron_args(args)]
    L.append(" 0: INFO:megatron.core.utils:Controller ready to recv commands on port 65535. Current state ON")
    t = add(t0, seconds=90)
    bad_ranks = list(range(bad_ni * 8, bad_ni * 8 + 8))
    for it in range(20, 6001, 20):
        ms = jitter(rng, 3318.0, 0.006)
        t = add(t, seconds=ms * 20 / 1000)
        L.append("63: " + megatron_iter(t, it, 120000, it * 256, ms, jitter(rng, 352.0, 0.006), 1.5e-4, 256,
                                         2.8 - it / 6000 * 0.4 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.3)))
        rtt = {r: jitter(rng, 2890.0, 0.004) for r in range(64)}
        for r in bad_ranks:
            rtt[r] = jitter(rng, 3240.0, 0.004)
        et = {r: 1.0e6 / rtt[r] for r in range(64)}
        clk = {r: rng.choice([1980, 1980, 1965]) for r in range(64)}
        tmp = {r: rng.randint(53, 67) for r in range(64)}
        pwr = {r: rng.randint(560000, 690000) for r in range(64)}
        utl = {r: rng.randint(98, 100) for r in range(64)}
        drt = {r: rng.uniform(0.7, 3.1) for r in range(64)}

        def mm(d):
            a = min(d, key=d.get)
            b = max(d, key=d.get)
            return (d[a], a), (d[b], b)
        d = {}
        for key, dd in [("rtt", rtt), ("pwr", pwr), ("tmp", tmp), ("utl", utl), ("clk", clk), ("drtt", drt), ("etpt", et)]:
            d[key + "_min"], d[key + "_max"] = mm(dd)
        L.append(" 0: " + megatron_straggler(t, d))
        s = sorted(et, key=et.get)
        L.append(" 0: INFO:megatron.core.utils:^^^^ Bottom 8 Ranks with lowest  Etpt(TF):" + "".join(f" {et[r]:.2f}TF/{r}," for r in s[:8]))
        L.append(" 0: INFO:megatron.core.utils:^^^^ Top    8 Ranks with highest Etpt(TF):" + "".join(f" {et[r]:.2f}TF/{r}," for r in s[-8:]))
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=6)
    c.add("squeue.txt", squeue([(job, "prod", "mm-13b-tp4", "yzhang", "R", hms((t_coll - t0).total_seconds()), 8, "gpu-b7-[101-108]")]))
    c.add("node_to_ranks.txt", [f"{h}: ranks {ni * 8}-{ni * 8 + 7}" for ni, h in enumerate(hosts)])
    for ni, h in enumerate(hosts):
        gs = _healthy_gpus(rng)
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_coll, gs, driver="550.127.05", cuda="12.4"))
        hcas = [{"name": nm, "guid": f"0x{0xb83fd20300f41200 + ni * 0x40 + k:016x}", "lid": 300 + ni * 8 + k}
                for k, nm in enumerate(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"])]
        c.add(f"{h}/ibstat.txt", ibstat(hcas))
        P = []
        P += prom("node_load1", "1m load average.", "gauge", [("", round(rng.uniform(9.0, 12.5), 2), None)])
        P += prom("node_memory_MemAvailable_bytes", "Memory information field MemAvailable_bytes.", "gauge",
                  [("", float(rng.randint(1_410_000_000_000, 1_480_000_000_000)), None)])
        P += prom("node_memory_SwapFree_bytes", "Memory information field SwapFree_bytes.", "gauge", [("", 0.0, None)])
        P += prom("node_cpu_scaling_frequency_hertz", "Current scaled CPU thread frequency in hertz.", "gauge",
                  [(f'cpu="{k}"', float(rng.choice([3.8e9, 3.7e9, 3.75e9])), None) for k in range(0, 8)])
        P += prom("node_pressure_cpu_waiting_seconds_total", "Total time in seconds that processes have waited for CPU time", "counter",
                  [("", round(rng.uniform(1800, 2600), 3), None)])
        c.add(f"{h}/node_exporter.prom", P)
        boot = add(t0, hours=-rng.randint(50, 300))
        c.add(f"{h}/dmesg.txt", [
            f"{f_dmesg_raw(boot, boot)} Linux version 5.15.0-1063-nvidia (buildd@lcy02-amd64-080) #64-Ubuntu SMP",
            f"{f_dmesg_raw(add(boot, seconds=30.2), boot)} NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:31:04 UTC 2024",
            f"{f_dmesg_raw(add(boot, seconds=44.9), boot)} mlx5_core 0000:1a:00.0: mlx5_pcie_event:301:(pid 1233): PCIe slot advertised sufficient power (27W).",
        ])
    c.add(f"{bad}/dcgmi_diag_r1.txt", [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.9                                          |",
        "| Driver Version Detected   | 550.127.05                                     |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+---------------------------+------------------------------------------------+",
    ])
    c.set_label("straggler", "infrastructure", bad, None, "run_diagnostics",
                "For 6000 iterations the bottom-8 list of the straggler detector is always ranks 32-39 (all of gpu-b7-105) "
                "at ~12% lower throughput, while clocks, temperatures, power, IB ports, host metrics, dmesg and a quick dcgmi "
                "diag on that node are all normal; the slow node is clear but the cause is not.",
                "https://arxiv.org/abs/2505.05713")
    return c


# ==========================================================================
# ax17 - torchtitan, one GPU in HW thermal slowdown at 210 MHz -> 100 s timeouts
# ==========================================================================
def ax17():
    c = Case("ax17_step_time_climbs_then_watchdog_timeouts_everywhere", 5317)
    rng = c.rng
    hosts = ["a3mega-a12-0031", "a3mega-a12-0032", "a3mega-a12-0033", "a3mega-a12-0034"]
    bad, bad_local, bad_rank = "a3mega-a12-0032", 5, 13
    t0 = ts(2025, 5, 14, 3, 2, 44)
    job = 66120
    seq_timeout = 48213
    # rank0 log
    L = []
    L.append(titan(t0, "Starting job: Llama 3 70B FSDP, 32xH100"))
    L.append(titan(add(t0, seconds=2), "Building 1-D device mesh with ['dp_shard'], [32]"))
    L.append(titan(add(t0, seconds=14), "Model llama3 70B size: 70,553,706,496 total parameters"))
    L.append(titan(add(t0, seconds=15), "Applied full activation checkpointing to the model"))
    L.append(titan(add(t0, seconds=16), "Applied FSDP to the model"))
    L.append(titan(add(t0, seconds=19), "Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 30000 (warmup 500)"))
    t = add(t0, seconds=60)
    L.append(titan(t, "step:  1  loss: 12.2405  grad_norm: 21.2113  memory: 59.18GiB(74.81%)  tps: 205  tflops: 95.02  mfu: 9.61%"))
    L.append(titan(add(t, seconds=0.01), "Synchronizing and adjusting timeout for all ProcessGroups to 0:01:40"))
    step = 1
    slow_from = ts(2025, 5, 14, 10, 41, 0)

    def bad_clock(tt):
        if tt < slow_from:
            return 1980
        k = min(1.0, (tt - slow_from).total_seconds() / 600.0)
        return max(210, int(1980 - k * 1770) // 15 * 15)
    base = 20.6
    acc = []
    t_to = None
    while t_to is None:
        step += 1
        st = jitter(rng, base, 0.008) * 1980.0 / bad_clock(t)
        if st > 100.0:
            t_to = add(t, seconds=100.0 + rng.uniform(0.05, 0.4))
            break
        t = add(t, seconds=st)
        acc.append(st)
        if step % 5 == 1:
            avg = sum(acc) / len(acc)
            acc = []
            tps = int(2 * 8192 / avg)
            tflops = tps * 6 * 70.55e9 / 1e12 * 1.2
            L.append(titan_step(t, step, 1.92 - 0.3 * min(1, step / 3000) + rng.uniform(-0.02, 0.02), rng.uniform(0.15, 0.3),
                                61.20, 77.38, tps, tflops, tflops / 9.89))
    # timeouts on every rank except 13
    W = []
    for r in range(32):
        if r == bad_rank:
            continue
        tr = add(t_to, seconds=rng.uniform(0, 0.9))
        W += watchdog_block(tr, r, seq_timeout, "_REDUCE_SCATTER_BASE", 1102127104, 100000, 100000 + rng.randint(11, 95), rng,
                            last_enq=seq_timeout, last_comp=seq_timeout - 1, numel_out=34441472)
    c.add(f"slurm-{job}.out", L + W)
    # per-node torchrun logs
    for ni, h in enumerate(hosts):
        E = [f"{f_pylog(t0)} torchrun: nnodes=4 nproc_per_node=8 node_rank={ni} rdzv_endpoint={hosts[0]}:29500"]
        for lr in range(8):
            E.append(f"[default{lr}]:host={h} local_rank={lr} global_rank={ni * 8 + lr} device=cuda:{lr} pci=0000:{H100_BUS[lr]}:00.0")
        if ni == 0:
            E += elastic_failure(add(t_to, seconds=2.5), h, "train.py", [(2, 2, -6, 190221, 6)])
        else:
            E.append(f"{f_pylog(add(t_to, seconds=3.1))} torch.distributed.elastic.agent.server.api: [WARNING] Received 15 death signal, shutting down workers")
            E.append(f"{f_pylog(add(t_to, seconds=3.2))} torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {190300 + ni * 9} closing signal SIGTERM")
        c.add(f"{h}/torchrun.log", E)
    # telemetry: per-node nvidia-smi CSV loop (30 s)
    for ni, h in enumerate(hosts):
        rows = ["timestamp, index, clocks.current.sm [MHz], temperature.gpu, power.draw [W], clocks_throttle_reasons.active"]
        tt = add(slow_from, minutes=-20)
        while tt < add(t_to, seconds=60):
            for gi in range(8):
                if h == bad and gi == bad_local and tt >= slow_from:
                    k = min(1.0, (tt - slow_from).total_seconds() / 600.0)
                    clk = int(1980 - k * 1770) // 15 * 15
                    clk = max(clk, 210)
                    temp = int(84 + 9 * k)
                    pw = 660 - 500 * k
                    rs = "0x0000000000000068" if k > 0.05 else "0x0000000000000020"
                elif h == bad and gi == bad_local:
                    clk, temp, pw, rs = 1980, rng.randint(79, 83), rng.uniform(600, 680), "0x0000000000000000"
                else:
                    clk = rng.choice([1980, 1980, 1965])
                    temp = rng.randint(55, 68)
                    pw = rng.uniform(420, 690) if tt < slow_from else rng.uniform(120, 260)
                    rs = "0x0000000000000004" if pw > 680 else "0x0000000000000000"
                rows.append(f"{tt:%Y/%m/%d %H:%M:%S}.{rng.randint(0, 999):03d}, {gi}, {clk} MHz, {temp}, {pw:.2f} W, {rs}")
            tt = add(tt, seconds=30)
        c.add(f"{h}/gpu_query_loop.csv", rows)
    # flight recorder analysis
    c.add("fr_trace_analysis.txt", [
        f"$ torchfrtrace /shared/fr_dumps/job{job}/ -j --print_stack_trace",
        "Not all ranks joining collective 48213 at entry 48212",
        "group info: 0:default_pg",
        "collective: nccl:_reduce_scatter_base",
        "missing ranks: {13}",
        "input sizes: [[1102127104]]",
        "output sizes: [[34441472]]",
        "expected ranks: 32",
        "collective state: scheduled",
        "collective stack trace:",
        "  _reduce_scatter_base at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:4176",
        "  foreach_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py:392",
        "  post_backward at /usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py:463",
        "",
        "rank 13: last enqueued 48212 (nccl:_all_gather_base, completed), no dump entry for 48213",
    ])
    gs = _healthy_gpus(rng)
    gs[bad_local].update(sm=210, temp=91, power=88.41, util=0, fb_used=0,
                         reasons={"hwslow": True, "hwthermal": True, "swthermal": True},
                         counters={"hwthermal": 612_004_000, "swthermal": 655_120_000, "swpower": 1_201_000})
    for g in gs:
        if g["idx"] != bad_local:
            g.update(util=0, fb_used=0, power=round(rng.uniform(68, 80), 2), temp=rng.randint(36, 44), reasons={"idle": True}, counters={})
    c.add(f"{bad}/nvidia-smi-q_after_failure.txt", smi_q(add(t_to, seconds=75), gs, driver="550.90.07", cuda="12.4"))
    c.set_label("straggler", "infrastructure", bad, bad_rank, "restart_without_node",
                "Step time rises from ~21 s towards the 100 s torchtitan timeout and then 31 ranks time out in reduce_scatter; "
                "the flight recorder shows only rank 13 never joined, and rank 13's GPU (a3mega-a12-0032 GPU 5) fell from "
                "1980 MHz to a few hundred MHz with HW thermal slowdown above 90 C during the same 10 minutes. The torchrun root cause on "
                "another host is only the first rank to time out.",
                "https://github.com/leptonai/gpud/pull/330")
    return c


# ==========================================================================
# ax18 - foreign memory hog on one node -> swapping -> others time out
# ==========================================================================
def ax18():
    c = Case("ax18_iterations_slow_to_minutes_then_nccl_timeouts", 5318)
    rng = c.rng
    hosts = [f"dgx-h100-{n}" for n in range(11, 19)]
    bad = "dgx-h100-17"
    bad_ni = hosts.index(bad)
    t0 = ts(2025, 8, 19, 8, 0, 12)
    hog = ts(2025, 8, 19, 11, 19, 40)
    job, other_job = 4488001, 4490112
    L = []
    args = {"tensor_model_parallel_size": 8, "pipeline_model_parallel_size": 1, "global_batch_size": 512,
            "micro_batch_size": 1, "seq_length": 4096, "log_interval": 10, "distributed_timeout_minutes": 10,
            "num_workers": 2, "data_path": "/data/tokens/mix_v4_text_document", "mmap_bin_files": True}
    L += [" 0: " + x for x in megatron_startup(add(t0, seconds=44), 64, 8, 1)]
    L += [" 0: " + x for x in megatron_args(args)]
    t = add(t0, seconds=80)
    it = 0
    while True:
        it += 10
        if t < hog:
            ms = jitter(rng, 3020.0, 0.007)
        else:
            k = (t - hog).total_seconds()
            ms = 3020.0 * (1 + (k / 600.0) ** 2 * 4.5)
            ms = min(ms, 190000.0)
        t = add(t, seconds=ms * 10 / 1000)
        L.append("63: " + megatron_iter(t, it, 100000, it * 512, ms, 410.0 * 3020.0 / ms, 1.2e-4, 512,
                                         2.61 - it / 8000 * 0.2 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.3)))
        if ms >= 150000.0:
            break
    t_hang_start = t
    t_to = add(t, seconds=601.3)
    W = []
    seq = it * 4 + 133
    for ni, h in enumerate(hosts):
        for lr in range(8):
            r = ni * 8 + lr
            if h == bad:
                continue
            W += watchdog_block(add(t_to, seconds=rng.uniform(0, 1.5)), r, seq, "ALLREDUCE", 1, 600000,
                                600000 + rng.randint(10, 400), rng, last_enq=seq, last_comp=seq - 1,
                                prefix=f"{r:>2}: ")
    W.append(f"srun: error: {hosts[0]}: tasks 0-7: Aborted (core dumped)")
    W.append(f"srun: error: {hosts[3]}: tasks 24-31: Aborted (core dumped)")
    W.append(f"srun: error: {bad}: tasks 48-55: Terminated")
    W.append("srun: Terminating StepId=%d.0" % job)
    c.add(f"slurm-{job}.out", L + W)
    c.add("sacct.txt", sacct([
        (str(job), "pretrain-13b", "gpu", "llm-core", 1792, "FAILED", "6:0"),
        (f"{job}.batch", "batch", "", "llm-core", 224, "FAILED", "6:0"),
        (f"{job}.0", "python", "", "llm-core", 1792, "FAILED", "6:0"),
        (str(other_job), "tok-prep", "cpu-shared", "nlp-data", 112, "RUNNING", "0:0"),
    ]))
    c.add("scontrol_show_node_dgx-h100-17.txt", [
        f"NodeName={bad} Arch=x86_64 CoresPerSocket=56",
        "   CPUAlloc=224 CPUEfctv=224 CPUTot=224 CPULoad=311.42",
        "   AvailableFeatures=h100,ib,nvme",
        "   Gres=gpu:h100:8(S:0-1)",
        "   RealMemory=2060000 AllocMem=2060000 FreeMem=1402 Sockets=2 Boards=1",
        "   State=MIXED ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   Partitions=gpu,cpu-shared",
        f"   BootTime=2025-08-02T04:11:19 SlurmdStartTime=2025-08-02T04:13:02",
        "   CfgTRES=cpu=224,mem=2060000M,billing=224,gres/gpu=8",
        "   AllocTRES=cpu=224,mem=2060000M,gres/gpu=8",
    ])
    # node_exporter samples with timestamps (bad node) and one normal node
    for h in [bad, hosts[0], hosts[3]]:
        P = []
        samples_swap, samples_maj, samples_load, samples_psi = [], [], [], []
        tt = add(hog, minutes=-10)
        maj = 1.2e7
        while tt <= add(t_to, minutes=1):
            after = tt >= hog and h == bad
            k = max(0.0, (tt - hog).total_seconds() / 1800.0) if after else 0.0
            samples_swap.append(("", float(int(68_719_476_736 * (1 - min(1.0, k * 1.4)))) if h == bad else 68_719_476_736.0, tt))
            maj += (rng.uniform(2e5, 9e5) if after else rng.uniform(200, 900))
            samples_maj.append(("", float(int(maj)), tt))
            samples_load.append(("", round(300 * min(1, k * 3) + rng.uniform(8, 14), 2) if after else round(rng.uniform(9, 14), 2), tt))
            samples_psi.append(("", round(rng.uniform(0.5, 0.95) if after and k > 0.05 else 0.0, 4), tt))
            tt = add(tt, minutes=5)
        P += prom("node_memory_SwapFree_bytes", "Memory information field SwapFree_bytes.", "gauge", samples_swap)
        P += prom("node_vmstat_pgmajfault", "/proc/vmstat information field pgmajfault.", "untyped", samples_maj)
        P += prom("node_load1", "1m load average.", "gauge", samples_load)
        P += prom("node_pressure_memory_full_ratio", "Fraction of wall time all non-idle tasks were stalled on memory (derived from node_pressure_memory_stalled_seconds_total).", "gauge", samples_psi)
        c.add(f"{h}/node_exporter_series.prom", P)
    c.add(f"{bad}/ps_top_rss.txt", [
        "$ ps -eo pid,user,etime,pcpu,rss,args --sort=-rss | head -14",
        "    PID USER         ELAPSED %CPU   RSS COMMAND",
    ] + [f"{2301120 + k * 3:>7} jliu        {hms((t_to - hog).total_seconds() + 60 - k)} {rng.uniform(40, 99):5.1f} {rng.randint(14_100_000, 15_900_000):>9} python tools/preprocess_data.py --input /data/raw/cc_2025_08.jsonl --output-prefix /data/tok/cc_2025_08 --workers 112 --tokenizer-type HuggingFaceTokenizer" for k in range(8)] + [
        f"{190882 + 0:>7} svc-llm     {hms((t_to - t0).total_seconds())} 101.2 38112044 /usr/bin/python -u pretrain_gpt.py --tensor-model-parallel-size 8 ...",
        f"{190889 + 0:>7} svc-llm     {hms((t_to - t0).total_seconds())}  99.8 37994108 /usr/bin/python -u pretrain_gpt.py --tensor-model-parallel-size 8 ...",
        "... (104 more tools/preprocess_data.py workers)",
    ])
    boot = ts(2025, 8, 2, 4, 11, 19)
    D = [f"{f_dmesg_raw(add(hog, minutes=9), boot)} INFO: task pt_data_worker:191204 blocked for more than 122 seconds.",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}       Not tainted 5.15.0-1063-nvidia #64-Ubuntu",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)} \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)} task:pt_data_worker state:D stack:    0 pid:191204 ppid:190882 flags:0x00004000",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)} Call Trace:",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  <TASK>",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  __schedule+0x23d/0x590",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  io_schedule+0x46/0x80",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  folio_wait_bit_common+0x13d/0x350",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  filemap_fault+0x5e4/0xa10",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  __do_fault+0x39/0x120",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  do_fault+0x1d5/0x410",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  handle_mm_fault+0xd8/0x2c0",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  exc_page_fault+0x77/0x170",
         f"{f_dmesg_raw(add(hog, minutes=9), boot)}  </TASK>"]
    c.add(f"{bad}/dmesg.txt", D)
    c.set_label("straggler", "infrastructure", bad, None, "restart_without_node",
                "Iteration time grows from 3 s to minutes after 11:19 and the other 56 ranks finally time out in ALLREDUCE "
                "waiting for dgx-h100-17. That node is shared with a cpu-shared preprocessing job whose 112 workers took the "
                "memory: swap drained, major faults and load exploded there only, and the training data workers are blocked in "
                "page faults.",
                "https://github.com/OFA-Sys/OFA/issues/271")
    return c


# ==========================================================================
# ax21 - host CPUs of one node thermally throttled -> its data loaders lag
# ==========================================================================
def ax21():
    c = Case("ax21_data_wait_high_on_ranks_24_to_31", 5321)
    rng = c.rng
    hosts = ["node0730", "node0731", "node0732", "node0733"]
    bad = "node0733"
    t0 = ts(2024, 7, 23, 12, 0, 0)
    hot = ts(2024, 7, 23, 14, 37, 0)
    for ni, h in enumerate(hosts):
        L = []
        t = add(t0, seconds=60)
        for step in range(20, 3401, 20):
            base = 2.25 if t < hot else 3.02
            st = jitter(rng, base, 0.01)
            t = add(t, seconds=st * 20)
            for lr in range(8):
                r = ni * 8 + lr
                if h == bad and t >= hot:
                    data = jitter(rng, 790, 0.08)
                    wait = 10
                elif t >= hot:
                    data = jitter(rng, 11, 0.2)
                    wait = jitter(rng, 770, 0.06)
                else:
                    data = jitter(rng, 11, 0.2)
                    wait = jitter(rng, 25, 0.3)
                comp = st * 1000 - data - wait
                L.append(f"[rank{r}]: {f_pylog(add(t, seconds=rng.uniform(0, 0.3)))} INFO train.py:214 step={step} "
                         f"data_ms={data:.0f} compute_ms={comp:.0f} comm_wait_ms={wait:.0f} step_s={st:.2f}")
        c.add(f"{h}/accelerate_launch.log", L)
    S = []
    boot = ts(2024, 7, 9, 2, 0, 0)
    tt = add(hot, minutes=-3)
    ev = 1
    while tt < add(t0, hours=5):
        cpu = rng.choice([0, 14, 28, 56, 70, 84, 101])
        ev += rng.randint(40, 900)
        S.append(f"{f_syslog(tt)} {bad} kernel: [{(tt - boot).total_seconds():.6f}] mce: CPU{cpu}: Package temperature above threshold, cpu clock throttled (total events = {ev})")
        if rng.random() < 0.12:
            S.append(f"{f_syslog(tt)} {bad} kernel: [{(tt - boot).total_seconds() + 0.004:.6f}] mce: CPU{cpu}: Package temperature/speed normal")
        tt = add(tt, seconds=rng.uniform(1.0, 9.0))
    c.add(f"{bad}/syslog_kernel.txt", S)
    c.add(f"{bad}/ipmi_sdr_temp.txt", [
        "$ ipmitool sdr type Temperature",
        "CPU0_TEMP        | 31h | ok  |  3.1 | 99 degrees C",
        "CPU1_TEMP        | 32h | ok  |  3.2 | 100 degrees C",
        "PCH_TEMP         | 33h | ok  |  7.1 | 61 degrees C",
        "INLET_TEMP       | 36h | ok  | 64.1 | 27 degrees C",
        "GPU_BASEBOARD_T1 | 40h | ok  | 66.1 | 41 degrees C",
    ])
    for h in hosts:
        P = []
        if h == bad:
            freq = [float(rng.choice([8.0e8, 8.0e8, 9.0e8])) for _ in range(8)]
            temps = [99.0, 100.0]
            thr = float(rng.randint(2_100_000, 2_400_000))
        else:
            freq = [float(rng.choice([3.1e9, 3.3e9, 3.5e9])) for _ in range(8)]
            temps = [float(rng.randint(63, 71)), float(rng.randint(63, 71))]
            thr = float(rng.randint(0, 4))
        P += prom("node_cpu_scaling_frequency_hertz", "Current scaled CPU thread frequency in hertz.", "gauge",
                  [(f'cpu="{k * 14}"', freq[k], None) for k in range(8)])
        P += prom("node_hwmon_temp_celsius", "Hardware monitor for temperature (input)", "gauge",
                  [(f'chip="platform_coretemp_{k}",sensor="temp1"', temps[k], None) for k in range(2)])
        P += prom("node_cpu_package_throttles_total", "Number of times this CPU package has been throttled.", "counter",
                  [(f'package="{k}"', thr, None) for k in range(2)])
        c.add(f"{h}/node_exporter.prom", P)
    c.add("train_config.yaml", ["model: meta-llama/Llama-3.1-8B", "dataloader:", "  num_workers: 6", "  pin_memory: true",
                                "  transforms: [decode_webdataset, tokenize_on_the_fly, pack_4096]",
                                "fsdp: {sharding_strategy: FULL_SHARD, mixed_precision: bf16}", "per_device_batch_size: 2"])
    c.set_label("straggler", "infrastructure", bad, None, "restart_without_node",
                "From 14:37 every step slows from 2.25 s to ~3 s; ranks 24-31 (node0733) now spend ~0.8 s per step in "
                "data loading while all other ranks wait the same time in communication. node0733's CPUs are thermally "
                "throttled (package temperature messages, 800-900 MHz, 99-100 C) while the other nodes run at 3+ GHz.",
                "https://github.com/tensorflow/tensorflow/issues/16947")
    return c


# ==========================================================================
# ax22 - Kubernetes, one pod's node had application clocks pinned low
# ==========================================================================
def ax22():
    c = Case("ax22_one_worker_pod_forward_backward_slower", 5322)
    rng = c.rng
    pods = ["llama-ft-master-0", "llama-ft-worker-0", "llama-ft-worker-1", "llama-ft-worker-2"]
    nodes = ["gke-a3-pool-7f9c-1k2d", "gke-a3-pool-7f9c-3q8w", "gke-a3-pool-7f9c-9hxt", "gke-a3-pool-7f9c-5mzr"]
    bad_pi = 2
    bad = pods[bad_pi]
    t0 = ts(2025, 9, 3, 16, 22, 0)
    ac_t = ts(2025, 9, 3, 11, 4, 51)
    for pi, p in enumerate(pods):
        L = []
        L.append(f"{f_pylog(t0)} torchrun --nnodes=4 --nproc-per-node=8 --node-rank={pi} --rdzv-endpoint=llama-ft-master-0:23456 train_sft.py --config cfg/sft_70b_lora.yaml")
        t = add(t0, seconds=140)
        for s in range(10, 1201, 10):
            spi = jitter(rng, 6.02, 0.01)
            t = add(t, seconds=spi * 10)
            if pi == 0:
                L.append(f"[rank0]: {tqdm_bar(s, 7800, spi * s, spi * (7800 - s), spi)}")
                if s % 50 == 0:
                    L.append("[rank0]: " + hf_log({"loss": round(rng.uniform(1.1, 1.4), 4), "grad_norm": round(rng.uniform(0.3, 0.6), 4),
                                                    "learning_rate": 9.8e-05, "epoch": round(s / 2600, 3)}))
            if s % 100 == 0:
                for lr in range(8):
                    r = pi * 8 + lr
                    fwd = jitter(rng, 3980 if pi == bad_pi else 2610, 0.01)
                    L.append(f"[rank{r}]: perf step={s} fwd_bwd_ms={fwd:.0f} nccl_wait_ms={6020 - fwd - 380:.0f}")
        c.add(f"{p}/logs.txt", L)
        c.add(f"{p}/kubectl_describe_pod.txt", [
            f"Name:             {p}", "Namespace:        ml-train", "Priority:         1000",
            f"Node:             {nodes[pi]}/10.128.0.{40 + pi}",
            f"Start Time:       {t0:%a, %d %b %Y %H:%M:%S} +0000",
            "Labels:           training.kubeflow.org/job-name=llama-ft",
            f"                  training.kubeflow.org/replica-index={pi if pi == 0 else pi - 1}",
            f"                  training.kubeflow.org/replica-type={'master' if pi == 0 else 'worker'}",
            "Status:           Running", "Containers:", "  pytorch:", "    Image:          us-docker.pkg.dev/ml-prod/train/sft:2025.08.3",
            "    Limits:", "      nvidia.com/gpu:  8", "    State:          Running",
            f"      Started:      {t0:%a, %d %b %Y %H:%M:%S} +0000", "    Ready:          True", "    Restart Count:  0",
            "Events:", "  Type    Reason     Age   From               Message", "  ----    ------     ----  ----               -------",
            f"  Normal  Scheduled  3h    default-scheduler  Successfully assigned ml-train/{p} to {nodes[pi]}",
            "  Normal  Pulled     3h    kubelet            Container image \"us-docker.pkg.dev/ml-prod/train/sft:2025.08.3\" already present on machine",
            "  Normal  Started    3h    kubelet            Started container pytorch",
        ])
        gs = _healthy_gpus(rng)
        if pi == bad_pi:
            for g in gs:
                g.update(app_sm=1215, sm=1215, power=round(rng.uniform(330, 410), 2),
                         reasons={"app": True}, counters={"swpower": 0})
        c.add(f"{p}/node_nvidia-smi-q.txt", smi_q(add(t, minutes=3), gs, driver="550.90.07", cuda="12.4"))
    c.add(f"{bad}/kubectl_get_pods_on_node.txt", [
        f"$ kubectl get pods -A -o wide --field-selector spec.nodeName={nodes[bad_pi]}",
        "NAMESPACE     NAME                              READY   STATUS    RESTARTS   AGE     IP            NODE",
        f"kube-system   nvidia-gpu-device-plugin-8wq2v    1/1     Running   0          12d     10.128.0.42   {nodes[bad_pi]}",
        f"kube-system   fluentbit-gke-jz7kp               2/2     Running   0          12d     10.128.0.42   {nodes[bad_pi]}",
        f"perf-tools    nsys-profiler-k6d2m               1/1     Running   0          5h21m   10.12.7.19    {nodes[bad_pi]}",
        f"ml-train      {bad}                 1/1     Running   0          3h12m   10.12.7.33    {nodes[bad_pi]}",
    ])
    c.add(f"{bad}/nsys-profiler-k6d2m.log", [
        f"{f_iso(ac_t)} [entrypoint] locking clocks for reproducible kernel timings",
        f"{f_iso(add(ac_t, seconds=0.4))} [entrypoint] nvidia-smi -ac 2619,1215",
    ] + [f"Applications clocks set to \"(MEM 2619, SM 1215)\" for GPU 00000000:{b}:00.0" for b in H100_BUS] + [
        "All done.",
        f"{f_iso(add(ac_t, minutes=48))} [entrypoint] profiling session finished, sleeping (set KEEP_ALIVE=0 to exit)",
    ])
    c.set_label("straggler", "infrastructure", bad, None, "restart_without_node",
                "All ranks step at ~6 s, but only worker-1's ranks 16-23 spend ~4 s in forward/backward versus ~2.6 s "
                "elsewhere. Its node still has application clocks pinned to SM 1215 MHz by a profiling pod from the "
                "perf-tools namespace (Applications Clocks Setting active on all 8 GPUs).",
                "https://github.com/sasha0552/nvidia-pstated/issues/6")
    return c


# ==========================================================================
# ax28 - Kubernetes, NVRx detector pins one rank; telemetry clean
# ==========================================================================
def ax28():
    c = Case("ax28_rank_19_low_relative_score_every_report", 5328)
    rng = c.rng
    pods = ["gpt-pt-worker-0", "gpt-pt-worker-1", "gpt-pt-worker-2", "gpt-pt-worker-3"]
    bad_pi, bad_local, bad_rank = 2, 3, 19
    bad = pods[bad_pi]
    t0 = ts(2025, 10, 6, 7, 30, 0)
    for pi, p in enumerate(pods):
        L = [f"{f_pylog(t0)} [nemo] torchrun node_rank={pi} nproc_per_node=8 master_addr=gpt-pt-worker-0"]
        for lr in range(8):
            L.append(f"[NeMo I {t0:%Y-%m-%d %H:%M:%S} exp_manager:{400 + lr}] rank={pi * 8 + lr} local_rank={lr} pod={p}")
        t = add(t0, seconds=120)
        for rep in range(1, 25):
            t = add(t, seconds=300)
            if pi == 0:
                L.append(f"[NeMo I {t:%Y-%m-%d %H:%M:%S} straggler_det_callback:214] ")
                L.append("GPU relative performance:")
                L.append(" Worst performing 5/32 ranks:")
                worst = [(bad_rank, jitter(rng, 0.78, 0.01))] + [(r, jitter(rng, 0.985, 0.006)) for r in rng.sample([x for x in range(32) if x != bad_rank], 4)]
                for r, sc in sorted(worst, key=lambda x: x[1]):
                    L.append(f"  Rank={r} Node={pods[r // 8]} Score={sc:.2f}")
                L.append(" Best performing 5/32 ranks:")
                for r in rng.sample([x for x in range(32) if x != bad_rank], 5):
                    L.append(f"  Rank={r} Node={pods[r // 8]} Score=1.00")
                L.append("GPU individual performance:")
                L.append(" Worst performing 5/32 ranks:")
                L.append(f"  Rank={bad_rank} Node={bad} Score={jitter(rng, 0.79, 0.01):.2f}")
                for r in rng.sample([x for x in range(32) if x != bad_rank], 4):
                    L.append(f"  Rank={r} Node={pods[r // 8]} Score={jitter(rng, 0.985, 0.006):.2f}")
                L.append(f"Straggler report processing time: 0.0{rng.randint(31, 58)} sec.")
                L.append(f"[NeMo W {t:%Y-%m-%d %H:%M:%S} straggler_det_callback:231] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: [StragglerId(rank={bad_rank}, node='{bad}')]")
                L.append(f"[NeMo W {t:%Y-%m-%d %H:%M:%S} straggler_det_callback:236] STRAGGLER DETECTION WARNING: Some GPUs performance dropped. Affected ranks: [StragglerId(rank={bad_rank}, node='{bad}')]")
                L.append(f"Epoch 0: : {rep * 150}it [{hms(rep * 300 + 120)}, 0.50it/s, v_num=0, reduced_train_loss={rng.uniform(2.2, 2.6):.3f}, global_step={rep * 150 - 1}.0, consumed_samples={rep * 150 * 512}.0, train_step_timing in s={jitter(rng, 1.99, 0.01):.3f}]")
        c.add(f"{p}/logs.txt", L)
        gs = _healthy_gpus(rng)
        c.add(f"{p}/node_nvidia-smi-q.txt", smi_q(add(t, minutes=2), gs, driver="550.90.07", cuda="12.4"))
        procs = [{"gpu": lr, "pid": 4100 + lr * 13, "name": "/usr/bin/python", "mem": gs[lr]["fb_used"] - 4} for lr in range(8)]
        c.add(f"{p}/node_nvidia-smi.txt", smi_table(add(t, minutes=2), gs, procs, driver="550.90.07", cuda="12.4"))
        c.add(f"{p}/kubectl_describe_pod.txt", [
            f"Name:             {p}", "Namespace:        research", f"Node:             a3-node-{7310 + pi * 17}/10.20.3.{11 + pi}",
            "Status:           Running", "    Restart Count:  0", "Events:           <none>"])
    c.add(f"{bad}/dcgm_health.txt", [
        "$ dcgmi health -g 1 -c -j",
        '{"body":{"Overall Health":{"value":"Healthy"},"GPU":{"children":{"0":{"Overall Health":{"value":"Healthy"}},'
        '"1":{"Overall Health":{"value":"Healthy"}},"2":{"Overall Health":{"value":"Healthy"}},"3":{"Overall Health":{"value":"Healthy"}},'
        '"4":{"Overall Health":{"value":"Healthy"}},"5":{"Overall Health":{"value":"Healthy"}},"6":{"Overall Health":{"value":"Healthy"}},'
        '"7":{"Overall Health":{"value":"Healthy"}}}}}}',
    ])
    c.set_label("straggler", "infrastructure", bad, bad_rank, "run_diagnostics",
                "Every NVRx report for two hours scores rank 19 (gpt-pt-worker-2, local GPU 3) at ~0.78 relative and "
                "individual performance while all others are ~0.98-1.0; clocks, throttle reasons, PCIe link, temperature, "
                "processes and DCGM health of that GPU are all normal, so the GPU is slow for an unknown reason.",
                "https://nvidia.github.io/nvidia-resiliency-ext/straggler_det/usage_guide.html")
    return c


CASES = [ax01, ax02, ax03, ax04, ax05, ax13, ax17, ax18, ax21, ax22, ax28]
