"""Cases ae01-ae08."""
import datetime as dt
import json

from common import Case, Log
from fmt import (UTC, tz, at, glog_ts, py_ts, join, nccl, nvidia_smi_table, h100s, sacct, ibstat, tb,
                 watchdog_timeout, torchrun_line, dmesg_T, pg_not_destroyed)
import tr

PYLIB = "/usr/local/lib/python3.10/dist-packages"


# ---------------------------------------------------------------------------------------------------------------
def ae01():
    c = Case("ae01_16_node_job_dies_at_first_allreduce", 3401)
    t0 = dt.datetime(2025, 2, 11, 9, 14, 2, 115000, tzinfo=UTC)
    nodes = ["gpu-a1%02d" % i for i in range(1, 17)]
    bad = "gpu-a109"
    job = 640112
    ver = "2.21.5+cuda12.4"
    master = nodes[0]
    login = Log()
    login.add(t0, ["+ export NCCL_DEBUG=WARN", "+ export NCCL_SOCKET_IFNAME=bond0", "+ export NCCL_IB_HCA=mlx5",
                   "+ export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
                   "+ srun --kill-on-bad-exit=1 --ntasks-per-node=1 torchrun --nnodes=16 --nproc-per-node=8 "
                   "--rdzv-backend=c10d --rdzv-endpoint=%s:29400 --rdzv-id=%d pretrain.py --config cfg/llama3_8b.yaml"
                   % (master, job)])
    fail_t = at(t0, 52.31)
    for n_i, host in enumerate(nodes):
        L = Log()
        apid = 50211 + n_i * 7
        L.add(at(t0, 0.7 + n_i * 0.01), tr.banner(at(t0, 0.7), apid))
        L.add(at(t0, 34.2), tr.rdzv_complete(at(t0, 34.2), apid, master, 29500 + 0, n_i, 16, 8))
        wp = [apid + 20 + k for k in range(8)]
        for k in range(8):
            r = n_i * 8 + k
            ts = at(t0, 41.0 + k * 0.013)
            L.add(ts, "[rank%d]:[%s ProcessGroupNCCL.cpp:4115] [PG ID 0 PG GUID 0 Rank %d]  using GPU %d to perform barrier "
                      "as devices used by this process are currently unknown. This can potentially cause a hang if this "
                      "rank to GPU mapping is incorrect. Specify device_ids in barrier() to force use of a particular device, "
                      "or call init_process_group() with a device_id." % (r, glog_ts(ts, "W"), r, k))
            L.add(at(ts, 0.4), nccl(host, wp[k], wp[k], k, "WARN",
                                    'Missing "iommu=pt" from kernel command line which can lead to system instablity or hang!'))
        if host == master:
            L.add(at(t0, 40.2), ["[rank0]:2025-02-11 09:14:42,318 INFO pretrain: world_size=128 dp=128 tp=1 pp=1 "
                                 "global_batch=1024 seq_len=8192",
                                 "[rank0]:2025-02-11 09:14:42,319 INFO pretrain: data: /weka/tok/fineweb-edu-v2 (4096 shards)"])
        if host == bad:
            for k in range(8):
                r = n_i * 8 + k
                ts = at(fail_t, k * 0.021 + (0.0 if k != 3 else -0.05))
                L.add(ts, nccl(host, wp[k], wp[k], k, "WARN", "Bootstrap : no socket interface found"))
                L.add(at(ts, 0.01), tb([
                    ("/opt/app/pretrain.py", 412, "<module>", "main(cfg)"),
                    ("/opt/app/pretrain.py", 233, "main", "dist.barrier()"),
                    (PYLIB + "/torch/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)"),
                    (PYLIB + "/torch/distributed/distributed_c10d.py", 4164, "barrier", "work = group.barrier(opts=opts)")],
                    ["torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/"
                     "ProcessGroupNCCL.cpp:2027, internal error - please report this issue to the NCCL developers, NCCL "
                     "version 2.21.5",
                     "ncclInternalError: Internal check failed.",
                     "Last error:",
                     "Bootstrap : no socket interface found"], prefix="[rank%d]: " % r))
            tf = at(fail_t, 1.6)
            L.add(tf, tr.worker_failed(tf, apid, 3, wp[3], 1))
            L.add(at(tf, 0.002), tr.sending_sigterm(at(tf, 0.002), apid, []))
            fails = [dict(time=at(fail_t, 0.1), host=host, rank=n_i * 8 + k, local_rank=k, exitcode=1, pid=wp[k])
                     for k in range(8) if k != 3]
            root = dict(time=at(fail_t, 0.0), host=host, rank=n_i * 8 + 3, local_rank=3, exitcode=1, pid=wp[3])
            L.add(at(tf, 0.01), tr.agent_tb_childfailed("pretrain.py", fails, root))
            login.add(at(tf, 0.3), "srun: error: %s: task 8: Exited with exit code 1" % host)
        else:
            ts = at(fail_t, 2.2 + n_i * 0.004)
            L.add(ts, tr.got_sigterm(ts, apid, wp))
            login.add(at(ts, 0.1), "srun: error: %s: task %d: Terminated" % (host, n_i))
        c.w("%s/torchrun-%d.log" % (host, job), L)
        # interface snapshot from the prolog health check
        ip_last = 100 + n_i + 1
        if host == bad:
            ipl = ["lo               UNKNOWN        127.0.0.1/8 ::1/128",
                   "enp26s0np0       UP             10.40.3.%d/16 fe80::a288:c2ff:fe14:9b02/64" % ip_last,
                   "enp26s0np1       DOWN           ",
                   "ibp24s0          UP             fe80::a288:c203:14:9b10/64",
                   "ibp64s0          UP             fe80::a288:c203:14:9b20/64",
                   "docker0          DOWN           172.17.0.1/16"]
            info = ["hostname: %s" % host, "node image: gpu-ubuntu22.04 2025.02.07-rc2 (reimaged 2025-02-10 16:02 UTC, ticket OPS-8812)",
                    "kernel: 5.15.0-131-generic", "driver: 550.144.03", "ofed: MLNX_OFED_LINUX-24.10-1.1.4.0",
                    "netplan: /etc/netplan/50-cloud-init.yaml (single port, no bond)"]
        else:
            ipl = ["lo               UNKNOWN        127.0.0.1/8 ::1/128",
                   "ens26f0np0       UP             ",
                   "ens26f1np1       UP             ",
                   "bond0            UP             10.40.3.%d/16 fe80::a288:c2ff:fe13:%04x/64" % (ip_last, 0x1000 + n_i),
                   "ibp24s0          UP             fe80::a288:c203:13:%04x/64" % (0x2000 + n_i),
                   "ibp64s0          UP             fe80::a288:c203:13:%04x/64" % (0x3000 + n_i),
                   "docker0          DOWN           172.17.0.1/16"]
            info = ["hostname: %s" % host, "node image: gpu-ubuntu22.04 2024.11.20", "kernel: 5.15.0-126-generic",
                    "driver: 550.144.03", "ofed: MLNX_OFED_LINUX-24.10-1.1.4.0",
                    "netplan: /etc/netplan/60-bond0.yaml (802.3ad, ens26f0np0+ens26f1np1)"]
        c.w("%s/prolog/ip-br-addr.txt" % host, ["# %s  ip -br addr  (slurm prolog, job %d)" % (at(t0, -8).isoformat(), job)] + ipl)
        c.w("%s/prolog/node-info.txt" % host, info)
    login.add(at(fail_t, 2.0), ["srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                                "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT 2025-02-11T09:14:56 ***" % (job, master)])
    c.w("login-a01/slurm-%d.out" % job, login)
    c.w("login-a01/sacct.txt", sacct([("%d" % job, "llama3-8b", "gpu", "pretrain", "3072", "FAILED", "1:0"),
                                      ("%d.batch" % job, "batch", "", "pretrain", "192", "FAILED", "1:0"),
                                      ("%d.extern" % job, "extern", "", "pretrain", "3072", "COMPLETED", "0:0"),
                                      ("%d.0" % job, "torchrun", "", "pretrain", "3072", "FAILED", "1:0")]))
    c.label("network", "infrastructure", bad, None, "restart_without_node",
            "Only the eight ranks on gpu-a109 fail, at NCCL bootstrap, with 'Bootstrap : no socket interface found': the job "
            "forces NCCL_SOCKET_IFNAME=bond0 and gpu-a109 (reimaged the day before) has no bond0, only enp26s0np0, while "
            "the other 15 nodes have bond0 and are only killed afterwards by srun's SIGTERM.",
            "https://github.com/NVIDIA/nccl/issues/1837")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae02():
    c = Case("ae02_nccl_init_fails_with_ib_errors_on_half_the_ranks", 3402)
    t0 = dt.datetime(2024, 2, 20, 14, 19, 48, 402000, tzinfo=UTC)
    cet = tz(1)
    order = ["node-r3-01", "node-r3-02", "node-r4-01", "node-r4-02", "node-r3-03", "node-r3-04", "node-r4-03", "node-r4-04"]
    r4 = [h for h in order if "-r4-" in h]
    ips = {h: "10.60.%d.%d" % (3 if "-r3-" in h else 4, 10 + int(h[-2:])) for h in order}
    hcas = ["mlx5_%d" % i for i in range(8)]
    mp = Log()

    def ts_prefix(t, rank, stream="stdout"):
        return "%s[1,%d]<%s>:" % (t.strftime("%a %b %d %H:%M:%S %Y"), rank, stream)

    mp.add(t0, ["+ mpirun -np 64 --hostfile hosts.txt --map-by ppr:8:node --bind-to none --tag-output --timestamp-output "
                "-x NCCL_DEBUG=INFO -x NCCL_DEBUG_SUBSYS=INIT,NET -x NCCL_IB_HCA=mlx5 -x NCCL_SOCKET_IFNAME=ib0 "
                "-x MASTER_ADDR=node-r3-01 -x MASTER_PORT=29512 python -u train_mae.py --cfg vit_h_mae.yaml",
                "hosts.txt: " + " ".join(order)])
    port_err = dt.datetime(2024, 2, 20, 14, 21, 7, 230000, tzinfo=UTC)
    for ni, h in enumerate(order):
        for k in range(8):
            r = ni * 8 + k
            pid = 40100 + ni * 31 + k
            t = at(t0, 48 + k * 0.02)
            pre = ts_prefix(t, r)
            if k == 0:
                mp.add(t, pre + nccl(h, pid, pid, k, "INFO", "Bootstrap : Using ib0:%s<0>" % ips[h]))
                mp.add(t, pre + nccl(h, pid, pid, k, "INFO", "NET/Plugin : Plugin load (libnccl-net.so) returned 2 : "
                                                              "libnccl-net.so: cannot open shared object file: No such file or directory"))
                mp.add(t, pre + nccl(h, pid, pid, k, "INFO", "NET/Plugin : No plugin found, using internal implementation"))
                if r == 0:
                    mp.add(t, pre + "NCCL version 2.19.3+cuda12.3")
            mp.add(at(t, 0.2), ts_prefix(at(t, 0.2), r) + nccl(h, pid, pid + 41, k, "INFO", "NET/IB : Using " + " ".join(
                "[%d]%s:1/IB" % (i, d) for i, d in enumerate(hcas)) + " ; OOB ib0:%s<0>" % ips[h]))
            mp.add(at(t, 0.3), ts_prefix(at(t, 0.3), r) + nccl(h, pid, pid + 41, k, "INFO",
                   "comm 0x%x rank %d nranks 64 cudaDev %d nvmlDev %d busId %s commId 0x8d2f10c4b7e3a95e - Init START"
                   % (0x55f0c0000000 + pid * 64, r, k, k, ["18000", "2a000", "3a000", "5d000", "9a000", "ab000", "ba000", "db000"][k])))
            if h in r4:
                for j, d in enumerate(hcas[:3] if k % 2 else hcas[3:6]):
                    te = at(port_err, 0.002 * j + 0.0007 * k)
                    mp.add(te, ts_prefix(te, r, "stdout") + nccl(h, pid, pid + 44, k, "WARN",
                                                                 "NET/IB : %s:1 Got async event : port error" % d))
                tf = at(port_err, 21.4 + 0.03 * k)
                mp.add(tf, ts_prefix(tf, r) + nccl(h, pid, pid + 41, k, "WARN",
                                                   "Call to ibv_modify_qp failed with error Connection timed out"))
                mp.add(tf, ts_prefix(tf, r) + nccl(h, pid, pid + 41, k, "INFO", "transport/net_ib.cc:1054 -> 2"))
                mp.add(tf, ts_prefix(tf, r) + nccl(h, pid, pid + 41, k, "INFO", "transport/net.cc:685 -> 2"))
                mp.add(tf, ts_prefix(tf, r) + nccl(h, pid, pid + 41, k, "INFO", "init.cc:1236 -> 2"))
                mp.add(at(tf, 0.2), [ts_prefix(at(tf, 0.2), r, "stderr") + x for x in tb(
                    [("/home/mjung/mae/train_mae.py", 377, "<module>", "main(args)"),
                     ("/home/mjung/mae/train_mae.py", 188, "main", "model = DDP(model, device_ids=[local_rank])"),
                     ("/opt/conda/lib/python3.11/site-packages/torch/nn/parallel/distributed.py", 798, "__init__",
                      "_verify_param_shape_across_processes(self.process_group, parameters)"),
                     ("/opt/conda/lib/python3.11/site-packages/torch/distributed/utils.py", 280,
                      "_verify_param_shape_across_processes", "return dist._verify_params_across_processes(process_group, tensors, logger)")],
                    ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, "
                     "unhandled system error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3",
                     "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. ",
                     "Last error:",
                     "Call to ibv_modify_qp failed with error Connection timed out"])])
            else:
                peer = r4[(ni + k) % 4]
                tf = at(port_err, 18.9 + 0.05 * k + 0.3 * ni)
                mp.add(tf, ts_prefix(tf, r) + nccl(h, pid, pid + 47, k, "WARN",
                       "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) "
                       "localGid ::ffff:%s remoteGids::ffff:%s" % (ips[peer], 40000 + r * 7, ips[h], ips[peer])))
                mp.add(tf, ts_prefix(tf, r) + nccl(h, pid, pid + 47, k, "INFO", "transport/net.cc:1137 -> 6"))
                mp.add(at(tf, 0.3), [ts_prefix(at(tf, 0.3), r, "stderr") + x for x in tb(
                    [("/home/mjung/mae/train_mae.py", 377, "<module>", "main(args)"),
                     ("/home/mjung/mae/train_mae.py", 188, "main", "model = DDP(model, device_ids=[local_rank])"),
                     ("/opt/conda/lib/python3.11/site-packages/torch/nn/parallel/distributed.py", 798, "__init__",
                      "_verify_param_shape_across_processes(self.process_group, parameters)")],
                    ["torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1691, "
                     "remote process exited or there was a network error, NCCL version 2.19.3",
                     "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                     "Last error:",
                     "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) "
                     "localGid ::ffff:%s remoteGids::ffff:%s" % (ips[peer], 40000 + r * 7, ips[h], ips[peer])])])
    tend = at(port_err, 23.0)
    mp.add(tend, ["--------------------------------------------------------------------------",
                  "Primary job  terminated normally, but 1 process returned",
                  "a non-zero exit code. Per user-direction, the job has been aborted.",
                  "--------------------------------------------------------------------------",
                  "--------------------------------------------------------------------------",
                  "mpirun detected that one or more processes exited with non-zero status, thus causing",
                  "the job to be terminated. The first process to do so was:",
                  "",
                  "  Process name: [[41213,1],0]",
                  "  Exit code:    1",
                  "--------------------------------------------------------------------------"])
    c.w("login-r1/job_118734_mpirun.out", mp)
    c.w("login-r1/ufm-events-2024-02-20.log", [
        "2024-02-20 13:58:02.114 [Info]    Periodic fabric health report: 0 errors, 0 warnings",
        "2024-02-20 14:21:06.871 [Critical] Switch ib-leaf-04 (GUID 0xb8cef60300a4c1e0): Switch is unreachable (management link lost)",
        "2024-02-20 14:21:06.902 [Critical] Link down: ib-leaf-04 ports 1-8 (peers node-r4-01..node-r4-04 HCA ports)",
        "2024-02-20 14:21:07.015 [Warning] Link down: ib-spine-01 port 28 (peer ib-leaf-04 port 33)",
        "2024-02-20 14:21:07.016 [Warning] Link down: ib-spine-02 port 28 (peer ib-leaf-04 port 34)",
        "2024-02-20 14:23:58.440 [Info]    Switch ib-leaf-04 (GUID 0xb8cef60300a4c1e0): Switch is reachable, firmware 31.2012.1032, uptime 00:02:41",
        "2024-02-20 14:24:30.512 [Info]    Link up: ib-leaf-04 ports 1-8, 33-34",
        "2024-02-20 14:28:02.118 [Info]    Periodic fabric health report: 0 errors, 2 warnings (ib-leaf-04 unexpected reboot)"])
    c.w("topology.json", json.dumps({"topology": {"ib-leaf-03": [h for h in order if "-r3-" in h],
                                                  "ib-leaf-04": r4}}, indent=2) + "\n")
    boot = dt.datetime(2024, 2, 13, 7, 2, 11, tzinfo=UTC)
    for h in order:
        D = []
        b = boot.astimezone(cet)
        D.append("%s Linux version 5.14.0-362.8.1.el9_3.x86_64 (mockbuild@x86-64-01.build.eng.rdu2.redhat.com)" % dmesg_T(b))
        for i, d in enumerate(hcas):
            D.append("%s mlx5_core 0000:%02x:00.0: firmware version: 28.39.2048" % (dmesg_T(at(b, 14 + i * 0.2)), 0x0c + i * 0x10))
        for i, d in enumerate(hcas):
            D.append("%s mlx5_core 0000:%02x:00.0 %s: Port: 1 Link ACTIVE" % (dmesg_T(at(b, 31 + i * 0.1)), 0x0c + i * 0x10, d))
        D.append("%s nvidia-nvlink: Nvlink Core is being initialized, major device number 511" % dmesg_T(at(b, 40)))
        if h in r4:
            pe = port_err.astimezone(cet)
            for i, d in enumerate(hcas):
                D.append("%s mlx5_core 0000:%02x:00.0 %s: Port: 1 Link DOWN" % (dmesg_T(at(pe, -0.3 + i * 0.01)), 0x0c + i * 0x10, d))
            D.append("%s IPv4: ib0: lost carrier" % dmesg_T(at(pe, -0.2)))
            for i, d in enumerate(hcas):
                D.append("%s mlx5_core 0000:%02x:00.0 %s: Port: 1 Link INIT" % (dmesg_T(at(pe, 200.1 + i * 0.01)), 0x0c + i * 0x10, d))
            for i, d in enumerate(hcas):
                D.append("%s mlx5_core 0000:%02x:00.0 %s: Port: 1 Link ACTIVE" % (dmesg_T(at(pe, 203.3 + i * 0.01)), 0x0c + i * 0x10, d))
        else:
            D.append("%s python[%d]: segfault at 0 ip 00007f3a1c2d4e10 sp 00007ffd6b1b0e48 error 4 in libcuda.so.545.23.08"
                     % (dmesg_T(dt.datetime(2024, 2, 17, 22, 4, 51, tzinfo=cet)), 2231188) if h == "node-r3-02" else
                     "%s EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none." % dmesg_T(at(b, 45)))
        c.w("%s/dmesg-T.txt" % h, D)
        st = [(d, "Down", "Polling", "10", "%02x%02x" % (int(h[-2:]), i)) if h in r4 else
              (d, "Active", "LinkUp", "400", "%02x%02x" % (int(h[-2:]), i)) for i, d in enumerate(hcas)]
        c.w("%s/ibstat.txt" % h, ["# collected by slurm epilog 2024-02-20T14:22:10Z"] + ibstat(st))
    c.label("network", "infrastructure", None, None, "restart",
            "All eight HCAs on the four nodes behind ib-leaf-04 (topology.json) went link-down in the same second, "
            "14:21:07 UTC (15:21 CET in their dmesg), and UFM reports ib-leaf-04 unreachable/rebooting; the ib-leaf-03 "
            "nodes only log remote completion errors (status 12) against r4 peers. A switch-level outage, not one node's fault.",
            "https://github.com/NVIDIA/nccl/issues/905")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae03():
    c = Case("ae03_one_rank_crashes_at_startup_invalid_device_ordinal", 3403)
    t0 = dt.datetime(2024, 6, 3, 8, 40, 51, 20000, tzinfo=UTC)
    nodes = ["nid001338", "nid001341", "nid001342", "nid001344", "nid001345", "nid001347", "nid001350", "nid001351"]
    bad = "nid001347"
    job = 5517732
    buses = ["0000:03:00.0", "0000:41:00.0", "0000:81:00.0", "0000:c1:00.0"]
    S = Log()
    S.add(t0, ["+ srun --ntasks-per-node=4 --gpus-per-node=4 --cpus-per-task=16 --label --kill-on-bad-exit=1 "
               "python -u /lus/proj/llm/train.py --config configs/gpt_1p3b.yaml --resume auto"])
    crash = at(t0, 17.82)
    for ni, h in enumerate(nodes):
        for k in range(4):
            r = ni * 4 + k
            ts = at(t0, 9.1 + ni * 0.07 + k * 0.011)
            S.add(ts, "%d: [%s] rank=%d local_rank=%d host=%s torch=2.1.2+cu121 cuda_available=True device_count=%d"
                  % (r, py_ts(ts), r, k, h, 3 if h == bad else 4))
            S.add(at(ts, 0.4), "%d: /lus/proj/llm/venv/lib/python3.11/site-packages/torch/_utils.py:831: UserWarning: "
                               "TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be "
                               "the only storage class." % r)
            if h == bad and k == 3:
                S.add(crash, ["%d: %s" % (r, x) for x in tb(
                    [("/lus/proj/llm/train.py", 402, "<module>", "main()"),
                     ("/lus/proj/llm/train.py", 318, "main", "torch.cuda.set_device(local_rank)"),
                     ("/lus/proj/llm/venv/lib/python3.11/site-packages/torch/cuda/__init__.py", 404, "set_device",
                      "torch._C._cuda_setDevice(device)")],
                    ["RuntimeError: CUDA error: invalid device ordinal",
                     "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below "
                     "might be incorrect.",
                     "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                     "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""])])
            elif r == 0:
                S.add(at(ts, 1.0), "0: [%s] waiting for 32 ranks at tcp://nid001338:29511 (timeout 1800s)" % py_ts(at(ts, 1.0)))
    S.add(at(crash, 0.6), ["srun: error: %s: task 23: Exited with exit code 1" % bad,
                           "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % job,
                           "slurmstepd: error: *** STEP %d.0 ON nid001338 CANCELLED AT 2024-06-03T08:41:09 ***" % job])
    for ni, h in enumerate(nodes):
        if h == bad:
            S.add(at(crash, 0.9), "srun: error: %s: tasks 20-22: Terminated" % h)
        else:
            S.add(at(crash, 0.9 + ni * 0.01), "srun: error: %s: tasks %d-%d: Terminated" % (h, ni * 4, ni * 4 + 3))
    S.add(at(crash, 1.2), "srun: Force Terminated StepId=%d.0" % job)
    c.w("uan01/slurm-%d.out" % job, S)
    c.w("uan01/sacct-%d.txt" % job, sacct([("%d" % job, "gpt1p3b", "gpu", "m4412", "512", "FAILED", "1:0"),
                                           ("%d.batch" % job, "batch", "", "m4412", "64", "FAILED", "1:0"),
                                           ("%d.0" % job, "python", "", "m4412", "512", "FAILED", "1:0")]))
    boot = dt.datetime(2024, 6, 1, 3, 12, 40, tzinfo=UTC)
    for ni, h in enumerate(nodes):
        D = ["[    0.000000] Linux version 5.14.21-150500.55.49_13.0.57-cray_shasta_c (geeko@buildhost) (gcc (SUSE Linux) 7.5.0)",
             "[   21.441032] nvidia: loading out-of-tree module taints kernel.",
             "[   21.663120] NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.154.05  Thu Dec 28 22:18:06 UTC 2023",
             "[   23.118774] nvidia-nvlink: Nvlink Core is being initialized, major device number 239"]
        if h == "nid001342":
            tx = dt.datetime(2024, 5, 31, 22, 17, 5, tzinfo=UTC)
            D.append("%s NVRM: Xid (PCI:0000:41:00): 13, pid=188213, name=python3, Graphics SM Warp Exception on (GPC 3, TPC 1, SM 0): Out Of Range Address"
                     % ("[%12.6f]" % (tx - dt.datetime(2024, 5, 29, 6, 0, 0, tzinfo=UTC)).total_seconds()))
            D.append("%s NVRM: Xid (PCI:0000:41:00): 13, pid=188213, name=python3, Graphics Exception: ESR 0x51a730=0x12000e 0x51a734=0x0"
                     % ("[%12.6f]" % ((tx - dt.datetime(2024, 5, 29, 6, 0, 0, tzinfo=UTC)).total_seconds() + 0.0001)))
        if h == bad:
            tx = dt.datetime(2024, 6, 3, 3, 57, 18, 611000, tzinfo=UTC)
            s = (tx - boot).total_seconds()
            D += ["[%12.6f] pcieport 0000:c0:01.1: AER: Uncorrected (Fatal) error received: 0000:c0:01.1" % s,
                  "[%12.6f] pcieport 0000:c0:01.1: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)" % (s + 0.00002),
                  "[%12.6f] pcieport 0000:c0:01.1:   device [1022:1483] error status/mask=00000020/04400000" % (s + 0.00003),
                  "[%12.6f] pcieport 0000:c0:01.1:    [ 5] SDES                   (First)" % (s + 0.00004),
                  "[%12.6f] NVRM: GPU at PCI:0000:c1:00: GPU-4c2e9f1a-77d0-bb41-93e8-0d3a5b7c11f2" % (s + 0.12),
                  "[%12.6f] NVRM: GPU Board Serial Number: 1654922014733" % (s + 0.12),
                  "[%12.6f] NVRM: Xid (PCI:0000:c1:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus." % (s + 0.1201),
                  "[%12.6f] NVRM: GPU 0000:c1:00.0: GPU has fallen off the bus." % (s + 0.1202),
                  "[%12.6f] NVRM: A GPU crash dump has been created. If possible, please run" % (s + 0.2),
                  "               NVRM: nvidia-bug-report.sh as root to collect this data before",
                  "               NVRM: the NVIDIA kernel module is unloaded."]
        c.w("%s/dmesg.txt" % h, D)
        gp = [dict(name="NVIDIA A100-SXM4-40GB", bus="00000000:" + b[5:], temp=29 + i, pwr=55 + i, cap=400, used=0,
                   total=40960, util=0) for i, b in enumerate(buses)]
        if h == bad:
            gp = gp[:3]
        lines = nvidia_smi_table(at(crash, 95 + ni), "535.154.05", "12.2", gp, [])
        if h == bad:
            lines = ["Unable to determine the device handle for GPU0003: 0000:C1:00.0: Unknown Error"] + lines
        c.w("%s/nvidia-smi.txt" % h, lines)
    c.label("gpu_hardware", "infrastructure", bad, 23, "restart_without_node",
            "Rank 23 (local_rank 3 on nid001347) dies with 'invalid device ordinal' because that node only sees 3 GPUs: its "
            "kernel log shows Xid 79 (GPU 0000:c1:00 fell off the bus, PCIe fatal AER) five hours before the job and "
            "nvidia-smi cannot get a handle for it; every other task is just terminated by srun --kill-on-bad-exit.",
            "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507")
    return c


# ---------------------------------------------------------------------------------------------------------------
def _megatron_iter(t, it, total, lr, loss, ms, gnorm=1.1):
    return ("[%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: "
            "%.6E | global batch size:  1536 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | "
            "number of skipped iterations:   0 | number of nan iterations:   0 |"
            % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * 1536, ms, lr, loss, gnorm))


