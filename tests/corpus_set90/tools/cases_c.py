"""Cases ci21..ci30."""
import json
import random

from cases_a import flood, megatron_iter, plain_dmesg_T, sacct
from cases_b import finalize
from common import (Bundle, Job, Stream, add, agent_glog, agent_sigterm, agent_start, childfailed, culprit,
                    dmesg_boot_noise, nccl_init_lines, nvidia_smi_q, T, ts_c10d, ts_iso, ts_py, ts_slurm,
                    ts_uptime, wd_cuda_error, wd_nccl_error)


def ds_ts(t):
    """DeepSpeed launcher logging: [2024-08-27 14:31:55,011]"""
    return f"[{ts_py(t)}]"


# ---------------------------------------------------------------------------
# ci21: DeepSpeed ZeRO-3 + CPU offload; rank 0's node hits its Slurm memory cgroup
# limit while gathering 16-bit weights for the checkpoint; SIGKILL, no traceback.
# ---------------------------------------------------------------------------

def ci21():
    rng = random.Random(9021)
    hosts = ["gpu-v01", "gpu-v02", "gpu-v03", "gpu-v04"]
    job = Job(rng, hosts, site="/usr/local/lib/python3.10/dist-packages")
    b = Bundle("ci21_exitcode_minus9_on_rank0_no_traceback_then_timeouts")
    jobid = 772310
    t0 = T(2024, 8, 27, 11, 2, 20, 0)
    kill = T(2024, 8, 27, 14, 31, 41, 337000)
    boot = T(2024, 8, 1, 19, 11, 48)
    s = Stream()
    s.add(t0, [f"{ds_ts(t0)} [INFO] [runner.py:463:main] Using IP address of 10.90.0.11 for node gpu-v01",
               f"{ds_ts(t0)} [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: gpu-v01,gpu-v02,gpu-v03,gpu-v04",
               f"{ds_ts(t0)} [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w gpu-v01,gpu-v02,gpu-v03,gpu-v04 export PYTHONPATH=/home/ml/sft; cd /home/ml/sft; /usr/bin/python3 -u -m deepspeed.launcher.launch --world_info=eyJncHUtdjAxIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%n --master_addr=10.90.0.11 --master_port=29500 train.py --deepspeed ds_z3_offload.json"])
    for h in hosts:
        for r in job.ranks_of(h):
            tl = add(t0, 3 + job.local(r) * 0.01)
            s.add(tl, f"{h}: {ds_ts(tl)} [INFO] [launch.py:256:main] process {job.pid[r]} spawned with command: ['/usr/bin/python3', '-u', 'train.py', '--local_rank={job.local(r)}', '--deepspeed', 'ds_z3_offload.json']")
    ti = add(t0, 70)
    s.add(ti, [f"gpu-v01: {ds_ts(ti)} [INFO] [config.py:1000:print]   zero_optimization_stage ...... 3",
               f"gpu-v01: {ds_ts(ti)} [INFO] [config.py:1000:print]   zero_config .................. stage=3 contiguous_gradients=True reduce_scatter=True overlap_comm=True offload_param=None offload_optimizer=DeepSpeedZeroOffloadOptimizerConfig(device='cpu', nvme_path=None, buffer_count=4, pin_memory=True, pipeline_read=False, pipeline_write=False, fast_init=False, ratio=1.0) stage3_gather_16bit_weights_on_model_save=True",
               f"gpu-v01: {ds_ts(ti)} [INFO] [utils.py:800:see_memory_usage] CPU Virtual Memory:  used = 611.42 GB, percent = 30.4%"])
    tt = add(t0, 120)
    st = 0
    dt_step = ((kill - tt).total_seconds() - 38.5) / 2000.0
    while st <= 2000:
        if st % 50 == 0:
            cpu = 611 + st * 0.47 + rng.uniform(-3, 3)
            s.add(tt, f"gpu-v01: [rank0]:{ds_ts(tt)} [INFO] [logging.py:96:log_dist] [Rank 0] step={st}, skipped=0, lr=[1.9e-05], mom=[(0.9, 0.95)]  loss={1.21 - st * 1e-4 + rng.uniform(-0.02, 0.02):.4f} host_mem={cpu:.1f}GB")
        st += 1
        if st <= 2000:
            tt = add(tt, dt_step)
    tsave = add(tt, 1.3)
    s.add(tsave, [f"gpu-v01: [rank0]:{ds_ts(tsave)} [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: /ckpt/sft70b/global_step2000/zero_pp_rank_0_mp_rank_00_model_states.pt",
                  f"gpu-v01: [rank0]:{ds_ts(add(tsave, 0.2))} [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /ckpt/sft70b/global_step2000/zero_pp_rank_0_mp_rank_00_model_states.pt...",
                  f"gpu-v01: [rank0]:{ds_ts(add(tsave, 9.5))} [INFO] [engine.py:3612:save_16bit_model] gathering full 16-bit state dict on rank 0 (stage3_gather_16bit_weights_on_model_save=True)"])
    v1 = job.ranks_of("gpu-v01")
    tk = add(kill, 1.4)
    s.add(tk, [f"gpu-v01: {ds_ts(tk)} [INFO] [launch.py:319:sigkill_handler] Killing subprocess {job.pid[r]}" for r in v1] +
          [f"gpu-v01: {ds_ts(add(tk, 0.3))} [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=0', '--deepspeed', 'ds_z3_offload.json'] exits with return code = -9"])
    rest = [r for r in range(job.world) if r not in v1]
    fl = flood(job, rng, rest, add(kill, -0.5), 120771, "_ALLGATHER_BASE", 939524096, 600000, trace={8, 24})
    byh = {}
    for f, r, ls in fl:
        s.add(f, ls, f"{job.host(r)}: ")
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        td = add(evs[0][0], 1.1)
        s.add(td, [f"{h}: {ds_ts(td)} [INFO] [launch.py:319:sigkill_handler] Killing subprocess {job.pid[r]}" for r in job.ranks_of(h)] +
              [f"{h}: {ds_ts(add(td, 0.4))} [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank={job.local(evs[0][1])}', '--deepspeed', 'ds_z3_offload.json'] exits with return code = -6"])
    tend = add(max(f for f, _, _ in fl), 5)
    s.add(add(kill, 2.2), f"slurmstepd: error: Detected 1 oom_kill event in StepId={jobid}.batch. Some of the step tasks have been OOM Killed.")
    s.add(tend, [f"pdsh@gpu-v01: {h}: ssh exited with exit code 250" for h in hosts[1:]] + ["pdsh@gpu-v01: gpu-v01: ssh exited with exit code 247"])
    b.w(f"slurm-{jobid}.out", s.render())
    pid0 = job.pid[0]
    ev = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise())]
    ev += [(kill, "python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0"),
           (kill, f"CPU: 12 PID: {pid0} Comm: python3 Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
           (kill, f"memory: usage 1887436800kB, limit 1887436800kB, failcnt 1922"),
           (kill, f"swap: usage 0kB, limit 9007199254740988kB, failcnt 0"),
           (kill, f"Memory cgroup stats for /slurm/uid_1001/job_{jobid}:"),
           (kill, "anon 1921102839808"),
           (kill, "file 1711276032"),
           (kill, "Tasks state (memory values in pages):"),
           (kill, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")]
    for r in v1:
        rss = 118000000 if r == 0 else rng.randint(52000000, 56000000)
        ev.append((kill, f"[{job.pid[r]:>7}]  1001 {job.pid[r]:>6} {rss + 9000000:>8} {rss:>8} {rss * 2 // 1000 * 1024:>14}        0             0 python3"))
    ev += [(kill, f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_batch,mems_allowed=0-1,oom_memcg=/slurm/uid_1001/job_{jobid},task_memcg=/slurm/uid_1001/job_{jobid}/step_batch/user/task_0,task=python3,pid={pid0},uid=1001"),
           (add(kill, 0.001), f"Memory cgroup out of memory: Killed process {pid0} (python3) total-vm:508213644kB, anon-rss:471988112kB, file-rss:412880kB, shmem-rss:0kB, UID:1001 pgtables:926112kB oom_score_adj:0"),
           (add(kill, 2.1), f"oom_reaper: reaped process {pid0} (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:0kB")]
    ev.sort(key=lambda x: x[0])
    b.w("gpu-v01/dmesg.txt", [f"{ts_uptime(t, boot)} {m}" for t, m in ev])
    b.w("gpu-v01/uptime-s.txt", ["$ uptime -s", f"{boot:%Y-%m-%d %H:%M:%S}"])
    b.w("ds_z3_offload.json", json.dumps({"train_micro_batch_size_per_gpu": 1, "gradient_accumulation_steps": 16, "bf16": {"enabled": True},
                                          "zero_optimization": {"stage": 3, "offload_optimizer": {"device": "cpu", "pin_memory": True},
                                                                "overlap_comm": True, "stage3_gather_16bit_weights_on_model_save": True},
                                          "checkpoint": {"save_interval": 2000}}, indent=2))
    b.w("job.sbatch", ["#!/bin/bash", "#SBATCH -N 4 --gpus-per-node=8 --mem=1800G --exclusive", "#SBATCH --time=24:00:00",
                       "deepspeed --hostfile hostfile --launcher pdsh train.py --deepspeed ds_z3_offload.json --model llama-70b --save_steps 2000"])
    b.w("sacct.txt", ["JobID           JobName      State ExitCode     MaxRSS   ReqMem               Start                 End        NodeList ",
                      "------------ ---------- ---------- -------- ---------- -------- ------------------- ------------------- --------------- ",
                      f"{jobid:<12} sft70b     OUT_OF_ME+    0:125                1800G {ts_slurm(t0)} {ts_slurm(tend)} gpu-v[01-04]    ",
                      f"{jobid}.batch      batch OUT_OF_ME+    0:125   1799.9G          {ts_slurm(t0)} {ts_slurm(tend)} gpu-v01         ",
                      f"{jobid}.extern     extern  COMPLETED      0:0          0          {ts_slurm(t0)} {ts_slurm(tend)} gpu-v[01-04]    "])
    b.set_label("oom", "script", None, "stop",
                "Right after rank 0 starts gathering the full 16-bit state dict for the step-2000 checkpoint, gpu-v01's dmesg (uptime stamp = 14:31:41) shows a memory-cgroup OOM (CONSTRAINT_MEMCG, the job's own 1800G limit) killing rank 0's python3 at ~450 GB RSS on top of pinned CPU-offload optimizer state; the launcher reports return code -9 and the other nodes time out. The DeepSpeed config's memory demand, not the node, is the cause.",
                "https://github.com/hiyouga/LlamaFactory/issues/163")
    return b


# ---------------------------------------------------------------------------
# ci22: job completes; NCCL async-event warnings, shutdown TCPStore resets, an S3
# upload retry, a corrected PCIe AER burst.
# ---------------------------------------------------------------------------

def ci22():
    rng = random.Random(9022)
    hosts = ["gpu-s01", "gpu-s02", "gpu-s03", "gpu-s04"]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci22_ib_async_events_and_connection_resets_in_a_finished_job")
    jobid = 661002
    t0 = T(2024, 9, 9, 1, 0, 0, 0)
    tend = T(2024, 9, 9, 7, 12, 44, 0)
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 4, "gpu-s01:29500"))
        for r in job.ranks_of(h):
            streams[h].add(add(t0, 15 + rng.uniform(0, 1)), nccl_init_lines(job, r, "bond0", f"10.95.0.{hosts.index(h) + 11}", ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"]))
    r = job.ranks_of("gpu-s03")[1]
    tw = T(2024, 9, 9, 3, 21, 7, 412000)
    streams["gpu-s03"].add(tw, [f"gpu-s03:{job.pid[r]}:{job.tid[r] + 2} [1] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_1:1 Got async event : client reregistration", "",
                                f"gpu-s03:{job.pid[r]}:{job.tid[r] + 2} [1] transport/net_ib.cc:101 NCCL WARN NET/IB : mlx5_1:1 Got async event : GID table change", ""])
    tt = add(t0, 60)
    st = 0
    while tt < add(tend, -60):
        if st % 200 == 0:
            streams["gpu-s01"].add(tt, f"[rank0]:{ts_py(tt)} INFO trainer: step {st}/9600 loss {2.4 * 0.9998 ** st + 0.9:.4f} lr 3.0e-04")
        st += 1
        tt = add(tt, 2.3)
    tu = T(2024, 9, 9, 5, 0, 14, 88000)
    streams["gpu-s01"].add(tu, [f"[rank0]:{ts_py(tu)} INFO ckpt: uploading step_6000 to s3://ml-ckpt/run-0909/step_6000 (37 files, 142.1 GiB)",
                                f"[rank0]:{ts_py(add(tu, 41.2))} WARNING botocore.retryhandler: Retry needed, retrying request after delay of: 0.82 (ConnectionResetError(104, 'Connection reset by peer'))",
                                f"[rank0]:{ts_py(add(tu, 212.9))} INFO ckpt: upload of step_6000 complete (37/37 files, md5 verified)"])
    tf = add(tend, -50)
    streams["gpu-s01"].add(tf, f"[rank0]:{ts_py(tf)} INFO trainer: step 9600/9600 loss 1.0412 - training finished, final checkpoint written to /ckpt/run-0909/step_9600")
    for h in hosts:
        for r in job.ranks_of(h):
            tx = add(tend, -40 + rng.uniform(0, 3))
            streams[h].add(tx, f"[rank{r}]:[W{ts_c10d(tx, rng.randint(0, 999))} ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())")
    for h in hosts[1:]:
        r = job.ranks_of(h)[0]
        tr = add(tend, -36)
        streams[h].add(tr, f"[rank{r}]:[W{ts_c10d(tr, rng.randint(0, 999))} TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=71, addr=[{h}]:{rng.randint(40000, 60000)}, remote=[gpu-s01]:29500): Connection reset by peer")
    for h in hosts:
        ta = add(tend, -30)
        streams[h].add(ta, [agent_glog(job, h, ta, "I", "elastic/agent/server/api.py", 879, "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."),
                            agent_glog(job, h, ta, "I", "elastic/agent/server/api.py", 932, "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"),
                            agent_glog(job, h, add(ta, 2.3), "I", "elastic/agent/server/api.py", 946, "Done waiting for other agents. Elapsed: 2.3117289543151855 seconds")])
        b.w(f"{h}/stdout.log", streams[h].render())
    boot = T(2024, 9, 2, 11, 0, 0)
    for h in hosts:
        ev = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise())]
        if h == "gpu-s03":
            ta = T(2024, 9, 9, 3, 21, 6)
            ev += [(ta, "pcieport 0000:40:01.1: AER: Corrected error received: 0000:41:00.0"),
                   (ta, "mlx5_core 0000:41:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                   (ta, "mlx5_core 0000:41:00.0:   device [15b3:1021] error status/mask=00000001/00000000"),
                   (ta, "mlx5_core 0000:41:00.0:    [ 0] RxErr                  (First)")]
        b.w(f"{h}/dmesg.txt", plain_dmesg_T(ev))
    b.w("sacct.txt", sacct(jobid, "pt-1b-mix", "COMPLETED", "0:0", t0, tend, "gpu-s[01-04]",
                           [("batch", "batch", "COMPLETED", "0:0", 224, t0, tend, "gpu-s01"),
                            ("0", "torchrun", "COMPLETED", "0:0", 896, add(t0, 1), add(tend, -2), "gpu-s[01-04]")]))
    b.set_label("unknown", "framework", None, "none",
                "sacct reports COMPLETED 0:0, rank 0 logs step 9600/9600 and the final checkpoint, and every torchrun agent reports WorkerState.SUCCEEDED. The IB async events, the corrected PCIe AER on gpu-s03, the retried S3 upload and the TCPStore resets at shutdown did not stop anything.",
                "https://github.com/google/nccl-fastsocket/issues/4")
    return b


# ---------------------------------------------------------------------------
# ci23: user scancel; NCCL remote errors and SignalExceptions during shutdown.
# ---------------------------------------------------------------------------

def ci23():
    rng = random.Random(9023)
    hosts = [f"gpu-e{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci23_sigterm_to_every_rank_then_nccl_remote_errors")
    jobid = 90211
    t0 = T(2024, 7, 1, 6, 44, 0, 0)
    cancel = T(2024, 7, 1, 10, 15, 22, 0)
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "gpu-e01:29500"))
    tt = add(t0, 80)
    st = 0
    while tt < cancel:
        if st % 100 == 0:
            streams["gpu-e01"].add(tt, f"[rank0]:{ts_py(tt)} INFO step {st} loss {2.9 * 0.9997 ** st + 1.1:.4f} lr 2.0e-4 (ablation lr-sweep-b)")
        st += 1
        tt = add(tt, 1.41)
    tw = T(2024, 7, 1, 7, 2, 11, 0)
    streams["gpu-e03"].add(tw, f"[rank17]:{ts_py(tw)} WARNING data: 12 documents exceeded max_seq_len=4096 and were truncated")
    for h in hosts:
        tsig = add(cancel, 0.1 + rng.uniform(0, 0.3))
        streams[h].add(tsig, [agent_glog(job, h, tsig, "W", "elastic/agent/server/api.py", 704, "Received Signals.SIGTERM death signal, shutting down workers")] +
                       agent_sigterm(job, h, add(tsig, 0.001), job.ranks_of(h)))
    for r in [9, 30, 41, 58]:
        h = job.host(r)
        te = add(cancel, 0.9 + rng.uniform(0, 0.6))
        peer = hosts[(hosts.index(h) + 1) % len(hosts)]
        streams[h].add(te, wd_nccl_error(job, r, te, f"socketProgress: Connection closed by remote peer {peer}<{rng.randint(40000, 60000)}>", trace=(r == 9)))
    for h in hosts:
        te = add(cancel, 3.2 + rng.uniform(0, 0.5))
        streams[h].add(te, ["Traceback (most recent call last):", "  File \"/usr/local/bin/torchrun\", line 8, in <module>", "    sys.exit(main())",
                            f"  File \"{job.site}/torch/distributed/elastic/agent/server/api.py\", line 849, in _invoke_run",
                            "    time.sleep(monitor_interval)",
                            f"  File \"{job.site}/torch/distributed/elastic/multiprocessing/api.py\", line 84, in _terminate_process_handler",
                            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
                            f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {job.agent_pid[h]} got signal: 15"])
        b.w(f"{h}/stdout.log", streams[h].render())
    b.w(f"slurm-{jobid}.out", ["+ srun --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-endpoint=gpu-e01:29500 train.py --cfg sweeps/lr_b.yaml",
                               f"slurmstepd: error: *** JOB {jobid} ON gpu-e01 CANCELLED AT {ts_slurm(cancel)} ***",
                               f"slurmstepd: error: *** STEP {jobid}.0 ON gpu-e01 CANCELLED AT {ts_slurm(cancel)} ***",
                               "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                               "srun: forcing job termination"])
    b.w("sacct.txt", ["JobID           JobName       User      State ExitCode               Start                 End        NodeList ",
                      "------------ ---------- ---------- ---------- -------- ------------------- ------------------- --------------- ",
                      f"{jobid:<12}   lr-sweep      akoch CANCELLED+      0:0 {ts_slurm(t0)} {ts_slurm(add(cancel, 4))} gpu-e[01-08]    ",
                      f"{jobid}.batch       batch            CANCELLED     0:15 {ts_slurm(t0)} {ts_slurm(add(cancel, 5))} gpu-e01         ",
                      f"{jobid}.0      torchrun            CANCELLED     0:15 {ts_slurm(add(t0, 1))} {ts_slurm(add(cancel, 5))} gpu-e[01-08]    ",
                      "",
                      f"$ sacct -j {jobid} -X -o JobID,State%30,Reason",
                      "       JobID                          State     Reason ",
                      "------------ ------------------------------ ---------- ",
                      f"{jobid:<12}            CANCELLED by 41023       None "])
    b.w("slurmctld-excerpt.log", [f"[{ts_slurm(cancel)}.004] _slurm_rpc_kill_job: REQUEST_KILL_JOB JobId={jobid} uid 41023",
                                  f"[{ts_slurm(cancel)}.004] job_signal: 9 of running JobId={jobid} successful 0x8004"])
    b.set_label("unknown", "infrastructure", None, "none",
                "The job owner (uid 41023) cancelled it at 10:15:22: slurmctld logs REQUEST_KILL_JOB from that uid and sacct shows 'CANCELLED by 41023'. Every torchrun agent got SIGTERM at that moment; the NCCL 'remote process exited' errors that follow within seconds are the shutdown. No fault before the cancel.",
                "https://github.com/kyutai-labs/pocket-tts/pull/277")
    return b


# ---------------------------------------------------------------------------
# ci24: Xid 74 NVLink fatal on gpu-l02 GPU3 (dmesg -T); two ranks on the node report
# NVLink CUDA errors; everyone else times out.
# ---------------------------------------------------------------------------

def ci24():
    rng = random.Random(9024)
    hosts = ["gpu-l01", "gpu-l02", "gpu-l03", "gpu-l04"]
    job = Job(rng, hosts)
    b = Bundle("ci24_nvlink_cuda_errors_on_two_ranks_then_flood")
    t0 = T(2024, 10, 14, 19, 3, 0, 0)
    xid = T(2024, 10, 14, 22, 48, 31, 0)
    bad = "gpu-l02"
    cr = 11
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 4, "gpu-l01:29500"))
    tt = add(t0, 60)
    st = 0
    while tt < xid:
        if st % 100 == 0:
            streams["gpu-l01"].add(tt, f"[rank0]:{ts_py(tt)} INFO step {st + 30100} loss {1.77 + rng.uniform(-0.02, 0.02):.4f} tp=8 dp=4")
        st += 1
        tt = add(tt, 1.66)
    t11 = add(xid, 1.9)
    streams[bad].add(t11, wd_cuda_error(job, cr, t11, "uncorrectable NVLink error detected during the execution"))
    t14 = add(xid, 2.8)
    streams[bad].add(t14, wd_cuda_error(job, 14, t14, "uncorrectable NVLink error detected during the execution"))
    nb = job.ranks_of(bad)
    td = add(t11, 4.2)
    streams[bad].add(td, agent_sigterm(job, bad, td, [r for r in nb if r not in (cr, 14)]))
    fails = [dict(rank=cr, exitcode=-6, time=add(t11, 0.6)), dict(rank=14, exitcode=-6, time=add(t14, 0.6))]
    fails += [dict(rank=r, exitcode=-15, time=add(td, 0.5)) for r in nb if r not in (cr, 14)]
    streams[bad].add(add(td, 1.5), childfailed(job, bad, add(td, 1.5), script, fails))
    rest = [r for r in range(job.world) if r not in nb]
    fl = flood(job, rng, rest, add(xid, 0.5), 7730114, "_REDUCE_SCATTER_BASE", 117440512, 600000, trace={0, 25})
    events = []
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    finalize(job, rng, streams, events, script)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    boot = T(2024, 10, 7, 8, 30, 0)
    for h in hosts:
        ev = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise("550.90.07"))]
        ev.append((add(boot, 30), "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000"))
        if h == bad:
            p = job.pid[cr]
            ev += [(xid, f"NVRM: Xid (PCI:0000:5d:00): 74, pid={p}, name=pt_main_thread, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                   (xid, f"NVRM: Xid (PCI:0000:5d:00): 45, pid={p}, name=pt_main_thread, Ch 00000008"),
                   (add(xid, 1), f"NVRM: Xid (PCI:0000:5d:00): 45, pid={p}, name=pt_main_thread, Ch 00000009"),
                   (add(xid, 2), f"NVRM: Xid (PCI:0000:ab:00): 45, pid={job.pid[14]}, name=pt_main_thread, Ch 00000008 caused by previous Xid 74"),
                   (add(xid, 3), "NVRM: Xid (PCI:0000:5d:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)")]
        if h == "gpu-l04":
            ev.append((T(2024, 10, 14, 12, 5, 44), "NVRM: Xid (PCI:0000:2a:00): 13, pid=311902, name=python, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"))
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/dmesg.txt", plain_dmesg_T(ev))
    b.w(f"{bad}/nvlink-status.txt", ["$ nvidia-smi nvlink -s -i 3", "GPU 3: NVIDIA H100 80GB HBM3 (UUID: GPU-7e9f0c21-55d2-4ab1-93e0-1c8f2a6b4d10)"] +
        [f"\t Link {i}: 26.562 GB/s" for i in range(11)] + ["\t Link 11: <inactive>"] + [f"\t Link {i}: 26.562 GB/s" for i in range(12, 18)])
    b.set_label("nvlink", "infrastructure", culprit(bad, cr), "restart_without_node",
                "gpu-l02 dmesg at 22:48:31: Xid 74 'NVLink: fatal error detected on link 11' on PCI 5d (GPU3 = rank 11's pid), Xid 154 reset required, link 11 now inactive; ranks 11 and 14 abort with 'uncorrectable NVLink error', the other nodes time out 10 min later. The Xid 13 on gpu-l04 is from another process hours earlier.",
                "https://github.com/vllm-project/vllm/issues/40652")
    return b


# ---------------------------------------------------------------------------
# ci25: local NVMe read errors on node-s06 (kern.log ISO); rank 42's DataLoader
# re-raises OSError: [Errno 5]; the rest time out.
# ---------------------------------------------------------------------------

def ci25():
    rng = random.Random(9025)
    hosts = [f"node-s{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, site="/opt/conda/lib/python3.11/site-packages", python="/opt/conda/bin/python")
    b = Bundle("ci25_dataloader_oserror_on_one_rank_then_timeouts")
    t0 = T(2024, 12, 3, 22, 0, 0, 0)
    io = T(2024, 12, 4, 3, 3, 11, 90000)
    bad = "node-s06"
    cr = 42
    script = "train_clip.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "node-s01:29500"))
    tt = add(t0, 200)
    st = 0
    while tt < io:
        if st % 200 == 0:
            streams["node-s01"].add(tt, f"[rank0]:{ts_py(tt)} INFO clip: step {st} loss {4.1 * 0.9999 ** st + 1.2:.4f} samples/s 61.2k data_time 0.004")
        st += 1
        tt = add(tt, 0.91)
    te = add(io, 1.31)
    site = job.site
    streams[bad].add(te, [f"[rank{cr}]: Traceback (most recent call last):",
                          f"[rank{cr}]:   File \"/work/clip/train_clip.py\", line 402, in <module>",
                          f"[rank{cr}]:     main()",
                          f"[rank{cr}]:   File \"/work/clip/train_clip.py\", line 355, in main",
                          f"[rank{cr}]:     images, texts = next(loader_iter)",
                          f"[rank{cr}]:   File \"{site}/torch/utils/data/dataloader.py\", line 1372, in _process_data",
                          f"[rank{cr}]:     data.reraise()",
                          f"[rank{cr}]:   File \"{site}/torch/_utils.py\", line 705, in reraise",
                          f"[rank{cr}]:     raise exception",
                          f"[rank{cr}]: OSError: Caught OSError in DataLoader worker process 5.",
                          f"[rank{cr}]: Original Traceback (most recent call last):",
                          f"[rank{cr}]:   File \"/work/clip/data/wds_local.py\", line 61, in __iter__",
                          f"[rank{cr}]:     with open(path, \"rb\") as f:",
                          f"[rank{cr}]: OSError: [Errno 5] Input/output error: '/local_nvme/cache/laion-dedup/shard-004411.tar'"])
    nb = job.ranks_of(bad)
    td = add(te, 4.1)
    streams[bad].add(td, agent_sigterm(job, bad, td, [r for r in nb if r != cr]))
    fails = [dict(rank=cr, exitcode=1, time=add(te, 0.6))] + [dict(rank=r, exitcode=-15, time=add(td, 0.5)) for r in nb if r != cr]
    streams[bad].add(add(td, 1.5), childfailed(job, bad, add(td, 1.5), script, fails))
    rest = [r for r in range(job.world) if r not in nb]
    fl = flood(job, rng, rest, add(io, 1.2), 1180442, "ALLREDUCE", 151257088, 600000, trace={0, 33})
    events = []
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    finalize(job, rng, streams, events, script)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    for h in hosts:
        ev = [(T(2024, 12, 1, 9, 14, 2, 10000), f"{h} kernel: [   14.112093] nvme nvme1: 32/0/0 default/read/poll queues"),
              (T(2024, 12, 1, 9, 14, 3, 500000), f"{h} kernel: [   15.602114] EXT4-fs (nvme1n1p1): mounted filesystem with ordered data mode. Opts: noatime. Quota mode: none."),
              (T(2024, 12, 3, 21, 55, 0, 0), f"{h} systemd[1]: Started prefill-cache.service - Sync dataset shards to /local_nvme/cache.")]
        if h == "node-s02":
            ev.append((T(2024, 12, 1, 9, 14, 3, 600000), f"{h} kernel: [   15.700410] EXT4-fs (nvme1n1p1): warning: mounting fs with errors, running e2fsck is recommended"))
            ev.append((T(2024, 12, 1, 9, 31, 0, 0), f"{h} systemd-fsck[2210]: /dev/nvme1n1p1: 11 files, 2 directories fixed; clean"))
        if h == bad:
            up = (io - T(2024, 12, 1, 9, 13, 48)).total_seconds()
            ev += [(add(io, -31.0), f"{h} kernel: [{up - 31.0:.6f}] nvme nvme1: I/O 512 QID 17 timeout, aborting"),
                   (add(io, -31.0), f"{h} kernel: [{up - 31.0:.6f}] nvme nvme1: I/O 513 QID 17 timeout, aborting"),
                   (add(io, -0.9), f"{h} kernel: [{up - 0.9:.6f}] nvme nvme1: Abort status: 0x371"),
                   (add(io, -0.1), f"{h} kernel: [{up - 0.1:.6f}] nvme nvme1: I/O 512 QID 17 timeout, reset controller"),
                   (io, f"{h} kernel: [{up:.6f}] blk_update_request: I/O error, dev nvme1n1, sector 1923847168 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0"),
                   (add(io, 0.001), f"{h} kernel: [{up + 0.001:.6f}] blk_update_request: I/O error, dev nvme1n1, sector 1923847424 op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0"),
                   (add(io, 0.2), f"{h} kernel: [{up + 0.2:.6f}] EXT4-fs error (device nvme1n1p1): ext4_find_entry:1658: inode #2: comm pt_data_worker: reading directory lblock 0"),
                   (add(io, 0.2), f"{h} kernel: [{up + 0.2:.6f}] Buffer I/O error on dev nvme1n1p1, logical block 0, lost sync page write"),
                   (add(io, 61.0), f"{h} kernel: [{up + 61.0:.6f}] nvme nvme1: Device not ready; aborting reset, CSTS=0x3"),
                   (add(io, 61.0), f"{h} kernel: [{up + 61.0:.6f}] nvme nvme1: Removing after probe failure status: -19"),
                   (add(io, 61.2), f"{h} kernel: [{up + 61.2:.6f}] EXT4-fs (nvme1n1p1): I/O error while writing superblock")]
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/kern.log", [f"{ts_iso(t)} {m}" for t, m in ev])
    b.w(f"{bad}/smartctl-nvme1.txt", ["$ smartctl -a /dev/nvme1", "smartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.15.0-105-generic] (local build)",
                                      "Read NVMe Identify Controller failed: NVMe Status 0x4002",
                                      "Smartctl open device: /dev/nvme1 failed: No such device"])
    b.set_label("storage", "infrastructure", culprit(bad, None), "restart_without_node",
                "node-s06 kern.log shows nvme1 command timeouts from 03:02:40, READ I/O errors and an EXT4 error from pt_data_worker at 03:03:11, then the controller dropping off; rank 42 fails one second later with OSError [Errno 5] reading /local_nvme/cache and everyone else times out. The EXT4 warning on node-s02 was repaired at boot three days earlier.",
                "https://github.com/LISTatSNU/FastMRI_challenge/issues/287")
    return b


# ---------------------------------------------------------------------------
# ci26: Lustre OST connection lost during a distributed checkpoint; two ranks raise
# OSError 108, rank 0 hangs in write, the rest time out in the barrier.
# ---------------------------------------------------------------------------

def ci26():
    rng = random.Random(9026)
    hosts = [f"gpu-g{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci26_checkpoint_save_oserror_on_two_ranks_then_barrier_timeouts")
    t0 = T(2024, 11, 20, 23, 30, 0, 0)
    save = T(2024, 11, 21, 5, 10, 0, 412000)
    lost = T(2024, 11, 21, 5, 10, 41, 0)
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "gpu-g01:29500"))
    tt = add(t0, 90)
    st = 0
    while tt < save:
        if st % 100 == 0:
            streams["gpu-g01"].add(tt, f"[rank0]:{ts_py(tt)} INFO step {st + 6000} loss {1.93 + rng.uniform(-0.02, 0.02):.4f}")
        st += 1
        tt = add(tt, 1.69)
    streams["gpu-g01"].add(save, f"[rank0]:{ts_py(save)} INFO ckpt: saving distributed checkpoint step 12000 -> /lustre/scratch/ckpt/run42/step_12000 (DCP, 64 writers)")
    errs = [27, 50]
    for i, r in enumerate(errs):
        te = add(lost, 110 + i * 7.3)
        h = job.host(r)
        streams[h].add(te, [f"[rank{r}]: Traceback (most recent call last):",
                            f"[rank{r}]:   File \"/work/llm/train.py\", line 512, in save_ckpt",
                            f"[rank{r}]:     dcp.save(state, checkpoint_id=path)",
                            f"[rank{r}]:   File \"{job.site}/torch/distributed/checkpoint/filesystem.py\", line 328, in _write_files_from_queue",
                            f"[rank{r}]:     _write_item(stream, data, write_item, storage_key)",
                            f"[rank{r}]:   File \"{job.site}/torch/distributed/checkpoint/filesystem.py\", line 241, in _write_item",
                            f"[rank{r}]:     stream.write(data.getbuffer())",
                            f"[rank{r}]: OSError: [Errno 108] Cannot send after transport endpoint shutdown: '/lustre/scratch/ckpt/run42/step_12000/__{r}_0.distcp'"])
    events = [(add(lost, 110.6 + i * 7.3), r) for i, r in enumerate(errs)]
    # remaining ranks wait in the post-save barrier (the two failed ranks' nodes: their agents kill local ranks)
    failed_nodes = {job.host(r) for r in errs}
    for h in failed_nodes:
        evs = [(t, r) for t, r in events if job.host(r) == h]
        t, r = evs[0]
        td = add(t, 3.6)
        kill = [x for x in job.ranks_of(h) if x != r]
        streams[h].add(td, agent_sigterm(job, h, td, kill))
        fails = [dict(rank=r, exitcode=1, time=t)] + [dict(rank=x, exitcode=-15, time=add(td, 0.5)) for x in kill]
        streams[h].add(add(td, 1.4), childfailed(job, h, add(td, 1.4), script, fails))
    rest = [r for r in range(job.world) if job.host(r) not in failed_nodes]
    fl = flood(job, rng, rest, add(save, 48), 904411, "ALLREDUCE", 1, 1800000, trace={0, 12}, start_spread=30)
    ev2 = []
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        ev2.append((f, r))
    finalize(job, rng, streams, ev2, script)
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    boot = T(2024, 11, 15, 6, 0, 0)
    affected = ["gpu-g01", "gpu-g02", "gpu-g04", "gpu-g04", "gpu-g05", "gpu-g07", "gpu-g03"]
    for h in hosts:
        ev = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise())]
        ev.append((add(boot, 40), "Lustre: Mounted scratch-client"))
        if h in affected:
            ln = f"ffff9a3c{rng.randint(0x10000000, 0xffffffff):08x}"
            tl = add(lost, rng.uniform(0, 1.5))
            ev += [(tl, f"LustreError: 11-0: scratch-OST0017-osc-{ln}: operation ost_write to node 10.9.0.27@o2ib failed: rc = -107"),
                   (tl, f"Lustre: scratch-OST0017-osc-{ln}: Connection to scratch-OST0017 (at 10.9.0.27@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
                   (add(tl, 98), f"LustreError: 167-0: scratch-OST0017-osc-{ln}: This client was evicted by scratch-OST0017; in progress operations using this service will fail."),
                   (add(tl, 1406), f"Lustre: scratch-OST0017-osc-{ln}: Connection restored to 10.9.0.27@o2ib (at 10.9.0.27@o2ib)")]
        ev.sort(key=lambda x: x[0])
        b.w(f"{h}/dmesg.txt", plain_dmesg_T(ev))
    b.w("gpu-g01/py-spy-rank0.txt", [f"Process {job.pid[0]}: /usr/bin/python3 -u train.py --config llm_22b.yaml", "Python v3.10.12 (/usr/bin/python3.10)", "",
                                     f"Thread {job.pid[0]} (active): \"MainThread\"", "    _write_item (torch/distributed/checkpoint/filesystem.py:241)",
                                     "    _write_files_from_queue (torch/distributed/checkpoint/filesystem.py:328)",
                                     "    write_data (torch/distributed/checkpoint/filesystem.py:567)", "    save (torch/distributed/checkpoint/state_dict_saver.py:154)",
                                     "    save_ckpt (train.py:512)", "    main (train.py:640)", "    <module> (train.py:701)"])
    b.w("lfs-check.txt", ["$ lfs check servers   # from login node, 05:31", "scratch-MDT0000-mdc-ffff8f21c07a1000 active.",
                          "scratch-OST0016-osc-ffff8f21c07a1000 active.", "scratch-OST0017-osc-ffff8f21c07a1000: check error: Resource temporarily unavailable",
                          "scratch-OST0018-osc-ffff8f21c07a1000 active."])
    b.set_label("storage", "infrastructure", None, "restart",
                "At 05:10:41, 41 s into the step-12000 distributed checkpoint, six of eight nodes log 'Connection to scratch-OST0017 ... was lost' and are later evicted; the login node also cannot reach OST0017. The OSError 108 on ranks 27 and 50, rank 0 stuck in write and the barrier timeouts elsewhere are consequences of the shared Lustre target, not of any node.",
                "https://github.com/meta-pytorch/torchtune/issues/2093")
    return b


# ---------------------------------------------------------------------------
# ci27: one node has an older driver after a reimage; its ranks die at set_device,
# rank 0's TCPStore waits for clients and everyone else fails at store reads.
# ---------------------------------------------------------------------------

def ci27():
    rng = random.Random(9027)
    hosts = [f"gpu-w{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, site="/usr/local/lib/python3.10/dist-packages")
    b = Bundle("ci27_store_timeout_waiting_for_clients_56_of_64_joined")
    jobid = 512991
    t0 = T(2025, 1, 13, 8, 0, 2, 0)
    bad = "gpu-w05"
    lab = lambda r: f"{r:>2}: "  # noqa: E731
    s = Stream()
    s.add(t0, ["+ srun --label --kill-on-bad-exit=0 --cpu-bind=none python -u train.py --config configs/mixtral_8x7b.yaml"])
    for r in range(job.world):
        ti = add(t0, 26 + rng.uniform(0, 3))
        if job.host(r) == bad:
            s.add(ti, ["Traceback (most recent call last):",
                       "  File \"/workspace/train.py\", line 688, in <module>",
                       "    main()",
                       "  File \"/workspace/train.py\", line 574, in main",
                       "    torch.cuda.set_device(local_rank)",
                       f"  File \"{job.site}/torch/cuda/__init__.py\", line 478, in set_device",
                       "    torch._C._cuda_setDevice(device)",
                       f"  File \"{job.site}/torch/cuda/__init__.py\", line 319, in _lazy_init",
                       "    torch._C._cuda_init()",
                       "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."], lab(r))
        elif r == 0:
            s.add(ti, f"{ts_py(ti)} INFO train: initializing process group (backend=nccl, world_size=64, timeout=0:30:00)", lab(r))
    s.add(add(t0, 31), "srun: error: gpu-w05: tasks 32-39: Exited with exit code 1")
    tstore = add(t0, 27.1 + 1801)
    s.add(tstore, ["Traceback (most recent call last):",
                   "  File \"/workspace/train.py\", line 688, in <module>",
                   "    main()",
                   "  File \"/workspace/train.py\", line 579, in main",
                   "    dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))",
                   f"  File \"{job.site}/torch/distributed/c10d_logger.py\", line 79, in wrapper",
                   "    return func(*args, **kwargs)",
                   f"  File \"{job.site}/torch/distributed/distributed_c10d.py\", line 1511, in init_process_group",
                   "    store, rank, world_size = next(rendezvous_iterator)",
                   f"  File \"{job.site}/torch/distributed/rendezvous.py\", line 263, in _env_rendezvous_handler",
                   "    store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)",
                   f"  File \"{job.site}/torch/distributed/rendezvous.py\", line 191, in _create_c10d_store",
                   "    return TCPStore(",
                   "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 56/64 clients joined."], lab(0))
    for r in range(1, job.world):
        if job.host(r) == bad:
            continue
        te = add(tstore, 0.4 + rng.uniform(0, 0.5))
        s.add(te, [f"[W{ts_c10d(te, rng.randint(0, 999))} TCPStore.cpp:125] [c10d] recvValue failed on SocketImpl(fd=36, addr=[{job.host(r)}]:{rng.randint(40000, 60000)}, remote=[gpu-w01]:29500): Connection reset by peer",
                   "Traceback (most recent call last):", "  File \"/workspace/train.py\", line 579, in main",
                   "    dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))",
                   "torch.distributed.DistNetworkError: Connection reset by peer"] if r % 9 == 1 else
              ["torch.distributed.DistNetworkError: Connection reset by peer"], lab(r))
    tend = add(tstore, 3)
    s.add(tend, ["srun: error: gpu-w01: tasks 0-7: Exited with exit code 1", "srun: error: gpu-w02: tasks 8-15: Exited with exit code 1",
                 "srun: error: gpu-w03: tasks 16-23: Exited with exit code 1", "srun: error: gpu-w04: tasks 24-31: Exited with exit code 1",
                 "srun: error: gpu-w06: tasks 40-47: Exited with exit code 1", "srun: error: gpu-w07: tasks 48-55: Exited with exit code 1",
                 "srun: error: gpu-w08: tasks 56-63: Exited with exit code 1"])
    b.w(f"slurm-{jobid}.out", s.render())
    for h in hosts:
        drv = "535.104.05" if h == bad else "550.54.15"
        cuda = "12.2" if h == bad else "12.4"
        if h in (bad, "gpu-w04"):
            b.w(f"{h}/nvidia-smi-q.txt", nvidia_smi_q(rng, add(tend, 120), drv, cuda, 8, overrides={i: {"busy": False, "used": 0} for i in range(8)}))
        boot = T(2025, 1, 11, 16, 2, 0) if h == bad else T(2024, 12, 19, 7, 44, 0)
        ev = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise(drv))]
        b.w(f"{h}/dmesg.txt", plain_dmesg_T(ev))
    b.w(f"{bad}/reimage.log", ["2025-01-11T15:41:09Z provisioner: node gpu-w05 reimaged from image ubuntu22-gpu-2023.10 (RMA return, mainboard swap)",
                               "2025-01-11T16:02:00Z provisioner: node gpu-w05 returned to partition h100"])
    b.w("container.txt", ["image: nvcr.io/nvidia/pytorch:24.03-py3", "torch 2.3.0a0+40ec155e58 (CUDA 12.4)", "requires NVIDIA driver >= 545"])
    b.set_label("dependency", "infrastructure", culprit(bad, None), "restart_without_node",
                "Only gpu-w05's eight ranks fail, at ~08:00:30 in torch.cuda.set_device with 'NVIDIA driver on your system is too old (found version 12020)': that node runs driver 535/CUDA 12.2 after a reimage while the others run 550/12.4. Rank 0's TCPStore then times out with 56/64 clients and all other ranks fail 30 min later with connection resets.",
                "https://github.com/horovod/horovod/issues/591")
    return b


