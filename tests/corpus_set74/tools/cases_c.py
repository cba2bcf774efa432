"""Cases bs21-bs30."""

from common import (PY, PYD, dt, plus, iso, iso_t, ms, bracket_ms, syslog_ts, dmesg_T, uptime,
                    glog_new, glog_old, glog_pid, torchrun_banner, agent_line, agent_server_line,
                    child_failed, sig_tb, c10d_frames, bcast_obj_frames, prefix, gloo_closed, gloo_reset,
                    gloo_timeout, nccl_info, nccl_warn, nccl_watchdog, nccl_abort_tail, nccl_init_block,
                    smi_table, healthy_gpus, BUSES8, join, sacct, CONDA_GLOO)


# =====================================================================================
def bs21(rng):
    """Xid 74 NVLink fatal error on one GPU of a 2-node job."""
    name = "bs21_uncorrectable_nvlink_error_then_nccl_errors"
    nodes = ["dgx-h07", "dgx-h08"]
    ips = {"dgx-h07": "10.3.40.7", "dgx-h08": "10.3.40.8"}
    nproc = 8
    t0 = dt(2024, 3, 18, 13, 0, 0)
    t_x = dt(2024, 3, 18, 17, 26, 2, 771000)
    boot = dt(2024, 3, 7, 9, 9, 9)
    files = {}
    bad = "dgx-h08"
    bad_lr = 5
    bad_rank = 13
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1), style="new")]
        pid0 = 61000 + ni * 40
        L += nccl_init_block(n, pid0, 0, ni * 8, 16, ifname="ibp26s0", ip=ips[n])
        L.append(nccl_info(n, pid0, pid0 + 37, 0, "Channel 00/32 :    0   1   2   3   4   5   6   7   8   9  10  11  12  13  14  15"))
        L.append(nccl_info(n, pid0, pid0 + 37, 0, "P2P Chunksize set to 524288"))
        L.append(nccl_info(n, pid0, pid0 + 37, 0, "Channel 00/0 : %d[0] -> %d[1] via P2P/CUMEM/read" % (ni * 8, ni * 8 + 1)))
        if ni == 0:
            t = plus(t0, 100)
            step = 0
            while t < t_x:
                step += 25
                L.append("[%s] [train] step %d, loss %.4f, grad-norm %.3f, %.1f TFLOP/s/GPU" % (iso(t), step, 1.9 - step * 0.00002, 0.7 + rng.random() * 0.2, 388 + rng.random() * 6))
                t = plus(t, 74 + rng.randint(0, 2))
        if n == bad:
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/workspace/nemo_run/train_gpt.py", line 188, in <module>',
                "    trainer.fit(model)",
                '  File "/workspace/nemo_run/step.py", line 77, in training_step',
                "    loss = self.loss_fn(output, batch).float().item()",
                "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ], bad_rank))
            for lr in (4, 6):
                L.append(glog_new("E", plus(t_x, 2.2 + lr * 0.01), 8 + lr, "ProcessGroupNCCL.cpp:1316",
                                  "[PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), "
                                  "NCCL version 2.20.5 ncclUnhandledCudaError: Call to CUDA function failed. Last error: Cuda failure 'peer mapping resources exhausted'" % (8 + lr)))
            tf = plus(t_x, 1.4)
            L.append(glog_pid("E", tf, pid0 - 4, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (bad_lr, pid0 + bad_lr)))
            L.append(child_failed("train_gpt.py", dict(time=tf, host=n, rank=bad_rank, local_rank=bad_lr, exitcode=1, pid=pid0 + bad_lr,
                                                       traceback="RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution"), []))
        else:
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/workspace/nemo_run/step.py", line 91, in training_step',
                "    dist.barrier(group=self.ckpt_gloo_group)",
            ] + c10d_frames("barrier") + [gloo_closed(ips[bad], 50513)], 3))
            tf = plus(t_x, 3.0)
            L.append(glog_pid("E", tf, pid0 - 4, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: 3 (pid: %d) of binary: /usr/bin/python" % (pid0 + 3)))
            L.append(child_failed("train_gpt.py", dict(time=tf, host=n, rank=3, local_rank=3, exitcode=1, pid=pid0 + 3, traceback=gloo_closed(ips[bad], 50513)), []))
        files["%s/torchrun.log" % n] = join(L)
    files["%s/dmesg.txt" % bad] = join([
        "%s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 12028, Non-fatal, Link 33 egress non-posted PRIV error (First)" % uptime(dt(2024, 3, 11, 4, 0, 7), boot),
        "%s NVRM: Xid (PCI:0000:ab:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 3(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (uptime(t_x, boot), 61040 + bad_lr),
        "%s NVRM: Xid (PCI:0000:ab:00): 45, pid=%d, name=python, Ch 00000010" % (uptime(plus(t_x, 0.9), boot), 61040 + bad_lr),
        "%s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Fatal, Link 33 LTSSM Fault Up" % uptime(plus(t_x, 0.0008), boot),
        "%s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Severity 5 Engine instance 33 Sub-engine instance 00" % uptime(plus(t_x, 0.0009), boot),
    ])
    files["%s/nvidia-smi_nvlink_-e_gpu5.txt" % bad] = join([
        "GPU 5: NVIDIA H100 80GB HBM3 (UUID: GPU-1c7a2e01-77b4-4e2d-9b1d-6f0f8d2a1c55)",
        "\t Link 0: Replay Errors: 0",
        "\t Link 0: Recovery Errors: 0",
        "\t Link 0: CRC Errors: 0",
        "\t Link 3: Replay Errors: 1881",
        "\t Link 3: Recovery Errors: 7",
        "\t Link 3: CRC Errors: 40212",
        "\t Link 4: Replay Errors: 0",
        "\t Link 4: Recovery Errors: 0",
        "\t Link 4: CRC Errors: 0",
    ])
    files["%s/nvidia-smi_nvlink_-s_gpu5.txt" % bad] = join([
        "GPU 5: NVIDIA H100 80GB HBM3 (UUID: GPU-1c7a2e01-77b4-4e2d-9b1d-6f0f8d2a1c55)",
        "\t Link 0: 26.562 GB/s",
        "\t Link 1: 26.562 GB/s",
        "\t Link 2: 26.562 GB/s",
        "\t Link 3: <inactive>",
        "\t Link 4: 26.562 GB/s",
    ])
    label = dict(
        category="nvlink", layer="infrastructure", culprit={"node": bad, "rank": bad_rank}, action="restart_without_node",
        rationale="dgx-h08 logs 'Xid ... 74 ... NVLink: fatal error detected on link 3' for the GPU at ab:00 (GPU 5) plus an NVSwitch fatal SXid on the same link; "
                  "rank 13 (local rank 5) fails at that instant with 'uncorrectable NVLink error', link 3 shows thousands of CRC/replay errors and is now inactive. "
                  "The peer-rank NCCL errors and dgx-h07's gloo 'Connection closed' follow from it.",
        modelled_on="https://github.com/MIC-DKFZ/nnUNet/issues/1519",
    )
    return name, files, label


# =====================================================================================
def bs22(rng):
    """Every rank stuck in the same all-reduce; no rank or node stands out."""
    name = "bs22_all_ranks_timeout_in_same_allreduce"
    nodes = ["gpu-m01", "gpu-m02", "gpu-m03", "gpu-m04"]
    nproc = 8
    t0 = dt(2024, 11, 28, 3, 0, 0)
    t_last = dt(2024, 11, 28, 9, 2, 31)
    t_wd = plus(t_last, 1800.6)
    seq = 311877
    files = {}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        pid0 = 8800 + ni * 44
        if ni == 0:
            t = plus(t0, 70)
            step = 0
            while t < t_last:
                step += 50
                L.append("%s | step %d | loss %.4f | %.3f s/step" % (ms(t), step, 1.7 - step * 0.00001 + rng.random() * 0.01, 0.98 + rng.random() * 0.03))
                t = plus(t, 49 + rng.randint(0, 1))
        L.append("%s | heartbeat | rank %d alive, last_step=%d" % (ms(plus(t_last, 600)), ni * 8, 18350))
        L.append("%s | heartbeat | rank %d alive, last_step=%d" % (ms(plus(t_last, 1200)), ni * 8, 18350))
        for lr in range(nproc):
            L.extend(nccl_watchdog(ni * 8 + lr, seq, "ALLREDUCE", 100663296, 1800000, 1800054 + rng.randint(0, 30)))
        L.extend(nccl_abort_tail(ni * 8, seq, "ALLREDUCE", 100663296, 1800000, 1800061))
        tf = plus(t_wd, 2 + ni * 0.3)
        L.append(agent_line(tf, "ERROR", "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
        L.append(child_failed("train.py", dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=-6, pid=pid0, traceback=sig_tb(6, pid0)),
                              [dict(time=tf, host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=-6, pid=pid0 + lr, traceback=sig_tb(6, pid0 + lr)) for lr in range(1, 8)]))
        files["%s/torchrun.log" % n] = join(L)
    # stack dumps for every node: identical positions
    for n in ("gpu-m02", "gpu-m04"):
        P = []
        for lr in range(8):
            P += [
                "Process %d: python3 train.py --cfg cfg/moe_16x2b.yaml" % (8800 + nodes.index(n) * 44 + lr),
                "Thread %d (active): \"MainThread\"" % (8800 + nodes.index(n) * 44 + lr),
                "    synchronize (torch/cuda/__init__.py:792)",
                "    _sync_grads (/app/moe/engine.py:412)",
                "    step (/app/moe/engine.py:455)",
                "    train (/app/train.py:301)",
                "    <module> (/app/train.py:344)",
                "",
            ]
        files["%s/py_spy_dump_all_local_ranks.txt" % n] = join(P)
    files["flight_recorder_summary.txt"] = join([
        "# torch NCCL flight recorder (TORCH_NCCL_TRACE_BUFFER_SIZE=2000) merged across 32 ranks",
        "pg_id=0 collective_seq_id=%d op=allreduce size=100663296 dtype=BFloat16" % seq,
        "  state=scheduled on ranks: 0-31 (32/32)",
        "  state=started   on ranks: 0-31 (32/32)",
        "  state=completed on ranks: none",
        "last fully completed collective on all ranks: seq %d (allreduce)" % (seq - 1),
        "no rank missing from seq %d; no mismatched sizes or op types" % seq,
    ])
    for n in nodes:
        files["%s/dmesg_tail.txt" % n] = join([
            "[%d.%06d] IPv6: ADDRCONF(NETDEV_CHANGE): veth%04x: link becomes ready" % (700000 + rng.randint(0, 9999), rng.randint(0, 999999), rng.randint(0, 65535)),
        ])
        files["%s/ib_port_counters.txt" % n] = join([
            "port_rcv_errors: 0", "port_xmit_discards: 0", "symbol_error: 0", "link_downed: 0", "local_link_integrity_errors: 0",
        ])
    label = dict(
        category="hang", layer="infrastructure", culprit=None, action="restart",
        rationale="All 32 ranks hit the NCCL watchdog on the same ALLREDUCE (SeqNum 311877) after 30 minutes; the flight recorder shows every rank started it and "
                  "none finished, the sampled py-spy stacks are identical, and no node shows an Xid, link or IB counter error. Nothing identifies a culprit, "
                  "so it is an unexplained hang: restart.",
        modelled_on="https://github.com/msr-fiddle/pipedream/issues/39",
    )
    return name, files, label


# =====================================================================================
def bs23(rng):
    """Rank 0 fails to load a checkpoint after a model code change; peers see gloo broadcast errors."""
    name = "bs23_resume_fails_peers_report_connection_closed"
    nodes = ["ml-node-1", "ml-node-2", "ml-node-3"]
    ips = {n: "10.3.0.%d" % (21 + i) for i, n in enumerate(nodes)}
    nproc = 4
    t0 = dt(2024, 12, 9, 10, 3, 0)
    t_err = dt(2024, 12, 9, 10, 5, 12, 310000)
    files = {}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        pid0 = 7700 + ni * 13
        if ni == 0:
            L.append("%s INFO resume: loading /shared/runs/gpt-1b3/ckpt/step_42000/model.pt on rank 0 (map_location=cpu)" % ms(plus(t_err, -31)))
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/shared/code/gpt/train.py", line 251, in <module>',
                "    main()",
                '  File "/shared/code/gpt/train.py", line 198, in main',
                "    start_step = resume(model, optimizer, args.resume)",
                '  File "/shared/code/gpt/ckpt.py", line 44, in resume',
                "    model.load_state_dict(sd[\"model\"])",
                '  File "%s/torch/nn/modules/module.py", line 2189, in load_state_dict' % PY,
                "    raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(",
                "RuntimeError: Error(s) in loading state_dict for GPT:",
                "\tMissing key(s) in state_dict: \"blocks.0.attn.rotary.inv_freq\", \"blocks.1.attn.rotary.inv_freq\", \"blocks.2.attn.rotary.inv_freq\", \"blocks.3.attn.rotary.inv_freq\", ... ",
                "\tUnexpected key(s) in state_dict: \"blocks.0.attn.rope_cache\", \"blocks.1.attn.rope_cache\", \"blocks.2.attn.rope_cache\", \"blocks.3.attn.rope_cache\", ... ",
            ], 0))
            tf = plus(t_err, 0.4)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
            L.append(child_failed("train.py", dict(time=tf, host=n, rank=0, local_rank=0, exitcode=1, pid=pid0,
                                                   error_file="/tmp/torchelastic_0f/gpt_0/attempt_0/0/error.json",
                                                   traceback="RuntimeError: Error(s) in loading state_dict for GPT:\n\tMissing key(s) in state_dict: \"blocks.0.attn.rotary.inv_freq\", ..."),
                                  [dict(time=plus(tf, 0.1), host=n, rank=lr, local_rank=lr, exitcode=1, pid=pid0 + lr,
                                        traceback=gloo_closed(ips[n], 41200 + lr)) for lr in range(1, 4)]))
        for lr in range(nproc):
            r = ni * 4 + lr
            if r == 0:
                continue
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/shared/code/gpt/train.py", line 198, in main',
                "    start_step = resume(model, optimizer, args.resume)",
                '  File "/shared/code/gpt/ckpt.py", line 52, in resume',
                "    dist.broadcast_object_list(payload, src=0, group=cpu_group)",
            ] + bcast_obj_frames() + [gloo_closed(ips["ml-node-1"], 41200 + r)], r))
        if ni > 0:
            tf = plus(t_err, 0.9 + ni * 0.05)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
            mk = lambda lr: dict(time=tf, host=n, rank=ni * 4 + lr, local_rank=lr, exitcode=1, pid=pid0 + lr, traceback=gloo_closed(ips["ml-node-1"], 41200 + ni * 4 + lr))
            L.append(child_failed("train.py", mk(0), [mk(lr) for lr in range(1, 4)]))
        files["%s/torchrun.log" % n] = join(L)
    files["git_log_since_checkpoint.txt"] = join([
        "a81f0c2 2024-12-08 attn: replace RotaryEmbedding(inv_freq buffer) with precomputed rope_cache",
        "77de1b9 2024-12-06 data: bump shard manifest",
        "# checkpoint step_42000 was written 2024-12-07 by commit 77de1b9",
    ])
    label = dict(
        category="user_code", layer="script", culprit=None, action="stop",
        rationale="The first failure is rank 0 at 10:05:12: load_state_dict raises missing 'rotary.inv_freq' and unexpected 'rope_cache' keys because a code "
                  "change renamed the buffer after the checkpoint was written. The louder gloo 'Connection closed by peer' errors in broadcast_object_list on "
                  "ml-node-2 and ml-node-3 only follow rank 0's exit.",
        modelled_on="https://github.com/salesforce/PCL/issues/10",
    )
    return name, files, label


