"""Straggler / slowdown cases l11-l20."""
import json
from common import (Bundle, T, add, glog, pylog, iso, dmesg_T, dmesg_up, journal, bracket,
                    benign_dmesg, smi_table, smi_q, BUS_IDS)
from trainlog import megatron_iters, hf_trainer_steps, titan_steps


def lspci_gpu(bus, cur_speed="32GT/s", cur_width="x16", down=False):
    return ["%s 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev a1)" % bus,
            "\tSubsystem: NVIDIA Corporation Device 16c1",
            "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+",
            "\tCapabilities: [68] Express (v2) Endpoint, MSI 00",
            "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported",
            "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+",
            "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
            "\t\tLnkSta:\tSpeed %s%s, Width %s%s" % (cur_speed, " (downgraded)" if down else "", cur_width, " (downgraded)" if down else ""),
            "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
            "\t\tLnkCtl2: Target Link Speed: 32GT/s, EnterCompliance- SpeedDis-",
            ""]


def l11():
    b = Bundle("l11_iteration_time_up_40_percent_since_tuesday")
    nodes = ["gpu-node-003", "gpu-node-008", "gpu-node-011", "gpu-node-019"]
    gpn, bad = 8, 19
    t0 = T(2024, 8, 6, 14, 0, 0)
    lines = ["INFO:megatron.training:> building train, validation, and test datasets ..."]
    it1, t1 = megatron_iters(t0, 12000, 10, 2910.0, b.rng, every=10)
    lines += it1
    tt = t1
    for k in range(6):
        tt = add(tt, 41.0)
        lines.append(" 0: INFO:megatron.core.utils:[%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: 99%%/%d | MxUtl/Rnk: 100%%/0 | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: 1980MHz/0 | MnDRtt/Rnk: 0.61ms/%d | MxDRtt/Rnk: 1480.22ms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d"
                     % (tt.strftime("%Y-%m-%d %H:%M:%S"), 4061.2 + k, 3 + k % 4, 4079.9 + k, 28, 402113, bad, 688020, 9, 51, 4, 88 - (k % 2), bad, 12 + k % 3,
                        1395 - 5 * (k % 3), bad, bad, 24 + k % 3, 411.3 + k, bad, 597.8 + k * 0.1, 6 + k % 2))
        lines.append(" 0: INFO:megatron.core.utils:[%s] | Bottom 3 Ranks with lowest  Etpt(TF): %.2f/%d, 596.10/%d, 596.44/%d" % (tt.strftime("%Y-%m-%d %H:%M:%S"), 411.3 + k, bad, 30, 2))
    it2, _ = megatron_iters(add(tt, 1), 12160, 6, 4071.0, b.rng, every=10)
    lines += it2
    for ni, h in enumerate(nodes):
        if ni == 0:
            b.put("%s/megatron_rank0.log" % h, lines)
        per = {}
        if ni == 2:
            per[3] = {"reasons": {"hw": True, "hw_thermal": True}, "temp": 88, "sm_clock": 1395, "power_draw": 402.0}
        b.put("%s/nvidia-smi-q.log" % h, smi_q(add(tt, 30), {i: per.get(i, {"temp": 50 + i, "power_draw": 680.0 - i}) for i in range(gpn)}))
        b.put("%s/dmesg.txt" % h, benign_dmesg(b.rng, T(2024, 8, 1, 2, 0, 0), t0, h, style="T"))
    b.set_label("straggler", "infrastructure", {"node": "gpu-node-011", "rank": 19}, "restart_without_node",
                "Megatron's straggler detector repeatedly names rank 19 as lowest throughput, lowest clock and hottest GPU after iteration time rose from ~2.9 s to ~4.1 s; rank 19 is local GPU 3 on gpu-node-011, whose nvidia-smi shows HW Thermal Slowdown active at 88 C and 1395 MHz.",
                "https://github.com/NVIDIA/Megatron-LM/blob/main/megatron/core/utils.py")
    return b


