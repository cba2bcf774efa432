"""ax cases: shared-service slowdowns, benign slow phases, and a stuck-rank hang."""
from fmtlib import (H100_BUS, ts, tzh, add, f_dmesg_T, f_dmesg_raw, f_iso, f_syslog, f_pylog, f_glog,
                    gpu, smi_q, smi_table, dcgmi_dmon, ibstat, perfquery, watchdog_block, elastic_failure,
                    squeue, sacct, sacct_long, pyspy, prom, hms, hms2, tqdm_bar, mmss)
from gens import (Case, megatron_args, megatron_iter, megatron_startup, megatron_timers, titan,
                  titan_step, hf_log, jitter)


def _gpus(rng, n=8, **kw):
    return [gpu(i, H100_BUS[i], rng, **kw) for i in range(n)]


# ==========================================================================
# ax11 - Lustre OST losing connection periodically, every node stalls together
# ==========================================================================
def ax11():
    c = Case("ax11_periodic_multi_minute_stalls_on_every_rank", 5311)
    rng = c.rng
    hosts = [f"cg-h100-{n}" for n in range(101, 109)]
    t0 = ts(2025, 4, 22, 1, 0, 0)
    job = 7731045
    episodes = [(ts(2025, 4, 22, 3, 12, 5), 430), (ts(2025, 4, 22, 4, 40, 31), 350), (ts(2025, 4, 22, 5, 55, 12), 505)]

    def in_ep(t):
        for s, d in episodes:
            if s <= t <= add(s, seconds=d):
                return True
        return False
    args = {"tensor_model_parallel_size": 2, "pipeline_model_parallel_size": 1, "global_batch_size": 1024, "micro_batch_size": 2,
            "seq_length": 4096, "log_interval": 10, "num_workers": 2, "data_path": "/lustre/scratch/llm/data/web_v9_text_document",
            "mmap_bin_files": True, "distributed_timeout_minutes": 60}
    L = [" 0: " + x for x in megatron_startup(add(t0, seconds=40), 64, 2, 1)] + [" 0: " + x for x in megatron_args(args)]
    t = add(t0, seconds=75)
    it = 0
    while t < ts(2025, 4, 22, 6, 20, 0):
        it += 10
        stall = 0.0
        for s, d in episodes:
            if t <= add(s, seconds=d) and add(t, seconds=22) >= s:
                stall = min(d, (add(s, seconds=d) - max(t, s)).total_seconds())
        ms = jitter(rng, 2210.0, 0.006) + stall * 1000 / 10
        t = add(t, seconds=ms * 10 / 1000)
        L.append("63: " + megatron_iter(t, it, 300000, it * 1024, ms, 402.0 * 2210.0 / ms, 2.2e-4, 1024,
                                         2.7 - it / 9000 * 0.2 + rng.uniform(-0.02, 0.02), rng.uniform(0.18, 0.3)))
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=1)
    c.add("squeue.txt", squeue([(job, "h100", "web-v9-7b", "tkowalski", "R", hms((t_coll - t0).total_seconds()), 8, "cg-h100-[101-108]")]))
    fmts = ["T", "raw", "T", "iso", "raw", "T", "raw", "iso"]
    for ni, h in enumerate(hosts):
        boot = add(t0, hours=-rng.randint(20, 200), seconds=rng.randint(0, 3000))
        osc = f"ffff{rng.getrandbits(48):012x}"

        def stamp(tt):
            f = fmts[ni]
            if f == "T":
                return f_dmesg_T(tt)
            if f == "raw":
                return f_dmesg_raw(tt, boot)
            return f_iso(tt) + f" {h} kernel:"
        D = [f"{stamp(add(boot, seconds=41.2))} Lustre: Lustre: Build Version: 2.15.4",
             f"{stamp(add(boot, seconds=44.0))} Lustre: Mounted scratch-client"]
        for s, d in episodes:
            o = rng.uniform(-3, 8)
            tt = add(s, seconds=o)
            xid = rng.randint(1791000000000000, 1791999999999999)
            D.append(f"{stamp(tt)} Lustre: {rng.randint(2000, 9000)}:0:(client.c:2295:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: "
                     f"[sent {int(add(tt, seconds=-47).timestamp())}/real {int(add(tt, seconds=-47).timestamp())}]  req@ffff9b{rng.getrandbits(40):010x} x{xid}/t0(0) "
                     f"o3->scratch-OST0012-osc-{osc}@10.3.0.45@o2ib:6/4 lens 488/440 e 0 to 1 dl {int(tt.timestamp())} ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.{rng.randint(1000, 9999)}'")
            D.append(f"{stamp(add(tt, seconds=0.01))} Lustre: scratch-OST0012-osc-{osc}: Connection to scratch-OST0012 (at 10.3.0.45@o2ib) was lost; in progress operations using this service will wait for recovery to complete")
            for k in range(rng.randint(3, 7)):
                t2 = add(tt, seconds=40 + k * rng.uniform(40, 70))
                if t2 > add(s, seconds=d):
                    break
                D.append(f"{stamp(t2)} LustreError: 11-0: scratch-OST0012-osc-{osc}: operation ost_connect to node 10.3.0.45@o2ib failed: rc = -16")
            D.append(f"{stamp(add(s, seconds=d + rng.uniform(0, 4)))} Lustre: scratch-OST0012-osc-{osc}: Connection restored to 10.3.0.45@o2ib (at 10.3.0.45@o2ib)")
        c.add(f"{h}/dmesg.txt", D)
    c.add(f"{hosts[1]}/py-spy_rank9_during_stall.txt", pyspy(70211, "/usr/bin/python -u pretrain_gpt.py ...", [
        (70211, "idle", "MainThread", ["get (multiprocessing/queues.py:113)", "_try_get_data (torch/utils/data/dataloader.py:1133)",
                                       "_next_data (torch/utils/data/dataloader.py:1332)", "__next__ (torch/utils/data/dataloader.py:701)",
                                       "get_batch (pretrain_gpt.py:118)", "forward_step (pretrain_gpt.py:176)",
                                       "forward_backward_no_pipelining (megatron/core/pipeline_parallel/schedules.py:452)",
                                       "train_step (megatron/training/training.py:1040)", "train (megatron/training/training.py:1566)"]),
    ]))
    c.add(f"{hosts[1]}/py-spy_rank9_worker0_during_stall.txt", pyspy(70390, "pt_data_worker", [
        (70390, "active", "MainThread", ["get (megatron/core/datasets/indexed_dataset.py:283)", "__getitem__ (megatron/core/datasets/indexed_dataset.py:571)",
                                         "_query_document_sample_shuffle_indices (megatron/core/datasets/gpt_dataset.py:232)",
                                         "__getitem__ (megatron/core/datasets/gpt_dataset.py:133)", "__getitem__ (megatron/core/datasets/blended_dataset.py:94)",
                                         "fetch (torch/utils/data/_utils/fetch.py:52)", "_worker_loop (torch/utils/data/_utils/worker.py:351)"]),
    ]))
    c.add("lfs_check_servers.txt", [
        f"# {ts(2025, 4, 22, 5, 58, 40):%Y-%m-%d %H:%M:%S} on cg-h100-104",
        "scratch-MDT0000-mdc-ffff9c10e2a4b800 active.",
        "scratch-OST0010-osc-ffff9c10e2a4b800 active.",
        "scratch-OST0011-osc-ffff9c10e2a4b800 active.",
        "lfs check: error: check 'scratch-OST0012-osc-ffff9c10e2a4b800': Resource temporarily unavailable (11)",
        "scratch-OST0013-osc-ffff9c10e2a4b800 active.",
    ])
    c.set_label("straggler", "infrastructure", None, None, "restart",
                "Three times the whole job stalls for 6-8 minutes at once; at exactly those times every node logs the same "
                "Lustre OST0012 slow-reply timeouts and lost connection, and data-loader workers sit in reads of the memory-mapped "
                "dataset on Lustre. Outside the episodes iteration time is steady, so the shared filesystem is the cause.",
                "https://github.com/NVIDIA/nvidia-resiliency-ext/pull/373")
    return c


