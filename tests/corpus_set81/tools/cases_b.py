"""Cases bz08-bz16: hardware behind a hang, program-logic deadlocks, fabric."""
from common import (Bundle, Clock, nccl_init, pyspy, child_failed, watchdog_block,
                    BUS_IDS, PCI, write_json, rng)


def _ip(prefix, i):
    return "%s.%d" % (prefix, 21 + i)


def mismatch_msg(rank, me_op):
    other = 0 if me_op == "BROADCAST" else 3
    other_op = "ALLREDUCE" if me_op == "BROADCAST" else "BROADCAST"
    dt = {"BROADCAST": "Long", "ALLREDUCE": "Float"}
    opts = "TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt))"
    return ("RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: "
            "CollectiveFingerPrint(SequenceNumber=9173, OpType=%s, TensorShape=[1], TensorDtypes=%s, %s), "
            "but Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=9173, OpType=%s, "
            "TensorShape=[1], TensorDtypes=%s, %s).Collectives differ in the following aspects: "
            "\t Op type: %svs %s  Tensor dtypes: %svs %s" % (
                rank, me_op, dt[me_op], opts, other, other_op, dt[other_op], opts,
                me_op, other_op, dt[me_op], dt[other_op]))


# ---------------------------------------------------------------------------
# bz08: heartbeat monitor on one rank; kernel log has Xid 119 for that GPU
# ---------------------------------------------------------------------------
def bz08():
    b = Bundle("bz08_watchdog_stuck_message_on_one_rank_only")
    c = Clock(2024, 6, 18, 2, 0, 0, 640221.3)
    nodes = ["hgx-07", "hgx-08"]
    world = 16
    bad = 14
    seq = 88214
    xid_t = 20144.8
    fire = xid_t + 600.7
    r = rng(808)
    for ni, n in enumerate(nodes):
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 51220 + lr
            L = nccl_init(n, pid, pid + 250, lr, rank, world, _ip("10.50.8", ni),
                          nccl_ver="2.20.5", cuda="12.3", busid=BUS_IDS[lr])
            if rank == 0:
                for s in range(50, 5701, 50):
                    L.append("[Rank 0] (after %d iterations) memory (MB) | allocated: 40512.3 | max allocated: 61877.0 | reserved: 66520.0 | max reserved: 66520.0" % s if s == 50 else
                             " iteration %7d/ 250000 | consumed samples: %10d | elapsed time per iteration (ms): 3530.9 | learning rate: 1.497E-04 | global batch size:   512 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                                 s, s * 512, 2.31 - s * 0.00004 + r.random() * 0.01, 0.31 + r.random() * 0.1))
            if rank == bad:
                L.append("[rank%d]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] Heartbeat monitor timed out! Process will be terminated after dumping debug info. workMetaList_.size()=2" % (rank, rank))
                L.append("[rank%d]:[E ProcessGroupNCCL.cpp:1153] [PG 0 Rank %d] ProcessGroupNCCL preparing to dump debug info." % (rank, rank))
                L.append("[rank%d]:[F ProcessGroupNCCL.cpp:1169] [PG 0 Rank %d] [PG 0 Rank %d] ProcessGroupNCCL's watchdog got stuck for 480 seconds without making progress in monitoring enqueued collectives. This typically indicates a NCCL/CUDA API hang blocking the watchdog, and could be triggered by another thread holding the GIL inside a CUDA api, or other deadlock-prone behaviors.If you suspect the watchdog is not actually stuck and a longer timeout would help, you can either increase the timeout (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the hang. workMetaList_.size() = 2" % (rank, rank, rank))
            else:
                j = r.random()
                L += watchdog_block("2.3", c, fire + j, rank, seq, "_ALLGATHER_BASE", 52428800,
                                    419430400, 600000, 600000 + int(j * 1000) + 44, seq + 1, seq - 1)
            b.lines("%s/rank%d.log" % (n, rank), L)
    dm = ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023" % c.ctime(-640200),
          "%s NVRM: GPU0 ... GSP firmware: enabled (gsp_ga10x.bin / gsp_tu10x.bin)" % c.ctime(-640199),
          "%s nvidia-fabricmanager[2871]: Successfully configured all the available GPUs and NVSwitches." % c.ctime(-640150),
          "%s NVRM: Xid (PCI:0000:ba:00): 119, pid=51226, name=python3, Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)." % c.ctime(xid_t),
          "%s NVRM: GPU6 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004." % c.ctime(xid_t),
          "%s NVRM: GPU6 RPC history (CPU -> GSP):" % c.ctime(xid_t),
          "%s NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling" % c.ctime(xid_t),
          "%s NVRM:      0    76   GSP_RM_CONTROL       0x0000000020800a4c 0x0000000000000004 0x0005f0a1c2e3b7a1 0x0000000000000000          y" % c.ctime(xid_t),
          "%s NVRM: Xid (PCI:0000:ba:00): 119, pid=51226, name=python3, Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 10 (FREE) (0xc1e0004a 0x0)." % c.ctime(xid_t + 6.1),
          "%s NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:ba:00 (printing 1 of every 30).  The GPU likely needs to be reset." % c.ctime(xid_t + 30.4),
          "%s INFO: task python3:51226 blocked for more than 120 seconds." % c.ctime(xid_t + 245),
          "%s       Tainted: P           OE     5.15.0-101-generic #111-Ubuntu" % c.ctime(xid_t + 245),
          "%s task:python3         state:D stack:    0 pid:51226 ppid: 51190 flags:0x00004002" % c.ctime(xid_t + 245),
          "%s Call Trace:" % c.ctime(xid_t + 245),
          "%s  <TASK>" % c.ctime(xid_t + 245),
          "%s  __schedule+0x24d/0x590" % c.ctime(xid_t + 245),
          "%s  schedule+0x69/0x110" % c.ctime(xid_t + 245),
          "%s  _nv041924rm+0x3a/0x50 [nvidia]" % c.ctime(xid_t + 245),
          "%s  rm_ioctl+0x63/0xb0 [nvidia]" % c.ctime(xid_t + 245),
          "%s  nvidia_ioctl+0x6c7/0x8c0 [nvidia]" % c.ctime(xid_t + 245),
          "%s  </TASK>" % c.ctime(xid_t + 245)]
    b.lines("hgx-08/dmesg.txt", dm)
    b.lines("hgx-08/nvidia-smi.txt", ["$ timeout 120 nvidia-smi   (%s)" % c.iso(fire + 200),
                                      "# no output; killed by timeout after 120s (exit 124)"])
    b.lines("hgx-07/dmesg.txt", [
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.104.05  Sat Aug 19 01:15:15 UTC 2023" % c.ctime(-640200),
        "%s nvidia-fabricmanager[2802]: Successfully configured all the available GPUs and NVSwitches." % c.ctime(-640150)])
    b.lines("hgx-07/nvidia-smi.txt", ["$ nvidia-smi -L", ] + ["GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-0a1%d5e2c-77aa-4c1b-9f0e-2c3d4e5f6%03d)" % (g, g, g) for g in range(8)])
    b.lines("slurm-440915.out", [
        "srun: error: hgx-07: task 0: Exited with exit code 1",
        "slurmstepd: error: *** STEP 440915.0 ON hgx-07 CANCELLED AT %s ***" % c.slurm(fire + 130),
        "srun: error: hgx-08: task 1: Aborted (core dumped)"])
    label = {"category": "gpu_hardware", "layer": "infrastructure",
             "culprit": {"node": "hgx-08", "rank": bad},
             "action": "restart_without_node",
             "rationale": "Rank 14 alone trips the heartbeat monitor (its watchdog is stuck in the driver) while the other 15 ranks time out on all-gather 88214; hgx-08's kernel log shows repeated Xid 119 GSP RPC timeouts on GPU6 (the GPU of rank 14), the process in D state inside nvidia_ioctl and nvidia-smi hanging. The GPU is wedged and needs a reset, so run without that node.",
             "modelled_on": "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446"}
    return b, label


