"""Hang cases l01-l10: watchdog timeouts everywhere; is there one suspect?"""
from common import (Bundle, T, add, glog, pylog, iso, dmesg_T, dmesg_up, journal, bracket,
                    nccl_init, watchdog_timeout, dump_signal, torchrun_failure, benign_dmesg,
                    smi_table, smi_q, BUS_IDS)
from trainlog import megatron_iters, titan_steps

FR_BLOG = "https://pytorch.org/blog/flight-recorder-a-new-lens-for-understanding-nccl-watchdog-timeouts/"


def fr_entries(rank, seqs, states, op="nccl:all_reduce", numel=16777216, t0_ns=1714730000000000000,
               frames=None, ops=None):
    frames = frames or [{"name": "all_reduce", "filename": "torch/distributed/distributed_c10d.py", "line": 2501},
                        {"name": "_allreduce_grads", "filename": "megatron/core/distributed/param_and_grad_buffer.py", "line": 412},
                        {"name": "train_step", "filename": "pretrain_gpt.py", "line": 233}]
    out = []
    for i, (s, st) in enumerate(zip(seqs, states)):
        o = (ops or {}).get(s, op)
        out.append({"record_id": s + 311, "pg_id": 0, "process_group": ["0", "default_pg"],
                    "collective_seq_id": s, "p2p_seq_id": 0, "op_id": s,
                    "profiling_name": o, "time_created_ns": t0_ns + i * 3100000000 + rank * 137,
                    "input_sizes": [[numel]], "input_dtypes": ["BFloat16"],
                    "output_sizes": [[numel]], "output_dtypes": ["BFloat16"],
                    "state": st, "time_discovered_started_ns": (t0_ns + i * 3100000000 + 900000) if st != "scheduled" else None,
                    "time_discovered_completed_ns": (t0_ns + i * 3100000000 + 2800000000) if st == "completed" else None,
                    "retired": st == "completed", "timeout_ms": 600000, "is_p2p": False, "frames": frames})
    return out


def fr_dump(rank, entries, last_enq, last_start, last_comp, world):
    return {"version": "2.4", "pg_config": {"0": {"name": "0", "desc": "default_pg", "ranks": "all"}},
            "pg_status": {"0": {"last_enqueued_collective": last_enq, "last_started_collective": last_start,
                                "last_completed_collective": last_comp}},
            "rank": rank, "world_size": world, "entries": entries}


def l01():
    b = Bundle("l01_job_froze_at_same_iteration_then_every_rank_aborted")
    nodes = ["gpu-node-014", "gpu-node-017", "gpu-node-022", "gpu-node-031"]
    gpn, world, bad = 8, 32, 13
    t0 = T(2024, 5, 3, 9, 12, 4)
    iters, tlast = megatron_iters(t0, 8801, 12, 3120.0, b.rng, every=1)
    seq = 41278
    t_to = add(tlast, 600 + 3.4)
    for ni, h in enumerate(nodes):
        lines = []
        for lr in range(gpn):
            lines += nccl_init(h, 51200 + lr, lr, b.rng)[:3]
        if ni == 0:
            lines += iters
        for lr in range(gpn):
            r = ni * gpn + lr
            if r == bad:
                continue
            lines += watchdog_timeout(add(t_to, lr * 0.0013 + ni * 0.02), r, seq, "ALLREDUCE", 16777216, 600000, 600000 + 18 + lr)
        for lr in range(gpn):
            r = ni * gpn + lr
            lines += dump_signal(add(t_to, 0.2 + lr * 0.01), r, first=(r == 5))
        tend = add(t_to, 62)
        if ni == 1:
            lines.append("W%s 71840 torch/distributed/elastic/multiprocessing/api.py:891] Sending process 51205 closing signal SIGTERM" % glog(tend, "")[0:])
        fail = [(lr, ni * gpn + lr, -6, 51200 + lr) for lr in range(gpn) if ni * gpn + lr != bad]
        lines += torchrun_failure(tend, h, fail[:3])
        b.put("%s/torchrun_%s.log" % (h, h.split("-")[-1]), lines)
        for lr in range(gpn):
            r = ni * gpn + lr
            if r == bad:
                ents = fr_entries(r, [seq - 3, seq - 2, seq - 1], ["completed"] * 3)
                d = fr_dump(r, ents, seq - 1, seq - 1, seq - 1, world)
            else:
                ents = fr_entries(r, [seq - 3, seq - 2, seq - 1, seq], ["completed"] * 3 + ["started"])
                d = fr_dump(r, ents, seq, seq, seq - 1, world)
            b.put_json("%s/fr_dump/nccl_trace_rank_%d.json" % (h, r), d)
        b.put("%s/dmesg.txt" % h, benign_dmesg(b.rng, T(2024, 4, 28, 6, 0, 0), t_to, h, style="T",
                                                 xid63=(ni == 3)))
    b.set_label("hang", "infrastructure", {"node": "gpu-node-017", "rank": 13}, "run_diagnostics",
                "Every rank except 13 times out in ALLREDUCE SeqNum 41278; the flight-recorder dump of rank 13 shows it never enqueued that collective (last enqueued 41277), so rank 13 on gpu-node-017 is the stuck rank. No hardware evidence on its node (the Xid 63 on gpu-node-031 is a benign row-remap notice).",
                FR_BLOG)
    return b


