"""z01-z10: GPU hardware, GPU memory, NVLink / NVSwitch / fabric manager."""
import random

from common import (Bundle, t0, plus, glog, glog_ns, iso, iso_precise, pylog, syslog, uptime, bus_ids,
                    nccl_init, watchdog_timeout, dist_backend_terminate, cuda_error_block, elastic_failure,
                    sigterm_lines, harmless_warnings, megatron_iter, titan_step, hf_step, ds_step,
                    nvidia_smi_q, nvidia_smi_table, kernel_noise, ctime)


def _rng(fn):
    return random.Random("corpus_set10/" + fn)


def z01_xid79_srun_label():
    """Merged slurm-<id>.out with srun --label; the Xid 79 is only in one node's journal, 10 min earlier."""
    rng = _rng("z01_xid79_srun_label")
    b = Bundle("z01_xid79_srun_label")
    hosts = ["gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08"]
    t = t0(2026, 3, 14, 1, 2, 11)
    out = ["+ srun --label --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 pretrain_gpt.py ..."]
    for task, h in enumerate(hosts):
        out.append("%d: W0314 01:02:%02d.%06d 48121 torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default" % (task, 13 + task, rng.randint(0, 999999)))
    for task, h in enumerate(hosts):
        for l in range(0, 8, 3):
            for ln in nccl_init(h, 61200 + l, l, task * 8 + l, 32, bus_ids(rng)[l])[:6]:
                out.append("%d: %s" % (task, ln))
    for w in harmless_warnings():
        out.append("3: " + w)
    it_ms = 2140.0
    tt = plus(t, 95)
    loss = 3.91
    for it in range(10, 3130, 10):
        tt = plus(tt, it_ms * 10 / 1000 + rng.uniform(-0.3, 0.3))
        loss -= rng.uniform(0.0, 0.0009)
        out.append("3: " + megatron_iter(tt, it, 250000, it_ms + rng.uniform(-20, 25), loss, gnorm=rng.uniform(0.7, 1.3)))
        if it % 1000 == 0:
            out.append("3: saving checkpoint at iteration %8d to /lustre/ckpt/gpt-70b in torch_dist format" % it)
            out.append("3:   successfully saved checkpoint from iteration %8d to /lustre/ckpt/gpt-70b [ t 1/8, p 1/4 ]" % it)
    hang_start = plus(tt, 6)
    fire = plus(hang_start, 600)
    seq = 31377
    for task in (0, 1, 3, 2):
        for l in range(8):
            if task == 2 and l == 4:
                continue
            r = task * 8 + l
            for ln in watchdog_timeout(plus(fire, rng.uniform(0, 2)), r, seq, op="_REDUCE_SCATTER_BASE", numel=98566144, pid=70000 + r)[:6]:
                out.append("%d: [rank%d]:%s" % (task, r, ln))
    for task in (1, 0, 3, 2):
        for ln in dist_backend_terminate(task * 8, "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout" % (task * 8, task * 8))[:4]:
            out.append("%d: %s" % (task, ln))
    for task in (0, 1, 3):
        for ln in sigterm_lines(plus(fire, 3), [71001 + task * 8 + i for i in range(3)]):
            out.append("%d: %s" % (task, ln))
    out.append("srun: error: gpu-b05: task 0: Exited with exit code 1")
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    out.append("slurmstepd: error: *** STEP 4481207.0 ON gpu-b05 CANCELLED AT 2026-03-14T%s ***" % plus(fire, 40).strftime("%H:%M:%S"))
    out.append("srun: error: gpu-b07: task 2: Killed")
    out.append("srun: error: gpu-b06: task 1: Exited with exit code 1")
    out.append("srun: error: gpu-b08: task 3: Exited with exit code 1")
    b.add("gpu-b05/slurm-4481207.out", out)
    buses = bus_ids(rng)
    for h in hosts:
        j = []
        kt = plus(t, -3600)
        for ln in kernel_noise(rng, 25):
            kt = plus(kt, rng.uniform(30, 400))
            j.append("%s %s kernel: %s" % (iso_precise(kt), h, ln))
        if h == "gpu-b07":
            x = plus(hang_start, 2.4)
            bus = buses[4].lower()[:-2]
            j += ["%s %s kernel: NVRM: GPU at PCI:%s: GPU-7e02a1c4-59b0-11f3-8d7a-2c61ab09e5f1" % (iso_precise(x), h, bus),
                  "%s %s kernel: NVRM: GPU Board Serial Number: 1652423018833" % (iso_precise(x), h),
                  "%s %s kernel: NVRM: Xid (PCI:%s): 79, pid=71093, name=python3, GPU has fallen off the bus." % (iso_precise(x), h, bus),
                  "%s %s kernel: NVRM: GPU %s.0: GPU has fallen off the bus." % (iso_precise(plus(x, 0.001)), h, bus),
                  "%s %s kernel: NVRM: kgspRcAndNotifyAllChannels_IMPL: RC all channels for critical error 79." % (iso_precise(plus(x, 0.002)), h),
                  "%s %s kernel: pcieport 0000:97:01.0: AER: Uncorrected (Fatal) error received: 0000:97:01.0" % (iso_precise(plus(x, 0.01)), h),
                  "%s %s kernel: NVRM: _threadNodeCheckTimeout: API_GPU_ATTACHED_SANITY_CHECK failed!" % (iso_precise(plus(x, 6)), h)]
        for ln in kernel_noise(rng, 6):
            kt = plus(fire, rng.uniform(60, 900))
            j.append("%s %s kernel: %s" % (iso_precise(kt), h, ln))
        b.add("%s/journalctl-k.txt" % h, sorted(j))
    b.set_label("gpu_hardware", "infrastructure", "gpu-b07", "restart_without_node",
                "The merged srun output shows only watchdog timeouts from every task; gpu-b07's kernel journal records "
                "Xid 79 (GPU fallen off the bus) ten minutes before the first timeout, and rank 20 on that GPU never reports.",
                "https://github.com/NVIDIA/NVSentinel/issues/155")
    return b


