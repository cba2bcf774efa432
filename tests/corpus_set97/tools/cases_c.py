"""Cases cp20-cp28 of set 97."""
import sys

sys.dont_write_bytecode = True

import random

from common import (A100_BUS, H100_BUS, Kern, Stream, T, add, boot_noise, child_failed, free_txt, glog,
                    ibstat, idle_noise, nvidia_smi_q, prefix, py_traceback, rdzv_result, sacct, t_ctime,
                    t_glog, t_iso, t_pylog, watchdog_timeout, xid_line)

PY = "/usr/local/lib/python3.10/dist-packages"


def _megatron_iter(dt, it, total, ms, lr, loss, gn, gbs=1024):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
            % (dt.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms, lr, gbs, loss, gn))


# ==========================================================================
# cp20: DataLoader workers OOM-killed inside the job's cgroup, on a different
#       node each attempt
# ==========================================================================
def cp20():
    rng = random.Random(97020)
    job = 660231
    files = {}
    plan = [(T(2024, 5, 6, 9, 0, 0), ["ga-n029", "ga-n030", "ga-n031", "ga-n032"], "ga-n031", 2, 3 * 3600 + 610, 51234),
            (T(2024, 5, 6, 13, 31, 12), ["ga-n027", "ga-n028", "ga-n029", "ga-n030"], "ga-n029", 2, 2 * 3600 + 3011, 48871)]
    for a, (t0, nodes, fnode, fidx, off, wpid) in enumerate(plan):
        frank = fidx * 4 + 3
        s = Stream()
        s.add(t0, "SLURM_JOB_ID=%d SLURM_RESTART_COUNT=%d nodes=%s mem=480G/node" % (job, a, ",".join(nodes)))
        s.add(add(t0, 30), "0: [rank0] dataset: CaptionDataset(index=/data/cc12m/index.json, in_memory=True) 11,873,004 samples; DataLoader(num_workers=16, prefetch_factor=8, persistent_workers=True)")
        for k in range(0, off, 900):
            ti = add(t0, 60 + k)
            s.add(ti, "0: [rank0] it %6d loss %.4f  lr %.2e  host_mem_used %.0f GiB" % (k // 0.8, 2.4 - k * 2e-5 + rng.uniform(-0.02, 0.02), 4e-4, 212 + k * 0.022))
        tf = add(t0, off)
        s.add(tf, prefix(py_traceback([
            ("/work/vlm/train.py", 190, "<module>", "main()"),
            ("/work/vlm/train.py", 151, "main", "for it, batch in enumerate(loader):"),
            (PY + "/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
            (PY + "/torch/utils/data/dataloader.py", 1329, "_next_data", "idx, data = self._get_data()"),
            (PY + "/torch/utils/data/dataloader.py", 1295, "_get_data", "success, data = self._try_get_data()"),
            (PY + "/torch/utils/data/dataloader.py", 1146, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e"),
        ], ["RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % wpid]), "%d: [rank%d]: " % (frank, frank)))
        s.add(add(tf, -0.2), "%d: [rank%d]: RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed." % (frank, frank, wpid))
        s.add(add(tf, 3), "slurmstepd: error: Detected 1 oom_kill event in StepId=%d.0. Some of the step tasks have been OOM Killed." % job)
        s.add(add(tf, 3.1), "srun: error: %s: task %d: Out Of Memory" % (fnode, frank))
        tw = add(tf, 600)
        for r in range(16):
            if r != frank and r % 3 == 0:
                s.add(add(tw, r * 0.02), prefix(watchdog_timeout(add(tw, r * 0.02), r, 44012 + a * 1000, "ALLREDUCE", 86000000, 600000, 600031 + r)[:1], "%d: " % r))
        files["attempt_%d/slurm-%d.out" % (a + 1, job)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 4, 29, 8, i, 0)
            k = Kern(n, boot, "dmesg_T")
            boot_noise(k, rng, boot, bus=A100_BUS, gpus=4)
            idle_noise(k, rng, t0, tw, 3)
            if n == fnode:
                to = add(tf, -1.2)
                cg = "/slurm/uid_4012/job_%d" % job
                k.add(to, "pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0")
                k.add(add(to, 0.001), "CPU: 41 PID: %d Comm: pt_data_worker Tainted: P           OE     5.15.0-105-generic #115-Ubuntu" % (wpid + 5))
                k.add(add(to, 0.002), "memory: usage 503316480kB, limit 503316480kB, failcnt %d" % (1841 + a * 77))
                k.add(add(to, 0.003), "swap: usage 0kB, limit 9007199254740988kB, failcnt 0")
                k.add(add(to, 0.004), "Memory cgroup stats for %s:" % cg)
                k.add(add(to, 0.005), "anon 498112479232")
                k.add(add(to, 0.006), "Tasks state (memory values in pages):")
                k.add(add(to, 0.007), "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")
                for w in range(4 * 16 + 4):
                    if w < 4:
                        k.add(add(to, 0.008), "[%7d]  4012 %7d %8d  %7d  %13d        0             0 python" % (wpid - 900 + w, wpid - 900 + w, 31881920, 4210112 + rng.randint(0, 90000), 41275392))
                    else:
                        k.add(add(to, 0.008), "[%7d]  4012 %7d %8d  %7d  %13d        0             0 pt_data_worker" % (wpid - 64 + w, wpid - 64 + w, 14180323, 7640112 + rng.randint(0, 90000), 61440000))
                k.add(add(to, 0.009), "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=%s,task_memcg=%s/step_0/task_%d,task=pt_data_worker,pid=%d,uid=4012" % (cg, cg, frank % 4, wpid))
                k.add(add(to, 0.010), "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:56721292kB, anon-rss:31250112kB, file-rss:71344kB, shmem-rss:0kB, UID:4012 pgtables:60000kB oom_score_adj:0" % wpid)
            files["attempt_%d/%s/dmesg.txt" % (a + 1, n)] = k.text()
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J vlm-pt -N 4 --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-task=32 --mem=480G --requeue
srun --label python /work/vlm/train.py --data /data/cc12m/index.json --in-memory \\
     --num-workers 16 --prefetch-factor 8 --persistent-workers --batch-size 256
"""
    files["data_notes.md"] = """# CaptionDataset
`--in-memory` parses the full index.json (28 GB on disk, ~29 GB of Python objects) in
`__init__`, so each DataLoader worker holds its own copy after the first touch of the
refcounts (copy-on-read). 4 ranks x 16 workers per node.
"""
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "Each attempt loses a DataLoader worker to SIGKILL, on ga-n031 the first time and on ga-n029 the second, on different node sets. The kernel reports CONSTRAINT_MEMCG inside the job's own cgroup at its 480G limit, and the task list holds only the job's python ranks and 64 pt_data_worker processes of about 29 GB each. With --in-memory, 16 workers and prefetch 8 per rank, host memory use grows until the cgroup fills; it is the job's data-loading settings, not a node.",
        "modelled_on": "https://github.com/open-mmlab/mmdetection/issues/2406",
    }
    return "cp20_dataloader_oomkill_moves_nodes", files, label


# ==========================================================================
# cp21: another user's processes fill one node's RAM; the kernel kills a rank
# ==========================================================================
def cp21():
    rng = random.Random(97021)
    nodes = ["ws-gpu-09", "ws-gpu-10", "ws-gpu-11", "ws-gpu-12"]
    bad = "ws-gpu-12"
    files = {}
    plan = [(T(2024, 8, 5, 19, 0, 0), 5 * 3600 + 1844, 27, 200331), (T(2024, 8, 6, 8, 15, 0), 3 * 3600 + 2207, 29, 341877)]
    for a, (t0, off, frank, fpid) in enumerate(plan):
        s = Stream()
        s.add(t0, "+ mpirun -np 32 -H ws-gpu-09:8,ws-gpu-10:8,ws-gpu-11:8,ws-gpu-12:8 --tag-output --bind-to none --map-by slot -x MASTER_ADDR=ws-gpu-09 -x MASTER_PORT=29511 python train_seg.py --cfg cfg/mask2former_swinl.yaml")
        for k in range(0, off, 1200):
            ti = add(t0, 80 + k)
            s.add(ti, "[1,0]<stdout>:[%s] iter %6d  loss %.4f  mIoU(ema) %.3f  %.2f s/iter" % (ti.strftime("%m/%d %H:%M:%S"), k // 1.3, 1.1 - k * 1e-5 + rng.uniform(-0.02, 0.02), 0.52 + k * 1e-6, 1.3))
        tf = add(t0, off)
        tw = add(tf, 600)
        for r in range(32):
            if r // 8 == 3 or rng.random() < 0.6:
                continue
            s.add(add(tw, r * 0.01), prefix(watchdog_timeout(add(tw, r * 0.01), r, 77121 + a * 11, "ALLREDUCE", 51200000, 600000, 600040 + r)[:1], "[1,%d]<stderr>:" % r))
        s.add(add(tf, 1), ["--------------------------------------------------------------------------",
                           "Primary job  terminated normally, but 1 process returned",
                           "a non-zero exit code. Per user-direction, the job has been aborted.",
                           "--------------------------------------------------------------------------"])
        s.add(add(tw, 3), ["--------------------------------------------------------------------------",
                           "mpirun noticed that process rank %d with PID %d on node %s exited on signal 9 (Killed)." % (frank, fpid, bad),
                           "--------------------------------------------------------------------------"])
        files["attempt_%d/mpirun.log" % (a + 1)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 7, 30, 9, i, 0)
            k = Kern(n, boot, "kern")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, t0, tw, 3)
            if n == bad:
                to = add(tf, -0.5)
                k.add(to, "python invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0")
                k.add(add(to, 0.001), "Mem-Info:")
                k.add(add(to, 0.002), "active_anon:125012233 inactive_anon:1002291 isolated_anon:0")
                k.add(add(to, 0.003), "Node 0 Normal free:1022844kB boost:0kB min:1026432kB low:1283040kB high:1539648kB")
                k.add(add(to, 0.004), "Free swap  = 0kB")
                k.add(add(to, 0.005), "Tasks state (memory values in pages):")
                k.add(add(to, 0.006), "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")
                for lr in range(8):
                    k.add(add(to, 0.007), "[%7d]  4012 %7d %8d %8d %14d        0             0 python" % (fpid - 3 + lr, fpid - 3 + lr, 29881920, 10308642 + rng.randint(0, 300000) if lr != 3 else 10981204, 88412160))
                for w in range(48):
                    p = 118000 + w * 3
                    k.add(add(to, 0.008), "[%7d] 10422 %7d %8d %8d %14d        0             0 python3" % (p, p, 2412019, 2015110 + rng.randint(0, 40000), 16510976))
                k.add(add(to, 0.009), "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-4012.slice/session-%d.scope,task=python,pid=%d,uid=4012" % (88 + a, fpid))
                k.add(add(to, 0.010), "Out of memory: Killed process %d (python) total-vm:119527680kB, anon-rss:43924816kB, file-rss:99012kB, shmem-rss:0kB, UID:4012 pgtables:86340kB oom_score_adj:0" % fpid)
            files["attempt_%d/%s/kern.log" % (a + 1, n)] = k.text()
    files["attempt_2/%s/ps.txt" % bad] = "$ ps -eo pid,user,lstart,rss,cmd --sort=-rss | head -12\n    PID USER                      STARTED      RSS CMD\n" + "".join(
        "%7d rchen    Sat Aug  3 22:41:%02d 2024 %d python3 dedup_shards.py --in /data/crawl-2024-07 --workers 48\n" % (118000 + w * 3, 10 + w % 50, 8060440 + w * 311) for w in range(8)) + \
        "  341870 mlops    Tue Aug  6 08:15:03 2024 41233880 python train_seg.py --cfg cfg/mask2former_swinl.yaml\n" + \
        "  341871 mlops    Tue Aug  6 08:15:03 2024 41002112 python train_seg.py --cfg cfg/mask2former_swinl.yaml\n" + \
        "$ ps -u rchen -o pid= | wc -l\n49\n"
    files["attempt_2/%s/free.txt" % bad] = free_txt(503, 497, 4)
    for n in nodes[:3]:
        files["attempt_2/%s/free.txt" % n] = free_txt(503, 331 + nodes.index(n), 60)
    files["attempt_2/%s/who.txt" % bad] = "$ loginctl list-sessions\nSESSION  UID USER  SEAT TTY\n     41 10422 rchen      pts/3\n     89  4012 mlops      \n"
    label = {
        "category": "host", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "Both runs lose a rank on ws-gpu-12 to SIGKILL (rank 27, then rank 29), and that node's kern.log shows a global OOM (CONSTRAINT_NONE) in each. The task dump and ps show 48 python3 dedup_shards.py processes of another user (uid 10422, rchen, running since Aug 3) holding about 380 GB, and free shows 497 of 503 GiB used on ws-gpu-12 against about 330 GiB on the other nodes. A foreign workload is starving that node's host memory: run without ws-gpu-12.",
        "modelled_on": "https://github.com/aws/aws-parallelcluster/issues/2701",
    }
    return "cp21_foreign_process_host_oom_same_node", files, label


# ==========================================================================
# cp22: Xid 74 NVLink errors on the same GPU in both attempts
# ==========================================================================
def cp22():
    rng = random.Random(97022)
    nodes = ["a100-pod3-n03", "a100-pod3-n04", "a100-pod3-n05", "a100-pod3-n06"]
    bad, gpu = "a100-pod3-n05", 1
    rank = 2 * 8 + gpu
    files = {}

    def dsl(dt, lvl, src, msg):
        return "[%s] [%s] [%s] %s" % (t_pylog(dt), lvl, src, msg)

    plan = [(T(2024, 2, 12, 10, 0, 0), 7 * 3600 + 14), (T(2024, 2, 12, 19, 40, 0), 1 * 3600 + 1402)]
    for a, (t0, off) in enumerate(plan):
        s = Stream()
        s.add(t0, dsl(t0, "INFO", "runner.py:568:main", "cmd = pdsh -S -f 1024 -w %s export NCCL_DEBUG=WARN; cd /home/nlp/t5x; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=... --node_rank=%%n --master_addr=a100-pod3-n03 --master_port=29500 train.py --deepspeed ds_z3.json" % ",".join(nodes)))
        if a == 1:
            s.add(add(t0, 60), "a100-pod3-n03: %s" % dsl(add(t0, 60), "INFO", "engine.py:3023:_get_all_zero_checkpoint_state_dicts", "successfully read 32 ZeRO state_dicts for rank 0"))
        for k in range(0, off, 900):
            ti = add(t0, 90 + k)
            s.add(ti, "a100-pod3-n03: %s" % dsl(ti, "INFO", "logging.py:96:log_dist", "[Rank 0] step=%d, skipped=0, lr=[0.0001], mom=[(0.9, 0.999)]" % (k // 1.7 + (0 if a == 0 else 15000))))
        tf = add(t0, off)
        p = "%s: " % bad
        s.add(tf, prefix(py_traceback([
            ("/home/nlp/t5x/train.py", 301, "<module>", "main()"),
            ("/home/nlp/t5x/train.py", 262, "main", "engine.backward(loss)"),
            ("/usr/local/lib/python3.10/dist-packages/deepspeed/utils/nvtx.py", 15, "wrapped_fn", "ret_val = func(*args, **kwargs)"),
            ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 1976, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
            ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage3.py", 2213, "backward", "self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)"),
        ], ["RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1"]), p + "[rank%d]: " % rank))
        for lr in (0, 3, 5):
            s.add(add(tf, 0.3 + lr * 0.01), p + "%s:%d:%d [%d] NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (bad, 40210 + lr, 40551 + lr, lr))
        tw = add(tf, 1800)
        for r in range(32):
            if r // 8 != 2 and rng.random() < 0.4:
                s.add(add(tw, r * 0.01), prefix(watchdog_timeout(add(tw, r * 0.01), r, 188201 + a * 3, "_ALLGATHER_BASE", 10485760, 1800000, 1800011 + r)[:1], "%s: " % nodes[r // 8]))
        for i, n in enumerate(nodes):
            s.add(add(tw, 4 + i * 0.1), "%s: %s" % (n, dsl(add(tw, 4 + i * 0.1), "ERROR", "launch.py:321:sigkill_handler", "['/usr/bin/python', '-u', 'train.py', '--local_rank=%d', '--deepspeed', 'ds_z3.json'] exits with return code = %d" % (gpu if n == bad else 0, 1 if n == bad else -6))))
        files["attempt_%d/deepspeed.log" % (a + 1)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 2, 5, 12, i, 0)
            k = Kern(n, boot, "kern")
            boot_noise(k, rng, boot, bus=A100_BUS)
            idle_noise(k, rng, t0, tw, 3)
            if n == bad:
                for j in range(2):
                    k.add(add(tf, -0.3 + j * 0.01), xid_line(A100_BUS[gpu], 74, 40211 + a * 3127, "python", "NVLink: fatal error detected on link %d(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (4 + j)))
                k.add(add(tf, 0.4), xid_line(A100_BUS[gpu], 45, 40211 + a * 3127, "python", "Ch 00000010, errorString CTX SWITCH TIMEOUT, Info 0x1c040"))
            if n == "a100-pod3-n03" and a == 0:
                k.add(add(t0, -2 * 86400), xid_line(A100_BUS[6], 13, 911022, "python3", "Graphics SM Warp Exception on (GPC 4, TPC 2, SM 0): Out Of Range Address"))
                k.add(add(t0, -2 * 86400 + 0.01), xid_line(A100_BUS[6], 13, 911022, "python3", "Graphics Exception: ESR 0x52c730=0x2000d 0x52c734=0x0 0x52c728=0xc81eb60 0x52c72c=0x1174"))
            files["attempt_%d/%s/kern.log" % (a + 1, n)] = k.text()
    nv = ["$ nvidia-smi nvlink -e -i 1", "GPU 1: NVIDIA A100-SXM4-80GB (UUID: GPU-7c1f9e20-0b3d-4b11-9e55-2d7e0a4f8c61)"]
    for l in range(12):
        bad_l = l in (4, 5)
        nv += ["\t Link %d: Replay Errors: %d" % (l, 31202 if l == 4 else (2877 if l == 5 else 0)),
               "\t Link %d: Recovery Errors: %d" % (l, 417 if l == 4 else (36 if l == 5 else 0)),
               "\t Link %d: CRC Errors: %d" % (l, 88 if bad_l else 0)]
    files["attempt_2/%s/nvlink-errors.txt" % bad] = "\n".join(nv) + "\n"
    files["ds_z3.json"] = '{"train_micro_batch_size_per_gpu": 8, "bf16": {"enabled": true}, "zero_optimization": {"stage": 3, "overlap_comm": true}}\n'
    label = {
        "category": "nvlink", "layer": "infrastructure", "culprit": {"node": bad, "rank": rank},
        "action": "restart_without_node",
        "rationale": "Both attempts end when rank 17 (a100-pod3-n05, GPU 1) raises 'uncorrectable NVLink error detected during the execution' in backward. That node's kern.log shows Xid 74 fatal NVLink errors on links 4 and 5 of PCI 0000:0f:00 each time, and nvidia-smi nvlink -e shows large replay and recovery counts on those links only. The Xid 13 on a100-pod3-n03 is an old application fault from another job, and the allgather timeouts are sympathetic.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/58155",
    }
    return "cp22_xid74_nvlink_follows_node", files, label


# ==========================================================================
# cp23: the job is slow in both attempts because one GPU thermally throttles
# ==========================================================================
def cp23():
    rng = random.Random(97023)
    job = 3310021
    nodes = ["hgx-e4-19", "hgx-e4-20", "hgx-e4-21", "hgx-e4-22"]
    bad, gpu = "hgx-e4-22", 5
    rank = 3 * 8 + gpu
    files = {}
    plan = [(T(2024, 6, 21, 6, 30, 0), 2500), (T(2024, 6, 21, 7, 35, 0), 3100)]
    for a, (t0, dur) in enumerate(plan):
        s = Stream()
        s.add(t0, "SLURM_JOB_ID=%d nodes=hgx-e4-[19-22]" % (job + a))
        s.add(add(t0, 5), "0: note: reference throughput for this config (job 3299105, hgx-e4-[05-08]) is ~5.2 s/iter")
        for it in range(10, dur // 9, 10):
            ti = add(t0, 120 + it * 9.1)
            s.add(ti, "31:" + _megatron_iter(ti, it + (0 if a == 0 else 270), 100000, 9100 + rng.uniform(-60, 60), 3e-4, 2.8 - it * 0.002, 0.4 + rng.uniform(-0.05, 0.05)))
            s.add(ti, "0: [%s.%03d] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %.2fW/%d | MxPwr/Rnk: %.2fW/%d | MnTmp/Rnk: %.2fC/%d | MxTmp/Rnk: %.2fC/%d | MnUtl/Rnk: %.2f%%/%d | MxUtl/Rnk: %.2f%%/%d | MnClk/Rnk: %.2fMHz/%d | MxClk/Rnk: %.2fMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d"
                  % (ti.strftime("%Y-%m-%d %H:%M:%S"), rng.randint(0, 999), 5040 + rng.uniform(0, 60), rng.choice([0, 3, 9, 14]), 9050 + rng.uniform(0, 90), rank,
                     380 + rng.uniform(0, 20), rank, 690 + rng.uniform(0, 9), rng.choice([2, 11, 17]), 57 + rng.randint(0, 2), rng.choice([1, 8, 20]),
                     88 + rng.randint(0, 2), rank, 54.0 + rng.uniform(0, 3), rng.choice([4, 12, 30]), 100.0, rank,
                     1095.0 + rng.choice([0, 15, 30]), rank, 1980.0, rng.choice([0, 6, 13]), 14.1 + rng.uniform(0, 0.3), rng.choice([2, 19]), 14.9 + rng.uniform(0, 0.4), rng.choice([7, 26]),
                     1.72 + rng.uniform(0, 0.02), rank, 3.01 + rng.uniform(0, 0.02), rng.choice([0, 5, 16])))
        te = add(t0, dur + 130)
        s.add(te, "slurmstepd: error: *** JOB %d ON hgx-e4-19 CANCELLED AT %s ***" % (job + a, t_iso(te)))
        files["attempt_%d/slurm-%d.out" % (a + 1, job + a)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 6, 14, 11, i, 0)
            k = Kern(n, boot, "dmesg_T")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, t0, te, 3)
            files["attempt_%d/%s/dmesg.txt" % (a + 1, n)] = k.text()
        if a == 1:
            for n in nodes:
                over = {g: {"util": 100, "temp": 56 + rng.randint(0, 5), "power": "%d.00 W" % (640 + rng.randint(0, 50)), "mem_used": 70110, "events": {"sw_power": "Active"}} for g in range(8)}
                if n == bad:
                    over[gpu] = {"util": 100, "temp": 89, "power": "391.40 W", "mem_used": 70110, "clk": "1095 MHz",
                                 "events": {"hw_slowdown": "Active", "hw_thermal": "Active", "sw_thermal": "Active"}}
                files["attempt_2/%s/nvidia-smi-q.txt" % n] = nvidia_smi_q(n, add(t0, 1800), rng=rng, over=over)
    files["attempt_2/%s/ipmi-sdr.txt" % bad] = """$ ipmitool sdr type Fan
FAN1A            | 30h | ok  | 29.1 | 11760 RPM
FAN1B            | 31h | ok  | 29.1 | 11480 RPM
FAN2A            | 32h | ok  | 29.2 | 11620 RPM
FAN2B            | 33h | ok  | 29.2 | 11340 RPM
FAN3A            | 34h | ok  | 29.3 | 11900 RPM
FAN3B            | 35h | ok  | 29.3 | 11620 RPM
FAN4A            | 36h | ok  | 29.4 | 11760 RPM
FAN4B            | 37h | ok  | 29.4 | 11480 RPM
FAN5A            | 38h | ok  | 29.5 | 11620 RPM
FAN5B            | 39h | ok  | 29.5 | 11760 RPM
FAN6A            | 3Ah | cr  | 29.6 | 0 RPM
FAN6B            | 3Bh | ok  | 29.6 | 12040 RPM
"""
    label = {
        "category": "straggler", "layer": "infrastructure", "culprit": {"node": bad, "rank": rank},
        "action": "restart_without_node",
        "rationale": "Both attempts run at about 9.1 s/iter against a 5.2 s reference, and Megatron's straggler report names rank 29 (hgx-e4-22, GPU 5) every time as max round-trip, max temperature (88-90 C), min power and min clock (about 1095 MHz). nvidia-smi on that GPU shows HW Slowdown and HW Thermal Slowdown Active at 89 C while its peers run at 56-61 C, and the node's fan FAN6A reads 0 RPM (critical). A hardware-throttled GPU is slowing the job: exclude hgx-e4-22.",
        "modelled_on": "https://github.com/mlfoundations/open_clip/issues/703",
    }
    return "cp23_thermal_straggler_follows_gpu", files, label


# ==========================================================================
# cp24: one node is slow in both attempts with nothing to show why
# ==========================================================================
def cp24():
    rng = random.Random(97024)
    files = {}
    bad = "g5n-0412"
    plan = [(T(2024, 11, 18, 1, 0, 0), ["g5n-0409", "g5n-0410", "g5n-0412", "g5n-0415"]),
            (T(2024, 11, 18, 4, 12, 0), ["g5n-0412", "g5n-0409", "g5n-0410", "g5n-0415"])]
    for a, (t0, nodes) in enumerate(plan):
        s = Stream()
        s.add(t0, "nodes (rank order): %s" % " ".join(nodes))
        bidx = nodes.index(bad)
        slow = list(range(bidx * 8, bidx * 8 + 8))
        for st in range(100, 1401, 100):
            ti = add(t0, 60 + st * 0.93)
            vals = {r: (812 if r in slow else 540) + rng.randint(-9, 9) for r in range(32)}
            order = sorted(range(32), key=lambda r: (-vals[r], r))
            top = ", ".join("%d (%dms)" % (r, vals[r]) for r in order[:5])
            s.add(ti, "0: [rank0] step %4d | loss %.4f | step_time %.0fms | fwd_bwd median %dms | slowest fwd_bwd: %s | allreduce_wait median %dms (ranks %d-%d: %dms)"
                  % (st, 2.1 - st * 1e-4 + rng.uniform(-0.01, 0.01), 930 + rng.uniform(-10, 10), 541 + rng.randint(-4, 4), top, 270 + rng.randint(-9, 9), slow[0], slow[-1], 2 + rng.randint(0, 3)))
        te = add(t0, 60 + 1400 * 0.93 + 20)
        s.add(te, "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s ***" % (7700120 + a, nodes[0], t_iso(te)))
        files["attempt_%d/slurm-%d.out" % (a + 1, 7700120 + a)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 11, 11, 7, i, 0)
            k = Kern(n, boot, "dmesg_T")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, t0, te, 4)
            files["attempt_%d/%s/dmesg.txt" % (a + 1, n)] = k.text()
            if a == 1:
                over = {g: {"util": 100, "temp": 55 + rng.randint(0, 5), "power": "%d.00 W" % (600 + rng.randint(0, 60)), "mem_used": 65012} for g in range(8)}
                files["attempt_2/%s/nvidia-smi-q.txt" % n] = nvidia_smi_q(n, add(t0, 900), rng=rng, over=over)
                files["attempt_2/%s/ibstat.txt" % n] = ibstat(n)
    files["attempt_2/%s/dcgmi-diag.txt" % bad] = """$ dcgmi diag -r 1
Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Deployment  --------+------------------------------------------------|
| Denylist                  | Pass                                           |
| NVML Library              | Pass                                           |
| CUDA Main Library         | Pass                                           |
| Permissions and OS Blocks | Pass                                           |
| Persistence Mode          | Pass                                           |
| Environment Variables     | Pass                                           |
| Page Retirement/Row Remap | Pass                                           |
| Graphics Processes        | Pass                                           |
| Inforom                   | Pass                                           |
+---------------------------+------------------------------------------------+
"""
    label = {
        "category": "straggler", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "run_diagnostics",
        "rationale": "In both attempts the slowest forward/backward ranks are exactly the eight ranks on g5n-0412 (ranks 16-23 first, then 0-7 after the node order changed), at about 810 ms against a 540 ms median, while every other rank waits about 270 ms in allreduce. The slowness follows the node, not a rank number. Its nvidia-smi (clocks, temperatures, no slowdown reasons), dmesg, ibstat and a short dcgmi run show nothing: a slow node with no visible cause, so run deeper diagnostics on it.",
        "modelled_on": "https://github.com/intelligent-machine-learning/dlrover/issues/678",
    }
    return "cp24_unexplained_straggler_same_node", files, label


# ==========================================================================
# cp25: a pod crash-loops on a GPU whose row remapping has failed
# ==========================================================================
def cp25():
    rng = random.Random(97025)
    node = "gke-ml-a100-pool-2-9c1e4f7a-kq2d"
    gpu = 2
    rank = 4 * 8 + gpu
    files = {}
    t0 = T(2024, 7, 15, 4, 0, 0)
    starts = [t0, add(t0, 4 * 3600 + 700), add(t0, 4 * 3600 + 1500), add(t0, 4 * 3600 + 2400)]
    for rc, ts in enumerate(starts):
        s = Stream()
        s.add(ts, rdzv_result(ts, 1, 0, "vit-g-master-0", 23456, 4, 5, 8))
        if rc == 0:
            for k in range(0, 4 * 3600 + 300, 1800):
                ti = add(ts, 60 + k)
                s.add(ti, "[rank%d]: step %d loss %.4f" % (32, 11000 + k // 1.3, 0.93 - k * 1e-6))
            tf = add(ts, 4 * 3600 + 311)
            where = [("/app/train_vit.py", 199, "<module>", "main()"), ("/app/train_vit.py", 160, "main", "scaler.scale(loss).backward()"),
                     (PY + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward(")]
        else:
            tf = add(ts, 21 + rc)
            where = [("/app/train_vit.py", 199, "<module>", "main()"), ("/app/train_vit.py", 87, "main", "model = build_model(cfg).cuda(local_rank)"),
                     (PY + "/torch/nn/modules/module.py", 911, "cuda", "return self._apply(lambda t: t.cuda(device))")]
        s.add(tf, prefix(py_traceback(where, ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                                              "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                                              "For debugging consider passing CUDA_LAUNCH_BLOCKING=1"]), "[rank%d]: " % rank))
        s.add(add(tf, 1), glog(add(tf, 1), "E", 1, "torch/distributed/elastic/multiprocessing/api.py:833",
                               "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (gpu, 70 + rc * 9)))
        files["%s/vit-g-worker-3.restart-%d.log" % (node, rc)] = s.text()
    for wnode, pod in (("gke-ml-a100-pool-2-9c1e4f7a-m81x", "vit-g-master-0"), ("gke-ml-a100-pool-2-9c1e4f7a-p0vd", "vit-g-worker-0")):
        s = Stream()
        s.add(t0, rdzv_result(t0, 1, 0, "vit-g-master-0", 23456, 0 if "master" in pod else 1, 5, 8))
        tw = add(t0, 4 * 3600 + 311 + 1800)
        for lr in (0, 4):
            s.add(add(tw, lr * 0.01), watchdog_timeout(add(tw, lr * 0.01), (0 if "master" in pod else 8) + lr, 66120, "ALLREDUCE", 1024000, 1800000, 1800044)[:2])
        files["%s/%s.log" % (wnode, pod)] = s.text()
    boot = T(2024, 7, 8, 2, 0, 0)
    k = Kern(node, boot, "dmesg_T")
    boot_noise(k, rng, boot, bus=A100_BUS)
    idle_noise(k, rng, t0, add(starts[-1], 300), 4)
    tf0 = add(starts[0], 4 * 3600 + 311)
    k.add(add(tf0, -0.4), xid_line(A100_BUS[gpu], 48, 88213, "python", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1."))
    k.add(add(tf0, -0.3), xid_line(A100_BUS[gpu], 64, "'<unknown>'", "<unknown>", "Row Remapper: Row remapping failed, all spare rows for the bank are in use."))
    for rc in (1, 2, 3):
        k.add(add(starts[rc], 20 + rc), xid_line(A100_BUS[gpu], 48, 90000 + rc, "python", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1."))
    files["%s/dmesg.txt" % node] = k.text()
    files["%s/nvidia-smi-q.txt" % node] = nvidia_smi_q(node, add(starts[-1], 200), bus=A100_BUS, product="NVIDIA A100-SXM4-80GB",
                                                        rng=rng, over={gpu: {"v_dram_ue": "4", "a_dram_ue": "11", "rr_ue": "8", "rr_fail": "Yes",
                                                                             "rr_max": "632", "rr_partial": "7", "rr_none": "1"}})
    files["kubectl-get-pods.txt"] = """$ kubectl -n vision get pods -o wide
NAME             READY   STATUS             RESTARTS       AGE     IP            NODE
vit-g-master-0   1/1     Running            1 (66m ago)    5h10m   10.60.1.12    gke-ml-a100-pool-2-9c1e4f7a-m81x
vit-g-worker-0   1/1     Running            1 (66m ago)    5h10m   10.60.4.7     gke-ml-a100-pool-2-9c1e4f7a-p0vd
vit-g-worker-1   1/1     Running            1 (66m ago)    5h10m   10.60.2.31    gke-ml-a100-pool-2-9c1e4f7a-t7sw
vit-g-worker-2   1/1     Running            1 (66m ago)    5h10m   10.60.6.19    gke-ml-a100-pool-2-9c1e4f7a-w5jh
vit-g-worker-3   0/1     CrashLoopBackOff   3 (2m ago)     5h10m   10.60.3.4     gke-ml-a100-pool-2-9c1e4f7a-kq2d
"""
    label = {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": node, "rank": rank},
        "action": "restart_without_node",
        "rationale": "vit-g-worker-3 crash-loops and every container start dies with 'uncorrectable ECC error encountered' on rank 34 (local GPU 2): first mid-training, then right at model placement. Its node shows Xid 48 double-bit errors and an Xid 64 row-remapping failure on PCI 0000:47:00, and nvidia-smi -q reports 'Remapping Failure Occurred: Yes' with a bank out of spare rows. The GPU's memory can no longer be repaired; the other pods are only waiting. Move the job off that node.",
        "modelled_on": "https://github.com/aws/eks-node-monitoring-agent/issues/245",
    }
    return "cp25_row_remap_failure_crashloop", files, label


# ==========================================================================
# cp26: the requeue is resubmitted on fewer nodes than the parallel layout needs
# ==========================================================================
def cp26():
    rng = random.Random(97026)
    files = {}
    n1 = ["nvl-r3-%02d" % i for i in range(1, 9)]
    n2 = ["nvl-r3-01", "nvl-r3-02", "nvl-r3-03", "nvl-r3-04", "nvl-r3-07", "nvl-r3-08"]
    t0 = T(2024, 12, 9, 0, 0, 0)
    s = Stream()
    s.add(t0, "SLURM_JOB_ID=992001 SLURM_NNODES=8")
    s.add(add(t0, 20), "0: using world size: 64, data-parallel size: 2, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 4 ")
    for it in range(100, 11901, 500):
        ti = add(t0, 200 + it * 7.2)
        s.add(ti, "63:" + _megatron_iter(ti, 30000 + it, 150000, 7200 + rng.uniform(-30, 30), 2.5e-4, 1.9 - it * 1e-5, 0.2 + rng.uniform(-0.02, 0.02), gbs=2048))
    tc = add(t0, 200 + 12000 * 7.2)
    s.add(tc, "0: saving checkpoint at iteration    42000 to /lustre/ckpt/llm-70b in torch_dist format")
    s.add(add(tc, 88), "0:   successfully saved checkpoint from iteration    42000 to /lustre/ckpt/llm-70b [ t 1/8, p 1/4 ]")
    te = add(t0, 86400)
    s.add(te, "slurmstepd: error: *** JOB 992001 ON nvl-r3-01 CANCELLED AT %s DUE TO TIME LIMIT ***" % t_iso(te))
    files["attempt_1/slurm-992001.out"] = s.text()
    files["attempt_1/job.sbatch"] = """#!/bin/bash
#SBATCH -J llm70b -N 8 --ntasks-per-node=8 --gpus-per-node=8 -t 24:00:00
srun --label python pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 \\
  --num-layers 80 --hidden-size 8192 --num-attention-heads 64 --seq-length 4096 --micro-batch-size 1 \\
  --global-batch-size 2048 --train-iters 150000 --load /lustre/ckpt/llm-70b --save /lustre/ckpt/llm-70b --bf16
"""
    files["attempt_2/job.sbatch"] = files["attempt_1/job.sbatch"].replace("-N 8", "-N 6").replace("-t 24:00:00", "-t 24:00:00\n# only 6 nodes free in the partition tonight; shrink and keep going (was -N 8)")
    t2 = add(te, 3 * 3600 + 411)
    s = Stream()
    s.add(t2, "SLURM_JOB_ID=992377 SLURM_NNODES=6")
    tf = add(t2, 24)
    for r in range(48):
        if r % 8 in (0, 5):
            s.add(add(tf, r * 0.01), prefix(py_traceback([
                ("/opt/megatron-lm/pretrain_gpt.py", 246, "<module>", "pretrain("),
                ("/opt/megatron-lm/megatron/training/training.py", 228, "pretrain", "initialize_megatron("),
                ("/opt/megatron-lm/megatron/training/initialize.py", 57, "initialize_megatron", "validate_args(args, args_defaults)"),
                ("/opt/megatron-lm/megatron/training/arguments.py", 92, "validate_args", "assert args.world_size % model_parallel_size == 0, 'world size ({}) is not divisible by tensor model parallel size ({}) times pipeline model parallel size ({})'.format("),
            ], ["AssertionError: world size (48) is not divisible by tensor model parallel size (8) times pipeline model parallel size (4)"]), "%d: " % r))
    s.add(add(tf, 2), "srun: error: nvl-r3-01: tasks 0-7: Exited with exit code 1")
    s.add(add(tf, 2.1), "srun: error: nvl-r3-02: tasks 8-15: Exited with exit code 1")
    s.add(add(tf, 2.2), "srun: error: nvl-r3-07: tasks 32-39: Exited with exit code 1")
    s.add(add(tf, 2.3), "srun: error: nvl-r3-03: tasks 16-23: Exited with exit code 1")
    s.add(add(tf, 2.4), "srun: error: nvl-r3-08: tasks 40-47: Exited with exit code 1")
    s.add(add(tf, 2.5), "srun: error: nvl-r3-04: tasks 24-31: Exited with exit code 1")
    files["attempt_2/slurm-992377.out"] = s.text()
    for nodes, folder, ta, tb in ((n1, "attempt_1", t0, te), (n2, "attempt_2", t2, add(tf, 10))):
        for i, n in enumerate(nodes):
            boot = T(2024, 12, 1, 3, i, 0)
            k = Kern(n, boot, "dmesg_T")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, ta, tb, 3)
            if n == "nvl-r3-07" and folder == "attempt_2":
                for j in range(6):
                    tj = add(t2, -3000 + j * 410)
                    k.add(tj, "pcieport 0000:97:01.0: AER: Corrected error received: 0000:98:00.0")
                    k.add(add(tj, 0.001), "nvidia 0000:98:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)")
                    k.add(add(tj, 0.002), "nvidia 0000:98:00.0:   device [10de:2330] error status/mask=00000001/0000e000")
                    k.add(add(tj, 0.003), "nvidia 0000:98:00.0:    [ 0] RxErr                  (First)")
            files["%s/%s/dmesg.txt" % (folder, n)] = k.text()
    files["sacct.txt"] = sacct([
        ("992001", "llm70b", "gpu", "TIMEOUT", "0:0", t_iso(t0), t_iso(te), "nvl-r3-[01-08]"),
        ("992377", "llm70b", "gpu", "FAILED", "1:0", t_iso(t2), t_iso(add(tf, 3)), "nvl-r3-[01-04,07-08]"),
    ])
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The first job ended normally at its time limit after saving iteration 42000. The follow-up was resubmitted with -N 6 (48 GPUs) while keeping TP=8 x PP=4 = 32, and every rank fails in validate_args with 'world size (48) is not divisible by tensor model parallel size (8) times pipeline model parallel size (4)'. The corrected PCIe errors on nvl-r3-07 are noise. A configuration error that no restart can fix: use 8 (or 4) nodes or change the layout.",
        "modelled_on": "https://github.com/modelscope/ms-swift/issues/3739",
    }
    return "cp26_world_size_tp_mismatch_after_resize", files, label


# ==========================================================================
# cp27: the same host panics on a machine check in both attempts
# ==========================================================================
def cp27():
    rng = random.Random(97027)
    job = 66120
    nodes = ["gpu-h-0915", "gpu-h-0916", "gpu-h-0917", "gpu-h-0918"]
    bad = "gpu-h-0917"
    ips = {n: "10.2.9.%d" % (15 + i) for i, n in enumerate(nodes)}
    files = {}
    plan = [(T(2024, 6, 10, 8, 0, 0), 6 * 3600 + 1222), (T(2024, 6, 10, 15, 2, 0), 3 * 3600 + 407)]
    sel = ["$ ipmitool sel elist | tail -n 12"]
    ctld = []
    for a, (t0, off) in enumerate(plan):
        tf = add(t0, off)
        s = Stream()
        s.add(t0, "SLURM_JOB_ID=%d SLURM_RESTART_COUNT=%d SLURM_JOB_NODELIST=gpu-h-[0915-0918]" % (job, a))
        for k in range(0, off, 1200):
            ti = add(t0, 80 + k)
            s.add(ti, "0: [%s] step %d  loss %.4f  lr 3.0e-4  tokens/s %d" % (ti.strftime("%H:%M:%S"), k // 1.1 + (0 if a == 0 else 18000), 2.31 - k * 1e-5, 1270000 + rng.randint(-9000, 9000)))
        for r in range(32):
            if r // 8 == 2 or rng.random() < 0.6:
                continue
            lr = r % 8
            h = "%s:%d:%d [%d]" % (nodes[r // 8], 71000 + lr, 71400 + lr, lr)
            tr = add(tf, 19 + rng.uniform(0, 2))
            s.add(tr, "%d: %s transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (r, h, ips[bad], 40000 + rng.randint(0, 999), ips[nodes[r // 8]], ips[bad], lr // 2))
        s.add(add(tf, 62), "srun: error: Node failure on %s" % bad)
        s.add(add(tf, 62.5), "slurmstepd: error: *** STEP %d.0 ON gpu-h-0915 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (job, t_iso(add(tf, 62))))
        s.add(add(tf, 63), "srun: error: gpu-h-0915: tasks 0-7: Killed")
        s.add(add(tf, 63.1), "srun: error: gpu-h-0916: tasks 8-15: Killed")
        s.add(add(tf, 63.2), "srun: error: gpu-h-0918: tasks 24-31: Killed")
        files["attempt_%d/slurm-%d.out" % (a + 1, job)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 6, 3, 6, i, 0) if not (n == bad and a == 1) else add(plan[0][0], plan[0][1] + 95)
            k = Kern(n, boot, "kern")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, t0, add(tf, 120), 3)
            if n == bad:
                k.add(add(tf, -40), "mce: [Hardware Error]: Machine check events logged")
                k.add(add(tf, -39.9), "EDAC skx MC3: HANDLING MCE MEMORY ERROR")
                k.add(add(tf, -39.8), "EDAC MC3: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x2f4e1b offset:0x2c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:1 rank:0 bg:1 ba:2 row:0x1a3c1 col:0x2c0)")
                k.add(tf, "mce: [Hardware Error]: CPU 54: Machine Check Exception: 5 Bank 17: bd80000000100134")
                k.add(add(tf, 0.001), "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa0a3b2c4> {copy_user_enhanced_fast_string+0x14/0x30}")
                k.add(add(tf, 0.002), "mce: [Hardware Error]: TSC 61d2c8e1a04b7 ADDR 2f4e1b2c0 MISC 200000c000011086")
                k.add(add(tf, 0.003), "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 6c microcode 2b000571" % (1718006400 + off + a * 25200))
                k.add(add(tf, 0.004), "mce: [Hardware Error]: Run the above through 'mcelog --ascii'")
                k.add(add(tf, 0.005), "mce: [Hardware Error]: Machine check: Data load in unrecoverable area of kernel")
                k.add(add(tf, 0.006), "Kernel panic - not syncing: Fatal machine check")
                k.add(add(tf, 0.007), "Kernel Offset: 0x1f000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)")
            files["attempt_%d/%s/kern.log" % (a + 1, n)] = k.text()
        sel.append("  %x | %s | Memory #0x87 | Correctable ECC (@DIMM B3 (CPU2)) | Asserted" % (0x1a0 + a * 4, add(tf, -40).strftime("%m/%d/%Y | %H:%M:%S")))
        sel.append("  %x | %s | Memory #0x87 | Uncorrectable ECC (@DIMM B3 (CPU2)) | Asserted" % (0x1a1 + a * 4, tf.strftime("%m/%d/%Y | %H:%M:%S")))
        sel.append("  %x | %s | Critical Interrupt #0x31 | Bus Uncorrectable error | Asserted" % (0x1a2 + a * 4, add(tf, 0.4).strftime("%m/%d/%Y | %H:%M:%S")))
        sel.append("  %x | %s | System Boot Initiated #0xe0 | System Restart | Asserted" % (0x1a3 + a * 4, add(tf, 95).strftime("%m/%d/%Y | %H:%M:%S")))
        ctld.append("[%s.118] error: Nodes %s not responding" % (t_iso(add(tf, 61)), bad))
        ctld.append("[%s.120] requeue job JobId=%d due to failure of node %s" % (t_iso(add(tf, 62)), job, bad))
        ctld.append("[%s.011] Requeuing JobId=%d" % (t_iso(add(tf, 62)), job))
        ctld.append("[%s.431] Node %s now responding" % (t_iso(add(tf, 590)), bad))
        ctld.append("[%s.431] node %s returned to service" % (t_iso(add(tf, 591)), bad))
    files["%s/sel.txt" % bad] = "\n".join(sel) + "\n"
    files["slurmctld-excerpt.log"] = "\n".join(ctld) + "\n"
    files["sacct.txt"] = sacct([
        ("%d" % job, "llm-cpt", "gpu", "NODE_FAIL", "0:0", t_iso(plan[0][0]), t_iso(add(plan[0][0], plan[0][1] + 62)), "gpu-h-[0915-0918]"),
        ("%d" % job, "llm-cpt", "gpu", "NODE_FAIL", "0:0", t_iso(plan[1][0]), t_iso(add(plan[1][0], plan[1][1] + 62)), "gpu-h-[0915-0918]"),
    ])
    label = {
        "category": "host", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "Both attempts end in NODE_FAIL on gpu-h-0917. Its kern.log ends each time with a Machine Check Exception in an unrecoverable kernel area and 'Kernel panic - not syncing: Fatal machine check', preceded by corrected EDAC errors on the same channel. The BMC SEL logs an uncorrectable ECC on DIMM B3 (CPU2) at both panic times. The other nodes' NET/IB status=12 errors toward 10.2.9.17 are sympathetic, and Slurm returned the node to service after each reboot: requeue without gpu-h-0917.",
        "modelled_on": "https://github.com/openstreetmap/operations/issues/1364",
    }
    return "cp27_mce_host_panic_both_attempts", files, label


# ==========================================================================
# cp28: one GPU's ECC failure burns every elastic restart; the others see the
#       rendezvous closed
# ==========================================================================
def cp28():
    rng = random.Random(97028)
    job = 5120777
    nodes = ["dgxh-0304", "dgxh-0305", "dgxh-0306", "dgxh-0307"]
    bad, gpu = "dgxh-0306", 7
    rank = 2 * 8 + gpu
    files = {}
    t0 = T(2025, 3, 3, 12, 0, 0)
    s = Stream()
    pid = {n: 30001 + i * 13 for i, n in enumerate(nodes)}
    API = "torch/distributed/elastic/agent/server/api.py"
    tt = t0
    fails = [2 * 3600 + 918, 47, 44]
    for restart in range(3):
        for i, n in enumerate(nodes):
            rc = restart if n == bad else 0
            s.add(add(tt, 2 + i * 0.1), rdzv_result(add(tt, 2 + i * 0.1), pid[n], rc, nodes[0], 29500, i, 4, 8), "%d: " % i)
        ts = add(tt, 60)
        if restart == 0:
            for k in range(0, fails[0] - 120, 900):
                ti = add(ts, k)
                s.add(ti, "0: [rank0] it %6d | loss %.4f | grad_norm %.3f | %.2f it/s" % (k // 0.6, 1.71 - k * 1e-5 + rng.uniform(-0.01, 0.01), 0.3 + rng.uniform(-0.05, 0.05), 1.67))
            tf = add(tt, fails[0])
            frames = [("/opt/app/train.py", 402, "<module>", "main()"), ("/opt/app/train.py", 355, "main", "optimizer.step()")]
        else:
            tf = add(tt, fails[restart])
            s.add(add(tf, -20), "0: [rank0] resuming from /ckpt/rl-policy/step_12000 ...")
            frames = [("/opt/app/train.py", 402, "<module>", "main()"), ("/opt/app/train.py", 301, "main", "model = FSDP(model, device_id=torch.cuda.current_device(), **fsdp_kwargs)")]
        s.add(tf, prefix(py_traceback(frames, ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                                               "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                                               "For debugging consider passing CUDA_LAUNCH_BLOCKING=1"]), "2: [rank%d]: " % rank))
        te = add(tf, 1.3)
        s.add(te, glog(te, "E", pid[bad], "torch/distributed/elastic/multiprocessing/api.py:833",
                       "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (gpu, 50000 + restart * 100 + gpu)), "2: ")
        if restart < 2:
            s.add(add(te, 0.1), glog(add(te, 0.1), "I", pid[bad], API + ":889", "[default] Worker group FAILED. %d/2 attempts left; will restart worker group" % (2 - restart)), "2: ")
            s.add(add(te, 0.2), glog(add(te, 0.2), "I", pid[bad], API + ":677", "[default] Rendezvous'ing worker group"), "2: ")
            for i, n in enumerate(nodes):
                if n == bad:
                    continue
                s.add(add(te, 3 + i * 0.1), glog(add(te, 3 + i * 0.1), "I", pid[n], API + ":907", "[default] Detected 1 new nodes from group_rank=%d; will restart worker group" % i), "%d: " % i)
                s.add(add(te, 3.1 + i * 0.1), glog(add(te, 3.1 + i * 0.1), "I", pid[n], API + ":699", "[default] Stopping worker group"), "%d: " % i)
                s.add(add(te, 6 + i * 0.1), glog(add(te, 6 + i * 0.1), "I", pid[n], API + ":677", "[default] Rendezvous'ing worker group"), "%d: " % i)
        else:
            s.add(add(te, 0.2), glog(add(te, 0.2), "I", pid[bad], API + ":699", "[default] Stopping worker group"), "2: ")
            s.add(add(te, 0.4), child_failed("/opt/app/train.py", bad, [(rank, gpu, "1", 50000 + restart * 100 + gpu)], "2025-03-03_%s" % te.strftime("%H:%M:%S")), "2: ")
            for i, n in enumerate(nodes):
                if n == bad:
                    continue
                s.add(add(te, 3 + i * 0.1), glog(add(te, 3 + i * 0.1), "I", pid[n], API + ":907", "[default] Detected 1 new nodes from group_rank=%d; will restart worker group" % i), "%d: " % i)
                s.add(add(te, 6 + i * 0.1), glog(add(te, 6 + i * 0.1), "I", pid[n], API + ":677", "[default] Rendezvous'ing worker group"), "%d: " % i)
                s.add(add(te, 6.5 + i * 0.1), [
                    "Traceback (most recent call last):",
                    '  File "/usr/local/bin/torchrun", line 8, in <module>',
                    "    sys.exit(main())",
                    '  File "%s/torch/distributed/elastic/agent/server/api.py", line 907, in _invoke_run' % PY,
                    "    self._restart_workers(self._worker_group)",
                    '  File "%s/torch/distributed/elastic/agent/server/api.py", line 705, in _restart_workers' % PY,
                    "    self._initialize_workers(worker_group)",
                    '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1123, in next_rendezvous' % PY,
                    "    self._op_executor.run(join_op, deadline, self._get_deadline)",
                    '  File "%s/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 648, in run' % PY,
                    "    raise RendezvousClosedError",
                    "torch.distributed.elastic.rendezvous.api.RendezvousClosedError",
                ], "%d: " % i)
                s.add(add(te, 7 + i * 0.1), "srun: error: %s: task %d: Exited with exit code 1" % (n, i))
            s.add(add(te, 7.5), "srun: error: %s: task 2: Exited with exit code 1" % bad)
        tt = add(te, 8)
    files["slurm-%d.out" % job] = s.text()
    for i, n in enumerate(nodes):
        boot = T(2025, 2, 24, 6, i, 0)
        k = Kern(n, boot, "dmesg_raw")
        boot_noise(k, rng, boot)
        idle_noise(k, rng, t0, tt, 4)
        if n == bad:
            tf0 = add(t0, fails[0])
            k.add(add(tf0, -0.5), xid_line(H100_BUS[gpu], 94, 50007, "python", "Contained: SM (0x1). RST: No, D-RST: No"))
            k.add(add(tf0, -0.3), xid_line(H100_BUS[gpu], 48, 50007, "python", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 11, subpartition 0."))
            k.add(add(tf0, -0.2), xid_line(H100_BUS[gpu], 95, 50007, "python", "Uncontained: FBHUB. RST: Yes, D-RST: No"))
            k.add(add(tf0, -0.1), xid_line(H100_BUS[gpu], 63, "'<unknown>'", "<unknown>", "Row Remapper: New row marked for remapping, reset gpu to activate."))
            k.add(add(tf0, 100), xid_line(H100_BUS[gpu], 95, 50107, "python", "Uncontained: FBHUB. RST: Yes, D-RST: No"))
            k.add(add(tf0, 150), xid_line(H100_BUS[gpu], 95, 50207, "python", "Uncontained: FBHUB. RST: Yes, D-RST: No"))
        files["%s/dmesg.txt" % n] = k.text()
    label = {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": bad, "rank": rank},
        "action": "restart_without_node",
        "rationale": "The loud errors are RendezvousClosedError on dgxh-0304/0305/0307, but they only follow dgxh-0306's agent using up its restarts (2/2, 1/2, then ChildFailedError) and closing the rendezvous. Each of its three attempts dies on rank 23 (local GPU 7) with 'uncorrectable ECC error encountered', the later ones right at FSDP wrap. Its dmesg shows Xid 48 DBE and Xid 94/95 (uncontained, reset required) with a row remap pending on PCI 0000:db:00. Restart without dgxh-0306.",
        "modelled_on": "https://github.com/intelligent-machine-learning/dlrover/issues/450",
    }
    return "cp28_xid48_rendezvous_closed_after_restarts", files, label


CASES = [cp20, cp21, cp22, cp23, cp24, cp25, cp26, cp27, cp28]
