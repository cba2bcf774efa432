"""Cases ak01-ak10."""
from common import (
    Case, T, plus, f_torch, f_glog, f_py, f_iso, f_kts, f_dmesg_T, f_uptime, f_syslog, f_journal_iso,
    f_accel, f_nemo, f_ctime, smi_q, smi_table, boot_noise, nccl_init, nccl_prefix, watchdog_timeout,
    cuda_error_watchdog, remote_error, torchrun_rdzv, child_failed, sigterm_lines, megatron_iter, ds_step,
    titan_step, nemo_line, bar, smooth_loss, H100_BUS, A100_BUS, HCAS,
)

GPUS = 8


def pids_for(base):
    return [base + i for i in range(GPUS)]


def megatron_args(t, world, tp, pp, extra=None):
    lines = [
        "using world size: %d, data-parallel size: %d, context-parallel size: 1, tensor-model-parallel size: %d, pipeline-model-parallel size: %d " % (world, world // (tp * pp), tp, pp),
        "WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG",
        "using torch.bfloat16 for parameters ...",
        "------------------------ arguments ------------------------",
        "  accumulate_allreduce_grads_in_fp32 .............. True",
        "  adam_beta1 ...................................... 0.9",
        "  adam_beta2 ...................................... 0.95",
        "  attention_dropout ............................... 0.0",
        "  bf16 ............................................ True",
        "  clip_grad ....................................... 1.0",
        "  data_path ....................................... ['/lustre/datasets/redpajama_v2/tok_llama3/rpv2_text_document']",
        "  distributed_backend ............................. nccl",
        "  distributed_timeout_minutes ..................... 10",
        "  ffn_hidden_size ................................. 28672",
        "  global_batch_size ............................... 1024",
        "  hidden_size ..................................... 8192",
        "  log_interval .................................... 50",
        "  lr .............................................. 0.00015",
        "  lr_decay_style .................................. cosine",
        "  lr_warmup_iters ................................. 2000",
        "  micro_batch_size ................................ 1",
        "  min_lr .......................................... 1.5e-05",
        "  num_attention_heads ............................. 64",
        "  num_layers ...................................... 80",
        "  pipeline_model_parallel_size .................... %d" % pp,
        "  save ............................................ /lustre/ckpt/llama70b_rpv2",
        "  save_interval ................................... 1000",
        "  seq_length ...................................... 4096",
        "  sequence_parallel ............................... True",
        "  tensor_model_parallel_size ...................... %d" % tp,
        "  train_iters ..................................... 500000",
        "  use_distributed_optimizer ....................... True",
        "  world_size ...................................... %d" % world,
    ]
    if extra:
        lines += extra
    lines += ["-------------------- end of arguments ---------------------",
              "setting number of micro-batches to constant %d" % (1024 // (world // (tp * pp)))]
    return lines


def dmesg_T_lines(t_boot, rng, events):
    """events: list of (datetime, text). Adds boot noise first."""
    out = []
    for i, s in enumerate(boot_noise(rng, 22)):
        out.append("%s %s" % (f_dmesg_T(plus(t_boot, i * 0.7)), s))
    for t, s in sorted(events, key=lambda e: e[0]):
        out.append("%s %s" % (f_dmesg_T(t), s))
    return out


# ==========================================================================
# ak01  Megatron-LM, Slurm per-node folders, Xid 79 on gpu-b07 GPU 3 (rank 19)
# ==========================================================================

def ak01():
    c = Case("ak01_watchdog_timeouts_on_all_ranks_after_4h", 101)
    rng = c.rng
    hosts = ["gpu-b05", "gpu-b06", "gpu-b07", "gpu-b08"]
    ips = {"gpu-b05": "10.31.4.5", "gpu-b06": "10.31.4.6", "gpu-b07": "10.31.4.7", "gpu-b08": "10.31.4.8"}
    t0 = T("2024-03-12 09:38:04.000")
    t_xid = T("2024-03-12 13:41:07.000")
    t_enq = T("2024-03-12 13:41:05.212")
    seq = 231544
    world = 32
    pbase = {h: 48211 + 1000 * i for i, h in enumerate(hosts)}
    # ---- per-node torchrun logs
    for nr, h in enumerate(hosts):
        L = []
        L += torchrun_rdzv(t0, h, nr, 4, GPUS, "gpu-b05")
        if nr == 0:
            L += megatron_args(plus(t0, 20), world, 8, 1)
            L.append("> initializing torch distributed ...")
        L += nccl_init(h, ips[h], "ibp26s0", nr, 4, pids_for(pbase[h]), rng, show_version=(nr == 0))
        if nr == 0:
            L += [
                "> initialized tensor model parallel with size 8",
                "> initialized pipeline model parallel with size 1",
                "> setting random seeds to 1234 ...",
                "> compiling dataset index builder ...",
                ">>> done with dataset index builder. Compilation time: 0.081 seconds",
                "time to initialize megatron (seconds): 41.822",
                "[after megatron is initialized] datetime: %s " % plus(t0, 60).strftime("%Y-%m-%d %H:%M:%S"),
                "building GPT model ...",
                " > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 8830742528",
                "[after model, optimizer, and learning rate scheduler are built] datetime: %s " % plus(t0, 95).strftime("%Y-%m-%d %H:%M:%S"),
                "> building train, validation, and test datasets ...",
                "[after dataloaders are built] datetime: %s " % plus(t0, 131).strftime("%Y-%m-%d %H:%M:%S"),
                "done with setup ...",
                "training ...",
                "[before the start of training step] datetime: %s " % plus(t0, 132).strftime("%Y-%m-%d %H:%M:%S"),
            ]
        if nr == 3:
            # Megatron prints progress on the last rank
            t = plus(t0, 140)
            for it in range(50, 4651, 50):
                t = plus(t, 50 * (3.12 + rng.uniform(-0.03, 0.03)))
                lr = 1.5e-4 * min(1.0, it / 2000.0)
                loss = smooth_loss(rng, it, 10.9, 2.05, 600.0, 0.02)
                L.append(megatron_iter(t, it, 500000, loss, 3120 + rng.uniform(-25, 25), lr, 1024, grad=0.9 + rng.uniform(-0.2, 0.4)))
                if it % 1000 == 0:
                    L.append("saving checkpoint at iteration %7d to /lustre/ckpt/llama70b_rpv2 in torch_dist format" % it)
                    L.append("  successfully saved checkpoint from iteration %7d to /lustre/ckpt/llama70b_rpv2 [ t 1/8, p 1/1 ]" % it)
        ranks = list(range(nr * 8, nr * 8 + 8))
        if h == "gpu-b07":
            p19 = pbase[h] + 3
            L.append("%s enqueue.cc:1403 NCCL WARN Cuda failure 'unspecified launch failure'" % nccl_prefix(h, p19, p19 + 1811, 3))
            L.append("%s NCCL INFO enqueue.cc:1430 -> 1" % nccl_prefix(h, p19, p19 + 1811, 3))
            L += cuda_error_watchdog(19, plus(t_xid, 1.21), rng, "unspecified launch failure")
            tfail = plus(t_xid, 2.4)
            others = [r for r in ranks if r != 19]
            L += sigterm_lines(tfail, [pbase[h] + (r - 16) for r in others], 2102)
            tagent = plus(tfail, 1.1)
            L += child_failed(tagent, "pretrain_gpt.py", h, 19, 3, -6, p19,
                              others=[(r, r - 16, -15, pbase[h] + r - 16, plus(tagent, 0.0)) for r in others])
        else:
            tw = plus(t_enq, 600.0)
            first = None
            for r in ranks:
                tr = plus(tw, rng.uniform(0.05, 1.4))
                first = tr if first is None or tr < first else first
                L += watchdog_timeout(r, tr, rng, seq, "ALLREDUCE", 1073741824 // 8, full=True)
            # first failing rank as seen by this agent
            r0 = ranks[rng.randint(0, 7)]
            tagent = plus(tw, 3.2)
            L += sigterm_lines(plus(tw, 1.6), [pbase[h] + (r - ranks[0]) for r in ranks if r != r0], 2100 + nr)
            L += child_failed(tagent, "pretrain_gpt.py", h, r0, r0 - ranks[0], -6, pbase[h] + r0 - ranks[0],
                              others=[(r, r - ranks[0], -6, pbase[h] + r - ranks[0], tagent) for r in ranks if r != r0][:3])
        c.write("%s/torchrun_%s.log" % (h, h), L)
        # ---- dmesg -T
        boot = T("2024-03-09 06:12:40")
        ev = []
        for k in range(4):
            ev.append((plus(T("2024-03-12 09:30:00"), k * 1700 + rng.randint(0, 600)),
                       "perf: interrupt took too long (%d > %d), lowering kernel.perf_event_max_sample_rate to %d" % (2500 + k * 130, 2500 + k * 120, 79000 - k * 3000)))
        if h == "gpu-b05":
            ev.append((T("2024-03-12 11:02:37"), "NVRM: Xid (PCI:0000:ab:00): 63, pid=48216, name=python, Row Remapper: New row (0x00000000002a71c4) marked for remapping, reset gpu to activate."))
            ev.append((T("2024-03-12 11:02:37"), "NVRM: Xid (PCI:0000:ab:00): 94, pid=48216, name=python, Contained: CE User Channel (0x2). RST: No, D-RST: No"))
        if h == "gpu-b06":
            ev.append((T("2024-03-12 12:15:10"), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#4_DIMM#0 (channel:4 slot:0 page:0x3f1e2c offset:0x5c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:1 rank:0 bg:2 ba:1 row:0x1f8f col:0x1b0)"))
        if h == "gpu-b07":
            ev += [
                (plus(t_xid, -0.6), "pcieport 0000:58:01.0: AER: Uncorrected (Fatal) error received: 0000:5d:00.0"),
                (plus(t_xid, -0.6), "nvidia 0000:5d:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                (plus(t_xid, -0.6), "nvidia 0000:5d:00.0: AER:   device [10de:2330] error status/mask=00000020/00000000"),
                (plus(t_xid, -0.6), "nvidia 0000:5d:00.0: AER:    [ 5] SDES                   (First)"),
                (t_xid, "NVRM: GPU at PCI:0000:5d:00: GPU-6b1f0a52-88e0-2c4d-91a3-7e2f5c0d9b41"),
                (t_xid, "NVRM: GPU Board Serial Number: 1652023018873"),
                (t_xid, "NVRM: Xid (PCI:0000:5d:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                (t_xid, "NVRM: GPU 0000:5d:00.0: GPU has fallen off the bus."),
                (t_xid, "NVRM: A GPU crash dump has been created. If possible, please run"),
                (t_xid, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                (t_xid, "NVRM: the NVIDIA kernel module is unloaded."),
                (plus(t_xid, 1.0), "NVRM: Xid (PCI:0000:5d:00): 154, pid='<unknown>', name=<unknown>, GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"),
            ]
        c.write("%s/dmesg-T.txt" % h, dmesg_T_lines(boot, rng, ev))
        # ---- nvidia-smi -q collected by the epilog
        gl = []
        for i in range(8):
            d = {"used": 0, "util": 0}
            if h == "gpu-b07" and i == 3:
                d = {"lost": True}
            if h == "gpu-b05" and i == 5:
                d = {"remap": {"ue": 1, "pending": "Yes"}, "ecc": {"v_dram_ue": 0, "a_dram_ce": 2}}
            gl.append(d)
        c.write("%s/nvidia-smi-q.txt" % h, smi_q(T("2024-03-12 14:02:51"), gl, rng=rng))
    c.write("slurm-884213.out", [
        "Job 884213 (llama70b-rpv2) on gpu-b[05-08], partition=h100-prod",
        "Start: %s UTC" % f_ctime(plus(t0, -6)),
        "MASTER_ADDR=gpu-b05 MASTER_PORT=29500 NNODES=4",
        "+ srun --ntasks-per-node=1 --kill-on-bad-exit=0 bash -c 'torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-b05:29500 pretrain_gpt.py ${MEGATRON_ARGS} > /logs/884213/torchrun_$(hostname -s).log 2>&1'",
        "srun: error: gpu-b07: task 2: Exited with exit code 1",
        "srun: error: gpu-b08: task 3: Exited with exit code 1",
        "srun: error: gpu-b05: task 0: Exited with exit code 1",
        "srun: error: gpu-b06: task 1: Exited with exit code 1",
        "End: %s UTC" % f_ctime(T("2024-03-12 13:51:22")),
        "epilog: collected dmesg -T and nvidia-smi -q from all nodes into /logs/884213/<host>/",
    ])
    c.set_label("gpu_hardware", "infrastructure", "gpu-b07", 19, "restart_without_node",
                "gpu-b07's kernel log records Xid 79 (GPU fallen off the bus) on 0000:5d:00 (GPU 3, rank 19) at 13:41:07; rank 19 died with a CUDA error one second later and every other rank only timed out ten minutes after that. The Xid 63/94 and EDAC entries on gpu-b05/gpu-b06 are benign.",
                "https://github.com/NVIDIA/Megatron-LM/issues/1207")
    return c


# ==========================================================================
# ak02  DeepSpeed, pdsh merged log, KeyError in user collate on one rank
# ==========================================================================

def ak02():
    c = Case("ak02_nccl_errors_on_16_ranks_pdsh_log", 102)
    rng = c.rng
    hosts = ["dgx-a1", "dgx-a2"]
    ips = {"dgx-a1": "172.20.8.11", "dgx-a2": "172.20.8.12"}
    t0 = T("2024-05-02 08:14:20.000")
    L = {h: [] for h in hosts}
    # deepspeed launcher header on dgx-a1 (runner)
    runner = [
        "[%s] [INFO] [runner.py:463:main] Using IP address of 172.20.8.11 for node dgx-a1" % f_py(t0),
        "[%s] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: dgx-a1,dgx-a2" % f_py(plus(t0, 0.01)),
        "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w dgx-a1,dgx-a2 export PYTHONPATH=/home/mlops/sft; export NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5; export NCCL_SOCKET_IFNAME=bond0;  cd /home/mlops/sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtYTEiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJkZ3gtYTIiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%%n --master_addr=172.20.8.11 --master_port=29500 train_sft.py --deepspeed ds_zero3.json --model_name_or_path /models/Mistral-7B-v0.3 --train_file /data/sft_mix_v4/train.jsonl --per_device_train_batch_size 4 --gradient_accumulation_steps 4" % f_py(plus(t0, 0.02)),
    ]
    for nr, h in enumerate(hosts):
        t = plus(t0, 2.5 + nr * 0.2)
        L[h] += [
            "[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'dgx-a1': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a2': [0, 1, 2, 3, 4, 5, 6, 7]}" % f_py(t),
            "[%s] [INFO] [launch.py:152:main] nnodes=2, num_local_procs=8, node_rank=%d" % (f_py(t), nr),
            "[%s] [INFO] [launch.py:163:main] global_rank_mapping=defaultdict(<class 'list'>, {'dgx-a1': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-a2': [8, 9, 10, 11, 12, 13, 14, 15]})" % f_py(t),
            "[%s] [INFO] [launch.py:164:main] dist_world_size=16" % f_py(t),
            "[%s] [INFO] [launch.py:168:main] Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7" % f_py(t),
            "[%s] [INFO] [launch.py:256:main] process %d spawned with command: ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=0', '--deepspeed', 'ds_zero3.json']" % (f_py(plus(t, 0.1)), 30211 + nr * 1000),
        ]
        for lr in range(8):
            L[h].append("[%s] [INFO] [comm.py:652:init_distributed] cdb=None" % f_py(plus(t, 4 + lr * 0.01)))
        if nr == 0:
            L[h].append("[%s] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl" % f_py(plus(t, 4.2)))
        L[h] += nccl_init(h, ips[h], "bond0", nr, 2, pids_for(30211 + nr * 1000), rng, show_version=(nr == 0))
    # training progress (printed by rank 0 on dgx-a1)
    t = plus(t0, 190)
    L["dgx-a1"] += [
        "[%s] [INFO] [config.py:988:print] DeepSpeedEngine configuration:" % f_py(plus(t, -20)),
        "[%s] [INFO] [config.py:992:print]   zero_optimization_stage ....... 3" % f_py(plus(t, -20)),
        "[%s] [INFO] [config.py:992:print]   bf16_enabled .................. True" % f_py(plus(t, -20)),
        "[%s] [INFO] [config.py:992:print]   train_micro_batch_size_per_gpu  4" % f_py(plus(t, -20)),
        "[%s] [INFO] [config.py:992:print]   gradient_accumulation_steps ... 4" % f_py(plus(t, -20)),
        "Parameter Offload: Total persistent parameters: 266240 in 65 params",
        "***** Running training *****",
        "  Num examples = 1,204,331",
        "  Num Epochs = 2",
        "  Instantaneous batch size per device = 4",
        "  Total train batch size (w. parallel, distributed & accumulation) = 256",
        "  Gradient Accumulation steps = 4",
        "  Total optimization steps = 9,408",
    ]
    for step in range(10, 2211, 10):
        t = plus(t, 10 * (1.83 + rng.uniform(-0.05, 0.05)))
        L["dgx-a1"] += ds_step(t, step, smooth_loss(rng, step, 1.55, 0.92, 900.0, 0.04), 2e-5 * min(1, step / 300), 1.83 + rng.uniform(-0.04, 0.04))
    t_err = plus(t, 7.9)   # rank 11 on dgx-a2 hits the bad sample
    # rank 11 traceback (dgx-a2)
    tb = [
        "Traceback (most recent call last):",
        "  File \"/home/mlops/sft/train_sft.py\", line 301, in <module>",
        "    main()",
        "  File \"/home/mlops/sft/train_sft.py\", line 287, in main",
        "    for step, batch in enumerate(train_loader):",
        "  File \"/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py\", line 630, in __next__",
        "    data = self._next_data()",
        "  File \"/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py\", line 1344, in _next_data",
        "    return self._process_data(data)",
        "  File \"/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py\", line 1370, in _process_data",
        "    data.reraise()",
        "  File \"/opt/conda/lib/python3.10/site-packages/torch/_utils.py\", line 706, in reraise",
        "    raise exception",
        "KeyError: Caught KeyError in DataLoader worker process 1.",
        "Original Traceback (most recent call last):",
        "  File \"/opt/conda/lib/python3.10/site-packages/torch/utils/data/_utils/worker.py\", line 309, in _worker_loop",
        "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
        "  File \"/opt/conda/lib/python3.10/site-packages/torch/utils/data/_utils/fetch.py\", line 55, in fetch",
        "    return self.collate_fn(data)",
        "  File \"/home/mlops/sft/data/collate.py\", line 48, in __call__",
        "    msgs = [ex[\"messages\"] for ex in features]",
        "  File \"/home/mlops/sft/data/collate.py\", line 48, in <listcomp>",
        "    msgs = [ex[\"messages\"] for ex in features]",
        "KeyError: 'messages'",
        "",
    ]
    L["dgx-a2"] += ["[rank11]: " + x if x else "[rank11]:" for x in tb]
    L["dgx-a2"].append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 31214" % f_py(plus(t_err, 1.3)))
    for k, p in enumerate([31211, 31212, 31213, 31215, 31216, 31217, 31218]):
        L["dgx-a2"].append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(t_err, 1.31 + k * 0.002)), p))
    L["dgx-a2"].append("[%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=3', '--deepspeed', 'ds_zero3.json'] exits with return code = 1" % f_py(plus(t_err, 1.4)))
    # dgx-a1 ranks see the peer vanish
    tr = plus(t_err, 1.9)
    for r in range(8):
        p = 30211 + r
        L["dgx-a1"].append("%s misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer dgx-a2<%d>" % (nccl_prefix("dgx-a1", p, p + 311, r), 40100 + r))
        L["dgx-a1"].append("%s NCCL INFO misc/socket.cc:749 -> 6" % nccl_prefix("dgx-a1", p, p + 311, r))
        L["dgx-a1"].append("%s NCCL INFO transport/net_ib.cc:1148 -> 6" % nccl_prefix("dgx-a1", p, p + 311, r))
    for r in range(8):
        L["dgx-a1"] += remote_error(r, plus(tr, r * 0.01), rng, "dgx-a2", "socketProgress: Connection closed by remote peer dgx-a2<%d>" % (40100 + r))
    L["dgx-a1"].append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 30211" % f_py(plus(tr, 0.6)))
    L["dgx-a1"].append("[%s] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=0', '--deepspeed', 'ds_zero3.json'] exits with return code = 1" % f_py(plus(tr, 0.7)))
    # pdsh interleaves: dgx-a1's output block comes out before dgx-a2's traceback
    merged = list(runner)
    a1, a2 = L["dgx-a1"], L["dgx-a2"]
    # interleave the init parts, then dump a1's tail, then a2's tail (pdsh line-buffer order)
    cut1 = len(a1) - (8 * 3 + 8 * 13 + 2)
    cut2 = len(a2) - (len(tb) + 10)
    i = j = 0
    while i < cut1 or j < cut2:
        if i < cut1:
            merged += ["dgx-a1: " + x for x in a1[i:i + 7]]
            i += 7
        if j < cut2:
            merged += ["dgx-a2: " + x for x in a2[j:j + 5]]
            j += 5
    merged = [m for m in merged]
    merged += ["dgx-a1: " + x for x in a1[max(cut1, i):]]
    merged += ["dgx-a2: " + x for x in a2[max(cut2, j):]]
    merged += ["pdsh@dgx-a1: dgx-a2: ssh exited with exit code 1", "pdsh@dgx-a1: dgx-a1: ssh exited with exit code 1"]
    c.write("pdsh_run_20240502.log", merged)
    c.write("ds_zero3.json", [
        "{", '  "bf16": {"enabled": true},', '  "zero_optimization": {"stage": 3, "overlap_comm": true, "contiguous_gradients": true, "stage3_gather_16bit_weights_on_model_save": true},',
        '  "gradient_accumulation_steps": 4,', '  "train_micro_batch_size_per_gpu": 4,', '  "gradient_clipping": 1.0,', '  "steps_per_print": 10,', '  "wall_clock_breakdown": false', "}",
    ])
    c.write("hostfile", ["dgx-a1 slots=8", "dgx-a2 slots=8"])
    c.set_label("user_code", "script", None, None, "stop",
                "The first failure is rank 11 on dgx-a2 raising KeyError: 'messages' from the user's collate function (a training record without the expected key); the NCCL 'Connection closed by remote peer' errors on dgx-a1 follow it and are sympathetic. The same record will break every rerun.",
                "https://github.com/huggingface/accelerate/issues/1317")
    return c


# ==========================================================================
# ak03  NeMo on Kubernetes, cgroup OOM kill of a trainer on one pod (job's own memory)
# ==========================================================================

def ak03():
    c = Case("ak03_worker_exitcode_minus9_on_one_pod", 103)
    rng = c.rng
    pods = ["trainer-worker-%d" % i for i in range(4)]
    nodes = {"trainer-worker-0": "gke-a3-pool-7f2c-k2lm", "trainer-worker-1": "gke-a3-pool-7f2c-r8tq",
             "trainer-worker-2": "gke-a3-pool-7f2c-w1zn", "trainer-worker-3": "gke-a3-pool-7f2c-x0pd"}
    ips = {p: "10.8.%d.%d" % (i + 2, 17 + i) for i, p in enumerate(pods)}
    t0 = T("2024-08-20 02:00:11.000")
    t_oom = T("2024-08-20 03:47:52.418")
    mem_limit = "1400Gi"
    for nr, p in enumerate(pods):
        L = []
        tt = t0
        L += torchrun_rdzv(tt, p, nr, 4, GPUS, "trainer-worker-0.trainer-headless")
        L += nccl_init(p, ips[p], "eth0", nr, 4, pids_for(211 + nr * 0), rng, show_version=(nr == 0), plugin=False,
                       extra_warn="NCCL INFO NET/Plugin: Using network plugin libnccl-net-gcp-tcpxo.so")
        if nr == 0:
            L += [
                nemo_line(plus(tt, 70), "I", "nemo_logging", 349, "Rank 0 has data parallel group : [0, 8, 16, 24]"),
                nemo_line(plus(tt, 70), "I", "nemo_logging", 349, "All tensor model parallel group ranks: [[0, 1, 2, 3, 4, 5, 6, 7], [8, 9, 10, 11, 12, 13, 14, 15], [16, 17, 18, 19, 20, 21, 22, 23], [24, 25, 26, 27, 28, 29, 30, 31]]"),
                nemo_line(plus(tt, 71), "I", "nemo_logging", 349, "Building GPTDataset splits with sizes=[9216000, 92160, 2048] and config=GPTDatasetConfig(random_seed=1234, sequence_length=8192, blend=[['/gcs/tokens/fineweb_edu_text_document'], None], ...)"),
                nemo_line(plus(tt, 75), "I", "nemo_logging", 349, "Loading in-memory sample index: building shuffle index with 9216000 samples (mmap_bin_files=False)"),
                nemo_line(plus(tt, 79), "W", "nemo_logging", 361, "mmap_bin_files=False: the full .bin is read into host memory on every rank"),
                "  | Name   | Type     | Params | Mode ",
                "----------------------------------------------",
                "0 | module | GPTModel | 8.0 B  | train",
                "----------------------------------------------",
                "8.0 B     Trainable params",
            ]
        # host memory monitor lines written by a sidecar in every pod
        tm = plus(t0, 120)
        step = 0
        while tm < t_oom:
            step += 25
            used = 610 + (tm - t0).total_seconds() / 6400.0 * 770 + rng.uniform(-6, 6)
            if nr == 0:
                L.append("Epoch 0: :   %d%%|%s| %d/36000 [%s<-, reduced_train_loss=%.3f, global_step=%.1f, consumed_samples=%d, train_step_timing in s=%.2f]"
                         % (int(step / 360), bar(step / 36000.0), step, "%d:%02d:%02d" % ((tm - t0).seconds // 3600, ((tm - t0).seconds // 60) % 60, (tm - t0).seconds % 60),
                            smooth_loss(rng, step, 4.1, 2.6, 900.0, 0.03), step - 1.0, step * 256, 10.6 + rng.uniform(-0.1, 0.1)))
            L.append("[memwatch %s] pod=%s rss_trainers=%.0fGi cgroup_usage=%.0fGi limit=%s" % (f_iso(tm, "Z", 3), p, used * 0.93, used + (9 if nr == 2 else 0), mem_limit))
            tm = plus(tm, 265 + rng.uniform(-3, 3))
        if p == "trainer-worker-2":
            tk = plus(t_oom, 0.6)
            L += sigterm_lines(plus(tk, 0.2), [211 + i for i in range(8) if i != 5], 89)
            L += child_failed(plus(tk, 1.1), "megatron_gpt_pretraining.py", p, 21, 5, -9, 216,
                              others=[(16 + i, i, -15, 211 + i, plus(tk, 1.1)) for i in (0, 1, 2)])
        else:
            tw = plus(t_oom, 600.9)
            for lr in range(8):
                r = nr * 8 + lr
                L += watchdog_timeout(r, plus(tw, rng.uniform(0, 0.9)), rng, 88012, "_REDUCE_SCATTER_BASE", 545259520, full=(lr < 2))
            L += child_failed(plus(tw, 2.0), "megatron_gpt_pretraining.py", p, nr * 8, 0, -6, 211)
        c.write("%s/kubectl-logs.txt" % p, L)
        # describe pod
        term = "OOMKilled" if p == "trainer-worker-2" else "Error"
        ec = 137 if p == "trainer-worker-2" else 1
        c.write("%s/describe.txt" % p, [
            "Name:             %s" % p,
            "Namespace:        llm-pretrain",
            "Node:             %s/%s" % (nodes[p], ips[p]),
            "Labels:           training.kubeflow.org/job-name=nemo-8b-fineweb",
            "                  training.kubeflow.org/replica-index=%d" % nr,
            "Status:           Failed",
            "IP:               %s" % ips[p],
            "Containers:",
            "  pytorch:",
            "    Image:          nvcr.io/nvidia/nemo:24.07",
            "    State:          Terminated",
            "      Reason:       %s" % term,
            "      Exit Code:    %d" % ec,
            "      Started:      Tue, 20 Aug 2024 01:59:40 +0000",
            "      Finished:     %s" % ("Tue, 20 Aug 2024 03:47:55 +0000" if nr == 2 else "Tue, 20 Aug 2024 03:57:57 +0000"),
            "    Limits:",
            "      cpu:             200",
            "      memory:          %s" % mem_limit,
            "      nvidia.com/gpu:  8",
            "    Requests:",
            "      cpu:             200",
            "      memory:          %s" % mem_limit,
            "      nvidia.com/gpu:  8",
            "Events:",
            "  Type     Reason     Age   From     Message",
            "  ----     ------     ----  ----     -------",
            "  Normal   Pulled     3h    kubelet  Container image \"nvcr.io/nvidia/nemo:24.07\" already present on machine",
            "  Normal   Started    3h    kubelet  Started container pytorch",
        ] + (["  Warning  OOMKilling 2h    kernel-monitor  Memory cgroup out of memory: Killed process 216 (python) total-vm:412877264kB, anon-rss:181230196kB, file-rss:1243904kB, shmem-rss:0kB, UID:0 pgtables:362112kB oom_score_adj:-997"] if nr == 2 else []))
    # node kernel log for worker-2's node
    boot = T("2024-08-14 11:20:05")
    K = []
    K.append("%s kernel: python invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=-997" % f_journal_iso(t_oom))
    K.append("%s kernel: CPU: 97 PID: 219 Comm: python Tainted: P           OE     5.15.0-1061-gcp #69-Ubuntu" % f_journal_iso(t_oom))
    K.append("%s kernel: memory: usage 1468006400kB, limit 1468006400kB, failcnt 1" % f_journal_iso(t_oom))
    K.append("%s kernel: Memory cgroup stats for /kubepods/pod8e1f6a2c-2b1d-4c55-9d40-62a8f0c1e7b3:" % f_journal_iso(t_oom))
    K.append("%s kernel: Tasks state (memory values in pages):" % f_journal_iso(t_oom))
    K.append("%s kernel: [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name" % f_journal_iso(t_oom))
    for i in range(8):
        rss = 44700000 + rng.randint(-400000, 400000) if i != 5 else 45307549
        K.append("%s kernel: [ %6d]     0 %6d 103219316 %8d 370806784        0          -997 python" % (f_journal_iso(t_oom), 211 + i, 211 + i, rss))
    K.append("%s kernel: [    89]     0    89   712311   211733  2342912        0          -997 torchrun" % f_journal_iso(t_oom))
    K.append("%s kernel: [   402]     0   402     2011      322    57344        0          -997 memwatch.sh" % f_journal_iso(t_oom))
    K.append("%s kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-1c9e.scope,mems_allowed=0-1,oom_memcg=/kubepods/pod8e1f6a2c-2b1d-4c55-9d40-62a8f0c1e7b3,task_memcg=/kubepods/pod8e1f6a2c-2b1d-4c55-9d40-62a8f0c1e7b3/cri-containerd-1c9e.scope,task=python,pid=216,uid=0" % f_journal_iso(t_oom))
    K.append("%s kernel: Memory cgroup out of memory: Killed process 216 (python) total-vm:412877264kB, anon-rss:181230196kB, file-rss:1243904kB, shmem-rss:0kB, UID:0 pgtables:362112kB oom_score_adj:-997" % f_journal_iso(t_oom))
    K.append("%s kernel: oom_reaper: reaped process 216 (python), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB" % f_journal_iso(plus(t_oom, 2.3)))
    c.write("trainer-worker-2/node-journal-kernel.txt", K)
    c.write("pods.txt", [
        "NAME               READY   STATUS   RESTARTS   AGE   IP          NODE                     NOMINATED NODE   READINESS GATES",
    ] + ["%-18s 0/1     %-7s  0          3h    %-11s %-24s <none>           <none>" % (p, "OOMKilled" if p == "trainer-worker-2" else "Error", ips[p], nodes[p]) for p in pods])
    c.write("job.yaml", [
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: nemo-8b-fineweb", "spec:", "  pytorchReplicaSpecs:", "    Worker:", "      replicas: 4",
        "      template:", "        spec:", "          containers:", "          - name: pytorch", "            image: nvcr.io/nvidia/nemo:24.07",
        "            command: [torchrun, --nnodes=4, --nproc-per-node=8, /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py]",
        "            args: [model.data.data_prefix=[/gcs/tokens/fineweb_edu_text_document], model.data.mmap_bin_files=False, model.data.num_workers=8, model.micro_batch_size=2, model.global_batch_size=256]",
        "            resources:", "              limits: {memory: %s, nvidia.com/gpu: 8, cpu: 200}" % mem_limit,
    ])
    c.set_label("oom", "framework", None, None, "stop",
                "trainer-worker-2's rank 21 was SIGKILLed (exit -9/OOMKilled) by the pod's memory cgroup: the eight trainer processes themselves use ~170 GiB each because mmap_bin_files=False loads the dataset into RAM on every rank, and the memwatch lines show every pod climbing toward the same 1400Gi limit. The watchdog timeouts on the other pods are sympathetic; the configuration must change.",
                "https://github.com/lzhxmu/CPPO/issues/6")
    return c


# ==========================================================================
# ak04  torchtitan, srun --label merged log, loss diverges to NaN (LR too high)
# ==========================================================================

def ak04():
    c = Case("ak04_loss_nan_then_every_rank_exits", 104)
    rng = c.rng
    t0 = T("2025-01-15 07:02:10.000")
    L = []
    toml = [
        "[job]", "dump_folder = \"/checkpoints/titan-8b-exp42\"", "description = \"Llama 3 8B, 2 nodes, lr sweep point 42\"",
        "[model]", "name = \"llama3\"", "flavor = \"8B\"", "norm_type = \"rmsnorm\"",
        "[optimizer]", "name = \"AdamW\"", "lr = 3e-2", "eps = 1e-8",
        "[lr_scheduler]", "warmup_steps = 200",
        "[training]", "batch_size = 2", "seq_len = 8192", "max_norm = 1.0  # grad clipping", "steps = 20000", "data_parallel_shard_degree = -1",
        "dataset = \"c4\"", "mixed_precision_param = \"bfloat16\"",
        "[checkpoint]", "enable_checkpoint = true", "interval = 500",
        "[comm]", "init_timeout_seconds = 300", "train_timeout_seconds = 100",
    ]
    c.write("train_configs/llama3_8b_exp42.toml", toml)
    for task in (0, 1):
        for lr in range(8):
            r = task * 8 + lr
            if r in (0, 8):
                L.append("%d: [rank%d]:[titan] %s - root - INFO - Starting job: Llama 3 8B, 2 nodes, lr sweep point 42" % (task, r, f_py(plus(t0, 9 + task * 0.2))))
    L.append("0: [rank0]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [16]" % f_py(plus(t0, 10)))
    host = {0: "a3u-node-017", 1: "a3u-node-018"}
    ip = {0: "10.128.0.71", 1: "10.128.0.72"}
    for task in (0, 1):
        for x in nccl_init(host[task], ip[task], "enp0s12", task, 2, pids_for(5521 + task * 7), rng, show_version=(task == 0),
                           extra_warn="NCCL WARN NET/Plugin: Failed to find ncclNetPlugin_v8 symbol, falling back to v7"):
            if " [0] " in x or x.startswith("NCCL version"):
                L.append("%d: %s" % (task, x))
    L += [
        "0: [rank0]:[titan] %s - root - INFO - Preparing c4 dataset from allenai/c4" % f_py(plus(t0, 14)),
        "0: [rank0]:[titan] %s - root - INFO - Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')" % f_py(plus(t0, 20)),
        "0: [rank0]:[titan] %s - root - INFO - Model llama3 8B size: 8,030,261,248 total parameters" % f_py(plus(t0, 21)),
        "0: [rank0]:[titan] %s - root - INFO - Applied FSDP to the model" % f_py(plus(t0, 24)),
        "0: [rank0]:[titan] %s - root - INFO - CUDA memory usage for model: 3.77GiB(4.77%%)" % f_py(plus(t0, 25)),
        "0: [rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 32, sequence length 8192, total steps 20000 (warmup 200)" % f_py(plus(t0, 26)),
        "0: [rank0]:[titan] %s - root - INFO - Profiling active. Traces will be saved at /checkpoints/titan-8b-exp42/profile_trace" % f_py(plus(t0, 26)),
    ]
    t = plus(t0, 40)
    import math
    loss = 12.25
    nan_step = 1467
    for step in range(1, 1490):
        t = plus(t, 1.62 + rng.uniform(-0.02, 0.02))
        if step < 300:
            loss = 12.2 - 5.5 * (1 - math.exp(-step / 70.0)) + rng.uniform(-0.05, 0.05)
        elif step < 900:
            loss = 6.7 - 0.9 * (step - 300) / 600.0 + rng.uniform(-0.08, 0.08)
        elif step < 1300:
            loss = 5.8 + (step - 900) / 400.0 * 1.7 + rng.uniform(-0.25, 0.35)
        elif step < nan_step:
            loss = 7.5 + (step - 1300) / 167.0 * 6.8 + rng.uniform(-0.4, 0.9)
        gn = 0.6 + (0 if step < 900 else (step - 900) / 40.0) + rng.uniform(0, 0.4)
        if step == 1 or step % 10 == 0 or step >= nan_step - 4:
            if step >= nan_step:
                L.append("0: [rank0]:[titan] %s - root - INFO - step: %d  loss:     nan  grad_norm:    nan  memory: 61.02GiB(77.14%%)  tps: 6,318  tflops: 366.01  mfu: 37.01%%" % (f_py(t), step))
            else:
                L.append("0: " + titan_step(t, 0, step, loss, 61.02, 6300 + rng.randint(-40, 40), 366.0 + rng.uniform(-2, 2), 37.0 + rng.uniform(-0.2, 0.2), gn))
        if step % 500 == 0:
            L.append("0: [rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % f_py(t))
            L.append("0: [rank0]:[titan] %s - root - INFO - [GC] GC collection invoked by checkpointer. 0.04 seconds." % f_py(plus(t, 4)))
            L.append("0: [rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 11.20 seconds." % f_py(plus(t, 11.2)))
            t = plus(t, 11.2)
        if step == 1380:
            L.append("0: [rank0]:[titan] %s - nan_guard - WARNING - grad norm before clipping 41.2 is > 20x max_norm (1.0) for 50 consecutive steps" % f_py(t))
        if step == nan_step + 3:
            break
    tn = t
    for task in (0, 1):
        for lr in (0,):
            r = task * 8 + lr
            tr = plus(tn, 0.05 + rng.uniform(0, 0.08))
            L += [
                "%d: [rank%d]: Traceback (most recent call last):" % (task, r),
                "%d: [rank%d]:   File \"/workspace/torchtitan/train.py\", line 508, in <module>" % (task, r),
                "%d: [rank%d]:     trainer.train()" % (task, r),
                "%d: [rank%d]:   File \"/workspace/torchtitan/train.py\", line 441, in train" % (task, r),
                "%d: [rank%d]:     self.train_step(inputs, labels)" % (task, r),
                "%d: [rank%d]:   File \"/workspace/torchtitan/ext/nan_guard.py\", line 27, in check_finite" % (task, r),
                "%d: [rank%d]:     raise RuntimeError(f\"non-finite loss ({loss.item()}) at step {step}; last finite loss {self.last_finite:.4f}\")" % (task, r),
                "%d: [rank%d]: RuntimeError: non-finite loss (nan) at step %d; last finite loss 14.0912" % (task, r, nan_step + 3),
            ]
    for task in (0, 1):
        L.append("%d: %s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (task, f_glog(plus(tn, 3.0 + task * 0.1), "E"), 5400 + task, 5521 + task * 7))
    L.append("srun: error: a3u-node-018: task 1: Exited with exit code 1")
    L.append("srun: error: a3u-node-017: task 0: Exited with exit code 1")
    c.write("slurm-2231907.out", ["#SBATCH --nodes=2 --gpus-per-node=8 --job-name=titan-8b-exp42", "+ srun --label torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint a3u-node-017:29500 --local-ranks-filter 0 torchtitan/train.py --job.config_file train_configs/llama3_8b_exp42.toml"] + L)
    c.set_label("numerical", "script", None, None, "stop",
                "Loss climbs steadily after warmup to lr=3e-2 (grad norm tens of times max_norm) and becomes NaN at the same step on every rank of both nodes; the user's NaN guard then stops all ranks together. It is the recipe (learning rate far too high), not a node.",
                "https://github.com/meta-pytorch/torchtune/issues/2776")
    return c


# ==========================================================================
# ak05  DeepSpeed, per-node folders, IB completion errors naming 10.40.2.17 (hgx-r2-n14), link flap
# ==========================================================================

def ak05():
    c = Case("ak05_ib_completion_errors_status12_from_two_nodes", 105)
    rng = c.rng
    hosts = ["hgx-r2-n11", "hgx-r2-n12", "hgx-r2-n13", "hgx-r2-n14"]
    ips = {h: "10.40.2.%d" % (14 + i) for i, h in enumerate(hosts)}   # n11=.14 n12=.15 n13=.16 n14=.17
    t0 = T("2024-06-03 18:20:00.000")
    t_flap = T("2024-06-03 23:08:41.377")
    boot = T("2024-05-28 04:10:13.000")
    accused = "hgx-r2-n14"
    for nr, h in enumerate(hosts):
        L = []
        L.append("[%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {%s}" % (f_py(plus(t0, 2)), ", ".join("'%s': [0, 1, 2, 3, 4, 5, 6, 7]" % x for x in hosts)))
        L.append("[%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (f_py(plus(t0, 2)), nr))
        L += nccl_init(h, ips[h], "ibs3", nr, 4, pids_for(61001 + nr * 13), rng, show_version=(nr == 0))
        if nr == 0:
            t = plus(t0, 240)
            for step in range(50, 9351, 50):
                t = plus(t, 50 * (1.86 + rng.uniform(-0.02, 0.02)))
                L += ds_step(t, step, smooth_loss(rng, step, 3.6, 2.2, 1800.0, 0.02), 3e-4 * min(1.0, step / 1000.0), 1.86 + rng.uniform(-0.02, 0.02))
        tb = plus(t_flap, 4.1)
        if h in ("hgx-r2-n11", "hgx-r2-n13"):
            for lr in (2, 3, 6):
                p = 61001 + nr * 13 + lr
                pre = nccl_prefix(h, p, p + 811, lr)
                for k in range(2):
                    L.append("%s transport/net_ib.cc:2244 NCCL WARN NET/IB : Got completion from peer 10.40.2.17<%d> with status=12 opcode=%d len=%d vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:10.40.2.17 hca %s"
                             % (pre, 43120 + lr * 7 + k, rng.choice([0, 1, 129]), rng.choice([0, 524288]), rng.choice(["Send", "Recv"]), ips[h], HCAS[lr]))
                    L.append("%s NCCL INFO transport/net.cc:1362 -> 6" % pre)
                    L.append("%s NCCL INFO proxy.cc:910 -> 6 [Progress Thread]" % pre)
                L += remote_error(nr * 8 + lr, plus(tb, rng.uniform(0, 1)), rng, "10.40.2.17",
                                  "NET/IB : Got completion from peer 10.40.2.17<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:10.40.2.17 hca %s" % (43120 + lr * 7, ips[h], HCAS[lr]))
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(tb, 1.4)), 61001 + nr * 13))
            L.append("[%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'pretrain_gpt.py', '--local_rank=2'] exits with return code = 1" % f_py(plus(tb, 1.5)))
        elif h == accused:
            for lr in range(8):
                p = 61001 + nr * 13 + lr
                pre = nccl_prefix(h, p, p + 807, lr)
                if lr in (2, 3, 6):
                    L.append("%s transport/net_ib.cc:93 NCCL WARN NET/IB : Got async event : port error" % pre)
            for lr in range(8):
                L += watchdog_timeout(nr * 8 + lr, plus(t_flap, 100.3 + rng.uniform(0, 0.5)), rng, 419021, "ALLREDUCE", 262144000, timeout_ms=100000, full=(lr == 2))
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(t_flap, 102.2)), 61001 + nr * 13))
        else:   # n12
            for lr in range(8):
                L += watchdog_timeout(nr * 8 + lr, plus(t_flap, 100.9 + rng.uniform(0, 0.7)), rng, 419021, "ALLREDUCE", 262144000, timeout_ms=100000, full=(lr == 0))
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(t_flap, 103.0)), 61001 + nr * 13))
        c.write("%s/deepspeed_%s.log" % (h, h), L)
        # kernel log, uptime format
        K = []
        for i, s in enumerate(boot_noise(rng, 20)):
            K.append("%s %s" % (f_uptime(plus(boot, 1 + i * 0.4), boot), s))
        if h == accused:
            ev = [
                (plus(t_flap, -0.8), "mlx5_core 0000:3b:00.0 mlx5_4: Port: 1 Link DOWN"),
                (plus(t_flap, -0.8), "mlx5_core 0000:3b:00.0: mlx5_port_module_event:1131:(pid 0): Port 1: Cable plugged"),
                (plus(t_flap, -0.79), "mlx5_core 0000:3b:00.0: Port module event[error]: module 0, Cable error, High Temperature"),
                (plus(t_flap, 6.1), "mlx5_core 0000:3b:00.0 mlx5_4: Port: 1 Link ACTIVE"),
                (plus(t_flap, 51.4), "mlx5_core 0000:3b:00.0 mlx5_4: Port: 1 Link DOWN"),
                (plus(t_flap, 58.0), "mlx5_core 0000:3b:00.0 mlx5_4: Port: 1 Link ACTIVE"),
            ]
        else:
            ev = [(plus(t0, 3600 * 2 + rng.randint(0, 900)), "perf: interrupt took too long (2515 > 2500), lowering kernel.perf_event_max_sample_rate to 79500")]
        if h == "hgx-r2-n12":
            ev.append((plus(t_flap, -1800), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x1a33b0 offset:0x440 grain:32 syndrome:0x0)"))
        for tt, s in sorted(ev):
            K.append("%s %s" % (f_uptime(tt, boot), s))
        c.write("%s/dmesg.txt" % h, K)
        c.write("%s/uptime.txt" % h, [" %s up 6 days, 19:%02d,  0 users,  load average: 41.22, 40.87, 40.63" % (plus(t_flap, 700).strftime("%H:%M:%S"), 10 + nr),
                                     "# boot time (uptime -s): %s" % boot.strftime("%Y-%m-%d %H:%M:%S")])
    # ibstat snapshot of the accused node and one healthy one
    def ibstat(h, bad):
        out = []
        for k, hca in enumerate(HCAS):
            out += ["CA '%s'" % hca, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002", "\tPort 1:",
                    "\t\tState: %s" % ("Active" if not (bad and hca == "mlx5_4") else "Active"),
                    "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tBase lid: %d" % (311 + k + (40 if bad else 0)), "\t\tSM lid: 1", "\t\tLink layer: InfiniBand"]
        return out
    c.write("hgx-r2-n14/ibstat.txt", ibstat("hgx-r2-n14", True))
    c.write("hgx-r2-n14/mlxlink_mlx5_4.txt", [
        "Operational Info", "----------------", "State                           : Active", "Physical state                  : LinkUp", "Speed                           : IB-NDR",
        "Width                           : 4x", "FEC                             : Standard_RS-FEC - (544,514)", "Loopback Mode                   : No Loopback", "Auto Negotiation                : ON",
        "", "Troubleshooting Info", "--------------------", "Status Opcode                   : 0", "Group Opcode                    : N/A", "Recommendation                  : No issue was observed",
        "", "Physical Counters and BER Info", "------------------------------", "Time Since Last Clear [Min]     : 9810.4", "Effective Physical Errors       : 1841772",
        "Effective Physical BER          : 15E-10", "Raw Physical BER                : 22E-6", "Link Down Counter               : 3", "Link Error Recovery Counter     : 57",
        "", "Module Info", "-----------", "Cable Type                      : Optical Module (separated)", "Temperature [C]                 : 79 [-5..75]",
    ])
    c.write("hgx-r2-n11/ibstat.txt", ibstat("hgx-r2-n11", False))
    c.set_label("network", "infrastructure", "hgx-r2-n14", None, "restart_without_node",
                "hgx-r2-n11 and hgx-r2-n13 report IB completion errors (status=12, retry exceeded) from peer 10.40.2.17, which the NCCL Bootstrap lines map to hgx-r2-n14; that node's own kernel log shows mlx5_4 link flapping (Link DOWN, cable high temperature) 0.8 s before, mlxlink shows link-down count 3 and a hot module.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return c


# ==========================================================================
# ak06  Lightning on K8s (kubectl --timestamps), reset chain A<-B<-C, C has Xid 48 + remap failure
# ==========================================================================

def ak06():
    c = Case("ak06_connection_reset_by_peer_on_three_pods", 106)
    rng = c.rng
    pods = ["trainer-worker-0", "trainer-worker-1", "trainer-worker-2", "trainer-worker-3"]
    ips = {"trainer-worker-0": "10.52.0.8", "trainer-worker-1": "10.52.1.9", "trainer-worker-2": "10.52.3.14", "trainer-worker-3": "10.52.2.11"}
    knodes = {"trainer-worker-0": "aks-ndh100-31644980-vmss00000a", "trainer-worker-1": "aks-ndh100-31644980-vmss00000c",
              "trainer-worker-2": "aks-ndh100-31644980-vmss00000f", "trainer-worker-3": "aks-ndh100-31644980-vmss00000d"}
    t0 = T("2024-09-30 14:00:02.000")
    t_xid = T("2024-09-30 19:26:13.508")
    bad = "trainer-worker-2"
    # rendezvous assigns group ranks in join order: worker-0 ->0, worker-3 ->1, worker-1 ->2, worker-2 ->3
    grank = {"trainer-worker-0": 0, "trainer-worker-3": 1, "trainer-worker-1": 2, "trainer-worker-2": 3}
    bad_rank = grank[bad] * 8 + 5   # GPU 5 (bus AB) -> local rank 5 -> global 29
    for p in pods:
        nr = grank[p]
        L = []
        tt = t0
        L += [(plus(tt, 0.01 * i), x) for i, x in enumerate(torchrun_rdzv(tt, p, nr, 4, GPUS, "trainer-worker-0.trainer"))]
        L += [(plus(tt, 35 + 0.001 * i), x) for i, x in enumerate(nccl_init(p, ips[p], "eth0", nr, 4, pids_for(77 + nr), rng, show_version=(nr == 0)))]
        if nr == 0:
            L += [(plus(tt, 40), "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32"),
                  (plus(tt, 41), "----------------------------------------------------------------------------------------------------"),
                  (plus(tt, 41), "distributed_backend=nccl"),
                  (plus(tt, 41), "All distributed processes registered. Starting with 32 processes"),
                  (plus(tt, 41), "----------------------------------------------------------------------------------------------------"),
                  (plus(tt, 44), "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]"),
                  (plus(tt, 47), "  | Name  | Type          | Params | Mode "),
                  (plus(tt, 47), "0 | model | ViTDiffusion  | 2.1 B  | train"),
                  (plus(tt, 47), "2.1 B     Trainable params")]
            t = plus(tt, 60)
            step = 0
            while t < t_xid:
                step += 50
                t = plus(t, 50 * 0.77 + rng.uniform(-0.3, 0.3))
                if t >= t_xid:
                    break
                L.append((t, "Epoch 3:  %2d%%|%s| %d/%d [%d:%02d:%02d<-, 1.30it/s, v_num=41, train/loss=%.4f, train/grad_norm=%.3f]"
                          % ((step % 6400) * 100 // 6400, bar((step % 6400) / 6400.0), step % 6400, 6400, (t - tt).seconds // 3600, ((t - tt).seconds // 60) % 60, (t - tt).seconds % 60,
                             0.081 + rng.uniform(-0.006, 0.006), 0.42 + rng.uniform(-0.05, 0.08))))
        if p == bad:
            p5 = 77 + nr + 5
            pre5 = nccl_prefix(p, p5, p5 + 733, 5)
            L.append((plus(t_xid, 0.412), "%s enqueue.cc:1403 NCCL WARN Cuda failure 'uncorrectable ECC error encountered'" % pre5))
            L += [(plus(t_xid, 0.415 + 0.0001 * i), x) for i, x in enumerate(cuda_error_watchdog(bad_rank, plus(t_xid, 0.415), rng, "uncorrectable ECC error encountered"))]
            tk = plus(t_xid, 1.7)
            L += [(tk, x) for x in sigterm_lines(tk, [77 + nr + i for i in range(8) if i != 5], 31)]
            L += [(plus(tk, 2), x) for x in child_failed(plus(tk, 2), "train_vitdiff.py", p, bad_rank, 5, -6, p5)]
        elif p == "trainer-worker-1":   # B: accuses C (10.52.3.14)
            tb = plus(t_xid, 2.9)
            for lr in (1, 5):
                pp_ = 77 + nr + lr
                pre = nccl_prefix(p, pp_, pp_ + 901, lr)
                L.append((plus(tb, 0.001 * lr), "%s transport/net_ib.cc:2244 NCCL WARN NET/IB : Got completion from peer 10.52.3.14<%d> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:10.52.1.9 remoteGids::ffff:10.52.3.14 hca mlx5_%d" % (pre, 51022 + lr, lr)))
                L.append((plus(tb, 0.001 * lr), "%s NCCL INFO transport/net.cc:1362 -> 6" % pre))
            for lr in range(8):
                L += [(plus(tb, 0.5), x) for x in remote_error(nr * 8 + lr, plus(tb, 0.5), rng, "10.52.3.14", "NET/IB : Got completion from peer 10.52.3.14<%d> with status=5 opcode=0 len=0 vendor err 249 (Recv)" % (51022 + lr))] if lr in (1, 5) else []
            L += [(plus(tb, 1.9), x) for x in child_failed(plus(tb, 1.9), "train_vitdiff.py", p, nr * 8 + 1, 1, 1, 77 + nr + 1, tb="[rank17]: torch.distributed.DistBackendError: NCCL error ... remote process exited or there was a network error")]
        elif p == "trainer-worker-0":   # A: accuses B (10.52.1.9)
            ta = plus(t_xid, 4.6)
            for lr in (0, 4):
                pp_ = 77 + lr
                pre = nccl_prefix(p, pp_, pp_ + 880, lr)
                L.append((plus(ta, 0.002 * lr), "%s misc/socket.cc:538 NCCL WARN Net : Call to recv from 10.52.1.9<%d> failed : Connection reset by peer" % (pre, 36210 + lr)))
                L.append((plus(ta, 0.002 * lr), "%s NCCL INFO misc/socket.cc:549 -> 6" % pre))
            for lr in (0, 4):
                L += [(plus(ta, 0.3), x) for x in remote_error(lr, plus(ta, 0.3), rng, "10.52.1.9", "Net : Call to recv from 10.52.1.9<%d> failed : Connection reset by peer" % (36210 + lr))]
            L += [(plus(ta, 1.7), x) for x in child_failed(plus(ta, 1.7), "train_vitdiff.py", p, 0, 0, 1, 77, tb="[rank0]: torch.distributed.DistBackendError: NCCL error ... Connection reset by peer")]
        else:   # worker-3 just times out
            tw = plus(t_xid, 1800.4)
            for lr in range(8):
                L += [(plus(tw, 0.01 * lr), x) for x in watchdog_timeout(nr * 8 + lr, plus(tw, 0.01 * lr), rng, 1290331, "ALLREDUCE", 2101248, timeout_ms=1800000, full=(lr == 0))]
        L.sort(key=lambda e: e[0])
        c.write("%s/logs.txt" % p, ["%s %s" % (f_kts(tt_, rng), x) for tt_, x in L])
    # host kernel log for the bad pod (collected via node debug pod)
    boot = T("2024-09-22 08:01:44")
    ev = [
        (plus(t_xid, -0.004), "NVRM: Xid (PCI:0000:ab:00): 48, pid=85, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at physical address 0x3f19a2c000."),
        (t_xid, "NVRM: Xid (PCI:0000:ab:00): 63, pid=85, name=python, Row Remapper: New row (0x0000000002fcc5e2) marked for remapping, reset gpu to activate."),
        (plus(t_xid, 0.002), "NVRM: Xid (PCI:0000:ab:00): 64, pid=85, name=python, Row Remapper Error: (0x0000000002fcc5e2) - All reserved rows for bank are remapped"),
        (plus(t_xid, 0.8), "NVRM: Xid (PCI:0000:ab:00): 45, pid=85, name=python, Ch 00000008"),
    ]
    K = ["%s %s" % (f_dmesg_T(plus(boot, i)), s) for i, s in enumerate(boot_noise(rng, 16))]
    K += ["%s %s" % (f_dmesg_T(tt_), s) for tt_, s in ev]
    c.write("trainer-worker-2/host-dmesg.txt", K)
    gl = [{"used": 2, "util": 0} for _ in range(8)]
    gl[5] = {"used": 2, "ecc": {"v_dram_ue": 1, "a_dram_ue": 3, "a_dram_ce": 41}, "remap": {"ue": 8, "pending": "Yes", "failure": "Yes", "partial": 1}}
    c.write("trainer-worker-2/nvidia-smi-q.txt", smi_q(plus(t_xid, 2400), gl, rng=rng))
    c.write("kubectl-get-pods.txt", ["NAME               READY   STATUS    RESTARTS   AGE     IP           NODE                              NOMINATED NODE   READINESS GATES"] +
            ["%-18s 0/1     Error     0          5h31m   %-12s %-33s <none>           <none>" % (p, ips[p], knodes[p]) for p in pods])
    c.set_label("gpu_memory", "infrastructure", "trainer-worker-2", bad_rank, "restart_without_node",
                "worker-0 accuses 10.52.1.9 (worker-1) and worker-1 accuses 10.52.3.14 (worker-2), but both accusations come after worker-2's rank 29 died on 'uncorrectable ECC error encountered'; its host log has Xid 48 (double-bit ECC) on 0000:ab:00 (GPU 5), followed by Xid 64 and nvidia-smi 'Remapping Failure Occurred: Yes'.",
                "https://github.com/NVIDIA/nccl/issues/795")
    return c


# ==========================================================================
# ak07  HF accelerate, per-node folders, driver too old on one node only
# ==========================================================================

def ak07():
    c = Case("ak07_rendezvous_stalls_24_of_32_workers_joined", 107)
    rng = c.rng
    hosts = ["gpu-c09", "gpu-c10", "gpu-c11", "gpu-c12"]
    t0 = T("2024-11-05 10:12:01.000")
    bad = "gpu-c11"
    drivers = {"gpu-c09": "550.90.07", "gpu-c10": "550.90.07", "gpu-c11": "535.54.03", "gpu-c12": "550.90.07"}
    cudav = {"gpu-c09": "12.4", "gpu-c10": "12.4", "gpu-c11": "12.2", "gpu-c12": "12.4"}
    for nr, h in enumerate(hosts):
        L = [
            "%s - INFO - accelerate.commands.launch - launching with: accelerate launch --config_file fsdp_4n.yaml --machine_rank %d --num_machines 4 --num_processes 32 --main_process_ip gpu-c09 --main_process_port 29411 train_dpo.py --cfg cfg/dpo_llama3_70b.yaml" % (f_accel(t0), nr),
        ]
        L += torchrun_rdzv(plus(t0, 3), h, nr, 4, GPUS, "gpu-c09", 29411)
        if h == bad:
            for lr in range(8):
                r = nr * 8 + lr
                tr = plus(t0, 14.2 + lr * 0.03)
                L += [
                    "[rank%d]: Traceback (most recent call last):" % r,
                    "[rank%d]:   File \"/opt/app/train_dpo.py\", line 541, in <module>" % r,
                    "[rank%d]:     main()" % r,
                    "[rank%d]:   File \"/opt/app/train_dpo.py\", line 402, in main" % r,
                    "[rank%d]:     accelerator = Accelerator(mixed_precision=\"bf16\", fsdp_plugin=fsdp_plugin, log_with=\"wandb\")" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.11/site-packages/accelerate/accelerator.py\", line 421, in __init__" % r,
                    "[rank%d]:     self.state = AcceleratorState(" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.11/site-packages/accelerate/state.py\", line 862, in __init__" % r,
                    "[rank%d]:     PartialState(cpu, **kwargs)" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.11/site-packages/accelerate/state.py\", line 212, in __init__" % r,
                    "[rank%d]:     torch.cuda.set_device(self.device)" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.11/site-packages/torch/cuda/__init__.py\", line 478, in set_device" % r,
                    "[rank%d]:     torch._C._cuda_setDevice(device)" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.11/site-packages/torch/cuda/__init__.py\", line 319, in _lazy_init" % r,
                    "[rank%d]:     torch._C._cuda_init()" % r,
                    "[rank%d]: RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % r,
                ]
            L += child_failed(plus(t0, 16.0), "train_dpo.py", h, 16, 0, 1, 9921, tb="To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                              others=[(16 + k, k, 1, 9921 + k, plus(t0, 16.0)) for k in range(1, 4)])
        else:
            L.append("%s - INFO - __main__ - loading policy from /weka/models/llama3-70b-sft-v7 (shards=30)" % f_accel(plus(t0, 12)))
            L.append("%s - INFO - __main__ - rank %d waiting on process group" % (f_accel(plus(t0, 14)), nr * 8))
            tt = plus(t0, 1814.2)
            for lr in range(8):
                r = nr * 8 + lr
                L += [
                    "[rank%d]: Traceback (most recent call last):" % r,
                    "[rank%d]:   File \"/opt/app/train_dpo.py\", line 402, in main" % r,
                    "[rank%d]:     accelerator = Accelerator(mixed_precision=\"bf16\", fsdp_plugin=fsdp_plugin, log_with=\"wandb\")" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py\", line 1520, in init_process_group" % r,
                    "[rank%d]:     store, rank, world_size = next(rendezvous_iterator)" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.11/site-packages/torch/distributed/rendezvous.py\", line 269, in _env_rendezvous_handler" % r,
                    "[rank%d]:     store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)" % r,
                    "[rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined." % r,
                ] if lr == 0 or nr == 0 else [
                    "[rank%d]: torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/0//cuda//0" % r,
                ]
            L += child_failed(plus(tt, 3.0), "train_dpo.py", h, nr * 8, 0, 1, 7111 + nr)
        c.write("%s/accelerate_launch.log" % h, L)
        c.write("%s/nvidia-smi.txt" % h, smi_table(plus(t0, 2000), drivers[h], cudav[h], [(31 + rng.randint(0, 5), 70 + rng.randint(0, 10), 0, 0) for _ in range(8)]))
        c.write("%s/versions.txt" % h, [
            "hostname: %s" % h, "kernel: 5.15.0-119-generic", "nvidia driver: %s" % drivers[h], "container: us-docker.pkg.dev/ml/train/dpo:2024.11.01 (torch 2.5.1+cu124, accelerate 1.1.0)",
            "nvidia-fabricmanager: %s" % drivers[h], "ofed: MLNX_OFED_LINUX-23.10-1.1.9.0",
        ])
    c.write("fsdp_4n.yaml", ["compute_environment: LOCAL_MACHINE", "distributed_type: FSDP", "fsdp_config:", "  fsdp_sharding_strategy: FULL_SHARD", "  fsdp_state_dict_type: SHARDED_STATE_DICT",
                             "machine_rank: 0", "main_process_ip: gpu-c09", "main_process_port: 29411", "mixed_precision: bf16", "num_machines: 4", "num_processes: 32", "rdzv_backend: static"])
    c.set_label("dependency", "infrastructure", "gpu-c11", None, "restart_without_node",
                "Only gpu-c11's eight ranks fail at CUDA init ('NVIDIA driver on your system is too old', driver 535.54.03/CUDA 12.2 while the other nodes run 550.90.07); the other 24 ranks just wait in the rendezvous and time out with '24/32 clients joined'. The fault belongs to that one node's driver.",
                "https://github.com/NVIDIA/nvidia-docker/issues/400")
    return c


# ==========================================================================
# ak08  Megatron-LM on 16 pods: TE undefined symbol everywhere
# ==========================================================================

def ak08():
    c = Case("ak08_all_pods_crashloop_at_startup", 108)
    rng = c.rng
    t0 = T("2025-02-11 16:40:00.000")
    sym = "_ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE"
    for i in range(16):
        p = "trainer-worker-%d" % i
        t = plus(t0, rng.uniform(0, 20))
        L = []
        L.append("+ export NCCL_DEBUG=WARN TORCH_NCCL_ASYNC_ERROR_HANDLING=3 CUDA_DEVICE_MAX_CONNECTIONS=1")
        L.append("+ pip list 2>/dev/null | grep -E '^(torch|transformer.engine|megatron.core) '")
        L.append("megatron-core             0.10.0")
        L.append("torch                     2.6.0")
        L.append("transformer_engine        1.13.0+e5edd6c")
        L.append("+ torchrun --nnodes=16 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=trainer-worker-0.trainer:29400 pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 4 --transformer-impl transformer_engine ...")
        L += torchrun_rdzv(plus(t, 2), p, i, 16, GPUS, "trainer-worker-0.trainer", 29400)
        for lr in range(8 if i in (0, 5, 11) else 2):
            r = i * 8 + lr
            L += [
                "[rank%d]: Traceback (most recent call last):" % r,
                "[rank%d]:   File \"/workspace/Megatron-LM/pretrain_gpt.py\", line 14, in <module>" % r,
                "[rank%d]:     from megatron.core.models.gpt.gpt_layer_specs import (" % r,
                "[rank%d]:   File \"/workspace/Megatron-LM/megatron/core/models/gpt/gpt_layer_specs.py\", line 26, in <module>" % r,
                "[rank%d]:     from megatron.core.extensions.transformer_engine import (" % r,
                "[rank%d]:   File \"/workspace/Megatron-LM/megatron/core/extensions/transformer_engine.py\", line 13, in <module>" % r,
                "[rank%d]:     import transformer_engine as te" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.12/dist-packages/transformer_engine/__init__.py\", line 13, in <module>" % r,
                "[rank%d]:     from . import pytorch" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/__init__.py\", line 63, in <module>" % r,
                "[rank%d]:     _load_library()" % r,
                "[rank%d]:   File \"/usr/local/lib/python3.12/dist-packages/transformer_engine/pytorch/__init__.py\", line 51, in _load_library" % r,
                "[rank%d]:     so_path = spec.loader.exec_module(solib)" % r,
                "[rank%d]: ImportError: /usr/local/lib/python3.12/dist-packages/transformer_engine/transformer_engine_torch.cpython-312-x86_64-linux-gnu.so: undefined symbol: %s" % (r, sym),
            ]
        L += child_failed(plus(t, 19.5), "pretrain_gpt.py", p, i * 8, 0, 1, 301,
                          tb="To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                          others=[(i * 8 + k, k, 1, 301 + k, plus(t, 19.5)) for k in range(1, 8)])
        if i == 0:
            L.append("%s 99 torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1203] The node 'trainer-worker-0_99_0' has closed the rendezvous 'megatron-moe-16n'" % f_glog(plus(t, 20), "W"))
        c.write("%s/kubectl-logs-previous.txt" % p, L)
        c.write("%s/describe-events.txt" % p, [
            "Events:", "  Type     Reason     Age                  From     Message", "  ----     ------     ----                 ----     -------",
            "  Normal   Scheduled  14m                  default-scheduler  Successfully assigned ml-train/%s to gpu-node-%03d" % (p, 200 + i),
            "  Normal   Pulled     14m                  kubelet  Container image \"registry.internal/llm/megatron:25.02-te1.13\" already present on machine",
            "  Normal   Started    11m (x4 over 14m)    kubelet  Started container trainer",
            "  Warning  BackOff    2m (x%d over 12m)     kubelet  Back-off restarting failed container trainer in pod %s" % (8 + i % 3, p),
        ])
    c.write("Dockerfile.snippet", [
        "FROM nvcr.io/nvidia/pytorch:24.12-py3",
        "# bump torch for FlexAttention",
        "RUN pip install --no-cache-dir torch==2.6.0 --index-url https://download.pytorch.org/whl/cu124",
        "# transformer_engine comes from the base image (built against the base image's torch)",
        "COPY Megatron-LM /workspace/Megatron-LM",
    ])
    c.set_label("dependency", "framework", None, None, "stop",
                "All 16 pods fail identically at import: transformer_engine_torch...so has an undefined c10 symbol because the image upgraded torch to 2.6.0 on top of a Transformer Engine built for the base image's torch. Nothing is node-specific; the image must be rebuilt.",
                "https://github.com/NVIDIA/TransformerEngine/issues/1192")
    return c


# ==========================================================================
# ak09  Megatron, 8 nodes, Lustre OST timeouts on every node during checkpoint save (transient)
# ==========================================================================

def ak09():
    c = Case("ak09_checkpoint_save_oserror_errno5_many_ranks", 109)
    rng = c.rng
    hosts = ["hpc-g%03d" % i for i in (101, 102, 103, 104, 117, 118, 119, 120)]
    t0 = T("2024-04-22 00:30:00.000")
    t_save = T("2024-04-22 06:00:14.000")
    t_lost = T("2024-04-22 05:58:51.000")
    boot = T("2024-04-15 09:00:00")
    for nr, h in enumerate(hosts):
        L = []
        L += torchrun_rdzv(t0, h, nr, 8, GPUS, "hpc-g101")
        if nr == len(hosts) - 1:
            t = plus(t0, 180)
            for it in range(100, 6001, 100):
                t = plus(t, 100 * (3.27 + rng.uniform(-0.02, 0.02)))
                L.append(megatron_iter(t, it, 250000, smooth_loss(rng, it, 9.6, 2.4, 700, 0.02), 3270 + rng.uniform(-30, 30), 3e-4 * min(1.0, it / 2000.0), 2048, grad=0.8 + rng.uniform(-0.1, 0.3)))
                if it % 2000 == 0 and it < 6000:
                    L.append("saving checkpoint at iteration %7d to /lustre/scratch/proj-llm/ckpt/gpt-175b in torch_dist format" % it)
                    L.append("  successfully saved checkpoint from iteration %7d to /lustre/scratch/proj-llm/ckpt/gpt-175b [ t 1/8, p 1/8 ]" % it)
        if nr == 0:
            L.append("saving checkpoint at iteration    6000 to /lustre/scratch/proj-llm/ckpt/gpt-175b in torch_dist format")
        failing = [0, 2, 5, 7] if nr % 2 == 0 else [1, 4, 6]
        for lr in failing:
            r = nr * 8 + lr
            tr = plus(t_save, 95 + rng.uniform(0, 40))
            L += [
                "[rank%d]: Traceback (most recent call last):" % r,
                "[rank%d]:   File \"/opt/megatron/megatron/training/training.py\", line 1410, in train" % r,
                "[rank%d]:     save_checkpoint_and_time(iteration, model, optimizer," % r,
                "[rank%d]:   File \"/opt/megatron/megatron/training/checkpointing.py\", line 466, in save_checkpoint" % r,
                "[rank%d]:     async_save_request = dist_checkpointing.save(state_dict, checkpoint_name, save_strategy," % r,
                "[rank%d]:   File \"/opt/megatron/megatron/core/dist_checkpointing/strategies/filesystem_async.py\", line 312, in write_preloaded_data" % r,
                "[rank%d]:     with open(file_name, \"wb\") as stream:" % r,
                "[rank%d]: OSError: [Errno 5] Input/output error: '/lustre/scratch/proj-llm/ckpt/gpt-175b/iter_0006000/__%d_%d.distcp'" % (r, r, rng.randint(0, 1)),
                "[%s] ERROR: megatron.core.dist_checkpointing.strategies.filesystem_async: Local process %d encountered an error: [Errno 5] Input/output error" % (tr.strftime("%Y-%m-%d %H:%M:%S"), lr),
            ]
        tw = plus(t_save, 600.5)
        for lr in range(8):
            if lr not in failing:
                L += watchdog_timeout(nr * 8 + lr, plus(tw, rng.uniform(0, 2)), rng, 771204, "_ALLGATHER_BASE", 8, full=(lr == 3))
        L += child_failed(plus(t_save, 150), "pretrain_gpt.py", h, nr * 8 + failing[0], failing[0], 1, 41000 + nr * 10 + failing[0])
        c.write("%s/rank_logs/torchrun.out" % h, L)
        # kernel log with Lustre errors on every node
        K = ["%s %s" % (f_syslog(plus(boot, i)), "%s kernel: %s" % (h, s)) for i, s in enumerate(boot_noise(rng, 12))]
        ost = rng.choice(["0012", "0013"])
        tl = plus(t_lost, rng.uniform(0, 8))
        K += [
            "%s %s kernel: LustreError: 11-0: scratch-OST%s-osc-ffff9a1b2c3d4000: operation ost_write to node 10.150.0.22@o2ib failed: rc = -110" % (f_syslog(tl), h, ost),
            "%s %s kernel: Lustre: scratch-OST%s-osc-ffff9a1b2c3d4000: Connection to scratch-OST%s (at 10.150.0.22@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (f_syslog(plus(tl, 0.1)), h, ost, ost),
            "%s %s kernel: Lustre: 41822:0:(client.c:2308:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent 1713765531/real 1713765531]  req@ffff9a1b4f2e8000 x1796611882901312/t0(0) o4->scratch-OST%s-osc-ffff9a1b2c3d4000@10.150.0.22@o2ib:6/4 lens 488/448 e 0 to 1 dl 1713765578 ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'pretrain_gpt.py.%d'" % (f_syslog(plus(t_save, 40)), h, ost, 41000 + nr),
            "%s %s kernel: LustreError: %d:0:(osc_request.c:1891:osc_brw_fini_request()) scratch-OST%s-osc-ffff9a1b2c3d4000: BRW to 10.150.0.22@o2ib failed: rc = -5" % (f_syslog(plus(t_save, 96)), h, 41822 + nr, ost),
            "%s %s kernel: Lustre: scratch-OST%s-osc-ffff9a1b2c3d4000: Connection restored to 10.150.0.22@o2ib (at 10.150.0.22@o2ib)" % (f_syslog(plus(t_save, 1311 + nr)), h, ost),
        ]
        c.write("%s/messages" % h, K)
    c.write("lfs_check_servers.txt", [
        "# run from hpc-g101 at 06:35 UTC, after the job died",
        "scratch-MDT0000-mdc-ffff9a1b2c3d4000 active.",
        "scratch-OST0010-osc-ffff9a1b2c3d4000 active.",
        "scratch-OST0011-osc-ffff9a1b2c3d4000 active.",
        "scratch-OST0012-osc-ffff9a1b2c3d4000 active.",
        "scratch-OST0013-osc-ffff9a1b2c3d4000 active.",
        "", "# storage team notice (status page excerpt)",
        "2024-04-22 05:57 UTC  oss22 (scratch OST0012/OST0013) failover in progress after controller reset; clients will see timeouts until recovery.",
        "2024-04-22 06:22 UTC  failover complete, all OSTs serving.",
    ])
    c.set_label("storage", "infrastructure", None, None, "restart",
                "Ranks on all eight nodes fail the iteration-6000 checkpoint with OSError Errno 5, and every node's kernel log shows the same Lustre OST0012/0013 on 10.150.0.22 losing its connection and timing out, then recovering. A transient shared-filesystem outage (OSS failover), not a node; resume from iteration 4000 once the filesystem is back.",
                "https://github.com/THUDM/slime/issues/326")
    return c


# ==========================================================================
# ak10  DeepSpeed, local NVMe full on one node (ENOSPC) during checkpoint staging
# ==========================================================================

def ak10():
    c = Case("ak10_checkpoint_save_fails_at_step_6000", 110)
    rng = c.rng
    hosts = ["sxm-h1", "sxm-h2", "sxm-h3", "sxm-h4", "sxm-h5", "sxm-h6"]
    bad = "sxm-h4"
    t0 = T("2024-07-09 21:00:00.000")
    t_save = T("2024-07-10 02:11:40.000")
    for nr, h in enumerate(hosts):
        L = [
            "[%s] [INFO] [launch.py:152:main] nnodes=6, num_local_procs=8, node_rank=%d" % (f_py(plus(t0, 2)), nr),
            "[%s] [INFO] [launch.py:164:main] dist_world_size=48" % f_py(plus(t0, 2)),
        ]
        if nr == 0:
            L += [
                "[%s] [INFO] [config.py:992:print]   checkpoint_config ............ {'tag_validation': 'WARN', 'load_universal': False, 'use_node_local_storage': True, 'parallel_write': {'pipeline_stage': False}}" % f_py(plus(t0, 40)),
                "[%s] [INFO] [config.py:992:print]   nebula_config ................ {\"enabled\": true, \"persistent_storage_path\": \"/mnt/blob/ckpt/codegen-34b\", \"persistent_time_interval\": 100, \"num_of_version_in_retention\": 2, \"enable_nebula_load\": true, \"load_path\": null}" % f_py(plus(t0, 40)),
                "[%s] [INFO] [engine.py:3455:_save_zero_checkpoint] local staging dir for zero shards: /scratch/local/ckpt_stage" % f_py(plus(t0, 41)),
            ]
            t = plus(t0, 120)
            for step in range(20, 6001, 20):
                t = plus(t, 20 * (3.08 + rng.uniform(-0.03, 0.03)))
                L += ds_step(t, step, smooth_loss(rng, step, 2.1, 0.71, 2500, 0.02), 1e-4, 3.08 + rng.uniform(-0.02, 0.02))
                if step % 2000 == 0 and step < 6000:
                    L.append("[%s] [INFO] [logging.py:128:log_dist] [Rank 0] Saving model checkpoint: /scratch/local/ckpt_stage/global_step%d/mp_rank_00_model_states.pt" % (f_py(t), step))
                    L.append("[%s] [INFO] [engine.py:3539:_save_zero_checkpoint] zero checkpoint saved /scratch/local/ckpt_stage/global_step%d/zero_pp_rank_0_mp_rank_00_optim_states.pt" % (f_py(plus(t, 38)), step))
                    L.append("[%s] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step%d is ready now!" % (f_py(plus(t, 40)), step))
            L.append("[%s] [INFO] [logging.py:128:log_dist] [Rank 0] Saving model checkpoint: /scratch/local/ckpt_stage/global_step6000/mp_rank_00_model_states.pt" % f_py(t_save))
        if h == bad:
            for lr in range(8):
                r = nr * 8 + lr
                tr = plus(t_save, 21.3 + lr * 0.4 + rng.uniform(0, 0.2))
                L += [
                    "[rank%d]: Traceback (most recent call last):" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/serialization.py\", line 850, in save" % r,
                    "[rank%d]:     _save(" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/serialization.py\", line 1114, in _save" % r,
                    "[rank%d]:     zip_file.write_record(name, storage, num_bytes)" % r,
                    "[rank%d]: RuntimeError: [enforce fail at inline_container.cc:783] . PytorchStreamWriter failed writing file data/%d: file write failed" % (r, rng.randint(2, 40)),
                    "[rank%d]: " % r,
                    "[rank%d]: During handling of the above exception, another exception occurred:" % r,
                    "[rank%d]: " % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py\", line 3223, in _save_zero_checkpoint" % r,
                    "[rank%d]:     self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/checkpoint_engine/torch_checkpoint_engine.py\", line 22, in save" % r,
                    "[rank%d]:     torch.save(state_dict, path)" % r,
                    "[rank%d]: OSError: [Errno 28] No space left on device: '/scratch/local/ckpt_stage/global_step6000/zero_pp_rank_%d_mp_rank_00_optim_states.pt'" % (r, r),
                ] if lr in (0, 3, 5, 6) else [
                    "[rank%d]: OSError: [Errno 28] No space left on device" % r,
                ]
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 50311" % f_py(plus(t_save, 26)))
            L.append("[%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0'] exits with return code = 1" % f_py(plus(t_save, 26.2)))
        else:
            L.append("[%s] [INFO] [engine.py:3539:_save_zero_checkpoint] zero checkpoint saved /scratch/local/ckpt_stage/global_step6000/zero_pp_rank_%d_mp_rank_00_optim_states.pt" % (f_py(plus(t_save, 37 + rng.uniform(0, 3))), nr * 8))
            tw = plus(t_save, 1800.2 + 38)
            for lr in range(8):
                L += watchdog_timeout(nr * 8 + lr, plus(tw, rng.uniform(0, 1.5)), rng, 510288, "BARRIER" if lr % 2 else "ALLREDUCE", 1, timeout_ms=1800000, full=(lr == 0))
            L.append("[%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (f_py(plus(tw, 3)), 50311 + nr))
        c.write("%s/ds_node%d.log" % (h, nr), L)
        used = {True: ("3.5T", "3.5T", "0", "100%"), False: ("3.5T", "%.1fT" % (1.1 + rng.uniform(-0.1, 0.2)), "2.%dT" % rng.randint(1, 4), "%d%%" % rng.randint(31, 39))}[h == bad]
        c.write("%s/df-h.txt" % h, [
            "Filesystem      Size  Used Avail Use% Mounted on",
            "/dev/nvme0n1p2  1.8T  212G  1.5T  13% /",
            "tmpfs           1.0T  4.0K  1.0T   1% /dev/shm",
            "/dev/md0        %s  %s  %s %4s /scratch/local" % used,
            "10.20.0.5@tcp:/proj  2.0P  1.3P  690T  66% /mnt/proj",
        ])
        if h == bad:
            c.write("%s/du-scratch-local.txt" % h, [
                "# du -sh /scratch/local/* | sort -h   (run by on-call after the failure)",
                "4.0K\t/scratch/local/lost+found",
                "412G\t/scratch/local/ckpt_stage",
                "3.1T\t/scratch/local/jlee_tmp_sweep_0616",
                "",
                "# ls -la --time-style=long-iso /scratch/local/jlee_tmp_sweep_0616 | head -5",
                "drwxr-xr-x 14 jlee  ml 4096 2024-06-16 03:12 .",
                "drwxrwxrwt  5 root root 4096 2024-07-09 20:58 ..",
                "drwxr-xr-x  2 jlee  ml 4096 2024-06-16 03:12 arrow_cache",
                "-rw-r--r--  1 jlee  ml 212G 2024-06-16 03:11 shard_merge_00.bin",
                "# node epilog 'clean /scratch/local' has been failing on this host since 2024-06-16 (see /var/log/slurm/epilog.log)",
            ])
    c.set_label("storage", "infrastructure", bad, None, "restart_without_node",
                "Only sxm-h4's ranks fail the step-6000 checkpoint with Errno 28 on the node-local /scratch/local, which df shows 100% full because of a 3.1T leftover directory from an earlier job; the other nodes' staging disks are ~35% used and their ranks merely time out in the following barrier.",
                "https://github.com/databrickslabs/dolly/issues/139")
    return c


CASES = [ak01, ak02, ak03, ak04, ak05, ak06, ak07, ak08, ak09, ak10]