def ae04():
    c = Case("ae04_job_crashes_minutes_after_every_requeue", 3404)
    attempts = [
        dict(t0=dt.datetime(2024, 9, 17, 2, 10, 4, tzinfo=UTC),
             nodes=["gpu-a049", "gpu-a050", "gpu-a052", "gpu-a055", "gpu-a057", "gpu-a058"], fail_it=30415, fail_s=362.4),
        dict(t0=dt.datetime(2024, 9, 17, 3, 2, 41, tzinfo=UTC),
             nodes=["gpu-a044", "gpu-a045", "gpu-a050", "gpu-a052", "gpu-a057", "gpu-a058"], fail_it=30412, fail_s=351.9),
    ]
    bad, badgpu, badbus = "gpu-a052", 1, "0000:2a:00"
    job = 3311842
    login = Log()
    for ai, A in enumerate(attempts):
        t0 = A["t0"]
        nodes = A["nodes"]
        bi = nodes.index(bad)
        bad_rank = bi * 8 + badgpu
        tload = at(t0, 260.0 + ai * 3)
        tfail = at(t0, A["fail_s"])
        for ni, h in enumerate(nodes):
            L = Log()
            apid = 61200 + ni * 13 + ai * 5000
            wp = [apid + 30 + k for k in range(8)]
            L.add(at(t0, 1.1), tr.banner(at(t0, 1.1), apid))
            for k in range(8):
                r = ni * 8 + k
                L.add(at(t0, 30 + k * 0.01), "[rank%d]:[%s Utils.hpp:135] Warning: Environment variable "
                      "NCCL_ASYNC_ERROR_HANDLING is deprecated; use TORCH_NCCL_ASYNC_ERROR_HANDLING instead (function "
                      "operator())" % (r, glog_ts(at(t0, 30 + k * 0.01), "W")))
            if ni == 0:
                L.add(at(t0, 44), ["[rank0]: > initialized tensor model parallel with size 8",
                                   "[rank0]: > initialized pipeline model parallel with size 1",
                                   "[rank0]: > setting random seeds to 1234 ...",
                                   "[rank0]: building GPT model ...",
                                   "[rank0]:  > number of parameters on (tensor, pipeline) model parallel rank (0, 0): 1634078720"])
                L.add(at(t0, 190), "[rank0]:  loading checkpoint from /lustre/fs2/ckpt/gpt-13b-v3 at iteration 30400")
                L.add(tload, "[rank0]:   successfully loaded checkpoint from /lustre/fs2/ckpt/gpt-13b-v3 [ t 0, p 0 ] at iteration 30400")
                L.add(at(tload, 1), "[rank0]: (min, max) time across ranks (ms):\n[rank0]:     load-checkpoint ................................: (68911.02, 69213.77)")
                L.add(at(tload, 3), "[rank0]: [before the start of training step] datetime: %s " % at(tload, 3).strftime("%Y-%m-%d %H:%M:%S"))
            if ni == len(nodes) - 1:
                t = at(tload, 8)
                it = 30401
                while t < tfail:
                    if it % 5 == 0 or it == 30401:
                        L.add(t, "[rank%d]: %s" % (ni * 8 + 7, _megatron_iter(t, it, 60000, 1.6e-4, 1.83 + 0.01 * ((it * 7) % 5), 6512.3 + (it % 7) * 3.1)))
                    t = at(t, 6.51)
                    it += 1
            if h == bad:
                r = bad_rank
                L.add(tfail, tb([("/workspace/megatron/pretrain_gpt.py", 289, "<module>", "pretrain("),
                                 ("/workspace/megatron/megatron/training/training.py", 358, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                                 ("/workspace/megatron/megatron/training/training.py", 1253, "train", "train_step(forward_step_func,"),
                                 ("/workspace/megatron/megatron/training/training.py", 730, "train_step", "losses_reduced = forward_backward_func("),
                                 ("/workspace/megatron/megatron/core/pipeline_parallel/schedules.py", 468, "forward_backward_no_pipelining",
                                  "backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)"),
                                 (PYLIB + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward(")],
                                ["RuntimeError: CUDA error: unspecified launch failure",
                                 "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                                 "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                                 "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."], prefix="[rank%d]: " % r))
                L.add(at(tfail, 0.9), "[rank%d]:[%s ProcessGroupNCCL.cpp:1553] [PG 0 (default_pg) Rank %d] Process group "
                      "watchdog thread terminated with exception: CUDA error: unspecified launch failure"
                      % (r, glog_ts(at(tfail, 0.9), "E"), r))
                tw = at(tfail, 2.3)
                L.add(tw, tr.worker_failed(tw, apid, badgpu, wp[badgpu], -6))
                L.add(at(tw, 0.01), tr.sending_sigterm(at(tw, 0.01), apid, [w for k, w in enumerate(wp) if k != badgpu]))
                root = dict(time=at(tfail, 1.0), host=h, rank=r, local_rank=badgpu, exitcode=-6, pid=wp[badgpu])
                L.add(at(tw, 5.0), tr.agent_tb_childfailed("pretrain_gpt.py", [], root))
                login.add(at(tw, 5.2), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
            else:
                tw = at(tfail, 600.06 + ni * 0.01)
                for k in range(0, 8, 3):
                    r = ni * 8 + k
                    L.add(tw, watchdog_timeout(at(tw, k * 0.0003), r, 91244 + (A["fail_it"] - 30400) * 61, "ALLREDUCE", 54003712))
                tx = at(tw, 1.1)
                L.add(tx, tr.worker_failed(tx, apid, 0, wp[0], -6))
                root = dict(time=at(tw, 0.4), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=wp[0])
                L.add(at(tx, 3), tr.agent_tb_childfailed("pretrain_gpt.py", [], root))
            c.w("attempt_%d/%s/torchrun.log" % (ai, h), L)
            # kernel log
            boot = dt.datetime(2024, 9, 16, 19, 0, 3, tzinfo=UTC) if not (h == bad and ai == 1) else \
                dt.datetime(2024, 9, 17, 2, 41, 12, tzinfo=UTC)
            D = ["%s Linux version 5.15.0-119-generic (buildd@lcy02-amd64-058) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0)" % dmesg_T(boot),
                 "%s NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.90.07  Fri May 31 09:30:47 UTC 2024" % dmesg_T(at(boot, 19)),
                 "%s nvidia-fabricmanager: started, fabric state: completed" % dmesg_T(at(boot, 41))]
            if h == bad:
                pidr = wp[badgpu]
                tx = at(tfail, -0.7)
                D += ["%s NVRM: Xid (PCI:%s): 119, pid=%d, name=pt_main_thread, Timeout after 6s of waiting for RPC response "
                      "from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4)." % (dmesg_T(tx), badbus, pidr),
                      "%s NVRM: GPU1 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020800a4c 0x0000000000000004."
                      % dmesg_T(tx),
                      "%s NVRM: GPU1 RPC history (CPU -> GSP):" % dmesg_T(tx),
                      "%s NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"
                      % dmesg_T(tx),
                      "%s NVRM:      0    76   GSP_RM_CONTROL        0x0000000020800a4c 0x0000000000000004 0x000621f3c1a20e11 0x0000000000000000          y"
                      % dmesg_T(tx),
                      "%s NVRM: Xid (PCI:%s): 154, pid=%d, name=pt_main_thread, GPU recovery action changed from 0x0 (None) "
                      "to 0x1 (GPU Reset Required)" % (dmesg_T(at(tx, 0.4)), badbus, pidr)]
            if h == "gpu-a057":
                D.append("%s NVRM: Xid (PCI:0000:ba:00): 31, pid=3310021, name=python, Ch 00000008, intr 00000000. MMU Fault: "
                         "ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f1a_28000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                         % dmesg_T(dt.datetime(2024, 9, 16, 21, 12, 55, tzinfo=UTC)))
            c.w("attempt_%d/%s/dmesg-T.txt" % (ai, h), D)
    login.add(attempts[0]["t0"], "# sacct -j %d --duplicates -o JobID,State,ExitCode,Start,End,NodeList%%60" % job)
    c.w("slurm-head/srun-errors.txt", login)
    c.w("slurm-head/sacct-duplicates.txt", [
        "JobID           State ExitCode               Start                 End NodeList",
        "------------ ---------- -------- ------------------- ------------------- ------------------------------------------------------------",
        "3311842       REQUEUED      0:0 2024-09-17T02:10:04 2024-09-17T02:27:31 gpu-a[049-050,052,055,057-058]",
        "3311842.0       FAILED      1:0 2024-09-17T02:10:04 2024-09-17T02:27:30 gpu-a[049-050,052,055,057-058]",
        "3311842         FAILED      1:0 2024-09-17T03:02:41 2024-09-17T03:19:03 gpu-a[044-045,050,052,057-058]",
        "3311842.0       FAILED      1:0 2024-09-17T03:02:41 2024-09-17T03:19:02 gpu-a[044-045,050,052,057-058]",
        "",
        "# scontrol show node gpu-a049,gpu-a055 | grep Reason",
        "   Reason=scheduled BIOS update [ops@2024-09-17T02:30:11]",
        "   Reason=scheduled BIOS update [ops@2024-09-17T02:30:11]",
        "# gpu-a052: epilog ran 'nvidia-smi -r' (failed: GPU reset required, in use) -> node rebooted 2024-09-17T02:41"])
    c.label("gpu_hardware", "infrastructure", bad, None, "restart_without_node",
            "Both attempts die a few iterations after resuming when one rank on gpu-a052 hits 'unspecified launch failure'; "
            "each time gpu-a052's kernel logs Xid 119 (GSP RPC timeout) and Xid 154 (reset required) on the same GPU "
            "0000:2a:00 (GPU1), although the node list changed and that GPU was rank 17 the first time and rank 25 after "
            "the requeue (even after a reboot). The other ranks only show later watchdog timeouts.",
            "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae05():
    c = Case("ae05_resume_from_last_ckpt_crashes_one_rank_cuda_error", 3405)
    t0 = dt.datetime(2024, 4, 9, 13, 5, 12, tzinfo=tz(2))   # logs printed in CEST
    nodes = ["dgx-b07", "dgx-b11", "dgx-b12", "dgx-b15"]
    bad, badk = "dgx-b12", 5
    buses = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
    job = 881204
    tfail = at(t0, 96.3)
    for ni, h in enumerate(nodes):
        L = Log()
        for k in range(8):
            r = ni * 8 + k
            ts = at(t0, 20 + ni * 0.2 + k * 0.03)
            L.add(ts, "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/32" % (r, r + 1))
        if ni == 0:
            L.add(at(t0, 24), ["-" * 100, "distributed_backend=nccl", "All distributed processes registered. Starting with 32 processes",
                               "-" * 100, "",
                               "/opt/conda/lib/python3.10/site-packages/lightning/pytorch/trainer/connectors/logger_connector/"
                               "logger_connector.py:75: Starting from v1.9.0, `tensorboardX` has been removed as a dependency of "
                               "the `lightning.pytorch` package, due to potential conflicts with other packages in the ML "
                               "ecosystem. For this reason, `logger=True` will use `CSVLogger` as the default logger, unless the "
                               "`tensorboard` or `tensorboardX` packages are found."])
        for k in range(8):
            ts = at(t0, 26 + k * 0.01)
            L.add(ts, "LOCAL_RANK: %d - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]" % k)
        L.add(at(t0, 27), "Restoring states from the checkpoint path at /lustre/proj/vlm/runs/siglip-l-ft/checkpoints/last.ckpt")
        if h == bad:
            L.add(tfail, tb([
                ("/home/svc-vlm/vlm/train.py", 214, "<module>", "trainer.fit(model, datamodule=dm, ckpt_path=\"last\")"),
                ("/opt/conda/lib/python3.10/site-packages/lightning/pytorch/trainer/trainer.py", 544, "fit", "call._call_and_handle_interrupt("),
                ("/opt/conda/lib/python3.10/site-packages/lightning/pytorch/trainer/call.py", 43, "_call_and_handle_interrupt",
                 "return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)"),
                ("/opt/conda/lib/python3.10/site-packages/lightning/pytorch/trainer/trainer.py", 580, "_fit_impl",
                 "self._run(model, ckpt_path=ckpt_path)"),
                ("/opt/conda/lib/python3.10/site-packages/lightning/pytorch/trainer/trainer.py", 977, "_run",
                 "self._checkpoint_connector.restore_training_state()"),
                ("/opt/conda/lib/python3.10/site-packages/lightning/pytorch/trainer/connectors/checkpoint_connector.py", 297,
                 "restore_training_state", "self.restore_optimizers_and_schedulers()"),
                ("/opt/conda/lib/python3.10/site-packages/lightning/pytorch/trainer/connectors/checkpoint_connector.py", 368,
                 "restore_optimizers_and_schedulers", "self.restore_optimizers()"),
                ("/opt/conda/lib/python3.10/site-packages/lightning/pytorch/strategies/strategy.py", 376,
                 "load_optimizer_state_dict", "_optimizer_to_device(optimizer, self.root_device)"),
                ("/opt/conda/lib/python3.10/site-packages/lightning/fabric/utilities/optimizer.py", 34, "_optimizer_to_device",
                 "optimizer.state[p] = apply_to_collection(v, Tensor, move_data_to_device, device, allow_frozen=True)"),
                ("/opt/conda/lib/python3.10/site-packages/lightning/fabric/utilities/apply_func.py", 103, "batch_to",
                 "data_output = data.to(device, **kwargs)")],
                ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                 "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                 "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                 "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]))
            L.add(at(tfail, 1.2), "srun: error: %s: task 21: Exited with exit code 1" % h)
        tw = at(tfail, 1800.05 + ni * 0.003)
        for k in range(8):
            r = ni * 8 + k
            if h == bad and k == badk:
                continue
            if k in (0, 4):
                L.add(at(tw, k * 0.0001), watchdog_timeout(at(tw, k * 0.0001), r, 7, "ALLREDUCE", 1, timeout_ms=1800000,
                                                           prefix=True))
        L.add(at(tw, 3.0), "srun: error: %s: tasks %d-%d: Aborted" % (h, ni * 8, ni * 8 + 7) if h != bad else
              "srun: error: %s: tasks 16-20,22-23: Aborted" % h)
        c.w("%s/slurm-%d-%s.out" % (h, job, h), L)
        # kernel log in UTC
        boot = dt.datetime(2024, 4, 2, 6, 31, 0, tzinfo=UTC)
        D = ["%s Linux version 5.15.0-1042-nvidia (buildd@bos03-amd64-049)" % dmesg_T(boot),
             "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:15 UTC 2024" % dmesg_T(at(boot, 22))]
        if h == "dgx-b15":
            D.append("%s NVRM: Xid (PCI:0000:47:00): 31, pid=2200145, name=python3, Ch 0000000a, intr 00000000. MMU Fault: "
                     "ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f55_e0a00000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                     % dmesg_T(dt.datetime(2024, 4, 5, 9, 44, 2, tzinfo=UTC)))
        if h == bad:
            tx = tfail.astimezone(UTC)
            D += ["%s NVRM: Xid (PCI:0000:90:00): 48, pid=1120733, name=python, Ch 00000008, An uncorrectable double bit "
                  "error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1." % dmesg_T(at(tx, -0.5)),
                  "%s NVRM: Xid (PCI:0000:90:00): 64, pid=1120733, name=python, Row Remapper Error: New row (0x00000000b71c9e20) "
                  "could not be added to mapping table" % dmesg_T(at(tx, -0.49)),
                  "%s NVRM: Xid (PCI:0000:90:00): 48, pid=1120733, name=python, Ch 00000008, An uncorrectable double bit "
                  "error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 1." % dmesg_T(at(tx, -0.2))]
        c.w("%s/dmesg-T.txt" % h, D)
    q = []
    for k, b in enumerate(buses):
        q += ["", "GPU 00000000:%s:00.0" % b.upper(),
              "    Product Name                          : NVIDIA A100-SXM4-80GB",
              "    ECC Errors",
              "        Volatile",
              "            SRAM Correctable              : 0",
              "            SRAM Uncorrectable            : 0",
              "            DRAM Correctable              : %d" % (0 if k != badk else 3),
              "            DRAM Uncorrectable            : %d" % (0 if k != badk else 2),
              "        Aggregate",
              "            SRAM Correctable              : 0",
              "            SRAM Uncorrectable            : 0",
              "            DRAM Correctable              : %d" % (2 if k == 2 else (41 if k == badk else 0)),
              "            DRAM Uncorrectable            : %d" % (0 if k != badk else 9),
              "    Remapped Rows",
              "        Correctable Error                 : %d" % (1 if k == 2 else (0 if k != badk else 2)),
              "        Uncorrectable Error               : %d" % (0 if k != badk else 8),
              "        Pending                           : No",
              "        Remapping Failure Occurred        : %s" % ("Yes" if k == badk else "No"),
              "        Bank Remap Availability Histogram",
              "            Max                           : %d bank(s)" % (640 if k != badk else 631),
              "            High                          : 0 bank(s)",
              "            Partial                       : 0 bank(s)",
              "            Low                           : 0 bank(s)",
              "            None                          : %d bank(s)" % (0 if k != badk else 9)]
    c.w("%s/nvidia-smi-q-ECC-ROW_REMAPPER.txt" % bad,
        ["==============NVSMI LOG==============", "", "Timestamp                                 : Tue Apr  9 11:41:20 2024",
         "Driver Version                            : 535.161.08", "CUDA Version                              : 12.2", "",
         "Attached GPUs                             : 8"] + q)
    c.label("gpu_memory", "infrastructure", bad, 21, "restart_without_node",
            "Only global rank 21 (dgx-b12, GPU 5 = 0000:90:00) fails, while moving the restored optimizer state to the GPU, "
            "with 'uncorrectable ECC error'; dgx-b12's kernel shows Xid 48 double-bit errors and Xid 64 (row remap could not "
            "be added), and nvidia-smi reports 'Remapping Failure Occurred: Yes' on that GPU. The other 31 ranks only time "
            "out in the barrier 30 minutes later.",
            "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae06():
    c = Case("ae06_run_finished_training_but_died_in_final_eval", 3406)
    t0 = dt.datetime(2024, 8, 2, 9, 40, 0, tzinfo=UTC)
    nodes = ["h100-n17", "h100-n18", "h100-n21", "h100-n22"]
    bad, badk = "h100-n22", 2
    bad_rank = 3 * 8 + badk
    L = Log()
    L.add(t0, ["[2024-08-02 09:40:00,114] [INFO] [runner.py:463:main] Using IP address of 10.8.17.17 for node h100-n17",
               "[2024-08-02 09:40:00,116] [INFO] [multinode_runner.py:80:get_cmd] Running on the following workers: "
               "h100-n17,h100-n18,h100-n21,h100-n22",
               "[2024-08-02 09:40:00,116] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w h100-n17,h100-n18,h100-n21,h100-n22 "
               "export PYTHONPATH=/fsx/work/sft; cd /fsx/work/sft; /usr/bin/python -u -m deepspeed.launcher.launch "
               "--world_info=eyJoMTAwLW4xNyI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%n --master_addr=10.8.17.17 "
               "--master_port=29500 train.py --deepspeed ds_z3.json --resume_from /fsx/ckpt/sft-34b --do_final_eval"])
    tend = at(t0, 2460.0)       # 10:21:00 training done
    # last training steps (rank 0 only)
    t = at(tend, -60)
    for s in range(9991, 10001):
        L.add(t, "h100-n17: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[1.0000000000000002e-06], "
                 "mom=[(0.9, 0.95)]" % (py_ts(t), s))
        L.add(at(t, 0.01), "h100-n17: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': 1e-06, 'epoch': 3.0}" % (0.6112 + (s % 3) * 0.004, 0.81 + (s % 4) * 0.02))
        t = at(t, 6.0)
    L.add(tend, "h100-n17: [%s] [INFO] [engine.py:3576:_save_zero_checkpoint] zero checkpoint saved "
                "/fsx/ckpt/sft-34b/global_step10000/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt" % py_ts(at(tend, 210)))
    L.add(at(tend, 215), "h100-n17: [%s] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step10000 is ready now!"
          % py_ts(at(tend, 215)))
    L.add(at(tend, 216), "h100-n17: training finished: 10000 steps, final checkpoint /fsx/ckpt/sft-34b/global_step10000")
    L.add(at(tend, 218), "h100-n17: running final evaluation on 4 eval sets (400 batches per rank)")
    tfail = at(tend, 391.2)
    tb_lines = tb([("/fsx/work/sft/train.py", 502, "<module>", "main()"),
                   ("/fsx/work/sft/train.py", 487, "main", "metrics = evaluate(engine, eval_loaders, final=True)"),
                   ("/fsx/work/sft/eval_utils.py", 71, "evaluate", "out = engine(**batch)"),
                   ("/usr/local/lib/python3.10/dist-packages/deepspeed/utils/nvtx.py", 15, "wrapped_fn", "ret_val = func(*args, **kwargs)"),
                   ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 1855, "forward", "loss = self.module(*inputs, **kwargs)"),
                   ("/usr/local/lib/python3.10/dist-packages/transformers/models/llama/modeling_llama.py", 604, "forward",
                    "attn_output = torch.nn.functional.scaled_dot_product_attention(")],
                  ["RuntimeError: CUDA error: uncorrectable ECC error encountered",
                   "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                   "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                   "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."], prefix="h100-n22: [rank%d]: " % bad_rank)
    L.add(tfail, tb_lines)
    L.add(at(tfail, 2.1), ["h100-n22: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (py_ts(at(tfail, 2.1)), 412770 + k)
                           for k in range(8)])
    L.add(at(tfail, 2.4), "h100-n22: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', "
                          "'--local_rank=2', '--deepspeed', 'ds_z3.json', '--resume_from', '/fsx/ckpt/sft-34b', '--do_final_eval'] "
                          "exits with return code = 1" % py_ts(at(tfail, 2.4)))
    L.add(at(tfail, 2.6), "pdsh@h100-n17: h100-n22: ssh exited with exit code 1")
    tw = at(tfail, 1800.1)
    for ni, h in enumerate(nodes[:3]):
        for k in (0, 5):
            r = ni * 8 + k
            L.add(at(tw, ni * 0.01), ["%s: %s" % (h, x) for x in watchdog_timeout(at(tw, ni * 0.01), r, 3771204, "ALLREDUCE", 4,
                                                                                   timeout_ms=1800000)])
        L.add(at(tw, 1.8 + ni), "%s: [%s] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train.py', "
                                "'--local_rank=0', '--deepspeed', 'ds_z3.json', '--resume_from', '/fsx/ckpt/sft-34b', "
                                "'--do_final_eval'] exits with return code = -6" % (h, py_ts(at(tw, 1.8 + ni))))
        L.add(at(tw, 2.0 + ni), "pdsh@h100-n17: %s: ssh exited with exit code 250" % h)
    c.w("h100-n17/deepspeed-launch.log", L)
    boot = dt.datetime(2024, 7, 29, 18, 2, 0, tzinfo=UTC)
    for h in nodes:
        D = ["%s Linux version 5.15.0-1063-aws" % dmesg_T(boot),
             "%s NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.54.15  Tue Mar  5 19:33:10 UTC 2024" % dmesg_T(at(boot, 20))]
        if h == bad:
            D += ["%s NVRM: Xid (PCI:0000:3a:00): 94, pid=412772, name=python, Contained ECC error." % dmesg_T(at(tfail, -0.3)),
                  "%s NVRM: Xid (PCI:0000:3a:00): 63, pid=412772, name=python, Row Remapper: New row (0x00000000a31f4020) "
                  "marked for remapping, reset gpu to activate." % dmesg_T(at(tfail, -0.29)),
                  "%s NVRM: GPU at PCI:0000:3a:00: GPU-7b9d2e04-1c55-3a8f-e2d0-5f61aa0c9b18" % dmesg_T(at(tw, 88)),
                  "%s NVRM: GPU Board Serial Number: 1652823041187" % dmesg_T(at(tw, 88)),
                  "%s NVRM: GPU 0000:3a:00.0: GPU reset initiated by nvidia-smi (pid 2211)" % dmesg_T(at(tw, 140)),
                  "%s NVRM: GPU 0000:3a:00.0: GPU reset complete" % dmesg_T(at(tw, 146))]
        c.w("%s/dmesg-T.txt" % h, D)
    c.w("%s/gpu-health-agent.log" % bad, [
        "%s gpu-health[2211]: GPU 2 00000000:3A:00.0 remapped_rows: correctable=0 uncorrectable=1 pending=yes failure=no" % at(tw, 130).isoformat(),
        "%s gpu-health[2211]: GPU 2 has no compute processes; issuing nvidia-smi -r -i 2" % at(tw, 139).isoformat(),
        "%s gpu-health[2211]: GPU 00000000:3A:00.0 was successfully reset." % at(tw, 146).isoformat(),
        "%s gpu-health[2211]: GPU 2 00000000:3A:00.0 remapped_rows: correctable=0 uncorrectable=1 pending=no failure=no" % at(tw, 147).isoformat(),
        "%s gpu-health[2211]: running dcgmi diag -r 2 -i 2" % at(tw, 150).isoformat(),
        "%s gpu-health[2211]: dcgmi diag -r 2 -i 2 result: PASS (memory, diagnostic, pcie, targeted_stress)" % at(tw, 1104).isoformat(),
        "%s gpu-health[2211]: node h100-n22 returned to service" % at(tw, 1105).isoformat()])
    c.w("%s/dcgmi-diag-r2-gpu2.txt" % bad, [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.6                                          |",
        "| Driver Version Detected   | 550.54.15                                      |",
        "| GPU Device IDs Detected   | 2330                                           |",
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
        "| PCIe                      | Pass - GPU: 2                                  |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - GPU: 2                                  |",
        "| Diagnostic                | Pass - GPU: 2                                  |",
        "+-----  Stress  ------------+------------------------------------------------+",
        "| Targeted Stress           | Pass - GPU: 2                                  |",
        "+---------------------------+------------------------------------------------+"])
    c.label("gpu_memory", "infrastructure", bad, bad_rank, "restart",
            "Training and the final checkpoint completed; during the final evaluation rank 26 (h100-n22 GPU 2) died with "
            "'uncorrectable ECC error' matching Xid 94 (contained ECC error) plus a row marked for remapping. The health agent "
            "reset the GPU, the remap is no longer pending with no remap failure, and dcgmi diag -r 2 passes, so the same nodes "
            "can simply rerun from global_step10000.",
            "https://github.com/leptonai/gpud/pull/108")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae07():
    c = Case("ae07_job_fails_during_nccl_setup_unhandled_cuda_error", 3407)
    t0 = dt.datetime(2025, 3, 10, 8, 1, 33, tzinfo=UTC)
    nodes = ["sxm-c30%d" % i for i in range(1, 9)]
    bad = "sxm-c305"
    job = 1190342
    login = Log()
    login.add(t0, "+ srun --kill-on-bad-exit=1 torchrun --nnodes 8 --nproc_per_node 8 --rdzv_backend c10d "
                  "--rdzv_endpoint sxm-c301:29500 -m torchtitan.train --job.config_file ./train_configs/llama3_70b.toml")
    tfail = at(t0, 47.9)
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 88100 + ni * 3
        wp = [apid + 11 + k for k in range(8)]
        L.add(at(t0, 0.6), tr.banner(at(t0, 0.6), apid))
        for k in range(8):
            r = ni * 8 + k
            ts = at(t0, 14 + k * 0.02)
            L.add(ts, "[rank%d]:[titan] %s - root - INFO - Starting job: Llama 3 70B training" % (r, py_ts(ts)))
            if k == 0:
                L.add(at(ts, 0.8), "[rank%d]:[titan] %s - root - WARNING - ENV[TORCH_NCCL_ASYNC_ERROR_HANDLING] = 1 will be "
                      "overridden to 3 based on job config" % (r, py_ts(at(ts, 0.8))))
                L.add(at(ts, 1.0), "[rank%d]:[titan] %s - root - INFO - Building 2-D device mesh with ['dp_shard', 'tp'], [8, 8]"
                      % (r, py_ts(at(ts, 1.0))))
                L.add(at(ts, 1.2), "[rank%d]:[titan] %s - root - INFO - [GC] Initial GC collection. 0.00 seconds."
                      % (r, py_ts(at(ts, 1.2))))
                L.add(at(ts, 6.2), "[rank%d]:[titan] %s - root - INFO - CUDA capacity: NVIDIA H100 80GB HBM3 with 79.11GiB memory"
                      % (r, py_ts(at(ts, 6.2))))
        if h == bad:
            for k in range(8):
                r = ni * 8 + k
                ts = at(tfail, k * 0.017)
                L.add(ts, nccl(h, wp[k], wp[k] + 66, k, "WARN",
                               "P2P is disabled between NVLINK connected GPUs 2 and 3. This should not be the case given "
                               "their connectivity, and is probably due to a hardware issue. If you still want to proceed, "
                               "you can set NCCL_IGNORE_DISABLED_P2P=1."))
                L.add(at(ts, 0.2), tb([
                    ("/opt/torchtitan/torchtitan/train.py", 561, "<module>", "trainer = Trainer(config)"),
                    ("/opt/torchtitan/torchtitan/train.py", 142, "__init__", "model = self.train_spec.parallelize_fn(model, world_mesh, parallel_dims, job_config)"),
                    ("/opt/torchtitan/torchtitan/models/llama3/parallelize.py", 64, "parallelize_llama", "apply_tp("),
                    (PYLIB + "/torch/distributed/tensor/parallel/api.py", 112, "parallelize_module", "parallelize_module(submodule, device_mesh, parallelize_style)"),
                    (PYLIB + "/torch/distributed/tensor/_api.py", 782, "distribute_tensor", "local_tensor = placement._split_tensor("),
                    (PYLIB + "/torch/distributed/_functional_collectives.py", 186, "broadcast", "tensor = torch.ops._c10d_functional.broadcast(self, src, group_name)")],
                    ["torch.distributed.DistBackendError: NCCL error in: /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3356, "
                     "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5",
                     "ncclUnhandledCudaError: Call to CUDA function failed.",
                     "Last error:",
                     "P2P is disabled between NVLINK connected GPUs 2 and 3. This should not be the case given their "
                     "connectivity, and is probably due to a hardware issue. If you still want to proceed, you can set "
                     "NCCL_IGNORE_DISABLED_P2P=1."], prefix="[rank%d]: " % r))
            tw = at(tfail, 1.9)
            L.add(tw, tr.worker_failed(tw, apid, 0, wp[0], 1))
            root = dict(time=tfail, host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=wp[0])
            fails = [dict(time=at(tfail, 0.02 * k), host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=wp[k]) for k in range(1, 8)]
            L.add(at(tw, 0.1), tr.agent_tb_childfailed("torchtitan.train", fails, root))
            login.add(at(tw, 0.4), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
        else:
            ts = at(tfail, 2.6 + ni * 0.003)
            L.add(ts, tr.got_sigterm(ts, apid, wp))
            login.add(at(ts, 0.2), "srun: error: %s: task %d: Terminated" % (h, ni))
        c.w("%s/torchrun.log" % h, L)
        boot = dt.datetime(2025, 3, 3, 11, 0, 0, tzinfo=UTC)
        D = ["%s Linux version 6.8.0-52-generic" % dmesg_T(boot),
             "%s NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  560.35.03  Fri Aug 16 21:21:48 UTC 2024" % dmesg_T(at(boot, 21))]
        if h == bad:
            tx = dt.datetime(2025, 3, 10, 6, 44, 17, tzinfo=UTC)
            D += ["%s NVRM: Xid (PCI:0000:3a:00): 74, pid=3310288, name=python3, NVLink: fatal error detected on link 5"
                  "(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)" % dmesg_T(tx),
                  "%s NVRM: Xid (PCI:0000:3a:00): 74, pid=3310288, name=python3, NVLink: fatal error detected on link 11"
                  "(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)" % dmesg_T(at(tx, 0.002)),
                  "%s NVRM: Xid (PCI:0000:5d:00): 74, pid=3310291, name=python3, NVLink: fatal error detected on link 4"
                  "(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)" % dmesg_T(at(tx, 0.004)),
                  "%s NVRM: Xid (PCI:0000:3a:00): 45, pid=3310288, name=python3, Ch 00000010" % dmesg_T(at(tx, 0.3))]
        c.w("%s/dmesg-T.txt" % h, D)
        N = ["# nvidia-smi nvlink -s  (collected %s)" % at(tfail, 300).isoformat()]
        for g in range(8):
            N.append("GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-5a1c-4e2d-9b0a-%012x)" % (g, 0x1c000000 + ni * 16 + g, 0x3f2e00000000 + g))
            for link in range(18):
                inactive = h == bad and ((g == 2 and link in (5, 11)) or (g == 3 and link == 4))
                N.append("\t Link %d: %s" % (link, "<inactive>" if inactive else "26.562 GB/s"))
        c.w("%s/nvidia-smi-nvlink-s.txt" % h, N)
    c.w("login-c3/slurm-%d.out" % job, login)
    c.label("nvlink", "infrastructure", bad, None, "restart_without_node",
            "Every rank on sxm-c305 fails NCCL setup with 'P2P is disabled between NVLINK connected GPUs 2 and 3 ... probably "
            "due to a hardware issue'; sxm-c305's kernel logged Xid 74 fatal NVLink errors on the GPUs at 3a:00 and 5d:00 "
            "(GPUs 2 and 3) earlier that morning and nvidia-smi nvlink -s shows those links inactive, while all other nodes "
            "have every link up and are only SIGTERMed by srun.",
            "https://github.com/NVIDIA/nccl/issues/2329")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae08():
    c = Case("ae08_final_checkpoint_save_crashes_every_rank", 3408)
    t0 = dt.datetime(2025, 7, 22, 17, 3, 10, tzinfo=UTC)
    nodes = ["gpu-f2%02d" % i for i in range(1, 9)]
    job = 2203311
    tsave = at(t0, 0)
    first = "gpu-f204"
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 31000 + ni * 17
        wp = [apid + 9 + k for k in range(8)]
        if ni == 0:
            t = at(tsave, -44)
            for s in (59990, 60000):
                L.add(t, "[rank0]:[titan] %s - root - INFO - step: %d  loss:  %.4f  grad_norm:  0.%03d  memory: 61.02GiB(77.14%%)  "
                         "tps: 2,851  tflops: 318.12  mfu: 32.17%%" % (py_ts(t), s, 1.9312 - (s - 59990) * 0.0004, 212 + s % 17))
                t = at(t, 22)
            L.add(at(tsave, -0.6), "[rank0]:[titan] %s - root - INFO - Training completed" % py_ts(at(tsave, -0.6)))
        for k in range(8):
            r = ni * 8 + k
            ts = at(tsave, 0.01 * k)
            if k == 0:
                L.add(ts, "[rank%d]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % (r, py_ts(ts)))
            tf = at(tsave, 96.4 + ni * 0.8 + k * 0.05 - (40 if h == first else 0))
            L.add(tf, tb([("/opt/torchtitan/torchtitan/train.py", 604, "<module>", "trainer.train()"),
                          ("/opt/torchtitan/torchtitan/train.py", 531, "train", "self.checkpointer.save(self.step, last_step=(self.step == job_config.training.steps))"),
                          ("/opt/torchtitan/torchtitan/components/checkpoint.py", 463, "save", "self.dcp_save(states, checkpoint_id=checkpoint_id, async_mode=AsyncMode.DISABLED)"),
                          ("/opt/torchtitan/torchtitan/components/checkpoint.py", 391, "dcp_save", "ret = dcp.save(state_dict, checkpoint_id=checkpoint_id)"),
                          (PYLIB + "/torch/distributed/checkpoint/state_dict_saver.py", 164, "save", "return _save_state_dict("),
                          (PYLIB + "/torch/distributed/checkpoint/state_dict_saver.py", 334, "_save_state_dict",
                           "central_metadata = distW.all_reduce(\"write\", write_data, finish_checkpoint)"),
                          (PYLIB + "/torch/distributed/checkpoint/utils.py", 256, "all_reduce", "raise result")],
                         ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%d])" % r,
                          "Traceback (most recent call last): (RANK %d)" % r,
                          '  File "%s/torch/distributed/checkpoint/utils.py", line 227, in all_reduce' % PYLIB,
                          "    local_data = map_fun()",
                          '  File "%s/torch/distributed/checkpoint/filesystem.py", line 313, in _write_files_from_queue' % PYLIB,
                          "    _write_item(transforms, stream, data, write_item, storage_key)",
                          '  File "%s/torch/distributed/checkpoint/filesystem.py", line 245, in _write_item' % PYLIB,
                          "    torch.save(data, stream)",
                          "OSError: [Errno 122] Disk quota exceeded"], prefix="[rank%d]: " % r))
        tw = at(tsave, 100 + ni * 0.8 - (40 if h == first else 0))
        L.add(tw, tr.worker_failed(tw, apid, 0, wp[0], 1))
        for k in (0, 3):
            L.add(at(tw, 0.4 + k * 0.001), pg_not_destroyed(at(tw, 0.4), ni * 8 + k, 1479))
        root = dict(time=at(tw, -3.5), host=h, rank=ni * 8, local_rank=0, exitcode=1, pid=wp[0])
        fails = [dict(time=at(tw, -3.4), host=h, rank=ni * 8 + k, local_rank=k, exitcode=1, pid=wp[k]) for k in range(1, 8)]
        L.add(at(tw, 1.0), tr.agent_tb_childfailed("torchtitan.train", fails, root))
        c.w("%s/torchrun-%d.log" % (h, job), L)
    c.w("login-f/lfs-quota-prj4107.txt", [
        "$ lfs quota -p 4107 -h /lustre  (%s)" % at(tsave, 600).isoformat(),
        "Disk quotas for prj 4107 (pid 4107):",
        "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
        "        /lustre  51.20T*    50T  51.20T  6d23h  1843221       0       0       -",
        "",
        "$ lfs df -h /lustre | tail -1",
        "filesystem_summary:        3.12P        1.19P        1.93P  38% /lustre"])
    c.w("login-f/ls-checkpoints.txt", [
        "$ du -sh /lustre/prj4107/llama3-70b-run7/checkpoint/*",
        "4.6T\t/lustre/prj4107/llama3-70b-run7/checkpoint/step-40000",
        "4.6T\t/lustre/prj4107/llama3-70b-run7/checkpoint/step-45000",
        "4.6T\t/lustre/prj4107/llama3-70b-run7/checkpoint/step-50000",
        "4.6T\t/lustre/prj4107/llama3-70b-run7/checkpoint/step-55000",
        "1.8T\t/lustre/prj4107/llama3-70b-run7/checkpoint/step-60000",
        "# keep_latest_k = 0 in train_configs/llama3_70b.toml (older checkpoints never purged)"])
    c.w("login-f/slurm-%d.out" % job, ["srun: error: %s: task %d: Exited with exit code 1" % (h, i) for i, h in
                                        sorted(enumerate(nodes), key=lambda x: (x[1] != first, x[0]))] +
        ["srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
    c.label("storage", "infrastructure", None, None, "stop",
            "The run reached step 60000 and 'Training completed', then every rank on all eight nodes failed writing the final "
            "DCP checkpoint with '[Errno 122] Disk quota exceeded'; lfs quota shows project 4107 over its 50T quota at the "
            "51.2T hard limit while the filesystem itself is only 38% full. Retrying cannot succeed until someone frees space "
            "or raises the quota.",
            "https://github.com/open-mmlab/mmdetection/issues/12069")
    return c


CASES = [ae01, ae02, ae03, ae04, ae05, ae06, ae07, ae08]