# ==========================================================================
# ax12 - spine/leaf ISLs down -> all cross-leaf traffic congested
# ==========================================================================
def ax12():
    c = Case("ax12_all_nodes_slower_from_0915_no_node_errors", 5312)
    rng = c.rng
    hosts = [f"hgx-p1-{n:03d}" for n in range(1, 17)]
    leaf_a, leaf_b = hosts[:8], hosts[8:]
    c.set_topology({"leaf-a": leaf_a, "leaf-b": leaf_b})
    t0 = ts(2025, 5, 20, 6, 0, 0)
    ev = ts(2025, 5, 20, 9, 14, 3)
    job = 99120
    args = {"tensor_model_parallel_size": 8, "pipeline_model_parallel_size": 2, "global_batch_size": 1024, "micro_batch_size": 1,
            "seq_length": 8192, "log_interval": 10, "overlap_grad_reduce": True, "use_distributed_optimizer": True}
    L = ["  0: " + x for x in megatron_startup(add(t0, seconds=44), 128, 8, 2)] + ["  0: " + x for x in megatron_args(args)]
    t = add(t0, seconds=80)
    it = 0
    while t < ts(2025, 5, 20, 10, 30, 0):
        it += 10
        ms = jitter(rng, 6040.0, 0.005) if t < ev else jitter(rng, 9920.0, 0.03)
        t = add(t, seconds=ms * 10 / 1000)
        L.append("127: " + megatron_iter(t, it, 100000, it * 1024, ms, 391.0 * 6040.0 / ms, 1.5e-4, 1024,
                                          2.3 + rng.uniform(-0.03, 0.03), rng.uniform(0.15, 0.25)))
        if it % 100 == 0:
            ag = (jitter(rng, 610, 0.01), jitter(rng, 620, 0.01)) if t < ev else (jitter(rng, 3980, 0.03), jitter(rng, 4150, 0.03))
            L += ["  0: " + x for x in megatron_timers([("forward-backward", jitter(rng, 5130, 0.005), jitter(rng, 5290, 0.005)),
                                                         ("all-grads-sync", *ag), ("params-all-gather", ag[0] * 0.5, ag[1] * 0.5)])]
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=2)
    c.add("squeue.txt", squeue([(job, "prod", "moe-ft", "acheng", "R", hms((t_coll - t0).total_seconds()), 16, "hgx-p1-[001-016]")]))
    c.add("ufm_events.log", [
        f"{add(ev, hours=-20):%Y-%m-%d %H:%M:%S}.311 [1221] [101] INFO [Site] Site: default: Fabric discovery completed, 16 switches, 128 HCAs",
        f"{ev:%Y-%m-%d %H:%M:%S}.112 [3911] [329] WARNING [Hardware] Switch [b8599f0300e2a1c0] [spine-03]: port 17: Link went down: (Switch:spine-03/17 - Switch:leaf-b/61)",
        f"{add(ev, seconds=38):%Y-%m-%d %H:%M:%S}.907 [3912] [329] WARNING [Hardware] Switch [b8599f0300e2a1c4] [spine-04]: port 17: Link went down: (Switch:spine-04/17 - Switch:leaf-b/62)",
        f"{add(ev, seconds=39):%Y-%m-%d %H:%M:%S}.004 [3913] [918] MINOR [Fabric_Notification] Site: default: Fabric topology change, 2 inter-switch links removed",
        f"{add(ev, minutes=9):%Y-%m-%d %H:%M:%S}.551 [3921] [704] WARNING [Fabric_Notification] Switch [b8599f0300e2a2f0] [leaf-b]: Congestion: high PortXmitWait on uplink ports 57-64",
        f"{add(ev, minutes=9, seconds=1):%Y-%m-%d %H:%M:%S}.023 [3922] [704] WARNING [Fabric_Notification] Switch [b8599f0300e2a2e0] [leaf-a]: Congestion: high PortXmitWait on uplink ports 57-64",
    ])
    names = ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"]
    for ni, h in enumerate(hosts):
        hc = [{"name": nm, "guid": f"0x{0xa088c20300551000 + ni * 0x20 + k:016x}", "lid": 700 + ni * 8 + k} for k, nm in enumerate(names)]
        c.add(f"{h}/ibstat.txt", ibstat(hc))
        pq = []
        for k, nm in enumerate(names):
            pq.append(f"## {nm}")
            pq += perfquery(700 + ni * 8 + k, {"wait": rng.randint(3_100_000_000, 4_200_000_000)}).splitlines()
        c.add(f"{h}/perfquery.txt", pq)
    c.set_label("straggler", "infrastructure", None, None, "restart",
                "At 09:14 iteration time on the whole job jumps from ~6.0 s to ~9.9 s, all of it in gradient sync. UFM shows "
                "two spine-to-leaf-b inter-switch links going down at that moment and congestion on both leaves' uplinks; every "
                "node's HCAs are active at full rate with only high transmit-wait counters, so the shared fabric is the cause.",
                "https://github.com/NVIDIA/nccl/issues/325")
    return c


