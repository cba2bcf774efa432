"""Slowdown / straggler cases."""
from lib import (Bundle, T, add, glog, pylog, bracket, syslog, dmesg_T, rng, nvsmi_table, PCI)


def megatron_iter(ts, it, total, ms, lr, loss, gbs, gn, tflops, nan=0, skipped=0, extra=""):
    return (" %s iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | "
            "lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations: %3d | "
            "number of nan iterations: %3d |%s" % (bracket(ts), it, total, it * gbs, ms, tflops, lr, gbs, loss, gn,
                                                   skipped, nan, extra))


# ---------------------------------------------------------------------------
def thermal_straggler(name):
    """One GPU hits HW thermal slowdown; Megatron straggler detector names its rank."""
    b = Bundle(name)
    r = rng(3701)
    nodes = ["hgx-c%02d" % i for i in range(1, 9)]
    bad_node, bad_gpu = "hgx-c05", 5
    bad_rank = nodes.index(bad_node) * 8 + bad_gpu
    t0 = T("2024-11-19 21:30:00")
    b.add("ticket.txt", [
        "PAGE #4411  Tue 2024-11-19 23:52 (UTC)  severity: low",
        "From: lm-pretrain team",
        "gpt-13b-pretrain (slurm job 881234, 8 nodes) is running but tokens/sec dropped by roughly a quarter",
        "some time Tuesday evening. No crash, loss looks normal. Can someone take a look before we burn the",
        "whole reservation at this speed? Attached slurm output, the straggler lines megatron prints, and the",
        "grafana export the dashboard gave me for the node that looked odd.",
    ])
    L = ["+ srun --label --nodes=8 --ntasks-per-node=1 bash launch.sh",
         "0: [launch] MASTER_ADDR=hgx-c01 MASTER_PORT=6000 NNODES=8 NODE_RANK=0",
         "0: using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 4, pipeline-model-parallel size: 2",
         "0: > initializing torch distributed ...",
         "0: > setting tensorboard ...",
         "0: [after dataloaders are built] datetime: 2024-11-19 11:02:51 ",
         "0: training ...",
         "0: [before the start of training step] datetime: 2024-11-19 11:02:51 "]
    it = 14000
    ts = t0
    while ts < T("2024-11-19 23:50:00"):
        slow = ts > T("2024-11-19 22:38:00")
        ms = (1870 + r.uniform(-25, 25)) if not slow else (2480 + r.uniform(-40, 60))
        tfl = 398.0 * 1870 / ms
        L.append("0: " + megatron_iter(ts, it, 250000, ms, 2.4e-4, 2.10 - (it - 14000) * 2e-6 + r.uniform(-0.03, 0.03),
                                         1024, r.uniform(0.18, 0.26), tfl))
        if it % 100 == 0:
            mx = bad_rank if slow else r.choice([3, 12, 44, 58])
            mxt = 89 if slow else 71
            clk = 1095 if slow else 1965
            L.append("0:  %s | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | "
                     "MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: 100%%/0 | "
                     "MnClk/Rnk: %dMHz/%d | MxClk/Rnk: 1980MHz/8 | MnDRtt/Rnk: 0.41ms/17 | MxDRtt/Rnk: 3.87ms/2 | "
                     "MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: 402.11TF/9"
                     % (bracket(ts), ms * 0.71, 20, ms * (0.99 if slow else 0.74), mx, 431 if slow else 598, mx,
                        699, 11, 58, 20, mxt, mx, 96 if slow else 99, mx, clk, mx, tfl * (0.75 if slow else 0.98), mx))
        ts = add(ts, ms * 20 / 1000.0)
        it += 20
    b.add("slurm-881234.out", L)
    # grafana/DCGM export for the node
    rows = ["Time,Hostname,gpu,DCGM_FI_DEV_SM_CLOCK,DCGM_FI_DEV_GPU_TEMP,DCGM_FI_DEV_POWER_USAGE,DCGM_FI_DEV_CLOCK_THROTTLE_REASONS,DCGM_FI_DEV_GPU_UTIL"]
    ts = T("2024-11-19 22:00:00")
    while ts <= T("2024-11-19 23:45:00"):
        for g in range(8):
            hot = g == bad_gpu and ts > T("2024-11-19 22:36:00")
            warm = g == bad_gpu
            temp = (88 + r.randint(0, 2)) if hot else (74 + r.randint(0, 4) if warm else 63 + r.randint(0, 6))
            clk = (1080 + r.randint(0, 40)) if hot else 1980 - r.choice([0, 0, 15, 30])
            pwr = (430 + r.uniform(0, 20)) if hot else 640 + r.uniform(-40, 55)
            thr = "72" if hot else r.choice(["0", "0", "0", "0", "4"])  # 0x48 = HW slowdown | HW thermal
            rows.append("%s,%s,%d,%d,%d,%.1f,%s,%d" % (ts.strftime("%Y-%m-%d %H:%M:%S"), bad_node, g, clk, temp, pwr, thr, 99 if not hot else 96))
        ts = add(ts, 300)
    b.add("grafana_export_%s.csv" % bad_node, rows)
    q = ["==============NVSMI LOG==============", "",
         "Timestamp                                 : Tue Nov 19 23:41:07 2024",
         "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "",
         "Attached GPUs                             : 8", "GPU 00000000:%s.0" % PCI[bad_gpu][5:].upper(),
         "    Product Name                          : NVIDIA H100 80GB HBM3",
         "    Performance State                     : P0",
         "    Clocks Event Reasons",
         "        Idle                              : Not Active",
         "        Applications Clocks Setting       : Not Active",
         "        SW Power Cap                      : Not Active",
         "        HW Slowdown                       : Active",
         "            HW Thermal Slowdown           : Active",
         "            HW Power Brake Slowdown       : Not Active",
         "        Sync Boost                        : Not Active",
         "        SW Thermal Slowdown               : Active",
         "        Display Clock Setting             : Not Active",
         "    Temperature",
         "        GPU Current Temp                  : 89 C",
         "        GPU T.Limit Temp                  : -3 C",
         "        GPU Shutdown T.Limit Temp         : -8 C",
         "        GPU Slowdown T.Limit Temp         : -2 C",
         "        GPU Max Operating T.Limit Temp    : 0 C",
         "        Memory Current Temp               : 81 C",
         "    Power Readings",
         "        Power Draw                        : 436.18 W",
         "        Current Power Limit               : 700.00 W",
         "    Clocks",
         "        Graphics                          : 1095 MHz",
         "        SM                                : 1095 MHz",
         "        Memory                            : 2619 MHz",
         "    Max Clocks",
         "        Graphics                          : 1980 MHz",
         "        SM                                : 1980 MHz"]
    b.add("%s/nvidia-smi-q-gpu%d.txt" % (bad_node, bad_gpu), q)
    b.add("%s/ipmi_sensor_fans.txt" % bad_node, [
        "FAN1_F           | 11760.000  | RPM        | ok",
        "FAN2_F           | 11640.000  | RPM        | ok",
        "FAN3_F           | 0.000      | RPM        | cr",
        "FAN4_F           | 11880.000  | RPM        | ok",
        "FAN5_F           | 11700.000  | RPM        | ok",
        "GPU_BASE_TEMP5   | 71.000     | degrees C  | nc",
        "INLET_TEMP       | 24.000     | degrees C  | ok"])
    b.add("hgx-c02/dmesg_tail.txt", [
        "%s NVRM: Xid (PCI:0000:3a:00): 13, pid=1884210, name=python3, Graphics Exception: ESR 0x514648=0x1000f 0x514650=0x0 0x51464c=0x0 0x514644=0x0" % dmesg_T(T("2024-11-16 09:14:55")),
        "%s NVRM: Xid (PCI:0000:3a:00): 43, pid=1884210, name=python3, Ch 00000008" % dmesg_T(T("2024-11-16 09:14:55")),
        "%s mlx5_core 0000:3b:00.0: mlx5_pcie_event:299:(pid 1103): PCIe slot advertised sufficient power (75W)." % dmesg_T(T("2024-11-19 08:01:13"))])
    b.label("straggler", "infrastructure", {"node": bad_node, "rank": bad_rank}, "restart_without_node",
            "Megatron's straggler lines name rank 37 (hgx-c05 GPU 5) as slowest with 89C and ~1.1 GHz SM clock since 22:38; DCGM and nvidia-smi -q show HW thermal slowdown active on that GPU and a dead chassis fan, so the node should be drained.",
            "https://github.com/tensorflow/tensorflow/issues/40042")
    return b