def z02_xid48_ip_dirs():
    """Per-node folders named by IP; dmesg uptime stamps; double-bit ECC (Xid 48 + 63) on one GPU."""
    rng = _rng("z02_xid48_ip_dirs")
    b = Bundle("z02_xid48_ip_dirs")
    ips = ["10.18.4.21", "10.18.4.22", "10.18.4.23", "10.18.4.24"]
    t = t0(2026, 5, 2, 9, 40, 0)
    boot = plus(t, -86400 * 3 - 4410)
    bad, bad_local = 2, 2
    err_t = plus(t, 5321)
    for n, ip in enumerate(ips):
        log = []
        for l in range(8):
            log += ["[rank%d]:%s" % (n * 8 + l, x) for x in nccl_init("node%02d" % (n + 1), 9100 + l, l, n * 8 + l, 32, bus_ids(rng)[l])[:4]]
        tt = plus(t, 40)
        for step in range(1, 420):
            tt = plus(tt, 12.6 + rng.uniform(-0.2, 0.2))
            if n == 0 and step % 2 == 0:
                log.append("[rank0]:%s | INFO | train | step %d | loss %.4f | lr 1.99e-04 | grad_norm %.3f | tok/s/gpu 3121" % (pylog(tt), step, 2.8 - step * 0.0011 + rng.uniform(-0.02, 0.02), rng.uniform(0.3, 0.6)))
        if n == bad:
            r = n * 8 + bad_local
            log += cuda_error_block(r, "uncorrectable ECC error encountered")
            log.append("[rank%d]: frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f81d3d79446 in /opt/venv/lib/python3.11/site-packages/torch/lib/libc10.so)" % r)
            log.append("%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered" % (glog_ns(err_t), r))
            for l in range(8):
                if l != bad_local:
                    log += ["[rank%d]:%s" % (n * 8 + l, x) for x in watchdog_timeout(plus(err_t, 600 + l * 0.01), n * 8 + l, 8410, pid=9100 + l)[:3]]
        else:
            for l in range(8):
                log += ["[rank%d]:%s" % (n * 8 + l, x) for x in watchdog_timeout(plus(err_t, 600 + l * 0.01), n * 8 + l, 8410, pid=9100 + l)[:5]]
        log += sigterm_lines(plus(err_t, 603), [9100 + i for i in range(8) if not (n == bad and i == bad_local)])
        b.add("%s/train.log" % ip, log)
        d = []
        kt = plus(t, -7000)
        for ln in kernel_noise(rng, 30):
            kt = plus(kt, rng.uniform(20, 500))
            d.append("%s %s" % (uptime(boot, kt), ln))
        if n == bad:
            bus = bus_ids(rng)[bad_local].lower()[:-2]
            x = plus(err_t, -0.8)
            d += ["%s NVRM: Xid (PCI:%s): 48, pid=9102, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x1f3a8c2200" % (uptime(boot, x), bus),
                  "%s NVRM: Xid (PCI:%s): 63, pid=9102, name=python, Row Remapper: New row (0x0000000000f94e11) was marked for remapping, reset gpu to activate." % (uptime(boot, plus(x, 0.01)), bus),
                  "%s NVRM: Xid (PCI:%s): 45, pid=9102, name=python, Ch 00000008" % (uptime(boot, plus(x, 0.9)), bus)]
        b.add("%s/dmesg.txt" % ip, sorted(d, key=lambda s: float(s[1:13])))
    b.set_label("gpu_memory", "infrastructure", "10.18.4.23", "restart_without_node",
                "10.18.4.23's dmesg shows Xid 48 (double-bit ECC) and Xid 63 (row pending remap) on the GPU of rank 18, which "
                "raised 'uncorrectable ECC error encountered'; the other 31 ranks only time out ten minutes later.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194", rank=18)
    return b


