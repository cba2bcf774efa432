"""Slurm / torchrun incidents with per-node folders (batch 2)."""
import json
import random

from kit import (Case, T, sec, tz, pylog, dmesg_T, iso, short_iso, uptime, syslog, glog, torch_glog,
                 nccl_init, traceback, child_failed, watchdog_timeout, remote_error, sigterm_lines,
                 elastic_glog, epoch, SITE)
from cases_nodes1 import _elastic_start


def _fail_tail(L, h, apid, pids, n, lr, tk, script, exitcode=-6, site=SITE, torchrun="/usr/local/bin/torchrun", binary="/usr/bin/python"):
    r = n * 8 + lr
    L.extend(sigterm_lines(tk, apid, [pids[n * 8 + k] for k in range(8) if k != lr]))
    L.append("%s failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (elastic_glog(tk + sec(1.1), apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"), exitcode, lr, pids[r], binary))
    tb = "Signal 6 (SIGABRT) received by PID %d" % pids[r] if exitcode == -6 else None
    f = {"time": (tk + sec(1.1)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": r, "local_rank": lr, "exitcode": exitcode, "pid": pids[r]}
    if tb:
        f["traceback"] = tb
    L.extend(child_failed(script, [], f, site=site, torchrun=torchrun))


# ============================================================ user scancel amid NCCL noise
def scancel_amid_nccl_warnings(name):
    rng = random.Random(6416)
    c = Case(name)
    job = 5521877
    hosts = ["h100-b03", "h100-b04", "h100-b05", "h100-b06"]
    ips = ["10.8.2.3", "10.8.2.4", "10.8.2.5", "10.8.2.6"]
    t0 = T(2024, 11, 20, 9, 30, 2)
    tc = T(2024, 11, 20, 14, 22, 51)
    pids = {r: 70100 + (r // 8) * 50 + (r % 8) * 2 for r in range(32)}
    for n, h in enumerate(hosts):
        apid = 70090 + n * 50
        L = _elastic_start(t0, apid, 4, 8, hosts[0])
        L.append("%s/torch/nn/parallel/distributed.py:2058: UserWarning: find_unused_parameters=True was specified in DDP constructor, but did not find any unused parameters in the forward pass. This flag results in an extra traversal of the autograd graph every iteration,  which can adversely affect performance. If your model indeed never has any unused parameters in the forward pass, consider turning this flag off. Note that this warning may be a false positive if your model has flow control causing later iterations to have unused parameters. (Triggered internally at ../torch/csrc/distributed/c10d/reducer.cpp:1927.)" % SITE)
        if n == 0:
            t = t0 + sec(80)
            st = 0
            while t < tc - sec(60):
                t = t + sec(300 + rng.random())
                st += 250
                L.append("[%s][train][INFO] step=%d loss=%.4f val_loss=%s lr=%.2e" % (pylog(t), st, 2.71 - min(st, 5000) * 0.0001 + rng.gauss(0, 0.01), "%.4f" % (2.8 - min(st, 5000) * 0.00009) if st % 1000 == 0 else "-", 3e-4))
            L.append("[%s][train][WARNING] val_loss has not improved for 3 evals (best 2.3561 at step 5000)" % pylog(t + sec(2)))
        # after the cancel
        lr = [2, 7, 0, 5][n]
        r = n * 8 + lr
        tt = tc + sec(0.3 + n * 0.05)
        L.append("%s Received Signals.SIGTERM death signal, shutting down workers" % elastic_glog(tt, apid, "W", "torch/distributed/elastic/agent/server/api.py:704"))
        L.extend(sigterm_lines(tt + sec(0.01), apid, [pids[n * 8 + k] for k in range(8)]))
        if n == 2:
            L.append("")
            L.append("%s:%d:%d [0] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<51211> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (h, pids[16], pids[16] + 211, ips[3], ips[2], ips[3]))
        L.extend(remote_error(r, tt + sec(1.4), ips[(n + 1) % 4], 50100 + n, ips[n]))
        L.append("Traceback (most recent call last):")
        L.append('  File "/opt/venv/bin/torchrun", line 8, in <module>')
        L.append("    sys.exit(main())")
        L.append('  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler' % SITE)
        L.append('    raise SignalException(f"Process {os.getpid()} got signal: {sigval}", sigval=sigval)')
        L.append("torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % apid)
        c.add("%s/train.log" % h, "\n".join(L))
    c.add("slurm-%d.out" % job, "\n".join([
        "+ srun --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint h100-b03:29500 train.py --cfg cfg/ablation_lr3e-4.yaml",
        "slurmstepd: error: *** JOB %d ON h100-b03 CANCELLED AT %s ***" % (job, tc.strftime("%Y-%m-%dT%H:%M:%S")),
        "slurmstepd: error: *** STEP %d.0 ON h100-b03 CANCELLED AT %s ***" % (job, tc.strftime("%Y-%m-%dT%H:%M:%S")),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: h100-b05: task 2: Exited with exit code 1",
        "srun: error: h100-b04: task 1: Exited with exit code 1",
        "srun: error: h100-b06: task 3: Exited with exit code 1",
        "srun: error: h100-b03: task 0: Exited with exit code 1",
    ]))
    c.add("sacct.txt", "\n".join([
        "JobID           JobName      State ExitCode    Elapsed        NodeList ",
        "------------ ---------- ---------- -------- ---------- --------------- ",
        "5521877       ablat-lr3 CANCELLED+      0:0   04:52:49  h100-b[03-06] ",
        "5521877.batch     batch  CANCELLED     0:15   04:52:50        h100-b03 ",
        "5521877.extern   extern  COMPLETED      0:0   04:52:49  h100-b[03-06] ",
        "5521877.0      torchrun  CANCELLED     0:15   04:52:41  h100-b[03-06] ",
        "",
        "$ sacct -j 5521877 -X -o JobID,State%20,Reason",
        "JobID                       State                 Reason ",
        "------------ -------------------- ---------------------- ",
        "5521877           CANCELLED by 41877                   None ",
        "$ getent passwd 41877",
        "rtanaka:x:41877:4100:Riko Tanaka:/home/rtanaka:/bin/bash",
    ]))
    c.set_label("unknown", "framework", None, None, "none",
                "The job was cancelled by its owner (uid 41877) at 14:22:51 after val_loss stopped improving; the SIGTERMs, NCCL remote errors and flushed IB work requests on every node all follow that cancellation.",
                "https://github.com/IGNF/myria3d/issues/123")
    return c


# ============================================================ success, scary warnings
def finished_but_log_full_of_warnings(name):
    rng = random.Random(6417)
    c = Case(name)
    hosts = ["lambda-hgx-01", "lambda-hgx-02"]
    ips = ["10.0.6.21", "10.0.6.22"]
    t0 = T(2025, 1, 8, 18, 0, 9)
    tend = T(2025, 1, 9, 1, 44, 31)
    pids = {r: 20400 + (r // 8) * 30 + (r % 8) * 3 for r in range(16)}
    for n, h in enumerate(hosts):
        apid = 20390 + n * 30
        L = _elastic_start(t0, apid, 2, 8, hosts[0])
        if n == 1:
            for k in range(3):
                L.append("[W%s socket.cpp:752] [c10d] The client socket has failed to connect to [lambda-hgx-01]:29500 (errno: 111 - Connection refused)." % (t0 + sec(1 + k * 2)).strftime("%m%d %H:%M:%S.%f"))
        for lr in range(8):
            r = n * 8 + lr
            L.extend(nccl_init(h, pids[r], lr, r, 16, ips[n], rng, nic="ens7", hcas=8)[:9])
        L.append("%s/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()" % SITE)
        L.append("  return self.fget.__get__(instance, owner)()")
        L.append("/home/ubuntu/ft/train.py:201: FutureWarning: `torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` instead.")
        if n == 0:
            t = t0 + sec(60)
            ep = 0
            for st in range(100, 12001, 100):
                t = t + sec(100 * 2.31 + rng.random())
                L.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.41 - st * 0.00004 + rng.gauss(0, 0.01), 0.5 + rng.random() * 0.3, 2e-5 * (1 - st / 12000.0), st / 4000.0))
                if st == 6100:
                    L.append("[%s] WARNING: NaN or Inf found in input tensor. (skipping step, grad scaler reduced scale to 32768.0)" % pylog(t))
                if st % 4000 == 0:
                    L.append("{'eval_loss': %.4f, 'eval_runtime': 211.3, 'eval_samples_per_second': 94.6, 'epoch': %.1f}" % (1.22 - st * 0.00001, st / 4000.0))
                    L.append("Saving model checkpoint to /data/out/ft-llama3-8b/checkpoint-%d" % st)
            L.append("{'train_runtime': 27718.4, 'train_samples_per_second': 55.4, 'train_steps_per_second': 0.433, 'train_loss': 1.1932, 'epoch': 3.0}")
            L.append("[%s] INFO: Training complete. Final model saved to /data/out/ft-llama3-8b/final" % pylog(tend - sec(40)))
        for lr in range(8):
            r = n * 8 + lr
            L.append("[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (r, (tend - sec(8) + sec(lr * 0.01)).strftime("%m%d %H:%M:%S.%f")))
        L.append("%s [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % elastic_glog(tend - sec(5), apid, "I", "torch/distributed/elastic/agent/server/api.py:864"))
        L.append("%s Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % elastic_glog(tend - sec(5), apid, "I", "torch/distributed/elastic/agent/server/api.py:917"))
        L.append("%s Done waiting for other agents. Elapsed: %.6f seconds" % (elastic_glog(tend - sec(4), apid, "I", "torch/distributed/elastic/agent/server/api.py:931"), 0.4 + n * 0.5))
        c.add("%s/torchrun.log" % h, "\n".join(L))
        D = ["%s nvidia-nvlink: Nvlink Core is being initialized, major device number 505" % dmesg_T(T(2025, 1, 2, 7, 1, 3))]
        if n == 1:
            D.append("%s NVRM: Xid (PCI:0000:61:00): 63, pid=20431, name=python, Row Remapper: New row marked for remapping, reset gpu to activate." % dmesg_T(T(2025, 1, 8, 21, 12, 40)))
        D.append("%s mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:748:(pid 0): FWTracer: Events were lost" % dmesg_T(T(2025, 1, 8, 23, 3, 2)))
        c.add("%s/dmesg_-T.txt" % h, "\n".join(D))
    c.add("%s/nvidia-smi_-q_-d_ECC,ROW_REMAPPER.txt" % hosts[1], "\n".join([
        "GPU 00000000:61:00.0",
        "    ECC Errors",
        "        Volatile",
        "            DRAM Correctable              : 3",
        "            DRAM Uncorrectable            : 0",
        "    Remapped Rows",
        "        Correctable Error                 : 1",
        "        Uncorrectable Error               : 0",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
    ]))
    c.add("sacct.txt", "JobID           JobName      State ExitCode    Elapsed \n------------ ---------- ---------- -------- ---------- \n88410         ft-llama3  COMPLETED      0:0   07:44:39 \n88410.batch       batch  COMPLETED      0:0   07:44:39 \n88410.0        torchrun  COMPLETED      0:0   07:44:22 \n")
    c.set_label("unknown", "framework", None, None, "none",
                "The run finished: HF trainer printed train_runtime and the final save, both agents report WorkerState.SUCCEEDED and sacct says COMPLETED 0:0. The socket-refused retries at startup, the skipped AMP step, TypedStorage/destroy_process_group warnings and a correctable-error row remap (Xid 63) did not stop anything.",
                "https://github.com/pytorch/pytorch/issues/126275")
    return c


# ============================================================ driver too old on one host
def driver_mismatch_single_host(name):
    rng = random.Random(6419)
    c = Case(name)
    hosts = ["dgx-h-01", "dgx-h-02", "dgx-h-03", "dgx-h-04"]
    t0 = T(2024, 10, 2, 8, 14, 3)
    pids = {r: 31000 + (r // 8) * 100 + (r % 8) * 4 for r in range(32)}
    drv = {0: ("550.90.07", "12.4"), 1: ("550.90.07", "12.4"), 2: ("535.183.01", "12.2"), 3: ("550.90.07", "12.4")}
    for n, h in enumerate(hosts):
        apid = 30990 + n * 100
        L = _elastic_start(t0, apid, 4, 8, hosts[0])
        L.append("%s [default] Rendezvous complete for workers. Result:" % elastic_glog(t0 + sec(6), apid, "I", "torch/distributed/elastic/agent/server/api.py:525"))
        L.append("  restart_count=0\n  master_addr=dgx-h-01\n  master_port=29500\n  group_rank=%d\n  group_world_size=4\n  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]\n  role_ranks=[%s]\n  global_ranks=[%s]" % (
            n, ", ".join(str(n * 8 + k) for k in range(8)), ", ".join(str(n * 8 + k) for k in range(8))))
        if n == 2:
            tf = t0 + sec(13.2)
            for k in range(8):
                r = 16 + k
                L.append("[rank%d]: Traceback (most recent call last):" % r)
                for fr in traceback([
                    ("/workspace/llm/train.py", 552, "<module>", "main()"),
                    ("/workspace/llm/train.py", 61, "main", "torch.cuda.set_device(local_rank)"),
                    (SITE + "/torch/cuda/__init__.py", 399, "set_device", "torch._C._cuda_setDevice(device)"),
                    (SITE + "/torch/cuda/__init__.py", 314, "_lazy_init", "torch._C._cuda_init()"),
                ], "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.")[1:]:
                    L.append("[rank%d]: %s" % (r, fr))
            tk = tf + sec(0.9)
            L.append("%s failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (elastic_glog(tk, apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"), pids[16]))
            L.extend(child_failed("train.py", [{"time": tk.strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": 16 + k, "local_rank": k, "exitcode": 1, "pid": pids[16 + k]} for k in range(1, 8)],
                                  {"time": tk.strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": 16, "local_rank": 0, "exitcode": 1, "pid": pids[16]}))
        else:
            L.append("[%s] INFO train: torch 2.4.1+cu124, nccl 2.21.5, node %s group_rank %d" % (pylog(t0 + sec(12)), h, n))
            tw = t0 + sec(13) + sec(1800.4 + n * 0.2)
            for k in (0,) if n else (0, 3):
                r = n * 8 + k
                L.append("[rank%d]: Traceback (most recent call last):" % r)
                L.append('[rank%d]:   File "/workspace/llm/train.py", line 64, in main' % r)
                L.append("[rank%d]:     dist.init_process_group(\"nccl\", timeout=timedelta(minutes=30))" % r)
                L.append('[rank%d]:   File "%s/torch/distributed/rendezvous.py", line 194, in _create_c10d_store' % (r, SITE))
                if n == 0 and k == 0:
                    L.append("[rank%d]: torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 24/32 clients joined." % r)
                else:
                    L.append("[rank%d]: torch.distributed.DistStoreError: wait timeout after 1800000ms, keys: /default_pg/0//cuda//0" % r)
            _fail_tail(L, h, apid, pids, n, 0, tw + sec(1), "train.py", exitcode=1)
        c.add("%s/torchrun.log" % h, "\n".join(L))
        v, cu = drv[n]
        S = ["Wed Oct  2 08:13:51 2024       ",
             "+-----------------------------------------------------------------------------------------+",
             "| NVIDIA-SMI %-10s             Driver Version: %-10s     CUDA Version: %-4s     |" % (v, v, cu),
             "|-----------------------------------------+------------------------+----------------------+",
             "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
             "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
             "|=========================================+========================+======================|"]
        for g in range(8):
            S.append("|   %d  NVIDIA H100 80GB HBM3          On  |   00000000:%s:00.0 Off |                    0 |" % (g, ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"][g]))
            S.append("| N/A   %dC    P0             %dW /  700W |       1MiB /  81559MiB |      0%%      Default |" % (30 + rng.randint(0, 6), 68 + rng.randint(0, 9)))
            S.append("+-----------------------------------------+------------------------+----------------------+")
        c.add("%s/nvidia-smi.txt" % h, "\n".join(S))
    c.add("%s/apt_history_tail.txt" % hosts[2], "Start-Date: 2024-09-30  22:41:07\nCommandline: /usr/bin/unattended-upgrade\nInstall: nvidia-driver-535-server:amd64 (535.183.01-0ubuntu0.22.04.1), nvidia-utils-535-server:amd64 (535.183.01-0ubuntu0.22.04.1)\nRemove: nvidia-driver-550-server:amd64 (550.90.07-0ubuntu1)\nEnd-Date: 2024-09-30  22:44:59\n")
    c.set_label("dependency", "infrastructure", hosts[2], None, "restart_without_node",
                "Only dgx-h-03's eight ranks fail at CUDA init with 'driver too old (found version 12020)'; its nvidia-smi reports driver 535/CUDA 12.2 (an unattended upgrade swapped it) while the other three nodes run 550/12.4 and merely time out waiting for the missing 8 clients.",
                "https://github.com/lllyasviel/Fooocus/issues/1313")
    return c


# ============================================================ host DIMM uncorrectable -> SIGBUS
def bus_error_one_rank(name):
    rng = random.Random(6420)
    c = Case(name)
    hosts = ["gpu-x7-01", "gpu-x7-02"]
    ips = ["10.33.7.1", "10.33.7.2"]
    t0 = T(2024, 8, 5, 12, 30, 0)
    tb = T(2024, 8, 5, 17, 8, 44, 731000)
    pids = {r: 48100 + (r // 8) * 50 + (r % 8) * 16 for r in range(16)}
    pids[9] = 48213
    for n, h in enumerate(hosts):
        apid = 48090 + n * 50
        L = _elastic_start(t0, apid, 2, 8, hosts[0])
        if n == 0:
            t = t0 + sec(60)
            st = 0
            while t < tb - sec(100):
                t = t + sec(240 + rng.random())
                st += 200
                L.append("%s INFO  step=%d loss=%.4f ppl=%.2f lr=%.2e" % (pylog(t), st, 2.2 - st * 0.00003, 9.02 - st * 0.0002, 1e-4))
            te = tb + sec(4.4)
            L.extend(remote_error(3, te, ips[1], 43012, ips[0], host=h, pid=pids[3], lr=3))
            _fail_tail(L, h, apid, pids, 0, 3, te + sec(2), "train.py")
        else:
            tk = tb + sec(0.9)
            L.append("%s failed (exitcode: -7) local_rank: 1 (pid: 48213) of binary: /usr/bin/python3" % elastic_glog(tk + sec(0.3), apid, "E", "torch/distributed/elastic/multiprocessing/api.py:833"))
            L.extend(sigterm_lines(tk, apid, [pids[8 + k] for k in range(8) if k != 1]))
            L.extend(child_failed("train.py", [{"time": (tk + sec(2)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": 12, "local_rank": 4, "exitcode": -15, "pid": pids[12],
                                                "traceback": "Signal 15 (SIGTERM) received by PID %d" % pids[12]}],
                                  {"time": (tk + sec(0.3)).strftime("%Y-%m-%d_%H:%M:%S"), "host": h, "rank": 9, "local_rank": 1, "exitcode": -7, "pid": 48213,
                                   "traceback": "Signal 7 (SIGBUS) received by PID 48213"}))
        c.add("%s/torchrun.log" % h, "\n".join(L))
        S = []
        S.append("%s kernel: [    0.000000] Linux version 6.5.0-41-generic (buildd@lcy02-amd64-093) #41~22.04.2-Ubuntu SMP PREEMPT_DYNAMIC" % syslog(T(2024, 7, 29, 9, 0, 2), h))
        if n == 0:
            S.append("%s kernel: [%.6f] EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#3_DIMM#0 (channel:3 slot:0 page:0x2c71b4 offset:0x100 grain:32 syndrome:0x0 - err_code:0x0000:0x009f)" % (syslog(T(2024, 8, 4, 3, 50, 13), h), (T(2024, 8, 4, 3, 50, 13, 442118) - T(2024, 7, 29, 9, 0, 2)).total_seconds()))
        if n == 1:
            up = (tb - T(2024, 7, 29, 9, 0, 2)).total_seconds() - 0.05
            S.append("%s kernel: [%.6f] mce: [Hardware Error]: Machine check events logged" % (syslog(tb - sec(0.05), h), up))
            S.append("%s kernel: [%.6f] EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x3f8e12 offset:0x0 grain:32 - err_code:0x0000:0x009f SystemAddress:0x3f8e12000 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x1fc712000 ChannelId:0x2 RankAddress:0xfe38900 PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x7f1c Column:0x0 Bank:0x1 BankGroup:0x2 ChipSelect:0x0 ChipId:0x0)" % (syslog(tb - sec(0.04), h), up + 0.01))
            S.append("%s kernel: [%.6f] Memory failure: 0x3f8e12: Sending SIGBUS to python3:48213 due to hardware memory corruption" % (syslog(tb, h), up + 0.05))
            S.append("%s kernel: [%.6f] Memory failure: 0x3f8e12: recovery action for dirty LRU page: Recovered" % (syslog(tb, h), up + 0.05))
            S.append("%s rasdaemon[1877]: rasdaemon: mc_event store: Bad file descriptor" % syslog(tb + sec(1), h))
            S.append("%s rasdaemon[1877]:            <...>-48213 [114] ....  %.3f: mc_event: 2024-08-05 17:08:44 +0000 1 Uncorrected error: memory read error on CPU_SrcID#1_MC#0_Chan#2_DIMM#0 (mc:1 location:0:2:-1 address:0x3f8e12000 grain:5 syndrome:0x0 area:DRAM err_code:0000:009f)" % (syslog(tb + sec(1), h), up + 0.011))
        c.add("%s/syslog_kernel.txt" % h, "\n".join(S))
    c.set_label("host", "infrastructure", hosts[1], 9, "restart_without_node",
                "gpu-x7-02 logged an uncorrected DIMM error (EDAC UE on CPU1 channel 2) and the kernel sent SIGBUS to pid 48213, which torchrun reports as rank 9 exiting with -7 (SIGBUS), the root cause; gpu-x7-01 only has a remote error against 10.33.7.2 and an old corrected error.",
                "https://www.kernel.org/doc/html/latest/vm/hwpoison.html")
    return c


# ============================================================ hang, nothing points anywhere
def all_ranks_stuck_same_collective(name):
    rng = random.Random(6421)
    c = Case(name)
    hosts = ["ml-p4d-01", "ml-p4d-02", "ml-p4d-03", "ml-p4d-04"]
    ips = ["172.31.40.%d" % k for k in (11, 12, 13, 14)]
    t0 = T(2024, 5, 2, 6, 10, 0)
    tl = T(2024, 5, 2, 11, 31, 7, 220000)
    seq = 612541
    pids = {r: 11000 + (r // 8) * 100 + (r % 8) * 5 for r in range(32)}
    for n, h in enumerate(hosts):
        apid = 10990 + n * 100
        L = _elastic_start(t0, apid, 4, 8, hosts[0])
        if n == 0:
            t = t0 + sec(90)
            st = 0
            while t < tl - sec(60):
                t = t + sec(300 + rng.random())
                st += 290
                L.append("%s:INFO:trainer:step %d loss %.4f %.1f samples/s" % (pylog(t), st, 0.91 - st * 0.00001, 1480 + rng.random() * 10))
            L.append("%s:INFO:trainer:step %d loss %.4f %.1f samples/s" % (pylog(tl), 20418, 0.7112, 1478.3))
        for lr in range(8):
            r = n * 8 + lr
            tw = tl + sec(1800 + 0.3 + rng.random() * 1.2)
            L.extend(watchdog_timeout(r, tw, seq, "ALLREDUCE", 33554432, 1800000, rng=rng))
        _fail_tail(L, h, apid, pids, n, 0, tl + sec(1805), "trainer.py")
        c.add("%s/torchrun.log" % h, "\n".join(L))
        P = []
        for lr in (0, 4):
            r = n * 8 + lr
            P.append("Process %d: /usr/bin/python -u trainer.py --cfg cfg/dino_vitg.yaml" % pids[r])
            P.append("Python v3.10.12 (/usr/bin/python3.10)")
            P.append("")
            P.append("Thread %d (active): \"MainThread\"" % pids[r])
            P.append("    all_reduce (torch/distributed/distributed_c10d.py:2288)")
            P.append("    wrapper (torch/distributed/c10d_logger.py:79)")
            P.append("    _reduce_grads (dinov2/train/ssl_meta_arch.py:344)")
            P.append("    do_train (dinov2/train/train.py:288)")
            P.append("    main (dinov2/train/train.py:318)")
            P.append("    <module> (dinov2/train/train.py:322)")
            P.append("Thread %d (idle): \"Thread-2 (_pin_memory_loop)\"" % (pids[r] + 61))
            P.append("    select (selectors.py:416)")
            P.append("    wait (multiprocessing/connection.py:931)")
            P.append("    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:52)")
            P.append("")
        c.add("%s/py-spy_dump_%s.txt" % (h, (tl + sec(900)).strftime("%H%M")), "\n".join(P))
        D = ["%s mlx5_core 0000:10:1c.0 eth0: Link up" % uptime(11.9),
             "%s EFA: efa 0000:10:1b.0: Setup irq:0x2a name:efa-mgmnt@pci:0000:10:1b.0" % uptime(12.4),
             "%s nvidia-nvswitch0: using MSI" % uptime(14.0)]
        if n == 3:
            D.append("%s NVRM: Xid (PCI:0000:a0:1c): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row marked for remapping, reset gpu to activate." % uptime(88120.447))
        c.add("%s/dmesg.txt" % h, "\n".join(D))
        c.add("%s/fi_info_efa_and_ports.txt" % h, "provider: efa\n    fabric: EFA-fe80::%x:%x:%x:%x\n    domain: rdmap16s27-rdm\n    version: 119.0\n    type: FI_EP_RDM\n    protocol: FI_PROTO_EFA\n$ cat /sys/class/infiniband/*/ports/1/state\n4: ACTIVE\n4: ACTIVE\n4: ACTIVE\n4: ACTIVE\n" % tuple(rng.randint(0x100, 0xfff) for _ in range(4)))
    c.set_label("hang", "infrastructure", None, None, "restart",
                "All 32 ranks time out on the same ALLREDUCE (SeqNum 612541) with identical last-enqueued/last-completed counters, py-spy shows every sampled rank inside all_reduce, and no node has a hardware or link event (the Xid 63 on ml-p4d-04 is an old row-remap notice). Nothing points to a node: a plain hang.",
                "https://github.com/ai2cm/ace/issues/348")
    return c


# ============================================================ hang, flight recorder shows one rank behind
def one_rank_behind_flight_recorder(name):
    rng = random.Random(6422)
    c = Case(name)
    hosts = ["a3m-n01", "a3m-n02", "a3m-n03", "a3m-n04"]
    t0 = T(2024, 11, 11, 2, 0, 0)
    tl = T(2024, 11, 11, 7, 45, 12, 500000)
    seq = 30114
    pids = {r: 7100 + (r // 8) * 100 + (r % 8) * 9 for r in range(32)}
    for n, h in enumerate(hosts):
        apid = 7090 + n * 100
        L = _elastic_start(t0, apid, 4, 8, hosts[0])
        L.append("%s TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/shared/fr/%s/nccl_trace_rank_" % (pylog(t0 + sec(5)), "job4471"))
        if n == 0:
            t = t0 + sec(100)
            st = 0
            while t < tl - sec(20):
                t = t + sec(600 + rng.random())
                st += 520
                L.append("%s [trainer] step %d | loss %.4f | %.2f s/step" % (pylog(t), st, 3.1 - st * 0.00005, 1.15 + rng.random() * 0.02))
        for lr in range(8):
            r = n * 8 + lr
            if r == 27:
                continue
            tw = tl + sec(600 + 0.2 + rng.random())
            L.extend(watchdog_timeout(r, tw, seq, "ALLREDUCE", 262144000, 600000, rng=rng, last_enq=seq, last_comp=seq - 1))
            if lr == 0:
                L.append("%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % (torch_glog(r, tw + sec(0.01), "E", "ProcessGroupNCCL.cpp:1604"), r, seq, seq - 1))
        if n == 3:
            tr = tl + sec(600 + 1.4)
            L.append("%s [PG ID 0 PG GUID 0(default_pg) Rank 27] Observed flight recorder dump signal from another rank via TCPStore." % torch_glog(27, tr, "E", "ProcessGroupNCCL.cpp:1660"))
            L.append("%s [PG ID 0 PG GUID 0(default_pg) Rank 27] Received a dump signal due to a collective timeout from  rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d." % (torch_glog(27, tr + sec(0.01), "E", "ProcessGroupNCCL.cpp:1604"), seq - 1, seq - 1))
            L.append("%s [PG ID 0 PG GUID 0(default_pg) Rank 27] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % torch_glog(27, tr + sec(0.02), "E", "ProcessGroupNCCL.cpp:1352"))
        _fail_tail(L, h, apid, pids, n, 0 if n != 3 else 1, tl + sec(606), "trainer.py")
        c.add("%s/torchrun.log" % h, "\n".join(L))
        D = ["%s gve 0000:06:00.0: GVE version 1.4.0" % dmesg_T(T(2024, 11, 9, 14, 2, 11)),
             "%s nvidia-fabricmanager[3321]: Successfully configured all the available NVSwitches to route GPU NVLink traffic." % dmesg_T(T(2024, 11, 9, 14, 2, 39))]
        c.add("%s/dmesg_-T.txt" % h, "\n".join(D))
    h = hosts[3]
    c.add("%s/py-spy_dump_rank27_pid%d.txt" % (h, pids[27]), "\n".join([
        "Process %d: /usr/bin/python3 -u trainer.py --config configs/llama3_70b_fsdp.toml" % pids[27],
        "Python v3.11.9 (/usr/bin/python3.11)",
        "",
        "Thread %d (active): \"MainThread\"" % pids[27],
        "    _local_scalar_dense (torch/_ops.py:1116)",
        "    item (torch/_tensor.py:1064)",
        "    clip_grad_norm_ (trainer/optim.py:88)",
        "    train_step (trainer/loop.py:241)",
        "    train (trainer/loop.py:310)",
        "    main (trainer.py:77)",
        "    <module> (trainer.py:81)",
        "Thread %d (idle): \"Thread-3 (_pin_memory_loop)\"" % (pids[27] + 70),
        "    select (selectors.py:415)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:53)",
    ]))
    c.add("%s/nvidia-smi_--query-gpu.csv" % h, "\n".join(
        ["index, pci.bus_id, utilization.gpu [%], power.draw [W], clocks.sm [MHz], clocks_throttle_reasons.active, temperature.gpu"] +
        ["%d, 00000000:%s:00.0, %d %%, %.2f W, %d MHz, 0x0000000000000000, %d" % (g, ["04", "05", "0A", "0B", "84", "85", "8A", "8B"][g],
                                                                                 100 if g == 3 else 0, 611.4 if g == 3 else 71.0 + g, 1980 if g == 3 else 345, 71 if g == 3 else 34) for g in range(8)]))
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace /shared/fr/job4471 -p nccl_trace_rank_",
          "loaded 32 dump files (ranks 0-31), pg 0:default_pg, 32 ranks",
          "",
          "Not all ranks joining collective 30114 at entry 1871",
          "group info: 0:default_pg",
          "collective: nccl:all_reduce",
          "missing ranks: {27}",
          "input sizes: [[262144000]]",
          "output sizes: [[262144000]]",
          "expected ranks: 32",
          "collective state: scheduled",
          "collective stack trace:",
          "  all_reduce at /usr/local/lib/python3.11/dist-packages/torch/distributed/distributed_c10d.py:2501",
          "  wrapper at /usr/local/lib/python3.11/dist-packages/torch/distributed/c10d_logger.py:83",
          "  _reduce_scatter_grads at trainer/fsdp_utils.py:152",
          "  train_step at trainer/loop.py:236",
          "",
          "rank 27: last entry seq_id 30113 nccl:all_reduce state=completed; no entry for 30114",
          "rank 27 last profiling event: nccl:all_reduce (30113) completed at 07:45:11.802",
          "all other ranks: 30114 scheduled, not started",
          ]
    c.add("fr_trace_analysis.txt", "\n".join(fr))
    c.set_label("hang", "infrastructure", hosts[3], 27, "run_diagnostics",
                "Flight recorder shows 31 ranks waiting in all_reduce 30114 with rank 27 missing; rank 27 never enqueued it (last enqueued 30113) and py-spy has it blocked in .item() on its own GPU, which nvidia-smi shows pinned at 100% utilisation while its peers idle. One rank on a3m-n04 is provably stuck on its GPU without an Xid.",
                "https://github.com/pytorch/tutorials/pull/3814")
    return c


# ============================================================ straggler, one GPU thermal throttled
def one_host_slow_steps_thermal(name):
    rng = random.Random(6423)
    c = Case(name)
    JST = tz(9)
    hosts = ["hpc-g-1101", "hpc-g-1102", "hpc-g-1103", "hpc-g-1104"]
    t0 = T(2024, 7, 22, 9, 0, 0, 0, JST)
    tslow = T(2024, 7, 22, 13, 20, 0, 0, JST)
    L = ["%s INFO megatron: world 32 tp 2 pp 1 dp 16, straggler detector enabled (log every 100 iterations)" % pylog(t0 + sec(60))]
    t = t0 + sec(120)
    for it in range(100, 15001, 100):
        slow = t >= tslow
        per = 1.52 + rng.random() * 0.02 if not slow else 2.09 + rng.random() * 0.03
        t = t + sec(100 * per)
        L.append("%s INFO megatron: iteration %d/200000 | elapsed time per iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | lm loss: %.4E" % (
            pylog(t), it, per * 1000, 412.0 / (per / 1.52), 2.6 - it * 0.00003))
        if it % 500 == 0:
            if slow:
                L.append("%s INFO megatron: | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/22 | MnPwr/Rnk: %dW/22 | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/22 | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/22 | MnClk/Rnk: %dMHz/22 | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/22 | MxEtpt/Rnk: %.2fTF/%d" % (
                    pylog(t), 1488.0 + rng.random() * 10, rng.randint(0, 31), 2071.0 + rng.random() * 20, 402 + rng.randint(0, 20), 698, rng.randint(0, 21),
                    52 + rng.randint(0, 4), rng.randint(0, 21), 89 + rng.randint(0, 2), 71 + rng.randint(0, 4), rng.randint(0, 21), 100,
                    1005 + rng.randint(0, 40), 1980, rng.randint(0, 21), 1.1, rng.randint(0, 31), 1.3, rng.randint(0, 31), 298.0 + rng.random() * 5, 415.0 + rng.random() * 3, rng.randint(0, 21)))
            else:
                a = rng.randint(0, 31)
                L.append("%s INFO megatron: | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d | MnDRtt/Rnk: %.2fms/%d | MxDRtt/Rnk: %.2fms/%d | MnEtpt/Rnk: %.2fTF/%d | MxEtpt/Rnk: %.2fTF/%d" % (
                    pylog(t), 1486.0 + rng.random() * 10, a, 1521.0 + rng.random() * 10, rng.randint(0, 31), 655, rng.randint(0, 31), 700, rng.randint(0, 31),
                    51, rng.randint(0, 31), 64 + rng.randint(0, 3), rng.randint(0, 31), 98, rng.randint(0, 31), 100, rng.randint(0, 31),
                    1950, rng.randint(0, 31), 1980, rng.randint(0, 31), 1.1, rng.randint(0, 31), 1.3, rng.randint(0, 31), 405.0 + rng.random() * 3, rng.randint(0, 31), 416.0 + rng.random() * 2, rng.randint(0, 31)))
    c.add("%s/train_rank0.log" % hosts[0], "\n".join(L))
    for n, h in enumerate(hosts):
        Q = ["==============NVSMI LOG==============", "Timestamp                                 : Mon Jul 22 17:05:13 2024", "Driver Version                            : 550.54.15", ""]
        for g in range(8):
            hot = (n == 2 and g == 6)
            Q.append("GPU 00000000:%s:00.0" % ["19", "3B", "4C", "5D", "9B", "BB", "CB", "DB"][g])
            Q.append("    Clocks Event Reasons")
            Q.append("        Idle                              : Not Active")
            Q.append("        Applications Clocks Setting       : Not Active")
            Q.append("        SW Power Cap                      : %s" % ("Not Active" if hot else ("Active" if g % 3 == 0 else "Not Active")))
            Q.append("        HW Slowdown                       : %s" % ("Active" if hot else "Not Active"))
            Q.append("            HW Thermal Slowdown           : %s" % ("Active" if hot else "Not Active"))
            Q.append("            HW Power Brake Slowdown       : Not Active")
            Q.append("        Sync Boost                        : Not Active")
            Q.append("        SW Thermal Slowdown               : %s" % ("Active" if hot else "Not Active"))
            Q.append("        Display Clock Setting             : Not Active")
            Q.append("    Temperature")
            Q.append("        GPU Current Temp                  : %d C" % (90 if hot else 55 + rng.randint(0, 10)))
            Q.append("        GPU T.Limit Temp                  : %d C" % (-3 if hot else 30 - rng.randint(0, 8)))
            Q.append("        GPU Shutdown Temp                 : 92 C")
            Q.append("        GPU Slowdown Temp                 : 87 C")
            Q.append("    Clocks")
            Q.append("        Graphics                          : %d MHz" % (1005 if hot else 1980))
            Q.append("        SM                                : %d MHz" % (1005 if hot else 1980))
        c.add("%s/nvidia-smi_-q_-d_PERFORMANCE,TEMPERATURE,CLOCK.txt" % h, "\n".join(Q))
    c.add("%s/ipmitool_sel_list.txt" % hosts[2], "\n".join([
        "  1a3 | 07/22/2024 | 13:11:52 JST | Fan FAN6_REAR | Lower Critical going low  | Asserted",
        "  1a4 | 07/22/2024 | 13:11:55 JST | Fan FAN6_REAR | Lower Non-recoverable going low  | Asserted",
        "  1a5 | 07/22/2024 | 13:17:40 JST | Temperature GPU6_Temp | Upper Non-critical going high | Asserted",
        "  1a6 | 07/22/2024 | 13:19:02 JST | Temperature GPU6_Temp | Upper Critical going high | Asserted",
    ]))
    c.add("%s/rank_map.txt" % hosts[2], "rank 16 -> hpc-g-1103 GPU0\nrank 17 -> hpc-g-1103 GPU1\nrank 18 -> hpc-g-1103 GPU2\nrank 19 -> hpc-g-1103 GPU3\nrank 20 -> hpc-g-1103 GPU4\nrank 21 -> hpc-g-1103 GPU5\nrank 22 -> hpc-g-1103 GPU6\nrank 23 -> hpc-g-1103 GPU7\n")
    c.set_label("straggler", "infrastructure", hosts[2], 22, "restart_without_node",
                "From ~13:20 JST iteration time rises from 1.5 s to 2.1 s and the straggler detector names rank 22 as slowest, hottest, lowest clock every time; rank 22 is GPU6 of hpc-g-1103, which nvidia-smi shows in HW/SW thermal slowdown at 90C and 1005 MHz after the BMC logged FAN6_REAR failing. No crash, one slow node.",
                "https://github.com/tensorflow/tensorflow/issues/40042")
    return c


# ============================================================ Xid 94, row remapped after reset, none pending
def gpu_memory_error_then_clean_after_reset(name):
    rng = random.Random(6425)
    c = Case(name)
    hosts = ["t4k-gpu-0a", "t4k-gpu-0b"]
    ips = ["10.5.30.10", "10.5.30.11"]
    t0 = T(2024, 4, 22, 1, 15, 0)
    tx = T(2024, 4, 22, 3, 58, 21, 330000)
    pids = {r: 55000 + (r // 8) * 100 + (r % 8) * 15 for r in range(16)}
    pids[11] = 55120
    for n, h in enumerate(hosts):
        apid = 54990 + n * 100
        L = _elastic_start(t0, apid, 2, 8, hosts[0])
        if n == 0:
            t = t0 + sec(50)
            st = 0
            while t < tx - sec(60):
                t = t + sec(180 + rng.random())
                st += 100
                L.append("[%s] rank0 step %d loss %.4f" % (pylog(t), st, 1.1 - st * 0.00002))
            te = tx + sec(2.9)
            L.extend(remote_error(6, te, ips[1], 44120, ips[0], host=h, pid=pids[6], lr=6))
            _fail_tail(L, h, apid, pids, 0, 6, te + sec(2), "finetune.py")
        else:
            L.append("[rank11]: Traceback (most recent call last):")
            for fr in traceback([
                ("/work/finetune.py", 270, "<module>", "train()"),
                ("/work/finetune.py", 231, "train", "loss = model(**batch).loss"),
                (SITE + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                (SITE + "/transformers/models/llama/modeling_llama.py", 655, "forward", "attn_output = torch.nn.functional.scaled_dot_product_attention("),
            ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")[1:]:
                L.append("[rank11]: " + fr)
            _fail_tail(L, h, apid, pids, 1, 3, tx + sec(1.2), "finetune.py", exitcode=1)
        c.add("%s/torchrun.log" % h, "\n".join(L))
        S = ["%s kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:15 UTC 2024" % syslog(T(2024, 4, 15, 8, 0, 31), h)]
        if n == 1:
            S.append("%s kernel: NVRM: Xid (PCI:0000:61:00): 94, pid=55120, name=python3, Contained: SM (0x1). RST: No, D-RST: No" % syslog(tx, h))
            S.append("%s kernel: NVRM: Xid (PCI:0000:61:00): 63, pid=55120, name=python3, Row Remapper: New row (0x00000000000a3f21) marked for remapping, reset gpu to activate." % syslog(tx + sec(0.01), h))
            S.append("%s sudo[81233]:   opsbot : TTY=unknown ; PWD=/root ; USER=root ; COMMAND=/usr/bin/nvidia-smi -r -i 3" % syslog(T(2024, 4, 22, 4, 20, 2), h))
            S.append("%s kernel: NVRM: GPU at PCI:0000:61:00: GPU-4b1f77a2-0c9e-3d1a-88e1-7f2a9c6b5d04 reset complete" % syslog(T(2024, 4, 22, 4, 20, 9), h))
        c.add("%s/syslog.txt" % h, "\n".join(S))
    c.add("%s/nvidia-smi_-q_-i_3_-d_ECC,ROW_REMAPPER_after_reset.txt" % hosts[1], "\n".join([
        "==============NVSMI LOG==============", "",
        "Timestamp                                 : Mon Apr 22 04:21:40 2024",
        "Driver Version                            : 535.161.08", "CUDA Version                              : 12.2", "",
        "Attached GPUs                             : 8",
        "GPU 00000000:61:00.0",
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable            : 0",
        "            DRAM Correctable              : 2",
        "            DRAM Uncorrectable            : 1",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
    ]))
    c.set_label("gpu_memory", "infrastructure", hosts[1], 11, "restart",
                "Rank 11 (pid 55120, GPU 3 at 0000:61:00 on t4k-gpu-0b) died with 'uncorrectable ECC error' at the instant of a contained Xid 94; after the GPU reset nvidia-smi shows the row remapped (Uncorrectable Error 1) with nothing pending and no remap failure, so the GPU is usable again.",
                "https://raw.githubusercontent.com/stas00/ml-engineering/7bc7c3054eb93c277a4755c597ae0864d77a63f1/compute/accelerator/nvidia/debug.md")
    return c


# ============================================================ NaN that follows one node across attempts
def same_host_nan_twice(name):
    rng = random.Random(6426)
    c = Case(name)
    attempts = [
        (["c01", "c02", "c03", "c04"], T(2024, 3, 28, 8, 0, 0), 0, 4471),
        (["c05", "c02", "c06", "c07"], T(2024, 3, 28, 19, 12, 0), 4000, 4188),
    ]
    for a, (hosts, t0, resume, bad_step) in enumerate(attempts):
        pids = {r: 9100 + a * 3000 + (r // 8) * 100 + (r % 8) * 7 for r in range(32)}
        tstep = {}
        tt = t0 + sec(60)
        for st_ in range(resume + 50, bad_step, 50):
            tt = tt + sec(50 * 2.02 + rng.random())
            tstep[st_] = tt
        last_st = max(tstep) if tstep else resume
        tn = (tstep[last_st] if tstep else t0 + sec(60)) + sec((bad_step - last_st) * 2.02)
        for n, h in enumerate(hosts):
            apid = 9090 + a * 3000 + n * 100
            L = _elastic_start(t0, apid, 4, 8, hosts[0])
            t = t0 + sec(60)
            if n == 0:
                L.append("%s [INFO] attempt %d, resume_step=%d, nodes=%s, NAN_GUARD=local-grad-check" % (pylog(t), a, resume, ",".join(hosts)))
            if n == 0:
                for st in sorted(tstep):
                    L.append("%s [INFO] step %d loss %.4f grad_norm %.3f" % (pylog(tstep[st]), st, 2.05 - st * 0.00005 + rng.gauss(0, 0.006), 0.31 + rng.random() * 0.04))
            if n == 1:
                L.append("%s [ERROR] rank 13: non-finite values in local gradients before all-reduce at step %d (first bad param: layers.%d.mlp.down_proj.weight, %d inf / %d nan elements)" % (
                    pylog(tn), bad_step, 17 if a == 0 else 9, rng.randint(2, 40), rng.randint(1000, 90000)))
                L.append("%s [ERROR] rank 13: loss on this microbatch=%.4f (finite); input batch checksum 0x%08x" % (pylog(tn), 1.83 + rng.random() * 0.1, rng.getrandbits(32)))
            if n == 0:
                L.append("%s [ERROR] step %d: global grad norm is nan after all-reduce; NAN_GUARD aborting run (reported by ranks: [13])" % (pylog(tn + sec(0.4)), bad_step))
            r = n * 8
            L.append("[rank%d]: RuntimeError: NaN guard tripped at step %d" % (r, bad_step))
            _fail_tail(L, h, apid, pids, n, 0, tn + sec(1.5), "pretrain.py", exitcode=1)
            c.add("attempt_%d/%s/torchrun.log" % (a, h), "\n".join(L))
            D = ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15" % dmesg_T(T(2024, 3, 20, 11, 0, 4)),
                 "%s mlx5_core 0000:0c:00.0 ibp12s0: Link up" % dmesg_T(T(2024, 3, 20, 11, 0, 17))]
            c.add("attempt_%d/%s/dmesg_-T.txt" % (a, h), "\n".join(D))
    c.add("notes_from_oncall.txt", "attempt_0 died with NaN at step 4471; assumed loss spike, lowered nothing, resumed from step_4000 on whatever nodes were free.\nattempt_1 died with NaN at step 4188.\n")
    c.set_label("gpu_hardware", "infrastructure", "c02", 13, "restart_without_node",
                "Both attempts abort on the NaN guard at different steps (4471, 4188) from different data, and both times the first non-finite local gradient is on rank 13, which is c02 GPU 5 in each placement; c02 is the only node common to both attempts. No Xid, but a NaN that follows one node is that node's hardware.",
                "https://github.com/pytorch/torchtitan/issues/951")
    return c


# ============================================================ foreign process holds GPU memory
def foreign_process_holds_gpu_memory(name):
    rng = random.Random(6427)
    c = Case(name)
    hosts = ["gx-21", "gx-22"]
    ips = ["10.12.0.21", "10.12.0.22"]
    t0 = T(2024, 10, 29, 15, 40, 11)
    pids = {r: 3120000 + (r // 8) * 1000 + (r % 8) * 31 for r in range(16)}
    for n, h in enumerate(hosts):
        apid = 3119990 + n * 1000
        L = _elastic_start(t0, apid, 2, 8, hosts[0])
        L.append("[%s] INFO: loading llama-3-8b weights (fsdp, bf16), activation checkpointing off, micro_bs=8" % pylog(t0 + sec(20)))
        tf = t0 + sec(74.2)
        if n == 1:
            L.append("[rank11]: Traceback (most recent call last):")
            for fr in traceback([
                ("/scratch/zh/sft/train.py", 188, "<module>", "main()"),
                ("/scratch/zh/sft/train.py", 150, "main", "out = model(**batch)"),
                (SITE + "/torch/distributed/fsdp/fully_sharded_data_parallel.py", 863, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)"),
                (SITE + "/transformers/models/llama/modeling_llama.py", 1190, "forward", "logits = self.lm_head(hidden_states)"),
            ], "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 3.91 GiB. GPU 3 has a total capacity of 79.10 GiB of which 1.02 GiB is free. Process 3121877 has 41.22 GiB memory in use. Including non-PyTorch memory, this process has 36.85 GiB memory in use. Of the allocated memory 33.94 GiB is allocated by PyTorch, and 1.47 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")[1:]:
                L.append("[rank11]: " + fr)
            _fail_tail(L, h, apid, pids, 1, 3, tf + sec(1), "train.py", exitcode=1)
        else:
            L.append("[%s] INFO: step 1/3000 loss 1.9931 mem_alloc 35.1GiB" % pylog(tf - sec(3)))
            te = tf + sec(611)
            L.extend(watchdog_timeout(2, te, 14, "_ALLGATHER_BASE", 131334144, 600000, rng=rng))
            _fail_tail(L, h, apid, pids, 0, 2, te + sec(2), "train.py")
        c.add("%s/torchrun.log" % h, "\n".join(L))
        S = ["Tue Oct 29 15:40:02 2024",
             "+---------------------------------------------------------------------------------------+",
             "| Processes:                                                                            |",
             "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
             "|        ID   ID                                                             Usage      |",
             "|=======================================================================================|"]
        if n == 1:
            S.append("|    3   N/A  N/A   3121877      C   /home/kpatel/.conda/envs/eval/bin/python   42212MiB |")
        else:
            S.append("|  No running processes found                                                           |")
        S.append("+---------------------------------------------------------------------------------------+")
        c.add("%s/prolog_nvidia-smi.txt" % h, "\n".join(S))
    c.add("%s/ps_3121877.txt" % hosts[1], "$ ps -o user,pid,ppid,lstart,etime,cmd -p 3121877\nUSER         PID    PPID                  STARTED     ELAPSED CMD\nkpatel   3121877       1 Sun Oct 27 10:02:44 2024  2-05:37:20 /home/kpatel/.conda/envs/eval/bin/python eval_server.py --port 8123 --gpus 3\n$ squeue -u kpatel -w gx-22\n             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)\n")
    c.set_label("oom", "infrastructure", hosts[1], 11, "restart_without_node",
                "Rank 11 (GPU 3 on gx-22) ran out of memory at the first step because 'Process 3121877 has 41.22 GiB memory in use': a two-day-old eval_server.py of another user with no Slurm job, already visible in the prolog's nvidia-smi. The same model fits on every other GPU.",
                "https://github.com/LISTatSNU/FastMRI_challenge/issues/238")
    return c


# ============================================================ leaf switch, many hosts at once
def leaf_switch_errors_many_hosts(name):
    rng = random.Random(6428)
    c = Case(name)
    leaf_a = ["r07n01", "r07n02", "r07n03", "r07n04"]
    leaf_b = ["r08n01", "r08n02", "r08n03", "r08n04"]
    hosts = leaf_a + leaf_b
    ips = {h: "10.80.%d.%d" % (7 if h.startswith("r07") else 8, int(h[-2:])) for h in hosts}
    t0 = T(2024, 6, 19, 0, 1, 12)
    tsw = T(2024, 6, 19, 2, 13, 41, 118000)
    pids = {r: 4100 + (r // 8) * 60 + (r % 8) * 3 for r in range(64)}
    c.topology = {"topology": {"sw-leaf-a07": leaf_a, "sw-leaf-b08": leaf_b}}
    for n, h in enumerate(hosts):
        apid = 4090 + n * 60
        L = _elastic_start(t0, apid, 8, 8, hosts[0])
        t = t0 + sec(100)
        if n == 0:
            it = 0
            while t < tsw - sec(30):
                t = t + sec(120 + rng.random())
                it += 100
                L.append("%s [rank0] it=%d loss=%.4f tflops=%.1f" % (epoch(t), it, 2.44 - it * 0.00004, 388 + rng.random() * 3))
        lr = rng.randint(0, 7)
        r = n * 8 + lr
        if h in leaf_b:
            peer = leaf_b[(leaf_b.index(h) + 1) % 4]
            te = tsw + sec(7.5 + rng.random())
        else:
            peer = leaf_b[n % 4]
            te = tsw + sec(8.0 + rng.random())
        L.append("%s [rank%d] NCCL WARN NET/IB : Got completion from peer %s<5%04d> with status=12 opcode=0 len=0 vendor err 129 (Recv)" % (epoch(te - sec(0.01)), r, ips[peer], rng.randint(0, 9999)))
        L.extend(remote_error(r, te, ips[peer], 50000 + rng.randint(0, 9999), ips[h]))
        _fail_tail(L, h, apid, pids, n, lr, te + sec(2), "train.py")
        c.add("%s/train.log" % h, "\n".join(L))
        K = ["%s %s kernel: mlx5_core 0000:3b:00.0 ibs3: Link up" % (short_iso(T(2024, 6, 10, 8, 0, 40)), h)]
        if h in leaf_b:
            K.append("%s %s kernel: mlx5_core 0000:3b:00.0 ibs3: Link down" % (short_iso(tsw + sec(rng.random() * 0.6)), h))
            K.append("%s %s kernel: mlx5_core 0000:3b:00.0 ibs3: Link up" % (short_iso(tsw + sec(212 + rng.random())), h))
        c.add("%s/journalctl_-k.txt" % h, "\n".join(K))
    c.add("ufm_events.txt", "\n".join([
        "Timestamp            Severity  Type            Object                 Description",
        "2024-06-19 02:13:41  Critical  Switch          sw-leaf-b08            Switch is not responding (PSU2 failure, system reboot)",
        "2024-06-19 02:13:41  Warning   Link            sw-leaf-b08/1..32      32 links went down",
        "2024-06-19 02:17:14  Info      Switch          sw-leaf-b08            Switch is up",
        "2024-06-19 02:17:15  Info      Link            sw-leaf-b08/1..32      32 links went up",
    ]))
    c.set_label("network", "infrastructure", None, None, "restart",
                "All four hosts under sw-leaf-b08 lost their IB link in the same second and regained it ~3.5 minutes later, UFM shows that leaf switch rebooting, and every rank's error is a completion timeout towards a leaf-b host. A switch/fabric event, no single node to drain; restart once the leaf is back.",
                "https://github.com/marin-community/marin/issues/6950")
    return c