# ==========================================================================
# ax24 - NFS home server stalls; red herring: old thermal event on one node
# ==========================================================================
def ax24():
    c = Case("ax24_seconds_per_iteration_spikes_on_all_nodes", 5324)
    rng = c.rng
    hosts = ["gpu-n-41", "gpu-n-42", "gpu-n-43", "gpu-n-44"]
    herring = "gpu-n-43"
    t0 = ts(2025, 10, 14, 13, 0, 0)
    eps = [(ts(2025, 10, 14, 14, 21, 10), 190), (ts(2025, 10, 14, 15, 2, 44), 260), (ts(2025, 10, 14, 15, 48, 0), 140),
           (ts(2025, 10, 14, 16, 30, 30), 310)]
    job = 302177
    L = [f"{f_pylog(t0)} - INFO - __main__ - HF_HOME=/home/vdesai/.cache/huggingface  dataset=load_from_disk('/home/vdesai/data/tok_dpo_v2')",
         "***** Running training *****", "  Num examples = 402,811", "  Total optimization steps = 6,294"]
    t = add(t0, seconds=60)
    t_tr = t
    s = 0
    while t < ts(2025, 10, 14, 17, 5, 0):
        s += 1
        spi = jitter(rng, 4.1, 0.02)
        for es, d in eps:
            if es <= t <= add(es, seconds=d):
                spi = d / rng.uniform(2.5, 4.0)
                break
        t = add(t, seconds=spi)
        L.append(tqdm_bar(s, 6294, (t - t_tr).total_seconds(), 4.1 * (6294 - s), spi))
        if s % 20 == 0:
            L.append(hf_log({"loss": round(rng.uniform(0.4, 0.7), 4), "grad_norm": round(rng.uniform(5, 12), 4),
                             "learning_rate": 4.7e-07, "rewards/chosen": round(rng.uniform(-0.4, 0.2), 4), "epoch": round(s / 3147, 4)}))
    c.add(f"slurm-{job}.out", L)
    t_coll = add(t, minutes=1)
    c.add("squeue.txt", squeue([(job, "gpu", "dpo-v2", "vdesai", "R", hms((t_coll - t0).total_seconds()), 4, "gpu-n-[41-44]")]))
    for h in hosts:
        S = []
        for es, d in eps:
            tt = add(es, seconds=rng.uniform(-4, 6))
            S.append(f"{f_syslog(tt)} {h} kernel: nfs: server nas-home01 not responding, still trying")
            if rng.random() < 0.6:
                S.append(f"{f_syslog(add(tt, seconds=rng.uniform(20, 60)))} {h} kernel: nfs: server nas-home01 not responding, still trying")
            S.append(f"{f_syslog(add(es, seconds=d + rng.uniform(0, 5)))} {h} kernel: nfs: server nas-home01 OK")
        S.append(f"{f_syslog(add(t0, hours=2))} {h} systemd[1]: Started Session 4412 of User root.")
        S.sort(key=lambda x: x[:15])
        c.add(f"{h}/syslog.txt", S)
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_coll, _gpus(rng), sections="perf", driver="550.127.05", cuda="12.4"))
    c.add(f"{herring}/dcgm_health_history.txt", [
        f"{add(t0, hours=-3, minutes=-12):%Y-%m-%d %H:%M:%S} dcgmi health -c -g 1",
        "+---------------------------+----------------------------------------------------------+",
        "| Health Monitor Report                                                                |",
        "+===========================+==========================================================+",
        "| Overall Health            | Warning                                                  |",
        "| GPU ID: 4                 | Warning                                                  |",
        "|                           | Thermal: Warning                                         |",
        "|                           | Thermal violations totaling 41.3 seconds started at      |",
        "|                           | 2025-10-14 09:40:11 (GPU 4)                              |",
        "+---------------------------+----------------------------------------------------------+",
        "",
        f"{add(t0, minutes=-20):%Y-%m-%d %H:%M:%S} dcgmi health -c -g 1",
        "+---------------------------+----------------------------------------------------------+",
        "| Health Monitor Report                                                                |",
        "+===========================+==========================================================+",
        "| Overall Health            | Healthy                                                  |",
        "+---------------------------+----------------------------------------------------------+",
    ])
    c.add("mounts.txt", ["$ findmnt -t nfs4 /home", "TARGET SOURCE                 FSTYPE OPTIONS",
                         "/home  nas-home01:/export/home nfs4   rw,relatime,vers=4.2,rsize=1048576,wsize=1048576,hard,proto=tcp,timeo=600,retrans=2"])
    c.set_label("straggler", "infrastructure", None, None, "restart",
                "Four times the run slows from 4 s/it to over a minute per iteration; at exactly those times all four nodes "
                "log 'nfs: server nas-home01 not responding' and then 'OK', and the dataset and HF cache are read from that NFS "
                "home. gpu-n-43's thermal warning is from before the job and its GPUs are healthy now.",
                "https://github.com/llnl/scr/issues/449")
    return c