def l02():
    b = Bundle("l02_training_stopped_making_progress_no_error_for_ten_minutes")
    nodes = ["dgx-a07", "dgx-a11"]
    gpn, world, bad_node, bad_lr = 8, 16, 1, 3
    bad = bad_node * gpn + bad_lr
    t0 = T(2024, 6, 17, 10, 30, 12)
    steps, tlast = titan_steps(t0, 2100, 10, 1.05, b.rng, every=10)
    seq = 2201
    txid = add(tlast, 0.9)
    t_to = add(tlast, 600 + 1.2)
    for ni, h in enumerate(nodes):
        lines = ["+ torchrun --nnodes=2 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=dgx-a07:29500 -m torchtitan.train --job.config_file llama3_8b.toml"]
        for lr in range(gpn):
            r = ni * gpn + lr
            lines.append("[rank%d]:[titan] %s - root - INFO - CUDA device cuda:%d (PCI %s) assigned to local rank %d" % (r, pylog(add(t0, -300)), lr, BUS_IDS[lr].lower()[4:], lr))
        if ni == 0:
            lines += steps
        for lr in range(gpn):
            r = ni * gpn + lr
            if r == bad:
                continue
            lines += watchdog_timeout(add(t_to, lr * 0.002), r, seq, "ALLREDUCE", 16777216, 600000, 600000 + 11 + lr)
        fail = [(lr, ni * gpn + lr, -6, 40100 + lr) for lr in range(gpn) if ni * gpn + lr != bad]
        lines += torchrun_failure(add(t_to, 61), h, fail[:2])
        b.put("%s/job-77123.out" % h, lines)
        boot = T(2024, 6, 10, 7, 2, 0)
        dm = benign_dmesg(b.rng, boot, t_to, h, style="up")
        if ni == bad_node:
            bid = BUS_IDS[bad_lr].lower()[9:11]
            dm += [dmesg_up(boot, txid) + " NVRM: GPU at PCI:0000:%s:00: GPU-4f1e2c7a-93b0-1d55-8a2e-60c4f9d1b317" % bid,
                   dmesg_up(boot, txid) + " NVRM: Xid (PCI:0000:%s:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % bid,
                   dmesg_up(boot, add(txid, 0.001)) + " NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % bid,
                   dmesg_up(boot, add(txid, 0.4)) + " pcieport 0000:%s:01.0: AER: Uncorrected (Fatal) error received: 0000:%s:00.0" % ("%02x" % (int(bid, 16) - 1), bid)]
            b.put("%s/nvidia-smi.txt" % h, ["$ nvidia-smi", "Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error" % bid.upper()])
        b.put("%s/dmesg.log" % h, dm)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /lustre/jobs/77123/fr -p nccl_trace_rank_",
          "Not all ranks joining collective, sequence number: %d" % seq,
          "internal record id: %d" % (seq + 311),
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "missing ranks: {%d}" % bad,
          "input sizes: [[16777216]]",
          "output sizes: [[16777216]]",
          "world size: %d" % world,
          "expected ranks: {%s}" % ", ".join(str(i) for i in range(world)),
          "collective state: started",
          "collective stack trace:",
          "  all_reduce at torch/distributed/distributed_c10d.py:2501",
          "  clip_grad_norm_ at torchtitan/distributed/utils.py:301",
          "  train_step at torchtitan/train.py:412"]
    b.put("dgx-a07/fr_trace_analysis.txt", fr)
    b.set_label("gpu_hardware", "infrastructure", {"node": "dgx-a11", "rank": 11}, "restart_without_node",
                "The flight-recorder analysis names rank 11 as the only rank missing from all_reduce 2201; rank 11 is local rank 3 on dgx-a11 (PCI 5d:00) and that GPU logged Xid 79 (fallen off the bus) just before the hang, so the hang is that node's GPU failure.",
                "https://github.com/rwth-i6/returnn/issues/1486")
    return b


