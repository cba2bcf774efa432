"""Cases bx01..bx10."""
import json
import random

from common import (BUS_A100, BUS_H100, Cluster, S, T, UTC, c10_prefix, dmesg_lines,
                    elastic, nvidia_smi_table, render, ts_ctime, ts_py, wd_cuda, wd_remote,
                    wd_timeout, store_reset)
from scen import (agent_local_failure, agent_sigterm, megatron_iter, ms)

HARMLESS = [
    "/usr/local/lib/python3.10/dist-packages/torch/utils/checkpoint.py:464: UserWarning: torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly. In version 2.4 we will raise an exception if use_reentrant is not passed. use_reentrant=False is recommended, but if you need to preserve the current default behavior, you can pass use_reentrant=True. Refer to docs for more details on the differences between the two variants.",
    "/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py:4923: UserWarning: window_size should be (-1, -1) or (>=0, >=0) for attn_mask_type=causal",
]


def case(name, files, category, layer, culprit, action, rationale, url):
    return dict(name=name, files=files, label=dict(
        category=category, layer=layer, culprit=culprit, action=action,
        rationale=rationale, modelled_on=url))


def survivors_abort(style, cl, hosts, t_base, rng, seq, op, ni, no, to_ms, t_enq, script,
                    full_ranks=(), skip=(), enq=None, spread=1.4, override=None):
    """Every rank on `hosts` times out and aborts; each agent reports all local SIGABRTs.
    override: {rank: (t, op, ni, no)} for ranks stuck in a different collective."""
    per = {h: [] for h in hosts}
    override = override or {}
    for h in hosts:
        firsts = []
        for r in cl.ranks(h):
            if r in skip:
                continue
            t = t_base + S(rng.random() * spread)
            o, i_, n_ = op, ni, no
            if r in override:
                t, o, i_, n_ = override[r]
            ran = int((t - t_enq).total_seconds() * 1000)
            per[h] += wd_timeout(style, r, t, seq, o, i_, n_, to_ms, ran, enq=enq,
                                 full=(r in full_ranks))
            firsts.append((t, r))
        if not firsts:
            continue
        firsts.sort()
        t0, r0 = firsts[0]
        also = [(r, -6, t) for t, r in firsts[1:]]
        per[h] += agent_local_failure(style, cl, h, firsts[-1][0] + ms(120), r0, -6, script,
                                      also_failed=also, root_time=t0)
    return per


def survivors_remote(style, cl, hosts, t_base, rng, nccl_ver, last_error_fn, script,
                     full_ranks=(), warn_fn=None, spread=0.6, skip=(), agent_delay_ms=350):
    """Ranks notice an async NCCL error; a rank still running when its agent starts the
    teardown is SIGTERMed and prints nothing."""
    per = {h: [] for h in hosts}
    for h in hosts:
        ts = sorted((t_base + S(rng.random() * spread), r) for r in cl.ranks(h) if r not in skip)
        t0, r0 = ts[0]
        t_agent = t0 + ms(agent_delay_ms)
        shown = [(t, r) for t, r in ts if t <= t_agent]
        for t, r in shown:
            if warn_fn:
                per[h].append((t - ms(40), warn_fn(r)))
            per[h] += wd_remote(style, r, t, nccl_ver, last_error_fn(r), full=(r in full_ranks))
        also = [(r, -6, t) for t, r in shown[1:]]
        per[h] += agent_local_failure(style, cl, h, t_agent, r0, -6, script,
                                      also_failed=also, root_time=t0)
    return per


def sacct(jobid, name, rows):
    L = ["JobID           JobName  Partition      State ExitCode               Start                 End        NodeList ",
         "------------ ---------- ---------- ---------- -------- ------------------- ------------------- --------------- "]
    for jid, jn, part, st, ec, s, e, nl in rows:
        L.append("%-12s %10s %10s %10s %8s %19s %19s %-15s " % (jid, jn[:10], part, st, ec, s, e, nl))
    return "\n".join(L) + "\n"


