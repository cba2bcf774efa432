"""Cases bl19..bl26."""

import random

from bundle import Case
from common import (UTC, dt, td, tz, ts_py, ts_iso, ts_glog, ts_dmesg_T, ts_syslog,
                    nvsmi_q, nvsmi_table, nccl_init_lines, torchrun_header_glog,
                    torchrun_rdzv_result, dmesg_boot_noise, render_dmesg, ibstat,
                    megatron_iter_line, lr_at, loss_at, pyspy_dump, hexid, ts_slurm, tqdm_hms)
from cases_b import watchdog_block, E

A100_BUS = ["07", "0F", "47", "4E", "87", "90", "B7", "BD"]


# ------------------------------------------------------------------ bl19

def bl19():
    rng = random.Random(6719)
    c = Case("bl19_step_time_jitter_since_evening")
    nodes = ["gpuhost-%02d" % i for i in range(1, 7)]
    bad, badgpu = "gpuhost-04", 3
    cet = tz(1)
    start = dt(2024, 4, 22, 14, 0, 5, tzinfo=cet)
    onset = dt(2024, 4, 22, 21, 4, 51, tzinfo=cet)
    L = []
    t = start + td(seconds=60)
    it = 30000
    while t < dt(2024, 4, 22, 22, 40, 0, tzinfo=cet):
        block = []
        for _ in range(50):
            if t < onset:
                st = rng.gauss(1.362, 0.006)
            else:
                st = 1.36 + (rng.expovariate(1 / 0.55) if rng.random() < 0.45 else rng.uniform(0.0, 0.05))
            block.append(st)
            t = t + td(seconds=st)
        it += 50
        avg = sum(block) / len(block)
        L.append("%s [INFO] fsdp_train: it %6d | loss %.4f | step %.3fs (max %.3fs) | tok/s/gpu %d | mem 71.3GiB" % (
            ts_py(t), it, loss_at(it, rng, 9.0, 2.08), avg, max(block), int(4096 / avg)))
    c.add("%s/train_rank0.log" % nodes[0], L)
    c.add("job.info", ["JobId=3391027 JobName=fsdp-13b-a100 UserId=hsato(41022) Account=nlp",
                       "   JobState=RUNNING Reason=None Dependency=(null)",
                       "   RunTime=08:41:17 TimeLimit=3-00:00:00",
                       "   NodeList=gpuhost-[01-06]",
                       "   NumNodes=6 NumCPUs=768 NumTasks=48 CPUs/Task=16",
                       "   TRES=cpu=768,mem=6000G,node=6,billing=768,gres/gpu=48"])
    boot = dt(2024, 4, 11, 10, 21, 0, tzinfo=cet)
    for i, n in enumerate(nodes):
        gr = random.Random(67190 + i)
        ent = dmesg_boot_noise(gr, n, n=22)
        if n == bad:
            tt = onset
            while tt < dt(2024, 4, 22, 22, 38, 0, tzinfo=cet):
                ent.append(((tt - boot).total_seconds(), "NVRM: Xid (PCI:0000:4e:00): 92, pid=%d, name=python3, High single-bit ECC error rate" % (38120 + 24 + badgpu)))
                tt = tt + td(seconds=gr.randint(15, 95))
        style = "T" if i % 2 == 0 else "iso"
        c.add("%s/%s" % (n, "dmesg-T.log" if style == "T" else "journal-k.log"), render_dmesg(sorted(ent), style, boot_time=boot, host=n))
        gpus = []
        for g in range(8):
            d = {"temp": gr.randint(52, 64), "power": gr.uniform(330, 398), "plimit": 400.0, "util": 100, "sm": 1410,
                 "mem_used": 73000 + gr.randint(0, 600), "procs": [(38120 + i * 8 + g, "/usr/bin/python3", 72800)]}
            if n == "gpuhost-02" and g == 6:
                d["sram_corr"] = 2
            if n == bad and g == badgpu:
                d.update({"dram_corr_vol": 1248331, "dram_corr_agg": 1312077, "util": 100, "power": 281.5})
            gpus.append(d)
        c.add("%s/nvidia-smi-q.txt" % n, nvsmi_q(dt(2024, 4, 22, 22, 39, 0, tzinfo=cet) + td(seconds=i), gpus, rng=gr,
                                                 product="NVIDIA A100-SXM4-80GB", driver="535.161.07", cuda="12.2",
                                                 busids=A100_BUS))
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "From 21:04:51 the steady 1.36 s step turns jittery with spikes to several seconds, no error in the training "
        "log; at that exact time gpuhost-04 starts logging Xid 92 (high single-bit ECC error rate) every few tens of "
        "seconds for GPU 0000:4e:00 and nvidia-smi shows >1.2 M volatile DRAM correctable errors on that GPU. The "
        "two SRAM correctables on gpuhost-02 are noise.",
        "https://www.abhik.ai/articles/nvidia-xid-errors")
    return c


# ------------------------------------------------------------------ bl20

