"""Cases bs11-bs20."""

from common import (PY, PYD, dt, plus, iso, iso_t, ms, bracket_ms, syslog_ts, dmesg_T, uptime,
                    glog_new, glog_old, glog_pid, torchrun_banner, agent_line, agent_server_line,
                    child_failed, sig_tb, c10d_frames, bcast_obj_frames, prefix, gloo_closed, gloo_reset,
                    gloo_timeout, nccl_info, nccl_warn, nccl_watchdog, nccl_abort_tail, nccl_init_block,
                    smi_table, healthy_gpus, BUSES8, join, sacct)


# =====================================================================================
def bs11(rng):
    """One freshly reimaged node has an old driver; its ranks die at CUDA init, the rest stall in gloo PG creation."""
    name = "bs11_ranks_on_one_node_exit_at_startup_others_stall"
    nodes = ["gpu-d01", "gpu-d02", "gpu-d03", "gpu-d04"]
    nproc = 8
    t0 = dt(2024, 6, 17, 8, 0, 12)
    t_bad = dt(2024, 6, 17, 8, 0, 31, 402000)
    t_to = plus(t0, 19 + 1800)
    files = {}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        L.append("%s torch.distributed.elastic.rendezvous.dynamic_rendezvous: [INFO] The node '%s_3301_0' has joined round 0 of the rendezvous 'sd-xl-ft' as rank %d in a world of size 4." % (bracket_ms(plus(t0, 3)), n, ni))
        pid0 = 3400 + ni * 20
        if n == "gpu-d03":
            for lr in range(nproc):
                r = ni * 8 + lr
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/app/diffusion/train.py", line 612, in <module>',
                    "    main()",
                    '  File "/app/diffusion/train.py", line 540, in main',
                    "    torch.cuda.set_device(local_rank)",
                    '  File "%s/torch/cuda/__init__.py", line 399, in set_device' % PYD,
                    "    torch._C._cuda_setDevice(device)",
                    '  File "%s/torch/cuda/__init__.py", line 293, in _lazy_init' % PYD,
                    "    torch._C._cuda_init()",
                    "RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading "
                    "and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org "
                    "to install a PyTorch version that has been compiled with your version of the CUDA driver.",
                ], r))
            L.append(agent_line(plus(t_bad, 0.9), "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
            mk = lambda lr: dict(time=plus(t_bad, 0.9), host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=1, pid=pid0 + lr,
                                 error_file="/tmp/torchelastic_s8/sd-xl-ft_2/attempt_0/%d/error.json" % lr,
                                 traceback="Traceback (most recent call last):\n  File \"/app/diffusion/train.py\", line 540, in main\n    torch.cuda.set_device(local_rank)\nRuntimeError: The NVIDIA driver on your system is too old (found version 11040). ...")
            L.append(child_failed("train.py", mk(0), [mk(lr) for lr in range(1, 8)]))
        else:
            L.append("%s torch.distributed.distributed_c10d: [INFO] Using backend config: {'cpu': 'gloo', 'cuda': 'nccl'}" % bracket_ms(plus(t0, 20)))
            for lr in range(nproc):
                r = ni * 8 + lr
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/app/diffusion/train.py", line 544, in main',
                    "    dist.init_process_group(backend=\"cpu:gloo,cuda:nccl\", timeout=timedelta(minutes=30))",
                    '  File "%s/torch/distributed/c10d_logger.py", line 75, in wrapper' % PYD,
                    "    return func(*args, **kwargs)",
                    '  File "%s/torch/distributed/distributed_c10d.py", line 1305, in init_process_group' % PYD,
                    "    default_pg, _ = _new_process_group_helper(",
                    '  File "%s/torch/distributed/distributed_c10d.py", line 1509, in _new_process_group_helper' % PYD,
                    "    backend_class = ProcessGroupGloo(backend_prefix_store, group_rank, group_size, timeout=timeout)",
                    "torch.distributed.DistStoreError: Socket Timeout",
                ], r))
            tf = plus(t_to, 0.4 + ni * 0.1)
            L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
            L.append(child_failed("train.py", dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=1, pid=pid0,
                                                   traceback="torch.distributed.DistStoreError: Socket Timeout"), []))
        files["%s/torchrun.log" % n] = join(L)
    good = healthy_gpus(rng, util=(0, 0), pwr=(60, 75), used=4)
    files["gpu-d01/nvidia-smi.txt"] = smi_table(plus(t0, -30), "550.54.15", "12.4", good, [])
    files["gpu-d03/nvidia-smi.txt"] = smi_table(plus(t0, -25), "470.199.02", "11.4", healthy_gpus(rng, util=(0, 0), pwr=(58, 70), used=4), [])
    files["gpu-d03/dpkg_log_excerpt.txt"] = join([
        "2024-06-16 21:44:02 startup archives unpack",
        "2024-06-16 21:44:03 install nvidia-driver-470-server:amd64 <none> 470.199.02-0ubuntu0.22.04.1",
        "2024-06-16 21:44:51 status installed nvidia-driver-470-server:amd64 470.199.02-0ubuntu0.22.04.1",
        "2024-06-16 21:45:10 status installed nvidia-fabricmanager-470:amd64 470.199.02-0ubuntu0.22.04.1",
    ])
    files["cluster_ops_note.txt"] = join([
        "2024-06-16 21:30  gpu-d03 returned from RMA (motherboard swap); reimaged from golden image 'gpu-base-2022q4'",
        "2024-06-16 22:05  gpu-d03 resumed in partition 'a100'",
    ])
    label = dict(
        category="dependency", layer="infrastructure", culprit={"node": "gpu-d03", "rank": None}, action="restart_without_node",
        rationale="Only gpu-d03's eight ranks fail, seconds after start, with 'The NVIDIA driver on your system is too old (found version 11040)'; its nvidia-smi "
                  "shows driver 470.199.02 / CUDA 11.4 while gpu-d01 runs 550.54.15, and dpkg shows the 470 driver installed the night before. The other nodes "
                  "then stall creating the gloo group and time out. Take gpu-d03 out until it is re-imaged.",
        modelled_on="https://github.com/ai4d-iasc/trixie/issues/9",
    )
    return name, files, label