def l12():
    b = Bundle("l12_deepspeed_run_half_speed_after_node_swap")
    nodes = ["worker-0", "worker-1", "worker-2"]
    gpn, bad = 4, 6
    t0 = T(2024, 10, 22, 16, 5, 0)
    for ni, h in enumerate(nodes):
        lines = []
        for s in range(6):
            ts = add(t0, s * 2.6)
            for lr in range(gpn):
                r = ni * gpn + lr
                slow = r == bad
                fwd = (412.0 if not slow else 905.0) + b.rng.uniform(-4, 4)
                bwi = (690.0 if not slow else 1490.0) + b.rng.uniform(-6, 6)
                bwa = (1330.0 if not slow else 92.0) + b.rng.uniform(-10, 10)
                lines.append("[%s] [INFO] [logging.py:128:log_dist] [Rank %d] rank=%d time (ms) | forward: %.2f | backward: %.2f | backward_inner: %.2f | backward_allreduce: %.2f | step: %.2f"
                             % (ts.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % (b.rng.randint(0, 999)), r, r, fwd, bwi + bwa, bwi, bwa, 38.0 + b.rng.uniform(-1, 1)))
        b.put("%s/deepspeed_stdout.log" % h, lines)
        gp = [{"idx": i, "temp": 60, "power": 610, "cap": 700, "mem": 61230, "util": 100} for i in range(gpn)]
        procs = [(i, 31000 + i, "/opt/conda/bin/python -u train_ds.py", 60800) for i in range(gpn)]
        if ni == 1:
            procs.append((2, 99112, "/home/jdoe/.venv/bin/python sweep_eval.py", 9020))
            gp[2]["mem"] = 70250
        b.put("%s/nvidia-smi.out" % h, smi_table(add(t0, 20), gp, procs, model="NVIDIA A100-SXM4-80GB"))
        ps = ["USER       PID %CPU %MEM COMMAND"]
        for i in range(gpn):
            ps.append("svc_ml   %d 102.3  3.1 /opt/conda/bin/python -u train_ds.py --local_rank=%d" % (31000 + i, i))
        if ni == 1:
            ps.append("jdoe     99112 99.8  1.2 /home/jdoe/.venv/bin/python sweep_eval.py --device cuda:2")
        b.put("%s/ps_aux.txt" % h, ps)
    b.set_label("straggler", "infrastructure", {"node": "worker-1", "rank": 6}, "restart_without_node",
                "DeepSpeed's wall-clock breakdown shows rank 6 with twice the forward and backward_inner time while every other rank spends ~1.3 s waiting in backward_allreduce; rank 6 is GPU 2 on worker-1, where nvidia-smi and ps show another user's sweep_eval.py process sharing that GPU.",
                "https://github.com/deepspeedai/DeepSpeed/issues/1436")
    return b


def l13():
    b = Bundle("l13_all_nodes_crawling_after_midnight")
    nodes = ["a100-01", "a100-02", "a100-05", "a100-06"]
    t0 = T(2024, 1, 30, 23, 40, 0)
    tslow = T(2024, 1, 31, 0, 12, 0)
    for ni, h in enumerate(nodes):
        lines = []
        if ni == 0:
            l1, t1 = hf_trainer_steps(t0, 4000, 16, 1.2, b.rng, total=30000)
            lines += l1
            l2, _ = hf_trainer_steps(t1, 4160, 6, 7.4, b.rng, total=30000)
            lines += l2
        for r4 in range(4):
            r = ni * 4 + r4
            for k in range(3):
                ts = add(tslow, 300 + k * 74)
                lines.append("%s - data_timer - INFO - rank=%d step=%d data_wait=%.2fs compute=%.2fs" % (pylog(ts), r, 4200 + k * 10, 6.1 + b.rng.uniform(-0.3, 0.3), 1.15 + b.rng.uniform(-0.02, 0.02)))
        b.put("%s/trainer.log" % h, lines)
        boot = T(2024, 1, 20, 10, 0, 0)
        dm = benign_dmesg(b.rng, boot, t0, h, style="T")
        for k in range(4):
            dm.append(dmesg_T(add(tslow, -30 + k * 180 + ni)) + " nfs: server nas-ds01 not responding, still trying")
        dm.append(dmesg_T(add(tslow, 800 + ni)) + " nfs: server nas-ds01 OK")
        dm.append(dmesg_T(add(tslow, 860 + ni)) + " nfs: server nas-ds01 not responding, still trying")
        b.put("%s/dmesg.txt" % h, dm)
        io = ["Device            r/s     rMB/s   r_await  %%util", "nfs: /datasets on nas-ds01:/export/datasets",
              "   ops/s      rpc bklog", "   %.1f       %.2f" % (14.2 + ni, 211.0 + ni * 3),
              "read:   ops/s    kB/s   kB/op  retrans  avg RTT (ms)  avg exe (ms)",
              "        %.1f   %.1f   512.0   %d (%.1f%%)  %.1f   %.1f" % (13.8 + ni, 7065.6 + ni * 10, 40 + ni, 2.1, 1840.0 + ni * 12, 1902.0 + ni * 9)]
        b.put("%s/nfsiostat.txt" % h, io)
    b.set_label("storage", "infrastructure", None, "restart",
                "Step time rose from ~1.2 s to ~7.4 s at the same moment on every node and every rank spends ~6 s per step waiting for data with unchanged compute; all four nodes log 'nfs: server nas-ds01 not responding' with ~1.8 s read RTT. The shared dataset storage is slow, no node stands out.",
                "https://github.com/horovod/horovod/issues/824")
    return b


