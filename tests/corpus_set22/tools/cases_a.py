"""Cases b01-b10."""

import math

from common import (A100_BUS, H100_BUS, V100_BUS, Bundle, T, at, boot_noise_lines, dcgm_metrics, df_h,
                    dmesg_T, exit_failure, free_m, glog, gpu_inventory, iso, ipmi_sel, nccl_init,
                    nvidia_smi_q, nvidia_smi_table, py_traceback, render_kernel, sec, sig_failure,
                    std_df, torchrun_failure, watchdog_cuda_error, watchdog_timeout)
from scaffold import merge, slurm_cancel, spread, srun_lines, torchrun_fail, torchrun_start, tr_log
from trainlogs import hf_lines, lightning_lines, loss_at, megatron_lines

PY = "/usr/local/lib/python3.10/dist-packages"


# ---------------------------------------------------------------------------
# b01: Xid 79 on one node, CUDA / NCCL errors everywhere
# ---------------------------------------------------------------------------

def b01():
    b = Bundle("b01_cuda_errors_on_every_rank_after_step_4k")
    r = b.rng
    hosts = ["gpu-a05", "gpu-a06", "gpu-a07", "gpu-a08"]
    ips = {h: "10.128.2.%d" % (15 + i) for i, h in enumerate(hosts)}
    job = 771203
    t_start = T("2024-03-12 10:03:11")
    t_train = t_start + sec(118)
    iters = megatron_lines(r, t_train, 1, 4312, 1421.0, total=300000, gbs=1024, tflops=418.0)
    t_x = iters[-1][0] + sec(0.83)         # Xid 79 on gpu-a07 GPU5
    bad_host, bad_lr = "gpu-a07", 5
    bad_rank = 2 * 8 + bad_lr
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(2000, 9000) for h in hosts}
    boot = T("2024-03-01 06:41:09")
    inv = {h: gpu_inventory(r, H100_BUS) for h in hosts}

    for ni, h in enumerate(hosts):
        ev = []
        ev += torchrun_start(t_start + sec(ni * 0.2), agent[h], endpoint="gpu-a05:29500")
        for lr in range(8):
            rank = ni * 8 + lr
            pre = "[default%d]:" % lr
            init = nccl_init(h, pids[h][lr], lr, ips[h], nranks=32, rank=rank, prefix=pre)
            ev += spread(t_start + sec(41 + lr * 0.05), init)
        if ni == 0:
            ev += spread(t_start + sec(9), [
                "[default0]:using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1",
                "[default0]:WARNING: Setting args.overlap_p2p_comm and args.align_param_gather to False since non-interleaved schedule does not support overlapping p2p communication and aligned param AG",
                "[default0]:------------------------ arguments ------------------------",
                "[default0]:  micro_batch_size ................................ 2",
                "[default0]:  global_batch_size ............................... 1024",
                "[default0]:  seq_length ...................................... 4096",
                "[default0]:  lr .............................................. 0.0003",
                "[default0]:  train_iters ..................................... 300000",
                "[default0]:  distributed_timeout_minutes ..................... 10",
                "[default0]:  save_interval ................................... 2000",
                "[default0]:-------------------- end of arguments ---------------------",
                "[default0]:> building GPT2BPETokenizer tokenizer ...",
                "[default0]:> initializing torch distributed ...",
            ])
            ev += spread(t_start + sec(96), [
                "[default0]:[after model, optimizer, and learning rate scheduler are built] datetime: 2024-03-12 10:04:47 ",
                "[default0]:> building train, validation, and test datasets ...",
                "[default0]:[after dataloaders are built] datetime: 2024-03-12 10:05:08 ",
                "[default0]:done with setup ...",
                "[default0]:training ...",
            ])
            ev += spread(iters[1999][0] + sec(0.3), [
                "[default0]:saving checkpoint at iteration    2000 to /lustre/fsw/llm/gpt-70b/ckpt in torch_dist format",
            ])
            ev += spread(iters[1999][0] + sec(31.2), [
                "[default0]:  successfully saved checkpoint from iteration    2000 to /lustre/fsw/llm/gpt-70b/ckpt [ t 1/8, p 1/1 ]",
            ])
            ev += spread(iters[3999][0] + sec(0.3), [
                "[default0]:saving checkpoint at iteration    4000 to /lustre/fsw/llm/gpt-70b/ckpt in torch_dist format",
            ])
            ev += spread(iters[3999][0] + sec(29.7), [
                "[default0]:  successfully saved checkpoint from iteration    4000 to /lustre/fsw/llm/gpt-70b/ckpt [ t 1/8, p 1/1 ]",
            ])
        if ni == 3:
            ev += [(t, "[default7]:" + l) for t, l in iters]

        # failure phase
        if h == bad_host:
            for lr in range(8):
                rank = ni * 8 + lr
                te = t_x + sec(0.35 + lr * 0.013)
                err = "unspecified launch failure"
                blk = watchdog_cuda_error(rank, te, err, r, prefix="[default%d]:" % lr)
                ev += spread(te, blk, 0.0001)
            fail_t = t_x + sec(2.9)
            ev += torchrun_fail(fail_t, agent[h], (2, pids[h][2], -6), [p for i, p in enumerate(pids[h]) if i != 2])
            fails = [sig_failure(fail_t + sec(1.3), h, ni * 8 + lr, lr, 6, pids[h][lr]) for lr in range(8) if lr != 2]
            root = sig_failure(fail_t + sec(1.3), h, ni * 8 + 2, 2, 6, pids[h][2])
            ev += spread(fail_t + sec(1.5), torchrun_failure("pretrain_gpt.py", fails, root))
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                te = t_x + sec(4.1 + r.random() * 3)
                peer = ips[bad_host]
                pre = "[default%d]:" % lr
                blk = [
                    "%s%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGidsfe80::a088:c203:0%d:%04x hca mlx5_%d" % (
                        pre, h, pids[h][lr], pids[h][lr] + 77, lr, peer, r.randint(33000, 61000), ips[h], lr, r.randint(0, 65535), lr),
                    "%s%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (pre, h, pids[h][lr], pids[h][lr] + 77, lr),
                    "%s%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (pre, h, pids[h][lr], pids[h][lr] + 77, lr),
                    "%s%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (pre, h, pids[h][lr], pids[h][lr] + 77, lr),
                    "%s[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (pre, rank, glog(te + sec(0.4), "E", rng=r), rank),
                    "%s[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (pre, rank),
                    "%s[rank%d]:Last error:" % (pre, rank),
                    "%s[rank%d]:NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGidsfe80::a088:c203:05:%04x hca mlx5_%d" % (pre, rank, peer, r.randint(33000, 61000), ips[h], r.randint(0, 65535), lr),
                    "%sterminate called after throwing an instance of 'c10::DistBackendError'" % pre,
                ]
                ev += spread(te, blk, 0.0003)
            fail_t = t_x + sec(9 + ni)
            first = r.randint(0, 7)
            ev += torchrun_fail(fail_t, agent[h], (first, pids[h][first], -6), [p for i, p in enumerate(pids[h]) if i != first])
            fails = [sig_failure(fail_t + sec(1.3), h, ni * 8 + lr, lr, 6, pids[h][lr]) for lr in range(8) if lr != first]
            root = sig_failure(fail_t + sec(1.3), h, ni * 8 + first, first, 6, pids[h][first])
            ev += spread(fail_t + sec(1.5), torchrun_failure("pretrain_gpt.py", fails, root))
        b.add("%s/pretrain-gpt-%d-%s.out" % (h, job, h), merge(ev))

        # dmesg
        kev = boot_noise_lines(r)
        up_x = at(boot, t_x)
        if h == bad_host:
            kev += [
                (up_x - 0.412, "pcieport 0000:a7:01.0: AER: Uncorrected (Fatal) error received: 0000:ab:00.0"),
                (up_x - 0.412, "nvidia 0000:ab:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Inaccessible, (Unregistered Agent ID)"),
                (up_x, "NVRM: GPU at PCI:0000:ab:00: %s" % inv[h][5]["uuid"]),
                (up_x, "NVRM: GPU Board Serial Number: %s" % inv[h][5]["serial"]),
                (up_x, "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                (up_x + 0.000051, "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
                (up_x + 0.000093, "NVRM: A GPU crash dump has been created. If possible, please run"),
                (up_x + 0.000093, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                (up_x + 0.000093, "NVRM: the NVIDIA kernel module is unloaded."),
                (up_x + 3.51, "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"),
            ]
        else:
            kev += [(up_x + 5.2 + r.random(), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing")]
        b.add("%s/dmesg-T.txt" % h, render_kernel(kev, "T", boot))

    # post-mortem nvidia-smi on the bad node (only place it was run)
    t_pm = t_x + sec(1260)
    gp = [g for g in inv[bad_host] if g["idx"] != 5]
    tbl = nvidia_smi_table(t_pm, gp)
    b.add("%s/nvidia-smi.txt" % bad_host, ["Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error"] + tbl)
    b.add("%s/slurm-%d.out" % (hosts[0], job), merge(srun_lines(job, [
        (t_x + sec(6), bad_host, 2, 1),
        (t_x + sec(12), "gpu-a06", 1, 1),
        (t_x + sec(13), "gpu-a08", 3, 1),
        (t_x + sec(11), "gpu-a05", 0, 1),
    ])))
    b.set_label("gpu_hardware", "infrastructure", bad_host, bad_rank, "restart_without_node",
                "gpu-a07's dmesg shows PCIe fatal AER then Xid 79 (GPU fell off the bus) for the GPU of local rank 5 (rank 21) before any rank failed; the CUDA errors on gpu-a07 and the NCCL status=12 errors naming 10.128.2.17 (gpu-a07) on every other node are consequences.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")
    return b


# ---------------------------------------------------------------------------
# b02: IB link flap on one node -> NCCL timeouts everywhere + ckpt save error
# ---------------------------------------------------------------------------

def b02():
    b = Bundle("b02_nccl_timeouts_everywhere_and_checkpoint_failed")
    r = b.rng
    hosts = ["dgx-%03d" % i for i in range(17, 25)]
    ips = {h: "10.0.5.%d" % (29 + 2 * i) for i, h in enumerate(hosts)}
    job = 4419021
    bad = "dgx-021"
    peer_side = "dgx-019"
    t0 = T("2024-04-03 00:12:04")
    t_train = t0 + sec(204)
    step_s = 2.91
    n_steps = 3712
    prog = lightning_lines(r, t_train, 1, n_steps, step_s, total=100000, every=1, nemo=True)
    t_ck = prog[-1][0] + sec(1.2)            # save starts after step 3712? use step 3700 boundary
    t_down = t_ck + sec(9.4)
    t_up = t_down + sec(41)
    t_to = t_ck + sec(600.8)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    boot = T("2024-03-27 18:20:55")

    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            rank = ni * 8 + lr
            ev += spread(t0 + sec(60 + lr * 0.03), nccl_init(h, pids[h][lr], lr, ips[h], iface="ibp26s0", nranks=64, rank=rank))
        if ni == 0:
            ev += spread(t0 + sec(2), [
                "[NeMo I %s nemo_logging:381] Experiments will be logged at /lustre/exp/llama3-8b-cpt/2024-04-03_00-12-02" % t0.strftime("%Y-%m-%d %H:%M:%S"),
                "[NeMo I %s nemo_logging:381] TensorboardLogger has been set up" % t0.strftime("%Y-%m-%d %H:%M:%S"),
                "GPU available: True (cuda), used: True",
                "TPU available: False, using: 0 TPU cores",
                "HPU available: False, using: 0 HPUs",
                "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/64",
                "----------------------------------------------------------------------------------------------------",
                "distributed_backend=nccl",
                "All distributed processes registered. Starting with 64 processes",
                "----------------------------------------------------------------------------------------------------",
            ])
            ev += spread(t_train - sec(3), [
                "[NeMo I %s nemo_logging:381] Setting up ModelTransform for stage: TrainerFn.FITTING" % (t_train - sec(3)).strftime("%Y-%m-%d %H:%M:%S"),
                "  | Name   | Type     | Params | Mode ",
                "----------------------------------------------",
                "0 | module | GPTModel | 1.0 B  | train",
                "----------------------------------------------",
            ])
            ev += prog
            ev += [(t_ck, "[NeMo I %s nemo_logging:381] Async checkpoint save for step 3712 (/lustre/exp/llama3-8b-cpt/checkpoints/model--step=3711-consumed_samples=1900544.0-last.ckpt) started" % t_ck.strftime("%Y-%m-%d %H:%M:%S"))]
            tb = py_traceback([
                ("/opt/NeMo/nemo/lightning/pytorch/callbacks/model_checkpoint.py", 498, "_save_checkpoint", "super()._save_checkpoint(trainer, filepath)"),
                ("%s/lightning/pytorch/callbacks/model_checkpoint.py" % PY, 390, "_save_checkpoint", "trainer.save_checkpoint(filepath, self.save_weights_only)"),
                ("%s/lightning/pytorch/trainer/trainer.py" % PY, 1365, "save_checkpoint", "self.strategy.save_checkpoint(checkpoint, filepath, storage_options=storage_options)"),
                ("/opt/NeMo/nemo/lightning/pytorch/strategies/megatron_strategy.py", 713, "save_checkpoint", "self.checkpoint_io.save_checkpoint(checkpoint, filepath, storage_options=storage_options)"),
                ("/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/fully_parallel.py", 94, "async_save", "self.apply_saving_parallelization(sharded_state_dict)"),
                ("/opt/megatron-lm/megatron/core/dist_checkpointing/exchange_utils.py", 221, "determine_main_replica_uniform_distribution", "torch.distributed.all_gather_object(all_shards, local_shards_no_data, group=parallelization_group)"),
                ("%s/torch/distributed/distributed_c10d.py" % PY, 2605, "all_gather_object", "all_gather(object_size_list, local_size, group=group)"),
            ], ["torch.distributed.DistBackendError: NCCL communicator was aborted on rank 0."])
            ev += spread(t_to + sec(0.7), ["[NeMo E %s nemo_logging:393] Failed to save checkpoint at step 3712" % (t_to + sec(0.7)).strftime("%Y-%m-%d %H:%M:%S")] + tb)
        # failures
        for lr in range(8):
            rank = ni * 8 + lr
            pre = ""
            if h == bad and lr == 3:
                te = t_down + sec(2.2)
                ev += spread(te, [
                    "%s:%d:%d [3] NCCL WARN NET/IB : Got async event : port error" % (h, pids[h][lr], pids[h][lr] + 12),
                    "%s:%d:%d [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<51877> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGidsfe80::a088:c203:003e:91b4 hca mlx5_3" % (h, pids[h][lr], pids[h][lr] + 14, ips[peer_side], ips[h]),
                    "%s:%d:%d [3] NCCL INFO transport/net.cc:1298 -> 6" % (h, pids[h][lr], pids[h][lr] + 14),
                    "%s:%d:%d [3] NCCL INFO proxy.cc:698 -> 6" % (h, pids[h][lr], pids[h][lr] + 14),
                ], 0.001)
                ev += spread(te + sec(0.9), [
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (rank, glog(te + sec(0.9), "E", rng=r), rank),
                    "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rank,
                    "[rank%d]:Last error:" % rank,
                    "[rank%d]:NET/IB : Got completion from peer %s<51877> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGidsfe80::a088:c203:003e:91b4 hca mlx5_3" % (rank, ips[peer_side], ips[h]),
                    "terminate called after throwing an instance of 'c10::DistBackendError'",
                ], 0.0002)
            elif h == peer_side and lr == 3:
                te = t_down + sec(2.4)
                ev += spread(te, [
                    "%s:%d:%d [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<40221> with status=5 opcode=1 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGidsfe80::a088:c203:0041:11c2 hca mlx5_3" % (h, pids[h][lr], pids[h][lr] + 14, ips[bad], ips[h]),
                    "%s:%d:%d [3] NCCL INFO transport/net.cc:1298 -> 6" % (h, pids[h][lr], pids[h][lr] + 14),
                ], 0.001)
                ev += spread(te + sec(1.0), [
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (rank, glog(te + sec(1.0), "E", rng=r), rank),
                    "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rank,
                    "[rank%d]:Last error:" % rank,
                    "[rank%d]:NET/IB : Got completion from peer %s<40221> with status=5 opcode=1 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGidsfe80::a088:c203:0041:11c2 hca mlx5_3" % (rank, ips[bad], ips[h]),
                    "terminate called after throwing an instance of 'c10::DistBackendError'",
                ], 0.0002)
            else:
                te = t_to + sec(r.random() * 0.8)
                ev += spread(te, watchdog_timeout(rank, te, 149021 if lr != 0 else 149020, "ALLGATHER" if lr else "_ALLGATHER_BASE", 1 if lr else 64, 600000, r, with_frames=(lr % 4 == 0)), 0.0001)
        ev.append(slurm_cancel(t_to + sec(35), job, h, step=0))
        b.add("%s/log-%d-%s.out" % (h, job, h), merge(ev))
        kev = boot_noise_lines(r)
        if h == bad:
            kev += [
                (at(boot, t_down), "mlx5_core 0000:5e:00.0 ibp94s0: Link down"),
                (at(boot, t_down) + 0.0004, "mlx5_core 0000:5e:00.0: mlx5_port_module_event:1151:(pid 0): Port module event[error]: module 3, Cable error, Power budget exceeded"),
                (at(boot, t_up), "mlx5_core 0000:5e:00.0 ibp94s0: Link up"),
            ]
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
    b.add("%s/sacct.txt" % hosts[0], [
        "JobID           JobName  Partition    Account  AllocCPUS      State ExitCode ",
        "------------ ---------- ---------- ---------- ---------- ---------- -------- ",
        "%d      nemo-cpt      batch   llm-team       1792     FAILED      1:0 " % job,
        "%d.batch      batch              llm-team        224     FAILED      1:0 " % job,
        "%d.0         python              llm-team       1792  CANCELLED     0:15 " % job,
    ])
    b.set_label("network", "infrastructure", bad, None, "restart_without_node",
                "dgx-021's mlx5_3 link went down (cable/module error) 9 s into a checkpoint save and NCCL on dgx-021 reported an IB port error and status=12 completions; the peer error on dgx-019, the 600 s watchdog timeouts on every other rank and the failed checkpoint are all fallout.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return b


# ---------------------------------------------------------------------------
# b03: host memory eaten by a node daemon -> OOM killer takes a rank
# ---------------------------------------------------------------------------

def b03():
    b = Bundle("b03_training_killed_signal_9_after_nine_hours")
    r = b.rng
    hosts = ["node0041", "node0042", "node0043"]
    ips = {"node0041": "172.20.14.41", "node0042": "172.20.14.42", "node0043": "172.20.14.43"}
    bad = "node0042"
    t0 = T("2024-05-20 21:04:37")
    step_s = 4.07
    n = 8110
    hf = hf_lines(r, t0 + sec(140), 1, n, step_s, total=30000, log_every=10, tqdm=False)
    t_kill = hf[-1][0] + sec(2.3)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    boot = T("2024-04-27 09:12:40")
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0 + sec(ni * 0.3), agent[h], nnodes="3:3", min_nodes=3, world=24, endpoint="node0041:29400"))
        for lr in range(8):
            rank = ni * 8 + lr
            ev += spread(t0 + sec(30 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, ips[h], iface="bond0", net="Socket" if False else "IB", nranks=24, rank=rank,
                                                               hcas=["mlx5_%d:1/RoCE" % i for i in range(4)]))
        if ni == 0:
            ev += spread(t0 + sec(120), [
                "[INFO|trainer.py:2128] 2024-05-20 21:06:57,114 >> ***** Running training *****",
                "[INFO|trainer.py:2129] 2024-05-20 21:06:57,114 >>   Num examples = 3,840,000",
                "[INFO|trainer.py:2130] 2024-05-20 21:06:57,114 >>   Num Epochs = 1",
                "[INFO|trainer.py:2131] 2024-05-20 21:06:57,114 >>   Instantaneous batch size per device = 4",
                "[INFO|trainer.py:2134] 2024-05-20 21:06:57,114 >>   Total train batch size (w. parallel, distributed & accumulation) = 128",
                "[INFO|trainer.py:2136] 2024-05-20 21:06:57,114 >>   Total optimization steps = 30,000",
                "[INFO|trainer.py:2137] 2024-05-20 21:06:57,117 >>   Number of trainable parameters = 13,015,864,320",
            ])
            ev += hf
            for s in (2000, 4000, 6000, 8000):
                ts = hf[0][0] + sec(s * step_s)
                ev.append((ts, "[INFO|trainer.py:3478] %s >> Saving model checkpoint to /mnt/shared/ckpt/sft-13b/checkpoint-%d" % (iso(ts), s)))
        if h == bad:
            victim = 6
            for lr in range(8):
                if lr == victim:
                    continue
            ft = t_kill + sec(0.6)
            ev += torchrun_fail(ft, agent[h], (victim, pids[h][victim], -9), [p for i, p in enumerate(pids[h]) if i != victim])
            fails = [sig_failure(ft + sec(31), h, ni * 8 + lr, lr, 15, pids[h][lr]) for lr in range(8) if lr != victim]
            root = sig_failure(ft + sec(1.3), h, ni * 8 + victim, victim, 9, pids[h][victim])
            ev += spread(ft + sec(31.5), torchrun_failure("train_sft.py", fails, root, launcher="/opt/conda/bin/torchrun", lib_py="/opt/conda/lib/python3.11/site-packages"))
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                te = t_kill + sec(2 + r.random() * 2)
                ev += spread(te, [
                    "%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (h, pids[h][lr], pids[h][lr] + 90, lr, bad, r.randint(35000, 60000)),
                    "%s:%d:%d [%d] NCCL INFO misc/socket.cc:752 -> 6" % (h, pids[h][lr], pids[h][lr] + 90, lr),
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (rank, glog(te + sec(0.3), "E", rng=r), rank),
                    "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rank,
                    "[rank%d]:Last error:" % rank,
                    "[rank%d]:socketProgress: Connection closed by remote peer %s<%d>" % (rank, bad, r.randint(35000, 60000)),
                ], 0.0004)
            first = 0 if ni == 0 else 2
            ft = t_kill + sec(6)
            ev += torchrun_fail(ft, agent[h], (first, pids[h][first], -6), [p for i, p in enumerate(pids[h]) if i != first])
            fails = [sig_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 6, pids[h][lr]) for lr in range(8) if lr != first]
            root = sig_failure(ft + sec(1.3), h, ni * 8 + first, first, 6, pids[h][first])
            ev += spread(ft + sec(1.5), torchrun_failure("train_sft.py", fails, root, launcher="/opt/conda/bin/torchrun", lib_py="/opt/conda/lib/python3.11/site-packages"))
        b.add("%s/train.log" % h, merge(ev))
        # kernel log in uptime format
        kev = boot_noise_lines(r, n_mlx=4)
        up = at(boot, t_kill)
        if h == bad:
            vpid = pids[h][6]
            kev += [
                (up, "python3 invoked oom-killer: gfp_mask=0x140dca(GFP_HIGHUSER_MOVABLE|__GFP_COMP|__GFP_ZERO), order=0, oom_score_adj=0"),
                (up + 0.000006, "CPU: 77 PID: %d Comm: python3 Tainted: P           OE     5.15.0-105-generic #115-Ubuntu" % pids[h][2]),
                (up + 0.000007, "Hardware name: Supermicro SYS-421GE-TNRT/X13DEG-OA, BIOS 1.4 09/22/2023"),
                (up + 0.000112, "Mem-Info:"),
                (up + 0.000118, "active_anon:251803004 inactive_anon:1391 isolated_anon:0"),
                (up + 0.000118, " active_file:2187 inactive_file:1502 isolated_file:0"),
                (up + 0.000119, " free:3302183 free_pcp:812 free_cma:0"),
                (up + 0.000301, "Tasks state (memory values in pages):"),
                (up + 0.000302, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"),
                (up + 0.000303, "[   1317]     0  1317    35772     1181   253952        0          -250 systemd-journal"),
                (up + 0.000304, "[   2211]     0  2211 106544811 104233882 835260416        0          -999 fluent-bit"),
                (up + 0.000305, "[   2690]     0  2690   318823    40117   905216        0          -900 nv-hostengine"),
                (up + 0.000306, "[   3115]     0  3115   483201    10554   671744        0             0 dcgm-exporter"),
            ] + [
                (up + 0.000307 + i * 1e-6, "[ %6d]  1001 %6d %9d %8d %14d        0             0 python3" % (p, p, 41000000 + i * 1000, 17800000 + r.randint(0, 400000), 152000000))
                for i, p in enumerate(pids[h])
            ] + [
                (up + 0.000401, "oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/user.slice/user-1001.slice/session-41.scope,task=python3,pid=%d,uid=1001" % vpid),
                (up + 0.000402, "Out of memory: Killed process %d (python3) total-vm:164008212kB, anon-rss:72340988kB, file-rss:91224kB, shmem-rss:1022304kB, UID:1001 pgtables:148412kB oom_score_adj:0" % vpid),
                (up + 1.88, "oom_reaper: reaped process %d (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:1022304kB" % vpid),
            ]
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "up", boot))
        # memory snapshots
        if h == bad:
            b.add("%s/free-m.txt" % h, ["# collected %s" % (t_kill + sec(300)).strftime("%Y-%m-%d %H:%M:%S UTC")] +
                  free_m(total=1031710, used=438120, free=590010, cache=3580, shared=1190))
            b.add("%s/ps-top-rss.txt" % h, [
                "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND",
                "root        2211  3.1 40.4 426179244 416935528 ?  Ssl  Apr27 1012:44 /opt/fluent-bit/bin/fluent-bit -c /etc/fluent-bit/fluent-bit.conf",
                "root        2690  0.4  0.1 1275292 160468 ?      Ssl  Apr27 181:03 /usr/bin/nv-hostengine -n --service-account nvidia-dcgm",
                "root        3115  0.2  0.0 1932804 42216 ?       Ssl  Apr27  88:12 /usr/bin/dcgm-exporter -f /etc/dcgm-exporter/dcp-metrics-included.csv",
                "root        1317  0.0  0.0 143088  4724 ?        Ss   Apr27   2:07 /lib/systemd/systemd-journald",
            ])
            b.add("%s/systemctl-status-fluent-bit.txt" % h, [
                "* fluent-bit.service - Fluent Bit",
                "     Loaded: loaded (/lib/systemd/system/fluent-bit.service; enabled; vendor preset: enabled)",
                "    Drop-In: /etc/systemd/system/fluent-bit.service.d",
                "             `-override.conf",
                "     Active: active (running) since Sat 2024-04-27 09:13:21 UTC; 3 weeks 2 days ago",
                "   Main PID: 2211 (fluent-bit)",
                "      Tasks: 9 (limit: 1237941)",
                "     Memory: 397.6G",
                "        CPU: 16h 52min 44.118s",
                "     CGroup: /system.slice/fluent-bit.service",
                "             `-2211 /opt/fluent-bit/bin/fluent-bit -c /etc/fluent-bit/fluent-bit.conf",
                "",
                "May 21 05:58:02 node0042 fluent-bit[2211]: [2024/05/21 05:58:02] [ warn] [engine] failed to flush chunk '2211-1716271081.602883141.flb', retry in 1254 seconds: task_id=1841, input=tail.0 > output=es.0 (out_id=0)",
                "May 21 06:09:40 node0042 fluent-bit[2211]: [2024/05/21 06:09:40] [ warn] [engine] failed to flush chunk '2211-1716271779.118234407.flb', retry in 1803 seconds: task_id=1842, input=tail.0 > output=es.0 (out_id=0)",
            ])
        else:
            b.add("%s/free-m.txt" % h, ["# collected %s" % (t_kill + sec(300)).strftime("%Y-%m-%d %H:%M:%S UTC")] +
                  free_m(total=1031710, used=r.randint(9000, 14000), cache=r.randint(200000, 300000), rng=r))
    inv = gpu_inventory(r, H100_BUS)
    b.add("node0043/nvidia-smi-q.txt", nvidia_smi_q(t_kill + sec(420), inv, over={3: {"v_sram_ce": "3", "a_sram_ce": "3"}}))
    b.set_label("host", "infrastructure", bad, None, "restart_without_node",
                "The kernel OOM killer on node0042 killed rank 14 (local rank 6), but its task table shows fluent-bit (oom_score_adj -999) holding ~400 GB RSS after 3 weeks of growth while the training ranks were normal-sized; the host daemon's leak exhausted node memory, the NCCL connection-closed errors elsewhere are fallout.",
                "https://github.com/fluent/fluent-bit/issues/9777")
    return b


# ---------------------------------------------------------------------------
# b04: loss scale collapses right after an Xid 48 DBE on one node
# ---------------------------------------------------------------------------

def b04():
    b = Bundle("b04_loss_scale_collapsed_at_step_61k")
    r = b.rng
    hosts = ["dgx1-b12-n1", "dgx1-b12-n2", "dgx1-b12-n3", "dgx1-b12-n4"]
    bad, bad_lr = "dgx1-b12-n3", 2
    bad_rank = 2 * 8 + bad_lr
    t_res = T("2024-05-09 19:18:40")
    first = 55001
    step_s = 2.11
    n = 6204
    start_t = t_res + sec(150)

    def lossf(i):
        return 1.98 + 0.05 * math.sin(i / 700.0) + r.gauss(0, 0.03) + (0.09 if 61120 < i < 61170 else 0)
    ds = ds_lines_local(r, start_t, first, n, step_s, lossf)
    t_last = start_t + sec(n * step_s)
    t_xid = t_last + sec(0.6)
    boot = T("2024-04-30 11:02:03")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    out = []
    out += [(t_res, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export NCCL_IB_HCA=mlx5; cd /home/svc-train/gpt-neo; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gxLWIxMi1uMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%%n --master_addr=10.31.4.11 --master_port=29500 train.py --deepspeed_config ds_fp16.json" % (t_res.strftime("%Y-%m-%d %H:%M:%S,") + "512", ",".join(hosts)))]
    for ni, h in enumerate(hosts):
        out.append((t_res + sec(3 + ni * 0.1), "%s: [%s] [INFO] [launch.py:146:main] WORLD INFO DICT: {'dgx1-b12-n1': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx1-b12-n2': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx1-b12-n3': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx1-b12-n4': [0, 1, 2, 3, 4, 5, 6, 7]}" % (h, (t_res + sec(3)).strftime("%Y-%m-%d %H:%M:%S,") + "001")))
        out.append((t_res + sec(3 + ni * 0.1), "%s: [%s] [INFO] [launch.py:164:main] dist_world_size=32" % (h, (t_res + sec(3)).strftime("%Y-%m-%d %H:%M:%S,") + "002")))
    out.append((t_res + sec(70), "dgx1-b12-n1: [%s] [INFO] [engine.py:3011:_load_checkpoint] rank: 0 loading checkpoint: /nfs/ckpt/neox-6b/global_step55000/mp_rank_00_model_states.pt" % (t_res + sec(70)).strftime("%Y-%m-%d %H:%M:%S,") + "441"))
    out.append((t_res + sec(96), "dgx1-b12-n1: [%s] [INFO] [fused_optimizer.py:362:_update_scale] Resuming with loss scale 65536.0" % (t_res + sec(96)).strftime("%Y-%m-%d %H:%M:%S,") + "013"))
    out += [(t, "dgx1-b12-n1: " + l) for t, l in ds]
    # overflow cascade
    scale = 65536
    t = t_last + sec(2.4)
    step = first + n
    while scale > 1:
        stamp = t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)
        out.append((t, "dgx1-b12-n1: [%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: %d, reducing to %d" % (stamp, scale, scale // 2)))
        scale //= 2
        step += 1
        t = t + sec(2.05 + r.random() * 0.1)
    t_exc = t
    for ni, h in enumerate(hosts):
        for lr in range(8):
            rank = ni * 8 + lr
            if lr not in (0, 5) and ni != 2:
                continue
            tb = py_traceback([
                ("train.py", 412, "<module>", "main()"),
                ("train.py", 371, "main", "model_engine.step()"),
                ("%s/deepspeed/runtime/engine.py" % PY, 2213, "step", "self._take_model_step(lr_kwargs)"),
                ("%s/deepspeed/runtime/engine.py" % PY, 2119, "_take_model_step", "self.optimizer.step()"),
                ("%s/deepspeed/runtime/fp16/fused_optimizer.py" % PY, 286, "step", "self._update_scale(self.overflow)"),
                ("%s/deepspeed/runtime/fp16/fused_optimizer.py" % PY, 431, "_update_scale", "self.loss_scaler.update_scale(skip)"),
                ("%s/deepspeed/runtime/fp16/loss_scaler.py" % PY, 175, "update_scale", 'raise Exception('),
            ], ["Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run."], prefix="%s: " % h)
            out += spread(t_exc + sec(r.random() * 0.5), tb, 0.0001)
        out.append((t_exc + sec(4 + ni), "%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (h, (t_exc + sec(4 + ni)).strftime("%Y-%m-%d %H:%M:%S,") + "120", pids[h][0])))
        out.append((t_exc + sec(5 + ni), "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', '--local_rank=0', '--deepspeed_config', 'ds_fp16.json'] exits with return code = 1" % (h, (t_exc + sec(5 + ni)).strftime("%Y-%m-%d %H:%M:%S,") + "338")))
    out.append((t_exc + sec(9), "pdsh@dgx1-b12-n1: dgx1-b12-n2: ssh exited with exit code 1"))
    out.append((t_exc + sec(9), "pdsh@dgx1-b12-n1: dgx1-b12-n3: ssh exited with exit code 1"))
    out.append((t_exc + sec(9), "pdsh@dgx1-b12-n1: dgx1-b12-n4: ssh exited with exit code 1"))
    b.add("dgx1-b12-n1/deepspeed_launcher_stdout.log", merge(out))
    for ni, h in enumerate(hosts):
        kev = boot_noise_lines(r, driver="535.161.08", n_mlx=4)
        if h == bad:
            up = at(boot, t_xid)
            kev += [
                (up, "NVRM: Xid (PCI:0000:3a:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 5, subpartition 1." % pids[h][bad_lr]),
                (up + 0.000214, "NVRM: Xid (PCI:0000:3a:00): 63, pid=%d, name=python, Dynamic Page Retirement: New page retired, reboot to activate (0x00000000005d11f2)." % pids[h][bad_lr]),
            ]
        b.add("%s/kern.log" % h, render_kernel(kev, "journal", boot, host=h))
    inv = gpu_inventory(r, V100_BUS, model="Tesla V100-SXM2-32GB")
    q = nvidia_smi_q(t_exc + sec(900), inv, driver="535.161.08", cuda="12.2", sections=("clocks",),
                     over={1: {"events": {"SW Power Cap": True}}})
    b.add("dgx1-b12-n1/nvidia-smi-q.txt", q)
    lines = ["GPU 00000000:3A:00.0", "    Product Name                          : Tesla V100-SXM2-32GB",
             "    ECC Errors", "        Volatile", "            Single Bit", "                Device Memory         : 0",
             "                Register File         : 0", "                L1 Cache              : 0", "                L2 Cache              : 0",
             "                Texture Memory        : N/A", "                Texture Shared        : N/A", "                CBU                   : N/A",
             "                Total                 : 0", "            Double Bit", "                Device Memory         : 1",
             "                Register File         : 0", "                L1 Cache              : 0", "                L2 Cache              : 0",
             "                Texture Memory        : N/A", "                Texture Shared        : N/A", "                CBU                   : 0",
             "                Total                 : 1", "        Aggregate", "            Single Bit", "                Device Memory         : 2",
             "                Total                 : 2", "            Double Bit", "                Device Memory         : 1",
             "                Total                 : 1", "    Retired Pages", "        Single Bit ECC                    : 0",
             "        Double Bit ECC                    : 1", "        Pending Page Blacklist            : Yes"]
    b.add("%s/nvidia-smi-q-gpu2.txt" % bad, ["", "==============NVSMI LOG==============", "",
                                             "Timestamp                                 : %s" % (t_exc + sec(960)).strftime("%a %b %d %H:%M:%S %Y"),
                                             "Driver Version                            : 535.161.08", "CUDA Version                              : 12.2", ""] + lines)
    b.set_label("gpu_memory", "infrastructure", bad, bad_rank, "restart_without_node",
                "Two seconds before the first fp16 OVERFLOW, dgx1-b12-n3 logged Xid 48 (double-bit ECC error) and a page retirement on the GPU of local rank 2 (rank 18); every step overflowed afterwards until the loss scale hit its minimum, so the numerical collapse follows a memory fault, not the optimisation.",
                "https://github.com/microsoft/dion/issues/76")
    return b


def ds_lines_local(r, t0, first, count, step_s, lossf):
    from trainlogs import ds_lines
    return ds_lines(r, t0, first, count, step_s, log_every=10, loss=lossf, fp16=True)


# ---------------------------------------------------------------------------
# b05: local scratch full on one node -> KeyError in DataLoader workers
# ---------------------------------------------------------------------------

def b05():
    b = Bundle("b05_keyerror_input_ids_in_dataloader")
    r = b.rng
    hosts = ["sc-gpu-q3-05", "sc-gpu-q3-06", "sc-gpu-q3-07", "sc-gpu-q3-08"]
    ips = {h: "10.44.3.%d" % (105 + i) for i, h in enumerate(hosts)}
    bad = "sc-gpu-q3-07"
    job = 208817
    t0 = T("2024-10-14 08:30:02")
    t_map_done = t0 + sec(611)
    t_train = t0 + sec(655)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0 + sec(ni * 0.2), agent[h], endpoint="sc-gpu-q3-05:29500"))
        for lr in range(8):
            rank = ni * 8 + lr
            ev += spread(t0 + sec(25 + lr * 0.02), nccl_init(h, pids[h][lr], lr, ips[h], iface="ens9f0np0", hcas=["mlx5_%d:1/RoCE" % i for i in range(8)], rank=rank))
        ev += spread(t0 + sec(40), [
            "[rank%d]:2024-10-14 08:30:42,119 - prep_data - INFO - Tokenizing on local main process; cache dir /scratch/kchen/hf_cache" % (ni * 8),
            "Map (num_proc=32):   0%|          | 0/2104332 [00:00<?, ? examples/s]",
        ])
        for k in range(1, 10):
            ev.append((t0 + sec(40 + 57 * k), "Map (num_proc=32):  %d%%|%s| %d/2104332 [%02d:%02d<%02d:%02d, %d examples/s]" % (
                k * 10, "#" * k + " " * (10 - k), 210433 * k, (57 * k) // 60, (57 * k) % 60, (57 * (10 - k)) // 60, (57 * (10 - k)) % 60, 3690 + r.randint(-80, 80))))
        if h == bad:
            ev += spread(t0 + sec(505), [
                "[rank16]:2024-10-14 08:38:27,402 - prep_data - WARNING - could not persist tokenized shard 00017 to /scratch/kchen/hf_cache/json/default-7f3a9e2c41d0b5a8/0.0.0/cache-9c1e1a2b_00017_of_00032.arrow: [Errno 28] No space left on device",
                "[rank16]:2024-10-14 08:38:27,403 - prep_data - WARNING - continuing; shard will be re-read from the raw json on demand",
            ])
        ev.append((t_map_done, "Map (num_proc=32): 100%%|##########| 2104332/2104332 [10:11<00:00, %d examples/s]" % (3441 + r.randint(-50, 50))))
        if ni == 0:
            ev += spread(t_train, [
                "[INFO|trainer.py:2243] 2024-10-14 08:40:57,300 >> ***** Running training *****",
                "[INFO|trainer.py:2244] 2024-10-14 08:40:57,300 >>   Num examples = 2,104,332",
                "[INFO|trainer.py:2248] 2024-10-14 08:40:57,300 >>   Total optimization steps = 8,220",
                "  0%|          | 0/8220 [00:00<?, ?it/s]",
            ])
        if h == bad:
            for lr in range(8):
                rank = ni * 8 + lr
                te = t_train + sec(3.2 + lr * 0.07)
                tb = py_traceback([
                    ("/home/kchen/sft/train.py", 188, "<module>", "trainer.train()"),
                    ("%s/transformers/trainer.py" % PY, 2052, "train", "return inner_training_loop("),
                    ("%s/transformers/trainer.py" % PY, 2345, "_inner_training_loop", "for step, inputs in enumerate(epoch_iterator):"),
                    ("%s/accelerate/data_loader.py" % PY, 550, "__iter__", "current_batch = next(dataloader_iter)"),
                    ("%s/torch/utils/data/dataloader.py" % PY, 701, "__next__", "data = self._next_data()"),
                    ("%s/torch/utils/data/dataloader.py" % PY, 1465, "_next_data", "return self._process_data(data)"),
                    ("%s/torch/utils/data/dataloader.py" % PY, 1491, "_process_data", "data.reraise()"),
                    ("%s/torch/_utils.py" % PY, 715, "reraise", "raise exception"),
                ], ["KeyError: Caught KeyError in DataLoader worker process 1.", "Original Traceback (most recent call last):",
                    '  File "%s/torch/utils/data/_utils/worker.py", line 351, in _worker_loop' % PY,
                    "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                    '  File "%s/torch/utils/data/_utils/fetch.py", line 55, in fetch' % PY,
                    "    return self.collate_fn(data)",
                    '  File "/home/kchen/sft/collate.py", line 41, in __call__',
                    '    input_ids = [torch.tensor(f["input_ids"]) for f in features]',
                    '  File "/home/kchen/sft/collate.py", line 41, in <listcomp>',
                    '    input_ids = [torch.tensor(f["input_ids"]) for f in features]',
                    "KeyError: 'input_ids'", ""], prefix="[rank%d]: " % rank)
                ev += spread(te, tb, 0.0001)
            ft = t_train + sec(5)
            ev += torchrun_fail(ft, agent[h], (0, pids[h][0], 1), [p for i, p in enumerate(pids[h]) if i != 0])
            fails = [exit_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 1, pids[h][lr]) for lr in range(1, 8)]
            root = exit_failure(ft + sec(1.3), h, ni * 8, 0, 1, pids[h][0])
            ev += spread(ft + sec(1.5), torchrun_failure("train.py", fails, root))
        else:
            for lr in range(8):
                rank = ni * 8 + lr
                te = t_train + sec(7 + r.random())
                ev += spread(te, [
                    "%s:%d:%d [%d] misc/socket.cc:538 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (h, pids[h][lr], pids[h][lr] + 33, lr, ips[bad], r.randint(40000, 60000)),
                    "[rank%d]:[%s ProcessGroupNCCL.cpp:1895] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (rank, glog(te, "E", rng=r), rank),
                    "[rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % rank,
                ], 0.0003)
            fr = 3 if ni else 0
            ft = t_train + sec(9)
            ev += torchrun_fail(ft, agent[h], (fr, pids[h][fr], -6), [p for i, p in enumerate(pids[h]) if i != fr])
            fails = [sig_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 6, pids[h][lr]) for lr in range(8) if lr != fr]
            root = sig_failure(ft + sec(1.3), h, ni * 8 + fr, fr, 6, pids[h][fr])
            ev += spread(ft + sec(1.5), torchrun_failure("train.py", fails, root))
        b.add("%s/%s-%d.log" % (h, h, job), merge(ev))
        if h == bad:
            b.add("%s/df.txt" % h, df_h(std_df(r, local=("/dev/md0", "/scratch", "3.5T", "3.5T"))[:-2] + [
                ("/dev/md0", "3.5T", "3.5T", "0", "100%", "/scratch"), ("10.9.0.10@o2ib:/lustre", "4.2P", "3.1P", "1.1P", "74%", "/lustre")]))
            b.add("%s/du-scratch.txt" % h, ["3.1T\t/scratch/tmp_ljones_sweep_0412", "402G\t/scratch/kchen", "1.2G\t/scratch/enroot-cache", "0\t/scratch/lost+found"])
        else:
            b.add("%s/df.txt" % h, df_h(std_df(r, local=("/dev/md0", "/scratch", "3.5T", "%.1fT" % r.uniform(1.1, 1.7)))))
    b.set_label("storage", "infrastructure", bad, None, "restart_without_node",
                "Only sc-gpu-q3-07's ranks died with KeyError 'input_ids'; its tokenization had already hit ENOSPC on the node-local /scratch (100% full, 3.1T left over from another user's sweep), so the cached shard lacked the tokenized column. The other nodes tokenized fine and only saw the peers disappear.",
                "https://github.com/NVIDIA/Megatron-LM/issues/878")
    return b


# ---------------------------------------------------------------------------
# b06: Xid 13 on every node + illegal memory access on every rank (user kernel)
# ---------------------------------------------------------------------------

def b06():
    b = Bundle("b06_illegal_memory_access_on_all_nodes")
    r = b.rng
    hosts = ["cn-2041", "cn-2042", "cn-2043", "cn-2044"]
    ips = {h: "10.10.%d.%d" % (20 + i, 41 + i) for i, h in enumerate(hosts)}
    t0 = T("2024-07-02 16:20:11")
    t_fail = t0 + sec(143.2)
    boot = T("2024-06-28 02:14:51")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    agent = {h: b.pid(1000, 9000) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = list(torchrun_start(t0 + sec(ni * 0.15), agent[h], endpoint="cn-2041:29510"))
        for lr in range(8):
            rank = ni * 8 + lr
            ev += spread(t0 + sec(20 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, ips[h], rank=rank, version="2.21.5+cuda12.4"))
        if ni == 0:
            ev += spread(t0 + sec(8), [
                "[rank0]:[titan] 2024-07-02 16:20:19,101 - root - INFO - Starting job: llama3-8b-moe-rope-triton",
                "[rank0]:[titan] 2024-07-02 16:20:19,544 - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]",
                "[rank0]:[titan] 2024-07-02 16:20:31,818 - root - INFO - Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=16384, depth_init=True, norm_type='rmsnorm')",
                "[rank0]:[titan] 2024-07-02 16:20:31,900 - root - INFO - Using custom rotary kernel experiments.kernels.rope_triton (block_m=128) for seq_len 16384",
                "[rank0]:[titan] 2024-07-02 16:21:42,337 - root - INFO - Training starts at step 1, with local batch size 1, global batch size 32, sequence length 16384, total steps 30000 (warmup 400)",
            ])
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_fail + sec(0.8 + r.random() * 0.5)
            tb = py_traceback([
                ("/workspace/torchtitan/train.py", 437, "<module>", "main(config)"),
                ("%s/torch/distributed/elastic/multiprocessing/errors/__init__.py" % PY, 355, "wrapper", "return f(*args, **kwargs)"),
                ("/workspace/torchtitan/train.py", 307, "main", "loss.backward()"),
                ("%s/torch/_tensor.py" % PY, 581, "backward", "torch.autograd.backward("),
                ("%s/torch/autograd/function.py" % PY, 307, "apply", "return user_fn(self, *args)"),
                ("/workspace/experiments/kernels/rope_triton.py", 212, "backward", "_rope_bwd_kernel[grid](dq, dk, cos, sin, q.stride(0), q.stride(1), S, H, D, BLOCK_M=ctx.block_m)"),
                ("%s/triton/runtime/jit.py" % PY, 345, "<lambda>", "return lambda *args, **kwargs: self.run(grid=grid, warmup=False, *args, **kwargs)"),
            ], ["RuntimeError: CUDA error: an illegal memory access was encountered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1", "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""],
                prefix="[rank%d]: " % rank)
            ev += spread(te, tb, 0.0001)
        ft = t_fail + sec(3)
        first = [4, 0, 6, 1][ni]
        ev += torchrun_fail(ft, agent[h], (first, pids[h][first], 1), [p for i, p in enumerate(pids[h]) if i != first])
        fails = [exit_failure(ft + sec(1.3), h, ni * 8 + lr, lr, 1, pids[h][lr], "/tmp/torchelastic_x/attempt_0/%d/error.json" % lr) for lr in range(8) if lr != first]
        root = exit_failure(ft + sec(1.3), h, ni * 8 + first, first, 1, pids[h][first], "/tmp/torchelastic_x/attempt_0/%d/error.json" % first)
        ev += spread(ft + sec(1.5), torchrun_failure("train.py", fails, root))
        b.add("%s/stdout_%s.txt" % (h, h), merge(ev))
        kev = boot_noise_lines(r)
        base = at(boot, t_fail) + (0.0 if ni == 0 else 0.041 + 0.003 * ni)
        for g in range(8):
            bus = H100_BUS[g]
            o = base + g * 0.0009
            gpc, tpc = r.randint(0, 7), r.randint(0, 8)
            kev += [
                (o, "NVRM: Xid (PCI:0000:%s:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC %d, TPC %d, SM 0): Out Of Range Address" % (bus, gpc, tpc)),
                (o + 0.000003, "NVRM: Xid (PCI:0000:%s:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Global Exception on (GPC %d, TPC %d, SM 0): Multiple Warp Errors" % (bus, gpc, tpc)),
                (o + 0.000011, "NVRM: Xid (PCI:0000:%s:00): 13, pid=%d, name=python3, Graphics Exception: ESR 0x%x=0x%x 0x%x=0x24 0x%x=0x1f81fb60 0x%x=0x1174" % (
                    bus, pids[h][g], 0x50c730 + 0x800 * gpc, 0xc06000e, 0x50c734 + 0x800 * gpc, 0x50c728 + 0x800 * gpc, 0x50c72c + 0x800 * gpc)),
                (o + 0.0041, "NVRM: Xid (PCI:0000:%s:00): 43, pid=%d, name=python3, Ch 00000008" % (bus, pids[h][g])),
            ]
        b.add("%s/dmesg.log" % h, render_kernel(kev, "T", boot))
    b.add("cn-2041/job.toml", [
        "[job]", 'dump_folder = "/checkpoints/llama3-8b-moe"', 'description = "llama3-8b-moe-rope-triton"', "",
        "[model]", 'name = "llama3"', 'flavor = "8B"', 'norm_type = "rmsnorm"', 'rope_impl = "experiments.kernels.rope_triton"  # new: fused triton rope, block_m=128', "",
        "[training]", "batch_size = 1", "seq_len = 16384  # was 8192", "steps = 30000", "data_parallel_shard_degree = 32", "",
        "[checkpoint]", "enable_checkpoint = true", "interval = 500",
    ])
    b.set_label("user_code", "script", None, None, "stop",
                "Every rank on all four nodes hit an illegal memory access in the first backward pass inside the job's own Triton RoPE kernel, right after seq_len was doubled; the Xid 13 'Out Of Range Address' entries occur on every GPU of every node at the same instant (cn-2041 is merely a few ms earlier), which is a software fault, not one bad GPU.",
                "https://github.com/svg-project/Sparse-VideoGen/pull/74")
    return b


# ---------------------------------------------------------------------------
# b07: same GPU crashes in two attempts at different steps / kernels
# ---------------------------------------------------------------------------

def b07():
    b = Bundle("b07_illegal_memory_access_again_after_requeue")
    r = b.rng
    hosts = ["node-r07-01", "node-r07-02", "node-r07-03", "node-r07-04"]
    bad, bad_lr = "node-r07-02", 5
    bad_rank = 8 + bad_lr
    job = 88231
    boot = T("2024-06-03 14:07:19")
    inv = gpu_inventory(r, H100_BUS)

    def attempt(k, t0, first_step, fail_step, kernel):
        step_s = 1.63
        prog = lightning_lines(r, t0 + sec(95), first_step, fail_step - first_step, step_s, total=20000, every=25)
        t_fail = prog[-1][0] + sec(step_s * 0.7)
        for ni, h in enumerate(hosts):
            ev = []
            for lr in range(8):
                rank = ni * 8 + lr
                ev.append((t0 + sec(4 + 0.01 * rank), "%d: [rank: %d] Seed set to 1234" % (rank, rank)))
                ev.append((t0 + sec(5 + 0.01 * rank), "%d: Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (rank, rank, rank + 1)))
            if ni == 0:
                ev += spread(t0 + sec(9), ["0: ----------------------------------------------------------------------------------------------------",
                                          "0: distributed_backend=nccl", "0: All distributed processes registered. Starting with 32 processes",
                                          "0: ----------------------------------------------------------------------------------------------------", "0: "])
                if first_step > 1:
                    ev.append((t0 + sec(60), "0: Restoring states from the checkpoint path at /lustre/proj/vit-22b/ckpt/step=%d.ckpt" % (first_step - 1)))
                    ev.append((t0 + sec(88), "0: Restored all states from the checkpoint at /lustre/proj/vit-22b/ckpt/step=%d.ckpt" % (first_step - 1)))
                ev.append((t0 + sec(70), "0: /usr/local/lib/python3.10/dist-packages/flash_attn/flash_attn_interface.py:90: FutureWarning: `torch.library.impl_abstract` was renamed to `torch.library.register_fake`. Please use that instead; we will remove `torch.library.impl_abstract` in a future version of PyTorch."))
                ev += [(t, "0: " + l) for t, l in prog]
            for lr in range(8):
                rank = ni * 8 + lr
                if h == bad and lr == bad_lr:
                    te = t_fail
                    if kernel == "flash":
                        frames = [
                            ("/home/mlops/vit/train.py", 144, "<module>", "trainer.fit(model, datamodule=dm, ckpt_path=args.resume)"),
                            ("%s/lightning/pytorch/loops/optimization/automatic.py" % PY, 318, "backward_fn", "self.trainer._call_strategy_hook(\"backward\", loss, optimizer)"),
                            ("%s/torch/autograd/function.py" % PY, 307, "apply", "return user_fn(self, *args)"),
                            ("%s/flash_attn/flash_attn_interface.py" % PY, 860, "backward", "_wrapped_flash_attn_backward("),
                            ("%s/flash_attn/flash_attn_interface.py" % PY, 255, "_flash_attn_backward", "dq, dk, dv, softmax_d, = flash_attn_gpu.bwd("),
                        ]
                        err = "an illegal memory access was encountered"
                    else:
                        frames = [
                            ("/home/mlops/vit/train.py", 144, "<module>", "trainer.fit(model, datamodule=dm, ckpt_path=args.resume)"),
                            ("%s/lightning/pytorch/loops/training_epoch_loop.py" % PY, 250, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
                            ("/home/mlops/vit/model.py", 211, "forward", "x = x + self.mlp(self.norm2(x))"),
                            ("%s/torch/nn/modules/linear.py" % PY, 125, "forward", "return F.linear(input, self.weight, self.bias)"),
                        ]
                        err = "unspecified launch failure"
                    tb = py_traceback(frames, ["RuntimeError: CUDA error: %s" % err,
                                               "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                                               "For debugging consider passing CUDA_LAUNCH_BLOCKING=1", "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""],
                                      prefix="%d: " % rank)
                    ev += spread(te, tb, 0.0001)
                else:
                    te = t_fail + sec(1800.4 + r.random())
                    seq = 10 * fail_step + 3
                    ev += spread(te, watchdog_timeout(rank, te, seq, "ALLREDUCE", 262144000 if lr % 2 else 1, 1800000, r, with_frames=False, prefix="%d: " % rank), 0.0001)
            if h == bad:
                ev.append((t_fail + sec(5), "srun: error: %s: task %d: Exited with exit code 1" % (h, bad_rank)))
            b.add("attempt_%d/%s/train.%d_%d.%s.log" % (k, h, job, k, h), merge(ev))
            if k == 1:
                kev = boot_noise_lines(r)
                if h == bad:
                    for tt, sub in ((t_first_fail[0], "Illegal Instruction Parameter"), (t_fail, "Illegal Address")):
                        up = at(boot, tt) - 0.002
                        kev += [
                            (up, "NVRM: Xid (PCI:0000:ab:00): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 5, TPC 3, SM 1): %s" % sub),
                            (up + 0.000004, "NVRM: Xid (PCI:0000:ab:00): 13, pid='<unknown>', name=<unknown>, Graphics Exception: ESR 0x52df30=0x20d 0x52df34=0x0 0x52df28=0xffffffff 0x52df2c=0x17f"),
                            (up + 0.0051, "NVRM: Xid (PCI:0000:ab:00): 45, pid=%d, name=python3, Ch 00000010" % (40000 + k * 777 + int(up) % 997)),
                        ]
                b.add("attempt_1/%s/dmesg-T.txt" % h, render_kernel(kev, "T", boot))
        return t_fail

    t_first_fail = [None]
    t_first_fail[0] = attempt(0, T("2024-06-11 03:17:06"), 1, 2311, "flash")
    t2 = attempt(1, T("2024-06-11 05:09:44"), 2001, 3870, "linear")
    b.add("attempt_1/%s/nvidia-smi-q.txt" % bad, nvidia_smi_q(t2 + sec(2000), inv))
    b.add("attempt_0/node-r07-01/sbatch_requeue.log", [
        "%s job %d exited 1 -> requeue (attempt 1 of 3), reason: NonZeroExitCode" % ((t_first_fail[0] + sec(1830)).strftime("%Y-%m-%dT%H:%M:%S"), job),
        "%s job %d requeued, nodelist=node-r07-[01-04]" % ((t_first_fail[0] + sec(1834)).strftime("%Y-%m-%dT%H:%M:%S"), job)])
    b.set_label("gpu_hardware", "infrastructure", bad, bad_rank, "restart_without_node",
                "Both attempts failed first on rank 13 (node-r07-02 local rank 5) at different steps in different kernels (flash-attn backward, then a plain linear), and node-r07-02's dmesg shows Xid 13 on the same GPU (PCI ab) at both failure times while no other GPU logs anything; a code bug would not follow one physical GPU.",
                "https://github.com/opendatalab/MinerU/issues/426")
    return b


# ---------------------------------------------------------------------------
# b08: Lustre outage on every node; corrected-ECC noise on one
# ---------------------------------------------------------------------------

def b08():
    b = Bundle("b08_checkpoint_write_input_output_error")
    r = b.rng
    hosts = ["gpu-c11", "gpu-c12", "gpu-c13", "gpu-c14"]
    t0 = T("2024-02-07 08:01:55")
    step_s = 0.88
    prog = lightning_lines(r, t0 + sec(110), 1, 12000, step_s, total=60000, every=50)
    t_save = prog[-1][0] + sec(0.5)
    t_lost = t_save - sec(35)
    t_evict = t_lost + sec(287)
    t_err = t_evict + sec(0.4)
    t_restored = t_lost + sec(1039)
    boot = T("2024-01-30 12:40:02")
    inv = {h: gpu_inventory(r, H100_BUS) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = []
        if ni == 0:
            ev += spread(t0 + sec(30), ["GPU available: True (cuda), used: True", "TPU available: False, using: 0 TPU cores",
                                       "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/32",
                                       "----------------------------------------------------------------------------------------------------",
                                       "distributed_backend=nccl", "All distributed processes registered. Starting with 32 processes",
                                       "----------------------------------------------------------------------------------------------------"])
            ev += prog
            for s in (3000, 6000, 9000):
                ev.append((t0 + sec(110 + s * step_s + 1), "Epoch 0, global step %d: 'val_loss' reached %.5f (best %.5f), saving model to '/lustre/proj/mm-diffusion/ckpt/step=%d.ckpt' as top 3" % (s, 2.1 - s / 20000, 2.1 - s / 20000, s)))
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_err + sec(r.random() * 1.5)
            tb = py_traceback([
                ("/home/ml/mmdiff/train.py", 97, "<module>", "trainer.fit(model, dm)"),
                ("%s/lightning/pytorch/callbacks/model_checkpoint.py" % PY, 390, "_save_checkpoint", "trainer.save_checkpoint(filepath, self.save_weights_only)"),
                ("%s/lightning/pytorch/strategies/fsdp.py" % PY, 596, "save_checkpoint", "_distributed_checkpoint_save(converted_state, path)"),
                ("%s/torch/distributed/checkpoint/state_dict_saver.py" % PY, 296, "write_data", "all_writes = storage_writer.write_data(final_local_plan, planner)"),
                ("%s/torch/distributed/checkpoint/filesystem.py" % PY, 155, "_write_files_from_queue", "_write_item(stream, data, write_item, storage_key)"),
                ("%s/torch/distributed/checkpoint/filesystem.py" % PY, 132, "_write_item", "stream.write(data.getbuffer())"),
            ], ["OSError: [Errno 5] Input/output error: '/lustre/proj/mm-diffusion/ckpt/step=12000.ckpt/__%d_0.distcp'" % rank, ""], prefix="[rank%d]: " % rank)
            ev += spread(te, tb, 0.0002)
        ev.append((t_err + sec(8), "srun: error: %s: tasks %d-%d: Exited with exit code 1" % (h, ni * 8, ni * 8 + 7)))
        b.add("%s/slurm-%s.out" % (h, h), merge(ev))
        kev = boot_noise_lines(r)
        kev += [
            (at(boot, t_lost), "Lustre: lustre-OST0007-osc-ff3d6b0a4c219000: Connection to lustre-OST0007 (at 10.9.0.17@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
            (at(boot, t_lost) + 50.1, "LustreError: 11-0: lustre-OST0007-osc-ff3d6b0a4c219000: operation ost_connect to node 10.9.0.17@o2ib failed: rc = -16"),
            (at(boot, t_lost) + 201.4, "Lustre: 3311:0:(client.c:2295:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@ffff9a31c2d94680 x1790211843312448/t0(0) o4->lustre-OST0007-osc-ff3d6b0a4c219000@10.9.0.17@o2ib:6/4 lens 488/448 e 0 to 1 dl %d ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:'python3.%d'" % (
                int(t_lost.timestamp()) + 100, int(t_lost.timestamp()) + 100, int(t_lost.timestamp()) + 201, 400000 + ni)),
            (at(boot, t_evict), "LustreError: 167-0: lustre-OST0007-osc-ff3d6b0a4c219000: This client was evicted by lustre-OST0007; in progress operations using this service will fail."),
            (at(boot, t_evict) + 0.01, "LustreError: 3311:0:(ldlm_resource.c:1125:ldlm_resource_complain()) lustre-OST0007-osc-ff3d6b0a4c219000: namespace resource [0x3c11a2:0x0:0x0].0x0 (ffff9a3ba77e1b00) refcount nonzero (1) after lock cleanup; forcing cleanup."),
            (at(boot, t_restored), "Lustre: lustre-OST0007-osc-ff3d6b0a4c219000: Connection restored to 10.9.0.17@o2ib (at 10.9.0.17@o2ib)"),
        ]
        if h == "gpu-c13":
            kev.append((at(boot, t_lost) - 412.7, "NVRM: Xid (PCI:0000:9a:00): 92, pid=%d, name=python3, High single-bit ECC error rate" % r.randint(200000, 300000)))
        b.add("%s/dmesg_T.txt" % h, render_kernel(kev, "T", boot))
    b.add("gpu-c13/nvidia-smi-q.txt", nvidia_smi_q(t_err + sec(600), inv["gpu-c13"], over={4: {"v_dram_ce": "14", "a_dram_ce": "231", "rr_ce": "0"}}))
    b.add("gpu-c13/dcgm-exporter-scrape.prom", dcgm_metrics("gpu-c13", inv["gpu-c13"], {
        "DCGM_FI_DEV_GPU_TEMP": {None: 61, 4: 63},
        "DCGM_FI_DEV_ECC_SBE_VOL_TOTAL": {None: 0, 4: 14},
        "DCGM_FI_DEV_ECC_DBE_VOL_TOTAL": {None: 0},
        "DCGM_FI_DEV_XID_ERRORS": {None: 0, 4: 92},
    }))
    b.set_label("storage", "infrastructure", None, None, "restart",
                "All 32 ranks on all four nodes got EIO writing the step-12000 checkpoint because every client lost and was then evicted by lustre-OST0007; the OST came back ~17 minutes later. gpu-c13's Xid 92 / corrected single-bit ECC count predates the outage, touched no rank and is a red herring.",
                "https://github.com/Mikubill/naifu/issues/35")
    return b


# ---------------------------------------------------------------------------
# b09: straggler after a chassis fan failed (SEL)
# ---------------------------------------------------------------------------

def b09():
    b = Bundle("b09_iterations_slowed_from_1_4s_to_2_1s")
    r = b.rng
    hosts = ["h100-r2-%02d" % i for i in range(1, 9)]
    bad = "h100-r2-06"
    bad_rank = 5 * 8 + 3
    job = 992817
    t0 = T("2024-08-19 00:40:12")
    t_train = t0 + sec(160)
    t_fan = T("2024-08-19 04:02:37")
    t_slow = t_fan + sec(290)
    nsteps = 14350

    def slow(i):
        return 1.0
    # compute iteration times with a switch at t_slow
    lines = []
    t = t_train
    i = 1
    evs = []
    while i <= nsteps:
        f = 1.0 if t < t_slow else (1.0 + min(0.47, (t - t_slow).total_seconds() / 900.0 * 0.47))
        chunk = megatron_lines(r, t, i, 1, 1402.0, total=500000, gbs=2048, tflops=402.0, slow=lambda _i, f=f: f)
        t = chunk[0][0]
        if i % 5 == 0:
            evs.append(chunk[0])
        if i % 250 == 0:
            if t < t_slow:
                mx, mxr, mn_clk, mxt, mxtr = 1433.5 + r.random() * 10, r.choice([12, 41, 27, 60]), 1965.0, 66.0 + r.randint(0, 3), r.choice([44, 3, 17])
            else:
                mx, mxr, mn_clk, mxt, mxtr = 1402.0 * f * 1.02, bad_rank, 1980.0 - 700 * min(1.0, (t - t_slow).total_seconds() / 900.0), 86.0 + r.randint(0, 3), bad_rank
            evs.append((t, " [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %.2fmW/%d | MxPwr/Rnk: %.2fmW/%d | MnTmp/Rnk: %.2fC/%d | MxTmp/Rnk: %.2fC/%d | MnUtl/Rnk: %.2f%%/%d | MxUtl/Rnk: %.2f%%/%d | MnClk/Rnk: %.2fMHz/%d | MxClk/Rnk: %.2fMHz/%d" % (
                t.strftime("%Y-%m-%d %H:%M:%S"), 1380 + r.random() * 8, r.randint(0, 63), mx, mxr, 601000.0 + r.randint(0, 9000), r.randint(0, 63),
                699000.0, r.randint(0, 63), 49.0 + r.randint(0, 2), r.randint(0, 63), mxt, mxtr, 96.0, r.randint(0, 63), 100.0, r.randint(0, 63),
                mn_clk, bad_rank if t >= t_slow else r.randint(0, 63), 1980.0, r.randint(0, 63))))
        i += 1
    t_cancel = evs[-1][0] + sec(23.4)
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    boot = T("2024-08-02 10:11:45")
    inv = {h: gpu_inventory(r, H100_BUS) for h in hosts}
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(50 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.220.6.%d" % (10 + ni), iface="ibs3", nranks=64, rank=ni * 8 + lr))
        if ni == 7:
            ev += [(tt, l) for tt, l in evs]
        if ni == 0:
            ev += spread(t0 + sec(5), ["using world size: 64, data-parallel size: 8, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1",
                                      "  log_interval .................................... 5", "  log_straggler ................................... True",
                                      "  straggler_minmax_count .......................... 1"])
        ev.append(slurm_cancel(t_cancel, job, h, step=0))
        for lr in (0, 4):
            ev.append((t_cancel + sec(0.4), "[rank%d]:[%s ProcessGroupNCCL.cpp:1168] [PG ID 0 PG GUID 0(default_pg) Rank %d] Future for ProcessGroup abort timed out after 600000 ms" % (ni * 8 + lr, glog(t_cancel + sec(0.4), "W", rng=r), ni * 8 + lr)))
        ev.append((t_cancel + sec(1), "W0819 09:31:03.118000 %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % r.randint(1000, 5000)))
        b.add("%s/megatron-%d-%s.log" % (h, job, h), merge(ev))
    # SEL on bad node
    sel = [
        ("  1", T("2024-07-12 16:20:40"), "Event Logging Disabled SEL_STATUS", "Log area reset/cleared", "Asserted"),
        ("  2", T("2024-08-02 10:09:58"), "System ACPI Power State ACPI_STATE", "S0/G0: working", "Asserted"),
        ("  3", T("2024-08-02 10:10:31"), "Power Supply PSU1_STATUS", "Power Supply AC lost", "Deasserted"),
        ("  4", t_fan, "Fan FAN6_SPEED", "Lower Critical going low", "Asserted"),
        ("  5", t_fan + sec(4), "Fan FAN6_SPEED", "Lower Non-recoverable going low", "Asserted"),
        ("  6", t_fan + sec(221), "Temperature GPU3_TEMP", "Upper Non-critical going high", "Asserted"),
        ("  7", t_fan + sec(263), "Temperature GPU2_TEMP", "Upper Non-critical going high", "Asserted"),
        ("  8", t_fan + sec(305), "Temperature GPU3_TEMP", "Upper Critical going high", "Asserted"),
    ]
    b.add("%s/ipmitool-sel-elist.txt" % bad, ipmi_sel(sel))
    b.add("%s/ipmitool-sel-elist.txt" % "h100-r2-02", ipmi_sel(sel[:3]))
    t_q = T("2024-08-19 05:30:11")
    b.add("%s/nvidia-smi-q.txt" % bad, nvidia_smi_q(t_q, inv[bad], over={
        3: {"temp": "88", "memtemp": "93", "events": {"HW Slowdown": True, "HW Thermal Slowdown": True}, "gclk": "1275", "power": "402.17"},
        2: {"temp": "85", "memtemp": "90", "events": {"SW Thermal Slowdown": True}, "gclk": "1665", "power": "611.40"},
        **{g: {"temp": str(66 + g % 3), "power": "%.2f" % (660 + g)} for g in (0, 1, 4, 5, 6, 7)}}))
    b.add("h100-r2-02/nvidia-smi-q.txt", nvidia_smi_q(t_q, inv["h100-r2-02"], over={
        g: {"temp": str(60 + g % 4), "events": {"SW Power Cap": g in (1, 2, 5)}, "power": "69%d.1%d" % (g, g)} for g in range(8)}))
    b.add("h100-r2-02/dcgm-exporter.prom", dcgm_metrics("h100-r2-02", inv["h100-r2-02"], {
        "DCGM_FI_DEV_POWER_VIOLATION": {None: 0, 1: 18234411, 2: 9021311, 5: 22109834},
        "DCGM_FI_DEV_THERMAL_VIOLATION": {None: 0},
        "DCGM_FI_DEV_SM_CLOCK": {None: 1980, 1: 1935, 5: 1950},
    }))
    b.set_label("straggler", "infrastructure", bad, bad_rank, "restart_without_node",
                "From 04:07 the iteration time rose ~47% and Megatron's straggler report names rank 43 (h100-r2-06 GPU 3) as slowest, hottest and lowest-clocked; h100-r2-06's SEL shows FAN6 failing at 04:02 and GPU3 temperature alarms, and nvidia-smi shows HW Thermal Slowdown. h100-r2-02's SW Power Cap is normal at full load.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b


# ---------------------------------------------------------------------------
# b10: size mismatch loading the checkpoint; old, recovered IB link-down
# ---------------------------------------------------------------------------

def b10():
    b = Bundle("b10_size_mismatch_when_resuming")
    r = b.rng
    hosts = ["gpu-n101", "gpu-n102", "gpu-n103", "gpu-n104"]
    job = 5120977
    t0 = T("2024-09-02 13:05:12")
    t_load = t0 + sec(141)
    boot = T("2024-08-29 19:02:33")
    pids = {h: [b.pid() for _ in range(8)] for h in hosts}
    for ni, h in enumerate(hosts):
        ev = []
        for lr in range(8):
            ev += spread(t0 + sec(40 + 0.02 * lr), nccl_init(h, pids[h][lr], lr, "10.12.0.%d" % (101 + ni), rank=ni * 8 + lr))
        if ni == 0:
            ev += spread(t0 + sec(6), [
                "using world size: 32, data-parallel size: 4, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1",
                "------------------------ arguments ------------------------",
                "  load ............................................ /lustre/llm/ckpt/llama3-70b-cpt",
                "  make_vocab_size_divisible_by .................... 128",
                "  padded_vocab_size ............................... None",
                "  tensor_model_parallel_size ...................... 8",
                "  tokenizer_type .................................. HuggingFaceTokenizer",
                "  use_dist_ckpt ................................... False",
                "-------------------- end of arguments ---------------------",
                " > padded vocab (size: 128256) with 0 dummy tokens (new size: 128256)",
            ])
            ev += spread(t_load, [
                " loading checkpoint from /lustre/llm/ckpt/llama3-70b-cpt at iteration 42000",
                "could not find arguments in the checkpoint ...",
            ])
        for lr in range(8):
            rank = ni * 8 + lr
            te = t_load + sec(27 + r.random() * 3)
            tb = py_traceback([
                ("/workspace/Megatron-LM/pretrain_gpt.py", 242, "<module>", "pretrain("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 312, "pretrain", "model, optimizer, opt_param_scheduler = setup_model_and_optimizer("),
                ("/workspace/Megatron-LM/megatron/training/training.py", 740, "setup_model_and_optimizer", "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint("),
                ("/workspace/Megatron-LM/megatron/training/checkpointing.py", 1112, "load_checkpoint", "model[0].load_state_dict(state_dict['model'], strict=strict)"),
                ("/workspace/Megatron-LM/megatron/core/transformer/module.py", 184, "load_state_dict", "self.module.load_state_dict(state_dict, strict=strict)"),
                ("%s/torch/nn/modules/module.py" % PY, 2215, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format("),
            ], ["RuntimeError: Error(s) in loading state_dict for GPTModel:",
                "\tsize mismatch for embedding.word_embeddings.weight: copying a param with shape torch.Size([32064, 8192]) from checkpoint, the shape in current model is torch.Size([16032, 8192]).",
                "\tsize mismatch for output_layer.weight: copying a param with shape torch.Size([32064, 8192]) from checkpoint, the shape in current model is torch.Size([16032, 8192]).",
                "\tsize mismatch for decoder.layers.0.self_attention.linear_qkv.weight: copying a param with shape torch.Size([2560, 8192]) from checkpoint, the shape in current model is torch.Size([1280, 8192]).",
                "\tsize mismatch for decoder.layers.0.mlp.linear_fc1.weight: copying a param with shape torch.Size([14336, 8192]) from checkpoint, the shape in current model is torch.Size([7168, 8192]).",
                "\tsize mismatch for decoder.layers.0.mlp.linear_fc2.weight: copying a param with shape torch.Size([8192, 7168]) from checkpoint, the shape in current model is torch.Size([8192, 3584]).",
                ""], prefix="[rank%d]: " % rank)
            ev += spread(te, tb, 0.0001)
        ev.append((t_load + sec(40), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni)))
        b.add("%s/slurm-%d.%s.out" % (h, job, h), merge(ev))
        kev = boot_noise_lines(r)
        if h == "gpu-n103":
            tdown = T("2024-09-02 08:41:12")
            kev += [
                (at(boot, tdown), "mlx5_core 0000:3a:00.0 ibp58s0: Link down"),
                (at(boot, tdown) + 0.0003, "mlx5_core 0000:3a:00.0: mlx5_port_module_event:1151:(pid 0): Port module event: module 2, Cable unplugged"),
                (at(boot, tdown) + 22.8, "mlx5_core 0000:3a:00.0: mlx5_port_module_event:1151:(pid 0): Port module event: module 2, Cable plugged"),
                (at(boot, tdown) + 27.1, "mlx5_core 0000:3a:00.0 ibp58s0: Link up"),
            ]
        b.add("%s/dmesg.txt" % h, render_kernel(kev, "T", boot))
    b.add("gpu-n103/ibstat-mlx5_2.txt", ["CA 'mlx5_2'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                                        "\tHardware version: 0", "\tNode GUID: 0xa088c20300411c2a", "\tSystem image GUID: 0xa088c20300411c2a",
                                        "\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tBase lid: 217",
                                        "\t\tLMC: 0", "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848", "\t\tPort GUID: 0xa088c20300411c2a",
                                        "\t\tLink layer: InfiniBand"])
    b.set_label("user_code", "script", None, None, "stop",
                "All 32 ranks fail identically while loading iteration 42000 with size mismatches that are exactly a factor of two: the checkpoint was written with tensor-parallel size 4 and the job now runs TP 8 without a dist-ckpt conversion. gpu-n103's IB link-down was at 08:41, 4.5 h before the job, and recovered (port Active).",
                "https://github.com/huggingface/transformers/issues/16417")
    return b


CASES = [b01, b02, b03, b04, b05, b06, b07, b08, b09, b10]
