"""Cases ar21-ar29."""
import random

from common import (Case, T, sec, ts_py, ts_c10, ts_glog, ts_iso, ts_journal, ts_syslog, megatron_iters,
                    torchtitan_steps, pylog_steps, describe_pod, describe_node, get_events, nvsmi_q, dmesg_boot,
                    watchdog_timeout, torchrun_failure, torchrun_header, agent_received_sigterm, nccl_init)
from jobkit import build_job, sympathetic_timeouts, crash_trace, TRAIN_FRAMES

AZ_PCI = ["00000001:00:00.0", "00000002:00:00.0", "00000003:00:00.0", "00000004:00:00.0",
          "0000000B:00:00.0", "0000000C:00:00.0", "0000000D:00:00.0", "0000000E:00:00.0"]


def _failed(t_start, t_end, code=1, reason="Error"):
    return ("Terminated", ("Reason", reason), ("Exit Code", str(code)),
            ("Started", t_start.strftime("%a, %d %b %Y %H:%M:%S +0000")),
            ("Finished", t_end.strftime("%a, %d %b %Y %H:%M:%S +0000")))


def _cuda_err_block(rank, t, msg):
    return [
        "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: %s" % (rank, ts_c10(t), rank, msg),
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f11c2d77446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f11c2e2c918 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f1173ee06d6 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
    ]