def l14():
    b = Bundle("l14_tokens_per_second_dropped_no_errors_anywhere")
    nodes = ["n%02d" % i for i in (21, 22, 24, 27, 30)]
    gpn, bad = 8, 37
    t0 = T(2024, 12, 3, 8, 0, 0)
    for ni, h in enumerate(nodes):
        recs = []
        for s in range(5):
            step = 8800 + s * 50
            ts = add(t0, s * 50 * 2.25)
            for lr in range(gpn):
                r = ni * gpn + lr
                slow = r == bad
                fb = (1610 if not slow else 2230) + b.rng.randint(-12, 12)
                cw = (640 if not slow else 25) + b.rng.randint(-10, 10)
                recs.append(json.dumps({"ts": iso(add(ts, lr * 0.003)), "step": step, "rank": r, "host": h,
                                        "fwd_bwd_ms": fb, "comm_wait_ms": cw, "optim_ms": 41, "data_ms": 3,
                                        "step_ms": 2290 + b.rng.randint(-5, 5)}, sort_keys=True))
        b.put("%s/metrics/step_metrics.jsonl" % h, recs)
        per = {}
        if h == "n24":
            per[5] = {"vol_cor": 2}
        b.put("%s/nvidia-smi-q.txt" % h, smi_q(add(t0, 700), {i: per.get(i, {"power_draw": 655.0 + i}) for i in range(gpn)}))
        b.put("%s/dmesg.txt" % h, benign_dmesg(b.rng, T(2024, 11, 29, 5, 0, 0), t0, h, style="up", corrected_ecc=(h == "n24")))
    b.set_label("straggler", "infrastructure", {"node": "n30", "rank": 37}, "run_diagnostics",
                "In the per-rank step metrics rank 37 (n30, local 5) needs ~2.23 s of forward/backward against ~1.61 s on every other rank, which all wait ~0.64 s for it in communication; no throttle, ECC, process or kernel evidence exists on n30 (the corrected ECC counts on n24 are unrelated), so the node needs diagnostics.",
                "https://nvidia.github.io/nvidia-resiliency-ext/straggler_det/usage_guide.html")
    return b


