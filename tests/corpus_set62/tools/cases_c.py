"""Cases bg19-bg26."""

import logkit as L
from jobs import (Bundle, Timeline, agent_start, benign_boot_dmesg, render_dmesg, up_at, H100_BUS, A100_BUS,
                  nvsmi_q_header, nvsmi_q_gpu)
from scen import torchrun_attempt, remote_peer_error, host_ip


def _pyerr(r, frames, exc):
    out = [f"[rank{r}]: Traceback (most recent call last):"]
    for i, (path, line, fn, code) in enumerate(frames):
        out.append(f'[rank{r}]:   File "{path}", line {line}, in {"<module>" if i == 0 else fn}')
        out.append(f"[rank{r}]:     {code}")
    return out + [f"[rank{r}]: {e}" for e in exc]


def _smi_table(t, driver, cuda, rows, name="NVIDIA H100 80GB HBM3"):
    """rows: (idx, bus, mem_used_mib, util, power_w) ; plus processes list appended by caller."""
    out = [f"{t:%a %b %d %H:%M:%S %Y}",
           "+-----------------------------------------------------------------------------------------+",
           f"| NVIDIA-SMI {driver:<16}       Driver Version: {driver:<16} CUDA Version: {cuda:<8} |",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|=========================================+========================+======================|"]
    for idx, bus, mem, util, pw in rows:
        out.append(f"|   {idx}  {name:<26}  On  |   {bus} Off |                    0 |")
        out.append(f"| N/A   {34 + idx % 3}C    P0   {pw:>5}W /  700W |  {mem:>6}MiB /  81559MiB |    {util:>3}%      Default |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    return out


# ---------------------------------------------------------------------------
def bg19():
    b = Bundle("bg19_driver_too_old_on_replacement_node", 119)
    job = "7004512"
    hosts0 = ["sc-gpu-041", "sc-gpu-042", "sc-gpu-043", "sc-gpu-044"]
    t0 = L.at(2024, 5, 29, 21, 0, 4)

    def nvl(t, r, p):
        return [
            f"sc-gpu-043:{p}:{p + 77} [{r - 16}] transport/nvls.cc:157 NCCL WARN Cuda failure 'an illegal memory access was encountered'",
            f"sc-gpu-043:{p}:{p + 77} [{r - 16}] NCCL INFO enqueue.cc:1958 -> 1",
        ] + _pyerr(r, [
            ("/mnt/code/pretrain.py", 402, "<module>", "main()"),
            ("/mnt/code/pretrain.py", 371, "main", "loss.backward()"),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/fsdp/_runtime_utils.py", 1127, "_reduce_grad",
             "dist.reduce_scatter_tensor("),
            ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 4206, "reduce_scatter_tensor",
             "work = group._reduce_scatter_base(output, input, opts)"),
        ], ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled cuda error "
            "(run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
            "ncclUnhandledCudaError: Call to CUDA function failed.",
            "Last error:",
            "Cuda failure 'an illegal memory access was encountered'"])
    crash = dict(host="sc-gpu-043", lr=2, delay=3.3, lines=nvl, exitcode=1,
                 traceback="Traceback (most recent call last):\n    ...\ntorch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, unhandled cuda error")
    a0 = torchrun_attempt(b, hosts=hosts0, t0=t0, entry="/mnt/code/pretrain.py", run_id=job, it_start=14000, it_stop=14630,
                          ms=2120.0, every=10, gbs=512, total=60000, lr0=3e-4, loss0=2.27, loss_slope=1e-5, tflops=361.0,
                          ckpt_every=1000, ckpt_dir="/mnt/ckpt/fsdp-20b", crash=crash, peer_mode="remote", flood_channels=4)
    for h in hosts0:
        b.put(f"attempt_0/{h}/stdout-{job}.{h}.log", a0.logs[h].render())
    boot = L.plus(t0, hours=-77)
    ev = benign_boot_dmesg("sc-gpu-043", H100_BUS, driver="550.54.15")
    up = up_at(boot, a0.crash_t) - 0.6
    ev += [(up, L.xid("0000:3a:00", 74, "NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)", pid=a0.pids["sc-gpu-043"][2])),
           (up + 0.002, L.xid("0000:3a:00", 74, "NVLink: fatal error detected on link 15(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)", pid=a0.pids["sc-gpu-043"][2]))]
    b.put("attempt_0/sc-gpu-043/dmesg.txt", render_dmesg("T", "sc-gpu-043", boot, ev))
    # ---- attempt 1: 043 excluded, a spare swapped in; the spare still runs an old driver
    hosts1 = ["sc-gpu-041", "sc-gpu-042", "sc-gpu-044", "sc-gpu-spare02"]
    t1 = L.plus(a0.end_t, minutes=5)
    a1 = torchrun_attempt(b, hosts=hosts1, t0=t1, entry="/mnt/code/pretrain.py", run_id=job, it_start=0, it_stop=None,
                          crash=None, nccl_flood=False, megatron_startup=False)
    spare = "sc-gpu-spare02"
    for lr in range(8):
        r = 24 + lr
        a1.logs[spare].add(L.plus(t1, seconds=19 + 0.05 * lr), _pyerr(r, [
            ("/mnt/code/pretrain.py", 402, "<module>", "main()"),
            ("/mnt/code/pretrain.py", 298, "main", "torch.cuda.set_device(local_rank)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
            ("/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()"),
        ], ["RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by "
            "downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: "
            "https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]))
    td = L.plus(t1, seconds=22)
    ps = a1.pids[spare]
    a1.logs[spare].add(td, [L.elastic_failed(td, a1.apid[spare], 1, 0, ps[0])])
    root = dict(time=f"{L.plus(t1, seconds=19):%Y-%m-%d_%H:%M:%S}", host=spare, rank=24, local_rank=0, exitcode=1, pid=ps[0],
                error_file=f"/tmp/torchelastic_{job}/{job}_0/attempt_0/0/error.json",
                traceback="Traceback (most recent call last):\n    ...\nRuntimeError: The NVIDIA driver on your system is too old (found version 11040).")
    fails = [dict(time=root["time"], host=spare, rank=24 + i, local_rank=i, exitcode=1, pid=ps[i], traceback="To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html") for i in range(1, 8)]
    a1.logs[spare].add(L.plus(td, seconds=1), L.child_failed_summary("/mnt/code/pretrain.py", fails, root))
    tto = L.plus(t1, seconds=1801 + 18)
    h0 = hosts1[0]
    a1.logs[h0].add(tto, _pyerr(0, [
        ("/mnt/code/pretrain.py", 402, "<module>", "main()"),
        ("/mnt/code/pretrain.py", 301, "main", "dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))"),
        ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 1550, "init_process_group",
         "store, rank, world_size = next(rendezvous_iterator)"),
        ("/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", 275, "_env_rendezvous_handler",
         "store = _create_c10d_store("),
    ], ["torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined."]))
    a1.logs[h0].add(L.plus(tto, seconds=2), [L.elastic_failed(L.plus(tto, seconds=2), a1.apid[h0], 1, 0, a1.pids[h0][0])])
    for h in hosts1:
        b.put(f"attempt_1/{h}/stdout-{job}.{h}.log", a1.logs[h].render())
    tp = L.plus(t1, seconds=-20)
    b.put(f"attempt_1/{spare}/prolog-nvidia-smi.txt", _smi_table(tp, "470.182.03", "11.4", [(i, H100_BUS[i], 0, 0, 68 + i) for i in range(8)]))
    b.put("attempt_1/sc-gpu-041/prolog-nvidia-smi.txt", _smi_table(tp, "550.54.15", "12.4", [(i, H100_BUS[i], 0, 0, 71 + i) for i in range(8)]))
    end0 = L.plus(a0.end_t, seconds=15)
    end1 = L.plus(tto, seconds=30)
    rows = [(job, "fsdp-20b", "h100", L.slurm_ts(L.plus(t0, seconds=-3)), L.slurm_ts(end0), L.elapsed(t0, end0), "REQUEUED", "0:0", "sc-gpu-[041-044]"),
            (job, "fsdp-20b", "h100", L.slurm_ts(L.plus(t1, seconds=-3)), L.slurm_ts(end1), L.elapsed(t1, end1), "FAILED", "1:0", "sc-gpu-[041-042,044],sc-gpu-spare02")]
    b.put("sacct.txt", L.sacct_table(job, rows, fmt_header=f"$ sacct -j {job} -D -X -o JobID,JobName,Partition,Start,End,Elapsed,State,ExitCode,NodeList%40"))
    b.set_label("dependency", "infrastructure", "sc-gpu-spare02", None, "restart_without_node",
                "Attempt 0 ended on an NVLink fatal error (Xid 74) on sc-gpu-043, which was excluded. In the requeue the "
                "spare sc-gpu-spare02 took its place, and all eight of its ranks fail at CUDA init with 'NVIDIA driver on "
                "your system is too old (found version 11040)'; its prolog nvidia-smi shows driver 470.182.03 while the other "
                "nodes run 550.54.15. The other ranks only time out waiting for the 8 missing clients.",
                "https://github.com/NVIDIA/nvidia-docker/issues/400")
    return b


# ---------------------------------------------------------------------------
def bg20():
    b = Bundle("bg20_cuda_oom_same_step_every_restart", 120)
    attempts = [(["g7-001", "g7-002", "g7-003", "g7-004"], L.at(2025, 1, 20, 3, 0, 9)),
                (["g7-009", "g7-010", "g7-014", "g7-015"], L.at(2025, 1, 20, 4, 5, 51)),
                (["g7-002", "g7-021", "g7-022", "g7-030"], L.at(2025, 1, 20, 5, 12, 30))]
    sup = []
    for n, (hosts, t0) in enumerate(attempts):
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="train.py", run_id=f"mm-8b-{n}", it_start=0, it_stop=None,
                             crash=None, flood_channels=4, megatron_startup=False)
        p = lambda tt: f"{tt:%Y-%m-%d %H:%M:%S.%f}"[:-3] + " | INFO     | trainer:"
        h0 = hosts[0]
        tt = L.plus(t0, seconds=88)
        a.logs[h0].add(tt, [f"{p(tt)} resume: loaded checkpoint step 12000 from /data/mm8b/ckpt/step_012000",
                            f"{p(tt)} config: micro_batch=4 grad_accum=4 eval_every=800 eval_micro_batch=16 seq_len=4096 image_tokens=2304"])
        step = 12000
        while step < 12800:
            step += 20
            tt = L.plus(tt, seconds=20 * (2.51 + b.rng.uniform(-0.03, 0.03)))
            a.logs[h0].add(tt, f"{p(tt)} step {step:6d} | loss {1.412 - 0.00002 * (step - 12000) + b.rng.uniform(-0.03, 0.03):.4f} | "
                               f"lr 1.20e-04 | mem_alloc 52.{b.rng.randrange(10, 90)}GB | {2.51 + b.rng.uniform(-0.03, 0.03):.2f}s/step")
        tev = L.plus(tt, seconds=2)
        a.logs[h0].add(tev, f"{p(tev)} step 12800: running evaluation on 512 batches (eval_micro_batch=16)")
        toom = L.plus(tev, seconds=9)
        for j, h in enumerate(hosts):
            chunk = []
            for lr in range(0, 8, 3):
                r = j * 8 + lr
                free = 3.2 + b.rng.uniform(0, 2.5)
                chunk += _pyerr(r, [
                    ("/work/mm8b/train.py", 455, "<module>", "main()"),
                    ("/work/mm8b/train.py", 431, "main", "metrics = evaluate(model, eval_loader, cfg)"),
                    ("/work/mm8b/train.py", 301, "evaluate", "out = model(**batch)"),
                    ("/work/mm8b/mm8b/model.py", 512, "forward", "logits = self.lm_head(hidden).float()"),
                ], [f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB. GPU {lr} has a total capacity of 79.10 GiB "
                    f"of which {free:.2f} GiB is free. Including non-PyTorch memory, this process has {79.10 - free:.2f} GiB memory in use. "
                    f"Of the allocated memory {72.1 - free:.2f} GiB is allocated by PyTorch, and 2.41 GiB is reserved by PyTorch but unallocated. "
                    "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
                    "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"])
            a.logs[h].add(L.plus(toom, seconds=0.2 * j), chunk)
            td = L.plus(toom, seconds=2 + j * 0.2)
            a.logs[h].add(td, [L.elastic_failed(td, a.apid[h], 1, 0, a.pids[h][0])] + L.elastic_sigterm(td, a.apid[h], a.pids[h][1:]))
            root = dict(time=f"{toom:%Y-%m-%d_%H:%M:%S}", host=h, rank=j * 8, local_rank=0, exitcode=1, pid=a.pids[h][0],
                        traceback="Traceback (most recent call last):\n    ...\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB.")
            a.logs[h].add(L.plus(td, seconds=2), L.child_failed_summary("train.py", [], root))
            b.put(f"attempt_{n}/{h}/rank-logs.txt", a.logs[h].render())
        sup.append((t0, hosts, toom))
    lines = []
    for n, (t0, hosts, toom) in enumerate(sup):
        lines += [f"{L.plus(t0, seconds=-30):%Y-%m-%dT%H:%M:%SZ} supervisor: launching attempt {n} on {' '.join(hosts)} (pdsh -w {','.join(hosts)})",
                  f"{L.plus(toom, seconds=20):%Y-%m-%dT%H:%M:%SZ} supervisor: attempt {n} exited rc=1 after {L.elapsed(t0, toom)}",
                  f"{L.plus(toom, seconds=21):%Y-%m-%dT%H:%M:%SZ} supervisor: marking {' '.join(hosts)} suspect=0 (no node health failures)"]
        lines.append(f"{L.plus(toom, seconds=22):%Y-%m-%dT%H:%M:%SZ} supervisor: " +
                     ("requesting a fresh set of 4 hosts from the pool" if n < 2 else "max attempts (3) reached, job marked FAILED"))
    b.put("supervisor.log", lines)
    b.set_label("oom", "framework", None, None, "stop",
                "All three attempts, on three different host sets, resume from step 12000 and hit CUDA OOM on ranks across "
                "every node at the step-12800 evaluation (eval_micro_batch=16, 'this process has' ~75 GiB, no other process "
                "on the GPU). A deterministic OOM at the same step from the job's own evaluation settings is a "
                "configuration problem; restarting will not help.",
                "https://github.com/LikeLy-Journey/SegmenTron/issues/11")
    return b


# ---------------------------------------------------------------------------
def bg21():
    b = Bundle("bg21_hang_after_step_5000_each_attempt", 121)
    attempts = [("3318002", ["hgx-c1-04", "hgx-c1-05", "hgx-c1-06"], L.at(2024, 10, 28, 16, 2, 20)),
                ("3318140", ["hgx-c2-11", "hgx-c2-12", "hgx-c2-19"], L.at(2024, 10, 28, 19, 11, 2))]
    for n, (job, hosts, t0) in enumerate(attempts):
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="train_asr.py", run_id=job, it_start=4000, it_stop=5000,
                             ms=1210.0, every=10, gbs=384, total=100000, lr0=5e-4, loss0=0.88, loss_slope=2e-5, tflops=97.0,
                             ckpt_every=0, crash=None, flood_channels=4, log_host=hosts[0],
                             startup_extra=["TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_FR_DUMP_TEMP_FILE=/scratch/asr/fr/nccl_trace_rank_"])
        tev = L.plus(a.end_t, seconds=1)
        a.logs[hosts[0]].add(tev, ["[step 5000] running validation (world size 24) ...",
                                   f"[step 5000] val_wer=0.0{b.rng.randrange(612, 640)} val_loss=0.{b.rng.randrange(401, 420)}"])
        tto = L.plus(tev, seconds=1800 + 5)
        seq = 91377
        for j, h in enumerate(hosts):
            chunk = []
            for lr in range(8):
                r = j * 8 + lr
                if r == 7:
                    chunk += L.watchdog_timeout(tto, r, seq, optype="ALLREDUCE", numel=6, timeout_ms=1800000, ran_ms=1800021)[:1]
                elif lr in (0, 4):
                    chunk += L.watchdog_timeout(tto, r, seq, optype="BROADCAST", numel=1, timeout_ms=1800000, ran_ms=1800018 + r)[:1]
            chunk.append(L.c10("E", tto, "ProcessGroupNCCL.cpp:1333", None, 211) + " [PG 0 (default_pg) Rank %d] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d." % (j * 8, seq, seq - 1))
            chunk.append(L.c10("E", L.plus(tto, seconds=2), "ProcessGroupNCCL.cpp:1372", None, 877) + " [PG 0 (default_pg) Rank %d] ProcessGroupNCCL dumping nccl trace to /scratch/asr/fr/nccl_trace_rank_%d" % (j * 8, j * 8))
            a.logs[h].add(tto, chunk)
            td = L.plus(tto, seconds=62)
            a.logs[h].add(td, [L.elastic_failed(td, a.apid[h], -6, 0, a.pids[h][0])] + L.elastic_sigterm(td, a.apid[h], a.pids[h][1:]))
            b.put(f"attempt_{n}/{h}/asr-{job}.{h}.out", a.logs[h].render())
        ranks = ", ".join(str(x) for x in range(24))
        others = ", ".join(str(x) for x in range(24) if x != 7)
        b.put(f"attempt_{n}/fr_trace_analysis.txt", [
            f"$ python -m torch.distributed.flight_recorder.fr_trace /scratch/asr/fr -p nccl_trace_rank_   # job {job}",
            "loaded 24 files in 3.1s",
            "built groups, memberships",
            f"Collective {seq} at entry 1412 errors",
            "group info: 0:default_pg",
            "collective: nccl:broadcast",
            "input sizes: [[1]]",
            "output sizes: [[1]]",
            "world size: 24",
            f"expected ranks: {{{ranks}}}",
            "collective state: started",
            "error msg: Culprit rank 7; Error type: COLLECTIVE_TYPE_MISMATCH, Expected collective type: 'nccl:broadcast' does not match found collective type: 'nccl:all_reduce'",
            "collective stack trace:",
            "#0 broadcast_object_list /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:3148",
            "#1 sync_early_stop /work/asr/asr/callbacks.py:77",
            "#2 on_validation_end /work/asr/asr/callbacks.py:91",
            "#3 validate /work/asr/train_asr.py:318",
            "#4 main /work/asr/train_asr.py:402",
            "",
            f"rank 7, entry 1412: nccl:all_reduce, input sizes [[6]], stack:",
            "#0 all_reduce /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:2501",
            "#1 reduce_wer_stats /work/asr/asr/metrics.py:140",
            "#2 log_per_shard_wer /work/asr/asr/metrics.py:166",
            "#3 validate /work/asr/train_asr.py:311",
            "#4 main /work/asr/train_asr.py:402",
            "",
            f"ranks in entry 1412 with nccl:broadcast: {{{others}}}",
        ])
    b.put("sacct.txt", [
        "$ sacct -X -j 3318002,3318140 -o JobID,JobName%12,Start,End,State,ExitCode,NodeList%32",
        "JobID           JobName               Start                 End      State ExitCode                         NodeList",
        "------------ ------------ ------------------- ------------------- ---------- -------- --------------------------------",
        f"3318002        asr-conf-xl 2024-10-28T16:02:16 2024-10-28T17:19:48     FAILED      6:0               hgx-c1-[04-06]",
        f"3318140        asr-conf-xl 2024-10-28T19:10:58 2024-10-28T20:28:31     FAILED      6:0      hgx-c2-[11-12,19]",
    ])
    b.set_label("hang", "script", None, None, "stop",
                "Both submissions, on disjoint node sets, stop right after the step-5000 validation and time out 30 minutes "
                "later on the same collective sequence number 91377. The flight-recorder analysis of both runs says rank 7 "
                "issued an all_reduce (log_per_shard_wer) while the other 23 ranks are in broadcast_object_list "
                "(sync_early_stop): a collective-order mismatch in the training code, not a node.",
                "https://github.com/pytorch/pytorch/issues/140563")
    return b


# ---------------------------------------------------------------------------
def _pyspy_stuck(pid, rank):
    return [
        f"Process {pid}: /usr/bin/python3 -u /shared/mt5/train.py --config cfg/mt5-xxl.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        f"Thread {pid} (active+gil): \"MainThread\"",
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
        "    at::_ops::_local_scalar_dense::call (libtorch_cpu.so)",
        "    at::native::item (libtorch_cpu.so)",
        "    THPVariable_item (libtorch_python.so)",
        "    train_step (/shared/mt5/mt5/loop.py:188)",
        "    train (/shared/mt5/mt5/loop.py:241)",
        "    main (/shared/mt5/train.py:97)",
        "    <module> (/shared/mt5/train.py:104)",
        f"Thread {pid + 412} (idle): \"Thread-3 (_pin_memory_loop)\"",
        "    wait (threading.py:324)",
        "    get (queue.py:180)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)",
    ]


def _pyspy_waiting(pid):
    return [
        f"Process {pid}: /usr/bin/python3 -u /shared/mt5/train.py --config cfg/mt5-xxl.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        f"Thread {pid} (idle): \"MainThread\"",
        "    ncclKernel_AllReduce_RING_LL_Sum_bf16 (libnccl.so.2)",
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    c10d::ProcessGroupNCCL::WorkNCCL::synchronizeStream (libtorch_cuda.so)",
        "    wait (torch/distributed/distributed_c10d.py:2288)",
        "    all_reduce (torch/distributed/distributed_c10d.py:2501)",
        "    _reduce_grads (/shared/mt5/mt5/loop.py:151)",
        "    train_step (/shared/mt5/mt5/loop.py:196)",
        "    train (/shared/mt5/mt5/loop.py:241)",
        "    main (/shared/mt5/train.py:97)",
    ]


def bg22():
    b = Bundle("bg22_training_hangs_again_after_resubmit", 122)
    hosts = ["wn-2a", "wn-2b", "wn-2c", "wn-2d"]
    starts = [(L.at(2024, 7, 9, 1, 20, 0), 30000, 31410), (None, 31000, 33920), (None, 33000, 33170)]
    t_prev = None
    for n, (t0, s0, s_hang) in enumerate(starts):
        t0 = t0 or L.plus(t_prev, minutes=11)
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="/shared/mt5/train.py", run_id=f"mt5-{n}", it_start=s0, it_stop=s_hang,
                             ms=1460.0, every=10, gbs=1024, total=120000, lr0=1e-4, loss0=1.61, loss_slope=2e-6,
                             tflops=140.0, ckpt_every=1000, ckpt_dir="/shared/mt5/ckpt", crash=None, flood_channels=4)
        t_h = L.plus(a.end_t, seconds=1.5)
        t_dump = L.plus(t_h, minutes=15)
        seq = 2_144_300 + 977 * n
        # hang detector fires py-spy on every rank after 15 min without progress
        for j, h in enumerate(hosts):
            a.logs[h].add(t_dump, f"[hangwatch {t_dump:%H:%M:%S}] no step completed for 900s (last step {s_hang}); dumping stacks with py-spy to ./hang_{n}/")
        bad = "wn-2c"
        pb = a.pids[bad]
        b.put(f"attempt_{n}/{bad}/pyspy_rank21.txt", _pyspy_stuck(pb[5], 21))
        b.put(f"attempt_{n}/{bad}/pyspy_rank20.txt", _pyspy_waiting(pb[4]))
        b.put(f"attempt_{n}/wn-2a/pyspy_rank0.txt", _pyspy_waiting(a.pids["wn-2a"][0]))
        b.put(f"attempt_{n}/wn-2d/pyspy_rank31.txt", _pyspy_waiting(a.pids["wn-2d"][7]))
        smi = [f"# {t_dump:%Y-%m-%d %H:%M:%S} hangwatch on wn-2c", "$ nvidia-smi --query-gpu=index,pci.bus_id,utilization.gpu,power.draw,clocks.sm,temperature.gpu --format=csv",
               "index, pci.bus_id, utilization.gpu [%], power.draw [W], clocks.sm [MHz], temperature.gpu"]
        for i in range(8):
            if i == 5:
                smi.append(f"{i}, {H100_BUS[i]}, 100 %, 93.41 W, 1980 MHz, 38")
            else:
                smi.append(f"{i}, {H100_BUS[i]}, 100 %, {118 + b.rng.uniform(0, 9):.2f} W, 1980 MHz, {34 + b.rng.randrange(0, 4)}")
        b.put(f"attempt_{n}/{bad}/hangwatch-nvidia-smi.csv", smi)
        tto = L.plus(t_h, seconds=1800 + 3)
        for j, h in enumerate(hosts):
            chunk = []
            for lr in (0, 5):
                r = j * 8 + lr
                chunk += L.watchdog_timeout(tto, r, seq, optype="ALLREDUCE", numel=268435456, timeout_ms=1800000,
                                            ran_ms=1800000 + b.rng.randrange(5, 60))[:2]
            a.logs[h].add(tto, chunk)
            td = L.plus(tto, seconds=1)
            a.logs[h].add(td, [L.elastic_failed(td, a.apid[h], -6, 0, a.pids[h][0])] + L.elastic_sigterm(td, a.apid[h], a.pids[h][1:]))
            b.put(f"attempt_{n}/{h}/mt5-{n}.{h}.log", a.logs[h].render())
        boot = L.plus(t0, hours=-300 - n)
        b.put(f"attempt_{n}/{bad}/dmesg.txt", render_dmesg("T", bad, boot, benign_boot_dmesg(bad, H100_BUS)))
        t_prev = L.plus(tto, seconds=30)
    b.set_label("hang", "infrastructure", "wn-2c", 21, "run_diagnostics",
                "Three submissions on the same four nodes hang at unrelated steps (31410, 33920, 33170). Each time the hang "
                "watchdog's py-spy shows every rank waiting in the gradient all_reduce except rank 21 (wn-2c, local GPU 5), "
                "which is stuck in cudaStreamSynchronize under .item(); nvidia-smi shows that GPU pinned at 100% at low "
                "power. No Xid or error text: one GPU that provably stops making progress needs diagnostics.",
                "https://github.com/NVIDIA/nccl/issues/1063")
    return b