# ---------------------------------------------------------------------------
def ib_link_degraded(name):
    b = Bundle(name)
    r = rng(3702)
    nodes = ["dgx-b%02d" % i for i in range(1, 17)]
    bad = "dgx-b11"
    b.add("ticket.txt", [
        "PAGE #4398  Mon 2024-11-18 10:05 (US/Pacific)",
        "fsdp-7b-code run got requeued over the weekend onto a new allocation (16 nodes). Since then step time went",
        "from ~2.9s to ~5.6s. Same code, same config. I ran nccl-tests in pairs on the allocation this morning,",
        "output attached, plus ibstat from two of the boxes.",
    ])
    L = []
    ts = T("2024-11-16 22:10:00")
    step = 40100
    for k in range(40):
        slow = k >= 18
        if k == 18:
            L.append("%s | INFO | trainer | SIGTERM received (preemption), checkpoint saved at step %d" % (pylog(ts), step))
            ts = add(ts, 2700)
            L.append("%s | INFO | trainer | resumed from /ckpt/fsdp-7b-code/step_%d; world_size=128 nodes=%s" % (pylog(ts), step, "dgx-b[01-16]"))
        st = (5.62 + r.uniform(-0.1, 0.1)) if slow else (2.91 + r.uniform(-0.05, 0.05))
        L.append("%s | INFO | trainer | step %d | loss %.4f | lr 3.00e-04 | step_time %.2fs | tok/s/gpu %d | comm_wait %.2fs | mem 61.2GiB"
                 % (pylog(ts), step, 1.41 - k * 0.001 + r.uniform(-0.02, 0.02), st, int(4096 * 4 / st), (st - 2.35) if slow else 0.55 + r.uniform(-0.04, 0.04)))
        step += 50
        ts = add(ts, st * 50)
    b.add("dgx-b01/train_rank0.log", L)
    pairs = [("dgx-b01", "dgx-b02", 189.2), ("dgx-b03", "dgx-b04", 190.1), ("dgx-b05", "dgx-b11", 96.3),
             ("dgx-b06", "dgx-b07", 188.7), ("dgx-b11", "dgx-b12", 95.8), ("dgx-b08", "dgx-b09", 189.9),
             ("dgx-b13", "dgx-b14", 190.4), ("dgx-b10", "dgx-b15", 188.1), ("dgx-b16", "dgx-b01", 189.5)]
    N = ["# on-call: all_reduce_perf -b 1G -e 4G -f 2 -g 1, 2 nodes x 8 GPUs, NCCL_ALGO=Ring, 2024-11-18 09:40",
         "#"]
    for a, c, bw in pairs:
        N.append("# pair %s,%s" % (a, c))
        N.append("#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw   busbw #wrong")
        for sz in (1073741824, 2147483648, 4294967296):
            tt = sz / (bw * 1e9 * 16 / 15 / 2) * 1e6 / 1.0
            algbw = sz / tt / 1e3
            N.append("  %12d  %12d     float     sum      -1  %8.0f  %6.2f  %6.2f      0  %8.0f  %6.2f  %6.2f      0"
                     % (sz, sz // 4, tt, algbw, bw + r.uniform(-0.8, 0.8), tt * 1.01, algbw * 0.99, bw + r.uniform(-0.9, 0.5)))
        N.append("# Avg bus bandwidth    : %.3f" % (bw * 0.97))
        N.append("#")
    b.add("nccl_tests_pairs.txt", N)

    def ibstat(host, degraded_port):
        out = []
        for i in range(8):
            rate = 200
            phys = "LinkUp"
            if i == degraded_port:
                rate = 100
            out += ["CA 'mlx5_%d'" % i, "\tCA type: MT4123", "\tNumber of ports: 1", "\tFirmware version: 20.39.1002",
                    "\tHardware version: 0", "\tNode GUID: 0x%016x" % (0xb83fd20300a1c000 + i + (0x100 if host == bad else 0)),
                    "\tSystem image GUID: 0x%016x" % (0xb83fd20300a1c000 + (0x100 if host == bad else 0)),
                    "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: %s" % phys, "\t\tRate: %d" % rate,
                    "\t\tBase lid: %d" % (300 + i + (40 if host == bad else 0)), "\t\tLMC: 0", "\t\tSM lid: 1",
                    "\t\tCapability mask: 0xa651e848", "\t\tPort GUID: 0x%016x" % (0xb83fd20300a1c000 + i), "\t\tLink layer: InfiniBand"]
        return out
    b.add("%s/ibstat.txt" % bad, ibstat(bad, 3))
    b.add("dgx-b04/ibstat.txt", ibstat("dgx-b04", -1))
    b.add("%s/mlxlink_mlx5_3.txt" % bad, [
        "Operational Info", "----------------", "State                              : Active",
        "Physical state                     : LinkUp", "Speed                              : IB-HDR",
        "Width                              : 2x", "FEC                                : Standard LL RS-FEC - RS(271,257)",
        "Loopback Mode                      : No Loopback", "Auto Negotiation                   : ON", "",
        "Supported Info", "--------------", "Enabled Link Speed                 : 0x00000035 (HDR,EDR,FDR,SDR)",
        "Supported Cable Speed              : 0x0000003f (HDR,EDR,FDR,FDR10,QDR,SDR)", "",
        "Troubleshooting Info", "--------------------", "Status Opcode                      : 0",
        "Group Opcode                       : N/A", "Recommendation                     : No issue was observed",
        "", "Physical Counters and BER Info", "------------------------------",
        "Time Since Last Clear [Min]        : 2891.4", "Effective Physical Errors          : 0",
        "Effective Physical BER             : 15E-255", "Raw Physical Errors Per Lane       : 0,0,81234,77012",
        "Raw Physical BER                   : 3E-9", "Link Down Counter                  : 3", "Link Error Recovery Counter        : 0"])
    b.add("%s/dmesg_tail.txt" % bad, [
        "%s mlx5_core 0000:5e:00.0: mlx5_port_module_event:1166:(pid 0): Port module event: module 3, Cable plugged" % dmesg_T(T("2024-11-15 14:22:08")),
        "%s mlx5_core 0000:5e:00.0 ibp94s0: Link down" % dmesg_T(T("2024-11-16 03:11:47")),
        "%s mlx5_core 0000:5e:00.0 ibp94s0: Link up" % dmesg_T(T("2024-11-16 03:11:51")),
        "%s nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing" % dmesg_T(T("2024-11-16 22:57:02"))])
    b.label("straggler", "infrastructure", {"node": bad}, "restart_without_node",
            "Every nccl-tests pair that includes dgx-b11 reaches only ~96 GB/s busbw versus ~190 GB/s elsewhere; ibstat/mlxlink show its mlx5_3 port trained at Rate 100 / width 2x after link flaps, so that node throttles every ring and should be excluded.",
            "https://github.com/NVIDIA/nccl-tests/issues/106")
    return b


# ---------------------------------------------------------------------------
def silent_straggler(name):
    b = Bundle(name)
    r = rng(3703)
    nodes = ["k8s-h100-%02d" % i for i in (4, 7, 9, 13)]
    bad_node, bad_rank = "k8s-h100-07", 13
    b.add("ticket.txt", [
        "Slack #gpu-oncall  Wed 2024-11-20 14:12 CET",
        "llama3-8b-sft PyTorchJob (4 workers x 8) runs ~15% slower than the identical job last week. Our per-rank timing",
        "callback says the same rank is always the last to arrive at the gradient reduce. Nothing in the logs. Table",
        "and node describe attached; DCGM dashboard looked flat to me.",
    ])
    hdr = "step,rank,pod,node,fwd_ms,bwd_ms,optim_ms,data_wait_ms,allreduce_wait_ms,step_ms"
    rows = [hdr]
    for step in range(2000, 2201, 50):
        for rk in range(32):
            n = nodes[rk // 8]
            slow = rk == bad_rank
            f = 212 + r.uniform(-4, 4) + (33 if slow else 0)
            bw = 431 + r.uniform(-7, 7) + (66 if slow else 0)
            o = 38 + r.uniform(-2, 2)
            d = 3 + r.uniform(0, 2)
            aw = 6 + r.uniform(0, 3) if slow else 101 + r.uniform(-6, 6)
            rows.append("%d,%d,llama3-8b-sft-worker-%d,%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f" % (step, rk, rk // 8, n, f, bw, o, d, aw, f + bw + o + d + aw + 19))
    b.add("rank_timing_steps2000-2200.csv", rows)
    for w, n in enumerate(nodes):
        L = []
        ts = T("2024-11-20 12:40:03.101")
        for step in range(1900, 2210, 10):
            L.append("[rank%d]:[titan] %s - root - INFO - step: %4d  loss: %7.4f  memory: 58.31GiB(73.67%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
                     % (w * 8, pylog(ts), step, 1.32 - (step - 1900) * 1e-4 + r.uniform(-0.02, 0.02), "{:,}".format(int(6120 + r.uniform(-60, 60))), 357.1 + r.uniform(-3, 3), 36.11 + r.uniform(-0.3, 0.3)))
            ts = add(ts, 8.1)
        if w == 0:
            L.insert(0, "[rank0]:[titan] 2024-11-20 12:39:41,887 - root - WARNING - 32 CUDA memory allocation retries.")
        b.add("pods/llama3-8b-sft-worker-%d.log" % w, L)
    dc = ["# Grafana export: DCGM exporter, job=llama3-8b-sft, 2024-11-20 13:00-14:00 CET, 5m avg",
          "node,gpu,sm_clock_mhz,mem_clock_mhz,temp_c,power_w,throttle_reasons,xid_last,ecc_sbe_volatile,pcie_replay,nvlink_crc_total"]
    for n in nodes:
        for g in range(8):
            dc.append("%s,%d,%d,2619,%d,%d,0x0,0,0,0,0" % (n, g, 1980 - r.choice([0, 0, 15]), 58 + r.randint(0, 9), 612 + r.randint(-30, 40)))
    b.add("grafana_dcgm_summary.csv", dc)
    b.add("kubectl_describe_node_%s.txt" % bad_node, [
        "Name:               %s" % bad_node, "Roles:              <none>",
        "Labels:             nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3",
        "                    nvidia.com/gpu.count=8", "                    topology.kubernetes.io/zone=rack-b",
        "Taints:             <none>", "Conditions:",
        "  Type                 Status  LastHeartbeatTime                 Reason                       Message",
        "  ----                 ------  -----------------                 ------                       -------",
        "  MemoryPressure       False   Wed, 20 Nov 2024 14:05:12 +0100   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        "  DiskPressure         False   Wed, 20 Nov 2024 14:05:12 +0100   KubeletHasNoDiskPressure     kubelet has no disk pressure",
        "  PIDPressure          False   Wed, 20 Nov 2024 14:05:12 +0100   KubeletHasSufficientPID      kubelet has sufficient PID available",
        "  Ready                True    Wed, 20 Nov 2024 14:05:12 +0100   KubeletReady                 kubelet is posting ready status",
        "  GpuXidHealthy        True    Wed, 20 Nov 2024 14:04:55 +0100   NoXidErrors                  no Xid in last 24h",
        "Allocated resources:", "  Resource           Requests      Limits", "  cpu                180 (93%)     180 (93%)",
        "  memory             1600Gi (78%)  1600Gi (78%)", "  nvidia.com/gpu     8             8",
        "Events:             <none>"])
    b.label("straggler", "infrastructure", {"node": bad_node, "rank": bad_rank}, "run_diagnostics",
            "Rank 13 (worker-1 on k8s-h100-07) is consistently ~100 ms slower in forward/backward and never waits at the all-reduce while everyone else waits on it; clocks, temperatures, ECC, PCIe and NVLink counters look normal, so nothing explains it yet and the node needs diagnostics.",
            "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return b


# ---------------------------------------------------------------------------
def power_brake(name):
    b = Bundle(name)
    r = rng(3704)
    nodes = ["h100-r2-n%d" % i for i in range(1, 5)]
    bad = "h100-r2-n3"
    b.add("ticket.txt", [
        "PAGE #4420  Wed 2024-11-20 06:31 UTC",
        "nemo-gpt-20b (4 nodes) MFU fell from ~41% to ~29% at about 04:50 and stayed there. Attached the NeMo",
        "console of every node and what the node health script collected on the nodes overnight.",
    ])
    for i, n in enumerate(nodes):
        L = []
        ts = T("2024-11-20 04:20:00")
        gs = 51200
        while ts < T("2024-11-20 06:20:00"):
            slow = ts > T("2024-11-20 04:49:30")
            stt = (5.91 + r.uniform(-0.05, 0.08)) if slow else (4.18 + r.uniform(-0.04, 0.04))
            if i == 0:
                L.append("Epoch 0: : %d/500000 [...] reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.2f, val_loss=2.212"
                         % (gs, 2.19 + r.uniform(-0.03, 0.03), gs - 1, gs * 512, stt))
            gs += 25
            ts = add(ts, stt * 25)
        L.insert(0, "[NeMo I 2024-11-20 02:10:41 nemo_logging:393] Rank %d has data parallel group : %s" % (i * 8, [i * 8 + k for k in range(0, 8)]))
        L.insert(0, "[NeMo W 2024-11-20 02:10:39 nemo_logging:405] The number of nodes is not a power of 2; apex fused layer norm kernels may be slower")
        if i == 2:
            L.append("[NeMo W 2024-11-20 04:51:12 nemo_logging:405] PerfMonitor: node-local step time above rolling median by 41.2% (8/8 local ranks)")
        b.add("%s/nemo_console.log" % n, L)
    q = ["Timestamp                                 : Wed Nov 20 05:02:19 2024"]
    for g in range(8):
        q += ["", "GPU 00000000:%s.0" % PCI[g][5:].upper(),
              "    Performance",
              "        Clocks Event Reasons",
              "            Idle                              : Not Active",
              "            Applications Clocks Setting       : Not Active",
              "            SW Power Cap                      : Not Active",
              "            HW Slowdown                       : Active",
              "                HW Thermal Slowdown           : Not Active",
              "                HW Power Brake Slowdown       : Active",
              "            Sync Boost                        : Not Active",
              "            SW Thermal Slowdown               : Not Active",
              "            Display Clock Setting             : Not Active",
              "        Sparse Operation Mode                 : N/A"]
    b.add("%s/nvidia-smi-q-d-PERFORMANCE.txt" % bad, q)
    q2 = ["Timestamp                                 : Wed Nov 20 05:02:21 2024"]
    for g in range(8):
        q2 += ["", "GPU 00000000:%s.0" % PCI[g][5:].upper(), "    Performance", "        Clocks Event Reasons",
               "            Idle                              : Not Active",
               "            SW Power Cap                      : %s" % ("Active" if g == 6 else "Not Active"),
               "            HW Slowdown                       : Not Active",
               "                HW Thermal Slowdown           : Not Active",
               "                HW Power Brake Slowdown       : Not Active",
               "            SW Thermal Slowdown               : Not Active"]
    b.add("h100-r2-n2/nvidia-smi-q-d-PERFORMANCE.txt", q2)
    b.add("%s/ipmitool_sel_elist.txt" % bad, [
        "  1a3 | 11/14/2024 | 17:21:09 | System Event #0x83 | Timestamp Clock Sync | Asserted",
        "  1a4 | 11/20/2024 | 04:49:18 | Power Supply PSU2_Status | Power Supply AC lost | Asserted",
        "  1a5 | 11/20/2024 | 04:49:18 | Power Supply PSU_Redundancy | Redundancy Lost | Asserted",
        "  1a6 | 11/20/2024 | 04:49:19 | Power Unit PWR_CAP | Power limit exceeded | Asserted",
        "  1a7 | 11/20/2024 | 04:49:20 | OEM #0xe1 | GPU power brake | Asserted"])
    b.add("h100-r2-n1/dmesg_tail.txt", [
        "%s nvidia-fs: module verification failed: signature and/or required key missing - tainting kernel" % dmesg_T(T("2024-11-14 17:22:40")),
        "%s NVRM: GPU at PCI:0000:9a:00: GPU-1b6f0c2e-7a1d-88e1-90f2-4d5e7b9e1c01" % dmesg_T(T("2024-11-18 10:02:11")),
        "%s NVRM: Xid (PCI:0000:9a:00): 31, pid=2231108, name=pt_main_thread, Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC1 GPCCLIENT_T1_7 faulted @ 0x7f1d_e2000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % dmesg_T(T("2024-11-18 10:02:11"))])
    b.label("straggler", "infrastructure", {"node": bad}, "restart_without_node",
            "The slowdown starts at 04:49:30, seconds after h100-r2-n3's BMC logged PSU2 AC loss and a GPU power-brake event; all eight of its GPUs show HW Power Brake Slowdown active, so the whole node runs slow and holds everyone back.",
            "https://github.com/leptonai/gpud/pull/331")
    return b


# ---------------------------------------------------------------------------
def pcie_downtrained(name):
    b = Bundle(name)
    r = rng(3705)
    nodes = ["gpu-v%02d" % i for i in (2, 3, 4, 5, 6, 7)]
    bad, bad_gpu = "gpu-v07", 2
    bad_rank = nodes.index(bad) * 4 + bad_gpu
    b.add("ticket.txt", [
        "Ticket HPC-20931  Thu 2024-11-21  (vision group)",
        "Our ViT-H/14 run on 6 nodes x 4 A100 is at ~60% of the it/s it had on the same partition last month.",
        "We already checked the dataloader (data_time is tiny). On-call asked for dcgmi diag on two nodes; results",
        "attached together with the lightning logs.",
    ])
    for i, n in enumerate(nodes):
        L = ["Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/24" % (i * 4 + k, i * 4 + k + 1) for k in range(4)]
        if i == 0:
            L += ["----------------------------------------------------------------------------------------------------",
                  "distributed_backend=nccl", "All distributed processes registered. Starting with 24 processes",
                  "----------------------------------------------------------------------------------------------------",
                  "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]",
                  "  | Name      | Type              | Params | Mode ", "0 | model     | VisionTransformer | 632 M  | train",
                  "1 | criterion | SoftTargetCE      | 0      | train"]
            for e in range(3):
                its = 1.62 + r.uniform(-0.02, 0.02)
                L.append("Epoch %d: 100%%|##########| 5338/5338 [%02d:%02d:%02d<00:00, %.2fit/s, v_num=41, loss=%.3f, data_time=0.004, batch_time=%.3f]"
                         % (e, int(5338 / its) // 3600, int(5338 / its) % 3600 // 60, int(5338 / its) % 60, its, 3.91 - e * 0.3, 1 / its))
        b.add("%s/lightning.out" % n, L)
    b.add("%s/dcgmi_diag_r3.txt" % bad, [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 535.183.06                                     |",
        "| GPU Device IDs Detected   | 20b2,20b2,20b2,20b2                            |",
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
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - GPUs: 0, 1, 3                           |",
        "|                           | Fail - GPU: 2                                  |",
        "| Warning                   | GPU 2 GPU to Host bandwidth 2.91 GB/s is below |",
        "|                           |  minimum 18.00 GB/s. Check PCIe link; GPU lin |",
        "|                           | k is Gen1 x16 (max Gen4 x16).                  |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - All                                     |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - All                                     |",
        "| Targeted Power            | Pass - All                                     |",
        "| Memory Bandwidth          | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+"])
    ok = []
    for line in ["Successfully ran diagnostic for group.", "+-----  Integration  -------+------------------------------------------------+",
                 "| PCIe                      | Pass - All                                     |",
                 "+-----  Hardware  ----------+------------------------------------------------+",
                 "| GPU Memory                | Pass - All                                     |",
                 "+-----  Stress  ------------+------------------------------------------------+",
                 "| Targeted Stress           | Pass - All                                     |",
                 "| Targeted Power            | Pass - All                                     |",
                 "| Memory Bandwidth          | Pass - All                                     |",
                 "+---------------------------+------------------------------------------------+"]:
        ok.append(line)
    b.add("gpu-v04/dcgmi_diag_r3.txt", ok)
    b.add("%s/nvidia-smi-q-d-PCIE-gpu%d.txt" % (bad, bad_gpu), [
        "GPU 00000000:%s.0" % PCI[bad_gpu][5:].upper(), "    PCI",
        "        GPU Link Info", "            PCIe Generation", "                Max                       : 4",
        "                Current                   : 1", "                Device Current            : 1",
        "                Device Max                : 4", "                Host Max                  : 4",
        "            Link Width", "                Max                       : 16x", "                Current                   : 16x",
        "        Replays Since Reset               : 1184", "        Replay Number Rollovers           : 0",
        "        Tx Throughput                     : 412 KB/s", "        Rx Throughput                     : 988 KB/s"])
    b.add("%s/dmesg_tail.txt" % bad, [
        "%s pcieport 0000:30:01.0: AER: Corrected error received: 0000:31:00.0" % dmesg_T(T("2024-11-12 03:11:40")),
        "%s nvidia 0000:31:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % dmesg_T(T("2024-11-12 03:11:40")),
        "%s nvidia 0000:31:00.0:    [ 0] RxErr                  (First)" % dmesg_T(T("2024-11-12 03:11:40")),
        "%s pcieport 0000:30:01.0: broken device, retraining non-functional downstream link at 2.5GT/s" % dmesg_T(T("2024-11-12 03:11:41"))])
    b.label("straggler", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "dcgmi diag fails the PCIe test only for GPU 2 on gpu-v07 (2.9 GB/s, link retrained to Gen1 after AER errors) while the other node passes; that GPU (rank 22) drags every synchronous step, so the node should be drained.",
            "https://github.com/IBM/autopilot/issues/68")
    return b
