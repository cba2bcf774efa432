"""Cases by01-by04: a slow rank/node whose own node carries the evidence."""

from lib import (Bundle, T, add, iso, iso_ms, ctime, glog, syslog_ts, dmesg_rel, dmesg_T, boot_lines, nvsmi_q,
                 nvsmi_table, nccl_init, torchrun_rdzv, megatron_straggler, rank_data, megatron_iter,
                 label, rng_for, H100_BUS, A100_BUS, nemo_scores, straggler_ids, kern_line)


def megatron_args_dump(extra):
    base = [
        "------------------------ arguments ------------------------",
        "  accumulate_allreduce_grads_in_fp32 .............. False",
        "  bf16 ............................................ True",
        "  data_path ....................................... ['/lustre/fs1/data/pile_text_document']",
        "  global_batch_size ............................... 1024",
        "  hidden_size ..................................... 8192",
        "  log_interval .................................... 10",
        "  log_straggler ................................... True",
        "  manual_gc ....................................... False",
        "  micro_batch_size ................................ 1",
        "  num_layers ...................................... 48",
        "  pipeline_model_parallel_size .................... 2",
        "  seq_length ...................................... 4096",
        "  straggler_ctrlr_port ............................ 65535",
        "  straggler_minmax_count .......................... 4",
        "  tensor_model_parallel_size ...................... 8",
        "  use_distributed_optimizer ....................... True",
    ]
    d = {}
    for ln in base[1:]:
        k = ln.split(" ")[2]
        d[k] = ln
    for k, v in extra.items():
        d[k] = "  %s %s %s" % (k, "." * max(3, 48 - len(k)), v)
    return [base[0]] + [d[k] for k in sorted(d)] + ["-------------------- end of arguments ---------------------"]