def l15():
    b = Bundle("l15_lightning_epoch_takes_3x_longer_on_new_allocation")
    nodes = ["ws-gpu-a", "ws-gpu-b", "ws-gpu-c"]
    gpn = 4
    t0 = T(2024, 5, 14, 10, 0, 0)
    for ni, h in enumerate(nodes):
        prof = ["FIT Profiler Report", "",
                "-" * 100,
                "|  Action                                                  |  Mean duration (s)  |  Num calls  |  Total time (s)  |  Percentage %  |",
                "-" * 100,
                "|  Total                                                   |  -                  |  52117      |  7411.2          |  100 %         |",
                "-" * 100,
                "|  run_training_epoch                                      |  2460.1             |  3          |  7380.3          |  99.583        |",
                "|  run_training_batch                                      |  2.3811             |  3000       |  7143.3          |  96.385        |",
                "|  [LightningModule]LitGPT.optimizer_step                  |  2.3790             |  3000       |  7137.0          |  96.301        |",
                "|  [Strategy]DDPStrategy.backward                          |  %.4f             |  3000       |  %.1f          |  %.3f        |" % (2.01 if True else 0, 2.01 * 3000, 81.4),
                "|  [Strategy]DDPStrategy.training_step                     |  0.3311             |  3000       |  993.3           |  13.403        |",
                "|  [_TrainingEpochLoop].train_dataloader_next              |  0.0031             |  3000       |  9.3             |  0.125         |",
                "-" * 100]
        b.put("%s/lightning_logs/version_7/fit-profiler-%s.txt" % (h, h), prof)
        et = ["Settings for ens3f0np0:", "\tSupported link modes:   25000baseCR/Full", "\t                        100000baseCR4/Full",
              "\tAdvertised auto-negotiation: Yes",
              "\tSpeed: %s" % ("25000Mb/s" if h == "ws-gpu-b" else "100000Mb/s"), "\tDuplex: Full",
              "\tAuto-negotiation: on", "\tPort: Direct Attach Copper", "\tLink detected: yes"]
        b.put("%s/ethtool_ens3f0np0.txt" % h, et)
        nc = ["%s:%d:%d [0] NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin." % (h, 1201, 1201),
              "%s:%d:%d [0] NCCL INFO NET/IB : No device found." % (h, 1201, 1201),
              "%s:%d:%d [0] NCCL INFO NET/Socket : Using [0]ens3f0np0:192.168.40.%d<0>" % (h, 1201, 1201, 11 + ni),
              "%s:%d:%d [0] NCCL INFO Using network Socket" % (h, 1201, 1201)]
        if ni == 0:
            nc += ["%s - INFO - Epoch 0: 100%%|##########| 1000/1000 [39:41<00:00, 2.38s/it, v_num=7, train_loss=3.12]" % pylog(add(t0, 2381)),
                   "%s - INFO - previous allocation (version_6, nodes ws-gpu-a,ws-gpu-c,ws-gpu-d): 0.79s/it" % pylog(add(t0, 2382))]
        b.put("%s/fit.log" % h, nc)
        sar = ["Average:        IFACE   rxpck/s   txpck/s    rxkB/s    txkB/s   %ifutil",
               "Average:    ens3f0np0  %8.1f  %8.1f  %9.1f  %9.1f  %6.2f" % (201000.0, 199500.0, (3051000.0 if h == "ws-gpu-b" else 3049000.0), (3052000.0 if h == "ws-gpu-b" else 3050000.0), (99.8 if h == "ws-gpu-b" else 24.9))]
        b.put("%s/sar_net.txt" % h, sar)
    b.set_label("straggler", "infrastructure", {"node": "ws-gpu-b", "rank": None}, "restart_without_node",
                "The job uses NCCL over TCP sockets and every rank spends ~2 s per step in the DDP backward (all-reduce), 3x the previous allocation; ws-gpu-b, new in this allocation, has its 100G NIC negotiated at 25000Mb/s and saturated at 99.8% while the other nodes' NICs sit at 25%, so that node's link throttles everyone.",
                "https://github.com/NVIDIA/nccl-tests/issues/106")
    return b


def l16():
    b = Bundle("l16_all_grads_sync_time_jumped_on_128_gpu_run")
    nodes = ["hpc-%s" % x for x in ("k01", "k02", "k03", "k04", "k07", "k08", "k09", "k10", "k12", "k13", "k14", "k15", "k16", "k17", "k18", "k20")]
    t0 = T(2025, 2, 4, 7, 30, 0)
    lines = []
    it, tt = megatron_iters(t0, 3000, 4, 3650.0, b.rng, every=10)
    lines += it
    for k in range(4):
        tt = add(tt, 36.5)
        lines += ["(min, max) time across ranks (ms):",
                  "    forward-backward ...............................: (%.2f, %.2f)" % (3602.1 + k, 3606.9 + k),
                  "    forward-compute ................................: (1180.22, 1194.31)",
                  "    backward-compute ...............................: (1301.40, 1322.87)",
                  "    all-grads-sync .................................: (%.2f, %.2f)" % (1012.3 + k, 1029.8 + k),
                  "    params-all-gather ..............................: (%.2f, %.2f)" % (201.5, 210.2),
                  "    optimizer ......................................: (44.10, 45.02)"]
    lines.append("# baseline from job 80211 (same config, 2025-01-28): all-grads-sync (min,max) = (288.4, 301.2), elapsed time per iteration 2.9 s")
    for ni, h in enumerate(nodes):
        if ni == len(nodes) - 1:
            b.put("%s/megatron_last_rank.log" % h, lines)
        ibs = []
        for k in range(8):
            dev = "mlx5_%d" % k
            deg = (h == "hpc-k09" and k == 5)
            ibs += ["Infiniband device '%s' port 1 status:" % dev,
                    "\tdefault gid:\t fe80:0000:0000:0000:a088:c203:00%02x:%04x" % (ni, 0x1a2b + k),
                    "\tbase lid:\t 0x%x" % (0x40 + ni * 8 + k), "\tsm lid:\t\t 0x1",
                    "\tstate:\t\t 4: ACTIVE", "\tphys state:\t 5: LinkUp",
                    "\trate:\t\t %s" % ("100 Gb/sec (1X NDR)" if deg else "400 Gb/sec (4X NDR)"),
                    "\tlink_layer:\t InfiniBand", ""]
        b.put("%s/ibstatus.txt" % h, ibs)
    b.set_label("straggler", "infrastructure", {"node": "hpc-k09", "rank": None}, "restart_without_node",
                "Megatron timers show all-grads-sync at ~1.0 s on every rank versus ~0.3 s on the same config a week earlier, while compute is unchanged, so the job waits on communication; of 16 nodes only hpc-k09 has a port (mlx5_5) trained at 1X / 100 Gb/s instead of 4X / 400 Gb/s, which slows every ring through it.",
                "https://github.com/NVIDIA/nccl/issues/307")
    return b


