"""Cases cd01-cd09: Slurm jobs ending by completion, time limit, scancel,
preemption and NODE_FAIL, some with a real failure before the end."""
import random

from fmt import (T, plus, iso, stamp, stamp_ms, glog, glog_us, ctime, syslog_ts, tq,
                 dmesg_T, dmesg_up, sacct, hms, Bundle, c10d_timeout, elastic_sigterm,
                 elastic_signal_traceback, child_failed, nccl_info_init,
                 nvidia_smi_table, h100_gpus)

SITE = "/usr/local/lib/python3.10/dist-packages"


def _ipaddr(node_idx, base="10.20.0"):
    return "%s.%d" % (base, 11 + node_idx)


# --------------------------------------------------------------------- cd01
def cd01():
    """Run completed; every node prints the PyTorch 2.4 'process group has NOT
    been destroyed' warning and NCCL service-thread 'Connection closed' chatter."""
    rnd = random.Random(8501)
    b = Bundle()
    nodes = ["gpu-a01", "gpu-a02", "gpu-a03", "gpu-a04"]
    job = 4418203
    t0 = T(2024, 11, 3, 20, 0, 4)
    total = 3000
    step_s = 7.83
    t_end = plus(t0, 95 + total * step_s)
    slurm = [
        "+ export NCCL_DEBUG=INFO NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3",
        "+ srun --kill-on-bad-exit=1 torchrun --nnodes=4 --nproc_per_node=8 --rdzv_backend=c10d "
        "--rdzv_endpoint=gpu-a01:29500 --rdzv_id=%d -m torchtitan.train "
        "--job.config_file ./train_configs/llama3_8b.toml" % job,
    ]
    for i, n in enumerate(nodes):
        slurm.append("%s %d torch/distributed/run.py:793] " % (glog_us(plus(t0, 1 + i * 0.2), "W"),
                                                                 41000 + i * 7)
                     + "")
        slurm.append("%s %d torch/distributed/run.py:793] *****************************************"
                     % (glog_us(plus(t0, 1 + i * 0.2), "W"), 41000 + i * 7))
        slurm.append("%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment "
                     "variable for each process to be 1 in default, to avoid your system being "
                     "overloaded, please further tune the variable for optimal performance in your "
                     "application as needed. " % (glog_us(plus(t0, 1 + i * 0.2), "W"), 41000 + i * 7))
        slurm.append("%s %d torch/distributed/run.py:793] *****************************************"
                     % (glog_us(plus(t0, 1 + i * 0.2), "W"), 41000 + i * 7))
    tt = plus(t0, 40)
    slurm += [
        "[rank0]:[titan] %s - root - INFO - Starting job: Llama 3 8B training" % stamp_ms(tt),
        "[rank0]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [32]"
        % stamp_ms(plus(tt, 0.3)),
        "[rank0]:[titan] %s - root - INFO - Model llama3 8B size: 8,030,261,248 total parameters"
        % stamp_ms(plus(tt, 21)),
        "[rank0]:[titan] %s - root - INFO - Applied FSDP to the model" % stamp_ms(plus(tt, 24)),
    ]
    for i, n in enumerate(nodes):
        slurm += nccl_info_init(n, 41102 + i * 11, 41102 + i * 11, 0, i * 8, 32, t=t0)
    slurm += [
        "[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, "
        "global batch size 64, sequence length 8192, total steps 3000 (warmup 200)"
        % stamp_ms(plus(tt, 52)),
    ]
    loss = 11.9
    for s in list(range(1, 11)) + list(range(100, total + 1, 100)):
        ts = plus(t0, 95 + s * step_s + rnd.random())
        loss = max(1.71, 2.0 + 9.9 * (0.9985 ** s) + rnd.uniform(-0.04, 0.04))
        slurm.append("[rank0]:[titan] %s - root - INFO - step: %4d  loss: %7.4f  memory: 61.%02dGiB(77.%02d%%)  "
                     "tps: %s  tflops: %.2f  mfu: %.2f%%"
                     % (stamp_ms(ts), s, loss, rnd.randint(10, 40), rnd.randint(10, 60),
                        "{:,}".format(rnd.randint(8300, 8420)), rnd.uniform(392, 398),
                        rnd.uniform(39.6, 40.2)))
        if s % 500 == 0:
            slurm.append("[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if "
                         "async is enabled)." % stamp_ms(plus(ts, 0.2)))
            slurm.append("[rank0]:[titan] %s - root - INFO - [GC] Performing periodical GC "
                         "collection. 0.06 seconds." % stamp_ms(plus(ts, 0.5)))
            slurm.append("[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or "
                         "staging if async is enabled)in 19.81 seconds." % stamp_ms(plus(ts, 20.1)))
    te = plus(t_end, 25)
    slurm += [
        "[rank0]:[titan] %s - root - INFO - Saving a full checkpoint at last step, step 3000."
        % stamp_ms(plus(te, -24)),
        "[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is "
        "enabled)in 20.44 seconds." % stamp_ms(plus(te, -3)),
        "[rank0]:[titan] %s - root - INFO - Sleeping 2 seconds for other ranks to complete"
        % stamp_ms(te),
        "[rank0]:[titan] %s - root - INFO - Training completed" % stamp_ms(plus(te, 2.01)),
    ]
    tx = plus(te, 2.6)
    per_node = {}
    for i, n in enumerate(nodes):
        agent = 41000 + i * 7
        lines = []
        lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT "
                     "been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the "
                     "application should call destroy_process_group to ensure that any pending NCCL "
                     "operations have finished in this process. In rare cases this process can exit "
                     "before this point and block the progress of another member of the process group. "
                     "This constraint has always been present,  but this warning has only been added "
                     "since PyTorch 2.4 (function operator())" % (i * 8, glog(plus(tx, i * 0.013), "W")))
        for lr in range(8):
            pid = 41102 + i * 11 + lr
            lines.append("%s:%d:%d [%d] NCCL INFO [Service thread] Connection closed by localRank %d"
                         % (n, pid, pid + 381, lr, (lr + 1) % 8))
        for lr in range(8):
            pid = 41102 + i * 11 + lr
            lines.append("%s:%d:%d [%d] NCCL INFO comm 0x%x rank %d nranks 32 cudaDev %d busId %x000 - "
                         "Abort COMPLETE" % (n, pid, pid, lr, 0x55d0a3c00000 + (i * 8 + lr) * 0x1000,
                                             i * 8 + lr, lr, [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab,
                                                              0xba, 0xdb][lr]))
        lines.append("%s %d torch/distributed/elastic/agent/server/api.py:879] [default] worker group "
                     "successfully finished. Waiting 300 seconds for other agents to finish."
                     % (glog_us(plus(tx, 1.1 + i * 0.05), "I"), agent))
        lines.append("%s %d torch/distributed/elastic/agent/server/api.py:932] Local worker group "
                     "finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"
                     % (glog_us(plus(tx, 1.1 + i * 0.05), "I"), agent))
        lines.append("%s %d torch/distributed/elastic/agent/server/api.py:946] Done waiting for other "
                     "agents. Elapsed: %.6f seconds" % (glog_us(plus(tx, 1.9 + i * 0.05), "I"), agent,
                                                       0.7 + i * 0.04))
        per_node[n] = lines
        slurm += lines
    b.lines("slurm-%d.out" % job, slurm)
    b.add("sacct.txt", sacct([
        [str(job), "llama3-8b", "h100", "4", "COMPLETED", "0:0", hms((plus(tx, 3) - t0).total_seconds()),
         "08:00:00", "gpu-a[01-04]"],
        ["%d.batch" % job, "batch", "", "1", "COMPLETED", "0:0",
         hms((plus(tx, 3) - t0).total_seconds()), "", "gpu-a01"],
        ["%d.extern" % job, "extern", "", "4", "COMPLETED", "0:0",
         hms((plus(tx, 3) - t0).total_seconds()), "", "gpu-a[01-04]"],
        ["%d.0" % job, "torchrun", "", "4", "COMPLETED", "0:0",
         hms((plus(tx, 2) - t0).total_seconds()), "", "gpu-a[01-04]"],
    ]))
    for i, n in enumerate(nodes):
        boot = T(2024, 10, 29, 7, 12 + i, 3)
        d = [
            dmesg_up(plus(boot, 61), boot, "nvidia-nvlink: Nvlink Core is being initialized, major device number 509"),
            dmesg_up(plus(boot, 64), boot, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
            dmesg_up(plus(boot, 70), boot, "mlx5_core 0000:0c:00.0: mlx5_pcie_event:301:(pid 1183): PCIe slot advertised sufficient power (27W)."),
            dmesg_up(plus(t0, -3), boot, "IPv6: ADDRCONF(NETDEV_CHANGE): veth7c1e2f4: link becomes ready"),
            dmesg_up(plus(tx, 5), boot, "nvidia-peermem nv_mem_put_pages: put pages called (mr 0x%x)" % (0xffff9c3a1b2c0000 + i)),
        ]
        b.lines("%s/dmesg.txt" % n, d)
        b.lines("%s/nvidia-smi.txt" % n, nvidia_smi_table(plus(tx, 40), n, h100_gpus(seed_off=i)))
    b.lines("gpu-a01/train_stdout_tail.log", slurm[-12:])
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The run reached step 3000, saved its final checkpoint and every agent reports "
                           "WorkerState.SUCCEEDED; sacct says COMPLETED 0:0. The destroy_process_group "
                           "warnings and NCCL 'Connection closed' INFO lines are normal exit chatter.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/126275")
    return "cd01_nccl_destroy_warnings_after_last_step", b, label


