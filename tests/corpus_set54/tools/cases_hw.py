"""Node-local hardware / host / NIC cases on GKE, EKS/HyperPod, AKS and CycleCloud."""

from __future__ import annotations

from datetime import timedelta

from kit import (Case, TLog, T, age, child_failed, dcgmi_diag, describe_pod, dmesg_T, dmesg_raw,
                 events_table, get_pods, iso_s, journal, klog, label, nccl, nccl_async_error,
                 node_conditions, healthy_conditions, pylog, rfc1123, rng_for, sigterm_child, syslog,
                 torch_c, torch_py, train_pod, watchdog_timeout, xid_bus, nvidia_smi_table, busid_of, PY,
                 A3_BUS, H100_BUS, P5_BUS, ND_BUS, step_line)

S = timedelta(seconds=1)
M = timedelta(minutes=1)


def _hex(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def cuda_err_block(dt, rank, msg, src="ProcessGroupNCCL.cpp:1595", pg="0 (default_pg)"):
    return [
        torch_c(dt, "E", src, rank) + f"[PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: CUDA error: {msg}",
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7fa01c2b9446 in {PY}/torch/lib/libc10.so)",
        f"frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7fa01c2636e4 in {PY}/torch/lib/libc10.so)",
        f"frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7fa01c3b5a18 in {PY}/torch/lib/libc10_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f9fc9a1a726 in {PY}/torch/lib/libtorch_cuda.so)",
        f"frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 (0x7f9fc9a1f3f0 in {PY}/torch/lib/libtorch_cuda.so)",
        f"frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1da (0x7f9fc9a20b5a in {PY}/torch/lib/libtorch_cuda.so)",
        "",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG {pg} Rank {rank}] Process group watchdog thread terminated with exception: CUDA error: {msg}",
    ]


def dcgm_scrape(node, gpus, overrides=None):
    """Prometheus text from dcgm-exporter. overrides: {(metric, gpu): value}."""
    overrides = overrides or {}
    base = {"DCGM_FI_DEV_GPU_TEMP": 44, "DCGM_FI_DEV_SM_CLOCK": 1980, "DCGM_FI_DEV_POWER_USAGE": 612.4,
            "DCGM_FI_DEV_GPU_UTIL": 99, "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": 0,
            "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": 0, "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": 0,
            "DCGM_FI_DEV_ROW_REMAP_PENDING": 0, "DCGM_FI_DEV_ROW_REMAP_FAILURE": 0,
            "DCGM_FI_DEV_XID_ERRORS": 0, "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": 0}
    help_ = {"DCGM_FI_DEV_GPU_TEMP": ("gauge", "GPU temperature (in C)."),
             "DCGM_FI_DEV_SM_CLOCK": ("gauge", "SM clock frequency (in MHz)."),
             "DCGM_FI_DEV_POWER_USAGE": ("gauge", "Power draw (in W)."),
             "DCGM_FI_DEV_GPU_UTIL": ("gauge", "GPU utilization (in %)."),
             "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": ("gauge", "Throttling reasons bitmask."),
             "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": ("counter", "Total number of single-bit volatile ECC errors."),
             "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": ("counter", "Total number of double-bit volatile ECC errors."),
             "DCGM_FI_DEV_ROW_REMAP_PENDING": ("gauge", "Whether remapping of rows has pending."),
             "DCGM_FI_DEV_ROW_REMAP_FAILURE": ("gauge", "Whether remapping of rows has failed."),
             "DCGM_FI_DEV_XID_ERRORS": ("gauge", "Value of the last XID error encountered."),
             "DCGM_FI_DEV_PCIE_REPLAY_COUNTER": ("counter", "Total number of PCIe retries.")}
    L = []
    for m, v in base.items():
        L.append(f"# HELP {m} {help_[m][1]}")
        L.append(f"# TYPE {m} {help_[m][0]}")
        for g, uuid in gpus:
            val = overrides.get((m, g), v)
            L.append(f'{m}{{gpu="{g}",UUID="{uuid}",device="nvidia{g}",modelName="NVIDIA H100 80GB HBM3",Hostname="{node}"}} {val}')
    return "\n".join(L)


# =========================================================================== ay04
def ay04():
    name = "ay04_node_condition_flips_then_nccl_errors_everywhere"
    rng = rng_for(name)
    nodes = [f"gke-a3-train-np1-4b7c{x}" for x in ("-0k3m", "-2qzp", "-5vtd", "-7hxw", "-9bnc", "-c4rl")]
    culprit = nodes[3]
    c = Case(name, label("gpu_hardware", "infrastructure", culprit, 30, "restart_without_node",
                         "GPU 0000:8a:00.0 (local rank 6 on the fourth node, global rank 30) fell off the bus (PCIe AER fatal, "
                         "Xid 79, XidCriticalError condition); every other rank's NCCL error follows from it.",
                         "https://github.com/GoogleCloudPlatform/container-engine-accelerators/pull/497"))
    job = "gemma-ft"
    pods = [f"{job}-master-0"] + [f"{job}-worker-{i}" for i in range(5)]
    ips = [f"10.100.{i * 2}.{5 + i}" for i in range(6)]
    t0 = T("2024-09-17 02:11:30.000")
    tx = T("2024-09-17 07:03:52.418")
    boot = T("2024-09-12 19:44:02.000")
    for i, node in enumerate(nodes):
        tl = TLog()
        info = train_pod(tl, pods[i], i, 6, t0, "gemmaft-9", pods[0], ip=ips[i], step_s=2.2,
                         t_end=tx + (0 * S if i == 3 else 3 * S), rng=rng, net="TCPX", busids=A3_BUS, log_every=100)
        if i == 3:
            te = tx + 0.9 * S
            tl.add(te, nccl(pods[i], info["pids"][6], info["pids"][6] + 71, 6, "Cuda failure 'unspecified launch failure'", "WARN"))
            tl.extend(te + 0.1 * S, cuda_err_block(te + 0.1 * S, 30, "unspecified launch failure"))
            tl.extend(te + 1.5 * S, sigterm_child(te + 1.5 * S, info["agent"], [p for k, p in enumerate(info["pids"]) if k != 6]))
            tl.extend(te + 4 * S, child_failed(te + 4 * S, pods[i], "train.py", [(30, 6, -6, info["pids"][6], f"Signal 6 (SIGABRT) received by PID {info['pids'][6]}")], info["agent"]))
        else:
            tr = tx + timedelta(seconds=3.5 + i * 0.15)
            for k in range(8):
                g = i * 8 + k
                for rep in range(3):
                    tl.add(tr + timedelta(milliseconds=100 * rep), nccl(pods[i], info["pids"][k], info["pids"][k] + 71, k,
                           f"tcpxResult_t tcpxCommProgress(tcpxComm*):1231 NCCL WARN 0x7f{_hex(rng, 8)}:0x7f{_hex(rng, 8)}, nic {k // 2}, eth{k // 2 + 1}, 192.168.{k // 2 + 1}.{10 + i}<{40000 + g}><-192.168.{k // 2 + 1}.13<{50000 + g}> rx rx ctrl timeout cnt {rep + 1}, nanos 10000{rng.randint(10000, 99999)}", "WARN"))
            tl.extend(tr + 6 * S, nccl_async_error(tr + 6 * S, i * 8 + 2, f"tcpxResult_t tcpxCommProgress(tcpxComm*):1176 Connection closed by remote peer 192.168.2.13<{50000 + i}>"))
            tl.extend(tr + 7 * S, sigterm_child(tr + 7 * S, info["agent"], [p for k, p in enumerate(info["pids"]) if k != 2]))
            tl.extend(tr + 9 * S, child_failed(tr + 9 * S, pods[i], "train.py", [(i * 8 + 2, 2, -6, info["pids"][2], f"Signal 6 (SIGABRT) received by PID {info['pids'][2]}")], info["agent"]))
        c.add(f"{node}/{pods[i]}.log", tl.kube())
        dm = [dmesg_T(boot + 12 * S) + "gve 0000:00:04.0: GVE version 1.4.0",
              dmesg_T(boot + 13 * S) + "gve 0000:00:04.0 eth0: Device link is up.",
              dmesg_T(boot + 95 * S) + "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
              dmesg_T(boot + 97 * S) + "nvidia-nvswitch: Probing device 0000:c5:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000"]
        if i == 1:
            dm += [dmesg_T(tx - timedelta(minutes=71)) + "gve 0000:86:00.0 eth3: Device link is down.",
                   dmesg_T(tx - timedelta(minutes=71) + 4 * S) + "gve 0000:86:00.0 eth3: Device link is up."]
        if i == 3:
            dm += [dmesg_T(tx - 0.2 * S) + "pcieport 0000:80:01.0: AER: Uncorrected (Fatal) error message received from 0000:8a:00.0",
                   dmesg_T(tx - 0.2 * S) + "nvidia 0000:8a:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Inaccessible, (Unregistered Agent ID)",
                   dmesg_T(tx) + f"NVRM: GPU at PCI:0000:8a:00: GPU-{_hex(rng, 8)}-{_hex(rng, 4)}-{_hex(rng, 4)}-{_hex(rng, 4)}-{_hex(rng, 12)}",
                   dmesg_T(tx) + "NVRM: Xid (PCI:0000:8a:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus.",
                   dmesg_T(tx) + "NVRM: GPU 0000:8a:00.0: GPU has fallen off the bus.",
                   dmesg_T(tx) + "NVRM: A GPU crash dump has been created. If possible, please run",
                   dmesg_T(tx) + "NVRM: nvidia-bug-report.sh as root to collect this data before",
                   dmesg_T(tx) + "NVRM: the NVIDIA kernel module is unloaded.",
                   dmesg_T(tx + 1 * S) + "NVRM: Xid (PCI:0000:8a:00): 154, pid='<unknown>', name=<unknown>, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"]
        c.add(f"{node}/dmesg.txt", dm)
    now = tx + timedelta(minutes=18)
    hb = now - 20 * S
    conds = healthy_conditions(hb, boot + 3 * M) + [("XidCriticalError", "True", hb, tx + 6 * S, '{"79":true}', _hex(rng, 8) + "-" + _hex(rng, 4) + "-4e67-a972-" + _hex(rng, 12))]
    c.add(f"{culprit}/kubectl_describe_node.txt", [
        f"Name:               {culprit}", "Roles:              <none>",
        "Labels:             cloud.google.com/gke-accelerator=nvidia-h100-80gb", "                    cloud.google.com/gke-nodepool=np1",
        "                    node.kubernetes.io/instance-type=a3-highgpu-8g",
        f"CreationTimestamp:  {rfc1123(boot)}", "Taints:             nvidia.com/gpu=present:NoSchedule", "Unschedulable:      false",
        node_conditions(conds),
        "Capacity:", "  nvidia.com/gpu:     8", "Allocatable:", "  nvidia.com/gpu:     7",
        "Events:", "  Type     Reason            Age   From                         Message",
        "  ----     ------            ----  ----                         -------",
        f"  Warning  XidCriticalError  {age(now - tx - 6 * S)}   nvidia-gpu-device-plugin     GPU nvidia6 (0000:8a:00.0) reported Xid 79, marked Unhealthy"])
    c.add("kubectl_get_events.txt", events_table([
        (tx + 6 * S, "Warning", "XidCriticalError", f"node/{culprit}", "GPU nvidia6 (0000:8a:00.0) reported Xid 79, marked Unhealthy"),
        (tx + 20 * S, "Warning", "PyTorchJobFailed", f"pytorchjob/{job}", "PyTorchJob ml/gemma-ft is failed because 6 Worker replica(s) failed."),
        (tx - timedelta(hours=2), "Normal", "Sync", "ingress/tb", "Scheduled for sync"),
    ], now))
    return c


