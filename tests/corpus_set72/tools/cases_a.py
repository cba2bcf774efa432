"""Cases bq01..bq10."""
from klib import (D, plus, pyts, sqlts, iso_z, hms, syslog_ts, dmesg_T, date_cmd, age, table,
                  pods_wide, events_table, hexs, alnum, uuid4, gpu_uuid, BUS, nccl_busid,
                  watchdog_timeout, cuda_err_watchdog, megatron_iters, titan_steps, hf_steps,
                  kubelet_noise, kubelet_line, containerd_line, dmesg_boot, render_dmesg,
                  journal_kernel, dcgm_scrape, describe_pod, nvidia_smi_table, child_failed,
                  TORCHRUN_TB, torch_glog, merge_timed, klog_prefix)
from kjob import (pod_torchrun_log, rank_traceback, sigterm_received, SIGNAL_TB,
                  agent_failure_tail, watchdog_pod_tail)


def _node_ip(name):
    # ip-10-1-34-87.ec2.internal -> 10.1.34.87
    return ".".join(name.split(".")[0].split("-")[1:5])


def pytorchjob_describe(name, ns, t_create, t_end, image, replicas, cond, msg, workers_failed=1,
                        restart_policy="Never", backoff=0, extra_spec=None):
    L = ["Name:         %s" % name, "Namespace:    %s" % ns,
         "Labels:       team=llm", "Annotations:  <none>",
         "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob", "Metadata:",
         "  Creation Timestamp:  %s" % iso_z(t_create, 0), "  Generation:          1",
         "  UID:                 5b9f0c2e-7a41-4d2b-9b0e-%s" % "1d3a7c5e9f21",
         "Spec:", "  Elastic Policy:", "    Rdzv Backend:  c10d", "  Pytorch Replica Specs:"]
    for role, n in replicas:
        L += ["    %s:" % role, "      Replicas:        %d" % n,
              "      Restart Policy:  %s" % restart_policy, "      Template:", "        Spec:",
              "          Containers:", "            Image:  %s" % image, "            Name:   pytorch",
              "            Resources:", "              Limits:", "                nvidia.com/gpu:         8",
              "                vpc.amazonaws.com/efa:  4" if "efa" in (extra_spec or "") else "                rdma/ib:                8"]
    L += ["  Run Policy:", "    Backoff Limit:  %d" % backoff, "    Clean Pod Policy:  None",
          "Status:", "  Completion Time:  %s" % iso_z(t_end, 0) if cond == "Failed" or cond == "Succeeded" else "Status:",
          "  Conditions:",
          "    Last Transition Time:  %s" % iso_z(t_create, 0), "    Last Update Time:      %s" % iso_z(t_create, 0),
          "    Message:               PyTorchJob %s is created." % name, "    Reason:                PyTorchJobCreated",
          "    Status:                True", "    Type:                  Created",
          "    Last Transition Time:  %s" % iso_z(plus(t_create, 41), 0), "    Last Update Time:      %s" % iso_z(plus(t_create, 41), 0),
          "    Message:               PyTorchJob %s/%s is running." % (ns, name), "    Reason:                PyTorchJobRunning",
          "    Status:                %s" % ("False" if cond in ("Failed", "Succeeded") else "True"), "    Type:                  Running",
          ]
    if cond in ("Failed", "Succeeded"):
        L += ["    Last Transition Time:  %s" % iso_z(t_end, 0), "    Last Update Time:      %s" % iso_z(t_end, 0),
              "    Message:               %s" % msg, "    Reason:                PyTorchJob%s" % cond,
              "    Status:                True", "    Type:                  %s" % cond]
    L += ["  Replica Statuses:"]
    for role, n in replicas:
        L += ["    %s:" % role]
        if cond == "Failed":
            L += ["      Failed:  %d" % n]
        elif cond == "Succeeded":
            L += ["      Succeeded:  %d" % n]
        else:
            L += ["      Active:  %d" % n]
    L += ["  Start Time:  %s" % iso_z(t_create, 0), "Events:"]
    return L