# --------------------------------------------------------------------- cd02
def cd02():
    """NeMo run killed by the Slurm time limit; SIGTERM storm and NCCL errors
    appear only after the CANCELLED line."""
    rnd = random.Random(8502)
    b = Bundle()
    nodes = ["dgx-b%02d" % i for i in range(1, 9)]
    job = 771203
    t0 = T(2024, 6, 12, 0, 0, 11)
    tc = T(2024, 6, 12, 6, 0, 14)
    out = [
        "[NeMo I %s exp_manager:396] Experiments will be logged at /results/llama2-13b/2024-06-12_00-00-41"
        % stamp(plus(t0, 30)).replace("-", "-"),
        "[NeMo I %s exp_manager:856] TensorboardLogger has been set up" % stamp(plus(t0, 30)),
        "[NeMo W %s exp_manager:966] The checkpoint callback was told to monitor a validation value and "
        "trainer's max_steps was set to 30000. Please ensure that max_steps will run for at least 1 epochs "
        "to ensure that checkpointing will not error out." % stamp(plus(t0, 31)),
        "Initializing distributed: GLOBAL_RANK: 0, MEMBER: 1/64",
        "----------------------------------------------------------------------------------------------------",
        "distributed_backend=nccl",
        "All distributed processes registered. Starting with 64 processes",
        "----------------------------------------------------------------------------------------------------",
        "",
        "LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
        "[NeMo W %s nemo_logging:349] /usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py:557: "
        "UserWarning: This DataLoader will create 2 worker processes in total." % stamp(plus(t0, 190)),
    ]
    step_s = 1.612
    first = plus(t0, 212)
    step = 0
    t = first
    while True:
        step += 50
        t = plus(first, step * step_s + rnd.uniform(-0.2, 0.2))
        if t >= plus(tc, -1):
            break
        el = (t - first).total_seconds()
        left = (30000 - step) * step_s
        loss = 1.85 + 3.2 * (0.9996 ** step) + rnd.uniform(-0.03, 0.03)
        pct = int(100 * step / 30000)
        bar = ("\u2588" * (pct // 10)).ljust(10)
        if step % 1000 == 0 or t > plus(tc, -400):
            out.append("Epoch 0: :  %2d%%|%s| %d/30000 [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, "
                       "consumed_samples=%d.0, train_step_timing in s=%.3f]"
                       % (pct, bar, step, tq(el), tq(left), loss,
                          step - 1, step * 256, step_s + rnd.uniform(-0.01, 0.01)))
        if step % 2000 == 0:
            out.append("Epoch 0, global step %d: 'val_loss' reached %.4f (best %.4f), saving model to "
                       "'/results/llama2-13b/checkpoints/megatron_gpt--val_loss=%.2f-step=%d-consumed_samples=%d.0.ckpt' "
                       "as top 3" % (step - 1, loss + 0.05, loss + 0.05, loss + 0.05, step - 1, (step - 1) * 256))
    last_step = step - 50
    out += [
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** JOB %d ON dgx-b01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tc)),
        "slurmstepd: error: *** STEP %d.0 ON dgx-b01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tc)),
    ]
    for r in range(64):
        if r % 8 == 0:
            out.append("[rank: %d] Received SIGTERM: 15" % r)
    out.append("Bypassing SIGTERM: 15")
    # sympathetic errors after the cancel
    ts = plus(tc, 2)
    for r in (13, 37, 52):
        n = nodes[r // 8]
        pid = 210000 + r * 13
        out.append("%s:%d:%d [%d] NCCL WARN [Service thread] Error encountered progressing operation=Connect, "
                   "res=3, closing connection" % (n, pid, pid + 410, r % 8))
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread "
                   "terminated with exception: NCCL error: remote process exited or there was a network error, "
                   "NCCL version 2.19.3" % (r, glog(plus(ts, r * 0.01)), r))
        out.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting "
                   "prematurely.")
        out.append("Last error:")
        out.append("socketProgress: Connection closed by remote peer dgx-b%02d.cluster<%d>"
                   % ((r // 8 + 2) % 8 + 1, 50000 + r))
    for i, n in enumerate(nodes):
        out.append("srun: error: %s: tasks %d-%d: Terminated" % (n, i * 8, i * 8 + 7))
    out.append("srun: Force Terminated StepId=%d.0" % job)
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "llama2-13b", "batch", "8", "TIMEOUT", "0:0", "06:00:17", "06:00:00", "dgx-b[01-08]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "06:00:19", "", "dgx-b01"],
        ["%d.extern" % job, "extern", "", "8", "COMPLETED", "0:0", "06:00:17", "", "dgx-b[01-08]"],
        ["%d.0" % job, "python", "", "8", "CANCELLED", "0:15", "05:59:44", "", "dgx-b[01-08]"],
    ]))
    for i, n in enumerate(nodes):
        boot = T(2024, 6, 3, 14, 2 + i, 41)
        lines = [
            dmesg_T(plus(boot, 62), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:15 UTC 2024"),
            dmesg_T(plus(t0, -2), "IPv6: ADDRCONF(NETDEV_CHANGE): enroot0: link becomes ready"),
            dmesg_T(plus(tc, 36), "enroot-mount[%d]: unmounting /run/enroot/rootfs/pyxis_%d.0" % (88000 + i, job)),
        ]
        if n == "dgx-b05":
            lines.insert(1, dmesg_T(plus(t0, -86000), "mlx5_core 0000:ba:00.0: mlx5e_rx_reporter_err_cqe_recover:"
                                    "286:(pid 0): mlx5e_rx_reporter_err_cqe_recover: CQ 0x4a7 recovered"))
        b.lines("%s/dmesg.txt" % n, lines)
        rl = ["Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/64" % (r, r + 1) for r in range(i * 8, i * 8 + 8)]
        rl += ["[rank: %d] Received SIGTERM: 15" % r for r in range(i * 8, i * 8 + 8)]
        b.lines("%s/tasks.log" % n, rl)
    b.json("job.json", {"job_id": job, "name": "llama2-13b", "time_limit": "06:00:00",
                        "nodes": nodes, "last_logged_step": last_step,
                        "last_checkpoint": "megatron_gpt--step=%d" % (last_step - last_step % 2000 - 1)})
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="Steps advanced at a steady 1.6 s right up to 'CANCELLED ... DUE TO TIME LIMIT' and "
                           "sacct shows TIMEOUT; the SIGTERM lines and NCCL remote-exit errors are all stamped "
                           "after the cancel and are the teardown, not a fault.",
                 modelled_on="https://github.com/Lightning-AI/pytorch-lightning/issues/20542")
    return "cd02_time_limit_sigterm_and_nccl_errors", b, label


