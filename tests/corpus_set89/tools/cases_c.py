"""Cases ch17-ch24."""

import random

from common import (t0, plus, iso, ymd_hms, c10d, glog, dmesg_T, uptime, syslog_ts,
                    hexptr, comm_id, nccl, nccl_init_block, watchdog_timeout,
                    watchdog_abort_tail, elastic_sigterm, elastic_failed,
                    torchrun_entry_traceback, child_failed_table, srun_exit,
                    sacct_table, join)
from cases_a import megatron_iter, H100_BUS, H100_PCI

DGX_H100_PCI = ["0000:1b:00", "0000:43:00", "0000:52:00", "0000:61:00",
                "0000:9d:00", "0000:c3:00", "0000:d1:00", "0000:df:00"]


# --------------------------------------------------------------------------
def ch17():
    """NaN grad norm on the same rank/GPU in both attempts, at different iterations."""
    rng = random.Random(8917)
    job = 90211
    nodes = ["gpu-c04", "gpu-c05", "gpu-c07", "gpu-c08"]

    def attempt(start, resume_from, nan_it, seed_shift):
        out = []
        out.append("+ srun --label --ntasks-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 2 --pipeline-model-parallel-size 1 --seq-length 8192 --micro-batch-size 1 --global-batch-size 256 --lr 1.5e-4 --clip-grad 1.0 --bf16 --check-for-nan-in-loss-and-grad --load /lustre/ckpt/mixtral-lite --save /lustre/ckpt/mixtral-lite --save-interval 1000")
        out.append("0: SLURM_JOB_ID=%d SLURM_RESTART_COUNT=%d SLURM_JOB_NODELIST=gpu-c[04-05,07-08]" % (job, 0 if resume_from == 17000 else 1))
        out.append("0:  loading checkpoint from /lustre/ckpt/mixtral-lite at iteration %d" % resume_from)
        out.append("0:   successfully loaded checkpoint from /lustre/ckpt/mixtral-lite [ t 1/2, p 1/1 ] at iteration %d" % resume_from)
        out.append("0: > setting training data iterator to consumed samples %d (deterministic resume, seed 1234)" % (resume_from * 256))
        t = plus(start, 160)
        it = resume_from
        while it + 10 < nan_it:
            it += 10
            t = plus(t, 10 * 2.21)
            if it % 100 == 0:
                out.append("31: " + megatron_iter(t, it, 60000, 2210.0 + rng.uniform(-8, 8), 1.5e-4, 1.98 - (it - 17000) * 0.00001 + rng.uniform(-0.01, 0.01), 0.22 + rng.uniform(-0.02, 0.03), gbs=256))
            if it % 1000 == 0:
                out.append("0: saving checkpoint at iteration %7d to /lustre/ckpt/mixtral-lite in torch_dist format" % it)
                out.append("0:   successfully saved checkpoint from iteration %7d to /lustre/ckpt/mixtral-lite [ t 1/2, p 1/1 ]" % it)
        t = plus(t, 6)
        out.append("11: [rank11]: Traceback (most recent call last):")
        for l in [
            '  File "/workspace/megatron-lm/pretrain_gpt.py", line 280, in <module>',
            "    pretrain(",
            '  File "/workspace/megatron-lm/megatron/training/training.py", line 1448, in train',
            "    train_step(forward_step_func,",
            '  File "/workspace/megatron-lm/megatron/core/distributed/distributed_data_parallel.py", line 431, in finish_grad_sync',
            "    bucket_group.finish_grad_sync()",
            '  File "/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 264, in check_for_nan_in_grad',
            "    rerun_state_machine.validate_result(",
            '  File "/workspace/megatron-lm/megatron/core/rerun_state_machine.py", line 515, in validate_result',
            "    raise RuntimeError(full_message)",
            "RuntimeError: Rank 11, node gpu-c05, device 3, iteration %d: Unexpected result nan (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')" % nan_it,
        ]:
            out.append("11: [rank11]: " + l)
        out.append(srun_exit("gpu-c05", [11], code=1))
        tw = plus(t, 600)
        for r in (0, 9, 16, 27):
            out.extend("%d: %s" % (r, x) for x in watchdog_timeout(r, tw, 11200000 + r * 77, 3300190 + nan_it, "_REDUCE_SCATTER_BASE", 1073741824, 600000, 600012 + r, 3300190 + nan_it, 3300189 + nan_it, numel_out=33554432))
        out.append(srun_exit("gpu-c04", list(range(0, 8)), signal="Aborted (core dumped)"))
        out.append(srun_exit("gpu-c05", [8, 9, 10, 12, 13, 14, 15], signal="Aborted (core dumped)"))
        out.append(srun_exit("gpu-c07", list(range(16, 24)), signal="Aborted (core dumped)"))
        out.append(srun_exit("gpu-c08", list(range(24, 32)), signal="Aborted (core dumped)"))
        return join(out)

    a1 = attempt(t0("2025-03-09 22:00:05"), 17000, 18412, 0)
    a1 = a1 + "# operator 2025-03-10T01:12:54: scontrol requeue %d (assumed a transient NaN; the same 4 nodes were re-allocated)\n" % job
    a2 = attempt(t0("2025-03-10 01:20:40"), 18000, 18137, 1)
    smi = join([
        "# nvidia-smi -q -i 3 (gpu-c05) taken %s" % "2025-03-10 01:52:10",
        "GPU 00000000:5D:00.0",
        "    Product Name                          : NVIDIA H100 80GB HBM3",
        "    Clocks Event Reasons",
        "        Idle                              : Not Active",
        "        SW Power Cap                      : Not Active",
        "        HW Slowdown                       : Not Active",
        "            HW Thermal Slowdown           : Not Active",
        "            HW Power Brake Slowdown       : Not Active",
        "        SW Thermal Slowdown               : Not Active",
        "    ECC Errors",
        "        Volatile",
        "            SRAM Correctable              : 0",
        "            SRAM Uncorrectable Parity     : 0",
        "            SRAM Uncorrectable SEC-DED    : 0",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "    Remapped Rows",
        "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 0",
        "        Pending                           : No",
        "        Remapping Failure Occurred        : No",
        "    Temperature",
        "        GPU Current Temp                  : 44 C",
        "    Clocks",
        "        SM                                : 1980 MHz",
    ])
    label = {
        "category": "gpu_hardware", "layer": "infrastructure",
        "culprit": {"node": "gpu-c05", "rank": 11},
        "action": "restart_without_node",
        "rationale": "Both attempts die on the same rank 11 (gpu-c05, device 3) with a NaN local grad norm, at iteration 18412 and then 18137 - an iteration the first attempt had passed cleanly with the same deterministic data; a NaN that follows one GPU and not the data is silent hardware corruption, even though nvidia-smi looks clean.",
        "modelled_on": "https://github.com/NVIDIA/Megatron-LM/issues/780",
    }
    return {"name": "ch17_nan_grad_norm_again_after_requeue",
            "files": {"attempt_1/slurm-%d.out" % job: a1, "attempt_2/slurm-%d.out" % job: a2,
                      "attempt_2/gpu-c05/nvidia-smi-q.txt": smi},
            "label": label}


