"""Cases av19-av27: multi-attempt hardware/network, hangs, stragglers, clean run, contained ECC."""
from common import *
from cases_a import node_dir, tb, DS_FRAMES, CUDA_TAIL, flood_watchdog, mpi_train, mpi_abort_block, mpi_exit_block, srun_tail


def av19():
    files = {}
    boot = dt("2025-06-20 00:00:00")
    att = [(["gx-05", "gx-06", "gx-07", "gx-08"], dt("2025-06-23 09:00:00"), 5531, 1901, 1),
           (["gx-05", "gx-06", "gx-07", "gx-12"], dt("2025-06-23 14:30:00"), 7904, 1902, 5001)]
    for a, (hosts, start, nan_step, seed, s0) in enumerate(att, 1):
        job = Job(seed, hosts, 8, start)
        for r in range(32):
            job.emit(job.jitter(start + TD(seconds=3), 800), r, "%s | INFO | dist | rank %d/%d local_rank %d host %s using cuda:%d (OMPI_COMM_WORLD_RANK)" % (f_pylog(start + TD(seconds=3)), r, 32, job.local(r), job.host_of(r), job.local(r)), "out")
        job.nccl_init(start + TD(seconds=8), "2.21.5")
        if a == 2:
            job.emit(start + TD(seconds=20), 0, "%s | INFO | ckpt | resumed from /lustre/ckpt/vitg/step_005000 (world 32)" % f_pylog(start + TD(seconds=20)), "out")
        t = start + TD(seconds=30)
        rng = job.rng
        loss = 3.2
        for s in range(s0, nan_step):
            t += TD(milliseconds=410 * rng.uniform(0.97, 1.03))
            loss = max(0.9, loss - rng.uniform(0, 0.0003) + rng.uniform(-0.004, 0.004))
            if s % 5 == 0:
                job.emit(t, 0, "%s | INFO | train | step %d loss %.4f grad_norm %.3f lr %.2e" % (f_pylog(t), s, loss, rng.uniform(0.2, 0.5), 2e-4), "out")
        t += TD(milliseconds=400)
        job.emit(t, 19, "%s | WARNING | guard | rank 19 (cuda:3) local grad norm is nan before all-reduce at step %d; first non-finite param: blocks.21.mlp.fc2.weight" % (f_pylog(t), nan_step), "err")
        job.emit(t + TD(milliseconds=30), 19, "\n".join(["Traceback (most recent call last):", '  File "/home/mlops/vitg/train.py", line 244, in <module>', "    main()",
                                                          '  File "/home/mlops/vitg/train.py", line 211, in step', "    guard.check_finite(model, step)",
                                                          "RuntimeError: non-finite gradients on rank 19 at step %d (local grad_norm=nan); refusing to all-reduce" % nan_step]))
        job.emit(t + TD(seconds=2), None, mpi_exit_block(19, "gx-07", 1, 60110 + a), "out", node=-1)
        files["attempt_%d/mpirun_vitg.out" % a] = render(job, "mpirun")
        for n in range(4):
            extra = [(t - TD(hours=2), "NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000a1f330) marked for remapping, reset gpu to activate.")] if hosts[n] == "gx-05" and a == 1 else ()
            smi = nvidia_smi_q(hosts[n], t + TD(minutes=4), overrides={4: {"rr_ce": "1"}} if hosts[n] == "gx-05" else None)
            for k, v in node_dir(job, n, t + TD(minutes=4), boot, extra, smi=smi, dmesg_mode="T").items():
                files["attempt_%d/%s" % (a, k)] = v
    lab = label("gpu_hardware", "infrastructure", culprit("gx-07", 19), "restart_without_node",
                "Both attempts die because rank 19 - gx-07, cuda:3 in both hostfiles - produces a NaN local gradient before any all-reduce (attempt_1/mpirun_vitg.out at step 5531, attempt_2/mpirun_vitg.out at step 7904 after resuming from step 5000). The NaN follows the same node/GPU while the step differs, and no other rank ever goes non-finite, so it is that GPU computing wrong results, not the recipe. gx-07 shows no Xid/ECC record, so category gpu_hardware rather than gpu_memory. The Xid 63 row-remap event on gx-05 (hours earlier, nothing pending afterwards) is a red herring, as are mpirun's exit reports.",
                "https://github.com/AlexeyAB/darknet/issues/5547")
    return {"name": "av19_mpirun_two_attempts_nonfinite_gradients_abort", "label": lab, "files": files}


