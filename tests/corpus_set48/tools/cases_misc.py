"""Hang / straggler / clean / OOM / dependency / storage / user-code / scheduler cases."""
import random
from gen import (D, TD, Job, Bundle, GPU_BUS, c10, pylog, nvsmi_q, sacct, scontrol_job, slurm_ts, slurmd_ts,
                 watchdog_exception, iso, syslog)
from frame import std_job, kernel_log, quiet_kernel, slurmd_log, nodelist_expr, sbatch_header, launcher_banner
from cases_hw import xid, L, PY
from cases_sys import rank_tb


def pyspy(pid, cmd, frames, thread="MainThread", state="active"):
    out = ["Process %d: %s" % (pid, cmd), "Python v3.10.12 (/usr/bin/python3.10)", "",
           "Thread %d (%s): \"%s\"" % (pid, state, thread)]
    out += ["    %s (%s)" % f for f in frames]
    return out + [""]


# --------------------------------------------------------------------------- as20
def as20(root):
    name = "as20_watchdog_timeouts_on_31_of_32_ranks"
    rng = random.Random(4820)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (51, 52, 53, 54)]
    job = Job(rng, nodes, jobid=914400, start=D(2024, 12, 1, 10, 0, 0), ip_base="10.12.5.")
    t_fail = job.start + TD(hours=3, minutes=48, seconds=20.0)
    cn, cl = "gpu-n52", 5
    g = job.grank(cn, cl)
    r = std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=[], culprit_exit=None,
                sym="timeout", step_s=4.9, timeout_s=1800)
    seq = r["seq"]
    fr = ["$ python -m torch.distributed.flight_recorder.fr_trace -j --prefix nccl_trace_rank_ /lfs01/jdoe/fr_dumps/%d" % job.jobid,
          "loaded 32 rank dumps (TORCH_NCCL_DUMP_ON_TIMEOUT=1, TORCH_NCCL_TRACE_BUFFER_SIZE=2000)"]
    fr += ["Not all ranks joining collective %d at entry 1999" % seq,
           "group info: 0:default_pg", "collective: nccl:all_reduce", "missing ranks: {%d}" % g,
           "input sizes: [[26214400]]", "output sizes: [[26214400]]", "expected ranks: 32",
           "collective state: scheduled",
           "collective stack trace:",
           " all_reduce at %s/torch/distributed/distributed_c10d.py:2288" % PY,
           " _allreduce_word_embedding_grads at /workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py:98",
           " finalize_model_grads at /workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py:141", "",
           "rank %d last entry: collective %d nccl:reduce_scatter_tensor_coalesced state=completed" % (g, seq - 1)]
    b.add("fr_trace_analysis.txt", fr)
    cmd = "/usr/bin/python -u pretrain_gpt.py --config configs/gpt_13b.yaml"
    b.add(cn + "/py-spy-local5.txt", pyspy(job.pid(cn, cl), cmd, [
        ("synchronize", "%s/torch/cuda/__init__.py:892" % PY),
        ("elapsed", "/workspace/Megatron-LM/megatron/core/timers.py:125"),
        ("stop", "/workspace/Megatron-LM/megatron/core/timers.py:107"),
        ("forward_backward_no_pipelining", "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py:478"),
        ("train_step", "/workspace/Megatron-LM/megatron/training/training.py:1113"),
        ("train", "/workspace/Megatron-LM/megatron/training/training.py:1462"),
        ("<module>", "/workspace/Megatron-LM/pretrain_gpt.py:265")]))
    b.add(cn + "/py-spy-local4.txt", pyspy(job.pid(cn, 4), cmd, [
        ("all_reduce", "%s/torch/distributed/distributed_c10d.py:2288" % PY),
        ("wrapper", "%s/torch/distributed/c10d_logger.py:79" % PY),
        ("_allreduce_word_embedding_grads", "/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py:98"),
        ("finalize_model_grads", "/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py:141"),
        ("train_step", "/workspace/Megatron-LM/megatron/training/training.py:1113"),
        ("<module>", "/workspace/Megatron-LM/pretrain_gpt.py:265")]))
    b.add(cn + "/nvidia-smi.txt", ["+-----------------------------------------------------------------------------------------+",
                                   "| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |",
                                   "+-----------------------------------------+------------------------+----------------------+"] + [
        "|   %d  NVIDIA H100 80GB HBM3          On  |   00000000:%s:00.0 Off |                    0 |\n| N/A   %dC    P0            %3dW /  700W |   71233MiB /  81559MiB |    100%%      Default |" % (i, GPU_BUS[i].upper(), 44 + i, 312 + i * 3) for i in range(8)])
    quiet_kernel(b, rng, job, "T")
    label = L("hang", "infrastructure", cn, g, "run_diagnostics",
              "All ranks except rank 13 report the watchdog timeout on the same SeqNum after 1800 s; fr_trace_analysis.txt says 'Not all ranks joining collective ... missing ranks: {13}' (rank 13's last entry is the previous, completed collective) and gpu-n52/py-spy-local5.txt shows rank 13 (node index 1, local 5) blocked in torch.cuda.synchronize inside the timers, while its neighbour on local 4 waits in all_reduce. No Xid, ECC or link error anywhere, so the stuck GPU/process is identified but the cause is not: run diagnostics on gpu-n52 GPU 5. The 31 timeouts are sympathetic.",
              "https://pytorch.org/tutorials/prototype/flight_recorder_tutorial.html")
    return name, label, b


