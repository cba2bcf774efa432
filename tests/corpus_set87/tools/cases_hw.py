"""Hardware cases: GPU Xid, ECC, NVLink, fabric, one NIC, host MCE."""

import random

from kit import (PY, PCI, T, plus, k8s_ts, glog, elastic, pylog, dmesg, dmesg_T,
                 syslog, pods_wide, events, describe_pod, tb, rank_prefix,
                 watchdog_timeout, child_failed, sigterm_lines, nccl_init,
                 nvsmi_table, lines, Log, dumps, age, table)


def titan(t, step, loss, mem=61.32, tps=3412, mfu=41.2):
    return "[titan] %s - root - INFO - step: %d  loss: %7.4f  memory: %.2fGiB(%.2f%%)  tps: %s  mfu: %.2f%%" % (
        pylog(t), step, loss, mem, mem / 79.15 * 100, "{:,}".format(tps), mfu)


# =========================================================================
def cf01():
    """GKE A3, Kubeflow PyTorchJob, 4 pods x 8 GPUs. Xid 79 on one node."""
    r = random.Random(101)
    job = "llm-pretrain"
    nodes = ["gke-a3-pool-1-7c2e8f10-x8kd", "gke-a3-pool-1-7c2e8f10-q2mv",
             "gke-a3-pool-1-7c2e8f10-p3rn", "gke-a3-pool-1-7c2e8f10-w7tz"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job,
            "%s-worker-2" % job]
    ips = ["10.48.3.17", "10.48.5.9", "10.48.6.22", "10.48.1.40"]
    t0 = T(2024, 5, 14, 2, 10, 4, 120000)
    tfail = T(2024, 5, 14, 3, 21, 7, 402000)
    bad_node, bad_pod, bad_lr = 2, pods[2], 5
    bad_rank = bad_node * 8 + bad_lr
    files = {}
    pids = {n: [r.randint(180, 260) + 13 * i for i in range(8)] for n in range(4)}
    agent_tid = 140201771808576
    for n in range(4):
        L = Log()
        L.add(t0, elastic("I", t0, agent_tid, "torch/distributed/run.py:820",
                          "Using nproc_per_node=8."))
        L.add(plus(t0, 0.2), elastic("W", plus(t0, 0.2), agent_tid, "torch/distributed/run.py:793", ""))
        L.add(plus(t0, 0.2), "*****************************************")
        L.add(plus(t0, 0.2), "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
        L.add(plus(t0, 0.2), "*****************************************")
        L.add(plus(t0, 4), elastic("I", plus(t0, 4), agent_tid, "torch/distributed/elastic/agent/server/api.py:873",
                                   "[default] Rendezvous complete for workers. Result:\n  restart_count=0\n  master_addr=llm-pretrain-master-0\n  master_port=23456\n  group_rank=%d\n  group_world_size=4\n  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]\n  role_ranks=[%s]\n  global_ranks=[%s]\n  role_world_sizes=[32, 32, 32, 32, 32, 32, 32, 32]\n  global_world_sizes=[32, 32, 32, 32, 32, 32, 32, 32]\n" % (n, ", ".join(str(n * 8 + i) for i in range(8)), ", ".join(str(n * 8 + i) for i in range(8)))))
        for lr in (0,):
            L.add(plus(t0, 21), nccl_init(pods[n], pids[n][lr], lr, n * 8 + lr, 32,
                                          ip=ips[n], ifname="eth0", net="Socket"))
        if n == 0:
            for k, step in enumerate(range(3600, 4151, 50)):
                tt = plus(t0, 400 + k * 256)
                if tt < tfail:
                    L.add(tt, titan(tt, step, 2.45 - k * 0.011 + r.random() * 0.01))
        if n == bad_node:
            tt = plus(tfail, 1.1)
            L.add(tt, ["[rank%d]:[%s ProcessGroupNCCL.cpp:1515] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: unknown error" % (bad_rank, glog("E", tt), bad_rank)])
            L.add(tt, [
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
                "",
                "Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):",
                "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f0e4a36e446 in %s/torch/lib/libc10.so)" % PY,
                "frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 (0x7f0e4a3186e4 in %s/torch/lib/libc10.so)" % PY,
                "frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 (0x7f0e4a444a18 in %s/torch/lib/libc10_cuda.so)" % PY,
                "frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 (0x7f0dff23a726 in %s/torch/lib/libtorch_cuda.so)" % PY,
                "",
                "terminate called after throwing an instance of 'c10::DistBackendError'",
                "  what():  [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: CUDA error: unknown error" % bad_rank,
            ])
            tt2 = plus(tfail, 2.9)
            L.add(tt2, sigterm_lines(tt2, agent_tid, [p for i, p in enumerate(pids[n]) if i != bad_lr]))
            tt3 = plus(tfail, 33.5)
            L.add(tt3, elastic("E", tt3, agent_tid, "torch/distributed/elastic/multiprocessing/api.py:869",
                               "failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (bad_lr, pids[n][bad_lr])))
            L.add(tt3, child_failed("train.py", [], dict(host=bad_pod, rank=bad_rank, local_rank=bad_lr, exitcode=-6, pid=pids[n][bad_lr], traceback="Signal 6 (SIGABRT) received by PID %d" % pids[n][bad_lr]), tt3))
        else:
            tw = plus(tfail, 600.6 + n * 0.04)
            seq = 82214
            # the NIC-side view from ranks talking to the dead GPU
            if n == 3:
                tn = plus(tfail, 41)
                L.add(tn, ["",
                           "%s:%d:%d [%d] misc/socket.cc:49 NCCL WARN socketProgress: Connection closed by remote peer %s<51243>" % (pods[n], pids[n][5], pids[n][5] + 311, 5, bad_pod + ".llm-pretrain-worker-1.default.svc.cluster.local"),
                           "%s:%d:%d [%d] NCCL INFO misc/socket.cc:752 -> 6" % (pods[n], pids[n][5], pids[n][5] + 311, 5),
                           "%s:%d:%d [%d] NCCL INFO transport/net_socket.cc:474 -> 6" % (pods[n], pids[n][5], pids[n][5] + 311, 5)])
            for lr in range(8):
                rk = n * 8 + lr
                L.add(plus(tw, lr * 0.003), watchdog_timeout(rk, plus(tw, lr * 0.003), seq, "ALLREDUCE", 262144000, frames=(lr == 0)))
            tt3 = plus(tw, 2.4)
            L.add(tt3, elastic("E", tt3, agent_tid, "torch/distributed/elastic/multiprocessing/api.py:869",
                               "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pids[n][0]))
            fails = [dict(host=pods[n], rank=n * 8 + i, local_rank=i, exitcode=-6, pid=pids[n][i], traceback="Signal 6 (SIGABRT) received by PID %d" % pids[n][i]) for i in range(1, 8)]
            L.add(tt3, child_failed("train.py", fails, dict(host=pods[n], rank=n * 8, local_rank=0, exitcode=-6, pid=pids[n][0], traceback="Signal 6 (SIGABRT) received by PID %d" % pids[n][0]), tt3))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    # dmesg of the culprit
    up0 = 851203.0
    files["%s/dmesg.txt" % nodes[2]] = lines(
        dmesg(up0 - 4410.2, "IPv6: ADDRCONF(NETDEV_CHANGE): cali3e1a2c8b0f1: link becomes ready"),
        dmesg(up0 - 4410.1, "eth0: renamed from tmp9c41b"),
        dmesg(up0 - 1.3, "nvidia-gpu 0000:ab:00.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
        dmesg(up0 - 1.3, "nvidia-gpu 0000:ab:00.0:   device [10de:2330] error status/mask=00000020/00000000"),
        dmesg(up0, "NVRM: GPU at PCI:0000:ab:00: GPU-5b1f07c2-9d3e-2a11-6e4c-0a77d3b9e1f8"),
        dmesg(up0, "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
        dmesg(up0, "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
        dmesg(up0 + 0.02, "NVRM: A GPU crash dump has been created. If possible, please run"),
        dmesg(up0 + 0.02, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        dmesg(up0 + 0.02, "NVRM: the NVIDIA kernel module is unloaded."),
        dmesg(up0 + 34.1, "cali3e1a2c8b0f1: left promiscuous mode"),
    )
    files["%s/nvidia-smi.txt" % nodes[2]] = "Unable to determine the device handle for GPU0000:AB:00.0: Unknown Error\n"
    # an old, unrelated Xid on another node, printed with -T
    files["%s/dmesg-T.txt" % nodes[1]] = lines(
        dmesg_T(T(2024, 5, 11, 9, 2, 51), "NVRM: Xid (PCI:0000:3a:00): 13, pid=884211, name=python3, Graphics SM Warp Exception on (GPC 2, TPC 1, SM 0): Out Of Range Address"),
        dmesg_T(T(2024, 5, 11, 9, 2, 51), "NVRM: Xid (PCI:0000:3a:00): 13, pid=884211, name=python3, Graphics Exception: ESR 0x514730=0x201000e 0x514734=0x24 0x514728=0xc81eb60 0x51472c=0x1174"),
        dmesg_T(T(2024, 5, 11, 9, 3, 2), "cali91be0d4a7c2: left promiscuous mode"),
        dmesg_T(T(2024, 5, 14, 2, 9, 41), "IPv6: ADDRCONF(NETDEV_CHANGE): cali0f77e1b2d4a: link becomes ready"),
    )
    files["kubectl-get-pods.txt"] = pods_wide([
        (pods[i], "0/1", "Error", "0", "1h22m", ips[i], nodes[i]) for i in range(4)])
    files["kubectl-get-events.txt"] = events([
        ("11m", "Warning", "PyTorchJobFailed", "pytorchjob/llm-pretrain", "PyTorchJob llm-pretrain is failed because 1 Worker replica(s) failed."),
        ("11m", "Normal", "ExitedWithCode", "pytorchjob/llm-pretrain", "Pod: default.llm-pretrain-worker-1 exited with code 1"),
        ("1m", "Normal", "ExitedWithCode", "pytorchjob/llm-pretrain", "Pod: default.llm-pretrain-master-0 exited with code 1"),
        ("1m", "Normal", "ExitedWithCode", "pytorchjob/llm-pretrain", "Pod: default.llm-pretrain-worker-0 exited with code 1"),
        ("1m", "Normal", "ExitedWithCode", "pytorchjob/llm-pretrain", "Pod: default.llm-pretrain-worker-2 exited with code 1"),
    ])
    label = dict(category="gpu_hardware", layer="infrastructure",
                 culprit={"node": nodes[2], "rank": bad_rank},
                 action="restart_without_node",
                 rationale="Kernel log on gke-...-p3rn shows Xid 79 (GPU 0000:ab:00, local GPU 5) falling off the bus; worker-1's rank 21 died first with a CUDA error and every other pod only hit the 600 s watchdog later. The Xid 13 on q2mv is three days old.",
                 modelled_on="https://github.com/learning-at-home/hivemind/issues/509")
    return "cf01_pytorchjob_worker_sigabrt_then_all_pods_timeout", label, files


# =========================================================================
def cf02():
    """AKS ND H100 v5, 3 nodes, Xid 48 double-bit ECC on one GPU."""
    job = "sft-mistral"
    nodes = ["aks-ndh100-31245678-vmss000000", "aks-ndh100-31245678-vmss000002",
             "aks-ndh100-31245678-vmss000003"]
    pods = ["%s-master-0" % job, "%s-worker-0" % job, "%s-worker-1" % job]
    ips = ["10.244.0.31", "10.244.2.18", "10.244.3.9"]
    t0 = T(2024, 8, 2, 17, 4, 10)
    tf = T(2024, 8, 2, 19, 47, 33, 810000)
    bad, blr = 1, 2
    brank = 8 * bad + blr
    files = {}
    for n in range(3):
        L = Log()
        L.add(t0, "[2024-08-02 17:04:10,118] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
        if n == 0:
            for k in range(12):
                tt = plus(t0, 600 + k * 780)
                if tt < tf:
                    s = 100 + k * 50
                    L.add(tt, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.3e, 'epoch': %.2f}" % (1.21 - k * 0.013, 0.82 + (k % 3) * 0.05, 1.8e-5 - k * 2e-7, s / 1830.0))
                    L.add(tt, " %2d%%|%s| %d/1830 [%s<%s,  %.2fs/it]" % (s * 100 // 1830, "#" * (s * 10 // 1830) + " " * (10 - s * 10 // 1830), s, "1:%02d:%02d" % ((s * 15) // 60 % 60, (s * 15) % 60), "6:%02d:00" % (59 - k), 15.6))
        if n == bad:
            tt = plus(tf, 0.4)
            exc = tb([
                ("/workspace/train_sft.py", 212, "<module>", "trainer.train()"),
                (PY + "/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                (PY + "/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                (PY + "/transformers/trainer.py", 3349, "training_step", "self.accelerator.backward(loss, **kwargs)"),
                (PY + "/accelerate/accelerator.py", 2151, "backward", "loss.backward(**kwargs)"),
                (PY + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                (PY + "/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
            L.add(tt, rank_prefix(brank, exc))
            tt2 = plus(tf, 3.1)
            L.add(tt2, sigterm_lines(tt2, 139872211, [311 + i for i in range(8) if i != blr]))
            tt3 = plus(tf, 8.0)
            L.add(tt3, elastic("E", tt3, 139872211, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (blr, 311 + blr)))
            L.add(tt3, child_failed("train_sft.py", [], dict(host=pods[bad], rank=brank, local_rank=blr, exitcode=1, pid=311 + blr), tt3))
        else:
            tw = plus(tf, 1800.4 + n)
            for lr in range(8):
                L.add(plus(tw, lr * 0.002), watchdog_timeout(8 * n + lr, plus(tw, lr * 0.002), 51327, "_ALLGATHER_BASE", 1048576 * 48, timeout_ms=1800000, frames=(lr == 3)))
            tt3 = plus(tw, 4)
            L.add(tt3, elastic("E", tt3, 140012, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: -6) local_rank: 0 (pid: 288) of binary: /usr/bin/python3"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["%s/kern.log" % nodes[bad]] = lines(
        syslog(plus(tf, -0.3), nodes[bad], "kernel", "[412877.610233] NVRM: Xid (PCI:0003:00:00): 48, pid=4127, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 5, subpartition 1."),
        syslog(plus(tf, -0.3), nodes[bad], "kernel", "[412877.610260] NVRM: Xid (PCI:0003:00:00): 63, pid=4127, name=python, Row Remapper: New row (0x00000000013a8e40) marked for remapping, reset gpu to activate."),
        syslog(plus(tf, 0.1), nodes[bad], "kernel", "[412878.001944] NVRM: Xid (PCI:0003:00:00): 45, pid=4127, name=python, Ch 00000008"),
        syslog(plus(tf, 9.2), nodes[bad], "kernel", "[412887.119380] cni0: port 7(veth8d2a1c4e) entered disabled state"),
    )
    files["%s/nvidia-smi-q-ecc.txt" % nodes[bad]] = lines(
        "==============NVSMI LOG==============",
        "",
        "Timestamp                                 : Fri Aug  2 20:05:12 2024",
        "Driver Version                            : 535.161.08",
        "CUDA Version                              : 12.2",
        "",
        "Attached GPUs                             : 8",
        "GPU 00000003:00:00.0",
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    ECC Mode",
        "        Current                           : Enabled",
        "        Pending                           : Enabled",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 14",
        "            DRAM Uncorrectable            : 2",
        "        Aggregate",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 311",
        "            DRAM Uncorrectable            : 9",
        "    Remapped Rows",
        "        Correctable Error                 : 1",
        "        Uncorrectable Error               : 7",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 632 bank(s)",
        "            High                          : 6 bank(s)",
        "            Partial                       : 2 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
    )
    files["%s/gpu-map.txt" % nodes[bad]] = lines(
        "# nvidia-smi --query-gpu=index,pci.bus_id,uuid --format=csv",
        "index, pci.bus_id, uuid",
        "0, 00000001:00:00.0, GPU-c1a9d43e-18f2-5b7c-90de-44aa21b6f3c0",
        "1, 00000002:00:00.0, GPU-17b0e4aa-6c3d-1e8f-aa02-3f9c5d7e2b11",
        "2, 00000003:00:00.0, GPU-8e2f5c19-0b7a-4d6e-93c1-5a2b8d0e7f44",
        "3, 00000008:00:00.0, GPU-4d0c9b71-2e5f-8a3c-1b6d-7e9f0a2c4d88",
        "4, 00000009:00:00.0, GPU-b7e31f05-9c2a-6d4e-8f1b-0c3a5e7d9b22",
        "5, 0000000A:00:00.0, GPU-2a6c8e04-7b1d-3f5e-9a0c-4b6d8f2e1a33",
        "6, 0000000B:00:00.0, GPU-91f3d7b5-4e2c-0a8f-6b3d-1c5e7a9f2d66",
        "7, 0000000C:00:00.0, GPU-6e8a0c42-1f3b-9d5a-2c7e-8b0d4f6a3c99",
    )
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "3h9m", ips[i], nodes[i]) for i in range(3)])
    label = dict(category="gpu_memory", layer="infrastructure",
                 culprit={"node": nodes[bad], "rank": brank},
                 action="restart_without_node",
                 rationale="vmss000002 logged Xid 48 (double-bit ECC) on PCI 0003:00:00 = GPU index 2, the GPU of rank 10 (worker-0, local 2) which raised 'uncorrectable ECC error encountered'; 9 aggregate DRAM uncorrectable errors show a recurring fault. The other pods only timed out in the all-gather.",
                 modelled_on="https://github.com/huggingface/accelerate/issues/1192")
    return "cf02_one_pod_uncorrectable_ecc_runtime_error", label, files


# =========================================================================
P5_BUS = ["0000:53:00", "0000:64:00", "0000:75:00", "0000:86:00",
          "0000:97:00", "0000:a8:00", "0000:b9:00", "0000:ca:00"]


def nemo_step(t, step, loss, lr, pct, total=10000):
    return "Epoch 0: : %3d%%|%s| %d/%d [%s<%s, v_num=0, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.2f]" % (
        pct, "#" * (pct // 10) + " " * (10 - pct // 10), step, total,
        "%d:%02d:%02d" % (step * 4 // 3600, step * 4 // 60 % 60, step * 4 % 60),
        "%d:%02d:%02d" % ((total - step) * 4 // 3600, (total - step) * 4 // 60 % 60, (total - step) * 4 % 60),
        loss, step, step * 512, 3.98 + (step % 7) * 0.01)


def cf03():
    """EKS p5, JobSet, 2 nodes. Contained Xid 94, row remap pending."""
    nodes = ["ip-10-1-34-187.ec2.internal", "ip-10-1-40-22.ec2.internal"]
    pods = ["nemo-llama3-8b-workers-0-0-7x2kq", "nemo-llama3-8b-workers-0-1-h9vbn"]
    ips = ["10.1.34.201", "10.1.40.93"]
    t0 = T(2024, 9, 3, 11, 0, 12)
    tf = T(2024, 9, 3, 14, 12, 48, 270000)
    bad, blr = 0, 5
    brank = bad * 8 + blr
    files = {}
    for n in range(2):
        L = Log()
        L.add(t0, "[NeMo I 2024-09-03 11:00:12 exp_manager:396] Experiments will be logged at /results/nemo-llama3-8b/2024-09-03_11-00-12")
        L.add(plus(t0, 1), "[NeMo W 2024-09-03 11:00:13 exp_manager:773] No version folders would be created under the log folder as 'resume_if_exists' is enabled.")
        L.add(plus(t0, 30), nccl_init(pods[n], 88, 0, n * 8, 16, ip=ips[n], net="Using network AWS Libfabric",
                                      plugin="NET/OFI Initializing aws-ofi-nccl 1.9.1-aws"))
        if n == 0:
            for k in range(10):
                tt = plus(t0, 900 + k * 1100)
                if tt < tf:
                    st = 200 + k * 275
                    L.add(tt, nemo_step(tt, st, 2.31 - k * 0.04, 3e-4, st * 100 // 10000))
            tt = plus(tf, 0.5)
            L.add(tt, rank_prefix(brank, tb([
                ("/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", 39, "main", "trainer.fit(model)"),
                (PY + "/lightning/pytorch/trainer/trainer.py", 543, "fit", "call._call_and_handle_interrupt("),
                (PY + "/lightning/pytorch/loops/training_epoch_loop.py", 250, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
                ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 1385, "forward_backward_pipelining_without_interleaving", "input_tensor_grad = backward_step("),
                ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 366, "backward_step", "custom_backward(output_tensor[0], output_tensor_grad[0])"),
                ("/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", 150, "custom_backward", "Variable._execution_engine.run_backward("),
            ], "RuntimeError: CUDA error: uncorrectable ECC error encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.")))
            tt2 = plus(tf, 2.2)
            L.add(tt2, sigterm_lines(tt2, 140551, [90 + i for i in range(8) if i != blr]))
            tt3 = plus(tf, 6.0)
            L.add(tt3, elastic("E", tt3, 140551, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: 1) local_rank: 5 (pid: 95) of binary: /usr/bin/python"))
            L.add(tt3, child_failed("megatron_gpt_pretraining.py", [], dict(host=pods[0], rank=brank, local_rank=blr, exitcode=1, pid=95), tt3))
        else:
            tt = plus(tf, 9.5)
            L.add(tt, elastic("I", tt, 140377, "torch/distributed/elastic/agent/server/api.py:737", "[default] Received Signals.SIGTERM death signal, shutting down workers"))
            L.add(tt, sigterm_lines(tt, 140377, [91 + i for i in range(8)]))
            tt2 = plus(tt, 1.2)
            L.add(tt2, tb([
                ("/usr/local/bin/torchrun", 8, "<module>", "sys.exit(main())"),
                (PY + "/torch/distributed/elastic/agent/server/api.py", 868, "_invoke_run", "time.sleep(monitor_interval)"),
                (PY + "/torch/distributed/elastic/multiprocessing/api.py", 84, "_terminate_process_handler", "raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)"),
            ], "torch.distributed.elastic.multiprocessing.api.SignalException: Process 19 got signal: 15"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["%s/dmesg.txt" % nodes[0]] = lines(
        dmesg(90411.22, "NVRM: Xid (PCI:%s): 94, pid=95, name=python, Contained ECC error" % P5_BUS[blr]),
        dmesg(90411.22, "NVRM: Xid (PCI:%s): 63, pid=95, name=python, Row Remapper: New row (0x000000000274c3a0) marked for remapping, reset gpu to activate." % P5_BUS[blr]),
        dmesg(90417.90, "eni8a1c3e5b7d0: left promiscuous mode"),
    )
    files["%s/nvidia-smi-q.txt" % nodes[0]] = lines(
        "==============NVSMI LOG==============",
        "Timestamp                                 : Tue Sep  3 14:21:30 2024",
        "Driver Version                            : 550.90.07",
        "CUDA Version                              : 12.4",
        "Attached GPUs                             : 8",
        "GPU 0000%s.0" % P5_BUS[blr].upper(),
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Minor Number                          : 5",
        "    ECC Errors",
        "        Volatile",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 1",
        "        Aggregate",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 1",
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : Yes",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 639 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
        "",
        "(GPUs 0-4, 6, 7: DRAM Uncorrectable 0, Remapped Rows Pending: No)",
    )
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error" if i == 0 else "Terminating", "0", "3h13m", ips[i], nodes[i]) for i in range(2)])
    files["kubectl-get-events.txt"] = events([
        ("8m", "Warning", "BackoffLimitExceeded", "job/nemo-llama3-8b-workers-0", "Job has reached the specified backoff limit"),
        ("8m", "Normal", "FailedJobs", "jobset/nemo-llama3-8b", "jobset nemo-llama3-8b failed: job nemo-llama3-8b-workers-0 failed (maxRestarts 0 reached)"),
        ("8m", "Normal", "Killing", "pod/%s" % pods[1], "Stopping container pytorch"),
        ("7m", "Warning", "GPUHealthCheck", "node/%s" % nodes[0], "NodeProblemDetector: GPU 5 row remapping pending; reset required"),
    ])
    label = dict(category="gpu_memory", layer="infrastructure",
                 culprit={"node": nodes[0], "rank": brank}, action="restart",
                 rationale="Xid 94 (contained ECC) plus Xid 63 on GPU %s of ip-10-1-34-187 killed rank 5 only; it is the GPU's first uncorrectable error, the row remap is pending with no failure and spare banks, so a GPU reset activates it and the job can restart there." % P5_BUS[blr],
                 modelled_on="https://github.com/leptonai/gpud/pull/987")
    return "cf03_nemo_rank_ecc_error_jobset_failed", label, files


# =========================================================================
P4D_BUS = ["0000:10:1c", "0000:10:1d", "0000:20:1c", "0000:20:1d",
           "0000:90:1c", "0000:90:1d", "0000:a0:1c", "0000:a0:1d"]


def cf04():
    """Volcano MPI job (mpirun launcher pod + sshd workers), Xid 74 NVLink."""
    job = "mgpt"
    launcher_node = "ip-10-2-0-14.us-west-2.compute.internal"
    nodes = ["ip-10-2-8-51.us-west-2.compute.internal", "ip-10-2-9-117.us-west-2.compute.internal",
             "ip-10-2-8-203.us-west-2.compute.internal", "ip-10-2-11-6.us-west-2.compute.internal"]
    wpods = ["%s-worker-%d" % (job, i) for i in range(4)]
    lpod = "%s-mpimaster-0" % job
    t0 = T(2024, 3, 21, 6, 30, 2)
    tf = T(2024, 3, 21, 9, 2, 17, 640000)
    bad, blr = 2, 3
    brank = bad * 8 + blr
    L = []
    L.append(" ========================   JOB MAP   ========================")
    for n in range(4):
        L.append("")
        L.append(" Data for node: %s\tNum slots: 8\tMax slots: 0\tNum procs: 8" % wpods[n])
        for lr in range(8):
            L.append(" \tProcess OMPI jobid: [41872,1] App: 0 Process rank: %d Bound: socket %d[core %d[hwt 0-1]]" % (n * 8 + lr, lr // 4, lr * 6))
    L.append("")
    L.append(" =============================================================")
    for n in range(4):
        r0 = n * 8
        L.append("[1,%d]<stdout>:%s:%d:%d [0] NCCL INFO Bootstrap : Using eth0:10.2.%d.%d<0>" % (r0, wpods[n], 2211 + n, 2211 + n, 8 + n, 40 + n))
        L.append("[1,%d]<stdout>:%s:%d:%d [0] NCCL INFO NET/OFI Selected Provider is efa (found 4 nics)" % (r0, wpods[n], 2211 + n, 2301 + n))
        L.append("[1,%d]<stdout>:%s:%d:%d [0] NCCL INFO Using network AWS Libfabric" % (r0, wpods[n], 2211 + n, 2301 + n))
    L.append("[1,0]<stdout>:> initialized tensor model parallel with size 8")
    L.append("[1,0]<stdout>:> initialized pipeline model parallel with size 1")
    for k, it in enumerate(range(9100, 9900, 100)):
        L.append("[1,0]<stdout>: [%s] iteration     %d/   50000 | consumed samples:      %8d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:   512 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
            (plus(t0, 7800 + k * 117)).strftime("%Y-%m-%d %H:%M:%S"), it, it * 512, 1172.4 + k, 1.5e-4, 2.41 - k * 0.006, 0.31 + k * 0.002))
    L.append("[1,%d]<stderr>:Traceback (most recent call last):" % brank)
    for x in tb([("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                 ("/workspace/Megatron-LM/megatron/training/training.py", 359, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
                 ("/workspace/Megatron-LM/megatron/training/training.py", 1264, "train", "train_step(forward_step_func,"),
                 ("/workspace/Megatron-LM/megatron/core/tensor_parallel/mappings.py", 216, "backward", "return _reduce(grad_output)"),
                 ("/workspace/Megatron-LM/megatron/core/tensor_parallel/mappings.py", 24, "_reduce", "torch.distributed.all_reduce(input_, group=get_tensor_model_parallel_group())"),
                 (PY + "/torch/distributed/distributed_c10d.py", 2288, "all_reduce", "work = group.allreduce([tensor], opts)")],
                "torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable NVLink error detected during the execution'")[1:]:
        L.append("[1,%d]<stderr>:%s" % (brank, x))
    L.append("[1,%d]<stderr>:%s:2213:2287 [3] enqueue.cc:1392 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (brank, wpods[bad]))
    for rk in (16, 17, 18, 20, 21, 22, 23):
        L.append("[1,%d]<stderr>:[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 2 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.19.3" % (rk, rk, glog("E", plus(tf, 4 + rk * 0.01)), rk - 16))
    L.append("--------------------------------------------------------------------------")
    L.append("Primary job  terminated normally, but 1 process returned")
    L.append("a non-zero exit code. Per user-direction, the job has been aborted.")
    L.append("--------------------------------------------------------------------------")
    for rk in (0, 8, 24):
        L.append("[1,%d]<stderr>:[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.19.3" % (rk, rk, glog("E", plus(tf, 12)), rk))
    L.append("--------------------------------------------------------------------------")
    L.append("mpirun detected that one or more processes exited with non-zero status, thus causing")
    L.append("the job to be terminated. The first process to do so was:")
    L.append("")
    L.append("  Process name: [[41872,1],%d]" % brank)
    L.append("  Exit code:    1")
    L.append("--------------------------------------------------------------------------")
    files = {"%s/%s.log" % (launcher_node, lpod): "\n".join(L) + "\n"}
    for n in range(4):
        files["%s/%s.log" % (nodes[n], wpods[n])] = lines(
            "Server listening on 0.0.0.0 port 22.",
            "Server listening on :: port 22.",
            "Accepted publickey for root from 10.2.0.57 port 40122 ssh2: RSA SHA256:9pX0kQ2m1c7b3eV8yZ4dF6gH1jK5lN7oP9qR2sT4uW6",
            "Received disconnect from 10.2.0.57 port 40122:11: disconnected by user",
            "Disconnected from user root 10.2.0.57 port 40122",
        )
    files["%s/dmesg.txt" % nodes[bad]] = lines(
        dmesg(331208.104, "NVRM: Xid (PCI:%s): 74, pid=2213, name=python, NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % P4D_BUS[blr]),
        dmesg(331208.118, "NVRM: Xid (PCI:%s): 45, pid=2213, name=python, Ch 00000010" % P4D_BUS[blr]),
        dmesg(331208.120, "NVRM: Xid (PCI:%s): 45, pid=2215, name=python, Ch 00000010" % P4D_BUS[5]),
    )
    files["%s/nvidia-smi-nvlink-e.txt" % nodes[bad]] = lines(
        "GPU 3: NVIDIA A100-SXM4-80GB (UUID: GPU-0e6b1c2d-93f4-4a1e-b7c2-55d8e6f0a913)",
        "\t Link 0: Replay Errors: 0", "\t Link 0: Recovery Errors: 0", "\t Link 0: CRC Errors: 0",
        "\t Link 4: Replay Errors: 0", "\t Link 4: Recovery Errors: 37", "\t Link 4: CRC Errors: 2214",
        "\t Link 5: Replay Errors: 0", "\t Link 5: Recovery Errors: 0", "\t Link 5: CRC Errors: 0",
        "GPU 5: NVIDIA A100-SXM4-80GB (UUID: GPU-7a2c9e41-05bd-4f83-a1c6-e2d09b4f7c58)",
        "\t Link 4: Replay Errors: 0", "\t Link 4: Recovery Errors: 0", "\t Link 4: CRC Errors: 0",
    )
    files["kubectl-get-pods.txt"] = pods_wide([(lpod, "0/1", "Error", "0", "2h33m", "10.2.0.57", launcher_node)] + [
        (wpods[i], "1/1", "Running", "0", "2h33m", "10.2.%d.%d" % (8 + i, 40 + i), nodes[i]) for i in range(4)])
    files["vcjob.yaml"] = lines(
        "apiVersion: batch.volcano.sh/v1alpha1", "kind: Job", "metadata:", "  name: mgpt", "spec:",
        "  minAvailable: 5", "  schedulerName: volcano", "  plugins:", "    ssh: []", "    svc: []",
        "  policies:", "    - event: PodEvicted", "      action: RestartJob", "  tasks:",
        "    - replicas: 1", "      name: mpimaster", "      policies:", "        - event: TaskCompleted", "          action: CompleteJob",
        "      template:", "        spec:", "          containers:", "            - command:", "                - /bin/bash", "                - -c",
        "                - mpirun --allow-run-as-root --tag-output --display-map -np 32 -npernode 8 --hostfile /etc/volcano/mpiworker.host -x NCCL_DEBUG=INFO python pretrain_gpt.py --tensor-model-parallel-size 8 ...",
        "    - replicas: 4", "      name: worker", "      template:", "        spec:", "          containers:", "            - resources:", "                limits:", "                  nvidia.com/gpu: 8",
    )
    label = dict(category="nvlink", layer="infrastructure",
                 culprit={"node": nodes[bad], "rank": brank}, action="restart_without_node",
                 rationale="Rank 19 (mgpt-worker-2 local 3) failed first with 'uncorrectable NVLink error'; the node's kernel shows Xid 74 fatal NVLink error on link 4 of GPU %s and nvlink -e shows CRC/recovery errors on that link only. Other ranks failed as a consequence." % P4D_BUS[blr],
                 modelled_on="https://github.com/pytorch/pytorch/issues/58155")
    return "cf04_mpirun_rank_unhandled_cuda_error_tp_allreduce", label, files


# =========================================================================
def ibstat(hcas, down=None, rate=400):
    L = []
    for i, h in enumerate(hcas):
        st, ph = ("Down", "Polling") if h == down else ("Active", "LinkUp")
        L += ["CA '%s'" % h, "\tCA type: MT4129", "\tNumber of ports: 1",
              "\tFirmware version: 28.39.1002", "\tHardware version: 0",
              "\tNode GUID: 0x946dae0300%06x" % (0x5b1e10 + i * 17),
              "\tSystem image GUID: 0x946dae0300%06x" % (0x5b1e10 + i * 17),
              "\tPort 1:", "\t\tState: %s" % st, "\t\tPhysical state: %s" % ph,
              "\t\tRate: %d" % (rate if h != down else 10), "\t\tBase lid: %d" % (400 + i * 3 if h != down else 65535),
              "\t\tLMC: 0", "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848",
              "\t\tPort GUID: 0x946dae0300%06x" % (0x5b1e10 + i * 17), "\t\tLink layer: InfiniBand"]
    return "\n".join(L) + "\n"


def cf05():
    """AKS ND H100 v5, 16 nodes, IB completion errors spread across leaf pairs."""
    r = random.Random(505)
    job = "pt-70b"
    nn = 16
    nodes = ["aks-ndh100v5-22817309-vmss%06d" % i for i in (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15)]
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, i) for i in range(nn - 1)]
    ibip = ["172.16.%d.%d" % (1 + i // 8, 10 + i) for i in range(nn)]
    leaf = {"leaf-ib-a03": nodes[:8], "leaf-ib-a04": nodes[8:]}
    t0 = T(2024, 11, 7, 22, 5, 0)
    tf = T(2024, 11, 8, 1, 41, 12, 300000)
    # error pairs: all cross the two leaves, many distinct nodes, no single common node
    pairs = [(0, 9), (2, 12), (3, 8), (5, 14), (6, 10), (1, 15), (7, 11), (4, 13), (2, 9), (6, 15), (3, 12)]
    files = {}
    hcas = ["mlx5_ib%d" % i for i in range(8)]
    for n in range(nn):
        L = Log()
        L.add(plus(t0, 25), nccl_init(pods[n], 301, 0, n * 8, nn * 8, ip="10.244.%d.7" % n, hcas=hcas[:4]))
        if n == 0:
            for k in range(20):
                tt = plus(t0, 600 + k * 640)
                if tt < tf:
                    L.add(tt, titan(tt, 1000 + k * 100, 2.12 - k * 0.004, mem=70.1, tps=980, mfu=38.1))
        my = [(a, b) for (a, b) in pairs if a == n or b == n]
        for j, (a, b) in enumerate(my):
            peer = b if a == n else a
            lr = r.randint(0, 7)
            tt = plus(tf, j * 0.7 + r.random())
            L.add(tt, ["",
                       "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=%d len=0 vendor err 129 (%s) localGid ::ffff:%s remoteGids::ffff:%s" % (
                           pods[n], 301 + lr, 412 + lr, lr, ibip[peer], 40000 + r.randint(0, 20000), r.choice([0, 1]), r.choice(["Send", "Recv"]), ibip[n], ibip[peer]),
                       "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (pods[n], 301 + lr, 412 + lr, lr),
                       "%s:%d:%d [%d] NCCL INFO proxy.cc:698 -> 6" % (pods[n], 301 + lr, 412 + lr, lr),
                       "%s:%d:%d [%d] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (pods[n], 301 + lr, 412 + lr, lr)])
            tt2 = plus(tt, 0.4)
            rk = n * 8 + lr
            L.add(tt2, "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (rk, glog("E", tt2), rk))
            L.add(tt2, "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.")
            L.add(tt2, "Last error:")
            L.add(tt2, "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv)" % (ibip[peer], 40211))
        if not my:
            tw = plus(tf, 1800.3 + n * 0.05)
            L.add(tw, watchdog_timeout(n * 8, tw, 31877, "ALLREDUCE", 16777216, timeout_ms=1800000, frames=False))
            tend = plus(tw, 3)
        else:
            tend = plus(tf, 6 + n * 0.1)
        L.add(tend, elastic("E", tend, 140119, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: 301) of binary: /usr/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    for n in (0, 5, 9, 12):
        files["%s/ibstat.txt" % nodes[n]] = ibstat(hcas)
    for n in (3, 11):
        files["%s/dmesg.txt" % nodes[n]] = lines(
            dmesg(601244.31, "mlx5_core 0101:00:00.0: mlx5_ib2: Port: 1 Link ACTIVE"),
            dmesg(612970.77, "IPv6: ADDRCONF(NETDEV_CHANGE): azv1a2b3c4d5e6: link becomes ready"))
    files["topology.json"] = dumps({"topology": leaf, "spine": ["spine-ib-s01", "spine-ib-s02"]})
    files["ipoib-addresses.txt"] = table(["NODE", "IB0-ADDRESS"], [[nodes[i], ibip[i]] for i in range(nn)])
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "3h36m", "10.244.%d.7" % i, nodes[i]) for i in range(nn)])
    files["ops-note.txt"] = lines(
        "From #hpc-ops, 2024-11-08 01:55 UTC:",
        "Azure Service Health: 'Degraded InfiniBand connectivity, East US, ND H100 v5 — a subset of customers may experience RDMA packet loss between scale-set instances' (tracking id 2TX8-1QZ). Mitigated 02:31 UTC.",
    )
    label = dict(category="network", layer="infrastructure", culprit=None, action="restart",
                 rationale="IB completion errors (status 12, retry exceeded) appear on all 16 nodes for 11 different node pairs that all cross the two leaf switches, every ibstat shows ports Active and no single node is common to all pairs: a fabric/spine problem confirmed by the provider's IB degradation notice, not one NIC.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/1405")
    return "cf05_ib_completion_errors_on_most_pods", label, files


# =========================================================================
def cf06():
    """On-prem RKE2 cluster, RoCE, 8 nodes, one node's NIC port down."""
    job = "vit-g"
    nodes = ["gpu-h100-b12-n%02d" % i for i in (3, 4, 5, 6, 7, 9, 10, 11)]
    pods = ["%s-master-0" % job] + ["%s-worker-%d" % (job, i) for i in range(7)]
    rdma = ["192.168.%d.%d" % (6, 101 + i) for i in range(8)]
    t0 = T(2024, 6, 19, 8, 0, 0)
    tf = T(2024, 6, 19, 13, 27, 41, 90000)
    bad, blr = 4, 6
    files = {}
    hcas = ["mlx5_%d" % i for i in range(8)]
    for n in range(8):
        L = Log()
        L.add(plus(t0, 20), nccl_init(pods[n], 77, 0, n * 8, 64, ip="10.42.%d.15" % n, ifname="eth0",
                                      hcas=hcas, extra=["NCCL_IB_GID_INDEX set by environment to 3."]))
        if n == 0:
            for k in range(30):
                tt = plus(t0, 300 + k * 620)
                if tt < tf:
                    L.add(tt, "%s | INFO | train | epoch 3 iter %5d/%d | loss %.4f | lr %.3e | %.1f img/s" % (pylog(tt), 4000 + k * 200, 25000, 1.92 - k * 0.01, 2.0e-4, 9811.2 + (k % 5) * 11))
        if n == bad:
            tt = plus(tf, -0.8)
            L.add(tt, ["", "%s:%d:%d [%d] transport/net_ib.cc:131 NCCL WARN NET/IB : Got async event : port error" % (pods[n], 83, 201, blr)])
            L.add(plus(tf, 0.1), ["", "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<52113> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:%s remoteGids::ffff:%s" % (pods[n], 83, 201, blr, rdma[5], rdma[n], rdma[5])])
            rk = n * 8 + blr
            tt2 = plus(tf, 0.6)
            L.add(tt2, "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (rk, glog("E", tt2), rk))
        else:
            for peerlr in ((blr,) if n in (3, 5, 2) else ()):
                tt = plus(tf, 0.2 + n * 0.05)
                L.add(tt, ["", "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<4%04d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (pods[n], 77 + peerlr, 195 + peerlr, peerlr, rdma[bad], 1000 + n, rdma[n], rdma[bad]),
                           "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (pods[n], 77 + peerlr, 195 + peerlr, peerlr)])
                rk = n * 8 + peerlr
                L.add(plus(tt, 0.3), "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (rk, glog("E", plus(tt, 0.3)), rk))
            if n not in (3, 5, 2):
                tw = plus(tf, 600.2 + n * 0.03)
                L.add(tw, watchdog_timeout(n * 8 + 1, tw, 140233, "ALLREDUCE", 8388608, frames=False))
        tend = plus(tf, 620 + n)
        L.add(tend, elastic("E", tend, 139920, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (blr if n == bad else 0, 83 if n == bad else 77)))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["%s/dmesg.txt" % nodes[bad]] = lines(
        dmesg(1210440.2, "mlx5_core 0000:c1:00.0 mlx5_6: Port: 1 Link DOWN"),
        dmesg(1210440.2, "mlx5_core 0000:c1:00.0 enp193s0np0: Link down"),
        dmesg(1210447.9, "mlx5_core 0000:c1:00.0 mlx5_6: Port: 1 Link ACTIVE"),
        dmesg(1210448.0, "mlx5_core 0000:c1:00.0 enp193s0np0: Link up"),
        dmesg(1210452.4, "mlx5_core 0000:c1:00.0 mlx5_6: Port: 1 Link DOWN"),
        dmesg(1210452.4, "mlx5_core 0000:c1:00.0 enp193s0np0: Link down"),
        dmesg(1210470.1, "mlx5_core 0000:c1:00.0: mlx5_pcie_event:301:(pid 0): Detected insufficient power on the PCIe slot (27W)."),
    )
    files["%s/ibstat.txt" % nodes[bad]] = ibstat(hcas, down="mlx5_6", rate=400).replace("Link layer: InfiniBand", "Link layer: Ethernet")
    files["%s/ibstat.txt" % nodes[2]] = ibstat(hcas).replace("Link layer: InfiniBand", "Link layer: Ethernet")
    files["%s/ethtool-S-enp193s0np0.txt" % nodes[bad]] = lines(
        "NIC statistics:", "     rx_packets: 88120455102", "     tx_packets: 91433077120",
        "     rx_crc_errors_phy: 184402", "     rx_symbol_err_phy: 9311", "     link_down_events_phy: 14")
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Error", "0", "5h38m", "10.42.%d.15" % i, nodes[i]) for i in range(8)])
    files["rdma-addresses.txt"] = table(["NODE", "RDMA-IP (all 8 rails share the /24 per rail; rail-6 shown)"], [[nodes[i], rdma[i]] for i in range(8)])
    label = dict(category="network", layer="infrastructure", culprit={"node": nodes[bad], "rank": None},
                 action="restart_without_node",
                 rationale="gpu-h100-b12-n07's mlx5_6 port flapped (dmesg Link DOWN/ACTIVE, 14 link-down events, CRC errors) and ibstat shows it Down/Polling; its own rank got the port-error async event and every peer's completion errors name its RDMA IP 192.168.6.105.",
                 modelled_on="https://github.com/NVIDIA/nccl/issues/905")
    return "cf06_roce_completion_errors_then_timeouts", label, files


# =========================================================================
def cf29():
    """AKS ND A100 v4, 6 nodes, JobSet. One node panics on a fatal MCE."""
    nodes = ["aks-nda100v4-40517522-vmss00000%d" % i for i in (1, 2, 4, 5, 7, 8)]
    pods = ["bert-xl-pt-node-0-%d-%s" % (i, s) for i, s in enumerate(["q8r2d", "7mz4c", "kw91x", "2hbn5", "v0c6p", "ft3la"])]
    ips = ["10.244.%d.12" % i for i in range(6)]
    t0 = T(2025, 1, 16, 4, 0, 0)
    tf = T(2025, 1, 16, 9, 14, 52)
    bad = 3
    files = {}
    for n in range(6):
        if n == bad:
            continue
        L = Log()
        L.add(plus(t0, 18), nccl_init(pods[n], 64, 0, n * 8, 48, ip=ips[n], hcas=["mlx5_ib%d" % i for i in range(8)]))
        if n == 0:
            for k in range(40):
                tt = plus(t0, 200 + k * 460)
                if tt < tf:
                    L.add(tt, "%s - INFO - __main__ - step %d: loss=%.4f lr=%.2e tokens/s=%d" % (pylog(tt), 15000 + k * 250, 1.71 - k * 0.003, 9.4e-5, 481000 + (k % 4) * 900))
        if n in (2, 4):
            tt = plus(tf, 22 + n)
            lr = 2 if n == 2 else 7
            L.add(tt, ["", "%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 172.16.0.%d<47121> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:172.16.0.%d remoteGids::ffff:172.16.0.%d" % (pods[n], 64 + lr, 190 + lr, lr, 20 + bad, 20 + n, 20 + bad),
                       "%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (pods[n], 64 + lr, 190 + lr, lr)])
            L.add(plus(tt, 0.3), "[rank%d]:[%s ProcessGroupNCCL.cpp:1316] [PG 0 (default_pg) Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (n * 8 + lr, glog("E", plus(tt, 0.3)), n * 8 + lr))
        tw = plus(tf, 600.5 + n * 0.02)
        if n not in (2, 4):
            L.add(tw, watchdog_timeout(n * 8, tw, 66410, "REDUCE_SCATTER", 50331648, frames=(n == 0)))
        if n == 0:
            te = plus(tw, 31)
            L.add(te, elastic("W", te, 140611, "torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1210", "The node 'bert-xl-pt-node-0-3-2hbn5_41_0' has failed to send a keep-alive heartbeat to the rendezvous 'bert-xl-pt' due to an error of type RendezvousTimeoutError."))
        te = plus(tw, 35)
        L.add(te, elastic("E", te, 140611, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: 0 (pid: 64) of binary: /usr/bin/python"))
        files["%s/%s.log" % (nodes[n], pods[n])] = L.text(True)
    files["%s/kubectl-logs-error.txt" % nodes[bad]] = lines(
        "$ kubectl logs %s --timestamps" % pods[bad],
        "Error from server: Get \"https://10.224.0.9:10250/containerLogs/default/%s/pytorch?timestamps=true\": dial tcp 10.224.0.9:10250: connect: connection refused" % pods[bad])
    jb = T(2025, 1, 16, 9, 14, 51)
    files["%s/journal-k-b-1.txt" % nodes[bad]] = lines(
        "-- Journal begins at Mon 2024-12-02 11:21:40 UTC, ends at Thu 2025-01-16 09:31:02 UTC. --",
        syslog(plus(jb, -36000), nodes[bad], "kernel", "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3b8a1f offset:0x240 grain:32 syndrome:0x0)"),
        syslog(plus(jb, -2210), nodes[bad], "kernel", "mce: [Hardware Error]: Machine check events logged"),
        syslog(plus(jb, -2210), nodes[bad], "kernel", "EDAC MC1: 3 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3b8a1f offset:0x280 grain:32 syndrome:0x0)"),
        syslog(jb, nodes[bad], "kernel", "mce: [Hardware Error]: CPU 71: Machine Check Exception: 5 Bank 13: be00000000800090"),
        syslog(jb, nodes[bad], "kernel", "mce: [Hardware Error]: RIP !INEXACT! 10:<ffffffffa3e0c6b2> {clear_page_erms+0x12/0x20}"),
        syslog(jb, nodes[bad], "kernel", "mce: [Hardware Error]: TSC 1e8b7a09c3f22 ADDR 3b8a1f240 MISC 200000c000000086 SYND 5d0000 IPID 9600650f00"),
        syslog(jb, nodes[bad], "kernel", "mce: [Hardware Error]: PROCESSOR 2:a00f11 TIME 1737018891 SOCKET 1 APIC 8e microcode a0011d1"),
        syslog(jb, nodes[bad], "kernel", "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
        syslog(jb, nodes[bad], "kernel", "mce: [Hardware Error]: Machine check: Processor context corrupt"),
        syslog(jb, nodes[bad], "kernel", "Kernel panic - not syncing: Fatal machine check"),
    )
    files["%s/describe-node.txt" % nodes[bad]] = lines(
        "Name:               %s" % nodes[bad],
        "Roles:              agent",
        "Conditions:",
        "  Type                 Status    LastHeartbeatTime                 LastTransitionTime                Reason              Message",
        "  ----                 ------    -----------------                 ------------------                ------              -------",
        "  MemoryPressure       Unknown   Thu, 16 Jan 2025 09:14:40 +0000   Thu, 16 Jan 2025 09:15:31 +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        "  DiskPressure         Unknown   Thu, 16 Jan 2025 09:14:40 +0000   Thu, 16 Jan 2025 09:15:31 +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        "  PIDPressure          Unknown   Thu, 16 Jan 2025 09:14:40 +0000   Thu, 16 Jan 2025 09:15:31 +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        "  Ready                Unknown   Thu, 16 Jan 2025 09:14:40 +0000   Thu, 16 Jan 2025 09:15:31 +0000   NodeStatusUnknown   Kubelet stopped posting node status.",
        "Events:",
        "  Type     Reason                   Age   From             Message",
        "  ----     ------                   ----  ----             -------",
        "  Normal   NodeNotReady             17m   node-controller  Node %s status is now: NodeNotReady" % nodes[bad],
        "  Warning  Rebooted                 4m    kubelet          Node %s has been rebooted, boot id: 7c0e5b6d-1f2a-4b8e-9d33-a5c10e2f4b71" % nodes[bad],
        "  Normal   NodeReady                3m    kubelet          Node %s status is now: NodeReady" % nodes[bad],
    )
    files["kubectl-get-pods.txt"] = pods_wide([(pods[i], "0/1", "Unknown" if i == bad else "Error", "0", "5h31m", ips[i], nodes[i]) for i in range(6)])
    files["topology.json"] = dumps({"topology": {"leaf-ib-07": nodes}})
    files["ipoib-addresses.txt"] = table(["NODE", "IB0-ADDRESS"], [[nodes[i], "172.16.0.%d" % (20 + i)] for i in range(6)])
    label = dict(category="host", layer="infrastructure", culprit={"node": nodes[bad], "rank": None},
                 action="restart_without_node",
                 rationale="vmss000005 stopped reporting (NodeNotReady, no logs retrievable) and its previous-boot kernel journal ends with an uncorrected machine check and 'Kernel panic - not syncing: Fatal machine check' after hours of DIMM CE errors; the other pods only saw IB retry errors toward its IP and watchdog timeouts.",
                 modelled_on="https://github.com/ovro-lwa/lwa-issues/issues/117")
    return "cf29_one_pod_unknown_others_ib_retry_errors", label, files


CASES = [cf01, cf02, cf03, cf04, cf05, cf06, cf29]
