"""Cases cc01-cc08: GPU faults, ECC, and errors that follow (or do not follow) a GPU."""
from datetime import datetime
from lib import (T, ctime, dmesg, dmesg_T, kern, journal, c10d, elastic, nccl, pid_of, watchdog_timeout,
                 nccl_async_error, py_traceback, CUDA_TAIL, child_failed, agent_sigterm, agent_failed,
                 smi_table, gpu_row, H100, A100, H100_BUS, A100_BUS, short_bus, smi_q, qgpu, dcgmi_diag,
                 DEPLOY_PASS, sacct, join, iso, rank_prefix, busid_nccl)
from common import torchrun_preamble, node_nccl_init, write_label

BENIGN = [
    "perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750",
    "docker0: port 1(veth3a1c2f9) entered blocking state",
    "docker0: port 1(veth3a1c2f9) entered forwarding state",
    "IPv6: ADDRCONF(NETDEV_CHANGE): veth3a1c2f9: link becomes ready",
]


def benign(u0, n=3):
    return [dmesg(u0 + i * 37.25, BENIGN[i % len(BENIGN)]) for i in range(n)]


def titan_progress(rank, base, t0, t1, step0, step_s, every, loss0, tps, mem="61.22GiB(77.39%)"):
    out, s, t = [], step0, t0
    while t <= t1:
        dt = T(base, t + ((s * 7919) % 997) / 1000.0)
        loss = loss0 - 0.00011 * (s - step0) + ((s * 7919) % 97) / 4000.0
        out.append(f"[rank{rank}]:[titan] {iso(dt)} - root - INFO - step: {s:5d}  loss: {loss:7.4f}  memory: {mem}  tps: {tps + (s * 31) % 57:,}  tflops: {tps * 0.1054:.2f}  mfu: {tps * 0.01066:.2f}%")
        s += every
        t += every * step_s
    return out, s - every


def megatron_iter(dt, it, total, gbs, loss, grad, ms, nan=0, skipped=0, lr=2.841e-4, scale="1.0"):
    return (f" [{dt:%Y-%m-%d %H:%M:%S}] iteration {it:8d}/{total:8d} | consumed samples: {it * gbs:12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | learning rate: {lr:.3E} | global batch size: {gbs:5d} | "
            f"lm loss: {loss:.6E} | loss scale: {scale} | grad norm: {grad} | number of skipped iterations: {skipped:3d} | "
            f"number of nan iterations: {nan:3d} |")