# ---------------------------------------------------------------------------
# bz09: first attempt hangs silently, rerun with DETAIL shows fingerprint mismatch
# ---------------------------------------------------------------------------
def bz09():
    b = Bundle("bz09_validation_hang_then_collective_fingerprint_error")
    c = Clock(2023, 11, 28, 10, 0, 0, 70220.0)
    nodes = ["a6000-n1", "a6000-n2"]
    world = 8
    r = rng(909)
    lp = "/myenv/python3.10/site-packages"
    for att in (1, 2):
        off = 0 if att == 1 else 7200
        val_t = off + 2480.0
        for ni, n in enumerate(nodes):
            for lr in range(4):
                rank = ni * 4 + lr
                pid = 33120 + lr + att * 1000
                L = []
                if att == 2:
                    L.append("TORCH_DISTRIBUTED_DEBUG=DETAIL")
                L += nccl_init(n, pid, pid + 90, lr, rank, world, _ip("192.168.10", ni), ib=False,
                               nccl_ver="2.18.1", cuda="12.1", busid=BUS_IDS[lr * 2])
                if rank == 0:
                    L.append("GPU available: True (cuda), used: True")
                    L.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
                    L.append("")
                    L.append("  | Name    | Type             | Params")
                    L.append("---------------------------------------------")
                    L.append("0 | model   | SegFormerB3      | 47.2 M")
                    L.append("1 | metrics | MetricCollection | 0     ")
                    for ep in range(3):
                        L.append("Epoch %d: 100%%|##########| 1563/1563 [12:49<00:00,  2.03it/s, v_num=%d, train/loss=%.3f]" % (ep, 40 + att, 0.61 - ep * 0.07))
                        L.append("Validation DataLoader 0: 100%|##########| 157/157 [01:02<00:00,  2.51it/s]")
                    L.append("Epoch 3:  41%%|####      | 640/1563 [05:15<07:34,  2.03it/s, v_num=%d, train/loss=0.392]" % (40 + att))
                    L.append("Validation DataLoader 0:  74%|#######3  | 116/157 [00:46<00:16,  2.51it/s]")
                if att == 1:
                    j = r.random()
                    L += watchdog_block("2.1", c, val_t + 1800 + j, rank, 9173, "BROADCAST" if rank in (3, 6) else "ALLREDUCE",
                                        1, 1, 1800000, 1800000 + int(j * 1000) + 281, 0, 0)
                else:
                    me_op = "BROADCAST" if rank in (3, 6) else "ALLREDUCE"
                    L += ["Traceback (most recent call last):",
                          '  File "/work/seg/train.py", line 187, in <module>',
                          "    trainer.fit(model, datamodule=dm)",
                          '  File "%s/lightning/pytorch/trainer/trainer.py", line 544, in fit' % lp,
                          "    call._call_and_handle_interrupt(",
                          '  File "%s/lightning/pytorch/loops/evaluation_loop.py", line 410, in _evaluation_step' % lp,
                          "    output = call._call_strategy_hook(trainer, hook_name, *step_args)",
                          '  File "/work/seg/module.py", line 142, in validation_step',
                          "    self.log_dict({f\"val/iou_{self.class_names[c]}\": v for c, v in per_class.items()}, sync_dist=True)",
                          '  File "%s/lightning/pytorch/core/module.py", line 644, in log_dict' % lp,
                          "    self.log(",
                          '  File "%s/lightning/fabric/utilities/distributed.py", line 220, in _sync_ddp' % lp,
                          "    torch.distributed.all_reduce(result, op=op, group=group, async_op=False)" if me_op == "ALLREDUCE" else "    broadcast(object_sizes_tensor, src=src, group=group)",
                          '  File "%s/torch/distributed/c10d_logger.py", line 47, in wrapper' % lp,
                          "    return func(*args, **kwargs)",
                          '  File "%s/torch/distributed/distributed_c10d.py", line %d, in %s' % (lp, 2050 if me_op == "ALLREDUCE" else 1906, "all_reduce" if me_op == "ALLREDUCE" else "broadcast"),
                          "    work = default_pg.allreduce([tensor], opts)" if me_op == "ALLREDUCE" else "    work = default_pg.broadcast([tensor], opts)",
                          mismatch_msg(rank, me_op)]
                b.lines("attempt_%d/%s/rank%d.log" % (att, n, rank), L)
        b.lines("attempt_%d/%s/journal.txt" % (att, nodes[1]), [
            "%s a6000-n2 systemd[1]: Started Session 412 of User mlops." % c.syslog(off - 30),
            "%s a6000-n2 kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03" % c.syslog(-70000)])
    b.lines("attempt_1/slurm-91102.out", [
        "srun: error: a6000-n1: task 0: Exited with exit code 1",
        "srun: error: a6000-n2: task 1: Exited with exit code 1"])
    b.lines("attempt_2/slurm-91187.out", [
        "# resubmitted with TORCH_DISTRIBUTED_DEBUG=DETAIL (resume from epoch=2 checkpoint)",
        "srun: error: a6000-n1: task 0: Exited with exit code 1",
        "srun: error: a6000-n2: task 1: Exited with exit code 1"])
    b.lines("notes.txt", ["class set per rank differs at validation: per_class only holds classes present in the rank's batch (dataset has 19 classes, some batches contain none of 'train' or 'motorcycle')."])
    label = {"category": "hang", "layer": "script",
             "culprit": None, "action": "stop",
             "rationale": "The first attempt hung during validation with every rank timing out; rerun with TORCH_DISTRIBUTED_DEBUG=DETAIL, the same point fails with 'Detected mismatch between collectives': ranks 3 and 6 broadcast while the others all-reduce at sequence 9173, because log_dict is called with data-dependent keys. A deadlock in the program's own logic; restarting will hang again.",
             "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/issues/19106"}
    return b, label


