"""Cases ar01-ar10."""
import random

from common import (Case, T, sec, ts_py, ts_c10, ts_glog, ts_iso, ts_journal, ts_syslog, ts_dmesg_T,
                    megatron_iters, torchtitan_steps, pylog_steps, describe_pod, describe_node, get_events,
                    nvsmi_q, dmesg_boot, ibstat, df_h, watchdog_timeout, torchrun_failure, agent_received_sigterm)
from jobkit import build_job, sympathetic_timeouts, crash_trace, TRAIN_FRAMES

IMG_ECR = "123456789012.dkr.ecr.us-west-2.amazonaws.com/llm/trainer:2024.06.1"
IMG_ECR_ID = "123456789012.dkr.ecr.us-west-2.amazonaws.com/llm/trainer@sha256:9f1c0e7a4b2d83c5e61f0a9b7d2c4e8f1a3b5c7d9e0f2a4b6c8d0e1f3a5b7c9d"


def _pod_state_failed(t_start, t_end, code=1, reason="Error"):
    return ("Terminated", ("Reason", reason), ("Exit Code", str(code)),
            ("Started", t_start.strftime("%a, %d %b %Y %H:%M:%S +0000")),
            ("Finished", t_end.strftime("%a, %d %b %Y %H:%M:%S +0000")))