# =====================================================================================
def bs24(rng):
    """A user requirements file pulls NumPy 2 into an image whose torch was built against NumPy 1."""
    name = "bs24_dataloader_workers_fail_numpy_not_available"
    nodes = ["gpu-q11", "gpu-q12"]
    nproc = 8
    t0 = dt(2024, 7, 8, 16, 0, 0)
    files = {}
    files["job_prologue.log"] = join([
        "+ pip install --user -r /home/lab/vision-ssl/requirements.txt",
        "Requirement already satisfied: torch==2.2.2 in /usr/local/lib/python3.10/dist-packages (from -r requirements.txt (line 1)) (2.2.2+cu121)",
        "Collecting numpy>=1.24 (from -r requirements.txt (line 3))",
        "  Downloading numpy-2.0.1-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl (19.5 MB)",
        "Collecting pandas>=2.2.2 (from -r requirements.txt (line 7))",
        "  Downloading pandas-2.2.2-cp310-cp310-manylinux_2_17_x86_64.manylinux2014_x86_64.whl (13.0 MB)",
        "Installing collected packages: numpy, pandas",
        "Successfully installed numpy-2.0.1 pandas-2.2.2",
    ])
    files["requirements.txt"] = join([
        "torch==2.2.2",
        "torchvision==0.17.2",
        "numpy>=1.24",
        "pillow",
        "timm==0.9.16",
        "webdataset",
        "pandas>=2.2.2      # added 2024-07-07 for the new manifest reader",
    ])
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        for lr in range(nproc):
            r = ni * 8 + lr
            if lr < 2:
                L += [
                    "",
                    "A module that was compiled using NumPy 1.x cannot be run in",
                    "NumPy 2.0.1 as it may crash. To support both 1.x and 2.x",
                    "versions of NumPy, modules must be compiled with NumPy 2.0.",
                    "Some module may need to rebuild instead e.g. with 'pybind11>=2.12'.",
                    "",
                    "If you are a user of the module, the easiest solution will be to",
                    "downgrade to 'numpy<2' or try to upgrade the affected module.",
                    "We expect that some modules will need time to support NumPy 2.",
                    "",
                ]
            L.append("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/transformer.py:20: UserWarning: Failed to initialize NumPy: _ARRAY_API not found (Triggered internally at ../torch/csrc/utils/tensor_numpy.cpp:84.)")
            L.append("  device: torch.device = torch.device(torch._C._get_default_device()),  # torch.device('cpu'),")
        for lr in range(nproc):
            r = ni * 8 + lr
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/home/lab/vision-ssl/pretrain.py", line 402, in <module>',
                "    main(args)",
                '  File "/home/lab/vision-ssl/pretrain.py", line 330, in main',
                "    for it, (images, _) in enumerate(loader):",
                '  File "%s/torch/utils/data/dataloader.py", line 1346, in _next_data' % PYD,
                "    return self._process_data(data)",
                '  File "%s/torch/utils/data/dataloader.py", line 1372, in _process_data' % PYD,
                "    data.reraise()",
                '  File "%s/torch/_utils.py", line 722, in reraise' % PYD,
                "    raise exception",
                "RuntimeError: Caught RuntimeError in DataLoader worker process 0.",
                "Original Traceback (most recent call last):",
                '  File "%s/torch/utils/data/_utils/worker.py", line 308, in _worker_loop' % PYD,
                "    data = fetcher.fetch(index)",
                '  File "/home/lab/vision-ssl/data/multicrop.py", line 58, in __call__',
                "    return [torch.from_numpy(np.asarray(v)) for v in views]",
                "RuntimeError: Numpy is not available",
            ], r))
        tf = plus(t0, 95 + ni * 0.2)
        pid0 = 3300 + ni * 17
        L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % pid0))
        mk = lambda lr: dict(time=tf, host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=1, pid=pid0 + lr, traceback="RuntimeError: Caught RuntimeError in DataLoader worker process 0.\nRuntimeError: Numpy is not available")
        L.append(child_failed("pretrain.py", mk(0), [mk(lr) for lr in range(1, 8)]))
        files["%s/torchrun.log" % n] = join(L)
    label = dict(
        category="dependency", layer="script", culprit=None, action="stop",
        rationale="Every rank on both nodes fails the same way ('Numpy is not available' in the DataLoader after the 'compiled using NumPy 1.x cannot be run in "
                  "NumPy 2.0.1' warning). The job prologue shows the user's unpinned requirements.txt (numpy>=1.24, new pandas>=2.2.2) pulling numpy-2.0.1 "
                  "into an image with torch 2.2.2. The user's own requirements are at fault: pin numpy<2.",
        modelled_on="https://github.com/awslabs/awsome-distributed-ai/pull/458",
    )
    return name, files, label


