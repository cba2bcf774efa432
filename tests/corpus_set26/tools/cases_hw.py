"""GPU hardware / GPU memory / NVLink cases."""
from common import (Bundle, Job, T, add, c10d_ts, pylog, iso, syslog, torchrun_banner, sigterm_lines,
                    child_failed, watchdog_timeout, train_steps, nvsmi_table, dmesg_noise, traceback, rankify)

PY = "/opt/conda/lib/python3.11/site-packages"


def _cuda_err_frames(script="pretrain_gpt.py"):
    return [(f"/workspace/{script}", 211, "<module>", "pretrain(train_ds_provider, model_provider,"),
            ("/workspace/megatron/training/training.py", 1102, "train", "train_step(forward_step_func,"),
            ("/workspace/megatron/training/training.py", 611, "train_step", "losses_reduced = forward_backward_func("),
            ("/workspace/megatron/core/pipeline_parallel/schedules.py", 389, "forward_backward_no_pipelining", "backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)"),
            (f"{PY}/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward(")]


def _cuda_tail():
    return ("CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
            "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
            "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")


def n01():
    b = Bundle("n01_uncorrectable_ecc_error_keeps_killing_my_jobs",
               "same rank/GPU dies with an ECC CUDA error in three requeued attempts; only the recurrence and nvidia-smi -q pin the node")
    nodes = ["dgk709", "dgk711", "dgk713", "dgk715"]
    bad, bad_lr = "dgk713", 5
    starts = [T(2024, 5, 3, 1, 12, 4), T(2024, 5, 3, 6, 40, 51), T(2024, 5, 3, 9, 2, 17)]
    fail_after = [5400, 2300, 760]
    where = [("/home/pdarke/seg/train.py", 188, "train_epoch", "logits = model(images)"),
             ("/home/pdarke/seg/train.py", 201, "train_epoch", "scaler.scale(loss).backward()"),
             ("/home/pdarke/seg/utils/metrics.py", 44, "update", "self.conf += torch.bincount(idx, minlength=n*n).reshape(n, n)")]
    for a in range(3):
        j = Job(b, nodes, 8, starts[a], prefix=f"attempt_{a}/")
        t_fail = add(starts[a], fail_after[a])
        for n in nodes:
            lines = [f"+ srun --kill-on-bad-exit=1 torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint dgk709:29400 train.py --cfg configs/upernet_convnext.yaml",
                     f"SLURM_JOB_ID=63265{1+a} SLURM_RESTART_COUNT={a} SLURMD_NODENAME={n}"]
            txt = "\n".join(lines) + "\n" + torchrun_banner(starts[a], 4, 8, "dgk709:29400", run_id=f"63265{1+a}")
            steps, _ = train_steps(add(starts[a], 40), 20, 20 + fail_after[a] // 3, 20, 3.0, 2.4, b.rng, fmt="plain")
            if n == nodes[0]:
                txt += steps
            if n == bad:
                r = j.gr(n, bad_lr)
                err = traceback([("/home/pdarke/seg/train.py", 312, "<module>", "main(cfg)"),
                                 ("/home/pdarke/seg/train.py", 290, "main", "train_epoch(model, loader, opt, epoch)"), where[a]],
                                "RuntimeError: CUDA error: uncorrectable ECC error encountered\n" + _cuda_tail())
                txt += rankify(err, r)
                txt += sigterm_lines(add(t_fail, 1), [p for k, p in enumerate(j.pids[n]) if k != bad_lr])
                txt += child_failed(add(t_fail, 3), n, [(r, bad_lr, 1, j.pids[n][bad_lr], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")])
            else:
                for lr in (0, 3):
                    txt += watchdog_timeout(add(t_fail, 1800 if a != 1 else 600), j.gr(n, lr), 15000 + a * 7 + fail_after[a], "ALLREDUCE", 2359296,
                                            timeout_ms=1800000 if a != 1 else 600000)
                txt += f"srun: error: {n}: task {nodes.index(n)}: Terminated\n"
            b.add(j.p(n, "slurm-%s.out" % (632651 + a)), txt)
        # operator evidence collected after each attempt
        u = 86400 * (a + 3) + 1000.0
        nv = nvsmi_table(bad, add(t_fail, 300), 8, driver="535.161.08", cuda="12.2", model="NVIDIA A100-SXM4-80GB",
                         overrides={bad_lr: {"ecc": str(a + 1)}})
        b.add(f"attempt_{a}/{bad}/nvidia-smi.txt", nv)
        b.add(f"attempt_{a}/{nodes[0]}/nvidia-smi.txt", nvsmi_table(nodes[0], add(t_fail, 300), 8, driver="535.161.08", cuda="12.2", model="NVIDIA A100-SXM4-80GB"))
    b.add(f"attempt_2/{bad}/nvidia-smi-q-ecc.txt",
          "==============NVSMI LOG==============\n\nTimestamp                                 : Fri May  3 09:30:12 2024\nDriver Version                            : 535.161.08\n\n"
          "GPU 00000000:AB:00.0\n    Product Name                          : NVIDIA A100-SXM4-80GB\n    Minor Number                          : 5\n"
          "    ECC Errors\n        Volatile\n            SRAM Correctable              : 0\n            SRAM Uncorrectable            : 0\n            DRAM Correctable              : 14\n            DRAM Uncorrectable            : 3\n"
          "        Aggregate\n            SRAM Correctable              : 0\n            SRAM Uncorrectable            : 0\n            DRAM Correctable              : 211\n            DRAM Uncorrectable            : 9\n"
          "    Remapped Rows\n        Correctable Error                 : 2\n        Uncorrectable Error               : 9\n        Pending                           : Yes\n        Remapping Failure Occurred        : No\n")
    b.set_label("gpu_memory", "infrastructure", {"node": bad, "rank": 21}, "restart_without_node",
                "Three requeues fail the same way: global rank 21 (GPU 5 of dgk713) dies with 'uncorrectable ECC error encountered' at different code locations, and dgk713's nvidia-smi shows climbing DRAM uncorrectable counts with a pending row remap. The error follows the GPU, not the code; drain dgk713.",
                "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/194")
    return b


def n02():
    b = Bundle("n02_gpu_lost_mid_epoch_whole_job_died",
               "Xid 79 fallen off the bus on one node; local NVML GpuIsLost and launch failures, remote ranks see NCCL errors")
    nodes = ["cn-231", "cn-232", "cn-234", "cn-235"]
    bad, lr_bad = "cn-234", 3
    t0 = T(2024, 1, 2, 14, 3, 11)
    j = Job(b, nodes, 4, t0)
    tf = add(t0, 9000)
    for n in nodes:
        txt = torchrun_banner(t0, 4, 4, "cn-231:29500", run_id="returnn-ep31")
        if n == nodes[0]:
            for ep in range(28, 32):
                for st in range(0, 300, 60):
                    txt += f"ep {ep} train, step {st}, ce {5.2 - ep*0.05 + b.rng.uniform(-0.1,0.1):.3f}, fer {0.80 - ep*0.004:.3f}, mem_usage:cuda:0 6.8GB, {b.rng.uniform(0.95,1.05):.3f} sec/step\n"
        if n == bad:
            r = j.gr(n, lr_bad)
            txt += rankify(traceback([("/work/returnn/rnn.py", 11, "<module>", "main()"),
                                      ("/work/returnn/returnn/torch/engine.py", 402, "train_epoch", "total_loss.get_total_loss().backward()"),
                                      (f"{PY}/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                                      (f"{PY}/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward(")],
                                     "RuntimeError: CUDA error: unspecified launch failure\n" + _cuda_tail()), r)
            r0 = j.gr(n, 0)
            txt += rankify(traceback([("/work/returnn/returnn/torch/engine.py", 455, "_log_gpu", "h = pynvml.nvmlDeviceGetHandleByIndex(self._local_rank)"),
                                      (f"{PY}/pynvml.py", 1955, "nvmlDeviceGetHandleByIndex", "_nvmlCheckReturn(ret)"),
                                      (f"{PY}/pynvml.py", 850, "_nvmlCheckReturn", "raise NVMLError(ret)")],
                                     "pynvml.NVMLError_GpuIsLost: GPU is lost"), r0)
            txt += sigterm_lines(add(tf, 2), [j.pids[n][k] for k in (1, 2)])
            txt += child_failed(add(tf, 4), n, [(r, lr_bad, 1, j.pids[n][lr_bad], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
                                               (r0, 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")],
                                entry="rnn.py")
        else:
            for lr in range(4):
                txt += watchdog_timeout(add(tf, 1800), j.gr(n, lr), 611204, "ALLREDUCE", 8806400)
        b.add(f"{n}/stdout.log", txt)
    # kernel log on the bad node
    lines, u = dmesg_noise(702113.0, b.rng, 5)
    for i in range(4):
        u += 0.0003
        lines.append(f"[{u:12.6f}] pcieport 0000:5c:00.0: AER: Corrected error received: 0000:5c:00.0")
        lines.append(f"[{u:12.6f}] pcieport 0000:5c:00.0: PCIe Bus Error: severity=Corrected, type=Data Link Layer, (Transmitter ID)")
        lines.append(f"[{u:12.6f}] pcieport 0000:5c:00.0:   device [8086:347a] error status/mask=00001000/00002000")
        lines.append(f"[{u:12.6f}] pcieport 0000:5c:00.0:    [12] Timeout               ")
    u += 41.2
    lines += [f"[{u:12.6f}] NVRM: GPU at PCI:0000:5d:00: GPU-6f1c2a7e-93d1-4b0a-bb2e-0c5d7d1e8a43",
              f"[{u:12.6f}] NVRM: GPU Board Serial Number: 1652421007811",
              f"[{u:12.6f}] NVRM: Xid (PCI:0000:5d:00): 79, pid=‘<unknown>’, name=<unknown>, GPU has fallen off the bus.",
              f"[{u:12.6f}] NVRM: GPU 0000:5d:00.0: GPU has fallen off the bus.",
              f"[{u+0.01:12.6f}] NVRM: A GPU crash dump has been created. If possible, please run",
              f"[{u+0.01:12.6f}] NVRM: nvidia-bug-report.sh as root to collect this data before",
              f"[{u+0.01:12.6f}] NVRM: the NVIDIA kernel module is unloaded."]
    b.add(f"{bad}/dmesg.txt", "\n".join(lines))
    b.add(f"{bad}/nvidia-smi.txt", "Unable to determine the device handle for GPU0000:5D:00.0: Unknown Error\n")
    for n in nodes:
        if n != bad:
            l2, _ = dmesg_noise(690000.0 + nodes.index(n) * 1000, b.rng, 6)
            b.add(f"{n}/dmesg.txt", "\n".join(l2))
    b.set_label("gpu_hardware", "infrastructure", {"node": bad, "rank": j.gr(bad, lr_bad)}, "restart_without_node",
                "cn-234's kernel log shows PCIe AER timeouts then Xid 79 (GPU 0000:5d:00 fallen off the bus); its rank 11 failed with an unspecified launch failure and NVML reports the GPU lost. The timeouts on the other nodes are sympathetic.",
                "https://github.com/rwth-i6/returnn/issues/1486")
    return b


def n03():
    b = Bundle("n03_illegal_instruction_again_after_requeue",
               "an 'illegal instruction' that looks like a kernel bug follows one host across two attempts with different rank placement; Xid 13/43 on that host")
    pool0 = ["g0401", "g0403", "g0405", "g0407", "g0409", "g0410", "g0412", "g0414"]
    pool1 = ["g0403", "g0409", "g0412", "g0415", "g0405", "g0401", "g0414", "g0410"]
    bad, lr_bad = "g0412", 6
    for a, (pool, t0, tf_s) in enumerate([(pool0, T(2025, 8, 6, 3, 10, 0), 7310), (pool1, T(2025, 8, 6, 9, 51, 30), 1905)]):
        j = Job(b, pool, 8, t0, prefix=f"attempt_{a}/")
        tf = add(t0, tf_s)
        for n in pool:
            txt = f"[marin] node_rank={pool.index(n)} host={n} world=64\n" + torchrun_banner(t0, 8, 8, f"{pool[0]}:29400", run_id=f"grug-512-{a}")
            if pool.index(n) == 0:
                s, _ = train_steps(add(t0, 60), 10, tf_s // 2, 50, 2.0, 3.1, b.rng, fmt="plain")
                txt += s
            if n == bad:
                r = j.gr(n, lr_bad)
                txt += rankify(traceback([("/opt/marin/src/grug/train.py", 377, "train_step", "loss = self.loss_fn(batch)"),
                                          ("/opt/marin/src/grug/model.py", 912, "forward", "h = self.mlp(self.norm2(h))"),
                                          (f"{PY}/torch/nn/modules/module.py", 1747, "_call_impl", "return forward_call(*args, **kwargs)")],
                                         "RuntimeError: CUDA error: an illegal instruction was encountered\n" + _cuda_tail()), r)
                txt += f"[rank{r}]:[E{c10d_ts(add(tf,1))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {r}] Process group watchdog thread terminated with exception: CUDA error: an illegal instruction was encountered\n"
                txt += sigterm_lines(add(tf, 2), [p for k, p in enumerate(j.pids[n]) if k != lr_bad])
                txt += child_failed(add(tf, 3), n, [(r, lr_bad, -6, j.pids[n][lr_bad], "Signal 6 (SIGABRT) received by PID %d" % j.pids[n][lr_bad])])
                lines, u = dmesg_noise(3000.0 + a * 22000, b.rng, 4)
                u += 3.3
                lines += [f"[{u:12.6f}] NVRM: Xid (PCI:0000:ba:00): 13, pid={j.pids[n][lr_bad]}, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Illegal Instruction Encoding",
                          f"[{u:12.6f}] NVRM: Xid (PCI:0000:ba:00): 13, pid={j.pids[n][lr_bad]}, name=python3, Graphics Exception: ESR 0x524730=0x10 0x524734=0x0 0x524728=0x1f81fb60 0x52472c=0x1174",
                          f"[{u+0.2:12.6f}] NVRM: Xid (PCI:0000:ba:00): 43, pid={j.pids[n][lr_bad]}, name=python3, Ch 00000008"]
                b.add(j.p(n, "kern.log"), "\n".join(lines))
            else:
                for lr in (0, 7):
                    txt += watchdog_timeout(add(tf, 600), j.gr(n, lr), 90211 + a, "_REDUCE_SCATTER_BASE", 50331648, timeout_ms=600000)
                if a == 0 and n == "g0405":
                    l2, u2 = dmesg_noise(2900.0, b.rng, 3)
                    l2.append(f"[{u2+7:12.6f}] NVRM: Xid (PCI:0000:18:00): 13, pid=1184, name=dcgm-exporter, Graphics Exception: class 0xc7c0 Shader Program Header 1 Error")
                    b.add(j.p(n, "kern.log"), "\n".join(l2))
            b.add(j.p(n, "launcher.log"), txt)
    b.set_label("gpu_hardware", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Both attempts die with 'an illegal instruction was encountered' on g0412 GPU 6 although g0412 held a different node_rank each time, and g0412's kernel log shows Xid 13 illegal instruction encoding + Xid 43 on that GPU both times. A code bug would not follow one host; the single old Xid 13 from dcgm-exporter on g0405 is unrelated.",
                "https://github.com/marin-community/marin/issues/7344")
    return b


def n04():
    b = Bundle("n04_all_ranks_timed_out_in_allreduce_after_30min",
               "everybody times out; only one node's kernel log has Xid 119 GSP RPC timeouts and nvidia-smi hanging")
    nodes = ["hgx-a-03", "hgx-a-04", "hgx-a-07"]
    bad, lr_bad = "hgx-a-07", 2
    t0 = T(2025, 3, 11, 22, 0, 5)
    j = Job(b, nodes, 8, t0)
    tstall = add(t0, 4 * 3600 + 1234)
    for n in nodes:
        txt = torchrun_banner(t0, 3, 8, "hgx-a-03:29500", run_id="sft-qwen")
        if n == nodes[0]:
            s, _ = train_steps(add(t0, 30), 100, 7300, 100, 2.0, 1.9, b.rng, fmt="megatron")
            txt += s
        for lr in range(8):
            txt += watchdog_timeout(add(tstall, 1800), j.gr(n, lr), 109511, "ALLREDUCE", 134217728)
        txt += child_failed(add(tstall, 1830), n, [(j.gr(n, 0), 0, -6, j.pids[n][0], "Signal 6 (SIGABRT) received by PID %d" % j.pids[n][0])], entry="pretrain_gpt.py")
        b.add(f"{n}/output.log", txt)
    lines, u = dmesg_noise(14000.0, b.rng, 5)
    base = add(tstall, -20)
    kl = [f"{syslog(add(t0, -3000 + i * 400))} {bad} kernel: {l.split('] ', 1)[1]}" for i, l in enumerate(lines)]
    for k in range(3):
        tt = add(base, 45 * k)
        kl += [f"{syslog(tt)} {bad} kernel: NVRM: _kgspLogXid119: ********************************* GSP Timeout **********************************",
               f"{syslog(tt)} {bad} kernel: NVRM: _kgspLogXid119: Note: Please also check logs above.",
               f"{syslog(tt)} {bad} kernel: NVRM: Xid (PCI:0000:3a:00): 119, pid={j.pids[bad][lr_bad]}, name=python3, Timeout after 45s of waiting for RPC response from GPU2 GSP! Expected function 76 (GSP_RM_CONTROL) sequence {24174+k*11} (0x20801322 0x808).",
               f"{syslog(tt)} {bad} kernel: NVRM: _kgspLogXid119: ********************************************************************************"]
    kl.append(f"{syslog(add(base, 200))} {bad} kernel: NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:3a:00 (printing 1 of every 30).  The GPU likely needs to be reset.")
    b.add(f"{bad}/kern.log", "\n".join(kl))
    b.add(f"{bad}/healthcheck.txt", f"{iso(add(tstall, 1900))} node-health: running nvidia-smi -q -d ECC,TEMPERATURE\n{iso(add(tstall, 1960))} node-health: ERROR nvidia-smi did not return within 60s (killed)\n{iso(add(tstall, 1960))} node-health: status=UNHEALTHY reason=nvml_timeout\n")
    for n in nodes[:2]:
        b.add(f"{n}/healthcheck.txt", f"{iso(add(tstall, 1900))} node-health: running nvidia-smi -q -d ECC,TEMPERATURE\n{iso(add(tstall, 1902))} node-health: 8 GPUs OK, ECC volatile DBE 0, max temp 41C\n{iso(add(tstall, 1902))} node-health: status=HEALTHY\n")
    b.set_label("gpu_hardware", "infrastructure", {"node": bad, "rank": j.gr(bad, lr_bad)}, "restart_without_node",
                "All 24 ranks time out in the same ALLREDUCE, but hgx-a-07's kernel log shows repeated Xid 119 GSP RPC timeouts on GPU2 (rank 18) starting just before the stall, and its health check cannot get an answer from nvidia-smi. The GPU needs a reset; continue without hgx-a-07.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


def n05():
    b = Bundle("n05_one_rank_cuda_ecc_error_nothing_else_wrong",
               "Xid 94 contained ECC error handled by the driver, row remap pending; restart is enough")
    nodes = ["node-b12", "node-b05"]
    bad, lr_bad = "node-b12", 3
    t0 = T(2024, 11, 20, 8, 15, 40)
    j = Job(b, nodes, 8, t0)
    tf = add(t0, 12000)
    r_bad = j.gr(bad, lr_bad)
    for n in nodes:
        txt = torchrun_banner(t0, 2, 8, "node-b12:29500", run_id="llm-ft-0420")
        if n == bad:
            s, _ = train_steps(add(t0, 40), 10, 4000, 10, 3.0, 2.2, b.rng, fmt="hf", rank_tag="")
            txt += s
            txt += rankify(traceback([("/mnt/code/finetune.py", 96, "<module>", "trainer.train()"),
                                      (f"{PY}/transformers/trainer.py", 2388, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                                      (f"{PY}/transformers/trainer.py", 3518, "training_step", "self.accelerator.backward(loss, **kwargs)"),
                                      (f"{PY}/accelerate/accelerator.py", 2196, "backward", "loss.backward(**kwargs)")],
                                     "RuntimeError: CUDA error: uncorrectable ECC error encountered\n" + _cuda_tail()), r_bad)
            txt += sigterm_lines(add(tf, 2), [p for k, p in enumerate(j.pids[n]) if k != lr_bad])
            txt += child_failed(add(tf, 4), n, [(r_bad, lr_bad, 1, j.pids[n][lr_bad], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="finetune.py")
        else:
            for lr in range(8):
                txt += watchdog_timeout(add(tf, 600), j.gr(n, lr), 36188, "ALLREDUCE", 262144, timeout_ms=600000)
        b.add(f"{n}/train.log", txt)
    tl = [f"{syslog(add(tf, -1))} {bad} kernel: NVRM: Xid (PCI:0000:5d:00): 94, pid={j.pids[bad][lr_bad]}, name=python, Contained: SM (0x1). RST: No, D-RST: No",
          f"{syslog(add(tf, -1))} {bad} kernel: NVRM: Xid (PCI:0000:5d:00): 94, pid={j.pids[bad][lr_bad]}, name=python, Contained ECC error."]
    b.add(f"{bad}/journal-kernel.txt", "\n".join(tl))
    b.add(f"{bad}/nvidia-smi-q.txt",
          "GPU 00000000:5D:00.0\n    Minor Number                          : 3\n    ECC Errors\n        Volatile\n            DRAM Correctable              : 0\n            DRAM Uncorrectable            : 1\n"
          "    Remapped Rows\n        Correctable Error                 : 0\n        Uncorrectable Error               : 1\n        Pending                           : Yes\n        Remapping Failure Occurred        : No\n"
          "        Bank Remap Availability Histogram\n            Max                           : 639 bank(s)\n            High                          : 1 bank(s)\n            Partial                       : 0 bank(s)\n            Low                           : 0 bank(s)\n            None                          : 0 bank(s)\n")
    b.set_label("gpu_memory", "infrastructure", {"node": bad, "rank": r_bad}, "restart",
                "Rank 3 on node-b12 hit an uncorrectable ECC error; the kernel shows Xid 94 (contained ECC error, no reset needed) on that GPU and nvidia-smi shows a single uncorrectable error with a row remap pending and plenty of spare banks. The driver contained it, so a restart (which applies the remap) is the remedy; node-b05's timeouts are sympathetic.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return b


def n06():
    b = Bundle("n06_nccl_warn_illegal_memory_access_rank_crash",
               "NCCL 'Cuda failure illegal memory access' on one rank; dmesg has Xid 95 uncontained + Xid 64 remapper failure")
    nodes = ["gpu-node-%03d" % i for i in (17, 18, 21, 22, 25, 26)]
    bad, lr_bad = "gpu-node-022", 1
    t0 = T(2025, 2, 14, 4, 0, 0)
    j = Job(b, nodes, 8, t0)
    tf = add(t0, 22222)
    r_bad = j.gr(bad, lr_bad)
    for n in nodes:
        txt = torchrun_banner(t0, 6, 8, "gpu-node-017:29500", run_id="titan-8b")
        if n == nodes[0]:
            s, _ = train_steps(add(t0, 60), 10, 11000, 100, 2.0, 3.0, b.rng, fmt="plain")
            txt += s
        if n == bad:
            pid = j.pids[n][lr_bad]
            txt += (f"{n}:{pid}:{pid+61} [1] enqueue.cc:1451 NCCL WARN Cuda failure 'an illegal memory access was encountered'\n"
                    f"{n}:{pid}:{pid+61} [1] NCCL INFO group.cc:218 -> 1\n{n}:{pid}:{pid+61} [1] NCCL INFO group.cc:445 -> 1\n")
            txt += rankify("torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2395, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5\nncclUnhandledCudaError: Call to CUDA function failed.\nLast error:\nCuda failure 'an illegal memory access was encountered'", r_bad)
            txt += sigterm_lines(add(tf, 2), [p for k, p in enumerate(j.pids[n]) if k != lr_bad])
            txt += child_failed(add(tf, 3), n, [(r_bad, lr_bad, 1, pid, "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")])
        else:
            txt += rankify("torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\nNET/IB : Got completion from peer 10.4.2.22<51213> with status=IBV_WC_REM_ACCESS_ERR(10) opcode=IBV_WC_RECV(128) reqSize=0 vendor_err=136 req_type=Send localGid ::ffff:10.4.2.17 remoteGids::ffff:10.4.2.22 hca mlx5_3", j.gr(n, 2))
            txt += sigterm_lines(add(tf, 5), j.pids[n][:2] + j.pids[n][3:])
        b.add(f"{n}/torchrun.log", txt)
    lines, u = dmesg_noise(22000.0, b.rng, 4)
    u += 21.0
    lines += [f"[{u:12.6f}] NVRM: Xid (PCI:0000:2a:00): 95, pid={j.pids[bad][lr_bad]}, name=python3, Uncontained: FBHUB. RST: Yes, D-RST: No",
              f"[{u:12.6f}] NVRM: Xid (PCI:0000:2a:00): 64, pid='<unknown>', name=<unknown>, Failed to persist row remap table. Error 0x0",
              f"[{u+0.3:12.6f}] NVRM: Xid (PCI:0000:2a:00): 45, pid={j.pids[bad][lr_bad]}, name=python3, Ch 00000010"]
    b.add(f"{bad}/dmesg-T.txt", "\n".join(lines))
    b.add(f"{bad}/nvidia-smi-q-remap.txt", "GPU 00000000:2A:00.0\n    Remapped Rows\n        Correctable Error                 : 0\n        Uncorrectable Error               : 7\n        Pending                           : No\n        Remapping Failure Occurred        : Yes\n")
    b.set_label("gpu_memory", "infrastructure", {"node": bad, "rank": r_bad}, "restart_without_node",
                "The first failure is rank 25 on gpu-node-022 (NCCL 'Cuda failure an illegal memory access'); that node's kernel log shows Xid 95 uncontained ECC plus Xid 64 row-remap persistence failure on the same GPU and nvidia-smi reports 'Remapping Failure Occurred: Yes'. The GPU cannot self-heal; exclude the node. Remote-access errors elsewhere are sympathetic.",
                "https://github.com/leptonai/gpud/pull/987")
    return b


def n07():
    b = Bundle("n07_cuda_error_system_not_yet_initialized_on_startup",
               "fabric manager down after reboot on one HGX node -> CUDA 802 on its ranks; others time out in rendezvous/barrier")
    nodes = ["p5-st-0a1f", "p5-st-11c0", "p5-st-3e77", "p5-st-9b02"]
    bad = "p5-st-3e77"
    t0 = T(2025, 7, 18, 16, 44, 9)
    j = Job(b, nodes, 8, t0)
    for n in nodes:
        txt = torchrun_banner(t0, 4, 8, "p5-st-0a1f:29500", run_id="pretrain-v3")
        if n == bad:
            for lr in range(8):
                txt += rankify(traceback([("/fsx/code/train.py", 58, "setup", "torch.cuda.set_device(local_rank)"),
                                          (f"{PY}/torch/cuda/__init__.py", 476, "set_device", "torch._C._cuda_setDevice(device)"),
                                          (f"{PY}/torch/cuda/__init__.py", 319, "_lazy_init", "torch._C._cuda_init()")],
                                         "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 802: system not yet initialized"), j.gr(n, lr))
            txt += child_failed(add(t0, 20), n, [(j.gr(n, 0), 0, 1, j.pids[n][0], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")])
        else:
            for lr in (0, 5):
                txt += rankify(traceback([("/fsx/code/train.py", 61, "setup", "dist.init_process_group('nccl', timeout=timedelta(minutes=10))"),
                                          (f"{PY}/torch/distributed/distributed_c10d.py", 1520, "init_process_group", "store, rank, world_size = next(rendezvous_iterator)")],
                                         "torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 24/32 clients joined."), j.gr(n, lr))
        b.add(f"{n}/job.out", txt)
    b.add(f"{bad}/journalctl-fabricmanager.txt",
          f"{syslog(add(t0, -900))} {bad} systemd[1]: Starting NVIDIA fabric manager service...\n"
          f"{syslog(add(t0, -899))} {bad} nv-fabricmanager[3021]: fabric manager NVIDIA GPU driver interface version 550.127.05 don't match with driver version 550.90.07. Please update with matching NVIDIA driver package.\n"
          f"{syslog(add(t0, -899))} {bad} systemd[1]: nvidia-fabricmanager.service: Control process exited, code=exited, status=1/FAILURE\n"
          f"{syslog(add(t0, -899))} {bad} systemd[1]: nvidia-fabricmanager.service: Failed with result 'exit-code'.\n"
          f"{syslog(add(t0, -899))} {bad} systemd[1]: Failed to start NVIDIA fabric manager service.\n")
    b.add(f"{bad}/maintenance.txt", f"{iso(add(t0, -1500))} reboot after kernel/driver update (ticket OPS-7712)\n")
    b.set_label("nvlink", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only p5-st-3e77's ranks fail, with CUDA error 802 'system not yet initialized', and its journal shows nvidia-fabricmanager failing to start after the maintenance reboot (driver/fabric-manager version mismatch), so the NVSwitch fabric is not up. The other nodes just wait for the missing 8 clients.",
                "https://github.com/aws-samples/aws-deep-learning-ami-ubuntu-dcv-desktop/issues/33")
    return b


def n08():
    b = Bundle("n08_uncorrectable_nvlink_error_detected_during_execution",
               "CUDA 'uncorrectable NVLink error' on one rank; Xid 74 on two GPUs of that node")
    nodes = ["dgx-07", "dgx-02"]
    bad = "dgx-07"
    t0 = T(2023, 7, 28, 10, 30, 0)
    j = Job(b, nodes, 8, t0)
    tf = add(t0, 30100)
    for n in nodes:
        txt = torchrun_banner(t0, 2, 8, "dgx-02:29500", run_id="nnunet-3d")
        if n == nodes[1]:
            for ep in range(200, 231):
                txt += f"{pylog(add(t0, (ep-200)*960))}: Epoch {ep}\n{pylog(add(t0, (ep-200)*960+950))}: train_loss {-0.71 - ep*0.0004:.4f}\n{pylog(add(t0, (ep-200)*960+951))}: Epoch time: {b.rng.uniform(94, 97):.2f} s\n"
        if n == bad:
            r = j.gr(n, 5)
            txt += rankify(traceback([("/opt/nnunetv2/training/nnUNetTrainer/nnUNetTrainer.py", 1004, "train_step", "self.grad_scaler.scale(l).backward()"),
                                      (f"{PY}/torch/_tensor.py", 521, "backward", "torch.autograd.backward(")],
                                     "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution\n" + _cuda_tail()), r)
            txt += rankify("RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution", j.gr(n, 4))
            txt += child_failed(add(tf, 3), n, [(r, 5, 1, j.pids[n][5], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"),
                                               (j.gr(n, 4), 4, 1, j.pids[n][4], "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html")], entry="nnUNetv2_train")
        else:
            for lr in range(0, 8, 3):
                txt += watchdog_timeout(add(tf, 1800), j.gr(n, lr), 2213004, "ALLREDUCE", 31254528)
        b.add(f"{n}/console.log", txt)
    lines, u = dmesg_noise(30000.0, b.rng, 5)
    u += 8
    lines += [f"[{u:12.6f}] NVRM: Xid (PCI:0000:b7:00): 74, pid={j.pids[bad][5]}, name=python, NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
              f"[{u:12.6f}] NVRM: Xid (PCI:0000:bd:00): 74, pid={j.pids[bad][4]}, name=python, NVLink: fatal error detected on link 9(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)",
              f"[{u+0.1:12.6f}] NVRM: Xid (PCI:0000:b7:00): 45, pid={j.pids[bad][5]}, name=python, Ch 00000018"]
    b.add(f"{bad}/dmesg.log", "\n".join(lines))
    b.set_label("nvlink", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "dgx-07's ranks 5 and 4 die with 'uncorrectable NVLink error detected', and its kernel log shows Xid 74 fatal NVLink errors on the two GPUs of one link. dgx-02 only times out. Take dgx-07 out for NVLink diagnostics.",
                "https://github.com/MIC-DKFZ/nnUNet/issues/1519")
    return b


CASES = [n01, n02, n03, n04, n05, n06, n07, n08]
