"""Cases k21-k30: recurrence across attempts (application), slowdowns, deterministic user errors, layer subtleties."""

from __future__ import annotations

from common import (A100_BUS, H100_BUS, T, child_failed_block, ctime, dmesg_boot, dmesg_noise, elastic_line,
                    glog_c10, ibstat, ipmi_sel, iso, iso_ms, plus, prefix, py_frames, render_dmesg, secs,
                    signal_tb, smi_q, smi_table, std_df, torchrun_banner, torchrun_traceback, watchdog_timeout,
                    megatron_iter, cosine_lr)
from jobs import (Stream, interleave, lightning_bar, megatron_preamble, megatron_progress, nccl_node,
                  ds_step_line, ds_timer_line)

SP = "/usr/local/lib/python3.10/dist-packages"


# ---------------------------------------------------------------------------
def k21_same_crash_after_exclude(b, rng):
    b.label("user_code", "script", None, "stop",
            "Both attempts fail on global rank 6 right after step 15875 with the identical IndexError from the user's memory-mapped "
            "dataset (index 2147483648 out of bounds for size 2147483647) - first on p-01 and, after p-01 was excluded, on p-02. "
            "A deterministic data/indexing bug (int32 offset overflow) that follows the step, not a node.",
            "https://github.com/huggingface/transformers/issues/6192")
    ver = "2.2.2"
    atts = [(["p-01", "p-02", "p-03"], 7740112, T("2024-03-04 08:00:05")),
            (["p-02", "p-03", "p-04"], 7740588, T("2024-03-04 10:31:40"))]
    for a, (nodes, jobid, t0) in enumerate(atts):
        s = Stream()
        hdr = ["#SBATCH --nodes=3", "#SBATCH --gpus-per-node=8"] + (["#SBATCH --exclude=p-01"] if a else [])
        s.add(t0, [f"==== job {jobid} on {','.join(nodes)} ===="] + hdr)
        agents = {}
        for ni, host in enumerate(nodes):
            agent = rng.randint(20000, 90000)
            agents[host] = (agent, [agent + 20 + i for i in range(8)])
            s.add(plus(t0, 2 + ni * 0.1), torchrun_banner(ver, plus(t0, 2), agent))
        s.add(plus(t0, 30), [f"[default0]:resuming from /scratch/proj/ckpt/step_15000.pt (dataloader state restored: epoch 2, sample offset 92160000)"])
        t = plus(t0, 60)
        for st in range(15000 + 25, 15877, 25):
            t = plus(t, 25 * rng.uniform(1.53, 1.56))
            s.add(t, f"[default0]:step {st:>6d} | loss {2.02 + rng.uniform(-0.02, 0.02):.4f} | lr 6.00e-05 | {rng.randint(255, 258)} samples/s")
        t_f = plus(t, 2 * 1.55)
        tb = py_frames([("/home/lchen/proj/train.py", 284, "<module>", "main()"),
                        ("/home/lchen/proj/train.py", 241, "main", "for batch in loader:"),
                        (f"{SP}/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                        (f"{SP}/torch/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
                        (f"{SP}/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
                        (f"{SP}/torch/_utils.py", 722, "reraise", "raise exception")]) + [
            "IndexError: Caught IndexError in DataLoader worker process 1.",
            "Original Traceback (most recent call last):",
            f'  File "{SP}/torch/utils/data/_utils/worker.py", line 308, in _worker_loop',
            "    data = fetcher.fetch(index)",
            f'  File "{SP}/torch/utils/data/_utils/fetch.py", line 51, in fetch',
            "    data = [self.dataset[idx] for idx in possibly_batched_index]",
            f'  File "{SP}/torch/utils/data/_utils/fetch.py", line 51, in <listcomp>',
            "    data = [self.dataset[idx] for idx in possibly_batched_index]",
            '  File "/home/lchen/proj/data/mmap_dataset.py", line 64, in __getitem__',
            "    end = self.doc_offsets[doc_id + 1]",
            "IndexError: index 2147483648 is out of bounds for axis 0 with size 2147483647"]
        s.add(t_f, prefix(tb, "[default6]:"))
        host = nodes[0]
        agent, pids = agents[host]
        te = plus(t_f, 1.5)
        s.add(te, [elastic_line(ver, te, "W", f"Sending process {p} closing signal SIGTERM") for i, p in enumerate(pids) if i != 6])
        s.add(plus(te, 1), [elastic_line(ver, plus(te, 1), "E", f"failed (exitcode: 1) local_rank: 6 (pid: {pids[6]}) of binary: /usr/bin/python")]
              + torchrun_traceback(ver) + child_failed_block("train.py", [], dict(time=t_f.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=6, local_rank=6, exitcode=1, pid=pids[6], traceback=signal_tb(1, 0))))
        tw = plus(t_f, 1800 + 3)
        for ni in (1, 2):
            for lr in rng.sample(range(8), 2):
                s.add(plus(tw, rng.uniform(0, 2)), prefix(watchdog_timeout(rng, ver, rank=ni * 8 + lr, seq=47640, op="ALLREDUCE", numel=88080384, timeout_ms=1800000), f"[default{lr}]:"))
        s.add(plus(tw, 6), [f"srun: error: {nodes[1]}: task 1: Exited with exit code 1", f"srun: error: {nodes[2]}: task 2: Exited with exit code 1",
                            f"srun: error: {nodes[0]}: task 0: Exited with exit code 1"])
        b.add(f"attempt_{a}/{nodes[0]}/slurm-{jobid}.out", s.lines())
        for ni, h in enumerate(nodes):
            boot = plus(t0, -rng.randint(2, 8) * 86400)
            ev = dmesg_boot(rng, host=h, driver="535.154.05", bus=A100_BUS)
            ev += dmesg_noise(rng, 30, secs(plus(tw, 60), boot), n=15)
            b.add(f"attempt_{a}/{h}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))


# ---------------------------------------------------------------------------
def k22_iteration_time_creeps_up(b, rng):
    b.label("straggler", "infrastructure", ("x-06", None), "restart_without_node",
            "No crash: elapsed time per iteration jumps from ~5.1 s to ~7.9 s at iteration ~3220 and stays there. nvidia-smi on x-06 "
            "shows GPU 2 at 91 C with HW Thermal Slowdown active and its SM clock at 1095 MHz (all other GPUs ~1980 MHz), and the BMC "
            "reports FAN6 on x-06 at 0 RPM. One thermally throttled GPU is holding back the synchronous job.",
            "https://github.com/tensorflow/tensorflow/issues/40042")
    nodes = [f"x-0{i}" for i in range(1, 9)]
    ver = "2.8.0"
    jobid = 10224517
    t0 = T("2025-08-20 03:20:12")
    t_hot = T("2025-08-20 05:34:40")
    t_col = T("2025-08-20 06:52:00")
    s = Stream()
    s.add(t0, [f"START {ctime(t0)} job {jobid} nodes x-[01-08]"])
    s.add(plus(t0, 8), megatron_preamble(plus(t0, 8), world=64, tp=8, pp=2, dp=4, gbs=1024, train_iters=300000,
                                         log_interval=10, save_interval=5000, load_iter=0, ckpt_dir=""))
    def ms(it, t):
        return (5110 if t < t_hot else 7920) + rng.uniform(-40, 50)
    t = plus(t0, 100)
    it = 0
    while t < t_col:
        m = ms(it, t)
        t = plus(t, m * 10 / 1000.0)
        it += 10
        s.add(t, megatron_iter(t, it, 300000, consumed=it * 1024, ms=m, tflops=(401.0 if m < 6000 else 258.7) + rng.uniform(-2, 2),
                               lr=cosine_lr(it, peak=3e-4, total=300000), gbs=1024, loss=2.3 + 8.1 * 2.718 ** (-it / 600) + rng.uniform(-0.02, 0.02),
                               gnorm=rng.uniform(0.3, 0.9)))
    b.add(f"{nodes[0]}/slurm-{jobid}.out", s.lines())
    for ni, host in enumerate(nodes):
        gs = []
        for g, bb in enumerate(H100_BUS):
            d = dict(bus=bb, temp=rng.randint(58, 69), memtemp=rng.randint(62, 71), sm=rng.choice([1980, 1965, 1980]), reasons=set())
            if host == "x-06" and g == 2:
                d.update(temp=91, memtemp=94, sm=1095, reasons={"HW Slowdown", "HW Thermal Slowdown", "SW Thermal Slowdown"})
            elif host == "x-06":
                d.update(temp=rng.randint(70, 76))
            gs.append(d)
        b.add(f"{host}/nvidia-smi-q-perf.txt", smi_q(t_col, "570.133.20", "12.8", gs, sections=("PERFORMANCE", "TEMPERATURE")))
        csv = ["index, name, temperature.gpu, clocks.current.sm [MHz], clocks.max.sm [MHz], power.draw [W], clocks_event_reasons.active"]
        for g, d in enumerate(gs):
            mask = 0x68 if d["reasons"] else 0
            pw = 312.55 if d["reasons"] else rng.uniform(590, 660)
            csv.append(f"{g}, NVIDIA H100 80GB HBM3, {d['temp']}, {d['sm']} MHz, 1980 MHz, {pw:.2f} W, 0x{mask:016x}")
        b.add(f"{host}/nvidia-smi-query-gpu.csv", csv)
        fans = []
        for f in range(1, 9):
            rpm = rng.randint(11800, 12600)
            st = "ok "
            if host == "x-06" and f == 6:
                rpm, st = 0, "cr "
            fans.append(f"FAN{f}             | {0x40 + f:02x}h | {st} | 29.{f} | {rpm} RPM")
        b.add(f"{host}/ipmitool-sdr-type-fan.txt", fans)


# ---------------------------------------------------------------------------
def k23_step_timing_regression(b, rng):
    nodes = ["n-07", "n-08", "n-09", "n-10", "n-11", "n-12"]
    b.label("straggler", "infrastructure", ("n-11", None), "restart_without_node",
            "train_step_timing rises from ~2.1 s to ~3.4 s at 14:22 without any error. At 14:21:58 n-11's kernel log shows the "
            "module behind mlx5_1 unplug/replug and NCCL on n-11 reports an IB port error; ibstat afterwards shows mlx5_1 on n-11 "
            "renegotiated to Rate 100 while every other port on every node is at 400. A degraded link on one node slows all ranks.",
            "https://github.com/NVIDIA/nccl-tests/issues/106")
    ver = "2.5.1"
    jobid = 4410098
    t0 = T("2024-12-11 12:32:00")
    t_deg = T("2024-12-11 14:21:58")
    t_col = T("2024-12-11 15:40:00")
    hcas = [f"mlx5_{i}" for i in range(8)]
    s = Stream()
    s.add(t0, ["[NeMo I 2024-12-11 12:32:00 nemo_logging:393] Experiments will be logged at /results/nemotron-15b/run3",
               "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/48",
               "----------------------------------------------------------------------------------------------------",
               "distributed_backend=nccl", "All distributed processes registered. Starting with 48 processes",
               "----------------------------------------------------------------------------------------------------"])
    t = plus(t0, 150)
    step = 0
    while t < t_col:
        step += 1
        st = rng.uniform(2.08, 2.14) if t < plus(t_deg, 3) else rng.uniform(3.36, 3.45)
        t = plus(t, st)
        if step % 20 == 0:
            s.add(t, lightning_bar(0, step, 100000, (t - t0).total_seconds(), st,
                                   [("reduced_train_loss", f"{2.6 - 0.5 * (1 - 2.718 ** (-step / 4000)):.3f}"), ("global_step", f"{step - 1}.0"),
                                    ("consumed_samples", f"{step * 384}.0"), ("train_step_timing in s", f"{st:.3f}")]))
    s.add(plus(t_deg, 0.4), ["n-11:201733:202120 [1] NCCL WARN NET/IB : Got async event : port error",
                             "n-11:201741:202129 [5] NCCL WARN NET/IB : Got async event : port error"])
    b.add(f"{nodes[0]}/nemo-{jobid}.log", s.lines())
    for ni, host in enumerate(nodes):
        boot = plus(t0, -rng.randint(2, 12) * 86400)
        ev = dmesg_boot(rng, host=host, driver="560.35.03", kernel="5.15.0-122-generic")
        ev += dmesg_noise(rng, 30, secs(t_col, boot), n=25)
        over = {}
        if host == "n-11":
            x = secs(t_deg, boot)
            ev += [(x, "mlx5_core 0000:4c:00.0: mlx5_port_module_event:1159:(pid 0): Port module event: module 1, Cable unplugged"),
                   (x + 6.3, "mlx5_core 0000:4c:00.0: mlx5_port_module_event:1159:(pid 0): Port module event: module 1, Cable plugged"),
                   (x + 11.8, "IPv6: ADDRCONF(NETDEV_CHANGE): ibp76s0: link becomes ready")]
            over = {"mlx5_1": {"Rate": 100}}
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/ibstat.txt", ibstat(rng, hcas, over))


# ---------------------------------------------------------------------------
def k24_megatron_minmax_report(b, rng):
    b.label("straggler", "infrastructure", ("gpu-st-03", 19), "run_diagnostics",
            "Megatron's straggler detector names rank 19 (gpu-st-03, local GPU 3) as the slowest round-trip and lowest-throughput "
            "rank in every report since ~iteration 1500, ~12% behind, yet its temperature, power and clock are in the normal range and "
            "nvidia-smi shows no throttle reason on gpu-st-03. A consistent straggler without a visible cause: test that GPU/node.",
            "https://github.com/deepspeedai/DeepSpeed/issues/1617")
    nodes = ["gpu-st-01", "gpu-st-02", "gpu-st-03", "gpu-st-04"]
    ver = "2.6.0"
    jobid = 551902
    t0 = T("2025-03-14 18:02:00")
    s = Stream()
    s.add(t0, megatron_preamble(t0, world=32, tp=4, pp=1, dp=8, gbs=512, train_iters=100000, log_interval=100,
                                save_interval=2000, load_iter=0, ckpt_dir="", extra_args=[("log_straggler", "True"), ("straggler_minmax_count", "4")]))
    s.add(plus(t0, 70), [f"INFO:megatron.core.utils:Controller ready to recv commands on port 65535. Current state ON"])
    t = plus(t0, 90)
    it = 0
    while it < 4200:
        slow = it >= 1500
        m = (3010 if not slow else 3390) + rng.uniform(-15, 20)
        t = plus(t, m * 100 / 1000)
        it += 100
        s.add(t, megatron_iter(t, it, 100000, consumed=it * 512, ms=m, tflops=(398 if not slow else 353) + rng.uniform(-2, 2),
                               lr=cosine_lr(it, peak=2e-4, total=100000), gbs=512, loss=2.2 + 8.6 * 2.718 ** (-it / 500) + rng.uniform(-0.02, 0.02),
                               gnorm=rng.uniform(0.3, 0.8)))
        ranks = list(range(32))
        if slow:
            mx, mn_tf = 19, 19
            mxv = m
            mnv = m * 0.885
            worst = [19] + rng.sample([r for r in ranks if r != 19], 3)
        else:
            mx = rng.randrange(32)
            mn_tf = mx
            mxv = m
            mnv = m * rng.uniform(0.985, 0.995)
            worst = rng.sample(ranks, 4)
        et = lambda r: (296.0 if not (slow and r == 19) else 261.4) + rng.uniform(-1.2, 1.2)
        line = (f"INFO:megatron.core.utils:[{iso(plus(t, 0.2))}] | MnRtt/Rnk: {mnv:.2f}ms/{rng.randrange(32)} | MxRtt/Rnk: {mxv:.2f}ms/{mx} | "
                f"MnPwr/Rnk: {rng.uniform(598000, 612000):.2f}W/{rng.randrange(32)} | MxPwr/Rnk: {rng.uniform(684000, 699000):.2f}W/{rng.randrange(32)} | "
                f"MnTmp/Rnk: {rng.randint(48, 52):.2f}C/{rng.randrange(32)} | MxTmp/Rnk: {rng.randint(63, 67):.2f}C/{rng.choice([4, 12, 27])} | "
                f"MnUtl/Rnk: {rng.randint(95, 98):.2f}%/{rng.randrange(32)} | MxUtl/Rnk: 100.00%/{rng.randrange(32)} | "
                f"MnClk/Rnk: {rng.choice([1950, 1965]):.2f}MHz/{rng.choice([3, 8, 22, 30])} | MxClk/Rnk: 1980.00MHz/{rng.randrange(32)} | "
                f"MnDRtt/Rnk: {rng.uniform(1.1, 1.4):.2f}ms/{rng.randrange(32)} | MxDRtt/Rnk: {rng.uniform(9, 30):.2f}ms/{rng.randrange(32)} | "
                f"MnEtpt/Rnk: {et(worst[0]) if slow else rng.uniform(293, 295):.2f}TF/{worst[0]} | MxEtpt/Rnk: {rng.uniform(297, 299):.2f}TF/{rng.choice([r for r in ranks if r != 19])}")
        s.add(plus(t, 0.2), line)
        s.add(plus(t, 0.2), "INFO:megatron.core.utils:^^^^ Bottom 4 Ranks with lowest  Etpt(TF): " + " ".join(f"{et(r) if slow and r == 19 else rng.uniform(293, 296):.2f}/{r}," for r in worst))
        s.add(plus(t, 0.2), "INFO:megatron.core.utils:^^^^ Top    4 Ranks with highest Etpt(TF): " + " ".join(f"{rng.uniform(297, 299):.2f}/{r}," for r in rng.sample([r for r in ranks if r != 19], 4)))
    b.add(f"{nodes[0]}/slurm-{jobid}.out", prefix(s.lines(), "0: "))
    for ni, host in enumerate(nodes):
        gs = [dict(bus=bb, temp=rng.randint(50, 64), memtemp=rng.randint(56, 68), sm=1980, reasons=set()) for bb in H100_BUS]
        b.add(f"{host}/nvidia-smi-q-perf.txt", smi_q(plus(t, 60), "550.127.08", "12.4", gs, sections=("PERFORMANCE", "TEMPERATURE", "CLOCK")))
        boot = plus(t0, -rng.randint(2, 12) * 86400)
        ev = dmesg_boot(rng, host=host, driver="550.127.08")
        ev += dmesg_noise(rng, 30, secs(plus(t, 60), boot), n=20)
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))


# ---------------------------------------------------------------------------
def k25_samples_per_sec_drop(b, rng):
    nodes = ["w-01", "w-02", "w-03", "w-04"]
    b.label("straggler", "infrastructure", ("w-03", None), "restart_without_node",
            "DeepSpeed throughput falls from ~410 to ~255 samples/s at 03:12 with no error. dcgmi dmon shows every GPU on w-03 "
            "drawing ~150 W at ~1 GHz SM clock while the other nodes run at ~690 W/1980 MHz, nvidia-smi on w-03 reports HW Power "
            "Brake Slowdown active on all eight GPUs, and w-03's BMC logged a PSU failure/AC loss at 03:11:52.",
            "https://github.com/mlfoundations/open_clip/issues/703")
    ver = "2.3.1"
    t0 = T("2024-07-25 22:15:00")
    t_psu = T("2024-07-26 03:11:52")
    t_col = T("2024-07-26 04:30:00")
    s = Stream()
    s.add(t0, [f"[{iso_ms(t0)}] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w w-01,w-02,w-03,w-04 export NCCL_DEBUG=WARN; cd /work/sd3; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=... --node_rank=%n --master_addr=w-01 --master_port=29500 train_dit.py --deepspeed ds_cfg.json"])
    t = plus(t0, 180)
    step = 0
    tot_s, tot_t = 0.0, 0.0
    while t < t_col:
        step += 50
        slow = t > plus(t_psu, 20)
        sps = (410.0 if not slow else 255.0) * rng.uniform(0.99, 1.01)
        dt = 50 * 4096 / sps / 8
        t = plus(t, dt)
        tot_s += 50 * 4096 / 8
        tot_t += dt
        s.add(t, [ds_step_line(t, step, 1e-4), ds_timer_line(t, step, tot_s / tot_t, sps, 52.71, 66.02)], "w-01: ")
    b.add("w-01/deepspeed-train.log", s.lines())
    for ni, host in enumerate(nodes):
        bad = host == "w-03"
        dm = ["#Entity   POWER        TMPTR   SMCLK   GPUTL", "ID        W            C       MHZ     %"]
        for k in range(6):
            for g in range(8):
                if bad:
                    dm.append(f"GPU {g}     {rng.uniform(141, 162):<12.3f} {rng.randint(39, 44):<7d} {rng.choice([990, 1005, 1020, 1035]):<7d} {rng.randint(97, 100)}")
                else:
                    dm.append(f"GPU {g}     {rng.uniform(655, 699):<12.3f} {rng.randint(61, 70):<7d} {rng.choice([1965, 1980]):<7d} {rng.randint(93, 100)}")
        b.add(f"{host}/dcgmi-dmon-e155,150,100,203.txt", dm)
        gs = []
        for bb in H100_BUS:
            d = dict(bus=bb, temp=rng.randint(60, 69), sm=rng.choice([1965, 1980]), reasons=set(), power=rng.uniform(655, 699))
            if bad:
                d.update(temp=rng.randint(39, 44), sm=rng.choice([990, 1020]), reasons={"HW Slowdown", "HW Power Brake Slowdown"}, power=rng.uniform(141, 162))
            gs.append(d)
        b.add(f"{host}/nvidia-smi-q-perf.txt", smi_q(t_col, "550.90.07", "12.4", gs, sections=("PERFORMANCE", "POWER", "CLOCK")))
        sel = [(plus(t0, -86400 * 5), "System Event #0x83", "Timestamp Clock Sync", "Asserted"),
               (plus(t0, -86400 * 5 + 3), "Power Supply PS1 Status", "Presence detected", "Asserted")]
        if bad:
            sel += [(t_psu, "Power Supply PS3 Status", "Failure detected", "Asserted"),
                    (plus(t_psu, 1), "Power Supply PS4 Status", "Power Supply AC lost", "Asserted"),
                    (plus(t_psu, 2), "Power Unit PWR Redundancy", "Redundancy Lost", "Asserted")]
        b.add(f"{host}/ipmitool-sel-list.txt", ipmi_sel(rng, t0, sel))


# ---------------------------------------------------------------------------
def k26_all_ranks_same_runtime_error(b, rng):
    b.label("user_code", "script", None, "stop",
            "Every rank on all three nodes raises the same 'RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x4096 "
            "and 5120x4096)' in the adapter projection on the first forward pass: the config's hidden_size (4096) does not match the "
            "5120-wide adapter weights. A configuration/code error; the Xid 63 row-remap note on hp-02 is unrelated.",
            "https://github.com/epfLLM/Megatron-LLM/issues/73")
    nodes = ["hp-01", "hp-02", "hp-03"]
    ver = "2.5.1"
    t0 = T("2024-10-30 13:40:10")
    run = "ft_adapter_1030"
    for ni, host in enumerate(nodes):
        agent = rng.randint(5000, 50000)
        pids = [agent + 10 + 3 * i for i in range(8)]
        console = torchrun_banner(ver, t0, agent)
        for lr in range(8):
            r = ni * 8 + lr
            tb = py_frames([("/srv/ft/run_ft.py", 201, "<module>", "main(cfg)"),
                            ("/srv/ft/run_ft.py", 164, "main", "loss = model(**batch).loss"),
                            (f"{SP}/torch/nn/modules/module.py", 1747, "_call_impl", "return forward_call(*args, **kwargs)"),
                            (f"{SP}/torch/nn/parallel/distributed.py", 1643, "forward", "else self._run_ddp_forward(*inputs, **kwargs)"),
                            (f"{SP}/torch/nn/parallel/distributed.py", 1459, "_run_ddp_forward", "return self.module(*inputs, **kwargs)  # type: ignore[index]"),
                            ("/srv/ft/model/adapter_lm.py", 92, "forward", "h = self.adapter(h)"),
                            ("/srv/ft/model/adapter_lm.py", 41, "forward", "return self.up(self.act(self.down(x)))"),
                            (f"{SP}/torch/nn/modules/linear.py", 125, "forward", "return F.linear(input, self.weight, self.bias)")]) + [
                "RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x4096 and 5120x4096)"]
            out = [f"rank {r}: loaded adapter weights from /srv/ft/adapters/v7/adapter.safetensors (down: 5120->4096)",
                   f"rank {r}: model hidden_size=4096 num_layers=32 (config: configs/ft_7b.yaml)"]
            err = ["/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:1399: FutureWarning: `torch.cpu.amp.autocast(args...)` is deprecated. Please use `torch.amp.autocast('cpu', args...)` instead.",
                   "  with device_autocast_ctx, torch.cpu.amp.autocast(**cpu_autocast_kwargs), recompute_context:  # type: ignore[attr-defined]"] + prefix(tb, f"[rank{r}]: ")
            base = f"{host}/torchelastic/{run}/attempt_0/{lr}"
            b.add(f"{base}/stdout.log", out)
            b.add(f"{base}/stderr.log", err)
            b.add(f"{base}/error.json", '{"message": {"message": "RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x4096 and 5120x4096)", "extraInfo": {"py_callstack": "Traceback (most recent call last):\\n  File \\"/srv/ft/model/adapter_lm.py\\", line 41, in forward\\n    return self.up(self.act(self.down(x)))\\n", "timestamp": "' + str(int(plus(t0, 74).timestamp())) + '"}}}')
        te = plus(t0, 75)
        console += [elastic_line(ver, te, "E", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python", agent)]
        console += torchrun_traceback(ver) + child_failed_block("/srv/ft/run_ft.py",
                                                                [dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8 + i, local_rank=i, exitcode=1, pid=pids[i],
                                                                      error_file=f"/tmp/torchelastic_k3j2/{run}/attempt_0/{i}/error.json", traceback="Traceback (most recent call last):\n    ...\n  RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x4096 and 5120x4096)") for i in range(1, 8)],
                                                                dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0],
                                                                     error_file=f"/tmp/torchelastic_k3j2/{run}/attempt_0/0/error.json", traceback="Traceback (most recent call last):\n    ...\n  RuntimeError: mat1 and mat2 shapes cannot be multiplied (16384x4096 and 5120x4096)"))
        b.add(f"{host}/torchrun.out", console)
        boot = plus(t0, -rng.randint(3, 20) * 86400)
        ev = dmesg_boot(rng, host=host, driver="550.90.07")
        ev += dmesg_noise(rng, 30, secs(plus(t0, 300), boot), n=25)
        if host == "hp-02":
            ev.append((secs(plus(t0, -3 * 3600), boot), "NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000002d81b40) marked for remapping, reset gpu to activate."))
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))