# =====================================================================================
def bs12(rng):
    """New platform base image: libtorch_cuda undefined symbol on every pod."""
    name = "bs12_every_worker_pod_crashloops_on_import"
    pods = ["llm-ft-master-0", "llm-ft-worker-0", "llm-ft-worker-1"]
    nodes = ["gke-ml-a3-pool-7f2c-x7k2", "gke-ml-a3-pool-7f2c-q1m9", "gke-ml-a3-pool-7f2c-z0p4"]
    t0 = dt(2024, 8, 1, 12, 0, 3)
    files = {}
    err = [
        "Traceback (most recent call last):",
        '  File "/workspace/sft/train.py", line 7, in <module>',
        "    import torch",
        '  File "%s/torch/__init__.py", line 290, in <module>' % PYD,
        "    from torch._C import *  # noqa: F403",
        "ImportError: %s/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister" % PYD,
    ]
    for i, (p, n) in enumerate(zip(pods, nodes)):
        L = []
        for attempt in range(4):
            t = plus(t0, 20 + attempt * (10 * 2 ** attempt) + i * 0.7)
            L.append("==== container start %s (restartCount=%d) ====" % (iso_t(t), attempt))
            L.append("+ echo \"LD_LIBRARY_PATH=$LD_LIBRARY_PATH\"")
            L.append("LD_LIBRARY_PATH=/opt/nccl-2.18.1/lib:/usr/local/cuda/lib64:/usr/local/nvidia/lib64")
            L.append("+ torchrun --nnodes=3 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=llm-ft-master-0:23456 train.py --config sft_70b.yaml")
            if attempt == 0:
                L.append(torchrun_banner(plus(t, 1)))
            # torchrun itself imports torch, so it dies before spawning workers
            L.extend([
                "Traceback (most recent call last):",
                '  File "/usr/local/bin/torchrun", line 5, in <module>',
                "    from torch.distributed.run import main",
                '  File "%s/torch/__init__.py", line 290, in <module>' % PYD,
                "    from torch._C import *  # noqa: F403",
                "ImportError: %s/torch/lib/libtorch_cuda.so: undefined symbol: ncclCommRegister" % PYD,
            ])
        files["%s/pod_%s.log" % (n, p)] = join(L)
    files["%s/ldd_libtorch_cuda.txt" % nodes[0]] = join([
        "$ ldd %s/torch/lib/libtorch_cuda.so | grep nccl" % PYD,
        "\tlibnccl.so.2 => /opt/nccl-2.18.1/lib/libnccl.so.2 (0x00007f1e2a000000)",
        "$ pip show nvidia-nccl-cu12 | head -2",
        "Name: nvidia-nccl-cu12",
        "Version: 2.20.5",
    ])
    files["kubectl_get_pods.txt"] = join([
        "NAME              READY   STATUS             RESTARTS      AGE   IP            NODE",
        "llm-ft-master-0   0/1     CrashLoopBackOff   4 (31s ago)   3m    10.72.1.14    gke-ml-a3-pool-7f2c-x7k2",
        "llm-ft-worker-0   0/1     CrashLoopBackOff   4 (30s ago)   3m    10.72.5.9     gke-ml-a3-pool-7f2c-q1m9",
        "llm-ft-worker-1   0/1     CrashLoopBackOff   4 (29s ago)   3m    10.72.3.22    gke-ml-a3-pool-7f2c-z0p4",
    ])
    files["kubectl_describe_pytorchjob.txt"] = join([
        "Name:         llm-ft",
        "Namespace:    team-nlp",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Spec:",
        "  Pytorch Replica Specs:",
        "    Master:",
        "      Replicas:        1",
        "      Restart Policy:  OnFailure",
        "      Template:",
        "        Spec:",
        "          Containers:",
        "            Image:  us-docker.pkg.dev/ml-platform/images/pytorch-base:2024.07.31-cu124-nccl218",
        "    Worker:",
        "      Replicas:        2",
        "      Restart Policy:  OnFailure",
        "  Run Policy:",
        "    Backoff Limit:  4",
        "Status:",
        "  Conditions:",
        "    Last Transition Time:  %sZ" % iso_t(plus(t0, 1)),
        "    Message:               PyTorchJob llm-ft is created.",
        "    Reason:                PyTorchJobCreated",
        "    Status:                True",
        "    Type:                  Created",
        "    Last Transition Time:  %sZ" % iso_t(plus(t0, 200)),
        "    Message:               PyTorchJob llm-ft is failed because 1 Master replica(s) failed.",
        "    Reason:                PyTorchJobFailed",
        "    Status:                True",
        "    Type:                  Failed",
        "Events:",
        "  Type     Reason                   Age                From                   Message",
        "  ----     ------                   ----               ----                   -------",
        "  Normal   SuccessfulCreatePod      3m20s              pytorchjob-controller  Created pod: llm-ft-master-0",
        "  Normal   SuccessfulCreatePod      3m20s              pytorchjob-controller  Created pod: llm-ft-worker-0",
        "  Normal   SuccessfulCreatePod      3m20s              pytorchjob-controller  Created pod: llm-ft-worker-1",
        "  Warning  BackOff                  40s (x9 over 2m)   kubelet                Back-off restarting failed container pytorch in pod llm-ft-worker-0_team-nlp",
        "  Warning  PyTorchJobRestarting     40s (x12 over 3m)  pytorchjob-controller  PyTorchJob llm-ft is restarting because 1 Worker replica(s) failed.",
        "  Normal   PyTorchJobFailed         0s                 pytorchjob-controller  PyTorchJob llm-ft is failed because 1 Master replica(s) failed.",
    ])
    files["image_changelog.txt"] = join([
        "pytorch-base 2024.07.31-cu124-nccl218 (platform team)",
        "  - pin system NCCL 2.18.1 under /opt/nccl-2.18.1 and prepend it to LD_LIBRARY_PATH (workaround for IB hang ticket PLAT-2291)",
        "  - torch 2.3.1+cu121 unchanged",
        "pytorch-base 2024.07.10-cu124 (previous, last known good for team-nlp)",
    ])
    label = dict(
        category="dependency", layer="framework", culprit=None, action="stop",
        rationale="All three pods on three different nodes crash at 'import torch' with 'libtorch_cuda.so: undefined symbol: ncclCommRegister'; ldd shows "
                  "libtorch_cuda resolving libnccl.so.2 to the NCCL 2.18.1 that the new platform base image puts first on LD_LIBRARY_PATH. The same "
                  "environment error everywhere, so no node is to blame; fix the image before rerunning.",
        modelled_on="https://github.com/pytorch/pytorch/issues/119932",
    )
    return name, files, label


