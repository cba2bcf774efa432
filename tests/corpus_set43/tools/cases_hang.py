"""Hangs: program-level (user_code), provably stuck rank, and no-evidence hangs."""
import json
import random

from common import (Case, T, plus, ts_py, ts_iso, ts_glog_old, ts_glog_new, ts_dmesg_T, ts_syslog,
                    ts_megatron, ts_slurm, fmt_hms, nvsmi_q, gpu_default, nvsmi_table,
                    dcgmi_dmon_raw, nccl_init_lines, boot_dmesg, fmt_uptime, rand_pid,
                    watchdog_lines, torchrun_failure, BUS_IDS_H100, BUS_IDS_A100)
from cases_straggler import (megatron_iter, timer_line, lr_at, megatron_args_block, nccl_complete,
                             titan_step, titan_preamble)


def epoch_ns(t):
    return int((t - T(1970, 1, 1)).total_seconds() * 1e9)


def fr_entry(rec, seq, name, t_created, in_sizes, state, frames, dtype="BFloat16", out_sizes=None,
             timeout_ms=600000, pg=("0", "default_pg"), started=None, completed=None):
    return {
        "record_id": rec, "pg_id": int(pg[0]), "process_group": list(pg), "collective_seq_id": seq,
        "p2p_seq_id": 0, "op_id": seq, "profiling_name": name, "time_created_ns": epoch_ns(t_created),
        "duration_ms": None, "input_sizes": in_sizes, "input_dtypes": [dtype] * len(in_sizes),
        "output_sizes": out_sizes if out_sizes is not None else in_sizes,
        "output_dtypes": [dtype] * len(in_sizes), "state": state,
        "time_discovered_started_ns": epoch_ns(started) if started else None,
        "time_discovered_completed_ns": epoch_ns(completed) if completed else None,
        "retired": state == "completed", "timeout_ms": timeout_ms, "is_p2p": False,
        "frames": [{"name": n, "filename": f, "line": l} for n, f, l in frames],
    }


def pyspy(pid, cmd, threads, native=False):
    L = ["Process %d: %s" % (pid, cmd), "Python v3.10.12 (/usr/bin/python3.10)", ""]
    for tid, state, name, frames in threads:
        L.append("Thread %s (%s): \"%s\"" % (tid, state, name))
        for fr in frames:
            L.append("    " + fr)
    return L


# ---------------------------------------------------------------------------
# an12  broadcast issued only on rank 0 during eval
# ---------------------------------------------------------------------------

TRAIN_PY_AN12 = '''# train.py (excerpt, lines 270-292 and 330-352) -- attached by the user
270  def evaluate(model, loader, step):
271      model.eval()
272      tot, n = 0.0, 0
273      with torch.no_grad():
274          for batch in loader:
275              out = model(**to_device(batch))
276              tot += out.loss.float().item() * batch["input_ids"].size(0)
277              n += batch["input_ids"].size(0)
278      val = tot / max(n, 1)
279      track_best(val)
280      log.info("step %d | val_loss %.4f | best %.4f", step, val, BEST_VAL)
281      model.train()
282      stop = False
283      if step >= cfg.early_stop_warmup:
284          # early stopping: share the decision so that every rank stops together
285          flag = torch.tensor([int(patience_exceeded())], device="cuda")
286          # (added in PR #212 "early stopping")
287          log.info("early-stop check at step %d: patience %d/%d", step, PATIENCE_LEFT, cfg.patience)
288          dist.broadcast(flag, src=0)
289          stop = bool(flag.item())
290      return stop
...
330  for step, batch in enumerate(train_loader, start=start_step):
331      loss = train_step(model, optim, batch)
...
345      if step % cfg.eval_every == 0 and step > 0:
346          if dist.get_rank() == 0:
347              # only rank 0 holds the (small) validation split in memory
348              should_stop = evaluate(model, val_loader, step)
349              save_if_best(model)
350      if step % cfg.log_every == 0:
351          log.info("step %d | loss %.4f | %.1f tok/s", step, loss, tok_s)
'''


