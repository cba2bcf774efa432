"""Cases bt08-bt15."""

import json
from random import Random

from common import (T, add, py_ts, iso, ctime, syslog, uptime, smi_date, hms, bar, gpu, nvsmi_q, nvsmi_table,
                    dmon_header, dmon_row, nccl_init, nccl_channels, torchrun_rdzv, boot_dmesg, H100_BUS, A100_BUS)
from cases_a import megatron_line, megatron_args, ds_step_lines, nemo_bar, titan_line


def lspci_gpu(bus, model="GH100 [H100 SXM5 80GB]", speed="32GT/s", snote="ok", width="x16", wnote="ok",
              corr=False, slot=None):
    b = bus.lower()
    return (
        "%s:00.0 3D controller: NVIDIA Corporation %s (rev a1)\n"
        "\tSubsystem: NVIDIA Corporation Device 16c1\n"
        "\tPhysical Slot: %s\n"
        "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+\n"
        "\tStatus: Cap+ 66MHz- UDF- FastB2B- ParErr- DEVSEL=fast >TAbort- <TAbort- <MAbort- >SERR- <PERR- INTx-\n"
        "\tLatency: 0\n"
        "\tInterrupt: pin A routed to IRQ 18\n"
        "\tNUMA node: %d\n"
        "\tRegion 0: Memory at 2a002000000 (64-bit, prefetchable) [size=16M]\n"
        "\tRegion 2: Memory at 28000000000 (64-bit, prefetchable) [size=128G]\n"
        "\tRegion 4: Memory at 2a000000000 (64-bit, prefetchable) [size=32M]\n"
        "\tCapabilities: [60] Power Management version 3\n"
        "\t\tFlags: PMEClk- DSI- D1- D2- AuxCurrent=0mA PME(D0-,D1-,D2-,D3hot-,D3cold-)\n"
        "\t\tStatus: D0 NoSoftRst+ PME-Enable- DSel=0 DScale=0 PME-\n"
        "\tCapabilities: [78] Express (v2) Endpoint, MSI 00\n"
        "\t\tDevCap:\tMaxPayload 256 bytes, PhantFunc 0, Latency L0s unlimited, L1 <64us\n"
        "\t\t\tExtTag+ AttnBtn- AttnInd- PwrInd- RBE+ FLReset+ SlotPowerLimit 0.000W\n"
        "\t\tDevCtl:\tCorrErr- NonFatalErr+ FatalErr+ UnsupReq-\n"
        "\t\t\tRlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+ FLReset-\n"
        "\t\t\tMaxPayload 256 bytes, MaxReadReq 4096 bytes\n"
        "\t\tDevSta:\tCorrErr%s NonFatalErr- FatalErr- UnsupReq- AuxPwr- TransPend-\n"
        "\t\tLnkCap:\tPort #0, Speed 32GT/s, Width x16, ASPM not supported\n"
        "\t\t\tClockPM+ Surprise- LLActRep- BwNot- ASPMOptComp+\n"
        "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+\n"
        "\t\t\tExtSynch- ClockPM+ AutWidDis- BWInt- AutBWInt-\n"
        "\t\tLnkSta:\tSpeed %s (%s), Width %s (%s)\n"
        "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-\n"
        "\t\tLnkCtl2: Target Link Speed: 32GT/s, EnterCompliance- SpeedDis-\n"
        "\t\t\t Transmit Margin: Normal Operating Range, EnterModifiedCompliance- ComplianceSOS-\n"
        "\t\tLnkSta2: Current De-emphasis Level: -6dB, EqualizationComplete+ EqualizationPhase1+\n"
        "\t\t\t EqualizationPhase2+ EqualizationPhase3+ LinkEqualizationRequest-\n"
        "\tCapabilities: [100 v1] Virtual Channel\n"
        "\tCapabilities: [250 v1] Latency Tolerance Reporting\n"
        "\tCapabilities: [420 v2] Advanced Error Reporting\n"
        "\t\tUESta:\tDLP- SDES- TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-\n"
        "\t\tCESta:\tRxErr%s BadTLP%s BadDLLP%s Rollover- Timeout- AdvNonFatalErr-\n"
        "\tKernel driver in use: nvidia\n"
        "\tKernel modules: nvidiafb, nouveau, nvidia_drm, nvidia\n\n") % (
            b, model, slot or str(int(bus, 16) % 40), 0 if int(bus, 16) < 0x80 else 1, "+" if corr else "-",
            speed, snote, width, wnote, "+" if corr else "-", "+" if corr else "-", "+" if corr else "-")


def ibstat_ca(i, host_id, rate=400, state="Active", phys="LinkUp", lid=None):
    return ("CA 'mlx5_%d'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.1002\n\tHardware version: 0\n"
            "\tNode GUID: 0xb83fd20300%02x%04x\n\tSystem image GUID: 0xb83fd20300%02x0000\n\tPort 1:\n\t\tState: %s\n\t\tPhysical state: %s\n"
            "\t\tRate: %d\n\t\tBase lid: %d\n\t\tLMC: 0\n\t\tSM lid: 1\n\t\tCapability mask: 0xa751e848\n\t\tPort GUID: 0xb83fd20300%02x%04x\n"
            "\t\tLink layer: InfiniBand\n") % (i, host_id, 0x7a00 + i, host_id, state, phys, rate, lid or (200 + host_id * 8 + i),
                                              host_id, 0x7a00 + i)


def perfquery(lid, port, sym=0, lerr=0, ldown=0, rcverr=0, xdisc=0, xdata=0, rdata=0, xpkts=0, rpkts=0, xwait=0):
    return ("# Port extended counters: Lid %d port %d (CapMask: 0x5A00)\n"
            "PortSelect:......................%d\n"
            "CounterSelect:...................0x0000\n"
            "SymbolErrorCounter:..............%d\n"
            "LinkErrorRecoveryCounter:........%d\n"
            "LinkDownedCounter:...............%d\n"
            "PortRcvErrors:...................%d\n"
            "PortRcvRemotePhysicalErrors:.....0\n"
            "PortRcvSwitchRelayErrors:........0\n"
            "PortXmitDiscards:................%d\n"
            "PortXmitConstraintErrors:........0\n"
            "PortRcvConstraintErrors:.........0\n"
            "CounterSelect2:..................0x00\n"
            "LocalLinkIntegrityErrors:........0\n"
            "ExcessiveBufferOverrunErrors:....0\n"
            "VL15Dropped:.....................0\n"
            "PortXmitData:....................%d\n"
            "PortRcvData:.....................%d\n"
            "PortXmitPkts:....................%d\n"
            "PortRcvPkts:.....................%d\n"
            "PortXmitWait:....................%d\n") % (lid, port, port, sym, lerr, ldown, rcverr, xdisc, xdata, rdata,
                                                          xpkts, rpkts, xwait)