def l03():
    b = Bundle("l03_all_ranks_hit_nccl_timeout_in_allreduce")
    nodes = ["trn-b2-03", "trn-b2-09", "trn-b3-01"]
    gpn, world = 8, 24
    t0 = T(2024, 4, 24, 0, 41, 9)
    seq = 5653
    t_to = add(t0, 1800 + 6.0)
    for ni, h in enumerate(nodes):
        tz_shift = 8 * 3600 if h == "trn-b3-01" else 0
        lines = []
        for lr in range(gpn):
            lines += nccl_init(h, 3190 + lr, lr, b.rng)[:2]
        if ni == 0:
            it, _ = megatron_iters(add(t0, -12 * 2.9), 5640, 12, 2900.0, b.rng)
            lines += it
        for lr in range(gpn):
            r = ni * gpn + lr
            lines += watchdog_timeout(add(t_to, lr * 0.001 + ni * 0.03 + tz_shift), r, seq, "ALLREDUCE", 58720256, 1800000, 1800010 + lr,
                                      last_enq=seq, last_comp=seq - 1)
        lines += torchrun_failure(add(t_to, 30 + tz_shift), h, [(lr, ni * gpn + lr, -6, 3190 + lr) for lr in range(2)])
        b.put("%s/stderr.log" % h, lines)
        jl = ["-- Logs begin at %s %s. --" % (add(t0, -86400 + tz_shift).strftime("%a %Y-%m-%d %H:%M:%S"), "CST" if tz_shift else "UTC")]
        for k in range(3):
            tt = add(t0, -3600 + k * 1200 + tz_shift)
            jl.append(journal(tt, h) + " nvidia-peermem nv_mem_init: peer memory client registered")
        if h == "trn-b2-09":
            tt = add(t0, -7200)
            jl.append(journal(tt, h) + " NVRM: Xid (PCI:0000:3a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reboot device to activate.")
        b.put("%s/journal_kernel.txt" % h, jl)
        smi = smi_q(add(t_to, 200 + tz_shift), {i: {"remap": ({"corr": 1, "unc": 0, "pending": "Yes", "failure": "No"} if (h == "trn-b2-09" and i == 2) else None)} for i in range(gpn)}, n=gpn)
        b.put("%s/nvidia-smi-q.txt" % h, smi)
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace ./fr_dumps -p nccl_trace_rank_",
          "Loaded 24 dump files",
          "pg 0 (default_pg): all ranks agree up to collective sequence number %d" % (seq - 1),
          "collective sequence number %d: nccl:all_reduce on all 24 ranks, input sizes [[58720256]], state: started on every rank" % seq,
          "No mismatched collectives found; no missing ranks."]
    b.put("trn-b2-03/fr_summary.txt", fr)
    b.set_label("hang", "infrastructure", None, "restart",
                "All 24 ranks enqueued and started all_reduce 5653 and all time out together (last enqueued 5653, last completed 5652 everywhere); the flight recorder finds no missing or mismatched rank and no node shows a fault (the Xid 63 row-remap notice is benign, and trn-b3-01 only logs in UTC+8). No suspect, so restart.",
                "https://github.com/huggingface/open-r1/issues/620")
    return b


def pyspy_stack(pid, rank, frames, thread="MainThread", idle=False):
    out = ["Process %d: /usr/bin/python3 -u train.py --config cfg/run.yaml" % pid,
           "Python v3.10.12 (/usr/bin/python3.10)", "",
           "Thread %d (%s): \"%s\"" % (pid, "idle" if idle else "active", thread)]
    for f in frames:
        out.append("    %s" % f)
    out.append("")
    return out