# ---------------------------------------------------------------------------
# bz10: only rank 0 times out, after training finished; FR shows extra barrier
# ---------------------------------------------------------------------------
def bz10():
    b = Bundle("bz10_only_rank0_times_out_after_training_finished")
    c = Clock(2026, 5, 20, 6, 0, 0, 1200300.5)
    nodes = ["gn-0%d" % i for i in (3, 4, 5, 6)]
    world = 32
    end_t = 28800.0
    fire = end_t + 1800.1
    r = rng(1010)
    for ni, n in enumerate(nodes):
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 3411 + lr
            out += nccl_init(n, pid, pid + 180, lr, rank, world, _ip("10.70.0", ni),
                             nccl_ver="2.26.2", cuda="12.8", busid=BUS_IDS[lr])
        late = []
        for lr in range(8):
            rank = ni * 8 + lr
            if rank == 0:
                out.append("Epoch 39: 100%|##########| 1820/1820 [11:02<00:00,  2.75it/s, v_num=epd7, train_loss=0.0141, val_loss=0.0163]")
                out.append("`Trainer.fit` stopped: `max_epochs=40` reached.")
                out.append("%s [INFO] autocast.scripts.training: saving final checkpoint via trainer.save_checkpoint (global zero)" % c.iso_ms(end_t + 1.2))
                out.append("%s [INFO] autocast.scripts.training: checkpoint-alias-finalize: waiting for all ranks" % c.iso_ms(end_t + 14.9))
                wd = watchdog_block("2.7", c, fire, 0, 58231, "ALLREDUCE", 1, 1, 1800000, 1800090,
                                    58231, 58230)
                late += wd
                late.append("[rank0]:[%s ProcessGroupNCCL.cpp:680] Stack trace of the failed collective: " % c.glog(fire + 0.0006, "E", 9))
                late.append("#0 barrier from /opt/venv/lib/python3.12/site-packages/torch/distributed/distributed_c10d.py:4881")
                late.append("#1 wrapper from /opt/venv/lib/python3.12/site-packages/torch/distributed/c10d_logger.py:81")
                late.append("#2 finalize_checkpoint_alias from /work/autocast/src/autocast/scripts/training.py:521")
                late.append("#3 run_training from /work/autocast/src/autocast/scripts/training.py:504")
                late.append("#4 main from /work/autocast/src/autocast/scripts/train.py:77")
                late.append("")
                late.append("[rank0]:[%s ProcessGroupNCCL.cpp:2106] [PG ID 0 PG GUID 0(default_pg) Rank 0] First PG on this rank to signal dumping." % c.glog(fire + 0.0007, "E", 9))
                late.append("[rank0]:[%s ProcessGroupNCCL.cpp:1746] [PG ID 0 PG GUID 0(default_pg) Rank 0] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: 58231, last completed NCCL work: 58230.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % c.glog(fire + 0.32, "E", 9))
                late.append("[rank0]:[%s ProcessGroupNCCL.cpp:1536] [PG ID 0 PG GUID 0(default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1, only active collectives: 0" % c.glog(fire + 0.33, "E", 9))
                late.append("[rank0]:[%s ProcessGroupNCCL.cpp:1845] [PG ID 0 PG GUID 0(default_pg) Rank 0] Terminating the process after attempting to dump debug info, due to collective timeout or exception." % c.glog(fire + 61.0, "F", 9))
            else:
                out.append("%s [INFO] autocast.scripts.training: rank %d: checkpoint-alias-finalize: waiting for all ranks" % (c.iso_ms(end_t + 1.0 + rank * 0.01), rank))
                out.append("%s [INFO] autocast.scripts.training: rank %d: finalize done, exiting" % (c.iso_ms(end_t + 1.4 + rank * 0.01), rank))
        b.lines("%s/stdout.log" % n, out + late)
    b.lines("gn-03/nvidia-smi.txt", [
        "$ nvidia-smi --query-gpu=index,utilization.gpu,power.draw,memory.used --format=csv   (%s)" % c.iso(end_t + 600),
        "index, utilization.gpu [%], power.draw [W], memory.used [MiB]",
        "0, 100 %, 118.21 W, 23411 MiB",
        "1, 0 %, 61.02 W, 0 MiB", "2, 0 %, 60.87 W, 0 MiB", "3, 0 %, 62.40 W, 0 MiB",
        "4, 0 %, 61.33 W, 0 MiB", "5, 0 %, 60.95 W, 0 MiB", "6, 0 %, 61.78 W, 0 MiB",
        "7, 0 %, 61.10 W, 0 MiB"])
    fr = ["$ torchfrtrace --prefix nccl_trace_rank_ /scratch/epd7/fr -j --print_stack_trace",
          "Rank 0",
          "----------------------------------------------------------------------------------------",
          "all_reduce(input_sizes=[[2359296]], state=completed)",
          "all_reduce(input_sizes=[[1]], state=completed)",
          "all_reduce_barrier(input_sizes=[[1]], state=completed)",
          "all_reduce_barrier(input_sizes=[[1]], state=started)",
          "",
          "  stack_id  frame_stack",
          "----------  ----------------------------------------------------------------------------------------------------------------------------",
          "         0  [{'name': 'allreduce_hook', 'filename': '.../torch/distributed/algorithms/ddp_comm_hooks/default_hooks.py', 'line': 58}, ...]",
          "         1  [{'name': 'reduce', 'filename': '.../lightning/pytorch/strategies/ddp.py', 'line': 331}, {'name': 'on_train_end', 'filename': '.../autocast/callbacks/ema.py', 'line': 112}]",
          "         2  [{'name': 'barrier', 'filename': '.../torch/distributed/distributed_c10d.py', 'line': 4881}, {'name': 'barrier', 'filename': '.../lightning/pytorch/strategies/ddp.py', 'line': 307}, {'name': 'save_checkpoint', 'filename': '.../lightning/pytorch/trainer/trainer.py', 'line': 1365}, {'name': 'run_training', 'filename': '/work/autocast/src/autocast/scripts/training.py', 'line': 496}]",
          "         3  [{'name': 'barrier', 'filename': '.../torch/distributed/distributed_c10d.py', 'line': 4881}, {'name': 'finalize_checkpoint_alias', 'filename': '/work/autocast/src/autocast/scripts/training.py', 'line': 521}, {'name': 'run_training', 'filename': '/work/autocast/src/autocast/scripts/training.py', 'line': 504}]",
          "",
          "# only rank 0 wrote a dump; ranks 1-31 had already exited with status 0 when the timeout fired"]
    b.lines("fr_trace_rank0.txt", fr)
    b.lines("training.py.excerpt", [
        "490    trainer.fit(model, datamodule=dm)",
        "491    log.info('`Trainer.fit` finished')",
        "492",
        "493    if trainer.is_global_zero:",
        "494        log.info('saving final checkpoint via trainer.save_checkpoint (global zero)')",
        "495        final = os.path.join(cfg.out_dir, 'final.ckpt')",
        "496        trainer.save_checkpoint(final)",
        "...",
        "504    finalize_checkpoint_alias(cfg.out_dir)   # calls torch.distributed.barrier()"])
    b.lines("sacct.txt", [
        "JobID           JobName      State ExitCode    Elapsed",
        "------------ ---------- ---------- -------- ----------",
        "2209141        epd_large     FAILED      6:0   08:30:09",
        "2209141.0         python     FAILED      6:0   08:30:05"])
    b.lines("slurm-2209141.out", [
        "+ srun --ntasks-per-node=8 python -m autocast.scripts.train experiment=epd_large",
        "srun: error: gn-03: task 0: Aborted (core dumped)"])
    label = {"category": "hang", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Training finished on all ranks; ranks 1-31 passed the finalize barrier and exited 0, while rank 0 alone waited 30 min in a barrier. Its flight recorder shows an extra barrier from trainer.save_checkpoint called under `if trainer.is_global_zero`, which consumed the other ranks' finalize barrier and left rank 0's own finalize barrier unmatched. The lone timing-out rank is the victim of a code-path collective mismatch, not a bad node.",
             "modelled_on": "https://github.com/alan-turing-institute/autocast/issues/381"}
    return b, label


# ---------------------------------------------------------------------------
# bz11: Horovod stall inspector (mpirun), ranks submit different tensors
# ---------------------------------------------------------------------------
def bz11():
    b = Bundle("bz11_horovod_stall_warning_lists_missing_ranks")
    c = Clock(2024, 6, 3, 9, 0, 0, 98020.0)
    nodes = ["v100-n01", "v100-n02", "v100-n03", "v100-n04"]
    world = 16
    stall_t = 9721.5
    grads = ["allreduce.module.decoder.layers.11.fc2.bias", "allreduce.module.decoder.layers.11.fc2.weight",
             "allreduce.module.decoder.layers.11.final_layer_norm.bias",
             "allreduce.module.decoder.layers.11.final_layer_norm.weight",
             "allreduce.module.decoder.layers.11.fc1.bias", "allreduce.module.decoder.layers.11.fc1.weight"]
    val = ["allreduce.val_loss", "allreduce.val_ntokens"]

    def hv(sec, lvl, line):
        t = c.at(sec)
        return "[%s.%06d: %s /tmp/pip-install-3m9x1k2o/horovod_5c1e0f/horovod/common/stall_inspector.cc:%d]" % (
            t.strftime("%Y-%m-%d %H:%M:%S"), 512891 + int(sec) % 1000, lvl, line)

    def stall_msg(sec, shutdown):
        m = [hv(sec, "E" if shutdown else "W", 107 if not shutdown else 105) +
             " One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock. ",
             "Missing ranks:"]
        for rk in range(15):
            m.append("%d%s: [%s ...]" % (rk, "!" if shutdown else "", ", ".join(grads[:5])))
        m.append("15%s: [%s]" % ("!" if shutdown else "", ", ".join(val)))
        if shutdown:
            m.append('One or more rank (marked by "!") is stalled for longer than 600 seconds. Will shutdown.')
        return m
    for ni, n in enumerate(nodes):
        L = []
        for lr in range(4):
            rank = ni * 4 + lr
            L.append("[1,%d]<stdout>:| epoch 007 | rank %d | train batches this epoch: %d (sampler: ShardedTokenBatchSampler, %d batches total)" % (
                rank, rank, 3907 if rank == 15 else 3906, 62497))
        if ni == 0:
            L.append("[1,0]<stdout>:| epoch 007 | loss 3.412 | nll_loss 1.772 | ppl 3.41 | wps 88231 | ups 0.46 | wpb 191833 | bsz 6144 | num_updates 27342 | lr 0.000612 | gnorm 0.431 | train_wall 8512 | wall 66981")
            L.append("[1,0]<stdout>:| epoch 007 | valid on 'valid' subset | running validation")
            for k in range(9):
                L += ["[1,0]<stderr>:" + x for x in stall_msg(stall_t + 60 * k, False)]
            L += ["[1,0]<stderr>:" + x for x in stall_msg(stall_t + 600, True)]
            L += ["[1,0]<stderr>:Traceback (most recent call last):",
                  '[1,0]<stderr>:  File "/opt/conda/lib/python3.8/site-packages/horovod/torch/mpi_ops.py", line 959, in synchronize',
                  "[1,0]<stderr>:    mpi_lib.horovod_torch_wait_and_clear(handle)",
                  "[1,0]<stderr>:RuntimeError: Horovod has been shut down. This was caused by an exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor after one of the ranks finished execution. If the shutdown was caused by an exception, you should see the exception in the log before the first shutdown message."]
        if ni == 3:
            L.append("[1,15]<stdout>:| epoch 007 | rank 15 | step 3907/3907 forward/backward done, waiting on gradient allreduce")
        b.lines("%s/stdout.log" % n, L)
        b.lines("%s/nvidia-smi.txt" % n, ["index, utilization.gpu [%], memory.used [MiB]"] +
                ["%d, %d %%, 2%04d MiB" % (g, 0, 9000 + g * 13) for g in range(4)])
    b.lines("mpirun.log", [
        "$ mpirun -np 16 -H v100-n01:4,v100-n02:4,v100-n03:4,v100-n04:4 -bind-to none -map-by slot -x NCCL_DEBUG=WARN -x HOROVOD_STALL_SHUTDOWN_TIME_SECONDS=600 -x LD_LIBRARY_PATH -mca pml ob1 -mca btl ^openib python train.py --task translation --max-tokens 6144",
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------",
        "--------------------------------------------------------------------------",
        "mpirun detected that one or more processes exited with non-zero status, thus causing",
        "the job to be terminated. The first process to do so was:",
        "",
        "  Process name: [[41921,1],0]",
        "  Exit code:    1",
        "--------------------------------------------------------------------------"])
    label = {"category": "hang", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Horovod's stall inspector shows ranks 0-14 waiting on val_loss/val_ntokens while rank 15 is still submitting gradient tensors: the sampler gave rank 15 one more training batch (3907 vs 3906) than everyone else, so the ranks submit different collectives. A deadlock in the program's own logic, not a slow or broken rank.",
             "modelled_on": "https://github.com/horovod/horovod/issues/2107"}
    return b, label


# ---------------------------------------------------------------------------
# bz12: accelerate + FSDP, eval only on main process; hangs at step 500 twice
# ---------------------------------------------------------------------------
def bz12():
    b = Bundle("bz12_hang_at_step_500_in_both_attempts")
    c = Clock(2024, 7, 2, 13, 0, 0, 402211.4)
    nodes = ["l40s-a", "l40s-b"]
    world = 16
    r = rng(1212)
    sp = "/opt/conda/lib/python3.11/site-packages"
    for att in (1, 2):
        off = 0 if att == 1 else 9000
        hang = off + 500 * 5.1 + 95
        fire = hang + 1800.3
        for ni, n in enumerate(nodes):
            for lr in range(8):
                rank = ni * 8 + lr
                pid = 14110 + lr + att * 3000
                L = nccl_init(n, pid, pid + 77, lr, rank, world, _ip("10.9.9", ni), ib=False,
                              nccl_ver="2.20.5", cuda="12.1", busid=BUS_IDS[lr])
                if rank == 0:
                    for s in range(50, 501, 50):
                        L.append("%s - INFO - __main__ - step %d/6000 loss=%.4f lr=2.0e-05" % (c.iso_ms(off + s * 5.1), s, 1.71 - s * 0.0006 + r.random() * 0.02))
                    L.append("%s - INFO - __main__ - step 500: running evaluation on main process" % c.iso_ms(off + 500 * 5.1 + 3))
                j = r.random()
                if rank == 0:
                    L += watchdog_block("2.3", c, fire + j, 0, 12031, "_ALLGATHER_BASE", 5242880, 83886080,
                                        1800000, 1800000 + int(j * 1000) + 71, 12031, 12030)
                else:
                    L += watchdog_block("2.3", c, fire + j, rank, 12031, "ALLREDUCE", 1, 1,
                                        1800000, 1800000 + int(j * 1000) + 71, 12031, 12030)
                b.lines("attempt_%d/%s/rank%d.log" % (att, n, rank), L)
        if att == 2:
            for ni, n in enumerate(nodes):
                out = ["# py-spy dump taken %s, %d min after the last log line" % (c.iso(hang + 900), 15)]
                for lr in range(8):
                    rank = ni * 8 + lr
                    pid = 14110 + lr + att * 3000
                    if rank == 0:
                        fr = ["_all_gather_into_tensor (torch/distributed/distributed_c10d.py:2948)",
                              "wrapper (torch/distributed/c10d_logger.py:75)",
                              "_all_gather_flat_param (torch/distributed/fsdp/_flat_param.py:1364)",
                              "unshard (torch/distributed/fsdp/_flat_param.py:1303)",
                              "_unshard (torch/distributed/fsdp/_runtime_utils.py:332)",
                              "_pre_forward_unshard (torch/distributed/fsdp/_runtime_utils.py:435)",
                              "_pre_forward (torch/distributed/fsdp/_runtime_utils.py:410)",
                              "forward (torch/distributed/fsdp/fully_sharded_data_parallel.py:849)",
                              "_call_impl (torch/nn/modules/module.py:1541)",
                              "evaluate (train_fsdp.py:211)",
                              "main (train_fsdp.py:338)",
                              "<module> (train_fsdp.py:402)"]
                    else:
                        fr = ["barrier (torch/distributed/distributed_c10d.py:3696)",
                              "wrapper (torch/distributed/c10d_logger.py:75)",
                              "wait_for_everyone (accelerate/utils/other.py:112)",
                              "wait_for_everyone (accelerate/state.py:939)",
                              "wait_for_everyone (accelerate/accelerator.py:2575)",
                              "main (train_fsdp.py:344)",
                              "<module> (train_fsdp.py:402)"]
                    out += [""] + pyspy(pid, "/opt/conda/bin/python3.11 -u train_fsdp.py --config cfg/mistral7b_sft.yaml",
                                        [(pid, "active" if rank == 0 else "idle", "MainThread", fr)], pyver="3.11.9",
                                        pybin="/opt/conda/bin/python3.11")
                b.lines("attempt_2/%s/pyspy.txt" % n, out)
        b.lines("attempt_%d/accelerate_launch.log" % att, [
            "$ accelerate launch --config_file fsdp_2x8.yaml --num_machines 2 --machine_rank $NODE_RANK --main_process_ip l40s-a train_fsdp.py --config cfg/mistral7b_sft.yaml" + (" --resume_from_checkpoint ckpt/step_0" if att == 2 else ""),
            "The following values were not passed to `accelerate launch` and had defaults used instead:",
            "\t`--dynamo_backend` was set to a value of `'no'`",
            "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.",
            "E0702 %s.%06d 140011 torch/distributed/elastic/multiprocessing/api.py:826] failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /opt/conda/bin/python3.11" % (c.at(fire + 5).strftime("%H:%M:%S"), 112000, 14110 + att * 3000)])
    b.lines("train_fsdp.py.excerpt", [
        "205 def evaluate(model, loader):",
        "206     model.eval()",
        "207     losses = []",
        "208     with torch.no_grad():",
        "209         for batch in loader:",
        "210             batch = {k: v.to(accelerator.device) for k, v in batch.items()}",
        "211             losses.append(model(**batch).loss.item())",
        "...",
        "336         if step % cfg.eval_every == 0:",
        "337             if accelerator.is_main_process:",
        "338                 eval_loss = evaluate(model, eval_loader)",
        "339                 logger.info(f'step {step}: eval_loss={eval_loss:.4f}')",
        "...",
        "344             accelerator.wait_for_everyone()"])
    label = {"category": "hang", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Both attempts hang at exactly step 500 (the first eval): rank 0 runs the FSDP-wrapped model forward inside `if accelerator.is_main_process`, issuing a parameter all-gather, while the other 15 ranks sit in wait_for_everyone's barrier; the watchdogs show _ALLGATHER_BASE on rank 0 and ALLREDUCE(1 element) elsewhere at the same SeqNum. Mismatched collectives by code path; a restart reproduces it.",
             "modelled_on": "https://github.com/huggingface/transformers/issues/31532"}
    return b, label


# ---------------------------------------------------------------------------
# bz13: validation loop exhausts unevenly across ranks (FSDP2, fr_trace)
# ---------------------------------------------------------------------------
def bz13():
    b = Bundle("bz13_hang_at_end_of_validation_fr_type_mismatch")
    c = Clock(2026, 5, 16, 18, 0, 0, 88110.2)
    nodes = ["pi-h200-%02d" % i for i in (1, 2, 3, 4)]
    world = 32
    extra = (19, 27)
    seq = 40517
    val_end = 7320.0
    fire = val_end + 600.5
    r = rng(1313)
    for ni, n in enumerate(nodes):
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            out += nccl_init(n, 2201 + lr, 2390 + lr, lr, rank, world, _ip("10.77.1", ni),
                             nccl_ver="2.21.5", cuda="12.6", busid=BUS_IDS[lr])
        if ni == 0:
            for s in range(10, 1201, 10):
                out.append("%s | INFO | Step %d | Loss: %.4f | Grad. Norm: %.4f | LR: 1.00e-05 | Throughput: %d tokens/s" % (
                    c.iso_ms(s * 5.9), s, 0.88 - s * 0.0001 + r.random() * 0.01, 0.2 + r.random() * 0.05, 51000 + r.randint(0, 900)))
            out.append("%s | INFO | Running validation at step 1200 (val set: 1824 samples, packed to seq_len=8192)" % c.iso_ms(7090))
        for lr in range(8):
            rank = ni * 8 + lr
            nb = 58 if rank in extra else 57
            out.append("%s | DEBUG | [rank %d] val micro-batches after packing: %d" % (c.iso_ms(7091 + rank * 0.01), rank, nb))
        for lr in range(8):
            rank = ni * 8 + lr
            j = r.random()
            if rank in extra:
                wd = watchdog_block("2.5", c, fire + j, rank, seq, "_ALLGATHER_BASE", 13107200, 419430400,
                                    600000, 600000 + int(j * 1000) + 12, seq, seq - 1)
            else:
                wd = watchdog_block("2.5", c, fire + j, rank, seq, "ALLREDUCE", 2, 2,
                                    600000, 600000 + int(j * 1000) + 12, seq, seq - 1)
            out += wd[:6]
        b.lines("%s/stdout.log" % n, out)
    fr = ["$ torchfrtrace --prefix nccl_trace_rank_ /shared/runs/sft-h200/fr/",
          "Collective sequence number: %d has errors" % seq,
          "internal record id: 1999",
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "input sizes: [[2]]",
          "output sizes: [[2]]",
          "world size: 32",
          "expected ranks: {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31}",
          "collective state: started",
          "error msg: Culprit rank 19; Error type: COLLECTIVE_TYPE_MISMATCH, Expected collective type: 'all_reduce' does not match found collective type: '_allgather_base', Culprit rank 27; Error type: COLLECTIVE_TYPE_MISMATCH, Expected collective type: 'all_reduce' does not match found collective type: '_allgather_base'",
          "collective stack trace: ",
          " all_reduce at /usr/local/lib/python3.12/site-packages/torch/distributed/distributed_c10d.py:2806",
          "wrapper at /usr/local/lib/python3.12/site-packages/torch/distributed/c10d_logger.py:81",
          "run_eval_loop at /workspace/prime-rl/src/prime_rl/trainer/sft/train.py:281",
          "train at /workspace/prime-rl/src/prime_rl/trainer/sft/train.py:402",
          "",
          "$ torchfrtrace ... -j --selected-ranks 18 19 | tail -n 3",
          "Rank 18                                              Rank 19",
          "---------------------------------------------------  ------------------------------------------------------",
          "_allgather_base(input_sizes=[[13107200]], state=completed)  _allgather_base(input_sizes=[[13107200]], state=completed)",
          "all_reduce(input_sizes=[[2]], state=started)          _allgather_base(input_sizes=[[13107200]], state=started)"]
    b.lines("fr_trace_analysis.txt", fr)
    label = {"category": "hang", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "After packing, ranks 19 and 27 get 58 validation micro-batches and everyone else 57; the 30 ranks that finish first enter the metric all_reduce while 19 and 27 run one more FSDP forward (all-gather), so sequence 40517 mismatches in type. fr_trace names 19 and 27 only because they diverge from rank 0; the cause is the validation loop iterating to exhaustion, a program-logic deadlock.",
             "modelled_on": "https://github.com/PrimeIntellect-ai/prime-rl/issues/2515"}
    return b, label


# ---------------------------------------------------------------------------
# bz14: 128 ranks all stuck in the same collective; nothing points anywhere
# ---------------------------------------------------------------------------
def bz14():
    b = Bundle("bz14_all_ranks_time_out_on_same_sequence_number")
    c = Clock(2024, 10, 30, 4, 0, 0, 2900410.1)
    nodes = ["h100-2%02d" % i for i in range(1, 17)]
    world = 128
    seq = 30211
    hang = 12790.3
    fire = hang + 1800.6
    r = rng(1414)
    for ni, n in enumerate(nodes):
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 77101 + lr
            L = nccl_init(n, pid, pid + 340, lr, rank, world, _ip("172.30.0", ni),
                          nccl_ver="2.21.5", cuda="12.4", busid=BUS_IDS[lr])
            if rank == 0:
                for it in range(100, 3601, 100):
                    L.append("[rank0]:[titan] %s - root - INFO - step: %4d  loss:  %.4f  memory: 58.10GiB(73.45%%)  tps: 4,1%02d  mfu: 43.%02d%%" % (
                        c.iso_ms(it * 3.55), it, 3.4 - it * 0.0002 + r.random() * 0.01, r.randint(10, 99), r.randint(10, 99)))
            j = r.random() * 1.3
            L += watchdog_block("2.5", c, fire + j, rank, seq, "_REDUCE_SCATTER_BASE", 838860800,
                                6553600, 1800000, 1800000 + int(j * 1000) + 6, seq, seq - 1)
            b.lines("%s/rank%d.log" % (n, rank), L)
        b.lines("%s/ibstat.txt" % n, sum([["CA 'mlx5_%d'" % k, "\tPort 1:", "\t\tState: Active",
                                           "\t\tPhysical state: LinkUp", "\t\tRate: 400",
                                           "\t\tLink layer: InfiniBand"] for k in range(8)], []))
        dm = ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % c.ctime(-2900400)]
        if n == "h100-207":
            dm.append("%s NVRM: Xid (PCI:0000:3a:00): 13, pid=1192211, name=python3, Graphics SM Warp Exception on (GPC 3, TPC 1, SM 0): Out Of Range Address" % c.ctime(-1642210))
            dm.append("%s NVRM: Xid (PCI:0000:3a:00): 13, pid=1192211, name=python3, Graphics Exception: ESR 0x51e730=0xc04000e 0x51e734=0x0 0x51e728=0x4c1eb72 0x51e72c=0x174" % c.ctime(-1642210))
        b.lines("%s/dmesg.txt" % n, dm)
    fr = ["$ torchfrtrace --prefix nccl_trace_rank_ /lustre/fr/run_0930/",
          "loaded 128 files in 7.02s",
          "built groups, memberships",
          "$ echo $?",
          "0",
          "# no mismatch reported",
          "$ torchfrtrace --prefix nccl_trace_rank_ /lustre/fr/run_0930/ -j --selected-ranks 0 55 56 127 | tail -n 3",
          "Rank 0                                                           Rank 55                                                          Rank 56                                                          Rank 127",
          "_allgather_base(input_sizes=[[6553600]], state=completed)        _allgather_base(input_sizes=[[6553600]], state=completed)        _allgather_base(input_sizes=[[6553600]], state=completed)        _allgather_base(input_sizes=[[6553600]], state=completed)",
          "_reduce_scatter_base(input_sizes=[[838860800]], state=started)  _reduce_scatter_base(input_sizes=[[838860800]], state=started)  _reduce_scatter_base(input_sizes=[[838860800]], state=started)  _reduce_scatter_base(input_sizes=[[838860800]], state=started)"]
    b.lines("fr_trace_analysis.txt", fr)
    b.lines("pyspy_summary.txt", [
        "# py-spy dump --pid on every rank at %s, grouped by identical main-thread stack" % c.iso(hang + 1200),
        "128 ranks: backward (torch/autograd/__init__.py:289) <- train_step (torchtitan/train.py:367) <- train (torchtitan/train.py:451) <- <module> (torchtitan/train.py:556)",
        "  (main thread idle in torch.cuda.synchronize via loss.item() under backward hooks; pt_nccl_watchdg active on every rank)"])
    b.lines("slurm-612009.out", [
        "srun: error: h100-214: tasks 104-111: Aborted (core dumped)",
        "srun: error: h100-201: tasks 0-7: Aborted (core dumped)",
        "srun: error: h100-207: tasks 48-55: Aborted (core dumped)",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** STEP 612009.0 ON h100-201 CANCELLED AT %s ***" % c.slurm(fire + 40)])
    label = {"category": "hang", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "All 128 ranks enqueued and started reduce_scatter 30211 (last completed 30210), the flight recorder finds no mismatch, every py-spy stack is identical and all IB ports are up: no rank is missing or behind, so the collective stalled in the fabric/transport. The Xid 13 on h100-207 is from a different job 19 days earlier. No stuck rank to blame; restart.",
             "modelled_on": "https://github.com/NVIDIA/nccl/issues/1111"}
    return b, label


# ---------------------------------------------------------------------------
# bz15: IB completion errors everywhere; one node's HCA port is flapping
# ---------------------------------------------------------------------------
def bz15():
    b = Bundle("bz15_allreduce_timeout_ib_completion_errors_eight_nodes")
    c = Clock(2024, 8, 22, 11, 0, 0, 1552090.9)
    nodes = ["gpu-k%02d" % i for i in range(1, 9)]
    world = 64
    badn = "gpu-k06"
    seq = 7753
    flap = 6021.3
    fire = flap + 600.2
    r = rng(1515)
    bad_ip = "10.60.3.26"
    for ni, n in enumerate(nodes):
        out = []
        for lr in range(8):
            rank = ni * 8 + lr
            out += nccl_init(n, 80112 + lr, 80330 + lr, lr, rank, world, _ip("10.60.3", ni),
                             nccl_ver="2.21.5", cuda="12.4", busid=BUS_IDS[lr])
        if ni == 0:
            for s in range(20, 1701, 20):
                out.append("[rank0]: %s | step %d | loss %.4f | %.1f TFLOP/s/GPU" % (c.iso_ms(s * 3.5), s, 2.9 - s * 0.0003 + r.random() * 0.01, 402 + r.random() * 4))
        for lr in range(8):
            rank = ni * 8 + lr
            pid = 80112 + lr
            if n == badn and lr in (2, 3):
                for k in range(2):
                    out.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.60.3.%d<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:10.60.3.%d" % (
                        n, pid, pid + 400, lr, 21 + (ni + 1 + k) % 8, 52011 + k, bad_ip, 21 + (ni + 1 + k) % 8))
                    out.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (n, pid, pid + 400, lr))
            elif lr in (2, 3):
                out.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (
                    n, pid, pid + 400, lr, bad_ip, 44100 + ni, _ip("10.60.3", ni), bad_ip))
                out.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (n, pid, pid + 400, lr))
                out.append("%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (n, pid, pid + 400, lr))
        for lr in range(8):
            rank = ni * 8 + lr
            j = r.random()
            out += watchdog_block("2.4", c, fire + j, rank, seq, "_REDUCE_SCATTER_BASE", 544997376,
                                  68124672, 600000, 600000 + int(j * 1000) + 61, seq + 2, seq - 1, pg="1")[:6]
        b.lines("%s/stdout.log" % n, out)
        if n == badn:
            b.lines("%s/dmesg.txt" % n, [
                "%s mlx5_core 0000:5e:00.0: mlx5_pcie_event:301:(pid 1209): PCIe slot advertised sufficient power (75W)." % c.ctime(-1552000),
                "%s mlx5_core 0000:5e:00.0: Port module event: module 3, Cable plugged" % c.ctime(-1551900),
                "%s mlx5_core 0000:5e:00.0: mlx5_port_module_event:1181:(pid 0): Port module event[error]: module 3, Cable error, High Temperature" % c.ctime(flap - 35.2),
                "%s mlx5_core 0000:5e:00.0 ibp94s0: Link down" % c.ctime(flap),
                "%s mlx5_core 0000:5e:00.0 ibp94s0: Link up" % c.ctime(flap + 4.1),
                "%s mlx5_core 0000:5e:00.0 ibp94s0: Link down" % c.ctime(flap + 19.6),
                "%s mlx5_core 0000:5e:00.0 ibp94s0: Link up" % c.ctime(flap + 27.0),
                "%s mlx5_core 0000:5e:00.0 ibp94s0: Link down" % c.ctime(flap + 80.4)])
            b.lines("%s/ibstat.txt" % n, sum([["CA 'mlx5_%d'" % k, "\tCA type: MT4129", "\tPort 1:",
                                              "\t\tState: %s" % ("Down" if k == 3 else "Active"),
                                              "\t\tPhysical state: %s" % ("Polling" if k == 3 else "LinkUp"),
                                              "\t\tRate: %d" % (10 if k == 3 else 400),
                                              "\t\tLink layer: InfiniBand"] for k in range(8)], []))
            b.lines("%s/perfquery-mlx5_3.txt" % n, [
                "# Port counters: Lid 118 port 1 (CapMask: 0x5A00)",
                "PortSelect:......................1",
                "SymbolErrorCounter:..............65535",
                "LinkErrorRecoveryCounter:........255",
                "LinkDownedCounter:...............14",
                "PortRcvErrors:...................3012",
                "PortXmitDiscards:................88",
                "LocalLinkIntegrityErrors:........9"])
        else:
            b.lines("%s/ibstat.txt" % n, sum([["CA 'mlx5_%d'" % k, "\tPort 1:", "\t\tState: Active",
                                              "\t\tPhysical state: LinkUp", "\t\tRate: 400"] for k in range(8)], []))
            b.lines("%s/dmesg.txt" % n, ["%s mlx5_core 0000:5e:00.0: mlx5_pcie_event:301:(pid 1209): PCIe slot advertised sufficient power (75W)." % c.ctime(-1552000)])
    b.lines("sacct.txt", [
        "JobID           JobName      State ExitCode    Elapsed  NodeList",
        "------------ ---------- ---------- -------- ---------- ----------------",
        "1488210         mixtral     FAILED      1:0   01:50:31 gpu-k[01-08]"])
    label = {"category": "network", "layer": "infrastructure",
             "culprit": {"node": badn, "rank": None}, "action": "restart_without_node",
             "rationale": "Every node logs IB completion errors (status 12, retry exceeded) and every rank times out, but all the failing peers point at 10.60.3.26 = gpu-k06, whose mlx5_3 port logs a cable error, flaps down/up and is now Down/Polling with a saturated symbol error counter. One node's NIC/cable; the rest is sympathetic.",
             "modelled_on": "https://github.com/NVIDIA/nccl/issues/1405"}
    return b, label


# ---------------------------------------------------------------------------
# bz16: retry-exceeded errors on all nodes under one leaf switch; UFM events
# ---------------------------------------------------------------------------
def bz16():
    b = Bundle("bz16_ib_retry_errors_on_four_of_twelve_nodes")
    c = Clock(2024, 4, 11, 20, 0, 0, 904411.0)
    nodes = ["cn%03d" % i for i in range(401, 413)]
    topo = {"leaf-sw1": nodes[0:4], "leaf-sw2": nodes[4:8], "leaf-sw3": nodes[8:12]}
    world = 96
    seq = 96120
    ev = 15510.4
    fire = ev + 1800.2
    r = rng(1616)
    for ni, n in enumerate(nodes):
        out = []
        under2 = n in topo["leaf-sw2"]
        for lr in range(8):
            rank = ni * 8 + lr
            out += nccl_init(n, 41200 + lr, 41480 + lr, lr, rank, world, _ip("10.8.4", ni),
                             nccl_ver="2.18.5", cuda="12.2", busid=BUS_IDS[lr])
        if ni == 0:
            for s in range(100, 4401, 100):
                out.append("Epoch 0: : %d/500150 [%02d:%02d:%02d<94:39:17,  1.37it/s, loss=%.3g, v_num=95nc, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0]" % (
                    s, int(s * 3.52) // 3600, (int(s * 3.52) // 60) % 60, int(s * 3.52) % 60, 2.6 + r.random() * 0.02, 2.59 + r.random() * 0.02, s, s * 1024))
        for lr in range(8):
            pid = 41200 + lr
            if under2 or (lr % 4 == 1 and ni % 2 == 0):
                peer = "10.8.4.%d" % (21 + (4 + (ni + lr) % 4 if not under2 else (ni + 5) % 12))
                out.append("%s:%d:%d [%d] transport/net_ib.cc:1295 NCCL WARN NET/IB : Got completion from peer %s<%d> with error 12, opcode 0, len 0, vendor err 129 (Recv) localGid ::ffff:%s remoteGid ::ffff:%s" % (
                    n, pid, pid + 290, lr, peer, 35000 + lr * 11 + ni, _ip("10.8.4", ni), peer))
                out.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1008 -> 6" % (n, pid, pid + 290, lr))
                out.append("%s:%d:%d [%d] NCCL INFO proxy.cc:679 -> 6" % (n, pid, pid + 290, lr))
                out.append("%s:%d:%d [%d] NCCL INFO proxy.cc:858 -> 6 [Proxy Thread]" % (n, pid, pid + 290, lr))
        for lr in range(8):
            rank = ni * 8 + lr
            j = r.random()
            out += watchdog_block("2.1", c, fire + j, rank, seq, "ALLREDUCE", 241172480, 241172480,
                                  1800000, 1800000 + int(j * 1000) + 620, 0, 0)[:1]
        out.append("terminate called after throwing an instance of 'std::runtime_error'")
        b.lines("%s/stdout.log" % n, out)
        b.lines("%s/ibstat.txt" % n, sum([["CA 'mlx5_%d'" % k, "\tPort 1:", "\t\tState: Active",
                                          "\t\tPhysical state: LinkUp", "\t\tRate: 200"] for k in range(4)], []))
    write_json(b, "topology.json", {"topology": topo})
    b.lines("ufm-events.txt", [
        "%s  WARNING  Link  leaf-sw2/P57 <-> spine-sw1/P9   Symbol BER 2.1e-10 above threshold 1e-12" % c.iso(ev - 900),
        "%s  CRITICAL Link  leaf-sw2/P57 <-> spine-sw1/P9   Link went down" % c.iso(ev),
        "%s  CRITICAL Link  leaf-sw2/P61 <-> spine-sw2/P9   Link went down" % c.iso(ev + 2.7),
        "%s  WARNING  Port  leaf-sw2/P53                     Port state change: ACTIVE -> INIT" % c.iso(ev + 3.1),
        "%s  INFO     SM    opensm: Heavy sweep requested (topology change)" % c.iso(ev + 3.4),
        "%s  WARNING  Switch leaf-sw2 (0xb83fd20300a1c2e0)   Fan tray 2 speed below threshold; ASIC temp 101C" % c.iso(ev + 11.0),
        "%s  CRITICAL Link  leaf-sw2/P49 <-> spine-sw3/P9   Link went down" % c.iso(ev + 64.9)])
    b.lines("slurm-3119022.out", [
        "srun: error: cn405: task 4: Aborted (core dumped)",
        "srun: error: cn401: task 0: Aborted (core dumped)",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** STEP 3119022.0 ON cn401 CANCELLED AT %s ***" % c.slurm(fire + 12)])
    label = {"category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "Retry-exceeded IB completion errors are concentrated on the four nodes under leaf-sw2 (and on their peers elsewhere), all node HCAs still report Active, and UFM shows leaf-sw2's uplinks to three spines going down with an over-temperature ASIC at the same moment. A switch/fabric failure affecting many nodes, not one node.",
             "modelled_on": "https://github.com/NVIDIA/nccl/issues/1814"}
    return b, label


CASES = [bz08, bz09, bz10, bz11, bz12, bz13, bz14, bz15, bz16]