# =====================================================================================
def bs13(rng):
    """CPU gloo job: one node panics on a fatal machine check; the rest time out in gloo."""
    name = "bs13_cpu_job_peers_time_out_one_node_silent"
    nodes = ["cpu-s01", "cpu-s02", "cpu-s03", "cpu-s04", "cpu-s05", "cpu-s06"]
    ips = {n: "10.12.4.%d" % (101 + i) for i, n in enumerate(nodes)}
    nproc = 2
    t0 = dt(2024, 1, 22, 19, 30, 0)
    t_mce = dt(2024, 1, 23, 2, 17, 36, 880000)
    t_to = plus(t_mce, 600.3)
    boot = dt(2024, 1, 9, 10, 2, 2)
    files = {}
    bad = "cpu-s04"
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        if ni == 0:
            t = plus(t0, 40)
            step = 0
            while t < plus(t_mce, -60):
                step += 50
                L.append("%s INFO gbdt_nn: round %d train_logloss=%.5f val_logloss=%.5f it/s=%.2f" % (ms(t), step, 0.472 - step * 0.0000031, 0.479 - step * 0.0000027, 1.91 + rng.random() * 0.05))
                t = plus(t, 26 + rng.randint(0, 1))
        if n == bad:
            L.append("%s INFO gbdt_nn: rank 6 shard 6/12 heartbeat ok" % ms(plus(t_mce, -12)))
            files["%s/torchrun.log" % n] = join(L)  # log ends abruptly; node went down
            continue
        for lr in range(nproc):
            r = ni * 2 + lr
            op = "send" if lr == 0 else "recv"
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/home/svc/tabular/train_dist.py", line 210, in <module>',
                "    fit(cfg)",
                '  File "/home/svc/tabular/train_dist.py", line 166, in fit',
                "    hist = allreduce_histograms(local_hist, group)",
                '  File "/home/svc/tabular/comm.py", line 31, in allreduce_histograms',
                "    dist.all_reduce(buf, group=group)",
            ] + c10d_frames("all_reduce") + [gloo_timeout(600000, op, line=81 if op == "recv" else 136)], r))
        tf = plus(t_to, 0.3 + ni * 0.04)
        L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % (18800 + ni * 3)))
        L.append(child_failed("train_dist.py", dict(time=tf, host=n, rank=ni * 2, local_rank=0, exitcode=1, pid=18800 + ni * 3,
                                                    traceback=gloo_timeout(600000, "send", line=136)), []))
        files["%s/torchrun.log" % n] = join(L)
    J = [
        "-- Journal begins at Mon 2024-01-09 10:02:05 UTC, previous boot --",
        "Jan 23 01:58:12 cpu-s04 kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f2e1c4 offset:0x540 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1f0a col:0x3c8)",
        "Jan 23 02:09:44 cpu-s04 kernel: EDAC MC1: 3 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f2e1c4 offset:0x580 grain:32 syndrome:0x0 - OVERFLOW err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1f0a col:0x3d0)",
        "Jan 23 02:17:36 cpu-s04 kernel: mce: [Hardware Error]: CPU 41: Machine Check Exception: 5 Bank 13: be00000000800090",
        "Jan 23 02:17:36 cpu-s04 kernel: mce: [Hardware Error]: RIP !INEXACT! 33:<00007f3a9c21d4e0>",
        "Jan 23 02:17:36 cpu-s04 kernel: mce: [Hardware Error]: TSC 2c1f9a0e8d41c ADDR 3f2e1c4580 MISC 200001c020401086",
        "Jan 23 02:17:36 cpu-s04 kernel: mce: [Hardware Error]: PROCESSOR 0:606a6 TIME 1705976256 SOCKET 1 APIC 52 microcode d0003b9",
        "Jan 23 02:17:36 cpu-s04 kernel: mce: [Hardware Error]: Run the above through 'mcelog --ascii'",
        "Jan 23 02:17:36 cpu-s04 kernel: mce: [Hardware Error]: Machine check: Data load in unrecoverable area of kernel",
        "Jan 23 02:17:36 cpu-s04 kernel: Kernel panic - not syncing: Fatal machine check",
        "-- Boot 4f1c0a9e2b7d4e22a1a3d91c77e0b5f2 --",
        "Jan 23 02:24:58 cpu-s04 kernel: Linux version 5.14.0-362.13.1.el9_3.x86_64 (mockbuild@x86-64-01.build.eng.rdu2.redhat.com)",
        "Jan 23 02:25:03 cpu-s04 kernel: mce: [Hardware Error]: Machine check events logged",
        "Jan 23 02:25:03 cpu-s04 kernel: EDAC skx MC1: HANDLING MCE MEMORY ERROR",
        "Jan 23 02:25:03 cpu-s04 kernel: EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f2e1c4 offset:0x580 grain:32 - err_code:0x0000:0x009f socket:1 imc:0 rank:1 bg:2 ba:1 row:0x1f0a col:0x3d0)",
    ]
    files["%s/journalctl_k_b-1.txt" % bad] = join(J)
    files["%s/ipmi_sel.txt" % bad] = join([
        "  1a3 | 01/23/2024 | 02:09:45 | Memory #0x87 | Correctable ECC | Asserted | DIMM_B1",
        "  1a4 | 01/23/2024 | 02:17:36 | Memory #0x87 | Uncorrectable ECC | Asserted | DIMM_B1",
        "  1a5 | 01/23/2024 | 02:17:37 | Critical Interrupt #0x1a | Bus Fatal Error | Asserted",
        "  1a6 | 01/23/2024 | 02:18:40 | System Restart #0x21 | Watchdog reset | Asserted",
    ])
    files["slurmctld_excerpt.log"] = join([
        "[2024-01-23T02:23:16.004] error: Nodes cpu-s04 not responding",
        "[2024-01-23T02:24:56.120] error: Nodes cpu-s04 not responding, setting DOWN",
        "[2024-01-23T02:24:56.121] Killing JobId=4411 on failed node cpu-s04",
        "[2024-01-23T02:25:40.870] Node cpu-s04 now responding",
        "[2024-01-23T02:25:40.871] validate_node_specs: Node cpu-s04 unexpectedly rebooted boot_time=1705976698 last response=1705976256",
    ])
    files["sacct.txt"] = sacct([
        ("4411", "tab_gbdt", "cpu", "risk", "384", "NODE_FAIL", "0:0"),
        ("4411.batch", "batch", "", "risk", "64", "CANCELLED", "0:15"),
        ("4411.0", "torchrun", "", "risk", "384", "CANCELLED", "0:15"),
    ])
    label = dict(
        category="host", layer="infrastructure", culprit={"node": bad, "rank": None}, action="restart_without_node",
        rationale="cpu-s04's log just stops at 02:17; its previous-boot journal shows rising correctable errors on DIMM_B1, then 'Machine Check Exception' and "
                  "'Kernel panic - not syncing: Fatal machine check', and the IPMI SEL records an uncorrectable ECC on DIMM_B1. The other ranks' gloo "
                  "'Timed out waiting 600000ms' errors come ten minutes later. Slurm marked the job NODE_FAIL.",
        modelled_on="https://github.com/ovro-lwa/lwa-issues/issues/117",
    )
    return name, files, label


