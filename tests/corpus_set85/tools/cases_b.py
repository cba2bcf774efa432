"""Cases on Kubernetes (PyTorchJob) and Ray: evictions, scheduler preemption,
spot reclaim, Ray node preemption, Ray memory monitor, restarts that healed."""
import random

from fmt import (T, plus, iso, stamp, stamp_ms, glog, glog_us, ctime, syslog_ts, hexid,
                 dmesg_T, Bundle, c10d_timeout, elastic_sigterm, child_failed)

SITE = "/opt/conda/lib/python3.11/site-packages"


def _age(seconds):
    seconds = int(seconds)
    if seconds < 120:
        return "%ds" % seconds
    if seconds < 7200:
        return "%dm" % (seconds // 60)
    if seconds < 172800:
        return "%dh" % (seconds // 3600)
    return "%dd" % (seconds // 86400)


def _zulu(t):
    return t.strftime("%Y-%m-%dT%H:%M:%SZ")


def _pod_describe(name, ns, node, ip, start, status, reason, message, container_state, events,
                  image="nvcr.io/nvidia/pytorch:24.05-py3", requests=None, limits=None, conditions=None,
                  labels=None, restarts=0, extra_state=None):
    requests = requests or {"cpu": "90", "memory": "900Gi", "nvidia.com/gpu": "8"}
    limits = limits or {"nvidia.com/gpu": "8"}
    out = [
        "Name:             %s" % name,
        "Namespace:        %s" % ns,
        "Priority:         %s" % (labels or {}).get("priority", "0"),
        "Priority Class Name:  %s" % (labels or {}).get("priorityClass", "<none>"),
        "Service Account:  default",
        "Node:             %s/%s" % (node, ip),
        "Start Time:       %s" % start.strftime("%a, %d %b %Y %H:%M:%S +0000"),
        "Labels:           training.kubeflow.org/job-name=%s" % name.rsplit("-", 2)[0],
        "                  training.kubeflow.org/operator-name=pytorchjob-controller",
        "                  training.kubeflow.org/replica-index=%s" % name.rsplit("-", 1)[1],
        "                  training.kubeflow.org/replica-type=%s" % name.rsplit("-", 2)[1],
        "Status:           %s" % status,
    ]
    if reason:
        out.append("Reason:           %s" % reason)
    if message:
        out.append("Message:          %s" % message)
    out += [
        "IP:               10.244.%d.%d" % (len(name) % 7 + 1, len(node) * 3 % 250),
        "Controlled By:    PyTorchJob/%s" % name.rsplit("-", 2)[0],
        "Containers:",
        "  pytorch:",
        "    Image:          %s" % image,
        "    Port:           23456/TCP",
        "    Command:",
        "      torchrun",
        "    State:          %s" % container_state[0],
    ]
    for k, v in container_state[1:]:
        out.append("      %-12s %s" % (k + ":", v))
    if extra_state:
        out.append("    Last State:     %s" % extra_state[0])
        for k, v in extra_state[1:]:
            out.append("      %-12s %s" % (k + ":", v))
    out += [
        "    Ready:          False",
        "    Restart Count:  %d" % restarts,
        "    Limits:",
    ]
    for k, v in limits.items():
        out.append("      %s:  %s" % (k, v))
    out.append("    Requests:")
    for k, v in requests.items():
        out.append("      %s:  %s" % (k, v))
    out.append("Conditions:")
    out.append("  Type                        Status")
    for c in (conditions or [("Initialized", "True"), ("Ready", "False"), ("ContainersReady", "False"),
                             ("PodScheduled", "True")]):
        out.append("  %-27s %s" % c)
    out += ["QoS Class:                   Burstable",
            "Node-Selectors:              node.kubernetes.io/instance-type=%s" % (labels or {}).get("itype", "p4de.24xlarge"),
            "Tolerations:                 nvidia.com/gpu:NoSchedule op=Exists",
            "                             node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
            "Events:",
            "  Type     Reason     Age    From               Message",
            "  ----     ------     ----   ----               -------"]
    for e in events:
        out.append("  %-8s %-10s %-6s %-18s %s" % e)
    return out


# --------------------------------------------------------------------- cd10
def cd10():
    """Pod evicted under node memory pressure; every worker's own RSS was climbing."""
    rnd = random.Random(8510)
    b = Bundle()
    job = "llava-pretrain"
    nodes = ["ip-10-42-3-17.ec2.internal", "ip-10-42-3-58.ec2.internal", "ip-10-42-3-91.ec2.internal",
             "ip-10-42-4-12.ec2.internal"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job, "%s-worker-2" % job]
    t0 = T(2024, 4, 9, 18, 0, 12)
    tev = T(2024, 4, 10, 3, 47, 31)
    rss0 = [212.4, 209.8, 215.1, 208.9]
    slope = [93.6, 93.1, 95.2, 92.7]  # GB per hour, all similar
    for i, (n, p) in enumerate(zip(nodes, pods)):
        lines = ["[%s] INFO launch: torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d "
                 "--rdzv_endpoint=%s-master-0:23456 train_llava.py --num_workers 16 --cache_decoded_images true"
                 % (stamp(plus(t0, 20)), job)]
        t = plus(t0, 300)
        step = 0
        while t < tev:
            h = (t - t0).total_seconds() / 3600.0
            rss = rss0[i] + slope[i] * h
            step = int((t - t0).total_seconds() / 2.31)
            lines.append("[%s] INFO trainer: step=%d loss=%.4f lr=%.2e samples/s=%.1f" %
                         (stamp(t), step, 2.3 - h * 0.04 + rnd.uniform(-0.02, 0.02), 2e-5, 443 + rnd.uniform(-4, 4)))
            lines.append("[%s] INFO memwatch: host_rss=%.1fGB (main 8x %.1fGB, dataloader 128 procs %.1fGB) "
                         "node_mem_used=%.1f%% decoded_cache_items=%d"
                         % (stamp(plus(t, 1)), rss, 18.2 + h * 0.1, rss - 8 * (18.2 + h * 0.1),
                            100 * (rss + 14) / 1204.7, int(step * 24.6)))
            t = plus(t, 1800)
        if i == 2:
            te = plus(tev, 0.4)
            lines += elastic_sigterm(te, 61, [71 + k for k in range(8)])
            lines.append("[%s] terminated by SIGTERM (exit 143)" % stamp(plus(te, 29)))
        else:
            gr = i * 8 + 1 if i < 2 else 25
            lines.append("%s:%d:%d [1] NCCL WARN NET/IB : Got completion from peer 10.42.3.91<41%03d> with "
                         "status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGids::ffff:10.42.3.91"
                         % (p, 88 + i, 412 + i, i, n.split(".")[0][3:].replace("-", ".")))
            lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread "
                         "terminated with exception: NCCL error: remote process exited or there was a network error, "
                         "NCCL version 2.20.5" % (gr, glog(plus(tev, 32 + i)), gr))
            lines += child_failed("train_llava.py", plus(tev, 33 + i), p, gr, 1, -6,
                                  88 + i, "Signal 6 (SIGABRT) received by PID %d" % (88 + i))
        b.lines("%s/%s.log" % (n, p), lines)
    ev_msg = ("The node was low on resource: memory. Threshold quantity: 100Mi, available: 71204Ki. Container "
              "pytorch was using 1121338112Ki, request is 900Gi, has larger consumption of memory.")
    b.lines("kubectl-describe-pod-%s.txt" % pods[2], _pod_describe(
        pods[2], "vision", nodes[2], "10.42.3.91", t0, "Failed", "Evicted", ev_msg,
        ["Terminated", ("Reason", "Error"), ("Exit Code", "143"),
         ("Started", t0.strftime("%a, %d %b %Y %H:%M:%S +0000")),
         ("Finished", plus(tev, 30).strftime("%a, %d %b %Y %H:%M:%S +0000"))],
        [("Warning", "Evicted", "12m", "kubelet", ev_msg),
         ("Normal", "Killing", "12m", "kubelet", "Stopping container pytorch")],
        conditions=[("DisruptionTarget", "True"), ("Initialized", "True"), ("Ready", "False"),
                    ("ContainersReady", "False"), ("PodScheduled", "True")]))
    b.lines("kubectl-describe-node-%s.txt" % nodes[2].split(".")[0], [
        "Name:               %s" % nodes[2],
        "Roles:              <none>",
        "Labels:             node.kubernetes.io/instance-type=p4de.24xlarge",
        "Capacity:",
        "  cpu:                96",
        "  memory:             1176461164Ki",
        "  nvidia.com/gpu:     8",
        "Allocatable:",
        "  cpu:                95690m",
        "  memory:             1164826476Ki",
        "Conditions:",
        "  Type             Status  LastHeartbeatTime                 Reason                       Message",
        "  ----             ------  -----------------                 ------                       -------",
        "  MemoryPressure   False   %s   KubeletHasSufficientMemory   kubelet has sufficient memory available"
        % plus(tev, 700).strftime("%a, %d %b %Y %H:%M:%S +0000"),
        "  DiskPressure     False   %s   KubeletHasNoDiskPressure     kubelet has no disk pressure"
        % plus(tev, 700).strftime("%a, %d %b %Y %H:%M:%S +0000"),
        "  Ready            True    %s   KubeletReady                 kubelet is posting ready status"
        % plus(tev, 700).strftime("%a, %d %b %Y %H:%M:%S +0000"),
        "Non-terminated Pods:          (4 in total)",
        "  Namespace     Name                        CPU Requests  Memory Requests",
        "  ---------     ----                        ------------  ---------------",
        "  kube-system   aws-node-7xk2p              25m (0%)      0 (0%)",
        "  kube-system   kube-proxy-9hd2s            100m (0%)     0 (0%)",
        "  gpu-operator  nvidia-dcgm-exporter-q8rvz  0 (0%)        0 (0%)",
        "  monitoring    node-exporter-ztl6c         50m (0%)      64Mi (0%)",
        "Events:",
        "  Type     Reason                     Age   From     Message",
        "  ----     ------                     ----  ----     -------",
        "  Warning  EvictionThresholdMet       13m   kubelet  Attempting to reclaim memory",
        "  Normal   NodeHasInsufficientMemory  13m   kubelet  Node %s status is now: NodeHasInsufficientMemory"
        % nodes[2],
        "  Normal   NodeHasSufficientMemory    11m   kubelet  Node %s status is now: NodeHasSufficientMemory"
        % nodes[2],
    ])
    b.lines("kubectl-get-pytorchjob.txt", [
        "NAME             STATE    AGE",
        "%s   Failed   10h" % job,
        "",
        "Status:",
        "  Conditions:",
        "    Last Transition Time:  %s" % _zulu(plus(t0, 40)),
        "    Message:               PyTorchJob %s is running." % job,
        "    Reason:                PyTorchJobRunning",
        "    Status:                False",
        "    Type:                  Running",
        "    Last Transition Time:  %s" % _zulu(plus(tev, 35)),
        "    Message:               PyTorchJob %s is failed because 1 Worker replica(s) failed." % job,
        "    Reason:                PyTorchJobFailed",
        "    Status:                True",
        "    Type:                  Failed",
        "  Replica Statuses:",
        "    Master:",
        "      Failed:  1",
        "    Worker:",
        "      Failed:  3",
    ])
    b.lines("%s/journal-kubelet.txt" % nodes[2], [
        "%s %s kubelet[4121]: I0410 %s 4121 eviction_manager.go:366] \"Eviction manager: attempting to reclaim\" "
        "resourceName=\"memory\"" % (syslog_ts(tev), nodes[2].split(".")[0], tev.strftime("%H:%M:%S.118021")),
        "%s %s kubelet[4121]: I0410 %s 4121 eviction_manager.go:377] \"Eviction manager: must evict pod(s) to "
        "reclaim\" resourceName=\"memory\"" % (syslog_ts(tev), nodes[2].split(".")[0], tev.strftime("%H:%M:%S.118102")),
        "%s %s kubelet[4121]: I0410 %s 4121 eviction_manager.go:395] \"Eviction manager: pods ranked for eviction\" "
        "pods=[\"vision/%s\",\"monitoring/node-exporter-ztl6c\",\"gpu-operator/nvidia-dcgm-exporter-q8rvz\"]"
        % (syslog_ts(tev), nodes[2].split(".")[0], tev.strftime("%H:%M:%S.118377"), pods[2]),
        "%s %s kubelet[4121]: I0410 %s 4121 eviction_manager.go:616] \"Eviction manager: pod is evicted "
        "successfully\" pod=\"vision/%s\"" % (syslog_ts(plus(tev, 31)), nodes[2].split(".")[0],
                                               plus(tev, 31).strftime("%H:%M:%S.402118"), pods[2]),
    ])
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="The kubelet evicted worker-1 for node memory pressure, but the eviction message names the "
                           "training container itself (about 1.05 TiB against a 900Gi request). Every worker's memwatch "
                           "shows the same ~95 GB/h growth from the decoded-image cache in 128 dataloader processes, "
                           "so the other workers were close behind. This is the job's own host memory blow-up.",
                 modelled_on="https://github.com/kubeflow/trainer/issues/301")
    return "cd10_pytorchjob_worker_evicted_memory_pressure", b, label


# --------------------------------------------------------------------- cd11
def cd11():
    """PyTorchJob worker pod preempted by a higher-priority serving pod."""
    rnd = random.Random(8511)
    b = Bundle()
    job = "gemma-sft"
    nodes = ["gke-a3-pool-1-7c2e8f10-%s" % s for s in ("2mfx", "6bq4", "9tzc", "c1lw", "k9wd", "p3rn", "v7hs", "x0ga")]
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, i) for i in range(7)]
    t0 = T(2024, 8, 27, 13, 5, 40)
    tp = T(2024, 8, 27, 16, 41, 3)
    victim = 5  # worker-4 on k9wd
    preemptor_uid = "9b1f6e2a-4c3d-4e7a-b0f1-2d8c5a7e6f31"
    for i, (n, p) in enumerate(zip(nodes, pods)):
        lines = []
        t = plus(t0, 90)
        while t < tp:
            if i == 0:
                s = int((t - t0).total_seconds() / 3.1)
                lines.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}"
                             % (1.12 - s * 2e-5 + rnd.uniform(-0.02, 0.02), rnd.uniform(0.3, 0.6), 1e-5,
                                s / 9000.0))
            t = plus(t, 900)
        if i == victim:
            lines += elastic_sigterm(plus(tp, 0.2), 1, [24 + k for k in range(8)])
            lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been "
                         "destroyed before we destruct ProcessGroupNCCL." % (victim * 8, glog(plus(tp, 2), "W")))
        else:
            lines.append("%s:%d:%d [3] NCCL WARN NET/GPUDirectTCPX : Connection closed by remote peer "
                         "%s<%d>" % (p, 31 + i, 900 + i, nodes[victim], 50123))
            lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread "
                         "terminated with exception: NCCL error: remote process exited or there was a network error, "
                         "NCCL version 2.21.5" % (i * 8 + 3, glog(plus(tp, 4 + i * 0.1)), i * 8 + 3))
            lines.append("%s 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 3 "
                         "(pid: %d) of binary: /usr/bin/python" % (glog_us(plus(tp, 9 + i * 0.1), "E"), 27 + i))
        b.lines("%s/%s.log" % (n, p), lines)
    b.lines("kubectl-describe-pod-%s.txt" % pods[victim], _pod_describe(
        pods[victim], "research", nodes[victim], "10.128.0.%d" % (40 + victim), t0, "Failed", None, None,
        ["Terminated", ("Reason", "Error"), ("Exit Code", "143"),
         ("Started", t0.strftime("%a, %d %b %Y %H:%M:%S +0000")),
         ("Finished", plus(tp, 31).strftime("%a, %d %b %Y %H:%M:%S +0000"))],
        [("Normal", "Preempted", "9m", "default-scheduler", "Preempted by pod %s on node %s" % (preemptor_uid, nodes[victim])),
         ("Normal", "Killing", "9m", "kubelet", "Stopping container pytorch")],
        conditions=[("DisruptionTarget", "True"), ("Initialized", "True"), ("Ready", "False"),
                    ("ContainersReady", "False"), ("PodScheduled", "True")],
        labels={"priority": "100", "priorityClass": "research-batch-low", "itype": "a3-highgpu-8g"}))
    b.add("pod-%s-status.yaml" % pods[victim], "\n".join([
        "status:",
        "  conditions:",
        "  - lastProbeTime: null",
        "    lastTransitionTime: \"%s\"" % _zulu(tp),
        "    message: 'default-scheduler: preempting to accommodate a higher priority pod'",
        "    reason: PreemptionByScheduler",
        "    status: \"True\"",
        "    type: DisruptionTarget",
        "  phase: Failed",
    ]))
    b.lines("kubectl-get-events.txt", [
        "LAST SEEN   TYPE      REASON             OBJECT                                     MESSAGE",
        "9m          Normal    Preempted          pod/%s                       Preempted by pod %s on node %s"
        % (pods[victim], preemptor_uid, nodes[victim]),
        "9m          Normal    Scheduled          pod/vllm-gemma27b-6d8f9c7b5-q2xkz          Successfully assigned "
        "serving/vllm-gemma27b-6d8f9c7b5-q2xkz to %s" % nodes[victim],
        "9m          Warning   PyTorchJobFailed   pytorchjob/%s                          PyTorchJob %s is failed because 1 Worker replica(s) failed."
        % (job, job),
        "8m          Normal    Pulled             pod/vllm-gemma27b-6d8f9c7b5-q2xkz          Container image "
        "\"vllm/vllm-openai:v0.5.5\" already present on machine",
    ])
    b.lines("kubectl-get-priorityclass.txt", [
        "NAME                      VALUE        GLOBAL-DEFAULT   AGE",
        "research-batch-low        100          false            212d",
        "serving-critical          1000000      false            212d",
        "system-cluster-critical   2000000000   false            301d",
    ])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="worker-4 was removed by the scheduler (event 'Preempted by pod ... on node', "
                           "DisruptionTarget reason PreemptionByScheduler) to make room for a serving-critical pod; "
                           "the job runs at a low PriorityClass. The NCCL errors on the other workers follow that "
                           "preemption.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/92214")
    return "cd11_pytorchjob_failed_worker_sigterm", b, label