# --------------------------------------------------------------------- cd03
def cd03():
    """User scancel during an evaluation pass (HF accelerate on 2 nodes)."""
    rnd = random.Random(8503)
    b = Bundle()
    nodes = ["node-g12", "node-g13"]
    job = 5512734
    t0 = T(2024, 3, 2, 9, 41, 20)
    tc = T(2024, 3, 2, 14, 21, 7)
    out = ["The following values were not passed to `accelerate launch` and had defaults used instead:",
           "\t`--dynamo_backend` was set to a value of `'no'`",
           "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."]
    step = 0
    t = plus(t0, 95)
    while step < 5400:
        step += 100
        t = plus(t, 100 * 2.61 + rnd.uniform(-3, 3))
        out.append("{'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.4e, 'epoch': %.2f}"
                   % (1.41 - step * 0.00009 + rnd.uniform(-0.02, 0.02), rnd.uniform(0.4, 0.9),
                      2e-5 * (1 - step / 12000), step / 4000))
        if step % 2000 == 0:
            out.append("***** Running Evaluation *****")
            out.append("  Num examples = 16000")
            out.append("  Batch size = 8")
            t = plus(t, 412)
            out.append("{'eval_loss': %.4f, 'eval_runtime': 411.7, 'eval_samples_per_second': 38.86, "
                       "'eval_steps_per_second': 0.607, 'epoch': %.2f}" % (1.28 - step * 0.00003, step / 4000))
    out += ["***** Running Evaluation *****", "  Num examples = 16000", "  Batch size = 8"]
    ev = t
    for k in (200, 400, 600, 800, 1000, 1200, 1260):
        out.append(" %2d%%|%s| %d/2000 [%s<%s,  2.09it/s]" % (k * 100 // 2000, ("\u2588" * (k * 10 // 2000)).ljust(10),
                                                               k, tq(k / 2.09), tq((2000 - k) / 2.09)))
    out += [
        "slurmstepd: error: *** JOB %d ON node-g12 CANCELLED AT %s ***" % (job, iso(tc)),
        "slurmstepd: error: *** STEP %d.0 ON node-g12 CANCELLED AT %s ***" % (job, iso(tc)),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    ]
    for i, n in enumerate(nodes):
        ag = 30211 + i * 100
        out += elastic_sigterm(plus(tc, 0.2 + i * 0.05), ag, [ag + 12 + k for k in range(4)])
    out.append("[rank6]:[W302 14:21:08.%06d000 ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has "
               "NOT been destroyed before we destruct ProcessGroupNCCL." % 402113)
    for i, n in enumerate(nodes):
        out += elastic_signal_traceback(30211 + i * 100, torchrun="/opt/conda/bin/accelerate",
                                        site="/opt/conda/lib/python3.10/site-packages", accelerate=True)
    out += ["srun: error: node-g13: task 1: Exited with exit code 1",
            "srun: error: node-g12: task 0: Exited with exit code 1"]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "sft-mistral", "a100", "2", "CANCELLED by 41235", "0:0", "04:39:47", "12:00:00", "node-g[12-13]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "04:39:49", "", "node-g12"],
        ["%d.extern" % job, "extern", "", "2", "COMPLETED", "0:0", "04:39:47", "", "node-g[12-13]"],
        ["%d.0" % job, "accelerate", "", "2", "CANCELLED", "0:15", "04:39:21", "", "node-g[12-13]"],
    ]))
    b.lines("scontrol_show_job.txt", [
        "JobId=%d JobName=sft-mistral" % job,
        "   UserId=mchen(41235) GroupId=nlp(5020) MCS_label=N/A",
        "   Priority=14203 Nice=0 Account=nlp QOS=normal",
        "   JobState=CANCELLED Reason=None Dependency=(null)",
        "   Requeue=0 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0",
        "   RunTime=04:39:47 TimeLimit=12:00:00 TimeMin=N/A",
        "   SubmitTime=2024-03-02T09:38:55 EligibleTime=2024-03-02T09:38:55",
        "   StartTime=%s EndTime=%s Deadline=N/A" % (iso(t0), iso(tc)),
        "   Partition=a100 AllocNode:Sid=login02:188231",
        "   NodeList=node-g[12-13]",
        "   NumNodes=2 NumCPUs=128 NumTasks=2 CPUs/Task=64 ReqB:S:C:T=0:0:*:*",
        "   TRES=cpu=128,mem=1000G,node=2,billing=128,gres/gpu=8",
        "   Command=/home/mchen/jobs/sft_mistral.sbatch",
        "   StdOut=/home/mchen/jobs/slurm-%d.out" % job,
    ])
    for i, n in enumerate(nodes):
        boot = T(2024, 2, 20, 5, 10 + i, 0)
        b.lines("%s/dmesg.txt" % n, [
            dmesg_up(plus(boot, 55), boot, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.154.05  Thu Dec 28 15:37:48 UTC 2023"),
            dmesg_up(plus(t0, -40), boot, "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none."),
        ])
        b.lines("%s/nvidia-smi.txt" % n, nvidia_smi_table(plus(tc, 120), n,
                                                            [dict(temp=31 + k, perf="P0", pwr=61 + k, cap=400, mem=4,
                                                                  memtot=40960, util=0, ecc="0",
                                                                  bus=["00000000:07:00.0", "00000000:0F:00.0",
                                                                       "00000000:47:00.0", "00000000:4E:00.0"][k])
                                                             for k in range(4)],
                                                            driver="535.154.05", cuda="12.2",
                                                            name="NVIDIA A100-SXM4-40GB"))
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="The CANCELLED line carries no 'DUE TO' reason and sacct/scontrol show 'CANCELLED by "
                           "41235', the job owner; training and evaluation were progressing normally, so this was a "
                           "user scancel and the SignalException tracebacks are its consequence.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/119856")
    return "cd03_cancelled_during_eval_signal_tracebacks", b, label


# --------------------------------------------------------------------- cd04
def _megatron_iter(ts, it, total, ms, lr, loss, gbs=1024, skipped=0, nan=0, scale="1.0",
                   grad="0.214"):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: %s | grad norm: %s | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (stamp(ts), it, total, it * gbs, ms, lr, gbs, loss, scale, grad, skipped, nan))