# =====================================================================================
def bs25(rng):
    """Checkpoint upload to the shared object store fails on every node while its load balancer is down."""
    name = "bs25_checkpoint_upload_errors_then_gloo_barrier_failures"
    nodes = ["wk-01", "wk-02", "wk-03", "wk-04", "wk-05", "wk-06", "wk-07"]
    ips = {n: "10.90.3.%d" % (1 + i) for i, n in enumerate(nodes)}
    nproc = 8
    t0 = dt(2024, 5, 3, 18, 0, 0)
    t_ck = dt(2024, 5, 4, 2, 14, 3)
    files = {}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1), style="new")]
        pid0 = 5100 + ni * 19
        if ni == 0:
            t = plus(t0, 100)
            step = 0
            while t < t_ck:
                step += 200
                L.append("%s [INFO] train: step=%d loss=%.4f" % (ms(t), step, 2.2 - step * 0.000009))
                t = plus(t, 591 + rng.randint(0, 6))
            L.append("%s [INFO] ckpt: step=30000 local rank 0 of each node uploads its DCP shard to s3://ckpt/run-44/step_30000/ (endpoint http://minio.ml-storage.svc:9000)" % ms(t_ck))
        te = plus(t_ck, 61.5 + ni * 0.4)
        L.append("%s [WARNING] botocore.endpoint: Retrying request to http://minio.ml-storage.svc:9000/ckpt/run-44/step_30000/__%d_0.distcp (attempt 4/5)" % (ms(plus(te, -20)), ni))
        L.extend(prefix([
            "Traceback (most recent call last):",
            '  File "/app/ckpt/s3_writer.py", line 118, in upload_shard',
            "    self.client.upload_file(local_path, self.bucket, key, Config=self.tx_cfg)",
            '  File "%s/boto3/s3/inject.py", line 145, in upload_file' % PYD,
            "    return transfer.upload_file(",
            '  File "%s/s3transfer/futures.py", line 103, in result' % PYD,
            "    return self._coordinator.result()",
            '  File "%s/botocore/httpsession.py", line 493, in send' % PYD,
            "    raise EndpointConnectionError(endpoint_url=request.url, error=e)",
            "botocore.exceptions.EndpointConnectionError: Could not connect to the endpoint URL: \"http://minio.ml-storage.svc:9000/ckpt/run-44/step_30000/__%d_0.distcp?uploads\"" % ni,
        ], ni * 8))
        for lr in (1, 2):
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/app/ckpt/s3_writer.py", line 131, in finish',
                "    dist.barrier(group=self.gloo_group)",
            ] + c10d_frames("barrier") + [gloo_closed(ips[nodes[(ni + 1) % 7]], 30000 + ni * 8 + lr)], ni * 8 + lr))
        tf = plus(te, 0.6)
        L.append(glog_pid("E", tf, pid0 - 2, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % pid0))
        L.append(child_failed("train.py", dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=1, pid=pid0,
                                               traceback="botocore.exceptions.EndpointConnectionError: Could not connect to the endpoint URL: \"http://minio.ml-storage.svc:9000/ckpt/run-44/step_30000/__%d_0.distcp?uploads\"" % ni), []))
        files["%s/torchrun.log" % n] = join(L)
    files["storage_events.log"] = join([
        "%sZ minio-lb  WARN  health check failed for 4/4 backends (HTTP 000, connect timeout)" % iso_t(plus(t_ck, -31)),
        "%sZ minio-lb  ERROR all backends down; rejecting connections on :9000" % iso_t(plus(t_ck, -30)),
        "%sZ ops-bot   INC-5512 opened: object store unavailable (all tenants)" % iso_t(plus(t_ck, 60)),
        "%sZ minio-lb  INFO  backends healthy 4/4" % iso_t(plus(t_ck, 1030)),
        "%sZ ops-bot   INC-5512 resolved: LB config push reverted" % iso_t(plus(t_ck, 1100)),
    ])
    label = dict(
        category="storage", layer="infrastructure", culprit=None, action="restart",
        rationale="All seven nodes' uploaders fail at the step-30000 checkpoint with botocore EndpointConnectionError to the same MinIO endpoint, and the storage "
                  "event log shows the object store's load balancer rejecting all connections during that window, later resolved. The gloo barrier "
                  "closures are consequences. A transient shared-service outage: restart.",
        modelled_on="https://github.com/sillsdev/silnlp/issues/565",
    )
    return name, files, label


