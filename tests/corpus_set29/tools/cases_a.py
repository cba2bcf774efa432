"""o01-o10: GPU hardware, GPU memory, NVLink, one network case."""
from common import Bundle, D, sec, rng_for, set_label
from noise import P, port_flap, xid45_teardown
from std import run, cuda_err, nvsmi_q, PGS

GH = "https://github.com/"


def o01():
    name = "o01_nccl_timeouts_on_all_nodes_after_nine_hours"
    rng = rng_for(name)
    names = ["gpu-node-%03d" % i for i in range(101, 113)]
    cul = "gpu-node-110"
    b = Bundle(name, names)
    ov = {names[0]: {}}
    job, tf, seq = run(b, rng, names, "10.31.8", D("2024-03-11 23:58:10"), 1.9, 0, 17123, cul, 5,
                       kern=[(-0.4, "NVRM: GPU at PCI:0000:ab:00: GPU-7c1e2f0a-51d2-8a4b-0c7e-2bd1a9e4f310"),
                             (-0.4, "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                             (-0.39, "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
                             (-0.38, "NVRM: A GPU crash dump has been created. If possible, please run\nNVRM: nvidia-bug-report.sh as root to collect this data before\nNVRM: the NVIDIA kernel module is unloaded.")],
                       origin=cuda_err(77, "unspecified launch failure"),
                       extra_noise={names[0]: ("xid31_old", "oom_old"), "gpu-node-104": ("xid63_old",)},
                       jobid=881234)
    n0 = job.nodes[0]
    port_flap(b, n0, "", tf - sec(5 * 3600 + 122))
    b.static("%s/nvidia-smi.txt" % cul, "Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error\n")
    set_label(b, "gpu_hardware", "infrastructure", {"node": cul, "rank": 77}, "restart_without_node",
              "GPU 5 of gpu-node-110 fell off the bus (Xid 79) just before rank 77 died with a CUDA launch failure; all other ranks only hit the 10-minute watchdog afterwards. The old Xid 31, port flap and OOM kill on gpu-node-101 are from other users/hours earlier.",
              GH + "leptonai/gpud/pull/1209")
    return b


def o02():
    name = "o02_illegal_memory_access_again_after_resubmit"
    b = Bundle(name, [])
    names = ["h100-b%02d" % i for i in range(1, 11)]
    b.folders = names
    cul = "h100-b07"
    orders = [names, names[5:] + names[:5], names[3:] + names[:3]]
    steps = [(0, 3214), (3000, 5881), (5500, 6120)]
    for a in range(3):
        rng = rng_for(name + str(a))
        ord_ = orders[a]
        r = ord_.index(cul) * 8 + 3
        t0 = [D("2024-05-02 08:10:00"), D("2024-05-02 10:41:30"), D("2024-05-02 13:02:10")][a]
        job, tf, seq = run(b, rng, names, "10.52.3", t0, 2.35, steps[a][0], steps[a][1], cul, 3,
                           prefix="attempt_%d/" % a, order=ord_, kstyle="journal", kfile="kern.log",
                           console="stdout.log", fmt="hf", every=10, jobid=5520017 + a,
                           kern=[(-0.2, "NVRM: Xid (PCI:0000:5d:00): 31, pid=%d, name=python3, Ch 0000000c, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f3b_2a1c0000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE" % (40000 + a)),
                                 (-0.19, "NVRM: Xid (PCI:0000:5d:00): 13, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address")],
                           origin=[(None, "Traceback (most recent call last):\n  File \"/workspace/train.py\", line 418, in <module>\n    main()\n  File \"/workspace/train.py\", line 377, in main\n    loss.backward()\n  File \"/opt/venv/lib/python3.11/site-packages/torch/_tensor.py\", line 521, in backward\n    torch.autograd.backward(\nRuntimeError: CUDA error: an illegal memory access was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1")],
                           origin_code=1, restart_count=0,
                           extra_noise={"h100-b01": ("xid31_old", "segv_other")})
    set_label(b, "gpu_hardware", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "Three submissions, three different rendezvous orders and steps, and every time the first error is an illegal memory access on h100-b07 GPU 3 with Xid 13/31 for our own python PID; an error that follows one node is that node's hardware, not the code.",
              GH + "marin-community/marin/issues/7344")
    return b


def o03():
    name = "o03_job_froze_then_died_at_step_61k"
    rng = rng_for(name)
    names = ["dgx-h100-a-%02d" % i for i in range(1, 17)]
    cul = "dgx-h100-a-07"
    b = Bundle(name, names)
    kern = [(-97 + 6 * i, "NVRM: Xid (PCI:0000:3a:00): 119, pid=%d, name=python3, Timeout after 6s of waiting for RPC response from GPU2 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)." % 71222) for i in range(8)]
    kern += [(-40, "NVRM: GPU2 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004."),
             (-39.9, "NVRM: GPU2 RPC history (CPU -> GSP):")]
    job, tf, seq = run(b, rng, names, "10.70.1", D("2024-06-18 03:00:05"), 3.1, 55000, 61244, cul, 2,
                       kern=kern, origin=cuda_err(50, "unknown error"), fmt="megatron", every=10,
                       rank0_file="megatron_rank0.out", timeout_ms=1800000, jobid=992101,
                       extra_noise={"dgx-h100-a-01": ("xid31_old",), "dgx-h100-a-12": ("oom_old",)}, ns=True)
    b.static("%s/nvidia-smi-q.txt" % cul, nvsmi_q(8, lost={2}))
    set_label(b, "gpu_hardware", "infrastructure", {"node": cul, "rank": 50}, "restart_without_node",
              "GPU 2 of dgx-h100-a-07 stopped answering its GSP firmware (repeated Xid 119) for ~90 s, then rank 50 died with CUDA 'unknown error' and nvidia-smi cannot read that GPU; everyone else only timed out 30 minutes later.",
              GH + "NVIDIA/open-gpu-kernel-modules/issues/1151")
    return b


def o04():
    name = "o04_uncorrectable_ecc_message_then_crash"
    rng = rng_for(name)
    names = ["sc1-gpu%04d" % i for i in (412, 413, 414, 415, 416, 417, 418, 419, 420, 421, 422, 423)]
    cul = "sc1-gpu0418"
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.8.14", D("2024-02-20 14:22:00"), 1.45, 120000, 124880, cul, 6,
                       kern=[(-0.05, "NVRM: Xid (PCI:0000:ba:00): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % 31337),
                             (-0.04, "NVRM: Xid (PCI:0000:ba:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0003a1f4) Marked for Remapping, reset gpu to activate.")],
                       origin=cuda_err(job_rank(names, cul, 6), "uncorrectable ECC error encountered"),
                       fmt="kv", every=10, kstyle="syslog_up", kfile="syslog", jobid=3170442,
                       extra_noise={"sc1-gpu0412": ("xid63_old", "oom_old")})
    b.static("%s/epilog.log" % cul, "[epilog %s] job 3170442 ended, running GPU health reset\n[epilog] nvidia-smi -r -i 6\nGPU 00000000:BA:00.0 was successfully reset.\n[epilog] all GPUs reset, returning node to service\n" % (tf + sec(900)).strftime("%Y-%m-%dT%H:%M:%S"))
    b.static("%s/nvidia-smi-q-after-reset.txt" % cul, nvsmi_q(8, remap={6: (0, 1, "No", "No")}, ecc={6: (0, 0)}))
    set_label(b, "gpu_memory", "infrastructure", {"node": cul, "rank": job.rank(cul, 6)}, "restart",
              "A contained uncorrectable ECC error (Xid 94) on GPU 6 of sc1-gpu0418 killed rank %d first; after the epilog reset nvidia-smi shows the row remapped with nothing pending and no remap failure, so the GPU is usable again." % job.rank(cul, 6),
              "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/user-visible-statistics.html")
    return b


def job_rank(names, node, local, order=None):
    return (order or names).index(node) * 8 + local


def o05():
    name = "o05_rank_died_ecc_error_node_looks_fine_now"
    rng = rng_for(name)
    names = ["n%04d" % i for i in range(913, 927)]
    cul = "n0921"
    b = Bundle(name, names)
    boot = D("2024-07-01 06:12:40")
    job, tf, seq = run(b, rng, names, "172.20.4", D("2024-07-09 19:40:00"), 2.2, 88000, 93510, cul, 1,
                       kern=[(-0.03, "NVRM: Xid (PCI:0000:2a:00): 94, pid=%d, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % 55102),
                             (-0.02, "NVRM: Xid (PCI:0000:2a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0001be20) Marked for Remapping, reset gpu to activate.")],
                       origin=cuda_err(job_rank(names, cul, 1), "uncorrectable ECC error encountered"),
                       kstyle="uptime", kfile="dmesg.log", boot=boot, fmt="compact", every=10, jobid=771203,
                       extra_noise={"n0913": ("xid63_old", "hung_other")})
    b.static("%s/nvidia-smi-q.txt" % cul, nvsmi_q(8, remap={1: (0, 1, "Yes", "No")}, ecc={1: (3, 1)}))
    r = job.rank(cul, 1)
    set_label(b, "gpu_memory", "infrastructure", {"node": cul, "rank": r}, "restart_without_node",
              "Uptime-stamped dmesg on n0921 (boot time in host-info.txt) puts a contained ECC error (Xid 94) on GPU 1 right when rank %d died; nvidia-smi still shows the row remap pending, so the node needs a reset before reuse." % r,
              "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/user-visible-statistics.html")
    return b


def o06():
    name = "o06_training_aborted_overnight"
    rng = rng_for(name)
    names = ["gpu%02d.hpc.example.org" % i for i in range(11, 21)] + ["gpu%02d.hpc.example.org" % i for i in (31, 32)]
    cul = "gpu17.hpc.example.org"
    b = Bundle(name, names)
    job, tf, seq = run(b, rng, names, "10.201.0", D("2024-09-03 21:15:00"), 2.8, 40000, 45200, cul, 4,
                       kern=[(-0.02, "NVRM: Xid (PCI:0000:9a:00): 48, pid=%d, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1." % 22871),
                             (-0.01, "NVRM: Xid (PCI:0000:9a:00): 64, pid='<unknown>', name=<unknown>, Row Remapper: Failed to remap row (0x000a2c18)")],
                       origin=cuda_err(job_rank(names, cul, 4), "uncorrectable ECC error encountered"),
                       kstyle="journal", kfile="journalctl-k.txt", console="job.err", fmt="megatron", every=10,
                       rank0_file="job.out", jobid=2290145,
                       extra_noise={"gpu11.hpc.example.org": ("xid63_old", "xid31_old", "oom_old")})
    b.static("%s/nvidia-smi-q.txt" % cul, nvsmi_q(8, remap={4: (2, 5, "No", "Yes")}, ecc={4: (14, 3)}))
    r = job.rank(cul, 4)
    set_label(b, "gpu_memory", "infrastructure", {"node": cul, "rank": r}, "restart_without_node",
              "GPU 4 of gpu17 hit a double-bit ECC error (Xid 48) and the row remapper failed (Xid 64, 'Remapping Failure Occurred: Yes'); rank %d died first. gpu11, first alphabetically, only carries old benign Xid 63/31 lines." % r,
              "https://plexus.company/guides/gpu-xid-errors/64")
    return b


def nvlink_e(local, bad):
    out = []
    for l in range(8):
        out.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-0c11-4d2e-9a1b-%012x)" % (l, 0x1a2b3c00 + l, 0x5e6f70 + l))
        for k in range(18):
            rep = 0 if l != local or k not in bad else 4312 + 97 * k
            rec = 0 if l != local or k not in bad else 12 + k
            out.append("\t Link %d: Replay Errors: %d\n\t Link %d: Recovery Errors: %d\n\t Link %d: CRC Errors: %d" % (k, rep, k, rec, k, 0 if rep == 0 else 88))
    return "\n".join(out)


def o07():
    name = "o07_nvlink_cuda_error_then_everyone_timed_out"
    rng = rng_for(name)
    names = ["hgx-%s" % s for s in ("ams3-01", "ams3-02", "ams3-03", "ams3-04", "ams3-05", "ams3-06", "ams3-07", "ams3-08", "ams3-09", "ams3-10")]
    cul = "hgx-ams3-06"
    b = Bundle(name, names)
    ov = {"hgx-ams3-02": {"skew": 47.0}}
    job, tf, seq = run(b, rng, names, "10.66.2", D("2024-04-07 05:05:00"), 1.6, 200000, 214400, cul, 1,
                       kern=[(-0.01, "NVRM: Xid (PCI:0000:2a:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % 61121),
                             (0.02, "NVRM: Xid (PCI:0000:2a:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 8(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % 61121)],
                       origin=cuda_err(job_rank(names, cul, 1), "uncorrectable NVLink error detected during the execution"),
                       overrides=ov, fmt="compact", every=10, jobid=640022, kstyle="dmesg_T")
    n2 = job.by_name["hgx-ams3-02"]
    tc = tf + sec(3600)
    b.add(P("", n2, "chronyd.log"), tc, "%s %s chronyd[1790]: Selected source 10.66.0.2 (ntp1.ams3.local)\n%s %s chronyd[1790]: System clock wrong by -47.118302 seconds, adjustment started"
          % (n2.local(tc).strftime("%b %d %H:%M:%S"), n2.name, n2.local(tc).strftime("%b %d %H:%M:%S"), n2.name))
    b.static("%s/nvlink-errors.txt" % cul, "$ nvidia-smi nvlink -e\n" + nvlink_e(1, {7, 8}))
    r = job.rank(cul, 1)
    set_label(b, "nvlink", "infrastructure", {"node": cul, "rank": r}, "restart_without_node",
              "hgx-ams3-06 logged Xid 74 fatal NVLink errors on GPU 1 links 7/8 and rank %d died with 'uncorrectable NVLink error'; nvlink -e shows replay/CRC errors only there. hgx-ams3-02's clock ran 47 s ahead, so its timeouts merely look early." % r,
              GH + "pytorch/pytorch/issues/58155")
    return b


def o08():
    name = "o08_all_eight_ranks_on_one_box_failed_at_once"
    rng = rng_for(name)
    names = ["trn-%02d" % i for i in range(1, 17)]
    cul = "trn-04"
    b = Bundle(name, names)
    msg = [(PGS + ":1748", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error detected during the execution'" % job_rank(names, cul, 0))]
    job, tf, seq = run(b, rng, names, "10.9.40", D("2024-10-14 12:00:00"), 4.2, 10000, 14650, cul, 0,
                       kern=[(-0.3, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Fatal, Link 41 sourcetrack timeout error (First)"),
                             (-0.29, "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Data {0x00000000, 0x00000029, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}"),
                             (-0.1, "NVRM: Xid (PCI:0000:18:00): 145, pid=%d, name=python3, NVLink: RLW error on link 2" % 12001)],
                       origin=msg, locals_die=list(range(8)), fmt="hf", every=3, jobid=1204411,
                       kstyle="iso", kfile="journal-kernel.log", console="rank_logs.txt",
                       extra_noise={"trn-01": ("xid31_old",), "trn-09": ("oom_old",)})
    cn = job.by_name[cul]
    t = tf + sec(0.4)
    b.static("%s/fabricmanager.log" % cul,
             "[%s] [INFO] [tid 1711] Fabric Manager version 550.90.07 is running with the following configuration options\n"
             "[%s] [ERROR] [tid 1740] detected NVSwitch fatal error 24007 on fid 0 on NVSwitch pci bus id 00000000:07:00.0 physical id 2 port 41\n"
             "[%s] [ERROR] [tid 1740] NVSwitch fatal error on node, all GPUs on this baseboard must be reset to recover\n"
             % ((cn.local(job.at(job.step0) - sec(9 * 86400))).strftime("%b %d %Y %H:%M:%S"), cn.local(t).strftime("%b %d %Y %H:%M:%S"), cn.local(t).strftime("%b %d %Y %H:%M:%S")))
    set_label(b, "nvlink", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "All eight ranks of trn-04 failed together with NCCL 'uncorrectable NVLink error' right after an NVSwitch fatal SXid on that node's baseboard (fabricmanager confirms); every other node only saw peers vanish.",
              GH + "NVIDIA/open-gpu-kernel-modules/issues/1355")
    return b


def o09():
    name = "o09_same_crash_twice_after_resubmit"
    b = Bundle(name, [])
    names = ["gn-%s" % x for x in ("c1r1", "c1r2", "c1r3", "c1r4", "c2r1", "c2r2", "c2r3", "c2r4", "c3r1", "c3r2", "c3r3", "c3r4")]
    b.folders = names
    cul = "gn-c2r3"
    orders = [names, names[::-1]]
    for a in range(2):
        rng = rng_for(name + str(a))
        t0 = [D("2024-08-21 01:00:00"), D("2024-08-21 04:31:00")][a]
        st = [(0, 5530), (5000, 9120)][a]
        r = orders[a].index(cul) * 8 + 6
        run(b, rng, names, "10.12.5", t0, 2.0, st[0], st[1], cul, 6, prefix="attempt_%d/" % a, order=orders[a],
            kern=[(-0.01, "NVRM: Xid (PCI:0000:ba:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)" % (33000 + a))],
            origin=[("ProcessGroupNCCL.cpp:1748", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error, NCCL version 2.20.5\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error detected during the execution'" % r)],
            fmt="kv", every=4, jobid=7700100 + a, kstyle="dmesg_T", console="torchrun.out",
            extra_noise={"gn-c1r1": ("xid63_old",)})
    set_label(b, "nvlink", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "Both attempts died first on gn-c2r3 GPU 6 with an uncorrectable NVLink error and Xid 74 on link 11, although the rendezvous order (and so the global rank) changed; the fault follows the node.",
              GH + "MIC-DKFZ/nnUNet/issues/1519")
    return b


def o10():
    name = "o10_ib_completion_errors_from_many_nodes"
    rng = rng_for(name)
    names = ["node%04d" % i for i in range(201, 213)]
    cul = "node0208"
    b = Bundle(name, names)
    cidx = names.index(cul)
    job, tf, seq = run(b, rng, names, "10.44.0", D("2024-11-05 16:40:00"), 1.2, 0, 21900, None, None,
                       fmt="compact", every=10, jobid=4410991, kstyle="journal", kfile="kern.log",
                       extra_noise={"node0201": ("xid31_old", "oom_old")})
    from scen import cascade, origin_abort
    cn = job.by_name[cul]
    t = tf - sec(2.1)
    b.add(P("", cn, cn.kfile), t, cn.kline(t, "mlx5_core 0000:5e:00.0 mlx5_3: Port: 1 Link DOWN"))
    b.add(P("", cn, cn.kfile), t + sec(0.01), cn.kline(t + sec(0.01), "ibp94s0: Link down"))
    pid = job.pid(cul, 2)
    origin_abort(b, job, "", cn, 2, tf, [(None, "%s:%d:%d [2] transport/net_ib.cc:1027 NCCL WARN NET/IB : Got async event : port error" % (cul, pid, pid + 77)),
                                          ("ProcessGroupNCCL.cpp:1748", "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\nNET/IB : Got completion from peer 10.44.0.%d<51244> with status=12 opcode=0 len=0 vendor err 129 (Send)" % (job.rank(cul, 2), 11 + cidx + 1))])
    cascade(b, job, "", cn, 2, tf, seq, mode="remote", slurm=(job.nodes[0], "slurm-4410991.out"))
    b.static("%s/ibstat.txt" % cul, "\n".join(
        "CA 'mlx5_%d'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.1002\n\tPort 1:\n\t\tState: %s\n\t\tPhysical state: %s\n\t\tRate: %d\n\t\tBase lid: %d\n\t\tLink layer: InfiniBand"
        % (d, "Down" if d == 3 else "Active", "Polling" if d == 3 else "LinkUp", 10 if d == 3 else 400, 0 if d == 3 else 700 + d) for d in (0, 3, 4, 5, 6, 9, 10, 11)))
    b.topology = {"topology": {"leaf-a07": names[:6], "leaf-a08": names[6:]}}
    set_label(b, "network", "infrastructure", {"node": cul, "rank": None}, "restart_without_node",
              "Every other node complains about completions from 10.44.0.%d (node0208), but node0208's own mlx5_3 port went DOWN 2 s earlier and ibstat still shows it Down/Polling; its leaf-a08 neighbours are healthy, so it is that node's link, not the switch." % (11 + cidx),
              GH + "NVIDIA/nccl/issues/905")
    return b


CASES = [o01, o02, o03, o04, o05, o06, o07, o08, o09, o10]