# =====================================================================================
def bs14(rng):
    """A stale process from someone else holds 38 GiB on one GPU; one rank OOMs on the first forward."""
    name = "bs14_single_rank_cuda_oom_on_first_step"
    nodes = ["a100-07", "a100-08", "a100-09"]
    ips = {n: "10.9.0.%d" % (107 + i) for i, n in enumerate(nodes)}
    nproc = 8
    t0 = dt(2024, 4, 2, 15, 0, 4)
    t_oom = dt(2024, 4, 2, 15, 3, 48, 614000)
    files = {}
    bad = "a100-08"
    bad_rank = 11
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1), style="new")]
        pid0 = 70928 if n == bad else 50100 + ni * 50
        for lr in range(2):
            L += nccl_init_block(n, pid0 + lr, lr, ni * 8 + lr, 24, ifname="ibp12s0", ip=ips[n])
        L.append("[%s] rank0: model 13.0B params, FSDP FULL_SHARD, bf16" % iso(plus(t0, 150)) if ni == 0 else "[%s] local ranks ready" % iso(plus(t0, 150)))
        if n == bad:
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/data/proj/codegen/train.py", line 288, in <module>',
                "    train(args)",
                '  File "/data/proj/codegen/train.py", line 241, in train',
                "    logits = model(input_ids, attention_mask=mask)",
                '  File "%s/torch/nn/modules/module.py", line 1532, in _wrapped_call_impl' % PY,
                "    return self._call_impl(*args, **kwargs)",
                '  File "%s/torch/distributed/fsdp/fully_sharded_data_parallel.py", line 849, in forward' % PY,
                "    output = self._fsdp_wrapped_module(*args, **kwargs)",
                '  File "/data/proj/codegen/model.py", line 199, in forward',
                "    attn = torch.softmax(scores.float(), dim=-1)",
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.15 GiB of which 1.13 GiB is free. "
                "Process 55120 has 38.41 GiB memory in use. Process 70931 has 39.58 GiB memory in use. Of the allocated memory 37.02 GiB is allocated by PyTorch, "
                "and 1.61 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
                "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
                "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
            ], bad_rank))
            L.append(glog_pid("W", plus(t_oom, 0.8), 70900, "torch/distributed/elastic/multiprocessing/api.py:858", "Sending process 70928 closing signal SIGTERM"))
            L.append(glog_pid("E", plus(t_oom, 1.3), 70900, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: 3 (pid: 70931) of binary: /data/envs/cg/bin/python"))
            L.append(child_failed("train.py", dict(time=plus(t_oom, 1.3), host=n, rank=bad_rank, local_rank=3, exitcode=1, pid=70931,
                                                   error_file="/tmp/torchelastic_b3/cg-run_1/attempt_0/3/error.json",
                                                   traceback="torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.15 GiB of which 1.13 GiB is free. Process 55120 has 38.41 GiB memory in use. ..."), []))
        else:
            r = ni * 8 + 2
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/data/proj/codegen/train.py", line 252, in train',
                "    dist.all_reduce(loss_sum, group=metrics_group)   # gloo",
            ] + c10d_frames("all_reduce") + [gloo_closed(ips[bad], 39900 + ni)], r))
            tf = plus(t_oom, 1.9)
            L.append(glog_pid("E", tf, pid0 - 3, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: 2 (pid: %d) of binary: /data/envs/cg/bin/python" % (pid0 + 2)))
            L.append(child_failed("train.py", dict(time=tf, host=n, rank=r, local_rank=2, exitcode=1, pid=pid0 + 2, traceback=gloo_closed(ips[bad], 39900 + ni)), []))
        files["%s/torchrun.log" % n] = join(L)
    gpus = healthy_gpus(rng, used=4, util=(0, 0), pwr=(58, 66))
    for g in gpus:
        g["used"] = 4
    gpus[3]["used"] = 39335
    gpus[3]["pwr"] = 71
    procs = [(3, 55120, "/home/bkim/miniconda3/envs/emb/bin/python", 39331)]
    files["%s/nvidia-smi_after_failure.txt" % bad] = smi_table(plus(t_oom, 40), "535.161.08", "12.2", gpus, procs, name="NVIDIA A100-SXM4-80GB")
    files["%s/ps_55120.txt" % bad] = join([
        "    PID USER     ELAPSED     STAT CMD",
        "  55120 bkim     2-03:11:42  Sl   /home/bkim/miniconda3/envs/emb/bin/python serve_embeddings.py --port 8812 --device cuda:3",
    ])
    files["squeue_a100-08.txt"] = join([
        "JOBID  PARTITION  NAME       USER   ST  TIME  NODES NODELIST",
        "90412  a100       cg-run     svc-ml R   4:02  3     a100-[07-09]",
        "# no other job is allocated a100-08; PID 55120 belongs to job 89150 (bkim), which ended 2024-03-31 12:51 (slurmd: epilog did not reap stray GPU processes)",
    ])
    label = dict(
        category="oom", layer="infrastructure", culprit={"node": bad, "rank": bad_rank}, action="restart_without_node",
        rationale="Only rank 11 (a100-08, GPU 3) runs out of memory, and the OOM message itself says 'Process 55120 has 38.41 GiB memory in use'; nvidia-smi and "
                  "ps show PID 55120 is another user's leftover serve_embeddings.py from a job that ended two days earlier. The gloo 'Connection closed' and NCCL "
                  "watchdog errors elsewhere follow rank 11's exit.",
        modelled_on="https://github.com/ai4d-iasc/trixie/issues/92",
    )
    return name, files, label


# =====================================================================================
def bs15(rng):
    """Every rank OOMs right after seq_len was doubled."""
    name = "bs15_out_of_memory_on_every_rank_at_step_one"
    nodes = ["node-021", "node-022", "node-023", "node-024"]
    nproc = 8
    t0 = dt(2024, 5, 9, 22, 0, 10)
    t_oom = dt(2024, 5, 9, 22, 6, 51, 200000)
    files = {}
    files["config_diff.txt"] = join([
        "--- configs/llama13b_sft.yaml@HEAD~1",
        "+++ configs/llama13b_sft.yaml@HEAD",
        "@@ -12,7 +12,7 @@",
        " model: llama-13b",
        "-seq_len: 4096",
        "+seq_len: 8192",
        " micro_batch_size: 4",
        " activation_checkpointing: false",
        " fsdp_sharding: SHARD_GRAD_OP",
    ])
    S = []
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        for lr in range(nproc):
            r = ni * 8 + lr
            free = 1.31 + rng.random() * 0.4
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/lus/home/ml/sft/train.py", line 318, in <module>',
                "    main()",
                '  File "/lus/home/ml/sft/train.py", line 276, in main',
                "    loss.backward()",
                '  File "%s/torch/_tensor.py", line 525, in backward' % PY,
                "    torch.autograd.backward(",
                '  File "%s/torch/autograd/graph.py", line 744, in _engine_run_backward' % PY,
                "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. "
                "Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f MiB is reserved by PyTorch but unallocated. "
                "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  "
                "See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                % (lr, free, 79.11 - free - 0.5, 75.3 + rng.random(), 300 + rng.random() * 200),
            ], r))
            if lr == 5 and ni == 2:
                L.extend(prefix([
                    "Traceback (most recent call last):",
                    '  File "/lus/home/ml/sft/train.py", line 281, in main',
                    "    dist.all_reduce(tokens_seen, group=gloo_group)",
                ] + c10d_frames("all_reduce") + [gloo_closed("10.100.0.21", 40121)], r))
        tf = plus(t_oom, 0.5 + ni * 0.11)
        L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % (33000 + ni * 9)))
        mk = lambda lr: dict(time=tf, host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=1, pid=33000 + ni * 9 + lr,
                             traceback="torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 8.00 GiB. GPU %d has a total capacity of 79.11 GiB ..." % lr)
        L.append(child_failed("train.py", mk(0), [mk(lr) for lr in range(1, 8)]))
        files["%s/torchrun.log" % n] = join(L)
        S.append("srun: error: %s: task %d: Exited with exit code 1" % (n, ni))
    files["slurm-334190.out"] = join([
        "+ srun torchrun --nnodes 4 --nproc-per-node 8 train.py --config configs/llama13b_sft.yaml",
        "[%s] rank 0: seq_len=8192 micro_batch_size=4 activation_checkpointing=False" % iso(plus(t0, 300)),
        "[%s] rank 0: step 1 forward done, peak allocated 71.9 GiB" % iso(plus(t_oom, -3)),
    ] + S)
    label = dict(
        category="oom", layer="framework", culprit=None, action="stop",
        rationale="All 32 ranks on all four nodes hit 'CUDA out of memory. Tried to allocate 8.00 GiB' in the first backward pass, right after the config "
                  "doubled seq_len to 8192 with activation checkpointing off. The job's own settings exceed GPU memory; no node stands out.",
        modelled_on="https://github.com/karpathy/nanoGPT/issues/88",
    )
    return name, files, label


