"""Cases ag11-ag20."""
import random
from fmt import *


def _titan(t, r, step, loss, mem, tps):
    return "[rank%d]:[titan] %s,%03d - root - INFO - step: %d  loss: %7.4f  memory: %5.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
        r, t.strftime("%Y-%m-%d %H:%M:%S"), (step * 37) % 1000, step, loss, mem, mem / 79.1 * 100, format(tps, ","), tps * 0.0581, tps * 0.0581 / 9.89)


# ---------------------------------------------------------------- ag11
def ag11():
    rng = random.Random(1111)
    name = "ag11_rank_9_died_with_ecc_error_overnight"
    files = {}
    nodes = ["h100-b-%02d" % i for i in (21, 22)]
    t0 = T(2025, 9, 30, 23, 0, 0)
    tx = add(t0, 5 * 3600 + 212)
    L = ["+ torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint h100-b-21:29500 -m torchtitan.train --job.config_file llama3_8b.toml"]
    t = add(t0, 90)
    for s in range(10, 3601, 250):
        t = add(t, 250 * 5.05)
        L.append(_titan(t, 0, s, 3.2 - s * 0.0002, 56.31, 6480 + rng.randint(-30, 30)))
    L.append(_titan(add(tx, -20), 0, 3771, 2.457, 56.31, 6475))
    L.append("[rank9]:[E1001 %s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 9] Process group watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered" % add(tx, 0.2).strftime("%H:%M:%S.%f"))
    L += CUDA_TAIL
    L.append("[rank1]:[E1001 %s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 1] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % add(tx, 2.0).strftime("%H:%M:%S.%f"))
    L.append("W1001 %s.001000 88001 torch/distributed/elastic/multiprocessing/api.py:897] Sending process 88012 closing signal SIGTERM" % add(tx, 3).strftime("%H:%M:%S"))
    L += elastic_summary("torchtitan.train", add(tx, 4), [], dict(time=add(tx, 0.2), host="h100-b-22", rank=9, local_rank=1, exitcode=-6, pid=61402, tb="Signal 6 (SIGABRT) received by PID 61402"))
    files["console.txt"] = L
    files["h100-b-22/kern.log"] = [syslog(add(t0, -3600 * 50), "h100-b-22", "kernel", "[    4.113201] nvidia: module license 'NVIDIA' taints kernel."),
                                   syslog(tx, "h100-b-22", "kernel", "[412203.551021] NVRM: " + xid(pci(1), 94, "pid=61402, name=python3, Contained: SM (0x1). RST: No, D-RST: No")[6:]),
                                   syslog(add(tx, 1), "h100-b-22", "kernel", "[412204.601993] NVRM: " + xid(pci(1), 63, "pid=61402, name=python3, Row Remapper: New row (0x00000000031b0a40) marked for remapping, reset gpu to activate.")[6:]),
                                   syslog(add(tx, 95), "h100-b-22", "nvidia-persistenced", "device 0000:%s:00.0 - GPU reset completed by recovery agent (job idle on GPU)" % busid(1))]
    files["h100-b-22/nvidia-smi-q.txt"] = ["Timestamp                                 : %s" % add(tx, 600).strftime("%a %b %d %H:%M:%S %Y"),
                                           "Driver Version                            : 550.127.08", "GPU 00000000:%s:00.0" % busid(1).upper(),
                                           "    Product Name                          : NVIDIA H100 80GB HBM3",
                                           "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0",
                                           "            SRAM Uncorrectable Parity     : 0", "            SRAM Uncorrectable SEC-DED    : 0",
                                           "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 0",
                                           "        Aggregate", "            DRAM Correctable              : 3", "            DRAM Uncorrectable            : 1",
                                           "    Retired Pages", "        Single Bit ECC                    : N/A", "    Remapped Rows",
                                           "        Correctable Error                 : 0", "        Uncorrectable Error               : 1",
                                           "        Pending                           : No", "        Remapping Failure Occurred        : No",
                                           "        Bank Remap Availability Histogram", "            Max                           : 639 bank(s)",
                                           "            High                          : 1 bank(s)", "            Partial                       : 0 bank(s)",
                                           "            None                          : 0 bank(s)"]
    files["h100-b-22/dcgmi_diag_r2.txt"] = ["+---------------------------+------------------------------------------------+", "| Diagnostic                | Result                                         |",
                                            "+===========================+================================================+", "|-----  Deployment  --------+------------------------------------------------|",
                                            "| Denylist                  | Pass                                           |", "| NVML Library              | Pass                                           |",
                                            "| CUDA Main Library         | Pass                                           |", "| Permissions and OS Blocks | Pass                                           |",
                                            "| Persistence Mode          | Pass                                           |", "| Environment Variables     | Pass                                           |",
                                            "| Page Retirement/Row Remap | Pass                                           |", "| Graphics Processes        | Pass                                           |",
                                            "+-----  Integration  -------+------------------------------------------------+", "| PCIe                      | Pass - All                                     |",
                                            "+-----  Hardware  ----------+------------------------------------------------+", "| GPU Memory                | Pass - All                                     |",
                                            "+---------------------------+------------------------------------------------+"]
    files["h100-b-21/kern.log"] = [syslog(add(tx, 3), "h100-b-21", "kernel", "[ 99120.004418] python3[88012]: segfault at 18 ip 00007fd3a1c22f1b sp 00007fd1d7ffe980 error 4 in libnccl.so.2[7fd3a1a00000+1a2b000]")]
    label = dict(category="gpu_memory", layer="infrastructure", culprit={"node": "h100-b-22", "rank": 9}, action="restart",
                 rationale="Rank 9 (h100-b-22, GPU 1) hit a contained ECC error (Xid 94). The faulty row has since been remapped: one uncorrectable remapped row, nothing pending, no remap failure, and a dcgmi r2 pass after the reset. The GPU is usable again, so a restart on the same node is appropriate.",
                 modelled_on="https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return name, files, label


# ---------------------------------------------------------------- ag12
def ag12():
    rng = random.Random(1212)
    name = "ag12_ray_train_workers_lost_and_trial_errored"
    files = {}
    ips = {"ray-gpu-1": "10.0.3.11", "ray-gpu-2": "10.0.3.12", "ray-gpu-3": "10.0.3.14", "ray-gpu-4": "10.0.3.17"}
    t0 = T(2025, 10, 7, 8, 0, 0)
    tx = add(t0, 7420)
    L = ["%s\tINFO worker.py:1786 -- Connecting to existing Ray cluster at address: 10.0.3.11:6379..." % t0.strftime("%Y-%m-%d %H:%M:%S,%f")[:-3],
         "(TrainController pid=4120) Started training worker group of size 16: ",
         ]
    for i, (h, ip) in enumerate(ips.items()):
        for d in range(4):
            L.append("(TrainController pid=4120) - (ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (ip, 5200 + i * 100 + d, i * 4 + d, d, i))
    t = add(t0, 120)
    for s in range(100, 2001, 200):
        t = add(t, 700)
        L.append("(RayTrainWorker pid=5200, ip=10.0.3.11) {'epoch': %d, 'step': %d, 'train_loss': %.4f, 'lr': 1.0e-04, 'samples_per_sec': %.1f}" % (s // 1000, s, 1.2 - s * 0.0002, 812.4 + rng.random() * 5))
    L.append("(RayTrainWorker pid=5402, ip=10.0.3.14) [rank10]: RuntimeError: CUDA error: uncorrectable ECC error encountered")
    L.append("(RayTrainWorker pid=5402, ip=10.0.3.14) [rank10]: " + CUDA_TAIL[0])
    L.append("(raylet, ip=10.0.3.14) A worker died or was killed while executing a task by an unexpected system error. To troubleshoot the problem, check the logs for the dead worker. Worker ID: 9a1f0c... Node ID: 3b7e... Worker IP address: 10.0.3.14 Worker port: 10121 Worker PID: 5402 Worker exit type: SYSTEM_ERROR Worker exit detail: Worker unexpectedly exits with a connection error code 2. End of file.")
    L.append("(RayTrainWorker pid=5200, ip=10.0.3.11) [rank0]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.21.5")
    L.append("(RayTrainWorker pid=5200, ip=10.0.3.11) [rank0]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
    L.append("(RayTrainWorker pid=5200, ip=10.0.3.11) [rank0]: Last error:")
    L.append("(RayTrainWorker pid=5200, ip=10.0.3.11) [rank0]: socketProgressOpt: Call to recv from 10.0.3.14<44211> failed : Connection reset by peer")
    L.append("%s\tERROR controller.py:512 -- Training worker group failed: TrainingFailedError: worker (world_rank=0, ip=10.0.3.11) raised DistBackendError. Retries exhausted (max_failures=0)." % add(tx, 20).strftime("%Y-%m-%d %H:%M:%S,%f")[:-3])
    files["driver.log"] = L
    files["cluster_nodes.txt"] = ["$ ray list nodes --format table"] + ["%s  %s  ALIVE  GPU: 4.0  (A100-SXM4-40GB)" % (ip, h) for h, ip in ips.items()]
    files["ray-gpu-3/dmesg.txt"] = [dmesg_rel(300921.77, "NVRM: " + xid(pci(2, 4), 95, "pid=5402, name=ray::RayTrainWo, Uncontained: FBHUB. RST: Yes, D-RST: No")[6:]),
                                    dmesg_rel(300921.79, "NVRM: " + xid(pci(2, 4), 64, "pid=5402, name=ray::RayTrainWo, Row Remapper Error: Failed to remap row (0x0000000002e1c0a0), bank 9 has no remaining spare rows")[6:]),
                                    dmesg_rel(300922.10, "NVRM: " + xid(pci(2, 4), 45, "pid=5402, name=ray::RayTrainWo, Ch 00000010")[6:])]
    files["ray-gpu-3/nvidia-smi-q.txt"] = ["GPU 00000000:%s:00.0" % busid(2, 4).upper(), "    Product Name                          : NVIDIA A100-SXM4-40GB",
                                           "    Remapped Rows", "        Correctable Error                 : 2", "        Uncorrectable Error               : 8",
                                           "        Pending                           : No", "        Remapping Failure Occurred        : Yes",
                                           "        Bank Remap Availability Histogram", "            Max                           : 631 bank(s)",
                                           "            High                          : 0 bank(s)", "            Partial                       : 0 bank(s)",
                                           "            Low                           : 8 bank(s)", "            None                          : 1 bank(s)"]
    files["ray-gpu-1/dmesg.txt"] = [dmesg_rel(1188.2, "NVRM: " + xid(pci(0, 4), 68, "pid=2011, name=ffmpeg, NVDEC0 Exception: Error code 0x00000004")[6:]),
                                    dmesg_rel(1188.3, "# ^ 3 days before this run, from the video-preproc pipeline")]
    label = dict(category="gpu_memory", layer="infrastructure", culprit={"node": "ray-gpu-3", "rank": 10}, action="restart_without_node",
                 rationale="world_rank 10 on ray-gpu-3 (10.0.3.14) died with an uncorrectable ECC error; dmesg shows uncontained Xid 95 and Xid 64, and nvidia-smi reports 'Remapping Failure Occurred: Yes' with a bank out of spare rows, so the GPU needs RMA. Rank 0's ncclRemoteError is sympathetic and the Xid 68 on ray-gpu-1 is an old video-decoder event.",
                 modelled_on="https://github.com/vllm-project/vllm/issues/5222")
    return name, files, label


# ---------------------------------------------------------------- ag13
def ag13():
    rng = random.Random(1313)
    name = "ag13_tensor_parallel_run_crashes_intermittently_on_nccl_allreduce"
    files = {}
    nodes = ["taurusi80%02d" % i for i in (27, 28, 30, 31)]
    bad = "taurusi8030"
    t0 = T(2025, 3, 3, 13, 0, 0)
    tx = add(t0, 9123)
    L = []
    t = add(t0, 100)
    for it in range(100, 2401, 100):
        t = add(t, 380)
        L.append(megatron_iter(t, it, 100000, 3802.1 + rng.random() * 20, 1.5e-4, 512, 2.9 - it * 0.0001, 1.1 + rng.random() * 0.2))
    L.append("[rank18]:[E303 %s ProcessGroupNCCL.cpp:1575] [PG ID 1 PG GUID 1(TENSOR_MODEL_PARALLEL_GROUP) Rank 2] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution" % add(tx, 0.4).strftime("%H:%M:%S.%f"))
    L += CUDA_TAIL
    L.append("[rank16]:[E303 %s ProcessGroupNCCL.cpp:1575] [PG ID 1 PG GUID 1(TENSOR_MODEL_PARALLEL_GROUP) Rank 0] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution" % add(tx, 0.5).strftime("%H:%M:%S.%f"))
    L.append("[rank4]:[E303 %s ProcessGroupNCCL.cpp:1575] [PG ID 2 PG GUID 3(DATA_PARALLEL_GROUP) Rank 0] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % add(tx, 3.1).strftime("%H:%M:%S.%f"))
    L.append("srun: error: taurusi8030: tasks 16-23: Aborted")
    L.append("srun: error: taurusi8027: tasks 0-7: Aborted")
    files["slurm-771234.out"] = L
    dm = [dmesg_rel(88213.1, "nvidia-nvswitch2: SXid (PCI:0000:0a:00.0): 12028, Non-fatal, Link 33 egress non-posted PRIV error (First)") ,
          dmesg_rel(88213.1, "nvidia-nvswitch2: SXid (PCI:0000:0a:00.0): 12028, Severity 0 Engine instance 33 Sub-engine instance 00"),
          dmesg_rel(95301.44, "NVRM: " + xid(pci(2), 74, "pid=311872, name=python, NVLink: fatal error detected on link 6(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)")[6:]),
          dmesg_rel(95301.44, "NVRM: " + xid(pci(0), 74, "pid=311870, name=python, NVLink: fatal error detected on link 11(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)")[6:]),
          dmesg_rel(95301.51, "NVRM: " + xid(pci(2), 45, "pid=311872, name=python, Ch 00000010")[6:])]
    files["%s/dmesg.txt" % bad] = dm
    nl = ["$ nvidia-smi nvlink -e -i 2"] + ["GPU 2: NVIDIA A100-SXM4-40GB (UUID: GPU-77c1a0e2-1a5b-2f7d-03bb-9c0f1e2d3a4b)"]
    for l in range(12):
        rep = 18833 if l == 6 else rng.randint(0, 2)
        nl += ["\t Link %d: Replay Errors: %d" % (l, rep), "\t Link %d: Recovery Errors: %d" % (l, 412 if l == 6 else 0), "\t Link %d: CRC Errors: %d" % (l, 90211 if l == 6 else 0)]
    files["%s/nvlink_errors.txt" % bad] = nl
    files["%s/nvlink_status.txt" % bad] = ["$ nvidia-smi nvlink -s -i 2", "GPU 2: NVIDIA A100-SXM4-40GB"] + ["\t Link %d: %s" % (l, "<inactive>" if l == 6 else "25 GB/s") for l in range(12)]
    files["taurusi8027/nvlink_errors.txt"] = ["$ nvidia-smi nvlink -e -i 0", "GPU 0: NVIDIA A100-SXM4-40GB"] + ["\t Link %d: Replay Errors: 0\n\t Link %d: Recovery Errors: 0\n\t Link %d: CRC Errors: 0" % (l, l, l) for l in range(12)]
    files["fabricmanager_%s.log" % bad] = ["[Mar 03 2025 15:32:21] [ERROR] [tid 2211] detected NVSwitch non-fatal error 12028 on fid 0 switch id 2 link 33",
                                           "[Mar 03 2025 15:32:22] [INFO] [tid 2211] NVLink training failed for GPU physical id 2 link 6, marking link inactive"]
    label = dict(category="nvlink", layer="infrastructure", culprit={"node": "taurusi8030"}, action="restart_without_node",
                 rationale="The TP ranks on taurusi8030 fail with 'uncorrectable NVLink error', and that node alone shows Xid 74 fatal NVLink errors, tens of thousands of CRC/replay errors on GPU 2 link 6, and the link now inactive. The data-parallel remote errors on other nodes are sympathetic.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/58155")
    return name, files, label


# ---------------------------------------------------------------- ag14
def ag14():
    rng = random.Random(1414)
    name = "ag14_ncclremoteerror_kills_pretraining_every_few_hours"
    files = {}
    nodes = ["ib-node-%02d" % i for i in range(1, 13)]
    bad = "ib-node-07"
    badip = "172.21.17.89"
    t0 = T(2025, 5, 5, 0, 0, 0)
    tx = add(t0, 3 * 3600 + 901)
    pods = {n: "llm-pt-worker-%d" % i for i, n in enumerate(nodes)}
    files["kubectl_get_pods.txt"] = ["NAME                READY   STATUS    RESTARTS   AGE   IP             NODE"] + [
        "%-19s 0/1     Error     2          3h    %-14s %s" % (p, "172.21.17.%d" % (80 + i) if n != bad else badip, n) for i, (n, p) in enumerate(pods.items())]
    for i, n in enumerate(nodes):
        if n not in ("ib-node-01", "ib-node-03", bad, "ib-node-10"):
            continue
        L = []
        base = 8 * i
        if n != bad:
            for d in (1, 4):
                pid = 210 + d
                L.append(nccl_src(n, pid, pid + 331, d, "transport/net_ib.cc:1711", "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:172.21.17.%d remoteGid ::ffff:%s hca mlx5_%d" % (badip, 38000 + rng.randint(0, 999), 80 + i, badip, d // 2)))
                L.append(nccl(n, pid, pid + 331, d, "INFO", "transport/net.cc:1302 -> 6"))
                L.append(nccl(n, pid, pid + 331, d, "INFO", "proxy.cc:698 -> 6"))
                L.append(nccl(n, pid, pid + 331, d, "INFO", "proxy.cc:878 -> 6 [Progress Thread]"))
            L.append("[rank%d]:[E505 %s ProcessGroupNCCL.cpp:1575] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (base + 1, add(tx, 1).strftime("%H:%M:%S.%f"), base + 1))
            L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            L.append("Last error:")
            L.append("NET/IB : Got completion from peer %s<38123> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:172.21.17.%d remoteGid ::ffff:%s hca mlx5_0" % (badip, 80 + i, badip))
        else:
            L.append(nccl_src(n, 215, 546, 6, "transport/net_ib.cc:1711", "NET/IB : Got completion from peer 172.21.17.82<40110> with status=5 opcode=1 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGid ::ffff:172.21.17.82 hca mlx5_3" % badip))
            L.append("[rank%d]:[E505 %s ProcessGroupNCCL.cpp:1575] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (base + 6, add(tx, 2).strftime("%H:%M:%S.%f"), base + 6))
        files["pods/%s.log" % pods[n]] = L
    files["nodes/%s/dmesg.txt" % bad] = [dmesg_T(add(tx, -3.2), "mlx5_core 0000:c1:00.0 mlx5_3: Port: 1 Link DOWN"),
                                         dmesg_T(add(tx, -1.0), "mlx5_core 0000:c1:00.0 mlx5_3: Port: 1 Link ACTIVE"),
                                         dmesg_T(add(tx, 410), "mlx5_core 0000:c1:00.0 mlx5_3: Port: 1 Link DOWN"),
                                         dmesg_T(add(tx, 412), "mlx5_core 0000:c1:00.0 mlx5_3: Port: 1 Link ACTIVE"),
                                         dmesg_T(add(tx, -3600 * 2.1), "mlx5_core 0000:c1:00.0 mlx5_3: Port: 1 Link DOWN"),
                                         dmesg_T(add(tx, -3600 * 2.1 + 2), "mlx5_core 0000:c1:00.0 mlx5_3: Port: 1 Link ACTIVE")]
    files["nodes/%s/dmesg.txt" % bad].sort()
    files["nodes/%s/ibstat_mlx5_3.txt" % bad] = ["CA 'mlx5_3'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.2048", "\tPort 1:",
                                                 "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tBase lid: 211", "\t\tSM lid: 1", "\t\tLink layer: InfiniBand"]
    files["nodes/%s/perfquery_mlx5_3.txt" % bad] = ["# Port counters: Lid 211 port 1 (CapMask: 0x5A00)", "SymbolErrorCounter:..............65535", "LinkErrorRecoveryCounter:........255",
                                                    "LinkDownedCounter:...............37", "PortRcvErrors:...................19043", "PortXmitDiscards:................812", "LocalLinkIntegrityErrors:........15"]
    files["nodes/ib-node-03/perfquery_mlx5_3.txt"] = ["# Port counters: Lid 203 port 1 (CapMask: 0x5A00)", "SymbolErrorCounter:..............0", "LinkErrorRecoveryCounter:........0",
                                                      "LinkDownedCounter:...............1", "PortRcvErrors:...................0", "PortXmitDiscards:................3", "LocalLinkIntegrityErrors:........0"]
    files["events.txt"] = ["$ kubectl get events -n llm --sort-by=.lastTimestamp | tail",
                           "3h   Normal   Scheduled   pod/llm-pt-worker-6   Successfully assigned llm/llm-pt-worker-6 to ib-node-07",
                           "12m  Warning  BackOff     pod/llm-pt-worker-0   Back-off restarting failed container",
                           "12m  Normal   Killing     pytorchjob/llm-pt     PyTorchJob llm-pt is restarting because 1 Worker replica(s) failed."]
    label = dict(category="network", layer="infrastructure", culprit={"node": "ib-node-07"}, action="restart_without_node",
                 rationale="Every failing peer reports IB transport-retry errors (status 12, vendor err 129) toward 172.21.17.89, the pod on ib-node-07. That node's mlx5_3 port keeps flapping Link DOWN/ACTIVE with huge symbol/link-recovery counters while its peers are clean: a bad HCA port or cable on one node.",
                 modelled_on="https://github.com/tatsu-lab/stanford_alpaca/issues/207")
    return name, files, label


# ---------------------------------------------------------------- ag15
def ag15():
    rng = random.Random(1515)
    name = "ag15_many_nodes_reported_nccl_network_errors_at_once"
    files = {}
    nodes = ["gpu%03d" % i for i in range(33, 65)]
    t0 = T(2025, 6, 30, 6, 0, 0)
    tx = add(t0, 8 * 3600 + 1444)
    L = []
    t = add(t0, 300)
    for it in range(1000, 8001, 1000):
        t = add(t, 3550)
        L.append(megatron_iter(t, it, 250000, 3550.2 + rng.random() * 10, 2e-4, 2048, 2.41 - it * 0.00003, 0.31))
    affected = [n for i, n in enumerate(nodes) if i % 4 in (1, 2)]
    for k, n in enumerate(affected[:10]):
        r = nodes.index(n) * 8 + (k % 8)
        L.append("%s:%d:%d [%d] transport/net_ib.cc:1711 NCCL WARN NET/IB : Got completion from peer 10.44.%d.%d<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) hca mlx5_%d"
                 % (n, 40000 + r, 40300 + r, k % 8, rng.randint(1, 3), rng.randint(10, 250), rng.randint(30000, 60000), k % 4))
    for r in (8, 73, 170, 255):
        L.append("[rank%d]:[E630 %s ProcessGroupNCCL.cpp:1575] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, add(tx, 1 + r * 0.001).strftime("%H:%M:%S.%f"), r))
    L.append("srun: error: gpu034: tasks 8-15: Aborted")
    L.append("srun: error: gpu041: tasks 64-71: Aborted")
    L.append("srun: error: gpu058: tasks 200-207: Aborted")
    files["slurm-90210.out"] = L
    ufm = ["%s [UFM] Event 1102 | severity=CRITICAL | Switch leaf-r3-sw07 (GUID 0xb83fd20300a1c2e0) : unexpected reboot detected (watchdog)" % add(tx, -9).strftime("%Y-%m-%d %H:%M:%S")]
    for p in range(1, 33):
        ufm.append("%s [UFM] Event 329 | severity=WARNING | Link down: leaf-r3-sw07 port %d <-> %s mlx5_%d" % (add(tx, -9 + p * 0.01).strftime("%Y-%m-%d %H:%M:%S"), p, affected[p % len(affected)], p % 4))
    ufm.append("%s [UFM] Event 328 | severity=INFO | Switch leaf-r3-sw07 is back online, 32/32 ports Active" % add(tx, 171).strftime("%Y-%m-%d %H:%M:%S"))
    files["fabric/ufm_events.log"] = ufm
    for n in (affected[0], affected[5], nodes[0]):
        files["nodes/%s/dmesg.txt" % n] = [dmesg_T(add(tx, -9), "mlx5_core 0000:%02x:00.0 mlx5_%d: Port: 1 Link DOWN" % (0x1a + k, k)) for k in range(2)] + \
                                          [dmesg_T(add(tx, 160), "mlx5_core 0000:%02x:00.0 mlx5_%d: Port: 1 Link ACTIVE" % (0x1a + k, k)) for k in range(2)] \
            if n != nodes[0] else [dmesg_T(add(t0, -86400 * 6), xid(pci(5), 79, "pid='<unknown>', name=<unknown>, GPU has fallen off the bus.")),
                                   dmesg_T(add(t0, -86400 * 6 + 900), "# GPU5 reseated, node returned to service 6 days ago; dcgmi diag -r 3 PASS")]
    files["sinfo_after.txt"] = ["PARTITION AVAIL  TIMELIMIT  NODES  STATE NODELIST", "train*       up 14-00:00:0     32   idle gpu[033-064]"]
    label = dict(category="network", layer="infrastructure", culprit=None, action="restart",
                 rationale="Half of the 32 nodes got IB retry-exceeded errors within the same second, exactly when leaf switch leaf-r3-sw07 rebooted and dropped all 32 of its ports; it came back 3 minutes later. A fabric event not attributable to one node (the old Xid 79 on gpu033 is unrelated), so restart.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1664")
    return name, files, label


# ---------------------------------------------------------------- ag16
def ag16():
    rng = random.Random(1616)
    name = "ag16_illegal_memory_access_in_fused_layernorm_twice"
    files = {}
    nodes = ["gpu-r2-%02d" % i for i in range(13, 21)]
    bad = "gpu-r2-17"
    t_att = [T(2025, 2, 10, 9, 0, 0), T(2025, 2, 10, 14, 30, 0), T(2025, 2, 10, 19, 5, 0)]
    fail_steps = [1200, 311, None]
    for a, (t0, fs) in enumerate(zip(t_att, fail_steps), 1):
        nl = nodes if a < 3 else [n for n in nodes if n != bad] + ["gpu-r2-22"]
        L = ["SLURM_JOB_NODELIST=%s" % ("gpu-r2-[13-20]" if a < 3 else "gpu-r2-[13-16,18-20,22]"), "> building GPT2BPETokenizer tokenizer ...", "> initializing torch distributed ..."]
        t = add(t0, 200)
        last = fs if fs else 5200
        for it in range(100, last + 1, 100 if a != 2 else 50):
            t = add(t, 100 * 2.41)
            L.append(megatron_iter(t, it, 60000, 2410.2 + rng.random() * 8, 3e-4, 1024, 3.5 - it * 0.0002, 0.6))
        if fs:
            tx = add(t, 100 + rng.random() * 50)
            L.append("[rank38]: Traceback (most recent call last):")
            L.append('[rank38]:   File "/opt/apex/apex/normalization/fused_layer_norm.py", line 66, in forward')
            L.append("[rank38]:     output, mean, invvar = fused_layer_norm_cuda.forward_affine(input_, ctx.normalized_shape, weight_, bias_, ctx.eps)")
            L.append("[rank38]: RuntimeError: CUDA error: an illegal memory access was encountered")
            L += ["[rank38]: " + x for x in CUDA_TAIL]
            L.append("[rank3]:[E210 %s ProcessGroupNCCL.cpp:1575] [PG ID 0 PG GUID 0(default_pg) Rank 3] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % add(tx, 2).strftime("%H:%M:%S.%f"))
            L.append("srun: error: %s: task 38: Aborted (core dumped)" % bad)
            L.append("srun: error: gpu-r2-13: tasks 0-7: Aborted")
            files["attempt%d/slurm-%d.out" % (a, 64100 + a)] = L
            files["attempt%d/%s/dmesg.txt" % (a, bad)] = [
                dmesg_T(tx, xid(pci(6), 31, "pid=%d, name=python, channel 0x%08x, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC%d GPCCLIENT_T1_%d faulted @ 0x7f%02x_%04x0000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE"
                                        % (70211 + a * 1000, 0x1e, rng.randint(0, 7), rng.randint(0, 15), rng.randint(0, 255), rng.randint(0, 65535)))),
                dmesg_T(add(tx, 0.5), xid(pci(6), 92, "pid=%d, name=python, High single-bit ECC error rate" % (70211 + a * 1000)))]
            for other in ("gpu-r2-13", "gpu-r2-19"):
                files["attempt%d/%s/dmesg.txt" % (a, other)] = [dmesg_T(add(t0, -5000), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x12a3 offset:0x0 grain:32 syndrome:0x0)")]
        else:
            L.append("[after training is done] datetime: %s (stopped by user after verifying stability)" % add(t, 60).strftime("%Y-%m-%d %H:%M:%S"))
            files["attempt3/slurm-64103.out"] = L
    files["attempt3/sbatch_cmd.txt"] = ["sbatch --exclude=gpu-r2-17 -N 8 pretrain_1p3b.sbatch   # excluded after 2 failures on the same node"]
    files["attempt2/notes.txt"] = ["resubmitted with same reservation (same 8 nodes, same rank layout). apex fused layer norm, same code/commit as attempt 1.",
                                   "attempt1 failed at iteration ~1200, attempt2 at ~311: different data, different step, same rank 38 (gpu-r2-17 local GPU 6)"]
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "gpu-r2-17", "rank": 38}, action="restart_without_node",
                 rationale="The 'illegal memory access' looks like a kernel bug, but it follows one GPU: rank 38 on gpu-r2-17 GPU 6 at different iterations in two attempts, with Xid 31 and Xid 92 (high single-bit ECC rate) only there. With that node excluded, the same code ran past 5000 iterations.",
                 modelled_on="https://github.com/vllm-project/vllm/issues/7896")
    return name, files, label


# ---------------------------------------------------------------- ag17
def ag17():
    rng = random.Random(1717)
    name = "ag17_unspecified_launch_failure_at_iteration_48k"
    files = {}
    nodes = ["b200-%02d" % i for i in range(1, 5)]
    bad = "b200-03"
    t0 = T(2025, 10, 1, 12, 0, 0)
    tx = add(t0, 48 * 3600)
    L = []
    t = add(t0, 100)
    for it in range(44000, 48001, 500):
        t = add(tx, -(48001 - it) * 7.1)
        L.append(megatron_iter(t, it, 50000, 7138.7 + rng.random() * 9, 7.2e-6, 64, 0.083 + rng.random() * 0.01, 1.72))
    L.append("[rank19]:[E1003 %s ProcessGroupNCCL.cpp:1923] [PG ID 5 PG GUID 83(TENSOR_MODEL_PARALLEL_GROUP) Rank 3] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure" % add(tx, 0.3).strftime("%H:%M:%S.%f"))
    L += CUDA_TAIL
    L.append("Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):")
    L += frames(lib="/usr/local/lib/python3.12/dist-packages/torch/lib", rng=rng)
    L.append("[rank2]:[E1003 %s ProcessGroupNCCL.cpp:1923] [PG ID 3 PG GUID 41(PIPELINE_MODEL_PARALLEL_GROUP) Rank 0] Process group watchdog thread terminated with exception: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.27.3" % add(tx, 5.2).strftime("%H:%M:%S.%f"))
    L.append("ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ")
    L.append("Last error:")
    L.append("socketProgress: Connection closed by remote peer b200-03<43811>")
    files["nemo_experiment/log_globalrank-0_localrank-0.txt"] = L
    files["%s/journalctl-k.txt" % bad] = [journal_iso(add(tx, -0.9), bad, "kernel", xid("PCI:0000:5d:00", 61, "pid=882011, name=pt_main_thread, Internal micro-controller breakpoint/warning (GPU-5a0e... )")),
                                         journal_iso(add(tx, -0.2), bad, "kernel", xid("PCI:0000:5d:00", 62, "pid=882011, name=pt_main_thread, 00003d4c 0000a08f 00000000 0000b4e1 000024aa 00000000 00000000 00000000")),
                                         journal_iso(add(tx, 0.1), bad, "kernel", xid("PCI:0000:5d:00", 45, "pid=882011, name=pt_main_thread, Ch 00000001 caused by previous Xid 62")),
                                         journal_iso(add(tx, 0.1), bad, "kernel", xid("PCI:0000:5d:00", 45, "pid=882011, name=pt_main_thread, Ch 00000002 caused by previous Xid 62")),
                                         journal_iso(add(tx, 6.0), bad, "kernel", xid("PCI:0000:5d:00", 154, "GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"))]
    files["%s/nvidia-smi.txt" % bad] = nvsmi(add(tx, 300), 8, name="NVIDIA B200", total=183359, driver="570.158.01", cuda="12.8",
                                           ecc={3: "ERR!"}, mem={3: 0}, util={3: 0}, note="GPU 00000000:5D:00.0: Recovery action: GPU Reset Required")
    for n in nodes:
        if n != bad:
            files["%s/journalctl-k.txt" % n] = [journal_iso(add(tx, 6), n, "kernel", "python[%d]: segfault at 8 ip 00007ffff7a1c2d4 sp 00007fff2a5fd8d0 error 4 in libnccl.so.2.27.3" % (770000 + rng.randint(0, 999)))] if n == "b200-01" else \
                [journal_iso(add(tx, 8), n, "systemd", "session-12.scope: Deactivated successfully.")]
    files["topology.txt"] = ["TP=8 PP=4 (one pipeline stage per node).  rank = node_index*8 + local_gpu. b200-03 hosts ranks 16-23."]
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "b200-03", "rank": 19}, action="restart_without_node",
                 rationale="Rank 19 (b200-03, GPU 3, PCI 5d) fails with 'unspecified launch failure' after 48k healthy iterations, right after Xid 61/62 (GPU micro-controller halt) on that GPU, which now needs a reset; no other node logs an Xid. The ncclSystemError and segfault elsewhere are consequences.",
                 modelled_on="https://github.com/NVIDIA-NeMo/Megatron-Bridge/issues/836")
    return name, files, label


# ---------------------------------------------------------------- ag18
def ag18():
    rng = random.Random(1818)
    name = "ag18_cublas_execution_failed_during_backward"
    files = {}
    nodes = ["sxm-n%02d" % i for i in (5, 6, 7)]
    bad = "sxm-n06"
    t0 = T(2025, 4, 22, 2, 0, 0)
    tx = add(t0, 3 * 3600 + 17)
    L = ["The following values were not passed to `accelerate launch` and had defaults used instead:", "\t`--dynamo_backend` was set to a value of `'no'`"]
    t = add(t0, 60)
    for s in range(20, 1601, 20):
        t = add(t, 130)
        if s % 200 == 0:
            L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': 1.9e-05, 'epoch': %.2f}" % (0.71 - s * 0.0001, 0.44 + rng.random() * 0.1, s / 3000))
    L.append("[rank12]: Traceback (most recent call last):")
    L.append('[rank12]:   File "/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py", line 825, in _engine_run_backward')
    L.append("[rank12]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")
    L.append("[rank12]: RuntimeError: CUDA error: CUBLAS_STATUS_EXECUTION_FAILED when calling `cublasGemmEx( handle, opa, opb, m, n, k, &falpha, a, CUDA_R_16BF, lda, b, CUDA_R_16BF, ldb, &fbeta, c, CUDA_R_16BF, ldc, compute_type, CUBLAS_GEMM_DEFAULT_TENSOR_OP)`")
    L.append("[rank5]:[E422 %s ProcessGroupNCCL.cpp:632] [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88011, OpType=_ALLGATHER_BASE, NumelIn=9437184, NumelOut=150994944, Timeout(ms)=600000) ran for 600088 milliseconds before timing out." % add(tx, 601).strftime("%H:%M:%S.%f"))
    L.append("[rank20]:[E422 %s ProcessGroupNCCL.cpp:632] [Rank 20] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88011, OpType=_ALLGATHER_BASE, NumelIn=9437184, NumelOut=150994944, Timeout(ms)=600000) ran for 600090 milliseconds before timing out." % add(tx, 601).strftime("%H:%M:%S.%f"))
    files["accelerate_console.log"] = L
    files["%s/syslog" % bad] = [syslog(add(tx, -2.5), bad, "kernel", "[233011.221] NVRM: " + xid(pci(4), 119, "pid=550122, name=python, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20801702 0x4).")[6:]),
                                syslog(add(tx, -2.5), bad, "kernel", "[233011.221] NVRM: GPU4 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020801702 0x0000000000000004."),
                                syslog(add(tx, -2.4), bad, "kernel", "[233011.300] NVRM: GPU4 RPC history (CPU -> GSP):"),
                                syslog(add(tx, -0.1), bad, "kernel", "[233013.610] NVRM: " + xid(pci(4), 119, "pid=550122, name=python, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 10 (FREE) (0xc1d0004f 0x0).")[6:]),
                                syslog(add(tx, 3.0), bad, "kernel", "[233016.701] NVRM: " + xid(pci(4), 154, "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)")[6:]),
                                syslog(add(tx, 30), bad, "nvidia-smi", "GPU 00000000:%s:00.0: Unable to determine the device handle: GPU requires reset" % busid(4).upper())]
    files["sxm-n05/syslog"] = [syslog(add(tx, -7200), "sxm-n05", "kernel", "[101.22] NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  570.124.06")]
    files["sxm-n07/syslog"] = [syslog(add(tx, -7200), "sxm-n07", "kernel", "[99.10] NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  570.124.06"),
                               syslog(add(tx, 650), "sxm-n07", "kernel", "[77102.3] NVRM: " + xid(pci(4), 45, "pid=71120, name=python, Ch 00000009")[6:])]
    files["rank_map.txt"] = ["accelerate multi-node: machine_rank 0 sxm-n05 (ranks 0-7), 1 sxm-n06 (ranks 8-15), 2 sxm-n07 (ranks 16-23)"]
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "sxm-n06", "rank": 12}, action="restart_without_node",
                 rationale="The cuBLAS execution failure on rank 12 (sxm-n06 GPU 4) comes right after Xid 119 GSP RPC timeouts on that GPU, which escalate to Xid 154 'Node Reboot Required'. The watchdog timeouts on other ranks and the Xid 45 cleanup on sxm-n07 when its processes were killed are follow-on effects.",
                 modelled_on="https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1045")
    return name, files, label


# ---------------------------------------------------------------- ag19
def ag19():
    rng = random.Random(1919)
    name = "ag19_rendezvous_never_completes_one_node_errors_at_cuda_init"
    files = {}
    nodes = ["dgx-h%02d" % i for i in range(1, 7)]
    bad = "dgx-h04"
    t0 = T(2025, 11, 4, 9, 31, 0)
    for i, n in enumerate(nodes):
        L = ["I1104 09:31:02.114000 %d torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:" % (5000 + i),
             "I1104 09:31:02.114000 %d torch/distributed/launcher/api.py:188]   entrypoint       : train.py" % (5000 + i),
             "I1104 09:31:02.114000 %d torch/distributed/launcher/api.py:188]   min_nodes        : 6" % (5000 + i),
             "I1104 09:31:02.114000 %d torch/distributed/launcher/api.py:188]   nproc_per_node   : 8" % (5000 + i)]
        if n == bad:
            for lr in range(8):
                L.append("[rank%d]: Traceback (most recent call last):" % (i * 8 + lr))
                L.append('[rank%d]:   File "/workspace/train.py", line 41, in <module>' % (i * 8 + lr))
                L.append("[rank%d]:     torch.cuda.set_device(local_rank)" % (i * 8 + lr))
                L.append("[rank%d]: RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % (i * 8 + lr))
            L += elastic_summary("train.py", add(t0, 14), [], dict(time=add(t0, 14), host=bad, rank=24, local_rank=0, exitcode=1, pid=61210))
        else:
            for lr in (0, 5):
                r = i * 8 + lr
                L += nccl_init_block(n, 7100 + r, 7300 + r, lr, r, 48, ver="2.23.4+cuda12.6", ip="10.8.0.%d" % (10 + i), busid=busid(lr) + "000", rng=rng, nnodes=6)[:4]
            L.append("[rank%d]: torch.distributed.DistBackendError: [%d] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Connection reset by peer" % (i * 8 + 1, i * 8 + 1))
            if i == 0:
                L.append("[rank0]: RuntimeError: [1] is setting up NCCL communicator ... Socket Timeout")
            L.append("E1104 %s.000000 %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (add(t0, 1800 + i).strftime("%H:%M:%S"), 5000 + i, 7100 + i * 8))
        files["%s/torchrun.log" % n] = L
    inv = ["$ pdsh -w dgx-h[01-06] 'cat /proc/driver/nvidia/version | head -1; rpm -q nvidia-driver-cuda' | sort"]
    for n in nodes:
        if n == bad:
            inv.append("%s: NVRM version: NVIDIA UNIX x86_64 Kernel Module  535.230.02  Tue Nov 12 2024" % n)
            inv.append("%s: nvidia-driver-cuda-535.230.02-1.el9.x86_64" % n)
        else:
            inv.append("%s: NVRM version: NVIDIA UNIX x86_64 Kernel Module  565.57.01  Thu Oct 10 2024" % n)
            inv.append("%s: nvidia-driver-cuda-565.57.01-1.el9.x86_64" % n)
    files["driver_inventory.txt"] = inv
    files["ansible_rollout_tail.txt"] = ["TASK [nvidia_driver : reboot into new driver] *******************",
                                         "changed: [dgx-h01]", "changed: [dgx-h02]", "changed: [dgx-h03]",
                                         "fatal: [dgx-h04]: UNREACHABLE! => {\"changed\": false, \"msg\": \"Failed to connect to the host via ssh: Connection timed out\", \"unreachable\": true}",
                                         "changed: [dgx-h05]", "changed: [dgx-h06]",
                                         "PLAY RECAP *******************************************************",
                                         "dgx-h04                    : ok=3    changed=0    unreachable=1    failed=0"]
    files["%s/dmesg.txt" % bad] = [dmesg_rel(12.2, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.230.02  Tue Nov 12 2024"),
                                   dmesg_rel(800113.5, "NVRM: " + xid(pci(7), 13, "pid=30221, name=cuda-samples, Graphics Exception: ESR 0x504648=0x10000 (2 weeks old, pre-maintenance burn-in)")[6:])]
    label = dict(category="host", layer="infrastructure", culprit={"node": "dgx-h04"}, action="restart_without_node",
                 rationale="Only dgx-h04 fails: all of its ranks report 'NVIDIA driver on your system is too old (found 12020)' because the driver rollout skipped it (still on 535 while the others are on 565). The other nodes then die waiting on the store, so the node's software environment is the cause.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/976")
    return name, files, label


# ---------------------------------------------------------------- ag20
def ag20():
    rng = random.Random(2020)
    name = "ag20_pytorchjob_fails_on_first_allreduce_unhandled_system_error"
    files = {}
    pods = ["bert-mlm-master-0", "bert-mlm-worker-0", "bert-mlm-worker-1"]
    t0 = T(2025, 8, 1, 10, 0, 0)
    for i, p in enumerate(pods):
        L = []
        for lr in range(4):
            r = i * 4 + lr
            pid = 55 + lr * 3
            L += nccl_init_block(p, pid, pid + 40, lr, r, 12, ver="2.21.5+cuda12.4", net="Socket", ifname="eth0", ip="10.244.%d.%d" % (i + 1, 17), busid=busid(lr, 4) + "000", rng=rng, nnodes=3)[:7]
            L.append("%s:%d:%d [%d] misc/shmutils.cc:72 NCCL WARN Error: failed to extend /dev/shm/nccl-%s to 9637892 bytes" % (p, pid, pid + 40, lr, "".join(rng.choice("abcdefghijkLMNOPQ0123") for _ in range(6))))
            L.append("%s:%d:%d [%d] misc/shmutils.cc:113 NCCL WARN Error while creating shared memory segment /dev/shm/nccl-%s (size 9637888)" % (p, pid, pid + 40, lr, "".join(rng.choice("abcdefghijkLMNOPQ0123") for _ in range(6))))
            L.append(nccl(p, pid, pid + 40, lr, "INFO", "transport/shm.cc:114 -> 2"))
            L.append(nccl(p, pid, pid + 40, lr, "INFO", "transport.cc:33 -> 2"))
        for lr in range(4):
            r = i * 4 + lr
            L.append("[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % r)
            L.append("[rank%d]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. " % r)
            L.append("[rank%d]: Last error:" % r)
            L.append("[rank%d]: Error while creating shared memory segment /dev/shm/nccl-XgP0aQ (size 9637888)" % r)
        files["logs/%s.log" % p] = L
        files["exec/%s_df.txt" % p] = ["$ kubectl exec %s -- df -h /dev/shm" % p, "Filesystem      Size  Used Avail Use% Mounted on", "shm              64M   63M  1.0M  99% /dev/shm"]
    files["pytorchjob.yaml"] = ["apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: bert-mlm", "spec:", "  pytorchReplicaSpecs:",
                                "    Master:", "      replicas: 1", "      template:", "        spec:", "          containers:", "          - name: pytorch",
                                "            image: registry.local/ml/bert-mlm:2025.07", "            command: [torchrun, --nproc_per_node=4, run_mlm.py]",
                                "            resources: {limits: {nvidia.com/gpu: 4}}", "            # no volumes / volumeMounts defined (no emptyDir medium: Memory for /dev/shm)",
                                "    Worker:", "      replicas: 2", "      template: *same as master*"]
    files["describe_nodes_excerpt.txt"] = ["Name: gke-a100-pool-9f2c  Allocatable: nvidia.com/gpu: 4  Conditions: Ready True",
                                           "Name: gke-a100-pool-1b7e  Allocatable: nvidia.com/gpu: 4  Conditions: Ready True",
                                           "Name: gke-a100-pool-44d0  Allocatable: nvidia.com/gpu: 4  Conditions: Ready True"]
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Every rank in all three pods fails the first intra-node NCCL connection with ncclSystemError: it cannot create its /dev/shm segment because the container's /dev/shm is the 64 MB default. The job spec mounts no memory-backed /dev/shm, so this is the job's own launch configuration and will recur on any nodes.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/342")
    return name, files, label


CASES = [ag11, ag12, ag13, ag14, ag15, ag16, ag17, ag18, ag19, ag20]
