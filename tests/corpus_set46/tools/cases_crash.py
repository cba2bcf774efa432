"""Crash / other-class cases of set 46 (for balance)."""
import random

from common import (Bundle, TD, dt, label, f_py, f_iso, f_glog, f_c10, f_ds, watchdog_timeout, torchrun_sigterm,
                    nvsmi_q, nvsmi_table, kernel_log, ibstat)
from jobkit import base_pid, launcher_log, all_timeouts, std_node_diag
from trainlogs import loss_curve, megatron_lines, deepspeed_lines, hf_tqdm, nemo_lines

BUS = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]


def _py_tb(rank, frames, exc, prefix=True):
    p = "[rank%d]: " % rank if prefix else ""
    out = [p + "Traceback (most recent call last):"]
    for (f, ln, fn, code) in frames:
        out.append(p + '  File "%s", line %d, in %s' % (f, ln, fn))
        out.append(p + "    " + code)
    out += [p + l for l in exc]
    return out


# --------------------------------------------------------------------------------------------- aq17
def aq17():
    rng = random.Random(4617)
    name = "aq17_ncclRemoteError_on_three_nodes"
    b = Bundle()
    hosts = ["hpc-g%02d" % i for i in range(9, 13)]
    ips = ["10.20.1.%d" % (9 + i) for i in range(4)]
    G, N = 8, 32
    bad_node = 3
    t0 = dt(2024, 5, 6, 18, 0, 0)
    t_boot = dt(2024, 5, 1, 7, 0, 31)
    lines, t = megatron_lines(rng, 1, 5120, 80000, t0 + TD(seconds=90), lambda it: 1210 + rng.uniform(-12, 12), gbs=512, every=10)
    t_f = t + TD(seconds=0.8)
    for i, h in enumerate(hosts):
        body = ["[rank0]:" + l for l in lines] if i == 0 else []
        tail = []
        items = []
        for lr in range(G):
            r = i * G + lr
            tt = t_f + TD(seconds=21 + (r * 7) % 5, milliseconds=r * 13)
            if i == bad_node:
                peer = ips[(lr + 1) % 3]
                err = ["[rank%d]:%s:%d:%d [%d] NCCL INFO NET/IB : Got async event : port error" % (r, h, base_pid(i) + lr, base_pid(i) + lr + 211, lr),
                       "[rank%d]:%s:%d:%d [%d] transport/net_ib.cc:1697 NCCL WARN NET/IB : mlx5_3:1 Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_3" % (
                           r, h, base_pid(i) + lr, base_pid(i) + lr + 211, lr, peer, 40211 + lr, ips[i], peer)]
            else:
                err = ["[rank%d]:%s:%d:%d [%d] transport/net_ib.cc:1697 NCCL WARN NET/IB : mlx5_%d:1 Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (
                    r, h, base_pid(i) + lr, base_pid(i) + lr + 211, lr, lr, ips[bad_node], 52418 + lr, ips[i], ips[bad_node], lr)]
            err += ["[rank%d]:%s:%d:%d [%d] NCCL INFO transport/net.cc:1136 -> 6" % (r, h, base_pid(i) + lr, base_pid(i) + lr + 211, lr),
                    "[rank%d]:%s:%d:%d [%d] NCCL INFO proxy.cc:902 -> 6" % (r, h, base_pid(i) + lr, base_pid(i) + lr + 211, lr),
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (r, f_c10(tt + TD(seconds=1)), r),
                    "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % r,
                    "[rank%d]:Last error:" % r,
                    "[rank%d]:%s" % (r, err[-1].split("NCCL WARN ")[1] if "NCCL WARN" in err[-1] else "")]
            items.append((tt, err))
        items.sort(key=lambda x: x[0])
        for _, ls in items:
            tail += ls
        tail += torchrun_sigterm(t_f + TD(seconds=30), h, G, base_pid(i), 0, i * G)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, tail=tail, ip=ips[i], script="pretrain_gpt.py"))
        ev, ibs = [], None
        if i == bad_node:
            ev = [(t_f, "mlx5_core 0000:5d:00.0: Port module event[error]: module 3, Cable error, High Temperature"),
                  (t_f + TD(seconds=0.03), "mlx5_core 0000:5d:00.0 ibp93s0: Link down"),
                  (t_f + TD(seconds=0.03), "mlx5_core 0000:5d:00.0: mlx5_eq_async_int:327:(pid 0): Port module event: module 3, Cable error"),
                  (t_f + TD(seconds=0.04), "infiniband mlx5_3: mlx5_ib_event:3101:(pid 0): warning: event on port 1")]
            ibs = {3: ("Down", "Polling")}
        if i == 1:
            ev = [(t0 - TD(days=2), "mlx5_core 0000:9a:00.0 ibp154s0: Link down"), (t0 - TD(days=2) + TD(seconds=3), "mlx5_core 0000:9a:00.0 ibp154s0: Link up")]
        std_node_diag(b, h, rng, t_boot, t_f + TD(minutes=6), kfmt="raw", kevents=ev, ib_state=ibs, with_df=False)
    lab = label("network", "infrastructure", hosts[bad_node], None, "restart_without_node",
                "hpc-g12/dmesg.txt (uptime stamps, boot time in uptime_s.txt) logs 'Port module event[error]: module 3, Cable error, "
                "High Temperature' and 'ibp93s0: Link down' for mlx5 at 0000:5d:00.0 about 20 s before any NCCL error; ibstat on "
                "hpc-g12 shows mlx5_3 'Down/Polling'. The ranks on hpc-g09..g11 all report 'Got completion from peer 10.20.1.12 ... "
                "status=12' - they accuse hpc-g12's address - and then ncclRemoteError/ChildFailedError, which are sympathetic. "
                "The Link down/up on hpc-g10 is two days before the job. One node's HCA port/cable failed -> exclude that node.",
                "https://github.com/NVIDIA/nccl/issues/193")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq18