# --------------------------------------------------------------------------------------------
def by01(root):
    b = Bundle(root)
    rng = rng_for("by01")
    hosts = ["gpu-c01", "gpu-c02", "gpu-c03", "gpu-c04"]
    world = 32
    culprit_rank = 13
    start = T(2024, 6, 11, 7, 58, 12)
    jobid = "771204"
    sb = ["+ export NCCL_DEBUG=WARN",
          "+ mkdir -p /logs/771204",
          "+ srun --ntasks-per-node=1 --output=/logs/771204/%N/torchrun.log --error=/logs/771204/%N/torchrun.log bash -c 'torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-c01:29500 pretrain_gpt.py ${ARGS}' "]
    b.add("slurm-%s.out" % jobid, "\n".join(sb))
    out = []
    last = []
    out.append("using world size: 32, data-parallel size: 2, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 2 ")
    out.append("WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG")
    out += megatron_args_dump({"straggler_minmax_count": "4"})
    out.append("> initializing torch distributed ...")
    out.append("> initialized tensor model parallel with size 8")
    out.append("> initialized pipeline model parallel with size 2")
    out.append("> setting random seeds to 1234 ...")
    out.append("> compiling dataset index builder ...")
    out.append(">>> done with dataset index builder. Compilation time: 0.081 seconds")
    out.append("INFO:megatron.core.utils:Controller ready to recv commands on port 65535. Current state ON")
    out.append("[after model, optimizer, and learning rate scheduler are built] datetime: %s " % iso(add(start, 95)))
    out.append("[before the start of training step] datetime: %s " % iso(add(start, 131)))
    t = add(start, 140)
    cons = 0
    throttle_it = 620
    for it in range(10, 1101, 10):
        slow = it > throttle_it
        ms = (6910.0 if slow else 5940.0) * (1 + rng.uniform(-0.004, 0.004))
        t = add(t, ms * 10 / 1000.0)
        cons = it * 1024
        tfl = 395.0 * 5940.0 / ms
        last.append(megatron_iter(t, it, 250000, cons, ms, tfl, 3.0e-4 * min(1.0, it / 2000.0), 1024,
                                 2.9 - it * 0.0004 + rng.uniform(-0.02, 0.02), 0.35 + rng.uniform(-0.05, 0.08)))
        sl = None
        if slow:
            sl = {culprit_rank: {"rtt_x": 1.163, "clk": 1095.0 + rng.choice([0, 15, 30]), "tmp": float(rng.choice([88, 89, 89])),
                                 "pwr_x": 0.63}}
        data = rank_data(rng, world, base_rtt=1812.0, base_etpt=351.0, base_clk=1980.0, slow=sl)
        out += megatron_straggler(add(t, 0.4), data, 4)
    # per-node torchrun logs: agent output (the only place where global ranks meet host names)
    # plus whatever the local workers print (rank 0 on gpu-c01, the last rank on gpu-c04)
    for gi, h in enumerate(hosts):
        lines = torchrun_rdzv(add(start, 1 + gi * 0.03), "gpu-c01", gi, 4, 8, world, style="bracket")
        if gi == 0:
            lines += out
        if gi == 3:
            lines += last
        b.add("%s/torchrun.log" % h, "\n".join(lines))

    snap = T(2024, 6, 11, 9, 44, 31)
    # culprit node
    gpus = []
    for i in range(8):
        o = {"procs": [(301220 + i, "/usr/bin/python3", 70880 + i * 3)]}
        if i == 5:
            o.update({"temp": 89, "tlimit": -1, "mem_temp": 81, "hw_slow": "Active", "hw_therm": "Active",
                      "sw_therm": "Active", "gclk": 1095, "power": 402.61})
        gpus.append(o)
    b.add("gpu-c02/nvidia-smi-q.txt", nvsmi_q(snap, gpus))
    dm = ["# dcgmi dmon -e 100,140,150,155,203 -d 1000 -c 3",
          "#Entity   SMCLK  MMTMP  TMPTR  POWER    GPUTL",
          "ID"]
    for k in range(3):
        for i in range(8):
            if i == 5:
                dm.append("GPU %d     %-6d %-6d %-6d %-8.3f %d" % (i, rng.choice([1080, 1095, 1110]), 81, 89, 401.0 + rng.uniform(-5, 5), 100))
            else:
                dm.append("GPU %d     %-6d %-6d %-6d %-8.3f %d" % (i, 1980, 53 + i % 3, 47 + i % 5, 633.0 + rng.uniform(-25, 25), 100))
    b.add("gpu-c02/dcgmi-dmon.txt", "\n".join(dm))
    # decoy: SW power cap on gpu-c04 (normal at full load)
    gpus4 = []
    for i in range(8):
        o = {"procs": [(298811 + i, "/usr/bin/python3", 70880 + i * 3)]}
        if i == 1:
            o.update({"sw_pcap": "Active", "power": 699.21, "gclk": 1950})
        gpus4.append(o)
    b.add("gpu-c04/nvidia-smi-q.txt", nvsmi_q(add(snap, 12), gpus4))
    for h in hosts:
        boot = T(2024, 6, 4, 16, 2, 11) if h != "gpu-c03" else T(2024, 5, 29, 10, 44, 0)
        L = boot_lines(boot, h, style="T")
        if h == "gpu-c01":
            L.append(dmesg_T(T(2024, 6, 5, 13, 20, 44), "NVRM: Xid (PCI:0000:9a:00): 31, pid=221734, name=python, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC3 GPCCLIENT_T1_11 faulted @ 0x7f2a_1c000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"))
        L.append(dmesg_T(add(start, -30), "IPv4: martian source 10.18.2.255 from 10.18.2.7, on dev bond0"))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.write()
    return label("straggler", "infrastructure", "gpu-c02", culprit_rank, "restart_without_node",
                 "From iteration ~620 the StragglerDetector (rank 0's output in gpu-c01/torchrun.log) keeps rank 13 at the bottom of the Etpt list with a ~1.1 GHz clock and 89C; the torchrun agent block on gpu-c02 maps ranks 8-15 there and its nvidia-smi -q shows GPU 5 (local rank 5 = rank 13) in HW/SW thermal slowdown. The SW power cap on gpu-c04 and the week-old Xid 31 on gpu-c01 are benign.",
                 "https://github.com/mlfoundations/open_clip/issues/703")