def av20():
    hosts = ["gpu-q%02d" % i for i in range(1, 5)]
    job = Job(2020, hosts, 8, dt("2025-07-01 04:00:00"))
    boot = dt("2025-06-28 04:00:00")
    t = job.start
    job.nccl_init(t + TD(seconds=10), "2.21.5")
    t, _ = train_generic(job, t + TD(seconds=60), 1, 2100, 830, fmt="[{ts}] step={s} loss={l:.4f} lr={lr:.2e} ms_per_step={ms:.1f}")
    t_wd = t + TD(seconds=600, milliseconds=400)
    flood_watchdog(job, t_wd, range(32), 125044)
    job.emit(t_wd + TD(seconds=25), None, "srun: error: gpu-q01: tasks 0-7: Aborted (core dumped)\nsrun: Terminating StepId=33701.0\nsrun: error: gpu-q02: tasks 8-15: Aborted (core dumped)\nsrun: error: gpu-q04: tasks 24-31: Aborted (core dumped)\nsrun: error: gpu-q03: tasks 16-23: Aborted (core dumped)", "out", node=-1)
    files = {"slurm-33701.out": render(job, "plain")}
    for n in range(4):
        files.update(node_dir(job, n, t_wd + TD(minutes=3), boot, ib=ibstat(hosts[n]), dmesg_mode="T"))
    lab = label("hang", "infrastructure", None, "restart",
                "slurm-33701.out shows normal steps until step 2100, then ten minutes of silence and all 32 ranks on all four hosts report the same 'Watchdog caught collective operation timeout: WorkNCCL(SeqNum=125044, OpType=ALLREDUCE ...)' with last completed work 125043; no rank errors first, the flight recorder was disabled, and every node's dmesg_T.txt, nvidia-smi-q.txt and ibstat.txt are clean. A collective hang with no evidence of who is stuck: restart.",
                "https://github.com/huggingface/trl/issues/1405")
    return {"name": "av20_srun_all_ranks_watchdog_timeout_same_sequence", "label": lab, "files": files}


def pyspy(pid, frames, thread="MainThread"):
    out = ["Process %d: /usr/bin/python -u train.py --local_rank=%d --deepspeed ds_config.json" % (pid, pid % 8), "Python v3.10.12 (/usr/bin/python3.10)", "",
           "Thread %d (active): \"%s\"" % (pid, thread)]
    out += ["    %s" % f for f in frames]
    out += ["Thread %d (idle): \"Thread-3 (_pin_memory_loop)\"" % (pid + 40), "    wait (threading.py:324)", "    get (queue.py:180)", "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:52)"]
    return "\n".join(out) + "\n"


