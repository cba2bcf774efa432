"""Kubernetes PyTorchJob incidents: kubectl logs per pod, describe output and events."""
import random

from kit import (Case, T, sec, pylog, nccl_init, k8s_time, torch_glog, remote_error, watchdog_timeout,
                 child_failed, elastic_glog, sigterm_lines, iso)


def _age(now, then):
    s = int((now - then).total_seconds())
    if s < 120:
        return "%ds" % s
    if s < 7200:
        return "%dm" % (s // 60)
    return "%dh%dm" % (s // 3600, (s % 3600) // 60) if (s % 3600) // 60 else "%dh" % (s // 3600)


def describe_pod(pod, ns, node, node_ip, start, pod_ip, job, rtype, idx, image, args, state, last_state,
                 restart_count, limits, events, status="Running", reason=None, message=None, priority=("0", None),
                 env=None, now=None):
    L = []
    L.append("Name:             %s" % pod)
    L.append("Namespace:        %s" % ns)
    L.append("Priority:         %s" % priority[0])
    if priority[1]:
        L.append("Priority Class Name:  %s" % priority[1])
    L.append("Service Account:  default")
    L.append("Node:             %s/%s" % (node, node_ip))
    L.append("Start Time:       %s" % k8s_time(start))
    L.append("Labels:           training.kubeflow.org/job-name=%s" % job)
    L.append("                  training.kubeflow.org/operator-name=pytorchjob-controller")
    L.append("                  training.kubeflow.org/replica-index=%d" % idx)
    L.append("                  training.kubeflow.org/replica-type=%s" % rtype)
    if rtype == "master":
        L.append("                  training.kubeflow.org/job-role=master")
    L.append("Annotations:      <none>")
    L.append("Status:           %s" % status)
    if reason:
        L.append("Reason:           %s" % reason)
    if message:
        L.append("Message:          %s" % message)
    L.append("IP:               %s" % (pod_ip or ""))
    L.append("IPs:")
    if pod_ip:
        L.append("  IP:           %s" % pod_ip)
    L.append("Controlled By:  PyTorchJob/%s" % job)
    L.append("Containers:")
    L.append("  pytorch:")
    L.append("    Container ID:  containerd://%s" % _cid(pod))
    L.append("    Image:         %s" % image)
    L.append("    Image ID:      %s@sha256:%s" % (image.split(":")[0], _cid(image)))
    L.append("    Port:          23456/TCP")
    L.append("    Host Port:     0/TCP")
    L.append("    Command:")
    L.append("      torchrun")
    L.append("    Args:")
    for a in args:
        L.append("      %s" % a)
    L.extend(state)
    if last_state:
        L.extend(last_state)
    L.append("    Ready:          %s" % ("True" if status == "Running" and state[0].strip().endswith("Running") else "False"))
    L.append("    Restart Count:  %d" % restart_count)
    L.append("    Limits:")
    for k, v in limits:
        L.append("      %-16s %s" % (k + ":", v))
    L.append("    Requests:")
    for k, v in limits:
        L.append("      %-16s %s" % (k + ":", v))
    L.append("    Environment:")
    for k, v in (env or []):
        L.append("      %s:  %s" % (k, v))
    L.append("    Mounts:")
    L.append("      /dev/shm from dshm (rw)")
    L.append("      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access (ro)")
    L.append("Conditions:")
    L.append("  Type              Status")
    ready = "True" if status == "Running" and state[0].strip().endswith("Running") else "False"
    L.append("  Initialized       True ")
    L.append("  Ready             %s " % ready)
    L.append("  ContainersReady   %s " % ready)
    L.append("  PodScheduled      True ")
    L.append("Volumes:")
    L.append("  dshm:")
    L.append("    Type:       EmptyDir (a temporary directory that shares a pod's lifetime)")
    L.append("    Medium:     Memory")
    L.append("    SizeLimit:  64Gi")
    L.append("QoS Class:                   Guaranteed")
    L.append("Node-Selectors:              <none>")
    L.append("Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s")
    L.append("                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s")
    L.append("                             nvidia.com/gpu:NoSchedule op=Exists")
    L.append("Events:")
    if not events:
        L.append("  <none>")
    else:
        L.append("  Type     Reason     Age                  From               Message")
        L.append("  ----     ------     ----                 ----               -------")
        for typ, rsn, age, frm, msg in events:
            L.append("  %-8s %-10s %-20s %-18s %s" % (typ, rsn, age, frm, msg))
    return "\n".join(L)


def _cid(s):
    h = 1469598103934665603
    for ch in s:
        h = ((h ^ ord(ch)) * 1099511628211) & ((1 << 64) - 1)
    out = ""
    x = h
    while len(out) < 64:
        x = (x * 6364136223846793005 + 1442695040888963407) & ((1 << 64) - 1)
        out += "%016x" % x
    return out[:64]


def torchrun_boot(t, pid, nnodes, nproc, endpoint, rng):
    out = []
    out.append("%s " % elastic_glog(t, pid, "W", "torch/distributed/run.py:793"))
    out.append("%s *****************************************" % elastic_glog(t, pid, "W", "torch/distributed/run.py:793"))
    out.append("%s Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % elastic_glog(t, pid, "W", "torch/distributed/run.py:793"))
    out.append("%s *****************************************" % elastic_glog(t, pid, "W", "torch/distributed/run.py:793"))
    out.append("%s [default] starting workers for entrypoint: python" % elastic_glog(t + sec(0.01), pid, "I", "torch/distributed/elastic/agent/server/api.py:677"))
    out.append("%s [default] Rendezvous'ing worker group" % elastic_glog(t + sec(0.01), pid, "I", "torch/distributed/elastic/agent/server/api.py:513"))
    out.append("%s [default] Rendezvous complete for workers. Result:" % elastic_glog(t + sec(3.2), pid, "I", "torch/distributed/elastic/agent/server/api.py:525"))
    out.append("  restart_count=0")
    out.append("  master_addr=%s" % endpoint)
    out.append("  master_port=23456")
    out.append("  group_world_size=%d" % nnodes)
    out.append("  local_world_size=%d" % nproc)
    return out


# ============================================================ OOMKilled by the pod memory limit
def pods_restarting_memory_limit(name):
    rng = random.Random(6403)
    c = Case(name)
    ns, job = "ml-train", "llm-sft-7b"
    image = "us-docker.pkg.dev/acme-ml/train/sft:2024.05.2"
    nodes = ["gke-a3-ml-pool-2b7c1e0f-4bq2", "gke-a3-ml-pool-2b7c1e0f-7xk1",
             "gke-a3-ml-pool-2b7c1e0f-9mfd", "gke-a3-ml-pool-2b7c1e0f-h2wz"]
    node_ips = ["10.128.0.41", "10.128.0.44", "10.128.0.47", "10.128.0.52"]
    pods = ["llm-sft-7b-master-0", "llm-sft-7b-worker-0", "llm-sft-7b-worker-1", "llm-sft-7b-worker-2"]
    pod_ips = ["10.36.0.12", "10.36.1.9", "10.36.2.14", "10.36.3.9"]
    args = ["--nnodes=4", "--nproc_per_node=8", "--rdzv_backend=c10d", "--rdzv_endpoint=llm-sft-7b-master-0:23456",
            "sft.py", "--config=/configs/sft_7b.yaml"]
    limits = [("cpu", "96"), ("memory", "400Gi"), ("nvidia.com/gpu", "8")]
    r1 = T(2024, 5, 21, 8, 2, 40)
    r2 = T(2024, 5, 21, 9, 44, 27)
    # memory model: pod rss = 96 + 0.375 * steps_since_round_start GiB (+ per pod offset)
    off = [0.0, 2.1, 0.7, 4.3]
    off2 = [0.4, 4.9, 1.6, 0.2]
    s_per_step = 7.42

    def pod_log(i, start, first_step, last_step, offs, killed_at, killed, nccl_err_at, peer):
        L = []
        pid = 1
        L.extend(torchrun_boot(start + sec(2), pid, 4, 8, "llm-sft-7b-master-0", rng))
        t = start + sec(9)
        L.append("[%s] [INFO] [sft] node_rank=%d world_size=32 host=%s" % (pylog(t), i, pods[i]))
        L.append("[%s] [INFO] [sft] data: ShardedJsonlDataset(path=gs://acme-sft/mix-v3, cache_decoded=True) num_workers=12 prefetch_factor=8 persistent_workers=True pin_memory=True" % pylog(t))
        L.append("[%s] [INFO] [sft] model: llama-7b  fsdp=FULL_SHARD  bf16  activation_ckpt=True  micro_bs=4  seq=4096" % pylog(t + sec(0.1)))
        for ln in nccl_init(pods[i], 118 + i, 0, i * 8, 32, pod_ips[i], rng, nic="eth0", hcas=0, plugin_msg=True)[:7]:
            L.append(ln)
        if first_step > 0:
            L.append("[%s] [INFO] [sft] resumed from gs://acme-sft/ckpt/llm-sft-7b/step_%06d" % (pylog(t + sec(60)), first_step))
        st = first_step
        t = start + sec(95)
        while st + 50 <= last_step:
            st += 50
            t = t + sec(50 * s_per_step + rng.random() * 3)
            if killed_at is not None and t >= killed_at:
                break
            rss = 96 + 0.375 * (st - first_step) + offs[i] + rng.random() * 0.8
            L.append("[%s] [INFO] [sft] step %d | loss %.4f | lr %.2e | %.2f s/step | pod_mem(cgroup) %.1fGiB / 400.0GiB | gpu_mem_alloc %.1fGiB" % (
                pylog(t), st, 1.71 - st * 0.0002 + rng.gauss(0, 0.01), 2e-5, s_per_step + rng.random() * 0.05, rss, 58.0 + rng.random()))
            if st % 500 == 0:
                L.append("[%s] [INFO] [sft] saved checkpoint gs://acme-sft/ckpt/llm-sft-7b/step_%06d" % (pylog(t + sec(40)), st))
                t = t + sec(41)
            if st == first_step + 350 and i == 1:
                L.append("[%s] [WARNING] [sft] dataloader worker 7 slow to respond (12.4s), gcs read retry 1/5 for shard-00417.jsonl" % pylog(t + sec(3)))
        if killed:
            return L
        if nccl_err_at is not None:
            r = i * 8 + 3
            L.extend(remote_error(r, nccl_err_at, peer, 51122, pod_ips[i], host=pods[i], pid=200 + r, lr=3))
            tt = nccl_err_at + sec(2.5)
            L.extend(sigterm_lines(tt, 1, [201 + i * 40 + k for k in range(8) if k != 3]))
            L.append("%s failed (exitcode: -6) local_rank: 3 (pid: %d) of binary: /usr/bin/python3" % (elastic_glog(tt + sec(1.2), 1, "E", "torch/distributed/elastic/multiprocessing/api.py:833"), 204 + i * 40))
            L.extend(child_failed("sft.py", [], {"time": (tt + sec(1.2)).strftime("%Y-%m-%d_%H:%M:%S"), "host": pods[i], "rank": r,
                                                 "local_rank": 3, "exitcode": -6, "pid": 204 + i * 40,
                                                 "traceback": "Signal 6 (SIGABRT) received by PID %d" % (204 + i * 40)}))
        return L

    # round 1: worker-2 (index 3) crosses the limit first
    k1 = r1 + sec(95 + 800 * s_per_step + 16 * 1.5 + 34)
    # round 2: worker-0 (index 1) first
    k2 = r2 + sec(95 + 820 * s_per_step + 16 * 1.5 + 21)
    logs_prev = {}
    logs_cur = {}
    for i in range(4):
        killed1 = (i == 3)
        logs_prev[i] = pod_log(i, r1, 0, 3000, off, k1 if killed1 else k1 + sec(2), killed1,
                               None if killed1 else k1 + sec(2.2 + i * 0.3), pod_ips[3])
        killed2 = (i == 1)
        logs_cur[i] = pod_log(i, r2, 500, 3000, off2, k2 if killed2 else k2 + sec(2), killed2,
                              None if killed2 else k2 + sec(2.0 + i * 0.4), pod_ips[1])
    now = k2 + sec(600)
    for i in range(4):
        d = nodes[i]
        c.add("%s/kubectl_logs_%s.txt" % (d, pods[i]), "\n".join(logs_cur[i]))
        c.add("%s/kubectl_logs_%s_--previous.txt" % (d, pods[i]), "\n".join(logs_prev[i]))
        # describe: restart count 1 for all, last state depends on the pod
        if i == 3:
            last = ["    Last State:     Terminated", "      Reason:       OOMKilled", "      Exit Code:    137",
                    "      Started:      %s" % k8s_time(r1), "      Finished:     %s" % k8s_time(k1)]
        else:
            last = ["    Last State:     Terminated", "      Reason:       Error", "      Exit Code:    1",
                    "      Started:      %s" % k8s_time(r1), "      Finished:     %s" % k8s_time(k1 + sec(5 + i))]
        if i == 1:
            state = ["    State:          Terminated", "      Reason:       OOMKilled", "      Exit Code:    137",
                     "      Started:      %s" % k8s_time(r2), "      Finished:     %s" % k8s_time(k2)]
        else:
            state = ["    State:          Terminated", "      Reason:       Error", "      Exit Code:    1",
                     "      Started:      %s" % k8s_time(r2), "      Finished:     %s" % k8s_time(k2 + sec(5 + i))]
        ev = [("Normal", "Pulled", "%s (x2 over %s)" % (_age(now, r2), _age(now, r1)), "kubelet", 'Container image "%s" already present on machine' % image),
              ("Normal", "Created", "%s (x2 over %s)" % (_age(now, r2), _age(now, r1)), "kubelet", "Created container pytorch"),
              ("Normal", "Started", "%s (x2 over %s)" % (_age(now, r2), _age(now, r1)), "kubelet", "Started container pytorch")]
        c.add("%s/kubectl_describe_pod_%s.txt" % (d, pods[i]),
              describe_pod(pods[i], ns, d, node_ips[i], r1 - sec(25), pod_ips[i], job, "master" if i == 0 else "worker",
                           0 if i == 0 else i - 1, image, args, state, last, 1, limits, ev, status="Failed",
                           env=[("PYTHONUNBUFFERED", "1"), ("NCCL_DEBUG", "INFO"), ("PET_NNODES", "4"), ("PET_NPROC_PER_NODE", "8")]))
    c.add("%s/kubectl_describe_node_%s.txt" % (nodes[3], nodes[3]), "\n".join([
        "Name:               %s" % nodes[3],
        "Roles:              <none>",
        "Labels:             cloud.google.com/gke-accelerator=nvidia-h100-80gb",
        "                    cloud.google.com/gke-nodepool=a3-ml-pool",
        "                    node.kubernetes.io/instance-type=a3-highgpu-8g",
        "CreationTimestamp:  Thu, 02 May 2024 17:21:09 +0000",
        "Taints:             nvidia.com/gpu=present:NoSchedule",
        "Unschedulable:      false",
        "Conditions:",
        "  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
        "  ----                 ------  -----------------                 ------------------                ------                       -------",
        "  MemoryPressure       False   %s   Thu, 02 May 2024 17:21:09 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available" % k8s_time(now - sec(20)),
        "  DiskPressure         False   %s   Thu, 02 May 2024 17:21:09 +0000   KubeletHasNoDiskPressure     kubelet has no disk pressure" % k8s_time(now - sec(20)),
        "  PIDPressure          False   %s   Thu, 02 May 2024 17:21:09 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available" % k8s_time(now - sec(20)),
        "  Ready                True    %s   Thu, 02 May 2024 17:21:43 +0000   KubeletReady                 kubelet is posting ready status. AppArmor enabled" % k8s_time(now - sec(20)),
        "Capacity:",
        "  cpu:                208",
        "  ephemeral-storage:  2048540Mi",
        "  memory:             1894743904Ki",
        "  nvidia.com/gpu:     8",
        "Allocatable:",
        "  cpu:                207690m",
        "  ephemeral-storage:  1888452135918",
        "  memory:             1852193120Ki",
        "  nvidia.com/gpu:     8",
        "Non-terminated Pods:          (5 in total)",
        "  Namespace    Name                           CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age",
        "  ---------    ----                           ------------  ----------  ---------------  -------------  ---",
        "  kube-system  fluentbit-gke-9x2lq            100m (0%)     0 (0%)      200Mi (0%)       500Mi (0%)     19d",
        "  kube-system  kube-proxy-gke-a3-ml-h2wz      100m (0%)     0 (0%)      0 (0%)           0 (0%)         19d",
        "  kube-system  nvidia-gpu-device-plugin-7qz   50m (0%)      50m (0%)    50Mi (0%)        50Mi (0%)      19d",
        "  kube-system  gke-metrics-agent-v2kcx        8m (0%)       0 (0%)      60Mi (0%)        60Mi (0%)      19d",
        "  ml-train     llm-sft-7b-worker-2            96 (46%%)      96 (46%%)    400Gi (22%%)      400Gi (22%%)    %s" % _age(now, r1),
        "Events:",
        "  Type     Reason     Age    From            Message",
        "  ----     ------     ----   ----            -------",
        "  Warning  OOMKilling %s  kernel-monitor  Memory cgroup out of memory: Killed process 2104 (python3) total-vm:412331840kB, anon-rss:414877312kB, file-rss:88412kB, shmem-rss:0kB, UID:0 pgtables:812344kB oom_score_adj:-997" % _age(now, k1),
    ]))
    c.add("kubectl_get_pods_-o_wide.txt", "\n".join([
        "NAME                  READY   STATUS      RESTARTS      AGE    IP           NODE                           NOMINATED NODE   READINESS GATES",
        "llm-sft-7b-master-0   0/1     Error       1 (%s ago)   %s   10.36.0.12   gke-a3-ml-pool-2b7c1e0f-4bq2   <none>           <none>" % (_age(now, r2), _age(now, r1)),
        "llm-sft-7b-worker-0   0/1     OOMKilled   1 (%s ago)   %s   10.36.1.9    gke-a3-ml-pool-2b7c1e0f-7xk1   <none>           <none>" % (_age(now, r2), _age(now, r1)),
        "llm-sft-7b-worker-1   0/1     Error       1 (%s ago)   %s   10.36.2.14   gke-a3-ml-pool-2b7c1e0f-9mfd   <none>           <none>" % (_age(now, r2), _age(now, r1)),
        "llm-sft-7b-worker-2   0/1     Error       1 (%s ago)   %s   10.36.3.9    gke-a3-ml-pool-2b7c1e0f-h2wz   <none>           <none>" % (_age(now, r2), _age(now, r1)),
    ]))
    c.add("kubectl_describe_pytorchjob_llm-sft-7b.txt", "\n".join([
        "Name:         llm-sft-7b", "Namespace:    ml-train", "Labels:       team=llm-apps",
        "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob", "Spec:", "  Pytorch Replica Specs:",
        "    Master:", "      Replicas:        1", "      Restart Policy:  OnFailure",
        "    Worker:", "      Replicas:        3", "      Restart Policy:  OnFailure",
        "  Run Policy:", "    Backoff Limit:     1", "    Clean Pod Policy:  None",
        "Status:", "  Completion Time:  %s" % iso(k2 + sec(9), us=False).replace("+00:00", "Z"),
        "  Conditions:",
        "    Last Transition Time:  %s" % iso(r1 - sec(25), us=False).replace("+00:00", "Z"),
        "    Message:               PyTorchJob llm-sft-7b is created.", "    Reason:                PyTorchJobCreated",
        "    Status:                True", "    Type:                  Created",
        "    Last Transition Time:  %s" % iso(r2, us=False).replace("+00:00", "Z"),
        "    Message:               PyTorchJob llm-sft-7b is restarting because 1 Worker replica(s) failed.",
        "    Reason:                PyTorchJobRestarting", "    Status:                False", "    Type:                  Restarting",
        "    Last Transition Time:  %s" % iso(k2 + sec(9), us=False).replace("+00:00", "Z"),
        "    Message:               PyTorchJob llm-sft-7b is failed because 1 Worker replica(s) failed.",
        "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed",
        "  Replica Statuses:", "    Master:", "      Failed:  1", "    Worker:", "      Failed:  3",
        "Events:",
        "  Type     Reason                   Age   From                   Message",
        "  ----     ------                   ----  ----                   -------",
        "  Warning  PyTorchJobRestarting     %s   pytorchjob-controller  PyTorchJob llm-sft-7b is restarting because 1 Worker replica(s) failed." % _age(now, k1),
        "  Normal   ExitedWithCode           %s   pytorchjob-controller  Pod: ml-train.llm-sft-7b-worker-2 exited with code 137" % _age(now, k1),
        "  Normal   ExitedWithCode           %s   pytorchjob-controller  Pod: ml-train.llm-sft-7b-worker-0 exited with code 137" % _age(now, k2),
        "  Warning  PyTorchJobFailed         %s   pytorchjob-controller  PyTorchJob llm-sft-7b is failed because 1 Worker replica(s) failed." % _age(now, k2 + sec(9)),
    ]))
    c.set_label("oom", "framework", None, None, "stop",
                "Container memory grows ~0.375 GiB per step on every pod (decoded-sample cache x 12 workers x 8 ranks) until the 400Gi pod limit; worker-2 is OOMKilled first, and after the restart worker-0 hits the same limit. The job's own configuration exhausts host memory; the nodes have 1.8Ti and no pressure.",
                "https://github.com/kubeflow/trainer/issues/1749")
    return c


# ============================================================ evicted for node disk pressure
def worker_evicted_disk_pressure(name):
    rng = random.Random(6404)
    c = Case(name)
    ns, job = "vision", "vit-h-pretrain"
    image = "123456789012.dkr.ecr.us-west-2.amazonaws.com/vision/vit-train:v0.18.3"
    nodes = ["ip-10-4-17-88.us-west-2.compute.internal", "ip-10-4-19-201.us-west-2.compute.internal",
             "ip-10-4-22-14.us-west-2.compute.internal", "ip-10-4-23-170.us-west-2.compute.internal"]
    node_ips = ["10.4.17.88", "10.4.19.201", "10.4.22.14", "10.4.23.170"]
    pods = ["vit-h-pretrain-master-0", "vit-h-pretrain-worker-0", "vit-h-pretrain-worker-1", "vit-h-pretrain-worker-2"]
    pod_ips = ["10.4.17.133", "10.4.19.40", "10.4.22.201", "10.4.23.97"]
    order = [0, 2, 1, 3]  # worker-1 lands on ip-10-4-19-201
    start = T(2024, 7, 2, 9, 11, 5)
    evict = T(2024, 7, 2, 14, 18, 33)
    args = ["--nnodes=4", "--nproc_per_node=8", "--max_restarts=0", "--rdzv_backend=c10d",
            "--rdzv_endpoint=vit-h-pretrain-master-0:23456", "main_pretrain.py", "--model=vit_huge_patch14", "--batch_size=128"]
    limits = [("cpu", "180"), ("memory", "1600Gi"), ("nvidia.com/gpu", "8"), ("vpc.amazonaws.com/efa", "32")]
    now = evict + sec(1800)
    for slot in range(4):
        pi = order[slot]
        pod = pods[pi]
        d = nodes[slot]
        L = torchrun_boot(start + sec(4), 7, 4, 8, "vit-h-pretrain-master-0", rng)
        t = start + sec(30)
        for ln in nccl_init(pod, 31, 0, pi * 8, 32, pod_ips[pi], rng, nic="eth0", hcas=4)[:10]:
            L.append(ln)
        L.append("[%s] INFO main_pretrain: rank %d/32 on %s, data /fsx/imagenet-21k (FSx Lustre), output /fsx/runs/vit-h-0702" % (pylog(t), pi * 8, pod))
        ep = 0
        step = 0
        while True:
            t = t + sec(300 + rng.random() * 4)
            step += 100
            if t >= evict:
                break
            if pi == 0:
                L.append("[%s] INFO engine: Epoch: [%d]  [%4d/2502]  eta: %s  lr: %.6f  loss: %.4f (%.4f)  time: %.4f  data: 0.0031  max mem: 61544" % (
                    pylog(t), ep, step % 2502, "0:%02d:%02d" % (rng.randint(10, 59), rng.randint(0, 59)), 0.0015, 6.1 - step * 0.0003 + rng.gauss(0, 0.02), 6.2 - step * 0.0003, 2.99 + rng.random() * 0.03))
            if step % 2500 == 0:
                ep += 1
        if pi == 2:  # the evicted pod on ip-10-4-19-201
            L.append("%s [default] Received Signals.SIGTERM death signal, shutting down workers" % elastic_glog(evict + sec(0.4), 7, "W", "torch/distributed/elastic/agent/server/api.py:704"))
            L.extend(sigterm_lines(evict + sec(0.41), 7, [41 + k for k in range(8)]))
            L.append("Traceback (most recent call last):")
            L.append('  File "/opt/conda/bin/torchrun", line 33, in <module>')
            L.append("    sys.exit(load_entry_point('torch==2.3.1', 'console_scripts', 'torchrun')())")
            L.append('  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler')
            L.append("    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)")
            L.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process 7 got signal: 15")
        else:
            te = evict + sec(3.1 + slot * 0.4)
            r = pi * 8 + 1
            L.extend(remote_error(r, te, pod_ips[2], 40122 + slot, pod_ips[pi], host=pod, pid=32 + r, lr=1))
            tt = te + sec(1.9)
            L.extend(sigterm_lines(tt, 7, [41 + k for k in range(8) if k != 1]))
            L.append("%s failed (exitcode: -6) local_rank: 1 (pid: 42) of binary: /opt/conda/bin/python3.10" % elastic_glog(tt + sec(1), 7, "E", "torch/distributed/elastic/multiprocessing/api.py:833"))
            L.extend(child_failed("main_pretrain.py", [], {"time": (tt + sec(1)).strftime("%Y-%m-%d_%H:%M:%S"), "host": pod, "rank": r, "local_rank": 1,
                                                          "exitcode": -6, "pid": 42, "traceback": "Signal 6 (SIGABRT) received by PID 42"},
                                  site="/opt/conda/lib/python3.10/site-packages", torchrun="/opt/conda/bin/torchrun"))
        c.add("%s/kubectl_logs_%s.txt" % (d, pod), "\n".join(L))
    # describe of the evicted pod
    d = nodes[1]
    c.add("%s/kubectl_describe_pod_%s.txt" % (d, pods[2]),
          describe_pod(pods[2], ns, d, node_ips[1], start - sec(40), None, job, "worker", 1, image, args,
                       ["    State:          Terminated", "      Reason:       ContainerStatusUnknown",
                        "      Message:      The container could not be located when the pod was terminated",
                        "      Exit Code:    137", "      Started:      %s" % k8s_time(start), "      Finished:     %s" % k8s_time(evict + sec(31))],
                       None, 0, limits,
                       [("Warning", "Evicted", _age(now, evict), "kubelet", "The node was low on resource: ephemeral-storage. Threshold quantity: 46362537164, available: 31278612Ki. Container pytorch was using 1688Ki, which exceeds its request of 0. "),
                        ("Normal", "Killing", _age(now, evict), "kubelet", "Stopping container pytorch")],
                       status="Failed", reason="Evicted",
                       message="The node was low on resource: ephemeral-storage. Threshold quantity: 46362537164, available: 31278612Ki. Container pytorch was using 1688Ki, which exceeds its request of 0. "))
    c.add("%s/kubectl_describe_node.txt" % d, "\n".join([
        "Name:               %s" % d,
        "Roles:              <none>",
        "Labels:             node.kubernetes.io/instance-type=p5.48xlarge",
        "                    eks.amazonaws.com/nodegroup=p5-train",
        "Taints:             node.kubernetes.io/disk-pressure:NoSchedule",
        "Conditions:",
        "  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
        "  ----                 ------  -----------------                 ------------------                ------                       -------",
        "  MemoryPressure       False   %s   Mon, 17 Jun 2024 06:02:51 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available" % k8s_time(now - sec(12)),
        "  DiskPressure         True    %s   %s   KubeletHasDiskPressure       kubelet has disk pressure" % (k8s_time(now - sec(12)), k8s_time(evict - sec(41))),
        "  PIDPressure          False   %s   Mon, 17 Jun 2024 06:02:51 +0000   KubeletHasSufficientPID      kubelet has sufficient PID available" % k8s_time(now - sec(12)),
        "  Ready                True    %s   Mon, 17 Jun 2024 06:03:22 +0000   KubeletReady                 kubelet is posting ready status" % k8s_time(now - sec(12)),
        "Addresses:",
        "  InternalIP:   10.4.19.201",
        "  Hostname:     %s" % d,
        "Capacity:",
        "  ephemeral-storage:  487546976Ki",
        "Allocatable:",
        "  ephemeral-storage:  448233953504",
        "Non-terminated Pods:          (6 in total)",
        "  Namespace    Name                               CPU Requests  CPU Limits  Memory Requests  Memory Limits  Age",
        "  ---------    ----                               ------------  ----------  ---------------  -------------  ---",
        "  kube-system  aws-node-r7xkq                     50m (0%)      0 (0%)      0 (0%)           0 (0%)         15d",
        "  kube-system  kube-proxy-5tvgm                   100m (0%)     0 (0%)      0 (0%)           0 (0%)         15d",
        "  kube-system  nvidia-device-plugin-daemonset-9lq 0 (0%)        0 (0%)      0 (0%)           0 (0%)         15d",
        "  kube-system  efa-device-plugin-mx2sc            10m (0%)      0 (0%)      20Mi (0%)        0 (0%)         15d",
        "  monitoring   gpu-telemetry-agent-7k2xq          100m (0%)     500m (0%)   128Mi (0%)       512Mi (0%)     15d",
        "  monitoring   node-exporter-zl8p4                50m (0%)      0 (0%)      64Mi (0%)        0 (0%)         15d",
        "Events:",
        "  Type     Reason                 Age                  From     Message",
        "  ----     ------                 ----                 ----     -------",
        "  Warning  FreeDiskSpaceFailed    %s (x6 over %s)  kubelet  Failed to garbage collect required amount of images. Attempted to free 87302873088 bytes, but only found 0 bytes eligible to free." % (_age(now, evict + sec(300)), _age(now, evict - sec(1800))),
        "  Warning  EvictionThresholdMet   %s                  kubelet  Attempting to reclaim ephemeral-storage" % _age(now, evict - sec(41)),
        "  Normal   NodeHasDiskPressure    %s                  kubelet  Node %s status is now: NodeHasDiskPressure" % (_age(now, evict - sec(41)), d),
    ]))
    c.add("%s/kubectl_debug_node_df_du.txt" % d, "\n".join([
        "$ kubectl debug node/%s -it --image=busybox -- chroot /host sh -c 'df -h / /var/lib/containerd; du -sh /var/log/pods/* | sort -h | tail -5'" % d,
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p1  465G  436G   29G  94% /",
        "/dev/nvme0n1p1  465G  436G   29G  94% /",
        "12M\t/var/log/pods/kube-system_aws-node-r7xkq_6f1b7d0e-1c1e-4b64-9d22-9a2f1e1d0a11",
        "31M\t/var/log/pods/vision_vit-h-pretrain-worker-1_0b7cf9d0-5f8e-4a3e-8e0c-14b2d0a6c0de",
        "48M\t/var/log/pods/monitoring_node-exporter-zl8p4_9ad1c7e2-0d3b-4a43-a6e2-3f1b6d2a8c77",
        "389G\t/var/log/pods/monitoring_gpu-telemetry-agent-7k2xq_d41c3e8a-2b7f-4f1e-9b9e-7c0a5d2e6f10",
    ]))
    c.add("kubectl_get_events_-n_vision.txt", "\n".join([
        "LAST SEEN   TYPE      REASON                  OBJECT                            MESSAGE",
        "%-11s Warning   Evicted                 pod/vit-h-pretrain-worker-1       The node was low on resource: ephemeral-storage. Threshold quantity: 46362537164, available: 31278612Ki. Container pytorch was using 1688Ki, which exceeds its request of 0. " % _age(now, evict),
        "%-11s Normal    Killing                 pod/vit-h-pretrain-worker-1       Stopping container pytorch" % _age(now, evict),
        "%-11s Normal    ExitedWithCode          pytorchjob/vit-h-pretrain         Pod: vision.vit-h-pretrain-master-0 exited with code 1" % _age(now, evict + sec(9)),
        "%-11s Warning   PyTorchJobFailed        pytorchjob/vit-h-pretrain         PyTorchJob vit-h-pretrain is failed because 1 Worker replica(s) failed." % _age(now, evict + sec(35)),
    ]))
    c.set_label("storage", "infrastructure", nodes[1], None, "restart_without_node",
                "worker-1 was evicted because its node ip-10-4-19-201 hit DiskPressure: the root disk is 94% full, 389G of it from a monitoring DaemonSet's pod logs, and image GC could free nothing. The training container itself used 1.7Mi; the other pods only failed afterwards with NCCL remote errors.",
                "https://github.com/akash-network/support/issues/138")
    return c


# ============================================================ node NotReady
def pod_status_unknown_then_timeouts(name):
    rng = random.Random(6405)
    c = Case(name)
    ns, job = "speech", "whisper-ft"
    nodes = ["aks-gpunp-41230987-vmss00000%s" % x for x in "abcdef"]
    node_ips = ["10.240.0.%d" % x for x in (11, 12, 15, 16, 19, 20)]
    pods = ["whisper-ft-master-0"] + ["whisper-ft-worker-%d" % i for i in range(5)]
    pod_ips = ["10.244.%d.%d" % (i, 5 + i * 3) for i in range(6)]
    start = T(2024, 10, 14, 1, 2, 44)
    last_ok = T(2024, 10, 14, 3, 12, 25, 310000)
    hb = T(2024, 10, 14, 3, 12, 31)
    nr = T(2024, 10, 14, 3, 13, 12)
    seq = 184207
    now = T(2024, 10, 14, 3, 49, 5)
    bad = 2  # vmss00000c holds worker-1 (pod index 2)
    for i in range(6):
        if i == bad:
            c.add("%s/kubectl_logs_%s.txt" % (nodes[i], pods[i]),
                  "$ kubectl logs -n speech whisper-ft-worker-1 --timestamps\n"
                  "Error from server: Get \"https://10.240.0.15:10250/containerLogs/speech/whisper-ft-worker-1/pytorch?timestamps=true\": dial tcp 10.240.0.15:10250: i/o timeout")
            continue
        L = torchrun_boot(start + sec(6), 1, 6, 8, "whisper-ft-master-0", rng)
        t = start + sec(40)
        for ln in nccl_init(pods[i], 64, 0, i * 8, 48, pod_ips[i], rng, nic="eth0", hcas=8)[:12]:
            L.append(ln)
        L.append("%s INFO  [whisper_ft] rank=%d world=48 train_manifest=/mnt/blob/cv16/train.tsv" % (iso(t, us=False), i * 8))
        st = 0
        while True:
            t = t + sec(60 + rng.random() * 2)
            st += 25
            if t > last_ok:
                break
            if i == 0:
                L.append("%s INFO  [whisper_ft] step=%d loss=%.4f wer_ema=%.3f lr=%.2e samples/s=%.1f" % (iso(t, us=False), st, 0.61 - st * 0.00005 + rng.gauss(0, 0.005), 0.141 - st * 0.000003, 1e-5, 811 + rng.random() * 9))
        if i == 0:
            L.append("%s INFO  [whisper_ft] step=%d loss=%.4f wer_ema=%.3f lr=%.2e samples/s=%.1f" % (iso(last_ok, us=False), st, 0.48, 0.118, 1e-5, 809.2))
        tw = last_ok + sec(600.4 + rng.random())
        for lr in (0, 5):
            r = i * 8 + lr
            L.extend(watchdog_timeout(r, tw + sec(lr * 0.01), seq, "ALLREDUCE", 25692160, 600000, rng=rng))
        tt = tw + sec(2)
        L.extend(sigterm_lines(tt, 1, [80 + k for k in range(8) if k not in (0, 5)]))
        L.append("%s failed (exitcode: -6) local_rank: 0 (pid: 80) of binary: /usr/bin/python" % elastic_glog(tt + sec(1.3), 1, "E", "torch/distributed/elastic/multiprocessing/api.py:833"))
        L.extend(child_failed("whisper_ft.py", [{"time": (tt + sec(1.3)).strftime("%Y-%m-%d_%H:%M:%S"), "host": pods[i], "rank": i * 8 + 5, "local_rank": 5, "exitcode": -6, "pid": 85,
                                                 "traceback": "Signal 6 (SIGABRT) received by PID 85"}],
                                {"time": (tt + sec(1.3)).strftime("%Y-%m-%d_%H:%M:%S"), "host": pods[i], "rank": i * 8, "local_rank": 0, "exitcode": -6, "pid": 80,
                                 "traceback": "Signal 6 (SIGABRT) received by PID 80"}))
        c.add("%s/kubectl_logs_%s.txt" % (nodes[i], pods[i]), "\n".join(L))
    d = nodes[bad]
    c.add("%s/kubectl_describe_node.txt" % d, "\n".join([
        "Name:               %s" % d,
        "Roles:              agent",
        "Labels:             agentpool=gpunp",
        "                    node.kubernetes.io/instance-type=Standard_ND96isr_H100_v5",
        "Taints:             node.kubernetes.io/unreachable:NoExecute",
        "                    node.kubernetes.io/unreachable:NoSchedule",
        "Unschedulable:      false",
        "Lease:",
        "  HolderIdentity:  %s" % d,
        "  AcquireTime:     <unset>",
        "  RenewTime:       %s" % k8s_time(hb),
        "Conditions:",
        "  Type             Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message",
        "  ----             ------    -----------------                 ------------------                ------              -------",
        "  MemoryPressure   Unknown   %s   %s   NodeStatusUnknown   Kubelet stopped posting node status." % (k8s_time(hb), k8s_time(nr)),
        "  DiskPressure     Unknown   %s   %s   NodeStatusUnknown   Kubelet stopped posting node status." % (k8s_time(hb), k8s_time(nr)),
        "  PIDPressure      Unknown   %s   %s   NodeStatusUnknown   Kubelet stopped posting node status." % (k8s_time(hb), k8s_time(nr)),
        "  Ready            Unknown   %s   %s   NodeStatusUnknown   Kubelet stopped posting node status." % (k8s_time(hb), k8s_time(nr)),
        "Addresses:",
        "  InternalIP:  10.240.0.15",
        "  Hostname:    %s" % d,
        "Non-terminated Pods:          (5 in total)",
        "  speech       whisper-ft-worker-1     88 (91%%)  88 (91%%)  1600Gi (84%%)  1600Gi (84%%)  %s" % _age(now, start),
        "Events:",
        "  Type    Reason        Age   From             Message",
        "  ----    ------        ----  ----             -------",
        "  Normal  NodeNotReady  %s   node-controller  Node %s status is now: NodeNotReady" % (_age(now, nr), d),
    ]))
    c.add("kubectl_get_nodes.txt", "\n".join(
        ["NAME                             STATUS     ROLES   AGE   VERSION"] +
        ["%-32s %-10s agent   41d   v1.29.7" % (n, "NotReady" if k == bad else "Ready") for k, n in enumerate(nodes)]))
    c.add("kubectl_get_events_-n_speech.txt", "\n".join([
        "LAST SEEN   TYPE      REASON                 OBJECT                        MESSAGE",
        "%-11s Normal    NodeNotReady           pod/whisper-ft-worker-1       Node is not ready" % _age(now, nr),
        "%-11s Normal    TaintManagerEviction   pod/whisper-ft-worker-1       Marking for deletion Pod speech/whisper-ft-worker-1" % _age(now, nr + sec(300)),
        "%-11s Normal    ExitedWithCode         pytorchjob/whisper-ft         Pod: speech.whisper-ft-master-0 exited with code 1" % _age(now, last_ok + sec(606)),
        "%-11s Warning   PyTorchJobFailed       pytorchjob/whisper-ft         PyTorchJob whisper-ft is failed because 4 Worker replica(s) failed." % _age(now, last_ok + sec(640)),
    ]))
    c.add("kubectl_get_pods_-o_wide.txt", "\n".join(
        ["NAME                  READY   STATUS        RESTARTS   AGE    IP            NODE"] +
        ["%-21s 0/1     %-13s 0          %s   %-13s %s" % (pods[k], "Terminating" if k == bad else "Error", _age(now, start), pod_ips[k], nodes[k]) for k in range(6)]))
    c.set_label("host", "infrastructure", nodes[bad], None, "restart_without_node",
                "Node vmss00000c stopped renewing its lease at 03:12:31 and went NotReady (kubelet unreachable, logs cannot even be fetched); every other pod's last step was 03:12:25 and they all hit the same ALLREDUCE watchdog timeout ten minutes later, which is the sympathetic symptom.",
                "https://github.com/kubernetes/kubernetes/issues/50127")
    return c


# ============================================================ preempted by a higher-priority pod
def workers_killed_during_busy_hours(name):
    rng = random.Random(6406)
    c = Case(name)
    ns, job = "recsys", "dlrm-train"
    nodes = ["gke-ml-a100-pool-5d1e-%s" % s for s in ("6fzh", "8q2m", "j4xt", "r7tn")]
    pods = ["dlrm-train-master-0", "dlrm-train-worker-0", "dlrm-train-worker-1", "dlrm-train-worker-2"]
    pod_ips = ["10.52.%d.%d" % (i + 1, 20 + i) for i in range(4)]
    start = T(2024, 11, 4, 13, 2, 10)
    pre = T(2024, 11, 4, 16, 41, 7)
    now = pre + sec(1500)
    for i in range(4):
        L = torchrun_boot(start + sec(5), 1, 4, 8, "dlrm-train-master-0", rng)
        t = start + sec(20)
        L.append("[%s] INFO torchrec_train: rank %d world 32 embedding sharding=row_wise+table_wise" % (pylog(t), i * 8))
        st = 0
        while True:
            t = t + sec(120 + rng.random())
            st += 1000
            if t >= pre:
                break
            if i == 0:
                L.append("[%s] INFO torchrec_train: iter %d  ne=%.5f  auc=%.5f  qps=%d" % (pylog(t), st, 0.8121 - st * 2e-7, 0.7712 + st * 1e-7, 1910000 + rng.randint(0, 20000)))
            if st == 40000 and i == 2:
                L.append("[%s] WARNING torchrec_train: eval stall: gcs read of day_21 shard 17 took 41.2s (retry ok)" % pylog(t + sec(5)))
        if i == 3:
            L.append("%s [default] Received Signals.SIGTERM death signal, shutting down workers" % elastic_glog(pre + sec(0.2), 1, "W", "torch/distributed/elastic/agent/server/api.py:704"))
            L.extend(sigterm_lines(pre + sec(0.21), 1, [30 + k for k in range(8)]))
            L.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15")
        else:
            te = pre + sec(1.4 + i * 0.3)
            r = i * 8 + 6
            L.extend(remote_error(r, te, pod_ips[3], 43000 + i, pod_ips[i], host=pods[i], pid=36 + r, lr=6))
            tt = te + sec(2)
            L.extend(sigterm_lines(tt, 1, [30 + k for k in range(8) if k != 6]))
            L.append("%s failed (exitcode: -6) local_rank: 6 (pid: 36) of binary: /usr/bin/python3" % elastic_glog(tt + sec(1), 1, "E", "torch/distributed/elastic/multiprocessing/api.py:833"))
            L.extend(child_failed("torchrec_train.py", [], {"time": (tt + sec(1)).strftime("%Y-%m-%d_%H:%M:%S"), "host": pods[i], "rank": r, "local_rank": 6,
                                                           "exitcode": -6, "pid": 36, "traceback": "Signal 6 (SIGABRT) received by PID 36"}))
        c.add("%s/kubectl_logs_%s.txt" % (nodes[i], pods[i]), "\n".join(L))
    c.add("kubectl_get_events_-A_--field-selector_involvedObject.kind=Pod.txt", "\n".join([
        "NAMESPACE    LAST SEEN   TYPE      REASON             OBJECT                                 MESSAGE",
        "ml-serving   %-11s Normal    Scheduled          pod/llm-infer-6d8f9c7b5-2kq8p          Successfully assigned ml-serving/llm-infer-6d8f9c7b5-2kq8p to gke-ml-a100-pool-5d1e-r7tn" % _age(now, pre + sec(12)),
        "recsys       %-11s Normal    Preempted          pod/dlrm-train-worker-2                Preempted by ml-serving/llm-infer-6d8f9c7b5-2kq8p on node gke-ml-a100-pool-5d1e-r7tn" % _age(now, pre),
        "recsys       %-11s Normal    Killing            pod/dlrm-train-worker-2                Stopping container pytorch" % _age(now, pre),
        "ml-serving   %-11s Normal    Pulled             pod/llm-infer-6d8f9c7b5-2kq8p          Container image \"us-docker.pkg.dev/acme/serve/vllm:0.6.3\" already present on machine" % _age(now, pre + sec(40)),
        "ml-serving   %-11s Normal    Started            pod/llm-infer-6d8f9c7b5-2kq8p          Started container vllm" % _age(now, pre + sec(41)),
        "recsys       %-11s Warning   BackOff            pod/dlrm-train-master-0                Back-off restarting failed container pytorch in pod dlrm-train-master-0_recsys" % _age(now, pre + sec(70)),
    ]))
    c.add("kubectl_get_priorityclass.txt", "\n".join([
        "NAME                      VALUE        GLOBAL-DEFAULT   AGE",
        "batch-preemptible         100          false            211d",
        "serving-critical          100000       false            211d",
        "system-cluster-critical   2000000000   false            2y",
        "system-node-critical      2000001000   false            2y",
    ]))
    c.add("kubectl_describe_pytorchjob_dlrm-train.txt", "\n".join([
        "Name:         dlrm-train", "Namespace:    recsys", "Kind:         PyTorchJob", "Spec:",
        "  Pytorch Replica Specs:", "    Master:", "      Replicas:  1", "      Restart Policy:  Never",
        "      Template:", "        Spec:", "          Priority Class Name:  batch-preemptible",
        "    Worker:", "      Replicas:  3", "      Restart Policy:  Never",
        "Status:", "  Conditions:",
        "    Message:               PyTorchJob dlrm-train is failed because 1 Worker replica(s) failed.",
        "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed",
        "  Replica Statuses:", "    Master:", "      Failed:  1", "    Worker:", "      Failed:  3",
    ]))
    c.set_label("unknown", "framework", None, None, "none",
                "worker-2 was preempted by the kube-scheduler for a serving-critical pod (priority 100000 vs batch-preemptible 100) and received SIGTERM; the NCCL remote errors on the other pods came after. Nothing failed: the job was preempted.",
                "https://github.com/pytorch/pytorch/issues/92214")
    return c


# ============================================================ input bound everywhere
def slow_everywhere_low_gpu_util(name):
    rng = random.Random(6424)
    c = Case(name)
    nodes = ["gke-ml-h100-pool-1c2d-%s" % s for s in ("b81k", "f03n", "q7ww", "x2lm")]
    pods = ["clip-pretrain-master-0", "clip-pretrain-worker-0", "clip-pretrain-worker-1", "clip-pretrain-worker-2"]
    start = T(2024, 12, 2, 7, 30, 0)
    for i in range(4):
        L = torchrun_boot(start + sec(4), 1, 4, 8, "clip-pretrain-master-0", rng)
        t = start + sec(31)
        L.append("[%s] INFO open_clip: Running in distributed mode with multiple processes. Device: cuda:0.Process (global: %d, local 0), total 32." % (pylog(t), i * 8))
        if i == 0:
            L.append("[%s] INFO open_clip: Params: batch_size=256 workers=2 dataset_type=webdataset train_data=gs://acme-laion/shards/{00000..41407}.tar precision=amp_bf16 grad_checkpointing=False" % pylog(t))
            L.append("[%s] INFO open_clip: torch.utils.data.DataLoader(pin_memory=False, persistent_workers=False); decode: PIL + torchvision RandomResizedCrop on CPU" % pylog(t))
        st = 0
        while st < 3000:
            t = t + sec(100 * (2.91 + rng.random() * 0.2))
            st += 100
            dw = 2.40 + rng.random() * 0.15
            L.append("[%s] INFO open_clip: Train Epoch: 0 [%8d/400000000 (%.0f%%)] Data (t): %.3f Batch (t): %.3f, %.2f/s, %.3f/s/gpu LR: %.6f Logit Scale: %.3f Contrastive_loss: %.4f" % (
                pylog(t), st * 256 * 32, st * 256 * 32 / 4e6, dw, dw + 0.47 + rng.random() * 0.03, 256 * 32 / (dw + 0.5), 256 / (dw + 0.5), 5e-4 * min(1, st / 2000.0), 14.3 + st * 0.001, 8.1 - st * 0.0004))
            if st == 1500 and i == 1:
                L.append("[%s] WARNING open_clip: webdataset: skipping corrupt sample in shard 01977.tar (PIL.UnidentifiedImageError), handler=warn_and_continue" % pylog(t + sec(2)))
        c.add("%s/kubectl_logs_%s.txt" % (nodes[i], pods[i]), "\n".join(L))
        sm = ["# gpu    pwr  gtemp  mtemp     sm    mem    enc    dec    jpg    ofa   mclk   pclk",
              "# Idx      W      C      C      %      %      %      %      %      %    MHz    MHz"]
        for s in range(12):
            for g in range(8):
                busy = rng.random() < 0.18
                sm.append("    %d    %3d     %2d     %2d     %2d     %2d      0      0      0      0   2619   %4d" % (
                    g, 380 + rng.randint(0, 250) if busy else 120 + rng.randint(0, 30), 41 + rng.randint(0, 6), 44 + rng.randint(0, 5),
                    93 + rng.randint(0, 6) if busy else rng.randint(0, 4), 30 + rng.randint(0, 10) if busy else rng.randint(0, 3), 1980 if busy else 1755))
        c.add("%s/nvidia-smi_dmon_-s_pucm.txt" % nodes[i], "\n".join(sm))
    c.add("kubectl_top_pods_-n_vision.txt", "\n".join([
        "NAME                     CPU(cores)   MEMORY(bytes)",
        "clip-pretrain-master-0   19071m       211877Mi",
        "clip-pretrain-worker-0   19213m       209114Mi",
        "clip-pretrain-worker-1   18990m       210652Mi",
        "clip-pretrain-worker-2   19144m       212003Mi",
    ]))
    c.add("user_report.txt", "From: j.moreau\nSubject: clip-pretrain is 6x slower than the benchmark\n\nThe 32xH100 run is doing ~2.9 s/step, the benchmark config did 0.5 s/step. Are the GPUs broken? Logs attached (kubectl logs of all 4 pods + dmon from each node).\n")
    c.set_label("straggler", "script", None, None, "stop",
                "Every rank on every pod spends ~2.4 of ~2.9 s per step waiting for data (Data (t)), GPUs on all four nodes are mostly idle in dmon, and the config runs 2 CPU-decode workers per GPU without pinned memory: an input-bound pipeline, not a slow node.",
                "https://github.com/pytorch/examples/issues/387")
    return c