# --------------------------------------------------------------------- cd12
def cd12():
    """EKS spot node reclaimed; termination handler drained it; job failed."""
    rnd = random.Random(8512)
    b = Bundle()
    job = "mistral-cpt"
    nodes = ["ip-10-8-12-44.ec2.internal", "ip-10-8-13-7.ec2.internal", "ip-10-8-14-201.ec2.internal",
             "ip-10-8-15-90.ec2.internal"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job, "%s-worker-2" % job]
    t0 = T(2024, 4, 11, 22, 14, 9)
    titn = T(2024, 4, 12, 3, 17, 21)
    tint = T(2024, 4, 12, 3, 19, 21)
    dead = 2
    for i, (n, p) in enumerate(zip(nodes, pods)):
        lines = []
        t = plus(t0, 120)
        while t < titn:
            s = int((t - t0).total_seconds() / 4.4)
            if i == 0:
                lines.append("[%s] step %d | loss %.4f | tok/s %d" % (stamp(t), s, 1.9 + rnd.uniform(-0.02, 0.02),
                                                                     rnd.randint(391000, 395000)))
            t = plus(t, 1200)
        if i == dead:
            lines += elastic_sigterm(plus(titn, 1.5), 1, [30 + k for k in range(8)])
        else:
            lines.append("%s:%d:%d [0] NCCL WARN NET/OFI Request completed with error. RC: 112. Error: Host is down. "
                         "Completed length: 0, Request: { buffer_index: 255, dev: 0, size: 1048576, state: CREATED, "
                         "direction: RECV }" % (p, 40 + i, 221 + i))
            lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread "
                         "terminated with exception: NCCL error: remote process exited or there was a network error, "
                         "NCCL version 2.20.3" % (i * 8, glog(plus(titn, 33 + i)), i * 8))
        b.lines("%s/%s.log" % (n, p), lines)
    nth = [
        "%s INF Adding new event to the event store event={\"AutoScalingGroupName\":\"\",\"Description\":\"Spot ITN "
        "received. Instance will be interrupted at %s \\n\",\"EndTime\":\"0001-01-01T00:00:00Z\",\"EventID\":"
        "\"spot-itn-47ddfb5e39791606bec3e91fea4cdfa86f86a60ddaf014c8b4af8e008f67b9f4\",\"InProgress\":false,"
        "\"InstanceID\":\"i-0a8c3f1d2b4e5f607\",\"IsManaged\":true,\"Kind\":\"SPOT_ITN\",\"Monitor\":"
        "\"SPOT_ITN_MONITOR\",\"NodeName\":\"%s\",\"NodeProcessed\":false,\"Pods\":null,\"StartTime\":\"%s\","
        "\"State\":\"\"}" % (titn.strftime("%Y/%m/%d %H:%M:%S"), _zulu(tint), nodes[dead], _zulu(tint)),
        "%s INF Requesting instance drain event-id=spot-itn-47ddfb5e39791606bec3e91fea4cdfa86f86a60ddaf014c8b4af8e008f67b9f4 "
        "instance-id=i-0a8c3f1d2b4e5f607 kind=SPOT_ITN node-name=%s" % (plus(titn, 1).strftime("%Y/%m/%d %H:%M:%S"),
                                                                       nodes[dead]),
        "%s INF Pods on node node_name=%s pod_names=[\"aws-node-h2v9c\",\"kube-proxy-f8x2l\",\"%s\","
        "\"efa-device-plugin-mk2sd\",\"nvidia-device-plugin-daemonset-7dpqz\"]" % (
            plus(titn, 1).strftime("%Y/%m/%d %H:%M:%S"), nodes[dead], pods[dead]),
        "%s INF Draining the node" % plus(titn, 1).strftime("%Y/%m/%d %H:%M:%S"),
        "%s INF Node successfully cordoned and drained node_name=%s reason=\"Spot ITN received. Instance will be "
        "interrupted at %s \\n\"" % (plus(titn, 33).strftime("%Y/%m/%d %H:%M:%S"), nodes[dead], _zulu(tint)),
    ]
    b.lines("aws-node-termination-handler.log", nth)
    b.add("eventbridge-spot-interruption.json", "\n".join([
        "{",
        "  \"version\": \"0\",",
        "  \"id\": \"1e5527d7-bb36-4607-3370-4164db56a40e\",",
        "  \"detail-type\": \"EC2 Spot Instance Interruption Warning\",",
        "  \"source\": \"aws.ec2\",",
        "  \"account\": \"123456789012\",",
        "  \"time\": \"%s\"," % _zulu(titn),
        "  \"region\": \"us-east-1\",",
        "  \"resources\": [\"arn:aws:ec2:us-east-1b:instance/i-0a8c3f1d2b4e5f607\"],",
        "  \"detail\": {",
        "    \"instance-id\": \"i-0a8c3f1d2b4e5f607\",",
        "    \"instance-action\": \"terminate\"",
        "  }",
        "}",
    ]))
    b.lines("kubectl-get-events.txt", [
        "LAST SEEN   TYPE      REASON             OBJECT                               MESSAGE",
        "41m         Normal    Killing            pod/%s             Stopping container pytorch" % pods[dead],
        "41m         Normal    NodeNotSchedulable node/%s  Node %s status is now: NodeNotSchedulable"
        % (nodes[dead], nodes[dead]),
        "39m         Normal    NodeNotReady       node/%s  Node %s status is now: NodeNotReady" % (nodes[dead], nodes[dead]),
        "38m         Normal    RemovingNode       node/%s  Node %s event: Removing Node %s from Controller"
        % (nodes[dead], nodes[dead], nodes[dead]),
        "40m         Warning   PyTorchJobFailed   pytorchjob/%s              PyTorchJob %s is failed because 1 "
        "Worker replica(s) failed." % (job, job),
    ])
    b.lines("kubectl-get-nodes-before.txt", [
        "NAME                          STATUS   ROLES    AGE   VERSION               INSTANCE-TYPE   CAPACITY-TYPE",
    ] + ["%-29s Ready    <none>   %s   v1.29.3-eks-ae9a62a   p5.48xlarge     SPOT" % (n, ["2d", "5h", "5h", "19h"][i])
         for i, n in enumerate(nodes)])
    b.lines("%s/journal.txt" % nodes[dead], [
        "%s %s systemd-logind[1022]: Power key pressed short." % (syslog_ts(plus(tint, -1)), nodes[dead].split(".")[0]),
        "%s %s systemd-logind[1022]: Powering off..." % (syslog_ts(plus(tint, -1)), nodes[dead].split(".")[0]),
        "%s %s systemd[1]: Stopping kubelet.service - Kubernetes Kubelet..." % (syslog_ts(tint), nodes[dead].split(".")[0]),
    ])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="AWS sent an EC2 Spot Instance Interruption Warning for the node running worker-1. The "
                           "termination handler cordoned and drained it and the instance powered off. The SIGTERM and "
                           "the NCCL 'Host is down' errors on the other workers are the consequence of a spot reclaim.",
                 modelled_on="https://github.com/kubeflow/trainer/issues/999")
    return "cd12_pytorchjob_failed_host_is_down", b, label