def cd04():
    """Preempted, requeued, resumed from the SIGTERM checkpoint, completed."""
    rnd = random.Random(8504)
    b = Bundle()
    nodes1 = ["hpc-n%03d" % i for i in range(101, 117)]
    nodes2 = ["hpc-n%03d" % i for i in range(109, 125)]
    job = 3390112
    t0 = T(2024, 9, 19, 23, 5, 2)
    tp = T(2024, 9, 20, 11, 42, 3)
    it_pre = 0
    out = ["+ srun --ntasks-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 2 "
           "--pipeline-model-parallel-size 4 --num-layers 40 --hidden-size 5120 --exit-signal-handler "
           "--save /lustre/ckpt/gpt13b --load /lustre/ckpt/gpt13b --train-iters 30000"]
    out.append(" loading checkpoint from /lustre/ckpt/gpt13b at iteration 12000")
    out.append("  successfully loaded checkpoint from /lustre/ckpt/gpt13b [ t 1/2, p 1/4 ] at iteration 12000")
    t = plus(t0, 300)
    it = 12000
    ms = 3480.0
    while True:
        it += 100
        t = plus(t, 100 * ms / 1000 + rnd.uniform(-1, 1))
        if t > tp:
            break
        it_pre = it
        out.append(_megatron_iter(t, it, 30000, ms + rnd.uniform(-15, 15), 1.5e-4 * (1 - it / 40000),
                                  2.4 - it * 0.00001 + rnd.uniform(-0.01, 0.01)))
        if it % 2000 == 0:
            out.append("saving checkpoint at iteration %8d to /lustre/ckpt/gpt13b in torch_dist format" % it)
            out.append("  successfully saved checkpoint from iteration %8d to /lustre/ckpt/gpt13b "
                       "[ t 1/2, p 1/4 ]" % it)
    it_sig = it_pre + 37
    out += [
        "slurmstepd: error: *** JOB %d ON hpc-n101 CANCELLED AT %s DUE TO PREEMPTION ***" % (job, iso(tp)),
        "slurmstepd: error: *** STEP %d.0 ON hpc-n101 CANCELLED AT %s DUE TO PREEMPTION ***" % (job, iso(tp)),
        "saving checkpoint at iteration %8d to /lustre/ckpt/gpt13b in torch_dist format" % it_sig,
        "  successfully saved checkpoint from iteration %8d to /lustre/ckpt/gpt13b [ t 1/2, p 1/4 ]" % it_sig,
        "exiting program after receiving SIGTERM.",
    ]
    for r in (19, 83):
        n = nodes1[r // 8]
        pid = 99000 + r
        out.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer 10.31.1.%d<%d> with status=5 "
                   "opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:10.31.1.%d remoteGids::ffff:10.31.1.%d"
                   % (n, pid, pid + 300, r % 8, 21 + r // 8, 41000 + r, 20 + r // 8, 21 + r // 8))
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 3 Rank %d] Process group watchdog thread "
                   "terminated with exception: NCCL error: remote process exited or there was a network error, "
                   "NCCL version 2.20.5" % (r, glog(plus(tp, 9 + r * 0.01)), r % 8))
    out += ["srun: error: hpc-n1%02d: tasks %d-%d: Terminated" % (i + 1, i * 8, i * 8 + 7) for i in range(16)]
    out += ["srun: Force Terminated StepId=%d.0" % job]
    tr = T(2024, 9, 20, 12, 9, 44)
    out += [
        "",
        "+ srun --ntasks-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 2 "
        "--pipeline-model-parallel-size 4 --num-layers 40 --hidden-size 5120 --exit-signal-handler "
        "--save /lustre/ckpt/gpt13b --load /lustre/ckpt/gpt13b --train-iters 30000",
        " loading checkpoint from /lustre/ckpt/gpt13b at iteration %d" % it_sig,
        "  successfully loaded checkpoint from /lustre/ckpt/gpt13b [ t 1/2, p 1/4 ] at iteration %d" % it_sig,
    ]
    t = plus(tr, 290)
    it = it_sig
    while it < 30000:
        step = min(100, 30000 - it) if it % 100 == 0 else 100 - it % 100
        it += step
        t = plus(t, step * ms / 1000 + rnd.uniform(-1, 1))
        if it % 500 == 0 or it == 30000:
            out.append(_megatron_iter(t, it, 30000, ms + rnd.uniform(-15, 15), 1.5e-4 * (1 - it / 40000),
                                      2.4 - it * 0.00001 + rnd.uniform(-0.01, 0.01)))
        if it % 2000 == 0 or it == 30000:
            out.append("saving checkpoint at iteration %8d to /lustre/ckpt/gpt13b in torch_dist format" % it)
            out.append("  successfully saved checkpoint from iteration %8d to /lustre/ckpt/gpt13b "
                       "[ t 1/2, p 1/4 ]" % it)
    tend = plus(t, 40)
    out += ["[after training is done] datetime: %s " % stamp(tend)]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct_duplicates.txt", sacct([
        [str(job), "gpt13b", "preempt", "16", "PREEMPTED", "0:0", hms((tp - t0).total_seconds()), "2-00:00:00",
         "hpc-n[101-116]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", hms((tp - t0).total_seconds()), "", "hpc-n101"],
        ["%d.0" % job, "python", "", "16", "CANCELLED", "0:15", hms((tp - t0).total_seconds() - 4), "",
         "hpc-n[101-116]"],
        [str(job), "gpt13b", "preempt", "16", "COMPLETED", "0:0", hms((tend - tr).total_seconds()), "2-00:00:00",
         "hpc-n[109-124]"],
        ["%d.batch" % job, "batch", "", "1", "COMPLETED", "0:0", hms((tend - tr).total_seconds()), "", "hpc-n109"],
        ["%d.0" % job, "python", "", "16", "COMPLETED", "0:0", hms((tend - tr).total_seconds() - 5), "",
         "hpc-n[109-124]"],
    ]))
    b.lines("slurmctld_excerpt.log", [
        "[%s.101] preempted JobId=%d has been requeued to reclaim resources for JobId=3391880"
        % (iso(plus(tp, -1)), job),
        "[%s.412] _job_complete: JobId=%d WTERMSIG 15" % (iso(plus(tp, 41)), job),
        "[%s.873] Requeuing JobId=%d" % (iso(plus(tp, 41)), job),
        "[%s.220] sched: Allocate JobId=%d NodeList=hpc-n[109-124] #CPUs=2048 Partition=preempt"
        % (iso(tr), job),
        "[%s.501] _job_complete: JobId=%d WEXITSTATUS 0" % (iso(tend), job),
        "[%s.502] _job_complete: JobId=%d done" % (iso(tend), job),
    ])
    for k, (att, nl, ta, tb) in enumerate([("attempt_1", nodes1, t0, tp), ("attempt_2", nodes2, tr, tend)]):
        for i, n in enumerate(nl):
            boot = T(2024, 9, 1, 3, i, 0)
            lines = [dmesg_T(plus(ta, -5), "IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready")]
            if att == "attempt_1" and i == 5:
                lines = [dmesg_T(T(2024, 9, 11, 4, 2, 19), "NVRM: Xid (PCI:0000:2a:00): 31, pid=2281731, "
                                 "name=pt_main_thread, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS "
                                 "GPCCLIENT_T1_3 faulted @ 0x7f2e_c1a00000. Fault is of type FAULT_PDE ACCESS_TYPE_"
                                 "VIRT_READ")] + lines
            b.lines("%s/%s/dmesg.txt" % (att, n), lines)
            rl = []
            if att == "attempt_1":
                rl.append("[%s] rank %d-%d: received SIGTERM, handing off to Megatron exit handler"
                          % (stamp(plus(tp, 0.3)), i * 8, i * 8 + 7))
            else:
                rl.append("[%s] rank %d-%d: training loop finished" % (stamp(plus(tend, -3)), i * 8, i * 8 + 7))
            b.lines("%s/%s/ranks.log" % (att, n), rl)
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="Attempt 1 was ended by Slurm preemption (DUE TO PREEMPTION, sacct PREEMPTED), wrote a "
                           "checkpoint on SIGTERM, and the requeued attempt 2 resumed from it and completed 0:0. "
                           "The NCCL WARNs are post-SIGTERM teardown and the Xid 31 is nine days old.",
                 modelled_on="https://github.com/MFlowCode/MFC/pull/1311")
    return "cd04_preempted_requeued_two_attempts", b, label