def aq18():
    rng = random.Random(4618)
    name = "aq18_cuda_error_uncorrectable_on_rank_14"
    b = Bundle()
    hosts = ["gx-%02d" % i for i in range(7, 10)]
    G, N = 8, 24
    bad_node, bad_g = 1, 6
    bad = bad_node * G + bad_g
    t0 = dt(2024, 2, 26, 11, 0, 0)
    t_boot = dt(2024, 2, 20, 16, 48, 2)
    lines, t = deepspeed_lines(rng, 1, 2730, t0 + TD(seconds=80), lambda s: 188.0, every=10, gbs=384)
    t_x = t + TD(seconds=1.4)
    for i, h in enumerate(hosts):
        body = ["[rank0]:" + l for l in lines] if i == 0 else []
        tail = []
        if i == bad_node:
            tail += _py_tb(bad, [("/workspace/train.py", 301, "<module>", "main()"),
                                 ("/workspace/train.py", 288, "main", "engine.backward(loss)"),
                                 ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 1976, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
                                 ("/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward(")],
                           ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])
            tail += torchrun_sigterm(t_x + TD(seconds=3), h, G, base_pid(i), bad_g, bad, exitcode=1)
        else:
            tail += all_timeouts(t_x + TD(seconds=600), h, i, G, 16391, "_REDUCE_SCATTER_BASE", 52428800)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, tail=tail, script="train.py"))
        ev, over = [], None
        if i == bad_node:
            ev = [(t_x - TD(seconds=0.4), "NVRM: Xid (PCI:0000:ba:00): 48, pid='<unknown>', name=<unknown>, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."),
                  (t_x - TD(seconds=0.39), "NVRM: Xid (PCI:0000:ba:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000003a1c8) marked for remapping, reset gpu to activate."),
                  (t_x + TD(seconds=0.2), "NVRM: Xid (PCI:0000:ba:00): 45, pid=%d, name=python3, Ch 00000008" % (base_pid(i) + bad_g))]
            over = {bad_g: dict(ecc_vol_dbe=1, ecc_agg_dbe=1, rr_unc=1, rr_pending="Yes", util=0)}
        if i == 2:
            ev = [(t0 + TD(minutes=20), "NVRM: Xid (PCI:0000:3a:00): 94, pid='<unknown>', name=<unknown>, Contained: SM (0x1). RST: No, D-RST: No")] if False else []
            over = {4: dict(ecc_vol_sbe=6, ecc_agg_sbe=40)}
        std_node_diag(b, h, rng, t_boot, t_x + TD(minutes=12), kfmt="T", kevents=ev, nv_over=over, with_df=False)
    lab = label("gpu_memory", "infrastructure", hosts[bad_node], bad, "restart_without_node",
                "gx-08/dmesg_T.txt: 'NVRM: Xid (PCI:0000:ba:00): 48 ... uncorrectable double bit error (DBE) ... in the framebuffer', "
                "then Xid 63 row marked for remapping (pending) and Xid 45 for the training pid. Bus BA = GPU 6 (nvidia-smi -q: DRAM "
                "Uncorrectable 1, Remapped Rows Pending: Yes); the same moment rank 14 (gx-08 local 6) raises 'CUDA error: uncorrectable "
                "ECC error encountered'. Other ranks then time out in the watchdog (sympathetic). 40 aggregate corrected SRAM ECC on "
                "gx-09 GPU4 are benign. Double-bit ECC on one GPU -> exclude the node.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq19
def aq19():
    rng = random.Random(4619)
    name = "aq19_all_ranks_outofmemory_first_step"
    b = Bundle()
    hosts = ["gpu-p5-%02d" % i for i in range(1, 3)]
    G, N = 8, 16
    t0 = dt(2025, 3, 27, 15, 10, 0)
    t_boot = dt(2025, 3, 25, 5, 0, 0)
    t_x = t0 + TD(seconds=212)
    cfg = ["[rank0]:%s - INFO - __main__ - model=meta-llama/Llama-3.1-8B fsdp=full_shard auto_wrap=LlamaDecoderLayer" % f_py(t0 + TD(seconds=60)),
           "[rank0]:%s - INFO - __main__ - max_seq_length=16384 (was 4096 in run v11) per_device_train_batch_size=4 gradient_checkpointing=False" % f_py(t0 + TD(seconds=60)),
           "[rank0]:%s - INFO - __main__ - packing=True, num_train_epochs=3, learning_rate=2e-05" % f_py(t0 + TD(seconds=61)),
           "[rank0]:  0%|          | 0/5211 [00:00<?, ?it/s]"]
    for i, h in enumerate(hosts):
        tail = []
        for lr in range(G):
            r = i * G + lr
            tt = t_x + TD(milliseconds=r * 37)
            alloc = 7.82 if lr % 2 == 0 else 3.91
            free = 2.19 + (lr % 3) * 0.61
            tail += _py_tb(r, [("/workspace/sft/train.py", 188, "<module>", "trainer.train()"),
                               ("/usr/local/lib/python3.11/site-packages/transformers/trainer.py", 2241, "train", "return inner_training_loop("),
                               ("/usr/local/lib/python3.11/site-packages/transformers/trainer.py", 2548, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs, num_items_in_batch)"),
                               ("/usr/local/lib/python3.11/site-packages/transformers/trainer.py", 3740, "training_step", "self.accelerator.backward(loss, **kwargs)"),
                               ("/usr/local/lib/python3.11/site-packages/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")],
                           ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.10 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (
                               alloc, lr, free, 79.10 - free - 0.5, 70.2 + lr * 0.11, 79.10 - free - 0.5 - 70.2 - lr * 0.11)])
        tail += torchrun_sigterm(t_x + TD(seconds=2), h, G, base_pid(i), 0, i * G, exitcode=1, others=False)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=cfg if i == 0 else [], tail=tail, script="sft/train.py"))
        rows = [(g, "00000000:%s:00.0" % BUS[g].upper(), 36 + g % 3, "P0", 118, 700, 0, 81559, 0) for g in range(G)]
        b.add("%s/nvidia-smi_after.txt" % h, nvsmi_table(t_x + TD(minutes=4), rows, []))
        std_node_diag(b, h, rng, t_boot, t_x + TD(minutes=5), kfmt="journal", with_ib=False, with_df=False)
    lab = label("oom", "framework", None, None, "stop",
                "Every one of the 16 ranks on both nodes raises 'torch.OutOfMemoryError: CUDA out of memory' in backward of the very "
                "first step (gpu-p5-01/torchrun.log, gpu-p5-02/torchrun.log), each reporting ~70 GiB allocated by PyTorch itself. "
                "rank 0's config line shows max_seq_length raised to 16384 (from 4096) with batch 4 and gradient checkpointing off. "
                "nvidia-smi afterwards shows no other processes. The job's own configuration does not fit in memory on any GPU -> "
                "stop and change the config; restarting would OOM again.",
                "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq20
def aq20():
    rng = random.Random(4620)
    name = "aq20_two_attempts_stop_at_iteration_31250"
    b = Bundle()
    G, N = 8, 32
    att = {1: ["p4d-a%02d" % i for i in range(1, 5)], 2: ["p4d-b%02d" % i for i in range(1, 5)]}
    starts = {1: dt(2024, 9, 10, 2, 0, 0), 2: dt(2024, 9, 11, 9, 30, 0)}
    bad = {1: (1, 5), 2: (0, 6)}
    nan_it = 31250
    for a, hosts in att.items():
        t0 = starts[a]
        t_boot = t0 - TD(days=3, hours=a)
        gn = lambda it: 0.21 + (0 if it < nan_it - 40 else (it - nan_it + 40) * 0.6)
        lines, t = megatron_lines(rng, 30001, nan_it - 1, 143000, t0 + TD(seconds=140), lambda it: 1630 + rng.uniform(-15, 15), gbs=1536, every=1)
        lines = [l.replace("grad norm: 0.", "grad norm: %.3f|" % 0) if False else l for l in lines]
        fixed = []
        for k, l in enumerate(lines):
            it = 30001 + k
            if it >= nan_it - 40:
                import re
                l = re.sub(r"grad norm: [0-9.]+", "grad norm: %.3f" % gn(it), l)
            fixed.append(l)
        t_x = t + TD(seconds=1.6)
        for i, h in enumerate(hosts):
            body = ["[rank0]:  loading checkpoint from /fsx/ckpt/gpt-20b at iteration 30000", "[rank0]:  successfully loaded checkpoint from /fsx/ckpt/gpt-20b [ t 0, p 0 ] at iteration 30000"] + \
                   ["[rank0]:" + l for l in fixed] if i == 0 else []
            tail = []
            bn, bl = bad[a]
            if i == bn:
                r = bn * G + bl
                tail += _py_tb(r, [("/opt/megatron/pretrain_gpt.py", 292, "<module>", "pretrain("),
                                   ("/opt/megatron/megatron/training/training.py", 391, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                                   ("/opt/megatron/megatron/training/training.py", 1431, "train", "train_step(forward_step_func,"),
                                   ("/opt/megatron/megatron/training/training.py", 759, "train_step", "losses_reduced = forward_backward_func("),
                                   ("/opt/megatron/megatron/core/distributed/param_and_grad_buffer.py", 214, "start_grad_sync", "assert not norm.isnan(), ("),
                                   ],
                               ["AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (r, bl, h)])
                tail += torchrun_sigterm(t_x + TD(seconds=2), h, G, base_pid(i), bl, r, exitcode=1, script="pretrain_gpt.py")
            else:
                tail += all_timeouts(t_x + TD(seconds=600), h, i, G, 93751, "_REDUCE_SCATTER_BASE", 78643200)
            b.add("attempt_%d/%s/torchrun.log" % (a, h), launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, tail=tail, script="pretrain_gpt.py"))
            std_node_diag(b, "attempt_%d/%s" % (a, h), rng, t_boot, t_x + TD(minutes=11), kfmt="T", with_df=False, with_ib=False)
    b.add("run_notes.txt", ["attempt_1: job 41877 on p4d-a[01-04], resumed from iteration 30000, failed at %s" % starts[1].strftime("%Y-%m-%d"),
                            "attempt_2: job 41902 on p4d-b[01-04] (fresh nodes, a-nodes drained for HW checks), resumed from iteration 30000",
                            "hw checks on p4d-a02: dcgmi diag -r 3 PASS on all 8 GPUs"])
    lab = label("numerical", "script", None, None, "stop",
                "Both attempts resume from the iteration-30000 checkpoint and fail at the same iteration: grad norm climbs from ~0.2 over "
                "the last ~40 iterations before 31250 and Megatron's check raises 'found NaN in local grad norm in backward pass' - in "
                "attempt_1 on rank 13 (p4d-a02, device 5), in attempt_2 on rank 6 (p4d-b01, device 6), i.e. different nodes and GPUs, "
                "same iteration and same data order. The NaN follows the step, not the hardware (run_notes: dcgmi diag passes on "
                "p4d-a02); watchdog timeouts on other ranks are sympathetic. Recipe/data instability -> stop and fix (lower LR, skip "
                "the batch, restore an earlier checkpoint).",
                "https://github.com/epfLLM/Megatron-LLM/issues/33")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq21
def aq21():
    rng = random.Random(4621)
    name = "aq21_rank_11_traceback_then_timeouts"
    b = Bundle()
    hosts = ["ws-gpu-31", "ws-gpu-32"]
    G, N = 8, 16
    t0 = dt(2024, 12, 16, 20, 0, 0)
    t_boot = dt(2024, 12, 13, 1, 1, 1)
    t = t0 + TD(seconds=95)
    log = []
    el = 0.0
    for st in range(1, 2311):
        el += 1.11
        if st % 10 == 0:
            log.append("[rank0]:" + hf_tqdm(st, 12000, el, 1.11))
        if st % 100 == 0:
            log.append("[rank0]:{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.2f}" % (loss_curve(st * 30, rng, 2.0, 1.2), 0.9 + rng.random(), 2e-5, st / 4000))
    t_x = t0 + TD(seconds=95 + el + 0.5)
    for i, h in enumerate(hosts):
        tail = []
        if i == 1:
            r = 11
            tail += _py_tb(r, [("/home/ml/rm/train_rm.py", 244, "<module>", "trainer.train()"),
                               ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                               ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2236, "_inner_training_loop", "for step, inputs in enumerate(epoch_iterator):"),
                               ("/usr/local/lib/python3.10/dist-packages/accelerate/data_loader.py", 454, "__iter__", "current_batch = next(dataloader_iter)"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/_utils.py", 705, "reraise", "raise exception")],
                           ["KeyError: Caught KeyError in DataLoader worker process 2.",
                            "Original Traceback (most recent call last):",
                            '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 308, in _worker_loop',
                            "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                            '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/fetch.py", line 54, in fetch',
                            "    return self.collate_fn(data)",
                            '  File "/home/ml/rm/rm_collator.py", line 37, in __call__',
                            '    rejected = [f["rejected_attention_mask"] for f in features]',
                            '  File "/home/ml/rm/rm_collator.py", line 37, in <listcomp>',
                            '    rejected = [f["rejected_attention_mask"] for f in features]',
                            "KeyError: 'rejected_attention_mask'"])
            tail += torchrun_sigterm(t_x + TD(seconds=1), h, G, base_pid(i), 3, 11, exitcode=1, script="train_rm.py")
        else:
            tail += all_timeouts(t_x + TD(seconds=1800), h, i, G, 6934, "ALLREDUCE", 41582592, timeout_ms=1800000)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=log if i == 0 else [], tail=tail, script="train_rm.py"))
        std_node_diag(b, h, rng, t_boot, t_x + TD(minutes=32), kfmt="syslog", with_df=False,
                      kevents=[(t_x - TD(hours=2), "NVRM: Xid (PCI:0000:2a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000001c2e) marked for remapping, reset gpu to activate.")] if False else None)
    b.add("data_manifest.txt", ["pairs_v5.jsonl      1,204,331 rows  fields: prompt, chosen, rejected", "pairs_v5_extra.jsonl  88,120 rows  fields: prompt, chosen, rejected (no pre-tokenized masks)"])
    lab = label("user_code", "script", None, None, "stop",
                "ws-gpu-32/torchrun.log: rank 11 (local 3) dies first with \"KeyError: 'rejected_attention_mask'\" raised in the user's "
                "collator (/home/ml/rm/rm_collator.py line 37) inside a DataLoader worker at step ~2311; torchrun reports it as the root "
                "cause (exitcode 1). The eight ranks on ws-gpu-31 then wait 30 min in the gradient all-reduce and die with watchdog "
                "timeouts - sympathetic. data_manifest.txt shows a second data file whose rows lack the pre-tokenized masks. A "
                "deterministic application/data error -> stop and fix the collator or data.",
                "https://github.com/huggingface/accelerate/issues/157")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq22
def aq22():
    rng = random.Random(4622)
    name = "aq22_all_workers_exit_1_within_seconds_of_launch"
    b = Bundle()
    hosts = ["node-gpu-%02d" % i for i in range(21, 24)]
    G, N = 8, 24
    t0 = dt(2024, 2, 14, 9, 30, 0)
    t_boot = dt(2024, 2, 13, 7, 0, 0)
    for i, h in enumerate(hosts):
        tail = []
        for lr in range(G):
            r = i * G + lr
            tail += _py_tb(r, [("/workspace/llm/train.py", 3, "<module>", "import torch"),
                               ("/opt/venv/lib/python3.10/site-packages/torch/__init__.py", 237, "<module>", "from torch._C import *  # noqa: F403")],
                           ["ImportError: /opt/venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister"], prefix=True)
        tail += torchrun_sigterm(t0 + TD(seconds=9), h, G, base_pid(i), 0, i * G, exitcode=1, others=False)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=[], tail=tail, nccl_ranks=set()))
        b.add("%s/pip_freeze_nvidia.txt" % h, ["torch==2.2.0", "nvidia-cublas-cu12==12.1.3.1", "nvidia-cuda-runtime-cu12==12.1.105",
                                               "nvidia-cudnn-cu12==8.9.2.26", "nvidia-nccl-cu12==2.18.1", "nvidia-nvjitlink-cu12==12.3.101",
                                               "ms-amp==0.3.0", "triton==2.2.0"])
        b.add("%s/ldd_libtorch_cuda_nccl.txt" % h, ["$ ldd /opt/venv/lib/python3.10/site-packages/torch/lib/libtorch_cuda.so | grep nccl",
                                                    "\tlibnccl.so.2 => /usr/local/lib/libnccl.so.2 (0x00007f3c1a000000)",
                                                    "$ ls -l /usr/local/lib/libnccl.so.2",
                                                    "lrwxrwxrwx 1 root root 17 Jan 30 11:02 /usr/local/lib/libnccl.so.2 -> libnccl.so.2.18.1",
                                                    "$ echo $LD_LIBRARY_PATH", "/usr/local/lib:/usr/local/cuda/lib64"])
        std_node_diag(b, h, rng, t_boot, t0 + TD(minutes=3), kfmt="T", with_df=False)
    b.add("image_build.log.tail", ["Step 14/21 : RUN pip install ms-amp==0.3.0 && cp /opt/nccl-2.18.1/lib/libnccl.so* /usr/local/lib/",
                                   "Successfully installed ms-amp-0.3.0 nvidia-nccl-cu12-2.18.1",
                                   "ERROR: pip's dependency resolver does not currently take into account all the packages that are installed. This behaviour is the source of the following dependency conflicts.",
                                   "torch 2.2.0 requires nvidia-nccl-cu12==2.19.3; platform_system == \"Linux\" and platform_machine == \"x86_64\", but you have nvidia-nccl-cu12 2.18.1 which is incompatible.",
                                   "Successfully tagged registry.local/llm/train:2024-02-13"])
    lab = label("dependency", "framework", None, None, "stop",
                "All 24 workers on all three nodes fail at 'import torch' with 'ImportError: .../torch/lib/libtorch_cuda.so: undefined "
                "symbol: ncclCommRegister' (each node's torchrun.log), before any NCCL init or training. pip_freeze/ldd show torch "
                "2.2.0 resolving libnccl.so.2 to a system NCCL 2.18.1 copied into /usr/local/lib by the image build, and "
                "image_build.log.tail records the pip conflict (torch 2.2.0 requires nvidia-nccl-cu12==2.19.3). The same broken "
                "environment everywhere -> dependency problem in the image, stop and rebuild; ChildFailedErrors are just the "
                "launcher's report.",
                "https://github.com/pytorch/pytorch/issues/119932")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq23