# =====================================================================================
def bs16(rng):
    """Loss diverges to NaN on every rank after warmup reaches a high LR."""
    name = "bs16_loss_nan_guard_aborts_all_ranks"
    nodes = ["gpu-k01", "gpu-k02"]
    nproc = 8
    t0 = dt(2024, 2, 26, 9, 30, 0)
    files = {}
    L0 = [torchrun_banner(plus(t0, 1), style="new")]
    L0 += nccl_init_block("gpu-k01", 14400, 0, 0, 16, ifname="ib0", ip="10.77.0.1")
    L0.append(nccl_warn("gpu-k01", 14400, 14437, 0, "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation"))
    t = plus(t0, 60)
    loss = 10.9
    for step in range(10, 1471, 10):
        lr = 3e-3 * min(1.0, step / 200.0)
        if step < 900:
            loss = loss * 0.985 + 3.2 * 0.015 + rng.random() * 0.02
            gn = 1.0 + rng.random() * 0.4
        elif step < 1400:
            loss = loss + (0.01 if step % 50 else 0.35) + rng.random() * 0.05
            gn = 4 + (step - 900) * 0.08 + rng.random() * 3
        else:
            loss = loss * 1.2 + 1
            gn = 10 ** ((step - 1400) / 12.0)
        lstr = "%.4f" % loss if step < 1460 else "nan"
        gstr = "%.3f" % gn if step < 1450 else "inf"
        L0.append("%s | step %5d | lr %.3e | loss %s | grad_norm %s | tok/s %d" % (ms(t), step, lr, lstr, gstr, 301000 + rng.randint(-800, 800)))
        t = plus(t, 9 + rng.randint(0, 1))
    files["config.yaml"] = join([
        "optimizer: adamw",
        "lr: 3.0e-3            # was 3.0e-4 in run 0219",
        "warmup_steps: 200",
        "weight_decay: 0.1",
        "grad_clip: null",
        "precision: bf16",
        "global_batch_size: 1024",
        "nan_guard: {enabled: true, metrics_group: gloo}",
    ])
    t_nan = plus(t, 20)
    for ni, n in enumerate(nodes):
        L = L0 if ni == 0 else [torchrun_banner(plus(t0, 1.3), style="new")]
        for lr_ in range(nproc):
            r = ni * 8 + lr_
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/home/research/lm/train.py", line 402, in <module>',
                "    main()",
                '  File "/home/research/lm/train.py", line 371, in main',
                "    nan_guard.check(loss, step)",
                '  File "/home/research/lm/utils/guards.py", line 27, in check',
                "    raise FloatingPointError(f\"loss is {v} at step {step} (all-reduced over {self.group_name})\")",
                "FloatingPointError: loss is nan at step 1463 (all-reduced over gloo)",
            ], r))
        tf = plus(t_nan, 0.4 + ni * 0.02)
        pid0 = 14400 + ni * 100
        L.append(agent_line(tf, "ERROR", "failed (exitcode: 1) local_rank: 0 (pid: %d) of binary: /usr/bin/python" % pid0, style="new"))
        mk = lambda lr_: dict(time=tf, host=n, rank=ni * 8 + lr_, local_rank=lr_, exitcode=1, pid=pid0 + lr_,
                              traceback="FloatingPointError: loss is nan at step 1463 (all-reduced over gloo)")
        L.append(child_failed("train.py", mk(0), [mk(x) for x in range(1, 8)]))
        files["%s/torchrun.log" % n] = join(L)
        files["%s/nvidia-smi-q_ecc.txt" % n] = join([
            "==============NVSMI LOG==============",
            "Timestamp                                 : %s" % t_nan.strftime("%a %b %d %H:%M:%S %Y"),
            "Driver Version                            : 550.90.07",
            "Attached GPUs                             : 8",
        ] + sum([[
            "GPU 00000000:%s" % BUSES8[g][9:],
            "    ECC Errors",
            "        Volatile",
            "            SRAM Correctable              : 0",
            "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : 0",
            "            DRAM Uncorrectable            : 0",
            "    Remapped Rows",
            "        Correctable Error                 : 0",
            "        Uncorrectable Error               : 0",
            "        Pending                           : No",
            "        Remapping Failure Occurred        : No",
        ] for g in range(8)], []))
    label = dict(
        category="numerical", layer="script", culprit=None, action="stop",
        rationale="The loss climbs in spikes after warmup reaches lr 3.0e-3 (ten times the previous run's 3.0e-4, with no grad clipping), grad_norm goes to inf, "
                  "and every one of the 16 ranks on both nodes raises the NaN guard at step 1463. No ECC or Xid evidence on either node: a recipe problem.",
        modelled_on="https://github.com/facebookresearch/maskrcnn-benchmark/issues/841",
    )
    return name, files, label