def z03_illegal_addr_follows_node():
    """Three attempts, node order shuffled by the scheduler; the illegal-address error always lands on gpu-c12."""
    rng = _rng("z03_illegal_addr_follows_node")
    b = Bundle("z03_illegal_addr_follows_node")
    orders = [["gpu-c09", "gpu-c12", "gpu-c03", "gpu-c15"],
              ["gpu-c12", "gpu-c15", "gpu-c09", "gpu-c03"],
              ["gpu-c03", "gpu-c09", "gpu-c15", "gpu-c12"]]
    fail_steps = [1187, 342, 2210]
    base = t0(2026, 6, 9, 22, 10, 0)
    for a, (order, fs) in enumerate(zip(orders, fail_steps), 1):
        t = plus(base, (a - 1) * 4 * 3600)
        for n, h in enumerate(order):
            log = []
            tt = plus(t, 30)
            for step in range(1, fs + 1):
                tt = plus(tt, 1.9 + rng.uniform(-0.05, 0.05))
                if n == 0 and (step % 10 == 0 or step < 5):
                    log.append(titan_step(tt, step, 9.0 * (step ** -0.12) + rng.uniform(-0.03, 0.03), 61.2, 5893 + rng.randint(-40, 40), 43.1 + rng.uniform(-0.3, 0.3)))
            r = n * 8 + 5
            if h == "gpu-c12":
                log += cuda_error_block(r, "an illegal memory access was encountered")
                log.append("[rank%d]: frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x51 (0x7f2a1b4e9d21 in /usr/local/lib/python3.11/site-packages/torch/lib/libtorch_cuda.so)" % r)
                log.append("[rank%d]:%s 4417 ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered" % (r, glog_ns(tt), r))
            else:
                for l in (0, 3, 6):
                    log += ["[rank%d]:%s" % (n * 8 + l, x) for x in watchdog_timeout(plus(tt, 300), n * 8 + l, 4 * fs + 7, timeout_ms=300000, pid=4410 + l)[:3]]
            log += elastic_failure(plus(tt, 303), h, "torchtitan/train.py",
                                   [(r if h == "gpu-c12" else n * 8, 5 if h == "gpu-c12" else 0, -6, 4415 if h == "gpu-c12" else 4410, "SIGABRT")])
            b.add("attempt_%d/%s/stdout.log" % (a, h), log)
            if h == "gpu-c12":
                bus = bus_ids(rng)[5].lower()[:-2]
                b.add("attempt_%d/%s/dmesg.txt" % (a, h),
                      ["[%s] NVRM: Xid (PCI:%s): 13, pid=4415, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 2, SM 0): Out Of Range Address" % (ctime(tt), bus),
                       "[%s] NVRM: Xid (PCI:%s): 13, pid=4415, name=python3, Graphics Exception: ESR 0x52e730=0x10d000e 0x52e734=0x20 0x52e728=0x4c1eb72 0x52e72c=0x174" % (ctime(tt), bus),
                       "[%s] NVRM: Xid (PCI:%s): 43, pid=4415, name=python3, Ch 00000010" % (ctime(plus(tt, 0.2)), bus)])
    b.set_label("gpu_hardware", "infrastructure", "gpu-c12", "restart_without_node",
                "Across three attempts the illegal memory access comes from a different global rank (13, 5, 29) at different "
                "steps, but always from local GPU 5 of gpu-c12 with Xid 13; an error that follows the node is its hardware.",
                "https://github.com/marin-community/marin/issues/7344")
    return b