def aq23():
    rng = random.Random(4623)
    name = "aq23_slurm_job_cancelled_at_walltime"
    b = Bundle()
    hosts = ["gpu-q-17", "gpu-q-18"]
    G, N = 4, 8
    job = 99120
    t0 = dt(2025, 1, 30, 0, 0, 5)
    t_boot = dt(2025, 1, 27, 13, 2, 0)
    t_kill = dt(2025, 1, 31, 0, 0, 5)
    out = ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores", "HPU available: False, using: 0 HPUs",
           "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/8", "----------------------------------------------------------------------------------------------------",
           "distributed_backend=nccl", "All distributed processes registered. Starting with 8 processes",
           "----------------------------------------------------------------------------------------------------",
           "Restoring states from the checkpoint path at /scratch/proj/unet/ckpts/last.ckpt",
           "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]"]
    pb, t_end = nemo_lines(rng, 1, 2400, 2400, t0 + TD(seconds=150), lambda s: 1.5 + rng.uniform(-0.02, 0.02), every=40, epoch=0)
    ep = 40
    tt = t0 + TD(seconds=150)
    while tt < t_kill - TD(minutes=62):
        for l in pb[::6]:
            out.append(l.replace("Epoch 0", "Epoch %d" % ep).replace("reduced_train_loss", "train_loss").replace(", consumed_samples", ", val_dice=0.8%02d, consumed" % (ep % 90)))
        out.append("Epoch %d, global step %d: 'val_dice' reached 0.8%02d (best 0.8%02d), saving model to '/scratch/proj/unet/ckpts/epoch=%d-step=%d.ckpt' as top 3" % (ep, ep * 2400, ep % 90, ep % 90, ep, ep * 2400) if ep % 3 == 0 else
                   "Epoch %d, global step %d: 'val_dice' was not in top 3" % (ep, ep * 2400))
        tt += TD(seconds=2400 * 1.5 + 40)
        ep += 1
    out.append("[rank: 0] Received SIGTERM: 15")
    out.append("Handling auto-requeue signal: 10")
    out.append("Saving checkpoint to /scratch/proj/unet/ckpts/hpc_ckpt_%d.ckpt" % (ep - 40))
    out.append("Requeing job %d..." % job)
    out.append("Requeued SLURM job: %d" % job)
    for r in range(1, 8):
        out.append("[rank: %d] Received SIGTERM: 15" % r)
    out.append("slurmstepd: error: *** STEP %d.0 ON gpu-q-17 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, t_kill.strftime("%Y-%m-%dT%H:%M:%S")))
    out.append("slurmstepd: error: *** JOB %d ON gpu-q-17 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, t_kill.strftime("%Y-%m-%dT%H:%M:%S")))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    out.append("srun: error: gpu-q-18: task 4: Terminated")
    out.append("srun: error: gpu-q-17: tasks 0-3: Terminated")
    b.add("slurm-%d.out" % job, out)
    b.add("sacct_%d.txt" % job, ["JobID           JobName  Partition    Elapsed      State ExitCode",
                                 "------------ ---------- ---------- ---------- ---------- --------",
                                 "%d         unet3d-seg      a100q   1-00:00:00    TIMEOUT      0:0" % job,
                                 "%d.batch        batch             1-00:00:02  CANCELLED     0:15" % job,
                                 "%d.0             python             1-00:00:01  CANCELLED     0:15" % job])
    for i, h in enumerate(hosts):
        std_node_diag(b, h, rng, t_boot, t_kill + TD(minutes=2), gpus=G, kfmt="journal", with_df=True,
                      nv_over={1: dict(ecc_agg_sbe=17)} if i == 1 else None,
                      kevents=[(t0 + TD(hours=7), "NVRM: Xid (PCI:0000:3a:00): 13, pid=%d, name=python, Graphics Exception: ESR 0x51e730=0x0 0x51e734=0x0 0x51e728=0x0 0x51e72c=0x0" % 1211)] if False else None)
    b.add("gpu-q-17/nccl_warn_excerpt.txt", ["gpu-q-17:%d:%d [0] NCCL WARN NET/Socket : Got async event... (benign socket warning at init)" % (base_pid(0), base_pid(0) + 88) if False else
                                             "gpu-q-17:%d:%d [0] NCCL INFO NCCL_IB_DISABLE set by environment to 1." % (base_pid(0), base_pid(0) + 88),
                                             "gpu-q-17:%d:%d [0] NCCL INFO NET/Socket : Using [0]eno1:10.9.0.17<0>" % (base_pid(0), base_pid(0) + 88)])
    lab = label("unknown", "framework", None, None, "none",
                "slurm-%d.out: training progresses normally for 24 h (epochs advance, checkpoints saved), then Lightning receives "
                "the pre-timeout signal, saves hpc_ckpt and requeues the job, and Slurm logs 'CANCELLED AT ... DUE TO TIME LIMIT'; "
                "sacct shows TIMEOUT with ExitCode 0:0. The 'Received SIGTERM' and 'Terminated' lines are the scheduler's time-limit "
                "kill, not a fault. 17 aggregate corrected SRAM ECC on gpu-q-18 GPU1 are benign. Clean run stopped by the time "
                "limit -> nothing to do." % job,
                "https://github.com/ZettaAI/zetta_utils/issues/671")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq25
def aq25():
    rng = random.Random(4625)
    name = "aq25_rank_21_outofmemory_at_model_load"
    b = Bundle()
    hosts = ["gpu-ai-%02d" % i for i in range(41, 45)]
    G, N = 8, 32
    bad_node, bad_g = 2, 5
    bad = bad_node * G + bad_g
    t0 = dt(2025, 8, 19, 13, 0, 0)
    t_boot = dt(2025, 8, 11, 10, 1, 0)
    t_x = t0 + TD(seconds=133)
    foreign = 18877
    for i, h in enumerate(hosts):
        tail = []
        if i == bad_node:
            tail += _py_tb(bad, [("/work/ft/train.py", 96, "<module>", "model = build_model(cfg).to(device)"),
                                 ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 1340, "to", "return self._apply(convert)"),
                                 ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 927, "_apply", "param_applied = fn(param)"),
                                 ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 1326, "convert", "return t.to(")],
                           ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 5 has a total capacity of 79.10 GiB of which 1.12 GiB is free. Process 18877 has 44.20 GiB memory in use. Including non-PyTorch memory, this process has 33.27 GiB memory in use. Of the allocated memory 32.71 GiB is allocated by PyTorch, and 81.41 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"])
            tail += torchrun_sigterm(t_x + TD(seconds=2), h, G, base_pid(i), bad_g, bad, exitcode=1, script="train.py")
        else:
            items = []
            for lr in range(G):
                r = i * G + lr
                tt = t_x + TD(seconds=600, milliseconds=r * 23)
                items.append(watchdog_timeout(tt, r, 2, "BROADCAST", 131334144))
            for ls in items:
                tail += ls
            tail += torchrun_sigterm(t_x + TD(seconds=603), h, G, base_pid(i), 0, i * G)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=[], tail=tail))
        rows, procs = [], []
        for g in range(G):
            occ = i == bad_node and g == bad_g
            rows.append((g, "00000000:%s:00.0" % BUS[g].upper(), 44 if occ else 33, "P0", 240 if occ else 75, 700, 45261 if occ else 0, 81559, 37 if occ else 0))
            if occ:
                procs.append((g, foreign, "/opt/conda/envs/eval/bin/python", 45260))
        b.add("%s/nvidia-smi_post.txt" % h, nvsmi_table(t_x + TD(minutes=12), rows, procs))
        std_node_diag(b, h, rng, t_boot, t_x + TD(minutes=12), kfmt="T", with_df=False)
    b.add("gpu-ai-43/ps_18877.txt", ["$ ps -o pid,user,lstart,etime,stat,args -p 18877",
                                     "    PID USER     STARTED                      ELAPSED STAT COMMAND",
                                     "  18877 svc-eval Mon Aug 18 21:14:40 2025    15:58:31 Sl   /opt/conda/envs/eval/bin/python serve_eval.py --gpu 5 --port 8311",
                                     "$ squeue -w gpu-ai-43 -h -o '%i %u %j %T'",
                                     "3311842 svc-llm ft-mistral RUNNING"])
    lab = label("oom", "infrastructure", hosts[bad_node], bad, "restart_without_node",
                "gpu-ai-43/torchrun.log: rank 21 (local 5) fails moving the model to GPU with 'CUDA out of memory ... GPU 5 ... "
                "Process 18877 has 44.20 GiB memory in use' while its own process holds only 33 GiB; nvidia-smi_post.txt shows pid "
                "18877 (/opt/conda/envs/eval/bin/python) still on GPU 5 after the job died, and ps shows a serve_eval.py started the "
                "previous evening by another account, outside this Slurm job. No other rank OOMs; they time out in the initial "
                "BROADCAST (sympathetic). Memory taken by a foreign process on one node -> exclude the node (and clean it).",
                "https://github.com/ai4d-iasc/trixie/issues/92")
    return name, b, lab, None