# --------------------------------------------------------------------------- as21
def as21(root):
    name = "as21_iteration_time_creeps_up_job_hits_time_limit"
    rng = random.Random(4821)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(1, 9)]
    job = Job(rng, nodes, jobid=917020, start=D(2025, 1, 6, 0, 0, 5))
    t_end = job.start + TD(hours=24)
    onset = 2100
    slow = lambda it: 1.0 if it < onset else min(1.72, 1.0 + (it - onset) * 0.0009)
    cn, cl = "gpu-n05", 6
    g = job.grank(cn, cl)
    def hook(it, t):
        if it % 100:
            return []
        bad = it >= onset
        mx = 5100 * (slow(it) if bad else 1.0) + rng.uniform(-30, 30)
        return [(" [%s] straggler detector | iteration %d | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: %dMHz/%d"
                 % (t.strftime("%Y-%m-%d %H:%M:%S"), it, 5050 + rng.uniform(-20, 20), rng.randint(0, 63), mx, g if bad else rng.randint(0, 63),
                    (382 if bad else 610) + rng.randint(-5, 5), g if bad else rng.randint(0, 63), 699, rng.randint(0, 63),
                    41 + rng.randint(0, 3), rng.randint(0, 63), (87 if bad else 63) + rng.randint(0, 1), g if bad else rng.randint(0, 63),
                    97, rng.randint(0, 63), 100, rng.randint(0, 63), (1275 if bad else 1965) + rng.randint(-15, 0), g if bad else rng.randint(0, 63), 1980, rng.randint(0, 63)))]
    std_job(b, job, rng, layout="label", fmt="megatron", t_fail=t_end, end="timelimit", step_s=5.1, slow=slow, hook=hook, every=10,
            args="--config configs/gpt_30b.yaml --log-straggler")
    tq = job.start + TD(hours=19)
    b.add(cn + "/nvidia-smi-q.txt", nvsmi_q(cn, tq, override={cl: {"temp": "88 C", "hw_slow": "Active", "hw_thermal": "Active", "sm_clock": "1275 MHz", "power": "381.22 W", "util": "100 %", "mem_used": "70120 MiB"},
                                                          **{i: {"util": "100 %", "mem_used": "70120 MiB", "power": "612.40 W", "temp": "62 C", "sw_power": "Active"} for i in range(8) if i != cl}}))
    b.add("gpu-n02/nvidia-smi-q.txt", nvsmi_q("gpu-n02", tq, override={i: {"util": "100 %", "mem_used": "70120 MiB", "power": "598.10 W", "temp": "61 C", "sw_power": "Active"} for i in range(8)}))
    b.add(cn + "/ipmitool-sel.txt", [
        " 4c1 | %s | Fan FAN6_R         | Lower Critical going low  | Asserted" % (job.start + TD(hours=2, minutes=51)).strftime("%m/%d/%Y | %H:%M:%S"),
        " 4c2 | %s | Temperature GPU6_Temp | Upper Non-critical going high | Asserted" % (job.start + TD(hours=2, minutes=58)).strftime("%m/%d/%Y | %H:%M:%S")])
    quiet_kernel(b, rng, job, "raw")
    b.add("sacct.txt", sacct(job.jobid, "gpt-30b", [("", "gpt-30b", "h100", 768, "TIMEOUT", "0:0", "1-00:00:13", nodelist_expr(nodes))]))
    label = L("straggler", "infrastructure", cn, g, "restart_without_node",
              "No crash - the job ends on its 24 h time limit (sacct TIMEOUT). From iteration ~2100 Megatron's straggler detector lines in slurm-917020.out name rank 38 as MxRtt, MxTmp (87-88 C), MnPwr (~380 W) and MnClk (~1275 MHz) every time while elapsed time per iteration grows ~70%. gpu-n05/nvidia-smi-q.txt shows GPU 6 with HW Slowdown / HW Thermal Slowdown Active and ipmitool SEL logs a failing fan FAN6_R. Rank 38 = node index 4 x 8 + 6; the thermal-throttled GPU slows the whole job. 'SW Power Cap: Active' on the healthy GPUs is normal under load.",
              "https://github.com/mlfoundations/open_clip/issues/703")
    return name, label, b


# --------------------------------------------------------------------------- as22
def as22(root):
    name = "as22_job_cancelled_at_time_limit_after_checkpoint"
    rng = random.Random(4822)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (61, 62, 63, 64)]
    job = Job(rng, nodes, jobid=920117, start=D(2025, 2, 14, 6, 0, 0), ip_base="10.12.6.")
    t_end = job.start + TD(hours=12)
    extra = {}
    for k in range(1, 12):
        t = job.start + TD(hours=k, minutes=0, seconds=50)
        extra[(nodes[0], t)] = ["[rank0]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % pylog(t),
                                "[rank0]:[titan] %s - root - INFO - [GC] GC collection invoked by checkpointer. 0.04 seconds." % pylog(t + TD(seconds=1)),
                                "[rank0]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in %.2f seconds." % (pylog(t + TD(seconds=38)), 37.2 + rng.random())]
    extra[(nodes[2], job.start + TD(hours=5, minutes=12))] = ["%s:%d:%d [3] NCCL INFO NET/IB : GID index 3, changed from 0 to 3 after a port state change" % (nodes[2], job.pid(nodes[2], 3), job.pid(nodes[2], 3) + 205)]
    std_job(b, job, rng, layout="label", fmt="titan", t_fail=t_end, end="timelimit", step_s=2.8, extra=extra, script="torchtitan/train.py",
            args="--job.config_file train_configs/llama3_8b.toml")
    ev = {"gpu-n63": [(job.start + TD(hours=5, minutes=11, seconds=58), "mlx5_core 0000:4d:00.0: Port: 1 Link DOWN"),
                      (job.start + TD(hours=5, minutes=12, seconds=1), "mlx5_core 0000:4d:00.0: Port: 1 Link ACTIVE")],
          "gpu-n62": [(job.start + TD(hours=8), xid(GPU_BUS[1], 92, job.pid("gpu-n62", 1), "High single-bit ECC error rate"))]}
    quiet_kernel(b, rng, job, "journal", events=ev)
    b.add("gpu-n62/nvidia-smi-q.txt", nvsmi_q("gpu-n62", t_end + TD(minutes=2), override={1: {"sbe_vol": "212", "sbe_agg": "230", "rr_corr": "0"}}))
    b.add("sacct.txt", sacct(job.jobid, "llama3-8b", [("", "llama3-8b", "h100", 384, "TIMEOUT", "0:0", "12:00:17", nodelist_expr(nodes)),
                                                      (".batch", "batch", "", 96, "CANCELLED", "0:15", "12:00:19", nodes[0]),
                                                      (".0", "torchrun", "", 384, "CANCELLED", "0:15", "11:59:45", nodelist_expr(nodes))]))
    label = L("unknown", "framework", None, None, "none",
              "slurm-920117.out ends with 'CANCELLED AT ... DUE TO TIME LIMIT' and torchrun's SignalException on SIGTERM; training progressed normally to the end and the last hourly checkpoint finished ~59 minutes before the limit. No fault: the 3-second link flap on gpu-n63 (NCCL recovered, training continued), the Xid 92 high single-bit (corrected) ECC rate and corrected counts on gpu-n62 are red herrings that did not affect the run. Nothing to do beyond resubmitting from the checkpoint as usual.",
              "https://github.com/meta-pytorch/torchx/pull/486")
    return name, label, b


