"""Slowdown / straggler cases of set 46."""
import random

from common import (Bundle, TD, dt, label, f_py, f_iso, f_glog, f_ds, nvsmi_q, nvsmi_table, pyspy_thread_dump,
                    bg_threads, kernel_log, ibstat)
from jobkit import base_pid, launcher_log, std_node_diag
from trainlogs import loss_curve, titan_lines, megatron_lines, deepspeed_lines, nemo_lines, hf_tqdm


def _prom_header(name, help_, typ="gauge"):
    return ["# HELP %s %s" % (name, help_), "# TYPE %s %s" % (name, typ)]


# --------------------------------------------------------------------------------------------- aq04
def aq04():
    rng = random.Random(4604)
    name = "aq04_torchtitan_tps_down_25pct_since_step_4200"
    b = Bundle()
    hosts = ["h100-c3-%02d" % i for i in range(5, 9)]
    G, N = 8, 32
    bad_node, bad_g = 2, 2
    bad = bad_node * G + bad_g
    t0 = dt(2025, 5, 12, 9, 0, 12)
    t_boot = dt(2025, 5, 10, 23, 11, 40)
    onset = 4200
    tps = lambda s: (3410 if s < onset else 2560) + rng.uniform(-25, 25)
    lines, t_end = titan_lines(rng, 1, 6400, t0 + TD(seconds=150), tps, every=10)
    t_on = t0 + TD(seconds=150 + 4199 * 8192 / 3410.0)
    slurm = ["+ srun torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint h100-c3-05:29500 -m torchtitan.train --job.config_file llama3_8b.toml"]
    slurm += ["[rank0]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % f_py(t0 + TD(seconds=20)),
              "[rank0]:[titan] %s - root - INFO - CUDA capacity: NVIDIA H100 80GB HBM3 with 79.11GiB memory" % f_py(t0 + TD(seconds=24)),
              "[rank0]:[titan] %s - root - INFO - Peak FLOPS used for computing MFU: 9.890e+14" % f_py(t0 + TD(seconds=24)),
              "[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 20000 (warmup 200)" % f_py(t0 + TD(seconds=150))]
    slurm += lines
    b.add("slurm-330187.out", slurm)
    # dcgm-exporter scrapes (one per node, after onset)
    for i, h in enumerate(hosts):
        ts = int((t_on + TD(minutes=25)).timestamp() * 1000)
        prom = []
        metrics = [("DCGM_FI_DEV_SM_CLOCK", "SM clock frequency (in MHz)."),
                   ("DCGM_FI_DEV_GPU_TEMP", "GPU temperature (in C)."),
                   ("DCGM_FI_DEV_POWER_USAGE", "Power draw (in W)."),
                   ("DCGM_FI_DEV_GPU_UTIL", "GPU utilization (in %)."),
                   ("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", "Current clock throttle reasons (bitmask)."),
                   ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", "Total number of single-bit volatile ECC errors."),
                   ("DCGM_FI_DEV_XID_ERRORS", "Value of the last XID error encountered.")]
        for (m, hp) in metrics:
            prom += _prom_header(m, hp)
            for g in range(G):
                hot = (i == bad_node and g == bad_g)
                v = {"DCGM_FI_DEV_SM_CLOCK": 1095 if hot else 1980,
                     "DCGM_FI_DEV_GPU_TEMP": 89 if hot else 58 + (g * 5) % 9,
                     "DCGM_FI_DEV_POWER_USAGE": 402.113 if hot else 655.2 + g * 3.3 + rng.uniform(-8, 8),
                     "DCGM_FI_DEV_GPU_UTIL": 100,
                     "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 72 if hot else (4 if (i == 0 and g in (1, 6)) else 0),
                     "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": 2 if (i == 3 and g == 4) else 0,
                     "DCGM_FI_DEV_XID_ERRORS": 0}[m]
                vs = ("%.3f" % v) if isinstance(v, float) else str(v)
                prom.append('%s{gpu="%d",UUID="GPU-%08x-6d1e-41a2-9c3e-%012x",pci_bus_id="%s",device="nvidia%d",modelName="NVIDIA H100 80GB HBM3",Hostname="%s",DCGM_FI_DRIVER_VERSION="550.90.07",container="main",namespace="",pod=""} %s %d' % (
                    m, g, 0x7a100000 + i * 0x100 + g, 0xbeef0000 + g, ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0", "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"][g], g, h, vs, ts))
        b.add("%s/dcgm-exporter_scrape.prom" % h, prom)
        over = {}
        if i == bad_node:
            over = {bad_g: dict(temp=89, sm=1095, power=402.11, thr_hw="Active", thr_hwthermal="Active")}
        if i == 0:
            over = {1: dict(thr_swpower="Active", power=699.1), 6: dict(thr_swpower="Active", power=698.7)}
        std_node_diag(b, h, rng, t_boot, t_on + TD(minutes=27), nv_over=over, kfmt="T", with_df=False)
    b.add("h100-c3-07/ipmi_sdr_fan.txt", ["FAN1A            | 11640 RPM         | ok",
                                           "FAN1B            | 11520 RPM         | ok",
                                           "FAN2A            | 0 RPM             | cr",
                                           "FAN2B            | 11400 RPM         | ok",
                                           "FAN3A            | 11580 RPM         | ok",
                                           "GPU_Inlet_Temp_2 | 41 degrees C      | ok",
                                           "GPU_Inlet_Temp_3 | 33 degrees C      | ok"])
    lab = label("straggler", "infrastructure", hosts[bad_node], bad, "restart_without_node",
                "slurm-330187.out: torchtitan tps drops from ~3,400 to ~2,560 (mfu ~20%% -> ~15%%) at step ~4200 with no error. "
                "h100-c3-07/dcgm-exporter_scrape.prom: gpu=2 runs at SM clock 1095 MHz, 89 C, 402 W with "
                "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS=72 (0x40 HW thermal + 0x08 HW slowdown) while all other 31 GPUs hold 1980 MHz; "
                "nvidia-smi -q on that node confirms 'HW Thermal Slowdown: Active' for GPU 2, and ipmi_sdr_fan.txt shows fan FAN2A at 0 "
                "RPM. In synchronous training one throttled GPU (global rank 2*8+2=18) paces the whole job. SW Power Cap on two GPUs of "
                "h100-c3-05 (at 699 W, full clocks) and 2 corrected SBE on h100-c3-08 are benign. Thermal throttling on one node -> "
                "exclude it.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq05
def aq05():
    rng = random.Random(4605)
    name = "aq05_megatron_iteration_ms_up_70pct_no_errors"
    b = Bundle()
    hosts = ["gpu-l3-%02d" % i for i in range(1, 9)]
    G, N = 8, 64
    t0 = dt(2024, 7, 29, 14, 0, 0)
    t_boot = dt(2024, 7, 24, 10, 5, 18)
    onset = 8200
    ms = lambda it: (2105 + rng.uniform(-20, 20)) if it < onset else (3450 + rng.uniform(-300, 500))
    lines, t_end = megatron_lines(rng, 6001, 9800, 500000, t0 + TD(seconds=120), ms, gbs=2048, every=1)
    t_on = t0 + TD(seconds=120 + (onset - 6001) * 2.105)
    for i, h in enumerate(hosts):
        body = ["[rank0]:" + l for l in lines] if i == 0 else []
        if i >= 4:
            for k in range(6):
                tk = t_on + TD(seconds=40 + k * 211 + i)
                body.append("[rank%d]:%s:%d:%d [%d] NCCL INFO NET/IB : Got async event : port error" % (
                    i * G + (k % 8), h, base_pid(i) + (k % 8), base_pid(i) + (k % 8) + 171, k % 8) if k % 2 else
                    "[rank%d]:%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % (i * G + (k % 8), h, base_pid(i) + (k % 8), base_pid(i) + (k % 8) + 171, k % 8))
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, script="pretrain_gpt.py"))
        ev = []
        if i >= 4:
            for k in range(5):
                tk = t_on + TD(seconds=38 + k * 211 + i * 0.3)
                nic = (k * 3 + i) % 8
                bus = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"][nic]
                ev += [(tk, "mlx5_core 0000:%s:00.0 ibp%ds0: Link down" % (bus, int(bus, 16))),
                       (tk + TD(seconds=2.7), "mlx5_core 0000:%s:00.0 ibp%ds0: Link up" % (bus, int(bus, 16)))]
        std_node_diag(b, h, rng, t_boot, t_end, kfmt="raw", kevents=ev, with_df=False)
    iq = ["$ ibqueryerrors -k -c --threshold-file /etc/ibdiag/thresh.conf   # run by fabric on-call %s" % (t_on + TD(minutes=40)).strftime("%Y-%m-%d %H:%M"),
          "Errors for \"leaf-ib-03\"",
          ]
    for p in range(1, 33):
        if p <= 16:
            iq.append("   GUID 0xfc6a1c0300e2a%03x port %d: [SymbolErrorCounter == %d] [LinkDownedCounter == %d] [PortRcvErrors == %d] [PortXmitWait == %d]" % (
                p, p, 1200 + rng.randrange(9000), 3 + rng.randrange(4), 40 + rng.randrange(200), 81234567 + rng.randrange(10 ** 7)))
    iq.append("Errors for \"leaf-ib-02\"")
    iq.append("   GUID 0xfc6a1c0300e2b011 port 7: [PortXmitWait == 12093]")
    iq.append("Errors for \"spine-ib-01\"")
    iq.append("   GUID 0xfc6a1c0300e0c003 port 21: [PortXmitWait == 4411920]  [PortXmitDiscards == 18]")
    iq.append("")
    iq.append("## Summary: 612 nodes checked, 3 nodes with errors")
    b.add("fabric/ibqueryerrors.txt", iq)
    topo = {"topology": {"leaf-ib-02": hosts[:4], "leaf-ib-03": hosts[4:]}}
    lab = label("network", "infrastructure", None, None, "restart",
                "Megatron 'elapsed time per iteration (ms)' goes from ~2100 to 3100-4000 from iteration ~8200 with no error. "
                "From that moment the four nodes gpu-l3-05..08 - all cabled to leaf-ib-03 (topology.json) - log repeated 'ibpXs0: "
                "Link down' / 'Link up' flaps on different HCAs within the same seconds (dmesg.txt, uptime stamps), their ranks' NCCL "
                "prints 'NET/IB : Got async event : port error', and fabric/ibqueryerrors.txt shows SymbolErrorCounter/LinkDowned/"
                "PortRcvErrors on 16 ports of leaf-ib-03 only. Several nodes on one switch at once = fabric problem, not one node's "
                "NIC; gpu-l3-01..04 (leaf-ib-02) are clean. The job still runs but slowly; restart on healthy fabric (or after "
                "the leaf is fixed). The small PortXmitWait on leaf-ib-02/spine is ordinary congestion noise.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return name, b, lab, topo


# --------------------------------------------------------------------------------------------- aq06
def aq06():
    rng = random.Random(4606)
    name = "aq06_nemo_train_step_timing_spikes_40min"
    b = Bundle()
    hosts = ["gpu-dfw-%03d" % i for i in range(101, 105)]
    G, N = 8, 32
    t0 = dt(2025, 6, 3, 3, 0, 0)
    t_boot = dt(2025, 6, 1, 9, 44, 2)
    s_on, s_off = 2600, 3050
    sec = lambda s: (1.92 + rng.uniform(-0.03, 0.03)) if (s < s_on or s > s_off) else (1.95 + (rng.expovariate(1 / 5.5) if rng.random() < 0.7 else 0.1))
    lines, t_end = nemo_lines(rng, 1, 3900, 40000, t0 + TD(seconds=200), sec, every=1)
    t_on = t0 + TD(seconds=200 + (s_on - 1) * 1.92)
    t_off = t_on + TD(minutes=41)
    head = ["[NeMo I %s nemo_logging:393] Rank 0 has data parallel group : [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31]" % (t0 + TD(seconds=60)).strftime("%Y-%m-%d %H:%M:%S"),
            "[NeMo I %s nemo_logging:393] Building dataset from /lustre/fsw/data/redpajama_v2/*_text_document with 64 workers" % (t0 + TD(seconds=90)).strftime("%Y-%m-%d %H:%M:%S"),
            "[NeMo W %s nemo_logging:405] Recommend using a higher num_workers value or turning off persistent_workers if dataloader is the bottleneck" % (t0 + TD(seconds=95)).strftime("%Y-%m-%d %H:%M:%S"),
            "  | Name   | Type     | Params | Mode ", "-----------------------------------------", "0 | module | GPTModel | 1.9 B  | train", "-----------------------------------------"]
    for i, h in enumerate(hosts):
        body = head + lines if i == 0 else []
        b.add("%s/nemo_log_globalrank-%d_localrank-0.txt" % (h, i * G), launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, prefix=False,
                                                                                  nccl_ranks={i * G}, script="megatron_gpt_pretraining.py")[15:])
        osc = "lfs02-OST0007-osc-ffff8e%04x91c0%02x00" % (0x4000 + i, i)
        ev = [(t_on + TD(seconds=5 + i * 0.4), "Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d] [real_sent %d] [current %d] [deadline 47s] [delay 0s]  req@00000000e13f%04x x1801946602%06d/t0(0) o3->%s@10.3.0.17@o2ib:6/4 lens 488/440 e 1 to 1 dl %d ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:'pt_data_worker.%d'" % (
                  4410 + i, int(t_on.timestamp()) - 47, int(t_on.timestamp()) - 47, int(t_on.timestamp()), 0x3a00 + i, 301224 + i, osc, int(t_on.timestamp()), 1000 + i)),
              (t_on + TD(seconds=5.1 + i * 0.4), "Lustre: %s: Connection to lfs02-OST0007 (at 10.3.0.17@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % osc)]
        for k in range(1, 7):
            ev.append((t_on + TD(minutes=6 * k, seconds=i), "Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has taken %ds for slow reply  req@00000000e13f%04x o3->%s@10.3.0.17@o2ib:6/4 lens 488/440 e 3 to 1 dl %d ref 1 fl Rpc:Qr/2/ffffffff rc 0/-1" % (
                4410 + i, 38 + (k * 7 + i) % 40, 0x3b00 + k, osc, int(t_on.timestamp()) + k * 360)))
        ev.append((t_off + TD(seconds=i), "Lustre: %s: Connection restored to 10.3.0.17@o2ib (at 10.3.0.17@o2ib)" % osc))
        std_node_diag(b, h, rng, t_boot, t_end + TD(minutes=5), kfmt="T", kevents=ev,
                      nv_over={g: dict(util=100) for g in range(G)})
    b.add("ops/storage_status.txt", ["%s  [lfs02] OSS lfs02-oss04 (10.3.0.17) high load: ost_io service threads 512/512 busy, RPC queue depth 18211" % f_iso(t_on + TD(minutes=3))[:19],
                                     "%s  [lfs02] lfs02-OST0007 failover started (lfs02-oss04 -> lfs02-oss05)" % f_iso(t_on + TD(minutes=31))[:19],
                                     "%s  [lfs02] lfs02-OST0007 recovery complete, 1211 clients reconnected" % f_iso(t_off - TD(seconds=20))[:19]])
    lab = label("storage", "infrastructure", None, None, "none",
                "The NeMo progress lines on gpu-dfw-101 show train_step_timing jumping from ~1.9 s to 2-30 s for ~450 steps "
                "(about 40 min) and then returning to 1.9 s; no rank errors. At the start of that window all four nodes' dmesg "
                "report 'Request sent has timed out for slow reply' and 'Connection to lfs02-OST0007 (at 10.3.0.17@o2ib) was lost' "
                "(the data-loader workers read the dataset from /lustre), followed by repeated slow replies and 'Connection restored' at "
                "the end; ops/storage_status.txt confirms an overloaded OSS and a failover. Every node is affected equally, so no "
                "single slow node: a shared-storage slowdown. Labelled storage (evidence points at the shared FS rather than a "
                "straggler), action none because the server recovered and the job resumed full speed on its own. The NeMo "
                "num_workers hint is a generic warning.",
                "https://wiki.helsinki.fi/display/it4sci/Lustre+Troubleshooting+Guide")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq07
def aq07():
    rng = random.Random(4607)
    name = "aq07_hf_trainer_6s_per_it_gpu_util_low"
    b = Bundle()
    hosts = ["a100-vid-01", "a100-vid-02"]
    G, N = 8, 16
    t0 = dt(2024, 4, 15, 16, 20, 0)
    t_boot = dt(2024, 4, 12, 8, 1, 0)
    t = t0 + TD(seconds=210)
    log = ["[INFO|trainer.py:2048] 2024-04-15 16:23:31,882 >> ***** Running training *****",
           "[INFO|trainer.py:2049] 2024-04-15 16:23:31,882 >>   Num examples = 1,204,118",
           "[INFO|trainer.py:2050] 2024-04-15 16:23:31,882 >>   Num Epochs = 1",
           "[INFO|trainer.py:2051] 2024-04-15 16:23:31,882 >>   Instantaneous batch size per device = 8",
           "[INFO|trainer.py:2054] 2024-04-15 16:23:31,882 >>   Total train batch size (w. parallel, distributed & accumulation) = 128",
           "[INFO|trainer.py:2055] 2024-04-15 16:23:31,882 >>   Gradient Accumulation steps = 1",
           "[INFO|trainer.py:2056] 2024-04-15 16:23:31,882 >>   Total optimization steps = 9,407",
           "[INFO|trainer.py:2057] 2024-04-15 16:23:31,884 >>   Number of trainable parameters = 1,521,301,504"]
    el = 0.0
    for st in range(1, 1301):
        r = 6.0 + rng.uniform(-0.3, 0.4)
        el += r
        if st % 5 == 0:
            log.append(hf_tqdm(st, 9407, el, r))
        if st % 50 == 0:
            log.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (loss_curve(st * 30, rng, 3.1, 2.2), 1.1 + rng.random(), 1e-4, st / 9407))
    b.add("a100-vid-01/train_rank0.log", log)
    b.add("a100-vid-01/training_args.txt", ["TrainingArguments(", "_n_gpu=1,", "bf16=True,", "dataloader_drop_last=False,",
                                             "dataloader_num_workers=0,", "dataloader_persistent_workers=False,", "dataloader_pin_memory=True,",
                                             "dataloader_prefetch_factor=None,", "ddp_backend=nccl,", "gradient_accumulation_steps=1,",
                                             "gradient_checkpointing=True,", "learning_rate=0.0001,", "per_device_train_batch_size=8,",
                                             "report_to=['wandb'],", "torch_compile=False,", ")"])
    for i, h in enumerate(hosts):
        b.add("%s/accelerate_launch.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=[
            "[rank%d]:/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader will create 0 worker processes in total." % (i * G) if False else
            "[rank%d]:%s - videolm.data - INFO - VideoClipDataset: decoding with PyAV on the fly, 16 frames @ 224px per sample, source /data/clips (local NVMe copy)" % (i * G, f_py(t0 + TD(seconds=150)))],
            script="train_videolm.py"))
        std_node_diag(b, h, rng, t_boot, t0 + TD(hours=2, minutes=10), kfmt="journal",
                      nv_over={g: dict(util=24 + (g * 7) % 11, power=171.0 + g * 4, memused=41220 + g * 13) for g in range(G)})
        csv = ["_timestamp,_runtime,system.cpu,system.memory,system.disk.\\.usagePercent,system.proc.cpu.threads," +
               ",".join("system.gpu.%d.gpu,system.gpu.%d.powerWatts,system.gpu.%d.memoryAllocated" % (g, g, g) for g in range(G)) + ",system.network.recv"]
        for k in range(120):
            ts = t0 + TD(seconds=240 + 60 * k)
            row = ["%.3f" % ts.timestamp(), "%d" % (240 + 60 * k), "%.1f" % (7.9 + rng.uniform(-0.8, 0.8)), "%.2f" % (12.1 + rng.uniform(0, 0.3)),
                   "38.1", "%d" % (231 + rng.randrange(3))]
            for g in range(G):
                row += ["%.1f" % max(0, 26 + rng.gauss(0, 9)), "%.2f" % (175 + rng.gauss(0, 30)), "%.2f" % (50.6 + rng.uniform(0, 0.2))]
            row.append("%d" % (118000 + rng.randrange(9000)))
            csv.append(",".join(row))
        b.add("%s/wandb_system_metrics.csv" % h, csv)
        b.add("%s/top_b_n1.txt" % h, ["top - %s up 3 days,  8:11,  0 users,  load average: 8.41, 8.39, 8.22" % (t0 + TD(hours=2)).strftime("%H:%M:%S"),
                                       "Tasks: 1211 total,   9 running, 1202 sleeping,   0 stopped,   0 zombie",
                                       "%%Cpu(s):  7.9 us,  0.4 sy,  0.0 ni, 91.6 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st",
                                       "MiB Mem : 2063781.4 total, 1811204.2 free, 201322.7 used,  51254.5 buff/cache",
                                       "",
                                       "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"] +
              ["%7d svc-ml    20   0  112.1g  18.4g   1.2g R  %5.1f   0.9 %9s python3" % (base_pid(i) + lr, 99.3 + rng.uniform(0, 0.7), "121:%02d.%02d" % (lr * 3, lr * 7)) for lr in range(G)] +
              ["   2311 root      20   0       0      0      0 S   0.3   0.0   0:41.20 kworker/u450:1"])
    dump = pyspy_thread_dump(base_pid(0), "/usr/bin/python3 train_videolm.py --config cfg/videolm_1b.yaml",
                             [(0x7F6B9A1E0740, "active", "MainThread",
                               ["_decode_frames (videolm/data/video_dataset.py:88)",
                                "_load_clip (videolm/data/video_dataset.py:61)",
                                "__getitem__ (videolm/data/video_dataset.py:112)",
                                "fetch (torch/utils/data/_utils/fetch.py:52)",
                                "_next_data (torch/utils/data/dataloader.py:673)",
                                "__next__ (torch/utils/data/dataloader.py:631)",
                                "__iter__ (accelerate/data_loader.py:452)",
                                "_inner_training_loop (transformers/trainer.py:2198)",
                                "train (transformers/trainer.py:1859)",
                                "main (train_videolm.py:211)", "<module> (train_videolm.py:215)"])] + bg_threads(0))
    dump2 = pyspy_thread_dump(base_pid(0), "/usr/bin/python3 train_videolm.py --config cfg/videolm_1b.yaml",
                              [(0x7F6B9A1E0740, "active", "MainThread",
                                ["decode (av/container/input.pyx:213)" if False else "_decode_frames (videolm/data/video_dataset.py:91)",
                                 "_load_clip (videolm/data/video_dataset.py:61)",
                                 "__getitem__ (videolm/data/video_dataset.py:112)",
                                 "fetch (torch/utils/data/_utils/fetch.py:52)",
                                 "_next_data (torch/utils/data/dataloader.py:673)",
                                 "__next__ (torch/utils/data/dataloader.py:631)",
                                 "__iter__ (accelerate/data_loader.py:452)",
                                 "_inner_training_loop (transformers/trainer.py:2198)",
                                 "train (transformers/trainer.py:1859)",
                                 "main (train_videolm.py:211)", "<module> (train_videolm.py:215)"])] + bg_threads(0))
    b.add("a100-vid-01/py-spy_rank0_x2.txt", ["# two samples 10 s apart"] + dump + dump2)
    lab = label("straggler", "script", None, None, "none",
                "No failure: HF Trainer runs at ~6 s/it on both nodes from the first step. wandb_system_metrics.csv shows every GPU on "
                "both nodes at ~25%% utilisation and ~175 W, identical across nodes, so there is no slow node; top shows each rank's "
                "python at 100%% of one core with the box 92%% idle, and py-spy of rank 0 (two samples) has the main thread decoding "
                "video in the user's VideoClipDataset.__getitem__ (videolm/data/video_dataset.py) - training_args.txt has "
                "dataloader_num_workers=0. The whole job is input-bound by the user's own data pipeline. Labelled straggler (a "
                "slowdown, not a crash) at script layer, culprit null; action none because nothing is broken and no restart or node "
                "exclusion helps - the owner should raise num_workers/pre-decode clips before the next launch.",
                "https://github.com/pytorch/examples/issues/387")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq10
def aq10():
    rng = random.Random(4610)
    name = "aq10_megatron_straggler_report_rank_43_every_interval"
    b = Bundle()
    hosts = ["sxm-n%02d" % i for i in range(9, 17)]
    G, N = 8, 64
    bad_node, bad_lr = 5, 3
    bad = bad_node * G + bad_lr
    t0 = dt(2025, 2, 18, 20, 0, 0)
    t_boot = dt(2025, 2, 17, 6, 30, 12)
    lines, t_end = megatron_lines(rng, 1, 2400, 120000, t0 + TD(seconds=180), lambda it: 3920 + rng.uniform(-40, 40), gbs=1024, every=1)
    out = []
    t = t0 + TD(seconds=180)
    for k, l in enumerate(lines):
        out.append("[rank0]:" + l)
        it = k + 1
        if it % 100 == 0:
            t = t0 + TD(seconds=180 + it * 3.92)
            others = [r for r in range(N) if r != bad]
            out.append("[rank0]: [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                t.strftime("%Y-%m-%d %H:%M:%S"), 2791 + rng.uniform(0, 9), rng.choice(others), 3702 + rng.uniform(0, 30), bad,
                561 + rng.randrange(9), bad, 694 + rng.randrange(5), rng.choice(others), 41 + rng.randrange(3), rng.choice(others),
                63 + rng.randrange(3), rng.choice(others), 88 + rng.randrange(3), bad, 100, rng.choice(others), 1965, rng.choice(others),
                1980, rng.choice(others), 1.9 + rng.random() * 0.2, rng.choice(others), 46.1 + rng.random() * 5, bad,
                311.4 + rng.random() * 3, bad, 412.7 + rng.random() * 2, rng.choice(others)))
    for i, h in enumerate(hosts):
        body = out if i == 0 else []
        if i == 0:
            body = ["[rank0]:> StragglerDetector: enabled=True, port=65535, amp=3.0, toggle via curl http://localhost:65535", "[rank0]:> building GPT model ..."] + body
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, script="pretrain_gpt.py"))
        ev, over = [], {}
        if i == bad_node:
            over = {bad_lr: dict(pgen=1, pgenmax=5, pwidth="16x", power=566.0)}
            for k in range(9):
                tk = t0 - TD(hours=3) + TD(minutes=37 * k)
                ev += [(tk, "pcieport 0000:5c:01.0: AER: Corrected error message received from 0000:5d:00.0"),
                       (tk, "nvidia 0000:5d:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                       (tk, "nvidia 0000:5d:00.0:   device [10de:2330] error status/mask=00000001/0000e000"),
                       (tk, "nvidia 0000:5d:00.0:    [ 0] RxErr                  (First)")]
        std_node_diag(b, h, rng, t_boot, t0 + TD(hours=2, minutes=40), nv_over=over, kfmt="T", kevents=ev, with_df=False)
        if i == bad_node:
            b.add("%s/lspci_vv_5d.txt" % h, ["5d:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)",
                                            "\tSubsystem: NVIDIA Corporation Device 16c1",
                                            "\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
                                            "\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x16",
                                            "\tLnkCtl2: Target Link Speed: 32GT/s, EnterCompliance- SpeedDis-",
                                            "\tCapabilities: [100 v1] Advanced Error Reporting",
                                            "\t\tCESta:\tRxErr+ BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr-"])
    lab = label("straggler", "infrastructure", hosts[bad_node], bad, "restart_without_node",
                "sxm-n09/torchrun.log: Megatron's StragglerDetector report every 100 iterations names rank 43 as MxRtt (~3.7 s vs "
                "~2.8 s best), MnUtl, MnPwr, MxDRtt and MnEtpt (~311 TF vs ~413 TF) every single interval, no crash. Rank 43 = "
                "sxm-n14 local rank 3 (8 per node). On sxm-n14, nvidia-smi -q shows GPU 3 (bus 5D) at PCIe Generation Current 1 / Max "
                "5, lspci reports 'LnkSta: Speed 2.5GT/s (downgraded)', and dmesg has recurring corrected AER RxErr from 0000:5d:00.0. "
                "A downtrained PCIe link on one GPU makes that rank slow; the other 63 ranks merely wait. Node-local hardware "
                "evidence -> exclude the node.",
                "https://github.com/NVIDIA/NVSentinel/issues/890")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq11
def aq11():
    rng = random.Random(4611)
    name = "aq11_per_rank_timing_csv_one_node_compute_slower"
    b = Bundle()
    hosts = ["gpn-%03d" % i for i in range(101, 107)]
    G, N = 8, 48
    bad_node = 3
    t0 = dt(2024, 10, 21, 7, 0, 0)
    t_boot = dt(2024, 10, 19, 22, 12, 4)
    csv = ["step,time_utc,rank,host,fwd_bwd_ms,allreduce_wait_ms,optimizer_ms,dataloader_ms"]
    for step in range(200, 6001, 200):
        ts = t0 + TD(seconds=120 + step * 1.43)
        for r in range(N):
            slow = r // G == bad_node
            fb = 1408 + rng.uniform(-12, 12) if slow else 1031 + rng.uniform(-12, 12)
            wt = 3 + rng.uniform(0, 3) if slow else 1412 - fb + rng.uniform(-5, 5)
            csv.append("%d,%s,%d,%s,%.1f,%.1f,%.1f,%.1f" % (step, f_iso(ts)[:19] + "Z", r, hosts[r // G], fb, wt, 14.2 + rng.random(), 2.1 + rng.random()))
    b.add("rank_timing.csv", csv)
    pb, t_end = nemo_lines(rng, 1, 6000, 60000, t0 + TD(seconds=120), lambda s: 1.43 + rng.uniform(-0.01, 0.01), every=20)
    for i, h in enumerate(hosts):
        body = [l.replace("consumed_samples", "lr=0.0003, consumed") for l in pb] if i == 0 else []
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, script="lit_train.py"))
        std_node_diag(b, h, rng, t_boot, t_end, kfmt="journal", with_df=False,
                      nv_over={g: dict(temp=52 + (g * 3) % 8, util=100) for g in range(G)})
    b.add("gpn-104/cpupower_frequency_info.txt", ["analyzing CPU 0:", "  driver: intel_pstate", "  hardware limits: 800 MHz - 3.80 GHz",
                                                  "  current policy: frequency should be within 800 MHz and 3.80 GHz.",
                                                  "                  The governor \"performance\" may decide which speed to use",
                                                  "  current CPU frequency: 3.10 GHz (asserted by call to kernel)", "  boost state support:", "    Supported: yes", "    Active: yes"])
    lab = label("straggler", "infrastructure", hosts[bad_node], None, "run_diagnostics",
                "rank_timing.csv: from the first sample on, ranks 24-31 (all eight ranks of gpn-104) spend ~1408 ms in fwd_bwd and "
                "~5 ms waiting in all-reduce, while the 40 ranks on the other five nodes compute in ~1031 ms and then wait ~380 ms "
                "- gpn-104 paces every step; no crash, no errors. Nothing on gpn-104 explains it: nvidia-smi -q shows full clocks, "
                "normal temperatures, no throttle reasons, no ECC; journal is quiet; CPU governor 'performance' at 3.1 GHz; IB ports "
                "Active. A whole node is slower without its own evidence -> straggler on that node, rank unknown (all its ranks), run "
                "diagnostics (e.g. GPU burn/nccl-tests) before deciding to exclude it.",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq12
def aq12():
    rng = random.Random(4612)
    name = "aq12_deepspeed_samples_per_sec_drop_midrun"
    b = Bundle()
    hosts = ["dgx-b-%02d" % i for i in range(11, 15)]
    G, N = 8, 32
    bad_node, bad_g = 3, 3
    bad = bad_node * G + bad_g
    t0 = dt(2024, 3, 19, 12, 0, 0)
    t_boot = dt(2024, 3, 15, 4, 2, 1)
    onset = 3800
    lines, t_end = deepspeed_lines(rng, 1, 5200, t0 + TD(seconds=100), lambda s: 411.0 if s < onset else 266.0, every=10)
    t_on = t0 + TD(seconds=100 + (onset - 1) * 512 / 411.0)
    foreign = 90412
    for i, h in enumerate(hosts):
        b.add("%s/deepspeed_node.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, prefix=False, body=lines if i == 0 else [], script="train_sft.py"))
        rows, procs = [], []
        for g in range(G):
            busy = i == bad_node and g == bad_g
            rows.append((g, ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0", "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"][g],
                         66 if busy else 51 + g % 4, "P0", 699 if busy else 540 + g * 4, 700, 78601 if busy else 60144 + g * 9, 81559, 100))
            procs.append((g, base_pid(i) + g, "/usr/bin/python3", 60110 + g * 9))
            if busy:
                procs.append((g, foreign, "/home/jwu/.venv/bin/python", 18432))
        b.add("%s/nvidia-smi.txt" % h, nvsmi_table(t_on + TD(minutes=30), rows, procs))
        std_node_diag(b, h, rng, t_boot, t_end, kfmt="T", with_df=False)
    b.add("dgx-b-14/ps_gpu_procs.txt", ["$ ps -o pid,user,lstart,etime,args -p %s" % ",".join(str(p) for p in [base_pid(3) + g for g in range(G)] + [foreign]),
                                        "    PID USER     STARTED                      ELAPSED COMMAND"] +
          ["%7d svc-llm  %s     %s /usr/bin/python3 -u train_sft.py --local_rank=%d --deepspeed ds_z3.json" % (base_pid(3) + g, t0.strftime("%a %b %d %H:%M:%S %Y"), "02:41:13", g) for g in range(G)] +
          ["%7d jwu      %s     %s /home/jwu/.venv/bin/python bench_matmul.py --device cuda:3 --size 16384 --iters 1000000" % (foreign, t_on.strftime("%a %b %d %H:%M:%S %Y"), "00:31:04")])
    lab = label("straggler", "infrastructure", hosts[bad_node], bad, "restart_without_node",
                "dgx-b-11/deepspeed_node.log: CurrSamplesPerSec falls from ~411 to ~266 at step ~3800 and stays there; no error. "
                "dgx-b-14/nvidia-smi.txt lists a second compute process on GPU 3 - pid %d '/home/jwu/.venv/bin/python' using 18 GiB - "
                "next to the training rank, and ps_gpu_procs.txt shows it is another user's bench_matmul.py --device cuda:3 started "
                "exactly when throughput dropped. The training process on GPU 3 is --local_rank=3 -> global rank 3*8+3=27; it shares "
                "its GPU and slows the whole synchronous job. A foreign process on one node -> take the node out (and clean it)." % foreign,
                "https://github.com/deepspeedai/DeepSpeed/issues/5447")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq13
def aq13():
    rng = random.Random(4613)
    name = "aq13_wandb_system_csv_tokens_per_sec_down"
    b = Bundle()
    hosts = ["ip-10-0-12-41", "ip-10-0-12-58", "ip-10-0-12-77", "ip-10-0-12-93"]
    G, N = 8, 32
    bad_node = 2
    t0 = dt(2025, 7, 8, 1, 0, 0)
    t_boot = dt(2025, 7, 6, 19, 20, 0)
    onset_min = 95
    log = []
    t = t0 + TD(seconds=180)
    st = 0
    while t < t0 + TD(minutes=220):
        slow = t >= t0 + TD(minutes=onset_min)
        step_s = 2.95 if slow else 2.02
        t += TD(seconds=step_s * 10)
        st += 10
        log.append("%s - INFO - __main__ - step=%d loss=%.4f tokens_per_sec=%d tokens_per_sec_per_gpu=%d step_time=%.3fs" % (
            f_py(t), st, loss_curve(st * 10, rng), int(32 * 4 * 4096 / step_s), int(4 * 4096 / step_s), step_s + rng.uniform(-0.03, 0.03)))
    for i, h in enumerate(hosts):
        b.add("%s/accelerate_launch.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=log if i == 0 else [], script="train_clm.py"))
        csv = ["_timestamp,_runtime,system.cpu,system.proc.cpu.threads,system.memory," +
               ",".join("system.gpu.%d.gpu,system.gpu.%d.powerWatts,system.gpu.%d.temp" % (g, g, g) for g in range(G))]
        for k in range(200):
            ts = t0 + TD(minutes=k + 3)
            slow = ts >= t0 + TD(minutes=onset_min)
            hot = slow and i == bad_node
            row = ["%.3f" % ts.timestamp(), "%d" % ((k + 3) * 60), "%.1f" % ((97.5 if hot else 41.0) + rng.uniform(-1.5, 1.5)), "%d" % (612 + rng.randrange(4)),
                   "%.2f" % (18.2 + rng.random() * 0.2)]
            for g in range(G):
                if hot:
                    row += ["%.1f" % (61 + rng.gauss(0, 5)), "%.1f" % (402 + rng.gauss(0, 20)), "%d" % (49 + g % 3)]
                else:
                    row += ["%.1f" % (99 + rng.random()), "%.1f" % ((640 if not slow else 455) + rng.gauss(0, 15)), "%d" % (58 + g % 5)]
            csv.append(",".join(row))
        b.add("%s/wandb/system_metrics.csv" % h, csv)
        ev = []
        if i == bad_node:
            tt = t0 + TD(minutes=onset_min - 1)
            for k in range(14):
                tk = tt + TD(minutes=k * 9)
                ev += [(tk, "CPU%d: Package temperature above threshold, cpu clock throttled (total events = %d)" % ((k * 12) % 96, 11234 + k * 5121)),
                       (tk + TD(seconds=0.001), "CPU%d: Core temperature above threshold, cpu clock throttled (total events = %d)" % ((k * 12 + 1) % 96, 9031 + k * 4412)),
                       (tk + TD(seconds=0.2), "mce: CPU%d: Package temperature/speed normal" % ((k * 12) % 96))]
        std_node_diag(b, h, rng, t_boot, t0 + TD(minutes=200), kfmt="journal", kevents=ev, with_ib=False, with_df=False,
                      nv_over={g: dict(util=61 if i == bad_node else 100) for g in range(G)})
    b.add("ip-10-0-12-77/turbostat_5s.txt", ["Core\tCPU\tAvg_MHz\tBusy%\tBzy_MHz\tTSC_MHz\tCoreTmp\tPkgTmp\tPkgWatt",
                                              "-\t-\t1021\t96.81\t1055\t2600\t100\t100\t211.40",
                                              "0\t0\t998\t97.12\t1027\t2600\t100\t100\t104.21",
                                              "0\t96\t1003\t97.40\t1030\t2600",
                                              "1\t1\t1011\t96.55\t1047\t2600\t99",
                                              "48\t48\t1087\t96.93\t1121\t2600\t100\t100\t107.19"])
    b.add("ip-10-0-12-41/turbostat_5s.txt", ["Core\tCPU\tAvg_MHz\tBusy%\tBzy_MHz\tTSC_MHz\tCoreTmp\tPkgTmp\tPkgWatt",
                                              "-\t-\t1412\t39.90\t3538\t2600\t67\t71\t262.11"])
    lab = label("straggler", "infrastructure", hosts[bad_node], None, "restart_without_node",
                "ip-10-0-12-41/accelerate_launch.log: step_time rises from ~2.0 s to ~2.95 s (tokens_per_sec -31%%) about 95 min into "
                "the run, no error. wandb/system_metrics.csv from that point: only ip-10-0-12-77 shows system.cpu ~97%% with its eight "
                "GPUs falling to ~60%% util and ~400 W, while the other nodes' GPUs stay at ~99%% util (spinning in NCCL waits, power "
                "down). ip-10-0-12-77's journal logs recurring 'Package/Core temperature above threshold, cpu clock throttled' and "
                "turbostat shows cores at ~1 GHz at 100 C vs 3.5 GHz elsewhere. The host CPUs of one node are thermally throttled and "
                "starve its GPUs; whole node, so rank null. Node-local evidence -> exclude the node.",
                "https://github.com/mosaicml/composer/pull/3342")
    return name, b, lab, None


CASES = [aq04, aq05, aq06, aq07, aq10, aq11, aq12, aq13]