def an12():
    rng = random.Random(4312)
    c = Case("an12_stuck_after_eval_no_progress_30min")
    hosts = ["trn-a100-01", "trn-a100-02"]
    t0 = T(2024, 1, 23, 16, 5, 12)
    eval_step = 1500
    seq_hang = 9006
    step_t = 0.94
    pids = {r: 120400 + (r // 8) * 1500 + (r % 8) * 9 for r in range(16)}
    t_eval = plus(t0, 60 + eval_step * step_t + 2 * 40)
    wd = plus(t_eval, 600 + 1.2)
    for ni, h in enumerate(hosts):
        L = []
        L.append("torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint trn-a100-01:29400 train.py --config cfg/gpt2xl_ft.yaml")
        for lr in range(8):
            r = ni * 8 + lr
            L.append("[rank%d]: %s INFO rank=%d local_rank=%d world=16 host=%s timeout=0:10:00" % (r, ts_py(plus(t0, 5)), r, lr, h))
        if ni == 0:
            L.append("[rank0]: %s INFO loaded val split: 4096 sequences (rank 0 only, eval_every=500)" % ts_py(plus(t0, 41)))
            L.append("[rank0]: %s INFO early stopping enabled: early_stop_warmup=1500 patience=3" % ts_py(plus(t0, 41)))
            L.append("[rank0]: %s INFO DDP(bucket_cap_mb=100, find_unused_parameters=False); params 1.56B" % ts_py(plus(t0, 55)))
        tt = plus(t0, 60)
        for step in range(0, eval_step + 1):
            tt = plus(tt, step_t + rng.uniform(-0.02, 0.02))
            if step % 50 == 0:
                for lr in (range(8) if ni == 0 else [0]):
                    r = ni * 8 + lr
                    if lr == 0 or step % 500 == 0:
                        L.append("[rank%d]: %s INFO step %d | loss %.4f | %.1f tok/s" % (r, ts_py(tt), step, 2.9 - step / 1200 + rng.uniform(-0.05, 0.05), 34800 + rng.uniform(-300, 300)))
            if step % 500 == 0 and step > 0 and step < eval_step and ni == 0:
                L.append("[rank0]: %s INFO step %d | val_loss %.4f | best %.4f" % (ts_py(plus(tt, 38)), step, 2.41 - step / 3000, 2.41 - step / 3000))
                L.append("[rank0]: %s INFO saved best checkpoint to /ckpt/gpt2xl_ft/best.pt" % ts_py(plus(tt, 40)))
                tt = plus(tt, 40)
        if ni == 0:
            L.append("[rank0]: %s INFO step %d | val_loss %.4f | best %.4f" % (ts_py(plus(tt, 38)), eval_step, 1.902, 1.902))
            L.append("[rank0]: %s INFO early-stop check at step %d: patience 3/3" % (ts_py(plus(tt, 38.1)), eval_step))
        for lr in range(8):
            r = ni * 8 + lr
            if r == 0:
                L += watchdog_lines(0, plus(wd, 0.01), seq_hang, "BROADCAST", 1, 1, 600000, seq_hang, seq_hang - 1, rng, with_trace=True)
            else:
                L += watchdog_lines(r, plus(wd, -37 + lr * 0.003), seq_hang, "ALLREDUCE", 26214400, 26214400, 600000, seq_hang + 1, seq_hang - 1, rng, with_trace=(lr in (1, 5)))
            L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1267] [PG ID 0 PG GUID 0(default_pg) Rank %d] Dumping nccl trace to /shared/fr/nccl_trace_rank_%d" % (r, ts_glog_new(plus(wd, -36 if r else 0.3), "I", rng), r, r))
        kt = plus(wd, 4)
        L.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts_glog_old(kt, ""), 120390 + ni * 1500, pids[ni * 8 + 3]))
        L += torchrun_failure(h, plus(kt, 1), ni * 8 + 1, 1, pids[ni * 8 + 1], -6, "train.py", rng)
        c.add("%s/torchrun.log" % h, L)
    # FR dumps (JSON, 3 ranks shown in full + summary)
    fr_frames_rank0 = [("broadcast", "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 2213),
                       ("wrapper", "/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", 83),
                       ("evaluate", "/workspace/train.py", 288), ("<module>", "/workspace/train.py", 348)]
    fr_frames_ddp = [("backward", "/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 267),
                     ("backward", "/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 525),
                     ("train_step", "/workspace/train.py", 241), ("<module>", "/workspace/train.py", 331)]
    t_last = plus(t_eval, -0.9)
    for r in range(16):
        ents = []
        rec = 18011
        for k, seq in enumerate(range(seq_hang - 6, seq_hang)):
            ct = plus(t_last, -6 * 0.94 + k * 0.94)
            ents.append(fr_entry(rec + k, seq, "nccl:all_reduce", ct, [[26214400]], "completed", fr_frames_ddp,
                                 started=plus(ct, 0.01), completed=plus(ct, 0.2)))
        if r == 0:
            ents.append(fr_entry(rec + 6, seq_hang, "nccl:broadcast", plus(t_eval, 38.1), [[1]], "started", fr_frames_rank0,
                                 dtype="Long", started=plus(t_eval, 38.1)))
        else:
            ct = plus(t_last, 0.9)
            ents.append(fr_entry(rec + 6, seq_hang, "nccl:all_reduce", ct, [[26214400]], "started", fr_frames_ddp, started=plus(ct, 0.01)))
            ents.append(fr_entry(rec + 7, seq_hang + 1, "nccl:all_reduce", plus(ct, 0.02), [[24117248]], "scheduled", fr_frames_ddp))
        dump = {"version": "2.4", "pg_config": {"0": {"name": "0", "desc": "default_pg", "ranks": "[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]"}},
                "pg_status": {"0": {"last_enqueued_collective": seq_hang if r == 0 else seq_hang + 1, "last_started_collective": seq_hang, "last_completed_collective": seq_hang - 1}},
                "entries": ents}
        if r in (0, 1, 9, 15):
            c.add("fr_dumps/nccl_trace_rank_%d.json" % r, json.dumps(dump, indent=1))
    A = ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr -p nccl_trace_rank_ --mismatch_cap 4",
         "loaded 16 dump files (version 2.4)",
         "",
         "Collective 9006 at entry 6 error",
         " Reason: Collective type mismatch",
         "  rank 0: nccl:broadcast, input sizes [[1]]",
         "  ranks 1-15: nccl:all_reduce, input sizes [[26214400]]",
         "group info: 0:default_pg",
         "collective state: started",
         "collective stack trace (rank 0):",
         "    broadcast at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2213",
         "    wrapper at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:83",
         "    evaluate at /workspace/train.py:288",
         "    <module> at /workspace/train.py:348",
         "collective stack trace (rank 1):",
         "    backward at /usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py:267",
         "    backward at /usr/local/lib/python3.10/dist-packages/torch/_tensor.py:525",
         "    train_step at /workspace/train.py:241",
         "    <module> at /workspace/train.py:331",
         "",
         "no missing ranks: all 16 ranks issued collective 9006"]
    c.add("fr_dumps/fr_trace_output.txt", A)
    c.add("user_attached/train_excerpt.py", TRAIN_PY_AN12)
    c.set_label("user_code", "script", None, "stop",
                "The flight recorder shows collective 9006 as a broadcast issued from evaluate() on rank 0 only (called under `if dist.get_rank() == 0`) while ranks 1-15 issued the next DDP gradient all_reduce with the same sequence number; the collectives are mismatched by the program itself and every rank times out 10 minutes later.",
                "https://github.com/pytorch/pytorch/issues/88000")
    return c


# ---------------------------------------------------------------------------
# an13  variable-length all_gather -> size mismatch across ranks
# ---------------------------------------------------------------------------

METRICS_PY_AN13 = '''# src/llmft/utils/metrics.py  (git blame: added in 3f1c2e9 "gather per-token logprobs for eval calibration")
 60  def gather_logprobs(logprobs: torch.Tensor, group=None) -> torch.Tensor:
 61      """Concatenate per-token log-probs from all ranks on every rank."""
 62      world = dist.get_world_size(group)
 63      # logprobs: [num_valid_tokens_on_this_rank]  (padding already stripped)
 64      flat = logprobs.contiguous().view(-1)
 65      out = torch.empty(world * flat.numel(), dtype=flat.dtype, device=flat.device)
 66      dist.all_gather_into_tensor(out, flat, group=group)
 67      return out
 ...
 77  def calibration_metrics(batch_logprobs, labels_mask):
 78      valid = batch_logprobs[labels_mask]            # variable length per rank
 79      allp = gather_logprobs(valid)
 80      return {"ece": expected_calibration_error(allp)}
'''


def an13():
    rng = random.Random(4313)
    c = Case("an13_watchdog_timeout_allgather_every_rank")
    pods = ["llmft-master-0", "llmft-worker-0", "llmft-worker-1", "llmft-worker-2"]
    t0 = T(2024, 12, 3, 7, 44, 0)
    seq = 61044
    sizes = {}
    for r in range(32):
        sizes[r] = rng.choice([1052672, 1056768, 1048576, 1054720, 1056768, 1056768])
    # shared timeline: eval every 1000 steps, calibration metrics only every 3000 steps
    timeline = []
    tt = plus(t0, 90)
    for step in range(1, 3001):
        tt = plus(tt, 2.21 + rng.uniform(-0.03, 0.03))
        timeline.append((step, tt))
        if step % 1000 == 0 and step < 3000:
            tt = plus(tt, 62)
    hang_t = plus(timeline[-1][1], 0.2)
    wd = plus(hang_t, 1800)
    for pi, pod in enumerate(pods):
        L = []
        L.append("%s INFO     launching: torchrun --nnodes=4 --nproc_per_node=8 --rdzv_endpoint=llmft-master-0:23456 -m llmft.train --cfg /cfg/qwen14b_ft.yaml" % ts_iso(plus(t0, -30), 3, "Z"))
        for lr in range(8):
            r = pi * 8 + lr
            L.append("[rank%d]:%s INFO llmft.train: rank %d/32 on pod %s cuda:%d" % (r, ts_iso(plus(t0, 2), 3, "Z"), r, pod, lr))
        if pi == 0:
            L.append("[rank0]:%s INFO llmft.train: eval every 1000 steps; calibration metrics (eval.calibration=true) every 3000 steps" % ts_iso(plus(t0, 3), 3, "Z"))
        for step, tt in timeline:
            if step % 25 == 0 and pi == 0 and step < 3000:
                L.append("[rank0]:%s INFO llmft.train: step=%d loss=%.4f lr=%.3e grad_norm=%.3f tok/s/gpu=%d" % (ts_iso(tt, 3, "Z"), step, 1.41 - step / 9000 + rng.uniform(-0.03, 0.03), 1e-5, rng.uniform(0.3, 0.8), int(7400 + rng.uniform(-80, 80))))
            if step % 1000 == 0 and pi == 0 and step < 3000:
                L.append("[rank0]:%s INFO llmft.train: running eval (calibration metrics: skipped this round)" % ts_iso(plus(tt, 0.1), 3, "Z"))
                L.append("[rank0]:%s INFO llmft.train: eval step=%d val_loss=%.4f" % (ts_iso(plus(tt, 61), 3, "Z"), step, 1.37 - step / 12000))
        if pi == 0:
            L.append("[rank0]:%s INFO llmft.train: running eval (calibration metrics enabled: eval.calibration=true)" % ts_iso(plus(hang_t, 0.1), 3, "Z"))
        for lr in range(8):
            r = pi * 8 + lr
            L += watchdog_lines(r, plus(wd, lr * 0.002 + pi * 0.01), seq, "_ALLGATHER_BASE", sizes[r], sizes[r] * 32, 1800000, seq, seq - 1, rng, with_trace=(lr == 0))
            L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1267] [PG ID 0 PG GUID 0(default_pg) Rank %d] Dumping nccl trace to /mnt/fr/nccl_trace_rank_%d" % (r, ts_glog_new(plus(wd, 0.5), "I", rng), r, r))
        L.append("%s ERROR    torchrun exited with code 1; pod restartPolicy=Never" % ts_iso(plus(wd, 9), 3, "Z"))
        c.add("%s/pod.log" % pod, L)
        c.add("%s/describe.txt" % pod, ["Name:         %s" % pod, "Namespace:    llm-ft", "Node:         gke-h100-pool-1-8a2f-%s/10.128.%d.%d" % (["x2kd", "p9qe", "m4ts", "c7vz"][pi], pi, 17 + pi),
                                        "Status:       Failed", "Containers:", "  pytorch:", "    Image:          registry.internal/llmft:2024.11.28", "    State:          Terminated",
                                        "      Reason:       Error", "      Exit Code:    1", "    Limits:", "      nvidia.com/gpu:  8", "Events:  <none>"])
    # FR analysis output
    groups = {}
    for r, s in sizes.items():
        groups.setdefault(s, []).append(r)
    A = ["$ python -m torch.distributed.flight_recorder.fr_trace /mnt/fr -p nccl_trace_rank_",
         "loaded 32 dump files (version 2.5)", "",
         "Collective %d at entry 1833 error" % seq,
         " Reason: Input tensor sizes mismatch"]
    for s in sorted(groups):
        A.append("  ranks %s: input sizes [[%d]] output sizes [[%d]]" % (groups[s], s, s * 32))
    A += ["group info: 0:default_pg", "collective: nccl:_allgather_base", "collective state: started (all 32 ranks)", "collective stack trace:",
          "    all_gather_into_tensor at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:3505",
          "    wrapper at /usr/local/lib/python3.11/site-packages/torch/distributed/c10d_logger.py:83",
          "    gather_logprobs at /app/src/llmft/utils/metrics.py:66",
          "    calibration_metrics at /app/src/llmft/utils/metrics.py:79",
          "    evaluate at /app/src/llmft/train.py:402",
          "    main at /app/src/llmft/train.py:517",
          "", "all earlier collectives (seq <= %d) matched on all ranks" % (seq - 1)]
    c.add("fr/fr_trace_output.txt", A)
    # two raw dumps
    for r in (0, 13):
        ents = []
        for k in range(5):
            ct = plus(hang_t, -10 + k * 2.2)
            ents.append(fr_entry(220100 + k, seq - 5 + k, "nccl:_reduce_scatter_base", ct, [[117964800]], "completed",
                                 [("_reduce_scatter_base", "/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", 3911),
                                  ("backward", "/usr/local/lib/python3.11/site-packages/torch/_tensor.py", 626),
                                  ("train_step", "/app/src/llmft/train.py", 288)], out_sizes=[[3686400]], started=plus(ct, 0.01), completed=plus(ct, 0.3), timeout_ms=1800000))
        ents.append(fr_entry(220105, seq, "nccl:_allgather_base", plus(hang_t, 0.4), [[sizes[r]]], "started",
                             [("all_gather_into_tensor", "/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", 3505),
                              ("gather_logprobs", "/app/src/llmft/utils/metrics.py", 66), ("calibration_metrics", "/app/src/llmft/utils/metrics.py", 79),
                              ("evaluate", "/app/src/llmft/train.py", 402)], dtype="Float", out_sizes=[[sizes[r] * 32]], started=plus(hang_t, 0.41), timeout_ms=1800000))
        c.add("fr/nccl_trace_rank_%d.json" % r, json.dumps({"version": "2.5", "pg_status": {"0": {"last_enqueued_collective": seq, "last_started_collective": seq, "last_completed_collective": seq - 1}}, "entries": ents}, indent=1))
    c.add("repo_snippets/metrics.py", METRICS_PY_AN13)
    c.set_label("user_code", "script", None, "stop",
                "All 32 ranks time out in the same _ALLGATHER_BASE (seq 61044) issued from gather_logprobs() during eval; the flight recorder shows the ranks passing different input sizes because the code all-gathers a variable-length, padding-stripped tensor with all_gather_into_tensor, a program-level collective size mismatch.",
                "https://github.com/pytorch/pytorch/issues/97191")
    return c


# ---------------------------------------------------------------------------
# an14  finished training but never exits (rank 0 alone in final barrier)
# ---------------------------------------------------------------------------

TRAIN_PY_AN14 = '''# src/train.py (tail), as deployed for job 3310472
388  def finalize(model, cfg):
389      rank = dist.get_rank()
390      if rank != 0:
391          log.info("rank %d: non-zero rank, skipping export; exiting", rank)
392          return
393      log.info("saving final consolidated state dict ...")
394      sd = consolidate_state_dict(model)      # gathers on rank 0 via NCCL p2p on dedicated group
395      torch.save(sd, os.path.join(cfg.out_dir, "final.pt"))
396      export_hf(sd, cfg.out_dir)
397      log.info("waiting at final barrier")
398      dist.barrier()
399      dist.destroy_process_group()
400
401  if __name__ == "__main__":
402      ...
410      train(model, cfg)
411      finalize(model, cfg)
'''


def an14():
    rng = random.Random(4314)
    c = Case("an14_job_never_exits_after_last_step")
    hosts = ["gpu-node-21", "gpu-node-22"]
    t0 = T(2024, 6, 29, 20, 1, 3)
    steps = 20000
    st = 1.31
    t_end = plus(t0, 120 + steps * st)
    pids = {r: 77100 + (r // 8) * 400 + (r % 8) * 6 for r in range(16)}
    for ni, h in enumerate(hosts):
        L = []
        L.append("%s:%d [launcher] torchrun --nnodes=2 --nproc_per_node=8 --node_rank=%d --master_addr=gpu-node-21 src/train.py --cfg cfg/mistral7b_cpt.yaml" % (h, 77090 + ni * 400, ni))
        for lr in range(8):
            r = ni * 8 + lr
            L.append("%s [rank %d] INFO init: host=%s local_rank=%d world_size=16 nccl_timeout=1800s" % (ts_py(plus(t0, 3)), r, h, lr))
        tt = plus(t0, 120)
        for s in range(100, steps + 1, 100):
            tt = plus(tt, 100 * st + rng.uniform(-1, 1))
            if ni == 0:
                L.append("%s [rank 0] INFO step %5d/%d | loss %.4f | lr %.2e | %.0f tok/s | mem 61.2GB" % (ts_py(tt), s, steps, 2.2 - s / 40000 + rng.uniform(-0.02, 0.02), 3e-5 * (1 - s / steps) + 3e-6, 100100 + rng.uniform(-700, 700)))
            if s % 5000 == 0:
                for lr in range(8):
                    r = ni * 8 + lr
                    if r == 0:
                        L.append("%s [rank 0] INFO saved sharded checkpoint step_%d (21.7 s)" % (ts_py(plus(tt, 22)), s))
                tt = plus(tt, 22)
        for lr in range(8):
            r = ni * 8 + lr
            L.append("%s [rank %d] INFO training finished: %d steps in %s" % (ts_py(plus(tt, 0.2 + lr * 0.01)), r, steps, fmt_hms((tt - t0).total_seconds())))
        if ni == 0:
            L.append("%s [rank 0] INFO saving final consolidated state dict ..." % ts_py(plus(tt, 0.4)))
        for lr in range(8):
            r = ni * 8 + lr
            if r == 0:
                continue
            L.append("%s [rank %d] INFO rank %d: non-zero rank, skipping export; exiting" % (ts_py(plus(tt, 0.5 + lr * 0.01)), r, r))
            L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"
                     % (r, ts_glog_new(plus(tt, 0.9 + lr * 0.01), "W", rng)))
        if ni == 1:
            L.append("I%s %d torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % (ts_glog_old(plus(tt, 2), ""), 77490))
            L.append("I%s %d torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % (ts_glog_old(plus(tt, 2), ""), 77490))
            L.append("I%s %d torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 300.0021 seconds" % (ts_glog_old(plus(tt, 302), ""), 77490))
        else:
            L.append("%s [rank 0] INFO consolidated state dict written: /data/out/mistral7b_cpt/final.pt (14.48 GB)" % ts_py(plus(tt, 141)))
            L.append("%s [rank 0] INFO exported HF checkpoint to /data/out/mistral7b_cpt/hf" % ts_py(plus(tt, 187)))
            L.append("%s [rank 0] INFO waiting at final barrier" % ts_py(plus(tt, 187.2)))
            wt = plus(tt, 187.2 + 1800 + 0.5)
            L += watchdog_lines(0, wt, 80013, "BARRIER", 1, 1, 1800000, 80013, 80012, rng, with_trace=True)
            L.append("E%s 77090 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (ts_glog_old(plus(wt, 3), ""), pids[0]))
            L.append("============================================================")
            L.append("src/train.py FAILED")
            L.append("------------------------------------------------------------")
            L.append("Failures:")
            L.append("  <NO_OTHER_FAILURES>")
            L.append("------------------------------------------------------------")
            L.append("Root Cause (first observed failure):")
            L.append("[0]:")
            L.append("  time      : %s" % plus(wt, 3).strftime("%Y-%m-%d_%H:%M:%S"))
            L.append("  host      : gpu-node-21")
            L.append("  rank      : 0 (local_rank: 0)")
            L.append("  exitcode  : -6 (pid: %d)" % pids[0])
            L.append("  error_file: <N/A>")
            L.append("  traceback : Signal 6 (SIGABRT) received by PID %d" % pids[0])
            L.append("============================================================")
        c.add("%s/stdout.log" % h, L)
    P = pyspy(pids[0], "/usr/bin/python3 -u src/train.py --cfg cfg/mistral7b_cpt.yaml",
              [(pids[0], "idle", "MainThread", ["barrier (torch/distributed/distributed_c10d.py:4166)",
                                                  "wrapper (torch/distributed/c10d_logger.py:83)",
                                                  "finalize (src/train.py:398)", "<module> (src/train.py:411)"]),
               (pids[0] + 57, "idle", "Thread-3 (_monitor)", ["_monitor (src/utils/heartbeat.py:40)", "run (threading.py:953)",
                                                              "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"])])
    c.add("gpu-node-21/py-spy-rank0.txt", ["# collected %s by on-call (job had printed 'training finished' 20 min earlier)" % plus(t_end, 1500).strftime("%Y-%m-%d %H:%M:%S")] + P)
    c.add("gpu-node-21/ps-after-finish.txt", ["$ ps -o pid,stat,etime,cmd -u svc-train   (%s)" % plus(t_end, 1500).strftime("%H:%M:%S"),
                                              "    PID STAT     ELAPSED CMD",
                                              "  77090 Sl      08:00:41 /usr/bin/python3 /usr/local/bin/torchrun --nnodes=2 --nproc_per_node=8 --node_rank=0 ...",
                                              "  %d Rl      08:00:37 /usr/bin/python3 -u src/train.py --cfg cfg/mistral7b_cpt.yaml" % pids[0],
                                              "# ranks 1-7 on this node and all ranks on gpu-node-22 have exited (exit code 0)"])
    c.add("sacct.txt", ["       JobID    JobName      State ExitCode    Elapsed               End ",
                        "------------ ---------- ---------- -------- ---------- ------------------- ",
                        "     3310472 mistral7b+     FAILED    134:0   08:21:56 %s " % ts_slurm(plus(t_end, 1800 + 190)),
                        "3310472.bat+      batch     FAILED    134:0   08:21:56 %s " % ts_slurm(plus(t_end, 1800 + 190)),
                        "   3310472.0   torchrun     FAILED    134:0   08:21:52 %s " % ts_slurm(plus(t_end, 1800 + 190))])
    c.add("src_train_tail.py", TRAIN_PY_AN14)
    c.set_label("user_code", "script", None, "stop",
                "Training completed on all 16 ranks, but finalize() returns early on every non-zero rank while rank 0 calls dist.barrier() after exporting, so rank 0 waits alone and the watchdog aborts its BARRIER after 30 min; the hang at exit is the program skipping the final barrier/destroy on other ranks.",
                "https://github.com/pytorch/pytorch/issues/75097")
    return c


# ---------------------------------------------------------------------------
# an15  Lightning log_dict with rank-dependent keys
# ---------------------------------------------------------------------------

SEG_PY_AN15 = '''# segmodel.py (LightningModule), lines 128-146
128      def on_validation_epoch_end(self):
129          iou = self.val_iou.compute()                # per-class IoU, local to this rank
130          support = self.val_support                   # pixels per class seen by THIS rank
131          per_class = {
132              f"val/iou_{name}": iou[i]
133              for i, name in enumerate(self.class_names)
134              if support[i] > 0                        # skip classes absent from this shard
135          }
136          self.print(f"[rank {self.global_rank}] val classes present: {len(per_class)}")
137          self.log_dict(per_class, sync_dist=True)
138          self.log("val/miou", torch.stack(list(per_class.values())).mean(), sync_dist=True)
139          self.val_iou.reset()
140          self.val_support.zero_()
'''


def an15():
    rng = random.Random(4315)
    c = Case("an15_validation_end_freezes_on_two_nodes")
    hosts = ["lx-gpu-101", "lx-gpu-102"]
    t0 = T(2024, 3, 5, 9, 14, 27)
    extra = {3, 9, 12}
    pids = {r: 41200 + (r // 8) * 2000 + (r % 8) * 13 for r in range(16)}
    t_val_end = plus(t0, 3600 * 1.9)
    wd = plus(t_val_end, 1800 + 2)
    for ni, h in enumerate(hosts):
        L = []
        L.append("Using 16bit Automatic Mixed Precision (AMP)")
        L.append("GPU available: True (cuda), used: True")
        L.append("TPU available: False, using: 0 TPU cores")
        L.append("HPU available: False, using: 0 HPUs")
        for lr in range(8):
            r = ni * 8 + lr
            L.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (r, r + 1))
        if ni == 0:
            L += ["----------------------------------------------------------------------------------------------------",
                  "distributed_backend=nccl", "All distributed processes registered. Starting with 16 processes",
                  "----------------------------------------------------------------------------------------------------", "",
                  "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]", "",
                  "  | Name      | Type                 | Params | Mode ",
                  "-----------------------------------------------------------",
                  "0 | model     | UperNet              | 121 M  | train",
                  "1 | criterion | CrossEntropyLoss     | 0      | train",
                  "2 | val_iou   | MulticlassJaccardIndex | 0    | train",
                  "-----------------------------------------------------------",
                  "121 M     Trainable params", "0         Non-trainable params", "121 M     Total params", "485.112   Total estimated model params size (MB)"]
        for ep in range(3):
            if ni == 0:
                for b in range(0, 1201, 60):
                    L.append("Epoch %d: %3d%%|%s| %d/1200 [%s<%s, 0.73it/s, v_num=14, train/loss_step=%.3f]" % (ep, int(b / 12), "\u2588" * (b // 120) + " " * (10 - b // 120), b, fmt_hms(b * 1.37), fmt_hms((1200 - b) * 1.37), 0.9 - ep * 0.12 - b / 8000 + rng.uniform(-0.03, 0.03)))
                L.append("Validation DataLoader 0: 100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 125/125 [01:3%d<00:00,  1.37it/s]" % (1 + ep // 2))
            for lr in range(8):
                r = ni * 8 + lr
                npres = 150 if (ep < 2 or r in extra) else 149
                L.append("[rank %d] val classes present: %d" % (r, npres))
            if ni == 0 and ep < 2:
                L.append("Epoch %d, global step %d: 'val/miou' reached %.5f (best %.5f), saving model to '/ckpt/upernet_ade/epoch=%d-step=%d.ckpt' as top 1" % (ep, (ep + 1) * 1200, 0.31 + ep * 0.05, 0.31 + ep * 0.05, ep, (ep + 1) * 1200))
        for lr in range(8):
            r = ni * 8 + lr
            if r in extra:
                L += watchdog_lines(r, plus(wd, lr * 0.003), 51703, "BARRIER", 1, 1, 1800000, 51703, 51702, rng, with_trace=False)
            else:
                L += watchdog_lines(r, plus(wd, lr * 0.003 - 0.4), 51703, "ALLREDUCE", 31522304, 31522304, 1800000, 51704, 51702, rng, with_trace=(lr in (0, 4)))
        L.append("srun: error: %s: tasks %d-%d: Aborted (core dumped)" % (h, ni * 8, ni * 8 + 7))
        c.add("%s/lightning_stdout.log" % h, L)
        # py-spy dumps collected at +20 min
        for lr in range(8):
            r = ni * 8 + lr
            if r in extra:
                fr = ["barrier (torch/distributed/distributed_c10d.py:4159)",
                      "wrapper (torch/distributed/c10d_logger.py:83)",
                      "_sync_ddp (lightning_fabric/utilities/distributed.py:220)",
                      "_sync_ddp_if_available (lightning_fabric/utilities/distributed.py:171)",
                      "reduce (lightning/pytorch/strategies/ddp.py:331)",
                      "__call__ (lightning/pytorch/trainer/connectors/logger_connector/result.py:81)",
                      "update (lightning/pytorch/trainer/connectors/logger_connector/result.py:273)",
                      "log (lightning/pytorch/trainer/connectors/logger_connector/result.py:408)",
                      "log (lightning/pytorch/core/module.py:507)",
                      "log_dict (lightning/pytorch/core/module.py:648)",
                      "on_validation_epoch_end (segmodel.py:137)",
                      "_call_lightning_module_hook (lightning/pytorch/trainer/call.py:159)",
                      "_on_evaluation_epoch_end (lightning/pytorch/loops/evaluation_loop.py:343)",
                      "run (lightning/pytorch/loops/evaluation_loop.py:144)",
                      "_decorator (lightning/pytorch/loops/utilities.py:182)",
                      "_run_validation (lightning/pytorch/loops/training_epoch_loop.py:365)",
                      "on_advance_end (lightning/pytorch/loops/training_epoch_loop.py:323)",
                      "run (lightning/pytorch/loops/training_epoch_loop.py:141)",
                      "advance (lightning/pytorch/loops/fit_loop.py:363)",
                      "run (lightning/pytorch/loops/fit_loop.py:202)",
                      "_run_stage (lightning/pytorch/trainer/trainer.py:1025)",
                      "fit (lightning/pytorch/trainer/trainer.py:543)",
                      "main (train_seg.py:88)", "<module> (train_seg.py:95)"]
            else:
                fr = ["get_metrics (lightning/pytorch/callbacks/progress/progress_bar.py:195)",
                      "on_train_batch_end (lightning/pytorch/callbacks/progress/tqdm_progress.py:281)",
                      "_call_callback_hooks (lightning/pytorch/trainer/call.py:218)",
                      "advance (lightning/pytorch/loops/training_epoch_loop.py:276)",
                      "run (lightning/pytorch/loops/training_epoch_loop.py:140)",
                      "advance (lightning/pytorch/loops/fit_loop.py:363)",
                      "run (lightning/pytorch/loops/fit_loop.py:202)",
                      "_run_stage (lightning/pytorch/trainer/trainer.py:1025)",
                      "fit (lightning/pytorch/trainer/trainer.py:543)",
                      "main (train_seg.py:88)", "<module> (train_seg.py:95)"]
            P = pyspy(pids[r], "python train_seg.py --config configs/upernet_ade20k.yaml",
                      [(pids[r], "active", "MainThread", fr),
                       (pids[r] + 6, "idle", "pt_autograd_0", ["<native>"]),
                       (pids[r] + 9, "idle", "QueueFeederThread", ["wait (threading.py:320)", "_feed (multiprocessing/queues.py:231)", "run (threading.py:953)"])])
            c.add("%s/pyspy/rank%02d.txt" % (h, r), P)
    c.add("code/segmodel_excerpt.py", SEG_PY_AN15)
    c.set_label("user_code", "script", None, "stop",
                "After the third validation, ranks 3, 9 and 12 report 150 classes present and the rest 149; on_validation_epoch_end logs one sync_dist metric per present class, so those three ranks are still inside Lightning's _sync_ddp barrier while the others already started the next training step, and everything times out. Rank-dependent log_dict keys are a program bug.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return c


# ---------------------------------------------------------------------------
# an16  Megatron: every rank times out in the same collective, nothing else
# ---------------------------------------------------------------------------

def an16():
    rng = random.Random(4316)
    c = Case("an16_watchdog_timeouts_all_ranks_same_seq")
    hosts = ["g0412", "g0413", "g0418", "g0420"]
    t0 = T(2024, 5, 27, 3, 0, 44)
    seq = 218871
    it_hang = 24310
    pids = {r: 90300 + (r // 8) * 311 + (r % 8) * 4 for r in range(32)}
    tt = plus(t0, 120)
    iters = []
    it = 23000
    while it < it_hang:
        it += 10
        ms = 5210 + rng.uniform(-25, 25)
        if it % 500 == 0:
            ms += 9000
        tt = plus(tt, ms / 100)
        iters.append((tt, it, ms))
    hang_t = plus(tt, 5.2)
    wd = plus(hang_t, 1800)
    for ni, h in enumerate(hosts):
        L = []
        L.append("+ torchrun --nnodes 4 --nproc_per_node 8 --node_rank %d --master_addr g0412 --master_port 6000 pretrain_gpt.py ..." % ni)
        for lr in range(8):
            r = ni * 8 + lr
            L += ["[rank%d]:%s" % (r, x) for x in nccl_init_lines(h, pids[r], lr, r, 32, "10.160.4.%d" % (12 + ni), BUS_IDS_H100[lr], rng)[-3:]]
        if ni == 0:
            L.append("[rank0]: loading checkpoint from /gpfs/llm/ckpt/gpt-22b at iteration 23000")
            L.append("[rank0]:  successfully loaded checkpoint from /gpfs/llm/ckpt/gpt-22b [ t 0/8, p 0/4 ] at iteration 23000")
        if ni == 3:
            for (t_, it_, ms) in iters:
                L.append("[rank31]:" + megatron_iter(t_, it_, 100000, 1024, ms, 389.0 * 5210 / ms, lr_at(it_, peak=2e-4, total=100000), 2.11 + rng.uniform(-0.03, 0.03), rng.uniform(0.15, 0.25)))
                if it_ % 500 == 0:
                    L.append("[rank31]:saving checkpoint at iteration %7d to /gpfs/llm/ckpt/gpt-22b in torch_dist format" % it_)
        elif ni == 0:
            for (t_, it_, ms) in iters:
                if it_ % 500 == 0:
                    L.append("[rank0]:  successfully saved checkpoint from iteration %7d to /gpfs/llm/ckpt/gpt-22b [ t 1/8, p 1/4 ]" % it_)
        for lr in range(8):
            r = ni * 8 + lr
            numel = 402653184 if (r // 8) % 2 == 0 else 402653184
            L += watchdog_lines(r, plus(wd, rng.uniform(0, 0.4)), seq, "ALLREDUCE", numel, numel, 1800000, seq, seq - 1, rng, with_trace=(lr == 0),
                                pg_id=3, pg_desc="DATA_PARALLEL_GROUP")
        L.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts_glog_old(plus(wd, 3), ""), pids[ni * 8] - 11, pids[ni * 8 + 2]))
        L += torchrun_failure(h, plus(wd, 5), ni * 8, 0, pids[ni * 8], -6, "pretrain_gpt.py", rng)
        c.add("%s/node%d_torchrun.log" % (h, ni), L)
        ev = boot_dmesg(rng, h)
        c.add("%s/dmesg.txt" % h, [fmt_uptime(u) + " " + m for u, m in ev] + ([fmt_uptime(410022.6) + " hrtimer: interrupt took 10472 ns"] if ni == 2 else []))
        c.add("%s/uptime.txt" % h, ["boot: %s" % plus(t0, -3600 * 100).strftime("%Y-%m-%d %H:%M:%S"), "collected: %s" % plus(wd, 300).strftime("%Y-%m-%d %H:%M:%S")])
        gpus = [gpu_default(lr, temp=rng.randint(33, 38), power=rng.uniform(70, 95), util=0, fb_used=0, procs=None) for lr in range(8)]
        c.add("%s/nvidia-smi-q-after.txt" % h, nvsmi_q(plus(wd, 300), gpus, rng=rng))
        c.add("%s/ibstat.txt" % h, ["CA 'mlx5_%d'" % x + "\n\tPort 1:\n\t\tState: Active\n\t\tPhysical state: LinkUp\n\t\tRate: 400\n\t\tLink layer: InfiniBand" for x in (0, 3, 4, 5, 6, 9, 10, 11)])
    c.add("slurm-4481029.out", ["srun: error: g0412: task 0: Exited with exit code 1",
                                "srun: error: g0413: task 1: Exited with exit code 1",
                                "srun: error: g0418: task 2: Exited with exit code 1",
                                "srun: error: g0420: task 3: Exited with exit code 1",
                                "# flight recorder was not enabled for this job (TORCH_NCCL_TRACE_BUFFER_SIZE unset)"])
    c.set_label("hang", "infrastructure", None, "restart",
                "Iteration logs stop at 24310 and 30 min later all 32 ranks report a watchdog timeout on the same data-parallel ALLREDUCE (SeqNum 218871, enqueued but never completed everywhere); there is no outlier rank, no flight recorder, and dmesg, IB and GPU state are clean on all nodes, so it is an unexplained hang.",
                "https://github.com/pytorch/pytorch/issues/118369")
    return c


# ---------------------------------------------------------------------------
# an17  torchtitan + flight recorder: rank 27 never joined
# ---------------------------------------------------------------------------

def an17():
    rng = random.Random(4317)
    c = Case("an17_flight_recorder_dump_after_timeout")
    hosts = ["h100-sc-n05", "h100-sc-n06", "h100-sc-n07", "h100-sc-n08"]
    missing = 27
    seq = 7741
    t0 = T(2025, 2, 14, 18, 20, 10)
    pids = {r: 3301 + (r % 8) * 7 for r in range(32)}
    hang_t = plus(t0, 3600 * 1.45)
    wd = plus(hang_t, 600)
    for ni, h in enumerate(hosts):
        L = []
        rank0 = ni * 8
        pre, tt = titan_preamble(t0, rank0, rng, 32, model="llama3_8b", job="llama3-8b-fsdp-sc")
        L += pre
        L.append("[rank%d]:[titan] %s - root - INFO - Flight recorder enabled: TORCH_NCCL_TRACE_BUFFER_SIZE=20000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_FR_DUMP_TEMP_FILE=/lustre/sc/fr/llama3-8b-fsdp-sc/nccl_trace_rank_" % (rank0, ts_py(plus(tt, 0.1))))
        step = 0
        while tt < hang_t:
            step += 1
            tps = int(4180 + rng.uniform(-40, 40))
            tt = plus(tt, 8192 * 2 / tps)
            if step % 10 == 0 and ni == 0:
                L.append(titan_step(tt, 0, step, 3.4 - step / 2000 + rng.uniform(-0.03, 0.03), 61.2, 64.4, tps, tps * 0.0506, tps * 0.0506 / 9.89))
            if step % 50 == 0 and ni == 0:
                L.append("[rank0]:[titan] %s - root - INFO - [GC] Performing periodical GC collection. 0.0%d seconds." % (ts_py(plus(tt, 0.2)), rng.randint(3, 8)))
        for lr in range(8):
            r = ni * 8 + lr
            if r == missing:
                L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1680] [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a global dump signal due to a collective timeout from rank 2 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc."
                         % (r, ts_glog_new(plus(wd, 1.1), "E", rng), r, seq - 1, seq - 1))
                L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1383] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, ts_glog_new(plus(wd, 1.1), "E", rng), r))
                continue
            L += watchdog_lines(r, plus(wd, rng.uniform(0, 0.6)), seq, "_REDUCE_SCATTER_BASE", 117440512, 3670016, 600000, seq, seq - 1, rng,
                                with_trace=(lr == 0))
            L.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1383] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, ts_glog_new(plus(wd, 0.9), "E", rng), r))
        L.append("W%s 3290 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts_glog_old(plus(wd, 8), ""), pids[ni * 8 + 3]))
        L += torchrun_failure(h, plus(wd, 10), ni * 8 + (1 if ni != 3 else 0), 1 if ni != 3 else 0, pids[ni * 8 + 1], -6, "torchtitan.train", rng)
        c.add("%s/torchrun_node%d.log" % (h, ni), L)
        ev = boot_dmesg(rng, h)
        c.add("%s/dmesg.txt" % h, [fmt_uptime(u) + " " + m for u, m in ev])
    # FR dumps (JSON) for every rank, compact
    frames_rs = [("_reduce_scatter_base", "torch/distributed/distributed_c10d.py", 4140),
                 ("foreach_reduce", "torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py", 380),
                 ("post_backward", "torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py", 466),
                 ("backward", "torch/_tensor.py", 626), ("train_step", "torchtitan/train.py", 409)]
    last_ok = plus(hang_t, -0.4)
    for r in range(32):
        ents = []
        for k in range(4):
            s = seq - 4 + k
            ct = plus(last_ok, -1.2 + k * 0.3)
            ents.append(fr_entry(15400 + k, s, "nccl:reduce_scatter", ct, [[117440512]], "completed", frames_rs, out_sizes=[[3670016]],
                                 started=plus(ct, 0.01), completed=plus(ct, 0.25)))
        if r != missing:
            ents.append(fr_entry(15404, seq, "nccl:reduce_scatter", plus(hang_t, rng.uniform(0.0, 0.3)), [[117440512]], "started", frames_rs, out_sizes=[[3670016]],
                                 started=plus(hang_t, 0.35)))
            ents.append(fr_entry(15405, seq + 1, "nccl:reduce_scatter", plus(hang_t, 0.4), [[117440512]], "scheduled", frames_rs, out_sizes=[[3670016]]))
        st = {"last_enqueued_collective": seq + 1 if r != missing else seq - 1, "last_started_collective": seq if r != missing else seq - 1,
              "last_completed_collective": seq - 1}
        c.add("fr_dumps/nccl_trace_rank_%d.json" % r, json.dumps({"version": "2.4", "pg_status": {"0": st}, "entries": ents}, indent=None) + "\n")
    A = ["$ python tools/flight_recorder/fr_trace.py /lustre/sc/fr/llama3-8b-fsdp-sc -p nccl_trace_rank_",
         "loaded 32 dump files",
         "",
         "Not all ranks joining collective %d at entry 1203" % seq,
         "group info: 0:default_pg",
         "collective: nccl:reduce_scatter",
         "missing ranks: {%d}" % missing,
         "input sizes: [[117440512]]",
         "output sizes: [[3670016]]",
         "expected ranks: 32",
         "collective state: started",
         "collective stack trace:",
         "    _reduce_scatter_base at torch/distributed/distributed_c10d.py:4140",
         "    foreach_reduce at torch/distributed/fsdp/_fully_shard/_fsdp_collectives.py:380",
         "    post_backward at torch/distributed/fsdp/_fully_shard/_fsdp_param_group.py:466",
         "    backward at torch/_tensor.py:626",
         "    train_step at torchtitan/train.py:409",
         "",
         "rank %d: last entry collective %d state=completed; no later entries (pg_status last_enqueued=%d)" % (missing, seq - 1, seq - 1)]
    c.add("fr_dumps/analysis.txt", A)
    c.set_label("hang", "infrastructure", {"node": "h100-sc-n08", "rank": missing}, "run_diagnostics",
                "31 ranks time out in reduce_scatter 7741 while rank 27 (h100-sc-n08, local rank 3) reports nothing but the global dump signal; the flight recorder shows rank 27's last entry is 7740 completed and it never enqueued 7741, so that one rank stopped issuing collectives for no visible reason.",
                "https://docs.pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return c


# ---------------------------------------------------------------------------
# an18  py-spy: one rank stuck in CUDA sync inside forward
# ---------------------------------------------------------------------------

def an18():
    rng = random.Random(4318)
    c = Case("an18_pyspy_dumps_collected_during_stall")
    hosts = ["node-gpu-31", "node-gpu-32"]
    bad = 11
    t0 = T(2024, 8, 2, 22, 7, 0)
    pids = {r: 201700 + (r // 8) * 5000 + (r % 8) * 21 for r in range(16)}
    stall_t = plus(t0, 3600 * 2.7)
    snap_t = plus(stall_t, 1500)
    for ni, h in enumerate(hosts):
        L = []
        L.append("%s - INFO - accelerate.utils.launch - launching 8 processes on %s (machine_rank=%d, num_machines=2, main=node-gpu-31:29500)" % (ts_py(t0), h, ni))
        for lr in range(8):
            r = ni * 8 + lr
            L.append("%s - INFO - __main__ - [rank %d] local_rank %d device cuda:%d, FSDP FULL_SHARD, model=moe-16x1b" % (ts_py(plus(t0, 20)), r, lr, lr))
        tt = plus(t0, 150)
        step = 0
        while tt < stall_t:
            step += 1
            tt = plus(tt, 2.33 + rng.uniform(-0.04, 0.04))
            if step % 20 == 0 and ni == 0:
                L.append("%s - INFO - __main__ - step %d | loss %.4f | aux_loss %.4f | tokens/s %d | step_time %.2fs" % (ts_py(tt), step, 2.6 - step / 12000 + rng.uniform(-0.03, 0.03), 0.0103 + rng.uniform(-0.001, 0.001), int(56200 + rng.uniform(-500, 500)), 2.33))
        if ni == 0:
            L.append("# no output after step %d; on-call ran py-spy dump --native on every rank at %s, then scancel" % (step - step % 20, snap_t.strftime("%H:%M:%S")))
        L.append("slurmstepd: error: *** STEP 918822.0 ON %s CANCELLED AT %s ***" % (h, ts_slurm(plus(snap_t, 240))))
        c.add("%s/train.log" % h, L)
        for lr in range(8):
            r = ni * 8 + lr
            if r == bad:
                frames = ["cuStreamSynchronize (libcuda.so.535.183.01)",
                          "0x7f3c8a91c2f1 (libcudart.so.12)",
                          "cudaStreamSynchronize (libcudart.so.12)",
                          "c10::cuda::stream_synchronize (c10/cuda/CUDAFunctions.h:89)",
                          "synchronize (torch/cuda/__init__.py:954)",
                          "fused_moe_dispatch (moe/dispatch.py:188)",
                          "forward (moe/layer.py:142)",
                          "_call_impl (torch/nn/modules/module.py:1562)",
                          "forward (model/block.py:77)",
                          "_call_impl (torch/nn/modules/module.py:1562)",
                          "forward (torch/distributed/fsdp/fully_sharded_data_parallel.py:863)",
                          "forward (model/moe_lm.py:210)",
                          "train_step (train.py:229)",
                          "main (train.py:301)",
                          "<module> (train.py:340)"]
                state = "active"
            else:
                frames = ["0x7f51c0a8b5d0 (libcuda.so.535.183.01)",
                          "cuStreamSynchronize (libcuda.so.535.183.01)",
                          "cudaStreamSynchronize (libcudart.so.12)",
                          "at::native::_local_scalar_dense_cuda (aten/src/ATen/native/cuda/CUDAScalar.cu:25)",
                          "item (torch/_tensor.py)",
                          "clip_grad_norm_ (torch/distributed/fsdp/fully_sharded_data_parallel.py:1197)",
                          "clip_grad_norm_ (accelerate/accelerator.py:2357)",
                          "train_step (train.py:246)",
                          "main (train.py:301)",
                          "<module> (train.py:340)"]
                state = "active"
            P = pyspy(pids[r], "/opt/venv/bin/python train.py --config cfg/moe16x1b.yaml",
                      [(pids[r], state, "MainThread", frames),
                       (pids[r] + 3, "idle", "pt_autograd_0", ["pthread_cond_wait (libc.so.6)", "torch::autograd::ReadyQueue::pop (torch/csrc/autograd/engine.cpp:242)"]),
                       (pids[r] + 5, "idle", "Thread-4 (_pin_memory_loop)", ["select (selectors.py:416)", "do_one_step (torch/utils/data/_utils/pin_memory.py:31)", "_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)"])])
            c.add("%s/pyspy/rank_%02d.txt" % (h, r), ["# py-spy dump --native --pid %d   (%s)" % (pids[r], snap_t.strftime("%Y-%m-%d %H:%M:%S"))] + P)
        rows = [dict(idx=lr, bus=BUS_IDS_H100[lr], temp=rng.randint(44, 52), power=rng.randint(190, 240), plimit=700,
                     used=rng.randint(70100, 71200), total=81559, util=100) for lr in range(8)]
        c.add("%s/nvidia-smi.txt" % h, nvsmi_table(snap_t, rows, [(lr, pids[ni * 8 + lr], "/opt/venv/bin/python", rng.randint(70000, 71000)) for lr in range(8)]))
        ev = boot_dmesg(rng, h)
        c.add("%s/dmesg.txt" % h, [fmt_uptime(u) + " " + m for u, m in ev])
    c.set_label("hang", "infrastructure", {"node": "node-gpu-32", "rank": bad}, "run_diagnostics",
                "py-spy taken during the stall shows 15 ranks waiting in clip_grad_norm_ after issuing the gradient all-reduce, while rank 11 (node-gpu-32, local rank 3) is still in the forward pass blocked in cudaStreamSynchronize inside fused_moe_dispatch and never reached the collective; no Xid or error explains why that GPU stopped progressing.",
                "https://github.com/pytorch/pytorch/issues/95944")
    return c


# ---------------------------------------------------------------------------
# an19  per-rank heartbeat files: one rank's heartbeat stopped
# ---------------------------------------------------------------------------

def an19():
    rng = random.Random(4319)
    c = Case("an19_heartbeat_dir_collected_after_stall")
    hosts = ["gpu-r07-01", "gpu-r07-02", "gpu-r07-03", "gpu-r07-04"]
    bad = 19
    t0 = T(2024, 9, 21, 23, 40, 0)
    stall = T(2024, 9, 22, 2, 26, 5)
    wd = plus(stall, 1800 + 9)
    pids = {r: 15020 + (r % 8) * 31 + (r // 8) for r in range(32)}
    step_at_stall = 5121
    # heartbeats (shared fs)
    for r in range(32):
        H = []
        ht = plus(stall, -1200 + rng.uniform(0, 10))
        step = step_at_stall - int(1200 / 1.95)
        while ht < plus(wd, -2):
            if ht < stall:
                phase = rng.choice(["fwd", "bwd", "bwd", "optim"])
                cur = step_at_stall - int((stall - ht).total_seconds() / 1.95)
            else:
                if r == bad:
                    break
                phase = "collective_wait"
                cur = step_at_stall
            H.append(json.dumps({"ts": ts_iso(ht, 3, "Z"), "rank": r, "host": hosts[r // 8], "pid": pids[r], "step": cur, "phase": phase,
                                 "rss_gb": round(41.2 + rng.uniform(-0.1, 0.1), 2)}))
            ht = plus(ht, 15 + rng.uniform(-0.2, 0.2))
        if r == bad:
            H.append(json.dumps({"ts": ts_iso(plus(stall, -0.4), 3, "Z"), "rank": r, "host": hosts[r // 8], "pid": pids[r], "step": step_at_stall, "phase": "fwd",
                                 "rss_gb": 41.19}))
        c.add("heartbeat/rank_%03d.jsonl" % r, H)
    M = []
    mt = plus(stall, -600)
    while mt < plus(wd, 60):
        age = (mt - stall).total_seconds()
        if age > 120:
            M.append("%s WARN hb_monitor: rank 19 (gpu-r07-03 pid %d) heartbeat stale for %ds (last phase=fwd step=%d); 31/32 ranks fresh" % (ts_py(mt), pids[bad], int(age), step_at_stall))
        else:
            M.append("%s INFO hb_monitor: 32/32 ranks fresh, min step %d max step %d" % (ts_py(mt), step_at_stall - 1 if age < 0 else step_at_stall, step_at_stall))
        mt = plus(mt, 60)
    c.add("heartbeat/hb_monitor.log", M)
    for ni, h in enumerate(hosts):
        L = []
        L.append("%s [launcher] torchrun --nnodes=4 --nproc_per_node=8 --node_rank=%d --rdzv_endpoint=gpu-r07-01:29500 train_lm.py --hb_dir /shared/runs/lm34b/heartbeat" % (ts_py(t0), ni))
        for lr in range(8):
            r = ni * 8 + lr
            L.append("[rank%d]: %s INFO heartbeat thread started -> /shared/runs/lm34b/heartbeat/rank_%03d.jsonl (interval 15s)" % (r, ts_py(plus(t0, 40)), r))
        if ni == 0:
            tt = plus(t0, 300)
            s = step_at_stall - int((stall - tt).total_seconds() / 1.95)
            while tt < stall:
                if s % 25 == 0:
                    L.append("[rank0]: %s INFO step %d loss %.4f grad_norm %.3f step_time %.2fs" % (ts_py(tt), s, 2.02 + rng.uniform(-0.03, 0.03), rng.uniform(0.2, 0.4), 1.95 + rng.uniform(-0.02, 0.02)))
                tt = plus(tt, 1.95)
                s += 1
        for lr in range(8):
            r = ni * 8 + lr
            if r == bad:
                continue
            L += watchdog_lines(r, plus(wd, rng.uniform(0, 0.5)), 40981, "ALLREDUCE", 268435456, 268435456, 1800000, 40981, 40980, rng, with_trace=(lr == 0))
        if ni == 2:
            L.append("W%s 15001 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts_glog_old(plus(wd, 4), ""), pids[bad]))
            L.append("W%s 15001 torch/distributed/elastic/multiprocessing/api.py:875] Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % (ts_glog_old(plus(wd, 34), ""), pids[bad]))
        L += torchrun_failure(h, plus(wd, 36), ni * 8 + (0 if ni != 2 else 1), 0 if ni != 2 else 1, pids[ni * 8 + (0 if ni != 2 else 1)], -6, "train_lm.py", rng)
        c.add("%s/torchrun.log" % h, L)
        ev = boot_dmesg(rng, h)
        c.add("%s/dmesg.txt" % h, [fmt_uptime(u) + " " + m for u, m in ev])
    c.set_label("hang", "infrastructure", {"node": "gpu-r07-03", "rank": bad}, "run_diagnostics",
                "Every rank's background heartbeat keeps reporting 'collective_wait' at step 5121 except rank 19 (gpu-r07-03), whose heartbeat stops at 02:26:05 in the forward pass and which needs SIGKILL; the other 31 ranks then time out in the all-reduce. One rank froze without any kernel or GPU error to explain it.",
                "https://nvidia.github.io/nvidia-resiliency-ext/fault_tolerance/usage_guide.html")
    return c


# ---------------------------------------------------------------------------
# an24  py-spy on all ranks: identical stacks, then watchdog everywhere
# ---------------------------------------------------------------------------

def an24():
    rng = random.Random(4324)
    c = Case("an24_stalled_run_stack_dumps_all_identical")
    hosts = ["dgx-c03", "dgx-c04"]
    t0 = T(2024, 10, 28, 6, 0, 30)
    stall = plus(t0, 3600 * 5.12)
    snap = plus(stall, 1200)
    wd = plus(stall, 1800)
    seq = 55218
    pids = {r: 64400 + (r // 8) * 900 + (r % 8) * 17 for r in range(16)}
    for ni, h in enumerate(hosts):
        L = []
        L.append("%s | INFO | launch | torchrun --standalone=False --nnodes 2 --nproc_per_node 8 --rdzv_endpoint dgx-c03:29400 fsdp_train.py --cfg cfg/codegen_6b.yaml" % ts_py_dot(t0))
        for lr in range(8):
            r = ni * 8 + lr
            L.append("%s | INFO | rank%02d | host=%s gpu=%d nccl=2.21.5 torch=2.4.1" % (ts_py_dot(plus(t0, 4)), r, h, lr))
        tt = plus(t0, 60)
        step = 0
        while tt < stall:
            step += 1
            tt = plus(tt, 2.0 + rng.uniform(-0.03, 0.03))
            if step % 25 == 0 and ni == 0:
                L.append("%s | INFO | rank00 | step %d | loss %.4f | gnorm %.3f | %.2f s/step" % (ts_py_dot(tt), step, 1.31 - step / 80000 + rng.uniform(-0.02, 0.02), rng.uniform(0.2, 0.35), 2.0))
        if ni == 0:
            L.append("%s | WARN | watchdog-lite | no step completed for 600 s (last step %d)" % (ts_py_dot(plus(stall, 600)), step - step % 25))
        for lr in range(8):
            r = ni * 8 + lr
            L += watchdog_lines(r, plus(wd, rng.uniform(0, 0.5)), seq, "ALLREDUCE", 1, 1, 1800000, seq, seq - 1, rng, with_trace=(lr == 0))
        L += torchrun_failure(h, plus(wd, 6), ni * 8, 0, pids[ni * 8], -6, "fsdp_train.py", rng)
        c.add("%s/train_%s.log" % (h, h), L)
        for lr in range(8):
            r = ni * 8 + lr
            P = pyspy(pids[r], "/usr/bin/python3 fsdp_train.py --cfg cfg/codegen_6b.yaml",
                      [(pids[r], "active", "MainThread", [
                          "clip_grad_norm_ (torch/distributed/fsdp/fully_sharded_data_parallel.py:1197)",
                          "train_step (fsdp_train.py:188)",
                          "train (fsdp_train.py:251)",
                          "<module> (fsdp_train.py:290)"]),
                       (pids[r] + 2, "idle", "pt_autograd_0", ["<idle>"]),
                       (pids[r] + 8, "idle", "Thread-2 (_pin_memory_loop)", ["select (selectors.py:416)", "_pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)"])])
            c.add("%s/stacks/pyspy_rank%02d.txt" % (h, r), ["# py-spy dump --pid %d  (%s)" % (pids[r], snap.strftime("%Y-%m-%d %H:%M:%S"))] + P)
        ev = boot_dmesg(rng, h)
        c.add("%s/dmesg.txt" % h, [fmt_uptime(u) + " " + m for u, m in ev])
        rows = [dict(idx=lr, bus=BUS_IDS_H100[lr], temp=rng.randint(40, 47), power=rng.randint(160, 200), plimit=700,
                     used=rng.randint(66100, 66900), total=81559, util=100) for lr in range(8)]
        c.add("%s/nvidia-smi.txt" % h, nvsmi_table(snap, rows, [(lr, pids[ni * 8 + lr], "/usr/bin/python3", rng.randint(66000, 66800)) for lr in range(8)]))
    c.set_label("hang", "infrastructure", None, "restart",
                "Progress stops at the same step on every rank; py-spy taken 20 minutes in shows all 16 ranks in the identical place (waiting on the gradient-norm all-reduce in clip_grad_norm_), and 30 minutes in every rank times out on the same ALLREDUCE sequence number; no rank lags and no node shows a hardware or kernel error.",
                "https://github.com/pytorch/pytorch/issues/140563")
    return c


def ts_py_dot(t):
    return t.strftime("%Y-%m-%d %H:%M:%S.") + "%03d" % (t.microsecond // 1000)