# =========================================================================== ay06
def ay06():
    name = "ay06_efa_completion_errors_on_every_node"
    rng = rng_for(name)
    inst = ["i-0a17c3e9b55f2d104", "i-05e2b7a91c0d4f3aa", "i-0c4f9e2a7d1b38e56", "i-0d83f1a6e2c9b7014"]
    nodes = [f"hyperpod-{x}" for x in inst]
    culprit = nodes[2]
    c = Case(name, label("network", "infrastructure", culprit, None, "restart_without_node",
                         "Every node reports EFA completion errors naming peer host i-0c4f9e2a7d1b38e56; only that instance has "
                         "local evidence (EFA admin-queue timeouts, rdmap185s1 PORT_DOWN, health agent NetworkFailure).",
                         "https://github.com/aws/aws-ofi-nccl/issues/346"))
    pods = [f"llama3-70b-worker-{i}" for i in range(4)]
    ips = ["10.1.18.44", "10.1.21.7", "10.1.22.139", "10.1.30.61"]
    efa_addr = [f"fe80::{_hex(rng, 2)}:{_hex(rng, 4)}:fe{_hex(rng, 2)}:{_hex(rng, 4)}" for _ in range(4)]
    t0 = T("2024-10-23 06:20:00.000")
    tl_ev = T("2024-10-23 10:14:27.913")
    for i, node in enumerate(nodes):
        tl = TLog()
        info = train_pod(tl, pods[i], i, 4, t0, "l3-70b-1023", pods[0], ip=ips[i], step_s=5.1,
                         t_end=tl_ev + 2 * S, rng=rng, net="OFI", busids=P5_BUS, log_every=20, flood=2)
        tr = tl_ev + timedelta(seconds=1.7 + 0.2 * i)
        nflood = 160 if i == 0 else 60
        for rep in range(nflood):
            for k in range(8):
                if i == 2 and k not in (5,):
                    continue
                if i != 2 and k % 2:
                    continue
                pid = info["pids"][k]
                tt = tr + timedelta(milliseconds=37 * rep + 3 * k)
                ep = int(tt.timestamp())
                if i == 2:
                    tl.add(tt, f"libfabric:{pid}:{ep}::efa:cq:efa_rdm_ep_handle_tx_error():{612}<warn> err: 5, message: Input/output error (local device rdmap185s1 not operational, prov_errno 2) My host id: {inst[2]}")
                else:
                    tl.add(tt, f"libfabric:{pid}:{ep}::efa:cq:efa_rdm_txe_handle_error():737<warn> err: 5, message: Input/output error (Unresponsive receiver, prov_errno 15) My EFA addr: fi_addr_efa://[{efa_addr[i]}]:0:{1072483550 + k} My host id: {inst[i]} Peer EFA addr: fi_addr_efa://[{efa_addr[2]}]:0:{947699476 + k} Peer host id: {inst[2]} (15)")
        for k in range(8):
            g = i * 8 + k
            if i != 2 and k % 2 == 0:
                tt = tr + timedelta(seconds=6, milliseconds=20 * k)
                tl.add(tt, nccl(pods[i], info["pids"][k], info["pids"][k] + 71, k,
                                f"nccl_net_ofi_rdma.c:1561 NCCL WARN NET/OFI Request 0x7f{_hex(rng, 10)} completed with error. RC: 5. Error: 15 (Unresponsive receiver). Completed length: 0, Request: {{ dev: {k // 2}, size: 524288, state: PENDING, type: SEND }}", "WARN"))
                tl.extend(tt + S, nccl_async_error(tt + S, g, "NET/OFI Request completed with error. RC: 5. Error: 15 (Unresponsive receiver)"))
        if i == 2:
            tt = tl_ev + 2.1 * S
            tl.add(tt, nccl(pods[i], info["pids"][5], info["pids"][5] + 71, 5, "nccl_net_ofi_rdma.c:2210 NCCL WARN NET/OFI Unable to post receive buffers on rail 5: Input/output error", "WARN"))
            tl.extend(tt + S, nccl_async_error(tt + S, 21, "NET/OFI Unable to post receive buffers on rail 5"))
        tf = tr + timedelta(seconds=9)
        bad = [5] if i == 2 else [0]
        tl.extend(tf, sigterm_child(tf, info["agent"], [p for k, p in enumerate(info["pids"]) if k not in bad]))
        tl.extend(tf + 2 * S, child_failed(tf + 2 * S, pods[i], "train_llama.py", [(i * 8 + bad[0], bad[0], -6, info["pids"][bad[0]], f"Signal 6 (SIGABRT) received by PID {info['pids'][bad[0]]}")], info["agent"]))
        c.add(f"{node}/{pods[i]}.log", tl.kube())
    boot = T("2024-10-09 13:02:11.000")
    dm = [dmesg_raw(boot + 20 * S, boot) + "efa 0000:b9:01.0: Setup irq:0x00000000c2e1f1a3 vector:156 name:efa-mgmnt@pci:0000:b9:01.0",
          dmesg_raw(boot + 21 * S, boot) + "infiniband rdmap185s1: set port state ACTIVE (link up)",
          dmesg_raw(tl_ev - 9 * S, boot) + "efa 0000:b9:01.0 rdmap185s1: Admin command timed out, ctx id[4] cmd id[1029] opcode[CREATE_QP]",
          dmesg_raw(tl_ev - 9 * S, boot) + "efa 0000:b9:01.0 rdmap185s1: Failed to process command CREATE_QP (opcode 1) comp_status 0 err -62",
          dmesg_raw(tl_ev - 1 * S, boot) + "efa 0000:b9:01.0 rdmap185s1: Keep alive watchdog timeout, resetting device",
          dmesg_raw(tl_ev, boot) + "infiniband rdmap185s1: set port state DOWN (AENQ link change)",
          dmesg_raw(tl_ev + 11 * S, boot) + "efa 0000:b9:01.0 rdmap185s1: Device reset failed, err -110",
          dmesg_raw(tl_ev + 11 * S, boot) + "efa 0000:b9:01.0: Device is not operational, disabling"]
    c.add(f"{culprit}/dmesg.txt", dm)
    for j in (0, 1, 3):
        c.add(f"{nodes[j]}/dmesg.txt", [dmesg_raw(boot + 20 * S, boot) + "efa 0000:b9:01.0: Setup irq:0x000000007a1c2e44 vector:156 name:efa-mgmnt@pci:0000:b9:01.0",
                                         dmesg_raw(boot + 21 * S, boot) + "infiniband rdmap185s1: set port state ACTIVE (link up)",
                                         dmesg_raw(tl_ev - timedelta(hours=2), boot) + "ena 0000:00:05.0 ens5: TX hasn't completed, qid 3, index 811. 2512 msecs since last interrupt, 3120 msecs since last napi execution, napi scheduled: 1"])
    hma = []
    for k, (dt, lvl, msg) in enumerate([
            (tl_ev - timedelta(hours=1), "info", '"msg":"health check cycle complete","checks":{"gpu":"pass","efa":"pass","nvlink":"pass"}'),
            (tl_ev + 5 * S, "error", f'"msg":"NetworkFailure detected","component":"efa","device":"rdmap185s1","port_state":"PORT_DOWN","instance":"{inst[2]}"'),
            (tl_ev + 6 * S, "info", '"msg":"labeling node","labels":{"sagemaker.amazonaws.com/node-health-status":"UnschedulablePendingReplacement","sagemaker.amazonaws.com/fault-types":"NetworkFailure"}')]):
        hma.append("{" + f'"level":"{lvl}","ts":"{iso_s(dt)}","logger":"health-monitoring-agent",{msg}' + "}")
    c.add(f"{culprit}/health-monitoring-agent.log", hma)
    c.add(f"{culprit}/fi_info_efa.txt", ["$ fi_info -p efa -t FI_EP_RDM | grep -c domain:", "31",
                                         "$ ibv_devinfo -d rdmap185s1 | grep -E 'state|phys_state'",
                                         "\t\t\tstate:\t\t\tPORT_DOWN (1)", "\t\t\tphys_state:\t\tDISABLED (3)"])
    c.add("kubectl_get_nodes.txt", [
        "$ kubectl get nodes -L sagemaker.amazonaws.com/node-health-status,node.kubernetes.io/instance-type",
        f"{'NAME':<32}{'STATUS':<28}{'ROLES':<9}{'AGE':<6}{'VERSION':<22}{'NODE-HEALTH-STATUS':<34}INSTANCE-TYPE",
        f"{nodes[0]:<32}{'Ready':<28}{'<none>':<9}{'14d':<6}{'v1.30.4-eks-a737599':<22}{'Schedulable':<34}ml.p5.48xlarge",
        f"{nodes[1]:<32}{'Ready':<28}{'<none>':<9}{'14d':<6}{'v1.30.4-eks-a737599':<22}{'Schedulable':<34}ml.p5.48xlarge",
        f"{nodes[2]:<32}{'Ready,SchedulingDisabled':<28}{'<none>':<9}{'14d':<6}{'v1.30.4-eks-a737599':<22}{'UnschedulablePendingReplacement':<34}ml.p5.48xlarge",
        f"{nodes[3]:<32}{'Ready':<28}{'<none>':<9}{'14d':<6}{'v1.30.4-eks-a737599':<22}{'Schedulable':<34}ml.p5.48xlarge"])
    return c