def l17():
    b = Bundle("l17_one_rank_always_last_in_dataloader_to_gpu_copy")
    nodes = ["gx-0412", "gx-0415"]
    gpn, bad = 8, 12
    t0 = T(2024, 4, 2, 12, 0, 0)
    for ni, h in enumerate(nodes):
        lines = []
        for s in range(4):
            ts = add(t0, s * 100 * 1.9)
            for lr in range(gpn):
                r = ni * gpn + lr
                slow = r == bad
                lines.append("%s | rank %2d | step %5d | h2d %6.1f ms | fwd %6.1f ms | bwd %6.1f ms | sync_wait %6.1f ms" %
                             (iso(add(ts, lr * 0.01)), r, 1200 + s * 100, (318.0 if slow else 21.0) + b.rng.uniform(-2, 2), 402.0 + b.rng.uniform(-3, 3), 798.0 + b.rng.uniform(-4, 4), (4.0 if slow else 301.0) + b.rng.uniform(-2, 2)))
        b.put("%s/train_rank_timings.log" % h, lines)
        per = {}
        if ni == 1:
            per[4] = {"pcie_gen": (5, 1), "pcie_width": ("16x", "8x")}
        b.put("%s/nvidia-smi-q.txt" % h, smi_q(add(t0, 900), {i: per.get(i, {}) for i in range(gpn)}))
        lsp = []
        for i in range(gpn):
            bus = BUS_IDS[i][9:].lower()
            if ni == 1 and i == 4:
                lsp += lspci_gpu(bus, "2.5GT/s", "x8", down=True)
            else:
                lsp += lspci_gpu(bus)
        b.put("%s/lspci-vv-gpus.txt" % h, lsp)
    b.set_label("straggler", "infrastructure", {"node": "gx-0415", "rank": 12}, "restart_without_node",
                "Rank 12 spends ~318 ms per step copying batches to the GPU versus ~21 ms elsewhere, and all other ranks wait ~300 ms for it; rank 12 is local GPU 4 on gx-0415, whose PCIe link is downtrained to 2.5GT/s x8 (lspci LnkSta downgraded, nvidia-smi Gen 1 / 8x).",
                "https://cloudnetops.tech/how-to-diagnose-and-fix-pcie-link-speed-downgrade-in-linux")
    return b


