"""Cases bk11-bk20."""

import random

import nodetools as nt
from corpus_lib import (Bundle, label, T, tz, add, rng_seed, f_pylog, f_torchlog, f_journal, f_iso, f_dmesg_T,
                        f_glog, f_syslog, tee, cuda_error_tb, train_frames, sacct, PY, child_failed, sigterm_lines,
                        agent_failed, watchdog_timeout, megatron_iter)
from scaffold import Job, progress_pylog


def _ib_guid(rng):
    return "0x%016x" % (0xa088c20300000000 + rng.getrandbits(24))


def _ibstat_node(rng, hcas, down=None):
    out = []
    for i, hca in enumerate(hcas):
        st, ph, rate = ("Active", "LinkUp", 400)
        if down and hca in down:
            st, ph, rate = down[hca]
        out += nt.ibstat_ca(hca, _ib_guid(rng), st, ph, rate, lid=1000 + rng.randrange(3000) if st == "Active" else 65535)
    return out


# ============================================================================ bk11

def bk11():
    name = "bk11_one_node_went_silent_others_timed_out"
    rng = random.Random(rng_seed(name))
    hosts = ["cn-2a01", "cn-2a02", "cn-2a03", "cn-2a04"]
    ips = ["10.12.0.41", "10.12.0.42", "10.12.0.43", "10.12.0.44"]
    est = tz(-5)
    job = Job(rng, hosts, ips, script="train.py", nccl="2.19.3+cuda12.3")
    b = Bundle(name, label(
        "host", "infrastructure", "cn-2a03", None, "restart_without_node",
        "cn-2a03's log stops mid-run with no error; peers then report IB completion errors from 10.12.0.43 (cn-2a03) and "
        "time out. cn-2a03's BMC SEL records a CPU1 IERR at 03:12:41 followed by an OS-watchdog hard reset and reboot, and "
        "its journal shows the previous boot ending without a shutdown: the node itself crashed.",
        "https://huataihuang.gitbook.io/cloud-atlas-draft/server/ipmi/ipmi_operation_and_sel"))
    t0 = T(2024, 1, 23, 0, 48, 2, 0, est)
    dead = T(2024, 1, 23, 3, 12, 41, 0, est)

    def fmt(s, t):
        return "step=%d loss=%.4f lr=%.2e tokens/s=%d" % (s, 3.1 * (s + 100) ** -0.07, 2e-4, 118200 + rng.randrange(900))
    prog, _ = progress_pylog(add(t0, 55), 10, 4430, 10, 1.95, fmt, rng)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        ni = hosts.index(h)
        # per-rank heartbeat from local rank 0 of every node
        hb = []
        s = 200
        tt = add(t0, 55 + (s - 10) * 1.95 + rng.uniform(0.2, 0.9))
        while tt < (dead if h == "cn-2a03" else add(dead, 20)):
            hb.append("%s - train - INFO - [rank%d] heartbeat step=%d max_mem_alloc=61.2GB" % (f_pylog(tt), ni * 8, s))
            s += 50
            tt = add(t0, 55 + (s - 10) * 1.95 + rng.uniform(0.2, 0.9))
        if h == "cn-2a01":
            log += tee(0, sorted(prog + hb))
        else:
            log += tee(0, hb)
        if h != "cn-2a03":
            te = add(dead, 19.4 + rng.uniform(0, 2))
            for lr in (3, 7) if ni != 0 else (7,):
                pid = job.pids[h][lr]
                msg = "NET/IB : Got completion from peer 10.12.0.43<%d> with error 12, opcode 0, len 0, vendor err 129 (Send) localGid fe80::a088:c203:e1:%04x remoteGid fe80::a088:c203:e1:b3f8" % (
                    46000 + rng.randrange(900), 0xb200 + ni * 17 + lr)
                err = "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN %s" % (h, pid, pid + 310, lr, msg)
                log += tee(lr, [err,
                                "%s:%d:%d [%d] NCCL INFO transport/net.cc:1285 -> 6" % (h, pid, pid + 310, lr),
                                "%s:%d:%d [%d] NCCL INFO proxy.cc:694 -> 6" % (h, pid, pid + 310, lr),
                                "%s:%d:%d [%d] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]" % (h, pid, pid + 310, lr)])
                r = job.rank(h, lr)
                log += tee(lr, ["[rank%d]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % (r, r),
                                "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                                "Last error:", msg])
            log += job.watchdog_storm(h, add(dead, 610), seq=136920, skip=(3, 7) if ni != 0 else (7,))
            pids = job.pids[h]
            tf = add(dead, 614)
            log += agent_failed(tf, -6, 0, pids[0])
            log += child_failed(tf, h, "train.py", job.rank(h, 0), 0, -6, pids[0],
                                others=[(job.rank(h, lr), lr, -6, pids[lr]) for lr in range(1, 8)], signal_name="SIGABRT")
        b.node(h, "torchrun.log", log)

    sel = [
        (T(2023, 11, 2, 14, 1, 7), "Event Logging Disabled SEL", "Log area reset/cleared", "Asserted"),
        (T(2023, 11, 20, 9, 33, 12), "Power Supply PS2 Status", "Power Supply AC lost", "Asserted"),
        (T(2023, 11, 20, 9, 41, 50), "Power Supply PS2 Status", "Power Supply AC lost", "Deasserted"),
        (T(2024, 1, 23, 3, 12, 41), "Processor CPU1 Status", "IERR", "Asserted"),
        (T(2024, 1, 23, 3, 12, 41), "Critical Interrupt PCIE Error", "Bus Fatal Error", "Asserted"),
        (T(2024, 1, 23, 3, 15, 41), "Watchdog2 OS Watchdog", "Hard reset", "Asserted"),
        (T(2024, 1, 23, 3, 15, 44), "System ACPI Power State ACPI State", "S0/G0: working", "Asserted"),
        (T(2024, 1, 23, 3, 17, 2), "System Boot Initiated System Restart", "Initiated by hard reset", "Asserted"),
    ]
    b.node("cn-2a03", "ipmitool-sel-elist.txt", nt.sel_elist(sel, start_id=0x1a0))
    b.node("cn-2a03", "journalctl-list-boots.txt", [
        "IDX BOOT ID                          FIRST ENTRY                 LAST ENTRY",
        " -2 3f0d9b7c1e2a4c33a8f1d0b7a9c4e211 Mon 2023-11-20 09:44:18 EST Tue 2024-01-09 06:02:57 EST",
        " -1 8a21c6e0f3d94d1b9b7e05c2d4a1f6e8 Tue 2024-01-09 06:05:31 EST Tue 2024-01-23 03:12:40 EST",
        "  0 c71e9a0d2b5f4e8a8d3c6b1f0e9a7d25 Tue 2024-01-23 03:19:58 EST Tue 2024-01-23 08:40:12 EST",
    ])
    b.node("cn-2a03", "journalctl-b-1-tail.txt", [
        "Jan 23 03:10:01 cn-2a03 CRON[211873]: (root) CMD (/usr/lib/sa/sa1 1 1)",
        "Jan 23 03:11:14 cn-2a03 systemd[1]: Started Session 3310 of User slurm.",
        "Jan 23 03:12:02 cn-2a03 nvidia-persistenced[2241]: device 0000:18:00.0 - persistence mode enabled.",
        "Jan 23 03:12:40 cn-2a03 chronyd[1711]: Selected source 10.12.255.1",
    ])
    b.node("cn-2a03", "last-x.txt", [
        "reboot   system boot  5.15.0-91-generi Tue Jan 23 03:19   still running",
        "slurm    pts/0        10.12.255.9      Tue Jan 23 00:47 - crash  (02:25)",
        "reboot   system boot  5.15.0-91-generi Tue Jan  9 06:05 - 03:19 (13+21:13)",
        "runlevel (to lvl 5)   5.15.0-91-generi Tue Jan  9 06:02 - 06:05  (00:02)",
        "",
        "wtmp begins Mon Nov 20 09:44:18 2023",
    ])
    return b


# ============================================================================ bk12

def bk12():
    name = "bk12_rank_died_with_bus_error"
    rng = random.Random(rng_seed(name))
    hosts = ["gx-11", "gx-12"]
    ips = ["10.200.5.11", "10.200.5.12"]
    job = Job(rng, hosts, ips, script="train_diffusion.py", nccl="2.21.5+cuda12.4")
    b = Bundle(name, label(
        "host", "infrastructure", "gx-12", 10, "restart_without_node",
        "Rank 10 (gx-12 local rank 2) died with SIGBUS and a 'Fatal Python error: Bus error' while gx-11 only timed out. "
        "gx-12's mcelog and rasdaemon record an uncorrected DRAM read error (SRAR) on socket 0 MC#2 channel 0 at that "
        "second - host memory hardware, not the job. The older corrected scrub error on another DIMM is unrelated.",
        "https://lyz-code.github.io/blue-book/rasdaemon"))
    t0 = T(2024, 8, 27, 12, 0, 9)
    crash = T(2024, 8, 27, 16, 41, 7, 402000)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, plugin_notice=False)
        if h == "gx-11":
            def fmt(s, t):
                return "epoch=%d step=%d loss_simple=%.4f loss_vlb=%.5f lr=%.2e" % (s // 2500, s, 0.121 + rng.uniform(-0.01, 0.01), 0.0031, 1e-4)
            prog, _ = progress_pylog(add(t0, 80), 50, 8400, 50, 2.0, fmt, rng, logger="sd")
            log += tee(0, prog)
            log += job.watchdog_storm(h, add(crash, 600), seq=201644, numel=865910784)
            pids = job.pids[h]
            log += agent_failed(add(crash, 603), -6, 0, pids[0])
            log += child_failed(add(crash, 603), h, "train_diffusion.py", 0, 0, -6, pids[0],
                                others=[(lr, lr, -6, pids[lr]) for lr in range(1, 8)], signal_name="SIGABRT")
        else:
            pid = job.pids[h][2]
            log += tee(2, ["Fatal Python error: Bus error", "",
                           "Thread 0x00007f4c0effd640 (most recent call first):",
                           '  File "%s/torch/utils/data/_utils/pin_memory.py", line 31 in do_one_step' % PY,
                           '  File "%s/torch/utils/data/_utils/pin_memory.py", line 54 in _pin_memory_loop' % PY,
                           '  File "/usr/lib/python3.10/threading.py", line 953 in run',
                           '  File "/usr/lib/python3.10/threading.py", line 1016 in _bootstrap_inner',
                           '  File "/usr/lib/python3.10/threading.py", line 973 in _bootstrap', "",
                           "Current thread 0x00007f4d6b2ff740 (most recent call first):",
                           '  File "/srv/sd/train_diffusion.py", line 377 in train_one_step',
                           '  File "/srv/sd/train_diffusion.py", line 455 in main',
                           '  File "/srv/sd/train_diffusion.py", line 470 in <module>', "",
                           "Extension modules: numpy.core._multiarray_umath, torch._C, torch._C._fft, PIL._imaging (total: 31)"])
            log += job.agent_teardown(h, add(crash, 1.1), 2, -7, signal_name="SIGBUS")
        b.node(h, "torchrun.log", log)
    mce = []
    mce += nt.mcelog_mem_ce(T(2024, 8, 6, 14, 2, 31), 57, 13, 0x5a1e330040, 1, 1, 1, apicid=0x72)
    mce += nt.mcelog_mem_uc(T(2024, 8, 27, 16, 41, 7), 18, 7, 0x3f2a1c8000, 0, 0, 0, apicid=0x24)
    b.node("gx-12", "var-log-mcelog.txt", mce)
    b.node("gx-12", "ras-mc-ctl-errors.txt", [
        "Memory controller events:",
        "1 2024-08-06 14:02:31 +0000 1 Corrected error(s): memory scrubbing error at CPU_SrcID#1_MC#0_Chan#1_DIMM#0 location: 1:0:1:0, addr 0x5a1e330040, grain 5, syndrome 0x0  err_code:0x0008:0x00c1 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelId:0x1 DimmSlotId:0x0",
        "2 2024-08-27 16:41:07 +0000 1 Uncorrected error(s): memory read error at CPU_SrcID#0_MC#2_Chan#0_DIMM#0 location: 0:2:0:0, addr 0x3f2a1c8000, grain 5, syndrome 0x0  err_code:0x0080:0x0091 SystemAddress:0x3f2a1c8000 ProcessorSocketId:0x0 MemoryControllerId:0x2 ChannelAddress:0x7e543f00 ChannelId:0x0 RankAddress:0x3f2a1f80 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x1f95 Column:0x3f0 Bank:0x2 BankGroup:0x1",
        "",
        "No PCIe AER errors.",
        "",
        "No Extlog errors.",
        "",
        "MCE events:",
        "1 2024-08-27 16:41:07 +0000 error: MEMORY CONTROLLER RD_CHANNEL0_ERR Transaction: Memory read error, mcg mcgstatus=7, mci Uncorrected_error Error_enabled SRAR, mcgcap=0x0f000c14, status=0xbe00000000800091, addr=0x3f2a1c8000, misc=0x9001041008a0086, walltime=0x66ce0113, cpu=0x00000012, cpuid=0x000806f8, apicid=0x00000024, socketid=0x00000000, bank=0x00000007",
    ])
    b.node("gx-11", "ras-mc-ctl-summary.txt", ["No Memory errors.", "", "No PCIe AER errors.", "", "No Extlog errors.", "", "No MCE errors."])
    return b


# ============================================================================ bk13

def bk13():
    name = "bk13_every_rank_oom_on_first_step"
    rng = random.Random(rng_seed(name))
    hosts = ["trn-b01", "trn-b02", "trn-b03", "trn-b04"]
    ips = ["10.30.9.1", "10.30.9.2", "10.30.9.3", "10.30.9.4"]
    job = Job(rng, hosts, ips, script="train.py", nccl="2.20.5+cuda12.4")
    b = Bundle(name, label(
        "oom", "framework", None, None, "stop",
        "All 32 ranks hit CUDA OOM in the first forward after micro_batch_size was raised to 8 with activation "
        "checkpointing off; the process itself holds ~74 GiB, no foreign GPU process exists. trn-b02's EDAC corrected "
        "count (3) is the same before and after the job and is unrelated.",
        "https://github.com/NVIDIA-NeMo/Automodel/pull/2673"))
    t0 = T(2024, 10, 21, 10, 3, 30)
    b.add("config.yaml", [
        "model: llama3-8b",
        "seq_len: 8192",
        "micro_batch_size: 8        # was 4 in run 0412",
        "global_batch_size: 512",
        "activation_checkpointing: false",
        "fsdp:",
        "  sharding_strategy: FULL_SHARD",
        "  mixed_precision: bf16",
        "optimizer:",
        "  name: adamw",
        "  lr: 3.0e-4",
    ])
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        for lr in range(8):
            r = job.rank(h, lr)
            free = 4.9 + rng.uniform(0, 0.4)
            tb = ["[rank%d]: Traceback (most recent call last):" % r,
                  '[rank%d]:   File "/app/train.py", line 288, in <module>' % r,
                  "[rank%d]:     main()" % r,
                  '[rank%d]:   File "/app/train.py", line 231, in main' % r,
                  "[rank%d]:     logits = model(input_ids).logits" % r,
                  "[rank%d]:   ..." % r,
                  '[rank%d]:   File "%s/transformers/models/llama/modeling_llama.py", line 603, in forward' % (r, PY),
                  "[rank%d]:     attn_weights = torch.matmul(query_states, key_states.transpose(2, 3)) / math.sqrt(self.head_dim)" % r,
                  "[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (
                      r, lr, free, 79.11 - free - 0.04, 68.9 + rng.uniform(0, 0.3), 3.6 + rng.uniform(0, 0.3))]
            log += tee(lr, tb)
        pids = job.pids[h]
        tf = add(t0, 118)
        log += agent_failed(tf, 1, 0, pids[0])
        log += child_failed(tf, h, "train.py", job.rank(h, 0), 0, 1, pids[0],
                            others=[(job.rank(h, lr), lr, 1, pids[lr]) for lr in range(1, 8)])
        b.node(h, "torchrun.log", log)
    edac = ["mc0: 0 Uncorrected Errors with no DIMM info",
            "mc0: 0 Corrected Errors with no DIMM info",
            "mc0: csrow0: 0 Uncorrected Errors",
            "mc0: csrow0: CPU_SrcID#0_MC#0_Chan#0_DIMM#0: 0 Corrected Errors",
            "mc0: csrow0: CPU_SrcID#0_MC#0_Chan#1_DIMM#0: 3 Corrected Errors",
            "mc1: 0 Uncorrected Errors with no DIMM info",
            "mc1: 0 Corrected Errors with no DIMM info",
            "mc1: csrow0: 0 Uncorrected Errors",
            "mc1: csrow0: CPU_SrcID#1_MC#0_Chan#0_DIMM#0: 0 Corrected Errors",
            "mc1: csrow0: CPU_SrcID#1_MC#0_Chan#1_DIMM#0: 0 Corrected Errors"]
    b.node("trn-b02", "prolog-edac-util-v.txt", ["# edac-util -v  2024-10-21T10:02:51"] + edac)
    b.node("trn-b02", "epilog-edac-util-v.txt", ["# edac-util -v  2024-10-21T10:06:02"] + edac)
    for h in hosts:
        gpus = [nt.gpu(i, host=h) for i in range(8)]
        b.node(h, "epilog-nvidia-smi-q.txt", nt.nvsmi_q("Mon Oct 21 10:06:05 2024", "550.54.15", "12.4", gpus, expanded_sram=True))
    return b


# ============================================================================ bk14

def bk14():
    name = "bk14_cuda_unknown_error_then_nccl_abort"
    rng = random.Random(rng_seed(name))
    hosts = ["hpc-g01", "hpc-g02", "hpc-g03", "hpc-g04"]
    ips = ["10.70.1.1", "10.70.1.2", "10.70.1.3", "10.70.1.4"]
    job = Job(rng, hosts, ips, script="run_pretrain.py", nccl="2.21.5+cuda12.4")
    b = Bundle(name, label(
        "gpu_hardware", "infrastructure", "hpc-g04", 26, "restart_without_node",
        "Rank 26 (hpc-g04 local rank 2) failed with 'CUDA error: unknown error'. On hpc-g04 nvidia-smi can no longer get a "
        "handle for 0000:3A:00.0, lspci shows that device as rev ff with an unreadable config space, and its upstream "
        "switch port has the link down with a surprise-down AER error: the GPU fell off the bus.",
        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507"))
    t0 = T(2024, 12, 2, 21, 30, 1)
    crash = T(2024, 12, 3, 0, 58, 44, 810000)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        if h == "hpc-g01":
            def fmt(s, t):
                return "[train] step %d loss %.3f ppl %.1f tflops %.1f" % (s, 2.6 - s / 60000.0, 13.4 - s / 5000.0, 389 + rng.uniform(-4, 4))
            prog, _ = progress_pylog(add(t0, 66), 25, 5600, 25, 2.23, fmt, rng)
            log += tee(0, prog)
        if h == "hpc-g04":
            tb = cuda_error_tb(train_frames("/opt/llm/run_pretrain.py", 302, "item"), "RuntimeError: CUDA error: unknown error")
            log += tee(2, ["[rank26]: " + l if l else l for l in tb])
            pid = job.pids[h][5]
            log += tee(5, ["hpc-g04:%d:%d [5] NCCL INFO [Service thread] Connection closed by localRank 2" % (pid, pid + 301)])
            log += job.agent_teardown(h, add(crash, 1.4), 2, 1)
        else:
            log += job.watchdog_storm(h, add(crash, 600), seq=90412, numel=50331648)
            pids = job.pids[h]
            log += agent_failed(add(crash, 602), -6, 0, pids[0])
            log += child_failed(add(crash, 602), h, "run_pretrain.py", job.rank(h, 0), 0, -6, pids[0],
                                others=[(job.rank(h, lr), lr, -6, pids[lr]) for lr in range(1, 8)], signal_name="SIGABRT")
        b.node(h, "torchrun.log", log)
    gl = [nt.gpu(i, host="hpc-g04") for i in range(8)]
    ls = []
    for g in gl:
        if g["idx"] == 2:
            ls.append("Unable to determine the device handle for gpu 0000:3A:00.0: Unknown Error")
        else:
            ls.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: %s)" % (g["idx"], g["uuid"]))
    b.node("hpc-g04", "postmortem/nvidia-smi-L.txt", ls)
    b.node("hpc-g04", "postmortem/nvidia-smi.txt", ["Unable to determine the device handle for GPU0000:3A:00.0: Unknown Error"])
    b.node("hpc-g04", "postmortem/lspci-vvv-3a.txt", [
        "3a:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev ff) (prog-if ff)",
        "\t!!! Unknown header type 7f",
        "\tPhysical Slot: 3",
        "\tKernel driver in use: nvidia",
        "\tKernel modules: nvidiafb, nouveau, nvidia_drm, nvidia",
        "",
        "38:02.0 PCI bridge: Broadcom / LSI PEX890xx PCIe Gen 5 Switch (rev b0) (prog-if 00 [Normal decode])",
        "\tControl: I/O+ Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr+ Stepping- SERR+ FastB2B- DisINTx+",
        "\tBus: primary=38, secondary=3a, subordinate=3a, sec-latency=0",
        "\tCapabilities: [68] Express (v2) Downstream Port (Slot+), MSI 00",
        "\t\tLnkCap:\tPort #2, Speed 32GT/s, Width x16, ASPM not supported",
        "\t\t\tClockPM- Surprise+ LLActRep+ BwNot+ ASPMOptComp+",
        "\t\tLnkSta:\tSpeed 2.5GT/s (downgraded), Width x0 (downgraded)",
        "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt+ ABWMgmt-",
        "\t\tSltSta:\tStatus: AttnBtn- PowerFlt- MRL- CmdCplt- PresDet+ Interlock-",
        "\t\t\tChanged: MRL- PresDet- LinkState+",
        "\tCapabilities: [100 v2] Advanced Error Reporting",
        "\t\tUESta:\tDLP- SDES+ TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-",
        "\t\tUEMsk:\tDLP- SDES- TLP- FCP- CmpltTO- CmpltAbrt- UnxCmplt- RxOF- MalfTLP- ECRC- UnsupReq- ACSViol-",
        "\t\tUESvrt:\tDLP+ SDES+ TLP- FCP+ CmpltTO- CmpltAbrt- UnxCmplt- RxOF+ MalfTLP+ ECRC- UnsupReq- ACSViol-",
        "\t\tCESta:\tRxErr- BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr-",
        "\t\tCEMsk:\tRxErr- BadTLP- BadDLLP- Rollover- Timeout- AdvNonFatalErr+",
        "\t\tAERCap:\tFirst Error Pointer: 05, ECRCGenCap+ ECRCGenEn- ECRCChkCap+ ECRCChkEn-",
        "\t\tHeaderLog: 00000000 00000000 00000000 00000000",
        "\tKernel driver in use: pcieport",
    ])
    gl3 = [nt.gpu(i, host="hpc-g03") for i in range(8)]
    gl3[4].update(ecc_a=(2, 0, 0, 0))
    b.node("hpc-g03", "postmortem/nvidia-smi-q.txt", nt.nvsmi_q("Tue Dec  3 01:12:30 2024", "550.90.07", "12.4", gl3, expanded_sram=True))
    return b


# ============================================================================ bk15

def bk15():
    name = "bk15_job_killed_at_wall_clock_limit"
    rng = random.Random(rng_seed(name))
    hosts = ["gpu-e05", "gpu-e06"]
    ips = ["10.44.5.5", "10.44.5.6"]
    job = Job(rng, hosts, ips, script="train.py", nccl="2.18.5+cuda12.2")
    b = Bundle(name, label(
        "unknown", "framework", None, None, "none",
        "Slurm cancelled the job at its 12 h time limit ('CANCELLED ... DUE TO TIME LIMIT', sacct TIMEOUT) while it was "
        "still making normal progress. The corrected PCIe errors (RxErr/BadDLLP) logged for the NIC on gpu-e06 are "
        "corrected-only and did not stop anything.",
        "https://help.rc.ufl.edu/doc/SLURM_Job_States"))
    t0 = T(2024, 6, 11, 6, 0, 9)
    tend = T(2024, 6, 11, 18, 0, 14)
    out = ["+ srun torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-e05:29400 train.py --cfg cfg/clip_vitl.yaml"]

    def fmt(s, t):
        return "Train Epoch: %d [%d/%d] Loss: %.4f Data (t): %.3f Batch (t): %.3f, %.1f/s, %.1f/s/gpu LR: %.6f" % (
            s // 4000, (s % 4000) * 4096, 4000 * 4096, 2.91 - s / 90000.0, 0.071, 0.851 + rng.uniform(-0.01, 0.01), 4812.2, 300.8, 5e-4)
    prog, _ = progress_pylog(add(t0, 95), 100, 50700, 100, 0.851, fmt, rng, logger="clip")
    out += prog
    out += ["slurmstepd: error: *** JOB 771203 ON gpu-e05 CANCELLED AT 2024-06-11T18:00:14 DUE TO TIME LIMIT ***",
            "slurmstepd: error: *** STEP 771203.0 ON gpu-e05 CANCELLED AT 2024-06-11T18:00:14 DUE TO TIME LIMIT ***",
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
            f_torchlog(add(tend, 0.2)) + " torch.distributed.elastic.agent.server.api: [INFO] Received Signals.SIGTERM death signal, shutting down workers"]
    out += sigterm_lines(add(tend, 0.2), job.pids["gpu-e05"])
    out += ["torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (job.pids["gpu-e05"][0] - 41)]
    b.add("slurm-771203.out", out)
    b.add("sacct-771203.txt", sacct([
        ("771203", "clip-vitl", "a100", "TIMEOUT", "0:0", "12:00:05", "gpu-e[05-06]"),
        ("771203.batch", "batch", "", "CANCELLED", "0:15", "12:00:07", "gpu-e05"),
        ("771203.0", "torchrun", "", "CANCELLED", "0:15", "12:00:06", "gpu-e[05-06]"),
    ]))
    for h in hosts:
        b.node(h, "nccl-init.log", job.nccl_lines(h, plugin_notice=True, use_tee=False))
    jk = []
    tt = T(2024, 6, 11, 7, 12, 3, 118000)
    for i in range(9):
        jk.append(f_journal(tt) + " gpu-e06 kernel: pcieport 0000:a0:01.0: AER: Corrected error received: 0000:a1:00.0")
        jk.append(f_journal(add(tt, 0.0001)) + " gpu-e06 kernel: mlx5_core 0000:a1:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)")
        jk.append(f_journal(add(tt, 0.0002)) + " gpu-e06 kernel: mlx5_core 0000:a1:00.0:   device [15b3:1021] error status/mask=00000041/00002000")
        jk.append(f_journal(add(tt, 0.0003)) + " gpu-e06 kernel: mlx5_core 0000:a1:00.0:    [ 0] RxErr                  (First)")
        jk.append(f_journal(add(tt, 0.0004)) + " gpu-e06 kernel: mlx5_core 0000:a1:00.0:    [ 6] BadTLP")
        tt = add(tt, 3600 + rng.randrange(900))
    b.node("gpu-e06", "journalctl-k-aer.txt", jk)
    nic = nt.lspci_gpu("a1:00.0", "Mellanox Technologies MT2910 Family [ConnectX-7]", "32GT/s", "x16", "32GT/s", "x16",
                       cesta={"RxErr": "+", "BadDLLP": "+"}, driver="mlx5_core", rev="00",
                       subsystem="Mellanox Technologies Device 0040")
    nic[0] = "a1:00.0 Infiniband controller: Mellanox Technologies MT2910 Family [ConnectX-7]"
    nic[-2] = "\tKernel modules: mlx5_core"
    b.node("gpu-e06", "lspci-vvv-a1.txt", nic)
    return b


# ============================================================================ bk16

DGX_HCAS = ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]


def bk16():
    name = "bk16_nccl_ib_errors_then_crash"
    rng = random.Random(rng_seed(name))
    hosts = ["dgxh-101", "dgxh-102", "dgxh-103", "dgxh-104"]
    ips = ["10.30.4.101", "10.30.4.102", "10.30.4.103", "10.30.4.104"]
    job = Job(rng, hosts, ips, script="train.py", nccl="2.21.5+cuda12.4", hcas=DGX_HCAS)
    b = Bundle(name, label(
        "network", "infrastructure", "dgxh-103", None, "restart_without_node",
        "dgxh-103 and dgxh-102 accuse each other with IB completion errors, but only dgxh-103 has node-local evidence: "
        "its rank 18 saw a local 'port error' async event first and ibstat shows mlx5_4 Down/Polling, while every HCA on "
        "dgxh-102 is Active at 400 Gb/s.",
        "https://github.com/NVIDIA/nccl/issues/905"))
    t0 = T(2025, 2, 11, 8, 30, 0)
    tev = T(2025, 2, 11, 11, 2, 14, 332000)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        if h == "dgxh-101":
            def fmt(s, t):
                return "iter %d loss %.4f grad_norm %.3f step_ms %.0f" % (s, 2.2 - s / 70000.0, 0.5 + rng.uniform(-0.1, 0.1), 1612 + rng.uniform(-15, 15))
            prog, _ = progress_pylog(add(t0, 80), 50, 5600, 50, 1.612, fmt, rng)
            log += tee(0, prog)
        if h == "dgxh-103":
            pid = job.pids[h][2]
            log += tee(2, [
                "dgxh-103:%d:%d [2] transport/net_ib.cc:90 NCCL WARN NET/IB : Got async event : port error" % (pid, pid + 207),
                "dgxh-103:%d:%d [2] transport/net_ib.cc:2315 NCCL WARN NET/IB: Got completion from peer 10.30.4.102<58113> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::a088:c203:4f:1e22 remoteGids fe80::a088:c203:4f:0b9a hca mlx5_4" % (pid, pid + 311),
                "dgxh-103:%d:%d [2] NCCL INFO transport/net.cc:1296 -> 6" % (pid, pid + 311),
                "dgxh-103:%d:%d [2] NCCL INFO proxy.cc:698 -> 6" % (pid, pid + 311),
                "dgxh-103:%d:%d [2] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (pid, pid + 311),
                "[rank18]:[E0211 11:02:49.114201 %d ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank 18] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % pid,
                "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "Last error:",
                "NET/IB: Got completion from peer 10.30.4.102<58113> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::a088:c203:4f:1e22 remoteGids fe80::a088:c203:4f:0b9a hca mlx5_4",
            ])
            log += job.agent_teardown(h, T(2025, 2, 11, 11, 2, 52), 2, -6, signal_name="SIGABRT")
        elif h == "dgxh-102":
            pid = job.pids[h][2]
            log += tee(2, [
                "dgxh-102:%d:%d [2] transport/net_ib.cc:2315 NCCL WARN NET/IB: Got completion from peer 10.30.4.103<41022> with status=5 opcode=1 len=0 vendor err 249 (Recv) localGid fe80::a088:c203:4f:0b9a remoteGids fe80::a088:c203:4f:1e22 hca mlx5_4" % (pid, pid + 311),
                "dgxh-102:%d:%d [2] NCCL INFO transport/net.cc:1296 -> 6" % (pid, pid + 311),
                "[rank10]:[E0211 11:02:50.009114 %d ProcessGroupNCCL.cpp:1595] [PG 0 (default_pg) Rank 10] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % pid,
                "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "Last error:",
                "NET/IB: Got completion from peer 10.30.4.103<41022> with status=5 opcode=1 len=0 vendor err 249 (Recv) localGid fe80::a088:c203:4f:0b9a remoteGids fe80::a088:c203:4f:1e22 hca mlx5_4",
            ])
            log += job.agent_teardown(h, T(2025, 2, 11, 11, 2, 53), 2, -6, signal_name="SIGABRT")
        else:
            log += job.watchdog_storm(h, add(tev, 600), seq=44102, numel=67108864)
        b.node(h, "torchrun.log", log)
    for h in hosts:
        down = {"mlx5_4": ("Down", "Polling", 10)} if h == "dgxh-103" else None
        b.node(h, "ibstat.txt", _ibstat_node(rng, DGX_HCAS, down))
    return b


# ============================================================================ bk17

def bk17():
    name = "bk17_ib_retry_exceeded_on_one_rank"
    rng = random.Random(rng_seed(name))
    hosts = ["n5c%02d" % i for i in range(1, 17)]
    ips = ["10.44.2.%d" % (7 + i) for i in range(1, 17)]
    hcas = ["mlx5_%d" % i for i in range(8)]
    job = Job(rng, hosts, ips, script="pretrain.py", nccl="2.18.5+cuda12.2", hcas=hcas)
    acc, bad = "n5c02", "n5c11"
    bad_ip = ips[hosts.index(bad)]
    b = Bundle(name, label(
        "network", "infrastructure", bad, None, "restart_without_node",
        "Rank 12 on n5c02 reports IB retry-exceeded completions from peer %s, which the NCCL bootstrap lines map to n5c11. "
        "n5c11's perfquery on mlx5_3 shows SymbolErrorCounter, LinkErrorRecoveryCounter and LinkDownedCounter climbing "
        "between the midnight snapshot and the post-mortem, while n5c02's counters are clean: a bad link on n5c11." % bad_ip,
        "https://github.com/NVIDIA/nccl/issues/1698"))
    t0 = T(2024, 4, 30, 14, 0, 0)
    tev = T(2024, 4, 30, 17, 48, 2, 771000)
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, channels=2)
        if h == hosts[0]:
            def fmt(s, t):
                return "step %d | loss %.4f | gnorm %.2f | %.2f s/step" % (s, 2.5 - s / 50000.0, 0.6, 2.04 + rng.uniform(-0.02, 0.02))
            prog, _ = progress_pylog(add(t0, 120), 20, 6600, 20, 2.04, fmt, rng, logger="pt")
            log += tee(0, prog)
        if h == acc:
            pid = job.pids[h][4]
            rmsg = "NET/IB : Got completion from peer %s<40871> with error 12, opcode 0, len 0, vendor err 129 (Send) localGid fe80::a088:c203:2a:91d0 remoteGid fe80::a088:c203:2a:7c14" % bad_ip
            log += tee(4, ["n5c02:%d:%d [4] transport/net_ib.cc:1696 NCCL WARN %s" % (pid, pid + 290, rmsg),
                           "n5c02:%d:%d [4] NCCL INFO transport/net.cc:1285 -> 6" % (pid, pid + 290),
                           "n5c02:%d:%d [4] NCCL INFO proxy.cc:694 -> 6" % (pid, pid + 290),
                           "n5c02:%d:%d [4] NCCL INFO proxy.cc:874 -> 6 [Progress Thread]" % (pid, pid + 290),
                           "[rank12]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 12] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.18.5",
                           "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                           "Last error:", rmsg])
            log += job.agent_teardown(h, add(tev, 3.0), 4, -6, signal_name="SIGABRT")
        else:
            log += job.watchdog_storm(h, add(tev, 600), seq=52210, numel=16777216)
        b.node(h, "torchrun.log", log)
    for h in hosts:
        snap0, snap1 = [], []
        for i, hca in enumerate(hcas):
            lid = 200 + hosts.index(h) * 8 + i
            if h == bad and hca == "mlx5_3":
                s0 = nt.perfquery(lid, sym=6553, rec=41, down=2, rcv=118)
                s1 = nt.perfquery(lid, sym=9811, rec=255, down=37, rcv=4410)
            elif h == "n5c07" and hca == "mlx5_6":
                s0 = nt.perfquery(lid, sym=4)
                s1 = nt.perfquery(lid, sym=4)
            else:
                s0 = nt.perfquery(lid)
                s1 = nt.perfquery(lid)
            snap0 += ["## %s" % hca] + s0 + [""]
            snap1 += ["## %s" % hca] + s1 + [""]
        if h in (bad, acc, "n5c07"):
            b.node(h, "perfquery-2024-04-30T00-00.txt", snap0)
            b.node(h, "perfquery-2024-04-30T18-05.txt", snap1)
    return b


# ============================================================================ bk18

def bk18():
    name = "bk18_nccl_errors_between_many_node_pairs"
    rng = random.Random(rng_seed(name))
    topo = {"leaf-01": ["r1n1", "r1n2"], "leaf-02": ["r2n1", "r2n2"], "leaf-03": ["r3n1", "r3n2"], "leaf-04": ["r4n1", "r4n2"]}
    hosts = [h for v in topo.values() for h in v]
    ips = ["10.8.%d.%d" % (int(h[1]), 10 + int(h[3])) for h in hosts]
    ipmap = dict(zip(hosts, ips))
    hcas = ["mlx5_%d" % i for i in range(4)]
    job = Job(rng, hosts, ips, script="train.py", nccl="2.19.3+cuda12.3", hcas=hcas)
    b = Bundle(name, label(
        "network", "infrastructure", None, None, "restart",
        "Within two seconds four different nodes on four leaves report IB completion errors against four different peers, "
        "every pair crossing leaves; ibstat and perfquery are clean on every HCA of every node, and the subnet manager log "
        "shows spine-02 ports going down at that moment: a fabric problem, not a node.",
        "https://github.com/openucx/ucx/issues/9590"), topology={"topology": topo})
    t0 = T(2024, 9, 9, 6, 0, 0)
    tev = T(2024, 9, 9, 9, 41, 7, 118000)
    pairs = {"r1n1": "r3n2", "r2n2": "r4n1", "r3n1": "r1n2", "r4n2": "r2n1"}
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h, channels=2)
        if h == "r1n1":
            def fmt(s, t):
                return "step %d loss %.4f %.0f tok/s" % (s, 2.8 - s / 40000.0, 301000 + rng.randrange(3000))
            prog, _ = progress_pylog(add(t0, 60), 50, 6650, 50, 2.0, fmt, rng)
            log += tee(0, prog)
        if h in pairs:
            peer = pairs[h]
            lr = 1 + hosts.index(h) % 6
            pid = job.pids[h][lr]
            te = add(tev, rng.uniform(0, 1.9))
            msg = "NET/IB : Got completion from peer %s<%d> with error 12, opcode 0, len 0, vendor err 129 (Send) localGid fe80::1070:fd03:37:%04x remoteGid fe80::1070:fd03:37:%04x" % (
                ipmap[peer], 40000 + rng.randrange(9000), rng.getrandbits(16), rng.getrandbits(16))
            r = job.rank(h, lr)
            log += tee(lr, ["%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN %s" % (h, pid, pid + 280, lr, msg),
                            "%s:%d:%d [%d] NCCL INFO transport/net.cc:1285 -> 6" % (h, pid, pid + 280, lr),
                            "[rank%d]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % (r, r),
                            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                            "Last error:", msg])
            log += job.agent_teardown(h, add(te, 2.5), lr, -6, signal_name="SIGABRT")
        else:
            log += job.watchdog_storm(h, add(tev, 600), seq=33871, numel=8388608)
        b.node(h, "torchrun.log", log)
    for h in hosts:
        out = []
        for i, hca in enumerate(hcas):
            out += ["## %s" % hca] + nt.perfquery(300 + hosts.index(h) * 4 + i) + [""]
        b.node(h, "postmortem/perfquery.txt", out)
        b.node(h, "postmortem/ibstat.txt", _ibstat_node(rng, hcas))
    b.add("fabric/opensm.log", [
        "Sep 09 09:41:05 811233 [7F1E2B7FE640] 0x02 -> log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2 (Switch) from LID:4 TID:0x0000000000004e21",
        "Sep 09 09:41:05 811301 [7F1E2B7FE640] 0x01 -> osm_spst_rcv_process: spine-02 (0x0c42a10300c8f1e0) port 17: state changed ACTIVE -> DOWN",
        "Sep 09 09:41:05 811377 [7F1E2B7FE640] 0x01 -> osm_spst_rcv_process: spine-02 (0x0c42a10300c8f1e0) port 18: state changed ACTIVE -> DOWN",
        "Sep 09 09:41:05 812004 [7F1E2B7FE640] 0x01 -> osm_spst_rcv_process: spine-02 (0x0c42a10300c8f1e0) port 21: state changed ACTIVE -> DOWN",
        "Sep 09 09:41:06 114220 [7F1E2CFFF640] 0x02 -> SUBNET UP",
        "Sep 09 09:41:06 115093 [7F1E2CFFF640] 0x02 -> osm_ucast_mgr_process: ucast tables recalculated (fat-tree), 3 paths rerouted",
        "Sep 09 09:41:58 402118 [7F1E2B7FE640] 0x02 -> log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2 (Switch) from LID:4 TID:0x0000000000004e22",
        "Sep 09 09:41:58 402177 [7F1E2B7FE640] 0x01 -> osm_spst_rcv_process: spine-02 (0x0c42a10300c8f1e0) port 17: state changed DOWN -> ACTIVE",
    ])
    return b


# ============================================================================ bk19

def bk19():
    name = "bk19_step_time_drifted_up_after_first_hour"
    rng = random.Random(rng_seed(name))
    hosts = ["smc-h100-01", "smc-h100-02", "smc-h100-03"]
    ips = ["10.90.0.1", "10.90.0.2", "10.90.0.3"]
    job = Job(rng, hosts, ips, script="train.py", nccl="2.20.5+cuda12.4")
    b = Bundle(name, label(
        "straggler", "infrastructure", "smc-h100-02", None, "restart_without_node",
        "Step time drifted from ~1.5 s to ~2.3 s after the first hour with no error. On smc-h100-02 GPUs 4-7 sit at 87-91 C "
        "with HW and SW thermal slowdown active and reduced SM clocks, and the BMC reports FAN5/FAN6 at 0 RPM (critical); "
        "the other two nodes run cool at full clocks.",
        "https://github.com/leptonai/gpud/pull/331"))
    t0 = T(2024, 7, 18, 13, 0, 0, 0, tz(9))
    lines = []
    t = add(t0, 70)
    s = 20
    while s <= 4200:
        st = 1.51 if t < T(2024, 7, 18, 14, 2, 0, 0, tz(9)) else 2.31
        st += rng.uniform(-0.03, 0.03)
        lines.append("%s - train - INFO - step %d | loss %.4f | step_time %.2fs | mfu %.1f%%" % (f_pylog(t), s, 2.4 - s / 30000.0, st, 46.0 * 1.51 / st))
        t = add(t, 20 * st)
        s += 20
    for h in hosts:
        log = job.launcher_head(h, t0)
        log += job.nccl_lines(h)
        if h == hosts[0]:
            log += tee(0, lines)
        b.node(h, "torchrun.log", log)
    for h in hosts:
        gpus = [nt.busy(nt.gpu(i, host=h)) for i in range(8)]
        if h == "smc-h100-02":
            for g in gpus[4:]:
                g.update(temp=87 + g["idx"] % 4 + (1 if g["idx"] == 6 else 0), sm=1275 - g["idx"] * 15,
                         reasons={"HW Slowdown": "Active", "HW Thermal Slowdown": "Active", "SW Thermal Slowdown": "Active"})
                g["mem_temp"] = g["temp"] + 6
            for g in gpus[:4]:
                g.update(temp=71 + g["idx"])
        b.node(h, "nvidia-smi-q.txt", nt.nvsmi_q("Thu Jul 18 16:10:44 2024", "550.54.15", "12.4", gpus, expanded_sram=True))
        fans = []
        for i in range(1, 9):
            rpm = 0 if (h == "smc-h100-02" and i in (5, 6)) else 8400 + rng.randrange(600)
            st = "cr" if rpm == 0 else "ok"
            fans.append("FAN%-14d| %-18s| %s" % (i, ("%d RPM" % rpm), st))
        b.node(h, "ipmitool-sdr-type-fan.txt", fans)
        temps = [52.0 + rng.randrange(6) for _ in range(8)] if h != "smc-h100-02" else [58.0 + rng.randrange(6) for _ in range(8)]
        b.node(h, "sensors.txt", nt.coretemp(0, temps) + nt.coretemp(1, [tt + 1 for tt in temps]))
    return b


# ============================================================================ bk20

def bk20():
    name = "bk20_worker_pod_crash_nccl_unhandled_cuda_error"
    rng = random.Random(rng_seed(name))
    hosts = ["gke-a3-pool-7f2c-xk2p", "gke-a3-pool-7f2c-9wdl", "gke-a3-pool-7f2c-m9tq", "gke-a3-pool-7f2c-c41z"]
    ips = ["10.128.0.41", "10.128.0.57", "10.128.0.62", "10.128.0.70"]
    job = Job(rng, hosts, ips, script="/app/train.py", nccl="2.21.5+cuda12.4", ifname="eth0")
    bad = hosts[2]
    b = Bundle(name, label(
        "gpu_hardware", "infrastructure", bad, 22, "restart_without_node",
        "Worker-2 (rank 22, local GPU 6) died with an NCCL 'unhandled cuda error ... unspecified launch failure'. The "
        "dcgm-exporter scrape from its node shows DCGM_FI_DEV_XID_ERRORS=119 (GSP RPC timeout) on gpu 6 only, and the "
        "NVIDIA device plugin marked that GPU unhealthy; the other workers only report the collective aborting.",
        "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446"))
    t0 = T(2025, 1, 14, 4, 10, 2)
    crash = T(2025, 1, 14, 7, 22, 51, 44000)
    for i, h in enumerate(hosts):
        lines = ["%s INFO  entrypoint: WORLD_SIZE=32 RANK=%d LOCAL_WORLD_SIZE=8 MASTER_ADDR=llm-pretrain-master-0" % (t0.isoformat(), i)]
        lines += job.nccl_lines(h, plugin_notice=False, channels=2)
        if i == 0:
            def fmt(s, t):
                return "{\"step\": %d, \"loss\": %.4f, \"lr\": %.2e, \"step_time\": %.3f}" % (s, 2.3 - s / 40000.0, 2e-4, 2.41 + rng.uniform(-0.02, 0.02))
            prog, _ = progress_pylog(add(t0, 100), 10, 4720, 10, 2.41, fmt, rng, logger="metrics")
            lines += tee(0, prog)
        if h == bad:
            lines += tee(6, [
                "[rank22]: Traceback (most recent call last):",
                '[rank22]:   File "/app/train.py", line 391, in <module>',
                "[rank22]:     main()",
                '[rank22]:   File "/app/train.py", line 344, in main',
                "[rank22]:     dist.all_reduce(loss_sum, op=dist.ReduceOp.SUM)",
                '[rank22]:   File "%s/torch/distributed/c10d_logger.py", line 83, in wrapper' % PY,
                "[rank22]:     return func(*args, **kwargs)",
                '[rank22]:   File "%s/torch/distributed/distributed_c10d.py", line 2288, in all_reduce' % PY,
                "[rank22]:     work = group.allreduce([tensor], opts)",
                "[rank22]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
                "[rank22]: ncclUnhandledCudaError: Call to CUDA function failed.",
                "[rank22]: Last error:",
                "[rank22]: Cuda failure 'unspecified launch failure'",
            ])
            lines += job.agent_teardown(h, add(crash, 1.0), 6, 1)
        else:
            lines += job.watchdog_storm(h, add(crash, 1800), seq=48211, timeout_ms=1800000)
        b.node(h, "pods/llm-pretrain-worker-%d.log" % i, lines)
    for i, h in enumerate(hosts):
        gpus = [nt.gpu(j, host=h) for j in range(8)]
        pods = {j: ("training", "llm-pretrain-worker-%d" % i, "pytorch") for j in range(8)}
        vals = {
            "DCGM_FI_DEV_SM_CLOCK": lambda g: 1980,
            "DCGM_FI_DEV_GPU_TEMP": lambda g: 55 + g % 4,
            "DCGM_FI_DEV_POWER_USAGE": lambda g: "%.3f" % (611.3 - g * 4.4),
            "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": (lambda g: 12 if g == 1 else 0) if i == 1 else (lambda g: 0),
            "DCGM_FI_DEV_GPU_UTIL": lambda g: 100,
            "DCGM_FI_DEV_XID_ERRORS": (lambda g: 119 if g == 6 else 0) if h == bad else (lambda g: 0),
            "DCGM_FI_DEV_FB_USED": lambda g: 71208 + g * 9,
            "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS": lambda g: 0,
            "DCGM_FI_DEV_CORRECTABLE_REMAPPED_ROWS": lambda g: 0,
            "DCGM_FI_DEV_ROW_REMAP_FAILURE": lambda g: 0,
        }
        b.node(h, "dcgm-exporter-scrape-0723.prom", ["# scraped 2025-01-14T07:23:30Z from %s:9400/metrics" % h] +
               nt.exporter_metrics(h, gpus, vals, pods=pods, driver="550.90.07"))
    gpus = [nt.gpu(j, host=bad) for j in range(8)]
    b.node(bad, "nvidia-device-plugin.log", [
        "I0114 04:02:11.118230       1 main.go:317] Starting FS watcher for /var/lib/kubelet/device-plugins",
        "I0114 04:02:11.118911       1 main.go:356] Starting Plugins.",
        "I0114 04:02:11.501877       1 server.go:176] Registered device plugin for 'nvidia.com/gpu' with Kubelet",
        "I0114 07:22:50.880412       1 health.go:160] Processing event {Device:{Handle:0xc0003a6e28} EventType:8 EventData:119 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}",
        "I0114 07:22:50.880477       1 health.go:186] XidCriticalError: Xid=119 on Device=%s; marking device as unhealthy." % gpus[6]["uuid"],
        "I0114 07:22:50.880531       1 server.go:287] 'nvidia.com/gpu' device marked unhealthy: %s" % gpus[6]["uuid"],
    ])
    b.add("kubectl-get-pods.txt", [
        "NAME                    READY   STATUS      RESTARTS   AGE     IP             NODE",
        "llm-pretrain-master-0   0/1     Error       0          3h14m   10.8.0.12      gke-a3-pool-7f2c-xk2p",
        "llm-pretrain-worker-0   0/1     Error       0          3h14m   10.8.1.7       gke-a3-pool-7f2c-xk2p",
        "llm-pretrain-worker-1   0/1     Error       0          3h14m   10.8.2.9       gke-a3-pool-7f2c-9wdl",
        "llm-pretrain-worker-2   0/1     Error       0          3h14m   10.8.3.4       gke-a3-pool-7f2c-m9tq",
        "llm-pretrain-worker-3   0/1     Error       0          3h14m   10.8.4.11      gke-a3-pool-7f2c-c41z",
    ])
    return b


CASES = [bk11, bk12, bk13, bk14, bk15, bk16, bk17, bk18, bk19, bk20]