def z04_dcgm_diag_after_crash():
    """Job dies with NCCL 'unhandled cuda error'; operator ran dcgmi health/diag on all nodes afterwards."""
    rng = _rng("z04_dcgm_diag_after_crash")
    b = Bundle("z04_dcgm_diag_after_crash")
    hosts = ["hgx-a-101", "hgx-a-102", "hgx-a-103"]
    t = t0(2026, 1, 20, 4, 0, 0)
    crash = plus(t, 7400)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 20)
        for s in range(1, 560):
            tt = plus(tt, 13.1)
            if n == 0:
                log.append("[default0]:%s - INFO - trainer - epoch 0 | step %d | loss %.4f | samples/s %.1f" % (pylog(tt), s, 2.4 - s * 0.0008 + rng.uniform(-0.03, 0.03), 390 + rng.uniform(-3, 3)))
        if n == 2:
            log += ["[default6]:%s:88211:88390 [6] transport/p2p.cc:272 NCCL WARN Cuda failure 'unspecified launch failure'" % h,
                    "[default6]:%s:88211:88390 [6] NCCL INFO transport/p2p.cc:327 -> 1" % h,
                    "[default6]:%s:88211:88211 [6] NCCL INFO enqueue.cc:1203 -> 1" % h,
                    "[default6]:[rank22]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2006, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5",
                    "[default6]:[rank22]: ncclUnhandledCudaError: Call to CUDA function failed.",
                    "[default6]:[rank22]: Last error:",
                    "[default6]:[rank22]: Cuda failure 'unspecified launch failure'"]
        else:
            for l in range(0, 8, 2):
                log += ["[default%d]:%s" % (l, x) for x in watchdog_timeout(plus(crash, 1800), n * 8 + l, 9120, timeout_ms=1800000, pid=88200 + l)[:4]]
        b.add("%s/torchrun.log" % h, log)
        health = ["+---------------------------+----------------------------------------------------------+",
                  "| Health Monitor Report                                                                |",
                  "+===========================+==========================================================+",
                  "| Overall Health            | %-56s |" % ("Failure" if n == 2 else "Healthy")]
        if n == 2:
            health += ["| GPU ID: 6                 | Failure                                                  |",
                       "|                           | GPU 6 Xid error 31 detected: MMU Fault.                  |",
                       "|                           | GPU 6 had a fatal PCIe replay storm (4107 replays).      |"]
        health.append("+---------------------------+----------------------------------------------------------+")
        b.add("%s/dcgmi_health_c.txt" % h, health)
        diag = ["Successfully ran diagnostic for group.",
                "+---------------------------+------------------------------------------------+",
                "| Diagnostic                | Result                                         |",
                "+===========================+================================================+",
                "|-----  Metadata  ----------+------------------------------------------------|",
                "| DCGM Version              | 3.3.7                                          |",
                "| Driver Version Detected   | 550.90.07                                      |",
                "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
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
                "| PCIe                      | %-46s |" % ("Fail - GPU: 6" if n == 2 else "Pass - All"),
                "+-----  Hardware  ----------+------------------------------------------------+",
                "| GPU Memory                | Pass - All                                     |",
                "| Diagnostic                | %-46s |" % ("Fail - GPU: 6" if n == 2 else "Pass - All"),
                "+-----  Stress  ------------+------------------------------------------------+"]
        if n == 2:
            diag += ["| Warning                   | GPU 6 PCIe replay count 4107 exceeded limit of |",
                     "|                           | 8; GPU 6 failed to complete the diagnostic: an |",
                     "|                           | unexpected XID 31 occurred                     |"]
        diag.append("+---------------------------+------------------------------------------------+")
        b.add("%s/dcgmi_diag_r2.txt" % h, diag)
    b.set_label("gpu_hardware", "infrastructure", "hgx-a-103", "restart_without_node",
                "The first error is a CUDA 'unspecified launch failure' inside NCCL on rank 22 (hgx-a-103 GPU 6); the post-mortem "
                "dcgmi health and diag -r 2 fail only that GPU (PCIe replays, Xid 31), while the other nodes pass.",
                "https://github.com/NVIDIA/DCGM/issues/145", rank=22)
    return b


