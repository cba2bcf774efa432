"""OOM, storage, network, environment and healthy cases."""
from lib import (Bundle, T, add, glog, pylog, bracket, dmesg_T, syslog, rng, watchdog_timeout, child_failed_box,
                 torchrun_header, sacct, nvsmi_table, nccl_boot, PCI)


def oom_own_seq(name):
    b = Bundle(name)
    nodes = ["h100-a%02d" % i for i in range(1, 5)]
    t = T("2024-11-19 13:20:44.310")
    b.add("ticket.txt", [
        "Slack #gpu-oncall  Tue 2024-11-19 13:40 UTC",
        "Our long-context continuation run OOMs on the first step on all nodes. The 4k run with the same setup",
        "worked fine last week on these nodes. Logs + the config diff.",
    ])
    for i, n in enumerate(nodes):
        L = torchrun_header(add(t, -95), 4, 8, "h100-a01:29500", "lc-%d" % 770123)
        L.append("[default0]:%s INFO fsdp: sharding_strategy=FULL_SHARD, activation_checkpointing=False, seq_len=16384, micro_batch=2" % pylog(add(t, -20)))
        for lr in range(8):
            rk = i * 8 + lr
            free = 1.31 + (lr % 3) * 0.07
            L += ["[default%d]:[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory 71.82 GiB is allocated by PyTorch, and 4.66 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                  % (lr, rk, lr, free, 79.11 - free - 0.5)]
        L.append("E%s torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (add(t, 4).strftime("%m%d %H:%M:%S.%f"), 5100 + i))
        b.add("%s/torchrun.log" % n, L)
    b.add("config.diff", ["--- configs/cpt_8b_4k.yaml", "+++ configs/cpt_8b_16k.yaml", "@@ -3,7 +3,7 @@",
                          "-seq_len: 4096", "+seq_len: 16384", "   micro_batch: 2",
                          "-activation_checkpointing: true", "+activation_checkpointing: false   # faster",
                          "   sharding: FULL_SHARD"])
    b.add("h100-a03/nvidia-smi_before_launch.txt", nvsmi_table(T("2024-11-19 13:18:00"), [dict(temp=31, pwr=71, used=1, util=0) for _ in range(8)], []))
    b.label("oom", "framework", None, "stop",
            "All 32 ranks run out of memory on the first step, each process itself holding ~77 GiB with no other process on the GPUs; the config went to 16k sequence length and turned activation checkpointing off, so this is the job's own memory footprint.",
            "https://github.com/simplescaling/s1/issues/106")
    return b


def dataloader_oomkill(name):
    b = Bundle(name)
    pods = ["vid-mae-worker-%d" % i for i in range(4)]
    hosts = ["k8s-l40s-03", "k8s-l40s-05", "k8s-l40s-06", "k8s-l40s-09"]
    t = T("2024-11-21 07:55:12")
    b.add("ticket.txt", [
        "PAGE #4441  Thu 2024-11-21 08:20 UTC",
        "video-mae job died: 'DataLoader worker is killed by signal: Killed' on worker-2, and worker-0 had a restart",
        "earlier with the same thing. Is k8s-l40s-06 bad? kubectl describe + dmesg from the two nodes attached.",
    ])
    for w, (p, h) in enumerate(zip(pods, hosts)):
        L = ["%s INFO  train: world=32 num_workers=16 prefetch_factor=8 decode=cpu frames=32 res=224 persistent_workers=True" % pylog(add(t, -9000))]
        if w in (0, 2):
            tk = add(t, -4100) if w == 0 else t
            L += ["[rank%d]: Traceback (most recent call last):" % (w * 8 + 1),
                  "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 1243, in _try_get_data" % (w * 8 + 1),
                  "[rank%d]:     data = self._data_queue.get(timeout=timeout)" % (w * 8 + 1),
                  "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py\", line 73, in handler" % (w * 8 + 1),
                  "[rank%d]:     _error_if_any_worker_fails()" % (w * 8 + 1),
                  "[rank%d]: RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % (w * 8 + 1, 4412 + w),
                  "%s ERROR launcher: local rank 1 exited with code 1" % pylog(add(tk, 1))]
        b.add("pods/%s.log" % p, L)
    for h, tk, pid in ((hosts[0], add(t, -4100), 4412), (hosts[2], t, 4414)):
        b.add("nodes/%s/dmesg.txt" % h, [
            "%s python invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=969" % dmesg_T(add(tk, -0.5)),
            "%s memory: usage 251658240kB, limit 251658240kB, failcnt 18812" % dmesg_T(add(tk, -0.5)),
            "%s Memory cgroup stats for /kubepods/burstable/pod9f1c/3e0a:" % dmesg_T(add(tk, -0.5)),
            "%s oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=3e0a,mems_allowed=0-1,oom_memcg=/kubepods/burstable/pod9f1c,task_memcg=/kubepods/burstable/pod9f1c/3e0a,task=pt_data_worker,pid=%d,uid=1000" % (dmesg_T(tk), pid),
            "%s Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:38211044kB, anon-rss:14122860kB, file-rss:98212kB, shmem-rss:2210020kB, UID:1000 pgtables:31644kB oom_score_adj:969" % (dmesg_T(tk), pid)])
    b.add("kubectl_describe_pod_vid-mae-worker-2.txt", [
        "Name:             vid-mae-worker-2", "Node:             k8s-l40s-06/10.42.0.66", "Containers:", "  pytorch:",
        "    Limits:", "      memory:          240Gi", "      nvidia.com/gpu:  8", "    Requests:", "      memory:          240Gi",
        "    Last State:     Terminated", "      Reason:       Error", "      Exit Code:    1",
        "Events:", "  Type     Reason     Age   From     Message", "  ----     ------     ----  ----     -------",
        "  Warning  OOMKilling 24m   kernel   Memory cgroup out of memory: Killed process 4414 (pt_data_worker)"])
    b.label("oom", "framework", None, "stop",
            "DataLoader workers on two different pods were killed by the memory-cgroup OOM killer inside the job's own 240Gi limit (16 workers x prefetch 8 of 32-frame CPU-decoded clips); no other tenant is involved, so the job's loader settings must change.",
            "https://github.com/pytorch/pytorch/issues/8976")
    return b


def oom_other_tenant(name):
    b = Bundle(name)
    nodes = ["gpu-p%02d" % i for i in range(1, 7)]
    bad, bad_gpu = "gpu-p05", 2
    bad_rank = nodes.index(bad) * 8 + bad_gpu
    t = T("2024-11-22 10:03:51.004")
    b.add("ticket.txt", [
        "Ticket HPC-20960  Fri 2024-11-22 10:30 (Europe/London)",
        "Job 911834 died after 20 minutes: one rank OOM, then the NCCL stuff. Same config ran for days on other nodes.",
        "Slurm output, nvidia-smi the health check took on gpu-p05 after the job, ps output, and sacct attached.",
    ])
    L = []
    ts = add(t, -1200)
    for s in range(100, 320, 20):
        L.append("0: %s | step %d | loss %.3f | tok/s %d | max_mem_alloc 58.4GiB" % (pylog(ts), s, 2.31 - s * 1e-4, 381000))
        ts = add(ts, 110)
    k = nodes.index(bad)
    L.append("%d: %s | ERROR | rank %d | exception in train_step at step 309, see traceback" % (k, pylog(t), bad_rank))
    L += ["%d: [rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU %d has a total capacity of 79.11 GiB of which 1.19 GiB is free. Process 88123 has 18.41 GiB memory in use. Including non-PyTorch memory, this process has 59.02 GiB memory in use. Of the allocated memory 55.90 GiB is allocated by PyTorch, and 1.61 GiB is reserved by PyTorch but unallocated." % (k, bad_rank, bad_gpu)]
    for j in range(6):
        if j == k:
            continue
        L += ["%d: %s" % (j, x) for x in watchdog_timeout(j * 8, add(t, 600.1 + j * 0.05), 30772, "_REDUCE_SCATTER_BASE", 33554432, 600000)[:2]]
    fails = [dict(rank=0, host="gpu-p01", local_rank=0, exitcode=-6, pid=70001, ts=add(t, 603.0)),
             dict(rank=bad_rank, host=bad, local_rank=bad_gpu, exitcode=1, pid=70042, ts=add(t, 604.1))]
    L += ["0: %s" % x for x in child_failed_box("pretrain.py", fails, fails[0])]
    b.add("slurm-911834.out", L)
    gp = [dict(temp=33, pwr=72, used=4, util=0) for _ in range(8)]
    gp[bad_gpu] = dict(temp=47, pwr=161, used=18852, util=38)
    b.add("%s/nvidia-smi_after_job.txt" % bad, nvsmi_table(T("2024-11-22 10:16:40"), gp, [(bad_gpu, 88123, "/home/jdoe/venvs/vllm/bin/python3", 18850)]))
    b.add("%s/ps_88123.txt" % bad, ["    PID USER     ELAPSED CMD",
                                    "  88123 jdoe    3-02:11:47 /home/jdoe/venvs/vllm/bin/python3 -m vllm.entrypoints.openai.api_server --model /scratch/jdoe/qwen2-7b --gpu-memory-utilization 0.22 --port 8011",
                                    "# jdoe has no running slurm job on gpu-p05 (squeue -u jdoe -w gpu-p05: empty); job 897001 ended 2024-11-19 08:02"])
    b.add("sacct.txt", sacct([("911834", "pretrain", "h100", "lm", "768", "FAILED", "1:0", "2024-11-22T09:43:30", "2024-11-22T10:14:12", "gpu-p[01-06]")]))
    b.label("oom", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
            "Only rank 34 (gpu-p05 GPU 2) ran out of memory because a stray vLLM server from another user (pid 88123, left over from a job that ended three days ago) holds 18 GiB on that GPU; the other ranks' timeouts and torchrun's root cause on rank 0 are consequences.",
            "https://github.com/ai4d-iasc/trixie/issues/92")
    return b


def lustre_quota(name):
    b = Bundle(name)
    nodes = ["gpu-s%02d" % i for i in range(1, 9)]
    t = T("2024-11-20 23:00:14.211")
    b.add("ticket.txt", [
        "PAGE #4435  Wed 2024-11-20 23:20 UTC",
        "mixtral-ft crashed exactly when it tried to save the step-10000 checkpoint. Every node errors. Is Lustre down?",
        "Attached slurm output and what `lfs quota` says for our project.",
    ])
    L = ["0: [%s] iteration    10000/   40000 | elapsed time per iteration (ms): 2201.4 | lm loss: 1.402311E+00 | grad norm: 0.311 |" % bracket(add(t, -6)),
         "0: saving checkpoint at iteration   10000 to /lustre/proj/mixtral-ft/ckpt in torch_dist format"]
    for k in range(8):
        rk = k * 8 + 2
        L += ["%d: [rank%d]: Traceback (most recent call last):" % (k, rk),
              "%d: [rank%d]:   File \"/opt/megatron/megatron/core/dist_checkpointing/strategies/filesystem_async.py\", line 212, in write_preloaded_data" % (k, rk),
              "%d: [rank%d]:     with open(file_name, \"wb\") as stream:" % (k, rk),
              "%d: [rank%d]: OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/mixtral-ft/ckpt/iter_0010000/__%d_0.distcp'" % (k, rk, rk)]
    for k in (3, 6):
        L += ["%d: %s" % (k, x) for x in watchdog_timeout(k * 8, add(t, 600.4), 610044, "ALLGATHER", 64, 600000)[:2]]
    b.add("slurm-909102.out", L)
    b.add("lfs_quota.txt", ["$ lfs quota -h -p 4127 /lustre",
                            "Disk quotas for prj 4127 (pid 4127):",
                            "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                            "        /lustre  200.1T*   180T    200T       -  1218831       0       0       -",
                            "$ lfs df -h /lustre | tail -1", "filesystem_summary:         4.1P        2.7P        1.4P  66% /lustre"])
    b.add("gpu-s04/dmesg_tail.txt", ["%s LustreError: 11-0: lfs01-OST0021-osc-ffff8e0c: operation ost_write to node 10.4.0.33@o2ib failed: rc = -122" % dmesg_T(add(t, 0.2))])
    b.label("storage", "infrastructure", None, "stop",
            "Every node fails the step-10000 checkpoint write with EDQUOT; lfs quota shows the project at its 200T hard limit while the filesystem itself has 1.4P free. A restart would hit the same wall until space is freed or the quota raised.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    return b


def object_store_503(name):
    b = Bundle(name)
    r = rng(3725)
    pods = ["dino-v2-worker-%d" % i for i in range(4)]
    t = T("2024-11-24 14:09:31")
    b.add("ticket.txt", [
        "PAGE #4460  Sun 2024-11-24 14:30 UTC",
        "dino-v2-g job failed on all four pods with S3 errors while streaming shards. Also the storage team posted an",
        "incident at the same time (pasted below). Can we just resubmit?",
    ])
    for w, p in enumerate(pods):
        L = []
        ts = add(t, -300)
        for k in range(3):
            L.append("%s WARNING streaming: retry %d/5 GET s3://vision-shards/lvd142m/train/shard-%06d.tar: An error occurred (SlowDown) when calling the GetObject operation (reached max retries: 4): Please reduce your request rate." % (pylog(add(ts, k * 40 + w * 3)), k + 1, 41000 + w * 97 + k))
        L += ["[rank%d]: Traceback (most recent call last):" % (w * 8 + 4),
              "[rank%d]:   File \"/opt/dino/data/s3stream.py\", line 88, in _fetch" % (w * 8 + 4),
              "[rank%d]: botocore.exceptions.ClientError: An error occurred (503) when calling the GetObject operation (reached max retries: 4): Service Unavailable" % (w * 8 + 4),
              "%s ERROR launcher: rank %d exited with code 1" % (pylog(add(t, w * 1.7)), w * 8 + 4)]
        b.add("pods/%s.log" % p, L)
    b.add("storage_incident.txt", ["[status.lab] INCIDENT 2024-11-24 13:58 UTC - object store gateway s3-west (minio) returning 503/SlowDown",
                                   "  13:58 elevated 503 rates on all buckets behind s3-west after a gateway node lost 2 of 4 disks pools; rebalancing",
                                   "  14:41 error rates back to baseline; monitoring",
                                   "  15:05 RESOLVED"])
    b.add("kubectl_get_pods.txt", ["NAME               READY   STATUS   RESTARTS   AGE", "dino-v2-worker-0   0/1     Error    0          6h2m",
                                   "dino-v2-worker-1   0/1     Error    0          6h2m", "dino-v2-worker-2   0/1     Error    0          6h2m",
                                   "dino-v2-worker-3   0/1     Error    0          6h2m"])
    b.label("storage", "infrastructure", None, "restart",
            "All four pods fail within seconds reading different shards from the shared object store with SlowDown/503, during a posted s3-west gateway incident that resolved at 14:41; a transient shared-storage outage, so resubmit once it is healthy.",
            "https://github.com/huggingface/datatrove/issues/302")
    return b


def ib_switch(name):
    b = Bundle(name)
    r = rng(3726)
    nodes = ["a100-n%03d" % i for i in range(201, 225)]
    leaf = {n: ("ib-leaf-07" if 208 <= int(n[-3:]) <= 216 else ("ib-leaf-06" if int(n[-3:]) < 208 else "ib-leaf-08")) for n in nodes}
    t = T("2024-11-23 02:41:17.220")
    b.add("ticket.txt", [
        "PAGE #4451  Sat 2024-11-23 03:05 UTC",
        "gpt-neox-20b (24 nodes) died at 02:41 with NCCL IB errors printed by lots of nodes at the same time. Attached:",
        "one console per node, the UFM event log the network team sent, and the rack/leaf map.",
    ])
    for i, n in enumerate(nodes):
        L = []
        if i == 0:
            ts = add(t, -400)
            for it in range(88100, 88140, 10):
                L.append(" %s iteration %8d/  150000 | elapsed time per iteration (ms): %.1f | lm loss: %.6E |" % (bracket(ts), it, 9600 + r.uniform(-80, 80), 1.88 + r.uniform(-0.02, 0.02)))
                ts = add(ts, 96)
        if leaf[n] == "ib-leaf-07":
            for lr in (1, 4):
                L.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.30.2.%d<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:10.30.2.%d remoteGids::ffff:10.30.2.%d hca mlx5_%d"
                         % (n, 30000 + lr, 30400 + lr, lr, r.randint(1, 60), 40000 + lr, i, r.randint(1, 60), lr))
                L.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (n, 30000 + lr, 30400 + lr, lr))
            L.append("[rank%d]:[%s %d ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (i * 8 + 1, glog(add(t, 0.4 + i * 0.01)), 30001, i * 8 + 1))
        else:
            L += watchdog_timeout(i * 8, add(t, 600.3 + i * 0.02), 7810311, "ALLREDUCE", 50331648, 600000)[:2]
        b.add("consoles/%s.log" % n, L)
    b.add("ufm_events.txt", ["2024-11-23 02:41:15.902 [CRITICAL] Switch ib-leaf-07 (GUID 0xfc6a1c0300e41a80) : Module ASIC temperature critical, switch reset initiated",
                             "2024-11-23 02:41:16.120 [WARNING] Link down: ib-leaf-07/P1..P18 (18 ports, 9 hosts a100-n208..a100-n216)",
                             "2024-11-23 02:41:16.130 [WARNING] Link down: ib-leaf-07/P19..P36 uplinks to ib-spine-01..04",
                             "2024-11-23 02:44:02.551 [INFO] Switch ib-leaf-07 back online, SM sweep completed, 36/36 ports Active",
                             "2024-11-23 02:47:30.004 [INFO] Fan tray 2 on ib-leaf-07 reported RPM back in range"])
    b.add("leaf_map.csv", ["node,leaf"] + ["%s,%s" % (n, leaf[n]) for n in nodes])
    b.label("network", "infrastructure", None, "restart",
            "Nine nodes all hanging off ib-leaf-07 report IB completion errors within the same second, immediately after UFM logs that leaf switch resetting with all its host and uplink ports down; the rest only time out later. A fabric event rather than one node, and the switch was back up by 02:44.",
            "https://github.com/NVIDIA/nccl/issues/1405")
    return b


def flashattn_import(name):
    b = Bundle(name)
    pods = ["llava-ft-worker-%d" % i for i in range(3)]
    b.add("ticket.txt", [
        "Slack #gpu-oncall  Tue 2024-11-19 08:05 UTC",
        "After the nightly image rebuild (tag 2024.11.19) our llava fine-tune fails at import on every pod. Yesterday's",
        "tag works. Pod logs + `pip list` diff attached.",
    ])
    for w, p in enumerate(pods):
        L = ["Collecting environment... torch 2.5.1+cu124, cuda 12.4, driver 550.90.07",
             "Traceback (most recent call last):",
             "  File \"/app/llava/train/train_mem.py\", line 1, in <module>",
             "    from llava.train.train import train",
             "  File \"/app/llava/model/language_model/llava_llama.py\", line 23, in <module>",
             "    from flash_attn import flash_attn_func",
             "  File \"/opt/conda/lib/python3.10/site-packages/flash_attn/__init__.py\", line 3, in <module>",
             "    from flash_attn.flash_attn_interface import (",
             "  File \"/opt/conda/lib/python3.10/site-packages/flash_attn/flash_attn_interface.py\", line 10, in <module>",
             "    import flash_attn_2_cuda as flash_attn_cuda",
             "ImportError: /opt/conda/lib/python3.10/site-packages/flash_attn_2_cuda.cpython-310-x86_64-linux-gnu.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
             "E1119 07:51:%02d.%06d 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 41) of binary: /opt/conda/bin/python" % (12 + w, 114000 + w * 911)]
        b.add("pods/%s.log" % p, L)
    b.add("pip_list.diff", ["--- image 2024.11.18", "+++ image 2024.11.19", "-torch==2.4.1+cu124", "+torch==2.5.1+cu124",
                            " flash-attn==2.6.3   (wheel cached from builder layer, built against torch 2.4)", "-torchvision==0.19.1", "+torchvision==0.20.1"])
    b.add("kubectl_get_pods.txt", ["NAME                READY   STATUS             RESTARTS      AGE   NODE",
                                   "llava-ft-worker-0   0/1     CrashLoopBackOff   5 (40s ago)   7m    k8s-a100-03",
                                   "llava-ft-worker-1   0/1     CrashLoopBackOff   5 (38s ago)   7m    k8s-a100-08",
                                   "llava-ft-worker-2   0/1     CrashLoopBackOff   5 (41s ago)   7m    k8s-a100-11"])
    b.label("dependency", "framework", None, "stop",
            "Every pod on three different nodes fails importing flash_attn_2_cuda with an undefined c10 symbol right after the image moved to torch 2.5.1 while keeping a flash-attn wheel built for torch 2.4; an ABI mismatch in the image, not a node problem.",
            "https://github.com/Dao-AILab/flash-attention/issues/966")
    return b


def socket_ifname(name):
    b = Bundle(name)
    nodes = ["hgx-j%02d" % i for i in range(1, 5)]
    t = T("2024-11-18 12:30:02.400")
    b.add("ticket.txt", [
        "Ticket HPC-20920  Mon 2024-11-18 12:45 CET",
        "New launch script for the speech model; job fails at the first collective on all 4 nodes with an NCCL",
        "'invalid usage'. The previous script worked on these same nodes. Script + slurm output attached.",
    ])
    b.add("launch.sh", ["#!/bin/bash", "# copied env block from the old cluster's template",
                        "export NCCL_SOCKET_IFNAME=eth1", "export NCCL_IB_HCA=mlx5", "export NCCL_DEBUG=WARN",
                        "export GLOO_SOCKET_IFNAME=eth1",
                        "torchrun --nnodes=$SLURM_NNODES --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:29500 train_asr.py \"$@\""])
    L = []
    for k, n in enumerate(nodes):
        L.append("%d: %s:%d:%d [0] NCCL INFO NCCL_SOCKET_IFNAME set by environment to eth1" % (k, n, 6100 + k, 6100 + k))
        L.append("%d: %s:%d:%d [0] bootstrap.cc:77 NCCL WARN Bootstrap : no socket interface found" % (k, n, 6100 + k, 6100 + k))
        L.append("%d: %s:%d:%d [0] NCCL INFO init.cc:1855 -> 5" % (k, n, 6100 + k, 6100 + k))
        rk = k * 8
        L += ["%d: [rank%d]: Traceback (most recent call last):" % (k, rk),
              "%d: [rank%d]:   File \"/work/asr/train_asr.py\", line 96, in setup" % (k, rk),
              "%d: [rank%d]:     dist.barrier()" % (k, rk),
              "%d: [rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, invalid usage (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % (k, rk),
              "%d: [rank%d]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library." % (k, rk),
              "%d: [rank%d]: Last error:" % (k, rk),
              "%d: [rank%d]: Bootstrap : no socket interface found" % (k, rk)]
    L.append("srun: error: hgx-j02: task 1: Exited with exit code 1")
    b.add("slurm-900417.out", L)
    b.add("hgx-j03_ip_link.txt", ["1: lo: <LOOPBACK,UP,LOWER_UP> mtu 65536 state UNKNOWN", "2: eno1np0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 9000 state UP",
                                  "3: eno2np1: <BROADCAST,MULTICAST> mtu 1500 state DOWN", "4: ibp24s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 state UP",
                                  "5: ibp41s0: <BROADCAST,MULTICAST,UP,LOWER_UP> mtu 4092 state UP", "6: docker0: <NO-CARRIER,BROADCAST,MULTICAST,UP> mtu 1500 state DOWN"])
    b.label("user_code", "script", None, "stop",
            "The job's own launch script sets NCCL_SOCKET_IFNAME=eth1, an interface none of these nodes have (they use eno1np0/ibp*), so NCCL bootstrap finds no socket interface on all four nodes; fix the launch config instead of retrying.",
            "https://github.com/marin-community/marin/issues/6940")
    return b


def healthy_timelimit(name):
    b = Bundle(name)
    r = rng(3729)
    t_end = T("2024-11-23 18:00:07")
    b.add("ticket.txt", [
        "Slack #gpu-oncall  Sat 2024-11-23 18:30 UTC",
        "My 48h job got killed and the output ends with a bunch of NCCL/watchdog errors and SIGTERM. Did a node die?",
        "Attached the .out and sacct. Need to know if I should file a hardware ticket before I resubmit.",
    ])
    L = ["Lightning: GPU available: True (cuda), used: True", "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]"]
    ts = add(t_end, -1800)
    step = 412100
    while ts < t_end:
        L.append("Epoch 11:  %d%%|#####     | %d/%d [1:41:%02d<1:29:01, %.2fit/s, v_num=7, train_loss=%.3f, lr=6.2e-05]" % (52 + (step - 412100) // 900, step % 20000, 20000, (step // 30) % 60, 3.31 + r.uniform(-0.02, 0.02), 1.731 + r.uniform(-0.02, 0.02)))
        L.append("Epoch 11, global step %d: 'val/loss' was not in top 3" % step) if step % 1500 == 0 else None
        step += 300
        ts = add(ts, 90)
    L.append("slurmstepd: error: *** STEP 896650.0 ON gpu-t01 CANCELLED AT 2024-11-23T18:00:07 DUE TO TIME LIMIT ***")
    L.append("slurmstepd: error: *** JOB 896650 ON gpu-t01 CANCELLED AT 2024-11-23T18:00:07 DUE TO TIME LIMIT ***")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("[rank: 0] Received SIGTERM: 15")
    L.append("Bypassing SIGTERM: 15")
    for rk in (3, 9, 14):
        L.append("[rank%d]:[%s %d ProcessGroupNCCL.cpp:1168] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL destroyed  communicator on CUDA device %d" % (rk, glog(add(t_end, 3), "W"), 2200 + rk, rk, rk % 8))
    L.append("[rank11]:[%s 2211 ProcessGroupNCCL.cpp:1567] [PG ID 0 PG GUID 0(default_pg) Rank 11] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer" % glog(add(t_end, 4), "W"))
    L.append("%s:%d:%d [2] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gpu-t02<41292>" % ("gpu-t01", 9921, 9990))
    L.append("srun: error: gpu-t02: task 1: Terminated")
    L.append("srun: error: gpu-t01: task 0: Terminated")
    L.append("srun: Force Terminated StepId=896650.0")
    b.add("slurm-896650.out", [x for x in L if x])
    b.add("sacct.txt", sacct([("896650", "vitdet-l", "a100", "vision", "128", "TIMEOUT", "0:0", "2024-11-21T18:00:03", "2024-11-23T18:00:38", "gpu-t[01-02]"),
                              ("896650.bat+", "batch", "", "vision", "64", "CANCELLED", "0:15", "2024-11-21T18:00:03", "2024-11-23T18:00:39", "gpu-t01"),
                              ("896650.0", "python", "", "vision", "128", "CANCELLED", "0:15", "2024-11-21T18:00:04", "2024-11-23T18:00:39", "gpu-t[01-02]")]))
    b.add("job.sbatch", ["#!/bin/bash", "#SBATCH -J vitdet-l -N 2 --gpus-per-node=8 --ntasks-per-node=8", "#SBATCH -t 48:00:00", "#SBATCH -p a100",
                         "srun python train_net.py --config-file configs/vitdet_l.py --num-gpus 8 --num-machines 2"])
    b.label("unknown", "framework", None, "none",
            "Training was progressing normally right up to 18:00:07, when Slurm cancelled the job at its 48-hour time limit (sacct TIMEOUT). The NCCL and TCPStore messages are just the ranks tearing down after SIGTERM, so there is no fault; resubmit from the last checkpoint.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/20542")
    return b


def elastic_recovered(name):
    b = Bundle(name)
    r = rng(3730)
    nodes = ["k8s-h100-31", "k8s-h100-32", "k8s-h100-33"]
    t0 = T("2024-11-24 02:00:05")
    b.add("ticket.txt", [
        "Auto-ticket from job-watcher  Sun 2024-11-24 10:12 UTC",
        "Job 'sam2-ft' had 1 worker-group restart (torchelastic). Job state now: Succeeded. Please confirm no action needed.",
        "Attached: torchrun logs of the 3 workers, kubectl events, node dmesg tails.",
    ])
    for w, n in enumerate(nodes):
        L = torchrun_header(t0, 3, 8, "sam2-ft-worker-0:29400", "sam2ft", max_restarts=3)
        if w == 2:
            L.append("I%s torch/distributed/elastic/agent/server/api.py:677] [default] Rendezvous'ing worker group" % add(t0, 1).strftime("%m%d %H:%M:%S.%f"))
            L.append("W%s torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1218] The node 'sam2-ft-worker-2_41_0' has failed to join the rendezvous 'sam2ft' within the timeout; pulling image took 16m02s" % add(t0, 962).strftime("%m%d %H:%M:%S.%f"))
        else:
            L.append("E%s torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1171] The rendezvous 'sam2ft' timed out waiting for 3 nodes (got 2): last call timeout" % add(t0, 901).strftime("%m%d %H:%M:%S.%f"))
            L.append("W%s torch/distributed/elastic/agent/server/api.py:704] [default] Worker group FAILED. 3/3 attempts left; will restart worker group" % add(t0, 902).strftime("%m%d %H:%M:%S.%f"))
        L.append("I%s torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:" % add(t0, 975).strftime("%m%d %H:%M:%S.%f"))
        L += ["  restart_count=1", "  master_addr=sam2-ft-worker-0", "  master_port=29400", "  group_rank=%d" % w, "  group_world_size=3",
              "  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]", "  role_ranks=%s" % list(range(w * 8, w * 8 + 8)), "  global_ranks=%s" % list(range(w * 8, w * 8 + 8)),
              "  role_world_sizes=[24, 24, 24, 24, 24, 24, 24, 24]", "  global_world_sizes=[24, 24, 24, 24, 24, 24, 24, 24]", ""]
        t_done = add(t0, 975 + 12 * 2290 + 60)
        if w == 0:
            ts = add(t0, 975 + 2290)
            for ep in range(0, 12):
                L.append("[default0]:%s INFO sam2: epoch %d done  loss=%.4f  mIoU=%.3f  time/epoch=%ds" % (pylog(ts), ep, 0.412 - ep * 0.012 + r.uniform(-0.005, 0.005), 0.61 + ep * 0.011, 2290 + r.randint(-30, 30)))
                ts = add(ts, 2290)
            L.append("[default0]:%s INFO sam2: training complete, final checkpoint /ckpt/sam2-ft/final.pt" % pylog(add(t_done, -5)))
        L.append("I%s torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % add(t_done, 10).strftime("%m%d %H:%M:%S.%f"))
        L.append("I%s torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % add(t_done, 11).strftime("%m%d %H:%M:%S.%f"))
        L.append("I%s torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.41 seconds" % add(t_done, 12).strftime("%m%d %H:%M:%S.%f"))
        b.add("workers/sam2-ft-worker-%d.log" % w, L)
    b.add("kubectl_get_events.txt", ["LAST SEEN   TYPE      REASON      OBJECT                  MESSAGE",
                                     "7h12m       Normal    Pulling     pod/sam2-ft-worker-2    Pulling image \"registry.lab/vision/sam2:2024.11.23\"",
                                     "6h56m       Normal    Pulled      pod/sam2-ft-worker-2    Successfully pulled image in 16m2.114s (16m2.114s including waiting). Image size: 24.1GB",
                                     "6h56m       Normal    Started     pod/sam2-ft-worker-2    Started container pytorch",
                                     "3m          Normal    Completed   pytorchjob/sam2-ft      PyTorchJob sam2-ft is successfully completed."])
    b.add("nodes/k8s-h100-32_dmesg_tail.txt", ["%s NVRM: Xid (PCI:0000:ba:00): 31, pid=120933, name=python, Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC7 GPCCLIENT_T1_13 faulted @ 0x7f10_4a000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % dmesg_T(T("2024-11-19 15:20:01")),
                                               "%s IPv4: martian source 10.42.11.255 from 10.42.11.3, on dev cali5e1d" % dmesg_T(T("2024-11-24 03:44:19"))])
    b.label("unknown", "framework", None, "none",
            "The only failure was the first rendezvous timing out because worker-2 spent 16 minutes pulling the image; torchelastic restarted the group once and the job trained all 12 epochs and finished SUCCEEDED. The Xid 31 on k8s-h100-32 is five days old and unrelated.",
            "https://github.com/pytorch/pytorch/issues/76198")
    return b
