"""Cases ad09..ad16."""
import random

from common import (Bundle, T, plus, tz, UTC, glog_time, py_logging_time, iso_z, dmesg_T, dmesg_raw,
                    journal_short, journal_iso, torchrun_time, pg, watchdog_timeout, abort_tail, nccl,
                    nccl_init, torchrun_failure, elastic_line, xid, benign_dmesg, nvsmi_table, healthy_gpus,
                    WARN_POOL, ddp_warn, H100, A100, H200, BUS8)
from cases_a import _sorted, step_line


# =====================================================================================
def ad09(root):
    """A node panics (fatal machine check); srun launches 32 tasks directly; sacct + BMC console."""
    rng = random.Random(3309)
    b = Bundle(root, "ad09_srun_tasks_lost_and_step_cancelled_overnight")
    hosts = ["nid001144", "nid001145", "nid001146", "nid001147"]
    ips = ["10.100.4.144", "10.100.4.145", "10.100.4.146", "10.100.4.147"]
    bad = 2
    t0 = T(2024, 12, 2, 19, 44, 10, 0, tz(-6))
    ev = [(t0, "srun: job 5521904 queued and waiting for resources"), (plus(t0, 0.2), "srun: job 5521904 has been allocated resources")]
    for r in range(32):
        n = r // 8
        ev.append((plus(t0, 9 + r * 0.01), "%d: [%s] rank=%d local_rank=%d host=%s torch=2.4.1 cuda=12.4" % (r, py_logging_time(plus(t0, 9)), r, r % 8, hosts[n])))
    ev.append((plus(t0, 14), "0: NCCL version 2.20.5+cuda12.4"))
    for r in (5, 13, 21, 29):
        ev.append((plus(t0, 15), "%d: %s" % (r, WARN_POOL[0])))
    st = 1.12
    last = 27400
    tt = plus(t0, 40)
    for s in range(100, last + 1, 100):
        ts = plus(tt, s * st)
        ev.append((ts, "0: " + step_line(ts, s, 2.05 + 1.4 * s ** -0.25, 1.8e-4)))
    t_dead = plus(tt, last * st + 0.9)
    # survivors: IB retry-exceeded toward nid001146, then aborts
    for r in range(32):
        n = r // 8
        if n == bad:
            continue
        lr = r % 8
        pid = 61000 + r * 11
        tx = plus(t_dead, 17 + rng.uniform(0, 3))
        if lr in (0, 2, 5, 7):
            ev.append((tx, "%d: " % r + nccl(hosts[n], pid, pid + 500, lr, "WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d"
                                                 % (ips[bad], rng.randint(33000, 60000), rng.choice([0, 1]), ips[n], ips[bad], lr))))
        ev.append((plus(tx, 0.4), "%d: " % r + pg(r, plus(tx, 0.4), rng, "E", "ProcessGroupNCCL.cpp:1595") + "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % r))
        ev.append((plus(tx, 0.4), "%d: [rank%d]:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (r, r)))
    tsr = plus(t_dead, 24)
    ev.append((tsr, "srun: error: nid001144: tasks 0-7: Aborted (core dumped)"))
    ev.append((plus(tsr, 0.6), "srun: error: nid001147: tasks 24-31: Aborted (core dumped)"))
    ev.append((plus(tsr, 0.8), "srun: error: nid001145: tasks 8-15: Aborted (core dumped)"))
    tnf = plus(t_dead, 292)
    ev.append((tnf, "srun: error: Node failure on nid001146"))
    ev.append((plus(tnf, 0.1), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."))
    ev.append((plus(tnf, 0.2), "slurmstepd: error: *** STEP 5521904.0 ON nid001144 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % plus(tnf, 0.2).strftime("%Y-%m-%dT%H:%M:%S")))
    ev.append((plus(tnf, 33), "srun: error: Timed out waiting for job step to complete"))
    b.add("nid001144/slurm-5521904.out", _sorted(ev))
    tend = plus(tnf, 34)
    el = int((tend - t0).total_seconds())
    elapsed = "%02d:%02d:%02d" % (el // 3600, el % 3600 // 60, el % 60)
    b.add("nid001144/sacct.txt", [
        "$ sacct -j 5521904 --format=JobID,JobName%20,State,ExitCode,Start,End,Elapsed,NodeList%40",
        "JobID                     JobName      State ExitCode               Start                 End    Elapsed                                 NodeList ",
        "------------ -------------------- ---------- -------- ------------------- ------------------- ---------- ---------------------------------------- ",
        "5521904                   gpt-13b  NODE_FAIL      0:0 %s %s   %s                   nid[001144-001147] " % (t0.strftime("%Y-%m-%dT%H:%M:%S"), tend.strftime("%Y-%m-%dT%H:%M:%S"), elapsed),
        "5521904.batch               batch  CANCELLED     0:15 %s %s   %s                                nid001144 " % (t0.strftime("%Y-%m-%dT%H:%M:%S"), tend.strftime("%Y-%m-%dT%H:%M:%S"), elapsed),
        "5521904.0                  python  CANCELLED     0:9 %s %s   %s                   nid[001144-001147] " % (plus(t0, 1).strftime("%Y-%m-%dT%H:%M:%S"), tend.strftime("%Y-%m-%dT%H:%M:%S"), elapsed),
        "",
        "$ scontrol show node nid001146 | egrep 'State|Reason'",
        "   State=DOWN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   Reason=Not responding [slurm@%s]" % plus(tnf, -10).strftime("%Y-%m-%dT%H:%M:%S"),
    ])
    # BMC serial console capture of the culprit (BMC clock in UTC)
    tu = t_dead.astimezone(UTC)
    c = ["# ipmitool sol activate -- console capture saved by on-call (BMC time UTC)",
         "[%s] mce: [Hardware Error]: Machine check events logged" % plus(tu, -2611).strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] EDAC skx MC2: HANDLING MCE MEMORY ERROR" % plus(tu, -2611).strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] EDAC skx MC2: CPU 1: Machine Check Event: 0x0 Bank 13: 0x8c00004000010090" % plus(tu, -2611).strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] EDAC MC2: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f21a4 offset:0x340 grain:32 syndrome:0x0)" % plus(tu, -2611).strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: be00000000800400" % tu.strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a4c11e2> {native_queued_spin_lock_slowpath+0x142/0x2b0}" % tu.strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] mce: [Hardware Error]: TSC 4b1c2fe81a3d ADDR fe9df40 MISC 86 PPIN 2b4e8a4a1a2c6f31" % tu.strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1733197822 SOCKET 1 APIC 4b microcode 2b000590" % tu.strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] mce: [Hardware Error]: Run the above through 'mcelog --ascii'" % tu.strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] mce: [Hardware Error]: Machine check: Processor context corrupt" % tu.strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] Kernel panic - not syncing: Fatal machine check" % tu.strftime("%Y-%m-%d %H:%M:%S"),
         "[%s] Kernel Offset: 0x18a00000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)" % tu.strftime("%Y-%m-%d %H:%M:%S"),
         "",
         "# ipmitool sel list | tail -3",
         "  1f3 | %s | Memory #0x87 | Uncorrectable ECC | Asserted" % tu.strftime("%m/%d/%Y | %H:%M:%S"),
         "  1f4 | %s | Processor #0x04 | IERR | Asserted" % tu.strftime("%m/%d/%Y | %H:%M:%S"),
         "  1f5 | %s | System Event #0x2e | OEM System boot event | Asserted" % plus(tu, 4950).strftime("%m/%d/%Y | %H:%M:%S")]
    b.add("nid001146/bmc_console_and_sel.txt", c)
    b.label("host", "infrastructure", "nid001146", None, "restart_without_node",
            "nid001146 (tasks 16-23) went silent first; its BMC console shows an uncorrectable memory MCE and 'Kernel panic - not syncing: Fatal machine check' at the failure time (UTC vs the console's CST), Slurm then reports Node failure/NODE_FAIL and DOWN+NOT_RESPONDING; "
            "the other 24 ranks' NCCL remote errors and core dumps are fallout.",
            "https://github.com/saforem2/ezpz/issues/238")
    return b


# =====================================================================================
def ad10(root):
    """One node has an older driver; its 8 ranks fail at CUDA init; torchrun --tee consoles."""
    rng = random.Random(3310)
    b = Bundle(root, "ad10_job_never_got_past_init_store_timeout")
    hosts = ["gpu-r3-04", "gpu-r3-09", "gpu-r3-17"]
    bad = 2
    t0 = T(2025, 4, 14, 10, 21, 7, 0, tz(2))

    def head(n):
        g = glog_time(t0, rng)
        out = ["+ torchrun --nnodes=3 --nproc-per-node=8 --node-rank=%d --rdzv-backend=static --master-addr=gpu-r3-04 --master-port=29511 --tee 3 finetune.py --config cfg/llama3-8b-sft.yaml" % n,
               "W%s torch/distributed/run.py:792] " % g,
               "W%s torch/distributed/run.py:792] *****************************************" % g,
               "W%s torch/distributed/run.py:792] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % g,
               "W%s torch/distributed/run.py:792] *****************************************" % g]
        return out

    # master console
    c0 = head(0)
    pids0 = [88100 + i * 4 for i in range(8)]
    for lr in range(8):
        c0.append("[default%d]:[%s] [INFO] rank %d/24 on %s: torch 2.5.1+cu124, cuda available: True, device %s" % (lr, py_logging_time(plus(t0, 6)), lr, hosts[0], H100))
    for lr in range(8):
        c0.append("[default%d]:%s" % (lr, WARN_POOL[2]))
    c0.append("[default0]:NCCL version 2.21.5+cuda12.4")
    for lr in (0, 1, 2, 3):
        c0.append("[default%d]:" % lr + nccl(hosts[0], pids0[lr], pids0[lr], lr, "INFO cudaDriverVersion 12040"))
    tf = plus(t0, 6 + 1800)
    for lr in range(8):
        c0.append("[default%d]:[rank%d]: Traceback (most recent call last):" % (lr, lr))
        c0.append('[default%d]:[rank%d]:   File "/workspace/finetune.py", line 77, in <module>' % (lr, lr))
        c0.append("[default%d]:[rank%d]:     dist.init_process_group(backend=\"nccl\", timeout=timedelta(minutes=30))" % (lr, lr))
        c0.append('[default%d]:[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/rendezvous.py", line 269, in _env_rendezvous_handler' % (lr, lr))
        c0.append("[default%d]:[rank%d]:     store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)" % (lr, lr))
        if lr == 0:
            c0.append("[default0]:[rank0]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 16/24 clients joined.")
        else:
            c0.append("[default%d]:[rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 16/24 clients joined." % (lr, lr))
    c0.append(elastic_line("E", tf, rng, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % pids0[0]))
    c0 += torchrun_failure("finetune.py", dict(time=torchrun_time(tf), host=hosts[0], rank=0, local_rank=0, exitcode=1, pid=pids0[0]),
                           [dict(time=torchrun_time(tf), host=hosts[0], rank=i, local_rank=i, exitcode=1, pid=pids0[i]) for i in range(1, 8)])
    b.add("%s/console_node0.log" % hosts[0], c0)
    # culprit console
    c2 = head(2)
    pids2 = [5021 + i * 3 for i in range(8)]
    tb = plus(t0, 5.4)
    for lr in range(8):
        r = 16 + lr
        c2.append("[default%d]:[rank%d]: Traceback (most recent call last):" % (lr, r))
        c2.append('[default%d]:[rank%d]:   File "/workspace/finetune.py", line 71, in <module>' % (lr, r))
        c2.append("[default%d]:[rank%d]:     torch.cuda.set_device(local_rank)" % (lr, r))
        c2.append('[default%d]:[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 478, in set_device' % (lr, r))
        c2.append("[default%d]:[rank%d]:     torch._C._cuda_setDevice(device)" % (lr, r))
        c2.append('[default%d]:[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 319, in _lazy_init' % (lr, r))
        c2.append("[default%d]:[rank%d]:     torch._C._cuda_init()" % (lr, r))
        c2.append("[default%d]:[rank%d]: RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % (lr, r))
    c2.append(elastic_line("E", plus(tb, 1), rng, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % pids2[0]))
    c2 += torchrun_failure("finetune.py", dict(time=torchrun_time(tb), host=hosts[2], rank=16, local_rank=0, exitcode=1, pid=pids2[0]),
                           [dict(time=torchrun_time(tb), host=hosts[2], rank=16 + i, local_rank=i, exitcode=1, pid=pids2[i]) for i in range(1, 8)])
    b.add("%s/console_node2.log" % hosts[2], c2)
    gp = healthy_gpus(rng)
    b.add("%s/nvidia-smi.txt" % hosts[2], nvsmi_table("525.147.05", "12.0", gp, plus(t0, 7200).strftime("%a %b %e %H:%M:%S %Y")))
    b.add("%s/nvidia-smi.txt" % hosts[1], nvsmi_table("550.90.07", "12.4", healthy_gpus(rng), plus(t0, 7300).strftime("%a %b %e %H:%M:%S %Y")))
    b.add("%s/rpm_qa_nvidia.txt" % hosts[2], [
        "$ rpm -qa | grep -i nvidia-driver ; cat /var/log/dnf.rpm.log | grep -i nvidia | tail -3",
        "nvidia-driver-525.147.05-1.el8.x86_64",
        "nvidia-driver-cuda-525.147.05-1.el8.x86_64",
        "2025-04-11T16:02:44+0200 SUBDEBUG Downgrade: nvidia-driver-3:525.147.05-1.el8.x86_64",
        "2025-04-11T16:02:45+0200 SUBDEBUG Downgraded: nvidia-driver-3:550.90.07-1.el8.x86_64",
        "2025-04-11T16:02:51+0200 INFO --- logging initialized ---",
    ])
    b.label("dependency", "infrastructure", hosts[2], None, "restart_without_node",
            "Only gpu-r3-17's eight ranks die at CUDA init with 'NVIDIA driver on your system is too old (found version 12020)'; its nvidia-smi shows driver 525.147.05 / CUDA 12.0 (downgraded three days earlier) while gpu-r3-09 and the master run 550.90.07 / CUDA 12.4. "
            "The master's 'DistStoreError ... 16/24 clients joined' is the consequence, so the fault is that one node's driver: exclude or fix it.",
            "https://github.com/nagadomi/nunif/issues/702")
    return b


# =====================================================================================
def ad11(root):
    """flash_attn undefined symbol on every worker of every node -> job environment."""
    rng = random.Random(3311)
    b = Bundle(root, "ad11_ray_job_failed_within_a_minute_of_submit")
    ips = ["10.0.7.21", "10.0.7.22", "10.0.9.130", "10.0.9.131"]
    head = "ip-10-0-7-21"
    L = ["Job submission server address: http://10.0.7.21:8265", "",
         "-------------------------------------------------------",
         "Job 'raysubmit_Vb8pLr2Qn5aXhT3c' submitted successfully",
         "-------------------------------------------------------", "",
         "2025-08-19 02:11:40,004\tINFO job_manager.py:531 -- Runtime env is setting up.",
         "2025-08-19 02:12:58,771\tINFO worker.py:1642 -- Connecting to existing Ray cluster at address: 10.0.7.21:6379...",
         "2025-08-19 02:12:58,790\tINFO worker.py:1818 -- Connected to Ray cluster. View the dashboard at \x1b[1m\x1b[32m10.0.7.21:8265 \x1b[39m\x1b[22m",
         "(pip) Installing collected packages: flash-attn",
         "(pip) Successfully installed flash-attn-2.7.4.post1",
         "(TrainTrainable pid=4410) Trainable.setup took 9.11 seconds.",
         "(TorchTrainer pid=4410) Started distributed worker processes: "]
    pid = {}
    for w in range(32):
        pid[w] = 4520 + w * 9
        L.append("(TorchTrainer pid=4410) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % ("%056x" % rng.getrandbits(224), ips[w // 8], pid[w], w, w % 8, w // 8))
    L.append("(RayTrainWorker pid=%d, ip=%s) Setting up process group for: env:// [rank=0, world_size=32]" % (pid[0], ips[0]))
    L.append("(RayTrainWorker pid=%d, ip=%s) torch 2.7.1+cu126, cuda 12.6, nccl (2, 26, 2)" % (pid[0], ips[0]))
    for w in (0, 9, 18, 27, 5, 30):
        L.append("(RayTrainWorker pid=%d, ip=%s) %s" % (pid[w], ips[w // 8], WARN_POOL[2]))
    for w in (0, 3, 8, 12, 17, 22, 24, 31):
        L.append("(RayTrainWorker pid=%d, ip=%s) ImportError: /tmp/ray/session_2025-08-19_01-58-02_552907_1/runtime_resources/pip/9f3c1b/virtualenv/lib/python3.11/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE" % (pid[w], ips[w // 8]))
    L.append("(RayTrainWorker pid=%d, ip=%s) [repeated 24x across cluster] (Ray deduplicates logs by default. Set RAY_DEDUP_LOGS=0 to disable log deduplication, or see https://docs.ray.io/en/master/ray-observability/user-guides/configure-logging.html#log-deduplication for more options.)" % (pid[1], ips[0]))
    L += ["2025-08-19 02:13:21,332\tERROR tune_controller.py:1331 -- Trial task failed for trial TorchTrainer_2c1e9_00000",
          "Traceback (most recent call last):",
          '  File "/home/ray/anaconda3/lib/python3.11/site-packages/ray/air/execution/_internal/event_manager.py", line 110, in resolve_future',
          "    result = ray.get(future)",
          "ray.exceptions.RayTaskError(ImportError): \x1b[36mray::_RayTrainWorker__execute.get_next()\x1b[39m (pid=%d, ip=%s, actor_id=6a1b2c3d4e5f60718293a4b501000000, repr=<ray.train._internal.worker_group.RayTrainWorker object at 0x7efc1d2e3f40>)" % (pid[17], ips[2]),
          '  File "/tmp/ray/session_2025-08-19_01-58-02_552907_1/runtime_resources/working_dir_files/_ray_pkg_71ab/train.py", line 18, in <module>',
          "    from flash_attn import flash_attn_func",
          '  File "/tmp/ray/session_2025-08-19_01-58-02_552907_1/runtime_resources/pip/9f3c1b/virtualenv/lib/python3.11/site-packages/flash_attn/__init__.py", line 3, in <module>',
          "    from flash_attn.flash_attn_interface import (",
          '  File "/tmp/ray/session_2025-08-19_01-58-02_552907_1/runtime_resources/pip/9f3c1b/virtualenv/lib/python3.11/site-packages/flash_attn/flash_attn_interface.py", line 15, in <module>',
          "    import flash_attn_2_cuda as flash_attn_gpu",
          "ImportError: /tmp/ray/session_2025-08-19_01-58-02_552907_1/runtime_resources/pip/9f3c1b/virtualenv/lib/python3.11/site-packages/flash_attn_2_cuda.cpython-311-x86_64-linux-gnu.so: undefined symbol: _ZN3c105ErrorC2ENS_14SourceLocationENSt7__cxx1112basic_stringIcSt11char_traitsIcESaIcEEE",
          "",
          "Training errored after 0 iterations at 2025-08-19 02:13:21. Total running time: 41s",
          "Error file: /tmp/ray/session_2025-08-19_01-58-02_552907_1/artifacts/2025-08-19_02-12-59/TorchTrainer_2025-08-19_02-12-59/driver_artifacts/TorchTrainer_2c1e9_00000_0_2025-08-19_02-12-59/error.txt",
          "", "---------------------------------------",
          "Job 'raysubmit_Vb8pLr2Qn5aXhT3c' failed",
          "---------------------------------------", "",
          "Status message: Job entrypoint command failed with exit code 1"]
    b.add("%s/ray_job_logs.txt" % head, ["$ ray job logs raysubmit_Vb8pLr2Qn5aXhT3c"] + L)
    b.add("%s/runtime_env.yaml" % head, ["# submitted with: ray job submit --runtime-env runtime_env.yaml -- python train.py",
                                          "working_dir: .",
                                          "pip:",
                                          "  - flash-attn==2.7.4.post1",
                                          "  - transformers==4.55.2",
                                          "  - --no-build-isolation",
                                          "env_vars:",
                                          "  NCCL_DEBUG: WARN"])
    b.label("dependency", "framework", None, None, "stop",
            "Workers on all four nodes fail importing flash_attn_2_cuda with the same undefined c10 symbol right after the job's runtime_env pip-installed flash-attn 2.7.4 against torch 2.7.1: "
            "a binary built for a different torch ABI, identical everywhere, so it will fail again until the environment is fixed.",
            "https://github.com/Dao-AILab/flash-attention/issues/966")
    return b


# =====================================================================================
def ad12(root):
    """Pure watchdog hang, every rank reports the same collective, no node evidence."""
    rng = random.Random(3312)
    b = Bundle(root, "ad12_all_ranks_timed_out_in_same_allreduce")
    hosts = ["hpc-g0412", "hpc-g0413", "hpc-g0418", "hpc-g0420"]
    t0 = T(2025, 6, 3, 23, 50, 0, 0, tz(8))
    ev = [(t0, "srun: job 3390021 queued and waiting for resources"), (plus(t0, 1.5), "srun: job 3390021 has been allocated resources")]
    pids = {n: [19000 + 40 * n + 3 * i for i in range(8)] for n in range(4)}
    for n, h in enumerate(hosts):
        for l in nccl_init(h, "10.3.%d.%d" % (4, 12 + n), n, 32, pids[n], rng, version="2.27.3+cuda12.9", with_version=(n == 0), hcas=4):
            ev.append((plus(t0, 25 + n * 0.1), "%d: %s" % (n, l)))
        ev.append((plus(t0, 27), "%d: %s" % (n, WARN_POOL[0])))
    st = 0.74
    last = 58200
    tt = plus(t0, 50)
    for s in range(200, last + 1, 200):
        ts = plus(tt, s * st)
        ev.append((ts, "0: [%s] it=%d loss=%.4f lr=%.2e throughput=%.1f samples/s" % (py_logging_time(ts), s, 1.7 + 2 * s ** -0.3, 8e-5, 1380 + rng.uniform(-10, 10))))
    t_hang = plus(tt, last * st + 0.5)
    seq = 407388
    tw = plus(t_hang, 1200 + 2)
    order = list(range(32))
    rng.shuffle(order)
    for r in order:
        n = r // 8
        tr = plus(tw, rng.uniform(0, 1.2))
        for l in watchdog_timeout(r, tr, rng, seq, "ALLREDUCE", numel=118489088, timeout_ms=1200000):
            ev.append((tr, "%d: %s" % (n, l)))
        ev.append((tr, "%d: " % n + pg(r, tr, rng, "E", "ProcessGroupNCCL.cpp:1386") + "[PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % r))
        ev.append((tr, "%d: " % n + pg(r, tr, rng, "W", "ProcessGroupNCCL.cpp:1420") + "[PG ID 0 PG GUID 0(default_pg) Rank %d] Flight recorder is disabled (TORCH_NCCL_TRACE_BUFFER_SIZE=0); no collective trace was dumped." % r))
    for l in abort_tail(19, "[PG ID 0 PG GUID 0(default_pg) Rank 19] Process group watchdog thread terminated with exception: [Rank 19] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=118489088, NumelOut=118489088, Timeout(ms)=1200000) ran for 1200311 milliseconds before timing out." % seq, rng):
        ev.append((plus(tw, 1.5), "2: " + l))
    tk = plus(tw, 8)
    ev.append((tk, "2: " + elastic_line("E", tk, rng, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 3 (pid: %d) of binary: /usr/bin/python" % pids[2][3])))
    for l in torchrun_failure("train.py", dict(time=torchrun_time(tw), host=hosts[2], rank=19, local_rank=3, exitcode=-6, pid=pids[2][3])):
        ev.append((plus(tk, 0.2), "2: " + l))
    for i, n in enumerate([2, 0, 3, 1]):
        ev.append((plus(tk, 3 + i * 0.5), "srun: error: %s: task %d: Exited with exit code 1" % (hosts[n], n)))
    b.add("hpc-g0412/slurm-3390021.out", _sorted(ev))
    # on-call looked at the node torchrun blamed
    d = ["# collected by on-call %s" % plus(tw, 4000).strftime("%Y-%m-%d %H:%M %z")]
    for i, l in enumerate(benign_dmesg(rng, "hpc-g0418", 7)):
        d.append("%s %s" % (dmesg_T(plus(t0, -30000 + i * 4200)), l))
    d.append("%s %s" % (dmesg_T(plus(tw, 9)), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"))
    b.add("hpc-g0418/dmesg-T.txt", d)
    b.add("hpc-g0418/dcgmi_diag_r2.txt", [
        "$ dcgmi diag -r 2",
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
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
        "| Graphics Processes        | Pass                                           |",
        "| Inforom                   | Pass                                           |",
        "+-----  Integration  -------+------------------------------------------------+",
        "| PCIe                      | Pass - All                                     |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - All                                     |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+"])
    b.label("hang", "infrastructure", None, None, "restart",
            "All 32 ranks on all four nodes time out in the same ALLREDUCE (SeqNum 407388, last completed 407387) within about a second of each other; no rank is missing from that set, no NCCL/CUDA error or Xid precedes it, "
            "and the node torchrun happened to name (rank 19's hpc-g0418) is clean in dmesg and dcgmi; no evidence of who, so restart.",
            "https://github.com/InternLM/InternLM/issues/290")
    return b


# =====================================================================================
def ad13(root):
    """One rank provably never joined the collective; py-spy shows it stuck in a GPU sync; no Xid."""
    rng = random.Random(3313)
    b = Bundle(root, "ad13_training_froze_for_30_minutes_then_watchdog_abort")
    hosts = ["gpu-h-09", "gpu-h-14", "gpu-h-03", "gpu-h-21"]
    bad_n, bad_lr = 1, 5
    bad_rank = 13
    t0 = T(2025, 9, 22, 8, 3, 44, 0, tz(-5))
    c = ["+ torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-h-09:29400 --rdzv-id=ft-0922 --tee 3 train.py",
         "W%s torch/distributed/run.py:792] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default" % glog_time(t0, rng)]
    c.append("I%s torch/distributed/elastic/agent/server/api.py:525] [default] Rendezvous complete for workers. Result:" % glog_time(plus(t0, 3), rng))
    c.append("I%s torch/distributed/elastic/agent/server/api.py:525]   restart_count=0" % glog_time(plus(t0, 3), rng))
    c.append("I%s torch/distributed/elastic/agent/server/api.py:525]   master_addr=gpu-h-09" % glog_time(plus(t0, 3), rng))
    c.append("I%s torch/distributed/elastic/agent/server/api.py:525]   group_rank=0" % glog_time(plus(t0, 3), rng))
    c.append("I%s torch/distributed/elastic/agent/server/api.py:525]   group_world_size=4" % glog_time(plus(t0, 3), rng))
    c.append("I%s torch/distributed/elastic/agent/server/api.py:525]   global_ranks=[0, 1, 2, 3, 4, 5, 6, 7]" % glog_time(plus(t0, 3), rng))
    for lr in range(8):
        c.append("[default%d]:%s" % (lr, WARN_POOL[1]))
    c.append("[default0]:NCCL version 2.26.2+cuda12.8")
    st = 1.46
    last = 24400
    tt = plus(t0, 30)
    for s in range(100, last + 1, 100):
        ts = plus(tt, s * st)
        c.append("[default0]:" + step_line(ts, s, 1.82 + rng.uniform(-0.03, 0.03), 6e-5, " | %.2f s/it" % (st + rng.uniform(-0.02, 0.02))))
    t_stuck = plus(tt, last * st + 1.1)
    seq = 88412
    tw = plus(t_stuck, 1800 + 3)
    for lr in range(8):
        tr = plus(tw, rng.uniform(0, 0.7))
        for l in watchdog_timeout(lr, tr, rng, seq, "ALLREDUCE", numel=67108864, timeout_ms=1800000):
            c.append("[default%d]:%s" % (lr, l))
    tr = plus(tw, 0.9)
    c.append("[default0]:" + pg(0, tr, rng, "E", "ProcessGroupNCCL.cpp:1502") + "[PG ID 0 PG GUID 0(default_pg) Rank 0] Desync debug report (TORCH_NCCL_DESYNC_DEBUG=1):")
    c.append("[default0]:\t - [0] Timeout at collective: ALLREDUCE, #%d" % seq)
    c.append("[default0]:\t - 31 of 32 ranks have entered collective #%d" % seq)
    c.append("[default0]:\t - To our best knowledge, the lagging rank(s) that caused this timeout: [%d] -- completed collective #%d but never entered #%d" % (bad_rank, seq - 1, seq))
    for l in abort_tail(0, "[PG ID 0 PG GUID 0(default_pg) Rank 0] Process group watchdog thread terminated with exception: [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=ALLREDUCE, NumelIn=67108864, NumelOut=67108864, Timeout(ms)=1800000) ran for 1800377 milliseconds before timing out." % seq, rng):
        c.append("[default0]:" + l)
    tf = plus(tw, 6)
    pids = [30110 + i * 5 for i in range(8)]
    c.append(elastic_line("E", tf, rng, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /opt/venv/bin/python" % pids[0]))
    c += torchrun_failure("train.py", dict(time=torchrun_time(tw), host="gpu-h-09", rank=0, local_rank=0, exitcode=-6, pid=pids[0]))
    b.add("gpu-h-09/torchrun_console.log", c)
    # on-call on gpu-h-14 while it was still frozen (before the watchdog fired)
    tp = plus(t_stuck, 1320)
    el = int((tp - t0).total_seconds()) - 2
    etime = "%02d:%02d:%02d" % (el // 3600, el % 3600 // 60, el % 60)
    sp = ["# on-call, %s: job frozen, dumping the python stacks on gpu-h-14" % tp.strftime("%Y-%m-%d %H:%M:%S %z"),
          "$ for p in $(pgrep -f 'train.py' | head -n 9 | tail -n 8); do echo \"== $p $(tr '\\0' ' ' < /proc/$p/environ | grep -o 'RANK=[0-9]* LOCAL_RANK=[0-9]*' | head -1)\"; done",
          "== 51730 RANK=8 LOCAL_RANK=0", "== 51734 RANK=9 LOCAL_RANK=1", "== 51738 RANK=10 LOCAL_RANK=2", "== 51742 RANK=11 LOCAL_RANK=3",
          "== 51746 RANK=12 LOCAL_RANK=4", "== 51750 RANK=13 LOCAL_RANK=5", "== 51754 RANK=14 LOCAL_RANK=6", "== 51758 RANK=15 LOCAL_RANK=7",
          "",
          "$ py-spy dump --pid 51746",
          "Process 51746: /opt/venv/bin/python -u train.py",
          "Python v3.11.9 (/opt/venv/bin/python3.11)", "",
          "Thread 51746 (idle): \"MainThread\"",
          "    synchronize (torch/cuda/__init__.py:985)",
          "    wait_work (torch/distributed/distributed_c10d.py:2806)",
          "    all_reduce (torch/distributed/distributed_c10d.py:2501)",
          "    wrapper (torch/distributed/c10d_logger.py:83)",
          "    reduce_grads (train.py:214)",
          "    train_step (train.py:248)",
          "    main (train.py:301)",
          "    <module> (train.py:322)",
          "Thread 51991 (idle): \"Thread-2 (_pin_memory_loop)\"",
          "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)", "",
          "$ py-spy dump --pid 51750",
          "Process 51750: /opt/venv/bin/python -u train.py",
          "Python v3.11.9 (/opt/venv/bin/python3.11)", "",
          "Thread 51750 (active): \"MainThread\"",
          "    synchronize (torch/cuda/__init__.py:985)",
          "    item (torch/_tensor.py:1062)",
          "    clip_and_check (train.py:233)",
          "    train_step (train.py:246)",
          "    main (train.py:301)",
          "    <module> (train.py:322)",
          "Thread 52004 (idle): \"Thread-2 (_pin_memory_loop)\"",
          "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:55)", "",
          "$ ps -o pid,stat,pcpu,etime,wchan:20,cmd -p 51746,51750",
          "    PID STAT %CPU     ELAPSED WCHAN                CMD",
          "  51746 Rl    101    %s -                    /opt/venv/bin/python -u train.py" % etime,
          "  51750 Rl   99.8    %s -                    /opt/venv/bin/python -u train.py" % etime]
    b.add("gpu-h-14/pyspy_during_freeze.txt", sp)
    gp = healthy_gpus(rng, util=(100, 100), mem=(61000, 64000), temp=(55, 63), pwr=(190, 240))
    gp[5]["pwr"] = 402
    gp[5]["temp"] = 68
    b.add("gpu-h-14/nvidia-smi.txt", nvsmi_table("570.133.20", "12.8", gp, tp.strftime("%a %b %e %H:%M:%S %Y")))
    d = []
    for i, l in enumerate(benign_dmesg(rng, "gpu-h-14", 6)):
        d.append("%s %s" % (dmesg_T(plus(t0, -50000 + i * 7000)), l))
    d.append("%s %s" % (dmesg_T(plus(tp, 30)), "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing"))
    b.add("gpu-h-14/dmesg-T.txt", d)
    b.label("hang", "infrastructure", "gpu-h-14", bad_rank, "run_diagnostics",
            "Rank 0's desync report says 31 of 32 ranks entered ALLREDUCE #88412 and only rank 13 never did; on gpu-h-14 the RANK=13 process (pid 51750) is spinning in cuda synchronize inside .item() while rank 12 waits normally in all_reduce, "
            "and the node shows no Xid or other error: a provably stuck rank without a hardware explanation, so hold the node for diagnostics.",
            "https://github.com/marin-community/marin/issues/7344")
    return b


# =====================================================================================
def ad14(root):
    """Ranks call different collectives at first eval (empty eval shard on the last node)."""
    rng = random.Random(3314)
    b = Bundle(root, "ad14_mpirun_job_died_during_first_eval")
    hosts = ["cn-a-101", "cn-a-102", "cn-a-117", "cn-a-118"]
    t0 = T(2025, 2, 17, 15, 31, 2, 0)
    L = []

    def tag(r, stream, line):
        return "[1,%d]<%s>:%s" % (r, stream, line)

    for r in range(32):
        L.append((plus(t0, 3), tag(r, "stdout", "[%s] rank %d on %s | TORCH_DISTRIBUTED_DEBUG=DETAIL" % (py_logging_time(plus(t0, 3)), r, hosts[r // 8]))))
    L.append((plus(t0, 4), tag(0, "stdout", "[%s] eval set: 96 samples, eval batch 4/rank, world 32 -> ranks 0-23 get 1 batch, ranks 24-31 get 0 batches" % py_logging_time(plus(t0, 4)))))
    L.append((plus(t0, 4), tag(0, "stderr", WARN_POOL[1])))
    st = 0.81
    tt = plus(t0, 20)
    for s in range(100, 2001, 100):
        ts = plus(tt, s * st)
        L.append((ts, tag(0, "stdout", step_line(ts, s, 3.1 * s ** -0.06, 3e-4))))
    te = plus(tt, 2000 * st + 0.6)
    L.append((te, tag(0, "stdout", "[%s] running eval at step 2000 ..." % py_logging_time(te))))
    seqn = 40212
    fp_b = "CollectiveFingerPrint(SequenceNumber=%d, OpType=BROADCAST, TensorShape=[1], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))" % seqn
    fp_a = "CollectiveFingerPrint(SequenceNumber=%d, OpType=ALLREDUCE, TensorShape=[2], TensorDtypes=Float, TensorDeviceTypes=TensorOptions(dtype=float (default), device=cuda, layout=Strided (default), requires_grad=false (default), pinned_memory=false (default), memory_format=(nullopt)))" % seqn
    for r in list(range(24, 32)) + [0, 5, 11, 17, 23]:
        tr = plus(te, 0.8 + rng.uniform(0, 0.4))
        L.append((tr, tag(r, "stderr", "[rank%d]: Traceback (most recent call last):" % r)))
        L.append((tr, tag(r, "stderr", '[rank%d]:   File "/home/ops/llm/train.py", line 388, in <module>' % r)))
        L.append((tr, tag(r, "stderr", "[rank%d]:     main()" % r)))
        if r >= 24:
            L.append((tr, tag(r, "stderr", '[rank%d]:   File "/home/ops/llm/train.py", line 301, in evaluate' % r)))
            L.append((tr, tag(r, "stderr", "[rank%d]:     dist.broadcast(torch.zeros(1, device=dev), src=0)  # nothing to evaluate on this rank" % r)))
        else:
            L.append((tr, tag(r, "stderr", '[rank%d]:   File "/home/ops/llm/train.py", line 296, in evaluate' % r)))
            L.append((tr, tag(r, "stderr", "[rank%d]:     dist.all_reduce(stats)  # [loss_sum, n_tokens]" % r)))
        L.append((tr, tag(r, "stderr", '[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 2501, in all_reduce' % r if r < 24 else '[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py", line 2431, in broadcast' % r)))
        me = fp_b if r >= 24 else fp_a
        other, orank = (fp_a, 0) if r >= 24 else (fp_b, 26)
        L.append((tr, tag(r, "stderr", "[rank%d]: RuntimeError: Detected mismatch between collectives on ranks. Rank %d is running collective: %s, but Rank %d is running collective: %s.Collectives differ in the following aspects: \t Op type: %svs %s  Tensor Tensor shapes: %svs %s"
                                        % (r, r, me, orank, other, "BROADCAST" if r >= 24 else "ALLREDUCE", "ALLREDUCE" if r >= 24 else "BROADCAST", "1" if r >= 24 else "2", "2" if r >= 24 else "1"))))
    tm = plus(te, 4)
    L.append((tm, "--------------------------------------------------------------------------"))
    L.append((tm, "Primary job  terminated normally, but 1 process returned"))
    L.append((tm, "a non-zero exit code. Per user-direction, the job has been aborted."))
    L.append((tm, "--------------------------------------------------------------------------"))
    L.append((plus(tm, 1), "--------------------------------------------------------------------------"))
    L.append((plus(tm, 1), "mpirun detected that one or more processes exited with non-zero status, thus causing"))
    L.append((plus(tm, 1), "the job to be terminated. The first process to do so was:"))
    L.append((plus(tm, 1), ""))
    L.append((plus(tm, 1), "  Process name: [[40331,1],26]"))
    L.append((plus(tm, 1), "  Exit code:    1"))
    L.append((plus(tm, 1), "--------------------------------------------------------------------------"))
    b.add("cn-a-101/mpirun_out.txt", ["$ mpirun -np 32 --hostfile hosts.txt --map-by ppr:8:node --tag-output -x TORCH_DISTRIBUTED_DEBUG=DETAIL -x MASTER_ADDR=cn-a-101 python train.py --eval-every 2000"] + _sorted(L))
    b.add("cn-a-117/dmesg_tail.txt", ["# on-call: nothing relevant on the node mpirun named"] +
          ["%s %s" % (dmesg_raw(300000 + i * 812.4), l) for i, l in enumerate(benign_dmesg(rng, "cn-a-117", 6))])
    b.label("user_code", "script", None, None, "stop",
            "With TORCH_DISTRIBUTED_DEBUG=DETAIL every rank reports the same mismatch at the first eval: ranks 0-23 call all_reduce while ranks 24-31 (whose eval shard is empty, as rank 0 logged) call broadcast at the same SequenceNumber; "
            "a code path that diverges by rank, deterministic, so fix the eval code rather than restart.",
            "https://github.com/Lightning-AI/pytorch-lightning/issues/19106")
    return b


# =====================================================================================
def ad15(root):
    """CUDA OOM on every rank at the first step after seq_len was doubled in the config."""
    rng = random.Random(3315)
    b = Bundle(root, "ad15_deepspeed_run_dies_on_first_step_after_config_change")
    hosts = ["sxm-node-31", "sxm-node-32", "sxm-node-40", "sxm-node-44"]
    t0 = T(2024, 9, 9, 11, 12, 0, 0, tz(-7))
    L = []
    L.append((t0, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s ... deepspeed.launcher.launch ... pretrain.py --config configs/llama-13b-32k.yaml --deepspeed ds_z3.json" % (py_logging_time(t0), ",".join(hosts))))
    for n, h in enumerate(hosts):
        tn = plus(t0, 2 + n * 0.2)
        L.append((tn, "%s: [%s] [INFO] [launch.py:152:main] nnodes=4, num_local_procs=8, node_rank=%d" % (h, py_logging_time(tn), n)))
        L.append((plus(tn, 9), "%s: %s" % (h, WARN_POOL[rng.randint(0, 2)])))
    tc = plus(t0, 40)
    L.append((tc, "sxm-node-31: [rank0]: config: model=llama-13b seq_length=32768 (prev run: 8192) micro_batch_size=2 grad_accum=8 activation_checkpointing=False zero_stage=3 offload=none dtype=bf16"))
    L.append((tc, "sxm-node-31: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] DeepSpeed info: version=0.15.1, git-hash=unknown, git-branch=unknown" % py_logging_time(tc)))
    L.append((plus(tc, 30), "sxm-node-31: [%s] [INFO] [utils.py:781:see_memory_usage] After initializing ZeRO optimizer | MA 6.11 GB         Max_MA 7.02 GB         CA 7.3 GB         Max_CA 7 GB " % py_logging_time(plus(tc, 30))))
    tf = plus(tc, 52)
    for n, h in enumerate(hosts):
        for lr in range(8):
            r = n * 8 + lr
            tr = plus(tf, rng.uniform(0, 3))
            alloc = rng.choice([6.25, 8.0, 12.5])
            free = rng.uniform(1.1, 4.9)
            inuse = 79.11 - free
            L.append((tr, "%s: [rank%d]: Traceback (most recent call last):" % (h, r)))
            L.append((tr, '%s: [rank%d]:   File "/work/llm/pretrain.py", line 244, in train_step' % (h, r)))
            L.append((tr, "%s: [rank%d]:     logits = engine(input_ids, attention_mask=mask)" % (h, r)))
            L.append((tr, '%s: [rank%d]:   File "/work/llm/model/attention.py", line 131, in forward' % (h, r)))
            L.append((tr, "%s: [rank%d]:     attn = torch.softmax(scores.float(), dim=-1).to(q.dtype)" % (h, r)))
            L.append((tr, "%s: [rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                        % (h, r, alloc, lr, free, inuse, inuse - 0.9, rng.uniform(100, 700))))
    tk = plus(tf, 6)
    for n, h in enumerate(hosts):
        L.append((plus(tk, n * 0.2), "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'pretrain.py', '--local_rank=0', '--config', 'configs/llama-13b-32k.yaml', '--deepspeed', 'ds_z3.json'] exits with return code = 1" % (h, py_logging_time(plus(tk, n * 0.2)))))
        L.append((plus(tk, 1 + n * 0.2), "pdsh@sxm-node-31: %s: ssh exited with exit code 1" % h))
    b.add("sxm-node-31/deepspeed_console.log", _sorted(L))
    gp = healthy_gpus(rng)
    b.add("sxm-node-40/nvidia-smi.txt", ["# on-call: node is idle and clean after the crash"] + nvsmi_table("550.54.15", "12.4", gp, plus(tk, 900).strftime("%a %b %e %H:%M:%S %Y")))
    b.label("oom", "framework", None, None, "stop",
            "All 32 ranks on all four nodes raise torch.OutOfMemoryError in attention at the very first step, right after the config raised seq_length from 8192 to 32768 without activation checkpointing; "
            "the job's own memory footprint, identical everywhere, so it will OOM again until the config changes.",
            "https://github.com/huggingface/accelerate/issues/1192")
    return b


# =====================================================================================
def ad16(root):
    """Kernel OOM killer kills a DataLoader worker of the job itself (pod memory limit)."""
    rng = random.Random(3316)
    b = Bundle(root, "ad16_master_pod_dataloader_worker_killed")
    nodes = {"vit-huge-master-0": "aks-gpupool-31415926-vmss000004", "vit-huge-worker-0": "aks-gpupool-31415926-vmss000007",
             "vit-huge-worker-1": "aks-gpupool-31415926-vmss00000b"}
    mnode = nodes["vit-huge-master-0"]
    t0 = T(2025, 10, 6, 5, 0, 12, 0)
    L = []

    def kl(t, s):
        L.append((t, "%s %s" % (iso_z(t), s)))
    kl(t0, "[rank0]: cfg: batch_size=256/rank num_workers=14 prefetch_factor=8 persistent_workers=True dataset=ImageNet22kInMemory(keep_in_memory=True, decode_cache=True)")
    kl(plus(t0, 2), WARN_POOL[1])
    st = 0.61
    last = 21500
    tt = plus(t0, 90)
    for s in range(500, last + 1, 500):
        ts = plus(tt, s * st)
        kl(ts, "[rank0]: epoch 3 it %d loss %.4f acc@1 %.3f img/s %.0f rss_host_gb %.1f" % (s, 2.4 + 1.3 * s ** -0.2, 0.41 + s * 1e-5, 21900 + rng.randint(-200, 200), 280 + s * 0.0095))
    t_kill = plus(tt, last * st + 7)
    tk = plus(t_kill, 1.2)
    for l in ["Traceback (most recent call last):",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/utils/data/dataloader.py", line 1251, in _try_get_data',
              "    data = self._data_queue.get(timeout=timeout)",
              '  File "/opt/conda/lib/python3.10/site-packages/torch/utils/data/_utils/signal_handling.py", line 73, in handler',
              "    _error_if_any_worker_fails()",
              "RuntimeError: DataLoader worker (pid 2291) is killed by signal: Killed. ",
              "", "The above exception was the direct cause of the following exception:", "",
              "Traceback (most recent call last):",
              '  File "/app/train_vit.py", line 212, in <module>',
              "    for it, (x, y) in enumerate(loader):",
              "RuntimeError: DataLoader worker (pid(s) 2291) exited unexpectedly"]:
        kl(tk, "[rank3]: " + l)
    tw = plus(tk, 600 + 5)
    for r in (0, 1, 2, 4, 5, 6, 7):
        for l in watchdog_timeout(r, plus(tw, r * 0.05), rng, 771420, "ALLREDUCE", numel=632320000)[:2]:
            kl(plus(tw, r * 0.05), l)
    kl(plus(tw, 3), "E1006 %s 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 3 (pid: 201) of binary: /opt/conda/bin/python" % plus(tw, 3).strftime("%H:%M:%S.%f"))
    b.add("%s/kubectl_logs_vit-huge-master-0.txt" % mnode, ["$ kubectl logs --timestamps vit-huge-master-0"] + _sorted(L))
    j = []
    tl = t_kill
    for i, l in enumerate(benign_dmesg(rng, mnode, 3)):
        j.append("%s kernel: %s" % (journal_short(plus(tl, -9000 + i * 1200), mnode), l))
    j.append("%s kernel: pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=999" % journal_short(tl, mnode))
    j.append("%s kernel: memory: usage 524288000kB, limit 524288000kB, failcnt 11832" % journal_short(tl, mnode))
    j.append("%s kernel: oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-7be1.scope,mems_allowed=0-1,oom_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod5f1c2e77_1a2b.slice,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod5f1c2e77_1a2b.slice/cri-containerd-7be1.scope,task=pt_data_worker,pid=2291,uid=0" % journal_short(tl, mnode))
    j.append("%s kernel: Memory cgroup out of memory: Killed process 2291 (pt_data_worker) total-vm:61244112kB, anon-rss:38112604kB, file-rss:90112kB, shmem-rss:1204kB, UID:0 pgtables:76440kB oom_score_adj:999" % journal_short(tl, mnode))
    b.add("%s/journalctl-k.txt" % mnode, j)
    b.add("%s/kubectl_top_pods.txt" % mnode, [
        "$ kubectl top pods -l training.kubeflow.org/job-name=vit-huge --containers   # taken by the researcher ~20 min before the crash",
        "POD                 NAME        CPU(cores)   MEMORY(bytes)",
        "vit-huge-master-0   pytorch     171          489102Mi",
        "vit-huge-worker-0   pytorch     168          486533Mi",
        "vit-huge-worker-1   pytorch     170          490871Mi",
        "",
        "$ kubectl get pytorchjob vit-huge -o jsonpath='{.spec.pytorchReplicaSpecs.Worker.template.spec.containers[0].resources.limits}'",
        '{"memory":"500Gi","nvidia.com/gpu":"8","rdma/ib":"8"}'])
    b.label("oom", "framework", None, None, "stop",
            "The kernel's memcg OOM killer killed the job's own DataLoader worker (pt_data_worker, pid 2291) when master-0's pod hit its 500Gi limit; all three pods were already at ~490Gi with 14 workers x prefetch 8 and an in-memory dataset, "
            "so this is the job's own memory configuration and would recur on any node.",
            "https://github.com/pytorch/pytorch/issues/8976")
    return b
