"""Cases ca11 - ca20."""

from common import (D, at, iso, stamp, ms, tfmt, glog, dmesg_T, dmesg_up, journal, syslog, lines, prefix,
                    traceback, SITE, launcher_frames, child_failed, agent, omp_banner, sigterm_lines,
                    failed_line, gloo_closed, gloo_reset, gloo_recv_timeout, gloo_send_timeout, c10d_frames)


# ======================================================================================
# ca11: clean finish; NFS blip mid-run and noisy warnings
# ======================================================================================

def ca11():
    ver = "2.3"
    site = SITE[ver]
    job = 1208834
    nodes = ["cpu-h21", "cpu-h22"]
    script = "/nfs/proj/vision/train_resnet_cpu.py"
    t0 = D("2024-06-02 18:00:05")
    t_end = D("2024-06-03 05:41:57")
    files = {}
    ag = "torch.distributed.elastic.agent.server.api"
    for k, n in enumerate(nodes):
        apid = 22001 + k * 900
        out = ["+ export LOGLEVEL=INFO",
               "+ srun torchrun --nnodes 2 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint cpu-h21:29400 --rdzv-id 1208834 %s" % script]
        out += omp_banner(ver, at(t0, 1), apid)
        out.append(agent(ver, "I", at(t0, 1), "torch.distributed.launcher.api",
                         "Starting elastic_operator with launch configs:\n  entrypoint       : %s\n  min_nodes        : 2\n"
                         "  max_nodes        : 2\n  nproc_per_node   : 4\n  run_id           : 1208834\n  rdzv_backend     : c10d\n"
                         "  rdzv_endpoint    : cpu-h21:29400\n  rdzv_configs     : {'timeout': 900}\n  max_restarts     : 0\n"
                         "  monitor_interval : 5\n  log_dir          : /tmp/torchelastic_ql9kd0lw\n  metrics_cfg      : {}\n" % script, apid))
        out.append(agent(ver, "I", at(t0, 3), ag, "[default] Starting worker group", apid))
        for j in range(4):
            out.append("[default%d]:%s/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader will create 12 worker "
                       "processes in total. Our suggested max number of worker in current system is 8, which is smaller than "
                       "what this DataLoader is going to create. Please be aware that excessive worker creation might get "
                       "DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze "
                       "if necessary." % (j, site))
            out.append("[default%d]:  warnings.warn(_create_warning_msg(" % j)
        if k == 0:
            ev = []
            for ep in range(0, 30, 3):
                t = at(t0, 1400 * ep + 600)
                ev.append((t, "[default0]:%s epoch %02d train_loss %.4f val_top1 %.4f epoch_time %.0fs" % (
                    stamp(t), ep, 2.91 * (0.93 ** ep), 0.41 + ep * 0.0172, 1398 + (ep % 4) * 3)))
            ts = D("2024-06-03 00:41:30")
            ev.append((ts, "[default0]:%s epoch 17 it 410/830 slow step: 52.7s (data wait 52.1s)" % stamp(ts)))
            out += [l for _, l in sorted(ev)]
            out.append("[default0]:%s epoch 29 train_loss 0.3311 val_top1 0.9121 epoch_time 1402s" % stamp(at(t_end, -8)))
            out.append("[default0]:%s training complete: best val_top1 0.9121 at epoch 29, checkpoint /nfs/proj/vision/ckpt/r50_cpu_final.pt" % stamp(at(t_end, -3)))
        out.append(agent(ver, "I", at(t_end, 2 + k), ag,
                         "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish.", apid))
        out.append(agent(ver, "I", at(t_end, 2 + k), ag,
                         "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish", apid))
        out.append(agent(ver, "I", at(t_end, 3 + k), ag, "Done waiting for other agents. Elapsed: %.4f seconds" % (1.0012 - k * 0.9991), apid))
        files[n + "/torchrun.log"] = lines(out)
        files[n + "/dmesg.txt"] = lines(
            dmesg_T(D("2024-06-01 07:00:02"), "EXT4-fs (sda2): mounted filesystem with ordered data mode. Quota mode: none."),
            dmesg_T(D("2024-06-03 00:40:44"), "nfs: server nas01 not responding, still trying"),
            dmesg_T(D("2024-06-03 00:41:27"), "nfs: server nas01 OK"),
            dmesg_T(D("2024-06-03 03:12:09"), "TCP: request_sock_TCP: Possible SYN flooding on port 9100. Sending cookies.  Check SNMP counters."))
    files["slurm-%d.out" % job] = lines(
        "0: [default0]:%s training complete: best val_top1 0.9121 at epoch 29" % stamp(at(t_end, -3)),
        "1: %s" % agent(ver, "I", at(t_end, 3), ag, "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish", 22901))
    files["sacct.txt"] = lines(
        "JobID           JobName      State ExitCode    Elapsed   NodeList",
        "------------ ---------- ---------- -------- ---------- ----------",
        "%d      r50-cpu-ddp  COMPLETED      0:0   11:42:01 cpu-h[21-22]" % job,
        "%d.batch        batch  COMPLETED      0:0   11:42:01    cpu-h21" % job,
        "%d.0         torchrun  COMPLETED      0:0   11:41:55 cpu-h[21-22]" % job)
    label = dict(category="unknown", layer="framework", culprit=None, action="none",
                 rationale="Both agents report WorkerState.SUCCEEDED, training printed its completion line and sacct "
                           "shows COMPLETED 0:0. The NFS 'not responding' at 00:40 recovered after 43 s and only "
                           "caused one slow step; nothing to fix.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/91278")
    return "ca11_nfs_not_responding_in_dmesg_job_ended", label, files


# ======================================================================================
# ca12: one workstation resolves its hostname to 127.0.1.1; peers try to connect there
# ======================================================================================