def bl20():
    rng = random.Random(6720)
    c = Case("bl20_iters_per_sec_halved_k8s_job")
    nodes = ["aks-ndh100-38105441-vmss00000%d" % i for i in range(4)]
    bad, badgpu = nodes[2], 6
    start = dt(2025, 5, 6, 1, 50, 3)
    onset = dt(2025, 5, 6, 3, 40, 22)
    pods = ["pretrain-job-worker-%d" % i for i in range(4)]
    c.add("kubectl-get-pods-o-wide.txt", [
        "NAME                    READY   STATUS    RESTARTS   AGE     IP             NODE                              NOMINATED NODE   READINESS GATES",
    ] + ["%-23s 1/1     Running   0          3h12m   10.244.%d.%-3d   %s   <none>           <none>" % (p, i + 2, 17 + i, n) for i, (p, n) in enumerate(zip(pods, nodes))])
    L = []
    L += torchrun_header_glog(start, 1)
    L += torchrun_rdzv_result(start + td(seconds=8), 1, 0, 4, 8, "pretrain-job-worker-0", port=23456)
    t = start + td(seconds=70)
    it = 0
    while t < dt(2025, 5, 6, 4, 55, 0):
        block = 0.0
        for _ in range(100):
            s = rng.gauss(0.709, 0.004) if t < onset else rng.gauss(1.282, 0.01)
            block += s
            t = t + td(seconds=s)
        it += 100
        L.append("[%s] Epoch 3 | Iter %5d/50000 | loss %.4f | it/s %.2f | sec/it %.3f | lr %.2e" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), it, loss_at(it, rng, 3.4, 2.2), 100 / block, block / 100, 1.5e-4))
    c.add("%s/pods/%s.log" % (nodes[0], pods[0]), L)
    for i, n in enumerate(nodes):
        gr = random.Random(67200 + i)
        rows = ["# dcgmi dmon -e 100,150,155,203 -c 6   (collected 2025-05-06 04:51:58 UTC)", "#Entity   SMCLK   GTEMP   POWER     GPUTL", "ID"]
        for s in range(6):
            for g in range(8):
                if n == bad and g == badgpu:
                    rows.append("GPU %d     %4d    %2d      %7.3f   %3d" % (g, 705, gr.randint(40, 42), gr.uniform(176, 190), 100))
                else:
                    rows.append("GPU %d     %4d    %2d      %7.3f   %3d" % (g, 1980, gr.randint(49, 63), gr.uniform(410, 560), 100))
        c.add("%s/dcgm/dcgmi-dmon-e100-150-155-203.txt" % n, rows)
        q = ["index, clocks.current.sm [MHz], clocks.max.sm [MHz], clocks_event_reasons.active, clocks_event_reasons.hw_slowdown, clocks_event_reasons.hw_thermal_slowdown, clocks_event_reasons.hw_power_brake_slowdown, clocks_event_reasons.sw_power_cap, temperature.gpu, power.draw [W]"]
        for g in range(8):
            if n == bad and g == badgpu:
                q.append("%d, 705 MHz, 1980 MHz, 0x0000000000000008, Active, Not Active, Not Active, Not Active, 41, 182.41 W" % g)
            else:
                swcap = gr.random() < 0.2
                q.append("%d, %d MHz, 1980 MHz, 0x%016x, Not Active, Not Active, Not Active, %s, %d, %.2f W" % (
                    g, 1890 if swcap else 1980, 4 if swcap else 0, "Active" if swcap else "Not Active", gr.randint(49, 63), gr.uniform(420, 699)))
        c.add("%s/dcgm/nvidia-smi-query-clocks-20250506T0452Z.csv" % n, q)
        c.add("%s/kubelet-journal.txt" % n, [
            "%s %s kubelet[3120]: I%s    3120 kubelet.go:2436] \"SyncLoop (PLEG): event for pod\" pod=\"default/%s\" event={\"ID\":\"%s\",\"Type\":\"ContainerStarted\"}" % (
                ts_iso(start - td(seconds=30)), n, ts_glog(start - td(seconds=30)), pods[i], hexid(gr, 32)),
            "%s %s kubelet[3120]: I%s    3120 prober_manager.go:312] \"Failed to trigger a manual run\" probe=\"Readiness\"" % (
                ts_iso(start + td(minutes=40)), n, ts_glog(start + td(minutes=40))),
        ])
    c.set_label(
        "straggler", "infrastructure", bad, None, "restart_without_node",
        "At 03:40 the job's speed halves (0.71 -> 1.28 s/it) with no error; dcgmi dmon and the nvidia-smi clock query "
        "on aks-...-vmss000002 show GPU 6 pinned at 705 MHz with the HW Slowdown reason active (0x8), not thermal and "
        "not power brake, at 41 C and ~180 W, while every other GPU in the job runs 1980 MHz (a few with benign SW "
        "Power Cap).",
        "https://github.com/mlfoundations/open_clip/issues/703")
    return c


# ------------------------------------------------------------------ bl21