# =====================================================================================
def bs26(rng):
    """Project quota on Lustre is full; rank 0 cannot write the checkpoint."""
    name = "bs26_rank0_checkpoint_write_fails_others_barrier_closed"
    nodes = ["hpc-l01", "hpc-l02", "hpc-l03", "hpc-l04"]
    ips = {n: "10.11.6.%d" % (1 + i) for i, n in enumerate(nodes)}
    nproc = 4
    t0 = dt(2024, 4, 25, 0, 30, 0)
    t_err = dt(2024, 4, 25, 7, 58, 40, 901000)
    files = {}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        pid0 = 11900 + ni * 7
        if ni == 0:
            t = plus(t0, 50)
            step = 0
            while t < t_err:
                step += 100
                L.append("%s INFO [trainer] step %d loss %.4f" % (ms(t), step, 0.8 - step * 0.000005))
                t = plus(t, 301 + rng.randint(0, 3))
            L.append("%s INFO [trainer] saving checkpoint step 9000 -> /lustre/proj/p2231/runs/esm-650m/ckpt/step_9000.pt" % ms(plus(t_err, -19)))
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/lustre/proj/p2231/code/esm/train.py", line 390, in <module>',
                "    main()",
                '  File "/lustre/proj/p2231/code/esm/train.py", line 355, in main',
                "    torch.save(state, path)",
                '  File "%s/torch/serialization.py", line 627, in save' % PY,
                "    with _open_zipfile_writer(f) as opened_zipfile:",
                '  File "%s/torch/serialization.py", line 475, in __exit__' % PY,
                "    self.file_like.write_end_of_file()",
                "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 3911467008 vs 3911466896",
                "",
                "During handling of the above exception, another exception occurred:",
                "",
                "Traceback (most recent call last):",
                '  File "/lustre/proj/p2231/code/esm/train.py", line 355, in main',
                "    torch.save(state, path)",
                "OSError: [Errno 122] Disk quota exceeded",
            ], 0))
            tf = plus(t_err, 0.5)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
            L.append(child_failed("train.py", dict(time=tf, host=n, rank=0, local_rank=0, exitcode=1, pid=pid0, traceback="OSError: [Errno 122] Disk quota exceeded"), []))
        else:
            for lr in range(nproc):
                r = ni * 4 + lr
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/lustre/proj/p2231/code/esm/train.py", line 359, in main',
                    "    dist.barrier(group=gloo_pg)",
                ] + c10d_frames("barrier") + [gloo_closed(ips["hpc-l01"], 52000 + r)], r))
            tf = plus(t_err, 1.2 + ni * 0.1)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
            L.append(child_failed("train.py", dict(time=tf, host=n, rank=ni * 4, local_rank=0, exitcode=1, pid=pid0, traceback=gloo_closed(ips["hpc-l01"], 52000 + ni * 4)), []))
        files["%s/torchrun.log" % n] = join(L)
    files["lfs_quota.txt"] = join([
        "$ lfs quota -h -p 2231 /lustre",
        "Disk quotas for prj 2231 (pid 2231):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre    100T*    95T    100T       -  8102331       0       0       -",
        "$ lfs df -h /lustre | tail -1",
        "filesystem_summary:         4.1P        2.7P        1.4P  66% /lustre",
    ])
    label = dict(
        category="storage", layer="infrastructure", culprit=None, action="stop",
        rationale="Rank 0 fails writing step_9000.pt with 'OSError: [Errno 122] Disk quota exceeded'; lfs quota shows project 2231 at its 100T hard limit "
                  "while the filesystem itself is only 66% full. The other nodes' gloo barrier errors follow. A quota problem on shared storage will not "
                  "clear on its own: stop until space is freed.",
        modelled_on="https://github.com/open-mmlab/mmdetection/issues/12069",
    )
    return name, files, label