def ca12():
    ver = "2.1"
    site = SITE[ver]
    nodes = ["lab-ws1", "lab-ws2", "lab-ws3"]
    ips = ["192.168.10.11", "192.168.10.12", "192.168.10.13"]
    script = "/home/mina/federated/train_fedavg_sim.py"
    t0 = D("2024-02-21 15:33:10")
    files = {}
    pg_frames = [
        (script, 51, "setup", 'dist.init_process_group("gloo", init_method="env://")'),
        (site + "/torch/distributed/c10d_logger.py", 74, "wrapper", "func_return = func(*args, **kwargs)"),
        (site + "/torch/distributed/distributed_c10d.py", 1148, "init_process_group", "default_pg, _ = _new_process_group_helper("),
        (site + "/torch/distributed/distributed_c10d.py", 1268, "_new_process_group_helper", "backend_class = ProcessGroupGloo(backend_prefix_store, group_rank, group_size, timeout=timeout)"),
    ]
    for k, n in enumerate(nodes):
        apid = 5100 + k * 77
        out = ["mina@%s:~/federated$ torchrun --nnodes=3 --nproc_per_node=2 --node_rank=%d --master_addr=lab-ws1 "
               "--master_port=29510 train_fedavg_sim.py --clients 60" % (n, k)]
        out += omp_banner(ver, t0)
        if n != "lab-ws3":
            for j in range(2):
                r = 2 * k + j
                port = 41625 if j == 0 else 41631
                out.append("[default%d]:Traceback (most recent call last):" % j)
                out += ["[default%d]:" % j + l for l in traceback(
                    [(script, 140, "<module>", "main()"), (script, 96, "main", "setup(args)")] + pg_frames,
                    "RuntimeError: [../third_party/gloo/gloo/transport/tcp/pair.cc:799] connect [127.0.1.1]:%d: "
                    "Connection refused" % port).split("\n")[1:]]
            tf = at(t0, 4.1 + k * 0.02)
            out.append(failed_line(ver, at(tf, 0.6), 1, 0, apid + 8, "/usr/bin/python3"))
            out += child_failed(ver, script, dict(when=tf, host=n, rank=2 * k, local_rank=0, exitcode=1, pid=apid + 8),
                                [dict(when=at(tf, 0.01), host=n, rank=2 * k + 1, local_rank=1, exitcode=1,
                                      pid=apid + 9)]).split("\n")
        else:
            out.append("[default0]:%s rank 4 initializing process group (gloo)" % stamp(at(t0, 2)))
            out.append("[default1]:%s rank 5 initializing process group (gloo)" % stamp(at(t0, 2)))
            tf = at(t0, 5.0)
            for j in range(2):
                out.append("[default%d]:Traceback (most recent call last):" % j)
                out += ["[default%d]:" % j + l for l in traceback(
                    [(script, 140, "<module>", "main()"), (script, 96, "main", "setup(args)")] + pg_frames,
                    "torch.distributed.DistNetworkError: Connection reset by peer").split("\n")[1:]]
            out.append(failed_line(ver, at(tf, 0.6), 1, 0, apid + 8, "/usr/bin/python3"))
            out += child_failed(ver, script, dict(when=tf, host=n, rank=4, local_rank=0, exitcode=1, pid=apid + 8),
                                [dict(when=at(tf, 0.01), host=n, rank=5, local_rank=1, exitcode=1,
                                      pid=apid + 9)]).split("\n")
        files[n + "/torchrun.log"] = lines(out)
        if n == "lab-ws3":
            files[n + "/etc-hosts.txt"] = lines("127.0.0.1\tlocalhost", "127.0.1.1\tlab-ws3",
                                                "", "# The following lines are desirable for IPv6 capable hosts",
                                                "::1     ip6-localhost ip6-loopback")
            files[n + "/hostname-i.txt"] = lines("$ hostname -i", "127.0.1.1", "$ ip -4 -br addr",
                                                 "lo               UNKNOWN        127.0.0.1/8",
                                                 "enp5s0           UP             192.168.10.13/24")
        else:
            files[n + "/etc-hosts.txt"] = lines("127.0.0.1\tlocalhost", "%s\t%s" % (ips[k], n),
                                                "# 127.0.1.1 line removed 2024-01-08 (mina) so gloo binds the LAN address",
                                                "::1     ip6-localhost ip6-loopback")
            files[n + "/hostname-i.txt"] = lines("$ hostname -i", ips[k])
    files["notes.md"] = lines(
        "lab-ws3 was reinstalled on 2024-02-19 (SSD replaced), rejoined the lab pool on 2024-02-20.",
        "Same conda env on all three machines (torch 2.1.2+cpu).")
    label = dict(category="network", layer="infrastructure", culprit={"node": "lab-ws3", "rank": None},
                 action="restart_without_node",
                 rationale="Ranks on lab-ws1/ws2 fail in ProcessGroupGloo setup connecting to [127.0.1.1], i.e. the "
                           "address lab-ws3 advertised: after its reinstall lab-ws3's /etc/hosts again maps its "
                           "hostname to 127.0.1.1, so gloo binds loopback there. Node network configuration on one host.",
                 modelled_on="https://github.com/ray-project/ray/issues/37461")
    return "ca12_gloo_connect_127_0_1_1_refused", label, files


# ======================================================================================
# ca13: GLOO_SOCKET_IFNAME=eth0 set by the job, instances only have ens5
# ======================================================================================

def ca13():
    ver = "2.4"
    site = SITE[ver]
    nodes = ["ip-10-0-3-17", "ip-10-0-3-41"]
    script = "/home/ubuntu/rl/ppo_cpu_learner.py"
    t0 = D("2024-10-03 09:12:44")
    files = {}
    for k, n in enumerate(nodes):
        apid = 3901 + k * 55
        out = ["ubuntu@%s:~/rl$ source env.sh && torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d "
               "--rdzv-endpoint ip-10-0-3-17:29400 --rdzv-id ppo-1003 ppo_cpu_learner.py" % n]
        out += omp_banner(ver, t0, apid)
        for j in (0, 1, 5):
            r = k * 8 + j
            out.append("[default%d]:[rank%d]: Traceback (most recent call last):" % (j, r))
            body = traceback(
                [(script, 212, "<module>", "main()"), (script, 60, "main", 'dist.init_process_group(backend="gloo")'),
                 (site + "/torch/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)"),
                 (site + "/torch/distributed/c10d_logger.py", 97, "wrapper", "func_return = func(*args, **kwargs)"),
                 (site + "/torch/distributed/distributed_c10d.py", 1520, "init_process_group", "default_pg, _ = _new_process_group_helper("),
                 (site + "/torch/distributed/distributed_c10d.py", 1725, "_new_process_group_helper", "backend_class = ProcessGroupGloo(")],
                "RuntimeError: [enforce fail at ../third_party/gloo/gloo/transport/tcp/device.cc:83] ifa != nullptr. "
                "Unable to find address for: eth0")
            out += ["[default%d]:[rank%d]: " % (j, r) + l for l in body.split("\n")[1:]]
        tf = at(t0, 5.3 + k * 0.1)
        wp = apid + 10
        out.append(failed_line(ver, at(tf, 0.8), 1, 0, wp, "/usr/bin/python3", apid))
        out += child_failed(ver, script, dict(when=tf, host=n, rank=k * 8, local_rank=0, exitcode=1, pid=wp),
                            [dict(when=at(tf, 0.01 * j), host=n, rank=k * 8 + j, local_rank=j, exitcode=1, pid=wp + j)
                             for j in range(1, 8)]).split("\n")
        files[n + "/torchrun.log"] = lines(out)
        files[n + "/ip-br-link.txt"] = lines("lo               UNKNOWN        00:00:00:00:00:00 <LOOPBACK,UP,LOWER_UP>",
                                             "ens5             UP             0a:1f:%02x:9c:3e:55 <BROADCAST,MULTICAST,UP,LOWER_UP>" % (0x21 + k),
                                             "docker0          DOWN           02:42:7e:11:0a:%02x <NO-CARRIER,BROADCAST,MULTICAST,UP>" % (0x30 + k))
        files[n + "/cloud-init-output.txt"] = lines(
            "Cloud-init v. 23.4.4-0ubuntu0~22.04.1 running 'modules:final' at Thu, 03 Oct 2024 08:55:10 +0000. Up 21.38 seconds.",
            "2024-10-03 08:55:12,011 - cc_scripts_user.py[WARNING]: Failed to run module scripts-user (scripts in /var/lib/cloud/instance/scripts)",
            "Cloud-init v. 23.4.4-0ubuntu0~22.04.1 finished at Thu, 03 Oct 2024 08:55:12 +0000. Datasource DataSourceEc2Local.  Up 23.20 seconds")
    files["env.sh"] = lines(
        "# shared env for the PPO learners (copied from the on-prem cluster setup)",
        "export GLOO_SOCKET_IFNAME=eth0",
        "export OMP_NUM_THREADS=4",
        "export PPO_ROLLOUT_BUCKET=s3://rl-rollouts-prod/ppo-atari")
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Every rank on both instances fails in init_process_group because the job's env.sh forces "
                           "GLOO_SOCKET_IFNAME=eth0 while the EC2 instances only have ens5. A job configuration error "
                           "that will repeat on any node of this type.",
                 modelled_on="https://github.com/aws-samples/aws-do-eks/pull/51")
    return "ca13_unable_to_find_address_for_eth0", label, files


# ======================================================================================
# ca14: mixed NCCL + gloo: Xid 79 on one GPU; gloo side-group errors are the loudest
# ======================================================================================