def bl21():
    rng = random.Random(6721)
    c = Case("bl21_per_rank_timer_one_rank_lagging")
    nodes = ["ml-gpu-%03d" % i for i in range(61, 65)]
    slow = 27
    start = dt(2024, 7, 29, 9, 0, 12)
    onset_step = 2400
    for gi, n in enumerate(nodes):
        c.add("%s/launcher.log" % n, torchrun_header_glog(start, 5501 + gi) +
              torchrun_rdzv_result(start + td(seconds=4), 5501 + gi, gi, 4, 8, "ml-gpu-061"))
        for lr_ in range(8):
            r = gi * 8 + lr_
            gr = random.Random(672100 + r)
            L = []
            t = start + td(seconds=30)
            for step in range(100, 4801, 100):
                slow_now = (r == slow and step > onset_step)
                fb = gr.gauss(1118.0, 9) if slow_now else gr.gauss(812.0, 5)
                opt = gr.gauss(41.3, 0.4)
                data = gr.uniform(1.6, 2.9)
                if step > onset_step:
                    total = 1158.0 + gr.gauss(0, 3)
                else:
                    total = 852.0 + gr.gauss(0, 2.5)
                wait = max(1.5, total - fb - opt - data)
                total = fb + opt + wait + data
                t = t + td(milliseconds=total * 100)
                L.append("%s rank=%d step=%d fwd_bwd_ms=%.1f opt_ms=%.1f comm_wait_ms=%.1f data_ms=%.1f total_ms=%.1f gpu=%d host=%s" % (
                    t.strftime("%Y-%m-%dT%H:%M:%S"), r, step, fb, opt, wait, data, total, lr_, n))
            c.add("%s/rank_logs/rank%02d.log" % (n, r), L)
    snap = start + td(hours=1, minutes=20)
    for gi, n in enumerate(nodes):
        gr = random.Random(67210 + gi)
        gpus = [{"temp": gr.randint(44, 59), "power": gr.uniform(560, 680), "util": 100, "sm": 1980,
                 "mem_used": 58200 + gr.randint(0, 400), "procs": [(5600 + gi * 8 + g, "/usr/bin/python3", 57900)]} for g in range(8)]
        c.add("%s/nvidia-smi-q.txt" % n, nvsmi_q(snap + td(seconds=gi), gpus, rng=gr))
        c.add("%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=20), "uptime"))
    c.add("ml-gpu-064/dcgmi-diag-r1.txt", [
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 550.90.07                                      |",
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
    c.set_label(
        "straggler", "infrastructure", "ml-gpu-064", slow, "run_diagnostics",
        "After step 2400 every rank's total step time rises from ~852 ms to ~1158 ms; the per-rank timers show rank 27 "
        "alone with fwd_bwd ~1118 ms and almost no comm wait while all other ranks compute in ~812 ms and wait ~300 ms "
        "for it. Rank 27 is GPU 3 on ml-gpu-064, whose clocks, temperature, ECC, dmesg and a quick DCGM check are "
        "clean, so the node needs deeper diagnostics.",
        "https://github.com/rwth-i6/returnn/issues/1485")
    return c


# ------------------------------------------------------------------ bl22

def bl22():
    rng = random.Random(6722)
    c = Case("bl22_tps_drops_whole_job_at_2pm")
    nodes = ["c2-n%02d" % i for i in range(1, 9)]
    start = dt(2025, 2, 26, 11, 0, 9)
    onset = dt(2025, 2, 26, 14, 2, 33)
    L = []
    for gi, n in enumerate(nodes):
        L += torchrun_header_glog(start, 4401 + gi)

    def ti(t, msg):
        return "[rank0]:[titan] %s - root - INFO - %s" % (ts_py(t), msg)

    t = start + td(seconds=30)
    L.append(ti(t, "Building 2-D device mesh with ['dp_shard', 'tp'], [16, 4]"))
    L.append(ti(t, "Model llama3 70B size: 70,553,706,496 total parameters"))
    L.append(ti(t + td(seconds=60), "Training starts at step 1."))
    t = t + td(seconds=61)
    step = 0
    while t < dt(2025, 2, 26, 15, 5, 0):
        step += 10
        tps = int(rng.gauss(781, 5)) if t < onset else int(rng.gauss(423, 11))
        t = t + td(seconds=8192 * 2 / tps * 10)
        mfu = tps * 6 * 70.55e9 / 9.89e14 * 105
        L.append(ti(t, "step: %4d  loss: %7.4f  grad_norm: %7.4f  memory: 58.40GiB(73.84%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
            step, loss_at(step, rng, 11.0, 2.3), abs(rng.gauss(0.45, 0.06)), "{:,}".format(tps), mfu * 9.89, mfu)))
    c.add("slurm-66120.out", L)
    devs = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]
    for i, n in enumerate(nodes):
        gr = random.Random(67220 + i)
        c.add("%s/ibstat.txt" % n, ibstat(devs, guid_seed=20 + i))
        c.add("%s/nvidia-smi.txt" % n, nvsmi_table(onset + td(minutes=35), [
            {"temp": gr.randint(40, 52), "power": gr.randint(300, 420), "used": 60100 + gr.randint(0, 300), "util": 100}
            for _ in range(8)]))
        c.add("%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=18), "uptime"))
    pairs = []
    hdr = "#       size         count      type   redop    root     time   algbw   busbw #wrong"
    pairs.append("# nccl-tests all_reduce_perf -b 8G -e 8G -g 8, run by oncall at 14:41-14:52 on spare nodes")
    pairs.append("# c2-n09,c2-n10 (leaf-c2-a) and c2-n11,c2-n12 (leaf-c2-b); NCCL 2.23.4")
    leaf = {"c2-n09": "a", "c2-n10": "a", "c2-n11": "b", "c2-n12": "b"}
    for a, b in [("c2-n09", "c2-n10"), ("c2-n11", "c2-n12"), ("c2-n09", "c2-n11"), ("c2-n09", "c2-n12"),
                 ("c2-n10", "c2-n11"), ("c2-n10", "c2-n12")]:
        same = leaf[a] == leaf[b]
        bw = rng.uniform(176, 183) if same else rng.uniform(58, 66)
        tm = 8589934592 / (bw * 1e9) * 1e6 * 2 * 15 / 16
        pairs.append("## %s + %s" % (a, b))
        pairs.append(hdr)
        pairs.append("  8589934592    2147483648     float     sum      -1  %8.0f  %6.2f  %6.2f      0" % (tm, bw * 16 / 30, bw))
    c.add("oncall/nccl_tests_pairs.txt", pairs)
    ufm = ["timestamp,severity,type,source,description"]
    for k, (tt, dsc) in enumerate([
        (dt(2025, 2, 26, 14, 2, 11), "Link went down: sw-spine-02 port 17 <-> leaf-c2-b port 61"),
        (dt(2025, 2, 26, 14, 2, 12), "Link went down: sw-spine-02 port 18 <-> leaf-c2-b port 62"),
        (dt(2025, 2, 26, 14, 2, 30), "Link went down: sw-spine-03 port 17 <-> leaf-c2-a port 61"),
        (dt(2025, 2, 26, 14, 3, 5), "Port congestion (XmitWait) above threshold on leaf-c2-a uplinks"),
        (dt(2025, 2, 26, 14, 3, 5), "Port congestion (XmitWait) above threshold on leaf-c2-b uplinks"),
        (dt(2025, 2, 26, 14, 20, 44), "Module temperature high: sw-spine-02 PSU 2"),
    ]):
        ufm.append("%s,%s,%s,%s,%s" % (tt.strftime("%Y-%m-%d %H:%M:%S"), "Critical" if "down" in dsc else "Warning",
                                       "Fabric", dsc.split(":")[1].split()[0] if ":" in dsc else "fabric", dsc))
    c.add("oncall/ufm_events.csv", ufm)
    c.set_topology({"leaf-c2-a": nodes[:4], "leaf-c2-b": nodes[4:]})
    c.set_label(
        "straggler", "infrastructure", None, None, "restart",
        "Throughput falls from ~780 to ~420 tps for the whole job at 14:02 with no error on any node; all HCAs stay "
        "Active at 400, nccl-tests on spare nodes are full speed within a leaf (~180 GB/s) but ~60 GB/s for every "
        "cross-leaf pair, and the fabric manager logs spine-leaf uplinks going down and uplink congestion at 14:02. The shared "
        "fabric, not one node, is slow.",
        "https://github.com/NVIDIA/nccl/issues/325")
    return c


# ------------------------------------------------------------------ bl23

def bl23():
    rng = random.Random(6723)
    c = Case("bl23_training_stalls_no_error_output")
    nodes = ["gn-11", "gn-12"]
    stuck = 11
    start = dt(2024, 3, 30, 18, 5, 0)
    last_t = dt(2024, 3, 31, 2, 14, 6)
    L = []
    L += torchrun_header_glog(start, 3011)
    L += torchrun_rdzv_result(start + td(seconds=2), 3011, 0, 2, 8, "gn-11")
    t = start + td(seconds=40)
    step = 0
    while True:
        st = rng.gauss(1.314, 0.005)
        if t + td(seconds=st * 50) > last_t:
            break
        t = t + td(seconds=st * 50)
        step += 50
        L.append("%s INFO trainer.loop: step %6d loss %.4f grad_norm %.3f lr %.2e step_time %.3f" % (
            ts_py(t), step, loss_at(step, rng, 7.2, 1.95), abs(rng.gauss(0.9, 0.1)), 1e-4, st))
    c.add("gn-11/train.log", L)
    c.add("gn-12/train.log", torchrun_header_glog(start, 4022) + torchrun_rdzv_result(start + td(seconds=2), 4022, 1, 2, 8, "gn-11"))
    dump_t = last_t + td(minutes=27)
    py = "v3.10.14 (/opt/conda/bin/python3.10)"
    cmd = "/opt/conda/bin/python3.10 -u train.py --config cfg/mae_vit_h.yaml"
    waiting = [
        "cuStreamSynchronize (libcuda.so.1)",
        "cudaStreamSynchronize (libcudart.so.12)",
        "at::native::_local_scalar_dense_cuda(at::Tensor const&) (libtorch_cuda.so)",
        "at::_ops::_local_scalar_dense::call(at::Tensor const&) (libtorch_cpu.so)",
        "at::native::item(at::Tensor const&) (libtorch_cpu.so)",
        "reduce_metrics (trainer/metrics.py:42)",
        "train (trainer/loop.py:233)",
        "main (train.py:88)",
        "<module> (train.py:92)",
    ]
    stuckf = [
        "cuStreamSynchronize (libcuda.so.1)",
        "cudaStreamSynchronize (libcudart.so.12)",
        "at::native::_local_scalar_dense_cuda(at::Tensor const&) (libtorch_cuda.so)",
        "at::_ops::_local_scalar_dense::call(at::Tensor const&) (libtorch_cpu.so)",
        "at::native::item(at::Tensor const&) (libtorch_cpu.so)",
        "train (trainer/loop.py:219)",
        "main (train.py:88)",
        "<module> (train.py:92)",
    ]
    for r in range(16):
        n = nodes[r // 8]
        pid = (3100 if r < 8 else 4100) + r
        frames = stuckf if r == stuck else waiting
        bg = [(pid + 71, "Thread-2", "idle", ["wait (threading.py:324)", "get (queue.py:180)", "_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)", "run (threading.py:953)", "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"])]
        c.add("%s/pyspy/rank%02d_pid%d.txt" % (n, r, pid), pyspy_dump(pid, cmd, py, [(pid, "MainThread", "active", frames)] + bg))
    c.add("src_excerpt_trainer_loop.py", [
        "# trainer/loop.py (lines 210-236, commit 4c1e9d2)",
        "210        with autocast(dtype=torch.bfloat16):",
        "211            loss = model(batch)",
        "212        scaler.scale(loss).backward()",
        "213        if (it + 1) % accum == 0:",
        "214            scaler.unscale_(optim)",
        "215            gnorm = torch.nn.utils.clip_grad_norm_(model.parameters(), cfg.clip)",
        "216            scaler.step(optim)",
        "217            scaler.update()",
        "218            optim.zero_grad(set_to_none=True)",
        "219            gnorm = gnorm.item()",
        "220        ...",
        "232        if it % cfg.log_every == 0:",
        "233            stats = reduce_metrics({'loss': loss.detach(), 'gnorm': gnorm})",
        "234            log.info(fmt(stats))",
    ])
    for i, n in enumerate(nodes):
        gr = random.Random(67230 + i)
        g = [{"temp": gr.randint(38, 45), "power": gr.randint(255, 275), "used": 66100 + gr.randint(0, 300), "util": 100} for _ in range(8)]
        if n == "gn-12":
            g[3].update({"power": 121, "temp": 36})
        c.add("%s/nvidia-smi.txt" % n, nvsmi_table(dump_t + td(seconds=30), g, driver="535.129.03", cuda="12.2"))
        c.add("%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=18), "uptime"))
    c.add("notes_oncall.txt", [
        "02:41 job 30418 stopped printing at 02:14; NCCL timeout for this job is 2h so no watchdog yet.",
        "02:41 ran py-spy dump --native on all 16 trainer pids, see */pyspy/",
        "02:44 nvidia-smi on both nodes attached. no Xid in dmesg on either node.",
    ])
    c.set_label(
        "hang", "infrastructure", "gn-12", stuck, "run_diagnostics",
        "The log stops at step ~22k with no error; py-spy shows 15 ranks blocked at trainer/loop.py:233 in "
        "reduce_metrics() waiting on the metrics all-reduce, while rank 11 (gn-12, GPU 3) is still at loop.py:219 "
        "blocked in cudaStreamSynchronize for gnorm.item(), i.e. its own GPU work never completed; that GPU draws "
        "~120 W against ~265 W for its peers. No Xid, so the node needs diagnostics.",
        "https://github.com/pytorch/pytorch/issues/95944")
    return c


# ------------------------------------------------------------------ bl24

def bl24():
    rng = random.Random(6724)
    c = Case("bl24_hang_at_checkpoint_step_two_nodes")
    nodes = ["lambda-hyperplane-07", "lambda-hyperplane-08"]
    start = dt(2024, 5, 13, 22, 10, 44)
    hang_step = 5000
    seq = 5012
    L = []
    L += torchrun_header_glog(start, 2201)
    L += torchrun_rdzv_result(start + td(seconds=3), 2201, 0, 2, 4, "lambda-hyperplane-07")
    t = start + td(seconds=25)
    for step in range(100, hang_step + 1, 100):
        t = t + td(seconds=rng.gauss(0.412, 0.003) * 100)
        L.append("[rank0]:%s | INFO | train | step=%d loss=%.4f lr=%.2e sps=%.1f" % (ts_py(t), step, loss_at(step, rng, 5.5, 1.7), 3e-4, 32 / 0.412))
    L.append("[rank0]:%s | INFO | ckpt | saving step %d to /data/ckpt/run17" % (ts_py(t + td(milliseconds=20)), hang_step))
    hang_t = t + td(seconds=14.2)
    wd = hang_t + td(seconds=1800)
    dump_t = hang_t + td(minutes=19)
    for gi, n in enumerate(nodes):
        LL = L if gi == 0 else (torchrun_header_glog(start, 2301) + torchrun_rdzv_result(start + td(seconds=3), 2301, 1, 2, 4, "lambda-hyperplane-07"))
        for lr_ in range(4):
            r = gi * 4 + lr_
            tt = wd + td(milliseconds=random.Random(r).randint(10, 800))
            if r == 0:
                LL += watchdog_block(r, tt, 0, "0(default_pg)", r, seq, "ALLREDUCE", 1, seq, seq - 1, timeout_ms=1800000)
            else:
                LL += watchdog_block(r, tt, 0, "0(default_pg)", r, seq, "ALLREDUCE", 26214400, seq + 3, seq - 1, timeout_ms=1800000)
        c.add("%s/torchrun.out" % n, LL)
    py = "v3.11.9 (/usr/bin/python3.11)"
    cmd = "/usr/bin/python3.11 -u train.py --run run17"
    for r in range(8):
        n = nodes[r // 4]
        pid = 2210 + r if r < 4 else 2310 + r
        if r == 0:
            fr = ["barrier (torch/distributed/distributed_c10d.py:4159)",
                  "wrapper (torch/distributed/c10d_logger.py:83)",
                  "save_checkpoint (trainer/ckpt.py:87)",
                  "train (train.py:244)",
                  "main (train.py:301)",
                  "<module> (train.py:305)"]
        else:
            fr = ["_log_step (train.py:201)",
                  "train (train.py:236)",
                  "main (train.py:301)",
                  "<module> (train.py:305)"]
        c.add("%s/py-spy/%d.txt" % (n, pid), pyspy_dump(pid, cmd, py, [(pid, "MainThread", "active" if r else "idle", fr)]))
    c.add("src_snapshot/trainer/ckpt.py", [
        "import os",
        "import torch",
        "import torch.distributed as dist",
        "",
        "CKPT_DIR = os.environ.get('CKPT_DIR', '/data/ckpt')",
        "",
        "",
        "def save_checkpoint(model, optim, step, rank):",
        "    state = {'model': model.state_dict(), 'optim': optim.state_dict(), 'step': step}",
        "    if rank == 0:",
        "        tmp = f'{CKPT_DIR}/step_{step}.pt.tmp'",
        "        torch.save(state, tmp)",
        "        os.replace(tmp, f'{CKPT_DIR}/step_{step}.pt')",
        "        # make sure everybody sees the new file before moving on",
        "        dist.barrier()",
    ])
    c.add("src_snapshot/train.py.excerpt", [
        "229         loss.backward()",
        "230         optim.step()",
        "231         optim.zero_grad()",
        "...",
        "236         _log_step(step, loss)",
        "...",
        "243         if step % args.save_every == 0:",
        "244             save_checkpoint(model, optim, step, rank)",
    ])
    for i, n in enumerate(nodes):
        gr = random.Random(67240 + i)
        c.add("%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=16), "uptime"))
    c.set_label(
        "hang", "script", None, None, "stop",
        "The job freezes right after 'saving step 5000'; py-spy shows rank 0 in dist.barrier() inside "
        "save_checkpoint(), which calls the barrier only under 'if rank == 0', while ranks 1-7 have moved on to the "
        "next step, and the watchdog later reports the same SeqNum 5012 as a 1-element ALLREDUCE on rank 0 but a "
        "26M-element gradient ALLREDUCE on the others. A collective called by one rank only is a program deadlock.",
        "https://github.com/allenai/OLMo/pull/709")
    return c


# ------------------------------------------------------------------ bl25

def bl25():
    rng = random.Random(6725)
    c = Case("bl25_iterations_stop_then_auto_restart")
    nodes = ["hpc-g%03d" % i for i in range(41, 45)]
    start = dt(2025, 3, 3, 8, 0, 2)
    last_it = 7440
    step_s = 3.021

    def nemo_line(it, st, g, t):
        return ("[NeMo I %s nemo_logging:393] Training epoch 0, iteration %d/99999 | lr: %.4g | global_batch_size: 256 | "
                "global_step: %d | reduced_train_loss: %.4g | train_step_timing in s: %.4g | consumed_samples: %d") % (
            t.strftime("%Y-%m-%d %H:%M:%S"), it, 2e-4, it, loss_at(it, g, 3.3, 2.1), st, (it + 1) * 256)

    # attempt 0
    t = start + td(seconds=120)
    L0 = []
    it = 0
    while it < last_it:
        it += 10
        t = t + td(seconds=step_s * 10 + rng.gauss(0, 0.05))
        L0.append(nemo_line(it - 1, rng.gauss(step_s, 0.008), rng, t))
        if it % 1000 == 0:
            L0.append("[NeMo I %s nemo_logging:393] Async checkpoint save for step %d (/lustre/ckpt/llama3-8b/step=%d.ckpt) finalized successfully." % (
                (t + td(seconds=40)).strftime("%Y-%m-%d %H:%M:%S"), it, it))
    last_hb = t
    detect = last_hb + td(seconds=300)
    for gi, n in enumerate(nodes):
        gr = random.Random(672500 + gi)
        A = []
        A.append("[%s] [INFO] [ft_launcher@%s] Starting elastic_operator with launch configs:" % (ts_py(start), n))
        A.append("[%s] [INFO] [ft_launcher@%s]   entrypoint       : /opt/NeMo/scripts/llm/pretrain.py" % (ts_py(start), n))
        A.append("[%s] [INFO] [ft_launcher@%s]   min_nodes        : 4" % (ts_py(start), n))
        A.append("[%s] [INFO] [ft_launcher@%s]   max_nodes        : 4" % (ts_py(start), n))
        A.append("[%s] [INFO] [ft_launcher@%s]   nproc_per_node   : 8" % (ts_py(start), n))
        A.append("[%s] [INFO] [ft_launcher@%s]   max_restarts     : 3" % (ts_py(start), n))
        A.append("[%s] [INFO] [ft_launcher@%s] [default] Rendezvous complete for workers. Result: restart_count=0 group_rank=%d group_world_size=4" % (ts_py(start + td(seconds=6)), n, gi))
        if gi == 0:
            A += L0
        mons = sorted((detect + td(milliseconds=gr.randint(100, 1900)), 91200 + gi * 100 + lr_) for lr_ in range(8))
        for tt, mpid in mons:
            A.append("[%s] [WARNING] [RankMonitorServer:%d] Did not get subsequent heartbeat. Waited 300.00 seconds." % (ts_py(tt), mpid))
        tt = detect + td(seconds=2.4)
        for lr_ in range(8):
            A.append("[%s] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (ts_py(tt), 91100 + gi * 100 + lr_))
        A.append("[%s] [ERROR] [ft_launcher@%s] failed (exitcode: -15) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (ts_py(tt + td(seconds=5)), n, 91100 + gi * 100))
        A.append("[%s] [INFO] [ft_launcher@%s] [default] Worker group FAILED. 2/3 attempts left; will restart worker group" % (ts_py(tt + td(seconds=5)), n))
        A.append("[%s] [INFO] [ft_launcher@%s] Stopping workers... Timeout = 30 sec." % (ts_py(tt + td(seconds=5)), n))
        c.add("attempt_0/%s/ft_launcher.log" % n, A)
        boot = dt(2025, 2, 20, 6, 0, 0)
        c.add("attempt_0/%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=20), "T", boot_time=boot))
    # attempt 1
    s1 = detect + td(seconds=40)
    t = s1 + td(seconds=150)
    L1 = ["[NeMo I %s nemo_logging:393] Loading checkpoint from /lustre/ckpt/llama3-8b/step=7000.ckpt" % (s1 + td(seconds=60)).strftime("%Y-%m-%d %H:%M:%S"),
          "[NeMo I %s nemo_logging:393] Global Checkpoint Load : Rank : 0 : Start time : %.3fs : Time spent in load_checkpoint: 61.02s" % ((s1 + td(seconds=121)).strftime("%Y-%m-%d %H:%M:%S"), (s1 + td(seconds=60)).timestamp())]
    it = 7000
    while it < 8200:
        it += 10
        t = t + td(seconds=step_s * 10)
        L1.append(nemo_line(it - 1, rng.gauss(step_s, 0.008), rng, t))
    for gi, n in enumerate(nodes):
        gr = random.Random(672600 + gi)
        B = ["[%s] [INFO] [ft_launcher@%s] The node '%s_%d_0' attempts to join the next round of the rendezvous 'llama3-8b-cpt'." % (ts_py(s1), n, n, 77000 + gi),
             "[%s] [INFO] [ft_launcher@%s] The node '%s_%d_0' has joined round 1 of the rendezvous 'llama3-8b-cpt' as rank %d in a world of size 4." % (ts_py(s1 + td(seconds=3)), n, n, 77000 + gi, gi),
             "[%s] [INFO] [ft_launcher@%s] [default] Rendezvous complete for workers. Result: restart_count=1 group_rank=%d group_world_size=4" % (ts_py(s1 + td(seconds=4)), n, gi)]
        if gi == 0:
            B += L1
        c.add("attempt_1/%s/ft_launcher.log" % n, B)
    c.add("slurm-5532817.out", ["ft_launcher logs per node are under attempt_*/<node>/ft_launcher.log",
                                "srun: Job 5532817 step creation temporarily disabled, retrying (Requested nodes are busy)",
                                "srun: Step created for StepId=5532817.0"])
    c.set_label(
        "hang", "infrastructure", None, None, "restart",
        "Iterations stop after 7440 with no error; 300 s later the fault-tolerance rank monitors on all four nodes "
        "report missing heartbeats for all 32 ranks within two seconds, ft_launcher restarts the worker group and "
        "the resumed attempt trains past 7440 at the same 3.02 s/step. No rank, node log or dmesg points anywhere, so "
        "this is an unexplained hang that a restart cleared.",
        "https://github.com/NVIDIA/nvidia-resiliency-ext/blob/main/docs/source/fault_tolerance/usage_guide.rst")
    return c


# ------------------------------------------------------------------ bl26

def bl26():
    rng = random.Random(6726)
    c = Case("bl26_job_killed_before_finishing_epoch")
    nodes = ["c4-gpu-%d" % i for i in range(21, 25)]
    start = dt(2024, 11, 1, 9, 0, 4)
    end = dt(2024, 11, 2, 9, 0, 14)
    sb = """#!/bin/bash
#SBATCH --job-name=dpo-70b
#SBATCH --nodes=4
#SBATCH --gpus-per-node=8
#SBATCH --time=24:00:00
#SBATCH --output=slurm-%j.out
srun --label torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint c4-gpu-21:29500 \\
    train_dpo.py --config configs/dpo_70b.yaml --resume_from_checkpoint latest
"""
    c.add("dpo_70b.sbatch", sb)

    hms = tqdm_hms

    def run(t0, t_end, step0, seed):
        g = random.Random(seed)
        out = []
        t = t0 + td(seconds=210)
        out.append("0: [INFO|trainer.py:2128] %s >> ***** Running training *****" % ts_py(t))
        out.append("0: [INFO|trainer.py:2129] %s >>   Num examples = 448,000" % ts_py(t))
        out.append("0: [INFO|trainer.py:2131] %s >>   Instantaneous batch size per device = 1" % ts_py(t))
        out.append("0: [INFO|trainer.py:2134] %s >>   Total train batch size (w. parallel, distributed & accumulation) = 32" % ts_py(t))
        out.append("0: [INFO|trainer.py:2136] %s >>   Total optimization steps = 14,000" % ts_py(t))
        out.append("0: [INFO|trainer.py:2377] %s >>   Continuing training from checkpoint, will skip to saved global_step" % ts_py(t))
        out.append("0: [INFO|trainer.py:2379] %s >>   Continuing training from global step %d" % (ts_py(t), step0))
        el = 0.0
        step = step0
        bars = []
        while True:
            s = g.gauss(14.33, 0.08)
            if t + td(seconds=s) > t_end:
                break
            t = t + td(seconds=s)
            el += s
            step += 1
            rate = el / (step - step0)
            bars.append("0: %3d%%|%s| %d/14000 [%s<%s, %.2fs/it]" % (
                step * 100 // 14000, "#" * (step * 10 // 14000) + " " * (10 - step * 10 // 14000), step,
                hms(el), hms(rate * (14000 - step)), rate))
            if step % 10 == 0:
                out.append("\r".join(bars))
                bars = []
                out.append("0: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'rewards/chosen': %.3f, 'rewards/rejected': %.3f, 'rewards/accuracies': %.3f, 'rewards/margins': %.3f, 'epoch': %.2f}" % (
                    0.69 - 0.2 * step / 14000 + g.gauss(0, 0.01), abs(g.gauss(4.1, 0.6)), 5e-7, g.gauss(0.2, 0.05),
                    g.gauss(-0.4, 0.05), min(1, 0.55 + step / 30000), 0.6, step / 14000))
            if step % 500 == 0:
                out.append("0: [INFO|trainer.py:3503] %s >> Saving model checkpoint to /ckpt/dpo-70b/checkpoint-%d" % (ts_py(t), step))
                t = t + td(seconds=95)
        if bars:
            out.append("\r".join(bars))
        return out, step

    L, last_step = run(start, end, 5500, 67261)
    L.append("slurmstepd: error: *** JOB 770312 ON c4-gpu-21 CANCELLED AT %s DUE TO TIME LIMIT ***" % ts_slurm(end))
    L.append("slurmstepd: error: *** STEP 770312.0 ON c4-gpu-21 CANCELLED AT %s DUE TO TIME LIMIT ***" % ts_slurm(end))
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for k in range(4):
        L.append("%d: W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (
            k, ts_glog(end + td(seconds=1)), 8801 + k))
    c.add("slurm-770312.out", L)
    B, bstep = run(dt(2024, 10, 4, 19, 12, 0), dt(2024, 10, 5, 19, 12, 9), 0, 67262)
    B.append("slurmstepd: error: *** JOB 741100 ON c4-gpu-33 CANCELLED AT 2024-10-05T19:12:09 DUE TO TIME LIMIT ***")
    c.add("previous_runs/slurm-741100.out.tail", B[-40:])
    c.add("sacct.txt", [
        "JobID           JobName  Partition      State ExitCode    Elapsed   Timelimit ",
        "------------ ---------- ---------- ---------- -------- ---------- ---------- ",
        "741100          dpo-70b       h100    TIMEOUT      0:0 1-00:00:09 1-00:00:00 ",
        "770312          dpo-70b       h100    TIMEOUT      0:0 1-00:00:10 1-00:00:00 ",
        "770312.0         python                CANCELLED     0:15 1-00:00:12            ",
    ])
    for i, n in enumerate(nodes):
        gr = random.Random(67260 + i)
        gpus = [{"temp": gr.randint(45, 60), "power": gr.uniform(520, 680), "util": 100, "sm": 1980,
                 "mem_used": 74100 + gr.randint(0, 400), "procs": [(8900 + i * 8 + g, "/usr/bin/python", 73800)]} for g in range(8)]
        c.add("%s/nvidia-smi-q.txt" % n, nvsmi_q(end - td(hours=3) + td(seconds=i), gpus, rng=gr))
        c.add("%s/dmesg.txt" % n, render_dmesg(dmesg_boot_noise(gr, n, n=18), "uptime"))
    c.set_label(
        "unknown", "framework", None, None, "none",
        "The run trained steadily at ~14.3 s/it for the full 24 h and Slurm cancelled it DUE TO TIME LIMIT "
        "(sacct TIMEOUT); the previous run of the same config (741100) shows the same 14.3 s/it and also hit the "
        "24 h limit, and this run resumed from its step-5500 checkpoint. Nodes are clean: nothing failed, the job simply needs more wall time or "
        "another resume.",
        "https://github.com/ZettaAI/zetta_utils/issues/671")
    return c


def build_all():
    return [bl19(), bl20(), bl21(), bl22(), bl23(), bl24(), bl25(), bl26()]