# --------------------------------------------------------------------------- as23
def as23(root):
    name = "as23_every_rank_fails_on_first_step_after_config_change"
    rng = random.Random(4823)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (5, 6, 7, 8)]
    job = Job(rng, nodes, jobid=921500, start=D(2025, 3, 2, 9, 10, 0))
    t_fail = job.start + TD(minutes=2, seconds=31.2)
    extra = {}

    def oom(gg, lr, tried, free, used, alloc, res):
        return rank_tb(gg, [("/workspace/torchtitan/train.py", 336, "main", "pred = model(input_ids)"),
                            ("/workspace/torchtitan/torchtitan/models/llama/model.py", 441, "forward", "h = layer(h, self.freqs_cis)"),
                            ("/workspace/torchtitan/torchtitan/models/llama/model.py", 233, "forward", "scores = torch.matmul(xq, xk.transpose(2, 3)) / math.sqrt(self.head_dim)")],
                       "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.10 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
                       % (tried, lr, free, used, alloc, res))
    for i, n in enumerate(nodes):
        for lr in range(8):
            if i == 0 and lr == 0:
                continue
            gg = i * 8 + lr
            extra[(n, t_fail + TD(milliseconds=3 * gg))] = oom(gg, lr, 16.0, 5.12 + rng.random(), 73.9 - rng.random(), 70.8, 2.1)
    extra[(nodes[0], job.start + TD(seconds=70))] = ["[rank0]:[titan] %s - root - INFO - Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, max_seq_len=32768, use_flex_attn=False)" % pylog(job.start + TD(seconds=70)),
                                                     "[rank0]:[titan] %s - root - INFO - Applied selective activation checkpointing to the model" % pylog(job.start + TD(seconds=71)),
                                                     "[rank0]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 8, global batch size 256, sequence length 32768, total steps 20000" % pylog(job.start + TD(seconds=88))]
    g0 = oom(0, 0, 16.0, 5.31, 73.71, 70.8, 2.1)
    std_job(b, job, rng, layout="pernode", fmt="titan", t_fail=t_fail, culprit=(nodes[0], 0), culprit_lines=g0, culprit_exit=1,
            culprit_tb="[rank0]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB.", sym="none", step_s=30, train=False,
            script="torchtitan/train.py", extra=extra, args="--job.config_file train_configs/llama3_8b_32k.toml")
    quiet_kernel(b, rng, job, "raw")
    label = L("oom", "framework", None, None, "stop",
              "All 32 ranks on all four nodes raise 'torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB' in the attention matmul on the first step, each with ~70.8 GiB allocated by PyTorch itself (no foreign process), right after the run was reconfigured to sequence length 32768 with local batch 8 (train_configs/llama3_8b_32k.toml). The job's own memory footprint is too large - fix the config.",
              "https://github.com/pytorch/pytorch/issues/11680")
    label["modelled_on"] = "https://github.com/Lightning-AI/pytorch-lightning/issues/14986"
    return name, label, b


