"""GPU / memory / NVLink / PCIe cases (as01-as12, as18, as19)."""
import random
from gen import (D, TD, Job, Bundle, GPU_BUS, c10, glog, pylog, nvsmi_q, dcgm_diag, sacct, scontrol_job,
                 slurm_ts, slurmd_ts, watchdog_exception, iso, syslog)
from frame import std_job, kernel_log, quiet_kernel, slurmd_log, nodelist_expr

PY = "/usr/local/lib/python3.10/dist-packages"


def xid(bus, code, pid, text, name="python"):
    if pid is None:
        return "NVRM: Xid (PCI:0000:%s:00): %d, %s" % (bus, code, text)
    return "NVRM: Xid (PCI:0000:%s:00): %d, pid=%d, name=%s, %s" % (bus, code, pid, name, text)


def cuda_err_lines(rank, t, msg):
    full = msg + "\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
    return watchdog_exception(rank, t, full)


def L(cat, layer, node, rank, action, rationale, url):
    return {"category": cat, "layer": layer, "culprit": None if node is None else {"node": node, "rank": rank},
            "action": action, "rationale": rationale, "modelled_on": url}


# --------------------------------------------------------------------------- as01
def as01(root):
    name = "as01_job_step_aborted_rank29_unspecified_launch_failure"
    rng = random.Random(4801)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(1, 9)]
    job = Job(rng, nodes, jobid=881231, start=D(2024, 5, 14, 1, 2, 11))
    t_fail = job.start + TD(hours=5, minutes=13, seconds=7.412)
    cn, cl = "gpu-n04", 5
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    cl_lines = ["%s:%d:%d [%d] include/alloc.h:123 NCCL WARN Cuda failure 'unspecified launch failure'" % (cn, pid, pid + 211, cl)]
    cl_lines += cuda_err_lines(g, t_fail + TD(milliseconds=20), "CUDA error: unspecified launch failure")
    std_job(b, job, rng, layout="label", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=cl_lines,
            sym="remote", step_s=6.1)
    boot = {n: job.start - TD(days=6, hours=i) for i, n in enumerate(nodes)}
    bus = GPU_BUS[cl]
    ev = {cn: [
        (t_fail - TD(seconds=0.61), xid(bus, 79, pid, "GPU has fallen off the bus.")),
        (t_fail - TD(seconds=0.61), "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % bus),
        (t_fail - TD(seconds=0.60), "NVRM: GPU 0000:%s:00.0: GPU serial number is 1652324018815." % bus),
        (t_fail - TD(seconds=0.58), "NVRM: A GPU crash dump has been created. If possible, please run"),
        (t_fail - TD(seconds=0.58), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        (t_fail - TD(seconds=0.58), "NVRM: the NVIDIA kernel module is unloaded."),
        (t_fail - TD(seconds=0.40), xid(bus, 154, None, "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)")),
    ], "gpu-n06": [
        (job.start - TD(days=3, hours=4, minutes=12), xid("3a", 63, 118223, "Row Remapper: New row (0x0000000000c3a2e1) marked for remapping, reset gpu to activate.")),
        (job.start - TD(days=3, hours=2), "NVRM: GPU at PCI:0000:3a:00: GPU-5fa2c1d8-0e44-4b1c-9a02-aa73e4c2b919"),
    ], "gpu-n02": [
        (job.start + TD(hours=2, minutes=41, seconds=3), "pcieport 0000:20:01.0: AER: Corrected error received: 0000:22:00.0"),
        (job.start + TD(hours=2, minutes=41, seconds=3), "mlx5_core 0000:22:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
        (job.start + TD(hours=2, minutes=41, seconds=3), "mlx5_core 0000:22:00.0:   device [15b3:1021] error status/mask=00000001/00000000"),
        (job.start + TD(hours=2, minutes=41, seconds=3), "mlx5_core 0000:22:00.0:    [ 0] RxErr                  (First)"),
    ]}
    for n in nodes:
        kernel_log(b, rng, job, n, boot[n], "T", ev.get(n, []))
    t_after = t_fail + TD(minutes=3)
    b.add(cn + "/nvidia-smi-q.txt", nvsmi_q(cn, t_after, override={cl: {"lost": True}}))
    b.add("gpu-n06/nvidia-smi-q.txt", nvsmi_q("gpu-n06", t_after, override={2: {"rr_corr": "1", "sbe_agg": "3"}}))
    b.add(cn + "/nhc.log", [
        "%s [slurm] /usr/libexec/nhc/node-mark-offline %s 'NHC: check_nv_gpu_count:  7 GPUs detected, 8 expected'" % (t_after.strftime("%Y%m%d %H:%M:%S"), cn),
        "ERROR:  nhc:  Health check failed:  check_nv_gpu_count:  7 GPUs detected, 8 expected",
    ])
    b.add("sinfo-R.txt", ["REASON               USER      TIMESTAMP           NODELIST",
                          "NHC: check_nv_gpu_co root      %s gpu-n04" % slurm_ts(t_after + TD(seconds=4))])
    label = L("gpu_hardware", "infrastructure", cn, g, "restart_without_node",
              "gpu-n04/dmesg-T.txt logs 'NVRM: Xid (PCI:0000:ab:00): 79, ... GPU has fallen off the bus' followed by Xid 154 (Node Reboot Required) 0.6 s before task 3 (gpu-n04) prints rank 29 'CUDA error: unspecified launch failure'; bus ab = GPU index 5 = local rank 5 -> global rank 3*8+5=29. nvidia-smi -q shows that GPU lost and the epilog NHC drains the node with 7/8 GPUs. The IB 'status=12' completion errors on the other seven nodes all name 10.12.0.14 (gpu-n04) and are sympathetic. Red herrings: gpu-n06's Xid 63 is three days before the job and its row remap is no longer pending; the corrected AER RxErr on gpu-n02's HCA is a corrected physical-layer error.",
              "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/888")
    return name, label, b


# --------------------------------------------------------------------------- as02
def as02(root):
    name = "as02_uncorrectable_ecc_runtime_error_on_one_rank"
    rng = random.Random(4802)
    b = Bundle(root + "/" + name)
    nodes = ["hgx-b%02d" % i for i in (3, 4, 7, 8)]
    job = Job(rng, nodes, jobid=2209917, start=D(2024, 8, 2, 22, 40, 3), ip_base="10.40.7.")
    t_fail = job.start + TD(hours=9, minutes=2, seconds=48.2)
    cn, cl = "hgx-b07", 2
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    tb = [
        "[rank%d]: Traceback (most recent call last):" % g,
        "[rank%d]:   File \"/workspace/torchtitan/train.py\", line 434, in <module>" % g,
        "[rank%d]:     main(config)" % g,
        "[rank%d]:   File \"/workspace/torchtitan/train.py\", line 339, in main" % g,
        "[rank%d]:     loss.backward()" % g,
        "[rank%d]:   File \"%s/torch/_tensor.py\", line 521, in backward" % (g, PY),
        "[rank%d]:     torch.autograd.backward(" % g,
        "[rank%d]:   File \"%s/torch/autograd/graph.py\", line 768, in _engine_run_backward" % (g, PY),
        "[rank%d]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass" % g,
        "[rank%d]: RuntimeError: CUDA error: uncorrectable ECC error encountered" % g,
        "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % g,
        "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % g,
    ]
    std_job(b, job, rng, layout="pernode", fmt="titan", t_fail=t_fail, culprit=(cn, cl), culprit_lines=tb, culprit_exit=1,
            culprit_tb="[rank%d]: RuntimeError: CUDA error: uncorrectable ECC error encountered" % g, sym="remote", step_s=3.2,
            script="torchtitan/train.py", node_file="stdout.log")
    bus = GPU_BUS[cl]
    ev = {cn: [
        (t_fail - TD(seconds=1.9), xid(bus, 48, pid, "Ch 00000008, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.", name="pt_main_thread")),
        (t_fail - TD(seconds=1.8), xid(bus, 63, pid, "Row Remapper: New row (0x000000000001f7a2) marked for remapping, reset gpu to activate.", name="pt_main_thread")),
        (t_fail + TD(seconds=0.9), xid(bus, 45, pid, "Ch 00000008", name="pt_main_thread")),
    ]}
    boots = {n: job.start - TD(days=11, hours=2 * i) for i, n in enumerate(nodes)}
    for n in nodes:
        kernel_log(b, rng, job, n, boots[n], "journal", ev.get(n, []))
    ta = t_fail + TD(minutes=6)
    b.add(cn + "/nvidia-smi-q.txt", nvsmi_q(cn, ta, override={cl: {"dbe_vol": "1", "dbe_agg": "1", "rr_unc": "0", "rr_pend": "Yes", "sbe_vol": "2", "sbe_agg": "2"}}))
    b.add("hgx-b04/nvidia-smi-q.txt", nvsmi_q("hgx-b04", ta, override={5: {"sbe_agg": "14", "rr_corr": "1"}}))
    label = L("gpu_memory", "infrastructure", cn, g, "restart_without_node",
              "hgx-b07/journal-kernel.log: Xid 48 'uncorrectable double bit error (DBE)' on PCI 0000:5d (GPU 2) followed by Xid 63 row remap pending, 1.9 s before rank 18 (hgx-b07 local 2 -> 2*8+2) raises 'RuntimeError: CUDA error: uncorrectable ECC error encountered'. nvidia-smi -q confirms DRAM Uncorrectable 1 and Remapped Rows Pending: Yes. Other nodes' NCCL 'status=12' completions accuse 10.40.7.13 (hgx-b07) and are sympathetic; hgx-b04's 14 aggregate correctable ECC errors are corrected and unrelated.",
              "https://docs.nvidia.com/deploy/dynamic-page-retirement/visibility.html")
    return name, label, b


# --------------------------------------------------------------------------- as03
def as03(root):
    name = "as03_one_rank_ecc_exception_gpu_reset_in_epilog"
    rng = random.Random(4803)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(1, 5)]
    job = Job(rng, nodes, jobid=903114, start=D(2024, 9, 21, 14, 0, 40))
    t_fail = job.start + TD(hours=2, minutes=31, seconds=12.06)
    cn, cl = "gpu-n02", 6
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    lines = cuda_err_lines(g, t_fail, "CUDA error: uncorrectable ECC error encountered")
    std_job(b, job, rng, layout="label", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=lines, sym="remote", step_s=2.7)
    bus = GPU_BUS[cl]
    boots = {n: job.start - TD(days=1, hours=5 + i) for i, n in enumerate(nodes)}
    ev = {cn: [
        (t_fail - TD(seconds=0.3), xid(bus, 94, pid, "Contained ECC error.")),
        (t_fail - TD(seconds=0.3), xid(bus, 63, pid, "Row Remapper: New row (0x00000000000a1b40) marked for remapping, reset gpu to activate.")),
        (t_fail + TD(minutes=1, seconds=40), "NVRM: GPU at PCI:0000:%s:00: GPU-0d3e71a2-66b1-4b1c-9a06-1e27f0c0a932" % bus),
        (t_fail + TD(minutes=1, seconds=40), "NVRM: GPU Board Serial Number: 1652423029116"),
    ]}
    for n in nodes:
        kernel_log(b, rng, job, n, boots[n], "raw", ev.get(n, []))
    te = t_fail + TD(minutes=1, seconds=31)
    b.add(cn + "/slurmd.log", slurmd_log(cn, [
        (job.start - TD(seconds=2), "launch task StepId=%d.0 request from UID:41207 GID:4000 HOST:10.12.0.11 PORT:48224" % job.jobid),
        (te, "[%d] epilog: /etc/slurm/epilog.d/50-gpu-check.sh: GPU 6 (00000000:%s:00.0) reports row remap pending, issuing nvidia-smi -r -i 6" % (job.jobid, bus.upper())),
        (te + TD(seconds=9), "[%d] epilog: GPU 00000000:%s:00.0 was successfully reset." % (job.jobid, bus.upper())),
        (te + TD(seconds=11), "[%d] epilog: remapped rows pending=No failure=No ; dcgmi diag -r 1: Pass" % job.jobid),
        (te + TD(seconds=12), "[job %d] epilog complete rc=0" % job.jobid),
    ]))
    b.add(cn + "/nvidia-smi-q.after-epilog.txt", nvsmi_q(cn, te + TD(seconds=20), override={cl: {"rr_unc": "1", "rr_pend": "No", "rr_fail": "No", "dbe_agg": "1"}}))
    b.add("sacct.txt", sacct(job.jobid, "gpt-7b", [
        ("", "gpt-7b", "h100", 384, "FAILED", "1:0", "02:31:19", nodelist_expr(nodes)),
        (".batch", "batch", "", 96, "FAILED", "1:0", "02:31:19", "gpu-n01"),
        (".0", "torchrun", "", 384, "FAILED", "1:0", "02:30:44", nodelist_expr(nodes))]))
    label = L("gpu_memory", "infrastructure", cn, g, "restart",
              "gpu-n02/dmesg.txt (uptime base in uptime-s.txt) shows 'Xid ... 94, ... Contained ECC error' on PCI 0000:ba (GPU 6) at the moment task 1 prints rank 14 (1*8+6) 'CUDA error: uncorrectable ECC error encountered'. The error was contained to that process, the epilog reset the GPU and gpu-n02/nvidia-smi-q.after-epilog.txt shows the remap applied (Uncorrectable 1, Pending No, Failure No) and dcgmi -r 1 passes: the GPU healed, so a plain restart is fine. IB completion errors on the other nodes name gpu-n02 and are sympathetic.",
              "https://github.com/leptonai/gpud/pull/1174")
    return name, label, b


# --------------------------------------------------------------------------- as04
def as04(root):
    name = "as04_node_drained_by_epilog_after_job_abort"
    rng = random.Random(4804)
    b = Bundle(root + "/" + name)
    nodes = ["a3u-%03d" % i for i in (112, 113, 118, 121, 122, 130)]
    job = Job(rng, nodes, jobid=5521003, start=D(2024, 11, 3, 6, 12, 0), ip_base="172.20.4.")
    t_fail = job.start + TD(hours=13, minutes=40, seconds=21.5)
    cn, cl = "a3u-118", 1
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    lines = ["%s:%d:%d [%d] NCCL INFO [Service thread] Connection closed by localRank %d" % (cn, pid, pid + 211, cl, cl)]
    lines += cuda_err_lines(g, t_fail + TD(milliseconds=4), "CUDA error: uncorrectable ECC error encountered")
    std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=lines, sym="remote",
            step_s=9.4, node_file="rank-output.log")
    bus = GPU_BUS[cl]
    ev = {cn: [(t_fail - TD(seconds=0.2), xid(bus, 95, pid, "Uncontained ECC error.")),
               (t_fail - TD(seconds=0.1), xid(bus, 45, pid + 1, "Ch 00000010")),
               (t_fail - TD(seconds=0.1), xid(GPU_BUS[0], 45, pid - cl, "Ch 00000010"))]}
    boots = {n: job.start - TD(days=20, hours=i) for i, n in enumerate(nodes)}
    for n in nodes:
        kernel_log(b, rng, job, n, boots[n], "T", ev.get(n, []))
    te = t_fail + TD(minutes=1, seconds=5)
    b.add(cn + "/epilog-dcgm.log", ["== %s epilog: dcgmi diag -r 3 ==" % te.strftime("%Y-%m-%d %H:%M:%S")] + dcgm_diag(3, fails={
        "GPU Memory": (1, "Error using CUDA API cuCtxCreate Check DCGM and system logs for errors. Reset GPU. Restart DCGM. Rerun diagnostics. Unable to create CUDA context: 'uncorrectable ECC error encountered'"),
        "Page Retirement/Row Remap": (1, "Row remapping failure detected on GPU 1. Drain the GPU and reset it or reboot the node."),
    }))
    b.add(cn + "/scontrol-show-node.txt", [
        "NodeName=%s Arch=x86_64 CoresPerSocket=48" % cn,
        "   CPUAlloc=0 CPUEfctv=192 CPUTot=192 CPULoad=0.41",
        "   AvailableFeatures=h100,ib",
        "   Gres=gpu:h100:8(S:0-1)",
        "   NodeAddr=%s NodeHostName=%s Version=23.11.6" % (cn, cn),
        "   OS=Linux 5.15.0-105-generic #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024",
        "   RealMemory=2000000 AllocMem=0 FreeMem=1944127 Sockets=2 Boards=1",
        "   State=IDLE+DRAIN ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   Partitions=a3u",
        "   BootTime=%s SlurmdStartTime=%s" % (slurm_ts(boots[cn]), slurm_ts(boots[cn] + TD(minutes=2))),
        "   Reason=epilog: dcgm diag r3 fail gpu1 memory [root@%s]" % slurm_ts(te + TD(minutes=4)),
    ])
    b.add("a3u-113/epilog-dcgm.log", ["== %s epilog: dcgmi diag -r 3 ==" % te.strftime("%Y-%m-%d %H:%M:%S")] + dcgm_diag(3, warns={"PCIe": (4, "GPU to Host bandwidth:  24.87 GB/s, GPU 4 Host to GPU bandwidth:  25.20 GB/s")}))
    label = L("gpu_memory", "infrastructure", cn, g, "restart_without_node",
              "a3u-118/dmesg-T.txt: 'Xid (PCI:0000:2a:00): 95, ... Uncontained ECC error' on GPU 1 immediately before rank 17 (node index 2, local 1) dies with 'CUDA error: uncorrectable ECC error encountered'; Xid 45 lines on the same node are the driver's preemptive cleanup of other channels. The epilog's dcgmi diag -r 3 fails GPU Memory and Row Remap on GPU 1 and the node is drained. The other five nodes' NCCL completion errors name 172.20.4.13 (a3u-118) and are sympathetic; a3u-113's PCIe bandwidth info line is a pass.",
              "https://github.com/NVIDIA/DCGM/issues/145")
    return name, label, b


# --------------------------------------------------------------------------- as05
def as05(root):
    name = "as05_all_ranks_time_out_one_node_gpu_tools_hang"
    rng = random.Random(4805)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (21, 22, 23, 24, 25, 26, 27, 28)]
    job = Job(rng, nodes, jobid=1120456, start=D(2025, 1, 17, 3, 30, 5), ip_base="10.12.2.")
    t_fail = job.start + TD(hours=7, minutes=3, seconds=51.4)
    cn, cl = "gpu-n26", 3
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    std_job(b, job, rng, layout="label", fmt="titan", t_fail=t_fail, culprit=(cn, cl), culprit_lines=[], culprit_exit=None,
            sym="timeout", step_s=2.2, script="torchtitan/train.py", timeout_s=600)
    bus = GPU_BUS[cl]
    boot = job.start - TD(days=4, hours=7)
    ev = [(t_fail - TD(seconds=6.1), "NVRM: GPU3 _kgspIsHeartbeatTimedOut: Heartbeat timed out, currentTimeMs 1091734 heartbeat 1085664 diff 6070 timeout 5200"),
          (t_fail, xid(bus, 119, pid, "Timeout after 6s of waiting for RPC response from GPU3 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080014b 0x5).")),
          (t_fail, "NVRM: GPU3 _kgspLogRpcTimeout: ********************************* GSP Timeout **********************************"),
          (t_fail, "NVRM: GPU3 _kgspLogRpcTimeout: Note: Please also check logs above."),
          (t_fail + TD(seconds=6.0), xid(bus, 119, pid, "Timeout after 6s of waiting for RPC response from GPU3 GSP! Expected function 10 (FREE) (0xa55a0000 0x0).")),
          (t_fail + TD(seconds=12.1), "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:%s:00 (printing 1 of every 30).  The GPU likely needs to be reset." % bus),
          (t_fail + TD(seconds=12.2), xid(bus, 154, None, "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)")),
          (t_fail + TD(seconds=200), "INFO: task pt_main_thread:%d blocked for more than 122 seconds." % pid),
          (t_fail + TD(seconds=200), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
          (t_fail + TD(seconds=200), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
          ]
    for n in nodes:
        if n == cn:
            kernel_log(b, rng, job, n, boot, "raw", ev)
    quiet_kernel(b, rng, job, "raw", skip=(cn,), events={"gpu-n22": [(job.start + TD(hours=1, minutes=4), xid("9a", 92, job.pid("gpu-n22", 4), "High single-bit ECC error rate"))]})
    b.add(cn + "/nvidia-smi.txt", ["$ timeout 120 nvidia-smi", "(no output after 120 s; command timed out, exit status 124)"])
    b.add("scancel.txt", ["$ scancel %d   # issued by user after job produced no output" % job.jobid,
                          "squeue before cancel: %d h100 titan-70b jdoe R 7:18:40 8 %s" % (job.jobid, nodelist_expr(nodes))])
    label = L("gpu_hardware", "infrastructure", cn, g, "restart_without_node",
              "gpu-n26/dmesg.txt (map with uptime-s.txt) shows the GSP heartbeat timeout and 'Xid ... 119, ... Timeout after 6s of waiting for RPC response from GPU3 GSP' on PCI 0000:5d = GPU 3, then Xid 154 'GPU Reset Required' and the rank's thread blocked in D state; nvidia-smi on the node hangs. Rank 43 (node index 5, local 3) prints nothing and every other rank reports the watchdog timeout on the same SeqNum 10 minutes later - those timeouts are sympathetic. The Xid 92 (high single-bit ECC rate) on gpu-n22 hours earlier is a corrected-error warning, not a failure.",
              "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")
    return name, label, b


# --------------------------------------------------------------------------- as06
def as06(root):
    name = "as06_illegal_memory_access_after_requeue_different_nodes"
    rng = random.Random(4806)
    b = Bundle(root + "/" + name)
    labels = []
    for att, (nodes, cn, cl, start, rc) in enumerate([
            (["gpu-n%02d" % i for i in (1, 2, 3, 5, 6, 7)], "gpu-n05", 4, D(2024, 6, 3, 9, 0, 12), 0),
            (["gpu-n%02d" % i for i in (9, 10, 11, 12, 14, 15)], "gpu-n11", 0, D(2024, 6, 3, 13, 27, 40), 1)], 1):
        job = Job(rng, nodes, jobid=884502, start=start)
        pre = "attempt_%d/" % att
        it_fail = 7421
        it0 = 1 if att == 1 else 7001
        step_s = 2.05
        t_fail = job.start + TD(seconds=31 + 55 + (it_fail - it0 + 1) * step_s + 2 * step_s + 4.0)
        g = job.grank(cn, cl)
        pid = job.pid(cn, cl)
        tb = [
            "[rank%d]: Traceback (most recent call last):" % g,
            "[rank%d]:   File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 265, in <module>" % g,
            "[rank%d]:     pretrain(" % g,
            "[rank%d]:   File \"/workspace/Megatron-LM/megatron/training/training.py\", line 1146, in train_step" % g,
            "[rank%d]:     losses_reduced = forward_backward_func(" % g,
            "[rank%d]:   File \"/workspace/ext/rope_fused/rope.py\", line 88, in forward" % g,
            "[rank%d]:     out = _C.fused_rope_fwd(t, freqs, pos_ids, self.max_seq_len)" % g,
            "[rank%d]: RuntimeError: CUDA error: an illegal memory access was encountered" % g,
            "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % g,
            "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % g,
        ]
        extra = {}
        if att == 2:
            extra[(nodes[0], job.start + TD(seconds=80))] = [" loading checkpoint from /lfs01/jdoe/ckpt/gpt-22b at iteration 7000",
                                                             " successfully loaded checkpoint from /lfs01/jdoe/ckpt/gpt-22b [ t 0/2, p 0/4 ] at iteration 7000"]
        std_job(b, job, rng, pre=pre, layout="label", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=tb,
                culprit_exit=1, culprit_tb="[rank%d]: RuntimeError: CUDA error: an illegal memory access was encountered" % g,
                sym="remote", step_s=step_s, it0=it0, restart=rc, extra=extra, it_stop=it_fail - 1, every=10,
                args="--config configs/gpt_22b_rope_fused.yaml --data-path /lfs01/data/mix_v4")
        bus = GPU_BUS[cl]
        ev = {cn: [(t_fail - TD(seconds=0.05), xid(bus, 13, pid, "Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address")),
                   (t_fail - TD(seconds=0.05), xid(bus, 13, pid, "Graphics SM Global Exception on (GPC 4, TPC 1, SM 0): Multiple Warp Errors")),
                   (t_fail - TD(seconds=0.05), xid(bus, 13, pid, "Graphics Exception: ESR 0x524648=0x102000e 0x524650=0x20 0x524644=0xd3eff2 0x52464c=0x17f")),
                   (t_fail + TD(seconds=0.02), xid(bus, 43, pid, "Ch 00000008"))]}
        for i, n in enumerate(nodes):
            kernel_log(b, rng, job, n, job.start - TD(days=2, hours=i * 2 + att), "T", ev.get(n, []), pre=pre)
    b.add("sacct.txt", sacct(884502, "gpt-22b", [
        ("", "gpt-22b", "h100", 576, "FAILED", "1:0", "00:15:38", "gpu-n[09-12,14-15]"),
        (".batch", "batch", "", 96, "FAILED", "1:0", "00:15:38", "gpu-n09"),
        (".0", "torchrun", "", 576, "FAILED", "1:0", "00:15:02", "gpu-n[09-12,14-15]")]))
    label = L("user_code", "script", None, None, "stop",
              "Both attempts die right after logging iteration 7420 (i.e. in iteration 7421) with 'RuntimeError: CUDA error: an illegal memory access was encountered' raised from the job's own fused RoPE extension (ext/rope_fused/rope.py, fused_rope_fwd), on different hardware: attempt_1 gpu-n05 GPU 4 (rank 28) and attempt_2 (SLURM_RESTART_COUNT=1, resumed from iteration 7000) gpu-n11 GPU 0 (rank 16), with disjoint node sets. The matching Xid 13 'Graphics SM Warp Exception ... Out Of Range Address' and Xid 43 are the application-caused kinds. Same step, different nodes = deterministic application bug (data-dependent out-of-range index in the custom kernel); the IB completion errors naming the crashing node are sympathetic.",
              "https://github.com/pytorch/pytorch/issues/152780")
    return name, label, b


# --------------------------------------------------------------------------- as07
def as07(root):
    name = "as07_device_assert_then_channel_reset_in_dmesg"
    rng = random.Random(4807)
    b = Bundle(root + "/" + name)
    nodes = ["node%03d" % i for i in (41, 42, 43, 44)]
    job = Job(rng, nodes, gpn=4, jobid=4471208, start=D(2024, 3, 8, 19, 44, 30), ip_base="192.168.50.")
    t_fail = job.start + TD(minutes=47, seconds=19.88)
    cn, cl = "node043", 1
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    asserts = ["/opt/pytorch/pytorch/aten/src/ATen/native/cuda/Loss.cu:250: nll_loss_forward_reduce_cuda_kernel_2d: block: [0,0,0], thread: [%d,0,0] Assertion `t >= 0 && t < n_classes` failed." % i for i in (3, 17, 40, 41)]
    tb = asserts + [
        "Traceback (most recent call last):",
        "  File \"/home/mlee/proj/classifier/train.py\", line 211, in <module>",
        "    trainer.train()",
        "  File \"%s/transformers/trainer.py\", line 1932, in train" % PY,
        "    return inner_training_loop(",
        "  File \"%s/transformers/trainer.py\", line 3318, in training_step" % PY,
        "    loss = self.compute_loss(model, inputs)",
        "  File \"/home/mlee/proj/classifier/train.py\", line 96, in compute_loss",
        "    loss = F.cross_entropy(logits.view(-1, self.num_labels), labels.view(-1))",
        "  File \"%s/torch/nn/functional.py\", line 3104, in cross_entropy" % PY,
        "    return torch._C._nn.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index, label_smoothing)",
        "RuntimeError: CUDA error: device-side assert triggered",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
    ]
    extra = {(nodes[0], job.start + TD(seconds=70)): [
        "%s - WARNING - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: True, 16-bits training: True" % pylog(job.start + TD(seconds=70)),
        "%s - INFO - __main__ - num_labels=12 (from config/labels_v2.json); dataset label column 'intent_id'" % pylog(job.start + TD(seconds=71)),
        "[INFO|trainer.py:2128] %s >> ***** Running training *****" % pylog(job.start + TD(seconds=84)),
        "[INFO|trainer.py:2129] %s >>   Num examples = 1,912,044" % pylog(job.start + TD(seconds=84)),
        "[INFO|trainer.py:2131] %s >>   Instantaneous batch size per device = 32" % pylog(job.start + TD(seconds=84))]}
    std_job(b, job, rng, layout="pernode", fmt="hf", t_fail=t_fail, culprit=(cn, cl), culprit_lines=tb, culprit_exit=1,
            culprit_tb="RuntimeError: CUDA error: device-side assert triggered", sym="socket", step_s=0.41,
            script="train.py", node_file="accelerate.log", extra=extra, args="--config_file ds_zero2.yaml")
    bus = GPU_BUS[cl]
    ev = {cn: [(t_fail + TD(seconds=0.3), xid(bus, 43, pid, "Ch 00000010"))]}
    for i, n in enumerate(nodes):
        kernel_log(b, rng, job, n, job.start - TD(days=9, hours=i), "journal", ev.get(n, []))
    label = L("user_code", "script", None, None, "stop",
              "node043/accelerate.log: rank 9 (node index 2 x 4 GPUs + local 1) hits 'Assertion `t >= 0 && t < n_classes` failed' in nll_loss and 'RuntimeError: CUDA error: device-side assert triggered' from the script's compute_loss (F.cross_entropy over self.num_labels=12) - a label id outside the configured class count. The Xid 43 in node043/journal-kernel.log is the driver resetting the channel of the asserting process (application-caused), not a hardware fault; the 'Connection closed by remote peer node043' errors on the other nodes are sympathetic.",
              "https://github.com/pytorch/pytorch/issues/180280")
    return name, label, b


# --------------------------------------------------------------------------- as08
def as08(root):
    name = "as08_nccl_cuda_failure_on_rank28_nvlink_counters"
    rng = random.Random(4808)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(1, 9)]
    job = Job(rng, nodes, jobid=902230, start=D(2024, 9, 9, 20, 1, 47))
    t_fail = job.start + TD(hours=11, minutes=58, seconds=3.3)
    cn, cl = "gpu-n04", 4
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    lines = ["%s:%d:%d [%d] transport/p2p.cc:289 NCCL WARN Cuda failure 'unspecified launch failure'" % (cn, pid, pid + 207, cl),
             "%s:%d:%d [%d] NCCL INFO transport/p2p.cc:289 -> 1" % (cn, pid, pid + 207, cl)]
    lines += cuda_err_lines(g, t_fail + TD(milliseconds=30), "CUDA error: unspecified launch failure")
    std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=lines, sym="remote", step_s=7.7)
    bus = GPU_BUS[cl]
    ev = {cn: [(t_fail - TD(seconds=0.8), xid(bus, 74, pid, "NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")),
               (t_fail - TD(seconds=0.8), xid(bus, 74, pid, "NVLink: fatal error detected on link 12(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")),
               (t_fail + TD(seconds=0.4), xid(GPU_BUS[5], 45, pid + 1, "Ch 00000009")),
               (t_fail + TD(seconds=0.4), xid(GPU_BUS[3], 45, pid - 1, "Ch 00000009"))],
          "gpu-n07": [(job.start + TD(hours=3, minutes=2), xid(GPU_BUS[6], 63, job.pid("gpu-n07", 6), "Row Remapper: New row (0x0000000000e17c05) marked for remapping, reset gpu to activate."))]}
    for i, n in enumerate(nodes):
        kernel_log(b, rng, job, n, job.start - TD(days=12, hours=i), "T", ev.get(n, []))
    nv = ["GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-1f0c-4b1c-9a00-%012x)" % (i, 0x6a7e0000 + i, 0x3d0000 + i) for i in range(8)]
    out = []
    for i in range(8):
        out.append(nv[i])
        for l in range(18):
            bad = (i == cl and l in (11, 12))
            out += ["\t Link %d: Replay Errors: %d" % (l, 4031 if bad else 0),
                    "\t Link %d: Recovery Errors: %d" % (l, 17 if bad else 0),
                    "\t Link %d: CRC Errors: %d" % (l, 88213 if bad else 0)]
    b.add(cn + "/nvidia-smi-nvlink-e.txt", out)
    b.add("gpu-n07/nvidia-smi-q.txt", nvsmi_q("gpu-n07", t_fail + TD(minutes=5), override={6: {"rr_corr": "1", "rr_pend": "Yes", "sbe_vol": "6", "sbe_agg": "6"}}))
    label = L("nvlink", "infrastructure", cn, g, "restart_without_node",
              "gpu-n04/dmesg-T.txt: 'Xid (PCI:0000:9a:00): 74, ... NVLink: fatal error detected on link 11/12' on GPU 4 a second before rank 28 (3*8+4) reports NCCL 'Cuda failure unspecified launch failure' in the P2P transport; nvidia-smi-nvlink-e.txt shows thousands of replay/CRC errors on exactly those links of GPU 4. The Xid 45s on GPUs 3 and 5 of the same node are channel teardown after the fatal link error. gpu-n07's Xid 63 is a correctable-error row remap (pending, no failure) that did not interrupt anything; the remote-peer errors on other nodes are sympathetic.",
              "https://github.com/NVIDIA/nccl/issues/1562")
    return name, label, b