# --------------------------------------------------------------------- cd05
def cd05():
    """NODE_FAIL: hgx-c05 died of a fatal machine check; other nodes scream NCCL."""
    rnd = random.Random(8505)
    b = Bundle()
    nodes = ["hgx-c%02d" % i for i in range(1, 9)]
    job = 889211
    t0 = T(2024, 8, 3, 1, 0, 9)
    tf = T(2024, 8, 3, 9, 14, 51)
    tdown = T(2024, 8, 3, 9, 18, 12)
    dead = 4  # hgx-c05
    out = ["+ srun --kill-on-bad-exit=1 --ntasks-per-node=1 torchrun --nnodes=8 --nproc_per_node=8 "
           "--rdzv_backend=c10d --rdzv_endpoint=hgx-c01:29400 train_fsdp.py --config configs/mixtral_8x7b.yaml"]
    t = plus(t0, 120)
    step = 0
    while True:
        step += 20
        t = plus(t, 20 * 5.41 + rnd.uniform(-0.5, 0.5))
        if t > tf:
            break
        if step % 200 == 0:
            out.append("%s | INFO | train | step %6d | loss %.4f | lr %.3e | tokens/s/gpu %d | step_time %.2fs"
                       % (stamp_ms(t), step, 1.9 + 2.0 * 0.9994 ** step + rnd.uniform(-0.02, 0.02),
                          3e-4, rnd.randint(3950, 4010), 5.41 + rnd.uniform(-0.03, 0.03)))
    last = step - 20
    # other nodes notice
    ips = [_ipaddr(i) for i in range(8)]
    for i, n in enumerate(nodes):
        if i == dead:
            continue
        for lr in (0, 3) if i != 2 else range(8):
            r = i * 8 + lr
            pid = 120000 + r * 7
            out.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 "
                       "len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s"
                       % (n, pid, pid + 512, lr, ips[dead], 40000 + lr, ips[i], ips[dead]))
            out.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (n, pid, pid + 512, lr))
            out.append("%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (n, pid, pid + 512, lr))
            out.append("%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (n, pid, pid + 512, lr))
    for r in (2, 21, 22, 47, 61):
        out.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1484] [PG 0 Rank %d] Process group watchdog thread "
                   "terminated with exception: NCCL error: remote process exited or there was a network error, "
                   "NCCL version 2.21.5" % (r, glog(plus(tf, 27 + r * 0.02)), r))
        out.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting "
                   "prematurely.")
        out.append("Last error:")
        out.append("NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) "
                   "localGid ::ffff:%s remoteGids::ffff:%s" % (ips[dead], 40002, ips[r // 8], ips[dead]))
    out += [
        "srun: error: Node failure on hgx-c05",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** STEP %d.0 ON hgx-c01 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG "
        "FOR DETAILS ***" % (job, iso(tdown)),
        "slurmstepd: error: *** JOB %d ON hgx-c01 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR "
        "DETAILS ***" % (job, iso(tdown)),
    ]
    for i, n in enumerate(nodes):
        if i != dead:
            out += elastic_sigterm(plus(tdown, 0.3 + i * 0.02), 77000 + i, [77100 + i * 10 + k for k in range(2)])
    out += ["srun: error: hgx-c%02d: task %d: Killed" % (i + 1, i) for i in range(8) if i != dead]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "mixtral-ft", "hgx", "8", "NODE_FAIL", "1:0", hms((tdown - t0).total_seconds()), "1-00:00:00",
         "hgx-c[01-08]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", hms((tdown - t0).total_seconds()), "", "hgx-c01"],
        ["%d.extern" % job, "extern", "", "8", "CANCELLED", "0:0", hms((tdown - t0).total_seconds()), "",
         "hgx-c[01-08]"],
        ["%d.0" % job, "torchrun", "", "8", "CANCELLED", "0:9", hms((tdown - t0).total_seconds() - 2), "",
         "hgx-c[01-08]"],
    ]))
    b.lines("slurmctld.log", [
        "[%s.004] sched: Allocate JobId=%d NodeList=hgx-c[01-08] #CPUs=1792 Partition=hgx" % (iso(t0), job),
        "[%s.338] error: Nodes hgx-c05 not responding" % iso(plus(tf, 101)),
        "[%s.771] error: Nodes hgx-c05 not responding, setting DOWN" % iso(tdown),
        "[%s.772] Killing JobId=%d on failed node hgx-c05" % (iso(tdown), job),
        "[%s.790] _job_complete: JobId=%d WTERMSIG 9" % (iso(plus(tdown, 3)), job),
        "[%s.790] _job_complete: JobId=%d done" % (iso(plus(tdown, 3)), job),
        "[%s.118] Node hgx-c05 now responding" % iso(T(2024, 8, 3, 9, 27, 40)),
        "[%s.119] Node hgx-c05 unexpectedly rebooted boot_time=1722677220 last response=1722676491"
        % iso(T(2024, 8, 3, 9, 27, 40)),
    ])
    b.lines("sinfo_R.txt", [
        "REASON               USER      TIMESTAMP           NODELIST",
        "Not responding       slurm     %s hgx-c05" % iso(tdown),
    ])
    # the dead node
    sol = [
        "[%s] mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 6: fe00000000800400" % ctime(tf),
        "[%s] mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff81b2f4e1> {poll_idle+0x41/0x80}" % ctime(tf),
        "[%s] mce: [Hardware Error]: TSC 5a9f3c6e21d0a ADDR 3fff8b7c0 MISC 86 PPIN 1d4a2c31e8f0b7a6" % ctime(tf),
        "[%s] mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1722676491 SOCKET 1 APIC 4a microcode 2b000590"
        % ctime(tf),
        "[%s] mce: [Hardware Error]: Run the above through 'mcelog --ascii'" % ctime(tf),
        "[%s] mce: [Hardware Error]: Machine check: Processor context corrupt" % ctime(tf),
        "[%s] Kernel panic - not syncing: Fatal machine check" % ctime(tf),
        "[%s] Kernel Offset: 0x1a00000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)"
        % ctime(tf),
        "[%s] ---[ end Kernel panic - not syncing: Fatal machine check ]---" % ctime(tf),
        "",
        "BIOS Date: 03/14/2024 Ver: 2.1.4",
        "Press <DEL> or <F2> to enter setup.",
    ]
    b.lines("hgx-c05/sol-console.log", sol)
    b.lines("hgx-c05/ipmi-sel.txt", [
        " 1a1 | 07/29/2024 | 18:02:11 | Power Supply PSU2_Status | Power Supply AC lost | Deasserted",
        " 1a2 | 08/03/2024 | 09:14:51 | Processor CPU1_Status | IERR | Asserted",
        " 1a3 | 08/03/2024 | 09:14:51 | Processor CPU1_Status | Machine Check Exception | Asserted",
        " 1a4 | 08/03/2024 | 09:14:52 | OS Critical Stop OS_Stop | Run-time critical stop | Asserted",
        " 1a5 | 08/03/2024 | 09:21:33 | System Event | Timestamp Clock Sync | Asserted",
        " 1a6 | 08/03/2024 | 09:21:40 | System Boot Initiated | Initiated by hard reset | Asserted",
    ])
    b.lines("hgx-c05/journal_after_reboot.txt", [
        "%s hgx-c05 systemd-journald[912]: File /var/log/journal/5d2c0e4a61f74b0c9b1a5e0d8c7f3a21/system.journal "
        "corrupted or uncleanly shut down, renaming and replacing." % syslog_ts(T(2024, 8, 3, 9, 26, 58)),
        "%s hgx-c05 kernel: mce: [Hardware Error]: Machine check events logged" % syslog_ts(T(2024, 8, 3, 9, 27, 1)),
        "%s hgx-c05 kernel: mce: [Hardware Error]: CPU 37: Machine Check: 0 Bank 6: be00000000800400"
        % syslog_ts(T(2024, 8, 3, 9, 27, 1)),
        "%s hgx-c05 mcelog[1544]: Hardware event. This is not a software error." % syslog_ts(T(2024, 8, 3, 9, 27, 9)),
        "%s hgx-c05 mcelog[1544]: CPU 37 BANK 6 TSC 5a9f3c6e21d0a: Processor context corrupt, Internal "
        "unclassified error" % syslog_ts(T(2024, 8, 3, 9, 27, 9)),
        "%s hgx-c05 slurmd[2210]: slurmd version 23.11.6 started" % syslog_ts(T(2024, 8, 3, 9, 27, 39)),
    ])
    for i, n in enumerate(nodes):
        if i == dead:
            continue
        boot = T(2024, 7, 22, 10, 4 + i, 0)
        b.lines("%s/dmesg.txt" % n, [
            dmesg_T(plus(boot, 60), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"),
            dmesg_T(plus(tf, 3), "mlx5_core 0000:%02x:00.0: mlx5_ib_event:3098:(pid %d): warning: event on port 1, "
                    "QP 0x%x: retry exceeded" % (0x1a + i, 0, 0x2a0 + i)) if i in (2, 3) else
            dmesg_T(plus(t0, -4), "IPv6: ADDRCONF(NETDEV_CHANGE): enroot0: link becomes ready"),
        ])
    label = dict(category="host", layer="infrastructure", culprit={"node": "hgx-c05", "rank": None},
                 action="restart_without_node",
                 rationale="slurmctld set hgx-c05 DOWN (not responding) and the job ended NODE_FAIL; that node's "
                           "console shows a fatal CPU machine check and kernel panic, and its SEL logs CPU IERR. The "
                           "NCCL retry-exceeded errors on the other nodes all point at hgx-c05's address.",
                 modelled_on="https://github.com/ovro-lwa/lwa-issues/issues/117")
    return "cd05_node_fail_state_nccl_retry_exceeded", b, label


# --------------------------------------------------------------------- cd06
def cd06():
    """Time limit hit after a 68 minute silent stall; py-spy shows rank 13 in compute."""
    rnd = random.Random(8506)
    b = Bundle()
    nodes = ["gpu-p%02d" % i for i in range(1, 5)]
    job = 6120077
    t0 = T(2024, 10, 7, 22, 30, 1)
    tl = T(2024, 10, 8, 2, 30, 1)
    tstall = T(2024, 10, 8, 1, 21, 47)
    out = ["using world size: 32, data-parallel size: 4, context-parallel size: 1 tensor-model-parallel size: 8, "
           "pipeline-model-parallel size: 1",
           "  distributed_timeout_minutes ..................... 180",
           "  exit_signal_handler ............................. False"]
    t = plus(t0, 240)
    it = 0
    while True:
        it += 10
        t = plus(t, 10 * 6.21 + rnd.uniform(-0.3, 0.3))
        if t > tstall:
            break
        last_t, last_it = t, it
        if it % 50 == 0:
            out.append(_megatron_iter(t, it, 60000, 6210 + rnd.uniform(-30, 30), 3e-4, 2.9 + 5 * 0.9995 ** it,
                                      gbs=512, grad="%.3f" % rnd.uniform(0.2, 0.4)))
    out += [
        "slurmstepd: error: *** JOB %d ON gpu-p01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
        "slurmstepd: error: *** STEP %d.0 ON gpu-p01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    ]
    out += ["srun: error: gpu-p%02d: tasks %d-%d: Terminated" % (i + 1, i * 8, i * 8 + 7) for i in range(4)]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "llm-70b-tp8", "h100", "4", "TIMEOUT", "0:0", "04:00:09", "04:00:00", "gpu-p[01-04]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "04:00:11", "", "gpu-p01"],
        ["%d.0" % job, "python", "", "4", "CANCELLED", "0:15", "03:59:40", "", "gpu-p[01-04]"],
    ]))
    tdump = T(2024, 10, 8, 2, 6, 40)
    b.lines("operator_notes.txt", [
        "%s  job 6120077 no iteration output since ~01:21. GPU util 100%% on all 32 GPUs. no NCCL timeout yet "
        "(distributed_timeout_minutes=180)." % stamp(plus(tdump, -300)),
        "%s  collected py-spy dump --native on every rank, files under <node>/py-spy-dump.txt" % stamp(tdump),
        "%s  job hit its 4h limit before anybody acted on it." % stamp(plus(tl, 60)),
    ])
    for i, n in enumerate(nodes):
        lines = []
        for lr in range(8):
            r = i * 8 + lr
            pid = 300100 + r * 17
            lines.append("Process %d: /usr/bin/python3 -u pretrain_gpt.py --tensor-model-parallel-size 8" % pid)
            lines.append("Python v3.10.12 (/usr/bin/python3.10)")
            lines.append("")
            if r == 13:
                lines += [
                    "Thread %d (active): \"MainThread\"" % pid,
                    "    cuLaunchKernel (libcuda.so.1)",
                    "    0x7f3a1c2e4b10 (libcudart.so.12)",
                    "    cudaLaunchKernel (libcudart.so.12)",
                    "    at::native::gemm<c10::BFloat16> (libtorch_cuda.so)",
                    "    linear (torch/nn/functional.py)",
                    "    forward (megatron/core/tensor_parallel/layers.py:783)",
                    "    _call_impl (torch/nn/modules/module.py:1562)",
                    "    forward (megatron/core/transformer/mlp.py:117)",
                    "    forward (megatron/core/transformer/transformer_layer.py:303)",
                    "    forward (megatron/core/transformer/transformer_block.py:420)",
                    "    forward (megatron/core/models/gpt/gpt_model.py:236)",
                    "    forward_step (pretrain_gpt.py:197)",
                    "    forward_step (megatron/core/pipeline_parallel/schedules.py:275)",
                    "    forward_backward_no_pipelining (megatron/core/pipeline_parallel/schedules.py:451)",
                    "    train_step (megatron/training/training.py:742)",
                    "    train (megatron/training/training.py:1237)",
                    "    pretrain (megatron/training/training.py:349)",
                    "    <module> (pretrain_gpt.py:283)",
                    "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (pid + 40),
                    "    wait (threading.py:324)",
                    "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:57)",
                ]
            else:
                lines += [
                    "Thread %d (idle): \"MainThread\"" % pid,
                    "    cuStreamSynchronize (libcuda.so.1)",
                    "    cudaStreamSynchronize (libcudart.so.12)",
                    "    c10d::ProcessGroupNCCL::WorkNCCL::synchronizeStream (libtorch_cuda.so)",
                    "    wait (torch/distributed/distributed_c10d.py)",
                    "    finish_grad_sync (megatron/core/distributed/param_and_grad_buffer.py:403)",
                    "    finish_grad_sync (megatron/core/distributed/distributed_data_parallel.py:309)",
                    "    forward_backward_no_pipelining (megatron/core/pipeline_parallel/schedules.py:478)",
                    "    train_step (megatron/training/training.py:742)",
                    "    train (megatron/training/training.py:1237)",
                    "    pretrain (megatron/training/training.py:349)",
                    "    <module> (pretrain_gpt.py:283)",
                    "Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (pid + 40),
                    "    wait (threading.py:324)",
                    "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:57)",
                ]
            lines.append("")
        b.lines("%s/py-spy-dump.txt" % n, lines)
        gp = h100_gpus(seed_off=i, util=100, mem=71234, pwr=176)
        if i == 1:
            gp[5]["pwr"] = 312
            gp[5]["temp"] = 61
        b.lines("%s/nvidia-smi.txt" % n, nvidia_smi_table(tdump, n, gp,
                                                         procs=[(k, 300100 + (i * 8 + k) * 17, "/usr/bin/python3", 71220)
                                                                for k in range(8)]))
        boot = T(2024, 9, 30, 8, 11 + i, 0)
        b.lines("%s/dmesg.txt" % n, [
            dmesg_up(plus(boot, 58), boot, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
            dmesg_up(plus(t0, -6), boot, "nvidia-peermem: loaded"),
        ])
    label = dict(category="hang", layer="infrastructure", culprit={"node": "gpu-p02", "rank": 13},
                 action="run_diagnostics",
                 rationale="Iterations stopped 68 minutes before the time limit, so the TIMEOUT is a symptom. The "
                           "py-spy dumps show 31 ranks waiting in finish_grad_sync for the gradient collective while "
                           "rank 13 (gpu-p02 GPU 5) is still inside a forward GEMM launch, with that GPU drawing far "
                           "more power than the waiting ones.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1063")
    return "cd06_time_limit_after_silent_stall", b, label


# --------------------------------------------------------------------- cd07 (PBS) is in cases_c

# --------------------------------------------------------------------- cd08
def cd08():
    """Xid 79 on gpu-d03 an hour before the time limit; STEPD TERMINATED ... JOB NOT ENDING."""
    rnd = random.Random(8508)
    b = Bundle()
    nodes = ["gpu-d%02d" % i for i in range(1, 5)]
    job = 7702211
    t0 = T(2024, 7, 17, 6, 0, 2)
    tx = T(2024, 7, 17, 13, 2, 17)
    tl = T(2024, 7, 17, 14, 0, 2)
    out = ["+ srun torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-d01:29500 "
           "train.py --model vit-g14 --nccl-timeout-s 7200"]
    t = plus(t0, 150)
    ep_it = 0
    last_t = t
    while True:
        ep_it += 200
        t = plus(t, 200 * 1.133 + rnd.uniform(-0.5, 0.5))
        if t > tx:
            break
        last_t = t
        out.append("%s [rank0] epoch 3 iter %6d/%d loss %.4f acc@1 %.3f lr %.5f imgs/s %d"
                   % (stamp_ms(t), ep_it, 40000, 2.1 + rnd.uniform(-0.05, 0.05), 0.611 + ep_it * 1e-6, 1.2e-3,
                      rnd.randint(28800, 29100)))
    out += [
        "slurmstepd: error: *** JOB %d ON gpu-d01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
        "slurmstepd: error: *** STEP %d.0 ON gpu-d01 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, iso(tl)),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    ]
    for i in range(4):
        out += elastic_sigterm(plus(tl, 0.2 + i * 0.03), 51000 + i, [51010 + i * 10 + k for k in range(8)])
    out += [
        "%s 51002 torch/distributed/elastic/multiprocessing/api.py:916] Unable to shutdown process 51036 via "
        "Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % glog_us(plus(tl, 30.3), "W"),
        "slurmstepd: error: *** STEP %d.0 STEPD TERMINATED ON gpu-d03 AT %s DUE TO JOB NOT ENDING WITH SIGNALS ***"
        % (job, iso(plus(tl, 123))),
        "srun: error: gpu-d01: task 0: Terminated",
        "srun: error: gpu-d02: task 1: Terminated",
        "srun: error: gpu-d04: task 3: Terminated",
        "srun: error: gpu-d03: task 2: Killed",
    ]
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "vit-g14", "gpu", "4", "TIMEOUT", "0:0", "08:00:09", "08:00:00", "gpu-d[01-04]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", "08:00:11", "", "gpu-d01"],
        ["%d.0" % job, "torchrun", "", "4", "CANCELLED", "0:9", "08:02:03", "", "gpu-d[01-04]"],
    ]))
    b.lines("sinfo_R.txt", ["REASON               USER      TIMESTAMP           NODELIST",
                            "Kill task failed     root      %s gpu-d03" % iso(plus(tl, 123))])
    boot = T(2024, 7, 9, 11, 30, 5)
    d3 = [
        dmesg_T(plus(boot, 57), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024"),
        dmesg_T(plus(tx, -1), "pcieport 0000:b5:01.0: AER: Uncorrected (Fatal) error received: 0000:b5:01.0"),
        dmesg_T(plus(tx, -1), "pcieport 0000:b5:01.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction "
                "Layer, (Receiver ID)"),
        dmesg_T(plus(tx, -1), "pcieport 0000:b5:01.0:   device [1000:c030] error status/mask=00000020/00000000"),
        dmesg_T(plus(tx, -1), "pcieport 0000:b5:01.0:    [ 5] SDES                   (First)"),
        dmesg_T(tx, "NVRM: GPU at PCI:0000:ba:00: GPU-5c2a91e4-7f0b-a3d1-19c8-2b6e0d4f7a11"),
        dmesg_T(tx, "NVRM: GPU Board Serial Number: 1652322023184"),
        dmesg_T(tx, "NVRM: Xid (PCI:0000:ba:00): 79, pid=51036, name=python3, GPU has fallen off the bus."),
        dmesg_T(tx, "NVRM: GPU 0000:ba:00.0: GPU has fallen off the bus."),
        dmesg_T(tx, "NVRM: A GPU crash dump has been created. If possible, please run"),
        dmesg_T(tx, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        dmesg_T(tx, "NVRM: the NVIDIA kernel module is unloaded."),
        dmesg_T(plus(tl, 122), "INFO: task python3:51036 blocked for more than 120 seconds."),
        dmesg_T(plus(tl, 122), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
        dmesg_T(plus(tl, 122), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."),
    ]
    b.lines("gpu-d03/dmesg.txt", d3)
    b.lines("gpu-d03/nvidia-smi.txt", [ctime(plus(tl, 300)),
                                        "Unable to determine the device handle for GPU0000:BA:00.0: Unknown Error"])
    b.lines("gpu-d03/rank22.log", [
        "%s [rank22] epoch 3 iter %6d/%d loss %.4f" % (stamp_ms(plus(last_t, -0.2)), ep_it - 200, 40000, 2.09),
        "[rank22]:[%s CUDAGuardImpl.h:119] Warning: CUDA warning: unspecified launch failure (function "
        "destroyEvent)" % glog(plus(tl, 0.4), "W"),
    ])
    for i, n in enumerate(nodes):
        if i == 2:
            continue
        boot_i = T(2024, 7, 9, 11, 28 + i, 0)
        b.lines("%s/dmesg.txt" % n, [
            dmesg_T(plus(boot_i, 57), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024"),
            dmesg_T(plus(t0, -3), "nvidia-peermem: loaded"),
        ])
        b.lines("%s/rank%d.log" % (n, i * 8), [
            "%s [rank%d] epoch 3 iter %6d/%d loss %.4f" % (stamp_ms(plus(last_t, -0.1 * i)), i * 8, ep_it - 200, 40000, 2.1),
            "[rank%d]:[%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before "
            "we destruct ProcessGroupNCCL." % (i * 8, glog(plus(tl, 1.1), "W")),
        ])
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "gpu-d03", "rank": 22},
                 action="restart_without_node",
                 rationale="At 13:02 gpu-d03 logged a fatal PCIe AER error and Xid 79 (GPU fell off the bus) on the "
                           "GPU used by rank 22. Training output stopped there and the job sat hung until the time "
                           "limit at 14:00. The TIMEOUT and the 'Kill task failed' drain are consequences.",
                 modelled_on="https://github.com/rwth-i6/returnn/issues/1486")
    return "cd08_time_limit_and_kill_task_failed", b, label


# --------------------------------------------------------------------- cd09
def cd09():
    """CUDA OOM in evaluation on rank 0; node-g41 ranks sit in NCCL; user scancels."""
    rnd = random.Random(8509)
    b = Bundle()
    nodes = ["node-g40", "node-g41"]
    job = 2290455
    t0 = T(2024, 5, 21, 6, 2, 40)
    toom = T(2024, 5, 21, 10, 14, 22)
    tc = T(2024, 5, 21, 10, 38, 50)
    out = ["+ srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint node-g40:29500 "
           "finetune.py --train_bs 8 --eval_bs 64 --eval_every 2000 --nccl_timeout_min 60"]
    t = plus(t0, 120)
    s = 0
    while True:
        s += 100
        t = plus(t, 100 * 1.88 + rnd.uniform(-0.3, 0.3))
        if t > plus(toom, -30):
            break
        out.append("%s - INFO - step %d | loss %.4f | lr %.2e | %.2f s/it" % (stamp_ms(t), s, 1.6 - s * 2e-5, 1e-5, 1.88))
    out.append("%s - INFO - step %d: running evaluation on 4096 samples" % (stamp_ms(plus(toom, -12)), s - 100))
    oom = [
        "[rank0]: Traceback (most recent call last):",
        '[rank0]:   File "/workspace/finetune.py", line 412, in <module>',
        "[rank0]:     main()",
        '[rank0]:   File "/workspace/finetune.py", line 398, in main',
        "[rank0]:     metrics = evaluate(model, eval_loader, args)",
        '[rank0]:   File "/workspace/finetune.py", line 236, in evaluate',
        "[rank0]:     logits = model(input_ids=batch[\"input_ids\"], attention_mask=batch[\"attention_mask\"]).logits",
        '[rank0]:   File "%s/torch/nn/modules/module.py", line 1553, in _wrapped_call_impl' % SITE,
        "[rank0]:     return self._call_impl(*args, **kwargs)",
        '[rank0]:   File "%s/transformers/models/llama/modeling_llama.py", line 1190, in forward' % SITE,
        "[rank0]:     logits = logits.float()",
        "[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 31.31 GiB. GPU 0 has a total capacity "
        "of 79.15 GiB of which 6.02 GiB is free. Including non-PyTorch memory, this process has 73.11 GiB memory in "
        "use. Of the allocated memory 68.40 GiB is allocated by PyTorch, and 3.92 GiB is reserved by PyTorch but "
        "unallocated. If reserved but unallocated memory is large try setting "
        "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory "
        "Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
    ]
    out += oom
    out += ["%s 88401 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
            % (glog_us(plus(toom, 1.5 + k * 0.001), "W"), 88410 + k) for k in range(1, 8)]
    out.append("%s 88401 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 "
               "(pid: 88410) of binary: /usr/bin/python3" % glog_us(plus(toom, 6.2), "E"))
    out += child_failed("finetune.py", plus(toom, 0.1), "node-g40", 0, 0, 1, 88410,
                        "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")
    out.append("srun: error: node-g40: task 0: Exited with exit code 1")
    out += [
        "slurmstepd: error: *** JOB %d ON node-g40 CANCELLED AT %s ***" % (job, iso(tc)),
        "slurmstepd: error: *** STEP %d.0 ON node-g40 CANCELLED AT %s ***" % (job, iso(tc)),
    ]
    out += elastic_sigterm(plus(tc, 0.3), 90122, [90130 + k for k in range(8)])
    out += elastic_signal_traceback(90122)
    out.append("srun: error: node-g41: task 1: Exited with exit code 1")
    b.lines("slurm-%d.out" % job, out)
    b.add("sacct.txt", sacct([
        [str(job), "ft-llama3", "gpu", "2", "CANCELLED by 30117", "0:0", hms((tc - t0).total_seconds()),
         "1-00:00:00", "node-g[40-41]"],
        ["%d.batch" % job, "batch", "", "1", "CANCELLED", "0:15", hms((tc - t0).total_seconds()), "", "node-g40"],
        ["%d.0" % job, "torchrun", "", "2", "CANCELLED", "1:0", hms((tc - t0).total_seconds() - 3), "",
         "node-g[40-41]"],
    ]))
    g41 = ["%s - INFO - rank %d step %d: running evaluation on 4096 samples" % (stamp_ms(plus(toom, -12)), r, s - 100)
           for r in range(8, 16)]
    g41 += ["[rank%d]:[%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed "
            "before we destruct ProcessGroupNCCL." % (r, glog(plus(tc, 1.4), "W")) for r in (8,)]
    b.lines("node-g41/ranks_8-15.log", g41)
    b.lines("node-g40/ranks_0-7.log", oom[-1:] + ["rank %d: terminated by agent (SIGTERM)" % r for r in range(1, 8)])
    for i, n in enumerate(nodes):
        boot = T(2024, 5, 14, 9, 3 + i, 0)
        b.lines("%s/dmesg.txt" % n, [
            dmesg_up(plus(boot, 51), boot, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024"),
            dmesg_up(plus(t0, -2), boot, "nvidia-peermem: loaded"),
        ])
    gp = h100_gpus(util=100, mem=22311, pwr=151)
    b.lines("node-g41/nvidia-smi.txt", nvidia_smi_table(plus(toom, 900), "node-g41", gp, name="NVIDIA A100-SXM4-80GB",
                                                          procs=[(k, 90130 + k, "/usr/bin/python3", 22290) for k in range(8)]))
    label = dict(category="oom", layer="framework", culprit=None, action="stop",
                 rationale="Rank 0 raised torch.OutOfMemoryError in the evaluation forward pass (eval batch 64 "
                           "materialising full-vocab float logits) 24 minutes before the user's scancel. node-g41's "
                           "ranks were only waiting in NCCL for the dead peer, so the failure, not the cancel, ended the run.",
                 modelled_on="https://github.com/facebookresearch/detectron2/issues/153")
    return "cd09_cancelled_by_user_rank0_traceback", b, label


CASES = [cd01, cd02, cd03, cd04, cd05, cd06, cd08, cd09]