# ==========================================================================
# ax14 - throughput dips every 500 iterations = checkpoint saves; job completes
# ==========================================================================
def ax14():
    c = Case("ax14_throughput_dips_every_500_iterations", 5314)
    rng = c.rng
    hosts = ["gpu-a3-041", "gpu-a3-042", "gpu-a3-043", "gpu-a3-044"]
    t0 = ts(2025, 3, 30, 20, 0, 0)
    job = 4601188
    args = {"tensor_model_parallel_size": 2, "pipeline_model_parallel_size": 1, "global_batch_size": 256, "micro_batch_size": 2,
            "seq_length": 4096, "log_interval": 10, "save_interval": 500, "save": "/lustre/ckpt/gpt-7b-ablation-12",
            "train_iters": 6000, "async_save": False, "ckpt_format": "torch_dist"}
    L = [" 0: " + x for x in megatron_startup(add(t0, seconds=40), 32, 2, 1)] + [" 0: " + x for x in megatron_args(args)]
    t = add(t0, seconds=80)
    pending = 0.0
    for it in range(10, 6001, 10):
        ms = jitter(rng, 1395.0, 0.006) + pending
        pending = 0.0
        t = add(t, seconds=ms * 10 / 1000)
        L.append("31: " + megatron_iter(t, it, 6000, it * 256, ms, 401.0 * 1395.0 / ms, 3e-4, 256,
                                         3.1 - it / 6000 * 0.7 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.35)))
        if it % 500 == 0:
            sv = jitter(rng, 44.0, 0.05)
            L.append(f" 0: saving checkpoint at iteration {it:>7d} to /lustre/ckpt/gpt-7b-ablation-12 in torch_dist format")
            L.append(f" 0:   successfully saved checkpoint from iteration {it:>7d} to /lustre/ckpt/gpt-7b-ablation-12 [ t 1/2, p 1/1 ]")
            L += [" 0: " + x for x in megatron_timers([("save-checkpoint", sv, sv + rng.uniform(0.01, 0.3))])]
            t = add(t, seconds=sv)
            pending = 0.0
    L.append(f" 0: [after training is done] datetime: {add(t, seconds=2):%Y-%m-%d %H:%M:%S} ")
    L.append(" 0: saving checkpoint at iteration    6000 to /lustre/ckpt/gpt-7b-ablation-12 in torch_dist format")
    L.append(" 0:   successfully saved checkpoint from iteration    6000 to /lustre/ckpt/gpt-7b-ablation-12 [ t 1/2, p 1/1 ]")
    L.append(" 0: Evaluating on 2048 samples")
    L.append(" 0: -----------------------------------------------------------------------------------------------------------------")
    L.append(f" 0:  validation loss at iteration 6000 on validation set | lm loss value: 2.418870E+00 | lm loss PPL: 1.123512E+01 | ")
    L.append(" 0: -----------------------------------------------------------------------------------------------------------------")
    t_end = add(t, minutes=2)
    c.add(f"slurm-{job}.out", L)
    c.add("sacct.txt", sacct_long([(str(job), "gpt7b-abl12", "COMPLETED", "0:0", t0, t_end, hms2((t_end - t0).total_seconds()), "gpu-a3-[041-044]"),
                                   (f"{job}.batch", "batch", "COMPLETED", "0:0", t0, t_end, hms2((t_end - t0).total_seconds()), "gpu-a3-041"),
                                   (f"{job}.0", "python", "COMPLETED", "0:0", add(t0, seconds=3), t_end, hms2((t_end - t0).total_seconds() - 3), "gpu-a3-[041-044]")]))
    c.add("ticket_INC-90417.txt", ["Subject: throughput dips every 500 iterations on gpu-a3-[041-044] - straggler node?",
                                   "Reporter: bsilva", "", "Grafana tokens/s for job 4601188 drops to almost zero for ~45 s every 500 iterations.",
                                   "Attaching the job output. Could one of the nodes be throttling?"])
    for h in hosts:
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(t_end, _gpus(rng, util=0, power=round(rng.uniform(70, 90), 2), fb_used=0), sections="perf"))
    c.set_label("unknown", "framework", None, None, "none",
                "The dips line up exactly with synchronous torch_dist checkpoint saves every 500 iterations (save-checkpoint "
                "~44 s on all ranks), iteration time is otherwise flat, and the job finished its 6000 iterations and exited "
                "COMPLETED. Nothing failed.",
                "https://github.com/Physical-Intelligence/openpi/issues/441")
    return c


