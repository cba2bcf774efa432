"""Cases av01-av09: hardware, network, storage (DeepSpeed/pdsh, mpirun, srun, hydra, torchx, accelerate)."""
from common import *


def node_dir(job, n, t_snap, boot, extra_dmesg=(), smi=None, ib=None, df=None, dmesg_mode="raw"):
    """Standard operator-collected per-node files."""
    h = job.hosts[n]
    files = {}
    noise = dmesg_boot_noise(random.Random(shash(h)), host=h)
    lines = list(noise) + [((tt - boot).total_seconds(), m) for (tt, m) in extra_dmesg]
    if dmesg_mode == "raw":
        files[h + "/dmesg.txt"] = fmt_raw_dmesg(lines)
        files[h + "/uptime_s.txt"] = boot.strftime("%Y-%m-%d %H:%M:%S") + "\n"
    elif dmesg_mode == "T":
        files[h + "/dmesg_T.txt"] = "\n".join("%s %s" % (f_dmesg_T(boot + TD(seconds=u)), m) for u, m in sorted(lines)) + "\n"
    elif dmesg_mode == "journal":
        files[h + "/journal_kernel.txt"] = "\n".join("%s kernel: %s" % (f_journal(boot + TD(seconds=u), h), m) for u, m in sorted(lines)) + "\n"
    files[h + "/nvidia-smi-q.txt"] = smi if smi is not None else nvidia_smi_q(h, t_snap, job.gpn)
    if ib is not None:
        files[h + "/ibstat.txt"] = ib
    if df is not None:
        files[h + "/df_h.txt"] = df
    return files


def tb(rank, frames, exc_lines):
    p = "[rank%d]: " % rank
    out = [p + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(p + '  File "%s", line %d, in %s' % (f, ln, fn))
        out.append(p + "    " + code)
    out += [p + e for e in exc_lines]
    return "\n".join(out)


DS_FRAMES = [("/workspace/src/train.py", 301, "<module>", "main()"),
             ("/workspace/src/train.py", 274, "main", "loss = engine(batch)"),
             ("/usr/local/lib/python3.10/dist-packages/deepspeed/utils/nvtx.py", 15, "wrapped_fn", "ret_val = func(*args, **kwargs)"),
             ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 1855, "forward", "loss = self.module(*inputs, **kwargs)"),
             ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 1747, "_call_impl", "return forward_call(*args, **kwargs)")]

CUDA_TAIL = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
             "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
             "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]


def socket_retry_noise(job, t, rank):
    h, pid, l = job.host_of(rank), job.pids[rank], job.local(rank)
    job.emit(t, rank, "%s:%d:%d [%d] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to %s<44127> failed : Software caused connection abort" % (h, pid, pid + 97, l, job.ips[0]), "out")
    job.emit(t + TD(milliseconds=120), rank, "%s:%d:%d [%d] NCCL INFO Call to connect returned Connection refused, retrying" % (h, pid, pid + 97, l), "out")


def flood_watchdog(job, t, ranks, seq, op="ALLREDUCE", numel=26214400):
    for r in ranks:
        job.emit(job.jitter(t, 900), r, watchdog_block(job.jitter(t, 900), r, seq, op, numel))