# =====================================================================================
def bs17(rng):
    """CPU gloo job slows down; one node is thermally throttling and its ranks compute slower."""
    name = "bs17_cpu_training_steps_slower_since_midnight"
    nodes = ["cpu-r4-01", "cpu-r4-02", "cpu-r4-03", "cpu-r4-04"]
    nproc = 4
    t0 = dt(2024, 7, 20, 18, 0, 0)
    t_hot = dt(2024, 7, 21, 0, 7, 12)
    t_now = dt(2024, 7, 21, 9, 40, 0)
    boot = dt(2024, 7, 2, 6, 6, 6)
    files = {}
    L = [torchrun_banner(plus(t0, 1))]
    t = plus(t0, 60)
    step = 0
    while t < t_now:
        step += 100
        st = 1.92 + rng.random() * 0.04 if t < t_hot else 3.31 + rng.random() * 0.08
        L.append("%s [train] step=%d loss=%.4f step_time=%.2fs allreduce_wait(rank0)=%.2fs" % (ms(t), step, 0.91 - step * 0.000002, st, 0.12 + (1.31 if t >= t_hot else 0) + rng.random() * 0.03))
        t = plus(t, st * 100)
    files["cpu-r4-01/torchrun.log"] = join(L)
    T = ["# per-rank timing, mean over steps 15000-15500 (collected %s)" % iso(plus(t_now, -300)),
         "rank  host        compute_ms  gloo_allreduce_wait_ms  data_ms"]
    for ni, n in enumerate(nodes):
        for lr in range(nproc):
            r = ni * 4 + lr
            if n == "cpu-r4-03":
                T.append("%4d  %-10s  %10d  %22d  %7d" % (r, n, 3080 + rng.randint(-40, 40), 35 + rng.randint(0, 10), 90 + rng.randint(0, 15)))
            else:
                T.append("%4d  %-10s  %10d  %22d  %7d" % (r, n, 1760 + rng.randint(-40, 40), 1350 + rng.randint(-30, 30), 88 + rng.randint(0, 15)))
    files["rank_timing_summary.txt"] = join(T)
    files["cpu-r4-03/dmesg.txt"] = join([
        "%s mce: CPU12: Package temperature above threshold, cpu clock throttled (total events = 1)" % uptime(t_hot, boot),
        "%s mce: CPU76: Package temperature above threshold, cpu clock throttled (total events = 1)" % uptime(plus(t_hot, 0.0001), boot),
        "%s mce: CPU12: Core temperature above threshold, cpu clock throttled (total events = 212)" % uptime(plus(t_hot, 3600), boot),
        "%s mce: CPU12: Package temperature above threshold, cpu clock throttled (total events = 48211)" % uptime(plus(t_now, -600), boot),
        "%s mce: CPU44: Package temperature above threshold, cpu clock throttled (total events = 48209)" % uptime(plus(t_now, -600), boot),
    ])
    files["cpu-r4-03/ipmi_sensor.txt"] = join([
        "FAN1             | 9120.000   | RPM        | ok    | 1000.000  | 1400.000",
        "FAN2             | 9240.000   | RPM        | ok    | 1000.000  | 1400.000",
        "FAN3             | 0.000      | RPM        | nr    | 1000.000  | 1400.000",
        "FAN4             | 9180.000   | RPM        | ok    | 1000.000  | 1400.000",
        "CPU1 Temp        | 98.000     | degrees C  | cr    | na        | na",
        "CPU2 Temp        | 97.000     | degrees C  | cr    | na        | na",
        "Inlet Temp       | 24.000     | degrees C  | ok    | na        | na",
    ])
    files["cpu-r4-03/turbostat_5s.txt"] = join([
        "Core  CPU  Avg_MHz  Busy%  Bzy_MHz  TSC_MHz  CoreTmp  PkgTmp  PkgWatt",
        "-     -    1208     99.4   1215     2600     97       98      181.2",
    ])
    files["cpu-r4-01/turbostat_5s.txt"] = join([
        "Core  CPU  Avg_MHz  Busy%  Bzy_MHz  TSC_MHz  CoreTmp  PkgTmp  PkgWatt",
        "-     -    2891     62.1   2905     2600     71       73      268.9",
    ])
    files["squeue.txt"] = join([
        "JOBID  PARTITION  NAME        USER  ST  TIME      NODES NODELIST",
        "51007  cpu        als_recsys  fzh   R   15:40:00  4     cpu-r4-[01-04]",
    ])
    label = dict(
        category="straggler", layer="infrastructure", culprit={"node": "cpu-r4-03", "rank": None}, action="restart_without_node",
        rationale="Step time jumped from about 1.9 s to 3.3 s at 00:07 with no crash. The per-rank timing shows cpu-r4-03's ranks 8-11 computing about 3.1 s "
                  "while everyone else waits about 1.35 s in the gloo all-reduce; cpu-r4-03's dmesg starts 'Package temperature above threshold, cpu clock "
                  "throttled' at exactly 00:07, FAN3 reads 0 RPM and turbostat shows 1.2 GHz against 2.9 GHz on a healthy node.",
        modelled_on="https://github.com/erpalma/throttled/issues/239",
    )
    return name, files, label