# ==========================================================================
# ax15 - HF Trainer: it/s collapses during evaluation phases; job completes
# ==========================================================================
def ax15():
    c = Case("ax15_iterations_per_second_collapse_then_recover_repeatedly", 5315)
    rng = c.rng
    hosts = ["g5-h100-07", "g5-h100-08"]
    t0 = ts(2024, 12, 5, 1, 0, 0)
    job = 3019902
    L = [f"{f_pylog(t0)} - INFO - __main__ - eval_strategy=steps eval_steps=1000 per_device_eval_batch_size=8 eval_dataset=20,000 examples",
         "***** Running training *****", "  Num examples = 512,000", "  Num Epochs = 1", "  Total optimization steps = 4,000"]
    t = add(t0, seconds=50)
    t_tr = t
    for s in range(1, 4001):
        spi = jitter(rng, 1.62, 0.02)
        t = add(t, seconds=spi)
        if s % 25 == 0:
            L.append(tqdm_bar(s, 4000, (t - t_tr).total_seconds(), 1.62 * (4000 - s), spi))
        if s % 50 == 0:
            L.append(hf_log({"loss": round(rng.uniform(0.8, 1.1), 4), "grad_norm": round(rng.uniform(0.3, 0.7), 4),
                             "learning_rate": round(2e-5 * (1 - s / 4000), 10), "epoch": round(s / 4000, 4)}))
        if s % 1000 == 0:
            ne = 20000 // (8 * 16)
            for k in range(10, ne + 1, 10):
                L.append(tqdm_bar(k, ne, 3.3 * k, 3.3 * (ne - k), 3.3))
            L.append("***** Running Evaluation *****")
            L.append("  Num examples = 20000")
            L.append("  Batch size = 8")
            er = jitter(rng, 517.0, 0.02)
            t = add(t, seconds=er)
            L.append(hf_log({"eval_loss": round(rng.uniform(0.9, 1.0), 4), "eval_runtime": round(er, 4), "eval_samples_per_second": round(20000 / er, 3),
                             "eval_steps_per_second": round(ne / er, 3), "epoch": round(s / 4000, 4)}))
            L.append(f"Saving model checkpoint to /scratch/ckpt/sft-34b/checkpoint-{s}")
            t = add(t, seconds=35)
    tr = (t - t0).total_seconds()
    L.append(hf_log({"train_runtime": round(tr, 4), "train_samples_per_second": round(512000 / tr, 3), "train_steps_per_second": round(4000 / tr, 3),
                     "train_loss": 0.9412, "epoch": 1.0}))
    L.append(tqdm_bar(4000, 4000, tr, 0, 1.62))
    L.append(f"{f_pylog(add(t, seconds=30))} - INFO - __main__ - Training finished, model saved to /scratch/ckpt/sft-34b/final")
    c.add(f"slurm-{job}.out", L)
    t_end = add(t, minutes=1)
    c.add("sacct.txt", sacct([(str(job), "sft-34b", "h100", "nlp", 192, "COMPLETED", "0:0"),
                              (f"{job}.batch", "batch", "", "nlp", 96, "COMPLETED", "0:0"),
                              (f"{job}.0", "torchrun", "", "nlp", 192, "COMPLETED", "0:0")]))
    boot = add(t0, hours=-90)
    c.add("g5-h100-08/dmesg.txt", [
        f"{f_dmesg_raw(add(t0, minutes=70), boot)} perf: interrupt took too long (2504 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
        f"{f_dmesg_raw(add(t0, minutes=71), boot)} hrtimer: interrupt took 1412331 ns",
        f"{f_dmesg_raw(add(t0, hours=2, minutes=3), boot)} perf: interrupt took too long (3137 > 3130), lowering kernel.perf_event_max_sample_rate to 63750",
    ])
    c.add("g5-h100-07/dmesg.txt", [f"{f_dmesg_raw(add(t0, minutes=-3), boot)} IPv6: ADDRCONF(NETDEV_CHANGE): ens3f0np0: link becomes ready"])
    c.set_label("unknown", "framework", None, None, "none",
                "Every 1000 steps the progress bar drops to ~3 s/it for about nine minutes: that is the evaluation loop over "
                "20,000 examples followed by a checkpoint save, after which training returns to 1.6 s/it. The run reaches "
                "step 4000, saves the final model and exits COMPLETED; the perf/hrtimer kernel notes are harmless.",
                "https://github.com/yzslab/gaussian-splatting-lightning/issues/85")
    return c


# ==========================================================================
# ax16 - torch.compile makes step 1 take ~9 min; job later hits its time limit
# ==========================================================================
def ax16():
    c = Case("ax16_first_step_nine_minutes_then_job_killed_at_4h", 5316)
    rng = c.rng
    hosts = ["node0101", "node0102"]
    t0 = ts(2025, 7, 2, 14, 0, 9)
    job = 5531200
    L = [titan(t0, "Starting job: Llama 3 8B compile run"),
         titan(add(t0, seconds=3), "Building 1-D device mesh with ['dp_shard'], [16]"),
         titan(add(t0, seconds=11), "Compiling each TransformerBlock with torch.compile"),
         titan(add(t0, seconds=12), "Applied FSDP to the model"),
         titan(add(t0, seconds=14), "Training starts at step 1, with local batch size 4, global batch size 64, sequence length 8192, total steps 10000 (warmup 200)")]
    t = add(t0, seconds=14 + 541)
    L.append(titan_step(t, 1, 12.2533, 18.201, 44.10, 55.74, 60, 2.88, 0.29))
    L.append(titan(add(t, seconds=0.1), "Synchronizing and adjusting timeout for all ProcessGroups to 0:01:40"))
    t = add(t, seconds=38)
    L.append(titan_step(t, 2, 11.0411, 14.980, 58.91, 74.47, 862, 41.42, 4.19))
    step = 2
    end = add(t0, hours=4)
    while True:
        step += 10
        tps = int(jitter(rng, 8410, 0.006))
        dt = 10 * 4 * 8192 / tps
        if add(t, seconds=dt) >= add(end, seconds=-3):
            break
        t = add(t, seconds=dt)
        tfl = tps * 6 * 8.03e9 / 1e12 * 1.07
        L.append(titan_step(t, step, 3.0 - min(1, step / 3000) * 0.7 + rng.uniform(-0.03, 0.03), rng.uniform(0.2, 0.4), 58.91, 74.47, tps, tfl, tfl / 9.89))
        if step % 500 == 2:
            L.append(titan(add(t, seconds=0.1), f"Saving the checkpoint (or staging if async is enabled)."))
            L.append(titan(add(t, seconds=19), f"[GC] GC collection invoked by checkpointer. 0.04 seconds."))
            L.append(titan(add(t, seconds=19.1), f"Finished saving the checkpoint (or staging if async is enabled)in 19.02 seconds."))
            t = add(t, seconds=19.1)
    L.append(f"slurmstepd: error: *** JOB {job} ON node0101 CANCELLED AT {end:%Y-%m-%dT%H:%M:%S} DUE TO TIME LIMIT ***")
    L.append(f"{f_pylog(add(end, seconds=0.4))} torch.distributed.elastic.agent.server.api: [WARNING] Received 15 death signal, shutting down workers")
    L.append(f"W{end:%m%d %H:%M:%S}.512000 2211 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 88102 closing signal SIGTERM")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.add(f"slurm-{job}.out", L)
    c.add("sacct.txt", sacct_long([(str(job), "titan-8b-compile", "TIMEOUT", "0:0", t0, add(end, seconds=31), "04:00:31", "node[0101-0102]"),
                                   (f"{job}.batch", "batch", "CANCELLED", "0:15", t0, add(end, seconds=31), "04:00:31", "node0101"),
                                   (f"{job}.0", "torchrun", "CANCELLED", "0:15", add(t0, seconds=2), add(end, seconds=31), "04:00:29", "node[0101-0102]")]))
    c.add("job_script.sbatch", ["#!/bin/bash", "#SBATCH -N 2", "#SBATCH --gpus-per-node=8", "#SBATCH -t 04:00:00", "#SBATCH -p batch",
                                "srun torchrun --nnodes 2 --nproc_per_node 8 -m torchtitan.train --job.config_file llama3_8b.toml --compile.enable"])
    for h in hosts:
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(add(end, minutes=-30), _gpus(rng), sections="perf", driver="550.90.07", cuda="12.4"))
    c.set_label("unknown", "framework", None, None, "none",
                "Step 1 takes ~9 minutes because every TransformerBlock is compiled with torch.compile; from step 2 the run is "
                "steady at ~8,400 tps with periodic checkpoints. Slurm then ends the job at its 4-hour limit (TIMEOUT). "
                "Nothing is broken.",
                "https://github.com/pytorch/pytorch/issues/97783")
    return c