# ------------------------------------------------------------------ ar21 clean volcano
def ar21():
    rng = random.Random(4721)
    pods = ["resnet152-imagenet-master-0", "resnet152-imagenet-worker-0", "resnet152-imagenet-worker-1", "resnet152-imagenet-worker-2"]
    nodes = ["v100-node-%02d" % n for n in (2, 3, 5, 8)]
    ips = ["10.233.%d.%d" % (64 + i, 17 + i) for i in range(4)]
    t0 = T(2024, 2, 19, 20, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 4, t0, ips, "resnet152", "resnet152-imagenet-master-0:23456", net="IB",
                                    entry="/workspace/main.py", version="2.18.5")
    logs[pods[2]].insert(22, "[W socket.cpp:663] [c10d] The client socket has failed to connect to [resnet152-imagenet-master-0]:23456 (errno: 99 - Cannot assign requested address).")
    t = t_ready
    out = []
    for ep in range(90):
        for k, frac in enumerate((0.2, 0.4, 0.6, 0.8, 1.0)):
            n = int(1251 * frac)
            t += sec(92 + rng.uniform(-2, 2))
            out.append("Epoch %d: %3d%%|%s| %d/1251 [%02d:%02d<%02d:%02d,  2.71it/s, v_num=0, train_loss=%.3f]"
                       % (ep, int(frac * 100), ("█" * int(frac * 10)).ljust(10), n, int(n / 2.71) // 60, int(n / 2.71) % 60,
                          int((1251 - n) / 2.71) // 60, int((1251 - n) / 2.71) % 60, 6.9 * (0.965 ** ep) + 0.6 + rng.uniform(-0.05, 0.05)))
        out.append("Epoch %d: 100%%|██████████| 1251/1251 [07:41<00:00,  2.71it/s, v_num=0, train_loss=%.3f, val_acc1=%.4f, val_acc5=%.4f]"
                   % (ep, 6.9 * (0.965 ** ep) + 0.6, min(0.783, 0.05 + ep * 0.0125), min(0.941, 0.2 + ep * 0.011)))
        if ep in (29, 59):
            out.append("%s INFO lightning.pytorch.utilities.rank_zero: Epoch %d: lr scheduler step -> lr=%.4f" % (ts_py(t), ep, 0.4 * (0.1 ** ((ep + 1) // 30))))
    out.append("`Trainer.fit` stopped: `max_epochs=90` reached.")
    out.append("%s INFO __main__: saved final checkpoint to /pvc/ckpt/resnet152/last.ckpt (val_acc1=0.7830)" % ts_py(t + sec(12)))
    out.append("I%s 1 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % ts_glog(t + sec(14))[1:])
    out.append("I%s 1 torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % ts_glog(t + sec(14.1))[1:])
    out.append("I%s 1 torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.61 seconds" % ts_glog(t + sec(14.7))[1:])
    logs[pods[0]] += out
    for p in pods[1:]:
        logs[p] += ["I%s 1 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % ts_glog(t + sec(14 + rng.uniform(0, 0.5)))[1:],
                    "I%s 1 torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.4%d seconds" % (ts_glog(t + sec(14.6))[1:], rng.randrange(10))]
    c = Case("ar21_volcano_job_all_tasks_exit_0", {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "The run finished: master-0 logs '`Trainer.fit` stopped: `max_epochs=90` reached.', saves last.ckpt, and every torchrun agent logs 'worker group successfully finished ... WorkerState.SUCCEEDED'; vcjob_status.txt shows the Volcano job Completed with all 4 tasks Succeeded and every pod exits 0. The early c10d client-socket connect retry on worker-1, the corrected (volatile) DRAM ECC count on worker-2's GPU 2 and the NCCL INFO noise are harmless. No fault: nothing to do.",
        "modelled_on": "https://github.com/volcano-sh/volcano/issues/2292"})
    boot = T(2024, 2, 10, 7, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        c.add("%s/kubectl_describe_pod.txt" % p, describe_pod(
            p, "vision", nodes[i], ips[i], "harbor.lab/vision/lightning:2.2-cu121", "harbor.lab/vision/lightning@sha256:ab12cd34ef56ab78cd90ef12ab34cd56ef78ab90cd12ef34ab56cd78ef90ab12", t0,
            ("Terminated", ("Reason", "Completed"), ("Exit Code", "0")), None, 0, None, status="Succeeded",
            limits={"cpu": "32", "memory": "240Gi", "nvidia.com/gpu": "4"}, controlled_by="Job/resnet152-imagenet", node_ip=ips[i]))
        ov = {2: {"dram_corr": 2, "dram_corr_agg": 2}} if i == 2 else {}
        c.add("%s/nvidia-smi-q.txt" % p, nvsmi_q(t + sec(20), 4, product="Tesla V100-SXM2-32GB", driver="535.161.08", overrides=ov))
        c.add("%s/dmesg_T.txt" % p, dmesg_boot(rng, nodes[i], "T", boot, []))
    c.add("vcjob_status.txt", ["$ kubectl -n vision get vcjob resnet152-imagenet", "NAME                 STATUS      MINAVAILABLE   RUNNINGS   AGE",
                               "resnet152-imagenet   Completed   4                         11h", "",
                               "$ kubectl -n vision get vcjob resnet152-imagenet -o jsonpath='{.status}'",
                               '{"state":{"phase":"Completed","lastTransitionTime":"%s"},"minAvailable":4,"succeeded":4,"taskStatusCount":{"master":{"phase":{"Succeeded":1}},"worker":{"phase":{"Succeeded":3}}},"version":3,"retryCount":0}' % ts_iso(t + sec(20), 0)])
    return c


# ------------------------------------------------------------------ ar22 Xid 48 on Azure
def ar22():
    rng = random.Random(4722)
    pods = ["falcon-40b-%d" % i for i in range(4)]
    nodes = ["aks-nda100v4-41077821-vmss00000%s" % s for s in ("a", "c", "d", "g")]
    ips = ["10.244.%d.9" % (10 + i) for i in range(4)]
    t0 = T(2024, 4, 22, 6, 30, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "falcon40b", "falcon-40b-0:29500", net="IBext", version="2.19.3")
    tr, t1 = pylog_steps(t_ready, 1, 5200, 0.88, rng, every=10, line=0,
                         fmt="{'loss': %(loss).4f, 'grad_norm': 0.4%(line)d1, 'learning_rate': %(lr).3e, 'epoch': 0.%(step)d}")
    logs[pods[0]] += tr
    tx = t1 + sec(0.4)
    bad, loc = 1, 3
    crank = bad * 8 + loc
    pb = pods[bad]
    logs[pb] += _cuda_err_block(crank, tx + sec(0.7), "uncorrectable ECC error encountered")
    logs[pb] += torchrun_failure(tx + sec(2), pb, [(loc, crank, -6, pids[pb] + loc, "Signal 6 (SIGABRT) received by PID %d" % (pids[pb] + loc))])
    sympathetic_timeouts(logs, [pods[0], pods[2], pods[3]], 8, pids, tx + sec(1800.2), 220418, optype="_REDUCE_SCATTER_BASE", numel=125829120, timeout_ms=1800000)
    c = Case("ar22_aks_one_rank_aborts_with_cuda_ecc_error", {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": pb, "rank": crank},
        "action": "restart_without_node",
        "rationale": "falcon-40b-1/dmesg.txt (raw uptime, boot in uptime_s.txt) has 'NVRM: Xid (PCI:0004:00:00): 48 ... An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer' followed by Xid 63 row-remap-pending, at the moment rank 11 (local GPU 3 = PCI 0004:00:00.0 on ND A100 v4) dies with 'CUDA error: uncorrectable ECC error encountered'. That GPU's nvidia-smi-q shows DRAM Uncorrectable 1 and Remapped Rows Pending: Yes. Double-bit ECC = gpu_memory on that node. The other pods' 30-minute reduce-scatter watchdog timeouts are sympathetic; hpcx UCX warnings and 2 corrected DRAM errors on falcon-40b-3 are noise.",
        "modelled_on": "https://github.com/awslabs/awsome-distributed-ai/issues/201"})
    boot = T(2024, 4, 21, 23, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/stdout.txt" % p, logs[p])
        ext = []
        if i == bad:
            ext = [(tx, "NVRM: Xid (PCI:0004:00:00): 48, pid=%d, name=python3, Ch 00000008, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (pids[p] + loc)),
                   (tx + sec(0.02), "NVRM: Xid (PCI:0004:00:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000031a2c0) marked for remapping, reset gpu to activate."),
                   (tx + sec(0.5), "NVRM: Xid (PCI:0004:00:00): 45, pid=%d, name=python3, Ch 00000008" % (pids[p] + loc))]
        c.add("%s/dmesg.txt" % p, dmesg_boot(rng, nodes[i], "raw", boot, ext, kernel="5.15.0-1061-azure"))
        c.add("%s/uptime_s.txt" % p, boot.strftime("%Y-%m-%d %H:%M:%S") + "\n")
        ov = {}
        if i == bad:
            ov = {loc: {"dram_unc": 1, "rr_unc": 1, "rr_pending": "Yes", "reset_required": "Yes"}}
        if i == 3:
            ov = {6: {"dram_corr": 2}}
        c.add("%s/nvidia-smi-q.txt" % p, nvsmi_q(tx + sec(1900), 8, product="NVIDIA A100-SXM4-80GB", pci_ids=AZ_PCI, driver="535.161.08"))
        if ov:
            c.files["%s/nvidia-smi-q.txt" % p] = "\n".join(nvsmi_q(tx + sec(1900), 8, product="NVIDIA A100-SXM4-80GB", pci_ids=AZ_PCI, driver="535.161.08", overrides=ov)) + "\n"
    return c


# ------------------------------------------------------------------ ar23 Xid 94 contained, remap ok
def ar23():
    rng = random.Random(4723)
    pods = ["codegen-pt-%d" % i for i in range(4)]
    nodes = ["gke-a3-spot-5b2d-%s" % s for s in ("q1w2", "e3r4", "t5y6", "u7i8")]
    ips = ["10.40.%d.3" % i for i in range(4)]
    t0 = T(2024, 12, 9, 12, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "codegen", "codegen-pt-0:29500", net="TCPX")
    tr, t1 = torchtitan_steps(t_ready, 1, 4100, 1.7, rng, loss0=2.9, every=10)
    logs[pods[0]] += tr
    tx = t1 + sec(0.9)
    bad, loc = 2, 1
    crank = bad * 8 + loc
    pb = pods[bad]
    logs[pb] += _cuda_err_block(crank, tx + sec(0.3), "uncorrectable ECC error encountered")
    logs[pb] += torchrun_failure(tx + sec(2), pb, [(loc, crank, -6, pids[pb] + loc, "Signal 6 (SIGABRT) received by PID %d" % (pids[pb] + loc))])
    sympathetic_timeouts(logs, [pods[0], pods[1], pods[3]], 8, pids, tx + sec(600.3), 51770, optype="ALLREDUCE", numel=67108864)
    c = Case("ar23_rank_17_ecc_abort_gpu_reset_clean_afterwards", {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": pb, "rank": crank},
        "action": "restart",
        "rationale": "codegen-pt-2/journal_kernel.txt shows 'NVRM: Xid (PCI:0000:2a:00): 94, pid=..., name=python3, Contained ECC error' (plus Xid 63 marking a row for remapping) at the moment rank 17 (local GPU 1 = busId 2a000) aborts with 'CUDA error: uncorrectable ECC error encountered'; the other pods only time out afterwards (sympathetic). The error was contained to the process, and after the pod exited the GPU was reset (gpu_reset.txt) and nvidia-smi-q-after-reset.txt shows Remapped Rows Uncorrectable 1, Pending: No, Remapping Failure Occurred: No — the remap succeeded and nothing is pending. The GPU healed itself: gpu_memory on that node/rank, plain restart is enough.",
        "modelled_on": "https://github.com/leptonai/gpud/pull/1174"})
    boot = T(2024, 12, 8, 3, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        j = ["-- Logs begin at %s. --" % boot.strftime("%a %Y-%m-%d %H:%M:%S UTC"),
             "%s %s kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % (ts_journal(boot + sec(11)), nodes[i])]
        if i == bad:
            j += ["%s %s kernel: NVRM: Xid (PCI:0000:2a:00): 94, pid=%d, name=python3, Contained ECC error" % (ts_journal(tx), nodes[i], pids[p] + loc),
                  "%s %s kernel: NVRM: Xid (PCI:0000:2a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000004e11a0) marked for remapping, reset gpu to activate." % (ts_journal(tx + sec(0.01)), nodes[i]),
                  "%s %s kernel: NVRM: GPU at PCI:0000:2a:00: GPU-8e2d11b0-6c0f-2a4b-91e7-0d3c5e6f7a81" % (ts_journal(tx + sec(95)), nodes[i]),
                  "%s %s kernel: NVRM: GPU 0000:2a:00.0: RmInitAdapter succeeded" % (ts_journal(tx + sec(96)), nodes[i])]
        c.add("%s/journal_kernel.txt" % p, j)
    c.add("%s/gpu_reset.txt" % pb, ["$ nvidia-smi -r -i 1", "GPU 00000000:2A:00.0 was successfully reset.", "All done."])
    c.add("%s/nvidia-smi-q-after-reset.txt" % pb, nvsmi_q(tx + sec(120), 8, driver="550.90.07", cuda="12.4",
                                                          overrides={loc: {"rr_unc": 1, "rr_pending": "No", "rr_fail": "No", "util": 0, "fb_used": 0, "procs": []}}))
    return c


# ------------------------------------------------------------------ ar24 NVLink Xid 74
def ar24():
    rng = random.Random(4724)
    pods = ["deepseek-ft-%d" % i for i in range(4)]
    nodes = ["gke-a3-ultra-np-88fe-%s" % s for s in ("bb01", "bb02", "bb07", "bb09")]
    ips = ["10.48.%d.12" % i for i in range(4)]
    t0 = T(2025, 1, 27, 4, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "dsft", "deepseek-ft-0:29500", net="IB")
    tr, t1 = megatron_iters(t_ready, 1, 2300, 10000, 2.2, rng, loss0=1.8, gbs=256, every=5)
    logs[pods[0]] += tr
    tx = t1 + sec(0.6)
    bad, loc = 1, 4
    crank = bad * 8 + loc
    pb = pods[bad]
    for lr in (loc, 5):
        r = bad * 8 + lr
        pid = pids[pb] + lr
        logs[pb] += ["%s:%d:%d [%d] enqueue.cc:1556 NCCL WARN Cuda failure 'an uncorrectable NVLink error was detected during the execution'" % (pb, pid, pid + 12, lr),
                     "%s:%d:%d [%d] NCCL INFO group.cc:231 -> 1" % (pb, pid, pid + 12, lr)]
        logs[pb] += _cuda_err_block(r, tx + sec(0.2 + lr * 0.01), "an uncorrectable NVLink error was detected during the execution")
    logs[pb] += torchrun_failure(tx + sec(2), pb, [(loc, crank, -6, pids[pb] + loc, "Signal 6 (SIGABRT) received by PID %d" % (pids[pb] + loc)),
                                                   (5, crank + 1, -6, pids[pb] + 5, "Signal 6 (SIGABRT) received by PID %d" % (pids[pb] + 5))], script="pretrain_gpt.py")
    sympathetic_timeouts(logs, [pods[0], pods[2], pods[3]], 8, pids, tx + sec(600.1), 73001, numel=16777216, script="pretrain_gpt.py")
    c = Case("ar24_two_ranks_on_one_pod_abort_with_cuda_failure", {
        "category": "nvlink", "layer": "infrastructure", "culprit": {"node": pb, "rank": crank},
        "action": "restart_without_node",
        "rationale": "deepseek-ft-1/journal_kernel.txt shows 'NVRM: Xid (PCI:0000:9a:00): 74, pid=..., name=python3, NVLink: fatal error detected on link 7' for GPU 4 (busId 9a000 = rank 12), and ranks 12 and 13 (its NVLink peer) fail with NCCL \"Cuda failure 'an uncorrectable NVLink error was detected during the execution'\". nvlink_errors.txt on that pod shows the replay/recovery counters on GPU 4 link 7 only. An NVLink fault on one node (first specific error at 12 = the GPU with the Xid); the other pods' watchdog timeouts and ChildFailedError are sympathetic; the Xid 13 on deepseek-ft-3 is from a previous, unrelated debug run two days earlier.",
        "modelled_on": "https://github.com/NVIDIA/NVSentinel/pull/516"})
    boot = T(2025, 1, 25, 9, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        j = ["%s %s kernel: NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.90.07" % (ts_journal(boot + sec(12)), nodes[i])]
        if i == bad:
            j.append("%s %s kernel: NVRM: Xid (PCI:0000:9a:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 7(0x0, 0x0, 0x0, 0x0, 0x10000, 0x0, 0x0)" % (ts_journal(tx), nodes[i], pids[p] + loc))
            j.append("%s %s kernel: NVRM: Xid (PCI:0000:9a:00): 45, pid=%d, name=python3, Ch 00000010" % (ts_journal(tx + sec(0.4)), nodes[i], pids[p] + loc))
            j.append("%s %s kernel: NVRM: Xid (PCI:0000:ab:00): 45, pid=%d, name=python3, Ch 00000010" % (ts_journal(tx + sec(0.41)), nodes[i], pids[p] + 5))
        if i == 3:
            j.append("%s %s kernel: NVRM: Xid (PCI:0000:18:00): 13, pid=88121, name=python, Graphics SM Warp Exception on (GPC 2, TPC 1, SM 0): Out Of Range Address" % (ts_journal(boot + sec(3600)), nodes[i]))
        c.add("%s/journal_kernel.txt" % p, j)
    nl = []
    for g in range(8):
        nl.append("GPU %d: NVIDIA H200 (UUID: GPU-%08x-...)" % (g, 0x77ab0000 + g))
        for l in range(18):
            rep = 1873 if (g == loc and l == 7) else 0
            rec = 41 if (g == loc and l == 7) else 0
            nl.append("\t Link %d: Replay Errors: %d" % (l, rep))
            nl.append("\t Link %d: Recovery Errors: %d" % (l, rec))
            nl.append("\t Link %d: CRC Errors: %d" % (l, 12 if (g == loc and l == 7) else 0))
    c.add("%s/nvlink_errors.txt" % pb, ["$ nvidia-smi nvlink -e"] + nl)
    return c


# ------------------------------------------------------------------ ar25 host MCE, node NotReady
def ar25():
    rng = random.Random(4725)
    pods = ["pretrain-13b-worker-%d" % i for i in range(4)]
    nodes = ["ip-10-3-8-%d.us-east-2.compute.internal" % n for n in (14, 29, 52, 77)]
    ips = ["10.3.8.%d" % n for n in (14, 29, 52, 77)]
    t0 = T(2024, 10, 30, 18, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "pt13b", "pretrain-13b-worker-0:29500", net="OFI")
    tr, t1 = megatron_iters(t_ready, 1, 3300, 250000, 1.6, rng, loss0=2.6, gbs=1024, every=10)
    logs[pods[0]] += tr
    tx = t1 + sec(0.8)
    bad = 3
    pb = pods[bad]
    for i, p in enumerate(pods):
        if i == bad:
            continue
        pid = pids[p] + 2
        logs[p] += ["%s:%d:%d [2] NCCL WARN NET/OFI Request 0x7f55%08x completed with error. RC: 21. Error: 12 (Remote: EFA RX error). Completed length: 0" % (p, pid, pid + 44, rng.randrange(1 << 32)),
                    "[rank%d]:[%s TCPStore.cpp:142] [c10d] recvValue failed on SocketImpl(fd=61, addr=[%s]:51204, remote=[pretrain-13b-worker-0]:29500): Connection reset by peer" % (i * 8 + 2, ts_c10(tx + sec(45)), p)]
    sympathetic_timeouts(logs, [p for j, p in enumerate(pods) if j != bad], 8, pids, tx + sec(600.2), 103377, numel=301989888)
    c = Case("ar25_worker_3_logs_stop_mid_step_others_time_out", {
        "category": "host", "layer": "infrastructure", "culprit": {"node": pb, "rank": None},
        "action": "restart_without_node",
        "rationale": "pretrain-13b-worker-3's log simply stops mid-run with no Python error. Its node's previous-boot kernel journal (journal_prev_boot.txt) ends with 'mce: [Hardware Error]: CPU 52: Machine Check Exception: 5 Bank 6: bea0000000000108' and 'Kernel panic - not syncing: Fatal machine check' at the same minute, and kubectl_describe_node.txt shows Ready=Unknown 'Kubelet stopped posting node status' then a reboot; the pod is marked NodeLost. The other pods' EFA RX errors, TCPStore 'Connection reset by peer' and watchdog timeouts are sympathetic consequences of the node disappearing. Host (CPU/MCE) failure on that node; replace it.",
        "modelled_on": "https://github.com/kubernetes/kubernetes/issues/65142"})
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
    boot = T(2024, 10, 28, 6, 0, 0)
    jp = ["-- Journal begins at %s, ends at %s. --" % (boot.strftime("%a %Y-%m-%d %H:%M:%S UTC"), (tx + sec(1)).strftime("%a %Y-%m-%d %H:%M:%S UTC"))]
    for k in range(30):
        jp.append("%s %s kernel: IPv6: ADDRCONF(NETDEV_CHANGE): eni%010x: link becomes ready" % (ts_journal(boot + sec(600 + k * 3100)), nodes[bad], rng.randrange(1 << 40)))
    jp += ["%s %s kernel: mce: [Hardware Error]: Machine check events logged" % (ts_journal(tx - sec(240)), nodes[bad]),
           "%s %s kernel: mce: [Hardware Error]: CPU 52: Machine Check: 0 Bank 6: 8c00004000010150" % (ts_journal(tx - sec(240)), nodes[bad]),
           "%s %s kernel: mce: [Hardware Error]: TSC 0 ADDR 3f1c8a3c0 MISC 86 " % (ts_journal(tx - sec(240)), nodes[bad]),
           "%s %s kernel: mce: [Hardware Error]: CPU 52: Machine Check Exception: 5 Bank 6: bea0000000000108" % (ts_journal(tx - sec(0.2)), nodes[bad]),
           "%s %s kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff8e2c1a45> {native_safe_halt+0x5/0x10}" % (ts_journal(tx - sec(0.2)), nodes[bad]),
           "%s %s kernel: mce: [Hardware Error]: TSC 2b1a0e3b5c1d ADDR 3f1c8a3c0 MISC 86 SYND 4d000000 IPID 600b000000000 " % (ts_journal(tx - sec(0.2)), nodes[bad]),
           "%s %s kernel: mce: [Hardware Error]: PROCESSOR 0:a10f11 TIME 1730313120 SOCKET 1 APIC 68 microcode a10113e" % (ts_journal(tx - sec(0.2)), nodes[bad]),
           "%s %s kernel: mce: [Hardware Error]: Run the above through 'mcelog --ascii'" % (ts_journal(tx - sec(0.1)), nodes[bad]),
           "%s %s kernel: Kernel panic - not syncing: Fatal machine check" % (ts_journal(tx), nodes[bad])]
    c.add("%s/journal_prev_boot.txt" % pb, jp)
    c.add("%s/kubectl_describe_node.txt" % pb, describe_node(
        nodes[bad], {"node.kubernetes.io/instance-type": "p5.48xlarge", "topology.kubernetes.io/zone": "us-east-2b"},
        [("MemoryPressure", "False", (tx + sec(900)).strftime("%a, %d %b %Y %H:%M:%S +0000"), (tx + sec(890)).strftime("%a, %d %b %Y %H:%M:%S +0000"), "KubeletHasSufficientMemory", "kubelet has sufficient memory available"),
         ("Ready", "True", (tx + sec(900)).strftime("%a, %d %b %Y %H:%M:%S +0000"), (tx + sec(890)).strftime("%a, %d %b %Y %H:%M:%S +0000"), "KubeletReady", "kubelet is posting ready status")],
        events=[("Normal", "NodeNotReady", "16m", "node-controller", "Node %s status is now: NodeNotReady" % nodes[bad]),
                ("Warning", "NodeStatusUnknown", "16m", "node-controller", "Kubelet stopped posting node status."),
                ("Warning", "Rebooted", "2m", "kubelet", "Node %s has been rebooted, boot id: 6f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0" % nodes[bad]),
                ("Normal", "NodeReady", "1m", "kubelet", "Node %s status is now: NodeReady" % nodes[bad])],
        provider="aws:///us-east-2b/i-0e1d2c3b4a5968778"))
    c.add("%s/kubectl_describe_pod.txt" % pb, describe_pod(
        pb, "pretrain", nodes[bad], ips[bad], "public.ecr.aws/hpc-cloud/nemo:24.07", "public.ecr.aws/hpc-cloud/nemo@sha256:3e4f5a6b7c8d9e0f1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5e6f7081", t0,
        ("Terminated", ("Reason", "NodeLost"), ("Exit Code", "137")), None, 0,
        [("Warning", "NodeNotReady", "16m", "node-controller", "Node is not ready"),
         ("Normal", "TaintManagerEviction", "11m", "taint-controller", "Marking for deletion Pod pretrain/%s" % pb)],
        status="Failed", controlled_by="PyTorchJob/pretrain-13b", node_ip=ips[bad]))
    return c


# ------------------------------------------------------------------ ar26 Xid 119 GSP timeout
def ar26():
    rng = random.Random(4726)
    pods = ["llava-next-worker-%d" % i for i in range(3)]
    nodes = ["ip-172-20-%d-%d.ec2.internal" % (i, 40 + i * 13) for i in range(3)]
    ips = ["172.20.%d.%d" % (i, 40 + i * 13) for i in range(3)]
    t0 = T(2025, 4, 2, 10, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "llava", "llava-next-worker-0:29500", net="OFI")
    tr, t1 = pylog_steps(t_ready, 1, 2800, 1.1, rng, every=10, line=0,
                         fmt="{'loss': %(loss).4f, 'grad_norm': 1.0%(line)d3, 'learning_rate': %(lr).2e, 'epoch': %(step)d}")
    logs[pods[0]] += tr
    tx = t1 + sec(0.5)
    bad, loc = 1, 3
    crank = bad * 8 + loc
    pb = pods[bad]
    logs[pb] += _cuda_err_block(crank, tx + sec(52), "unspecified launch failure")
    logs[pb] += torchrun_failure(tx + sec(54), pb, [(loc, crank, -6, pids[pb] + loc, "Signal 6 (SIGABRT) received by PID %d" % (pids[pb] + loc))], script="llava/train/train_mem.py")
    sympathetic_timeouts(logs, [pods[0], pods[2]], 8, pids, tx + sec(1800.4), 39211, optype="ALLGATHER", numel=4718592, timeout_ms=1800000, script="llava/train/train_mem.py")
    c = Case("ar26_one_worker_stalls_45s_then_launch_failure", {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": pb, "rank": crank},
        "action": "restart_without_node",
        "rationale": "llava-next-worker-1/dmesg_T.txt logs repeated 'NVRM: Xid (PCI:0000:5d:00): 119, ... Timeout after 45s of waiting for RPC response from GPU3 GSP!' (GSP firmware hang) starting just after the last training step; rank 11 (local GPU 3, busId 5d000) then fails with 'CUDA error: unspecified launch failure', and nvidia-smi on that node can no longer get a handle for 00000000:5D:00.0 (nvidia-smi-q.txt). The other pods' 30-minute ALLGATHER watchdog timeouts are sympathetic; EFA/NCCL init is clean everywhere.",
        "modelled_on": "https://github.com/vllm-project/vllm/issues/40652"})
    boot = T(2025, 4, 1, 22, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        ext = []
        if i == bad:
            for k in range(3):
                tt = tx + sec(4 + k * 45)
                ext += [(tt, "NVRM: _kgspLogXid119: ********************************* GSP Timeout **********************************"),
                        (tt, "NVRM: _kgspLogXid119: Note: Please also check logs above."),
                        (tt, "NVRM: Xid (PCI:0000:5d:00): 119, pid=%d, name=python3, Timeout after 45s of waiting for RPC response from GPU3 GSP! Expected function 76 (GSP_RM_CONTROL) sequence %d (0x20800a6a 0x%x)." % (pids[p] + loc, 71203 + k, 0x8 + k)),
                        (tt, "NVRM: _kgspLogXid119: ********************************************************************************")]
            ext.append((tx + sec(140), "NVRM: nvCheckOkFailedNoLog: Check failed: GPU lost from the bus [NV_ERR_GPU_IS_LOST] (0x0000000F) returned from rpcRmApiControl_GSP"))
        c.add("%s/dmesg_T.txt" % p, dmesg_boot(rng, nodes[i], "T", boot, ext, kernel="5.10.234-225.895.amzn2.x86_64"))
    c.add("%s/nvidia-smi-q.txt" % pb, ["$ nvidia-smi -q", "Unable to determine the device handle for GPU0000:5D:00.0: Unknown Error",
                                       "$ nvidia-smi --query-gpu=index,pci.bus_id,temperature.gpu,utilization.gpu --format=csv",
                                       "index, pci.bus_id, temperature.gpu, utilization.gpu [%]", "0, 00000000:18:00.0, 47, 0 %", "1, 00000000:2A:00.0, 45, 0 %",
                                       "2, 00000000:3A:00.0, 49, 0 %", "Unable to determine the device handle for GPU0000:5D:00.0: Unknown Error"])
    return c


# ------------------------------------------------------------------ ar27 own CUDA OOM
def ar27():
    rng = random.Random(4727)
    pods = ["titan-70b-workers-0-%d-%s" % (i, s) for i, s in enumerate(("a2s3d", "f4g5h", "j6k7l", "z8x9c"))]
    nodes = ["gke-h200-pool-41aa-%s" % s for s in ("0001", "0002", "0003", "0004")]
    ips = ["10.56.%d.2" % i for i in range(4)]
    t0 = T(2025, 5, 6, 7, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "titan70b", "titan-70b-workers-0-0.titan-70b:29500", net="IB")
    logs[pods[0]] += ["[rank0]:[titan] %s - root - INFO - Starting job: Llama 3 70B training" % ts_py(t_ready),
                      "[rank0]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]" % ts_py(t_ready + sec(0.2)),
                      "[rank0]:[titan] %s - root - INFO - Training config: seq_len=32768 local_batch_size=4 activation_checkpoint.mode='none' compile=False float8=False" % ts_py(t_ready + sec(0.3)),
                      "[rank0]:[titan] %s - root - INFO - Model llama3 70B size: 70,553,706,496 total parameters" % ts_py(t_ready + sec(9)),
                      "[rank0]:[titan] %s - root - INFO - CUDA memory usage for model: 16.49GiB(11.73%%)" % ts_py(t_ready + sec(31)),
                      "[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 4, global batch size 128, sequence length 32768, total steps 3000 (warmup 200)" % ts_py(t_ready + sec(33))]
    tx = t_ready + sec(58)
    for i, p in enumerate(pods):
        fails = []
        for lr in range(8):
            r = i * 8 + lr
            if lr in (0, 3, 6):
                logs[p] += crash_trace(r, [("/opt/torchtitan/train.py", 532, "<module>", "trainer.train()"),
                                            ("/opt/torchtitan/train.py", 428, "train", "self.train_step(inputs, labels)"),
                                            ("/opt/torchtitan/train.py", 352, "train_step", "loss.backward()"),
                                            ("/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                                       "[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 15.66 GiB. GPU %d has a total capacity of 139.81 GiB of which 9.12 GiB is free. Including non-PyTorch memory, this process has 130.68 GiB memory in use. Of the allocated memory 121.44 GiB is allocated by PyTorch, and 7.01 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (r, lr))
                logs[p][-1] = logs[p][-1].replace("[rank%d]: [rank%d]: " % (r, r), "[rank%d]: " % r)
                fails.append((lr, r, 1, pids[p] + lr, "<N/A>"))
        logs[p] += torchrun_failure(tx + sec(2 + i * 0.2), p, fails)
    c = Case("ar27_every_pod_fails_in_first_backward", {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "On all four pods several ranks raise 'torch.OutOfMemoryError: CUDA out of memory ... this process has 130.68 GiB memory in use. Of the allocated memory 121.44 GiB is allocated by PyTorch' in the very first backward, with the config line showing seq_len=32768, local_batch_size=4 and activation_checkpoint.mode='none' for a 70B model on 32 GPUs. No other process holds GPU memory (nvidia-smi-q.txt lists only the job's own PIDs), and it is the same on every node: the job's own configuration does not fit. Stop and change batch/activation checkpointing. ChildFailedError summaries follow from it.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/40863"})
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        c.add("%s/nvidia-smi-q.txt" % p, nvsmi_q(tx + sec(1), 8, product="NVIDIA H200", driver="570.124.06", cuda="12.8",
                                                   overrides={k: {"fb_used": 133900 + k, "fb_used_proc": 133800 + k} for k in range(8)}))
    return c


# ------------------------------------------------------------------ ar28 bad argument everywhere
def ar28():
    rng = random.Random(4728)
    pods = ["whisper-ft-master-0", "whisper-ft-worker-0", "whisper-ft-worker-1"]
    nodes = ["gpu-a10g-%02d" % n for n in (4, 7, 9)]
    ips = ["10.100.2.%d" % (4 + i) for i in range(3)]
    t0 = T(2025, 6, 10, 15, 30, 0)
    c = Case("ar28_pytorchjob_all_replicas_crashloop_exit_2", {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Every replica's previous container log ends with argparse's 'finetune.py: error: unrecognized arguments: --gradient_checkpointing=true --lr_scheduler cosine_with_restarts' and exit code 2 on all 4 local ranks; the PyTorchJob spec (pytorchjob.yaml) passes those flags but finetune.py's usage line does not define them. Deterministic user/script error on all pods: stop and fix the arguments. CrashLoopBackOff/BackOff events and ChildFailedError are consequences; the 'nvidia-container-cli: ldcache' warning in the events is benign.",
        "modelled_on": "https://github.com/NTHU-LSALAB/KubeShare/issues/4"})
    for i, p in enumerate(pods):
        lines = torchrun_header(t0 + sec(i * 0.2), 3, 4, "whisper-ft-master-0:23456", "whisper-ft", entry="finetune.py")
        fails = []
        for lr in range(4):
            lines += ["usage: finetune.py [-h] --model_name_or_path MODEL_NAME_OR_PATH --train_manifest TRAIN_MANIFEST",
                      "                   [--eval_manifest EVAL_MANIFEST] [--output_dir OUTPUT_DIR] [--lr LR]",
                      "                   [--warmup_steps WARMUP_STEPS] [--max_steps MAX_STEPS] [--bf16]",
                      "                   [--per_device_batch_size PER_DEVICE_BATCH_SIZE] [--grad_accum GRAD_ACCUM]",
                      "finetune.py: error: unrecognized arguments: --gradient_checkpointing=true --lr_scheduler cosine_with_restarts"]
            fails.append((lr, i * 4 + lr, 2, 77 + lr, "<N/A>"))
        lines += torchrun_failure(t0 + sec(5 + i * 0.2), p, fails, script="finetune.py")
        c.add("%s/kubectl_logs_previous.txt" % p, lines)
        c.add("%s/kubectl_describe_pod.txt" % p, describe_pod(
            p, "speech", nodes[i], ips[i], "ghcr.io/acme/whisper-ft:0.4.2", "ghcr.io/acme/whisper-ft@sha256:9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b", t0,
            ("Waiting", ("Reason", "CrashLoopBackOff")), _failed(t0 + sec(300), t0 + sec(306), 1), 6,
            [("Warning", "BackOff", "30s (x27 over 6m)", "kubelet", "Back-off restarting failed container pytorch in pod %s_speech" % p),
             ("Warning", "Failed", "7m", "kubelet", "nvidia-container-cli: ldcache error: process /sbin/ldconfig.real terminated with signal 9 (retrying)")],
            limits={"cpu": "32", "memory": "180Gi", "nvidia.com/gpu": "4"}, controlled_by="PyTorchJob/whisper-ft", node_ip=ips[i]))
    c.add("pytorchjob.yaml", ["apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: whisper-ft", "  namespace: speech", "spec:",
                              "  pytorchReplicaSpecs:", "    Master:", "      replicas: 1", "      restartPolicy: OnFailure", "      template:", "        spec:",
                              "          containers:", "          - name: pytorch", "            image: ghcr.io/acme/whisper-ft:0.4.2",
                              "            command: [torchrun, --nnodes=3, --nproc-per-node=4, finetune.py]",
                              "            args: [--model_name_or_path, openai/whisper-large-v3, --train_manifest, /data/train.jsonl, --bf16,",
                              "                   --gradient_checkpointing=true, --lr_scheduler, cosine_with_restarts, --lr, '1e-5']",
                              "    Worker:", "      replicas: 2", "      restartPolicy: OnFailure"])
    return c


# ------------------------------------------------------------------ ar29 JobSet deadline reached
def ar29():
    rng = random.Random(4729)
    pods = ["olmo-7b-node-0-%d-%s" % (i, s) for i, s in enumerate(("m1n2b", "v3c4x", "z5l6k", "j7h8g"))]
    nodes = ["gke-a3-mega-dws-7d3e-%s" % s for s in ("r1", "r2", "r3", "r4")]
    ips = ["10.72.%d.8" % i for i in range(4)]
    t0 = T(2025, 7, 1, 0, 0, 5)
    logs, pids, t_ready = build_job(rng, pods, 8, t0, ips, "olmo7b", "olmo-7b-node-0-0.olmo-7b:29500", net="TCPX")
    # ~ 24h of training, log every 100 steps
    tr, t1 = torchtitan_steps(t_ready, 1, 41000, 2.1, rng, loss0=3.9, every=100)
    ck = []
    for ln in tr:
        ck.append(ln)
        st = int(ln.split("step:")[1].split()[0])
        if st % 5000 == 0:
            ck.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % ln.split("] ")[1][:23])
            ck.append("[rank0]:[titan] %s - root - INFO - [GC] Performing periodical GC collection. 0.05 seconds." % ln.split("] ")[1][:23])
    logs[pods[0]] += ck
    t_dead = t0 + sec(86400)
    for i, p in enumerate(pods):
        logs[p] += agent_received_sigterm(t_dead + sec(0.4 + i * 0.1), p)
        for lr in range(8):
            logs[p].append("[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())" % (i * 8 + lr, ts_c10(t_dead + sec(0.6), "")[0:]))
    c = Case("ar29_jobset_pods_terminated_after_24h", {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "Training progressed normally up to step ~41000 with regular checkpoints every 5000 steps (last at step 40000) and no errors; at exactly 24h after start every pod receives SIGTERM (torchrun 'Received Signals.SIGTERM death signal'), and kubectl_get_jobset.txt shows the child Job failed with reason DeadlineExceeded: 'Job was active longer than specified deadline' (activeDeadlineSeconds: 86400). The job was stopped by the scheduler's time limit, not by a fault; the SIGTERM tracebacks and 'process group has NOT been destroyed' warnings are just the shutdown. Nothing to fix.",
        "modelled_on": "https://github.com/kubernetes/website/pull/11745"})
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        c.add("%s/kubectl_describe_pod.txt" % p, describe_pod(
            p, "olmo", nodes[i], ips[i], "us-docker.pkg.dev/acme-ml/train/titan:0.9", "us-docker.pkg.dev/acme-ml/train/titan@sha256:11aa22bb33cc44dd55ee66ff778899aabbccddeeff00112233445566778899aa", t0,
            _failed(t0, t_dead + sec(3), 143), None, 0,
            [("Normal", "Killing", "4m", "kubelet", "Stopping container trainer")], container="trainer", status="Failed",
            controlled_by="Job/olmo-7b-node-0", node_ip=ips[i]))
    c.add("kubectl_get_jobset.txt", ["$ kubectl -n olmo get jobset olmo-7b", "NAME      TERMINALSTATE   RESTARTS   COMPLETED   SUSPENDED   AGE", "olmo-7b   Failed          0                       false       24h",
                                     "", "$ kubectl -n olmo describe job olmo-7b-node-0 | sed -n '/Conditions/,$p'", "Conditions:",
                                     "  Type     Status  Reason            Message", "  ----     ------  ------            -------",
                                     "  Failed   True    DeadlineExceeded  Job was active longer than specified deadline",
                                     "Events:", "  Type     Reason            Age   From            Message", "  ----     ------            ----  ----            -------",
                                     "  Normal   SuccessfulDelete  4m    job-controller  Deleted pod: olmo-7b-node-0-0-m1n2b",
                                     "  Warning  DeadlineExceeded  4m    job-controller  Job was active longer than specified deadline",
                                     "", "$ kubectl -n olmo get jobset olmo-7b -o yaml | grep -n activeDeadlineSeconds", "31:              activeDeadlineSeconds: 86400"])
    return c


CASES = [ar21, ar22, ar23, ar24, ar25, ar26, ar27, ar28, ar29]
