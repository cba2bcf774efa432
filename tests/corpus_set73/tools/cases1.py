"""Cases br01-br10."""
import json

from brlib import (Case, T, add, f_dmesgT, f_syslog, f_glog, f_elastic, f_iso, f_slurm, f_cfe,
                   HGX_H100_BUS, DGX_A100_BUS, PCIE4_BUS, nccl_init, watchdog, child_failed, omp_banner,
                   nvsmi_table, nvsmi_q, gpu_list, boot_dmesg_noise, ibstat, sacct, scontrol_job,
                   pyspy, tqdm_bar, uuid, serial, cpp_frames, ansi)
from common import (agent_sigterm, agent_failed, megatron_iter, cuda_error_watchdog, nccl_remote_error,
                    nccl_ib_warn, sigterm_exc)

PKG = "/usr/local/lib/python3.10/dist-packages"


def _loguru(t, level, where, msg):
    col = {"INFO": "1", "WARNING": "33;1", "ERROR": "31;1", "DEBUG": "34;1", "SUCCESS": "32;1"}[level]
    mod, fn, ln = where
    return "\x1b[32m%s.%03d\x1b[0m | \x1b[%sm%-8s\x1b[0m | \x1b[36m%s\x1b[0m:\x1b[36m%s\x1b[0m:\x1b[36m%d\x1b[0m - \x1b[%sm%s\x1b[0m" % (
        t.strftime("%Y-%m-%d %H:%M:%S"), t.microsecond // 1000, col, level, mod, fn, ln, col, msg)


# ============================================================================ br01
def br01(out):
    c = Case(out, "br01_colored_log_stops_at_step_8120", 7301)
    rng = c.rng
    nodes = ["hgx-r3-n05", "hgx-r3-n06", "hgx-r3-n07", "hgx-r3-n08"]
    fail_t = T(2024, 5, 14, 2, 41, 17, 220000)
    step_s = 2.31
    first_step, last_step = 7000, 8120
    start = add(fail_t, -(last_step + 1 - first_step) * step_s - 95)
    bad_node, bad_local = 1, 3
    bad_rank = bad_node * 8 + bad_local
    seq_fail = 412339
    pids = {n: [1873318 + i * 1000 + k for k in range(8)] for i, n in enumerate(nodes)}
    for i, n in enumerate(nodes):
        L = ["+ torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=hgx-r3-n05:29500 --rdzv-id=mgpt-13b-0514 --tee 3 pretrain_gpt.py --config cfg/gpt13b.yaml --load /lustre/ckpt/gpt13b"]
        L += omp_banner(start, pid=140251 + i)
        L.append("%s %d torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:" % (f_glog(add(start, 0.2), "I", nanos=False), 140251 + i))
        L.append("  entrypoint       : pretrain_gpt.py\n  min_nodes        : 4\n  max_nodes        : 4\n  nproc_per_node   : 8\n  run_id           : mgpt-13b-0514\n  rdzv_backend     : c10d\n  rdzv_endpoint    : hgx-r3-n05:29500\n  rdzv_configs     : {'timeout': 900}\n  max_restarts     : 0\n  monitor_interval : 0.1\n  log_dir          : /tmp/torchelastic_%s\n  metrics_cfg      : {}\n" % "".join(rng.choice("abcdefghijklmnopqrstuvwxyz0123456789_") for _ in range(8)))
        for k in range(8):
            r = i * 8 + k
            tt = add(start, 6 + k * 0.05)
            L.append("[default%d]:%s" % (k, _loguru(tt, "INFO", ("megatron.training", "initialize", 98), "rank %d/32 on %s cuda:%d" % (r, n, k))))
            L.append("[default%d]:%s" % (k, _loguru(add(tt, 0.3), "WARNING", ("megatron.core.utils", "_warn_once", 44), "Apex not found; using torch fused Adam implementation")))
            L.append("[default%d]:%s" % (k, _loguru(add(tt, 0.4), "WARNING", ("megatron.core.transformer", "__init__", 187), "TransformerEngine 1.5 detected, fp8 disabled by config")))
        if i == 0:
            L.append("[default0]:%s" % _loguru(add(start, 40), "INFO", ("megatron.training.checkpointing", "load_checkpoint", 611), "loading checkpoint from /lustre/ckpt/gpt13b at iteration 7000"))
            L.append("[default0]:%s" % _loguru(add(start, 88), "SUCCESS", ("megatron.training.checkpointing", "load_checkpoint", 702), "successfully loaded checkpoint (took 47.9s)"))
            for s in range(first_step + 10, last_step + 1, 10):
                tt = add(fail_t, -(last_step + 1 - s) * step_s - 1.1)
                loss = 2.41 - (s - 7000) * 0.00005 + rng.uniform(-0.02, 0.02)
                L.append("[default0]:%s" % _loguru(tt, "INFO", ("train", "log_step", 211), "iter %d/60000 | loss %.4f | lr 2.8%02dE-04 | gnorm %.3f | %.0f ms/it | %.1f TFLOP/s/GPU" % (
                    s, loss, rng.randrange(0, 99), rng.uniform(0.3, 0.6), step_s * 1000 + rng.uniform(-15, 15), 402 + rng.uniform(-4, 4))))
                if s % 500 == 0:
                    L.append("[default0]:%s" % _loguru(add(tt, 0.01), "WARNING", ("megatron.core.distributed", "_check_grad", 88), "grad bucket 3 took %.0f ms to reduce (threshold 250 ms)" % rng.uniform(251, 290)))
        if i == bad_node:
            L += ["[default%d]:%s" % (bad_local, x) for x in cuda_error_watchdog(bad_rank, add(fail_t, 0.9), "unspecified launch failure", rng)]
            L += agent_failed(add(fail_t, 2.4), bad_local, -6, pids[n][bad_local], pypid=140251 + i)
            L += agent_sigterm(add(fail_t, 2.41), [p for k, p in enumerate(pids[n]) if k != bad_local], pypid=140251 + i)
            L += child_failed("pretrain_gpt.py", (add(fail_t, 2.3), n, bad_rank, bad_local, -6, pids[n][bad_local]), [])
        else:
            wt = add(fail_t, 600.031)
            order = list(range(8))
            rng.shuffle(order)
            for j, k in enumerate(order):
                r = i * 8 + k
                L += ["[default%d]:%s" % (k, x) for x in watchdog(r, add(wt, j * 0.004), seq_fail, "ALLREDUCE", 62914560, rng)]
            first = order[0]
            L += agent_failed(add(wt, 1.9), first, -6, pids[n][first], pypid=140251 + i)
            L += agent_sigterm(add(wt, 1.91), [p for k, p in enumerate(pids[n]) if k != first], pypid=140251 + i)
            L += child_failed("pretrain_gpt.py", (add(wt, 1.8), n, i * 8 + first, first, -6, pids[n][first]), [])
        c.write("%s/torchrun.log" % n, L)

        # dmesg -T
        D = []
        boot = T(2024, 5, 6, 9, 12, 44)
        for j, line in enumerate(boot_dmesg_noise(rng, n, 30)):
            D.append("%s %s" % (f_dmesgT(add(boot, 60 + j * 3917)), line))
        if i == 0:
            old = T(2024, 5, 8, 16, 3, 12)
            D.append("%s NVRM: Xid (PCI:0000:18:00): 13, pid=771234, name=python, Graphics SM Warp Exception on (GPC 1, TPC 3, SM 0): Out Of Range Address" % f_dmesgT(old))
            D.append("%s NVRM: Xid (PCI:0000:18:00): 13, pid=771234, name=python, Graphics Exception: ESR 0x50c730=0x201000e 0x50c734=0x24 0x50c728=0x1f81fb60 0x50c72c=0x1174" % f_dmesgT(old))
            D.append("%s NVRM: Xid (PCI:0000:18:00): 43, pid=771234, name=python, Ch 00000010" % f_dmesgT(add(old, 1)))
        D.sort(key=lambda x: x[:26])
        if i == bad_node:
            D.append("%s pcieport 0000:5c:00.0: AER: Uncorrected (Fatal) error received: 0000:5c:00.0" % f_dmesgT(fail_t))
            D.append("%s pcieport 0000:5c:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)" % f_dmesgT(fail_t))
            D.append("%s pcieport 0000:5c:00.0:   device [1000:c030] error status/mask=00000020/00400000" % f_dmesgT(fail_t))
            D.append("%s pcieport 0000:5c:00.0:    [ 5] SDES                   (First)" % f_dmesgT(fail_t))
            D.append("%s NVRM: GPU at PCI:0000:5d:00: %s" % (f_dmesgT(fail_t), uuid(rng)))
            D.append("%s NVRM: GPU Board Serial Number: %s" % (f_dmesgT(fail_t), serial(rng)))
            D.append("%s NVRM: Xid (PCI:0000:5d:00): 79, pid=%d, name=python3, GPU has fallen off the bus." % (f_dmesgT(fail_t), pids[n][bad_local]))
            D.append("%s NVRM: GPU 0000:5d:00.0: GPU has fallen off the bus." % f_dmesgT(fail_t))
            D.append("%s NVRM: A GPU crash dump has been created. If possible, please run" % f_dmesgT(add(fail_t, 1)))
            D.append("                           NVRM: nvidia-bug-report.sh as root to collect this data before")
            D.append("                           NVRM: the NVIDIA kernel module is unloaded.")
            D.append("%s NVRM: Xid (PCI:0000:5d:00): 154, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)" % f_dmesgT(add(fail_t, 1)))
        c.write("%s/dmesg_T.txt" % n, D)
        if i == bad_node:
            c.write("%s/nvidia-smi.txt" % n, ["Unable to determine the device handle for GPU 0000:5D:00.0: Unknown Error"])
        else:
            g = gpu_list("h100", HGX_H100_BUS, rng)
            gt = [dict(x, used=0, util=0, pwr=70 + k, temp=33 + k % 4, perf="P0") for k, x in enumerate(g)]
            c.write("%s/nvidia-smi.txt" % n, nvsmi_table(add(fail_t, 900 + i), gt, []))
    c.write("sacct.txt", sacct(3301187, "mgpt13b", [
        ("", "mgpt13b", "h100", 384, "FAILED", "1:0", start, add(fail_t, 604), "hgx-r3-n[05-08]"),
        (".batch", "batch", "", 96, "FAILED", "1:0", start, add(fail_t, 604), "hgx-r3-n05"),
        (".0", "torchrun", "", 384, "FAILED", "1:0", add(start, 1), add(fail_t, 604), "hgx-r3-n[05-08]")]))
    c.label("gpu_hardware", "infrastructure", nodes[bad_node], bad_rank, "restart_without_node",
            "hgx-r3-n06 logs Xid 79 (GPU 0000:5d:00 fell off the bus) with a fatal PCIe AER at 02:41:17; rank 11 (local 3) dies first with 'unspecified launch failure' and the other nodes only time out 10 minutes later. The old Xid 13 on n05 is from another job a week earlier.",
            "https://docs.nvidia.com/deploy/xid-errors/index.html")


# ============================================================================ br02
def br02(out):
    c = Case(out, "br02_progress_bar_frozen_at_4412", 7302)
    rng = c.rng
    nodes = ["dgx-g17", "dgx-g18"]
    t_last = T(2024, 6, 11, 15, 22, 48, 310000)
    rate = 1.90
    total = 20000
    stuck_step = 4412
    bad_rank, bad_node, bad_local = 13, 1, 5
    seq = 88121
    timeout_ms = 1800000
    start = add(t_last, -stuck_step / rate - 70)
    pids = {n: [2871110 + i * 500 + k for k in range(8)] for i, n in enumerate(nodes)}
    # rank0 stderr with tqdm carriage-return updates
    bar = []
    for n_ in range(0, stuck_step + 1, 4):
        el = n_ / rate
        bar.append(tqdm_bar("train", n_, total, el, rate if n_ else 0.0, "loss=%.3f, lr=%.2e" % (3.1 - n_ * 0.00021 + rng.uniform(-0.03, 0.03), 2e-4)))
    pre = ["[2024-06-11 14:03:34,551] [INFO] [train.py:88] world_size=16 grad_accum=4 micro_bs=8 seq_len=4096",
           "[2024-06-11 14:03:34,552] [INFO] [train.py:91] NCCL timeout set to 1800s (TORCH_NCCL_TRACE_BUFFER_SIZE=2000, dump on timeout enabled)",
           "[2024-06-11 14:03:51,004] [INFO] [train.py:140] loaded shard index: 1,024 files, 3.2B tokens"]
    text = "\n".join(pre) + "\n" + "\r".join(bar)
    # after freeze: watchdog blocks land in same stderr
    wt = add(t_last, timeout_ms / 1000.0 + 1.2)
    wd = watchdog(0, wt, seq, "ALLREDUCE", 4, rng, timeout_ms=timeout_ms, ran_ms=timeout_ms + 27, last_done=seq - 1, last_enq=seq)
    wd.insert(2, "[rank0]:[%s ProcessGroupNCCL.cpp:1374] [PG 0 (default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info." % f_glog(add(wt, 0.003)))
    text += "\n" + "\n".join(wd) + "\n"
    c.write("dgx-g17/rank0_stderr.log", text)
    for i, n in enumerate(nodes):
        L = ["+ torchrun --nnodes=2 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=dgx-g17:29400 --rdzv-id=sft-0611 train.py --cfg cfgs/sft_7b.yaml"]
        L += omp_banner(start, pid=90331 + i)
        for k in range(8):
            r = i * 8 + k
            L += nccl_init(n, pids[n][k], k, r, 16, "10.31.%d.%d" % (i + 17, 1), iface="ibp24s0", rng=rng, print_version=(r == 0), nchan=2)
        order = [k for k in range(8) if not (i == bad_node and k == bad_local)]
        rng.shuffle(order)
        for j, k in enumerate(order):
            r = i * 8 + k
            if r == 0:
                continue
            blk = watchdog(r, add(wt, 0.05 + j * 0.003), seq, "ALLREDUCE", 4, rng, timeout_ms=timeout_ms, ran_ms=timeout_ms + rng.randrange(20, 60), last_done=seq - 1, last_enq=seq)
            L += blk
        if i == 0:
            first = 0
            L += agent_failed(add(wt, 3.1), 0, -6, pids[n][0], pypid=90331)
            L += agent_sigterm(add(wt, 3.11), pids[n][1:], pypid=90331)
            L += child_failed("train.py", (add(wt, 3.0), n, 0, 0, -6, pids[n][0]), [])
        else:
            first = order[0]
            L += agent_failed(add(wt, 2.7), first, -6, pids[n][first], pypid=90332)
            L += agent_sigterm(add(wt, 2.71), [p for k, p in enumerate(pids[n]) if k != first], pypid=90332)
            L.append("%s %d torch/distributed/elastic/multiprocessing/api.py:875] Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % (
                f_glog(add(wt, 32.8), "W", nanos=False), 90332, pids[n][bad_local]))
            L += child_failed("train.py", (add(wt, 2.6), n, 8 + first, first, -6, pids[n][first]), [])
        c.write("%s/torchrun.log" % n, L)
    # py-spy dumps taken by the on-call about 20 minutes into the freeze
    ps_t = add(t_last, 1260)
    wait_stack = [("wait", PKG + "/torch/distributed/distributed_c10d.py", 2297),
                  ("reduce_metrics", "/workspace/sft/utils/metrics.py", 41),
                  ("train_step", "/workspace/sft/train.py", 231),
                  ("main", "/workspace/sft/train.py", 318),
                  ("<module>", "/workspace/sft/train.py", 402)]
    stuck_stack = [("item", "<built-in>", 0),
                   ("maybe_skip_spike", "/workspace/sft/train.py", 214),
                   ("train_step", "/workspace/sft/train.py", 209),
                   ("main", "/workspace/sft/train.py", 318),
                   ("<module>", "/workspace/sft/train.py", 402)]
    bg = [("_worker_loop", PKG + "/torch/utils/data/_utils/pin_memory.py", 54),
          ("run", "/usr/lib/python3.10/threading.py", 953),
          ("_bootstrap_inner", "/usr/lib/python3.10/threading.py", 1016),
          ("_bootstrap", "/usr/lib/python3.10/threading.py", 973)]
    for (n, r, k, st) in [("dgx-g17", 0, 0, wait_stack), ("dgx-g18", 12, 4, wait_stack), ("dgx-g18", 13, 5, stuck_stack), ("dgx-g18", 14, 6, wait_stack)]:
        P = ["# py-spy dump --pid %d --native   (taken %s, RANK=%d LOCAL_RANK=%d)" % (pids[n][k], ps_t.strftime("%Y-%m-%d %H:%M:%S"), r, k)]
        if st is stuck_stack:
            frames = [("cudaStreamSynchronize", "libcudart.so.12", 0), ("at::native::_local_scalar_dense_cuda", "libtorch_cuda.so", 0)] + st
        else:
            frames = [("ncclWaitForWork?", "libnccl.so.2", 0), ("c10d::ProcessGroupNCCL::WorkNCCL::wait", "libtorch_cuda.so", 0)] + st
        P += pyspy(pids[n][k], "/usr/bin/python3 -u train.py --cfg cfgs/sft_7b.yaml", [
            ("MainThread", pids[n][k], False, frames),
            ("Thread-2 (_pin_memory_loop)", pids[n][k] + 41, True, bg)])
        c.write("%s/py-spy_rank%d.txt" % (n, r), P)
    # flight recorder analysis
    F = ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/sft-0611/fr_dumps --prefix nccl_trace_rank_",
         "loaded 15 of 16 rank dumps (missing: rank 13 -- no dump written: process did not reach watchdog)",
         "",
         "Per-rank summary (pg 0 default_pg):",
         "rank  host      last_enqueued  last_started  last_completed"]
    for r in range(16):
        n = nodes[r // 8]
        if r == bad_rank:
            F.append("%4d  %-8s  %13s  %12s  %14s" % (r, n, "n/a", "n/a", "n/a"))
        else:
            F.append("%4d  %-8s  %13d  %12d  %14d" % (r, n, seq, seq, seq - 1))
    F += ["",
          "Not all ranks joining collective %d at entry 4417" % seq,
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "missing ranks: {13}",
          "input sizes: [[4]]",
          "output sizes: [[4]]",
          "expected ranks: 16",
          "collective state: started",
          "collective stack trace:",
          "  wait at %s/torch/distributed/distributed_c10d.py:2297" % PKG,
          "  reduce_metrics at /workspace/sft/utils/metrics.py:41",
          "  train_step at /workspace/sft/train.py:231",
          "",
          "rank 13 entries derived from peers: last collective seen from rank 13 = %d (completed on all ranks)" % (seq - 1)]
    c.write("fr_trace_analysis.txt", F)
    g = gpu_list("h100", HGX_H100_BUS, rng)
    for k, x in enumerate(g):
        x.update(used=61230 + k * 13, util=100, pwr=118 + k, temp=41 + k % 3)
    c.write("dgx-g18/nvidia-smi.txt", nvsmi_table(ps_t, g, [(k, pids["dgx-g18"][k], "/usr/bin/python3", 61200 + k * 13) for k in range(8)]))
    c.write("dgx-g18/dmesg_T.txt", ["%s %s" % (f_dmesgT(add(T(2024, 6, 9, 4, 0, 1), j * 5000)), l) for j, l in enumerate(boot_dmesg_noise(rng, "dgx-g18", 25))])
    c.label("hang", "infrastructure", "dgx-g18", bad_rank, "run_diagnostics",
            "The flight recorder shows 15 ranks started ALLREDUCE 88121 and rank 13 never enqueued it; py-spy of rank 13 sits in a CUDA sync before the collective while peers wait inside it, rank 13 is the only one without a watchdog timeout and needed SIGKILL. No Xid or error explains why, so the GPU/node needs diagnostics.",
            "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")


# ============================================================================ br03
def br03(out):
    c = Case(out, "br03_windows_line_endings_crash_first_step", 7303)
    rng = c.rng
    nodes = ["gpu4-021", "gpu4-022"]
    t0 = T(2024, 4, 2, 10, 11, 5)
    L = ["GPU available: True (cuda), used: True",
         "TPU available: False, using: 0 TPU cores",
         "HPU available: False, using: 0 HPUs",
         "/opt/conda/lib/python3.11/site-packages/lightning/fabric/plugins/environments/slurm.py:204: The `srun` command is available on your system but is not used. HINT: If your intention is to run Lightning on SLURM, prepend your python command with `srun` like so: srun python train_lm.py --config configs/lm_1b3 ...",
         ]
    for r in range(8):
        L.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (r, r + 1))
    L += ["----------------------------------------------------------------------------------------------------",
          "distributed_backend=nccl",
          "All distributed processes registered. Starting with 8 processes",
          "----------------------------------------------------------------------------------------------------",
          ""]
    for r in range(8):
        L.append("LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3]" % (r % 4))
    L += ["",
          "  | Name      | Type             | Params | Mode ",
          "-------------------------------------------------------",
          "0 | model     | LlamaForCausalLM | 1.3 B  | train",
          "1 | loss_fn   | CrossEntropyLoss | 0      | train",
          "-------------------------------------------------------",
          "1.3 B     Trainable params",
          "0         Non-trainable params",
          "1.3 B     Total params",
          "5,268.046 Total estimated model params size (MB)",
          "data: seq_length=8192 micro_batch_size=16 grad_accum=1 (tokens/step/gpu=131072)",
          "precision: bf16-mixed  activation_checkpointing: False",
          "Sanity Checking: |          | 0/? [00:00<?, ?it/s]",
          "Epoch 0:   0%|          | 0/12500 [00:00<?, ?it/s] "]
    order = [2, 0, 5, 3, 1, 6, 4, 7]
    tb = {}
    for r in order:
        gpu = r % 4
        free = rng.choice([1.02, 1.31, 0.98, 1.77])
        inuse = 39.39 - free
        tb[r] = ["Traceback (most recent call last):",
                 '  File "/home/ajain/lm/train_lm.py", line 96, in <module>',
                 "    trainer.fit(model, datamodule=dm)",
                 '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/trainer.py", line 543, in fit',
                 "    call._call_and_handle_interrupt(",
                 '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/trainer/call.py", line 43, in _call_and_handle_interrupt',
                 "    return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)",
                 '  File "/opt/conda/lib/python3.11/site-packages/lightning/pytorch/loops/optimization/automatic.py", line 318, in _training_step',
                 "    training_step_output = call._call_strategy_hook(trainer, \"training_step\", *kwargs.values())",
                 '  File "/home/ajain/lm/model.py", line 141, in training_step',
                 "    logits = self.model(batch[\"input_ids\"]).logits",
                 '  File "/opt/conda/lib/python3.11/site-packages/transformers/models/llama/modeling_llama.py", line 1196, in forward',
                 "    logits = logits.float()",
                 "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.83 GiB. GPU %d has a total capacity of 39.39 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (
                     gpu, free, inuse, inuse - 2.1, 1.65)]
    # interleave tracebacks of the ranks roughly line by line
    idx = {r: 0 for r in order}
    while any(idx[r] < len(tb[r]) for r in order):
        for r in order:
            take = rng.randrange(1, 4)
            for _ in range(take):
                if idx[r] < len(tb[r]):
                    L.append(tb[r][idx[r]])
                    idx[r] += 1
    L += ["srun: error: gpu4-021: tasks 0-3: Exited with exit code 1",
          "srun: Terminating StepId=77812.0",
          "srun: error: gpu4-022: tasks 4-7: Exited with exit code 1"]
    c.write("slurm-77812.out", L, crlf=True)
    c.write("configs/lm_1b3.yaml", ["# lm_1b3 -- edited 2024-04-02: longer context for the long-doc experiment",
                                    "model:", "  name: llama-1b3", "  hidden_size: 2048", "  num_layers: 24", "  vocab_size: 32000",
                                    "data:", "  seq_length: 8192        # was 2048", "  micro_batch_size: 16     # unchanged", "  num_workers: 8",
                                    "trainer:", "  devices: 4", "  num_nodes: 2", "  precision: bf16-mixed", "  strategy: ddp",
                                    "  gradient_checkpointing: false"], crlf=True)
    for i, n in enumerate(nodes):
        g = gpu_list("a100_40", DGX_A100_BUS[:4], rng)
        for x in g:
            x.update(used=4, util=0, pwr=55, temp=30)
        c.write("%s/nvidia-smi.txt" % n, nvsmi_table(add(t0, 140 + i), g, [], driver="550.54.15", cuda="12.4"), crlf=True)
        D = ["%s %s" % (f_dmesgT(add(T(2024, 3, 28, 7, 2, 9), j * 7711)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 22, hca_bus=["41", "c1"]))]
        c.write("%s/dmesg_T.txt" % n, D, crlf=True)
    c.write("sacct.txt", sacct(77812, "lm1b3", [
        ("", "lm1b3", "a100", 128, "FAILED", "1:0", t0, add(t0, 131), "gpu4-[021-022]"),
        (".batch", "batch", "", 64, "FAILED", "1:0", t0, add(t0, 131), "gpu4-021"),
        (".0", "python", "", 128, "FAILED", "1:0", add(t0, 2), add(t0, 131), "gpu4-[021-022]")]), crlf=True)
    c.label("oom", "framework", None, None, "stop",
            "All 8 ranks hit torch.OutOfMemoryError in the first training step with only their own process on the GPU (this process holds ~38 GiB); the config just raised seq_length to 8192 at micro_batch_size 16 without checkpointing. Deterministic job OOM.",
            "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf")


