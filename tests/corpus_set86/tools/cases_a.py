"""Cases ce01-ce07: sympathetic floods (kind 1) and peers accused by IP (kind 2)."""
import json

from common import *  # noqa: F401,F403


def pre(lines, p):
    return [(p + l) if l else l for l in lines]


OMP = ("W%s %d torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in "
       "default, to avoid your system being overloaded, please further tune the variable for optimal performance in "
       "your application as needed.")


def torchrun_head(t, tid):
    return [OMP % (pyglog(t), tid), "W%s %d torch/distributed/run.py:779] " % (pyglog(t), tid) + "*" * 49]


# =====================================================================================
# ce01: watchdog flood at 22:41, the real first failure is an Xid 79 at 22:31 in dmesg -T
# =====================================================================================
def ce01(out):
    b = Bundle(out, "ce01_watchdog_timeouts_on_all_32_ranks")
    nodes = ["gpu-a01", "gpu-a02", "gpu-a03", "gpu-a04"]
    job = 4412871
    start = T("2024-11-04 14:02:11")
    xid = T("2024-11-04 22:31:07.402331")
    flood = T("2024-11-04 22:41:08.114201")
    boot = {"gpu-a01": T("2024-10-19 06:11:40"), "gpu-a02": T("2024-10-19 06:12:02"),
            "gpu-a03": T("2024-10-28 17:40:13"), "gpu-a04": T("2024-10-19 06:11:58")}
    seq = 183402
    bus = BUS8_B
    ips = {"gpu-a01": "10.31.8.11", "gpu-a02": "10.31.8.12", "gpu-a03": "10.31.8.13", "gpu-a04": "10.31.8.14"}
    pids = {n: 48200 + 1000 * i for i, n in enumerate(nodes)}
    agent_tid = {n: 139811 + 17 * i for i, n in enumerate(nodes)}

    b.w("job.sbatch", [
        "#!/bin/bash",
        "#SBATCH --job-name=llama3-8b-pt",
        "#SBATCH --nodes=4",
        "#SBATCH --ntasks-per-node=1",
        "#SBATCH --gpus-per-node=8",
        "#SBATCH --time=48:00:00",
        "#SBATCH --output=slurm-%j.out",
        "export NCCL_DEBUG=INFO",
        "export NCCL_IB_HCA=mlx5_0,mlx5_3,mlx5_4,mlx5_5",
        "export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "head=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)",
        "srun --kill-on-bad-exit=1 torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d \\",
        "     --rdzv-endpoint=$head:29500 --tee 3 --log-dir /scratch/$USER/tt-logs/$SLURM_JOB_ID \\",
        "     torchtitan/train.py --job.config_file train_configs/llama3_8b.toml --comm.train_timeout_seconds 600",
    ])

    for ni_, n in enumerate(nodes):
        L = torchrun_head(start, agent_tid[n])
        # NCCL init for every local rank (trimmed)
        for l in range(8):
            r = ni_ * 8 + l
            L += pre(nccl_init(n, pids[n] + l, l, r, 32, 4, bus[l], "bond0", ips[n],
                               hcas=("mlx5_0:1", "mlx5_3:1", "mlx5_4:1", "mlx5_5:1"),
                               version="2.20.5+cuda12.4"), "[default%d]:" % l)
        if n == "gpu-a01":
            L.append("[default0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 2, global batch size 64, sequence length 8192, total steps 40000 (warmup 200)"
                     % pylog(add(start, minutes=1, seconds=54)))
            t = T("2024-11-04 22:29:01.882000")
            for step in range(18240, 18330, 10):
                L.append("[default0]:[titan] %s - root - INFO - step: %5d  loss:  %.4f  memory: 62.17GiB(78.59%%)  tps: %s  mfu: %.2f%%"
                         % (pylog(t), step, 2.21 - (step - 18240) * 0.0004, "2,98%d" % (step % 7), 39.8 + (step % 3) * 0.03))
                t = add(t, seconds=11, microseconds=23000)
        # flood: every local rank times out except the one on the dead GPU
        for l in range(8):
            r = ni_ * 8 + l
            if n == "gpu-a03" and l == 4:
                continue
            tt = add(flood, milliseconds=97 * ni_ + 13 * l)
            wd = watchdog_timeout(r, tt, seq, "_ALLGATHER_BASE", 262668288, 600000, 600000 + 41 + l, seq, seq - 1,
                                  full=(l in (0, 5)))
            L += pre(wd, "[default%d]:" % l)
        if n == "gpu-a01":
            tt = add(flood, seconds=33)
            L += pre([c10line(0, "E", tt, "ProcessGroupNCCL.cpp:1416",
                              '[PG 0 (default_pg) Rank 0] Failed to check the "should dump" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer'),
                      c10line(0, "W", add(tt, seconds=1), "TCPStore.cpp:131",
                              "[c10d] recvValue failed on SocketImpl(fd=87, addr=[gpu-a01]:51772, remote=[gpu-a01]:29500): Connection reset by peer"),
                      "Exception raised from recvBytes at ../torch/csrc/distributed/c10d/Utils.hpp:670 (most recent call first):",
                      "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3b2a96c446 in %s/libc10.so)" % TL,
                      "frame #1: <unknown function> + 0x5c9c4e1 (0x7f3b0e2c94e1 in %s/libtorch_cpu.so)" % TL,
                      "frame #2: c10d::TCPStore::check(std::vector<std::string, std::allocator<std::string> > const&) + 0x2a5 (0x7f3b0e2c4e25 in %s/libtorch_cpu.so)" % TL,
                      "frame #3: c10d::ProcessGroupNCCL::heartbeatMonitor() + 0x379 (0x7f3ac0a1a3e9 in %s/libtorch_cuda.so)" % TL],
                     "[default0]:")
        # agent teardown
        te = add(flood, seconds=4 + ni_)
        dead = []
        for l in range(8):
            if n == "gpu-a03" and l == 4:
                continue
            dead.append(l)
        first = dead[0]
        L.append(elastic_fail(add(te, seconds=1), agent_tid[n], first, pids[n] + first, -6))
        for l in range(8):
            if l != first:
                L.append(elastic_sigterm(add(te, seconds=1), agent_tid[n], pids[n] + l))
        others = []
        if n == "gpu-a03":
            L.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:916] Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"
                     % (pyglog(add(te, seconds=31)), agent_tid[n], pids[n] + 4))
            others.append(dict(time=add(te, seconds=31), host=n, rank=20, local=4, exitcode=-9, pid=pids[n] + 4))
        for l in dead[1:4]:
            others.append(dict(time=add(te, seconds=1), host=n, rank=ni_ * 8 + l, local=l, exitcode=-6, pid=pids[n] + l))
        L += child_failed("torchtitan/train.py", dict(time=add(te, seconds=1), host=n, rank=ni_ * 8 + first,
                                                      local=first, exitcode=-6, pid=pids[n] + first), others)
        b.w("%s/torchrun.log" % n, L)

    # slurm out (job level)
    S = ["+ srun --kill-on-bad-exit=1 torchrun --nnodes=4 --nproc-per-node=8 ...",
         "srun: error: gpu-a01: task 0: Exited with exit code 1",
         "srun: launch/slurm: _step_signal: Terminating StepId=%d.0" % job,
         "slurmstepd: error: *** STEP %d.0 ON gpu-a01 CANCELLED AT %s ***" % (job, slurm_ts(add(flood, seconds=7))),
         "srun: error: gpu-a02: task 1: Terminated",
         "srun: error: gpu-a04: task 3: Terminated",
         "srun: error: gpu-a03: task 2: Exited with exit code 1",
         "srun: Force Terminated StepId=%d.0" % job]
    b.w("slurm-%d.out" % job, S)
    b.w("sacct.txt", sacct([(str(job), "llama3-8b+", "h100", "fm-pretr", "768", "FAILED", "1:0"),
                            (str(job) + ".batch", "batch", "", "fm-pretr", "192", "FAILED", "1:0"),
                            (str(job) + ".0", "torchrun", "", "fm-pretr", "768", "CANCELLED", "0:9")]))

    # dmesg: uptime format on healthy nodes, -T on gpu-a03 (collected by a different script)
    for n in nodes:
        bt = boot[n]
        D = boot_lines(bt, n)
        D.append("%s mlx5_core 0000:1a:00.0: mlx5_pcie_event:301:(pid 1224): PCIe slot advertised sufficient power (27W)." % up(add(bt, seconds=3), bt))
        D.append("%s nvidia-nvlink: Nvlink Core is being initialized, major device number 507" % up(add(bt, seconds=9), bt))
        D.append("%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % up(add(bt, seconds=9, microseconds=30), bt))
        D.append("%s nvidia-nvswitch0: open (major=506)" % up(add(bt, seconds=31), bt))
        if n == "gpu-a02":
            D.append("%s perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79750" % up(add(bt, days=2, hours=3), bt))
        if n != "gpu-a03":
            D.append("%s python3[%d]: segfault at 0 ip 00007f6f0b8a1c3d sp 00007ffd8a2b1f40 error 4 in libgcc_s.so.1[7f6f0b892000+17000] likely on CPU 93 (core 29, socket 1)"
                     % (up(T("2024-11-04 22:41:14.551201") if n == "gpu-a01" else T("2024-11-04 22:41:15.010044"), bt), pids[n] + 7))
            b.w("%s/dmesg.txt" % n, D)
    bt = boot["gpu-a03"]
    D = ["%s Linux version 5.15.0-119-generic (buildd@lcy02-amd64-028) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #129-Ubuntu SMP Fri Aug 2 19:25:20 UTC 2024 (Ubuntu 5.15.0-119.129-generic 5.15.163)" % dmesg_T(bt),
         "%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024" % dmesg_T(add(bt, seconds=9)),
         "%s EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none." % dmesg_T(add(bt, seconds=12)),
         "%s nvidia-nvswitch0: open (major=506)" % dmesg_T(add(bt, seconds=31)),
         "%s NVRM: GPU at PCI:0000:9b:00: GPU-6c1f0a2e-58d3-4b7e-a1f9-2d60c3e8b417" % dmesg_T(xid),
         "%s NVRM: Xid (PCI:0000:9b:00): 79, pid=%d, name=python3, GPU has fallen off the bus." % (dmesg_T(xid), pids["gpu-a03"] + 4),
         "%s NVRM: GPU 0000:9b:00.0: GPU has fallen off the bus." % dmesg_T(xid),
         "%s NVRM: A GPU crash dump has been created. If possible, please run" % dmesg_T(add(xid, seconds=1)),
         "NVRM: nvidia-bug-report.sh as root to collect this data before",
         "NVRM: the NVIDIA kernel module is unloaded.",
         "%s pcieport 0000:98:01.0: pciehp: Slot(29): Link Down" % dmesg_T(add(xid, seconds=1)),
         "%s INFO: task python3:%d blocked for more than 120 seconds." % (dmesg_T(add(xid, seconds=242)), pids["gpu-a03"] + 4),
         "%s       Tainted: P           OE     5.15.0-119-generic #129-Ubuntu" % dmesg_T(add(xid, seconds=242)),
         '%s "echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.' % dmesg_T(add(xid, seconds=242))]
    b.w("gpu-a03/dmesg-T.txt", D)
    b.w("gpu-a03/nvidia-smi.txt", ["$ nvidia-smi", "Unable to determine the device handle for GPU 0000:9B:00.0: Unknown Error"])
    for n in ("gpu-a01", "gpu-a02", "gpu-a04"):
        b.w("%s/nvidia-smi.txt" % n, smi_table(add(flood, minutes=3), "550.90.07", "12.4",
                                                [h100(x, temp=33, perf="P0", pwr=71, used=0, util=0) for x in bus], []))
    b.label("gpu_hardware", "infrastructure", "gpu-a03", 20, "restart_without_node",
            "Every rank timed out at 22:41 on the same all-gather, but gpu-a03's dmesg -T shows Xid 79 (GPU fell off the bus) on PCI 9b:00 at 22:31, "
            "ten minutes earlier, which NCCL init maps to local rank 4 (global rank 20); that rank never timed out and had to be SIGKILLed, the rest are sympathetic.",
            "https://github.com/stas00/ml-engineering/blob/master/compute/accelerator/nvidia/debug.md")
    return b


# =====================================================================================
# ce02: DeepSpeed over pdsh, six nodes. First failure: CUDA OOM on rank 21 (own allocation)
# =====================================================================================
def ce02(out):
    b = Bundle(out, "ce02_nccl_errors_across_six_nodes")
    nodes = ["node-017", "node-018", "node-019", "node-020", "node-021", "node-022"]
    t0 = T("2024-03-18 01:40:02")
    oom = T("2024-03-18 04:12:55.318402")
    tmo = T("2024-03-18 04:22:56.004117")
    pids = {n: 301100 + 211 * i for i, n in enumerate(nodes)}
    b.w("hostfile", ["%s slots=8" % n for n in nodes])
    b.w("launch.sh", [
        "deepspeed --hostfile hostfile --master_addr node-017 --master_port 29611 \\",
        "  train_sft.py --model_name_or_path /models/Qwen2-72B --deepspeed ds_z3.json \\",
        "  --per_device_train_batch_size 2 --gradient_accumulation_steps 8 --max_seq_length 32768 \\",
        "  --group_by_length False --packing False --bf16 --gradient_checkpointing \\",
        "  --ddp_timeout 600 --output_dir /ckpt/qwen72b-sft-0318 2>&1 | tee run.log"])
    L = ["[2024-03-18 01:40:02,118] [INFO] [runner.py:463:main] Using IP address of 10.20.0.17 for node node-017",
         "[2024-03-18 01:40:02,121] [INFO] [multinode_runner.py:81:get_cmd] Running on the following workers: %s" % ",".join(nodes),
         "[2024-03-18 01:40:02,121] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s export PYTHONPATH=/work/sft; cd /work/sft; /opt/conda/bin/python -u -m deepspeed.launcher.launch --world_info=eyJub2RlLTAxNyI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XX0= --node_rank=%%n --master_addr=node-017 --master_port=29611 train_sft.py ..." % ",".join(nodes)]
    for i, n in enumerate(nodes):
        L.append("%s: [2024-03-18 01:40:0%d,%03d] [INFO] [launch.py:146:main] WORLD INFO DICT: {'node-017': [0, 1, 2, 3, 4, 5, 6, 7], 'node-018': [0, 1, 2, 3, 4, 5, 6, 7], 'node-019': [0, 1, 2, 3, 4, 5, 6, 7], 'node-020': [0, 1, 2, 3, 4, 5, 6, 7], 'node-021': [0, 1, 2, 3, 4, 5, 6, 7], 'node-022': [0, 1, 2, 3, 4, 5, 6, 7]}" % (n, 4 + i % 3, 112 + 37 * i))
        L.append("%s: [2024-03-18 01:40:0%d,%03d] [INFO] [launch.py:164:main] dist_world_size=48" % (n, 4 + i % 3, 118 + 37 * i))
    L.append("node-017: [INFO|trainer.py:2078] 2024-03-18 01:52:40,771 >> ***** Running training *****")
    L.append("node-017: [INFO|trainer.py:2079] 2024-03-18 01:52:40,771 >>   Num examples = 1,186,422")
    L.append("node-017: [INFO|trainer.py:2081] 2024-03-18 01:52:40,771 >>   Instantaneous batch size per device = 2")
    L.append("node-017: [INFO|trainer.py:2084] 2024-03-18 01:52:40,771 >>   Total train batch size (w. parallel, distributed & accumulation) = 768")
    for s, ts in ((10, "02:05:12"), (20, "02:17:40"), (30, "02:30:03"), (100, "03:56:51"), (110, "04:09:26")):
        L.append("node-017: {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'epoch': %.3f}" % (1.31 - s * 0.003, 0.61 + (s % 7) * 0.02, 1e-5 * s / 110, s / 1545))
    b.w("run.log", L)
    for i, n in enumerate(nodes):
        N = []
        pid = pids[n]
        for l in range(8):
            r = i * 8 + l
            if l in (0, 5):
                N += ["%s: %s" % (n, x) for x in nccl_init(n, pid + l, l, r, 48, 6, BUS8[l], "ens12np0", "10.20.0.%d" % (17 + i),
                                                              hcas=("mlx5_0:1", "mlx5_1:1", "mlx5_4:1", "mlx5_5:1"), version="2.19.3+cuda12.3", link="RoCE")]
        N.append("%s: [WARNING|logging.py:329] 2024-03-18 01:52:38,0%02d >> `use_cache=True` is incompatible with gradient checkpointing. Setting `use_cache=False`." % (n, 11 + i))
        if n == "node-019":
            r = 21
            tb = [
                "[rank21]: Traceback (most recent call last):",
                '[rank21]:   File "/work/sft/train_sft.py", line 318, in <module>',
                "[rank21]:     main()",
                '[rank21]:   File "/work/sft/train_sft.py", line 309, in main',
                "[rank21]:     trainer.train(resume_from_checkpoint=args.resume)",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/transformers/trainer.py", line 1938, in train',
                "[rank21]:     return inner_training_loop(",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/transformers/trainer.py", line 2279, in _inner_training_loop',
                "[rank21]:     tr_loss_step = self.training_step(model, inputs)",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/transformers/trainer.py", line 3349, in training_step',
                "[rank21]:     self.accelerator.backward(loss, **kwargs)",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/accelerate/accelerator.py", line 2143, in backward',
                "[rank21]:     self.deepspeed_engine_wrapped.backward(loss, **kwargs)",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/deepspeed/runtime/engine.py", line 2020, in backward',
                "[rank21]:     self.optimizer.backward(loss, retain_graph=retain_graph)",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/torch/_tensor.py", line 521, in backward',
                "[rank21]:     torch.autograd.backward(",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/torch/autograd/graph.py", line 768, in _engine_run_backward',
                "[rank21]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/torch/utils/checkpoint.py", line 1125, in unpack_hook',
                "[rank21]:     frame.recompute_fn(*args)",
                '[rank21]:   File "/opt/conda/lib/python3.11/site-packages/transformers/models/qwen2/modeling_qwen2.py", line 268, in forward',
                "[rank21]:     attn_weights = nn.functional.softmax(attn_weights, dim=-1, dtype=torch.float32).to(query_states.dtype)",
                "[rank21]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.83 GiB. GPU 5 has a total capacity of 79.11 GiB of which 5.21 GiB is free. Including non-PyTorch memory, this process has 73.89 GiB memory in use. Of the allocated memory 69.94 GiB is allocated by PyTorch, and 2.71 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)",
            ]
            N.append("%s: [INFO|train_sft.py:241] 2024-03-18 04:12:49,902 >> rank 21 batch seq lens: [31988, 32768] (eager attention, no packing)" % n)
            N += ["%s: %s" % (n, x) for x in tb]
            for l in (0, 1, 2, 3, 4, 6, 7):
                N.append("%s: %s" % (n, ni(n, pid + l, pid + l + 211, l, "[Service thread] Connection closed by localRank 5")))
            N.append("%s: [2024-03-18 04:12:58,114] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (n, pid))
            for l in range(1, 8):
                N.append("%s: [2024-03-18 04:12:58,1%02d] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (n, 14 + l, pid + l))
            N.append("%s: [2024-03-18 04:13:03,730] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=7', '--model_name_or_path', '/models/Qwen2-72B', '--deepspeed', 'ds_z3.json'] exits with return code = 1" % n)
        else:
            for l in range(8):
                r = i * 8 + l
                wd = watchdog_timeout(r, add(tmo, milliseconds=211 * i + 7 * l), 40871, "_REDUCE_SCATTER_BASE", 148635648, 600000,
                                      600000 + 3 * i + l, 40871, 40870, full=(l == 2), tl="/opt/conda/lib/python3.11/site-packages/torch/lib")
                N += ["%s: %s" % (n, x) for x in wd]
            N.append("%s: [2024-03-18 04:23:0%d,%03d] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (n, 1 + i % 4, 501 + i * 3, pid))
            N.append("%s: [2024-03-18 04:23:0%d,%03d] [ERROR] [launch.py:325:sigkill_handler] ['/opt/conda/bin/python', '-u', 'train_sft.py', '--local_rank=7', '--model_name_or_path', '/models/Qwen2-72B', '--deepspeed', 'ds_z3.json'] exits with return code = -6" % (n, 4 + i % 4, 88 + i))
        b.w("%s/stdout.log" % n, N)
    # kernel logs: nothing GPU-related; node-019 has an old correctable PCIe AER (benign) and node-021 an ssh noise
    for i, n in enumerate(nodes):
        bt = T("2024-03-02 09:1%d:05" % i)
        D = boot_lines(bt, n, kernel="5.14.0-362.24.1.el9_3.x86_64")
        D.append("%s nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel" % up(add(bt, seconds=14), bt))
        if n == "node-019":
            D.append("%s pcieport 0000:c0:01.1: AER: Corrected error received: 0000:c1:00.0" % up(T("2024-03-09 11:03:41.300120"), bt))
            D.append("%s mlx5_core 0000:c1:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % up(T("2024-03-09 11:03:41.300190"), bt))
        D.append("%s python[%d]: segfault at 8 ip 00007f1d8c41aa6e sp 00007ffdd1b63a10 error 4 in libcuda.so.550.54.15[7f1d8c200000+4a1000]" % (up(add(tmo, seconds=6, microseconds=90000 * i), bt), pids[n] + 3) if n == "node-022" else
                 "%s Lustre: lustre-scratch-OST0012-osc-ffff9b0a41c3d000: Connection restored to 10.20.250.6@o2ib (at 10.20.250.6@o2ib)" % up(T("2024-03-11 02:14:09.004001"), bt))
        b.w("%s/dmesg.txt" % n, D)
    b.w("node-019/nvidia-smi.txt", smi_table(T("2024-03-18 04:12:53"), "550.54.15", "12.4",
                                              [h100(x, used=(75661 if k == 5 else 71318 - k * 17), util=100) for k, x in enumerate(BUS8)],
                                              [(k, pids["node-019"] + k, "/opt/conda/bin/python", 75652 if k == 5 else 71306 - k * 17) for k in range(8)]))
    b.label("oom", "framework", None, None, "stop",
            "The first failure (04:12:55, node-019 rank 21) is a CUDA OOM raised by the training process itself (73.9 GiB of the 79 GiB held by that process, a 32k-token unpacked batch "
            "with eager attention); the watchdog timeouts ten minutes later on the other five nodes are sympathetic. The batch/sequence settings must change, a restart would hit it again.",
            "https://github.com/modelscope/FunASR/issues/2006")
    return b


# =====================================================================================
# ce03: NVLink Xid 74 on hgx-r2-04 GPU 6 hidden between remote-error floods, journal timestamps
# =====================================================================================
def ce03(out):
    b = Bundle(out, "ce03_ranks_abort_with_nccl_remote_error")
    nodes = ["hgx-r2-01", "hgx-r2-02", "hgx-r2-03", "hgx-r2-04", "hgx-r2-05"]
    xid = T("2024-06-12 13:02:17.402331")
    pids = {n: 90100 + 37 * i for i, n in enumerate(nodes)}
    ips = {n: "172.16.40.%d" % (101 + i) for i, n in enumerate(nodes)}
    tid = {n: 2211 + i for i, n in enumerate(nodes)}
    b.w("sbatch_nemo.sh", ["#SBATCH -N 5 --gpus-per-node=8 --ntasks-per-node=8 -p h100 -t 72:00:00",
                           "srun --container-image=nvcr.io/nvidia/nemo:24.05 --container-mounts=/lustre:/lustre -l \\",
                           "  python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py \\",
                           "  --config-path=/lustre/cfg --config-name=gpt3_20b trainer.num_nodes=5 trainer.devices=8 \\",
                           "  model.tensor_model_parallel_size=4 model.pipeline_model_parallel_size=2"])
    S = []
    tr = T("2024-06-12 12:58:01")
    for k in range(4):
        S.append("0: Epoch 0: :  %2d%%|██▋       | %d/15000 [9:4%d:1%d<%d:%02d:00, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d, train_step_timing in s=%.2f]"
                 % (27, 4081 + k, 1 + k, 2 * k, 26 - k, 41 - 3 * k, 2.148 - k * 0.002, 4080 + k, (4081 + k) * 512, 8.61 + 0.01 * k))
    # remote errors on ranks of other nodes, and the culprit rank error
    culprit_rank = 3 * 8 + 6
    for i, n in enumerate(nodes):
        N = []
        for l in (0, 6):
            N += pre(nccl_init(n, pids[n] + l, l, i * 8 + l, 40, 5, BUS8_B[l], "ib0", ips[n], version="2.21.5+cuda12.4",
                               hcas=("mlx5_0:1", "mlx5_1:1", "mlx5_2:1", "mlx5_3:1")), "%d: " % (i * 8 + l))
        if n == "hgx-r2-04":
            t = add(xid, seconds=1, microseconds=118000)
            r = culprit_rank
            N += pre(["Traceback (most recent call last):",
                      '  File "/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py", line 54, in main',
                      "    trainer.fit(model)",
                      '  File "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py", line 543, in fit',
                      "    call._call_and_handle_interrupt(",
                      '  File "/usr/local/lib/python3.10/dist-packages/megatron/core/pipeline_parallel/schedules.py", line 1293, in forward_backward_pipelining_without_interleaving',
                      "    input_tensor_grad = backward_step(",
                      '  File "/usr/local/lib/python3.10/dist-packages/megatron/core/tensor_parallel/layers.py", line 459, in backward',
                      "    handle = torch.distributed.all_reduce(",
                      "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution",
                      "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                      "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                      "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."], "%d: " % r)
            N.insert(len(N) - 13, "%d: %s" % (r, c10line(r, "E", t, "ProcessGroupNCCL.cpp:1595",
                                                               "[PG 3 Rank 2] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution")))
            for l in (4, 5, 7):
                rr = i * 8 + l
                N.append("%d: %s" % (rr, nw(n, pids[n] + l, pids[n] + l + 400, l, "proxy.cc:1493",
                                            "[Service thread] Error encountered progressing operation=Connect, res=3, closing connection",
                                            ts=add(t, milliseconds=40 + l)).lstrip("\n")))
                N.append("%d: %s" % (rr, c10line(rr, "E", add(t, milliseconds=55 + l), "ProcessGroupNCCL.cpp:1595",
                                                   "[PG 3 Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (l - 4))))
        else:
            for l in range(8):
                rr = i * 8 + l
                if (l + i) % 3 != 0:
                    continue
                t = add(xid, seconds=2 + (i % 2), milliseconds=117 * l + 13 * i)
                N.append("%d: %s" % (rr, nw(n, pids[n] + l, pids[n] + l + 400, l, "transport/net_ib.cc:1696",
                                            "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s"
                                            % (ips["hgx-r2-04"], 44312 + l, ips[n], ips["hgx-r2-04"]), ts=t).lstrip("\n")))
                N.append("%d: %s" % (rr, ni(n, pids[n] + l, pids[n] + l + 400, l, "transport/net.cc:1302 -> 6")))
                N += pre(c10line(rr, "E", add(t, milliseconds=90), "ProcessGroupNCCL.cpp:1595",
                                                   "[PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\nLast error:\nNET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s"
                                                   % (rr, ips["hgx-r2-04"], 44312 + l, ips[n], ips["hgx-r2-04"])).split("\n"), "%d: " % rr)
        if n == "hgx-r2-01":
            t = add(xid, seconds=9)
            N += ["0: %s" % c10line(0, "E", t, "ProcessGroupNCCL.cpp:1416", '[PG 0 (default_pg) Rank 0] Failed to check the "should dump" flag on TCPStore, (maybe TCPStore server has shut down too early), with error: Connection reset by peer'),
                  "0: [NeMo E 2024-06-12 13:02:27 exp_manager:863] Exception occurred during training: DistBackendError('NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1970, remote process exited or there was a network error, NCCL version 2.21.5')",
                  "0: [NeMo W 2024-06-12 13:02:27 nemo_logging:349] /usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/call.py:54: Detected KeyboardInterrupt, attempting graceful shutdown..."]
        b.w("%s/stdout.log" % n, N)
    S += ["srun: error: hgx-r2-04: task 30: Exited with exit code 1",
          "srun: launch/slurm: _step_signal: Terminating StepId=2290417.0",
          "slurmstepd: error: *** STEP 2290417.0 ON hgx-r2-01 CANCELLED AT %s ***" % slurm_ts(add(xid, seconds=12)),
          "srun: error: hgx-r2-02: tasks 8-15: Killed",
          "srun: error: hgx-r2-01: tasks 0-7: Killed",
          "srun: error: hgx-r2-03: tasks 16-23: Killed",
          "srun: error: hgx-r2-05: tasks 32-39: Killed",
          "srun: error: hgx-r2-04: tasks 24-29,31: Killed"]
    b.w("slurm-2290417.out", S)
    for i, n in enumerate(nodes):
        bt = T("2024-05-30 10:0%d:41" % i)
        J = ["%s %s kernel: Linux version 5.15.0-107-generic (buildd@lcy02-amd64-012) #117-Ubuntu SMP Fri Apr 26 12:26:49 UTC 2024" % (journal(bt), n),
             "%s %s kernel: NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.54.15  Tue Mar  5 22:23:56 UTC 2024" % (journal(add(bt, seconds=9)), n),
             "%s %s nv-fabricmanager[2117]: Successfully configured all the available NVSwitches to route GPU NVLink traffic. NVLink Peer-to-Peer support will be enabled once the GPUs are successfully registered with the NVLink fabric." % (journal(add(bt, seconds=30)), n),
             "%s %s systemd[1]: Started Session 8811 of User svc-slurm." % (journal(T("2024-06-12 02:41:09.100121")), n)]
        if n == "hgx-r2-02":
            J.append("%s %s kernel: NVRM: Xid (PCI:0000:3b:00): 13, pid=71002, name=python, Graphics SM Warp Exception on (GPC 2, TPC 5, SM 0): Out Of Range Address" % (journal(T("2024-06-03 19:40:12.002241")), n))
            J.append("%s %s kernel: NVRM: Xid (PCI:0000:3b:00): 13, pid=71002, name=python, Graphics Exception: ESR 0x514730=0x201000e 0x514734=0x24 0x514728=0xc81eb60 0x51472c=0x1174" % (journal(T("2024-06-03 19:40:12.002399")), n))
        if n == "hgx-r2-04":
            J += ["%s %s kernel: NVRM: Xid (PCI:0000:cb:00): 74, pid=%d, name=pt_main_thread, NVLink: fatal error detected on link 11(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)" % (journal(xid), n, pids[n] + 6),
                  "%s %s kernel: NVRM: Xid (PCI:0000:cb:00): 45, pid=%d, name=pt_main_thread, Ch 00000008" % (journal(add(xid, milliseconds=302)), n, pids[n] + 6),
                  "%s %s nv-fabricmanager[2117]: detected NVSwitch fatal error 12028 on fid 0 on NVSwitch pci bus id 00000000:06:00.0 physical id 2 port 41" % (journal(add(xid, milliseconds=611)), n),
                  "%s %s nv-fabricmanager[2117]: NVSwitch fatal error: link 41 of NVSwitch 2 connected to GPU physical id 6 requires GPU reset" % (journal(add(xid, milliseconds=612)), n)]
        J.append("%s %s kernel: python[%d]: segfault at 0 ip 0000000000000000 sp 00007ffc2a1b8f28 error 14 in python3.10[563b1a400000+6b000]" % (journal(add(xid, seconds=10, microseconds=3000 * i)), n, pids[n] + 2))
        b.w("%s/journal-kernel.txt" % n, J)
    b.w("hgx-r2-04/nvidia-smi-nvlink.txt", ["$ nvidia-smi nvlink -s -i 6", "GPU 6: NVIDIA H100 80GB HBM3 (UUID: GPU-1e0d7c9a-33b1-4f0e-8a55-07c2a9e1d6b4)"] +
          ["\t Link %d: %s" % (k, "<inactive>" if k == 11 else "26.562 GB/s") for k in range(18)])
    b.label("nvlink", "infrastructure", "hgx-r2-04", 30, "restart_without_node",
            "The floods of ncclRemoteError/IB status=12 on four nodes all point at 172.16.40.104 (hgx-r2-04) and start 1-3 s after hgx-r2-04's kernel logged Xid 74 (NVLink fatal error, link 11) on GPU cb:00 = local rank 6, global rank 30, "
            "which died with 'uncorrectable NVLink error'; the Xid 13 on hgx-r2-02 is nine days old and unrelated.",
            "https://github.com/pytorch/pytorch/issues/58155")
    return b


# =====================================================================================
# ce04: all ranks time out; flight recorder + py-spy show rank 37 never entered the collective
# =====================================================================================
def ce04(out):
    b = Bundle(out, "ce04_training_stalls_then_every_rank_times_out")
    nodes = ["dgx-b07", "dgx-b08", "dgx-b09", "dgx-b10", "dgx-b11", "dgx-b12"]
    last_step_t = T("2024-09-02 09:03:41.882000")
    tmo = T("2024-09-02 09:13:52.401230")
    seq = 61544
    pids = {n: 77100 + 29 * i for i, n in enumerate(nodes)}
    stuck = 37  # dgx-b11 local 5
    for i, n in enumerate(nodes):
        N = torchrun_head(T("2024-09-02 06:10:02"), 4401 + i)
        for l in range(8):
            r = i * 8 + l
            if l in (0, 5):
                N += pre(nccl_init(n, pids[n] + l, l, r, 48, 6, BUS8[l], "eth0", "10.52.1.%d" % (37 + i), version="2.20.5+cuda12.4",
                                   hcas=tuple("mlx5_%d:1" % k for k in range(8))), "[default%d]:" % l)
        if i == 0:
            t = T("2024-09-02 09:01:22.171000")
            for s in range(1500, 1530, 10):
                N.append("[default0]:[titan] %s - root - INFO - step: %4d  loss:  %.4f  memory: 61.02GiB(77.13%%)  tps: 3,21%d  mfu: 41.2%d%%" % (pylog(t), s, 2.89 - (s - 1500) * 0.001, s % 10, s % 9))
                t = add(t, seconds=46, microseconds=570000)
        for l in range(8):
            r = i * 8 + l
            if r == stuck:
                continue
            wd = watchdog_timeout(r, add(tmo, milliseconds=61 * i + 5 * l), seq, "_REDUCE_SCATTER_BASE", 218103808, 600000, 600000 + l + i,
                                  seq, seq - 1, full=(l == 1))
            N += pre(wd, "[default%d]:" % l)
            N.append("[default%d]:%s" % (l, c10line(r, "E", add(tmo, milliseconds=61 * i + 5 * l + 2), "ProcessGroupNCCL.cpp:1834",
                                                    "[PG 0 (default_pg) Rank %d] Received a dump signal due to a collective timeout from this local rank and we will try our best to dump the debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc." % (r, seq, seq - 1))))
        if n == "dgx-b11":
            N.append("[default5]:%s" % c10line(stuck, "E", add(tmo, seconds=1, milliseconds=20), "ProcessGroupNCCL.cpp:1858",
                                               "[PG 0 (default_pg) Rank %d] Received a global dump signal from rank 0. Dumping debug info. Last enqueued NCCL work: %d, last completed NCCL work: %d." % (stuck, seq - 1, seq - 1)))
        te = add(tmo, seconds=8)
        first = 0 if n != "dgx-b11" else 0
        N.append(elastic_fail(te, 4401 + i, first, pids[n], -6))
        for l in range(1, 8):
            N.append(elastic_sigterm(te, 4401 + i, pids[n] + l))
        b.w("%s/torchrun.log" % n, N)
    # flight recorder analysis done by the on-call
    b.w("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace /scratch/fr/job_911823 -p nccl_trace_rank_ --allow-incomplete-ranks",
        "Loaded 48 ranks from /scratch/fr/job_911823",
        "Collective %d (_reduce_scatter_base) in PG 0 (default_pg): size [218103808] dtype torch.bfloat16" % seq,
        "  state: scheduled on 47/48 ranks, completed on 0/48 ranks",
        "  Missing ranks: {%d}" % stuck,
        "  rank %d last entry: record_id 9871 collective_seq_id %d profiling_name nccl:_reduce_scatter_base state completed" % (stuck, seq - 1),
        "  rank %d last entry time_created_ns 1725267826993114512 (09:03:46.993), no later entries" % stuck,
        "Not all ranks joining collective %d at entry 9872" % seq,
    ])
    b.w("dgx-b11/py-spy-dump-rank37.txt", [
        "$ py-spy dump --pid %d --native" % (pids["dgx-b11"] + 5),
        "Process %d: /usr/bin/python3 -u torchtitan/train.py --job.config_file train_configs/llama3_70b.toml" % (pids["dgx-b11"] + 5),
        "Python v3.10.12 (/usr/bin/python3.10)",
        "",
        "Thread %d (active): \"MainThread\"" % (pids["dgx-b11"] + 5),
        "    cuStreamSynchronize (libcuda.so.1)",
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    at::native::_local_scalar_dense_cuda (libtorch_cuda.so)",
        "    item (torch/_tensor.py:?)",
        "    train (torchtitan/train.py:379)",
        "    decorated (torch/distributed/elastic/multiprocessing/errors/__init__.py:348)",
        "    <module> (torchtitan/train.py:436)",
        "Thread %d (idle): \"Thread-3 (_pin_memory_loop)\"" % (pids["dgx-b11"] + 311),
        "    select (selectors.py:416)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:49)",
        "Thread %d (idle): \"pt_nccl_watchdg\"" % (pids["dgx-b11"] + 318),
        "    c10d::ProcessGroupNCCL::ncclCommWatchdog (libtorch_cuda.so)",
    ])
    b.w("dgx-b11/nvidia-smi.txt", smi_table(T("2024-09-02 09:09:30"), "550.90.07", "12.4",
                                             [h100(x, temp=(63 if k == 5 else 39), pwr=(412 if k == 5 else 118), used=70881, util=(100 if k == 5 else 0)) for k, x in enumerate(BUS8)],
                                             [(k, pids["dgx-b11"] + k, "/usr/bin/python3", 70870) for k in range(8)]))
    for i, n in enumerate(nodes):
        bt = T("2024-08-20 13:2%d:10" % i)
        D = boot_lines(bt, n)
        D.append("%s nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000" % up(add(bt, seconds=10), bt))
        if n == "dgx-b09":
            D.append("%s mlx5_core 0000:9a:00.0: mlx5_port_module_event:1158:(pid 0): Port module event: module 5, Cable plugged" % up(T("2024-08-21 08:33:02.117000"), bt))
        if n == "dgx-b11":
            D.append("%s NVRM: Xid (PCI:0000:ab:00): 43, pid=51207, name=python3, Ch 00000010" % up(T("2024-08-27 16:21:54.004000"), bt))
        b.w("%s/dmesg.txt" % n, D)
    b.w("slurm-911823.out", ["srun: error: dgx-b07: task 0: Exited with exit code 1",
                             "slurmstepd: error: *** STEP 911823.0 ON dgx-b07 CANCELLED AT %s ***" % slurm_ts(add(tmo, seconds=9)),
                             "srun: error: dgx-b08: task 1: Terminated", "srun: error: dgx-b09: task 2: Terminated",
                             "srun: error: dgx-b10: task 3: Terminated", "srun: error: dgx-b11: task 4: Terminated",
                             "srun: error: dgx-b12: task 5: Terminated"])
    b.label("hang", "infrastructure", "dgx-b11", 37, "run_diagnostics",
            "47 of 48 ranks timed out waiting in reduce_scatter #61544; the flight recorder shows rank 37 (dgx-b11 GPU 5) never enqueued it and py-spy shows it blocked in cudaStreamSynchronize "
            "with its GPU at 100% utilisation while the others idle, with no Xid or code path explaining it, so rank 37's GPU/node needs diagnostics (the Xid 43 is from an earlier job).",
            "https://github.com/pytorch/pytorch/issues/46874")
    return b


# =====================================================================================
# ce05: eight nodes, NET/IB completion errors name 10.12.3.17; NCCL bootstrap maps it to sc-gpu115
# =====================================================================================
def ce05(out):
    b = Bundle(out, "ce05_ib_completion_errors_status_12")
    nodes = ["sc-gpu111", "sc-gpu112", "sc-gpu113", "sc-gpu114", "sc-gpu115", "sc-gpu116", "sc-gpu117", "sc-gpu118"]
    ip_last = [11, 12, 14, 13, 17, 15, 16, 18]  # deliberately not in hostname order
    ips = {n: "10.12.3.%d" % ip_last[i] for i, n in enumerate(nodes)}
    bad = "sc-gpu115"
    down = T("2024-07-23 03:17:44.009113")
    err = T("2024-07-23 03:18:03.412006")
    pids = {n: 31800 + 22 * i for i, n in enumerate(nodes)}
    b.w("run_megatron.sbatch", ["#SBATCH --nodes=8 --ntasks-per-node=8 --gpus-per-node=8 --exclusive",
                                "export NCCL_DEBUG=WARN NCCL_DEBUG_SUBSYS=INIT,NET NCCL_IB_GID_INDEX=3",
                                "export NCCL_IB_HCA==mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1,mlx5_4:1,mlx5_5:1,mlx5_6:1,mlx5_7:1",
                                "srun -l --mpi=pmix python pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 4 ..."])
    for i, n in enumerate(nodes):
        N = []
        for l in range(8):
            r = i * 8 + l
            if l == 0:
                N += pre(nccl_init(n, pids[n] + l, l, r, 64, 8, BUS8[l], "bond0", ips[n], version="2.20.5+cuda12.4", link="RoCE",
                                   hcas=tuple("mlx5_%d:1" % k for k in range(8))), "%d: " % r)
        if i == 0:
            t = T("2024-07-23 03:15:10")
            for it in range(22310, 22314):
                N.append("0:  %s iteration    %d/  250000 | consumed samples:     %9d | elapsed time per iteration (ms): %.1f | learning rate: 2.411E-04 | global batch size:  1024 | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                         % (megatron_ts(t), it, it * 1024, 9211.4 + (it % 3) * 14.2, 2.0541 - (it - 22310) * 0.0003, 0.187 + (it % 4) * 0.004))
                t = add(t, seconds=9, microseconds=230000)
        if n == bad:
            for l in (0, 3, 6):
                r = i * 8 + l
                N.append("%d: %s" % (r, nw(n, pids[n] + l, pids[n] + 700 + l, l, "transport/net_ib.cc:116",
                                           "NET/IB : mlx5_3:1 Got async event : port error", ts=add(down, milliseconds=3 + l)).lstrip("\n")))
            for l in (3,):
                r = i * 8 + l
                for peer in ("10.12.3.11", "10.12.3.14", "10.12.3.16"):
                    N.append("%d: %s" % (r, nw(n, pids[n] + l, pids[n] + 700 + l, l, "transport/net_ib.cc:1696",
                                               "NET/IB : Got completion from peer %s<%d> with status=12 opcode=2 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s"
                                               % (peer, 41022, ips[n], peer), ts=add(err, milliseconds=81)).lstrip("\n")))
        else:
            for l in range(8):
                if (l + i) % 2:
                    continue
                r = i * 8 + l
                t = add(err, milliseconds=37 * i + 11 * l)
                N.append("%d: %s" % (r, nw(n, pids[n] + l, pids[n] + 700 + l, l, "transport/net_ib.cc:1696",
                                           "NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:%s remoteGids::ffff:%s"
                                           % (ips[bad], 40211 + l, ips[n], ips[bad]), ts=t).lstrip("\n")))
                N.append("%d: %s" % (r, ni(n, pids[n] + l, pids[n] + 700 + l, l, "transport/net.cc:1302 -> 6")))
                N.append("%d: %s" % (r, ni(n, pids[n] + l, pids[n] + 700 + l, l, "proxy.cc:698 -> 6")))
                N.append("%d: %s" % (r, ni(n, pids[n] + l, pids[n] + 700 + l, l, "proxy.cc:878 -> 6 [Progress Thread]")))
        tt = add(err, seconds=1, milliseconds=200)
        for l in range(8):
            r = i * 8 + l
            if l % 4:
                continue
            N.append("%d: %s" % (r, c10line(r, "E", add(tt, milliseconds=r * 3), "ProcessGroupNCCL.cpp:1595",
                                              "[PG 5 Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % (r // 8 if True else 0))))
            N.append("%d: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % r)
        if i == 0:
            N += ["0: Traceback (most recent call last):",
                  '0:   File "/workspace/megatron-lm/pretrain_gpt.py", line 255, in <module>',
                  "0:     pretrain(",
                  '0:   File "/workspace/megatron-lm/megatron/training/training.py", line 311, in pretrain',
                  "0:     iteration, num_floating_point_operations_so_far = train(",
                  '0:   File "/workspace/megatron-lm/megatron/training/training.py", line 1144, in train',
                  "0:     train_step(forward_step_func,",
                  '0:   File "/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 232, in finish_grad_sync',
                  "0:     self.communication_handle.wait()",
                  "0: torch.distributed.DistBackendError: NCCL communicator was aborted on rank 0."]
        b.w("%s/stdout.log" % n, N)
    b.w("slurm-622918.out", ["srun: error: sc-gpu111: task 0: Exited with exit code 1",
                             "slurmstepd: error: *** STEP 622918.0 ON sc-gpu111 CANCELLED AT %s ***" % slurm_ts(add(err, seconds=4)),
                             "srun: error: sc-gpu111: tasks 1-7: Killed"] +
          ["srun: error: %s: tasks %d-%d: Killed" % (n, 8 * i, 8 * i + 7) for i, n in enumerate(nodes) if i])
    for i, n in enumerate(nodes):
        bt = T("2024-07-0%d 21:0%d:00" % (1 + i % 5, i))
        D = boot_lines(bt, n, kernel="5.15.0-105-generic")
        D.append("%s mlx5_core 0000:%s:00.0: firmware version: 28.39.2048" % (up(add(bt, seconds=5), bt), "1a"))
        if n == bad:
            D += ["%s mlx5_core 0000:ca:00.0: mlx5_port_module_event:1154:(pid 0): Port module event[error]: module 3, Cable error, Bad or shorted cable/module" % up(add(down, seconds=-2), bt),
                  "%s mlx5_core 0000:ca:00.0 ens3np0: Link down" % up(down, bt),
                  "%s mlx5_core 0000:ca:00.0 ens3np0: Link up" % up(add(down, seconds=6), bt),
                  "%s mlx5_core 0000:ca:00.0 ens3np0: Link down" % up(add(down, seconds=7, microseconds=400000), bt),
                  "%s mlx5_core 0000:ca:00.0: mlx5_port_module_event:1154:(pid 0): Port module event[error]: module 3, Cable error, Bad or shorted cable/module" % up(add(down, seconds=7, microseconds=401000), bt)]
        if n == "sc-gpu112":
            D.append("%s mlx5_core 0000:1a:00.0 ens1np0: Link down" % up(T("2024-07-10 14:01:07.000117"), bt))
            D.append("%s mlx5_core 0000:1a:00.0 ens1np0: Link up" % up(T("2024-07-10 14:01:13.214001"), bt))
        b.w("%s/dmesg.txt" % n, D)
        cas = []
        for k in range(8):
            st, ph = ("Down", "Polling") if (n == bad and k == 3) else ("Active", "LinkUp")
            cas.append(("mlx5_%d" % k, st, ph, "10" if st == "Down" else "400", "Ethernet", "0x%04x%02xfffe%06x" % (0xa088, i, 0x3c5a10 + k)))
        b.w("%s/ibstat.txt" % n, ibstat(cas))
    b.w("topology.json", json.dumps({"topology": {"leaf-sw1": nodes[:4], "leaf-sw2": nodes[4:]}}, indent=2))
    b.label("network", "infrastructure", bad, None, "restart_without_node",
            "Seven nodes report IB status=12 (retry exceeded) completions from peer 10.12.3.17, which the NCCL bootstrap/NET/IB lines map to sc-gpu115 (not sc-gpu117); sc-gpu115's own dmesg shows a cable/module error and "
            "link flaps on mlx5_3 (ibstat: Down/Polling) just before the errors, so its NIC port is the fault and the other accusations are sympathetic.",
            "https://github.com/NVIDIA/nccl/issues/905")
    return b


# =====================================================================================
# ce06: Kubernetes, socket 'Connection reset by peer' from 10.128.0.42 -> pod ip -> node; EDAC UE + reboot
# =====================================================================================
def ce06(out):
    b = Bundle(out, "ce06_connection_reset_by_peer_on_three_pods")
    nodes = ["a3mega-node-0a", "a3mega-node-0b", "a3mega-node-0c", "a3mega-node-0d"]
    ips = {"a3mega-node-0a": "10.128.0.39", "a3mega-node-0b": "10.128.0.51", "a3mega-node-0c": "10.128.0.42", "a3mega-node-0d": "10.128.0.47"}
    bad = "a3mega-node-0c"
    pods = {"a3mega-node-0a": "gpt-neox-pt-worker-0", "a3mega-node-0b": "gpt-neox-pt-worker-1", "a3mega-node-0c": "gpt-neox-pt-worker-2",
            "a3mega-node-0d": "gpt-neox-pt-worker-3"}
    crash = T("2024-10-09 17:44:21.551012")
    err = T("2024-10-09 17:44:21.889410")
    b.w("kubectl-get-pods.txt", [
        "$ kubectl -n llm get pods -o wide -l training.kubeflow.org/job-name=gpt-neox-pt",
        "NAME                   READY   STATUS    RESTARTS      AGE   IP            NODE             NOMINATED NODE   READINESS GATES",
        "gpt-neox-pt-worker-0   0/1     Error     0             9h    10.128.0.39   a3mega-node-0a   <none>           <none>",
        "gpt-neox-pt-worker-1   0/1     Error     0             9h    10.128.0.51   a3mega-node-0b   <none>           <none>",
        "gpt-neox-pt-worker-2   0/1     Error     0             9h    10.128.0.42   a3mega-node-0c   <none>           <none>",
        "gpt-neox-pt-worker-3   0/1     Error     0             9h    10.128.0.47   a3mega-node-0d   <none>           <none>"])
    b.w("kubectl-describe-pytorchjob.txt", [
        "Name:         gpt-neox-pt", "Namespace:    llm", "API Version:  kubeflow.org/v1", "Kind:         PyTorchJob", "Spec:",
        "  Pytorch Replica Specs:", "    Worker:", "      Replicas:        4", "      Restart Policy:  OnFailure", "      Template:", "        Spec:",
        "          Host Network:  true", "          Containers:", "            Image:  us-docker.pkg.dev/acme-ml/train/neox:2024.09.2",
        "            Resources:", "              Limits:", "                nvidia.com/gpu:  8", "Status:", "  Conditions:",
        "    Type:    Failed", "    Reason:  PyTorchJobFailed",
        "    Message: PyTorchJob gpt-neox-pt is failed because 3 Worker replica(s) failed.",
        "Events:",
        "  Type     Reason                   Age   From                   Message",
        "  Warning  PyTorchJobRestarting     41m   pytorchjob-controller  PyTorchJob gpt-neox-pt is restarting because 1 Worker replica(s) failed.",
        "  Normal   ExitedWithCode           41m   pytorchjob-controller  Pod: llm.gpt-neox-pt-worker-2 exited with code 135",
        "  Normal   ExitedWithCode           41m   pytorchjob-controller  Pod: llm.gpt-neox-pt-worker-1 exited with code 1",
        "  Normal   ExitedWithCode           41m   pytorchjob-controller  Pod: llm.gpt-neox-pt-worker-0 exited with code 1",
        "  Normal   ExitedWithCode           40m   pytorchjob-controller  Pod: llm.gpt-neox-pt-worker-3 exited with code 1"])
    b.w("kubectl-get-nodes.txt", ["NAME             STATUS     ROLES    AGE   VERSION",
                                  "a3mega-node-0a   Ready      <none>   47d   v1.29.8-gke.1031000",
                                  "a3mega-node-0b   Ready      <none>   47d   v1.29.8-gke.1031000",
                                  "a3mega-node-0c   Ready      <none>   47d   v1.29.8-gke.1031000",
                                  "a3mega-node-0d   Ready      <none>   12d   v1.29.8-gke.1031000"])
    for i, n in enumerate(nodes):
        P = ["[2024-10-09 08:12:%02d,114] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)" % (3 + i)]
        for l in (0,):
            P += nccl_init(n, 211 + l, l, i * 8 + l, 32, 4, BUS8[l], "eth1", ips[n], net="Socket", version="2.21.5+cuda12.4",
                           plugin_line="NET/Plugin: Plugin name set by env to libnccl-net-tcpx.so", cuda_drv=12040)
        if n == bad:
            P += ["[2024-10-09 17:43:58,007] [INFO] [logging.py:96:log_dist] [Rank 16] step=31210, skipped=0, lr=[0.000147], mom=[(0.9, 0.95)]",
                  "[2024-10-09 17:44:09,112] [INFO] [timer.py:259:stop] epoch=0/micro_step=249680/global_step=31210, RunningAvgSamplesPerSec=211.4, CurrSamplesPerSec=212.0, MemAllocated=31.2GB, MaxMemAllocated=58.7GB",
                  "Fatal Python error: Bus error", "",
                  "Thread 0x00007f2a1dfff640 (most recent call first):",
                  '  File "/usr/lib/python3.10/threading.py", line 324 in wait',
                  '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/pin_memory.py", line 54 in do_one_step',
                  "", "Current thread 0x00007f2e5c7f1740 (most recent call first):",
                  '  File "/workspace/gpt-neox/megatron/model/transformer.py", line 1123 in forward',
                  '  File "/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/pipe/engine.py", line 1305 in _exec_backward_pass',
                  "[2024-10-09 17:44:22,418] [INFO] [launch.py:319:sigkill_handler] Killing subprocess 5181",
                  "[2024-10-09 17:44:23,002] [ERROR] [launch.py:325:sigkill_handler] ['/usr/bin/python3', '-u', 'train.py', '--local_rank=0', 'configs/20B.yml'] exits with return code = -7"]
        else:
            t = add(err, milliseconds=i * 47)
            for l in (0, 2, 5):
                r = i * 8 + l
                P.append(nw(n, 211 + l, 1402 + l, l, "misc/socket.cc:50", "socketProgress: Connection reset by peer %s<%d>" % (ips[bad], 36211 + l), ts=add(t, milliseconds=l)).lstrip("\n"))
                P.append(ni(n, 211 + l, 1402 + l, l, "misc/socket.cc:752 -> 6"))
                P.append(nw(n, 211 + l, 1402 + l, l, "transport/net_socket.cc:581", "NET/Socket : socket progress error", ts=add(t, milliseconds=l + 1)).lstrip("\n"))
                P.append(ni(n, 211 + l, 1402 + l, l, "proxy.cc:878 -> 6 [Progress Thread]"))
            for l in range(8):
                r = i * 8 + l
                P.append(c10line(r, "E", add(t, seconds=1, milliseconds=10 * l), "ProcessGroupNCCL.cpp:1595",
                                 "[PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % r))
            if i == 0:
                P += ["[rank0]: Traceback (most recent call last):",
                      '[rank0]:   File "/workspace/gpt-neox/train.py", line 34, in <module>', "[rank0]:     main()",
                      '[rank0]:   File "/workspace/gpt-neox/megatron/training.py", line 798, in train_step_pipe',
                      "[rank0]:     loss = model.train_batch(data_iter=data_iterator)",
                      "[rank0]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2006, remote process exited or there was a network error, NCCL version 2.21.5",
                      "[rank0]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                      "[rank0]: Last error:",
                      "[rank0]: socketProgress: Connection reset by peer %s<36211>" % ips[bad]]
        b.w("%s/%s.log" % (n, pods[n]), P)
    J = ["%s a3mega-node-0c kernel: gve 0000:05:00.0 eth1: Device link is up." % journal(T("2024-09-25 02:11:02.000100")),
         "%s a3mega-node-0c kernel: mce: [Hardware Error]: Machine check events logged" % journal(T("2024-10-09 17:31:12.004412")),
         "%s a3mega-node-0c kernel: EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2c8e41f offset:0x740 grain:32 syndrome:0x0 - err_code:0x0000:0x009f  SystemAddress:0x2c8e41f740 ProcessorSocketId:0x1 MemoryControllerId:0x0 ChannelAddress:0x591c83f40 ChannelId:0x1 RankAddress:0x2c8e41f40 PhysicalRankId:0x1 DimmSlotId:0x0 Row:0x1647 Column:0x3e8 Bank:0x2 BankGroup:0x1 ChipSelect:0x1 ChipId:0x0)" % journal(T("2024-10-09 17:31:12.004520")),
         "%s a3mega-node-0c kernel: EDAC MC1: 4 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2c8e420 offset:0x1c0 grain:32 syndrome:0x0)" % journal(T("2024-10-09 17:38:40.117003")),
         "%s a3mega-node-0c kernel: EDAC MC1: 11 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2c8e420 offset:0x880 grain:32 syndrome:0x0)" % journal(T("2024-10-09 17:43:02.551870")),
         "%s a3mega-node-0c kernel: mce: [Hardware Error]: Machine check events logged" % journal(add(crash, microseconds=-2000)),
         "%s a3mega-node-0c kernel: mce: Uncorrected hardware memory error in user-access at 2c8e420a40" % journal(add(crash, microseconds=-1900)),
         "%s a3mega-node-0c kernel: EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2c8e420 offset:0xa40 grain:32 -  err_code:0x0000:0x0091)" % journal(add(crash, microseconds=-1600)),
         "%s a3mega-node-0c kernel: Memory failure: 0x2c8e420: Sending SIGBUS to python3:5181 due to hardware memory corruption" % journal(add(crash, microseconds=-1200)),
         "%s a3mega-node-0c kernel: Memory failure: 0x2c8e420: recovery action for dirty LRU page: Recovered" % journal(add(crash, microseconds=-1100)),
         "%s a3mega-node-0c kernel: mce: [Hardware Error]: Machine check events logged" % journal(T("2024-10-09 17:52:40.300100")),
         "%s a3mega-node-0c kernel: EDAC MC1: 27 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2c8e421 offset:0x100 grain:32 syndrome:0x0)" % journal(T("2024-10-09 17:52:40.300180"))]
    b.w("%s/journalctl-k.txt" % bad, J)
    for n in nodes:
        if n == bad:
            continue
        b.w("%s/journalctl-k.txt" % n, ["%s %s kernel: gve 0000:05:00.0 eth1: Device link is up." % (journal(T("2024-09-25 02:11:0%d.000100" % nodes.index(n))), n),
                                        "%s %s kernel: python3[%d]: segfault at 0 ip 00007fa0c1e3bd0e sp 00007ffe21a0a870 error 4 in libnccl.so.2[7fa0c1c00000+2f1000]" % (journal(add(err, seconds=2)), n, 219)])
    b.label("host", "infrastructure", bad, None, "restart_without_node",
            "Every other pod reports 'Connection reset by peer' from 10.128.0.42, which kubectl maps to worker-2 on a3mega-node-0c; that node's kernel log shows climbing EDAC CE counts on one DIMM, then an uncorrectable memory error "
            "at 17:44:21 that SIGBUSed the training process (pod exit 135) just before the resets, and CEs keep coming: a failing host DIMM on that node.",
            "https://github.com/NVIDIA/nccl/issues/1235")
    return b


# =====================================================================================
# ce07: mpirun, error-12 completions name 192.168.50.34 (IB OOB addr of ai-h07); Xid 48 DBE on its GPU 2
# =====================================================================================
def ce07(out):
    b = Bundle(out, "ce07_remote_peer_errors_then_abort")
    nodes = ["ai-h05", "ai-h07", "ai-h08", "ai-h11"]
    ips = {"ai-h05": "192.168.50.31", "ai-h07": "192.168.50.34", "ai-h08": "192.168.50.33", "ai-h11": "192.168.50.38"}
    bad = "ai-h07"
    dbe = T("2024-05-14 21:07:52.118220")
    pids = {n: 11870 + 4 * i for i, n in enumerate(nodes)}
    b.w("hostfile", ["ai-h05 slots=8", "ai-h07 slots=8", "ai-h08 slots=8", "ai-h11 slots=8"])
    b.w("run.sh", ["mpirun -np 32 --hostfile hostfile --map-by ppr:8:node --bind-to numa --timestamp-output --tag-output \\",
                   "  -x NCCL_DEBUG=INFO -x NCCL_SOCKET_IFNAME=ib0 -x MASTER_ADDR=ai-h05 -x MASTER_PORT=23456 \\",
                   "  python train_dit.py --config configs/dit_xl_512.yaml --global-batch 2048"])
    wstamp = lambda t: "%s %s %2d %s %d" % (DAYS[t.weekday()], MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)
    R = []
    for i, n in enumerate(nodes):
        for l in (0, 2):
            r = i * 8 + l
            for x in nccl_init(n, pids[n] + l, l, r, 32, 4, BUS8_B[l], "ib0", ips[n], version="2.18.5+cuda12.2",
                               hcas=("mlx5_0:1", "mlx5_1:1", "mlx5_2:1", "mlx5_3:1"), cuda_drv=12020):
                R.append("%s[1,%d]<stdout>:%s" % (wstamp(T("2024-05-14 12:03:11")), r, x))
    for k, ts in enumerate(("21:06:41", "21:07:15", "21:07:49")):
        R.append("%s[1,0]<stdout>:(step=0%d) Train Loss: %.4f, Train Steps/Sec: 0.41, Grad Norm: %.3f" % (wstamp(T("2024-05-14 " + ts)), 180400 + 200 * k, 0.1512 - 0.0004 * k, 0.0311 + 0.001 * k))
    rb = 10
    tcr = add(dbe, seconds=1)
    R += ["%s[1,%d]<stderr>:%s" % (wstamp(tcr), rb, x) for x in [
        "[rank10]: Traceback (most recent call last):",
        '[rank10]:   File "/home/svc-ml/dit/train_dit.py", line 268, in <module>', "[rank10]:     main(args)",
        '[rank10]:   File "/home/svc-ml/dit/train_dit.py", line 229, in main', "[rank10]:     loss.backward()",
        '[rank10]:   File "/opt/conda/lib/python3.10/site-packages/torch/_tensor.py", line 522, in backward', "[rank10]:     torch.autograd.backward(",
        "[rank10]: RuntimeError: CUDA error: uncorrectable ECC error encountered",
        "[rank10]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
        "[rank10]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
        "[rank10]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]]
    for i, n in enumerate(nodes):
        if n == bad:
            continue
        for l in (1, 4, 6):
            r = i * 8 + l
            t = add(dbe, seconds=3, milliseconds=41 * i + l)
            R.append("%s[1,%d]<stdout>:%s" % (wstamp(t), r, nw(n, pids[n] + l, pids[n] + 310 + l, l, "transport/net_ib.cc:1295",
                                                            "NET/IB : Got completion from peer %s<%d> with error 12, opcode 0, len 0, vendor err 129 (Recv)" % (ips[bad], 57210 + l)).lstrip("\n")))
            R.append("%s[1,%d]<stdout>:%s" % (wstamp(t), r, ni(n, pids[n] + l, pids[n] + 310 + l, l, "proxy.cc:679 -> 6 [Proxy Thread]")))
            R.append("%s[1,%d]<stderr>:%s" % (wstamp(add(t, seconds=1)), r, c10line(r, "E", add(t, seconds=1), "ProcessGroupNCCL.cpp:1182",
                                                                                      "[Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.18.5" % r)))
    R += ["%s[1,0]<stderr>:%s" % (wstamp(add(dbe, seconds=9)), x) for x in [
        "--------------------------------------------------------------------------",
        "Primary job  terminated normally, but 1 process returned",
        "a non-zero exit code. Per user-direction, the job has been aborted.",
        "--------------------------------------------------------------------------"]]
    R += ["--------------------------------------------------------------------------",
          "mpirun detected that one or more processes exited with non-zero status, thus causing",
          "the job to be terminated. The first process to do so was:", "",
          "  Process name: [[41127,1],17]", "  Exit code:    134",
          "--------------------------------------------------------------------------"]
    b.w("mpirun.out", R)
    for i, n in enumerate(nodes):
        bt = T("2024-04-29 07:1%d:00" % i)
        D = boot_lines(bt, n, kernel="5.15.0-91-generic")
        D.append("%s NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Mar  5 22:42:15 UTC 2024" % up(add(bt, seconds=8), bt))
        if n == bad:
            D += ["%s NVRM: Xid (PCI:0000:4c:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 2, subpartition 0." % (up(dbe, bt), pids[n] + 2),
                  "%s NVRM: Xid (PCI:0000:4c:00): 63, pid=%d, name=python, Row Remapper: New row (0x000000000002c411) marked for remapping, reset gpu to activate." % (up(add(dbe, microseconds=350), bt), pids[n] + 2),
                  "%s NVRM: Xid (PCI:0000:4c:00): 45, pid=%d, name=python, Ch 00000010" % (up(add(dbe, seconds=1), bt), pids[n] + 2)]
        if n == "ai-h11":
            D.append("%s ib0: mcast join failed for ff12:401b:ffff:0000:0000:0000:ffff:ffff, status -110" % up(T("2024-05-01 10:02:13.000400"), bt))
        b.w("%s/dmesg.txt" % n, D)
    b.w("%s/nvidia-smi-q-ecc.txt" % bad, ["$ nvidia-smi -q -d ECC,ROW_REMAPPER -i 2", "", "GPU 00000000:4C:00.0",
                                          "    ECC Mode", "        Current                           : Enabled", "        Pending                           : Enabled",
                                          "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            SRAM Uncorrectable            : 0",
                                          "            DRAM Correctable              : 12", "            DRAM Uncorrectable            : 2",
                                          "        Aggregate", "            DRAM Correctable              : 12", "            DRAM Uncorrectable            : 2",
                                          "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 1",
                                          "        Pending                           : Yes", "        Remapping Failure Occurred        : No"])
    b.label("gpu_memory", "infrastructure", bad, 10, "restart_without_node",
            "Ranks on three nodes report error-12 completions from 192.168.50.34, which the NET/IB OOB lines map to ai-h07 (not the hostfile order); ai-h07's dmesg shows Xid 48 (double-bit ECC) on GPU 4c:00 = local rank 2, "
            "global rank 10, which died with 'uncorrectable ECC error encountered' two seconds before the peers' errors; the row remap is still pending, so the node must come out.",
            "https://github.com/NVIDIA/nccl/issues/733")
    return b


CASES = [ce01, ce02, ce03, ce04, ce05, ce06, ce07]
