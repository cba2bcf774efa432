"""Cases bv21-bv29."""

import random

from common import (PCI, PY, TB_URL, TRAIN_FRAMES_TOP, cuda_error_exc, dt, hostlist, py_traceback, sacct, sec,
                    smi_q, smi_q_gpu, smi_table, ts_c10, ts_iso, ts_py, watchdog_cuda_error, watchdog_timeout)
from kit import Bundle, Run, ip_of, sig_abrt_tb
from parts import (dmesg_base, fresh_lines, ib_completion_err, ib_err_followups, progress, render_dmesg,
                   requeue_wrapper, resume_lines, slurm_out, srun_kill_lines, xid_line)
from cases_a import _oom_msg


# =====================================================================================
def case21():
    """CUDA OOM on gpu-q11 GPU 0 in both attempts: a forgotten Jupyter kernel holds 41 GiB there."""
    rng = random.Random(7721)
    b = Bundle()
    jobid = "88120"
    bad = "gpu-q11"
    plan = [(["gpu-q03", "gpu-q11", "gpu-q12", "gpu-q14"], dt("2024-11-04 10:00:00")),
            (["gpu-q11", "gpu-q02", "gpu-q05", "gpu-q14"], dt("2024-11-04 10:07:40"))]
    rows = []
    foreign = 3321877
    for ai, (nodes, t0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), 24000)
        t = progress(r, t, 24000, 24000, 1, 1.3, 100000, rng, ckpt_every=0)
        tf = t + sec(4.2)
        lr = 0
        frames = TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 418, "train", "loss = model(batch).loss"),
                                     ("%s/torch/nn/modules/module.py" % PY, 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                                     ("/workspace/llm/model.py", 212, "forward", "h = self.mlp(self.norm2(h)) + h"),
                                     ("/workspace/llm/model.py", 141, "forward", "return self.w2(F.silu(self.w1(x)) * self.w3(x))")]
        msg = ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.75 GiB. GPU 0 has a total capacity of 79.11 GiB of which 1.13 GiB is free. Process %d has 41.20 GiB memory in use. Process %d has 36.75 GiB memory in use. Of the allocated memory 33.02 GiB is allocated by PyTorch, and 2.31 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (foreign, r.pids[bad][0])]
        r.addr(bad, lr, tf, py_traceback("", frames, msg))
        r.fail_local(bad, tf + sec(0.6), (lr, 1, TB_URL), [])
        for o in nodes:
            if o != bad:
                olr = rng.randrange(8)
                r.addp(o, olr, tf + sec(1.6), [ib_completion_err(o, r.pids[o][olr], olr, ip_of(bad), my_ip=ip_of(o))] + ib_err_followups(o, r.pids[o][olr], olr))
                r.sigterm_agent(o, tf + sec(4.0))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = srun_kill_lines(jobid, nodes, bad, tf + sec(2.2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    gpus = [dict(temp=33, pwr=141, mem=42191 if i == 0 else 0, util=0) for i in range(8)]
    b.put("%s/nvidia-smi.txt" % bad, smi_table(tf + sec(120), gpus, procs=[(0, foreign, "/home/jlee/miniconda3/envs/dev/bin/python", 42180)]))
    b.put("%s/ps.txt" % bad, ["$ ps -o user,pid,lstart,etime,rss,args -p %d" % foreign,
                              "USER         PID                  STARTED     ELAPSED   RSS COMMAND",
                              "jlee     %d Sat Nov  2 16:41:09 2024  1-17:26:31 9122340 /home/jlee/miniconda3/envs/dev/bin/python -m ipykernel_launcher -f /home/jlee/.local/share/jupyter/runtime/kernel-4f1c2e0b-77a3-41d7-9b2a-5d0c3f6a91e2.json" % foreign])
    b.put("gpu-q14/nvidia-smi.txt", smi_table(tf + sec(121), [dict(temp=31 + i % 3, pwr=72, mem=0, util=0) for i in range(8)]))
    label = {
        "category": "oom", "layer": "infrastructure", "culprit": {"node": bad, "rank": 0},
        "action": "restart_without_node",
        "rationale": "In both attempts only gpu-q11 local GPU 0 (rank 8, then rank 0 after the node moved to the front) runs out of memory on its first step, and the OOM message names another process (pid 3321877) holding 41.2 GiB; nvidia-smi/ps show it is a user's Jupyter kernel started two days earlier, outside the job. The same model fits on every other GPU.",
        "modelled_on": "https://github.com/apache/mxnet/issues/6798",
    }
    return "bv21_cuda_oom_on_one_gpu_each_attempt", b, label


# =====================================================================================
def case22():
    """Host OOM killer takes data-loader workers on several nodes in both attempts: num_workers x shuffle buffer."""
    rng = random.Random(7722)
    b = Bundle()
    jobid = "89004"
    plan = [(["gpu-x01", "gpu-x02", "gpu-x03", "gpu-x04"], dt("2024-11-11 07:00:00"), 0),
            (["gpu-x06", "gpu-x07", "gpu-x09", "gpu-x10"], dt("2024-11-11 08:02:10"), 500)]
    boot = dt("2024-11-09 00:00:00")
    rows = []
    for ai, (nodes, t0, s0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng, script="train_mm.py")
        r.startup()
        r.addp(nodes[0], 0, t0 + sec(18), "%s - train - INFO - data: num_workers=16 prefetch_factor=8 shuffle_buffer=2000000 (per worker, in memory) persistent_workers=True" % ts_py(t0 + sec(18)))
        t = fresh_lines(r, t0 + sec(20), "configs/mm_pretrain.yaml") if s0 == 0 else resume_lines(r, t0 + sec(20), s0, "/lustre/mm/ckpt/mm-3b")
        sf = s0 + rng.randint(600, 900)
        t = progress(r, t, s0, sf, 20, 2.4, 40000, rng, ckpt_every=500, ckpt_dir="/lustre/mm/ckpt/mm-3b")
        tf = t + sec(3)
        victims = rng.sample(nodes, 3)
        for k, h in enumerate(sorted(victims, key=nodes.index)):
            lr = rng.randrange(8)
            wpid = r.pids[h][lr] + 2000 + k * 17
            tt = tf + sec(k * 7.3)
            frames = [("/workspace/mm/train_mm.py", 288, "<module>", "main()"),
                      ("/workspace/mm/train_mm.py", 241, "main", "for batch in loader:"),
                      ("%s/torch/utils/data/dataloader.py" % PY, 631, "__next__", "data = self._next_data()"),
                      ("%s/torch/utils/data/dataloader.py" % PY, 1329, "_next_data", "idx, data = self._get_data()"),
                      ("%s/torch/utils/data/dataloader.py" % PY, 1295, "_get_data", "success, data = self._try_get_data()"),
                      ("%s/torch/utils/data/dataloader.py" % PY, 1133, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                      ("/usr/lib/python3.10/multiprocessing/queues.py", 113, "get", "if not self._poll(timeout):"),
                      ("%s/torch/utils/data/_utils/signal_handling.py" % PY, 67, "handler", "_error_if_any_worker_fails()")]
            r.addr(h, lr, tt + sec(0.5), py_traceback("", frames, ["RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid]))
            r.fail_local(h, tt + sec(1.1), (lr, 1, TB_URL), [])
            rss = rng.randint(17800000, 19400000)
            ev = dmesg_base(boot, tt, rng, 3) + [
                (tt, "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
                (tt + sec(0.001), "Mem-Info:"),
                (tt + sec(0.002), "active_anon:497112833 inactive_anon:2218841 isolated_anon:0"),
                (tt + sec(0.003), "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_2003/job_%s,task_memcg=/slurm/uid_2003/job_%s/step_0/task_0,task=pt_data_worker,pid=%d,uid=2003" % (jobid, jobid, wpid)),
                (tt + sec(0.004), "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:%dkB, anon-rss:%dkB, file-rss:81244kB, shmem-rss:1204kB, UID:2003 pgtables:38112kB oom_score_adj:0" % (wpid, rss + 9000000, rss))]
            b.put("attempt_%d/%s/dmesg.txt" % (ai, h), render_dmesg(ev, boot))
        for o in nodes:
            if o not in victims:
                r.sigterm_agent(o, tf + sec(5))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        first = sorted(victims, key=nodes.index)[0]
        body = srun_kill_lines(jobid, nodes, first, tf + sec(1.5)) + ["slurmstepd: error: Detected 1 oom_kill event in StepId=%s.0. Some of the step tasks have been OOM Killed." % jobid]
        body += requeue_wrapper(jobid, tf + sec(20), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "mm3b", "REQUEUED" if ai == 1 else "OUT_OF_MEMORY", "0:125", ts_iso(t0), ts_iso(tf + sec(21)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    b.put("gpu-x07/free.txt", ["$ free -g   (taken 2 min before the failure in attempt 2)",
                               "               total        used        free      shared  buff/cache   available",
                               "Mem:            2015        1961           9           1          44          21",
                               "Swap:              0           0           0"])
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "In both attempts, on different nodes, the kernel OOM killer (job memory cgroup) kills pt_data_worker processes on three of four nodes, each holding ~18 GB RSS, and the ranks die with 'DataLoader worker ... killed by signal: Killed'; 8 ranks x 16 workers with a 2M-sample in-memory shuffle buffer each exhaust the 2 TB hosts. The job's own data-loader config.",
        "modelled_on": "https://github.com/open-mmlab/mmdetection/issues/2406",
    }
    return "bv22_dataloader_workers_killed_every_attempt", b, label


# =====================================================================================
def _pyspy(pid, stack, threads_extra=True):
    L = ["Process %d: /usr/bin/python -u pretrain.py --config configs/llama_7b_pretrain.yaml" % pid,
         "Python v3.10.12 (/usr/bin/python3.10)", "",
         'Thread %d (active): "MainThread"' % pid]
    L += ["    %s (%s)" % (fn, loc) for fn, loc in stack]
    if threads_extra:
        L += ['Thread %d (idle): "Thread-3 (_pin_memory_loop)"' % (pid + 301),
              "    wait (threading.py:324)",
              "    get (queue.py:180)",
              "    do_one_step (%s/torch/utils/data/_utils/pin_memory.py:31)" % PY,
              "    _pin_memory_loop (%s/torch/utils/data/_utils/pin_memory.py:58)" % PY,
              "    run (threading.py:953)"]
    return L + [""]


ALLREDUCE_STACK = [("all_reduce", "%s/torch/distributed/distributed_c10d.py:2501" % PY),
                   ("wrapper", "%s/torch/distributed/c10d_logger.py:79" % PY),
                   ("_reduce_grads", "/workspace/llm/ddp_utils.py:88"),
                   ("train", "/workspace/llm/pretrain.py:437"),
                   ("main", "/workspace/llm/pretrain.py:598"),
                   ("wrapper", "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py:355" % PY),
                   ("<module>", "/workspace/llm/pretrain.py:611")]
SYNC_STACK = [("synchronize", "%s/torch/cuda/streams.py:96" % PY),
              ("stop", "/workspace/llm/timers.py:41"),
              ("train", "/workspace/llm/pretrain.py:430"),
              ("main", "/workspace/llm/pretrain.py:598"),
              ("wrapper", "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py:355" % PY),
              ("<module>", "/workspace/llm/pretrain.py:611")]


def case23():
    """Two hangs; the hang detector's py-spy shows one rank on gpu-r04 stuck in a CUDA sync, not in the all-reduce."""
    rng = random.Random(7723)
    b = Bundle()
    jobid = "90102"
    bad = "gpu-r04"
    lr = 4
    plan = [(["gpu-r04", "gpu-r01", "gpu-r02", "gpu-r03"], dt("2024-11-18 02:00:00"), 30000, 30811),
            (["gpu-r05", "gpu-r04", "gpu-r06", "gpu-r07"], dt("2024-11-18 03:05:00"), 30500, 31377)]
    rows = []
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sf - 1, 10, 1.27, 250000, rng, ckpt_every=500)
        th = t + sec(1.2)
        seq = 120000 + sf * 3
        tf = th + sec(600)
        stuck = r.rank(bad, lr)
        for h in nodes:
            for l in range(8):
                if (h, l) == (bad, lr):
                    continue
                r.addp(h, l, tf + sec(rng.uniform(0, 0.4)), watchdog_timeout(r.rank(h, l), tf, seq, "ALLREDUCE", 262668288))
        if ai == 2:
            tdet = th + sec(300)
            r.addp(nodes[0], 0, tdet, "%s - hangwatch - WARNING - no step completed for 300s (last: %d); dumping py-spy stacks of all ranks to logs/%s/<host>/py-spy-dump.txt" % (ts_py(tdet), sf - 1, jobid))
            for h in nodes:
                dump = []
                for l in range(8):
                    dump += ["==== rank %d (local %d) ====" % (r.rank(h, l), l)]
                    dump += _pyspy(r.pids[h][l], SYNC_STACK if (h, l) == (bad, lr) else ALLREDUCE_STACK)
                b.put("attempt_2/%s/py-spy-dump.txt" % h, dump)
            gpus = [dict(temp=52 + i, pwr=(231 if i != lr else 402), mem=70120, util=100) for i in range(8)]
            b.put("attempt_2/%s/nvidia-smi.txt" % bad, smi_table(tdet + sec(20), gpus, procs=[(i, r.pids[bad][i], "/usr/bin/python", 70110) for i in range(8)]))
        first = nodes[2]
        r.fail_local(first, tf + sec(0.9), (1, -6, sig_abrt_tb(r.pids[first][1])), [(l, -6, sig_abrt_tb(r.pids[first][l])) for l in (0, 2, 3)])
        for o in nodes:
            if o != first:
                r.sigterm_agent(o, tf + sec(3.5))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = srun_kill_lines(jobid, nodes, first, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        b.put("attempt_%d/%s/dmesg.txt" % (ai, bad), render_dmesg(dmesg_base(dt("2024-11-15 00:00:00"), th, rng, 5), dt("2024-11-15 00:00:00")))
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "hang", "layer": "infrastructure", "culprit": {"node": bad, "rank": 12},
        "action": "run_diagnostics",
        "rationale": "Both attempts hang and every rank except gpu-r04 local 4 (rank 4, then rank 12) reports a watchdog timeout on the same ALLREDUCE; the py-spy dump taken during the second hang shows all other ranks waiting in all_reduce while rank 12 is stuck in torch.cuda synchronize before the collective. No Xid or other hardware message: the GPU on that node needs diagnostics.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/118369",
    }
    return "bv23_hang_each_attempt_one_rank_missing_from_allreduce", b, label


# =====================================================================================
def case24():
    """Every attempt hangs at the step-1000 checkpoint: rank 0 gathers a full state dict while the others wait in a barrier."""
    rng = random.Random(7724)
    b = Bundle()
    jobid = "90455"
    plan = [(["gpu-y01", "gpu-y02", "gpu-y03", "gpu-y04"], dt("2024-11-20 09:00:00")),
            (["gpu-y05", "gpu-y06", "gpu-y08", "gpu-y09"], dt("2024-11-20 09:40:30"))]
    rows = []
    for ai, (nodes, t0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng, script="train_fsdp.py")
        r.startup()
        t = fresh_lines(r, t0 + sec(20), "configs/fsdp2_8b.yaml")
        t = progress(r, t, 0, 1000, 20, 1.05, 50000, rng, ckpt_every=0)
        ts = t + sec(0.4)
        r.addp(nodes[0], 0, ts, "%s - train - INFO - step 1000: saving consolidated checkpoint to /lustre/ft/ckpt/fsdp2-8b/step_0001000/model.safetensors" % ts_py(ts))
        seq = 8803
        tf = ts + sec(600)
        for h in nodes:
            for l in range(8):
                rk = r.rank(h, l)
                if rk == 0:
                    r.addp(h, l, tf, watchdog_timeout(0, tf, seq, "_ALLGATHER_BASE", 65536000, numel_out=2097152000))
                else:
                    r.addp(h, l, tf + sec(rng.uniform(0, 0.3)), watchdog_timeout(rk, tf, seq, "BARRIER", 1))
        if ai == 2:
            tdet = ts + sec(240)
            r.addp(nodes[0], 0, tdet, "%s - hangwatch - WARNING - no step completed for 240s (last: 1000); dumping py-spy stacks" % ts_py(tdet))
            for h in nodes[:2]:
                dump = []
                for l in range(8):
                    rk = r.rank(h, l)
                    if rk == 0:
                        st = [("all_gather_into_tensor", "%s/torch/distributed/distributed_c10d.py:3207" % PY),
                              ("foreach_all_gather", "%s/torch/distributed/_composable/fsdp/_fsdp_collectives.py:160" % PY),
                              ("unshard", "%s/torch/distributed/_composable/fsdp/_fsdp_param_group.py:271" % PY),
                              ("_get_fqns_and_state_dict", "%s/torch/distributed/checkpoint/state_dict.py:569" % PY),
                              ("get_model_state_dict", "%s/torch/distributed/checkpoint/state_dict.py:1054" % PY),
                              ("save_checkpoint", "/workspace/ft/ckpt.py:74"),
                              ("train", "/workspace/ft/train_fsdp.py:263"),
                              ("main", "/workspace/ft/train_fsdp.py:330"),
                              ("<module>", "/workspace/ft/train_fsdp.py:344")]
                    else:
                        st = [("barrier", "%s/torch/distributed/distributed_c10d.py:4164" % PY),
                              ("wrapper", "%s/torch/distributed/c10d_logger.py:79" % PY),
                              ("save_checkpoint", "/workspace/ft/ckpt.py:79"),
                              ("train", "/workspace/ft/train_fsdp.py:263"),
                              ("main", "/workspace/ft/train_fsdp.py:330"),
                              ("<module>", "/workspace/ft/train_fsdp.py:344")]
                    dump += ["==== rank %d (local %d) ====" % (rk, l)] + _pyspy(r.pids[h][l], st, threads_extra=False)
                b.put("attempt_2/%s/py-spy-dump.txt" % h, dump)
            b.put("attempt_2/ckpt_py_excerpt.txt", ["# /workspace/ft/ckpt.py (lines 70-80), copied by the user into the ticket",
                                                    "70  def save_checkpoint(model, optimizer, step, out_dir):",
                                                    "71      path = os.path.join(out_dir, f\"step_{step:07d}\")",
                                                    "72      if dist.get_rank() == 0:",
                                                    "73          os.makedirs(path, exist_ok=True)",
                                                    "74          sd = get_model_state_dict(model, options=StateDictOptions(full_state_dict=True, cpu_offload=True))",
                                                    "75          save_file(sd, os.path.join(path, \"model.safetensors\"))",
                                                    "76      # make sure rank 0 finished writing before anyone continues",
                                                    "77      # (optimizer state is saved separately with dcp)",
                                                    "78  ",
                                                    "79      dist.barrier()"])
        first = nodes[0]
        r.fail_local(first, tf + sec(0.9), (0, -6, sig_abrt_tb(r.pids[first][0])), [(l, -6, sig_abrt_tb(r.pids[first][l])) for l in (1, 2)])
        for o in nodes[1:]:
            r.sigterm_agent(o, tf + sec(3.5))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = srun_kill_lines(jobid, nodes, first, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "fsdp8b", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "hang", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Both attempts, on different nodes, hang at the step-1000 checkpoint: rank 0 times out on SeqNum 8803 as _ALLGATHER_BASE while all other ranks time out on the same SeqNum as BARRIER; py-spy and ckpt.py show rank 0 alone calling get_model_state_dict(full_state_dict=True), which needs every rank, while the rest wait in dist.barrier(). A collective mismatch in the job's code.",
        "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/7533",
    }
    return "bv24_nccl_timeout_at_checkpoint_every_attempt", b, label


# =====================================================================================
def case25():
    """After a preemption requeue onto a different node set the job runs 60% slower; gpu-s05 GPU 2 is thermally throttled."""
    rng = random.Random(7725)
    b = Bundle()
    jobid = "91220"
    bad = "gpu-s05"
    plan = [(["gpu-s01", "gpu-s02", "gpu-s03", "gpu-s04"], dt("2024-12-01 00:00:00"), 8000, 12040),
            (["gpu-s02", "gpu-s05", "gpu-s03", "gpu-s04"], dt("2024-12-01 01:24:00"), 12000, 13520)]
    rows = []
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), s0)
        st = 1.02 if ai == 1 else 1.61
        t = progress(r, t, s0, sf, 20, st, 250000, rng, ckpt_every=1000, tps=int(4010 * 1.02 / st))
        if ai == 2:
            # the job's own per-rank timer summary
            for s in range(12100, sf + 1, 100):
                ttt = t0 + sec(60 + (s - 12000) * 1.61)
                r.addp(nodes[0], 0, ttt, "%s - perf - INFO - step %d fwd_bwd ms per rank: min %.1f (rank %d) median %.1f max %.1f (rank 10, %s local 2)" % (
                    ts_py(ttt), s, rng.uniform(996, 1004), rng.choice([3, 17, 21, 28]), rng.uniform(1006, 1015), rng.uniform(1570, 1605), bad))
        else:
            for s in range(8100, sf + 1, 100):
                ttt = t0 + sec(60 + (s - 8000) * 1.02)
                r.addp(nodes[0], 0, ttt, "%s - perf - INFO - step %d fwd_bwd ms per rank: min %.1f (rank %d) median %.1f max %.1f (rank %d, %s local %d)" % (
                    ts_py(ttt), s, rng.uniform(994, 1003), rng.choice([2, 9, 22]), rng.uniform(1004, 1012), rng.uniform(1016, 1031), 14, "gpu-s02", 6))
        if ai == 1:
            tp = t + sec(2)
            for h in nodes:
                r.sigterm_agent(h, tp + sec(0.3))
            body = ["slurmstepd: error: *** JOB %s ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (jobid, nodes[0], ts_iso(tp))]
            rows.append((jobid, "pretrain", "PREEMPTED", "0:15", ts_iso(t0), ts_iso(tp), hostlist(nodes)))
        else:
            body = []
            rows.append((jobid, "pretrain", "RUNNING", "0:0", ts_iso(t0), "Unknown", hostlist(nodes)))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
    b.put("sacct.txt", sacct(rows))
    tq = plan[1][1] + sec(2400)
    blocks = [smi_q_gpu(i, "165242100%04d" % (5100 + i), temp=61 + i % 3, pwr=655.0 + i, clocks_sm=1980) for i in range(8)]
    blocks[2] = smi_q_gpu(2, "1652421005102", temp=91, pwr=402.7, clocks_sm=1035, hw_slowdown="Active", hw_thermal="Active")
    b.put("attempt_2/%s/nvidia-smi-q.txt" % bad, smi_q(tq, blocks))
    b.put("attempt_2/gpu-s03/nvidia-smi-q.txt", smi_q(tq + sec(5), [smi_q_gpu(i, "165242100%04d" % (3100 + i), temp=60 + i % 4, pwr=661.0 + i, clocks_sm=1980) for i in range(8)]))
    b.put("attempt_2/%s/ipmi_sensors.txt" % bad, ["$ ipmitool sdr type Fan", "FAN1_INLET       | 41h | ok  |  29.1 | 11200 RPM", "FAN2_INLET       | 42h | ok  |  29.2 | 11150 RPM",
                                                  "FAN3_INLET       | 43h | cr  |  29.3 | 0 RPM", "FAN4_INLET       | 44h | ok  |  29.4 | 11300 RPM"])
    label = {
        "category": "straggler", "layer": "infrastructure", "culprit": {"node": bad, "rank": 10},
        "action": "restart_without_node",
        "rationale": "Before the preemption the job ran at ~1.02 s/step; after requeue the only new node is gpu-s05 and steps take ~1.61 s, with the per-rank timer naming rank 10 (gpu-s05 local 2) as the slow rank every time; nvidia-smi -q shows that GPU at 91 C with HW (thermal) slowdown active and SM clock 1035 MHz, next to a dead chassis fan.",
        "modelled_on": "https://github.com/mlfoundations/open_clip/issues/703",
    }
    return "bv25_slower_after_requeue", b, label


# =====================================================================================
def case26():
    """Both attempts are uniformly slow, data_time dominates on every rank; num_workers=0 with on-the-fly tokenization."""
    rng = random.Random(7726)
    b = Bundle()
    jobid = "92017"
    plan = [(["gpu-w01", "gpu-w02", "gpu-w03", "gpu-w04"], dt("2024-12-05 08:00:00"), 0, None),
            (["gpu-w05", "gpu-w06", "gpu-w07", "gpu-w08"], dt("2024-12-07 08:10:00"), 54000, 55200)]
    rows = []
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        r.addp(nodes[0], 0, t0 + sec(18), "%s - pretrain - INFO - data: format=jsonl tokenize=on_the_fly num_workers=0 pin_memory=False micro_batch=4 seq_len=4096" % ts_py(t0 + sec(18)))
        t = fresh_lines(r, t0 + sec(20)) if s0 == 0 else resume_lines(r, t0 + sec(20), s0)
        if sf is None:
            end = t0 + sec(48 * 3600)
            t = progress(r, t, s0, 56000, 200, 3.19, 100000, rng, ckpt_every=2000, data_time=2.08, tps=1290)
            for h in nodes:
                r.logs[h] = [x for x in r.logs[h] if x[0] <= end]
                r.sigterm_agent(h, end + sec(0.5))
            body = ["slurmstepd: error: *** JOB %s ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, nodes[0], ts_iso(end))]
            rows.append((jobid, "pretrain", "TIMEOUT", "0:15", ts_iso(t0), ts_iso(end), hostlist(nodes)))
        else:
            t = progress(r, t, s0, sf, 100, 3.22, 100000, rng, ckpt_every=2000, data_time=2.11, tps=1290)
            body = []
            rows.append((jobid, "pretrain", "RUNNING", "0:0", ts_iso(t0), "Unknown", hostlist(nodes)))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
    b.put("sacct.txt", sacct(rows))
    tn = plan[1][1] + sec(3000)
    for h in ("gpu-w05", "gpu-w07"):
        gpus = [dict(temp=41 + i % 4, pwr=rng.randint(228, 262), mem=58820, util=rng.randint(29, 38)) for i in range(8)]
        b.put("attempt_2/%s/nvidia-smi.txt" % h, smi_table(tn, gpus))
    b.put("attempt_2/gpu-w06/top.txt", ["top - %s up 12 days,  3:11,  0 users,  load average: 8.41, 8.37, 8.33" % tn.strftime("%H:%M:%S"),
                                        "Tasks: 1211 total,   9 running, 1202 sleeping,   0 stopped,   0 zombie",
                                        "%Cpu(s):  3.7 us,  0.2 sy,  0.0 ni, 96.1 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st",
                                        "MiB Mem : 2063781.2 total, 1612204.9 free, 301122.7 used, 150453.6 buff/cache", "",
                                        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"] +
          ["%7d svc-llm   20   0  %4.1fg  %4.1fg   1.2g R 100.0   1.8 %d:%02d.%02d python" % (411200 + i, 61.2 + i * 0.1, 36.0 + i * 0.2, 2810 + i, i * 7 % 60, i * 13 % 100) for i in range(8)])
    label = {
        "category": "straggler", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Both attempts, on disjoint nodes, run at ~3.2 s/step with data_time ~2.1 s on every rank (the first even ran into its 48 h time limit), GPUs sit at ~30% utilisation and each rank's single Python process is CPU-bound; the config loads jsonl with on-the-fly tokenization and num_workers=0. The slowness comes from the job's data-loading settings, not from any node.",
        "modelled_on": "https://github.com/open-edge-platform/geti/pull/5958",
    }
    return "bv26_slow_on_both_attempts_high_data_time", b, label


# =====================================================================================
def case27():
    """Xid 79 on gpu-t02 GPU 7 in attempt 1; node returned to service, requeued onto it again, same GPU falls off."""
    rng = random.Random(7727)
    b = Bundle()
    jobid = "93114"
    bad = "gpu-t02"
    lr = 7
    plan = [(["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t04"], dt("2024-12-10 10:00:00"), 0, 5120),
            (["gpu-t05", "gpu-t06", "gpu-t08", "gpu-t02"], dt("2024-12-10 12:30:00"), 5000, 5644)]
    rows = []
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        boot = t0 - sec(3600 * (50 if ai == 1 else 0.6))
        r = Run(nodes, t0, rng)
        r.startup()
        t = fresh_lines(r, t0 + sec(20)) if s0 == 0 else resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sf - 1, 20, 1.31, 100000, rng, ckpt_every=1000)
        tf = t + sec(0.9)
        rk = r.rank(bad, lr)
        r.addr(bad, lr, tf + sec(0.3), py_traceback("", TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 421, "train", "loss.backward()")], cuda_error_exc("unspecified launch failure")))
        r.addp(bad, lr, tf + sec(0.4), watchdog_cuda_error(rk, tf + sec(0.4), "unspecified launch failure"))
        r.fail_local(bad, tf + sec(1.0), (lr, -6, sig_abrt_tb(r.pids[bad][lr])), [])
        for o in nodes:
            if o != bad:
                r.sigterm_agent(o, tf + sec(4))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        ev = dmesg_base(boot, tf, rng, 4) + [
            (tf, xid_line(PCI[7], 79, r.pids[bad][lr], "GPU has fallen off the bus.")),
            (tf + sec(0.01), "NVRM: GPU 0000:db:00.0: GPU has fallen off the bus."),
            (tf + sec(0.02), "NVRM: GPU 0000:db:00.0: GPU serial number is 1652324007719."),
            (tf + sec(0.02), "NVRM: A GPU crash dump has been created. If possible, please run"),
            (tf + sec(0.02), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
            (tf + sec(0.02), "NVRM: the NVIDIA kernel module is unloaded."),
            (tf + sec(0.4), "pcieport 0000:d7:01.0: AER: Uncorrected (Fatal) error received: 0000:db:00.0"),
            (tf + sec(0.4), "nvidia 0000:db:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)")]
        b.put("attempt_%d/%s/dmesg.txt" % (ai, bad), render_dmesg(ev, boot, human=True))
        body = srun_kill_lines(jobid, nodes, bad, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    b.put("slurmctld_excerpt.log", ["[%s.022] update_node: node gpu-t02 reason set to: NHC: nv_health: GPU 0000:db:00.0 not responding" % ts_iso(plan[0][1] + sec(6900)),
                                    "[%s.311] update_node: node gpu-t02 state set to DRAINED" % ts_iso(plan[0][1] + sec(6905)),
                                    "[%s.874] node gpu-t02 returned to service (rebooted, NHC passed)" % ts_iso(plan[1][1] - sec(2100)),
                                    "[%s.118] sched: Allocate JobId=%s NodeList=gpu-t[02,05-06,08] #CPUs=896 Partition=batch" % (ts_iso(plan[1][1] - sec(2)), jobid)])
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": bad, "rank": 31},
        "action": "restart_without_node",
        "rationale": "Both attempts die when GPU 7 of gpu-t02 (PCI db:00) falls off the bus (Xid 79 plus a fatal PCIe AER error): rank 15 in attempt 1 and rank 31 in attempt 2 after the node was rebooted and returned to service. A repeat hardware fault on one GPU.",
        "modelled_on": "https://github.com/lyulyul/shine-cluster/issues/172",
    }
    return "bv27_gpu_lost_again_after_requeue", b, label


# =====================================================================================
def case28():
    """NCCL unhandled cuda error with NVLink Xid 74 on gpu-u08 GPU 3 in both attempts."""
    rng = random.Random(7728)
    b = Bundle()
    jobid = "93560"
    bad = "gpu-u08"
    lr = 3
    plan = [(["gpu-u08", "gpu-u01", "gpu-u02", "gpu-u03"], dt("2024-12-12 06:00:00"), 15000, 15377),
            (["gpu-u04", "gpu-u05", "gpu-u08", "gpu-u06"], dt("2024-12-12 06:40:00"), 15000, 15093)]
    rows = []
    boot = dt("2024-12-08 00:00:00")
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sf - 1, 10, 1.44, 250000, rng, ckpt_every=0)
        tf = t + sec(1.1)
        pid = r.pids[bad][lr]
        rk = r.rank(bad, lr)
        r.addp(bad, lr, tf, ["%s:%d:%d [%d] enqueue.cc:1374 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (bad, pid, pid, lr),
                             "%s:%d:%d [%d] NCCL INFO enqueue.cc:1432 -> 1" % (bad, pid, pid, lr),
                             "%s:%d:%d [%d] NCCL INFO group.cc:73 -> 1" % (bad, pid, pid, lr)])
        frames = TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 437, "train", "_reduce_grads(model)"),
                                     ("/workspace/llm/ddp_utils.py", 88, "_reduce_grads", "dist.all_reduce(buf, group=dp_group)"),
                                     ("%s/torch/distributed/c10d_logger.py" % PY, 79, "wrapper", "return func(*args, **kwargs)"),
                                     ("%s/torch/distributed/distributed_c10d.py" % PY, 2501, "all_reduce", "work = group.allreduce([tensor], opts)")]
        r.addr(bad, lr, tf + sec(0.05), py_traceback("", frames, ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:275, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5",
                                                                   "ncclUnhandledCudaError: Call to CUDA function failed.",
                                                                   "Last error:",
                                                                   "Cuda failure 'uncorrectable NVLink error detected during the execution'"]))
        r.addp(bad, 2, tf + sec(0.6), "%s:%d:%d [2] enqueue.cc:1374 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (bad, r.pids[bad][2], r.pids[bad][2]))
        r.fail_local(bad, tf + sec(1.0), (lr, 1, TB_URL), [(2, -6, sig_abrt_tb(r.pids[bad][2]))])
        for o in nodes:
            if o != bad:
                r.sigterm_agent(o, tf + sec(4))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        ev = dmesg_base(boot, tf, rng, 4) + [
            (tf - sec(0.2), xid_line(PCI[3], 74, pid, "NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)")),
            (tf + sec(0.4), xid_line(PCI[3], 45, pid, "Ch 00000010")),
            (tf + sec(0.5), xid_line(PCI[2], 45, r.pids[bad][2], "Ch 00000018"))]
        b.put("attempt_%d/%s/dmesg.txt" % (ai, bad), render_dmesg(ev, boot))
        body = srun_kill_lines(jobid, nodes, bad, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    L = ["$ nvidia-smi nvlink -e -i 3", "GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-7d3e1a55-0c2b-4f19-8b6e-2a9c1f0e3d41)"]
    for link in range(18):
        rep, rec, crc = (1822, 37, 9123) if link == 5 else (0, 0, 0)
        L += ["\t Link %d: Replay Errors: %d" % (link, rep), "\t Link %d: Recovery Errors: %d" % (link, rec), "\t Link %d: CRC Errors: %d" % (link, crc)]
    b.put("attempt_2/%s/nvlink_errors.txt" % bad, L)
    label = {
        "category": "nvlink", "layer": "infrastructure", "culprit": {"node": bad, "rank": 19},
        "action": "restart_without_node",
        "rationale": "Both attempts fail first on gpu-u08 local GPU 3 (rank 3, then rank 19 after the node moved) with NCCL 'uncorrectable NVLink error'; dmesg shows Xid 74 'NVLink: fatal error detected on link 5' on PCI 5d:00 each time, and nvlink -e counts thousands of replay/CRC errors on that link only.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/58155",
    }
    return "bv28_nvlink_errors_on_two_attempts", b, label


# =====================================================================================
def case29():
    """Attempt 1 preempted; attempt 2 killed by a contained ECC error (Xid 94) whose row remap completed after the GPU reset."""
    rng = random.Random(7729)
    b = Bundle()
    jobid = "95510"
    bad = "gpu-v10"
    lr = 5
    plan = [(["gpu-v01", "gpu-v02", "gpu-v03", "gpu-v04"], dt("2024-12-18 00:00:00"), 20000, 23105),
            (["gpu-v03", "gpu-v10", "gpu-v11", "gpu-v12"], dt("2024-12-18 01:20:00"), 23000, 24410)]
    rows = []
    boot = dt("2024-12-15 00:00:00")
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sf - (0 if ai == 1 else 1), 25, 1.22, 250000, rng, ckpt_every=1000)
        if ai == 1:
            tp = t + sec(2)
            for h in nodes:
                r.sigterm_agent(h, tp + sec(0.3))
            r.addp(nodes[0], 0, tp + sec(0.2), "%s - pretrain - WARNING - SIGTERM received (preemption?), saving checkpoint step_%07d before exit" % (ts_py(tp + sec(0.2)), sf))
            body = ["slurmstepd: error: *** JOB %s ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (jobid, nodes[0], ts_iso(tp))]
            rows.append((jobid, "pretrain", "PREEMPTED", "0:15", ts_iso(t0), ts_iso(tp), hostlist(nodes)))
        else:
            tf = t + sec(0.8)
            rk = r.rank(bad, lr)
            r.addr(bad, lr, tf + sec(0.2), py_traceback("", TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 421, "train", "loss.backward()")], cuda_error_exc("uncorrectable ECC error encountered")))
            r.addp(bad, lr, tf + sec(0.3), watchdog_cuda_error(rk, tf + sec(0.3), "uncorrectable ECC error encountered"))
            r.fail_local(bad, tf + sec(0.9), (lr, -6, sig_abrt_tb(r.pids[bad][lr])), [])
            for o in nodes:
                if o != bad:
                    r.sigterm_agent(o, tf + sec(4))
            body = srun_kill_lines(jobid, nodes, bad, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, 1, 1)
            rows.append((jobid, "pretrain", "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
            ev = dmesg_base(boot, tf, rng, 4) + [
                (tf, xid_line(PCI[5], 94, r.pids[bad][lr], "Contained ECC error.")),
                (tf + sec(0.01), xid_line(PCI[5], 63, None, "Row Remapper: New row (0x000000000009c3a0) was marked for remapping, reset gpu to activate.")),
                (tf + sec(44), "NVRM: GPU at PCI:0000:ab:00: GPU-3c0a9e12-5b7d-4e21-9f08-7a61d2c4e5b3"),
                (tf + sec(44), "NVRM: GPU Board Serial Number: 1652424010115")]
            b.put("attempt_2/%s/dmesg.txt" % bad, render_dmesg(ev, boot))
            b.put("attempt_2/%s/epilog.log" % bad, ["[%s] epilog job=%s: checking GPUs" % (ts_iso(tf + sec(30)), jobid),
                                                    "[%s] epilog: Xid 94/63 seen on 0000:ab:00.0 during job; row remap pending, resetting GPU 5" % ts_iso(tf + sec(31)),
                                                    "[%s] $ nvidia-smi -r -i 5" % ts_iso(tf + sec(31)),
                                                    "GPU 00000000:AB:00.0 was successfully reset.",
                                                    "All done.",
                                                    "[%s] epilog: dcgmi diag -r 2 -i 5: PASS (memory, pcie, sm stress)" % ts_iso(tf + sec(212)),
                                                    "[%s] epilog: node gpu-v10 left in service" % ts_iso(tf + sec(213))])
            blocks = [smi_q_gpu(i, "165242401%04d" % (110 + i), temp=35 + i % 3) for i in range(8)]
            blocks[5] = smi_q_gpu(5, "1652424010115", ecc_vol_dram_unc=0, ecc_agg_dram_unc=1, rr_unc=1, rr_pending="No", rr_fail="No", temp=34)
            b.put("attempt_2/%s/nvidia-smi-q-after-reset.txt" % bad, smi_q(tf + sec(215), blocks))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": bad, "rank": 13},
        "action": "restart",
        "rationale": "Attempt 1 was simply preempted; attempt 2 died when rank 13 (gpu-v10 local 5) hit 'uncorrectable ECC error' with a contained Xid 94 and a row marked for remapping (Xid 63). The epilog reset the GPU, dcgmi diag passed, and nvidia-smi -q now shows the row remapped with Pending: No and no remapping failure, so the job can simply be restarted.",
        "modelled_on": "https://github.com/leptonai/gpud/pull/987",
    }
    return "bv29_preempted_then_contained_ecc_error", b, label


CASES = [case21, case22, case23, case24, case25, case26, case27, case28, case29]