# --------------------------------------------------------------------------
def ch18():
    """User's own requirements pin an old transformers; every rank dies on a kwarg."""
    start = t0("2025-05-27 10:14:03")
    hosts = ["dgx-07", "dgx-08"]
    out = []
    out.append("[%s,551] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w dgx-07,dgx-08 export PYTHONPATH=/home/akoh/pde-ft; cd /home/akoh/pde-ft; /home/akoh/venvs/pde/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gtMDciOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN10sICJkZ3gtMDgiOiBbMCwgMSwgMiwgMywgNCwgNSwgNiwgN119 --node_rank=%%n --master_addr=dgx-07 --master_port=29500 scOT/train.py --config configs/ft_ns.yaml --deepspeed ds.json" % ymd_hms(start))
    for h in hosts:
        out.append("%s: + pip install -q -r requirements.txt" % h)
        out.append("%s: Successfully installed transformers-4.29.2 tokenizers-0.13.3" % h)
    for h in hosts:
        out.append("%s: [%s,%03d] [INFO] [launch.py:146:main] WORLD INFO DICT: {'dgx-07': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-08': [0, 1, 2, 3, 4, 5, 6, 7]}" % (h, ymd_hms(plus(start, 41)), 220 + hosts.index(h)))
        out.append("%s: [%s,%03d] [INFO] [launch.py:164:main] dist_world_size=16" % (h, ymd_hms(plus(start, 41)), 221))
    for h in hosts:
        for l in range(8):
            out.extend("%s: %s" % (h, x) for x in [
                "Traceback (most recent call last):",
                '  File "/home/akoh/pde-ft/scOT/train.py", line 277, in <module>',
                "    train_config = TrainingArguments(",
                "                   ^^^^^^^^^^^^^^^^^^",
                "TypeError: TrainingArguments.__init__() got an unexpected keyword argument 'eval_strategy'",
            ]) if l in (0, 3, 7) else out.append("%s: TypeError: TrainingArguments.__init__() got an unexpected keyword argument 'eval_strategy'" % h)
    for h in hosts:
        out.append("%s: [%s,%03d] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (h, ymd_hms(plus(start, 58)), 412, 40211 + hosts.index(h) * 100))
        out.append("%s: [%s,%03d] [ERROR] [launch.py:325:sigkill_handler] ['/home/akoh/venvs/pde/bin/python', '-u', 'scOT/train.py', '--local_rank=7', '--config', 'configs/ft_ns.yaml', '--deepspeed', 'ds.json'] exits with return code = 1" % (h, ymd_hms(plus(start, 58)), 413))
    out.append("pdsh@dgx-07: dgx-08: ssh exited with exit code 1")
    out.append("pdsh@dgx-07: dgx-07: ssh exited with exit code 1")
    req = join([
        "# pde-ft/requirements.txt (committed by akoh, 2025-05-26: 'pin deps for reproducibility')",
        "torch==2.3.1",
        "transformers==4.29.2",
        "accelerate==0.30.1",
        "deepspeed==0.14.2",
        "einops",
        "h5py",
        "wandb",
    ])
    label = {
        "category": "dependency", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "All 16 ranks on both nodes fail identically because the user's own requirements.txt pins transformers 4.29.2, whose TrainingArguments has no 'eval_strategy' keyword that train.py passes; a dependency the user's project pinned, so it fails every time until the pin or the script changes.",
        "modelled_on": "https://github.com/camlab-ethz/poseidon/issues/3",
    }
    return {"name": "ch18_typeerror_unexpected_keyword_eval_strategy",
            "files": {"deepspeed-launcher.log": join(out), "requirements.txt": req}, "label": label}


# --------------------------------------------------------------------------
def ch19():
    """Flight recorder: rank 21 never joined seq 1260; py-spy shows it in cudaStreamSynchronize."""
    nodes = ["gpu-t01", "gpu-t02", "gpu-t03", "gpu-t04"]
    start = t0("2025-09-01 03:00:00")
    hang = t0("2025-09-01 07:13:40")
    out = []
    t = plus(start, 120)
    s = 0
    while True:
        s += 50
        t = plus(t, 50 * 1.12)
        if t >= hang:
            break
        if s % 1000 == 0:
            out.append("[rank0]:%s INFO step=%d loss=%.4f grad_norm=%.3f lr=%.2e step_time=1.12s" % (ymd_hms(t), s, 2.2 - s * 0.00003, 0.4, 2e-4))
    tw = plus(hang, 600)
    out.extend(watchdog_timeout(0, tw, 816499929, 1260, "ALLREDUCE", 268435456, 600000, 600071, 1261, 1259, fr_enabled=True))
    out.append("[rank0]:[E%s ProcessGroupNCCL.cpp:1849] [PG ID 0 PG GUID 0(default_pg) Rank 0] Observed flight recorder dump signal from another rank via TCPStore." % c10d(plus(tw, 1), 117424543)[1:])
    out.append("[rank0]:[E%s ProcessGroupNCCL.cpp:1914] [PG ID 0 PG GUID 0(default_pg) Rank 0] Received a dump signal due to a collective timeout from  rank 3 and we will try our best to dump the debug info. Last enqueued NCCL work: 1261, last completed NCCL work: 1259.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. " % c10d(plus(tw, 1), 118690144)[1:])
    out.append("[rank0]:[E%s ProcessGroupNCCL.cpp:1628] [PG ID 0 PG GUID 0(default_pg) Rank 0] ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1, only active collectives: 0" % c10d(plus(tw, 1), 118690500)[1:])
    out.append("[rank0]:[I%s ProcessGroupNCCL.cpp:1541] [PG ID 0 PG GUID 0(default_pg) Rank 0] The previous flight recorder dump has been written to /shared/fr/job5521/nccl_trace_rank_0" % c10d(plus(tw, 2), 110034000)[1:])
    out.extend(watchdog_abort_tail(0, 1260, "ALLREDUCE", 268435456, 600000, 600071))
    rank0 = join(out)
    fr = join([
        "$ python -m torch.distributed.flight_recorder.fr_trace -j /shared/fr/job5521 -p nccl_trace_rank_",
        "loaded 32 dumps (ranks 0-31) from /shared/fr/job5521",
        "Not all ranks joining collective 1260 at entry 1259",
        "group info: 0:default_pg",
        "collective: nccl:all_reduce",
        "missing ranks: {21}",
        "input sizes: [[268435456]]",
        "output sizes: [[268435456]]",
        "expected ranks: 32",
        "collective state: scheduled",
        "collective stack trace:",
        " all_reduce at /usr/local/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py:2501",
        " _reduce_grads at /srv/train/engine.py:214",
        " train_step at /srv/train/engine.py:251",
        "",
        "rank 21 last entry: record_id 1258 collective_seq_id 1259 nccl:all_reduce state=completed (time_discovered_completed_ns set)",
        "rank 21 has no entry for collective_seq_id 1260 (all other 31 ranks: state=started)",
    ])
    pyspy = join([
        "# py-spy dump --native --pid 61244   (gpu-t03, local_rank 5 -> global rank 21), taken %s" % ymd_hms(plus(hang, 420)),
        "Process 61244: /usr/bin/python3.11 -u /srv/train/main.py --config cfg/dense_20b.yaml",
        "Python v3.11.9 (/usr/bin/python3.11)",
        "",
        'Thread 61244 (active): "MainThread"',
        "    sched_yield (libc.so.6)",
        "    0x7f0c8a67b68b (libcuda.so.550.90.07)",
        "    0x7f0c8a93dc5e (libcuda.so.550.90.07)",
        "    0x7f0c8a93df2c (libcuda.so.550.90.07)",
        "    cudaStreamSynchronize (libcudart.so.12)",
        "    c10::cuda::stream_synchronize (c10/cuda/CUDAFunctions.h:84)",
        "    synchronize (torch/cuda/__init__.py:954)",
        "    _clip_and_step (/srv/train/engine.py:238)",
        "    train_step (/srv/train/engine.py:249)",
        "    main (/srv/train/main.py:171)",
        "    <module> (/srv/train/main.py:190)",
        'Thread 61390 (idle): "Thread-2 (_pin_memory_loop)"',
        "    do_futex_wait.constprop.0 (libc.so.6)",
        "    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:53)",
        'Thread 61402 (idle): "pt_nccl_watchdg"',
        "    ...",
        "",
        "# nvidia-smi --query-gpu=index,utilization.gpu,power.draw,clocks.sm --format=csv -i 5 (sampled 5x, 1 s apart)",
        "index, utilization.gpu [%], power.draw [W], clocks.sm [MHz]",
        "5, 100 %, 118.21 W, 1980 MHz",
        "5, 100 %, 118.09 W, 1980 MHz",
        "5, 100 %, 118.40 W, 1980 MHz",
        "5, 100 %, 118.17 W, 1980 MHz",
        "5, 100 %, 118.33 W, 1980 MHz",
        "# (other GPUs on gpu-t03 at 0 % / ~70 W, idle in NCCL wait)",
    ])
    label = {
        "category": "hang", "layer": "infrastructure",
        "culprit": {"node": "gpu-t03", "rank": 21},
        "action": "run_diagnostics",
        "rationale": "The flight recorder shows 31 ranks started all_reduce 1260 while rank 21 never enqueued it; py-spy puts rank 21 (gpu-t03, local 5) in cudaStreamSynchronize before its optimizer step with its GPU pinned at 100 % but low power, i.e. a GPU-side stall on one rank outside the collective the others wait in.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/581",
    }
    return {"name": "ch19_flight_recorder_dump_after_timeout",
            "files": {"gpu-t01/rank0.log": rank0, "fr_trace_analysis.txt": fr, "gpu-t03/py-spy-rank21.txt": pyspy},
            "label": label}


# --------------------------------------------------------------------------
def ch20():
    """torch.compile cache write fails with ENOSPC on one host's /tmp."""
    job = 602113
    nodes = ["gpu-k01", "gpu-k02", "gpu-k03", "gpu-k04"]
    start = t0("2025-10-06 09:12:30")
    out = []
    out.append("+ srun -N4 --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint gpu-k01:29400 train.py --compile --model vit_l16 --bs 128")
    for i, n in enumerate(nodes):
        out.append("W%s %d torch/distributed/run.py:793] *****************************************" % (glog(plus(start, 4), 330100 + i)[1:], 2201 + i))
    out.append("[rank0]: compiling model with torch.compile(mode='max-autotune-no-cudagraphs') ...")
    fail = plus(start, 133)
    for l in range(8):
        r = 8 + l
        if l not in (0, 4, 6):
            continue
        out.extend("[rank%d]: %s" % (r, x) for x in [
            "Traceback (most recent call last):",
            '  File "/opt/app/train.py", line 201, in <module>',
            "    main()",
            '  File "/opt/app/train.py", line 164, in main',
            "    loss = step(model, batch)",
            '  File "/usr/local/lib/python3.11/site-packages/torch/_dynamo/eval_frame.py", line 465, in _fn',
            "    return fn(*args, **kwargs)",
            '  File "/usr/local/lib/python3.11/site-packages/torch/_inductor/codecache.py", line 463, in write_atomic',
            "    with tmp_path.open(write_mode) as f:",
            "torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
            "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svcml/fx_graph_cache/%s/tmp%s'" % (["cq", "a2", "7f"][l % 3], ["x81hfa2", "k2ndq1s", "p0zzt3e"][l % 3]),
            "",
            "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information",
        ])
    out.append("E%s 2202 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: 1) local_rank: 0 (pid: 2271) of binary: /usr/local/bin/python" % glog(plus(fail, 2), 301233)[1:])
    out.extend(torchrun_entry_traceback(site="/usr/local/lib/python3.11/site-packages"))
    out.extend(child_failed_table("train.py", [
        {"time": plus(fail, 1).strftime("%Y-%m-%d_%H:%M:%S"), "host": "gpu-k02", "rank": 8 + l, "local_rank": l,
         "exitcode": 1, "pid": 2271 + l} for l in (4, 6)], {
        "time": plus(fail, 1).strftime("%Y-%m-%d_%H:%M:%S"), "host": "gpu-k02", "rank": 8, "local_rank": 0,
        "exitcode": 1, "pid": 2271}))
    out.append(srun_exit("gpu-k02", [1], code=1))
    for i, n in enumerate(nodes):
        if n == "gpu-k02":
            continue
        out.append("W%s %d torch/distributed/elastic/agent/server/api.py:719] Received RendezvousClosedError from the c10d store (node gpu-k02 failed); stopping local workers" % (glog(plus(fail, 4 + i), 551000 + i)[1:], 2201 + i))
        out.extend(elastic_sigterm(plus(fail, 5 + i), 12000 + i, 2201 + i, [2271 + 100 * i + l for l in range(8)], prefix="")[:2])
        out.append("torch.distributed.elastic.rendezvous.api.RendezvousClosedError")
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    for i, n in enumerate(nodes):
        if n != "gpu-k02":
            out.append(srun_exit(n, [i], code=1))
    slurm = join(out)
    df = join([
        "# gpu-k02, collected %s" % ymd_hms(plus(fail, 420)),
        "$ df -h / /tmp /dev/shm /raid",
        "Filesystem      Size  Used Avail Use% Mounted on",
        "/dev/md0        439G  439G     0 100% /",
        "/dev/md0        439G  439G     0 100% /",
        "tmpfs           1.0T   12M  1.0T   1% /dev/shm",
        "/dev/md1         28T  3.1T   25T  12% /raid",
        "$ du -xsh /tmp/* 2>/dev/null | sort -h | tail -5",
        "1.2G\t/tmp/torchinductor_svcml",
        "3.9G\t/tmp/tmp_nsys_reports",
        "22G\t/tmp/enroot-data-uid-30112",
        "391G\t/tmp/ray",
        "$ ls -ld --time-style=long-iso /tmp/ray /tmp/ray/session_*",
        "drwxrwxrwt 4 bzhou  bzhou  4096 2025-09-19 16:02 /tmp/ray",
        "drwxr-xr-x 6 bzhou  bzhou  4096 2025-09-19 16:02 /tmp/ray/session_2025-09-19_16-02-11_718302_99120",
        "$ clush -w gpu-k[01,03-04] -b \"df -h / | tail -1\"",
        "---------------",
        "gpu-k[01,03-04] (3)",
        "---------------",
        "/dev/md0        439G   61G  378G  14% /",
    ])
    label = {
        "category": "storage", "layer": "infrastructure",
        "culprit": {"node": "gpu-k02", "rank": None},
        "action": "restart_without_node",
        "rationale": "Only gpu-k02's ranks fail, with ENOSPC writing the inductor cache under /tmp; gpu-k02's root filesystem is 100% full from a stale 391G Ray spill directory another user left in September, while the other nodes have 378G free. The rendezvous errors elsewhere are fallout.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/121122",
    }
    return {"name": "ch20_no_space_left_on_device_one_host",
            "files": {"slurm-%d.out" % job: slurm, "gpu-k02/df.txt": df}, "label": label}


# --------------------------------------------------------------------------
def ch21():
    """Resume after a node failure fails on state_dict key prefix."""
    host = "gpu-m01"
    job = 77410
    start = t0("2025-06-14 18:22:09")
    out = []
    out.append("[2025-06-14 18:22:41] world_size=16 (2 nodes x 8) resume=/ckpt/gpt2-xl-owt/last.pt")
    out.append("[2025-06-14 18:22:55] building model GPT(n_layer=48, n_head=25, n_embd=1600)")
    out.append("[2025-06-14 18:23:02] loading checkpoint /ckpt/gpt2-xl-owt/last.pt (iter 121000, saved by job 77398)")
    out.extend("[rank0]: " + x for x in [
        "Traceback (most recent call last):",
        '  File "/home/dlin/nanogpt/train.py", line 189, in <module>',
        "    model.load_state_dict(state_dict)",
        '  File "/opt/conda/lib/python3.11/site-packages/torch/nn/modules/module.py", line 2584, in load_state_dict',
        "    raise RuntimeError(",
        "RuntimeError: Error(s) in loading state_dict for GPT:",
        '\tMissing key(s) in state_dict: "transformer.wte.weight", "transformer.wpe.weight", "transformer.h.0.ln_1.weight", "transformer.h.0.ln_1.bias", "transformer.h.0.attn.c_attn.weight", "transformer.h.0.attn.c_attn.bias", "transformer.h.0.attn.c_proj.weight", "transformer.h.0.attn.c_proj.bias", "transformer.h.0.ln_2.weight", "transformer.h.0.ln_2.bias", "transformer.h.0.mlp.c_fc.weight", ... ',
        '\tUnexpected key(s) in state_dict: "_orig_mod.module.transformer.wte.weight", "_orig_mod.module.transformer.wpe.weight", "_orig_mod.module.transformer.h.0.ln_1.weight", "_orig_mod.module.transformer.h.0.ln_1.bias", "_orig_mod.module.transformer.h.0.attn.c_attn.weight", ... ',
    ])
    out.append("[rank0]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % c10d(plus(start, 55), 409112330, "")[0:])
    rank0 = join(out)
    sacct = join(sacct_table([
        ("77398", "gpt2xl-owt", "a100", "2", "NODE_FAIL", "0:0", "2-03:11:50", "gpu-m[01,03]"),
        ("77398.0", "python", "", "2", "CANCELLED", "0:9", "2-03:11:48", "gpu-m[01,03]"),
        ("77410", "gpt2xl-owt", "a100", "2", "FAILED", "1:0", "00:01:02", "gpu-m[01-02]"),
        ("77410.batch", "batch", "", "1", "FAILED", "1:0", "00:01:02", "gpu-m01"),
        ("77410.0", "python", "", "2", "FAILED", "1:0", "00:00:58", "gpu-m[01-02]"),
        ("77411", "gpt2xl-owt", "a100", "2", "FAILED", "1:0", "00:00:59", "gpu-m[04-05]"),
        ("77411.0", "python", "", "2", "FAILED", "1:0", "00:00:55", "gpu-m[04-05]"),
    ]) + ["",
          "# 77398: gpu-m03 went down (drained: 'PSU fault', ticket HW-2291); 77410 and 77411 are the user's resubmissions.",
          "# both resubmissions died ~1 min in, on different node pairs, with the same load_state_dict RuntimeError on every rank."])
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The checkpoint was saved from the compiled DDP wrapper (keys '_orig_mod.module.*') and train.py loads it into the bare model, so load_state_dict fails on every rank; it repeated on two different node pairs, and the earlier NODE_FAIL on gpu-m03 only explains why a resume was needed.",
        "modelled_on": "https://github.com/aks2203/deep-thinking/issues/5",
    }
    return {"name": "ch21_missing_keys_on_resume",
            "files": {"%s/rank0.log" % host: rank0, "sacct.txt": sacct}, "label": label}


# --------------------------------------------------------------------------
def ch22():
    """Cluster DNS down: workers cannot resolve the master service."""
    start = t0("2025-11-03 02:41:12")
    desc = join([
        "Name:         llm-sft",
        "Namespace:    team-llm",
        "API Version:  kubeflow.org/v1",
        "Kind:         PyTorchJob",
        "Spec:",
        "  Elastic Policy:",
        "    Rdzv Backend:  c10d",
        "    Max Restarts:  0",
        "  Pytorch Replica Specs:",
        "    Master:",
        "      Replicas:  1",
        "    Worker:",
        "      Replicas:  5",
        "Status:",
        "  Conditions:",
        "    Last Transition Time:  %sZ" % iso(plus(start, 15)),
        "    Message:               PyTorchJob llm-sft is created.",
        "    Reason:                PyTorchJobCreated",
        "    Status:                True",
        "    Type:                  Created",
        "    Last Transition Time:  %sZ" % iso(plus(start, 940)),
        "    Message:               PyTorchJob llm-sft is failed because 5 Worker replica(s) failed.",
        "    Reason:                PyTorchJobFailed",
        "    Status:                True",
        "    Type:                  Failed",
        "Events:",
        "  Type     Reason            Age   From                   Message",
        "  ----     ------            ----  ----                   -------",
        "  Normal   SuccessfulCreatePod     16m   pytorchjob-controller  Created pod: llm-sft-master-0",
    ] + ["  Normal   SuccessfulCreatePod     16m   pytorchjob-controller  Created pod: llm-sft-worker-%d" % i for i in range(5)]
      + ["  Warning  Exited            1m    pytorchjob-controller  Pod: team-llm.llm-sft-worker-%d exited with code 1" % i for i in range(5)]
      + ["  Normal   SuccessfulCreateService 16m   pytorchjob-controller  Created service: llm-sft-master-0",
         "  Warning  PyTorchJobFailed  1m    pytorchjob-controller  PyTorchJob llm-sft is failed because 5 Worker replica(s) failed.",
         "",
         "# same manifest ran to completion on 2025-10-31 (job llm-sft-1030)"])
    events = join([
        "$ kubectl get events -n kube-system --sort-by=.lastTimestamp | tail -14",
        "LAST SEEN   TYPE      REASON      OBJECT                          MESSAGE",
        "19m         Normal    Pulled      pod/coredns-7b98449c4-8kq2p     Container image \"registry.k8s.io/coredns/coredns:v1.11.3\" already present on machine",
        "18m         Warning   Unhealthy   pod/coredns-7b98449c4-8kq2p     Readiness probe failed: HTTP probe failed with statuscode: 503",
        "18m         Warning   Unhealthy   pod/coredns-7b98449c4-w5l9d     Readiness probe failed: HTTP probe failed with statuscode: 503",
        "17m         Normal    Killing     pod/coredns-7b98449c4-8kq2p     Container coredns failed liveness probe, will be restarted",
        "17m         Warning   OOMKilling  node/gpu-pool-b-4               Memory cgroup out of memory: Killed process 8812 (coredns)",
        "16m         Warning   BackOff     pod/coredns-7b98449c4-w5l9d     Back-off restarting failed container coredns in pod coredns-7b98449c4-w5l9d_kube-system",
        "16m         Warning   BackOff     pod/coredns-7b98449c4-8kq2p     Back-off restarting failed container coredns in pod coredns-7b98449c4-8kq2p_kube-system",
        "9m          Warning   Unhealthy   pod/node-local-dns-6xk2c        Liveness probe failed: Get \"http://169.254.20.10:8080/health\": context deadline exceeded",
        "2m          Normal    ScalingReplicaSet  deployment/coredns    Scaled up replica set coredns-7b98449c4 to 4 from 2",
        "1m          Normal    Started     pod/coredns-7b98449c4-r7tjk     Started container coredns",
        "40s         Normal    Started     pod/coredns-7b98449c4-8kq2p     Started container coredns",
        "",
        "$ kubectl get pods -n kube-system -l k8s-app=kube-dns",
        "NAME                        READY   STATUS    RESTARTS       AGE",
        "coredns-7b98449c4-8kq2p     1/1     Running   7 (40s ago)    41d",
        "coredns-7b98449c4-r7tjk     1/1     Running   0              1m",
        "coredns-7b98449c4-w5l9d     0/1     Running   6 (2m ago)     41d",
        "coredns-7b98449c4-x2mvn     1/1     Running   0              2m",
    ])
    log = []
    for k in range(6):
        log.append("[W%s socket.cpp:752] [c10d] The IPv4 network addresses of (llm-sft-master-0, 23456) cannot be retrieved (gai error: -3 - Temporary failure in name resolution)." % c10d(plus(start, 40 + k * 150), 221030000 + k * 991, "")[0:])
    log.append("[E%s socket.cpp:1011] [c10d] The client socket has timed out after 900000ms while trying to connect to (llm-sft-master-0, 23456)." % c10d(plus(start, 930), 118803331, "")[0:])
    log.extend([
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 243, in launch_agent',
        "    rdzv_handler=rdzv_registry.get_rendezvous_handler(rdzv_parameters),",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1380, in create_handler',
        "    backend, store = create_backend(params)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 250, in create_backend',
        "    store = _create_tcp_store(params)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/rendezvous/c10d_rendezvous_backend.py", line 174, in _create_tcp_store',
        "    raise RendezvousConnectionError(",
        "torch.distributed.elastic.rendezvous.api.RendezvousConnectionError: The connection to the C10d store has failed. See inner exception for details.",
    ])
    log.append("$ kubectl exec -n team-llm llm-sft-worker-3 -- getent hosts llm-sft-master-0.team-llm.svc.cluster.local   (run at %s)" % ymd_hms(plus(start, 700)))
    log.append("command terminated with exit code 2")
    log.append("$ kubectl logs -n team-llm llm-sft-master-0 | tail -2")
    log.append("OSError: We couldn't connect to 'http://hf-mirror.infra.svc.cluster.local' to load this file, couldn't find it in the cached files and it looks like /models/llama-3.1-8b is not the path to a directory containing a file named config.json.")
    log.append("requests.exceptions.ConnectionError: HTTPConnectionPool(host='hf-mirror.infra.svc.cluster.local', port=80): Max retries exceeded with url: /api/models/meta-llama/Llama-3.1-8B (Caused by NameResolutionError(\"<urllib3.connection.HTTPConnection object at 0x7f5c2b4d1e10>: Failed to resolve 'hf-mirror.infra.svc.cluster.local' ([Errno -3] Temporary failure in name resolution)\"))")
    label = {
        "category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "All five workers fail to resolve the master service (gai error -3) and the master cannot resolve the in-cluster HF mirror, while kube-system shows both CoreDNS replicas OOM-killed and crash-looping at that time; a shared DNS outage, transient (CoreDNS is back up), so rerun the unchanged manifest.",
        "modelled_on": "https://github.com/modelscope/ms-swift/issues/6368",
    }
    return {"name": "ch22_workers_cannot_resolve_master",
            "files": {"kubectl-describe.txt": desc, "kube-system-events.txt": events,
                      "kubectl-logs-llm-sft-worker-3.txt": join(log)},
            "label": label}


# --------------------------------------------------------------------------
def ch23():
    """Xid 74 NVLink fatal on one DGX: its tensor-parallel group aborts."""
    rng = random.Random(8923)
    job = 330017
    nodes = ["dgx-c%02d" % i for i in range(1, 9)]
    start = t0("2025-08-19 12:00:03")
    fault = t0("2025-08-19 16:48:27")
    out = []
    out.append("+ srun --label --ntasks-per-node=8 python pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 --sequence-parallel ...")
    t = plus(start, 200)
    it = 0
    while True:
        it += 50
        t = plus(t, 50 * 5.3)
        if t >= fault:
            break
        if it % 250 == 0:
            out.append("63: " + megatron_iter(t, it, 100000, 5300.0 + rng.uniform(-10, 10), 2e-4, 2.3 - it * 0.00005, 0.3, gbs=512))
    for l in (2, 0, 1, 3, 4, 5, 6, 7):
        r = 32 + l
        pid = 51201 + l
        out.append("%d: %s" % (r, nccl("dgx-c05", pid, pid + 210, l, "Cuda failure 'uncorrectable NVLink error detected during the execution'", src="proxy.cc:1381", level="WARN")))
        if l in (2, 0):
            out.append("%d: [rank%d]: Traceback (most recent call last):" % (r, r))
            out.append('%d: [rank%d]:   File "/workspace/megatron-lm/megatron/core/tensor_parallel/mappings.py", line 118, in _reduce_scatter_along_first_dim' % (r, r))
            out.append("%d: [rank%d]:     torch.distributed._reduce_scatter_base(" % (r, r))
            out.append("%d: [rank%d]: torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:3681, unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5" % (r, r))
            out.append("%d: [rank%d]: ncclUnhandledCudaError: Call to CUDA function failed." % (r, r))
            out.append("%d: [rank%d]: Last error:" % (r, r))
            out.append("%d: [rank%d]: Cuda failure 'uncorrectable NVLink error detected during the execution'" % (r, r))
    out.append(srun_exit("dgx-c05", list(range(32, 40)), code=1))
    tw = plus(fault, 601)
    for r in (0, 8, 17, 26, 43, 50, 63):
        out.extend("%d: %s" % (r, x) for x in watchdog_timeout(r, tw, 15000000 + r * 97, 771240, "ALLREDUCE", 402653184, 600000, 600020 + r, 771241, 771239))
    for i, n in enumerate(nodes):
        if n != "dgx-c05":
            out.append(srun_exit(n, list(range(i * 8, i * 8 + 8)), signal="Aborted (core dumped)"))
    slurm = join(out)
    kl = []
    seqf = [100000]
    def K(t, msg):
        seqf[0] += 7311
        kl.append("%s dgx-c05 kernel: %s" % (t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d+00:00" % (seqf[0] % 1000000), msg))
    K(plus(fault, -86400 * 3), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 12028, Non-fatal, Link 44 egress non-posted PRIV error (First)")
    K(plus(fault, -86400 * 3), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 12028, Severity 0 Engine instance 44 Sub-engine instance 00")
    K(plus(fault, -2), "NVRM: Xid (PCI:0000:52:00): 74, pid=51203, name=python, NVLink: fatal error detected on link 4(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)")
    K(plus(fault, -2), "NVRM: Xid (PCI:0000:52:00): 74, pid=51203, name=python, NVLink: fatal error detected on link 5(0x0, 0x0, 0x0, 0x10000, 0x0, 0x0, 0x0)")
    K(plus(fault, -1), "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 20034, Fatal, Link 30 LTSSM Fault Up")
    K(plus(fault, -1), "nvidia-nvswitch1: SXid (PCI:0000:06:00.0): 20034, Severity 1 Engine instance 30 Sub-engine instance 00")
    K(plus(fault, 0), "NVRM: Xid (PCI:0000:52:00): 45, pid=51203, name=python, Ch 00000008")
    for p in (51201, 51202, 51204, 51205, 51206, 51207, 51208):
        K(plus(fault, 1), "NVRM: Xid (PCI:%s): 45, pid=%d, name=python, Ch 00000008" % (DGX_H100_PCI[(p - 51201) % 8], p))
    label = {
        "category": "nvlink", "layer": "infrastructure",
        "culprit": {"node": "dgx-c05", "rank": 34},
        "action": "restart_without_node",
        "rationale": "dgx-c05 logged Xid 74 NVLink fatal errors on links 4/5 of GPU 0000:52:00 (local GPU 2, rank 34) and an NVSwitch LTSSM fault, and its whole TP group then died with 'uncorrectable NVLink error'; the Xid 45s are the cleanup and the other nodes only timed out.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/58155",
    }
    return {"name": "ch23_tensor_parallel_group_aborts",
            "files": {"slurm-%d.out" % job: slurm, "dgx-c05/kern.log": join(kl)}, "label": label}


# --------------------------------------------------------------------------
def ch24():
    """Data loader workers blow through the job's own cgroup memory limit."""
    job = 881002
    nodes = ["gpu-q01", "gpu-q02"]
    start = t0("2025-07-21 10:30:00")
    kill = t0("2025-07-21 11:47:33")
    out = []
    out.append("+ srun --mem=480G --ntasks-per-node=8 --cpus-per-task=12 python train.py --data /data/laion-subset/index.parquet --num-workers 16 --cache-decoded-images true")
    t = plus(start, 60)
    s = 0
    while True:
        s += 100
        t = plus(t, 100 * 0.62)
        if t >= kill:
            break
        if s % 1000 == 0:
            out.append("[%s] step %d loss %.4f img/s 13210 host_mem_used %.0fG" % (ymd_hms(t), s, 4.1 - s * 0.0002, 118 + s * 0.048))
    for r, pid in ((3, 412201), (13, 388104), (9, 388230)):
        out.extend("[rank%d]: %s" % (r, x) for x in [
            "Traceback (most recent call last):",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", line 1133, in _try_get_data',
            "    data = self._data_queue.get(timeout=timeout)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py", line 67, in handler',
            "    _error_if_any_worker_fails()",
            "RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % pid,
        ])
    out.append("slurmstepd: error: Detected 5 oom_kill events in StepId=%d.0. Some of the step tasks have been OOM Killed." % job)
    out.append(srun_exit("gpu-q01", [3], code=1))
    out.append(srun_exit("gpu-q02", [9, 13], code=1))
    out.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    slurm = join(out)
    d = []
    def L(t, msg):
        d.append("%s %s" % (dmesg_T(t), msg))
    for k, (pid, task) in enumerate(((388104, 5), (388230, 1))):
        tt = plus(kill, k * 3)
        L(tt, "pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0")
        L(tt, "memory: usage 503316480kB, limit 503316480kB, failcnt 11820")
        L(tt, "swap: usage 0kB, limit 0kB, failcnt 0")
        L(tt, "Memory cgroup stats for /slurm/uid_1007/job_%d:" % job)
        L(tt, "anon 512802140160")
        L(tt, "file 1208832000")
        L(tt, "Tasks state (memory values in pages):")
        L(tt, "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name")
        for l in range(8):
            L(tt, "[ %6d]  1007 %6d 30112004  4411203  62115840        0             0 python" % (387900 + l, 387900 + l))
        L(tt, "[ %6d]  1007 %6d 11204411  1291833  14110720        0             0 pt_data_worker" % (pid, pid))
        L(tt, "... 127 more pt_data_worker entries (rss 1.05M-1.29M pages each)")
        L(tt, "oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,oom_memcg=/slurm/uid_1007/job_%d,task_memcg=/slurm/uid_1007/job_%d/step_0/task_%d,task=pt_data_worker,pid=%d,uid=1007" % (job, job, task, pid))
        L(tt, "Memory cgroup out of memory: Killed process %d (pt_data_worker) total-vm:44817644kB, anon-rss:5167332kB, file-rss:10240kB, shmem-rss:0kB, UID:1007 pgtables:13780kB oom_score_adj:0" % pid)
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "The kernel kills pt_data_worker processes under CONSTRAINT_MEMCG with oom_memcg = the job's own Slurm cgroup at its 480G limit, on both nodes (slurmstepd counts 5 events); host memory grew steadily from the 16 workers per rank caching decoded images, so it is the job's own footprint.",
        "modelled_on": "https://github.com/NVIDIA/Megatron-LM/issues/1657",
    }
    return {"name": "ch24_dataloader_worker_killed_by_signal",
            "files": {"slurm-%d.out" % job: slurm, "gpu-q02/dmesg.txt": join(d)}, "label": label}


CASES = [ch17, ch18, ch19, ch20, ch21, ch22, ch23, ch24]
