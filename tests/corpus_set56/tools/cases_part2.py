"""Cases ba11-ba20: rank-prefixed combined logs, flight recorder, sparse node folders."""
from __future__ import annotations

from cases_part1 import Events, lab
from corpus_lib import (
    H100_BUS,
    PY,
    Case,
    T,
    c10d,
    child_failed_block,
    cpp_frames_watchdog,
    dmesg_T,
    elastic_new,
    glog_stamp,
    json_line,
    label,
    nccl_init_lines,
    plus,
    rng_for,
    syslog_stamp,
    watchdog_block,
)


def rank_table(prefix, nodes, per=8):
    out = [prefix + f"==== rank -> host map ({len(nodes) * per} ranks) ===="]
    for i, n in enumerate(nodes):
        out.append(prefix + f"  ranks {i * per:>2}-{i * per + per - 1:<2} local 0-{per - 1}  {n}")
    return out


# --------------------------------------------------------------------------- ba11
def ba11():
    rng = rng_for(11)
    nodes = ["ip-10-1-3-41", "ip-10-1-3-55", "ip-10-1-3-87", "ip-10-1-3-102"]
    bad_i, bad_l = 2, 5
    bad_rank = bad_i * 8 + bad_l
    t0 = T(2024, 9, 18, 4, 2, 11)
    ev = Events()
    ev.extend(t0, rank_table("[rank0]:", nodes))
    ev.add(plus(t0, .1), "[rank0]:TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/fsx/job-88123/fr/nccl_trace_rank_")
    ts = plus(t0, 95)
    seq_per_step = 3
    step_t = 1.31
    last_step = 6077
    for s in range(25, last_step + 1, 25):
        tt = plus(ts, s * step_t)
        ev.add(tt, f"[rank0]:{tt:%Y-%m-%d %H:%M:%S},{tt.microsecond // 1000:03d} INFO train.py:241 step={s} loss={2.41 - s * 3e-5 + rng.uniform(-.015, .015):.4f} grad_norm={0.28 + rng.uniform(-.03, .03):.3f} step_s={step_t + rng.uniform(-.02, .02):.2f}")
    ev.add(plus(ts, 3000 * step_t + .5), f"[rank7]:{PY}/torch/autograd/graph.py:825: UserWarning: c10d::allreduce_: an autograd kernel was not registered to the Autograd key(s) but we are trying to backprop through it. This may lead to silently incorrect behavior. This behavior is deprecated and will be removed in a future version of PyTorch. If your operator is differentiable, please ensure you have registered an autograd kernel to the correct Autograd key (e.g. DispatchKey::Autograd, DispatchKey::CompositeImplicitAutograd). If your operator is not differentiable, or to squash this warning and use the previous behavior, please register torch::CppFunction::makeFallthrough() to DispatchKey::Autograd. (Triggered internally at ../torch/csrc/autograd/autograd_not_implemented_fallback.cpp:63.)")
    seq = last_step * seq_per_step + 3  # 18234
    t_hang = plus(ts, last_step * step_t + 1.0)
    tw = plus(t_hang, 600.02)
    for r in range(32):
        if r == bad_rank:
            continue
        tt = plus(tw, rng.uniform(0, .9))
        for k, ln in enumerate(watchdog_block(r, tt, seq, "ALLREDUCE", 262144000, pg="0", pg_desc="default_pg", src_line=616)):
            ev.add(plus(tt, k * 1e-4), ln)
        ev.add(plus(tt, .01), c10d(r, "E", plus(tt, .01), "ProcessGroupNCCL.cpp:1316", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1"))
        ev.add(plus(tt, .4), c10d(r, "I", plus(tt, .4), "ProcessGroupNCCL.cpp:1347", f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] ProcessGroupNCCL dump debug info to /fsx/job-88123/fr/nccl_trace_rank_{r}"))
        if r % 8 == 0:
            ev.extend(plus(tt, .5), [f"[rank{r}]:" + x if x else x for x in cpp_frames_watchdog()[:4]], step=1e-4)
    tk = plus(tw, 41)
    for i, n in enumerate(nodes):
        if i == bad_i:
            continue
        lr0 = (i * 5) % 8
        root = dict(time=plus(tw, .2), host=n, rank=i * 8 + lr0, local=lr0, exitcode=-6, pid=31200 + i * 50 + lr0)
        ev.extend(plus(tk, i), child_failed_block("train.py", [], root), step=1e-4)
    # the agent on the suspect node cannot stop one worker
    tb = plus(tk, 4)
    pid_bad = 40213
    for lr in range(8):
        if lr == bad_l:
            continue
        ev.add(plus(tb, lr * .001), elastic_new(plus(tb, lr * .001), "E", 40190, "torch/distributed/elastic/multiprocessing/api.py:874",
                                                f"failed (exitcode: -6) local_rank: {lr} (pid: {40208 + lr}) of binary: /usr/bin/python3"))
    ev.add(plus(tb, 1), elastic_new(plus(tb, 1), "W", 40190, "torch/distributed/elastic/multiprocessing/api.py:897", f"Sending process {pid_bad} closing signal SIGTERM"))
    ev.add(plus(tb, 31), elastic_new(plus(tb, 31), "W", 40190, "torch/distributed/elastic/multiprocessing/api.py:915",
                                     f"Unable to shutdown process {pid_bad} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"))
    case = Case("ba11_all_ranks_but_one_time_out_flight_recorder_dump", label(
        "hang", "infrastructure", (nodes[bad_i], bad_rank), "run_diagnostics",
        "31 ranks time out in all_reduce 18234; the flight recorder shows rank 21 never joined it and its dump is missing. "
        "py-spy taken on ip-10-1-3-87 during the hang shows rank 21's main thread blocked inside cuStreamSynchronize, and the "
        "process later ignores SIGTERM.", "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html"))
    case.add("all_ranks.log", ev.text())
    fr = [
        "$ python -m torch.distributed.flight_recorder.fr_trace /fsx/job-88123/fr -p nccl_trace_rank_ -j",
        "Loaded 31 of 32 trace files from /fsx/job-88123/fr (rank 21: no file nccl_trace_rank_21)",
        "Built 31 ranks x 1 process groups, 1 memberships",
        "",
        f"Not all ranks joining collective {seq} at entry {seq - 1}",
        "group info: 0:default_pg",
        "collective: nccl:all_reduce",
        f"missing ranks: {{{bad_rank}}}",
        "input sizes: [[262144000]]",
        "output sizes: [[262144000]]",
        "expected ranks: 32",
        "collective state: scheduled",
        "collective stack trace:",
        f" all_reduce at {PY}/torch/distributed/distributed_c10d.py:2501",
        f" wrapper at {PY}/torch/distributed/c10d_logger.py:83",
        " _reduce_bucket at /workspace/llm/dp.py:118",
        " backward_hook at /workspace/llm/dp.py:96",
        "",
        f"last completed collective on every loaded rank: {seq - 1} (nccl:all_reduce, sizes [[262144000]])",
    ]
    case.add("fr_trace_summary.txt", "\n".join(fr) + "\n")
    th = plus(t_hang, 410)
    py = [
        f"# captured {th:%Y-%m-%d %H:%M:%S} UTC by on-call (sudo py-spy dump --native --pid {pid_bad})",
        f"Process {pid_bad}: /usr/bin/python3 -u /workspace/llm/train.py --config cfg/13b.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        f'Thread {pid_bad} (active): "MainThread"',
        "    0x7f5a3e8f2c1d (libcuda.so.535.183.01)",
        "    0x7f5a3e9a0a77 (libcuda.so.535.183.01)",
        "    cuStreamSynchronize (libcuda.so.535.183.01)",
        "    0x7f5a69c3a5e8 (libcudart.so.12)",
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    at::native::_local_scalar_dense_cuda(at::Tensor const&) (libtorch_cuda.so)",
        "    at::_ops::_local_scalar_dense::call(at::Tensor const&) (libtorch_cpu.so)",
        "    at::native::item(at::Tensor const&) (libtorch_cpu.so)",
        "    THPVariable_item (libtorch_python.so)",
        "    log_metrics (/workspace/llm/train.py:233)",
        "    train_step (/workspace/llm/train.py:204)",
        "    main (/workspace/llm/train.py:402)",
        "    <module> (/workspace/llm/train.py:431)",
        f'Thread {pid_bad + 171} (idle): "Thread-2 (_pin_memory_loop)"',
        "    wait (threading.py:324)",
        "    get (queue.py:180)",
        f"    _pin_memory_loop ({PY}/torch/utils/data/_utils/pin_memory.py:55)",
        "    run (threading.py:953)",
        "    _bootstrap_inner (threading.py:1016)",
        "    _bootstrap (threading.py:973)",
        "",
    ]
    case.add(f"{nodes[bad_i]}/py-spy_rank{bad_rank}.txt", "\n".join(py))
    return case


# --------------------------------------------------------------------------- ba12
def ba12():
    rng = rng_for(12)
    nodes = ["tpx-gpu-001", "tpx-gpu-002", "tpx-gpu-003", "tpx-gpu-004"]
    t0 = T(2025, 2, 11, 9, 40, 2)
    ev = Events()
    ev.extend(t0, rank_table("[rank0]:", nodes))
    ts = plus(t0, 60)
    for s in range(50, 2001, 50):
        tt = plus(ts, s * .88)
        ev.add(tt, f"[rank0]:[{tt:%H:%M:%S}] step {s} train_loss {1.9 - s * 1e-4 + rng.uniform(-.02, .02):.4f}")
    te = plus(ts, 2000 * .88 + 1)
    ev.add(te, f"[rank0]:[{te:%H:%M:%S}] step 2000 -> running evaluation on 6251 samples (world 32, per-rank 195, remainder 11)")
    for r in range(32):
        if r >= 21:
            ev.add(plus(te, 38 + r * .01), f"[rank{r}]:[eval] rank {r}: 196 batches (1 leftover), gathering generated samples for the sample table")
    seq = 5001
    tw = plus(te, 41 + 1800.05)
    for r in range(32):
        tt = plus(tw, rng.uniform(0, .7))
        if r < 21:
            blk = watchdog_block(r, tt, seq, "ALLREDUCE", 2, timeout_ms=1800000, pg="0", src_line=616)
        else:
            blk = watchdog_block(r, tt, seq, "BROADCAST", 4194304, timeout_ms=1800000, pg="0", src_line=616)
        for k, ln in enumerate(blk):
            ev.add(plus(tt, k * 1e-4), ln)
        ev.add(plus(tt, .001), f"[rank{r}]:terminate called after throwing an instance of 'c10::DistBackendError'")
    tk = plus(tw, 5)
    for i, n in enumerate(nodes):
        root = dict(time=plus(tw, .1), host=n, rank=i * 8 + 2, local=2, exitcode=-6, pid=5100 + i * 30 + 2)
        ev.extend(plus(tk, i), child_failed_block("finetune.py", [], root), step=1e-4)
    case = Case("ba12_every_rank_times_out_at_the_same_seq_after_eval_starts", label(
        "hang", "script", None, "stop",
        "All 32 ranks time out at SeqNum 5001, but ranks 0-20 are in an all_reduce from evaluate() while ranks 21-31 "
        "(the ones with a leftover eval batch) are in a broadcast: the user's eval path issues different collectives on "
        "different ranks.", "https://pytorch.org/docs/stable/distributed.html#debugging-torch-distributed-applications"))
    case.add("job_88411_combined.log", ev.text())
    fr = [
        "$ python tools/flight_recorder/fr_trace.py /scratch/fr/job_88411 -p rank_",
        "Loaded 32 of 32 trace files",
        "",
        f"Collective {seq} at entry {seq - 1} of group 0:default_pg has entries that do not match:",
        "  ranks 0-20 : nccl:all_reduce  input sizes [[2]]            state scheduled",
        "    all_reduce at " + f"{PY}/torch/distributed/distributed_c10d.py:2501",
        "    evaluate at /home/ops/ft/finetune.py:288",
        "    main at /home/ops/ft/finetune.py:412",
        "  ranks 21-31: nccl:broadcast   input sizes [[4096, 1024]]   state scheduled",
        "    broadcast at " + f"{PY}/torch/distributed/distributed_c10d.py:2208",
        "    _share_samples at /home/ops/ft/finetune.py:301",
        "    evaluate at /home/ops/ft/finetune.py:296",
        "    main at /home/ops/ft/finetune.py:412",
        "",
        f"No rank completed collective {seq}; all ranks completed collective {seq - 1} (nccl:all_reduce).",
    ]
    case.add("fr_trace_output.txt", "\n".join(fr) + "\n")
    return case


# --------------------------------------------------------------------------- ba13
def ba13():
    rng = rng_for(13)
    nodes = ["gpu-h-110", "gpu-h-111", "gpu-h-112", "gpu-h-113"]
    bi, bl = 2, 2
    br = bi * 8 + bl
    jid = 2207719
    ver = "2.21.5+cuda12.4"
    t0 = T(2025, 3, 4, 15, 1, 50)
    ev = Events()
    ev.add(t0, "+ srun -l torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-h-110:29500 train_moe.py (NCCL_DEBUG=INFO)")
    ti = plus(t0, 25)
    pids = {}
    for ni, n in enumerate(nodes):
        for lr in range(8):
            r = ni * 8 + lr
            pid = 77100 + ni * 23 + lr
            pids[r] = pid
            tt = plus(ti, ni * .03 + lr * .002)
            if r == 0:
                ev.add(tt, lab(ni, 1) + f"{n}:{pid}:{pid} [0] NCCL INFO NCCL version {ver}")
            for k, ln in enumerate(nccl_init_lines(n, pid, pid + 489, lr, r, 32, H100_BUS[lr], 4, ver, ip=f"172.16.8.{40 + ni}")):
                ev.add(plus(tt, k * 1e-4), lab(ni, 1) + ln)
            for ch in range(0, 24, 3):
                ev.add(plus(tt, .3 + ch * 1e-4), lab(ni, 1) + f"{n}:{pid}:{pid + 489} [{lr}] NCCL INFO Channel {ch:02d}/0 : {r}[{lr}] -> {ni * 8 + (lr + 1) % 8}[{(lr + 1) % 8}] via P2P/CUMEM")
    ev.add(plus(ti, 2), lab(0, 1) + "gpu-h-110:77100:77589 [0] NCCL INFO NET/IB : Got async event : GID table change")
    tr = plus(ti, 30)
    t_fail = T(2025, 3, 4, 17, 22, 9, 518000)
    s = 0
    while True:
        s += 20
        tt = plus(tr, s * 1.77)
        if tt >= t_fail:
            break
        ev.add(tt, lab(0, 1) + f"[default0]:[{tt:%Y-%m-%d %H:%M:%S}] iter {s} | lm_loss {2.2 - s * 1e-5 + rng.uniform(-.02, .02):.4f} | aux_loss {0.011 + rng.uniform(-.001, .001):.4f} | 1.77 s/it")
    pre = lab(bi, 1)
    n = nodes[bi]
    ev.add(t_fail, pre + f"{n}:{pids[br]}:{pids[br] + 489} [{bl}] enqueue.cc:1425 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'")
    ev.add(plus(t_fail, 1e-4), pre + f"{n}:{pids[br]}:{pids[br] + 489} [{bl}] NCCL INFO enqueue.cc:1522 -> 1")
    ev.add(plus(t_fail, 2e-4), pre + f"{n}:{pids[br]}:{pids[br]} [{bl}] NCCL INFO group.cc:418 -> 1")
    tb = plus(t_fail, .01)
    tbl = [
        f"[rank{br}]: Traceback (most recent call last):",
        f'[rank{br}]:   File "/opt/train/train_moe.py", line 377, in <module>',
        f"[rank{br}]:     main()",
        f'[rank{br}]:   File "/opt/train/moe/layers.py", line 141, in dispatch',
        f"[rank{br}]:     dist.all_to_all_single(out, inp, out_splits, in_splits, group=self.ep_group)",
        f'[rank{br}]:   File "{PY}/torch/distributed/distributed_c10d.py", line 3946, in all_to_all_single',
        f"[rank{br}]:     work = group.alltoall_base(",
        f"[rank{br}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2746, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
        f"[rank{br}]: ncclUnhandledCudaError: Call to CUDA function failed.",
        f"[rank{br}]: Last error:",
        f"[rank{br}]: Cuda failure 'uncorrectable NVLink error detected during the execution'",
    ]
    ev.extend(tb, [pre + f"[default{bl}]:" + x for x in tbl], step=1e-4)
    for lr in (0, 5, 7):
        r = bi * 8 + lr
        tt = plus(t_fail, .4 + lr * .02)
        ev.add(tt, pre + f"{n}:{pids[r]}:{pids[r] + 489} [{lr}] NCCL INFO misc/socket.cc:47 -> 3")
        ev.add(plus(tt, 1e-4), pre + f"[default{lr}]:" + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1515",
               f"[PG ID 2 PG GUID 9 Rank {lr}] Process group watchdog thread terminated with exception: CUDA error: an illegal memory access was encountered"))
        ev.extend(plus(tt, 2e-4), [pre + f"[default{lr}]:" + x for x in cuda_lines()], step=1e-5)
    # remote nodes see their peers on gpu-h-112 vanish
    for ni in (0, 1, 3):
        for lr in range(0, 8, 2):
            r = ni * 8 + lr
            tt = plus(t_fail, 4 + ni * .2 + lr * .01)
            ev.add(tt, lab(ni, 1) + f"{nodes[ni]}:{pids[r]}:{pids[r] + 492} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 172.16.8.42<{40122 + lr}> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:172.16.8.{40 + ni} remoteGids::ffff:172.16.8.42 hca mlx5_{lr // 2}")
            ev.add(plus(tt, .6), lab(ni, 1) + f"[default{lr}]:" + c10d(r, "E", plus(tt, .6), "ProcessGroupNCCL.cpp:1515",
                   f"[PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"))
    tk = plus(t_fail, 40)
    for ni in range(4):
        lr0 = bl if ni == bi else 0
        root = dict(time=t_fail if ni == bi else plus(t_fail, 4.6), host=nodes[ni], rank=ni * 8 + lr0, local=lr0,
                    exitcode=1 if ni == bi else -6, pid=pids[ni * 8 + lr0])
        ev.extend(plus(tk, ni), [lab(ni, 1) + x for x in child_failed_block("train_moe.py", [], root)], step=1e-4)
        ev.add(plus(tk, 6 + ni), f"srun: error: {nodes[ni]}: task {ni}: Exited with exit code 1")
    case = Case("ba13_moe_all_to_all_fails_nccl_cuda_failure_in_combined_log", label(
        "nvlink", "infrastructure", (nodes[bi], br), "restart_without_node",
        "The first failure is rank 18 on gpu-h-112 (cudaDev 2, busId 3a000) with an uncorrectable NVLink error; that node's "
        "kernel log has Xid 74 (NVLink fatal error) on PCI 0000:3a:00 at the same second. Remote ranks only lose their peer.",
        "https://github.com/pytorch/pytorch/issues/58155"))
    case.add(f"slurm-{jid}.out", ev.text())
    kt = T(2025, 3, 4, 17, 22, 9)
    up = 3_288_412.551
    kl = [
        f"{syslog_stamp(T(2025, 3, 4, 12, 0, 1))} {n} kernel: [{up - 19328:.6f}] perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
        f"{syslog_stamp(kt)} {n} kernel: [{up:.6f}] NVRM: Xid (PCI:0000:3a:00): 74, pid=77148, name=python3, NVLink: fatal error detected on link 6(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)",
        f"{syslog_stamp(kt)} {n} kernel: [{up + .000931:.6f}] NVRM: Xid (PCI:0000:3a:00): 74, pid=77148, name=python3, NVLink: fatal error detected on link 7(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)",
        f"{syslog_stamp(plus(kt, 1))} {n} kernel: [{up + .51:.6f}] NVRM: Xid (PCI:0000:3a:00): 45, pid=77148, name=python3, Ch 00000008",
        f"{syslog_stamp(plus(kt, 1))} {n} kernel: [{up + .52:.6f}] NVRM: Xid (PCI:0000:18:00): 45, pid=77146, name=python3, Ch 00000008",
        f"{syslog_stamp(plus(kt, 1))} {n} kernel: [{up + .53:.6f}] NVRM: Xid (PCI:0000:ab:00): 45, pid=77151, name=python3, Ch 00000008",
    ]
    case.add(f"{n}/kern.log", "\n".join(kl) + "\n")
    return case


def cuda_lines():
    return ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]


# --------------------------------------------------------------------------- ba14
def ba14():
    rng = rng_for(14)
    nodes = ["cn-g017", "cn-g018"]
    t0 = T(2025, 3, 7, 22, 30, 0)
    GRN, YEL, RED, DIM, R = "\x1b[32m", "\x1b[33m", "\x1b[1;31m", "\x1b[2m", "\x1b[0m"
    logs = {}
    crash_t = T(2025, 3, 8, 4, 12, 33)
    for ni, n in enumerate(nodes):
        L = []

        def lg(t, lvl, msg, r=ni * 8, L=L):
            col = {"INFO": GRN, "WARNING": YEL, "ERROR": RED}[lvl]
            L.append(f"{DIM}{t:%m-%d %H:%M:%S}{R} {col}{lvl:<7}{R} [rank{r}] {msg}")
        lg(t0, "INFO", f"node {n} node_rank={ni} nproc_per_node=8 world_size=16")
        if ni == 0:
            for c in ["data.num_workers=12", "data.prefetch_factor=4", "data.cache_decoded_samples=true",
                      "data.dataset=/datasets/laion-hr-2b (webdataset, 18400 shards)", "train.batch_size_per_gpu=96"]:
                lg(plus(t0, 1), "INFO", f"cfg {c}")
        rss0 = 610.0 + ni * 4
        for s in range(200, 30001, 200):
            tt = plus(t0, 300 + s * 0.69)
            if tt >= crash_t:
                break
            rss = rss0 + s * 0.0469 + rng.uniform(-3, 3)
            pct = rss / 2015.0 * 100
            lg(tt, "INFO", f"step {s} loss {0.71 - s * 4e-6 + rng.uniform(-.01, .01):.4f} imgs/s {10650 + rng.uniform(-90, 90):.0f} host_rss {rss / 1024:.2f}TiB ({pct:.0f}%)")
            if pct > 90 and s % 1000 == 0:
                lg(plus(tt, .01), "WARNING", f"host memory above 90% ({pct:.1f}%), dataloader cache holds {rss * .8 / 1024:.2f}TiB of decoded samples")
        logs[n] = L
    # node 18: a worker is killed by the kernel OOM killer
    L = logs["cn-g018"]
    kr = 11
    L.append(f"{DIM}{crash_t:%m-%d %H:%M:%S}{R} {RED}ERROR  {R} [rank{kr}] Traceback (most recent call last):")
    L += [
        f'  File "{PY}/torch/utils/data/dataloader.py", line 1133, in _try_get_data',
        "    data = self._data_queue.get(timeout=timeout)",
        '  File "/usr/lib/python3.10/multiprocessing/queues.py", line 113, in get',
        "    if not self._poll(timeout):",
        f'  File "{PY}/torch/utils/data/_utils/signal_handling.py", line 66, in handler',
        "    _error_if_any_worker_fails()",
        "RuntimeError: DataLoader worker (pid 118842) is killed by signal: Killed. ",
        "",
        "The above exception was the direct cause of the following exception:",
        "",
        "Traceback (most recent call last):",
        '  File "/home/yhan/clipx/train.py", line 288, in <module>',
        "    main(cfg)",
        '  File "/home/yhan/clipx/train.py", line 231, in main',
        "    images, texts = next(loader_iter)",
        f'  File "{PY}/torch/utils/data/dataloader.py", line 1146, in _try_get_data',
        "    raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e",
        "RuntimeError: DataLoader worker (pid(s) 118842) exited unexpectedly",
    ]
    t2 = plus(crash_t, 9)
    L.append(elastic_new(t2, "W", 118700, "torch/distributed/elastic/multiprocessing/api.py:897", "Sending process 118712 closing signal SIGTERM"))
    L.append(elastic_new(plus(t2, .01), "W", 118700, "torch/distributed/elastic/multiprocessing/api.py:897", "Sending process 118713 closing signal SIGTE"))
    logs["cn-g018"] = L
    # node 17: sympathetic
    L = logs["cn-g017"]
    for lr in range(8):
        tt = plus(crash_t, 11 + lr * .03)
        L.append(c10d(lr, "E", tt, "ProcessGroupNCCL.cpp:1515", f"[PG ID 0 PG GUID 0(default_pg) Rank {lr}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"))
        L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
        L.append("Last error:")
        L.append(f"NET/IB : Got completion from peer 10.55.0.18<{41220 + lr}> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:10.55.0.17 remoteGids::ffff:10.55.0.18 hca mlx5_{lr // 2}")
    root = dict(time=plus(crash_t, 11), host="cn-g017", rank=0, local=0, exitcode=-6, pid=90311)
    L += child_failed_block("train.py", [], root)
    case = Case("ba14_coloured_consoles_one_cut_off_worker_killed", label(
        "oom", "framework", None, "stop",
        "Both nodes' host RSS climbs steadily (cache_decoded_samples=true with 12 workers per rank) to >95%; on cn-g018 the "
        "kernel OOM killer kills a pt_data_worker inside the job's own cgroup. The job's memory growth, not the node.",
        "https://github.com/pytorch/pytorch/issues/13246"))
    case.add("cn-g017/console.log", "\n".join(logs["cn-g017"]) + "\n")
    case.add("cn-g018/console.log", "\n".join(logs["cn-g018"]))
    dk = plus(crash_t, -1)
    dm = [
        f"{dmesg_T(T(2025, 3, 7, 22, 29, 51))} IPv4: martian source 10.55.0.255 from 10.55.0.4, on dev ib0",
        f"{dmesg_T(dk)} pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
        f"{dmesg_T(dk)} CPU: 71 PID: 118842 Comm: pt_data_worker Tainted: P           OE      6.5.0-1018-nvidia #18-Ubuntu",
        f"{dmesg_T(dk)} memory: usage 2063597568kB, limit 2063597568kB, failcnt 112",
        f"{dmesg_T(dk)} swap: usage 0kB, limit 0kB, failcnt 0",
        f"{dmesg_T(dk)} Tasks state (memory values in pages):",
        f"{dmesg_T(dk)} [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
    ]
    for w in range(6):
        dm.append(f"{dmesg_T(dk)} [ {118830 + w * 3:6d}]  30117 {118830 + w * 3:6d} {41203311 + w * 1711:8d} {36788120 + w * 90211:8d}  {291012000 + w * 1000:12d}        0             0 pt_data_worker")
    dm += [
        f"{dmesg_T(dk)} oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,oom_memcg=/system.slice/slurmstepd.scope/job_771204,task_memcg=/system.slice/slurmstepd.scope/job_771204/step_0/user/task_0,task=pt_data_worker,pid=118842,uid=30117",
        f"{dmesg_T(dk)} Memory cgroup out of memory: Killed process 118842 (pt_data_worker) total-vm:171228412kB, anon-rss:148112004kB, file-rss:88120kB, shmem-rss:0kB, UID:30117 pgtables:291012kB oom_score_adj:0",
    ]
    case.add("cn-g018/dmesg.txt", "\n".join(dm) + "\n")
    return case


# --------------------------------------------------------------------------- ba15
def ba15():
    rng = rng_for(15)
    nodes = ["gpu-b2-106", "gpu-b2-107", "gpu-b2-108", "gpu-b2-109"]
    bi, bl = 1, 4
    br = bi * 8 + bl
    jid = 8891201
    t0 = T(2024, 10, 28, 7, 55, 40)
    ev = Events()
    ev.add(t0, f"job {jid}: gpu-b2-[106-109], 8 tasks/node, srun -l python -u pretrain.py")
    for r in range(32):
        ni, lr = divmod(r, 8)
        tt = plus(t0, 30 + r * .01)
        ev.add(tt, lab(r) + f"[init] rank={r} local_rank={lr} host={nodes[ni]} device=cuda:{lr}")
    tm = plus(t0, 75)
    for r in range(32):
        mem = 41.3 + rng.uniform(-.2, .2)
        ev.add(plus(tm, r * .01), lab(r) + f"[mem] after model+optimizer init: allocated {mem:.2f} GiB, reserved {mem + 1.1:.2f} GiB")
    t_oom = plus(tm, 14.2)
    tb = [
        "Traceback (most recent call last):",
        '  File "/work/ai4s/pretrain.py", line 509, in <module>',
        "    train(args)",
        '  File "/work/ai4s/pretrain.py", line 402, in train',
        "    out = model(batch)",
        f'  File "{PY}/torch/nn/modules/module.py", line 1553, in _wrapped_call_impl',
        "    return self._call_impl(*args, **kwargs)",
        f'  File "{PY}/torch/nn/parallel/distributed.py", line 1636, in forward',
        "    else self._run_ddp_forward(*inputs, **kwargs)",
        '  File "/work/ai4s/model/blocks.py", line 88, in forward',
        "    h = self.attn(self.norm1(x))",
        "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.50 GiB. GPU 4 has a total capacity of 79.15 GiB of which 1.07 GiB is free. Process 2210733 has 36.88 GiB memory in use. Including non-PyTorch memory, this process has 41.18 GiB memory in use. Of the allocated memory 39.02 GiB is allocated by PyTorch, and 1.66 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
    ]
    ev.extend(t_oom, [lab(br) + x for x in tb], step=1e-4)
    for s in (1, 2):
        ev.add(plus(t_oom, -3 + s), lab(0) + f"step {s} loss {10.9 - s * .02:.3f} (warmup)")
    tw = plus(t_oom, 1800.1)
    for r in range(32):
        if r == br:
            continue
        tt = plus(tw, rng.uniform(0, 1.5))
        blk = watchdog_block(r, tt, 9, "ALLREDUCE", 25165824, timeout_ms=1800000, pg="0", src_line=616, pg_desc="default_pg")
        for k, ln in enumerate(blk[:2]):
            ev.add(plus(tt, k * 1e-4), lab(r) + ln)
    for i, n in enumerate(nodes):
        tt = plus(tw, 4 + i * .2)
        ev.add(tt, f"srun: error: {n}: tasks {i * 8}-{i * 8 + 7}: " + ("Exited with exit code 1" if i == bi else "Aborted (core dumped)"))
    case = Case("ba15_single_rank_oom_at_step_three_rest_time_out", label(
        "oom", "infrastructure", (nodes[bi], br), "restart_without_node",
        "Only rank 12 (gpu-b2-107, GPU 4) runs out of memory; its OOM message lists a second process, 2210733, holding 36.9 GiB, "
        "and nvidia-smi/ps on that node show a 3-day-old vLLM server from another user still on GPU 4. Other ranks use ~41 GiB.",
        "https://github.com/LISTatSNU/FastMRI_challenge/issues/238"))
    case.add(f"slurm-{jid}.out", ev.text())
    snap = plus(tw, 420)
    smi = [
        f"$ nvidia-smi   # {snap:%Y-%m-%d %H:%M} taken by on-call after job {jid} ended",
        "+-----------------------------------------------------------------------------------------+",
        "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |",
        "|-----------------------------------------+------------------------+----------------------+",
        "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
        "|=========================================+========================+======================|",
    ]
    for g in range(8):
        bus = H100_BUS[g][:2].upper()
        used = "37766MiB" if g == bl else "    1MiB"
        util = "  0%" if g != bl else "  3%"
        pw = " 118W" if g == bl else "  69W"
        smi += [f"|   {g}  NVIDIA H100 80GB HBM3          On  |   00000000:{bus}:00.0 Off |                    0 |",
                f"| N/A   3{g}C    P0            {pw} /  700W |  {used} /  81559MiB |     {util}      Default |",
                "|                                         |                        |             Disabled |",
                "+-----------------------------------------+------------------------+----------------------+"]
    smi += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|",
            "|    4   N/A  N/A   2210733      C   /opt/conda/envs/vllm/bin/python               37756MiB |",
            "+-----------------------------------------------------------------------------------------+",
            "",
            "$ ps -o user,pid,lstart,etime,cmd -p 2210733",
            "USER         PID                  STARTED     ELAPSED CMD",
            "rkumar   2210733 Fri Oct 25 05:41:10 2024  3-02:52:59 /opt/conda/envs/vllm/bin/python -m vllm.entrypoints.openai.api_server --model /models/llama-3-8b-instruct --gpu-memory-utilization 0.45 --port 8011",
            ""]
    case.add(f"{nodes[bi]}/nvidia-smi.txt", "\n".join(smi))
    return case