# ---------------------------------------------------------------------------
def bg23():
    b = Bundle("bg23_slow_iterations_same_host_after_requeue", 123)
    job = "551203"
    attempts = [(["nv-d05", "nv-d06", "nv-d07", "nv-d08"], L.at(2024, 4, 16, 0, 30, 2), 29),
                (["nv-d02", "nv-d08", "nv-d11", "nv-d12"], L.at(2024, 4, 16, 4, 12, 40), 13)]
    rows = []
    for n, (hosts, t0, slow_rank) in enumerate(attempts):
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="pretrain_gpt.py", run_id=job, it_start=52000 + 600 * n, it_stop=None,
                             crash=None, flood_channels=4)
        lh = hosts[-1]
        tt = L.plus(t0, seconds=130)
        it = 52000 + 600 * n
        for k in range(60):
            it += 10
            ms = 2860.0 + b.rng.uniform(-40, 40)
            tt = L.plus(tt, seconds=ms * 10 / 1000)
            a.logs[lh].add(tt, L.megatron_iter(tt, it, 200000, loss=1.98 - 0.000001 * it + b.rng.uniform(-0.02, 0.02), lr=2.2e-4,
                                               ms=ms, gbs=1024, tflops=228.0 + b.rng.uniform(-3, 3), grad_norm=0.2 + b.rng.uniform(-0.02, 0.02)))
            if k % 5 == 4:
                now = f"[{tt:%Y-%m-%d %H:%M:%S}]"
                fast = b.rng.choice([r for r in range(32) if r // 8 != slow_rank // 8])
                a.logs[hosts[0]].add(tt, f"{now} | MnRtt/Rnk: {1590 + b.rng.uniform(0, 20):.2f}ms/{fast} | MxRtt/Rnk: {2790 + b.rng.uniform(0, 60):.2f}ms/{slow_rank} | "
                                        f"MnPwr/Rnk: {301 + b.rng.uniform(0, 9):.2f}W/{slow_rank} | MxPwr/Rnk: {688 + b.rng.uniform(0, 9):.2f}W/{b.rng.randrange(0, 8)} | "
                                        f"MnTmp/Rnk: 39.00C/{slow_rank} | MxTmp/Rnk: 62.00C/{b.rng.randrange(8, 16)} | MnUtl/Rnk: 100.00%/{b.rng.randrange(0, 32)} | "
                                        f"MxUtl/Rnk: 100.00%/{b.rng.randrange(0, 32)} | MnClk/Rnk: {1095 - b.rng.randrange(0, 30):.2f}MHz/{slow_rank} | "
                                        f"MxClk/Rnk: 1980.00MHz/{b.rng.randrange(0, 8)} | MnDRtt/Rnk: 1.{b.rng.randrange(10, 40)}ms/{b.rng.randrange(0, 32)} | "
                                        f"MxDRtt/Rnk: {14 + b.rng.uniform(0, 8):.2f}ms/{b.rng.randrange(0, 32)} | MnEtpt/Rnk: {231 + b.rng.uniform(0, 3):.2f}TF/{slow_rank} | "
                                        f"MxEtpt/Rnk: {402 + b.rng.uniform(0, 4):.2f}TF/{fast}")
        tg = L.plus(tt, seconds=3)
        for h in hosts:
            a.logs[h].add(tg, [f"[throughput-guard] {tg:%Y-%m-%d %H:%M:%S} rank throughput {228.0:.1f} TFLOP/s/GPU is 43% below the "
                               "baseline 401.0 for 30 consecutive minutes; saving and exiting with code 42 (requeue)",
                               L.elastic_failed(L.plus(tg, seconds=40), a.apid[h], 42, 0, a.pids[h][0])])
            b.put(f"attempt_{n}/{h}/gpt-{job}-{n}.{h}.log", a.logs[h].render())
        bad = "nv-d08"
        lr = slow_rank % 8
        qt = L.plus(tg, seconds=5)
        q = [f"$ nvidia-smi -q -d PERFORMANCE,CLOCK,POWER,TEMPERATURE   # throughput-guard on {bad}, {qt:%Y-%m-%d %H:%M:%S}"]
        q += nvsmi_q_header(qt)[1:]
        for i in range(8):
            slow = (i == lr)
            q += nvsmi_q_gpu(idx=i, bus=H100_BUS[i], serial=str(1654922050100 + i), uuid=f"GPU-7a1c{i:04d}-88e2-4c19-b0d3-5e6f7a8b9c{i:02d}",
                             throttle={"hw": slow, "hw_power_brake": slow}, temp=39 if slow else 58 + i % 4,
                             power="304.18 W" if slow else f"{671 + i * 2}.40 W", sm_clock="1080 MHz" if slow else "1980 MHz",
                             mem_used="71233 MiB")
        b.put(f"attempt_{n}/{bad}/nvidia-smi-q-perf.txt", q)
        good = hosts[0]
        q2 = [f"$ nvidia-smi -q -d PERFORMANCE,CLOCK,POWER,TEMPERATURE   # throughput-guard on {good}, {qt:%Y-%m-%d %H:%M:%S}"]
        q2 += nvsmi_q_header(qt)[1:]
        for i in range(8):
            q2 += nvsmi_q_gpu(idx=i, bus=H100_BUS[i], serial=str(1654922060100 + i), uuid=f"GPU-5e0d{i:04d}-1a2b-4c3d-8e9f-0a1b2c3d4e{i:02d}",
                              temp=57 + i % 4, power=f"{668 + i}.90 W", mem_used="71233 MiB")
        b.put(f"attempt_{n}/{good}/nvidia-smi-q-perf.txt", q2)
        end = L.plus(tg, seconds=60)
        nl = "nv-d[05-08]" if n == 0 else "nv-d[02,08,11-12]"
        rows.append((job, "gpt-30b", "h100", L.slurm_ts(L.plus(t0, seconds=-2)), L.slurm_ts(end), L.elapsed(t0, end),
                     "REQUEUED" if n == 0 else "FAILED", "0:0" if n == 0 else "42:0", nl))
    b.put("sacct.txt", L.sacct_table(job, rows, fmt_header=f"$ sacct -j {job} -D -X"))
    b.set_label("straggler", "infrastructure", "nv-d08", None, "restart_without_node",
                "Neither attempt crashes; both run at ~2.86 s/iteration instead of ~1.6 s until the throughput guard exits. "
                "Megatron's straggler report names the slowest rank each time (29, then 13 after the requeue re-placed the "
                "ranks) - in both runs local GPU 5 of nv-d08 - with the lowest clock (~1.08 GHz) and power, and nvidia-smi "
                "on nv-d08 shows HW Slowdown / HW Power Brake Slowdown active on that GPU only.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b


# ---------------------------------------------------------------------------
def _ib_err(host, pid, lr, peer_ip, port, hca, local_ip, nccl_ver="2.21.5"):
    pre = f"{host}:{pid}:{pid + 131} [{lr}]"
    return [
        f"{pre} transport/net_ib.cc:2244 NCCL WARN NET/IB: Got completion from peer {peer_ip}<{port}> with status=12 opcode=0 len=0 "
        f"vendor err 129 (Send) localGid ::ffff:{local_ip} remoteGids::ffff:{peer_ip} hca {hca}",
        f"{pre} NCCL INFO transport/net.cc:1362 -> 6",
        f"{pre} NCCL INFO proxy.cc:726 -> 6",
        f"{pre} NCCL INFO proxy.cc:910 -> 6 [Progress Thread]",
    ]


def _ib_abort(t, rank, peer_ip, port, nccl_ver="2.21.5"):
    head = L.c10("E", t, "ProcessGroupNCCL.cpp:1595", rank, 441)
    return [
        f"{head} [PG 0 (default_pg) Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: remote process "
        f"exited or there was a network error, NCCL version {nccl_ver}",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        "Last error:",
        f"NET/IB: Got completion from peer {peer_ip}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Send)",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
    ]


def bg24():
    b = Bundle("bg24_ib_completion_errors_different_nodes_each_attempt", 124)
    topo = {"leaf-01": ["ib-n01", "ib-n02", "ib-n03", "ib-n04", "ib-n09", "ib-n10"],
            "leaf-02": ["ib-n05", "ib-n06", "ib-n07", "ib-n08", "ib-n11", "ib-n12"]}
    ip = {h: f"10.20.{1 if h in topo['leaf-01'] else 2}.{int(h[-2:])}" for hs in topo.values() for h in hs}
    attempts = [(["ib-n01", "ib-n02", "ib-n03", "ib-n04", "ib-n05", "ib-n06", "ib-n07", "ib-n08"], L.at(2024, 11, 18, 2, 0, 5), "ib-n05", "ib-n07", 6110),
                (["ib-n01", "ib-n02", "ib-n03", "ib-n04", "ib-n06", "ib-n08", "ib-n11", "ib-n12"], L.at(2024, 11, 18, 3, 51, 30), "ib-n06", "ib-n12", 7402),
                (["ib-n01", "ib-n02", "ib-n05", "ib-n07", "ib-n08", "ib-n09", "ib-n10", "ib-n11"], L.at(2024, 11, 18, 6, 2, 11), "ib-n08", "ib-n11", 8177)]
    for n, (hosts, t0, rep, peer, step_fail) in enumerate(attempts):
        s0 = [6000, 7000, 8000][n]
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="pretrain.py", run_id=f"ib{n}", it_start=s0, it_stop=step_fail,
                             ms=2405.0, every=10, gbs=2048, total=80000, lr0=1.5e-4, loss0=1.77, loss_slope=2e-6, tflops=390.0,
                             ckpt_every=1000, ckpt_dir="/vast/ckpt/moe-64e", crash=None, flood_channels=2, ib_ip=ip)
        te = L.plus(a.end_t, seconds=4.2)
        ri = hosts.index(rep)
        lr = (3 + n) % 8
        r = ri * 8 + lr
        port = 40000 + 77 * (n + 1)
        a.logs[rep].add(te, _ib_err(rep, a.pids[rep][lr], lr, ip[peer], port, "mlx5_%d" % (lr // 2), ip[rep]) * 2)
        a.logs[rep].add(L.plus(te, seconds=1.1), _ib_abort(L.plus(te, seconds=1.1), r, ip[peer], port))
        td = L.plus(te, seconds=2.5)
        a.logs[rep].add(td, [L.elastic_failed(td, a.apid[rep], -6, lr, a.pids[rep][lr])] + L.elastic_sigterm(td, a.apid[rep], [x for i, x in enumerate(a.pids[rep]) if i != lr]))
        for j, h in enumerate(hosts):
            if h == rep:
                continue
            tp = L.plus(te, seconds=12 + j * 0.3)
            a.logs[h].add(tp, remote_peer_error(h, a.pids[h][0], 0, j * 8, tp, rep, 45000 + j))
            a.logs[h].add(L.plus(tp, seconds=1), [L.elastic_failed(L.plus(tp, seconds=1), a.apid[h], -6, 0, a.pids[h][0])])
        for h in hosts:
            b.put(f"attempt_{n}/{h}/pretrain-{n}.{h}.log", a.logs[h].render())
        for h in (rep, peer):
            boot = L.plus(t0, hours=-(150 + int(h[-2:])))
            ev = benign_boot_dmesg(h, H100_BUS, hcas=("0000:0c:00.0", "0000:2a:00.0", "0000:3c:00.0", "0000:4d:00.0"))
            b.put(f"attempt_{n}/{h}/dmesg.txt", render_dmesg("up", h, boot, ev))
            b.put(f"attempt_{n}/{h}/ibstat-after.txt", [f"# {L.plus(te, minutes=6):%Y-%m-%d %H:%M:%S} {h}"] + sum(([
                f"CA 'mlx5_{k}'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400",
                f"\t\tBase lid: {100 + int(h[-2:]) * 4 + k}", "\t\tSM lid: 1", "\t\tLink layer: InfiniBand"] for k in range(4)), []))
    b.topology = topo
    b.set_label("network", "infrastructure", None, None, "restart",
                "Each attempt dies on an IB 'completion with status=12 (retry exceeded)' between a different pair of nodes "
                "(n05->n07, n06->n12, n08->n11), every pair behind leaf-02, never the same node twice and never a leaf-01 "
                "pair; none of those nodes logs a link or HCA fault and ibstat shows all ports Active/LinkUp afterwards. A "
                "fabric/switch problem with no single node to blame.",
                "https://github.com/NVIDIA/nccl/issues/1698")
    return b


# ---------------------------------------------------------------------------
def bg25():
    b = Bundle("bg25_ib_completion_error_same_peer_address", 125)
    ips = {}
    attempts = [(["mlx-h03", "mlx-h05", "mlx-h17", "mlx-h18"], L.at(2024, 12, 2, 10, 0, 0), "mlx-h03", 2210),
                (["mlx-h17", "mlx-h19", "mlx-h20", "mlx-h21"], L.at(2024, 12, 2, 11, 31, 7), "mlx-h21", 3044),
                (["mlx-h08", "mlx-h09", "mlx-h12", "mlx-h17"], L.at(2024, 12, 2, 13, 2, 45), "mlx-h09", 3562)]
    boot17 = L.at(2024, 11, 20, 16, 4, 31)
    ev17 = benign_boot_dmesg("mlx-h17", A100_BUS, driver="535.183.06", hcas=("0000:a1:00.0",), ib_names=["ibp161s0"])
    for n, (hosts, t0, rep, step_fail) in enumerate(attempts):
        for h in hosts:
            ips[h] = f"10.12.3.{int(h[-2:])}"
        s0 = [2000, 2000, 3000][n]
        a = torchrun_attempt(b, hosts=hosts, t0=t0, entry="train_t5.py", run_id=f"t5-{n}", it_start=s0, it_stop=step_fail,
                             ms=1780.0, every=10, gbs=512, total=40000, lr0=1e-3, loss0=2.9, loss_slope=1e-4, tflops=120.0,
                             ckpt_every=1000, ckpt_dir="/gpfs/t5/ckpt", crash=None, flood_channels=2, ib_ip=ips)
        te = L.plus(a.end_t, seconds=3.0)
        ri = hosts.index(rep)
        lr = [1, 6, 4][n]
        r = ri * 8 + lr
        port = 52000 + 31 * n
        a.logs[rep].add(te, _ib_err(rep, a.pids[rep][lr], lr, ips["mlx-h17"], port, "mlx5_0", ips[rep]) * 3)
        a.logs[rep].add(L.plus(te, seconds=0.8), _ib_abort(L.plus(te, seconds=0.8), r, ips["mlx-h17"], port))
        td = L.plus(te, seconds=2)
        a.logs[rep].add(td, [L.elastic_failed(td, a.apid[rep], -6, lr, a.pids[rep][lr])] + L.elastic_sigterm(td, a.apid[rep], [x for i, x in enumerate(a.pids[rep]) if i != lr]))
        for j, h in enumerate(hosts):
            if h == rep:
                continue
            tp = L.plus(te, seconds=10 + j)
            a.logs[h].add(tp, remote_peer_error(h, a.pids[h][2], 2, j * 8 + 2, tp, rep, 39000 + j))
            a.logs[h].add(L.plus(tp, seconds=1), [L.elastic_failed(L.plus(tp, seconds=1), a.apid[h], -6, 2, a.pids[h][2])])
        for h in hosts:
            b.put(f"attempt_{n}/{h}/t5-{n}-{h}.log", a.logs[h].render())
        up = up_at(boot17, te) - 2.4
        ev17 += [(up, "mlx5_core 0000:a1:00.0 ibp161s0: Link down"),
                 (up + 0.0001, "mlx5_core 0000:a1:00.0: mlx5_fw_tracer_handle_traces:741:(pid 0): FWTracer: Events were lost"),
                 (up + 6.8, "mlx5_core 0000:a1:00.0 ibp161s0: Link up"),
                 (up + 6.9, "IPv6: ADDRCONF(NETDEV_CHANGE): ibp161s0: link becomes ready")]
        if n == 1:
            tt = L.plus(t0, minutes=37)
            ev17 += [(up_at(boot17, tt), "mlx5_core 0000:a1:00.0 ibp161s0: Link down"),
                     (up_at(boot17, tt) + 4.1, "mlx5_core 0000:a1:00.0 ibp161s0: Link up")]
        cut = up_at(boot17, L.plus(te, minutes=2))
        b.put(f"attempt_{n}/mlx-h17/kern.log", render_dmesg("syslog", "mlx-h17", boot17, [e for e in ev17 if e[0] <= cut]))
        bo = L.plus(t0, hours=-90)
        b.put(f"attempt_{n}/{rep}/kern.log", render_dmesg("syslog", rep, bo, benign_boot_dmesg(rep, A100_BUS, driver="535.183.06", hcas=("0000:a1:00.0",), ib_names=["ibp161s0"])))
    b.set_label("network", "infrastructure", "mlx-h17", None, "restart_without_node",
                "Three attempts, three different reporting nodes (mlx-h03, mlx-h21, mlx-h09), but every NET/IB status=12 "
                "completion error names the same peer 10.12.3.17 - mlx-h17's ib0 address in its NCCL bootstrap lines - and "
                "mlx-h17's kernel log shows its HCA port ibp161s0 going Link down/Link up seconds before each failure. The "
                "accused peer's own NIC is the fault.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return b


# ---------------------------------------------------------------------------
def bg26():
    b = Bundle("bg26_cuda_oom_at_startup_on_one_host_after_restart", 126)
    hosts = ["ws-gpu-10", "ws-gpu-11", "ws-gpu-12", "ws-gpu-13"]
    PST = L.tz(-8)
    # ---- attempt 0: streaming data read from object storage times out on rank 0; a worker on ws-gpu-12 will not die
    t0 = L.at(2025, 1, 6, 9, 15, 40, tzinfo=PST)

    def s3(t, r, p):
        return _pyerr(r, [
            ("/home/ws/llm/train.py", 277, "<module>", "main()"),
            ("/home/ws/llm/train.py", 231, "main", "batch = next(it)"),
            ("/home/ws/.venv/lib/python3.11/site-packages/datasets/iterable_dataset.py", 1388, "__iter__", "for key, example in ex_iterable:"),
            ("/home/ws/.venv/lib/python3.11/site-packages/botocore/httpsession.py", 501, "send", "raise ReadTimeoutError(endpoint_url=request.url, error=e)"),
        ], ["botocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL: "
            "\"https://s3.us-west-2.amazonaws.com/ws-corpora/fineweb-edu/train-01377-of-02048.parquet\""])
    crash = dict(host="ws-gpu-10", lr=0, delay=12.0, lines=s3, exitcode=1,
                 traceback="Traceback (most recent call last):\n    ...\nbotocore.exceptions.ReadTimeoutError: Read timeout on endpoint URL")
    a0 = torchrun_attempt(b, hosts=hosts, t0=t0, entry="train.py", run_id="ws-llm", it_start=8000, it_stop=8740, log_host="ws-gpu-10",
                          ms=1530.0, every=10, gbs=512, total=50000, lr0=3e-4, loss0=2.2, loss_slope=1e-5, tflops=210.0,
                          ckpt_every=1000, ckpt_dir="/mnt/nvme-shared/ckpt", crash=crash, peer_mode="remote", flood_channels=4)
    stuck = a0.pids["ws-gpu-12"][3]
    tk = L.plus(a0.crash_t, seconds=30)
    a0.logs["ws-gpu-12"].add(L.plus(tk, seconds=30), [
        f"{L.glog('W', L.plus(tk, seconds=30), a0.apid['ws-gpu-12'], L.ELASTIC_MP + ':915')} Unable to shutdown process {stuck} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL",
    ])
    for h in hosts:
        b.put(f"attempt_0/{h}/torchrun.log", a0.logs[h].render())
    # ---- attempt 1: supervisor restarts on the same hosts 4 minutes later
    t1 = L.plus(a0.end_t, minutes=4)
    a1 = torchrun_attempt(b, hosts=hosts, t0=t1, entry="train.py", run_id="ws-llm", it_start=0, it_stop=None, crash=None,
                          flood_channels=4, megatron_startup=False)
    toom = L.plus(t1, seconds=74)
    r = 19
    a1.logs["ws-gpu-12"].add(toom, _pyerr(r, [
        ("/home/ws/llm/train.py", 277, "<module>", "main()"),
        ("/home/ws/llm/train.py", 142, "main", "model = FSDP(model, device_id=torch.cuda.current_device(), **fsdp_kwargs)"),
        ("/home/ws/.venv/lib/python3.11/site-packages/torch/distributed/fsdp/fully_sharded_data_parallel.py", 485, "__init__",
         "_init_param_handle_from_module("),
        ("/home/ws/.venv/lib/python3.11/site-packages/torch/distributed/fsdp/_init_utils.py", 614, "_init_param_handle_from_module",
         "_move_module_to_device("),
    ], [f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.11 GiB of which "
        f"1.38 GiB is free. Process {stuck} has 61.69 GiB memory in use. Process {a1.pids['ws-gpu-12'][3]} has 16.02 GiB memory in use. "
        "Of the allocated memory 15.31 GiB is allocated by PyTorch, and 211.42 MiB is reserved by PyTorch but unallocated. If reserved "
        "but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
        "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]))
    td = L.plus(toom, seconds=2)
    p12 = a1.pids["ws-gpu-12"]
    a1.logs["ws-gpu-12"].add(td, [L.elastic_failed(td, a1.apid["ws-gpu-12"], 1, 3, p12[3])] + L.elastic_sigterm(td, a1.apid["ws-gpu-12"], [x for i, x in enumerate(p12) if i != 3]))
    root = dict(time=f"{toom:%Y-%m-%d_%H:%M:%S}", host="ws-gpu-12", rank=19, local_rank=3, exitcode=1, pid=p12[3],
                traceback="Traceback (most recent call last):\n    ...\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3")
    a1.logs["ws-gpu-12"].add(L.plus(td, seconds=2), L.child_failed_summary("train.py", [], root))
    for j, h in enumerate(hosts):
        if h == "ws-gpu-12":
            continue
        tp = L.plus(toom, seconds=600 + j)
        a1.logs[h].add(tp, L.watchdog_timeout(tp, j * 8, 3, optype="_ALLGATHER_BASE", numel=4096, timeout_ms=600000)[:6])
    for h in hosts:
        b.put(f"attempt_1/{h}/torchrun.log", a1.logs[h].render())
    tp = L.plus(t1, seconds=-30)
    smi = _smi_table(tp, "550.127.05", "12.4", [(i, H100_BUS[i], 61690 if i == 3 else 1, 0, 74 + i) for i in range(8)])
    smi += ["",
            "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|",
            f"|    3   N/A  N/A     {stuck:>6}      C   /home/ws/.venv/bin/python3                 61680MiB |",
            "+-----------------------------------------------------------------------------------------+",
            "$ ps -o pid,ppid,stat,etime,wchan:32,cmd -p %d" % stuck,
            "    PID    PPID STAT     ELAPSED WCHAN                            CMD",
            f"  {stuck}       1 Dl       {L.elapsed(t0, tp)} nvidia_dev_release               /home/ws/.venv/bin/python3 -u train.py --cfg cfg/ws-llm-7b.yaml"]
    b.put("attempt_1/ws-gpu-12/preflight-nvidia-smi.txt", smi)
    sup = [f"{L.plus(t0, seconds=-5):%Y-%m-%d %H:%M:%S%z} supervisor: start attempt 0 on ws-gpu-[10-13] via pdsh",
           f"{L.plus(a0.end_t, seconds=5):%Y-%m-%d %H:%M:%S%z} supervisor: attempt 0 exited (rc=1) on ws-gpu-10; torchrun exit codes 1,1,1,1",
           f"{L.plus(a0.end_t, seconds=6):%Y-%m-%d %H:%M:%S%z} supervisor: restart policy on_failure (1/3), backoff 240s",
           f"{L.plus(t1, seconds=-35):%Y-%m-%d %H:%M:%S%z} supervisor: preflight nvidia-smi on all hosts -> saved to preflight-nvidia-smi.txt",
           f"{L.plus(t1, seconds=-5):%Y-%m-%d %H:%M:%S%z} supervisor: start attempt 1 on ws-gpu-[10-13] via pdsh",
           f"{L.plus(toom, seconds=610):%Y-%m-%d %H:%M:%S%z} supervisor: attempt 1 exited (rc=1); torchrun exit codes 1,1,1,1",
           f"{L.plus(toom, seconds=611):%Y-%m-%d %H:%M:%S%z} supervisor: holding further restarts for operator review (2 failures in 30 min)"]
    b.put("supervisor.log", sup)
    b.set_label("oom", "infrastructure", "ws-gpu-12", 19, "restart_without_node",
                "Attempt 0 ended on a transient S3 read timeout on rank 0, but one worker on ws-gpu-12 (pid %d, GPU 3) "
                "survived SIGKILL in uninterruptible sleep. In attempt 1 rank 19 - GPU 3 of ws-gpu-12 - OOMs at FSDP setup "
                "because 'Process %d has 61.69 GiB memory in use', which the preflight nvidia-smi/ps confirm is that "
                "leftover process. The OOM is caused by a foreign process on one node, not by the job's configuration."
                % (stuck, stuck),
                "https://github.com/wandb/wandb/issues/1247")
    return b
