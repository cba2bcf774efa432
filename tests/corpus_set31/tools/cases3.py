"""Cases ab21-ab30."""
import datetime as dt
import json

from lib import (T, UTC, Case, add, boot_lines, c10, default_df, free_g, glog, gpu_query_csv, ibstat, iso,
                 kernel_log, megatron_iter, mk_nodes, nvsmi_q, nvsmi_table, periodic_noise, pylog, render, sacct,
                 sec, tz, watchdog_block, torch_ts)
from common import (hexid, nccl_init_events, prefixed, py_tb, sym_node, timeout_events, torchrun_console)
from cases1 import CUDA_TAIL, cuda_err_watchdog
from cases2 import dmesg_plain


# ---------------------------------------------------------------------------------------------- ab21
def ab21(out):
    c = Case(out, "ab21_job_killed_after_24_hours_with_sigterm_and_nccl_errors", 121)
    r = c.rng
    hosts = ["gpu-v01", "gpu-v02", "gpu-v03", "gpu-v05"]
    nodes = mk_nodes(hosts, "10.88.1", r)
    jobid = "5123881"
    t0 = T(2024, 7, 11, 8, 0, 9)
    t_kill = T(2024, 7, 12, 8, 0, 14)
    L = ["+ srun --ntasks-per-node=8 python -u /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-path=/cfg --config-name=gpt3_5b trainer.num_nodes=4 trainer.max_steps=300000 exp_manager.checkpoint_callback_params.every_n_train_steps=2000"]
    L.append("[NeMo I %s exp_manager:396] Experiments will be logged at /results/gpt3_5b/2024-07-11_08-00-31" % (t0 + sec(22)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo I %s exp_manager:856] TensorboardLogger has been set up" % (t0 + sec(22)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("[NeMo W %s exp_manager:966] The checkpoint callback was told to monitor a validation value and trainer's max_steps was set to 300000. Please ensure that max_steps will run for at least 1 epochs to ensure that checkpointing will not error out." % (t0 + sec(22)).strftime("%Y-%m-%d %H:%M:%S"))
    L.append("Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("distributed_backend=nccl")
    L.append("All distributed processes registered. Starting with 32 processes")
    L.append("----------------------------------------------------------------------------------------------------")
    tt = t0 + sec(140)
    step = 0
    start = tt
    while tt < t_kill - sec(2):
        step += 100
        el = tt - start
        L.append("Epoch 0: :   %d%%|          | %d/300000 [%s<%s, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%.1f, train_step_timing in s=%.3f]" % (
            step * 100 // 300000, step, "%d:%02d:%02d" % (el.total_seconds() // 3600, el.total_seconds() % 3600 // 60, el.total_seconds() % 60), "%d:%02d:%02d" % ((300000 - step) * 0.83 // 3600, (300000 - step) * 0.83 % 3600 // 60, 11),
            2.2 + 2.5 * 0.99997 ** step + r.uniform(-0.03, 0.03), step - 1, (step) * 512.0, r.uniform(0.82, 0.84)))
        if step % 2000 == 0:
            L.append("Epoch 0: :   %d%%|          | %d/300000 [...] Epoch 0, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/results/gpt3_5b/checkpoints/megatron_gpt--val_loss=%.2f-step=%d-consumed_samples=%d.0.ckpt' as top 10" % (
                step * 100 // 300000, step, step - 1, 2.3 + 2.5 * 0.99997 ** step, 2.3 + 2.5 * 0.99997 ** step, 2.3 + 2.5 * 0.99997 ** step, step - 1, step * 512))
            tt += sec(34)
        tt += sec(100 * r.uniform(0.825, 0.838))
    L += ["slurmstepd: error: *** JOB %s ON gpu-v01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, t_kill.strftime("%Y-%m-%dT%H:%M:%S")),
          "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
          "slurmstepd: error: *** STEP %s.0 ON gpu-v01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, t_kill.strftime("%Y-%m-%dT%H:%M:%S"))]
    ranks = list(range(32))
    r.shuffle(ranks)
    for rk in ranks[:20]:
        L.append("[rank: %d] Received SIGTERM: 15" % rk)
    for rk in ranks[20:]:
        n = nodes[rk // 8]
        L.append("%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (n.host, n.pid(rk % 8), n.pid(rk % 8) + 433, rk % 8, nodes[(rk // 8 + 1) % 4].host, r.randint(30000, 60000)))
        L.append("[rank%d]:%s [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % (rk, c10(t_kill + sec(r.uniform(1, 9)), "E", "ProcessGroupNCCL.cpp:1182", r), rk))
    L += ["srun: error: gpu-v02: tasks 8-15: Terminated", "srun: error: gpu-v03: tasks 16-23: Terminated", "srun: error: gpu-v05: tasks 24-31: Terminated",
          "srun: error: gpu-v01: tasks 0-7: Terminated", "srun: Force Terminated StepId=%s.0" % jobid]
    c.w("login-v/slurm-%s.out" % jobid, L)
    c.w("login-v/job.sbatch", ["#!/bin/bash", "#SBATCH --job-name=gpt3-5b", "#SBATCH --nodes=4", "#SBATCH --ntasks-per-node=8", "#SBATCH --gpus-per-node=8",
                               "#SBATCH --time=24:00:00", "#SBATCH --partition=batch", "#SBATCH --exclusive", "srun ... megatron_gpt_pretraining.py ..."])
    c.w("login-v/sacct.txt", sacct(jobid, "gpt3-5b", "gpu-v[01-03,05]", 4, t0, t_kill + sec(33), "TIMEOUT", "0:0", elapsed="1-00:00:38"))
    for n in nodes:
        dmesg_plain(c, n, r, t0, T(2024, 7, 12, 8, 20), style="T")
        c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 7, 12, 8, 3, 0), n.host))
    c.label("unknown", "framework", None, None, "none",
            "Steady 0.83 s steps and regular checkpoints for 24 hours, then slurmstepd cancels the job at exactly the sbatch --time=24:00:00 limit (sacct TIMEOUT); the SIGTERM and NCCL 'connection closed' messages are the teardown, not a fault.",
            "https://github.com/ZettaAI/zetta_utils/issues/671")


# ---------------------------------------------------------------------------------------------- ab22
def ab22(out):
    c = Case(out, "ab22_resume_dies_immediately_with_runtimeerror_on_all_ranks", 122)
    r = c.rng
    hosts = ["gpu-w11", "gpu-w12", "gpu-w13", "gpu-w16"]
    nodes = mk_nodes(hosts, "10.66.2", r)
    t0 = T(2024, 9, 30, 10, 2, 31)
    keys = []
    for i in range(40):
        keys += ['"model.layers.%d.self_attn.q_norm.weight"' % i, '"model.layers.%d.self_attn.k_norm.weight"' % i]
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 2))
        nccl_init_events(ev, n, t0 + sec(31), 32, r)
        fails = []
        for local in range(8):
            rk = n.rank(local)
            te = t0 + sec(88 + r.uniform(0, 3))
            tb = py_tb([("/code/llm/train.py", 402, "<module>", "main()"), ("/code/llm/train.py", 168, "main", "model.load_state_dict(ckpt[\"model\"])"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 2189, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")],
                       ["RuntimeError: Error(s) in loading state_dict for LlamaForCausalLM:",
                        "\tMissing key(s) in state_dict: " + ", ".join(keys) + ". "])
            add(ev, te, prefixed(["%s INFO train.py:160 loading /shared/runs/llm-14/ckpt/step_120000/model.pt (map_location=cpu)" % pylog(te - sec(40))] + tb, rk))
            fails.append((local, te + sec(0.4), 1, tb[-2], None))
        torchrun_console(ev, n, 4, ts, "gpu-w11", 29500, "llm-14-resume", "/code/llm/train.py", r, fails, t0 + sec(93), script="/code/llm/train.py", sigterm=False)
        c.w("%s/torchrun.log" % n.host, render(ev))
        dmesg_plain(c, n, r, t0, T(2024, 9, 30, 10, 30), style="uptime")
    c.w("login-w/git_log_-3.txt", ["commit 8e41c2a9d7b3f0e6c1a5b8d2e4f7a9c0b1d3e5f7", "Author: M. Ortega <mortega@lab.example>", "Date:   Mon Sep 30 09:41:12 2024 +0000", "",
                                   "    attention: add qk-norm (RMSNorm on q and k) behind cfg.model.qk_norm, default on", "",
                                   "commit 1b7d0e3f5a9c2e4d6f8a0b2c4d6e8f0a1b3c5d7e", "Author: M. Ortega <mortega@lab.example>", "Date:   Fri Sep 27 17:03:55 2024 +0000", "",
                                   "    data: bump mixture weights for code (exp 14)"])
    c.w("login-w/config_diff.txt", ["--- /shared/runs/llm-14/ckpt/step_120000/config.yaml", "+++ cfg/llm14.yaml", "@@ -12,6 +12,7 @@ model:",
                                    "   num_layers: 40", "   hidden_size: 5120", "   num_attention_heads: 40", "+  qk_norm: true", "   rope_theta: 500000"])
    c.label("user_code", "script", None, None, "stop",
            "All 32 ranks on all four nodes fail identically when loading the step-120000 checkpoint: the model now has q_norm/k_norm weights (commit 'add qk-norm ... default on', config diff qk_norm: true) that the checkpoint lacks; a deterministic config/code mismatch that will fail again.",
            "https://github.com/salesforce/LAVIS/issues/153")


# ---------------------------------------------------------------------------------------------- ab23
def ab23(out):
    c = Case(out, "ab23_nccl_unhandled_cuda_error_on_one_node_then_timeouts", 123)
    r = c.rng
    hosts = ["gpu-v04", "gpu-v07", "gpu-v08", "gpu-v10"]
    order = ["gpu-v07", "gpu-v04", "gpu-v10", "gpu-v08"]
    nodes = mk_nodes(hosts, "10.87.0", r, order=order)
    culprit = [n for n in nodes if n.host == "gpu-v08"][0]
    t0 = T(2024, 5, 29, 22, 15, 4)
    t_x = T(2024, 5, 30, 4, 9, 51, 773000)
    tmo = 600000
    for n in nodes:
        ts = t0 + sec(r.uniform(0, 2))
        ev = []
        if n.node_rank == 0:
            tt = t0 + sec(120)
            step = 0
            while tt < t_x - sec(3):
                step += 20
                ev.append((tt, "[rank0]:{\"ts\": \"%s\", \"step\": %d, \"loss\": %.4f, \"lr\": %.2e, \"step_time_s\": %.3f, \"tflops_per_gpu\": %.1f}" % (iso(tt, 3), step, 2.0 + 4.5 * 0.9996 ** step + r.uniform(-0.03, 0.03), 1e-4, r.uniform(2.01, 2.05), r.uniform(455, 462))))
                tt += sec(20 * 2.03)
        if n is culprit:
            nccl_init_events(ev, n, t0 + sec(30), 32, r)
            fails = []
            for local in (2, 3, 6):
                rk = n.rank(local)
                te = t_x + sec(r.uniform(0.1, 0.9))
                pid = n.pid(local)
                add(ev, te, ["[rank%d]:%s:%d:%d [%d] enqueue.cc:1556 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (rk, n.host, pid, pid + 301, local),
                             "[rank%d]:%s:%d:%d [%d] NCCL INFO enqueue.cc:1560 -> 1" % (rk, n.host, pid, pid + 301, local)])
                add(ev, te + sec(0.05), cuda_err_watchdog(rk, te + sec(0.05), "uncorrectable NVLink error detected during the execution", r))
                fails.append((local, te + sec(0.8), -6, None, None))
            fails.sort(key=lambda f: f[1])
            torchrun_console(ev, n, 4, ts, "gpu-v07", 29500, "jsonrun-77", "/srv/app/train.py", r, fails, fails[-1][1] + sec(0.3), script="/srv/app/train.py")
        else:
            ev = sym_node(n, 4, ts, "gpu-v07", "jsonrun-77", "/srv/app/train.py", r, t_x + sec(0.2), 220514, "REDUCE_SCATTER", 67108864, tmo,
                          script="/srv/app/train.py", init_t=t0 + sec(30), nranks=32, extra=ev)
        c.w("%s/torchrun_tee.log" % n.host, render(ev))
        extra = []
        if n is culprit:
            extra = [(t_x, "NVRM: Xid (PCI:0000:52:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % n.pid(2)),
                     (t_x + sec(0.0003), "NVRM: Xid (PCI:0000:61:00): 45, pid=%d, name=python, Ch 00000010" % n.pid(3)),
                     (t_x + sec(0.0004), "NVRM: Xid (PCI:0000:d1:00): 45, pid=%d, name=python, Ch 00000010" % n.pid(6))]
        dmesg_plain(c, n, r, t0, T(2024, 5, 30, 4, 40), style="T", extra=extra)
        if n is culprit:
            nv = []
            for g in range(8):
                nv.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-%04x-%04x-%04x-%012x)" % (g, r.getrandbits(32), r.getrandbits(16), r.getrandbits(16), r.getrandbits(16), r.getrandbits(48)))
                for l in range(18):
                    bad = g == 2 and l == 7
                    nv.append("\t Link %d: Replay Errors: %d" % (l, 48211 if bad else r.choice([0, 0, 0, 1])))
                    nv.append("\t Link %d: Recovery Errors: %d" % (l, 37 if bad else 0))
                    nv.append("\t Link %d: CRC Errors: %d" % (l, 9012 if bad else 0))
            c.w("%s/nvidia-smi_nvlink_-e.txt" % n.host, nv)
            st = []
            for g in range(8):
                st.append("GPU %d: NVIDIA H100 80GB HBM3" % g)
                for l in range(18):
                    st.append("\t Link %d: %s" % (l, "<inactive>" if (g == 2 and l == 7) else "26.562 GB/s"))
            c.w("%s/nvidia-smi_nvlink_-s.txt" % n.host, st)
        c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 5, 30, 4, 31, 0), n.host))
    c.label("nvlink", "infrastructure", "gpu-v08", None, "restart_without_node",
            "gpu-v08 logs Xid 74 'NVLink: fatal error detected on link 7' on GPU 52:00 at 04:09:51 (then Xid 45 on its peers), its ranks report 'uncorrectable NVLink error' within a second, and nvidia-smi nvlink shows link 7 of GPU 2 inactive with tens of thousands of replay/CRC errors; the other nodes only time out ten minutes later.",
            "https://github.com/MIC-DKFZ/nnUNet/issues/1519")


# ---------------------------------------------------------------------------------------------- ab24
def ab24(out):
    c = Case(out, "ab24_runtimeerror_detected_mismatch_between_collectives", 124)
    r = c.rng
    hosts = ["a100x-01", "a100x-02", "a100x-05", "a100x-06"]
    nodes = mk_nodes(hosts, "10.9.30", r)
    t0 = T(2024, 2, 6, 9, 30, 0)
    t_ev = T(2024, 2, 6, 13, 14, 52, 330000)
    seq = 40411
    skip_ranks = {29, 30, 31}
    fp_b = "CollectiveFingerPrint(SequenceNumber=%d, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Long, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))" % seq
    fp_a = "CollectiveFingerPrint(SequenceNumber=%d, OpType=ALLREDUCE, TensorShape=[4], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))" % seq
    msg = "RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: %s, but Rank 29 is running collective: %s.Collectives differ in the following aspects: \t Op type: BROADCASTvs ALLREDUCE\t Tensor Tensor shapes: 1vs 4\t Tensor Tensor dtypes: Longvs Float" % (fp_b, fp_a)
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 2))
        if n.node_rank == 0:
            tt = t0 + sec(90)
            ev.append((tt - sec(2), "[rank0]:%s [INFO] env: TORCH_DISTRIBUTED_DEBUG=DETAIL NCCL_DEBUG=WARN" % pylog(tt - sec(2))))
            step = 0
            while tt < t_ev - sec(3):
                step += 50
                ev.append((tt, "[rank0]:%s [INFO] train step=%d loss=%.4f ppl=%.2f lr=%.2e" % (pylog(tt), step, 2.3 + r.uniform(-0.05, 0.05), 10 + r.uniform(-0.5, 0.5), 3e-4)))
                if step % 1000 == 0:
                    ev.append((tt + sec(1), "[rank0]:%s [INFO] eval @ step %d: val_loss=%.4f (shards: 29/32 ranks have validation data)" % (pylog(tt + sec(30)), step, 2.4 + r.uniform(-0.05, 0.05))))
                    tt += sec(31)
                tt += sec(50 * 0.67)
        fails = []
        for local in range(8):
            rk = n.rank(local)
            te = t_ev + sec(r.uniform(0, 0.4))
            if rk in skip_ranks:
                frames = [("/work/lm/train.py", 288, "<module>", "main()"), ("/work/lm/train.py", 251, "main", "metrics = evaluator.reduce_metrics(local_metrics)"),
                          ("/work/lm/eval.py", 74, "reduce_metrics", "dist.all_reduce(t, op=dist.ReduceOp.SUM)")]
            else:
                frames = [("/work/lm/train.py", 288, "<module>", "main()"), ("/work/lm/train.py", 247, "main", "local_metrics = evaluator.run(step)"),
                          ("/work/lm/eval.py", 52, "run", "dist.broadcast(n_batches, src=0)")]
            frames += [("/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py", 75, "wrapper", "return func(*args, **kwargs)"),
                       ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 2140, "broadcast" if rk not in skip_ranks else "all_reduce", "work = default_pg.broadcast([tensor], opts)" if rk not in skip_ranks else "work = group.allreduce([tensor], opts)")]
            tb = py_tb(frames, [msg])
            add(ev, te, prefixed(tb, rk))
            fails.append((local, te + sec(0.5), 1, msg, None))
        torchrun_console(ev, n, 4, ts, "a100x-01", 29500, "lm-eval-fix", "/work/lm/train.py", r, fails, t_ev + sec(1.5), script="/work/lm/train.py", sigterm=False)
        c.w("%s/torchrun_%s.log" % (n.host, n.host), render(ev))
        dmesg_plain(c, n, r, t0, T(2024, 2, 6, 13, 40), style="T")
    c.w("a100x-01/eval_py_excerpt.txt", ["# /work/lm/eval.py (lines 40-76)",
                                         "    def run(self, step):",
                                         "        if self.val_loader is None:          # ranks whose shard list has no validation files",
                                         "            return torch.zeros(4, device='cuda')",
                                         "        n_batches = torch.tensor([len(self.val_loader)], device='cuda')",
                                         "        dist.broadcast(n_batches, src=0)",
                                         "        ...",
                                         "    def reduce_metrics(self, t):",
                                         "        dist.all_reduce(t, op=dist.ReduceOp.SUM)",
                                         "        return t"])
    c.label("user_code", "script", None, None, "stop",
            "With TORCH_DISTRIBUTED_DEBUG=DETAIL every rank raises 'Detected mismatch between collectives': ranks 29-31 (no validation shard) return early from eval and call all_reduce while the others call broadcast at the same sequence number; a program-level collective mismatch that will recur at every eval.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")