# =====================================================================================
def bs18(rng):
    """Everything is uniformly slow after num_workers was set to 0."""
    name = "bs18_throughput_dropped_after_config_commit"
    nodes = ["dgx-b01", "dgx-b02", "dgx-b03", "dgx-b04"]
    nproc = 8
    t0 = dt(2024, 9, 2, 8, 0, 0)
    files = {}
    L = [torchrun_banner(plus(t0, 1), style="new")]
    L += nccl_init_block("dgx-b01", 20100, 0, 0, 32, ifname="ibp24s0", ip="10.88.0.1")
    t = plus(t0, 120)
    for step in range(20, 2001, 20):
        L.append("%s INFO step %d loss %.4f step_time %.2fs data_time %.2fs imgs/s %d" % (ms(t), step, 5.1 - step * 0.0011, 1.13 + rng.random() * 0.05, 0.93 + rng.random() * 0.05, 2870 + rng.randint(-40, 40)))
        t = plus(t, 22.6 + rng.random())
    files["dgx-b01/torchrun.log"] = join(L)
    files["previous_run_0829_tail.log"] = join([
        "2024-08-29 14:02:11,201 INFO step 2000 loss 2.9712 step_time 0.27s data_time 0.02s imgs/s 12110",
        "2024-08-29 14:02:16,612 INFO step 2020 loss 2.9690 step_time 0.27s data_time 0.02s imgs/s 12088",
    ])
    files["git_show_HEAD.txt"] = join([
        "commit 3be07d1c5a2e (HEAD -> main)",
        "Author: j.doe",
        "Date:   Sun Sep 1 22:14:09 2024",
        "",
        "    debug: make data order deterministic for repro",
        "",
        "--- a/configs/data/imagenet22k.yaml",
        "+++ b/configs/data/imagenet22k.yaml",
        "@@ -4,6 +4,6 @@",
        " batch_size_per_gpu: 96",
        "-num_workers: 10",
        "-pin_memory: true",
        "+num_workers: 0",
        "+pin_memory: false",
        " decode: pil",
    ])
    for n in nodes:
        gpus = healthy_gpus(rng, util=(14, 27), pwr=(160, 220), used=52100)
        files["%s/nvidia-smi.txt" % n] = smi_table(plus(t0, 3000), "550.54.15", "12.4", gpus,
                                                  [(i, 20100 + i, "/usr/bin/python", gpus[i]["used"] - 500) for i in range(8)])
    files["dgx-b02/top_b1.txt"] = join([
        "top - 08:52:10 up 12 days,  3:01,  0 users,  load average: 8.21, 8.30, 8.27",
        "Tasks: 1211 total,   9 running, 1202 sleeping,   0 stopped,   0 zombie",
        "%Cpu(s):  3.9 us,  0.4 sy,  0.0 ni, 95.6 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st",
        "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND",
        "  21003 svc-cv    20   0   58.1g  11.2g   1.1g R 100.3   0.6  52:10.44 python",
        "  21001 svc-cv    20   0   58.3g  11.1g   1.1g R 100.0   0.6  52:12.01 python",
        "  21006 svc-cv    20   0   58.0g  11.2g   1.1g R  99.7   0.6  52:09.93 python",
        "  21000 svc-cv    20   0   58.2g  11.3g   1.1g R  99.7   0.6  52:11.20 python",
    ])
    files["dgx-b03/dmesg.txt"] = join([
        "[1044211.113204] mlx5_core 0000:0c:00.0: mlx5_fw_tracer_handle_traces:736:(pid 0): FW tracer: event 0x3",
        "[1049933.402001] IPv4: martian source 10.88.0.255 from 10.88.0.17, on dev ibp24s0",
    ])
    label = dict(
        category="straggler", layer="script", culprit=None, action="stop",
        rationale="Throughput fell from about 12100 to 2870 img/s with data_time about 0.95 s of a 1.15 s step on every node alike; GPUs sit at 14-27% "
                  "utilisation everywhere and the python processes each burn one core. The HEAD commit set num_workers: 0 and pin_memory: false. "
                  "The job's own data-loading settings cause it, not a node.",
        modelled_on="https://github.com/pytorch/pytorch/issues/105841",
    )
    return name, files, label


# =====================================================================================
def bs19(rng):
    """Slurm preempts the job; SIGTERMs and gloo closures on all nodes."""
    name = "bs19_sigterm_on_all_nodes_then_job_requeued"
    nodes = ["gpu-e01", "gpu-e02", "gpu-e03"]
    ips = {n: "10.5.5.%d" % (1 + i) for i, n in enumerate(nodes)}
    nproc = 8
    t0 = dt(2024, 6, 2, 6, 1, 0)
    t_pre = dt(2024, 6, 2, 11, 20, 5)
    files = {}
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1))]
        if ni == 0:
            t = plus(t0, 90)
            step = 0
            while t < t_pre:
                step += 100
                L.append("[%s] step %d | loss %.4f | %.2f s/it" % (iso(t), step, 1.8 - step * 0.00003 + rng.random() * 0.01, 1.52 + rng.random() * 0.03))
                t = plus(t, 152 + rng.randint(0, 3))
        tt = plus(t_pre, 0.2 + ni * 0.05)
        L.append(agent_line(tt, "WARNING", "Received Signals.SIGTERM death signal, shutting down workers"))
        for lr in range(nproc):
            L.append(agent_line(plus(tt, 0.01), "WARNING", "Sending process %d closing signal SIGTERM" % (9100 + ni * 20 + lr)))
        if ni == 1:
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/home/mlops/dpo/train.py", line 219, in train_loop',
                "    dist.all_reduce(stats, group=cpu_group)",
            ] + c10d_frames("all_reduce") + [gloo_closed(ips["gpu-e01"], 43990)], 12))
        L += [
            "Traceback (most recent call last):",
            '  File "/opt/conda/bin/torchrun", line 33, in <module>',
            "    sys.exit(load_entry_point('torch==2.3.1', 'console_scripts', 'torchrun')())",
            '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 347, in wrapper' % PY,
            "    return f(*args, **kwargs)",
            '  File "%s/torch/distributed/run.py", line 879, in main' % PY,
            "    run(args)",
            '  File "%s/torch/distributed/launcher/api.py", line 254, in launch_agent' % PY,
            "    result = agent.run()",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 733, in run' % PY,
            "    result = self._invoke_run(role)",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 876, in _invoke_run' % PY,
            "    time.sleep(monitor_interval)",
            '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 76, in _terminate_process_handler' % PY,
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (9090 + ni * 20),
        ]
        files["%s/torchrun.log" % n] = join(L)
    files["slurm-771204.out"] = join([
        "slurmstepd: error: *** JOB 771204 ON gpu-e01 CANCELLED AT %s DUE TO PREEMPTION ***" % iso_t(t_pre),
        "slurmstepd: error: *** STEP 771204.0 ON gpu-e01 CANCELLED AT %s DUE TO PREEMPTION ***" % iso_t(t_pre),
        "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
        "srun: error: gpu-e02: task 1: Terminated",
        "srun: error: gpu-e03: task 2: Terminated",
        "srun: error: gpu-e01: task 0: Terminated",
        "srun: Force Terminated StepId=771204.0",
    ])
    files["sacct.txt"] = sacct([
        ("771204", "dpo_13b", "preempt", "alignment", "288", "PREEMPTED", "0:15"),
        ("771204.batch", "batch", "", "alignment", "96", "CANCELLED", "0:15"),
        ("771204.0", "torchrun", "", "alignment", "288", "CANCELLED", "0:15"),
    ])
    files["scontrol_show_job.txt"] = join([
        "JobId=771204 JobName=dpo_13b",
        "   Priority=1013 Nice=0 Account=alignment QOS=preemptible",
        "   JobState=PENDING Reason=BeginTime Dependency=(null)",
        "   Requeue=1 Restarts=1 BatchFlag=1 Reboot=0 ExitCode=0:15",
        "   Partition=preempt",
        "   PreemptTime=%s" % iso_t(t_pre),
    ])
    label = dict(
        category="unknown", layer="framework", culprit=None, action="none",
        rationale="slurmstepd reports 'JOB 771204 ... CANCELLED ... DUE TO PREEMPTION' at 11:20:05, every torchrun agent receives SIGTERM at that moment, "
                  "sacct shows PREEMPTED and the job was requeued. The gloo 'Connection closed' on rank 12 is just teardown order. Nothing to fix.",
        modelled_on="https://github.com/facebookincubator/submitit/pull/1603",
    )
    return name, files, label