# =====================================================================================
def bs27(rng):
    """Non-finite gradients first appear on the same node's GPU 2 in two attempts with different node sets."""
    name = "bs27_nan_gradients_return_after_requeue"
    files = {}
    attempts = [
        ("attempt_1", ["gpu-g03", "gpu-g04", "gpu-g05", "gpu-g06", "gpu-g07"], dt(2024, 8, 20, 1, 0, 0), dt(2024, 8, 20, 9, 13, 40), 0),
        ("attempt_2", ["gpu-g05", "gpu-g08", "gpu-g09", "gpu-g10", "gpu-g11"], dt(2024, 8, 20, 11, 2, 0), dt(2024, 8, 20, 14, 51, 7), 7000),
    ]
    for ai, (ad, nodes, t0, t_nan, resume_step) in enumerate(attempts):
        gi = nodes.index("gpu-g05")
        bad_rank = gi * 8 + 2
        for ni, n in enumerate(nodes):
            L = [torchrun_banner(plus(t0, 1), style="new")]
            pid0 = 30100 + ni * 29 + ai * 500
            if ni == 0:
                if ai == 1:
                    L.append("[%s] resumed from /ckpt/llm34b/step_%d (last checkpoint before the NaN)" % (iso(plus(t0, 200)), resume_step))
                t = plus(t0, 240)
                step = resume_step if ai else 0
                while t < t_nan:
                    step += 20
                    L.append("[%s] step %d loss %.4f grad_norm %.3f" % (iso(t), step, 1.61 - step * 0.000004 + rng.random() * 0.005, 0.31 + rng.random() * 0.05))
                    t = plus(t, 79 + rng.randint(0, 2))
            if n == "gpu-g05":
                L.append("[%s] [rank%d] grad_check: non-finite values in local gradients before all-reduce: 412 tensors (first: layers.%d.mlp.w2.weight, max |g|=inf)"
                         % (iso(t_nan), bad_rank, 17 if ai == 0 else 31))
            L.append("[%s] [rank%d] grad_check: all-reduced gradient contains NaN (propagated from rank %d); skipping optimizer step" % (iso(plus(t_nan, 0.4)), ni * 8, bad_rank))
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/opt/llm/train.py", line 512, in <module>',
                "    main()",
                '  File "/opt/llm/train.py", line 466, in main',
                "    guard.after_step(step)",
                '  File "/opt/llm/guards.py", line 61, in after_step',
                "    raise RuntimeError(f\"{self.bad_steps} consecutive non-finite steps, first bad rank(s): {self.first_bad}\")",
                "RuntimeError: 3 consecutive non-finite steps, first bad rank(s): [%d]" % bad_rank,
            ], ni * 8))
            tf = plus(t_nan, 240 + ni * 0.1)
            L.append(glog_pid("E", tf, pid0 - 3, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % pid0))
            L.append(child_failed("train.py", dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=1, pid=pid0,
                                                   traceback="RuntimeError: 3 consecutive non-finite steps, first bad rank(s): [%d]" % bad_rank), []))
            files["%s/%s/torchrun.log" % (ad, n)] = join(L)
        files["%s/slurm-%d.out" % (ad, 612000 + ai)] = join([
            "Nodes: %s" % ",".join(nodes),
            "rank->host map: " + ", ".join("%d-%d:%s" % (i * 8, i * 8 + 7, n) for i, n in enumerate(nodes)),
        ] + ["srun: error: %s: task %d: Exited with exit code 1" % (n, i) for i, n in enumerate(nodes)])
    files["attempt_2/gpu-g05/dcgmi_diag_r3.txt"] = join([
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.5                                          |",
        "| Driver Version Detected   | 550.54.15                                      |",
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
        "| Diagnostic                | Pass - GPUs: 0, 1, 3, 4, 5, 6, 7               |",
        "|                           | Fail - GPU: 2                                  |",
        "| Warning                   | GPU 2 Error using CUDA API cudaDeviceSynchroni |",
        "|                           | ze. Check DCGM and system logs for errors. Res |",
        "|                           | et GPU. Restart DCGM. Rerun diagnostics. '     |",
        "|                           | GPU 2: 37 miscompares in GEMM result validatio |",
        "|                           | n (expected vs. reference) during stress       |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - All                                     |",
        "| Targeted Power            | Pass - All                                     |",
        "| Memory Bandwidth          | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+",
    ])
    files["attempt_2/gpu-g05/nvidia-smi-q_ecc_gpu2.txt"] = join([
        "GPU 00000000:3A:00.0",
        "    ECC Errors",
        "        Volatile",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "    Remapped Rows",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
    ])
    label = dict(
        category="gpu_hardware", layer="infrastructure", culprit={"node": "gpu-g05", "rank": None}, action="restart_without_node",
        rationale="In both attempts the first non-finite local gradients come from GPU 2 of gpu-g05 (rank 18 in attempt 1, rank 2 in attempt 2), although the "
                  "other four nodes changed and the run resumed from a clean checkpoint; dcgmi diag -r 3 on gpu-g05 then fails GPU 2 with GEMM miscompares "
                  "while ECC counters stay clean, i.e. silent data corruption. The NaN follows the hardware, not the recipe.",
        modelled_on="https://github.com/pytorch/torchtitan/issues/951",
    )
    return name, files, label