# --------------------------------------------------------------------------- as09
def as09(root):
    name = "as09_all_local_ranks_of_one_node_die_together"
    rng = random.Random(4809)
    b = Bundle(root + "/" + name)
    nodes = ["dgx%02d" % i for i in range(1, 7)]
    job = Job(rng, nodes, jobid=612004, start=D(2024, 12, 11, 0, 14, 9), ip_base="10.8.1.")
    t_fail = job.start + TD(hours=3, minutes=12, seconds=44.7)
    cn = "dgx05"
    lines = []
    for lr in range(8):
        gg = job.grank(cn, lr)
        p = job.pid(cn, lr)
        lines += ["%s:%d:%d [%d] enqueue.cc:1457 NCCL WARN Cuda failure 'unspecified launch failure'" % (cn, p, p + 209, lr)]
        lines += cuda_err_lines(gg, t_fail + TD(milliseconds=10 * lr), "CUDA error: unspecified launch failure")
    std_job(b, job, rng, layout="label", fmt="titan", t_fail=t_fail, culprit=(cn, 0), culprit_lines=lines, sym="remote", step_s=4.3,
            script="torchtitan/train.py")
    ev = [(t_fail - TD(seconds=1.3), "nvidia-nvswitch2: SXid (PCI:0000:86:00.0): 20034, Fatal, Link 41 LTSSM Fault Up"),
          (t_fail - TD(seconds=1.3), "nvidia-nvswitch2: SXid (PCI:0000:86:00.0): 20034, Severity 1 Engine instance 41 Sub-engine instance 00"),
          (t_fail - TD(seconds=1.3), "nvidia-nvswitch2: SXid (PCI:0000:86:00.0): 20034, Data {0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000000}")]
    for lr in range(8):
        ev.append((t_fail - TD(seconds=1.0), xid(GPU_BUS[lr], 74, job.pid(cn, lr), "NVLink: fatal error detected on link %d(0x0, 0x0, 0x0, 0x100000, 0x0, 0x0, 0x0)" % (lr * 2 % 18))))
        ev.append((t_fail - TD(seconds=0.2), xid(GPU_BUS[lr], 45, job.pid(cn, lr), "Ch 00000008")))
    for i, n in enumerate(nodes):
        kernel_log(b, rng, job, n, job.start - TD(days=5, hours=3 * i), "journal", ev if n == cn else [])
    fm_t = t_fail - TD(seconds=1.2)
    b.add(cn + "/fabricmanager.log", [
        "[%s] [INFO] [tid 2114] Fabric Manager version 550.54.15 is running with the following configuration options" % (job.start - TD(days=5)).strftime("%b %d %Y %H:%M:%S"),
        "[%s] [INFO] [tid 2114] Successfully configured all the available NVSwitches to route GPU NVLink traffic." % (job.start - TD(days=5) + TD(seconds=41)).strftime("%b %d %Y %H:%M:%S"),
        "[%s] [ERROR] [tid 2811] detected NVSwitch fatal error 20034 on fid 0 on NVSwitch pci bus id 00000000:86:00.0 physical id 2 port 41" % fm_t.strftime("%b %d %Y %H:%M:%S"),
        "[%s] [ERROR] [tid 2811] NVSwitch fatal error detected, resetting NVSwitch and GPUs is required to recover" % fm_t.strftime("%b %d %Y %H:%M:%S"),
        "[%s] [INFO] [tid 2811] Fabric Manager is entering degraded mode; new CUDA context creation on this system will fail until reset" % (fm_t + TD(seconds=1)).strftime("%b %d %Y %H:%M:%S"),
    ])
    for n in ("dgx02", "dgx03"):
        b.add(n + "/fabricmanager.log", [
            "[%s] [INFO] [tid 2093] Fabric Manager version 550.54.15 is running with the following configuration options" % (job.start - TD(days=5)).strftime("%b %d %Y %H:%M:%S"),
            "[%s] [INFO] [tid 2093] Successfully configured all the available NVSwitches to route GPU NVLink traffic." % (job.start - TD(days=5) + TD(seconds=38)).strftime("%b %d %Y %H:%M:%S"),
            "[%s] [WARNING] [tid 2350] detected NVSwitch non-fatal error 12028 on fid 0 on NVSwitch pci bus id 00000000:05:00.0 physical id 0 port 7" % (job.start + TD(minutes=48)).strftime("%b %d %Y %H:%M:%S")])
    label = L("nvlink", "infrastructure", cn, None, "restart_without_node",
              "dgx05/journal-kernel.log and dgx05/fabricmanager.log: NVSwitch SXid 20034 'Fatal, Link 41 LTSSM Fault Up' and FM 'detected NVSwitch fatal error ... resetting NVSwitch and GPUs is required', followed by Xid 74 on all eight GPUs and Xid 45 cleanup; all eight local ranks of dgx05 then fail with 'unspecified launch failure' at once - the node's NVSwitch fabric failed, not a single GPU, so no single rank. IB completion errors on other nodes point at 10.8.1.15 (dgx05) and are sympathetic; the non-fatal 12028 warnings in dgx02/dgx03 FM logs are benign.",
              "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1355")
    return name, label, b


