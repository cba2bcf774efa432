"""Hang cases of set 46."""
import random

from common import (Bundle, TD, dt, label, f_py, f_iso, f_glog, f_c10, f_ds, f_syslog, watchdog_timeout,
                    torchrun_sigterm, nvsmi_q, nvsmi_table, pyspy_thread_dump, bg_threads, kernel_log, ibstat, df_h)
from jobkit import base_pid, launcher_log, all_timeouts, std_node_diag
from trainlogs import loss_curve, titan_lines, megatron_lines

STACK_TAIL = ["train (pretrain/trainer.py:512)", "main (pretrain/train.py:97)", "<module> (pretrain/train.py:104)"]


# --------------------------------------------------------------------------------------------- aq01
def aq01():
    rng = random.Random(4601)
    name = "aq01_heartbeat_table_no_progress_48_ranks"
    b = Bundle()
    hosts = ["trn-h100-%02d" % i for i in range(1, 7)]
    G, N = 8, 48
    bad_node, bad_lr = 3, 5
    bad = bad_node * G + bad_lr
    t0 = dt(2024, 11, 18, 2, 10, 0)
    t_boot = dt(2024, 11, 14, 17, 3, 11)
    step_s, s0, hang_step = 2.41, 16000, 18402
    t_train = t0 + TD(seconds=95)
    t_hang = t_train + TD(seconds=(hang_step - s0) * step_s)
    seq = 3 * hang_step + 2117
    # rank 0 training lines
    train = ["[rank0]:%s - pretrain.trainer - INFO - resumed from /ckpt/pretrain-7b-a/step_16000 (loaded in 61.3s)" % f_py(t_train - TD(seconds=3))]
    t = t_train
    for st in range(s0 + 1, hang_step):
        dtm = step_s + rng.uniform(-0.05, 0.05)
        t += TD(seconds=dtm)
        if st % 10 == 0:
            train.append("[rank0]:%s - pretrain.trainer - INFO - step %d | loss %.4f | lr %.3e | tok/s %.2fM | step_time %.2fs | mem 58.1GiB" % (
                f_py(t), st, loss_curve(st * 5, rng), 2.8e-4, 1.63 + rng.uniform(-0.02, 0.02), dtm))
        if st % 500 == 0:
            train.append("[rank0]:%s - pretrain.trainer - INFO - heartbeat publisher: 48/48 ranks reported for step %d" % (f_py(t), st))
    for i, h in enumerate(hosts):
        body = train if i == 0 else ["[rank%d]:%s - pretrain.trainer - WARNING - torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly." % (i * G, f_py(t_train - TD(seconds=40)))]
        tail = all_timeouts(t_hang + TD(seconds=600), h, i, G, seq, "_ALLGATHER_BASE", 16777216, skip_ranks=(bad,))
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, tail=tail))
        over = {2: dict(ecc_vol_sbe=3, ecc_agg_sbe=11)} if i == 1 else {}
        std_node_diag(b, h, rng, t_boot, t_hang + TD(seconds=480), nv_over=over, kfmt="T")
    # heartbeat monitor (job level)
    hb = []
    t_s = t_hang - TD(seconds=240)
    phases = ["data", "forward", "backward", "optimizer"]
    k = 0
    while t_s < t_hang + TD(seconds=560):
        hb.append("%s hbmon[2231]: sweep job=pretrain-7b-a ranks=48 stale_after=180s" % f_iso(t_s)[:23] + "Z")
        hb.append("%s hbmon[2231]: %-5s %-12s %-5s %-11s %-7s %-25s %s" % (f_iso(t_s)[:23] + "Z", "RANK", "HOST", "LOCAL", "PHASE", "STEP", "LAST_BEAT", "AGE"))
        stalled = 0
        for r in range(N):
            if t_s < t_hang:
                st = hang_step - 1 - int((t_hang - t_s).total_seconds() / step_s)
                ph = phases[(r + k) % 4]
                beat = t_s - TD(seconds=rng.uniform(0.05, 1.9))
            else:
                st = hang_step
                ph = "forward" if r == bad else "backward"
                beat = t_hang - TD(seconds=1.74) if r == bad else t_hang + TD(seconds=0.21 + (r % 8) * 0.003)
            age = (t_s - beat).total_seconds()
            if age > 180:
                stalled += 1
            hb.append("%s hbmon[2231]: r%-4d %-12s %-5d %-11s %-7d %-25s %.1fs" % (
                f_iso(t_s)[:23] + "Z", r, hosts[r // G], r % G, ph, st, f_iso(beat)[:23] + "Z", age))
        if stalled:
            hb.append("%s hbmon[2231]: WARN no heartbeat progress on %d/48 ranks for >180s (job=pretrain-7b-a)" % (f_iso(t_s)[:23] + "Z", stalled))
            hb.append("%s hbmon[2231]: ALERT sent to #train-oncall: job pretrain-7b-a stalled at step %d" % (f_iso(t_s)[:23] + "Z", hang_step))
        t_s += TD(seconds=60)
        k += 1
    b.add("hbmon/heartbeat_monitor.log", hb)
    # py-spy on the node the on-call looked at
    h = hosts[bad_node]
    lst = ["# ps -o pid,args -C python3 | grep LOCAL_RANK ; captured %s" % f_iso(t_hang + TD(seconds=430))]
    dump = []
    for lr in range(G):
        pid = base_pid(bad_node) + lr
        r = bad_node * G + lr
        lst.append("pid=%d LOCAL_RANK=%d RANK=%d" % (pid, lr, r))
        if r == bad:
            frames = ["_flash_attn_forward (flash_attn/flash_attn_interface.py:96)",
                      "forward (flash_attn/flash_attn_interface.py:822)",
                      "apply (torch/autograd/function.py:574)",
                      "flash_attn_func (flash_attn/flash_attn_interface.py:1168)",
                      "forward (pretrain/model/attention.py:212)",
                      "_call_impl (torch/nn/modules/module.py:1747)",
                      "_wrapped_call_impl (torch/nn/modules/module.py:1736)",
                      "forward (pretrain/model/block.py:77)",
                      "_call_impl (torch/nn/modules/module.py:1747)",
                      "forward (torch/distributed/fsdp/fully_sharded_data_parallel.py:863)",
                      "forward (pretrain/model/transformer.py:141)",
                      "train_step (pretrain/trainer.py:371)"] + STACK_TAIL
        else:
            frames = ["train_step (pretrain/trainer.py:402)"] + STACK_TAIL
        dump += ["=" * 20 + " py-spy dump --pid %d " % pid + "=" * 20]
        dump += pyspy_thread_dump(pid, "/usr/bin/python3 -u pretrain/train.py --config configs/7b_a.yaml",
                                  [(0x7F3A51B2E740 + lr * 0x10000, "active", "MainThread", frames)] + bg_threads(lr))
    b.add("%s/py-spy/pids.txt" % h, lst)
    b.add("%s/py-spy/dump_all_local_ranks.txt" % h, dump)
    lab = label("hang", "infrastructure", h, bad, "run_diagnostics",
                "hbmon/heartbeat_monitor.log: from the first sweep after the stall, 47 ranks sit in phase 'backward' at step 18402 "
                "while r29 (trn-h100-04, local 5) is still in 'forward' with the oldest beat; trn-h100-04/py-spy/dump_all_local_ranks.txt "
                "shows the pid mapped to RANK=29 inside flash-attention forward while its 7 siblings wait in train_step. Every other "
                "rank later logs a watchdog timeout on SeqNum=%d _ALLGATHER_BASE (rank 29 never enqueued it) and torchrun tears the job "
                "down - those timeouts/SIGTERMs are sympathetic. No Xid, ECC or link evidence on trn-h100-04 (3 corrected SRAM ECC on "
                "trn-h100-02 GPU2 are benign), so the stuck rank is proven but its cause is not: run diagnostics on that node/GPU." % seq,
                "https://github.com/marin-community/marin/issues/7344")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq02
def _k8s_describe(pod, node, ip, t_start, t_end, exit_code, extra_events=()):
    out = ["Name:             %s" % pod,
           "Namespace:        llm-train",
           "Priority:         1000",
           "Service Account:  default",
           "Node:             %s/%s" % (node, ip),
           "Start Time:       %s" % t_start.strftime("%a, %d %b %Y %H:%M:%S +0000"),
           "Labels:           training.kubeflow.org/job-name=llama-ft",
           "                  training.kubeflow.org/replica-type=worker",
           "Status:           Failed",
           "IP:               %s" % ip,
           "Controlled By:    PyTorchJob/llama-ft",
           "Containers:",
           "  pytorch:",
           "    Image:          registry.internal/llm/train:24.07-py3",
           "    Command:",
           "      torchrun",
           "    State:          Terminated",
           "      Reason:       Error",
           "      Exit Code:    %d" % exit_code,
           "      Started:      %s" % t_start.strftime("%a, %d %b %Y %H:%M:%S +0000"),
           "      Finished:     %s" % t_end.strftime("%a, %d %b %Y %H:%M:%S +0000"),
           "    Ready:          False",
           "    Restart Count:  0",
           "    Limits:",
           "      nvidia.com/gpu:          8",
           "      rdma/rdma_shared_device_a:  1",
           "    Environment:",
           "      NCCL_DEBUG:                      INFO",
           "      TORCH_NCCL_DUMP_ON_TIMEOUT:      1",
           "      TORCH_NCCL_TRACE_BUFFER_SIZE:    2000",
           "      TORCH_NCCL_DEBUG_INFO_TEMP_FILE: /shared/fr/nccl_trace_rank_",
           "Conditions:",
           "  Type              Status",
           "  Initialized       True",
           "  Ready             False",
           "  PodScheduled      True",
           "Events:",
           "  Type     Reason            Age    From               Message",
           "  ----     ------            ----   ----               -------"]
    out += list(extra_events)
    out += ["  Normal   Scheduled         5h12m  default-scheduler  Successfully assigned llm-train/%s to %s" % (pod, node),
            "  Normal   Pulled            5h12m  kubelet            Container image \"registry.internal/llm/train:24.07-py3\" already present on machine",
            "  Normal   Created           5h12m  kubelet            Created container pytorch",
            "  Normal   Started           5h12m  kubelet            Started container pytorch"]
    return out


def aq02():
    rng = random.Random(4602)
    name = "aq02_fr_trace_report_after_allreduce_timeouts"
    b = Bundle()
    pods = ["llama-ft-worker-%d" % i for i in range(4)]
    knodes = ["gke-a3-pool-7f2c", "gke-a3-pool-91ad", "gke-a3-pool-0b3e", "gke-a3-pool-c44d"]
    G, N = 8, 32
    bad_node, bad_lr = 2, 6
    bad = bad_node * G + bad_lr
    t0 = dt(2025, 3, 4, 6, 1, 12)
    t_boot = dt(2025, 3, 1, 22, 40, 5)
    seq = 4418
    t_train = t0 + TD(seconds=140)
    t_hang = t_train + TD(seconds=9120 * 1.93)
    body0 = []
    t = t_train
    for st in range(1, 9122):
        t += TD(seconds=1.93 + rng.uniform(-0.03, 0.03))
        if st % 20 == 0:
            body0.append("[rank0]:{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.4e, 'epoch': %.2f}" % (
                loss_curve(st * 9, rng, 1.9, 1.1), 0.6 + rng.random() * 0.4, 2e-5 * min(1, st / 300), st / 4800))
        if st % 100 == 0:
            body0.append("[rank0]: %3d%%|%s| %d/14400 [%d:%02d:%02d<%d:%02d:%02d,  1.93s/it]" % (
                st * 100 // 14400, "#" * (st * 10 // 14400), st, int(st * 1.93) // 3600, int(st * 1.93) % 3600 // 60, int(st * 1.93) % 60,
                int((14400 - st) * 1.93) // 3600, int((14400 - st) * 1.93) % 3600 // 60, int((14400 - st) * 1.93) % 60))
    for i, p in enumerate(pods):
        body = list(body0) if i == 0 else []
        if i == 3:
            body.append("llama-ft-worker-3:%d:%d [2] NCCL INFO NET/IB : Got async event : GID table change" % (base_pid(3) + 2, base_pid(3) + 2 + 211))
        tail = all_timeouts(t_hang + TD(seconds=1800), p, i, G, seq, "ALLREDUCE", 262144, skip_ranks=(bad,), timeout_ms=1800000)
        b.add("%s/kubectl_logs.txt" % p, launcher_log(p, i, G, N, t0, "llama-ft-master-0", rng, body=body, tail=tail,
                                                      ip="10.48.%d.%d" % (i + 2, 17 + i), script="finetune.py"))
        ev = []
        if i == 1:
            ev = ["  Warning  FailedScheduling  5h13m  default-scheduler  0/14 nodes are available: 10 Insufficient nvidia.com/gpu, 4 node(s) had untolerated taint {maintenance: true}. preemption: 0/14 nodes are available: 14 No preemption victims found for incoming pod."]
        b.add("%s/kubectl_describe_pod.txt" % p, _k8s_describe(p, knodes[i], "10.48.%d.%d" % (i + 2, 17 + i), t0 - TD(seconds=30),
                                                               t_hang + TD(seconds=1805), 1, ev))
        std_node_diag(b, p, rng, t_boot, t_hang + TD(seconds=1900), kfmt="T", with_df=False)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr -p nccl_trace_rank_ --allow-incomplete-ranks",
          "loaded 32 files in 2.41s",
          "built groups, memberships",
          "Not all ranks joining collective, sequence number: %d" % seq,
          "  group info: 0:default_pg",
          "  collective: nccl:all_reduce",
          "  missing ranks: {%d}" % bad,
          "  input sizes: [[262144]]",
          "  output sizes: [[262144]]",
          "  world size: 32",
          "  expected ranks: {%s}" % ", ".join(str(r) for r in range(N)),
          "  collective state: scheduled",
          "  collective stack trace:",
          "    all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2501",
          "    wrapper at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:83",
          "    _reduce_grads at /workspace/finetune/ddp_utils.py:58",
          "    training_step at /workspace/finetune/trainer.py:311",
          "    _inner_training_loop at /usr/local/lib/python3.10/dist-packages/transformers/trainer.py:2388",
          "",
          "Rank entry summary (last 3 per rank, pg 0):"]
    for r in range(N):
        last = seq - 1 if r == bad else seq
        st = "completed" if r == bad else "scheduled"
        fr.append("  rank %2d: ... %d nccl:all_reduce completed | %d nccl:all_reduce %s | last seq_id %d" % (r, seq - 2, seq - 1, "completed", last) if r == bad
                  else "  rank %2d: ... %d nccl:all_reduce completed | %d nccl:all_reduce %s | last seq_id %d" % (r, seq - 1, seq, st, last))
    fr.append("")
    fr.append("Could not find a valid matching collective for %d entries; the analysis stops at the first mismatch." % (N - 1))
    b.add("fr_trace_analysis.txt", fr)
    lab = label("hang", "infrastructure", pods[bad_node], bad, "run_diagnostics",
                "fr_trace_analysis.txt: collective seq %d (nccl:all_reduce, default_pg) is 'scheduled' on 31 ranks and missing on rank 22 "
                "only, whose flight-recorder log stops at seq %d completed; rank 22 = llama-ft-worker-2 local rank 6 (8 GPUs per pod). "
                "All other ranks' 'Watchdog caught collective operation timeout ... SeqNum=%d' lines, the ChildFailedError summaries "
                "and the pods' 'Status: Failed' are the consequence. The FailedScheduling event on worker-1 is from before the job "
                "started and the 'GID table change' NCCL INFO on worker-3 is benign. No hardware error is logged for worker-2, so the "
                "silent rank is identified but not explained: run diagnostics on that pod's node/GPU." % (seq, seq - 1, seq),
                "https://github.com/NVIDIA/nvidia-resiliency-ext/pull/172")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq03
def aq03():
    rng = random.Random(4603)
    name = "aq03_pyspy_dumps_after_epoch_end_stall"
    b = Bundle()
    hosts = ["gpu-node-a07", "gpu-node-a08"]
    G, N = 8, 16
    t0 = dt(2024, 9, 2, 13, 30, 4)
    t_boot = dt(2024, 8, 28, 9, 12, 50)
    t_train = t0 + TD(seconds=75)
    iters_per_epoch = 1251
    epochs = 7
    body = []
    t = t_train
    for ep in range(epochs + 1):
        for it in range(0, iters_per_epoch, 50):
            t += TD(seconds=50 * 0.412)
            body.append("[rank0]:Epoch: [%d]  [%4d/%d]  eta: %s  lr: %.6f  loss: %.4f (%.4f)  time: 0.4121  data: 0.0112  max mem: 38114" % (
                ep, it, iters_per_epoch, "0:0%d:%02d" % ((iters_per_epoch - it) * 0.412 // 60, (iters_per_epoch - it) * 0.412 % 60),
                1e-3 * (0.97 ** ep), 6.9 - ep * 0.41 + rng.uniform(-0.1, 0.1), 6.9 - ep * 0.4))
        t += TD(seconds=3)
        body.append("[rank0]:Epoch: [%d] Total time: 0:08:35 (0.4120 s / it)" % ep)
        if ep < epochs:
            body.append("[rank0]:Test:  [ 0/49]  eta: 0:00:41  loss: %.4f  acc1: %.3f  acc5: %.3f" % (4.1 - ep * 0.3, 18 + ep * 6.1, 40 + ep * 7.2))
            body.append("[rank0]:* Acc@1 %.3f Acc@5 %.3f loss %.3f" % (19 + ep * 6.1, 41 + ep * 7.2, 4.0 - ep * 0.3))
            if ep % 2 == 1:
                body.append("[rank0]:saving checkpoint to /nfs/vit/run17/checkpoint-%d.pth" % ep)
    t_hang = t
    seq = 9313
    body.append("[rank0]:saving checkpoint to /nfs/vit/run17/checkpoint-%d.pth" % epochs)
    for i, h in enumerate(hosts):
        per = {0: (seq, "ALLREDUCE")} if i == 0 else None
        tail = []
        lines = []
        for lr in range(G):
            r = i * G + lr
            tt = t_hang + TD(seconds=600, milliseconds=(r * 41) % 700)
            if r == 0:
                lines.append((tt, watchdog_timeout(tt, r, seq, "ALLREDUCE", 1)))
            else:
                lines.append((tt, watchdog_timeout(tt, r, seq, "_ALLGATHER_BASE", 1000)))
        lines.sort(key=lambda x: x[0])
        for _, ls in lines:
            tail += ls
        first_lr = min(range(G), key=lambda lr: (i * G + lr) * 41 % 700)
        tail += torchrun_sigterm(t_hang + TD(seconds=603), h, G, base_pid(i), first_lr, i * G + first_lr)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body if i == 0 else [], tail=tail,
                                                  script="main_vit.py"))
        std_node_diag(b, h, rng, t_boot, t_hang + TD(seconds=560), kfmt="journal", with_ib=False)
        dump = []
        for lr in range(G):
            pid = base_pid(i) + lr
            r = i * G + lr
            dump.append("##### RANK=%d LOCAL_RANK=%d pid=%d  (py-spy dump --pid %d, %s)" % (r, lr, pid, pid, f_iso(t_hang + TD(seconds=300))[:19]))
            if r == 0:
                fr = ["barrier (torch/distributed/distributed_c10d.py:4164)",
                      "wrapper (torch/distributed/c10d_logger.py:83)",
                      "save_on_master (vitrun/utils.py:244)",
                      "save_checkpoint (vitrun/checkpoint.py:58)",
                      "train (vitrun/engine.py:233)",
                      "main (main_vit.py:402)", "<module> (main_vit.py:455)"]
            else:
                fr = ["all_gather_into_tensor (torch/distributed/distributed_c10d.py:3481)",
                      "wrapper (torch/distributed/c10d_logger.py:83)",
                      "concat_all_gather (vitrun/metrics.py:41)",
                      "accumulate (vitrun/metrics.py:77)",
                      "evaluate (vitrun/engine.py:171)",
                      "train (vitrun/engine.py:228)",
                      "main (main_vit.py:402)", "<module> (main_vit.py:455)"]
            dump += pyspy_thread_dump(pid, "/opt/conda/bin/python -u main_vit.py --model vit_large_patch16 --epochs 300 --output_dir /nfs/vit/run17",
                                      [(0x7FA0C1A9E740 + lr * 0x10000, "active", "MainThread", fr)] + bg_threads(lr),
                                      py="3.11.9", exe="/opt/conda/bin/python3.11")
        b.add("%s/py-spy/all_ranks.txt" % h, dump)
    code = ["# git show HEAD:vitrun/engine.py | sed -n 220,236p   (attached by the user)",
            "220            train_one_epoch(model, criterion, data_loader_train, optimizer, device, epoch, loss_scaler, args=args)",
            "221            if args.output_dir and (epoch % args.save_every == 0 or epoch + 1 == args.epochs):",
            "222                if misc.is_main_process():",
            "223                    save_checkpoint(args, epoch, model_without_ddp, optimizer, loss_scaler)",
            "224",
            "225            test_stats = {}",
            "226            if args.eval_every and epoch % args.eval_every == 0:",
            "227                # all ranks evaluate; metrics gathered across ranks",
            "228                test_stats = evaluate(data_loader_val, model, device)",
            "229"]
    b.add("user_notes/engine_snippet.txt", code)
    lab = label("hang", "script", None, None, "stop",
                "py-spy dumps (gpu-node-a07/py-spy/all_ranks.txt) show RANK=0 blocked in dist.barrier() called from save_checkpoint "
                "(vitrun/checkpoint.py:58) while ranks 1-15 on both nodes are in all_gather_into_tensor inside evaluate(); the watchdog "
                "lines agree: rank 0 times out on SeqNum=9313 OpType=ALLREDUCE NumelIn=1 (the barrier) and every other rank on "
                "SeqNum=9313 _ALLGATHER_BASE. The code only calls save_checkpoint (which contains a barrier) on the main process, so "
                "ranks issue different collectives - a deterministic program-level deadlock at the first epoch that both saves and "
                "evaluates. Timeouts/SIGTERMs are the consequence; no node has hardware evidence. Fix the code, do not restart as is.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/9611")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq08
def aq08():
    rng = random.Random(4608)
    name = "aq08_job_runs_until_walltime_after_training_completed"
    b = Bundle()
    hosts = ["nid00412", "nid00413", "nid00414", "nid00415"]
    G, N = 4, 16
    t0 = dt(2025, 2, 3, 8, 0, 41)
    t_boot = dt(2025, 2, 1, 3, 15, 0)
    job = 551902
    slurm = ["+ srun --nodes=4 --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint nid00412:29500 -m torchtitan.train --job.config_file moe_16b.toml"]
    t = t0 + TD(seconds=120)
    for r in range(N):
        slurm.append("[rank%d]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard', 'ep'], [4, 4]" % (r, f_py(t)))
    slurm.append("[rank0]:[titan] %s - root - INFO - Training starts at step 17001." % f_py(t + TD(seconds=20)))
    lines, t = titan_lines(rng, 17001, 20000, t + TD(seconds=20), lambda s: 6100 + rng.uniform(-80, 80), every=10)
    slurm += lines
    slurm.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % f_py(t + TD(seconds=1)))
    slurm.append("[rank0]:[titan] %s - root - INFO - [GC] GC collection invoked by checkpointer. 0.03 seconds." % f_py(t + TD(seconds=1.2)))
    t_end = t + TD(seconds=40.4)
    slurm.append("[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 38.12 seconds." % f_py(t_end))
    slurm.append("[rank0]:[titan] %s - root - INFO - Sleeping 2 seconds for other ranks to complete" % f_py(t_end + TD(seconds=0.1)))
    slurm.append("[rank0]:[titan] %s - root - INFO - Training completed" % f_py(t_end + TD(seconds=2.1)))
    for r in range(N):
        tt = t_end + TD(seconds=482 + r * 0.013)
        slurm.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1870] [PG ID 6 PG GUID 41(EXPERT_PARALLEL) Rank %d] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API (e.g., CudaEventDestroy) hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api (for example, CudaEventDestroy), or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. " % (r, f_c10(tt), r % 4))
    t_kill = dt(2025, 2, 3, 14, 0, 11)
    slurm.append("slurmstepd: error: *** STEP %d.0 ON nid00412 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, t_kill.strftime("%Y-%m-%dT%H:%M:%S")))
    slurm.append("slurmstepd: error: *** JOB %d ON nid00412 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, t_kill.strftime("%Y-%m-%dT%H:%M:%S")))
    slurm.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for i, h in enumerate(hosts):
        slurm.append("W%s %d torch/distributed/elastic/agent/server/api.py:719] Received 15 death signal, shutting down workers" % (f_glog(t_kill + TD(seconds=1))[1:], base_pid(i) - 17))
    b.add("slurm-%d.out" % job, slurm)
    b.add("sacct.txt", ["JobID           JobName  Partition    Elapsed      State ExitCode        NodeList",
                        "------------ ---------- ---------- ---------- ---------- -------- ---------------",
                        "%d         titan-moe      gpu   06:00:00    TIMEOUT      0:0 nid00[412-415]" % job,
                        "%d.batch        batch              06:00:32  CANCELLED     0:15        nid00412" % job,
                        "%d.0         torchrun              06:00:31  CANCELLED     0:15 nid00[412-415]" % job])
    for i, h in enumerate(hosts):
        std_node_diag(b, h, rng, t_boot, t_end + TD(minutes=70), gpus=G, kfmt="syslog", nv_over={g: dict(util=0, power=141.0, pstate="P0") for g in range(G)})
        dump = []
        for lr in range(G):
            pid = base_pid(i) + lr
            dump.append("$ py-spy dump --pid %d   # rank %d" % (pid, i * G + lr))
            dump += pyspy_thread_dump(pid, "/usr/bin/python3 -u -m torchtitan.train --job.config_file moe_16b.toml",
                                      [(0x7F81445A8440 + lr * 0x10000, "active", "MainThread",
                                        ["destroy_process_group (torch/distributed/distributed_c10d.py:2184)",
                                         "<module> (torchtitan/train.py:554)", "_run_code (runpy.py:86)", "_run_module_as_main (runpy.py:196)"]),
                                       (0x7F7E83CFF640 + lr * 0x10000, "active", "Thread-1 (_read_thread)",
                                        ["_recv_msg (torch/_inductor/compile_worker/subproc_pool.py:61)",
                                         "_read_thread (torch/_inductor/compile_worker/subproc_pool.py:195)",
                                         "run (threading.py:953)", "_bootstrap_inner (threading.py:1016)", "_bootstrap (threading.py:973)"])])
        b.add("%s/py-spy-after-finish.txt" % h, dump)
    b.add("nid00412/ls_checkpoint.txt", ["$ ls -la /lus/flare/proj/moe16b/checkpoint/step-20000 | head",
                                         "total 61",
                                         "drwxr-sr-x 2 svc-llm llm 4096 Feb  3 %s" % t_end.strftime("%H:%M") + " .",
                                         "-rw-r--r-- 1 svc-llm llm 1473201 Feb  3 %s" % t_end.strftime("%H:%M") + " .metadata",
                                         "-rw-r--r-- 1 svc-llm llm 2147483648 Feb  3 %s" % t_end.strftime("%H:%M") + " __0_0.distcp",
                                         "-rw-r--r-- 1 svc-llm llm 2147483648 Feb  3 %s" % t_end.strftime("%H:%M") + " __1_0.distcp",
                                         "-rw-r--r-- 1 svc-llm llm 2147483648 Feb  3 %s" % t_end.strftime("%H:%M") + " __2_0.distcp",
                                         "-rw-r--r-- 1 svc-llm llm 2147483648 Feb  3 %s" % t_end.strftime("%H:%M") + " __3_0.distcp"])
    lab = label("hang", "framework", None, None, "none",
                "slurm-%d.out: rank 0 logs 'Finished saving the checkpoint' for step 20000 and 'Training completed'; the final "
                "checkpoint is on disk (nid00412/ls_checkpoint.txt). Afterwards every rank's MainThread is in destroy_process_group "
                "(py-spy-after-finish.txt on all four nodes) and ProcessGroupNCCL's heartbeat reports the watchdog stuck for 480 s on "
                "the expert-parallel group, until Slurm kills the step 'DUE TO TIME LIMIT' (sacct TIMEOUT). This is a teardown hang in the "
                "framework's process-group shutdown after the work was done - all ranks alike, no node or rank is singled out and there "
                "is no hardware/network evidence. Labelled hang/framework with action none: nothing needs restarting (the run is "
                "complete); the time-limit cancel and SIGTERMs are consequences, not a fault." % job,
                "https://github.com/modelscope/ms-swift/issues/7992")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq09
def aq09():
    rng = random.Random(4609)
    name = "aq09_checkpoint_step6000_never_completes"
    b = Bundle()
    hosts = ["gpu-st-%02d" % i for i in range(1, 7)]
    G, N = 8, 48
    bad_node, bad_lr = 4, 0
    bad = bad_node * G + bad_lr
    t0 = dt(2024, 6, 21, 19, 4, 0)
    t_boot = dt(2024, 6, 20, 7, 55, 31)
    log = ["[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export PYTHONPATH=/home/svc/llm; cd /home/svc/llm; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJncHUtc3QtMDEiOi... --node_rank=%%n --master_addr=10.1.0.11 --master_port=29500 train_ds.py --deepspeed ds_zero2.json" % (
        f_py(t0), ",".join(hosts))]
    for i, h in enumerate(hosts):
        log.append("%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {%s}" % (h, f_py(t0 + TD(seconds=3)), ", ".join("'%s': [0, 1, 2, 3, 4, 5, 6, 7]" % x for x in hosts)))
        log.append("%s: [%s] [INFO] [launch.py:152:main] nnodes=6, num_local_procs=8, node_rank=%d" % (h, f_py(t0 + TD(seconds=3)), i))
        log.append("%s: [%s] [INFO] [launch.py:164:main] dist_world_size=48" % (h, f_py(t0 + TD(seconds=3))))
        log.append("%s: [%s] [INFO] [launch.py:256:main] process %d spawned with command: ['/usr/bin/python', '-u', 'train_ds.py', '--local_rank=0', '--deepspeed', 'ds_zero2.json']" % (h, f_py(t0 + TD(seconds=3)), base_pid(i)))
    t = t0 + TD(seconds=100)
    log.append("gpu-st-01: [%s] [INFO] [config.py:1000:print] DeepSpeedEngine configuration:" % f_py(t))
    log.append("gpu-st-01: [%s] [INFO] [config.py:1004:print]   checkpoint_config ............ {'tag_validation': 'WARN', 'load_universal': False, 'use_node_local_storage': True, 'parallel_write': {'pipeline_stage': False}}" % f_py(t))
    log.append("gpu-st-01: [%s] [INFO] [config.py:1004:print]   zero_optimization_stage ...... 2" % f_py(t))
    sps = 212.0
    for st in range(1, 6001):
        t += TD(seconds=512 / sps)
        if st % 10 == 0:
            log.append("gpu-st-01: %s [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.10f], mom=[(0.9, 0.95)]" % (f_ds(t), st, 1.5e-4 * min(1, st / 1000)))
            log.append("gpu-st-01: %s [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.6f, CurrSamplesPerSec=%.6f, MemAllocated=24.1GB, MaxMemAllocated=51.7GB" % (
                f_ds(t), st * 4, st, sps + rng.uniform(-1, 1), sps + rng.uniform(-4, 4)))
        if st % 2000 == 0:
            tc = t
            log.append("gpu-st-01: %s [INFO] [logging.py:128:log_dist] [Rank 0] [Torch] Checkpoint global_step%d is about to be saved!" % (f_ds(tc), st))
            log.append("gpu-st-01: %s [INFO] [logging.py:128:log_dist] [Rank 0] Saving model checkpoint: /scratch/ckpt/run9/global_step%d/mp_rank_00_model_states.pt" % (f_ds(tc), st))
            for r in range(N):
                h = hosts[r // G]
                if st == 6000 and r == bad:
                    log.append("%s: %s [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /scratch/ckpt/run9/global_step%d/zero_pp_rank_%d_mp_rank_00_optim_states.pt..." % (h, f_ds(tc + TD(seconds=1.1)), st, r))
                    continue
                log.append("%s: %s [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /scratch/ckpt/run9/global_step%d/zero_pp_rank_%d_mp_rank_00_optim_states.pt..." % (h, f_ds(tc + TD(seconds=1.1)), st, r))
                log.append("%s: %s [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved /scratch/ckpt/run9/global_step%d/zero_pp_rank_%d_mp_rank_00_optim_states.pt." % (h, f_ds(tc + TD(seconds=9.8 + rng.random())), st, r))
                log.append("%s: %s [INFO] [engine.py:3574:_save_zero_checkpoint] zero checkpoint saved /scratch/ckpt/run9/global_step%d/zero_pp_rank_%d_mp_rank_00_optim_states.pt" % (h, f_ds(tc + TD(seconds=9.9 + rng.random())), st, r))
            if st < 6000:
                log.append("gpu-st-01: %s [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step%d is ready now!" % (f_ds(tc + TD(seconds=11.4)), st))
                t += TD(seconds=12)
    t_hang = t + TD(seconds=1.1)
    seq = 72021
    for i, h in enumerate(hosts):
        blk = all_timeouts(t_hang + TD(seconds=1800), h, i, G, seq, "ALLREDUCE", 1, skip_ranks=(bad,), timeout_ms=1800000, prefix=True)
        log += ["%s: %s" % (h, l) for l in blk]
    log.append("gpu-st-01: [%s] [INFO] [launch.py:351:main] Process %d exits successfully." % (f_py(t_hang + TD(seconds=1815)), base_pid(0) + 7) if False else
               "gpu-st-02: [%s] [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python', '-u', 'train_ds.py', '--local_rank=7', '--deepspeed', 'ds_zero2.json'] exits with return code = -6" % f_py(t_hang + TD(seconds=1815)))
    log.append("pdsh@gpu-st-01: gpu-st-02: ssh exited with exit code 250")
    b.add("deepspeed_pdsh.log", log)
    for i, h in enumerate(hosts):
        ev = []
        kfmt = "raw"
        if i == bad_node:
            tb = t_hang + TD(seconds=4)
            ev = [(tb, "nvme nvme1: I/O 618 QID 33 timeout, aborting"),
                  (tb + TD(seconds=0.002), "nvme nvme1: I/O 619 QID 33 timeout, aborting"),
                  (tb + TD(seconds=30.1), "nvme nvme1: I/O 618 QID 33 timeout, reset controller"),
                  (tb + TD(seconds=61.3), "nvme nvme1: Device not ready; aborting reset, CSTS=0x1"),
                  (tb + TD(seconds=61.3), "nvme nvme1: Removing after probe failure status: -19"),
                  (tb + TD(seconds=61.4), "blk_update_request: I/O error, dev nvme1n1, sector 1874203136 op 0x1:(WRITE) flags 0x104000 phys_seg 256 prio class 0"),
                  (tb + TD(seconds=61.4), "blk_update_request: I/O error, dev nvme1n1, sector 1874205184 op 0x1:(WRITE) flags 0x104000 phys_seg 256 prio class 0"),
                  (tb + TD(seconds=61.5), "XFS (nvme1n1): log I/O error -5"),
                  (tb + TD(seconds=61.5), "XFS (nvme1n1): Log I/O Error (0x2) detected at xlog_ioend_work+0x71/0x80 [xfs] (fs/xfs/xfs_log.c:1378).  Shutting down filesystem."),
                  (tb + TD(seconds=61.5), "XFS (nvme1n1): Please unmount the filesystem and rectify the problem(s)"),
                  (tb + TD(seconds=244), "INFO: task python:%d blocked for more than 241 seconds." % base_pid(i)),
                  (tb + TD(seconds=244), "      Not tainted 5.15.0-105-generic #115-Ubuntu"),
                  (tb + TD(seconds=244), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
                  (tb + TD(seconds=244), "task:python          state:D stack:    0 pid:%d ppid:%d flags:0x00004002" % (base_pid(i), base_pid(i) - 17)),
                  (tb + TD(seconds=244), "Call Trace:"),
                  (tb + TD(seconds=244), " <TASK>"),
                  (tb + TD(seconds=244), " __schedule+0x24e/0x590"),
                  (tb + TD(seconds=244), " io_schedule+0x46/0x70"),
                  (tb + TD(seconds=244), " folio_wait_bit_common+0x13d/0x350"),
                  (tb + TD(seconds=244), " xfs_file_buffered_write+0x158/0x2d0 [xfs]"),
                  (tb + TD(seconds=244), " vfs_write+0x1d3/0x2b0"),
                  (tb + TD(seconds=244), " </TASK>")]
        if i == 1:
            ev = [(t_boot + TD(seconds=14.2), "nvme nvme1: Shutdown timeout set to 10 seconds"),
                  (t_boot + TD(seconds=14.3), "nvme nvme1: 63/0/0 default/read/poll queues")]
        std_node_diag(b, h, rng, t_boot, t_hang + TD(seconds=1500), kfmt=kfmt, kevents=ev,
                      df_extra=["/dev/nvme1n1                        3.5T  1.2T  2.3T  35% /scratch"] if i != bad_node else
                      ["df: /scratch: Input/output error"])
    h = hosts[bad_node]
    dump = []
    for lr in range(G):
        pid = base_pid(bad_node) + lr
        dump.append("--- py-spy dump --nonblocking --pid %d  (--local_rank=%d) ---" % (pid, lr))
        if lr == bad_lr:
            fr = ["write (torch/serialization.py:613)", "_save (torch/serialization.py:884)", "save (torch/serialization.py:651)",
                  "save (deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py:22)",
                  "_save_zero_checkpoint (deepspeed/runtime/engine.py:3571)", "save_checkpoint (deepspeed/runtime/engine.py:3192)",
                  "train (train_ds.py:288)", "main (train_ds.py:331)", "<module> (train_ds.py:335)"]
            st = "active"
        else:
            fr = ["barrier (torch/distributed/distributed_c10d.py:4164)", "wrapper (torch/distributed/c10d_logger.py:83)",
                  "barrier (deepspeed/comm/torch.py:407)", "barrier (deepspeed/comm/comm.py:125)",
                  "save_checkpoint (deepspeed/runtime/engine.py:3210)", "train (train_ds.py:288)",
                  "main (train_ds.py:331)", "<module> (train_ds.py:335)"]
            st = "active"
        dump += pyspy_thread_dump(pid, "/usr/bin/python -u train_ds.py --local_rank=%d --deepspeed ds_zero2.json" % lr,
                                  [(0x7F12A03C1740 + lr * 0x10000, st, "MainThread", fr)])
    b.add("%s/py-spy_%s.txt" % (h, (t_hang + TD(seconds=1320)).strftime("%H%M")), dump)
    lab = label("storage", "infrastructure", h, bad, "restart_without_node",
                "deepspeed_pdsh.log: at global_step6000 every rank except 32 logs 'zero checkpoint saved'; rank 32 (gpu-st-05, "
                "--local_rank=0) only logs 'Saving .../zero_pp_rank_32...'. gpu-st-05/dmesg.txt (uptime stamps, map with "
                "uptime_s.txt) shows the checkpoint's node-local NVMe failing seconds later: 'nvme nvme1: I/O ... timeout', "
                "'blk_update_request: I/O error, dev nvme1n1 ... WRITE', XFS log I/O error and shutdown, then 'task python blocked' in "
                "state D; py-spy shows that pid in torch.save while its siblings wait in DeepSpeed's barrier; df reports /scratch "
                "Input/output error. The 47 watchdog timeouts on the barrier (ALLREDUCE NumelIn=1) 30 min later and the launcher's "
                "exit codes are sympathetic; the boot-time 'Shutdown timeout set' message on gpu-st-02 is benign. Local disk failure "
                "on one node -> exclude it.",
                "https://github.com/pytorch/torchtitan/issues/168")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq14
def aq14():
    rng = random.Random(4614)
    name = "aq14_fr_trace_after_validation_stall"
    b = Bundle()
    hosts = ["ml-gpu-21", "ml-gpu-22", "ml-gpu-23"]
    G, N = 8, 24
    short = (5, 21)
    t0 = dt(2025, 1, 9, 22, 14, 8)
    t_boot = dt(2025, 1, 6, 11, 2, 40)
    t = t0 + TD(seconds=85)
    body = ["[rank0]:%s INFO seg.data: train manifest /data/seg/manifests/train_v3.jsonl: 1,824,311 samples" % f_py(t),
            "[rank0]:%s INFO seg.data: val manifest /data/seg/manifests/val_v3.jsonl: 12,264 samples, world_size=24, shard sampler drop_last=False" % f_py(t),
            "[rank0]:%s WARNING seg.data: val shard sizes are not equal across ranks (min 511, max 512); padding disabled by config eval.pad_to_equal=false" % f_py(t)]
    for st in range(1, 4001):
        t += TD(seconds=0.88 + rng.uniform(-0.02, 0.02))
        if st % 20 == 0:
            body.append("[rank0]:%s INFO seg.train: it %d/160000 loss %.4f (ce %.4f dice %.4f) lr %.2e %.3fs/it" % (
                f_py(t), st, loss_curve(st * 20, rng, 1.4, 0.6), loss_curve(st * 20, rng, 0.9, 0.35), 0.3 + rng.random() * 0.05, 6e-5, 0.88))
    body.append("[rank0]:%s INFO seg.train: running validation at it 4000" % f_py(t + TD(seconds=1)))
    t_hang = t + TD(seconds=22)
    seq = 2211
    for i, h in enumerate(hosts):
        per = {r: (seq, "_ALLGATHER_BASE") for r in range(N)}
        blk = []
        items = []
        for lr in range(G):
            r = i * G + lr
            tt = t_hang + TD(seconds=1800, milliseconds=(r * 53) % 800)
            items.append((tt, watchdog_timeout(tt, r, seq, "_ALLGATHER_BASE", 488 * 19 if r in short else 512 * 19, timeout_ms=1800000)))
        items.sort(key=lambda x: x[0])
        for _, ls in items:
            blk += ls
        flr = min(range(G), key=lambda lr: ((i * G + lr) * 53) % 800)
        blk += torchrun_sigterm(t_hang + TD(seconds=1803), h, G, base_pid(i), flr, i * G + flr)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body if i == 0 else [], tail=blk, script="seg/train.py"))
        std_node_diag(b, h, rng, t_boot, t_hang + TD(seconds=1900), kfmt="journal",
                      nv_over={1: dict(ecc_agg_sbe=2)} if i == 2 else None)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /mnt/fr_dumps/job-88412 -p nccl_trace_rank_",
          "loaded 24 files in 1.12s",
          "built groups, memberships",
          "Collective sequence number: %d has errors" % seq,
          "  group info: 0:default_pg",
          "  collective: nccl:_allgather_base",
          "  input sizes (majority): [[512, 19]]",
          "  Culprit rank 5; Error type: MatchState.SIZE_OR_SYNTAX_MISMATCH, Expected input sizes: '[[512, 19]]' does not match found input sizes: '[[488, 19]]'",
          "  Culprit rank 21; Error type: MatchState.SIZE_OR_SYNTAX_MISMATCH, Expected input sizes: '[[512, 19]]' does not match found input sizes: '[[488, 19]]'",
          "  collective state: started",
          "  collective stack trace:",
          "    all_gather_into_tensor at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:3481",
          "    wrapper at /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:83",
          "    gather_predictions at /workspace/seg/eval_utils.py:93",
          "    validate at /workspace/seg/train.py:214",
          "    main at /workspace/seg/train.py:301",
          "",
          "All %d entries before sequence %d matched across 24 ranks." % (seq - 1, seq)]
    b.add("fr_trace_report.txt", fr)
    lab = label("hang", "script", None, None, "stop",
                "fr_trace_report.txt: the only unmatched collective is seq %d nccl:_allgather_base from gather_predictions "
                "(seg/eval_utils.py:93) in validate(); ranks 5 and 21 (on two different nodes) pass 488 rows where the rest pass 512 "
                "(SIZE_OR_SYNTAX_MISMATCH). rank 0's log warns 'val shard sizes are not equal across ranks ... padding disabled'. "
                "Unequal all_gather_into_tensor sizes are a program bug that hangs at the first validation every time; all 24 watchdog "
                "timeouts on the same seq (NumelIn differs for ranks 5/21) and the ChildFailedErrors are consequences. 2 corrected SRAM "
                "ECC on ml-gpu-23 GPU1 is benign. Fix the eval gather (pad or all_gather_object) and relaunch." % seq,
                "https://github.com/pytorch/pytorch/issues/140879")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq15
def aq15():
    rng = random.Random(4615)
    name = "aq15_progress_sidecar_32_ranks_frozen_same_seq"
    b = Bundle()
    hosts = ["dgx-h100-%02d" % i for i in range(11, 15)]
    G, N = 8, 32
    t0 = dt(2024, 12, 7, 0, 30, 0)
    t_boot = dt(2024, 12, 2, 8, 1, 2)
    step, seq = 50211, 150633
    t = t0 + TD(seconds=70)
    body, t = megatron_lines(rng, 48001, step - 1, 250000, t, lambda it: 1480 + rng.uniform(-15, 15), gbs=512, every=5)
    body = ["[rank0]:" + l for l in body]
    t_hang = t + TD(seconds=1.2)
    for i, h in enumerate(hosts):
        tail = all_timeouts(t_hang + TD(seconds=600), h, i, G, seq, "ALLREDUCE", 83886080, last_enq=None) if False else \
            all_timeouts(t_hang + TD(seconds=600), h, i, G, seq, "ALLREDUCE", 83886080)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body if i == 0 else [], tail=tail,
                                                  script="pretrain_gpt.py"))
        ev = []
        if i == 2:
            ev = [(t_boot + TD(seconds=22), "mlx5_core 0000:5e:00.0: mlx5_pcie_event:301:(pid 1182): PCIe slot advertised sufficient power (75W).")]
        std_node_diag(b, h, rng, t_boot, t_hang + TD(seconds=900), kfmt="T", kevents=ev)
    js = []
    ts = t_hang - TD(seconds=240)
    while ts < t_hang + TD(seconds=620):
        for r in range(N):
            frozen = ts >= t_hang
            st = step if frozen else step - 1 - int((t_hang - ts).total_seconds() / 1.48)
            ph = "grad_allreduce" if frozen else ["fwd", "bwd", "grad_allreduce", "optim"][(r + int(ts.timestamp())) % 4]
            enq = seq if frozen else seq - 3 * (step - st) - 1
            js.append('{"ts": "%s", "job": "gpt-175b-pt", "rank": %d, "host": "%s", "step": %d, "phase": "%s", "nccl_last_enqueued": %d, "nccl_last_completed": %d, "since_last_change_s": %.1f}' % (
                f_iso(ts)[:23] + "Z", r, hosts[r // G], st, ph, enq, enq - 1 if frozen else enq, (ts - t_hang).total_seconds() if frozen else rng.uniform(0.1, 1.4)))
        if ts >= t_hang + TD(seconds=300):
            js.append('{"ts": "%s", "job": "gpt-175b-pt", "alert": "NO_PROGRESS", "ranks_stalled": 32, "ranks_total": 32, "stalled_for_s": %.0f, "distinct_steps": [%d], "distinct_phases": ["grad_allreduce"]}' % (
                f_iso(ts)[:23] + "Z", (ts - t_hang).total_seconds(), step))
        ts += TD(seconds=120)
    b.add("progress_sidecar/progress.jsonl", js)
    lab = label("hang", "infrastructure", None, None, "restart",
                "progress_sidecar/progress.jsonl: all 32 ranks freeze at step %d in phase grad_allreduce with nccl_last_enqueued=%d and "
                "last_completed=%d - every rank enqueued the collective and none completed it; the NO_PROGRESS alert lists a single step "
                "and phase. Each torchrun.log then shows the same watchdog timeout (SeqNum=%d ALLREDUCE, last enqueued %d, last completed "
                "%d) on every rank. No rank is missing or elsewhere, no Xid/ECC, all IB ports Active in ibstat, kernels quiet (the mlx5 "
                "PCIe power note on dgx-h100-13 is a boot message). A hang inside the collective with no evidence of who is stuck -> "
                "restart." % (step, seq, seq - 1, seq, seq, seq - 1),
                "https://github.com/pytorch/pytorch/issues/140563")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq16
def aq16():
    rng = random.Random(4616)
    name = "aq16_pyspy_per_pid_dumps_loss_item_blocked"
    b = Bundle()
    hosts = ["h100-gpu-%03d" % i for i in range(31, 35)]
    G, N = 8, 32
    bad_node, bad_lr = 2, 4
    bad = bad_node * G + bad_lr
    t0 = dt(2024, 10, 2, 4, 0, 0)
    t_boot = dt(2024, 9, 30, 18, 20, 4)
    t = t0 + TD(seconds=60)
    body, t = megatron_lines(rng, 1, 7405, 100000, t, lambda it: 870 + rng.uniform(-10, 10), gbs=256, every=5, with_ts=False)
    t_x = t + TD(seconds=0.6)
    seq = 7406 * 2 + 311
    for i, h in enumerate(hosts):
        head = ["/usr/local/lib/python3.10/dist-packages/torch/distributed/launch.py:208: FutureWarning: The module torch.distributed.launch is deprecated",
                "and will be removed in future. Use torchrun.",
                "Note that --use-env is set by default in torchrun.",
                "If your script expects `--local-rank` argument to be set, please",
                "change it to read from `os.environ['LOCAL_RANK']` instead. See ",
                "https://pytorch.org/docs/stable/distributed.html#launch-utility for ",
                "further instructions",
                "",
                "  main()",
                "W%s %d torch/distributed/run.py:779] " % (f_glog(t0)[1:], base_pid(i) - 17),
                "W%s %d torch/distributed/run.py:779] *****************************************" % (f_glog(t0)[1:], base_pid(i) - 17),
                "W%s %d torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (f_glog(t0)[1:], base_pid(i) - 17),
                "W%s %d torch/distributed/run.py:779] *****************************************" % (f_glog(t0)[1:], base_pid(i) - 17)]
        lines = list(head)
        from common import nccl_init
        for lr in range(G):
            lines += nccl_init(h, base_pid(i) + lr, lr, i * G + lr, N, rng, ip="172.16.4.%d" % (31 + i), iface="ens8f0")
        if i == 0:
            lines += body
        items = []
        for lr in range(G):
            r = i * G + lr
            if r == bad:
                continue
            tt = t_x + TD(seconds=600, milliseconds=(r * 29) % 600)
            items.append((tt, watchdog_timeout(tt, r, seq, "ALLREDUCE", 201326592, prefix=False)))
        items.sort(key=lambda x: x[0])
        for _, ls in items:
            lines += ls
        flr = min((lr for lr in range(G) if i * G + lr != bad), key=lambda lr: ((i * G + lr) * 29) % 600)
        lines += torchrun_sigterm(t_x + TD(seconds=603), h, G, base_pid(i), flr, i * G + flr, script="pretrain.py")
        b.add("%s/launch_stdout.log" % h, lines)
        ev = []
        if i == bad_node:
            pid = base_pid(i) + bad_lr
            tt = t_x
            ev.append((tt, "NVRM: Xid (PCI:0000:9a:00): 119, pid=%d, name=python3, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)." % pid))
            ev.append((tt, "NVRM: GPU4 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004."))
            ev.append((tt, "NVRM: GPU4 RPC history (CPU -> GSP):"))
            ev.append((tt, "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"))
            ev.append((tt, "NVRM:      0    76   GSP_RM_CONTROL        0x0000000020800a4c 0x0000000000000004 0x0005f1c1a2d6e8b1 0x0000000000000000          y"))
            ev.append((tt, "NVRM:     -1    76   GSP_RM_CONTROL        0x000000002080014b 0x0000000000000010 0x0005f1c1a2d6e3a0 0x0005f1c1a2d6e3c1     33us  "))
            for k in range(1, 4):
                ev.append((tt + TD(seconds=6 * k), "NVRM: Xid (PCI:0000:9a:00): 119, pid=%d, name=python3, Timeout after 6s of waiting for RPC response from GPU4 GSP! Expected function 10 (FREE) (0xa55a0050 0x0)." % pid))
            ev.append((tt + TD(seconds=25), "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:9a:00 (printing 1 of every 30).  The GPU likely needs to be reset."))
        if i == 0:
            ev.append((t0 - TD(hours=20), "NVRM: Xid (PCI:0000:2a:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 1, TPC 3, SM 0): Out Of Range Address"))
        std_node_diag(b, h, rng, t_boot, t_x + TD(seconds=500), kfmt="journal", kevents=ev, with_df=False)
        rows = []
        procs = []
        for g in range(G):
            bus = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0", "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"][g]
            rows.append((g, bus, 47 + g % 3, "P0", 520 + g * 3, 700, 64211 + g * 11, 81559, 100))
            procs.append((g, base_pid(i) + (g + 3) % G, "/usr/bin/python3", 63880 + g * 11))
        tab = nvsmi_table(t_x + TD(seconds=380), rows, procs)
        if i == bad_node:
            k = [j for j, l in enumerate(tab) if l.startswith("|   4  NVIDIA H100")][0]
            tab[k + 1] = "| ERR!  ERR!   ERR!            ERR! /  ERR! |   64255MiB /  81559MiB |     ERR!     Default |"
        b.add("%s/nvidia-smi.txt" % h, tab)
        if i == bad_node:
            for lr in range(G):
                pid = base_pid(i) + lr
                if lr == bad_lr:
                    fr = ["train_step (pretrain.py:412)", "train (pretrain.py:489)", "main (pretrain.py:530)", "<module> (pretrain.py:534)"]
                else:
                    fr = ["_finish_grad_sync (megatron/core/distributed/param_and_grad_buffer.py:248)",
                          "finish_grad_sync (megatron/core/distributed/distributed_data_parallel.py:301)",
                          "train_step (pretrain.py:401)", "train (pretrain.py:489)", "main (pretrain.py:530)", "<module> (pretrain.py:534)"]
                b.add("%s/pyspy/pid_%d.txt" % (h, pid), pyspy_thread_dump(
                    pid, "/usr/bin/python3 -u pretrain.py --local-rank=%d --tensor-model-parallel-size 1 --micro-batch-size 2 --global-batch-size 256" % lr,
                    [(0x7EFC5A3B1740 + lr * 0x10000, "active", "MainThread", fr)] + bg_threads(lr)))
    b.add("h100-gpu-033/pyspy/README.txt", ["py-spy dumps taken by on-call %s, one per python3 pid (pgrep -f pretrain.py)." % f_iso(t_x + TD(seconds=390))[:19]])
    lab = label("gpu_hardware", "infrastructure", hosts[bad_node], bad, "restart_without_node",
                "h100-gpu-033/journalctl_k.txt: 'NVRM: Xid (PCI:0000:9a:00): 119 ... Timeout after 6s of waiting for RPC response from "
                "GPU4 GSP' for pid %d, repeating, then 'The GPU likely needs to be reset'. That pid is the one whose py-spy dump "
                "(pyspy/pid_%d.txt, cmdline --local-rank=4) is blocked in train_step at the loss .item() sync while its siblings wait "
                "in grad sync; nvidia-smi shows GPU 4 (bus 9A) as ERR!. torch.distributed.launch numbering: node_rank 2 x 8 + 4 = rank "
                "%d. About 10 min later all other ranks hit the watchdog timeout (SeqNum=%d ALLREDUCE) - sympathetic. The old Xid 13 on "
                "h100-gpu-031 is from a previous day/job. GSP timeout = GPU hardware/firmware fault on one node -> exclude it." % (
                    base_pid(bad_node) + bad_lr, base_pid(bad_node) + bad_lr, bad, seq),
                "https://github.com/NVIDIA/nccl/issues/1063")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq24
def aq24():
    rng = random.Random(4624)
    name = "aq24_iteration_12000_checkpoint_then_watchdog_abort"
    b = Bundle()
    hosts = ["cn-a%03d" % i for i in range(101, 105)]
    G, N = 8, 32
    t0 = dt(2024, 8, 14, 1, 0, 3)
    t_boot = dt(2024, 8, 9, 12, 0, 44)
    job = 771245
    t = t0 + TD(seconds=110)
    lines, t = megatron_lines(rng, 10001, 12000, 60000, t, lambda it: 2950 + rng.uniform(-30, 30), gbs=1024, every=1)
    out = ["0: " + l for l in lines]
    out.insert(0, "0: loading checkpoint from /lustre/proj/gpt13b/ckpt at iteration 10000")
    out.insert(1, "0:   successfully loaded checkpoint from /lustre/proj/gpt13b/ckpt [ t 0, p 0 ] at iteration 10000")
    t_ck = t + TD(seconds=0.4)
    out.append("0: saving checkpoint at iteration   12000 to /lustre/proj/gpt13b/ckpt in torch_dist format")
    seq = 36211
    stuck = {3, 4, 9, 14, 17, 22, 26, 30}
    for i, h in enumerate(hosts):
        items = []
        for lr in range(G):
            r = i * G + lr
            if r in stuck:
                continue
            tt = t_ck + TD(seconds=600 + 14, milliseconds=(r * 31) % 600)
            items.append((tt, watchdog_timeout(tt, r, seq, "_ALLGATHER_BASE", 1, prefix=True)))
        items.sort(key=lambda x: x[0])
        for _, ls in items:
            out += ["%d: %s" % (i, l) for l in ls]
    t_end = t_ck + TD(seconds=620)
    out.append("srun: error: cn-a102: task 1: Exited with exit code 1")
    out.append("srun: error: cn-a101: task 0: Exited with exit code 1")
    out.append("srun: error: cn-a104: task 3: Exited with exit code 1")
    out.append("srun: error: cn-a103: task 2: Exited with exit code 1")
    b.add("slurm-%d.out" % job, out)
    for i, h in enumerate(hosts):
        tl = t_ck + TD(seconds=9 + i * 0.7)
        osc = "lfs01-OST001c-osc-ffff9a%04x1c2e%02x00" % (0x1000 + i * 0x321, i)
        ev = [(tl, "LustreError: 11-0: %s: operation ost_write to node 10.0.7.31@o2ib failed: rc = -110" % osc),
              (tl + TD(seconds=0.01), "Lustre: %s: Connection to lfs01-OST001c (at 10.0.7.31@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % osc),
              (tl + TD(seconds=47), "LNetError: %d:0:(o2iblnd_cb.c:3383:kiblnd_check_txs_locked()) Timed out tx: active_txs, 4 seconds" % (2812 + i)),
              (tl + TD(seconds=47), "LNetError: %d:0:(o2iblnd_cb.c:3458:kiblnd_check_conns()) Timed out RDMA with 10.0.7.31@o2ib (54): c: 0, oc: 0, rc: 63" % (2812 + i)),
              (tl + TD(seconds=100), "Lustre: %d:0:(client.c:2310:ptlrpc_expire_one_request()) @@@ Request sent has timed out for sent delay: [sent %d] [real_sent 0] [current %d] [deadline 100s] [delay 0s]  req@000000009a1c3f11 x1803379512334208/t0(0) o400->lfs01-OST001c-osc-ffff9a:28/4 lens 224/224 e 0 to 1 dl %d ref 2 fl Rpc:XNQU/0/ffffffff rc 0/-1 job:''" % (
                  3301 + i, int(tl.timestamp()), int(tl.timestamp()) + 100, int(tl.timestamp()) + 100)),
              (tl + TD(seconds=245), "INFO: task pt_main_thread:%d blocked for more than 241 seconds." % (base_pid(i) + 3)),
              (tl + TD(seconds=245), "      Tainted: G           OE     5.14.0-427.el9.x86_64 #1"),
              (tl + TD(seconds=245), "task:pt_main_thread  state:D stack:0     pid:%d  ppid:%d  flags:0x00004002" % (base_pid(i) + 3, base_pid(i) - 17)),
              (tl + TD(seconds=245), "Call Trace:"),
              (tl + TD(seconds=245), " osc_io_fsync_end+0x4c/0x90 [osc]"),
              (tl + TD(seconds=245), " cl_sync_file_range+0x2b6/0x330 [lustre]"),
              (tl + TD(seconds=245), " ll_fsync+0x1a8/0x3f0 [lustre]")]
        std_node_diag(b, h, rng, t_boot, t_end + TD(seconds=120), kfmt="T", kevents=ev)
    b.add("cn-a101/lfs_check_servers.txt", ["$ lfs check servers   # %s" % (t_ck + TD(seconds=400)).strftime("%Y-%m-%d %H:%M:%S"),
                                            "lfs01-MDT0000-mdc-ffff9a11c2e00000: active",
                                            "lfs01-OST0000-osc-ffff9a11c2e00000: active",
                                            "lfs01-OST001b-osc-ffff9a11c2e00000: active",
                                            "lfs01-OST001c-osc-ffff9a11c2e00000: check error: Resource temporarily unavailable",
                                            "lfs01-OST001d-osc-ffff9a11c2e00000: active",
                                            "lfs check: error: check 'lfs01-OST001c-osc-ffff9a11c2e00000': Resource temporarily unavailable (11)"])
    lab = label("storage", "infrastructure", None, None, "restart",
                "Right after 'saving checkpoint at iteration 12000 to /lustre/...' (slurm-%d.out), all four nodes' dmesg_T.txt log, "
                "within ~3 s of each other, 'LustreError ... ost_write to node 10.0.7.31@o2ib failed: rc = -110' and 'Connection to "
                "lfs01-OST001c ... was lost', then LNet RDMA timeouts to the same server and hung-task reports for the writer threads "
                "in ll_fsync; lfs check servers shows only OST001c unavailable. Ranks whose shards went to other OSTs reach the "
                "checkpoint all-gather and time out 10 min later (watchdog _ALLGATHER_BASE, then srun exit 1) - sympathetic. The same "
                "shared-filesystem server failing for every client is a shared-storage fault, transient (server/connection loss) -> "
                "restart once the OST recovers." % job,
                "https://metaverse-oky.blogspot.com/2026/05/what-does-lustre-rdma-failure-mean.html")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq26
def aq26():
    rng = random.Random(4626)
    name = "aq26_alertmanager_heartbeat_missing_eight_ranks"
    b = Bundle()
    hosts = ["cn-r07-%02d" % i for i in range(5, 13)]
    G, N = 8, 64
    bad_node = 7
    t0 = dt(2025, 4, 22, 10, 0, 0)
    t_boot = dt(2025, 4, 18, 6, 41, 9)
    t = t0 + TD(seconds=90)
    body, t = megatron_lines(rng, 30001, 33120, 200000, t, lambda it: 1910 + rng.uniform(-20, 20), gbs=2048, every=5)
    body = ["[rank0]:" + l for l in body]
    t_lock = t + TD(seconds=0.9)
    seq = 99411
    for i, h in enumerate(hosts):
        if i == bad_node:
            b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=[]))
            ev = []
            tl = t_lock
            pid = base_pid(i) + 2
            for k in range(7):
                tk = tl + TD(seconds=22 + 28 * k)
                cpu = 37 if k % 2 == 0 else 101
                ev += [(tk, "watchdog: BUG: soft lockup - CPU#%d stuck for %ds! [python3:%d]" % (cpu, 22 + 4 * k, pid + (k % 2))),
                       (tk, "Modules linked in: nvidia_uvm(POE) nvidia_peermem(POE) nvidia_drm(POE) nvidia_modeset(POE) nvidia(POE) lustre(OE) lnet(OE) mlx5_ib(OE) ib_uverbs(OE) mlx5_core(OE) mlxfw(OE) xfs ipmi_si"),
                       (tk, "CPU: %d PID: %d Comm: python3 Tainted: P           OEL     5.15.0-105-generic #115-Ubuntu" % (cpu, pid + (k % 2))),
                       (tk, "RIP: 0010:native_queued_spin_lock_slowpath+0x1f1/0x2a0"),
                       (tk, "Call Trace:"),
                       (tk, " <IRQ>"),
                       (tk, " _raw_spin_lock_irqsave+0x3d/0x50"),
                       (tk, " free_pcppages_bulk+0x4b/0x2a0"),
                       (tk, " </IRQ>"),
                       (tk, " <TASK>"),
                       (tk, " release_pages+0x1a4/0x4b0"),
                       (tk, " __pagevec_release+0x1b/0x60"),
                       (tk, " </TASK>")]
            ev.append((tl + TD(seconds=61), "rcu: INFO: rcu_sched self-detected stall on CPU"))
            ev.append((tl + TD(seconds=61), "rcu: \t37-....: (14999 ticks this GP) idle=2b6/1/0x4000000000000000 softirq=9181273/9181274 fqs=6201"))
            ev.append((tl + TD(seconds=61), "\t(t=15000 jiffies g=118812241 q=1211734)"))
            ev.append((tl + TD(seconds=240), "rcu: INFO: rcu_sched detected stalls on CPUs/tasks:"))
            kernel_log(b, h, "syslog", t_boot, ev + [(t_boot + TD(hours=3), "hrtimer: interrupt took 21043 ns")], rng, fname="kern.log.1")
            b.add("%s/ipmi_sel.txt" % h, ["   1 | %s | System Event #0x83 | OEM System boot event | Asserted" % t_boot.strftime("%m/%d/%Y | %H:%M:%S"),
                                         "   2 | %s | Watchdog 2 #0xca | Power cycle | Asserted" % (t_lock + TD(minutes=41)).strftime("%m/%d/%Y | %H:%M:%S"),
                                         "   3 | %s | System Event #0x83 | OEM System boot event | Asserted" % (t_lock + TD(minutes=44)).strftime("%m/%d/%Y | %H:%M:%S")])
            b.add("%s/nvidia-smi-q.txt" % h, nvsmi_q(G, t_lock + TD(minutes=52), overrides={g: dict(util=0, power=71.0, memused=0) for g in range(G)}))
            continue
        tail = all_timeouts(t_lock + TD(seconds=600), h, i, G, seq, "_REDUCE_SCATTER_BASE", 41943040)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body if i == 0 else [], tail=tail))
        std_node_diag(b, h, rng, t_boot, t_lock + TD(seconds=700), kfmt="syslog", with_ib=(i % 3 == 0))
    al = []
    ta = t_lock + TD(seconds=120)
    for r in range(56, 64):
        al.append("[FIRING:1] TrainRankHeartbeatMissing (job=mixtral-pt rank=%d host=%s severity=page)" % (r, hosts[bad_node]))
        al.append("  startsAt: %s  summary: rank %d has not pushed train_heartbeat_timestamp for > 90s" % (f_iso(ta)[:19] + "Z", r))
    al.append("[FIRING:1] NodeExporterDown (instance=%s:9100 job=node severity=warning)" % hosts[bad_node])
    al.append("  startsAt: %s  summary: scrape of %s:9100 failed: context deadline exceeded" % (f_iso(ta + TD(seconds=45))[:19] + "Z", hosts[bad_node]))
    al.append("[FIRING:56] TrainStepStalled (job=mixtral-pt severity=page)")
    al.append("  startsAt: %s  summary: train_step_total unchanged for 300s on 56 ranks (hosts cn-r07-05..cn-r07-11)" % (f_iso(t_lock + TD(seconds=300))[:19] + "Z"))
    al.append("[FIRING:1] GPUXidErrors (instance=cn-r07-06:9400 gpu=3 xid=63 severity=info)" if False else
              "[FIRING:1] HostHighLoad (instance=cn-r07-09:9100 severity=info)")
    al.append("  startsAt: %s  summary: load15 58.2 > 56 for 10m" % (f_iso(t_lock - TD(minutes=30))[:19] + "Z"))
    b.add("alerts/alertmanager_notifications.txt", al)
    lab = label("host", "infrastructure", hosts[bad_node], None, "restart_without_node",
                "cn-r07-12/kern.log.1 (collected after the power cycle): starting ~20 s after the last iteration logged by rank 0, "
                "repeated 'watchdog: BUG: soft lockup - CPU#37 stuck ... [python3:...]' with native_queued_spin_lock_slowpath, then an "
                "'rcu_sched self-detected stall'; ipmi_sel.txt shows a BMC watchdog power cycle 41 min later. alerts/ "
                "alertmanager_notifications.txt: heartbeats missing for exactly ranks 56-63 (all of cn-r07-12) and its node-exporter "
                "stopped answering, while the 56 ranks on the other nodes report a stalled step and later log watchdog timeouts on "
                "_REDUCE_SCATTER_BASE (sympathetic). The node's torchrun.log simply stops - no Python error. GPUs look fine after "
                "reboot (not the cause); HostHighLoad on cn-r07-09 is an info alert from before. Kernel lockup on one host -> exclude it.",
                "https://github.com/NVIDIA/nccl/issues/1111")
    return name, b, lab, None


CASES = [aq01, aq02, aq03, aq08, aq09, aq14, aq15, aq16, aq24, aq26]
