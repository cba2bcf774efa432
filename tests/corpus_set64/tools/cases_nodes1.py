"""Slurm / torchrun incidents with per-node folders (batch 1)."""
import random

from kit import (Case, T, sec, tz, pylog, dmesg_T, iso, short_iso, uptime, syslog, glog, torch_glog,
                 nccl_init, traceback, child_failed, watchdog_timeout, remote_error, sigterm_lines,
                 elastic_glog, SITE)


def _elastic_start(t, pid, nnodes, nproc, endpoint):
    return [
        "%s " % elastic_glog(t, pid, "W", "torch/distributed/run.py:793"),
        "%s *****************************************" % elastic_glog(t, pid, "W", "torch/distributed/run.py:793"),
        "%s Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % elastic_glog(t, pid, "W", "torch/distributed/run.py:793"),
        "%s *****************************************" % elastic_glog(t, pid, "W", "torch/distributed/run.py:793"),
    ]


# ============================================================ NVLink fatal, only console + dmesg
def launcher_console_and_dmesg_only(name):
    rng = random.Random(6409)
    c = Case(name)
    hosts = ["hgx-r12-n01", "hgx-r12-n02", "hgx-r12-n03", "hgx-r12-n04"]
    ips = ["10.77.12.1", "10.77.12.2", "10.77.12.3", "10.77.12.4"]
    t0 = T(2024, 3, 7, 0, 12, 40)
    tx = T(2024, 3, 7, 2, 14, 9, 204000)
    bus = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
    for n, h in enumerate(hosts):
        apid = 48100 + n * 3
        L = _elastic_start(t0, apid, 4, 8, hosts[0])
        if n == 0:
            t = t0 + sec(70)
            L.append("[%s] INFO: rank 0: model=llama-13b-moe experts=8 ep=8 tp=1 dp=4 world=32" % pylog(t))
            it = 0
            while t < tx - sec(40):
                t = t + sec(300 + rng.random())
                it += 200
                L.append("[%s] INFO: it %d | loss %.4f | aux_loss %.4f | %.0f tok/s | mfu %.1f%%" % (pylog(t), it, 2.3 - it * 0.00004 + rng.gauss(0, 0.01), 0.011 + rng.random() * 0.002, 912000 + rng.randint(0, 9000), 41.0 + rng.random()))
        if n == 2:
            r = 19
            tt = tx + sec(0.41)
            L.append("[rank19]: Traceback (most recent call last):")
            for fr in traceback([
                ("/mnt/home/ops-ml/moe/train.py", 388, "<module>", "main()"),
                ("/mnt/home/ops-ml/moe/train.py", 341, "main", "loss.backward()"),
                (SITE + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                (SITE + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                (SITE + "/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")[1:]:
                L.append("[rank19]: " + fr)
            for lr2 in (2, 4):
                r2 = 16 + lr2
                t2 = tx + sec(0.9 + lr2 * 0.05)
                L.append("%s [PG 0 Rank %d] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5" % (torch_glog(r2, t2, "E", "ProcessGroupNCCL.cpp:1515"), r2))
                L.append("ncclUnhandledCudaError: Call to CUDA function failed.")
                L.append("Last error:")
                L.append("Cuda failure 'uncorrectable NVLink error detected during the execution'")
            tk = tx + sec(2.2)
            L.extend(sigterm_lines(tk, apid, [48811 + k * 2 for k in range(8) if k not in (3, 2, 4)]))
            L.append("%s failed (exitcode: 1) local_rank: 3 (pid: 48817) of binary: /mnt/home/ops-ml/venv/bin/python" % elastic_glog(tk + sec(1.4), apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"))
            L.extend(child_failed("train.py", [
                {"time": (tk + sec(1.4)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": 18, "local_rank": 2, "exitcode": -6, "pid": 48815, "traceback": "Signal 6 (SIGABRT) received by PID 48815"},
                {"time": (tk + sec(1.4)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": 20, "local_rank": 4, "exitcode": -6, "pid": 48819, "traceback": "Signal 6 (SIGABRT) received by PID 48819"}],
                {"time": (tk + sec(1.4)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": 19, "local_rank": 3, "exitcode": 1, "pid": 48817}))
        else:
            te = tx + sec(3.5 + n * 0.6)
            lr = [5, 1, 0, 7][n]
            r = n * 8 + lr
            L.extend(remote_error(r, te, ips[2], 60113 + n, ips[n], host=h, pid=apid + 700 + lr, lr=lr))
            tk = te + sec(2.1)
            L.extend(sigterm_lines(tk, apid, [apid + 700 + k for k in range(8) if k != lr]))
            L.append("%s failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /mnt/home/ops-ml/venv/bin/python" % (elastic_glog(tk + sec(1.1), apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"), lr, apid + 700 + lr))
            L.extend(child_failed("train.py", [], {"time": (tk + sec(1.1)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": r, "local_rank": lr, "exitcode": -6,
                                                   "pid": apid + 700 + lr, "traceback": "Signal 6 (SIGABRT) received by PID %d" % (apid + 700 + lr)}))
        c.add("%s/torchrun_console.log" % h, "\n".join(L))
        # dmesg -T
        boot = T(2024, 2, 27, 16, 5, 12)
        D = [
            (boot + sec(4.9), "nvidia: loading out-of-tree module taints kernel."),
            (boot + sec(6.1), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.14  Thu Feb 22 01:44:30 UTC 2024"),
            (boot + sec(9.0), "mlx5_core 0000:0c:00.0: Port module event: module 0, Cable plugged"),
            (boot + sec(12.2), "mlx5_core 0000:0c:00.0 ibp12s0: Link up"),
            (boot + sec(15.0), "nvidia-fabricmanager[2871]: Successfully configured all the available NVSwitches to route GPU NVLink traffic."),
        ]
        if n == 0:
            D.append((boot + sec(16.4), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Non-fatal, Link 44 LTSSM Fault Up"))
            D.append((boot + sec(16.4), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Severity 0 Engine instance 44 Sub-engine instance 00"))
        if n == 2:
            D += [
                (tx, "NVRM: Xid (PCI:0000:5d:00): 74, pid=48817, name=python, NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                (tx + sec(0.002), "NVRM: Xid (PCI:0000:5d:00): 74, pid=48817, name=python, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                (tx + sec(0.4), "NVRM: Xid (PCI:0000:5d:00): 45, pid=48817, name=python, Ch 00000018"),
                (tx + sec(0.4), "NVRM: Xid (PCI:0000:5d:00): 45, pid=48817, name=python, Ch 00000019"),
                (tx + sec(2.3), "NVRM: Xid (PCI:0000:5d:00): 45, pid=48815, name=python, Ch 00000010"),
            ]
        if n == 3:
            D.append((tx + sec(7), "python[%d]: segfault at 0 ip 00007f3a2c8e1b2d sp 00007ffd6c1a2f40 error 4 in libc.so.6[7f3a2c828000+195000] likely on CPU 41 (core 9, socket 0)" % (apid + 705)))
        c.add("%s/dmesg.txt" % h, "\n".join("%s %s" % (dmesg_T(t), m) for t, m in sorted(D)))
    c.set_label("nvlink", "infrastructure", hosts[2], 19, "restart_without_node",
                "hgx-r12-n03's kernel logged Xid 74 'NVLink: fatal error detected' on 0000:5d:00 for pid 48817, which is rank 19 (local_rank 3); that rank died first with 'uncorrectable NVLink error' and the node's launcher names it the root cause. The other nodes only report remote errors against 10.77.12.3; n01's SXid is a non-fatal boot-time entry.",
                "https://github.com/MIC-DKFZ/nnUNet/issues/1519")
    return c


# ============================================================ host OOM, only rank0 log + sacct
def dataloader_killed_rank0_and_sacct(name):
    rng = random.Random(6410)
    c = Case(name)
    job = 771203
    t0 = T(2024, 6, 11, 21, 40, 12)
    L = []
    L.append("[%s] [INFO] launcher: SLURM_JOB_ID=%d nodes=cn[0412-0415] world_size=32 rank=0" % (pylog(t0), job))
    L.append("[%s] [INFO] data: LazySupervisedDataset(json=/scratch/vlm/llava_mix_1m.json, image_folder=/scratch/vlm/images, preload_annotations=True, decode_cache=True)" % pylog(t0 + sec(3)))
    L.append("[%s] [INFO] data: DataLoader(batch_size=16, num_workers=16, prefetch_factor=6, persistent_workers=True, pin_memory=True)" % pylog(t0 + sec(3)))
    L.append("[%s] [INFO] model: llava-v1.6-13b, fsdp SHARD_GRAD_OP, bf16, grad_ckpt=on" % pylog(t0 + sec(4)))
    for ln in nccl_init("cn0412", 81100, 0, 0, 32, "10.9.4.12", rng, hcas=4)[:14]:
        L.append(ln)
    t = t0 + sec(120)
    step = 0
    mem = 96.0
    while True:
        t = t + sec(100 * 1.14 + rng.random() * 2)
        step += 100
        mem += 4.05 + rng.random() * 0.4
        if mem > 492:
            break
        L.append("[%s] [INFO] train: step %5d | loss %.4f | lr %.2e | %.2fs/it | node_mem %.1f/503.4 GiB | gpu_mem %.1f GiB" % (pylog(t), step, 1.33 - step * 0.00003 + rng.gauss(0, 0.01), 2e-5, 1.14 + rng.random() * 0.02, mem, 57.3 + rng.random()))
        if step == 5000:
            L.append("[%s] [WARNING] train: slow step 5000 (14.2s): image decode stall /scratch/vlm/images/sa_223104.jpg (retry ok)" % pylog(t + sec(1)))
    tk = t - sec(40)
    L.append("[rank0]: Traceback (most recent call last):")
    for fr in traceback([
        (SITE + "/torch/utils/data/dataloader.py", 1243, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
        ("/usr/lib/python3.10/multiprocessing/queues.py", 113, "get", "if not self._poll(timeout):"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 257, "poll", "return self._poll(timeout)"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 424, "_poll", "r = wait([self], timeout)"),
        ("/usr/lib/python3.10/multiprocessing/connection.py", 931, "wait", "ready = selector.select(timeout)"),
        ("/usr/lib/python3.10/selectors.py", 416, "select", "fd_event_list = self._selector.poll(timeout)"),
        (SITE + "/torch/utils/data/_utils/signal_handling.py", 73, "handler", "_error_if_any_worker_fails()"),
    ], "RuntimeError: DataLoader worker (pid 81734) is killed by signal: Killed. ")[1:]:
        L.append("[rank0]: " + fr)
    L.append("[rank0]: ")
    L.append("[rank0]: The above exception was the direct cause of the following exception:")
    L.append("[rank0]: ")
    L.append("[rank0]: Traceback (most recent call last):")
    L.append('[rank0]:   File "/home/vlm/llava/train/train_mem.py", line 14, in <module>')
    L.append('[rank0]:   File "/home/vlm/llava/train/train.py", line 1021, in train')
    L.append('[rank0]:   File "%s/torch/utils/data/dataloader.py", line 1294, in _get_data' % SITE)
    L.append("[rank0]: RuntimeError: DataLoader worker (pid(s) 81734, 81741) exited unexpectedly")
    c.add("cn0412/rank0.log", "\n".join(L))
    el = tk - T(2024, 6, 11, 21, 39, 50)
    es = int(el.total_seconds())
    elapsed = "%02d:%02d:%02d" % (es // 3600, (es % 3600) // 60, es % 60)
    S = [
        "$ sacct -j %d --format=JobID,JobName%%12,Partition,AllocCPUS,State,ExitCode,Elapsed,ReqMem,MaxRSS,NodeList%%16" % job,
        "JobID             JobName  Partition  AllocCPUS      State ExitCode    Elapsed     ReqMem     MaxRSS         NodeList ",
        "------------ ------------ ---------- ---------- ---------- -------- ---------- ---------- ---------- ---------------- ",
        "%-12s     llava-ft       h100        448 OUT_OF_ME+    0:125   %s      2000G                cn[0412-0415] " % (job, elapsed),
        "%-12s        batch                   112 OUT_OF_ME+    0:125   %s               3204418K           cn0412 " % ("%d.batch" % job, elapsed),
        "%-12s       extern                   448  COMPLETED      0:0   %s                      0    cn[0412-0415] " % ("%d.extern" % job, elapsed),
        "%-12s     torchrun                   448 OUT_OF_ME+    0:125   %s             515497204K    cn[0412-0415] " % ("%d.0" % job, elapsed),
        "",
        "$ sacct -j %d.0 --format=JobID,MaxRSS,MaxRSSNode,MaxRSSTask,AveRSS,NTasks" % job,
        "JobID            MaxRSS MaxRSSNode MaxRSSTask     AveRSS   NTasks ",
        "------------ ---------- ---------- ---------- ---------- -------- ",
        "%-12s 515497204K     cn0414          2 508877312K        4 " % ("%d.0" % job),
        "",
        "$ scontrol show job %d | grep -E 'JobState|TRES|MinMemory'" % job,
        "   JobState=OUT_OF_MEMORY Reason=OutOfMemory Dependency=(null)",
        "   ReqTRES=cpu=448,mem=2000G,node=4,billing=448,gres/gpu=32",
        "   AllocTRES=cpu=448,mem=2000G,node=4,billing=448,gres/gpu=32",
        "   MinCPUsNode=112 MinMemoryNode=500G MinTmpDiskNode=0",
    ]
    c.add("sacct.txt", "\n".join(S))
    c.set_label("oom", "framework", None, None, "stop",
                "sacct marks the step OUT_OF_MEMORY with MaxRSS ~492 GiB against a 500G per-node request and an average of ~485 GiB across all four nodes; rank 0's node memory climbed steadily (16 workers x prefetch 6 with decode cache) until the OOM killer took DataLoader workers. The job's own configuration, not a node.",
                "https://github.com/nextflow-io/nextflow/issues/5932")
    return c


# ============================================================ Xid 79 after a long healthy run
def crash_after_long_healthy_run(name):
    rng = random.Random(6411)
    c = Case(name)
    hosts = ["dgxa-g01", "dgxa-g02", "dgxa-g03", "dgxa-g04"]
    ips = ["10.50.0.%d" % k for k in (11, 12, 13, 14)]
    t0 = T(2024, 1, 19, 20, 0, 3, 112000)
    fail_it = 5873
    pids = {r: 60200 + (r // 8) * 100 + (r % 8) * 3 for r in range(32)}
    # rank 0 long log
    L = ["[%s] [INFO] run: gpt-neox-6.9b-dedup, 4 nodes x 8 A100-80GB, zero-1, bf16" % pylog(t0)]
    for lr in range(8):
        L.extend(nccl_init(hosts[0], pids[lr], lr, lr, 32, ips[0], rng, nic="ibs1", hcas=4))
    t = t0 + sec(150)
    per = []
    for it in range(1, fail_it + 1):
        t = t + sec(1.06 + rng.random() * 0.03)
        per.append(t)
        L.append(" iteration %6d/  143000 | elapsed time per iteration (ms): %.1f | learning rate: %.3E | approx flops per GPU: %.1fTFLOPS | lm_loss: %.6E | loss scale: 1.0 | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
            it, 1060 + rng.random() * 30, 1.2e-4 * min(1, it / 1430.0), 171.0 + rng.random() * 3, 3.2 - 1.1 * (it / 6000.0) + rng.gauss(0, 0.015)))
        if it == 1204:
            L.append("[%s] [WARNING] data: read error on /lustre/pile/dedup/pile_0041_text_document.bin (OSError: [Errno 5] Input/output error); retrying 1/5" % pylog(t + sec(0.2)))
            L.append("[%s] [INFO] data: re-opened pile_0041_text_document.bin, continuing" % pylog(t + sec(0.9)))
        if it % 1000 == 0:
            L.append("[%s] [INFO] saving checkpoint at iteration %d to /lustre/ckpt/neox69b" % (pylog(t), it))
            L.append("[%s] [INFO]   successfully saved checkpoint at iteration %d" % (pylog(t + sec(41)), it))
            t = t + sec(41)
    tx = t + sec(0.7)
    # rank 0 later sees remote error
    te0 = tx + sec(3.3)
    L.extend(remote_error(0, te0, ips[2], 38211, ips[0], host=hosts[0], pid=pids[0], lr=0))
    c.add("%s/rank0_stdout.log" % hosts[0], "\n".join(L))
    # torchrun logs per node
    for n, h in enumerate(hosts):
        apid = 60100 + n * 100
        A = _elastic_start(t0 - sec(3), apid, 4, 8, hosts[0])
        A.append("%s [default] starting workers for entrypoint: python" % elastic_glog(t0 - sec(2), apid, "I", "torch/distributed/elastic/agent/server/api.py:677"))
        if n == 2:
            r = 21
            A.append("[rank21]: Traceback (most recent call last):")
            for fr in traceback([
                ("/workspace/gpt-neox/train.py", 34, "<module>", "main()"),
                ("/workspace/gpt-neox/megatron/training.py", 911, "train", "loss_dict, skipped_iter = train_step("),
                ("/workspace/gpt-neox/megatron/training.py", 820, "train_step", "reduced_loss = train_step_pipe("),
                (SITE + "/deepspeed/runtime/engine.py", 2169, "step", "self._take_model_step(lr_kwargs)"),
                (SITE + "/deepspeed/runtime/zero/stage_1_and_2.py", 1842, "step", "self.check_overflow()"),
            ], "RuntimeError: CUDA error: unspecified launch failure\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")[1:]:
                A.append("[rank21]: " + fr)
            tk = tx + sec(1.8)
            A.extend(sigterm_lines(tk, apid, [pids[16 + k] for k in range(8) if k != 5]))
            A.append("%s failed (exitcode: 1) local_rank: 5 (pid: %d) of binary: /usr/bin/python" % (elastic_glog(tk + sec(31), apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"), pids[21]))
            A.extend(child_failed("train.py", [], {"time": (tk + sec(31)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": 21, "local_rank": 5, "exitcode": 1, "pid": pids[21]}))
        else:
            lr = [0, 3, None, 6][n]
            r = n * 8 + lr
            te = tx + sec(3.1 + n * 0.2)
            if n != 0:
                A.extend(remote_error(r, te, ips[2], 38200 + n, ips[n], host=h, pid=pids[r], lr=lr))
            tk = te + sec(2.0)
            A.extend(sigterm_lines(tk, apid, [pids[n * 8 + k] for k in range(8) if k != lr]))
            A.append("%s failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (elastic_glog(tk + sec(1), apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"), lr, pids[r]))
            A.extend(child_failed("train.py", [], {"time": (tk + sec(1)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": r, "local_rank": lr, "exitcode": -6, "pid": pids[r],
                                                   "traceback": "Signal 6 (SIGABRT) received by PID %d" % pids[r]}))
        c.add("%s/torchrun.log" % h, "\n".join(A))
        # journald kernel log, ISO
        K = []
        boot = T(2024, 1, 12, 9, 31, 7)
        K.append("%s %s kernel: Linux version 5.15.0-91-generic (buildd@lcy02-amd64-045) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #101-Ubuntu SMP Tue Nov 14 13:30:08 UTC 2023" % (iso(boot), h))
        K.append("%s %s kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.129.03  Thu Oct 19 18:56:32 UTC 2023" % (iso(boot + sec(7)), h))
        if n == 1:
            K.append("%s %s kernel: NVRM: Xid (PCI:0000:4e:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reset gpu to activate." % (iso(T(2024, 1, 15, 4, 2, 51, 9917)), h))
        if n == 2:
            K.append("%s %s kernel: pcieport 0000:b0:02.0: AER: Uncorrected (Fatal) error received: 0000:b0:02.0" % (iso(tx - sec(0.2)), h))
            K.append("%s %s kernel: pcieport 0000:b0:02.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)" % (iso(tx - sec(0.2)), h))
            K.append("%s %s kernel: pcieport 0000:b0:02.0:    [ 5] SDES                   (First)" % (iso(tx - sec(0.2)), h))
            K.append("%s %s kernel: NVRM: GPU at PCI:0000:b7:00: GPU-8f1d6c3e-2a47-91b0-4e5f-d3c2b1a09e77" % (iso(tx - sec(0.15)), h))
            K.append("%s %s kernel: NVRM: GPU Board Serial Number: 1652221012871" % (iso(tx - sec(0.15)), h))
            K.append("%s %s kernel: NVRM: Xid (PCI:0000:b7:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % (iso(tx - sec(0.15)), h))
            K.append("%s %s kernel: NVRM: GPU 0000:b7:00.0: GPU has fallen off the bus." % (iso(tx - sec(0.15)), h))
            K.append("%s %s kernel: NVRM: A GPU crash dump has been created. If possible, please run" % (iso(tx - sec(0.1)), h))
            K.append("%s %s kernel: NVRM: nvidia-bug-report.sh as root to collect this data before" % (iso(tx - sec(0.1)), h))
            K.append("%s %s kernel: NVRM: the NVIDIA kernel module is unloaded." % (iso(tx - sec(0.1)), h))
        c.add("%s/journalctl_-k.txt" % h, "\n".join(K))
    c.add("%s/nvidia-smi.txt" % hosts[2], "Unable to determine the device handle for GPU0000:B7:00.0: Unknown Error\n"
          "$ nvidia-smi --query-gpu=index,pci.bus_id,name --format=csv\n"
          "Unable to determine the device handle for GPU0000:B7:00.0: Unknown Error\n"
          "index, pci.bus_id, name\n"
          "0, 00000000:07:00.0, NVIDIA A100-SXM4-80GB\n1, 00000000:0F:00.0, NVIDIA A100-SXM4-80GB\n2, 00000000:47:00.0, NVIDIA A100-SXM4-80GB\n"
          "3, 00000000:4E:00.0, NVIDIA A100-SXM4-80GB\n4, 00000000:87:00.0, NVIDIA A100-SXM4-80GB\n6, 00000000:BD:00.0, NVIDIA A100-SXM4-80GB\n7, 00000000:C7:00.0, NVIDIA A100-SXM4-80GB\n")
    c.set_label("gpu_hardware", "infrastructure", hosts[2], 21, "restart_without_node",
                "After 5,873 healthy iterations, dgxa-g03 logged a fatal PCIe AER on the upstream port and Xid 79 'GPU has fallen off the bus' for 0000:b7:00 (GPU 5, missing from nvidia-smi); rank 21 (local_rank 5) died with 'unspecified launch failure' at that moment and the other nodes only accuse 10.50.0.13.",
                "https://github.com/wilicc/gpu-burn/issues/1")
    return c


# ============================================================ ANSI + tqdm, CUDA OOM in validation
def colour_progress_bars_then_traceback(name):
    rng = random.Random(6412)
    c = Case(name)
    hosts = ["a100-sxm-07", "a100-sxm-11"]
    t0 = T(2024, 12, 3, 14, 2, 5)
    E = "\x1b["
    for n, h in enumerate(hosts):
        out = []
        def info(t, msg):
            out.append("%s2m[%s]%s0m %s34mINFO    %s0m %s" % (E, t.strftime("%m/%d/%y %H:%M:%S"), E, E, E, msg))
        if n == 0:
            out.append("%s1mUsing bfloat16 Automatic Mixed Precision (AMP)%s0m" % (E, E))
            out.append("GPU available: True (cuda), used: True")
            out.append("TPU available: False, using: 0 TPU cores")
            out.append("HPU available: False, using: 0 HPUs")
        for lr in range(4):
            gr = n * 4 + lr
            out.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/8" % (gr, gr + 1))
        if n == 0:
            out.append("-" * 100)
            out.append("distributed_backend=nccl")
            out.append("All distributed processes registered. Starting with 8 processes")
            out.append("-" * 100)
            out.append("")
        out.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
        info(t0 + sec(20), "hparams: model=sam-vit-l-adapter  train.batch_size=12  val.batch_size=96  val.resize=None (full 1024x1024)  precision=bf16-mixed  strategy=ddp")
        if n == 0:
            out.append("┏━━━┳━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━━━━━━┳━━━━━━━━┳━━━━━━━┓")
            out.append("┃   ┃ Name            ┃ Type                 ┃ Params ┃ Mode  ┃")
            out.append("┡━━━╇━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━━━━━━╇━━━━━━━━╇━━━━━━━┩")
            out.append("│ 0 │ image_encoder   │ ImageEncoderViT      │  303 M │ train │")
            out.append("│ 1 │ prompt_encoder  │ PromptEncoder        │  6.2 K │ train │")
            out.append("│ 2 │ mask_decoder    │ MaskDecoder          │  4.1 M │ train │")
            out.append("│ 3 │ loss_fn         │ FocalDiceLoss        │      0 │ train │")
            out.append("└───┴─────────────────┴──────────────────────┴────────┴───────┘")
            out.append("%s1mTrainable params%s0m: 307 M                                                          " % (E, E))
            out.append("%s1mTotal estimated model params size (MB)%s0m: 1.2 K                                   " % (E, E))
        t = t0 + sec(40)
        total = 2934
        for ep in range(2):
            bar_parts = []
            for k in range(0, total + 1, 37 if n == 0 else 113):
                pct = int(100 * k / total)
                filled = int(10 * k / total)
                bar = "█" * filled + " " * (10 - filled)
                el = int(k * 1.07)
                rem = int((total - k) * 1.07)
                bar_parts.append("Epoch %d: %3d%%|%s| %d/%d [%02d:%02d<%02d:%02d,  0.93it/s, v_num=12, train_loss=%.3f]" % (
                    ep, pct, bar, k, total, el // 60 % 60, el % 60, rem // 60 % 60, rem % 60, 1.9 - ep * 0.1 - k * 0.00003 + rng.gauss(0, 0.01)))
            out.append("\r".join(bar_parts))
            t = t + sec(total * 1.07)
            if ep == 0:
                out.append("\rValidation: |          | 0/? [00:00<?, ?it/s]\rValidation DataLoader 0:   0%|          | 0/157 [00:00<?, ?it/s]\rValidation DataLoader 0: 100%|██████████| 157/157 [03:41<00:00,  0.71it/s]")
                info(t + sec(225), "Epoch 0, global step 2934: 'val/dice' reached 0.71204 (best 0.71204), saving model to '/data/runs/sam-adapter/ckpt/epoch=0-step=2934.ckpt' as top 1")
                t = t + sec(240)
        # epoch 1 validation -> OOM (resolution bumped by the val dataset change at epoch 1)
        out.append("\rValidation: |          | 0/? [00:00<?, ?it/s]\rValidation DataLoader 0:   0%|          | 0/157 [00:00<?, ?it/s]")
        info(t + sec(2), "val: switching to full-resolution eval set (val_full_1024, 96 images/batch)")
        tf = t + sec(9 + n * 0.3)
        for lr in ([1, 0, 2, 3] if n == 1 else [2, 0, 3, 1]):
            gr = n * 4 + lr
            free = 8.31 - lr * 0.07
            out.append("[rank%d]: Traceback (most recent call last):" % gr)
            for fr in traceback([
                ("/data/code/sam-adapter/train.py", 96, "<module>", "trainer.fit(model, datamodule=dm)"),
                (SITE + "/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
                (SITE + "/lightning/pytorch/loops/evaluation_loop.py", 135, "run", "self._evaluation_step(batch, batch_idx, dataloader_idx, dataloader_iter)"),
                (SITE + "/lightning/pytorch/strategies/ddp.py", 337, "validation_step", "return self.lightning_module.validation_step(*args, **kwargs)"),
                ("/data/code/sam-adapter/module.py", 171, "validation_step", "masks = self.model(batch[\"image\"], batch[\"prompts\"])"),
                ("/data/code/sam-adapter/segment_anything/modeling/image_encoder.py", 231, "forward", "attn = (q * self.scale) @ k.transpose(-2, -1)"),
            ], "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 12.50 GiB. GPU %d has a total capacity of 79.14 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (
                lr, free, 79.14 - free - 0.02, 64.02 + lr * 0.05, 5.11))[1:]:
                out.append("[rank%d]: %s" % (gr, fr))
        out.append("%s31mError executing job with overrides: ['experiment=sam_adapter_v3']%s0m" % (E, E))
        c.add("%s/train.out" % h, "\n".join(out))
    c.set_label("oom", "framework", None, None, "stop",
                "At the epoch-1 validation pass every rank on both nodes raises CUDA OOM allocating 12.5 GiB while 'this process' holds ~71 GiB: val.batch_size=96 at full 1024x1024 resolution does not fit. The job's configuration, no foreign process and no bad node.",
                "https://github.com/tue-mps/eomt/issues/12")
    return c


# ============================================================ IB link down, all timestamps PDT
def ib_errors_pacific_time(name):
    rng = random.Random(6413)
    c = Case(name)
    PDT = tz(-7)
    hosts = ["sjc-gpu-14", "sjc-gpu-15", "sjc-gpu-16", "sjc-gpu-17"]
    ips = ["10.64.3.14", "10.64.3.15", "10.64.3.16", "10.64.3.17"]
    t0 = T(2024, 6, 18, 19, 5, 31, 0, PDT)
    tdown = T(2024, 6, 18, 23, 40, 58, 612000, PDT)
    flap = T(2024, 6, 18, 14, 2, 17, 88000, PDT)
    pids = {r: 3300 + (r // 8) * 64 + (r % 8) * 5 for r in range(32)}
    for n, h in enumerate(hosts):
        apid = 3290 + n * 64
        L = _elastic_start(t0, apid, 4, 8, hosts[0])
        for lr in range(8):
            r = n * 8 + lr
            L.extend(nccl_init(h, pids[r], lr, r, 32, ips[n], rng, nic="ibp75s0")[:6])
        if n == 0:
            t = t0 + sec(90)
            L.append("%s - train - INFO - world=32 dp=32 model=mistral-7b-cpt tokens/step=4M tz=America/Los_Angeles" % pylog(t))
            st = 0
            while True:
                t = t + sec(600 + rng.random())
                st += 150
                if t > tdown - sec(20):
                    break
                L.append("%s - train - INFO - step %d loss %.4f grad_norm %.3f tok/s %d" % (pylog(t), st, 1.98 - st * 0.00002 + rng.gauss(0, 0.005), 0.21 + rng.random() * 0.03, 1_221_000 + rng.randint(0, 7000)))
        if n == 2:
            for lr in (4, 5):
                r = 16 + lr
                tt = tdown + sec(0.35 + lr * 0.01)
                L.append("")
                L.append("%s:%d:%d [%d] NCCL INFO NET/IB : Got async event : port error" % (h, pids[r], pids[r] + 199, lr))
                L.append("%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<4%04d> with status=5 opcode=1 len=0 vendor err 249 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (
                    h, pids[r], pids[r] + 211, lr, ips[3], rng.randint(0, 9999), ips[2], ips[3]))
                L.append("%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (torch_glog(r, tt + sec(1.2), "E", "ProcessGroupNCCL.cpp:1595"), r))
                L.append("ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
                L.append("Last error:")
                L.append("NET/IB : Got completion from peer %s<4%04d> with status=5 opcode=1 len=0 vendor err 249 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (ips[3], rng.randint(0, 9999), ips[2], ips[3]))
            tk = tdown + sec(4.9)
        else:
            lr = [3, 6, None, 1][n]
            r = n * 8 + lr
            te = tdown + sec(6.2 + n * 0.31)
            L.extend(remote_error(r, te, ips[2], 41100 + n, ips[n], host=h, pid=pids[r], lr=lr))
            tk = te + sec(2.2)
        lrf = 4 if n == 2 else [3, 6, None, 1][n]
        L.extend(sigterm_lines(tk, apid, [pids[n * 8 + k] for k in range(8) if k != lrf]))
        L.append("%s failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /opt/conda/envs/cpt/bin/python" % (elastic_glog(tk + sec(1.3), apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"), lrf, pids[n * 8 + lrf]))
        L.extend(child_failed("cpt_train.py", [], {"time": (tk + sec(1.3)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": n * 8 + lrf, "local_rank": lrf, "exitcode": -6,
                                                   "pid": pids[n * 8 + lrf], "traceback": "Signal 6 (SIGABRT) received by PID %d" % pids[n * 8 + lrf]},
                              site="/opt/conda/envs/cpt/lib/python3.11/site-packages", torchrun="/opt/conda/envs/cpt/bin/torchrun"))
        c.add("%s/torchrun.out" % h, "\n".join(L))
        K = ["-- Journal begins at %s. --" % T(2024, 6, 1, 0, 0, 2, 0, PDT).strftime("%a %Y-%m-%d %H:%M:%S PDT")]
        K.append("%s %s kernel: mlx5_core 0000:4b:00.0: mlx5_pcie_event:301:(pid 1121): PCIe slot advertised sufficient power (75W)." % (short_iso(T(2024, 6, 1, 0, 0, 9, 0, PDT)), h))
        if n == 0:
            K.append("%s %s kernel: mlx5_core 0000:4b:00.0 ibp75s0: Link down" % (short_iso(flap), h))
            K.append("%s %s kernel: mlx5_core 0000:4b:00.0 ibp75s0: Link up" % (short_iso(flap + sec(3)), h))
        if n == 2:
            K.append("%s %s kernel: mlx5_core 0000:4b:00.0: Port module event[error]: module 4, Cable error, Bus stuck (I2C or data shorted)" % (short_iso(tdown - sec(0.2)), h))
            K.append("%s %s kernel: mlx5_core 0000:4b:00.0 ibp75s0: Link down" % (short_iso(tdown), h))
            K.append("%s %s kernel: infiniband mlx5_4: mlx5_handle_error_cqe:332:(pid 0): WC error: 5, Message: Work Request Flushed Error" % (short_iso(tdown + sec(1)), h))
        K.append("%s %s kernel: python[%d]: segfault at 8 ip 00007f5e1c4b2a1d sp 00007f5c9dffa6f0 error 4 in libnccl.so.2[7f5e1c200000+f26000] likely on CPU 77 (core 13, socket 1)" % (short_iso(tdown + sec(9)), h, pids[n * 8 + 2])) if n == 3 else None
        c.add("%s/journalctl_-k_-o_short-iso.txt" % h, "\n".join(x for x in K if x))
    c.add("%s/ibstat_mlx5_4.txt" % hosts[2], "CA 'mlx5_4'\n\tCA type: MT4129\n\tNumber of ports: 1\n\tFirmware version: 28.39.2048\n\tPort 1:\n\t\tState: Down\n\t\tPhysical state: Polling\n\t\tRate: 10\n\t\tBase lid: 65535\n\t\tLink layer: InfiniBand\n")
    c.set_label("network", "infrastructure", hosts[2], None, "restart_without_node",
                "At 23:40:58 PDT sjc-gpu-16's ConnectX port (mlx5_4/ibp75s0) logged a cable error and went Link down (ibstat still Down/Polling); seconds later every other node's NCCL reports IB completion errors from peer 10.64.3.16. sjc-gpu-14's link flap was nine hours earlier and recovered.",
                "https://github.com/NVIDIA/nccl/issues/905")
    return c


# ============================================================ a node vanished, nothing collected from it
def node_vanished_no_logs(name):
    rng = random.Random(6414)
    c = Case(name)
    job = 2209314
    hosts = ["cn-%04d" % k for k in range(409, 417)]
    ibip = {h: "10.20.4.%d" % (int(h[-2:])) for h in hosts}
    bad = "cn-0413"
    t0 = T(2024, 2, 1, 22, 11, 40)
    tlast = T(2024, 2, 2, 3, 16, 52, 410000)
    pids = {r: 52000 + (r // 8) * 40 + (r % 8) for r in range(64)}
    for n, h in enumerate(hosts):
        if h == bad:
            c.add("%s/COLLECT_FAILED.txt" % h, "\n".join([
                "collect-bundle.sh v2.3 run by ops-oncall at 2024-02-02T03:41:09Z",
                "+ ssh -o ConnectTimeout=20 cn-0413 'sudo dmesg -T; sudo journalctl -b -1 -k; cat /var/log/slurm/job_%d/*'" % job,
                "ssh: connect to host cn-0413 port 22: No route to host",
                "+ ipmitool -I lanplus -H cn-0413-bmc -U ops chassis status",
                "Error: Unable to establish IPMI v2 / RMCP+ session",
                "retry 3/3 failed; skipping node cn-0413",
            ]))
            continue
        apid = 51990 + n * 40
        L = _elastic_start(t0, apid, 8, 8, hosts[0])
        if n == 0:
            t = t0 + sec(120)
            L.append("%s | INFO | trainer | world=64 model=t5-xxl-lm-adapt steps=300000" % pylog(t))
            st = 0
            while True:
                t = t + sec(900 + rng.random() * 3)
                st += 500
                if t > tlast:
                    break
                L.append("%s | INFO | trainer | step %d loss=%.4f lr=%.2e %.1f samples/s" % (pylog(t), st, 1.67 - st * 0.00001 + rng.gauss(0, 0.004), 1e-3, 5032 + rng.random() * 40))
        lr = rng.randint(0, 7)
        r = n * 8 + lr
        te = tlast + sec(39 + rng.random() * 3)
        L.extend(remote_error(r, te, ibip[bad], 50000 + rng.randint(0, 9999), ibip[h], host=h, pid=pids[r], lr=lr))
        tk = te + sec(2)
        L.extend(sigterm_lines(tk, apid, [pids[n * 8 + k] for k in range(8) if k != lr]))
        L.append("%s failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /apps/conda/envs/t5/bin/python" % (elastic_glog(tk + sec(1), apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"), lr, pids[r]))
        L.extend(child_failed("run_t5.py", [], {"time": (tk + sec(1)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": r, "local_rank": lr, "exitcode": -6, "pid": pids[r],
                                                "traceback": "Signal 6 (SIGABRT) received by PID %d" % pids[r]}))
        c.add("%s/torchrun.log" % h, "\n".join(L))
        boot_up = 1722113.0 + n * 37.1
        D = ["%s mlx5_core 0000:3b:00.0 ib0: Link up" % uptime(14.2),
             "%s EXT4-fs (md0): mounted filesystem with ordered data mode. Opts: (null)" % uptime(33.8)]
        if h == "cn-0410":
            D.append("%s mce: [Hardware Error]: Machine check events logged" % uptime(boot_up - 3321.4))
            D.append("%s EDAC MC1: 1 CE memory read error on CPU_SrcID#1_Ha#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x5a2e1f offset:0x8c0 grain:32 syndrome:0x0 - area:DRAM err_code:0001:0090)" % uptime(boot_up - 3321.4))
        D.append("%s python[%d]: segfault at 0 ip 00007f8c1a22d4b1 sp 00007ffe3b1c8a90 error 6 in libnccl.so.2[7f8c19e00000+f26000]" % (uptime(boot_up + (te - tlast).total_seconds() + 4), pids[r])) if n == 6 else None
        c.add("%s/dmesg.txt" % h, "\n".join(x for x in D if x))
    tfail = T(2024, 2, 2, 3, 22, 51)
    c.add("slurm-%d.out" % job, "\n".join([
        "Starting job %d on cn-[0409-0416] at Thu Feb  1 22:11:31 UTC 2024" % job,
        "+ srun --kill-on-bad-exit=0 --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=cn-0409:29500 run_t5.py --cfg t5_xxl.yaml",
        "srun: error: cn-0412: task 3: Exited with exit code 1",
        "srun: error: cn-0415: task 6: Exited with exit code 1",
        "srun: error: Node failure on cn-0413",
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "slurmstepd: error: *** JOB %d ON cn-0409 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (job, tfail.strftime("%Y-%m-%dT%H:%M:%S")),
        "srun: error: cn-0409: task 0: Exited with exit code 1",
        "srun: error: cn-0410: task 1: Exited with exit code 1",
        "srun: error: cn-0411: task 2: Exited with exit code 1",
        "srun: error: cn-0414: task 5: Exited with exit code 1",
        "srun: error: cn-0416: task 7: Exited with exit code 1",
    ]))
    c.add("sacct.txt", "\n".join([
        "JobID           JobName      State ExitCode    Elapsed        NodeList ",
        "------------ ---------- ---------- -------- ---------- --------------- ",
        "2209314          t5xxl  NODE_FAIL      1:0   05:11:20  cn-[0409-0416] ",
        "2209314.batch    batch  CANCELLED     0:15   05:11:22         cn-0409 ",
        "2209314.extern  extern  CANCELLED      0:0   05:11:20  cn-[0409-0416] ",
        "2209314.0     torchrun     FAILED      1:0   05:11:09  cn-[0409-0416] ",
    ]))
    c.add("sinfo_-R.txt", "\n".join([
        "REASON               USER      TIMESTAMP           NODELIST",
        "Not responding       slurm     2024-02-02T03:17:44 cn-0413",
        "ib flapping ticket41 ops-al    2024-01-22T10:03:12 cn-0588",
    ]))
    c.set_label("host", "infrastructure", bad, None, "restart_without_node",
                "cn-0413 left no logs: ssh and its BMC are unreachable, Slurm marked it 'Not responding' at 03:17:44 and cancelled the job for NODE FAILURE; every other node's last error is an IB completion failure from peer 10.20.4.13 ~40 s after the last good step. cn-0410's corrected ECC entry is unrelated.",
                "https://github.com/ArjunaCluster/ArjunaUsers/issues/51")
    return c


# ============================================================ time limit, only rank0 log + sacct
def time_limit_rank0_and_sacct(name):
    rng = random.Random(6415)
    c = Case(name)
    job = 903311
    t0 = T(2024, 9, 2, 6, 0, 0)
    tl = T(2024, 9, 3, 6, 0, 14)
    L = ["%s [INFO] rank 0 on gn27, world 64, resume from /lustre/ckpt/pt13b/iter_0061000" % pylog(t0 + sec(40))]
    for ln in nccl_init("gn27", 41822, 0, 0, 64, "10.2.7.27", rng, hcas=8)[:18]:
        L.append(ln)
    t = t0 + sec(200)
    it = 61000
    while True:
        t = t + sec(100 * 0.98 + rng.random())
        it += 100
        if t > tl:
            break
        L.append("%s [INFO] iter %d | loss %.4f | lr %.3e | %.1f TFLOP/s/gpu | mem %.1fGiB" % (pylog(t), it, 1.88 - (it - 61000) * 0.000001 + rng.gauss(0, 0.004), 1.1e-4, 188.0 + rng.random() * 2, 71.4))
        if it % 5000 == 0:
            L.append("%s [INFO] saved checkpoint iter_%07d (38.4s)" % (pylog(t + sec(1)), it))
            t = t + sec(38)
    L.append("slurmstepd: error: *** STEP %d.0 ON gn27 CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, tl.strftime("%Y-%m-%dT%H:%M:%S")))
    L.append("%s [WARNING] SIGTERM received: requesting emergency checkpoint" % pylog(tl + sec(0.05)))
    L.append("%s Received Signals.SIGTERM death signal, shutting down workers" % elastic_glog(tl + sec(0.06), 41810, "W", "torch/distributed/elastic/agent/server/api.py:704"))
    L.append("%s [ERROR] emergency checkpoint aborted: collective save needs all ranks (ProcessGroupNCCL is being aborted)" % pylog(tl + sec(0.8)))
    L.extend(remote_error(0, tl + sec(1.1), "10.2.7.31", 52110, "10.2.7.27", host="gn27", pid=41822, lr=0))
    L.append("[rank0]: Traceback (most recent call last):")
    L.append('[rank0]:   File "/home/ylin/pt13b/pretrain.py", line 512, in <module>')
    L.append('[rank0]:   File "/home/ylin/pt13b/pretrain.py", line 470, in train')
    L.append('[rank0]:   File "%s/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler' % SITE)
    L.append("[rank0]: torch.distributed.elastic.multiprocessing.api.SignalException: Process 41822 got signal: 15")
    c.add("gn27/rank0.log", "\n".join(L))
    c.add("sacct.txt", "\n".join([
        "$ sacct -j %d -o JobID,JobName,State,ExitCode,Start,End,Elapsed,Timelimit,NodeList" % job,
        "JobID           JobName      State ExitCode               Start                 End    Elapsed  Timelimit        NodeList ",
        "------------ ---------- ---------- -------- ------------------- ------------------- ---------- ---------- --------------- ",
        "903311        pt13b-s2    TIMEOUT      0:0 2024-09-02T05:59:46 2024-09-03T06:00:44 1-00:00:58 1-00:00:00       gn[27-34] ",
        "903311.batch     batch  CANCELLED     0:15 2024-09-02T05:59:46 2024-09-03T06:00:45 1-00:00:59                       gn27 ",
        "903311.extern   extern  COMPLETED      0:0 2024-09-02T05:59:46 2024-09-03T06:00:44 1-00:00:58            gn[27-34] ",
        "903311.0      torchrun  CANCELLED     0:15 2024-09-02T05:59:58 2024-09-03T06:00:44 1-00:00:46            gn[27-34] ",
    ]))
    c.set_label("unknown", "framework", None, None, "none",
                "sacct shows TIMEOUT with Elapsed equal to the 1-00:00:00 limit and slurmstepd cancelled the step DUE TO TIME LIMIT; the emergency-checkpoint failure, NCCL remote error and SIGTERM traceback all come after the cancellation. Training was healthy up to the limit.",
                "https://github.com/ZettaAI/zetta_utils/issues/671")
    return c