# =============================================================================================
def bt08():
    rng = Random(7508)
    name = "bt08_allreduce_share_of_step_tripled_after_node_swap"
    nodes = ["gpu-d21", "gpu-d22", "gpu-d23", "gpu-d24"]
    ips = ["10.44.1.21", "10.44.1.22", "10.44.1.23", "10.44.1.24"]
    start = T("2024-08-13 09:41:20")
    files = {}
    L = []
    pids = {h: [88120 + ni * 733 + i for i in range(8)] for ni, h in enumerate(nodes)}
    for ni, h in enumerate(nodes):
        for l in nccl_init(h, pids[h], ni, 32, start, ips[ni], version="2.20.5+cuda12.4",
                           gdr_disabled_note=(h == "gpu-d23")):
            L.append("%s: %s" % (h, l))
    for ni, h in enumerate(nodes):
        for l in nccl_channels(h, pids[h], ni, 32, gdr=(h != "gpu-d23"), nchan=2):
            L.append("%s: %s" % (h, l))
    t = add(start, 60)
    L.append("gpu-d21: [%s] [INFO] [config.py:988:print] DeepSpeedEngine configuration:" % py_ts(t, 10))
    L.append("gpu-d21: [%s] [INFO] [config.py:992:print]   wall_clock_breakdown ......... True" % py_ts(t, 11))
    L.append("gpu-d21: [%s] [INFO] [config.py:992:print]   zero_optimization_stage ...... 1" % py_ts(t, 12))
    L.append("gpu-d21: [%s] [INFO] [config.py:992:print]   train_micro_batch_size_per_gpu  8" % py_ts(t, 13))
    run = 0.0
    for step in range(1, 401):
        fwd = 301.0 + rng.uniform(-6, 6)
        bwd_inner = 598.0 + rng.uniform(-10, 10)
        ar = 1290.0 + rng.uniform(-70, 90)
        stp = 118.0 + rng.uniform(-3, 3)
        dt = (fwd + bwd_inner + ar + stp) / 1000.0
        t = add(t, dt)
        run += dt
        if step % 10 == 0:
            L.append("gpu-d21: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f" % (
                py_ts(t, rng.randint(0, 999)), fwd, bwd_inner + ar, bwd_inner, ar, stp))
            for l in ds_step_lines(t, rng.randint(0, 990), step, 1e-4, round(step * 256.0 / run, 6), round(256.0 / dt, 6), 31.4, 44.9):
                L.append("gpu-d21: %s" % l)
    files["deepspeed_launcher.log"] = "\n".join(L) + "\n"
    files["previous_run_summary.txt"] = (
        "run ds-gpt6b-0807  nodes gpu-d[20-22,24]  (gpu-d23 was in repair)\n"
        "steady state (steps 200-400, rank 0, wall_clock_breakdown):\n"
        "  fwd_microstep 299.8 | bwd_inner_microstep 601.2 | bwd_allreduce_microstep 402.7 | step_microstep 117.9\n"
        "  CurrSamplesPerSec ~181\n"
        "run ds-gpt6b-0813  nodes gpu-d[21-24]  (gpu-d23 back from repair/reimage 2024-08-12)\n")
    files["gpu-d23/lsmod_grep.txt"] = (
        "$ lsmod | egrep 'nvidia|mlx5|ib_core'\n"
        "nvidia_uvm           1527808  0\n"
        "nvidia_drm             77824  0\n"
        "nvidia_modeset       1306624  1 nvidia_drm\n"
        "nvidia              56717312  98 nvidia_uvm,nvidia_modeset\n"
        "mlx5_ib               466944  0\n"
        "ib_uverbs             163840  2 rdma_ucm,mlx5_ib\n"
        "mlx5_core            2117632  1 mlx5_ib\n"
        "ib_core               458752  8 rdma_cm,ib_ipoib,iw_cm,ib_umad,rdma_ucm,ib_uverbs,mlx5_ib,ib_cm\n"
        "$ cat /sys/kernel/mm/memory_peers/nv_mem/version\n"
        "cat: /sys/kernel/mm/memory_peers/nv_mem/version: No such file or directory\n"
        "$ cat /etc/dgx-release | tail -2\n"
        "DGX_OTA_VERSION=\"6.3.1\"\n"
        "DGX_OTA_DATE=\"Mon Aug 12 16:20:41 UTC 2024\"\n")
    files["gpu-d21/lsmod_grep.txt"] = (
        "$ lsmod | egrep 'nvidia|mlx5|ib_core'\n"
        "nvidia_peermem         16384  0\n"
        "nvidia_uvm           1527808  0\n"
        "nvidia_drm             77824  0\n"
        "nvidia_modeset       1306624  1 nvidia_drm\n"
        "nvidia              56717312  106 nvidia_uvm,nvidia_peermem,nvidia_modeset\n"
        "mlx5_ib               466944  0\n"
        "ib_uverbs             163840  3 nvidia_peermem,rdma_ucm,mlx5_ib\n"
        "mlx5_core            2117632  1 mlx5_ib\n"
        "ib_core               458752  9 rdma_cm,ib_ipoib,nvidia_peermem,iw_cm,ib_umad,rdma_ucm,ib_uverbs,mlx5_ib,ib_cm\n"
        "$ cat /etc/dgx-release | tail -2\n"
        "DGX_OTA_VERSION=\"6.2.0\"\n"
        "DGX_OTA_DATE=\"Tue Mar 19 10:02:17 UTC 2024\"\n")
    boot = T("2024-08-12 16:31:02")
    dm = boot_dmesg(boot, "gpu-d23", kernel="6.5.0-1019-nvidia", peermem=False)
    dm.append("%s systemd[1]: nvidia-peermem.service: Condition check resulted in NVIDIA peer memory module being skipped." % uptime(boot, add(boot, 41), 220133))
    files["gpu-d23/dmesg.txt"] = "\n".join(dm) + "\n"
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-d23", "rank": None},
                 action="restart_without_node",
                 rationale="Only gpu-d23's ranks log 'NET/IB : GPU Direct RDMA Disabled for HCA ... (no module)' and set up their network channels as NET/IB without /GDRDMA; lsmod there lacks nvidia_peermem after its 2024-08-12 reimage. bwd_allreduce_microstep rose from ~400 ms (run without gpu-d23) to ~1.3 s while compute is unchanged, so the reimaged node is dragging the job.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1676")
    return name, files, label