# --------------------------------------------------------------------------- as12
def as12(root):
    name = "as12_gpu_disappears_after_pcie_errors"
    rng = random.Random(4812)
    b = Bundle(root + "/" + name)
    nodes = ["cn-g%03d" % i for i in (101, 102, 103, 104)]
    job = Job(rng, nodes, jobid=3380019, start=D(2024, 10, 27, 16, 5, 0), ip_base="10.33.0.")
    t_fail = job.start + TD(hours=1, minutes=22, seconds=9.15)
    cn, cl = "cn-g103", 1
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    lines = cuda_err_lines(g, t_fail, "CUDA error: unknown error")
    std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=lines, sym="remote", step_s=3.6,
            node_file="train.out")
    bus = GPU_BUS[cl]
    t0 = t_fail - TD(seconds=1.1)
    ev = [(t0 - TD(minutes=9), "pcieport 0000:27:02.0: AER: Corrected error received: 0000:2a:00.0"),
          (t0 - TD(minutes=9), "nvidia 0000:2a:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Receiver ID)"),
          (t0 - TD(minutes=9), "nvidia 0000:2a:00.0:   device [10de:2330] error status/mask=00000080/00002000"),
          (t0 - TD(minutes=9), "nvidia 0000:2a:00.0:    [ 7] BadDLLP"),
          (t0, "pcieport 0000:27:02.0: AER: Uncorrected (Fatal) error received: 0000:27:02.0"),
          (t0, "pcieport 0000:27:02.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
          (t0, "pcieport 0000:27:02.0:   device [1000:c030] error status/mask=00000020/00000000"),
          (t0, "pcieport 0000:27:02.0:    [ 5] SDES                   (First)"),
          (t0, "nvidia 0000:2a:00.0: AER: can't recover (no error_detected callback)"),
          (t0 + TD(seconds=0.9), xid(bus, 79, pid, "GPU has fallen off the bus.")),
          (t0 + TD(seconds=0.9), "NVRM: GPU 0000:2a:00.0: GPU has fallen off the bus."),
          (t0 + TD(seconds=2.5), "pcieport 0000:27:02.0: AER: device recovery failed")]
    for i, n in enumerate(nodes):
        evn = ev if n == cn else ([(job.start + TD(minutes=31 + i), "pcieport 0000:20:01.0: AER: Corrected error received: 0000:22:00.0"),
                                   (job.start + TD(minutes=31 + i), "mlx5_core 0000:22:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                                   (job.start + TD(minutes=31 + i), "mlx5_core 0000:22:00.0:    [ 0] RxErr                  (First)")] if i % 2 == 0 else [])
        kernel_log(b, rng, job, n, job.start - TD(days=2, hours=i), "raw", evn)
    b.add(cn + "/lspci-vvv-2a.txt", ["2a:00.0 3D controller: NVIDIA Corporation GH100 [H100 SXM5 80GB] (rev ff) (prog-if ff)",
                                     "\t!!! Unknown header type 7f", "\tKernel driver in use: nvidia"])
    label = L("gpu_hardware", "infrastructure", cn, g, "restart_without_node",
              "cn-g103/dmesg.txt (uptime-s.txt for wall clock): the PCIe switch port 0000:27:02.0 above GPU 0000:2a:00.0 reports 'Uncorrected (Fatal) ... SDES' (surprise down), recovery fails, then 'Xid ... 79, GPU has fallen off the bus' for GPU 1; lspci shows the device as rev ff/unknown header. Rank 17 (2*8+1) fails with 'CUDA error: unknown error' right after. Corrected AER (BadDLLP, RxErr) on other nodes and earlier on this node are corrected events; the NCCL completion errors accusing cn-g103 are sympathetic.",
              "https://github.com/wilicc/gpu-burn/issues/1")
    return name, label, b


# --------------------------------------------------------------------------- as18
def as18(root):
    name = "as18_node_drained_gpu_ecc_after_rank_abort"
    rng = random.Random(4818)
    b = Bundle(root + "/" + name)
    nodes = ["h200-%02d" % i for i in (3, 4, 5, 6)]
    job = Job(rng, nodes, jobid=71200, start=D(2025, 2, 4, 7, 15, 0), ip_base="10.60.0.")
    t_fail = job.start + TD(hours=4, minutes=51, seconds=38.9)
    cn, cl = "h200-06", 7
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    lines = cuda_err_lines(g, t_fail, "CUDA error: uncorrectable ECC error encountered")
    std_job(b, job, rng, layout="label", fmt="hf", t_fail=t_fail, culprit=(cn, cl), culprit_lines=lines, sym="remote", step_s=1.3,
            script="sft.py", args="--deepspeed ds_z3.json")
    bus = GPU_BUS[cl]
    ev = [(t_fail - TD(seconds=0.4), xid(bus, 140, pid, "Unrecovered ECC Error: an uncorrectable ECC error was detected in GPU memory and could not be handled by page offlining or row remapping.")),
          (t_fail - TD(seconds=0.3), xid(bus, 154, None, "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"))]
    for i, n in enumerate(nodes):
        kernel_log(b, rng, job, n, job.start - TD(days=1, hours=i * 5), "T", ev if n == cn else [])
    te = t_fail + TD(seconds=50)
    b.add(cn + "/slurmd.log", slurmd_log(cn, [
        (te, "[%d] epilog: running /etc/slurm/epilog.d/30-xid-scan.sh" % job.jobid),
        (te + TD(seconds=1), "[%d] epilog: critical Xid 140 found on GPU 00000000:%s:00.0 since job start" % (job.jobid, bus.upper())),
        (te + TD(seconds=1), "error: [job %d] epilog failed status=1:0" % job.jobid),
        (te + TD(seconds=1), "error: Epilog failure for JobId=%d, node drained" % job.jobid)]))
    b.add(cn + "/nvidia-smi-q.txt", nvsmi_q(cn, te + TD(minutes=2), model="NVIDIA H200", override={cl: {"dbe_vol": "4", "dbe_agg": "4", "rr_unc": "0", "rr_pend": "No", "rr_fail": "Yes"}}))
    b.add("h200-04/nvidia-smi-q.txt", nvsmi_q("h200-04", te + TD(minutes=2), model="NVIDIA H200", override={2: {"sbe_vol": "3", "sbe_agg": "41"}}))
    label = L("gpu_memory", "infrastructure", cn, g, "restart_without_node",
              "h200-06/dmesg-T.txt: 'Xid (PCI:0000:db:00): 140, ... Unrecovered ECC Error' on GPU 7 and Xid 154 GPU Reset Required, just before rank 31 (3*8+7) dies with 'uncorrectable ECC error encountered'; nvidia-smi -q shows DRAM Uncorrectable 4 and Remapping Failure Occurred: Yes, and the epilog drains the node. Correctable ECC counts on h200-04 are corrected; NCCL peer errors naming h200-06 are sympathetic.",
              "https://github.com/leptonai/gpud/pull/100")
    return name, label, b


# --------------------------------------------------------------------------- as19
def as19(root):
    name = "as19_rank_stuck_then_reboot_required_message"
    rng = random.Random(4819)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (31, 32, 33, 34, 35, 36)]
    job = Job(rng, nodes, jobid=1131870, start=D(2025, 3, 30, 12, 0, 2), ip_base="10.12.3.")
    t_fail = job.start + TD(hours=2, minutes=7, seconds=3.0)
    cn, cl = "gpu-n33", 6
    g = job.grank(cn, cl)
    pid = job.pid(cn, cl)
    lines = cuda_err_lines(g, t_fail + TD(seconds=41), "CUDA error: an illegal instruction was encountered")
    std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=lines, sym="timeout", timeout_s=300,
            step_s=5.5)
    bus = GPU_BUS[cl]
    ev = [(t_fail - TD(seconds=0.5), xid(bus, 61, pid, "0cec(3098) 00000000 00000000")),
          (t_fail, xid(bus, 62, pid, "000059f4 00005c2a 000053a6 00005c36 00005c30 000053ca 00005c36 00003e8c")),
          (t_fail + TD(seconds=40), xid(bus, 109, pid, "Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x58005")),
          (t_fail + TD(seconds=41), xid(bus, 154, None, "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"))]
    for i, n in enumerate(nodes):
        kernel_log(b, rng, job, n, job.start - TD(days=8, hours=i), "journal", ev if n == cn else [])
    b.add(cn + "/dcgmi-health.txt", ["+---------------------------+----------------------------------------------------------+",
                                     "| Health Monitor Report                                                                |",
                                     "+===========================+==========================================================+",
                                     "| Overall Health            | Failure                                                  |",
                                     "| GPU ID: 6                 | Failure                                                  |",
                                     "|                           | PMU/firmware: internal micro-controller halt (Xid 62)    |",
                                     "|                           | Recovery action: Node Reboot Required                    |",
                                     "+---------------------------+----------------------------------------------------------+"])
    label = L("gpu_hardware", "infrastructure", cn, g, "restart_without_node",
              "gpu-n33/journal-kernel.log: Xid 61 then 'Xid ... 62' (internal micro-controller halt) on PCI 0000:ba = GPU 6 at the step where training stops, later Xid 109 CTX SWITCH TIMEOUT and Xid 154 'Node Reboot Required'; dcgmi health reports GPU 6 failure. Rank 46 (5*8+6... node index 2 -> 2*8+6=22) is the one that never joins; the 300 s watchdog timeouts on every other rank are sympathetic, and the late 'illegal instruction' on rank 22 is a consequence of the halted GPU, not application code.",
              "https://github.com/leptonai/gpud/pull/46")
    label["rationale"] = label["rationale"].replace("Rank 46 (5*8+6... node index 2 -> 2*8+6=22)", "Rank 22 (node index 2 -> 2*8+6)")
    return name, label, b


CASES = [as01, as02, as03, as04, as05, as06, as07, as08, as09, as12, as18, as19]