def l04():
    b = Bundle("l04_hang_right_after_validation_epoch_3")
    nodes = ["node-a", "node-b"]
    gpn, world = 4, 8
    t0 = T(2024, 2, 12, 15, 4, 40)
    seq = 1503
    t_to = add(t0, 1800 + 2)
    for ni, h in enumerate(nodes):
        lines = []
        for lr in range(gpn):
            r = ni * gpn + lr
            lines.append("%s - INFO - rank %d: epoch 3 validation done, val_loss=0.8123" % (pylog(add(t0, -5 + lr * 0.01)), r))
        for lr in range(gpn):
            r = ni * gpn + lr
            op = "ALLREDUCE" if r == 0 else "_ALLGATHER_BASE"
            n = 1 if r == 0 else 33554432
            lines += watchdog_timeout(add(t_to, lr * 0.001), r, seq, op, n, 1800000, 1800003 + lr)
        b.put("%s/train.log" % h, lines)
        ps = []
        for lr in range(gpn):
            r = ni * gpn + lr
            pid = 22100 + r
            if r == 0:
                fr = ["barrier (torch/distributed/c10d_logger.py:83)",
                      "save_best (train.py:212)",
                      "validate (train.py:188)",
                      "main (train.py:301)",
                      "<module> (train.py:322)"]
            else:
                fr = ["_all_gather_base (torch/distributed/distributed_c10d.py:3052)",
                      "_allgather_params (torch/distributed/fsdp/_flat_param.py:1384)",
                      "forward (torch/distributed/fsdp/fully_sharded_data_parallel.py:849)",
                      "train_one_step (train.py:141)",
                      "main (train.py:296)",
                      "<module> (train.py:322)"]
            ps += ["# py-spy dump --pid %d   (rank %d)" % (pid, r)] + pyspy_stack(pid, r, fr)
        b.put("%s/pyspy_dump.txt" % h, ps)
    b.put("node-a/train_snippet.py", ["# excerpt of train.py as submitted (lines 205-215)",
                                      "205    def save_best(model, val_loss):",
                                      "206        global best",
                                      "207        if dist.get_rank() == 0 and val_loss < best:",
                                      "208            best = val_loss",
                                      "209            state = model.state_dict()",
                                      "210            torch.save(state, ckpt_dir / 'best.pt')",
                                      "211            # make sure the file is visible before others continue",
                                      "212            dist.barrier()",
                                      "213        return"])
    b.set_label("user_code", "script", None, "stop",
                "py-spy and the timeout records show rank 0 waiting in dist.barrier() inside `if dist.get_rank() == 0` (save_best) while ranks 1-7 moved on to the next FSDP all-gather at the same sequence number; a collective called on one rank only is an application bug.",
                "https://github.com/huggingface/transformers-bloom-inference/pull/40")
    return b