def l18():
    b = Bundle("l18_mfu_dropped_from_41_to_33_percent")
    nodes = ["p5-%02d" % i for i in (3, 4, 6, 9, 10, 12)]
    gpn = 8
    bad = "p5-09"
    t0 = T(2024, 9, 18, 4, 0, 0)
    for ni, h in enumerate(nodes):
        if ni == 0:
            st, _ = titan_steps(t0, 5000, 12, 2.9, b.rng, every=10, tps=2380)
            st.insert(0, "[rank0]:[titan] %s - root - INFO - (previous run on p5-02 instead of p5-09: tps ~2,960, mfu 41.2%%)" % pylog(add(t0, -10)))
            b.put("%s/titan_rank0.log" % h, st)
        dm = ["# dcgmi dmon -e 155,157,100,150,112 -d 5000",
              "#Entity   POWER     PWR_LIMIT   SMCLK   TMPTR   THROTTLE_REASONS",
              "ID        W         W           MHZ     C       "]
        for k in range(3):
            for g in range(gpn):
                if h == bad:
                    dm.append("GPU %d     %.2f    %.2f      %d    %d      4" % (g, 349.1 + b.rng.uniform(-1, 1), 350.0, 1305 + b.rng.randint(-20, 20), 44))
                else:
                    dm.append("GPU %d     %.2f    %.2f      %d    %d      0" % (g, 640.2 + b.rng.uniform(-15, 15), 700.0, 1980, 57))
        b.put("%s/dcgm_dmon.txt" % h, dm)
        per = {i: ({"power_limit": 350.0, "power_draw": 349.2, "reasons": {"sw_power": True}, "sm_clock": 1305} if h == bad else {"power_draw": 642.0}) for i in range(gpn)}
        b.put("%s/nvidia-smi-q.txt" % h, smi_q(add(t0, 300), per))
        jl = [journal(add(t0, -86400 * 2), h, "systemd[1]") + " Started NVIDIA Persistence Daemon."]
        if h == bad:
            jl.append(journal(add(t0, -86400 * 2 + 40), h, "nvidia-smi[2231]") + " Power limit for GPU 00000000:18:00.0 was set to 350.00 W from 700.00 W.")
            jl.append(journal(add(t0, -86400 * 2 + 40), h, "nvidia-smi[2231]") + " All done.")
        b.put("%s/journalctl_boot.txt" % h, jl)
    b.set_label("straggler", "infrastructure", {"node": "p5-09", "rank": None}, "restart_without_node",
                "Throughput fell from ~2,960 to ~2,380 tps after p5-09 joined the allocation; DCGM and nvidia-smi show all eight GPUs on p5-09 capped at a 350 W power limit (default 700 W) with SW Power Cap active and SM clock ~1.3 GHz, while every other node runs at 700 W / 1980 MHz. A node setting only it has.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b


def l19():
    b = Bundle("l19_whole_job_slow_since_maintenance_window")
    leaf = {"leaf-a": ["gpu%03d" % i for i in (10, 11, 12, 13)], "leaf-b": ["gpu%03d" % i for i in (40, 41, 42, 43)]}
    nodes = leaf["leaf-a"] + leaf["leaf-b"]
    b.put_json("topology.json", {"topology": leaf})
    t0 = T(2024, 11, 20, 13, 40, 0)
    tslow = T(2024, 11, 20, 14, 2, 0)
    for ni, h in enumerate(nodes):
        if ni == 0:
            it1, t1 = megatron_iters(t0, 20000, 6, 3120.0, b.rng, every=50)
            it2, _ = megatron_iters(add(tslow, 5), 20350, 6, 5580.0, b.rng, every=50)
            b.put("%s/log_rank0.txt" % h, it1 + it2)
        nt = ["# all_reduce_perf -b 1G -e 1G -g 8 (node-local NCCL test after slowdown, NVLink only)",
              "#       size         count      type   redop    root     time   algbw   busbw #wrong",
              "  1073741824     268435456     float     sum      -1   2903.1  369.86  693.49      0"]
        b.put("%s/nccl_local_test.txt" % h, nt)
        ib = []
        for k in range(4):
            ib += ["CA 'mlx5_%d'" % k, "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tLink layer: InfiniBand", ""]
        b.put("%s/ibstat.txt" % h, ib)
        sc = ["%s kernel: mlx5_core: ib0 link up" % add(t0, -3600).strftime("%b %d %H:%M:%S")]
        b.put("%s/syslog_excerpt.txt" % h, sc)
    diag = ["# ibdiagnet --pc -P all=1 (run from gpu010 at 14:25)",
            "-I- Ports counters value Check",
            "-W- lid=0x0003 dev=54002 spine-sw-02/P17 Performance counter: port_xmit_wait Value: 887123455 (threshold=10000)",
            "-W- lid=0x0003 dev=54002 spine-sw-02/P18 Performance counter: port_xmit_wait Value: 912004417 (threshold=10000)",
            "-E- lid=0x0003 dev=54002 spine-sw-02/P17 Performance counter: symbol_error_counter Value: 51231 (threshold=1)",
            "-E- lid=0x0003 dev=54002 spine-sw-02/P17 Performance counter: link_downed_counter Value: 3 (threshold=0)",
            "-I- Links check: 2 links on spine-sw-02 running at 200G of 400G expected after firmware update",
            "-I- Hosts ports: 32/32 ACTIVE 4X NDR, no errors"]
    b.put("gpu010/ibdiagnet_summary.txt", diag)
    for h in nodes:
        b.put("%s/timers_rank_local0.txt" % h, ["%s rank_local0 all-grads-sync avg %.1f ms (was %.1f ms before 14:02)" % (pylog(add(tslow, 600)), 2710.0 + nodes.index(h) * 3.1, 251.0 + nodes.index(h))])
    b.set_label("network", "infrastructure", None, "restart",
                "Iteration time rose from ~3.1 s to ~5.6 s at 14:02 and every node's gradient sync slowed by the same ~2.4 s, while node-local NCCL tests and all host IB ports are healthy; ibdiagnet shows congestion, symbol errors and downshifted links on spine-sw-02 that all cross-leaf traffic uses. A shared fabric fault, no single node.",
                "https://github.com/NVIDIA/nccl-tests/issues/29")
    return b


def l20():
    b = Bundle("l20_straggler_warning_in_nemo_logs_every_hour")
    nodes = ["gpu-p3-%02d" % i for i in (2, 5, 7, 11)]
    gpn, bad = 8, 22
    t0 = T(2025, 3, 10, 9, 0, 0)
    for ni, h in enumerate(nodes):
        lines = []
        if ni == 0:
            for k in range(3):
                tt = add(t0, k * 3600)
                lines += ["[NeMo I %s straggler_det_callback:142] GPU relative performance:" % tt.strftime("%Y-%m-%d %H:%M:%S"),
                          " Worst performing 3/32 ranks:",
                          "  Rank=%d Node=%s Score=%.2f" % (bad, "gpu-p3-07", 0.71 - 0.01 * k),
                          "  Rank=3 Node=gpu-p3-02 Score=0.98",
                          "  Rank=17 Node=gpu-p3-07 Score=0.98",
                          " Best performing 3/32 ranks:",
                          "  Rank=9 Node=gpu-p3-05 Score=1.00",
                          "  Rank=30 Node=gpu-p3-11 Score=1.00",
                          "  Rank=0 Node=gpu-p3-02 Score=0.99",
                          "[NeMo W %s straggler_det_callback:188] STRAGGLER DETECTION WARNING: Some GPUs have worse relative performance. Affected ranks: [StragglerId(rank=%d, node='gpu-p3-07')]" % (tt.strftime("%Y-%m-%d %H:%M:%S"), bad)]
            b.put("%s/nemo_log_globalrank-0.txt" % h, lines)
        per = {}
        if h == "gpu-p3-05":
            per[2] = {"remap": {"corr": 1, "unc": 0, "pending": "No", "failure": "No"}}
        b.put("%s/nvidia-smi-q.txt" % h, smi_q(add(t0, 7300), {i: per.get(i, {"power_draw": 660.0}) for i in range(gpn)}))
        b.put("%s/dmesg.txt" % h, benign_dmesg(b.rng, T(2025, 3, 1, 0, 0, 0), t0, h, style="T", xid63=(h == "gpu-p3-05")))
        b.put("%s/dcgmi_health.txt" % h, ["+---------------------------+----------------------------------------------------------+",
                                           "| Health Monitor Report                                                                |",
                                           "+===========================+==========================================================+",
                                           "| Overall Health            | Healthy                                                  |",
                                           "+---------------------------+----------------------------------------------------------+"])
    b.set_label("straggler", "infrastructure", {"node": "gpu-p3-07", "rank": 22}, "run_diagnostics",
                "The NVRx straggler callback flags rank 22 on gpu-p3-07 every hour with a relative GPU score ~0.7 while all others are ~0.98-1.0; gpu-p3-07's nvidia-smi, DCGM health and dmesg are clean (the Xid 63/row remap on gpu-p3-05 is a benign, already-remapped row), so the slow GPU needs diagnostics.",
                "https://nvidia.github.io/nvidia-resiliency-ext/straggler_det/usage_guide.html")
    return b


CASES = [l11, l12, l13, l14, l15, l16, l17, l18, l19, l20]
