"""z11-z17: IB/RoCE/EFA network faults and storage (shared vs node-local)."""
import random

from common import (Bundle, t0, plus, glog, glog_ns, iso, iso_precise, pylog, syslog, uptime, bus_ids, ctime,
                    nccl_init, watchdog_timeout, cuda_error_block, elastic_failure, sigterm_lines,
                    harmless_warnings, megatron_iter, titan_step, kernel_noise)


def _rng(fn):
    return random.Random("corpus_set10/" + fn)


def _ib_warn(host, pid, local, peer_ip, own_ip):
    return ("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) "
            "localGid ::ffff:%s remoteGids::ffff:%s" % (host, pid, pid + 377, local, peer_ip, 40000 + pid % 1000, own_ip, peer_ip))


def z11_ib_port_down_nccl_debug():
    """NCCL_DEBUG=INFO consoles: many IB completion errors on peers; the port-down is in one node's kernel log."""
    rng = _rng("z11_ib_port_down_nccl_debug")
    b = Bundle("z11_ib_port_down_nccl_debug")
    hosts = ["gpu-r3-05", "gpu-r3-06", "gpu-r3-07", "gpu-r3-08"]
    ips = ["10.77.3.%d" % (50 + i) for i in range(4)]
    t = t0(2026, 2, 27, 19, 0, 0)
    down = plus(t, 5 * 3600 + 812)
    for n, h in enumerate(hosts):
        log = []
        for l in range(8):
            log += nccl_init(h, 40100 + l, l, n * 8 + l, 32, bus_ids(rng)[l], extra=3)
        tt = plus(t, 60)
        it = 0
        while tt < down:
            it += 10
            tt = plus(tt, 10 * 3.3)
            if n == 3:
                log.append(megatron_iter(tt, it, 100000, 3300 + rng.uniform(-30, 30), 2.9 - it * 0.00001 + rng.uniform(-0.01, 0.01), gnorm=rng.uniform(0.5, 0.8)))
        if n != 2:
            for l in range(8):
                log.append(_ib_warn(h, 40100 + l, l, ips[2], ips[n]))
                log.append("%s:%d:%d [%d] NCCL INFO transport/net.cc:1225 -> 6" % (h, 40100 + l, 40477 + l, l))
                log.append("%s:%d:%d [%d] NCCL INFO proxy.cc:904 -> 6" % (h, 40100 + l, 40477 + l, l))
            log.append("[rank%d]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.21.5" % (n * 8))
            log.append("[rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (n * 8))
            log.append("[rank%d]: Last error:" % (n * 8))
            log.append("[rank%d]: NET/IB : Got completion from peer %s<40117> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (n * 8, ips[2], ips[n], ips[2]))
        else:
            for l in range(8):
                log += watchdog_timeout(plus(down, 600), 16 + l, 93311, pid=40100 + l)[:3]
        b.add("%s/nccl_debug.log" % h, log)
        j = []
        for ln in kernel_noise(rng, 25):
            j.append("%s %s kernel: %s" % (syslog(plus(t, rng.uniform(-3600, 20000))), h, ln))
        if n == 2:
            j += ["%s %s kernel: mlx5_core 0000:9a:00.0 mlx5_4: Port: 1 Link DOWN" % (syslog(down), h),
                  "%s %s kernel: mlx5_core 0000:9a:00.0 ibp154s0: Link down" % (syslog(down), h),
                  "%s %s kernel: mlx5_core 0000:9a:00.0: mlx5_port_module_event:1166:(pid 0): Port 1: Cable plugged out of the module or module is not connected" % (syslog(plus(down, 1)), h)]
        b.add("%s/kern.log" % h, sorted(j))
    b.set_label("network", "infrastructure", "gpu-r3-07", "restart_without_node",
                "Every other node reports IB completion error 12 towards 10.77.3.52 (gpu-r3-07); that node's kern.log shows mlx5_4 "
                "port 1 Link DOWN with the module unplugged at the same second. The ranks on gpu-r3-07 only time out.",
                "https://github.com/NVIDIA/nccl/issues/902")
    return b


def z12_leaf_switch_outage():
    """Four of eight nodes lose their IB links in the same second; they share leaf switch ib-leaf-b (topology.json)."""
    rng = _rng("z12_leaf_switch_outage")
    b = Bundle("z12_leaf_switch_outage")
    hosts = ["gpn-%03d" % i for i in range(201, 209)]
    b.topology = {"ib-leaf-a": hosts[:4], "ib-leaf-b": hosts[4:]}
    t = t0(2026, 5, 20, 3, 0, 0)
    down = plus(t, 2 * 3600 + 3071)
    for n, h in enumerate(hosts):
        log = ["[NeMo I %s exp_manager:396] Experiments will be logged at /results/mixtral-8x7b" % t.strftime("%Y-%m-%d %H:%M:%S")]
        if n == 7:
            tt = plus(t, 200)
            s = 0
            while tt < down:
                s += 10
                tt = plus(tt, 10 * 6.2)
                log.append("Epoch 0: : %d/100000 [reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=6.2]" % (s, 1.8 - s * 0.00002 + rng.uniform(-0.01, 0.01), s, s * 2048))
        peer = hosts[(n + 4) % 8]
        for l in (0, 3):
            log.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer 10.9.%d.%d<52113> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid fe80::ba3f:d203:%x:%x remoteGids fe80::ba3f:d203:%x:%x"
                       % (h, 7700 + l, 8100 + l, l, (n + 4) % 8, 20 + l, n, l, (n + 4) % 8, l))
        log += ["[rank%d]: torch.distributed.DistBackendError: NCCL communicator was aborted on rank %d." % (n * 8, n * 8)]
        log += watchdog_timeout(plus(down, 600), n * 8, 51171, pid=7700)[:4]
        b.add("%s/nemo.log" % h, log)
        j = []
        for ln in kernel_noise(rng, 15):
            j.append("%s %s kernel: %s" % (iso_precise(plus(t, rng.uniform(-3600, 12000))), h, ln))
        if n >= 4:
            for k, dev in enumerate(("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5")):
                j.append("%s %s kernel: mlx5_core 0000:%s:00.0 %s: Port: 1 Link DOWN" % (iso_precise(plus(down, 0.02 * k + rng.uniform(0, 0.3))), h, ("18", "2a", "3a", "5d")[k], dev))
            for k, dev in enumerate(("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5")):
                j.append("%s %s kernel: mlx5_core 0000:%s:00.0 %s: Port: 1 Link ACTIVE" % (iso_precise(plus(down, 148 + rng.uniform(0, 2))), h, ("18", "2a", "3a", "5d")[k], dev))
        b.add("%s/journalctl-k.txt" % h, sorted(j))
    b.set_label("network", "infrastructure", None, "restart",
                "All four nodes behind ib-leaf-b lose every IB port in the same second and regain them ~150 s later; the nodes "
                "behind ib-leaf-a see only remote errors. A leaf-switch outage, no single node to blame.",
                "https://github.com/NVIDIA/nccl/issues/902")
    return b


def z13_efa_ray_worker():
    """Ray Train: raylet.out and worker-*.err per node; EFA device errors on one worker node."""
    rng = _rng("z13_efa_ray_worker")
    b = Bundle("z13_efa_ray_worker")
    hosts = ["ip-10-2-14-77", "ip-10-2-15-203", "ip-10-2-9-18", "ip-10-2-11-140"]
    t = t0(2026, 6, 30, 10, 0, 0)
    fail = plus(t, 9000)
    for n, h in enumerate(hosts):
        ray = ["[%s,%03d I %d %d] (raylet) main.cc:180: Setting cluster ID to: 2b6a0f0e0b3f9c1b7a2e" % (t.strftime("%Y-%m-%d %H:%M:%S"), 12, 311, 311),
               "[%s,%03d I %d %d] (raylet) node_manager.cc:524: [state-dump] NodeManager: Node ID: %040x" % (t.strftime("%Y-%m-%d %H:%M:%S"), 15, 311, 311, 0xabc123 + n)]
        tt = t
        while tt < fail:
            tt = plus(tt, 600)
            ray.append("[%s,%03d I 311 330] (raylet) node_manager.cc:716: [state-dump] Event stats: PeriodicalRunner.RunFnPeriodically - 11 total" % (tt.strftime("%Y-%m-%d %H:%M:%S"), rng.randint(0, 999)))
        ray.append("[%s,%03d I 311 311] (raylet) worker_pool.cc:672: Worker process %d exited with code 1" % (plus(fail, 610).strftime("%Y-%m-%d %H:%M:%S"), 5, 9100 + n))
        b.add("%s/raylet.out" % h, ray)
        ip = ".".join(h.split("-")[1:])
        err = ["(RayTrainWorker pid=%d, ip=%s) Setting up process group for: env:// [rank=%d, world_size=32]" % (9100 + n, ip, n * 8)]
        for l in (0, 4):
            p = "(RayTrainWorker pid=%d) %s:%d:%d [%d]" % (9100 + n, h, 9100 + n, 9140 + l, l)
            err += ["%s NCCL INFO cudaDriverVersion 12040" % p,
                    "%s NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.13.2-aws" % p,
                    "%s NCCL INFO NET/OFI Using Libfabric version 1.22" % p,
                    "%s NCCL INFO NET/OFI Selected provider is efa, fabric is efa-direct (found 32 nics)" % p,
                    "%s NCCL INFO Using network Libfabric" % p,
                    "%s NCCL INFO comm 0x%x rank %d nranks 32 cudaDev %d nvmlDev %d busId %s - Init COMPLETE" % (p, 0x5600a0000000 + l, n * 8 + l, l, l, bus_ids()[l].split(":")[1].lower() + "000")]
        tt = plus(t, 60)
        s = 0
        while tt < fail:
            s += 50
            tt = plus(tt, 50 * 1.4)
            if n == 0:
                err.append("(RayTrainWorker pid=9100) {'epoch': 0, 'step': %d, 'loss': %.4f, 'throughput': %.1f}" % (s, 3.1 - s * 0.00005, 5870 + rng.uniform(-30, 30)))
        if n == 2:
            err += ["(RayTrainWorker pid=9102) %s:9102:9451 [2] NCCL WARN NET/OFI Request 0x7f2c3c0a1e80 completed with error. RC: 5. Error: Input/output error. Completed length: 0, Request: { buffer_index: 255, dev: 2, size: 0, state: CREATED, type: SEND }" % h,
                    "(RayTrainWorker pid=9102) %s:9102:9451 [2] NCCL INFO transport/net.cc:1151 -> 6" % h,
                    "(RayTrainWorker pid=9102) torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error"]
        else:
            err += ["(RayTrainWorker pid=%d) %s" % (9100 + n, x) for x in watchdog_timeout(plus(fail, 600), n * 8, 7033, pid=9100 + n)[:4]]
        err += ["ray.exceptions.RayTaskError(DistBackendError): ray::_RayTrainWorker__execute.get_next() (pid=%d, ip=%s)" % (9100 + n, ip)]
        b.add("%s/worker-%040x-01000000-%d.err" % (h, 0xfeed00 + n, 9100 + n), err)
        d = []
        boot = plus(t, -40000)
        for ln in kernel_noise(rng, 18):
            d.append("%s %s" % (uptime(boot, plus(t, rng.uniform(-1000, 9000))), ln))
        if n == 2:
            d += ["%s efa 0000:a0:1c.0: Failed to process command CREATE_QP (opcode 2) comp_status 7 err -5" % uptime(boot, plus(fail, -3)),
                  "%s efa 0000:a0:1c.0: Device reset initiated, reason: keep alive timeout" % uptime(boot, plus(fail, -2.5)),
                  "%s efa 0000:a0:1c.0: Admin queue is not in running state" % uptime(boot, plus(fail, -2.4))]
        b.add("%s/dmesg.txt" % h, sorted(d, key=lambda s: float(s[1:13])))
    b.set_label("network", "infrastructure", "ip-10-2-9-18", "restart_without_node",
                "The EFA device on ip-10-2-9-18 failed a command and reset on keep-alive timeout; its worker's NET/OFI send "
                "completed with an I/O error, and the other Ray workers then hit collective timeouts.",
                "https://github.com/NVIDIA/nccl/issues/879")
    return b


def z14_ib_symbol_errors_mpirun():
    """mpirun --tag-output console; perfquery shows one node's HCA port with exploding symbol/link-down counters."""
    rng = _rng("z14_ib_symbol_errors_mpirun")
    b = Bundle("z14_ib_symbol_errors_mpirun")
    hosts = ["cn-0415", "cn-0416", "cn-0417", "cn-0418"]
    t = t0(2026, 3, 3, 14, 0, 0)
    fail = plus(t, 4100)
    out = []
    tt = plus(t, 30)
    for s in range(1, 600):
        tt = plus(tt, 6.5 + (rng.uniform(0, 9) if s > 480 else 0))
        if tt > fail:
            break
        if s % 5 == 0:
            out.append("[1,0]<stdout>:%s INFO step=%d loss=%.4f step_time=%.2fs" % (pylog(tt), s, 2.6 - s * 0.0007, 6.5 + (rng.uniform(0, 9) if s > 480 else rng.uniform(-0.1, 0.1))))
    for r in range(32):
        h = hosts[r // 8]
        out.append("[1,%d]<stderr>:%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer 10.60.4.17<33%03d> with status=12 opcode=0 len=0 vendor err 129 (Recv)" % (r, h, 21000 + r, 21500 + r, r % 8, r) if r // 8 != 2 else
                   "[1,%d]<stderr>:%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer 10.60.4.%d<33%03d> with status=5 opcode=1 len=0 vendor err 244 (Recv)" % (r, h, 21000 + r, 21500 + r, r % 8, 15, r))
        out.append("[1,%d]<stderr>:[rank%d]: torch.distributed.DistBackendError: NCCL error: remote process exited or there was a network error" % (r, r))
    out += ["--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned",
            "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "--------------------------------------------------------------------------",
            "mpirun detected that one or more processes exited with non-zero status, thus causing",
            "the job to be terminated. The first process to do so was:", "",
            "  Process name: [[41177,1],4]", "  Exit code:    1",
            "--------------------------------------------------------------------------"]
    b.add("cn-0415/mpirun.out", out)
    for n, h in enumerate(hosts):
        bad = n == 2
        pq = []
        for dev in ("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"):
            hit = bad and dev == "mlx5_2"
            pq += ["# Port counters: Lid %d port 1 (CapMask: 0x5A00)  [%s]" % (400 + n * 4 + int(dev[-1]), dev),
                   "PortSelect:......................1", "CounterSelect:...................0x0000",
                   "SymbolErrorCounter:..............%d" % (65535 if hit else rng.randint(0, 2)),
                   "LinkErrorRecoveryCounter:........%d" % (255 if hit else 0),
                   "LinkDownedCounter:...............%d" % (37 if hit else 0),
                   "PortRcvErrors:...................%d" % (18211 if hit else 0),
                   "PortRcvRemotePhysicalErrors:.....0", "PortRcvSwitchRelayErrors:........0",
                   "PortXmitDiscards:................%d" % (914 if hit else 0),
                   "LocalLinkIntegrityErrors:........%d" % (15 if hit else 0),
                   "ExcessiveBufferOverrunErrors:....0", "VL15Dropped:.....................0",
                   "PortXmitData:....................%d" % rng.randint(10 ** 12, 10 ** 13),
                   "PortRcvData:.....................%d" % rng.randint(10 ** 12, 10 ** 13), ""]
        b.add("%s/perfquery.txt" % h, pq)
        st = []
        for dev in ("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"):
            hit = bad and dev == "mlx5_2"
            st += ["CA '%s'" % dev, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                   "\tPort 1:", "\t\tState: %s" % ("Initializing" if hit else "Active"),
                   "\t\tPhysical state: %s" % ("LinkUp" if hit else "LinkUp"),
                   "\t\tRate: %d" % (100 if hit else 400), "\t\tBase lid: %d" % (400 + n * 4 + int(dev[-1])), "\t\tSM lid: 1",
                   "\t\tLink layer: InfiniBand", ""]
        b.add("%s/ibstat.txt" % h, st)
    b.set_label("network", "infrastructure", "cn-0417", "restart_without_node",
                "Ranks on cn-0417 see their own receive errors (status 5/vendor 244) while everyone else sees timeouts from "
                "10.60.4.17; perfquery on cn-0417 mlx5_2 shows saturated symbol errors and 37 link-downs, ibstat a degraded rate.",
                "https://github.com/leptonai/gpud/pull/1209")
    return b


def z15_lustre_eviction_all_nodes():
    """Every node's syslog: Lustre client evicted by an OST; checkpoint save fails with EIO on all ranks."""
    rng = _rng("z15_lustre_eviction_all_nodes")
    b = Bundle("z15_lustre_eviction_all_nodes")
    hosts = ["nid001%03d" % i for i in (104, 105, 106, 107, 108, 109)]
    t = t0(2026, 4, 2, 6, 0, 0)
    ev = plus(t, 3 * 3600 + 900)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 100)
        it = 0
        while tt < ev:
            it += 10
            tt = plus(tt, 10 * 2.9)
            if n == 5:
                log.append(megatron_iter(tt, it, 200000, 2900 + rng.uniform(-20, 20), 2.4 - it * 0.00001, gnorm=rng.uniform(0.3, 0.5)))
        log.append("saving checkpoint at iteration %8d to /lus/scratch/proj/ckpt in torch_dist format" % it)
        for l in range(0, 8, 2):
            r = n * 8 + l
            log += ["[rank%d]: ERROR:megatron.core.dist_checkpointing.strategies.filesystem_async:Local process %d encountered an error: [Errno 5] Input/output error" % (r, l),
                    "[rank%d]: OSError: [Errno 5] Input/output error: '/lus/scratch/proj/ckpt/iter_%07d/__%d_0.distcp'" % (r, it, r)]
        log += watchdog_timeout(plus(ev, 600), n * 8 + 1, 77101, pid=3000)[:3]
        b.add("%s/slurm-8812345.%d.out" % (h, n), log)
        s = []
        for ln in kernel_noise(rng, 12):
            s.append("%s %s kernel: %s" % (syslog(plus(t, rng.uniform(-3600, 14000))), h, ln))
        s += ["%s %s kernel: Lustre: scratch-OST0012-osc-ffff9a0c4e8f1000: Connection to scratch-OST0012 (at 10.100.0.%d@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % (syslog(plus(ev, -40 + n * 0.1)), h, 12),
              "%s %s kernel: LustreError: 167-0: scratch-OST0012-osc-ffff9a0c4e8f1000: This client was evicted by scratch-OST0012; in progress operations using this service will fail." % (syslog(plus(ev, -3)), h),
              "%s %s kernel: LustreError: 11-0: scratch-OST0012-osc-ffff9a0c4e8f1000: operation ost_write to node 10.100.0.12@o2ib failed: rc = -5" % (syslog(plus(ev, -2)), h),
              "%s %s kernel: Lustre: scratch-OST0012-osc-ffff9a0c4e8f1000: Connection restored to 10.100.0.12@o2ib (at 10.100.0.12@o2ib)" % (syslog(plus(ev, 95)), h)]
        b.add("%s/messages" % h, sorted(s))
    b.set_label("storage", "infrastructure", None, "restart",
                "All six clients lose their connection to scratch-OST0012 and are evicted in the same minute; the checkpoint "
                "writes then fail with EIO on every node. A shared-filesystem fault, not a node or the job.",
                "https://github.com/THUDM/slime/issues/326")
    return b


def z16_tmp_full_ip_dirs():
    """Folders named by IP; one node's /tmp is full, Inductor/Triton cache writes fail there."""
    rng = _rng("z16_tmp_full_ip_dirs")
    b = Bundle("z16_tmp_full_ip_dirs")
    ips = ["10.30.1.11", "10.30.1.12", "10.30.1.13", "10.30.1.14"]
    t = t0(2026, 8, 8, 12, 0, 0)
    for n, ip in enumerate(ips):
        log = ["[rank%d]:%s torch/_inductor/utils.py] [0/0] Using FallbackKernel: aten.cumsum" % (n * 8, glog(plus(t, 30), "W"))]
        if n == 3:
            log += ["[rank%d]: Traceback (most recent call last):" % 26,
                    "[rank26]:   File \"/opt/venv/lib/python3.11/site-packages/torch/_inductor/codecache.py\", line 398, in write_atomic",
                    "[rank26]:     tmp_path.write_bytes(content)",
                    "[rank26]: OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc/triton/0/OXN4CJ4QQ5MSP3ULGQR5FPSHHK2Y/triton_red_fused_add_mean_mul_pow_rsqrt_0.cubin.tmp.pid_61226_8e1b1f'",
                    "[rank26]: The above exception was the direct cause of the following exception:",
                    "[rank26]: torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                    "[rank26]: OSError: [Errno 28] No space left on device"]
            log += elastic_failure(plus(t, 95), "gpu-node-14", "train.py", [(26, 2, 1, 61226, None)])
        else:
            tt = plus(t, 90)
            for s in range(1, 4):
                tt = plus(tt, 30)
                log.append("[rank%d]:%s step %d loss %.3f (compiling)" % (n * 8, pylog(tt), s, 10.9 - s * 0.1))
            log += ["[rank%d]:%s" % (n * 8 + l, x) for l in (0, 7) for x in watchdog_timeout(plus(t, 700), n * 8 + l, 12, pid=61220 + l)[:3]]
        b.add("%s/torchrun.log" % ip, log)
        pct = [41, 38, 44, 100][n]
        b.add("%s/df-h.txt" % ip, ["Filesystem      Size  Used Avail Use% Mounted on",
                                   "overlay         1.8T  %s  %s  %d%% /" % ("312G", "1.5T", 18),
                                   "/dev/nvme1n1    3.5T  %s  %s  %d%% /tmp" % (("3.5T", "0", 100) if n == 3 else ("%.1fT" % (3.5 * pct / 100), "%.1fT" % (3.5 * (1 - pct / 100)), pct)),
                                   "tmpfs           1.0T   24G  1000G   3% /dev/shm",
                                   "10.30.0.5:/home  50T   31T   19T  63% /home"])
    b.set_label("storage", "infrastructure", "10.30.1.14", "restart_without_node",
                "Rank 26 on 10.30.1.14 fails writing a compiled kernel with ENOSPC; df on that node shows its local /tmp NVMe "
                "at 100% while the other nodes are under half full. A node-local disk problem.",
                "https://github.com/PrimeIntellect-ai/prime-rl/pull/2305")
    return b


def z17_local_nvme_io_errors():
    """dmesg uptime stamps: NVMe timeouts and I/O errors on one node's local dataset cache; EIO in the data loader."""
    rng = _rng("z17_local_nvme_io_errors")
    b = Bundle("z17_local_nvme_io_errors")
    hosts = ["trn-a07", "trn-a08", "trn-a09"]
    t = t0(2026, 11, 2, 1, 0, 0)
    fail = plus(t, 7777)
    boot = plus(t, -200000)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 60)
        s = 0
        while tt < fail:
            s += 20
            tt = plus(tt, 20 * 0.9)
            if n == 0:
                log.append(titan_step(tt, s, 3.0 - s * 0.00005 + rng.uniform(-0.02, 0.02), 55.0, 8400 + rng.randint(-50, 50), 48.0))
        if n == 1:
            log += ["[rank11]: Traceback (most recent call last):",
                    "[rank11]:   File \"/app/data/shards.py\", line 88, in __iter__",
                    "[rank11]:     buf = f.read(self.block)",
                    "[rank11]: OSError: [Errno 5] Input/output error",
                    "[rank11]: RuntimeError: Caught OSError in DataLoader worker process 3."]
        else:
            log += ["[rank%d]:%s" % (n * 8, x) for x in watchdog_timeout(plus(fail, 600), n * 8, 31902, pid=4100)[:4]]
        b.add("%s/console.log" % h, log)
        d = []
        for ln in kernel_noise(rng, 30):
            d.append("%s %s" % (uptime(boot, plus(t, rng.uniform(-5000, 9000))), ln))
        if n == 1:
            x = plus(fail, -140)
            for k in range(6):
                x = plus(x, rng.uniform(5, 20))
                d.append("%s nvme nvme2: I/O %d QID %d timeout, aborting" % (uptime(boot, x), rng.randint(100, 999), rng.randint(1, 60)))
            d += ["%s nvme nvme2: Abort status: 0x371" % uptime(boot, plus(x, 1)),
                  "%s nvme nvme2: I/O 512 QID 7 timeout, reset controller" % uptime(boot, plus(x, 30)),
                  "%s I/O error, dev nvme2n1, sector 1879126016 op 0x0:(READ) flags 0x80700 phys_seg 4 prio class 2" % uptime(boot, plus(x, 31)),
                  "%s EXT4-fs warning (device nvme2n1): ext4_end_bio:343: I/O error 10 writing to inode 41963527 starting block 234890752)" % uptime(boot, plus(x, 31)),
                  "%s Buffer I/O error on device nvme2n1, logical block 234890752" % uptime(boot, plus(x, 31))]
        b.add("%s/dmesg.txt" % h, sorted(d, key=lambda s: float(s[1:13])))
    b.set_label("storage", "infrastructure", "trn-a08", "restart_without_node",
                "trn-a08's dmesg shows NVMe command timeouts, a controller reset and read I/O errors on nvme2n1 (the local "
                "shard cache) just before its data loader raised EIO; the other nodes only time out.",
                "https://github.com/open-mmlab/mmdetection/issues/6461")
    return b