# =============================================================================================
def bt09():
    rng = Random(7509)
    name = "bt09_one_rank_host_to_device_copies_slow"
    nodes = ["gpu-e01", "gpu-e02"]
    start = T("2024-10-21 19:05:44")
    files = {}
    for ni, h in enumerate(nodes):
        L = torchrun_rdzv(start, ni, 2, "gpu-e01")
        t = add(start, 35)
        for step in range(50, 1501, 50):
            t = add(t, 50 * 1.47)
            for lr_ in range(8):
                r = ni * 8 + lr_
                h2d = 0.043 + rng.uniform(-0.004, 0.006)
                if r == 11:
                    h2d = 0.431 + rng.uniform(-0.02, 0.03)
                comp = 0.61 + rng.uniform(-0.01, 0.01)
                wait = (0.47 - (h2d - 0.043)) if r != 11 else 0.04 + rng.uniform(0, 0.01)
                L.append("%s INFO train.py:212 [rank %2d] step %5d | data %.3fs | h2d %.3fs | fwd_bwd %.3fs | allreduce_wait %.3fs | step %.3fs | loss %.4f" % (
                    py_ts(t, rng.randint(0, 999)), r, step, 0.011 + rng.uniform(0, 0.004), h2d, comp, max(0.01, wait), 1.47 + rng.uniform(-0.02, 0.02), 3.2 - step * 0.0004 + rng.uniform(-0.02, 0.02)))
        files["%s/train.log" % h] = "\n".join(L) + "\n"
    s = ""
    for i, b in enumerate(H100_BUS):
        s += lspci_gpu(b, width=("x4" if i == 3 else "x16"), wnote=("downgraded" if i == 3 else "ok"), corr=(i == 3))
    files["gpu-e02/lspci-vv-nvidia.txt"] = s
    snap = T("2024-10-21 19:51:03")
    gs = [gpu(i, H100_BUS[i], temp=51 + i % 5, power=520.0 + i * 7, sm=1980, util=93,
              pwidth=(4 if i == 3 else 16), replay=(1843 if i == 3 else 0)) for i in range(8)]
    files["gpu-e02/nvidia-smi-q.txt"] = nvsmi_q(snap, gs)
    files["gpu-e02/nvidia-smi.txt"] = nvsmi_table(snap, gs, procs=[(i, 44012 + i, "/usr/bin/python3", 40122) for i in range(8)])
    boot = T("2024-10-19 02:11:40")
    dm = boot_dmesg(boot, "gpu-e02")
    dm.insert(5, "%s pci 0000:5d:00.0: 31.504 Gb/s available PCIe bandwidth, limited by 8.0 GT/s PCIe x4 link at 0000:5c:00.0 (capable of 504.112 Gb/s with 32.0 GT/s PCIe x16 link)" % uptime(boot, add(boot, 3), 771201))
    for k in range(6):
        tt = add(T("2024-10-21 19:10:00"), k * 411)
        dm.append("%s pcieport 0000:5c:00.0: AER: Corrected error received: 0000:5d:00.0" % uptime(boot, tt, 11020 + k))
        dm.append("%s nvidia 0000:5d:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % uptime(boot, tt, 11030 + k))
        dm.append("%s nvidia 0000:5d:00.0:   device [10de:2330] error status/mask=00000001/0000e000" % uptime(boot, tt, 11040 + k))
        dm.append("%s nvidia 0000:5d:00.0:    [ 0] RxErr                  (First)" % uptime(boot, tt, 11050 + k))
    files["gpu-e02/dmesg.txt"] = "\n".join(dm) + "\n"
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-e02", "rank": 11},
                 action="restart_without_node",
                 rationale="Rank 11 (gpu-e02, local rank 3) spends ~0.43 s per step in host-to-device copies against ~0.045 s on every other rank, which all sit in allreduce_wait. lspci on gpu-e02 shows 5d:00.0 (GPU 3) at 'Width x4 (downgraded)', nvidia-smi -q shows 4x link width and 1843 replays on it, and dmesg logs the boot-time x4 bandwidth limit plus repeated corrected RxErr AER events.",
                 modelled_on="https://github.com/tinygrad/open-gpu-kernel-modules/issues/6")
    return name, files, label


# =============================================================================================
def composer_block(t, batch, total, sps, dev_sps, loss, extra=None):
    lines = ["[batch=%d/%d]:" % (batch, total),
             "\t Train time/batch: %d" % (batch - 1),
             "\t Train time/sample: %d" % ((batch - 1) * 512),
             "\t Train time/token: %d" % ((batch - 1) * 512 * 2048),
             "\t Train memory/current_allocated_mem: 21.413",
             "\t Train trainer/device_train_microbatch_size: 8",
             "\t Train loss/train/total: %.4f" % loss,
             "\t Train throughput/batches_per_sec: %.4f" % (sps / 512.0),
             "\t Train throughput/samples_per_sec: %.2f" % sps,
             "\t Train throughput/device/batches_per_sec: %.4f" % (sps / 512.0 * dev_sps / sps),
             "\t Train throughput/device/samples_per_sec: %.4f" % dev_sps,
             "\t Train time/train: %.4f" % (t / 3600.0),
             "\t Train time/val: 0.0000",
             "\t Train time/total: %.4f" % (t / 3600.0)]
    return lines + (extra or [])