# =============================================================================== bq01
def bq01(c):
    """EKS p4d, PyTorchJob + Megatron. Xid 79 on one node (GPU 3); everyone else times out."""
    rng = c.rng
    nodes = ["ip-10-1-12-143.ec2.internal", "ip-10-1-15-22.ec2.internal", "ip-10-1-21-9.ec2.internal",
             "ip-10-1-27-190.ec2.internal", "ip-10-1-30-54.ec2.internal", "ip-10-1-34-87.ec2.internal",
             "ip-10-1-41-118.ec2.internal", "ip-10-1-47-201.ec2.internal"]
    job, ns = "gpt-13b-pt", "llm-train"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, i) for i in range(7)]
    pod_ips = ["10.1.%d.%d" % (int(n.split("-")[3]), (int(n.split("-")[4].split(".")[0]) + rng.randint(9, 60)) % 250 + 3) for n in nodes]
    bad, bad_gpu = 5, 3
    nproc, nn = 8, 8
    t0 = D(2024, 3, 14, 1, 2, 10)
    t_xid = D(2024, 3, 14, 3, 17, 42)
    t_now = D(2024, 3, 14, 3, 41, 10)
    master = "%s-master-0" % job
    entry = "/workspace/Megatron-LM/pretrain_gpt.py"
    image = "123456789012.dkr.ecr.us-east-1.amazonaws.com/llm/megatron:24.01-efa"
    seq = 612877
    numel = 210763776
    bus = BUS["p4d"]
    uuids = {}
    t_train = plus(t0, 190)
    iters = megatron_iters(t_train, 41000, 222, 3.615, 2.071, rng, total=120000, gbs=1536, lr=1.42e-4,
                           decay=0.00012)
    iters = [(t, ln) for t, ln in iters if t < t_xid]
    for i, (node, pod) in enumerate(zip(nodes, pods)):
        body = []
        tb = plus(t0, 60)
        if i == 0:
            for k, ln in enumerate([
                    "using world size: 64, data-parallel size: 4, context-parallel size: 1 tensor-model-parallel size: 8, pipeline-model-parallel size: 2 ",
                    "WARNING: Setting args.overlap_p2p_comm to False since non-interleaved schedule does not support overlapping p2p communication",
                    "using torch.bfloat16 for parameters ...",
                    "------------------------ arguments ------------------------",
                    "  accumulate_allreduce_grads_in_fp32 .............. True",
                    "  micro_batch_size ................................ 2",
                    "  global_batch_size ............................... 1536",
                    "  seq_length ...................................... 4096",
                    "  distributed_timeout_minutes ..................... 10",
                    "  load ............................................ /fsx/ckpt/gpt13b",
                    "  save_interval ................................... 1000",
                    "-------------------- end of arguments ---------------------",
                    "> building GPT2BPETokenizer tokenizer ...",
                    "> initializing torch distributed ...",
                    "> initialized tensor model parallel with size 8",
                    "> initialized pipeline model parallel with size 2",
                    "> compiling dataset index builder ...",
                    "make: Entering directory '/workspace/Megatron-LM/megatron/core/datasets'",
                    "make: Nothing to be done for 'default'.",
                    "make: Leaving directory '/workspace/Megatron-LM/megatron/core/datasets'",
                    "building GPT model ...",
                    "loading checkpoint from /fsx/ckpt/gpt13b at iteration 41000",
                    "  successfully loaded checkpoint from /fsx/ckpt/gpt13b [ t 0, p 0 ] at iteration 41000",
                    "(min, max) time across ranks (ms):",
                    "    load-checkpoint ................................: (61233.41, 61240.02)",
                    "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % sqlts(plus(t0, 130)),
                    "> building train, validation, and test datasets ...",
                    "[after dataloaders are built] datetime: %s " % sqlts(plus(t0, 171)),
                    "done with setup ...",
                    "training ...",
                    "[before the start of training step] datetime: %s " % sqlts(plus(t0, 172))]):
                body.append((plus(tb, k * 3.7), ln))
        if i == 7:
            body += iters
        # warnings every rank prints
        for j in range(nproc):
            r = i * nproc + j
            body.append((plus(t0, 58 + j * 0.01), "[rank%d]:[W%s ProcessGroupNCCL.cpp:4044] [PG 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect.Specify device_ids in barrier() to force use of a particular device,or call init_process_group() with a device_id." % (r, plus(t0, 58).strftime("%m%d %H:%M:%S.") + "%09d" % (rng.randint(0, 999999999)), r, j)))
        if i == bad:
            r = bad * nproc + bad_gpu
            te = plus(t_xid, 0.84)
            for ln in cuda_err_watchdog(r, te, "unspecified launch failure"):
                body.append((te, ln))
            pids_guess = None
        body_sorted = body
        lines, pids = pod_torchrun_log(rng, pod, i, nn, nproc, t0, pod_ips[i], "efa", master, "gpt13b-0314",
                                       entry, body_sorted, bus=bus, nccl_ver="2.19.3+cuda12.3",
                                       cuda_drv=12030, base_pid=61)
        tail = []
        if i == bad:
            ta = plus(t_xid, 5.2)
            tail = agent_failure_tail(ta, pod, "pretrain_gpt.py", pids, [(bad_gpu, plus(t_xid, 1.1), -6)],
                                      bad_gpu, i, nproc)
        else:
            tw = plus(t_xid, 600 + rng.uniform(0.2, 1.8))
            if i in (4, 6):
                # ring neighbours see the EFA peer go away first
                peer = "i-0%s" % hexs(rng, 16)
                for j in (0, 7):
                    tt = plus(t_xid, 6.3 + j * 0.01)
                    tail.append((tt, "%s:%d:%d [%d] nccl_net_ofi_rdma_req_complete:1203 NCCL WARN NET/OFI Request 0x7f%s completed with error. RC: 21. Error: 4123 (Unresponsive receiver (reachable by EFA device but handshake failed)). Completed length: 0, Request: { dev: %d, size: 0, state: CREATED, type: RECV }" % (pod, pids[j], pids[j] + 93, j, hexs(rng, 10), j // 2)))
                    tail.append((tt, "libfabric:%d:%d::efa:cq:efa_rdm_rxe_handle_error():1163<warn> err: 112, message: Unresponsive receiver (reachable by EFA device but handshake failed) My EFA addr: fi_addr_efa://[fe80::8ab:5cff:fe%s:%s]:1:%d My host id: i-0%s Peer EFA addr: fi_addr_efa://[fe80::8c1:7aff:fe2d:91e3]:1:%d Peer host id: %s (4123)" % (pids[j], 1710386268, hexs(rng, 2), hexs(rng, 4), rng.randint(10 ** 8, 10 ** 9), hexs(rng, 16), rng.randint(10 ** 8, 10 ** 9), "i-0a7c31e95b2d48f60")))
            tail += watchdog_pod_tail(rng, pod, "pretrain_gpt.py", i, nproc, pids, tw, seq, "ALLREDUCE", numel)
        merged = lines + [ln for _, ln in sorted(tail, key=lambda x: x[0])]
        c.w("%s/%s.log" % (node, pod), merged)
    # culprit node: dmesg + device plugin + describe node
    boot = D(2024, 3, 9, 6, 11, 2)
    u = [gpu_uuid(rng) for _ in range(8)]
    ents = dmesg_boot("5.10.210-201.852.amzn2.x86_64", "535.161.08")
    ents += [(22.1, "efa 0000:10:1c.0: Setup irq:0x%x" % 0x3f), (22.4, "infiniband rdmap16s27: IB device registered"),
             (22.5, "infiniband rdmap32s27: IB device registered"), (22.6, "infiniband rdmap144s27: IB device registered"),
             (22.7, "infiniband rdmap160s27: IB device registered"),
             (31.7, "IPv6: ADDRCONF(NETDEV_CHANGE): eni4b2a91c07e1: link becomes ready")]
    up = (t_xid - boot).total_seconds()
    for k in range(9):
        ents.append((up - 7000 + k * 613.3, "IPv6: ADDRCONF(NETDEV_CHANGE): eni%s: link becomes ready" % hexs(rng, 11)))
    bb = bus[bad_gpu]
    ents += [(up - 0.31, "pcieport 0000:20:01.0: AER: Uncorrected (Fatal) error received: 0000:20:01.0"),
             (up - 0.30, "pcieport 0000:20:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
             (up - 0.30, "pcieport 0000:20:01.0:   device [1d0f:1d0f] error status/mask=00000020/00000000"),
             (up - 0.30, "pcieport 0000:20:01.0:    [ 5] SDES                   (First)"),
             (up, "NVRM: GPU at PCI:0000:%s: %s" % (bb, u[bad_gpu])),
             (up, "NVRM: GPU Board Serial Number: 1652221%06d" % rng.randint(0, 999999)),
             (up, "NVRM: Xid (PCI:0000:%s): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % bb),
             (up + 0.001, "NVRM: GPU 0000:%s.0: GPU has fallen off the bus." % bb),
             (up + 0.002, "NVRM: A GPU crash dump has been created. If possible, please run"),
             (up + 0.002, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
             (up + 0.002, "NVRM: the NVIDIA kernel module is unloaded."),
             (up + 8.4, "NVRM: Xid (PCI:0000:%s): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)" % bb)]
    c.w("%s/dmesg_-T.txt" % nodes[bad], render_dmesg(ents, boot))
    dp = []
    tdp = plus(boot, 40)
    dp.append("I%s 1 main.go:178] Starting FS watcher." % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append("I%s 1 main.go:185] Starting OS watcher." % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append("I%s 1 main.go:200] Starting Plugins." % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append("I%s 1 main.go:257] Loading configuration." % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append("I%s 1 main.go:265] Updating config with default resource matching patterns." % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append("I%s 1 main.go:276] " % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append('Running with config:\n{\n  "version": "v1",\n  "flags": {\n    "migStrategy": "none",\n    "failOnInitError": true,\n    "nvidiaDriverRoot": "/",\n    "plugin": {\n      "passDeviceSpecs": true,\n      "deviceListStrategy": ["envvar"],\n      "deviceIDStrategy": "uuid"\n    }\n  }\n}')
    dp.append("I%s 1 main.go:279] Retrieving plugins." % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append("I%s 1 server.go:216] Starting GRPC server for 'nvidia.com/gpu'" % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append("I%s 1 server.go:147] Starting to serve 'nvidia.com/gpu' on /var/lib/kubelet/device-plugins/nvidia-gpu.sock" % tdp.strftime("%m%d %H:%M:%S.000000"))
    dp.append("I%s 1 server.go:154] Registered device plugin for 'nvidia.com/gpu' with Kubelet" % tdp.strftime("%m%d %H:%M:%S.000000"))
    tx = plus(t_xid, 0.6)
    dp.append("I%s 1 health.go:159] Processing event {Device:{Handle:0x7f%s} EventType:8 EventData:79 GpuInstanceId:4294967295 ComputeInstanceId:4294967295}" % (tx.strftime("%m%d %H:%M:%S.%f"), hexs(rng, 10)))
    dp.append("I%s 1 health.go:185] XidCriticalError: Xid=79 on Device=%s; marking device as unhealthy." % (tx.strftime("%m%d %H:%M:%S.%f"), u[bad_gpu]))
    dp.append("I%s 1 server.go:276] 'nvidia.com/gpu' device marked unhealthy: %s" % (tx.strftime("%m%d %H:%M:%S.%f"), u[bad_gpu]))
    c.w("%s/nvidia-device-plugin-daemonset-%s.log" % (nodes[bad], alnum(rng, 5)), dp)
    c.w("%s/kubectl_describe_node.txt" % nodes[bad], [
        "Name:               %s" % nodes[bad], "Roles:              <none>",
        "Labels:             beta.kubernetes.io/instance-type=p4d.24xlarge",
        "                    eks.amazonaws.com/capacityType=ON_DEMAND",
        "                    eks.amazonaws.com/nodegroup=p4d-od-a",
        "                    kubernetes.io/hostname=%s" % nodes[bad],
        "                    node.kubernetes.io/instance-type=p4d.24xlarge",
        "                    topology.kubernetes.io/zone=us-east-1c",
        "Annotations:        alpha.kubernetes.io/provided-node-ip: %s" % _node_ip(nodes[bad]),
        "CreationTimestamp:  %s" % date_cmd(boot).replace("UTC", "+0000"),
        "Taints:             nvidia.com/gpu=true:NoSchedule",
        "Unschedulable:      false",
        "Conditions:",
        "  Type             Status  LastHeartbeatTime                 Reason                       Message",
        "  ----             ------  -----------------                 ------                       -------",
        "  MemoryPressure   False   Thu, 14 Mar 2024 03:40:51 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        "  DiskPressure     False   Thu, 14 Mar 2024 03:40:51 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure",
        "  PIDPressure      False   Thu, 14 Mar 2024 03:40:51 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available",
        "  Ready            True    Thu, 14 Mar 2024 03:40:51 +0000   KubeletReady                 kubelet is posting ready status",
        "Addresses:", "  InternalIP:   %s" % _node_ip(nodes[bad]), "  Hostname:     %s" % nodes[bad],
        "Capacity:", "  cpu:                    96", "  ephemeral-storage:      104845292Ki",
        "  hugepages-1Gi:          0", "  hugepages-2Mi:          21Gi", "  memory:                 1176334716Ki",
        "  nvidia.com/gpu:         8", "  pods:                   737", "  vpc.amazonaws.com/efa:  4",
        "Allocatable:", "  cpu:                    95690m", "  ephemeral-storage:      95551679124",
        "  hugepages-1Gi:          0", "  hugepages-2Mi:          21Gi", "  memory:                 1152006012Ki",
        "  nvidia.com/gpu:         7", "  pods:                   737", "  vpc.amazonaws.com/efa:  4",
        "System Info:", "  Kernel Version:             5.10.210-201.852.amzn2.x86_64",
        "  OS Image:                   Amazon Linux 2", "  Container Runtime Version:  containerd://1.7.11",
        "  Kubelet Version:            v1.29.0-eks-5e0fdde",
        "ProviderID:                   aws:///us-east-1c/i-0a7c31e95b2d48f60",
        "Events:                       <none>"])
    # red herring: old Xid 13 on another node from a different job a week earlier
    boot2 = D(2024, 3, 1, 19, 40, 55)
    e2 = dmesg_boot("5.10.210-201.852.amzn2.x86_64", "535.161.08")
    old = (D(2024, 3, 7, 14, 2, 31) - boot2).total_seconds()
    e2 += [(old, "NVRM: Xid (PCI:0000:90:1c): 13, pid=2219873, name=python, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"),
           (old + 0.0001, "NVRM: Xid (PCI:0000:90:1c): 13, pid=2219873, name=python, Graphics SM Global Exception on (GPC 4, TPC 1, SM 0): Multiple Warp Errors"),
           (old + 0.0002, "NVRM: Xid (PCI:0000:90:1c): 13, pid=2219873, name=python, Graphics Exception: ESR 0x52df30=0x201000e 0x52df34=0x24 0x52df28=0xc81eb60 0x52df2c=0x1174"),
           (old + 3.1, "python[2219873]: segfault at 8 ip 00007f7a2c1b3e7d sp 00007ffd0b2c8f10 error 4 in libcuda.so.535.161.08[7f7a2be00000+1a4e000]")]
    for k in range(6):
        e2.append((old + 9000 + k * 40211.7, "IPv6: ADDRCONF(NETDEV_CHANGE): eni%s: link becomes ready" % hexs(rng, 11)))
    c.w("%s/dmesg_-T.txt" % nodes[7], render_dmesg(e2, boot2))
    # job-level
    rows = []
    for i, (node, pod) in enumerate(zip(nodes, pods)):
        rows.append({"name": pod, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0,
                     "ip": pod_ips[i], "node": node})
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n llm-train get pods -o wide"] + pods_wide(rows, t_now))
    evs = [(plus(t_xid, 8.0), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: %s.%s exited with code 1" % (ns, pods[bad])),
           (plus(t_xid, 8.1), "Warning", "PyTorchJobFailed", "pytorchjob/%s" % job, "PyTorchJob %s/%s has failed because 1 Worker replica(s) failed." % (ns, job))]
    for i in range(8):
        if i != bad:
            evs.append((plus(t_xid, 611 + i * 0.7), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: %s.%s exited with code 1" % (ns, pods[i])))
    evs.sort(key=lambda e: e[0])
    c.w("kubectl_get_events.txt", ["$ kubectl -n llm-train get events --sort-by=.lastTimestamp", "# captured %s" % date_cmd(t_now)] + events_table(evs, t_now))
    d = pytorchjob_describe(job, ns, plus(t0, -35), plus(t_xid, 8), image, [("Master", 1), ("Worker", 7)],
                            "Failed", "PyTorchJob %s/%s has failed because 1 Worker replica(s) failed." % (ns, job),
                            extra_spec="efa")
    d += table(["  Type", "Reason", "Age", "From", "Message"],
               [["  Normal", "ExitedWithCode", age((t_now - e[0]).total_seconds()), "pytorchjob-controller", e[4]] for e in evs if e[2] == "ExitedWithCode"][:3])
    c.w("kubectl_describe_pytorchjob_%s.txt" % job, d)
    c.set_label("gpu_hardware", "infrastructure", nodes[bad], bad * nproc + bad_gpu, "restart_without_node",
                "ip-10-1-34-87 logged Xid 79 (GPU 0000:20:1d, GPU 3, fell off the bus) at 03:17:42 and rank 43 on that GPU died 1 s later with 'unspecified launch failure'; the device plugin marked the GPU unhealthy. Every other pod only shows EFA 'unresponsive receiver' and 600 s NCCL watchdog timeouts ten minutes later.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")



# =============================================================================== bq02
def bq02(c):
    """GKE JobSet stuck in ImagePullBackOff on every node: registry unreachable via Cloud NAT (port exhaustion)."""
    rng = c.rng
    pool = "gke-llm-a3-a3-pool-7c1e9b52-"
    nodes = [pool + s for s in ("2xkq", "8hbd", "fw4n", "t9zc")]
    cpu_node = "gke-llm-a3-default-pool-1b2c3d4e-8fkq"
    node_ips = ["10.128.0.%d" % x for x in (41, 44, 47, 52)]
    js = "nemo-gpt-20b"
    pods = ["%s-workers-0-%d-%s" % (js, i, alnum(rng, 5)) for i in range(4)]
    ns = "training"
    image = "us-central1-docker.pkg.dev/acme-ml/training/nemo:24.03.01-a3"
    reg_ip = "142.250.152.82"
    t0 = D(2024, 5, 17, 11, 5, 20)
    t_now = D(2024, 5, 17, 11, 47, 2)
    head = 'https://us-central1-docker.pkg.dev/v2/acme-ml/training/nemo/manifests/24.03.01-a3'
    err = 'failed to pull and unpack image \\"%s\\": failed to resolve reference \\"%s\\": failed to do request: Head \\"%s\\": dial tcp %s:443: i/o timeout' % (image, image, head, reg_ip)
    err_plain = err.replace('\\"', '"')
    # pods table
    rows = []
    for i in range(4):
        st = "ImagePullBackOff" if i != 2 else "ErrImagePull"
        rows.append({"name": pods[i], "ready": "0/1", "status": st, "restarts": 0, "start": plus(t0, 1),
                     "ip": "10.44.%d.%d" % (i + 3, rng.randint(2, 60)), "node": nodes[i]})
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n training get pods -o wide"] + pods_wide(rows, t_now))
    c.w("kubectl_get_jobset.txt", ["$ kubectl -n training get jobset", "NAME           TERMINALSTATE   RESTARTS   COMPLETED   SUSPENDED   AGE",
                                   "%s                  0                       false       %s" % (js, age((t_now - t0).total_seconds()))])
    # events (all namespaces, last hour)
    evs = []
    for i in range(4):
        ts = plus(t0, 1 + i * 0.2)
        evs.append((ts, "Normal", "Scheduled", "pod/" + pods[i], "Successfully assigned training/%s to %s" % (pods[i], nodes[i]), ns))
        evs.append((plus(t_now, -330 - i * 37), "Normal", "Pulling", "pod/" + pods[i], 'Pulling image "%s"' % image, ns))
        evs.append((plus(t_now, -60 - i * 37), "Warning", "Failed", "pod/" + pods[i], "Failed to pull image \"%s\": %s" % (image, err_plain.replace("failed to pull and unpack", "rpc error: code = Unknown desc = failed to pull and unpack")), ns))
        evs.append((plus(t_now, -50 - i * 37), "Warning", "Failed", "pod/" + pods[i], "Error: ErrImagePull", ns))
        evs.append((plus(t_now, -20 - i * 11), "Normal", "BackOff", "pod/" + pods[i], 'Back-off pulling image "%s"' % image, ns))
        evs.append((plus(t_now, -19 - i * 11), "Warning", "Failed", "pod/" + pods[i], "Error: ImagePullBackOff", ns))
    dp = "dataprep-shard-28600140-%s" % alnum(rng, 5)
    evs.append((plus(t0, 1502), "Normal", "Scheduled", "pod/" + dp, "Successfully assigned data/%s to %s" % (dp, cpu_node), "data"))
    evs.append((plus(t0, 1504), "Normal", "Pulling", "pod/" + dp, 'Pulling image "us-central1-docker.pkg.dev/acme-ml/tools/dataprep:2.8.1"', "data"))
    evs.append((plus(t_now, -240), "Warning", "Failed", "pod/" + dp, 'Failed to pull image "us-central1-docker.pkg.dev/acme-ml/tools/dataprep:2.8.1": rpc error: code = Unknown desc = failed to pull and unpack image "us-central1-docker.pkg.dev/acme-ml/tools/dataprep:2.8.1": failed to resolve reference "us-central1-docker.pkg.dev/acme-ml/tools/dataprep:2.8.1": failed to do request: Head "https://us-central1-docker.pkg.dev/v2/acme-ml/tools/dataprep/manifests/2.8.1": dial tcp 142.250.152.82:443: i/o timeout', "data"))
    evs.append((plus(t_now, -200), "Normal", "BackOff", "pod/" + dp, 'Back-off pulling image "us-central1-docker.pkg.dev/acme-ml/tools/dataprep:2.8.1"', "data"))
    evs.append((plus(t_now, -1300), "Normal", "Pulled", "pod/fluentbit-gke-%s" % alnum(rng, 5), 'Container image "gke.gcr.io/fluent-bit:v1.8.12-gke.25" already present on machine', "kube-system"))
    evs.append((plus(t_now, -900), "Warning", "Unhealthy", "pod/gmp-collector-%s" % alnum(rng, 5), "Readiness probe failed: Get \"http://10.44.3.9:19090/-/ready\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)", "gmp-system"))
    evs = [e for e in evs if (t_now - e[0]).total_seconds() <= 3600]
    evs.sort(key=lambda e: e[0])
    tbl = table(["NAMESPACE", "LAST SEEN", "TYPE", "REASON", "OBJECT", "MESSAGE"],
                [[e[5], age((t_now - e[0]).total_seconds()), e[1], e[2], e[3], e[4]] for e in evs])
    c.w("kubectl_get_events_-A.txt", ["$ kubectl get events -A --sort-by=.lastTimestamp"] + tbl)
    # describe one pod
    c.w("kubectl_describe_pod_%s.txt" % pods[0], describe_pod({
        "name": pods[0], "ns": ns, "node": nodes[0], "node_ip": node_ips[0], "start_rfc": "Fri, 17 May 2024 11:05:21 +0000",
        "labels": ["batch.kubernetes.io/job-completion-index=0", "jobset.sigs.k8s.io/jobset-name=%s" % js,
                   "jobset.sigs.k8s.io/replicatedjob-name=workers", "jobset.sigs.k8s.io/job-index=0"],
        "annotations": ["devices.gke.io/container.tcpx-daemon:", "  - path: /dev/nvidia0", "networking.gke.io/interfaces: [{\"interfaceName\":\"eth0\",\"network\":\"default\"},{\"interfaceName\":\"eth1\",\"network\":\"vpc1\"}]"],
        "status": "Pending", "ip": rows[0]["ip"], "owner": "Job/%s-workers-0" % js,
        "containers": [{"name": "pytorch", "image": image, "state": "Waiting", "state_detail": ["Reason:       ImagePullBackOff"],
                        "ready": "False", "limits": ["nvidia.com/gpu:  8"], "requests": ["cpu:             200", "memory:          1800Gi", "nvidia.com/gpu:  8"],
                        "env": ["NCCL_DEBUG:  INFO", "MASTER_ADDR: %s-workers-0-0.%s" % (js, js)], "mounts": ["/dev/shm from dshm (rw)", "/data from gcs-fuse (rw)"]}],
        "conditions": [("PodReadyToStartContainers", "True"), ("Initialized", "True"), ("Ready", "False"), ("ContainersReady", "False"), ("PodScheduled", "True")],
        "volumes": ["dshm:", "  Type:       EmptyDir (a temporary directory that shares a pod's lifetime)", "  Medium:     Memory"],
        "qos": "Burstable",
        "events": [["Normal", "Scheduled", "41m", "default-scheduler", "Successfully assigned training/%s to %s" % (pods[0], nodes[0])],
                   ["Normal", "Pulling", "12m (x6 over 41m)", "kubelet", 'Pulling image "%s"' % image],
                   ["Warning", "Failed", "11m (x6 over 39m)", "kubelet", "Failed to pull image \"%s\": %s" % (image, err_plain)],
                   ["Warning", "Failed", "11m (x6 over 39m)", "kubelet", "Error: ErrImagePull"],
                   ["Normal", "BackOff", "60s (x143 over 39m)", "kubelet", 'Back-off pulling image "%s"' % image],
                   ["Warning", "Failed", "60s (x143 over 39m)", "kubelet", "Error: ImagePullBackOff"]]}))
    # node journals
    for i in (0, 1, 3):
        host = nodes[i]
        kp = 2291 + i * 13
        cp = 1874 + i * 7
        stream = []
        t = plus(t0, 3 + rng.uniform(0, 1))
        while t < t_now:
            stream.append((t, containerd_line(t, host, cp, "info", 'PullImage \\"%s\\"' % image)))
            for k in range(3):
                tt = plus(t, 30.01 + k * 0.2)
                stream.append((tt, '%s %s containerd[%d]: time="%s" level=info msg="trying next host" error="failed to do request: Head \\"%s\\": dial tcp %s:443: i/o timeout" host=us-central1-docker.pkg.dev' % (syslog_ts(tt), host, cp, iso_z(tt, 9), head, reg_ip)))
            te = plus(t, 30.9)
            stream.append((te, '%s %s containerd[%d]: time="%s" level=error msg="PullImage \\"%s\\" failed" error="%s"' % (syslog_ts(te), host, cp, iso_z(te, 9), image, err)))
            stream.append((te, kubelet_line(te, host, kp, "E", "remote_image.go:180", '"PullImage from image service failed" err="rpc error: code = Unknown desc = %s" image="%s"' % (err, image))))
            stream.append((te, kubelet_line(te, host, kp, "E", "kuberuntime_image.go:55", '"Failed to pull image" err="%s" image="%s"' % (err, image))))
            stream.append((plus(te, 0.01), kubelet_line(plus(te, 0.01), host, kp, "E", "pod_workers.go:1298", '"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"pytorch\\" with ErrImagePull: \\"%s\\"" pod="training/%s" podUID="%s"' % (err.replace('\\"', '\\\\\\"'), pods[i], uuid4(rng)))))
            for k in range(3):
                tb = plus(te, 11 + k * 13)
                stream.append((tb, kubelet_line(tb, host, kp, "E", "pod_workers.go:1298", '"Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"pytorch\\" with ImagePullBackOff: \\"Back-off pulling image \\\\\\"%s\\\\\\"\\"" pod="training/%s"' % (image, pods[i]))))
            t = plus(t, 300 + rng.uniform(-5, 5))
        stream += kubelet_noise(rng, t0, t_now, host, kp, ["kube-system/fluentbit-gke-%s" % alnum(rng, 5), "kube-system/nvidia-gpu-device-plugin-large-cos-%s" % alnum(rng, 5), "gmp-system/collector-%s" % alnum(rng, 5)], 60)
        c.w("%s/journalctl_-u_kubelet_-u_containerd.txt" % host, ["-- Logs begin at Fri 2024-05-17 09:12:40 UTC, end at Fri 2024-05-17 11:47:01 UTC. --"] + merge_timed(stream))
    # manual probe from one node
    tp = plus(t_now, -150)
    c.w("%s/debug_session.txt" % nodes[3], [
        "$ kubectl debug node/%s -it --image=busybox -- chroot /host" % nodes[3],
        "root@%s:/# date -u" % nodes[3], date_cmd(tp),
        "root@%s:/# curl -sS -o /dev/null -w '%%{http_code}\\n' -m 10 http://metadata.google.internal/computeMetadata/v1/instance/id -H 'Metadata-Flavor: Google'" % nodes[3],
        "200",
        "root@%s:/# curl -sS -m 20 -o /dev/null -w '%%{http_code}\\n' https://us-central1-docker.pkg.dev/v2/" % nodes[3],
        "curl: (28) Failed to connect to us-central1-docker.pkg.dev port 443 after 20001 ms: Timeout was reached",
        "root@%s:/# curl -sS -m 20 -o /dev/null -w '%%{http_code}\\n' https://storage.googleapis.com/" % nodes[3],
        "curl: (28) Failed to connect to storage.googleapis.com port 443 after 20000 ms: Timeout was reached",
        "root@%s:/# ip route get %s" % (nodes[3], reg_ip),
        "%s via 10.128.0.1 dev eth0 src %s uid 0" % (reg_ip, node_ips[3]),
        "    cache",
        "root@%s:/# crictl images | grep nemo" % nodes[3],
        "root@%s:/# exit" % nodes[3]])
    # Cloud NAT flow logs + router status
    nat = []
    vms = nodes + [cpu_node, "gke-llm-a3-default-pool-1b2c3d4e-m2rx", "dataflow-embeddings-05171034-q8fh-harness-7k2d", "dataflow-embeddings-05171034-q8fh-harness-9wc1"]
    tt = plus(t0, 120)
    while tt < plus(t_now, -30):
        vm = rng.choice(vms)
        status = "DROPPED" if rng.random() < 0.86 else "OK"
        nat.append({"insertId": hexs(rng, 14), "jsonPayload": {
            "allocation_status": status,
            "connection": {"dest_ip": rng.choice([reg_ip, "142.250.152.207", "172.217.214.95", "199.36.153.8"]), "dest_port": 443, "protocol": 6,
                           "src_ip": "10.128.0.%d" % rng.randint(30, 90), "src_port": rng.randint(30000, 60999)},
            "endpoint": {"project_id": "acme-ml", "region": "us-central1", "vm_name": vm, "zone": "us-central1-c"},
            "gateway_identifiers": {"gateway_name": "llm-nat", "region": "us-central1", "router_name": "llm-router"},
            "vpc": {"project_id": "acme-ml", "subnetwork_name": "llm-subnet", "vpc_name": "llm-vpc"}},
            "logName": "projects/acme-ml/logs/compute.googleapis.com%2Fnat_flows",
            "resource": {"type": "nat_gateway", "labels": {"gateway_name": "llm-nat", "project_id": "acme-ml", "region": "us-central1", "router_id": "4721098834451270131"}},
            "timestamp": iso_z(tt, 9)})
        tt = plus(tt, rng.uniform(4, 25))
    c.w("gcloud_logging_read_nat_flows.json", __import__("json").dumps(nat, indent=2))
    c.w("gcloud_compute_routers_get-status_llm-router.txt", [
        "$ gcloud compute routers get-status llm-router --region us-central1",
        "kind: compute#routerStatusResponse",
        "result:",
        "  natStatus:",
        "  - autoAllocatedNatIps: []",
        "    minExtraNatIpsNeeded: 3",
        "    name: llm-nat",
        "    numVmEndpointsWithNatMappings: 212",
        "    userAllocatedNatIpResources:",
        "    - https://www.googleapis.com/compute/v1/projects/acme-ml/regions/us-central1/addresses/llm-nat-ip-0",
        "    userAllocatedNatIps:",
        "    - 34.28.117.40",
        "  network: https://www.googleapis.com/compute/v1/projects/acme-ml/global/networks/llm-vpc"])
    c.set_label("network", "infrastructure", None, None, "restart",
                "Every GPU node (and an unrelated data-prep pod on a CPU node) times out dialling the Artifact Registry endpoint; a node shell reaches the metadata server but no Google API, and Cloud NAT logs show most allocations DROPPED with minExtraNatIpsNeeded: 3, i.e. the shared NAT egress ran out of ports. Nothing node-specific; retry once egress recovers.",
                "https://cloud.google.com/nat/docs/troubleshooting")


# =============================================================================== bq03
def bq03(c):
    """AKS: one node hits DiskPressure (another tenant's emptyDir), kubelet evicts a training worker."""
    rng = c.rng
    nodes = ["aks-ndv4-27841053-vmss00000%d" % i for i in range(4)]
    nips = ["10.224.0.%d" % x for x in (4, 5, 6, 7)]
    ibips = ["172.16.1.%d" % x for x in (10, 11, 12, 13)]
    job, ns = "bert-xl-ft", "nlp"
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job, "%s-worker-2" % job]
    pips = ["10.244.%d.%d" % (i + 2, rng.randint(10, 60)) for i in range(4)]
    bad = 2
    nproc, nn = 8, 4
    t0 = D(2024, 4, 9, 8, 0, 14)
    t_ev = D(2024, 4, 9, 10, 41, 7)
    t_now = D(2024, 4, 9, 11, 20, 30)
    master = "%s-master-0" % job
    body0 = []
    tr = plus(t0, 95)
    for ln in ["04/09/2024 08:01:49 - WARNING - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1, distributed training: True, 16-bits training: False",
               "[INFO|configuration_utils.py:726] 2024-04-09 08:01:50,112 >> loading configuration file /models/bert-xl/config.json",
               "[INFO|modeling_utils.py:3280] 2024-04-09 08:01:52,003 >> loading weights file /models/bert-xl/model.safetensors",
               "[INFO|trainer.py:2048] 2024-04-09 08:02:31,552 >> ***** Running training *****",
               "[INFO|trainer.py:2049] 2024-04-09 08:02:31,552 >>   Num examples = 41,286,400",
               "[INFO|trainer.py:2050] 2024-04-09 08:02:31,552 >>   Num Epochs = 1",
               "[INFO|trainer.py:2051] 2024-04-09 08:02:31,552 >>   Instantaneous batch size per device = 32",
               "[INFO|trainer.py:2054] 2024-04-09 08:02:31,552 >>   Total train batch size (w. parallel, distributed & accumulation) = 1,024",
               "[INFO|trainer.py:2055] 2024-04-09 08:02:31,552 >>   Gradient Accumulation steps = 1",
               "[INFO|trainer.py:2056] 2024-04-09 08:02:31,552 >>   Total optimization steps = 40,319",
               "[INFO|trainer.py:2057] 2024-04-09 08:02:31,554 >>   Number of trainable parameters = 1,271,883,776"]:
        body0.append((tr, ln))
        tr = plus(tr, 0.5)
    steps = hf_steps(plus(t0, 140), 0, 480, 2.01, 7.9, rng, 40319, every=20, lr0=1e-4, epoch_steps=40319)
    steps = [(t, ln) for t, ln in steps if t < t_ev]
    body0 += steps
    for k, (t, ln) in enumerate(steps):
        if k % 50 == 49:
            s = (k + 1) * 20
            body0.append((t, "[INFO|trainer.py:3305] %s >> Saving model checkpoint to /mnt/ckpt/checkpoint-%d" % (pyts(t).replace(",", ","), s)))
    for i in range(4):
        body = list(body0) if i == 0 else []
        host = pods[i]
        lines, pids = pod_torchrun_log(rng, host, i, nn, nproc, t0, ibips[i], "ib", master, "bertxl", "/workspace/train_mlm.py",
                                       body, bus=BUS["nd"], nccl_ver="2.20.5+cuda12.4", cuda_drv=12040, base_pid=47,
                                       nnics=8, timestamps=True)
        tail = []
        if i == bad:
            tt = plus(t_ev, 0.3)
            tail += [(tt, ln) for ln in sigterm_received(tt, pids)]
            tail += [(plus(tt, 1.1), ln) for ln in SIGNAL_TB]
        else:
            if i in (1, 3):
                for j in ((0,) if i == 3 else (7,)):
                    te = plus(t_ev, 1.4 + rng.uniform(0, 0.3))
                    tail.append((te, "%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s" % (
                        host, pids[j], pids[j] + 88, j, ibips[bad], rng.randint(40000, 60000), 0 if i == 1 else 129, "Send" if i == 1 else "Recv", ibips[i], ibips[bad])))
                    tail.append((te, "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (host, pids[j], pids[j] + 88, j)))
            tw = plus(t_ev, 1800 + rng.uniform(0.5, 2.0))
            tail += watchdog_pod_tail(rng, host, "train_mlm.py", i, nproc, pids, tw, 96211 + 0, "ALLREDUCE", 1271883776 // 4, timeout_ms=1800000)
        tail.sort(key=lambda x: x[0])
        lines += ["%s %s" % (iso_z(t, 9), ln) for t, ln in tail]
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    # culprit kubelet journal
    host = nodes[bad]
    kp = 3917
    st = kubelet_noise(rng, D(2024, 4, 9, 9, 40, 0), plus(t_ev, 300), host, kp,
                       ["nlp/" + pods[bad], "kube-system/ama-logs-%s" % alnum(rng, 5), "eval/nightly-eval-28543140-%s" % alnum(rng, 5)], 80)
    for k in range(5):
        tg = plus(t_ev, -1500 + k * 300)
        st.append((tg, kubelet_line(tg, host, kp, "I", "image_gc_manager.go:391", '"Disk usage on image filesystem is over the high threshold, trying to free bytes down to the low threshold" usage=%d highThreshold=85 amountToFree=%d lowThreshold=80' % (88 + k, (9 + k) * 1073741824))))
        st.append((plus(tg, 0.2), kubelet_line(plus(tg, 0.2), host, kp, "E", "kubelet.go:1528", '"Image garbage collection failed multiple times in a row" err="failed to garbage collect required amount of images. Attempted to free %d bytes, but only found 0 bytes eligible to free."' % ((9 + k) * 1073741824))))
    te = plus(t_ev, -12)
    st.append((te, kubelet_line(te, host, kp, "W", "eviction_manager.go:369", '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"')))
    st.append((plus(te, 0.01), kubelet_line(plus(te, 0.01), host, kp, "I", "container_gc.go:88", '"Attempting to delete unused containers"')))
    st.append((plus(te, 0.3), kubelet_line(plus(te, 0.3), host, kp, "I", "image_gc_manager.go:404", '"Attempting to delete unused images"')))
    st.append((plus(te, 0.4), kubelet_line(plus(te, 0.4), host, kp, "I", "eviction_manager.go:380", '"Eviction manager: must evict pod(s) to reclaim" resourceName="ephemeral-storage"')))
    evp = "eval/nightly-eval-28543140-" + "q7t2n"
    st.append((plus(te, 0.4), kubelet_line(plus(te, 0.4), host, kp, "I", "eviction_manager.go:398", '"Eviction manager: pods ranked for eviction" pods=["nlp/%s","kube-system/ama-logs-8xk2p","kube-system/azure-ip-masq-agent-v2m4c","%s","kube-system/kube-proxy-6wq9s"]' % (pods[bad], evp))))
    st.append((t_ev, kubelet_line(t_ev, host, kp, "I", "eviction_manager.go:616", '"Eviction manager: pod is evicted successfully" pod="nlp/%s"' % pods[bad])))
    st.append((plus(t_ev, 0.01), kubelet_line(plus(t_ev, 0.01), host, kp, "I", "kuberuntime_container.go:779", '"Killing container with a grace period" pod="nlp/%s" podUID="%s" containerName="pytorch" containerID="containerd://%s" gracePeriod=30' % (pods[bad], uuid4(rng), hexs(rng, 64)))))
    st.append((plus(t_ev, 2.9), kubelet_line(plus(t_ev, 2.9), host, kp, "I", "eviction_manager.go:447", '"Eviction manager: pods successfully cleaned up" pods=["nlp/%s"]' % pods[bad])))
    st.append((plus(t_ev, 20), kubelet_line(plus(t_ev, 20), host, kp, "W", "eviction_manager.go:369", '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"')))
    st.append((plus(t_ev, 20.4), kubelet_line(plus(t_ev, 20.4), host, kp, "I", "eviction_manager.go:380", '"Eviction manager: must evict pod(s) to reclaim" resourceName="ephemeral-storage"')))
    st.append((plus(t_ev, 20.4), kubelet_line(plus(t_ev, 20.4), host, kp, "E", "eviction_manager.go:572", '"Eviction manager: cannot evict a critical pod" pod="kube-system/ama-logs-8xk2p"')))
    c.w("%s/journalctl_-u_kubelet.txt" % host, merge_timed(st))
    c.w("%s/df_-h.txt" % host, [
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/root       124G  119G  5.2G  96% /",
        "devtmpfs        443G     0  443G   0% /dev",
        "tmpfs           443G     0  443G   0% /dev/shm",
        "tmpfs            89G  5.1M   89G   1% /run",
        "/dev/sda15      105M  6.1M   99M   6% /boot/efi",
        "/dev/md0        5.9T  2.2T  3.7T  38% /mnt/resource_nvme",
        "blobfuse2       1.0P  311T  713T  31% /mnt/ckpt"])
    c.w("%s/du_-sh_var_lib.txt" % host, [
        "# du -xsh /var/lib/kubelet/pods/*/volumes/kubernetes.io~empty-dir/* /var/lib/containerd /var/log 2>/dev/null | sort -h | tail",
        "4.0K\t/var/lib/kubelet/pods/7d0c1a2e-61f3-4f55-9c1b-2a3b4c5d6e7f/volumes/kubernetes.io~empty-dir/tmp",
        "12M\t/var/lib/kubelet/pods/51e0a9b3-0c2d-4e8f-8a7b-6c5d4e3f2a1b/volumes/kubernetes.io~empty-dir/cache",
        "1.1G\t/var/log",
        "2.1G\t/var/lib/kubelet/pods/a4c2f9d0-3b1e-4d7a-9f6e-0e1d2c3b4a59/volumes/kubernetes.io~empty-dir/hf-cache",
        "38G\t/var/lib/containerd",
        "71G\t/var/lib/kubelet/pods/e3b9c0d1-6a7f-48e2-b5c4-1d2e3f4a5b6c/volumes/kubernetes.io~empty-dir/scratch",
        "",
        "# crictl pods --id e3b9c0d1 -o table",
        "POD ID          CREATED        STATE   NAME                          NAMESPACE   ATTEMPT   RUNTIME",
        "e3b9c0d1a7f42   5 hours ago    Ready   nightly-eval-28543140-q7t2n   eval        0         (default)"])
    for i in (0, 3):
        c.w("%s/df_-h.txt" % nodes[i], [
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/root       124G   %dG   %dG  %d%% /" % (44 + i, 80 - i, 36 + i),
            "devtmpfs        443G     0  443G   0% /dev",
            "tmpfs           443G     0  443G   0% /dev/shm",
            "/dev/md0        5.9T  1.%dT  4.%dT  2%d%% /mnt/resource_nvme" % (i + 1, 7 - i, i),
            "blobfuse2       1.0P  311T  713T  31% /mnt/ckpt"])
    rows = []
    for i in range(4):
        rows.append({"name": pods[i], "ready": "0/1", "status": "Evicted" if i == bad else "Error", "restarts": 0,
                     "start": t0, "ip": pips[i] if i != bad else "<none>", "node": nodes[i]})
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n nlp get pods -o wide"] + pods_wide(rows, t_now))
    evs = [(plus(t_ev, -12), "Warning", "EvictionThresholdMet", "node/%s" % host, "Attempting to reclaim ephemeral-storage"),
           (plus(t_ev, -41), "Normal", "NodeHasDiskPressure", "node/%s" % host, "Node %s status is now: NodeHasDiskPressure" % host),
           (plus(t_ev, -300), "Warning", "ImageGCFailed", "node/%s" % host, "Failed to garbage collect required amount of images. Attempted to free 12884901888 bytes, but only found 0 bytes eligible to free."),
           (t_ev, "Warning", "Evicted", "pod/%s" % pods[bad], "The node was low on resource: ephemeral-storage. Threshold quantity: 13003587Ki, available: 5451776Ki. Container pytorch was using 2246612Ki, request is 0, has larger consumption of ephemeral-storage. "),
           (plus(t_ev, 0.1), "Normal", "Killing", "pod/%s" % pods[bad], "Stopping container pytorch"),
           (plus(t_ev, 4), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: nlp.%s exited with code 143" % pods[bad]),
           (plus(t_ev, 1805), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: nlp.%s exited with code 1" % pods[0]),
           (plus(t_ev, 1806), "Warning", "PyTorchJobFailed", "pytorchjob/%s" % job, "PyTorchJob nlp/%s has failed because 1 Master replica(s) failed." % job)]
    evs = [e for e in evs if (t_now - e[0]).total_seconds() <= 3600]
    evs.sort(key=lambda e: e[0])
    c.w("kubectl_get_events.txt", ["$ kubectl get events -n nlp --sort-by=.lastTimestamp ; kubectl get events --field-selector involvedObject.kind=Node"] + events_table(evs, t_now))
    c.set_label("storage", "infrastructure", host, None, "restart_without_node",
                "aks-ndv4-...-vmss000002 went into DiskPressure (root disk 96% full, 71G held by another team's eval pod emptyDir, image GC could free nothing) and the kubelet evicted bert-xl-ft-worker-1 at 10:41:07; the other three pods only show IB completion errors toward 172.16.1.12 and 30-minute watchdog timeouts afterwards.",
                "https://github.com/kubernetes/kubernetes/issues/106606")


# =============================================================================== bq04
def _oom_dmesg(rng, t, boot, task_pid, pod_uid, cid, limit_kb, comm="pt_data_worker"):
    up = (t - boot).total_seconds()
    scope = "/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%s.slice/cri-containerd-%s.scope" % (pod_uid.replace("-", "_"), cid)
    e = [(up, "%s invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=414" % comm),
         (up, "CPU: %d PID: %d Comm: %s Tainted: P           OE      6.1.84-99.169.amzn2023.x86_64 #1" % (rng.randint(0, 191), task_pid, comm)),
         (up, "Hardware name: Amazon EC2 p5.48xlarge/, BIOS 1.0 10/16/2017"),
         (up, "Call Trace:"),
         (up, " <TASK>"),
         (up, " dump_stack_lvl+0x34/0x48"),
         (up, " dump_header+0x4a/0x201"),
         (up, " oom_kill_process.cold+0xb/0x10"),
         (up, " out_of_memory+0xed/0x2e0"),
         (up, " mem_cgroup_out_of_memory+0x136/0x150"),
         (up, " try_charge_memcg+0x76c/0x820"),
         (up, " charge_memcg+0x40/0xa0"),
         (up, " __mem_cgroup_charge+0x2c/0x80"),
         (up, " </TASK>"),
         (up, "memory: usage %dkB, limit %dkB, failcnt %d" % (limit_kb, limit_kb, rng.randint(1000, 9000))),
         (up, "swap: usage 0kB, limit 0kB, failcnt 0"),
         (up, "Memory cgroup stats for %s:" % scope),
         (up, "anon %d" % (limit_kb * 1024 - rng.randint(10 ** 8, 10 ** 9))),
         (up, "file %d" % rng.randint(10 ** 8, 10 ** 9)),
         (up, "shmem %d" % rng.randint(10 ** 9, 4 * 10 ** 9)),
         (up, "Tasks state (memory values in pages):"),
         (up, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")]
    base = task_pid - 400
    e.append((up, "[%7d]     0 %7d   %6d     %4d          61440        0           414 torchrun" % (base, base, 312441, 4121)))
    for k in range(8):
        e.append((up, "[%7d]     0 %7d %8d %8d      %9d        0           414 python3" % (base + 20 + k, base + 20 + k, 39110233, rng.randint(9000000, 11000000), rng.randint(60000000, 80000000))))
    for k in range(6):
        e.append((up, "[%7d]     0 %7d %8d %8d      %9d        0           414 pt_data_worker" % (task_pid - 5 + k, task_pid - 5 + k, 15387058, rng.randint(3000000, 3600000), rng.randint(25000000, 31000000))))
    e += [(up, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-%s.scope,mems_allowed=0-1,oom_memcg=%s,task_memcg=%s,task=%s,pid=%d,uid=0" % (cid, scope, scope, comm, task_pid)),
          (up, "Memory cgroup out of memory: Killed process %d (%s) total-vm:61548232kB, anon-rss:%dkB, file-rss:102400kB, shmem-rss:%dkB, UID:0 pgtables:31844kB oom_score_adj:414" % (task_pid, comm, rng.randint(13000000, 15000000), rng.randint(200000, 900000))),
          (up + 0.001, "Tasks in %s are going to be killed due to memory.oom.group set" % scope)]
    for k in range(9):
        nm = "torchrun" if k == 0 else "python3"
        pid = base if k == 0 else base + 19 + k
        e.append((up + 0.002 + k * 0.0003, "Memory cgroup out of memory: Killed process %d (%s) total-vm:%dkB, anon-rss:%dkB, file-rss:%dkB, shmem-rss:0kB, UID:0 pgtables:%dkB oom_score_adj:414" % (pid, nm, rng.randint(10 ** 8, 2 * 10 ** 8), rng.randint(3 * 10 ** 7, 4 * 10 ** 7), rng.randint(10 ** 5, 10 ** 6), rng.randint(60000, 80000))))
    return e


def bq04(c):
    """EKS p5: every pod's memory grows (dataloader copy-on-read); containers OOMKilled (137); resubmission does the same."""
    rng = c.rng
    nodes = ["ip-172-31-70-14.us-west-2.compute.internal", "ip-172-31-71-203.us-west-2.compute.internal",
             "ip-172-31-76-88.us-west-2.compute.internal", "ip-172-31-79-141.us-west-2.compute.internal"]
    ns = "mm"
    nproc, nn = 8, 4
    limit_kb = 1600 * 1024 * 1024
    attempts = [
        {"job": "vlm-sft", "t0": D(2024, 5, 21, 12, 10, 5), "order": [0, 1, 2, 3], "oom": [(1, 1612.0), (0, 1633.5), (3, 1650.1)]},
        {"job": "vlm-sft-r2", "t0": D(2024, 5, 21, 13, 32, 40), "order": [2, 0, 3, 1], "oom": [(0, 1618.4), (2, 1624.0)]},
    ]
    step_s = 1.41
    gb_per_step = 1.05
    rss0 = 388.0
    for a_i, A in enumerate(attempts):
        job, t0 = A["job"], A["t0"]
        pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(3)]
        t_train = plus(t0, 150)
        # time at which each pod's cgroup hits the limit
        hit = {}
        for pi, extra in A["oom"]:
            steps_to = (1600 - rss0) / gb_per_step
            hit[pi] = plus(t_train, steps_to * step_s + (extra - 1600) * 1.3)
        t_first = min(hit.values())
        for pi in range(4):
            node = nodes[A["order"][pi]]
            body = []
            if pi == 0:
                body.append((plus(t0, 70), "[train_vlm] building index from /fsx/data/vlm-mix-v3/index.jsonl ..."))
                body.append((plus(t0, 118), "[train_vlm] loaded 18,441,230 samples into in-memory index (python list of dicts, ~41.3 GiB)"))
                body.append((plus(t0, 119), "[train_vlm] DataLoader(batch_size=4, num_workers=16, prefetch_factor=4, persistent_workers=True, pin_memory=True) per rank"))
                body.append((plus(t0, 121), "[train_vlm] FSDP: sharding_strategy=FULL_SHARD, mixed_precision=bf16, limit_all_gathers=True, world_size=32"))
                body.append((plus(t0, 140), "[train_vlm] container memory limit: 1600Gi (cgroup memory.max=1717986918400)"))
                s = 0
                t = t_train
                while True:
                    s += 50
                    t = plus(t, 50 * step_s * (1 + rng.uniform(-0.01, 0.01)))
                    if t >= t_first:
                        break
                    rss = rss0 + s * gb_per_step * (1 + rng.uniform(-0.004, 0.004))
                    body.append((t, "step %5d/20000 | loss %.4f | lr %.2e | grad_norm %.3f | step_time %.2fs | host_rss %.1fGiB | dl_workers 128" % (
                        s, 2.95 - 0.0009 * s + rng.uniform(-0.02, 0.02), min(2e-5, 2e-5 * s / 500), rng.uniform(0.9, 1.6), step_s * (1 + rng.uniform(-0.02, 0.02)), rss)))
            for j in range(nproc):
                r = pi * nproc + j
                body.append((plus(t0, 66 + j * 0.01), "[rank%d]: /usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader will create 16 worker processes in total. Our suggested max number of worker in current system is 12, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary." % r))
            lines, pids = pod_torchrun_log(rng, pods[pi], pi, nn, nproc, t0, "172.31.%d.%d" % (70 + A["order"][pi], rng.randint(100, 250)),
                                           "efa", "%s-master-0" % job, job, "/workspace/train_vlm.py", body, bus=BUS["p5"],
                                           nccl_ver="2.20.5+cuda12.4", nnics=32, base_pid=88)
            tail = []
            if pi not in hit:
                # survivors: peers vanish, NCCL reports remote error
                te = plus(t_first, 2.5 + rng.uniform(0, 1))
                for j in range(nproc):
                    r = pi * nproc + j
                    tj = plus(te, j * 0.07)
                    tail.append((tj, "%s [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (torch_glog(r, "E", tj, "ProcessGroupNCCL.cpp:1595"), r)))
                    tail.append((tj, "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."))
                    tail.append((tj, "Last error:"))
                    tail.append((tj, "NET/OFI Request completed with error. RC: 21. Error: 4123 (Unresponsive receiver (reachable by EFA device but handshake failed))"))
                    tail.append((tj, "terminate called after throwing an instance of 'c10::DistBackendError'"))
                fl = [(j, plus(te, 0.5 + j * 0.07), -6) for j in range(nproc)]
                tail += agent_failure_tail(plus(te, 5), pods[pi], "train_vlm.py", pids, fl, 0, pi, nproc)
                lines += [ln for _, ln in sorted(tail, key=lambda x: x[0])]
            else:
                # cut the log at the kill
                pass
            c.w("attempt_%d/%s/%s.log" % (a_i, node, pods[pi]), lines)
            if pi in hit and (pi == min(hit, key=lambda k: hit[k])):
                boot = D(2024, 5, 20, 22, 4, 51)
                ents = dmesg_boot("6.1.84-99.169.amzn2023.x86_64", "550.54.15")
                ents += _oom_dmesg(rng, hit[pi], boot, 90000 + rng.randint(0, 9000), uuid4(rng), hexs(rng, 64), limit_kb)
                c.w("attempt_%d/%s/dmesg_-T.txt" % (a_i, node), render_dmesg(ents, boot))
        if a_i == 1:
            t_now = plus(max(hit.values()), 900)
            rows = []
            for pi in range(4):
                rows.append({"name": pods[pi], "ready": "0/1", "status": "OOMKilled" if pi in hit else "Error", "restarts": 0,
                             "start": t0, "ip": "172.31.%d.%d" % (70 + A["order"][pi], 30 + pi), "node": nodes[A["order"][pi]]})
            c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n mm get pods -o wide   # second submission (vlm-sft-r2)"] + pods_wide(rows, t_now))
            fin = hit[0]
            c.w("kubectl_describe_pod_%s.txt" % pods[0], describe_pod({
                "name": pods[0], "ns": ns, "node": nodes[A["order"][0]], "node_ip": "172.31.72.9", "start_rfc": "Tue, 21 May 2024 13:32:40 +0000",
                "labels": ["training.kubeflow.org/job-name=%s" % job, "training.kubeflow.org/job-role=master", "training.kubeflow.org/replica-index=0", "training.kubeflow.org/replica-type=master"],
                "annotations": ["<none>"], "status": "Failed", "ip": rows[0]["ip"], "owner": "PyTorchJob/%s" % job,
                "containers": [{"name": "pytorch", "cid": "containerd://%s" % hexs(rng, 64), "image": "123456789012.dkr.ecr.us-west-2.amazonaws.com/mm/vlm-train:0.9.3",
                                "state": "Terminated", "state_detail": ["Reason:       OOMKilled", "Exit Code:    137", "Started:      Tue, 21 May 2024 13:32:44 +0000", "Finished:     %s" % ("Tue, 21 May 2024 %s +0000" % hms(fin))],
                                "ready": "False", "limits": ["memory:                 1600Gi", "nvidia.com/gpu:         8", "vpc.amazonaws.com/efa:  32"],
                                "requests": ["cpu:                    180", "memory:                 1200Gi", "nvidia.com/gpu:         8", "vpc.amazonaws.com/efa:  32"],
                                "env": ["PYTHONUNBUFFERED:  1", "NCCL_DEBUG:        INFO", "FI_PROVIDER:       efa", "PET_NPROC_PER_NODE:  8"],
                                "mounts": ["/dev/shm from dshm (rw)", "/fsx from fsx (rw)"]}],
                "conditions": [("PodReadyToStartContainers", "False"), ("Initialized", "True"), ("Ready", "False"), ("ContainersReady", "False"), ("PodScheduled", "True")],
                "volumes": ["dshm:", "  Type:       EmptyDir (a temporary directory that shares a pod's lifetime)", "  Medium:     Memory", "  SizeLimit:  512Gi"],
                "qos": "Burstable", "events": []}))
            evs = []
            for pi in sorted(hit, key=lambda k: hit[k]):
                evs.append((plus(hit[pi], 3), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: mm.%s exited with code 137" % pods[pi]))
            evs.append((plus(t_first, 4), "Warning", "PyTorchJobFailed", "pytorchjob/%s" % job, "PyTorchJob mm/%s has failed because 1 %s replica(s) failed." % (job, "Worker" if min(hit, key=lambda k: hit[k]) else "Master")))
            evs.sort(key=lambda e: e[0])
            c.w("kubectl_get_events.txt", ["$ kubectl -n mm get events --sort-by=.lastTimestamp"] + events_table(evs, t_now))
    c.w("NOTES_from_submitter.txt", ["first run vlm-sft died around step 1150 with pods OOMKilled, resubmitted unchanged as vlm-sft-r2 on the same node group (pods landed in a different order), died again at about the same step.",
                                     "nodes are p5.48xlarge (2 TiB RAM). limit is 1600Gi per pod."])
    c.set_label("oom", "framework", None, None, "stop",
                "In both submissions several pods on different nodes are OOMKilled (exit 137, memory cgroup at its 1600Gi limit, pt_data_worker the biggest task) at the same step; rank 0's host_rss climbs ~1 GiB per step from the in-memory list-of-dicts index shared by 128 dataloader workers. The job's own memory growth, not a node fault.",
                "https://github.com/pytorch/pytorch/issues/13246")


# =============================================================================== bq05
def bq05(c):
    """CoreWeave: CUDA OOM on one rank; a sandbox pod without a GPU request holds 31 GiB on that GPU."""
    rng = c.rng
    nodes = ["g2a61f0", "g3e09c4", "g4c81e2", "g5b27d9", "g6f30a8", "g7d14b5", "g81ce67", "g9a05f3"]
    job, ns = "mixtral-ft", "tenant-acme-train"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(7)]
    nproc, nn = 8, 8
    bad, bad_gpu = 2, 5
    t0 = D(2024, 6, 3, 16, 0, 12)
    t_oom = D(2024, 6, 3, 16, 9, 37)
    t_now = D(2024, 6, 3, 16, 31, 5)
    ips = ["10.%d.%d.%d" % (145, 12 + i, rng.randint(2, 200)) for i in range(nn)]
    for i in range(nn):
        body = []
        if i == 0:
            ds = [
                "[%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)",
                "[%s] [INFO] [comm.py:652:init_distributed] cdb=None",
                "[%s] [INFO] [config.py:733:__init__] Config mesh_device None world_size = 64",
                "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.14.2, git-hash=unknown, git-branch=unknown",
                "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Flops Profiler Enabled: False",
                "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] Creating ZeRO Offload",
                "[%s] [INFO] [utils.py:779:see_memory_usage] DeepSpeedZeRoOffload initialize [begin]",
                "[%s] [INFO] [utils.py:780:see_memory_usage] MA 0.37 GB         Max_MA 1.92 GB         CA 2.1 GB         Max_CA 2 GB ",
                "[%s] [INFO] [utils.py:787:see_memory_usage] CPU Virtual Memory:  used = 241.17 GB, percent = 12.0%%",
                "[%s] [INFO] [stage3.py:130:__init__] Reduce bucket size 500,000,000",
                "[%s] [INFO] [stage3.py:131:__init__] Prefetch bucket size 50,000,000",
                "[%s] [INFO] [utils.py:779:see_memory_usage] Before creating fp32 partitions",
                "[%s] [INFO] [utils.py:780:see_memory_usage] MA 1.83 GB         Max_MA 1.83 GB         CA 2.1 GB         Max_CA 2 GB ",
                "[%s] [INFO] [utils.py:779:see_memory_usage] After initializing ZeRO optimizer",
                "[%s] [INFO] [utils.py:780:see_memory_usage] MA 7.31 GB         Max_MA 9.02 GB         CA 9.4 GB         Max_CA 9 GB ",
                "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed Final Optimizer = DeepSpeedZeroOptimizer_Stage3",
                "[%s] [INFO] [config.py:997:print] DeepSpeedEngine configuration:",
                "[%s] [INFO] [config.py:1001:print]   bf16_enabled ................. True",
                "[%s] [INFO] [config.py:1001:print]   train_micro_batch_size_per_gpu  2",
                "[%s] [INFO] [config.py:1001:print]   gradient_accumulation_steps .. 8",
                "[%s] [INFO] [config.py:1001:print]   zero_optimization_stage ...... 3",
                "[%s] [INFO] [config.py:1001:print]   activation_checkpointing ..... True",
                "[%s] [INFO] [checkpointing.py:529:forward] Activation Checkpointing Information",
                "[%s] [INFO] [checkpointing.py:530:forward] ----Partition Activations False, CPU CHECKPOINTING False",
                "[%s] [INFO] [checkpointing.py:531:forward] ----contiguous Memory Checkpointing False with None total layers",
                "[%s] [INFO] [checkpointing.py:533:forward] ----Synchronization False",
                "[%s] [INFO] [checkpointing.py:534:forward] ----Profiling time in checkpointing False"]
            tt = plus(t0, 45)
            for k, ln in enumerate(ds):
                tt = plus(tt, rng.uniform(0.2, 14.0))
                if tt > plus(t_oom, -2):
                    tt = plus(t_oom, -2 + k * 0.01)
                body.append((tt, ln % pyts(tt)))
            body.append((plus(t_oom, -1.8), "[%s] [INFO] [utils.py:780:see_memory_usage] step 0 fwd: MA 38.22 GB         Max_MA 44.31 GB         CA 46.1 GB         Max_CA 46 GB " % pyts(plus(t_oom, -1.8))))
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "ib", "%s-master-0" % job, job,
                                       "/app/finetune_mixtral.py", body, bus=BUS["dgx"], nccl_ver="2.21.5+cuda12.4", nnics=8,
                                       base_pid=112)
        tail = []
        if i == bad:
            r = bad * nproc + bad_gpu
            tb = rank_traceback(r, [
                "File \"/app/finetune_mixtral.py\", line 412, in <module>",
                "    main()",
                "File \"/app/finetune_mixtral.py\", line 377, in main",
                "    loss = engine(**batch).loss",
                "File \"/usr/local/lib/python3.10/dist-packages/deepspeed/utils/nvtx.py\", line 15, in wrapped_fn",
                "    ret_val = func(*args, **kwargs)",
                "File \"/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py\", line 1855, in forward",
                "    loss = self.module(*inputs, **kwargs)",
                "File \"/usr/local/lib/python3.10/dist-packages/transformers/models/mixtral/modeling_mixtral.py\", line 1348, in forward",
                "    outputs = self.model(",
                "File \"/usr/local/lib/python3.10/dist-packages/transformers/models/mixtral/modeling_mixtral.py\", line 1023, in forward",
                "    layer_outputs = self._gradient_checkpointing_func(",
                "File \"/usr/local/lib/python3.10/dist-packages/transformers/models/mixtral/modeling_mixtral.py\", line 847, in forward",
                "    hidden_states, router_logits = self.block_sparse_moe(hidden_states)",
                "File \"/usr/local/lib/python3.10/dist-packages/transformers/models/mixtral/modeling_mixtral.py\", line 776, in forward",
                "    current_hidden_states = expert_layer(current_state) * routing_weights[top_x, idx, None]",
                "File \"/usr/local/lib/python3.10/dist-packages/transformers/models/mixtral/modeling_mixtral.py\", line 711, in forward",
                "    current_hidden_states = self.act_fn(self.w1(hidden_states)) * self.w3(hidden_states)"],
                ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 5 has a total capacity of 79.11 GiB of which 1.07 GiB is free. Process 3827741 has 31.20 GiB memory in use. Including non-PyTorch memory, this process has 46.82 GiB memory in use. Of the allocated memory 43.10 GiB is allocated by PyTorch, and 1.92 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"])
            tail += [(t_oom, ln) for ln in tb]
            tail += agent_failure_tail(plus(t_oom, 4.2), pods[i], "finetune_mixtral.py", pids, [(bad_gpu, plus(t_oom, 0.8), 1)], bad_gpu, i, nproc)
        else:
            tw = plus(t_oom, 600 + rng.uniform(0.1, 2.2))
            tail += watchdog_pod_tail(rng, pods[i], "finetune_mixtral.py", i, nproc, pids, tw, 1187, "_ALLGATHER_BASE", 58720256)
        lines += [ln for _, ln in sorted(tail, key=lambda x: x[0])]
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    # culprit node evidence
    tsmi = plus(t_oom, 720)
    gpus = []
    for g in range(8):
        gpus.append({"bus": BUS["dgx"][g], "temp": 31 + rng.randint(0, 6) + (9 if g == bad_gpu else 0), "pwr": 71 + rng.randint(0, 9) + (40 if g == bad_gpu else 0),
                     "mem_used": 31949 if g == bad_gpu else 4, "util": 0, "perf": "P0"})
    c.w("%s/nvidia-smi.txt" % nodes[bad], ["$ nvidia-smi   # on the host, after the PyTorchJob pods terminated"] +
        nvidia_smi_table(tsmi, "550.54.15", "12.4", gpus, [(bad_gpu, 3827741, "/opt/conda/bin/python3", 31942)]))
    c.w("%s/ps_-o_pid,etime,cgroup,args_-p_3827741.txt" % nodes[bad], [
        "    PID     ELAPSED CGROUP                                                                           COMMAND",
        "3827741    03:11:48 0::/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod9c1f2d7e_5a3b_4c8d_9e0f_1a2b3c4d5e6f.slice/cri-containerd-4e7d1c2b9a.scope /opt/conda/bin/python3 -m vllm.entrypoints.openai.api_server --model /home/jovyan/models/Meta-Llama-3-8B-Instruct --gpu-memory-utilization 0.38 --port 8011"])
    rows = [{"ns": "research-sandbox", "name": "jupyter-mkim-0", "ready": "1/1", "status": "Running", "restarts": 0,
             "start": D(2024, 6, 1, 9, 12, 3), "ip": "10.145.14.77", "node": nodes[bad]},
            {"ns": "kube-system", "name": "nvidia-device-plugin-daemonset-%s" % alnum(rng, 5), "ready": "1/1", "status": "Running",
             "restarts": 0, "start": D(2024, 5, 28, 2, 1, 0), "ip": "10.145.14.3", "node": nodes[bad]},
            {"ns": "kube-system", "name": "dcgm-exporter-%s" % alnum(rng, 5), "ready": "1/1", "status": "Running",
             "restarts": 1, "start": D(2024, 5, 28, 2, 1, 0), "ip": "10.145.14.4", "node": nodes[bad]},
            {"ns": "kube-system", "name": "cilium-%s" % alnum(rng, 5), "ready": "1/1", "status": "Running",
             "restarts": 0, "start": D(2024, 5, 28, 2, 0, 11), "ip": "10.0.2.14", "node": nodes[bad]},
            {"ns": ns, "name": pods[bad], "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": ips[bad], "node": nodes[bad]}]
    c.w("kubectl_get_pods_-A_-o_wide_--field-selector_spec.nodeName=%s.txt" % nodes[bad],
        ["$ kubectl get pods -A -o wide --field-selector spec.nodeName=%s" % nodes[bad]] + pods_wide(rows, t_now, namespace_col=True))
    c.w("kubectl_describe_pod_jupyter-mkim-0.txt", describe_pod({
        "name": "jupyter-mkim-0", "ns": "research-sandbox", "node": nodes[bad], "node_ip": "10.0.2.14",
        "start_rfc": "Sat, 01 Jun 2024 09:12:03 +0000", "labels": ["app=jupyterhub", "component=singleuser-server", "hub.jupyter.org/username=mkim"],
        "annotations": ["hub.jupyter.org/username: mkim"], "status": "Running", "ip": "10.145.14.77", "owner": "StatefulSet/jupyter-mkim",
        "containers": [{"name": "notebook", "cid": "containerd://4e7d1c2b9a%s" % hexs(rng, 54), "image": "jupyter/pytorch-notebook:cuda12-2024-05-27",
                        "state": "Running", "state_detail": ["Started:      Sat, 01 Jun 2024 09:12:40 +0000"], "port": "8888/TCP",
                        "limits": ["cpu:     16", "memory:  128Gi"], "requests": ["cpu:     4", "memory:  64Gi"],
                        "env": ["NVIDIA_VISIBLE_DEVICES:      all", "NVIDIA_DRIVER_CAPABILITIES:  compute,utility", "JUPYTER_IMAGE_SPEC:          jupyter/pytorch-notebook:cuda12-2024-05-27"],
                        "mounts": ["/home/jovyan from home (rw)"]}],
        "volumes": ["home:", "  Type:       PersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)", "  ClaimName:  home-mkim"],
        "qos": "Burstable", "node_selectors": "<none>", "tolerations": ["is_gpu=true:NoSchedule op=Exists", "node.kubernetes.io/not-ready:NoExecute op=Exists for 300s"]}))
    prow = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n %s get pods -o wide" % ns] + pods_wide(prow, t_now))
    evs = [(plus(t_oom, 5), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: %s.%s exited with code 1" % (ns, pods[bad])),
           (plus(t_oom, 5), "Warning", "PyTorchJobFailed", "pytorchjob/%s" % job, "PyTorchJob %s/%s has failed because 1 Worker replica(s) failed." % (ns, job))]
    c.w("kubectl_get_events.txt", ["$ kubectl -n %s get events" % ns] + events_table(evs, t_now))
    c.set_label("oom", "infrastructure", nodes[bad], bad * nproc + bad_gpu, "restart_without_node",
                "Only rank 21 (mixtral-ft-worker-1 on g4c81e2, GPU 5) hit CUDA OOM and the message names another process (3827741) holding 31.2 GiB; on the host that PID is a vLLM server started from a JupyterHub pod that requested no GPU but has NVIDIA_VISIBLE_DEVICES=all. Every other rank peaked at ~46 GiB and then only timed out in the watchdog.",
                "https://github.com/NVIDIA/k8s-device-plugin/issues/87")


# =============================================================================== bq06
def bq06(c):
    """EKS spot node group: 2-minute spot interruption notice, node drained and terminated mid-run."""
    rng = c.rng
    nodes = ["ip-10-20-33-41.us-west-2.compute.internal", "ip-10-20-34-190.us-west-2.compute.internal",
             "ip-10-20-36-7.us-west-2.compute.internal", "ip-10-20-37-112.us-west-2.compute.internal",
             "ip-10-20-39-58.us-west-2.compute.internal", "ip-10-20-45-230.us-west-2.compute.internal"]
    job, ns = "resnet-moco", "vision"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(5)]
    nproc, nn = 8, 6
    bad = 3
    t0 = D(2024, 2, 20, 7, 15, 0)
    t_itn = D(2024, 2, 20, 9, 48, 2)
    t_term = plus(t_itn, 120)
    t_now = D(2024, 2, 20, 10, 6, 40)
    ips = ["10.20.%d.%d" % (33 + i, rng.randint(130, 250)) for i in range(nn)]
    pod_ip_bad = ips[bad]
    inst = "i-0%s" % hexs(rng, 16)
    t_sig = plus(t_itn, 3.4)
    for i in range(nn):
        body = []
        if i == 0:
            body.append((plus(t0, 50), "GPU available: True (cuda), used: True"))
            body.append((plus(t0, 50), "TPU available: False, using: 0 TPU cores"))
            body.append((plus(t0, 50), "IPU available: False, using: 0 IPUs"))
            body.append((plus(t0, 50), "HPU available: False, using: 0 HPUs"))
            body.append((plus(t0, 51), "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/48"))
            body.append((plus(t0, 58), "----------------------------------------------------------------------------------------------------"))
            body.append((plus(t0, 58), "distributed_backend=nccl"))
            body.append((plus(t0, 58), "All distributed processes registered. Starting with 48 processes"))
            body.append((plus(t0, 58), "----------------------------------------------------------------------------------------------------"))
            body.append((plus(t0, 66), "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]"))
            body.append((plus(t0, 67), ""))
            body.append((plus(t0, 67), "  | Name      | Type          | Params"))
            body.append((plus(t0, 67), "--------------------------------------------"))
            body.append((plus(t0, 67), "0 | encoder_q | ResNet        | 23.5 M"))
            body.append((plus(t0, 67), "1 | encoder_k | ResNet        | 23.5 M"))
            body.append((plus(t0, 67), "2 | criterion | InfoNCELoss   | 0     "))
            body.append((plus(t0, 67), "--------------------------------------------"))
            body.append((plus(t0, 67), "23.5 M    Trainable params"))
            body.append((plus(t0, 67), "23.5 M    Non-trainable params"))
            body.append((plus(t0, 67), "47.0 M    Total params"))
            body.append((plus(t0, 67), "188.042   Total estimated model params size (MB)"))
            steps_per_epoch = 2502
            it_s = 1.71
            t = plus(t0, 80)
            ep, st = 0, 0
            while True:
                st += 50
                t = plus(t, 50 / it_s * (1 + rng.uniform(-0.01, 0.01)))
                if t >= t_sig:
                    break
                if st > steps_per_epoch:
                    body.append((t, "Epoch %d: 100%%|██████████| %d/%d [24:22<00:00,  1.71it/s, v_num=7, train_loss=%.3f]" % (ep, steps_per_epoch, steps_per_epoch, 6.2 - ep * 0.41)))
                    body.append((t, "Epoch %d, global step %d: 'val_knn_top1' reached %.5f (best %.5f), saving model to '/efs/ckpt/moco/epoch=%d-step=%d.ckpt' as top 1" % (ep, (ep + 1) * steps_per_epoch, 0.21 + ep * 0.06, 0.21 + ep * 0.06, ep, (ep + 1) * steps_per_epoch)))
                    ep += 1
                    st = 50
                el = st / it_s
                rem = (steps_per_epoch - st) / it_s
                pct = int(100 * st / steps_per_epoch)
                bar = "█" * (pct // 10) + ("▍" if pct % 10 >= 5 else " ") + " " * (9 - pct // 10)
                body.append((t, "Epoch %d:  %2d%%|%s| %d/%d [%02d:%02d<%02d:%02d,  %.2fit/s, v_num=7, train_loss=%.3f]" % (
                    ep, pct, bar[:10], st, steps_per_epoch, el // 60, el % 60, rem // 60, rem % 60, it_s * (1 + rng.uniform(-0.02, 0.02)), 6.2 - ep * 0.41 - st * 0.00012 + rng.uniform(-0.03, 0.03))))
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, ips[i], "socket", "%s-master-0" % job, job,
                                       "/workspace/train_moco.py", body, bus=["00:%02x" % (0x16 + k) for k in range(8)],
                                       nccl_ver="2.19.3+cuda12.3", cuda_drv=12020, base_pid=73)
        tail = []
        if i == bad:
            tail += [(t_sig, ln) for ln in sigterm_received(t_sig, pids)]
            tail += [(plus(t_sig, 2.3), ln) for ln in SIGNAL_TB]
        else:
            te = plus(t_sig, 0.9 + rng.uniform(0, 0.4))
            for j in range(nproc):
                r = i * nproc + j
                tj = plus(te, j * 0.05 + rng.uniform(0, 0.05))
                if j in (0, 7):
                    tail.append((tj, "%s:%d:%d [%d] NCCL WARN Net : Connection closed by remote peer %s<%d>" % (pods[i], pids[j], pids[j] + 95, j, pod_ip_bad, rng.randint(33000, 60000))))
                    tail.append((tj, "%s:%d:%d [%d] NCCL INFO transport/net_socket.cc:475 -> 6" % (pods[i], pids[j], pids[j] + 95, j)))
                    tail.append((tj, "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (pods[i], pids[j], pids[j] + 95, j)))
                    tail.append((tj, "%s:%d:%d [%d] NCCL INFO proxy.cc:1520 -> 6" % (pods[i], pids[j], pids[j] + 95, j)))
                tail.append((plus(tj, 0.2), "%s [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % (torch_glog(r, "E", plus(tj, 0.2), "ProcessGroupNCCL.cpp:1595"), r)))
                tail.append((plus(tj, 0.2), "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."))
                tail.append((plus(tj, 0.2), "Last error:"))
                tail.append((plus(tj, 0.2), "Net : Connection closed by remote peer %s<%d>" % (pod_ip_bad, rng.randint(33000, 60000))))
                tail.append((plus(tj, 0.2), "terminate called after throwing an instance of 'c10::DistBackendError'"))
            fl = [(j, plus(te, 0.6 + j * 0.05), -6) for j in range(nproc)]
            tail += agent_failure_tail(plus(te, 5.3), pods[i], "train_moco.py", pids, fl, 0, i, nproc)
        lines += [ln for _, ln in sorted(tail, key=lambda x: x[0])]
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    # NTH log (shipped by fluent-bit to CloudWatch; exported)
    nth_pod = "aws-node-termination-handler-%s" % alnum(rng, 5)
    tb = D(2024, 2, 20, 5, 2, 11)
    ev_id = "spot-itn-%s" % hexs(rng, 64)
    L = []
    def nl(t, s):
        L.append("%04d/%02d/%02d %s %s" % (t.year, t.month, t.day, hms(t), s))
    nl(tb, 'INF Starting to serve handler /metrics, port 9092')
    nl(tb, 'INF Startup Metadata Retrieved metadata={"accountId":"210987654321","availabilityZone":"us-west-2b","instanceId":"%s","instanceLifeCycle":"spot","instanceType":"g5.48xlarge","localHostname":"%s","privateIp":"%s","publicHostname":"","publicIp":"","region":"us-west-2"}' % (inst, nodes[bad], _node_ip(nodes[bad])))
    nl(tb, 'INF aws-node-termination-handler arguments: ')
    for a in ["dry-run: false,", "node-name: %s," % nodes[bad], "pod-name: %s," % nth_pod, "metadata-url: http://169.254.169.254,",
              "kubernetes-service-host: 172.20.0.1,", "kubernetes-service-port: 443,", "delete-local-data: true,", "ignore-daemon-sets: true,",
              "pod-termination-grace-period: -1,", "node-termination-grace-period: 120,", "enable-scheduled-event-draining: true,",
              "enable-spot-interruption-draining: true,", "enable-sqs-termination-draining: false,", "enable-rebalance-monitoring: false,",
              "emit-kubernetes-events: true,", "cordon-only: false,", "taint-node: false,", "json-logging: false,", "log-level: info,", "imds-version: v2,"]:
        L.append("\t" + a)
    nl(plus(tb, 1), 'INF Started watching for interruption events')
    nl(plus(tb, 1), 'INF Kubernetes AWS Node Termination Handler has started successfully!')
    nl(plus(tb, 1), 'INF Started watching for event cancellations')
    nl(plus(tb, 1), 'INF Started monitoring for events event_type=SPOT_ITN')
    nl(plus(tb, 1), 'INF Started monitoring for events event_type=SCHEDULED_EVENT')
    nl(t_itn, 'INF Adding new event to the event store event={"AutoScalingGroupName":"","Description":"Spot ITN received. Instance will be interrupted at %s \\n","EndTime":"0001-01-01T00:00:00Z","EventID":"%s","InProgress":false,"InstanceID":"","IsManaged":false,"Kind":"SPOT_ITN","Monitor":"SPOT_ITN_MONITOR","NodeLabels":null,"NodeName":"%s","NodeProcessed":false,"Pods":null,"ProviderID":"","StartTime":"%s","State":""}' % (iso_z(t_term, 0), ev_id, nodes[bad], iso_z(t_term, 0)))
    nl(plus(t_itn, 1), 'INF Requesting instance drain event-id=%s instance-id= kind=SPOT_ITN node-name=%s provider-id=' % (ev_id, nodes[bad]))
    nl(plus(t_itn, 1), 'INF Pods on node node_name=%s pod_names=["%s","aws-node-%s","kube-proxy-%s","ebs-csi-node-%s","%s","nvidia-device-plugin-daemonset-%s"]' % (nodes[bad], pods[bad], alnum(rng, 5), alnum(rng, 5), alnum(rng, 5), nth_pod, alnum(rng, 5)))
    nl(plus(t_itn, 1), 'INF Draining the node')
    nl(plus(t_itn, 1), 'INF evicting pod pod_name=%s' % pods[bad] if False else 'INF evicting pod %s/%s' % (ns, pods[bad]))
    nl(plus(t_itn, 36), 'INF Node successfully cordoned and drained node_name=%s reason="Spot ITN received. Instance will be interrupted at %s \\n"' % (nodes[bad], iso_z(t_term, 0)))
    c.w("%s/aws-node-termination-handler.log" % nodes[bad], ["# exported from CloudWatch log group /aws/containerinsights/vision-eks/application, stream %s_kube-system_aws-node-termination-handler" % nth_pod] + L)
    # kubelet tail of that node (shipped dataplane log)
    kp = 3301
    st = kubelet_noise(rng, plus(t_itn, -900), plus(t_itn, 100), nodes[bad].split(".")[0], kp, ["%s/%s" % (ns, pods[bad]), "kube-system/aws-node-%s" % alnum(rng, 5)], 25)
    st.append((plus(t_itn, 3.2), kubelet_line(plus(t_itn, 3.2), nodes[bad].split(".")[0], kp, "I", "kubelet.go:2433", '"SyncLoop DELETE" source="api" pods=["%s/%s"]' % (ns, pods[bad]))))
    st.append((plus(t_itn, 3.3), kubelet_line(plus(t_itn, 3.3), nodes[bad].split(".")[0], kp, "I", "kuberuntime_container.go:779", '"Killing container with a grace period" pod="%s/%s" podUID="%s" containerName="pytorch" containerID="containerd://%s" gracePeriod=30' % (ns, pods[bad], uuid4(rng), hexs(rng, 64)))))
    st.append((plus(t_itn, 9.7), kubelet_line(plus(t_itn, 9.7), nodes[bad].split(".")[0], kp, "I", "kubelet.go:2465", '"SyncLoop (PLEG): event for pod" pod="%s/%s" event={"ID":"%s","Type":"ContainerDied","Data":"%s"}' % (ns, pods[bad], uuid4(rng), hexs(rng, 64)))))
    st.append((plus(t_itn, 88), "%s %s systemd[1]: Stopping kubelet.service - Kubernetes Kubelet..." % (syslog_ts(plus(t_itn, 118)), nodes[bad].split(".")[0])))
    st.append((plus(t_itn, 119), "%s %s systemd-logind[1042]: System is powering down." % (syslog_ts(plus(t_itn, 119)), nodes[bad].split(".")[0])))
    c.w("%s/journal_kubelet_tail.txt" % nodes[bad], merge_timed(st))
    evs = [(t_itn, "Warning", "SpotInterruption", "node/%s" % nodes[bad], "Spot Interruption event received. Instance %s will be interrupted at %s" % (inst, iso_z(t_term, 0))),
           (plus(t_itn, 1), "Normal", "PreDrain", "node/%s" % nodes[bad], "Pre-drain task successfully executed"),
           (plus(t_itn, 1), "Normal", "NodeNotSchedulable", "node/%s" % nodes[bad], "Node %s status is now: NodeNotSchedulable" % nodes[bad]),
           (plus(t_itn, 3), "Normal", "Killing", "pod/%s" % pods[bad], "Stopping container pytorch"),
           (plus(t_itn, 36), "Normal", "CordonAndDrain", "node/%s" % nodes[bad], "Node successfully cordoned and drained"),
           (plus(t_itn, 12), "Normal", "ExitedWithCode", "pytorchjob/%s" % job, "Pod: %s.%s exited with code 1" % (ns, pods[0])),
           (plus(t_itn, 12), "Warning", "PyTorchJobFailed", "pytorchjob/%s" % job, "PyTorchJob %s/%s has failed because 1 Master replica(s) failed." % (ns, job)),
           (plus(t_term, 41), "Normal", "NodeNotReady", "node/%s" % nodes[bad], "Node %s status is now: NodeNotReady" % nodes[bad]),
           (plus(t_term, 96), "Normal", "RemovingNode", "node/%s" % nodes[bad], "Node %s event: Removing Node %s from Controller" % (nodes[bad], nodes[bad]))]
    evs.sort(key=lambda e: e[0])
    c.w("kubectl_get_events_-A.txt", ["$ kubectl get events -A --sort-by=.lastTimestamp | grep -v Normal.*Pulled"] + events_table(evs, t_now))
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods) if k != bad]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n vision get pods -o wide"] + pods_wide(rows, t_now))
    c.w("kubectl_get_nodes_-L_capacityType.txt", ["$ kubectl get nodes -L eks.amazonaws.com/capacityType,node.kubernetes.io/instance-type"] + table(
        ["NAME", "STATUS", "ROLES", "AGE", "VERSION", "CAPACITYTYPE", "INSTANCE-TYPE"],
        [[n, "Ready", "<none>", "%dh" % (5 + k), "v1.28.5-eks-5e0fdde", "SPOT", "g5.48xlarge"] for k, n in enumerate(nodes) if k != bad] +
        [["ip-10-20-41-9.us-west-2.compute.internal", "Ready", "<none>", "9m", "v1.28.5-eks-5e0fdde", "SPOT", "g5.48xlarge"]]))
    c.set_label("unknown", "framework", None, None, "none",
                "EC2 issued a spot interruption notice for the g5.48xlarge behind ip-10-20-37-112 (node group capacityType SPOT); the termination handler drained it, the worker pod got SIGTERM at 09:48:05 and the instance was reclaimed two minutes later. The other pods' 'connection closed by remote peer' errors follow from that preemption; nothing is broken.",
                "https://github.com/aws/aws-node-termination-handler/issues/146")


# =============================================================================== bq07
def bq07(c):
    """On-prem Volcano job: one DGX panics on a fatal machine check; node NotReady; Volcano aborts the job."""
    rng = c.rng
    nodes = ["dgx-h100-%03d" % k for k in range(17, 25)]
    nips = ["10.20.1.%d" % k for k in range(17, 25)]
    job, ns = "llama2-70b-pt", "foundation"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(7)]
    nproc, nn = 8, 8
    bad = 6
    t0 = D(2024, 7, 8, 20, 0, 3)
    t_mce = D(2024, 7, 9, 1, 13, 52)
    t_now = D(2024, 7, 9, 1, 26, 40)
    t_abort = plus(t_mce, 27.5)
    iters = megatron_iters(plus(t0, 240), 8400, 900, 7.81, 1.872, rng, total=60000, gbs=2048, lr=1.2e-4, decay=0.00004)
    iters = [(t, ln) for t, ln in iters if t < t_mce]
    for i in range(nn):
        if i == bad:
            c.w("%s/%s.log" % (nodes[i], pods[i]), [
                "$ kubectl -n foundation logs %s" % pods[i],
                'Error from server: Get "https://%s:10250/containerLogs/foundation/%s/pytorch": dial tcp %s:10250: connect: no route to host' % (nips[i], pods[i], nips[i])])
            continue
        body = list(iters) if i == nn - 1 else []
        lines, pids = pod_torchrun_log(rng, nodes[i], i, nn, nproc, t0, nips[i], "ib", nodes[0], job,
                                       "/opt/megatron/pretrain_gpt.py", body, bus=BUS["dgx"], nccl_ver="2.21.5+cuda12.4", nnics=8,
                                       base_pid=rng.randint(30000, 90000), timestamps=True)
        tail = []
        peers_direct = i in (bad - 1, bad + 1)
        if peers_direct:
            te = plus(t_mce, 17.3 + rng.uniform(0, 2))
            for j in (range(nproc) if i == bad - 1 else (0, 1, 2, 3)):
                r = i * nproc + j
                tj = plus(te, j * 0.03)
                tail.append((tj, "%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (
                    nodes[i], pids[j], pids[j] + 91, j, nips[bad], rng.randint(40000, 60000), 0 if i < bad else 129, "Send" if i < bad else "Recv", nips[i], nips[bad], j)))
                tail.append((tj, "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (nodes[i], pids[j], pids[j] + 91, j)))
                tail.append((plus(tj, 0.3), "%s [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (torch_glog(r, "E", plus(tj, 0.3), "ProcessGroupNCCL.cpp:1595"), r)))
                tail.append((plus(tj, 0.3), "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."))
                tail.append((plus(tj, 0.3), "Last error:"))
                tail.append((plus(tj, 0.3), "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (nips[bad], rng.randint(40000, 60000), nips[i], nips[bad], j)))
            fl = [(j, plus(te, 0.8 + j * 0.03), -6) for j in (range(nproc) if i == bad - 1 else (0, 1, 2, 3))]
            tail += agent_failure_tail(plus(te, 5.0), nodes[i], "pretrain_gpt.py", pids, fl, 0, i, nproc)
        else:
            ts = plus(t_abort, rng.uniform(0.1, 0.9))
            tail += [(ts, ln) for ln in sigterm_received(ts, pids)]
            tail += [(plus(ts, 2.1), ln) for ln in SIGNAL_TB]
        tail.sort(key=lambda x: x[0])
        lines += ["%s %s" % (iso_z(t, 9), ln) for t, ln in tail]
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    # culprit: kdump vmcore-dmesg + SEL + previous-boot journal
    boot = D(2024, 7, 8, 5, 30, 18)
    up = (t_mce - boot).total_seconds()
    ents = dmesg_boot("5.15.0-1042-nvidia", "550.54.15")
    ents += [(14.2, "mlx5_core 0000:0c:00.0: firmware version: 28.39.1002"), (14.9, "mlx5_core 0000:0c:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 195312Mbps"),
             (21.3, "mlx5_core 0000:0c:00.0 ibp12s0: Link up"), (26.0, "EDAC MC0: Giving out device to module i10nm_edac controller Intel_10nm Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)"),
             (26.0, "EDAC MC6: Giving out device to module i10nm_edac controller Intel_10nm Socket#1 IMC#2: DEV 0000:fe:0e.0 (INTERRUPT)")]
    for k in range(14):
        tce = up - 15000 + k * (900 + rng.uniform(-200, 400))
        ents.append((tce, "mce: [Hardware Error]: Machine check events logged"))
        ents.append((tce + 0.00002, "EDAC MC6: 1 CE memory read error on CPU_SrcID#1_MC#2_Chan#0_DIMM#0 (channel:0 slot:0 page:0x5f2c71e offset:0x%x grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x5f2c71e%03x ProcessorSocketId:0x1 MemoryControllerId:0x2 ChannelAddress:0x17cb1c7%03x ChannelId:0x0 RankAddress:0xbe58e3%03x PhysicalRankId:0x1 DimmSlotId:0x0 Row:0x5f2c Column:0x1e8 Bank:0x1 BankGroup:0x3 ChipSelect:0x1 ChipId:0x0)" % (rng.randint(0, 4095) & 0xfc0, rng.randint(0, 4095), rng.randint(0, 4095), rng.randint(0, 4095))))
    ents += [(up - 0.004, "mce: [Hardware Error]: CPU 56: Machine Check Exception: 5 Bank 13: bd80000000100134"),
             (up - 0.004, "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffb3c1b2f5> {intel_idle+0x55/0x90}"),
             (up - 0.004, "mce: [Hardware Error]: TSC 2a1f0c8e3b11d ADDR 5f2c71e400 MISC 86 PPIN 4a3e19c27d0b5f12 "),
             (up - 0.004, "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1720487632 SOCKET 1 APIC 70 microcode 2b000590"),
             (up - 0.003, "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
             (up - 0.003, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
             (up - 0.002, "Kernel panic - not syncing: Fatal machine check"),
             (up - 0.001, "Kernel Offset: 0x32000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)")]
    c.w("%s/var_crash_202407090113_vmcore-dmesg.txt" % nodes[bad], render_dmesg(ents, boot, style="raw"))
    sel = ["$ ipmitool sel elist | tail -n 25"]
    n = 0x190
    for k in range(9):
        tt = plus(t_mce, -15000 + k * 1800)
        sel.append(" %3x | %02d/%02d/%04d | %s | Memory CPU1_DIMM_C1 | Correctable ECC | Asserted" % (n, tt.month, tt.day, tt.year, hms(tt)))
        n += 1
    sel.append(" %3x | %02d/%02d/%04d | %s | Memory CPU1_DIMM_C1 | Correctable ECC logging limit reached | Asserted" % (n, 7, 9, 2024, hms(plus(t_mce, -2100)))); n += 1
    sel.append(" %3x | %02d/%02d/%04d | %s | Memory CPU1_DIMM_C1 | Uncorrectable ECC | Asserted" % (n, 7, 9, 2024, hms(t_mce))); n += 1
    sel.append(" %3x | %02d/%02d/%04d | %s | Processor CPU1_Status | IERR | Asserted" % (n, 7, 9, 2024, hms(plus(t_mce, 1)))); n += 1
    sel.append(" %3x | %02d/%02d/%04d | %s | System Event #0x83 | Timestamp Clock Sync | Asserted" % (n, 7, 9, 2024, hms(plus(t_mce, 95)))); n += 1
    sel.append(" %3x | %02d/%02d/%04d | %s | System ACPI Power State ACPI_STATE | S0/G0: working | Asserted" % (n, 7, 9, 2024, hms(plus(t_mce, 171)))); n += 1
    c.w("%s/ipmitool_sel_elist.txt" % nodes[bad], sel)
    # kubectl views
    c.w("kubectl_get_nodes_-o_wide.txt", ["$ kubectl get nodes -o wide -l nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3"] + table(
        ["NAME", "STATUS", "ROLES", "AGE", "VERSION", "INTERNAL-IP", "EXTERNAL-IP", "OS-IMAGE", "KERNEL-VERSION", "CONTAINER-RUNTIME"],
        [[n_, "NotReady" if k == bad else "Ready", "<none>", "%dd" % (118 + k), "v1.29.4", nips[k], "<none>", "Ubuntu 22.04.4 LTS", "5.15.0-1042-nvidia", "containerd://1.7.12"] for k, n_ in enumerate(nodes)]))
    rows = []
    for k, p in enumerate(pods):
        rows.append({"name": p, "ready": "1/1" if k == bad else "0/1", "status": "Terminating" if k == bad else ("Error" if k in (bad - 1, bad + 1) else "Completed" if False else "Error"),
                     "restarts": 0, "start": t0, "ip": nips[k], "node": nodes[k]})
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n foundation get pods -o wide"] + pods_wide(rows, t_now))
    evs = [(plus(t_mce, 41), "Normal", "NodeNotReady", "node/%s" % nodes[bad], "Node %s status is now: NodeNotReady" % nodes[bad]),
           (plus(t_mce, 42), "Warning", "NodeNotReady", "pod/%s" % pods[bad], "Node is not ready"),
           (plus(t_mce, 26), "Warning", "PodFailed", "podgroup/%s-%s" % (job, uuid4(rng)[:8]), "pod %s failed, job policy: AbortJob" % pods[bad + 1]),
           (plus(t_mce, 27), "Normal", "ExecuteAction", "job/%s" % job, "Start to execute action AbortJob "),
           (plus(t_mce, 28), "Normal", "Killing", "pod/%s" % pods[0], "Stopping container pytorch"),
           (plus(t_mce, 342), "Normal", "TaintManagerEviction", "pod/%s" % pods[bad], "Marking for deletion Pod foundation/%s" % pods[bad])]
    evs.sort(key=lambda e: e[0])
    c.w("kubectl_get_events.txt", ["$ kubectl -n foundation get events --sort-by=.lastTimestamp ; kubectl get events --field-selector involvedObject.kind=Node"] + events_table(evs, t_now))
    c.w("vcctl_job_view.txt", ["$ vcctl job view -N %s -n foundation" % job,
        "Name:       \t%s" % job, "Namespace:  \tfoundation", "Labels:     \tvolcano.sh/queue-name: foundation-q",
        "Annotations:\t<none>", "--------------------------------------------------", "",
        "Spec:", "  MinAvailable:  \t8", "  Plugins:", "    Env:   \t[]", "    Pytorch:\t[--master=master --worker=worker --port=23456]", "    Svc:  \t[]",
        "  Policies:", "    Event: \tPodEvicted", "    Action:\tRestartJob", "    Event: \tPodFailed", "    Action:\tAbortJob",
        "  Queue:  \tfoundation-q", "  Scheduler Name:\tvolcano",
        "Status:", "  Min Available: \t8", "  Retry Count:   \t0", "  Running Duration:\t5h13m49s",
        "  State:", "    Phase:  \tAborting", "    Reason: \t", "    Message:\t",
        "  Failed:  \t2", "  Terminating:\t6", "  Version: \t3"])
    c.set_label("host", "infrastructure", nodes[bad], None, "restart_without_node",
                "dgx-h100-023 logged a run of corrected DIMM errors on CPU1_DIMM_C1 and then a fatal machine check ('Processor context corrupt', 'Kernel panic - not syncing: Fatal machine check') at 01:13:52; the BMC SEL shows the uncorrectable ECC on that DIMM, the node went NotReady and its pod logs are unreachable. The neighbours' NCCL IB errors all point at 10.20.1.23 and the rest were only SIGTERMed by Volcano's AbortJob.",
                "https://docs.kernel.org/admin-guide/ras.html")


# =============================================================================== bq08
def bq08(c):
    """EKS p5 x16, torchtitan: one node's EFA device fails (AER + admin cmd timeouts, port DOWN); peers report unresponsive receiver."""
    rng = c.rng
    octs = [(144, 12), (144, 77), (145, 3), (145, 201), (146, 18), (146, 96), (147, 2), (147, 35),
            (147, 120), (147, 35), (148, 44), (148, 190), (149, 7), (149, 66), (150, 130), (151, 9)]
    octs[9] = (147, 53)
    nodes = ["ip-10-4-%d-%d.us-east-2.compute.internal" % o for o in octs]
    nips = ["10.4.%d.%d" % o for o in octs]
    job, ns = "llama3-70b-titan", "pretrain"
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(15)]
    nproc, nn = 8, 16
    bad, bad_gpu = 9, 4
    inst = ["i-0%s" % hexs(rng, 16) for _ in range(nn)]
    t0 = D(2024, 8, 2, 4, 40, 9)
    t_f = D(2024, 8, 2, 9, 12, 26)
    t_now = D(2024, 8, 2, 9, 38, 0)
    pips = ["10.4.%d.%d" % (o[0], (o[1] + 100) % 250 + 2) for o in octs]
    steps = titan_steps(plus(t0, 200), 0, 1620, 1.03, 11.2, rng, every=10, mem=63.8, tps=1210, mfu=38.4)
    steps = [(t, ln) for t, ln in steps if t < t_f]
    seq = 167512
    for i in range(nn):
        body = []
        if i == 0:
            for k, ln in enumerate(["[titan] %s - root - INFO - Starting job: Llama 3 70B training" ,
                                    "[titan] %s - root - INFO - Building 2-D device mesh with ['dp_shard', 'tp'], [16, 8]",
                                    "[titan] %s - root - INFO - Building tiktoken tokenizer locally from /models/llama3/tokenizer.model",
                                    "[titan] %s - root - INFO - Preparing c4 dataset from /fsx/datasets/c4",
                                    "[titan] %s - root - INFO - Building llama3 70B with ModelArgs(dim=8192, n_layers=80, n_heads=64, n_kv_heads=8, vocab_size=128256, multiple_of=4096, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')",
                                    "[titan] %s - root - INFO - Model llama3 70B size: 70,553,706,496 total parameters",
                                    "[titan] %s - root - INFO - Applied Tensor Parallelism to the model",
                                    "[titan] %s - root - INFO - Applied selective activation checkpointing to the model",
                                    "[titan] %s - root - INFO - Applied FSDP to the model",
                                    "[titan] %s - root - INFO - GPU memory usage for model: 9.41GiB(11.89%%)",
                                    "[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 32, sequence length 8192, total steps 100000 (warmup 2000)"]):
                tt = plus(t0, 70 + k * 6)
                body.append((tt, ln % pyts(tt)))
            body += steps
        lines, pids = pod_torchrun_log(rng, pods[i], i, nn, nproc, t0, pips[i], "efa", "%s-master-0" % job, job,
                                       "/workspace/torchtitan/train.py", body, bus=BUS["p5"], nccl_ver="2.21.5+cuda12.4",
                                       nnics=32, base_pid=94)
        tail = []
        if i == bad:
            r = bad * nproc + bad_gpu
            te = plus(t_f, 0.7)
            tail.append((te, "libfabric:%d:1722589946::efa:cq:efa_rdm_txe_handle_error():662<warn> err: 5, message: Input/output error (5) My EFA addr: fi_addr_efa://[fe80::4a8:51ff:fe%s:%s]:0:%d My host id: %s Peer EFA addr: fi_addr_efa://[fe80::49d:3cff:fe11:7ab2]:0:%d Peer host id: %s" % (pids[bad_gpu], hexs(rng, 2), hexs(rng, 4), rng.randint(10 ** 8, 10 ** 9), inst[bad], rng.randint(10 ** 8, 10 ** 9), inst[bad + 1])))
            tail.append((te, "%s:%d:%d [%d] nccl_net_ofi_rdma_req_complete:1203 NCCL WARN NET/OFI Request 0x7f%s completed with error. RC: 5. Error: 5 (Input/output error). Completed length: 0, Request: { dev: 17, size: 4194304, state: CREATED, type: SEND }" % (pods[i], pids[bad_gpu], pids[bad_gpu] + 101, bad_gpu, hexs(rng, 10))))
            tail.append((te, "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 2" % (pods[i], pids[bad_gpu], pids[bad_gpu] + 101, bad_gpu)))
            tail.append((te, "%s:%d:%d [%d] NCCL INFO proxy.cc:1520 -> 2" % (pods[i], pids[bad_gpu], pids[bad_gpu] + 101, bad_gpu)))
            tail.append((te, "%s:%d:%d [%d] NCCL INFO proxy.cc:1661 -> 2" % (pods[i], pids[bad_gpu], pids[bad_gpu] + 101, bad_gpu)))
            tj = plus(te, 0.4)
            tail.append((tj, "%s [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % (torch_glog(r, "E", tj, "ProcessGroupNCCL.cpp:1595"), r)))
            tail.append((tj, "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. "))
            tail.append((tj, "Last error:"))
            tail.append((tj, "NET/OFI Request completed with error. RC: 5. Error: 5 (Input/output error)"))
            tail.append((tj, "terminate called after throwing an instance of 'c10::DistBackendError'"))
            tail += agent_failure_tail(plus(t_f, 5.6), pods[i], "train.py", pids, [(bad_gpu, plus(t_f, 1.4), -6)], bad_gpu, i, nproc)
        else:
            if i in (bad - 1, bad + 1, 1, 5):
                for j in (bad_gpu, bad_gpu + 1):
                    tt = plus(t_f, 6.9 + rng.uniform(0, 1.5))
                    tail.append((tt, "%s:%d:%d [%d] nccl_net_ofi_rdma_req_complete:1203 NCCL WARN NET/OFI Request 0x7f%s completed with error. RC: 21. Error: 4123 (Unresponsive receiver (reachable by EFA device but handshake failed)). Completed length: 0, Request: { dev: %d, size: 0, state: CREATED, type: RECV }" % (pods[i], pids[j], pids[j] + 101, j, hexs(rng, 10), j * 4 + 1)))
                    tail.append((tt, "libfabric:%d:1722589952::efa:cq:efa_rdm_rxe_handle_error():1163<warn> err: 112, message: Unresponsive receiver (reachable by EFA device but handshake failed) My EFA addr: fi_addr_efa://[fe80::4c2:11ff:fe%s:%s]:0:%d My host id: %s Peer EFA addr: fi_addr_efa://[fe80::4a8:51ff:fe09:c3d1]:0:%d Peer host id: %s (4123)" % (pids[j], hexs(rng, 2), hexs(rng, 4), rng.randint(10 ** 8, 10 ** 9), inst[i], rng.randint(10 ** 8, 10 ** 9), inst[bad])))
            tw = plus(t_f, 600 + rng.uniform(0.1, 2.5))
            tail += watchdog_pod_tail(rng, pods[i], "train.py", i, nproc, pids, tw, seq, "_REDUCE_SCATTER_BASE", 55091200)
        lines += [ln for _, ln in sorted(tail, key=lambda x: x[0])]
        c.w("%s/%s.log" % (nodes[i], pods[i]), lines)
    # culprit node kernel log
    boot = D(2024, 7, 30, 18, 2, 44)
    up = (t_f - boot).total_seconds()
    ents = dmesg_boot("5.10.220-209.869.amzn2.x86_64", "550.90.07")
    efa_bus = ["%02x:00.0" % b for b in (0x52, 0x53, 0x54, 0x55, 0x63, 0x64, 0x65, 0x66, 0x74, 0x75, 0x76, 0x77, 0x85, 0x86, 0x87, 0x88,
                                        0x96, 0x97, 0x98, 0x99, 0xa7, 0xa8, 0xa9, 0xaa, 0xb8, 0xb9, 0xba, 0xbb, 0xc9, 0xca, 0xcb, 0xcc)]
    for k, b in enumerate(efa_bus):
        ents.append((21.0 + k * 0.05, "efa 0000:%s: Setup irq:%d name:efa-mgmnt@pci:0000:%s" % (b, 180 + k, b)))
        ents.append((21.01 + k * 0.05, "infiniband rdmap%ds0: IB device registered" % int(b[:2], 16)))
    bb = efa_bus[17]
    ents += [(up - 0.62, "pcieport 0000:96:01.0: AER: Multiple Uncorrected (Non-Fatal) error received: 0000:%s" % bb),
             (up - 0.62, "efa 0000:%s: PCIe Bus Error: severity=Uncorrected (Non-Fatal), type=Transaction Layer, (Requester ID)" % bb),
             (up - 0.62, "efa 0000:%s:   device [1d0f:efa2] error status/mask=00004000/00400000" % bb),
             (up - 0.62, "efa 0000:%s:    [14] CmpltTO                (First)" % bb),
             (up - 0.61, "efa 0000:%s: AER:   TLP Header: 00000000 00000000 00000000 00000000" % bb),
             (up - 0.60, "pcieport 0000:96:01.0: AER: device recovery failed"),
             (up + 2.9, "infiniband rdmap%ds0: Failed to process command MODIFY_QP (opcode 3) comp_status 7 err -110" % int(bb[:2], 16)),
             (up + 5.9, "infiniband rdmap%ds0: Failed to process command DESTROY_QP (opcode 4) comp_status 7 err -110" % int(bb[:2], 16)),
             (up + 9.0, "efa 0000:%s: Keep alive watchdog timeout" % bb),
             (up + 9.0, "efa 0000:%s: Device reset started" % bb),
             (up + 31.0, "efa 0000:%s: Failed to reset device, err -110" % bb),
             (up + 31.1, "infiniband rdmap%ds0: Port 1 state changed to DOWN" % int(bb[:2], 16))]
    c.w("%s/dmesg_-T.txt" % nodes[bad], render_dmesg(ents, boot))
    ps = ["$ for d in /sys/class/infiniband/*; do echo \"$(basename $d) $(cat $d/ports/1/state) $(cat $d/ports/1/phys_state)\"; done"]
    for b in efa_bus:
        nm = "rdmap%ds0" % int(b[:2], 16)
        ps.append("%s %s" % (nm, "1: DOWN 3: Disabled" if b == bb else "4: ACTIVE 5: LinkUp"))
    c.w("%s/efa_port_state.txt" % nodes[bad], ps)
    c.w("%s/fi_info_-p_efa_-t_FI_EP_RDM_count.txt" % nodes[bad], ["$ fi_info -p efa -t FI_EP_RDM | grep -c 'domain: rdmap'", "31", "$ lspci -d 1d0f:efa2 | wc -l", "32"])
    good = 3
    c.w("%s/fi_info_-p_efa_-t_FI_EP_RDM_count.txt" % nodes[good], ["$ fi_info -p efa -t FI_EP_RDM | grep -c 'domain: rdmap'", "32", "$ lspci -d 1d0f:efa2 | wc -l", "32"])
    c.w("kubectl_get_nodes_-o_custom-columns.txt", ["$ kubectl get nodes -l node.kubernetes.io/instance-type=p5.48xlarge -o custom-columns=NAME:.metadata.name,PROVIDER:.spec.providerID,READY:.status.conditions[-1].status"] +
        table(["NAME", "PROVIDER", "READY"], [[n, "aws:///us-east-2b/%s" % inst[k], "True"] for k, n in enumerate(nodes)]))
    rows = [{"name": p, "ready": "0/1", "status": "Error", "restarts": 0, "start": t0, "ip": pips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n pretrain get pods -o wide"] + pods_wide(rows, t_now))
    c.set_label("network", "infrastructure", nodes[bad], None, "restart_without_node",
                "ip-10-4-147-53 logged a PCIe completion timeout on EFA device 0000:97:00.0, admin-queue timeouts, a failed device reset and the port going DOWN (31 of 32 EFA devices left); its own rank 76 failed first with an EFA I/O error. The other nodes only report 'unresponsive receiver' toward that instance's host id and later watchdog timeouts.",
                "https://github.com/ofiwg/libfabric/pull/10410")


# =============================================================================== bq09
def bq09(c):
    """AKS 2 x ND H100 v5: every rank dies importing transformer_engine (undefined symbol) -> CrashLoopBackOff."""
    rng = c.rng
    nodes = ["aks-gpuh100-40711838-vmss000004", "aks-gpuh100-40711838-vmss000007"]
    job, ns = "megatron-moe", "research"
    pods = ["%s-master-0" % job, "%s-worker-0" % job]
    nproc, nn = 8, 2
    t0 = D(2024, 8, 19, 14, 2, 11)
    t_now = D(2024, 8, 19, 14, 31, 48)
    image = "acmeml.azurecr.io/train/megatron-moe:2024.08.19-1"
    sym = "_ZN3c106detail14torchCheckFailEPKcS2_jRKSs"
    so = "/usr/local/lib/python3.10/dist-packages/transformer_engine_torch.cpython-310-x86_64-linux-gnu.so"
    ips = ["10.244.%d.%d" % (4 + k, rng.randint(10, 90)) for k in range(nn)]
    starts = [0, 26, 58, 110, 202, 376, 690, 1004, 1318, 1632]
    restarts = [9, 9]
    for i in range(nn):
        for attempt, tag in ((restarts[i] - 1, "previous"), (restarts[i], "current")):
            ta = plus(t0, starts[attempt] + i * 1.3)
            body = []
            for j in range(nproc):
                r = i * nproc + j
                tj = plus(ta, 9.5 + j * 0.04 + rng.uniform(0, 0.1))
                body += [(tj, ln) for ln in rank_traceback(r, [
                    "File \"/opt/Megatron-LM/pretrain_gpt.py\", line 8, in <module>",
                    "    from megatron.training import get_args, pretrain, print_rank_0",
                    "File \"/opt/Megatron-LM/megatron/training/__init__.py\", line 16, in <module>",
                    "    from .training import pretrain, get_model, get_train_valid_test_num_samples",
                    "File \"/opt/Megatron-LM/megatron/training/training.py\", line 34, in <module>",
                    "    from megatron.core.distributed import DistributedDataParallel as DDP",
                    "File \"/opt/Megatron-LM/megatron/core/distributed/__init__.py\", line 3, in <module>",
                    "    from .distributed_data_parallel import DistributedDataParallel",
                    "File \"/opt/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py\", line 11, in <module>",
                    "    from ..transformer.transformer_config import TransformerConfig",
                    "File \"/opt/Megatron-LM/megatron/core/transformer/__init__.py\", line 3, in <module>",
                    "    from .module import MegatronModule",
                    "File \"/opt/Megatron-LM/megatron/core/transformer/module.py\", line 10, in <module>",
                    "    from megatron.core.transformer.transformer_config import TransformerConfig",
                    "File \"/opt/Megatron-LM/megatron/core/transformer/transformer_config.py\", line 9, in <module>",
                    "    from ..model_parallel_config import ModelParallelConfig",
                    "File \"/opt/Megatron-LM/megatron/core/utils.py\", line 25, in <module>",
                    "    import transformer_engine  # pylint: disable=unused-import",
                    "File \"/usr/local/lib/python3.10/dist-packages/transformer_engine/__init__.py\", line 11, in <module>",
                    "    from . import pytorch",
                    "File \"/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py\", line 63, in <module>",
                    "    _load_library()",
                    "File \"/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py\", line 58, in _load_library",
                    "    spec.loader.exec_module(solib)",
                    "File \"<frozen importlib._bootstrap_external>\", line 1176, in exec_module",
                    "File \"<frozen importlib._bootstrap>\", line 241, in _call_with_frames_removed"],
                    "ImportError: %s: undefined symbol: %s" % (so, sym))]
            body.append((plus(ta, 9), "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py:38: UserWarning: Detected a PyTorch installation (2.4.0+cu124) that differs from the one Transformer Engine was built against (2.3.0a0+ebedce2). Consider rebuilding Transformer Engine." if False else
                         "[W%s socket.cpp:697] [c10d] The client socket has failed to connect to [%s-master-0]:23456 (errno: 111 - Connection refused)." % (plus(ta, 9).strftime("%m%d %H:%M:%S.") + "%06d" % rng.randint(0, 999999), job) if i == 1 else
                         "[INFO] starting rank processes on %s" % pods[i]))
            lines, pids = [], [60 + 2 * k for k in range(nproc)]
            from klib import torchrun_preamble, elastic_agent_start
            timed = [(ta, ln) for ln in torchrun_preamble(ta, nproc)]
            timed += [(plus(ta, 0.3), ln) for ln in elastic_agent_start(plus(ta, 0.3), "/opt/Megatron-LM/pretrain_gpt.py", nn, nproc, "%s-master-0:23456" % job, job)]
            from klib import elastic_rdzv_done
            timed += [(plus(ta, 3.1), ln) for ln in elastic_rdzv_done(plus(ta, 3.1), i, nn, nproc, "%s-master-0" % job, port=23456)]
            timed += body
            fl = [(j, plus(ta, 10.6 + j * 0.05), 1) for j in range(nproc)]
            timed += agent_failure_tail(plus(ta, 14.2), pods[i], "pretrain_gpt.py", pids, fl, 0, i, nproc,
                                        root_extra={"error_file": "/tmp/torchelastic_%s/none_%s/attempt_0/0/error.json" % (alnum(rng, 8), alnum(rng, 8)),
                                                    "traceback": "Traceback (most recent call last):\n    File \"/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py\", line 58, in _load_library\n      spec.loader.exec_module(solib)\n  ImportError: %s: undefined symbol: %s" % (so, sym)})
            timed.sort(key=lambda x: x[0])
            c.w("%s/%s%s.log" % (nodes[i], pods[i], "" if tag == "current" else ".previous"),
                ["$ kubectl -n research logs %s%s" % (pods[i], " --previous" if tag == "previous" else "")] + [ln for _, ln in timed])
    rows = [{"name": p, "ready": "0/1", "status": "CrashLoopBackOff", "restarts": "%d (%s ago)" % (restarts[k], age((t_now - plus(t0, starts[restarts[k]] + k * 1.3)).total_seconds())), "start": t0, "ip": ips[k], "node": nodes[k]} for k, p in enumerate(pods)]
    c.w("kubectl_get_pods_-o_wide.txt", ["$ kubectl -n research get pods -o wide"] + pods_wide(rows, t_now))
    evs = []
    for k, p in enumerate(pods):
        evs.append((plus(t0, starts[restarts[k]] + k * 1.3 - 0.6), "Normal", "Pulled", "pod/%s" % p, 'Container image "%s" already present on machine' % image))
        evs.append((plus(t0, starts[restarts[k]] + k * 1.3 - 0.5), "Normal", "Created", "pod/%s" % p, "Created container pytorch"))
        evs.append((plus(t0, starts[restarts[k]] + k * 1.3), "Normal", "Started", "pod/%s" % p, "Started container pytorch"))
        evs.append((plus(t_now, -5 - k * 3), "Warning", "BackOff", "pod/%s" % p, "Back-off restarting failed container pytorch in pod %s_research(%s)" % (p, uuid4(rng))))
    evs.append((plus(t_now, -1500), "Warning", "Unhealthy", "pod/nvidia-dcgm-exporter-%s" % alnum(rng, 5), "Liveness probe failed: Get \"http://10.244.5.3:9400/health\": context deadline exceeded (Client.Timeout exceeded while awaiting headers)"))
    evs.append((plus(t_now, -1490), "Normal", "Killing", "pod/nvidia-dcgm-exporter-%s" % alnum(rng, 5), "Container nvidia-dcgm-exporter failed liveness probe, will be restarted"))
    evs.sort(key=lambda e: e[0])
    c.w("kubectl_get_events_-A.txt", ["$ kubectl get events -A --sort-by=.lastTimestamp | tail -n 30"] + events_table(evs, t_now))
    c.w("image_build/Dockerfile", [
        "FROM nvcr.io/nvidia/pytorch:24.03-py3",
        "# base ships torch 2.3.0a0+40ec155e58, transformer-engine 1.4.0 and apex prebuilt against it",
        "ARG MEGATRON_REF=core_r0.8.0",
        "RUN git clone https://github.com/NVIDIA/Megatron-LM.git /opt/Megatron-LM && cd /opt/Megatron-LM && git checkout ${MEGATRON_REF}",
        "RUN pip install --no-build-isolation git+https://github.com/NVIDIA/TransformerEngine.git@v1.7",
        "# need torch.distributed._composable fixes from 2.4 for the MoE dispatcher",
        "RUN pip install --upgrade --index-url https://download.pytorch.org/whl/cu124 torch==2.4.0",
        "RUN pip install -r /opt/Megatron-LM/requirements.txt",
        "ENV PYTHONPATH=/opt/Megatron-LM"])
    c.w("image_build/pip_list_from_image.txt", [
        "$ docker run --rm %s pip list 2>/dev/null | grep -Ei 'torch|transformer|apex|flash'" % image,
        "apex                      0.1",
        "flash-attn                2.4.2",
        "pytorch-triton            3.0.0",
        "torch                     2.4.0+cu124",
        "torch-tensorrt            2.3.0a0",
        "torchvision               0.18.0a0",
        "transformer-engine        1.7.0+4e7caa1",
        "$ docker run --rm %s python -c 'import torch; print(torch.__version__, torch.version.cuda)'" % image,
        "2.4.0+cu124 12.4",
        "$ docker run --rm %s python -c 'import transformer_engine'" % image,
        "Traceback (most recent call last):",
        "  File \"<string>\", line 1, in <module>",
        "  File \"/usr/local/lib/python3.10/dist-packages/transformer_engine/__init__.py\", line 11, in <module>",
        "    from . import pytorch",
        "  File \"/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py\", line 63, in <module>",
        "    _load_library()",
        "ImportError: %s: undefined symbol: %s" % (so, sym)])
    c.set_label("dependency", "framework", None, None, "stop",
                "All 16 ranks on both nodes die at import with 'transformer_engine_torch...so: undefined symbol' on every restart (CrashLoopBackOff). The image builds Transformer Engine against the base image's torch 2.3 and then upgrades torch to 2.4.0; the same import fails in a plain docker run of the image, so it is the image, not a node.",
                "https://github.com/NVIDIA/TransformerEngine/issues/1192")


# =============================================================================== bq10
def bq10(c):
    """KubeRay RayJob, Ray Train + HF Trainer + DeepSpeed fp16: loss scale collapses to the minimum after an LR change."""
    rng = c.rng
    head_node = "gke-research-cpu-pool-3f21a7c9-bq4m"
    gpu_nodes = ["gke-research-a2-ultragpu-4g-5d1b2c3e-q7wz", "gke-research-a2-ultragpu-4g-5d1b2c3e-x2nf", "gke-research-a2-ultragpu-4g-5d1b2c3e-zk8p"]
    ips = ["10.68.3.14", "10.68.4.9", "10.68.5.22"]
    head_ip = "10.68.0.12"
    rc = "ft-llama-raycluster-4k9xp"
    wpods = ["%s-worker-gpu-group-%s" % (rc, alnum(rng, 5)) for _ in range(3)]
    hpod = "%s-head-%s" % (rc, alnum(rng, 5))
    sub = "ft-llama-7b-%s" % alnum(rng, 5)
    t0 = D(2024, 5, 8, 9, 58, 2)
    t_bad = D(2024, 5, 8, 10, 31, 10)
    t_fail = None
    t_now = D(2024, 5, 8, 10, 40, 11)
    L = []
    def R(t, s):
        L.append("%s\t%s" % (pyts(t), s))
    R(t0, "INFO cli.py:36 -- Job submission server address: http://%s-head-svc.ray.svc.cluster.local:8265" % rc)
    R(plus(t0, 1.4), "SUCC cli.py:60 -- -------------------------------------------------------")
    R(plus(t0, 1.4), "SUCC cli.py:61 -- Job '%s' submitted successfully" % sub)
    R(plus(t0, 1.4), "SUCC cli.py:62 -- -------------------------------------------------------")
    R(plus(t0, 1.4), "INFO cli.py:285 -- Next steps")
    R(plus(t0, 1.4), "INFO cli.py:286 -- Query the logs of the job:")
    R(plus(t0, 1.4), "INFO cli.py:288 -- ray job logs %s" % sub)
    R(plus(t0, 1.5), "INFO cli.py:303 -- Tailing logs until the job exits (disable with --no-wait):")
    R(plus(t0, 8), "INFO worker.py:1429 -- Using address %s:6379 set in the environment variable RAY_ADDRESS" % head_ip)
    R(plus(t0, 8), "INFO worker.py:1564 -- Connecting to existing Ray cluster at address: %s:6379..." % head_ip)
    R(plus(t0, 8.4), "INFO worker.py:1740 -- Connected to Ray cluster. View the dashboard at http://%s:8265 " % head_ip)
    R(plus(t0, 8.5), "INFO tune.py:614 -- [output] This uses the legacy output and progress reporter, as Jupyter notebooks are not supported by the new engine, yet. For more information, please see https://github.com/ray-project/ray/issues/36949")
    body = []
    def W(t, wi, pid, s):
        body.append((t, "(RayTrainWorker pid=%d, ip=%s) %s" % (pid, ips[wi // 4], s)))
    tpid = 1931
    wpids = [2381 + k * 7 for k in range(12)]
    t1 = plus(t0, 12)
    body.append((t1, "(TrainTrainable pid=%d, ip=%s) Trainable.setup took 15.532 seconds. If your trainable is slow to initialize, consider setting reuse_actors=True to reduce actor creation overheads." % (tpid, ips[0])))
    body.append((plus(t1, 18), "(TorchTrainer pid=%d, ip=%s) Started distributed worker processes: " % (tpid, ips[0])))
    for k in range(12):
        body.append((plus(t1, 18), "(TorchTrainer pid=%d, ip=%s) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % (tpid, ips[0], hexs(rng, 56), ips[k // 4], wpids[k], k, k % 4, k // 4)))
    W(plus(t1, 19), 0, wpids[0], "Setting up process group for: env:// [rank=0, world_size=12]")
    W(plus(t1, 30), 0, wpids[0], "[%s] [INFO] [comm.py:637:init_distributed] cdb=None" % pyts(plus(t1, 30)))
    W(plus(t1, 31), 0, wpids[0], "[%s] [INFO] [config.py:1000:print]   fp16_enabled ................. True" % pyts(plus(t1, 31)))
    W(plus(t1, 31), 0, wpids[0], "[%s] [INFO] [config.py:1000:print]   initial_dynamic_scale ........ 65536" % pyts(plus(t1, 31)))
    W(plus(t1, 31), 0, wpids[0], "[%s] [INFO] [config.py:1000:print]   dynamic_loss_scale_args ...... {'init_scale': 65536, 'scale_window': 1000, 'delayed_shift': 2, 'consecutive_hysteresis': False, 'min_scale': 1}" % pyts(plus(t1, 31)))
    W(plus(t1, 31), 0, wpids[0], "[%s] [INFO] [config.py:1000:print]   zero_optimization_stage ...... 2" % pyts(plus(t1, 31)))
    W(plus(t1, 32), 0, wpids[0], "[INFO|trainer.py:2078] %s >> ***** Running training *****" % pyts(plus(t1, 32)))
    W(plus(t1, 32), 0, wpids[0], "[INFO|trainer.py:2079] %s >>   Num examples = 1,204,118" % pyts(plus(t1, 32)))
    W(plus(t1, 32), 0, wpids[0], "[INFO|trainer.py:2085] %s >>   Total train batch size (w. parallel, distributed & accumulation) = 192" % pyts(plus(t1, 32)))
    W(plus(t1, 32), 0, wpids[0], "[INFO|trainer.py:2087] %s >>   Total optimization steps = 6,271" % pyts(plus(t1, 32)))
    t = plus(t1, 40)
    s = 0
    loss = 1.92
    scale = 65536
    while True:
        s += 10
        t = plus(t, 10 * 1.9 * (1 + rng.uniform(-0.02, 0.02)))
        lr = 1e-3 * min(1.0, s / 200.0)
        if t < t_bad:
            loss = max(1.1, loss - rng.uniform(0, 0.015) + rng.uniform(-0.01, 0.01))
            W(t, 0, wpids[0], "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (loss, rng.uniform(0.9, 2.4) * (1 + s / 300.0), lr, s / 6271.0))
            if rng.random() < 0.08:
                W(t, 0, wpids[0], "[%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (pyts(t), scale, scale // 2))
                scale //= 2
        else:
            if scale == 1:
                t_fail = plus(t, -9.5)
                break
            for _ in range(5):
                if scale > 1:
                    W(t, 0, wpids[0], "[%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (pyts(t), scale, scale // 2))
                    scale //= 2
            W(t, 0, wpids[0], "{'loss': %s, 'grad_norm': %s, 'learning_rate': %.4e, 'epoch': %.2f}" % ("nan" if scale < 64 else "%.4f" % (loss * rng.uniform(3, 9)), "nan" if scale < 256 else "inf", lr, s / 6271.0))
    run_s = int((t_fail - t1).total_seconds())
    last_t = t_fail
    for k in range(12):
        tk = plus(t_fail, -0.4 + k * 0.03)
        W(tk, k, wpids[k], "[%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank %d Skipping step. Attempted loss scale: 1, but scale_factor is already at the minimum" % (pyts(tk), k) if False else
          "[%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank %d Skipping step. Attempted loss scale: 1, reducing to 1" % (pyts(tk), k))
    for ln, t_ in [(x, plus(t_fail, 0.2)) for x in [
            "ERROR tune_controller.py:1332 -- Trial task failed for trial TorchTrainer_6a1f3_00000",
            "Traceback (most recent call last):",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/air/execution/_internal/event_manager.py\", line 110, in resolve_future",
            "    result = ray.get(future)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/auto_init_hook.py\", line 21, in auto_init_wrapper",
            "    return fn(*args, **kwargs)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/worker.py\", line 2623, in get",
            "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/_private/worker.py\", line 863, in get_objects",
            "    raise value.as_instanceof_cause()",
            "ray.exceptions.RayTaskError(Exception): ray::_Inner.train() (pid=%d, ip=%s, actor_id=%s, repr=TorchTrainer)" % (tpid, ips[0], hexs(rng, 32)),
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/tune/trainable/trainable.py\", line 331, in train",
            "    raise skipped from exception_cause(skipped)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py\", line 57, in check_for_failure",
            "    ray.get(object_ref)",
            "ray.exceptions.RayTaskError(Exception): ray::_RayTrainWorker__execute.get_next() (pid=%d, ip=%s, actor_id=%s, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7f2b4c1e3a90>)" % (wpids[0], ips[0], hexs(rng, 32)),
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/worker_group.py\", line 33, in __execute",
            "    raise skipped from exception_cause(skipped)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/ray/train/_internal/utils.py\", line 169, in discard_return_wrapper",
            "    train_func(*args, **kwargs)",
            "  File \"/home/ray/workdir/train_llama.py\", line 214, in train_func",
            "    trainer.train()",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/transformers/trainer.py\", line 1885, in train",
            "    return inner_training_loop(",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/transformers/trainer.py\", line 2278, in _inner_training_loop",
            "    self.accelerator.backward(loss)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/accelerate/accelerator.py\", line 2117, in backward",
            "    self.deepspeed_engine_wrapped.backward(loss, **kwargs)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/accelerate/utils/deepspeed.py\", line 175, in backward",
            "    self.engine.step()",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/deepspeed/runtime/engine.py\", line 2169, in step",
            "    self._take_model_step(lr_kwargs)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/deepspeed/runtime/engine.py\", line 2075, in _take_model_step",
            "    self.optimizer.step()",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py\", line 1811, in step",
            "    self._update_scale(self.overflow)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/deepspeed/runtime/zero/stage_1_and_2.py\", line 2051, in _update_scale",
            "    self.loss_scaler.update_scale(has_overflow)",
            "  File \"/home/ray/anaconda3/lib/python3.10/site-packages/deepspeed/runtime/fp16/loss_scaler.py\", line 175, in update_scale",
            "    raise Exception(",
            "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."]]:
        body.append((t_, ln))
    body.append((plus(t_fail, 0.3), "Training errored after 0 iterations at %s. Total running time: %dmin %ds" % (sqlts(t_fail), run_s // 60, run_s % 60)))
    body.append((plus(t_fail, 0.3), "Error file: /home/ray/ray_results/TorchTrainer_2024-05-08_09-58-11/TorchTrainer_6a1f3_00000_0_2024-05-08_09-58-12/error.txt"))
    body.append((plus(t_fail, 1.1), "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error messages for a cause. After fixing the issue (assuming that the error is not caused by your own application logic, but rather an error such as OOM), you can restart the run from scratch or continue this run."))
    body.sort(key=lambda x: x[0])
    for t_, ln in body:
        L.append(ln)
    R(plus(t_fail, 2.9), "ERR cli.py:68 -- -------------------------------------------")
    R(plus(t_fail, 2.9), "ERR cli.py:69 -- Job '%s' failed" % sub)
    R(plus(t_fail, 2.9), "ERR cli.py:70 -- -------------------------------------------")
    c.w("%s-submitter.log" % sub if False else "rayjob_submitter_%s.log" % sub, ["$ kubectl -n ray logs job/%s" % sub] + L)
    c.w("kubectl_get_rayjob.txt", ["$ kubectl -n ray get rayjob ft-llama-7b -o jsonpath='{.status}' | jq .",
        __import__("json").dumps({"dashboardURL": "%s:8265" % head_ip, "endTime": iso_z(plus(t_fail, 5), 0), "jobDeploymentStatus": "Complete",
                                  "jobId": sub, "jobStatus": "FAILED", "message": "Job failed due to an application error, last available logs (truncated to 20,000 chars):\n...Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.",
                                  "rayClusterName": rc, "startTime": iso_z(t0, 0)}, indent=2)])
    c.w("workdir/train_config.yaml", ["model_name_or_path: /mnt/models/llama-2-7b-hf", "dataset: /mnt/data/sft-mix-v4.jsonl", "max_seq_len: 4096",
                                      "per_device_train_batch_size: 4", "gradient_accumulation_steps: 4", "learning_rate: 1.0e-3   # was 2.0e-5",
                                      "warmup_steps: 200", "lr_scheduler_type: cosine", "fp16: true", "bf16: false", "deepspeed: ds_zero2_fp16.json",
                                      "num_workers_per_node: 4", "use_gpu: true"])
    c.w("workdir/git_log_-3.txt", ["commit 7b1e9f2c4a3d5e6f7081920a1b2c3d4e5f607182", "Author: pchen <pchen@acme.ai>", "Date:   Wed May 8 09:51:40 2024 +0000", "",
                                   "    bump lr to 1e-3 to converge faster on sft-mix-v4; switch to fp16 (a2 pool)", "",
                                   "commit 3c2d1e0f9a8b7c6d5e4f3a2b1c0d9e8f7a6b5c4d", "Author: pchen <pchen@acme.ai>", "Date:   Tue May 7 17:02:13 2024 +0000", "",
                                   "    sft-mix-v4 dataloader"])
    # per-node files: raylet/pod logs + DCGM
    for k, n in enumerate(gpu_nodes):
        pl = ["$ kubectl -n ray logs %s -c ray-worker" % wpods[k],
              "[%s] ray start --address=%s-head-svc.ray.svc.cluster.local:6379 --metrics-export-port=8080 --block --dashboard-agent-listen-port=52365 --num-cpus=44 --memory=318000000000 --num-gpus=4" % (iso_z(plus(t0, -600), 3), rc),
              "%s\tINFO scripts.py:1047 -- Local node IP: %s" % (pyts(plus(t0, -596)), ips[k]),
              "%s\tSUCC scripts.py:1063 -- --------------------" % pyts(plus(t0, -594)),
              "%s\tSUCC scripts.py:1064 -- Ray runtime started." % pyts(plus(t0, -594)),
              "%s\tSUCC scripts.py:1065 -- --------------------" % pyts(plus(t0, -594)),
              "%s\tINFO scripts.py:1067 -- To terminate the Ray runtime, run" % pyts(plus(t0, -594)),
              "%s\tINFO scripts.py:1068 --   ray stop" % pyts(plus(t0, -594)),
              "%s\tINFO scripts.py:1076 -- --block" % pyts(plus(t0, -594)),
              "%s\tINFO scripts.py:1077 -- This command will now block forever until terminated by a signal." % pyts(plus(t0, -594)),
              "%s\tINFO scripts.py:1080 -- Running subprocesses are monitored and a message will be printed if any of them terminate unexpectedly. Subprocesses exit with SIGTERM will be treated as graceful, thus NOT reported." % pyts(plus(t0, -594))]
        c.w("%s/%s.log" % (n, wpods[k]), pl)
        gp = [(gpu_uuid(rng), "0000:%02x:00" % b) for b in (0x00 + 0x10 * j + 0x06 for j in range(4))]
        vals = {"DCGM_FI_DEV_GPU_TEMP": [float(rng.randint(52, 61)) for _ in range(4)],
                "DCGM_FI_DEV_GPU_UTIL": [float(rng.randint(93, 99)) for _ in range(4)],
                "DCGM_FI_DEV_FB_USED": [float(rng.randint(61000, 66000)) for _ in range(4)],
                "DCGM_FI_DEV_XID_ERRORS": [0.0] * 4,
                "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": [0.0, 0.0, 3.0 if k == 1 else 0.0, 0.0],
                "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": [0.0] * 4,
                "DCGM_FI_DEV_CLOCK_THROTTLE_REASONS": [0.0] * 4}
        c.w("%s/dcgm-exporter_metrics_%s.txt" % (n, hms(plus(t_fail, -60)).replace(":", "")), ["# curl -s %s:9400/metrics (scraped %s)" % (ips[k], iso_z(plus(t_fail, -60), 0))] +
            dcgm_scrape(n, gp, vals, model="NVIDIA A100-SXM4-80GB", driver="535.104.12", pods=wpods[k], namespace="ray", container="ray-worker"))
    c.w("%s/%s.log" % (head_node, hpod), ["$ kubectl -n ray logs %s -c ray-head | tail -n 8" % hpod,
        "%s\tINFO usage_lib.py:449 -- Usage stats collection is enabled by default without user confirmation because this terminal is detected to be non-interactive." % pyts(plus(t0, -660)),
        "%s\tINFO scripts.py:744 -- Local node IP: %s" % (pyts(plus(t0, -660)), head_ip),
        "%s\tSUCC scripts.py:781 -- Ray runtime started." % pyts(plus(t0, -655)),
        "%s\tINFO scripts.py:909 -- --block" % pyts(plus(t0, -655)),
        "%s\tWARNING autoscaler.py:120 -- Resource demand {'CPU': 1.0} cannot be satisfied by any node type; this demand will be ignored" % pyts(plus(t0, 4)) if False else
        "%s\tINFO monitor.py:690 -- Autoscaler has not yet received load metrics. Waiting." % pyts(plus(t0, -650))])
    c.set_label("numerical", "script", None, None, "stop",
                "DeepSpeed's dynamic loss scale halves on every step from 10:31 until it hits the minimum and training raises 'Current loss scale already at minimum'; loss and grad_norm go inf/nan on all 12 ranks at the same step. The run's config was just changed to lr 1e-3 (from 2e-5) with fp16; GPU metrics are clean.",
                "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/534")


CASES = [
    ("bq01_worker_exit_code_1_after_gpu_lost", bq01),
    ("bq02_all_workers_stuck_containercreating", bq02),
    ("bq03_worker_evicted_mid_epoch", bq03),
    ("bq04_pods_oomkilled_exit_137", bq04),
    ("bq05_cuda_oom_one_rank_at_first_step", bq05),
    ("bq06_pods_gone_node_notready", bq06),
    ("bq07_volcano_job_aborted_node_notready", bq07),
    ("bq08_nccl_timeouts_efa_unresponsive_receiver", bq08),
    ("bq09_crashloopbackoff_at_import", bq09),
    ("bq10_rayjob_failed_loss_scale_minimum", bq10),
]
