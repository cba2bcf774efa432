"""Cases g10-g27."""
from common import *  # noqa
from cases_b import L, all_timeout


def g10(rng):
    nodes = ["h100-b01", "h100-b02"]
    base = dt(2024, 5, 6, 11, 20, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 5502210, base, "H100", "gpu-h100", "pnguyen", 0, 1.0,
                                    env=("module load cuda/12.1.1", "source ~/venvs/lm/bin/activate  # torch 2.3.0+cu121, flash-attn 2.5.6"))
    tb = ['Traceback (most recent call last):', '  File "/home/pnguyen/lm/train.py", line 14, in <module>',
          '    from flash_attn import flash_attn_func', '  File "/home/pnguyen/venvs/lm/lib/python3.11/site-packages/flash_attn/__init__.py", line 3, in <module>',
          '    from flash_attn.flash_attn_interface import (', '  File "/home/pnguyen/venvs/lm/lib/python3.11/site-packages/flash_attn/flash_attn_interface.py", line 10, in <module>',
          '    import flash_attn_2_cuda as flash_attn_cuda',
          'ImportError: /home/pnguyen/venvs/lm/lib/python3.11/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN3c104cuda9SetDeviceEi']
    for r, n, l in rm:
        files[n + "/train_%s.log" % n] = ["[rank%d]: %s" % (r, x) for x in tb] + (files[n + "/train_%s.log" % n][:0])
    files[nodes[0] + "/slurm-5502210.out"] += child_failed("train.py", T(base, 21), [(0, 0, "h100-b01", 1, 881201, "[See inside the rank's log]")] +
                                                           [(l, l, "h100-b01", 1, 881201 + l, "[See inside the rank's log]") for l in (1, 2, 3)],
                                                           torchrun="/home/pnguyen/venvs/lm/bin/torchrun")
    files[nodes[0] + "/pip_list.txt"] = ["Package                  Version", "------------------------ ------------",
                                         "accelerate               0.29.3", "flash-attn               2.5.6", "ninja                    1.11.1.1",
                                         "nvidia-nccl-cu12         2.20.5", "torch                    2.3.0", "transformers             4.40.1",
                                         "triton                   2.3.0"]
    files[nodes[0] + "/note.txt"] = ["I upgraded torch from 2.2.1 to 2.3.0 yesterday with pip install -U torch. flash-attn was installed before from the prebuilt wheel.",
                                     "Both nodes fail immediately, all 8 ranks. The same venv on the login node gives the same ImportError."]
    lab = L("dependency", "framework", None, "stop",
            "Every rank on both nodes fails at import with flash_attn_2_cuda undefined symbol _ZN3c104cuda9SetDeviceEi: the flash-attn 2.5.6 wheel was built against the older torch and the shared venv was upgraded to torch 2.3.0; reinstall/rebuild flash-attn.",
            "https://github.com/Dao-AILab/flash-attention/issues/931")
    return "g10_import_error_every_rank", finish(files), lab, None


def g11(rng):
    nodes = ["gpu-c01", "gpu-c02", "gpu-c03", "gpu-c04"]
    base = dt(2024, 8, 12, 8, 0, 4)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 5220871, base, "A100", "gpu-a100", "mrossi", 21000, 8.2, style="ds", every=100,
                                    env=("module load cuda/11.8.0", "conda activate ds", "deepspeed 0.12.6 / torch 2.0.1+cu118"))
    out = files[nodes[0] + "/slurm-5220871.out"]
    tck = T(base, 20000 * 8.2 + 130)
    out.insert(-10, "[%s] [INFO] [engine.py:3457:_save_checkpoint] Saving model checkpoint: /scratch/mrossi/gpt-1b/global_step20000/mp_rank_00_model_states.pt" % py(tck))
    tl = T(base, 48 * 3600)
    out += ["slurmstepd: error: *** JOB 5220871 ON gpu-c01 CANCELLED AT %s DUE TO TIME LIMIT ***" % iso(tl),
            "slurmstepd: error: *** STEP 5220871.0 ON gpu-c01 CANCELLED AT %s DUE TO TIME LIMIT ***" % iso(tl),
            "[2024-08-14 08:00:05,118] torch.distributed.elastic.agent.server.api: [WARNING] Received Signals.SIGTERM death signal, shutting down workers",
            "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."]
    files[nodes[0] + "/sacct.txt"] = sacct([("5220871", "gpt-1b", "gpu-a100", "nlp-lab", 256, "TIMEOUT", "0:0", "2-00:00:14", "gpu-c[01-04]"),
                                            ("5220871.batch", "batch", "", "nlp-lab", 64, "CANCELLED", "0:15", "2-00:00:17", "gpu-c01"),
                                            ("5220871.0", "torchrun", "", "nlp-lab", 256, "CANCELLED", "0:15", "2-00:00:10", "gpu-c[01-04]")])
    files[nodes[0] + "/seff.txt"] = seff(5220871, "mrossi", "nlp-lab", "TIMEOUT (exit code 0)", 4, 64, 172814, 22.1, 610.0, 2048.0)
    files[nodes[0] + "/job.sbatch"] = ["#!/bin/bash", "#SBATCH --job-name=gpt-1b", "#SBATCH --partition=gpu-a100", "#SBATCH --nodes=4",
                                       "#SBATCH --gres=gpu:4", "#SBATCH --time=48:00:00", "#SBATCH --exclusive", "srun ./launch.sh --resume auto"]
    lab = L("unknown", "framework", None, "restart",
            "Training progressed normally (loss falling, steady 8.2 s/it) until Slurm cancelled the job at its 48 h wall-time limit (sacct TIMEOUT); no node is at fault. The script resumes automatically from global_step20000, so the SRE action is to resubmit.",
            "https://slurm.schedmd.com/sbatch.html")
    return "g11_job_killed_at_48h", finish(files), lab, None