# =====================================================================================
def bs28(rng):
    """One node loses power (second PSU fails while the first was already dead); peers time out."""
    name = "bs28_node_stops_logging_peers_watchdog_and_gloo_timeouts"
    nodes = ["gpu-h01", "gpu-h02", "gpu-h03", "gpu-h04", "gpu-h05"]
    ips = {n: "10.14.2.%d" % (1 + i) for i, n in enumerate(nodes)}
    nproc = 8
    t0 = dt(2024, 4, 2, 14, 0, 0)
    t_off = dt(2024, 4, 2, 22, 47, 9)
    files = {}
    bad = "gpu-h03"
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        pid0 = 19000 + ni * 52
        if ni == 0:
            t = plus(t0, 100)
            step = 0
            while t < t_off:
                step += 100
                L.append("%s [INFO] step=%d loss=%.4f tok/s=%d" % (ms(t), step, 2.0 - step * 0.000007, 910000 + rng.randint(-3000, 3000)))
                t = plus(t, 262 + rng.randint(0, 4))
        if n == bad:
            L.append("%s [INFO] local heartbeat ok (ranks 16-23)" % ms(plus(t_off, -42)))
            files["%s/torchrun.log" % n] = join(L)
            continue
        if ni in (1, 4):
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/srv/train/monitor.py", line 40, in _heartbeat',
                "    dist.all_reduce(self._beat, group=self._gloo)",
            ] + c10d_frames("all_reduce") + [gloo_timeout(300000, "recv")], ni * 8 + 7))
        for lr in range(nproc):
            L.extend(nccl_watchdog(ni * 8 + lr, 77120, "ALLREDUCE", 201326592, 600000, 600017 + rng.randint(0, 40)))
        L.extend(nccl_abort_tail(ni * 8, 77120, "ALLREDUCE", 201326592, 600000, 600021))
        tf = plus(t_off, 604 + ni * 0.2)
        L.append(agent_line(tf, "ERROR", "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
        L.append(child_failed("train.py", dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=-6, pid=pid0, traceback=sig_tb(6, pid0)),
                              [dict(time=tf, host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=-6, pid=pid0 + lr, traceback=sig_tb(6, pid0 + lr)) for lr in range(1, 8)]))
        files["%s/torchrun.log" % n] = join(L)
    files["%s/bmc_sel.txt" % bad] = join([
        "   4e | 03/14/2024 | 09:12:40 | Power Supply PSU2_Status | Failure detected | Asserted",
        "   4f | 03/14/2024 | 09:12:40 | Power Unit PSU_Redundancy | Redundancy Lost | Asserted",
        "   61 | 04/02/2024 | 22:47:09 | Power Supply PSU1_Status | Failure detected | Asserted",
        "   62 | 04/02/2024 | 22:47:09 | Power Supply PSU1_Status | Power Supply AC lost | Asserted",
        "   63 | 04/02/2024 | 22:47:09 | System ACPI Power State ACPI_State | S5/G2: soft-off | Asserted",
        "   64 | 04/02/2024 | 23:31:55 | System ACPI Power State ACPI_State | S0/G0: working | Asserted",
    ])
    files["slurmctld_excerpt.log"] = join([
        "[2024-04-02T22:52:12.302] error: Nodes gpu-h03 not responding",
        "[2024-04-02T22:53:52.004] error: Nodes gpu-h03 not responding, setting DOWN",
        "[2024-04-02T22:53:52.006] Killing JobId=99120 on failed node gpu-h03",
        "[2024-04-02T22:53:52.007] _job_complete: JobId=99120 WTERMSIG 9",
    ])
    files["sacct.txt"] = sacct([
        ("99120", "llm-cpt", "gpu", "pretrain", "640", "NODE_FAIL", "0:0"),
        ("99120.batch", "batch", "", "pretrain", "128", "CANCELLED", "0:15"),
        ("99120.0", "torchrun", "", "pretrain", "640", "CANCELLED", "0:9"),
    ])
    label = dict(
        category="host", layer="infrastructure", culprit={"node": bad, "rank": None}, action="restart_without_node",
        rationale="gpu-h03's log simply ends at 22:46; its BMC SEL shows PSU2 failed back in March (redundancy lost) and PSU1 failed at 22:47:09 with the host "
                  "dropping to S5 soft-off, and slurmctld marks it not responding and the job NODE_FAIL. The NCCL watchdog and gloo heartbeat timeouts on "
                  "the other four nodes start ten minutes later. Replace the PSUs before using gpu-h03 again.",
        modelled_on="https://github.com/ArjunaCluster/ArjunaUsers/issues/51",
    )
    return name, files, label


# =====================================================================================
def bs29(rng):
    """Xid 48 double-bit ECC on a V100 during checkpoint coordination."""
    name = "bs29_ecc_error_on_one_rank_during_checkpoint_broadcast"
    nodes = ["gn-031", "gn-032", "gn-033"]
    ips = {n: "10.0.31.%d" % (31 + i) for i, n in enumerate(nodes)}
    nproc = 4
    buses = ["0000:1b:00", "0000:1c:00", "0000:3d:00", "0000:3e:00"]
    t0 = dt(2024, 2, 11, 8, 0, 0)
    t_x = dt(2024, 2, 11, 13, 30, 4, 120000)
    boot = dt(2024, 1, 30, 12, 0, 1)
    files = {}
    bad = "gn-032"
    bad_lr = 1
    bad_rank = 5
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        pid0 = 2210 + ni * 11
        if ni == 0:
            t = plus(t0, 60)
            ep = 0
            while t < plus(t_x, -30):
                ep += 1
                L.append("%s - INFO - epoch %d train_loss %.4f val_mAP %.4f" % (ms(t), ep, 1.2 - ep * 0.004, 0.31 + ep * 0.0012))
                t = plus(t, 196 + rng.randint(0, 3))
            L.append("%s - INFO - epoch %d: new best val_mAP, rank 0 gathering EMA weights and broadcasting checkpoint metadata (gloo)" % (ms(plus(t_x, -2)), ep))
        if n == bad:
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/home/det/train_det.py", line 288, in <module>',
                "    main()",
                '  File "/home/det/train_det.py", line 255, in main',
                "    ema_state = {k: v.detach().cpu() for k, v in ema.state_dict().items()}",
                '  File "/home/det/train_det.py", line 255, in <dictcomp>',
                "    ema_state = {k: v.detach().cpu() for k, v in ema.state_dict().items()}",
                "RuntimeError: CUDA error: uncorrectable ECC error encountered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ], bad_rank))
            tf = plus(t_x, 0.9)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /home/det/env/bin/python" % (bad_lr, pid0 + bad_lr)))
            L.append(child_failed("train_det.py", dict(time=tf, host=n, rank=bad_rank, local_rank=bad_lr, exitcode=1, pid=pid0 + bad_lr,
                                                       traceback="RuntimeError: CUDA error: uncorrectable ECC error encountered"), []))
        else:
            for lr in range(nproc):
                r = ni * 4 + lr
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/home/det/train_det.py", line 259, in main',
                    "    dist.broadcast_object_list(meta, src=0, group=gloo_group)",
                ] + bcast_obj_frames() + [gloo_closed(ips[bad], 36100 + r, src=CONDA_GLOO)], r))
            tf = plus(t_x, 1.6 + ni * 0.1)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /home/det/env/bin/python" % pid0))
            L.append(child_failed("train_det.py", dict(time=tf, host=n, rank=ni * 4, local_rank=0, exitcode=1, pid=pid0,
                                                       traceback=gloo_closed(ips[bad], 36100 + ni * 4, src=CONDA_GLOO)), []))
        files["%s/torchrun.log" % n] = join(L)
    files["%s/dmesg.txt" % bad] = join([
        "%s NVRM: Xid (PCI:%s): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (uptime(t_x, boot), buses[bad_lr], 2221 + bad_lr),
        "%s NVRM: Xid (PCI:%s): 45, pid=%d, name=python, Ch 00000010" % (uptime(plus(t_x, 0.8), boot), buses[bad_lr], 2221 + bad_lr),
    ])
    files["%s/nvidia-smi-q_gpu1.txt" % bad] = join([
        "GPU 00000000:1C:00.0",
        "    Product Name                          : Tesla V100-SXM2-32GB",
        "    ECC Errors",
        "        Volatile",
        "            Single Bit",
        "                Device Memory             : 3",
        "                Total                     : 3",
        "            Double Bit",
        "                Device Memory             : 1",
        "                Total                     : 1",
        "        Aggregate",
        "            Single Bit",
        "                Device Memory             : 3",
        "            Double Bit",
        "                Device Memory             : 1",
        "    Retired Pages",
        "        Single Bit ECC                    : 0",
        "        Double Bit ECC                    : 1",
        "        Pending Page Blacklist            : Yes",
    ])
    label = dict(
        category="gpu_memory", layer="infrastructure", culprit={"node": bad, "rank": bad_rank}, action="restart_without_node",
        rationale="At 13:30:04 gn-032 logs Xid 48 (uncorrectable double-bit ECC in the framebuffer) for GPU 1 at 1c:00, and rank 5 (local rank 1) dies at once "
                  "with 'uncorrectable ECC error encountered'; nvidia-smi -q shows a volatile DBE and a page retirement still pending. The gloo "
                  "broadcast_object_list failures on gn-031/gn-033 point at gn-032's address.",
        modelled_on="https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194",
    )
    return name, files, label


