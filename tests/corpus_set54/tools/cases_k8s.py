"""Kubernetes-control-plane flavoured cases: OOMKilled, evictions, preemption, DNS,
rendezvous store, images, drivers, CrashLoopBackOff."""

from __future__ import annotations

from datetime import timedelta

from kit import (Case, TLog, T, age, child_failed, describe_pod, dmesg_T, dmesg_raw, epoch,
                 events_table, get_nodes, get_pods, iso_s, journal, klog, label, nccl,
                 nccl_async_error, node_conditions, healthy_conditions, pylog, rfc1123, rng_for,
                 sigterm_child, syslog, torch_c, torch_py, train_pod, watchdog_timeout, PY,
                 A3_BUS, H100_BUS, nvidia_smi_table)

S = timedelta(seconds=1)
M = timedelta(minutes=1)


def _uid(rng):
    h = "".join(rng.choice("0123456789abcdef") for _ in range(32))
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def _sha(rng):
    return "".join(rng.choice("0123456789abcdef") for _ in range(64))


# =========================================================================== ay01
def ay01():
    name = "ay01_worker_pod_exit_137_after_six_hours"
    rng = rng_for(name)
    c = Case(name, label("oom", "framework", None, None, "stop",
                         "The worker container was OOMKilled by its own memory cgroup (CONSTRAINT_MEMCG) after host RSS grew "
                         "steadily on every pod of the job; the growth is the job's own data pipeline, not a neighbour.",
                         "https://github.com/pytorch/pytorch/issues/13246"))
    job, ns = "vlm-pt-7b", "mm-research"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    nodes = ["gke-mm-a3-pool-1d2e9f0a-ab12", "gke-mm-a3-pool-1d2e9f0a-cd34",
             "gke-mm-a3-pool-1d2e9f0a-ef56", "gke-mm-a3-pool-1d2e9f0a-gh78"]
    ips = ["10.44.3.17", "10.44.5.9", "10.44.7.22", "10.44.2.40"]
    t0 = T("2024-10-08 01:00:04.120")
    t_kill = T("2024-10-08 05:41:13.804")
    step_s = 2.1
    image = "us-central1-docker.pkg.dev/mm-research/train/vlm:2024.10.02"
    sha = _sha(rng)
    for i, pod in enumerate(pods):
        tl = TLog()
        end = t_kill if i == 2 else t_kill + timedelta(seconds=4)
        info = train_pod(tl, pod, i, 4, t0, "vlm-pt-7b-a91c", pods[0], ip=ips[i], step_s=step_s,
                         t_end=end, rng=rng, log_every=100, net="TCPX", busids=A3_BUS,
                         nccl_ver="2.21.5+cuda12.4")
        # memory monitor on every pod, local rank 0
        for k in range(1, 9):
            t = t0 + timedelta(seconds=45 + k * 1000 * step_s)
            if t > end:
                break
            base = 96 + k * 66.5 + (4.0 if i == 2 else rng.uniform(-5, 3))
            tl.add(t, pylog(t, "memmon", "INFO") +
                   f"step {k * 1000} host_rss={base:.1f}GiB cgroup_limit=640.0GiB dataloader_workers=12 "
                   f"prefetch_factor=8 decoded_frame_cache={int(base * 0.71)}GiB")
            if base > 560:
                tl.add(t, pylog(t, "memmon", "WARNING") +
                       f"host_rss at {base / 640 * 100:.0f}% of cgroup limit")
        if i == 2:
            tk = t_kill - timedelta(seconds=2.3)
            tl.add(tk, *[f"[rank21]: {x}" for x in ["Traceback (most recent call last):",
                   '  File "/workspace/vlm/train.py", line 412, in <module>',
                   "    main(cfg)",
                   '  File "/workspace/vlm/train.py", line 355, in main',
                   "    batch = next(train_iter)",
                   f'  File "{PY}/torch/utils/data/dataloader.py", line 701, in __next__',
                   "    data = self._next_data()",
                   f'  File "{PY}/torch/utils/data/dataloader.py", line 1448, in _next_data',
                   "    idx, data = self._get_data()",
                   f'  File "{PY}/torch/utils/data/dataloader.py", line 1402, in _get_data',
                   "    success, data = self._try_get_data()",
                   f'  File "{PY}/torch/utils/data/dataloader.py", line 1256, in _try_get_data',
                   "    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
                   "RuntimeError: DataLoader worker (pid(s) 48211) exited unexpectedly"]])
        else:
            # sympathetic
            tr = t_kill + timedelta(seconds=1.6 + i * 0.2)
            for lr_ in (5, 6):
                g = i * 8 + lr_
                tl.add(tr, nccl(pod, info["pids"][lr_], info["pids"][lr_] + 70, lr_,
                                f"tcpxCommProgress:1231 NCCL WARN 0x7f21c0082580:0x7f21c007cb00, nic 1, eth2, 192.168.2.{30 + i}<38211><-192.168.2.32<50211> rx rx ctrl timeout cnt 3, nanos 10000015864", "WARN"))
            tw = t_kill + timedelta(minutes=10, seconds=2 + i)
            seq = 70211
            for lr_ in range(8):
                g = i * 8 + lr_
                tl.extend(tw + timedelta(milliseconds=13 * lr_), watchdog_timeout(tw, g, seq, "_ALLGATHER_BASE", 100663296, tail=(lr_ == 0)))
            tl.extend(tw + timedelta(seconds=3), child_failed(tw + timedelta(seconds=3), pod, "train.py",
                      [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}")], info["agent"]))
        c.add(f"{pod}/container.log", tl.kube())
    tstart = t0 - timedelta(seconds=41)
    now = t_kill + timedelta(minutes=24)
    lim = {"cpu": "200", "memory": "640Gi", "nvidia.com/gpu": "8"}
    for i, pod in enumerate(pods):
        if i == 2:
            state = ["Terminated", "Reason:       OOMKilled", "Exit Code:    137",
                     f"Started:      {rfc1123(tstart)}", f"Finished:     {rfc1123(t_kill)}"]
            ev = [(tstart - S * 20, "Normal", "Scheduled", "default-scheduler", f"Successfully assigned {ns}/{pod} to {nodes[i]}"),
                  (tstart - S * 2, "Normal", "Pulled", "kubelet", f'Container image "{image}" already present on machine'),
                  (tstart, "Normal", "Started", "kubelet", "Started container pytorch")]
            status, ready = "Failed", "False"
        elif i == 0:
            state = ["Terminated", "Reason:       Error", "Exit Code:    1",
                     f"Started:      {rfc1123(tstart)}", f"Finished:     {rfc1123(t_kill + timedelta(minutes=10, seconds=7))}"]
            ev, status, ready = [], "Failed", "False"
        else:
            state = ["Terminated", "Reason:       Error", "Exit Code:    1",
                     f"Started:      {rfc1123(tstart)}", f"Finished:     {rfc1123(t_kill + timedelta(minutes=10, seconds=8 + i))}"]
            ev, status, ready = [], "Failed", "False"
        c.add(f"{pod}/describe.txt", describe_pod(
            pod, ns, nodes[i], f"10.128.0.{31 + i}", ips[i], tstart - S * 20,
            [f"training.kubeflow.org/job-name={job}", f"training.kubeflow.org/replica-type={'master' if i == 0 else 'worker'}",
             f"training.kubeflow.org/replica-index={0 if i == 0 else i - 1}"],
            image, f"{image.split(':')[0]}@sha256:{sha}",
            ["torchrun", "--nnodes=4", "--nproc-per-node=8", "--rdzv-backend=c10d", f"--rdzv-endpoint={pods[0]}:29500",
             "/workspace/vlm/train.py", "--config=configs/vlm7b_video.yaml"],
            state, ready=ready, limits=lim, status=status, controlled_by=f"PyTorchJob/{job}",
            env=[("NCCL_DEBUG", "INFO"), ("NCCL_SOCKET_IFNAME", "eth0"), ("PYTHONUNBUFFERED", "1")],
            events=ev, now=now, qos="Guaranteed"))
    # node dmesg for the node hosting worker-1 (memcg OOM)
    boot = T("2024-10-01 14:12:09.000")
    uid = _uid(rng)
    cid = _sha(rng)
    d = []
    t1 = t_kill - timedelta(seconds=2.6)
    memcg = f"/kubepods/pod{uid}/{cid}"
    d += [dmesg_raw(t0 - timedelta(hours=2), boot) + "gve 0000:00:04.0 eth0: Device link is up.",
          dmesg_raw(t0 - timedelta(minutes=50), boot) + "nvidia-nvswitch: Probing device 0000:c5:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000",
          dmesg_raw(t1, boot) + "pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=-997",
          dmesg_raw(t1, boot) + "CPU: 131 PID: 48199 Comm: pt_data_worker Tainted: P           O       6.1.100+ #1",
          dmesg_raw(t1, boot) + "Hardware name: Google Google Compute Engine/Google Compute Engine, BIOS Google 08/07/2024",
          dmesg_raw(t1, boot) + "Call Trace:",
          dmesg_raw(t1, boot) + " <TASK>",
          dmesg_raw(t1, boot) + " dump_stack_lvl+0x4a/0x80",
          dmesg_raw(t1, boot) + " dump_header+0x4a/0x240",
          dmesg_raw(t1, boot) + " oom_kill_process+0xf9/0x190",
          dmesg_raw(t1, boot) + " out_of_memory+0x246/0x590",
          dmesg_raw(t1, boot) + " mem_cgroup_out_of_memory+0x134/0x150",
          dmesg_raw(t1, boot) + " try_charge_memcg+0x6e1/0x7c0",
          dmesg_raw(t1, boot) + " </TASK>",
          dmesg_raw(t1, boot) + f"memory: usage 671088640kB, limit 671088640kB, failcnt 18244",
          dmesg_raw(t1, boot) + "swap: usage 0kB, limit 0kB, failcnt 0",
          dmesg_raw(t1, boot) + f"Memory cgroup stats for {memcg}:",
          dmesg_raw(t1, boot) + "anon 638111907840",
          dmesg_raw(t1, boot) + "file 31244173312",
          dmesg_raw(t1, boot) + "shmem 29871734784",
          dmesg_raw(t1, boot) + "Tasks state (memory values in pages):",
          dmesg_raw(t1, boot) + "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"]
    for k in range(8):
        d.append(dmesg_raw(t1, boot) + f"[  {41012 + k * 3:5d}]     0 {41012 + k * 3:5d} {190233115 + k * 1711:9d} {7011221 + k * 917:8d} 105062400        0          -997 python3")
    for k in range(12):
        d.append(dmesg_raw(t1, boot) + f"[  {48190 + k:5d}]     0 {48190 + k:5d} {61233110 + k * 311:9d} {2911021 + k * 4417:8d} 31211520        0          -997 pt_data_worker")
    d += [dmesg_raw(t1, boot) + f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset={cid[:12]},mems_allowed=0-1,oom_memcg={memcg},task_memcg={memcg},task=pt_data_worker,pid=48211,uid=0",
          dmesg_raw(t1, boot) + f"Memory cgroup out of memory: Killed process 48211 (pt_data_worker) total-vm:244986780kB, anon-rss:11831216kB, file-rss:60612kB, shmem-rss:2412208kB, UID:0 pgtables:31211520kB oom_score_adj:-997",
          dmesg_raw(t_kill - timedelta(milliseconds=150), boot) + f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset={cid[:12]},mems_allowed=0-1,oom_memcg={memcg},task_memcg={memcg},task=python3,pid=41027,uid=0",
          dmesg_raw(t_kill - timedelta(milliseconds=150), boot) + "Memory cgroup out of memory: Killed process 41027 (python3) total-vm:760947244kB, anon-rss:28077116kB, file-rss:413220kB, shmem-rss:3721992kB, UID:0 pgtables:105062400kB oom_score_adj:-997"]
    c.add(f"{pods[2]}/node_dmesg.txt", d)
    # kubectl top snapshot taken by the on-call 10 min before the kill (from monitoring)
    c.add("kubectl_top_pods_0530.txt", [
        "$ kubectl top pods -n mm-research -l training.kubeflow.org/job-name=vlm-pt-7b   # 2024-10-08T05:30:11Z",
        "NAME                  CPU(cores)   MEMORY(bytes)",
        f"{pods[0]:<22}118341m      601233Mi",
        f"{pods[1]:<22}121007m      597712Mi",
        f"{pods[2]:<22}120554m      622019Mi",
        f"{pods[3]:<22}119873m      603448Mi"])
    c.add("pytorchjob_describe.txt", [
        f"Name:         {job}", f"Namespace:    {ns}", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob",
        "Spec:", "  Pytorch Replica Specs:", "    Master:", "      Replicas:        1", "      Restart Policy:  Never",
        "    Worker:", "      Replicas:        3", "      Restart Policy:  Never", "  Run Policy:", "    Clean Pod Policy:  None",
        "Status:", "  Conditions:",
        f"    Last Transition Time:  {iso_s(tstart - S * 30)}", "    Message:               PyTorchJob vlm-pt-7b is created.", "    Reason:                PyTorchJobCreated", "    Status:                True", "    Type:                  Created",
        f"    Last Transition Time:  {iso_s(tstart)}", "    Message:               PyTorchJob mm-research/vlm-pt-7b is running.", "    Reason:                PyTorchJobRunning", "    Status:                False", "    Type:                  Running",
        f"    Last Transition Time:  {iso_s(t_kill + S)}", "    Message:               PyTorchJob mm-research/vlm-pt-7b is failed because 1 Worker replica(s) failed.", "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed",
        "  Replica Statuses:", "    Master:", "      Failed:  1", "    Worker:", "      Failed:  3",
        "Events:",
        "  Type     Reason                   Age   From                   Message",
        "  ----     ------                   ----  ----                   -------",
        f"  Warning  PyTorchJobFailed         {age(now - t_kill)}   pytorchjob-controller  PyTorchJob mm-research/vlm-pt-7b is failed because 1 Worker replica(s) failed."])
    return c


# =========================================================================== ay02
def ay02():
    name = "ay02_one_pod_sigkill_while_memory_steady"
    rng = rng_for(name)
    culprit = "ip-10-0-41-17.us-west-2.compute.internal"
    c = Case(name, label("oom", "infrastructure", culprit, None, "restart_without_node",
                         "A global (CONSTRAINT_NONE) kernel OOM on one node killed a training rank; the node's memory was taken "
                         "by a co-scheduled pod from another namespace, while the job's own RSS stayed flat on every node.",
                         "https://github.com/kubernetes/kubernetes/issues/53669"))
    nodes = ["ip-10-0-33-201.us-west-2.compute.internal", "ip-10-0-37-88.us-west-2.compute.internal",
             culprit, "ip-10-0-45-130.us-west-2.compute.internal"]
    job, ns = "ft-llama", "llm-ft"
    pods = [f"{job}-worker-{i}" for i in range(4)]
    ips = ["10.0.33.77", "10.0.37.15", "10.0.41.92", "10.0.45.3"]
    t0 = T("2024-11-19 16:02:31.440")
    tk = T("2024-11-19 19:47:52.118")
    for i, node in enumerate(nodes):
        tl = TLog()
        end = tk if i == 2 else tk + timedelta(seconds=5)
        info = train_pod(tl, pods[i], i, 4, t0, "ftllama-0419", pods[0], ip=ips[i], step_s=3.4,
                         t_end=end, rng=rng, net="OFI", log_every=25,
                         step_extra=(lambda s, i=i: f" | host_mem {61.2 + (s % 7) * 0.1:.1f}GiB/rank"))
        if i == 2:
            for k in (0, 1, 2, 3, 5, 6, 7):
                tl.add(tk + timedelta(seconds=1.2), torch_py(tk + timedelta(seconds=1.2), "W", info["agent"], "torch/distributed/elastic/multiprocessing/api.py:897") + f"Sending process {info['pids'][k]} closing signal SIGTERM")
            tl.extend(tk + timedelta(seconds=3), child_failed(tk + timedelta(seconds=3), pods[2], "finetune.py",
                      [(20, 4, -9, info["pids"][4], f"Signal 9 (SIGKILL) received by PID {info['pids'][4]}")], info["agent"]))
        else:
            tr = tk + timedelta(seconds=2.5 + i * 0.3)
            for lr_ in range(8):
                g = i * 8 + lr_
                if lr_ in (3, 4):
                    tl.add(tr, nccl(pods[i], info["pids"][lr_], info["pids"][lr_] + 70, lr_,
                                    f"NET/OFI Request 0x7f91d8042a18 completed with error. RC: 5. Error: Input/output error. Completed length: 0, Request: {{ dev: {lr_ // 2}, size: 1048576, state: CREATED, type: SEND }}", "WARN"))
                    tl.extend(tr + S, nccl_async_error(tr + S, g, f"NET/OFI Request completed with error. RC: 5. Error: Input/output error", version="2.21.5"))
            tw = tr + 2 * S
            tl.extend(tw, sigterm_child(tw, info["agent"], [p for k, p in enumerate(info["pids"]) if k not in (3, 4)]))
            tl.extend(tw + 3 * S, child_failed(tw + 3 * S, pods[i], "finetune.py",
                      [(i * 8 + 3, 3, -6, info["pids"][3], f"Signal 6 (SIGABRT) received by PID {info['pids'][3]}")], info["agent"]))
        c.add(f"{node}/{pods[i]}.log", tl.kube())
    # culprit node evidence: dmesg -T, kubelet journal, pods on node
    boot = T("2024-11-02 08:11:40.000")
    uid_other = _uid(rng)
    uid_ours = _uid(rng)
    t1 = tk - timedelta(milliseconds=300)
    dm = [dmesg_T(boot + timedelta(seconds=41)) + "efa 0000:10:1c.0: Setup irq:0x0000000061c34b3e vector:57 name:efa-mgmnt@pci:0000:10:1c.0",
          dmesg_T(t0 - timedelta(minutes=30)) + "IPv6: ADDRCONF(NETDEV_CHANGE): eni9b1f2a30c4d: link becomes ready",
          dmesg_T(t1) + "python3 invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=934",
          dmesg_T(t1) + "CPU: 71 PID: 3481207 Comm: python3 Not tainted 5.10.227-219.884.amzn2.x86_64 #1",
          dmesg_T(t1) + "Hardware name: Amazon EC2 p4d.24xlarge/, BIOS 1.0 10/16/2017",
          dmesg_T(t1) + "Mem-Info:",
          dmesg_T(t1) + "active_anon:287111022 inactive_anon:1290331 isolated_anon:0",
          dmesg_T(t1) + "Node 0 Normal free:201112kB min:205224kB low:806228kB high:1407232kB",
          dmesg_T(t1) + "Node 1 Normal free:198744kB min:205224kB low:806228kB high:1407232kB",
          dmesg_T(t1) + "Tasks state (memory values in pages):",
          dmesg_T(t1) + "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"]
    for k in range(8):
        dm.append(dmesg_T(t1) + f"[{3481190 + k * 6:8d}]     0 {3481190 + k * 6:8d} {81021223 + k * 1331:9d} {16011232 + k * 1201:8d} 134201344        0           934 python3")
    for k in range(16):
        dm.append(dmesg_T(t1) + f"[{2977100 + k:8d}]  1000 {2977100 + k:8d} {14221333 + k * 17:9d} {10740113 + k * 2113:8d}  88211456        0          -997 dedup_minhash")
    dm += [dmesg_T(t1) + "[   4121]     0    4121   931244    41211   1142784        0          -999 kubelet",
           dmesg_T(t1) + f"oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=cri-containerd-{_sha(rng)[:64]}.scope,mems_allowed=0-1,global_oom,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod{uid_ours.replace('-', '_')}.slice/cri-containerd-{_sha(rng)[:64]}.scope,task=python3,pid=3481214,uid=0",
           dmesg_T(t1) + "Out of memory: Killed process 3481214 (python3) total-vm:324095820kB, anon-rss:64052352kB, file-rss:182440kB, shmem-rss:1520004kB, UID:0 pgtables:134201344kB oom_score_adj:934"]
    c.add(f"{culprit}/dmesg_T.txt", dm)
    kj = []
    h = "ip-10-0-41-17"
    tj = tk - timedelta(minutes=41)
    kj.append(journal(tj, h, "kubelet[4121]") + klog(tj, "I", 4121, "kubelet.go:2454") + f'"SyncLoop ADD" source="api" pods=["data-pipeline/dedup-shard-0419-7xk2c"]')
    kj.append(journal(tj + 9 * S, h, "kubelet[4121]") + klog(tj + 9 * S, "I", 4121, "kuberuntime_manager.go:1071") + '"Created PodSandbox for pod" podSandboxID="b41e0d" pod="data-pipeline/dedup-shard-0419-7xk2c"')
    for k in range(6):
        tt = tk - timedelta(minutes=30 - k * 5)
        kj.append(journal(tt, h, "kubelet[4121]") + klog(tt, "I", 4121, "eviction_manager.go:366") + f'"Eviction manager: attempting to reclaim" resourceName="memory"' if k >= 4 else
                  journal(tt, h, "kubelet[4121]") + klog(tt, "I", 4121, "kubelet_node_status.go:679") + '"Recording event message for node" node="ip-10-0-41-17.us-west-2.compute.internal" event="NodeHasSufficientMemory"')
    kj.append(journal(tk + 2 * S, h, "kubelet[4121]") + klog(tk + 2 * S, "I", 4121, "oom_watcher_linux.go:83") + '"Got sys oom event" event=&{Pid:3481214 ProcessName:python3 TimeOfDeath:' + tk.strftime('%Y-%m-%d %H:%M:%S') + ' +0000 UTC ContainerName:/ VictimContainerName:/kubepods.slice/kubepods-burstable.slice Constraint:CONSTRAINT_NONE}')
    c.add(f"{culprit}/kubelet_journal.txt", kj)
    now = tk + timedelta(minutes=35)
    c.add(f"{culprit}/pods_on_node.txt", [
        f"$ kubectl get pods -A -o wide --field-selector spec.nodeName={culprit}",
        "NAMESPACE        NAME                                 READY   STATUS    RESTARTS   AGE     IP            NODE",
        f"kube-system      aws-node-x8k2m                       2/2     Running   0          17d     10.0.41.17    {culprit}",
        f"kube-system      kube-proxy-4hq9s                     1/1     Running   0          17d     10.0.41.17    {culprit}",
        f"kube-system      efa-device-plugin-2mbq7              1/1     Running   0          17d     10.0.41.17    {culprit}",
        f"amazon-cloudwatch fluent-bit-9wkxj                    1/1     Running   0          17d     10.0.41.17    {culprit}",
        f"data-pipeline    dedup-shard-0419-7xk2c               1/1     Running   0          {age(now - tj)}     10.0.41.205   {culprit}",
        f"llm-ft           {pods[2]}                     0/1     Error     0          {age(now - t0)}    {ips[2]}    {culprit}"])
    c.add(f"{culprit}/kubectl_top_pods_on_node.txt", [
        "$ kubectl top pods -A --sort-by=memory | head -5   # 19:40Z",
        "NAMESPACE       NAME                          CPU(cores)   MEMORY(bytes)",
        "data-pipeline   dedup-shard-0419-7xk2c        91022m       671233Mi",
        "llm-ft          ft-llama-worker-1             77312m       502911Mi",
        "llm-ft          ft-llama-worker-2             76990m       503144Mi",
        "llm-ft          ft-llama-worker-0             78001m       501788Mi"])
    c.add("kubectl_get_events.txt", events_table([
        (tk + 2 * S, "Warning", "SystemOOM", f"node/{culprit}", "System OOM encountered, victim process: python3, pid: 3481214", "default"),
        (tk + 40 * S, "Normal", "Killing", f"pod/{pods[1]}", "Stopping container pytorch", "llm-ft"),
        (tj, "Normal", "Scheduled", "pod/dedup-shard-0419-7xk2c", f"Successfully assigned data-pipeline/dedup-shard-0419-7xk2c to {culprit}", "data-pipeline"),
        (tk - timedelta(hours=3), "Warning", "FailedGetResourceMetric", "horizontalpodautoscaler/api", "failed to get cpu utilization: unable to get metrics for resource cpu", "serving"),
    ], now, namespace_col=True))
    return c


# =========================================================================== ay03
def ay03():
    name = "ay03_pod_evicted_mid_run_other_pods_reset"
    rng = rng_for(name)
    culprit = "gke-trn-a3-pool-2c9e41d7-q8zt"
    c = Case(name, label("storage", "infrastructure", culprit, None, "restart_without_node",
                         "Kubelet evicted the worker for ephemeral-storage because the node's boot disk filled with core dumps "
                         "from a crash-looping host agent; the local disk of that one node is the cause.",
                         "https://github.com/kubernetes/kubernetes/issues/91600"))
    nodes = ["gke-trn-a3-pool-2c9e41d7-5m2c", "gke-trn-a3-pool-2c9e41d7-b7xw",
             "gke-trn-a3-pool-2c9e41d7-k1dd", culprit]
    job, ns = "llm-pt", "pretrain"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    ips = ["10.92.1.12", "10.92.4.7", "10.92.6.33", "10.92.9.18"]
    t0 = T("2024-07-22 09:15:00.000")
    tev = T("2024-07-22 14:02:37.551")
    for i, node in enumerate(nodes):
        tl = TLog()
        end = tev if i == 3 else tev + 3 * S
        info = train_pod(tl, pods[i], i, 4, t0, "llmpt-3311", pods[0], ip=ips[i], step_s=1.6, t_end=end,
                         rng=rng, net="TCPX", busids=A3_BUS, log_every=200)
        if i == 3:
            tl.add(tev + S, torch_py(tev + S, "W", info["agent"], "torch/distributed/elastic/agent/server/api.py:741") + "Received Signals.SIGTERM death signal, shutting down workers")
            tl.extend(tev + S, sigterm_child(tev + S, info["agent"], info["pids"]))
            tl.add(tev + 2 * S, "Traceback (most recent call last):", '  File "/usr/local/bin/torchrun", line 8, in <module>',
                   "    sys.exit(main())",
                   f'  File "{PY}/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
                   "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
                   "torch.distributed.elastic.multiprocessing.api.SignalException: Process 200 got signal: 15")
        else:
            tr = tev + timedelta(seconds=2 + i * 0.4)
            for lr_ in range(8):
                g = i * 8 + lr_
                if lr_ in (0, 7):
                    tl.extend(tr + timedelta(milliseconds=20 * lr_), nccl_async_error(
                        tr, g, f"tcpxResult_t tcpxCommProgress(tcpxComm*):1176 NCCL WARN Connection closed by remote peer {ips[3]}<4{3000 + g}>",
                        version="2.21.5"))
            tl.extend(tr + 2 * S, sigterm_child(tr + 2 * S, info["agent"], info["pids"][1:7]))
            tl.extend(tr + 4 * S, child_failed(tr + 4 * S, pods[i], "train.py",
                      [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}"),
                       (i * 8 + 7, 7, -6, info["pids"][7], f"Signal 6 (SIGABRT) received by PID {info['pids'][7]}")], info["agent"]))
        c.add(f"{node}/{pods[i]}.log", tl.kube())
    now = tev + timedelta(minutes=30)
    image = "us-docker.pkg.dev/acme-llm/train/pt:24.07"
    c.add(f"{culprit}/describe_pod_{pods[3]}.txt", describe_pod(
        pods[3], ns, culprit, "10.128.15.201", ips[3], t0 - 30 * S,
        [f"training.kubeflow.org/job-name={job}", "training.kubeflow.org/replica-type=worker", "training.kubeflow.org/replica-index=2"],
        image, f"us-docker.pkg.dev/acme-llm/train/pt@sha256:{_sha(rng)}",
        ["torchrun", "--nnodes=4", "--nproc-per-node=8", "train.py", "--cfg=cfg/13b.yaml"],
        ["Terminated", "Reason:       ContainerStatusUnknown", "Message:      The container could not be located when the pod was terminated", "Exit Code:    137",
         f"Started:      {rfc1123(t0 - 4 * S)}", f"Finished:     {rfc1123(tev + 31 * S)}"],
        status="Failed", reason="Evicted",
        message="The node was low on resource: ephemeral-storage. Threshold quantity: 10737418240, available: 9112344Ki. Container pytorch was using 2104332Ki, request is 0, has larger consumption of ephemeral-storage.",
        controlled_by=f"PyTorchJob/{job}",
        events=[(tev, "Warning", "Evicted", "kubelet", "The node was low on resource: ephemeral-storage. Threshold quantity: 10737418240, available: 9112344Ki. Container pytorch was using 2104332Ki, request is 0, has larger consumption of ephemeral-storage."),
                (tev, "Normal", "Killing", "kubelet", "Stopping container pytorch")], now=now))
    h = culprit
    kj = []
    tt = t0 - timedelta(hours=5)
    for k in range(0, 300):
        t = tt + timedelta(seconds=67 * k)
        if t > tev + 60 * S:
            break
        kj.append(journal(t, h, "systemd[1]") + "nvidia-dcgm-hostengine.service: Main process exited, code=dumped, status=11/SEGV")
        kj.append(journal(t + 40 * timedelta(milliseconds=10), h, "systemd-coredump[%d]" % (90000 + k)) + f"Process {71000 + k * 13} (nv-hostengine) of user 0 dumped core.")
        kj.append(journal(t + S, h, "systemd[1]") + "nvidia-dcgm-hostengine.service: Scheduled restart job, restart counter is at %d." % (k + 1))
    for k, mins in enumerate((48, 33, 19, 7)):
        t = tev - timedelta(minutes=mins)
        kj.append(journal(t, h, "kubelet[2211]") + klog(t, "E", 2211, "kubelet.go:1504") + f'"Image garbage collection failed multiple times in a row" err="failed to garbage collect required amount of images. Attempted to free {58123452416 + k * 3000000000} bytes, but only found 0 bytes eligible to free."')
    for dt_ in (tev - 12 * S, tev - 2 * S):
        kj.append(journal(dt_, h, "kubelet[2211]") + klog(dt_, "W", 2211, "eviction_manager.go:366") + '"Eviction manager: attempting to reclaim" resourceName="ephemeral-storage"')
    kj.append(journal(tev - S, h, "kubelet[2211]") + klog(tev - S, "I", 2211, "eviction_manager.go:377") + '"Eviction manager: must evict pod(s) to reclaim" resourceName="ephemeral-storage"')
    kj.append(journal(tev - S, h, "kubelet[2211]") + klog(tev - S, "I", 2211, "eviction_manager.go:395") + f'"Eviction manager: pods ranked for eviction" pods=["pretrain/{pods[3]}","kube-system/fluentbit-gke-8r2lx","gmp-system/collector-wqk9d","kube-system/nvidia-gpu-device-plugin-large-cos-2mv5p"]')
    kj.append(journal(tev + 32 * S, h, "kubelet[2211]") + klog(tev + 32 * S, "I", 2211, "eviction_manager.go:616") + f'"Eviction manager: pod is evicted successfully" pod="pretrain/{pods[3]}"')
    kj.sort()
    c.add(f"{culprit}/journal_kubelet_systemd.txt", kj)
    c.add(f"{culprit}/disk_usage.txt", [
        "$ df -h /mnt/stateful_partition /var/lib/containerd",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/nvme0n1p1  194G  186G  8.7G  96% /mnt/stateful_partition",
        "/dev/nvme0n1p1  194G  186G  8.7G  96% /var/lib/containerd",
        "",
        "$ du -xsh /var/lib/systemd/coredump /var/lib/containerd /var/log /var/lib/kubelet 2>/dev/null",
        "131G\t/var/lib/systemd/coredump",
        "44G\t/var/lib/containerd",
        "2.9G\t/var/log",
        "3.4G\t/var/lib/kubelet",
        "",
        "$ ls -la /var/lib/systemd/coredump | tail -4",
        "-rw-r----- 1 root root 2177331200 Jul 22 14:00 core.nv-hostengine.0.5b2f.71399.1721656812000000.zst",
        "-rw-r----- 1 root root 2177001472 Jul 22 14:01 core.nv-hostengine.0.5b2f.71412.1721656879000000.zst",
        "-rw-r----- 1 root root 2176890880 Jul 22 14:02 core.nv-hostengine.0.5b2f.71425.1721656946000000.zst",
        "-rw-r----- 1 root root 2177454080 Jul 22 14:03 core.nv-hostengine.0.5b2f.71438.1721657013000000.zst"])
    for n in nodes[:3]:
        c.add(f"{n}/disk_usage.txt", ["$ df -h /mnt/stateful_partition", "Filesystem      Size  Used Avail Use% Mounted on",
                                      f"/dev/nvme0n1p1  194G   {47 + rng.randint(0, 6)}G  {141 + rng.randint(0, 4)}G  {25 + rng.randint(0, 3)}% /mnt/stateful_partition"])
    c.add("kubectl_get_events.txt", events_table([
        (tev - timedelta(minutes=48), "Warning", "ImageGCFailed", f"node/{culprit}", "failed to garbage collect required amount of images. Attempted to free 58123452416 bytes, but only found 0 bytes eligible to free."),
        (tev - 60 * S, "Warning", "EvictionThresholdMet", f"node/{culprit}", "Attempting to reclaim ephemeral-storage"),
        (tev - 55 * S, "Normal", "NodeHasDiskPressure", f"node/{culprit}", f"Node {culprit} status is now: NodeHasDiskPressure"),
        (tev, "Warning", "Evicted", f"pod/{pods[3]}", "The node was low on resource: ephemeral-storage. Threshold quantity: 10737418240, available: 9112344Ki. Container pytorch was using 2104332Ki, request is 0, has larger consumption of ephemeral-storage."),
        (tev + 90 * S, "Warning", "PyTorchJobFailed", f"pytorchjob/{job}", "PyTorchJob pretrain/llm-pt is failed because 1 Worker replica(s) failed."),
        (tev - timedelta(hours=3), "Warning", "FailedToUpdateEndpoint", "endpoints/llm-pt-master-0", "Failed to update endpoint pretrain/llm-pt-master-0: Operation cannot be fulfilled on endpoints \"llm-pt-master-0\": the object has been modified; please apply your changes to the latest version and try again"),
    ], now))
    return c


# =========================================================================== ay05
def ay05():
    name = "ay05_pods_get_sigterm_then_nccl_connection_closed"
    rng = rng_for(name)
    c = Case(name, label("unknown", "framework", None, None, "none",
                         "A Spot VM under one pod was preempted by Compute Engine (instances.preempted, NodeShutdown); the NCCL "
                         "errors on the other pods are the consequence. Nothing is wrong with the job or the hardware.",
                         "https://cloud.google.com/kubernetes-engine/docs/concepts/spot-vms"))
    js = "sft-spot"
    pods = [f"{js}-workers-0-{i}-{''.join(rng.choice('bcdfghjklmnpqrstvwxz2456789') for _ in range(5))}" for i in range(4)]
    nodes = [f"gke-ml-spot-a3-pool-93c1b0e2-{s}" for s in ("2hkd", "6pfz", "7wbd", "rq4m")]
    ips = ["10.60.0.14", "10.60.3.21", "10.60.5.8", "10.60.7.30"]
    t0 = T("2025-01-14 22:40:10.000")
    tp = T("2025-01-15 03:18:44.020")  # preemption notice
    for i, pod in enumerate(pods):
        tl = TLog()
        info = train_pod(tl, pod, i, 4, t0, "sftspot-18", f"{js}-workers-0-0.{js}", ip=ips[i], step_s=2.6,
                         t_end=tp + (0 * S if i == 2 else 16 * S), rng=rng, net="TCPX", busids=A3_BUS, log_every=40,
                         prints_steps=(i == 0))
        if i == 2:
            tl.add(tp + 0.4 * S, torch_py(tp + 0.4 * S, "W", info["agent"], "torch/distributed/elastic/agent/server/api.py:741") + "Received Signals.SIGTERM death signal, shutting down workers")
            tl.extend(tp + 0.4 * S, sigterm_child(tp + 0.4 * S, info["agent"], info["pids"]))
            tl.add(tp + 0.6 * S, pylog(tp + 0.6 * S, "train", "WARNING") + "rank 16: caught SIGTERM, attempting emergency checkpoint (budget 10s)")
            tl.add(tp + 11 * S, pylog(tp + 11 * S, "train", "ERROR") + "rank 16: emergency checkpoint not finished within budget, giving up")
            tl.add(tp + 13 * S, "Traceback (most recent call last):", '  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())",
                   f'  File "{PY}/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
                   "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
                   f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {info['agent']} got signal: 15")
        else:
            tr = tp + timedelta(seconds=15.2 + i * 0.1)
            for lr_ in range(8):
                g = i * 8 + lr_
                tl.add(tr, nccl(pod, info["pids"][lr_], info["pids"][lr_] + 70, lr_,
                                f"tcpxResult_t tcpxCommProgress(tcpxComm*):1176 NCCL WARN Connection closed by remote peer {ips[2]}<{41000 + g}>", "WARN"))
                tl.extend(tr + 0.5 * S, nccl_async_error(tr + 0.5 * S, g, f"socketProgress: Connection closed by remote peer {ips[2]}<{41000 + g}>", "2.21.5"))
            tl.extend(tr + 3 * S, child_failed(tr + 3 * S, pod, "sft.py",
                      [(i * 8 + k, k, -6, info["pids"][k], f"Signal 6 (SIGABRT) received by PID {info['pids'][k]}") for k in range(3)], info["agent"]))
        c.add(f"{pod}/container.log", tl.kube())
    now = tp + timedelta(minutes=20)
    c.add(f"{pods[2]}/describe.txt", describe_pod(
        pods[2], "ml", nodes[2], "10.128.0.77", ips[2], t0 - 20 * S,
        [f"jobset.sigs.k8s.io/jobset-name={js}", "jobset.sigs.k8s.io/replicatedjob-name=workers", "jobset.sigs.k8s.io/job-index=0", "batch.kubernetes.io/job-completion-index=2"],
        "us-docker.pkg.dev/ml-plat/sft/trainer:0.9.3", f"us-docker.pkg.dev/ml-plat/sft/trainer@sha256:{_sha(rng)}",
        ["torchrun", "--nnodes=4", "--nproc-per-node=8", "sft.py"],
        ["Terminated", "Reason:       Error", "Exit Code:    143", f"Started:      {rfc1123(t0)}", f"Finished:     {rfc1123(tp + 14 * S)}"],
        status="Failed", reason="Terminated", message="Pod was terminated in response to imminent node shutdown.",
        controlled_by=f"Job/{js}-workers-0",
        tolerations="cloud.google.com/gke-spot=true:NoSchedule",
        events=[(tp, "Normal", "Killing", "kubelet", "Stopping container pytorch"),
                (tp, "Warning", "NodeShutdown", "kubelet", "Pod was terminated in response to imminent node shutdown.")], now=now))
    c.add("kubectl_get_events.txt", events_table([
        (tp - timedelta(hours=2), "Normal", "NodeReady", f"node/{nodes[1]}", f"Node {nodes[1]} status is now: NodeReady"),
        (tp, "Warning", "NodeShutdown", f"node/{nodes[2]}", "Shutdown manager detected shutdown event"),
        (tp + 31 * S, "Normal", "NodeNotReady", f"node/{nodes[2]}", f"Node {nodes[2]} status is now: NodeNotReady"),
        (tp + 48 * S, "Normal", "RemovingNode", f"node/{nodes[2]}", f"Node {nodes[2]} event: Removing Node {nodes[2]} from Controller"),
        (tp + 20 * S, "Warning", "BackoffLimitExceeded", f"job/{js}-workers-0", "Job has reached the specified backoff limit"),
        (tp + 21 * S, "Warning", "FailedJobs", f"jobset/{js}", "jobset sft-spot failed: job \"sft-spot-workers-0\" failed (restarts 0/0)"),
    ], now))
    c.add("gcloud_operations.txt", [
        "$ gcloud compute operations list --filter=\"operationType~preempted\" --zones=us-central1-a",
        "NAME                                                  TYPE                         TARGET                                                            HTTP_STATUS  STATUS  TIMESTAMP",
        f"systemevent-1736910824020-62b8e1f3a9c10-6f2a1b3c-1a2b  compute.instances.preempted  us-central1-a/instances/{nodes[2]}                  200          DONE    2025-01-14T19:18:44.020-08:00",
        "",
        "$ gcloud compute instances describe " + nodes[2] + " --zone us-central1-a --format='value(scheduling.provisioningModel,scheduling.instanceTerminationAction)'",
        "SPOT\tDELETE"])
    c.add("jobset_status.yaml", [
        "status:", "  conditions:", f"  - lastTransitionTime: \"{iso_s(tp + 21 * S)}\"", "    message: jobset failed due to job sft-spot-workers-0 failing",
        "    reason: FailedJobs", "    status: \"True\"", "    type: Failed", "  restarts: 0", "  replicatedJobsStatus:",
        "  - name: workers", "    active: 0", "    failed: 1", "    ready: 0", "    succeeded: 0", "spec:", "  failurePolicy:", "    maxRestarts: 0"])
    return c


# =========================================================================== ay07
def ay07():
    name = "ay07_every_pod_fails_first_collective_invalid_usage"
    rng = rng_for(name)
    c = Case(name, label("dependency", "framework", None, None, "stop",
                         "All pods fail identically at communicator init: the new image bundles NCCL 2.23.4 and drops "
                         "/usr/local/nvidia/lib64 from LD_LIBRARY_PATH, so the host FasTrak (TCPXO) plugin refuses to load and "
                         "NCCL_NET=FasTrak cannot be satisfied. An environment mismatch on every node.",
                         "https://docs.nvidia.com/dgx-cloud/run-ai/1.2/appendix-gcp.html"))
    js = "mega-pt"
    pods = [f"{js}-node-0-{i}-{''.join(rng.choice('bcdfghjklmnpqrstvwxz2456789') for _ in range(5))}" for i in range(4)]
    ips = [f"10.8.{2 * i}.{10 + i}" for i in range(4)]
    t0 = T("2025-03-03 11:20:05.000")
    for i, pod in enumerate(pods):
        tl = TLog()
        tl.add(t0 - 3 * S, "+ export LD_LIBRARY_PATH=/opt/venv/lib/python3.11/site-packages/nvidia/nccl/lib:/usr/local/cuda/lib64",
               "+ export NCCL_NET=FasTrak NCCL_FASTRAK_CTRL_DEV=eth0 NCCL_FASTRAK_IFNAME=eth1,eth2,eth3,eth4,eth5,eth6,eth7,eth8",
               "+ export NCCL_FASTRAK_USE_SNAP=1 NCCL_FASTRAK_USE_LLCM=1 NCCL_FASTRAK_LLCM_DEVICE_DIRECTORY=/dev/aperture_devices",
               "+ export NCCL_TUNER_CONFIG_PATH=/usr/local/nvidia/lib64/a3plus_tuner_config.textproto",
               "+ export NCCL_SHIMNET_GUEST_CONFIG_CHECKER_CONFIG_FILE=/usr/local/nvidia/lib64/a3plus_guest_config.textproto",
               "+ export NCCL_FASTRAK_PLUGIN_ACCEPT_TIMEOUT_MS=600000",
               "+ python -c 'import torch; print(torch.__version__, torch.cuda.nccl.version())'",
               "2.6.0+cu126 (2, 23, 4)")
        info = train_pod(tl, pod, i, 4, t0, "megapt-2", f"{js}-node-0-0.{js}", ip=ips[i], step_s=2, t_end=t0, rng=rng,
                         nccl_debug=False, script="pretrain.py")
        ti = t0 + 41 * S
        for lr_ in range(8):
            g = i * 8 + lr_
            pid = info["pids"][lr_]
            tt = ti + timedelta(milliseconds=40 * lr_ + 7 * i)
            lines = []
            if g == 0:
                lines.append("NCCL version 2.23.4+cuda12.6")
            lines += [nccl(pod, pid, pid, lr_, "cudaDriverVersion 12040"),
                      nccl(pod, pid, pid, lr_, f"Bootstrap : Using eth0:{ips[i]}<0>"),
                      nccl(pod, pid, pid + 61, lr_, "NET/Plugin: Loaded net plugin FasTrak (v8)"),
                      nccl(pod, pid, pid + 61, lr_, "NET/FasTrak ver. 1.0.3 (NCCL 2.21.5 build)"),
                      nccl(pod, pid, pid + 61, lr_, "NET/FasTrak : guest config checker: /usr/local/nvidia/lib64/a3plus_guest_config.textproto"),
                      nccl(pod, pid, pid + 61, lr_, "NET/FasTrak : NCCL library version 2.23.4 does not match the version this plugin was qualified with (2.21.5); expected libnccl.so.2 from /usr/local/nvidia/lib64", "WARN"),
                      nccl(pod, pid, pid + 61, lr_, "NET/FasTrak : Guest config check failed: NCCL_LIB_DIR mismatch, refusing to initialize", "WARN"),
                      nccl(pod, pid, pid + 61, lr_, "NET/Plugin: Failed to initialize net plugin FasTrak"),
                      nccl(pod, pid, pid + 61, lr_, "NET/IB : No device found."),
                      nccl(pod, pid, pid + 61, lr_, f"NET/Socket : Using [0]eth0:{ips[i]}<0> [1]eth1:192.168.1.{i + 2}<0>"),
                      nccl(pod, pid, pid + 61, lr_, "Error: network FasTrak not found.", "WARN"),
                      nccl(pod, pid, pid + 61, lr_, "init.cc:1815 -> 5", "INFO"),
                      nccl(pod, pid, pid + 61, lr_, "init.cc:1854 -> 5", "INFO")]
            tl.extend(tt, lines)
            te = tt + 0.3 * S
            tl.add(te, f"[rank{g}]: Traceback (most recent call last):",
                   f'[rank{g}]:   File "/workspace/pretrain.py", line 233, in <module>',
                   f"[rank{g}]:     main()",
                   f'[rank{g}]:   File "/workspace/pretrain.py", line 118, in main',
                   f"[rank{g}]:     model = FSDP(model, device_mesh=mesh, sync_module_states=True)",
                   f'[rank{g}]:   File "{PY}/torch/distributed/fsdp/_init_utils.py", line 645, in _sync_module_params_and_buffers',
                   f"[rank{g}]:     _sync_params_and_buffers(",
                   f'[rank{g}]:   File "{PY}/torch/distributed/utils.py", line 334, in _sync_params_and_buffers',
                   f"[rank{g}]:     dist._broadcast_coalesced(",
                   f"[rank{g}]: torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.hpp:317, invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.23.4",
                   f"[rank{g}]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library.",
                   f"[rank{g}]: Last error:",
                   f"[rank{g}]: Error: network FasTrak not found.")
        tf = ti + 3 * S
        tl.extend(tf, child_failed(tf, pod, "pretrain.py",
                  [(i * 8 + k, k, 1, info["pids"][k], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") for k in range(8)], info["agent"]))
        c.add(f"{pod}/container.log", tl.kube())
        rx = TLog()
        td = t0 - timedelta(seconds=50)
        rx.add(td, "I0303 11:19:15.101233       1 rxdm.cc:212] Starting fastrak_gpumem_manager version 1.0.12",
               "I0303 11:19:15.101877       1 rxdm.cc:240] Found 8 GPUs, 8 NICs (eth1..eth8)")
        for k in range(1, 9):
            rx.add(td + timedelta(milliseconds=300 + 20 * k), f"I0303 11:19:15.{401233 + k * 1211:06d}       1 nic_manager.cc:118] eth{k}: gVNIC 1.4.0, queues 16, mtu 8244, link up")
        rx.add(td + 2 * S, "I0303 11:19:17.002211       1 rxdm.cc:301] Buffer manager ready, listening on /run/tcpxo/rxdm.sock")
        c.add(f"{pod}/tcpxo-daemon.log", rx.render())
    c.add("jobset_diff.txt", [
        "$ git diff HEAD~1 -- k8s/mega-pt-jobset.yaml",
        "@@ -41,9 +41,9 @@ spec:",
        "             containers:",
        "             - name: pytorch",
        "-              image: us-docker.pkg.dev/acme-ml/train/pt:2.4.1-cu124-tcpxo",
        "+              image: us-docker.pkg.dev/acme-ml/train/pt:2.6.0-cu126",
        "               env:",
        "               - name: LD_LIBRARY_PATH",
        "-                value: /usr/local/nvidia/lib64:/usr/local/cuda/lib64",
        "+                value: /opt/venv/lib/python3.11/site-packages/nvidia/nccl/lib:/usr/local/cuda/lib64",
        "               - name: NCCL_NET",
        "                 value: FasTrak"])
    now = t0 + timedelta(minutes=9)
    c.add("kubectl_get_pods.txt", get_pods([(p, "1/2", "Error", 0, "9m", ips[k], f"gke-a3mega-np-0f1e2d3c-{'abcd'[k]}x{k}9") for k, p in enumerate(pods)]))
    return c


# =========================================================================== ay08
def ay08():
    name = "ay08_workers_cannot_reach_master_at_start"
    rng = rng_for(name)
    c = Case(name, label("network", "infrastructure", None, None, "restart",
                         "Every worker got EAI_AGAIN resolving the master Service while both kube-dns replicas were unschedulable "
                         "during a default-pool upgrade; cluster DNS was down, transiently, for all pods.",
                         "https://github.com/pytorch/pytorch/issues/73682"))
    job, ns = "sft-13b", "team-nlp"
    pods = [f"{job}-master-0"] + [f"{job}-worker-{i}" for i in range(5)]
    t0 = T("2024-12-02 02:06:11.000")
    tdns_down = T("2024-12-02 02:04:40.000")
    tdns_up = T("2024-12-02 02:19:02.000")
    tout = t0 + timedelta(seconds=600)
    master_host = f"{job}-master-0"
    for i, pod in enumerate(pods):
        tl = TLog()
        ts = t0 + timedelta(seconds=rng.uniform(0, 9))
        tl.add(ts, pylog(ts, "sft", "INFO") + f"MASTER_ADDR={master_host} MASTER_PORT=23456 WORLD_SIZE=48 RANK={i * 8}..{i * 8 + 7} NPROC=8")
        tl.add(ts, pylog(ts, "sft", "INFO") + "launching 8 local processes with torch.multiprocessing.spawn")
        if i == 0:
            tl.add(ts + 2 * S, torch_c(ts + 2 * S, "I", "socket.cpp:947") + "[c10d] The server socket has started to listen on [::]:23456.")
            for k in range(8):
                tl.add(ts + 3 * S, torch_c(ts + 3 * S, "I", "socket.cpp:1026", k) + f"[c10d] The client socket has connected to [{master_host}.{ns}.svc.cluster.local]:23456 on [::ffff:10.12.0.{40 + k}]:{50120 + k}.")
            tl.add(ts + 5 * S, torch_c(ts + 5 * S, "I", "TCPStore.cpp:300", 0) + "[c10d - debug] Waiting for 40 more workers to join the store (world_size=48).")
            tm = ts + timedelta(seconds=601)
            for k in range(8):
                tl.add(tm, f"[rank{k}]: Traceback (most recent call last):",
                       f'[rank{k}]:   File "/app/sft/main.py", line 77, in init_dist',
                       f"[rank{k}]:     dist.init_process_group(\"nccl\", timeout=timedelta(minutes=10))",
                       f'[rank{k}]:   File "{PY}/torch/distributed/c10d_logger.py", line 83, in wrapper',
                       f"[rank{k}]:     return func(*args, **kwargs)",
                       f'[rank{k}]:   File "{PY}/torch/distributed/rendezvous.py", line 190, in _create_c10d_store',
                       f"[rank{k}]:     return TCPStore(",
                       f"[rank{k}]: torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 8/48 clients joined.")
        else:
            t = ts + 1.5 * S
            n = 0
            while t < tout:
                for k in range(8):
                    g = i * 8 + k
                    tl.add(t + timedelta(milliseconds=3 * k), torch_c(t, "W", "socket.cpp:697", g) +
                           f"[c10d] The IPv4 network addresses of ({master_host}, 23456) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).")
                n += 1
                t = t + timedelta(seconds=1.0 + (n % 5) * 0.25)
            for k in range(8):
                g = i * 8 + k
                tl.add(tout, f"[rank{g}]: Traceback (most recent call last):",
                       f'[rank{g}]:   File "/app/sft/main.py", line 77, in init_dist',
                       f"[rank{g}]:     dist.init_process_group(\"nccl\", timeout=timedelta(minutes=10))",
                       f'[rank{g}]:   File "{PY}/torch/distributed/rendezvous.py", line 190, in _create_c10d_store',
                       f"[rank{g}]:     return TCPStore(",
                       f"[rank{g}]: torch.distributed.DistNetworkError: The client socket has timed out after 600000ms while trying to connect to ({master_host}, 23456).")
        tl.add(tout + 2 * S, pylog(tout + 2 * S, "sft", "ERROR") + "one or more local processes failed; exiting with code 1")
        c.add(f"{pod}/container.log", tl.kube())
    now = tdns_up + timedelta(minutes=6)
    c.add("kube-system_events.txt", events_table([
        (tdns_down - 20 * S, "Normal", "NodeUpgrade", "node/gke-core-default-pool-6e1b2f4c-91wq", "Node upgrade to 1.30.5-gke.1443001 started (surge 0, unavailable 2)", "kube-system"),
        (tdns_down, "Normal", "Killing", "pod/kube-dns-5c4b5f9d7f-2xk7n", "Stopping container kubedns", "kube-system"),
        (tdns_down + 2 * S, "Normal", "Killing", "pod/kube-dns-5c4b5f9d7f-hq8vt", "Stopping container kubedns", "kube-system"),
        (tdns_down + 9 * S, "Warning", "FailedScheduling", "pod/kube-dns-5c4b5f9d7f-m4d2p", "0/14 nodes are available: 2 node(s) were unschedulable, 12 node(s) had untolerated taint {nvidia.com/gpu: present}. preemption: 0/14 nodes are available: 14 Preemption is not helpful for scheduling.", "kube-system"),
        (tdns_down + 11 * S, "Warning", "FailedScheduling", "pod/kube-dns-5c4b5f9d7f-w9vls", "0/14 nodes are available: 2 node(s) were unschedulable, 12 node(s) had untolerated taint {nvidia.com/gpu: present}. preemption: 0/14 nodes are available: 14 Preemption is not helpful for scheduling.", "kube-system"),
        (tdns_up - 40 * S, "Normal", "Scheduled", "pod/kube-dns-5c4b5f9d7f-m4d2p", "Successfully assigned kube-system/kube-dns-5c4b5f9d7f-m4d2p to gke-core-default-pool-6e1b2f4c-91wq", "kube-system"),
        (tdns_up, "Normal", "Started", "pod/kube-dns-5c4b5f9d7f-m4d2p", "Started container kubedns", "kube-system"),
        (tdns_up + 5 * S, "Normal", "Started", "pod/kube-dns-5c4b5f9d7f-w9vls", "Started container kubedns", "kube-system"),
    ], now, namespace_col=True))
    c.add("kubectl_get_pods_kube-dns.txt", [f"$ kubectl -n kube-system get pods -l k8s-app=kube-dns -o wide   # {iso_s(now)}",
                                             get_pods([("kube-dns-5c4b5f9d7f-m4d2p", "4/4", "Running", 0, age(now - tdns_up), "10.12.14.3", "gke-core-default-pool-6e1b2f4c-91wq"),
                                                       ("kube-dns-5c4b5f9d7f-w9vls", "4/4", "Running", 0, age(now - tdns_up), "10.12.15.9", "gke-core-default-pool-6e1b2f4c-k2mz")])])
    c.add("gcloud_container_operations.txt", [
        "NAME                              TYPE             LOCATION       TARGET        STATUS_MESSAGE  STATUS  START_TIME                      END_TIME",
        "operation-1733104960111-1f2e3d4c  UPGRADE_NODES    us-central1    default-pool                  DONE    2024-12-02T02:02:40.111Z        2024-12-02T02:31:12.902Z",
        "operation-1733011200222-9a8b7c6d  SET_MAINTENANCE  us-central1    core                          DONE    2024-12-01T00:00:00.222Z        2024-12-01T00:00:03.011Z"])
    c.add("pytorchjob_status.txt", [f"$ kubectl -n {ns} get pytorchjob {job}", "NAME      STATE    AGE", f"{job}   Failed   {age(now - t0)}"])
    return c


# =========================================================================== ay09
def ay09():
    name = "ay09_all_agents_lose_store_connection_together"
    rng = rng_for(name)
    c = Case(name, label("network", "infrastructure", None, None, "restart",
                         "The standalone c10d rendezvous store pod was evicted by a cluster-autoscaler scale-down and came back "
                         "empty on another node; every torchrun agent lost the store at the same second. Shared rendezvous "
                         "service, transient.",
                         "https://github.com/pytorch/pytorch/issues/80772"))
    pods = [f"ptj-w-{i}" for i in range(6)]
    ips = [f"10.36.{i + 2}.{20 + 3 * i}" for i in range(6)]
    ep = "rdzv-store.train.svc.cluster.local:29400"
    t0 = T("2024-11-05 03:30:00.000")
    tkill = T("2024-11-05 04:41:06.310")
    for i, pod in enumerate(pods):
        tl = TLog()
        info = train_pod(tl, pod, i, 6, t0, "ptj-77", ep.split(":")[0], ip=ips[i], step_s=1.9,
                         t_end=tkill + 2 * S, rng=rng, net="IB", log_every=100, banner=False)
        tl.extend(t0, [torch_py(t0, "I", info["agent"], "torch/distributed/launcher/api.py:188") + "Starting elastic_operator with launch configs:",
                       "  entrypoint       : train.py", "  min_nodes        : 6", "  max_nodes        : 6", "  nproc_per_node   : 8",
                       "  run_id           : ptj-77", "  rdzv_backend     : c10d", f"  rdzv_endpoint    : {ep}",
                       "  rdzv_configs     : {'timeout': 900, 'read_timeout': 60}", "  max_restarts     : 3", "  monitor_interval : 5", ""])
        te = tkill + timedelta(seconds=0.8 + rng.uniform(0, 4.5))
        tl.add(te, torch_py(te, "W", info["agent"], "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1269") +
               "Failed to sync the rendezvous state with the backend; retrying...")
        tl.add(te, "Traceback (most recent call last):",
               f'  File "{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 113, in _call_store',
               "    return getattr(self._store, store_op)(*args, **kwargs)",
               "torch.distributed.DistNetworkError: Connection reset by peer",
               "",
               "The above exception was the direct cause of the following exception:",
               "",
               "Traceback (most recent call last):",
               '  File "/usr/local/bin/torchrun", line 8, in <module>',
               "    sys.exit(main())",
               f'  File "{PY}/torch/distributed/run.py", line 919, in main',
               "    run(args)",
               f'  File "{PY}/torch/distributed/launcher/api.py", line 260, in launch_agent',
               "    result = agent.run()",
               f'  File "{PY}/torch/distributed/elastic/agent/server/api.py", line 696, in run',
               "    result = self._invoke_run(role)",
               f'  File "{PY}/torch/distributed/elastic/agent/server/api.py", line 894, in _invoke_run',
               "    num_nodes_waiting = rdzv_handler.num_nodes_waiting()",
               f'  File "{PY}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1203, in num_nodes_waiting',
               "    self._state_holder.sync()",
               f'  File "{PY}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 437, in sync',
               "    get_response = self._backend.get_state()",
               f'  File "{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 75, in get_state',
               "    base64_state: bytes = self._call_store(\"get\", self._key)",
               f'  File "{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 115, in _call_store',
               "    raise RendezvousConnectionError(",
               "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.")
        tl.extend(te + 0.2 * S, sigterm_child(te + 0.2 * S, info["agent"], info["pids"]))
        for k in range(8):
            g = i * 8 + k
            tt = te + timedelta(seconds=0.5, milliseconds=9 * k)
            tl.add(tt, torch_c(tt, "W", "ProcessGroupNCCL.cpp:1168", g) + f"[PG ID 0 PG GUID 0(default_pg) Rank {g}] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer")
        c.add(f"{pod}/container.log", tl.kube())
    # store pod: previous and current container
    st = TLog()
    tsa = t0 - timedelta(minutes=3)
    st.add(tsa, "2024-11-05 03:27:00,004 store INFO TCPStore server listening on [::]:29400 (multi_tenant=True, use_libuv=True)")
    for k in range(1, 6):
        tt = tsa + timedelta(minutes=15 * k)
        st.add(tt, f"{tt.strftime('%Y-%m-%d %H:%M:%S')},000 store INFO clients=54 keys=1312 ops/s=212")
    st.add(tkill - 0.3 * S, f"{(tkill - 0.3 * S).strftime('%Y-%m-%d %H:%M:%S')},010 store WARNING received SIGTERM, closing server")
    c.add("rdzv-store-0/container.previous.log", st.render())
    st2 = TLog()
    tnew = tkill + timedelta(seconds=38)
    st2.add(tnew, f"{tnew.strftime('%Y-%m-%d %H:%M:%S')},412 store INFO TCPStore server listening on [::]:29400 (multi_tenant=True, use_libuv=True)")
    st2.add(tnew + timedelta(minutes=15), f"{(tnew + timedelta(minutes=15)).strftime('%Y-%m-%d %H:%M:%S')},000 store INFO clients=0 keys=0 ops/s=0")
    c.add("rdzv-store-0/container.log", st2.render())
    now = tkill + timedelta(minutes=22)
    c.add("kubectl_get_events.txt", events_table([
        (tkill - timedelta(minutes=11), "Normal", "ScaleDown", "node/gke-train-cpu-pool-4b1a9c2e-zz3q", "marked the node as toBeDeleted/unschedulable"),
        (tkill - 1 * S, "Normal", "ScaleDown", "pod/rdzv-store-0", "deleting pod for node scale down"),
        (tkill, "Normal", "Killing", "pod/rdzv-store-0", "Stopping container store"),
        (tkill + 20 * S, "Normal", "Scheduled", "pod/rdzv-store-0", "Successfully assigned train/rdzv-store-0 to gke-train-cpu-pool-4b1a9c2e-8kpd"),
        (tkill + 37 * S, "Normal", "Started", "pod/rdzv-store-0", "Started container store"),
        (tkill + timedelta(minutes=2), "Normal", "ScaleDown", "node/gke-train-cpu-pool-4b1a9c2e-zz3q", "node removed by cluster autoscaler"),
        (tkill + 12 * S, "Warning", "PyTorchJobFailed", "pytorchjob/ptj", "PyTorchJob train/ptj is failed because 6 Worker replica(s) failed."),
        (tkill - timedelta(hours=1), "Warning", "Unhealthy", "pod/metrics-gw-6d9f8-4mz2l", "Readiness probe failed: HTTP probe failed with statuscode: 503"),
    ], now))
    c.add("rdzv-store-0/describe.txt", describe_pod(
        "rdzv-store-0", "train", "gke-train-cpu-pool-4b1a9c2e-8kpd", "10.128.0.91", "10.36.40.7", tkill + 20 * S,
        ["app=rdzv-store", "controller-revision-hash=rdzv-store-7b9c6d", "statefulset.kubernetes.io/pod-name=rdzv-store-0"],
        "us-docker.pkg.dev/acme/infra/tcpstore:0.3", f"us-docker.pkg.dev/acme/infra/tcpstore@sha256:{_sha(rng)}",
        ["python", "-m", "tcpstore_server", "--port=29400"],
        ["Running", f"Started:      {rfc1123(tnew)}"], ready="True", limits={"cpu": "2", "memory": "4Gi"},
        controlled_by="StatefulSet/rdzv-store", container="store", now=now,
        events=[(tkill + 20 * S, "Normal", "Scheduled", "default-scheduler", "Successfully assigned train/rdzv-store-0 to gke-train-cpu-pool-4b1a9c2e-8kpd"),
                (tkill + 37 * S, "Normal", "Started", "kubelet", "Started container store")]))
    return c


# =========================================================================== ay10
def ay10():
    name = "ay10_one_pod_importerror_others_hang_at_first_broadcast"
    rng = rng_for(name)
    culprit = "ft-mistral-worker-1"
    c = Case(name, label("dependency", "infrastructure", culprit, None, "restart_without_node",
                         "Only the pod on one node ran a stale cached build of the mutable :stable tag (imagePullPolicy "
                         "IfNotPresent, image already present, different digest, torch 2.3.1) and failed on import; the other "
                         "pods pulled the current digest and merely hung waiting for it.",
                         "https://kubernetes.io/docs/concepts/containers/images/#image-pull-policy"))
    job, ns = "ft-mistral", "ft"
    pods = [f"{job}-master-0", f"{job}-worker-0", culprit, f"{job}-worker-2"]
    nodes = ["gke-ft-h100-pool-71ce3a02-2b9s", "gke-ft-h100-pool-71ce3a02-8d1f", "gke-ft-h100-pool-71ce3a02-n7pq", "gke-ft-h100-pool-71ce3a02-x3hr"]
    ips = ["10.20.1.4", "10.20.2.8", "10.20.3.15", "10.20.4.16"]
    img = "us-central1-docker.pkg.dev/acme-ml/train/trainer:stable"
    new, old = _sha(rng), _sha(rng)
    t0 = T("2025-02-11 08:00:31.000")
    for i, pod in enumerate(pods):
        tl = TLog()
        ver = "2.3.1+cu121" if i == 2 else "2.5.1+cu124"
        tl.add(t0 - 4 * S, f"[entrypoint] image build: {'2024-06-18' if i == 2 else '2025-02-07'}  git=" + ("a1c9e07" if i == 2 else "f55d210"),
               f"[entrypoint] torch=={ver} transformers=={'4.41.2' if i == 2 else '4.48.1'} accelerate=={'0.31.0' if i == 2 else '1.3.0'}")
        info = train_pod(tl, pod, i, 4, t0, "ftm-0211", pods[0], ip=ips[i], step_s=2, t_end=t0, rng=rng,
                         nccl_debug=False, script="finetune.py")
        tx = t0 + timedelta(seconds=9)
        if i == 2:
            for k in range(8):
                g = 16 + k
                tt = tx + timedelta(milliseconds=110 * k)
                tl.add(tt, f"[rank{g}]: Traceback (most recent call last):",
                       f'[rank{g}]:   File "/app/finetune.py", line 14, in <module>',
                       f"[rank{g}]:     from torch.distributed._composable.fsdp import fully_shard, MixedPrecisionPolicy",
                       f"[rank{g}]: ImportError: cannot import name 'fully_shard' from 'torch.distributed._composable.fsdp' ({PY}/torch/distributed/_composable/fsdp/__init__.py)")
            tl.extend(tx + 2 * S, child_failed(tx + 2 * S, pod, "finetune.py",
                      [(16 + k, k, 1, info["pids"][k], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") for k in range(8)], info["agent"]))
        else:
            tl.add(tx + 20 * S, pylog(tx + 20 * S, "ft", "INFO") + "loaded mistral-7b base weights (14.48 GB) from /models/mistral-7b-v0.3")
            tl.add(tx + 21 * S, pylog(tx + 21 * S, "ft", "INFO") + "applying fully_shard to 32 decoder layers (reshard_after_forward=True)")
            tw = tx + timedelta(minutes=10, seconds=22)
            for k in range(8):
                g = i * 8 + k
                tl.extend(tw + timedelta(milliseconds=5 * k), watchdog_timeout(tw, g, 1, "BROADCAST", 1048576, last_enq=1, last_done=0, tail=(k == 0)))
            tl.extend(tw + 4 * S, child_failed(tw + 4 * S, pod, "finetune.py",
                      [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}")], info["agent"]))
        c.add(f"{pod}/container.log", tl.kube())
        now = t0 + timedelta(minutes=30)
        if i == 2:
            ev = [(t0 - 40 * S, "Normal", "Scheduled", "default-scheduler", f"Successfully assigned {ns}/{pod} to {nodes[i]}"),
                  (t0 - 8 * S, "Normal", "Pulled", "kubelet", f'Container image "{img}" already present on machine'),
                  (t0 - 7 * S, "Normal", "Created", "kubelet", "Created container pytorch"),
                  (t0 - 6 * S, "Normal", "Started", "kubelet", "Started container pytorch")]
            iid = f"us-central1-docker.pkg.dev/acme-ml/train/trainer@sha256:{old}"
            st = ["Terminated", "Reason:       Error", "Exit Code:    1", f"Started:      {rfc1123(t0 - 6 * S)}", f"Finished:     {rfc1123(tx + 3 * S)}"]
        else:
            ev = [(t0 - 40 * S, "Normal", "Scheduled", "default-scheduler", f"Successfully assigned {ns}/{pod} to {nodes[i]}"),
                  (t0 - 39 * S, "Normal", "Pulling", "kubelet", f'Pulling image "{img}"'),
                  (t0 - 8 * S, "Normal", "Pulled", "kubelet", f'Successfully pulled image "{img}" in 31.2s (31.2s including waiting). Image size: 21472914512 bytes.'),
                  (t0 - 6 * S, "Normal", "Started", "kubelet", "Started container pytorch")]
            iid = f"us-central1-docker.pkg.dev/acme-ml/train/trainer@sha256:{new}"
            st = ["Terminated", "Reason:       Error", "Exit Code:    1", f"Started:      {rfc1123(t0 - 6 * S)}", f"Finished:     {rfc1123(tx + timedelta(minutes=10, seconds=27))}"]
        c.add(f"{pod}/describe.txt", describe_pod(
            pod, ns, nodes[i], f"10.128.1.{50 + i}", ips[i], t0 - 40 * S,
            [f"training.kubeflow.org/job-name={job}", f"training.kubeflow.org/replica-type={'master' if i == 0 else 'worker'}"],
            img, iid, ["torchrun", "--nnodes=4", "--nproc-per-node=8", "finetune.py", "--cfg", "cfg/mistral_lora.yaml"],
            st, status="Failed", controlled_by=f"PyTorchJob/{job}", events=ev, now=now,
            env=[("NCCL_DEBUG", "WARN"), ("HF_HUB_OFFLINE", "1")]))
    return c


# =========================================================================== ay11
def ay11():
    name = "ay11_half_the_pods_fail_cuda_init"
    rng = rng_for(name)
    c = Case(name, label("dependency", "framework", None, None, "stop",
                         "The NGC 24.10 image needs driver >= 560; the two pods that landed on the second node pool (node image "
                         "with driver 535.183.01) fail cuInit with 803 and the rest hang. A driver/CUDA mismatch for the pool, "
                         "fixed by a person (node selector or node image), not by retrying.",
                         "https://docs.nvidia.com/deploy/cuda-compatibility/index.html"))
    job, ns = "llm-pt", "research"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1", f"{job}-worker-2"]
    nodes = ["aks-gpupool-38112045-vmss000000", "aks-gpupool-38112045-vmss000002",
             "aks-gpupoolb-19a7c3e1-vmss000000", "aks-gpupoolb-19a7c3e1-vmss000001"]
    ips = ["10.244.4.12", "10.244.6.20", "10.244.9.7", "10.244.11.3"]
    drv = ["550.90.07", "550.90.07", "535.183.01", "535.183.01"]
    t0 = T("2025-01-06 17:45:12.000")
    banner = ["", "=============", "== PyTorch ==", "=============", "", "NVIDIA Release 24.10 (build 114410972)",
              "PyTorch Version 2.5.0a0+e000cf0", "Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.",
              "", "Various files include modifications (c) NVIDIA CORPORATION & AFFILIATES.  All rights reserved.", "",
              "This container image and its contents are governed by the NVIDIA Deep Learning Container License.",
              "By pulling and using the container, you accept the terms and conditions of this license:",
              "https://developer.nvidia.com/ngc/nvidia-deep-learning-container-license", ""]
    for i, pod in enumerate(pods):
        tl = TLog()
        tl.add(t0 - 5 * S, *banner)
        if drv[i].startswith("535"):
            tl.add(t0 - 5 * S, f"ERROR: This container was built for NVIDIA Driver Release 560.35 or later, but",
                   f"       version {drv[i]} was detected and compatibility mode is UNAVAILABLE.", "",
                   "       [[System has unsupported display driver / cuda driver combination (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH) cuInit()=803]]", "")
        else:
            tl.add(t0 - 5 * S, "NOTE: The SHMEM allocation limit is set to the default of 64MB.  This may be", "   insufficient for PyTorch.  NVIDIA recommends the use of the following flags:",
                   "   docker run --gpus all --ipc=host --ulimit memlock=-1 --ulimit stack=67108864 ...", "")
        info = train_pod(tl, pod, i, 4, t0, "llmpt-0106", pods[0], ip=ips[i], step_s=2, t_end=t0, rng=rng,
                         nccl_debug=False, script="pretrain.py")
        tx = t0 + 8 * S
        if drv[i].startswith("535"):
            for k in range(8):
                g = i * 8 + k
                tt = tx + timedelta(milliseconds=60 * k)
                tl.add(tt, f"[rank{g}]: Traceback (most recent call last):",
                       f'[rank{g}]:   File "/workspace/pretrain.py", line 61, in setup',
                       f"[rank{g}]:     torch.cuda.set_device(local_rank)",
                       f'[rank{g}]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 478, in set_device',
                       f"[rank{g}]:     torch._C._cuda_setDevice(device)",
                       f'[rank{g}]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 319, in _lazy_init',
                       f"[rank{g}]:     torch._C._cuda_init()",
                       f"[rank{g}]: RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination")
            tl.extend(tx + 2 * S, child_failed(tx + 2 * S, pod, "pretrain.py",
                      [(i * 8 + k, k, 1, info["pids"][k], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") for k in range(8)], info["agent"]))
        else:
            tl.add(tx, pylog(tx, "pt", "INFO") + "cuda devices: 8 x NVIDIA H100 80GB HBM3, capability 9.0")
            tw = tx + timedelta(minutes=30, seconds=3)
            for k in range(8):
                g = i * 8 + k
                tl.extend(tw, watchdog_timeout(tw, g, 1, "ALLREDUCE", 1, last_enq=1, last_done=0, timeout_ms=1800000, tail=(k == 0)))
            tl.extend(tw + 3 * S, child_failed(tw + 3 * S, pod, "pretrain.py", [(i * 8, 0, -6, info["pids"][0], f"Signal 6 (SIGABRT) received by PID {info['pids'][0]}")], info["agent"]))
        c.add(f"{pod}/container.log", tl.kube())
    c.add("kubectl_get_nodes.txt", [
        "$ kubectl get nodes -L kubernetes.azure.com/agentpool,kubernetes.azure.com/node-image-version,nvidia.com/cuda.driver-version.full",
        f"{'NAME':<36}{'STATUS':<8}{'ROLES':<8}{'AGE':<6}{'VERSION':<10}{'AGENTPOOL':<13}{'NODE-IMAGE-VERSION':<46}DRIVER-VERSION.FULL",
        f"{nodes[0]:<36}{'Ready':<8}{'<none>':<8}{'41d':<6}{'v1.30.6':<10}{'gpupool':<13}{'AKSUbuntu-2204gen2containerd-202412.04.0':<46}550.90.07",
        f"{'aks-gpupool-38112045-vmss000001':<36}{'Ready':<8}{'<none>':<8}{'41d':<6}{'v1.30.6':<10}{'gpupool':<13}{'AKSUbuntu-2204gen2containerd-202412.04.0':<46}550.90.07",
        f"{nodes[1]:<36}{'Ready':<8}{'<none>':<8}{'41d':<6}{'v1.30.6':<10}{'gpupool':<13}{'AKSUbuntu-2204gen2containerd-202412.04.0':<46}550.90.07",
        f"{nodes[2]:<36}{'Ready':<8}{'<none>':<8}{'2d':<6}{'v1.30.6':<10}{'gpupoolb':<13}{'AKSUbuntu-2204gen2containerd-202408.12.0':<46}535.183.01",
        f"{nodes[3]:<36}{'Ready':<8}{'<none>':<8}{'2d':<6}{'v1.30.6':<10}{'gpupoolb':<13}{'AKSUbuntu-2204gen2containerd-202408.12.0':<46}535.183.01"])
    now = t0 + timedelta(minutes=40)
    c.add("kubectl_get_pods.txt", get_pods([(p, "0/1", "Error", 0, "40m", ips[k], nodes[k]) for k, p in enumerate(pods)]))
    for k in (0, 2):
        c.add(f"{pods[k]}/nvidia-smi.txt", nvidia_smi_table(t0 - timedelta(minutes=2), drv[k], "12.4" if k == 0 else "12.2",
              [(g, H100_BUS[g], 31 + g % 3, "P0", 71 + g, 700, 1, 0, "NVIDIA H100 80GB HBM3") for g in range(8)]))
    return c


# =========================================================================== ay30
def ay30():
    name = "ay30_all_pods_crashloopbackoff_before_first_step"
    rng = rng_for(name)
    c = Case(name, label("user_code", "script", None, None, "stop",
                         "Every local rank on every pod exits 2 at argument parsing because the job spec passes a flag the "
                         "script does not define; the mount and NCCL warnings are noise.",
                         "https://kubernetes.io/docs/tasks/debug/debug-application/debug-pods/"))
    job, ns = "rlhf-rm", "alignment"
    pods = [f"{job}-master-0", f"{job}-worker-0", f"{job}-worker-1"]
    nodes = ["node0412", "node0413", "node0419"]
    ips = ["172.20.14.9", "172.20.14.33", "172.20.15.2"]
    t0 = T("2024-08-29 13:10:02.000")
    usage = ["usage: train_rm.py [-h] --model MODEL --data DATA [--lr LR] [--epochs EPOCHS]",
             "                   [--micro-batch-size MICRO_BATCH_SIZE]",
             "                   [--gradient-accumulation-steps GRADIENT_ACCUMULATION_STEPS]",
             "                   [--max-seq-len MAX_SEQ_LEN] [--output-dir OUTPUT_DIR] [--seed SEED]"]
    for i, pod in enumerate(pods):
        for attempt in range(5):
            ta = t0 + timedelta(seconds=[0, 25, 52, 101, 187][attempt] + i * 1.3)
            tl = TLog()
            info = train_pod(tl, pod, i, 3, ta, "rlhfrm", pods[0], ip=ips[i], step_s=2, t_end=ta, rng=rng,
                             nccl_debug=False, script="train_rm.py")
            tx = ta + 4 * S
            for k in range(8):
                tl.add(tx + timedelta(milliseconds=30 * k), *usage,
                       "train_rm.py: error: unrecognized arguments: --grad-accum-steps=8")
            tl.extend(tx + 1 * S, child_failed(tx + 1 * S, pod, "train_rm.py",
                      [(i * 8 + k, k, 2, info["pids"][k], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") for k in range(8)], info["agent"]))
            if attempt == 4:
                c.add(f"{pod}/container.log", tl.kube())
            elif attempt == 3:
                c.add(f"{pod}/container.previous.log", tl.kube())
        now = t0 + timedelta(minutes=6)
        c.add(f"{pod}/describe.txt", describe_pod(
            pod, ns, nodes[i], f"172.20.0.{12 + i}", ips[i], t0 - 30 * S,
            [f"training.kubeflow.org/job-name={job}"], "harbor.internal/alignment/rm-trainer:1.8.0",
            f"harbor.internal/alignment/rm-trainer@sha256:{_sha(rng)}",
            ["torchrun", "--nnodes=3", "--nproc-per-node=8", "train_rm.py", "--model=/models/llama3-8b", "--data=/data/prefs_v4",
             "--micro-batch-size=2", "--grad-accum-steps=8", "--lr=9e-6"],
            ["Waiting", "Reason:       CrashLoopBackOff"],
            last_state=["Terminated", "Reason:       Error", "Exit Code:    1", f"Started:      {rfc1123(t0 + 187 * S)}", f"Finished:     {rfc1123(t0 + 193 * S)}"],
            restarts=4, status="Running", controlled_by=f"PyTorchJob/{job}", now=now,
            events=[(t0 - 30 * S, "Normal", "Scheduled", "volcano", f"Successfully assigned {ns}/{pod} to {nodes[i]}"),
                    (t0 - 28 * S, "Warning", "FailedMount", "kubelet", 'MountVolume.SetUp failed for volume "rm-config" : configmap "rm-config" not found'),
                    (t0 - 12 * S, "Normal", "Pulled", "kubelet", 'Container image "harbor.internal/alignment/rm-trainer:1.8.0" already present on machine'),
                    (t0 + 193 * S, "Warning", "BackOff", "kubelet", "Back-off restarting failed container pytorch in pod " + pod + "_alignment")]))
    c.add("kubectl_get_pods.txt", get_pods([(p, "0/1", "CrashLoopBackOff", 4, "6m", ips[k], nodes[k]) for k, p in enumerate(pods)]))
    c.add(f"{pods[0]}/nccl_env_check.txt", [
        "$ kubectl exec rlhf-rm-master-0 -- env | grep NCCL",
        "NCCL_SOCKET_IFNAME=ib0",
        "NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3",
        "NCCL_DEBUG=WARN",
        "$ kubectl exec rlhf-rm-master-0 -- ip -br link | grep ib0",
        "ib0              UP             00:00:10:87:fe:80:00:00:00:00:00:00:b8:ce:f6:03:00:44:1a:92 <BROADCAST,MULTICAST,UP,LOWER_UP>"])
    return c


CASES = [ay01, ay02, ay03, ay05, ay07, ay08, ay09, ay10, ay11, ay30]