# --------------------------------------------------------------------------------------------
def by02(root):
    b = Bundle(root)
    rng = rng_for("by02")
    hosts = ["dgx-a11", "dgx-a12", "dgx-a13"]
    world = 24
    cr = 22
    start = T(2024, 7, 2, 13, 2, 40)
    r2n = {r: hosts[r // 8] for r in range(world)}
    out = ["srun: job 5523190 queued and waiting for resources", "srun: job 5523190 has been allocated resources",
           "[NeMo W %s nemo_logging:393] /usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/logger_connector/logger_connector.py:75: Starting from v1.9.0, `tensorboardX` has been removed as a dependency of the `lightning.pytorch` package, due to potential conflicts with other packages in the ML ecosystem." % iso(start),
           "GPU available: True (cuda), used: True",
           "TPU available: False, using: 0 TPU cores",
           "HPU available: False, using: 0 HPUs",
           "[NeMo I %s nemo_logging:381] Experiments will be logged at /results/gpt5b_sft/2024-07-02_13-02-40" % iso(add(start, 3)),
           "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/24",
           "----------------------------------------------------------------------------------------------------",
           "distributed_backend=nccl",
           "All distributed processes registered. Starting with 24 processes",
           "----------------------------------------------------------------------------------------------------",
           "[NeMo I %s nemo_logging:381] StragglerDetectionCallback: profiling_interval=5 report_time_interval=300.0 calc_relative_gpu_perf=True calc_individual_gpu_perf=True num_gpu_perf_scores_to_print=3 gpu_relative_perf_threshold=0.7 gpu_individual_perf_threshold=0.7 stop_if_detected=False" % iso(add(start, 21))]
    t = add(start, 64)
    step = 0
    rep_t = add(t, 300)
    while step < 1400:
        step += 10
        st = 2.31 + rng.uniform(-0.03, 0.03)
        t = add(t, st * 10)
        out.append("Epoch 0: : %d/100000 [%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3g]" % (
            step, "%02d:%02d<??:??, %.2fs/it" % (int((t - start).total_seconds()) // 60 % 60, int((t - start).total_seconds()) % 60, st),
            2.91 - step * 0.0003 + rng.uniform(-0.03, 0.03), step - 1, step * 512, st))
        if t >= rep_t:
            rel = {r: (0.60 + rng.uniform(-0.02, 0.02) if r == cr else 0.96 + rng.uniform(0, 0.04)) for r in range(world)}
            ind = {r: 0.96 + rng.uniform(0, 0.04) for r in range(world)}
            out.append("[NeMo W %s nemo_logging:393] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: %s" % (iso(t), straggler_ids([cr], r2n)))
            out.append("[NeMo I %s nemo_logging:381] " % iso(t))
            out.append("GPU relative performance:")
            out.append(nemo_scores(rel, r2n).rstrip("\n"))
            out.append("[NeMo I %s nemo_logging:381] " % iso(t))
            out.append("GPU individual performance:")
            out.append(nemo_scores(ind, r2n).rstrip("\n"))
            out.append("[NeMo I %s nemo_logging:381] Straggler report processing time: %.3f sec." % (iso(t), 0.021 + rng.uniform(0, 0.01)))
            rep_t = add(t, 300)
    b.add("slurm-5523190.out", "\n".join(out))
    b.add("sacct.txt", "\n".join([
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ",
        "5523190      gpt5b_sft      batch     llm-ft        384    RUNNING      0:0 ",
        "5523190.bat+      batch                llm-ft        128    RUNNING      0:0 ",
        "5523190.0       python3                llm-ft        384    RUNNING      0:0 ",
        "5519944      gpt5b_sft      batch     llm-ft        384  COMPLETED      0:0 "]))
    b.add("notes-from-user.txt", "Same recipe as 5519944 (dgx-a04..a06) ran at ~1.6 s/step. This one is at ~2.3 s/step from the first step. Nothing changed in the config.")
    snap = T(2024, 7, 2, 13, 58, 10)
    gpus = []
    for i in range(8):
        o = {"procs": [(118230 + i, "python3", 61220)]}
        if i == 6:
            o.update({"pcie_cur": 1, "replays": 1873, "power": 288.3, "util": 100, "mem_util": 17})
        gpus.append(o)
    b.add("dgx-a13/nvidia-smi-q.txt", nvsmi_q(snap, gpus, style="a100"))
    b.add("dgx-a13/lspci-vvv-b7.txt", "\n".join([
        "b7:00.0 3D controller: NVIDIA Corporation GA100 [A100 SXM4 80GB] (rev a1)",
        "\tSubsystem: NVIDIA Corporation Device 1463",
        "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx+",
        "\tStatus: Cap+ 66MHz- UDF- FastB2B- ParErr- DEVSEL=fast >TAbort- <TAbort- <MAbort- >SERR- <PERR- INTx-",
        "\tLatency: 0",
        "\tInterrupt: pin A routed to IRQ 574",
        "\tNUMA node: 1",
        "\tCapabilities: [68] Express (v2) Endpoint, MSI 00",
        "\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us",
        "\t\tLnkCap:\tPort #0, Speed 16GT/s, Width x16, ASPM not supported",
        "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
        "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
        "\t\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x16 (ok)",
        "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
        "\t\tLnkCtl2: Target Link Speed: 16GT/s, EnterCompliance- SpeedDis-",
        "\t\tLnkSta2: Current De-emphasis Level: -6dB, EqualizationComplete+ EqualizationPhase1+",
        "\tCapabilities: [100 v1] Virtual Channel",
        "\tCapabilities: [420 v2] Advanced Error Reporting",
        "\t\tUESta:\tDLP- SDES- TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-",
        "\t\tCESta:\tRxErr+ BadTLP+ BadDLLP+ Rollover- Timeout- AdvNonFatalErr-",
        "\tKernel driver in use: nvidia",
        "\tKernel modules: nvidiafb, nouveau, nvidia_drm, nvidia"]))
    boot = T(2024, 6, 30, 22, 10, 5)
    for h in hosts:
        extra = []
        if h == "dgx-a13":
            extra = [(3.214, "pci 0000:b7:00.0: 32.000 Gb/s available PCIe bandwidth, limited by 2.5 GT/s PCIe x16 link at 0000:b6:00.0 (capable of 252.048 Gb/s with 16.0 GT/s PCIe x16 link)")]
        L = boot_lines(boot, h, driver="535.161.08", gpu_bus=A100_BUS, extra=extra)
        if h == "dgx-a13":
            tt = add(start, 70)
            for k in range(9):
                tt = add(tt, 311 + k * 13)
                L.append(dmesg_rel(boot, tt, "pcieport 0000:b6:00.0: AER: Corrected error received: 0000:b7:00.0"))
                L.append(dmesg_rel(boot, add(tt, 0.00002), "nvidia 0000:b7:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"))
                L.append(dmesg_rel(boot, add(tt, 0.00003), "nvidia 0000:b7:00.0:   device [10de:20b2] error status/mask=00000001/0000e000"))
                L.append(dmesg_rel(boot, add(tt, 0.00004), "nvidia 0000:b7:00.0:    [ 0] RxErr                  (First)"))
        if h == "dgx-a11":
            L.append(dmesg_rel(boot, add(start, -3600), "mlx5_core 0000:0c:00.0: mlx5_port_module_event:1139:(pid 0): Port module event: module 0, Cable plugged"))
        b.add("%s/dmesg.txt" % h, "\n".join(L))
    b.write()
    return label("straggler", "infrastructure", "dgx-a13", cr, "restart_without_node",
                 "NeMo's straggler callback names rank 22 on dgx-a13 in every report (relative score ~0.6; its individual score stays ~1 because it has been slow since the first step). dgx-a13 shows GPU 6 (local rank 6) trained at PCIe 2.5 GT/s instead of 16 GT/s at boot, with continuous corrected AER receiver errors: a downtrained link on that node.",
                 "https://github.com/NVIDIA/nccl/issues/1453")


# --------------------------------------------------------------------------------------------
def by03(root):
    b = Bundle(root)
    rng = rng_for("by03")
    hosts = ["node-17", "node-18", "node-19", "node-20"]
    start = T(2024, 3, 19, 7, 41, 3)
    hog = T(2024, 3, 19, 9, 0, 1)
    out = []
    out.append("[%s] [INFO] [runner.py:463:main] Using IP address of 10.4.17.117 for node node-17" % iso_ms(start))
    out.append("[%s] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: node-17,node-18,node-19,node-20" % iso_ms(add(start, 0.1)))
    out.append("[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w node-17,node-18,node-19,node-20 export PYTHONPATH=/home/svc-train/llama-sft; cd /home/svc-train/llama-sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJub2RlLTE3IjogWzAsIDEsIDIsIDNdLCAibm9kZS0xOCI6IFswLCAxLCAyLCAzXSwgIm5vZGUtMTkiOiBbMCwgMSwgMiwgM10sICJub2RlLTIwIjogWzAsIDEsIDIsIDNdfQ== --node_rank=%%n --master_addr=10.4.17.117 --master_port=29500 train.py --deepspeed ds_zero2.json" % iso_ms(add(start, 0.2)))
    for ni, h in enumerate(hosts):
        tt = add(start, 1.5 + ni * 0.05)
        out.append("%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'node-17': [0, 1, 2, 3], 'node-18': [0, 1, 2, 3], 'node-19': [0, 1, 2, 3], 'node-20': [0, 1, 2, 3]}" % (h, iso_ms(tt)))
        out.append("%s: [%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=4, node_rank=%d" % (h, iso_ms(tt), ni))
        out.append("%s: [%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'node-17': [0, 1, 2, 3], 'node-18': [4, 5, 6, 7], 'node-19': [8, 9, 10, 11], 'node-20': [12, 13, 14, 15]})" % (h, iso_ms(tt)))
        out.append("%s: [%s] [INFO] [launch.py:164:main] dist_world_size=16" % (h, iso_ms(tt)))
        out.append("%s: [%s] [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3" % (h, iso_ms(tt)))
    out.append("node-17: [%s] [INFO] [config.py:1000:print_user_config]   json = {\"train_micro_batch_size_per_gpu\": 4, \"gradient_accumulation_steps\": 8, \"bf16\": {\"enabled\": true}, \"zero_optimization\": {\"stage\": 2, \"overlap_comm\": false, \"contiguous_gradients\": true}, \"wall_clock_breakdown\": true, \"steps_per_print\": 50}" % iso_ms(add(start, 50)))
    t = add(start, 70)
    steps_at = []
    for step in range(50, 801, 50):
        hogged = t >= hog
        fwd = 412.0 * (1 + rng.uniform(-0.02, 0.02))
        bwd_inner = 830.0 * (1 + rng.uniform(-0.02, 0.02))
        allr = (95.0 if not hogged else 1590.0) * (1 + rng.uniform(-0.05, 0.05))
        stp = 61.0 * (1 + rng.uniform(-0.03, 0.03))
        per_step = 8 * (fwd + bwd_inner + allr) + stp
        t = add(t, per_step * 50 / 1000.0)
        out.append("node-17: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[1.9e-05], mom=[(0.9, 0.95)]" % (iso_ms(t), step))
        out.append("node-17: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f" % (
            iso_ms(t), fwd * 8, (bwd_inner + allr) * 8, bwd_inner * 8, allr * 8, stp))
        out.append("node-17: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd: %.2f | bwd: %.2f | bwd_inner: %.2f | bwd_allreduce: %.2f | step: %.2f" % (
            iso_ms(t), fwd * 8, (bwd_inner + allr) * 8, bwd_inner * 8, allr * 8, stp))
        out.append("node-17: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.2f, CurrSamplesPerSec=%.2f, MemAllocated=21.43GB, MaxMemAllocated=33.9GB" % (
            iso_ms(t), step * 8, step, 16 * 32 / ((per_step + 0) / 1000.0) * 0.98, 16 * 32 / (per_step / 1000.0)))
        steps_at.append((t, step))
    b.add("deepspeed-launcher.log", "\n".join(out))
    tt, tstep = [x for x in steps_at if x[0] > hog][3]

    # user's per-rank table (every rank prints its own timing to a file on its node)
    tab = {}
    for r in range(16):
        h = hosts[r // 4]
        slow = h == "node-19"
        data_ms = (640.0 + rng.uniform(-60, 60)) if slow else (31.0 + rng.uniform(-5, 5))
        fwd = (1190.0 + rng.uniform(-40, 40)) if slow else (415.0 + rng.uniform(-8, 8))
        line = "[%s] rank=%d step=%d data_wait_ms=%.1f fwd_ms=%.1f bwd_ms=%.1f allreduce_wait_ms=%.1f" % (
            iso_ms(tt), r, tstep, data_ms, fwd, 834.0 + rng.uniform(-10, 10), (12.0 + rng.uniform(0, 5)) if slow else (1410.0 + rng.uniform(-30, 30)))
        tab.setdefault(h, []).append(line)
    for h in hosts:
        b.add("%s/step_timing.log" % h, "\n".join(tab[h]))
    top = [
        "top - 09:41:17 up 41 days,  3:12,  1 user,  load average: 191.32, 184.77, 148.05",
        "Tasks: 1147 total,  12 running, 1135 sleeping,   0 stopped,   0 zombie",
        "%Cpu(s): 93.1 us,  5.2 sy,  0.0 ni,  0.9 id,  0.6 wa,  0.0 hi,  0.2 si,  0.0 st",
        "MiB Mem : 1031612.4 total, 402115.8 free, 231908.2 used, 397588.4 buff/cache",
        "MiB Swap:      0.0 total,      0.0 free,      0.0 used. 794223.1 avail Mem ",
        "",
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
        "2218841 root      20   0 5512304  88112   1840 R  6211   0.0  39:52.07 pigz",
        "2218839 root      20   0   43112   8132   2212 S  88.1   0.0   0:48.12 tar",
        "2131102 svc-tra+  20   0   96.2g  21.3g   1.9g S  74.2   2.1  98:11.44 python",
        "2131103 svc-tra+  20   0   96.1g  21.2g   1.9g S  71.0   2.1  97:40.02 python",
        "2131105 svc-tra+  20   0   96.3g  21.4g   1.9g S  70.4   2.1  97:22.91 python",
        "2131104 svc-tra+  20   0   96.1g  21.3g   1.9g S  69.8   2.1  96:58.37 python",
        "2131188 svc-tra+  20   0   12.1g   2.2g 211904 S  22.3   0.2  12:07.50 python",
        "   1844 root      20   0 2203104  61220  28116 S   1.3   0.0 133:01.77 dcgm-exporter"]
    b.add("node-19/top.txt", "\n".join(top))
    b.add("node-19/journal.txt", "\n".join([
        "Mar 19 08:59:58 node-19 systemd[1]: Starting Rotate log files...",
        "Mar 19 09:00:01 node-19 CRON[2218830]: (root) CMD (/usr/local/sbin/archive-scratch.sh --threads 0 /scratch/.archive >> /var/log/archive-scratch.log 2>&1)",
        "Mar 19 09:00:01 node-19 systemd[1]: logrotate.service: Deactivated successfully.",
        "Mar 19 09:00:01 node-19 systemd[1]: Finished Rotate log files.",
        "Mar 19 09:14:44 node-19 kernel: [3553210.114003] perf: interrupt took too long (5033 > 4950), lowering kernel.perf_event_max_sample_rate to 39500",
        "Mar 19 09:30:12 node-19 dcgm-exporter[1844]: time=\"2024-03-19T09:30:12Z\" level=info msg=\"Collecting metrics\""]))
    for h in ("node-17", "node-18", "node-20"):
        b.add("%s/top.txt" % h, "\n".join([
            "top - 09:41:19 up 41 days,  3:12,  0 users,  load average: 9.11, 9.04, 8.97",
            "Tasks: 1101 total,   5 running, 1096 sleeping,   0 stopped,   0 zombie",
            "%Cpu(s): 7.8 us,  1.1 sy,  0.0 ni, 90.9 id,  0.1 wa,  0.0 hi,  0.1 si,  0.0 st",
            "",
            "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
            "2130011 svc-tra+  20   0   96.2g  21.3g   1.9g R 101.0   2.1 115:11.04 python",
            "2130012 svc-tra+  20   0   96.2g  21.2g   1.9g R 100.7   2.1 114:58.20 python",
            "2130014 svc-tra+  20   0   96.1g  21.3g   1.9g R 100.3   2.1 114:49.66 python",
            "2130013 svc-tra+  20   0   96.1g  21.3g   1.9g R  99.7   2.1 114:40.81 python"]))
    b.write()
    return label("straggler", "infrastructure", "node-19", None, "restart_without_node",
                 "From 09:00 rank 0's wall-clock breakdown shows bwd_allreduce jumping ~16x while its own fwd and bwd_inner are unchanged (it is waiting); the per-rank timing files show only ranks 8-11 (node-19 per the launcher's global_rank_mapping) with huge data_wait/fwd times. node-19's top shows a root pigz/tar archive job (cron 09:00) eating ~62 cores: a foreign CPU hog on that node.",
                 "https://github.com/pytorch/pytorch/issues/117550")


# --------------------------------------------------------------------------------------------
def by04(root):
    b = Bundle(root)
    rng = rng_for("by04")
    hosts = ["a100-x12", "a100-x13"]
    cr = 10
    start = T(2024, 9, 3, 14, 20, 0)
    for mi, h in enumerate(hosts):
        L = ["+ accelerate launch --config_file fsdp_2node.yaml --machine_rank %d --main_process_ip a100-x12 --main_process_port 29511 train_fsdp.py" % mi]
        L.append("W%s 88012 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed." % glog(start)[1:])
        for lr in range(8):
            r = mi * 8 + lr
            L += ["Distributed environment: FSDP  Backend: nccl",
                  "Num processes: 16",
                  "Process index: %d" % r,
                  "Local process index: %d" % lr,
                  "Device: cuda:%d" % lr,
                  "",
                  "Mixed precision type: bf16",
                  ""]
        b.add("%s/accelerate-launch.log" % h, "\n".join(L))
    out = []
    t = add(start, 90)
    for step in range(100, 3001, 100):
        slow_phase = step > 1200
        p50 = 1.91 + rng.uniform(-0.02, 0.02)
        mx = (3.37 + rng.uniform(-0.05, 0.05)) if slow_phase else (1.97 + rng.uniform(-0.02, 0.02))
        t = add(t, mx * 100)
        if slow_phase:
            others = rng.sample([r for r in range(16) if r != cr], 2)
            slowest = "%d (%.2fs), %d (%.2fs), %d (%.2fs)" % (cr, mx, others[0], p50 + 0.05, others[1], p50 + 0.04)
        else:
            others = rng.sample(range(16), 3)
            slowest = ", ".join("%d (%.2fs)" % (o, mx - k * 0.02) for k, o in enumerate(others))
        out.append("%s | INFO | train_fsdp | step %d/20000 loss=%.4f lr=1.98e-05 tokens/s=%.0f" % (iso_ms(t), step, 1.92 - step * 0.00005 + rng.uniform(-0.01, 0.01), 16 * 8 * 4096 / mx))
        out.append("%s | INFO | rank_timer | fwd+bwd compute per rank over last 100 steps: p50=%.2fs max=%.2fs slowest ranks: %s" % (iso_ms(t), p50, mx, slowest))
    b.add("a100-x12/train.log", "\n".join(out))
    snap = T(2024, 9, 3, 16, 11, 40)
    rows = []
    procs = []
    for i in range(8):
        rows.append({"temp": 61 + i % 3, "pwr": 371 + i, "mem": 63110 + (14322 if i == 2 else 0), "util": 100})
        procs.append((i, 201330 + i, "/opt/conda/bin/python3.11", 63100))
    procs.insert(3, (2, 88412, "python", 14310))
    b.add("a100-x13/nvidia-smi.txt", nvsmi_table(snap, rows, procs, style="a100"))
    b.add("a100-x13/ps-88412.txt", "\n".join([
        "$ ps -o pid,user,lstart,etime,pcpu,cmd -p 88412",
        "    PID USER                      STARTED     ELAPSED %CPU CMD",
        "  88412 jlee     Tue Sep  3 11:02:27 2024    05:09:13 99.6 python sweep_worker.py --gpu 2 --trial 41",
        "",
        "$ cat /proc/88412/environ | tr '\\0' '\\n' | grep -E 'SLURM_JOB_ID|CUDA_VISIBLE'",
        "SLURM_JOB_ID=90021",
        "CUDA_VISIBLE_DEVICES=2",
        "",
        "$ sacct -j 90021 --format=JobID,User,State,End,NodeList",
        "JobID             User      State                 End        NodeList ",
        "------------ --------- ---------- ------------------- --------------- ",
        "90021             jlee  CANCELLED 2024-09-03T13:58:40        a100-x13 ",
        "",
        "$ tail -4 /home/jlee/sweeps/run7/worker-a100-x13-gpu2.log",
        "2024-09-03 13:57:02 trial 40: done val_acc=0.8121",
        "2024-09-03 13:57:03 waiting for next trial from queue redis://sweep-q:6379/7",
        "2024-09-03 15:01:48 trial 41: loading data",
        "2024-09-03 15:02:30 trial 41: epoch 0 step 0 (bs=512)"]))
    b.add("a100-x13/slurmd.log", "\n".join([
        "[2024-09-03T13:58:40.113] [90021.batch] error: *** JOB 90021 ON a100-x13 CANCELLED AT 2024-09-03T13:58:40 ***",
        "[2024-09-03T13:59:12.502] [90021.extern] error: proctrack_p_wait: Unable to destroy container 88377 in cgroup plugin, giving up after 32 sec",
        "[2024-09-03T13:59:12.503] [90021.extern] done with job",
        "[2024-09-03T14:19:51.007] [90118.batch] task/affinity: batch_bind: job 90118 CPU input mask for node: 0xFFFFFFFFFFFFFFFFFFFF",
        "[2024-09-03T14:19:51.010] [90118.batch] task/cgroup: _memcg_initialize: job: alloc=1024000MB mem.limit=1024000MB memsw.limit=unlimited"]))
    rows2 = [{"temp": 60 + i % 3, "pwr": 372 + i, "mem": 63110, "util": 100} for i in range(8)]
    procs2 = [(i, 199001 + i, "/opt/conda/bin/python3.11", 63100) for i in range(8)]
    b.add("a100-x12/nvidia-smi.txt", nvsmi_table(add(snap, 5), rows2, procs2, style="a100"))
    b.write()
    return label("straggler", "infrastructure", "a100-x13", cr, "restart_without_node",
                 "The rank timer names rank 10 as slowest in every window after step 1200; the accelerate state dump maps process index 10 to a100-x13 cuda:2, and nvidia-smi there shows a second process (PID 88412, leftover from cancelled job 90021 whose cgroup could not be destroyed) sharing GPU 2.",
                 "https://github.com/pytorch/pytorch/issues/23059")