def av21():
    hosts = ["dgx-x01", "dgx-x02", "dgx-x03", "dgx-x04"]
    job = Job(2121, hosts, 8, dt("2025-07-10 13:00:00"))
    boot = dt("2025-07-01 13:00:00")
    t = ds_launch_head(job, job.start)
    c10d_rank_init(job, t)
    job.nccl_init(t + TD(seconds=4))
    t, _ = train_ds(job, t + TD(seconds=40), 1, 1300, 1.22)
    stuck = 13
    t_wd = t + TD(seconds=600, milliseconds=700)
    for r in range(32):
        if r == stuck:
            continue
        tt = job.jitter(t_wd, 900)
        job.emit(tt, r, watchdog_block(tt, r, 50211).replace("Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.", "Dumping flight recorder trace to /scratch/fr/nccl_trace_rank_%d" % r))
    for n in range(4):
        ds_kill(job, n, t_wd + TD(seconds=5 + n), 0 if n != 1 else 4, -6)
    files = {"deepspeed_0710.log": render(job, "pdsh")}
    files["fr_trace_analysis.txt"] = ("$ python -m torch.distributed.flight_recorder.fr_trace /scratch/fr -p nccl_trace_rank_\n"
                                      "Not all ranks have dumped: expected 32, got 31 (missing: [13])\n"
                                      "Collective 50211 at entry 50211 error\n  Reason: Missing ranks: {13}\n  pg_name default_pg, description undefined\n"
                                      "  collective_state: scheduled\n  op: nccl:all_reduce  input_sizes: [[26214400]]  output_sizes: [[26214400]]\n"
                                      "  Last completed collective on every dumped rank: 50210 (nccl:all_reduce)\n")
    files["dgx-x02/pyspy_rank13.txt"] = pyspy(job.pids[stuck], ["_local_scalar_dense (torch/_ops.py:1116)", "item (torch/_tensor.py:?)",
                                                                  "log_metrics (train.py:233)", "main (train.py:281)", "<module> (train.py:301)"])
    files["dgx-x02/pyspy_rank12.txt"] = pyspy(job.pids[12], ["all_reduce (torch/distributed/distributed_c10d.py:2501)", "wrapper (torch/distributed/c10d_logger.py:83)",
                                                              "allreduce_bucket (deepspeed/runtime/zero/stage_1_and_2.py:1527)", "backward (deepspeed/runtime/engine.py:2020)", "main (train.py:276)"])
    snap = t_wd + TD(minutes=2)
    for n in range(4):
        smi = nvidia_smi_q(hosts[n], snap, overrides={5: {"pstate": "P0", "power": "312.40"}} if n == 1 else None)
        files.update(node_dir(job, n, snap, boot, smi=smi, ib=ibstat(hosts[n])))
    lab = label("hang", "infrastructure", culprit("dgx-x02", 13), "run_diagnostics",
                "In deepspeed_0710.log 31 ranks time out on all_reduce SeqNum=50211 while rank 13 (dgx-x02, local 5) never reports; fr_trace_analysis.txt says 'Missing ranks: {13}' for collective 50211 and rank 13 never dumped, and dgx-x02/pyspy_rank13.txt shows it blocked in a CUDA sync (_local_scalar_dense from .item() in log_metrics) instead of in all_reduce like its neighbours (pyspy_rank12.txt). A provably stuck rank with no Xid/ECC or link evidence: run diagnostics on that GPU/node. The other ranks' watchdog timeouts and the launcher's SIGKILLs are sympathetic.",
                "https://github.com/pytorch/tutorials/pull/3814")
    return {"name": "av21_pdsh_job_stalls_then_watchdog_fires", "label": lab, "files": files}