def bt10():
    rng = Random(7510)
    name = "bt10_samples_per_sec_fell_on_every_node"
    nodes = ["ip-172-31-4-11", "ip-172-31-4-23", "ip-172-31-4-37", "ip-172-31-9-201"]
    start = T("2024-12-03 04:00:17")
    files = {}
    L = ["%s: rank0[12211][MainThread]: INFO: composer.trainer.trainer: Run name: mpt-7b-cpt-q4" % start.strftime("%Y-%m-%d %H:%M:%S"),
         "%s: rank0[12211][MainThread]: INFO: llmfoundry: train_loader: type=text dataset.remote=s3://acme-llm-data/cpt-mix-v3/mds dataset.local=/local_nvme/mds_cache predownload=8 download_retry=5 download_timeout=60 num_workers=8 shuffle=True" % add(start, 3).strftime("%Y-%m-%d %H:%M:%S"),
         "%s: rank0[12211][MainThread]: INFO: composer.trainer.trainer: Stepping schedulers every batch. To step schedulers every epoch, set `step_schedulers_every_batch=False`." % add(start, 40).strftime("%Y-%m-%d %H:%M:%S")]
    el = 0.0
    slow_from = 2100
    for b in range(1, 2901):
        if b >= slow_from:
            sps = 305.0 + rng.uniform(-60, 60)
        else:
            sps = 908.0 + rng.uniform(-12, 12)
        el += 512.0 / sps
        if b % 100 == 0 or b == 1:
            L += composer_block(el, b, 20000, sps, sps / 32.0, 2.31 - b * 0.00005 + rng.uniform(-0.02, 0.02))
    files["ip-172-31-4-11/rank0_console.log"] = "\n".join(L) + "\n"
    train_start = add(start, 40)
    t_slow = add(train_start, sum(512.0 / 908.0 for _ in range(slow_from)))
    for ni, h in enumerate(nodes):
        W = []
        tt = add(t_slow, -20 + ni * 3)
        for k in range(40):
            tt = add(tt, rng.uniform(4, 30))
            shard = rng.randint(1000, 48000)
            r = ni * 8 + rng.randint(0, 7)
            W.append("%s: rank%d[%d][Thread-%d]: WARNING: streaming.base.storage.download: Download of s3://acme-llm-data/cpt-mix-v3/mds/part-%05d/shard.%05d.mds.zstd failed (attempt %d/5): botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate." % (
                tt.strftime("%Y-%m-%d %H:%M:%S"), r, 12211 + ni * 101 + r % 8, 4 + rng.randint(0, 9), rng.randint(0, 31), shard, rng.randint(1, 3)))
            if k % 9 == 8:
                W.append("%s: rank%d[%d][Thread-2]: WARNING: streaming.base.dataset: Waiting for shard %d to finish download (predownload=8): 41.3 s" % (
                    tt.strftime("%Y-%m-%d %H:%M:%S"), r, 12211 + ni * 101 + r % 8, shard))
        files["%s/streaming_warnings.log" % h] = "\n".join(W) + "\n"
    files["run_history.txt"] = (
        "mpt-7b-cpt-q3  2024-11-20  same yaml, same 4x p5.48xlarge instance types   steady ~905 samples/s for 41 h\n"
        "mpt-7b-cpt-q4  2024-12-03  this run (no config change vs q3)               ~905 samples/s until batch ~2100, then ~300\n")
    # decoy: lspci link downgraded to gen1 while GPUs idle waiting for shards
    snap = add(t_slow, 900)
    s = "# collected %s while training was waiting on shard downloads\n" % smi_date(snap)
    for i, b in enumerate(H100_BUS):
        s += lspci_gpu(b, speed="2.5GT/s", snote="downgraded")
    files["ip-172-31-9-201/lspci-vv-nvidia.txt"] = s
    gs = [gpu(i, H100_BUS[i], temp=33 + i % 3, power=118.0 + i, sm=1980, util=0, pstate="P0", used=60118) for i in range(8)]
    files["ip-172-31-9-201/nvidia-smi.txt"] = nvsmi_table(snap, gs, procs=[(i, 12614 + i, "python", 60020) for i in range(8)])
    gs = [gpu(i, H100_BUS[i], temp=58 + i % 4, power=655.0 + i, sm=1980, util=100, used=60118, pgen=5) for i in range(8)]
    files["ip-172-31-9-201/nvidia-smi-q_under_load.txt"] = nvsmi_q(add(snap, 37), gs)
    label = dict(category="straggler", layer="infrastructure", culprit=None, action="restart",
                 rationale="Throughput drops from ~905 to ~300 samples/s at batch ~2100 with no config change, and from that moment every node logs S3 'SlowDown ... Please reduce your request rate' GetObject failures and waits on shard downloads: the shared object store is throttling all nodes. ip-172-31-9-201's 2.5GT/s 'downgraded' lspci was taken while its GPUs sat at 0% waiting for data; under load nvidia-smi shows PCIe Gen 5 x16.",
                 modelled_on="https://github.com/huggingface/datatrove/issues/302")
    return name, files, label