# --------------------------------------------------------------------------------------------- aq27
def aq27():
    rng = random.Random(4627)
    name = "aq27_rank_17_cuda_error_midrun_others_abort"
    b = Bundle()
    hosts = ["hgx-r2-%02d" % i for i in range(1, 5)]
    G, N = 8, 32
    bad_node, bad_g = 2, 1
    bad = bad_node * G + bad_g
    t0 = dt(2025, 9, 2, 16, 0, 0)
    t_boot = dt(2025, 8, 30, 2, 11, 0)
    lines, t = megatron_lines(rng, 1, 9377, 50000, t0 + TD(seconds=120), lambda it: 990 + rng.uniform(-10, 10), gbs=512, every=10)
    t_x = t + TD(seconds=0.7)
    for i, h in enumerate(hosts):
        body = ["[rank0]:" + l for l in lines] if i == 0 else []
        tail = []
        if i == bad_node:
            tail += _py_tb(bad, [("/opt/megatron/pretrain_gpt.py", 292, "<module>", "pretrain("),
                                 ("/opt/megatron/megatron/training/training.py", 1431, "train", "train_step(forward_step_func,"),
                                 ("/opt/megatron/megatron/training/training.py", 780, "train_step", "update_successful, grad_norm, num_zeros_in_grad = optimizer.step()"),
                                 ("/opt/megatron/megatron/core/optimizer/distrib_optimizer.py", 1623, "step", "found_inf_flag = self._unscale_main_grads_and_check_for_nan()")],
                           ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])
            tail += torchrun_sigterm(t_x + TD(seconds=2), h, G, base_pid(i), bad_g, bad, exitcode=1, script="pretrain_gpt.py")
        else:
            tail += all_timeouts(t_x + TD(seconds=600), h, i, G, 28132, "_ALLGATHER_BASE", 104857600)
        b.add("%s/torchrun.log" % h, launcher_log(h, i, G, N, t0, hosts[0], rng, body=body, tail=tail, script="pretrain_gpt.py"))
        ev, over = [], None
        if i == bad_node:
            ev = [(t_x - TD(seconds=0.2), "NVRM: Xid (PCI:0000:2a:00): 94, pid=%d, name=python3, Contained ECC error" % (base_pid(i) + bad_g)),
                  (t_x - TD(seconds=0.2), "NVRM: Xid (PCI:0000:2a:00): 94, pid=%d, name=python3, Channel 0x00000018, errorString CTX SWITCH, Contained: SM (0x1). RST: No, D-RST: No" % (base_pid(i) + bad_g))]
            over = {bad_g: dict(rr_unc=1, rr_pending="No", rr_fail="No", ecc_vol_dbe=0, ecc_agg_dbe=1, util=0)}
        if i == 0:
            over = {6: dict(ecc_agg_sbe=9)}
        std_node_diag(b, h, rng, t_boot, t_x + TD(minutes=15), kfmt="journal", kevents=ev, nv_over=over, with_df=False)
    b.add("hgx-r2-03/nvidia-smi_remap_query.txt", ["$ nvidia-smi --query-remapped-rows=gpu_bus_id,remapped_rows.correctable,remapped_rows.uncorrectable,remapped_rows.pending,remapped_rows.failure --format=csv",
                                                  "gpu_bus_id, remapped_rows.correctable, remapped_rows.uncorrectable, remapped_rows.pending, remapped_rows.failure"] +
          ["00000000:%s:00.0, 0, %d, No, No" % (BUS[g].upper(), 1 if g == bad_g else 0) for g in range(G)])
    lab = label("gpu_memory", "infrastructure", hosts[bad_node], bad, "restart",
                "hgx-r2-03/journalctl_k.txt: 'NVRM: Xid (PCI:0000:2a:00): 94 ... Contained ECC error' for the pid of local rank 1 just "
                "before rank 17 (hgx-r2-03 local 1, bus 2A = GPU 1) raises 'CUDA error: uncorrectable ECC error encountered'. The "
                "error was contained to that process and the remap query shows GPU 1 with 1 uncorrectable remapped row, Pending: No, "
                "Failure: No - the row remap succeeded and nothing is pending, so the GPU healed itself. Other ranks' watchdog "
                "timeouts are sympathetic; 9 corrected SRAM ECC on hgx-r2-01 are benign. Contained ECC with a successful remap -> "
                "restart (same nodes are fine).",
                "https://github.com/leptonai/gpud/pull/1174")
    return name, b, lab, None


CASES = [aq17, aq18, aq19, aq20, aq21, aq22, aq23, aq25, aq27]