# =============================================================== bx01
def bx01():
    rng = random.Random(7901)
    hosts = ["gpu-b%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.44.%d.%d")
    style = "v24"
    bad, lr = "gpu-b07", 5
    rbad = cl.rank(bad, lr)
    t0 = T("2024-05-02 07:12:03")
    t_xid = T("2024-05-02 09:41:07.214")
    boot = T("2024-04-17 22:05:31")
    seq = 330127
    t_enq = t_xid - ms(310)
    per = {h: [] for h in hosts}
    for h in hosts:
        per[h].append((t0, "\n".join(["W0502 07:12:03.118000 %d torch/distributed/run.py:793] " % cl.agent_tid[h],
                                      "W0502 07:12:03.118000 %d torch/distributed/run.py:793] *****************************************" % cl.agent_tid[h],
                                      "W0502 07:12:03.118000 %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % cl.agent_tid[h],
                                      "W0502 07:12:03.118000 %d torch/distributed/run.py:793] *****************************************" % cl.agent_tid[h]])))
        ti = t0 + S(41)
        for r in cl.ranks(h):
            per[h].append((ti, "\n".join(cl.nccl_init(r))))
        per[h].append((t0 + S(95), HARMLESS[0]))
    # Megatron iteration lines come from the last rank (gpu-b16)
    it0, tt = 41080, T("2024-05-02 09:31:22.5")
    for i in range(145):
        t = tt + S(i * 4.02 + rng.random() * 0.05)
        if t > t_xid:
            break
        per["gpu-b16"].append((t, megatron_iter(t, it0 + i, 250000, (it0 + i) * 1024, 4021 + rng.random() * 14,
                                                2.41e-4 - i * 1e-9, 1.912 + rng.random() * 0.04, 1.0,
                                                0.21 + rng.random() * 0.03)))
    # the one line: rank 53's watchdog sees a CUDA error two seconds after the Xid
    tc = t_xid + ms(1930)
    per[bad] += wd_cuda(style, rbad, tc, "unspecified launch failure")
    per[bad] += agent_local_failure(style, cl, bad, tc + ms(420), rbad, -6, "pretrain_gpt.py",
                                    root_time=tc)
    others = [h for h in hosts if h != bad]
    fl = survivors_abort(style, cl, others, t_enq + S(600.02), rng, seq, "_REDUCE_SCATTER_BASE",
                         201326592, 12582912, 600000, t_enq, "pretrain_gpt.py",
                         full_ranks={0, 77, 127})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    # Slurm job output: only the srun lines and the batch echo
    sl = [(t0 - S(4), "+ srun --nodes=16 --ntasks-per-node=1 --kill-on-bad-exit=0 torchrun --nnodes=16 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-b01:29500 pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 --use-distributed-optimizer ..."),
          (t0 - S(4), "Job 418833 running on gpu-b[01-16]"),
          (tc + S(5.3), "srun: error: gpu-b07: task 6: Exited with exit code 1")]
    tend = t_enq + S(604)
    for i, h in enumerate(hosts):
        if h != bad:
            sl.append((tend + S(rng.random() * 3), "srun: error: %s: task %d: Exited with exit code 1" % (h, i)))
    files["slurm-418833.out"] = render(sl)
    files["sacct.txt"] = sacct("418833", "gpt-175b", [
        ("418833", "gpt-175b", "h100", "FAILED", "1:0", "2024-05-02T07:11:58", "2024-05-02T09:51:13", "gpu-b[01-16]"),
        ("418833.bat+", "batch", "", "FAILED", "1:0", "2024-05-02T07:11:58", "2024-05-02T09:51:13", "gpu-b01"),
        ("418833.ext+", "extern", "", "COMPLETED", "0:0", "2024-05-02T07:11:58", "2024-05-02T09:51:13", "gpu-b[01-16]"),
        ("418833.0", "torchrun", "", "FAILED", "1:0", "2024-05-02T07:11:59", "2024-05-02T09:51:12", "gpu-b[01-16]")])
    # gpu-b07 kernel ring buffer in raw uptime seconds; boot time captured separately
    ev = [(boot + S(4.211), "nvidia: loading out-of-tree module taints kernel."),
          (boot + S(4.9), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"),
          (boot + S(9.3), "nvidia-peermem nv_mem_client_init:  Registered nvidia-peermem"),
          (boot + S(15.77), "mlx5_core 0000:1a:00.0 ibp26s0: Link up"),
          (t0 - S(80000), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"),
          (t_xid, "NVRM: GPU at PCI:0000:%s:00: GPU-8c41d7e2-5b0a-31f4-9e62-2ad0c3f7b915" % BUS_H100[lr]),
          (t_xid + ms(1), "NVRM: Xid (PCI:0000:%s:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % BUS_H100[lr]),
          (t_xid + ms(2), "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % BUS_H100[lr]),
          (t_xid + ms(3), "NVRM: A GPU crash dump has been created. If possible, please run\nNVRM: nvidia-bug-report.sh as root to collect this data before\nNVRM: the NVIDIA kernel module is unloaded."),
          (t_xid + S(611.2), "pcieport 0000:a7:01.0: AER: Uncorrected (Fatal) error received: 0000:a7:01.0")]
    files["gpu-b07/dmesg.txt"] = "\n".join(dmesg_lines("uptime", ev, boot=boot)) + "\n"
    files["gpu-b07/uptime_since.txt"] = "$ uptime -s\n2024-04-17 22:05:31\n$ date\nThu May  2 10:02:44 UTC 2024\n"
    files["gpu-b07/nvidia-smi.txt"] = "Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error\n" % BUS_H100[lr].upper()
    boot3 = T("2024-04-29 11:40:02")
    files["gpu-b03/dmesg.txt"] = "\n".join(dmesg_lines("uptime", [
        (boot3 + S(4.9), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"),
        (boot3 + S(9.1), "nvidia-peermem nv_mem_client_init:  Registered nvidia-peermem"),
        (t0 + S(40), "python3[%d]: NCCL 2.21.5 init" % cl.pid[16])], boot=boot3)) + "\n"
    upt = int((t_xid - boot).total_seconds())
    return case("bx01_watchdog_timeouts_all_ranks_after_iteration_41k", files,
                "gpu_hardware", "infrastructure", {"node": bad, "rank": rbad}, "restart_without_node",
                "gpu-b07's raw dmesg (boot 2024-04-17 22:05:31 + %d s = 2024-05-02 09:41:07) logs Xid 79 'fallen off the bus' for PCI ab:00, which NCCL init maps to cudaDev 5 = rank 53; rank 53 hit a CUDA error two seconds later while the other 120 ranks only timed out ten minutes after (09:51), so the GPU loss on gpu-b07 is the first failure." % upt,
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")


# =============================================================== bx02
def bx02():
    rng = random.Random(7902)
    hosts = ["node-%02d" % i for i in range(1, 9)]
    cl = Cluster(rng, hosts, ipfmt="172.16.%d.%d")
    style = "v22"
    bad = "node-04"
    rbad = cl.rank(bad, 3)
    t0 = T("2024-07-09 13:10:02")
    tk = T("2024-07-09 14:02:11.402")
    per = {h: [] for h in hosts}
    for h in hosts:
        per[h].append((t0, "[2024-07-09 13:10:02,441] torch.distributed.run: [WARNING] \n[2024-07-09 13:10:02,441] torch.distributed.run: [WARNING] *****************************************\n[2024-07-09 13:10:02,441] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. \n[2024-07-09 13:10:02,441] torch.distributed.run: [WARNING] *****************************************"))
        for r in cl.ranks(h):
            per[h].append((t0 + S(30), "\n".join(cl.nccl_init(r, nccl_ver="2.19.3+cuda12.3", cuda_drv="12030"))))
        per[h].append((t0 + S(33), "%s - WARNING - accelerate.utils.other - Detected kernel version 5.4.0, which is below the recommended minimum of 5.5.0; this can cause the process to hang. It is recommended to upgrade the kernel to the minimum version or higher." % ts_py(t0 + S(33))))
    # rank 0 progress (HF Trainer)
    tt = t0 + S(120)
    step = 0
    while tt < tk:
        step += 10
        if step % 50 == 0:
            per["node-01"].append((tt, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (
                1.62 - step * 0.00018 + rng.random() * 0.03, 0.5 + rng.random() * 0.2, 2e-5 * (1 - step / 9000.0), step / 2210.0)))
        tt += S(15.3 + rng.random())
    per["node-01"].append((tk - S(4), "%s - INFO - __main__ - step %d: mixing in shard openhermes_extra_07.jsonl (weight 0.05)" % (ts_py(tk - S(4)), step)))
    tb = ["KeyError: Caught KeyError in DataLoader worker process 3.",
          "Original Traceback (most recent call last):",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 308, in _worker_loop',
          "    data = fetcher.fetch(index)",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/fetch.py", line 54, in fetch',
          "    return self.collate_fn(data)",
          '  File "/workspace/sft/data.py", line 88, in __call__',
          '    ids = [ex["input_ids"] for ex in features]',
          '  File "/workspace/sft/data.py", line 88, in <listcomp>',
          '    ids = [ex["input_ids"] for ex in features]',
          "KeyError: 'input_ids'"]
    py = ["Traceback (most recent call last):",
          '  File "/workspace/sft/train.py", line 212, in <module>',
          "    main()",
          '  File "/workspace/sft/train.py", line 205, in main',
          "    trainer.train(resume_from_checkpoint=args.resume)",
          '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 1938, in train',
          "    return inner_training_loop(",
          '  File "/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", line 2236, in _inner_training_loop',
          "    for step, inputs in enumerate(epoch_iterator):",
          '  File "/usr/local/lib/python3.10/dist-packages/accelerate/data_loader.py", line 454, in __iter__',
          "    current_batch = next(dataloader_iter)",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 631, in __next__',
          "    data = self._next_data()",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1346, in _next_data',
          "    return self._process_data(data)",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1372, in _process_data',
          "    data.reraise()",
          '  File "/usr/local/lib/python3.10/dist-packages/torch/_utils.py", line 705, in reraise',
          "    raise exception"] + tb
    per[bad].append((tk, "\n".join("[rank%d]: %s" % (rbad, l) for l in py)))
    per[bad] += agent_local_failure(style, cl, bad, tk + ms(1650), rbad, 1, "train.py",
                                    tb=py, error_file="/tmp/torchelastic_3p9x_k1d/none_7a1gq2/attempt_0/3/error.json",
                                    root_time=tk, kill_wait_s=30)
    others = [h for h in hosts if h != bad]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 40000 + (r * 53) % 9000)

    def warn(r):
        return cl.nccl(r, lasterr(r), level="WARN", tid=cl.tid[r] + 3, src="misc/socket.cc:50")
    fl = survivors_remote(style, cl, others, tk + S(2.1), rng, "2.19.3", lasterr, "train.py",
                          warn_fn=warn)
    for h in others:
        per[h] += fl[h]
    # the remaining node-04 ranks are SIGTERMed by their agent; nothing else from them
    files = {}
    for h in hosts:
        files["%s/torchrun.out" % h] = render(per[h])
    sl = [(t0 - S(3), "srun: job 99120 queued and waiting for resources"),
          (t0 - S(2), "srun: job 99120 has been allocated resources")]
    for i, h in enumerate(hosts):
        sl.append((tk + S((6 + rng.random() * 2) if h != bad else 34.6), "srun: error: %s: task %d: Exited with exit code 1" % (h, i)))
    files["slurm-99120.out"] = render(sl)
    return case("bx02_keyerror_buried_under_socket_closed_errors", files,
                "user_code", "script", None, "stop",
                "The first failure is rank 27 on node-04 at 14:02:11 (ChildFailedError root cause with traceback): the collate function raises KeyError 'input_ids' on a sample from a newly mixed shard; every other node only reports NCCL 'Connection closed by remote peer node-04' a few seconds later. A data/code error reproduces on restart.",
                "https://github.com/xljh0520/JOTR/issues/4")


# =============================================================== bx03
def bx03():
    rng = random.Random(7903)
    hosts = ["gpu-h%02d" % i for i in range(1, 33)]
    cl = Cluster(rng, hosts, ipfmt="10.60.%d.%d")
    style = "v24"
    bad, lr = "gpu-h26", 3
    rbad = cl.rank(bad, lr)
    t0 = T("2024-06-15 01:03:40")
    tx = T("2024-06-15 03:22:10.881")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(52), cl.nccl_init(r)[-1]))
        per[h].append((t0 + S(60), HARMLESS[1]))
    it0 = 22100
    tt = T("2024-06-15 03:15:02")
    i = 0
    while tt < tx:
        per["gpu-h32"].append((tt, megatron_iter(tt, it0 + i, 120000, (it0 + i) * 2048, 7013 + rng.random() * 30,
                                                 1.6e-4, 2.044 + rng.random() * 0.03, 1.0, 0.18 + rng.random() * 0.02)))
        tt += S(7.01 + rng.random() * 0.04)
        i += 1
    te = tx + ms(640)
    tb = ["Traceback (most recent call last):",
          '  File "/opt/megatron/pretrain_gpt.py", line 289, in <module>',
          "    pretrain(",
          '  File "/opt/megatron/megatron/training/training.py", line 346, in pretrain',
          "    iteration, num_floating_point_operations_so_far = train(",
          '  File "/opt/megatron/megatron/training/training.py", line 1253, in train',
          "    train_step(forward_step_func,",
          '  File "/opt/megatron/megatron/core/pipeline_parallel/schedules.py", line 1371, in forward_backward_pipelining_without_interleaving',
          "    output_tensor, num_tokens = forward_step(",
          '  File "/opt/megatron/megatron/core/transformer/mlp.py", line 118, in forward',
          "    intermediate_parallel, bias_parallel = self.linear_fc1(hidden_states)",
          "RuntimeError: CUDA error: uncorrectable ECC error encountered",
          "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
          "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
          "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    per[bad].append((te, "\n".join("[rank%d]: %s" % (rbad, l) for l in tb)))
    per[bad] += agent_local_failure(style, cl, bad, te + ms(900), rbad, 1, "pretrain_gpt.py", root_time=te)
    others = [h for h in hosts if h != bad]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 41000 + (r * 31) % 8000)
    fl = survivors_remote(style, cl, others, te + S(3.4), rng, "2.21.5", lasterr, "pretrain_gpt.py",
                          full_ranks={0, 131})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/rank_logs.txt" % h] = render(per[h])
    sl = []
    for i, h in enumerate(hosts):
        sl.append((te + S((6.0 + rng.random() * 3.5) if h != bad else 4.1), "srun: error: %s: task %d: Exited with exit code 1" % (h, i)))
    sl.append((te + S(11), "srun: Terminating StepId=2210744.0"))
    files["slurm-2210744.out"] = render(sl)
    busx = BUS_H100[lr]
    files["%s/dmesg_T.txt" % bad] = "\n".join(dmesg_lines("ctime", [
        (T("2024-06-14 18:40:11"), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (T("2024-06-14 18:40:25"), "nvidia-fs:Initializing nvfs driver module"),
        (tx, "NVRM: Xid (PCI:0000:%s:00): 48, pid=%d, name=python3, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physAddr 0x782d1e3c0 partition 6, subpartition 0." % (busx, cl.pid[rbad])),
        (tx + ms(2), "NVRM: Xid (PCI:0000:%s:00): 63, pid=%d, name=python3, Row Remapper: New row (0x0000000782d1e3c0) marked for remapping, reset gpu to activate." % (busx, cl.pid[rbad])),
        (tx + S(9), "NVRM: Xid (PCI:0000:%s:00): 45, pid=%d, name=python3, Ch 00000008" % (busx, cl.pid[rbad]))])) + "\n"
    files["%s/nvidia-smi-q_gpu3.txt" % bad] = "\n".join([
        "==============NVSMI LOG==============", "",
        "Timestamp                                 : Sat Jun 15 03:41:57 2024",
        "Driver Version                            : 550.90.07",
        "CUDA Version                              : 12.4", "",
        "Attached GPUs                             : 8",
        "GPU 00000000:%s:00.0" % busx.upper(),
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Minor Number                          : 3",
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 2",
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 2",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)", ""])
    files["gpu-h09/nvidia-smi-q_ecc.txt"] = "\n".join([
        "==============NVSMI LOG==============", "",
        "Timestamp                                 : Sat Jun 15 03:44:10 2024",
        "Driver Version                            : 550.90.07", "",
        "GPU 00000000:9A:00.0",
        "    ECC Errors",
        "        Volatile",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            DRAM Correctable              : 12",
        "            DRAM Uncorrectable            : 0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 0",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No", ""])
    return case("bx03_thirty_two_nodes_connection_closed_flood", files,
                "gpu_memory", "infrastructure", {"node": bad, "rank": rbad}, "restart_without_node",
                "Among 32 nodes of 'Connection closed by remote peer gpu-h26' errors, rank 203 (gpu-h26, local GPU 3, bus 5d) is the only rank with its own error: 'CUDA error: uncorrectable ECC error encountered' at 03:22:11, right after dmesg logs Xid 48 (DBE) and Xid 63 on PCI 5d:00; nvidia-smi -q shows a remap still pending, so the node must be drained. gpu-h09's aggregate correctable count is old noise.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")


# =============================================================== bx04
def bx04():
    rng = random.Random(7904)
    hosts = ["a100-%02d" % i for i in range(7, 15)]
    cl = Cluster(rng, hosts, ipfmt="10.3.%d.%d", bus=BUS_A100)
    style = "v24"
    node = "a100-11"
    rk = cl.rank(node, 2)
    t0 = T("2024-03-18 20:02:10")
    toom = T("2024-03-18 22:47:31.5")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(25), cl.nccl_init(r, nccl_ver="2.20.5+cuda12.4", hcas="[0]mlx5_0:1/IB [1]mlx5_1:1/IB [2]mlx5_2:1/IB [3]mlx5_3:1/IB [4]mlx5_6:1/IB [5]mlx5_7:1/IB [6]mlx5_8:1/IB [7]mlx5_9:1/IB")[-1]))
    tt = t0 + S(90)
    ep = 0
    while tt < toom:
        per["a100-07"].append((tt, "%s | INFO | train | epoch 3 | step %6d | loss %.4f | lr %.2e | data_time %.3fs | step_time %.3fs | host_mem_used %.0f GiB" % (
            ts_py(tt), 31000 + ep * 20, 0.882 - ep * 0.0002 + rng.random() * 0.01, 3e-4, 0.004 + rng.random() * 0.01 + ep * 0.0004,
            0.92 + rng.random() * 0.02, 410 + ep * 1.21)))
        ep += 1
        tt += S(18.5 + rng.random())
    tdl = toom + S(1.7)
    uid, job = 21007, 660412
    workers = []
    wpid = 881200
    for r in cl.ranks(node):
        for w in range(12):
            workers.append(wpid)
            wpid += 1 + (w % 3)
    victim = workers[61]
    invoker = workers[40]
    site = "/usr/local/lib/python3.10/dist-packages/torch/utils/data"
    msg = ["Traceback (most recent call last):",
           '  File "%s/dataloader.py", line 1133, in _try_get_data' % site,
           "    data = self._data_queue.get(timeout=timeout)",
           '  File "/usr/lib/python3.10/multiprocessing/queues.py", line 113, in get',
           "    if not self._poll(timeout):",
           '  File "/usr/lib/python3.10/multiprocessing/connection.py", line 424, in _poll',
           "    r = wait([self], timeout)",
           '  File "/usr/lib/python3.10/selectors.py", line 416, in select',
           "    fd_event_list = self._selector.poll(timeout)",
           '  File "%s/_utils/signal_handling.py", line 66, in handler' % site,
           "    _error_if_any_worker_fails()",
           "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % victim,
           "",
           "The above exception was the direct cause of the following exception:",
           "",
           "Traceback (most recent call last):",
           '  File "/workspace/vit/train.py", line 402, in <module>',
           "    main(cfg)",
           '  File "/workspace/vit/train.py", line 331, in main',
           "    for it, (images, targets) in enumerate(train_loader):",
           '  File "%s/dataloader.py", line 631, in __next__' % site,
           "    data = self._next_data()",
           '  File "%s/dataloader.py", line 1329, in _next_data' % site,
           "    idx, data = self._get_data()",
           '  File "%s/dataloader.py", line 1285, in _get_data' % site,
           "    success, data = self._try_get_data()",
           '  File "%s/dataloader.py", line 1146, in _try_get_data' % site,
           "    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
           "RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % victim]
    per[node].append((tdl, "\n".join("[rank%d]: %s" % (rk, l) for l in msg)))
    per[node] += agent_local_failure(style, cl, node, tdl + ms(700), rk, 1, "train.py", root_time=tdl)
    others = [h for h in hosts if h != node]

    def lasterr(r):
        return "socketProgress: Connection closed by remote peer %s<%d>" % (node, 45000 + (r * 17) % 5000)
    fl = survivors_remote(style, cl, others, tdl + S(2.6), rng, "2.20.5", lasterr, "train.py")
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/train.log" % h] = render(per[h])
    # kernel OOM report on a100-11 (dmesg -T), memcg of the Slurm job itself
    procs = [(cl.pid[r], "python") for r in cl.ranks(node)] + [(w, "pt_data_worker") for w in workers]
    tasks = ["Tasks state (memory values in pages):",
             "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"]
    for pid, name in procs:
        rss = rng.randint(2350000, 2600000) if name == "pt_data_worker" else rng.randint(5200000, 5600000)
        if pid == victim:
            rss = 2571103
        tasks.append("[%7d] %5d %7d %8d %8d %14d %8d %13d %s" % (pid, uid, pid, rss + 9000000, rss, rss * 2 + 40960, 0, 0, name))
    oom = ["pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
           "CPU: 93 PID: %d Comm: pt_data_worker Tainted: P           OE     5.15.0-101-generic #111-Ubuntu" % invoker,
           "Hardware name: NVIDIA DGXA100 920-23687-2530-000/DGXA100, BIOS 1.25 01/12/2024",
           "Call Trace:", " <TASK>", " dump_stack_lvl+0x4a/0x63", " dump_header+0x4a/0x1f4",
           " oom_kill_process.cold+0xb/0x10", " out_of_memory+0x106/0x2e0", " mem_cgroup_out_of_memory+0x13f/0x160",
           " try_charge_memcg+0x687/0x740", " charge_memcg+0x45/0xb0", " __mem_cgroup_charge+0x2d/0x90",
           " </TASK>",
           "memory: usage 1015807996kB, limit 1015808000kB, failcnt 4917",
           "swap: usage 0kB, limit 9007199254740988kB, failcnt 0",
           "Memory cgroup stats for /slurm/uid_%d/job_%d:" % (uid, job),
           "anon 1031214219264", "file 8231104512", "shmem 6442450944"] + tasks + [
           "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-7,oom_memcg=/slurm/uid_%d/job_%d,task_memcg=/slurm/uid_%d/job_%d/step_0/user/task_0,task=pt_data_worker,pid=%d,uid=%d" % (uid, job, uid, job, victim, uid),
           "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:46398244kB, anon-rss:10284412kB, file-rss:70120kB, shmem-rss:0kB, UID:%d pgtables:20348kB oom_score_adj:0" % (victim, uid)]
    ev = [(T("2024-03-17 06:12:40"), "Linux version 5.15.0-101-generic (buildd@lcy02-amd64-028) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #111-Ubuntu SMP Tue Mar 5 20:16:58 UTC 2024 (Ubuntu 5.15.0-101.111-generic 5.15.143)"),
          (t0 + S(21), "NVRM: GPU at PCI:0000:07:00: GPU-2a0b2f63-41c8-a7b1-3c32-0d6b8fbd72e1")]
    for j, l in enumerate(oom):
        ev.append((toom + ms(j), l))
    files["%s/dmesg_T.txt" % node] = "\n".join(dmesg_lines("ctime", ev)) + "\n"
    files["sacct.txt"] = "\n".join([
        "$ sacct -j 660412 --format=JobID,JobName,State,ExitCode,MaxRSS,ReqMem,NodeList",
        "JobID           JobName      State ExitCode     MaxRSS     ReqMem        NodeList ",
        "------------ ---------- ---------- -------- ---------- ---------- --------------- ",
        "660412       vit-g-pre+     FAILED      1:0                 7.75T   a100-[07-14] ",
        "660412.batch      batch     FAILED      1:0     10412K              a100-07 ",
        "660412.extern    extern  COMPLETED      0:0          0              a100-[07-14] ",
        "660412.0       torchrun OUT_OF_ME+    0:125    968.77G              a100-[07-14] ", ""])
    files["slurm-660412.out"] = "slurmstepd: error: Detected 1 oom_kill event in StepId=660412.0. Some of the step tasks have been OOM Killed.\nsrun: error: a100-11: task 4: Out Of Memory\n" + "".join(
        "srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts) if h != node)
    return case("bx04_dataloader_worker_exited_unexpectedly_one_node", files,
                "oom", "framework", None, "stop",
                "a100-11's kernel log shows the memory-cgroup OOM killer for the job's own cgroup (/slurm/uid_21007/job_660412) killing a pt_data_worker; the task list is only the job's 8 python ranks and 96 data workers of ~10 GB each, and rank 34's 'DataLoader worker exited unexpectedly' follows. sacct marks the step OUT_OF_MEMORY and host memory grew every step: the job's own loader config exhausts RAM.",
                "https://github.com/pytorch/pytorch/issues/8976")


# =============================================================== bx05
def bx05():
    rng = random.Random(7905)
    hosts = ["node-%d" % i for i in range(101, 117)]
    cl = Cluster(rng, hosts, ipfmt="10.8.%d.%d")
    style = "v24"
    bad = "node-115"
    rbad = cl.rank(bad, 5)
    t0 = T("2024-09-10 09:20:45")
    toom = T("2024-09-10 11:02:31.077")
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(33), cl.nccl_init(r)[-1]))
    # torchtitan-style logging on rank 0
    tt = t0 + S(140)
    step = 1
    while tt < toom:
        if step % 10 == 0:
            mem = 70.9 + rng.random() * 1.3
            per["node-101"].append((tt, "[rank0]:%s - root - INFO - step: %5d  loss: %7.4f  memory: %5.2fGiB(%.2f%%)  tps: %s  mfu: %.2f%%" % (
                ts_py(tt), step, 2.38 - step * 0.00002 + rng.random() * 0.05, mem, mem / 79.11 * 100,
                "{:,}".format(3090 + rng.randint(0, 30)), 41.0 + rng.random())))
        step += 1
        tt += S(2.71 + rng.random() * 0.05)
    per["node-101"].append((t0 + S(60), "[rank0]:%s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 256, sequence length 32768, total steps 30000 (warmup 2000)" % ts_py(t0 + S(60))))
    per["node-101"].append((t0 + S(58), "[rank0]:%s - root - WARNING - Activation checkpointing mode 'selective' with ac_freq=4; peak memory estimate 74.9 GiB / 79.11 GiB" % ts_py(t0 + S(58))))
    oom = ["Traceback (most recent call last):",
           '  File "/opt/torchtitan/train.py", line 476, in <module>',
           "    main(config)",
           '  File "/opt/torchtitan/train.py", line 351, in main',
           "    pred = model(input_ids)",
           '  File "/opt/torchtitan/torchtitan/models/llama/model.py", line 330, in forward',
           "    output = self.output(h).float()",
           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB. GPU 5 has a total capacity of 79.11 GiB of which 3.06 GiB is free. Including non-PyTorch memory, this process has 76.04 GiB memory in use. Of the allocated memory 68.93 GiB is allocated by PyTorch, and 5.87 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]
    per[bad].append((toom, "\n".join("[rank%d]: %s" % (rbad, l) for l in oom)))
    per[bad] += agent_local_failure(style, cl, bad, toom + ms(1200), rbad, 1, "train.py", root_time=toom)
    seq = 1_114_902
    t_enq = toom - ms(120)
    others = [h for h in hosts if h != bad]
    fl = survivors_abort(style, cl, others, t_enq + S(100.03), rng, seq, "_REDUCE_SCATTER_BASE",
                         262144000, 16384000, 100000, t_enq, "train.py", full_ranks={0, 64})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/stdout.log" % h] = render(per[h])
    files["%s/nvidia-smi.txt" % bad] = "\n".join(nvidia_smi_table(
        bad, toom - S(600), "550.90.07", "12.4",
        [dict(temp=61 + i, pwr=610 + i * 3, mem=76200 + i * 13, util=100) for i in range(8)],
        [(i, cl.pid[cl.rank(bad, i)], "/usr/bin/python3", 76190 + i * 13) for i in range(8)])) + "\n"
    files["job_config.toml"] = "\n".join([
        "[job]", 'dump_folder = "/checkpoints/llama3-70b-32k"', "",
        "[model]", 'name = "llama3"', 'flavor = "70B"', "",
        "[training]", "batch_size = 2", "seq_len = 32768", "steps = 30000",
        "data_parallel_shard_degree = 128", "tensor_parallel_degree = 1", "",
        "[activation_checkpoint]", 'mode = "selective"', 'selective_ac_option = "4"', "",
        "[comm]", "train_timeout_seconds = 100", ""])
    return case("bx05_reduce_scatter_timeouts_after_loss_logging_stops", files,
                "oom", "framework", None, "stop",
                "Rank 117 (node-115, GPU 5) raised torch.OutOfMemoryError at 11:02:31 in the output projection: 'this process has 76.04 GiB memory in use' with no foreign process on the GPU (nvidia-smi lists only the job's ranks) and rank 0 already logged 90% memory with 32k sequences; the other 120 ranks' reduce_scatter timeouts 100 s later are sympathetic. The config does not fit.",
                "https://github.com/meta-pytorch/torchtune/issues/2071")


# =============================================================== bx06
def bx06():
    rng = random.Random(7906)
    pool = ["gpu-c%02d" % i for i in range(1, 15)]
    jobid = 770201
    files = {}
    url = "https://github.com/NVIDIA/Megatron-LM/issues/780"
    attempts = [
        dict(hosts=pool[:12], t0=T("2024-11-02 03:00:12"), tnan=T("2024-11-02 06:44:19.62"), it0=17000, itn=18231),
        dict(hosts=pool[2:14], t0=T("2024-11-02 07:31:40"), tnan=T("2024-11-02 07:52:08.31"), it0=18000, itn=18113),
    ]
    bad = "gpu-c06"
    final_rank = None
    seen = []
    for ai, A in enumerate(attempts, 1):
        cl = Cluster(rng, A["hosts"], ipfmt="10.12.%d.%d")
        style = "v24"
        rbad = cl.rank(bad, 4)
        final_rank = rbad
        seen.append(rbad)
        per = {h: [] for h in A["hosts"]}
        for h in A["hosts"]:
            for r in cl.ranks(h):
                per[h].append((A["t0"] + S(40), cl.nccl_init(r)[-1]))
        last = A["hosts"][-1]
        if ai == 2:
            per[last].append((A["t0"] + S(70), " loading distributed checkpoint from /lustre/ckpt/mixtral-8x22b at iteration 18000"))
        for it in range(A["it0"], A["itn"]):
            if (A["itn"] - it) > 30 and it % 25:
                continue
            tt = A["tnan"] - S((A["itn"] - it) * 10.87 - rng.random() * 0.05)
            if tt < A["t0"] + S(95):
                continue
            per[last].append((tt, megatron_iter(tt, it, 200000, it * 1024, 10870 + rng.random() * 40, 8.9e-5,
                                                1.771 + rng.random() * 0.03, 1.0, 0.31 + rng.random() * 0.05)))
        msg = ["Traceback (most recent call last):",
               '  File "/opt/megatron/pretrain_gpt.py", line 289, in <module>',
               "    pretrain(",
               '  File "/opt/megatron/megatron/training/training.py", line 1253, in train',
               "    train_step(forward_step_func,",
               '  File "/opt/megatron/megatron/training/training.py", line 720, in train_step',
               "    losses_reduced = forward_backward_func(",
               '  File "/opt/megatron/megatron/core/distributed/param_and_grad_buffer.py", line 115, in start_grad_sync',
               "    assert not norm.isnan(), (",
               "AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 4, node: %s" % (rbad, bad)]
        per[bad].append((A["tnan"], "\n".join("[rank%d]: %s" % (rbad, l) for l in msg)))
        per[bad] += agent_local_failure(style, cl, bad, A["tnan"] + ms(800), rbad, 1, "pretrain_gpt.py",
                                        root_time=A["tnan"])
        others = [h for h in A["hosts"] if h != bad]

        def lasterr(r, cl=cl):
            return "socketProgress: Connection closed by remote peer %s<%d>" % (bad, 39000 + (r * 29) % 7000)
        fl = survivors_remote(style, cl, others, A["tnan"] + S(2.9), rng, "2.21.5", lasterr, "pretrain_gpt.py")
        for h in others:
            per[h] += fl[h]
        for h in A["hosts"]:
            files["attempt_%d/%s/torchrun.log" % (ai, h)] = render(per[h])
        sl = [(A["t0"] - S(5), "Job %d (restart %d) running on %s" % (jobid, ai - 1, ",".join(A["hosts"])))]
        for i, h in enumerate(A["hosts"]):
            sl.append((A["tnan"] + S(5 + rng.random() * 3), "srun: error: %s: task %d: Exited with exit code 1" % (h, i)))
        if ai == 1:
            sl.append((A["tnan"] + S(20), "slurmstepd: error: *** JOB %d ON gpu-c01 CANCELLED AT 2024-11-02T06:44:41 DUE TO JOB REQUEUE ***" % jobid))
        files["attempt_%d/slurm-%d.out" % (ai, jobid)] = render(sl)
    files["attempt_2/%s/dcgmi_diag_r3.txt" % bad] = "\n".join([
        "$ dcgmi diag -r 3   # run by on-call 2024-11-02 08:31 after drain",
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.6                                          |",
        "| Driver Version Detected   | 550.90.07                                      |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
        "|-----  Deployment  --------+------------------------------------------------|",
        "| Denylist                  | Pass                                           |",
        "| NVML Library              | Pass                                           |",
        "| CUDA Main Library         | Pass                                           |",
        "| Permissions and OS Blocks | Pass                                           |",
        "| Persistence Mode          | Pass                                           |",
        "| Environment Variables     | Pass                                           |",
        "| Page Retirement/Row Remap | Pass                                           |",
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - All                                     |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - All                                     |",
        "| Diagnostic                | Pass - GPUs: 0, 1, 2, 3, 5, 6, 7               |",
        "|                           | Fail - GPU: 4                                  |",
        "| Warning                   | GPU 4 Error using CUDA API cuLaunchKernel Chec |",
        "|                           | k DCGM and system logs for errors. Reset GPU.  |",
        "|                           | Restart DCGM. Rerun diagnostics. Errors were f |",
        "|                           | ound in the results: miscompare in GEMM output |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - All                                     |",
        "| Targeted Power            | Pass - All                                     |",
        "| Memory Bandwidth          | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+", ""])
    files["sacct.txt"] = "\n".join([
        "$ sacct -j 770201 -D --format=JobID,JobName,State,ExitCode,Start,End,NodeList%40",
        "JobID           JobName      State ExitCode               Start                 End                                 NodeList ",
        "------------ ---------- ---------- -------- ------------------- ------------------- ---------------------------------------- ",
        "770201       mixtral-p+   REQUEUED      0:0 2024-11-02T03:00:07 2024-11-02T06:44:41                             gpu-c[01-12] ",
        "770201.0       torchrun     FAILED      1:0 2024-11-02T03:00:08 2024-11-02T06:44:29                             gpu-c[01-12] ",
        "770201       mixtral-p+     FAILED      1:0 2024-11-02T07:31:35 2024-11-02T07:52:19                             gpu-c[03-14] ",
        "770201.0       torchrun     FAILED      1:0 2024-11-02T07:31:36 2024-11-02T07:52:18                             gpu-c[03-14] ", ""])
    return case("bx06_nan_grad_norm_assertion_again_after_requeue", files,
                "gpu_hardware", "infrastructure", {"node": bad, "rank": final_rank}, "restart_without_node",
                "Both attempts die on Megatron's 'found NaN in local grad norm' assertion raised by a single rank, and in both it is Device 4 on gpu-c06 (rank %d in attempt 1, rank %d after the requeue reshuffled ranks) at different iterations (18231 vs 18113), so it follows the GPU not the data; dcgmi diag -r 3 then fails GPU 4 with a GEMM miscompare. Everyone else only sees the connection to gpu-c06 close." % tuple(seen),
                url)


# =============================================================== bx07
def bx07():
    rng = random.Random(7907)
    hosts = ["ip-10-1-%d-%d" % (a, b) for a, b in [(2, 14), (2, 77), (3, 9), (3, 141), (4, 36), (4, 200), (5, 18), (5, 93),
                                                  (6, 121), (6, 240), (7, 201), (7, 55), (8, 12), (8, 88), (9, 140), (9, 31)]]
    cl = Cluster(rng, hosts)
    for h in hosts:
        cl.ip[h] = h[3:].replace("-", ".")
    style = "v24"
    bad = "ip-10-1-7-201"
    t0 = T("2024-08-21 16:00:31")
    tseg = T("2024-08-21 16:01:49.3")
    per = {h: [] for h in hosts}
    good_plugin = ["NET/Plugin: Loaded net plugin AWS Libfabric (v8)",
                   "NET/OFI Initializing aws-ofi-nccl 1.9.1-aws",
                   "NET/OFI Using Libfabric version 1.21",
                   "NET/OFI Using CUDA driver version 12040 with runtime 12040",
                   "NET/OFI Configuring AWS-specific options",
                   "NET/OFI Selected Provider is efa (found 32 nics)"]
    bad_plugin = ["NET/Plugin: Failed to find ncclNetPlugin_v8 symbol.",
                  "NET/Plugin: Loaded net plugin AWS Libfabric (v6)",
                  "NET/Plugin: Failed to find ncclCollNetPlugin_v8 symbol.",
                  "NET/Plugin: Failed to find ncclCollNetPlugin symbol (>= v5). ncclCollNetPlugin symbols v4 and lower are not supported.",
                  "NET/OFI Using aws-ofi-nccl 1.5.0aws",
                  "NET/OFI Selected Provider is efa (found 32 nics)"]
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(38), "\n".join(cl.nccl_init(r, net="OFI", oob="enp71s0", plugin=bad_plugin if h == bad else good_plugin))))
    for r in cl.ranks(bad):
        per[bad].append((tseg + ms(r % 8 * 3), cl.nccl(r, "Channel 00/0 : %d[%d] -> %d[%d] [send] via NET/AWS Libfabric/0/GDRDMA" % (r, cl.lr(r), (r + 8) % cl.world, cl.lr(r)), tid=cl.tid[r] + 11)))
    per[bad].append((tseg + ms(30), "Fatal Python error: Segmentation fault\n\nThread 0x00007f3a1effd640 (most recent call first):\n  <no Python frame>\n\nThread 0x00007f3b9e1b8740 (most recent call first):\n  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py\", line 2288 in all_reduce\n  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py\", line 79 in wrapper\n  File \"/fsx/train/fsdp_train.py\", line 141 in sync_param_norm\n  File \"/fsx/train/fsdp_train.py\", line 302 in main\n  File \"/fsx/train/fsdp_train.py\", line 388 in <module>"))
    rb = cl.rank(bad, 0)
    per[bad] += agent_local_failure(style, cl, bad, tseg + ms(300), rb, -11, "fsdp_train.py",
                                    also_failed=[(cl.rank(bad, i), -11, tseg + ms(4 * i)) for i in range(1, 8)],
                                    root_time=tseg)
    per["ip-10-1-2-14"].append((t0 + S(45), "[rank0]:%s INFO fsdp_train: wrapped model with FSDP (FULL_SHARD), 70.6B params, starting step 0" % ts_py(t0 + S(45))))
    seq = 3
    t_enq = tseg - ms(90)
    others = [h for h in hosts if h != bad]
    fl = survivors_abort(style, cl, others, t_enq + S(1800.05), rng, seq, "ALLREDUCE", 1, 1, 1800000,
                         t_enq, "fsdp_train.py", full_ranks={0})
    for h in others:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    klog = []
    for i, r in enumerate(cl.ranks(bad)):
        tt = tseg + ms(4 * i)
        ip = 0x7f3a2c5d1e2a + i * 0x1000000
        klog.append((tt, "python3[%d]: segfault at 18 ip %016x sp %016x error 4 in libnccl-net.so[%x+4a000] likely on CPU %d (core %d, socket %d)" % (
            cl.pid[r], ip, ip - 0x6b2e43a, ip - 0x19e2a, 12 + i * 6, i * 3, i // 4)))
        if i == 0:
            klog.append((tt, "Code: 48 8b 47 18 48 85 c0 74 0b 48 8b 40 08 c3 0f 1f 44 00 00 31 c0 c3 66 2e 0f 1f 84 00 00 00 00 00 0f 1f 40 00 f3 0f 1e fa 55 48 89 e5 41 57 41 56 41 55 41 54 53 48 83 ec 28"))
    klog.insert(0, (t0 - S(110), "efa 0000:97:00.0: Setup irq:0xffff8c0a4a1c7800 vector:179 name:efa-mgmt@pci:0000:97:00.0"))
    files["%s/kern.log" % bad] = "\n".join(dmesg_lines("syslog", klog, host=bad)) + "\n"
    files["%s/efa_installed_packages" % bad] = "# EFA installer version: 1.26.1\n# Debug packages installed: no\nlibfabric-aws-1.18.2amzn1.0-1.el7.x86_64\nrdma-core-46.0-1.amzn2.x86_64\nlibnccl-ofi 1.5.0aws (/opt/aws-ofi-nccl/lib/libnccl-net.so)\n"
    files["ip-10-1-2-14/efa_installed_packages"] = "# EFA installer version: 1.32.0\n# Debug packages installed: no\nlibfabric-aws-1.21.0amzn1.0-1.amzn2.x86_64\nrdma-core-50.0-1.amzn2.x86_64\naws-ofi-nccl 1.9.1-aws (/opt/amazon/ofi-nccl/lib/libnccl-net.so)\n"
    files["job_events.txt"] = "\n".join([
        "2024-08-21T15:58:12Z  cluster-autoscaler  ScaleUp: replaced unhealthy instance i-0c1f2e9aa41d7b3e2 with i-04b77d2a9c8e1f031 (ip-10-1-7-201) from launch template lt-0a1b2c3d version 3",
        "2024-08-21T15:59:40Z  slurm  node ip-10-1-7-201 state IDLE (resumed)",
        "2024-08-21T16:00:26Z  slurm  job 31877 started on 16 nodes", ""])
    return case("bx07_first_allreduce_never_completes_after_instance_replacement", files,
                "dependency", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only ip-10-1-7-201 (a replacement instance launched from an older template) loads aws-ofi-nccl 1.5.0 through the v6 plugin API while the other 15 nodes load 1.9.1/v8; all 8 of its ranks segfault inside libnccl-net.so at 16:01:49 on the first collective and everyone else waits 30 minutes for the watchdog. An environment mismatch on one node.",
                "https://github.com/awslabs/awsome-distributed-ai/issues/292")


# =============================================================== bx08
def bx08():
    rng = random.Random(7908)
    hosts = ["gpu-s%02d" % i for i in range(1, 25)]
    cl = Cluster(rng, hosts, ipfmt="10.100.%d.%d")
    style = "v24"
    t0 = T("2024-12-05 22:40:03")
    tf = T("2024-12-05 02:13:44.620") + S(86400)
    nics = ["ens%dnp0" % x for x in (17, 18, 19, 20, 21, 22, 23, 24)]
    pcis = ["0000:1a:00.0", "0000:3c:00.0", "0000:4d:00.0", "0000:5e:00.0", "0000:9c:00.0", "0000:bc:00.0", "0000:cc:00.0", "0000:dc:00.0"]
    topo = {}
    for su, hs in (("su1", hosts[:12]), ("su2", hosts[12:])):
        for rail in range(8):
            topo["%s-leaf-rail%d" % (su, rail)] = hs
    per = {h: [] for h in hosts}
    hcas = " ".join("[%d]mlx5_%d:1/RoCE" % (i, i) for i in range(8))
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(36), cl.nccl_init(r, hcas=hcas)[-1]))
    tt = t0 + S(120)
    it = 90210
    while tt < tf:
        per["gpu-s24"].append((tt, megatron_iter(tt, it, 400000, it * 1536, 5230 + rng.random() * 30, 1.2e-4,
                                                  1.655 + rng.random() * 0.03, 1.0, 0.14 + rng.random() * 0.02)))
        it += 25
        tt += S(5.23 * 25)
    # rail 3 of every SU1 node drops; ranks with local rank 3 on SU1 and their peers fail
    lr_bad = 3
    su1 = hosts[:12]
    rip = {h: "10.10%d.%d.%d" % (lr_bad, 1 + i // 200, 11 + i % 200) for i, h in enumerate(hosts)}
    ev_k = {}
    for h in su1:
        d = ms(rng.randint(0, 60))
        ev_k[h] = [(tf + d, "mlx5_core %s %s: Link down" % (pcis[lr_bad], nics[lr_bad])),
                   (tf + d + S(41.2), "mlx5_core %s %s: Link up" % (pcis[lr_bad], nics[lr_bad]))]
    twarn = tf + S(7.3)
    sev = {}
    for h in hosts:
        for r in cl.ranks(h):
            if cl.lr(r) != lr_bad:
                continue
            peer = cl.hosts[(cl.hosts.index(h) + (1 if h in su1 else -12)) % 24]
            if h not in su1:
                peer = su1[(cl.hosts.index(h) - 12) % 12]
            t = twarn + S(rng.random() * 2.5)
            msg = "NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s" % (
                rip[peer], 50000 + r % 97 * 13, 0 if r % 2 else 1, "Send" if r % 2 else "Recv", rip[h], rip[peer])
            per[h].append((t, cl.nccl(r, msg, level="WARN", tid=cl.tid[r] + 5)))
            per[h].append((t + ms(2), cl.nccl(r, "transport/net.cc:1298 -> 6", tid=cl.tid[r] + 5)))
            sev[r] = (t, msg)
    for h in hosts:
        firsts = []
        for r in cl.ranks(h):
            if r in sev:
                t, le = sev[r]
                per[h] += wd_remote(style, r, t + ms(300), "2.21.5", le, full=(r == 3))
                firsts.append((t + ms(300), r))
            else:
                t = twarn + S(3.5 + rng.random() * 3)
                per[h] += wd_remote(style, r, t, "2.21.5", "NET/IB : Got completion from peer %s<%d> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (
                    cl.ip[hosts[(hosts.index(h) + 1) % 24]], 51000 + r, cl.ip[h], cl.ip[hosts[(hosts.index(h) + 1) % 24]]))
                firsts.append((t, r))
        firsts.sort()
        per[h] += agent_local_failure(style, cl, h, firsts[0][0] + ms(200), firsts[0][1], -6, "pretrain_gpt.py",
                                      also_failed=[(r, -6, t) for t, r in firsts[1:4]], root_time=firsts[0][0])
    files = {"topology.json": json.dumps({"topology": topo}, indent=1, sort_keys=True) + "\n"}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    for h in su1 + ["gpu-s15", "gpu-s20"]:
        base = [(t0 - S(3600 * 5), "mlx5_core %s %s: Link up" % (pcis[0], nics[0]))]
        files["%s/kern.log" % h] = "\n".join(dmesg_lines("syslog", base + ev_k.get(h, []), host=h)) + "\n"
    files["slurm-55873.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    return case("bx08_ib_completion_status_12_from_every_node", files,
                "network", "infrastructure", None, "restart",
                "At 02:13:44 all twelve SU1 nodes log 'Link down' on the same rail-3 port (mlx5 5e:00.0) within 60 ms and 'Link up' 41 s later; topology.json puts exactly those ports on su1-leaf-rail3, and the first NCCL errors are status=12 retry-exceeded completions on local rank 3 of SU1 nodes and their peers. One leaf switch flapped; no node is at fault.",
                "https://github.com/NVIDIA/nccl/issues/1814")


# =============================================================== bx09
def bx09():
    rng = random.Random(7909)
    hosts = ["dgx%03d" % i for i in range(41, 49)]
    cl = Cluster(rng, hosts, ipfmt="10.2.%d.%d", bus=BUS_A100)
    style = "v24"
    t0 = T("2025-01-14 08:02:15")
    t_last = T("2025-01-14 11:47:52.402")
    seq = 88213
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(29), cl.nccl_init(r, nccl_ver="2.21.5+cuda12.4")[-1]))
    tt = t0 + S(60)
    step = 100
    while tt < t_last:
        per["dgx041"].append((tt, "[NeMo I %s nemo_logging:381] step %d | reduced_train_loss: %.4f | lr: %.3e | global_step: %d | train_step_timing in s: %.3f" % (
            tt.strftime("%Y-%m-%d %H:%M:%S"), step, 2.03 - step * 0.00001 + rng.random() * 0.02, 3e-4, step, 3.44 + rng.random() * 0.02)))
        step += 50
        tt += S(3.45 * 50)
    per["dgx041"].append((t_last, "[NeMo I %s nemo_logging:381] step %d | reduced_train_loss: %.4f | lr: %.3e | global_step: %d | train_step_timing in s: %.3f" % (
        t_last.strftime("%Y-%m-%d %H:%M:%S"), 3901, 1.9921, 3e-4, 3901, 3.447)))
    t_enq = t_last + S(2.9)
    fl = survivors_abort(style, cl, hosts, t_enq + S(1800.04), rng, seq, "ALLREDUCE", 1, 1, 1800000, t_enq,
                         "megatron_gpt_pretraining.py", full_ranks={5, 40})
    for h in hosts:
        per[h] += fl[h]
    files = {}
    for h in hosts:
        files["%s/log-%s.txt" % (h, h)] = render(per[h])
    for h in ("dgx041", "dgx044", "dgx047"):
        boot = T("2025-01-09 17:20:00") + S(hosts.index(h) * 97)
        files["%s/dmesg.txt" % h] = "\n".join(dmesg_lines("uptime", [
            (boot + S(5.1), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Tue Oct  8 03:22:07 UTC 2024"),
            (boot + S(9.9), "nvidia-peermem nv_mem_client_init:  Registered nvidia-peermem"),
            (boot + S(16.2), "mlx5_core 0000:0c:00.0 ibp12s0: Link up"),
            (t0 + S(20), "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready")], boot=boot)) + "\n"
        files["%s/ibstat_errors.txt" % h] = "\n".join(["$ ibqueryerrors --switch=no -c", "Errors for 0x%016x \"%s mlx5_0\"" % (0xb83fd2030012a0 + hosts.index(h), h),
                                                        "   GUID 0x%016x port 1: [PortXmitWait == 1221]" % (0xb83fd2030012a0 + hosts.index(h)), ""])
    files["slurm-120933.out"] = "".join("srun: error: %s: task %d: Exited with exit code 1\n" % (h, i) for i, h in enumerate(hosts))
    return case("bx09_every_rank_times_out_on_the_same_allreduce", files,
                "hang", "infrastructure", None, "restart",
                "All 64 ranks time out on the same ALLREDUCE SeqNum 88213 with identical 'last enqueued 88213, last completed 88212', 30 minutes after the last logged step; no rank raised anything, no Xid, no link events, only benign PortXmitWait counters. There is no evidence of who stalled, so it is an unattributed hang.",
                "https://github.com/ai2cm/ace/issues/348")


# =============================================================== bx10
def bx10():
    rng = random.Random(7910)
    hosts = ["node-a%02d" % i for i in range(1, 17)]
    cl = Cluster(rng, hosts, ipfmt="10.31.%d.%d")
    style = "v24"
    bad = "node-a12"
    rbad = cl.rank(bad, 5)
    t0 = T("2024-10-28 01:05:10")
    th = T("2024-10-28 05:31:10.7")
    seq = 48213
    per = {h: [] for h in hosts}
    for h in hosts:
        for r in cl.ranks(h):
            per[h].append((t0 + S(31), cl.nccl_init(r)[-1]))
    tt = t0 + S(100)
    step = 0
    while tt < th:
        if step % 20 == 0:
            per["node-a01"].append((tt, "[rank0]: %s | INFO | trainer | step=%d loss=%.4f aux_loss=%.4f tokens/s=%d router_max_load=%.2f" % (
                ts_py(tt), 12000 + step, 2.21 - step * 0.00002 + rng.random() * 0.02, 0.011 + rng.random() * 0.002, 412000 + rng.randint(0, 9000), 1.3 + rng.random() * 0.2)))
        step += 1
        tt += S(1.37)
    t_to = th + S(1800.05)
    fl = survivors_abort(style, cl, hosts, t_to, rng, seq, "ALLREDUCE", 1, 1, 1800000, th, "train_moe.py",
                         full_ranks={0, 44}, skip={rbad})
    for h in hosts:
        per[h] += fl[h]
    # the dump signal reaches rank 93, whose own counters lag by one
    tdump = t_to + ms(300)
    per[bad].append((tdump, "%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from rank 4 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc." % (
        c10_prefix(tdump, rank=rbad, line=1306), rbad, seq - 1, seq - 1)))
    files = {}
    for h in hosts:
        files["%s/torchrun.log" % h] = render(per[h])
    # py-spy dumps taken by on-call at 05:52, before the watchdog fired
    def stack_other(r):
        return ["Process %d: /usr/bin/python3 -u train_moe.py --config configs/moe_64e.yaml" % cl.pid[r],
                "Python v3.10.12 (/usr/bin/python3.10)", "",
                "Thread %d (active): \"MainThread\"" % cl.pid[r],
                "    _local_scalar_dense (<built-in>)",
                "    train_step (train_moe.py:214)",
                "    main (train_moe.py:301)",
                "    <module> (train_moe.py:340)",
                "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (cl.pid[r] + 41),
                "    wait (threading.py:324)",
                "    get (queue.py:180)",
                "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:53)",
                ""]

    def stack_bad(r):
        return ["Process %d: /usr/bin/python3 -u train_moe.py --config configs/moe_64e.yaml" % cl.pid[r],
                "Python v3.10.12 (/usr/bin/python3.10)", "",
                "Thread %d (active): \"MainThread\"" % cl.pid[r],
                "    tolist (<built-in>)",
                "    route (moe/router.py:77)",
                "    forward (moe/layer.py:142)",
                "    _call_impl (torch/nn/modules/module.py:1562)",
                "    forward (model.py:388)",
                "    train_step (train_moe.py:196)",
                "    main (train_moe.py:301)",
                "    <module> (train_moe.py:340)",
                "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (cl.pid[r] + 41),
                "    wait (threading.py:324)",
                "    get (queue.py:180)",
                "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:53)",
                ""]
    for h in ("node-a01", "node-a07", bad, "node-a15"):
        out = ["# py-spy dump --pid <rank pid>   collected 2024-10-28 05:52:40 UTC", ""]
        for r in cl.ranks(h):
            out += ["## rank %d (local %d)" % (r, cl.lr(r))]
            out += stack_bad(r) if r == rbad else stack_other(r)
        files["%s/pyspy_dump.txt" % h] = "\n".join(out) + "\n"
    files["%s/nvidia-smi.txt" % bad] = "\n".join(nvidia_smi_table(
        bad, T("2024-10-28 05:53:02"), "550.90.07", "12.4",
        [dict(temp=44 + (10 if i == 5 else 0), pwr=118 if i != 5 else 402, mem=61210 + i * 7, util=100) for i in range(8)],
        [(i, cl.pid[cl.rank(bad, i)], "/usr/bin/python3", 61200 + i * 7) for i in range(8)])) + "\n"
    files["%s/dmesg_T.txt" % bad] = "\n".join(dmesg_lines("ctime", [
        (T("2024-10-21 11:02:13"), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (T("2024-10-21 11:02:27"), "nvidia-peermem nv_mem_client_init:  Registered nvidia-peermem")])) + "\n"
    files["incident_notes.md"] = "\n".join([
        "# INC-20241028-0147 moe-64e pretrain stalled",
        "", "- 05:50 alert: tokens/s = 0 for 15 min on job 3320871 (16 nodes)",
        "- 05:52 collected py-spy dumps on a sample of nodes (a01, a07, a12, a15) and nvidia-smi on a12",
        "- 06:01 watchdog fired, job exited", ""])
    return case("bx10_training_stalls_then_watchdog_on_127_ranks", files,
                "hang", "infrastructure", {"node": bad, "rank": rbad}, "run_diagnostics",
                "127 ranks time out on ALLREDUCE 48213 (last enqueued 48213) but rank 93 never does: the dump signal shows its last enqueued work is 48212, and py-spy at 05:52 has it inside the MoE router's tolist() in the forward pass (train_moe.py:196) while every other sampled rank waits after the all-reduce at line 214; GPU 5 on node-a12 sits at 100% util with 402 W. That rank is stuck outside the collective with no Xid to prove a fault.",
                "https://github.com/NVIDIA/TensorRT-LLM/issues/2560")


def CASES():
    return [bx01(), bx02(), bx03(), bx04(), bx05(), bx06(), bx07(), bx08(), bx09(), bx10()]