# =====================================================================================
def bs30(rng):
    """PyTorchJob hits activeDeadlineSeconds; pods are terminated mid-epoch."""
    name = "bs30_pods_terminated_mid_epoch_job_marked_failed"
    pods = ["bert-pt-master-0", "bert-pt-worker-0", "bert-pt-worker-1", "bert-pt-worker-2"]
    nodes = ["aks-gpu-12345678-vmss000004", "aks-gpu-12345678-vmss000007", "aks-gpu-12345678-vmss00000a", "aks-gpu-12345678-vmss00000c"]
    ips = {p: "10.244.%d.%d" % (3 + i, 17 + i) for i, p in enumerate(pods)}
    nproc = 4
    t0 = dt(2024, 10, 7, 6, 15, 3)
    t_dl = plus(t0, 86400)
    files = {}
    for i, (p, n) in enumerate(zip(pods, nodes)):
        L = [torchrun_banner(plus(t0, 9))]
        if i == 0:
            t = plus(t0, 120)
            step = 0
            while t < t_dl:
                step += 500
                L.append("%s - INFO - epoch %.2f step %d mlm_loss %.4f" % (ms(t), step / 62000.0, step, 2.4 - step * 0.0000045 + rng.random() * 0.01))
                t = plus(t, 480 + rng.randint(0, 9))
        tt = plus(t_dl, 0.6 + i * 0.1)
        L.append(agent_line(tt, "WARNING", "Received Signals.SIGTERM death signal, shutting down workers"))
        for lr in range(nproc):
            L.append(agent_line(plus(tt, 0.01), "WARNING", "Sending process %d closing signal SIGTERM" % (120 + lr)))
        if i in (2, 3):
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/workspace/bert/run_pretraining.py", line 610, in train',
                "    dist.all_reduce(local_stats, group=stats_group)",
            ] + c10d_frames("all_reduce") + [gloo_closed(ips["bert-pt-master-0"], 38811 + i)], i * 4 + 1))
        L.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15")
        files["%s/pod_%s.log" % (n, p)] = join(L)
    files["kubectl_describe_pytorchjob.txt"] = join([
        "Name:         bert-pt",
        "Namespace:    nlp-pretrain",
        "Kind:         PyTorchJob",
        "Spec:",
        "  Run Policy:",
        "    Active Deadline Seconds:  86400",
        "    Backoff Limit:            3",
        "    Clean Pod Policy:         Running",
        "Status:",
        "  Conditions:",
        "    Last Transition Time:  %sZ" % iso_t(plus(t0, 40)),
        "    Message:               PyTorchJob bert-pt is running.",
        "    Reason:                PyTorchJobRunning",
        "    Status:                False",
        "    Type:                  Running",
        "    Last Transition Time:  %sZ" % iso_t(plus(t_dl, 1)),
        "    Message:               PyTorchJob bert-pt has failed because it was active longer than specified deadline",
        "    Reason:                DeadlineExceeded",
        "    Status:                True",
        "    Type:                  Failed",
        "  Start Time:              %sZ" % iso_t(t0),
        "  Completion Time:         %sZ" % iso_t(plus(t_dl, 1)),
        "Events:",
        "  Type     Reason                 Age   From                   Message",
        "  ----     ------                 ----  ----                   -------",
        "  Normal   SuccessfulDeletePod    2m    pytorchjob-controller  Deleted pod: bert-pt-master-0",
        "  Normal   SuccessfulDeletePod    2m    pytorchjob-controller  Deleted pod: bert-pt-worker-0",
        "  Normal   SuccessfulDeletePod    2m    pytorchjob-controller  Deleted pod: bert-pt-worker-1",
        "  Normal   SuccessfulDeletePod    2m    pytorchjob-controller  Deleted pod: bert-pt-worker-2",
        "  Warning  DeadlineExceeded       2m    pytorchjob-controller  PyTorchJob bert-pt has failed because it was active longer than specified deadline",
    ])
    label = dict(
        category="unknown", layer="framework", culprit=None, action="none",
        rationale="Training was progressing normally until exactly 24 h after the start time; the PyTorchJob status says DeadlineExceeded ('active longer than "
                  "specified deadline', Active Deadline Seconds 86400) and the controller deleted all pods, so every agent got SIGTERM. The gloo "
                  "'Connection closed' lines are teardown noise. A time limit, not a fault.",
        modelled_on="https://github.com/kubeflow/pytorch-operator/pull/151",
    )
    return name, files, label


CASES = [bs21, bs22, bs23, bs24, bs25, bs26, bs27, bs28, bs29, bs30]