# ---------------------------------------------------------------------------
# ci28: rank 0 fails in an eval-only code path; 10 min later ranks on gpu-t03
# segfault while aborting NCCL, so that node's root cause says SIGSEGV.
# ---------------------------------------------------------------------------

def ci28():
    rng = random.Random(9028)
    hosts = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t04"]
    job = Job(rng, hosts)
    b = Bundle("ci28_segfaults_in_nccl_proxy_on_one_node_after_timeouts")
    t0 = T(2024, 12, 16, 14, 10, 0, 0)
    boom = T(2024, 12, 16, 17, 32, 10, 507000)
    script = "train.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 4, "gpu-t01:29500"))
    tt = add(t0, 60)
    st = 0
    while tt < add(boom, -62):
        if st % 100 == 0:
            streams["gpu-t01"].add(tt, f"[rank0]:{ts_py(tt)} INFO step {st} loss {2.2 * 0.9996 ** st + 0.8:.4f}")
        st += 1
        tt = add(tt, 1.21)
    tev = add(boom, -61)
    streams["gpu-t01"].add(tev, f"[rank0]:{ts_py(tev)} INFO eval: running held-out eval on rank 0 (eval_every=5000, eval_max_len=512)")
    streams["gpu-t01"].add(boom, ["[rank0]: Traceback (most recent call last):",
                                  "[rank0]:   File \"/opt/app/train.py\", line 455, in <module>",
                                  "[rank0]:     main()",
                                  "[rank0]:   File \"/opt/app/train.py\", line 421, in main",
                                  "[rank0]:     metrics = evaluate(model, eval_loader)",
                                  "[rank0]:   File \"/opt/app/evaluation.py\", line 58, in evaluate",
                                  "[rank0]:     assert n > 0, f\"eval batch has {n} samples after filtering (eval_max_len={max_len})\"",
                                  "[rank0]: AssertionError: eval batch has 0 samples after filtering (eval_max_len=512)"])
    t1 = job.ranks_of("gpu-t01")
    td = add(boom, 4.3)
    streams["gpu-t01"].add(td, agent_sigterm(job, "gpu-t01", td, t1[1:]))
    fails = [dict(rank=0, exitcode=1, time=add(boom, 0.5))] + [dict(rank=r, exitcode=-15, time=add(td, 0.6)) for r in t1[1:]]
    streams["gpu-t01"].add(add(td, 1.5), childfailed(job, "gpu-t01", add(td, 1.5), script, fails))
    rest = [r for r in range(job.world) if r not in t1]
    fl = flood(job, rng, rest, add(boom, -60.5), 250117, "ALLREDUCE", 1, 600000, trace={8, 24})
    fl.sort()
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
    seg = [17, 19]
    byh = {}
    for f, r, _ in fl:
        byh.setdefault(job.host(r), []).append((f, r))
    for h, evs in byh.items():
        evs.sort()
        if h == "gpu-t03":
            for r in seg:
                fr = [f for f, x in evs if x == r][0]
                tsg = add(fr, 0.04)
                tid = job.tid[r] + 17
                streams[h].add(tsg, [f"[{h}:{job.pid[r]}:0:{tid}] Caught signal 11 (Segmentation fault: address not mapped to object at address (nil))",
                                     f"==== backtrace (tid:{tid:>8}) ====",
                                     " 0 0x0000000000042520 __sigaction()  ???:0",
                                     " 1 0x00000000000a1f3c ncclProxyService()  /opt/nccl/src/proxy.cc:1478",
                                     " 2 0x0000000000094ac3 pthread_condattr_setpshared()  ???:0",
                                     " 3 0x0000000000126850 __xmknodat()  ???:0",
                                     "================================="])
            tdd = add(evs[0][0], 3.0)
            kill = [r for r in job.ranks_of(h) if r not in seg and r != evs[0][1]]
            streams[h].add(tdd, agent_sigterm(job, h, tdd, kill))
            fails = [dict(rank=r, exitcode=-11, time=add([f for f, x in evs if x == r][0], 0.05)) for r in seg]
            fails += [dict(rank=evs[0][1], exitcode=-6, time=add(evs[0][0], 0.2))] if evs[0][1] not in seg else []
            fails += [dict(rank=r, exitcode=-15, time=add(tdd, 0.5)) for r in kill]
            streams[h].add(add(tdd, 1.5), childfailed(job, h, add(tdd, 1.5), script, fails))
        else:
            tdd = add(evs[0][0], 3.2)
            kill = [r for r in job.ranks_of(h) if r != evs[0][1]]
            streams[h].add(tdd, agent_sigterm(job, h, tdd, kill))
            fails = [dict(rank=evs[0][1], exitcode=-6, time=evs[0][0])] + [dict(rank=r, exitcode=-15, time=add(tdd, 0.5)) for r in kill]
            streams[h].add(add(tdd, 1.5), childfailed(job, h, add(tdd, 1.5), script, fails))
    for h in hosts:
        b.w(f"{h}/stdout.log", streams[h].render())
    boot = T(2024, 12, 9, 5, 0, 0)
    tsegk = add(min(f for f, r, _ in fl if r in seg), 0.05)
    ev = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise())]
    ev += [(tsegk, f"ncclProxyServi[{job.tid[17] + 17}]: segfault at 0 ip 00007f2c8a1a1f3c sp 00007f2b3effda20 error 4 in libnccl.so.2.21.5[7f2c8a000000+1d0c000]"),
           (add(tsegk, 0.3), f"ncclProxyServi[{job.tid[19] + 17}]: segfault at 0 ip 00007f9d11a1f3c sp 00007f9c6effda20 error 4 in libnccl.so.2.21.5[7f9d11000000+1d0c000]")]
    ev.sort(key=lambda x: x[0])
    b.w("gpu-t03/dmesg.txt", plain_dmesg_T(ev))
    b.w("eval_config.yaml", ["eval_every: 5000", "eval_max_len: 512   # eval set v3 documents are 600-4000 tokens",
                             "eval_data: /data/eval/heldout_v3.jsonl", "eval_on_rank0_only: true"])
    b.set_label("user_code", "script", None, "stop",
                "Rank 0 fails first, at 17:32:10 on gpu-t01, with AssertionError 'eval batch has 0 samples after filtering (eval_max_len=512)' in the rank-0-only eval path; the other nodes time out at 17:41 (their ALLREDUCE had been waiting since rank 0 started eval) and two ranks on gpu-t03 segfault in ncclProxyService while aborting, which makes that node's 'Root Cause' read SIGSEGV. The eval filter setting is the bug.",
                "https://github.com/NVIDIA/nccl/pull/140")
    return b