# --------------------------------------------------------------------------- cc01
def cc01():
    name = "cc01_nccl_watchdog_timeout_64_ranks"
    base = datetime(2024, 11, 4, 21, 2, 10)
    hosts = [f"gpu-b{i:02d}" for i in range(1, 9)]
    gpn, nr, job = 8, 64, 4418203
    bad_node, bad_lr = 4, 3
    bad_rank = bad_node * gpn + bad_lr
    t_xid = 5337.0          # 22:31:07
    t_wd = t_xid + 601.4
    files = {}
    for ni, h in enumerate(hosts):
        ap = 139800 + ni * 11
        ip = f"10.40.2.{11 + ni}"
        L = torchrun_preamble(T(base, 2), ap)
        L += node_nccl_init(h, ni, gpn, nr, H100_BUS, ip)
        if ni == 0:
            L.append(f"[rank0]:[titan] {iso(T(base, 58))} - root - INFO - Training starts at step 1, with local batch size 2, global batch size 128, sequence length 8192, total steps 20000 (warmup 600)")
            prog, last = titan_progress(0, base, 70, t_xid - 5, 10, 2.87, 50, 3.71, 3912)
            L += prog
        if ni == bad_node:
            r = bad_rank
            pid = pid_of(ni, bad_lr)
            L.append(nccl(h, pid, pid + 211, bad_lr, "WARN", "Cuda failure 999 'unknown error'"))
            L.append(nccl(h, pid, pid + 211, bad_lr, "INFO", "enqueue.cc:1558 -> 1"))
            L += nccl_async_error(r, T(base, t_xid + 2.1), 18391,
                                  "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 999 'unknown error'")
            pids = [pid_of(ni, lr) for lr in range(gpn) if lr != bad_lr]
            L += agent_sigterm(T(base, t_xid + 3.0), ap, pids)
            L.append(agent_failed(T(base, t_xid + 4.2), ap, -6, bad_lr, pid))
            L += child_failed("train.py", T(base, t_xid + 4.2), [], dict(host=h, rank=r, local_rank=bad_lr, exitcode=-6, pid=pid,
                              traceback=f"Signal 6 (SIGABRT) received by PID {pid}"))
        else:
            for lr in range(gpn):
                r = ni * gpn + lr
                L += watchdog_timeout(r, T(base, t_wd + (r % 7) * 0.13), 18391, "_ALLGATHER_BASE", 65536000, 600000, frames=(lr == 0))
            if ni == 0:
                L += rank_prefix(0, py_traceback([
                    ("/workspace/torchtitan/train.py", 318, "main", "loss.backward()"),
                    ("/usr/local/lib/python3.10/dist-packages/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                    ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
                ], "torch.distributed.DistBackendError: NCCL communicator was aborted on rank 0."))
            pids = [pid_of(ni, lr) for lr in range(1, gpn)]
            L.append(agent_failed(T(base, t_wd + 3.4), ap, -6, 0, pid_of(ni, 0)))
            fails = [dict(host=h, rank=ni * gpn + lr, local_rank=lr, exitcode=-6, pid=pid_of(ni, lr),
                          traceback=f"Signal 6 (SIGABRT) received by PID {pid_of(ni, lr)}") for lr in range(1, 3)]
            L += child_failed("train.py", T(base, t_wd + 3.4), fails, dict(host=h, rank=ni * gpn, local_rank=0, exitcode=-6,
                              pid=pid_of(ni, 0), traceback=f"Signal 6 (SIGABRT) received by PID {pid_of(ni, 0)}"))
        files[f"{h}/train.log"] = join(L)
        u0 = 1843220.5 + ni * 3001.7
        D = benign(u0 - 86000, 3)
        if ni == 1:  # old benign corrected AER on the NIC root port, 5 days before
            for k in range(3):
                uu = u0 - 432000 + k * 0.0012
                D += [dmesg(uu, "pcieport 0000:00:03.0: AER: Corrected error received: 0000:00:03.0"),
                      dmesg(uu + 0.000005, "pcieport 0000:00:03.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)"),
                      dmesg(uu + 0.000008, "pcieport 0000:00:03.0:   device [8086:347a] error status/mask=00001000/00002000"),
                      dmesg(uu + 0.000011, "pcieport 0000:00:03.0:    [12] Timeout               ")]
        if ni == bad_node:
            u = u0 + t_xid
            sb = short_bus(H100_BUS[bad_lr])
            D += [dmesg(u, f"NVRM: GPU at PCI:{sb}: GPU-4c1e7f0a-93d2-5b17-c0e8-2a6d9f13b7e5"),
                  dmesg(u + 0.000002, "NVRM: GPU Board Serial Number: 1652823017391"),
                  dmesg(u + 0.000004, f"NVRM: Xid (PCI:{sb}): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                  dmesg(u + 0.000010, f"NVRM: GPU {H100_BUS[bad_lr][4:].lower()}: GPU has fallen off the bus."),
                  dmesg(u + 0.000031, "NVRM: A GPU crash dump has been created. If possible, please run"),
                  dmesg(u + 0.000031, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                  dmesg(u + 0.000031, "NVRM: the NVIDIA kernel module is unloaded."),
                  dmesg(u + 4.2, f"NVRM: Xid (PCI:{sb}): 45, pid={pid_of(ni, bad_lr)}, name=python, Ch 00000008")]
        files[f"{h}/dmesg.txt"] = join(D)
    bad = hosts[bad_node]
    smi = [f"$ nvidia-smi   # run by on-call at {T(base, t_wd + 900):%H:%M}",
           f"Unable to determine the device handle for GPU{H100_BUS[bad_lr][4:]}: Unknown Error",
           "", "$ nvidia-smi -L"]
    smi += [f"GPU {i}: NVIDIA H100 80GB HBM3 (UUID: GPU-{0x4c1e7f00 + i:08x}-93d2-5b17-c0e8-2a6d9f13b7e{i})" for i in range(8) if i != bad_lr]
    smi += [f"Unable to determine the device handle for gpu {H100_BUS[bad_lr][4:]}: Unknown Error"]
    files[f"{bad}/nvidia-smi.txt"] = join(smi)
    S = [f"+ srun --nodes=8 --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-b01:29500 train.py --job.config_file ./train_configs/llama3_8b.toml",
         f"srun: error: {bad}: task {bad_node}: Exited with exit code 1"]
    for ni, h in enumerate(hosts):
        if ni != bad_node:
            S.append(f"srun: error: {h}: task {ni}: Exited with exit code 1")
    files[f"slurm-{job}.out"] = join(S)
    files["sacct.txt"] = join(sacct([(str(job), "llama3-8b", "h100", "FAILED", "1:0", base, T(base, t_wd + 5), 8, "gpu-b[01-08]"),
                                     (f"{job}.batch", "batch", "", "FAILED", "1:0", base, T(base, t_wd + 5), 1, "gpu-b01"),
                                     (f"{job}.0", "torchrun", "", "FAILED", "1:0", T(base, 1), T(base, t_wd + 5), 8, "gpu-b[01-08]")]))
    label = write_label("gpu_hardware", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
                        f"{bad} logged Xid 79 (GPU has fallen off the bus) for PCI 5d:00 (GPU 3 = rank {bad_rank}) and nvidia-smi can no longer get a handle for it; rank {bad_rank} failed first with CUDA 'unknown error' and every other rank only hit the watchdog timeout ten minutes later. The AER lines on gpu-b02 are corrected errors from days earlier.",
                        "https://github.com/rwth-i6/returnn/issues/1486")
    return name, files, label


# --------------------------------------------------------------------------- cc02
def cc02():
    name = "cc02_uncorrectable_ecc_error_pytorchjob"
    base = datetime(2024, 8, 21, 9, 14, 0)
    nodes = ["dgx-a100-017", "dgx-a100-018", "dgx-a100-019", "dgx-a100-020"]
    pods = [f"llm-sft-worker-{i}" for i in range(4)]
    gpn, nr = 8, 32
    bad_node, bad_lr = 2, 2
    bad_rank = bad_node * gpn + bad_lr
    t_err = 7723.4
    files = {}
    for ni, h in enumerate(nodes):
        ap = 88 + ni
        L = [f"INFO:root:Pod {pods[ni]} on node {h}"]
        L += torchrun_preamble(T(base, 3), ap)
        L += node_nccl_init(pods[ni], ni, gpn, nr, A100_BUS, f"192.168.31.{40 + ni}", netdev="net1")
        if ni == 0:
            for k in range(0, 40):
                dt = T(base, 120 + k * 190)
                if dt >= T(base, t_err):
                    break
                step = 20 + k * 20
                L.append(f"[rank0]: {{'loss': {1.412 - k * 0.0091:.4f}, 'grad_norm': {0.61 + (k % 5) * 0.037:.3f}, 'learning_rate': {1.9e-05 - k * 1.5e-08:.3e}, 'epoch': {step / 2400:.2f}}}")
                L.append(f"[rank0]: {step / 4800 * 100:3.0f}%|          | {step}/4800 [{int((dt - base).total_seconds()) // 60:02d}:{int((dt - base).total_seconds()) % 60:02d}<, 9.49s/it]")
        if ni == bad_node:
            pid = pid_of(ni, bad_lr, 200)
            L += rank_prefix(bad_rank, py_traceback([
                ("/opt/app/sft.py", 211, "<module>", "trainer.train()"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 1938, "train", "return inner_training_loop("),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2279, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3349, "training_step", "self.accelerator.backward(loss, **kwargs)"),
                ("/usr/local/lib/python3.10/dist-packages/accelerate/accelerator.py", 2151, "backward", "loss.backward(**kwargs)"),
                ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ], "RuntimeError: CUDA error: uncorrectable ECC error encountered", CUDA_TAIL))
            L += agent_sigterm(T(base, t_err + 3.5), ap, [pid_of(ni, lr, 200) for lr in range(gpn) if lr != bad_lr])
            L.append(agent_failed(T(base, t_err + 4.1), ap, 1, bad_lr, pid))
            L += child_failed("sft.py", T(base, t_err + 4.1), [], dict(host=pods[ni], rank=bad_rank, local_rank=bad_lr, exitcode=1, pid=pid))
        else:
            for lr in (0, 5):
                r = ni * gpn + lr
                L += watchdog_timeout(r, T(base, t_err + 1800.3 + lr * 0.01), 9926, "ALLREDUCE", 262144000, 1800000, frames=(lr == 0))
            L += agent_sigterm(T(base, t_err + 1801.0), ap, [pid_of(ni, lr, 200) for lr in (1, 2, 3, 4, 6, 7)])
            L.append(agent_failed(T(base, t_err + 1802.2), ap, -6, 0, pid_of(ni, 0, 200)))
        files[f"{h}/{pods[ni]}.log"] = join(L)
        u0 = 611032.2 + ni * 5200
        D = benign(u0, 2)
        if ni == bad_node:
            sb = short_bus(A100_BUS[bad_lr])
            u = u0 + t_err - 0.9
            D += [dmesg(u, f"NVRM: Xid (PCI:{sb}): 94, pid={pid_of(ni, bad_lr, 200)}, name=python, Contained ECC error."),
                  dmesg(u + 0.0012, f"NVRM: Xid (PCI:{sb}): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000084b1c2) marked for remapping, reset gpu to activate."),
                  dmesg(u + 5.1, f"NVRM: Xid (PCI:{sb}): 45, pid={pid_of(ni, bad_lr, 200)}, name=python, Ch 00000010")]
            q = []
            for g in range(8):
                kw = {}
                if g == bad_lr:
                    kw = dict(ecc_v=dict(du=1), ecc_a=dict(du=1, dc=2), rr=dict(corr=0, uncorr=1, pending="Yes", failure="No", hist=(639, 1, 0, 0, 0)))
                q.append(qgpu(A100, A100_BUS[g], g, 19, temp=33 + g, sm_clk=210, max_clk=1410, mem_clk=1593, mem_max=1593, **kw))
            files[f"{h}/nvidia-smi-q.txt"] = join(smi_q(T(base, t_err + 2500), "535.183.01", "12.2", q))
        files[f"{h}/dmesg.txt"] = join(D)
    K = [f"Name:         llm-sft", "Namespace:    research-nlp", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob",
         "Spec:", "  Pytorch Replica Specs:", "    Worker:", "      Replicas:  4", "      Restart Policy:  OnFailure",
         "Status:", "  Conditions:",
         f"    Last Transition Time:  {T(base, 0):%Y-%m-%dT%H:%M:%SZ}", "    Message:               PyTorchJob llm-sft is running.", "    Reason:                PyTorchJobRunning", "    Status:                False", "    Type:                  Running",
         f"    Last Transition Time:  {T(base, t_err + 1810):%Y-%m-%dT%H:%M:%SZ}", "    Message:               PyTorchJob llm-sft is failed because 1 Worker replica(s) failed.", "    Reason:                PyTorchJobFailed", "    Status:                True", "    Type:                  Failed",
         "Events:", "  Type     Reason                   Age   From                   Message", "  ----     ------                   ----  ----                   -------",
         "  Normal   SuccessfulCreatePod      128m  pytorchjob-controller  Created pod: llm-sft-worker-0",
         "  Normal   SuccessfulCreatePod      128m  pytorchjob-controller  Created pod: llm-sft-worker-1",
         "  Normal   SuccessfulCreatePod      128m  pytorchjob-controller  Created pod: llm-sft-worker-2",
         "  Normal   SuccessfulCreatePod      128m  pytorchjob-controller  Created pod: llm-sft-worker-3",
         "  Warning  ExitedWithCode           31m   pytorchjob-controller  Pod: research-nlp.llm-sft-worker-2 exited with code 1",
         "  Warning  ExitedWithCode           1m    pytorchjob-controller  Pod: research-nlp.llm-sft-worker-0 exited with code 134",
         "  Normal   PyTorchJobFailed         1m    pytorchjob-controller  PyTorchJob llm-sft is failed because 1 Worker replica(s) failed."]
    files["kubectl-describe-pytorchjob.txt"] = join(K)
    bad = nodes[bad_node]
    label = write_label("gpu_memory", "infrastructure", {"node": bad, "rank": bad_rank}, "restart",
                        f"Rank {bad_rank} (worker-2 on {bad}, GPU 2 at 47:00) died with 'uncorrectable ECC error encountered'; the kernel shows Xid 94 (contained ECC error) followed by Xid 63 marking a row for remapping. nvidia-smi -q shows 1 uncorrectable remapped row, Pending: Yes, Remapping Failure: No and full bank availability, so a GPU reset activates the remap; the other workers only timed out.",
                        "https://github.com/vllm-project/vllm/issues/5222")
    return name, files, label


# --------------------------------------------------------------------------- cc03
def cc03():
    name = "cc03_uncorrectable_ecc_megatron_iteration_crash"
    base = datetime(2024, 9, 12, 1, 40, 0)
    hosts = ["hgx-c11", "hgx-c12", "hgx-c13", "hgx-c14"]
    gpn, nr, job = 8, 32, 771204
    bad_node, bad_lr = 2, 6
    bad_rank = bad_node * gpn + bad_lr
    t_err = 15310.0
    files = {}
    out = [f"+ srun -l --ntasks-per-node=8 --gpus-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 ..."]
    for k in range(0, 60):
        t = 240 + k * 255.0
        if t >= t_err:
            break
        it = 100 + k * 50
        out.append(f"0: {megatron_iter(T(base, t), it, 100000, 512, 2.91 - k * 0.004, round(0.29 + (k % 4) * 0.011, 3), 5101.2 + (k % 3) * 3.1)}")
    sb = short_bus(H100_BUS[bad_lr])
    out += [f"{bad_rank}: Traceback (most recent call last):",
            f'{bad_rank}:   File "/opt/megatron-lm/pretrain_gpt.py", line 243, in <module>',
            f"{bad_rank}:     pretrain(",
            f'{bad_rank}:   File "/opt/megatron-lm/megatron/training/training.py", line 349, in pretrain',
            f"{bad_rank}:     iteration, num_floating_point_operations_so_far = train(",
            f'{bad_rank}:   File "/opt/megatron-lm/megatron/training/training.py", line 1275, in train',
            f"{bad_rank}:     train_step(forward_step_func,",
            f'{bad_rank}:   File "/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py", line 1368, in forward_backward_pipelining_without_interleaving',
            f"{bad_rank}:     output_tensor_grad = recv_backward(send_tensor_shapes, config)",
            f'{bad_rank}:   File "/opt/megatron-lm/megatron/core/pipeline_parallel/p2p_communication.py", line 384, in _communicate',
            f"{bad_rank}:     torch.cuda.synchronize()",
            f"{bad_rank}: RuntimeError: CUDA error: uncorrectable ECC error encountered"]
    out += [f"{bad_rank}: {l}" for l in CUDA_TAIL]
    for r in (bad_rank - 4, bad_rank - 2, bad_rank + 1):
        out += [f"{r}: {l}" for l in nccl_async_error(r, T(base, t_err + 1.4), 301877, "unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'uncorrectable ECC error encountered'")[:1]]
    out += [f"srun: error: {hosts[bad_node]}: task {bad_rank}: Exited with exit code 1",
            "srun: launch/slurm: _step_signal: Terminating StepId=771204.0",
            f"slurmstepd: error: *** STEP 771204.0 ON hgx-c11 CANCELLED AT {T(base, t_err + 6):%Y-%m-%dT%H:%M:%S} ***"]
    for ni, h in enumerate(hosts):
        if ni != bad_node:
            out.append(f"srun: error: {h}: tasks {ni * 8}-{ni * 8 + 7}: Terminated")
    out.append(f"srun: error: {hosts[bad_node]}: tasks {bad_node * 8}-{bad_rank - 1},{bad_rank + 1}: Terminated")
    files[f"slurm-{job}.out"] = join(out)
    for ni, h in enumerate(hosts):
        u0 = 2218400.0 + ni * 777.7
        D = benign(u0, 2)
        if ni == bad_node:
            u = u0 + t_err - 0.3
            D += [dmesg(u, f"NVRM: Xid (PCI:{sb}): 95, pid={pid_of(ni, bad_lr, 51000)}, name=python, Uncontained: FBHUB. RST: Yes, D-RST: No"),
                  dmesg(u + 0.0008, f"NVRM: Xid (PCI:{sb}): 64, pid='<unknown>', name=<unknown>, Row Remapper Error: remapping failed, bank 0x1d row 0x3f2a (DRAM uncorrectable)"),
                  dmesg(u + 7.9, f"NVRM: Xid (PCI:{sb}): 45, pid={pid_of(ni, bad_lr, 51000)}, name=python, Ch 00000018")]
            q = []
            for g in range(8):
                kw = {}
                if g == bad_lr:
                    kw = dict(ecc_v=dict(du=2), ecc_a=dict(du=9, dc=14),
                              rr=dict(corr=1, uncorr=8, pending="No", failure="Yes", hist=(2556, 2, 0, 1, 1)))
                else:
                    kw = dict(rr=dict(hist=(2560, 0, 0, 0, 0)))
                q.append(qgpu(H100, H100_BUS[g], g, 313, temp=31 + g, sm_clk=345, **kw))
            files[f"{h}/nvidia-smi-q.txt"] = join(smi_q(T(base, t_err + 1200), "550.90.07", "12.4", q))
            files[f"{h}/gpu-health.log"] = join([
                f"{T(base, -6 * 86400 + 3 * 3600):%Y-%m-%dT%H:%M:%S} node-health[2231]: GPU6 (0000:BA:00.0) Xid 94 contained ECC, remapped rows uncorrectable=6 pending=Yes -> scheduled GPU reset",
                f"{T(base, -6 * 86400 + 3 * 3600 + 240):%Y-%m-%dT%H:%M:%S} node-health[2231]: GPU6 reset complete, remapped rows pending=No",
                f"{T(base, -2 * 86400 + 11 * 3600):%Y-%m-%dT%H:%M:%S} node-health[2231]: GPU6 (0000:BA:00.0) Xid 94 contained ECC, remapped rows uncorrectable=7 pending=Yes -> scheduled GPU reset",
                f"{T(base, -2 * 86400 + 11 * 3600 + 260):%Y-%m-%dT%H:%M:%S} node-health[2231]: GPU6 reset complete, remapped rows pending=No",
                f"{T(base, t_err + 1250):%Y-%m-%dT%H:%M:%S} node-health[2231]: GPU6 (0000:BA:00.0) remapping failure occurred=Yes, bank availability None=1 -> check FAILED"])
        files[f"{h}/dmesg.txt"] = join(D)
    files["sacct.txt"] = join(sacct([(str(job), "gpt-175b", "pretrain", "FAILED", "1:0", base, T(base, t_err + 8), 4, "hgx-c[11-14]"),
                                     (f"{job}.0", "python", "", "CANCELLED", "0:15", T(base, 5), T(base, t_err + 8), 4, "hgx-c[11-14]")]))
    bad = hosts[bad_node]
    label = write_label("gpu_memory", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
                        f"Rank {bad_rank} (hgx-c13 GPU 6, BA:00) hit 'uncorrectable ECC error'; dmesg shows Xid 95 (uncontained) and Xid 64, and nvidia-smi -q reports 'Remapping Failure Occurred: Yes' with 8 uncorrectable remapped rows and a bank with no spare rows. The row remapper is exhausted after two earlier resets, so a reset will not fix it: the GPU needs replacement.",
                        "https://github.com/aws/eks-node-monitoring-agent/issues/245")
    return name, files, label


# --------------------------------------------------------------------------- cc04
def cc04():
    name = "cc04_illegal_memory_access_every_rank_first_step"
    base = datetime(2025, 1, 15, 14, 20, 5)
    hosts = ["trn-gpu-041", "trn-gpu-042", "trn-gpu-043", "trn-gpu-044"]
    gpn, nr, job = 8, 32, 5530981
    t_err = 212.6
    files = {}
    cfg = ["model:", "  name: llama-style-3b", "  max_position_embeddings: 16384", "  rope_theta: 500000", "  fused_rope: true   # custom kernel csrc/fused_rope.cu",
           "data:", "  seq_length: 16384          # was 4096 until commit 9f3ab21 (\"long context stage\")", "  micro_batch_size: 1",
           "trainer:", "  devices: 8", "  num_nodes: 4", "  precision: bf16-mixed", "  strategy: fsdp"]
    files["config.yaml"] = join(cfg)
    files["git-log.txt"] = join(["9f3ab21 long context stage: bump seq_length 4096 -> 16384, max_position_embeddings 16384",
                                 "51c0e77 fused_rope: cache cos/sin table of 8192 positions in shared memory",
                                 "e2d9a90 data: add 16k packed shards"])
    for ni, h in enumerate(hosts):
        L = [f"Initializing distributed: GLOBAL_RANK: {ni * 8 + lr}, MEMBER: {ni * 8 + lr + 1}/32" for lr in range(gpn)]
        L += ["----------------------------------------------------------------------------------------------------",
              "distributed_backend=nccl", "All distributed processes registered. Starting with 32 processes",
              "----------------------------------------------------------------------------------------------------", ""] if ni == 0 else []
        L += node_nccl_init(h, ni, gpn, nr, A100_BUS, f"10.12.4.{41 + ni}")
        if ni == 0:
            L += ["LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3,4,5,6,7]",
                  "", "  | Name  | Type         | Params | Mode ", "-----------------------------------------------",
                  "0 | model | LlamaForCLM  | 3.2 B  | train", "-----------------------------------------------",
                  "Epoch 0:   0%|          | 0/61035 [00:00<?, ?it/s] "]
        for lr in range(gpn):
            r = ni * gpn + lr
            if lr in (0, 3) or ni == 0:
                L += rank_prefix(r, py_traceback([
                    ("/workspace/train.py", 96, "<module>", "trainer.fit(model, datamodule=dm)"),
                    ("/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/optimization/automatic.py", 318, "_training_step", "training_step_output = call._call_strategy_hook(trainer, \"training_step\", *kwargs.values())"),
                    ("/workspace/model/llama.py", 188, "forward", "q, k = apply_fused_rope(q, k, self.rope_cache, position_ids)"),
                    ("/workspace/model/fused_rope.py", 54, "apply_fused_rope", "out = _C.fused_rope_fwd(q, k, cos_sin, pos)"),
                ], "RuntimeError: CUDA error: an illegal memory access was encountered", CUDA_TAIL))
        L.append(f"srun: error: {h}: tasks {ni * 8}-{ni * 8 + 7}: Exited with exit code 1")
        files[f"{h}/stdout.log"] = join(L)
        u0 = 90412.7 + ni * 611.3
        D = benign(u0, 2)
        for g in range(8):
            sb = short_bus(A100_BUS[g])
            u = u0 + t_err - 0.05 + g * 0.0009
            D += [dmesg(u, f"NVRM: Xid (PCI:{sb}): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC {g % 7}, TPC {(g * 3) % 9}, SM 0): Out Of Range Address"),
                  dmesg(u + 0.000007, f"NVRM: Xid (PCI:{sb}): 13, pid='<unknown>', name=<unknown>, Graphics SM Global Exception on (GPC {g % 7}, TPC {(g * 3) % 9}, SM 0): Multiple Warp Errors"),
                  dmesg(u + 0.000013, f"NVRM: Xid (PCI:{sb}): 13, pid={pid_of(ni, g, 60000)}, name=python, Graphics Exception: ESR 0x5{g % 7}4730=0x80d000e 0x5{g % 7}4734=0x24 0x5{g % 7}4728=0x1f81fb60 0x5{g % 7}472c=0x1174")]
        files[f"{h}/dmesg.txt"] = join(D)
    files["sacct.txt"] = join(sacct([(str(job), "lc-stage2", "a100", "FAILED", "1:0", base, T(base, t_err + 4), 4, "trn-gpu-0[41-44]")]))
    label = write_label("user_code", "script", None, "stop",
                        "All 32 ranks on all four nodes fail at the very first step with an illegal memory access inside the custom fused_rope_fwd kernel, and every GPU logs Xid 13 'Out Of Range Address' at the same moment. The change that preceded it raised seq_length to 16384 while the kernel caches only 8192 positions: a deterministic out-of-bounds bug in the job's own kernel, not hardware.",
                        "https://github.com/NVIDIA/TensorRT-LLM/issues/15610")
    return name, files, label


# --------------------------------------------------------------------------- cc05
def cc05():
    name = "cc05_illegal_memory_access_again_after_requeue"
    gpn, nr, job = 8, 32, 902211
    bad_rank, bad_step = 13, 48213
    files = {}
    attempts = [("attempt_1", datetime(2024, 10, 2, 3, 0, 0), [f"gn{i:02d}" for i in range(1, 5)], 41000, 0, 47500),
                ("attempt_2", datetime(2024, 10, 2, 6, 42, 0), [f"gn{i:02d}" for i in range(5, 9)], 48000, 1, 48000)]
    for aname, base, hosts, resume, restart_cnt, start_step in attempts:
        step_s = 1.35
        t_err = 300 + (bad_step - start_step) * step_s
        bad_node = bad_rank // gpn
        for ni, h in enumerate(hosts):
            L = torchrun_preamble(T(base, 2), 120000 + ni)
            L += node_nccl_init(h, ni, gpn, nr, H100_BUS, f"172.20.8.{ni + 10 + restart_cnt * 4}", pid_base=40000 + restart_cnt * 9000)
            if ni == 0:
                L.append(f"[rank0]: resuming from /checkpoints/moe-16x1b/step_{start_step} (restart count {restart_cnt})")
                s = start_step + 100
                while 300 + (s - start_step) * step_s < t_err:
                    L.append(f"[rank0]: step {s:6d} | loss {2.412 - (s - 41000) * 1e-6:.4f} | aux_loss 0.0113 | tokens/s 1,012,331 | dropped_tokens 0.00%")
                    s += 100
            if ni == bad_node:
                lr = bad_rank % gpn
                L += rank_prefix(bad_rank, py_traceback([
                    ("/app/train_moe.py", 402, "train_step", "out = model(batch)"),
                    ("/app/moe/layer.py", 141, "forward", "dispatched = token_dispatch(x, expert_idx, self.capacity)"),
                    ("/app/moe/ops.py", 77, "token_dispatch", "return moe_ops.dispatch_fwd(x, idx, capacity)"),
                ], "RuntimeError: CUDA error: an illegal memory access was encountered", CUDA_TAIL))
                L.append(f"[rank{bad_rank}]: batch meta at failure: step={bad_step} sample_ids=[88120331, 88120332] max_tokens_per_expert=9216 capacity=8192")
                pb = 40000 + restart_cnt * 9000
                L += agent_sigterm(T(base, t_err + 1.2), 120000 + ni, [pid_of(ni, k, pb) for k in range(gpn) if k != lr])
                L += child_failed("train_moe.py", T(base, t_err + 2.0), [], dict(host=h, rank=bad_rank, local_rank=lr, exitcode=1, pid=pid_of(ni, lr, pb)))
            else:
                L += watchdog_timeout(ni * gpn, T(base, t_err + 600.2), 900112 + restart_cnt, "ALLTOALL_BASE", 8388608, 600000, frames=False)
            files[f"{aname}/{h}/train.log"] = join(L)
            u0 = 300200.0 + ni * 1000 + restart_cnt * 99991
            D = benign(u0, 2)
            if ni == bad_node:
                lr = bad_rank % gpn
                sb = short_bus(H100_BUS[lr])
                D.append(dmesg(u0 + t_err - 0.02, f"NVRM: Xid (PCI:{sb}): 31, pid={pid_of(ni, lr, 40000 + restart_cnt * 9000)}, name=python, channel 0x00000012, intr 00000000. MMU Fault: ENGINE GRAPHICS GPC4 GPCCLIENT_T1_7 faulted @ 0x7f3a_c2400000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_WRITE"))
            files[f"{aname}/{h}/dmesg.txt"] = join(D)
        files[f"{aname}/slurm-{job}.out"] = join([
            f"job {job} restart count {restart_cnt}, nodes {hosts[0]}..{hosts[-1]}",
            f"srun: error: {hosts[bad_node]}: task {bad_node}: Exited with exit code 1",
        ] + ([f"slurm_requeue: job {job} requeued (admin drained gn02: 'Xid 31 on GPU5, check')"] if restart_cnt == 0 else []))
    files["sacct.txt"] = join(sacct([
        (str(job), "moe-16x1b", "h100", "REQUEUED", "0:0", datetime(2024, 10, 2, 3, 0, 0), datetime(2024, 10, 2, 5, 59, 10), 4, "gn[01-04]"),
        (str(job), "moe-16x1b", "h100", "FAILED", "1:0", datetime(2024, 10, 2, 6, 42, 0), datetime(2024, 10, 2, 7, 2, 30), 4, "gn[05-08]")]))
    label = write_label("user_code", "script", None, "stop",
                        "Both attempts fail at the same step 48213 on the same global rank 13 with an illegal memory access in the job's own MoE dispatch kernel; attempt 2 ran on completely different nodes (gn06 instead of gn02), and each time the Xid 31 MMU fault is on whatever GPU hosts rank 13. The batch metadata shows 9216 tokens for an expert capacity of 8192: a data-triggered out-of-bounds write in user code, not a bad GPU.",
                        "https://github.com/NVIDIA/NVSentinel/issues/271")
    return name, files, label


# --------------------------------------------------------------------------- cc06
def cc06():
    name = "cc06_device_side_assert_one_rank"
    base = datetime(2024, 5, 7, 16, 3, 44)
    hosts = ["ml-gpu-11", "ml-gpu-12"]
    gpn, nr = 8, 16
    bad_rank = 13
    bad_node, bad_lr = 1, 5
    t_err = 4411.3
    files = {}
    for ni, h in enumerate(hosts):
        L = [f"The following values were not passed to `accelerate launch` and had defaults used instead:",
             "\t`--dynamo_backend` was set to a value of `'no'`",
             "To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`."] if ni == 0 else []
        L += node_nccl_init(h, ni, gpn, nr, A100_BUS, f"10.3.0.{11 + ni}")
        if ni == 0:
            L += ["[rank0]: Added 3 special tokens to the tokenizer: ['<|tool_call|>', '<|tool_result|>', '<|endofturn|>'] -> len(tokenizer)=32003",
                  "[rank0]: model.get_input_embeddings().weight.shape = torch.Size([32000, 4096])",
                  "[rank0]: /usr/local/lib/python3.10/dist-packages/transformers/training_args.py:1525: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of Transformers. Use `eval_strategy` instead"]
            for k in range(22):
                L.append(f"[rank0]: {{'loss': {1.088 - k * 0.004:.4f}, 'grad_norm': {2.1 - k * 0.03:.3f}, 'learning_rate': {2e-5 * (k + 1) / 22:.3e}, 'epoch': {0.011 * (k + 1):.3f}}}")
        if ni == bad_node:
            for th in range(32, 40):
                L.append(f"../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [{211 + th % 3},0,0], thread: [{th},0,0] Assertion `srcIndex < srcSelectDimSize` failed.")
            L += rank_prefix(bad_rank, py_traceback([
                ("/home/svc-train/sft/run_sft.py", 148, "<module>", "trainer.train()"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/models/mistral/modeling_mistral.py", 961, "forward", "inputs_embeds = self.embed_tokens(input_ids)"),
                ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/sparse.py", 164, "forward", "return F.embedding("),
                ("/usr/local/lib/python3.10/dist-packages/torch/nn/functional.py", 2267, "embedding", "return torch.embedding(weight, input, padding_idx, scale_grad_by_freq, sparse)"),
            ], "RuntimeError: CUDA error: device-side assert triggered", CUDA_TAIL))
            L.append(f"[{iso(T(base, t_err + 2))}] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', 'run_sft.py', '--local_rank=5'] exits with return code = 1")
        else:
            for lr in (0, 1):
                L += watchdog_timeout(lr, T(base, t_err + 1800.4), 30422, "ALLREDUCE", 7241728, 1800000, frames=(lr == 0))
        files[f"{h}/train.log"] = join(L)
        u0 = 55012.3 + ni * 71
        D = benign(u0, 3)
        if ni == bad_node:
            D.append(dmesg(u0 + t_err + 0.4, f"NVRM: Xid (PCI:{short_bus(A100_BUS[bad_lr])}): 43, pid={pid_of(ni, bad_lr, 7700)}, name=python, Ch 00000008"))
        files[f"{h}/dmesg.txt"] = join(D)
    label = write_label("user_code", "script", None, "stop",
                        "Rank 13 hit the ATen assertion `srcIndex < srcSelectDimSize` in the embedding lookup: the tokenizer was given 3 new special tokens (len 32003) but the embedding matrix still has 32000 rows. The Xid 43 on ml-gpu-12 is just the driver resetting the channel of the process that asserted, and ml-gpu-11 only shows watchdog timeouts.",
                        "https://github.com/huggingface/transformers/issues/24698")
    return name, files, label


# --------------------------------------------------------------------------- cc07
def cc07():
    name = "cc07_unspecified_launch_failure_twice"
    gpn, nr, job = 8, 64, 3307715
    hosts = [f"node{i}" for i in range(101, 109)]
    bad_node, bad_lr = 5, 5
    bad_rank = bad_node * gpn + bad_lr
    files = {}
    runs = [("attempt_1", datetime(2024, 7, 9, 22, 0, 0), 0, 1840, None),
            ("attempt_2", datetime(2024, 7, 10, 0, 47, 0), 1500, 1812, True)]
    for aname, base, start, fail_step, has_dmesg in runs:
        step_s = 3.9
        t_err = 180 + (fail_step - start) * step_s
        for ni, h in enumerate(hosts):
            L = torchrun_preamble(T(base, 1), 77000 + ni)
            L += node_nccl_init(h, ni, gpn, nr, A100_BUS, f"10.21.7.{101 + ni}")
            if ni == 0:
                if start:
                    L.append(f"[rank0]: Loaded checkpoint iter_{start:07d} (requeue)")
                s = start + 20
                while 180 + (s - start) * step_s < t_err:
                    dt = T(base, 180 + (s - start) * step_s)
                    L.append(f"[rank0]: {megatron_iter(dt, s, 200000, 1024, 2.61 - s * 2e-5, 0.27, 3901.4)}")
                    s += 20
            if ni == bad_node:
                pid = pid_of(ni, bad_lr, 90000)
                L += rank_prefix(bad_rank, py_traceback([
                    ("/opt/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain("),
                    ("/opt/Megatron-LM/megatron/training/training.py", 754, "train_step", "losses_reduced = forward_backward_func("),
                    ("/opt/Megatron-LM/megatron/core/tensor_parallel/layers.py", 668, "linear_with_grad_accumulation_and_async_allreduce", "return LinearWithGradAccumulationAndAsyncCommunication.apply(*args)"),
                ], "RuntimeError: CUDA error: unspecified launch failure", CUDA_TAIL))
                L += agent_sigterm(T(base, t_err + 1.5), 77000 + ni, [pid_of(ni, k, 90000) for k in range(gpn) if k != bad_lr])
                L += child_failed("pretrain_gpt.py", T(base, t_err + 2.1), [], dict(host=h, rank=bad_rank, local_rank=bad_lr, exitcode=1, pid=pid))
            else:
                L += watchdog_timeout(ni * gpn, T(base, t_err + 600.5), 77301 + fail_step, "ALLREDUCE", 1, 600000, frames=False)
            files[f"{aname}/{h}/train.log"] = join(L)
            if has_dmesg and ni == bad_node:
                u0 = 12033.0
                sb = short_bus(A100_BUS[bad_lr])
                files[f"{aname}/{h}/dmesg.txt"] = join(benign(u0, 2) + [
                    dmesg(u0 + t_err - 0.01, f"NVRM: Xid (PCI:{sb}): 13, pid='<unknown>', name=<unknown>, Graphics SM Warp Exception on (GPC 3, TPC 5, SM 1): Illegal Instruction Encoding"),
                    dmesg(u0 + t_err - 0.01, f"NVRM: Xid (PCI:{sb}): 13, pid='<unknown>', name=<unknown>, Graphics SM Global Exception on (GPC 3, TPC 5, SM 1): Multiple Warp Errors"),
                    dmesg(u0 + t_err, f"NVRM: Xid (PCI:{sb}): 13, pid={pid_of(bad_node, bad_lr, 90000)}, name=python, Graphics Exception: ESR 0x51df30=0x30009 0x51df34=0x24 0x51df28=0x4c1eb72 0x51df2c=0x174")])
        files[f"{aname}/slurm-{job}.out"] = join([f"srun: error: {hosts[bad_node]}: task {bad_node}: Exited with exit code 1"] +
                                                  [f"srun: error: {h}: task {i}: Exited with exit code 1" for i, h in enumerate(hosts) if i != bad_node])
    base2 = runs[1][1]
    d = dcgmi_diag("3.3.6", "535.161.08", ",".join(["20b2"] * 8), [
        ("Deployment", DEPLOY_PASS),
        ("Integration", [("PCIe", ["Pass - All"])]),
        ("Hardware", [("GPU Memory", ["Pass - All"]), ("Diagnostic", ["Pass - GPUs: 0, 1, 2, 3, 4, 6, 7", "Fail - GPU: 5"]),
                      ("Warning", ["GPU 5 Error using CUDA API cuStreamSynchronize", "Check DCGM and system logs for errors. Reset", "GPU. Restart DCGM. Rerun diagnostics."])]),
        ("Stress", [("Targeted Stress", ["Pass - All"]), ("Targeted Power", ["Pass - All"]), ("Memory Bandwidth", ["Pass - All"]),
                    ("EUD Test", ["Skip - All"])])])
    files[f"attempt_2/{hosts[bad_node]}/dcgmi-diag.txt"] = join([f"# {T(base2, 8000):%Y-%m-%d %H:%M} dcgmi diag -r 3 (node drained after second failure)"] + d)
    files["sacct.txt"] = join(sacct([
        (str(job), "gpt-22b", "a100", "REQUEUED", "0:0", runs[0][1], T(runs[0][1], 180 + 1840 * 3.9 + 605), 8, "node[101-108]"),
        (str(job), "gpt-22b", "a100", "FAILED", "1:0", base2, T(base2, 180 + 312 * 3.9 + 605), 8, "node[101-108]")]))
    label = write_label("gpu_hardware", "infrastructure", {"node": hosts[bad_node], "rank": bad_rank}, "restart_without_node",
                        f"Both attempts die with 'unspecified launch failure' on rank {bad_rank} = node106 GPU 5, but at different iterations (1840, then 1812 after resuming from 1500, an iteration attempt 1 had passed), so it is not data or code. The second time dmesg shows Xid 13 on B7:00 and dcgmi diag -r 3 fails the Diagnostic test on GPU 5 only.",
                        "https://github.com/AlexeyAB/darknet/issues/5547")
    return name, files, label


# --------------------------------------------------------------------------- cc08
def cc08():
    name = "cc08_grad_norm_nan_after_requeue"
    gpn, nr, job = 8, 32, 615530
    hosts = ["h100-r2-n01", "h100-r2-n02", "h100-r2-n03", "h100-r2-n04"]
    bad_rank = 27
    bad_node = 3
    files = {}
    runs = [("attempt_1", datetime(2024, 12, 1, 8, 0, 0), 7000, 9120),
            ("attempt_2", datetime(2024, 12, 1, 11, 5, 0), 9000, 9044)]
    for aname, base, start, nan_it in runs:
        step_s = 4.1
        t_nan = 200 + (nan_it - start) * step_s
        S = [f"+ srun --ntasks-per-node=8 python pretrain_gpt.py --check-for-nan-in-loss-and-grad --load /ckpt/gpt-13b --save /ckpt/gpt-13b ..."]
        if start != 7000:
            S.append(f"0:  loading checkpoint from /ckpt/gpt-13b at iteration {start}")
            S.append(f"0:   successfully loaded checkpoint from /ckpt/gpt-13b [ t 0/4, p 0/2 ] at iteration {start}")
        it = start + 10
        while 200 + (it - start) * step_s < t_nan:
            dt = T(base, 200 + (it - start) * step_s)
            S.append(f"0: {megatron_iter(dt, it, 120000, 512, 2.204 - it * 3e-6 + ((it * 17) % 13) / 1000, round(0.21 + ((it * 7) % 11) / 200, 3), 4101.7 + (it % 7))}")
            it += 10
        S += [f"{bad_rank}: Traceback (most recent call last):",
              f'{bad_rank}:   File "/workspace/megatron/core/distributed/param_and_grad_buffer.py", line 217, in check_for_nan_in_grad',
              f"{bad_rank}:     assert not norm_is_nan, (",
              f"{bad_rank}: AssertionError: Rank {bad_rank}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 3, node: {hosts[bad_node]}",
              f"srun: error: {hosts[bad_node]}: task {bad_rank}: Exited with exit code 1"]
        for r in (0, 8, 16):
            S += [f"{r}: " + l for l in watchdog_timeout(r, T(base, t_nan + 600.1), 41022 + nan_it, "ALLREDUCE", 1, 600000, frames=False)[:1]]
        files[f"{aname}/slurm-{job}.out"] = join(S)
        for ni, h in enumerate(hosts):
            u0 = 41000.0 + ni * 300 + (start // 100)
            files[f"{aname}/{h}/dmesg.txt"] = join(benign(u0, 3))
        q = [qgpu(H100, H100_BUS[g], g, 27, temp=40 + g % 3, ecc_a=dict(dc=0)) for g in range(8)]
        files[f"{aname}/{hosts[bad_node]}/nvidia-smi-q.txt"] = join(smi_q(T(base, t_nan + 700), "550.54.15", "12.4", q))
    files["sacct.txt"] = join(sacct([
        (str(job), "gpt-13b", "h100", "REQUEUED", "0:0", runs[0][1], T(runs[0][1], 200 + 2120 * 4.1 + 610), 4, "h100-r2-n[01-04]"),
        (str(job), "gpt-13b", "h100", "FAILED", "1:0", runs[1][1], T(runs[1][1], 200 + 44 * 4.1 + 610), 4, "h100-r2-n[01-04]")]))
    label = write_label("gpu_hardware", "infrastructure", {"node": hosts[bad_node], "rank": bad_rank}, "restart_without_node",
                        "Megatron's NaN check fires on rank 27 (h100-r2-n04, device 3) in both attempts: right after iteration 9110 in attempt 1, then right after 9040 after resuming from the iteration-9000 checkpoint. Iterations 9000-9110 had trained cleanly in attempt 1, so the data and recipe are not at fault. The NaN follows one GPU, with clean dmesg and ECC counters: silent data corruption, so keep that node out.",
                        "https://github.com/microsoft/dion/issues/76")
    return name, files, label


CASES = [cc01, cc02, cc03, cc04, cc05, cc06, cc07, cc08]
