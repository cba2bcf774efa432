"""Cases by15-by20: shared causes and slowdowns without evidence of why."""

from lib import (Bundle, T, add, iso, iso_ms, iso_t, glog, syslog_ts, dmesg_rel, boot_lines, nvsmi_q, nvsmi_table,
                 nccl_init, torchrun_rdzv, megatron_straggler, rank_data, megatron_iter, label, rng_for,
                 H100_BUS, A100_BUS, ibstat, nemo_scores, straggler_ids, jdump)
from cases_node_a import megatron_args_dump


# --------------------------------------------------------------------------------------------
def by15(root):
    b = Bundle(root)
    rng = rng_for("by15")
    hosts = ["cn-4101", "cn-4102", "cn-4103", "cn-4104"]
    start = T(2024, 6, 24, 7, 30, 0)
    inc0 = T(2024, 6, 24, 9, 11, 20)
    inc1 = T(2024, 6, 24, 9, 52, 5)
    out = ["[rank: 0] Seed set to 42",
           "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16",
           "----------------------------------------------------------------------------------------------------",
           "distributed_backend=nccl",
           "All distributed processes registered. Starting with 16 processes",
           "----------------------------------------------------------------------------------------------------",
           "{'data': {'data_path': '/lustre/scratch/proj_nlp/fineweb_edu_litdata/train', 'num_workers': 6},",
           " 'train': {'global_batch_size': 512, 'micro_batch_size': 8, 'log_interval': 25, 'max_seq_length': 2048}}",
           "Time to instantiate model: 0.31 seconds.",
           "Total parameters: 1,100,048,384"]
    t = add(start, 60)
    it = 0
    while t < T(2024, 6, 24, 10, 30, 0):
        it += 25
        inc = inc0 <= t <= inc1
        ms = (4820.0 + rng.uniform(-900, 2200)) if inc else (1018.0 + rng.uniform(-12, 12))
        t = add(t, ms * 25 / 1000.0)
        out.append("Epoch 1 | iter %d step %d | loss train: %.3f, val: n/a | iter time: %.2f ms (step) remaining time: %s" % (
            it, it // 4, 2.95 - it * 0.00004 + rng.uniform(-0.02, 0.02), ms, "3 days, %d:%02d:%02d" % (rng.randint(2, 9), rng.randint(0, 59), rng.randint(0, 59))))
        if it % 500 == 0:
            ws = [(2900.0 + rng.uniform(-800, 1500)) if inc else (6.0 + rng.uniform(-2, 4)) for _ in range(16)]
            out.append("[data_wait] %s mean batch fetch ms per rank: %s" % (iso(t), " ".join("r%02d=%.0f" % (r, w) for r, w in enumerate(ws))))
    b.add("slurm-7718290.out", "\n".join(out))
    b.add("storage-status.txt", "\n".join([
        "HPC status page - /lustre/scratch",
        "2024-06-24 09:10  DEGRADED  oss-07 lost heartbeat, failover of OST0012-OST0015 to oss-08 in progress. I/O to files striped on these OSTs will stall until recovery completes.",
        "2024-06-24 09:53  RESOLVED  OST0012-OST0015 recovery complete on oss-08, clients reconnected. No data loss."]))
    boot = T(2024, 6, 17, 12, 0, 0)
    for h in hosts:
        L = boot_lines(boot, h, driver="535.161.08", gpu_bus=A100_BUS,
                       extra=[(41.2, "Lustre: Lustre: Build Version: 2.15.4"), (43.7, "Lustre: Mounted scratch-client")])
        nid = "ffff9a%04x" % (hosts.index(h) * 4111)
        for ost in ("OST0012", "OST0013", "OST0014", "OST0015"):
            tt = add(inc0, 2 + rng.uniform(0, 30))
            L.append(dmesg_rel(boot, tt, "LustreError: 11-0: scratch-%s-osc-%s: operation ost_read to node 10.10.0.47@o2ib failed: rc = -107" % (ost, nid)))
            L.append(dmesg_rel(boot, add(tt, 0.01), "Lustre: scratch-%s-osc-%s: Connection to scratch-%s (at 10.10.0.47@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (ost, nid, ost)))
        for ost in ("OST0012", "OST0013", "OST0014", "OST0015"):
            tt = add(inc1, -60 + rng.uniform(0, 60))
            L.append(dmesg_rel(boot, tt, "Lustre: scratch-%s-osc-%s: Connection restored to 10.10.0.48@o2ib (at 10.10.0.48@o2ib)" % (ost, nid)))
        L.sort(key=lambda x: float(x[1:x.index("]")]))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.write()
    return label("straggler", "infrastructure", None, None, "restart",
                 "Between 09:11 and 09:52 iteration time rose 4-7x and every rank's batch-fetch time jumped together; all four nodes log Lustre losing and later restoring the connection to OST0012-15, matching the site's oss-07 failover notice. A transient shared-filesystem stall, not any one node.",
                 "https://github.com/horovod/horovod/issues/824")


# --------------------------------------------------------------------------------------------
def by16(root):
    b = Bundle(root)
    rng = rng_for("by16")
    leaves = {"leaf-2": ["dgxh-%04d" % n for n in range(201, 205)], "leaf-3": ["dgxh-%04d" % n for n in range(301, 305)],
              "leaf-4": ["dgxh-%04d" % n for n in range(401, 405)], "leaf-5": ["dgxh-%04d" % n for n in range(501, 505)]}
    hosts = [h for k in sorted(leaves) for h in leaves[k]]
    world = 128
    start = T(2024, 9, 18, 11, 0, 0)
    cong = T(2024, 9, 18, 13, 17, 30)
    out = ["+ srun -l --ntasks-per-node=8 python pretrain_gpt.py ... --log-straggler --straggler-minmax-count 4"]
    out += [" 0: " + x for x in megatron_args_dump({"straggler_minmax_count": "4", "global_batch_size": "4096"})]
    t = add(start, 300)
    it = 2000
    while t < T(2024, 9, 18, 14, 40, 0):
        it += 10
        c = t >= cong
        ms = (10950.0 + rng.uniform(-600, 900)) if c else (7410.0 + rng.uniform(-30, 30))
        t = add(t, ms * 10 / 1000.0)
        out.append("127: " + megatron_iter(t, it, 300000, it * 4096, ms, 401.0 * 7410.0 / ms, 2.2e-4, 4096,
                                           2.05 - it * 0.00001 + rng.uniform(-0.01, 0.01), 0.22 + rng.uniform(-0.02, 0.03)))
        if it % 50 == 0:
            data = rank_data(rng, world, base_rtt=(2890.0 if c else 2110.0), base_etpt=(293.0 if c else 401.0),
                             slow={rng.randrange(world): {"rtt_x": 1.02}})
            if c:
                for d in data:
                    d["rtt"] *= 1 + rng.uniform(-0.03, 0.03)
                    d["etpt"] = 293.0 * 2890.0 / d["rtt"]
            out += [" 0: " + x for x in megatron_straggler(add(t, 0.2), data, 4)]
    b.add("slurm-5100221.out", "\n".join(out))
    b.add("topology.json", jdump({"topology": leaves}))
    b.add("ufm-events.txt", "\n".join([
        "Timestamp            | Severity | Event                      | Object                      | Description",
        "2024-09-18 13:18:02  | Warning  | Congestion Detected        | ib-spine-03 / port 21       | PortXmitWait rate 38.4% of time over last 60s",
        "2024-09-18 13:18:02  | Warning  | Congestion Detected        | ib-spine-03 / port 22       | PortXmitWait rate 41.0% of time over last 60s",
        "2024-09-18 13:19:02  | Warning  | Congestion Detected        | ib-spine-01 / port 9        | PortXmitWait rate 29.7% of time over last 60s",
        "2024-09-18 13:21:02  | Warning  | Congestion Detected        | leaf-3 / port 33 (uplink)   | PortXmitWait rate 35.2% of time over last 60s",
        "2024-09-18 13:21:02  | Warning  | Congestion Detected        | leaf-4 / port 35 (uplink)   | PortXmitWait rate 33.9% of time over last 60s",
        "2024-09-18 13:40:02  | Info     | Congestion Detected        | ib-spine-03 / port 21       | still active (21 consecutive samples)",
        "2024-09-18 14:05:02  | Info     | Congestion Detected        | leaf-2 / port 34 (uplink)   | PortXmitWait rate 31.1% of time over last 60s"]))
    b.add("ops-notes.txt", "\n".join([
        "13:17 job 5100187 (moe-1t, 48 nodes on leaves 2-7, heavy all-to-all) started",
        "13:35 three users report step time +30-50% on leaves 2-5 (jobs 5100221, 5099874, 5100002)",
        "13:52 nccl-tests between idle spares dgxh-0305 (leaf-3) and dgxh-0405 (leaf-4): see nccl-tests-spares.txt",
        "14:10 no link errors on ibdiagnet; all HCAs/ports at 400G, symbol error counters clean"]))
    b.add("nccl-tests-spares.txt", "\n".join([
        "# nThread 1 nGpus 1 minBytes 1073741824 maxBytes 4294967296 step: 2(factor) warmup iters: 5 iters: 20 agg iters: 1 validation: 1 graph: 0",
        "#",
        "# Using devices",
        "#  Rank  0 Group  0 Pid 118811 on  dgxh-0305 device  0 [0x18] NVIDIA H100 80GB HBM3",
        "#  ...",
        "#  Rank 15 Group  0 Pid 120034 on  dgxh-0405 device  7 [0xdb] NVIDIA H100 80GB HBM3",
        "#",
        "#                                                              out-of-place                       in-place          ",
        "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong",
        "#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)       ",
        "  1073741824     268435456     float     sum      -1    16210   66.24  124.20      0    16188   66.33  124.37      0",
        "  2147483648     536870912     float     sum      -1    31911   67.30  126.18      0    32004   67.10  125.81      0",
        "  4294967296    1073741824     float     sum      -1    64877   66.20  124.13      0    64702   66.38  124.47      0",
        "# Out of bounds values : 0 OK",
        "# Avg bus bandwidth    : 124.86 ",
        "#",
        "# (same test on 2024-09-10 acceptance run: Avg bus bandwidth 371.02)"]))
    boot = T(2024, 9, 9, 6, 30, 0)
    hcas = ["mlx5_%d" % i for i in range(8)]
    for i, h in enumerate(hosts):
        b.add("%s/dmesg.txt" % h, "\n".join(boot_lines(boot, h)))
        if i % 4 == 0:
            b.add("%s/ibstat.txt" % h, ibstat(hcas, guid_base=0xb83fd20300a00000 + i * 0x100))
    b.write()
    return label("straggler", "infrastructure", None, None, "restart",
                 "From 13:17 iteration time rises ~45% with no rank or node standing out in the straggler reports; UFM shows congestion on spine and leaf uplinks as a heavy all-to-all job started, other jobs on the same leaves slowed too, and nccl-tests between idle spares drop from 371 to 125 GB/s with clean link counters. Shared fabric congestion.",
                 "https://github.com/openucx/ucx/issues/9590")


# --------------------------------------------------------------------------------------------
def by17(root):
    b = Bundle(root)
    rng = rng_for("by17")
    hosts = ["hpc-g1", "hpc-g2", "hpc-g3", "hpc-g4"]
    start = T(2024, 8, 5, 21, 0, 0)
    out = ["[INFO|trainer.py:2128] %s >> ***** Running training *****" % iso_ms(start),
           "[INFO|trainer.py:2129] %s >>   Num examples = 1,204,117" % iso_ms(start),
           "[INFO|trainer.py:2133] %s >>   Total train batch size (w. parallel, distributed & accumulation) = 256" % iso_ms(start),
           "[INFO|trainer.py:2135] %s >>   Total optimization steps = 4,704" % iso_ms(start)]
    t = add(start, 10)
    stall_from = T(2024, 8, 5, 22, 40, 0)
    for step in range(25, 4701, 25):
        st = 1.88 + rng.uniform(-0.03, 0.03)
        t = add(t, st * 25)
        out.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (
            0.92 - step * 0.00005 + rng.uniform(-0.01, 0.01), 0.41 + rng.uniform(-0.05, 0.08), 1e-5, step / 4704))
        if step % 500 == 0:
            out.append("[INFO|trainer.py:3478] %s >> Saving model checkpoint to /nfs/ckpt/mistral-sft-v7/checkpoint-%d" % (iso_ms(t), step))
            out.append("[INFO|configuration_utils.py:472] %s >> Configuration saved in /nfs/ckpt/mistral-sft-v7/checkpoint-%d/config.json" % (iso_ms(add(t, 0.3)), step))
            dur = 41.0 + rng.uniform(-4, 6) if t < stall_from else 820.0 + rng.uniform(-60, 140)
            t = add(t, dur)
            out.append("[INFO|modeling_utils.py:2612] %s >> Model weights saved in /nfs/ckpt/mistral-sft-v7/checkpoint-%d/model.safetensors.index.json" % (iso_ms(t), step))
            out.append("[%s] [INFO] [engine.py:3484:_save_zero_checkpoint] zero checkpoint saved /nfs/ckpt/mistral-sft-v7/checkpoint-%d/global_step%d/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt" % (iso_ms(add(t, 2)), step, step))
            out.append("[INFO|trainer.py:3570] %s >> checkpoint-%d: save took %.1f s" % (iso_ms(add(t, 2)), step, dur + 2))
    b.add("slurm-3121877.out", "\n".join(out))
    b.add("storage-notice.txt", "\n".join([
        "From: storage-team",
        "Date: Mon, 5 Aug 2024 22:31",
        "Subject: nas-02 degraded - RAID6 rebuild",
        "",
        "nas-02 (exports /nfs/ckpt, /nfs/home) lost a drive at 22:27. Rebuild is running at high priority; expect very high write latency",
        "and intermittent 'server not responding' on clients until ~06:00. Please avoid large writes to /nfs/ckpt tonight."]))
    boot = T(2024, 7, 29, 8, 0, 0)
    for h in hosts:
        L = boot_lines(boot, h)
        tt = T(2024, 8, 5, 22, 41, 0)
        for k in range(5):
            tt = add(tt, 300 + rng.uniform(0, 400))
            L.append(dmesg_rel(boot, tt, "nfs: server nas-02 not responding, still trying"))
            L.append(dmesg_rel(boot, add(tt, 80 + rng.uniform(0, 200)), "nfs: server nas-02 OK"))
        L.sort(key=lambda x: float(x[1:x.index("]")]))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.add("hpc-g3/nfsiostat.txt", "\n".join([
        "nas-02:/export/ckpt mounted on /nfs/ckpt:",
        "",
        "           ops/s       rpc bklog",
        "          18.220           41.11",
        "",
        "read:              ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors",
        "                   0.020           0.310          15.500        0 (0.0%)           1.200           1.310           0.040        0 (0.0%)",
        "write:             ops/s            kB/s           kB/op         retrans    avg RTT (ms)    avg exe (ms)  avg queue (ms)          errors",
        "                  17.310        4431.400         256.000       41 (0.2%)        2412.800        9830.110        7410.220        0 (0.0%)"]))
    b.write()
    return label("straggler", "infrastructure", None, None, "restart",
                 "Training speed between checkpoints is unchanged, but from 22:40 every checkpoint save to /nfs/ckpt takes ~14 minutes instead of ~40 s; all four nodes log 'nfs: server nas-02 not responding' and the storage team reports a RAID6 rebuild on nas-02. A transient shared-storage slowdown.",
                 "https://github.com/facebookresearch/PyTorch-BigGraph/issues/160")


# --------------------------------------------------------------------------------------------
def by18(root):
    b = Bundle(root)
    rng = rng_for("by18")
    hosts = ["a3m-node-01", "a3m-node-02", "a3m-node-03", "a3m-node-04"]
    world = 32
    cr = 27
    start = T(2025, 4, 7, 3, 0, 0)
    out = []
    out += megatron_args_dump({"straggler_minmax_count": "4"})
    out.append("INFO:megatron.core.utils:Controller ready to recv commands on port 65535. Current state ON")
    t = add(start, 240)
    for it in range(10, 1001, 10):
        ms = 5480.0 * (1 + rng.uniform(-0.004, 0.004))
        t = add(t, ms * 10 / 1000.0)
        out.append(megatron_iter(t, it, 200000, it * 1024, ms, 352.0, 3e-4 * min(1, it / 1000), 1024,
                                 3.1 - it * 0.0005 + rng.uniform(-0.02, 0.02), 0.44 + rng.uniform(-0.05, 0.05)))
        data = rank_data(rng, world, base_rtt=1604.0, base_etpt=412.0, slow={cr: {"rtt_x": 1.17 + rng.uniform(-0.01, 0.01)}})
        out += megatron_straggler(add(t, 0.3), data, 4)
    b.add("slurm-449102.out", "\n".join(out))
    for ni, h in enumerate(hosts):
        L = []
        for lr in range(8):
            r = ni * 8 + lr
            L += nccl_init(h, "10.8.4.%d" % (21 + ni), 51000 + lr * 9, lr, r, world, 4, "%s000" % H100_BUS[lr], "0x5631%08x" % (r * 1237), "0xd00dfeed12345678")
        b.add("%s/nccl-init.log" % h, "\n".join(L))
    snap = T(2025, 4, 7, 4, 55, 12)
    b.add("a3m-node-04/nvidia-smi-q.txt", nvsmi_q(snap, [{"procs": [(51000 + i * 9, "/usr/bin/python3", 70120)]} for i in range(8)]))
    b.add("a3m-node-04/dcgmi-diag-r1.txt", "\n".join([
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.6                                          |",
        "| Driver Version Detected   | 550.54.15                                      |",
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
        "(run level 1 only; level 3 not run: node still allocated to job 449102)"]))
    boot = T(2025, 3, 30, 14, 0, 0)
    for h in hosts:
        b.add("%s/dmesg.txt" % h, "\n".join(boot_lines(boot, h)))
    b.write()
    return label("straggler", "infrastructure", "a3m-node-04", cr, "run_diagnostics",
                 "Every straggler report puts rank 27 last (~15% lower Etpt, highest Rtt) while its clock, temperature and power look like everyone else's; NCCL init places rank 27 on a3m-node-04 (local rank 3). That node's nvidia-smi, dmesg and a level-1 DCGM diag are clean, so the cause is unknown: drain and run deeper diagnostics on it.",
                 "https://github.com/AMDResearch/hpcfund/issues/19")


# --------------------------------------------------------------------------------------------
def by19(root):
    b = Bundle(root)
    rng = rng_for("by19")
    hosts = ["sgpu-%02d" % n for n in range(11, 17)]
    world = 48
    start = T(2024, 12, 9, 0, 0, 0)
    out = []
    out += megatron_args_dump({"straggler_minmax_count": "4"})
    t = add(start, 200)
    it = 0
    base = 5100.0
    while it < 48000:
        it += 10
        hours = (t - start).total_seconds() / 3600
        ms = base * (1 + 0.0021 * hours) * (1 + rng.uniform(-0.004, 0.004))
        t = add(t, ms * 10 / 1000.0)
        if it % 500 == 0:
            out.append(megatron_iter(t, it, 300000, it * 768, ms, 360.0 * base / ms, 2.5e-4, 768,
                                     2.6 - it * 0.000008 + rng.uniform(-0.01, 0.01), 0.3 + rng.uniform(-0.03, 0.03)))
        if it % 2000 == 0:
            data = rank_data(rng, world, base_rtt=1490.0 * ms / base, base_etpt=360.0 * base / ms)
            out += megatron_straggler(add(t, 0.3), data, 4)
    b.add("slurm-660021.out", "\n".join(out))
    b.add("user-question.txt", "Iteration time went from ~5.1 s to ~5.9 s over three days. No crash, loss curve fine. Same data mix and seq length all run. Which node is it?")
    boot = T(2024, 12, 1, 9, 0, 0)
    for i, h in enumerate(hosts):
        b.add("%s/dmesg.txt" % h, "\n".join(boot_lines(boot, h)))
        if i in (0, 3):
            b.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(add(t, -600 + i), [{"procs": [(9100 + k, "/usr/bin/python3", 69880)]} for k in range(8)]))
    b.write()
    return label("straggler", "infrastructure", None, None, "run_diagnostics",
                 "Iteration time creeps up steadily (~0.2%/hour) on the whole job while the straggler reports keep min/max Rtt within ~1% and name different ranks each time; clocks, dmesg and nvidia-smi are clean. No node or cause is identifiable from the bundle, so profile/diagnose before acting.",
                 "https://github.com/NVIDIA/Megatron-LM/issues/897")


# --------------------------------------------------------------------------------------------
def by20(root):
    b = Bundle(root)
    rng = rng_for("by20")
    hosts = ["hgx-b01", "hgx-b02", "hgx-b03", "hgx-b04"]
    world = 32
    r2n = {r: hosts[r // 8] for r in range(world)}
    bad = list(range(16, 24))
    start = T(2025, 5, 19, 18, 0, 0)
    onset = T(2025, 5, 19, 19, 40, 0)
    out = ["[NeMo I %s nemo_logging:381] StragglerDetectionCallback: profiling_interval=10 report_time_interval=600.0 calc_relative_gpu_perf=True calc_individual_gpu_perf=True num_gpu_perf_scores_to_print=4 gpu_relative_perf_threshold=0.85 gpu_individual_perf_threshold=0.85 stop_if_detected=False" % iso(start)]
    t = add(start, 100)
    rep = add(t, 600)
    step = 0
    while t < T(2025, 5, 19, 21, 30, 0):
        step += 10
        slow = t >= onset
        st = (3.62 if slow else 2.81) + rng.uniform(-0.03, 0.03)
        t = add(t, st * 10)
        out.append("Epoch 0: : %d/200000 [reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3g]" % (
            step, 2.3 - step * 0.00005 + rng.uniform(-0.02, 0.02), step - 1, step * 1024, st))
        if t >= rep:
            ind = {r: ((0.77 + rng.uniform(-0.02, 0.02)) if (slow and r in bad) else (0.97 + rng.uniform(0, 0.03))) for r in range(world)}
            rel = {r: ((0.79 + rng.uniform(-0.02, 0.02)) if (slow and r in bad) else (0.97 + rng.uniform(0, 0.03))) for r in range(world)}
            if slow:
                out.append("[NeMo W %s nemo_logging:393] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: %s" % (iso(t), straggler_ids(bad, r2n)))
                out.append("[NeMo W %s nemo_logging:393] STRAGGLER DETECTION WARNING: Some GPUs performance dropped. Affected ranks: %s" % (iso(t), straggler_ids(bad, r2n)))
            out.append("[NeMo I %s nemo_logging:381] " % iso(t))
            out.append("GPU relative performance:")
            out.append(nemo_scores(rel, r2n, 4).rstrip("\n"))
            out.append("[NeMo I %s nemo_logging:381] " % iso(t))
            out.append("GPU individual performance:")
            out.append(nemo_scores(ind, r2n, 4).rstrip("\n"))
            out.append("[NeMo I %s nemo_logging:381] Straggler report processing time: %.3f sec." % (iso(t), 0.03 + rng.uniform(0, 0.01)))
            rep = add(t, 600)
    b.add("slurm-1844020.out", "\n".join(out))
    snap = T(2025, 5, 19, 21, 4, 10)
    b.add("hgx-b03/nvidia-smi-q.txt", nvsmi_q(snap, [{"procs": [(77120 + i, "python3", 72010)]} for i in range(8)]))
    b.add("hgx-b03/top.txt", "\n".join([
        "top - 21:04:31 up 9 days,  2:10,  1 user,  load average: 17.21, 17.40, 17.11",
        "Tasks: 1183 total,   9 running, 1174 sleeping,   0 stopped,   0 zombie",
        "%Cpu(s):  7.9 us,  0.9 sy,  0.0 ni, 91.0 id,  0.1 wa,  0.0 hi,  0.1 si,  0.0 st",
        "MiB Mem : 2063740.2 total, 1571220.1 free, 301922.4 used, 190597.7 buff/cache",
        "",
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
        "  77120 nemo      20   0  121.4g  30.1g   2.2g R 102.3   1.5 187:12.22 python3",
        "  77121 nemo      20   0  121.3g  30.0g   2.2g R 101.9   1.5 186:58.09 python3",
        "  77122 nemo      20   0  121.3g  30.1g   2.2g R 101.4   1.5 186:41.71 python3",
        "  77123 nemo      20   0  121.4g  30.0g   2.2g R 101.0   1.5 186:40.02 python3",
        "   2811 root      20   0 2211004  61120  28816 S   0.7   0.0  31:02.44 dcgm-exporter"]))
    b.add("hgx-b03/ibstat.txt", ibstat(["mlx5_%d" % i for i in range(8)], guid_base=0x58a2e10300114400))
    boot = T(2025, 5, 10, 19, 0, 0)
    for h in hosts:
        b.add("%s/dmesg.txt" % h, "\n".join(boot_lines(boot, h)))
    b.write()
    return label("straggler", "infrastructure", "hgx-b03", None, "run_diagnostics",
                 "From ~19:40 NeMo's straggler callback flags all eight ranks of hgx-b03 (16-23) with individual and relative scores ~0.78 while the other nodes stay ~0.98. hgx-b03's nvidia-smi (no throttle, full clocks), dmesg, top and ibstat are clean, so the node is identified but the cause is not: take it out and diagnose.",
                 "https://github.com/intelligent-machine-learning/dlrover/issues/678")
