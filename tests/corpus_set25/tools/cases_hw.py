"""Cases j01-j09: GPU hardware, GPU memory, NVLink and network failures."""
from common import (Bundle, label, culprit, rng_for, T, plus, iso_z, dmesg_T, syslog, short_iso, glog, glog_short,
                    kube_ts, nccl_init, BUSIDS, PCI, watchdog_timeout, nccl_async_error, elastic_sigterm, child_failed,
                    nvidia_smi_table, ibstat, benign_dmesg, step_lines, js, interleave)

PY = "/usr/local/lib/python3.10/dist-packages"


def cuda_tb(err, where="loss.backward()", script="train.py", line=311):
    return ["Traceback (most recent call last):",
            '  File "/workspace/%s", line %d, in <module>' % (script, line + 120),
            "    main()",
            '  File "/workspace/%s", line %d, in main' % (script, line),
            "    %s" % where,
            '  File "%s/torch/_tensor.py", line 521, in backward' % PY,
            "    torch.autograd.backward(",
            '  File "%s/torch/autograd/graph.py", line 769, in _engine_run_backward' % PY,
            "    return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
            "RuntimeError: CUDA error: %s" % err,
            "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]


# --------------------------------------------------------------------------- j01
def j01():
    name = "j01_job_died_after_two_hours_no_traceback"
    rng = rng_for(name)
    nodes = ["gpu-node-011", "gpu-node-012", "gpu-node-014", "gpu-node-017"]
    bad, bad_local = "gpu-node-017", 2
    bad_rank = 3 * 8 + bad_local
    b = Bundle(name, label("gpu_hardware", "infrastructure", culprit(bad, bad_rank), "restart_without_node",
                           "Task 26 on gpu-node-017 is the first to fail (CUDA 'unspecified launch failure'); the node's kernel log shows "
                           "Xid 79 (GPU fallen off the bus) for PCI 0000:3a:00, the bus id NCCL reports for rank 26, and NHC drained the node. "
                           "All other ranks only show watchdog timeouts.",
                           "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507"),
               "Xid 79 hidden behind a single srun -l output file; red-herring Xid 63/31 on other nodes",
               "Slurm: one slurm-<jobid>.out/.err (srun -l, interleaved) in batch host folder, sacct, slurmd.log, NHC log, dmesg -T")
    jid = 4471823
    t0 = T(2024, 5, 14, 1, 31, 2)
    tf = T(2024, 5, 14, 3, 38, 47, 120000)
    out, err = [], []
    streams = []
    for ni, n in enumerate(nodes):
        for lr in range(8):
            r = ni * 8 + lr
            if r in (0, 8, 16, 24, bad_rank, 1):
                streams.append(["%2d: %s" % (r, x) for x in nccl_init(n, 20311 + lr, lr, r, 32, BUSIDS[lr], plugin_notice=(r == 0),
                                                                      ip="10.42.0.%d" % (11 + ni))])
    out += interleave(streams, rng)
    out += [" 0: " + x for x in step_lines("[{t:%Y-%m-%d %H:%M:%S}] iteration {step:>6}/ 200000 | consumed samples: {step}000 | "
                                            "elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.3E} | lm loss: {loss:.6E} | "
                                            "grad norm: {gn:.3f} |", 10, 76, plus(t0, 95), 100, rng, loss0=3.1, every=10)]
    err += ["%2d: /usr/local/lib/python3.10/dist-packages/torch/distributed/c10d_logger.py:83: FutureWarning: `torch.distributed._all_gather_base` "
            "is a private function and will be deprecated." % r for r in (3, 17)]
    err += ["26: [W514 03:38:47.%06d ProcessGroupNCCL.cpp:1168] Warning: CUDA error: unspecified launch failure" % 120400]
    err += ["26: " + x for x in cuda_tb("unspecified launch failure", "loss.backward()", "pretrain_gpt.py", 288)]
    tw = plus(tf, 600)
    wd = []
    for r in [0, 5, 9, 13, 18, 22, 25, 29, 31]:
        wd.append(["%2d: %s" % (r, x) for x in watchdog_timeout(r, plus(tw, r * 0.01), 76211, "_REDUCE_SCATTER_BASE")])
    err += interleave(wd, rng)
    err += ["srun: error: gpu-node-017: task 26: Exited with exit code 1",
            "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % jid,
            "slurmstepd: error: *** STEP %d.0 ON gpu-node-011 CANCELLED AT 2024-05-14T03:48:52 ***" % jid,
            "srun: error: gpu-node-011: tasks 0-7: Aborted (core dumped)",
            "srun: error: gpu-node-012: tasks 8-15: Aborted (core dumped)",
            "srun: error: gpu-node-014: tasks 16-23: Aborted (core dumped)",
            "srun: error: gpu-node-017: tasks 24-25,27-31: Aborted (core dumped)"]
    b.add("gpu-node-011/slurm-%d.out" % jid, out)
    b.add("gpu-node-011/slurm-%d.err" % jid, err)
    b.add("gpu-node-011/sacct.txt", [
        "$ sacct -j %d --format=JobID,JobName%%12,Partition,State,ExitCode,Elapsed,NodeList%%40" % jid,
        "JobID             JobName  Partition      State ExitCode    Elapsed                                 NodeList ",
        "------------ ------------ ---------- ---------- -------- ---------- ---------------------------------------- ",
        "%d         gpt-13b      h100     FAILED      1:0   02:17:51         gpu-node-[011-012,014,017] " % jid,
        "%d.batch        batch                FAILED      1:0   02:17:51                             gpu-node-011 " % jid,
        "%d.extern      extern             COMPLETED      0:0   02:17:51         gpu-node-[011-012,014,017] " % jid,
        "%d.0          python                FAILED      1:0   02:17:49         gpu-node-[011-012,014,017] " % jid])
    for ni, n in enumerate(nodes):
        sl = ["[2024-05-14T01:31:01.%03d] task/affinity: task_p_slurmd_batch_request: task_p_slurmd_batch_request: %d" % (ni * 11, jid),
              "[2024-05-14T01:31:02.%03d] [%d.0] task/cgroup: _memcg_initialize: job: alloc=0MB mem.limit=2015232MB memsw.limit=unlimited" % (ni * 7, jid),
              "[2024-05-14T01:31:02.%03d] launch task StepId=%d.0 request from UID:41007 GID:41007 HOST:10.42.0.11 PORT:50122" % (ni * 9, jid)]
        if n == bad:
            sl += ["[2024-05-14T03:38:47.902] [%d.0] task 26 (20337) exited with exit code 1." % jid,
                   "[2024-05-14T03:48:54.311] [%d.0] done with job" % jid,
                   "[2024-05-14T03:49:03.015] error: run_script_health_check: health check failed: rc:1 output:ERROR:  nhc:  Health check failed:  "
                   "check_nv_healthmon:  nvidia-smi: Unable to determine the device handle for GPU0000:3A:00.0: Unknown Error",
                   "[2024-05-14T03:49:03.016] update_node: node gpu-node-017 reason set to: NHC: nvidia-smi GPU0000:3A:00.0 Unknown Error",
                   "[2024-05-14T03:49:03.016] update_node: node gpu-node-017 state set to DRAINING"]
        else:
            sl += ["[2024-05-14T03:48:53.%03d] [%d.0] done with job" % (200 + ni, jid)]
        b.add("%s/slurmd.log" % n, sl)
    dm = benign_dmesg(T(2024, 5, 12, 8, 0), bad, rng, 4)
    dm += ["%s NVRM: GPU at PCI:0000:3a:00: GPU-7c1f2e0a-55d1-b2a9-03c4-8e8f1b2d6a73" % dmesg_T(plus(tf, -1)),
           "%s NVRM: GPU Board Serial Number: 1654223018833" % dmesg_T(plus(tf, -1)),
           "%s NVRM: Xid (PCI:0000:3a:00): 79, pid=20337, name=python, GPU has fallen off the bus." % dmesg_T(plus(tf, -1)),
           "%s NVRM: GPU 0000:3a:00.0: GPU has fallen off the bus." % dmesg_T(plus(tf, -1)),
           "%s NVRM: GPU 0000:3a:00.0: GPU serial number is 1654223018833." % dmesg_T(plus(tf, -1)),
           "%s NVRM: kgspRcAndNotifyAllChannels_IMPL: RC all channels for critical error 79." % dmesg_T(plus(tf, -1)),
           "%s NVRM: A GPU crash dump has been created. If possible, please run" % dmesg_T(tf),
           "%s NVRM: nvidia-bug-report.sh as root to collect this data before" % dmesg_T(tf),
           "%s NVRM: the NVIDIA kernel module is unloaded." % dmesg_T(tf),
           "%s pcieport 0000:37:01.0: AER: Uncorrected (Fatal) error received: 0000:37:01.0" % dmesg_T(plus(tf, 1)),
           "%s python[20331]: segfault at 0 ip 00007f5e1c2a4b10 sp 00007ffd3c1e8a40 error 4 in libcuda.so.550.54.15" % dmesg_T(plus(tf, 612))]
    b.add("%s/epilog/dmesg-T.txt" % bad, dm)
    b.add("%s/epilog/scontrol-show-node.txt" % bad, [
        "NodeName=gpu-node-017 Arch=x86_64 CoresPerSocket=56 ",
        "   CPUAlloc=0 CPUEfctv=224 CPUTot=224 CPULoad=3.11",
        "   AvailableFeatures=h100,ib",
        "   Gres=gpu:h100:8(S:0-1)",
        "   NodeAddr=gpu-node-017 NodeHostName=gpu-node-017 Version=23.11.4",
        "   State=IDLE+DRAIN ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        "   Partitions=h100 ",
        "   Reason=NHC: nvidia-smi GPU0000:3A:00.0 Unknown Error [root@2024-05-14T03:49:03]"])
    # red herrings: informational Xid 63 / user-app Xid 31 from days earlier
    b.add("gpu-node-012/epilog/dmesg-T.txt", benign_dmesg(T(2024, 5, 11, 2, 0), "gpu-node-012", rng, 3) + [
        "%s NVRM: Xid (PCI:0000:9a:00): 63, pid=887123, name=python3, Row Remapper: New row (0x00000000004a1f20) marked for remapping, reset gpu to activate." % dmesg_T(T(2024, 5, 11, 22, 4, 51))])
    b.add("gpu-node-014/epilog/dmesg-T.txt", benign_dmesg(T(2024, 5, 12, 6, 0), "gpu-node-014", rng, 3) + [
        "%s NVRM: Xid (PCI:0000:2a:00): 31, pid=1190442, name=jupyter-lab, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_0 faulted @ 0x7f3a_00000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % dmesg_T(T(2024, 5, 12, 17, 40, 9))])
    return b


# --------------------------------------------------------------------------- j02
def j02():
    name = "j02_pytorchjob_worker_keeps_crashing"
    rng = rng_for(name)
    pods = ["llama-ft-master-0", "llama-ft-worker-0", "llama-ft-worker-1", "llama-ft-worker-2"]
    knodes = {"llama-ft-master-0": "a100-k8s-n07", "llama-ft-worker-0": "a100-k8s-n11",
              "llama-ft-worker-1": "a100-k8s-n23", "llama-ft-worker-2": "a100-k8s-n04"}
    bad = "llama-ft-worker-1"
    b = Bundle(name, label("gpu_memory", "infrastructure", culprit(bad, 19), "restart_without_node",
                           "Rank 19 (local GPU 3 in pod llama-ft-worker-1) dies with 'uncorrectable ECC error encountered' in every restart; "
                           "dcgmi health and the node-problem-detector condition on its k8s node report a double-bit ECC error with a "
                           "row-remapping failure, so that node must be cordoned. Other pods only show sympathetic NCCL errors.",
                           "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/1150"),
               "uncorrectable ECC on one pod's GPU, restartPolicy OnFailure hides it; evidence in describe/dcgmi",
               "Kubeflow PyTorchJob: pod-named folders, kubectl logs (no timestamps, --previous), kubectl describe pod/node, dcgmi health -c")
    t0 = T(2024, 3, 2, 9, 14, 0)
    tf = T(2024, 3, 2, 10, 2, 31)
    for pi, p in enumerate(pods):
        lines = ["[2024-03-02 09:14:0%d,118] torch.distributed.run: [WARNING] *****************************************" % pi,
                 "INFO 03-02 09:14:12 Using PyTorchJob env: MASTER_ADDR=llama-ft-master-0 MASTER_PORT=23456 WORLD_SIZE=32 NODE_RANK=%d" % pi]
        for lr in (0, 3):
            lines += nccl_init("%s" % p, 88 + lr, lr, pi * 8 + lr, 32, BUSIDS[lr], plugin_notice=False, ip="172.20.%d.%d" % (pi, 40 + pi))
        if pi == 0:
            lines += step_lines("{{'loss': {loss:.4f}, 'grad_norm': {gn:.4f}, 'learning_rate': 1.9e-05, 'epoch': 0.{step:02d}}}", 1, 30, t0, 90, rng, loss0=1.6)
        if p == bad:
            prev = ["INFO 03-02 09:14:12 Using PyTorchJob env: MASTER_ADDR=llama-ft-master-0 MASTER_PORT=23456 WORLD_SIZE=32 NODE_RANK=2"]
            prev += ["[rank19]: " + x for x in cuda_tb("uncorrectable ECC error encountered", "outputs = model(**batch)", "finetune.py", 204)]
            prev += ["W0302 10:02:33.402000 139881 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % q
                     for q in (91, 92, 93, 95, 96, 97, 98)]
            prev += ["E0302 10:02:35.118000 139881 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 3 (pid: 94) of binary: /usr/bin/python"]
            prev += child_failed("finetune.py", tf, (19, 3, "llama-ft-worker-1", 1, 94, None))
            b.add("%s/kubectl-logs-previous.txt" % p, prev)
            lines = ["INFO 03-02 10:06:40 Using PyTorchJob env: MASTER_ADDR=llama-ft-master-0 MASTER_PORT=23456 WORLD_SIZE=32 NODE_RANK=2",
                     "[rank19]: Traceback (most recent call last):",
                     '[rank19]:   File "/workspace/finetune.py", line 88, in main',
                     "[rank19]:     model = model.to(device)",
                     "[rank19]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
                     "[rank19]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                     "E0302 10:06:58.771000 140022 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 3 (pid: 94) of binary: /usr/bin/python"]
        elif pi in (0, 1, 3):
            lines += nccl_async_error(pi * 8 + 2, plus(tf, 1 + pi), 5521, "ALLREDUCE", "remote process exited or there was a network error")
            lines += ["E0302 10:02:%02d.%06d 1 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: -6) local_rank: 2 (pid: 93) of binary: /usr/bin/python" % (33 + pi, 1000 * pi)]
        b.add("%s/kubectl-logs.txt" % p, lines)
        rc = 3 if p == bad else 1
        reason = "Error"
        b.add("%s/describe-pod.txt" % p, [
            "Name:             %s" % p, "Namespace:        ml-train", "Priority:         0",
            "Service Account:  default", "Node:             %s/10.30.1.%d" % (knodes[p], 20 + pi),
            "Labels:           training.kubeflow.org/job-name=llama-ft",
            "                  training.kubeflow.org/replica-type=%s" % ("master" if pi == 0 else "worker"),
            "Status:           Running" if p == bad else "Status:           Failed",
            "Containers:", "  pytorch:", "    Image:          registry.local/ml/llama-ft:2024.02.27",
            "    State:          Waiting" if p == bad else "    State:          Terminated",
            "      Reason:       CrashLoopBackOff" if p == bad else "      Reason:       Error",
            "    Last State:     Terminated", "      Reason:       %s" % reason,
            "      Exit Code:    %d" % (1 if p == bad else 134),
            "      Started:      Sat, 02 Mar 2024 10:06:40 +0000" if p == bad else "      Started:      Sat, 02 Mar 2024 09:14:00 +0000",
            "      Finished:     Sat, 02 Mar 2024 10:06:59 +0000" if p == bad else "      Finished:     Sat, 02 Mar 2024 10:02:36 +0000",
            "    Ready:          False", "    Restart Count:  %d" % (rc if p == bad else 0),
            "    Limits:", "      nvidia.com/gpu:  8", "      memory:          900Gi",
            "Events:", "  Type     Reason     Age                 From     Message",
            "  ----     ------     ----                ----     -------"] + (
            ["  Normal   Pulled     21m (x4 over 69m)   kubelet  Container image \"registry.local/ml/llama-ft:2024.02.27\" already present on machine",
             "  Warning  BackOff    2m (x9 over 19m)    kubelet  Back-off restarting failed container pytorch in pod %s_ml-train" % p]
            if p == bad else ["  Normal   Started    69m                 kubelet  Started container pytorch"]))
    b.add("%s/describe-node-%s.txt" % (bad, knodes[bad]), [
        "Name:               a100-k8s-n23", "Roles:              <none>",
        "Labels:             nvidia.com/gpu.product=NVIDIA-A100-SXM4-80GB", "Conditions:",
        "  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
        "  ----                 ------  -----------------                 ------------------                ------                       -------",
        "  KernelDeadlock       False   Sat, 02 Mar 2024 10:20:11 +0000   Tue, 20 Feb 2024 07:01:55 +0000   KernelHasNoDeadlock          kernel has no deadlock",
        "  GPUMemoryError       True    Sat, 02 Mar 2024 10:20:11 +0000   Sat, 02 Mar 2024 10:02:31 +0000   XidDoubleBitECC              NVRM: Xid (PCI:0000:4b:00): 48, pid=94, DBE (double bit error) ECC error detected",
        "  MemoryPressure       False   Sat, 02 Mar 2024 10:20:11 +0000   Tue, 20 Feb 2024 07:01:55 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        "  Ready                True    Sat, 02 Mar 2024 10:20:11 +0000   Tue, 20 Feb 2024 07:02:15 +0000   KubeletReady                 kubelet is posting ready status",
        "Allocatable:", "  nvidia.com/gpu:     8"])
    b.add("%s/dcgmi-health-c.txt" % bad, [
        "+---------------------------+----------------------------------------------------------+",
        "| Health Monitor Report                                                                |",
        "+===========================+==========================================================+",
        "| Overall Health            | Failure                                                  |",
        "| GPU                       |                                                          |",
        "| -> 3                      | Failure                                                  |",
        "|    -> Errors              |                                                          |",
        "|       -> Memory system    | Failure                                                  |",
        "|                           | A DBE has occurred in GPU 3 memory.                      |",
        "|                           | GPU 3 had uncorrectable memory errors and row remapping  |",
        "|                           | failed. Drain the GPU and reset it or reboot the node.   |",
        "+---------------------------+----------------------------------------------------------+"])
    return b


# --------------------------------------------------------------------------- j03
def j03():
    name = "j03_crash_comes_back_after_every_restart"
    rng = rng_for(name)
    hosts = ["dgx-a03", "dgx-a11", "dgx-b02", "dgx-b07"]
    bad, bl = "dgx-b07", 5
    orders = [["dgx-a03", "dgx-b07", "dgx-a11", "dgx-b02"],
              ["dgx-b02", "dgx-a03", "dgx-a11", "dgx-b07"],
              ["dgx-b07", "dgx-a11", "dgx-b02", "dgx-a03"]]
    fails = [(T(2024, 7, 3, 14, 2, 10), 1412), (T(2024, 7, 3, 15, 11, 44), 233), (T(2024, 7, 3, 19, 40, 5), 3017)]
    b = Bundle(name, label("gpu_hardware", "infrastructure", culprit(bad, None), "restart_without_node",
                           "Each of the three attempts dies with 'an illegal memory access' at a different step and a different global rank, "
                           "but always on dgx-b07 local rank 5, whose kernel log shows Xid 13 on PCI 0000:ab:00 at each crash; an error that "
                           "follows one GPU across restarts is the node's hardware, not the code.",
                           "https://github.com/marin-community/marin/issues/7344"),
               "recurrence across attempt_N decides; error looks like a user bug; global rank changes each attempt",
               "torchrun --tee console per node ([defaultN]: prefixes), attempt_0..2 folders, dmesg on every node")
    for a, (order, (tf, step)) in enumerate(zip(orders, fails)):
        t0 = plus(tf, -step * 2.9 - 140)
        for gi, h in enumerate(order):
            lines = ["W%s %d torch/distributed/run.py:757] " % (t0.strftime("%m%d %H:%M:%S.000000"), 4101 + a) + "*" * 40,
                     "[default0]:[%s] rendezvous 'llm7b-dpo' group_rank=%d, group_world_size=4, local_world_size=8" % (t0.strftime("%H:%M:%S"), gi)]
            for lr in range(8):
                lines += ["[default%d]:%s" % (lr, x) for x in nccl_init(h, 30100 + lr + a * 50, lr, gi * 8 + lr, 32, BUSIDS[lr],
                                                                       plugin_notice=False, ip="10.7.%d.%d" % (hosts.index(h), 10 + gi))[-1:]]
            if gi == 0:
                lines += ["[default0]:" + x for x in step_lines("step {step:5d} | loss {loss:.4f} | lr {lr:.2e} | {tps:.0f} tok/s/gpu", 50, step // 50, plus(t0, 140), 2.9, rng, loss0=0.69, every=50, lr=5e-7)]
            if h == bad:
                lines += ["[default%d]:%s" % (bl, x) for x in cuda_tb("an illegal memory access was encountered", "loss.backward()", "dpo_train.py", 377)]
                lines += ["[default%d]:[rank%d]:[%s ProcessGroupNCCL.cpp:1168] [PG 0 Rank %d] Future for ProcessGroup abort timed out after 600000 ms" % (bl, gi * 8 + bl, glog_short(plus(tf, 1)), gi * 8 + bl)]
                lines += elastic_sigterm(plus(tf, 2), [30100 + a * 50 + k for k in range(8) if k != bl])
                root = (gi * 8 + bl, bl, bad, 1, 30100 + a * 50 + bl, None)
                lines += child_failed("dpo_train.py", plus(tf, 3), root)
            else:
                lines += ["[default2]:" + x for x in nccl_async_error(gi * 8 + 2, plus(tf, 1.5), step * 3 + 11, "ALLREDUCE",
                                                                        "remote process exited or there was a network error")]
                lines += elastic_sigterm(plus(tf, 4), [30100 + a * 50 + k for k in range(8)])
                lines += ["torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (4101 + a)]
            b.add("attempt_%d/%s/torchrun-console.log" % (a, h), lines)
            dm = benign_dmesg(plus(t0, -3600), h, rng, 3)
            if h == bad:
                dm += ["%s NVRM: Xid (PCI:0000:ab:00): 13, pid=%d, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 2, SM 1): Out Of Range Address"
                       % (dmesg_T(plus(tf, -1)), 30100 + a * 50 + bl),
                       "%s NVRM: Xid (PCI:0000:ab:00): 13, pid=%d, name=python3, Graphics Exception: ESR 0x5a4730=0x102000e 0x5a4734=0x24 0x5a4728=0xc81eb60 0x5a472c=0x1174"
                       % (dmesg_T(plus(tf, -1)), 30100 + a * 50 + bl)]
            b.add("attempt_%d/%s/dmesg.txt" % (a, h), dm)
    return b


# --------------------------------------------------------------------------- j04
def j04():
    name = "j04_gcp_job_failed_cuda_error_midrun"
    rng = rng_for(name)
    nodes = ["a3-train-x7k2", "a3-train-m9p4", "a3-train-q2w8", "a3-train-z5c1"]
    bad, bl = "a3-train-q2w8", 4
    b = Bundle(name, label("gpu_memory", "infrastructure", culprit(bad, 20), "restart",
                           "Rank 20 on a3-train-q2w8 fails first with 'uncorrectable ECC error encountered' and the instance's syslog shows "
                           "Xid 94 (contained ECC error, RST: No) on the matching GPU, with a row remap pending; a contained error the driver "
                           "handled only needs the job restarted.",
                           "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html"),
               "contained ECC error (Xid 94) inside gcloud logging JSON exports",
               "GCP A3: gcloud logging read --format=json exported as JSON lines (textPayload/jsonPayload), per instance")
    tf = T(2024, 9, 18, 6, 51, 12, 431000)
    t0 = T(2024, 9, 18, 2, 10, 0)
    for ni, n in enumerate(nodes):
        recs = []
        iid = "%d" % (4412093381200000000 + ni * 7717)

        def rec(t, text=None, payload=None, log="training", sev="INFO"):
            r = {"insertId": "%x" % (abs(hash(0)) + len(recs) * 7919 + ni), "logName": "projects/acme-llm-prod/logs/%s" % log,
                 "receiveTimestamp": iso_z(plus(t, 0.8)),
                 "resource": {"labels": {"instance_id": iid, "project_id": "acme-llm-prod", "zone": "us-central1-c"}, "type": "gce_instance"},
                 "severity": sev, "timestamp": iso_z(t)}
            if text is not None:
                r["textPayload"] = text
            else:
                r["jsonPayload"] = payload
            recs.append(js(r))
        rec(t0, payload={"message": "torchrun agent started", "node_rank": ni, "nnodes": 4, "nproc_per_node": 8, "hostname": n}, log="torchrun")
        for x in nccl_init(n, 7100 + bl, bl, ni * 8 + bl, 32, BUSIDS[bl], net="Socket", ifname="eth1", ip="10.128.0.%d" % (31 + ni),
                           plugin_notice=True):
            rec(plus(t0, 40), x)
        if ni == 0:
            for x in step_lines("step={step} loss={loss:.4f} lr={lr:.3e} tokens_per_sec={tps:.0f}", 100, 40, plus(t0, 120), 280, rng, every=100, tps=410000):
                rec(plus(t0, 120 + len(recs) * 1.0), x)
        if n == bad:
            rec(plus(tf, -0.3), "kernel: [16032.118204] NVRM: Xid (PCI:0000:9a:00): 94, pid=7104, name=python3, Contained: SM (0x1). RST: No, D-RST: No", log="syslog", sev="ERROR")
            rec(plus(tf, -0.2), "kernel: [16032.118311] NVRM: Xid (PCI:0000:9a:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000b2c1f8) marked for remapping, reset gpu to activate.", log="syslog", sev="WARNING")
            for x in cuda_tb("uncorrectable ECC error encountered", "loss = model(batch).loss", "train_llm.py", 150):
                rec(tf, "[rank20]: " + x, sev="ERROR")
            rec(plus(tf, 2), payload={"message": "worker failed", "local_rank": 4, "global_rank": 20, "exitcode": 1, "pid": 7104}, log="torchrun", sev="ERROR")
        else:
            for x in nccl_async_error(ni * 8 + 1, plus(tf, 1.2 + ni), 44019, "_ALLGATHER_BASE", "remote process exited or there was a network error"):
                rec(plus(tf, 1.2 + ni), x, sev="ERROR")
            rec(plus(tf, 5), payload={"message": "worker group failed, sending SIGTERM", "node_rank": ni}, log="torchrun", sev="WARNING")
        b.add("%s/gcloud-logging.jsonl" % n, recs)
    b.add("%s/nvidia-smi-q-remapping.txt" % bad, [
        "==============NVSMI LOG==============", "", "Timestamp                                 : Wed Sep 18 07:05:40 2024",
        "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "",
        "GPU 00000000:9A:00.0", "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 1", "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 0",
        "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 1",
        "        Pending                           : Yes", "        Remapping Failure Occurred        : No"])
    return b


# --------------------------------------------------------------------------- j05
def j05():
    name = "j05_ndv5_job_hung_then_failed_unknown_error"
    rng = rng_for(name)
    nodes = ["ndv5hpc000000", "ndv5hpc000001", "ndv5hpc000002", "ndv5hpc000003", "ndv5hpc000004", "ndv5hpc000005"]
    bad, bl = "ndv5hpc000004", 3
    br = 4 * 8 + bl
    b = Bundle(name, label("gpu_hardware", "infrastructure", culprit(bad, br), "restart_without_node",
                           "All ranks time out in the same all-reduce except rank 35 on ndv5hpc000004, which reports 'CUDA error: unknown error'; "
                           "that VM's kernel log has Xid 119 (GSP RPC timeout) on PCI 0000:5d:00 just before the hang and a post-mortem "
                           "dcgmi diag -r 2 fails GPU 3 there.",
                           "https://docs.nvidia.com/deploy/xid-errors/analyzing-xid-catalog.html"),
               "GSP timeout Xid 119 leading to a hang; must pick the rank with the CUDA error over 47 watchdog timeouts",
               "Azure NDv5: Accelerate launcher console per VM, journalctl -k -o short-iso, dcgmi diag -r 2 table")
    t0 = T(2024, 11, 5, 20, 0, 5)
    tx = T(2024, 11, 5, 23, 17, 40)
    for ni, n in enumerate(nodes):
        lines = ["The following values were not passed to `accelerate launch` and had defaults used instead:",
                 "\t`--dynamo_backend` was set to a value of `'no'`",
                 "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."]
        lines += nccl_init(n, 5500, 0, ni * 8, 48, BUSIDS[0], plugin_notice=True, hca="mlx5_ib0:1", ip="10.1.0.%d" % (4 + ni))
        if ni == 0:
            lines += step_lines("{t:%m/%d/%Y %H:%M:%S} - INFO - __main__ - epoch 0 step {step} loss {loss:.4f} lr {lr:.2e}", 20, 40, plus(t0, 60), 290, rng, every=20)
        if n == bad:
            lines += ["[rank35]:[%s ProcessGroupNCCL.cpp:1168] [PG 0 Rank 35] Warning: CUDA error: unknown error" % glog_short(plus(tx, 601), "W")]
            lines += ["[rank35]: " + x for x in cuda_tb("unknown error", "accelerator.backward(loss)", "train_accel.py", 241)]
        for lr in (0, 4, 7) if n != bad else (0, 2):
            lines += watchdog_timeout(ni * 8 + lr, plus(tx, 600 + lr * 0.1), 70118, "ALLREDUCE", last_enq=70118, last_done=70117)
        lines += ["Traceback (most recent call last):",
                  '  File "/opt/conda/bin/accelerate", line 8, in <module>',
                  "subprocess.CalledProcessError: Command '['torchrun', '--nproc_per_node', '8', '--nnodes', '6', '--node_rank', '%d', "
                  "'train_accel.py']' died with <Signals.SIGABRT: 6>." % ni]
        b.add("%s/accelerate-launch.log" % n, lines)
        jk = ["%s %s kernel: mlx5_core 0000:00:02.0 mlx5_ib0: Link up" % (short_iso(T(2024, 11, 5, 6, 1, 13)), n)]
        if n == bad:
            jk += ["%s %s kernel: NVRM: Xid (PCI:0000:5d:00): 119, pid=5503, name=python, Timeout after 6s of waiting for RPC response from GPU3 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20801348 0x8)." % (short_iso(plus(tx, -3)), n),
                   "%s %s kernel: NVRM: GPU3 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x0000000020801348 0x0000000000000008." % (short_iso(plus(tx, -3)), n),
                   "%s %s kernel: NVRM: Xid (PCI:0000:5d:00): 119, pid=5503, name=python, Timeout after 45s of waiting for RPC response from GPU3 GSP! Expected function 10 (FREE) (0xa55a00b0 0x0)." % (short_iso(plus(tx, 42)), n),
                   "%s %s kernel: NVRM: GPU 0000:5d:00.0: GPU is in an unrecoverable state, reset required" % (short_iso(plus(tx, 600)), n)]
        else:
            jk += ["%s %s kernel: hv_balloon: Max. dynamic memory size: 1900544 MB" % (short_iso(T(2024, 11, 5, 6, 1, 20)), n)]
        b.add("%s/journalctl-k.txt" % n, jk)
    b.add("%s/dcgmi-diag-r2.txt" % bad, [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "|-----  Metadata  ----------+------------------------------------------------|",
        "| DCGM Version              | 3.3.7                                          |",
        "| Driver Version Detected   | 535.161.08                                     |",
        "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
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
        "| PCIe                      | Pass - GPUs: 0, 1, 2, 4, 5, 6, 7               |",
        "|                           | Fail - GPU: 3                                  |",
        "| Warning                   | GPU 3 Error using CUDA API cuInit Check DCGM   |",
        "|                           | and system logs for errors. Reset GPU. Restart |",
        "|                           |  DCGM. Rerun diagnostics. Unknown error        |",
        "+-----  Hardware  ----------+------------------------------------------------+",
        "| GPU Memory                | Pass - GPUs: 0, 1, 2, 4, 5, 6, 7               |",
        "|                           | Fail - GPU: 3                                  |",
        "+---------------------------+------------------------------------------------+"])
    b.add("%s/dcgmi-diag-r2.txt" % nodes[1], [
        "Successfully ran diagnostic for group.",
        "+---------------------------+------------------------------------------------+",
        "| Diagnostic                | Result                                         |",
        "+===========================+================================================+",
        "| PCIe                      | Pass - All                                     |",
        "| GPU Memory                | Pass - All                                     |",
        "+---------------------------+------------------------------------------------+"])
    return b


# --------------------------------------------------------------------------- j06
def j06():
    name = "j06_nccl_unhandled_cuda_error_on_one_box"
    rng = rng_for(name)
    hosts = ["h100-r04-n03", "h100-r04-n07", "h100-r05-n01", "h100-r05-n02"]
    bad, bl = "h100-r04-n07", 6
    br = 8 + bl
    b = Bundle(name, label("nvlink", "infrastructure", culprit(bad, br), "restart_without_node",
                           "Rank 14 on h100-r04-n07 gets NCCL 'uncorrectable NVLink error detected during the execution'; that host's kernel "
                           "log has Xid 74 on the GPU's links and nvidia-smi nvlink -e shows replay/recovery errors only there. The NET/Plugin "
                           "notices are normal.",
                           "https://github.com/pytorch/pytorch/issues/58155"),
               "NVLink Xid 74 on one host behind pdsh-prefixed DeepSpeed output",
               "DeepSpeed launcher via pdsh (host: prefixes) in launch node's console, per-host dmesg and nvidia-smi nvlink -e")
    t0 = T(2024, 8, 21, 11, 3, 0)
    tf = T(2024, 8, 21, 13, 47, 29, 552000)
    streams = []
    for hi, h in enumerate(hosts):
        s = ["%s: [2024-08-21 11:03:%02d,%03d] [INFO] [launch.py:256:main] process %d spawned with command: ['/usr/bin/python', '-u', 'train_moe.py', '--local_rank=0', '--deepspeed', 'ds_zero2.json']"
             % (h, 4 + hi, 17 * hi, 61200 + hi)]
        for lr in (0, bl) if h == bad else (0, 3):
            s += ["%s: %s" % (h, x) for x in nccl_init(h, 61200 + lr, lr, hi * 8 + lr, 32, BUSIDS[lr], plugin_notice=True, ip="10.9.4.%d" % (3 + hi * 2))]
        streams.append(s)
    out = ["[2024-08-21 11:02:58,004] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w h100-r04-n03,h100-r04-n07,h100-r05-n01,h100-r05-n02 export NCCL_DEBUG=INFO; ..."]
    out += interleave(streams, rng)
    out += ["h100-r04-n03: " + x for x in step_lines("[2024-08-21 {t:%H:%M:%S},{step:03d}] [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped=0, lr=[{lr:.6f}], mom=[(0.9, 0.95)]", 10, 40, plus(t0, 60), 245, rng, every=10, lr=2e-4)]
    tail = [["%s: %s:%d:%d [%d] enqueue.cc:1410 NCCL WARN Cuda failure 'uncorrectable NVLink error detected during the execution'" % (bad, bad, 61200 + bl, 61300 + bl, bl),
             "%s: %s:%d:%d [%d] NCCL INFO enqueue.cc:1447 -> 1" % (bad, bad, 61200 + bl, 61300 + bl, bl)]
            + ["%s: [rank14]: %s" % (bad, x) for x in cuda_tb("uncorrectable NVLink error detected during the execution", "self.engine.backward(loss)", "train_moe.py", 198)]]
    for hi, h in enumerate(hosts):
        if h != bad:
            tail.append(["%s: %s" % (h, x) for x in watchdog_timeout(hi * 8 + 1, plus(tf, 600), 33802, "ALLTOALL_BASE")])
    out += interleave(tail, rng)
    out += ["%s: [2024-08-21 13:47:31,118] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (bad, 61200 + k) for k in range(3)]
    out += ["%s: [2024-08-21 13:47:32,950] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python', '-u', 'train_moe.py', '--local_rank=6', '--deepspeed', 'ds_zero2.json'] exits with return code = 1" % bad,
            "pdsh@h100-r04-n03: %s: ssh exited with exit code 1" % bad]
    b.add("h100-r04-n03/deepspeed-console.log", out)
    for hi, h in enumerate(hosts):
        dm = benign_dmesg(T(2024, 8, 20, 23, 0), h, rng, 4)
        if h == bad:
            dm += ["%s NVRM: Xid (PCI:0000:ba:00): 74, pid=61206, name=python, NVLink: fatal error detected on link 14(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % dmesg_T(plus(tf, -1)),
                   "%s NVRM: Xid (PCI:0000:ba:00): 74, pid=61206, name=python, NVLink: fatal error detected on link 15(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % dmesg_T(plus(tf, -1)),
                   "%s nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 20034, Fatal, Link 33 LTSSM Fault Up" % dmesg_T(plus(tf, -1))]
        b.add("%s/dmesg.txt" % h, dm)
        nv = ["GPU %d: NVIDIA H100 80GB HBM3 (UUID: GPU-%08x-1c2d-4e5f-8a9b-%012x)" % (g, 0x5a000000 + hi * 16 + g, 0xc0ffee00 + g) for g in (5, 6)]
        rows = []
        for g in (5, 6):
            rows.append(nv[g - 5])
            for link in range(12, 16):
                bad_link = (h == bad and g == 6 and link in (14, 15))
                rows += ["\t Link %d: Replay Errors: %d" % (link, 1843 if bad_link else 0),
                         "\t Link %d: Recovery Errors: %d" % (link, 57 if bad_link else 0),
                         "\t Link %d: CRC Errors: %d" % (link, 220913 if bad_link else 0)]
        b.add("%s/nvidia-smi-nvlink-e.txt" % h, rows)
    return b


# --------------------------------------------------------------------------- j07
def j07():
    name = "j07_allreduce_errors_after_hours_mpirun"
    rng = rng_for(name)
    hosts = ["cn-a01", "cn-a04", "cn-b09", "cn-b12", "cn-c03", "cn-c05"]
    ips = {h: "10.20.%d.%d" % (i // 2 + 1, int(h[-2:])) for i, h in enumerate(hosts)}
    bad = "cn-b12"
    b = Bundle(name, label("network", "infrastructure", culprit(bad, None), "restart_without_node",
                           "NCCL completion errors (status=12) on cn-a04 and cn-c03 all name cn-b12's address 10.20.2.12 as the peer, and cn-b12 "
                           "itself logs IB 'port error' async events; its ibstat shows mlx5_2 Down/Polling and the kernel log shows the link "
                           "flapping. The Xid 31 on cn-a04 is from another user's Jupyter process two days earlier.",
                           "https://github.com/NVIDIA/nccl/issues/905"),
               "flapping IB port on one host; peers that report errors are innocent; stale Xid 31 red herring",
               "mpirun --tag-output ([1,N]<stdout>/<stderr>) in head node file, per-host ibstat, perfquery, dmesg -T")
    t0 = T(2024, 4, 9, 22, 0, 0)
    tf = T(2024, 4, 10, 3, 26, 14)
    streams = []
    for hi, h in enumerate(hosts):
        for lr in (0, 2):
            r = hi * 4 + lr
            streams.append(["[1,%d]<stdout>:%s" % (r, x) for x in nccl_init(h, 40100 + lr, lr, r, 24, BUSIDS[lr * 2], plugin_notice=(r == 0), ip=ips[h])])
    out = interleave(streams, rng)
    out += ["[1,0]<stdout>:" + x for x in step_lines("it {step:6d} | loss {loss:.4f} | {ms:.0f} ms/it | samples/s {tps:.1f}", 500, 38, plus(t0, 120), 520, rng, every=500, tps=1210)]
    err = []
    for r, h, peer in [(6, "cn-a04", bad), (18, "cn-c03", bad), (13, bad, "cn-a04"), (19, "cn-c03", bad)]:
        lr = r % 4
        err.append(["[1,%d]<stderr>:%s:%d:%d [%d] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s"
                    % (r, h, 40100 + lr, 40190 + lr, lr, ips[peer], 41000 + r, ips[h], ips[peer]),
                    "[1,%d]<stderr>:%s:%d:%d [%d] NCCL INFO transport/net.cc:1302 -> 6" % (r, h, 40100 + lr, 40190 + lr, lr)])
    err.append(["[1,13]<stderr>:%s:40101:40191 [1] NCCL WARN NET/IB : Got async event : port error" % bad,
                "[1,14]<stderr>:%s:40102:40192 [2] NCCL WARN NET/IB : Got async event : port error" % bad,
                "[1,13]<stderr>:%s:40101:40191 [1] NCCL WARN NET/IB : Got async event : port active" % bad,
                "[1,13]<stderr>:%s:40101:40191 [1] NCCL WARN NET/IB : Got async event : port error" % bad])
    out += interleave(err, rng)
    out += ["[1,13]<stderr>:" + x for x in nccl_async_error(13, plus(tf, 2), 118817, "ALLREDUCE", "remote process exited or there was a network error")]
    out += ["[1,6]<stderr>:" + x for x in nccl_async_error(6, plus(tf, 3), 118817, "ALLREDUCE", "remote process exited or there was a network error")]
    out += ["--------------------------------------------------------------------------",
            "Primary job  terminated normally, but 1 process returned", "a non-zero exit code. Per user-direction, the job has been aborted.",
            "--------------------------------------------------------------------------",
            "--------------------------------------------------------------------------",
            "mpirun noticed that process rank 13 with PID 40101 on node cn-b12 exited on signal 6 (Aborted).",
            "--------------------------------------------------------------------------"]
    b.add("cn-a01/mpirun-job-88120.out", out)
    for hi, h in enumerate(hosts):
        state = [("mlx5_%d" % k, "Active", "LinkUp", "400", "b83fd2030056%04x" % (hi * 16 + k)) for k in range(4)]
        if h == bad:
            state[2] = ("mlx5_2", "Down", "Polling", "10", "b83fd20300560032")
        b.add("%s/ibstat.txt" % h, ibstat(state))
        dm = benign_dmesg(T(2024, 4, 9, 12, 0), h, rng, 3)
        if h == bad:
            for k, s in enumerate([-4000, -2200, -900, -40, -2, 15]):
                dm.append("%s mlx5_core 0000:4b:00.0: mlx5_port_change:%d:(pid 0): Link %s" % (dmesg_T(plus(tf, s)), 3, "down" if k % 2 == 0 else "up"))
            dm.append("%s mlx5_core 0000:4b:00.0: mlx5_pcie_event:296:(pid 771): Detected insufficient power on the PCIe slot" % dmesg_T(plus(tf, -5000)))
        if h == "cn-a04":
            dm.append("%s NVRM: Xid (PCI:0000:5d:00): 31, pid=2210937, name=jupyter-lab, Ch 00000010, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7fd1_a0000000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % dmesg_T(T(2024, 4, 7, 15, 22, 8)))
        b.add("%s/dmesg-T.txt" % h, sorted(dm))
    b.add("%s/perfquery-mlx5_2.txt" % bad, [
        "# Port counters: Lid 418 port 1 (CapMask: 0x5A00)",
        "PortSelect:......................1", "CounterSelect:...................0x0000",
        "SymbolErrorCounter:..............65535", "LinkErrorRecoveryCounter:........255", "LinkDownedCounter:...............19",
        "PortRcvErrors:...................8121", "PortRcvRemotePhysicalErrors:.....0", "PortRcvSwitchRelayErrors:........0",
        "PortXmitDiscards:................412", "LocalLinkIntegrityErrors:........14", "ExcessiveBufferOverrunErrors:....0",
        "PortXmitData:....................4294967295", "PortRcvData:.....................4294967295"])
    return b


# --------------------------------------------------------------------------- j08
def j08():
    name = "j08_whole_job_died_same_second"
    rng = rng_for(name)
    under = ["r07u12", "r07u14", "r07u16", "r07u18"]
    other = ["r08u02", "r08u04"]
    hosts = under + other
    b = Bundle(name, label("network", "infrastructure", None, "restart",
                           "Every node under ib-leaf-r07 logs its HCA port going DOWN in the same second and coming back ~90 s later, while the "
                           "r08 nodes show no link events and only see remote errors; a fault on the leaf switch, not on one node. Ports are "
                           "Active again, so resubmit.",
                           "https://github.com/NVIDIA/nccl/issues/1405"),
               "switch-side outage: identical link-down on all nodes under one leaf (topology.json)",
               "Slurm per-node output files %x-%j-%N.out, journalctl -k -o short-iso, ibstat after recovery, sacct")
    b.topology = {"topology": {"ib-leaf-r07": under, "ib-leaf-r08": other + ["r08u06", "r08u08"]}}
    jid = 882731
    t0 = T(2024, 6, 1, 20, 15, 0)
    tl = T(2024, 6, 2, 2, 17, 33)
    for hi, h in enumerate(hosts):
        lines = nccl_init(h, 9900, 0, hi * 8, 48, BUSIDS[0], plugin_notice=(hi == 0), ip="10.70.%d.%d" % (7 + hi // 4, 12 + hi))
        if hi == 0:
            lines += step_lines(" [{t:%Y-%m-%d %H:%M:%S}] iteration {step:7d}/  500000 | lm loss: {loss:.6E} | grad norm: {gn:.3f} | elapsed time per iteration (ms): {ms:.1f}",
                                100, 60, plus(t0, 60), 360, rng, every=100)
        r = hi * 8 + 3
        if h in under:
            lines += ["%s:9903:9988 [3] NCCL WARN NET/IB : Got async event : port error" % h,
                      "%s:9903:9988 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.70.8.%d<52113> with status=5 opcode=129 len=0 vendor err 249 (Recv) localGid ::ffff:10.70.7.%d remoteGids::ffff:10.70.8.16"
                      % (h, 16, 12 + hi)]
        else:
            lines += ["%s:9903:9988 [3] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer 10.70.7.%d<48121> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.70.8.%d remoteGids::ffff:10.70.7.%d"
                      % (h, 12 + hi - 4, 12 + hi, 12 + hi - 4)]
        lines += nccl_async_error(r, plus(tl, 3 + hi * 0.2), 210448, "ALLREDUCE", "remote process exited or there was a network error")
        lines += ["srun: error: %s: task %d: Aborted (core dumped)" % (h, r)]
        b.add("%s/pretrain-%d-%s.out" % (h, jid, h), lines)
        jk = ["%s %s kernel: mlx5_core 0000:1a:00.0: mlx5_fw_tracer_handle_traces:742:(pid 1211): FWTracer: Events were lost" % (short_iso(T(2024, 6, 1, 9, 1, 2)), h)]
        if h in under:
            jk += ["%s %s kernel: mlx5_core 0000:1a:00.0 ibp26s0: Port: 1 Link DOWN" % (short_iso(tl), h),
                   "%s %s kernel: mlx5_core 0000:1a:00.0 ibp26s0: Port: 1 Link INIT" % (short_iso(plus(tl, 88)), h),
                   "%s %s kernel: mlx5_core 0000:1a:00.0 ibp26s0: Port: 1 Link ACTIVE" % (short_iso(plus(tl, 91)), h)]
        b.add("%s/journalctl-k.txt" % h, jk)
        b.add("%s/ibstat.txt" % h, ibstat([("mlx5_0", "Active", "LinkUp", "400", "a088c20300e1%04x" % hi)]))
    b.add("r07u12/sacct.txt", [
        "JobID           JobName      State ExitCode               Start                 End        NodeList",
        "------------ ---------- ---------- -------- ------------------- ------------------- ---------------",
        "%d         pretrain     FAILED      6:0 2024-06-01T20:15:00 2024-06-02T02:17:41 r07u[12,14,16,18],r08u[02,04]" % jid,
        "%d.batch       batch     FAILED      6:0 2024-06-01T20:15:00 2024-06-02T02:17:41 r07u12" % jid,
        "%d.0          python     FAILED      6:0 2024-06-01T20:15:01 2024-06-02T02:17:40 r07u[12,14,16,18],r08u[02,04]" % jid])
    return b


# --------------------------------------------------------------------------- j09
def j09():
    name = "j09_workers_report_ib_completion_errors"
    rng = rng_for(name)
    knodes = ["k8s-gpu-w01", "k8s-gpu-w02", "k8s-gpu-w03", "k8s-gpu-w04", "k8s-gpu-w05", "k8s-gpu-w06"]
    pods = ["pretrain-worker-%d" % i for i in range(6)]
    podnode = dict(zip(pods, ["k8s-gpu-w03", "k8s-gpu-w01", "k8s-gpu-w06", "k8s-gpu-w02", "k8s-gpu-w04", "k8s-gpu-w05"]))
    nodeip = {n: "192.168.40.%d" % (11 + i) for i, n in enumerate(knodes)}
    bad = "k8s-gpu-w04"
    b = Bundle(name, label("network", "infrastructure", culprit(bad, None), "restart_without_node",
                           "The completion errors on several workers all point at 192.168.40.14, the RoCE address of k8s-gpu-w04 (pod "
                           "pretrain-worker-4); ethtool -S on that node shows millions of PHY CRC errors and dozens of link-down events while the "
                           "other nodes are clean, and its node conditions report the NIC flapping.",
                           "https://github.com/NVIDIA/nccl/issues/1814"),
               "bad RoCE link/cable on one k8s node; pod-to-node mapping via kubectl get pods -o wide",
               "Kubernetes: k8s node-named folders, kubectl logs --timestamps, kubectl get pods -o wide, ethtool -S, describe node")
    tf = T(2025, 1, 14, 4, 12, 50)
    t0 = T(2025, 1, 13, 21, 0, 0)
    b.add("k8s-gpu-w01/kubectl-get-pods-o-wide.txt", [
        "NAME                READY   STATUS    RESTARTS   AGE     IP             NODE          NOMINATED NODE   READINESS GATES"] + [
        "%-19s 0/1     Error     0          7h13m   10.244.%d.%-3d   %-13s <none>           <none>" % (p, i + 1, 20 + i, podnode[p]) for i, p in enumerate(pods)])
    for i, p in enumerate(pods):
        n = podnode[p]
        lines = []
        t = t0
        for x in nccl_init(p, 120, 1, i * 8 + 1, 48, BUSIDS[1], net="IB", hca="mlx5_1:1/RoCE", ifname="net1", ip=nodeip[n], plugin_notice=(i == 0)):
            lines.append("%s %s" % (kube_ts(t), x))
        if i == 0:
            for k, x in enumerate(step_lines("step {step} | loss {loss:.3f} | mfu 41.{step:02d}% | tokens/s {tps:.0f}", 200, 35, plus(t0, 100), 700, rng, every=200, tps=1.1e6)):
                lines.append("%s %s" % (kube_ts(plus(t0, 100 + k * 700)), x))
        if p == "pretrain-worker-4":
            lines.append("%s %s:121:190 [1] NCCL WARN NET/IB : Got async event : port error" % (kube_ts(plus(tf, -40)), p))
            lines.append("%s %s:121:190 [1] NCCL WARN NET/IB : Got async event : GID table change" % (kube_ts(plus(tf, -38)), p))
        elif i in (0, 2, 3, 5):
            lines.append("%s %s:121:190 [1] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<4%d311> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s"
                         % (kube_ts(plus(tf, -i)), p, nodeip[bad], i, nodeip[n], nodeip[bad]))
        for x in nccl_async_error(i * 8 + 1, plus(tf, 1), 90211, "ALLREDUCE", "remote process exited or there was a network error"):
            lines.append("%s %s" % (kube_ts(plus(tf, 1 + i * 0.1)), x))
        b.add("%s/kubectl-logs-%s.txt" % (n, p), lines)
        ok = n != bad
        b.add("%s/ethtool-S-ens1f1np1.txt" % n, [
            "NIC statistics:", "     rx_packets: %d" % (9283711023 + i * 1000), "     tx_packets: %d" % (9281120987 + i * 977),
            "     rx_crc_errors_phy: %d" % (0 if ok else 4118273), "     rx_symbol_err_phy: %d" % (0 if ok else 903311),
            "     link_down_events_phy: %d" % (1 if ok else 46), "     rx_discards_phy: %d" % (12 if ok else 88231),
            "     rx_prio3_pause: %d" % (1102 + i), "     tx_prio3_pause: %d" % (998 + i), "     rx_out_of_buffer: 0"])
    b.add("%s/describe-node.txt" % bad, [
        "Name:               k8s-gpu-w04", "Conditions:",
        "  Type                   Status  LastHeartbeatTime                 Reason                 Message",
        "  ----                   ------  -----------------                 ------                 -------",
        "  RDMALinkFlapping       True    Tue, 14 Jan 2025 04:20:02 +0000   NICLinkFlap            ens1f1np1 link down 46 times in 24h",
        "  KernelDeadlock         False   Tue, 14 Jan 2025 04:20:02 +0000   KernelHasNoDeadlock    kernel has no deadlock",
        "  Ready                  True    Tue, 14 Jan 2025 04:20:02 +0000   KubeletReady           kubelet is posting ready status"])
    return b


CASES = [j01, j02, j03, j04, j05, j06, j07, j08, j09]