# --------------------------------------------------------------------------- ba16
def ba16():
    rng = rng_for(16)
    nodes = [f"hpc-gpu-0{n}" for n in range(31, 37)]
    jid = 3140592
    t0 = T(2024, 12, 13, 10, 0, 12)
    ev = Events()
    ev.add(t0, f"[job {jid}] 6 nodes x 4 A100, data=/lustre/fs1/projects/llm/data/tok (18400 shards)")
    ts = plus(t0, 120)
    t_err = T(2024, 12, 13, 16, 47, 20)
    s = 0
    while True:
        s += 50
        tt = plus(ts, s * 1.93)
        if tt >= t_err:
            break
        ev.add(tt, lab(0, 1) + f"[default0]:{tt:%Y-%m-%dT%H:%M:%S} step {s} loss {2.6 - s * 1.1e-5 + rng.uniform(-.02, .02):.4f} data_ms {31 + rng.uniform(-4, 4):.0f}")
    errs = ["[Errno 108] Cannot send after transport endpoint shutdown", "[Errno 5] Input/output error"]
    for ni in range(6):
        for lr in range(4):
            if (ni + lr) % 3 == 1 and ni not in (2,):
                continue
            r = ni * 4 + lr
            tt = plus(t_err, ni * 1.7 + lr * .4 + rng.uniform(0, .3))
            shard = 1800 + (r * 37) % 160
            e = errs[(r + ni) % 2]
            pre = lab(ni, 1) + f"[default{lr}]:"
            blk = [
                f"[rank{r}]: Traceback (most recent call last):",
                f'[rank{r}]:   File "/home/szhou/lm/train.py", line 340, in <module>',
                f"[rank{r}]:     batch = next(it)",
                f'[rank{r}]:   File "{PY}/torch/utils/data/dataloader.py", line 1344, in _next_data',
                f"[rank{r}]:     return self._process_data(data)",
                f'[rank{r}]:   File "{PY}/torch/_utils.py", line 706, in reraise',
                f"[rank{r}]:     raise exception",
                f"[rank{r}]: OSError: Caught OSError in DataLoader worker process {r % 6}.",
                f"[rank{r}]: Original Traceback (most recent call last):",
                f'[rank{r}]:   File "/home/szhou/lm/data/tokshards.py", line 77, in __getitem__',
                f"[rank{r}]:     buf = np.fromfile(f, dtype=np.uint16, count=n, offset=off)",
                f"[rank{r}]: OSError: {e}: '/lustre/fs1/projects/llm/data/tok/shard_{shard:05d}.bin'",
            ]
            ev.extend(tt, [pre + x for x in blk], step=1e-4)
    tk = plus(t_err, 35)
    for ni, n in enumerate(nodes):
        ev.add(plus(tk, ni * .4), f"srun: error: {n}: task {ni}: Exited with exit code 1")
    case = Case("ba16_io_errors_reading_shards_on_every_node", label(
        "storage", "infrastructure", None, "restart",
        "Ranks on all six nodes fail within ~10 s with EIO / ESHUTDOWN reading dataset shards from /lustre; the two "
        "attached kernel logs show the Lustre client losing and being evicted by OST002a, then reconnecting. A shared "
        "filesystem blip, not a node.", "https://github.com/rwth-i6/returnn/issues/1829"))
    case.add(f"slurm-{jid}.out", ev.text())
    for n, off in (("hpc-gpu-033", 0.0), ("hpc-gpu-036", 0.9)):
        kt = plus(t_err, -21 + off)
        up = 901233.4 + off * 1000
        lines = [
            f"{syslog_stamp(plus(kt, -3600))} {n} kernel: [{up - 3600:.6f}] Lustre: fs1-MDT0000-mdc-ffff9c7e4b6c5800: Connection restored to 10.31.0.10@o2ib (at 10.31.0.10@o2ib)",
            f"{syslog_stamp(kt)} {n} kernel: [{up:.6f}] Lustre: fs1-OST002a-osc-ffff9c7e4b6c5800: Connection to fs1-OST002a (at 10.31.0.42@o2ib) was lost; in progress operations using this service will wait for recovery to complete",
            f"{syslog_stamp(plus(kt, 19))} {n} kernel: [{up + 19.2:.6f}] LustreError: 11-0: fs1-OST002a-osc-ffff9c7e4b6c5800: operation ost_read to node 10.31.0.42@o2ib failed: rc = -107",
            f"{syslog_stamp(plus(kt, 21))} {n} kernel: [{up + 21.0:.6f}] LustreError: 167-0: fs1-OST002a-osc-ffff9c7e4b6c5800: This client was evicted by fs1-OST002a; in progress operations using this service will fail.",
            f"{syslog_stamp(plus(kt, 21))} {n} kernel: [{up + 21.1:.6f}] LustreError: 31288:0:(ldlm_resource.c:1125:ldlm_resource_complain()) fs1-OST002a-osc-ffff9c7e4b6c5800: namespace resource [0x2a0000401:0x1c8e2f:0x0].0x0 (ffff9c8a1e2b7e00) refcount nonzero (1) after lock cleanup; forcing cleanup.",
            f"{syslog_stamp(plus(kt, 74))} {n} kernel: [{up + 74.4:.6f}] Lustre: fs1-OST002a-osc-ffff9c7e4b6c5800: Connection restored to 10.31.0.42@o2ib (at 10.31.0.42@o2ib)",
        ]
        case.add(f"{n}/kern.log", "\n".join(lines) + "\n")
    return case