# ---------------------------------------------------------------------------------------------- ab25
def ab25(out):
    c = Case(out, "ab25_dataloader_worker_killed_by_signal_killed", 125)
    r = c.rng
    hosts = ["gpu-w01", "gpu-w02", "gpu-w05", "gpu-w06"]
    nodes = mk_nodes(hosts, "10.44.9", r)
    t0 = T(2024, 11, 20, 23, 10, 6)
    t_first = T(2024, 11, 21, 3, 14, 7, 300000)
    t_second = T(2024, 11, 21, 3, 16, 40, 900000)
    kills = {"gpu-w05": (t_first, 2), "gpu-w02": (t_second, 6)}
    for n in nodes:
        ev = []
        ts = t0 + sec(r.uniform(0, 2))
        if n.node_rank == 0:
            tt = t0 + sec(100)
            ev.append((tt - sec(5), "[rank0]:%s - INFO - dataloader: VideoClipDataset(fps=8, frames=32, decode='cpu'), num_workers=16, prefetch_factor=8, persistent_workers=True, pin_memory=True" % pylog(tt - sec(5))))
            step = 0
            while tt < t_first - sec(5):
                step += 20
                ev.append((tt, "[rank0]:%s - INFO - it %d  loss %.4f  clips/s %.1f  host_mem_used %.0f%%" % (pylog(tt), step, 1.1 + r.uniform(-0.05, 0.05), r.uniform(410, 425), min(97, 61 + (tt - t0).total_seconds() / 14400 * 33 + r.uniform(-1, 1)))))
                tt += sec(20 * 2.9)
        if n.host in kills:
            tk, local = kills[n.host]
            rk = n.rank(local)
            te = tk + sec(1.6)
            tb = py_tb([("/opt/vid/train.py", 219, "<module>", "train()"), ("/opt/vid/train.py", 171, "train", "batch = next(it)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1329, "_next_data", "idx, data = self._get_data()"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1133, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", 67, "handler", "_error_if_any_worker_fails()")],
                       ["RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % (n.pid(local) + 1000 + 7)])
            add(ev, te, prefixed(tb, rk))
            fails = [(local, te + sec(0.5), 1, tb[-1], None)]
            if n.host == "gpu-w02":
                # w02 dies 2.5 min later; its other ranks stuck in the collective
                pass
            torchrun_console(ev, n, 4, ts, "gpu-w01", 29500, "vid-pt", "/opt/vid/train.py", r, fails, te + sec(0.8), script="/opt/vid/train.py")
        else:
            ev = sym_node(n, 4, ts, "gpu-w01", "vid-pt", "/opt/vid/train.py", r, t_first + sec(0.5), 19388, "ALLREDUCE", 81920000, 600000,
                          script="/opt/vid/train.py", extra=ev)
        c.w("%s/torchrun_tee.log" % n.host, render(ev))
        extra = []
        if n.host in kills:
            tk, local = kills[n.host]
            base = n.pid(local) + 1000
            extra += [(tk - sec(0.01), "pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0"),
                      (tk - sec(0.009), "memory: usage 2080374784kB, limit 2080374784kB, failcnt 913"),
                      (tk - sec(0.008), "Memory cgroup stats for /slurm/uid_20117/job_3318220:")]
            extra.append((tk - sec(0.005), "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"))
            for l in range(8):
                extra.append((tk - sec(0.004), "[ %6d]  20117 %6d  61233101 11233900      112660480        0             0 python" % (n.pid(l), n.pid(l))))
            for w in range(16):
                extra.append((tk - sec(0.003), "[ %6d]  20117 %6d  19877113 %8d       31240192        0             0 pt_data_worker" % (base + w, base + w, 1850000 + r.randint(0, 600000))))
            extra += [(tk, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_20117/job_3318220,task_memcg=/slurm/uid_20117/job_3318220/step_0/user/task_%d,task=pt_data_worker,pid=%d,uid=20117" % (n.node_rank, base + 7)),
                      (tk + sec(0.0001), "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:79508452kB, anon-rss:10204412kB, file-rss:76220kB, shmem-rss:1411020kB, UID:20117 pgtables:30508kB oom_score_adj:0" % (base + 7))]
        dmesg_plain(c, n, r, t0, T(2024, 11, 21, 3, 40), style="T", extra=extra)
        used = r.randint(1880, 1960)
        c.w("%s/free_-g_at_0310.txt" % n.host, ["# from node health cron, 2024-11-21 03:10 UTC"] + free_g(2015, used, 180, 20))
    c.w("login-w/sacct_3318220.txt", sacct("3318220", "vid-pt", "gpu-w[01-02,05-06]", 4, t0 - sec(4), T(2024, 11, 21, 3, 24, 31), "FAILED", "1:0"))
    c.label("oom", "framework", None, None, "stop",
            "DataLoader workers (pt_data_worker) of the job itself were OOM-killed inside the job's memory cgroup on two different nodes (gpu-w05 at 03:14:07, gpu-w02 at 03:16:40) while host memory climbed to ~95% on every node; 16 workers x prefetch_factor 8 of decoded video per rank exceeds host RAM, a job configuration problem.",
            "https://github.com/pytorch/pytorch/issues/8976")


# ---------------------------------------------------------------------------------------------- ab26
def ab26(out):
    c = Case(out, "ab26_one_rank_crashed_at_epoch_2_others_hung", 126)
    r = c.rng
    hosts = ["gpu-x01", "gpu-x02", "gpu-x03", "gpu-x05", "gpu-x06", "gpu-x08"]
    order = ["gpu-x05", "gpu-x01", "gpu-x02", "gpu-x06", "gpu-x08", "gpu-x03"]
    nodes = mk_nodes(hosts, "10.27.5", r, order=order)
    bad = [n for n in nodes if n.node_rank == 2][0]
    rk_bad = bad.rank(1)
    t0 = T(2024, 6, 20, 4, 0, 0)
    t_err = T(2024, 6, 21, 1, 27, 14, 902000)
    shard = "/datasets/web-v3/tokenized/shard_00417.bin"
    for n in nodes:
        ts = t0 + sec(r.uniform(0, 2))
        ev = []
        if n.node_rank == 0:
            tt = t0 + sec(140)
            it = 0
            while tt < t_err - sec(2):
                it += 100
                ev.append((tt, "[rank0]: %s | epoch %d | iter %7d | loss %.4f | lr %.3e | %.1f ktok/s/gpu" % (pylog(tt), it // 40000, it, 2.4 + 1.5 * 0.99999 ** it + r.uniform(-0.02, 0.02), 2.5e-4, r.uniform(11.8, 12.1))))
                tt += sec(100 * 1.17)
        if n is bad:
            tb = py_tb([("/srv/lm/pretrain.py", 377, "<module>", "main(args)"), ("/srv/lm/pretrain.py", 301, "main", "batch = next(train_iter)"),
                        ("/srv/lm/data/packed.py", 142, "__iter__", "arr = np.memmap(path, dtype=np.uint16, mode='r')"),
                        ("/usr/local/lib/python3.11/site-packages/numpy/core/memmap.py", 229, "__new__", "f_ctx = open(os_fspath(filename), ('r' if mode == 'c' else mode)+'b')")],
                       ["FileNotFoundError: [Errno 2] No such file or directory: '%s'" % shard])
            add(ev, t_err, prefixed(["%s | INFO | epoch 2: rank %d opening shard %s" % (pylog(t_err - sec(0.01)), rk_bad, shard)] + tb, rk_bad))
            torchrun_console(ev, n, 6, ts, "gpu-x05", 29500, "lm-3b", "/srv/lm/pretrain.py", r, [(1, t_err + sec(0.7), 1, tb[-1], None)], t_err + sec(1), script="/srv/lm/pretrain.py")
        else:
            ev = sym_node(n, 6, ts, "gpu-x05", "lm-3b", "/srv/lm/pretrain.py", r, t_err + sec(0.4), 1229001, "ALLREDUCE", 1, 1800000, script="/srv/lm/pretrain.py", extra=ev)
        c.w("%s/torchrun.log" % n.host, render(ev))
        dmesg_plain(c, n, r, t0, T(2024, 6, 21, 2, 10), style="T")
        c.w("%s/df_-h.txt" % n.host, default_df(lustre=False) + ["nfs-data01:/export/datasets             400T  288T  113T  72% /datasets"])
    lsl = ["$ ls -l /datasets/web-v3/tokenized/ | grep -E 'shard_004(1[2-9]|2[0-2])'   (run on %s and on %s, identical)" % (bad.host, nodes[0].host)]
    for i in range(412, 423):
        if i == 417:
            continue
        lsl.append("-rw-r--r-- 1 datapipe data 2147483648 Jun 18 22:%02d shard_%05d.bin" % (i % 60, i))
    c.w("%s/ls_datasets_web-v3.txt" % bad.host, lsl)
    c.w("%s/ls_datasets_web-v3.txt" % nodes[0].host, lsl)
    c.w("data-login/tokenize_web-v3.log", ["2024-06-18 21:50:02 INFO  launching 64 tokenizer workers for 1024 shards",
                                           "2024-06-18 22:56:41 ERROR worker 17: killed (exit -9) while writing shard_00417.bin.tmp; shard skipped",
                                           "2024-06-18 23:41:09 INFO  wrote 1023/1024 shards; index.json written with 1024 entries",
                                           "2024-06-18 23:41:09 WARNING 1 shard(s) missing: [417]"])
    c.label("user_code", "script", None, None, "stop",
            "The first failure is rank %d (group_rank 2 = %s) raising FileNotFoundError for shard_00417.bin when epoch 2 reached it; the shard is absent on the shared /datasets from every node (ls shows 416 and 418 only) because the tokenization job skipped it while index.json still lists it, so the dataset itself is broken; the other ranks just time out 30 minutes later." % (rk_bad, bad.host),
            "https://github.com/open-mmlab/mmrotate/issues/501")


# ---------------------------------------------------------------------------------------------- ab27
def ab27(out):
    c = Case(out, "ab27_cuda_out_of_memory_right_after_start_on_one_rank", 127)
    r = c.rng
    hosts = ["gpu-x11", "gpu-x12", "gpu-x14", "gpu-x15"]
    order = ["gpu-x12", "gpu-x14", "gpu-x11", "gpu-x15"]
    nodes = mk_nodes(hosts, "10.28.1", r, order=order)
    culprit = [n for n in nodes if n.host == "gpu-x14"][0]
    rk_bad = culprit.rank(3)
    t0 = T(2024, 9, 12, 16, 30, 5)
    t_oom = T(2024, 9, 12, 16, 32, 48, 117000)
    for n in nodes:
        ts = t0 + sec(r.uniform(0, 2))
        ev = []
        if n is culprit:
            nccl_init_events(ev, n, t0 + sec(40), 32, r)
            tb = py_tb([("/app/train_fsdp.py", 266, "<module>", "main()"), ("/app/train_fsdp.py", 214, "main", "loss = model(input_ids, labels=labels).loss"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py", 849, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)"),
                        ("/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_runtime_utils.py", 361, "_unshard", "handle.unshard()")],
                       ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 3 has a total capacity of 79.11 GiB of which 1.02 GiB is free. Process 77123 has 38.21 GiB memory in use. Including non-PyTorch memory, this process has 39.86 GiB memory in use. Of the allocated memory 36.40 GiB is allocated by PyTorch, and 1.91 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"])
            add(ev, t_oom, prefixed(tb, rk_bad))
            torchrun_console(ev, n, 4, ts, "gpu-x12", 29500, "fsdp-13b", "/app/train_fsdp.py", r, [(3, t_oom + sec(0.8), 1, tb[-1][:120] + "...", None)], t_oom + sec(1.1), script="/app/train_fsdp.py")
        else:
            extra = []
            if n.node_rank == 0:
                extra.append((t_oom - sec(6), "[rank0]:%s INFO model: 13.0B params, FSDP FULL_SHARD, bf16, activation checkpointing on, micro_batch=2, seq=4096; est. peak 47.5 GiB/GPU" % pylog(t_oom - sec(6))))
            ev = sym_node(n, 4, ts, "gpu-x12", "fsdp-13b", "/app/train_fsdp.py", r, t_oom + sec(0.1), 7, "_ALLGATHER_BASE", 101187584, 600000, script="/app/train_fsdp.py",
                          init_t=t0 + sec(40), nranks=32, extra=extra)
        c.w("%s/torchrun_tee.log" % n.host, render(ev))
        if n is culprit:
            used = [0] * 8
            used[3] = 39127
            c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 9, 12, 16, 48, 2), n.host, used=used, util=[0, 0, 0, 12, 0, 0, 0, 0], procs=[(3, 77123, "python3 /home/jlee/eval_server.py", 39118)]))
            c.w("%s/ps_-o_user,pid,etime,stat,cmd_-p_77123.txt" % n.host, ["USER       PID     ELAPSED STAT CMD",
                                                                           "jlee     77123  2-03:11:41 Sl   python3 /home/jlee/eval_server.py --port 8811 --gpu 3"])
            c.w("%s/squeue_-w_gpu-x14.txt" % n.host, ["JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)", "8861022     h100 fsdp-13b   mlops CG       0:17      4 gpu-x[11-12,14-15]"])
        else:
            c.w("%s/nvidia-smi.txt" % n.host, nvsmi_table(T(2024, 9, 12, 16, 48, 2), n.host))
        dmesg_plain(c, n, r, t0, T(2024, 9, 12, 17, 0), style="uptime")
    c.label("oom", "infrastructure", "gpu-x14", rk_bad, "restart_without_node",
            "Only rank 11 (gpu-x14, local_rank 3) hits CUDA OOM, at startup, and the message says another process (PID 77123) holds 38 GiB of GPU 3; nvidia-smi/ps on gpu-x14 show it is another user's eval_server.py running for two days outside the job. The job's own memory use is ~47 GiB/GPU and fits elsewhere, so the node is the problem.",
            "https://github.com/ai4d-iasc/trixie/issues/92")


# ---------------------------------------------------------------------------------------------- ab28
def ab28(out):
    c = Case(out, "ab28_all_64_ranks_timed_out_in_the_same_allreduce", 128)
    r = c.rng
    hosts = ["gpu-h01", "gpu-h03", "gpu-h04", "gpu-h07", "gpu-h09", "gpu-h10", "gpu-h13", "gpu-h14"]
    nodes = mk_nodes(hosts, "10.13.2", r)
    t0 = T(2024, 12, 18, 10, 0, 5)
    t_coll = T(2024, 12, 18, 23, 11, 20, 500000)
    seq = 7712 * 7
    tmo = 1800000
    for n in nodes:
        ts = t0 + sec(r.uniform(0, 2))
        extra = []
        if n.node_rank == 0:
            tt = t0 + sec(130)
            step = 0
            while tt < t_coll - sec(4):
                step += 25
                extra.append((tt, "[rank0]:%s | step %6d | loss %.4f | %.2f it/s | mem %.1f GB" % (tt.strftime("%Y-%m-%dT%H:%M:%S"), step, 1.7 + r.uniform(-0.05, 0.05), r.uniform(0.565, 0.575), 71.2)))
                tt += sec(25 / 0.57)
        ev = sym_node(n, 8, ts, "gpu-h01", "sd3-ft", "/w/diffusion/train.py", r, t_coll, seq, "ALLREDUCE", 2048, tmo, script="/w/diffusion/train.py",
                      init_t=t0 + sec(30), nranks=64, extra=extra)
        # flight recorder dump notice
        for local in range(8):
            tf = t_coll + sec(tmo / 1000 + r.uniform(2, 3))
            ev.append((tf, "[rank%d]:%s [PG 0 (default_pg) Rank %d] Dumping NCCL flight recorder trace to /shared/fr/sd3-ft/nccl_trace_rank_%d" % (n.rank(local), c10(tf, "E", "ProcessGroupNCCL.cpp:1424", r), n.rank(local), n.rank(local))))
        c.w("%s/torchrun.log" % n.host, render(ev))
        extra = []
        if n.host == "gpu-h09":
            extra = [(T(2024, 12, 13, 6, 2, 44), "NVRM: Xid (PCI:0000:9d:00): 13, pid=1203321, name=pt_main_thread, Graphics Exception: SM Warp Exception on (GPC 2, TPC 3, SM 1): Misaligned Address")]
        if n.host == "gpu-h04":
            extra = [(T(2024, 12, 16, 14, 0, 3), "mlx5_core 0000:2a:00.0 ibp42s0: Link down"), (T(2024, 12, 16, 14, 0, 9), "mlx5_core 0000:2a:00.0 ibp42s0: Link up")]
        dmesg_plain(c, n, r, t0, T(2024, 12, 19, 0, 0), style="T", extra=extra)
        c.w("%s/ibstat.txt" % n.host, ibstat(r))
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/sd3-ft -j --print_only_mismatch",
          "loaded 64 rank dumps (pg 0, default_pg, size 64)",
          "collective seq_id %d (ALLREDUCE, in [2048] float32): state=scheduled+started on ranks 0-63, completed on none" % seq,
          "last completed collective on every rank: seq_id %d (ALLREDUCE)" % (seq - 1),
          "no rank is missing from seq_id %d; no size/dtype/op mismatch found" % seq,
          "per-rank time of entry into seq_id %d: min 23:11:20.41 (rank 12), max 23:11:20.97 (rank 50), spread 0.56 s" % seq]
    c.w("gpu-h01/fr_trace_summary.txt", fr)
    c.w("ops/health_after.txt", ["all_reduce_perf on the 8 nodes after the job: 187.4 GB/s busbw (expected >= 180) - PASS",
                                 "dcgmi diag -r 2 on all 8 nodes: PASS", "ibdiagnet: no errors, no degraded links"])
    c.label("hang", "framework", None, None, "restart",
            "All 64 ranks entered the same ALLREDUCE (seq %d) within 0.6 s and all hit the 30-minute watchdog together; the flight recorder shows nobody missing or mismatched, kernels/IB are clean (only an old Xid 13 from another job and a 2-day-old link flap) and post-job diagnostics pass: a hang with no evidence of who." % seq,
            "https://github.com/pytorch/pytorch/issues/140563")


# ---------------------------------------------------------------------------------------------- ab29
def ab29(out):
    c = Case(out, "ab29_training_froze_silently_then_watchdog_after_30_minutes", 129)
    r = c.rng
    hosts = ["gpu-y01", "gpu-y02", "gpu-y03", "gpu-y05", "gpu-y06", "gpu-y08"]
    order = ["gpu-y02", "gpu-y01", "gpu-y08", "gpu-y03", "gpu-y05", "gpu-y06"]
    nodes = mk_nodes(hosts, "10.29.7", r, order=order)
    culprit = [n for n in nodes if n.host == "gpu-y05"][0]
    rk_bad = culprit.rank(5)
    t0 = T(2025, 3, 4, 6, 0, 2)
    t_coll = T(2025, 3, 4, 18, 44, 9, 200000)
    seq = 51234
    tmo = 1800000
    for n in nodes:
        ts = t0 + sec(r.uniform(0, 2))
        extra = []
        if n.node_rank == 0:
            tt = t0 + sec(150)
            step = 0
            while tt < t_coll - sec(3):
                step += 50
                extra.append((tt, "[rank0]:%s | INFO | step=%d loss=%.4f tok/s=%.0f" % (pylog(tt), step, 2.0 + r.uniform(-0.05, 0.05), r.uniform(1.51e6, 1.53e6))))
                tt += sec(50 * 0.91)
        if n is culprit:
            ev = list(extra)
            nccl_init_events(ev, n, t0 + sec(30), 48, r)
            times = timeout_events(ev, n, t_coll, seq, "ALLREDUCE", 1048576, tmo, r, skip=(5,))
            first = min(times, key=times.get)
            tfail = times[first] + sec(1.1)
            torchrun_console(ev, n, 6, ts, "gpu-y02", 29500, "llm-moe", "/opt/moe/train.py", r, [(first, tfail - sec(0.2), -6, None, None)], tfail, script="/opt/moe/train.py")
        else:
            ev = sym_node(n, 6, ts, "gpu-y02", "llm-moe", "/opt/moe/train.py", r, t_coll, seq, "ALLREDUCE", 1048576, tmo, script="/opt/moe/train.py", init_t=t0 + sec(30), nranks=48, extra=extra)
        c.w("%s/torchrun.log" % n.host, render(ev))
        dmesg_plain(c, n, r, t0, T(2025, 3, 4, 19, 30), style="T")
    fr = ["# torch flight recorder, per-rank last entries (pg 0, size 48), dumped at watchdog timeout",
          "rank  last_enqueued  last_started  last_completed  state_of_last"]
    for rk in range(48):
        if rk == rk_bad:
            fr.append("%4d  %13d  %12d  %14d  %s" % (rk, seq - 1, seq - 1, seq - 1, "completed   (no dump: process did not reach watchdog; entries from TORCH_NCCL_DEBUG_INFO_PIPE_FILE read at 19:14)"))
        else:
            fr.append("%4d  %13d  %12d  %14d  %s" % (rk, seq, seq, seq - 1, "started"))
    c.w("gpu-y02/flight_recorder_summary.txt", fr)
    pyspy = ["$ py-spy dump --pid %d   (rank %d, local_rank 5, taken 2025-03-04 19:02:41 UTC)" % (culprit.pid(5), rk_bad),
             "Process %d: /usr/bin/python -u /opt/moe/train.py --cfg cfg/moe_16x3b.yaml" % culprit.pid(5),
             "Python v3.10.12 (/usr/bin/python3.10)", "",
             "Thread %d (active): \"MainThread\"" % culprit.pid(5),
             "    _local_scalar_dense (torch/_ops.py:1061)",
             "    item (torch/_tensor.py:1003)",
             "    log_router_stats (/opt/moe/moe/router.py:211)",
             "    forward (/opt/moe/moe/layer.py:148)",
             "    _call_impl (torch/nn/modules/module.py:1562)",
             "    train_step (/opt/moe/train.py:233)",
             "    main (/opt/moe/train.py:301)",
             "    <module> (/opt/moe/train.py:322)",
             "Thread %d (idle): \"Thread-1 (_pin_memory_loop)\"" % (culprit.pid(5) + 301),
             "    select (selectors.py:416)",
             "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)"]
    other = ["$ py-spy dump --pid %d   (rank %d, local_rank 4, same node, taken 2025-03-04 19:02:44 UTC)" % (culprit.pid(4), culprit.rank(4)),
             "Thread %d (active): \"MainThread\"" % culprit.pid(4),
             "    wait (torch/distributed/distributed_c10d.py:2288)",
             "    all_reduce (torch/distributed/distributed_c10d.py:2288)",
             "    sync_aux_loss (/opt/moe/moe/layer.py:171)",
             "    forward (/opt/moe/moe/layer.py:160)",
             "    train_step (/opt/moe/train.py:233)"]
    c.w("gpu-y05/py-spy_dumps.txt", pyspy + [""] + other)
    c.w("gpu-y05/ps_-eLo_pid,stat,pcpu,wchan,comm.txt", ["    PID STAT %CPU WCHAN  COMMAND"] +
        ["%7d %s %4.1f %-6s python" % (culprit.pid(l), "Rl" if l == 5 else "Sl", 100.0 if l == 5 else r.uniform(2, 9), "-" if l == 5 else "futex_") for l in range(8)])
    c.w("gpu-y05/nvidia-smi.txt", nvsmi_table(T(2025, 3, 4, 19, 3, 0), culprit.host, used=[61220] * 8, util=[0, 0, 0, 0, 0, 100, 0, 0], temps=[41, 40, 42, 41, 40, 58, 42, 41],
                                              pwr=[118, 116, 120, 119, 117, 402, 121, 118], procs=[(g, culprit.pid(g), "/usr/bin/python", 61210) for g in range(8)]))
    c.w("gpu-y05/nvidia-smi_-q_-d_ECC,PERFORMANCE.txt", nvsmi_q(T(2025, 3, 4, 19, 3, 5), culprit, r))
    c.label("hang", "infrastructure", "gpu-y05", rk_bad, "run_diagnostics",
            "47 of 48 ranks time out waiting in ALLREDUCE seq %d; rank %d (gpu-y05, local_rank 5) never enqueued it (flight recorder), prints nothing, and py-spy shows it spinning in a .item() on a GPU that sits at 100%% util while its peers idle, with no Xid/ECC/thermal explanation; hold gpu-y05 and test it." % (seq, rk_bad),
            "https://github.com/NVIDIA/nccl/issues/1324")


# ---------------------------------------------------------------------------------------------- ab30
def ab30(out):
    c = Case(out, "ab30_rank_26_cuda_error_ecc_then_everyone_timed_out", 130)
    r = c.rng
    hosts = ["gpu-z01", "gpu-z02", "gpu-z03", "gpu-z04"]
    order = ["gpu-z02", "gpu-z04", "gpu-z01", "gpu-z03"]
    nodes = mk_nodes(hosts, "10.30.3", r, order=order)
    culprit = [n for n in nodes if n.host == "gpu-z03"][0]
    rk_bad = culprit.rank(2)
    t0 = T(2025, 1, 27, 9, 0, 5)
    t_x = T(2025, 1, 27, 15, 38, 22, 810000)
    for n in nodes:
        ts = t0 + sec(r.uniform(0, 2))
        ev = []
        if n.node_rank == 0:
            tt = t0 + sec(100)
            it = 0
            while tt < t_x - sec(3):
                it += 10
                ev.append((tt, "[rank0]:" + megatron_iter(tt, it, 100000, it * 512, r.uniform(3050, 3090), r.uniform(391, 396), 1e-4, 512, 2.1 + r.uniform(-0.04, 0.04), r.uniform(0.2, 0.3))))
                tt += sec(10 * 3.07)
        if n is culprit:
            te = t_x + sec(0.4)
            tb = py_tb([("/workspace/Megatron-LM/pretrain_gpt.py", 308, "<module>", "pretrain("),
                        ("/workspace/Megatron-LM/megatron/training/training.py", 1416, "train", "train_step(forward_step_func,"),
                        ("/workspace/Megatron-LM/megatron/core/transformer/attention.py", 462, "forward", "core_attn_out = self.core_attention(")],
                       ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_TAIL)
            add(ev, te, prefixed(tb, rk_bad))
            add(ev, te + sec(0.3), cuda_err_watchdog(rk_bad, te + sec(0.3), "uncorrectable ECC error encountered", r))
            torchrun_console(ev, n, 4, ts, "gpu-z02", 29500, "gpt-8b", "/workspace/Megatron-LM/pretrain_gpt.py", r, [(2, te + sec(1), -6, None, None)], te + sec(1.3), script="/workspace/Megatron-LM/pretrain_gpt.py")
        else:
            ev = sym_node(n, 4, ts, "gpu-z02", "gpt-8b", "/workspace/Megatron-LM/pretrain_gpt.py", r, t_x + sec(0.3), 330128, "_REDUCE_SCATTER_BASE", 50331648, 600000,
                          script="/workspace/Megatron-LM/pretrain_gpt.py", init_t=t0 + sec(30), nranks=32, extra=ev)
        c.w("%s/torchrun.log" % n.host, render(ev))
        extra = []
        if n is culprit:
            extra = [(t_x, "NVRM: Xid (PCI:0000:52:00): 94, pid=%d, name=python, Contained: SM (0x1). RST: No, D-RST: No" % n.pid(2)),
                     (t_x + sec(0.0006), "NVRM: Xid (PCI:0000:52:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000001c2e40) marked for remapping, reset gpu to activate.")]
        dmesg_plain(c, n, r, t0, T(2025, 1, 27, 16, 10), style="iso", extra=extra)
        if n is culprit:
            per = {2: dict(ecc_vol_unc=1, ecc_agg_unc=1, ecc_agg_cor=4, remap=(0, 1, "Yes", "No"))}
            c.w("%s/nvidia-smi_-q.txt" % n.host, nvsmi_q(T(2025, 1, 27, 15, 52, 0), n, r, per_gpu=per))
            c.w("%s/gpu_inventory.csv" % n.host, gpu_query_csv(n, r))
    c.label("gpu_memory", "infrastructure", "gpu-z03", rk_bad, "restart",
            "Rank 26 (gpu-z03, local_rank 2, bus 52) fails first with 'uncorrectable ECC error encountered'; gpu-z03 logs Xid 94 (contained ECC error) and Xid 63 (row marked for remapping) on 52:00 at the same time, and nvidia-smi -q shows Remapped Rows pending with no remapping failure: the error was contained and the row will be remapped at GPU reset, so the node can be reused after a reset.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/error-recovery-and-response-flags.html")
