"""Cases ad01..ad08."""
import random

from common import (Bundle, T, plus, tz, UTC, glog_time, py_logging_time, iso_z, dmesg_T, dmesg_raw,
                    journal_short, journal_iso, torchrun_time, pg, watchdog_timeout, abort_tail, nccl,
                    nccl_init, torchrun_failure, elastic_line, xid, benign_dmesg, nvsmi_table, healthy_gpus,
                    WARN_POOL, ddp_warn, H100, A100, H200, BUS8)


def _sorted(events):
    return [line for _, line in sorted(events, key=lambda e: e[0])]


def step_line(t, step, loss, lr, extra=""):
    return "[%s] [INFO] [train.py:412] step %d | loss %.4f | lr %.3e | grad_norm %.3f%s" % (
        py_logging_time(t), step, loss, lr, 0.9 + (step % 7) * 0.031, extra)


# =====================================================================================
def ad01(root):
    """Xid 79 on one GPU; srun -l + torchrun per node; only console + culprit's dmesg."""
    rng = random.Random(3301)
    b = Bundle(root, "ad01_nccl_watchdog_timeouts_on_all_ranks_after_six_hours")
    cest = tz(2)
    nodes = ["gpu-c031", "gpu-c032", "gpu-c045", "gpu-c046"]
    ips = ["10.20.1.31", "10.20.1.32", "10.20.1.45", "10.20.1.46"]
    bad_node, bad_lr = 2, 5
    bad_rank = bad_node * 8 + bad_lr
    t0 = T(2024, 10, 14, 21, 2, 11, 0, cest)
    ev = []
    ev.append((t0, "srun: job 884213 queued and waiting for resources"))
    ev.append((plus(t0, 1), "srun: job 884213 has been allocated resources"))
    pids = {n: [40110 + 97 * n + i * 3 for i in range(8)] for n in range(4)}
    for n, host in enumerate(nodes):
        tn = plus(t0, 4 + n * 0.2)
        g = glog_time(tn, rng)
        for l in ["W%s torch/distributed/run.py:793] " % g,
                  "W%s torch/distributed/run.py:793] *****************************************" % g,
                  "W%s torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % g,
                  "W%s torch/distributed/run.py:793] *****************************************" % g]:
            ev.append((tn, "%d: %s" % (n, l)))
        ti = plus(t0, 31 + n * 0.3)
        for l in nccl_init(host, ips[n], n, 32, pids[n], rng, version="2.21.5+cuda12.4", with_version=True):
            ev.append((ti, "%d: %s" % (n, l)))
        for lr in range(8):
            ev.append((plus(ti, 2), "%d: %s" % (n, WARN_POOL[1])))
            break
    # training progress (rank 0 only)
    step_t = 1.84
    tstart = plus(t0, 60)
    last_step = 11600
    for s in range(100, last_step + 1, 100):
        ts = plus(tstart, s * step_t)
        loss = 3.9 * (s ** -0.09) + rng.uniform(-0.02, 0.02)
        ev.append((ts, "0: " + step_line(ts, s, loss, 3e-4 * min(1.0, s / 2000.0), " | tok/s 1.21M")))
        if s % 2000 == 0:
            ev.append((plus(ts, 3), "0: [%s] [INFO] [checkpoint.py:88] saved checkpoint to /lustre/proj/llm7b/ckpt/step_%07d (31.4 GB, 41.2 s)" % (py_logging_time(plus(ts, 45)), s)))
    t_last = plus(tstart, last_step * step_t)
    t_xid = plus(t_last, 29.4)
    # the faulty rank's watchdog sees a CUDA error right after the Xid
    tw = plus(t_xid, 1.7)
    ev.append((tw, "%d: " % bad_node + pg(bad_rank, tw, rng, "E", "ProcessGroupNCCL.cpp:1595") +
               "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure" % bad_rank))
    ev.append((tw, "%d: [rank%d]:CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % (bad_node, bad_rank)))
    ev.append((tw, "%d: [rank%d]:For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % (bad_node, bad_rank)))
    # everybody else times out ten minutes later
    seq = 348217
    tt = plus(t_xid, 600 + 9.2)
    for n in range(4):
        for lr in range(8):
            r = n * 8 + lr
            if r == bad_rank:
                continue
            tr = plus(tt, rng.uniform(0, 1.5))
            for l in watchdog_timeout(r, tr, rng, seq, "ALLREDUCE", numel=262144000):
                ev.append((tr, "%d: %s" % (n, l)))
            if r in (3, 12, 30):
                for l in abort_tail(r, "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=262144000, NumelOut=262144000, Timeout(ms)=600000) ran for 600214 milliseconds before timing out." % (r, r, seq), rng):
                    ev.append((plus(tr, 0.1), "%d: %s" % (n, l)))
    # torchrun agents tear down
    tk = plus(tt, 3)
    for n in range(4):
        lr_first = 3 if n == 0 else (1 if n != bad_node else 0)
        ev.append((plus(tk, n * 0.4), "%d: " % n + elastic_line("W", plus(tk, n * 0.4), rng, "torch/distributed/elastic/multiprocessing/api.py:897",
                                                            "Sending process %d closing signal SIGTERM" % (pids[n][(lr_first + 1) % 8]))))
    tf = plus(tk, 34)
    ev.append((tf, "0: " + elastic_line("E", tf, rng, "torch/distributed/elastic/multiprocessing/api.py:869",
                                       "failed (exitcode: -6) local_rank: 3 (pid: %d) of binary: /usr/bin/python3" % pids[0][3])))
    for l in torchrun_failure("pretrain_gpt.py", dict(time=torchrun_time(plus(tt, 1)), host="gpu-c031", rank=3, local_rank=3,
                                                     exitcode=-6, pid=pids[0][3])):
        ev.append((plus(tf, 0.5), "0: " + l))
    ev.append((plus(tf, 2), "srun: error: gpu-c031: task 0: Exited with exit code 1"))
    ev.append((plus(tf, 2.4), "srun: error: gpu-c046: task 3: Exited with exit code 1"))
    ev.append((plus(tf, 2.9), "srun: error: gpu-c032: task 1: Exited with exit code 1"))
    ev.append((plus(tf, 3.3), "srun: error: gpu-c045: task 2: Exited with exit code 1"))
    b.add("gpu-c031/slurm-884213.out", _sorted(ev))

    # on-call: dmesg -T from gpu-c045, collected next morning
    d = []
    old = T(2024, 10, 11, 16, 40, 2, 0, cest)
    for i, l in enumerate(benign_dmesg(rng, "gpu-c045", 5)):
        d.append("%s %s" % (dmesg_T(plus(old, -3600 * (5 - i))), l))
    d.append("%s %s" % (dmesg_T(old), xid("0000:3a:00", 31, 228193, "python3", "Ch 00000010, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f4a_e0000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ")))
    d.append("%s %s" % (dmesg_T(plus(old, 0)), xid("0000:3a:00", 43, 228193, "python3", "Ch 00000010")))
    d.append("%s %s" % (dmesg_T(plus(t0, -120)), "IPv6: ADDRCONF(NETDEV_CHANGE): vethf1a22c: link becomes ready"))
    d.append("%s %s" % (dmesg_T(plus(t0, 35)), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"))
    d.append("%s %s" % (dmesg_T(t_xid), xid("0000:ab:00", 79, pids[bad_node][bad_lr], "python3", "GPU has fallen off the bus.")))
    d.append("%s %s" % (dmesg_T(t_xid), "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."))
    d.append("%s %s" % (dmesg_T(t_xid), "NVRM: GPU 0000:ab:00.0: GPU serial number is 1652823054411."))
    d.append("%s %s" % (dmesg_T(plus(t_xid, 1)), "NVRM: A GPU crash dump has been created. If possible, please run"))
    d.append("%s %s" % (dmesg_T(plus(t_xid, 1)), "NVRM: nvidia-bug-report.sh as root to collect this data before"))
    d.append("%s %s" % (dmesg_T(plus(t_xid, 1)), "NVRM: the NVIDIA kernel module is unloaded."))
    d.append("%s %s" % (dmesg_T(plus(t_xid, 2)), "pcieport 0000:a8:01.0: AER: Uncorrected (Fatal) error received: 0000:a8:01.0"))
    d.append("%s %s" % (dmesg_T(plus(t_xid, 2)), "pcieport 0000:a8:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"))
    d.append("%s %s" % (dmesg_T(plus(t_xid, 2)), "pcieport 0000:a8:01.0:   device [10b5:c010] error status/mask=00000020/00000000"))
    d.append("%s %s" % (dmesg_T(plus(t_xid, 2)), "pcieport 0000:a8:01.0:    [ 5] SDES                   (First)"))
    b.add("gpu-c045/dmesg-T.txt", d)
    b.add("gpu-c045/nvidia-smi.txt", [
        "$ nvidia-smi",
        "Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error",
        "$ nvidia-smi -L",
        "GPU 0: NVIDIA H100 80GB HBM3 (UUID: GPU-2c4e1f0a-77d1-3b52-9a0e-5b1f3e2c9d11)",
        "GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-a3d9b8c2-1e44-7f1a-0c6d-8e2b4f6a1c03)",
        "GPU 2: NVIDIA H100 80GB HBM3 (UUID: GPU-51f0e7a9-3c2b-4d8e-9f16-2a7c5b0e3d44)",
        "GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-9e7d6c5b-4a39-2817-0f6e-5d4c3b2a1908)",
        "GPU 4: NVIDIA H100 80GB HBM3 (UUID: GPU-0b1c2d3e-4f50-6172-8394-a5b6c7d8e9f0)",
        "Unable to determine the device handle for gpu 0000:AB:00.0: Unknown Error",
        "GPU 6: NVIDIA H100 80GB HBM3 (UUID: GPU-7a6b5c4d-3e2f-1a0b-9c8d-7e6f5a4b3c2d)",
        "GPU 7: NVIDIA H100 80GB HBM3 (UUID: GPU-f1e2d3c4-b5a6-9788-6950-4a3b2c1d0e0f)",
    ])
    b.label("gpu_hardware", "infrastructure", "gpu-c045", bad_rank, "restart_without_node",
            "gpu-c045's kernel logged Xid 79 (GPU 0000:ab:00 fell off the bus, fatal PCIe AER on its upstream port) at %s, two seconds before rank 21 (gpu-c045 local GPU 5, busId ab000) hit a CUDA error; "
            "the other 31 ranks' ALLREDUCE watchdog timeouts ten minutes later, the old Xid 31/43 from another job, and torchrun naming rank 3 are not the cause." % t_xid.strftime("%H:%M:%S"),
            "https://github.com/rwth-i6/returnn/issues/1486")
    return b


# =====================================================================================
def ad02(root):
    """Uncorrectable ECC (Xid 48 + 95) on one GPU of a worker pod; kubectl logs of master only."""
    rng = random.Random(3302)
    b = Bundle(root, "ad02_master_pod_exited_with_nccl_remote_error")
    nodes = {"llama-ft-master-0": ("ip-10-42-3-17", "10.42.3.17", "192.168.14.5"),
             "llama-ft-worker-0": ("ip-10-42-5-88", "10.42.5.88", "192.168.22.9"),
             "llama-ft-worker-1": ("ip-10-42-12-230", "10.42.12.230", "192.168.31.40"),
             "llama-ft-worker-2": ("ip-10-42-9-141", "10.42.9.141", "192.168.7.61")}
    pods = list(nodes)
    bad_pod, bad_lr = "llama-ft-worker-2", 3
    bad_node = nodes[bad_pod][0]
    bad_rank = 3 * 8 + bad_lr
    t0 = T(2025, 2, 3, 1, 12, 4, 120000)
    L = []

    def kl(t, line):
        L.append((t, "%s %s" % (iso_z(t), line)))

    kl(t0, "[2025-02-03 01:12:04,120] torch.distributed.run: [WARNING] master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified.")
    kl(plus(t0, 0.1), "W0203 01:12:04.121000 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default")
    t1 = plus(t0, 22)
    kl(t1, "[rank0]: [init] world_size=32 backend=nccl torch=2.6.0+cu124 nccl=(2, 21, 5)")
    for r in range(32):
        pod = pods[r // 8]
        kl(plus(t1, 0.01 * r), "[rank0]: [init] rank %2d -> %s local_rank=%d pod_ip=%s" % (r, pod, r % 8, nodes[pod][2]))
    pids = [61 + 13 * i for i in range(8)]
    for l in nccl_init("llama-ft-master-0", "192.168.14.5", 0, 32, pids, rng, version="2.21.5+cuda12.4", with_version=True, hcas=4):
        kl(plus(t1, 4), l)
    kl(plus(t1, 6), WARN_POOL[2])
    step_t = 3.1
    ts0 = plus(t1, 40)
    last = 2650
    for s in range(10, last + 1, 10):
        ts = plus(ts0, s * step_t)
        kl(ts, "[rank0]: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.9 * (s ** -0.05) + rng.uniform(-0.03, 0.03), rng.uniform(0.5, 1.4), 2e-5, s / 9800.0))
    t_last = plus(ts0, last * step_t)
    t_ecc = plus(t_last, 1.6)
    # master ranks see the remote side go away
    tr = plus(t_ecc, 2.3)
    for lr in (2, 6, 0, 5):
        pid = pids[lr]
        kl(plus(tr, lr * 0.01), nccl("llama-ft-master-0", pid, pid + 433, lr,
                                     "WARN NET/IB : Got completion from peer 192.168.7.61<41%03d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:192.168.14.5 remoteGids::ffff:192.168.7.61 hca mlx5_%d" % (rng.randint(100, 999), lr // 2)))
        kl(plus(tr, lr * 0.01), nccl("llama-ft-master-0", pid, pid + 433, lr, "INFO transport/net.cc:1302 -> 6"))
        kl(plus(tr, lr * 0.01), nccl("llama-ft-master-0", pid, pid + 433, lr, "INFO proxy.cc:877 -> 6 [Progress Thread]"))
    te = plus(tr, 0.4)
    for lr in range(8):
        r = lr
        kl(plus(te, 0.02 * lr), pg(r, te, rng, "E", "ProcessGroupNCCL.cpp:1595") +
           "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % r)
        kl(plus(te, 0.02 * lr), "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % r)
        kl(plus(te, 0.02 * lr), "[rank%d]:Last error:" % r)
        kl(plus(te, 0.02 * lr), "[rank%d]:NET/IB : Got completion from peer 192.168.7.61<41812> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:192.168.14.5 remoteGids::ffff:192.168.7.61 hca mlx5_%d" % (r, lr // 2))
    tk = plus(te, 2)
    kl(tk, "E0203 %s 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /opt/conda/bin/python" % (tk.strftime("%H:%M:%S.%f"), pids[0]))
    for l in torchrun_failure("/workspace/train_sft.py", dict(time=torchrun_time(te), host="llama-ft-master-0", rank=0, local_rank=0, exitcode=-6, pid=pids[0]),
                              [dict(time=torchrun_time(te), host="llama-ft-master-0", rank=i, local_rank=i, exitcode=-6, pid=pids[i]) for i in (2, 6)]):
        kl(plus(tk, 0.1), l)
    b.add("ip-10-42-3-17/kubectl_logs_llama-ft-master-0.txt", ["$ kubectl logs --timestamps llama-ft-master-0 -n research"] + _sorted(L))
    tg = plus(te, 4000)
    b.add("ip-10-42-3-17/kubectl_get_pods.txt", [
        "$ kubectl get pods -n research -l training.kubeflow.org/job-name=llama-ft -o wide",
        "NAME                READY   STATUS    RESTARTS      AGE    IP              NODE              NOMINATED NODE   READINESS GATES",
        "llama-ft-master-0   0/1     Error     0             2h31m  192.168.14.5    ip-10-42-3-17     <none>           <none>",
        "llama-ft-worker-0   0/1     Error     0             2h31m  192.168.22.9    ip-10-42-5-88     <none>           <none>",
        "llama-ft-worker-1   0/1     Error     0             2h31m  192.168.31.40   ip-10-42-12-230   <none>           <none>",
        "llama-ft-worker-2   0/1     Error     0             2h31m  192.168.7.61    ip-10-42-9-141    <none>           <none>",
    ])
    # wrong node first: on-call checked worker-0's node, which is clean
    b.add("ip-10-42-5-88/nvidia-smi-q-ecc.txt", ecc_report(rng, "ip-10-42-5-88", plus(t_ecc, 3 * 3600), bad=None))
    # then the right node
    b.add("ip-10-42-9-141/nvidia-smi-q-ecc.txt", ecc_report(rng, "ip-10-42-9-141", plus(t_ecc, 3 * 3600 + 600), bad=bad_lr))
    j = ["-- Logs begin at Thu 2025-01-30 08:00:12 UTC, end at Mon 2025-02-03 04:30:51 UTC. --"]
    for i, l in enumerate(benign_dmesg(rng, bad_node, 4)):
        j.append("%s kernel: %s" % (journal_short(plus(t0, -7200 + i * 611), bad_node), l))
    j.append("%s kernel: %s" % (journal_short(t_ecc, bad_node), xid("0000:5d:00", 48, 118734, "python", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0.")))
    j.append("%s kernel: %s" % (journal_short(t_ecc, bad_node), xid("0000:5d:00", 63, 118734, "python", "Row Remapper Error: (0x00000005e0b1c380) - All reserved rows for bank are remapped")))
    j.append("%s kernel: %s" % (journal_short(plus(t_ecc, 0.2), bad_node), xid("0000:5d:00", 95, 118734, "python", "Uncontained: FBHUB. RST: Yes, D-RST: No")))
    j.append("%s kernel: %s" % (journal_short(plus(t_ecc, 1), bad_node), "NVRM: GPU at PCI:0000:5d:00: GPU-5b0e7d3a-9c12-44f1-8b6a-0d2e9f7c1a38"))
    j.append("%s kernel: %s" % (journal_short(plus(t_ecc, 1), bad_node), "NVRM: GPU Board Serial Number: 1653123019874"))
    j.append("%s kubelet[2211]: I0203 %s 2211 kubelet.go:2467] \"SyncLoop (PLEG): event for pod\" pod=\"research/llama-ft-worker-2\" event={\"Type\":\"ContainerDied\"}" % (journal_short(plus(t_ecc, 9), bad_node), plus(t_ecc, 9).strftime("%H:%M:%S.%f")))
    b.add("ip-10-42-9-141/journalctl-k.txt", j)
    b.label("gpu_memory", "infrastructure", bad_node, bad_rank, "restart_without_node",
            "ip-10-42-9-141 (pod llama-ft-worker-2, ranks 24-31) logged Xid 48 double-bit ECC + Xid 95 uncontained error on GPU 0000:5d:00 (index 3 -> rank 27) and nvidia-smi shows a row-remapping failure there; "
            "the master pod's ncclRemoteError naming 192.168.7.61 is the sympathetic side, and the other worker node checked first is clean.",
            "https://github.com/verl-project/verl/issues/407")
    return b


def ecc_report(rng, host, t, bad=None):
    out = ["$ nvidia-smi -q -d ECC,ROW_REMAPPER", "", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %e %H:%M:%S %Y"),
           "Driver Version                            : 550.127.05",
           "CUDA Version                              : 12.4", "",
           "Attached GPUs                             : 8"]
    for i in range(8):
        isbad = bad == i
        corr = rng.randint(0, 3) if not isbad else 17
        out += ["GPU %s" % BUS8[i],
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : 0",
                "            DRAM Correctable              : %d" % corr,
                "            DRAM Uncorrectable            : %d" % (2 if isbad else 0),
                "        Aggregate",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : 0",
                "            DRAM Correctable              : %d" % (corr + rng.randint(0, 40)),
                "            DRAM Uncorrectable            : %d" % (2 if isbad else 0),
                "    Remapped Rows",
                "        Correctable Error                 : %d" % (0 if not isbad else 1),
                "        Uncorrectable Error               : %d" % (0 if not isbad else 7),
                "        Pending                           : %s" % ("Yes" if isbad else "No"),
                "        Remapping Failure Occurred        : %s" % ("Yes" if isbad else "No"),
                "        Bank Remap Availability Histogram",
                "            Max                           : %d bank(s)" % (632 if isbad else 640),
                "            High                          : 0 bank(s)",
                "            Partial                       : %d bank(s)" % (7 if isbad else 0),
                "            Low                           : 0 bank(s)",
                "            None                          : %d bank(s)" % (1 if isbad else 0), ""]
    return out


# =====================================================================================
def ad03(root):
    """Xid 94 contained ECC, row remap succeeded after reset -> restart (same nodes fine)."""
    rng = random.Random(3303)
    b = Bundle(root, "ad03_deepspeed_run_aborted_mid_epoch_on_second_node")
    hosts = ["dgx-h100-07", "dgx-h100-11", "dgx-h100-02", "dgx-h100-15"]
    bad_n, bad_lr = 1, 5
    bad_rank = bad_n * 8 + bad_lr
    bad_host = hosts[bad_n]
    t0 = T(2024, 6, 18, 9, 30, 5, 0, tz(-4))
    L = []

    def add(t, line):
        L.append((t, line))

    add(t0, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export PYTHONPATH=/home/mjr/src/vlm; export NCCL_DEBUG=WARN; export NCCL_IB_HCA=mlx5; cd /home/mjr/src/vlm; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtaDEwMC0wNyI6IFswLDEsMiwz... --node_rank=%%n --master_addr=10.8.0.7 --master_port=29500 train.py --deepspeed ds_z2.json"
        % (py_logging_time(t0), ",".join(hosts)))
    for n, h in enumerate(hosts):
        tn = plus(t0, 2 + n * 0.1)
        add(tn, "%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'dgx-h100-07': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-h100-11': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-h100-02': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-h100-15': [0, 1, 2, 3, 4, 5, 6, 7]}" % (h, py_logging_time(tn)))
        add(tn, "%s: [%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (h, py_logging_time(tn), n))
        add(tn, "%s: [%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'dgx-h100-07': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-h100-11': [8, 9, 10, 11, 12, 13, 14, 15], 'dgx-h100-02': [16, 17, 18, 19, 20, 21, 22, 23], 'dgx-h100-15': [24, 25, 26, 27, 28, 29, 30, 31]})" % (h, py_logging_time(tn)))
        add(plus(tn, 9), "%s: [%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % (h, py_logging_time(plus(tn, 9))))
        add(plus(tn, 14), "%s: %s" % (h, WARN_POOL[0]))
    tt = plus(t0, 60)
    add(tt, "dgx-h100-07: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.4, git-hash=unknown, git-branch=unknown" % py_logging_time(tt))
    add(tt, "dgx-h100-07: [%s] [INFO] [config.py:1000:print] zero_optimization ............ stage=2 overlap_comm=True contiguous_gradients=True reduce_bucket_size=500000000" % py_logging_time(tt))
    st = 2.2
    last = 6350
    for s in range(50, last + 1, 50):
        ts = plus(tt, 30 + s * st)
        add(ts, "dgx-h100-07: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[9.8e-05], mom=[(0.9, 0.95)]" % (py_logging_time(ts), s))
        add(plus(ts, 0.01), "dgx-h100-07: [%s] [INFO] [timer.py:260:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=41.2GB, MaxMemAllocated=63.9GB"
            % (py_logging_time(ts), s * 4, s, 116.2 + rng.uniform(-0.4, 0.4), 116.0 + rng.uniform(-2, 2)))
    t_x = plus(tt, 30 + last * st + 1.2)
    te = plus(t_x, 0.6)
    tb = ["Traceback (most recent call last):",
          '  File "/home/mjr/src/vlm/train.py", line 311, in <module>',
          "    main()",
          '  File "/home/mjr/src/vlm/train.py", line 287, in main',
          "    engine.backward(loss)",
          '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/engine.py", line 1976, in backward',
          "    self.optimizer.backward(loss, retain_graph=retain_graph)",
          '  File "/opt/conda/lib/python3.10/site-packages/torch/autograd/__init__.py", line 289, in backward',
          "    _engine_run_backward(",
          "RuntimeError: CUDA error: uncorrectable ECC error encountered",
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    for l in tb:
        add(te, "%s: [rank%d]: %s" % (bad_host, bad_rank, l))
    # peers: loud NCCL errors from every node
    tp = plus(te, 4)
    for n, h in enumerate(hosts):
        for lr in (0, 3, 6):
            r = n * 8 + lr
            if r == bad_rank:
                continue
            tx = plus(tp, rng.uniform(0, 2))
            add(tx, "%s: [rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, remote process exited or there was a network error, NCCL version 2.20.5" % (h, r))
            add(tx, "%s: [rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (h, r))
    tk = plus(tp, 6)
    for n, h in enumerate(hosts):
        add(plus(tk, n * 0.3), "%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (h, py_logging_time(plus(tk, n * 0.3)), 81200 + n * 40))
    add(plus(tk, 1.1), "dgx-h100-02: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train.py', '--local_rank=3', '--deepspeed', 'ds_z2.json'] exits with return code = 1" % py_logging_time(plus(tk, 1.1)))
    add(plus(tk, 1.4), "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train.py', '--local_rank=5', '--deepspeed', 'ds_z2.json'] exits with return code = 1" % (bad_host, py_logging_time(plus(tk, 1.4))))
    add(plus(tk, 2), "pdsh@dgx-h100-07: dgx-h100-02: ssh exited with exit code 1")
    add(plus(tk, 2.2), "pdsh@dgx-h100-07: %s: ssh exited with exit code 1" % bad_host)
    add(plus(tk, 2.3), "pdsh@dgx-h100-07: dgx-h100-15: ssh exited with exit code 1")
    add(plus(tk, 2.5), "pdsh@dgx-h100-07: dgx-h100-07: ssh exited with exit code 1")
    b.add("dgx-h100-07/deepspeed_console.log", _sorted(L))
    b.add("dgx-h100-07/hostfile", ["%s slots=8" % h for h in hosts])
    # on-call: dmesg (raw uptime) from dgx-h100-11 and reset + remap status
    up0 = 1820331.0
    base_t = plus(t_x, -up0)
    d = []
    for i, l in enumerate(benign_dmesg(rng, bad_host, 6)):
        d.append("%s %s" % (dmesg_raw(up0 - 86400 + i * 3011.7), l))
    d.append("%s %s" % (dmesg_raw(up0), xid("0000:ab:00", 94, 118422, "python", "Contained: SM (0x1). RST: No, D-RST: No")))
    d.append("%s %s" % (dmesg_raw(up0 + 0.000812), xid("0000:ab:00", 63, 118422, "python", "Row Remapper: New row (0x0000000b8d4e1120) marked for remapping, reset gpu to activate.")))
    d.append("%s %s" % (dmesg_raw(up0 + 1921.44), "NVRM: GPU at PCI:0000:ab:00: GPU-77e0c1d2-5b3a-4f96-a1c8-3e9d2f4b6a70"))
    d.append("%s %s" % (dmesg_raw(up0 + 1921.45), "NVRM: GPU 0000:ab:00.0: GPU reset requested by nvidia-smi (pid 231877)"))
    d.append("%s %s" % (dmesg_raw(up0 + 1925.02), "NVRM: GPU 0000:ab:00.0: row remapping activated, 1 uncorrectable row(s) remapped"))
    b.add("dgx-h100-11/dmesg.txt", d)
    tr = plus(t_x, 1960)
    rr = ["$ date; nvidia-smi -i 5 -r; nvidia-smi -i 5 -q -d ROW_REMAPPER,ECC",
          tr.strftime("%a %b %e %H:%M:%S %Z %Y").replace("UTC-04:00", "EDT"),
          "GPU 00000000:AB:00.0 was successfully reset.", "All done.", "",
          "==============NVSMI LOG==============", "",
          "Attached GPUs                             : 8",
          "GPU 00000000:AB:00.0",
          "    ECC Errors",
          "        Volatile",
          "            DRAM Correctable              : 0",
          "            DRAM Uncorrectable            : 0",
          "        Aggregate",
          "            DRAM Correctable              : 3",
          "            DRAM Uncorrectable            : 1",
          "    Remapped Rows",
          "        Correctable Error                 : 0",
          "        Uncorrectable Error               : 1",
          "        Pending                           : No",
          "        Remapping Failure Occurred        : No",
          "        Bank Remap Availability Histogram",
          "            Max                           : 639 bank(s)",
          "            High                          : 1 bank(s)",
          "            Partial                       : 0 bank(s)",
          "            Low                           : 0 bank(s)",
          "            None                          : 0 bank(s)",
          "",
          "$ dcgmi diag -r 2 -i 5",
          "Successfully ran diagnostic for group.",
          "+---------------------------+------------------------------------------------+",
          "| Diagnostic                | Result                                         |",
          "+===========================+================================================+",
          "|-----  Metadata  ----------+------------------------------------------------|",
          "| DCGM Version              | 3.3.7                                          |",
          "| Driver Version Detected   | 535.183.06                                     |",
          "| GPU Device IDs Detected   | 2330                                           |",
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
          "| PCIe                      | Pass - GPU: 5                                  |",
          "+-----  Hardware  ----------+------------------------------------------------+",
          "| GPU Memory                | Pass - GPU: 5                                  |",
          "+-----  Stress  ------------+------------------------------------------------+",
          "| Targeted Stress           | Pass - GPU: 5                                  |",
          "+---------------------------+------------------------------------------------+"]
    b.add("dgx-h100-11/gpu5_reset_and_remap.txt", rr)
    b.label("gpu_memory", "infrastructure", bad_host, bad_rank, "restart",
            "Rank 13 (dgx-h100-11 local rank 5) raised 'uncorrectable ECC error encountered' first; the node's dmesg shows a contained Xid 94 plus Xid 63 row remap pending on 0000:ab:00, and after the GPU reset the remap is active with no failure and dcgmi passes, "
            "so the node is usable again and the job can restart from checkpoint as is; the ncclRemoteError lines from the other nodes are fallout.",
            "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")
    return b


# =====================================================================================
def ad04(root):
    """NVLink Xid 74 on one node; mpirun --tag-output; Open MPI names an innocent rank."""
    rng = random.Random(3304)
    b = Bundle(root, "ad04_mpirun_job_aborted_signal_6_on_rank_3")
    hosts = ["hgx-r12-n03", "hgx-r12-n04", "hgx-r14-n01", "hgx-r14-n02"]
    bad_n = 2
    bad_host = hosts[bad_n]
    t0 = T(2025, 5, 27, 13, 0, 40, 0, tz(9))  # JST console
    L = []

    def tag(r, stream, line):
        return "[1,%d]<%s>:%s" % (r, stream, line)

    pids = {n: [210300 + n * 50 + i for i in range(8)] for n in range(4)}
    for n, h in enumerate(hosts):
        ip4 = ["10.77.12.3", "10.77.12.4", "10.77.14.1", "10.77.14.2"][n]
        for l in nccl_init(h, ip4, n, 32, pids[n], rng, version="2.23.4+cuda12.6", with_version=(n == 0)):
            # mpirun: stdout lines tagged with the rank that printed them
            lr = int(l.split("[", 1)[1].split("]", 1)[0]) if l.startswith(h) else 0
            L.append((plus(t0, 8 + n * 0.2), tag(n * 8 + lr, "stdout", l)))
    st = 0.92
    last = 41870
    tt = plus(t0, 30)
    for s in range(200, last + 1, 200):
        ts = plus(tt, s * st)
        L.append((ts, tag(0, "stdout", " iteration %8d/  200000 | consumed samples: %11d | elapsed time per iteration (ms): %.1f | learning rate: 2.400E-04 | global batch size:  1024 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                                % (s, s * 1024, st * 1000 + rng.uniform(-8, 8), 2.3 + 2.0 * (s ** -0.2), rng.uniform(0.2, 0.5)))))
    t_last = plus(tt, last * st)
    t_x = plus(t_last, 0.5)
    # culprit's ranks 17 and 18 see the NVLink failure as CUDA errors inside NCCL
    for lr in (1, 2):
        r = bad_n * 8 + lr
        pid = pids[bad_n][lr]
        tx = plus(t_x, 0.3 + lr * 0.01)
        L.append((tx, tag(r, "stderr", nccl(bad_host, pid, pid + 611, lr, "WARN Cuda failure 'uncorrectable NVLink error detected during the execution'"))))
        L.append((tx, tag(r, "stderr", nccl(bad_host, pid, pid + 611, lr, "INFO enqueue.cc:1451 -> 1"))))
        L.append((tx, tag(r, "stderr", nccl(bad_host, pid, pid + 611, lr, "INFO group.cc:248 -> 1"))))
    # everyone else times out
    seq = 1672233
    tw = plus(t_x, 1800 + 4)
    for r in range(32):
        if r in (17, 18):
            continue
        tr = plus(tw, rng.uniform(0, 2.5))
        for l in watchdog_timeout(r, tr, rng, seq, "REDUCE_SCATTER", numel=52428800, timeout_ms=1800000):
            L.append((tr, tag(r, "stderr", l)))
    # an innocent node also prints loud IB errors while peers abort
    for lr in (0, 4):
        r = 8 + lr
        pid = pids[1][lr]
        tx = plus(tw, 3.1)
        L.append((tx, tag(r, "stderr", nccl("hgx-r12-n04", pid, pid + 902, lr, "WARN NET/IB : Got completion from peer 10.77.14.2<52117> with status=5 opcode=129 len=0 vendor err 249 (Recv) localGid ::ffff:10.77.12.4 remoteGids::ffff:10.77.14.2 hca mlx5_%d" % lr))))
    tab = plus(tw, 3.4)
    for l in abort_tail(3, "[PG ID 0 PG GUID 0(default_pg) Rank 3] Process group watchdog thread terminated with exception: [Rank 3] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=REDUCE_SCATTER, NumelIn=52428800, NumelOut=1638400, Timeout(ms)=1800000) ran for 1800442 milliseconds before timing out." % seq, rng):
        L.append((tab, tag(3, "stderr", l)))
    tm = plus(tab, 2)
    L.append((tm, "--------------------------------------------------------------------------"))
    L.append((tm, "Primary job  terminated normally, but 1 process returned"))
    L.append((tm, "a non-zero exit code. Per user-direction, the job has been aborted."))
    L.append((tm, "--------------------------------------------------------------------------"))
    L.append((plus(tm, 1), "--------------------------------------------------------------------------"))
    L.append((plus(tm, 1), "mpirun noticed that process rank 3 with PID 210303 on node hgx-r12-n03 exited on signal 6 (Aborted)."))
    L.append((plus(tm, 1), "--------------------------------------------------------------------------"))
    b.add("hgx-r12-n03/mpirun_job_58812.out", ["$ mpirun -np 32 -H hgx-r12-n03:8,hgx-r12-n04:8,hgx-r14-n01:8,hgx-r14-n02:8 --tag-output -x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET --bind-to none python pretrain_gpt.py @args.txt"] + _sorted(L))
    # on-call: journalctl -k from hgx-r14-n01 (node clock in UTC)
    tu = t_x.astimezone(UTC)
    j = []
    for i, l in enumerate(benign_dmesg(rng, bad_host, 5)):
        j.append("%s kernel: %s" % (journal_short(plus(tu, -40000 + i * 5000), bad_host), l))
    j.append("%s kernel: %s" % (journal_short(plus(tu, -1.2), bad_host), xid("0000:2a:00", 74, pids[bad_n][1], "python", "NVLink: Nvlink error detected on link 6 (0x0, 0x0, 0x0, 0x0, 0x0, 0x0, 0x10000): Replay count exceeded threshold")))
    j.append("%s kernel: %s" % (journal_short(tu, bad_host), xid("0000:2a:00", 74, pids[bad_n][1], "python", "NVLink: fatal error detected on link 6(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")))
    j.append("%s kernel: %s" % (journal_short(tu, bad_host), xid("0000:3a:00", 74, pids[bad_n][2], "python", "NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")))
    j.append("%s kernel: %s" % (journal_short(plus(tu, 0.4), bad_host), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Fatal, Link 37 sourcetrack TCEN0 crumbstore ECC DBE Error (First)"))
    j.append("%s kernel: %s" % (journal_short(plus(tu, 0.4), bad_host), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 24007, Severity 1 Engine instance 37 Sub-engine instance 00"))
    b.add("hgx-r14-n01/journalctl-k.txt", j)
    nl = ["$ nvidia-smi nvlink -e -i 1"]
    nl.append("GPU 1: NVIDIA H100 80GB HBM3 (UUID: GPU-c0a81e23-7d6f-4b9e-a215-9e04f1b38d27)")
    for link in range(18):
        bad = link == 6
        nl += ["\t Link %d: Replay Errors: %d" % (link, 48211 if bad else rng.randint(0, 2)),
               "\t Link %d: Recovery Errors: %d" % (link, 311 if bad else 0),
               "\t Link %d: CRC Errors: %d" % (link, 20455 if bad else 0)]
    b.add("hgx-r14-n01/nvlink_errors.txt", nl)
    b.label("nvlink", "infrastructure", bad_host, None, "restart_without_node",
            "hgx-r14-n01's kernel logged fatal NVLink Xid 74 on two of its GPUs (0000:2a and 0000:3a, local 1 and 2) plus an NVSwitch SXid, the moment its ranks 17/18 reported 'uncorrectable NVLink error'; "
            "the REDUCE_SCATTER timeouts 30 minutes later and mpirun's 'rank 3 ... signal 6' are sympathetic.",
            "https://github.com/pytorch/pytorch/issues/58155")
    return b


# =====================================================================================
def ad05(root):
    """One node's IB port goes down; torchrun --log-dir trees from master + one innocent node."""
    rng = random.Random(3305)
    b = Bundle(root, "ad05_nccl_ib_completion_errors_then_crash_at_step_3k")
    hosts = ["a3-node-0112", "a3-node-0113", "a3-node-0219", "a3-node-0220"]
    ips = ["10.18.4.112", "10.18.4.113", "10.18.4.219", "10.18.4.220"]
    bad_n = 2
    t0 = T(2024, 11, 2, 16, 5, 12, 0)  # UTC in torch logs
    pdt = tz(-7)
    run_id = "j2b4c1e0_4u9w"
    seq = 61873
    st = 1.31
    last = 3140
    t_train = plus(t0, 48)
    t_down = plus(t_train, last * st + 0.8)

    def node_tree(n, who):
        host = hosts[n]
        base = "%s/torchrun_logs/%s/attempt_0" % (host, run_id)
        pids = [7100 + 211 * n + 7 * i for i in range(8)]
        for lr in range(8):
            r = n * 8 + lr
            out, err = [], []
            out += nccl_init(host, ips[n], n, 32, pids, rng, version="2.22.3+cuda12.5", hcas=8, lr_list=[lr], with_version=(r == 0))
            if r == 0:
                for s in range(20, last + 1, 20):
                    ts = plus(t_train, s * st)
                    out.append(step_line(ts, s, 2.8 * s ** -0.04, 1.5e-4, " | mfu 41.2%"))
            err.append(WARN_POOL[2])
            err.append(ddp_warn(r))
            # IB errors toward the dead node's address
            tx = plus(t_down, 2.1 + rng.uniform(0, 0.8))
            pid = pids[lr]
            err.append(nccl(host, pid, pid + 1200 + lr, lr, "WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (ips[bad_n], rng.randint(32768, 60999), ips[n], ips[bad_n], lr)))
            err.append(nccl(host, pid, pid + 1200 + lr, lr, "INFO transport/net.cc:1294 -> 6"))
            err.append(nccl(host, pid, pid + 1200 + lr, lr, "INFO proxy.cc:710 -> 6"))
            err.append(nccl(host, pid, pid + 1200 + lr, lr, "INFO proxy.cc:893 -> 6 [Progress Thread]"))
            te = plus(tx, 0.3)
            err.append(pg(r, te, rng, "E", "ProcessGroupNCCL.cpp:1595") + "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.22.3" % r)
            err.append("[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % r)
            err.append("[rank%d]:Last error:" % r)
            err.append("[rank%d]:NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (r, ips[bad_n], rng.randint(32768, 60999), ips[n], ips[bad_n], lr))
            b.add("%s/%d/stdout.log" % (base, lr), out)
            b.add("%s/%d/stderr.log" % (base, lr), err)
        # agent console
        c = []
        g = glog_time(t0, rng)
        c.append("I%s torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:" % g)
        c.append("I%s torch/distributed/launcher/api.py:188]   entrypoint       : train.py" % g)
        c.append("I%s torch/distributed/launcher/api.py:188]   min_nodes        : 4" % g)
        c.append("I%s torch/distributed/launcher/api.py:188]   max_nodes        : 4" % g)
        c.append("I%s torch/distributed/launcher/api.py:188]   nproc_per_node   : 8" % g)
        c.append("I%s torch/distributed/launcher/api.py:188]   rdzv_backend     : c10d" % g)
        c.append("I%s torch/distributed/launcher/api.py:188]   rdzv_endpoint    : a3-node-0112:29400" % g)
        c.append("I%s torch/distributed/launcher/api.py:188]   max_restarts     : 0" % g)
        c.append("I%s torch/distributed/launcher/api.py:188]   log_dir          : /scratch/runs/vit-g/torchrun_logs" % g)
        tf = plus(t_down, 4)
        c.append(elastic_line("E", tf, rng, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % pids[0]))
        c += torchrun_failure("train.py", dict(time=torchrun_time(plus(t_down, 2)), host=host, rank=n * 8, local_rank=0, exitcode=-6, pid=pids[0],
                                               error_file="/scratch/runs/vit-g/torchrun_logs/%s/attempt_0/0/error.json" % run_id))
        b.add("%s/torchrun_console.txt" % host, c)

    node_tree(0, "master")
    node_tree(1, "peer")
    # culprit: on-call journal (local PDT) + ibstat
    tl = t_down.astimezone(pdt)
    bh = hosts[bad_n]
    j = []
    for i, l in enumerate(benign_dmesg(rng, bh, 4)):
        j.append("%s kernel: %s" % (journal_iso(plus(tl, -20000 + i * 3000), bh), l))
    j.append("%s kernel: mlx5_core 0000:c1:00.0: mlx5_port_module_event:1191:(pid 0): Port module event[error]: module 2, Cable error, High Temperature" % journal_iso(plus(tl, -0.6), bh))
    j.append("%s kernel: mlx5_core 0000:c1:00.0 ibp193s0: Link down" % journal_iso(tl, bh))
    j.append("%s kernel: infiniband mlx5_2: mlx5_ib_event:3112:(pid 0): warning: event on port 1, PORT_ERR" % journal_iso(tl, bh))
    j.append("%s kernel: mlx5_core 0000:c1:00.0: mlx5_port_module_event:1191:(pid 0): Port module event[error]: module 2, Cable error, High Temperature" % journal_iso(plus(tl, 311), bh))
    b.add("%s/journalctl-k_since_0900.txt" % bh, j)
    b.add("%s/ibstat_mlx5_2.txt" % bh, ["$ ip -br addr show ibp193s0", "ibp193s0         DOWN           %s/16 " % ips[bad_n],
                                        "$ ibstat mlx5_2", "CA 'mlx5_2'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                                        "\tHardware version: 0", "\tNode GUID: 0xa088c20300f3b7e2", "\tSystem image GUID: 0xa088c20300f3b7e2", "\tPort 1:",
                                        "\t\tState: Down", "\t\tPhysical state: Polling", "\t\tRate: 10", "\t\tBase lid: 65535", "\t\tLMC: 0",
                                        "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848", "\t\tPort GUID: 0xa088c20300f3b7e2", "\t\tLink layer: InfiniBand"])
    b.label("network", "infrastructure", bh, None, "restart_without_node",
            "Every rank on the two collected nodes reports IB completion errors (status 12, vendor err 129) toward the same peer 10.18.4.219, and that node's own kernel shows its mlx5_2 port going Link down (cable error) at %s PDT, i.e. %s UTC, seconds before the peers' errors; "
            "ibstat still shows the port Down/Polling. One node's link, so exclude it." % (tl.strftime("%H:%M:%S"), t_down.strftime("%H:%M:%S")),
            "https://github.com/NVIDIA/nccl/issues/1170")
    return b


# =====================================================================================
def ad06(root):
    """Several nodes behind one leaf switch lose IB at the same second -> fabric, no culprit."""
    rng = random.Random(3306)
    b = Bundle(root, "ad06_eight_node_job_lost_several_peers_at_once")
    hosts = ["gpu-017", "gpu-018", "gpu-019", "gpu-020", "gpu-021", "gpu-022", "gpu-023", "gpu-024"]
    ips = ["172.16.40.%d" % (17 + i) for i in range(8)]
    leaf8 = [4, 5, 6, 7]
    b.topology = {"leaf-07": hosts[:4], "leaf-08": hosts[4:], "spine-01": ["leaf-07", "leaf-08"]}
    t0 = T(2025, 1, 21, 22, 14, 3, 0, tz(1))
    ev = []
    ev.append((t0, "srun: job 1203377 queued and waiting for resources"))
    ev.append((plus(t0, 0.5), "srun: job 1203377 has been allocated resources"))
    st = 2.05
    last = 9120
    tt = plus(t0, 70)
    for s in range(50, last + 1, 50):
        ts = plus(tt, s * st)
        ev.append((ts, "0: " + step_line(ts, s, 2.1 + 1.2 * s ** -0.3, 2e-4)))
    t_out = plus(tt, last * st + 1.1)
    # nodes on leaf-07 accuse all four leaf-08 addresses; leaf-08 nodes accuse each other and leaf-07
    for n in range(8):
        h = hosts[n]
        for lr in (0, 3, 5):
            r = n * 8 + lr
            pid = 53000 + n * 31 + lr
            for peer in ([4, 6] if n < 4 else [1, (n + 1) % 8 if (n + 1) % 8 != n else 2]):
                tx = plus(t_out, 1.5 + rng.uniform(0, 1.2))
                ev.append((tx, "%d: " % n + nccl(h, pid, pid + 700, lr, "WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d"
                                                 % (ips[peer], rng.randint(30000, 60000), rng.choice([0, 1]), rng.choice(["Recv", "Send"]), ips[n], ips[peer], lr))))
            te = plus(t_out, 3 + rng.uniform(0, 1))
            ev.append((te, "%d: " % n + pg(r, te, rng, "E", "ProcessGroupNCCL.cpp:1595") + "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % r))
            ev.append((te, "%d: [rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (n, r)))
    tk = plus(t_out, 40)
    order = [5, 0, 6, 2, 4, 1, 7, 3]
    for i, n in enumerate(order):
        ev.append((plus(tk, i * 0.3), "srun: error: %s: task %d: Exited with exit code 1" % (hosts[n], n)))
    b.add("gpu-017/slurm-1203377.out", _sorted(ev))
    # on-call: dmesg from two leaf-08 nodes
    for n, up0 in ((5, 401228.52), (6, 77211.93)):
        h = hosts[n]
        d = ["$ dmesg | tail -n 40  (collected %s)" % plus(t_out, 5400).strftime("%Y-%m-%d %H:%M %z")]
        for i, l in enumerate(benign_dmesg(rng, h, 4)):
            d.append("%s %s" % (dmesg_raw(up0 - 9000 + i * 1500.3), l))
        for k in range(4):
            d.append("%s mlx5_core 0000:%02x:00.0 ibp%ds0: Link down" % (dmesg_raw(up0 + k * 0.000312), [0x0c, 0x1f, 0x4d, 0x5e][k], [12, 31, 77, 94][k]))
        for k in range(4):
            d.append("%s mlx5_core 0000:%02x:00.0 ibp%ds0: Link up" % (dmesg_raw(up0 + 96.2 + k * 0.4), [0x0c, 0x1f, 0x4d, 0x5e][k], [12, 31, 77, 94][k]))
        d.append("%s %s" % (dmesg_raw(up0 + 311.0), "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready"))
        b.add("%s/dmesg_tail.txt" % h, d)
    # switch event log excerpt attached by the network on-call
    tu = t_out.astimezone(UTC)
    b.add("gpu-022/ufm_events_excerpt.txt", [
        "# UFM event log excerpt, pasted into the ticket by netops",
        "%s  CRITICAL  Switch leaf-08 (GUID 0xfc6a1c0300e8a410) rebooted unexpectedly (power supply PSU1 fault)" % tu.strftime("%Y-%m-%d %H:%M:%S"),
        "%s  WARNING   32 ports changed state to DOWN on leaf-08" % plus(tu, 1).strftime("%Y-%m-%d %H:%M:%S"),
        "%s  INFO      32 ports changed state to ACTIVE on leaf-08" % plus(tu, 97).strftime("%Y-%m-%d %H:%M:%S"),
    ])
    b.label("network", "infrastructure", None, None, "restart",
            "gpu-022 and gpu-023 (both under leaf-08 in topology.json) each lost all four IB ports at once and got them back ~96 s later, matching netops' UFM excerpt of leaf-08 rebooting (PSU fault) at the failure time; every rank on both leaves reports peers unreachable at the same moment; "
            "an outage behind one switch, not one node, so restart.",
            "https://github.com/NVIDIA/nccl/issues/1405")
    return b


# =====================================================================================
def ad07(root):
    """Shared Lustre project quota full during checkpoint save, every worker -> storage, stop."""
    rng = random.Random(3307)
    b = Bundle(root, "ad07_ray_train_failed_while_saving_checkpoint")
    ips = ["172.31.20.5", "172.31.20.77", "172.31.22.140", "172.31.23.9"]
    head = "ip-172-31-20-5"
    t0 = T(2025, 3, 11, 7, 40, 2, 0, tz(-7))
    L = []
    L.append("Job submission server address: http://127.0.0.1:8265")
    L.append("")
    L.append("-------------------------------------------------------")
    L.append("Job 'raysubmit_m4XqT8c2pKZ7wLd1' submitted successfully")
    L.append("-------------------------------------------------------")
    L.append("")
    L.append("%s\tINFO worker.py:1660 -- Connecting to existing Ray cluster at address: 172.31.20.5:6379..." % py_logging_time(t0))
    L.append("%s\tINFO worker.py:1843 -- Connected to Ray cluster. View the dashboard at http://172.31.20.5:8265 " % py_logging_time(plus(t0, 1)))
    L.append("")
    L.append("View detailed results here: /fsx/ray_results/TorchTrainer_2025-03-11_07-40-04")
    L.append("(TrainTrainable pid=11871) Trainable.setup took 14.802 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads.")
    wpid = {}
    for w in range(32):
        ip = ips[w // 8]
        wpid[w] = 3300 + w * 17
    L.append("(RayTrainWorker pid=%d, ip=%s) Setting up process group for: env:// [rank=0, world_size=32]" % (wpid[0], ips[0]))
    L.append("(TorchTrainer pid=11871) Started distributed worker processes: ")
    for w in range(32):
        L.append("(TorchTrainer pid=11871) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d"
                 % ("%056x" % rng.getrandbits(224), ips[w // 8], wpid[w], w, w % 8, w // 8))
    L.append("(RayTrainWorker pid=%d, ip=%s) %s" % (wpid[9], ips[1], WARN_POOL[1]))
    for s in range(500, 8001, 500):
        L.append("(RayTrainWorker pid=%d, ip=%s) [rank 0] step %d loss %.4f tokens/s %.0f" % (wpid[0], ips[0], s, 2.2 + 1.5 * s ** -0.25, 912000 + rng.randint(-9000, 9000)))
        if s % 2000 == 0:
            L.append("(RayTrainWorker pid=%d, ip=%s) [rank 0] saving sharded checkpoint step_%06d to /fsx/proj-nlp/ckpt/mistral-12b/ ..." % (wpid[0], ips[0], s))
            if s < 8000:
                L.append("(RayTrainWorker pid=%d, ip=%s) [rank 0] checkpoint step_%06d saved (212.6 GiB) in 96.4s" % (wpid[0], ips[0], s))
    # every worker hits EDQUOT writing its shard
    for w in [0, 3, 9, 14, 17, 22, 27, 31, 5, 12, 20, 25]:
        ip = ips[w // 8]
        L.append("(RayTrainWorker pid=%d, ip=%s) [rank %d] ERROR writing /fsx/proj-nlp/ckpt/mistral-12b/step_008000/__%d_0.distcp: [Errno 122] Disk quota exceeded" % (wpid[w], ip, w, w))
    L.append("2025-03-11 12:18:55,112\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_8a2f1_00000")
    L.append("Traceback (most recent call last):")
    L.append('  File "/home/ray/anaconda3/lib/python3.11/site-packages/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future')
    L.append("    result = ray.get(future)")
    L.append('  File "/home/ray/anaconda3/lib/python3.11/site-packages/ray/_private/worker.py", line 2661, in get')
    L.append("    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)")
    L.append("ray.exceptions.RayTaskError(OSError): \x1b[36mray::_Inner.train()\x1b[39m (pid=11871, ip=172.31.20.5, actor_id=7c1e0b9d2f3a4e5b6c7d8e9f01000000, repr=TorchTrainer)")
    L.append("  File \"/home/ray/anaconda3/lib/python3.11/site-packages/ray/train/_internal/utils.py\", line 57, in check_for_failure")
    L.append("    ray.get(object_ref)")
    L.append("ray.exceptions.RayTaskError(OSError): \x1b[36mray::_RayTrainWorker__execute.get_next()\x1b[39m (pid=%d, ip=%s, actor_id=1f2e3d4c5b6a79880d1e2f3a01000000, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f1c2b3a4d50>)" % (wpid[17], ips[2]))
    L.append('  File "/tmp/ray/session_2025-03-11_07-31-50_118204_1/runtime_resources/working_dir_files/_ray_pkg_2f0b/train_llm.py", line 233, in train_loop_per_worker')
    L.append("    dcp.save(state, checkpoint_id=ckpt_dir)")
    L.append('  File "/home/ray/anaconda3/lib/python3.11/site-packages/torch/distributed/checkpoint/state_dict_saver.py", line 149, in save')
    L.append("    return _save_state_dict(")
    L.append('  File "/home/ray/anaconda3/lib/python3.11/site-packages/torch/distributed/checkpoint/filesystem.py", line 458, in _write_files_from_queue')
    L.append("    stream.write(data)")
    L.append("torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([0, 3, 5, 9, 12, 14, 17, 20, 22, 25, 27, 31])")
    L.append("Traceback: OSError: [Errno 122] Disk quota exceeded")
    L.append("")
    L.append("Training errored after 8000 iterations at 2025-03-11 12:18:55. Total running time: 4hr 38min 49s")
    L.append("")
    L.append("---------------------------------------")
    L.append("Job 'raysubmit_m4XqT8c2pKZ7wLd1' failed")
    L.append("---------------------------------------")
    L.append("")
    L.append("Status message: Job entrypoint command failed with exit code 1, last available logs (truncated to 20,000 chars):")
    b.add("%s/ray_job_logs_raysubmit_m4XqT8c2pKZ7wLd1.txt" % head, L)
    b.add("%s/lfs_quota.txt" % head, [
        "$ lfs quota -h -p 4012 /fsx",
        "Disk quotas for prj 4012 (pid 4012):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "           /fsx    120T*   120T    120T       -  812344       0       0       -",
        "$ df -h /fsx",
        "Filesystem                          Size  Used Avail Use% Mounted on",
        "172.31.16.10@tcp:/w3ynbbev          1.1P  684T  418T  63% /fsx",
        "$ du -sh /fsx/proj-nlp/ckpt/mistral-12b/step_*",
        "213G\t/fsx/proj-nlp/ckpt/mistral-12b/step_002000",
        "213G\t/fsx/proj-nlp/ckpt/mistral-12b/step_004000",
        "213G\t/fsx/proj-nlp/ckpt/mistral-12b/step_006000",
        "58G\t/fsx/proj-nlp/ckpt/mistral-12b/step_008000",
    ])
    b.label("storage", "infrastructure", None, None, "stop",
            "Ranks on all four nodes (ranks 0-31 spread over 172.31.20.5/20.77/22.140/23.9) fail the same step_008000 shard write with EDQUOT, and lfs quota shows project 4012 at its 120T hard limit while the filesystem itself has space; "
            "a full project quota on the shared FS needs someone to free or raise it before a restart can succeed.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b


# =====================================================================================
def ad08(root):
    """Object store read timeouts on several pods/nodes at once, transient -> storage, restart."""
    rng = random.Random(3308)
    b = Bundle(root, "ad08_master_pod_crashed_reading_training_shards")
    t0 = T(2025, 7, 8, 14, 2, 33, 0)
    pods = [("mm-pretrain-master-0", "gke-a3mega-pool-2-7d1e4c0b-k9q2"), ("mm-pretrain-worker-0", "gke-a3mega-pool-2-7d1e4c0b-p2lx"),
            ("mm-pretrain-worker-1", "gke-a3mega-pool-2-7d1e4c0b-x7bt"), ("mm-pretrain-worker-2", "gke-a3mega-pool-2-7d1e4c0b-c3vz")]
    st = 1.7
    last = 15880
    tt = plus(t0, 55)
    t_bad = plus(tt, last * st + 0.4)

    def podlog(pi, with_steps):
        pod, node = pods[pi]
        L = []

        def kl(t, s):
            L.append((t, "%s %s" % (iso_z(t), s)))
        kl(t0, "W0708 14:02:33.011000 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default")
        kl(plus(t0, 1), "[dataloader] streaming shards from gs://mm-corpus-v3/tokenized/ (2048 shards, prefetch=4, retries=5, timeout=60s)")
        if with_steps:
            for s in range(20, last + 1, 20):
                ts = plus(tt, s * st)
                kl(ts, "[rank0]: step=%d loss=%.4f lr=%.2e tflops=402.1 data_wait_ms=%d" % (s, 2.6 + s ** -0.2, 1e-4, rng.randint(1, 6)))
        # retries
        for k in range(5):
            tr = plus(t_bad, k * 61 + rng.uniform(0, 2))
            for lr in (rng.randint(0, 7), rng.randint(0, 7)):
                r = pi * 8 + lr
                kl(tr, "[rank%d]: [dataloader] WARNING fetch gs://mm-corpus-v3/tokenized/shard-%05d.bin failed: ReadTimeout('HTTPSConnectionPool(host=\\'storage.googleapis.com\\', port=443): Read timed out. (read timeout=60)') -- retry %d/5 in %ds"
                   % (r, rng.randint(0, 2047), k + 1, 2 ** k))
        tf = plus(t_bad, 5 * 61 + 3)
        r = pi * 8 + 4
        for l in ["Traceback (most recent call last):",
                  '  File "/app/train.py", line 402, in <module>',
                  "    main(cfg)",
                  '  File "/app/train.py", line 361, in main',
                  "    batch = next(data_iter)",
                  '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 708, in __next__',
                  "    data = self._next_data()",
                  '  File "/usr/local/lib/python3.11/site-packages/torch/utils/data/dataloader.py", line 1480, in _next_data',
                  "    return self._process_data(data)",
                  '  File "/usr/local/lib/python3.11/site-packages/torch/_utils.py", line 733, in reraise',
                  "    raise exception",
                  "google.api_core.exceptions.RetryError: Timeout of 300.0s exceeded, last exception: HTTPSConnectionPool(host='storage.googleapis.com', port=443): Read timed out. (read timeout=60)"]:
            kl(tf, "[rank%d]: %s" % (r, l))
        kl(plus(tf, 2), "E0708 %s 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 4 (pid: %d) of binary: /usr/local/bin/python" % (plus(tf, 2).strftime("%H:%M:%S.%f"), 112 + 9 * 4))
        return ["$ kubectl logs --timestamps %s -n mm" % pod] + _sorted(L)

    b.add("%s/kubectl_logs_mm-pretrain-master-0.txt" % pods[0][1], podlog(0, True))
    b.add("%s/kubectl_logs_mm-pretrain-worker-2.txt" % pods[3][1], podlog(3, False))
    tu = plus(t_bad, -20)
    b.add("%s/gcs_probe.txt" % pods[3][1], [
        "# on-call: latency probe against the bucket from this node, run ~40 min after the crash",
        "$ for i in 1 2 3; do /usr/bin/time -f %e gsutil cp gs://mm-corpus-v3/tokenized/shard-00017.bin /tmp/x >/dev/null; done",
        "3.11", "2.98", "3.05",
        "$ curl -s https://status.cloud.google.com/incidents.json | jq '.[0] | {begin, end, service_name, external_desc}'",
        "{",
        '  "begin": "%s",' % tu.strftime("%Y-%m-%dT%H:%M:%S+00:00"),
        '  "end": "%s",' % plus(tu, 1900).strftime("%Y-%m-%dT%H:%M:%S+00:00"),
        '  "service_name": "Cloud Storage",',
        '  "external_desc": "Elevated latency and timeouts for Cloud Storage reads in us-central1"',
        "}",
    ])
    b.label("storage", "infrastructure", None, None, "restart",
            "Pods on two different nodes (master-0 and worker-2) hit read timeouts on gs://mm-corpus-v3 in the same minutes, retried 5x and gave up; the provider's incident covers exactly that window and reads are back to ~3 s afterwards, "
            "so it was a transient shared object-store problem: restart from checkpoint.",
            "https://github.com/mosaicml/streaming/issues/293")
    return b
