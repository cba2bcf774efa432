"""Cases bd20-bd28."""

import json
import random

import loglib as L
import scen as S
from scen import Node, us

SEC = L.sec


def klog(t, lvl, pid, src, msg):
    """kubelet klog line: I0302 04:31:12.008402    3121 eviction_manager.go:388] msg"""
    return "%s    %d %s] %s" % (L.glog(t, lvl), pid, src, msg)


# --------------------------------------------------------------------------------------------- bd20
def bd20(c):
    """Kubeflow PyTorchJob on AKS, 4 pods on 4 nodes. Kubelet on vmss00000c evicts worker-1 for ephemeral-storage
    pressure (image GC could free nothing; node disk full of stale images). Pod logs elsewhere: 10-min timeouts."""
    rng = random.Random(5920)
    z = L.UTC
    nn = ["aks-gpu-38514921-vmss000000", "aks-gpu-38514921-vmss000003", "aks-gpu-38514921-vmss00000c", "aks-gpu-38514921-vmss000007"]
    pods = ["llm-ft-master-0", "llm-ft-worker-0", "llm-ft-worker-1", "llm-ft-worker-2"]
    nodes = [Node(rng, h, i, "10.244.%d.%d" % (3 + i, 17 + i), z, L.HGX_H100_BUS) for i, h in enumerate(nn)]
    for nd in nodes:
        nd.agent_pid = 1
        nd.pids = [40 + i * 3 for i in range(8)]
    t0 = L.T(2025, 3, 2, 0, 12, 40)
    t_ev = L.T(2025, 3, 2, 4, 31, 12, 512000)
    bad = nodes[2]
    for nd, pod in zip(nodes, pods):
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 4, 8, "llm-ft-master-0:23456", "/workspace/sft.py --model /models/qwen2-7b --output_dir /mnt/azureblob/ckpt/llm-ft", rdzv_id="llm-ft"))
        st.add(t0 + SEC(30), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4", ifname="eth0"))
        if nd.node_rank == 0:
            for s in range(10, 10000, 10):
                t = t0 + SEC(90 + s * 3.33)
                if t > t_ev:
                    break
                if s % 50 == 0:
                    st.add(t, "{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (
                        1.1 * (0.9996 ** s) + 0.6 + rng.uniform(-0.02, 0.02), rng.uniform(0.4, 1.1), 2e-5, s / 4200.0))
        if nd is bad:
            st.add(t_ev + SEC(0.1), [L.elastic_new(t_ev + SEC(0.1), "W", 1, "Received Signals.SIGTERM death signal, shutting down workers", z, path="torch/distributed/elastic/agent/server/api.py:704")] +
                   [L.elastic_new(t_ev + SEC(0.1) + us(800 * i), "W", 1, "Sending process %d closing signal SIGTERM" % nd.pids[i], z) for i in range(8)] +
                   S.py_tb("", [("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                                (S.SITE + "/torch/distributed/run.py", 910, "run", "elastic_launch("),
                                (S.SITE + "/torch/distributed/elastic/multiprocessing/api.py", 84, "_terminate_process_handler", "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")],
                           ["torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15"]))
        else:
            tw = t_ev + SEC(600 + rng.uniform(0.5, 2.0))
            last = S.timeout_node(rng, st, nd, tw, 91224, optype="ALLREDUCE", numel=1, timeout_ms=600000, frames=False)
            S.agent_fail(rng, st, nd, last + SEC(1.1), rng.randint(0, 7), -6, "sft.py")
        c.write("%s/%s.log" % (nd.host, pod), st.text())
    K = lambda t, m, h=bad.host: "%s %s kubelet[3121]: %s" % (L.iso(t, z), h, m)
    tg = L.T(2025, 3, 2, 4, 29, 58, 412201)
    kl = [K(L.T(2025, 3, 2, 0, 12, 31, 880210), klog(L.T(2025, 3, 2, 0, 12, 31, 880111), "I", 3121, "kubelet.go:2437", "\"SyncLoop ADD\" source=\"api\" pods=[\"ml/llm-ft-worker-1\"]")),
          K(tg, klog(tg, "I", 3121, "image_gc_manager.go:391", "\"Disk usage on image filesystem is over the high threshold, trying to free bytes down to the low threshold\" usage=91 highThreshold=85 amountToFree=231174922240 lowThreshold=80")),
          K(tg + SEC(0.49), klog(tg + SEC(0.49), "E", 3121, "kubelet.go:1551", "\"Image garbage collection failed multiple times in a row\" err=\"Failed to garbage collect required amount of images. Attempted to free 231174922240 bytes, but only found 0 bytes eligible to free.\"")),
          K(t_ev - SEC(0.5), klog(t_ev - SEC(0.5), "W", 3121, "eviction_manager.go:377", "\"Eviction manager: attempting to reclaim\" resourceName=\"ephemeral-storage\"")),
          K(t_ev - SEC(0.5), klog(t_ev - SEC(0.5), "I", 3121, "eviction_manager.go:388", "\"Eviction manager: must evict pod(s) to reclaim\" resourceName=\"ephemeral-storage\"")),
          K(t_ev - SEC(0.5), klog(t_ev - SEC(0.5), "I", 3121, "eviction_manager.go:406", "\"Eviction manager: pods ranked for eviction\" pods=[\"ml/llm-ft-worker-1\",\"kube-system/ama-logs-7xk2p\",\"kube-system/csi-blob-node-q9t4d\"]")),
          K(t_ev + SEC(31.2), klog(t_ev + SEC(31.2), "I", 3121, "eviction_manager.go:616", "\"Eviction manager: pod is evicted successfully\" pod=\"ml/llm-ft-worker-1\"")),
          K(t_ev + SEC(31.3), klog(t_ev + SEC(31.3), "I", 3121, "eviction_manager.go:447", "\"Eviction manager: pods evicted, waiting for pod to be cleaned up\" pods=[\"ml/llm-ft-worker-1\"]"))]
    c.write("%s/journalctl-u-kubelet.txt" % bad.host, kl)
    c.write("%s/df-and-images.txt" % bad.host, ["$ df -h /var/lib/containerd", "Filesystem      Size  Used Avail Use% Mounted on",
                                               "/dev/sda1       1.0T  931G   93G  91% /",
                                               "$ crictl images | sort -k4 -h | tail -5",
                                               "acrml.azurecr.io/ml/train-cu121           2024-11-03-a1   8f1c2d9e4b6a0   42.1GB",
                                               "acrml.azurecr.io/ml/train-cu121           2024-12-10-b7   0a7e3f2c1d9b8   43.0GB",
                                               "acrml.azurecr.io/ml/eval-harness          v0.9.4          c3d1e0f9a2b7c   47.9GB",
                                               "acrml.azurecr.io/ml/train-cu124           2025-02-20-c2   1e9b7d3a5c0f2   44.6GB",
                                               "acrml.azurecr.io/ml/train-cu124           2025-02-28-d4   6b2c8e0f4a1d3   44.8GB",
                                               "$ crictl images | wc -l", "23"])
    c.write("kubectl_describe_pod_llm-ft-worker-1.txt", [
        "Name:             llm-ft-worker-1", "Namespace:        ml", "Priority:         0",
        "Service Account:  default", "Node:             %s/10.224.0.41" % bad.host,
        "Start Time:       Sun, 02 Mar 2025 00:12:09 +0000",
        "Labels:           training.kubeflow.org/job-name=llm-ft", "                  training.kubeflow.org/replica-index=1",
        "                  training.kubeflow.org/replica-type=worker",
        "Status:           Failed", "Reason:           Evicted",
        "Message:          The node was low on resource: ephemeral-storage. Threshold quantity: 10120387530, available: 9702960Ki. Container pytorch was using 2841320Ki, request is 0, has larger consumption of ephemeral-storage. ",
        "IP:               10.244.5.19", "Controlled By:  PyTorchJob/llm-ft",
        "Containers:", "  pytorch:", "    Image:          acrml.azurecr.io/ml/train-cu124:2025-02-28-d4",
        "    State:          Terminated", "      Reason:       ContainerStatusUnknown", "      Exit Code:    137",
        "    Limits:", "      nvidia.com/gpu:  8", "      rdma/ib:         1",
        "Events:", "  Type     Reason   Age   From     Message", "  ----     ------   ----  ----     -------",
        "  Warning  Evicted  14m   kubelet  The node was low on resource: ephemeral-storage. Threshold quantity: 10120387530, available: 9702960Ki. Container pytorch was using 2841320Ki, request is 0, has larger consumption of ephemeral-storage.",
        "  Normal   Killing  14m   kubelet  Stopping container pytorch"])
    c.write("kubectl_get_events_ml.txt", [
        "LAST SEEN   TYPE      REASON                OBJECT                MESSAGE",
        "14m         Warning   EvictionThresholdMet  node/%s   Attempting to reclaim ephemeral-storage" % bad.host,
        "14m         Warning   Evicted               pod/llm-ft-worker-1   The node was low on resource: ephemeral-storage. Threshold quantity: 10120387530, available: 9702960Ki. Container pytorch was using 2841320Ki, request is 0, has larger consumption of ephemeral-storage.",
        "14m         Normal    Killing               pod/llm-ft-worker-1   Stopping container pytorch",
        "3m          Normal    ExitedWithCode        pytorchjob/llm-ft     Pod: ml.llm-ft-worker-0 exited with code 134",
        "3m          Normal    ExitedWithCode        pytorchjob/llm-ft     Pod: ml.llm-ft-master-0 exited with code 134",
        "3m          Warning   PyTorchJobFailed      pytorchjob/llm-ft     PyTorchJob llm-ft is failed because 1 Master replica(s) failed."])
    c.label("storage", "infrastructure", bad.host, None, "restart_without_node",
            "The first event is the kubelet on vmss00000c evicting llm-ft-worker-1 at 04:31 for ephemeral-storage pressure; "
            "the node's image store is 91% full and image GC could not free anything, while the pod itself used only 2.8 GB. "
            "The other pods time out ten minutes later.",
            "https://github.com/kubernetes/kubernetes/issues/91600")


# --------------------------------------------------------------------------------------------- bd21
def bd21(c):
    """16 nodes on two leaf switches; at 22:17:43 all eight nodes behind ib-leaf-08a lose every HCA link at once and
    regain it 3 min later; nodes behind ib-leaf-07a accuse the r08 addresses. No single node is at fault."""
    rng = random.Random(5921)
    z = L.UTC
    hosts = ["r07n%02d" % i for i in range(1, 9)] + ["r08n%02d" % i for i in range(1, 9)]
    nodes = [Node(rng, h, i, "10.70.%d.%d" % (7 if h.startswith("r07") else 8, int(h[-2:])), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 3, 21, 16, 0, 20)
    t_dn = L.T(2025, 3, 21, 22, 17, 43, 201000)
    seq = 330581
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 16, 8, "r07n01:29500", "train_fsdp2.py --model llama-70b --fsdp-shard 128", rdzv_id="l70b-0321"))
        st.add(t0 + SEC(30), S.nccl_init_all(rng, nd, 128, 16, version="2.23.4+cuda12.6"))
        if nd.node_rank == 0:
            t = t0 + SEC(120)
            s = 0
            while t < t_dn - SEC(10):
                s += 10
                t += SEC(10 * 6.1)
                st.add(t, "%s | step %6d | loss %.4f | mfu %.1f%%" % (L.pylog_ms(t, z), s, 1.7 + 2 * (0.9994 ** s) + rng.uniform(-0.02, 0.02), 41.3 + rng.uniform(-0.5, 0.5)))
        if nd.host.startswith("r08"):
            st.add(t_dn + SEC(0.2), ["%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % (nd.host, nd.pids[i], nd.pids[i] + 199, i) for i in range(8)])
            tw = t_dn + SEC(600 + rng.uniform(0.1, 1.0))
            last = S.timeout_node(rng, st, nd, tw, seq, optype="_ALLGATHER_BASE", numel=33554432, timeout_ms=600000, frames=False)
        else:
            last = t_dn
            for i in range(8):
                peer = rng.choice([n for n in nodes if n.host.startswith("r08")])
                tt = t_dn + SEC(19 + rng.uniform(0, 4))
                tid = nd.pids[i] + 402
                st.add(tt, ["%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s" % (
                    nd.host, nd.pids[i], tid, i, peer.ip, rng.randint(30000, 62000), rng.choice([0, 1]), rng.choice(["Send", "Recv"]), nd.ip, peer.ip),
                    "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (nd.host, nd.pids[i], tid, i)])
                rr = nd.rank(i)
                te = tt + SEC(0.3)
                st.add(te, ["[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.23.4" % (rr, L.c10(te, "E", z), rr),
                            "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                            "Last error:",
                            "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (peer.ip, rng.randint(30000, 62000), nd.ip, peer.ip)])
                last = max(last, te)
        S.agent_fail(rng, st, nd, last + SEC(1.3), rng.randint(0, 7), -6, "train_fsdp2.py")
        c.write("%s/torchrun.log" % nd.host, st.text())
        dl = []
        fmt = lambda t: L.dmesg_T(t, z)
        if nd.host.startswith("r08"):
            for i, bus in enumerate(["0000:1a:00.0", "0000:3c:00.0", "0000:4d:00.0", "0000:5e:00.0", "0000:9c:00.0", "0000:bc:00.0", "0000:cc:00.0", "0000:dc:00.0"]):
                dl.append("%s mlx5_core %s ibp%ds0: Link down" % (fmt(t_dn + us(rng.randint(0, 400000))), bus, int(bus[5:7], 16)))
            for i, bus in enumerate(["0000:1a:00.0", "0000:3c:00.0", "0000:4d:00.0", "0000:5e:00.0", "0000:9c:00.0", "0000:bc:00.0", "0000:cc:00.0", "0000:dc:00.0"]):
                dl.append("%s mlx5_core %s ibp%ds0: Link up" % (fmt(t_dn + SEC(199 + rng.uniform(0, 2))), bus, int(bus[5:7], 16)))
        else:
            dl.append("%s mlx5_core 0000:1a:00.0 ibp26s0: Link up" % fmt(L.T(2025, 3, 20, 5, 12, 9)))
        c.write("%s/dmesg.txt" % nd.host, dl)
    sm = []
    tsm = t_dn + SEC(0.15)
    for k in range(8):
        sm.append("%s %06d [A2FF8700] 0x02 -> log_trap_info: Received Generic Notice type:1 num:128 (Link state change) Producer:2 (Switch) from LID:%d TID:0x%016x" % (
            L.syslog(tsm, z), 201000 + k * 97, 1180 + k * 16, rng.getrandbits(32)))
    sm.append("%s 512337 [A2FF8700] 0x01 -> drop_mgr_remove_port: Removed port with GUID:0xfc6a1c0300e3a180 LID range [1204, 1204] of node:ib-leaf-08a" % L.syslog(tsm + SEC(0.3), z))
    sm.append("%s 513002 [A2FF8700] 0x02 -> SUBNET UP" % L.syslog(tsm + SEC(0.8), z))
    sm.append("%s 004481 [A2FF8700] 0x02 -> osm_spst_rcv_process: Switch 0xfc6a1c0300e3a180 ib-leaf-08a port 1 (ib-leaf-08a) changed state from DOWN to ARMED" % L.syslog(t_dn + SEC(197), z))
    sm.append("%s 021122 [A2FF8700] 0x02 -> SUBNET UP" % L.syslog(t_dn + SEC(199), z))
    c.write("opensm.log.excerpt", sm)
    c.topology({"ib-leaf-07a": hosts[:8], "ib-leaf-08a": hosts[8:]})
    c.label("network", "infrastructure", None, None, "restart",
            "At 22:17:43 every HCA on all eight nodes behind ib-leaf-08a goes down in the same second and comes back ~3 min "
            "later, the subnet manager logs the switch dropping out, and the ib-leaf-07a nodes blame all eight r08 addresses; "
            "a switch event, not one node.",
            "https://github.com/openucx/ucx/issues/9590")


# --------------------------------------------------------------------------------------------- bd22
def bd22(c):
    """DeepSpeed, one launcher per node (--no_ssh). Lustre OST connection lost on all 4 nodes at 03:02; loaders block
    (hung-task warnings); watchdogs fire at 03:12; connection restored 03:21."""
    rng = random.Random(5922)
    z = L.UTC
    hosts = ["lx-gpu-01", "lx-gpu-02", "lx-gpu-03", "lx-gpu-04"]
    nodes = [Node(rng, h, i, "10.50.3.%d" % (1 + i), z, L.DGX_A100_BUS,
                  hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"]) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 3, 14, 0, 5, 2)
    t_l = L.T(2025, 3, 14, 3, 2, 12, 640000)
    seq = 20211
    for nd in nodes:
        st = L.Stream()
        t = t0
        st.add(t, ["[%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (L.pylog_ms(t, z), nd.node_rank),
                   "[%s] [INFO] [launch.py:164:main] dist_world_size=32" % L.pylog_ms(t, z)])
        st.add(t0 + SEC(30), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4", ifname="ib0"))
        if nd.node_rank == 0:
            s = 0
            tt = t0 + SEC(100)
            while tt < t_l - SEC(5):
                s += 10
                tt += SEC(10 * 5.02)
                if s % 50 == 0:
                    st.add(tt, "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[1e-05], mom=[(0.9, 0.999)]" % (L.pylog_ms(tt, z), s))
        tw = t_l + SEC(600 + rng.uniform(0.5, 40))
        last = S.timeout_node(rng, st, nd, tw, seq + rng.randint(0, 1), optype="ALLREDUCE", numel=83886080, timeout_ms=600000, frames=False, spread_ms=20000)
        tk = last + SEC(1)
        st.add(tk, ["[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (L.pylog_ms(tk + us(i * 800), z), nd.pids[i]) for i in range(8)] +
               ["[%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'finetune_mm.py', '--local_rank=%d', '--deepspeed', 'zero2.json'] exits with return code = -6" % (L.pylog_ms(tk + SEC(0.4), z), rng.randint(0, 7))])
        c.write("%s/deepspeed_node%d.log" % (nd.host, nd.node_rank), st.text())
        jl = []
        J = lambda t, m: "%s %s kernel: %s" % (L.iso(t, z), nd.host, m)
        tl = t_l + SEC(nd.node_rank * 0.4 + rng.uniform(0, 0.8) if nd.node_rank != 2 else -0.3)
        jl.append(J(L.T(2025, 3, 10, 8, 0, 2), "Lustre: Mounted scratch-client"))
        jl.append(J(tl, "Lustre: 3377:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@00000000a81c22f1 x1794122133901312/t0(0) o3->scratch-OST0012-osc-ffff8e1b6c3a5000@10.50.0.22@o2ib:6/4 lens 488/440 e 0 to 1 dl %d ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'python.1003'" % (int(L.epoch(tl)) - 7, int(L.epoch(tl)) - 7, int(L.epoch(tl)))))
        jl.append(J(tl + us(2100), "Lustre: scratch-OST0012-osc-ffff8e1b6c3a5000: Connection to scratch-OST0012 (at 10.50.0.22@o2ib) was lost; in progress operations using this service will wait for recovery to complete"))
        jl.append(J(tl + SEC(25), "LustreError: 11-0: scratch-OST0012-osc-ffff8e1b6c3a5000: operation ost_connect to node 10.50.0.22@o2ib failed: rc = -107"))
        jl.append(J(tl + SEC(123), "INFO: task pt_data_worker:%d blocked for more than 122 seconds." % (nd.pids[3] + 1200)))
        jl.append(J(tl + SEC(123), "      Tainted: P           OE     5.14.0-427.13.1.el9_4.x86_64 #1"))
        jl.append(J(tl + SEC(123), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."))
        jl.append(J(tl + SEC(123), "task:pt_data_worker  state:D stack:0     pid:%d  ppid:%d  flags:0x00000002" % (nd.pids[3] + 1200, nd.pids[3])))
        jl.append(J(tl + SEC(123), " osc_io_setattr_start+0x1b0/0x3a0 [osc]"))
        jl.append(J(tl + SEC(123), " cl_io_start+0x5b/0x110 [obdclass]"))
        jl.append(J(tl + SEC(123), " ll_file_io_generic+0x4c4/0x810 [lustre]"))
        jl.append(J(tl + SEC(1140), "Lustre: scratch-OST0012-osc-ffff8e1b6c3a5000: Connection restored to 10.50.0.22@o2ib (at 10.50.0.22@o2ib)"))
        c.write("%s/journalctl-k.log" % nd.host, jl)
    c.label("storage", "infrastructure", None, None, "restart",
            "All four nodes lose their connection to Lustre OST0012 within ~2 s of 03:02:12 and their loader workers block "
            "in D state; the NCCL timeouts at 03:12 follow from the stalled input, and the OST connection is restored at 03:21.",
            "https://metaverse-oky.blogspot.com/2026/05/what-does-lustre-rdma-failure-mean.html")


# --------------------------------------------------------------------------------------------- bd23
def bd23(c):
    """6 nodes FSDP. Xid 79 on n05 (GPU1, rank 33) visible only as dmesg uptime + /proc/stat btime (epoch).
    n05's ranks hang; n04's watchdog fires first and its teardown makes n03/n06 report IB errors naming 10.8.0.14 (n04)."""
    rng = random.Random(5923)
    z = L.UTC
    hosts = ["n01", "n02", "n03", "n04", "n05", "n06"]
    nodes = [Node(rng, h, i, "10.8.0.%d" % (11 + i), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 1, 28, 11, 20, 15)
    t_x = L.T(2025, 1, 28, 17, 3, 26, 90000)
    bad = nodes[4]
    acc = nodes[3]
    bl = 1
    seq = 118240
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 6, 8, "n01:29500", "train.py --fsdp --model gpt-neox-20b", rdzv_id="neox20b"))
        st.add(t0 + SEC(25), S.nccl_init_all(rng, nd, 48, 6, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            t = t0 + SEC(90)
            s = 0
            while t < t_x - SEC(3):
                s += 20
                t += SEC(20 * 1.71)
                st.add(t, "%s INFO step=%d loss=%.4f lr=1.0e-04 tokens_per_sec=%d" % (L.pylog_ms(t, z), s, 2.0 + 2 * (0.9995 ** s) + rng.uniform(-0.02, 0.02), 455000 + rng.randint(-4000, 4000)))
        if nd is acc:
            tw = t_x + SEC(600.05)
        elif nd is bad:
            tw = t_x + SEC(600.6)
        else:
            tw = t_x + SEC(600.4 + rng.uniform(0, 1.2))
        last = S.timeout_node(rng, st, nd, tw, seq, optype="_REDUCE_SCATTER_BASE", numel=26214400, timeout_ms=600000,
                              exclude=((bl,) if nd is bad else ()), frames=False, spread_ms=250)
        if nd.host in ("n03", "n06"):
            for lr_ in (3, 6):
                tt = t_x + SEC(601.6 + rng.uniform(0, 0.4))
                tid = nd.pids[lr_] + 640
                st.add(tt, ["%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.8.0.14<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:10.8.0.14" % (
                    nd.host, nd.pids[lr_], tid, lr_, rng.randint(30000, 62000), nd.ip),
                    "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (nd.host, nd.pids[lr_], tid, lr_),
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (nd.rank(lr_), L.c10(tt, "E", z), nd.rank(lr_)),
                    "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                    "Last error:",
                    "NET/IB : Got completion from peer 10.8.0.14<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:10.8.0.14" % (rng.randint(30000, 62000), nd.ip)])
                last = max(last, tt)
        if nd is bad:
            tk = last + SEC(1.0)
            st.add(tk, [L.elastic_new(tk, "W", nd.agent_pid, "Sending process %d closing signal SIGTERM" % nd.pids[bl], z),
                        L.elastic_new(tk + SEC(30), "W", nd.agent_pid, "Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % nd.pids[bl], z, path="torch/distributed/elastic/multiprocessing/api.py:916")])
            S.agent_fail(rng, st, nd, tk + SEC(31), 0, -6, "train.py", exit_overrides={bl: -9})
        else:
            S.agent_fail(rng, st, nd, last + SEC(1.1), rng.randint(0, 7), -6, "train.py")
        c.write("%s/torchrun_neox20b.log" % nd.host, st.text())
    boot = L.T(2025, 1, 21, 9, 14, 31)
    fmt = lambda t: L.dmesg_up(t, boot)
    dl = S.dmesg_boot_noise(fmt, boot + SEC(12), "n05")
    b = L.xid_pci(bad.bus[bl])
    dl += ["%s NVRM: GPU at %s: GPU-0b7e4c12-9d3a-5f61-c2e8-41a7d90b3f56" % (fmt(t_x), b),
           "%s NVRM: Xid (%s): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % (fmt(t_x), b),
           "%s NVRM: GPU 0000:2a:00.0: GPU has fallen off the bus." % fmt(t_x),
           "%s NVRM: GPU 0000:2a:00.0: GPU serial number is 1654823019771." % fmt(t_x),
           "%s NVRM: A GPU crash dump has been created. If possible, please run" % fmt(t_x),
           "               NVRM: nvidia-bug-report.sh as root to collect this data before",
           "               NVRM: the NVIDIA kernel module is unloaded."]
    c.write("n05/dmesg.txt", dl)
    c.write("n05/proc_stat_btime.txt", ["$ grep btime /proc/stat", "btime %d" % int(L.epoch(boot))])
    for nd in nodes:
        if nd is bad:
            continue
        fm = lambda t: L.dmesg_T(t, z)
        c.write("%s/dmesg.txt" % nd.host, S.dmesg_boot_noise(fm, L.T(2025, 1, 20, 6, 30, 0) + SEC(nd.node_rank * 3000), nd.host))
    c.label("gpu_hardware", "infrastructure", "n05", 33, "restart_without_node",
            "n05's dmesg (uptime seconds + btime) shows Xid 79 on GPU 0000:2A (local 1, rank 33) at 17:03:26 UTC; rank 33 never "
            "reports anything and is SIGKILLed. The IB errors blaming 10.8.0.14 (n04) come 10 minutes later, after n04's own "
            "watchdog fired first, and n04 has no local errors.",
            "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html")


# --------------------------------------------------------------------------------------------- bd24
def bd24(c):
    """6 nodes, NCCL over sockets. gn-03 loses both PSUs at 19:26:50 (SEL) and reboots; its logs just stop.
    At the 10-min timeout gn-00 (TCPStore host) dies first and everyone else reports connection resets to gn-00."""
    rng = random.Random(5924)
    z = L.UTC
    hosts = ["gn-00", "gn-01", "gn-02", "gn-03", "gn-04", "gn-05"]
    nodes = [Node(rng, h, i, "192.168.10.%d" % (100 + i), z, L.DGX_A100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 11, 4, 13, 2, 9)
    t_p = L.T(2024, 11, 4, 19, 26, 49, 712000)
    bad = nodes[3]
    seq = 61290
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 6, 8, "gn-00:29400", "train.py --cfg configs/whisper_l.yaml", rdzv_id="wsp-1104"))
        st.add(t0 + SEC(12), ["%s:%d:%d [%d] NCCL INFO NET/Socket : Using [0]eth0:%s<0> [1]eth1:%s<0>" % (nd.host, p, p, i, nd.ip, nd.ip.replace("10.", "11.", 1)) for i, p in enumerate(nd.pids)] +
               ["%s:%d:%d [%d] NCCL INFO Using network Socket" % (nd.host, p, p, i) for i, p in enumerate(nd.pids)])
        t = t0 + SEC(60)
        s = 0
        end = t_p - SEC(1.2)
        while True:
            s += 25
            t += SEC(25 * 2.9 + rng.uniform(-0.3, 0.3))
            if t > end:
                break
            st.add(t, "%s INFO trainer[rank%d] step %d loss %.4f wer_proxy %.3f" % (L.pylog_ms(t, z), nd.rank(0), s, 0.7 + 1.4 * (0.9994 ** s), 0.2 + 0.3 * (0.9995 ** s)))
        if nd is not bad:
            tw = t_p + SEC(600.1 if nd.node_rank == 0 else 601.3 + rng.uniform(0, 0.8))
            last = S.timeout_node(rng, st, nd, tw, seq, optype="ALLREDUCE", numel=52428800, timeout_ms=600000, frames=False, spread_ms=300)
            if nd.node_rank == 0:
                S.agent_fail(rng, st, nd, last + SEC(0.4), 0, -6, "train.py")
            else:
                tr = t_p + SEC(601.0 + rng.uniform(0, 0.2))
                ll = []
                for i in (0, 4):
                    rr = nd.rank(i)
                    ll += ["[rank%d]:[%s ProcessGroupNCCL.cpp:1771] [PG ID 0 PG GUID 0 Rank %d] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer" % (rr, L.c10(tr, "W", z), rr),
                           "[rank%d]:[%s TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=%d, addr=[%s]:%d, remote=[gn-00]:29400): Connection reset by peer" % (rr, L.c10(tr, "W", z), 40 + i, nd.host, rng.randint(40000, 60000)),
                           "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:679 (most recent call first):",
                           "frame #0: c10::Error::Error(c10::SourceLocation, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >) + 0x98 (0x7f%010x in %s/libc10.so)" % (rng.getrandbits(40), S.TLIB),
                           "frame #1: c10d::TCPStore::check(std::vector<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >, std::allocator<std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > > > const&) + 0x273 (0x7f%010x in %s/libtorch_cpu.so)" % (rng.getrandbits(40), S.TLIB),
                           "frame #2: c10d::ProcessGroupNCCL::heartbeatMonitor() + 0x3a5 (0x7f%010x in %s/libtorch_cuda.so)" % (rng.getrandbits(40), S.TLIB),
                           ""]
                st.add(tr, ll)
                tx = last + SEC(1.0)
                S.agent_fail(rng, st, nd, tx, rng.randint(0, 7), -6, "train.py")
                st.add(tx + SEC(0.5), [L.elastic_new(tx + SEC(0.3), "W", nd.agent_pid, "RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.", z, path="torch/distributed/elastic/agent/server/api.py:741"),
                                       "torch.distributed.DistNetworkError: Failed to recv, got 0 bytes. Connection was likely closed. Did the remote server shutdown or crash?",
                                       "",
                                       "The above exception was the direct cause of the following exception:",
                                       "",
                                       "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."])
        c.write("%s/train_wsp-1104.log" % nd.host, st.text())
    c.write("gn-03/ipmitool_sel_elist.txt", [
        "  19c | 10/31/2024 | 02:11:07 | Event Logging Disabled SEL Fullness | Log area reset/cleared | Asserted",
        "  19d | 11/04/2024 | 19:26:49 | Power Supply PSU1 Status | Power Supply AC lost | Asserted",
        "  19e | 11/04/2024 | 19:26:49 | Power Supply PSU2 Status | Power Supply AC lost | Asserted",
        "  19f | 11/04/2024 | 19:26:50 | Power Unit PWR Unit Redundancy | Redundancy Lost | Asserted",
        "  1a0 | 11/04/2024 | 19:40:58 | Power Supply PSU1 Status | Power Supply AC lost | Deasserted",
        "  1a1 | 11/04/2024 | 19:41:02 | System ACPI Power State ACPI State | S0/G0: working | Asserted",
        "  1a2 | 11/04/2024 | 19:41:19 | System Event #0x83 | OEM System boot event | Asserted"])
    c.write("gn-03/journalctl_--list-boots.txt", [
        "IDX BOOT ID                          FIRST ENTRY                 LAST ENTRY",
        " -2 0c5d7e1a9b2f4d3c8e6a1b0f9d8c7e6a Tue 2024-10-15 07:40:11 UTC Mon 2024-10-28 08:10:55 UTC",
        " -1 5b0e1c7f2a9d4e1b8f6c3d2a1e0f9b8c Mon 2024-10-28 08:12:40 UTC Mon 2024-11-04 19:26:49 UTC",
        "  0 a71f3c9e0d2b4c5e9f8a7b6c5d4e3f21 Mon 2024-11-04 19:41:31 UTC Mon 2024-11-04 20:55:02 UTC"])
    c.label("host", "infrastructure", "gn-03", None, "restart_without_node",
            "gn-03's BMC logs AC loss on both PSUs at 19:26:49 and the boot list shows the OS ending then; its training log stops "
            "at the same moment. The connection resets naming gn-00 appear 10 minutes later, after gn-00's watchdog took down the TCPStore it hosted.",
            "https://github.com/sgl-project/sglang/issues/20859")


# --------------------------------------------------------------------------------------------- bd25
def bd25(c):
    """NeMo under Slurm, CEST local time. The job reaches its 24 h limit: slurmstepd cancels, SIGTERM everywhere,
    NCCL errors and 'Terminated' tasks; a harmless Xid 43 on hpc-g014 afterwards."""
    rng = random.Random(5925)
    z = L.tz(2)
    hosts = ["hpc-g012", "hpc-g013", "hpc-g014", "hpc-g015"]
    nodes = [Node(rng, h, i, "10.20.0.%d" % int(h[-3:]), z, L.DGX_H100_BUS) for i, h in enumerate(hosts)]
    jobid = 4412871
    t0 = L.T(2024, 6, 1, 5, 59, 46)
    t_c = L.T(2024, 6, 2, 6, 0, 14)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, "+ srun python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-name=gpt3_5b trainer.num_nodes=4 trainer.max_steps=300000")
        st.add(t0 + SEC(40), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            gs = 0
            t = t0 + SEC(200)
            while t < t_c:
                gs += 50
                t += SEC(50 * 2.41)
                post = ", v_num=0, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%.3e, train_step_timing in s=2.410" % (
                    1.9 + 1.1 * (0.9999 ** gs) + rng.uniform(-0.02, 0.02), gs - 1, gs * 256.0)
                st.add(t, S.tqdm_bar("Epoch 0: :  ", gs, 300000, (t - t0).total_seconds() - 200, 2.41, post))
                if gs % 5000 == 0:
                    st.add(t + SEC(30), "[NeMo I %s nemo_model_checkpoint:497] Checkpoint save for step %d started at %.4f." % (L.pylog(t + SEC(30), z), gs, L.epoch(t + SEC(30))))
        st.add(t_c, "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, nd.host, L.slurm_ts(t_c, z)) if nd.node_rank == 0 else "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (jobid, nd.host, L.slurm_ts(t_c, z)))
        for i in range(8):
            st.add(t_c + SEC(0.1 + 0.01 * i), "[rank: %d] Received SIGTERM: 15" % nd.rank(i))
        if nd.node_rank in (1, 3):
            for i in (2, 5):
                tt = t_c + SEC(1.4 + rng.uniform(0, 0.5))
                st.add(tt, ["%s:%d:%d [%d] NCCL WARN [Service thread] Error encountered progressing operation=Connect, res=3, closing connection" % (nd.host, nd.pids[i], nd.pids[i] + 90, i),
                            "%s:%d:%d [%d] NCCL WARN [Proxy Service %d] Failed to execute operation Connect from rank %d, retcode 3" % (nd.host, nd.pids[i], nd.pids[i] + 90, i, nd.rank(i), nd.rank(i)),
                            "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % (nd.rank(i), L.c10(tt, "E", z), nd.rank(i)),
                            "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                            "Last error:",
                            "socketProgress: Connection closed by remote peer %s.cluster<%d>" % (hosts[(nd.node_rank + 1) % 4], rng.randint(40000, 60000))])
        c.write("%s/slurm-%d-%s.out" % (nd.host, jobid, nd.host), st.text())
        fmt = lambda t: L.dmesg_T(t, z)
        dl = S.dmesg_boot_noise(fmt, L.T(2024, 5, 28, 9, 0, 0), nd.host)
        if nd.host == "hpc-g014":
            dl.append("%s NVRM: Xid (PCI:0000:c3:00): 43, pid=%d, name=python, Ch 00000008" % (fmt(t_c + SEC(2.6)), nd.pids[5]))
            dl.append("%s NVRM: Xid (PCI:0000:52:00): 43, pid=%d, name=python, Ch 00000008" % (fmt(t_c + SEC(2.7)), nd.pids[2]))
        c.write("%s/dmesg.txt" % nd.host, dl)
    c.write("slurm-%d.out" % jobid, [
        "slurmstepd: error: *** JOB %d ON hpc-g012 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, L.slurm_ts(t_c, z)),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: hpc-g013: tasks 8-15: Terminated",
        "srun: error: hpc-g015: tasks 24-31: Terminated",
        "srun: error: hpc-g012: tasks 0-7: Terminated",
        "srun: error: hpc-g014: tasks 16-23: Terminated",
        "srun: Force Terminated StepId=%d.0" % jobid])
    c.write("sacct_%d.txt" % jobid, [
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed  Timelimit ",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------- ---------- ",
        "%d      nemo-gpt5b    booster   proj-llm        384    TIMEOUT      0:0 1-00:00:28 1-00:00:00 " % jobid,
        "%d.bat+      batch               proj-llm         96  CANCELLED     0:15 1-00:00:31            " % jobid,
        "%d.ext+     extern               proj-llm        384  COMPLETED      0:0 1-00:00:28            " % jobid,
        "%d.0        python               proj-llm        384  CANCELLED     0:15 1-00:00:02            " % jobid])
    c.label("unknown", "framework", None, None, "none",
            "Slurm cancelled the job at its 24 h time limit (sacct TIMEOUT); the SIGTERMs, NCCL connection errors and the "
            "Xid 43 after 08:00:14 are the consequence of that cancellation, not a fault.",
            "https://github.com/ZettaAI/zetta_utils/issues/671")


# --------------------------------------------------------------------------------------------- bd26
def bd26(c):
    """4 nodes, flight recorder on. 31 ranks time out on all-gather 48213; rank 27 never enqueued it (its GPU 3 busy at
    100%, py-spy shows it in cudaStreamSynchronize). No kernel errors anywhere."""
    rng = random.Random(5926)
    z = L.UTC
    hosts = ["q-node-01", "q-node-02", "q-node-03", "q-node-04"]
    nodes = [Node(rng, h, i, "10.66.0.%d" % (1 + i), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 4, 11, 2, 0, 5)
    t_h = L.T(2025, 4, 11, 9, 12, 40, 300000)
    bad = nodes[3]
    bl = 3
    r = bad.rank(bl)
    seq = 48213
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 4, 8, "q-node-01:29500", "train.py --fsdp --model mixtral-8x7b", rdzv_id="mx-0411",
                                   extra=["TORCH_NCCL_TRACE_BUFFER_SIZE=20000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/shared/fr_dumps/mx-0411/nccl_trace_rank_"]))
        st.add(t0 + SEC(25), S.nccl_init_all(rng, nd, 32, 4, version="2.21.5+cuda12.4"))
        if nd.node_rank == 0:
            t = t0 + SEC(100)
            s = 0
            while t < t_h - SEC(3):
                s += 10
                t += SEC(10 * 2.05)
                st.add(t, "%s INFO [rank0] step %d loss %.4f aux_loss %.4f tok/s %d" % (L.pylog_ms(t, z), s, 1.9 + 2 * (0.9996 ** s), 0.011, 298000 + rng.randint(-3000, 3000)))
        tw = t_h + SEC(600 + rng.uniform(0.1, 0.9))
        first = nodes[1].rank(5)
        last = S.timeout_node(rng, st, nd, tw, seq, optype="_ALLGATHER_BASE", numel=33554432, timeout_ms=600000,
                              exclude=((bl,) if nd is bad else ()), fr=True, first_dumper=first, frames=False, spread_ms=400)
        if nd is bad:
            tt = tw + SEC(0.2)
            st.add(tt, L.fr_dump_lines(rng, tt, r, seq - 1, z=z, first=False))
        S.agent_fail(rng, st, nd, last + SEC(1.2), rng.choice([i for i in range(8) if not (nd is bad and i == bl)]), -6, "train.py",
                     exit_overrides=({bl: -15} if nd is bad else None))
        c.write("%s/torchrun_mx-0411.log" % nd.host, st.text())
        c.write("%s/dmesg-T.txt" % nd.host, S.dmesg_boot_noise(lambda t: L.dmesg_T(t, z), L.T(2025, 4, 8, 10, 0, 0) + SEC(nd.node_rank * 811), nd.host))
    c.write("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr_dumps/mx-0411 --prefix nccl_trace_rank_ -j",
        "loaded 32 files in 3.1s",
        "built groups, memberships",
        "Not all ranks joining collective, sequence number: %d" % seq,
        "collective: nccl:_allgather_base",
        "missing ranks: {%d}" % r,
        "collective state: scheduled",
        "collective stack trace:",
        "  _allgather_base at %s/torch/distributed/distributed_c10d.py:3383" % S.SITE,
        "  all_gather_into_tensor at %s/torch/distributed/distributed_c10d.py:3368" % S.SITE,
        "  _all_gather_flat_param at %s/torch/distributed/fsdp/_flat_param.py:1370" % S.SITE,
        "  unshard at %s/torch/distributed/fsdp/_flat_param.py:1320" % S.SITE,
        "  forward at /home/runner/moe/train.py:212",
        "",
        "rank %d: last enqueued seq %d, last completed seq %d, no entry for seq %d" % (r, seq - 1, seq - 1, seq),
        "all other 31 ranks: entry for seq %d state 'scheduled', last completed %d" % (seq, seq - 1)])
    pid = bad.pids[bl]
    c.write("q-node-04/py-spy_dump_rank27.txt", [
        "$ py-spy dump --native --pid %d" % pid,
        "Process %d: /usr/bin/python -u train.py --fsdp --model mixtral-8x7b" % pid,
        "Python v3.10.12 (/usr/bin/python3.10)", "",
        "Thread %d (active): \"MainThread\"" % pid,
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    c10::cuda::stream_synchronize (libc10_cuda.so)",
        "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
        "    item (torch/_tensor.py)",
        "    route_tokens (moe/router.py:88)",
        "    forward (moe/layers.py:141)",
        "    _call_impl (torch/nn/modules/module.py:1562)",
        "    forward (train.py:209)",
        "    train_step (train.py:301)",
        "    main (train.py:377)",
        "    <module> (train.py:399)",
        "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (pid + 41),
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:52)"])
    c.write("q-node-04/nvidia-smi.txt", L.nvidia_smi_table(rng, L.date_cmd(t_h + SEC(420), z, "UTC"), bad.bus, driver="550.90.07", cuda="12.4",
                                                         util=[0, 0, 0, 100, 0, 0, 0, 0], mem_used=[70211, 70180, 70342, 71980, 70255, 70190, 70301, 70222],
                                                         procs=[(i, bad.pids[i], "/usr/bin/python", 70100) for i in range(8)]))
    c.label("hang", "infrastructure", "q-node-04", 27, "run_diagnostics",
            "The flight-recorder analysis shows rank 27 (q-node-04, GPU 3) never enqueued all-gather %d that the other 31 ranks "
            "timed out on; py-spy has it blocked in cudaStreamSynchronize with its GPU at 100%% and no errors logged anywhere." % seq,
            "https://docs.pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")


# --------------------------------------------------------------------------------------------- bd27
def bd27(c):
    """3 nodes; every rank segfaults in the user's JIT-built fused_rope CUDA extension at the first forward."""
    rng = random.Random(5927)
    z = L.tz(9)
    hosts = ["cmp-101", "cmp-102", "cmp-103"]
    nodes = [Node(rng, h, i, "10.101.0.%d" % (101 + i), z, L.DGX_A100_BUS,
                  hcas=["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_6", "mlx5_7", "mlx5_8", "mlx5_9"]) for i, h in enumerate(hosts)]
    t0 = L.T(2025, 5, 8, 1, 15, 30)
    t_seg = t0 + SEC(96.2)
    for nd in nodes:
        st = L.Stream()
        st.add(t0, S.torchrun_head(t0, nd, 3, 8, "cmp-101:29500", "train.py --use-fused-rope --model ./configs/model_3b.json", rdzv_id="rope"))
        st.add(t0 + SEC(6), ["[rank%d]: Using /home/yui/.cache/torch_extensions/py310_cu124 as PyTorch extensions root..." % nd.rank(0),
                             "[rank%d]: Detected CUDA files, patching ldflags" % nd.rank(0),
                             "[rank%d]: Emitting ninja build file /home/yui/.cache/torch_extensions/py310_cu124/fused_rope_cuda/build.ninja..." % nd.rank(0),
                             "[rank%d]: Building extension module fused_rope_cuda..." % nd.rank(0),
                             "[rank%d]: Loading extension module fused_rope_cuda..." % nd.rank(0)])
        st.add(t0 + SEC(60), S.nccl_init_all(rng, nd, 24, 3, version="2.21.5+cuda12.4"))
        for i in range(8):
            tt = t_seg + SEC(rng.uniform(0, 0.8) + (0 if nd.node_rank != 1 else -0.3))
            st.add(tt, ["Fatal Python error: Segmentation fault", "",
                        "Thread 0x%x (most recent call first):" % rng.randint(0x7f0000000000, 0x7fffff000000),
                        "  File \"/usr/lib/python3.10/threading.py\", line 324 in wait",
                        "  File \"/usr/lib/python3.10/threading.py\", line 607 in wait",
                        "  File \"%s/tqdm/_monitor.py\", line 60 in run" % S.SITE, "",
                        "Current thread 0x%x (most recent call first):" % rng.randint(0x7f0000000000, 0x7fffff000000),
                        "  File \"/home/yui/proj/ext/fused_rope/__init__.py\", line 41 in forward",
                        "  File \"%s/torch/autograd/function.py\", line 574 in apply" % S.SITE,
                        "  File \"/home/yui/proj/model/attention.py\", line 96 in forward",
                        "  File \"%s/torch/nn/modules/module.py\", line 1562 in _call_impl" % S.SITE,
                        "  File \"/home/yui/proj/model/block.py\", line 54 in forward",
                        "  File \"/home/yui/proj/train.py\", line 188 in train_step",
                        "  File \"/home/yui/proj/train.py\", line 250 in main",
                        "  File \"/home/yui/proj/train.py\", line 271 in <module>", "",
                        "Extension modules: numpy.core._multiarray_umath, torch._C, torch._C._fft, torch._C._linalg, torch._C._nested, torch._C._nn, torch._C._sparse, torch._C._special, fused_rope_cuda (total: 9)"])
        S.agent_fail(rng, st, nd, t_seg + SEC(2.0), rng.randint(0, 7), -11, "train.py", others_exit=-11)
        c.write("%s/torchrun.log" % nd.host, st.text())
        fmt = lambda t: L.dmesg_T(t, z)
        dl = S.dmesg_boot_noise(fmt, L.T(2025, 5, 2, 0, 0, 0), nd.host)
        if nd.host == "cmp-103":
            dl += ["%s pcieport 0000:80:03.1: AER: Corrected error received: 0000:81:00.0" % fmt(L.T(2025, 5, 7, 22, 41, 3)),
                   "%s mlx5_core 0000:81:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % fmt(L.T(2025, 5, 7, 22, 41, 3)),
                   "%s mlx5_core 0000:81:00.0:   device [15b3:101d] error status/mask=00000001/00000000" % fmt(L.T(2025, 5, 7, 22, 41, 3)),
                   "%s mlx5_core 0000:81:00.0:    [ 0] RxErr                  (First)" % fmt(L.T(2025, 5, 7, 22, 41, 3))]
        for i in range(8):
            base = 0x7f0000000000 + (rng.randint(0x100000, 0xffffff) << 16)
            dl.append("%s python[%d]: segfault at 18 ip %016x sp 00007ffc%08x error 4 in fused_rope_cuda.so[%x+2a000] likely on CPU %d (core %d, socket %d)" % (
                fmt(t_seg + SEC(0.2 + i * 0.05)), nd.pids[i], base + 0x1b4e2, rng.getrandbits(32), base, 8 * i + 3, 8 * i + 3, i // 4))
        c.write("%s/dmesg.txt" % nd.host, dl)
    c.label("user_code", "script", None, None, "stop",
            "All 24 ranks on the three nodes segfault within a second at their first forward pass, each inside the user's "
            "freshly JIT-built fused_rope_cuda extension (same Python frame, same kernel 'segfault ... in fused_rope_cuda.so').",
            "https://github.com/pytorch/pytorch/issues/135486")


# --------------------------------------------------------------------------------------------- bd28
def bd28(c):
    """4 nodes, JSON-lines logs with epoch 'ts'. From 10:14 every node sees S3 'SlowDown' from the on-prem RGW and retries;
    rank 13 (trainer-1) exhausts its retries at 10:16:31; others time out at 10:26. ceph -s shows recovery load."""
    rng = random.Random(5928)
    z = L.UTC
    hosts = ["trainer-0", "trainer-1", "trainer-2", "trainer-3"]
    nodes = [Node(rng, h, i, "10.30.1.%d" % (10 + i), z, L.HGX_H100_BUS) for i, h in enumerate(hosts)]
    t0 = L.T(2024, 11, 12, 1, 0, 2)
    t_s = L.T(2024, 11, 12, 10, 14, 3, 500000)
    bad = nodes[1]
    bl = 5
    r = bad.rank(bl)
    t_fail = L.T(2024, 11, 12, 10, 16, 31, 220000)
    for nd in nodes:
        rows = []
        def J(t, lvl, rank, msg, **kw):
            d = {"ts": round(L.epoch(t), 3), "lvl": lvl, "host": nd.host, "rank": rank, "msg": msg}
            d.update(kw)
            rows.append((t, json.dumps(d)))
        J(t0, "INFO", nd.rank(0), "torchrun agent started", nnodes=4, nproc_per_node=8)
        for i in range(8):
            J(t0 + SEC(30 + 0.01 * i), "INFO", nd.rank(i), "NCCL communicator initialized", nranks=32, nccl="2.21.5")
        s = 0
        t = t0 + SEC(70)
        while t < t_s + SEC(20):
            s += 100
            t += SEC(100 * 1.62)
            if nd.node_rank == 0:
                J(t, "INFO", 0, "train", step=s, loss=round(2.1 + 3 * (0.9997 ** s) + rng.uniform(-0.02, 0.02), 4), tok_s=int(610000 + rng.randint(-5000, 5000)),
                  data_wait_ms=round(rng.uniform(2, 9) if t < t_s else rng.uniform(800, 4000), 1))
        for i in range(8):
            k = 0
            tt = t_s + SEC(rng.uniform(0, 3))
            limit = t_fail if (nd is bad and i == bl) else t_s + SEC(150)
            while tt < limit:
                k += 1
                shard = rng.randint(1000, 4999)
                J(tt, "WARNING", nd.rank(i), "S3 GetObject failed, retrying (attempt %d/10): An error occurred (SlowDown) when calling the GetObject operation: Please reduce your request rate." % min(k, 9),
                  key="s3://pretrain-mix/tok/v3/shard-%05d.bin" % shard, endpoint="https://rgw.s3.corp.internal", http_status=503)
                tt += SEC(rng.uniform(8, 20))
        if nd is bad:
            tb = S.py_tb("", [("/opt/app/train.py", 512, "<module>", "main()"),
                              ("/opt/app/train.py", 441, "main", "batch = next(it)"),
                              ("/opt/app/data/s3_stream.py", 133, "__iter__", "buf = self._get(key)"),
                              ("/opt/app/data/s3_stream.py", 97, "_get", "return self.client.get_object(Bucket=self.bucket, Key=key)[\"Body\"].read()"),
                              ("/usr/local/lib/python3.11/site-packages/botocore/client.py", 1021, "_make_api_call", "raise error_class(parsed_response, operation_name)")],
                         ["botocore.exceptions.ClientError: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 9): Please reduce your request rate."])
            J(t_fail, "ERROR", r, "uncaught exception", exc="\n".join(tb))
            J(t_fail + SEC(1.5), "ERROR", nd.rank(0), "worker failed", local_rank=bl, exitcode=1, pid=nd.pids[bl])
            J(t_fail + SEC(1.6), "WARNING", nd.rank(0), "sending SIGTERM to remaining local workers", pids=[p for j, p in enumerate(nd.pids) if j != bl])
        else:
            for i in range(8):
                tw = t_fail + SEC(600 + rng.uniform(0.2, 1.6))
                J(tw, "ERROR", nd.rank(i), "[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=310422, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for %d milliseconds before timing out." % (nd.rank(i), 600000 + rng.randint(10, 90)))
                J(tw + SEC(0.01), "ERROR", nd.rank(i), "terminate called after throwing an instance of 'c10::DistBackendError'")
            J(t_fail + SEC(603), "ERROR", nd.rank(0), "worker failed", local_rank=rng.randint(0, 7), exitcode=-6)
        rows.sort(key=lambda x: x[0])
        c.write("%s/train.jsonl" % nd.host, [x[1] for x in rows])
    tc = L.T(2024, 11, 12, 10, 21, 7)
    c.write("ceph_status_%s.txt" % "1021", [
        "$ date -u; ceph -s", L.date_cmd(tc, z, "UTC"),
        "  cluster:", "    id:     6a1f2c3e-9b8d-4c7e-a5f0-2d1e3c4b5a69",
        "    health: HEALTH_WARN", "            2 osds down", "            1 host (12 osds) down",
        "            Degraded data redundancy: 41882211/1102113390 objects degraded (3.800%), 611 pgs degraded, 611 pgs undersized", "",
        "  services:", "    mon: 3 daemons, quorum stor-mon1,stor-mon2,stor-mon3 (age 6w)",
        "    mgr: stor-mon1(active, since 6w), standbys: stor-mon2",
        "    osd: 288 osds: 274 up (since 7m), 288 in (since 5M)",
        "    rgw: 6 daemons active (6 hosts, 1 zones)", "",
        "  data:", "    pools:   9 pools, 4353 pgs", "    objects: 367.37M objects, 1.1 PiB",
        "    usage:   1.6 PiB used, 1.1 PiB / 2.7 PiB avail",
        "    pgs:     41882211/1102113390 objects degraded (3.800%)", "             3742 active+clean",
        "             611  active+undersized+degraded+remapped+backfilling", "",
        "  io:", "    client:   4.1 GiB/s rd, 311 MiB/s wr, 52.31k op/s rd, 1.20k op/s wr",
        "    recovery: 2.9 GiB/s, 971 objects/s"])
    c.label("storage", "infrastructure", None, None, "restart",
            "From 10:14 UTC ranks on all four nodes get S3 SlowDown (503) from the shared RGW endpoint while Ceph is degraded "
            "and backfilling; rank 13 on trainer-1 is simply the first to exhaust its retries (10:16:31), and the rest time out at 10:26.",
            "https://github.com/huggingface/datatrove/issues/302")


CASES = [
    ("bd20_pytorchjob_worker_gone_then_timeouts", bd20),
    ("bd21_completion_errors_against_eight_peers", bd21),
    ("bd22_all_ranks_timeout_within_a_minute", bd22),
    ("bd23_ib_errors_blame_n04", bd23),
    ("bd24_store_connection_reset_by_gn00", bd24),
    ("bd25_sigterm_on_every_node_after_a_day", bd25),
    ("bd26_thirty_one_ranks_timeout_same_allgather", bd26),
    ("bd27_sigsegv_on_all_ranks_first_step", bd27),
    ("bd28_json_logs_slowdown_warnings_then_crash", bd28),
]