def g12(rng):
    files = {}
    jid = 6011377
    for att, nodes, base, s0, s1 in [(0, ["node041", "node042"], dt(2025, 1, 8, 2, 10, 0), 0, 7400),
                                     (1, ["node017", "node033"], dt(2025, 1, 8, 9, 55, 30), 7000, 30000)]:
        f, tend, rm, pids = ddp_job(rng, nodes, 4, jid, base, "L40S", "scavenger", "ychen", s1, 0.62, s_start=s0, every=200,
                                    out_name="job-%d.out", env=("module load cuda/12.4.0", "source /home/ychen/venvs/vit/bin/activate"))
        out = f[nodes[0] + "/job-%d.out" % jid]
        if att == 1:
            out.insert(12, "%s INFO [train.py:97] resumed from /scratch/ychen/vit-b/ckpt_step7000.pt (step 7000)" % py(T(base, 100)))
            out.append("%s INFO [train.py:230] training done, final val acc 0.8123" % py(T(tend, 60)))
            out += slurm_epilog(jid, nodes[0], T(tend, 70))
        else:
            out.append("slurmstepd: error: *** JOB %d ON node041 CANCELLED AT %s DUE TO PREEMPTION ***" % (jid, iso(T(tend, 20))))
            out.append("%s WARNING torch.distributed.elastic.agent.server.api: Received Signals.SIGTERM death signal, shutting down workers" % py(T(tend, 21)))
            out.append("Job %d requeued by slurmctld (--requeue, partition scavenger PreemptMode=REQUEUE)" % jid)
        for k, v in f.items():
            files["attempt_%d/%s" % (att, k)] = v
    files["attempt_1/node017/sacct.txt"] = sacct([("6011377", "vit-b", "scavenger", "cv-group", 64, "PREEMPTED", "0:0", "04:51:02", "node[041-042]"),
                                                  ("6011377", "vit-b", "scavenger", "cv-group", 64, "COMPLETED", "0:0", "04:01:40", "node[017,033]")])
    lab = L("unknown", "framework", None, "none",
            "The first run in the scavenger partition was preempted (CANCELLED DUE TO PREEMPTION) and requeued by Slurm; the requeued run resumed from step 7000 on other nodes and completed. Preemption is scheduler policy, not a fault, and the job finished.",
            "https://slurm.schedmd.com/preempt.html")
    return "g12_job_restarted_by_scheduler", finish(files), lab, None


