"""Straggler cases: one node / rank slow while the job keeps running."""
import random

from common import (Case, dt, add, iso, isoT, hms, syslog_ts, ctime, c10, glog,
                    perf_block, smi_header, smi_table, dmesg_lines, benign_dmesg,
                    lspci_nic, ibstat_block, guid, pick_warns, H100_BUS, A100_BUS,
                    MON)

MEG_TIMERS = ["forward-backward", "forward-compute", "backward-compute", "batch-generator",
              "layernorm-grads-all-reduce", "embedding-grads-all-reduce", "all-grads-sync",
              "optimizer-copy-to-main-grad", "optimizer-clip-main-grad", "optimizer-count-zeros",
              "optimizer-inner-step", "optimizer-copy-main-to-model-params", "optimizer"]


def meg_iter_line(t, it, total, gbs, ms, tflops, lr, loss, gn):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | "
            "lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | "
            "number of nan iterations:   0 |" % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms,
                                                 tflops, lr, gbs, loss, gn))


def meg_timers(vals):
    out = ["(min, max) time across ranks (ms):"]
    for name in MEG_TIMERS:
        if name in vals:
            mn, mx = vals[name]
            out.append("    %s: (%.2f, %.2f)" % ((name + " ").ljust(48, "."), mn, mx))
    return out