# =====================================================================================
def av01():
    hosts = ["dgx-a01", "dgx-a02", "dgx-a03", "dgx-a04"]
    job = Job(101, hosts, 8, dt("2024-05-13 07:58:10"))
    boot = dt("2024-05-09 03:11:52")
    t = ds_launch_head(job, job.start)
    c10d_rank_init(job, t)
    job.nccl_init(t + TD(seconds=4), "2.20.5")
    socket_retry_noise(job, t + TD(seconds=3), 13)
    t, _ = train_ds(job, t + TD(seconds=40), 1, 880, 1.31)
    t_x = t + TD(milliseconds=640)
    bad = 21
    job.emit(t_x + TD(seconds=1, milliseconds=850), bad, tb(bad, DS_FRAMES, ["RuntimeError: CUDA error: unknown error"] + CUDA_TAIL))
    job.emit(t_x + TD(seconds=2), bad, "[rank21]:[W513 %s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only recently been added since PyTorch 2.4 (function operator())" % (t_x + TD(seconds=2)).strftime("%H:%M:%S.%f000"))
    ds_kill(job, 2, t_x + TD(seconds=3), 5, 1)
    job.emit(t_x + TD(seconds=9), None, "pdsh@dgx-a01: dgx-a03: ssh exited with exit code 1", node=-1)
    # ring neighbours of dgx-a03 see the peer go away
    for r in (12, 28, 13):
        job.emit(t_x + TD(seconds=4 + r % 3), r, "%s:%d:%d [%d] NCCL INFO misc/socket.cc:47 -> 6" % (job.host_of(r), job.pids[r], job.pids[r] + 211, job.local(r)), "out")
        job.emit(t_x + TD(seconds=4 + r % 3), r, "%s:%d:%d [%d] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer %s<%d>" % (job.host_of(r), job.pids[r], job.pids[r] + 211, job.local(r), job.ips[2], 51200 + r), "out")
    victims = [r for r in range(32) if job.node_of(r) != 2]
    t_wd = t_x + TD(seconds=600, milliseconds=300)
    flood_watchdog(job, t_wd, victims, 90341)
    for n in (0, 1, 3):
        ds_kill(job, n, t_wd + TD(seconds=2 + n), 0, -6)
        job.emit(t_wd + TD(seconds=12 + n), None, "pdsh@dgx-a01: %s: ssh exited with exit code 250" % hosts[n], node=-1)
    files = {"ds_train_20240513.log": render(job, "pdsh")}
    xid_t = t_x
    extra = [(xid_t, "NVRM: GPU at PCI:0000:ab:00: GPU-3a000005-1b2c-4d5e-8f90-4c11d2a07e19"),
             (xid_t, "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
             (xid_t + TD(microseconds=40), "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
             (xid_t + TD(milliseconds=2), "NVRM: A GPU crash dump has been created. If possible, please run"),
             (xid_t + TD(milliseconds=2), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
             (xid_t + TD(milliseconds=2), "NVRM: the NVIDIA kernel module is unloaded."),
             (xid_t + TD(seconds=1), "pcieport 0000:a8:01.0: AER: Uncorrected (Fatal) error received: 0000:ab:00.0")]
    snap = t_wd + TD(minutes=9)
    for n in range(4):
        if n == 2:
            files.update(node_dir(job, n, snap, boot, extra, smi=nvidia_smi_q(hosts[n], snap, overrides={5: {"lost": True}})))
        elif n == 1:
            files.update(node_dir(job, n, snap, boot, smi=nvidia_smi_q(hosts[n], snap, overrides={3: {"dram_ce": "4", "agg_dram_ce": "19"}})))
        else:
            files.update(node_dir(job, n, snap, boot))
    lab = label("gpu_hardware", "infrastructure", culprit("dgx-a03", 21), "restart_without_node",
                "dgx-a03/dmesg.txt (uptime mapped via dgx-a03/uptime_s.txt) shows 'NVRM: Xid (PCI:0000:ab:00): 79, ... GPU has fallen off the bus' at the moment training stops; ab:00.0 is local GPU 5 on the third host, i.e. global rank 21 (node_rank 2 * 8 + 5), which is exactly the rank that raises 'RuntimeError: CUDA error: unknown error' two seconds later in ds_train_20240513.log, and dgx-a03/nvidia-smi-q.txt reports that GPU as lost. The 'Connection closed by remote peer' warnings, the watchdog timeouts of the 24 ranks on the other hosts ten minutes later, the launch.py SIGKILL lines and the pdsh 'ssh exited' lines are sympathetic. The NCCL socket connect retry at init and the corrected (not uncorrectable) DRAM ECC count on dgx-a02 are harmless.",
                "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")
    return {"name": "av01_pdsh_job_dies_after_one_host_reports_cuda_unknown_error", "label": lab, "files": files}


# =====================================================================================
MPI_FRAMES = [("/home/mlops/vitl/train_mpi.py", 388, "<module>", "train(cfg)"),
              ("/home/mlops/vitl/train_mpi.py", 291, "train", "loss.backward()"),
              ("/opt/conda/lib/python3.11/site-packages/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
              ("/opt/conda/lib/python3.11/site-packages/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward(")]


def mpi_abort_block(rank, pid, host, sig=6, signame="Aborted"):
    return "\n".join(["--------------------------------------------------------------------------",
                      "Primary job  terminated normally, but 1 process returned",
                      "a non-zero exit code. Per user-direction, the job has been aborted.",
                      "--------------------------------------------------------------------------",
                      "--------------------------------------------------------------------------",
                      "mpirun noticed that process rank %d with PID %d on node %s exited on signal %d (%s)." % (rank, pid, host, sig, signame),
                      "--------------------------------------------------------------------------"])


def mpi_exit_block(rank, host, code=1, jobid=41164):
    return "\n".join(["--------------------------------------------------------------------------",
                      "Primary job  terminated normally, but 1 process returned",
                      "a non-zero exit code. Per user-direction, the job has been aborted.",
                      "--------------------------------------------------------------------------",
                      "--------------------------------------------------------------------------",
                      "mpirun detected that one or more processes exited with non-zero status, thus causing",
                      "the job to be terminated. The first process to do so was:",
                      "",
                      "  Process name: [[%d,1],%d]" % (jobid, rank),
                      "  Exit code:    %d" % code,
                      "--------------------------------------------------------------------------"])


def mpi_train(job, t0, epochs_steps, step_ms, per_epoch=50):
    t = t0
    rng = job.rng
    loss = 6.9
    for s in range(1, epochs_steps + 1):
        t += TD(milliseconds=step_ms * rng.uniform(0.97, 1.04))
        loss = max(0.8, loss - rng.uniform(0, 0.004) + rng.uniform(-0.01, 0.01))
        if s % 5 == 0:
            job.emit(t, 0, "%s | INFO | train | epoch %d iter %d/%d loss %.4f top1 %.2f lr %.5f img/s %.1f" % (f_pylog(t), s // 1250, s % 1250, 1250, loss, min(80, 4 + s / 60.0), 1e-3, 24310 * rng.uniform(0.98, 1.01)), "out")
    return t


def av02():
    hosts = ["hgx-b11", "hgx-b12", "hgx-b13", "hgx-b14"]
    job = Job(202, hosts, 8, dt("2024-06-03 14:20:05"))
    boot = dt("2024-05-30 22:41:09")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    H(t, "Warning: Permanently added 'hgx-b13,10.26.1.13' (ECDSA) to the list of known hosts.")
    H(t, " Data for JOB [41164,1] offset 0 Total slots allocated 32")
    H(t, "\n ========================   JOB MAP   ========================\n" + "\n".join(" Data for node: %s\tNum slots: 8\tMax slots: 0\tNum procs: 8" % h for h in hosts) + "\n =============================================================")
    for r in range(32):
        job.emit(job.jitter(t + TD(seconds=3), 800), r, "%s | INFO | dist | rank %d/%d local_rank %d host %s using cuda:%d (OMPI_COMM_WORLD_RANK)" % (f_pylog(t + TD(seconds=3)), r, 32, job.local(r), job.host_of(r), job.local(r)), "out")
    job.nccl_init(t + TD(seconds=8), "2.21.5", cuda="12.4")
    t = mpi_train(job, t + TD(seconds=30), 4300, 178)
    bad = 18
    t_x = t + TD(milliseconds=90)
    job.emit(t_x + TD(milliseconds=700), bad, "\n".join(["Traceback (most recent call last):"] + sum([['  File "%s", line %d, in %s' % (f, ln, fn), "    " + c] for f, ln, fn, c in MPI_FRAMES], []) + ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_TAIL[:3]))
    job.emit(t_x + TD(milliseconds=900), bad, "terminate called after throwing an instance of 'c10::Error'\n  what():  CUDA error: uncorrectable ECC error encountered\nException raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):")
    job.emit(t_x + TD(milliseconds=950), bad, "[hgx-b13:%d] *** Process received signal ***\n[hgx-b13:%d] Signal: Aborted (6)\n[hgx-b13:%d] Signal code:  (-6)" % ((job.pids[bad],) * 3))
    for r in (10, 26, 17):
        job.emit(t_x + TD(seconds=1, milliseconds=200 + r), r, "%s:%d:%d [%d] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer hgx-b13<%d>" % (job.host_of(r), job.pids[r], job.pids[r] + 211, job.local(r), 40100 + r), "out")
    H(t_x + TD(seconds=3), mpi_abort_block(bad, job.pids[bad], "hgx-b13"))
    files = {"mpirun_vitl_0603.out": render(job, "mpirun")}
    extra = [(t_x, "NVRM: Xid (PCI:0000:3a:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % job.pids[bad]),
             (t_x + TD(milliseconds=3), "NVRM: Xid (PCI:0000:3a:00): 63, pid=%d, name=python, Row Remapper: New row (0x00000000017c2a40) marked for remapping, reset gpu to activate." % job.pids[bad]),
             (t_x + TD(seconds=2), "python[%d]: segfault at 0 ip 00007f2c1b0e2a7c sp 00007ffd6c0c1f20 error 4 in libc.so.6[7f2c1b028000+195000]" % job.pids[bad])]
    snap = t_x + TD(minutes=22)
    for n in range(4):
        if n == 2:
            smi = nvidia_smi_q(hosts[n], snap, overrides={2: {"dram_ue": "1", "rr_ue": "0", "rr_pending": "Yes"}})
            files.update(node_dir(job, n, snap, boot, extra, smi=smi, dmesg_mode="journal"))
        elif n == 0:
            files.update(node_dir(job, n, snap, boot, smi=nvidia_smi_q(hosts[n], snap, overrides={6: {"dram_ce": "2", "rr_ce": "1"}}), dmesg_mode="journal"))
        else:
            files.update(node_dir(job, n, snap, boot, dmesg_mode="journal"))
    lab = label("gpu_memory", "infrastructure", culprit("hgx-b13", 18), "restart_without_node",
                "hgx-b13/journal_kernel.txt has 'NVRM: Xid (PCI:0000:3a:00): 48 ... uncorrectable double bit error (DBE)' naming pid %d, which is [1,18] in mpirun_vitl_0603.out; rank 18 (map-by slot: third host, local GPU 2 = bus 3a) then raises 'CUDA error: uncorrectable ECC error encountered' and aborts, and hgx-b13/nvidia-smi-q.txt shows DRAM Uncorrectable 1 with a remap Pending. Xid 48 is a double-bit ECC error, so category gpu_memory. The 'Connection closed by remote peer' warnings and mpirun's 'exited on signal 6' report are consequences; the single correctable ECC/remapped row on hgx-b11 GPU 6 is a red herring." % job.pids[bad],
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return {"name": "av02_mpirun_tagged_rank_aborted_on_signal_6_mid_epoch", "label": lab, "files": files}


# =====================================================================================
def srun_tail(job, t, jobid, failed):
    """failed: list of (host, tasks_str, text)."""
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    for i, (h, tasks, txt) in enumerate(failed):
        H(t + TD(milliseconds=50 * i), "srun: error: %s: %s: %s" % (h, tasks, txt))


def av03():
    hosts = ["gpuc01", "gpuc02", "gpuc03", "gpuc04"]
    job = Job(303, hosts, 8, dt("2024-07-21 02:03:44"))
    boot = dt("2024-07-02 10:14:30")
    t = job.start
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    H(t, "+ srun --label --kill-on-bad-exit=1 --cpu-bind=none python -u pretrain.py --config configs/llama_7b.yaml")
    for r in range(32):
        tt = job.jitter(t + TD(seconds=5), 2000)
        job.emit(tt, r, "%s - INFO - torch.distributed - Initializing rank %d of 32 (SLURM_PROCID=%d, SLURM_LOCALID=%d, host=%s)" % (f_pylog(tt), r, r, job.local(r), job.host_of(r)), "out")
    job.nccl_init(t + TD(seconds=9), "2.19.3", cuda="12.3")
    t, _ = train_generic(job, t + TD(seconds=60), 1, 1400, 905, fmt="{ts} - INFO - trainer - step={s} loss={l:.4f} lr={lr:.2e} step_time={ms:.0f}ms tokens_per_sec_per_gpu={tps:.3f}k", tps=3.62)
    bad = 9
    t_x = t + TD(milliseconds=300)
    nv = ["NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3",
          "ncclUnhandledCudaError: Call to CUDA function failed.", "Last error:",
          "Cuda failure 'uncorrectable NVLink error detected during the execution'"]
    job.emit(t_x + TD(milliseconds=400), bad, "gpuc02:%d:%d [1] NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (job.pids[bad], job.pids[bad] + 90), "out")
    job.emit(t_x + TD(milliseconds=500), bad, tb(bad, [("/work/llm/pretrain.py", 512, "<module>", "main()"), ("/work/llm/pretrain.py", 433, "train_step", "self.model.backward(loss)"),
                                                       ("/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", 2288, "all_reduce", "work = group.allreduce([tensor], opts)")],
                                              ["torch.distributed.DistBackendError: " + nv[0]] + nv[1:]))
    for r in (8, 10):  # NVLink peers of GPU1 on the same node notice shortly after
        job.emit(t_x + TD(seconds=1, milliseconds=100 * r), r, tb(r, [("/work/llm/pretrain.py", 433, "train_step", "self.model.backward(loss)")], ["torch.distributed.DistBackendError: " + nv[0]] + nv[1:3] + ["Cuda failure 'an illegal memory access was encountered'"]))
    others = [r for r in range(32) if job.node_of(r) != 1]
    for r in others[::3]:
        job.emit(job.jitter(t_x + TD(seconds=3), 600), r, "%s:%d:%d [%d] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer gpuc02.cluster<%d>" % (job.host_of(r), job.pids[r], job.pids[r] + 211, job.local(r), 33000 + r), "out")
    H(t_x + TD(seconds=4), "srun: error: gpuc02: task 9: Exited with exit code 1")
    H(t_x + TD(seconds=4, milliseconds=10), "srun: Terminating StepId=771204.0")
    H(t_x + TD(seconds=4, milliseconds=20), "slurmstepd: error: *** STEP 771204.0 ON gpuc01 CANCELLED AT %s ***" % f_iso(t_x + TD(seconds=4)))
    srun_tail(job, t_x + TD(seconds=6), 771204, [("gpuc02", "tasks 8,10", "Exited with exit code 1"), ("gpuc01", "tasks 0-7", "Terminated"),
                                                  ("gpuc03", "tasks 16-23", "Terminated"), ("gpuc04", "tasks 24-31", "Terminated"), ("gpuc02", "tasks 11-15", "Terminated")])
    H(t_x + TD(seconds=7), "srun: Force Terminated StepId=771204.0")
    files = {"slurm-771204.out": render(job, "srun_label")}
    extra = [(t_x, "NVRM: Xid (PCI:0000:2a:00): 74, pid=%d, name=python, NVLink: fatal error detected on link 3(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % job.pids[bad]),
             (t_x + TD(milliseconds=8), "NVRM: Xid (PCI:0000:2a:00): 45, pid=%d, name=python, Ch 00000010" % job.pids[bad]),
             (t_x + TD(seconds=1), "NVRM: Xid (PCI:0000:18:00): 45, pid=%d, name=python, Ch 00000008" % job.pids[8])]
    snap = t_x + TD(minutes=15)
    for n in range(4):
        files.update(node_dir(job, n, snap, boot, extra if n == 1 else (), dmesg_mode="T"))
    files["gpuc02/nvlink_errors.txt"] = "\n".join(
        ["GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-1b2c-4d5e-8f90-2a0c71e2bd%02x)" % (g, 0x3a000000 + g, g) + "".join(
            "\n\t Link %d: Replay Errors: %d\n\t Link %d: Recovery Errors: %d\n\t Link %d: CRC Errors: %d" % (k, (311 if (g == 1 and k == 3) else 0), k, (27 if (g == 1 and k == 3) else 0), k, (4096 if (g == 1 and k == 3) else 0)) for k in range(4)) for g in range(8)]) + "\n"
    lab = label("nvlink", "infrastructure", culprit("gpuc02", 9), "restart_without_node",
                "gpuc02/dmesg_T.txt shows 'NVRM: Xid (PCI:0000:2a:00): 74 ... NVLink: fatal error detected on link 3' for the pid of task 9 (srun --label task 9 = gpuc02, SLURM_LOCALID 1, bus 2a); task 9 is the first to fail in slurm-771204.out with 'Cuda failure 'uncorrectable NVLink error detected during the execution'', and gpuc02/nvlink_errors.txt shows replay/recovery/CRC errors only on GPU 1 link 3. Tasks 8 and 10 on the same host and the 'Connection closed by remote peer' warnings on the other hosts come afterwards and are sympathetic; the Xid 45 lines are channel teardown caused by the preceding Xid 74; srun's Terminated lines are the launcher cleaning up.",
                "https://github.com/pytorch/pytorch/issues/58155")
    return {"name": "av03_srun_labelled_task_reports_unhandled_cuda_error", "label": lab, "files": files}


# =====================================================================================
def av04():
    hosts = ["cn-0401", "cn-0402", "cn-0403", "cn-0404"]
    job = Job(404, hosts, 8, dt("2024-08-11 19:40:00"))
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    H(t, "+ mpiexec -n 32 -ppn 8 -hosts cn-0401,cn-0402,cn-0403,cn-0404 -prepend-rank -genv NCCL_DEBUG=WARN python3 -u megatron_mpi_wrapper.py --tp 4 --pp 2")
    for r in range(32):
        job.emit(job.jitter(t + TD(seconds=4), 1500), r, "> initializing torch distributed from PMI_RANK=%d PMI_SIZE=32 MPI_LOCALRANKID=%d ..." % (r, job.local(r)), "out")
    t, _ = train_megatron(job, t + TD(seconds=90), 1, 1650, 1640.0, rank=31)
    t_x = t + TD(seconds=1, milliseconds=200)
    dead = 2
    # peers of the dead host complain
    for r in range(32):
        if job.node_of(r) == dead:
            continue
        if r % 3 == 0 or job.local(r) in (0,):
            pr = (r // 8 == 1 or r // 8 == 3)
            job.emit(job.jitter(t_x + TD(seconds=21), 2000), r, nccl_warn_ib(job.host_of(r), job.pids[r], job.local(r), job.ips[dead], 50310 + r, r, "mlx5_%d" % (job.local(r) // 2)), "out")
            job.emit(job.jitter(t_x + TD(seconds=23), 2000), r, "\n".join(l.replace("[rank%d]: " % r, "") for l in nccl_remote_error(r, job.host_of(r), job.pids[r], job.local(r), job.ips[dead], 50310 + r, "ib" if pr else "closed", where="megatron_mpi_wrapper.py", line=148).split("\n")))
    H(t_x + TD(seconds=58), "ssh: connect to host cn-0403 port 22: No route to host")
    H(t_x + TD(seconds=61), "\n".join(["", "===================================================================================",
                                        "=   BAD TERMINATION OF ONE OF YOUR APPLICATION PROCESSES",
                                        "=   PID %d RUNNING AT cn-0401" % job.pids[0],
                                        "=   EXIT CODE: 9",
                                        "=   CLEANING UP REMAINING PROCESSES",
                                        "=   YOU CAN IGNORE THE BELOW CLEANUP MESSAGES",
                                        "===================================================================================",
                                        "[proxy:0:0@cn-0401] HYD_pmcd_pmip_control_cmd_cb (pm/pmiserv/pmip_cb.c:887): assert (!closed) failed",
                                        "[proxy:0:0@cn-0401] HYDT_dmxu_poll_wait_for_event (tools/demux/demux_poll.c:76): callback returned error status",
                                        "[proxy:0:0@cn-0401] main (pm/pmiserv/pmip.c:169): demux engine error waiting for event",
                                        "[mpiexec@cn-0401] HYDT_bscu_wait_for_completion (tools/bootstrap/utils/bscu_wait.c:76): one of the processes terminated badly; aborting",
                                        "[mpiexec@cn-0401] HYDT_bsci_wait_for_completion (tools/bootstrap/src/bsci_wait.c:23): launcher returned error waiting for completion",
                                        "[mpiexec@cn-0401] HYD_pmci_wait_for_completion (pm/pmiserv/pmiserv_pmci.c:218): launcher returned error waiting for completion",
                                        "[mpiexec@cn-0401] main (ui/mpich/mpiexec.c:340): process manager error waiting for completion"]))
    files = {"mpiexec_gpt13b_0811.log": render(job, "hydra")}
    # cn-0403: previous-boot journal (journalctl -k -b -1) and the new boot
    h = "cn-0403"
    pb = t_x - TD(days=3, hours=2)
    jl = []
    for u, m in dmesg_boot_noise(random.Random(7), n=12):
        jl.append("%s kernel: %s" % (f_journal(pb + TD(seconds=u), h), m))
    tt = t_x - TD(minutes=40)
    jl.append("%s kernel: mce: [Hardware Error]: Machine check events logged" % f_journal(tt, h))
    jl.append("%s kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f1a2c offset:0x40 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1e2f0 col:0x3f8)" % f_journal(tt, h))
    for i in range(3):
        tt2 = t_x - TD(minutes=25 - 8 * i)
        jl.append("%s kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f1a2c offset:0x80 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:1)" % f_journal(tt2, h))
    jl += ["%s kernel: mce: [Hardware Error]: CPU 27: Machine Check Exception: 5 Bank 17: be00000000800400" % f_journal(t_x, h),
           "%s kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa3c4e1b2> {native_queued_spin_lock_slowpath+0x1a2/0x2c0}" % f_journal(t_x, h),
           "%s kernel: mce: [Hardware Error]: TSC 3b1f0e2a11c8d4 ADDR 3f1a2c0c0 MISC 200000c020001086 " % f_journal(t_x, h),
           "%s kernel: mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1723405287 SOCKET 1 APIC 3a microcode 2b000590" % f_journal(t_x, h),
           "%s kernel: mce: [Hardware Error]: Run the above through 'mcelog --ascii'" % f_journal(t_x, h),
           "%s kernel: mce: [Hardware Error]: Machine check: Processor context corrupt" % f_journal(t_x, h),
           "%s kernel: Kernel panic - not syncing: Fatal machine check" % f_journal(t_x, h)]
    files[h + "/journal_prev_boot_kernel.txt"] = "-- Journal begins at Mon 2024-07-01 08:00:01 UTC, ends at %s UTC. --\n" % (t_x.strftime("%a %Y-%m-%d %H:%M:%S")) + "\n".join(jl) + "\n"
    files[h + "/last_x.txt"] = "reboot   system boot  5.15.0-105-gene %s   still running\nroot     pts/0        10.26.0.4        %s - crash                   \nreboot   system boot  5.15.0-105-gene %s - %s (3+02:11)\n" % (
        (t_x + TD(minutes=9)).strftime("%a %b %d %H:%M"), (t_x - TD(hours=5)).strftime("%a %b %d %H:%M"), pb.strftime("%a %b %d %H:%M"), t_x.strftime("%H:%M"))
    files[h + "/ipmi_sel.txt"] = " 1a3 | %s | Memory #0x87 | Uncorrectable ECC | Asserted\n 1a4 | %s | Processor #0x61 | IERR | Asserted\n 1a5 | %s | System Event #0x1f | OEM System boot event | Asserted\n" % (
        t_x.strftime("%m/%d/%Y | %H:%M:%S"), t_x.strftime("%m/%d/%Y | %H:%M:%S"), (t_x + TD(minutes=8)).strftime("%m/%d/%Y | %H:%M:%S"))
    for n in (0, 1, 3):
        files[hosts[n] + "/free_m.txt"] = free_m(1031500, 210330)
        files[hosts[n] + "/journal_kernel.txt"] = "\n".join("%s kernel: %s" % (f_journal(t_x - TD(days=2) + TD(seconds=u), hosts[n]), m) for u, m in dmesg_boot_noise(random.Random(n), n=14)) + "\n"
    lab = label("host", "infrastructure", culprit("cn-0403", None), "restart_without_node",
                "cn-0403/journal_prev_boot_kernel.txt ends with 'mce: [Hardware Error]: CPU 27: Machine Check Exception ... Processor context corrupt' and 'Kernel panic - not syncing: Fatal machine check' at %s, matching cn-0403/ipmi_sel.txt (Uncorrectable ECC, IERR) and the crash/reboot in cn-0403/last_x.txt. In mpiexec_gpt13b_0811.log ranks 16-23 (cn-0403 with -ppn 8) simply stop printing at that moment; about 20 s later the other hosts' ranks report 'Got completion from peer <cn-0403 address> with status=12' and 'Connection closed by remote peer', and Hydra prints BAD TERMINATION / 'No route to host' - all consequences of the host going down. The earlier corrected EDAC errors are precursors on the same host, not a separate cause." % t_x.strftime("%H:%M:%S"),
                "https://github.com/cBio/cbio-cluster/issues/256")
    return {"name": "av04_mpiexec_bad_termination_exit_code_9", "label": lab, "files": files}


# =====================================================================================
def av05():
    hosts = ["trn-r2-n01", "trn-r2-n02", "trn-r2-n03", "trn-r2-n04", "trn-r2-n05", "trn-r2-n06"]
    job = Job(505, hosts, 8, dt("2024-09-02 06:10:00"))
    boot = dt("2024-08-28 17:02:44")
    t = ds_launch_head(job, job.start)
    c10d_rank_init(job, t)
    job.nccl_init(t + TD(seconds=4), "2.21.5")
    t, _ = train_ds(job, t + TD(seconds=50), 1, 1200, 2.02, samples=384.0)
    bad = 3
    t_x = t + TD(milliseconds=500)
    # local evidence on trn-r2-n04: ranks using mlx5_2 (local 4,5) see async port error
    for l in (4, 5):
        r = bad * 8 + l
        job.emit(t_x + TD(milliseconds=20 * l), r, "%s:%d:%d [%d] NCCL WARN NET/IB : Got async event : port error" % (hosts[bad], job.pids[r], job.pids[r] + 140, l), "out")
        job.emit(t_x + TD(seconds=1, milliseconds=20 * l), r, "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=5 opcode=1 len=0 vendor err 249 (Send) localGid fe80::ba3f:d2ff:fe1c:%04x remoteGidsfe80::ba3f:d2ff:fe1c:2a11 hca mlx5_2" % (hosts[bad], job.pids[r], job.pids[r] + 211, l, job.ips[4], 50122, 0x1000 + r), "out")
    # accusers on other hosts
    acc = [r for r in range(48) if job.node_of(r) != bad and job.local(r) in (4, 5)]
    for r in acc:
        tt = job.jitter(t_x + TD(seconds=18), 3000)
        job.emit(tt, r, nccl_warn_ib(job.host_of(r), job.pids[r], job.local(r), job.ips[bad], 50100 + r, r, "mlx5_2"), "out")
        job.emit(tt + TD(milliseconds=300), r, nccl_remote_error(r, job.host_of(r), job.pids[r], job.local(r), job.ips[bad], 50100 + r, "ib", "mlx5_2", "2.21.5", "train.py", 274))
    for n in range(6):
        ds_kill(job, n, t_x + TD(seconds=22 + n), 4, 1)
        job.emit(t_x + TD(seconds=30 + n), None, "pdsh@trn-r2-n01: %s: ssh exited with exit code 1" % hosts[n], node=-1)
    files = {"deepspeed_run.log": render(job, "pdsh")}
    extra = [(t_x - TD(seconds=2), "mlx5_core 0000:5e:00.0: Port module event[error]: module 2, Cable error, Bad or shorted cable/module"),
             (t_x - TD(milliseconds=900), "mlx5_core 0000:5e:00.0: mlx5_core_eq_handle_port_change:(pid 0): Port 1 changed to state DOWN"),
             (t_x - TD(milliseconds=880), "mlx5_ib: mlx5_ib_event:(pid 0): port 1 state change event - DOWN (mlx5_2)"),
             (t_x + TD(seconds=31), "mlx5_core 0000:5e:00.0: mlx5_core_eq_handle_port_change:(pid 0): Port 1 changed to state POLLING")]
    snap = t_x + TD(minutes=12)
    for n in range(6):
        ib = ibstat(hosts[n], 4, down={2: "Down"} if n == bad else None, phys={2: "Polling"} if n == bad else None)
        files.update(node_dir(job, n, snap, boot, extra if n == bad else ([(boot + TD(seconds=31), "mlx5_core 0000:1a:00.0: Port module event: module 0, Cable plugged")] if n == 1 else ()), ib=ib))
    lab = label("network", "infrastructure", culprit("trn-r2-n04", None), "restart_without_node",
                "trn-r2-n04 is the only host with local evidence: trn-r2-n04/dmesg.txt shows 'Port module event[error]: module 2, Cable error' and mlx5_2 port 1 going DOWN just before training stops, its own ranks 28/29 (local 4/5, which use mlx5_2) log 'NET/IB : Got async event : port error' first, and trn-r2-n04/ibstat.txt shows mlx5_2 State Down / Physical state Polling while every other host's HCAs are Active. The status=12 'Got completion from peer <trn-r2-n04 address>' errors and DistBackendError tracebacks on the other five hosts accuse that address and are sympathetic, as are the launch.py kills and pdsh exits. The boot-time 'Cable plugged' event on trn-r2-n02 is harmless.",
                "https://github.com/pytorch/tensorpipe/issues/455")
    return {"name": "av05_pdsh_ib_completion_errors_on_many_hosts", "label": lab, "files": files}


# =====================================================================================
def av06():
    hosts = ["node-ib07-%02d" % i for i in (1, 2, 3, 4)] + ["node-ib08-%02d" % i for i in (1, 2, 3, 4)]
    job = Job(606, hosts, 8, dt("2024-10-14 11:00:02"))
    boot = dt("2024-10-01 09:30:00")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    for r in range(64):
        tt = job.jitter(t + TD(seconds=6), 3000)
        job.emit(tt, r, "[rank%d]:[I%s ProcessGroupNCCL.cpp:913] [PG ID 0 PG GUID 0 Rank %d] ProcessGroupNCCL initialization options: size: 64, global rank: %d, TIMEOUT(ms): 600000, USE_HIGH_PRIORITY_STREAM: 0" % (r, f_c10(tt, "")[0:], r, r), "out")
    job.nccl_init(t + TD(seconds=10), "2.21.5")
    t, _ = train_generic(job, t + TD(seconds=70), 1, 1800, 1210, fmt="[{ts}] [trainer] step {s}/120000 loss {l:.4f} grad_norm 0.41 lr {lr:.2e} tflops/gpu 412.1", rank=0)
    t_x = t + TD(milliseconds=200)
    for r in range(64):
        tt = job.jitter(t_x + TD(seconds=8), 4000)
        side = job.node_of(r) // 4
        peer_node = (job.node_of(r) + (4 if side == 0 else -4)) % 8
        if r % 2 == 0:
            job.emit(tt, r, nccl_warn_ib(job.host_of(r), job.pids[r], job.local(r), job.ips[peer_node], 51000 + r, r, "mlx5_%d" % (job.local(r) // 2)), "out")
        job.emit(tt + TD(milliseconds=200), r, nccl_remote_error(r, job.host_of(r), job.pids[r], job.local(r), job.ips[peer_node], 51000 + r, "ib" if r % 2 == 0 else "reset", "mlx5_%d" % (job.local(r) // 2), "2.21.5", "train.py", 240))
    srun_tail(job, t_x + TD(seconds=15), 88120, [(h, "tasks %d-%d" % (i * 8, i * 8 + 7), "Exited with exit code 1") for i, h in enumerate(hosts)])
    files = {"slurm-88120.out": render(job, "plain")}
    snap = t_x + TD(minutes=20)
    for n in range(8):
        extra = ()
        if n < 4:
            extra = [(t_x - TD(milliseconds=300 + 17 * n + k), "mlx5_core 0000:%s:00.0: mlx5_core_eq_handle_port_change:(pid 0): Port 1 changed to state DOWN" % bb) for k, bb in enumerate(("1a", "3c", "5e", "9d"))]
            extra += [(t_x + TD(seconds=47 + n), "mlx5_core 0000:%s:00.0: mlx5_core_eq_handle_port_change:(pid 0): Port 1 changed to state ACTIVE" % bb) for bb in ("1a", "3c", "5e", "9d")]
        files.update(node_dir(job, n, snap, boot, extra, ib=ibstat(hosts[n]), dmesg_mode="T"))
    lab = label("network", "infrastructure", None, "restart",
                "Every host attached to leaf-ib07 (node-ib07-01..04, see topology.json) logs all four mlx5 ports going DOWN within the same second in its dmesg_T.txt and coming back ACTIVE ~47 s later, i.e. a leaf switch/fabric flap rather than one host's NIC; the ibstat snapshots taken afterwards are all Active. In slurm-88120.out every rank on both leaves then fails with status=12 completions / 'Connection reset by peer' DistBackendErrors, which are sympathetic. Several hosts at once on one switch = fabric problem: no single culprit, restart once the fabric is stable.",
                "https://github.com/NVIDIA/nccl/issues/2076")
    return {"name": "av06_srun_all_ranks_nccl_remote_errors_same_minute", "label": lab, "files": files,
            "topology": {"topology": {"leaf-ib07": hosts[:4], "leaf-ib08": hosts[4:]}}}


# =====================================================================================
def av07():
    hosts = ["gpu-k%02d" % i for i in range(1, 5)]
    job = Job(707, hosts, 8, dt("2024-11-05 03:12:40"))
    boot = dt("2024-10-30 12:00:00")
    t = job.start
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    H(t, "torchx 2024-11-05 03:12:40 INFO     Tracker configurations: {}")
    H(t, "torchx 2024-11-05 03:12:40 INFO     Log directory not set in scheduler cfg. Creating a temporary log dir that will be deleted on exit. To preserve log directory set the `log_dir` cfg option")
    H(t, "slurm://torchx/5531207")
    H(t, "torchx 2024-11-05 03:12:41 INFO     Waiting for the app to finish...")
    for n in range(4):
        tt = t + TD(seconds=9 + n)
        job.emit(tt, None, "W1105 %s %d torch/distributed/run.py:793] *****************************************" % (tt.strftime("%H:%M:%S.%f")[:-3] + "000", job.pids[n * 8] - 40), node=n)
        job.emit(tt, None, "W1105 %s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed." % (tt.strftime("%H:%M:%S.%f")[:-3] + "000", job.pids[n * 8] - 40), node=n)
    job.nccl_init(t + TD(seconds=20))
    t, _ = train_generic(job, t + TD(seconds=80), 1, 1500, 640, fmt="{ts} INFO train: epoch 0 step {s} loss {l:.4f} imgs/s 5120.4 data_wait_ms 3.1", rank=0)
    t_x = t
    # data wait climbs before the timeouts
    for k in range(6):
        tt = t_x + TD(seconds=30 + 45 * k)
        job.emit(tt, 0, "%s INFO train: epoch 0 step %d loss 1.9%02d imgs/s %.1f data_wait_ms %.1f" % (f_pylog(tt), 1501 + k, 40 + k, 5120 / (3 + 9 * k), 2100.0 + 9000 * k), "out")
    victims = [1, 6, 9, 12, 14, 19, 22, 26, 29, 31]
    for r in victims:
        tt = job.jitter(t_x + TD(seconds=900), 5000)
        job.emit(tt, r, tb(r, [("/mnt/code/vision/train.py", 201, "<module>", "main()"), ("/mnt/code/vision/train.py", 158, "train_epoch", "for step, (x, y) in enumerate(loader):"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1328, "_next_data", "idx, data = self._get_data()"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1281, "_get_data", "success, data = self._try_get_data(self._timeout)")],
                           ["RuntimeError: DataLoader timed out after 900 seconds"]))
    for n in range(4):
        tt = t_x + TD(seconds=905 + n)
        job.emit(tt, None, "E1105 %s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (tt.strftime("%H:%M:%S.%f")[:-3] + "000", job.pids[n * 8] - 40, [1, 1, 6, 2][n], job.pids[n * 8 + [1, 1, 6, 2][n]]), node=n)
        job.emit(tt, None, "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n============================================================\ntrain.py FAILED\n------------------------------------------------------------", node=n)
    H(t_x + TD(seconds=912), "torchx 2024-11-05 03:%02d:%02d INFO     Job finished: FAILED" % ((t_x + TD(seconds=912)).minute, (t_x + TD(seconds=912)).second))
    H(t_x + TD(seconds=912), "torchx 2024-11-05 03:%02d:%02d ERROR    AppStatus:\n  msg: ''\n  num_restarts: 0\n  roles:\n  - replicas:\n    - hostname: gpu-k01\n      id: 0\n      role: trainer\n      state: !!python/object/apply:torchx.specs.api.AppState\n      - 5\n  state: FAILED (5)\n  structured_error_msg: <NONE>\n  ui_url: null" % ((t_x + TD(seconds=912)).minute, (t_x + TD(seconds=912)).second))
    files = {"torchx_run.log": render(job, "torchx")}
    snap = t_x + TD(minutes=25)
    for n in range(4):
        extra = []
        for k in range(4):
            tt = t_x + TD(seconds=20 + 97 * k + n)
            extra.append((tt, "Lustre: %d:0:(client.c:2338:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@ffff9b1c%08x x1806512%09d/t0(0) o3->lfs02-OST00%02x-osc-ffff9b1c2d4e8000@10.40.0.%d@o2ib:6/4 lens 488/432 e 0 to 1 dl %d ref 2 fl Rpc:XQr/2/ffffffff rc 0/-1 job:'python.0'" % (
                2200 + n, 1730776000 + k * 97, 1730776000 + k * 97, 0x3a1b0000 + k, 100 + k, 0x12 + k, 22 + k, 1730776100 + k * 97)))
            extra.append((tt + TD(milliseconds=3), "Lustre: lfs02-OST00%02x-osc-ffff9b1c2d4e8000: Connection to lfs02-OST00%02x (at 10.40.0.%d@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (0x12 + k, 0x12 + k, 22 + k)))
        extra.append((t_x + TD(seconds=600 + n), "LustreError: 11-0: lfs02-OST0013-osc-ffff9b1c2d4e8000: operation ost_read to node 10.40.0.23@o2ib failed: rc = -107"))
        extra.append((t_x + TD(seconds=1300 + n), "Lustre: lfs02-OST0013-osc-ffff9b1c2d4e8000: Connection restored to 10.40.0.23@o2ib (at 10.40.0.23@o2ib)"))
        files.update(node_dir(job, n, snap, boot, extra, df=df_h(DF_STD)))
    lab = label("storage", "infrastructure", None, "restart",
                "All four hosts' dmesg.txt show the same Lustre OSTs (lfs02-OST0012..0015) timing out with 'Request sent has timed out for slow reply' and 'Connection to lfs02-OST00xx ... was lost' from the same minute, followed by 'ost_read ... failed: rc = -107' and later 'Connection restored'. In torchx_run.log data_wait_ms climbs from ~3 ms to tens of seconds on every replica and ranks on all four replicas die with 'DataLoader timed out after 900 seconds'; torchrun's ChildFailedError and torchx's FAILED status are consequences. A shared filesystem stall for everyone that recovered on its own = transient shared storage problem, restart.",
                "https://github.com/NVIDIA/nccl/issues/563")
    return {"name": "av07_torchx_replicas_dataloader_timeouts", "label": lab, "files": files}


# =====================================================================================
def av08():
    hosts = ["a100-%02d" % i for i in (17, 18, 19, 20)]
    job = Job(808, hosts, 8, dt("2024-12-09 21:03:00"))
    boot = dt("2024-12-01 08:00:00")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    H(t, "[2024-12-09 21:03:00,412] torch.distributed.run: [WARNING] accelerate launch: deepspeed_multinode_launcher=pdsh, num_machines=4, num_processes=32")
    t = ds_launch_head(job, t + TD(seconds=1), script="sft.py", args="--config configs/sft_70b.yaml")
    c10d_rank_init(job, t)
    job.nccl_init(t + TD(seconds=4), "2.20.5")
    t, _ = train_ds(job, t + TD(seconds=120), 1, 1000, 3.9, samples=64.0, every=1)
    t_s = t + TD(seconds=1)
    out_dir = "/lustre/projects/nlp-sft/ckpt/llama70b-sft-v3/checkpoint-1000"
    job.emit(t_s, 0, "%s [INFO] [logging.py:128:log_dist] [Rank 0] [Torch] Checkpoint global_step1000 is about to be saved!" % f_ds(t_s), "out")
    job.emit(t_s, 0, "%s [INFO] [logging.py:128:log_dist] [Rank 0] Saving model checkpoint: %s/global_step1000/zero_pp_rank_0_mp_rank_00_model_states.pt" % (f_ds(t_s), out_dir), "out")
    for r in range(32):
        tt = job.jitter(t_s + TD(seconds=40), 20000)
        job.emit(tt, r, "%s [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving %s/global_step1000/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt..." % (f_ds(tt), out_dir, r), "out")
    fail = [3, 4, 9, 11, 16, 22, 27, 30, 0, 14]
    for r in fail:
        tt = job.jitter(t_s + TD(seconds=95), 9000)
        job.emit(tt, r, tb(r, [("/home/nlp/sft/sft.py", 188, "<module>", "trainer.train()"),
                               ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3047, "_save_checkpoint", "self._save_optimizer_and_scheduler(output_dir)"),
                               ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 3390, "_save_zero_checkpoint", "self.checkpoint_engine.save(zero_sd, zero_checkpoint_name)"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 850, "save", "with _open_zipfile_writer(f) as opened_zipfile:"),
                               ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 691, "__exit__", "self.file_like.write_end_of_file()")],
                           ["RuntimeError: [enforce fail at inline_container.cc:603] . unexpected pos 9863544192 vs 9863544080", "",
                            "During handling of the above exception, another exception occurred:", "",
                            "OSError: [Errno 122] Disk quota exceeded"]))
    for n in range(4):
        ds_kill(job, n, t_s + TD(seconds=110 + n), [0, 1, 0, 3][n], 1, "sft.py")
        H(t_s + TD(seconds=118 + n), "pdsh@a100-17: %s: ssh exited with exit code 1" % hosts[n])
    files = {"accelerate_ds_sft.log": render(job, "pdsh")}
    files["lfs_quota_nlp-sft.txt"] = ("Disk quotas for prj 41022 (pid 41022):\n     Filesystem    used   quota   limit   grace   files   quota   limit   grace\n/lustre/projects  100.0T* 100T    100T       -  1412230       0       0       -\n")
    snap = t_s + TD(minutes=30)
    for n in range(4):
        files.update(node_dir(job, n, snap, boot, df=df_h(DF_STD[:3] + [("10.40.0.5@o2ib:/lfs01", "4.2P", "3.1P", "1.1P", "74%", "/lustre")])))
    lab = label("storage", "infrastructure", None, "stop",
                "At the first checkpoint (global_step1000) ranks on all four hosts fail inside DeepSpeed's _save_zero_checkpoint with 'OSError: [Errno 122] Disk quota exceeded' (accelerate_ds_sft.log), and lfs_quota_nlp-sft.txt shows the project at 100.0T* of a 100T hard limit on the shared /lustre/projects path. The filesystem itself still has free space (df_h.txt shows /lustre at 74%), so this is the project's quota on shared storage: it will not heal by restarting - stop and free or raise quota. The 'unexpected pos' enforce failure is the writer noticing the short write; launch.py kills and pdsh exits are consequences.",
                "https://github.com/open-mmlab/mmdetection/issues/12069")
    return {"name": "av08_accelerate_pdsh_checkpoint_save_oserror", "label": lab, "files": files}


# =====================================================================================
def av09():
    hosts = ["sxm-101", "sxm-102", "sxm-103", "sxm-104"]
    job = Job(909, hosts, 8, dt("2025-01-14 09:00:00"))
    boot = dt("2025-01-02 10:00:00")
    H = lambda tt, s: job.emit(tt, None, s, "out", node=-1)
    t = job.start
    H(t, " Data for JOB [52718,1] offset 0 Total slots allocated 32")
    for r in range(32):
        job.emit(job.jitter(t + TD(seconds=3), 800), r, "%s | INFO | dist | rank %d/%d local_rank %d host %s using cuda:%d (OMPI_COMM_WORLD_RANK)" % (f_pylog(t + TD(seconds=3)), r, 32, job.local(r), job.host_of(r), job.local(r)), "out")
    job.nccl_init(t + TD(seconds=8), "2.21.5")
    t = mpi_train(job, t + TD(seconds=30), 5000, 176)
    t_s = t + TD(seconds=1)
    for r in range(32):
        tt = job.jitter(t_s, 2000)
        job.emit(tt, r, "%s | INFO | ckpt | rank %d staging shard to /local_scratch/ckpt_stage/step_005000/shard_%03d.pt before async upload" % (f_pylog(tt), r, r), "out")
    for l in (0, 3, 5):
        r = 16 + l
        tt = job.jitter(t_s + TD(seconds=14), 1500)
        job.emit(tt, r, "\n".join(["Traceback (most recent call last):",
                                    '  File "/home/mlops/vitl/train_mpi.py", line 402, in save_shard',
                                    "    torch.save(state, path)",
                                    '  File "/opt/conda/lib/python3.11/site-packages/torch/serialization.py", line 850, in save',
                                    "    _save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)",
                                    "RuntimeError: [enforce fail at inline_container.cc:764] . PytorchStreamWriter failed writing file data/%d: file write failed" % (40 + l),
                                    "", "During handling of the above exception, another exception occurred:", "",
                                    "OSError: [Errno 28] No space left on device: '/local_scratch/ckpt_stage/step_005000/shard_%03d.pt'" % r]))
    H(t_s + TD(seconds=17), mpi_exit_block(16, "sxm-103", 1, 52718))
    files = {"mpirun_vitl_0114.out": render(job, "mpirun")}
    snap = t_s + TD(minutes=10)
    for n in range(4):
        rows = list(DF_STD)
        if n == 2:
            rows[2] = ("/dev/nvme8n1p1", "7.0T", "7.0T", "0", "100%", "/local_scratch")
        else:
            rows[2] = ("/dev/nvme8n1p1", "7.0T", "%.1fT" % (4.0 + n * 0.1), "%.1fT" % (3.0 - n * 0.1), "%d%%" % (58 + n), "/local_scratch")
        extra = [(t_s + TD(seconds=13), "EXT4-fs warning (device nvme8n1p1): ext4_dx_add_entry:2461: Directory (ino: 6291457) index full, reach max htree level :2")] if n == 2 else ()
        files.update(node_dir(job, n, snap, boot, extra, df=df_h(rows)))
    files["sxm-103/du_local_scratch.txt"] = "6.6T\t/local_scratch/tmp/jdoe-sweep-2291/core_dumps\n96G\t/local_scratch/ckpt_stage/step_004000\n41G\t/local_scratch/ckpt_stage/step_005000\n1.2G\t/local_scratch/hf_cache\n"
    lab = label("storage", "infrastructure", culprit("sxm-103", None), "restart_without_node",
                "Only ranks 16, 19 and 21 - all on sxm-103 (map-by slot, third host) - fail, with 'PytorchStreamWriter failed writing file' / 'OSError: [Errno 28] No space left on device' while staging to /local_scratch (mpirun_vitl_0114.out); sxm-103/df_h.txt shows /local_scratch 100% used, and sxm-103/du_local_scratch.txt shows 6.6T of someone else's core dumps, whereas the other hosts' local disks are ~60% used and the same staging succeeded there. This is one node's local disk, not shared storage; mpirun's 'exited with non-zero status' block is the launcher's consequence.",
                "https://github.com/zai-org/ChatGLM-6B/issues/1166")
    return {"name": "av09_mpirun_rank_write_failed_while_staging_checkpoint", "label": lab, "files": files}


CASES = [av01, av02, av03, av04, av05, av06, av07, av08, av09]