# ==========================================================================
# ax25 - one rank stuck inside a CUDA driver call; others time out (hang)
# ==========================================================================
def ax25():
    c = Case("ax25_training_stops_logging_then_timeouts_after_ten_minutes", 5325)
    rng = c.rng
    hosts = ["gpu-d4-11", "gpu-d4-12", "gpu-d4-13", "gpu-d4-14"]
    bad, bad_local, bad_rank = "gpu-d4-14", 3, 27
    t0 = ts(2025, 9, 28, 0, 30, 0)
    job = 8120551
    args = {"tensor_model_parallel_size": 8, "pipeline_model_parallel_size": 1, "global_batch_size": 512, "micro_batch_size": 1,
            "seq_length": 8192, "log_interval": 10, "eval_interval": 1000, "eval_iters": 50, "distributed_timeout_minutes": 10}
    L = [" 0: " + x for x in megatron_startup(add(t0, seconds=40), 32, 8, 1)] + [" 0: " + x for x in megatron_args(args)]
    t = add(t0, seconds=70)
    last = 18230
    for it in range(10, last + 1, 10):
        ms = jitter(rng, 2480.0, 0.006)
        t = add(t, seconds=ms * 10 / 1000)
        L.append("31: " + megatron_iter(t, it, 100000, it * 512, ms, 388.0 * 2480.0 / ms, 2e-4, 512,
                                         2.6 - it / 20000 * 0.3 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.3)))
        if it % 1000 == 0:
            ev = jitter(rng, 68.0, 0.03)
            t = add(t, seconds=ev)
            L.append(" 0: -----------------------------------------------------------------------------------------------")
            L.append(f"31:  validation loss at iteration {it} | lm loss value: {2.5 - it / 40000:.6E} | lm loss PPL: {12.1 - it / 4000:.6E} | ")
            L.append(" 0: -----------------------------------------------------------------------------------------------")
    t_stop = t
    t_to = add(t_stop, seconds=602.0)
    seq = 3_120_877
    W = []
    for r in range(32):
        if r == bad_rank:
            continue
        if r // 8 == 3:
            W += watchdog_block(add(t_to, seconds=rng.uniform(0, 1.2)), r, seq, "ALLREDUCE", 8388608, 600000,
                                600000 + rng.randint(8, 700), rng, pg="3", pgname="TENSOR_MODEL_PARALLEL_GROUP",
                                last_enq=seq, last_comp=seq - 1, prefix=f"{r:>2}: ")
        else:
            W += watchdog_block(add(t_to, seconds=rng.uniform(20, 40)), r, 204113, "ALLREDUCE", 1, 600000,
                                600000 + rng.randint(8, 700), rng, pg="5", pgname="DATA_PARALLEL_GROUP",
                                last_enq=204113, last_comp=204112, prefix=f"{r:>2}: ")
    W.append(f"srun: error: {hosts[0]}: tasks 0-7: Aborted (core dumped)")
    W.append(f"srun: error: {hosts[1]}: tasks 8-15: Aborted (core dumped)")
    W.append(f"srun: error: {hosts[2]}: tasks 16-23: Aborted (core dumped)")
    W.append(f"srun: error: {bad}: tasks 24-26,28-31: Aborted (core dumped)")
    W.append(f"srun: error: {bad}: task 27: Killed")
    c.add(f"slurm-{job}.out", L + W)
    c.add("sacct.txt", sacct([(str(job), "llm-34b-tp8", "prod", "core-llm", 896, "FAILED", "6:0"),
                              (f"{job}.0", "python", "", "core-llm", 896, "FAILED", "6:0")]))
    c.add("fr_trace_analysis.txt", [
        f"$ torchfrtrace /shared/fr/{job}/ -j",
        f"Not all ranks joining collective {seq} at entry {seq - 1}",
        "group info: 3:TENSOR_MODEL_PARALLEL_GROUP (ranks 24-31)",
        "collective: nccl:all_reduce",
        "missing ranks: {27}",
        "input sizes: [[8388608]]",
        "output sizes: [[8388608]]",
        "expected ranks: 8",
        "collective state: scheduled",
        "",
        "rank 27 last entry: record_id 3120876 nccl:all_reduce state completed (tensor_model_parallel_group)",
    ])
    t_spy = add(t_stop, minutes=6)
    c.add(f"{bad}/hang_dumper.log", [
        f"{f_iso(t_spy)} hang-dumper: no iteration progress for 360 s, collecting py-spy --native for local ranks",
        f"{f_iso(add(t_spy, seconds=9))} hang-dumper: rank 24-26,28-31 dumped (MainThread waiting in ncclAllReduce / cudaStreamSynchronize after enqueue)",
        f"{f_iso(add(t_spy, seconds=71))} hang-dumper: rank 27 dump took 62 s",
        f"{f_iso(add(t_spy, seconds=75))} hang-dumper: nvidia-smi -q timed out after 60 s",
    ])
    c.add(f"{bad}/py-spy_rank27.txt", pyspy(99218, "/usr/bin/python -u pretrain_gpt.py --tensor-model-parallel-size 8 ...", [
        (99218, "active", "MainThread", [
            "ioctl (libc.so.6)", "0x7f8c2e1a4c1b (libcuda.so.550.90.07)", "0x7f8c2e0f9a44 (libcuda.so.550.90.07)",
            "cuStreamSynchronize (libcuda.so.550.90.07)", "cudaStreamSynchronize (libcudart.so.12)",
            "at::native::_local_scalar_dense_cuda (libtorch_cuda.so)", "item (torch/_tensor.py)",
            "_allreduce_layernorm_grads (megatron/core/distributed/finalize_model_grads.py:102)",
            "forward_backward_no_pipelining (megatron/core/pipeline_parallel/schedules.py:470)",
            "train_step (megatron/training/training.py:1040)", "train (megatron/training/training.py:1566)",
            "pretrain (megatron/training/training.py:379)", "<module> (pretrain_gpt.py:288)"]),
        (99301, "idle", "Thread-1 (ProcessGroupNCCL watchdog)", ["0x7f8d0b1c33a1 (libtorch_cuda.so)", "clone (libc.so.6)"]),
    ]))
    c.add(f"{hosts[0]}/py-spy_rank0.txt", pyspy(88102, "/usr/bin/python -u pretrain_gpt.py --tensor-model-parallel-size 8 ...", [
        (88102, "active", "MainThread", [
            "cudaStreamSynchronize (libcudart.so.12)", "at::native::_local_scalar_dense_cuda (libtorch_cuda.so)", "item (torch/_tensor.py)",
            "reduce_max_stat_across_model_parallel_group (megatron/core/optimizer/optimizer.py:88)",
            "step (megatron/core/optimizer/distrib_optimizer.py:1730)", "train_step (megatron/training/training.py:1065)"]),
    ]))
    for h in hosts[:3]:
        gs = _gpus(rng, util=100, power=round(rng.uniform(110, 160), 2))
        if h == "gpu-d4-12":
            for g in gs[:5]:
                g["reasons"] = {"swpower": True}
                g["counters"] = {"swpower": rng.randint(1_000_000_000, 4_000_000_000)}
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(add(t_spy, seconds=20), gs, sections="perf", driver="550.90.07", cuda="12.4"))
    c.set_label("hang", "infrastructure", bad, bad_rank, "run_diagnostics",
                "Iterations stop at 18230 without any slowdown, then all other ranks time out in ALLREDUCE after 10 minutes. "
                "The flight recorder shows rank 27 never joined its tensor-parallel all_reduce, and py-spy catches rank 27 "
                "inside cuStreamSynchronize/ioctl in libcuda, with nvidia-smi timing out on gpu-d4-14: a rank stuck in the driver.",
                "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return c


# ==========================================================================
# ax26 - user cancels during long data-index build + first step
# ==========================================================================
def ax26():
    c = Case("ax26_no_iteration_logged_after_fourteen_minutes", 5326)
    rng = c.rng
    t0 = ts(2025, 8, 7, 9, 0, 0)
    job = 6120013
    L = [" 0: " + x for x in megatron_startup(add(t0, seconds=36), 64, 4, 2)]
    L += [" 0: > building train, validation, and test datasets for GPT ...",
          " 0: > datasets target sizes (minimum size):", " 0:     train:      1536000000", " 0:     validation: 15360000", " 0:     test:       5120",
          " 0: INFO:megatron.core.datasets.blended_megatron_dataset_config:mock = False",
          " 0: INFO:megatron.core.datasets.blended_megatron_dataset_builder:Building dataset splits with cls=GPTDataset, sizes=(1536000000, 15360000, 5120), and config=GPTDatasetConfig(random_seed=1234, sequence_length=4096, blend=[['/lustre/data/mix/cc_0', ...]], ...)"]
    t = add(t0, seconds=60)
    for k in range(48):
        t = add(t, seconds=jitter(rng, 14.5, 0.2))
        L.append(f" 0: INFO:megatron.core.datasets.indexed_dataset:Load the _IndexReader from /lustre/data/mix/cc_{k}_text_document.idx")
        L.append(f" 0: INFO:megatron.core.datasets.gpt_dataset:Build and save the document index to {rng.getrandbits(64):016x}-GPTDataset-train-document_index.npy")
        L.append(f" 0: INFO:megatron.core.datasets.gpt_dataset:\tBuild and save the sample index to {rng.getrandbits(64):016x}-GPTDataset-train-sample_index.npy")
    L.append(f" 0: INFO:megatron.core.datasets.blended_megatron_dataset_builder:Build and save the BlendedDataset indices (elapsed {(t - t0).total_seconds() - 60:.1f} s)")
    L.append(f" 0: [after dataloaders are built] datetime: {t:%Y-%m-%d %H:%M:%S} ")
    L.append(" 0: done with setup ...")
    L.append(" 0: training ...")
    L.append(f" 0: [before the start of training step] datetime: {add(t, seconds=1):%Y-%m-%d %H:%M:%S} ")
    tc = add(t0, minutes=14, seconds=12)
    L.append(f"slurmstepd: error: *** JOB {job} ON gpu-a3-021 CANCELLED AT {tc:%Y-%m-%dT%H:%M:%S} ***")
    L.append(f"slurmstepd: error: *** STEP {job}.0 ON gpu-a3-021 CANCELLED AT {tc:%Y-%m-%dT%H:%M:%S} ***")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("srun: got SIGCONT")
    L.append("srun: forcing job termination")
    c.add(f"slurm-{job}.out", L)
    c.add("sacct.txt", sacct_long([(str(job), "gpt-22b-mix", "CANCELLED by 40211", "0:0", t0, add(tc, seconds=32), "00:14:44", "gpu-a3-[021-028]"),
                                   (f"{job}.batch", "batch", "CANCELLED", "0:15", t0, add(tc, seconds=32), "00:14:44", "gpu-a3-021"),
                                   (f"{job}.0", "python", "CANCELLED", "0:15", add(t0, seconds=2), add(tc, seconds=32), "00:14:42", "gpu-a3-[021-028]")]))
    c.add("slurmctld_excerpt.log", [f"[{tc:%Y-%m-%dT%H:%M:%S}.118] _slurm_rpc_kill_job: REQUEST_KILL_JOB JobId={job} uid 40211",
                                    f"[{tc:%Y-%m-%dT%H:%M:%S}.119] job_signal: 9 of running JobId={job} successful 0x8004"])
    for h in ["gpu-a3-021", "gpu-a3-025"]:
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(add(tc, seconds=-40), _gpus(rng, util=0, power=round(rng.uniform(110, 130), 2)), sections="perf"))
    c.set_label("unknown", "framework", None, None, "none",
                "No iteration was logged because the job was still building blended-dataset indices over 48 corpora (~12 "
                "minutes) and had just started the first step when the owner (uid 40211) cancelled it after 14 minutes. "
                "There is no error and no sign of a slow node.",
                "https://github.com/Overworldai/owl-wms/issues/32")
    return c


