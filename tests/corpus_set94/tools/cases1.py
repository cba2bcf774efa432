"""Cases cm01-cm09: memory, host memory and GPU hardware crashes."""
import sys

sys.dont_write_bytecode = True

import json
import random
from datetime import timedelta

from common import (A100_BUS, H100_BUS, H100_NIC_BUS, TB_HINT, TORCH_SITE, boot_noise, c10d, childfailed,
                    cuda_err_tb, dt, elastic, join, kmsg, kmsg_T, loss_curve, nccl_init_lines, periodic_noise, pyl,
                    sacct, secs, sigterm_tb, smi_q_gpu, smi_q_header, smi_table, syslog, watchdog_terminate,
                    watchdog_timeout)

S = secs


def _ev(lst, t, line, k=0):
    lst.append((t, k, line))


def _sorted(ev):
    ev.sort(key=lambda x: (x[0], x[1]))
    return [x[2] for x in ev]


def _torchrun_start(ev, t, label, pid, host, nnodes, nproc):
    p = f"{label}: " if label is not None else ""
    _ev(ev, t, p + elastic("W", t, pid, "torch/distributed/run.py:779", ""))
    _ev(ev, t, p + "*****************************************", 1)
    _ev(ev, t, p + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ", 2)
    _ev(ev, t, p + "*****************************************", 3)


# =============================================================================
# cm01: CUDA OOM from the configuration (sequence length raised)
# =============================================================================
def cm01():
    rng = random.Random(9401)
    job = 7730412
    hosts = [f"gpu-h100-{n:03d}" for n in (41, 42, 43, 44)]
    gpn = 8
    world = len(hosts) * gpn
    t0 = dt(2024, 6, 11, 8, 2, 14, 118000)
    ev = []
    _ev(ev, t0 - S(3), f"Job {job} started on {hosts[0]} ({len(hosts)} nodes, {world} GPUs)")
    _ev(ev, t0 - S(3), f"MASTER_ADDR={hosts[0]} MASTER_PORT=29500 CONFIG=configs/stage2_longctx.yaml", 1)
    pids = {}
    for i, h in enumerate(hosts):
        apid = 61200 + i * 37
        _torchrun_start(ev, t0 + S(0.4 * i), i, apid, h, len(hosts), gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 14 + lr
    t = t0 + S(21)
    cfg = [
        "------------------------ arguments ------------------------",
        "  model_size ...................................... 7b",
        "  num_layers ...................................... 32",
        "  hidden_size ..................................... 4096",
        "  seq_length ...................................... 16384",
        "  micro_batch_size ................................ 4",
        "  global_batch_size ............................... 256",
        "  recompute_activations ........................... False",
        "  use_flash_attn .................................. True",
        "  fsdp_sharding ................................... FULL_SHARD",
        "  bf16 ............................................ True",
        "  lr .............................................. 3e-05",
        "  train_iters ..................................... 12000",
        "  data_path ....................................... /lustre/datasets/longctx_v3/tokens",
        "-------------------- end of arguments ---------------------",
    ]
    for k, ln in enumerate(cfg):
        _ev(ev, t, "0: " + ln, k)
    t += S(2.4)
    _ev(ev, t, "0: [rank0]:[W611 08:02:37.412331210 Utils.hpp:110] Warning: Environment variable NCCL_ASYNC_ERROR_HANDLING is deprecated; use TORCH_NCCL_ASYNC_ERROR_HANDLING instead (function operator())")
    _ev(ev, t + S(0.3), "0: NCCL version 2.20.5+cuda12.4")
    t += S(14)
    _ev(ev, t, f"0: {pyl(t)} INFO  building GPT model: 6.74B parameters, vocab 32000, rope_theta=500000 (long-context)")
    _ev(ev, t + S(3), f"0: {pyl(t + S(3))} INFO  FSDP wrapped 32 decoder layers (FULL_SHARD, bf16 params, fp32 reduce)")
    _ev(ev, t + S(9), f"0: {pyl(t + S(9))} INFO  loaded checkpoint /lustre/ckpt/gpt7b-stage1/step_48000 (stage-1, seq_length=4096)")
    _ev(ev, t + S(11), f"0: {pyl(t + S(11))} INFO  dataset: 1,982,113 packed sequences of 16384 tokens")
    _ev(ev, t + S(12), "0: /opt/venv/lib/python3.10/site-packages/torch/utils/data/dataloader.py:558: UserWarning: This DataLoader will create 10 worker processes in total. Our suggested max number of worker in current system is 8, which is smaller than what this DataLoader is going to create. Please be aware that excessive worker creation might get DataLoader running slow or even freeze, lower the worker number to avoid potential slowness/freeze if necessary.")
    _ev(ev, t + S(12.5), "0:   warnings.warn(_create_warning_msg(")
    t += S(13)
    _ev(ev, t, f"0: {pyl(t)} INFO  [before the start of training step] datetime: {t:%Y-%m-%d %H:%M:%S}")
    # everybody OOMs in the first forward/backward
    t_oom = t + S(6.1)
    frames = [
        ("/workspace/gpt/train.py", 318, "<module>", "main()"),
        ("/workspace/gpt/train.py", 297, "main", "loss = model(tokens, labels=labels).loss"),
        (f"{TORCH_SITE}/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (f"{TORCH_SITE}/torch/distributed/fsdp/fully_sharded_data_parallel.py", 863, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)"),
        ("/workspace/gpt/model.py", 211, "forward", "logits = self.lm_head(h).float()"),
    ]
    order = list(range(world))
    rng.shuffle(order)
    failed = order[:27]
    first = {}
    for j, r in enumerate(failed):
        n, lr = divmod(r, gpn)
        tt = t_oom + timedelta(milliseconds=rng.randint(0, 900))
        first.setdefault(n, (tt, r))
        if tt < first[n][0]:
            first[n] = (tt, r)
        free = rng.uniform(4.1, 6.8)
        own = 79.11 - free
        alloc = own - rng.uniform(3.5, 6.0)
        lines = [f"[rank{r}]: Traceback (most recent call last):"]
        for f, ln, fn, code in frames:
            lines.append(f'[rank{r}]:   File "{f}", line {ln}, in {fn}')
            lines.append(f"[rank{r}]:     {code}")
        lines.append(f"[rank{r}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB. GPU {lr} has a total capacity of 79.11 GiB of which {free:.2f} GiB is free. Including non-PyTorch memory, this process has {own:.2f} GiB memory in use. Of the allocated memory {alloc:.2f} GiB is allocated by PyTorch, and {own - alloc - 0.6:.2f} GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
        for k, ln in enumerate(lines):
            _ev(ev, tt, f"{n}: {ln}", k)
    for n, h in enumerate(hosts):
        tf, root = first[n]
        tk = tf + S(1.2)
        apid = 61200 + n * 37
        others = []
        for lr in range(gpn):
            r = n * gpn + lr
            if r == root:
                continue
            if r in failed:
                others.append((r, lr, 1, pids[(n, lr)], TB_HINT))
            else:
                _ev(ev, tk, f"{n}: " + elastic("W", tk, apid, "torch/distributed/elastic/multiprocessing/api.py:858", f"Sending process {pids[(n, lr)]} closing signal SIGTERM"), lr)
                others.append((r, lr, -15, pids[(n, lr)], sigterm_tb(pids[(n, lr)])))
        te = tk + S(2.5)
        _ev(ev, te, f"{n}: " + elastic("E", te, apid, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: {root % gpn} (pid: {pids[(n, root % gpn)]}) of binary: /opt/venv/bin/python3"))
        for k, ln in enumerate(childfailed("/workspace/gpt/train.py", h, tf, (root, root % gpn, 1, pids[(n, root % gpn)], TB_HINT), others)):
            _ev(ev, te + S(0.1), f"{n}: {ln}", k)
        _ev(ev, te + S(0.8), f"srun: error: {h}: task {n}: Exited with exit code 1")
    out = _sorted(ev)
    sbatch = f"""#!/bin/bash
#SBATCH --job-name=gpt7b-longctx-s2
#SBATCH --partition=h100
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --time=48:00:00
#SBATCH --output=slurm-%j.out

# stage 2: long-context continued pretraining.
# stage 1 ran with seq_length=4096, micro_batch_size=4 (see configs/stage1.yaml)
export NCCL_ASYNC_ERROR_HANDLING=1
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun --label torchrun --nnodes=$SLURM_NNODES --nproc-per-node=8 \\
    --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:29500 --rdzv-id=$SLURM_JOB_ID \\
    /workspace/gpt/train.py --config configs/stage2_longctx.yaml
"""
    cfg_yaml = """# stage 2 long-context
model_size: 7b
init_from: /lustre/ckpt/gpt7b-stage1/step_48000
seq_length: 16384          # was 4096 in stage 1
micro_batch_size: 4        # unchanged from stage 1
global_batch_size: 256
recompute_activations: false
use_flash_attn: true
fsdp_sharding: FULL_SHARD
bf16: true
lr: 3.0e-5
train_iters: 12000
data_path: /lustre/datasets/longctx_v3/tokens
"""
    sa = sacct([
        (f"{job}", "gpt7b-lon+", "h100", "nlp-pre", "384", "FAILED", "1:0"),
        (f"{job}.batch", "batch", "", "nlp-pre", "96", "FAILED", "1:0"),
        (f"{job}.extern", "extern", "", "nlp-pre", "384", "COMPLETED", "0:0"),
        (f"{job}.0", "torchrun", "", "nlp-pre", "384", "FAILED", "1:0"),
    ])
    boot = t0 - timedelta(days=6, hours=3, minutes=12)
    dm, tb = boot_noise(boot, hosts[2], rng)
    dm += periodic_noise(boot, tb, t_oom + S(60), hosts[2], rng, every=40000)
    files = {
        f"slurm-{job}.out": join(out),
        "job.sbatch": sbatch,
        "configs/stage2_longctx.yaml": cfg_yaml,
        "sacct.txt": join(sa),
        f"{hosts[2]}/dmesg.txt": join(dm),
    }
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "27 of 32 ranks on all four nodes raise torch.OutOfMemoryError in the very first forward pass, each reporting that its own process holds nearly all 79 GiB (no foreign process). The stage-2 config quadrupled seq_length to 16384 while keeping micro_batch_size=4 and no activation recompute, so the configuration does not fit; it must be changed, restarting will not help.",
        "modelled_on": "https://github.com/foundation-model-stack/fms-hf-tuning/issues/471",
    }
    return "cm01_cuda_oom_long_context_config", files, label


# =============================================================================
# cm02: CUDA OOM on one GPU held by a foreign process
# =============================================================================
def cm02():
    rng = random.Random(9402)
    job = 3318275
    hosts = ["dgx-a100-07", "dgx-a100-08"]
    gpn = 8
    world = 16
    bad_node, bad_lr = 1, 5
    bad_rank = bad_node * gpn + bad_lr
    t0 = dt(2024, 3, 19, 21, 40, 2, 551000)
    ev = []
    pids = {}
    _ev(ev, t0 - S(1), "+ srun --label torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint dgx-a100-07:29511 finetune.py --model llama2-13b --data /data/sft/mix_v7.jsonl")
    for i, h in enumerate(hosts):
        apid = 19300 + i * 21911
        _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 2, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 23 + lr * 2
    t = t0 + S(18)
    for n in range(2):
        for lr in range(gpn):
            r = n * gpn + lr
            for k, ln in enumerate(nccl_init_lines(hosts[n], pids[(n, lr)], pids[(n, lr)] + 71, lr, r, world, A100_BUS[lr],
                                                   ip=f"172.16.40.{7 + n}", nics=("mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3"), rng=rng,
                                                   version="2.19.3+cuda12.3", with_version=(r == 0))):
                if "Init COMPLETE" in ln or "Bootstrap" in ln or "NCCL version" in ln:
                    _ev(ev, t + timedelta(milliseconds=rng.randint(0, 700)), f"{n}: {ln}", k)
    t += S(4)
    _ev(ev, t, f"0: {pyl(t)} - INFO - finetune - loading llama2-13b weights from /data/models/llama-2-13b-hf (bf16)")
    _ev(ev, t + S(38), f"0: {pyl(t + S(38))} - INFO - finetune - wrapping with FSDP (SHARD_GRAD_OP), activation checkpointing on")
    # rank 13 fails when moving its shard to the GPU
    t_oom = t + S(44.2)
    proc_other = 3812
    lines = [f"[rank{bad_rank}]: Traceback (most recent call last):"]
    frames = [
        ("/home/rpatel/sft/finetune.py", 402, "<module>", "main(args)"),
        ("/home/rpatel/sft/finetune.py", 188, "main", "model = FSDP(model, device_id=torch.cuda.current_device(), **fsdp_kwargs)"),
        (f"{TORCH_SITE}/torch/distributed/fsdp/fully_sharded_data_parallel.py", 509, "__init__", "_init_param_handle_from_module("),
        (f"{TORCH_SITE}/torch/distributed/fsdp/_init_utils.py", 592, "_init_param_handle_from_module", "_move_module_to_device("),
        (f"{TORCH_SITE}/torch/distributed/fsdp/_init_utils.py", 1045, "_move_module_to_device", "module = module.to(device_from_device_id)"),
    ]
    for f, ln, fn, code in frames:
        lines.append(f'[rank{bad_rank}]:   File "{f}", line {ln}, in {fn}')
        lines.append(f"[rank{bad_rank}]:     {code}")
    lines.append(f"[rank{bad_rank}]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 500.00 MiB. GPU 5 has a total capacity of 79.15 GiB of which 284.19 MiB is free. Process {proc_other} has 31.40 GiB memory in use. Process {pids[(1, 5)]} has 47.45 GiB memory in use. Of the allocated memory 46.61 GiB is allocated by PyTorch, and 231.02 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
    for k, ln in enumerate(lines):
        _ev(ev, t_oom, f"1: {ln}", k)
    # agent on node 1 tears down local workers
    a1 = 19300 + 21911
    tk = t_oom + S(1.0)
    for lr in range(gpn):
        if lr != bad_lr:
            _ev(ev, tk, "1: " + elastic("W", tk, a1, "torch/distributed/elastic/multiprocessing/api.py:858", f"Sending process {pids[(1, lr)]} closing signal SIGTERM"), lr)
    te = tk + S(2.1)
    _ev(ev, te, "1: " + elastic("E", te, a1, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: {bad_lr} (pid: {pids[(1, bad_lr)]}) of binary: /opt/venv/bin/python"))
    others = [(gpn + lr, lr, -15, pids[(1, lr)], sigterm_tb(pids[(1, lr)])) for lr in range(gpn) if lr != bad_lr]
    for k, ln in enumerate(childfailed("finetune.py", hosts[1], t_oom, (bad_rank, bad_lr, 1, pids[(1, bad_lr)], TB_HINT), others)):
        _ev(ev, te + S(0.1), f"1: {ln}", k)
    _ev(ev, te + S(0.7), f"srun: error: {hosts[1]}: task 1: Exited with exit code 1")
    # node 0 sympathetic: NCCL errors on the first collective, then abort
    tw = t_oom + S(3.4)
    for lr in range(gpn):
        r = lr
        msg = (f"NCCL error: remote process exited or there was a network error, NCCL version 2.19.3\nncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
               f"Last error:\nNET/IB : Got completion from peer 172.16.40.8<{40000 + lr * 13}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:172.16.40.7 remoteGids::ffff:172.16.40.8 hca mlx5_{lr % 4}")
        tt = tw + timedelta(milliseconds=rng.randint(0, 400))
        _ev(ev, tt, "0: " + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1595", f"[PG 0 (default_pg) Rank {r}] Process group watchdog thread terminated with exception: {msg.splitlines()[0]}"), 0)
        for k, ln in enumerate(msg.splitlines()[1:]):
            _ev(ev, tt, f"0: {ln}", k + 1)
    a0 = 19300
    te0 = tw + S(3.0)
    _ev(ev, te0, "0: " + elastic("E", te0, a0, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[(0, 0)]}) of binary: /opt/venv/bin/python"))
    others0 = [(lr, lr, -6, pids[(0, lr)], f"Signal 6 (SIGABRT) received by PID {pids[(0, lr)]}") for lr in range(1, gpn)]
    for k, ln in enumerate(childfailed("finetune.py", hosts[0], tw, (0, 0, -6, pids[(0, 0)], f"Signal 6 (SIGABRT) received by PID {pids[(0, 0)]}"), others0)):
        _ev(ev, te0 + S(0.1), f"0: {ln}", k)
    _ev(ev, te0 + S(0.9), f"srun: error: {hosts[0]}: task 0: Exited with exit code 1")
    out = _sorted(ev)
    # epilog snapshot on node 1 (after the job's processes ended)
    ts = te + S(41)
    gpus = []
    for i in range(gpn):
        used = 32154 if i == bad_lr else 4
        gpus.append(dict(bus=A100_BUS[i], temp=34 + (i % 3), pwr=62 if i != bad_lr else 88, cap=400, mem_used=used, mem_total=81920,
                         util=0 if i != bad_lr else 7))
    smi = smi_table(ts, gpus, driver="535.129.03", cuda="12.2", name="NVIDIA A100-SXM4-80GB",
                    procs=[(bad_lr, proc_other, "python3", 32148)])
    ps = [
        "USER         PID %CPU %MEM    VSZ   RSS TTY      STAT STIME   TIME COMMAND",
        "root           1  0.0  0.0 168812 13044 ?        Ss   Mar04   2:11 /sbin/init",
        "root        2211  0.1  0.0 1581200 42312 ?       Ssl  Mar04  31:02 /usr/sbin/slurmd -D",
        "root        2398  0.0  0.0 2214112 31228 ?       Ssl  Mar04   8:40 /usr/bin/nv-hostengine -n --service-account nvidia-dcgm",
        "jlee        3790  0.0  0.0  12880  5312 pts/3    Ss+  Mar17   0:00 -bash",
        f"jlee        {proc_other}  6.3  1.1 58123412 24123308 pts/3 Sl+ Mar17 188:41 python3 -m vllm.entrypoints.openai.api_server --model /scratch/jlee/Meta-Llama-3-8B-Instruct --port 8011 --gpu-memory-utilization 0.38",
        f"jlee        {proc_other + 61}  0.0  0.0 203112 18220 pts/3    S+   Mar17   0:02 /usr/bin/python3 -c from multiprocessing.resource_tracker import main;main(14)",
        "root       88102  0.0  0.0  10352  3360 ?        Ss   21:41   0:00 /bin/bash /etc/slurm/epilog.d/50-gpu-snapshot.sh",
    ]
    boot = dt(2024, 3, 4, 9, 12, 40)
    dm, tb = boot_noise(boot, hosts[1], rng, nic_bus=["0c", "12", "4b", "54"], driver="535.129.03")
    dm += periodic_noise(boot, tb, t_oom + S(60), hosts[1], rng, every=60000)
    files = {
        f"slurm-{job}.out": join(out),
        f"{hosts[1]}/nvidia-smi.txt": join(smi),
        f"{hosts[1]}/ps.txt": join(ps),
        f"{hosts[1]}/dmesg.txt": join(dm),
        "sacct.txt": join(sacct([
            (f"{job}", "sft-13b", "a100", "rpatel", "256", "FAILED", "1:0"),
            (f"{job}.batch", "batch", "", "rpatel", "128", "FAILED", "1:0"),
            (f"{job}.0", "torchrun", "", "rpatel", "256", "FAILED", "1:0"),
        ])),
    }
    label = {
        "category": "oom", "layer": "infrastructure", "culprit": {"node": hosts[1], "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "Only rank 13 (dgx-a100-08, GPU 5) runs out of memory while FSDP moves its shard; the OOM message lists a second process, PID 3812, holding 31.4 GiB on that GPU. The epilog nvidia-smi/ps on dgx-a100-08 show PID 3812 is another user's vLLM server started two days earlier, still resident after the job ended; node 0's NCCL errors are fallout. Run elsewhere and have the node cleaned.",
        "modelled_on": "https://github.com/huggingface/accelerate/issues/200",
    }
    return "cm02_cuda_oom_foreign_process_on_gpu", files, label


# =============================================================================
# cm03: host OOM killer, memory eaten by a foreign process tree
# =============================================================================
def cm03():
    rng = random.Random(9403)
    job = 5120884
    hosts = [f"n3-gpu-{n}" for n in (112, 113, 114, 115)]
    gpn = 8
    bad = 2
    t0 = dt(2024, 8, 2, 13, 5, 40, 22000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 40110 + i * 313
        _torchrun_start(ev, t0 + S(0.3 * i), i, apid, h, 4, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = 51230 + i * 17 + lr
    t = t0 + S(55)
    losses = loss_curve(rng, 400, 3.1, 2.55, 0.02)
    step_t = t
    for s in range(1, 331):
        step_t = t + timedelta(seconds=s * 2.31 + rng.uniform(-0.05, 0.05))
        if s % 10 == 0:
            _ev(ev, step_t, f"0: {pyl(step_t)} | train | step {s:6d} | loss {losses[s]:.4f} | lr 1.20e-04 | grad_norm {rng.uniform(0.8, 1.3):.3f} | tok/s/gpu {rng.randint(3050, 3190)} | mem 61.2G")
    t_kill = step_t + S(1.71)
    victim_lr = 3
    victim = pids[(bad, victim_lr)]
    vr = bad * gpn + victim_lr
    a2 = 40110 + bad * 313
    tk = t_kill + S(0.6)
    for lr in range(gpn):
        if lr != victim_lr:
            _ev(ev, tk, f"{bad}: " + elastic("W", tk, a2, "torch/distributed/elastic/multiprocessing/api.py:858", f"Sending process {pids[(bad, lr)]} closing signal SIGTERM"), lr)
    te = tk + S(4.2)
    _ev(ev, te, f"{bad}: " + elastic("E", te, a2, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: -9) local_rank: {victim_lr} (pid: {victim}) of binary: /usr/bin/python3"))
    others = [(bad * gpn + lr, lr, -15, pids[(bad, lr)], sigterm_tb(pids[(bad, lr)])) for lr in range(gpn) if lr != victim_lr]
    for k, ln in enumerate(childfailed("pretrain.py", hosts[bad], t_kill, (vr, victim_lr, -9, victim, f"Signal 9 (SIGKILL) received by PID {victim}"), others, site="/usr/local/lib/python3.10/dist-packages", torchrun="/usr/local/bin/torchrun")):
        _ev(ev, te + S(0.1), f"{bad}: {ln}", k)
    _ev(ev, te + S(0.5), f"srun: error: {hosts[bad]}: task {bad}: Exited with exit code 1")
    # other nodes: collective fails against the dead peers
    for n in (0, 1, 3):
        tw = t_kill + S(rng.uniform(2.0, 3.5))
        for lr in range(gpn):
            r = n * gpn + lr
            tt = tw + timedelta(milliseconds=rng.randint(0, 300))
            _ev(ev, tt, f"{n}: " + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1595", f"[PG 0 (default_pg) Rank {r}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5"))
        an = 40110 + n * 313
        te2 = tw + S(2.4)
        _ev(ev, te2, f"{n}: " + elastic("E", te2, an, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[(n, 0)]}) of binary: /usr/bin/python3"))
        _ev(ev, te2 + S(0.6), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
    out = _sorted(ev)
    # dmesg on the bad node: global OOM with a foreign ray tree
    boot = dt(2024, 7, 22, 6, 1, 9)
    dm, tb = boot_noise(boot, hosts[bad], rng, driver="550.54.15")
    dm += periodic_noise(boot, tb, t_kill - S(30), hosts[bad], rng, every=50000)
    tt = t_kill - S(0.9)
    oom = [
        "pt_main_thread invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
        f"CPU: 41 PID: {pids[(bad, 0)]} Comm: pt_main_thread Tainted: P           OE     5.15.0-105-generic #115-Ubuntu",
        "Hardware name: Supermicro SYS-821GE-TNHR/X13DEG-OAD, BIOS 2.1 11/23/2023",
        "Call Trace:",
        " <TASK>",
        " dump_stack_lvl+0x4a/0x63",
        " dump_header+0x4a/0x1f4",
        " oom_kill_process.cold+0xb/0x10",
        " out_of_memory+0x1ed/0x520",
        " __alloc_pages_slowpath.constprop.0+0xcc3/0xde0",
        " __alloc_pages+0x311/0x330",
        " </TASK>",
        "Mem-Info:",
        "active_anon:481223121 inactive_anon:42112412 isolated_anon:0",
        " active_file:2011 inactive_file:1893 isolated_file:0",
        " unevictable:0 dirty:12 writeback:0",
        " slab_reclaimable:211312 slab_unreclaimable:901223",
        " mapped:44121 shmem:18221143 pagetables:1212444",
        " free:12411 free_pcp:0 free_cma:0",
        "Node 0 Normal free:21448kB boost:0kB min:45120kB low:1093184kB high:2141248kB",
        "Node 1 Normal free:19816kB boost:0kB min:45200kB low:1095072kB high:2144944kB",
        "Free swap  = 0kB",
        "Total swap = 0kB",
        "536870400 pages RAM",
        "Tasks state (memory values in pages):",
        "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name",
        "[   1402]     0  1402    64121     3312   118784        0          -250 systemd-journal",
        "[   2231]     0  2231   395300    10577   335872        0         -1000 slurmd",
    ]
    for i in range(96):
        pid = 73301 + i * 7
        rss = 3900000 + rng.randint(-60000, 60000)
        oom.append(f"[  {pid}] 10452 {pid} {rss + 1900000:8d} {rss:8d} {rng.randint(21000000, 23000000):8d}        0             0 ray::IDLE")
    oom.append("[  73280] 10452 73280  3121441  1011203 10211328        0             0 raylet")
    oom.append("[  73277] 10452 73277  2331212   602114  6621184        0             0 gcs_server")
    for lr in range(gpn):
        pid = pids[(bad, lr)]
        rss = 11400000 + rng.randint(0, 400000) + (900000 if lr == victim_lr else 0)
        oom.append(f"[  {pid}] 20931 {pid} {rss + 9000000:8d} {rss:8d} {rng.randint(92000000, 96000000):8d}        0             0 pt_main_thread")
    vkb = (11400000 + 900000 + 211000) * 4
    oom += [
        f"oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/slurm/uid_20931/job_{job}/step_0/user/task_{bad},task=pt_main_thread,pid={victim},uid=20931",
        f"Out of memory: Killed process {victim} (pt_main_thread) total-vm:{vkb + 36000000}kB, anon-rss:{vkb}kB, file-rss:98312kB, shmem-rss:4194304kB, UID:20931 pgtables:378116kB oom_score_adj:0",
        f"oom_reaper: reaped process {victim} (pt_main_thread), now anon-rss:0kB, file-rss:0kB, shmem-rss:4194304kB",
    ]
    for k, ln in enumerate(oom):
        dm.append(kmsg(boot, tt + timedelta(microseconds=k * 37), ln))
    dm.append(kmsg(boot, tt + S(14), "NVRM: Xid (PCI:0000:ba:00): 45, pid=51271, name=pt_main_thread, Ch 00000004"))
    free_t = t_kill + S(95)
    free = [
        f"# free -g  (collected {free_t:%Y-%m-%d %H:%M:%S} UTC by slurm epilog)",
        "               total        used        free      shared  buff/cache   available",
        "Mem:            2015        1538         405          69          72         452",
        "Swap:              0           0           0",
    ]
    ps = [
        f"# ps -eo user,pid,ppid,rss,etime,cmd --sort=-rss | head -n 25   ({free_t:%H:%M:%S} UTC)",
        "USER       PID  PPID    RSS     ELAPSED CMD",
    ]
    for i in range(20):
        ps.append(f"dkim     {73301 + i * 7} 73280 {15600000 + rng.randint(0, 300000)}    03:41:{10 + i:02d} ray::IDLE")
    ps += [
        "dkim     73280 73201 4044812    03:41:55 /home/dkim/.conda/envs/rl/lib/python3.11/site-packages/ray/core/src/ray/raylet/raylet --node_ip_address=10.41.3.114 ...",
        "dkim     73201 73190  212112    03:42:01 /home/dkim/.conda/envs/rl/bin/python -m ray.scripts.scripts start --head --num-cpus=192 --object-store-memory=80000000000",
        "dkim     73190     1   11880    03:42:03 tmux new -s rl",
        "root      2231     1  42308 10-07:04:41 /usr/sbin/slurmd -D",
    ]
    wh = [
        f"# last -n 5   ({free_t:%Y-%m-%d %H:%M} UTC)",
        "dkim     pts/1        10.41.0.17       Fri Aug  2 09:23   still logged in",
        "dkim     pts/0        10.41.0.17       Fri Aug  2 09:21 - 11:02  (01:40)",
        "reboot   system boot  5.15.0-105-gene Mon Jul 22 06:01   still running",
    ]
    files = {
        f"slurm-{job}.out": join(out),
        f"{hosts[bad]}/dmesg.txt": join(dm),
        f"{hosts[bad]}/free.txt": join(free),
        f"{hosts[bad]}/ps.txt": join(ps),
        f"{hosts[bad]}/last.txt": join(wh),
        "sacct.txt": join(sacct([
            (f"{job}", "pretrain-1b", "gpu", "mlab", "512", "FAILED", "1:0"),
            (f"{job}.batch", "batch", "", "mlab", "128", "FAILED", "1:0"),
            (f"{job}.0", "torchrun", "", "mlab", "512", "FAILED", "1:0"),
        ])),
        "job.sbatch": f"#!/bin/bash\n#SBATCH -N 4\n#SBATCH --ntasks-per-node=1\n#SBATCH --gpus-per-node=8\n#SBATCH --mem=0\n#SBATCH --exclusive\n#SBATCH -t 24:00:00\nsrun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint {hosts[0]}:29400 pretrain.py --config cfg/1b.yaml\n",
    }
    label = {
        "category": "host", "layer": "infrastructure", "culprit": {"node": hosts[bad], "rank": None},
        "action": "restart_without_node",
        "rationale": "Rank 19 on n3-gpu-114 died with SIGKILL; that node's dmesg shows a global (CONSTRAINT_NONE) OOM kill whose task dump is dominated by ~100 ray processes of uid 10452, a user who ssh'd in and started a Ray head outside Slurm (ps/last), while the training processes stayed at their normal size. Other nodes only show NCCL errors against the dead peers. The node was exhausted by a foreign process tree, not by the job.",
        "modelled_on": "https://github.com/cBio/cbio-cluster/issues/232",
    }
    return "cm03_host_oom_killer_foreign_ray", files, label


# =============================================================================
# cm04: DataLoader workers OOM-killed by the job's own settings
# =============================================================================
def cm04():
    rng = random.Random(9404)
    job = 8812431
    hosts = ["cn-g021", "cn-g022"]
    gpn = 8
    t0 = dt(2024, 10, 7, 2, 14, 9, 301000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 30211 + i * 1000
        _torchrun_start(ev, t0 + S(0.2 * i), i, apid, h, 2, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 50 + lr
    t = t0 + S(31)
    _ev(ev, t, f"0: {pyl(t)} INFO data: loading sample index /scratch/proj/vlm/index/laion_mix_v4.parquet into memory (61.4 GB, 412,331,009 rows)")
    _ev(ev, t + S(96), f"0: {pyl(t + S(96))} INFO data: DataLoader(batch_size=32, num_workers=24, prefetch_factor=8, persistent_workers=True, pin_memory=True)")
    _ev(ev, t + S(97), f"0: {pyl(t + S(97))} INFO data: each rank builds its own ShardedImageText dataset (index held as python list of dicts)")
    t = t + S(140)
    losses = loss_curve(rng, 200, 5.9, 4.8)
    for s in range(1, 121):
        ts = t + timedelta(seconds=s * 3.05)
        if s % 20 == 0:
            _ev(ev, ts, f"0: {pyl(ts)} INFO step {s} loss {losses[s]:.4f} lr 5.0e-05 img/s {rng.randint(2950, 3100)} host_rss_per_rank {18.2 + s * 0.21:.1f}G")
    t_k = t + S(121 * 3.05)
    killed = [(0, 2), (1, 6), (0, 5), (1, 1)]
    for j, (n, lr) in enumerate(killed):
        r = n * gpn + lr
        tt = t_k + S(j * 1.7)
        wpid = 91000 + n * 3000 + lr * 40 + j
        lines = [
            f"[rank{r}]: Traceback (most recent call last):",
            f'[rank{r}]:   File "{TORCH_SITE}/torch/utils/data/dataloader.py", line 1133, in _try_get_data',
            f"[rank{r}]:     data = self._data_queue.get(timeout=timeout)",
            f'[rank{r}]:   File "/usr/lib/python3.10/multiprocessing/queues.py", line 113, in get',
            f"[rank{r}]:     if not self._poll(timeout):",
            f'[rank{r}]:   File "{TORCH_SITE}/torch/utils/data/_utils/signal_handling.py", line 66, in handler',
            f"[rank{r}]:     _error_if_any_worker_fails()",
            f"[rank{r}]: RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed. ",
            f"[rank{r}]: ",
            f"[rank{r}]: The above exception was the direct cause of the following exception:",
            f"[rank{r}]: ",
            f"[rank{r}]: Traceback (most recent call last):",
            f'[rank{r}]:   File "/workspace/vlm/train.py", line 288, in <module>',
            f"[rank{r}]:     for batch in loader:",
            f'[rank{r}]:   File "{TORCH_SITE}/torch/utils/data/dataloader.py", line 1329, in _get_data',
            f"[rank{r}]:     success, data = self._try_get_data()",
            f'[rank{r}]:   File "{TORCH_SITE}/torch/utils/data/dataloader.py", line 1146, in _try_get_data',
            f"[rank{r}]:     raise RuntimeError(f'DataLoader worker (pid(s) {{pids_str}}) exited unexpectedly') from e",
            f"[rank{r}]: RuntimeError: DataLoader worker (pid(s) {wpid}) exited unexpectedly",
        ]
        for k, ln in enumerate(lines):
            _ev(ev, tt, f"{n}: {ln}", k)
    for n, h in enumerate(hosts):
        first = [lr for (nn, lr) in killed if nn == n][0]
        tf = t_k + S(0 if n == 0 else 1.7)
        te = tf + S(3.2)
        apid = 30211 + n * 1000
        _ev(ev, te, f"{n}: " + elastic("E", te, apid, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: {first} (pid: {pids[(n, first)]}) of binary: /opt/conda/bin/python"))
        _ev(ev, te + S(0.9), f"slurmstepd: error: Detected {3 if n == 0 else 4} oom_kill events in StepId={job}.0. Some of the step tasks have been OOM Killed.")
        _ev(ev, te + S(1.0), f"srun: error: {h}: task {n}: Out Of Memory")
    out = _sorted(ev)
    boot = dt(2024, 9, 30, 18, 0, 1)
    dmesgs = {}
    for n, h in enumerate(hosts):
        dm, tb = boot_noise(boot + S(n * 3), h, rng, driver="550.90.07")
        dm += periodic_noise(boot, tb, t_k, h, rng, every=70000)
        for j, (nn, lr) in enumerate(killed):
            if nn != n:
                continue
            tt = t_k + S(j * 1.7) - S(0.4)
            wpid = 91000 + n * 3000 + lr * 40 + j
            blk = [
                f"pt_data_worker invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=0",
                f"memory: usage 503316480kB, limit 503316480kB, failcnt 1840",
                "swap: usage 0kB, limit 0kB, failcnt 0",
                f"Memory cgroup stats for /slurm/uid_3321/job_{job}:",
                "anon 512418512896",
                "file 1102344192",
                "shmem 23622320128",
                f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,oom_memcg=/slurm/uid_3321/job_{job},task_memcg=/slurm/uid_3321/job_{job}/step_0/user/task_{n},task=pt_data_worker,pid={wpid},uid=3321",
                f"Memory cgroup out of memory: Killed process {wpid} (pt_data_worker) total-vm:{rng.randint(71000000, 73000000)}kB, anon-rss:{rng.randint(19800000, 20900000)}kB, file-rss:71212kB, shmem-rss:1048576kB, UID:3321 pgtables:41220kB oom_score_adj:0",
            ]
            for k, ln in enumerate(blk):
                dm.append(kmsg(boot + S(n * 3), tt + timedelta(microseconds=k * 50), ln))
        dmesgs[h] = dm
    sa = sacct([
        (f"{job}", "vlm-pt", "gpu-h100", "vlm", "192", "OUT_OF_ME+", "0:125", "480G", ""),
        (f"{job}.batch", "batch", "", "vlm", "96", "COMPLETED", "0:0", "", "1.2G"),
        (f"{job}.0", "torchrun", "", "vlm", "192", "OUT_OF_ME+", "0:125", "", "479.8G"),
    ], header=("JobID", "JobName", "Partition", "Account", "AllocCPUS", "State", "ExitCode", "ReqMem", "MaxRSS"))
    sbatch = f"""#!/bin/bash
#SBATCH -J vlm-pt
#SBATCH -p gpu-h100
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --mem=480G
#SBATCH -t 3-00:00:00
srun --label torchrun --nnodes 2 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint cn-g021:29400 \\
  /workspace/vlm/train.py --num-workers 24 --prefetch-factor 8 --persistent-workers \\
  --index /scratch/proj/vlm/index/laion_mix_v4.parquet --batch-size 32
"""
    files = {
        f"slurm-{job}.out": join(out),
        "job.sbatch": sbatch,
        "sacct.txt": join(sa),
        f"{hosts[0]}/dmesg.txt": join(dmesgs[hosts[0]]),
        f"{hosts[1]}/dmesg.txt": join(dmesgs[hosts[1]]),
    }
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "DataLoader workers are killed with SIGKILL on both nodes within seconds; each node's dmesg shows CONSTRAINT_MEMCG kills inside the job's own Slurm cgroup (limit 480G) and slurmstepd reports oom_kill events on both tasks. Every rank holds a 61 GB index as Python objects and forks 24 persistent workers with prefetch 8, with per-rank RSS climbing steadily: the job's data-loading settings exhaust its memory allocation; no node is at fault.",
        "modelled_on": "https://github.com/NVIDIA/Megatron-LM/issues/1657",
    }
    return "cm04_dataloader_workers_oom_killed_by_settings", files, label


# =============================================================================
# cm05: Xid 79, minimal bundle (slurm out + one dmesg)
# =============================================================================
def cm05():
    rng = random.Random(9405)
    job = 2290147
    hosts = [f"hpc-gn{n:03d}" for n in (17, 18, 19, 20)]
    gpn = 8
    world = 32
    bad_n, bad_lr = 2, 5
    bad_rank = bad_n * gpn + bad_lr
    t0 = dt(2024, 4, 27, 16, 30, 0, 441000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 8811 + i * 97
        _torchrun_start(ev, t0 + S(0.25 * i), i, apid, h, 4, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 30 + lr
    t = t0 + S(19)
    for n in range(4):
        for lr in range(gpn):
            r = n * gpn + lr
            ls = nccl_init_lines(hosts[n], pids[(n, lr)], pids[(n, lr)] + 113, lr, r, world, H100_BUS[lr], ip=f"10.3.{n + 17}.1",
                                 rng=rng, with_version=(r == 0))
            for k, ln in enumerate(ls):
                if "Init COMPLETE" in ln or "NCCL version" in ln:
                    _ev(ev, t + timedelta(milliseconds=rng.randint(0, 900)), f"{n}: {ln}", k)
    t += S(40)
    losses = loss_curve(rng, 3000, 2.9, 2.1, 0.015)
    last = t
    for s in range(100, 2820, 20):
        last = t + timedelta(seconds=(s - 100) * 1.42)
        _ev(ev, last, f"0: [{last:%Y-%m-%d %H:%M:%S}] iter {s:6d}/200000 | loss {losses[s]:.4f} | lr 2.40e-04 | step_time 1.42s | tflops 412.8")
    t_x = last + S(16.3)
    # rank 21 sees the CUDA error first
    tt = t_x + S(0.9)
    lines = watchdog_terminate(bad_rank, tt, cuda=True, reason="CUDA error: unspecified launch failure\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
    flat = []
    for ln in lines:
        flat += ln.split("\n")
    for k, ln in enumerate(flat):
        _ev(ev, tt, f"{bad_n}: {ln}", k)
    a2 = 8811 + bad_n * 97
    tk = tt + S(2.0)
    for lr in range(gpn):
        if lr != bad_lr:
            _ev(ev, tk, f"{bad_n}: " + elastic("W", tk, a2, "torch/distributed/elastic/multiprocessing/api.py:858", f"Sending process {pids[(bad_n, lr)]} closing signal SIGTERM"), lr)
    te = tk + S(30.5)
    _ev(ev, te, f"{bad_n}: " + elastic("W", te, a2, "torch/distributed/elastic/multiprocessing/api.py:875", f"Unable to shutdown process {pids[(bad_n, bad_lr)]} via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL"))
    te2 = te + S(1.2)
    _ev(ev, te2, f"{bad_n}: " + elastic("E", te2, a2, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: -6) local_rank: {bad_lr} (pid: {pids[(bad_n, bad_lr)]}) of binary: /usr/bin/python"))
    others = [(bad_n * gpn + lr, lr, -15, pids[(bad_n, lr)], sigterm_tb(pids[(bad_n, lr)])) for lr in range(gpn) if lr != bad_lr]
    for k, ln in enumerate(childfailed("pretrain_gpt.py", hosts[bad_n], tt, (bad_rank, bad_lr, -6, pids[(bad_n, bad_lr)], f"Signal 6 (SIGABRT) received by PID {pids[(bad_n, bad_lr)]}"), others, site="/usr/local/lib/python3.10/dist-packages", torchrun="/usr/local/bin/torchrun")):
        _ev(ev, te2 + S(0.1), f"{bad_n}: {ln}", k)
    _ev(ev, te2 + S(0.4), f"srun: error: {hosts[bad_n]}: task {bad_n}: Exited with exit code 1")
    # the rest time out / get remote errors
    for n in (0, 1, 3):
        tw = t_x + S(600 + rng.uniform(0.1, 0.9))
        for lr in range(gpn):
            r = n * gpn + lr
            for k, ln in enumerate(watchdog_timeout(r, tw + timedelta(milliseconds=lr * 3), 84411, "_ALLGATHER_BASE", 26214400, 600000, 600000 + rng.randint(10, 90))):
                _ev(ev, tw + timedelta(milliseconds=lr * 3), f"{n}: {ln}", k)
        an = 8811 + n * 97
        te3 = tw + S(4)
        _ev(ev, te3, f"{n}: " + elastic("E", te3, an, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[(n, 0)]}) of binary: /usr/bin/python"))
        _ev(ev, te3 + S(0.5), f"srun: error: {hosts[n]}: task {n}: Exited with exit code 1")
    out = _sorted(ev)
    boot = dt(2024, 4, 19, 7, 44, 2)
    dm, tb = boot_noise(boot, hosts[bad_n], rng, driver="535.154.05")
    dm += periodic_noise(boot, tb, t_x - S(5), hosts[bad_n], rng, every=30000)
    x = [
        (0.0, "pcieport 0000:a8:02.0: AER: Uncorrected (Fatal) error received: 0000:a8:02.0"),
        (0.000019, "pcieport 0000:a8:02.0: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
        (0.000024, "pcieport 0000:a8:02.0:   device [8086:352a] error status/mask=00000020/00000000"),
        (0.000030, "pcieport 0000:a8:02.0:    [ 5] SDES                   (First)"),
        (0.2101, "NVRM: GPU at PCI:0000:ab:00: GPU-7c1e20b4-9a52-3f0d-bb61-20f4d1e9a0c3"),
        (0.2102, "NVRM: GPU Board Serial Number: 1652823011875"),
        (0.2103, "NVRM: Xid (PCI:0000:ab:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
        (0.2104, "NVRM: GPU 0000:ab:00.0: GPU has fallen off the bus."),
        (0.2105, "NVRM: GPU 0000:ab:00.0: GPU serial number is 1652823011875."),
        (0.2107, "NVRM: A GPU crash dump has been created. If possible, please run"),
        (0.2108, "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        (0.2109, "NVRM: the NVIDIA kernel module is unloaded."),
        (0.6, "pcieport 0000:a8:02.0: AER: device recovery failed"),
        (33.4, f"NVRM: Xid (PCI:0000:ab:00): 45, pid={pids[(bad_n, bad_lr)]}, name=python, Ch 00000008"),
    ]
    for off, ln in x:
        dm.append(kmsg(boot, t_x + timedelta(seconds=off), ln))
    files = {
        f"slurm-{job}.out": join(out),
        f"{hosts[bad_n]}/dmesg.txt": join(dm),
    }
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": hosts[bad_n], "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "Rank 21 on hpc-gn019 is the first and only rank with a CUDA error (unspecified launch failure); the NCCL init lines put rank 21 on cudaDev 5, busId ab000. hpc-gn019's dmesg shows a fatal PCIe AER error on the upstream port followed by Xid 79 'GPU has fallen off the bus' for 0000:ab:00 at the same moment. Every other rank only times out ten minutes later.",
        "modelled_on": "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507",
    }
    return "cm05_xid79_fell_off_bus_minimal_bundle", files, label


# =============================================================================
# cm06: Xid 48 double-bit ECC under the DeepSpeed launcher
# =============================================================================
def cm06():
    rng = random.Random(9406)
    hosts = ["trn-a100-31", "trn-a100-32"]
    gpn = 8
    bad_n, bad_lr = 1, 2
    bad_rank = 10
    t0 = dt(2024, 2, 8, 11, 20, 3, 412000)
    L = []
    def ds(t, lvl, src, msg, host=None):
        p = f"{host}: " if host else ""
        return f"{p}[{pyl(t)}] [{lvl}] [{src}] {msg}"
    L.append((t0, 0, ds(t0, "INFO", "runner.py:463:main", "Using IP address of 10.12.31.31 for node trn-a100-31")))
    L.append((t0, 1, ds(t0, "INFO", "multinode_runner.py:80:get_cmd", "Running on the following workers: trn-a100-31,trn-a100-32")))
    L.append((t0, 2, ds(t0, "INFO", "runner.py:568:main", "cmd = pdsh -S -f 1024 -w trn-a100-31,trn-a100-32 export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3; export PYTHONPATH=/home/sgarcia/code/llm-ft;  cd /home/sgarcia/code/llm-ft; /opt/conda/envs/ds/bin/python -u -m deepspeed.launcher.launch --world_info=eyJ0cm4tYTEwMC0zMSI6IFswLCAxLCAyLCAzLCA0LCA1LCA2LCA3XSwgInRybi1hMTAwLTMyIjogWzAsIDEsIDIsIDMsIDQsIDUsIDYsIDddfQ== --node_rank=%n --master_addr=10.12.31.31 --master_port=29500 train_sft.py --deepspeed ds_zero3.json --model_name_or_path /models/mistral-7b --bf16")))
    pids = {}
    for n, h in enumerate(hosts):
        tt = t0 + S(2.1 + n * 0.2)
        L.append((tt, 0, ds(tt, "INFO", "launch.py:146:main", "WORLD INFO DICT: {'trn-a100-31': [0, 1, 2, 3, 4, 5, 6, 7], 'trn-a100-32': [0, 1, 2, 3, 4, 5, 6, 7]}", h)))
        L.append((tt, 1, ds(tt, "INFO", "launch.py:152:main", f"nnodes=2, num_local_procs=8, node_rank={n}", h)))
        L.append((tt, 2, ds(tt, "INFO", "launch.py:163:main", "global_rank_mapping=defaultdict(<class 'list'>, {'trn-a100-31': [0, 1, 2, 3, 4, 5, 6, 7], 'trn-a100-32': [8, 9, 10, 11, 12, 13, 14, 15]})", h)))
        L.append((tt, 3, ds(tt, "INFO", "launch.py:164:main", "dist_world_size=16", h)))
        L.append((tt, 4, ds(tt, "INFO", "launch.py:166:main", "Setting CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7", h)))
        for lr in range(gpn):
            pids[(n, lr)] = 44100 + n * 900 + lr * 3
    t = t0 + S(60)
    L.append((t, 0, "trn-a100-31: " + ds(t, "INFO", "config.py:987:print", "DeepSpeedEngine configuration:")))
    L.append((t, 1, "trn-a100-31:   zero_optimization ............ stage=3 overlap_comm=True contiguous_gradients=True reduce_bucket_size=16777216"))
    L.append((t, 2, "trn-a100-31:   bf16_enabled ................. True"))
    losses = loss_curve(rng, 1400, 1.9, 1.05, 0.04)
    tl = t
    for s in range(1, 1201):
        tl = t + timedelta(seconds=s * 2.04)
        if s % 10 == 0:
            L.append((tl, 0, "trn-a100-31: " + ds(tl, "INFO", "logging.py:96:log_dist", f"[Rank 0] step={s}, skipped=0, lr=[1.9{rng.randint(0,9)}e-05], mom=[(0.9, 0.95)]")))
            L.append((tl, 1, f"trn-a100-31: {{'loss': {losses[s]:.4f}, 'grad_norm': {rng.uniform(0.3, 0.9):.4f}, 'learning_rate': 1.95e-05, 'epoch': {s / 4100:.2f}}}"))
    t_x = tl + S(1.3)
    r = bad_rank
    frames = [
        ("/home/sgarcia/code/llm-ft/train_sft.py", 211, "<module>", "trainer.train()"),
        ("/opt/conda/envs/ds/lib/python3.10/site-packages/transformers/trainer.py", 1859, "train", "return inner_training_loop("),
        ("/opt/conda/envs/ds/lib/python3.10/site-packages/transformers/trainer.py", 2203, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
        ("/opt/conda/envs/ds/lib/python3.10/site-packages/transformers/trainer.py", 3147, "training_step", "self.accelerator.backward(loss)"),
        ("/opt/conda/envs/ds/lib/python3.10/site-packages/deepspeed/runtime/engine.py", 1976, "backward", "self.optimizer.backward(loss, retain_graph=retain_graph)"),
        ("/opt/conda/envs/ds/lib/python3.10/site-packages/deepspeed/runtime/zero/stage3.py", 2213, "backward", "self.loss_scaler.backward(loss.float(), retain_graph=retain_graph)"),
    ]
    for k, ln in enumerate(cuda_err_tb(r, "uncorrectable ECC error encountered", site="/opt/conda/envs/ds/lib/python3.10/site-packages", frames=frames)):
        L.append((t_x, k, f"trn-a100-32: {ln}"))
    tk = t_x + S(2)
    for lr in range(gpn):
        L.append((tk, lr, "trn-a100-32: " + ds(tk, "INFO", "launch.py:315:sigkill_handler", f"Killing subprocess {pids[(1, lr)]}")))
    L.append((tk + S(3), 9, "trn-a100-32: " + ds(tk + S(3), "ERROR", "launch.py:321:sigkill_handler", f"['/opt/conda/envs/ds/bin/python', '-u', 'train_sft.py', '--local_rank=7', '--deepspeed', 'ds_zero3.json', '--model_name_or_path', '/models/mistral-7b', '--bf16'] exits with return code = 1")))
    tw = t_x + S(1800.2)
    for lr in range(gpn):
        rr = lr
        for k, ln in enumerate(watchdog_timeout(rr, tw + timedelta(milliseconds=lr), 38812, "_REDUCE_SCATTER_BASE", 16777216, 1800000, 1800000 + rng.randint(40, 99))):
            L.append((tw + timedelta(milliseconds=lr), k, f"trn-a100-31: {ln}"))
    L.append((tw + S(5), 0, "trn-a100-31: " + ds(tw + S(5), "INFO", "launch.py:315:sigkill_handler", f"Killing subprocess {pids[(0, 0)]}")))
    L.append((tw + S(8), 0, "trn-a100-31: " + ds(tw + S(8), "ERROR", "launch.py:321:sigkill_handler", "['/opt/conda/envs/ds/bin/python', '-u', 'train_sft.py', '--local_rank=7', '--deepspeed', 'ds_zero3.json', '--model_name_or_path', '/models/mistral-7b', '--bf16'] exits with return code = -6")))
    L.append((tw + S(8.5), 0, "pdsh@trn-a100-31: trn-a100-31: ssh exited with exit code 250"))
    L.append((tk + S(3.2), 0, "pdsh@trn-a100-31: trn-a100-32: ssh exited with exit code 1"))
    L.sort(key=lambda x: (x[0], x[1]))
    out = [x[2] for x in L]
    boot = dt(2024, 1, 30, 4, 12, 55)
    dm, tb = boot_noise(boot, hosts[1], rng, nic_bus=["0c", "12", "4b", "54"], driver="535.104.12")
    dm += periodic_noise(boot, tb, t_x, hosts[1], rng, every=40000)
    bus = A100_BUS[bad_lr]
    for off, ln in [
        (-0.31, f"NVRM: Xid (PCI:0000:{bus}:00): 48, pid={pids[(1, bad_lr)]}, name=python, Ch 00000010, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."),
        (-0.30, f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid={pids[(1, bad_lr)]}, name=python, Row Remapper: New row (0x0000000000a51f20) marked for remapping, reset gpu to activate."),
        (-0.29, f"NVRM: Xid (PCI:0000:{bus}:00): 94, pid={pids[(1, bad_lr)]}, name=python, Contained: SM (0x1). RST: No, D-RST: No"),
        (2.4, f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid={pids[(1, bad_lr)]}, name=python, Ch 00000010"),
    ]:
        dm.append(kmsg(boot, t_x + timedelta(seconds=off), ln))
    ts = tw + S(300)
    q = smi_q_header(ts, 8, driver="535.104.12")
    for i in range(gpn):
        kw = dict(name="NVIDIA A100-SXM4-80GB", temp=31 + i % 4, power=61.0 + i, sm_clock=210, max_clock=1410, pstate="P0")
        if i == bad_lr:
            kw.update(vol_dbe=1, agg_dbe=1, vol_sbe=0, agg_sbe=2, remap_unc=0, remap_pending="Yes")
        q += smi_q_gpu(A100_BUS[i], i, serial=f"13232210{3300 + i}", **kw)
    q0 = smi_q_header(ts, 8, driver="535.104.12")
    for i in range(gpn):
        kw = dict(name="NVIDIA A100-SXM4-80GB", temp=30 + i % 3, power=60.0 + i, sm_clock=210, max_clock=1410)
        if i == 4:
            kw.update(agg_sbe=3, remap_corr=1)
        q0 += smi_q_gpu(A100_BUS[i], i, serial=f"13232210{2200 + i}", **kw)
    files = {
        "deepspeed_launcher.log": join(out),
        "hostfile": "trn-a100-31 slots=8\ntrn-a100-32 slots=8\n",
        "ds_zero3.json": json.dumps({"bf16": {"enabled": True}, "zero_optimization": {"stage": 3, "overlap_comm": True, "contiguous_gradients": True, "reduce_bucket_size": 16777216}, "train_micro_batch_size_per_gpu": 2, "gradient_accumulation_steps": 8, "gradient_clipping": 1.0}, indent=2) + "\n",
        f"{hosts[1]}/dmesg.txt": join(dm),
        f"{hosts[1]}/nvidia-smi-q.txt": join(q),
        f"{hosts[0]}/nvidia-smi-q.txt": join(q0),
    }
    label = {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": hosts[1], "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "Global rank 10 (trn-a100-32, local GPU 2) dies with 'uncorrectable ECC error encountered'; that node's dmesg shows Xid 48 (double-bit ECC in the framebuffer) and Xid 63 row-remap-pending on 0000:47:00 (GPU 2), and nvidia-smi -q shows a volatile DRAM uncorrectable error with a remap pending. The other node only times out 30 min later, and its few aggregate correctable errors are old and harmless.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/113128",
    }
    return "cm06_xid48_double_bit_ecc_deepspeed", files, label


# =============================================================================
# cm07: Xid 94 contained ECC error, mpirun --tag-output
# =============================================================================
def cm07():
    rng = random.Random(9407)
    hosts = ["c4-n101", "c4-n102", "c4-n103"]
    gpn = 8
    world = 24
    bad_n, bad_lr = 2, 3
    bad_rank = 19
    t0 = dt(2024, 11, 14, 6, 0, 31)
    L = []
    L.append((t0, 0, "+ mpirun -np 24 --hostfile hosts.txt --map-by ppr:8:node --bind-to none --display-map --tag-output -x NCCL_DEBUG=WARN -x CUDA_DEVICE_MAX_CONNECTIONS=1 -x MASTER_ADDR=c4-n101 -x MASTER_PORT=6000 python pretrain_gpt.py @args/gpt-13b.args"))
    mp = [" Data for JOB [31256,1] offset 0 Total slots allocated 24", "", " ========================   JOB MAP   ========================", ""]
    for n, h in enumerate(hosts):
        mp.append(f" Data for node: {h}\tNum slots: 8\tMax slots: 0\tNum procs: 8")
        for lr in range(gpn):
            mp.append(f" \tProcess OMPI jobid: [31256,1] App: 0 Process rank: {n * gpn + lr} Bound: N/A")
        mp.append("")
    mp.append(" =============================================================")
    for k, ln in enumerate(mp):
        L.append((t0 + S(0.5), k + 1, ln))
    t = t0 + S(30)
    tag = lambda r, s="stdout": f"[1,{r}]<{s}>:"
    L.append((t, 0, f"{tag(0)}using world size: 24, data-parallel size: 3, context-parallel size: 1, tensor-model-parallel size: 8, pipeline-model-parallel size: 1"))
    L.append((t, 1, f"{tag(0)}> initializing torch distributed ..."))
    L.append((t + S(9), 0, f"{tag(0)}> initialized tensor model parallel with size 8"))
    L.append((t + S(9), 1, f"{tag(0)}> setting random seeds to 1234 ..."))
    L.append((t + S(60), 0, f"{tag(0)}[after dataloaders are built] datetime: {t + S(60):%Y-%m-%d %H:%M:%S}"))
    L.append((t + S(60), 1, f"{tag(0)}training ..."))
    t = t + S(64)
    losses = loss_curve(rng, 7000, 3.4, 2.3, 0.01)
    tl = t
    for it in range(10, 6410, 10):
        tl = t + timedelta(seconds=it * 1.87)
        L.append((tl, 0, f"{tag(23)} [{tl:%Y-%m-%d %H:%M:%S}] iteration {it:8d}/  300000 | consumed samples: {it * 768:12d} | elapsed time per iteration (ms): {1870 + rng.uniform(-20, 20):.1f} | learning rate: 1.500000E-04 | global batch size:   768 | lm loss: {losses[it]:.6E} | loss scale: 1.0 | grad norm: {rng.uniform(0.19, 0.31):.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |"))
    t_x = tl + S(7.7)
    frames = [
        ("/workspace/Megatron-LM/pretrain_gpt.py", 247, "<module>", "pretrain("),
        ("/workspace/Megatron-LM/megatron/training/training.py", 329, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
        ("/workspace/Megatron-LM/megatron/training/training.py", 1157, "train", "train_step(forward_step_func,"),
        ("/workspace/Megatron-LM/megatron/training/training.py", 621, "train_step", "losses_reduced = forward_backward_func("),
        ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 451, "forward_backward_no_pipelining", "output_tensor, num_tokens = forward_step("),
    ]
    for k, ln in enumerate(cuda_err_tb(bad_rank, "uncorrectable ECC error encountered", site="/usr/local/lib/python3.10/dist-packages", frames=frames)):
        L.append((t_x, k, f"{tag(bad_rank, 'stderr')}{ln}"))
    # tensor-parallel peers of rank 19 (ranks 16-23) then error on NCCL
    for lr in range(gpn):
        rr = bad_n * gpn + lr
        if rr == bad_rank:
            continue
        tt = t_x + S(1.5 + lr * 0.01)
        L.append((tt, 0, f"{tag(rr, 'stderr')}" + c10d(rr, "E", tt, "ProcessGroupNCCL.cpp:1595", f"[PG 3 Rank {lr}] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.21.5")))
        L.append((tt, 1, f"{tag(rr, 'stderr')}ncclUnhandledCudaError: Call to CUDA function failed."))
        L.append((tt, 2, f"{tag(rr, 'stderr')}Last error:"))
        L.append((tt, 3, f"{tag(rr, 'stderr')}Cuda failure 'an illegal memory access was encountered'"))
    te = t_x + S(4)
    L += [
        (te, 0, "--------------------------------------------------------------------------"),
        (te, 1, "Primary job  terminated normally, but 1 process returned"),
        (te, 2, "a non-zero exit code. Per user-direction, the job has been aborted."),
        (te, 3, "--------------------------------------------------------------------------"),
        (te + S(7), 0, "--------------------------------------------------------------------------"),
        (te + S(7), 1, "mpirun detected that one or more processes exited with non-zero status, thus causing"),
        (te + S(7), 2, "the job to be terminated. The first process to do so was:"),
        (te + S(7), 3, ""),
        (te + S(7), 4, "  Process name: [[31256,1],19]"),
        (te + S(7), 5, "  Exit code:    1"),
        (te + S(7), 6, "--------------------------------------------------------------------------"),
    ]
    L.sort(key=lambda x: (x[0], x[1]))
    out = [x[2] for x in L]
    boot = dt(2024, 11, 2, 20, 31, 0)
    kl = []
    bus = H100_BUS[bad_lr]
    tt = boot
    rb = random.Random(94071)
    for ln in ["Linux version 6.5.0-1018-nvidia (buildd@lcy02-amd64-033) #18-Ubuntu SMP", "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.127.05  Release Build  (dvs-builder@U16-I3-D07-1-1)", "mlx5_core 0000:1a:00.0 mlx5_0: Port: 1 Link ACTIVE", "mlx5_core 0000:3c:00.0 mlx5_1: Port: 1 Link ACTIVE"]:
        tt += S(rb.uniform(2, 9))
        kl.append(syslog(tt, hosts[bad_n], "kernel", f"[{(tt - boot).total_seconds():12.6f}] {ln}"))
    tt = t_x - S(4000)
    kl.append(syslog(tt, hosts[bad_n], "kernel", f"[{(tt - boot).total_seconds():12.6f}] nvidia-nvswitch1: SXid (PCI@0000:06:00.0): 12028, Non-fatal, Link 44 egress non-posted PRIV error (First)"))
    kl.append(syslog(tt, hosts[bad_n], "kernel", f"[{(tt - boot).total_seconds():12.6f}] nvidia-nvswitch1: SXid (PCI@0000:06:00.0): 12028, Severity 0 Engine instance 44 Sub-engine instance 00"))
    for off, ln in [
        (-0.12, f"NVRM: Xid (PCI:0000:{bus}:00): 94, pid=203311, name=python, Contained: MMU (0x8). RST: No, D-RST: No"),
        (-0.11, f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid=203311, name=python, Row Remapper: New row (0x0000000001f0a3c0) marked for remapping, reset gpu to activate."),
        (3.2, f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid=203311, name=python, Ch 00000009"),
    ]:
        tt = t_x + timedelta(seconds=off)
        kl.append(syslog(tt, hosts[bad_n], "kernel", f"[{(tt - boot).total_seconds():12.6f}] {ln}"))
    ts = te + S(600)
    q = smi_q_header(ts, 8, driver="550.127.05", cuda="12.4")
    for i in range(gpn):
        kw = dict(temp=33 + i % 4, power=71.0 + i, sm_clock=345, max_clock=1980)
        if i == bad_lr:
            kw.update(vol_dbe=1, agg_dbe=1, remap_unc=0, remap_pending="Yes")
        q += smi_q_gpu(H100_BUS[i], i, serial=f"16522230{5100 + i}", **kw)
    hosts_txt = "".join(f"{h} slots=8\n" for h in hosts)
    files = {
        "mpirun.log": join(out),
        "hosts.txt": hosts_txt,
        f"{hosts[bad_n]}/kern.log": join(kl),
        f"{hosts[bad_n]}/nvidia-smi-q.txt": join(q),
    }
    label = {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": hosts[bad_n], "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "mpirun names [[31256,1],19] as the first failing process, and the job map places rank 19 on c4-n103, the fourth process there (local GPU 3); it died with 'uncorrectable ECC error encountered'. c4-n103's kern.log shows Xid 94 (contained ECC error) plus Xid 63 row-remap-pending on 0000:5d:00 (GPU 3) at that moment, and nvidia-smi -q shows one DRAM uncorrectable error with a remap pending. The tensor-parallel peers' 'unhandled cuda error' is fallout; the older NVSwitch non-fatal SXid is unrelated noise.",
        "modelled_on": "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html",
    }
    return "cm07_xid94_contained_ecc_mpirun", files, label


# =============================================================================
# cm08: Xid 119 GSP timeout in a Kubernetes PyTorchJob
# =============================================================================
def cm08():
    rng = random.Random(9408)
    pods = ["llm-sft-8k-master-0", "llm-sft-8k-worker-0", "llm-sft-8k-worker-1", "llm-sft-8k-worker-2"]
    nodes = ["gpu-node-h100-0007", "gpu-node-h100-0019", "gpu-node-h100-0024", "gpu-node-h100-0031"]
    gpn = 8
    world = 32
    bad_p, bad_lr = 3, 1
    bad_rank = bad_p * gpn + bad_lr
    t0 = dt(2025, 1, 22, 9, 12, 4)
    logs = {p: [] for p in pods}
    for n, p in enumerate(pods):
        tt = t0 + S(5 + n)
        lg = logs[p]
        apid = 1
        lg.append((tt, 0, elastic("I", tt, 1, "torch/distributed/launcher/api.py:188", "Starting elastic_operator with launch configs:")))
        lg.append((tt, 1, elastic("I", tt, 1, "torch/distributed/launcher/api.py:188", "  entrypoint       : sft.py")))
        lg.append((tt, 2, elastic("I", tt, 1, "torch/distributed/launcher/api.py:188", "  min_nodes        : 4")))
        lg.append((tt, 3, elastic("I", tt, 1, "torch/distributed/launcher/api.py:188", "  max_nodes        : 4")))
        lg.append((tt, 4, elastic("I", tt, 1, "torch/distributed/launcher/api.py:188", "  nproc_per_node   : 8")))
        lg.append((tt, 5, elastic("I", tt, 1, "torch/distributed/launcher/api.py:188", "  rdzv_backend     : static")))
        lg.append((tt, 6, elastic("I", tt, 1, "torch/distributed/launcher/api.py:188", f"  rdzv_endpoint    : llm-sft-8k-master-0:23456")))
        lg.append((tt + S(2), 0, elastic("I", tt + S(2), 1, "torch/distributed/elastic/agent/server/api.py:870", f"[default] Rendezvous complete for workers. Result:")))
        lg.append((tt + S(2), 1, f"  restart_count=0\n  master_addr=llm-sft-8k-master-0\n  master_port=23456\n  group_rank={n}\n  group_world_size=4\n  local_ranks=[0, 1, 2, 3, 4, 5, 6, 7]\n  role_ranks=[{', '.join(str(n * gpn + i) for i in range(gpn))}]\n  global_ranks=[{', '.join(str(n * gpn + i) for i in range(gpn))}]\n  role_world_sizes=[32, 32, 32, 32, 32, 32, 32, 32]\n  global_world_sizes=[32, 32, 32, 32, 32, 32, 32, 32]\n"))
    t = t0 + S(70)
    losses = loss_curve(rng, 3000, 1.7, 0.92, 0.05)
    tl = t
    for s in range(1, 2461):
        tl = t + timedelta(seconds=s * 1.11)
        if s % 10 == 0:
            logs[pods[0]].append((tl, 0, f"{{'loss': {losses[s]:.4f}, 'grad_norm': {rng.uniform(0.5, 1.4):.4f}, 'learning_rate': {2e-5 * min(1, s / 200):.4e}, 'epoch': {s / 9300:.2f}}}"))
    t_x = tl + S(0.8)
    # worker-2 local 1 gets stuck, error surfaces on it at watchdog time
    tw = t_x + S(600.3)
    for n, p in enumerate(pods):
        for lr in range(gpn):
            r = n * gpn + lr
            if r == bad_rank:
                tt = t_x + S(13.4)
                msg = "CUDA error: unknown error\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\nFor debugging consider passing CUDA_LAUNCH_BLOCKING=1\nCompile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n"
                for k, ln in enumerate("\n".join(watchdog_terminate(r, tt, msg, cuda=True)).split("\n")):
                    logs[p].append((tt, k, ln))
                continue
            tt = tw + timedelta(milliseconds=rng.randint(0, 500))
            for k, ln in enumerate(watchdog_timeout(r, tt, 24671, "ALLREDUCE", 262144000 if n != bad_p else 262144000, 600000, 600000 + rng.randint(5, 80))):
                logs[p].append((tt, k, ln))
    for n, p in enumerate(pods):
        te = (t_x + S(16)) if n == bad_p else (tw + S(3))
        root_lr = bad_lr if n == bad_p else 0
        ec = -6
        logs[p].append((te, 0, elastic("E", te, 1, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: {ec}) local_rank: {root_lr} (pid: {77 + root_lr}) of binary: /usr/bin/python")))
        others = [(n * gpn + lr, lr, -15, 77 + lr, sigterm_tb(77 + lr)) for lr in range(gpn) if lr != root_lr]
        for k, ln in enumerate(childfailed("sft.py", p, te - S(1), (n * gpn + root_lr, root_lr, ec, 77 + root_lr, f"Signal 6 (SIGABRT) received by PID {77 + root_lr}"), others, site="/usr/local/lib/python3.10/dist-packages", torchrun="/usr/local/bin/torchrun")):
            logs[p].append((te + S(0.1), k + 1, ln))
    files = {}
    for p in pods:
        lg = logs[p]
        lg.sort(key=lambda x: (x[0], x[1]))
        files[f"kubectl-logs-{p}.txt"] = join([x[2] for x in lg])
    tg = tw + S(420)
    gp = [
        "NAME                  READY   STATUS   RESTARTS   AGE   IP             NODE                 NOMINATED NODE   READINESS GATES",
    ]
    for n, p in enumerate(pods):
        gp.append(f"{p:<22}0/1     Error    0          {int((tg - t0).total_seconds() // 60)}m   10.244.{7 + n}.{21 + n * 3:<6}{nodes[n]:<21}<none>           <none>")
    files["kubectl-get-pods-wide.txt"] = join(gp)
    dsc = [
        f"Name:               {nodes[bad_p]}",
        "Roles:              <none>",
        "Labels:             nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3",
        "                    nvidia.com/gpu.count=8",
        "                    node.kubernetes.io/instance-type=hgx-h100",
        "Conditions:",
        "  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
        "  ----                 ------  -----------------                 ------------------                ------                       -------",
        f"  GpuXidError          True    {tg:%a, %d %b %Y %H:%M:%S} +0000   {t_x:%a, %d %b %Y %H:%M:%S} +0000   XidCriticalError            Node condition GpuXidError is now: True, reason: XidCriticalError, message: Xid=119 on GPU 0000:2a:00",
        f"  MemoryPressure       False   {tg:%a, %d %b %Y %H:%M:%S} +0000   Mon, 13 Jan 2025 02:11:40 +0000   KubeletHasSufficientMemory   kubelet has sufficient memory available",
        f"  Ready                True    {tg:%a, %d %b %Y %H:%M:%S} +0000   Mon, 13 Jan 2025 02:11:40 +0000   KubeletReady                 kubelet is posting ready status",
        "Allocatable:",
        "  nvidia.com/gpu:     7",
        "Events:",
        "  Type     Reason            Age    From                   Message",
        "  ----     ------            ----   ----                   -------",
        f"  Warning  XidCriticalError  {int((tg - t_x).total_seconds() // 60)}m    node-problem-detector  Xid 119: Timeout waiting for RPC from GSP (GPU 0000:2a:00)",
        "  Warning  Unhealthy         17m    nvidia-device-plugin   GPU-3f8c9a01-6d2e-4b7c-a1e0-92d41c7f0b13 marked unhealthy (Xid 119)",
    ]
    files[f"kubectl-describe-node-{nodes[bad_p]}.txt"] = join(dsc)
    boot = dt(2025, 1, 13, 2, 9, 58)
    dm, tb = boot_noise(boot, nodes[bad_p], rng, driver="550.90.12")
    dm += periodic_noise(boot, tb, t_x - S(1), nodes[bad_p], rng, every=30000)
    bus = H100_BUS[bad_lr]
    x = [
        (0.0, f"NVRM: Xid (PCI:0000:{bus}:00): 119, pid=91, name=python, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x2080a068 0x4)."),
        (0.0004, "NVRM: GPU1 GSP RPC buffer contains function 76 (GSP_RM_CONTROL) and data 0x000000002080a068 0x0000000000000004."),
        (0.0005, "NVRM: GPU1 RPC history (CPU -> GSP):"),
        (0.0006, "NVRM:     entry function                   data0              data1              ts_start           ts_end             duration actively_polling"),
        (0.0007, "NVRM:      0    76   GSP_RM_CONTROL        0x000000002080a068 0x0000000000000004 0x00062c1d8a9b4e21 0x0000000000000000          y"),
        (6.1, f"NVRM: Xid (PCI:0000:{bus}:00): 119, pid=91, name=python, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 10 (FREE) (0xc1e0004a 0x0)."),
        (12.2, f"NVRM: Xid (PCI:0000:{bus}:00): 119, pid=91, name=python, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x0)."),
        (12.3, "NVRM: Rate limiting GSP RPC error prints for GPU at PCI:0000:2a:00 (printing 1 of every 30).  The GPU likely needs to be reset."),
    ]
    for off, ln in x:
        dm.append(kmsg(boot, t_x + timedelta(seconds=off), ln))
    files[f"{nodes[bad_p]}/dmesg.txt"] = join(dm)
    files["pytorchjob.yaml"] = """apiVersion: kubeflow.org/v1
kind: PyTorchJob
metadata:
  name: llm-sft-8k
  namespace: research-nlp
spec:
  pytorchReplicaSpecs:
    Master:
      replicas: 1
      restartPolicy: Never
      template:
        spec:
          containers:
          - name: pytorch
            image: registry.internal/nlp/sft:2025.01.2
            command: ["torchrun", "--nnodes=4", "--nproc-per-node=8", "--rdzv-backend=static", "--rdzv-endpoint=llm-sft-8k-master-0:23456", "sft.py", "--config", "configs/sft_8k.yaml"]
            resources:
              limits: {nvidia.com/gpu: 8, rdma/ib: 8}
            volumeMounts: [{name: dshm, mountPath: /dev/shm}]
          volumes: [{name: dshm, emptyDir: {medium: Memory, sizeLimit: 256Gi}}]
    Worker:
      replicas: 3
      restartPolicy: Never
      template:
        spec:
          containers:
          - name: pytorch
            image: registry.internal/nlp/sft:2025.01.2
            command: ["torchrun", "--nnodes=4", "--nproc-per-node=8", "--rdzv-backend=static", "--rdzv-endpoint=llm-sft-8k-master-0:23456", "sft.py", "--config", "configs/sft_8k.yaml"]
            resources:
              limits: {nvidia.com/gpu: 8, rdma/ib: 8}
            volumeMounts: [{name: dshm, mountPath: /dev/shm}]
          volumes: [{name: dshm, emptyDir: {medium: Memory, sizeLimit: 256Gi}}]
"""
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": nodes[bad_p], "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "Rank 25 (pod worker-2, local rank 1) is the only rank whose watchdog reports a CUDA error ('unknown error'), 13 s after the last step; all other ranks only hit the 10-minute allreduce timeout. worker-2 runs on gpu-node-h100-0031, whose dmesg shows repeated Xid 119 GSP RPC timeouts on 0000:2a:00 (GPU1) starting at that moment; node-problem-detector and the device plugin flag the same GPU.",
        "modelled_on": "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/446",
    }
    return "cm08_xid119_gsp_timeout_pytorchjob", files, label


# =============================================================================
# cm09: NVLink Xid 74
# =============================================================================
def cm09():
    rng = random.Random(9409)
    job = 61023
    hosts = ["sdgx-0312", "sdgx-0313"]
    gpn = 8
    world = 16
    bad_n, bad_lr = 1, 6
    bad_rank = 14
    t0 = dt(2024, 9, 9, 23, 48, 10, 5000)
    ev = []
    pids = {}
    for i, h in enumerate(hosts):
        apid = 120400 + i * 411
        _torchrun_start(ev, t0 + S(0.1 * i), i, apid, h, 2, gpn)
        for lr in range(gpn):
            pids[(i, lr)] = apid + 11 + lr
    t = t0 + S(25)
    for n in range(2):
        for lr in range(gpn):
            r = n * gpn + lr
            for k, ln in enumerate(nccl_init_lines(hosts[n], pids[(n, lr)], pids[(n, lr)] + 90, lr, r, world, H100_BUS[lr], ip=f"10.8.3.{12 + n}", rng=rng, with_version=(r == 0))):
                if "Init COMPLETE" in ln or "NCCL version" in ln:
                    _ev(ev, t + timedelta(milliseconds=rng.randint(0, 500)), f"{n}: {ln}", k)
    t += S(30)
    losses = loss_curve(rng, 9000, 2.6, 1.9, 0.01)
    tl = t
    for s in range(50, 8850, 50):
        tl = t + timedelta(seconds=s * 0.96)
        _ev(ev, tl, f"0: step={s} loss={losses[s]:.4f} lr=3.00e-04 grad_norm={rng.uniform(0.2, 0.4):.3f} throughput={rng.randint(1610, 1650)} samples/s")
    t_x = tl + S(31.2)
    # rank 14 hits the NVLink error; local peers on sdgx-0313 then fail with unhandled cuda error
    frames = [
        ("/srv/jobs/moe/train.py", 530, "<module>", "trainer.fit()"),
        ("/srv/jobs/moe/trainer.py", 244, "fit", "self._step(batch)"),
        ("/srv/jobs/moe/trainer.py", 198, "_step", "out = self.model(**batch)"),
        ("/srv/jobs/moe/moe_layer.py", 141, "forward", "dispatched = all_to_all_single(x, self.ep_group, splits)"),
    ]
    for k, ln in enumerate(cuda_err_tb(bad_rank, "uncorrectable NVLink error detected during the execution", frames=frames)):
        _ev(ev, t_x, f"1: {ln}", k)
    for lr in range(gpn):
        if lr == bad_lr:
            continue
        r = gpn + lr
        tt = t_x + S(0.9 + lr * 0.02)
        _ev(ev, tt, "1: " + c10d(r, "E", tt, "ProcessGroupNCCL.cpp:1595", f"[PG 2 Rank {lr}] Process group watchdog thread terminated with exception: NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details), NCCL version 2.20.5"))
        _ev(ev, tt, "1: ncclUnhandledCudaError: Call to CUDA function failed.", 1)
        _ev(ev, tt, "1: Last error:", 2)
        _ev(ev, tt, "1: Cuda failure 'uncorrectable NVLink error detected during the execution'", 3)
    a1 = 120400 + 411
    te = t_x + S(3.8)
    _ev(ev, te, "1: " + elastic("E", te, a1, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: 1) local_rank: {bad_lr} (pid: {pids[(1, bad_lr)]}) of binary: /opt/venv/bin/python"))
    others = [(gpn + lr, lr, -6, pids[(1, lr)], f"Signal 6 (SIGABRT) received by PID {pids[(1, lr)]}") for lr in range(gpn) if lr != bad_lr]
    for k, ln in enumerate(childfailed("/srv/jobs/moe/train.py", hosts[1], t_x, (bad_rank, bad_lr, 1, pids[(1, bad_lr)], TB_HINT), others)):
        _ev(ev, te + S(0.1), f"1: {ln}", k)
    _ev(ev, te + S(0.3), f"srun: error: {hosts[1]}: task 1: Exited with exit code 1")
    tw = t_x + S(5.1)
    for lr in range(gpn):
        tt = tw + timedelta(milliseconds=rng.randint(0, 300))
        _ev(ev, tt, "0: " + c10d(lr, "E", tt, "ProcessGroupNCCL.cpp:1595", f"[PG 0 (default_pg) Rank {lr}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5"))
    _ev(ev, tw + S(3), "0: " + elastic("E", tw + S(3), 120400, "torch/distributed/elastic/multiprocessing/api.py:833", f"failed (exitcode: -6) local_rank: 0 (pid: {pids[(0, 0)]}) of binary: /opt/venv/bin/python"))
    _ev(ev, tw + S(3.4), f"srun: error: {hosts[0]}: task 0: Exited with exit code 1")
    out = _sorted(ev)
    boot = dt(2024, 9, 1, 14, 2, 30)
    dm, tb = boot_noise(boot, hosts[1], rng, driver="550.54.15")
    dm += periodic_noise(boot, tb, t_x - S(2), hosts[1], rng, every=45000)
    bus = H100_BUS[bad_lr]
    x = [
        (-0.05, f"NVRM: Xid (PCI:0000:{bus}:00): 74, pid={pids[(1, bad_lr)]}, name=python, NVLink: fatal error detected on link 4(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
        (-0.04, "nvidia-nvswitch2: SXid (PCI@0000:07:00.0): 20034, Fatal, Link 37 LTSSM Fault Up"),
        (-0.04, "nvidia-nvswitch2: SXid (PCI@0000:07:00.0): 20034, Severity 1 Engine instance 37 Sub-engine instance 00"),
        (-0.04, "nvidia-nvswitch2: SXid (PCI@0000:07:00.0): 20034, Data {0x50610002, 0x10100030, 0x00000000, 0x10100030, 0x00000000, 0x00000000, 0x00000000, 0x00000000}"),
    ]
    for lr in range(gpn):
        if lr != bad_lr:
            x.append((0.6 + lr * 0.001, f"NVRM: Xid (PCI:0000:{H100_BUS[lr]}:00): 45, pid={pids[(1, lr)]}, name=python, Ch 0000000{lr % 8 + 1}"))
    x.append((0.2, f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid={pids[(1, bad_lr)]}, name=python, Ch 00000002"))
    for off, ln in x:
        dm.append(kmsg(boot, t_x + timedelta(seconds=off), ln))
    dm.sort(key=lambda s: float(s[1:s.index("]")]))
    nv = [f"# nvidia-smi nvlink -e   (collected {te + S(400):%Y-%m-%d %H:%M:%S} UTC)"]
    for i in range(gpn):
        nv.append(f"GPU {i}: NVIDIA H100 80GB HBM3 (UUID: GPU-{0x4d1a2b00 + i:08x}-77e1-{i:04x}-b0c2-5d18a0f3c9{i:02x})")
        for ln_ in range(18):
            rep = 0
            rec = 0
            crc = 0
            if i == bad_lr and ln_ == 4:
                rep, rec, crc = 18211, 147, 9312
            nv.append(f"\t Link {ln_}: Replay Errors: {rep}")
            nv.append(f"\t Link {ln_}: Recovery Errors: {rec}")
            nv.append(f"\t Link {ln_}: CRC Errors: {crc}")
    files = {
        f"slurm-{job}.out": join(out),
        f"{hosts[1]}/dmesg.txt": join(dm),
        f"{hosts[1]}/nvlink-errors.txt": join(nv),
        "sacct.txt": join(sacct([
            (f"{job}", "moe-8x7b", "hpc", "ai-lab", "224", "FAILED", "1:0"),
            (f"{job}.0", "torchrun", "", "ai-lab", "224", "FAILED", "1:0"),
        ])),
    }
    label = {
        "category": "nvlink", "layer": "infrastructure", "culprit": {"node": hosts[1], "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "Rank 14 (sdgx-0313, cudaDev 6, busId ba000) raises 'uncorrectable NVLink error' in an all_to_all; sdgx-0313's dmesg shows Xid 74 NVLink fatal error on link 4 of 0000:ba:00 plus an NVSwitch LTSSM fault SXid, and nvlink -e counts thousands of replay/CRC errors only on GPU 6 link 4. The local peers' unhandled-cuda errors, the Xid 45 channel teardowns and the remote node's NCCL errors are consequences.",
        "modelled_on": "https://github.com/MIC-DKFZ/nnUNet/issues/1519",
    }
    return "cm09_nvlink_xid74_fatal_link", files, label


CASES = [cm01, cm02, cm03, cm04, cm05, cm06, cm07, cm08, cm09]