# =========================================================================== ay12
def ay12():
    name = "ay12_pod_log_stops_mid_step_node_unknown"
    rng = rng_for(name)
    nodes = ["aks-ndh100-41235587-vmss000008", "aks-ndh100-41235587-vmss000009",
             "aks-ndh100-41235587-vmss00000b", "aks-ndh100-41235587-vmss00000c"]
    culprit = nodes[2]
    c = Case(name, label("host", "infrastructure", culprit, None, "restart_without_node",
                         "vmss00000b hit a fatal machine check (MCE bank 1, processor context corrupt) and panicked; its pod log "
                         "just stops, the node goes NotReady, and the other pods abort on IB retry-exceeded completions to it.",
                         "https://github.com/MicrosoftDocs/SupportArticles-docs/blob/main/support/azure/azure-kubernetes/availability-performance/node-not-ready-after-being-healthy.md"))
    job = "mt5-xxl"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    ips = ["10.224.0.81", "10.224.0.95", "10.224.0.112", "10.224.0.130"]
    t0 = T("2024-12-10 00:30:00.000")
    tp = T("2024-12-10 03:47:19.552")
    boot = T("2024-11-27 01:02:33.000")
    seq = 61234
    for i, node in enumerate(nodes):
        tl = TLog()
        info = train_pod(tl, pods[i], i, 4, t0, "mt5-1210", pods[0], ip=ips[i], step_s=3.0, t_end=tp + (0 * S if i == 2 else 0.5 * S),
                         rng=rng, net="IB", busids=ND_BUS, log_every=50, prints_steps=True)
        if i == 1:
            tf = tp - timedelta(minutes=63)
            tl.add(tf, nccl(pods[1], info["pids"][3], info["pids"][3] + 71, 3, "NET/IB : Got async event : port error", "WARN"))
            tl.add(tf + 4 * S, nccl(pods[1], info["pids"][3], info["pids"][3] + 71, 3, "NET/IB : Got async event : port active", "WARN"))
        if i != 2:
            for k in range(8):
                g = i * 8 + k
                if k == 1:
                    te = tp + timedelta(seconds=7 + i)
                    tl.add(te, nccl(pods[i], info["pids"][k], info["pids"][k] + 71, k, f"transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {ips[2]}<{57000 + g}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{ips[i]} remoteGids::ffff:{ips[2]} hca mlx5_{k}", "WARN"))
                    tl.extend(te + S, nccl_async_error(te + S, g, f"NET/IB : Got completion from peer {ips[2]}<{57000 + g}> with status=12 opcode=0 len=0 vendor err 129 (Send)"))
            tl.extend(tp + timedelta(seconds=9 + i), sigterm_child(tp + timedelta(seconds=9 + i), info["agent"], [p for k, p in enumerate(info["pids"]) if k != 1]))
            tl.extend(tp + timedelta(seconds=11 + i), child_failed(tp + timedelta(seconds=11 + i), pods[i], "train_mt5.py",
                      [(i * 8 + 1, 1, -6, info["pids"][1], f"Signal 6 (SIGABRT) received by PID {info['pids'][1]}")], info["agent"]))
        c.add(f"{node}/{pods[i]}.log", tl.kube())
    # serial console of the culprit (uptime stamps)
    sc = [dmesg_raw(boot + 3 * S, boot) + "Linux version 5.15.0-1075-azure (buildd@lcy02-amd64-046) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0) #84-Ubuntu SMP",
          dmesg_raw(boot + 4 * S, boot) + "DMI: Microsoft Corporation Virtual Machine/Virtual Machine, BIOS Hyper-V UEFI Release v4.1 03/08/2024",
          dmesg_raw(tp - timedelta(days=2), boot) + "hv_balloon: Max. dynamic memory size: 1900544 MB",
          dmesg_raw(tp - 0.01 * S, boot) + "mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 1: bf80000000000135",
          dmesg_raw(tp - 0.01 * S, boot) + "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa0f2b1c3> {native_safe_halt+0xe/0x10}",
          dmesg_raw(tp - 0.01 * S, boot) + "mce: [Hardware Error]: TSC 2f3a1c9e88b1c ADDR 2e7f1c3a400 MISC 86 ",
          dmesg_raw(tp - 0.01 * S, boot) + f"mce: [Hardware Error]: PROCESSOR 0:806f8 TIME {int(tp.timestamp())} SOCKET 1 APIC 4a microcode 2b000590",
          dmesg_raw(tp - 0.01 * S, boot) + "mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
          dmesg_raw(tp - 0.01 * S, boot) + "mce: [Hardware Error]: Machine check: Processor context corrupt",
          dmesg_raw(tp, boot) + "Kernel panic - not syncing: Fatal machine check",
          dmesg_raw(tp, boot) + "Kernel Offset: 0x1f000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"]
    c.add(f"{culprit}/boot_diagnostics_serial.log", sc)
    kj = []
    for k in range(30):
        t = tp - timedelta(seconds=300 - 10 * k)
        kj.append(journal(t, culprit, "kubelet[3117]") + klog(t, "I", 3117, "kubelet_getters.go:218") + '"Pod status updated" pod="kube-system/azure-ip-masq-agent-6k2fj" status="Running"')
    c.add(f"{culprit}/journal_kubelet_tail.txt", kj)
    now = tp + timedelta(minutes=25)
    hb = tp - 8 * S
    conds = [(t, "Unknown", hb, tp + 40 * S, "NodeStatusUnknown", "Kubelet stopped posting node status.") for t in ("MemoryPressure", "DiskPressure", "PIDPressure", "Ready")]
    c.add(f"{culprit}/kubectl_describe_node.txt", [f"Name:               {culprit}",
                                                   "Labels:             kubernetes.azure.com/agentpool=ndh100", "                    node.kubernetes.io/instance-type=Standard_ND96isr_H100_v5",
                                                   "Taints:             node.kubernetes.io/unreachable:NoExecute", "                    node.kubernetes.io/unreachable:NoSchedule",
                                                   node_conditions(conds)])
    c.add("kubectl_get_events.txt", events_table([
        (tp + 40 * S, "Normal", "NodeNotReady", f"node/{culprit}", f"Node {culprit} status is now: NodeNotReady"),
        (tp + 40 * S, "Warning", "NodeNotReady", f"pod/{pods[2]}", "Node is not ready"),
        (tp + timedelta(minutes=5, seconds=41), "Normal", "TaintManagerEviction", f"pod/{pods[2]}", "Marking for deletion Pod default/" + pods[2]),
        (tp + timedelta(minutes=3), "Normal", "RebootScheduled", f"node/{culprit}", "Unexpected reboot: VM was restarted by Azure platform"),
        (tp + timedelta(minutes=11), "Warning", "PyTorchJobFailed", f"pytorchjob/{job}", "PyTorchJob default/mt5-xxl is failed because 3 Worker replica(s) failed."),
    ], now))
    c.add("kubectl_get_pods.txt", get_pods([(p, "0/1" if k != 2 else "1/1", "Error" if k != 2 else "Terminating", 0, "3h", ips[k], nodes[k]) for k, p in enumerate(pods)]))
    return c