# --------------------------------------------------------------------------- as24
def as24(root):
    name = "as24_container_banner_then_cuda_init_error_everywhere"
    rng = random.Random(4824)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (71, 72, 73, 74, 75, 76)]
    job = Job(rng, nodes, jobid=922210, start=D(2025, 3, 9, 15, 0, 9), ip_base="10.12.7.")
    t_fail = job.start + TD(seconds=58.3)
    banner = ["", "=============", "== PyTorch ==", "=============", "", "NVIDIA Release 24.10 (build 114410972)", "PyTorch Version 2.5.0a0+e000cf0",
              "", "Container image Copyright (c) 2024, NVIDIA CORPORATION & AFFILIATES. All rights reserved.", "",
              "ERROR: This container was built for NVIDIA Driver Release 560.35 or later, but",
              "       version 535.183.01 was detected and compatibility mode is UNAVAILABLE.", "",
              "       [[System has unsupported display driver / cuda driver combination (CUDA_ERROR_SYSTEM_DRIVER_MISMATCH) cuInit()=803]]", ""]
    extra = {}
    for i, n in enumerate(nodes):
        extra[(n, job.start + TD(seconds=30))] = ["pyxis: importing docker image: nvcr.io#nvidia/pytorch:24.10-py3", "pyxis: imported docker image: nvcr.io#nvidia/pytorch:24.10-py3"] + banner
        for lr in range(8):
            gg = i * 8 + lr
            if i == 0 and lr == 0:
                continue
            extra[(n, t_fail + TD(milliseconds=7 * gg))] = rank_tb(gg, [("/workspace/train.py", 58, "setup", "torch.cuda.set_device(local_rank)"),
                                                                       ("%s/torch/cuda/__init__.py" % PY, 478, "set_device", "torch._C._cuda_setDevice(device)"),
                                                                       ("%s/torch/cuda/__init__.py" % PY, 319, "_lazy_init", "torch._C._cuda_init()")],
                                                                   "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.")
    g0 = rank_tb(0, [("/workspace/train.py", 58, "setup", "torch.cuda.set_device(local_rank)"),
                     ("%s/torch/cuda/__init__.py" % PY, 319, "_lazy_init", "torch._C._cuda_init()")],
                 "RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver.")
    std_job(b, job, rng, layout="label", fmt="megatron", t_fail=t_fail, culprit=(nodes[0], 0), culprit_lines=g0, culprit_exit=1,
            culprit_tb="[rank0]: RuntimeError: The NVIDIA driver on your system is too old (found version 12020).", sym="none", train=False,
            noinit=True, script="train.py", extra=extra, container="nvcr.io#nvidia/pytorch:24.10-py3")
    quiet_kernel(b, rng, job, "T")
    for n in nodes[:2]:
        b.add(n + "/nvidia-smi.txt", ["| NVIDIA-SMI 535.183.01             Driver Version: 535.183.01   CUDA Version: 12.2     |"])
    label = L("dependency", "framework", None, None, "stop",
              "Every node's container prints 'ERROR: This container was built for NVIDIA Driver Release 560.35 or later, but version 535.183.01 was detected and compatibility mode is UNAVAILABLE' and every rank on all six nodes fails at torch.cuda.set_device with 'The NVIDIA driver on your system is too old (found version 12020)'. nvidia-smi confirms driver 535/CUDA 12.2 across the partition. Same environment mismatch everywhere (image needs a newer driver): pick a matching image or driver; restarting will not help.",
              "https://github.com/NVIDIA/nccl/issues/1935")
    return name, label, b


# --------------------------------------------------------------------------- as25
def as25(root):
    name = "as25_one_node_ranks_fail_cuda_init_others_terminated"
    rng = random.Random(4825)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (1, 2, 3, 4, 5, 6, 7, 8)]
    job = Job(rng, nodes, jobid=923044, start=D(2025, 4, 1, 7, 30, 11))
    t_fail = job.start + TD(seconds=49.6)
    cn = "gpu-n03"
    lines = []
    for lr in range(8):
        gg = job.grank(cn, lr)
        lines += rank_tb(gg, [("/workspace/Megatron-LM/megatron/training/initialize.py", 300, "_initialize_distributed", "torch.cuda.set_device(device)"),
                              ("%s/torch/cuda/__init__.py" % PY, 319, "_lazy_init", "torch._C._cuda_init()")],
                         "RuntimeError: Unexpected error from cudaGetDeviceCount(). Did you run some cuda functions before calling NumCudaDevices() that might have already set an error? Error 803: system has unsupported display driver / cuda driver combination")
    std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, 0), culprit_lines=lines, culprit_exit=1,
            culprit_tb="[rank16]: RuntimeError: Unexpected error from cudaGetDeviceCount(). ... Error 803: system has unsupported display driver / cuda driver combination",
            sym="none", train=False, noinit=True)
    boot = job.start - TD(days=33)
    ev = [(job.start - TD(hours=5, minutes=2), "NVRM: API mismatch: the client has the version 550.90.07, but"),
          (job.start - TD(hours=5, minutes=2), "NVRM: this kernel module has the version 550.54.15.  Please"),
          (job.start - TD(hours=5, minutes=2), "NVRM: make sure that this kernel module and all NVIDIA driver"),
          (job.start - TD(hours=5, minutes=2), "NVRM: components have the same version."),
          (job.start + TD(seconds=48), "NVRM: API mismatch: the client has the version 550.90.07, but")]
    kernel_log(b, rng, job, cn, boot, "journal", ev)
    quiet_kernel(b, rng, job, "journal", skip=(cn,))
    b.add(cn + "/nvidia-smi.txt", ["Failed to initialize NVML: Driver/library version mismatch", "NVML library version: 550.90"])
    b.add("gpu-n04/nvidia-smi.txt", ["| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |"])
    b.add(cn + "/dpkg.log", ["%s upgrade libnvidia-compute-550:amd64 550.54.15-0ubuntu1 550.90.07-0ubuntu0.22.04.1" % (job.start - TD(hours=5, minutes=9)).strftime("%Y-%m-%d %H:%M:%S"),
                             "%s upgrade nvidia-utils-550:amd64 550.54.15-0ubuntu1 550.90.07-0ubuntu0.22.04.1" % (job.start - TD(hours=5, minutes=9)).strftime("%Y-%m-%d %H:%M:%S"),
                             "%s status installed libnvidia-compute-550:amd64 550.90.07-0ubuntu0.22.04.1" % (job.start - TD(hours=5, minutes=8)).strftime("%Y-%m-%d %H:%M:%S")])
    label = L("dependency", "infrastructure", cn, None, "restart_without_node",
              "Only gpu-n03's eight ranks fail, at CUDA init, with 'Error 803: system has unsupported display driver / cuda driver combination'; its journal shows 'NVRM: API mismatch: the client has the version 550.90.07, but this kernel module has the version 550.54.15', nvidia-smi reports 'Driver/library version mismatch' and dpkg.log shows unattended-upgrades replaced the user-space driver libraries five hours earlier without reloading the module. Other nodes run 550.54.15 consistently and were only terminated by srun --kill-on-bad-exit. One node's broken driver install.",
              "https://github.com/nebius/soperator/pull/2684")
    return name, label, b