def ca14():
    ver = "2.4"
    site = SITE[ver]
    nodes = ["dgx-b01", "dgx-b02"]
    ips = ["10.50.0.11", "10.50.0.12"]
    script = "/workspace/llm/pretrain.py"
    t0 = D("2024-10-16 01:03:20")
    t_x = D("2024-10-16 06:47:12.554")
    files = {}
    bus = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
    for k, n in enumerate(nodes):
        apid = 88001 + k * 311
        wp = [apid + 20 + j for j in range(8)]
        out = ["$ torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint dgx-b01:29400 --rdzv-id llm7b-1016 %s" % script]
        out += omp_banner(ver, t0, apid)
        if k == 0:
            for i in range(5):
                t = at(t_x, -1250 + i * 240)
                out.append("[default0]:[rank0]:[%s] iter %d/250000 | lm loss %.4f | grad norm %.3f | tflops/gpu %.1f | %.0f ms/iter" % (
                    stamp(t), 52100 + i * 200, 2.381 - i * 0.002, 0.91 + (i % 2) * 0.04, 401.2, 1201 + i))
        if n == "dgx-b02":
            lr = 5
            r = 13
            out.append("[default5]:[rank13]:[E%s.801233872 ProcessGroupNCCL.cpp:1515] [PG 0 Rank 13] Process group "
                       "watchdog thread terminated with exception: CUDA error: unspecified launch failure" % (
                           t_x.strftime("%m%d %H:%M:%S")))
            out.append("[default5]:CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")
            out.append("[default5]:For debugging consider passing CUDA_LAUNCH_BLOCKING=1")
            out.append("[default5]:Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")
            out.append("[default5]:")
            out.append("[default5]:Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):")
            out.append("[default5]:frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f1e4a1b9446 in %s/torch/lib/libc10.so)" % site)
            out.append("[default5]:frame #1: <unknown function> + 0x6a8c8b (0x7f1e0b0a8c8b in %s/torch/lib/libtorch_cuda.so)" % site)
            out.append("[default5]:")
            out.append("[default5]:terminate called after throwing an instance of 'c10::DistBackendError'")
            out.append("[default5]:  what():  [PG 0 Rank 13] Process group watchdog thread terminated with exception: CUDA error: unspecified launch failure")
            td = at(t_x, 6.2)
            out += sigterm_lines(ver, td, [p for j, p in enumerate(wp) if j != lr], apid)
            out.append(failed_line(ver, at(td, 3.1), -6, lr, wp[lr], "/usr/bin/python", apid))
            out += child_failed(ver, script, dict(when=at(t_x, 0.9), host=n, rank=r, local_rank=lr, exitcode=-6, pid=wp[lr]),
                                [dict(when=at(td, 3.1), host=n, rank=8 + j, local_rank=j, exitcode=-15, pid=wp[j])
                                 for j in (0, 1, 2)]).split("\n")
        else:
            tg = at(t_x, 7.0)
            for j in range(8):
                r = j
                out.append("[default%d]:[rank%d]: Traceback (most recent call last):" % (j, r))
                body = traceback([(script, 611, "<module>", "main()"), (script, 540, "main", "log_step_metrics(step, metrics)"),
                                  (script, 288, "log_step_metrics", "dist.all_gather_object(gathered, local, group=cpu_group)")]
                                 + c10d_frames(ver, "all_gather_object"),
                                 "RuntimeError: " + (gloo_closed(ips[1], 50400 + j, src="new", line=534) if j % 3 else
                                                     gloo_reset(ips[1], 50400 + j, src="new", line=589)))
                out += ["[default%d]:[rank%d]: " % (j, r) + l for l in body.split("\n")[1:]]
            for j in (2, 6):
                out.append("[default%d]:[rank%d]:[W%s.3312084%02d ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has "
                           "NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should "
                           "call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In "
                           "rare cases this process can exit before this point and block the progress of another member of the "
                           "process group. This constraint has always been present,  but this warning has only recently been added "
                           "since PyTorch 2.4 (function operator())" % (j, j, at(tg, 0.2).strftime("%m%d %H:%M:%S"), 10 + j))
            out += sigterm_lines(ver, at(tg, 4), wp[1:], apid)
            out.append(failed_line(ver, at(tg, 6), 1, 0, wp[0], "/usr/bin/python", apid))
            out += child_failed(ver, script, dict(when=tg, host=n, rank=0, local_rank=0, exitcode=1, pid=wp[0]),
                                [dict(when=at(tg, 0.02), host=n, rank=3, local_rank=3, exitcode=1, pid=wp[3])]).split("\n")
        files[n + "/torchrun.log"] = lines(out)
    files["dgx-b02/dmesg.txt"] = lines(
        dmesg_T(D("2024-10-09 11:20:31"), "nvidia-nvswitch3: open (major=508)"),
        dmesg_T(t_x, "NVRM: GPU at PCI:0000:ab:00: GPU-5d1e0f3a-77c2-0c0b-98d1-4cc8e1f2a9b6"),
        dmesg_T(t_x, "NVRM: GPU Board Serial Number: 1654123016634"),
        dmesg_T(t_x, "NVRM: Xid (PCI:0000:ab:00): 79, pid=%d, name=python, GPU has fallen off the bus." % (88001 + 311 + 25)),
        dmesg_T(t_x, "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
        dmesg_T(t_x, "NVRM: A GPU crash dump has been created. If possible, please run"),
        dmesg_T(t_x, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        dmesg_T(t_x, "NVRM: the NVIDIA kernel module is unloaded."),
        dmesg_T(at(t_x, 1), "pcieport 0000:a7:01.0: AER: Uncorrected (Fatal) error received: 0000:a7:01.0"))
    files["dgx-b01/dmesg.txt"] = lines(
        dmesg_T(D("2024-10-12 16:02:48"), "NVRM: Xid (PCI:0000:3a:00): 13, pid=510233, name=python, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"),
        dmesg_T(D("2024-10-12 16:02:48"), "NVRM: Xid (PCI:0000:3a:00): 13, pid=510233, name=python, Graphics Exception: ESR 0x52df30=0x1000e 0x52df34=0x0 0x52df28=0x4c1eb72 0x52df2c=0x174"))
    smi = ["+-----------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |",
           "|-----------------------------------------+------------------------+----------------------+"]
    for g in range(8):
        if g == 5:
            smi.append("|   5  NVIDIA H100 80GB HBM3          On  |   00000000:AB:00.0 Off |                  ERR! |")
            smi.append("|ERR!  ERR! ERR!             ERR! / ERR! |      ERR! /  81559MiB  |    ERR!      Default |")
        else:
            smi.append("|   %d  NVIDIA H100 80GB HBM3          On  |   00000000:%s:00.0 Off |                    0 |" % (g, bus[g].upper()))
            smi.append("| N/A   33C    P0             71W /  700W |       4MiB /  81559MiB |      0%      Default |")
    files["dgx-b02/nvidia-smi.txt"] = lines(smi + ["(collected 06:55:40)"])
    label = dict(category="gpu_hardware", layer="infrastructure", culprit={"node": "dgx-b02", "rank": 13},
                 action="restart_without_node",
                 rationale="GPU 5 of dgx-b02 (bus ab:00, local rank 5 = global rank 13) hit Xid 79 'fallen off the bus' "
                           "at 06:47:12 and rank 13 aborted with a CUDA error; the gloo all_gather_object resets that fill "
                           "dgx-b01's log are sympathetic. The Xid 13 on dgx-b01 is from an old job.",
                 modelled_on="https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return "ca14_gloo_all_gather_object_resets_on_dgx_b01", label, files


# ======================================================================================
# ca15: checkpoint barrier on a gloo group times out; NFS server hung for every node
# ======================================================================================

def ca15():
    ver = "2.4"
    site = SITE[ver]
    nodes = ["a100-n01", "a100-n02", "a100-n03", "a100-n04"]
    script = "/mnt/nfs/home/tbui/vit/train_vit.py"
    t0 = D("2024-08-30 20:00:14")
    t_save = D("2024-08-31 02:14:02")
    t_nfs = D("2024-08-31 02:14:07")
    t_to = at(t_save, 1800.6)
    files = {}
    for k, n in enumerate(nodes):
        apid = 71230 + k * 401
        wp = [apid + 11 + j for j in range(8)]
        out = ["$ torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint a100-n01:29400 --rdzv-id vit-0830 %s" % script]
        out += omp_banner(ver, t0, apid)
        if k == 0:
            for i in range(4):
                out.append("[default0]:[rank0]:%s step %d loss %.4f img/s %.0f" % (stamp(at(t_save, -900 + i * 220)), 29200 + i * 200, 1.902 - i * 0.003, 9820 + i))
            out.append("[default0]:[rank0]:%s saving checkpoint step_030000 -> /mnt/nfs/ckpt/vit_l16/step_030000.pt" % stamp(t_save))
        for j in range(8):
            r = k * 8 + j
            if r == 0:
                continue
            if j not in (1, 4) and k != 2:
                continue
            out.append("[default%d]:[rank%d]: Traceback (most recent call last):" % (j, r))
            body = traceback([(script, 402, "<module>", "main()"), (script, 366, "main", "save_checkpoint(model, opt, step, cfg)"),
                              (script, 171, "save_checkpoint", "dist.barrier(group=cpu_group)  # wait for rank 0 to finish writing")]
                             + c10d_frames(ver, "barrier"),
                             "RuntimeError: " + gloo_recv_timeout(1800000, src="new", line=81))
            out += ["[default%d]:[rank%d]: " % (j, r) + l for l in body.split("\n")[1:]]
        if k == 0:
            out += sigterm_lines(ver, at(t_to, 3), [wp[0]] + wp[2:], apid)
            out.append(agent(ver, "W", at(t_to, 33), "torch.distributed.elastic.multiprocessing.api",
                             "Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % wp[0], apid))
            out.append(failed_line(ver, at(t_to, 33.4), 1, 1, wp[1], "/usr/bin/python", apid))
            out += child_failed(ver, script, dict(when=at(t_to, 0.1), host=n, rank=1, local_rank=1, exitcode=1, pid=wp[1]),
                                [dict(when=at(t_to, 33.2), host=n, rank=0, local_rank=0, exitcode=-9, pid=wp[0])]).split("\n")
        else:
            out += sigterm_lines(ver, at(t_to, 3 + k * 0.1), wp[2:], apid)
            out.append(failed_line(ver, at(t_to, 4), 1, 0 if k == 2 else 1, wp[0 if k == 2 else 1], "/usr/bin/python", apid))
            rr = k * 8 + (0 if k == 2 else 1)
            out += child_failed(ver, script, dict(when=at(t_to, 0.2 + k * 0.05), host=n, rank=rr, local_rank=rr - k * 8,
                                                  exitcode=1, pid=wp[rr - k * 8])).split("\n")
        files[n + "/torchrun.log"] = lines(out)
        pid_h = wp[0] if k == 0 else wp[3] + 400
        d = [dmesg_T(D("2024-08-28 14:40:12"), "nfs: server filer02 not responding, still trying"),
             dmesg_T(D("2024-08-28 14:40:20"), "nfs: server filer02 OK"),
             dmesg_T(at(t_nfs, k * 0.9), "nfs: server filer02 not responding, still trying"),
             dmesg_T(at(t_nfs, 1.9 + k * 0.9), "nfs: server filer02 not responding, still trying")]
        th = at(t_nfs, 243 + k * 2)
        d.append(dmesg_T(th, "INFO: task python:%d blocked for more than 120 seconds." % pid_h))
        d.append(dmesg_T(th, "      Not tainted 5.15.0-117-generic #127-Ubuntu"))
        d.append(dmesg_T(th, "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."))
        d.append(dmesg_T(th, "task:python          state:D stack:    0 pid:%d ppid:%d flags:0x00004002" % (
            pid_h, apid if k == 0 else wp[3])))
        d.append(dmesg_T(th, "Call Trace:"))
        d.append(dmesg_T(th, " <TASK>"))
        d.append(dmesg_T(th, " __schedule+0x23d/0x590"))
        d.append(dmesg_T(th, " rpc_wait_bit_killable+0x11/0x70 [sunrpc]"))
        d.append(dmesg_T(th, " __rpc_execute+0x11a/0x470 [sunrpc]"))
        d.append(dmesg_T(th, " nfs4_proc_%s+0x7e/0x110 [nfsv4]" % ("write" if k == 0 else "read")))
        d.append(dmesg_T(D("2024-08-31 02:58:44"), "nfs: server filer02 OK"))
        files[n + "/dmesg.txt"] = lines(d)
    files["a100-n01/proc-stack-rank0.txt"] = lines(
        "$ sudo cat /proc/%d/stack   # rank 0, state D, captured 02:51" % (71230 + 11),
        "[<0>] rpc_wait_bit_killable+0x11/0x70 [sunrpc]",
        "[<0>] __rpc_execute+0x11a/0x470 [sunrpc]",
        "[<0>] rpc_execute+0x5e/0xd0 [sunrpc]",
        "[<0>] nfs4_do_call_sync+0x6d/0xa0 [nfsv4]",
        "[<0>] nfs_file_write+0x1b4/0x2d0 [nfs]",
        "[<0>] vfs_write+0x1e3/0x3b0",
        "[<0>] ksys_write+0x67/0xf0")
    files["a100-n03/mountstats-excerpt.txt"] = lines(
        "device filer02:/export/ml mounted on /mnt/nfs with fstype nfs4 statvers=1.1",
        "\topts:\trw,vers=4.1,rsize=1048576,wsize=1048576,namlen=255,hard,proto=tcp,timeo=600,retrans=2,sec=sys",
        "\tRPC iostats version: 1.1  p/v: 100003/4 (nfs)",
        "\txprt:\ttcp 0 1 2 0 1871 4120110 4119870 0 1902113 0 112 88130 211",
        "\tREAD: 1880122 1880122 0 231022811 240810399104 21 1403 1440 0",
        "\tWRITE: 11821 11821 0 1521100121 1641100 1193 9310 10511 0",
        "\t(backlog of 240 outstanding RPCs at 02:40)")
    files["storage-status.txt"] = lines(
        "filer02 status page (netapp-mon), 2024-08-31",
        "02:13:58  node filer02-a: takeover initiated (partner panic), NFS service on LIF nfs-ml-01 paused",
        "02:58:40  giveback completed, LIF nfs-ml-01 online")
    label = dict(category="storage", layer="infrastructure", culprit=None, action="restart",
                 rationale="Rank 0 is stuck in D state writing the checkpoint and everyone else times out in the gloo "
                           "checkpoint barrier, but all four nodes log 'nfs: server filer02 not responding' from 02:14 "
                           "and hung NFS readers; the filer was in takeover. A shared storage outage that has since "
                           "recovered, not a bad rank.",
                 modelled_on="https://github.com/meta-pytorch/torchtune/issues/2093")
    return "ca15_gloo_barrier_timeout_rank0_stuck_saving", label, files


# ======================================================================================
# ca16: monitored_barrier names rank 6; py-spy shows it in cudaStreamSynchronize
# ======================================================================================

def ca16():
    ver = "2.3"
    site = SITE[ver]
    nodes = ["gpu-p01", "gpu-p02"]
    script = "/home/jlee/seg/train_seg.py"
    t0 = D("2024-05-20 10:30:00")
    t_hang = D("2024-05-20 14:02:31")
    t_mb = at(t_hang, 612.4)
    files = {}
    for k, n in enumerate(nodes):
        apid = 61001 + k * 200
        wp = [apid + 10 + j for j in range(4)]
        out = ["$ torchrun --nnodes 2 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint gpu-p01:29400 --rdzv-id seg-0520 %s" % script]
        out += omp_banner(ver, t0, apid)
        if k == 0:
            for i in range(5):
                out.append("[default0]:%s it %d miou %.3f loss %.4f %.2fs/it" % (stamp(at(t_hang, -1000 + i * 200)), 48000 + i * 100, 0.612, 0.221 - i * 0.001, 1.98))
            out.append("[default0]:%s health check: monitored_barrier(group=gloo_pg, timeout=600s) at it 48500" % stamp(at(t_hang, 2)))
            body = traceback([(script, 377, "<module>", "main()"), (script, 329, "main", "health_check(gloo_pg)"),
                              (script, 118, "health_check", "dist.monitored_barrier(group=pg, timeout=timedelta(seconds=600))"),
                              (site + "/torch/distributed/c10d_logger.py", 75, "wrapper", "return func(*args, **kwargs)"),
                              (site + "/torch/distributed/distributed_c10d.py", 3771, "monitored_barrier",
                               "return group_to_use.monitored_barrier(timeout, wait_all_ranks=wait_all_ranks)")],
                             "RuntimeError: [Rank 0]: Rank 6 failed to pass monitoredBarrier in 600000 ms\n"
                             " Original exception: \n" + gloo_recv_timeout(600000))
            out += ["[default0]:" + l for l in body.split("\n")]
        for j in range(4):
            r = k * 4 + j
            if r in (0, 6):
                continue
            if r not in (1, 3, 4, 7):
                continue
            out.append("[default%d]:RuntimeError: Rank %d successfully reached monitoredBarrier, but received errors while "
                       "waiting for send/recv from rank 0. Please check rank 0 logs for faulty rank." % (j, r))
        if k == 1:
            out += sigterm_lines(ver, at(t_mb, 4.8), [wp[j] for j in (1, 2, 3)], apid)
            out.append(agent(ver, "W", at(t_mb, 34.8), "torch.distributed.elastic.multiprocessing.api",
                             "Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % wp[2], apid))
            out.append(failed_line(ver, at(t_mb, 35), 1, 0, wp[0], "/opt/venv/bin/python3", apid))
            out += child_failed(ver, script, dict(when=at(t_mb, 0.6), host=n, rank=4, local_rank=0, exitcode=1, pid=wp[0]),
                                [dict(when=at(t_mb, 34.9), host=n, rank=6, local_rank=2, exitcode=-9, pid=wp[2])]).split("\n")
        else:
            out += sigterm_lines(ver, at(t_mb, 4.1), wp[1:], apid)
            out.append(failed_line(ver, at(t_mb, 4.6), 1, 0, wp[0], "/opt/venv/bin/python3", apid))
            out += child_failed(ver, script, dict(when=t_mb, host=n, rank=0, local_rank=0, exitcode=1, pid=wp[0])).split("\n")
        files[n + "/torchrun.log"] = lines(out)
    files["gpu-p02/py-spy-dump.txt"] = lines(
        "# hang-dump.sh at 2024-05-20 14:09:55 (py-spy dump --native for each rank on gpu-p02)",
        "Process 61211: /opt/venv/bin/python3 -u /home/jlee/seg/train_seg.py --cfg cfg/upernet_swin.yaml   (rank 4)",
        "Python v3.11.9 (/usr/bin/python3.11)",
        "",
        "Thread 61211 (idle): \"MainThread\"",
        "    recv (libc.so.6)",
        "    gloo::transport::tcp::UnboundBuffer::waitRecv (libtorch_cpu.so)",
        "    c10d::ProcessGroupGloo::monitoredBarrier (libtorch_cpu.so)",
        "    monitored_barrier (torch/distributed/distributed_c10d.py:3771)",
        "    health_check (train_seg.py:118)",
        "    main (train_seg.py:329)",
        "    <module> (train_seg.py:377)",
        "",
        "Process 61213: /opt/venv/bin/python3 -u /home/jlee/seg/train_seg.py --cfg cfg/upernet_swin.yaml   (rank 6)",
        "Python v3.11.9 (/usr/bin/python3.11)",
        "",
        "Thread 61213 (active): \"MainThread\"",
        "    __sched_yield (libc.so.6)",
        "    0x7f13c4f1a2b0 (libcuda.so.1)",
        "    0x7f13c4ba3c11 (libcuda.so.1)",
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    at::cuda::CUDAStream::synchronize (libtorch_cuda.so)",
        "    synchronize (torch/cuda/__init__.py:792)",
        "    stop (seg/utils/timer.py:41)",
        "    train_step (train_seg.py:211)",
        "    main (train_seg.py:318)",
        "    <module> (train_seg.py:377)",
        "Thread 61380 (idle): \"pt_autograd_0\"",
        "    pthread_cond_wait (libc.so.6)",
        "    torch::autograd::ReadyQueue::pop (libtorch_cpu.so)",
        "",
        "Process 61212: (rank 5) MainThread in monitored_barrier (torch/distributed/distributed_c10d.py:3771)",
        "Process 61214: (rank 7) MainThread in monitored_barrier (torch/distributed/distributed_c10d.py:3771)")
    smi = ["Mon May 20 14:10:02 2024",
           "+---------------------------------------------------------------------------------------+",
           "| NVIDIA-SMI 535.161.08             Driver Version: 535.161.08   CUDA Version: 12.2     |",
           "|-----------------------------------------+----------------------+----------------------+"]
    for g in range(4):
        util, pw, mem = (100, 251, 61210) if g == 2 else (0, 63 + g, 58001 + g * 11)
        smi.append("|   %d  NVIDIA A100 80GB PCIe          On  | 00000000:%02X:00.0 Off |                    0 |" % (g, [0x17, 0x31, 0xb1, 0xca][g]))
        smi.append("| N/A   %dC    P0             %dW / 300W |  %dMiB / 81920MiB |    %3d%%      Default |" % (71 if g == 2 else 38, pw, mem, util))
    files["gpu-p02/nvidia-smi.txt"] = lines(smi)
    files["gpu-p02/dmesg.txt"] = lines(dmesg_T(D("2024-05-14 09:01:10"), "nvidia-peermem: module using GPL-only symbols uses symbols from proprietary module nvidia."))
    files["gpu-p01/dmesg.txt"] = lines(dmesg_T(D("2024-05-14 09:00:55"), "nvidia-peermem: module using GPL-only symbols uses symbols from proprietary module nvidia."))
    label = dict(category="hang", layer="infrastructure", culprit={"node": "gpu-p02", "rank": 6},
                 action="run_diagnostics",
                 rationale="monitored_barrier on the gloo group names rank 6 as the only rank that never arrived; its "
                           "py-spy stack is stuck in cudaStreamSynchronize while its GPU (gpu-p02 GPU 2) sits at 100% "
                           "util and the other ranks wait in the barrier. No Xid or error explains it: one stuck GPU/rank "
                           "to diagnose.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/849")
    return "ca16_monitoredbarrier_rank6_timeout", label, files


# ======================================================================================
# ca17: barrier only on rank 0 by code path; everybody else in all_reduce; 30-min gloo timeout
# ======================================================================================

def ca17():
    ver = "2.0"
    site = SITE[ver]
    nodes = ["c3-n1", "c3-n2", "c3-n3"]
    script = "/work/pchen/gnn/train_gnn.py"
    t0 = D("2023-12-04 09:10:00")
    t_ep = D("2023-12-04 11:36:41")
    t_to = at(t_ep, 1800.2)
    files = {}
    for k, n in enumerate(nodes):
        apid = 14001 + k * 80
        wp = [apid + 7, apid + 8]
        out = ["$ torchrun --nnodes=3 --nproc_per_node=2 --rdzv_backend=c10d --rdzv_endpoint=c3-n1:29400 --rdzv_id=gnn %s" % script]
        out += omp_banner(ver, t0)
        if k == 0:
            for ep in range(8):
                out.append("[default0]:%s epoch %d train_loss %.4f val_f1 %.4f" % (stamp(at(t_ep, -(8 - ep) * 1050)), ep, 0.81 - ep * 0.03, 0.55 + ep * 0.02))
            out.append("[default0]:%s epoch 8 done; new best val_f1 0.7381, saving to /work/pchen/gnn/ckpt/best.pt" % stamp(t_ep))
        for j in range(2):
            r = 2 * k + j
            if r == 0:
                fr = [(script, 270, "<module>", "main()"), (script, 251, "main", "save_best(model, epoch, val_f1)"),
                      (script, 133, "save_best", "dist.barrier()")] + c10d_frames(ver, "barrier")
            else:
                fr = [(script, 270, "<module>", "main()"), (script, 238, "main", "log_metrics(metrics, step)"),
                      (script, 148, "log_metrics", "dist.all_reduce(t, op=dist.ReduceOp.SUM)")] + c10d_frames(ver, "all_reduce")
            out.append("[default%d]:Traceback (most recent call last):" % j)
            out += ["[default%d]:" % j + l for l in traceback(fr, "RuntimeError: " + gloo_recv_timeout(1800000, src="conda", line=84)).split("\n")[1:]]
        te = at(t_to, k * 0.2)
        out.append(failed_line(ver, at(te, 3.6), 1, 0, wp[0], "/opt/conda/bin/python"))
        out += child_failed(ver, script, dict(when=te, host=n, rank=2 * k, local_rank=0, exitcode=1, pid=wp[0]),
                            [dict(when=at(te, 0.01), host=n, rank=2 * k + 1, local_rank=1, exitcode=1, pid=wp[1])]).split("\n")
        files[n + "/torchrun.log"] = lines(out)
    dump = ["# py-spy dump, all ranks, taken 2023-12-04 11:58 (22 min into the stall)"]
    for r in range(6):
        node = nodes[r // 2]
        pid = 14001 + (r // 2) * 80 + 7 + (r % 2)
        dump.append("== %s rank %d pid %d" % (node, r, pid))
        dump.append("Thread %d (idle): \"MainThread\"" % pid)
        if r == 0:
            dump += ["    barrier (torch/distributed/distributed_c10d.py:3330)",
                     "    save_best (train_gnn.py:133)",
                     "    main (train_gnn.py:251)",
                     "    <module> (train_gnn.py:270)"]
        else:
            dump += ["    all_reduce (torch/distributed/distributed_c10d.py:1700)",
                     "    log_metrics (train_gnn.py:148)",
                     "    main (train_gnn.py:238)",
                     "    <module> (train_gnn.py:270)"]
    files["py-spy-all-ranks.txt"] = lines(dump)
    files["train_gnn_excerpt.py"] = lines(
        "# lines 125-150 of train_gnn.py at commit 9be1c02 ('only rank 0 writes ckpt')",
        "def save_best(model, epoch, val_f1):",
        "    if dist.get_rank() == 0:",
        "        torch.save({'model': model.module.state_dict(), 'epoch': epoch}, CKPT)",
        "        logger.info('saved %s', CKPT)",
        "        dist.barrier()          # make sure the file is there before others continue",
        "",
        "",
        "def log_metrics(metrics, step):",
        "    t = torch.tensor([metrics['loss'], metrics['n']], dtype=torch.float64)",
        "    dist.all_reduce(t, op=dist.ReduceOp.SUM)",
        "    ...")
    for n in nodes:
        files[n + "/dmesg.txt"] = lines(dmesg_T(D("2023-11-30 12:00:04"), "EDAC skx: ECC is enabled."))
    label = dict(category="hang", layer="script", culprit=None, action="stop",
                 rationale="All six ranks time out in gloo after 30 min. The stacks show rank 0 in dist.barrier() inside "
                           "save_best's rank-0-only branch while ranks 1-5 are in the next all_reduce: the program issues "
                           "mismatched collectives by code path. A deadlock in the job's own logic.",
                 modelled_on="https://github.com/pytorch/pytorch/issues/54059")
    return "ca17_gloo_recv_timeout_all_ranks_after_best_ckpt", label, files


# ======================================================================================
# ca18: rendezvous timeout: one node's srun task never started (Lustre not mounted there)
# ======================================================================================

def ca18():
    ver = "2.2"
    site = SITE[ver]
    job = 3990211
    nodes = ["hpc-c11", "hpc-c12", "hpc-c13", "hpc-c14"]
    script = "/lustre/proj/nlp/run7/pretrain_cpu.py"
    t0 = D("2024-03-02 22:05:31")
    t_to = at(t0, 900.4)
    files = {}
    for k, n in enumerate(nodes[:3]):
        apid = 31001 + k * 10
        out = ["%s torchrun --nnodes=4 --nproc_per_node=2 --rdzv_backend=c10d --rdzv_endpoint=hpc-c11:29400 --rdzv_id=%d %s" % (
            stamp(t0), job, script)]
        out += omp_banner(ver, at(t0, 1), apid)
        out += traceback(launcher_frames(ver, tail=[
            (site + "/torch/distributed/elastic/metrics/api.py", 123, "wrapper", "result = f(*args, **kwargs)"),
            (site + "/torch/distributed/elastic/agent/server/api.py", 727, "run", "result = self._invoke_run(role)"),
            (site + "/torch/distributed/elastic/agent/server/api.py", 862, "_invoke_run", "self._initialize_workers(self._worker_group)"),
            (site + "/torch/distributed/elastic/metrics/api.py", 123, "wrapper", "result = f(*args, **kwargs)"),
            (site + "/torch/distributed/elastic/agent/server/api.py", 699, "_initialize_workers", "self._rendezvous(worker_group)"),
            (site + "/torch/distributed/elastic/metrics/api.py", 123, "wrapper", "result = f(*args, **kwargs)"),
            (site + "/torch/distributed/elastic/agent/server/api.py", 542, "_rendezvous", "store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()"),
            (site + "/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 1067, "next_rendezvous", "self._op_executor.run(join_op, deadline)"),
            (site + "/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", 659, "run", "raise RendezvousTimeoutError")]),
            "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError").split("\n")
        files[n + "/torchrun.log"] = lines(out)
    files["hpc-c14/slurmstepd.log"] = lines(
        "slurmstepd: error: couldn't chdir to `/lustre/proj/nlp/run7': Cannot send after transport endpoint shutdown: going to /tmp instead",
        "slurmstepd: error: couldn't chdir to `/lustre/proj/nlp/run7': Cannot send after transport endpoint shutdown: going to /tmp instead",
        "/var/spool/slurmd/job%d/slurm_script: line 14: /lustre/proj/nlp/run7/launch_node.sh: Cannot send after transport endpoint shutdown" % job)
    files["hpc-c14/journal.txt"] = lines(
        journal(D("2024-03-02 19:40:51"), "hpc-c14", "kernel", "Lustre: proj-MDT0000-mdc-ffff9c0a5b6f0800: Connection to proj-MDT0000 (at 10.30.0.5@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
        journal(D("2024-03-02 19:41:02"), "hpc-c14", "kernel", "LustreError: 167-0: proj-MDT0000-mdc-ffff9c0a5b6f0800: This client was evicted by proj-MDT0000; in progress operations using this service will fail."),
        journal(D("2024-03-02 19:41:02"), "hpc-c14", "kernel", "LustreError: 4121:0:(file.c:4993:ll_inode_revalidate_fini()) proj: revalidate FID [0x200000007:0x1:0x0] error: rc = -108"),
        journal(D("2024-03-02 19:41:03"), "hpc-c14", "kernel", "Lustre: proj-MDT0000-mdc-ffff9c0a5b6f0800: Connection restored to 10.30.0.5@o2ib (at 10.30.0.5@o2ib)"),
        journal(D("2024-03-02 22:05:30"), "hpc-c14", "kernel", "LustreError: 4121:0:(mdc_locks.c:1257:mdc_intent_getattr_async_interpret()) proj-MDT0000-mdc-ffff9c0a5b6f0800: ldlm_cli_enqueue_fini() failed: rc = -108"))
    files["hpc-c14/lfs-check.txt"] = lines(
        "$ lfs check servers",
        "proj-OST0000-osc-ffff9c0a5b6f0800 active.",
        "proj-OST0001-osc-ffff9c0a5b6f0800 active.",
        "proj-MDT0000-mdc-ffff9c0a5b6f0800: check error: Cannot send after transport endpoint shutdown",
        "$ ls /lustre/proj",
        "ls: cannot access '/lustre/proj': Cannot send after transport endpoint shutdown")
    files["hpc-c14/mounts.txt"] = lines(
        "$ findmnt -t lustre,nfs4",
        "TARGET        SOURCE                  FSTYPE OPTIONS",
        "/home         nas-h1:/export/home     nfs4   rw,relatime,vers=4.2",
        "/lustre       10.30.0.5@o2ib:/proj    lustre rw,flock,lazystatfs")
    files["hpc-c11/mounts.txt"] = lines(
        "$ findmnt -t lustre,nfs4",
        "TARGET        SOURCE                  FSTYPE OPTIONS",
        "/home         nas-h1:/export/home     nfs4   rw,relatime,vers=4.2",
        "/lustre       10.30.0.5@o2ib:/proj    lustre rw,flock,lazystatfs")
    files["slurm-%d.out" % job] = lines(
        "srun: error: hpc-c14: task 3: Exited with exit code 126",
        "srun: error: hpc-c12: task 1: Exited with exit code 1",
        "srun: error: hpc-c11: task 0: Exited with exit code 1",
        "srun: error: hpc-c13: task 2: Exited with exit code 1",
        "(each of hpc-c11..13: RendezvousTimeoutError after 900 s)")
    files["sacct.txt"] = lines(
        "JobID           JobName      State ExitCode   NodeList",
        "%d       pretrain-run7     FAILED      1:0 hpc-c[11-14]" % job,
        "%d.batch        batch     FAILED      1:0    hpc-c11" % job,
        "%d.0            bash     FAILED    126:0 hpc-c[11-14]" % job)
    label = dict(category="storage", layer="infrastructure", culprit={"node": "hpc-c14", "rank": None},
                 action="restart_without_node",
                 rationale="Three agents time out in rendezvous waiting for the fourth; hpc-c14's task never started "
                           "because that node's Lustre client was evicted by the MDT at 19:41 and every access to /lustre "
                           "fails with ESHUTDOWN (-108), so the launch script could not be read (exit 126). The other "
                           "nodes use the same filesystem fine: a node-local storage client fault.",
                 modelled_on="https://github.com/ymcui/Chinese-LLaMA-Alpaca-2/issues/274")
    return "ca18_rendezvoustimeouterror_three_of_four_agents", label, files


# ======================================================================================
# ca19: PyTorchJob master DistStoreError 3/4 clients; worker-2 never got a sandbox (CNI on node)
# ======================================================================================

def ca19():
    ver = "2.4"
    site = SITE[ver]
    job = "pjob-ranker-cpu-4f7k2"
    t0 = D("2024-09-09 12:00:18")
    t_to = at(t0, 1801.2)
    files = {}
    placement = {"k8s-cpu-03": ("master-0", 0), "k8s-cpu-04": ("worker-0", 1), "k8s-cpu-05": ("worker-1", 2),
                 "k8s-cpu-07": ("worker-2", 3)}
    for node, (pod, rank) in placement.items():
        if rank == 3:
            continue
        out = ["%s INFO ranker: RANK=%d WORLD_SIZE=4 MASTER_ADDR=%s-master-0 MASTER_PORT=23456" % (stamp(at(t0, rank * 0.4)), rank, job),
               "%s INFO ranker: init_process_group(backend='gloo', init_method='env://', timeout=1800s)" % stamp(at(t0, rank * 0.4 + 0.1))]
        if rank == 0:
            out += traceback([("/app/ranker/train.py", 88, "<module>", "main()"),
                              ("/app/ranker/train.py", 41, "main", 'dist.init_process_group(backend="gloo", timeout=timedelta(seconds=1800))'),
                              (site + "/torch/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)"),
                              (site + "/torch/distributed/c10d_logger.py", 97, "wrapper", "func_return = func(*args, **kwargs)"),
                              (site + "/torch/distributed/distributed_c10d.py", 1499, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                              (site + "/torch/distributed/rendezvous.py", 269, "_env_rendezvous_handler", "store = _create_c10d_store("),
                              (site + "/torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore(")],
                             "torch.distributed.DistStoreError: Timed out after 1801 seconds waiting for clients. 3/4 clients joined.").split("\n")
        else:
            out += traceback([("/app/ranker/train.py", 88, "<module>", "main()"),
                              ("/app/ranker/train.py", 41, "main", 'dist.init_process_group(backend="gloo", timeout=timedelta(seconds=1800))'),
                              (site + "/torch/distributed/c10d_logger.py", 83, "wrapper", "return func(*args, **kwargs)"),
                              (site + "/torch/distributed/distributed_c10d.py", 1499, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                              (site + "/torch/distributed/rendezvous.py", 189, "_create_c10d_store", "return TCPStore(")],
                             "torch.distributed.DistNetworkError: failed to recv, got 0 bytes").split("\n")
        files["%s/%s.log" % (node, pod)] = lines(out)
    files["kubectl-get-pods.txt"] = lines(
        "NAME                               READY   STATUS              RESTARTS   AGE   IP            NODE",
        "%s-master-0    0/1     Error               0          31m   10.244.3.17   k8s-cpu-03" % job,
        "%s-worker-0    0/1     Error               0          31m   10.244.4.22   k8s-cpu-04" % job,
        "%s-worker-1    0/1     Error               0          31m   10.244.5.9    k8s-cpu-05" % job,
        "%s-worker-2    0/1     ContainerCreating   0          31m   <none>        k8s-cpu-07" % job)
    files["kubectl-describe-worker-2.txt"] = lines(
        "Name:             %s-worker-2" % job,
        "Namespace:        ranking",
        "Node:             k8s-cpu-07/10.70.1.37",
        "Status:           Pending",
        "Containers:",
        "  pytorch:",
        "    Image:          registry.corp/ml/ranker:2024.09.2",
        "    State:          Waiting",
        "      Reason:       ContainerCreating",
        "Events:",
        "  Type     Reason                  Age                   From               Message",
        "  ----     ------                  ----                  ----               -------",
        "  Normal   Scheduled               31m                   default-scheduler  Successfully assigned ranking/%s-worker-2 to k8s-cpu-07" % job,
        "  Warning  FailedCreatePodSandBox  31m                   kubelet            Failed to create pod sandbox: rpc error: code = Unknown desc = failed to setup network for sandbox \"5be1c0e4f7\": plugin type=\"calico\" failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/",
        "  Normal   SandboxChanged          2m (x137 over 31m)    kubelet            Pod sandbox changed, it will be killed and re-created.")
    files["k8s-cpu-07/kubelet-journal.txt"] = lines(
        journal(D("2024-09-09 11:58:40"), "k8s-cpu-07", "kubelet[1822]", 'E0909 11:58:40.118832    1822 pod_workers.go:1298] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"calico-node\\" with CrashLoopBackOff: \\"back-off 5m0s restarting failed container=calico-node pod=calico-node-x8r2q_kube-system\\"" pod="kube-system/calico-node-x8r2q"'),
        journal(D("2024-09-09 12:00:21"), "k8s-cpu-07", "kubelet[1822]", 'E0909 12:00:21.402110    1822 log.go:32] "RunPodSandbox from runtime service failed" err="rpc error: code = Unknown desc = failed to setup network for sandbox \\"5be1c0e4f7\\": plugin type=\\"calico\\" failed (add): stat /var/lib/calico/nodename: no such file or directory: check that the calico/node container is running and has mounted /var/lib/calico/"'),
        journal(D("2024-09-09 12:25:03"), "k8s-cpu-07", "kubelet[1822]", 'E0909 12:25:03.551020    1822 pod_workers.go:1298] "Error syncing pod, skipping" err="failed to \\"StartContainer\\" for \\"calico-node\\" with CrashLoopBackOff" pod="kube-system/calico-node-x8r2q"'))
    files["k8s-cpu-07/calico-node.log"] = lines(
        "2024-09-09 11:58:12.004 [ERROR][1] startup/startup.go 158: failed to query kubeadm's config map error=Get \"https://10.96.0.1:443/api/v1/namespaces/kube-system/configmaps/kubeadm-config?timeout=2s\": dial tcp 10.96.0.1:443: i/o timeout",
        "2024-09-09 11:58:12.004 [WARNING][1] startup/utils.go 48: Terminating",
        "Calico node failed to start")
    files["pytorchjob.yaml"] = lines(
        "apiVersion: kubeflow.org/v1",
        "kind: PyTorchJob",
        "metadata: {name: %s, namespace: ranking}" % job,
        "spec:",
        "  pytorchReplicaSpecs:",
        "    Master: {replicas: 1, restartPolicy: Never, template: {spec: {containers: [{name: pytorch, image: 'registry.corp/ml/ranker:2024.09.2', command: [python, /app/ranker/train.py]}]}}}",
        "    Worker: {replicas: 3, restartPolicy: Never, template: {spec: {containers: [{name: pytorch, image: 'registry.corp/ml/ranker:2024.09.2', command: [python, /app/ranker/train.py]}]}}}")
    label = dict(category="network", layer="infrastructure", culprit={"node": "k8s-cpu-07", "rank": None},
                 action="restart_without_node",
                 rationale="The master's TCPStore gave up with 3/4 clients because worker-2 never started: its node "
                           "k8s-cpu-07 cannot create pod sandboxes (calico-node crash-looping, CNI add fails). The other "
                           "workers' 'failed to recv' is the store closing. A node's pod networking, not the job.",
                 modelled_on="https://github.com/projectcalico/calico/issues/6309")
    return "ca19_diststoreerror_3_of_4_clients_joined", label, files


# ======================================================================================
# ca20: PyTorchJob workers loop on connection refused; master crash-loops on its own path typo
# ======================================================================================

def ca20():
    ver = "2.1"
    site = SITE[ver]
    job = "pytorchjob-img-cls"
    t0 = D("2024-01-17 08:20:02")
    files = {}
    # master logs: several restarts, same error
    m = []
    for i in range(4):
        t = at(t0, [0, 24, 61, 143][i])
        m.append("--- container start %s (restart %d) ---" % (stamp(t), i))
        m.append("%s INFO loading config /etc/job/config.yaml" % stamp(at(t, 1.2)))
        m += traceback([("/opt/app/train.py", 212, "<module>", "main(cfg)"),
                        ("/opt/app/train.py", 173, "main", "train_ds = CsvImageDataset(cfg.data.train_csv, cfg.data.root, tf)"),
                        ("/opt/app/data.py", 29, "__init__", "self.df = pd.read_csv(csv_path)"),
                        ("/usr/local/lib/python3.10/dist-packages/pandas/io/parsers/readers.py", 948, "read_csv", "return _read(filepath_or_buffer, kwds)"),
                        ("/usr/local/lib/python3.10/dist-packages/pandas/io/common.py", 873, "get_handle", "handle = open(")],
                       "FileNotFoundError: [Errno 2] No such file or directory: '/data/imagenet-subset/trian.csv'").split("\n")
    files["k8s-gpu-11/master-0.log"] = lines(m)
    for node, w, rank in (("k8s-gpu-12", "worker-0", 1), ("k8s-gpu-14", "worker-1", 2)):
        out = ["%s INFO loading config /etc/job/config.yaml" % stamp(at(t0, 0.9)),
               "%s INFO dataset: 118112 train / 5000 val images" % stamp(at(t0, 4.0))]
        for i in range(9):
            t = at(t0, 6 + i * 190)
            if i % 3 == 1:
                out.append("[W socket.cpp:436] [c10d] The hostname of the client socket cannot be retrieved. err=-3")
            out.append("[W socket.cpp:663] [c10d] The client socket has failed to connect to [%s-master-0]:23456 (errno: 111 - Connection refused)." % job)
        out += traceback([("/opt/app/train.py", 212, "<module>", "main(cfg)"),
                          ("/opt/app/train.py", 180, "main", 'dist.init_process_group(backend=cfg.dist.backend)'),
                          (site + "/torch/distributed/c10d_logger.py", 74, "wrapper", "func_return = func(*args, **kwargs)"),
                          (site + "/torch/distributed/distributed_c10d.py", 1141, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)"),
                          (site + "/torch/distributed/rendezvous.py", 241, "_env_rendezvous_handler", "store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout)"),
                          (site + "/torch/distributed/rendezvous.py", 172, "_create_c10d_store", "return TCPStore(")],
                         "torch.distributed.DistNetworkError: The client socket has timed out after 1800s while trying to "
                         "connect to (%s-master-0, 23456)." % job).split("\n")
        files["%s/%s.log" % (node, w)] = lines(out)
    files["kubectl-describe-master-0.txt"] = lines(
        "Name:         %s-master-0" % job,
        "Node:         k8s-gpu-11/10.80.0.31",
        "Containers:",
        "  pytorch:",
        "    Image:          harbor.corp/vision/imgcls:1.8.0",
        "    State:          Waiting",
        "      Reason:       CrashLoopBackOff",
        "    Last State:     Terminated",
        "      Reason:       Error",
        "      Exit Code:    1",
        "    Restart Count:  9",
        "    Environment:",
        "      MASTER_PORT:  23456",
        "      MASTER_ADDR:  %s-master-0" % job,
        "      WORLD_SIZE:   3",
        "      RANK:         0",
        "Events:",
        "  Warning  BackOff  2m (x41 over 30m)  kubelet  Back-off restarting failed container pytorch in pod %s-master-0_vision" % job)
    files["configmap-job-config.yaml"] = lines(
        "data:",
        "  train_csv: /data/imagenet-subset/trian.csv",
        "  val_csv: /data/imagenet-subset/val.csv",
        "  root: /data/imagenet-subset/images",
        "dist:",
        "  backend: gloo   # metrics + sampler sync on CPU; model is single-GPU per pod")
    files["k8s-gpu-11/ls-data.txt"] = lines("$ kubectl exec -it dbg-pod -- ls /data/imagenet-subset",
                                            "images  train.csv  val.csv  README")
    label = dict(category="user_code", layer="script", culprit=None, action="stop",
                 rationale="Workers spin on 'connection refused' to the master's TCPStore and finally time out, but the "
                           "master never got that far: it crash-loops on FileNotFoundError for "
                           "'/data/imagenet-subset/trian.csv', a typo in the job's config (train.csv exists). "
                           "Deterministic configuration error.",
                 modelled_on="https://github.com/kubeflow/pytorch-operator/issues/352")
    return "ca20_tcpstore_connection_refused_from_workers", label, files