# ------------------------------------------------------------------ ar01
def ar01():
    rng = random.Random(4701)
    job = "llama3-ft"
    pods = ["llama3-ft-master-0", "llama3-ft-worker-0", "llama3-ft-worker-1", "llama3-ft-worker-2"]
    nodes = ["ip-10-42-17-23.us-west-2.compute.internal", "ip-10-42-17-88.us-west-2.compute.internal",
             "ip-10-42-19-141.us-west-2.compute.internal", "ip-10-42-21-6.us-west-2.compute.internal"]
    ips = ["10.42.17.201", "10.42.17.95", "10.42.19.12", "10.42.21.77"]
    gpn = 8
    t0 = T(2024, 6, 13, 2, 0, 5)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "llama3-ft", "llama3-ft-master-0:23456", net="IB")
    logs[pods[1]].insert(40, "llama3-ft-worker-0:%d:%d [3] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to 10.42.17.201<23456> failed : Software caused connection abort" % (pids[pods[1]] + 3, pids[pods[1]] + 3))
    logs[pods[1]].insert(41, "llama3-ft-worker-0:%d:%d [3] NCCL INFO Call to connect returned Connection refused, retrying" % (pids[pods[1]] + 3, pids[pods[1]] + 3))
    tr, t_end = megatron_iters(t_ready, 1, 1460, 20000, 2.08, rng, loss0=2.41, gbs=256, prefix="")
    logs[pods[0]] += tr
    t_x = t_end + sec(1.7)
    # culprit: worker-1 (node idx 2), local gpu 5 -> rank 21
    crank = 21
    w1 = pods[2]
    logs[w1] += [
        "[rank21]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank 21] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure" % ts_c10(t_x + sec(0.9)),
        "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
        "",
        "Exception raised from c10_cuda_check_implementation at /opt/pytorch/pytorch/c10/cuda/CUDAException.cpp:43 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f2b0e377446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f2b0e42c918 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f2abf6e06d6 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0x58 (0x7f2abf6e0a88 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1d2 (0x7f2abf6e7b52 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
    ]
    fails_w1 = [(5, 21, -6, pids[w1] + 5, "Signal 6 (SIGABRT) received by PID %d" % (pids[w1] + 5))]
    # other ranks time out later
    t_to = t_x + sec(600.4)
    sympathetic_timeouts(logs, [pods[0], pods[1], pods[3]], gpn, {p: pids[p] for p in pods}, t_to, 44318,
                         agent_fail=True)
    # worker-1's other ranks: they see the launcher tear down
    for lr in range(gpn):
        if lr == 5:
            continue
        logs[w1].append("W%s 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts_glog(t_x + sec(2.1))[1:], pids[w1] + lr))
    logs[w1] += torchrun_failure(t_x + sec(3), w1, fails_w1)
    c = Case("ar01_pytorchjob_worker_exits_sigabrt_others_time_out", {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": w1, "rank": crank},
        "action": "restart_without_node",
        "rationale": "llama3-ft-worker-1/dmesg_T.txt logs 'NVRM: Xid (PCI:0000:ab:00): 79 ... GPU has fallen off the bus' at %s, one second before rank 21 (local GPU 5 = busId ab000 in its NCCL init) dies with 'CUDA error: unspecified launch failure' in llama3-ft-worker-1/kubectl_logs.txt; nvidia-smi-q.txt on that pod shows GPU 00000000:AB:00.0 as Unknown Error and the node event GPUXidError is in kubectl_get_events.txt. The NCCL watchdog timeouts 10 minutes later on master-0/worker-0/worker-2, their ChildFailedError summaries and the PyTorchJob 'Failed' condition are sympathetic. Red herrings: a retried socket connect at init on worker-0 and 3 corrected DRAM ECC errors on master-0's GPU 1 (volatile correctable only)." % t_x.strftime("%H:%M:%S"),
        "modelled_on": "https://github.com/NVIDIA/k8s-device-plugin/issues/2038"})
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        ev_ext = []
        if p == w1:
            ev_ext = [(t_x, "NVRM: GPU at PCI:0000:ab:00: GPU-3a1c9b7d-1b31-4d5e-8f95-a1b2c3d4e5f5"),
                      (t_x + sec(0.01), "NVRM: GPU Board Serial Number: 1654923012881"),
                      (t_x + sec(0.02), "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                      (t_x + sec(0.03), "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
                      (t_x + sec(0.04), "NVRM: A GPU crash dump has been created. If possible, please run\n                           NVRM: nvidia-bug-report.sh as root to collect this data before\n                           NVRM: the NVIDIA kernel module is unloaded."),
                      (t_x + sec(0.5), "pcieport 0000:a7:01.0: AER: Uncorrected (Fatal) error received: 0000:ab:00.0"),
                      (t_x + sec(0.51), "nvidia 0000:ab:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)")]
        c.add("%s/dmesg_T.txt" % p, dmesg_boot(rng, nodes[i], "T", T(2024, 6, 12, 22, 41, 3), ev_ext))
        ov = {}
        if p == w1:
            ov = {5: {"lost": True}}
        if i == 0:
            ov = {1: {"dram_corr": 3, "dram_corr_agg": 11}}
        c.add("%s/nvidia-smi-q.txt" % p, nvsmi_q(t_x + sec(700), 8, overrides=ov))
        end = t_x + sec(3 if p == w1 else 604)
        c.add("%s/kubectl_describe_pod.txt" % p, describe_pod(
            p, "ml-train", nodes[i], ips[i], IMG_ECR, IMG_ECR_ID, t0,
            _pod_state_failed(t0, end, 1), status="Failed", ready="False",
            labels={"training.kubeflow.org/job-name": job, "training.kubeflow.org/replica-type": "master" if i == 0 else "worker",
                    "training.kubeflow.org/replica-index": str(0 if i == 0 else i - 1)},
            controlled_by="PyTorchJob/%s" % job, node_ip="10.42.%d.%d" % (17 + i, 10 + i)))
    c.add("kubectl_get_events.txt", get_events([
        ("58m", "Normal", "Scheduled", "pod/llama3-ft-worker-1", "Successfully assigned ml-train/llama3-ft-worker-1 to " + nodes[2]),
        ("58m", "Normal", "Pulled", "pod/llama3-ft-worker-1", 'Container image "%s" already present on machine' % IMG_ECR),
        ("58m", "Normal", "Started", "pod/llama3-ft-worker-1", "Started container pytorch"),
        ("12m", "Warning", "GPUXidError", "node/" + nodes[2], "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
        ("12m", "Warning", "GpuUnhealthy", "node/" + nodes[2], "Node condition GpuHealthy is now: False, reason: XidCriticalError"),
        ("2m", "Normal", "ExitedWithCode", "pytorchjob/llama3-ft", "Pod: ml-train.llama3-ft-worker-1 exited with code 1"),
        ("2m", "Normal", "PyTorchJobFailed", "pytorchjob/llama3-ft", "PyTorchJob llama3-ft is failed because 1 Worker replica(s) failed."),
    ]))
    return c


# ------------------------------------------------------------------ ar02
def ar02():
    rng = random.Random(4702)
    pods = ["neox-20b-worker-0", "neox-20b-worker-1", "neox-20b-worker-2", "neox-20b-worker-3"]
    nodes = ["ip-10-1-34-12.ec2.internal", "ip-10-1-34-187.ec2.internal", "ip-10-1-35-40.ec2.internal", "ip-10-1-36-222.ec2.internal"]
    inst = ["i-0c1a8f2b3d4e5f601", "i-0d7e6b5a4c3b2a190", "i-04f3e2d1c0b9a8776", "i-09a8b7c6d5e4f3021"]
    ips = ["10.1.34.12", "10.1.34.187", "10.1.35.40", "10.1.36.222"]
    gpn = 8
    t0 = T(2024, 7, 2, 9, 14, 2)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "neox20b-0702", "neox-20b-worker-0:29500", net="OFI")
    tr, t_end = torchtitan_steps(t_ready, 1, 3100, 1.31, rng, loss0=4.4, every=10)
    logs[pods[0]] += tr
    t_x = t_end + sec(0.6)
    bad = 2  # neox-20b-worker-2 local EFA device trouble
    # local evidence on bad node: dmesg raw
    # peers: libfabric CQ errors naming bad node's instance id
    for i, p in enumerate(pods):
        if i == bad:
            continue
        out = []
        for lr in (1, 5):
            r = i * gpn + lr
            pid = pids[p] + lr
            tt = t_x + sec(3.2 + i * 0.05 + lr * 0.01)
            out += [
                "libfabric:%d:%d::efa:cq:efa_rdm_txe_handle_error():737<warn> err: 110, message: Connection timed out (Unresponsive receiver (reachable by EFA device but handshake failed)) My EFA addr: fi_addr_efa://[fe80::4b:e2ff:fe1a:%x]:0:%d My host id: %s Peer EFA addr: fi_addr_efa://[fe80::8d:11ff:fe3c:9a1e]:0:1893314418 Peer host id: %s"
                % (pid, int(tt.timestamp()), 0x3000 + i, 80000 + r, inst[i], inst[bad]),
                "%s:%d:%d [%d] nccl_net_ofi_rdma_req_handle_cq_err:1048 NCCL WARN NET/OFI Request %s completed with error. RC: 110. Error: 5 (Unresponsive receiver). Completed length: 0, Request: { dev: %d, size: 1048576, state: CREATED, type: SEND }"
                % (p, pid, pid + 41, lr, "0x7f1d%08x" % rng.randrange(1 << 32), lr // 2),
                "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (p, pid, pid + 41, lr),
                "%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (p, pid, pid + 41, lr),
                "%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (p, pid, pid + 41, lr),
            ]
        out += [
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1544] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"
            % (i * gpn + 1, ts_c10(t_x + sec(4.1 + i * 0.1)), i * gpn + 1),
            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
            "Last error:",
            "NET/OFI Request completed with error. RC: 110. Error: 5 (Unresponsive receiver). Completed length: 0",
        ]
        fails = [(1, i * gpn + 1, -6, pids[p] + 1, "Signal 6 (SIGABRT) received by PID %d" % (pids[p] + 1))]
        for lr in range(gpn):
            if lr != 1:
                fails.append((lr, i * gpn + lr, -6, pids[p] + lr, "Signal 6 (SIGABRT) received by PID %d" % (pids[p] + lr)))
        out += torchrun_failure(t_x + sec(6 + i * 0.2), p, fails)
        logs[p] += out
    # bad node's own ranks: hang in collective, then watchdog fires / they get killed when job torn down
    pb = pods[bad]
    logs[pb] += [
        "%s:%d:%d [3] nccl_net_ofi_rdma_post_send:1987 NCCL WARN NET/OFI Unable to post send: fi_senddata returned -5 (Input/output error)" % (pb, pids[pb] + 3, pids[pb] + 44),
        "%s:%d:%d [3] NCCL INFO transport/net.cc:1183 -> 6" % (pb, pids[pb] + 3, pids[pb] + 44),
    ]
    logs[pb] += agent_received_sigterm(t_x + sec(35), pb)
    c = Case("ar02_eks_job_aborts_with_ofi_unresponsive_receiver", {
        "category": "network", "layer": "infrastructure", "culprit": {"node": pb, "rank": None},
        "action": "restart_without_node",
        "rationale": "Three pods (worker-0/1/3) log libfabric 'Unresponsive receiver' CQ errors whose 'Peer host id' is always %s, the EC2 instance behind neox-20b-worker-2 (see its kubectl_describe_pod.txt providerID and node_info.txt). That pod has the LOCAL evidence: neox-20b-worker-2/dmesg.txt (raw uptime, map with uptime_s.txt) shows 'efa 0000:a0:1c.0: Admin command timed out ... Device reset' and 'infiniband rdmap160s28: Failed to ... comp_status 1' seconds before the first peer error, its fi_info.txt lists 31 of 32 EFA devices and its own rank 19 fails fi_senddata with -5. The accusers' NCCL WARN/ncclRemoteError and ChildFailedError are sympathetic; the bad pod was then SIGTERMed by the operator (exit 143). Red herrings: harmless 'NET/Plugin: Failed to find ncclCollNetPlugin' lines and an AENQ keep-alive message on the other nodes." % inst[bad],
        "modelled_on": "https://github.com/aws/aws-ofi-nccl/issues/346"})
    boot = T(2024, 7, 2, 6, 51, 40)
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs.txt" % p, logs[p])
        ext = []
        if i == bad:
            tb = t_x - sec(1.4)
            ext = [(tb, "efa 0000:a0:1c.0: Admin command timed out (opcode 2, cmd_id 0x4b1e), status 0"),
                   (tb + sec(0.002), "infiniband rdmap160s28: Failed to process command MODIFY_QP (opcode 2) comp_status 1 err -110"),
                   (tb + sec(0.004), "efa 0000:a0:1c.0: Device reset requested, reason 5"),
                   (tb + sec(2.9), "efa 0000:a0:1c.0: Failed to get device attributes ret -110"),
                   (tb + sec(3.0), "infiniband rdmap160s28: Device removal requested by hardware")]
        else:
            ext = [(boot + sec(2200), "infiniband rdmap%ds28: EFA device reported AENQ keep-alive" % (16 * i + 16))]
        c.add("%s/dmesg.txt" % p, dmesg_boot(rng, nodes[i], "raw", boot, ext, kernel="5.10.219-208.866.amzn2.x86_64"))
        c.add("%s/uptime_s.txt" % p, boot.strftime("%Y-%m-%d %H:%M:%S") + "\n")
        c.add("%s/node_info.txt" % p, ["node: %s" % nodes[i], "providerID: aws:///us-east-1a/%s" % inst[i],
                                        "instance-type: p5.48xlarge", "efa devices allocatable (vpc.amazonaws.com/efa): 32"])
        nd = 31 if i == bad else 32
        fi = []
        for d in range(nd):
            dd = d if (i != bad or d < 20) else d + 1
            fi += ["provider: efa", "    fabric: efa", "    domain: rdmap%ds%d-rdm" % (16 * (dd // 4) + 16 + dd % 4 * 0, 27 + dd % 4), "    version: 120.10", "    type: FI_EP_RDM", "    protocol: FI_PROTO_EFA"]
        c.add("%s/fi_info.txt" % p, fi)
        end = t_x + sec(6 if i != bad else 36)
        c.add("%s/kubectl_describe_pod.txt" % p, describe_pod(
            p, "training", nodes[i], ips[i], IMG_ECR, IMG_ECR_ID, t0, _pod_state_failed(t0, end, 1 if i != bad else 143),
            status="Failed", labels={"jobset.sigs.k8s.io/jobset-name": "neox-20b", "batch.kubernetes.io/job-completion-index": str(i)},
            limits={"cpu": "184", "memory": "1900Gi", "nvidia.com/gpu": "8", "vpc.amazonaws.com/efa": "32"},
            controlled_by="Job/neox-20b-worker-0", node_ip=ips[i]))
    return c


# ------------------------------------------------------------------ ar03
def ar03():
    rng = random.Random(4703)
    pods = ["mixtral-pt-workers-0-0-7xk2q", "mixtral-pt-workers-0-1-b9c4d", "mixtral-pt-workers-0-2-p2m8z", "mixtral-pt-workers-0-3-ld6wr"]
    nodes = ["gke-a3mega-np-1-5e7a2c1f-0k3l", "gke-a3mega-np-1-5e7a2c1f-2bq9", "gke-a3mega-np-1-5e7a2c1f-7mwx", "gke-a3mega-np-1-5e7a2c1f-h4tz"]
    ips = ["10.8.0.14", "10.8.1.22", "10.8.2.9", "10.8.3.31"]
    gpn = 8
    t0 = T(2024, 8, 21, 16, 30, 11)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "mixtral-pt", "mixtral-pt-workers-0-0.mixtral-pt:1234", net="TCPX")
    tr, t_end = pylog_steps(t_ready, 1, 2400, 1.62, rng, every=5,
                            fmt="%(ts)s INFO [trainer] step=%(step)d loss=%(loss).4f lr=%(lr).3e step_time=%(sps).3fs")
    logs[pods[0]] += tr
    t_f = t_end + sec(0.5)
    # all four nodes see gVNIC resets on eth2/eth3 within the same second (leaf/fabric event)
    for i, p in enumerate(pods):
        out = []
        for lr in (2, 3, 4):
            pid = pids[p] + lr
            out.append("%s:%d:%d [%d] NCCL WARN NET/GPUDirectTCPX : tcpxCommProgress:1126 0x%x, nic %d, eth%d, rx ctrl timeout cnt %d, nanos 10000000%03d"
                       % (p, pid, pid + 61, lr, rng.randrange(1 << 40), lr // 2, lr // 2 + 1, 21000000 + rng.randrange(400000), rng.randrange(1000)))
            out.append("%s:%d:%d [%d] NCCL WARN NET/GPUDirectTCPX : Connection closed by remote peer 10.64.%d.%d<%d>"
                       % (p, pid, pid + 61, lr, lr // 2 + 1, ((i + 1) % 4) + 2, 40000 + rng.randrange(9000)))
            out.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (p, pid, pid + 61, lr))
        logs[p] += out
    sympathetic_timeouts(logs, pods, gpn, pids, t_f + sec(1800.2), 91822, numel=58720256, timeout_ms=1800000, optype="_ALLGATHER_BASE")
    c = Case("ar03_gke_tcpx_rx_ctrl_timeouts_on_every_pod", {
        "category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "All four pods' kernel journals (*/journal_kernel.txt) show 'gve ... eth2/eth3: Device link is down' / 'resetting' within the same two seconds at %s, and every pod then logs NET/GPUDirectTCPX 'rx ctrl timeout' and 'Connection closed by remote peer' on the same NICs (eth2/eth3) before the 30-minute _ALLGATHER_BASE watchdog timeout on every rank. No single node has a unique fault: the gVNIC flaps on the data NICs of every node at once (kubectl_get_events.txt shows the same NetworkUnavailable blip on all nodes), which is a fabric-wide event; restart. The tcpgpudmarxd 'flow steering rule already exists' warnings are routine noise, the watchdog timeouts and ChildFailedErrors are sympathetic." % t_f.strftime("%H:%M:%S"),
        "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/5693"})
    boot = T(2024, 8, 21, 11, 2, 7)
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs_pytorch.txt" % p, logs[p])
        j = ["-- Journal begins at %s. --" % boot.strftime("%a %Y-%m-%d %H:%M:%S UTC")]
        j.append("%s %s kernel: gve 0000:06:00.0: GVE version 1.4.1" % (ts_journal(boot + sec(5)), nodes[i]))
        j.append("%s %s kernel: gve 0000:06:00.0 eth2: Device link is up." % (ts_journal(boot + sec(9)), nodes[i]))
        tt = t_f - sec(0.8) + sec(i * 0.37)
        j.append("%s %s kernel: gve 0000:06:00.0 eth2: Device link is down." % (ts_journal(tt), nodes[i]))
        j.append("%s %s kernel: gve 0000:86:00.0 eth3: Device link is down." % (ts_journal(tt + sec(0.11)), nodes[i]))
        j.append("%s %s kernel: gve 0000:06:00.0 eth2: Performing reset" % (ts_journal(tt + sec(0.9)), nodes[i]))
        j.append("%s %s kernel: gve 0000:06:00.0 eth2: Device link is up." % (ts_journal(tt + sec(14.2)), nodes[i]))
        j.append("%s %s kernel: gve 0000:86:00.0 eth3: Device link is up." % (ts_journal(tt + sec(14.9)), nodes[i]))
        c.add("%s/journal_kernel.txt" % p, j)
        rx = []
        for k in range(40):
            rx.append("I%s %d rx_rule_manager.cc:211] flow steering rule already exists for queue %d, skipping" % (ts_glog(t0 + sec(30 + k * 61))[1:], 11, k % 16))
        rx.append("E%s %d rx_rule_client.cc:148] UpdateFlowSteerRule: Connection reset by peer (eth2)" % (ts_glog(t_f - sec(0.5) + sec(i * 0.3))[1:], 11))
        c.add("%s/kubectl_logs_tcpxo-daemon.txt" % p, rx)
    c.add("kubectl_get_events.txt", get_events(
        [("34m", "Warning", "NetworkUnavailable", "node/" + n, "Node condition NetworkUnavailable changed: RouteController reported gVNIC eth2 down") for n in nodes]
        + [("33m", "Normal", "NetworkAvailable", "node/" + n, "Node condition NetworkUnavailable is now: False") for n in nodes]
        + [("3m", "Warning", "BackoffLimitExceeded", "job/mixtral-pt-workers-0", "Job has reached the specified backoff limit"),
           ("3m", "Warning", "FailedJobs", "jobset/mixtral-pt", "jobset mixtral-pt failed: child job mixtral-pt-workers-0 failed")]))
    return c


# ------------------------------------------------------------------ ar04
def ar04():
    rng = random.Random(4704)
    pods = ["gpt-13b-mpi-worker-0", "gpt-13b-mpi-worker-1", "gpt-13b-mpi-worker-2", "gpt-13b-mpi-worker-3"]
    nodes = ["aks-ndh100-31552871-vmss000000", "aks-ndh100-31552871-vmss000003", "aks-ndh100-31552871-vmss000004", "aks-ndh100-31552871-vmss000007"]
    ips = ["10.244.1.5", "10.244.4.7", "10.244.5.3", "10.244.8.11"]
    gpn = 8
    t0 = T(2024, 5, 17, 20, 3, 44)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "gpt13b", "gpt-13b-mpi-worker-0:29500", net="IBext")
    tr, t_end = megatron_iters(t_ready, 1, 1800, 60000, 1.47, rng, loss0=2.9, gbs=1024)
    logs[pods[0]] += tr
    t_x = t_end + sec(0.3)
    bad = 2
    badip = ips[bad]
    for i, p in enumerate(pods):
        if i == bad:
            continue
        out = []
        for lr in (3, 7) if i != 1 else (3,):
            pid = pids[p] + lr
            tt = t_x + sec(7.3 + i * 0.04)
            out += ["",
                    "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_ib%d"
                    % (p, pid, pid + 52, lr, badip, 41000 + lr * 13, ips[i], badip, lr),
                    "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (p, pid, pid + 52, lr),
                    "%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (p, pid, pid + 52, lr),
                    "%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (p, pid, pid + 52, lr)]
        out += ["[rank%d]:[%s ProcessGroupNCCL.cpp:1544] [PG ID 2 PG GUID 3 Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3"
                % (i * 8 + 3, ts_c10(t_x + sec(8.0 + i * 0.1)), i * 8 + 3),
                "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "Last error:",
                "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_ib3" % (badip, 41039, ips[i], badip)]
        fails = [(lr, i * 8 + lr, -6, pids[p] + lr, "Signal 6 (SIGABRT) received by PID %d" % (pids[p] + lr)) for lr in [3] + [x for x in range(8) if x != 3]]
        out += torchrun_failure(t_x + sec(10 + i * 0.2), p, fails, script="pretrain_gpt.py")
        logs[p] += out
    pb = pods[bad]
    logs[pb] += ["",
                 "%s:%d:%d [3] NCCL WARN NET/IB : Got async event : port error" % (pb, pids[pb] + 3, pids[pb] + 50),
                 "%s:%d:%d [3] NCCL WARN NET/IB : Got async event : port error" % (pb, pids[pb] + 3, pids[pb] + 50)]
    logs[pb] += agent_received_sigterm(t_x + sec(40), pb)
    c = Case("ar04_aks_nd_h100_ranks_report_status_12_from_one_peer", {
        "category": "network", "layer": "infrastructure", "culprit": {"node": pb, "rank": None},
        "action": "restart_without_node",
        "rationale": "Ranks on workers 0, 1 and 3 report 'NET/IB : Got completion from peer %s ... status=12 (transport retry counter exceeded) ... hca mlx5_ib3' — all naming %s, the IP of gpt-13b-mpi-worker-2. That pod is the one with local evidence: gpt-13b-mpi-worker-2/syslog_kernel.txt shows 'mlx5_core 0103:00:00.0: Port module event[error]: module 3, Cable error, High Temperature' then 'mlx5_ib3 ... Link down' a few seconds before the first accusation, its ibstat.txt shows mlx5_ib3 'State: Down / Physical state: Polling', and its own NCCL logs 'Got async event : port error'. The accusers' ncclRemoteError, SIGABRT and ChildFailedError are sympathetic. Red herrings: hpcx UCX 'ib_md.c ... relaxed order' warnings on all pods and the Azure 'hv_netvsc ... VF slot' messages at boot." % (badip, badip),
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/905"})
    for i, p in enumerate(pods):
        lg = logs[p]
        lg.insert(30, "[1716000000.%06d] [%s:%d:0]        ib_md.c:1149 UCX  WARN  IB: ibv_reg_mr(address=0x7f2a40000000, length=4096, access=0xf) failed: Invalid argument, relaxed order is not supported" % (rng.randrange(999999), p, pids[p]))
        c.add("%s/stdout.log" % p, lg)
        sl = []
        boot = T(2024, 5, 17, 18, 55, 2)
        sl.append("%s %s kernel: [    4.118221] hv_netvsc 000d3a8f-2c1e-000d-3a8f-2c1e000d3a8f eth0: VF slot 1 added" % (ts_syslog(boot + sec(4)), nodes[i]))
        for k in range(8):
            sl.append("%s %s kernel: [   12.%06d] mlx5_core 010%d:00:00.0 ib%d: Port: 1 Link ACTIVE" % (ts_syslog(boot + sec(12)), nodes[i], 200000 + k * 911, k, k))
        if i == bad:
            tb = t_x + sec(2.1)
            up = (tb - boot).total_seconds()
            sl.append("%s %s kernel: [%12.6f] mlx5_core 0103:00:00.0: mlx5_port_module_event:1127:(pid 0): Port module event[error]: module 3, Cable error, High Temperature" % (ts_syslog(tb), nodes[i], up))
            sl.append("%s %s kernel: [%12.6f] mlx5_core 0103:00:00.0 ib3: Port: 1 Link DOWN" % (ts_syslog(tb + sec(0.4)), nodes[i], up + 0.4))
            sl.append("%s %s kernel: [%12.6f] mlx5_core 0103:00:00.0: mlx5_ib_event:3122:(pid 0): warning: event on port 1, Link down" % (ts_syslog(tb + sec(0.41)), nodes[i], up + 0.41))
        c.add("%s/syslog_kernel.txt" % p, sl)
        st = {"mlx5_ib3": ("Down", "Polling", "10")} if i == bad else {}
        c.add("%s/ibstat.txt" % p, ibstat(["mlx5_ib%d" % k for k in range(8)], st))
    c.add("mpijob_status.txt", ["NAME      AGE   STATE", "gpt-13b   52m   Failed", "",
                                 "Message: MPIJob training/gpt-13b has failed because 3 Worker replica(s) failed."])
    return c


# ------------------------------------------------------------------ ar05
def ar05():
    rng = random.Random(4705)
    pods = ["vit-g-master-0", "vit-g-worker-0", "vit-g-worker-1", "vit-g-worker-2"]
    nodes = ["gpu-node-a01", "gpu-node-a02", "gpu-node-a05", "gpu-node-a06"]
    ips = ["192.168.40.11", "192.168.40.12", "192.168.40.15", "192.168.40.16"]
    gpn = 8
    t0 = T(2024, 4, 9, 13, 20, 0)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "vit-g", "vit-g-master-0:23456", net="IB")
    tr, t_end = pylog_steps(t_ready, 1, 6200, 0.41, rng, every=50, line=233,
                            fmt="%(ts)s [INFO] engine.py:%(line)d: Epoch[0] iter %(step)d  loss=%(loss).4f  lr=%(lr).2e  data_time=0.012  batch_time=%(sps).3f")
    logs[pods[0]] += tr
    t_x = t_end + sec(1.1)
    oom_pods = [1, 3]
    c = Case("ar05_two_pods_restart_exit_137_mid_epoch", {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "vit-g-worker-0 and vit-g-worker-2 are both killed by the memory cgroup of their own pod: their dmesg_T.txt show 'Memory cgroup out of memory: Killed process ... (pt_data_worker)' with oom_memcg=/kubepods/pod<uid> matching the pod UIDs, the rank logs show 'DataLoader worker (pid ...) is killed by signal: Killed', and kubectl_describe_pod.txt reports Last State Terminated Reason OOMKilled Exit Code 137 against the pod's own 480Gi limit. It happens on two different nodes within a minute at the same point of the epoch with num_workers=12 and prefetch_factor=8 (config in master-0 log), so it is the job's own host-memory footprint, not a node fault. Watchdog timeouts on master-0/worker-1 are sympathetic; the kubelet 'ImageGCFailed' event is unrelated noise.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/8976"})
    logs[pods[0]].insert(len(logs[pods[0]]) - len(tr), "%s [INFO] build.py:88: DataLoader(batch_size=128, num_workers=12, prefetch_factor=8, pin_memory=True, persistent_workers=True) dataset=LaionShardDataset(shards=41872, decode=pil, aug=RandAugment(m=9))" % ts_py(t_ready))
    boot = T(2024, 4, 8, 7, 1, 12)
    uids = {}
    for i, p in enumerate(pods):
        uids[p] = "%08x-%04x-4%03x-a%03x-%012x" % (rng.randrange(1 << 32), rng.randrange(1 << 16), rng.randrange(4096), rng.randrange(4096), rng.randrange(1 << 48))
        ext = []
        if i in oom_pods:
            tt = t_x + sec(i * 11.3)
            wpid = 31000 + i * 977
            ext = [(tt, "pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=-997"),
                   (tt + sec(0.001), "CPU: 41 PID: %d Comm: pt_data_worker Tainted: P           OE     5.15.0-105-generic #115-Ubuntu" % wpid),
                   (tt + sec(0.002), "memory: usage 503316480kB, limit 503316480kB, failcnt 1841"),
                   (tt + sec(0.003), "swap: usage 0kB, limit 0kB, failcnt 0"),
                   (tt + sec(0.004), "Memory cgroup stats for /kubepods/pod%s:" % uids[p]),
                   (tt + sec(0.005), "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-4e1f.scope,mems_allowed=0-1,oom_memcg=/kubepods/pod%s,task_memcg=/kubepods/pod%s/cri-containerd-4e1f.scope,task=pt_data_worker,pid=%d,uid=0" % (uids[p], uids[p], wpid)),
                   (tt + sec(0.006), "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:61834120kB, anon-rss:38110244kB, file-rss:70112kB, shmem-rss:1837120kB, UID:0 pgtables:75432kB oom_score_adj:-997" % wpid),
                   (tt + sec(2.2), "Memory cgroup out of memory: Killed process %d (python3) total-vm:189310044kB, anon-rss:97221092kB, file-rss:412332kB, shmem-rss:2219804kB, UID:0 pgtables:201224kB oom_score_adj:-997" % (pids[p] + 2))]
            r = i * 8 + 2
            logs[p] += crash_trace(r, [("/workspace/train.py", 301, "<module>", "main(cfg)"),
                                        ("/workspace/engine.py", 219, "train_one_epoch", "for it, (images, targets) in enumerate(loader):"),
                                        ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                                        ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1329, "_next_data", "idx, data = self._get_data()"),
                                        ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", 67, "handler", "_error_if_any_worker_fails()")],
                                   "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid)
            logs[p].append("command terminated with exit code 137")
        c.add("%s/kubectl_logs_previous.txt" % p, logs[p])
        c.add("%s/dmesg_T.txt" % p, dmesg_boot(rng, nodes[i], "T", boot, ext, kernel="5.15.0-105-generic"))
        c.add("%s/free_m.txt" % p, ["               total        used        free      shared  buff/cache   available",
                                    "Mem:         2063781      %7d     %7d        4410      211873     %7d" % (602113 + i * 1000, 1249795 - i * 1000, 1450113 - i * 1000),
                                    "Swap:              0           0           0"])
        if i in oom_pods:
            st = ("Running", ("Started", (t_x + sec(40)).strftime("%a, %d %b %Y %H:%M:%S +0000")))
            last = ("Terminated", ("Reason", "OOMKilled"), ("Exit Code", "137"),
                    ("Started", t0.strftime("%a, %d %b %Y %H:%M:%S +0000")), ("Finished", (t_x + sec(i * 11.3 + 3)).strftime("%a, %d %b %Y %H:%M:%S +0000")))
            rc = 1
            ev = [("Warning", "BackOff", "2m (x3 over 4m)", "kubelet", "Back-off restarting failed container pytorch in pod %s_ml(%s)" % (p, uids[p]))]
        else:
            st = ("Running", ("Started", t0.strftime("%a, %d %b %Y %H:%M:%S +0000")))
            last, rc, ev = None, 0, None
        d = describe_pod(p, "ml", nodes[i], ips[i], "harbor.corp.local/vision/vit-train:3.1", "harbor.corp.local/vision/vit-train@sha256:0be1f3a7c9d2e4b6a8c0e2f4a6b8d0c2e4f6a8b0c2d4e6f8a0b2c4d6e8f0a2b4", t0,
                         st, last, rc, ev, limits={"cpu": "96", "memory": "480Gi", "nvidia.com/gpu": "8"},
                         controlled_by="PyTorchJob/vit-g", node_ip=ips[i], ready="False" if i in oom_pods else "True")
        d.insert(1, "UID:              %s" % uids[p])
        c.add("%s/kubectl_describe_pod.txt" % p, d)
    sympathetic_timeouts(logs, [pods[0], pods[2]], gpn, pids, t_x + sec(600 + 1.4), 120551, agent_fail=False)
    c.files = {k: v for k, v in c.files.items() if "kubectl_logs_previous" not in k}
    for i, p in enumerate(pods):
        c.add("%s/kubectl_logs_previous.txt" % p, logs[p])
    c.add("kubectl_get_events.txt", get_events([
        ("47m", "Warning", "ImageGCFailed", "node/gpu-node-a05", "failed to garbage collect required amount of images. Wanted to free 4831838208 bytes, but freed 0 bytes"),
        ("9m", "Warning", "OOMKilling", "node/gpu-node-a02", "Memory cgroup out of memory: Killed process (pt_data_worker)"),
        ("9m", "Warning", "OOMKilling", "node/gpu-node-a06", "Memory cgroup out of memory: Killed process (pt_data_worker)"),
        ("8m", "Normal", "Pulled", "pod/vit-g-worker-0", 'Container image "harbor.corp.local/vision/vit-train:3.1" already present on machine'),
        ("2m", "Warning", "BackOff", "pod/vit-g-worker-2", "Back-off restarting failed container pytorch")]))
    return c


# ------------------------------------------------------------------ ar06
def ar06():
    rng = random.Random(4706)
    pods = ["qwen-sft-master-0", "qwen-sft-worker-0", "qwen-sft-worker-1", "qwen-sft-worker-2"]
    nodes = ["h100-rack3-n11", "h100-rack3-n12", "h100-rack3-n14", "h100-rack4-n02"]
    ips = ["10.90.3.11", "10.90.3.12", "10.90.3.14", "10.90.4.2"]
    gpn = 8
    t0 = T(2024, 9, 3, 8, 0, 30)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "qwen-sft", "qwen-sft-master-0:23456", net="IB")
    # HF trainer style lines on master
    t = t_ready
    out = ["%s - INFO - __main__ - Training/evaluation parameters TrainingArguments(per_device_train_batch_size=4, gradient_accumulation_steps=8, bf16=True, gradient_checkpointing=True, deepspeed=ds_zero3.json)" % ts_py(t)]
    for s in range(1, 31):
        t += sec(2.3)
        out.append(" %3d%%|%s| %d/7200 [%02d:%02d<%s, %.2fs/it]" % (s * 100 // 7200, " " * 10, s, int(s * 2.3) // 60, int(s * 2.3) % 60, "4:35:12", 2.3))
    logs[pods[0]] += out
    t_x = t + sec(1.2)
    bad = 3
    crank = bad * 8 + 2
    pb = pods[bad]
    logs[pb] += crash_trace(crank, [("/workspace/sft.py", 214, "<module>", "trainer.train()"),
                                     ("/usr/local/lib/python3.11/site-packages/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                                     ("/usr/local/lib/python3.11/site-packages/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                                     ("/usr/local/lib/python3.11/site-packages/deepspeed/runtime/zero/stage3.py", 2213, "backward", "self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)"),
                                     ("/usr/local/lib/python3.11/site-packages/deepspeed/runtime/zero/stage3.py", 1201, "__reduce_and_partition_ipg_grads", "grad_partitions = self.__avg_scatter_grads(self.params_in_ipg_bucket)")],
                            "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 2 has a total capacity of 79.11 GiB of which 1.07 GiB is free. Process 1843302 has 61.48 GiB memory in use. Process %d has 16.52 GiB memory in use. Of the allocated memory 14.90 GiB is allocated by PyTorch, and 603.21 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (pids[pb] + 2))
    logs[pb] += torchrun_failure(t_x + sec(2), pb, [(2, crank, 1, pids[pb] + 2, "<N/A>")], script="sft.py")
    sympathetic_timeouts(logs, pods[:3], gpn, pids, t_x + sec(1800.3), 2871, optype="_REDUCE_SCATTER_BASE", numel=9437184, timeout_ms=1800000)
    c = Case("ar06_single_rank_cuda_oom_on_one_worker", {
        "category": "oom", "layer": "infrastructure", "culprit": {"node": pb, "rank": crank},
        "action": "restart_without_node",
        "rationale": "Only rank 26 (qwen-sft-worker-2, local GPU 2) raises CUDA OOM, and the message itself says 'Process 1843302 has 61.48 GiB memory in use' besides its own 16.52 GiB. qwen-sft-worker-2/nvidia-smi-q.txt shows PID 1843302 ('python') on GPU 2 that is not a rank of this job, and kubectl_get_pods_on_node.txt shows it belongs to a pod 'eval-harness-5c9f7d-xq2lp' stuck Terminating on node h100-rack4-n02 in another namespace. The same micro-batch fits on every other GPU at ~16 GiB, so this is a foreign process holding memory on one node, not the job's own OOM. The 30-minute watchdog timeouts on the other pods are sympathetic.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/40863"})
    boot = T(2024, 9, 1, 4, 0, 0)
    for i, p in enumerate(pods):
        c.add("%s/container.log" % p, logs[p])
        ov = {k: {"fb_used": 16920 + k * 7, "fb_used_proc": 16900 + k * 7} for k in range(8)}
        if i == bad:
            ov[2] = {"fb_used": 80011, "procs": [(1843302, "python", 62955), (pids[p] + 2, "python3", 16916)]}
        c.add("%s/nvidia-smi-q.txt" % p, nvsmi_q(t_x + sec(20), 8, overrides=ov))
        c.add("%s/dmesg_T.txt" % p, dmesg_boot(rng, nodes[i], "T", boot, []))
    c.add("%s/kubectl_get_pods_on_node.txt" % pb, [
        "$ kubectl get pods -A --field-selector spec.nodeName=h100-rack4-n02 -o wide",
        "NAMESPACE        NAME                             READY   STATUS        RESTARTS   AGE     IP           NODE             NOMINATED NODE   READINESS GATES",
        "gpu-operator     nvidia-dcgm-exporter-7nq4x       1/1     Running       0          11d     10.90.4.51   h100-rack4-n02   <none>           <none>",
        "gpu-operator     nvidia-device-plugin-ds-b8d2k    1/1     Running       0          11d     10.90.4.52   h100-rack4-n02   <none>           <none>",
        "kube-system      node-problem-detector-q7wzl      1/1     Running       0          11d     10.90.4.2    h100-rack4-n02   <none>           <none>",
        "llm-eval         eval-harness-5c9f7d-xq2lp        0/1     Terminating   0          19h     10.90.4.87   h100-rack4-n02   <none>           <none>",
        "ml               qwen-sft-worker-2                0/1     Error         0          42m     10.90.4.2    h100-rack4-n02   <none>           <none>",
        "",
        "$ kubectl -n llm-eval describe pod eval-harness-5c9f7d-xq2lp | tail -4",
        "  Type     Reason         Age                  From     Message",
        "  ----     ------         ----                 ----     -------",
        "  Normal   Killing        19h                  kubelet  Stopping container harness",
        "  Warning  FailedKillPod  3m (x211 over 18h)   kubelet  error killing pod: failed to \"KillPodSandbox\" for \"eval-harness-5c9f7d-xq2lp\" with KillPodSandboxError: \"rpc error: code = DeadlineExceeded desc = context deadline exceeded\""])
    return c


# ------------------------------------------------------------------ ar07
def ar07():
    rng = random.Random(4707)
    pods = ["dense-7b-0", "dense-7b-1", "dense-7b-2", "dense-7b-3", "dense-7b-4", "dense-7b-5"]
    nodes = ["gke-trn-a3-pool-9d1e0f7c-2x1s", "gke-trn-a3-pool-9d1e0f7c-5k7m", "gke-trn-a3-pool-9d1e0f7c-8q2n",
             "gke-trn-a3-pool-9d1e0f7c-c3vd", "gke-trn-a3-pool-9d1e0f7c-j9hh", "gke-trn-a3-pool-9d1e0f7c-tz04"]
    ips = ["10.12.0.%d" % (20 + i) for i in range(6)]
    gpn = 8
    t0 = T(2024, 10, 14, 6, 45, 12)
    img = "us-docker.pkg.dev/acme-ml/train/dense:stable"
    good_id = "us-docker.pkg.dev/acme-ml/train/dense@sha256:7d0c4e1a92b3f5c6d8e0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6"
    old_id = "us-docker.pkg.dev/acme-ml/train/dense@sha256:1f3e5d7c9b0a2c4e6f8a0b1c3d5e7f9012a4c6e8f0b2d4f6a8c0e2f4a6b8c0d2"
    bad = 4
    c = Case("ar07_one_pod_crashloops_on_import_others_wait_at_rendezvous", {
        "category": "dependency", "layer": "infrastructure", "culprit": {"node": pods[bad], "rank": None},
        "action": "restart_without_node",
        "rationale": "dense-7b-4 alone fails at import with 'ImportError: ... transformer_engine_torch ... undefined symbol: _ZN3c106detail23torchInternalAssertFail...' and goes into CrashLoopBackOff; its kubectl_describe_pod.txt shows Image ID sha256:1f3e5d... while the five healthy pods run sha256:7d0c4e..., and its events say 'Container image ... already present on machine' (mutable tag :stable with imagePullPolicy IfNotPresent) whereas the others 'Successfully pulled image'. The other pods only time out in the c10d rendezvous waiting for the 6th node (sympathetic). A stale cached image on one node is that node's dependency problem; the same image everywhere would not fail.",
        "modelled_on": "https://github.com/kubernetes/kubernetes/issues/47775"})
    for i, p in enumerate(pods):
        lines = []
        from common import torchrun_header
        lines += torchrun_header(t0 + sec(i), 6, gpn, "dense-7b-0.dense-7b:29400", "dense7b-1014")
        if i == bad:
            lines += ["Traceback (most recent call last):",
                      '  File "/workspace/train.py", line 14, in <module>',
                      "    from model.te_layers import TELlamaDecoderLayer",
                      '  File "/workspace/model/te_layers.py", line 3, in <module>',
                      "    import transformer_engine.pytorch as te",
                      '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py", line 11, in <module>',
                      "    from transformer_engine.pytorch.module import LayerNormLinear",
                      '  File "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/cpp_extensions/__init__.py", line 6, in <module>',
                      "    import transformer_engine_torch as tex",
                      "ImportError: /usr/local/lib/python3.10/dist-packages/transformer_engine_torch.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c106detail23torchInternalAssertFailEPKcS2_jS2_RKSs"] * 1
            lines += torchrun_failure(t0 + sec(i + 9), p, [(k, bad * 8 + k, 1, 410 + k, "<N/A>") for k in range(gpn)])
        else:
            tw = t0 + sec(i + 900)
            lines += ["[%s] INFO rank0-of-node: python=3.10.12 torch=2.4.0a0+3bcc3cddb5.nv24.07 transformer_engine=1.8.0+3ec998e cuda=12.5 nccl=2.22.3" % ts_py(t0 + sec(i + 6))]
            lines += ["E%s 1 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1161] The node 'dense-7b-%d_1_0' rendezvous 'dense7b-1014' round 0 has timed out." % (ts_glog(tw)[1:], i),
                      "Traceback (most recent call last):",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1149, in next_rendezvous',
                      "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                      '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 667, in run',
                      "    raise RendezvousTimeoutError",
                      "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"]
        c.add("%s/kubectl_logs.txt" % p, lines)
        if i == bad:
            st = ("Waiting", ("Reason", "CrashLoopBackOff"))
            last = ("Terminated", ("Reason", "Error"), ("Exit Code", "1"))
            ev = [("Normal", "Scheduled", "16m", "default-scheduler", "Successfully assigned ml/dense-7b-4 to %s" % nodes[i]),
                  ("Normal", "Pulled", "16m", "kubelet", 'Container image "%s" already present on machine' % img),
                  ("Normal", "Created", "15m (x5 over 16m)", "kubelet", "Created container trainer"),
                  ("Warning", "BackOff", "1m (x61 over 15m)", "kubelet", "Back-off restarting failed container trainer in pod dense-7b-4_ml")]
            iid, rc = old_id, 5
        else:
            st = ("Terminated", ("Reason", "Error"), ("Exit Code", "1"))
            last = None
            ev = [("Normal", "Scheduled", "16m", "default-scheduler", "Successfully assigned ml/%s to %s" % (p, nodes[i])),
                  ("Normal", "Pulling", "16m", "kubelet", 'Pulling image "%s"' % img),
                  ("Normal", "Pulled", "15m", "kubelet", 'Successfully pulled image "%s" in 41.23s (41.23s including waiting). Image size: 21733401190 bytes.' % img)]
            iid, rc = good_id, 0
        c.add("%s/kubectl_describe_pod.txt" % p, describe_pod(p, "ml", nodes[i], ips[i], img, iid, t0, st, last, rc, ev,
                                                               container="trainer", controlled_by="Job/dense-7b", node_ip=ips[i]))
    c.add("jobset_spec_excerpt.yaml", ["spec:", "  replicatedJobs:", "  - name: dense-7b", "    template:", "      spec:",
                                        "        parallelism: 6", "        completions: 6", "        template:", "          spec:",
                                        "            containers:", "            - name: trainer", "              image: %s" % img,
                                        "              imagePullPolicy: IfNotPresent", "              command: [\"torchrun\", \"--nnodes=6\", \"--nproc-per-node=8\", \"--rdzv-backend=c10d\", \"train.py\"]"])
    return c


# ------------------------------------------------------------------ ar08
def ar08():
    rng = random.Random(4708)
    pods = ["clip-l-worker-%d" % i for i in range(4)]
    nodes = ["gke-a100-pool-2f9c8e1d-%s" % s for s in ("4hq1", "9m2c", "kx8v", "w0p7")]
    ips = ["10.20.%d.4" % i for i in range(4)]
    gpn = 8
    t0 = T(2024, 11, 5, 10, 2, 0)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "clip-l", "clip-l-worker-0:29500", net="IB")
    tr, t_end = pylog_steps(t_ready, 1, 3000, 0.9, rng, every=20, line=151,
                            fmt="%(ts)s | INFO | open_clip_train.train:%(line)d - Train Epoch: 2 [%(step)d/9840] Loss: %(loss).4f LR: %(lr).6f Batch (t): %(sps).3f")
    logs[pods[0]] += tr
    t_x = t_end + sec(0.8)
    for i, p in enumerate(pods):
        r = i * 8 + 1 + (i % 3)
        logs[p] += crash_trace(r, [("/usr/local/lib/python3.10/site-packages/open_clip_train/main.py", 498, "main", "train_one_epoch(model, data, loss, epoch, optimizer, scaler, scheduler, dist_model, args, tb_writer=writer)"),
                                    ("/usr/local/lib/python3.10/site-packages/open_clip_train/train.py", 91, "train_one_epoch", "for i, batch in enumerate(dataloader):"),
                                    ("/usr/local/lib/python3.10/site-packages/webdataset/handlers.py", 24, "reraise_exception", "raise exn"),
                                    ("/usr/local/lib/python3.10/site-packages/webdataset/tariterators.py", 163, "url_opener", "stream = gopen(url, **kw)"),
                                    ("/usr/local/lib/python3.10/site-packages/webdataset/gopen.py", 412, "gopen", "return open(url, mode)")],
                               "OSError: [Errno 5] Input/output error: '/gcs/laion2b-shards/train/%06d.tar'" % (40000 + rng.randrange(9000)))
        logs[p] += torchrun_failure(t_x + sec(4 + i), p, [(r % 8, r, 1, pids[p] + r % 8, "<N/A>")], script="open_clip_train.main")
    c = Case("ar08_all_pods_fail_reading_shards_with_eio", {
        "category": "storage", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "Every pod's training container fails within seconds with 'OSError: [Errno 5] Input/output error: /gcs/laion2b-shards/...' and every pod's gke-gcsfuse-sidecar log shows 'googleapi: Error 429: The rate of change requests ... / Too Many Requests' and 'ReadFile ... error: ... 429' at the same time, i.e. the shared object store (GCS via gcsfuse CSI) is throttling the whole job, not one node. Throttling is transient, so restart (with backoff). The 'Failed to find ncclCollNetPlugin' and metadata cache TTL warnings are noise; ChildFailedError summaries are downstream.",
        "modelled_on": "https://github.com/GoogleCloudPlatform/gcsfuse/issues/1709"})
    for i, p in enumerate(pods):
        c.add("%s/containers/trainer.log" % p, logs[p])
        sc = ['{"timestamp":{"seconds":%d,"nanos":%d},"severity":"INFO","message":"Start gcsfuse/2.4.0 (Go version go1.22.5) for app \\"gke-gcs-fuse-csi\\" using mount point: /dev/fuse"}' % (int(t0.timestamp()) - 30, 118000000),
              '{"timestamp":{"seconds":%d,"nanos":%d},"severity":"WARNING","message":"metadata-cache: ttl-secs is set to -1; entries never expire"}' % (int(t0.timestamp()) - 29, 4000000)]
        for k in range(6):
            ts = int(t_x.timestamp()) - 3 + k
            sc.append('{"timestamp":{"seconds":%d,"nanos":%d},"severity":"ERROR","message":"ReadFile: %d, fh.reader.ReadAt: readFull: NewReader: googleapi: Error 429: The rate of change requests to the bucket exceeds the rate limit. Please reduce the rate of create, update, and delete requests., rateLimitExceeded"}' % (ts, rng.randrange(10 ** 9), 30000 + k))
            sc.append('{"timestamp":{"seconds":%d,"nanos":%d},"severity":"WARNING","message":"Retrying ReadFile after 429 Too Many Requests (attempt %d/5)"}' % (ts, rng.randrange(10 ** 9), k % 5 + 1))
        sc.append('{"timestamp":{"seconds":%d,"nanos":%d},"severity":"ERROR","message":"fuse: *fuseops.ReadFileOp error: input/output error"}' % (int(t_x.timestamp()) + 3, 1))
        c.add("%s/containers/gke-gcsfuse-sidecar.log" % p, sc)
        c.add("%s/df_h.txt" % p, df_h([("overlay", "95G", "31G", "64G", "33%", "/"), ("tmpfs", "1.4T", "12K", "1.4T", "1%", "/dev/shm"),
                                        ("gcsfuse", "8.0P", "0", "8.0P", "0%", "/gcs/laion2b-shards")]))
    return c


# ------------------------------------------------------------------ ar09
def ar09():
    rng = random.Random(4709)
    pods = ["llm-34b-hp-%d" % i for i in range(4)]
    nodes = ["hyperpod-i-0%x" % (0x5a1b2c3d4e5f60700 + i * 0x1111) for i in range(4)]
    ips = ["10.1.%d.%d" % (80 + i, 10 + i * 7) for i in range(4)]
    gpn = 8
    t0 = T(2024, 12, 2, 3, 10, 0)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "llm34b", "llm-34b-hp-0:29500", net="OFI")
    tr, t_end = megatron_iters(t_ready, 1, 2000, 80000, 2.7, rng, loss0=2.7, gbs=768)
    logs[pods[0]] += tr
    t_x = t_end + sec(0.3)
    logs[pods[0]].append("[%s] saving checkpoint at iteration    2000 to /mnt/s3-ckpt/llm-34b/run-07 in torch_dist format" % t_x.strftime("%Y-%m-%d %H:%M:%S"))
    for i, p in enumerate(pods):
        for lr in (0, 4):
            r = i * 8 + lr
            logs[p] += crash_trace(r, [("/opt/megatron/pretrain_gpt.py", 271, "<module>", "pretrain("),
                                        ("/opt/megatron/megatron/training/training.py", 1161, "train", "save_checkpoint_and_time(iteration, model, optimizer,"),
                                        ("/opt/megatron/megatron/training/checkpointing.py", 405, "save_checkpoint", "dist_checkpointing.save(state_dict, checkpoint_name, save_strategy,"),
                                        ("/opt/megatron/megatron/core/dist_checkpointing/strategies/filesystem_async.py", 223, "write_preloaded_data", "with open(file_name, \"wb\") as stream:")],
                                   "PermissionError: [Errno 1] Operation not permitted: '/mnt/s3-ckpt/llm-34b/run-07/iter_0002000/__%d_0.distcp'" % r)
        logs[p] += torchrun_failure(t_x + sec(3 + i * 0.4), p, [(0, i * 8, 1, pids[p], "<N/A>"), (4, i * 8 + 4, 1, pids[p] + 4, "<N/A>")], script="pretrain_gpt.py")
    c = Case("ar09_checkpoint_save_fails_on_every_rank_at_iter_2000", {
        "category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
        "rationale": "At the first checkpoint (iteration 2000) every pod's writer ranks fail with 'PermissionError: [Errno 1] Operation not permitted' on /mnt/s3-ckpt, and each node's mountpoint-s3 CSI log (*/mountpoint-s3.log) shows 'put_object failed ... AccessDenied: User: arn:aws:sts::...:assumed-role/hyperpod-node-role/... is not authorized to perform: s3:PutObject'. The shared object store denies writes for all nodes identically; this is a permission problem that will not heal by retrying, so stop and fix the IAM policy. Reads of the dataset (same mount driver) worked, EFA/NCCL init is clean; ChildFailedErrors are consequences.",
        "modelled_on": "https://github.com/awslabs/mountpoint-s3/issues/676"})
    for i, p in enumerate(pods):
        c.add("%s/pod_stdout.log" % p, logs[p])
        m = ["%s  INFO mount_s3: mount-s3 1.9.0" % ts_iso(t0 - sec(300)),
             "%s  INFO mountpoint_s3::cli: target network throughput 100 Gbps" % ts_iso(t0 - sec(299.9)),
             "%s  INFO mountpoint_s3::cli: mounting bucket acme-llm-ckpt at /mnt/s3-ckpt with --allow-overwrite --allow-delete" % ts_iso(t0 - sec(299.8))]
        for k in range(4):
            tt = t_x + sec(0.2 + k * 0.05)
            m.append("%s  WARN write{req=%d ino=%d fh=%d offset=0 length=524288 name=\"__%d_0.distcp\"}: mountpoint_s3::fuse: write failed: put request failed: Client error: Forbidden: User: arn:aws:sts::123456789012:assumed-role/hyperpod-node-role/%s is not authorized to perform: s3:PutObject on resource: \"arn:aws:s3:::acme-llm-ckpt/llm-34b/run-07/iter_0002000/__%d_0.distcp\" because no identity-based policy allows the s3:PutObject action (AccessDenied)"
                     % (ts_iso(tt), 9000 + k, 220 + k, 12 + k, i * 8 + k * 4 % 8, nodes[i][9:], i * 8 + k * 4 % 8))
        c.add("%s/mountpoint-s3.log" % p, m)
    return c


# ------------------------------------------------------------------ ar10
def ar10():
    rng = random.Random(4710)
    pods = ["sd3-finetune-%d" % i for i in range(4)]
    nodes = ["a100-bm-%02d" % n for n in (3, 7, 8, 12)]
    ips = ["172.31.8.%d" % (30 + i) for i in range(4)]
    gpn = 8
    t0 = T(2024, 3, 28, 22, 0, 0)
    logs, pids, t_ready = build_job(rng, pods, gpn, t0, ips, "sd3ft", "sd3-finetune-0:29500", net="IB", entry="/app/train_dreambooth_sd3.py")
    tr = []
    t = t_ready
    for s in range(1, 1501):
        t += sec(1.05 + rng.uniform(-0.03, 0.03))
        if s % 10 == 0:
            tr.append("Steps:  %2d%%|%s| %d/20000 [%02d:%02d:%02d<5:12:33,  1.05s/it, loss=%.4f, lr=1e-5]" % (s * 100 // 20000, "▍" if s > 1000 else " ", s, (s // 3600), (s // 60) % 60, s % 60, 0.12 + rng.uniform(-0.03, 0.03)))
    logs[pods[0]] += tr
    t_x = t + sec(2)
    bad = 2
    pb = pods[bad]
    logs[pb] += crash_trace(bad * 8 + 6, [("/app/train_dreambooth_sd3.py", 1712, "<module>", "main(args)"),
                                          ("/app/train_dreambooth_sd3.py", 1530, "main", "latents = cache_latents(batch, vae, args.latent_cache_dir)"),
                                          ("/app/cache.py", 44, "cache_latents", "torch.save(lat.cpu(), path)"),
                                          ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 651, "save", "with _open_zipfile_writer(f) as opened_zipfile:")],
                            "OSError: [Errno 30] Read-only file system: '/scratch/latents/000183/4410928.pt'")
    logs[pb] += torchrun_failure(t_x + sec(2), pb, [(6, bad * 8 + 6, 1, pids[pb] + 6, "<N/A>")], script="train_dreambooth_sd3.py")
    sympathetic_timeouts(logs, [p for j, p in enumerate(pods) if j != bad], gpn, {p: pids[p] for p in pods}, t_x + sec(600.2), 6011, numel=52428800)
    c = Case("ar10_one_pod_cannot_write_latent_cache", {
        "category": "storage", "layer": "infrastructure", "culprit": {"node": pb, "rank": None},
        "action": "restart_without_node",
        "rationale": "sd3-finetune-2's rank 22 fails with 'OSError: [Errno 30] Read-only file system' writing to /scratch (a hostPath on the node's local NVMe). sd3-finetune-2/dmesg.txt (raw uptime; boot time in uptime_since.txt) shows 'nvme nvme1: I/O 412 QID 37 timeout, aborting', 'blk_update_request: I/O error, dev nvme1n1', 'EXT4-fs error (device nvme1n1)' and 'Remounting filesystem read-only' just before, and mount.txt shows /scratch 'ro'. The other nodes' /scratch is healthy and writable (same code path ran 1500 steps), so it is that node's local disk; the watchdog timeouts elsewhere are sympathetic. The kubelet ephemeral-storage eviction-threshold event on a100-bm-07 is resolved minutes earlier and concerns the root disk.",
        "modelled_on": "https://github.com/kubernetes/kubernetes/issues/91600"})
    boot = T(2024, 3, 20, 9, 30, 12)
    for i, p in enumerate(pods):
        c.add("%s/logs.txt" % p, logs[p])
        ext = []
        if i == bad:
            tb = t_x - sec(48)
            ext = [(tb, "nvme nvme1: I/O 412 QID 37 timeout, aborting"),
                   (tb + sec(0.3), "nvme nvme1: I/O 413 QID 37 timeout, aborting"),
                   (tb + sec(30.4), "nvme nvme1: I/O 412 QID 37 timeout, reset controller"),
                   (tb + sec(31.9), "nvme1n1: I/O Cmd(0x1) @ LBA 3519120384, 256 blocks, I/O Error (sct 0x3 / sc 0x71) "),
                   (tb + sec(31.9), "blk_update_request: I/O error, dev nvme1n1, sector 3519120384 op 0x1:(WRITE) flags 0x800 phys_seg 32 prio class 0"),
                   (tb + sec(32.0), "EXT4-fs warning (device nvme1n1): ext4_end_bio:343: I/O error 10 writing to inode 88213001 starting block 439890048)"),
                   (tb + sec(32.1), "EXT4-fs error (device nvme1n1): ext4_journal_check_start:83: comm python3: Detected aborted journal"),
                   (tb + sec(32.1), "EXT4-fs (nvme1n1): Remounting filesystem read-only")]
        c.add("%s/dmesg.txt" % p, dmesg_boot(rng, nodes[i], "raw", boot, ext, kernel="5.15.0-97-generic"))
        c.add("%s/uptime_since.txt" % p, boot.strftime("%Y-%m-%d %H:%M:%S") + "\n")
        c.add("%s/mount.txt" % p, ["/dev/nvme0n1p2 on / type ext4 (rw,relatime)",
                                   "/dev/nvme1n1 on /scratch type ext4 (%s,noatime)" % ("ro" if i == bad else "rw"),
                                   "10.0.9.5:/vol/datasets on /datasets type nfs4 (ro,relatime,vers=4.1,rsize=1048576,wsize=1048576,hard,proto=tcp)"])
        c.add("%s/df_h.txt" % p, df_h([("/dev/nvme0n1p2", "880G", "%dG" % (412 + i * 3), "%dG" % (423 - i * 3), "50%", "/"),
                                        ("/dev/nvme1n1", "3.5T", "%dG" % (611 + i * 9), "2.9T", "18%", "/scratch"),
                                        ("10.0.9.5:/vol/datasets", "200T", "141T", "60T", "71%", "/datasets")]))
    c.add("kubectl_get_events.txt", get_events([
        ("31m", "Warning", "EvictionThresholdMet", "node/a100-bm-07", "Attempting to reclaim ephemeral-storage"),
        ("30m", "Normal", "NodeHasNoDiskPressure", "node/a100-bm-07", "Node a100-bm-07 status is now: NodeHasNoDiskPressure"),
        ("1m", "Normal", "ExitedWithCode", "pytorchjob/sd3-finetune", "Pod: default.sd3-finetune-2 exited with code 1")]))
    return c


CASES = [ar01, ar02, ar03, ar04, ar05, ar06, ar07, ar08, ar09, ar10]