# --------------------------------------------------------------------------- aj01
def thermal_megatron(cid):
    rng = random.Random(3901)
    c = Case(cid, "iteration_time_crept_up_overnight")
    nodes = ["gpu-a%02d" % i for i in range(1, 9)]
    bad_node, bad_local = "gpu-a06", 2
    bad_rank = 5 * 8 + bad_local  # 42
    job = 7781204
    t0 = dt(2025, 3, 10, 22, 41, 5)
    L = []
    L.append("+ srun --ntasks-per-node=8 --gpus-per-node=8 --cpu-bind=none bash run_pretrain.sh")
    for i, n in enumerate(nodes):
        L.append("[wrapper] %s SLURM_NODEID=%d global ranks %d-%d MASTER_ADDR=gpu-a01" % (n, i, i * 8, i * 8 + 7))
    L += pick_warns(rng, 2)
    L.append("using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1")
    L.append("> initializing torch distributed ...")
    L.append("> initialized tensor model parallel with size 8")
    L.append("> setting random seeds to 1234 ...")
    L.append("time to initialize megatron (seconds): 41.372")
    L.append("[after megatron is initialized] datetime: %s" % t0.strftime("%Y-%m-%d %H:%M:%S"))
    L.append("building GPT model ...")
    L.append(" > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 8851234816")
    L.append("> enabling straggler detection (--log-straggler) port 65535, report every log interval")
    L.append("[after dataloaders are built] datetime: %s" % add(t0, 95).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("training ...")
    t = add(t0, 120)
    base = 4110.0
    for it in range(100, 4801, 100):
        hot = it >= 2900
        ramp = 0 if not hot else min(1.0, (it - 2800) / 600.0)
        ms = base + rng.uniform(-25, 25) + ramp * 1240 + (rng.uniform(0, 60) if hot else 0)
        t = add(t, ms * 100 / 1000.0)
        tfl = 402.0 * base / ms
        L.append(meg_iter_line(t, it, 250000, 1024, ms, tfl, 3.0e-4 * min(1, it / 2000.0), 2.9 - it * 0.00012 + rng.uniform(-0.02, 0.02), 0.2 + rng.uniform(0, 0.1)))
        fb = ms - 180
        L += meg_timers({
            "forward-backward": (fb - rng.uniform(5, 15), fb + rng.uniform(1, 6)),
            "forward-compute": (1010 + rng.uniform(0, 6), 1018 + ramp * 420 + rng.uniform(0, 8)),
            "backward-compute": (2190 + rng.uniform(0, 9), 2204 + ramp * 815 + rng.uniform(0, 9)),
            "batch-generator": (1.9 + rng.uniform(0, .4), 3.5 + rng.uniform(0, 1.5)),
            "layernorm-grads-all-reduce": (0.02, 0.04),
            "embedding-grads-all-reduce": (0.03, 0.06),
            "all-grads-sync": (40 + rng.uniform(0, 4), 52 + ramp * 1190 + rng.uniform(0, 10)),
            "optimizer-copy-to-main-grad": (3.1, 3.4),
            "optimizer-clip-main-grad": (8.0, 8.4 + rng.uniform(0, .3)),
            "optimizer-inner-step": (22.1, 22.9),
            "optimizer": (41.2 + rng.uniform(0, .5), 42.3 + rng.uniform(0, .5)),
        })
        if hot:
            mx_r, mxt, mn_clk = bad_rank, int(84 + ramp * 7), int(1755 - ramp * 510)
            mn_pwr_r, mn_pwr = bad_rank, int(650 - ramp * 170)
        else:
            mx_r, mxt, mn_clk = rng.choice(range(64)), rng.randint(64, 69), rng.choice([1965, 1980])
            mn_pwr_r, mn_pwr = rng.choice(range(64)), rng.randint(640, 668)
        rtt_max = ms - 60 + rng.uniform(-5, 5)
        L.append(" | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | "
                 "MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: 100%%/%d | "
                 "MnClk/Rnk: %dMHz/%d | MxClk/Rnk: 1980MHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | "
                 "MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                     3700 + rng.uniform(0, 40), rng.randint(0, 63), rtt_max, bad_rank if hot else rng.randint(0, 63),
                     mn_pwr, mn_pwr_r, rng.randint(690, 699), rng.randint(0, 63),
                     rng.randint(41, 46), rng.randint(0, 63), mxt, mx_r,
                     int(97 - ramp * 14) if hot else rng.randint(96, 99), bad_rank if hot else rng.randint(0, 63),
                     rng.randint(0, 63), mn_clk, bad_rank if hot else rng.randint(0, 63), rng.randint(0, 63),
                     1.9 + rng.uniform(0, .3), rng.randint(0, 63), 4.0 + rng.uniform(0, 1), rng.randint(0, 63),
                     402.0 * base / (base + ramp * 1240) - 3, bad_rank if hot else rng.randint(0, 63),
                     412 + rng.uniform(0, 6), rng.randint(0, 63)))
        if it == 3000:
            L.append(" [%s] saving checkpoint at iteration    3000 to /lustre/proj/ckpt/gpt-9b in torch_dist format" % t.strftime("%Y-%m-%d %H:%M:%S"))
            t = add(t, 74)
            L.append("  successfully saved checkpoint from iteration    3000 to /lustre/proj/ckpt/gpt-9b [ t 1/8, p 1/1 ]")
    c.w("slurm-%d.out" % job, "\n".join(L))
    t_snap = add(t, 240)
    es = int((t_snap - t0).total_seconds()) + 130
    el = "%02d:%02d:%02d" % (es // 3600, es // 60 % 60, es % 60)
    c.w("sacct.txt", "\n".join([
        "JobID           JobName  Partition      State  Elapsed   NNodes        NodeList",
        "------------ ---------- ---------- ---------- ---------- -------- ---------------",
        "%d       gpt9b-pt      h100    RUNNING   %s        8     gpu-a[01-08]" % (job, el),
        "%d.batch      batch               RUNNING   %s        1          gpu-a01" % (job, el),
        "%d.0          bash                RUNNING   %s        8     gpu-a[01-08]" % (job, el),
    ]))
    # nvidia-smi -q -d PERFORMANCE,TEMPERATURE from two nodes
    for node in ["gpu-a06", "gpu-a02"]:
        parts = [smi_header(t_snap)]
        for i, bus in enumerate(H100_BUS):
            act = ("HW Slowdown", "HW Thermal Slowdown") if (node == bad_node and i == bad_local) else ()
            if node == bad_node and i == bad_local:
                act = act + ("SW Thermal Slowdown",)
            parts.append(perf_block(bus, active=act))
            temp = 91 if (node == bad_node and i == bad_local) else rng.randint(52, 63)
            parts.append("    Temperature\n        GPU Current Temp                  : %d C\n"
                         "        GPU T.Limit Temp                  : %d C\n"
                         "        GPU Shutdown Temp                 : 92 C\n"
                         "        GPU Slowdown Temp                 : 89 C\n"
                         "        GPU Max Operating Temp            : 87 C\n"
                         "        Memory Current Temp               : %d C\n"
                         "        Memory Max Operating Temp         : 95 C\n" % (temp, 87 - temp, temp + 4 if temp > 80 else temp + 8))
        c.w("node-%s/nvidia-smi-q-perf-temp.txt" % node, "\n".join(parts))
    c.w("node-gpu-a06/ipmitool-sdr-fan.txt", "\n".join([
        "# ipmitool sdr type Fan   (collected %s)" % ctime(t_snap),
        "FAN1_F           | 30h | ok  | 29.1 | 11760 RPM",
        "FAN1_R           | 31h | ok  | 29.1 | 10920 RPM",
        "FAN2_F           | 32h | ok  | 29.2 | 11880 RPM",
        "FAN2_R           | 33h | ok  | 29.2 | 11040 RPM",
        "FAN3_F           | 34h | ok  | 29.3 | 11760 RPM",
        "FAN3_R           | 35h | cr  | 29.3 | 0 RPM",
        "FAN4_F           | 36h | ok  | 29.4 | 11640 RPM",
        "FAN4_R           | 37h | ok  | 29.4 | 10980 RPM",
        "FAN5_F           | 38h | ok  | 29.5 | 11760 RPM",
        "FAN5_R           | 39h | ok  | 29.5 | 11100 RPM",
    ]))
    c.w("node-gpu-a06/dmesg.txt", dmesg_lines(benign_dmesg(rng, 22.4, 7)))
    # old Xid from another job, on a different node, days earlier (dmesg -T)
    c.w("node-gpu-a03/dmesg-T.txt", "\n".join([
        "[Wed Mar  5 14:02:11 2025] NVRM: Xid (PCI:0000:2a:00): 13, pid=88123, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address",
        "[Wed Mar  5 14:02:11 2025] NVRM: Xid (PCI:0000:2a:00): 13, pid=88123, name=python3, Graphics Exception: ESR 0x524648=0x102000e 0x524650=0x0 0x524644=0xd3eff2 0x52464c=0x17f",
        "[Wed Mar  5 14:02:12 2025] NVRM: Xid (PCI:0000:2a:00): 43, pid=88123, name=python3, Ch 00000008",
        "[Mon Mar 10 18:20:44 2025] IPv6: ADDRCONF(NETDEV_CHANGE): ib3: link becomes ready",
        "[Mon Mar 10 22:39:51 2025] nvidia-peermem: loading out-of-tree module taints kernel.",
    ]))
    c.set_label("straggler", "infrastructure", {"node": "gpu-a06", "rank": 42}, "restart_without_node",
                "From iteration ~2900 Megatron's straggler line names rank 42 (gpu-a06, GPU 2) every interval as max round-trip, hottest, lowest clock and power; nvidia-smi shows HW/thermal slowdown active at 91 C on that GPU only and the node's rear fan FAN3_R reads 0 RPM. The Xid 13/43 on gpu-a03 is from another job five days earlier.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return c


# --------------------------------------------------------------------------- aj07
def nic_pcie_downtrained(cid):
    rng = random.Random(3907)
    c = Case(cid, "tokens_per_sec_dropped_after_resubmit")
    nodes = ["hgx-11", "hgx-14", "hgx-17", "hgx-20"]
    bad = "hgx-17"
    t0 = dt(2025, 4, 2, 9, 12, 0)
    # attempt 1 (older allocation, different nodes) fast; attempt 2 slow
    def titan_lines(t, steps, tps, host_note):
        out = []
        for s in steps:
            t = add(t, 10 * 8192 * 8 / tps)
            tp = tps * rng.uniform(0.985, 1.012)
            out.append("[rank0]:[titan] %s - root - INFO - step: %4d  loss: %7.4f  memory: 61.%02dGiB(77.%02d%%)  "
                       "tps: %s  tflops: %.2f  mfu: %.2f%%" % (iso(t), s, 7.2 - s * 0.0031 + rng.uniform(-.03, .03),
                                                                rng.randint(10, 40), rng.randint(10, 50),
                                                                "{:,}".format(int(tp)), tp * 0.0413, tp * 0.0413 / 9.89))
        return out, t
    a1 = ["# run: llama3-8b-fsdp  attempt 1  nodes: hgx-[02,05,08,11]",
          "[rank0]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % iso(t0)]
    l, t = titan_lines(add(t0, 60), range(10, 301, 10), 4105.0, "")
    a1 += l
    a1.append("[rank0]:[titan] %s - root - INFO - [GC] Peforming periodical GC collection. 0.04 seconds." % iso(t))
    a1.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    a1.append("slurmstepd: error: *** STEP 55102.0 ON hgx-02 CANCELLED AT 2025-04-02T10:02:41 DUE TO PREEMPTION ***")
    c.w("attempt1-55102/console.log", "\n".join(a1))
    t1 = dt(2025, 4, 2, 11, 30, 0)
    a2 = ["# run: llama3-8b-fsdp  attempt 2 (requeued)  nodes: hgx-[11,14,17,20]",
          "+ srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint hgx-11:29500 -m torchtitan.train --job.config_file llama3_8b.toml",
          "[rank0]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % iso(t1)]
    a2 += ["[rank0]:" + w for w in pick_warns(rng, 1)]
    a2.append("[rank0]:[titan] %s - root - INFO - Loading tokenizer from tokenizer.model" % iso(add(t1, 3)))
    a2.append("[rank0]:[titan] %s - root - INFO - Applied FSDP to the model" % iso(add(t1, 20)))
    a2.append("[rank0]:[titan] %s - root - INFO - Checkpoint loaded from step 300 (took 21.4 s)" % iso(add(t1, 44)))
    l, t = titan_lines(add(t1, 60), range(310, 701, 10), 2904.0, "")
    a2 += l
    c.w("attempt2-55131/console.log", "\n".join(a2))
    # NCCL init from the slow attempt (all nodes look alike)
    nl = []
    for i, n in enumerate(nodes):
        nl += nccl_init_like(n, 41000 + i * 7, i * 8, rng)
    nl.append("hgx-11:41000:41533 [0] NCCL INFO Channel 00/16 : 0 8 16 24 ... via NET/IB/0/GDRDMA")
    nl.append("hgx-11:41000:41533 [0] NCCL INFO Connected all rings, use ring PXN 1 GDR 1")
    c.w("attempt2-55131/nccl_debug_init.log", "\n".join(nl))
    # operator's pairwise nccl-tests
    res = []
    res.append("# nccl-tests all_reduce_perf -b 8G -e 8G -g 1, NCCL_ALGO=Ring, 2 nodes x 8 GPUs, run by ops %s" % iso(add(t, 1800), ms=False))
    pairs = [("hgx-11", "hgx-14"), ("hgx-11", "hgx-17"), ("hgx-11", "hgx-20"), ("hgx-14", "hgx-17"),
             ("hgx-14", "hgx-20"), ("hgx-17", "hgx-20"), ("hgx-17", "hgx-05")]
    res.append("%-20s %10s %10s" % ("pair", "algbw", "busbw"))
    for a, b in pairs:
        slow = bad in (a, b)
        bw = rng.uniform(23.5, 25.4) if slow else rng.uniform(45.2, 47.4)
        res.append("%-20s %10.2f %10.2f" % (a + "," + b, bw * 16 / 30.0 * 1.0, bw))
    c.w("ops/nccl_tests_pairwise.txt", "\n".join(res))
    # ibstat on bad node: all 400 (looks fine)
    ib = []
    for k in range(8):
        ib.append(ibstat_block("mlx5_%d" % k, rate=400, lid=200 + k, guid=guid(rng)))
    c.w("node-hgx-17/ibstat.txt", "\n".join(ib))
    # lspci on bad node and a good node
    nic_bus = ["0c:00.0", "1f:00.0", "47:00.0", "52:00.0", "8e:00.0", "a5:00.0", "c1:00.0", "d4:00.0"]
    for node in ["hgx-17", "hgx-14"]:
        parts = ["# lspci -vv -d 15b3:1021 (%s)" % node]
        for k, b in enumerate(nic_bus):
            if node == bad and k == 4:
                parts.append(lspci_nic(b, sta_w=8))
            else:
                parts.append(lspci_nic(b))
        c.w("node-%s/lspci-vv-nics.txt" % node, "\n".join(parts))
    # dmesg on bad node: hint of pcie training at boot (subtle)
    d = benign_dmesg(rng, 12.0, 5)
    d.append((8.913227, "pci 0000:8e:00.0: 126.024 Gb/s available PCIe bandwidth, limited by 32.0 GT/s PCIe x8 link at 0000:8d:01.0 (capable of 252.048 Gb/s with 32.0 GT/s PCIe x16 link)"))
    d.append((9.402118, "mlx5_core 0000:8e:00.0: firmware version: 28.39.1002"))
    d.append((9.513553, "mlx5_core 0000:8e:00.0: 126.024 Gb/s available PCIe bandwidth, limited by 32.0 GT/s PCIe x8 link at 0000:8d:01.0 (capable of 252.048 Gb/s with 32.0 GT/s PCIe x16 link)"))
    c.w("node-hgx-17/dmesg.txt", dmesg_lines(d))
    d2 = benign_dmesg(rng, 10.0, 5) + [(9.40, "mlx5_core 0000:8e:00.0: firmware version: 28.39.1002"),
                                       (9.51, "mlx5_core 0000:8e:00.0: 252.048 Gb/s available PCIe bandwidth (32.0 GT/s PCIe x16 link)")]
    c.w("node-hgx-14/dmesg.txt", dmesg_lines(d2))
    c.set_label("straggler", "infrastructure", {"node": "hgx-17"}, "restart_without_node",
                "Throughput fell ~30% only after the requeue onto hgx-[11,14,17,20]; pairwise nccl-tests are halved for every pair that includes hgx-17, and on that node the ConnectX-7 at 8e:00.0 trained to PCIe x8 (downgraded) per lspci and the boot log, although ibstat reports all ports at 400.",
                "https://github.com/NVIDIA/nccl-tests/issues/106")
    return c


def nccl_init_like(host, pid, base_rank, rng):
    out = []
    for local in range(0, 8, 3):
        tid = pid + local * 3 + rng.randint(400, 600)
        p = "%s:%d:%d [%d] NCCL INFO " % (host, pid + local, tid, local)
        if base_rank + local == 0:
            out.append(p + "NCCL version 2.21.5+cuda12.4")
        out.append(p + "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_4:1/IB [5]mlx5_5:1/IB [6]mlx5_6:1/IB [7]mlx5_7:1/IB ; OOB ib0:10.3.%d.%d<0>" % (rng.randint(0, 9), rng.randint(2, 250)))
        out.append(p + "comm 0x%x rank %d nRanks 32 nNodes 4 localRanks 8 localRank %d MNNVL 0" % (rng.randint(0x10000000, 0x7fffffff), base_rank + local, local))
    return out


# --------------------------------------------------------------------------- aj13
def cpu_hog(cid):
    rng = random.Random(3913)
    c = Case(cid, "training_slower_than_yesterday_same_config")
    hosts = ["a100-w01", "a100-w02"]
    t0 = dt(2025, 5, 20, 8, 0, 0)
    L = ["$ accelerate launch --config_file multi_node.yaml --machine_rank 0 train_sft.py --per_device_train_batch_size 4 --gradient_accumulation_steps 4 --dataloader_num_workers 6",
         "[INFO|trainer.py:2313] %s >> ***** Running training *****" % iso(t0),
         "[INFO|trainer.py:2314] >>   Num examples = 1,204,331",
         "[INFO|trainer.py:2315] >>   Num Epochs = 2",
         "[INFO|trainer.py:2316] >>   Instantaneous batch size per device = 4",
         "[INFO|trainer.py:2319] >>   Total train batch size (w. parallel, distributed & accumulation) = 256",
         "[INFO|trainer.py:2320] >>   Gradient Accumulation steps = 4",
         "[INFO|trainer.py:2321] >>   Total optimization steps = 9,410"]
    L += pick_warns(rng, 1)
    t = add(t0, 30)
    for step in range(25, 801, 25):
        slow = step > 300
        its = rng.uniform(0.52, 0.55) if not slow else rng.uniform(0.31, 0.335)
        t = add(t, 25 / its)
        L.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (
            1.62 - step * 0.0004 + rng.uniform(-.02, .02), rng.uniform(0.6, 1.3), 2e-5 * min(1, step / 300.0), step / 4705.0))
        pct = step * 100 // 9410
        el = (t - t0).seconds
        L.append(" %2d%%|%s| %d/9410 [%02d:%02d:%02d<%02d:%02d:%02d,  %.2fs/it]" % (
            pct, "#" * (pct // 5) + " " * (20 - pct // 5), step, el // 3600, el // 60 % 60, el % 60,
            int((9410 - step) / its) // 3600, int((9410 - step) / its) // 60 % 60, int((9410 - step) / its) % 60, 1 / its))
        if step % 100 == 0:
            # user's per-rank callback
            L.append("[StepTimer] step=%d per-rank (data_ms / fwd_bwd_ms / optim_ms / comm_wait_ms):" % step)
            for r in range(16):
                h = hosts[r // 8]
                if slow and r >= 8:
                    row = (rng.uniform(650, 800), rng.uniform(2100, 2250), rng.uniform(38, 60), rng.uniform(20, 45))
                elif slow:
                    row = (rng.uniform(20, 40), rng.uniform(1390, 1420), rng.uniform(30, 34), rng.uniform(1500, 1650))
                else:
                    row = (rng.uniform(20, 40), rng.uniform(1390, 1420), rng.uniform(30, 34), rng.uniform(280, 340))
                L.append("   rank %2d  %-9s local %d   %7.1f  %7.1f  %6.1f  %7.1f" % ((r, h, r % 8) + row))
    c.w("a100-w01/train_rank0_stdout.log", "\n".join(L))
    # yesterday's run summary for comparison
    c.w("a100-w01/previous_run_summary.txt", "\n".join([
        "run sft-0519 (same config, nodes a100-w01,a100-w03)",
        "{'train_runtime': 17742.11, 'train_samples_per_second': 135.77, 'train_steps_per_second': 0.53, 'train_loss': 1.2231, 'epoch': 2.0}",
    ]))
    tt = add(t0, 5400)
    top = ["top - %s up 41 days,  3:12,  2 users,  load average: 219.41, 214.88, 201.07" % hms(tt),
           "Tasks: 1712 total,  61 running, 1651 sleeping,   0 stopped,   0 zombie",
           "%Cpu(s): 96.8 us,  2.9 sy,  0.0 ni,  0.2 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st",
           "MiB Mem : 2063853.2 total, 611202.1 free, 903330.4 used, 549320.7 buff/cache",
           "MiB Swap:      0.0 total,      0.0 free,      0.0 used. 1140021.8 avail Mem",
           "",
           "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"]
    top.append("  88102 svc-etl   20   0  212.4g 301.2g  18.2g R  9410  14.9 118:22.41 python3 build_shards.py --workers 96 --input /data/raw/cc-2025-05")
    for k in range(8):
        top.append("  %d mlteam    20   0   98.1g  22.%dg   3.1g R  %4.1f   1.1  71:%02d.%02d python3 train_sft.py" % (
            71230 + k, rng.randint(0, 9), rng.uniform(60, 99), rng.randint(0, 59), rng.randint(0, 99)))
    for k in range(6):
        top.append("  %d mlteam    20   0   31.2g   4.%dg 210.1m S  %4.1f   0.2   9:%02d.%02d pt_data_worker" % (
            71300 + k, rng.randint(0, 9), rng.uniform(8, 30), rng.randint(0, 59), rng.randint(0, 99)))
    c.w("a100-w02/top-b-n1.txt", "\n".join(top))
    top1 = ["top - %s up 12 days,  1:40,  1 user,  load average: 31.22, 30.90, 30.41" % hms(tt),
            "Tasks: 1240 total,   9 running, 1231 sleeping,   0 stopped,   0 zombie",
            "%Cpu(s): 22.4 us,  3.1 sy,  0.0 ni, 74.2 id,  0.1 wa,  0.0 hi,  0.2 si,  0.0 st",
            "",
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"]
    for k in range(8):
        top1.append("  %d mlteam    20   0   98.3g  22.%dg   3.1g R  %5.1f   1.1  84:%02d.%02d python3 train_sft.py" % (
            60110 + k, rng.randint(0, 9), rng.uniform(100, 140), rng.randint(0, 59), rng.randint(0, 99)))
    c.w("a100-w01/top-b-n1.txt", "\n".join(top1))
    mp = ["Linux 5.15.0-105-generic (a100-w02) \t05/20/2025 \t_x86_64_\t(256 CPU)", "",
          "%s     CPU    %%usr   %%nice    %%sys %%iowait    %%irq   %%soft  %%steal  %%guest  %%gnice   %%idle" % hms(tt)]
    mp.append("%s     all   96.71    0.00    2.88    0.01    0.00    0.09    0.00    0.00    0.00    0.31" % hms(tt))
    for cpu in range(0, 256, 37):
        mp.append("%s     %3d   %5.2f    0.00    %4.2f    0.00    0.00    0.00    0.00    0.00    0.00    %4.2f" % (
            hms(tt), cpu, rng.uniform(95, 99), rng.uniform(0.5, 3.5), rng.uniform(0, 0.9)))
    c.w("a100-w02/mpstat-P-ALL.txt", "\n".join(mp))
    c.w("a100-w02/nvidia-smi.txt", smi_table(tt, [dict(bus=A100_BUS[i], temp=rng.randint(44, 52), pwr=rng.randint(170, 240), cap=400, mem=61000 + rng.randint(0, 900), util=rng.randint(38, 61)) for i in range(8)], model="NVIDIA A100-SXM4-80GB"))
    c.w("a100-w01/nvidia-smi.txt", smi_table(tt, [dict(bus=A100_BUS[i], temp=rng.randint(44, 52), pwr=rng.randint(150, 230), cap=400, mem=61000 + rng.randint(0, 900), util=rng.randint(40, 66)) for i in range(8)], model="NVIDIA A100-SXM4-80GB"))
    c.w("a100-w02/journal-excerpt.txt", "\n".join([
        "%s a100-w02 systemd[1]: Started cron-etl-shards.service - nightly shard builder (svc-etl)." % syslog_ts(add(t0, 2700)),
        "%s a100-w02 CRON[88090]: (svc-etl) CMD (/opt/etl/run_build_shards.sh)" % syslog_ts(add(t0, 2700)),
        "%s a100-w02 kernel: [UFW BLOCK] IN=eno1 OUT= MAC=... SRC=10.20.4.9 DST=10.20.4.22 PROTO=UDP SPT=5353 DPT=5353" % syslog_ts(add(t0, 3000)),
    ]))
    c.set_label("straggler", "infrastructure", {"node": "a100-w02"}, "restart_without_node",
                "Steps slowed from ~1.9 to ~3.1 s/it at step ~300; the per-rank timer shows only ranks 8-15 (a100-w02) with inflated data/compute time while ranks 0-7 wait in comms. On a100-w02 a cron-started svc-etl build_shards.py uses ~94 cores, load 219 and 0.3% idle, so that node is CPU-starved by a foreign process.",
                "https://github.com/pytorch/pytorch/issues/50303")
    return c


# --------------------------------------------------------------------------- aj19
def power_cap(cid):
    rng = random.Random(3919)
    c = Case(cid, "nemo_step_time_1_6x_baseline")
    nodes = ["dgx-b03", "dgx-b07", "dgx-b12", "dgx-b15"]
    bad, bad_local = "dgx-b07", 5
    bad_rank = 8 + bad_local  # 13
    t0 = dt(2025, 6, 3, 13, 5, 0)
    L = ["[NeMo I %s nemo_logging:393] Experiments will be logged at /results/llama31_8b_sft/2025-06-03_13-04-55" % iso(t0, ms=False),
         "[NeMo W %s nemo_logging:405] No version folders would be created under the log folder as 'resume_if_exists' is enabled." % iso(t0, ms=False),
         "[NeMo I %s nemo_logging:393] Rank to host map: 0-7 dgx-b03, 8-15 dgx-b07, 16-23 dgx-b12, 24-31 dgx-b15" % iso(add(t0, 8), ms=False),
         "[NeMo I %s straggler_det_callback:97] Straggler detection enabled: report_time_interval=300s, gpu_relative_perf_threshold=0.7, gpu_individual_perf_threshold=0.7" % iso(add(t0, 9), ms=False)]
    t = add(t0, 60)
    for step in range(10, 1201, 10):
        st = rng.uniform(1.02, 1.06) if step < 40 else rng.uniform(1.63, 1.71)
        t = add(t, st * 10)
        L.append("Training epoch 0, iteration %d/4999 | lr: %.3e | global_batch_size: 128 | global_step: %d | reduced_train_loss: %.4f | train_step_timing in s: %.3f | consumed_samples: %d" % (
            step, 1e-5 * min(1, step / 100.0), step, 1.71 - step * 0.0002 + rng.uniform(-.03, .03), st, step * 128))
        if step % 300 == 0:
            L.append("[NeMo I %s straggler_det_callback:140] GPU relative performance:" % iso(t, ms=False))
            for r in range(32):
                sc = rng.uniform(0.58, 0.63) if r == bad_rank else rng.uniform(0.95, 1.0)
                L.append("  Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], sc))
            L.append("[NeMo I %s straggler_det_callback:140] GPU individual performance:" % iso(t, ms=False))
            for r in range(32):
                sc = rng.uniform(0.60, 0.64) if r == bad_rank else rng.uniform(0.96, 1.0)
                L.append("  Rank=%d Node=%s Score=%.2f" % (r, nodes[r // 8], sc))
            L.append("[NeMo W %s straggler_det_callback:168] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: [%d]" % (iso(t, ms=False), bad_rank))
            L.append("[NeMo W %s straggler_det_callback:172] STRAGGLER DETECTION WARNING: Some GPUs performance dropped. Affected ranks: [%d]" % (iso(t, ms=False), bad_rank))
    c.w("logs/nemo_log_globalrank-0_localrank-0.txt", "\n".join(L))
    c.w("logs/baseline_run_0528.txt", "llama31_8b_sft 2025-05-28 on dgx-b[02,03,12,15]: steady train_step_timing in s: 1.04 (p50), 1.07 (p95)\n")
    # nvidia-smi query CSV over time on the bad node and one other
    hdr = "timestamp, index, pci.bus_id, temperature.gpu, power.draw [W], power.limit [W], enforced.power.limit [W], clocks.sm [MHz], clocks_event_reasons.sw_power_cap, clocks_event_reasons.hw_slowdown, utilization.gpu [%]"
    for node in [bad, "dgx-b12"]:
        rows = [hdr]
        ts = add(t0, 900)
        for k in range(12):
            ts = add(ts, 30)
            for i in range(8):
                if node == bad and i == bad_local:
                    pw, lim, clk, cap = rng.uniform(346, 350), 350.0, rng.randint(1095, 1230), "Active"
                else:
                    pw = rng.uniform(560, 699)
                    lim = 700.0
                    clk = rng.randint(1830, 1980)
                    cap = "Active" if pw > 690 else "Not Active"
                rows.append("%s, %d, %s, %d, %.2f W, %.2f W, %.2f W, %d MHz, %s, Not Active, %d %%" % (
                    ts.strftime("%Y/%m/%d %H:%M:%S") + ".%03d" % rng.randint(0, 999), i, H100_BUS[i],
                    rng.randint(48, 61), pw, lim, lim, clk, cap, rng.randint(93, 100)))
        c.w("%s/nvidia-smi-query-gpu.csv" % node, "\n".join(rows))
    c.w("%s/nvidia-smi-q-d-POWER-gpu5.txt" % bad, "\n".join([
        smi_header(add(t0, 1300)),
        "GPU %s" % H100_BUS[bad_local],
        "    GPU Power Readings",
        "        Power Draw                        : 348.91 W",
        "        Current Power Limit               : 350.00 W",
        "        Requested Power Limit             : 350.00 W",
        "        Default Power Limit               : 700.00 W",
        "        Min Power Limit                   : 200.00 W",
        "        Max Power Limit                   : 700.00 W",
        "    Power Samples",
        "        Duration                          : 2.38 sec",
        "        Number of Samples                 : 119",
        "        Max                               : 350.62 W",
        "        Min                               : 341.10 W",
        "        Avg                               : 348.02 W",
    ]))
    c.w("%s/syslog-excerpt" % bad, "\n".join([
        "%s %s nvidia-persistenced: Started (%d)" % (syslog_ts(dt(2025, 5, 30, 16, 2, 11)), bad, 2231),
        "%s %s sudo:   jdoe : TTY=pts/3 ; PWD=/home/jdoe ; USER=root ; COMMAND=/usr/bin/nvidia-smi -i 5 -pl 350" % (syslog_ts(dt(2025, 5, 30, 16, 40, 2)), bad),
        "%s %s kernel: [drm] Initialized nvidia-drm 0.0.0 20160202 for 0000:%s on minor %d" % (syslog_ts(dt(2025, 5, 30, 16, 2, 14)), bad, H100_BUS[bad_local][4:].lower(), 5),
        "%s %s systemd[1]: Started slurmd.service - Slurm node daemon." % (syslog_ts(dt(2025, 5, 30, 16, 3, 0)), bad),
    ]))
    c.set_label("straggler", "infrastructure", {"node": "dgx-b07", "rank": 13}, "restart_without_node",
                "NeMo's straggler detector names rank 13 (dgx-b07 local rank 5) with relative/individual scores ~0.6 every report and step time is 1.6x the baseline; that GPU runs at a 350 W power limit (default 700 W, left by a manual nvidia-smi -pl) with SW Power Cap active and SM clock ~1.1-1.2 GHz. SW Power Cap on other GPUs only appears at ~700 W and is normal.",
                "https://github.com/l4rz/reverse-engineering-dell-idrac-to-get-rid-of-gpu-throttling/issues/3")
    return c


# --------------------------------------------------------------------------- aj04
def megatron_rank_no_cause(cid):
    rng = random.Random(3904)
    c = Case(cid, "one_rank_always_reported_slowest")
    nodes = ["gpu-c%02d" % i for i in range(1, 17)]
    bad_node, bad_local = "gpu-c10", 5
    bad_rank = 9 * 8 + bad_local  # 77
    t0 = dt(2025, 7, 14, 6, 0, 0)
    L = ["[%s] rank map: %s" % (t0.strftime("%Y-%m-%d %H:%M:%S"), ", ".join("%s=%d-%d" % (n, i * 8, i * 8 + 7) for i, n in enumerate(nodes)))]
    L.append("NVRx straggler detection: enabled (scores_to_compute=['relative_perf_scores','individual_perf_scores'], gather_on_rank0=True, report_interval=500 iters)")
    t = t0
    for it in range(50, 3001, 50):
        ms = 6480 + rng.uniform(-40, 40)
        t = add(t, ms * 50 / 1000)
        L.append(meg_iter_line(t, it, 120000, 2048, ms, 371.0 + rng.uniform(-2, 2), 1.5e-4, 2.41 - it * 0.00005, 0.18 + rng.uniform(0, .05)))
        if it % 500 == 0:
            L.append("[%s] Straggler report (iters %d-%d):" % (t.strftime("%Y-%m-%d %H:%M:%S"), it - 499, it))
            scores = {r: rng.uniform(0.93, 1.0) for r in range(128)}
            scores[bad_rank] = rng.uniform(0.71, 0.76)
            ranked = sorted(scores.items(), key=lambda kv: kv[1])[:5]
            L.append("  GPU relative perf (5 lowest): " + ", ".join("rank %d (%s) %.3f" % (r, nodes[r // 8], s) for r, s in ranked))
            ind = {r: rng.uniform(0.95, 1.0) for r in range(128)}
            ind[bad_rank] = rng.uniform(0.72, 0.77)
            ranked = sorted(ind.items(), key=lambda kv: kv[1])[:5]
            L.append("  GPU individual perf (5 lowest): " + ", ".join("rank %d (%s) %.3f" % (r, nodes[r // 8], s) for r, s in ranked))
            L.append("  Section relative perf 'forward_step': min %.3f rank %d, 'backward_step': min %.3f rank %d" % (rng.uniform(0.7, 0.76), bad_rank, rng.uniform(0.7, 0.76), bad_rank))
            L.append("  Stragglers (threshold 0.8): gpu=[StragglerId(rank=%d, node='%s')] section=[]" % (bad_rank, bad_node))
    c.w("launcher/megatron_rank0.log", "\n".join(L))
    # DCGM export on the bad node (all looks normal)
    tt = add(t0, 12000)
    rows = ["# dcgmi dmon -e 100,101,140,150,155,203,230,240,241,202,312 -d 10000 (%s)" % bad_node,
            "#Entity   SMCLK  MMCLK  MMTMP  GTMP  POWER  GPUTL  FBUSD  NVLTX  NVLRX  PCIRP  XIDER",
            "ID                                  W"]
    for k in range(6):
        for g in range(8):
            rows.append("GPU %d     %5d   2619     %2d    %2d  %5.1f     %2d  %6d  %5d  %5d      0      0" % (
                g, rng.choice([1980, 1980, 1965]), rng.randint(50, 58), rng.randint(45, 55), rng.uniform(610, 699),
                rng.randint(95, 100), 71122 + rng.randint(0, 400), rng.randint(90, 130), rng.randint(90, 130)))
    c.w("node-gpu-c10/dcgmi-dmon.txt", "\n".join(rows))
    parts = [smi_header(tt)]
    for i, bus in enumerate(H100_BUS):
        act = ("SW Power Cap",) if rng.random() < 0.3 else ()
        parts.append(perf_block(bus, active=act))
    c.w("node-gpu-c10/nvidia-smi-q-perf.txt", "\n".join(parts))
    c.w("node-gpu-c10/dmesg.txt", dmesg_lines(benign_dmesg(rng, 30.0, 8)))
    c.w("node-gpu-c10/ecc-remap.txt", "\n".join([
        "# nvidia-smi --query-gpu=index,ecc.errors.uncorrected.volatile.total,remapped_rows.correctable,remapped_rows.uncorrectable,remapped_rows.pending,remapped_rows.failure --format=csv",
        "index, ecc.errors.uncorrected.volatile.total, remapped_rows.correctable, remapped_rows.uncorrectable, remapped_rows.pending, remapped_rows.failure"]
        + ["%d, 0, 0, 0, No, No" % i for i in range(8)]))
    # noise: another node loudly logging NCCL warnings that are benign
    c.w("node-gpu-c03/stderr-excerpt.log", "\n".join([
        "gpu-c03:55120:55611 [2] NCCL WARN NET/IB : mlx5_2:1 Got async event : port active",
        "gpu-c03:55120:55611 [2] NCCL INFO NET/IB : mlx5_2:1 async event handled",
        "[rank18]:W0714 07:41:02.118000 55120 torch/_dynamo/convert_frame.py:844] torch._dynamo hit config.cache_size_limit (8)",
    ]))
    c.set_label("straggler", "infrastructure", {"node": "gpu-c10", "rank": 77}, "run_diagnostics",
                "Every straggler report names rank 77 (gpu-c10, local rank 5) at ~0.72-0.76 relative and individual score in both forward and backward, while the job keeps running; the node's clocks, temperatures, power, ECC/remap, Xid and PCIe replay counters are all normal, so nothing shows why and the GPU needs diagnostics.",
                "https://github.com/NVIDIA/DCGM/issues/122")
    return c


# --------------------------------------------------------------------------- aj10
def node_slow_no_cause(cid):
    rng = random.Random(3910)
    c = Case(cid, "32_node_run_below_expected_mfu")
    nodes = ["gpu-node-%03d" % (100 + i) for i in range(32)]
    bad = "gpu-node-113"
    bi = nodes.index(bad)
    t0 = dt(2025, 8, 9, 17, 20, 0)
    L = ["kubectl logs pytorchjob/fsdp-70b-worker-0 (pod on gpu-node-100)",
         "INFO %s rdzv: world_size=256 nnodes=32 nproc_per_node=8" % iso(t0),
         "INFO %s pod->node: " % iso(t0) + ", ".join("worker-%d=%s" % (i, n) for i, n in enumerate(nodes))]
    t = add(t0, 200)
    for step in range(20, 401, 20):
        s = rng.uniform(11.9, 12.3)
        t = add(t, s * 20)
        L.append("INFO %s step %d | loss %.4f | step_time %.2fs | tok/s/gpu %d | mfu %.1f%% (expected ~41%%)" % (
            iso(t), step, 2.3 - step * 0.0008, s, int(1050 * 9.3 / s), 41.0 * 9.3 / s))
        if step in (200, 400):
            L.append("INFO %s profiler: per-node mean over last 20 steps (ms)" % iso(t))
            L.append("  %-14s %-9s %8s %8s %8s %10s %8s" % ("node", "ranks", "fwd", "bwd", "optim", "rs/ag wait", "total"))
            for i, n in enumerate(nodes):
                if n == bad:
                    f, b, o, w = rng.uniform(3890, 3940), rng.uniform(7650, 7720), rng.uniform(150, 160), rng.uniform(180, 260)
                else:
                    f, b, o, w = rng.uniform(2990, 3030), rng.uniform(5950, 6010), rng.uniform(120, 130), rng.uniform(2650, 2790)
                L.append("  %-14s %3d-%-5d %8.0f %8.0f %8.0f %10.0f %8.0f" % (n, i * 8, i * 8 + 7, f, b, o, w, f + b + o + w))
            L.append("  slowest compute ranks: " + ", ".join("%d(%.0f)" % (bi * 8 + k, 11600 + rng.uniform(0, 80)) for k in rng.sample(range(8), 4)))
    c.w("worker-0/stdout.log", "\n".join(L))
    # per-node checks by the operator, all normal on bad node
    tt = add(t0, 5400)
    chk = ["# node health sweep %s (ops, automated)" % iso(tt, ms=False),
           "%-14s %-10s %-10s %-12s %-9s %-8s %s" % ("node", "gpu_clk", "gpu_temp", "throttle", "ib_rate", "xid_24h", "load1")]
    for n in nodes:
        chk.append("%-14s %-10s %-10s %-12s %-9s %-8s %.1f" % (n, "1980", "%dC" % rng.randint(48, 60), "none", "400x8", "0", rng.uniform(14, 22)))
    c.w("ops/health_sweep.txt", "\n".join(chk))
    parts = [smi_header(tt)]
    for i, bus in enumerate(H100_BUS):
        parts.append(perf_block(bus))
    c.w("%s/nvidia-smi-q-perf.txt" % bad, "\n".join(parts))
    c.w("%s/dmesg.txt" % bad, dmesg_lines(benign_dmesg(rng, 40.0, 6)))
    c.w("%s/kubectl-describe-node.txt" % bad, "\n".join([
        "Name:               %s" % bad,
        "Roles:              <none>",
        "Labels:             nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3",
        "                    node.kubernetes.io/instance-type=gpu-h100x8",
        "Conditions:",
        "  Type                 Status  Reason                       Message",
        "  MemoryPressure       False   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        "  DiskPressure         False   KubeletHasNoDiskPressure     kubelet has no disk pressure",
        "  PIDPressure          False   KubeletHasSufficientPID      kubelet has sufficient PID available",
        "  Ready                True    KubeletReady                 kubelet is posting ready status",
        "Allocated resources:",
        "  cpu                96 (50%)",
        "  nvidia.com/gpu     8",
        "Events:             <none>",
    ]))
    # noise: a different node with a loud (but old) warning
    c.w("gpu-node-127/dmesg.txt", dmesg_lines(benign_dmesg(rng, 10.0, 4) + [
        (91.2, "mlx5_core 0000:c1:00.0: mlx5_fw_tracer_handle_traces:1013:(pid 612): FWTracer: Events were lost"),
        (4410.5, "ACPI Error: AE_NOT_FOUND, Evaluating _PMM (20210730/power_meter-325)")]))
    c.set_label("straggler", "infrastructure", {"node": "gpu-node-113"}, "run_diagnostics",
                "The per-node profile shows all eight ranks of gpu-node-113 (ranks 104-111) with ~30% longer forward/backward and almost no collective wait, while every other node waits ~2.7 s per step for it; the health sweep, throttle reasons, dmesg and node conditions show nothing, so the node needs diagnostics.",
                "https://github.com/deepspeedai/DeepSpeed/issues/1617")
    return c


# --------------------------------------------------------------------------- aj16
def deepspeed_late_arrival(cid):
    rng = random.Random(3916)
    c = Case(cid, "allreduce_latency_high_everywhere")
    hosts = ["worker-0", "worker-1", "worker-2", "worker-3"]
    bad_rank = 22
    t0 = dt(2025, 2, 17, 14, 0, 0)
    L = ["[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w worker-0,worker-1,worker-2,worker-3 ... deepspeed pretrain.py --deepspeed ds_zero2.json" % iso(t0)]
    L.append("worker-0: [%s] [INFO] [comm.py:652:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % iso(add(t0, 6)))
    for h in hosts:
        L.append("%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'worker-0': [0..7], 'worker-1': [0..7], 'worker-2': [0..7], 'worker-3': [0..7]} ; this node global ranks %d-%d" % (h, iso(add(t0, 7)), hosts.index(h) * 8, hosts.index(h) * 8 + 7))
    L.append("worker-2: " + pick_warns(rng, 1)[0])
    t = add(t0, 80)
    for step in range(100, 1501, 100):
        s = rng.uniform(1.38, 1.45)
        t = add(t, s * 100)
        L.append("worker-0: [%s] [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.0003], mom=[(0.9, 0.95)]" % (iso(t), step))
        L.append("worker-0: [%s] [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=21.4GB, MaxMemAllocated=52.9GB" % (
            iso(t), step * 4, step, 92.5 * 1.41 / s, 92.5 * 1.41 / s + rng.uniform(-1, 1)))
    L.append("worker-0: [%s] [INFO] [logging.py:128:log_dist] [Rank 0] comms summary (comms_logger, prof_all=True, show_straggler=True)" % iso(t))
    L.append("worker-0: Comm. Op            Message Size        Count     Total Latency(ms)   Avg Latency(ms)   tput_avg (Gbps)   busbw_avg (Gbps)")
    L.append("worker-0: all_reduce")
    L.append("worker-0:                     512.0 MB            1500      412211.35           274.81            15.63             30.28")
    L.append("worker-0:                     4.0 KB              3000      1720.10             0.57              0.06              0.11")
    L.append("worker-0: broadcast")
    L.append("worker-0:                     8.0 B               2         0.41                0.20              0.00              0.00")
    L.append("worker-0: ")
    L.append("worker-0: Straggler effect (all_reduce 512.0 MB): Total Comm. Latency 412211.35 ms, Straggler Effect 338411.92 ms, Straggler Effect %% 82.10")
    c.w("launcher/deepspeed_console.log", "\n".join(L))
    # user's arrival tracker
    A = ["# arrival_probe.py: per-rank timestamp of entering the grad all_reduce, steps 1000-1500 (500 samples)",
         "# lateness = t_enter(rank) - min_r t_enter(r), ms",
         "rank  host      local  mean_late  p50_late  p95_late  frac_last"]
    for r in range(32):
        if r == bad_rank:
            A.append("%4d  %-8s  %5d  %9.1f  %8.1f  %8.1f  %9.3f" % (r, hosts[r // 8], r % 8, 226.4, 221.9, 261.0, 0.982))
        else:
            m = rng.uniform(2, 18)
            A.append("%4d  %-8s  %5d  %9.1f  %8.1f  %8.1f  %9.3f" % (r, hosts[r // 8], r % 8, m, m * 0.8, m * 2.6, rng.uniform(0, 0.008)))
    c.w("worker-0/arrival_probe_step1500.txt", "\n".join(A))
    # nvidia-smi on worker-2 looks normal
    tt = add(t, 60)
    c.w("worker-2/nvidia-smi.txt", smi_table(tt, [dict(bus=A100_BUS[i], temp=rng.randint(50, 58), pwr=rng.randint(330, 398), cap=400, mem=54000 + rng.randint(0, 900), util=100) for i in range(8)], model="NVIDIA A100-SXM4-80GB"))
    parts = [smi_header(tt, driver="535.183.01", cuda="12.2")]
    for i, bus in enumerate(A100_BUS):
        parts.append(perf_block(bus, active=("SW Power Cap",) if i in (1, 6) else ()))
    c.w("worker-2/nvidia-smi-q-perf.txt", "\n".join(parts))
    c.w("worker-2/top.txt", "\n".join([
        "top - %s up 9 days, 22:01,  0 users,  load average: 41.10, 40.87, 40.52" % hms(tt),
        "%Cpu(s): 31.2 us,  4.0 sy,  0.0 ni, 64.5 id,  0.1 wa,  0.0 hi,  0.2 si,  0.0 st",
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"] +
        ["  %d root      20   0   61.2g  18.%dg   2.2g R  %5.1f   1.9  %d:%02d.%02d python -u pretrain.py --local_rank=%d" % (
            3301 + k, rng.randint(0, 9), rng.uniform(98, 130), 21, rng.randint(0, 59), rng.randint(0, 99), k) for k in range(8)]))
    # old xid on another node from days ago (noise)
    c.w("worker-1/dmesg-T.txt", "\n".join([
        "[Wed Feb 12 03:11:40 2025] NVRM: Xid (PCI:0000:47:00): 31, pid=51822, name=python, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f1c_8a000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ",
        "[Mon Feb 17 13:58:22 2025] IPv6: ADDRCONF(NETDEV_CHANGE): ib2: link becomes ready",
    ]))
    c.set_label("straggler", "infrastructure", {"node": "worker-2", "rank": 22}, "run_diagnostics",
                "The all_reduce latency is dominated by straggler effect (82%), and the arrival probe shows rank 22 (worker-2, local rank 6) entering the gradient all_reduce ~225 ms after everyone else in 98% of steps; its GPU, CPU load and throttle reasons look normal, so the rank needs diagnostics. The Xid 31 on worker-1 is from another job five days earlier.",
                "https://github.com/deepspeedai/DeepSpeed/pull/3579")
    return c


# --------------------------------------------------------------------------- aj22
def lightning_spikes(cid):
    rng = random.Random(3922)
    c = Case(cid, "periodic_step_time_spikes")
    hosts = ["lt-gpu-01", "lt-gpu-02"]
    bad_rank = 6
    t0 = dt(2025, 9, 1, 10, 0, 0)
    L = ["GPU available: True (cuda), used: True",
         "TPU available: False, using: 0 TPU cores",
         "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8",
         "----------------------------------------------------------------------------------------------------",
         "distributed_backend=nccl",
         "All distributed processes registered. Starting with 8 processes",
         "----------------------------------------------------------------------------------------------------",
         "",
         "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
         "  | Name  | Type       | Params | Mode ",
         "---------------------------------------------",
         "0 | model | UNet2DCond | 865 M  | train",
         "---------------------------------------------",
         "/usr/local/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=7` in the `DataLoader` to improve performance.",
         ]
    t = add(t0, 40)
    for ep in range(0, 3):
        el = [2.17, 0.81, 0.83][ep]
        L.append("Epoch %d: 100%%|##########| 2500/2500 [%02d:%02d<00:00, %.2fit/s, v_num=14, train_loss=0.%d]" % (
            ep, int(2500 / el) // 60, int(2500 / el) % 60, el, rng.randint(100, 140)))
    c.w("lt-gpu-01/lightning_stdout.log", "\n".join(L))
    # per-rank step timer callback output (all ranks write csv lines)
    R = ["# StepTimerCallback: steps 2510-2709 of epoch 1, wall ms per rank (host/local from SLURM env)",
         "step,rank,host,local_rank,step_ms,fwd_ms,bwd_ms,opt_ms,ddp_wait_ms"]
    for step in range(2510, 2710):
        spike = step % 4 == 0
        for r in range(8):
            if r == bad_rank and spike:
                fw, bw = rng.uniform(540, 610), rng.uniform(2500, 3200)
                wait = rng.uniform(2, 6)
            elif spike:
                fw, bw = rng.uniform(140, 150), rng.uniform(290, 305)
                wait = rng.uniform(2500, 3300)
            else:
                fw, bw = rng.uniform(140, 150), rng.uniform(290, 305)
                wait = rng.uniform(8, 20)
            op = rng.uniform(28, 31)
            R.append("%d,%d,%s,%d,%.1f,%.1f,%.1f,%.1f,%.1f" % (step, r, hosts[r // 4], r % 4, fw + bw + op + wait, fw, bw, op, wait))
    c.w("lt-gpu-01/step_timer_epoch1.csv", "\n".join(R))
    tt = add(t0, 3600)
    rows = ["timestamp, index, temperature.gpu, clocks.sm [MHz], power.draw [W], utilization.gpu [%], pcie.link.gen.current, pcie.link.width.current, clocks_event_reasons.active"]
    for k in range(20):
        ts = add(tt, k * 2)
        for i in range(4):
            rows.append("%s, %d, %d, %d, %.2f W, %d %%, 4, 16, 0x0000000000000000" % (
                ts.strftime("%Y/%m/%d %H:%M:%S") + ".%03d" % rng.randint(0, 999), i, rng.randint(55, 66),
                rng.choice([1410, 1410, 1395]), rng.uniform(240, 390), rng.randint(60, 100)))
    c.w("lt-gpu-02/nvidia-smi-query-2s.csv", "\n".join(rows))
    c.w("lt-gpu-02/dmesg.txt", dmesg_lines(benign_dmesg(rng, 20.0, 6)))
    c.w("lt-gpu-02/vmstat-1.txt", "\n".join([
        "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----",
        " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st"] +
        [" %d  0      0 %d 812340 %d    0    0     %d    %d %d %d %d  %d %d  0  0" % (
            rng.randint(5, 9), rng.randint(401000000, 402000000) // 1000, rng.randint(90000000, 91000000) // 1000,
            rng.randint(0, 40), rng.randint(10, 90), rng.randint(30000, 40000), rng.randint(60000, 80000),
            rng.randint(12, 16), rng.randint(2, 4), rng.randint(80, 85)) for _ in range(10)]))
    c.w("slurm-99120.out", "\n".join([
        "lt-gpu-01: SLURM_PROCID 0-3 -> local ranks 0-3",
        "lt-gpu-02: SLURM_PROCID 4-7 -> local ranks 0-3",
        "Epoch 0 took 19m12s (includes cudnn autotune); epochs 1-2 ~51m each, expected ~19m",
    ]))
    c.set_label("straggler", "infrastructure", {"node": "lt-gpu-02", "rank": 6}, "run_diagnostics",
                "On every fourth step rank 6 (lt-gpu-02, local rank 2) takes ~3 s extra in forward/backward while the other seven ranks show the same time as DDP wait, making epochs 2.6x slower; clocks, temperatures, PCIe gen/width, throttle reasons, dmesg and vmstat on lt-gpu-02 are clean, so the cause is not visible and the GPU needs diagnostics.",
                "https://github.com/open-mmlab/mmpretrain/issues/350")
    return c