# =========================================================================== ay17
def ay17():
    name = "ay17_nonfinite_grads_on_different_ranks_each_restart"
    rng = rng_for(name)
    nodes = ["dgx-a01", "dgx-a02", "dgx-a03", "dgx-a04", "dgx-a05"]
    culprit = "dgx-a05"
    c = Case(name, label("gpu_memory", "infrastructure", culprit, None, "restart_without_node",
                         "Across three attempts the non-finite gradients always come from local GPU 5 of whichever pod lands on "
                         "dgx-a05 (ranks 21, 5, 13); DCGM shows climbing SBE counts and a pending row remap on that GPU and "
                         "dcgmi diag fails its memory test. Silent data corruption from one GPU's HBM.",
                         "https://docs.nvidia.com/datacenter/dcgm/latest/user-guide/dcgm-diagnostics.html"))
    job = "code-llm"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    placement = {1: ["dgx-a01", "dgx-a02", "dgx-a05", "dgx-a03"],
                 2: ["dgx-a05", "dgx-a02", "dgx-a04", "dgx-a03"],
                 3: ["dgx-a01", "dgx-a05", "dgx-a04", "dgx-a03"]}
    starts = {1: T("2024-08-05 21:10:00.000"), 2: T("2024-08-06 01:31:40.000"), 3: T("2024-08-06 02:58:05.000")}
    resume = {1: 15000, 2: 18000, 3: 18000}
    fail_step = {1: 18233, 2: 18890, 3: 19121}
    step_s = 4.3
    params = ["layers.22.mlp.down_proj.weight", "layers.9.self_attn.o_proj.weight", "layers.30.mlp.gate_proj.weight"]
    for a in (1, 2, 3):
        t0 = starts[a]
        tfail = t0 + timedelta(seconds=45 + (fail_step[a] - resume[a]) * step_s)
        for i, pod in enumerate(pods):
            node = placement[a][i]
            tl = TLog()
            tl.add(t0 + 30 * S, pylog(t0 + 30 * S, "ckpt") + f"resuming from /ckpt/code-llm/step_{resume[a]} (rank {i * 8})")
            info = train_pod(tl, pod, i, 4, t0, f"codellm-a{a}", pods[0], ip=f"172.31.8.{20 + nodes.index(node)}", step0=resume[a],
                             step_s=step_s, t_end=tfail, rng=rng, net="IB", log_every=100,
                             loss_fn=lambda s: 1.62 + 0.25 * 20000 / (20000 + s) + rng.uniform(-0.015, 0.015))
            if node == culprit:
                g = i * 8 + 5
                te = tfail - 0.4 * S
                tl.add(te, pylog(te, "nan_guard", "ERROR") + f"step {fail_step[a]} rank {g} (local_rank 5) non-finite values in grad of {params[a - 1]}: nan=3 inf=0 (global grad norm before clip: nan)")
                tl.add(te + 0.1 * S, f"[rank{g}]: Traceback (most recent call last):",
                       f'[rank{g}]:   File "/workspace/train.py", line 512, in <module>',
                       f"[rank{g}]:     trainer.fit()",
                       f'[rank{g}]:   File "/workspace/codellm/trainer.py", line 288, in fit',
                       f"[rank{g}]:     self._check_grads(step)",
                       f'[rank{g}]:   File "/workspace/codellm/trainer.py", line 341, in _check_grads',
                       f"[rank{g}]:     raise FloatingPointError(f\"non-finite gradient on rank {{self.rank}} at step {{step}}\")",
                       f"[rank{g}]: FloatingPointError: non-finite gradient on rank {g} at step {fail_step[a]}")
                tl.extend(te + 2 * S, sigterm_child(te + 2 * S, info["agent"], [p for k, p in enumerate(info["pids"]) if k != 5]))
                tl.extend(te + 4 * S, child_failed(te + 4 * S, pod, "train.py", [(g, 5, 1, info["pids"][5], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], info["agent"]))
            else:
                tw = tfail + timedelta(minutes=10, seconds=1)
                for k in range(8):
                    tl.extend(tw, watchdog_timeout(tw, i * 8 + k, 300000 + fail_step[a] * 4, "ALLREDUCE", 1, tail=(k == 0)))
                tl.extend(tw + 3 * S, child_failed(tw + 3 * S, pod, "train.py", [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}")], info["agent"]))
            c.add(f"attempt_{a}/{node}/{pod}.log", tl.kube())
        c.add(f"attempt_{a}/kubectl_get_pods.txt", get_pods([(p, "0/1", "Error", a - 1, age(timedelta(seconds=(tfail - t0).total_seconds())), f"10.42.{k}.{7 + a}", placement[a][k]) for k, p in enumerate(pods)]))
    uuids = [(g, f"GPU-{_hex(rng, 8)}-{_hex(rng, 4)}-{_hex(rng, 4)}-{_hex(rng, 4)}-{_hex(rng, 12)}") for g in range(8)]
    c.add(f"attempt_3/{culprit}/dcgm_exporter_scrape.txt", dcgm_scrape(culprit, uuids, {
        ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", 5): 184213, ("DCGM_FI_DEV_ROW_REMAP_PENDING", 5): 1,
        ("DCGM_FI_DEV_ECC_SBE_VOL_TOTAL", 2): 1}))
    c.add(f"attempt_3/dgx-a04/dcgm_exporter_scrape.txt", dcgm_scrape("dgx-a04", [(g, f"GPU-{_hex(rng, 8)}-{_hex(rng, 4)}-{_hex(rng, 4)}-{_hex(rng, 4)}-{_hex(rng, 12)}") for g in range(8)]))
    c.add(f"attempt_3/{culprit}/dcgmi_diag_r3.txt", ["$ dcgmi diag -r 3   # run by on-call after attempt 3, node cordoned",
        dcgmi_diag("3.3.7", [("Deployment", [("Denylist", "Pass"), ("NVML Library", "Pass"), ("CUDA Main Library", "Pass"),
                                             ("Permissions and OS Blocks", "Pass"), ("Persistence Mode", "Pass"), ("Environment Variables", "Pass"),
                                             ("Page Retirement/Row Remap", "Warn - GPU: 5"), ("Graphics Processes", "Pass"), ("Inforom", "Pass")]),
                             ("Integration", [("PCIe", "Pass - All")]),
                             ("Hardware", [("GPU Memory", "Fail - GPU: 5"), ("Diagnostic", "Pass - All")]),
                             ("Stress", [("Targeted Stress", "Pass - All"), ("Targeted Power", "Pass - All"), ("Memory Bandwidth", "Pass - All")])]),
        "",
        "Warning: GPU 5 Row remapping is pending; reset the GPU to activate remapped rows.",
        "Error: GPU 5 Memory test detected 4 miscompares (pattern 0xA5A5A5A5, addr 0x1c2a4f000..0x1c2a4f0ff)"])
    c.add("attempt_3/dgx-a04/dcgmi_diag_r3.txt", ["$ dcgmi diag -r 3",
        dcgmi_diag("3.3.7", [("Deployment", [("Denylist", "Pass"), ("Page Retirement/Row Remap", "Pass")]),
                             ("Hardware", [("GPU Memory", "Pass - All"), ("Diagnostic", "Pass - All")]),
                             ("Stress", [("Targeted Stress", "Pass - All"), ("Memory Bandwidth", "Pass - All")])])])
    return c


# =========================================================================== ay18
def ay18():
    name = "ay18_tcpx_rx_ctrl_timeout_flood_then_watchdog"
    rng = rng_for(name)
    nodes = [f"gke-a3-tcpx-np-8d2f1c00-{x}" for x in ("13bn", "2m7q", "4jwx", "6fzc", "8kdd", "b0vp", "d5rt", "g9hl")]
    culprit = nodes[5]
    c = Case(name, label("network", "infrastructure", culprit, None, "restart_without_node",
                         "All TCPX rx-ctrl timeouts point at 192.168.2.27, the eth2 address of b0vp, whose own dmesg shows gVNIC "
                         "eth2 link down, TX queue timeouts and a failed reset; the other nodes are only accusers.",
                         "https://github.com/google/nccl-plugin-gpudirecttcpx/issues/1"))
    job = "palm-ft"
    pods = [f"{job}-master-0"] + [f"{job}-worker-{i}" for i in range(7)]
    t0 = T("2024-06-30 14:00:00.000")
    tdown = T("2024-06-30 18:22:41.337")
    seq = 118873
    boot = T("2024-06-28 09:13:55.000")
    for i, node in enumerate(nodes):
        tl = TLog()
        info = train_pod(tl, pods[i], i, 8, t0, "palmft-0630", pods[0], ip=f"10.70.{i}.{11 + i}", step_s=1.7,
                         t_end=tdown + 4 * S, rng=rng, net="TCPX", busids=A3_BUS, log_every=200,
                         prints_steps=(i == 0))
        # flood: rx ctrl timeouts referencing the culprit eth2 address
        if i != 5:
            cnt = {}
            for rep in range(420 if i in (0, 4, 6) else 140):
                tt = tdown + timedelta(seconds=2.5 + rep * 1.35)
                if tt > tdown + timedelta(minutes=10):
                    break
                k = (rep * 3 + i) % 8
                key = (k,)
                cnt[key] = cnt.get(key, 0) + rng.randint(90000, 140000)
                tl.add(tt, nccl(pods[i], info["pids"][k], info["pids"][k] + 71, k,
                                f"tcpxResult_t tcpxCommProgress(tcpxComm*):1231 NCCL WARN 0x{_hex(rng, 12)}:0x{_hex(rng, 12)}, nic 1, eth2, 192.168.2.{11 + i}<{38000 + rep % 900}><-192.168.2.27<{46000 + k * 7}> rx rx ctrl timeout cnt {cnt[key]}, nanos {10000000000 + rng.randint(100, 99999)}", "WARN"))
        else:
            for rep in range(30):
                tt = tdown + timedelta(seconds=3 + rep * 19)
                k = rep % 8
                tl.add(tt, nccl(pods[i], info["pids"][k], info["pids"][k] + 71, k,
                                f"tcpxResult_t tcpxConnect_v5(int, void*, void**, ncclNetDeviceHandle_v7_t**):1102 NCCL WARN NET/GPUDirectTCPX : connect to 192.168.2.{11 + (rep % 7)}<{46000 + k}> on nic eth2 failed: Network is unreachable", "WARN"))
        tw = tdown + timedelta(minutes=10, seconds=0.2 * i + 0.5)
        for k in range(8):
            tl.extend(tw + timedelta(milliseconds=3 * k), watchdog_timeout(tw, i * 8 + k, seq, "ALLREDUCE", 26214400, tail=(k == 0)))
        tl.extend(tw + 3 * S, child_failed(tw + 3 * S, pods[i], "finetune.py", [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}")], info["agent"]))
        c.add(f"{node}/{pods[i]}.log", tl.kube())
        dm = [dmesg_raw(boot + 10 * S, boot) + f"gve 0000:{'06 86 8a 8b'.split()[j]}:00.0: GVE version 1.4.0" for j in range(4)]
        dm += [dmesg_raw(boot + 11 * S, boot) + f"gve 0000:{'06 86 8a 8b'.split()[j]}:00.0 eth{j + 1}: Device link is up." for j in range(4)]
        if i == 5:
            dm += [dmesg_raw(tdown, boot) + "gve 0000:86:00.0 eth2: Device link is down.",
                   dmesg_raw(tdown + 5.1 * S, boot) + "NETDEV WATCHDOG: eth2 (gve): transmit queue 7 timed out 5120 ms",
                   dmesg_raw(tdown + 5.1 * S, boot) + "gve 0000:86:00.0 eth2: Kicking queue 7",
                   dmesg_raw(tdown + 10.3 * S, boot) + "gve 0000:86:00.0 eth2: Performing reset",
                   dmesg_raw(tdown + 40.4 * S, boot) + "gve 0000:86:00.0 eth2: Device didn't respond to admin command 0x4 in time",
                   dmesg_raw(tdown + 40.4 * S, boot) + "gve 0000:86:00.0 eth2: Reset failed! !!! DISABLING ALL QUEUES !!!"]
        if i == 2:
            dm += [dmesg_raw(tdown - timedelta(minutes=55), boot) + "gve 0000:8a:00.0 eth3: Device link is down.",
                   dmesg_raw(tdown - timedelta(minutes=55) + 3 * S, boot) + "gve 0000:8a:00.0 eth3: Device link is up."]
        c.add(f"{node}/dmesg.txt", dm)
        if i in (5, 0):
            state = "DOWN" if i == 5 else "UP"
            c.add(f"{node}/ip_br_addr.txt", ["$ ip -br addr", f"eth0             UP             10.128.0.{40 + i}/32",
                                             f"eth1             UP             192.168.1.{11 + i}/24",
                                             f"eth2             {state:<15}192.168.2.{11 + i if i != 5 else 27}/24",
                                             f"eth3             UP             192.168.3.{11 + i}/24",
                                             f"eth4             UP             192.168.4.{11 + i}/24"])
    rx = [f"I0630 18:22:{41 + k:02d}.{_hex(rng, 6).replace('a', '1').replace('b', '2').replace('c', '3').replace('d', '4').replace('e', '5').replace('f', '6')}       1 rx_rule_manager.cc:233] eth2: flow steering rule install failed: device not ready (errno 19), will retry" for k in range(0, 18, 3)]
    c.add(f"{culprit}/tcpx-daemon.log", ["I0630 14:00:01.220311       1 rxdm.cc:120] Starting tcpgpudmarxd v2.0.11 for 4 NICs: eth1,eth2,eth3,eth4",
                                         "I0630 14:00:02.008771       1 rxdm.cc:188] eth2: 16 rx queues bound to GPUs 2,3"] + rx)
    return c


# =========================================================================== ay19
def ay19():
    name = "ay19_all_ranks_timeout_hyperpod_marks_node"
    rng = rng_for(name)
    inst = ["i-08d1f3c2b7a9e4501", "i-0b72e9a1f4c3d8e62", "i-0f15a8c3e2b6d9a07", "i-03c9e7b1a5f2d4c88"]
    nodes = [f"hyperpod-{x}" for x in inst]
    culprit = nodes[1]
    c = Case(name, label("gpu_hardware", "infrastructure", culprit, 12, "restart_without_node",
                         "Ten minutes before the collective timeout, GPU 4 (0000:97:00) on the second node started logging Xid 119 "
                         "GSP RPC timeouts; rank 12 sits on that GPU. The timeouts on all other ranks are sympathetic.",
                         "https://docs.aws.amazon.com/sagemaker/latest/dg/sagemaker-hyperpod-eks-resiliency-node-labels.html"))
    pods = [f"dsv2-lite-pt-worker-{i}" for i in range(4)]
    ips = ["10.4.11.7", "10.4.12.90", "10.4.15.33", "10.4.19.2"]
    t0 = T("2025-02-20 04:00:00.000")
    tx = T("2025-02-20 07:14:03.201")
    seq = 40117
    for i, node in enumerate(nodes):
        tl = TLog()
        info = train_pod(tl, pods[i], i, 4, t0, "dsv2-0220", pods[0], ip=ips[i], step_s=4.4, t_end=tx + 1 * S,
                         rng=rng, net="OFI", busids=P5_BUS, log_every=25)
        tw = tx + timedelta(minutes=10, seconds=0.5 + i * 0.1)
        for k in range(8):
            g = i * 8 + k
            tl.extend(tw + timedelta(milliseconds=4 * k), watchdog_timeout(tw, g, seq, "_REDUCE_SCATTER_BASE", 58720256,
                                                                          last_enq=seq, last_done=seq - 1, tail=(k in (0, 4))))
        tl.extend(tw + 2 * S, child_failed(tw + 2 * S, pods[i], "train.py", [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}")], info["agent"]))
        c.add(f"{node}/{pods[i]}.log", tl.kube())
    boot = T("2025-02-06 22:41:10.000")
    dm = [dmesg_T(boot + 70 * S) + "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:22:07 UTC 2024"]
    for r in range(6):
        t = tx + timedelta(seconds=6 * r)
        dm.append(dmesg_T(t) + f"NVRM: Xid (PCI:0000:97:00): 119, pid={411902 + r % 2}, name=python3, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a6a 0x4).")
        if r == 0:
            dm += [dmesg_T(t) + "NVRM: GPU4 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a6a 0x0000000000000004.",
                   dmesg_T(t) + "NVRM: GPU4 RPC history (CPU -> GSP):",
                   dmesg_T(t) + "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling",
                   dmesg_T(t) + "NVRM:      0    76   GSP_RM_CONTROL     0x0000000020800a6a 0x0000000000000004 0x00062e8f1a0c3b21 0x0000000000000000          y"]
    dm.append(dmesg_T(tx + 36 * S) + "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:97:00 (printing 1 of every 30).  The GPU likely needs to be reset.")
    c.add(f"{culprit}/dmesg_T.txt", dm)
    c.add(f"{nodes[0]}/dmesg_T.txt", [dmesg_T(boot + 70 * S) + "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:22:07 UTC 2024",
                                       dmesg_T(tx - timedelta(hours=2)) + "NVRM: Xid (PCI:0000:53:00): 13, pid=3110, name=dcgmproftester12, Graphics Exception: ESR 0x504648=0x80000000 0x504650=0x0 (run by the deep health check before job start)"])
    hma = []
    for dt, lvl, msg in [
            (tx - timedelta(minutes=30), "info", '"msg":"health check cycle complete","gpu":"pass","efa":"pass"'),
            (tx + 12 * S, "error", '"msg":"NvidiaGpuXid detected","xid":119,"pci":"0000:97:00.0","gpu_index":4'),
            (tx + 13 * S, "info", '"msg":"labeling node","labels":{"sagemaker.amazonaws.com/node-health-status":"UnschedulablePendingReboot","sagemaker.amazonaws.com/fault-types":"GpuFailure"}')]:
        hma.append("{" + f'"level":"{lvl}","ts":"{iso_s(dt)}","logger":"health-monitoring-agent",{msg}' + "}")
    c.add(f"{culprit}/health-monitoring-agent.log", hma)
    smi = nvidia_smi_table(tx + timedelta(minutes=12), "550.127.05", "12.4",
                           [(g, P5_BUS[g], 38 + g % 4, "P0", 118 + g, 700, 71233, 0, "NVIDIA H100 80GB HBM3") for g in range(8)]).split("\n")
    for n, ln in enumerate(smi):
        if ln.startswith("|   4  NVIDIA"):
            smi[n + 1] = "| ERR!  ERR!   ERR!          ERR! /  700W |  71233MiB /  81559MiB |   ERR!      Default |"
    c.add(f"{culprit}/nvidia-smi.txt", smi)
    c.add(f"{culprit}/py-spy_rank12.txt", [
        "$ py-spy dump --native --pid 412   # rank 12 (local_rank 4), taken 07:21Z, before the watchdog fired",
        "Thread 412 (active): \"MainThread\"",
        "    cuEventSynchronize (libcuda.so.550.127.05)",
        "    cudaEventSynchronize (libcudart.so.12)",
        "    at::cuda::CUDAEvent::synchronize (CUDAEvent.h:170)",
        f"    synchronize (torch/cuda/streams.py:225)",
        "    _wait_for_prefetch (/workspace/dsv2/moe_dispatch.py:141)",
        "    forward (/workspace/dsv2/moe_dispatch.py:208)",
        "    _call_impl (torch/nn/modules/module.py:1747)",
        "    train_step (/workspace/train.py:301)",
        "Thread 690 (idle): \"pt_nccl_watchdg\""])
    return c


# =========================================================================== ay20
def ay20():
    name = "ay20_slurm_step_aborted_cuda_error_on_two_ranks"
    rng = rng_for(name)
    nodes = ["ccw-gpu-1", "ccw-gpu-2", "ccw-gpu-3", "ccw-gpu-4"]
    culprit = "ccw-gpu-3"
    c = Case(name, label("nvlink", "infrastructure", culprit, None, "restart_without_node",
                         "ccw-gpu-3 logged Xid 74 fatal NVLink errors on two GPUs and fabric manager reported an NVSwitch fatal "
                         "error; the uncorrectable NVLink CUDA errors on ranks 18/19 and the aborts elsewhere follow.",
                         "https://docs.nvidia.com/deploy/xid-errors/index.html"))
    jobid = 8812
    t0 = T("2025-04-02 10:00:05.000")
    tx = T("2025-04-02 13:27:44.880")
    out = TLog()
    out.add(t0 - 5 * S, f"+ srun --label --kill-on-bad-exit=1 --ntasks-per-node=8 --cpu-bind=none python -u train.py --cfg cfg/llama8b_cpt.yaml")
    for i, node in enumerate(nodes):
        for k in range(8):
            g = i * 8 + k
            pid = 30211 + 13 * k + 1000 * i
            out.extend(t0 + timedelta(seconds=14, milliseconds=30 * g),
                       [f"{g}: " + ln for ln in (["NCCL version 2.22.3+cuda12.5"] if g == 0 else []) +
                        [nccl(node, pid, pid + 61, k, f"NET/IB : Using [0]mlx5_ib0:1/IB [1]mlx5_ib1:1/IB [2]mlx5_ib2:1/IB [3]mlx5_ib3:1/IB [4]mlx5_ib4:1/IB [5]mlx5_ib5:1/IB [6]mlx5_ib6:1/IB [7]mlx5_ib7:1/IB [RO]; OOB eth0:10.0.1.{4 + i}<0>"),
                         nccl(node, pid, pid + 61, k, f"ncclCommInitRank comm 0x{_hex(rng, 8)} rank {g} nranks 32 cudaDev {k} nvmlDev {k} busId {busid_of(ND_BUS[k])} commId 0x9c2e1f7a3b4d5e60 - Init COMPLETE")]])
    t = t0 + 60 * S
    s = 0
    while t < tx:
        if s % 200 == 0:
            out.add(t, "0: " + step_line(t, s, 2.1 - s * 1e-5, 1.5e-4, 512000 * rng.uniform(0.98, 1.01)))
        s += 1
        t += timedelta(seconds=2.45)
    te = tx + 1.1 * S
    for g in (18, 19):
        pid = 30211 + 13 * (g % 8) + 2000
        out.add(te, f"{g}: " + nccl("ccw-gpu-3", pid, pid + 61, g % 8, "Cuda failure 'uncorrectable NVLink error was detected during the execution'", "WARN"))
        out.extend(te + 0.1 * S, [f"{g}: " + ln for ln in cuda_err_block(te + 0.1 * S, g, "uncorrectable NVLink error was detected during the execution")])
    for g in (17, 20):
        pid = 30211 + 13 * (g % 8) + 2000
        out.add(te + 0.3 * S, f"{g}: " + nccl("ccw-gpu-3", pid, pid + 61, g % 8, "Cuda failure 'unspecified launch failure'", "WARN"))
    tr = te + 2.5 * S
    for g in (7, 15, 31):
        node = nodes[g // 8]
        out.add(tr, f"{g}: " + nccl(node, 30211 + 91 + 1000 * (g // 8), 30211 + 152 + 1000 * (g // 8), 7, f"transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.0.1.6<{51200 + g}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid fe80::a00:{g:x} remoteGids fe80::a00:6 hca mlx5_ib7", "WARN"))
    out.add(te + 3 * S, f"srun: error: ccw-gpu-3: tasks 18-19: Aborted (core dumped)")
    out.add(te + 3.2 * S, f"srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    out.add(te + 3.3 * S, f"slurmstepd: error: *** STEP {jobid}.0 ON ccw-gpu-1 CANCELLED AT {(te + 3.3 * S).strftime('%Y-%m-%dT%H:%M:%S')} ***")
    out.add(te + 4 * S, "srun: error: ccw-gpu-1: tasks 0-7: Terminated", "srun: error: ccw-gpu-2: tasks 8-15: Terminated",
            "srun: error: ccw-gpu-4: tasks 24-31: Terminated", "srun: error: ccw-gpu-3: tasks 16-17,20-23: Terminated",
            "srun: Force Terminated job step 8812.0")
    c.add(f"slurm-{jobid}.out", out.render())
    c.add("sacct.txt", [
        "$ sacct -j 8812 --format=JobID,JobName,Partition,NodeList,State,ExitCode,Elapsed",
        "JobID           JobName  Partition        NodeList      State ExitCode    Elapsed",
        "------------ ---------- ---------- --------------- ---------- -------- ----------",
        "8812          llama8b-c+        gpu ccw-gpu-[1-4]     FAILED      6:0   03:27:54",
        "8812.batch         batch                 ccw-gpu-1     FAILED      6:0   03:27:54",
        "8812.0            python                ccw-gpu-[1-4]  CANCELLED    0:6   03:27:49"])
    boot = T("2025-03-30 08:12:45.000")
    for i, node in enumerate(nodes):
        dm = [syslog(boot + 90 * S, node, "kernel") + "[   92.114522] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.144.03  Mon Dec 30 17:44:08 UTC 2024",
              syslog(boot + 120 * S, node, "kernel") + "[  121.002311] nvidia-nvswitch4: using MSI"]
        if i == 0:
            dm += [syslog(tx - timedelta(hours=2, minutes=3), node, "kernel") + "[ 11223.551201] hv_netvsc 000d3a8e-11c2-000d-3a8e-11c2000d3a8e eth0: VF slot 1 removed",
                   syslog(tx - timedelta(hours=2, minutes=3) + 38 * S, node, "kernel") + "[ 11261.901133] hv_netvsc 000d3a8e-11c2-000d-3a8e-11c2000d3a8e eth0: VF slot 1 added",
                   syslog(tx - timedelta(hours=2, minutes=3) + 39 * S, node, "kernel") + "[ 11262.330018] mlx5_core 1b5b:00:02.0 enP7003s1: Link up"]
        if i == 2:
            up0 = (tx - boot).total_seconds()
            dm += [syslog(tx, node, "kernel") + f"[{up0:12.6f}] NVRM: Xid (PCI:0003:00:00): 74, pid=30248, name=python, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
                   syslog(tx, node, "kernel") + f"[{up0 + 0.0012:12.6f}] NVRM: Xid (PCI:0008:00:00): 74, pid=30261, name=python, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
                   syslog(tx + 1 * S, node, "kernel") + f"[{up0 + 1.2:12.6f}] nvidia-nvswitch2: SXid (PCI:0000:a6:00.0): 20034, Fatal, Link 26 LTSSM Fault Up",
                   syslog(tx + 1 * S, node, "kernel") + f"[{up0 + 1.2:12.6f}] nvidia-nvswitch2: SXid (PCI:0000:a6:00.0): 20034, Severity 5 Engine instance 26 Sub-engine instance 00",
                   syslog(tx + 1 * S, node, "kernel") + f"[{up0 + 1.2:12.6f}] nvidia-nvswitch2: SXid (PCI:0000:a6:00.0): 20034, Data {{0x00000000, 0x00000100, 0x00000000, 0x00000000}}"]
        c.add(f"{node}/kern.log", dm)
    c.add(f"{culprit}/fabricmanager.log", [
        "[Apr 02 2025 08:15:11] [INFO] [tid 2211] Fabric Manager version 550.144.03 is running with the following configuration options",
        "[Apr 02 2025 08:15:14] [INFO] [tid 2211] Successfully configured all the available NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once GPUs are successfully registered with the NVLink fabric.",
        f"[Apr 02 2025 13:27:45] [ERROR] [tid 2298] detected NVSwitch fatal error 20034 on fid 0 on NVSwitch pci bus id 00000000:a6:00.0 physical link 26",
        f"[Apr 02 2025 13:27:45] [ERROR] [tid 2298] NVSwitch fatal error: GPU physical id 3 (pci bus 0003:00:00.0) and GPU physical id 4 (pci bus 0008:00:00.0) NVLink connections are degraded; a GPU reset or system reboot is required"])
    c.add(f"{culprit}/nvidia-smi_nvlink.txt", ["$ nvidia-smi nvlink -s -i 2",
                                               "GPU 2: NVIDIA H100 80GB HBM3 (UUID: GPU-" + _hex(rng, 8) + "-" + _hex(rng, 4) + "-" + _hex(rng, 4) + "-" + _hex(rng, 4) + "-" + _hex(rng, 12) + ")"] +
      [f"\t Link {l}: {'<inactive>' if l == 7 else '26.562 GB/s'}" for l in range(18)])
    return c


# =========================================================================== ay23
def ay23():
    name = "ay23_step_time_regression_no_errors"
    rng = rng_for(name)
    nodes = ["gpu-node-014", "gpu-node-015", "gpu-node-016", "gpu-node-017", "gpu-node-018", "gpu-node-019"]
    culprit = "gpu-node-017"
    c = Case(name, label("straggler", "infrastructure", culprit, 29, "restart_without_node",
                         "Everyone waits in all-reduce for rank 29, whose compute time is nearly 2x the rest; GPU 5 on "
                         "gpu-node-017 is at 93 C with HW thermal slowdown active and SM clock ~1.1 GHz.",
                         "https://github.com/NVIDIA/dcgm-exporter"))
    job = "sd3-pt"
    pods = [f"{job}-master-0"] + [f"{job}-worker-{i}" for i in range(5)]
    t0 = T("2024-05-13 06:00:00.000")
    tslow = T("2024-05-13 09:40:00.000")
    tend = T("2024-05-13 11:05:00.000")
    for i, node in enumerate(nodes):
        tl = TLog()
        info = train_pod(tl, pods[i], i, 6, t0, "sd3-0513", pods[0], ip=f"10.10.3.{30 + i}", step_s=1.0, t_end=t0 + 50 * S,
                         rng=rng, net="IB", log_every=100)
        t = t0 + 45 * S
        s = 0
        while t < tend:
            slow = t >= tslow
            dt = 1.31 if not slow else 2.38
            if i == 0 and s % 200 == 0:
                tl.add(t, step_line(t, s, 0.118 - s * 2e-7, 1e-4, (96 * 1024 / dt) * rng.uniform(0.99, 1.01),
                                    extra=f" | step_time {dt * rng.uniform(0.99, 1.01):.2f}s"))
            if s % 1000 == 0 and s > 0:
                for k in range(8):
                    g = i * 8 + k
                    comp = 0.74 * rng.uniform(0.98, 1.03)
                    if slow and g == 29:
                        comp = 1.41 * rng.uniform(0.99, 1.02)
                    wait = (dt - comp - 0.35) if (not slow or g != 29) else 0.06
                    tl.add(t, pylog(t, "timer") + f"rank {g:2d} step {s}: fwd+bwd {comp * 1000:.0f}ms  allreduce_wait {max(wait, 0.02) * 1000:.0f}ms  optimizer 88ms  dataloader 3ms")
            s += 1
            t += timedelta(seconds=dt)
        c.add(f"{node}/{pods[i]}.log", tl.kube())
        uuids = [(g, f"GPU-{_hex(rng, 8)}-{_hex(rng, 4)}-{_hex(rng, 4)}-{_hex(rng, 4)}-{_hex(rng, 12)}") for g in range(8)]
        ov = {}
        for g in range(8):
            ov[("DCGM_FI_DEV_GPU_TEMP", g)] = rng.randint(52, 61)
            ov[("DCGM_FI_DEV_SM_CLOCK", g)] = 1980
            ov[("DCGM_FI_DEV_POWER_USAGE", g)] = round(rng.uniform(560, 640), 1)
        if i == 3:
            ov[("DCGM_FI_DEV_GPU_TEMP", 5)] = 93
            ov[("DCGM_FI_DEV_SM_CLOCK", 5)] = 1095
            ov[("DCGM_FI_DEV_POWER_USAGE", 5)] = 341.7
            ov[("DCGM_FI_DEV_CLOCK_THROTTLE_REASONS", 5)] = 72
            for g in range(8):
                if g != 5:
                    ov[("DCGM_FI_DEV_GPU_UTIL", g)] = 54
        else:
            for g in range(8):
                ov[("DCGM_FI_DEV_GPU_UTIL", g)] = 55
        if i == 1:
            ov[("DCGM_FI_DEV_PCIE_REPLAY_COUNTER", 2)] = 3
        c.add(f"{node}/dcgm_exporter_scrape.txt", dcgm_scrape(node, uuids, ov))
    c.add(f"{culprit}/nvidia-smi-q_gpu5.txt", [
        "$ nvidia-smi -q -i 5 -d PERFORMANCE,TEMPERATURE,CLOCK", "",
        "==============NVSMI LOG==============", "", "Timestamp                                 : Mon May 13 10:58:12 2024",
        "Driver Version                            : 535.161.08", "CUDA Version                              : 12.2", "",
        "Attached GPUs                             : 8", "GPU 00000000:AB:00.0",
        "    Performance State                     : P0", "    Clocks Event Reasons",
        "        Idle                              : Not Active", "        Applications Clocks Setting       : Not Active",
        "        SW Power Cap                      : Not Active", "        HW Slowdown                       : Active",
        "            HW Thermal Slowdown           : Active", "            HW Power Brake Slowdown       : Not Active",
        "        Sync Boost                        : Not Active", "        SW Thermal Slowdown               : Active",
        "        Display Clock Setting             : Not Active",
        "    Temperature", "        GPU Current Temp                  : 93 C", "        GPU T.Limit Temp                  : -6 C",
        "        GPU Shutdown T.Limit Temp         : -8 C", "        GPU Slowdown T.Limit Temp         : -2 C",
        "        GPU Max Operating T.Limit Temp    : 0 C", "        Memory Current Temp               : 89 C",
        "    Clocks", "        Graphics                          : 1095 MHz", "        SM                                : 1095 MHz",
        "        Memory                            : 2619 MHz", "    Max Clocks", "        Graphics                          : 1980 MHz",
        "        SM                                : 1980 MHz"])
    c.add("alertmanager_alert.txt", [
        "[FIRING:1] TrainingStepTimeRegression (sd3-pt ml-vision critical)",
        "Labels:", " - alertname = TrainingStepTimeRegression", " - job = sd3-pt", " - namespace = ml-vision",
        "Annotations:", " - summary = step_time p50 2.38s vs 7d baseline 1.31s (+82%) for 30m",
        f" - startsAt = {iso_s(tslow + timedelta(minutes=30))}",
        "Source: http://prometheus.monitoring.svc:9090/graph?g0.expr=histogram_quantile(0.5%2C...)"])
    return c


# =========================================================================== ay29
def ay29():
    name = "ay29_one_rank_ecc_error_then_job_abort"
    rng = rng_for(name)
    nodes = ["gke-a3-ml-pool-0e4d1a7b-3wcs", "gke-a3-ml-pool-0e4d1a7b-8n2k", "gke-a3-ml-pool-0e4d1a7b-f6tq", "gke-a3-ml-pool-0e4d1a7b-xm0d"]
    culprit = nodes[2]
    c = Case(name, label("gpu_memory", "infrastructure", culprit, 21, "restart",
                         "Rank 21 (GPU 0000:85:00 on f6tq) hit an uncorrectable ECC error that the driver contained (Xid 94) and "
                         "scheduled a row remap (Xid 63, pending, no remap failure); after a GPU reset the device is usable, so "
                         "restart is enough.",
                         "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html"))
    job = "asr-conformer"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    t0 = T("2025-05-06 12:00:00.000")
    tx = T("2025-05-06 16:35:10.604")
    boot = T("2025-05-01 03:00:00.000")
    for i, node in enumerate(nodes):
        tl = TLog()
        info = train_pod(tl, pods[i], i, 4, t0, "asr-0506", pods[0], ip=f"10.50.{i}.9", step_s=0.9, t_end=tx + (0 if i == 2 else 2) * S,
                         rng=rng, net="TCPX", busids=A3_BUS, log_every=500)
        if i == 2:
            te = tx + 0.2 * S
            tl.add(te, f"[rank21]: Traceback (most recent call last):",
                   f'[rank21]:   File "/src/asr/train.py", line 390, in <module>',
                   f"[rank21]:     loss = step(model, batch)",
                   f'[rank21]:   File "/src/asr/train.py", line 201, in step',
                   f"[rank21]:     ctc = F.ctc_loss(log_probs, targets, in_lens, tgt_lens, zero_infinity=True)",
                   f"[rank21]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                   f"[rank21]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                   f"[rank21]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                   f"[rank21]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
            tl.extend(te + 1.5 * S, sigterm_child(te + 1.5 * S, info["agent"], [p for k, p in enumerate(info["pids"]) if k != 5]))
            tl.extend(te + 3 * S, child_failed(te + 3 * S, pods[i], "train.py", [(21, 5, 1, info["pids"][5], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], info["agent"]))
        else:
            tr = tx + timedelta(seconds=1.9 + 0.1 * i)
            g = i * 8 + 4
            tl.extend(tr, nccl_async_error(tr, g, f"tcpxResult_t tcpxCommProgress(tcpxComm*):1176 Connection closed by remote peer 192.168.3.{31}<{44100 + g}>"))
            tl.extend(tr + 1 * S, sigterm_child(tr + 1 * S, info["agent"], [p for k, p in enumerate(info["pids"]) if k != 4]))
            tl.extend(tr + 3 * S, child_failed(tr + 3 * S, pods[i], "train.py", [(g, 4, -6, info["pids"][4], f"Signal 6 (SIGABRT) received by PID {info['pids'][4]}")], info["agent"]))
        c.add(f"{node}/{pods[i]}.log", tl.kube())
    dm = [journal(boot + 80 * S, culprit, "kernel") + "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
          journal(tx, culprit, "kernel") + "NVRM: Xid (PCI:0000:85:00): 94, pid=61233, name=python3, Contained: SM (0x1). RST: No, D-RST: No",
          journal(tx, culprit, "kernel") + "NVRM: Xid (PCI:0000:85:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000005f11a0) marked for remapping, reset gpu to activate."]
    c.add(f"{culprit}/journal_kernel.txt", dm)
    c.add(f"{nodes[0]}/journal_kernel.txt", [journal(boot + 80 * S, nodes[0], "kernel") + "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024",
                                              journal(tx - timedelta(minutes=90), nodes[0], "kernel") + "gve 0000:00:04.0 eth0: Device link is up."])
    c.add(f"{culprit}/nvidia-smi-q_remap.txt", [
        "$ nvidia-smi -q -i 5 -d ROW_REMAPPER,ECC", "", "GPU 00000000:85:00.0",
        "    ECC Mode", "        Current                           : Enabled", "        Pending                           : Disabled",
        "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0", "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 1",
        "        Aggregate", "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 1",
        "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 1",
        "        Pending                           : Yes", "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram", "            Max                           : 2559 bank(s)",
        "            High                          : 1 bank(s)", "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)", "            None                          : 0 bank(s)"])
    now = tx + timedelta(minutes=15)
    c.add("kubectl_get_events.txt", events_table([
        (tx + 4 * S, "Warning", "NvidiaXID94Warning", f"node/{culprit}", "nvidia-gpu-device-plugin: Xid 94 on nvidia5 (0000:85:00.0) is not a critical Xid; device health unchanged"),
        (tx + 30 * S, "Warning", "PyTorchJobFailed", f"pytorchjob/{job}", "PyTorchJob speech/asr-conformer is failed because 4 Worker replica(s) failed."),
        (tx - timedelta(hours=1), "Normal", "SuccessfulCreate", "job/gc-ckpt-29113", "Created pod: gc-ckpt-29113-m2vls"),
    ], now))
    return c


CASES = [ay04, ay06, ay12, ay17, ay18, ay19, ay20, ay23, ay29]