# =====================================================================================
def bs20(rng):
    """Xid 94 contained ECC on one GPU; after a GPU reset the row remap is complete and nothing is pending."""
    name = "bs20_one_rank_uncorrectable_ecc_error_rest_watchdog"
    nodes = ["gpu-f01", "gpu-f02", "gpu-f03", "gpu-f04"]
    ips = {n: "10.21.7.%d" % (1 + i) for i, n in enumerate(nodes)}
    nproc = 8
    t0 = dt(2024, 10, 20, 2, 0, 0)
    t_x = dt(2024, 10, 20, 8, 44, 19, 63000)
    boot = dt(2024, 10, 11, 11, 1, 1)
    files = {}
    bad = "gpu-f02"
    bad_lr = 6
    bad_rank = 14
    for ni, n in enumerate(nodes):
        L = [torchrun_banner(plus(t0, 1), style="new")]
        pid0 = 40400 + ni * 31
        if ni == 0:
            t = plus(t0, 120)
            step = 0
            while t < t_x:
                step += 100
                L.append("%s - trainer - INFO - step %d loss %.4f lr %.2e" % (ms(t), step, 2.4 - step * 0.00001, 2e-4))
                t = plus(t, 200 + rng.randint(0, 4))
        if n == bad:
            L.extend(prefix([
                "Traceback (most recent call last):",
                '  File "/code/t5x_pt/train.py", line 266, in <module>',
                "    main()",
                '  File "/code/t5x_pt/train.py", line 230, in main',
                "    optimizer.step()",
                '  File "%s/torch/optim/adamw.py", line 484, in _multi_tensor_adamw' % PY,
                "    torch._foreach_add_(device_exp_avg_sqs, torch._foreach_mul(device_grads, device_grads), alpha=1 - beta2)",
                "RuntimeError: CUDA error: uncorrectable ECC error encountered",
                "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1.",
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            ], bad_rank))
            tf = plus(t_x, 1.7)
            L.append(glog_pid("E", tf, pid0 - 2, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (bad_lr, pid0 + bad_lr)))
            L.append(child_failed("train.py", dict(time=tf, host=n, rank=bad_rank, local_rank=bad_lr, exitcode=1, pid=pid0 + bad_lr,
                                                   traceback="RuntimeError: CUDA error: uncorrectable ECC error encountered"), []))
        else:
            if ni == 2:
                L.append(glog_new("W", plus(t_x, 2.4), 19, "ProcessGroupGloo.cpp:2917",
                                  "Warning: [../third_party/gloo/gloo/transport/tcp/pair.cc:534] Connection closed by peer [%s]:35871 (function operator())" % ips[bad]))
            for lr in range(nproc):
                L.extend(nccl_watchdog(ni * 8 + lr, 98112, "ALLREDUCE", 134217728, 900000, 900044, t=plus(t_x, 900.2 + lr * 0.002)))
            L.extend(nccl_abort_tail(ni * 8, 98112, "ALLREDUCE", 134217728, 900000, 900044))
            tf = plus(t_x, 905 + ni * 0.3)
            L.append(glog_pid("E", tf, pid0 - 2, "torch/distributed/elastic/multiprocessing/api.py:833", "failed (exitcode: -6) local_rank: 0 (pid: %d) of binary: /usr/bin/python3" % pid0))
            L.append(child_failed("train.py", dict(time=tf, host=n, rank=ni * 8, local_rank=0, exitcode=-6, pid=pid0, traceback=sig_tb(6, pid0)),
                                  [dict(time=tf, host=n, rank=ni * 8 + lr, local_rank=lr, exitcode=-6, pid=pid0 + lr, traceback=sig_tb(6, pid0 + lr)) for lr in range(1, 8)]))
        files["%s/torchrun.log" % n] = join(L)
    files["%s/dmesg.txt" % bad] = join([
        "%s NVRM: Xid (PCI:0000:ba:00): 94, pid=%d, name=python3, Contained ECC error" % (uptime(t_x, boot), 40400 + 31 + bad_lr),
        "%s NVRM: Xid (PCI:0000:ba:00): 63, pid=%d, name=python3, Row Remapper: New row (0x00000000d2c41a00) marked for remapping, reset gpu to activate." % (uptime(plus(t_x, 0.004), boot), 40400 + 31 + bad_lr),
        "%s NVRM: Xid (PCI:0000:ba:00): 45, pid=%d, name=python3, Ch 00000008" % (uptime(plus(t_x, 1.6), boot), 40400 + 31 + bad_lr),
    ])
    files["%s/health_check_after_job.log" % bad] = join([
        "%s node-health: draining gpu-f02 for GPU reset (reason: Xid 63 row remap pending on GPU 6)" % iso_t(plus(t_x, 1200)),
        "%s node-health: nvidia-smi -r -i 6 : GPU 00000000:BA:00.0 was successfully reset." % iso_t(plus(t_x, 1262)),
        "%s node-health: dcgmi diag -r 2 -i 6 : PASS (Deployment, Memory, PCIe, Diagnostic)" % iso_t(plus(t_x, 1630)),
        "%s node-health: gpu-f02 returned to service" % iso_t(plus(t_x, 1660)),
    ])
    files["%s/nvidia-smi-q_gpu6_after_reset.txt" % bad] = join([
        "GPU 00000000:BA:00.0",
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "        Aggregate",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 1",
        "    Retired Pages",
        "        Single Bit ECC                    : N/A",
        "        Double Bit ECC                    : N/A",
        "        Pending Page Blacklist            : N/A",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 1",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "        Bank Remap Availability Histogram",
        "            Max                           : 2559 bank(s)",
        "            High                          : 1 bank(s)",
        "            Partial                       : 0 bank(s)",
        "            Low                           : 0 bank(s)",
        "            None                          : 0 bank(s)",
    ])
    label = dict(
        category="gpu_memory", layer="infrastructure", culprit={"node": bad, "rank": bad_rank}, action="restart",
        rationale="Rank 14 (gpu-f02, GPU 6 at ba:00) dies with 'uncorrectable ECC error encountered' at the moment dmesg logs Xid 94 (contained ECC) and Xid 63 "
                  "(row marked for remapping); the other ranks only time out in NCCL fifteen minutes later. After the GPU reset nvidia-smi -q shows "
                  "the remap done (Pending: No, no remapping failure) and dcgmi passes, so the node can be reused: restart.",
        modelled_on="https://github.com/leptonai/gpud/pull/108",
    )
    return name, files, label


CASES = [bs11, bs12, bs13, bs14, bs15, bs16, bs17, bs18, bs19, bs20]