# ---------------------------------------------------------------------------
# ci29: step time creeps up for two hours; straggler report keeps naming rank 37;
# user cancels; nvidia-smi shows HW thermal slowdown on gpu-y05 GPU5.
# ---------------------------------------------------------------------------

def ci29():
    rng = random.Random(9029)
    hosts = [f"gpu-y{i:02d}" for i in range(1, 9)]
    job = Job(rng, hosts, torch_style="2.5", nccl="2.21.5")
    b = Bundle("ci29_step_time_creeps_up_then_job_cancelled")
    jobid = 730118
    t0 = T(2025, 2, 4, 8, 0, 0, 0)
    slow = T(2025, 2, 4, 10, 31, 0, 0)
    cancel = T(2025, 2, 4, 12, 40, 12, 0)
    bad = 37
    script = "pretrain_gpt.py"
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t0, agent_start(job, h, t0, script, 8, "gpu-y01:29500"))
    tt = add(t0, 120)
    it = 1
    last = job.world - 1
    while tt < cancel:
        deg = max(0.0, (tt - slow).total_seconds() / 7700.0)
        ms = 3910 * (1 + 0.38 * min(1.0, deg)) + rng.uniform(-30, 30)
        if it % 50 == 0:
            streams["gpu-y08"].add(tt, f"[rank{last}]:" + megatron_iter(tt, it + 40000, 200000, f"{1.88 + rng.uniform(-0.02, 0.02):.6E}", f"{rng.uniform(0.18, 0.24):.3f}", 2.0e-4, ms, tflops=512.0 * 3910 / ms))
        if it % 100 == 0:
            if deg > 0.02:
                mx, mxr = ms - 35, bad
                mnclk, mnclkr = int(1980 - 880 * min(1.0, deg)), bad
                mxt, mxtr = int(72 + 20 * min(1.0, deg)), bad
            else:
                mx, mxr = 3925 + rng.uniform(0, 20), rng.randint(0, 63)
                mnclk, mnclkr = 1965, rng.randint(0, 63)
                mxt, mxtr = rng.randint(68, 73), rng.randint(0, 63)
            streams["gpu-y01"].add(tt, f"[rank0]: [{tt:%Y-%m-%d %H:%M:%S}] | MnRtt/Rnk: {3870 + rng.uniform(0, 20):.2f}ms/{rng.randint(0, 63)} | MxRtt/Rnk: {mx:.2f}ms/{mxr} | MnPwr/Rnk: {int(690 - 300 * min(1.0, deg))}W/{bad if deg > 0.02 else rng.randint(0, 63)} | MxPwr/Rnk: 700W/{rng.randint(0, 63)} | MnTmp/Rnk: {rng.randint(40, 46)}C/{rng.randint(0, 63)} | MxTmp/Rnk: {mxt}C/{mxtr} | MnUtl/Rnk: 99%/{rng.randint(0, 63)} | MxUtl/Rnk: 100%/{rng.randint(0, 63)} | MnClk/Rnk: {mnclk}MHz/{mnclkr} | MxClk/Rnk: 1980MHz/{rng.randint(0, 63)}")
        it += 1
        tt = add(tt, ms / 1000.0)
    for h in hosts:
        tsig = add(cancel, 0.2 + rng.uniform(0, 0.3))
        streams[h].add(tsig, [agent_glog(job, h, tsig, "W", "elastic/agent/server/api.py", 704, "Received Signals.SIGTERM death signal, shutting down workers")] +
                       agent_sigterm(job, h, add(tsig, 0.001), job.ranks_of(h)))
    for r in [12, 37, 50]:
        te = add(cancel, 1.1 + rng.uniform(0, 0.5))
        streams[job.host(r)].add(te, wd_nccl_error(job, r, te, f"socketProgress: Connection closed by remote peer gpu-y0{rng.randint(1, 8)}<{rng.randint(40000, 60000)}>", trace=False))
    for h in hosts:
        te = add(cancel, 3.4)
        streams[h].add(te, [f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {job.agent_pid[h]} got signal: 15"])
        b.w(f"{h}/stdout.log", streams[h].render())
    tq = T(2025, 2, 4, 12, 33, 50)
    b.w("gpu-y05/nvidia-smi-q.txt", nvidia_smi_q(rng, tq, "550.54.15", "12.4", 8, overrides={
        5: {"temp": 91, "mem_temp": 95, "power": "381.22 W", "sm_clock": "1095 MHz", "events": {"hw_slowdown": True, "hw_thermal": True}},
        1: {"events": {"sw_power": True}}}))
    b.w("gpu-y03/nvidia-smi-q.txt", nvidia_smi_q(rng, tq, "550.54.15", "12.4", 8))
    b.w(f"slurm-{jobid}.out", ["+ srun --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-endpoint=gpu-y01:29500 pretrain_gpt.py --log-straggler --straggler-minmax-count 1",
                               f"slurmstepd: error: *** JOB {jobid} ON gpu-y01 CANCELLED AT {ts_slurm(cancel)} ***",
                               "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
    b.w("sacct.txt", ["JobID           JobName       User      State ExitCode               Start                 End        NodeList ",
                      "------------ ---------- ---------- ---------- -------- ------------------- ------------------- --------------- ",
                      f"{jobid:<12}  gpt-13b-b     mchen CANCELLED+      0:0 {ts_slurm(t0)} {ts_slurm(add(cancel, 5))} gpu-y[01-08]    "])
    b.w("operator-note.txt", [f"{tq:%Y-%m-%d %H:%M} mchen: iteration time up from ~3.9 s to ~5.4 s since 10:30, TFLOP/s down 28%. Grabbed nvidia-smi on y03 and y05, cancelling to requeue."])
    b.set_label("straggler", "infrastructure", culprit("gpu-y05", bad), "run_diagnostics",
                "From ~10:31 iteration time climbs from 3.9 s to 5.4 s and every straggler report names rank 37 (gpu-y05, GPU5) as slowest, lowest clock and hottest; nvidia-smi on gpu-y05 shows GPU5 at 91 C with HW Slowdown and HW Thermal Slowdown active at 1095 MHz. The cancellation and the shutdown NCCL errors are the user stopping the slow job.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b


# ---------------------------------------------------------------------------
# ci30: ECC error on gpu-f04 GPU5 in attempt 1; after the requeue the same GPU fails
# at start-up and the other ranks fail at NCCL bootstrap.
# ---------------------------------------------------------------------------

def ci30():
    rng = random.Random(9030)
    hosts = [f"gpu-f{i:02d}" for i in range(1, 7)]
    b = Bundle("ci30_cuda_error_in_attempt_1_bootstrap_errors_in_attempt_2")
    jobid = 410087
    bad = "gpu-f04"
    cr = 29
    script = "train.py"
    # attempt 1
    job = Job(random.Random(3001), hosts, torch_style="2.5", nccl="2.21.5")
    t1 = T(2025, 3, 2, 21, 0, 0, 0)
    ecc = T(2025, 3, 3, 4, 12, 8, 240000)
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t1, agent_start(job, h, t1, script, 6, "gpu-f01:29500"))
    tt = add(t1, 60)
    st = 0
    while tt < ecc:
        if st % 200 == 0:
            streams["gpu-f01"].add(tt, f"[rank0]:{ts_py(tt)} INFO step {st + 18000} loss {1.51 + rng.uniform(-0.02, 0.02):.4f}")
        st += 1
        tt = add(tt, 1.35)
    te = add(ecc, 0.2)
    streams[bad].add(te, [f"[rank{cr}]: Traceback (most recent call last):",
                          f"[rank{cr}]:   File \"/srv/llm/train.py\", line 388, in train_step",
                          f"[rank{cr}]:     optimizer.step()",
                          f"[rank{cr}]:   File \"{job.site}/torch/optim/adamw.py\", line 529, in _multi_tensor_adamw",
                          f"[rank{cr}]:     torch._foreach_lerp_(device_exp_avgs, device_grads, 1 - beta1)",
                          f"[rank{cr}]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                          f"[rank{cr}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                          f"[rank{cr}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                          f"[rank{cr}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."])
    nb = job.ranks_of(bad)
    td = add(te, 4.0)
    streams[bad].add(td, agent_sigterm(job, bad, td, [r for r in nb if r != cr]))
    fails = [dict(rank=cr, exitcode=1, time=add(te, 0.6))] + [dict(rank=r, exitcode=-15, time=add(td, 0.5)) for r in nb if r != cr]
    streams[bad].add(add(td, 1.5), childfailed(job, bad, add(td, 1.5), script, fails))
    rest = [r for r in range(job.world) if r not in nb]
    fl = flood(job, rng, rest, add(ecc, 0.1), 2201977, "_ALLGATHER_BASE", 268435456, 600000, trace={0})
    events = []
    for f, r, ls in fl:
        streams[job.host(r)].add(f, ls)
        events.append((f, r))
    finalize(job, rng, streams, events, script)
    for h in hosts:
        b.w(f"attempt_1/{h}/stdout.log", streams[h].render())
    end1 = add(max(t for t, _ in events), 8)
    boot = T(2025, 2, 20, 10, 0, 0)
    ev = [(add(boot, i * 0.4), m) for i, m in enumerate(dmesg_boot_noise("550.90.07"))]
    p = job.pid[cr]
    ev += [(ecc, f"NVRM: Xid (PCI:0000:ab:00): 94, pid={p}, name=pt_main_thread, Contained ECC error."),
           (ecc, f"NVRM: Xid (PCI:0000:ab:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000002c1b88) marked for remapping, reset gpu to activate."),
           (add(ecc, 0.01), f"NVRM: Xid (PCI:0000:ab:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)")]
    ev.sort(key=lambda x: x[0])
    b.w(f"attempt_1/{bad}/dmesg.txt", plain_dmesg_T(ev))
    # attempt 2 (requeued on the same nodes)
    job2 = Job(random.Random(3002), hosts, torch_style="2.5", nccl="2.21.5")
    t2 = add(end1, 131)
    streams = {h: Stream() for h in hosts}
    for h in hosts:
        streams[h].add(t2, agent_start(job2, h, t2, script, 6, "gpu-f01:29500"))
    tfail = add(t2, 24.7)
    streams[bad].add(tfail, [f"[rank{cr}]: Traceback (most recent call last):",
                             f"[rank{cr}]:   File \"/srv/llm/train.py\", line 512, in main",
                             f"[rank{cr}]:     torch.cuda.set_device(local_rank)",
                             f"[rank{cr}]:   File \"{job2.site}/torch/cuda/__init__.py\", line 478, in set_device",
                             f"[rank{cr}]:     torch._C._cuda_setDevice(device)",
                             f"[rank{cr}]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                             f"[rank{cr}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                             f"[rank{cr}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1"])
    nb2 = job2.ranks_of(bad)
    td2 = add(tfail, 3.9)
    streams[bad].add(td2, agent_sigterm(job2, bad, td2, [r for r in nb2 if r != cr]))
    fails = [dict(rank=cr, exitcode=1, time=add(tfail, 0.5))] + [dict(rank=r, exitcode=-15, time=add(td2, 0.4)) for r in nb2 if r != cr]
    streams[bad].add(add(td2, 1.4), childfailed(job2, bad, add(td2, 1.4), script, fails))
    events = []
    for r in range(job2.world):
        if job2.host(r) == bad:
            continue
        tb = add(td2, 0.8 + rng.uniform(0, 1.2))
        if r % 5 == 0:
            streams[job2.host(r)].add(tb, [f"[rank{r}]: Traceback (most recent call last):",
                                           f"[rank{r}]:   File \"/srv/llm/train.py\", line 530, in main",
                                           f"[rank{r}]:     dist.barrier()",
                                           f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.21.5",
                                           f"[rank{r}]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                                           f"[rank{r}]: Last error:",
                                           f"[rank{r}]: socketProgress: Connection closed by remote peer {bad}<{rng.randint(40000, 60000)}>"])
        else:
            streams[job2.host(r)].add(tb, f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/NCCLUtils.hpp:317, remote process exited or there was a network error, NCCL version 2.21.5")
        events.append((add(tb, 0.5), r))
    byh = {}
    for t, r in events:
        byh.setdefault(job2.host(r), []).append((t, r))
    for h, evs in byh.items():
        evs.sort()
        tdd = add(evs[-1][0], 1.0)
        fl2 = [dict(rank=r, exitcode=1, time=t) for t, r in evs]
        streams[h].add(add(tdd, 1.0), childfailed(job2, h, add(tdd, 1.0), script, fl2))
    for h in hosts:
        b.w(f"attempt_2/{h}/stdout.log", streams[h].render())
    end2 = add(td2, 8)
    b.w(f"attempt_2/{bad}/nvidia-smi-q.txt", nvidia_smi_q(rng, add(end2, 40), "550.90.07", "12.4", 8,
                                                          overrides={i: ({"busy": False, "used": 0, "ecc": {"v_sram_u": 0, "v_dram_u": 1, "a_dram_u": 2, "a_dram_c": 14}, "remap": {"u": 2, "pending": "Yes"}} if i == 5 else {"busy": False, "used": 0}) for i in range(8)}))
    b.w("sacct.txt", ["JobID           JobName      State ExitCode  Restarts               Start                 End        NodeList ",
                      "------------ ---------- ---------- -------- --------- ------------------- ------------------- --------------- ",
                      f"{jobid:<12} llm-34b-ft     FAILED      1:0         1 {ts_slurm(t2)} {ts_slurm(end2)} gpu-f[01-06]    "])
    b.w("requeue.log", [f"{ts_slurm(add(end1, 2))} slurmctld: _job_complete: JobId={jobid} WEXITSTATUS 1",
                        f"{ts_slurm(add(end1, 2))} slurmctld: Requeuing JobId={jobid} (requeue on failure, Restarts=1)",
                        f"{ts_slurm(add(t2, -1))} slurmctld: sched: Allocate JobId={jobid} NodeList=gpu-f[01-06] #CPUs=1344 Partition=h100"])
    b.set_label("gpu_memory", "infrastructure", culprit(bad, cr), "restart_without_node",
                "Attempt 1: rank 29 (gpu-f04, GPU5 at PCI ab) raises 'CUDA error: uncorrectable ECC error' at 04:12:08, matching Xid 94 + Xid 63 + Xid 154 (reset required) in dmesg; the node was not drained, so attempt 2 landed on it again and the same GPU fails at set_device, nvidia-smi shows uncorrectable DRAM errors with a pending row remap. The NCCL bootstrap errors in attempt 2 all name gpu-f04.",
                "https://github.com/MFlowCode/MFC/pull/1748")
    return b


def build():
    return [ci21(), ci22(), ci23(), ci24(), ci25(), ci26(), ci27(), ci28(), ci29(), ci30()]