# ==========================================================================
# ax27 - preempted; final steps slow because of the signal-triggered checkpoint
# ==========================================================================
def ax27():
    c = Case("ax27_last_steps_slow_before_job_ended", 5327)
    rng = c.rng
    hosts = ["gpu-s-201", "gpu-s-202"]
    t0 = ts(2025, 11, 2, 2, 0, 0)
    job = 7123001
    L = [titan(t0, "Starting job: qwen2 7B continued pretraining"),
         titan(add(t0, seconds=12), "Training starts at step 41001, with local batch size 2, global batch size 32, sequence length 8192, total steps 60000 (warmup 0)")]
    t = add(t0, seconds=40)
    step = 41000
    tp = ts(2025, 11, 2, 5, 41, 17)
    while t < tp:
        step += 10
        tps = int(jitter(rng, 7820, 0.006))
        t = add(t, seconds=10 * 2 * 8192 / tps)
        tfl = tps * 6 * 7.6e9 / 1e12 * 1.07
        L.append(titan_step(t, step, 2.2 + rng.uniform(-0.03, 0.03), rng.uniform(0.2, 0.3), 63.11, 79.78, tps, tfl, tfl / 9.89))
    L.append(f"slurmstepd: error: *** JOB {job} ON gpu-s-201 CANCELLED AT {tp:%Y-%m-%dT%H:%M:%S} DUE TO PREEMPTION ***")
    L.append(titan(add(tp, seconds=0.2), "Received SIGTERM: requesting checkpoint at the end of the current step", lvl="WARNING"))
    for k in range(2):
        step += 1
        t = add(t, seconds=28 + k * 6)
        L.append(titan_step(t, step, 2.19, 0.24, 63.11, 79.78, int(2 * 8192 / (28 + k * 6)), 35.1, 3.55))
    L.append(titan(add(t, seconds=0.1), "Saving the checkpoint (or staging if async is enabled)."))
    L.append(titan(add(t, seconds=22), "Finished saving the checkpoint (or staging if async is enabled)in 21.87 seconds."))
    L.append(titan(add(t, seconds=22.5), "Exiting after preemption checkpoint."))
    c.add(f"slurm-{job}.out", L)
    te = add(t, seconds=24)
    c.add("sacct.txt", sacct_long([(str(job), "qwen7b-cpt", "PREEMPTED", "0:0", t0, te, hms2((te - t0).total_seconds()), "gpu-s-[201-202]"),
                                   (f"{job}.0", "torchrun", "CANCELLED", "0:15", add(t0, seconds=2), te, hms2((te - t0).total_seconds() - 2), "gpu-s-[201-202]")]))
    c.add("slurmctld_excerpt.log", [f"[{tp:%Y-%m-%dT%H:%M:%S}.004] preempted JobId={job} has been requeued to reclaim resources for JobId=7123190 (partition urgent, QOS high)",
                                    f"[{tp:%Y-%m-%dT%H:%M:%S}.005] job_signal: 15 of running JobId={job} successful 0x1"])
    for h in hosts:
        c.add(f"{h}/nvidia-smi-q.txt", smi_q(add(tp, minutes=-5), _gpus(rng), sections="perf", driver="550.90.07", cuda="12.4"))
    c.set_label("unknown", "framework", None, None, "none",
                "The run is steady at ~7,800 tps until Slurm preempts it for a higher-priority job; the last two steps are "
                "slow only because the SIGTERM handler forces a checkpoint, after which the job exits cleanly as PREEMPTED.",
                "https://slurm.schedmd.com/preempt.html")
    return c


CASES = [ax11, ax12, ax24, ax14, ax15, ax16, ax25, ax26, ax27]