def l05():
    b = Bundle("l05_step_time_went_to_infinity_then_timeouts")
    nodes = ["gpu-c01", "gpu-c02", "gpu-c03", "gpu-c04"]
    ips = {"gpu-c01": "10.20.3.41", "gpu-c02": "10.20.3.42", "gpu-c03": "10.20.3.44", "gpu-c04": "10.20.3.47"}
    gpn = 8
    t0 = T(2024, 9, 2, 22, 10, 0)
    tdown = add(t0, 47.3)
    seq = 90211
    t_to = add(t0, 600 + 40)
    for ni, h in enumerate(nodes):
        lines = []
        for lr in range(gpn):
            lines += nccl_init(h, 7000 + lr, lr, b.rng)[:4]
        if ni == 0:
            it, _ = megatron_iters(add(t0, -30), 90190, 10, 2950.0, b.rng)
            lines += it
        if h != "gpu-c03":
            for lr in (2, 5):
                lines.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (h, 7000 + lr, 7400 + lr, lr, ips["gpu-c03"], 50000 + lr * 7 + ni, ips[h], ips["gpu-c03"]))
                lines.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (h, 7000 + lr, 7400 + lr, lr))
        else:
            lines.append("%s:%d:%d [2] NCCL WARN NET/IB : Got async event : port error" % (h, 7002, 7402))
        for lr in range(gpn):
            r = ni * gpn + lr
            lines += watchdog_timeout(add(t_to, lr * 0.002), r, seq, "ALLREDUCE", 25165824, 600000, 600012 + lr)
        b.put("%s/rank_logs.txt" % h, lines)
        boot = T(2024, 8, 20, 3, 0, 0)
        dm = benign_dmesg(b.rng, boot, t0, h, style="T", corrected_ecc=(h == "gpu-c01"))
        if h == "gpu-c03":
            dm += [dmesg_T(tdown) + " mlx5_core 0000:5e:00.0: mlx5_port_module_event:1167:(pid 0): Port module event[error]: module 2, Cable error, High Temperature",
                   dmesg_T(add(tdown, 0.02)) + " mlx5_core 0000:5e:00.0 ibp94s0: Link down",
                   dmesg_T(add(tdown, 3.1)) + " mlx5_core 0000:5e:00.0 ibp94s0: Link up",
                   dmesg_T(add(tdown, 9.4)) + " mlx5_core 0000:5e:00.0 ibp94s0: Link down"]
        b.put("%s/dmesg-T.txt" % h, dm)
        ib = []
        for k, dev in enumerate(["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]):
            down = (h == "gpu-c03" and dev == "mlx5_2")
            ib += ["CA '%s'" % dev, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                   "\tPort 1:", "\t\tState: %s" % ("Down" if down else "Active"),
                   "\t\tPhysical state: %s" % ("Polling" if down else "LinkUp"),
                   "\t\tRate: %d" % (10 if down else 400), "\t\tBase lid: %d" % (100 + ni * 4 + k),
                   "\t\tSM lid: 1", "\t\tLink layer: InfiniBand", ""]
        b.put("%s/ibstat.txt" % h, ib)
    b.set_label("network", "infrastructure", {"node": "gpu-c03", "rank": None}, "restart_without_node",
                "Ranks on the other three nodes report IB completion errors (status 12, retry exceeded) all pointing at peer 10.20.3.44, which is gpu-c03; gpu-c03's own dmesg shows a cable error and its mlx5_2 port flapping and now Down in ibstat, so the collective timeouts everywhere are sympathetic to that node's link. The corrected-ECC line on gpu-c01 is noise.",
                "https://github.com/NVIDIA/nccl/issues/1405")
    return b


def l06():
    b = Bundle("l06_run_stuck_all_gpus_at_100_percent_no_progress")
    nodes = ["h100-r4-n12", "h100-r4-n13", "h100-r4-n15"]
    gpn, bad = 8, 14
    t0 = T(2024, 11, 5, 3, 20, 15)
    seq = 3371
    t_to = add(t0, 900 + 5)
    for ni, h in enumerate(nodes):
        lines = []
        if ni == 0:
            st, _ = titan_steps(add(t0, -200), 3300, 20, 1.0, b.rng, every=10)
            lines += st
        for lr in range(gpn):
            r = ni * gpn + lr
            if r == bad:
                continue
            lines += watchdog_timeout(add(t_to, lr * 0.001 + ni * 0.01), r, seq, "REDUCE_SCATTER", 50331648, 900000, 900004 + lr)
        b.put("%s/console.log" % h, lines)
        ps = []
        for lr in range(gpn):
            r = ni * gpn + lr
            pid = 88000 + r * 3
            if r == bad:
                fr = ["synchronize (torch/cuda/__init__.py:892)",
                      "_local_scalar_dense (torch/_ops.py:716)",
                      "item (torch/_tensor.py:... )".replace(":... ", ":1005"),
                      "log_metrics (torchtitan/components/metrics.py:388)",
                      "train_step (torchtitan/train.py:455)",
                      "train (torchtitan/train.py:520)"]
            else:
                fr = ["wait (torch/distributed/distributed_c10d.py:4132)",
                      "_reduce_scatter_tensor (torch/distributed/_functional_collectives.py:298)",
                      "backward (torch/autograd/graph.py:825)",
                      "train_step (torchtitan/train.py:441)",
                      "train (torchtitan/train.py:520)"]
            ps += ["=== rank %d pid %d ===" % (r, pid)] + pyspy_stack(pid, r, fr)
        b.put("%s/py-spy-all.txt" % h, ps)
        gp = [{"idx": i, "temp": 48 + (i * 3) % 7, "power": 180 + i * 2, "cap": 700, "mem": 71000 + i * 10, "util": 100} for i in range(gpn)]
        b.put("%s/nvidia-smi.txt" % h, smi_table(add(t_to, -120), gp, [(i, 88000 + (ni * gpn + i) * 3, "/usr/bin/python3", 70900) for i in range(gpn)]))
        b.put("%s/dmesg.txt" % h, benign_dmesg(b.rng, T(2024, 10, 30, 1, 0, 0), t0, h, style="up"))
    b.set_label("hang", "infrastructure", {"node": "h100-r4-n13", "rank": 14}, "run_diagnostics",
                "py-spy shows every rank waiting in the reduce-scatter of step 3371 except rank 14 (h100-r4-n13, local 6), which is blocked in torch.cuda.synchronize() under a .item() call and never logged a timeout; nothing in dmesg or nvidia-smi points to hardware, so that rank's node needs diagnostics.",
                "https://github.com/NVIDIA/nccl/issues/968")
    return b


def l07():
    b = Bundle("l07_pipeline_job_freezes_at_first_step_after_resume")
    nodes = ["pp-node-1", "pp-node-2"]
    gpn = 4
    t0 = T(2024, 3, 8, 11, 0, 30)
    t_fh = add(t0, 1200)
    for ni, h in enumerate(nodes):
        lines = ["%s [INFO] resumed from checkpoint step 6000, pipeline stages=8, microbatches=16" % bracket(t0)]
        fh = []
        for lr in range(gpn):
            r = ni * gpn + lr
            stage = r
            lines.append("%s [INFO] [rank %d] stage %d: entering 1F1B steady state" % (bracket(add(t0, 2 + r * 0.1)), r, stage))
            fh.append("# faulthandler.dump_traceback_later(1200) fired on rank %d" % r)
            fh.append("Timeout (0:20:00)!")
            fh.append("Thread 0x00007f%08x (most recent call first):" % (0x3a1b2c00 + r))
            if r in (3, 4):
                fh += ['  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", line 2071 in recv',
                       '  File "/workspace/pp/schedule.py", line %d in %s' % (118 if r == 3 else 131, "recv_backward" if r == 3 else "recv_forward"),
                       '  File "/workspace/pp/schedule.py", line 207 in one_f_one_b',
                       '  File "/workspace/train.py", line 90 in train_step',
                       '  File "/workspace/train.py", line 160 in <module>']
            else:
                fh += ['  File "/opt/conda/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py", line 2071 in recv',
                       '  File "/workspace/pp/schedule.py", line 131 in recv_forward' if r > 4 else '  File "/workspace/pp/schedule.py", line 118 in recv_backward',
                       '  File "/workspace/pp/schedule.py", line 207 in one_f_one_b',
                       '  File "/workspace/train.py", line 90 in train_step',
                       '  File "/workspace/train.py", line 160 in <module>']
            fh.append("")
        b.put("%s/faulthandler_ranks.txt" % h, fh)
        b.put("%s/launcher.log" % h, lines)
    b.put("pp-node-1/schedule_diff.txt", ["commit 4e1f0a2 (HEAD) 'overlap p2p in steady state'",
                                         "--- a/pp/schedule.py", "+++ b/pp/schedule.py",
                                         "@@ -200,8 +200,8 @@ def one_f_one_b(stage, ...):",
                                         "-        send_forward(out)",
                                         "-        grad = recv_backward()",
                                         "+        grad = recv_backward()   # moved up to overlap",
                                         "+        send_forward(out)"])
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace dumps/ -p nccl_trace_rank_",
          "pg 3 (pp_3_4): p2p mismatch",
          "  rank 3: nccl:recv 4->3 p2p_seq_id 6001 state scheduled",
          "  rank 4: nccl:recv 3->4 p2p_seq_id 6001 state scheduled",
          "  no matching nccl:send found on either rank"]
    b.put("pp-node-2/fr_p2p.txt", fr)
    b.set_label("user_code", "script", None, "stop",
                "faulthandler dumps show stage 3 (rank 3) blocked in recv_backward while stage 4 (rank 4) is blocked in recv_forward from rank 3, and the flight recorder finds both p2p receives without a matching send; the just-committed schedule change put recv_backward before send_forward, a deadlock in the user's pipeline code.",
                "https://github.com/horovod/horovod/issues/2107")
    return b


def l08():
    b = Bundle("l08_training_hung_during_epoch_two_data_phase")
    nodes = ["cn041", "cn042", "cn043", "cn044", "cn045", "cn046"]
    gpn = 4
    bad = "cn044"
    t0 = T(2024, 7, 19, 13, 45, 0)
    t_hang = add(t0, 3.0)
    seq = 12440
    t_to = add(t_hang, 1800)
    for ni, h in enumerate(nodes):
        lines = ["%s INFO  epoch 2 start, reading shards from /local_nvme/cache/shards" % pylog(add(t0, -60))]
        for lr in range(gpn):
            r = ni * gpn + lr
            if h == bad:
                continue
            lines += watchdog_timeout(add(t_to, lr * 0.002), r, seq, "ALLREDUCE", 8388608, 1800000, 1800006 + lr)
        if h == bad:
            lines.append("%s INFO  [rank %d] dataloader: waiting for batch (elapsed 300s)" % (pylog(add(t_hang, 300)), ni * gpn))
        b.put("%s/slurm-551902.out" % h, lines)
        boot = T(2024, 7, 1, 9, 0, 0)
        dm = benign_dmesg(b.rng, boot, t0, h, style="up")
        if h == bad:
            dm += [dmesg_up(boot, add(t_hang, -2)) + " nvme nvme0: I/O 713 QID 11 timeout, aborting",
                   dmesg_up(boot, add(t_hang, -1.9)) + " nvme nvme0: I/O 714 QID 11 timeout, aborting",
                   dmesg_up(boot, add(t_hang, 28)) + " nvme nvme0: I/O 713 QID 11 timeout, reset controller",
                   dmesg_up(boot, add(t_hang, 59)) + " nvme nvme0: Abort status: 0x371",
                   dmesg_up(boot, add(t_hang, 60)) + " blk_update_request: I/O error, dev nvme0n1, sector 1883245056 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0",
                   dmesg_up(boot, add(t_hang, 245)) + " INFO: task python3:40212 blocked for more than 122 seconds.",
                   dmesg_up(boot, add(t_hang, 245)) + "       Tainted: P           OE     5.15.0-105-generic #115-Ubuntu",
                   dmesg_up(boot, add(t_hang, 245)) + " \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.",
                   dmesg_up(boot, add(t_hang, 245)) + " task:python3         state:D stack:    0 pid:40212 ppid: 40190 flags:0x00004002",
                   dmesg_up(boot, add(t_hang, 245)) + " Call Trace:",
                   dmesg_up(boot, add(t_hang, 245)) + "  <TASK>",
                   dmesg_up(boot, add(t_hang, 245)) + "  io_schedule+0x46/0x80",
                   dmesg_up(boot, add(t_hang, 245)) + "  folio_wait_bit_common+0x14d/0x3a0",
                   dmesg_up(boot, add(t_hang, 245)) + "  filemap_read+0x1c6/0x380",
                   dmesg_up(boot, add(t_hang, 245)) + "  ext4_file_read_iter+0x5f/0x1b0"]
            ps = ["  PID  PPID STAT WCHAN                          %CPU CMD"]
            for lr in range(gpn):
                ps.append("%5d %5d Dl   folio_wait_bit_common           0.0 python3 train.py --local_rank=%d" % (40190 + lr * 7, 40150, lr))
                ps.append("%5d %5d D    io_schedule                     0.0 python3 (pt_data_worker)" % (40212 + lr * 9, 40190 + lr * 7))
            b.put("%s/ps_axo.txt" % h, ps)
        b.put("%s/kern.log" % h, dm)
    b.set_label("storage", "infrastructure", {"node": "cn044", "rank": None}, "restart_without_node",
                "Every rank on the other five nodes times out in all_reduce 12440, while cn044's ranks never reach it: its training and data-worker processes sit in D state reading the local NVMe cache, and its kernel log shows NVMe I/O timeouts, a controller reset and read errors. That node's local disk stalled the job.",
                "https://github.com/canonical/hotsos/issues/381")
    return b


def l09():
    b = Bundle("l09_64_gpu_job_hangs_overnight_every_rank_reports_timeout")
    nodes = ["sx-%03d" % i for i in (101, 102, 105, 106, 108, 110, 111, 114)]
    gpn, bad = 8, 29
    t0 = T(2024, 10, 11, 2, 14, 55)
    seq = 58231
    t_to = add(t0, 600 + 4)
    for ni, h in enumerate(nodes):
        lines = []
        if ni == 0:
            it, _ = megatron_iters(add(t0, -40), 29100, 10, 3900.0, b.rng)
            lines += it
        for lr in range(gpn):
            r = ni * gpn + lr
            if r == bad:
                lines += dump_signal(add(t_to, 0.3), r)
                lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1335] [PG ID 0 PG GUID 0(default_pg) Rank %d] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value." % (r, glog(add(t_to, 0.31)), r))
                continue
            lines += watchdog_timeout(add(t_to, lr * 0.0011 + ni * 0.004), r, seq, "ALLREDUCE", 33554432, 600000, 600007 + lr,
                                      last_enq=seq, last_comp=seq - 1)
        b.put("%s/rank-output.log" % h, lines)
        b.put("%s/dmesg.txt" % h, benign_dmesg(b.rng, T(2024, 10, 1, 8, 0, 0), t0, h, style="T",
                                                 xid63=(h == "sx-102"), corrected_ecc=(h == "sx-110")))
    b.put("sx-106/pg_status_dump.txt", ["# collected with: torch.distributed debug dump on rank 29 after the others aborted",
                                          "pg 0 default_pg: last_enqueued_work=%d last_started_work=%d last_completed_work=%d" % (seq - 1, seq - 1, seq - 1)])
    b.set_label("hang", "infrastructure", {"node": "sx-106", "rank": 29}, "run_diagnostics",
                "63 of 64 ranks time out on all_reduce 58231 with last enqueued 58231; rank 29 (sx-106, local 5) never logs a timeout and its process-group status shows it last enqueued 58230, so it never reached the collective. No hardware evidence on sx-106 (the Xid 63 on sx-102 and the corrected ECC on sx-110 are benign).",
                "https://github.com/pytorch/pytorch/pull/134017")
    return b