def av22():
    hosts = ["gpu-w%02d" % i for i in range(1, 4)]
    job = Job(2222, hosts, 8, dt("2025-07-15 10:00:00"))
    boot = dt("2025-07-14 10:00:00")
    t = job.start
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    H(t, "torchx 2025-07-15 10:00:00 INFO     Tracker configurations: {}\nslurm://torchx/6610344\ntorchx 2025-07-15 10:00:01 INFO     Waiting for the app to finish...")
    job.nccl_init(t + TD(seconds=20))
    t, _ = train_generic(job, t + TD(seconds=60), 7001, 1000, 760, fmt="{ts} INFO trainer: step {s} loss {l:.4f} lr {lr:.2e} step_ms {ms:.0f}")
    job.emit(t + TD(milliseconds=20), 0, "%s INFO ckpt: rank 0 writing consolidated checkpoint step 8000 to /lustre/runs/clip-l/ckpt/step_8000.pt" % f_pylog(t + TD(milliseconds=20)), "out")
    job.emit(t + TD(seconds=48), 0, "%s INFO ckpt: checkpoint step 8000 written (14.2 GiB, 47.6 s)" % f_pylog(t + TD(seconds=48)), "out")
    t_wd = t + TD(seconds=600, milliseconds=800)
    for r in range(24):
        tt = job.jitter(t_wd, 600)
        if r == 0:
            job.emit(tt, r, watchdog_block(tt, r, 40012, "ALLREDUCE", 1))
        else:
            job.emit(tt, r, watchdog_block(tt, r, 40012, "ALLREDUCE", 26214400))
    for n in range(3):
        tt = t_wd + TD(seconds=3 + n)
        job.emit(tt, None, "E0715 %s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (tt.strftime("%H:%M:%S.%f")[:-3] + "000", job.pids[n * 8] - 40, job.pids[n * 8]), node=n)
    H(t_wd + TD(seconds=9), "torchx 2025-07-15 %s INFO     Job finished: FAILED" % (t_wd + TD(seconds=9)).strftime("%H:%M:%S"))
    files = {"torchx_clip.log": render(job, "torchx")}
    files["pyspy_gpu-w01_rank0.txt"] = pyspy(job.pids[0], ["barrier (torch/distributed/distributed_c10d.py:4159)", "wrapper (torch/distributed/c10d_logger.py:83)",
                                                            "save_checkpoint (clip/ckpt.py:77)", "train (clip/train.py:190)", "<module> (clip/train.py:260)"])
    files["pyspy_gpu-w02_rank9.txt"] = pyspy(job.pids[9], ["all_reduce (torch/distributed/distributed_c10d.py:2501)", "wrapper (torch/distributed/c10d_logger.py:83)",
                                                            "_sync_grads (clip/train.py:121)", "train_step (clip/train.py:142)", "train (clip/train.py:182)"])
    files["clip_ckpt_excerpt.py.txt"] = "def save_checkpoint(model, step, path):\n    if dist.get_rank() == 0:\n        torch.save(consolidate(model), path)\n        dist.barrier()   # wait for everyone before continuing\n"
    for n in range(3):
        files.update(node_dir(job, n, t_wd + TD(minutes=2), boot))
    lab = label("hang", "script", None, "stop",
                "After 'checkpoint step 8000 written' in torchx_clip.log all 24 ranks time out on SeqNum=40012, but rank 0's pending collective has NumelIn=1 (a barrier) while every other rank's is the 26214400-element gradient all-reduce. pyspy_gpu-w01_rank0.txt shows rank 0 in dist.barrier() inside save_checkpoint (clip/ckpt.py:77) while pyspy_gpu-w02_rank9.txt shows the others already in the next step's all_reduce; clip_ckpt_excerpt.py.txt has the barrier inside 'if dist.get_rank() == 0'. The ranks call different collectives because of the program, so restarting will hang again at the next checkpoint: stop and fix the code. No node shows any hardware or network evidence.",
                "https://github.com/instructlab/training/pull/566")
    return {"name": "av22_torchx_job_silent_after_checkpoint_message", "label": lab, "files": files}


def av23():
    hosts = ["gn-%02d" % i for i in range(1, 5)]
    job = Job(2323, hosts, 8, dt("2025-08-04 00:30:00"))
    boot = dt("2025-07-30 00:00:00")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    H(t, "horovodrun -np 32 -H gn-01:8,gn-02:8,gn-03:8,gn-04:8 python train_hvd.py --model vit_h14 --batch-size 96")
    job.nccl_init(t + TD(seconds=10), "2.18.5", cuda="12.2")
    rng = job.rng
    tt = t + TD(seconds=60)
    step = 0
    slow_from = 5200
    for step in range(1, 9001):
        ms = 410 if step < slow_from else 410 + min(280, (step - slow_from) * 0.4)
        tt += TD(milliseconds=ms * rng.uniform(0.98, 1.02))
        if step % 20 == 0:
            job.emit(tt, 0, "%s INFO step %d loss %.4f img/s/gpu %.1f step_time %.0fms" % (f_pylog(tt), step, 3.4 - step / 6000.0 + rng.uniform(-0.03, 0.03), 96000.0 / ms, ms), "out")
        if step > slow_from + 400 and step % 900 == 0:
            job.emit(tt, 0, "[%s.%06d: W /tmp/pip-req-build/horovod/common/stall_inspector.cc:107] One or more tensors were submitted to be reduced, gathered or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 60 seconds. This may indicate that different ranks are trying to submit different tensors or that only subset of ranks is submitting tensors, which will cause deadlock. \nMissing ranks:\n27: [DistributedOptimizer.Allreduce.blocks.31.attn.qkv.weight, DistributedOptimizer.Allreduce.head.weight]" % (f_iso(tt), tt.microsecond), "err") if False else None
        if step > slow_from + 300 and step % 500 == 0:
            job.emit(tt, 0, "%s INFO timeline: allreduce wait p50 per rank (ms): %s" % (f_pylog(tt), " ".join("r%d=%d" % (r, (3 if r == 27 else 240 + (r * 7) % 40)) for r in range(32))), "out")
    files = {"horovodrun_vith.log": render(job, "mpirun")}
    snap = tt
    for n in range(4):
        ov = {3: {"temp": "91", "tlimit": "-4", "hwslow": "Active", "hwthermal": "Active", "swthermal": "Active", "gclk": "1155", "power": "402.11"}} if n == 3 else None
        files.update(node_dir(job, n, snap, boot, smi=nvidia_smi_q(hosts[n], snap, overrides=ov), dmesg_mode="T"))
    files["gn-04/ipmi_sel.txt"] = "  91 | %s | Fan FAN3_B | Lower Critical going low  | Asserted | Reading 0 < Threshold 1200 RPM\n  92 | %s | Temperature GPU3_Temp | Upper Critical going high | Asserted | Reading 91 > Threshold 88 degrees C\n" % (
        (job.start + TD(minutes=35)).strftime("%m/%d/%Y | %H:%M:%S"), (job.start + TD(minutes=37)).strftime("%m/%d/%Y | %H:%M:%S"))
    lab = label("straggler", "infrastructure", culprit("gn-04", 27), "restart_without_node",
                "The job is still running but horovodrun_vith.log shows step_time rising from ~410 ms to ~690 ms from step 5200 on, and the per-rank allreduce wait lines show rank 27 waiting ~3 ms while all others wait ~240-280 ms, i.e. everyone waits for rank 27 (gn-04, local GPU 3). gn-04/nvidia-smi-q.txt shows GPU 3 at 91 C with HW Slowdown / HW Thermal Slowdown Active and SM clock 1155 MHz, and gn-04/ipmi_sel.txt logs fan FAN3_B failing shortly before the slowdown. One node with its own thermal evidence = straggler, restart without it.",
                "https://github.com/kaldi-asr/kaldi/issues/1319")
    return {"name": "av23_horovodrun_step_time_grew_without_errors", "label": lab, "files": files}


def av24():
    hosts = ["gpu-x%02d" % i for i in range(1, 5)]
    job = Job(2424, hosts, 8, dt("2025-08-18 07:00:00"))
    boot = dt("2025-08-10 07:00:00")
    t = ds_launch_head(job, job.start)
    c10d_rank_init(job, t)
    job.nccl_init(t + TD(seconds=4))
    t, _ = train_ds(job, t + TD(seconds=40), 1, 2400, 1.21 * 1.38, samples=185.0)
    rng = job.rng
    for s in range(100, 2401, 100):
        tt = t - TD(seconds=(2400 - s) * 1.67)
        for r in range(32):
            if r == 17:
                job.emit(tt, r, "[rank17] step %d step_time=%.2fs data=0.01s compute=%.2fs comm_wait=%.2fs" % (s, 1.67, 1.63 * rng.uniform(0.99, 1.01), 0.03), "out")
            elif r % 4 == 1:
                job.emit(tt, r, "[rank%d] step %d step_time=%.2fs data=0.01s compute=%.2fs comm_wait=%.2fs" % (r, s, 1.67, 1.18 * rng.uniform(0.99, 1.01), 0.47 * rng.uniform(0.95, 1.05)), "out")
    files = {"ds_run_0818.log": render(job, "pdsh")}
    files["baseline_note.txt"] = "Same config on 2025-08-11 (gpu-x05..x08): RunningAvgSamplesPerSec ~ 255, step ~1.21 s.\n"
    snap = t + TD(minutes=1)
    for n in range(4):
        files.update(node_dir(job, n, snap, boot, ib=ibstat(hosts[n])))
    lab = label("straggler", "infrastructure", culprit("gpu-x03", 17), "run_diagnostics",
                "No error anywhere, but ds_run_0818.log shows RunningAvgSamplesPerSec ~185 versus ~255 in baseline_note.txt, and the per-rank timing lines show rank 17 (gpu-x03, local 1) with compute=1.63 s and comm_wait 0.03 s while every other sampled rank computes in ~1.18 s and then waits ~0.47 s in communication - the whole job waits for rank 17. gpu-x03's nvidia-smi-q.txt (no throttling, no ECC), dmesg.txt and ibstat.txt are clean, so there is no node-local evidence of why: straggler with a known rank, run diagnostics.",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return {"name": "av24_pdsh_throughput_lower_than_last_week", "label": lab, "files": files}


def av25():
    hosts = ["gpu-f%02d" % i for i in range(1, 5)]
    job = Job(2525, hosts, 8, dt("2025-09-01 00:00:05"))
    boot = dt("2025-08-25 00:00:00")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    job.nccl_init(t + TD(seconds=12), "2.21.5")
    socket_t = t + TD(seconds=11)
    job.emit(socket_t, 22, "gpu-f03:%d:%d [6] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to %s<44127> failed : Software caused connection abort" % (job.pids[22], job.pids[22] + 97, job.ips[0]), "out")
    t, _ = train_generic(job, t + TD(seconds=70), 1, 1900, 1180, fmt="{ts} [INFO] step={s} loss={l:.4f} lr={lr:.2e} step_ms={ms:.0f}", every=1)
    # hourly checkpoints
    job.emit(t - TD(minutes=4), 0, "%s [INFO] saved checkpoint step=1700 to /lustre/runs/gpt2m/ckpt/step_1700 (dcp, 32 shards, 38.1 s)" % f_pylog(t - TD(minutes=4)), "out")
    t_end = dt("2025-09-01 00:40:07")
    H(t_end, "slurmstepd: error: *** JOB 901234 ON gpu-f01 CANCELLED AT %s DUE TO TIME LIMIT ***" % f_iso(t_end))
    H(t_end, "slurmstepd: error: *** STEP 901234.0 ON gpu-f01 CANCELLED AT %s DUE TO TIME LIMIT ***" % f_iso(t_end))
    H(t_end + TD(milliseconds=5), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for r in range(32):
        job.emit(job.jitter(t_end + TD(seconds=1), 300), r, "%s [WARNING] received SIGTERM, exiting without final checkpoint" % f_pylog(t_end + TD(seconds=1)), "out")
    job.emit(t_end + TD(seconds=2), 5, "[W901 00:40:09.112000000 TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=31, addr=[gpu-f01]:51822, remote=[gpu-f01]:29500): Connection reset by peer")
    H(t_end + TD(seconds=3), "srun: error: gpu-f01: tasks 0-7: Terminated\nsrun: error: gpu-f02: tasks 8-15: Terminated\nsrun: error: gpu-f04: tasks 24-31: Terminated\nsrun: error: gpu-f03: tasks 16-23: Terminated\nsrun: Force Terminated StepId=901234.0")
    files = {"slurm-901234.out": render(job, "srun_label")}
    files["sacct_901234.txt"] = "JobID           JobName  Partition    Elapsed      State ExitCode\n------------ ---------- ---------- ---------- ---------- --------\n901234         gpt2m_pt      batch   00:40:02    TIMEOUT      0:0\n901234.batch      batch               00:40:04  CANCELLED     0:15\n901234.0         python               00:40:02  CANCELLED     0:15\n"
    for n in range(4):
        extra = [(job.start - TD(days=2), "NVRM: Xid (PCI:0000:5d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000c1a020) marked for remapping, reset gpu to activate.")] if n == 1 else ()
        smi = nvidia_smi_q(hosts[n], t_end, overrides={3: {"rr_ce": "1", "dram_ce": "1"}} if n == 1 else None)
        files.update(node_dir(job, n, t_end + TD(minutes=1), boot, extra, smi=smi, dmesg_mode="T"))
    lab = label("unknown", "framework", None, "none",
                "slurm-901234.out shows steady training (loss decreasing, ~1.18 s/step, regular checkpoints, last at step 1700) until 'JOB 901234 ... CANCELLED AT 2025-09-01T00:40:07 DUE TO TIME LIMIT', and sacct_901234.txt records State TIMEOUT: the scheduler's wall-clock limit ended a healthy run. The SIGTERM messages, the TCPStore 'Connection reset by peer' during teardown, srun's Terminated lines, the NCCL connect retry at startup and the two-day-old Xid 63 on gpu-f02 (row remap recorded, nothing pending in nvidia-smi-q.txt) are not faults.",
                "https://github.com/ZettaAI/zetta_utils/issues/671")
    return {"name": "av25_srun_labelled_job_ends_at_walltime", "label": lab, "files": files}


def av26():
    files = {}
    boot = dt("2025-09-10 00:00:00")
    base = ["ib-n%02d" % i for i in (10, 11, 12, 13, 14, 15)]
    att = [(base, dt("2025-09-15 02:00:00"), 2601, 700),
           (base, dt("2025-09-15 03:05:00"), 2602, 180),
           (["ib-n%02d" % i for i in (12, 13, 14, 15, 16, 17)], dt("2025-09-15 04:00:00"), 2603, 1250)]
    for a, (hosts, start, seed, steps) in enumerate(att, 1):
        job = Job(seed, hosts, 8, start)
        bi = hosts.index("ib-n12")
        t = ds_launch_head(job, start)
        job.nccl_init(t + TD(seconds=4), "2.21.5")
        t, _ = train_ds(job, t + TD(seconds=40), 1, steps, 1.6, samples=300.0)
        t_x = t + TD(milliseconds=300)
        l_bad = 2 + a % 2 * 4   # alternates between local ranks using mlx5_1 / mlx5_3
        rb = bi * 8 + l_bad
        job.emit(t_x, rb, "%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % ("ib-n12", job.pids[rb], job.pids[rb] + 140, l_bad), "out")
        for r in range(48):
            if job.node_of(r) == bi or job.local(r) != l_bad:
                continue
            tt = job.jitter(t_x + TD(seconds=17), 3000)
            job.emit(tt, r, nccl_warn_ib(job.host_of(r), job.pids[r], job.local(r), job.ips[bi], 52000 + r, r, "mlx5_%d" % (l_bad // 2)), "out")
            job.emit(tt + TD(milliseconds=200), r, nccl_remote_error(r, job.host_of(r), job.pids[r], job.local(r), job.ips[bi], 52000 + r, "ib", "mlx5_%d" % (l_bad // 2)))
        for n in range(6):
            ds_kill(job, n, t_x + TD(seconds=22 + n), l_bad, 1)
        files["attempt_%d/deepspeed_run.log" % a] = render(job, "pdsh")
        for n in range(6):
            ib = ibstat(hosts[n])
            for k, v in node_dir(job, n, t_x + TD(minutes=3), boot, ib=ib).items():
                files["attempt_%d/%s" % (a, k)] = v
        bi_h = "ib-n12"
        files["attempt_%d/%s/perfquery_mlx5_%d.txt" % (a, bi_h, l_bad // 2)] = "# Port counters: Lid %d port 1 (CapMask: 0x5A00)\nPortSelect:......................1\nCounterSelect:...................0x0000\nSymbolErrorCounter:..............%d\nLinkErrorRecoveryCounter:........%d\nLinkDownedCounter:...............%d\nPortRcvErrors:...................%d\nPortRcvRemotePhysicalErrors:.....0\nPortXmitDiscards:................%d\nLocalLinkIntegrityErrors:........%d\nExcessiveBufferOverrunErrors:....0\nVL15Dropped:.....................0\n" % (412 + l_bad, 11000 * a + 6531, 18 + 7 * a, 4 + 3 * a, 2210 * a, 1890 * a, 9 * a)
    lab = label("network", "infrastructure", culprit("ib-n12", None), "restart_without_node",
                "Three attempts, two host sets, three different failing steps and different local ranks (local 6 via mlx5_3, then local 2 via mlx5_1, then local 6 again), but every time the first line is 'NET/IB : Got async event : port error' from a rank on ib-n12 and all the status=12 'Got completion from peer' errors on the other hosts accuse ib-n12's address. ib-n12's perfquery files show climbing SymbolErrorCounter/LinkErrorRecoveryCounter/LinkDownedCounter across attempts. The error follows the host, not the step or rank, so it is ib-n12's links (cabling/HCA); the accusing hosts and launcher kills are sympathetic, and ibstat reading Active after recovery does not clear it.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return {"name": "av26_pdsh_three_attempts_ib_completion_errors", "label": lab, "files": files}


def av27():
    hosts = ["a3-n01", "a3-n02", "a3-n03"]
    job = Job(2727, hosts, 8, dt("2025-09-22 15:00:00"))
    boot = dt("2025-09-20 15:00:00")
    t = job.start
    for n in range(3):
        tt = t + TD(seconds=n)
        job.emit(tt, None, "[%s] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % f_pylog(tt), node=n)
        job.emit(tt, None, "W0922 %s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed." % (tt.strftime("%H:%M:%S.%f")[:-3] + "000", job.pids[n * 8] - 40), node=n)
    c10d_rank_init(job, t + TD(seconds=10))
    job.nccl_init(t + TD(seconds=14), "2.21.5")
    t, _ = train_ds(job, t + TD(seconds=60), 1, 1500, 2.3, samples=96.0)
    bad = 12
    t_x = t + TD(milliseconds=700)
    job.emit(t_x + TD(seconds=1), bad, tb(bad, [("/home/rl/rlhf/train_sft.py", 219, "<module>", "main()"), ("/usr/local/lib/python3.11/site-packages/accelerate/accelerator.py", 2233, "backward", "self.deepspeed_engine_wrapped.backward(loss, **kwargs)")],
                                          ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_TAIL))
    tt = t_x + TD(seconds=4)
    job.emit(tt, None, "W0922 %s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (tt.strftime("%H:%M:%S.%f")[:-3] + "000", job.pids[8] - 40, job.pids[8]), node=1)
    job.emit(tt + TD(seconds=1), None, "E0922 %s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 4 (pid: %d) of binary: /usr/bin/python3" % ((tt + TD(seconds=1)).strftime("%H:%M:%S.%f")[:-3] + "000", job.pids[8] - 40, job.pids[bad]), node=1)
    job.emit(tt + TD(seconds=1), None, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n============================================================\ntrain_sft.py FAILED\n------------------------------------------------------------\nFailures:\n  <NO_OTHER_FAILURES>\n------------------------------------------------------------\nRoot Cause (first observed failure):\n[0]:\n  time      : %s\n  host      : a3-n02\n  rank      : 12 (local_rank: 4)\n  exitcode  : 1 (pid: %d)\n  error_file: <N/A>\n  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html\n============================================================" % (tt.strftime("%Y-%m-%d_%H:%M:%S"), job.pids[bad]), node=1)
    for n in (0, 2):
        for r in range(n * 8, n * 8 + 8, 3):
            job.emit(job.jitter(tt + TD(seconds=2), 800), r, nccl_remote_error(r, job.host_of(r), job.pids[r], job.local(r), job.ips[1], 41000 + r, "closed", where="train_sft.py", line=219))
        job.emit(tt + TD(seconds=6), None, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n============================================================\ntrain_sft.py FAILED", node=n)
    files = {}
    for n in range(3):
        files["%s/accelerate_launch.log" % hosts[n]] = per_node(job, n, "torchrun_tee")
    extra = [(t_x, "NVRM: Xid (PCI:0000:9a:00): 94, pid=%d, name=python3, Contained: CE User Channel (0x9). RST: No, D-RST: No" % job.pids[bad]),
             (t_x + TD(milliseconds=2), "NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000002f1c980) marked for remapping, reset gpu to activate.")]
    snap = tt + TD(minutes=10)
    for n in range(3):
        smi = nvidia_smi_q(hosts[n], snap, overrides={4: {"dram_ue": "1", "rr_ue": "1", "rr_pending": "No", "rr_fail": "No"}} if n == 1 else None)
        files.update(node_dir(job, n, snap, boot, extra if n == 1 else (), smi=smi, dmesg_mode="journal"))
    files["a3-n02/nvidia-smi-q_after_reset.txt"] = nvidia_smi_q("a3-n02", snap + TD(minutes=3), overrides={4: {"dram_ue": "0", "agg_dram_ue": "1", "rr_ue": "1", "rr_pending": "No", "rr_fail": "No"}})
    lab = label("gpu_memory", "infrastructure", culprit("a3-n02", 12), "restart",
                "a3-n02/journal_kernel.txt shows 'NVRM: Xid (PCI:0000:9a:00): 94, pid=%d ... Contained' for the pid of rank 12 (a3-n02 machine_rank 1, local_rank 4 = bus 9a), which a second later raises 'CUDA error: uncorrectable ECC error encountered' and is torchrun's root cause in a3-n02/accelerate_launch.log. The error was contained to that process and the row remap succeeded: nvidia-smi-q.txt and nvidia-smi-q_after_reset.txt show Remapped Rows Uncorrectable 1, Pending No, Remapping Failure Occurred No. Per convention the GPU healed itself, so restart (the node can stay). 'Connection closed by remote peer' DistBackendErrors on a3-n01/a3-n03 and their ChildFailedErrors are sympathetic." % job.pids[bad],
                "https://github.com/leptonai/gpud/pull/1174")
    return {"name": "av27_accelerate_per_node_logs_rank_reports_ecc_error", "label": lab, "files": files}


CASES = [av19, av20, av21, av22, av23, av24, av25, av26, av27]