# ============================================================================ br04
def br04(out):
    c = Case(out, "br04_json_logs_loss_turns_nan", 7304)
    rng = c.rng
    nodes = ["trn-p4-%02d" % i for i in range(1, 9)]
    t0 = T(2024, 6, 20, 11, 2, 10)
    step_s = 3.9
    nan_step = 1834

    def J(t, level, logger, rank, host, msg, **kw):
        d = {"ts": f_iso(t, "Z", 3), "level": level, "logger": logger, "rank": rank, "host": host, "msg": msg}
        d.update(kw)
        return json.dumps(d, ensure_ascii=False)
    cfg = {"model": {"name": "llama3_8b", "dim": 4096, "n_layers": 32}, "optimizer": {"name": "AdamW", "lr": 3e-3, "eps": 1e-8, "weight_decay": 0.1},
           "training": {"batch_size": 4, "seq_len": 8192, "warmup_steps": 1800, "steps": 60000, "max_norm": 0.0, "mixed_precision_param": "bfloat16",
                        "fail_on_nonfinite_loss": True}, "parallelism": {"data_parallel_shard_degree": 64}}
    for i, n in enumerate(nodes):
        L = []
        for k in range(8):
            r = i * 8 + k
            L.append(J(add(t0, k * 0.01), "INFO", "torchtitan", r, n, "Starting job: Llama 3 8B pretrain (run id ttn-0620-b)"))
            L.append(J(add(t0, 0.4 + k * 0.01), "INFO", "torchtitan.parallelisms", r, n, "Building 1-D device mesh with ['dp_shard'], [64]"))
            L.append(J(add(t0, 0.9 + k * 0.01), "WARNING", "py.warnings", r, n, "/opt/torchtitan/torchtitan/datasets/tokenizer/tiktoken.py:112: UserWarning: Tokenizer special tokens were not set, using defaults"))
            if r == 0:
                L.append(J(add(t0, 1.0), "INFO", "torchtitan.config", 0, n, "job config", config=cfg))
        if i == 0:
            L.append(J(add(t0, 44), "INFO", "torchtitan", 0, n, "Training starts at step 1, with local batch size 4, global batch size 256, sequence length 8192, total steps 60000 (warmup 1800)"))
            for s in range(10, nan_step + 1, 10):
                t = add(t0, 50 + s * step_s)
                lr = 3e-3 * min(1.0, s / 1800.0)
                if s < 1700:
                    gn = 0.9 + rng.uniform(-0.2, 0.3) + (s / 1700.0) * 0.8
                    loss = 10.9 * (0.86 ** (s / 60.0)) + 3.2 + rng.uniform(-0.05, 0.05)
                else:
                    x = (s - 1700) / 130.0
                    gn = 1.6 * (30 ** (x * 3.2))
                    loss = 3.4 + 2.7 * x * x + rng.uniform(-0.05, 0.05)
                ls = "%.4f" % loss
                gs = "%.3f" % gn
                if s >= 1820:
                    gs = "inf"
                if s >= 1830:
                    ls = "nan"
                L.append(J(t, "INFO", "torchtitan", 0, n, "step: %4d  loss: %s  grad_norm: %s  lr: %.3e  memory: %.2fGiB(%.2f%%)  tps: %s  mfu: %.2f%%" % (
                    s, ls, gs, lr, 61.0 + rng.uniform(-0.3, 0.3), 77.1 + rng.uniform(-0.3, 0.3), "{:,}".format(3400 + rng.randrange(-40, 40)), 41.2 + rng.uniform(-0.4, 0.4)),
                    step=s, loss=None if ls == "nan" else float(ls), grad_norm=gs, lr=lr))
                if 1790 <= s <= 1834 and s % 10 == 0:
                    L.append(J(add(t, 0.01), "WARNING", "torchtitan.metrics", 0, n, "grad_norm spike: %s (ema %.3f)" % (gs, 1.4 + (s - 1790) * 0.3)))
        tn = add(t0, 50 + nan_step * step_s)
        for k in range(8):
            r = i * 8 + k
            L.append(J(add(tn, 0.02 + 0.001 * r), "ERROR", "torchtitan.train", r, n, "non-finite local loss at step %d: nan (local tokens 32768)" % nan_step))
        for k in range(8):
            r = i * 8 + k
            exc = ("Traceback (most recent call last):\n"
                   '  File "/opt/torchtitan/train.py", line 433, in <module>\n'
                   "    main(config)\n"
                   '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper\n'
                   "    return f(*args, **kwargs)\n"
                   '  File "/opt/torchtitan/train.py", line 331, in main\n'
                   "    check_finite(loss, train_state.step)\n"
                   '  File "/opt/torchtitan/torchtitan/utils.py", line 61, in check_finite\n'
                   '    raise FloatingPointError(f"Loss is {loss.item()} at step {step}; aborting (training.fail_on_nonfinite_loss=True)")\n'
                   "FloatingPointError: Loss is nan at step %d; aborting (training.fail_on_nonfinite_loss=True)" % (PKG, nan_step))
            L.append(J(add(tn, 0.05 + 0.001 * r), "ERROR", "torchtitan.train", r, n, "training aborted", exc_info=exc))
        L.append(J(add(tn, 1.9), "ERROR", "torch.distributed.elastic.multiprocessing.api", None, n, "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (551200 + i * 31)))
        L.append(J(add(tn, 1.95), "ERROR", "torch.distributed.elastic", None, n, "ChildFailedError: train.py FAILED; Root Cause (first observed failure): rank %d (local_rank 0) exitcode 1" % (i * 8)))
        c.write("%s/train.jsonl" % n, L)
        D = ["%s %s" % (f_dmesgT(add(T(2024, 6, 18, 22, 10, 3), j * 4100)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 20))]
        if n == "trn-p4-05":
            for j in range(4):
                tt = add(T(2024, 6, 20, 3, 14, 2), j * 1811)
                D.append("%s pcieport 0000:00:01.1: AER: Corrected error received: 0000:00:01.1" % f_dmesgT(tt))
                D.append("%s pcieport 0000:00:01.1: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)" % f_dmesgT(tt))
                D.append("%s pcieport 0000:00:01.1:   device [1022:14ab] error status/mask=00001000/00002000" % f_dmesgT(tt))
                D.append("%s pcieport 0000:00:01.1:    [12] Timeout               " % f_dmesgT(tt))
        c.write("%s/dmesg_T.txt" % n, D)
    g = gpu_list("h100", HGX_H100_BUS, rng, g3={"a_sram_ce": 3})
    c.write("trn-p4-05/nvidia-smi-q.txt", nvsmi_q(add(t0, 8000), g, rng=rng))
    c.write("sacct.txt", sacct(610044, "ttn-0620-b", [
        ("", "ttn-0620-b", "train", 1536, "FAILED", "1:0", t0, add(t0, 50 + nan_step * step_s + 5), "trn-p4-[01-08]"),
        (".0", "torchrun", "", 1536, "FAILED", "1:0", t0, add(t0, 50 + nan_step * step_s + 5), "trn-p4-[01-08]")]))
    c.label("numerical", "script", None, None, "stop",
            "Grad norm grows from ~1.6 to inf as the LR warms up to a very high 3e-3 with gradient clipping disabled (max_norm 0); the loss turns NaN at the same step on all 64 ranks. A recipe problem, not one node (trn-p4-05's corrected AER lines and old SRAM CE count are noise).",
            "https://github.com/huggingface/transformers/issues/14834")


# ============================================================================ br05
def br05(out):
    c = Case(out, "br05_job_sits_30min_then_store_timeout", 7305)
    rng = c.rng
    nodes = ["gpu-k01", "gpu-k02", "gpu-k03", "gpu-k04"]
    t0 = T(2024, 6, 11, 9, 58, 40)
    bad = 2
    L = []

    def lab(task):
        return "%2d: " % task
    for task in range(16):
        if task // 4 == bad:
            continue
        L.append(lab(task) + "[%s] rank=%d local_rank=%d host=%s torch=2.4.0+cu121 cudnn=90100" % (add(t0, 4 + task * 0.01).strftime("%H:%M:%S"), task, task % 4, nodes[task // 4]))
    for task in [8, 10, 9, 11]:
        tb = ["Traceback (most recent call last):",
              '  File "/home/ylin/proj/vitdet/train.py", line 7, in <module>',
              "    import torch",
              '  File "/opt/venv/lib/python3.11/site-packages/torch/__init__.py", line 290, in <module>',
              "    from torch._C import *  # noqa: F403",
              "    ^^^^^^^^^^^^^^^^^^^^^^",
              "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory"]
        L += [lab(task) + x for x in tb]
    L.append("srun: error: gpu-k03: tasks 8-11: Exited with exit code 1")
    for task in range(16):
        if task // 4 == bad:
            continue
        L.append(lab(task) + "/opt/venv/lib/python3.11/site-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()")
        L.append(lab(task) + "  return self.fget.__get__(instance, owner)()")
        L.append(lab(task) + "[%s] init_process_group(backend=nccl, init_method=env://, world_size=16, rank=%d, timeout=0:30:00)" % (add(t0, 9 + task * 0.01).strftime("%H:%M:%S"), task))
    tfail = add(t0, 9 + 1801)
    L += [lab(0) + "Traceback (most recent call last):",
          lab(0) + '  File "/home/ylin/proj/vitdet/train.py", line 52, in <module>',
          lab(0) + "    dist.init_process_group(\"nccl\", timeout=timedelta(minutes=30))",
          lab(0) + '  File "/opt/venv/lib/python3.11/site-packages/torch/distributed/c10d_logger.py", line 79, in wrapper',
          lab(0) + "    return func(*args, **kwargs)",
          lab(0) + '  File "/opt/venv/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 1305, in init_process_group',
          lab(0) + "    store, rank, world_size = next(rendezvous_iterator)",
          lab(0) + '  File "/opt/venv/lib/python3.11/site-packages/torch/distributed/rendezvous.py", line 246, in _env_rendezvous_handler',
          lab(0) + "    store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)",
          lab(0) + '  File "/opt/venv/lib/python3.11/site-packages/torch/distributed/rendezvous.py", line 174, in _create_c10d_store',
          lab(0) + "    return TCPStore(",
          lab(0) + "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 12/16 clients joined."]
    for task in [1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15]:
        L += [lab(task) + "[W%s socket.cpp:697] [c10d] recvValue failed on SocketImpl(fd=61, addr=[%s]:%d, remote=[gpu-k01]:29500): Connection reset by peer" % (
            add(tfail, 0.3).strftime("%m%d %H:%M:%S.%f"), nodes[task // 4], 50000 + task)]
        L += [lab(task) + "torch.distributed.DistNetworkError: Connection reset by peer"]
    L += ["srun: error: gpu-k01: tasks 0-3: Exited with exit code 1",
          "srun: error: gpu-k02: tasks 4-7: Exited with exit code 1",
          "srun: error: gpu-k04: tasks 12-15: Exited with exit code 1"]
    c.write("slurm-412233.out", L)
    for i, n in enumerate(nodes):
        P = ["%s %s prolog[%d]: job 412233 user ylin prolog start" % (f_iso(add(t0, -30 + i * 0.2), "+00:00", 0), n, 88400 + i),
             "%s %s prolog[%d]: venv-sync: checking /opt/venv against image ml-venv:2024.06.10 (sha256:7c1e04d2)" % (f_iso(add(t0, -29 + i * 0.2), "+00:00", 0), n, 88400 + i)]
        if i == bad:
            P += ["%s %s prolog[%d]: venv-sync: WARNING lock /var/lock/venv-sync.lock held by pid 3311 (started 2024-06-10T22:14:51), skipping sync" % (f_iso(add(t0, -28), "+00:00", 0), n, 88400 + i),
                  "%s %s prolog[%d]: venv-sync: /opt/venv is at ml-venv:2024.05.27 + 1 interrupted transaction (rsync exit 20 at 2024-06-10T22:31:07)" % (f_iso(add(t0, -28), "+00:00", 0), n, 88400 + i)]
        else:
            P += ["%s %s prolog[%d]: venv-sync: /opt/venv up to date (ml-venv:2024.06.10)" % (f_iso(add(t0, -28 + i * 0.2), "+00:00", 0), n, 88400 + i)]
        P += ["%s %s prolog[%d]: gpu check: 4 x NVIDIA L40S, driver 550.54.15, persistence on" % (f_iso(add(t0, -27 + i * 0.2), "+00:00", 0), n, 88400 + i),
              "%s %s prolog[%d]: prolog done (rc=0)" % (f_iso(add(t0, -26 + i * 0.2), "+00:00", 0), n, 88400 + i)]
        c.write("%s/prolog.log" % n, P)
        if i == bad:
            V = ["$ /opt/venv/bin/python -c 'import torch; print(torch.__version__, torch.backends.cudnn.version())'",
                 "Traceback (most recent call last):", '  File "<string>", line 1, in <module>',
                 '  File "/opt/venv/lib/python3.11/site-packages/torch/__init__.py", line 290, in <module>',
                 "    from torch._C import *  # noqa: F403", "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory",
                 "$ ls /opt/venv/lib/python3.11/site-packages/nvidia/cudnn/lib/", "$ /opt/venv/bin/pip show nvidia-cudnn-cu12 | head -2",
                 "WARNING: Package(s) not found: nvidia-cudnn-cu12"]
        else:
            V = ["$ /opt/venv/bin/python -c 'import torch; print(torch.__version__, torch.backends.cudnn.version())'",
                 "2.4.0+cu121 90100",
                 "$ ls /opt/venv/lib/python3.11/site-packages/nvidia/cudnn/lib/",
                 "libcudnn.so.9  libcudnn_adv.so.9  libcudnn_cnn.so.9  libcudnn_engines_precompiled.so.9  libcudnn_engines_runtime_compiled.so.9  libcudnn_graph.so.9  libcudnn_heuristic.so.9  libcudnn_ops.so.9",
                 "$ /opt/venv/bin/pip show nvidia-cudnn-cu12 | head -2", "Name: nvidia-cudnn-cu12", "Version: 9.1.0.70"]
        c.write("%s/venv_check.txt" % n, V)
        D = ["%s %s" % (f_dmesgT(add(T(2024, 6, 1, 8, 0, 0), j * 31000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 18, hca_bus=["41"]))]
        if i == 1:
            D.append("%s mce: [Hardware Error]: Machine check events logged" % f_dmesgT(T(2024, 6, 9, 13, 2, 55)))
            D.append("%s EDAC skx MC1: HANDLING MCE MEMORY ERROR" % f_dmesgT(T(2024, 6, 9, 13, 2, 55)))
            D.append("%s EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x3c1f2a offset:0x0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)" % f_dmesgT(T(2024, 6, 9, 13, 2, 55)))
        c.write("%s/dmesg_T.txt" % n, D)
    c.write("sacct.txt", sacct(412233, "vitdet-l", [
        ("", "vitdet-l", "l40s", 128, "FAILED", "1:0", add(t0, -31), add(tfail, 2), "gpu-k[01-04]"),
        (".batch", "batch", "", 32, "FAILED", "1:0", add(t0, -31), add(tfail, 2), "gpu-k01"),
        (".0", "python", "", 128, "FAILED", "1:0", t0, add(tfail, 2), "gpu-k[01-04]")]))
    c.label("dependency", "infrastructure", "gpu-k03", None, "restart_without_node",
            "Only the four tasks on gpu-k03 fail at 'import torch' (libcudnn.so.9 missing); its prolog shows the node-local /opt/venv sync was skipped and left half-updated, while the other nodes' venv checks pass. The 30-minute store timeout and connection resets on the rest are sympathetic.",
            "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/91")


# ============================================================================ br06
def br06(out):
    c = Case(out, "br06_pdsh_prefixed_launcher_log_nccl_errors", 7306)
    rng = c.rng
    nodes = ["dn-%02d" % i for i in range(1, 9)]
    ips = {n: "10.12.%d.2" % (i + 1) for i, n in enumerate(nodes)}
    t0 = T(2024, 6, 20, 11, 3, 12, 551000)
    tdown = T(2024, 6, 20, 11, 52, 40, 118000)
    bad = 6
    hcas = ["mlx5_%d" % i for i in range(8)]
    L = []

    def P(n, s):
        L.append("%s: %s" % (n, s))
    for i, n in enumerate(nodes):
        P(n, "%s [INFO] [launch.py:146:main] WORLD INFO DICT: {'dn-01': [0, 1, 2, 3, 4, 5, 6, 7], 'dn-02': [0, 1, 2, 3, 4, 5, 6, 7], 'dn-03': [0, 1, 2, 3, 4, 5, 6, 7], 'dn-04': [0, 1, 2, 3, 4, 5, 6, 7], 'dn-05': [0, 1, 2, 3, 4, 5, 6, 7], 'dn-06': [0, 1, 2, 3, 4, 5, 6, 7], 'dn-07': [0, 1, 2, 3, 4, 5, 6, 7], 'dn-08': [0, 1, 2, 3, 4, 5, 6, 7]}" % f_elastic(add(t0, i * 0.03)))
        P(n, "%s [INFO] [launch.py:152:main] nnodes=8, num_local_procs=8, node_rank=%d" % (f_elastic(add(t0, i * 0.03)), i))
        P(n, "%s [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {...})" % f_elastic(add(t0, i * 0.03)))
        P(n, "%s [INFO] [launch.py:164:main] dist_world_size=64" % f_elastic(add(t0, i * 0.03)))
        P(n, "%s [INFO] [launch.py:166:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % f_elastic(add(t0, i * 0.03)))
    for i, n in enumerate(nodes):
        for k in range(8):
            r = i * 8 + k
            for x in nccl_init(n, 33100 + i * 100 + k, k, r, 64, ips[n], iface="ibp26s0", hcas=hcas, rng=rng, nchan=2, print_version=(r == 0)):
                P(n, x)
    for s in range(20, 1240, 20):
        t = add(t0, 80 + s * 2.35)
        P("dn-01", "%s [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.00029%02d], mom=[(0.9, 0.95)]" % (f_elastic(t), s, rng.randrange(100)))
        P("dn-01", "steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (s, 3.4 - s * 0.0006 + rng.uniform(-0.02, 0.02), 2.35 + rng.uniform(-0.03, 0.03), 217.9 + rng.uniform(-3, 3)))
    # the fault
    bn = nodes[bad]
    P(bn, "%s:%d:%d [2] transport/net_ib.cc:119 NCCL WARN NET/IB : mlx5_2:1 Got async event : port error" % (bn, 33100 + bad * 100 + 2, 33100 + bad * 100 + 2 + 61))
    P(bn, "%s:%d:%d [2] transport/net_ib.cc:119 NCCL WARN NET/IB : mlx5_2:1 Got async event : port error" % (bn, 33100 + bad * 100 + 2, 33100 + bad * 100 + 2 + 61))
    for x in nccl_ib_warn(bn, 33100 + bad * 100 + 2, 33100 + bad * 100 + 2 + 58, 2, ips["dn-06"], ips[bn], "mlx5_2", rng, status=12, direction="Send"):
        P(bn, x)
    for nb in ["dn-06", "dn-08"]:
        j = nodes.index(nb)
        for x in nccl_ib_warn(nb, 33100 + j * 100 + 2, 33100 + j * 100 + 2 + 58, 2, ips[bn], ips[nb], "mlx5_2", rng):
            P(nb, x)
    te = add(tdown, 19)
    for nb in ["dn-06", "dn-08"]:
        j = nodes.index(nb)
        for x in nccl_remote_error(j * 8 + 2, te, ips[bn], rng, local_ip=ips[nb], hca="mlx5_2"):
            P(nb, x)
    for x in nccl_remote_error(bad * 8 + 2, add(te, -0.4), ips["dn-06"], rng, local_ip=ips[bn], hca="mlx5_2"):
        P(bn, x)
    for i, n in enumerate(nodes):
        if n in ("dn-06", "dn-08", bn):
            P(n, "%s [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (f_elastic(add(te, 1.1)), 33100 + i * 100))
            P(n, "%s [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=2', '--deepspeed', '--deepspeed_config', 'ds_z3.json'] exits with return code = -6" % f_elastic(add(te, 1.4)))
    tw = add(tdown, 600.04)
    for i, n in enumerate(nodes):
        if n in ("dn-06", "dn-08", bn):
            continue
        for k in [0, 5]:
            for x in watchdog(i * 8 + k, add(tw, k * 0.01), 190221, "_REDUCE_SCATTER_BASE", 33554432, rng, full=(k == 0)):
                P(n, x)
        P(n, "%s [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=0', '--deepspeed', '--deepspeed_config', 'ds_z3.json'] exits with return code = -6" % f_elastic(add(tw, 1.3)))
    L.append("pdsh@dn-01: %s: ssh exited with exit code 250" % bn)
    L.append("pdsh@dn-01: dn-06: ssh exited with exit code 250")
    L.append("pdsh@dn-01: dn-08: ssh exited with exit code 250")
    for n in nodes:
        if n not in ("dn-06", "dn-08", bn):
            L.append("pdsh@dn-01: %s: ssh exited with exit code 250" % n)
    c.write("deepspeed_launcher.log", L)
    # pdsh ibstat output gathered after the failure
    I = []
    chunks = []
    for i, n in enumerate(nodes):
        st = {}
        if i == bad:
            st["mlx5_2"] = ("Down", "Polling", 10)
        lines = ibstat(hcas, rng, st)
        if n == "dn-02":
            lines += ["CA 'mlx5_8'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002", "\tHardware version: 0",
                      "\tNode GUID: 0x%016x" % rng.getrandbits(64), "\tSystem image GUID: 0x%016x" % rng.getrandbits(64), "\tPort 1:",
                      "\t\tState: Down", "\t\tPhysical state: Disabled", "\t\tRate: 40", "\t\tBase lid: 0", "\t\tLMC: 0", "\t\tSM lid: 0",
                      "\t\tCapability mask: 0x00010000", "\t\tPort GUID: 0x%016x" % rng.getrandbits(64), "\t\tLink layer: Ethernet"]
        chunks.append([(n, x) for x in lines])
    # emulate arrival interleaving in blocks
    while any(chunks):
        for ch in chunks:
            take = rng.randrange(5, 30)
            for _ in range(take):
                if ch:
                    n, x = ch.pop(0)
                    I.append("%s: %s" % (n, x))
        chunks = [ch for ch in chunks if ch]
    c.write("pdsh_ibstat.txt", ["$ pdsh -w dn-[01-08] ibstat"] + I)
    for i, n in enumerate(nodes):
        boot = T(2024, 6, 17, 6, 40, 2)
        D = ["%s %s" % (f_dmesgT(add(boot, j * 5011)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 24))]
        if i == bad:
            D += ["%s mlx5_core 0000:3c:00.0: mlx5_port_module_event:1163:(pid 0): Port module event[error]: module 2, Cable error, Bus stuck (I2C or data shorted)" % f_dmesgT(add(tdown, -1)),
                  "%s mlx5_core 0000:3c:00.0: Port: 1 Link DOWN" % f_dmesgT(tdown),
                  "%s mlx5_core 0000:3c:00.0 ibp60s0: Link down" % f_dmesgT(tdown),
                  "%s infiniband mlx5_2: mlx5_ib_event:2898:(pid 0): warning: event on port 1 (PORT_ERR)" % f_dmesgT(tdown)]
        if n == "dn-04":
            D += ["%s mlx5_core 0000:9c:00.0: Port: 1 Link DOWN" % f_dmesgT(add(boot, 40)),
                  "%s mlx5_core 0000:9c:00.0: Port: 1 Link ACTIVE" % f_dmesgT(add(boot, 52))]
        c.write("%s/dmesg_T.txt" % n, D)
    c.write("ds_hostfile", ["%s slots=8" % n for n in nodes])
    c.label("network", "infrastructure", bn, None, "restart_without_node",
            "dn-07's mlx5_2 port goes down (cable/module error in dmesg, ibstat Down/Polling) at 11:52:40; dn-07 logs 'port error' async events first and the neighbours' completion errors all point at dn-07's address 10.12.7.2. The other nodes only time out. dn-02's down mlx5_8 is an unused Ethernet port.",
            "https://github.com/NVIDIA/nccl/issues/426")


# ============================================================================ br07
def br07(out):
    c = Case(out, "br07_mpirun_jumbled_output_exit_code_1", 7307)
    rng = c.rng
    nodes = ["hpc-a100-n14", "hpc-a100-n15"]
    t0 = T(2024, 3, 19, 16, 40, 3)
    L = ["Warning: Permanently added 'hpc-a100-n15,10.2.0.115' (ECDSA) to the list of known hosts."]
    streams = {}
    for r in range(16):
        s = ["[%s] rank %2d/16 on %s (cuda:%d) | torch 2.2.1+cu121 | nccl 2.19.3" % (add(t0, 3 + r * 0.01).strftime("%H:%M:%S"), r, nodes[r // 8], r % 8),
             "model: GPT(n_layer=24, n_head=16, n_embd=2048, vocab_size=50257, block_size=2048)",
             "number of parameters: 1313.98M",
             "resuming from /scratch/proj/gpt/out-owt-2b/ckpt_040000.pt",
             "Traceback (most recent call last):",
             '  File "/scratch/proj/gpt/train_gpt.py", line 318, in <module>',
             "    main()",
             '  File "/scratch/proj/gpt/train_gpt.py", line 241, in main',
             '    model.load_state_dict(ckpt["model"], strict=True)',
             '  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/module.py", line 2153, in load_state_dict',
             "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
             "RuntimeError: Error(s) in loading state_dict for GPT:",
             "\tsize mismatch for transformer.wte.weight: copying a param with shape torch.Size([50304, 2048]) from checkpoint, the shape in current model is torch.Size([50257, 2048]).",
             "\tsize mismatch for lm_head.weight: copying a param with shape torch.Size([50304, 2048]) from checkpoint, the shape in current model is torch.Size([50257, 2048])."]
        streams[r] = s
    idx = {r: 0 for r in range(16)}
    while any(idx[r] < len(streams[r]) for r in range(16)):
        r = rng.randrange(16)
        if idx[r] >= len(streams[r]):
            continue
        line = streams[r][idx[r]]
        idx[r] += 1
        if rng.random() < 0.06 and len(L[-1]) > 8:
            prev = L[-1]
            cut = rng.randrange(4, len(prev))
            L[-1] = prev[:cut] + line
            L.append(prev[cut:])
        else:
            L.append(line)
    L += ["--------------------------------------------------------------------------",
          "Primary job  terminated normally, but 1 process returned",
          "a non-zero exit code. Per user-direction, the job has been aborted.",
          "--------------------------------------------------------------------------",
          "--------------------------------------------------------------------------",
          "mpirun detected that one or more processes exited with non-zero status, thus causing",
          "the job to be terminated. The first process to do so was:",
          "",
          "  Process name: [[43871,1],9]",
          "  Exit code:    1",
          "--------------------------------------------------------------------------"]
    c.write("mpirun_stdout.log", L)
    c.write("run.sh", ["#!/bin/bash", "# launched from hpc-a100-n14", "mpirun -np 16 -H hpc-a100-n14:8,hpc-a100-n15:8 --bind-to none --map-by slot \\",
                       "  -x MASTER_ADDR=hpc-a100-n14 -x MASTER_PORT=29511 -x NCCL_DEBUG=WARN -x PATH -x LD_LIBRARY_PATH \\",
                       "  python /scratch/proj/gpt/train_gpt.py config/train_owt_2b.py --init_from=resume --out_dir=out-owt-2b"])
    for i, n in enumerate(nodes):
        g = gpu_list("a100", DGX_A100_BUS, rng)
        c.write("%s/nvidia-smi.txt" % n, nvsmi_table(add(t0, 60), g, [], driver="535.104.12", cuda="12.2"))
        D = ["%s %s" % (f_dmesgT(add(T(2024, 3, 12, 1, 0, 0), j * 21000)), l) for j, l in enumerate(boot_dmesg_noise(rng, n, 20, hca_bus=["0c", "12", "48", "4f"]))]
        if i == 1:
            tt = T(2024, 3, 16, 20, 44, 18)
            D.append("%s NVRM: Xid (PCI:0000:47:00): 31, pid=3391022, name=python, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f2a_1b000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % f_dmesgT(tt))
        c.write("%s/dmesg_T.txt" % n, D)
    c.label("user_code", "script", None, None, "stop",
            "Every rank fails identically in load_state_dict: the checkpoint's embedding is padded to 50304 but the model is built with vocab_size 50257. mpirun's 'first process' (rank 9) is arbitrary; the old Xid 31 on n15 is from another job three days earlier.",
            "https://pytorch.org/tutorials/beginner/saving_loading_models.html")


# ============================================================================ br08
def br08(out):
    import calendar
    c = Case(out, "br08_node_log_cut_off_mid_line", 7308)
    rng = c.rng
    nodes = ["cn-0209", "cn-0210", "cn-0211", "cn-0212"]
    ips = {n: "10.40.2.%d" % (9 + i) for i, n in enumerate(nodes)}
    t0 = T(2024, 7, 9, 0, 31, 10)
    tdie = T(2024, 7, 9, 4, 12, 9, 412000)
    bad = 2
    jobid = 2231907
    step_s = 1.83
    for i, n in enumerate(nodes):
        L = ["+ srun --ntasks-per-node=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=cn-0209:29500 megatron_gpt_pretraining.py --config-name=gpt_20b"]
        L += omp_banner(t0, new_style=False)
        for k in range(8):
            L += nccl_init(n, 61200 + i * 100 + k, k, i * 8 + k, 32, ips[n], iface="ibp12s0", rng=rng, nchan=2, print_version=(i == 0 and k == 0), cuda="12.2", version="2.18.5")
        for k in range(8):
            L.append("[NeMo I %s megatron_init:263] Rank %d has data parallel group : [%s]" % (add(t0, 20).strftime("%Y-%m-%d %H:%M:%S"), i * 8 + k, ", ".join(str(x) for x in range(k % 4, 32, 4))))
        nsteps = int((tdie - add(t0, 200)).total_seconds() / step_s)
        for s in range(0, nsteps, 50):
            tt = add(t0, 200 + s * step_s)
            if i == 0:
                L.append("Epoch 0: :  %d%%|%s| %d/200000 [%s, v_num=0, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]" % (
                    s * 100 // 200000, " " * 10, s + 31000, tt.strftime("%H:%M:%S"), 2.21 - s * 0.00001, s + 31000, (s + 31000) * 512, step_s + rng.uniform(-0.01, 0.01)))
            if s % 1000 == 0:
                L.append("[NeMo I %s perf_metrics:87] train_step_timing in s: %.3f" % (tt.strftime("%Y-%m-%d %H:%M:%S"), step_s + rng.uniform(-0.01, 0.01)))
        if i == bad:
            L.append("[NeMo I %s perf_metrics:87] train_step_timing in s: 1.8" % add(tdie, -1).strftime("%Y-%m-%d %H:%M:%S"))
            text = "\n".join(L)  # no trailing newline: cut mid-write
            c.write("%s/torchrun.log" % n, text)
            continue
        te = add(tdie, 21.7)
        if i in (1, 3):
            hosts_pid = 61200 + i * 100
            for k in (0, 4):
                for x in nccl_ib_warn(n, hosts_pid + k, hosts_pid + k + 71, k, ips[nodes[bad]], ips[n], "mlx5_%d" % k, rng):
                    L.append(x)
            for k in (0, 4):
                L += nccl_remote_error(i * 8 + k, add(te, k * 0.01), ips[nodes[bad]], rng, local_ip=ips[n], hca="mlx5_%d" % k)
        L.append("slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jobid, n, f_slurm(add(tdie, 317))))
        if i == 0:
            L.append("%s torch.distributed.elastic.agent.server.api: [WARNING] Received Signals.SIGTERM death signal, shutting down workers" % f_elastic(add(tdie, 317.2)))
            L += ["%s torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (f_elastic(add(tdie, 317.21)), 61200 + k) for k in range(8)]
            L.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process 61100 got signal: 15")
        c.write("%s/torchrun.log" % n, L)
    # cn-0211 syslog: ends mid-line, NUL padding, then the reboot
    S = []
    tt = add(tdie, -3600)
    while tt < tdie:
        S.append("%s cn-0211 %s" % (f_syslog(tt), rng.choice([
            "systemd[1]: Started Session %d of User mlops." % rng.randrange(1000, 9999),
            "kernel: [%d.%06d] perf: interrupt took too long (3961 > 3955), lowering kernel.perf_event_max_sample_rate to 50250" % (183000 + rng.randrange(200), rng.randrange(10 ** 6)),
            "dcgm-exporter[2231]: time=\"%s\" level=info msg=\"Collecting metrics\"" % f_iso(tt, "Z", 0),
            "slurmd[4312]: slurmd: debug:  _handle_node_reg_resp: slurmctld sent back 11 TRES.",
            "CRON[%d]: (root) CMD (/usr/local/sbin/gpu-healthcheck --quick >/dev/null 2>&1)" % rng.randrange(10000, 99999),
            "chronyd[1388]: Selected source 10.40.0.1 (ntp1.cluster)",
        ])))
        tt = add(tt, rng.randrange(40, 400))
    body = ("\n".join(S) + "\n" + "%s cn-0211 dcgm-exporter[2231]: time=\"2024-07-09T04:12:0" % f_syslog(add(tdie, -1))).encode()
    body += b"\x00" * 1733
    boot = add(tdie, 412)
    reboot = ["%s cn-0211 kernel: [    0.000000] Linux version 5.15.0-107-generic (buildd@lcy02-amd64-017) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #117-Ubuntu SMP Fri Apr 26 12:26:49 UTC 2024 (Ubuntu 5.15.0-107.117-generic 5.15.149)" % f_syslog(boot),
              "%s cn-0211 kernel: [    0.000000] Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-107-generic root=UUID=9c1f0d2e ro console=tty0 console=ttyS1,115200n8 mce=ser" % f_syslog(boot),
              "%s cn-0211 kernel: [    2.104411] mce: [Hardware Error]: Machine check events logged" % f_syslog(add(boot, 2)),
              "%s cn-0211 kernel: [    2.104420] mce: [Hardware Error]: CPU 33: Machine Check: 0 Bank 13: be00000000800090" % f_syslog(add(boot, 2)),
              "%s cn-0211 kernel: [    2.104427] mce: [Hardware Error]: TSC 0 ADDR 47fa1c3000 MISC 200000c020001086 " % f_syslog(add(boot, 2)),
              "%s cn-0211 kernel: [    2.104431] mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 42 microcode 2b000571" % (f_syslog(add(boot, 2)), calendar.timegm(add(boot, 2).timetuple())),
              "%s cn-0211 systemd[1]: Starting rasdaemon.service - RAS daemon to log the RAS events..." % f_syslog(add(boot, 9)),
              "%s cn-0211 rasdaemon[1904]: rasdaemon: mc_event store: 0x55f1a2c3d2a0" % f_syslog(add(boot, 10)),
              "%s cn-0211 rasdaemon[1904]:            <...>-1904  [033]     0.000001: mce_record:     %s bank=13, status= be00000000800090, Uncorrected_error, mci=Error_enabled Processor_context_corrupt, mca=MEMORY CONTROLLER RD_CHANNEL2_ERR Transaction: Memory read error, memory_channel=2, csrow=0, cpu_type= Intel Xeon Scalable (Sapphire Rapids), cpu= 33, socketid= 1, misc= 200000c020001086, addr= 47fa1c3000, mcgstatus=RIPV MCIP , mcgcap= f000c14, apicid= 42" % (f_syslog(add(boot, 10)), f_iso(add(tdie, 0), "+0000", 0, " ")),
              "%s cn-0211 slurmd[4290]: slurmd version 23.11.6 started" % f_syslog(add(boot, 31)),
              "%s cn-0211 slurmd[4290]: slurmd started on Tue, 09 Jul 2024 04:19:32 +0000" % f_syslog(add(boot, 31))]
    body += ("\n".join(reboot) + "\n").encode()
    c.write("cn-0211/syslog", None, raw=body)
    tdie_epoch = calendar.timegm(tdie.timetuple())
    C = ["[%d.%06d] mce: [Hardware Error]: CPU 33: Machine Check Exception: 5 Bank 13: bd80000000100134" % (183211, 412002),
         "[%d.%06d] mce: [Hardware Error]: RIP 10:<ffffffff8a2b1c9e> {clear_page_erms+0xe/0x20}" % (183211, 412007),
         "[%d.%06d] mce: [Hardware Error]: TSC 6b1f52c2a7e9a ADDR 47fa1c3000 MISC 200000c020001086 " % (183211, 412011),
         "[%d.%06d] mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 42 microcode 2b000571" % (183211, 412013, tdie_epoch),
         "[%d.%06d] mce: [Hardware Error]: Run the above through 'mcelog --ascii'" % (183211, 412015),
         "[%d.%06d] mce: [Hardware Error]: Machine check: Data load in unrecoverable area of kernel" % (183211, 412017),
         "[%d.%06d] Kernel panic - not syncing: Fatal local machine check" % (183211, 412019),
         "[%d.%06d] Kernel Offset: 0x9000000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)" % (183211, 412188),
         "[%d.%06d] ---[ end Kernel panic - not syncing: Fatal local machine check ]---" % (183211, 412300)]
    c.write("cn-0211/conman_console.log", ["<ConMan> Console [cn-0211] log at %s UTC." % add(tdie, -86000).strftime("%Y-%m-%d %H:%M:%S")] +
            ["[%d.%06d] %s" % (183211 - 2000 + j * 37, rng.randrange(10 ** 6), x) for j, x in enumerate(boot_dmesg_noise(rng, "cn-0211", 12, hca_bus=["0c", "12"]))] + C +
            ["<ConMan> Console [cn-0211] log at %s UTC." % add(tdie, 300).strftime("%Y-%m-%d %H:%M:%S"), "", "Ubuntu 22.04.4 LTS cn-0211 ttyS1", "", "cn-0211 login: "])
    c.write("cn-0211/ipmi_sel.txt", ["$ ipmitool -H cn-0211-bmc sel elist | tail -6",
                                     " 1a1 | 06/27/2024 | 10:02:55 | System Event #0x83 | Timestamp Clock Sync | Asserted",
                                     " 1a2 | 07/09/2024 | 04:12:09 | Memory #0x87 | Uncorrectable ECC (@DIMM C1(CPU1)) | Asserted",
                                     " 1a3 | 07/09/2024 | 04:12:09 | Processor #0x0b | IERR | Asserted",
                                     " 1a4 | 07/09/2024 | 04:12:10 | OS Critical Stop #0x84 | Run-time critical stop | Asserted",
                                     " 1a5 | 07/09/2024 | 04:18:51 | System Event #0x83 | OEM System Boot Event | Asserted",
                                     " 1a6 | 07/09/2024 | 04:19:03 | Watchdog2 #0x81 | Hard reset | Asserted"])
    S2 = []
    tt = add(tdie, -7200)
    while tt < add(tdie, 400):
        S2.append("%s cn-0210 %s" % (f_syslog(tt), rng.choice([
            "systemd[1]: Started Session %d of User mlops." % rng.randrange(1000, 9999),
            "CRON[%d]: (root) CMD (/usr/local/sbin/gpu-healthcheck --quick >/dev/null 2>&1)" % rng.randrange(10000, 99999),
            "chronyd[1391]: Selected source 10.40.0.1 (ntp1.cluster)"])))
        tt = add(tt, rng.randrange(60, 500))
    S2.insert(6, "%s cn-0210 kernel: [181003.224410] EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x1b2c44 offset:0x0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)" % f_syslog(add(tdie, -6500)))
    c.write("cn-0210/syslog", S2)
    c.write("slurmctld.log", [
        "%s sched: _slurm_rpc_allocate_resources JobId=%d NodeList=cn-[0209-0212] usec=1811" % (f_slurm_ms(t0), jobid),
        "%s error: Nodes cn-0211 not responding" % f_slurm_ms(add(tdie, 301)),
        "%s Node cn-0211 now DOWN" % f_slurm_ms(add(tdie, 315)),
        "%s Killing JobId=%d on failed node cn-0211" % (f_slurm_ms(add(tdie, 316)), jobid),
        "%s _job_complete: JobId=%d WTERMSIG 9" % (f_slurm_ms(add(tdie, 318)), jobid),
        "%s _job_complete: JobId=%d done" % (f_slurm_ms(add(tdie, 318)), jobid),
        "%s validate_node_specs: Node cn-0211 unexpectedly rebooted boot_time=%d last response=%d" % (f_slurm_ms(add(tdie, 445)), calendar.timegm(add(tdie, 412).timetuple()), tdie_epoch - 20),
    ])
    c.write("sacct.txt", sacct(jobid, "gpt20b", [
        ("", "gpt20b", "batch", 448, "NODE_FAIL", "0:0", t0, add(tdie, 318), "cn-[0209-0212]"),
        (".batch", "batch", "", 112, "CANCELLED", "0:15", t0, add(tdie, 318), "cn-0209"),
        (".0", "torchrun", "", 448, "CANCELLED", "0:9", add(t0, 3), add(tdie, 318), "cn-[0209-0212]")]))
    c.label("host", "infrastructure", "cn-0211", None, "restart_without_node",
            "cn-0211's logs stop mid-line at 04:12:09; its serial console shows a fatal machine check (uncorrectable memory read, kernel panic), the BMC SEL logs an uncorrectable DIMM ECC + CPU IERR, and it rebooted. Peers only report the lost peer 10.40.2.11 and timeouts; cn-0210's single corrected EDAC error is noise.",
            "https://www.kernel.org/doc/html/latest/admin-guide/ras.html")


def f_slurm_ms(t):
    return "[%s.%03d]" % (t.strftime("%Y-%m-%dT%H:%M:%S"), t.microsecond // 1000)


# ============================================================================ br09
def br09(out):
    c = Case(out, "br09_rotated_gz_logs_overnight_crash", 7309)
    rng = c.rng
    nodes = ["a100-03", "a100-07"]
    bad, bad_local = 1, 6
    bad_rank = 8 + bad_local
    tdbe = T(2024, 8, 2, 23, 58, 41, 118000)
    rot1 = T(2024, 8, 2, 0, 0, 1)
    rot2 = T(2024, 8, 3, 0, 0, 1)
    start = T(2024, 7, 31, 18, 22, 0)
    step_s = 1.482
    pids = {n: [1412277 + i * 1000 + k for k in range(8)] for i, n in enumerate(nodes)}

    def step_at(t):
        return int((t - start).total_seconds() / step_s) + 30000
    # ---- train logs
    for i, n in enumerate(nodes):
        day1, day2 = [], []
        tt = add(rot1, 3)
        while tt < tdbe:
            target = day1 if tt < rot2 else None
            s = step_at(tt)
            if i == 0:
                line1 = "%s [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[0.000149%03d], mom=[(0.9, 0.95)]" % (f_elastic(tt), s, 12, rng.randrange(1000))
                line2 = "steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (s, 2.05 - (s - 30000) * 0.0000012 + rng.uniform(-0.02, 0.02), step_s + rng.uniform(-0.01, 0.01), 345.5 + rng.uniform(-2, 2))
                (day1 if tt < rot2 else day2).extend([line1, line2])
            else:
                if rng.random() < 0.08:
                    (day1 if tt < rot2 else day2).append("[default%d]:%s/torch/utils/checkpoint.py:91: UserWarning: None of the inputs have requires_grad=True. Gradients will be None" % (rng.randrange(8), PKG))
            tt = add(tt, step_s * 100)
        # The crash is in the day-2 file (Aug 2)
        if i == bad:
            crash = ["[default%d]:%s" % (bad_local, x) for x in cuda_error_watchdog(bad_rank, add(tdbe, 0.6), "uncorrectable ECC error encountered", rng)]
            crash.append("%s [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (f_elastic(add(tdbe, 1.9)), pids[n][bad_local]))
            for k in range(8):
                if k != bad_local:
                    crash.append("%s [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (f_elastic(add(tdbe, 1.9 + k * 0.001)), pids[n][k]))
            crash.append("%s [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python', '-u', 'train_ds.py', '--local_rank=%d', '--deepspeed_config=ds_zero2.json'] exits with return code = -6" % (f_elastic(add(tdbe, 2.1)), bad_local))
            day2.extend(crash)
            cur = []  # a100-07's train.log after copytruncate: empty
        else:
            day2.append("%s [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=12, lr=[0.000149], mom=[(0.9, 0.95)]" % (f_elastic(add(tdbe, -30)), step_at(add(tdbe, -30))))
            wt = add(tdbe, 600.03)
            cur = []
            for k in range(8):
                cur += ["[default%d]:%s" % (k, x) for x in watchdog(k, add(wt, k * 0.005), 4412031, "ALLREDUCE", 134217728, rng, full=(k < 2))]
            cur.append("%s [INFO] [launch.py:316:sigkill_handler] Killing subprocess %d" % (f_elastic(add(wt, 1.1)), pids[n][0]))
            cur.append("%s [ERROR] [launch.py:322:sigkill_handler] ['/usr/bin/python', '-u', 'train_ds.py', '--local_rank=0', '--deepspeed_config=ds_zero2.json'] exits with return code = -6" % f_elastic(add(wt, 1.3)))
            cur.append("pdsh@a100-03: a100-03: ssh exited with exit code 250")
            cur.append("pdsh@a100-03: a100-07: ssh exited with exit code 250")
        day0 = []
        tt = add(rot1, -86400 + 2)
        while tt < rot1:
            s = step_at(tt)
            if i == 0:
                day0.append("%s [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[0.000149%03d], mom=[(0.9, 0.95)]" % (f_elastic(tt), s, 12 if s > 61000 else 11, rng.randrange(1000)))
                day0.append("steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (s, 2.05 - (s - 30000) * 0.0000012 + rng.uniform(-0.02, 0.02), step_s + rng.uniform(-0.01, 0.01), 345.5 + rng.uniform(-2, 2)))
            elif rng.random() < 0.08:
                day0.append("[default%d]:%s/torch/utils/checkpoint.py:91: UserWarning: None of the inputs have requires_grad=True. Gradients will be None" % (rng.randrange(8), PKG))
            tt = add(tt, step_s * 100)
        c.write("%s/logs/train.log.2.gz" % n, day0, gz=True)
        c.write("%s/logs/train.log.1.gz" % n, day1 + day2, gz=True)
        c.write("%s/logs/train.log" % n, "\n".join(cur) + ("\n" if cur else ""))
        # ---- kern logs (syslog format with uptime)
        up0 = add(start, -259371.118822 + (tdbe - start).total_seconds())
        K1, K2 = [], []
        for j in range(60):
            tt = add(rot1, j * 1400 + rng.randrange(0, 600))
            up = (tt - up0).total_seconds()
            K1.append("%s %s kernel: [%d.%06d] %s" % (f_syslog(tt), n, int(up), rng.randrange(10 ** 6), rng.choice([
                "perf: interrupt took too long (4012 > 3998), lowering kernel.perf_event_max_sample_rate to 49750",
                "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing",
                "IPv6: ADDRCONF(NETDEV_CHANGE): veth%07x: link becomes ready" % rng.getrandbits(28),
                "docker0: port 3(veth%07x) entered disabled state" % rng.getrandbits(28)])))
        K1.sort()
        if i == bad:
            up = (tdbe - up0).total_seconds()
            K1 += ["%s %s kernel: [%.6f] NVRM: Xid (PCI:0000:b7:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (f_syslog(tdbe), n, up, pids[n][bad_local]),
                   "%s %s kernel: [%.6f] NVRM: Xid (PCI:0000:b7:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000c2a311) marked for remapping, reset gpu to activate." % (f_syslog(tdbe), n, up + 0.0057),
                   "%s %s kernel: [%.6f] NVRM: Xid (PCI:0000:b7:00): 45, pid=%d, name=python, Ch 00000008" % (f_syslog(add(tdbe, 1)), n, up + 1.9, pids[n][bad_local]),
                   "%s %s kernel: [%.6f] NVRM: Xid (PCI:0000:b7:00): 45, pid=%d, name=python, Ch 00000009" % (f_syslog(add(tdbe, 1)), n, up + 1.9001, pids[n][bad_local])]
        for j in range(25):
            tt = add(rot2, j * 2000 + rng.randrange(0, 900))
            up = (tt - up0).total_seconds()
            K2.append("%s %s kernel: [%d.%06d] %s" % (f_syslog(tt), n, int(up), rng.randrange(10 ** 6), rng.choice([
                "perf: interrupt took too long (4012 > 3998), lowering kernel.perf_event_max_sample_rate to 49750",
                "IPv6: ADDRCONF(NETDEV_CHANGE): veth%07x: link becomes ready" % rng.getrandbits(28)])))
        K2.sort()
        c.write("%s/logs/kern.log" % n, K2)
        c.write("%s/logs/kern.log.1.gz" % n, K1, gz=True)
        c.write("%s/logs/kern.log.2.gz" % n, ["%s %s kernel: [%d.000000] %s" % (f_syslog(add(rot1, -80000 + j * 3000)), n, 100000 + j * 3000, l) for j, l in enumerate(boot_dmesg_noise(rng, n, 20, hca_bus=["0c", "12", "4b", "54", "8d", "94", "ba", "cc"]))], gz=True)
    # ---- nvidia-smi -q taken next morning
    tq = T(2024, 8, 3, 9, 12, 40)
    g = gpu_list("a100", DGX_A100_BUS, rng, g6={"v_dram_ue": 1, "a_dram_ue": 1, "rr_ue": 1, "rr_pending": "Yes", "a_sram_ce": 0})
    c.write("a100-07/nvidia-smi-q.txt", nvsmi_q(tq, g, driver="535.161.08", cuda="12.2", rng=rng))
    g0 = gpu_list("a100", DGX_A100_BUS, rng, g2={"a_sram_ce": 2})
    c.write("a100-03/nvidia-smi-q.txt", nvsmi_q(tq, g0, driver="535.161.08", cuda="12.2", rng=rng))
    c.write("hostfile", ["a100-03 slots=8", "a100-07 slots=8"])
    c.write("logrotate.conf.excerpt", ["/home/svc-ml/runs/*/logs/train.log /var/log/kern.log {", "    daily", "    rotate 7", "    compress", "    copytruncate", "    missingok", "}"])
    c.label("gpu_memory", "infrastructure", "a100-07", bad_rank, "restart_without_node",
            "In the rotated kern.log.1.gz, a100-07 logs Xid 48 (DBE) then Xid 63 on GPU 0000:b7:00 (GPU 6) at 23:58:41; rank 14 dies with 'uncorrectable ECC error encountered'. The morning nvidia-smi -q still shows a pending row remap and 1 DRAM uncorrectable error. a100-03 only times out after rotation; its 2 SRAM CEs are old noise.",
            "https://github.com/vllm-project/vllm/issues/5222")


# ============================================================================ br10
def br10(out):
    c = Case(out, "br10_warning_flood_then_crash", 7310)
    rng = c.rng
    nodes = ["gpu-w11", "gpu-w12"]
    t0 = T(2024, 9, 2, 7, 30, 11)
    bad_rank = 5
    crash_step = 3121
    step_s = 0.61
    tcrash = add(t0, 60 + crash_step * step_s)
    pids = {n: [700100 + i * 300 + k for k in range(8)] for i, n in enumerate(nodes)}
    exif = "%s/PIL/TiffImagePlugin.py:%d: UserWarning: %s"
    msgs = ["Corrupt EXIF data.  Expecting to read %d bytes but only got %d. ",
            "Truncated File Read",
            "Metadata Warning, tag %d had too many entries: %d, expected 1"]
    for i, n in enumerate(nodes):
        L = ["+ torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-w11:29500 run_clip.py --config configs/clip_vitl14.yaml"]
        L += omp_banner(t0, pid=44120 + i)
        tt = add(t0, 60)
        s = 0
        while tt < tcrash:
            for _ in range(rng.randrange(1, 6)):
                k = rng.randrange(8)
                m = rng.choice(msgs)
                if "%d" in m:
                    m = m % tuple(rng.randrange(2, 9000) for _ in range(m.count("%d")))
                L.append("[default%d]:%s" % (k, exif % (PKG, rng.choice([864, 900, 611]), m)))
                L.append("[default%d]:  warnings.warn(str(msg))" % k)
            if rng.random() < 0.05:
                k = rng.randrange(8)
                L.append("[default%d]:%s/PIL/Image.py:1000: UserWarning: Palette images with Transparency expressed in bytes should be converted to RGBA images" % (k, PKG))
                L.append("[default%d]:  warnings.warn(" % k)
            if i == 0 and s % 50 == 0:
                L.append("[default0]:{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (5.2 - s * 0.0009 + rng.uniform(-0.03, 0.03), rng.uniform(0.8, 1.6), 5e-4 * min(1, s / 2000.0), s / 9800.0))
                L.append("[default0]:%s" % tqdm_bar("", s, 9800, s * step_s, 1 / step_s)[2:])
            s += 1
            tt = add(tt, step_s)
        if i == 0:
            k = bad_rank
            tb = ["Traceback (most recent call last):",
                  '  File "/workspace/clip/run_clip.py", line 611, in <module>',
                  "    main()",
                  '  File "/workspace/clip/run_clip.py", line 587, in main',
                  "    train_result = trainer.train(resume_from_checkpoint=checkpoint)",
                  '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 1938, in train',
                  "    return inner_training_loop(",
                  '  File "/opt/conda/lib/python3.10/site-packages/transformers/trainer.py", line 2236, in _inner_training_loop',
                  "    for step, inputs in enumerate(epoch_iterator):",
                  '  File "/opt/conda/lib/python3.10/site-packages/accelerate/data_loader.py", line 454, in __iter__',
                  "    current_batch = next(dataloader_iter)",
                  '  File "%s/torch/utils/data/dataloader.py", line 630, in __next__' % PKG,
                  "    data = self._next_data()",
                  '  File "%s/torch/utils/data/dataloader.py", line 1344, in _next_data' % PKG,
                  "    return self._process_data(data)",
                  '  File "%s/torch/utils/data/dataloader.py", line 1370, in _process_data' % PKG,
                  "    data.reraise()",
                  '  File "%s/torch/_utils.py", line 706, in reraise' % PKG,
                  "    raise exception",
                  "KeyError: Caught KeyError in DataLoader worker process 3.",
                  "Original Traceback (most recent call last):",
                  '  File "%s/torch/utils/data/_utils/worker.py", line 309, in _worker_loop' % PKG,
                  "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                  '  File "%s/torch/utils/data/_utils/fetch.py", line 55, in fetch' % PKG,
                  "    return self.collate_fn(data)",
                  '  File "/workspace/clip/data/collate.py", line 38, in collate_image_text',
                  '    captions = [ex["caption"] for ex in batch]',
                  '  File "/workspace/clip/data/collate.py", line 38, in <listcomp>',
                  '    captions = [ex["caption"] for ex in batch]',
                  "KeyError: 'caption'",
                  ""]
            # bury the traceback inside continued warning spam from the other ranks
            for j, x in enumerate(tb):
                L.append("[default%d]:%s" % (k, x))
                if j % 3 == 0:
                    kk = rng.choice([0, 1, 2, 6, 7])
                    L.append("[default%d]:%s" % (kk, exif % (PKG, 864, msgs[0] % (rng.randrange(2, 99), rng.randrange(1, 9)))))
                    L.append("[default%d]:  warnings.warn(str(msg))" % kk)
            L += agent_failed(add(tcrash, 1.5), k, 1, pids[n][k], pypid=44120)
            L += agent_sigterm(add(tcrash, 1.51), [p for kk, p in enumerate(pids[n]) if kk != k], pypid=44120)
            L += child_failed("run_clip.py", (add(tcrash, 1.4), n, bad_rank, k, 1, pids[n][k], None, "/tmp/torchelastic_0x1c/none_8a/attempt_0/5/error.json"), [])
        else:
            wt = add(tcrash, 1800.05)
            # more warning spam continues until the workers block
            for _ in range(300):
                k = rng.randrange(8)
                L.append("[default%d]:%s" % (k, exif % (PKG, 864, msgs[0] % (rng.randrange(2, 99), rng.randrange(1, 9)))))
                L.append("[default%d]:  warnings.warn(str(msg))" % k)
            order = list(range(8))
            rng.shuffle(order)
            for j, k in enumerate(order):
                L += ["[default%d]:%s" % (k, x) for x in watchdog(8 + k, add(wt, j * 0.003), 1209440, "ALLREDUCE", 428867584, rng, timeout_ms=1800000, full=(j < 3))]
            L += agent_failed(add(wt, 2.1), order[0], -6, pids[n][order[0]], pypid=44121)
            L += agent_sigterm(add(wt, 2.11), [p for kk, p in enumerate(pids[n]) if kk != order[0]], pypid=44121)
            L += child_failed("run_clip.py", (add(wt, 2.0), n, 8 + order[0], order[0], -6, pids[n][order[0]]), [])
        c.write("%s/torchrun.log" % n, L)
        g = gpu_list("h100", HGX_H100_BUS, rng)
        c.write("%s/nvidia-smi.txt" % n, nvsmi_table(add(tcrash, 2000), g, []))
    c.label("user_code", "script", None, None, "stop",
            "Buried in tens of thousands of PIL EXIF warnings, rank 5's DataLoader worker raises KeyError: 'caption' in the user's collate function (a sample without a caption). gpu-w12's ranks only hit the 30-minute watchdog afterwards, so its 'Root Cause' is sympathetic.",
            "https://pytorch.org/docs/stable/data.html#multi-process-data-loading")


CASES = [br01, br02, br03, br04, br05, br06, br07, br08, br09, br10]