# =============================================================================================
def bt11():
    rng = Random(7511)
    name = "bt11_iteration_time_up_a_third_overnight"
    nodes = ["hgx-%02d" % i for i in range(31, 39)]
    start = T("2024-03-27 18:20:31")
    files = {}
    L = []
    L += megatron_args([("tensor_model_parallel_size", 8), ("pipeline_model_parallel_size", 2),
                        ("data_parallel_size", 4), ("world_size", 64), ("global_batch_size", 1536),
                        ("micro_batch_size", 1), ("log_interval", 20), ("log_straggler", True),
                        ("train_iters", 300000), ("save_interval", 5000), ("seq_length", 8192)], prefix="63: ")
    t = add(start, 240)
    for it in range(20, 12001, 20):
        slow = it > 8040
        ms = (5410.0 if slow else 4092.0) + rng.uniform(-40, 50)
        t = add(t, ms * 20 / 1000.0)
        L.append(megatron_line(t, it, 300000, it * 1536, ms, (1.62e6 / ms), 2.2e-4, 1536, 2.2 - it * 0.00002 + rng.uniform(-0.02, 0.02), 0.21 + rng.uniform(0, 0.05), prefix="63:"))
        if it % 100 == 0:
            base = ms - 40
            L.append(" 0: INFO:megatron.core.utils:[%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                t.strftime("%Y-%m-%d %H:%M:%S"), base - 15 + rng.uniform(-5, 5), rng.randint(0, 63), base + 25 + rng.uniform(-5, 5), rng.randint(0, 63),
                (521000 if slow else 603000) + rng.randint(-8000, 8000), rng.randint(0, 63), 672000 + rng.randint(0, 9000), rng.randint(0, 63),
                44 + rng.randint(0, 3), rng.randint(0, 63), 62 + rng.randint(0, 3), rng.randint(0, 63), 97, rng.randint(0, 63), 100, rng.randint(0, 63),
                1965, rng.randint(0, 63), 1980, rng.randint(0, 63), 9.2 + rng.uniform(0, 2), rng.randint(0, 63), 21.0 + rng.uniform(0, 5), rng.randint(0, 63),
                (1.2e6 / base) * 0.98, rng.randint(0, 63), (1.2e6 / base) * 1.01, rng.randint(0, 63)))
    files["slurm-55120.out"] = "\n".join(L) + "\n"
    snap = T("2024-03-28 08:12:10")
    for h in ("hgx-33", "hgx-36"):
        gs = [gpu(i, H100_BUS[i], temp=52 + (i + int(h[-2:])) % 8, mtemp=61 + i % 4, power=560.0 + (i * 13) % 60, sm=1980 - (i % 2) * 15, util=100, used=77010) for i in range(8)]
        files["%s/nvidia-smi-q.txt" % h] = nvsmi_q(add(snap, int(h[-2:])), gs)
        boot = T("2024-03-14 09:00:00")
        dm = boot_dmesg(boot, h)
        dm.append("%s audit: type=1400 audit(1711560311.204:212): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=812211 comm=\"apparmor_parser\"" % uptime(boot, T("2024-03-27 17:25:11"), 204113))
        files["%s/dmesg.txt" % h] = "\n".join(dm) + "\n"
        files["%s/perfquery_mlx5_0.txt" % h] = (
            "# %s\n" % snap.strftime("%Y-%m-%d %H:%M:%S") +
            perfquery(300 + int(h[-2:]), 1, xdata=918237712301, rdata=918112093312, xpkts=2190331221, rpkts=2190117733, xwait=1231102) +
            "# %s\n" % add(snap, 600).strftime("%Y-%m-%d %H:%M:%S") +
            perfquery(300 + int(h[-2:]), 1, xdata=919870234110, rdata=919744108221, xpkts=2194220117, rpkts=2194001229, xwait=1233911))
    files["sacct.txt"] = (
        "JobID           JobName  Partition      State ExitCode              Start    Elapsed        NodeList \n"
        "------------ ---------- ---------- ---------- -------- ------------------- ---------- --------------- \n"
        "55120        llm-40b-pt       prod    RUNNING      0:0 2024-03-27T18:20:25   13:52:07    hgx-[31-38] \n")
    files["change_log.txt"] = "2024-03-27 18:20  job 55120 started (no restarts since)\n(no maintenance, firmware or config changes recorded for hgx-[31-38] in the last 7 days)\n"
    label = dict(category="straggler", layer="infrastructure", culprit=None, action="run_diagnostics",
                 rationale="Iteration time steps from ~4.1 s to ~5.4 s after iteration ~8040 with no restart or config change, but the straggler detector shows every rank moving together (MnRtt and MxRtt within ~40 ms, all clocks 1965-1980 MHz, no rank singled out), nvidia-smi, dmesg and IB counters on the sampled nodes are clean. Slow with no evidence of why.",
                 modelled_on="https://github.com/EleutherAI/gpt-neox/issues/1248")
    return name, files, label