# --------------------------------------------------------------------- cd13
def cd13():
    """Ray Train: RayTrainWorker actor died because its node was preempted."""
    rnd = random.Random(8513)
    b = Bundle()
    nodes = ["ray-head-gpu-0", "ray-gpu-worker-7x2kq", "ray-gpu-worker-b91mz", "ray-gpu-worker-tt4ld"]
    ips = ["10.12.0.5", "10.12.1.17", "10.12.1.29", "10.12.2.8"]
    t0 = T(2024, 5, 30, 7, 20, 0)
    tp = T(2024, 5, 30, 11, 8, 44)
    node_ids = [hexid("cd13-node-%d" % k) for k in range(4)]
    dead = 2
    drv = ["%s\tINFO worker.py:1749 -- Connecting to existing Ray cluster at address: %s:6379..."
           % (stamp_ms(t0), ips[0]),
           "%s\tINFO worker.py:1917 -- Connected to Ray cluster. View the dashboard at http://%s:8265 "
           % (stamp_ms(plus(t0, 1)), ips[0])]
    t = plus(t0, 60)
    it = 0
    while t < tp:
        it += 1
        for w in range(0, 16, 4):
            drv.append("(RayTrainWorker pid=%d, ip=%s) [rank %d] iteration %d step %d loss %.4f"
                       % (4410 + w, ips[w // 4], w, it, it * 500, 2.0 - it * 0.01 + rnd.uniform(-0.02, 0.02)))
        drv.append("(TorchTrainer pid=3981, ip=%s) Checkpoint successfully created at: Checkpoint(filesystem=gcs, "
                   "path=ckpt-bucket/llama-ft/TorchTrainer_5d2e1_00000_0_2024-05-30_07-20-01/checkpoint_%06d)"
                   % (ips[0], it - 1))
        t = plus(t, 1800)
    drv += [
        "%s\tWARNING worker.py:2058 -- The node with node id: %s and address: %s and node name: %s has been marked "
        "dead because the detector has missed too many heartbeats from it. This can happen when a \t(1) raylet "
        "crashes unexpectedly (OOM, etc.) \n\t(2) raylet has lagging heartbeats due to slow network or busy workload."
        % (stamp_ms(plus(tp, 31)), node_ids[dead], ips[dead], ips[dead]),
        "2024-05-30 11:09:20,004\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_5d2e1_00000",
        "Traceback (most recent call last):",
        '  File "%s/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future' % SITE,
        "    result = ray.get(future)",
        '  File "%s/ray/_private/worker.py", line 2667, in get' % SITE,
        "    values, debugger_breakpoint = worker.get_objects(object_refs, timeout=timeout)",
        '  File "%s/ray/_private/worker.py", line 866, in get_objects' % SITE,
        "    raise value",
        "ray.exceptions.ActorDiedError: The actor died unexpectedly before finishing this task.",
        "\tclass_name: RayTrainWorker",
        "\tactor_id: 7d1c2b0a9e8f6e5d4c3b2a1901000000",
        "\tpid: 4418",
        "\tnamespace: 1f6a2c88-3b1d-4d42-9b0e-5f7e6d2c1a09",
        "\tip: %s" % ips[dead],
        "The actor died because its node has died. Node Id: %s" % node_ids[dead],
        "\tthe actor's node was preempted: GCE preemption notice received for instance gke-ray-spot-a100-8e21c0f7-b91mz "
        "(spot VM reclaimed by Compute Engine)",
        "",
        "Training errored after 4 iterations at 2024-05-30 11:09:20. Total running time: 3hr 49min 20s",
        "Error file: /tmp/ray/session_2024-05-30_07-15-02_811274_1/artifacts/2024-05-30_07-20-01/"
        "TorchTrainer_2024-05-30_07-20-01/driver_artifacts/TorchTrainer_5d2e1_00000_0_2024-05-30_07-20-01/error.txt",
        "ray.train.base_trainer.TrainingFailedError: The Ray Train run failed. Please inspect the previous error "
        "messages for a cause. After fixing the issue (assuming that the error is not caused by your own application "
        "logic, but rather an error such as OOM), you can restart the run from scratch or continue this run.",
        "To continue this run, you can use: `trainer = TorchTrainer.restore(\"gs://ckpt-bucket/llama-ft\")`.",
        "To start a new run that will retry on training failures, set `train.RunConfig(failure_config=train."
        "FailureConfig(max_failures))` in the Trainer's `run_config` with `max_failures > 0`, or `max_failures = -1` "
        "for unlimited retries.",
    ]
    for w in (0, 4, 12):
        drv.insert(len(drv) - 23, "(RayTrainWorker pid=%d, ip=%s) [rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank "
                   "%d] Process group watchdog thread terminated with exception: NCCL error: remote process exited "
                   "or there was a network error, NCCL version 2.20.5" % (4410 + w, ips[w // 4], w,
                                                                          glog(plus(tp, 14 + w * 0.1)), w))
    b.lines("driver.log", drv)
    b.lines("ray-list-nodes.txt", [
        "======== List: 2024-05-30 11:31:07.442381 ========",
        "Stats:",
        "------------------------------",
        "Total: 4",
        "",
        "Table:",
        "------------------------------",
        "    NODE_ID                                                   NODE_IP     IS_HEAD_NODE  STATE    "
        "STATE_MESSAGE                                                 NODE_NAME",
    ] + ["%2d  %s  %-10s  %-12s  %-7s  %-60s  %s" % (
        k, node_ids[k], ips[k], "True" if k == 0 else "False", "DEAD" if k == dead else "ALIVE",
        "Expected termination: received SIGTERM (preemption)" if k == dead else "", ips[k]) for k in range(4)])
    b.lines("gce-operations.txt", [
        "NAME                                                     TYPE                     TARGET                                      HTTP_STATUS  STATUS  TIMESTAMP",
        "systemevent-1717067324491-61a9c2d0e6f6b-8a3e0c4c-9d3fe1  compute.instances.preempted  us-central1-b/instances/gke-ray-spot-a100-8e21c0f7-b91mz  200  DONE  2024-05-30T11:08:44.491-07:00",
    ])
    for k, n in enumerate(nodes):
        lines = ["[%s] raylet started node_id=%s ip=%s" % (stamp(plus(t0, -300)), node_ids[k], ips[k])]
        if k == dead:
            lines.append("[%s] raylet received SIGTERM, draining node (reason: preemption)" % stamp(plus(tp, -28)))
            b.lines("%s/journal.txt" % n, [
                "%s %s google_guest_agent[811]: Instance preempted, running shutdown scripts." % (syslog_ts(plus(tp, -29)), n),
                "%s %s systemd-logind[702]: Power key pressed short." % (syslog_ts(plus(tp, -29)), n),
                "%s %s kernel: ACPI: Preparing to enter system sleep state S5" % (syslog_ts(plus(tp, -1)), n),
            ])
        b.lines("%s/raylet.out" % n, lines)
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The RayTrainWorker died because its node died, and Ray records the death as a preemption; "
                           "GCE logged compute.instances.preempted for that spot VM. With max_failures=0 Ray Train "
                           "stopped. The run was ended from outside and resumes from its last checkpoint.",
                 modelled_on="https://github.com/ray-project/ray/issues/41107")
    return "cd13_ray_train_actor_died_node_dead", b, label


# --------------------------------------------------------------------- cd14
def cd14():
    """Ray memory monitor killed a RayTrainWorker; the top memory users are the job's own."""
    rnd = random.Random(8514)
    b = Bundle()
    nodes = ["rayw-a100-0", "rayw-a100-1", "rayw-a100-2"]
    ips = ["10.0.7.11", "10.0.7.12", "10.0.7.13"]
    nid = [hexid("cd14-node-%d" % k) for k in range(3)]
    t0 = T(2024, 2, 14, 12, 0, 0)
    tk = T(2024, 2, 14, 15, 22, 9)
    drv = []
    t = plus(t0, 90)
    ep = 0
    while t < tk:
        ep += 1
        drv.append("(RayTrainWorker pid=%d, ip=%s) epoch %d step %d loss %.4f mem_host=%.1fGB"
                   % (5120, ips[0], ep, ep * 300, 1.4 - ep * 0.005, 96 + ep * 11.5))
        drv.append("(SplitCoordinator pid=4482, ip=%s) Execution plan of Dataset: InputDataBuffer[Input] -> "
                   "TaskPoolMapOperator[ReadParquet] -> ActorPoolMapOperator[MapBatches(DecodeAndAugment)] -> "
                   "OutputSplitter[split(8, equal=True)]" % ips[0])
        t = plus(t, 900)
    top = [
        "PID\tMEM(GB)\tCOMMAND",
        "5128\t83.41\tray::RayTrainWorker.train_func",
        "5131\t82.97\tray::RayTrainWorker.train_func",
        "5125\t82.66\tray::RayTrainWorker.train_func",
        "5122\t82.31\tray::RayTrainWorker.train_func",
        "5134\t82.09\tray::RayTrainWorker.train_func",
        "5137\t81.88\tray::RayTrainWorker.train_func",
        "5140\t81.54\tray::RayTrainWorker.train_func",
        "6011\t64.20\tray::MapWorker(MapBatches(DecodeAndAugment))",
        "6014\t63.92\tray::MapWorker(MapBatches(DecodeAndAugment))",
        "6017\t63.77\tray::MapWorker(MapBatches(DecodeAndAugment))",
    ]
    drv += [
        "(raylet, ip=%s) [%s E 2712 2712] (raylet) node_manager.cc:3069: 1 Workers (tasks / actors) killed due to "
        "memory pressure (OOM), 0 Workers crashed due to other reasons at node (ID: %s, IP: %s) over the last time "
        "period. To see more information about the Workers killed on this node, use `ray logs raylet.out -ip %s`"
        % (ips[1], tk.strftime("%Y-%m-%d %H:%M:%S,118"), nid[1], ips[1], ips[1]),
        "(raylet, ip=%s) Refer to the documentation on how to address the out of memory issue: "
        "https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html. Consider provisioning more memory "
        "on this node or reducing task parallelism by requesting more CPUs per task. To adjust the kill threshold, set "
        "the environment variable `RAY_memory_usage_threshold` when starting Ray. To disable worker killing, set the "
        "environment variable `RAY_memory_monitor_refresh_ms` to zero." % ips[1],
        "Training errored after 13 iterations at %s. Total running time: 3hr 22min 9s" % stamp(plus(tk, 4)),
        "ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.",
        "Memory on the node (IP: %s, ID: %s) where the task (actor ID: 2f0e1d9c8b7a6f5e4d3c2b1a0b000000, "
        "name=RayTrainWorker.__init__, pid=5143, memory used=84.02GB) was running was 1.90TB / 2.00TB (0.95172), "
        "which exceeds the memory usage threshold of 0.95. Ray killed this worker (ID: "
        "%s) because it was the most recently scheduled task; "
        "to see more information about memory usage on this node, use `ray logs raylet.out -ip %s`. To see the logs "
        "of the worker, use `ray logs worker-%s*out -ip %s. "
        "Top 10 memory users:" % (ips[1], nid[1], hexid("cd14-worker"), ips[1], hexid("cd14-worker"), ips[1]),
    ] + top + [
        "Refer to the documentation on how to address the out of memory issue: "
        "https://docs.ray.io/en/latest/ray-core/scheduling/ray-oom-prevention.html.",
    ]
    b.lines("driver.log", drv)
    for k, n in enumerate(nodes):
        lines = ["[%s] memory monitor: used=%.2fTB total=2.00TB fraction=%.3f" % (stamp(plus(tk, -1800)),
                                                                                1.62 + k * 0.03,
                                                                                (1.62 + k * 0.03) / 2.0),
                 "[%s] memory monitor: used=%.2fTB total=2.00TB fraction=%.3f" % (stamp(plus(tk, -300)),
                                                                                1.84 + k * 0.02,
                                                                                (1.84 + k * 0.02) / 2.0)]
        if k == 1:
            lines.append("[%s] Killing worker with task RayTrainWorker.__init__ pid=5143 due to memory pressure "
                         "(usage 0.95172 > threshold 0.95)" % stamp(tk))
        b.lines("%s/raylet.out" % n, lines)
        b.lines("%s/dmesg.txt" % n, [dmesg_T(plus(t0, -600), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  "
                                                              "535.129.03  Thu Oct 19 18:56:32 UTC 2023")])
    b.lines("train_config.yaml", [
        "scaling_config:",
        "  num_workers: 24",
        "  use_gpu: true",
        "  resources_per_worker: {GPU: 1, CPU: 4}",
        "dataset:",
        "  read: parquet s3://vision-corpus/laion-aesthetic-6p/",
        "  map_batches: DecodeAndAugment(concurrency=12, batch_size=512)",
        "  local_shuffle_buffer_size: 200000",
        "  prefetch_batches: 64",
        "failure_config: {max_failures: 0}",
    ])
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="Ray's memory monitor killed a RayTrainWorker at 95% node memory. Its top-10 list contains "
                           "only the job's own train workers (about 82 GB each) and its Ray Data decode actors, and all "
                           "three nodes were above 0.92 and climbing, driven by the 200k-sample shuffle buffer and "
                           "64-batch prefetch. The job exhausted host memory on its own.",
                 modelled_on="https://github.com/ray-project/ray/pull/30312")
    return "cd14_ray_worker_killed_memory_monitor", b, label


# --------------------------------------------------------------------- cd20
def cd20():
    """AKS node DiskPressure: another pod's runaway logs filled the OS disk; training pod evicted."""
    rnd = random.Random(8520)
    b = Bundle()
    job = "sd3-finetune"
    nodes = ["aks-ndh100-31245678-vmss%06d" % k for k in range(4)]
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, k) for k in range(3)]
    t0 = T(2024, 7, 2, 8, 0, 3)
    tev = T(2024, 7, 2, 19, 33, 12)
    bad = 2
    for i, (n, p) in enumerate(zip(nodes, pods)):
        lines = []
        t = plus(t0, 60)
        while t < tev:
            s = int((t - t0).total_seconds() / 1.71)
            if i == 0:
                lines.append("Steps: %d%%| %d/120000 [%s, 1.71s/it, lr=1e-05, step_loss=0.%03d]"
                             % (s * 100 // 120000, s, stamp(t), rnd.randint(80, 160)))
            t = plus(t, 3600)
        if i == bad:
            lines += elastic_sigterm(plus(tev, 0.5), 1, [17 + k for k in range(8)])
        else:
            lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread "
                         "terminated with exception: NCCL error: remote process exited or there was a network error, "
                         "NCCL version 2.21.5" % (i * 8, glog(plus(tev, 6 + i)), i * 8))
        b.lines("%s/%s.log" % (n, p), lines)
    ev = ("The node was low on resource: ephemeral-storage. Threshold quantity: 12954128876, available: 11231408Ki. "
          "Container pytorch was using 56Ki, request is 0, has larger consumption of ephemeral-storage.")
    b.lines("kubectl-describe-pod-%s.txt" % pods[bad], _pod_describe(
        pods[bad], "genai", nodes[bad], "10.224.0.%d" % (10 + bad), t0, "Failed", "Evicted", ev,
        ["Terminated", ("Reason", "ContainerStatusUnknown"), ("Exit Code", "137"),
         ("Started", t0.strftime("%a, %d %b %Y %H:%M:%S +0000")),
         ("Finished", plus(tev, 30).strftime("%a, %d %b %Y %H:%M:%S +0000"))],
        [("Warning", "Evicted", "21m", "kubelet", ev),
         ("Normal", "Killing", "21m", "kubelet", "Stopping container pytorch")],
        requests={"cpu": "80", "memory": "1600Gi", "nvidia.com/gpu": "8"},
        conditions=[("DisruptionTarget", "True"), ("Initialized", "True"), ("Ready", "False"),
                    ("ContainersReady", "False"), ("PodScheduled", "True")],
        labels={"itype": "Standard_ND96isr_H100_v5"}))
    hb = plus(tev, 600).strftime("%a, %d %b %Y %H:%M:%S +0000")
    b.lines("kubectl-describe-node-%s.txt" % nodes[bad], [
        "Name:               %s" % nodes[bad],
        "Labels:             kubernetes.azure.com/agentpool=ndh100",
        "                    node.kubernetes.io/instance-type=Standard_ND96isr_H100_v5",
        "Taints:             node.kubernetes.io/disk-pressure:NoSchedule",
        "Conditions:",
        "  Type             Status  LastHeartbeatTime                 Reason                       Message",
        "  ----             ------  -----------------                 ------                       -------",
        "  MemoryPressure   False   %s   KubeletHasSufficientMemory   kubelet has sufficient memory available" % hb,
        "  DiskPressure     True    %s   KubeletHasDiskPressure       kubelet has disk pressure" % hb,
        "  PIDPressure      False   %s   KubeletHasSufficientPID      kubelet has sufficient PID available" % hb,
        "  Ready            True    %s   KubeletReady                 kubelet is posting ready status" % hb,
        "Capacity:",
        "  ephemeral-storage:  129886128Ki",
        "Allocatable:",
        "  ephemeral-storage:  119703055367",
        "Non-terminated Pods:          (6 in total)",
        "  Namespace     Name                                 CPU Requests  Memory Requests  Age",
        "  ---------     ----                                 ------------  ---------------  ---",
        "  kube-system   azure-ip-masq-agent-x7k2d            100m (0%)     50Mi (0%)        31d",
        "  kube-system   cloud-node-manager-qh9bz             50m (0%)      50Mi (0%)        31d",
        "  kube-system   kube-proxy-2n5vl                     100m (0%)     0 (0%)           31d",
        "  gpu-operator  nvidia-dcgm-exporter-5m8tq           0 (0%)        0 (0%)           3d",
        "  observability fluent-bit-wq4rc                     100m (0%)     128Mi (0%)       31d",
        "  labtools      nccl-probe-7b9c6d5f4-z2kwd           0 (0%)        0 (0%)           2d",
        "Events:",
        "  Type     Reason                 Age   From     Message",
        "  ----     ------                 ----  ----     -------",
        "  Warning  EvictionThresholdMet   22m   kubelet  Attempting to reclaim ephemeral-storage",
        "  Normal   NodeHasDiskPressure    22m   kubelet  Node %s status is now: NodeHasDiskPressure" % nodes[bad],
        "  Warning  FreeDiskSpaceFailed    17m   kubelet  Failed to garbage collect required amount of images. "
        "Attempted to free 18921930752 bytes, but only found 0 bytes eligible to free.",
    ])
    b.lines("%s/df-h.txt" % nodes[bad], [
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/root       124G  114G   11G  92% /",
        "devtmpfs        946G     0  946G   0% /dev",
        "tmpfs           946G  4.0K  946G   1% /dev/shm",
        "/dev/sdb1       2.8T  412G  2.3T  16% /mnt",
        "/dev/md0        7.0T  1.9T  5.1T  28% /mnt/nvme",
    ])
    b.lines("%s/du-var-log-pods.txt" % nodes[bad], [
        "81G\t/var/log/pods/labtools_nccl-probe-7b9c6d5f4-z2kwd_3c1e7a52-0b4f-4e8d-9d1a-6f2b8c0e7a31",
        "1.2G\t/var/log/pods/observability_fluent-bit-wq4rc_8a0f2c44-19d7-4b3e-a7c2-0e5d9b6f4a12",
        "212M\t/var/log/pods/genai_sd3-finetune-worker-1_1d9e3b7a-5c2f-4a80-b6d4-7e2a9c0f1b83",
        "41M\t/var/log/pods/gpu-operator_nvidia-dcgm-exporter-5m8tq_6b2d0e9f-3a1c-4e7b-8f5d-2c9a0b7e1d64",
    ])
    b.lines("%s/tail-nccl-probe-container.log" % nodes[bad], [
        "2024-07-02T19:30:01.118244301Z stdout F nccl-probe: all_reduce_perf -b 8 -e 8G -f 2 -g 8 (loop 311722)",
        "2024-07-02T19:30:01.118271944Z stdout F %s:23:23 [0] NCCL INFO Bootstrap : Using eth0:10.224.0.12<0>" % nodes[bad],
        "2024-07-02T19:30:01.118290077Z stdout F %s:23:23 [0] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)" % nodes[bad],
        "2024-07-02T19:30:01.118301225Z stdout F %s:23:23 [0] NCCL INFO cudaDriverVersion 12040" % nodes[bad],
    ])
    for i, n in enumerate(nodes):
        if i == bad:
            continue
        b.lines("%s/df-h.txt" % n, [
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/root       124G   %dG   %dG  %d%% /" % (31 + i, 93 - i, 26 + i),
            "/dev/md0        7.0T  1.9T  5.1T  28% /mnt/nvme",
        ])
    label = dict(category="storage", layer="infrastructure", culprit={"node": nodes[bad], "rank": None},
                 action="restart_without_node",
                 rationale="Only vmss000002 hit DiskPressure. Its OS disk is 92% full and 81G of that is the logs of "
                           "an unrelated, looping nccl-probe pod. The training container used 56Ki of ephemeral storage "
                           "and was evicted as collateral. Local disk full on one node.",
                 modelled_on="https://github.com/kubernetes/kubernetes/issues/91600")
    return "cd20_pytorchjob_worker_evicted_ephemeral_storage", b, label


# --------------------------------------------------------------------- cd27
def cd27():
    """PyTorchJob Succeeded; workers restarted twice early on DNS errors before master existed."""
    rnd = random.Random(8527)
    b = Bundle()
    job = "bert-ft"
    nodes = ["gpu-node-11", "gpu-node-12", "gpu-node-14"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job]
    t0 = T(2024, 1, 16, 9, 30, 0)
    tdone = T(2024, 1, 16, 13, 52, 41)
    for i, (n, p) in enumerate(zip(nodes, pods)):
        if i > 0:
            prev = []
            for attempt in range(2):
                ta = plus(t0, 2 + attempt * 95)
                prev += [
                    "=== kubectl logs %s --previous (restart %d) ===" % (p, attempt + 1),
                    "[W116 %s.%06d socket.cpp:697] [c10d] The IPv4 network addresses of (bert-ft-master-0, 23456) "
                    "cannot be retrieved (gai error: -2 - Name or service not known)." % (ta.strftime("%H:%M:%S"), 118223),
                    "Traceback (most recent call last):",
                    '  File "/opt/conda/bin/torchrun", line 33, in <module>',
                    "    sys.exit(load_entry_point('torch==2.1.2', 'console_scripts', 'torchrun')())",
                    '  File "%s/torch/distributed/launcher/api.py", line 241, in launch_agent' % SITE,
                    "    result = agent.run()",
                    '  File "%s/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 155, in '
                    "_create_tcp_store" % SITE,
                    "    raise RendezvousConnectionError(",
                    "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d "
                    "store has failed. See inner exception for details.",
                ]
            b.lines("%s/%s.previous.log" % (n, p), prev)
        lines = []
        t = plus(t0, 260)
        while t < tdone:
            s = int((t - plus(t0, 260)).total_seconds() / 2.04)
            if i == 0:
                lines.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}"
                             % (0.61 - s * 4e-5 + rnd.uniform(-0.02, 0.02), rnd.uniform(1, 3), 3e-5, s / 2560.0))
            t = plus(t, 1200)
        if i == 0:
            lines += [
                "{'train_runtime': 15620.4, 'train_samples_per_second': 251.7, 'train_steps_per_second': 0.492, "
                "'train_loss': 0.4127, 'epoch': 3.0}",
                "Saving model checkpoint to /mnt/output/bert-ft/final",
                "Configuration saved in /mnt/output/bert-ft/final/config.json",
                "Model weights saved in /mnt/output/bert-ft/final/model.safetensors",
            ]
        lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed "
                     "before we destruct ProcessGroupNCCL." % (i * 4, glog(plus(tdone, 1 + i * 0.2), "W")))
        lines.append("%s 1 torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully "
                     "finished. Waiting 300 seconds for other agents to finish." % glog_us(plus(tdone, 2), "I"))
        b.lines("%s/%s.log" % (n, p), lines)
    b.lines("kubectl-get-pods.txt", [
        "NAME                READY   STATUS      RESTARTS      AGE",
        "%s   0/1     Completed   0             4h27m" % pods[0],
        "%s   0/1     Completed   2 (4h24m ago) 4h27m" % pods[1],
        "%s   0/1     Completed   2 (4h24m ago) 4h27m" % pods[2],
    ])
    b.lines("kubectl-get-pytorchjob.txt", [
        "NAME      STATE       AGE",
        "%s   Succeeded   4h27m" % job,
        "",
        "  Conditions:",
        "    Message:               PyTorchJob %s is created." % job,
        "    Reason:                PyTorchJobCreated",
        "    Type:                  Created",
        "    Message:               PyTorchJob %s is running." % job,
        "    Reason:                PyTorchJobRunning",
        "    Status:                False",
        "    Type:                  Running",
        "    Message:               PyTorchJob %s is successfully completed." % job,
        "    Reason:                PyTorchJobSucceeded",
        "    Status:                True",
        "    Type:                  Succeeded",
        "  Replica Statuses:",
        "    Master:",
        "      Succeeded:  1",
        "    Worker:",
        "      Succeeded:  2",
    ])
    b.lines("job.yaml", [
        "apiVersion: kubeflow.org/v1",
        "kind: PyTorchJob",
        "metadata:",
        "  name: %s" % job,
        "spec:",
        "  pytorchReplicaSpecs:",
        "    Master:",
        "      replicas: 1",
        "      restartPolicy: OnFailure",
        "    Worker:",
        "      replicas: 2",
        "      restartPolicy: OnFailure",
    ])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The PyTorchJob is Succeeded and all replicas Completed with a saved final model. The two "
                           "worker restarts happened in the first minutes, when the master Service did not resolve yet "
                           "(gai error -2), and restartPolicy OnFailure absorbed them.",
                 modelled_on="https://github.com/kubeflow/pytorch-operator/issues/125")
    return "cd27_pytorchjob_worker_restarts_rendezvous_errors", b, label


CASES = [cd10, cd11, cd12, cd13, cd14, cd20, cd27]