# --------------------------------------------------------------------------- ba17
def ba17():
    rng = rng_for(17)
    jid = 6610028
    nodes = ["a100-n21", "a100-n22"]
    t0 = T(2025, 4, 2, 0, 12, 3)
    ev = Events()
    ev.add(t0, f"job {jid} start {t0:%Y-%m-%dT%H:%M:%S}  ckpt_dir=/lustre/proj/p40211/ckpt/dit-xl  every 2000 steps")
    ts = plus(t0, 80)
    for s in range(100, 8001, 100):
        tt = plus(ts, s * 1.12 + (40 * (s // 2000)))
        ev.add(tt, lab(0, 1) + f"[default0]:step {s} loss {0.142 - s * 2e-6 + rng.uniform(-.002, .002):.4f} 1.12s/it")
        if s % 2000 == 0 and s < 8000:
            ev.add(plus(tt, 39), lab(0, 1) + f"[default0]:checkpoint step_{s:06d} saved (dcp, 16 ranks, 212.4 GB) in 38.7s")
    tc = plus(ts, 8000 * 1.12 + 160 + 30)
    ev.add(plus(tc, -30), lab(0, 1) + "[default0]:saving checkpoint step_008000 (dcp) ...")
    bad_ranks = list(range(16))
    head = f"CheckpointException ranks:dict_keys({bad_ranks})"
    blk = [
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/home/lwu/dit/train.py", line 611, in <module>',
        "[rank0]:     main()",
        '[rank0]:   File "/home/lwu/dit/train.py", line 575, in main',
        "[rank0]:     dcp.save(state, checkpoint_id=ckpt_path)",
        f'[rank0]:   File "{PY}/torch/distributed/checkpoint/state_dict_saver.py", line 146, in save',
        "[rank0]:     return _save_state_dict(",
        f'[rank0]:   File "{PY}/torch/distributed/checkpoint/state_dict_saver.py", line 300, in _save_state_dict',
        '[rank0]:     central_plan: SavePlan = distW.reduce_scatter("plan", local_step, global_step)',
        f'[rank0]:   File "{PY}/torch/distributed/checkpoint/utils.py", line 227, in all_reduce',
        "[rank0]:     raise result",
        f"[rank0]: torch.distributed.checkpoint.api.{head}",
        "[rank0]: Traceback (most recent call last): (RANK 0)",
        f'[rank0]:   File "{PY}/torch/distributed/checkpoint/filesystem.py", line 322, in _write_files_from_queue',
        "[rank0]:     with create_stream(file_name, \"wb\") as stream:",
        f'[rank0]:   File "{PY}/torch/distributed/checkpoint/filesystem.py", line 496, in create_stream',
        "[rank0]:     with path.open(mode) as stream:",
        "[rank0]: OSError: [Errno 122] Disk quota exceeded: '/lustre/proj/p40211/ckpt/dit-xl/step_008000/__0_0.distcp'",
        "[rank0]: Traceback (most recent call last): (RANK 1)",
        f'[rank0]:   File "{PY}/torch/distributed/checkpoint/filesystem.py", line 330, in _write_files_from_queue',
        "[rank0]:     _write_item(stream, data, write_item, storage_key)",
        "[rank0]: OSError: [Errno 122] Disk quota exceeded",
        "[rank0]: ...",
    ]
    ev.extend(tc, [lab(0, 1) + "[default0]:" + x for x in blk], step=1e-4)
    for r in range(1, 16):
        ni, lr = divmod(r, 8)
        ev.add(plus(tc, .2 + r * .01), lab(ni, 1) + f"[default{lr}]:[rank{r}]: torch.distributed.checkpoint.api.{head}")
    tk = plus(tc, 9)
    for ni, n in enumerate(nodes):
        ev.add(plus(tk, ni), f"srun: error: {n}: task {ni}: Exited with exit code 1")
    case = Case("ba17_checkpoint_at_step_8000_fails_on_all_ranks", label(
        "storage", "infrastructure", None, "stop",
        "Three checkpoints saved fine, then every rank's DCP write fails with EDQUOT; lfs quota shows the project at its "
        "hard block limit. Someone has to free space or raise the quota before a restart can succeed.",
        "https://github.com/open-mmlab/mmdetection/issues/12069"))
    case.add(f"slurm-{jid}.out", ev.text())
    q = [
        "$ lfs quota -h -p 40211 /lustre/proj",
        "Disk quotas for prj 40211 (pid 40211):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "   /lustre/proj  51.2T*    50T  51.2T   6d23h 1830221       0       0       -",
        "",
        "$ du -sh /lustre/proj/p40211/ckpt/dit-xl/*",
        "213G\t/lustre/proj/p40211/ckpt/dit-xl/step_002000",
        "213G\t/lustre/proj/p40211/ckpt/dit-xl/step_004000",
        "213G\t/lustre/proj/p40211/ckpt/dit-xl/step_006000",
        "41G\t/lustre/proj/p40211/ckpt/dit-xl/step_008000",
        "",
    ]
    case.add("lfs_quota.txt", "\n".join(q))
    return case


# --------------------------------------------------------------------------- ba18
def ba18():
    nodes = ["dgx-a07", "dgx-a08", "dgx-a09", "dgx-a10"]
    bi = 2
    jid = 7012388
    t0 = T(2025, 1, 9, 14, 20, 1)
    ev = Events()
    ev.add(t0, f"job {jid}: staging /datasets/speech-v7 (1.21 TB) to node-local /raid/local_cache on each node")
    for ni, n in enumerate(nodes):
        tt = plus(t0, 5 + ni * .1)
        ev.add(tt, lab(ni, 1) + f"[stage] {n}: /raid free before staging: " + ("0.4 TB" if ni == bi else f"{12.9 + ni * .1:.1f} TB"))
    for k, (dt_, gb) in enumerate(((60, 188), (120, 371))):
        for ni, n in enumerate(nodes):
            ev.add(plus(t0, dt_ + ni * .7), lab(ni, 1) + f"[stage] {n}: {gb + ni * 3 - k * ni} GB / 1210 GB copied ({(gb + ni * 3 - k * ni) / 12.1:.0f}%)")
    tf = plus(t0, 131)
    pre = lab(bi, 1)
    blk = [
        "[stage] dgx-a09: copy failed after 402.7 GB",
        "Traceback (most recent call last):",
        '  File "/opt/asr/tools/stage_local.py", line 64, in <module>',
        "    shutil.copyfile(src, dst)",
        '  File "/usr/lib/python3.10/shutil.py", line 267, in copyfile',
        "    _fastcopy_sendfile(fsrc, fdst)",
        '  File "/usr/lib/python3.10/shutil.py", line 156, in _fastcopy_sendfile',
        "    raise err from None",
        '  File "/usr/lib/python3.10/shutil.py", line 142, in _fastcopy_sendfile',
        "    sent = os.sendfile(outfd, infd, offset, blocksize)",
        "OSError: [Errno 28] No space left on device: '/datasets/speech-v7/shards/train-01447.tar' -> '/raid/local_cache/speech-v7/shards/train-01447.tar'",
    ]
    ev.extend(tf, [pre + x for x in blk], step=1e-4)
    ev.add(plus(tf, 1), f"srun: error: {nodes[bi]}: task {bi}: Exited with exit code 1")
    ev.add(plus(tf, 1.1), f"srun: Terminating StepId={jid}.0")
    for ni in range(4):
        if ni != bi:
            ev.add(plus(tf, 1.3 + ni * .01), f"slurmstepd: error: *** STEP {jid}.0 ON {nodes[ni]} CANCELLED AT {plus(tf, 1.3):%Y-%m-%dT%H:%M:%S} ***")
    ev.add(plus(tf, 2), "stage step failed (rc=1); not starting training")
    case = Case("ba18_staging_step_fails_on_one_node_before_training", label(
        "storage", "infrastructure", (nodes[bi], None), "restart_without_node",
        "Only dgx-a09 fails to stage the dataset: ENOSPC on its node-local /raid, which df/du show 97% full with a leftover "
        "cache from an older job. The other three nodes staged 1.21 TB normally.",
        "https://github.com/h2oai/h2o-llmstudio/issues/214"))
    case.add(f"slurm-{jid}.out", ev.text())
    df = [
        f"$ df -h /raid /tmp   # {nodes[bi]}, {plus(tf, 900):%Y-%m-%d %H:%M}",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/md0         14T   14T     0 100% /raid",
        "/dev/nvme0n1p2  1.8T  211G  1.5T  13% /",
        "",
        "$ sudo du -sh /raid/* 2>/dev/null | sort -h | tail -4",
        "9.1G\t/raid/enroot-cache",
        "401G\t/raid/local_cache",
        "13T\t/raid/scratch",
        "",
        "$ ls -l --time-style=long-iso /raid/scratch",
        "total 4",
        "drwxr-x--- 5 pnair ml 4096 2024-12-18 03:11 job_6998112",
        "",
    ]
    case.add(f"{nodes[bi]}/df.txt", "\n".join(df))
    return case


# --------------------------------------------------------------------------- ba19
def ba19():
    rng = rng_for(19)
    pods = ["trn-llm-master-0", "trn-llm-worker-0", "trn-llm-worker-1", "trn-llm-worker-2"]
    svc = "trn-llm-master-0.trn-llm.ml-team.svc.cluster.local"
    t0 = T(2025, 5, 6, 3, 40, 9)
    case = Case("ba19_workers_never_join_rendezvous_pod_logs", label(
        "network", "infrastructure", None, "restart",
        "Every worker pod fails to resolve the master service name (gai error -3, temporary failure in name resolution) until "
        "the rendezvous gives up, while the master waits alone; kube-system shows CoreDNS crash-looping. Cluster DNS, not a node.",
        "https://github.com/pytorch/pytorch/issues/64926"))
    # master
    L = [elastic_new(t0, "I", 1, "torch/distributed/launcher/api.py:188", "Starting elastic_operator with launch configs:"),
         "  entrypoint       : /app/train.py", "  min_nodes        : 4", "  max_nodes        : 4", "  nproc_per_node   : 8",
         "  run_id           : trn-llm", "  rdzv_backend     : c10d", "  rdzv_endpoint    : trn-llm-master-0:23456",
         "  rdzv_configs     : {'timeout': 900, 'is_host': True}", "  max_restarts     : 0", "  monitor_interval : 0.1",
         "  log_dir          : /tmp/torchelastic_h2k9", "  metrics_cfg      : {}", "",
         elastic_new(plus(t0, 1), "I", 1, "torch/distributed/elastic/agent/server/api.py:845", "[default] starting workers for entrypoint: python"),
         elastic_new(plus(t0, 1), "I", 1, "torch/distributed/elastic/agent/server/api.py:662", "[default] Rendezvous'ing worker group")]
    L += [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        f'  File "{PY}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1191, in next_rendezvous',
        "    self._op_executor.run(join_op, deadline, self._get_deadline)",
        f'  File "{PY}/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 676, in run',
        "    raise RendezvousTimeoutError",
        "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
    ]
    case.add(f"{pods[0]}/log.txt", "\n".join(L) + "\n")
    for wi, pod in enumerate(pods[1:]):
        L = [elastic_new(plus(t0, 2 + wi), "I", 1, "torch/distributed/launcher/api.py:188", "Starting elastic_operator with launch configs:"),
             "  rdzv_backend     : c10d", f"  rdzv_endpoint    : {svc}:23456", "  rdzv_configs     : {'timeout': 900}", ""]
        t = plus(t0, 3 + wi)
        n = 0
        while (t - t0).total_seconds() < 890:
            L.append(f"[W{glog_stamp('', t)} socket.cpp:697] [c10d] The IPv4 network addresses of ({svc}, 23456) cannot be retrieved (gai error: -3 - Temporary failure in name resolution).")
            n += 1
            t = plus(t, 1.0 + rng.uniform(0, .05) if n % 10 else 5.0)
        L += [
            elastic_new(t, "E", 1, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1250", f"The node 'trn-llm-worker-{wi}_1_0' has failed to shutdown the rendezvous 'trn-llm' due to an error of type RendezvousConnectionError."),
            "Traceback (most recent call last):",
            f'  File "{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 159, in _create_tcp_store',
            "    store = TCPStore(",
            f"torch.distributed.DistNetworkError: The client socket has timed out after 900000ms while trying to connect to ({svc}, 23456).",
            "",
            "The above exception was the direct cause of the following exception:",
            "",
            "Traceback (most recent call last):",
            '  File "/usr/local/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            f'  File "{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 259, in create_backend',
            "    store = _create_tcp_store(params)",
            f'  File "{PY}/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store',
            "    raise RendezvousConnectionError(",
            "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
        ]
        case.add(f"{pod}/log.txt", "\n".join(L) + "\n")
    kp = [
        "$ kubectl -n ml-team get pods -l training.kubeflow.org/job-name=trn-llm -o wide",
        "NAME               READY   STATUS   RESTARTS   AGE   IP             NODE                   NOMINATED NODE   READINESS GATES",
        "trn-llm-master-0   0/1     Error    0          17m   10.244.7.31    gke-a3-pool-7c1e-q2mz  <none>           <none>",
        "trn-llm-worker-0   0/1     Error    0          17m   10.244.3.17    gke-a3-pool-7c1e-h8sx  <none>           <none>",
        "trn-llm-worker-1   0/1     Error    0          17m   10.244.11.4    gke-a3-pool-7c1e-2kpl  <none>           <none>",
        "trn-llm-worker-2   0/1     Error    0          17m   10.244.5.22    gke-a3-pool-7c1e-w0dd  <none>           <none>",
        "",
        "$ kubectl -n kube-system get pods -l k8s-app=kube-dns",
        "NAME                       READY   STATUS             RESTARTS        AGE",
        "coredns-5d78c9869d-8hqvz   0/1     CrashLoopBackOff   9 (2m41s ago)   41d",
        "coredns-5d78c9869d-tx4nb   0/1     CrashLoopBackOff   9 (3m5s ago)    41d",
        "",
        "$ kubectl -n kube-system logs coredns-5d78c9869d-8hqvz --previous | tail -5",
        "[INFO] plugin/reload: Running configuration SHA512 = 1d6f2a5e1c0ab1e4c7c8d22f7f7b3e0a9",
        "CoreDNS-1.10.1",
        "linux/amd64, go1.20, 055b2c3",
        "[FATAL] plugin/loop: Loop (127.0.0.1:43921 -> :53) detected for zone \".\", see https://coredns.io/plugins/loop#troubleshooting. Query: \"HINFO 3341186250184215826.6931882742081230102.\"",
        "",
    ]
    case.add("kubectl_get_pods.txt", "\n".join(kp))
    return case


# --------------------------------------------------------------------------- ba20
def ba20():
    rng = rng_for(20)
    nodes = ["gpu-d1-040", "gpu-d1-041", "gpu-d1-044", "gpu-d1-045"]
    bi, bl = 2, 3
    br = bi * 8 + bl
    t0 = T(2025, 2, 20, 6, 0, 0)
    L = [json_line({"ts": "2025-02-20T06:00:00.000Z", "event": "rank_map", "world_size": 32,
                    "ranks": {str(r): {"host": nodes[r // 8], "local_rank": r % 8} for r in range(32)}})]
    clock = 0.0
    for s in range(50, 9001, 50):
        slow_factor = 0.0
        if s > 2600:
            slow_factor = min(1.0, (s - 2600) / 400)
        comp = []
        for r in range(32):
            c = 355 + rng.uniform(-4, 4)
            if r == br:
                c *= 1 + 0.74 * slow_factor
            comp.append(round(c, 1))
        step = max(comp) + 48 + rng.uniform(-2, 2)
        wait = [round(step - c - 40, 1) for c in comp]
        clock += 50 * (step + 6) / 1000
        t = plus(t0, 95 + clock)
        rec = {"ts": t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z", "event": "step", "step": s,
               "loss": round(2.3 - s * 5e-5 + rng.uniform(-.01, .01), 4), "step_ms": round(step, 1),
               "mfu": round(0.52 * 403 / step, 3), "compute_ms": comp, "allreduce_wait_ms": wait}
        L.append(json_line(rec))
    case = Case("ba20_mfu_drops_after_step_2600_structured_step_metrics", label(
        "straggler", "infrastructure", (nodes[bi], br), "restart_without_node",
        "From step ~2600 rank 19's compute time rises ~74% while every other rank's allreduce wait grows by the same amount; "
        "rank 19 is gpu-d1-044 local 3, whose GPU (5D:00) nvidia-smi shows at 91 C with HW thermal slowdown active.",
        "https://github.com/mlfoundations/open_clip/issues/703"))
    case.add("metrics.jsonl", "\n".join(L) + "\n")
    q = ["==============NVSMI LOG==============", "",
         "Timestamp                                 : Thu Feb 20 07:41:12 2025",
         "Driver Version                            : 550.127.05", "CUDA Version                              : 12.4", "",
         "Attached GPUs                             : 8"]
    for g in range(8):
        hot = g == bl
        bus = H100_BUS[g][:2].upper()
        q += [
            f"GPU 00000000:{bus}:00.0",
            "    Performance State                     : P0",
            "    Clocks Event Reasons",
            "        Idle                              : Not Active",
            "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : Not Active",
            f"        HW Slowdown                       : {'Active' if hot else 'Not Active'}",
            f"            HW Thermal Slowdown           : {'Active' if hot else 'Not Active'}",
            "            HW Power Brake Slowdown       : Not Active",
            "        Sync Boost                        : Not Active",
            f"        SW Thermal Slowdown               : {'Active' if hot else 'Not Active'}",
            "        Display Clock Setting             : Not Active",
            "    Temperature",
            f"        GPU Current Temp                  : {91 if hot else 58 + g} C",
            "        GPU T.Limit Temp                  : " + ("-4 C" if hot else f"{29 - g} C"),
            "        GPU Shutdown Temp                 : 92 C",
            "        GPU Slowdown Temp                 : 87 C",
            "        GPU Max Operating Temp            : 87 C",
            f"        Memory Current Temp               : {84 if hot else 61 + g} C",
            "    Clocks",
            f"        Graphics                          : {1095 if hot else 1980} MHz",
            f"        SM                                : {1095 if hot else 1980} MHz",
            "        Memory                            : 2619 MHz",
            "    Max Clocks",
            "        Graphics                          : 1980 MHz",
            "        SM                                : 1980 MHz",
            "",
        ]
    case.add(f"{nodes[bi]}/nvidia-smi-q.txt", "\n".join(q))
    return case


CASES = [ba11, ba12, ba13, ba14, ba15, ba16, ba17, ba18, ba19, ba20]
