"""Cases cj16-cj28: who owns the accused address, and what really happened there."""
from common import (Bundle, T, plus, glog, elastic, dmesg_t, syslog, uptime, iso,
                    ib_cqe, ib_cqe_text, nccl_remote_error, watchdog_timeout,
                    ip_addr, ibstat_ca, guid, mac, ib_hw, ib_gid, sacct, HCA_PCI,
                    HCAS, PCI, BUSIDS, perfquery, TORCHRUN_TB, torchrun_table)
from gpujob import GpuJob, node_header, train_lines, sbatch_head

PY = "/usr/local/lib/python3.10/dist-packages"


def _srun_end(hosts, order=None, jobid=None, first=None, t=None):
    order = order or range(len(hosts))
    L = []
    for i in order:
        L.append("srun: error: %s: task %d: Exited with exit code 1" % (hosts[i], i))
    return L


def _ib_ipaddr(r, mg, ibip):
    return ip_addr([{"kind": "loopback"},
                    {"name": "eth0", "inet": mg, "mac": mac(r, "5c:25:73"), "altname": "enp25s0f0np0"},
                    {"name": "ib0", "kind": "infiniband", "inet": ibip, "mac": ib_hw(r)}])


# --------------------------------------------------------------------- cj16
def cj16():
    b = Bundle("cj16_torchrun_root_cause_table_and_ib_retry_errors", 9116)
    r = b.rng
    hosts = ["gpu-m01", "gpu-m02", "gpu-m03", "gpu-m04"]
    fq = [h + ".cluster.internal" for h in hosts]
    ib = ["10.8.8.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib], version="2.20.5+cuda12.4")
    jobid = 655018
    t0 = T(2024, 7, 30, 18, 4, 12)
    tr = plus(t0, 230)
    step = 8.8
    t_ev = T(2024, 7, 31, 1, 27, 9)
    last = int((t_ev - tr).total_seconds() / step)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    # gpu-m03 local rank 4: catastrophic HCA error, no torch-level error (it hangs)
    pre = "%s:%d:%d [4]" % (hosts[2], j.pids[2][4], j.tids[2][4] + 3)
    logs["gpu-m03"] += ["", "%s transport/net_ib.cc:93 NCCL WARN NET/IB : mlx5_4:1 Got async event : local catastrophic error" % pre, "",
                        "%s misc/ibvwrap.cc:220 NCCL WARN Call to ibv_get_async_event failed" % pre, ""]
    ferr = {}
    for hi in (0, 1, 3):
        h = hosts[hi]
        for lr in (4,):
            port = 36000 + r.randint(0, 20000)
            logs[h] += ib_cqe(h, j.pids[hi][lr], j.tids[hi][lr], lr, ib[2], port, 12, 0, 129, "Send", gids[hi][lr], gids[2][lr])
            te = plus(t_ev, 30 + hi * 0.35)
            ferr[hi] = te
            logs[h] += nccl_remote_error(j.rank(hi, lr), te, r, ib_cqe_text(ib[2], port, 12, 0, 129, "Send", gids[hi][lr], gids[2][lr]), version="2.20.5")
    fails_by_node = {}
    for hi in (0, 1, 3):
        tk = plus(ferr[hi], 2)
        logs[hosts[hi]] += j.sigterm_lines(hi, tk, skip=(4,))
        logs[hosts[hi]].append(j.failed_line(hi, 4, plus(tk, 1), -6))
        fails_by_node[hi] = [(4, plus(ferr[hi], 0.5), -6)] + [(lr, plus(tk, 1), -15) for lr in range(8) if lr != 4]
    t_kill = plus(ferr[0], 6)
    logs["gpu-m03"] += ["%s Received Signals.SIGTERM death signal, shutting down workers" % elastic("W", t_kill, j.agent[2], "torch/distributed/elastic/agent/server/api.py:704")]
    logs["gpu-m03"] += j.sigterm_lines(2, t_kill)
    fails_by_node[2] = [(lr, plus(t_kill, 0.5 + 0.01 * lr), -15) for lr in range(8)]
    tables = {}
    for hi, h in enumerate(hosts):
        fl = [{"time": t, "host": fq[hi], "rank": j.rank(hi, lr), "local_rank": lr, "exitcode": c, "pid": j.pids[hi][lr]} for lr, t, c in fails_by_node[hi]]
        tables[hi] = TORCHRUN_TB + torchrun_table("pretrain_llama.py", fl)
        logs[h] += tables[hi]
        b.w("%s/stdout.log" % h, logs[h])
    boot = T(2024, 7, 22, 9, 30, 0)
    p = HCA_PCI[4]
    b.w("gpu-m03/dmesg.txt", [
        "%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 14)), p),
        "%s mlx5_core %s: poll_health:801:(pid 0): device's health compromised - reached miss count" % (dmesg_t(t_ev), p),
        "%s mlx5_core %s: print_health_info:431:(pid 0): Health issue observed, firmware internal error, severity(3) ERROR:" % (dmesg_t(t_ev), p),
        "%s mlx5_core %s: print_health_info:435:(pid 0): assert_var[0] 0x08040000" % (dmesg_t(t_ev), p),
        "%s mlx5_core %s: print_health_info:438:(pid 0): assert_exit_ptr 0x00a9e8f0" % (dmesg_t(t_ev), p),
        "%s mlx5_core %s: print_health_info:447:(pid 0): synd 0x1: firmware internal error" % (dmesg_t(t_ev), p),
        "%s mlx5_core %s: mlx5_health_try_recover:335:(pid 2231): handling bad device here" % (dmesg_t(plus(t_ev, 1)), p),
        "%s mlx5_core %s: mlx5_error_sw_reset:233:(pid 2231): start" % (dmesg_t(plus(t_ev, 1)), p),
        "%s mlx5_core %s: mlx5_error_sw_reset:266:(pid 2231): end" % (dmesg_t(plus(t_ev, 3)), p),
        "%s mlx5_core %s: mlx5_health_try_recover:351:(pid 2231): health recovery flow aborted, PCI reads still not working" % (dmesg_t(plus(t_ev, 63)), p),
    ])
    b.w("gpu-m02/dmesg.txt", ["%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 14)), p),
                              "%s nvidia-peermem nv_mem_main_init:261 (pid 4390): nvidia-peermem loaded" % dmesg_t(plus(boot, 41))])
    so = ["3: " + x for x in train_lines(tr, 1, last, step, 250000, 2048, 50, r)]
    so += ["0: " + x for x in tables[0]]
    so += ["srun: error: gpu-m01: task 0: Exited with exit code 1", "srun: error: gpu-m02: task 1: Exited with exit code 1",
           "srun: error: gpu-m04: task 3: Exited with exit code 1", "srun: error: gpu-m03: task 2: Exited with exit code 1"]
    b.w("slurm-%d.out" % jobid, so)
    b.set_label("network", "infrastructure", {"node": "gpu-m03", "rank": None}, "restart_without_node",
                "The torchrun root-cause table in the Slurm output names gpu-m01 rank 4, but that rank and its rail peers on gpu-m02/m04 aborted on IB status=12 from 10.8.8.3 = gpu-m03; "
                "gpu-m03 itself only logs 'local catastrophic error' on mlx5_4 and its kernel shows the HCA's firmware health failure and failed recovery, so its NIC is the cause.",
                "https://github.com/NVIDIA/nccl/issues/230")
    return b


# --------------------------------------------------------------------- cj17
def cj17():
    b = Bundle("cj17_mpirun_job_connection_refused_and_closed_by_10_9_0_4", 9117)
    r = b.rng
    hosts = ["gpu-q01", "gpu-q02", "gpu-q03", "gpu-q04"]
    eth = ["10.9.0.1", "10.9.0.2", "10.9.0.3", "10.9.0.4"]
    j = GpuJob(b, hosts, "eth0", eth, net="IB", oob=[("eth0", x) for x in eth])
    t0 = T(2024, 12, 9, 18, 20, 0)
    tr = plus(t0, 190)
    step = 3.3
    t_x = T(2024, 12, 9, 22, 31, 7)
    last = int((t_x - tr).total_seconds() / step)
    L = []
    for hi in range(4):
        for lr in range(8):
            rk = j.rank(hi, lr)
            L += ["[1,%d]<stdout>:%s" % (rk, x) for x in j.init_block(hi, lr)]
    for x in train_lines(tr, 1, last, step, 90000, 512, 100, r):
        L.append("[1,31]<stdout>:" + x)
    # rank 29 = gpu-q04 local GPU 5 (busId ab000): CUDA error after the GPU fell off the bus
    rk = 29
    L += ["[1,%d]<stderr>:Traceback (most recent call last):" % rk,
          '[1,%d]<stderr>:  File "/opt/train/pretrain.py", line 301, in <module>' % rk,
          "[1,%d]<stderr>:    train(args)" % rk,
          '[1,%d]<stderr>:  File "/opt/train/pretrain.py", line 255, in train' % rk,
          "[1,%d]<stderr>:    loss.backward()" % rk,
          '[1,%d]<stderr>:  File "%s/torch/_tensor.py", line 521, in backward' % (rk, PY),
          "[1,%d]<stderr>:    torch.autograd.backward(" % rk,
          "[1,%d]<stderr>:RuntimeError: CUDA error: unknown error" % rk,
          "[1,%d]<stderr>:CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % rk,
          "[1,%d]<stderr>:For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % rk,
          "[1,%d]<stderr>:Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % rk]
    # peers: established proxy socket closed, and a lazily created communicator refused
    p21 = "gpu-q03:%d:%d [5]" % (j.pids[2][5], j.tids[2][5] + 7)
    L += ["[1,21]<stdout>:%s misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer 10.9.0.4<38811>" % p21,
          "[1,21]<stdout>:%s NCCL INFO misc/socket.cc:749 -> 6" % p21,
          "[1,21]<stdout>:%s proxy.cc:1143 NCCL WARN Socket recv failed while polling for opId=0x7f2a4c1b0e40" % p21]
    L += ["[1,21]<stderr>:" + x for x in nccl_remote_error(21, plus(t_x, 2.4), r, "socketProgress: Connection closed by remote peer 10.9.0.4<38811>", prefix=False)]
    p5 = "gpu-q01:%d:%d [5]" % (j.pids[0][5], j.tids[0][5] + 9)
    L += ["[1,5]<stdout>:%s misc/socket.cc:484 NCCL WARN socketPollConnect: connect to 10.9.0.4<44203> returned Connection refused, exceeded error retry count (35)" % p5,
          "[1,5]<stdout>:%s NCCL INFO misc/socket.cc:564 -> 2" % p5,
          "[1,5]<stdout>:%s NCCL INFO misc/socket.cc:618 -> 2" % p5,
          "[1,5]<stdout>:%s NCCL INFO transport/net_socket.cc:336 -> 2" % p5,
          "[1,5]<stdout>:%s NCCL INFO proxy.cc:1306 -> 2" % p5]
    L += ["[1,5]<stderr>:Traceback (most recent call last):",
          '[1,5]<stderr>:  File "/opt/train/pretrain.py", line 262, in train',
          "[1,5]<stderr>:    dist.all_reduce(eval_loss, group=eval_group)",
          "[1,5]<stderr>:torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
          "[1,5]<stderr>:ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
          "[1,5]<stderr>:Last error:",
          "[1,5]<stderr>:socketPollConnect: connect to 10.9.0.4<44203> returned Connection refused, exceeded error retry count (35)"]
    L += ["--------------------------------------------------------------------------",
          "Primary job  terminated normally, but 1 process returned",
          "a non-zero exit code. Per user-direction, the job has been aborted.",
          "--------------------------------------------------------------------------",
          "--------------------------------------------------------------------------",
          "mpirun detected that one or more processes exited with non-zero status, thus causing",
          "the job to be terminated. The first process to do so was:",
          "",
          "  Process name: [[41277,1],5]",
          "  Exit code:    1",
          "--------------------------------------------------------------------------"]
    b.w("mpirun.log", ["+ mpirun -np 32 -H gpu-q01:8,gpu-q02:8,gpu-q03:8,gpu-q04:8 --bind-to none -x NCCL_SOCKET_IFNAME=eth0 -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH python /opt/train/pretrain.py --cfg cfg/moe_8x7b.yaml"] + L)
    boot = T(2024, 12, 2, 6, 10, 0)
    b.w("gpu-q04/dmesg.txt", [
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % dmesg_t(plus(boot, 20)),
        "%s NVRM: GPU at PCI:0000:ab:00: GPU-2f6a1c0e-8b3d-4c55-9e1a-77b0d4f3a2c1" % dmesg_t(t_x),
        "%s NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % dmesg_t(t_x),
        "%s NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus." % dmesg_t(t_x),
        "%s NVRM: A GPU crash dump has been created. If possible, please run" % dmesg_t(plus(t_x, 1)),
        "%s NVRM: nvidia-bug-report.sh as root to collect this data before" % dmesg_t(plus(t_x, 1)),
        "%s NVRM: the NVIDIA kernel module is unloaded." % dmesg_t(plus(t_x, 1)),
        "%s pcieport 0000:a8:03.0: pciehp: Slot(3): Link Down" % dmesg_t(plus(t_x, 1)),
    ])
    b.w("gpu-q04/nvidia-smi.txt", ["Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error",
                                   "No devices were found"])
    b.w("gpu-q02/dmesg.txt", ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % dmesg_t(plus(boot, 21)),
                              "%s mlx5_core 0000:1a:00.0: mlx5_cmd_out_err:838:(pid 88121): ACCESS_REG(0x805) op_mod(0x1) failed, status bad parameter(0x3), syndrome (0x15c356), err(-22)" % dmesg_t(T(2024, 12, 9, 20, 2, 33))])
    for hi, h in enumerate(hosts):
        b.w("%s/ip-addr.txt" % h, _ib_ipaddr(r, eth[hi] + "/24", "10.8.9.%d/16" % (hi + 1)))
    b.set_label("gpu_hardware", "infrastructure", {"node": "gpu-q04", "rank": 29}, "restart_without_node",
                "Ranks 21 and 5 fail on sockets to 10.9.0.4 (closed, then refused), and mpirun names rank 5 as the first exit, but 10.9.0.4 is gpu-q04, whose dmesg shows Xid 79 "
                "(GPU fell off the bus) on PCI 0000:ab:00, the busId ab000 GPU that NCCL init maps to rank 29, which died with a CUDA error first.",
                "https://github.com/modelscope/ms-swift/issues/8043")
    return b


# --------------------------------------------------------------------- cj18
def cj18():
    b = Bundle("cj18_pytorchjob_workers_report_connection_reset_by_10_244_3_17", 9118)
    r = b.rng
    pods = ["llm-sft-worker-%d" % i for i in range(4)]
    pips = ["10.244.1.12", "10.244.2.9", "10.244.3.17", "10.244.4.5"]
    nodes = ["gke-a3-pool-1c2d", "gke-a3-pool-7f3a", "gke-a3-pool-3f7c", "gke-a3-pool-9e01"]
    j = GpuJob(b, pods, "eth0", pips, net="Socket", version="2.21.5+cuda12.4")
    t0 = T(2025, 5, 6, 3, 0, 12)
    t_kill = plus(t0, 400 + 8200 + 11800 * 0.27)
    for hi, p in enumerate(pods):
        L = ["%s INFO trainer: world_size=32 rank_base=%d node=%s" % (plus(t0, 2).strftime("%Y-%m-%dT%H:%M:%SZ"), hi * 8, nodes[hi])]
        L += j.node_init(hi)
        for ep in range(3):
            te = plus(t0, 400 + ep * 4100)
            L.append("%s INFO trainer: epoch %d train_loss=%.4f, starting eval" % (te.strftime("%Y-%m-%dT%H:%M:%SZ"), ep, 0.91 - ep * 0.07))
            for s in range(1600, 12801, 1600):
                ts = plus(te, s * 0.27)
                if ts > t_kill:
                    break
                rss = 52 + 0.0038 * (ep * 12800 + s) * (1 + 0.008 * hi) + r.uniform(-1.5, 1.5)
                L.append("%s INFO eval: epoch %d step %d/12800 predictions_cached=%d rss=%.1fGiB" % (ts.strftime("%Y-%m-%dT%H:%M:%SZ"), ep, s, (ep * 12800 + s) * 64, rss))
        if hi != 2:
            pre = "%s:%d:%d [%d]" % (p, j.pids[hi][1], j.tids[hi][1] + 2, 1)
            port = 41234 if hi == 0 else 41000 + r.randint(0, 900)
            L += ["", "%s misc/socket.cc:64 NCCL WARN socketProgressOpt: Call to recv from 10.244.3.17<%d> failed : Connection reset by peer" % (pre, port),
                  "%s NCCL INFO misc/socket.cc:80 -> 6" % pre, "%s NCCL INFO transport/net_socket.cc:520 -> 6" % pre,
                  "%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % pre]
            L += nccl_remote_error(hi * 8 + 1, plus(t_kill, 1.2 + hi * 0.2), r, "socketProgressOpt: Call to recv from 10.244.3.17<%d> failed : Connection reset by peer" % port)
            L += j.sigterm_lines(hi, plus(t_kill, 4), skip=(1,))
            L += j.child_failed(hi, "sft.py", [(1, plus(t_kill, 1.7), -6)] + [(lr, plus(t_kill, 5), -15) for lr in range(8) if lr != 1])
        b.w("kubectl-logs-%s.txt" % p, L)
    d = []
    for hi, p in enumerate(pods):
        killed = hi == 2
        d += ["Name:             %s" % p, "Namespace:        llm", "Priority:         0", "Service Account:  default",
              "Node:             %s/10.128.0.%d" % (nodes[hi], 20 + hi), "Start Time:       Tue, 06 May 2025 02:59:41 +0000",
              "Labels:           training.kubeflow.org/job-name=llm-sft", "                  training.kubeflow.org/replica-index=%d" % hi,
              "                  training.kubeflow.org/replica-type=worker", "Status:           %s" % ("Failed" if killed else "Failed"),
              "IP:               %s" % pips[hi], "IPs:", "  IP:  %s" % pips[hi], "Containers:", "  pytorch:",
              "    Image:          us-docker.pkg.dev/ml-platform/train/sft:2025.04.2",
              "    State:          Terminated", "      Reason:       %s" % ("OOMKilled" if killed else "Error"),
              "      Exit Code:    %d" % (137 if killed else 1),
              "      Started:      Tue, 06 May 2025 03:00:09 +0000",
              "      Finished:     Tue, 06 May 2025 %s +0000" % (t_kill.strftime("%H:%M:%S") if killed else plus(t_kill, 9).strftime("%H:%M:%S")),
              "    Ready:          False", "    Restart Count:  0", "    Limits:", "      cpu:             200", "      memory:          200Gi",
              "      nvidia.com/gpu:  8", "    Requests:", "      cpu:             180", "      memory:          200Gi", "      nvidia.com/gpu:  8",
              "Events:"]
        if killed:
            d += ["  Type     Reason     Age   From     Message", "  ----     ------     ----  ----     -------",
                  "  Warning  OOMKilling  12m  kubelet  Memory cgroup out of memory: Killed process %d (python) total-vm:412339812kB, anon-rss:209511230kB" % j.pids[2][0]]
        else:
            d += ["  <none>"]
        d.append("")
    b.w("kubectl-describe.txt", d)
    b.w("kubectl-top-pods.txt", ["# %s" % plus(t_kill, -300).strftime("%H:%M:%S"), "NAME               CPU(cores)   MEMORY(bytes)"] +
        ["%-18s %-12s %dMi" % (p, "%dm" % (150000 + r.randint(0, 9000)), int((187 + 2.5 * hi) * 1024)) for hi, p in enumerate(pods)])
    b.w("kubectl-get-pods.txt", ["NAME               READY   STATUS      RESTARTS   AGE     IP            NODE"] +
        ["%-18s 0/1     %-11s 0          3h45m   %-13s %s" % (p, "OOMKilled" if hi == 2 else "Error", pips[hi], nodes[hi]) for hi, p in enumerate(pods)])
    b.set_label("oom", "script", None, "stop",
                "The other workers see 'Connection reset by peer' from 10.244.3.17, which kubectl maps to pod llm-sft-worker-2; that container was OOMKilled at its 200Gi limit, "
                "but every worker's eval loop caches predictions and its RSS grows the same way (187-195Gi across pods), so the application's memory use, not the node, is the cause.",
                "https://github.com/OpenRLHF/OpenRLHF/issues/265")
    return b


# --------------------------------------------------------------------- cj19
def cj19():
    b = Bundle("cj19_ib_retry_errors_and_tcpstore_timeouts_toward_10_4_9_1", 9119)
    r = b.rng
    hosts = ["gpu-s01", "gpu-s02", "gpu-s03", "gpu-s04"]
    eth = ["10.4.9.%d" % i for i in range(1, 5)]
    ib = ["10.8.13.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 929011
    t0 = T(2025, 1, 26, 21, 0, 5)
    tr = plus(t0, 210)
    step = 4.1
    t_mce = T(2025, 1, 27, 4, 12, 33)
    last = int((t_mce - tr).total_seconds() / step)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    for hi in (1, 2, 3):
        h = hosts[hi]
        fe = None
        for lr in (0, 6):
            port = 33000 + r.randint(0, 20000)
            logs[h] += ib_cqe(h, j.pids[hi][lr], j.tids[hi][lr], lr, ib[0], port, 12, 0, 129, "Send", gids[hi][lr], gids[0][lr])
            te = plus(t_mce, 31 + r.uniform(0, 2))
            fe = te if fe is None or te < fe else fe
            logs[h] += nccl_remote_error(j.rank(hi, lr), te, r, ib_cqe_text(ib[0], port, 12, 0, 129, "Send", gids[hi][lr], gids[0][lr]))
        for lr in (2, 3):
            rk = j.rank(hi, lr)
            logs[h].append("[rank%d]:%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection timed out"
                           % (rk, glog("W", plus(fe, 0.8), "ProcessGroupNCCL.cpp:1659", r), rk))
        tk = plus(fe, 2)
        logs[h] += j.sigterm_lines(hi, tk, skip=(0,))
        logs[h] += ["%s [c10d] The client socket has failed to connect to [10.4.9.1]:29500 (errno: 113 - No route to host)." % glog("W", plus(tk, 3 + k * 3), "socket.cpp:752", r) for k in range(3)]
        logs[h] += j.child_failed(hi, "train.py", [(0, plus(fe, 0.4), -6)] + [(lr, plus(tk, 1), -6 if lr == 6 else -15) for lr in range(1, 8)])
        logs[h] += ["%s Failed to shutdown the rendezvous: The connection to the C10d store has failed. See inner exception for details." % elastic("W", plus(tk, 12), j.agent[hi], "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1284")]
    for hi, h in enumerate(hosts):
        b.w("%s/stdout.log" % h, logs[h])
        b.w("%s/ip-addr.txt" % h, _ib_ipaddr(r, eth[hi] + "/24", ib[hi] + "/16"))
    b.w("gpu-s01/journal-prev-boot.txt", [
        "-- Journal begins at Tue 2024-12-03 10:11:02 UTC, ends at Mon 2025-01-27 04:12:33 UTC. --",
        "%s kernel: mce: [Hardware Error]: CPU 17: Machine Check Exception: 5 Bank 7: be00000000800400" % syslog(t_mce, "gpu-s01"),
        "%s kernel: mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffff9a2d4f46> {intel_idle+0x56/0x90}" % syslog(t_mce, "gpu-s01"),
        "%s kernel: mce: [Hardware Error]: TSC 1f7e2a3c9d44e2 ADDR fe5ad3c0 MISC 86 " % syslog(t_mce, "gpu-s01"),
        "%s kernel: mce: [Hardware Error]: PROCESSOR 0:806f8 TIME 1737951153 SOCKET 1 APIC 62 microcode 2b000590" % syslog(t_mce, "gpu-s01"),
        "%s kernel: mce: [Hardware Error]: Run the above through 'mcelog --ascend'" % syslog(t_mce, "gpu-s01"),
        "%s kernel: mce: [Hardware Error]: Machine check: Processor context corrupt" % syslog(t_mce, "gpu-s01"),
        "%s kernel: Kernel panic - not syncing: Fatal machine check" % syslog(t_mce, "gpu-s01"),
    ])
    b.w("gpu-s01/ipmi-sel.txt", [
        "  1a3 | 01/27/2025 | 04:12:33 | Processor CPU1_Status | IERR | Asserted",
        "  1a4 | 01/27/2025 | 04:12:34 | Critical Interrupt #0xa1 | Bus Uncorrectable error | Asserted",
        "  1a5 | 01/27/2025 | 04:15:51 | System Event #0x83 | OEM System Boot Event | Asserted",
    ])
    b.w("gpu-s01/kern.log", ["%s kernel: [    0.000000] Linux version 5.15.0-126-generic (buildd@lcy02-amd64-041) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #136-Ubuntu SMP Wed Nov 6 10:38:22 UTC 2024 (Ubuntu 5.15.0-126.136-generic 5.15.167)" % syslog(T(2025, 1, 27, 4, 16, 2), "gpu-s01"),
                             "%s kernel: [    0.000000] Command line: BOOT_IMAGE=/vmlinuz-5.15.0-126-generic root=UUID=8d0c1f3a ro pci=realloc=off" % syslog(T(2025, 1, 27, 4, 16, 2), "gpu-s01")])
    so = ["3: " + x for x in train_lines(tr, 1, last, step, 200000, 1024, 100, r)]
    so += ["srun: error: Node failure on gpu-s01",
           "srun: error: gpu-s02: task 1: Exited with exit code 1", "srun: error: gpu-s03: task 2: Exited with exit code 1",
           "srun: error: gpu-s04: task 3: Exited with exit code 1",
           "slurmstepd: error: *** JOB %d ON gpu-s01 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jobid, iso(plus(t_mce, 301)))]
    b.w("slurm-%d.out" % jobid, so)
    b.w("sacct.txt", sacct(jobid, [(str(jobid), "dpo-13b", "h100", "align", 384, "NODE_FAIL", "0:0"),
                                   ("%d.batch" % jobid, "batch", "", "align", 96, "CANCELLED", "0:15"),
                                   ("%d.0" % jobid, "torchrun", "", "align", 384, "FAILED", "1:0")]))
    b.set_label("host", "infrastructure", {"node": "gpu-s01", "rank": None}, "restart_without_node",
                "Everyone loses 10.4.9.1 (the rendezvous/TCPStore host) and 10.8.13.1, both gpu-s01; that node's previous-boot journal shows a fatal machine check (processor context corrupt) "
                "and kernel panic at 04:12:33, the SEL records an IERR, and Slurm reports a node failure, so the rendezvous host itself died from a CPU fault.",
                "https://github.com/pytorch/pytorch/issues/150916")
    return b


# --------------------------------------------------------------------- cj20
def cj20():
    b = Bundle("cj20_tcpstore_connection_reset_by_rendezvous_host_after_first_eval", 9120)
    r = b.rng
    hosts = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t04"]
    eth = ["10.4.11.%d" % i for i in range(1, 5)]
    ib = ["10.8.15.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 944420
    t0 = T(2025, 3, 3, 14, 2, 41)
    tr = plus(t0, 220)
    step = 2.9
    t_eval = plus(tr, 500 * step + 41)
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    logs["gpu-t01"] += ["[rank0]: %s | eval | step 500 | val_loss 2.8812 | val_ppl 17.84" % plus(t_eval, -0.4).strftime("%Y-%m-%d %H:%M:%S"),
                        "[rank0]: Traceback (most recent call last):",
                        '[rank0]:   File "/workspace/llm/train.py", line 388, in <module>',
                        "[rank0]:     main(cfg)",
                        '[rank0]:   File "/workspace/llm/train.py", line 351, in main',
                        "[rank0]:     log_eval(step, metrics)",
                        '[rank0]:   File "/workspace/llm/utils/logging.py", line 42, in log_eval',
                        '[rank0]:     f.write(json.dumps({"step": step, **metrics}) + "\\n")',
                        '[rank0]:   File "/usr/lib/python3.10/json/__init__.py", line 231, in dumps',
                        "[rank0]:     return _default_encoder.encode(obj)",
                        '[rank0]:   File "/usr/lib/python3.10/json/encoder.py", line 179, in default',
                        "[rank0]:     raise TypeError(f'Object of type {o.__class__.__name__} '",
                        "[rank0]: TypeError: Object of type Tensor is not JSON serializable"]
    tk = plus(t_eval, 1.5)
    logs["gpu-t01"] += j.sigterm_lines(0, tk, skip=(0,))
    logs["gpu-t01"].append(j.failed_line(0, 0, plus(tk, 1), 1))
    logs["gpu-t01"] += j.child_failed(0, "train.py", [(0, t_eval, 1)] + [(lr, plus(tk, 1), -15) for lr in range(1, 8)])
    for hi in (1, 2, 3):
        h = hosts[hi]
        for lr in (0, 3, 5):
            rk = j.rank(hi, lr)
            tt = plus(tk, 2.5 + r.uniform(0, 1))
            logs[h].append("[rank%d]:%s [c10d] recvValue failed on SocketImpl(fd=%d, addr=[%s]:%d, remote=[10.4.11.1]:29500): Connection reset by peer"
                           % (rk, glog("W", tt, "TCPStore.cpp:125", r), 80 + lr, h, 50000 + r.randint(0, 9999)))
            logs[h].append("Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:672 (most recent call first):")
            logs[h].append("frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f1b9c16c446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)")
            logs[h].append("frame #1: <unknown function> + 0x5d694f1 (0x7f1b84a1d4f1 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cpu.so)")
            logs[h].append("frame #4: c10d::TCPStore::check(std::vector<std::string, std::allocator<std::string> > const&) + 0x31e (0x7f1b84a1a1be in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cpu.so)")
            logs[h].append("frame #5: c10d::ProcessGroupNCCL::heartbeatMonitor() + 0x379 (0x7f1b3a37bad9 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)")
            logs[h].append("")
            logs[h].append("[rank%d]:%s [PG ID 0 PG GUID 0(default_pg) Rank %d] Failed to check the \"should dump\" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer"
                           % (rk, glog("W", plus(tt, 0.01), "ProcessGroupNCCL.cpp:1659", r), rk))
        logs[h] += ["%s Received Signals.SIGTERM death signal, shutting down workers" % elastic("W", plus(tk, 6), j.agent[hi], "torch/distributed/elastic/agent/server/api.py:704")]
        logs[h] += j.sigterm_lines(hi, plus(tk, 6))
    for hi, h in enumerate(hosts):
        b.w("%s/stdout.log" % h, logs[h])
        b.w("%s/ip-addr.txt" % h, _ib_ipaddr(r, eth[hi] + "/24", ib[hi] + "/16"))
    so = ["3: " + x for x in train_lines(tr, 1, 500, step, 30000, 512, 25, r)]
    so += ["srun: error: gpu-t01: task 0: Exited with exit code 1",
           "srun: First task exited 2s ago. Sending SIGTERM to remaining tasks (--kill-on-bad-exit)",
           "slurmstepd: error: *** STEP %d.0 ON gpu-t01 CANCELLED AT %s ***" % (jobid, iso(plus(tk, 6))),
           "srun: error: gpu-t02: task 1: Terminated", "srun: error: gpu-t03: task 2: Terminated", "srun: error: gpu-t04: task 3: Terminated"]
    b.w("slurm-%d.out" % jobid, so)
    b.w("job.sbatch", sbatch_head(jobid, "llm-1b-abl", 4) + ["srun --label --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint 10.4.11.1:29500 /workspace/llm/train.py --eval-every 500"])
    b.set_label("user_code", "script", None, "stop",
                "Ranks on gpu-t02..t04 report TCPStore 'Connection reset by peer' from 10.4.11.1:29500 (gpu-t01, the rendezvous host), but gpu-t01 is healthy: its rank 0 raised "
                "'TypeError: Object of type Tensor is not JSON serializable' in the script's log_eval at the first eval (step 500), which tore down the store; it will recur on every run.",
                "https://github.com/sgl-project/sglang/issues/8336")
    return b


# --------------------------------------------------------------------- cj21
def cj21():
    b = Bundle("cj21_startup_connection_refused_retries_and_nccl_warnings", 9121)
    r = b.rng
    hosts = ["gpu-u01", "gpu-u02", "gpu-u03", "gpu-u04"]
    ib = ["10.8.16.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 958812
    t0 = T(2025, 4, 22, 1, 0, 7)
    tr = plus(t0, 240)
    step = 1.45
    total = 20000
    t_end = plus(tr, total * step)
    logs = {}
    for hi, h in enumerate(hosts):
        L = []
        if hi:
            for k in range(2 + hi % 2):
                L.append("%s [c10d] The client socket has failed to connect to [gpu-u01]:29500 (errno: 111 - Connection refused)." % glog("W", plus(t0, 1 + k * 2.1), "socket.cpp:752", r))
        L += node_header(j, hi, plus(t0, 6))
        if hi == 2:
            pre = "%s:%d:%d [6]" % (h, j.pids[hi][6], j.tids[hi][6] + 3)
            L += ["", "%s transport/net_ib.cc:93 NCCL WARN NET/IB : mlx5_6:1 Got async event : GID table change" % pre, ""]
        logs[h] = L
    for hi, h in enumerate(hosts):
        for lr in range(8):
            rk = j.rank(hi, lr)
            pre = "%s:%d:%d [%d]" % (h, j.pids[hi][lr], j.tids[hi][lr] + 1, lr)
            if lr in (0, 4):
                logs[h].append("%s NCCL INFO [Service thread] Connection closed by localRank %d" % (pre, (lr + 3) % 8))
            logs[h].append("%s NCCL INFO comm 0x%x rank %d nranks 32 cudaDev %d busId %s - Destroy COMPLETE" % (pre, 0x55d1c2a00000 + j.pids[hi][lr] * 16, rk, lr, BUSIDS[lr]))
            if lr == 0:
                logs[h].append("[rank%d]:%s Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())"
                               % (rk, glog("W", plus(t_end, 40), "ProcessGroupNCCL.cpp:1250", r)))
        a = j.agent[hi]
        logs[h].append("%s [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % elastic("I", plus(t_end, 42), a, "torch/distributed/elastic/agent/server/api.py:879"))
        logs[h].append("%s Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % elastic("I", plus(t_end, 42), a, "torch/distributed/elastic/agent/server/api.py:932"))
        logs[h].append("%s Done waiting for other agents. Elapsed: %.5f seconds" % (elastic("I", plus(t_end, 43), a, "torch/distributed/elastic/agent/server/api.py:946"), r.uniform(0.1, 1.2)))
        b.w("%s/stdout.log" % h, logs[h])
    so = ["3: " + x for x in train_lines(tr, 1, total, step, total, 256, 250, r)]
    so += ["3: [after training is done] datetime: %s" % t_end.strftime("%Y-%m-%d %H:%M:%S"),
           "3: saving checkpoint at iteration   %d to /lustre/ckpt/llm-350m-sweep-07 in torch_dist format" % total,
           "3:   successfully saved checkpoint from iteration   %d to /lustre/ckpt/llm-350m-sweep-07 [ t 1/1, p 1/1 ]" % total]
    b.w("slurm-%d.out" % jobid, so)
    b.w("sacct.txt", sacct(jobid, [(str(jobid), "350m-sweep", "h100", "research", 384, "COMPLETED", "0:0"),
                                   ("%d.batch" % jobid, "batch", "", "research", 96, "COMPLETED", "0:0"),
                                   ("%d.0" % jobid, "torchrun", "", "research", 384, "COMPLETED", "0:0")]))
    b.set_label("unknown", "framework", None, "none",
                "The only alarming lines are startup 'Connection refused' retries while gpu-u01's store was not yet listening, a one-off 'GID table change' async event and "
                "teardown warnings; training reached iteration 20000, saved its checkpoint and sacct shows COMPLETED 0:0.",
                "https://github.com/pytorch/pytorch/issues/131781")
    return b


# --------------------------------------------------------------------- cj22
def cj22():
    b = Bundle("cj22_roce_status12_with_ipv4_mapped_remote_gid", 9122)
    r = b.rng
    hosts = ["gpu-r03", "gpu-r04", "gpu-r05", "gpu-r06"]
    bond = ["10.3.6.%d" % i for i in (3, 4, 5, 6)]
    nidx = [3, 4, 5, 6]
    j = GpuJob(b, hosts, "bond0", bond, net="RoCE", oob=[("bond0", x) for x in bond], version="2.21.5+cuda12.4")
    jobid = 27713
    t0 = T(2024, 11, 19, 5, 30, 0)
    tr = plus(t0, 200)
    step = 4.75
    t_f = T(2024, 11, 19, 9, 17, 26)
    last = int((t_f - tr).total_seconds() / step)
    logs = {h: node_header(j, hi, plus(t0, 4)) for hi, h in enumerate(hosts)}
    for hi, h in enumerate(hosts):
        pre = "%s:%d:%d [0]" % (h, j.pids[hi][0], j.tids[hi][0])
        logs[h][0:0] = ["%s NCCL INFO NCCL_IB_GID_INDEX set by environment to 3." % pre, "%s NCCL INFO NCCL_IB_TC set by environment to 106." % pre]
    ferr = {}
    for hi in (0, 1, 2):
        h = hosts[hi]
        for lr in (6,):
            port = 55000 + r.randint(0, 9000)
            lg = "::ffff:10.12.6.%d" % nidx[hi]
            rg = "::ffff:10.12.6.6"
            logs[h] += ib_cqe(h, j.pids[hi][lr], j.tids[hi][lr], lr, bond[3], port, 12, 0, 129, "Send", lg, rg)
            te = plus(t_f, 30 + hi * 0.4)
            ferr[hi] = te
            logs[h] += nccl_remote_error(j.rank(hi, lr), te, r, ib_cqe_text(bond[3], port, 12, 0, 129, "Send", lg, rg))
    ferr[3] = plus(t_f, 33)
    h = hosts[3]
    port = 49000 + r.randint(0, 9000)
    logs[h] += ib_cqe(h, j.pids[3][6], j.tids[3][6], 6, bond[2], port, 12, 129, 129, "Recv", "::ffff:10.12.6.6", "::ffff:10.12.6.5")
    logs[h] += nccl_remote_error(30, ferr[3], r, ib_cqe_text(bond[2], port, 12, 129, 129, "Recv", "::ffff:10.12.6.6", "::ffff:10.12.6.5"))
    for hi, h in enumerate(hosts):
        tk = plus(ferr[hi], 2)
        logs[h] += j.sigterm_lines(hi, tk, skip=(6,))
        logs[h] += j.child_failed(hi, "train.py", [(6, plus(ferr[hi], 0.5), -6)] + [(lr, plus(tk, 1), -15) for lr in range(8) if lr != 6])
        b.w("%s/stdout.log" % h, logs[h])
        ifs = [{"kind": "loopback"},
               {"name": "eno1np0", "flags": "BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP", "master": "bond0", "inet": [], "mac": mac(r, "a0:88:c2")},
               {"name": "eno2np1", "flags": "BROADCAST,MULTICAST,SLAVE,UP,LOWER_UP", "master": "bond0", "inet": [], "mac": mac(r, "a0:88:c2")},
               {"name": "bond0", "flags": "BROADCAST,MULTICAST,MASTER,UP,LOWER_UP", "inet": bond[hi] + "/24", "mac": mac(r, "a0:88:c2")}]
        for rail in range(8):
            ifs.append({"name": "ens%df0np0" % (rail + 1), "inet": "10.12.%d.%d/24" % (rail, nidx[hi]), "mac": mac(r, "b8:3f:d2"), "mtu": 4200})
        b.w("%s/ip-addr.txt" % h, ip_addr(ifs))
    boot = T(2024, 11, 11, 2, 0, 0)
    d = ["%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 15)), HCA_PCI[6]),
         "%s mlx5_core %s ens7f0np0: Link up" % (dmesg_t(plus(boot, 33)), HCA_PCI[6])]
    t = plus(t_f, -1)
    for k in range(5):
        d.append("%s mlx5_core %s ens7f0np0: Link down" % (dmesg_t(t), HCA_PCI[6]))
        t = plus(t, 3 + k)
        d.append("%s mlx5_core %s ens7f0np0: Link up" % (dmesg_t(t), HCA_PCI[6]))
        t = plus(t, 9 + 2 * k)
    b.w("gpu-r06/dmesg.txt", d)
    b.w("gpu-r04/dmesg.txt", ["%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 15)), HCA_PCI[6]),
                              "%s mlx5_core %s ens7f0np0: Link up" % (dmesg_t(plus(boot, 33)), HCA_PCI[6]),
                              "%s ACPI Error: No handler for Region [SYSI] (00000000f0e2c1a7) [IPMI] (20210730/evregion-130)" % dmesg_t(plus(boot, 6))])
    so = ["3: " + x for x in train_lines(tr, 1, last, step, 60000, 1024, 50, r)]
    so += _srun_end(hosts, (0, 1, 2, 3))
    b.w("slurm-%d.out" % jobid, so)
    b.set_label("network", "infrastructure", {"node": "gpu-r06", "rank": None}, "restart_without_node",
                "RoCE completions time out (status=12) toward OOB peer 10.3.6.6 with remote GID ::ffff:10.12.6.6; ip addr maps both to gpu-r06 (bond0 and rail 6 ens7f0np0), "
                "and gpu-r06's dmesg shows ens7f0np0 flapping down/up five times starting just before the errors; the other nodes' rails are stable.",
                "https://github.com/NVIDIA/nccl/issues/1814")
    return b


# --------------------------------------------------------------------- cj23
def cj23():
    b = Bundle("cj23_requeued_job_fails_twice_with_ib_retry_exceeded", 9123)
    r = b.rng
    hosts = ["gpu-w38", "gpu-w39", "gpu-w40", "gpu-w41"]
    ib = ["10.8.5.%d" % i for i in (38, 39, 40, 41)]
    jobid = 910233
    boot = T(2025, 2, 1, 12, 0, 0)
    for att, (t0, t_f) in enumerate([(T(2025, 2, 8, 1, 10, 4), T(2025, 2, 8, 5, 2, 19)),
                                     (T(2025, 2, 8, 5, 10, 44), T(2025, 2, 8, 7, 48, 2))], 1):
        j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
        gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
        tr = plus(t0, 260)
        step = 6.6
        last = int((t_f - tr).total_seconds() / step)
        logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
        if att == 2:
            logs[hosts[0]].insert(0, "[rank0]: resuming from /lustre/ckpt/moe-a/iter_0002000")
        ferr = {}
        for hi in (0, 1, 2):
            h = hosts[hi]
            port = 40000 + r.randint(0, 20000)
            logs[h] += ib_cqe(h, j.pids[hi][1], j.tids[hi][1], 1, ib[3], port, 12, 0, 129, "Send", gids[hi][1], gids[3][1])
            te = plus(t_f, 30 + r.uniform(0, 2))
            ferr[hi] = te
            logs[h] += nccl_remote_error(j.rank(hi, 1), te, r, ib_cqe_text(ib[3], port, 12, 0, 129, "Send", gids[hi][1], gids[3][1]))
        pre = "gpu-w41:%d:%d [1]" % (j.pids[3][1], j.tids[3][1] + 3)
        logs["gpu-w41"] += ["", "%s transport/net_ib.cc:93 NCCL WARN NET/IB : mlx5_1:1 Got async event : port error" % pre, ""]
        ferr[3] = plus(t_f, 36)
        logs["gpu-w41"] += watchdog_timeout(25, ferr[3], r, 77102, "ALLREDUCE", 1, timeout_ms=5000)
        for hi, h in enumerate(hosts):
            tk = plus(ferr[hi], 2)
            logs[h] += j.sigterm_lines(hi, tk, skip=(1,))
            logs[h] += j.child_failed(hi, "pretrain_moe.py", [(1, plus(ferr[hi], 0.5), -6)] + [(lr, plus(tk, 1), -15) for lr in range(8) if lr != 1])
            b.w("attempt_%d/%s/stdout.log" % (att, h), logs[h])
        d = ["%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 14)), HCA_PCI[1])]
        for k in range(3 if att == 1 else 4):
            tt = plus(t_f, -60 * (3 - k) + 1)
            d.append("%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to DOWN (phys state: LinkErrorRecovery)" % (dmesg_t(tt), HCA_PCI[1]))
            d.append("%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to ACTIVE" % (dmesg_t(plus(tt, 6 + k)), HCA_PCI[1]))
        b.w("attempt_%d/gpu-w41/dmesg.txt" % att, d)
        b.w("attempt_%d/gpu-w39/dmesg.txt" % att, ["%s mlx5_core %s: firmware version: 28.39.2048" % (dmesg_t(plus(boot, 14)), HCA_PCI[1]),
                                                   "%s IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready" % dmesg_t(plus(boot, 30))])
        so = ["3: " + x for x in train_lines(tr, 1 if att == 1 else 2001, last if att == 1 else 2000 + last, step, 40000, 1024, 100, r)]
        so += _srun_end(hosts, (1, 0, 2, 3))
        b.w("attempt_%d/slurm-%d.out" % (att, jobid), so)
    b.w("attempt_2/gpu-w41/perfquery-mlx5_1.txt", perfquery(1551, SymbolErrorCounter=65535, LinkErrorRecoveryCounter=255, LinkDownedCounter=14,
                                                            PortRcvErrors=8812, PortRcvRemotePhysicalErrors=0, PortXmitDiscards=331,
                                                            PortXmitData=4294967295, PortRcvData=4294967295))
    b.w("attempt_2/gpu-w39/perfquery-mlx5_1.txt", perfquery(1533, PortXmitData=4294967295, PortRcvData=4294967295, PortXmitWait=1220331))
    b.w("sacct.txt", ["JobID           JobName  Partition      State ExitCode              Start                 End ",
                      "------------ ---------- ---------- ---------- -------- ------------------- ------------------- ",
                      "%d          moe-a       h100   REQUEUED      1:0 2025-02-08T01:10:02 2025-02-08T05:03:01 " % jobid,
                      "%d          moe-a       h100     FAILED      1:0 2025-02-08T05:10:42 2025-02-08T07:48:44 " % jobid])
    b.set_label("network", "infrastructure", {"node": "gpu-w41", "rank": None}, "restart_without_node",
                "Both attempts die on status=12 completions from 10.8.5.41 on rail mlx5_1; that address is gpu-w41, whose mlx5_1 flaps DOWN/ACTIVE in both attempts' dmesg and "
                "whose counters show a saturated SymbolErrorCounter and 14 link downs, so the fault follows that node's link rather than the job.",
                "https://github.com/ROCm/rccl/issues/1423")
    return b


# --------------------------------------------------------------------- cj24
def cj24():
    b = Bundle("cj24_nccl_bootstrap_to_10_5_0_11_times_out_from_one_node", 9124)
    r = b.rng
    hosts = ["gpu-v01", "gpu-v02", "gpu-v03", "gpu-v04"]
    eth = ["10.5.0.11", "10.5.0.12", "10.5.0.13", "10.5.0.14"]
    boot_ips = [eth[0], "172.17.0.1", eth[2], eth[3]]
    j = GpuJob(b, hosts, "eth0", boot_ips, net="IB", oob=None)
    jobid = 5128803
    t0 = T(2024, 10, 4, 9, 0, 22)
    logs = {}
    for hi, h in enumerate(hosts):
        L = j.torchrun_banner(hi, plus(t0, 2))
        for lr in range(8):
            blk = j.init_block(hi, lr)
            if hi == 1:
                blk = [x.replace("Using eth0:172.17.0.1<0>", "Using docker0:172.17.0.1<0>").replace("OOB eth0:172.17.0.1<0>", "OOB docker0:172.17.0.1<0>") for x in blk]
                pre = "gpu-v02:%d:%d [%d]" % (j.pids[1][lr], j.pids[1][lr], lr)
                blk.insert(0, "%s NCCL INFO NCCL_SOCKET_IFNAME set by environment to docker0" % pre)
                blk = [x for x in blk if "Init COMPLETE" not in x and "nRanks" not in x]
            else:
                blk = [x for x in blk if "Init COMPLETE" not in x]
            L += blk
        logs[h] = L
    t_e = plus(t0, 74)
    for lr in range(8):
        rk = 8 + lr
        pre = "gpu-v02:%d:%d [%d]" % (j.pids[1][lr], j.tids[1][lr], lr)
        port = 53311
        logs["gpu-v02"] += ["", "%s misc/socket.cc:543 NCCL WARN socketPollConnect: connect to 10.5.0.11<%d> returned Connection timed out, exceeded error retry count (35)" % (pre, port),
                            "%s NCCL INFO misc/socket.cc:564 -> 2" % pre, "%s NCCL INFO bootstrap.cc:80 -> 2" % pre,
                            "%s NCCL INFO bootstrap.cc:391 -> 2" % pre, "%s NCCL INFO init.cc:1393 -> 2" % pre,
                            "%s NCCL INFO group.cc:70 -> 2 [Async thread]" % pre]
        logs["gpu-v02"] += ["[rank%d]: Traceback (most recent call last):" % rk,
                            '[rank%d]:   File "/code/train.py", line 58, in setup' % rk,
                            "[rank%d]:     dist.barrier(device_ids=[local_rank])" % rk,
                            "[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % rk,
                            "[rank%d]: ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. " % rk,
                            "[rank%d]: Last error:" % rk,
                            "[rank%d]: socketPollConnect: connect to 10.5.0.11<%d> returned Connection timed out, exceeded error retry count (35)" % (rk, port)]
    logs["gpu-v02"].append(j.failed_line(1, 0, plus(t_e, 1), 1))
    logs["gpu-v02"] += j.child_failed(1, "train.py", [(lr, plus(t_e, 0.02 * lr), 1) for lr in range(8)])
    for hi in (0, 2, 3):
        logs[hosts[hi]] += ["%s Received Signals.SIGTERM death signal, shutting down workers" % elastic("W", plus(t_e, 4), j.agent[hi], "torch/distributed/elastic/agent/server/api.py:704")]
        logs[hosts[hi]] += j.sigterm_lines(hi, plus(t_e, 4))
    for hi, h in enumerate(hosts):
        b.w("%s/stdout.log" % h, logs[h])
        ifs = [{"kind": "loopback"}, {"name": "eth0", "inet": eth[hi] + "/24", "mac": mac(r, "6c:fe:54"), "altname": "enp1s0f0"},
               {"name": "ib0", "kind": "infiniband", "inet": "10.8.17.%d/16" % (11 + hi), "mac": ib_hw(r)}]
        if hi == 1:
            ifs.append({"name": "docker0", "kind": "bridge", "flags": "NO-CARRIER,BROADCAST,MULTICAST,UP", "state": "DOWN", "inet": "172.17.0.1/16", "mac": mac(r, "02:42:ac"), "mtu": 1500})
        b.w("%s/ip-addr.txt" % h, ip_addr(ifs))
    b.w("gpu-v02/etc_nccl.conf", ["# testing nccl inside dev containers -- ab 2024-09-30", "NCCL_SOCKET_IFNAME=docker0", "NCCL_DEBUG=WARN"])
    b.w("gpu-v01/torchrun-store.log", ["%s [c10d] The server socket has started to listen on [::]:29500." % glog("I", plus(t0, 1), "socket.cpp:564", r)] +
        ["%s [c10d - debug] The server socket on [::]:29500 has accepted a connection from [%s]:%d." % (glog("I", plus(t0, 2 + hi * 0.2), "socket.cpp:293", r), hosts[hi], 40000 + r.randint(0, 9999)) for hi in range(4)])
    b.w("slurm-%d.out" % jobid, ["srun: error: gpu-v02: task 1: Exited with exit code 1",
                                 "srun: First task exited 4s ago. Sending SIGTERM to remaining tasks (--kill-on-bad-exit)",
                                 "srun: error: gpu-v01: task 0: Terminated", "srun: error: gpu-v03: task 2: Terminated", "srun: error: gpu-v04: task 3: Terminated"])
    b.w("job.sbatch", sbatch_head(jobid, "vlm-pt", 4) + ["export NCCL_DEBUG=INFO",
                                                          "srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint 10.5.0.11:29500 /code/train.py"])
    b.set_label("network", "infrastructure", {"node": "gpu-v02", "rank": None}, "restart_without_node",
                "Only gpu-v02's ranks fail, timing out to 10.5.0.11 (gpu-v01, whose store accepted every node); gpu-v02 alone bootstraps NCCL on docker0 172.17.0.1 because a "
                "stale node-local /etc/nccl.conf sets NCCL_SOCKET_IFNAME=docker0, an unroutable address, so that node's configuration is at fault, not the master.",
                "https://github.com/NVIDIA/nccl/issues/913")
    return b


# --------------------------------------------------------------------- cj25
def cj25():
    b = Bundle("cj25_rendezvous_connect_to_gpu_x01_fails_from_one_node", 9125)
    r = b.rng
    hosts = ["gpu-x01", "gpu-x02", "gpu-x03", "gpu-x04"]
    eth = ["10.4.14.%d" % i for i in range(1, 5)]
    jobid = 971100
    t0 = T(2025, 3, 11, 17, 44, 9)
    agents = [r.randint(30000, 80000) for _ in hosts]
    logs = {}
    for hi, h in enumerate(hosts):
        logs[h] = ["%s Starting elastic_operator with launch configs:" % elastic("I", plus(t0, 1), agents[hi], "torch/distributed/launcher/api.py:188"),
                   "  entrypoint       : train.py", "  min_nodes        : 4", "  max_nodes        : 4", "  nproc_per_node   : 8",
                   "  run_id           : %d" % jobid, "  rdzv_backend     : c10d", "  rdzv_endpoint    : gpu-x01:29400",
                   "  rdzv_configs     : {'timeout': 900}", "  max_restarts     : 0", ""]
    tm = plus(t0, 2)
    logs["gpu-x01"] += ["%s [c10d] The server socket has started to listen on [::]:29400." % glog("I", tm, "socket.cpp:564", r)]
    for hi in (1, 3):
        logs["gpu-x01"].append("%s [c10d - debug] The server socket on [::]:29400 has accepted a connection from [%s]:%d." % (glog("I", plus(tm, 0.3 * hi), "socket.cpp:293", r), hosts[hi], 40000 + r.randint(0, 9999)))
        logs[hosts[hi]] += ["%s [c10d - debug] The client socket will attempt to connect to an IPv4 address of (10.4.14.1, 29400)." % glog("I", plus(tm, 0.3 * hi - 0.01), "socket.cpp:622", r),
                            "%s [c10d] The client socket has connected to [gpu-x01]:29400 on [%s]:%d." % (glog("I", plus(tm, 0.3 * hi), "socket.cpp:787", r), hosts[hi], 40000 + r.randint(0, 9999))]
    L = []
    for k in range(18):
        tk = plus(tm, k * 3.3)
        L.append("%s [c10d - debug] The client socket will attempt to connect to an IPv4 address of (10.4.14.201, 29400)." % glog("I", tk, "socket.cpp:622", r))
        L.append("%s [c10d] The client socket has failed to connect to [gpu-x01]:29400 (errno: 113 - No route to host)." % glog("W", plus(tk, 3.05), "socket.cpp:752", r))
    L += TORCHRUN_TB[:11] + [
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 183, in _create_tcp_store',
        "    raise RendezvousConnectionError(",
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."]
    logs["gpu-x03"] += L
    for hi in (0, 1, 3):
        logs[hosts[hi]] += TORCHRUN_TB[:11] + [
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 668, in run',
            "    raise RendezvousTimeoutError",
            "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"]
    for hi, h in enumerate(hosts):
        b.w("%s/torchrun.log" % h, logs[h])
        b.w("%s/ip-addr.txt" % h, ip_addr([{"kind": "loopback"}, {"name": "eth0", "inet": eth[hi] + "/24", "mac": mac(r, "04:3f:72")}]))
        if hi == 2:
            et = ["# managed by salt -- last sync 2024-06-11 02:00:13", "127.0.0.1 localhost",
                  "10.4.14.201 gpu-x01.hpc.lan gpu-x01", "10.4.14.202 gpu-x02.hpc.lan gpu-x02",
                  "10.4.14.3 gpu-x03.hpc.lan gpu-x03", "10.4.14.204 gpu-x04.hpc.lan gpu-x04"]
        else:
            et = ["# managed by salt -- last sync 2025-02-27 02:00:09", "127.0.0.1 localhost"] + \
                 ["%s %s.hpc.lan %s" % (eth[i], hosts[i], hosts[i]) for i in range(4)]
        b.w("%s/etc_hosts.txt" % h, et)
    b.w("slurm-%d.out" % jobid, ["srun: error: gpu-x03: task 2: Exited with exit code 1", "srun: error: gpu-x01: task 0: Exited with exit code 1",
                                 "srun: error: gpu-x02: task 1: Exited with exit code 1", "srun: error: gpu-x04: task 3: Exited with exit code 1"])
    b.set_label("network", "infrastructure", {"node": "gpu-x03", "rank": None}, "restart_without_node",
                "gpu-x01 (10.4.14.1) is listening and gpu-x02/x04 join it, but gpu-x03 keeps dialling 10.4.14.201 for gpu-x01 and gets No route to host: its /etc/hosts is a stale copy "
                "(last synced 2024-06-11, pre-renumbering), so the caller node's name resolution is broken, not the rendezvous host.",
                "https://github.com/pytorch/pytorch/issues/124380")
    return b


# --------------------------------------------------------------------- cj26
def cj26():
    b = Bundle("cj26_ib_retry_exceeded_naming_10_8_12_4_on_three_nodes", 9126)
    r = b.rng
    hosts = ["gpu-y01", "gpu-y02", "gpu-y03", "gpu-y04"]
    ib = ["10.8.12.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 887610
    t0 = T(2025, 1, 9, 8, 0, 2)
    tr = plus(t0, 230)
    step = 5.05
    t_x = T(2025, 1, 9, 15, 20, 44)
    last = int((t_x - tr).total_seconds() / step)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    rk = 27
    logs["gpu-y04"] += ["[rank27]: Traceback (most recent call last):",
                        '[rank27]:   File "/workspace/Megatron-LM/pretrain_gpt.py", line 278, in <module>',
                        "[rank27]:     pretrain(",
                        '[rank27]:   File "/workspace/Megatron-LM/megatron/training/training.py", line 391, in pretrain',
                        "[rank27]:     iteration, num_floating_point_operations_so_far = train(",
                        '[rank27]:   File "/workspace/Megatron-LM/megatron/training/training.py", line 1256, in train_step',
                        "[rank27]:     losses_reduced = forward_backward_func(",
                        "[rank27]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                        "[rank27]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                        "[rank27]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                        "[rank27]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]
    tk4 = plus(t_x, 2.6)
    logs["gpu-y04"] += j.sigterm_lines(3, tk4, skip=(3,))
    logs["gpu-y04"].append(j.failed_line(3, 3, plus(tk4, 1), 1))
    logs["gpu-y04"] += j.child_failed(3, "pretrain_gpt.py", [(3, plus(t_x, 0.9), 1)] + [(lr, plus(tk4, 1), -15) for lr in range(8) if lr != 3])
    ferr = {}
    for hi in (0, 1, 2):
        h = hosts[hi]
        for lr in (2, 3):
            port = 38000 + r.randint(0, 20000)
            logs[h] += ib_cqe(h, j.pids[hi][lr], j.tids[hi][lr], lr, ib[3], port, 12, 0, 129, "Send", gids[hi][lr], gids[3][lr])
            te = plus(tk4, 31 + r.uniform(0, 2))
            ferr[hi] = min(ferr.get(hi, te), te)
            logs[h] += nccl_remote_error(j.rank(hi, lr), te, r, ib_cqe_text(ib[3], port, 12, 0, 129, "Send", gids[hi][lr], gids[3][lr]))
        tk = plus(ferr[hi], 2)
        logs[h] += j.sigterm_lines(hi, tk, skip=(2,))
        logs[h] += j.child_failed(hi, "pretrain_gpt.py", [(2, plus(ferr[hi], 0.4), -6)] + [(lr, plus(tk, 1), -6 if lr == 3 else -15) for lr in range(8) if lr != 2])
    for hi, h in enumerate(hosts):
        b.w("%s/stdout.log" % h, logs[h])
    boot = T(2024, 12, 30, 10, 0, 0)
    b.w("gpu-y04/dmesg.txt", [
        "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % dmesg_t(plus(boot, 20)),
        "%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to DOWN (phys state: Polling)" % (dmesg_t(T(2025, 1, 7, 2, 11, 40)), HCA_PCI[2]),
        "%s mlx5_core %s: mlx5_port_state_change: port 1 port_state change to ACTIVE" % (dmesg_t(T(2025, 1, 7, 2, 12, 3)), HCA_PCI[2]),
        "%s NVRM: Xid (PCI:%s): 48, pid=%d, name=pt_main_thread, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (dmesg_t(t_x), PCI[3], j.pids[3][3]),
        "%s NVRM: Xid (PCI:%s): 63, pid=%d, name=pt_main_thread, Row Remapper: New row (0x0000000000f3a21c) marked for remapping, reset gpu to activate." % (dmesg_t(t_x), PCI[3], j.pids[3][3]),
        "%s NVRM: Xid (PCI:%s): 94, pid=%d, name=pt_main_thread, Contained: SM (0x1). RST: No, D-RST: No" % (dmesg_t(plus(t_x, 1)), PCI[3], j.pids[3][3]),
    ])
    b.w("gpu-y04/nvidia-smi-q.txt", [
        "==============NVSMI LOG==============", "", "Timestamp                                 : %s" % plus(t_x, 420).strftime("%a %b %d %H:%M:%S %Y"),
        "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "Attached GPUs                             : 8",
        "GPU 00000000:5D:00.0", "    Product Name                          : NVIDIA H100 80GB HBM3", "    Minor Number                          : 3",
        "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0", "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 2",
        "        Aggregate", "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 2",
        "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 1",
        "        Pending                           : Yes", "        Remapping Failure Occurred        : No"])
    b.w("gpu-y02/dmesg.txt", ["%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % dmesg_t(plus(boot, 21))])
    for hi, h in enumerate(hosts):
        b.w("%s/ibstat.txt" % h, sum([ibstat_ca(ca, guid(r), lid=r.randint(100, 1900)) for ca in HCAS], []))
    so = ["3: " + x for x in train_lines(tr, 1, last, step, 100000, 2048, 50, r)]
    so += _srun_end(hosts, (3, 0, 1, 2))
    b.w("slurm-%d.out" % jobid, so)
    b.set_label("gpu_memory", "infrastructure", {"node": "gpu-y04", "rank": 27}, "restart_without_node",
                "Three nodes report IB status=12 from 10.8.12.4 (gpu-y04), but ibstat there is all Active and its only link flap is two days old; 30 s before the IB errors rank 27 "
                "(GPU 3, PCI 0000:5d:00) died with an uncorrectable ECC error matching Xid 48 double-bit error and a pending row remap, so gpu-y04's GPU memory is the cause.",
                "https://github.com/Time-Search/TimeSearch-R/issues/9")
    return b


# --------------------------------------------------------------------- cj27
def cj27():
    b = Bundle("cj27_ib_retry_exceeded_toward_one_peer_and_srun_node_failure", 9127)
    r = b.rng
    hosts = ["gpu-z05", "gpu-z06", "gpu-z07", "gpu-z08"]
    ib = ["10.8.14.%d" % i for i in range(5, 9)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 1002377
    t0 = T(2025, 6, 11, 9, 30, 0)
    tr = plus(t0, 250)
    step = 7.9
    t_p = T(2025, 6, 11, 17, 3, 12)
    last = int((t_p - tr).total_seconds() / step)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    for hi in (0, 1, 3):
        h = hosts[hi]
        fe = None
        for lr in (0, 4, 7):
            port = 38000 + r.randint(0, 20000)
            logs[h] += ib_cqe(h, j.pids[hi][lr], j.tids[hi][lr], lr, ib[2], port, 12, 0, 129, "Send", gids[hi][lr], gids[2][lr])
            te = plus(t_p, 31 + r.uniform(0, 2))
            fe = te if fe is None or te < fe else fe
            logs[h] += nccl_remote_error(j.rank(hi, lr), te, r, ib_cqe_text(ib[2], port, 12, 0, 129, "Send", gids[hi][lr], gids[2][lr]))
        tk = plus(fe, 2)
        logs[h] += j.sigterm_lines(hi, tk, skip=(0,))
        logs[h] += j.child_failed(hi, "train.py", [(0, plus(fe, 0.3), -6)] + [(lr, plus(tk, 1), -6 if lr in (4, 7) else -15) for lr in range(1, 8)])
    for hi, h in enumerate(hosts):
        b.w("%s/stdout.log" % h, logs[h])
    boot = T(2025, 6, 2, 8, 0, 0)
    b.w("gpu-z07/kern.log", [
        "%s kernel: %s nvidia-nvswitch3: SXid (PCI:0000:86:00.0): 00000, Non-fatal, Link 32 LTSSM Fault Up (tolerated, link retrained)" % (syslog(T(2025, 6, 9, 3, 1, 17), "gpu-z07"), uptime(T(2025, 6, 9, 3, 1, 17), boot)),
        "%s kernel: %s EXT4-fs (nvme0n1p2): re-mounted. Quota mode: none." % (syslog(T(2025, 6, 11, 16, 58, 2), "gpu-z07"), uptime(T(2025, 6, 11, 16, 58, 2), boot)),
        "%s kernel: [    0.000000] Linux version 5.15.0-131-generic (buildd@lcy02-amd64-088) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #141-Ubuntu SMP Fri Jan 10 21:18:28 UTC 2025 (Ubuntu 5.15.0-131.141-generic 5.15.173)" % syslog(T(2025, 6, 11, 17, 9, 40), "gpu-z07"),
        "%s kernel: [    0.000000] Command line: BOOT_IMAGE=/vmlinuz-5.15.0-131-generic root=UUID=4c1a2b7e ro" % syslog(T(2025, 6, 11, 17, 9, 40), "gpu-z07"),
    ])
    b.w("gpu-z07/ipmi-sel.txt", [
        "  2f1 | 06/11/2025 | 17:03:12 | Power Supply PS1 Status | Power Supply AC lost | Asserted",
        "  2f2 | 06/11/2025 | 17:03:12 | Power Supply PS2 Status | Power Supply AC lost | Asserted",
        "  2f3 | 06/11/2025 | 17:08:57 | Power Supply PS1 Status | Power Supply AC lost | Deasserted",
        "  2f4 | 06/11/2025 | 17:08:57 | Power Supply PS2 Status | Power Supply AC lost | Deasserted",
        "  2f5 | 06/11/2025 | 17:09:05 | System Event #0x83 | OEM System Boot Event | Asserted",
    ])
    b.w("gpu-z06/kern.log", ["%s kernel: %s nvidia-nvswitch1: SXid (PCI:0000:07:00.0): 00000, Non-fatal, Link 12 LTSSM Fault Up (tolerated, link retrained)" % (syslog(T(2025, 6, 10, 22, 40, 51), "gpu-z06"), uptime(T(2025, 6, 10, 22, 40, 51), boot))])
    so = ["3: " + x for x in train_lines(tr, 1, last, step, 70000, 4096, 50, r)]
    so += ["srun: error: Node failure on gpu-z07",
           "srun: error: gpu-z05: task 0: Exited with exit code 1", "srun: error: gpu-z06: task 1: Exited with exit code 1",
           "srun: error: gpu-z08: task 3: Exited with exit code 1",
           "slurmstepd: error: *** JOB %d ON gpu-z05 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jobid, iso(plus(t_p, 302)))]
    b.w("slurm-%d.out" % jobid, so)
    b.w("sacct.txt", sacct(jobid, [(str(jobid), "llm-34b", "h100", "core", 384, "NODE_FAIL", "0:0"),
                                   ("%d.batch" % jobid, "batch", "", "core", 96, "CANCELLED", "0:15"),
                                   ("%d.0" % jobid, "torchrun", "", "core", 384, "FAILED", "1:0")]))
    b.set_label("host", "infrastructure", {"node": "gpu-z07", "rank": None}, "restart_without_node",
                "The status=12 errors on three nodes all name 10.8.14.7 = gpu-z07, which produced no errors at all: its kernel log simply stops and restarts at 17:09, the SEL "
                "records AC lost on both power supplies at 17:03:12 and Slurm reports a node failure, so the node lost power (not its NIC).",
                "https://github.com/OpenRLHF/OpenRLHF/issues/621")
    return b


# --------------------------------------------------------------------- cj28
def cj28():
    b = Bundle("cj28_connection_resets_and_sigterm_on_every_rank_at_once", 9128)
    r = b.rng
    hosts = ["gpu-a01", "gpu-a02", "gpu-a03", "gpu-a04"]
    ib = ["10.8.1.%d" % i for i in range(1, 5)]
    j = GpuJob(b, hosts, "ib0", ib, net="IB", oob=[("ib0", x) for x in ib])
    jobid = 512334
    t0 = T(2024, 11, 12, 13, 2, 44)
    tr = plus(t0, 210)
    step = 2.2
    t_c = T(2024, 11, 12, 16, 40, 2)
    last = int((t_c - tr).total_seconds() / step)
    gids = [[ib_gid(r) for _ in range(8)] for _ in hosts]
    logs = {h: node_header(j, hi, plus(t0, 5)) for hi, h in enumerate(hosts)}
    for hi, h in enumerate(hosts):
        a = j.agent[hi]
        logs[h] += ["%s Received Signals.SIGTERM death signal, shutting down workers" % elastic("W", plus(t_c, 0.3), a, "torch/distributed/elastic/agent/server/api.py:704")]
        logs[h] += j.sigterm_lines(hi, plus(t_c, 0.3))
        for lr in (1, 5):
            peer = (hi + 1) % 4
            port = 42000 + r.randint(0, 9999)
            logs[h] += ib_cqe(h, j.pids[hi][lr], j.tids[hi][lr], lr, ib[peer], port, 5, 32661, 249, "Recv", gids[hi][lr], gids[peer][lr])
        rk = j.rank(hi, 3)
        if hi:
            logs[h].append("[rank%d]:%s [c10d] recvValue failed on SocketImpl(fd=91, addr=[%s]:%d, remote=[gpu-a01]:29500): Connection reset by peer"
                           % (rk, glog("W", plus(t_c, 1.1), "TCPStore.cpp:125", r), h, 50000 + r.randint(0, 9999)))
        logs[h] += TORCHRUN_TB[:11] + [
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 260, in launch_agent',
            "    result = agent.run()",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % a]
        b.w("%s/stdout.log" % h, logs[h])
    so = ["3: " + x for x in train_lines(tr, 1, last, step, 30000, 512, 100, r)]
    so += ["srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
           "slurmstepd: error: *** JOB %d ON gpu-a01 CANCELLED AT %s ***" % (jobid, iso(t_c)),
           "slurmstepd: error: *** STEP %d.0 ON gpu-a01 CANCELLED AT %s ***" % (jobid, iso(t_c)),
           "srun: error: gpu-a03: task 2: Terminated", "srun: error: gpu-a01: task 0: Terminated",
           "srun: error: gpu-a02: task 1: Terminated", "srun: error: gpu-a04: task 3: Terminated"]
    b.w("slurm-%d.out" % jobid, so)
    b.w("sacct.txt", ["JobID           JobName      User  Partition      State ExitCode ",
                      "------------ ---------- --------- ---------- ---------- -------- ",
                      "%d     lr-sweep-4   mkovacs       h100 CANCELLED+      0:0 " % jobid,
                      "%d.batch       batch             h100  CANCELLED     0:15 " % jobid,
                      "%d.0        torchrun             h100  CANCELLED     0:15 " % jobid,
                      "", "# sacct -j %d -o JobID,State%%30: %d  CANCELLED by 41077 (mkovacs)" % (jobid, jobid)])
    b.set_label("unknown", "framework", None, "none",
                "Every rank gets SIGTERM at the same instant 16:40:02 and the scary IB status=5 flush errors and TCPStore resets come after it; Slurm says the job was CANCELLED "
                "by its owner (uid 41077), training was progressing normally, and no node shows a fault.",
                "https://github.com/pytorch/pytorch/issues/76287")
    return b


CASES = [cj16, cj17, cj18, cj19, cj20, cj21, cj22, cj23, cj24, cj25, cj26, cj27, cj28]