def _pyspy(pid, rank, frames, thread="MainThread"):
    out = ["Process %d: /home/achua/.conda/envs/mm/bin/python -u train.py --config cfg/mm_l.yaml" % pid,
           "Python v3.10.13 (/home/achua/.conda/envs/mm/bin/python3.10)", "",
           "Thread %d (active): \"%s\"" % (pid, thread)]
    out += ["    %s" % f for f in frames]
    out.append("Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (pid + 57))
    out.append("    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:53)")
    return out


def g13(rng):
    nodes = ["gpu-c05", "gpu-c06", "gpu-c07", "gpu-c08"]
    base = dt(2024, 11, 19, 15, 2, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 5710332, base, "A100", "gpu-a100", "achua", 14200, 0.95,
                                    env=("module load cuda/12.1.1", "conda activate mm", "export TORCH_NCCL_BLOCKING_WAIT=0 NCCL_TIMEOUT_MIN=180"))
    out = files[nodes[0] + "/slurm-5710332.out"]
    out.append("slurmstepd: error: *** JOB 5710332 ON gpu-c05 CANCELLED AT %s ***" % iso(T(tend, 7400)))
    norm = ["all_reduce (torch/distributed/distributed_c10d.py:2050)", "wrapper (torch/distributed/c10d_logger.py:72)",
            "reduce_metrics (mm/utils/dist.py:41)", "train_one_epoch (mm/engine.py:166)", "main (train.py:201)", "<module> (train.py:240)"]
    odd = ["_local_scalar_dense (torch/_ops.py:?)", "item (torch/_tensor.py:?)", "train_one_epoch (mm/engine.py:159)", "main (train.py:201)", "<module> (train.py:240)"]
    for i, n in enumerate(nodes):
        d = []
        for r, nn, l in rm:
            if nn == n:
                d += ["=== rank %d (pid %d) ===" % (r, pids[r])] + _pyspy(pids[r], r, odd if r == 13 else norm) + [""]
        files[n + "/pyspy_%s.txt" % n] = d
        files[n + "/dmesg.txt"] = dmesg_boot(rng, n, tend, 0)
    files["gpu-c08/nvidia-smi.txt"] = nvsmi(T(tend, 3600), "A100", 4, "535.154.05", "12.2", [58, 61, 57, 59], [212, 223, 208, 215],
                                            [61022, 60988, 61120, 60970], [100, 100, 100, 100],
                                            procs=[(g, pids[12 + g], "/home/achua/.conda/envs/mm/bin/python", 61010) for g in range(4)])
    files["gpu-c05/ticket.txt"] = ["Job stopped logging at step 14200 and sat there ~2h (I set the NCCL timeout to 3h), GPUs at 100%.",
                                   "I ran py-spy dump on every rank via srun --overlap before scancel. dmesg attached from all nodes (nothing?)."]
    lab = L("hang", "infrastructure", {"node": "gpu-c08", "rank": 13}, "run_diagnostics",
            "py-spy shows 15 ranks waiting in all_reduce in reduce_metrics while rank 13 (gpu-c08, GPU 1) is still blocked in loss.item() of the previous step, i.e. its GPU never finished the kernel; no Xid/dmesg evidence, so the GPU/node should be diagnosed.",
            "https://github.com/rwth-i6/returnn/issues/1484")
    return "g13_no_progress_for_two_hours", finish(files), lab, None


def g14(rng):
    nodes = ["gpu-l40s-07", "gpu-l40s-08"]
    base = dt(2025, 3, 3, 9, 30, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 6230019, base, "L40S", "gpu-l40s", "bsingh", 2000, 0.7,
                                    env=("source ~/venvs/acc/bin/activate  # torch 2.5.1, accelerate 1.2.1", "export TORCH_DISTRIBUTED_DEBUG=DETAIL"))
    out = files[nodes[0] + "/slurm-6230019.out"]
    out.append("%s INFO [train.py:250] epoch 0 done, running validation on main process" % py(T(tend, 3)))
    fp = lambda op, seq: ("CollectiveFingerPrint(SequenceNumber=%d, OpType=%s, TensorShape=[1], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))" % (seq, op))
    for r, n, l in rm:
        if r == 0:
            continue
        files[n + "/train_%s.log" % n] += [
            "[rank%d]: Traceback (most recent call last):" % r,
            '[rank%d]:   File "/home/bsingh/proj/train.py", line 262, in <module>' % r,
            "[rank%d]:     accelerator.wait_for_everyone()" % r,
            '[rank%d]:   File "/home/bsingh/venvs/acc/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 4166, in barrier' % r,
            "[rank%d]:     work = default_pg.barrier(opts=opts)" % r,
            "[rank%d]: RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: CollectiveFingerPrint(SequenceNumber=4021, OpType=BARRIER), but Rank 0 is running collective: %s.Collectives differ in the following aspects: \t Op type: BARRIERvs ALLREDUCE" % (r, r, fp("ALLREDUCE", 4021))]
    files[nodes[0] + "/train_%s.log" % nodes[0]] += [
        "[rank0]: Traceback (most recent call last):", '[rank0]:   File "/home/bsingh/proj/train.py", line 258, in <module>',
        "[rank0]:     if accelerator.is_main_process: val = evaluate(model, val_loader, accelerator)",
        '[rank0]:   File "/home/bsingh/proj/evaluate.py", line 33, in evaluate', "[rank0]:     acc = accelerator.reduce(correct, reduction=\"sum\") / total",
        "[rank0]: RuntimeError: Detected mismatch between collectives on ranks. Rank 0 is running collective: %s, but Rank 1 is running collective: CollectiveFingerPrint(SequenceNumber=4021, OpType=BARRIER).Collectives differ in the following aspects: \t Op type: ALLREDUCEvs BARRIER" % fp("ALLREDUCE", 4021)]
    files[nodes[0] + "/slurm-6230019.out"] += child_failed("train.py", T(tend, 5), [(0, 0, "gpu-l40s-07", 1, pids[0], "[See inside the rank's log]")],
                                                           torchrun="/home/bsingh/venvs/acc/bin/torchrun")
    lab = L("user_code", "script", None, "stop",
            "TORCH_DISTRIBUTED_DEBUG=DETAIL shows rank 0 in an ALLREDUCE from evaluate() (called only under accelerator.is_main_process) while all other ranks are in the wait_for_everyone BARRIER: a collective called on a subset of ranks in the user's script.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return "g14_runtime_error_after_validation", finish(files), lab, None


def g15(rng):
    nodes = ["hpc-g21", "hpc-g22", "hpc-g23"]
    base = dt(2024, 2, 27, 20, 0, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 4602211, base, "A100", "gpu-a100", "oibrahim", 31000, 0.88, every=100)
    tto = T(tend, 1800.2)
    tails = all_timeout(rm, pids, tto, 93211, style="old")
    for n in nodes:
        files[n + "/train_%s.log" % n] += tails[n]
    files["hpc-g21/train_hpc-g21.log"] += ["hpc-g21:%d:%d [0] NCCL INFO [Service thread] Connection closed by localRank 1" % (pids[0], pids[0] + 70),
                                           "hpc-g21:%d:%d [0] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer hpc-g23.hyperion.local<41872>" % (pids[0], pids[0] + 70)]
    for n in nodes:
        files[n + "/dmesg.txt"] = dmesg_boot(rng, n, tend, 0)
    files["hpc-g21/slurm-4602211.out"] += child_failed("train.py", T(tto, 2), [(0, 0, "hpc-g21", -6, pids[0], "Signal 6 (SIGABRT) received by PID %d" % pids[0])])
    files["hpc-g23/nvidia-smi-q_excerpt.txt"] = ["    ECC Errors", "        Volatile", "            SRAM Correctable              : 0",
                                                 "            SRAM Uncorrectable            : 0", "            DRAM Correctable              : 0",
                                                 "            DRAM Uncorrectable            : 0", "    Remapped Rows", "        Correctable Error                 : 0",
                                                 "        Uncorrectable Error               : 0", "        Pending                           : No",
                                                 "        Remapping Failure Occurred        : No"]
    lab = L("hang", "infrastructure", None, "restart",
            "All 12 ranks hit the 30-min watchdog on the same ALLREDUCE SeqNum 93211 within a second; dmesg is clean on all three nodes and hpc-g23 (named by a 'connection closed' line after the abort) has clean ECC/remap counters; no rank or node is singled out.",
            "https://github.com/rwth-i6/returnn/issues/1484")
    return "g15_watchdog_timeout_all_ranks", finish(files), lab, None


def g16(rng):
    nodes = ["gpu-v100-31", "gpu-v100-32"]
    base = dt(2024, 12, 2, 7, 45, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 5901120, base, "V100", "gpu-v100", "efarah", 3300, 1.3,
                                    env=("module load cuda/11.8.0", "source ~/venvs/wds/bin/activate  # torch 2.0.1"))
    tb = ["[rank6]: Traceback (most recent call last):", '[rank6]:   File "/home/efarah/pretrain/train.py", line 180, in <module>',
          "[rank6]:     for batch in loader:", "[rank6]:   File \"/home/efarah/venvs/wds/lib/python3.10/site-packages/webdataset/handlers.py\", line 23, in reraise_exception",
          "[rank6]:     raise exn",
          "[rank6]: FileNotFoundError: [Errno 2] No such file or directory: '/scratch/efarah/laion-sub/shard-00871.tar'"]
    files["gpu-v100-32/train_gpu-v100-32.log"] += tb
    files["gpu-v100-31/slurm-5901120.out"] += child_failed("train.py", T(tend, 40), [(6, 2, "gpu-v100-32", 1, pids[6], "[See inside the rank's log]")],
                                                           torchrun="/home/efarah/venvs/wds/bin/torchrun")
    files["gpu-v100-31/ls_scratch.txt"] = ["$ ls /scratch/efarah/laion-sub | wc -l", "634", "$ ls /scratch/efarah/laion-sub | tail -3",
                                           "shard-00631.tar", "shard-00632.tar", "shard-00633.tar",
                                           "$ cat /scratch/PURGE_NOTICE", "Scratch purge run 2024-12-01 03:00: files not accessed for 60 days were deleted.",
                                           "Per-user log: /scratch/.purge_logs/efarah.2024-12-01.txt (390 files, 4.1 TB)",
                                           "$ head -2 /scratch/.purge_logs/efarah.2024-12-01.txt",
                                           "/scratch/efarah/laion-sub/shard-00634.tar  atime 2024-09-20", "/scratch/efarah/laion-sub/shard-00635.tar  atime 2024-09-20"]
    lab = L("storage", "infrastructure", None, "stop",
            "Rank 6 dies on a missing shard in /scratch; the scratch listing and the purge log show the cluster's 60-day purge deleted shards 634-1023 the day before. Restarting cannot help: a human must re-stage the data.",
            "https://github.com/mittagessen/kraken/issues/266")
    return "g16_file_not_found_mid_epoch", finish(files), lab, None


def g17(rng):
    nodes = ["cn-g03", "cn-g04", "cn-g05", "cn-g06"]
    base = dt(2024, 3, 18, 13, 0, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 4680442, base, "A100", "gpu-a100", "wkim", 5000, 1.0, every=100)
    files[nodes[0] + "/slurm-4680442.out"].append("%s INFO [train.py:211] saving checkpoint to /home/wkim/ckpt/step5000.pt" % py(T(tend, 1)))
    tto = T(tend, 1800.5)
    tails = all_timeout(rm, pids, tto, 61020, skip=(0,))
    for n in nodes:
        files[n + "/train_%s.log" % n] += tails.get(n, [])
    for i, n in enumerate(nodes):
        d = dmesg_boot(rng, n, tend, 0)
        for k in range(3):
            d.append(dmesgT(T(tend, 40 + 300 * k + i)) + " nfs: server nas-home01 not responding, still trying")
        if n == "cn-g03":
            d += [dmesgT(T(tend, 250)) + " INFO: task python:%d blocked for more than 122 seconds." % pids[0],
                  dmesgT(T(tend, 250)) + "       Tainted: P           OE     5.14.0-362.el9.x86_64 #1",
                  dmesgT(T(tend, 250)) + " \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.",
                  dmesgT(T(tend, 250)) + " task:python          state:D stack:0     pid:%d  ppid:%d flags:0x00000002" % (pids[0], pids[0] - 40),
                  dmesgT(T(tend, 250)) + "  nfs_wait_on_request+0x1c/0x40 [nfs]"]
        d.append(dmesgT(T(tend, 2400 + i)) + " nfs: server nas-home01 OK")
        files[n + "/dmesg.txt"] = sorted(d)
    files[nodes[0] + "/slurm-4680442.out"] += child_failed("train.py", T(tto, 3), [(4, 0, "cn-g04", -6, pids[4], "Signal 6 (SIGABRT) received by PID %d" % pids[4])])
    lab = L("storage", "infrastructure", None, "restart",
            "Rank 0 blocked in D state in nfs_wait_on_request while writing the checkpoint to /home; every node logs 'nfs: server nas-home01 not responding' from the same minute (recovering 40 min later) and the other ranks' watchdog timeouts follow. A shared NFS outage, not a node fault.",
            "https://github.com/pytorch/pytorch/issues/10577")
    return "g17_training_frozen_during_checkpoint", finish(files), lab, None


def g18(rng):
    nodes = ["h100-c01", "h100-c02", "h100-c03"]
    base = dt(2025, 5, 14, 4, 10, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 6501904, base, "H100", "gpu-h100", "lgarcia", 12400, 0.61, ver="2.21.5+cuda12.4", driver_cuda="12040")
    te = T(tend, 2)
    files["h100-c02/train_h100-c02.log"] += [
        "[rank7]: Traceback (most recent call last):", '[rank7]:   File "/home/lgarcia/diffusion/train.py", line 301, in <module>',
        "[rank7]:     loss.backward()",
        "[rank7]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "[rank7]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "[rank7]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
        "[rank7]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    tails = all_timeout(rm, pids, T(te, 1800), 38012, skip=(7,))
    for n in nodes:
        files[n + "/train_%s.log" % n] += tails.get(n, [])
    files["h100-c01/slurm-6501904.out"] += child_failed("train.py", T(te, 4), [(7, 3, "h100-c02", 1, pids[7], "[See inside the rank's log]")])
    d = dmesg_boot(rng, "h100-c02", te, 0)
    d += [dmesgT(te) + " NVRM: Xid (PCI:0000:e3:00): 94, pid=%d, name=python, Contained: SM (0x1). RST: No, D-RST: No" % pids[7],
          dmesgT(te) + " NVRM: Xid (PCI:0000:e3:00): 63, pid=%d, name=python, Row Remapper: New row (0x0000000000a41e20) marked for remapping, reset gpu to activate." % pids[7]]
    files["h100-c02/dmesg.txt"] = d
    files["h100-c02/nvidia-smi-q_gpu3_after_reset.txt"] = [
        "GPU 00000000:E3:00.0", "    Product Name                          : NVIDIA H100 80GB HBM3", "    ECC Errors", "        Volatile",
        "            SRAM Correctable              : 0", "            SRAM Uncorrectable Parity     : 0", "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0", "        Aggregate", "            DRAM Uncorrectable            : 1",
        "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 1",
        "        Pending                           : No", "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram", "            Max                           : 2559 bank(s)", "            High                          : 1 bank(s)"]
    lab = L("gpu_memory", "infrastructure", {"node": "h100-c02", "rank": 7}, "restart",
            "Rank 7 (h100-c02, GPU 3, PCI e3) dies with 'uncorrectable ECC error encountered'; dmesg shows Xid 94 (contained ECC error) plus Xid 63, and after the GPU reset nvidia-smi -q reports the row remapped, Pending: No, no remapping failure: the GPU is usable again, so restart.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return "g18_cuda_ecc_error_one_rank", finish(files), lab, None


def g19(rng):
    files = {}
    nodes = ["a100-01", "a100-02", "a100-03", "a100-04"]
    for att, base, sps, s_end in [(0, dt(2024, 9, 2, 10, 0, 0), 0.8, 6200), (1, dt(2024, 9, 2, 12, 31, 0), 0.8, 0)]:
        f, tend, rm, pids = ddp_job(rng, nodes, 4, 5400112 + att * 29, base, "A100", "gpu-a100", "tnakamura", s_end, sps)
        te = T(tend, 3) if att == 0 else T(base, 130)
        f["a100-03/train_a100-03.log"] += ["[rank8]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                                           "[rank8]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect."]
        f["a100-01/slurm-%d.out" % (5400112 + att * 29)] += child_failed("train.py", T(te, 3), [(8, 0, "a100-03", 1, pids[8], "[See inside the rank's log]")])
        f["a100-01/slurm-%d.out" % (5400112 + att * 29)] += ["srun: error: a100-03: task 2: Exited with exit code 1",
                                                             "srun: error: a100-01: task 0: Exited with exit code 1"]
        d = dmesg_boot(rng, "a100-03", te, 0)
        if att == 0:
            d += [dmesgT(te) + " NVRM: Xid (PCI:0000:17:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1." % pids[8],
                  dmesgT(te) + " NVRM: Xid (PCI:0000:17:00): 63, pid=%d, name=python, Row Remapper: New row (0x00000000015c2e80) marked for remapping, reset gpu to activate." % pids[8]]
        else:
            d += [dmesgT(te) + " NVRM: Xid (PCI:0000:17:00): 64, pid=%d, name=python, Row Remapper: Failed to remap row (0x00000000015c2f00), no spare rows available in bank" % pids[8],
                  dmesgT(te) + " NVRM: Xid (PCI:0000:17:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1." % pids[8]]
            f["a100-03/nvidia-smi-q.txt"] = ["GPU 00000000:17:00.0", "    Remapped Rows", "        Correctable Error                 : 0",
                                             "        Uncorrectable Error               : 7", "        Pending                           : Yes",
                                             "        Remapping Failure Occurred        : Yes",
                                             "        Bank Remap Availability Histogram", "            Max                           : 2550 bank(s)",
                                             "            None                          : 1 bank(s)"]
        f["a100-03/dmesg.txt"] = d
        for k, v in f.items():
            files["attempt_%d/%s" % (att, k)] = v
    lab = L("gpu_memory", "infrastructure", {"node": "a100-03", "rank": 8}, "restart_without_node",
            "In both attempts rank 8 (a100-03 GPU 0, PCI 17:00) dies with uncorrectable ECC; dmesg shows Xid 48 DBE, and in the requeued run Xid 64 with nvidia-smi 'Remapping Failure Occurred: Yes': the GPU's HBM cannot be repaired by a reset, drain the node.",
            "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return "g19_repeated_crash_after_requeue", finish(files), lab, None


def g20(rng):
    nodes = ["dgx01", "dgx02"]
    base = dt(2024, 7, 1, 19, 0, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 8, 5102200, base, "A100", "dgx", "vpopescu", 4300, 1.4,
                                    env=("module load cuda/12.2.2 nccl/2.19.3", "source ~/envs/mega/bin/activate"))
    te = T(tend, 2)
    files["dgx02/train_dgx02.log"] += [
        "dgx02:%d:%d [5] NCCL INFO Channel 03 : 13[8b000] -> 14[c8000] via P2P/IPC/read" % (pids[13], pids[13] + 66),
        "dgx02:%d:%d [5] include/alloc.h:103 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (pids[13], pids[13] + 66),
        "[rank13]: RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
        "[rank13]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect."]
    files["dgx01/slurm-5102200.out"] += child_failed("pretrain_gpt.py", T(te, 5), [(13, 5, "dgx02", -6, pids[13], "Signal 6 (SIGABRT) received by PID %d" % pids[13])])
    d = dmesg_boot(rng, "dgx02", te, 0)
    d += [dmesgT(te) + " NVRM: Xid (PCI:0000:8b:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 9(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % pids[13],
          dmesgT(te) + " NVRM: Xid (PCI:0000:8b:00): 45, pid=%d, name=python, Ch 00000010" % pids[13]]
    files["dgx02/dmesg.txt"] = d
    files["dgx02/nvlink_errors.txt"] = ["$ nvidia-smi nvlink -e -i 5", "GPU 5: NVIDIA A100-SXM4-80GB (UUID: GPU-1b77c3d2-5e0a-9af1-0c21-7dd2e91a0b44)"] + [
        "\t Link %d: Replay Errors: %d\n\t Link %d: Recovery Errors: %d\n\t Link %d: CRC Errors: %d" % (k, 4812 if k == 9 else 0, k, 97 if k == 9 else 0, k, 20531 if k == 9 else 0) for k in range(12)]
    lab = L("nvlink", "infrastructure", {"node": "dgx02", "rank": 13}, "restart_without_node",
            "Rank 13 (dgx02 local GPU 5, busId 8b000) fails with 'uncorrectable NVLink error'; dmesg shows Xid 74 fatal NVLink error on link 9 of PCI 8b:00 and nvlink -e shows thousands of replay/CRC errors on that link only.",
            "https://github.com/MIC-DKFZ/nnUNet/issues/1519")
    return "g20_cuda_error_rank13", finish(files), lab, None


def g21(rng):
    files = {}
    for att, nodes, base, s0, nan_step, bad_rank in [
            (0, ["gpu-b01", "gpu-b02", "gpu-b03", "gpu-b04"], dt(2024, 10, 21, 9, 0, 0), 0, 3127, 6),
            (1, ["gpu-b02", "gpu-b05", "gpu-b06", "gpu-b07"], dt(2024, 10, 21, 15, 22, 0), 3000, 3712, 2)]:
        jid = 5612001 + att * 77
        f, tend, rm, pids = ddp_job(rng, nodes, 4, jid, base, "A100", "gpu-a100", "fahmed", nan_step - 27, 0.9, s_start=s0, every=100)
        out = f[nodes[0] + "/slurm-%d.out" % jid]
        if att:
            out.insert(14, "%s INFO [train.py:90] resumed from /scratch/fahmed/run7/ckpt_3000.pt" % py(T(base, 110)))
        te = T(tend, 25)
        f["gpu-b02/train_gpu-b02.log"] += [
            "[rank%d] %s WARNING [guard.py:31] non-finite local loss at step %d: loss=nan grad_norm=nan (local GPU 2, %s)" % (bad_rank, py(te), nan_step, "00000000:CA:00.0"),
            "[rank%d]: Traceback (most recent call last):" % bad_rank,
            "[rank%d]:   File \"/home/fahmed/proj/guard.py\", line 35, in check" % bad_rank,
            "[rank%d]: FloatingPointError: non-finite loss on rank %d at step %d, aborting (other ranks finite)" % (bad_rank, bad_rank, nan_step)]
        out.append("%s INFO [train.py:188] step %d | loss %.4f (rank-0 local)" % (py(T(te, -1)), nan_step, 2.71))
        out += child_failed("train.py", T(te, 2), [(bad_rank, 2, "gpu-b02", 1, pids[bad_rank], "[See inside the rank's log]")])
        for k, v in f.items():
            files["attempt_%d/%s" % (att, k)] = v
    files["attempt_1/gpu-b02/dcgmi_diag_r1.txt"] = ["Successfully ran diagnostic for group.", "+---------------------------+------------------------------------------------+",
                                                    "| Diagnostic                | Result                                         |",
                                                    "+===========================+================================================+",
                                                    "|-----  Deployment  --------+------------------------------------------------|",
                                                    "| Denylist                  | Pass                                           |",
                                                    "| NVML Library              | Pass                                           |",
                                                    "| CUDA Main Library         | Pass                                           |",
                                                    "| Permissions and OS Blocks | Pass                                           |",
                                                    "| Persistence Mode          | Pass                                           |",
                                                    "| Environment Variables     | Pass                                           |",
                                                    "| Page Retirement/Row Remap | Pass                                           |",
                                                    "+---------------------------+------------------------------------------------+"]
    lab = L("gpu_hardware", "infrastructure", {"node": "gpu-b02", "rank": None}, "restart_without_node",
            "Only one rank goes non-finite in each attempt, and it is the rank on gpu-b02 GPU 2 (PCI CA:00) both times (rank 6 at step 3127, then rank 2 at step 3712 after resuming from step 3000 on a different node set), while all other ranks stay finite: the NaN follows the GPU, not the data; dcgmi -r1 passing does not clear it.",
            "https://github.com/NVlabs/edm/issues/7")
    return "g21_nan_loss_again_after_restart", finish(files), lab, None


def g22(rng):
    nodes = ["cn-g11", "cn-g12", "cn-g13", "cn-g14"]
    base = dt(2024, 5, 27, 6, 12, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 5033881, base, "V100", "gpu-v100", "dkowalski", 7100, 1.2, every=100)
    tf = T(tend, 30)
    files["cn-g11/slurm-5033881.out"] += ["srun: error: Node failure on cn-g14",
                                          "slurmstepd: error: *** JOB 5033881 ON cn-g11 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % iso(T(tf, 290)),
                                          "srun: error: cn-g12: task 1: Killed", "srun: error: cn-g13: task 2: Killed"]
    for n in ("cn-g11", "cn-g12", "cn-g13"):
        files[n + "/train_%s.log" % n] += ["[rank%d]: torch.distributed.DistBackendError: NCCL error: remote process exited or there was a network error, NCCL version 2.18.5" % (4 * nodes.index(n)),
                                           "[rank%d]: socketProgress: Connection closed by remote peer cn-g14<51722>" % (4 * nodes.index(n))]
    files["cn-g14/journal_prev_boot.txt"] = [
        journal(T(tf, -30), "cn-g14") + " kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f21c0 offset:0x0 grain:32 syndrome:0x0)",
        journal(tf, "cn-g14") + " kernel: mce: [Hardware Error]: Machine check events logged",
        journal(tf, "cn-g14") + " kernel: mce: [Hardware Error]: CPU 31: Machine Check Exception: 5 Bank 13: be00000000800090",
        journal(tf, "cn-g14") + " kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa7c8a7e1> {native_safe_halt+0x11/0x20}",
        journal(tf, "cn-g14") + " kernel: mce: [Hardware Error]: TSC 6a2e7f1c39b2 ADDR 3f21c0c40 MISC 200001c020009086",
        journal(tf, "cn-g14") + " kernel: EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f21c0 offset:0xc40 grain:32 - err_code:0x0080:0x0090)",
        journal(tf, "cn-g14") + " kernel: Kernel panic - not syncing: Fatal machine check"]
    files["cn-g12/dmesg.txt"] = dmesg_boot(rng, "cn-g12", tf, 0) + [dmesgT(T(tf, -5000)) + " EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#0_DIMM#1 (channel:0 slot:1 page:0x12a01 offset:0x80 grain:32 syndrome:0x0)"]
    files["cn-g11/sacct.txt"] = sacct([("5033881", "vit-l", "gpu-v100", "bio-ml", 160, "NODE_FAIL", "0:0", hms((tf - base).total_seconds() + 290), "cn-g[11-14]")])
    lab = L("host", "infrastructure", {"node": "cn-g14", "rank": None}, "restart_without_node",
            "Slurm reports NODE_FAIL on cn-g14; its previous-boot journal shows an uncorrectable DIMM error (EDAC UE on Chan#2_DIMM#0) and a fatal machine check panic. The other ranks' connection-closed errors are sympathetic; the single corrected EDAC on cn-g12 is noise.",
            "https://docs.kernel.org/driver-api/edac.html")
    return "g22_job_ended_node_fail", finish(files), lab, None


def g23(rng):
    files = {}
    nodes = ["gpu-h100-11", "gpu-h100-12"]
    for att, base in [(0, dt(2025, 6, 2, 8, 0, 0)), (1, dt(2025, 6, 4, 8, 15, 0))]:
        jid = 6630210 + att * 311
        f, tend, rm, pids = ddp_job(rng, nodes, 4, jid, base, "H100", "gpu-h100", "cmartin", 40000 if att == 0 else 0, 4.3, every=500,
                                    env=("module load cuda/12.6.0", "source ~/venvs/gpt/bin/activate  # torch 2.6.0"))
        out = f[nodes[0] + "/slurm-%d.out" % jid]
        if att == 0:
            out.insert(-20, "%s INFO [train.py:244] saved /scratch/cmartin/gpt2-xl/ckpt_036000.pt" % py(T(base, 36000 * 4.3 + 125)))
            out.append("slurmstepd: error: *** JOB %d ON gpu-h100-11 CANCELLED AT %s DUE TO TIME LIMIT ***" % (jid, iso(T(base, 48 * 3600))))
        else:
            out.append("%s INFO [train.py:88] compiling model with torch.compile(mode='max-autotune')" % py(T(base, 70)))
            out.append("%s INFO [train.py:97] resuming from /scratch/cmartin/gpt2-xl/ckpt_036000.pt" % py(T(base, 72)))
            tb = ["Traceback (most recent call last):", '  File "/home/cmartin/gpt/train.py", line 101, in <module>',
                  '    model.load_state_dict(ckpt["model"])',
                  '  File "/home/cmartin/venvs/gpt/lib/python3.11/site-packages/torch/nn/modules/module.py", line 2581, in load_state_dict',
                  "    raise RuntimeError(",
                  'RuntimeError: Error(s) in loading state_dict for OptimizedModule:',
                  '\tMissing key(s) in state_dict: "_orig_mod.transformer.wte.weight", "_orig_mod.transformer.wpe.weight", "_orig_mod.transformer.h.0.ln_1.weight", "_orig_mod.transformer.h.0.attn.c_attn.weight", ... ',
                  '\tUnexpected key(s) in state_dict: "transformer.wte.weight", "transformer.wpe.weight", "transformer.h.0.ln_1.weight", "transformer.h.0.attn.c_attn.weight", ... ']
            for r, n, l in rm:
                f[n + "/train_%s.log" % n] += ["[rank%d]: %s" % (r, x) for x in tb]
            out += child_failed("train.py", T(base, 80), [(0, 0, "gpu-h100-11", 1, pids[0], "[See inside the rank's log]")])
        for k, v in f.items():
            files["attempt_%d/%s" % (att, k)] = v
    lab = L("user_code", "script", None, "stop",
            "The first run trained normally until its time limit; the resubmission now wraps the model in torch.compile before load_state_dict, so every rank fails with missing '_orig_mod.'-prefixed keys / unexpected plain keys: a resume bug in the user's script.",
            "https://github.com/huggingface/pytorch-image-models/pull/2003")
    return "g23_resume_fails_state_dict", finish(files), lab, None


def g24(rng):
    nodes = ["gpu-l40s-11", "gpu-l40s-12"]
    base = dt(2025, 4, 22, 17, 40, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 6400551, base, "L40S", "gpu-l40s", "ivanova", 40000, 0.21, style="lt", every=400,
                                    out_name="pl_%d.out", env=("module load cuda/12.4.0  # Lmod: WARNING: 'cuda/12.4.0' is a default, pin a version",
                                                               "conda activate pl24"))
    out = files[nodes[0] + "/pl_6400551.out"]
    out[0:0] = ["/home/ivanova/.conda/envs/pl24/lib/python3.11/site-packages/lightning/pytorch/trainer/connectors/data_connector.py:424: The 'val_dataloader' does not have many workers which may be a bottleneck. Consider increasing the value of the `num_workers` argument` to `num_workers=7` in the `DataLoader` to improve performance.",
                "'HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read timeout=10)' thrown while requesting HEAD https://huggingface.co/google/vit-base-patch16-224/resolve/main/config.json",
                "Retrying in 1s [Retry 1/5]."]
    out += ["`Trainer.fit` stopped: `max_epochs=1` reached.",
            "┏━━━━━━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━━━━━━┓", "┃      Validate metric      ┃       DataLoader 0        ┃",
            "┡━━━━━━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━━━━━━┩", "│          val_acc          │    0.7841333150863647     │",
            "└───────────────────────────┴───────────────────────────┘"] + slurm_epilog(6400551, nodes[0], T(tend, 90))
    files["gpu-l40s-12/sacct.txt"] = sacct([("6400551", "vit-ft", "gpu-l40s", "cv-group", 64, "COMPLETED", "0:0", hms((tend - base).total_seconds() + 95), "gpu-l40s-[11-12]")])
    lab = L("unknown", "framework", None, "none",
            "Lightning reached max_epochs, printed validation metrics and the job COMPLETED (sacct 0:0); the Lmod warning, HF hub retry, worker-count warning and NCCL net-plugin notice are harmless.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return "g24_lightning_fit_complete", finish(files), lab, None


def g25(rng):
    nodes = ["gpu-a100-21", "gpu-a100-22", "gpu-a100-23", "gpu-a100-24"]
    ips = {n: "10.31.2.%d" % (21 + i) for i, n in enumerate(nodes)}
    base = dt(2024, 8, 29, 0, 30, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 5309002, base, "A100", "gpu-a100", "gtanaka", 9100, 0.9, ips=ips, every=100)
    te = T(tend, 12)
    for r, n, l in rm:
        if n == "gpu-a100-22":
            peer = "10.31.2.21"
        elif l in (0, 1):
            peer = "10.31.2.22"
        else:
            continue
        files[n + "/train_%s.log" % n] += [
            "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGidsfe80::a288:c2ff:fe5a:%04x" % (
                n, pids[r], pids[r] + 80, l, peer, 40000 + r * 17, ips[n], 0x3100 + r),
            "%s:%d:%d [%d] NCCL INFO transport/net.cc:1298 -> 6" % (n, pids[r], pids[r] + 80, l),
            "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.18.5" % r]
    files[nodes[0] + "/slurm-5309002.out"] += child_failed("train.py", T(te, 4), [(0, 0, "gpu-a100-21", 1, pids[0], "[See inside the rank's log]")])
    d = dmesg_boot(rng, "gpu-a100-22", te, 0)
    for k in range(5):
        d += [dmesgT(T(te, -600 + k * 131)) + " mlx5_core 0000:4b:00.0 ibp75s0: Link down",
              dmesgT(T(te, -596 + k * 131)) + " mlx5_core 0000:4b:00.0 ibp75s0: Link up"]
    d += [dmesgT(T(te, -700)) + " mlx5_core 0000:4b:00.0: mlx5_port_module_event:1137:(pid 0): Port module event[error]: module 0, Cable error, Bus stuck (I2C or data shorted)"]
    files["gpu-a100-22/dmesg.txt"] = sorted(d)
    for n in ("gpu-a100-21", "gpu-a100-23"):
        files[n + "/dmesg.txt"] = dmesg_boot(rng, n, te, 0)
    lab = L("network", "infrastructure", {"node": "gpu-a100-22", "rank": None}, "restart_without_node",
            "NCCL on the other nodes reports IB completion errors (status 12, retry exceeded) from peer 10.31.2.22 = gpu-a100-22, and gpu-a100-22 blames others in turn; only gpu-a100-22's dmesg shows its mlx5 port flapping (Link down/up every ~2 min) and a cable module error.",
            "https://github.com/NVIDIA/nccl/issues/1405")
    return "g25_nccl_ib_completion_errors", finish(files), lab, {"topology": {"ib-leaf-07": nodes}}


def g26(rng):
    nodes = ["v100n21", "v100n22"]
    base = dt(2023, 10, 30, 12, 0, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 3810445, base, "V100", "gpu-v100", "agupta", 0, 1.0, ver="2.14.3+cuda11.7",
                                    env=("module load cuda/11.7.1", "source ~/venvs/hf/bin/activate  # torch 1.13.1+cu117, transformers 4.34.1",
                                         "python -m torch.distributed.run ... run_summarization.py --max_source_length 4096 --per_device_train_batch_size 8 --fp16"))
    for r, n, l in rm:
        free = 0.41 + rng.uniform(0, 0.3)
        files[n + "/train_%s.log" % n] += ["[rank%d]: torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU %d; 31.75 GiB total capacity; 28.%02d GiB already allocated; %.2f GiB free; 29.9%d GiB reserved in total by PyTorch) If reserved memory is >> allocated memory try setting max_split_size_mb to avoid fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF" % (r, l, rng.randrange(99), free, rng.randrange(9))]
    files["v100n21/slurm-3810445.out"] += child_failed("run_summarization.py", T(base, 160), [(0, 0, "v100n21", 1, pids[0], "[See inside the rank's log]")],
                                                       torchrun="/home/agupta/venvs/hf/bin/python -m torch.distributed.run")
    files["v100n21/nvidia-smi_before.txt"] = nvsmi(T(base, 20), "V100", 4, "525.105.17", "12.0", [33, 34, 32, 35], [42, 40, 43, 41], [0, 0, 0, 0], [0, 0, 0, 0])
    files["v100n21/ticket.txt"] = ["Worked fine with --max_source_length 1024. After raising it to 4096 every GPU OOMs at the first step. Are the V100s broken?"]
    lab = L("oom", "framework", None, "stop",
            "All 8 ranks OOM at the first step with ~28-30 GiB of the 31.75 GiB allocated by PyTorch itself right after the user quadrupled max_source_length; nvidia-smi shows the GPUs empty before the job. The job's own memory demand exceeds V100-32GB.",
            "https://github.com/nianticlabs/monodepth2/issues/236")
    return "g26_oom_after_raising_seq_len", finish(files), lab, None


def g27(rng):
    nodes = ["gpu-a100-31", "gpu-a100-32", "gpu-a100-33", "gpu-a100-34"]
    base = dt(2025, 1, 20, 10, 0, 0)
    files, tend, rm, pids = ddp_job(rng, nodes, 4, 6100231, base, "A100", "gpu-a100", "hmoreau", 3000, 1.95, every=100, style="ds",
                                    env=("conda activate ds14", "deepspeed 0.14.4 wall_clock_breakdown=true"))
    out = files[nodes[0] + "/slurm-6100231.out"]
    for k in range(3):
        out.append("[%s] [INFO] [logging.py:96:log_dist] [Rank 0] time (ms) | fwd_microstep: %.2f | bwd_microstep: %.2f | bwd_inner_microstep: %.2f | bwd_allreduce_microstep: %.2f | step_microstep: %.2f" % (
            py(T(tend, 200 * k)), 402.1 + k, 801.3 + k, 799.0, 694.2 + 3 * k, 22.1))
    out.append("[per-rank probe] fwd+bwd ms by rank: " + ", ".join("%d:%d" % (r, 1190 + rng.randrange(40) if r in (8, 9, 10, 11) else 505 + rng.randrange(25)) for r in range(16)))
    out.append("slurmstepd: error: *** JOB 6100231 ON gpu-a100-31 CANCELLED AT %s ***" % iso(T(tend, 900)))
    files["gpu-a100-33/nvidia-smi-q_perf.txt"] = ["GPU 00000000:%s" % b for b in ("17:00.0",)] + [
        "    Clocks Event Reasons", "        Idle                              : Not Active", "        SW Power Cap                      : Not Active",
        "        HW Slowdown                       : Not Active", "            HW Thermal Slowdown           : Not Active",
        "            HW Power Brake Slowdown       : Not Active", "        SW Thermal Slowdown               : Not Active",
        "    Clocks", "        SM                                : 1410 MHz", "    Temperature", "        GPU Current Temp                  : 57 C",
        "    PCI", "        GPU Link Info", "            PCIe Generation", "                Current                   : 4", "            Link Width",
        "                Current                   : 16x"]
    for n in nodes:
        files[n + "/dmesg.txt"] = dmesg_boot(rng, n, tend, 0)
    files["gpu-a100-33/top.txt"] = ["top - 11:48:02 up 41 days,  3:12,  0 users,  load average: 33.12, 32.90, 31.77",
                                    "%Cpu(s): 51.2 us,  3.1 sy,  0.0 ni, 45.4 id,  0.0 wa,  0.0 hi,  0.3 si,  0.0 st",
                                    "MiB Mem : 515847.1 total, 301233.9 free,  98120.4 used, 116492.8 buff/cache"]
    lab = L("straggler", "infrastructure", {"node": "gpu-a100-33", "rank": None}, "run_diagnostics",
            "No crash; the per-rank probe shows all four ranks of gpu-a100-33 (8-11) at ~1.2 s fwd+bwd versus ~0.5 s elsewhere, inflating everyone's allreduce wait, yet that node's clocks, throttle reasons, PCIe link, temperatures and dmesg are all normal: a slow node with no hardware explanation.",
            "https://github.com/NVIDIA/nccl/issues/1453")
    return "g27_one_node_slower_than_others", finish(files), lab, None