# --------------------------------------------------------------------------- as26
def as26(root):
    name = "as26_checkpoint_save_never_returns_then_timeouts"
    rng = random.Random(4826)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(11, 17)]
    job = Job(rng, nodes, jobid=925630, start=D(2025, 4, 22, 1, 0, 0), ip_base="10.12.1.")
    t_save = job.start + TD(hours=6, minutes=1, seconds=12)
    extra = {(nodes[-1], t_save): [" saving checkpoint at iteration    4500 to /lfs01/proj/ckpt/gpt-20b in torch_dist format"]}
    r = std_job(b, job, rng, layout="label", fmt="megatron", t_fail=t_save + TD(seconds=1), culprit=None, sym="timeout", timeout_s=1800,
                step_s=4.7, extra=extra)
    for i, n in enumerate(nodes):
        boot = job.start - TD(days=9, hours=i)
        osc = "lfs01-OST0012-osc-ffff9a3%d1c2e8000" % i
        ev = [(t_save + TD(seconds=3 + i * 0.2), "Lustre: %s: Connection to lfs01-OST0012 (at 10.20.0.42@o2ib) was lost; in progress operations using this service will wait for recovery to complete" % osc),
              (t_save + TD(seconds=40 + i), "LustreError: 11-0: %s: operation ost_write to node 10.20.0.42@o2ib failed: rc = -107" % osc),
              (t_save + TD(seconds=125 + i), "Lustre: 2312:0:(client.c:2295:ptlrpc_expire_one_request()) @@@ Request sent has timed out for slow reply: [sent %d/real %d]  req@ffff9a3c7a1b2d00 x1790233459121344/t0(0) o4->%s@10.20.0.42@o2ib:6/4 lens 488/448 e 0 to 1 dl %d ref 2 fl Rpc:XQr/0/ffffffff rc 0/-1 job:'pt_main_thread.%d'"
               % (int((t_save - D(1970, 1, 1)).total_seconds()), int((t_save - D(1970, 1, 1)).total_seconds()), osc, int((t_save - D(1970, 1, 1)).total_seconds()) + 100, job.pid(n, 0))),
              (t_save + TD(seconds=250), "INFO: task pt_main_thread:%d blocked for more than 245 seconds." % job.pid(n, 3)),
              (t_save + TD(seconds=250), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
              (t_save + TD(seconds=250), "Call Trace:"),
              (t_save + TD(seconds=250), " <TASK>"),
              (t_save + TD(seconds=250), " osc_io_commit_async+0x1a3/0x4f0 [osc]"),
              (t_save + TD(seconds=250), " ll_file_io_generic+0x2a1/0x6b0 [lustre]"),
              (t_save + TD(minutes=41), "Lustre: %s: Connection restored to 10.20.0.42@o2ib (at 10.20.0.42@o2ib)" % osc)]
        kernel_log(b, rng, job, n, boot, "raw", ev)
    b.add("lfs-check-servers.txt", ["$ lfs check servers   # run from gpu-n11 at %s" % (t_save + TD(minutes=20)).strftime("%H:%M"),
                                    "lfs01-MDT0000-mdc-ffff9a301c2e8000 active.",
                                    "lfs01-OST0011-osc-ffff9a301c2e8000 active.",
                                    "lfs01-OST0012-osc-ffff9a301c2e8000: check error: Resource temporarily unavailable",
                                    "lfs01-OST0013-osc-ffff9a301c2e8000 active."])
    label = L("storage", "infrastructure", None, None, "restart",
              "At the iteration-4500 checkpoint save every node's dmesg (raw uptime; uptime-s.txt) reports 'Lustre: lfs01-OST0012-osc...: Connection to lfs01-OST0012 (at 10.20.0.42@o2ib) was lost', ost_write rc=-107, ptlrpc timeouts and pt_main_thread blocked in ll_file_io_generic; the ranks stuck in the write never reach the next collective and all others hit the 1800 s watchdog (sympathetic). The same OST loss on all six nodes = shared filesystem outage; the connection was restored ~41 min later, so it is transient: restart from the previous checkpoint.",
              "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/14")
    return name, label, b


# --------------------------------------------------------------------------- as27
def as27(root):
    name = "as27_requeued_job_fails_loading_checkpoint"
    rng = random.Random(4827)
    b = Bundle(root + "/" + name)
    nodes1 = ["gpu-n%02d" % i for i in (21, 22, 23, 24)]
    nodes2 = ["gpu-n%02d" % i for i in (31, 32, 35, 36)]
    job1 = Job(rng, nodes1, jobid=928001, start=D(2025, 5, 3, 2, 0, 0), ip_base="10.12.2.")
    t_pre = job1.start + TD(hours=4, minutes=20)
    extra1 = {(nodes1[-1], job1.start + TD(hours=4, minutes=1)): [" saving checkpoint at iteration    3000 to /lfs01/team/ckpt/moe-16b in torch_dist format",
                                                                  "  successfully saved checkpoint from iteration    3000 to /lfs01/team/ckpt/moe-16b [ t 1/2, p 1/1 ]"]}
    std_job(b, job1, rng, pre="attempt_1/", layout="label", fmt="megatron", t_fail=t_pre, end="preempt", step_s=4.8, extra=extra1,
            args="--config configs/moe_16b.yaml --load /lfs01/team/ckpt/moe-16b --save /lfs01/team/ckpt/moe-16b")
    quiet_kernel(b, rng, job1, "T", pre="attempt_1/")
    job2 = Job(rng, nodes2, jobid=928001, start=D(2025, 5, 3, 9, 41, 7), ip_base="10.12.3.")
    t_fail = job2.start + TD(seconds=141.5)
    err = ("RuntimeError: Error(s) in loading state_dict for GPTModel:\n\tMissing key(s) in state_dict: \"decoder.layers.0.mlp.router.weight\", \"decoder.layers.0.mlp.experts.linear_fc1.weight0\", \"decoder.layers.0.mlp.experts.linear_fc2.weight0\", \"decoder.layers.1.mlp.router.weight\". \n"
           "\tUnexpected key(s) in state_dict: \"decoder.layers.0.mlp.linear_fc1.weight\", \"decoder.layers.0.mlp.linear_fc2.weight\", \"decoder.layers.1.mlp.linear_fc1.weight\". ")
    frames = [("/workspace/Megatron-LM/megatron/training/training.py", 692, "setup_model_and_optimizer", "args.iteration, args.num_floating_point_operations_so_far = load_checkpoint("),
              ("/workspace/Megatron-LM/megatron/training/checkpointing.py", 1250, "load_checkpoint", "model[0].load_state_dict(state_dict['model'], strict=strict)"),
              ("%s/torch/nn/modules/module.py" % PY, 2215, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")]
    extra2 = {(nodes2[0], job2.start + TD(seconds=60)): ["using world size: 32, data-parallel size: 16, context-parallel size: 1, tensor-model-parallel size: 2, pipeline-model-parallel size: 1",
                                                        "  num_experts ..................................... 8",
                                                        "  moe_router_topk ................................. 2",
                                                        " loading checkpoint from /lfs01/team/ckpt/moe-16b at iteration 3000"]}
    for i, n in enumerate(nodes2):
        for lr in range(8):
            gg = i * 8 + lr
            if gg == 0:
                continue
            extra2[(n, t_fail + TD(milliseconds=9 * gg))] = rank_tb(gg, frames, err)
    std_job(b, job2, rng, pre="attempt_2/", layout="label", fmt="megatron", t_fail=t_fail, culprit=(nodes2[0], 0),
            culprit_lines=rank_tb(0, frames, err), culprit_exit=1, culprit_tb="[rank0]: RuntimeError: Error(s) in loading state_dict for GPTModel:",
            sym="none", train=False, restart=1, extra=extra2,
            args="--config configs/moe_16b.yaml --load /lfs01/team/ckpt/moe-16b --save /lfs01/team/ckpt/moe-16b")
    quiet_kernel(b, rng, job2, "T", pre="attempt_2/")
    b.add("scontrol-show-job.txt", scontrol_job(928001, "moe-16b", "akim", "FAILED", "NonZeroExitCode", nodelist_expr(nodes2), 4, job2.start, t_fail + TD(seconds=6), restarts=1, exitcode="1:0", batchhost=nodes2[0]))
    b.add("git-log-between-attempts.txt", ["$ git -C /lfs01/team/src/Megatron-LM log --oneline -3",
                                          "8e1f2c7 (HEAD -> moe-exp) configs: switch moe_16b.yaml to num_experts=8 topk=2 (was dense MLP)",
                                          "41b90d3 data: add mix_v5 blend",
                                          "c02a7e5 (origin/main) bump TE to 1.11"])
    label = L("user_code", "script", None, None, "stop",
              "attempt_1 was preempted by Slurm ('CANCELLED ... DUE TO PREEMPTION', a scheduler event, not a fault) after saving iteration 3000. The requeued attempt_2 (Restarts=1) fails on all 32 ranks while loading that checkpoint: 'Error(s) in loading state_dict for GPTModel: Missing key(s) ... mlp.router.weight ... Unexpected key(s) ... mlp.linear_fc1.weight' - the user changed configs/moe_16b.yaml to an 8-expert MoE between attempts (git-log-between-attempts.txt) so the model no longer matches the dense checkpoint. Deterministic user/config error.",
              "https://github.com/NVIDIA/TensorRT-LLM/pull/17654")
    return name, label, b


# --------------------------------------------------------------------------- as28
def as28(root):
    name = "as28_cuda_oom_on_rank11_only"
    rng = random.Random(4828)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (1, 2, 3, 4)]
    job = Job(rng, nodes, jobid=930455, start=D(2025, 5, 20, 13, 2, 0))
    t_fail = job.start + TD(minutes=3, seconds=4.4)
    cn, cl = "gpu-n02", 3
    g = job.grank(cn, cl)
    foreign = 2234871
    tb = rank_tb(g, [("/workspace/Megatron-LM/megatron/training/training.py", 1113, "train_step", "losses_reduced = forward_backward_func("),
                     ("/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/module/layernorm_linear.py", 191, "forward", "out, _ = tex.gemm(")],
                 "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3 has a total capacity of 79.10 GiB of which 1.12 GiB is free. Process %d has 38.21 GiB memory in use. Process %d has 39.74 GiB memory in use. Of the allocated memory 36.88 GiB is allocated by PyTorch, and 1.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (foreign, job.pid(cn, cl)))
    std_job(b, job, rng, layout="pernode", fmt="megatron", t_fail=t_fail, culprit=(cn, cl), culprit_lines=tb, culprit_exit=1,
            culprit_tb="[rank11]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 3", sym="remote", step_s=5.0)
    procs = {i: {"util": "0 %", "mem_used": "39120 MiB" if i != cl else "78320 MiB", "procs": [(job.pid(cn, i), "/usr/bin/python", "39110MiB")]} for i in range(8)}
    procs[cl]["procs"] = [(foreign, "python", "39128MiB"), (job.pid(cn, cl), "/usr/bin/python", "40690MiB")]
    b.add(cn + "/nvidia-smi-q.txt", nvsmi_q(cn, t_fail + TD(seconds=1), override=procs))
    b.add(cn + "/slurmd.log", slurmd_log(cn, [
        (job.start - TD(minutes=21), "[880977.0] error: *** STEP 880977.0 STEPD TERMINATED ON gpu-n02 AT %s DUE TO JOB NOT ENDING WITH SIGNALS ***" % slurm_ts(job.start - TD(minutes=21))),
        (job.start - TD(minutes=21), "error: [job 880977] unkillable process %d (python) left in D state on gpu-n02" % foreign),
        (job.start - TD(minutes=20), "[job 880977] epilog: /etc/slurm/epilog.d/10-gpu-cleanup.sh: GPU 3 still has compute process %d; could not reset (in use)" % foreign),
        (job.start - TD(seconds=3), "launch task StepId=%d.0 request from UID:41207 GID:4000 HOST:10.12.0.11 PORT:50231" % job.jobid)]))
    quiet_kernel(b, rng, job, "T")
    label = L("oom", "infrastructure", cn, g, "restart_without_node",
              "Only rank 11 (gpu-n02, local 3) raises CUDA OOM, and its message lists a second process: 'Process 2234871 has 38.21 GiB memory in use' besides its own. gpu-n02/nvidia-smi-q.txt shows PID 2234871 (not one of this job's ranks) on GPU 3 and slurmd.log shows it is the unkillable leftover of previous job 880977 that the epilog could not clean. The other 31 ranks use ~39 GiB each, so the job's own configuration fits; the OOM is caused by a foreign process on that node. IB errors on other nodes are sympathetic.",
              "https://github.com/Azure/azurehpc/pull/627")
    return name, label, b


# --------------------------------------------------------------------------- as29
def as29(root):
    name = "as29_job_requeued_held_launch_failed"
    rng = random.Random(4829)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in range(1, 9)]
    job = Job(rng, nodes, jobid=932100, start=D(2025, 6, 2, 4, 10, 30))
    t = job.start
    b.add("slurm-%d.out" % job.jobid, ["slurmstepd: error: prolog failed: rc:1 signal:0",
                                       "srun: error: Task launch for StepId=%d.0 failed on node gpu-n05: Prolog error" % job.jobid,
                                       "srun: error: Application launch failed: Job prolog failure",
                                       "srun: Job step aborted"])
    b.add("slurmctld.log", ["%s %s" % (slurmd_ts(t + TD(seconds=s)), m) for s, m in [
        (0, "sched: Allocate JobId=%d NodeList=gpu-n[01-08] #CPUs=768 Partition=h100" % job.jobid),
        (6.2, "error: validate_node_specs: Prolog or job env setup failure on node gpu-n05, draining the node"),
        (6.2, "drain_nodes: node gpu-n05 state set to DRAIN"),
        (6.3, "_job_requeue_op: JobId=%d state=0x8000 NodeCnt=8 requeued held due to launch failure" % job.jobid),
        (6.3, "Requeuing JobId=%d" % job.jobid)]])
    b.add("gpu-n05/slurmd.log", slurmd_log("gpu-n05", [
        (t + TD(seconds=1), "[%d] prolog: running /etc/slurm/prolog.d/20-nhc.sh" % job.jobid),
        (t + TD(seconds=5.9), "[%d] prolog: NHC: check_nv_gpu_count: 7 GPUs detected, 8 expected" % job.jobid),
        (t + TD(seconds=6.0), "error: [job %d] prolog failed status=1:0" % job.jobid),
        (t + TD(seconds=6.0), "Job %d already killed, do not launch batch job" % job.jobid)]))
    b.add("gpu-n05/nhc.log", ["%s [slurm] /usr/libexec/nhc/node-mark-offline gpu-n05 'NHC: check_nv_gpu_count: 7 GPUs detected, 8 expected'" % (t + TD(seconds=6)).strftime("%Y%m%d %H:%M:%S"),
                              "ERROR:  nhc:  Health check failed:  check_nv_gpu_count:  7 GPUs detected, 8 expected"])
    for n in ("gpu-n04", "gpu-n06"):
        b.add(n + "/nhc.log", ["%s Node Health Check completed successfully (1s)." % (t + TD(seconds=3)).strftime("%Y%m%d %H:%M:%S")])
    boot = job.start - TD(hours=2, minutes=10)
    ev = [(boot + TD(seconds=16.1), "NVRM: GPU 0000:9a:00.0: RmInitAdapter failed! (0x24:0x72:1568)"),
          (boot + TD(seconds=16.1), "NVRM: GPU 0000:9a:00.0: rm_init_adapter failed, device minor number 4"),
          (boot + TD(seconds=17.4), "NVRM: GPU 0000:9a:00.0: RmInitAdapter failed! (0x24:0x72:1568)"),
          (boot + TD(seconds=17.4), "NVRM: GPU 0000:9a:00.0: rm_init_adapter failed, device minor number 4")]
    kernel_log(b, rng, job, "gpu-n05", boot, "raw", ev)
    b.add("gpu-n05/journal-kernel.prev-boot.log", ["%s gpu-n05 kernel: NVRM: Xid (PCI:0000:9a:00): 79, pid=1771, name=nv-hostengine, GPU has fallen off the bus." % iso(boot - TD(minutes=14)),
                                                   "%s gpu-n05 kernel: NVRM: GPU 0000:9a:00.0: GPU has fallen off the bus." % iso(boot - TD(minutes=14)),
                                                   "%s gpu-n05 systemd-logind[2011]: The system will reboot now!" % iso(boot - TD(minutes=3))])
    for n in ("gpu-n04", "gpu-n06"):
        kernel_log(b, rng, job, n, job.start - TD(days=9), "raw", [])
    b.add("scontrol-show-job.txt", scontrol_job(job.jobid, "gpt-70b", "jdoe", "PENDING", "launch_failed_requeued_held", "(null)", 8, job.start, job.start + TD(seconds=7), restarts=1, batchhost="gpu-n01"))
    label = L("gpu_hardware", "infrastructure", "gpu-n05", None, "restart_without_node",
              "The job never started: slurmctld.log 'Prolog or job env setup failure on node gpu-n05, draining the node' and 'requeued held due to launch failure'; gpu-n05/slurmd.log and nhc.log show NHC 'check_nv_gpu_count: 7 GPUs detected, 8 expected', and gpu-n05/dmesg.txt shows 'RmInitAdapter failed! (0x24:0x72:1568)' for 0000:9a:00.0 (GPU 4) after a reboot that followed an Xid 79 'fallen off the bus' in the previous boot. A GPU on one node is dead; no training rank ever ran, so no rank. Release the hold and run without gpu-n05.",
              "https://github.com/NVIDIA/deepops/pull/660")
    return name, label, b


# --------------------------------------------------------------------------- as30
def as30(root):
    name = "as30_all_ranks_timeout_after_eval_interval"
    rng = random.Random(4830)
    b = Bundle(root + "/" + name)
    nodes = ["gpu-n%02d" % i for i in (41, 42, 43, 44)]
    job = Job(rng, nodes, jobid=934411, start=D(2025, 6, 18, 20, 0, 0), ip_base="10.12.4.")
    step_s = 1.6
    t_fail = job.start + TD(seconds=31 + 55 + 2000 * step_s + 1.0)
    extra = {(nodes[0], t_fail - TD(seconds=0.5)): ["%s - INFO - train - step 2000: running evaluation on rank 0 (eval_every=2000)" % pylog(t_fail - TD(seconds=0.5))]}
    r = std_job(b, job, rng, layout="pernode", fmt="hf", t_fail=t_fail, culprit=None, sym="timeout", timeout_s=600, step_s=step_s,
                script="train.py", extra=extra, node_file="stdout.txt")
    seq = r["seq"]
    b.add("fr_trace_analysis.txt", [
        "$ python -m torch.distributed.flight_recorder.fr_trace -j --prefix nccl_trace_rank_ /scratch/fr/%d" % job.jobid,
        "Collective sequence number: %d has errors" % seq,
        "internal record id: %d" % (seq - 1), "group info: 0:default_pg", "collective: nccl:all_reduce_barrier",
        "input sizes: [[1]]", "output sizes: [[1]]", "expected ranks: 32", "collective state: scheduled",
        "Found mismatched collective types: rank 0 has nccl:all_reduce_barrier; ranks 1-31 have nccl:all_reduce (input sizes [[50331648]])",
        "collective stack trace:",
        " barrier at %s/torch/distributed/distributed_c10d.py:4159" % PY,
        " maybe_evaluate at /home/rlin/llm-ft/train.py:311",
        " train_loop at /home/rlin/llm-ft/train.py:402"])
    b.add(nodes[0] + "/py-spy-local0.txt", pyspy(job.pid(nodes[0], 0), "/usr/bin/python train.py --cfg cfg/ft_8b.yaml", [
        ("barrier", "%s/torch/distributed/distributed_c10d.py:4159" % PY),
        ("wrapper", "%s/torch/distributed/c10d_logger.py:83" % PY),
        ("maybe_evaluate", "/home/rlin/llm-ft/train.py:311"),
        ("train_loop", "/home/rlin/llm-ft/train.py:402"),
        ("main", "/home/rlin/llm-ft/train.py:455")]))
    b.add(nodes[1] + "/py-spy-local2.txt", pyspy(job.pid(nodes[1], 2), "/usr/bin/python train.py --cfg cfg/ft_8b.yaml", [
        ("_reduce_grads", "/home/rlin/llm-ft/fsdp_utils.py:77"),
        ("train_step", "/home/rlin/llm-ft/train.py:268"),
        ("train_loop", "/home/rlin/llm-ft/train.py:398"),
        ("main", "/home/rlin/llm-ft/train.py:455")]))
    b.add("train.py.excerpt", ["305    def maybe_evaluate(step, model, eval_loader):",
                               "306        if step % cfg.eval_every != 0:",
                               "307            return",
                               "308        if dist.get_rank() == 0:",
                               "309            metrics = evaluate(model, eval_loader)",
                               "310            log_metrics(metrics, step)",
                               "311            dist.barrier()  # wait for everyone before continuing",
                               "312        model.train()"])
    quiet_kernel(b, rng, job, "T", events={"gpu-n43": [(job.start + TD(minutes=40), xid(GPU_BUS[2], 63, job.pid("gpu-n43", 2), "Row Remapper: New row (0x00000000004d19f0) marked for remapping, reset gpu to activate."))]})
    label = L("hang", "script", None, None, "stop",
              "At step 2000 (eval_every) all ranks time out together after 600 s. fr_trace_analysis.txt reports mismatched collective types - rank 0 is in nccl:all_reduce_barrier while ranks 1-31 are in the next gradient all_reduce - and py-spy shows rank 0 in dist.barrier() called from maybe_evaluate (train.py:311) while others are in _reduce_grads. train.py.excerpt shows the barrier sits inside 'if dist.get_rank() == 0', so only rank 0 enters it: a program-level deadlock. The Xid 63 row-remap notice on gpu-n43 is a benign correctable-error remap; the watchdog timeouts are the symptom.",
              "https://github.com/rwth-i6/returnn/issues/1484")
    return name, label, b


CASES = [as20, as21, as22, as23, as24, as25, as26, as27, as28, as29, as30]