# =============================================================================================
def bt12():
    rng = Random(7512)
    name = "bt12_epoch_eta_tripled_after_code_update"
    nodes = ["a100-n17", "a100-n18"]
    start = T("2024-01-16 10:03:09")
    files = {}
    L = []
    L.append("GPU available: True (cuda), used: True")
    L.append("TPU available: False, using: 0 TPU cores")
    L.append("IPU available: False, using: 0 IPUs")
    L.append("HPU available: False, using: 0 HPUs")
    L.append("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/16")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("distributed_backend=nccl")
    L.append("All distributed processes registered. Starting with 16 processes")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("")
    L.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]")
    L.append("")
    L.append("  | Name    | Type           | Params")
    L.append("-------------------------------------------")
    L.append("0 | encoder | SwinTransformer | 196 M ")
    L.append("1 | decoder | UperHead        | 41.2 M")
    L.append("2 | loss_fn | DiceCELoss      | 0     ")
    L.append("-------------------------------------------")
    L.append("237 M     Trainable params")
    for r in range(16):
        L.append("/workspace/seg/models/module.py:211: UserWarning: Anomaly Detection has been enabled. This mode will increase the runtime and should only be enabled for debugging.")
        L.append("  with torch.autograd.detect_anomaly(check_nan=True):")
        if r == 0:
            L.append("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/connectors/logger_connector/result.py:433: It is recommended to use `self.log('train/dice', ..., sync_dist=True)` when logging on epoch level in distributed setting to accumulate the metric across devices.")
    el = 0.0
    for s in range(1, 1201):
        el += 3.14 + rng.uniform(-0.1, 0.12)
        if s % 20 == 0:
            L.append("Epoch 4:  %2d%%|%s| %d/2503 [%s<%s,  %.2fs/it, v_num=12, train/loss=%.3f]" % (
                s * 100 // 2503, bar(s / 2503.0), s, hms(el), hms(el / s * (2503 - s)), el / s, 0.41 + rng.uniform(-0.03, 0.03)))
    files["a100-n17/train_rank0.log"] = "\n".join(L) + "\n"
    files["git_log.txt"] = (
        "commit 7d19c0a  2024-01-15 22:41  m.okafor   debug NaN in decoder: wrap training_step in detect_anomaly(check_nan=True)\n"
        "commit 3b5e2f1  2024-01-12 17:05  m.okafor   UperHead: add aux head\n"
        "commit 0a9f443  2024-01-10 09:12  j.lind      bump lightning 2.1.2 -> 2.1.3\n")
    files["previous_epoch_summary.txt"] = "epoch 3 (commit 3b5e2f1, same nodes): 2503/2503 [43:51, 1.05s/it]\n"
    snap = T("2024-01-16 10:41:31")
    for h in nodes:
        body = [dmon_header(old=True)]
        for k in range(20):
            for i in range(8):
                sm = rng.randint(28, 52)
                body.append(dmon_row(i, 140 + sm * 2, 44 + i % 4, 50, sm, sm // 4, 1593, 1410, old=True))
        files["%s/nvidia-smi-dmon.txt" % h] = "".join(body)
    gs = [gpu(i, A100_BUS[i], temp=45 + i % 4, power=190.0 + i, plimit=400.0, sm=1410, maxsm=1410, mem=1593, maxmem=1593,
              util=41, used=52210, total=81920) for i in range(8)]
    files["a100-n18/nvidia-smi.txt"] = nvsmi_table(snap, gs, driver="535.104.12", short="NVIDIA A100-SXM4-80GB",
                                                  procs=[(i, 22100 + i, "/usr/bin/python", 52200) for i in range(8)])
    label = dict(category="straggler", layer="script", culprit=None, action="stop",
                 rationale="Every one of the 16 ranks prints 'Anomaly Detection has been enabled. This mode will increase the runtime' from the user's module.py (commit 7d19c0a wrapped training_step in detect_anomaly). Step time went from 1.05 s/it in epoch 3 to ~3.1 s/it on the same nodes, and both nodes' GPUs sit at 30-50% SM with normal clocks. The job's debug setting causes the slowdown.",
                 modelled_on="https://github.com/pytorch/ignite/pull/219")
    return name, files, label


# =============================================================================================
def bt13():
    rng = Random(7513)
    name = "bt13_one_node_ranks_wait_on_data"
    nodes = ["gpu-f01", "gpu-f02", "gpu-f03"]
    start = T("2024-06-25 13:30:00")
    files = {}
    for ni, h in enumerate(nodes):
        L = ["%s - accelerate.utils.other - WARNING - Detected kernel version 5.4.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher." % py_ts(start, 12)] if ni == 0 else []
        L += torchrun_rdzv(start, ni, 3, "gpu-f01")
        t = add(start, 44)
        for step in range(100, 2401, 100):
            t = add(t, 100 * 2.95)
            for lr_ in (0, 3, 6):
                r = ni * 8 + lr_
                if h == "gpu-f02":
                    data = 2.31 + rng.uniform(-0.2, 0.25)
                    sync = 0.02 + rng.uniform(0, 0.01)
                else:
                    data = 0.018 + rng.uniform(0, 0.006)
                    sync = 2.28 + rng.uniform(-0.2, 0.25)
                L.append("%s INFO [rank%d] it=%d it_time=%.2fs data=%.3fs compute=0.61s sync_wait=%.3fs tok/s/gpu=%d" % (
                    py_ts(t, rng.randint(0, 999)), r, step, 2.95 + rng.uniform(-0.05, 0.05), data, sync, int(8192 / 2.95)))
        files["%s/train.log" % h] = "\n".join(L) + "\n"
    files["gpu-f02/top.txt"] = (
        "top - 14:41:07 up 38 days,  2:51,  3 users,  load average: 431.88, 428.12, 419.40\n"
        "Tasks: 1802 total, 442 running, 1360 sleeping,   0 stopped,   0 zombie\n"
        "%Cpu(s): 96.3 us,  3.4 sy,  0.0 ni,  0.2 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st\n"
        "MiB Mem : 2063891.2 total, 612903.1 free, 1301122.8 used, 149865.3 buff/cache\n"
        "MiB Swap:      0.0 total,      0.0 free,      0.0 used.  742766.4 avail Mem\n\n"
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        " 3318842 kchen     20   0  812.4g 702.1g   4112 R 20811   34.8  98313:41 python3 dedup_minhash.py --workers 224\n"
        "  921331 mlsvc     20   0   61.2g  12.1g 901220 S 101.3   0.6  71:12.44 python\n"
        "  921332 mlsvc     20   0   61.2g  12.0g 899812 S  98.7   0.6  70:58.09 python\n"
        "  921339 mlsvc     20   0   61.2g  12.1g 900004 S  97.1   0.6  71:40.31 python\n"
        "  921412 mlsvc     20   0   10.4g   2.2g  61220 S  21.4   0.1   9:31.22 pt_data_worker\n"
        "  921413 mlsvc     20   0   10.4g   2.2g  61012 S  19.8   0.1   9:20.87 pt_data_worker\n"
        "    2211 root      20   0 1923332  88120  41332 S   1.0   0.0 212:09.18 dcgm-exporter\n")
    files["gpu-f02/ps_foreign.txt"] = (
        "$ ps -o pid,user,lstart,etime,cgroup,cmd -p 3318842\n"
        "    PID USER                      STARTED     ELAPSED CGROUP                                                      CMD\n"
        "3318842 kchen    Sat Jun 22 09:12:33 2024  3-05:28:34 0::/user.slice/user-41877.slice/session-2211.scope            python3 dedup_minhash.py --workers 224\n"
        "$ squeue -w gpu-f02 -h -o '%i %u %j'\n"
        "661204 mlsvc sft-70b-accel\n")
    files["gpu-f01/top.txt"] = (
        "top - 14:41:09 up 38 days,  2:52,  0 users,  load average: 61.10, 60.87, 60.02\n"
        "Tasks: 1214 total,  25 running, 1189 sleeping,   0 stopped,   0 zombie\n"
        "%Cpu(s): 27.1 us,  1.3 sy,  0.0 ni, 71.5 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st\n"
        "MiB Mem : 2063891.2 total, 1897233.0 free, 101441.9 used,  65216.3 buff/cache\n"
        "MiB Swap:      0.0 total,      0.0 free,      0.0 used. 1949112.7 avail Mem\n\n"
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
        "  812211 mlsvc     20   0   61.2g  12.1g 901220 R 100.0   0.6  71:02.12 python\n"
        "  812212 mlsvc     20   0   61.2g  12.0g 899812 R  99.7   0.6  70:48.40 python\n"
        "  812301 mlsvc     20   0   10.4g   2.2g  61220 S  88.1   0.1  59:01.33 pt_data_worker\n")
    files["gpu-f02/mpstat.txt"] = (
        "Linux 5.4.0-182-generic (gpu-f02) \t06/25/2024 \t_x86_64_\t(224 CPU)\n\n"
        "02:41:10 PM  CPU    %usr   %nice    %sys %iowait    %irq   %soft  %steal  %guest  %gnice   %idle\n"
        "02:41:11 PM  all   96.41    0.00    3.30    0.00    0.00    0.09    0.00    0.00    0.00    0.20\n"
        "02:41:12 PM  all   96.12    0.00    3.55    0.00    0.00    0.11    0.00    0.00    0.00    0.22\n"
        "02:41:13 PM  all   96.58    0.00    3.18    0.00    0.00    0.07    0.00    0.00    0.00    0.17\n"
        "Average:     all   96.37    0.00    3.34    0.00    0.00    0.09    0.00    0.00    0.00    0.20\n")
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "gpu-f02", "rank": None},
                 action="restart_without_node",
                 rationale="Only gpu-f02's ranks (8, 11 and 14 in the logs) show data=~2.3 s per iteration while every other rank shows the same ~2.3 s in sync_wait, so the whole job runs at gpu-f02's pace. top/mpstat there show 96% CPU busy with load ~430, driven by a foreign 3-day-old 'dedup_minhash.py --workers 224' from user kchen in a login session outside the Slurm job.",
                 modelled_on="https://github.com/ray-project/ray/issues/42135")
    return name, files, label


# =============================================================================================
def bt14():
    rng = Random(7514)
    name = "bt14_iteration_time_up_20pct_since_start"
    nodes = ["node-017", "node-018", "node-019", "node-020"]
    start = T("2024-09-02 07:00:05")
    files = {}
    L = []
    L += megatron_args([("tensor_model_parallel_size", 4), ("pipeline_model_parallel_size", 1), ("data_parallel_size", 8),
                        ("world_size", 32), ("global_batch_size", 512), ("micro_batch_size", 2), ("log_interval", 10),
                        ("overlap_grad_reduce", False), ("train_iters", 100000), ("timing_log_level", 1)], prefix="31: ")
    t = add(start, 150)
    for it in range(10, 2001, 10):
        ms = 2610.0 + rng.uniform(-30, 40)
        t = add(t, ms / 100.0)
        L.append(megatron_line(t, it, 100000, it * 512, ms, 301.2 * 2150 / ms, 3e-4, 512, 2.6 - it * 0.00012 + rng.uniform(-0.02, 0.02), 0.3 + rng.uniform(0, 0.06), prefix="31:"))
        if it % 100 == 0:
            L.append(" 0: (min, max) time across ranks (ms):")
            L.append(" 0:     forward-backward ...............................: (%.2f, %.2f)" % (2581.0 + rng.uniform(-10, 10), 2612.0 + rng.uniform(-10, 10)))
            L.append(" 0:     all-grads-sync .................................: (%.2f, %.2f)" % (611.0 + rng.uniform(-10, 10), 633.0 + rng.uniform(-10, 10)))
            L.append(" 0:     optimizer ......................................: (%.2f, %.2f)" % (24.0 + rng.uniform(-1, 1), 26.0 + rng.uniform(-1, 1)))
    files["slurm-90412.out"] = "\n".join(L) + "\n"
    files["prior_run_timers.txt"] = (
        "job 90170 (nodes node-0[13-16], same config, 2024-08-29):\n"
        "  elapsed time per iteration (ms): ~2170\n"
        "  all-grads-sync (min, max): (171.40, 180.02)\n")
    files["prolog_ib_check.log"] = (
        "[prolog 2024-09-02T06:59:21] ib_write_bw loopback per HCA, 8 MiB messages, 5 s\n"
        + "".join("[prolog] %s mlx5_%d  BW average: %6.2f Gb/sec  %s\n" % (
            h, i, 196.1 + (i * 0.7) % 2 if not (h == "node-019" and i == 3) else 48.3,
            "OK" if not (h == "node-019" and i == 3) else "WARN below threshold 180")
            for h in nodes for i in range(8))
        + "[prolog] node-019: WARN (not draining, warning-only policy)\n")
    s = ""
    for i in range(8):
        s += ibstat_ca(i, 19, rate=(100 if i == 3 else 400))
    files["node-019/ibstat.txt"] = s
    t1 = T("2024-09-02 08:30:00")
    files["node-019/perfquery_mlx5_3.txt"] = (
        "# %s perfquery -x -C mlx5_3 -P 1\n" % t1.strftime("%Y-%m-%d %H:%M:%S")
        + perfquery(371, 1, sym=48211, lerr=212, ldown=9, rcverr=3311, xdata=19923110022, rdata=19918003391, xpkts=88122301, rpkts=88010442, xwait=91023)
        + "# %s perfquery -x -C mlx5_3 -P 1\n" % add(t1, 900).strftime("%Y-%m-%d %H:%M:%S")
        + perfquery(371, 1, sym=65535, lerr=231, ldown=10, rcverr=3612, xdata=20410021104, rdata=20404881203, xpkts=90214312, rpkts=90100029, xwait=93110))
    files["node-018/perfquery_mlx5_3.txt"] = (
        "# %s perfquery -x -C mlx5_3 -P 1\n" % add(t1, 14).strftime("%Y-%m-%d %H:%M:%S")
        + perfquery(363, 1, xdata=78123110022, rdata=78118003391, xpkts=348122301, rpkts=348010442, xwait=118023))
    boot = T("2024-08-30 21:14:10")
    dm = boot_dmesg(boot, "node-019", nic_pci="9a:00.0")
    for k, tt in enumerate([T("2024-09-01 23:10:41"), T("2024-09-02 02:44:09"), T("2024-09-02 06:58:51")]):
        dm.append("%s mlx5_core 0000:9a:00.0 mlx5_3: Port: 1 Link DOWN" % uptime(boot, tt, 100 + k))
        dm.append("%s mlx5_core 0000:9a:00.0 mlx5_3: Port: 1 Link INIT" % uptime(boot, add(tt, 6), 200 + k))
        dm.append("%s mlx5_core 0000:9a:00.0 mlx5_3: Port: 1 Link ACTIVE" % uptime(boot, add(tt, 8), 300 + k))
    files["node-019/dmesg.txt"] = "\n".join(dm) + "\n"
    label = dict(category="straggler", layer="infrastructure", culprit={"node": "node-019", "rank": None},
                 action="restart_without_node",
                 rationale="Forward-backward time matches the earlier run but all-grads-sync rose from ~175 ms to ~620 ms, putting iterations at ~2.6 s instead of ~2.17 s. On node-019 only, mlx5_3 trained at Rate 100 instead of 400, the prolog ib_write_bw gave 48 Gb/s on that HCA vs ~196 elsewhere, its SymbolErrorCounter saturates at 65535 with LinkDowned rising, and dmesg shows the port flapping: a bad cable/port on that node.",
                 modelled_on="https://github.com/guilbaults/infiniband-exporter/issues/12")
    return name, files, label


# =============================================================================================
def bt15():
    rng = Random(7515)
    name = "bt15_step_time_jump_across_whole_job"
    leaf1 = ["gpu-l%02d" % i for i in range(1, 5)]
    leaf2 = ["gpu-l%02d" % i for i in range(5, 9)]
    nodes = leaf1 + leaf2
    start = T("2024-10-08 11:02:14")
    files = {}
    files["topology.json"] = json.dumps({"topology": {"leaf-01": leaf1, "leaf-02": leaf2, "spine-01": ["leaf-01", "leaf-02"], "spine-02": ["leaf-01", "leaf-02"]}}, indent=2) + "\n"
    L = []
    L.append("[NeMo I %s exp_manager:396] Experiments will be logged at /lustre/exp/gpt-20b/run-1008" % start.strftime("%Y-%m-%d %H:%M:%S"))
    el = 0.0
    ev = 10680.0  # seconds into training when uplinks drop
    for step in range(1, 7001):
        st = (3.94 if el > ev else 2.31) + rng.uniform(-0.05, 0.06)
        el += st
        if step % 20 == 0:
            L.append(nemo_bar(0, step, 50000, el, 2.7 - step * 0.00008 + rng.uniform(-0.02, 0.02), step - 1, step * 512.0, st))
    files["gpu-l01/nemo_log_globalrank-0.txt"] = "\n".join(L) + "\n"
    tr0 = add(start, 95)
    tev = add(tr0, ev)
    files["ufm_events.log"] = "".join([
        "%s INFO  [ufm] Periodic fabric health report: 0 errors, 0 warnings\n" % iso(add(tev, -3600)),
        "%s WARN  [ufm] Link leaf-02/P61 <-> spine-01/P07: BER 1.2e-10 above threshold 1e-12\n" % iso(add(tev, -412)),
        "%s WARN  [ufm] Link leaf-02/P61 <-> spine-01/P07: state changed ACTIVE -> DOWN\n" % iso(add(tev, -3)),
        "%s WARN  [ufm] Link leaf-02/P63 <-> spine-02/P07: state changed ACTIVE -> DOWN\n" % iso(add(tev, 2)),
        "%s WARN  [ufm] Link leaf-02/P62 <-> spine-01/P08: BER 4.9e-11 above threshold 1e-12\n" % iso(add(tev, 61)),
        "%s ERROR [ufm] leaf-02: 2 of 4 uplinks DOWN, uplink oversubscription now 2:1\n" % iso(add(tev, 64)),
        "%s INFO  [ufm] Ticket NET-7781 opened: leaf-02 uplink optics\n" % iso(add(tev, 900)),
    ])
    for h in ("gpu-l02", "gpu-l06", "gpu-l07"):
        nid = int(h[-2:])
        t1 = add(tev, 1800)
        w0 = 1210233 + nid * 1000
        files["%s/perfquery_mlx5_0.txt" % h] = (
            "# %s\n" % t1.strftime("%Y-%m-%d %H:%M:%S")
            + perfquery(500 + nid, 1, xdata=51022331103 + nid, rdata=51019110223, xpkts=220331201, rpkts=220119822, xwait=w0)
            + "# %s\n" % add(t1, 300).strftime("%Y-%m-%d %H:%M:%S")
            + perfquery(500 + nid, 1, xdata=51987221100 + nid, rdata=51983001121, xpkts=224412330, rpkts=224198221, xwait=w0 + 48811902 + nid * 1777))
    for h in ("gpu-l03", "gpu-l06"):
        s = "".join(ibstat_ca(i, int(h[-2:])) for i in range(8))
        files["%s/ibstat.txt" % h] = s
    files["sacct.txt"] = (
        "JobID           JobName      State              Start    Elapsed        NodeList \n"
        "------------ ---------- ---------- ------------------- ---------- --------------- \n"
        "118830        gpt20b-pt    RUNNING 2024-10-08T11:02:09   07:11:40 gpu-l[01-08] \n")
    label = dict(category="straggler", layer="infrastructure", culprit=None, action="restart",
                 rationale="train_step_timing jumps from ~2.3 s to ~3.9 s at one instant for the whole job; UFM logs two of leaf-02's four spine uplinks going DOWN at that moment (2:1 oversubscription), and PortXmitWait climbs ~49M in five minutes on hosts under both leaves while symbol/link errors stay at zero and every host HCA is Active at 400. A shared switch-level fault, not one node.",
                 modelled_on="https://github.com/mlfoundations/open_clip/issues/466")
    return name, files, label


CASES = [bt08, bt09, bt10, bt11, bt12, bt13, bt14, bt15]