def z05_row_remap_pending_k8s():
    """kubectl dumps; nvidia-smi -q from the node shows a pending row remap and DRAM uncorrectable errors."""
    rng = _rng("z05_row_remap_pending_k8s")
    b = Bundle("z05_row_remap_pending_k8s")
    nodes = ["gke-a3m-pool-5f2c-h8k1", "gke-a3m-pool-5f2c-q02x", "gke-a3m-pool-5f2c-w7tn"]
    t = t0(2026, 2, 11, 16, 0, 0)
    fail = plus(t, 3 * 3600 + 611)
    for n, node in enumerate(nodes):
        pod = "llama-ft-worker-%d" % n
        log = []
        tt = plus(t, 60)
        for s in range(1, 820):
            tt = plus(tt, 13.2)
            if n == 0 and s % 5 == 0:
                log.append("%s {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (iso(tt), 1.9 - s * 0.0006 + rng.uniform(-0.05, 0.05), rng.uniform(0.4, 0.9), 2e-5, s / 2400))
                log.append("%s %s" % (iso(tt), hf_step(s, 2400, s * 13.2, 13.2)))
        if n == 1:
            log += ["%s [rank11]: Traceback (most recent call last):" % iso(fail),
                    "%s [rank11]:   File \"/workspace/train.py\", line 212, in <module>" % iso(fail),
                    "%s [rank11]:     trainer.train()" % iso(fail),
                    "%s [rank11]: RuntimeError: CUDA error: uncorrectable ECC error encountered" % iso(fail),
                    "%s [rank11]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % iso(fail)]
        else:
            log += ["%s [rank%d]: %s" % (iso(plus(fail, 1800)), n * 8, x) for x in watchdog_timeout(plus(fail, 1800), n * 8, 20511, timeout_ms=1800000)[:2]]
        b.add("%s/kubectl_logs_%s.txt" % (node, pod), log)
        b.add("%s/kubectl_describe_pod_%s.txt" % (node, pod), [
            "Name:             %s" % pod, "Namespace:        research", "Priority:         0",
            "Node:             %s/10.128.0.%d" % (node, 41 + n),
            "Labels:           training.kubeflow.org/job-name=llama-ft", "                  training.kubeflow.org/replica-index=%d" % n,
            "Status:           Failed", "Containers:", "  pytorch:",
            "    Image:          us-docker.pkg.dev/acme/train/llama-ft:2026.02.03",
            "    State:          Terminated",
            "      Reason:       %s" % ("Error" if n == 1 else "Error"),
            "      Exit Code:    %d" % (1 if n == 1 else 134),
            "    Limits:", "      nvidia.com/gpu:  8", "Events:", "  Type     Reason   Age   From     Message",
            "  ----     ------   ----  ----     -------",
            "  Normal   Pulled   3h    kubelet  Container image \"us-docker.pkg.dev/acme/train/llama-ft:2026.02.03\" already present on machine"])
        smi = nvidia_smi_q(node, plus(fail, 2400), bus_ids(rng), bad=(3 if n == 1 else None),
                           dram_unc=2, dram_unc_agg=2, remap_unc=1, remap_pending="Yes")
        b.add("%s/nvidia-smi-q.txt" % node, smi)
    b.add("%s/kubectl_get_events.txt" % nodes[1], [
        "LAST SEEN   TYPE      REASON              OBJECT                              MESSAGE",
        "41m         Warning   BackOff             pod/llama-ft-worker-1               Back-off restarting failed container pytorch",
        "40m         Warning   GPUUnhealthy        node/%s    nvidia.com/gpu device GPU-3fa1bd1f-6c1a-1003-9b2e-5d41c0a7e303 marked unhealthy: XID 48/63" % nodes[1],
        "38m         Normal    JobFailed           pytorchjob/llama-ft                 PyTorchJob llama-ft has failed because 1 Worker replica(s) failed."])
    b.set_label("gpu_memory", "infrastructure", nodes[1], "restart_without_node",
                "worker-1 raised 'uncorrectable ECC error'; nvidia-smi -q on its node shows DRAM uncorrectable errors and a row "
                "remap pending on GPU 3 (global rank 11) and the device plugin marked it unhealthy; others only time out.",
                "https://github.com/verl-project/verl/issues/407", rank=11)
    return b