def l10():
    b = Bundle("l10_tensor_parallel_job_hung_inside_a_node")
    nodes = ["hgx-17", "hgx-22"]
    gpn = 8
    t0 = T(2025, 1, 14, 18, 2, 10)
    txid = add(t0, 1.4)
    seq = 772
    t_to = add(t0, 600 + 2)
    for ni, h in enumerate(nodes):
        lines = []
        if ni == 0:
            it, _ = megatron_iters(add(t0, -20), 760, 8, 2500.0, b.rng)
            lines += it
        for lr in range(gpn):
            r = ni * gpn + lr
            if ni == 1:
                lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:632] [PG ID 2 PG GUID 2(TENSOR_MODEL_PARALLEL_GROUP) Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=12582912, NumelOut=12582912, Timeout(ms)=600000) ran for 600017 milliseconds before timing out." % (r, glog(add(t_to, lr * 0.001)), lr, seq))
            else:
                lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:632] [PG ID 1 PG GUID 1(DATA_PARALLEL_GROUP) Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=2391, OpType=ALLREDUCE, NumelIn=98304000, NumelOut=98304000, Timeout(ms)=600000) ran for 600009 milliseconds before timing out." % (r, glog(add(t_to, 2.5 + lr * 0.001))))
        b.put("%s/output.txt" % h, lines)
        boot = T(2025, 1, 2, 6, 0, 0)
        dm = benign_dmesg(b.rng, boot, t0, h, style="T")
        if h == "hgx-22":
            dm += [dmesg_T(txid) + " NVRM: Xid (PCI:0000:9a:00): 74, pid=61877, name=python3, NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
                   dmesg_T(add(txid, 0.002)) + " NVRM: Xid (PCI:0000:ab:00): 74, pid=61878, name=python3, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
                   dmesg_T(add(txid, 0.3)) + " NVRM: Xid (PCI:0000:9a:00): 45, pid=61877, name=python3, Ch 00000008"]
        b.put("%s/dmesg.txt" % h, dm)
        nv = ["$ nvidia-smi nvlink -s -i 4" if h == "hgx-22" else "$ nvidia-smi nvlink -s -i 0", "GPU %d: NVIDIA H100 80GB HBM3" % (4 if h == "hgx-22" else 0)]
        for link in range(18):
            inactive = h == "hgx-22" and link == 4
            nv.append("\t Link %d: %s" % (link, "<inactive>" if inactive else "26.562 GB/s"))
        b.put("%s/nvlink_status.txt" % h, nv)
    b.set_label("nvlink", "infrastructure", {"node": "hgx-22", "rank": None}, "restart_without_node",
                "The tensor-parallel group on hgx-22 stalls first (its ranks time out inside the tensor-parallel all-reduce 772, while hgx-17's ranks finished their TP work and wait in the cross-node data-parallel all-reduce), and hgx-22's dmesg shows fatal NVLink Xid 74 on two GPUs seconds after the last good iteration, with link 4 now inactive; the hang comes from that node's NVLink.",
                "https://github.com/NVIDIA/NVSentinel/pull/516")
    return b


CASES = [l01, l02, l03, l04, l05, l06, l07, l08, l09, l10]