# ---------------------------------------------------------------------------
def k27_lightning_first_step_oom(b, rng):
    b.label("oom", "framework", None, "stop",
            "Every rank on all four nodes hits torch.OutOfMemoryError on the first training step trying to allocate 7.81 GiB with "
            "~71 GiB already allocated by PyTorch itself; nvidia-smi shows no foreign processes. The configuration (micro-batch 16 "
            "at seq 8192 without activation checkpointing) does not fit in 80 GB; reduce it before relaunching.",
            "https://github.com/karpathy/nanoGPT/issues/88")
    nodes = ["a3-vm-0", "a3-vm-1", "a3-vm-2", "a3-vm-3"]
    ver = "2.2.2"
    t0 = T("2024-04-09 15:20:31")
    for ni, host in enumerate(nodes):
        s = Stream()
        if ni == 0:
            s.add(t0, ["Using bfloat16 Automatic Mixed Precision (AMP)", "GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
                       "IPU available: False, using: 0 IPUs", "HPU available: False, using: 0 HPUs"])
        for lr in range(8):
            r = ni * 8 + lr
            s.add(plus(t0, 2 + lr * 0.01), [f"[rank: {r}] Seed set to 42", f"Initializing distributed: GLOBAL_RANK: {r}, MEMBER: {r + 1}/32"])
        if ni == 0:
            s.add(plus(t0, 40), ["----------------------------------------------------------------------------------------------------",
                                 "distributed_backend=nccl", "All distributed processes registered. Starting with 32 processes",
                                 "----------------------------------------------------------------------------------------------------", "",
                                 "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
                                 "  | Name  | Type            | Params | Mode ", "--------------------------------------------------",
                                 "0 | model | LlamaForCausalLM | 8.0 B  | train", "--------------------------------------------------",
                                 "8.0 B     Trainable params", "0         Non-trainable params", "8.0 B     Total params",
                                 "32,121.045Total estimated model params size (MB)",
                                 "hparams: micro_batch_size=16 seq_len=8192 grad_accum=1 activation_checkpointing=False strategy=fsdp(full_shard)"])
        for lr in range(8):
            r = ni * 8 + lr
            free = rng.uniform(2.6, 3.3)
            tb = py_frames([("/home/user/llm/train.py", 141, "<module>", "trainer.fit(module, datamodule=dm)"),
                            (f"{SP}/lightning/pytorch/trainer/trainer.py", 544, "fit", "call._call_and_handle_interrupt("),
                            (f"{SP}/lightning/pytorch/trainer/call.py", 43, "_call_and_handle_interrupt", "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
                            (f"{SP}/lightning/pytorch/loops/optimization/automatic.py", 319, "backward_fn", "self.trainer._call_strategy_hook(\"backward\", loss, optimizer)"),
                            (f"{SP}/torch/autograd/__init__.py", 266, "backward", "Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]) + [
                f"torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB. GPU {lr} has a total capacity of 79.11 GiB of which {free:.2f} GiB is free. Including non-PyTorch memory, this process has {79.11 - free - 0.5:.2f} GiB memory in use. Of the allocated memory {rng.uniform(70.6, 71.4):.2f} GiB is allocated by PyTorch, and {rng.uniform(3.9, 4.6):.2f} GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]
            s.add(plus(t0, 71 + rng.uniform(0, 3)), prefix(tb, f"[rank{r}]: "))
        s.add(plus(t0, 80), [f"srun: error: {host}: tasks {ni * 8}-{ni * 8 + 7}: Exited with exit code 1"])
        b.add(f"{host}/train-{host}.log", s.lines())
        gs = [dict(bus=bb, temp=rng.randint(30, 35), power=rng.randint(66, 73), mem_used=0) for bb in H100_BUS]
        b.add(f"{host}/nvidia-smi-after.txt", smi_table(plus(t0, 200), "550.54.15", "12.4", gs))


# ---------------------------------------------------------------------------
def k28_resume_fails_on_every_rank(b, rng):
    b.label("user_code", "script", None, "stop",
            "The resumed job fails on every rank while loading the checkpoint: the saved state_dict keys carry the '_orig_mod.' "
            "prefix of a torch.compile-wrapped model, so load_state_dict reports all keys missing/unexpected. A checkpoint/code "
            "mismatch in the user's resume path; the corrected-ECC counts and Xid 63 note on gpu-m2 are unrelated.",
            "https://github.com/huggingface/pytorch-image-models/pull/2003")
    nodes = ["gpu-m1", "gpu-m2"]
    ver = "2.6.0"
    t0 = T("2025-02-12 09:00:20")
    keys = ["transformer.wte.weight", "transformer.wpe.weight", "transformer.h.0.ln_1.weight", "transformer.h.0.attn.c_attn.weight",
            "transformer.h.0.attn.c_attn.bias", "transformer.h.0.attn.c_proj.weight", "transformer.h.0.mlp.c_fc.weight"]
    miss = ", ".join(f'"{k}"' for k in keys) + ", " + ", ".join(f'"transformer.h.{i}.{p}"' for i in range(1, 5) for p in ("ln_1.weight", "attn.c_attn.weight", "mlp.c_fc.weight"))
    unexp = ", ".join(f'"_orig_mod.{k}"' for k in keys) + ", " + ", ".join(f'"_orig_mod.transformer.h.{i}.{p}"' for i in range(1, 5) for p in ("ln_1.weight", "attn.c_attn.weight", "mlp.c_fc.weight"))
    for ni, host in enumerate(nodes):
        agent = rng.randint(3000, 60000)
        pids = [agent + 6 + i for i in range(8)]
        s = Stream()
        s.add(t0, torchrun_banner(ver, t0, agent))
        for lr in range(8):
            r = ni * 8 + lr
            tb = py_frames([("/home/ops/gpt/train.py", 188, "<module>", "main()"),
                            ("/home/ops/gpt/train.py", 120, "main", "model.load_state_dict(ckpt[\"model\"])"),
                            (f"/usr/local/lib/python3.12/dist-packages/torch/nn/modules/module.py", 2581, "load_state_dict", "raise RuntimeError(")]) + [
                "RuntimeError: Error(s) in loading state_dict for GPT:",
                f"\tMissing key(s) in state_dict: {miss}, ... ",
                f"\tUnexpected key(s) in state_dict: {unexp}, ... "]
            s.add(plus(t0, 38 + lr * 0.2), [f"[rank{r}]: resuming from /data/ckpt/gpt-1.3b/ckpt_step_48000.pt"] + prefix(tb, f"[rank{r}]: "))
        te = plus(t0, 41)
        s.add(te, [elastic_line(ver, te, "E", f"failed (exitcode: 1) local_rank: 0 (pid: {pids[0]}) of binary: /usr/bin/python3", agent)]
              + torchrun_traceback(ver, pyver="3.12") + child_failed_block("train.py", [dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8 + i, local_rank=i, exitcode=1, pid=pids[i], traceback=signal_tb(1, 0)) for i in range(1, 8)],
                                                                          dict(time=te.strftime("%Y-%m-%d_%H:%M:%S"), host=host, rank=ni * 8, local_rank=0, exitcode=1, pid=pids[0], traceback=signal_tb(1, 0))))
        b.add(f"{host}/torchrun.log", s.lines())
        boot = plus(t0, -rng.randint(3, 9) * 86400)
        ev = dmesg_boot(rng, host=host, driver="560.35.05")
        ev += dmesg_noise(rng, 30, secs(plus(t0, 100), boot), n=25)
        gs = [dict(bus=bb, temp=rng.randint(30, 35)) for bb in H100_BUS]
        if host == "gpu-m2":
            ev.append((secs(plus(t0, -7000), boot), "NVRM: Xid (PCI:0000:5d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000019a2c40) marked for remapping, reset gpu to activate."))
            gs[3]["ecc"] = {"adc": 41, "vdc": 2}
            gs[3]["remap"] = {"corr": 1, "pending": "Yes", "max": 639, "high": 1}
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
        b.add(f"{host}/nvidia-smi-q.txt", smi_q(plus(t0, 120), "560.35.05", "12.6", gs, sections=("ECC", "ROW_REMAPPER")))


# ---------------------------------------------------------------------------
def k29_mpi_rank_files_one_assert(b, rng):
    b.label("user_code", "script", None, "stop",
            "Rank 13 (a100-n2, local rank 5) trips the NLL-loss device assertion 't >= 0 && t < n_classes' and raises 'CUDA error: "
            "device-side assert triggered'; mpirun then aborts everyone. A label index outside the number of classes in the user's "
            "data; the Xid 43 on a100-n2 is the driver reporting that same application fault, not hardware.",
            "https://github.com/huggingface/transformers/issues/10449")
    nodes = ["a100-n1", "a100-n2", "a100-n3"]
    ver = "2.1.2"
    t0 = T("2023-11-15 10:30:00")
    t_a = T("2023-11-15 12:47:18")
    for ni, host in enumerate(nodes):
        for lr in range(8):
            r = ni * 8 + lr
            out = [f"rank {r}/24 on {host} cuda:{lr}"]
            if r == 0:
                t = plus(t0, 60)
                ep, it = 0, 0
                while t < t_a:
                    it += 100
                    t = plus(t, 100 * 0.41)
                    if t >= t_a:
                        break
                    out.append(f"{iso(t)} epoch {ep} iter {it} loss {1.1 - 0.4 * (1 - 2.718 ** (-it / 8000)) + rng.uniform(-0.03, 0.03):.4f} acc {rng.uniform(0.71, 0.78):.3f}")
            err = ["/opt/conda/lib/python3.10/site-packages/torchvision/io/image.py:13: UserWarning: Failed to load image Python extension: 'libc10_cuda.so: cannot open shared object file: No such file or directory'If you don't plan on using image functionality from `torchvision.io`, you can ignore this warning. Otherwise, there might be something wrong with your environment. Did you have `libjpeg` or `libpng` installed before building `torchvision` from source?",
                   "  warn("]
            if r == 13:
                for th in rng.sample(range(32), 14):
                    err.append(f"../aten/src/ATen/native/cuda/Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [{th},0,0] Assertion `t >= 0 && t < n_classes` failed.")
                err += py_frames([("train_cls.py", 233, "<module>", "main()"),
                                  ("train_cls.py", 201, "main", "loss = criterion(logits, labels)"),
                                  ("/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", 1527, "_call_impl", "return forward_call(*args, **kwargs)"),
                                  ("/opt/conda/lib/python3.10/site-packages/torch/nn/modules/loss.py", 1179, "forward", "return F.cross_entropy(input, target, weight=self.weight,"),
                                  ("/opt/conda/lib/python3.10/site-packages/torch/nn/functional.py", 3053, "cross_entropy", "return torch._C._nn.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index, label_smoothing)")]) + [
                    "RuntimeError: CUDA error: device-side assert triggered",
                    "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                    "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                    "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]
            b.add(f"{host}/mpi-out/1/rank.{r}/stdout", out)
            b.add(f"{host}/mpi-out/1/rank.{r}/stderr", err)
        boot = plus(t0, -rng.randint(3, 9) * 86400)
        ev = dmesg_boot(rng, host=host, driver="535.129.03", bus=A100_BUS, hcas=4)
        ev += dmesg_noise(rng, 30, secs(plus(t_a, 600), boot), n=25)
        if host == "a100-n2":
            ev.append((secs(plus(t_a, 0.4), boot), f"NVRM: Xid (PCI:0000:90:00): 43, pid={rng.randint(40000, 90000)}, name=python, Ch 00000010"))
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="uptime"))
        b.add(f"{host}/uptime-s.txt", [boot.strftime("%Y-%m-%d %H:%M:%S")])
    b.add(f"{nodes[0]}/mpirun.console", ["+ mpirun -np 24 --hostfile hosts.txt --output-filename mpi-out --bind-to none -x NCCL_DEBUG=WARN python train_cls.py --data /datasets/inat21 --num-classes 10000",
                                         "--------------------------------------------------------------------------",
                                         "Primary job  terminated normally, but 1 process returned",
                                         "a non-zero exit code. Per user-direction, the job has been aborted.",
                                         "--------------------------------------------------------------------------",
                                         "--------------------------------------------------------------------------",
                                         "mpirun detected that one or more processes exited with non-zero status, thus causing",
                                         "the job to be terminated. The first process to do so was:", "",
                                         "  Process name: [[28119,1],13]", "  Exit code:    1",
                                         "--------------------------------------------------------------------------"])


# ---------------------------------------------------------------------------
def k30_dataloader_worker_killed(b, rng):
    b.label("oom", "framework", None, "stop",
            "Rank 10 (sx-02) dies with 'DataLoader worker (pid 81234) is killed by signal: Killed'; sx-02's dmesg shows the Slurm "
            "job's memory cgroup hitting its limit and the OOM killer picking that worker, whose RSS (like its 15 siblings) grew with "
            "the in-memory caching dataset. The job's own host-memory use (num_workers x cache), not a node fault.",
            "https://github.com/alibaba/Pai-Megatron-Patch/issues/583")
    nodes = ["sx-01", "sx-02", "sx-03"]
    ver = "1.13.1"
    jobid = 339811
    t0 = T("2023-03-08 19:00:00")
    t_k = T("2023-03-09 00:41:12")
    s = Stream()
    lab = lambda r: f"{r:>2}: "
    s.add(t0, [f"srun -l --kill-on-bad-exit=1 --ntasks-per-node=8 python train_seg.py --workers 16 --cache-decoded"])
    for r in range(24):
        s.add(plus(t0, 10 + r * 0.02), [f"/opt/conda/lib/python3.9/site-packages/torch/utils/data/dataloader.py:554: UserWarning: This DataLoader will create 16 worker processes in total. Our suggested max number of worker in current system is 12, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.",
                                        "  warnings.warn(_create_warning_msg("], lab(r))
    t = plus(t0, 60)
    it = 0
    while t < t_k:
        it += 50
        t = plus(t, 50 * rng.uniform(0.95, 0.99))
        if t >= t_k:
            break
        s.add(t, f"[{iso(t)}] it {it} loss {0.61 - 0.2 * (1 - 2.718 ** (-it / 9000)) + rng.uniform(-0.02, 0.02):.4f} miou {rng.uniform(0.62, 0.66):.3f} mem_cached_samples {min(1200000, it * 96)}", lab(0))
    tb = py_frames([("train_seg.py", 301, "<module>", "main()"),
                    ("train_seg.py", 260, "main", "for i, (img, mask) in enumerate(loader):"),
                    ("/opt/conda/lib/python3.9/site-packages/torch/utils/data/dataloader.py", 628, "__next__", "data = self._next_data()"),
                    ("/opt/conda/lib/python3.9/site-packages/torch/utils/data/dataloader.py", 1316, "_next_data", "idx, data = self._get_data()"),
                    ("/opt/conda/lib/python3.9/site-packages/torch/utils/data/dataloader.py", 1282, "_get_data", "success, data = self._try_get_data()"),
                    ("/opt/conda/lib/python3.9/site-packages/torch/utils/data/dataloader.py", 1133, "_try_get_data", "raise RuntimeError('DataLoader worker (pid(s) {}) exited unexpectedly'.format(pids_str)) from e")])
    pre = py_frames([("/opt/conda/lib/python3.9/site-packages/torch/utils/data/dataloader.py", 1120, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                     ("/opt/conda/lib/python3.9/queue.py", 180, "get", "self.not_empty.wait(remaining)"),
                     ("/opt/conda/lib/python3.9/threading.py", 316, "wait", "gotit = waiter.acquire(True, timeout)"),
                     ("/opt/conda/lib/python3.9/site-packages/torch/utils/data/_utils/signal_handling.py", 66, "handler", "_error_if_any_worker_fails()")]) + [
        "RuntimeError: DataLoader worker (pid 81234) is killed by signal: Killed. ", "",
        "The above exception was the direct cause of the following exception:", ""]
    s.add(plus(t_k, 0.4), pre + tb + ["RuntimeError: DataLoader worker (pid(s) 81234) exited unexpectedly"], lab(10))
    s.add(plus(t_k, 0.2), [f"slurmstepd: error: Detected 1 oom_kill event in StepId={jobid}.0. Some of the step tasks have been OOM Killed."])
    s.add(plus(t_k, 2), ["srun: error: sx-02: task 10: Exited with exit code 1",
                         "srun: launch/slurm: _step_signal: Terminating StepId=339811.0",
                         f"slurmstepd: error: *** STEP {jobid}.0 ON sx-01 CANCELLED AT {plus(t_k, 3).strftime('%Y-%m-%dT%H:%M:%S')} ***",
                         "srun: error: sx-01: tasks 0-7: Killed", "srun: error: sx-03: tasks 16-23: Killed", "srun: error: sx-02: tasks 8-9,11-15: Killed"])
    b.add(f"sx-01/slurm-{jobid}.out", s.lines())
    for ni, host in enumerate(nodes):
        boot = plus(t0, -rng.randint(2, 9) * 86400)
        ev = dmesg_boot(rng, host=host, driver="525.85.12", bus=A100_BUS, hcas=4, kernel="5.4.0-144-generic")
        ev += dmesg_noise(rng, 30, secs(plus(t_k, 120), boot), n=25)
        if host == "sx-02":
            x = secs(t_k, boot)
            ev += [(x - 0.05, "python invoked oom-killer: gfp_mask=0x1100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0"),
                   (x - 0.05, f"memory: usage 503316480kB, limit 503316480kB, failcnt 90413"),
                   (x - 0.05, f"Memory cgroup stats for /slurm/uid_5012/job_{jobid}:"),
                   (x - 0.04, "Tasks state (memory values in pages):"),
                   (x - 0.04, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")]
            for k in range(16):
                pid = 81220 + k if k != 14 else 81234
                ev.append((x - 0.04, f"[{pid:>7}]  5012 {pid:>5} {rng.randint(9500000, 9800000):>9} {rng.randint(7300000, 7700000):>8} {rng.randint(62000000, 64000000):>14}        0             0 python"))
            ev += [(x, f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_5012/job_{jobid},task_memcg=/slurm/uid_5012/job_{jobid}/step_0/task_2,task=python,pid=81234,uid=5012"),
                   (x, f"Memory cgroup out of memory: Killed process 81234 (python) total-vm:{rng.randint(38000000, 39000000)}kB, anon-rss:{rng.randint(30100000, 30500000)}kB, file-rss:{rng.randint(60000, 90000)}kB, shmem-rss:{rng.randint(200000, 400000)}kB, UID:5012 pgtables:{rng.randint(61000, 63000)}kB oom_score_adj:0")]
        b.add(f"{host}/dmesg.txt", render_dmesg(ev, style="T", boot=boot))
