"""Cases ae09-ae16."""
import datetime as dt

from common import Case, Log
from fmt import (UTC, tz, at, glog_ts, py_ts, nccl, nvidia_smi_table, h100s, sacct, tb, watchdog_timeout,
                 torchrun_line, dmesg_T, syslog_ts, pg_not_destroyed)
import tr

PYLIB = "/usr/local/lib/python3.10/dist-packages"
CONDA = "/opt/conda/lib/python3.10/site-packages"


# ---------------------------------------------------------------------------------------------------------------
def ae09():
    c = Case("ae09_resume_fails_with_file_not_found_on_some_ranks", 3409)
    t0 = dt.datetime(2024, 11, 5, 7, 30, 4, tzinfo=UTC)
    nodes = ["gpu-k101", "gpu-k102", "gpu-k105", "gpu-k112"]
    bad = "gpu-k105"
    ck = "/mnt/ckpt/run-0412/checkpoint-18000"
    tfail = at(t0, 71.6)
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 20110 + ni * 9
        wp = [apid + 14 + k for k in range(8)]
        L.add(at(t0, 0.5), tr.banner(at(t0, 0.5), apid))
        for k in range(8):
            r = ni * 8 + k
            ts = at(t0, 40 + k * 0.01 + ni * 0.05)
            L.add(ts, "[rank%d]:%s - INFO - accelerate.accelerator - Loading states from %s" % (r, py_ts(ts), ck))
            if h != bad:
                L.add(at(ts, 2.0), "[rank%d]:%s - INFO - accelerate.utils.fsdp_utils - Loading model from %s/pytorch_model_fsdp_0"
                      % (r, py_ts(at(ts, 2.0)), ck))
        if ni == 0:
            L.add(at(t0, 38), "[rank0]:%s - INFO - __main__ - Resuming from checkpoint %s (global_step=18000, epoch=1)"
                  % (py_ts(at(t0, 38)), ck))
        if h == bad:
            for k in range(8):
                r = ni * 8 + k
                ts = at(tfail, k * 0.008)
                L.add(ts, tb([("/home/ml/sft/train.py", 288, "main", "accelerator.load_state(args.resume_from)"),
                              (CONDA + "/accelerate/accelerator.py", 3106, "load_state",
                               "load_fsdp_model(self.state.fsdp_plugin, self, model, input_dir, i)"),
                              (CONDA + "/accelerate/utils/fsdp_utils.py", 190, "load_fsdp_model",
                               "dist_cp.load(state_dict=state_dict, storage_reader=dist_cp.FileSystemReader(ckpt_dir), planner=DefaultLoadPlanner())"),
                              (CONDA + "/torch/distributed/checkpoint/utils.py", 427, "inner_func", "return func(*args, **kwargs)"),
                              (CONDA + "/torch/distributed/checkpoint/state_dict_loader.py", 168, "load",
                               "_load_state_dict(state_dict=statetful_sd, storage_reader=storage_reader, process_group=process_group, planner=planner)"),
                              (CONDA + "/torch/distributed/checkpoint/state_dict_loader.py", 202, "_load_state_dict",
                               "metadata = storage_reader.read_metadata()"),
                              (CONDA + "/torch/distributed/checkpoint/filesystem.py", 670, "read_metadata",
                               "with self.fs.create_stream(path, \"rb\") as metadata_file:")],
                             ["FileNotFoundError: [Errno 2] No such file or directory: '%s/pytorch_model_fsdp_0/.metadata'" % ck],
                             prefix="[rank%d]: " % r))
            tw = at(tfail, 1.7)
            L.add(tw, tr.worker_failed(tw, apid, 0, wp[0], 1, python="/opt/conda/bin/python3.10"))
            root = dict(time=tfail, host=h, rank=16, local_rank=0, exitcode=1, pid=wp[0])
            fails = [dict(time=at(tfail, 0.01 * k), host=h, rank=16 + k, local_rank=k, exitcode=1, pid=wp[k]) for k in range(1, 8)]
            L.add(at(tw, 0.1), tr.agent_tb_childfailed("train.py", fails, root))
        else:
            tw = at(tfail, 1800.4 + ni * 0.01)
            for k in (0, 2, 5):
                r = ni * 8 + k
                L.add(at(tw, k * 0.0002), watchdog_timeout(at(tw, k * 0.0002), r, 5, "_ALLGATHER_BASE", 8, timeout_ms=1800000))
            tx = at(tw, 1.0)
            L.add(tx, tr.worker_failed(tx, apid, 0, wp[0], -6, python="/opt/conda/bin/python3.10"))
            root = dict(time=at(tw, 0.3), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=wp[0])
            L.add(at(tx, 2.0), tr.agent_tb_childfailed("train.py", [], root))
        c.w("%s/train-job77120.log" % h, L)
        if h == bad:
            c.w("%s/findmnt-mnt-ckpt.txt" % h, ["$ findmnt /mnt/ckpt; echo rc=$?", "rc=1", "$ ls -la /mnt/ckpt",
                                               "total 8", "drwxr-xr-x  2 root root 4096 Mar  2  2024 .",
                                               "drwxr-xr-x 11 root root 4096 Oct 30 09:14 .."])
            boot = dt.datetime(2024, 11, 5, 5, 12, 8, tzinfo=UTC)
            J = []
            for off, msg in [(30, "systemd[1]: Reached target network.target - Network."),
                             (31, "systemd[1]: Mounting mnt-ckpt.mount - /mnt/ckpt..."),
                             (31.2, "systemd[1]: Mounting mnt-data.mount - /mnt/data..."),
                             (33.9, "systemd[1]: Mounted mnt-data.mount - /mnt/data."),
                             (121.0, "systemd[1]: mnt-ckpt.mount: Mounting timed out. Terminating."),
                             (121.0, "mount[2210]: mount.nfs: Connection timed out"),
                             (121.1, "systemd[1]: mnt-ckpt.mount: Mount process exited, code=killed, status=15/TERM"),
                             (121.1, "systemd[1]: mnt-ckpt.mount: Failed with result 'timeout'."),
                             (121.1, "systemd[1]: Failed to mount mnt-ckpt.mount - /mnt/ckpt."),
                             (121.1, "systemd[1]: Dependency failed for remote-fs.target - Remote File Systems."),
                             (139.4, "kernel: mlx5_core 0000:c1:00.1 ens6f1np1: Link up"),
                             (139.6, "NetworkManager[1544]: <info>  [1730783839.6012] device (ens6f1np1): state change: ip-config -> ip-check (reason 'none', sys-iface-state: 'managed')"),
                             (141.0, "systemd[1]: Started slurmd.service - Slurm node daemon.")]:
                J.append("%s %s %s" % (syslog_ts(at(boot, off)), h, msg))
            c.w("%s/journalctl-b.txt" % h, J)
        else:
            c.w("%s/findmnt-mnt-ckpt.txt" % h, ["$ findmnt /mnt/ckpt; echo rc=$?",
                                               "TARGET    SOURCE                     FSTYPE OPTIONS",
                                               "/mnt/ckpt nas-ckpt01:/export/ckpt    nfs4   rw,relatime,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,nconnect=8,timeo=600,retrans=2,sec=sys,clientaddr=10.30.2.%d,local_lock=none,addr=10.30.9.4" % (100 + int(h[-2:])),
                                               "rc=0"])
    c.label("storage", "infrastructure", bad, None, "restart_without_node",
            "Only ranks 16-23, all on gpu-k105, fail to resume with FileNotFoundError for the checkpoint's .metadata; on "
            "gpu-k105 /mnt/ckpt is an empty local directory because the NFS mount timed out at boot (its storage NIC came up "
            "after the mount gave up), while on the other nodes /mnt/ckpt is mounted and the load proceeds until they time "
            "out waiting for the missing ranks.",
            "https://github.com/huggingface/accelerate/issues/3010")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae10():
    c = Case("ae10_cuda_device_busy_or_unavailable_on_one_rank", 3410)
    t0 = dt.datetime(2024, 10, 21, 9, 42, 30, tzinfo=UTC)
    nodes = ["a100-g041", "a100-g042", "a100-g043", "a100-g044"]
    bad, badk = "a100-g043", 6
    job = 790455
    tfail = at(t0, 33.1)
    buses = ["00000000:07:00.0", "00000000:0F:00.0", "00000000:47:00.0", "00000000:4E:00.0",
             "00000000:87:00.0", "00000000:90:00.0", "00000000:B7:00.0", "00000000:BD:00.0"]
    S = Log()
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 70311 + ni * 5
        wp = [apid + 8 + k for k in range(8)]
        L.add(at(t0, 0.4), tr.banner(at(t0, 0.4), apid))
        for k in range(8):
            r = ni * 8 + k
            ts = at(t0, 22 + k * 0.02)
            L.add(ts, "[rank%d]:%s | INFO | trainer | rank %d/32 on %s cuda:%d" % (r, py_ts(ts), r, h, k))
        if h == bad:
            r = ni * 8 + badk
            L.add(tfail, tb([("/work/proj/detr3d/tools/train.py", 166, "<module>", "main()"),
                             ("/work/proj/detr3d/tools/train.py", 121, "main", "model = build_model(cfg).to(device)"),
                             (PYLIB + "/torch/nn/modules/module.py", 1174, "to", "return self._apply(convert)"),
                             (PYLIB + "/torch/nn/modules/module.py", 780, "_apply", "module._apply(fn)"),
                             (PYLIB + "/torch/nn/modules/module.py", 805, "_apply", "param_applied = fn(param)"),
                             (PYLIB + "/torch/nn/modules/module.py", 1160, "convert",
                              "return t.to(device, dtype if t.is_floating_point() or t.is_complex() else None, non_blocking)")],
                            ["RuntimeError: CUDA error: CUDA-capable device(s) is/are busy or unavailable",
                             "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                             "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                             "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."], prefix="[rank%d]: " % r))
            tw = at(tfail, 1.4)
            L.add(tw, tr.worker_failed(tw, apid, badk, wp[badk], 1))
            L.add(at(tw, 0.002), tr.sending_sigterm(at(tw, 0.002), apid, [w for k, w in enumerate(wp) if k != badk]))
            root = dict(time=tfail, host=h, rank=r, local_rank=badk, exitcode=1, pid=wp[badk])
            L.add(at(tw, 2.5), tr.agent_tb_childfailed("tools/train.py", [], root))
            S.add(at(tw, 2.7), "srun: error: %s: task 2: Exited with exit code 1" % h)
        else:
            ts = at(tfail, 3.5 + ni * 0.01)
            L.add(ts, tr.got_sigterm(ts, apid, wp))
            S.add(at(ts, 0.1), "srun: error: %s: task %d: Terminated" % (h, ni))
        c.w("%s/torchrun.log" % h, L)
        gp = []
        for k in range(8):
            used = 38412 if (h == bad and k == badk) else 0
            gp.append(dict(name="NVIDIA A100-SXM4-80GB", bus=buses[k], temp=31 + k % 3 + (9 if used else 0), pwr=62 + (30 if used else 0),
                           cap=400, used=used, total=81920, util=0, mode="E. Process"))
        procs = [(badk, 1187724, "python3", 37990)] if h == bad else []
        c.w("%s/nvidia-smi.txt" % h, nvidia_smi_table(at(tfail, 900), "535.183.01", "12.2", gp, procs))
    S.add(at(tfail, 4.0), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    c.w("slurm-login2/slurm-%d.out" % job, S)
    c.w("%s/ps-1187724.txt" % bad, [
        "$ ps -o pid,ppid,user,stat,lstart,etime,wchan:24,cmd -p 1187724",
        "    PID    PPID USER     STAT                  STARTED     ELAPSED WCHAN                    CMD",
        "1187724       1 jchen    Dl   Sat Oct 19 02:11:40 2024  2-07:46:20 uvm_va_space_destroy     python3 eval_sweep.py --ckpt /data/jchen/ckpt/step_9000 --gpu 6"])
    c.w("slurm-login2/sacct-771203.txt", [
        "$ sacct -j 771203 -X -o JobID,User,State,Start,End,NodeList",
        "JobID             User      State               Start                 End        NodeList ",
        "------------ --------- ---------- ------------------- ------------------- --------------- ",
        "771203           jchen CANCELLED+ 2024-10-19T02:11:31 2024-10-19T09:02:11       a100-g043 ",
        "",
        "$ grep -h 'a100-g043' /var/log/slurm/slurmctld.log | grep -i -e drain -e resume",
        "[2024-10-19T09:03:14.118] error: slurmd error running JobId=771203 on node(s)=a100-g043: Kill task failed",
        "[2024-10-19T09:03:14.118] drain_nodes: node a100-g043 state set to DRAIN",
        "[2024-10-19T10:12:40.551] update_node: node a100-g043 state set to IDLE (admin: resume, 'looks fine, nvidia-smi ok')"])
    c.label("host", "infrastructure", bad, 22, "restart_without_node",
            "Rank 22 (a100-g043, local GPU 6) fails at its first CUDA allocation with 'CUDA-capable device(s) is/are busy or "
            "unavailable'; the GPUs run in Exclusive_Process mode and nvidia-smi on a100-g043 shows GPU 6 held (38 GB) by PID "
            "1187724, an unkillable (D-state) process left from another user's job 771203 that ended in 'Kill task failed' two "
            "days earlier before the node was resumed. Other ranks are just SIGTERMed.",
            "https://github.com/NVIDIA/DIGITS/issues/2005")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae11():
    c = Case("ae11_job_never_started_rendezvous_timeout_12_nodes", 3411)
    cst = tz(-6)
    t0 = dt.datetime(2024, 3, 14, 10, 2, 11, 300000, tzinfo=cst)
    nodes = ["cn-03%02d" % i for i in range(1, 13)]
    bad = "cn-0307"

    def mid(t, mod, lvl, msg):
        return "[%s] %s: [%s] %s" % (py_ts(t), mod, lvl, msg)

    for ni, h in enumerate(nodes):
        L = Log()
        ts = at(t0, ni * 0.04)
        L.add(ts, [mid(ts, "torch.distributed.run", "WARNING", "master_addr is only used for static rdzv_backend and when rdzv_endpoint is not specified."),
                   mid(ts, "torch.distributed.run", "WARNING", ""),
                   mid(ts, "torch.distributed.run", "WARNING", "*" * 49),
                   mid(ts, "torch.distributed.run", "WARNING", "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
                   mid(ts, "torch.distributed.run", "WARNING", "*" * 49)])
        L.add(at(ts, 0.1), mid(at(ts, 0.1), "torch.distributed.launcher.api", "INFO", "Starting elastic_operator with launch configs:"))
        L.add(at(ts, 0.1), ["  entrypoint       : train_vit.py", "  min_nodes        : 12", "  max_nodes        : 12",
                            "  nproc_per_node   : 4", "  run_id           : vit-g-0314", "  rdzv_backend     : c10d",
                            "  rdzv_endpoint    : cn-0301:29400", "  rdzv_configs     : {'timeout': 900}",
                            "  max_restarts     : 0", "  monitor_interval : 5", "  log_dir          : None",
                            "  metrics_cfg      : {}", ""])
        if h == bad:
            for i in range(6):
                L.add(at(ts, 0.3 + i * 10), "[W socket.cpp:697] [c10d] The IPv4 network addresses of (cn-0301, 29400) cannot be "
                                            "retrieved (gai error: -2 - Name or service not known).")
            te = at(ts, 60.4)
            L.add(te, tb([("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py",
                           156, "_create_tcp_store", "store = TCPStore(")],
                         ["torch.distributed.DistNetworkError: The client socket has timed out after 60s while trying to connect to (cn-0301, 29400).",
                          "", "The above exception was the direct cause of the following exception:", ""]))
            L.add(at(te, 0.001), tb([("/opt/conda/bin/torchrun", 33, "<module>", "sys.exit(load_entry_point('torch==2.2.2', 'console_scripts', 'torchrun')())"),
                                     ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", 347, "wrapper", "return f(*args, **kwargs)"),
                                     ("/opt/conda/lib/python3.11/site-packages/torch/distributed/run.py", 812, "main", "run(args)"),
                                     ("/opt/conda/lib/python3.11/site-packages/torch/distributed/run.py", 803, "run", "elastic_launch("),
                                     ("/opt/conda/lib/python3.11/site-packages/torch/distributed/launcher/api.py", 135, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
                                     ("/opt/conda/lib/python3.11/site-packages/torch/distributed/launcher/api.py", 240, "launch_agent", "rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),"),
                                     ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 260, "create_backend", "store = _create_tcp_store(params)"),
                                     ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", 180, "_create_tcp_store",
                                      "raise RendezvousConnectionError(")],
                                    "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details."))
            L.add(at(te, 0.3), "srun: error: cn-0307: task 6: Exited with exit code 1")
        else:
            tt = at(t0, 900.6 + 2.1 + ni * 0.03)
            L.add(tt, tb([("/opt/conda/bin/torchrun", 33, "<module>", "sys.exit(load_entry_point('torch==2.2.2', 'console_scripts', 'torchrun')())"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", 347, "wrapper", "return f(*args, **kwargs)"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/run.py", 812, "main", "run(args)"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/run.py", 803, "run", "elastic_launch("),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/launcher/api.py", 135, "__call__", "return launch_agent(self._config, self._entrypoint, list(args))"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/launcher/api.py", 259, "launch_agent", "result = agent.run()"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/metrics/api.py", 123, "wrapper", "result = f(*args, **kwargs)"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", 727, "run", "result = self._invoke_run(role)"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", 862, "_invoke_run", "self._initialize_workers(self._worker_group)"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", 699, "_initialize_workers", "self._rendezvous(worker_group)"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/agent/server/api.py", 542, "_rendezvous", "store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1062, "next_rendezvous", "self._op_executor.run(join_op, deadline)"),
                          ("/opt/conda/lib/python3.11/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 635, "run", "raise RendezvousTimeoutError")],
                         "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError"))
            L.add(at(tt, 0.4), "srun: error: %s: task %d: Exited with exit code 1" % (h, ni))
        c.w("%s/torchrun-%s.log" % (h, h), L)
        if h == bad:
            c.w("%s/dns-check.txt" % h, ["$ getent hosts cn-0301; echo rc=$?", "rc=2",
                                          "$ cat /etc/resolv.conf",
                                          "# Generated by NetworkManager", "search hpc.example.org", "nameserver 10.12.0.254",
                                          "$ dig +time=2 +tries=1 cn-0301.hpc.example.org",
                                          ";; communications error to 10.12.0.254#53: timed out",
                                          ";; no servers could be reached",
                                          "$ nmcli -g IP4.DNS device show eno1", "10.12.0.254",
                                          "$ ping -c1 -W1 10.12.3.1", "64 bytes from 10.12.3.1: icmp_seq=1 ttl=64 time=0.114 ms"])
        else:
            c.w("%s/dns-check.txt" % h, ["$ getent hosts cn-0301; echo rc=$?", "10.12.3.1       cn-0301.hpc.example.org cn-0301", "rc=0",
                                          "$ cat /etc/resolv.conf", "# Generated by NetworkManager", "search hpc.example.org",
                                          "nameserver 10.12.0.10", "nameserver 10.12.0.11"])
    c.w("login-03/sacct-4410987.txt", sacct([("4410987", "vit-g", "gpu", "vision", "576", "FAILED", "1:0"),
                                              ("4410987.batch", "batch", "", "vision", "48", "FAILED", "1:0"),
                                              ("4410987.0", "torchrun", "", "vision", "576", "FAILED", "1:0")]))
    c.label("host", "infrastructure", bad, None, "restart_without_node",
            "Eleven nodes wait 900 s and die with RendezvousTimeoutError, but the first failure is on cn-0307, whose torchrun "
            "cannot resolve the rendezvous host cn-0301 (gai error -2) and gives up after 60 s; cn-0307's resolv.conf points "
            "at a dead DNS server 10.12.0.254 while every other node uses 10.12.0.10/11 and resolves cn-0301 fine. The "
            "network itself works (ping by IP succeeds).",
            "https://github.com/pytorch/pytorch/issues/69197")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae12():
    c = Case("ae12_training_stuck_at_start_then_watchdog_timeout", 3412)
    t0 = dt.datetime(2024, 12, 3, 22, 10, 5, tzinfo=UTC)
    nodes = ["gpu-k3%02d" % i for i in range(1, 9)]
    bad, badk = "gpu-k306", 5
    bad_rank = 5 * 8 + badk
    tbar = at(t0, 52.0)
    tw = at(tbar, 600.03)
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 90400 + ni * 7
        wp = [apid + 21 + k for k in range(8)]
        if h == bad:
            wp[badk] = 412245
        L.add(at(t0, 0.5), tr.banner(at(t0, 0.5), apid))
        for k in range(8):
            r = ni * 8 + k
            ts = at(t0, 30 + k * 0.02 + ni * 0.01)
            L.add(ts, "[rank%d]:%s INFO build: initializing CUDA on local device %d" % (r, py_ts(ts), k))
            if r == bad_rank:
                continue
            L.add(at(ts, 8.5), "[rank%d]:%s INFO build: model on cuda:%d, 13.02B params, bf16" % (r, py_ts(at(ts, 8.5)), k))
            L.add(at(tbar, k * 0.001), "[rank%d]:%s INFO build: waiting for all ranks (barrier)" % (r, py_ts(at(tbar, k * 0.001))))
            if k in (0, 3, 6) or h == bad:
                L.add(at(tw, r * 0.0003), watchdog_timeout(at(tw, r * 0.0003), r, 1, "ALLREDUCE", 1, timeout_ms=600000,
                                                            last_enq=1, last_done=0)[:2])
                L.add(at(tw, r * 0.0003 + 0.001), "[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] "
                      "ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1" % (r, glog_ts(at(tw, r * 0.0003 + 0.001), "E"), r))
        if h == bad:
            tx = at(tw, 1.6)
            L.add(tx, tr.worker_failed(tx, apid, 0, wp[0], -6))
            fails = [dict(time=at(tw, 0.9), host=h, rank=ni * 8 + k, local_rank=k, exitcode=(-15 if k == badk else -6), pid=wp[k])
                     for k in range(1, 8)]
            root = dict(time=at(tw, 0.8), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=wp[0])
            L.add(at(tx, 3), tr.agent_tb_childfailed("train.py", fails, root))
        else:
            tx = at(tw, 1.5 + ni * 0.02)
            L.add(tx, tr.worker_failed(tx, apid, 0, wp[0], -6))
            root = dict(time=at(tw, 0.8), host=h, rank=ni * 8, local_rank=0, exitcode=-6, pid=wp[0])
            L.add(at(tx, 3), tr.agent_tb_childfailed("train.py", [], root))
        c.w("%s/torchrun.log" % h, L)
        boot = dt.datetime(2024, 11, 28, 14, 0, 0, tzinfo=UTC)
        D = ["%s Linux version 5.15.0-125-generic" % dmesg_T(boot),
             "%s NVRM: loading NVIDIA UNIX Open Kernel Module for x86_64  550.127.05  Tue Oct  8 03:22:07 UTC 2024" % dmesg_T(at(boot, 20)),
             "%s nvidia_uvm: module uses symbols nvUvmInterfaceDisableAccessCntr from proprietary module nvidia, inheriting taint." % dmesg_T(at(boot, 21))]
        if h == bad:
            th = at(t0, 30 + 0.02 * badk + 0.05 + 245.8)
            D += ["%s INFO: task python3:412245 blocked for more than 122 seconds." % dmesg_T(th),
                  "%s       Tainted: P           OE      5.15.0-125-generic #135-Ubuntu" % dmesg_T(th),
                  "%s \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message." % dmesg_T(th),
                  "%s task:python3         state:D stack:    0 pid:412245 ppid:90435  flags:0x00004002" % dmesg_T(th),
                  "%s Call Trace:" % dmesg_T(th),
                  "%s  <TASK>" % dmesg_T(th),
                  "%s  __schedule+0x2cd/0x890" % dmesg_T(th),
                  "%s  schedule+0x69/0x110" % dmesg_T(th),
                  "%s  rwsem_down_write_slowpath+0x23c/0x4b0" % dmesg_T(th),
                  "%s  os_acquire_rwlock_write+0x35/0x50 [nvidia]" % dmesg_T(th),
                  "%s  _nv041927rm+0x10/0x40 [nvidia]" % dmesg_T(th),
                  "%s  ? _nv049613rm+0x5c/0x290 [nvidia]" % dmesg_T(th),
                  "%s  rm_init_adapter+0x110/0x1a0 [nvidia]" % dmesg_T(th),
                  "%s  nv_open_device+0x2a1/0x9c0 [nvidia]" % dmesg_T(th),
                  "%s  nvidia_open+0x2b9/0x540 [nvidia]" % dmesg_T(th),
                  "%s  chrdev_open+0xbf/0x230" % dmesg_T(th),
                  "%s  do_dentry_open+0x156/0x370" % dmesg_T(th),
                  "%s  </TASK>" % dmesg_T(th),
                  "%s INFO: task python3:412245 blocked for more than 245 seconds." % dmesg_T(at(th, 123))]
        c.w("%s/dmesg-T.txt" % h, D)
    # operator evidence collected while hung
    tp = at(tbar, 330)
    c.w("%s/py-spy-dump-412245.txt" % bad, [
        "$ py-spy dump --pid 412245   # %s" % tp.isoformat(),
        "Process 412245: /usr/bin/python3 -u train.py --cfg cfg/13b_resume.yaml",
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        "Thread 412245 (idle): \"MainThread\"",
        "    _lazy_init (torch/cuda/__init__.py:319)",
        "    _apply (torch/nn/modules/module.py:805)",
        "    to (torch/nn/modules/module.py:1174)",
        "    build_model (train.py:97)",
        "    main (train.py:141)",
        "    <module> (train.py:212)",
        "Thread 412301 (idle): \"Thread-1 (_pin_memory_loop)\"",
        "    wait (threading.py:324)",
        "    get (queue.py:180)"])
    c.w("%s/ps-python.txt" % bad, ["$ ps -o pid,stat,etime,wchan:28,cmd -C python3   # %s" % tp.isoformat(),
                                   "    PID STAT     ELAPSED WCHAN                        CMD"] +
        ["%7d %-4s %11s %-28s /usr/bin/python3 -u train.py --cfg cfg/13b_resume.yaml" %
         (90456 + k if k != badk else 412245, "Dl" if k == badk else "Rl", "06:05", "os_acquire_rwlock_write" if k == badk else "-")
         for k in range(8)])
    gp = h100s(8, temp=36, used=0, util=0)
    procs = []
    for k in range(8):
        if k != badk:
            gp[k]["used"] = 31822
            gp[k]["util"] = 0
            procs.append((k, 90456 + k, "/usr/bin/python3", 31808))
    c.w("%s/nvidia-smi.txt" % bad, nvidia_smi_table(tp, "550.127.05", "12.4", gp, procs))
    c.w("login-k3/fr_trace_analysis.txt", [
        "$ python tools/flight_recorder/fr_trace.py -d /scratch/fr/job_1410021 --mismatch_cap 4   # %s" % at(tw, 400).isoformat(),
        "loaded 63 dump files (expected 64); no dump from rank 45",
        "Not all ranks joining collective 1 at entry 0",
        "group info: 0:default_pg",
        "collective: nccl:all_reduce",
        "missing ranks: {45}",
        "input sizes: [[1]]",
        "output sizes: [[1]]",
        "expected ranks: 64",
        "collective state: scheduled",
        "collective stack trace:",
        "   barrier at /opt/venv/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py:4164",
        "   main at /workspace/train.py:150"])
    c.label("hang", "infrastructure", bad, bad_rank, "run_diagnostics",
            "63 ranks time out in the very first barrier (SeqNum 1); the flight-recorder analysis says only rank 45 never "
            "joined. Rank 45 (gpu-k306, GPU 5) is stuck in D state inside the NVIDIA driver's device open during CUDA "
            "initialisation (py-spy in torch.cuda._lazy_init, hung-task call trace in nvidia_open), with no Xid or other "
            "hardware error to explain it, so the node needs diagnostics before reuse.",
            "https://github.com/NVIDIA/nccl/issues/377")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae13():
    c = Case("ae13_all_ranks_time_out_shortly_after_resume", 3413)
    t0 = dt.datetime(2024, 6, 18, 16, 0, 12, tzinfo=UTC)
    nodes = ["ip-10-1-4-17", "ip-10-1-4-88", "ip-10-1-5-3", "ip-10-1-6-201"]
    ips = ["10.1.4.17", "10.1.4.88", "10.1.5.3", "10.1.6.201"]
    thang = at(t0, 412.0)
    tw = at(thang, 1800.0)
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 11020 + ni * 3
        wp = [apid + 7 + k for k in range(8)]
        L.add(at(t0, 0.5), tr.banner(at(t0, 0.5), apid))
        for k in range(8):
            r = ni * 8 + k
            pid = wp[k]
            ts = at(t0, 41 + k * 0.01)
            L.add(ts, [nccl(h, pid, pid, k, "INFO", "cudaDriverVersion 12020"),
                       nccl(h, pid, pid, k, "INFO", "Bootstrap : Using ens32:%s<0>" % ips[ni]),
                       nccl(h, pid, pid, k, "INFO", "NET/OFI Initializing aws-ofi-nccl 1.9.1-aws"),
                       nccl(h, pid, pid, k, "INFO", "NET/OFI Using Libfabric version 1.21"),
                       nccl(h, pid, pid, k, "INFO", "NET/OFI Using CUDA driver version 12020"),
                       nccl(h, pid, pid, k, "INFO", "NET/OFI Configuring AWS-specific options"),
                       nccl(h, pid, pid, k, "INFO", "NET/OFI Setting NCCL_NVLSTREE_MAX_CHUNKSIZE to 512KiB"),
                       nccl(h, pid, pid, k, "INFO", "NET/OFI Setting NCCL_NVLS_CHUNKSIZE to 512KiB"),
                       nccl(h, pid, pid, k, "INFO", "NET/OFI Internode latency set at 75.0 us"),
                       nccl(h, pid, pid, k, "INFO", "NET/OFI Selected Provider is efa (found 32 nics)"),
                       nccl(h, pid, pid, k, "INFO", "Using network AWS Libfabric")])
            if r == 0:
                L.add(ts, "NCCL version 2.20.5+cuda12.4")
        if ni == 0:
            L.add(at(t0, 30), "[rank0]:%s train INFO resumed from s3://ml-ckpt/llm-7b/step_4000 (model+optim, 3 min 12 s)" % py_ts(at(t0, 30)))
            t = at(t0, 380)
            for s in range(4001, 4013):
                t = at(t0, 380 + (s - 4001) * 2.61)
                L.add(t, "[rank0]:%s train INFO step %d | loss %.4f | lr 2.400e-04 | 2.61 s/it | tok/s/gpu 12,540"
                      % (py_ts(t), s, 2.311 - (s - 4001) * 0.0013))
        for k in range(8):
            r = ni * 8 + k
            L.add(at(tw, 0.02 + 0.0001 * r), watchdog_timeout(at(tw, 0.02 + 0.0001 * r), r, 3410, "ALLREDUCE", 262144000,
                                                               timeout_ms=1800000, last_enq=3411, last_done=3409))
        tx = at(tw, 1.2 + ni * 0.05)
        L.add(tx, tr.worker_failed(tx, apid, 4 if ni == 1 else 0, wp[4 if ni == 1 else 0], -6))
        root = dict(time=at(tw, 0.7), host=h, rank=ni * 8 + (4 if ni == 1 else 0), local_rank=4 if ni == 1 else 0,
                    exitcode=-6, pid=wp[4 if ni == 1 else 0])
        L.add(at(tx, 4), tr.agent_tb_childfailed("train.py", [], root))
        c.w("%s/torchrun.log" % h, L)
        boot = dt.datetime(2024, 6, 18, 15, 41, 0, tzinfo=UTC)
        D = ["%s Linux version 5.15.0-1063-aws (buildd@lcy02-amd64-021)" % dmesg_T(boot),
             "%s efa: loading out-of-tree module taints kernel." % dmesg_T(at(boot, 9)),
             "%s efa 0000:52:00.0: Setup irq:0x0 name:efa-mgmt@pci:0000:52:00.0" % dmesg_T(at(boot, 9.2)),
             "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024" % dmesg_T(at(boot, 18)),
             "%s nvidia-fabricmanager: fabric state: completed" % dmesg_T(at(boot, 40))]
        c.w("%s/dmesg-T.txt" % h, D)
        c.w("%s/nvidia-smi-q-errors.txt" % h, ["# nvidia-smi -q -d ECC,ROW_REMAPPER | grep -E 'Uncorr|Pending|Failure' (%s)" % at(tw, 300).isoformat()] +
            ["GPU %d: DRAM Uncorrectable 0 | SRAM Uncorrectable 0 | Remap Pending No | Remap Failure No" % g for g in range(8)])
    c.w("head-node/efa-check.txt", ["# fi_info -p efa -t FI_EP_RDM | grep -c domain  on each node (%s)" % at(tw, 320).isoformat()] +
        ["%s: 32" % h for h in nodes] + ["# /opt/amazon/efa/bin/efa_test.sh on each node: PASS (4/4)"])
    c.label("hang", "infrastructure", None, None, "restart",
            "Twelve steps after resuming, all 32 ranks time out together in the same ALLREDUCE (SeqNum 3410, last completed "
            "3409) after 30 minutes; no rank is missing or behind, flight recorder was off, and there is no Xid, ECC, EFA or "
            "link evidence on any node (EFA tests pass). A watchdog-only hang with nobody to blame.",
            "https://github.com/XPixelGroup/BasicSR/issues/737")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae14():
    c = Case("ae14_run_finished_but_crashed_in_final_evaluation_rank0", 3414)
    t0 = dt.datetime(2024, 1, 26, 13, 40, 0, tzinfo=UTC)
    nodes = ["dgx-a01", "dgx-a02"]
    tfail = at(t0, 212.6)
    rank0_pid = 2210331

    def mid(t, lvl, msg, mod="torch.distributed.elastic.multiprocessing.api"):
        return "[%s] %s: [%s] %s" % (py_ts(t), mod, lvl, msg)

    for ni, h in enumerate(nodes):
        L = Log()
        wp = [rank0_pid + k if ni == 0 else 1880410 + k for k in range(8)]
        if ni == 0:
            L.add(at(t0, -30), ["[INFO|trainer.py:1988] 2024-01-26 13:39:30,112 >> ",
                                "",
                                "Training completed. Do not forget to share your model on huggingface.co/models =)",
                                "",
                                "{'train_runtime': 71234.1187, 'train_samples_per_second': 12.871, 'train_steps_per_second': 0.101, "
                                "'train_loss': 1.0873, 'epoch': 3.0}",
                                "[INFO|trainer.py:2936] 2024-01-26 13:39:41,771 >> Saving model checkpoint to /data/out/llama2-13b-sft/final"])
            L.add(at(t0, 2), ["[INFO|trainer.py:3242] 2024-01-26 13:40:02,004 >> ***** Running Evaluation *****",
                              "[INFO|trainer.py:3244] 2024-01-26 13:40:02,004 >>   Num examples = 2000",
                              "[INFO|trainer.py:3247] 2024-01-26 13:40:02,004 >>   Batch size = 8"])
            L.add(at(t0, 140), "{'eval_loss': 1.1642, 'eval_runtime': 137.91, 'eval_samples_per_second': 14.502, "
                               "'eval_steps_per_second': 0.113, 'epoch': 3.0}")
            L.add(at(t0, 141), "01/26/2024 13:42:21 - INFO - __main__ - [rank 0] qualitative eval: generating 2048 prompts, "
                               "batch 256, max_new_tokens 2048 (other ranks wait)")
            L.add(tfail, tb([("/workspace/sft/run_sft.py", 402, "<module>", "main()"),
                             ("/workspace/sft/run_sft.py", 391, "main", "samples = generate_samples(trainer.model, tok, eval_prompts, cfg)"),
                             ("/workspace/sft/gen.py", 58, "generate_samples", "out = model.generate(**batch, max_new_tokens=cfg.gen_max_new_tokens, do_sample=False)"),
                             ("/opt/conda/lib/python3.10/site-packages/torch/utils/_contextlib.py", 115, "decorate_context", "return func(*args, **kwargs)"),
                             ("/opt/conda/lib/python3.10/site-packages/transformers/generation/utils.py", 1652, "generate", "return self.greedy_search("),
                             ("/opt/conda/lib/python3.10/site-packages/transformers/generation/utils.py", 2514, "greedy_search", "outputs = self("),
                             ("/opt/conda/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py", 1208, "forward", "logits = logits.float()")],
                            "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 62.62 GiB. GPU 0 has a total "
                            "capacty of 79.15 GiB of which 9.81 GiB is free. Process %d has 69.33 GiB memory in use. Of the "
                            "allocated memory 66.02 GiB is allocated by PyTorch, and 1.91 GiB is reserved by PyTorch but "
                            "unallocated. If reserved but unallocated memory is large try setting max_split_size_mb to avoid "
                            "fragmentation.  See documentation for Memory Management and PYTORCH_CUDA_ALLOC_CONF" % rank0_pid))
            L.add(at(tfail, 1.3), mid(at(tfail, 1.3), "WARNING", "Sending process %d closing signal SIGTERM" % wp[1]))
            for k in range(2, 8):
                L.add(at(tfail, 1.3 + k * 0.001), mid(at(tfail, 1.3), "WARNING", "Sending process %d closing signal SIGTERM" % wp[k]))
            L.add(at(tfail, 3.9), mid(at(tfail, 3.9), "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /opt/conda/bin/python" % wp[0]))
            root = dict(time=at(tfail, 0.1), host=h, rank=0, local_rank=0, exitcode=1, pid=wp[0])
            L.add(at(tfail, 4.0), tr.agent_tb_childfailed("run_sft.py", [], root))
        else:
            tw = at(tfail, 1800.2 - 70)   # barrier entered ~70 s before rank0 crashed
            for k in range(8):
                L.add(at(tw, k * 0.0002), watchdog_timeout(at(tw, k * 0.0002), 8 + k, 288213, "ALLREDUCE", 1, timeout_ms=1800000,
                                                            style="old"))
            L.add(at(tw, 0.5), ["terminate called after throwing an instance of 'std::runtime_error'",
                                "  what():  [Rank 8] NCCL watchdog thread terminated with exception: [Rank 8] Watchdog caught "
                                "collective operation timeout: WorkNCCL(SeqNum=288213, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, "
                                "Timeout(ms)=1800000) ran for 1800231 milliseconds before timing out."])
            L.add(at(tw, 2.1), mid(at(tw, 2.1), "ERROR", "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /opt/conda/bin/python" % wp[0]))
            root = dict(time=at(tw, 0.6), host=h, rank=8, local_rank=0, exitcode=-6, pid=wp[0])
            fails = [dict(time=at(tw, 0.6), host=h, rank=8 + k, local_rank=k, exitcode=-6, pid=wp[k]) for k in range(1, 8)]
            L.add(at(tw, 2.3), tr.agent_tb_childfailed("run_sft.py", fails, root))
        c.w("%s/accelerate-launch.log" % h, L)
        gp = [dict(name="NVIDIA A100-SXM4-80GB", bus=b, temp=34 + i % 4, pwr=66, cap=400, used=0, total=81920, util=0)
              for i, b in enumerate(["00000000:07:00.0", "00000000:0F:00.0", "00000000:47:00.0", "00000000:4E:00.0",
                                     "00000000:87:00.0", "00000000:90:00.0", "00000000:B7:00.0", "00000000:BD:00.0"])]
        c.w("%s/nvidia-smi-after.txt" % h, nvidia_smi_table(at(tfail, 2000), "535.104.12", "12.2", gp, []))
    c.w("dgx-a01/job/sft_config.yaml", [
        "model_name_or_path: /data/models/llama-2-13b",
        "output_dir: /data/out/llama2-13b-sft",
        "num_train_epochs: 3",
        "per_device_train_batch_size: 4",
        "gradient_accumulation_steps: 4",
        "per_device_eval_batch_size: 8",
        "bf16: true",
        "fsdp: full_shard auto_wrap",
        "max_seq_length: 4096",
        "# qualitative generation after training (rank 0 only)",
        "gen_num_prompts: 2048",
        "gen_eval_batch_size: 256",
        "gen_max_new_tokens: 2048",
        "gen_prompt_max_len: 512"])
    c.w("dgx-a01/job/git-log-1.txt", ["commit a3f9e1c0d4b2 (HEAD -> main)", "Author: R. Okafor", "Date:   Wed Jan 24 18:02:11 2024 +0000",
                                      "", "    speed up qualitative eval: gen_eval_batch_size 16 -> 256"])
    c.label("oom", "framework", None, None, "stop",
            "Training and the normal evaluation finished; the rank-0-only qualitative generation then ran out of GPU memory "
            "trying to allocate 62.6 GiB of logits (batch 256 x 512 tokens x 128k vocab in fp32), a size set by the job's "
            "own gen_eval_batch_size=256 (raised from 16 two days earlier). The GPU holds only the job's own process; node 2's "
            "watchdog timeouts 30 min later are just ranks waiting for rank 0. It will fail the same way again.",
            "https://github.com/paTRICK-swk/D3DP/issues/9")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae15():
    c = Case("ae15_resume_killed_on_every_node_while_loading", 3415)
    t0 = dt.datetime(2024, 1, 15, 4, 18, 2, tzinfo=UTC)
    nodes = ["hpc-g12", "hpc-g13", "hpc-g14", "hpc-g15"]
    job = 551203
    S = Log()
    S.add(t0, "+ srun --ntasks-per-node=1 torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint hpc-g12:29400 "
              "train.py --resume /scratch/proj/llm70/ckpt/step_42000/consolidated.pt")
    for ni, h in enumerate(nodes):
        L = Log()
        apid = 770900 + ni * 1000
        wp = [apid + 333 + k for k in range(8)]
        L.add(at(t0, 0.6), tr.banner(at(t0, 0.6), apid, style="mid"))
        for k in range(8):
            r = ni * 8 + k
            ts = at(t0, 21 + k * 0.01)
            L.add(ts, "[rank%d]:%s | resume | loading /scratch/proj/llm70/ckpt/step_42000/consolidated.pt (261.4 GB) "
                      "with torch.load(map_location='cpu')" % (r, py_ts(ts)))
        killed = [1, 4, 6] if ni != 2 else [0, 3, 5, 7]
        tk = at(t0, 251.3 + ni * 3.7)
        for j, k in enumerate(killed):
            L.add(at(tk, j * 0.8), tr.worker_failed(at(tk, j * 0.8), apid, k, wp[k], -9, style="mid"))
        others = [k for k in range(8) if k not in killed]
        L.add(at(tk, 3.0), tr.sending_sigterm(at(tk, 3.0), apid, [wp[k] for k in others], style="mid"))
        root = dict(time=tk, host=h, rank=ni * 8 + killed[0], local_rank=killed[0], exitcode=-9, pid=wp[killed[0]])
        fails = [dict(time=at(tk, j * 0.8), host=h, rank=ni * 8 + k, local_rank=k, exitcode=-9, pid=wp[k]) for j, k in enumerate(killed[1:], 1)]
        L.add(at(tk, 9.0), tr.agent_tb_childfailed("train.py", fails, root))
        c.w("%s/torchrun.log" % h, L)
        S.add(at(tk, 10.0), "slurmstepd: error: Detected %d oom_kill events in StepId=%d.0. Some of your processes may have been "
                            "killed by the cgroup out-of-memory handler." % (len(killed), job))
        S.add(at(tk, 10.2), "srun: error: %s: task %d: Out Of Memory" % (h, ni))
        D = ["%s Linux version 5.14.0-284.30.1.el9_2.x86_64 (mockbuild@x86-vm-07.build.eng.bos.redhat.com)" %
             dmesg_T(dt.datetime(2024, 1, 8, 10, 0, 0, tzinfo=UTC))]
        for j, k in enumerate(killed):
            tt = at(tk, j * 0.8 - 0.2)
            D += ["%s python invoked oom-killer: gfp_mask=0x100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0" % dmesg_T(tt),
                  "%s CPU: %d PID: %d Comm: python Tainted: P           OE    --------  ---  5.14.0-284.30.1.el9_2.x86_64 #1" % (dmesg_T(tt), 17 + k * 8, wp[(k + 1) % 8]),
                  "%s memory: usage 1054867456kB, limit 1054867456kB, failcnt %d" % (dmesg_T(tt), 1183 + j * 7),
                  "%s swap: usage 0kB, limit 0kB, failcnt 0" % dmesg_T(tt),
                  "%s oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_4211/job_%d,"
                  "task_memcg=/slurm/uid_4211/job_%d/step_0/user/task_0,task=python,pid=%d,uid=4211" % (dmesg_T(tt), job, job, wp[k]),
                  "%s Memory cgroup out of memory: Killed process %d (python) total-vm:301294456kB, anon-rss:%dkB, "
                  "file-rss:151204kB, shmem-rss:0kB, UID:4211 pgtables:477112kB oom_score_adj:0" % (dmesg_T(tt), wp[k], 241823312 - j * 1811330)]
        c.w("%s/dmesg-T.txt" % h, D)
        c.w("%s/free-g.txt" % h, ["               total        used        free      shared  buff/cache   available",
                                  "Mem:            1007          11         984           0          12         992",
                                  "Swap:              0           0           0",
                                  "# (collected after the job ended; no other jobs on the node: Slurm exclusive allocation)"])
    c.w("login-g/slurm-%d.out" % job, S)
    c.w("login-g/sacct-%d.txt" % job, sacct([("%d" % job, "llm70-res", "gpu", "llm", "512", "OUT_OF_ME+", "0:125"),
                                             ("%d.batch" % job, "batch", "", "llm", "128", "OUT_OF_ME+", "0:125"),
                                             ("%d.0" % job, "torchrun", "", "llm", "512", "OUT_OF_ME+", "0:125")]))
    c.label("oom", "framework", None, None, "stop",
            "On all four nodes the cgroup OOM killer kills the job's own python ranks about four minutes into the resume, "
            "while each of the eight ranks per node torch.load()s the full 261 GB consolidated checkpoint into CPU memory "
            "(8 x ~240 GB RSS against a 1 TiB node limit). Nothing else runs on the exclusive nodes; the loading strategy "
            "itself does not fit and will fail again.",
            "https://github.com/huggingface/accelerate/issues/1210")
    return c


# ---------------------------------------------------------------------------------------------------------------
def ae16():
    c = Case("ae16_loss_goes_nan_immediately_after_resume", 3416)
    nodes = ["a100-r1n1", "a100-r1n2", "a100-r1n3", "a100-r1n4"]
    cfg0 = ['{', '  "train_micro_batch_size_per_gpu": 4,', '  "gradient_accumulation_steps": 8,',
            '  "optimizer": {"type": "AdamW", "params": {"lr": 3.0e-4, "betas": [0.9, 0.95], "eps": 1e-8, "weight_decay": 0.1}},',
            '  "scheduler": {"type": "WarmupDecayLR", "params": {"warmup_min_lr": 0, "warmup_max_lr": 3.0e-4, "warmup_num_steps": 2000, "total_num_steps": 50000}},',
            '  "fp16": {"enabled": true, "loss_scale": 0, "initial_scale_power": 16, "loss_scale_window": 1000, "hysteresis": 2, "min_loss_scale": 1},',
            '  "zero_optimization": {"stage": 2, "overlap_comm": true, "contiguous_gradients": true},',
            '  "gradient_clipping": 1.0', '}']
    cfg1 = [x.replace("3.0e-4", "3.0e-3").replace('"warmup_num_steps": 2000', '"warmup_num_steps": 0') for x in cfg0]
    for ai in (0, 1):
        t0 = dt.datetime(2024, 5, 7, 0, 0, 0, tzinfo=UTC) if ai == 0 else dt.datetime(2024, 5, 7, 12, 31, 40, tzinfo=UTC)
        L = Log()
        L.add(t0, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export NCCL_DEBUG=WARN; cd /home/lab/gpt; "
                  "/usr/bin/python -u -m deepspeed.launcher.launch --node_rank=%%n --master_addr=10.20.1.1 --master_port=29500 "
                  "pretrain.py --deepspeed_config ds_config.json --load /data/ckpt/gpt-2p7b%s"
                  % (py_ts(t0), ",".join(nodes), "" if ai == 0 else " --resume"))
        if ai == 0:
            t = dt.datetime(2024, 5, 7, 11, 50, 0, tzinfo=UTC)
            s = 11800
            while s <= 12000:
                if s % 20 == 0:
                    L.add(t, "a100-r1n1: [%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[0.000291], mom=[(0.9, 0.95)]"
                          % (py_ts(t), s, 3 + s // 5000))
                    L.add(t, "a100-r1n1: iteration %d | loss %.4f | loss_scale 65536.0 | grad_norm %.3f | 1.08 s/it" % (s, 2.0561 - (s - 11800) * 0.00004, 0.31 + (s % 7) * 0.01))
                t = at(t, 1.08)
                s += 1
            L.add(at(t, 2), "a100-r1n1: [%s] [INFO] [engine.py:3517:save_checkpoint] saving checkpoint global_step12000" % py_ts(at(t, 2)))
            L.add(at(t, 95), "a100-r1n1: [%s] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step12000 is ready now!" % py_ts(at(t, 95)))
            te = dt.datetime(2024, 5, 7, 12, 0, 0, tzinfo=UTC)
            L.add(te, "slurmstepd: error: *** JOB 660311 ON a100-r1n1 CANCELLED AT 2024-05-07T12:00:00 DUE TO TIME LIMIT ***")
            L.add(at(te, 0.3), ["%s: [%s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (h, py_ts(at(te, 0.3)), 8810 + i * 100)
                                for i, h in enumerate(nodes)])
        else:
            L.add(at(t0, 95), "a100-r1n1: [%s] [INFO] [engine.py:2920:_load_checkpoint] rank: 0 loading checkpoint: "
                              "/data/ckpt/gpt-2p7b/global_step12000/mp_rank_00_model_states.pt" % py_ts(at(t0, 95)))
            L.add(at(t0, 131), "a100-r1n1: [%s] [INFO] [engine.py:3019:_load_zero_checkpoint] loading 32 zero partition checkpoints for rank 0" % py_ts(at(t0, 131)))
            L.add(at(t0, 133), "a100-r1n1: resumed at step 12000; optimizer lr overridden from ds_config (3.0e-3), warmup_num_steps=0")
            t = at(t0, 140)
            L.add(t, "a100-r1n1: iteration 12001 | loss 2.0702 | loss_scale 65536.0 | grad_norm 0.352 | 1.09 s/it")
            t = at(t, 1.09)
            L.add(t, "a100-r1n1: iteration 12002 | loss 3.9184 | loss_scale 65536.0 | grad_norm 14.912 | 1.09 s/it")
            it = 12003
            events = [(65536, None)] + [(2 ** p, 2 ** (p - 1)) for p in range(16, 0, -1)]
            for scale, nxt in events:
                t = at(t, 0.71)
                for ni, h in enumerate(nodes):
                    if nxt is None:
                        msg = ("%s: [%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank %d Skipping step. "
                               "Attempted loss scale: %d, but hysteresis is 2. Reducing hysteresis to 1" % (h, py_ts(t), ni * 8, scale))
                    else:
                        msg = ("%s: [%s] [INFO] [loss_scaler.py:190:update_scale] [deepspeed] OVERFLOW! Rank %d Skipping step. "
                               "Attempted loss scale: %d, reducing to %d" % (h, py_ts(t), ni * 8, scale, nxt))
                    L.add(at(t, ni * 0.003), msg)
                L.add(at(t, 0.01), "a100-r1n1: iteration %d | loss nan | loss_scale %.1f | grad_norm nan | 0.71 s/it"
                      % (it, float(nxt if nxt else scale)))
                it += 1
            t = at(t, 0.71)
            for ni, h in enumerate(nodes):
                for k in range(0, 8, 7):
                    r = ni * 8 + k
                    L.add(at(t, 0.02 * r), ["%s: %s" % (h, x) for x in tb(
                        [("/home/lab/gpt/pretrain.py", 318, "<module>", "main()"),
                         ("/home/lab/gpt/pretrain.py", 297, "main", "engine.step()"),
                         ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 2169, "step", "self._take_model_step(lr_kwargs)"),
                         ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py", 2075, "_take_model_step", "self.optimizer.step()"),
                         ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", 1815, "step", "self._update_scale(self.overflow)"),
                         ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/zero/stage_1_and_2.py", 2062, "_update_scale", "self.loss_scaler.update_scale(has_overflow)"),
                         ("/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py", 175, "update_scale",
                          "raise Exception(")],
                        "Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run.",
                        prefix="[rank%d]: " % r)])
                L.add(at(t, 1.5 + ni * 0.1), "%s: [%s] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'pretrain.py', "
                                            "'--local_rank=0', '--deepspeed_config', 'ds_config.json', '--load', '/data/ckpt/gpt-2p7b', "
                                            "'--resume'] exits with return code = 1" % (h, py_ts(at(t, 1.5))))
                L.add(at(t, 1.7 + ni * 0.1), "pdsh@a100-r1n1: %s: ssh exited with exit code 1" % h)
        c.w("attempt_%d/a100-r1n1/deepspeed-launch.log" % ai, L)
        c.w("attempt_%d/a100-r1n1/ds_config.json" % ai, cfg0 if ai == 0 else cfg1)
        for h in nodes:
            c.w("attempt_%d/%s/nvidia-smi-q-ecc.txt" % (ai, h), ["# nvidia-smi --query-gpu=index,ecc.errors.uncorrected.volatile.total,"
                                                                "clocks_event_reasons.active --format=csv"] +
                ["index, ecc.errors.uncorrected.volatile.total, clocks_event_reasons.active"] +
                ["%d, 0, 0x0000000000000000" % g for g in range(8)])
    c.label("numerical", "script", None, None, "stop",
            "Attempt 0 trained normally to step 12000 (loss ~2.05) and only ended at the time limit after saving. The resumed "
            "attempt uses a changed ds_config (peak lr 3e-4 -> 3e-3, warmup 0): loss jumps at step 12002, then every step "
            "overflows on every rank of every node until DeepSpeed aborts with 'Current loss scale already at minimum'. A "
            "recipe problem, no hardware signal.",
            "https://github.com/ymcui/Chinese-LLaMA-Alpaca/issues/827")
    return c


CASES = [ae09, ae10, ae11, ae12, ae13, ae14, ae15, ae16]
