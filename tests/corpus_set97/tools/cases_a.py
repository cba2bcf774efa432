"""Cases cp01-cp10 of set 97 (restarts, requeues and what follows them)."""
import sys

sys.dont_write_bytecode = True

import random

from common import (A100_BUS, H100_BUS, Kern, Stream, T, add, boot_noise, child_failed, free_txt,
                    glog, ibstat, idle_noise, nccl_info_init, nvidia_smi_q, oldlog, prefix,
                    py_traceback, rdzv_result, sacct, t_ctime, t_glog, t_iso, t_pylog, watchdog_timeout,
                    xid_line)

PY = "/usr/local/lib/python3.10/dist-packages"


def _dl_frames():
    return [
        (PY + "/torch/utils/data/dataloader.py", 631, "__next__", "data = self._next_data()"),
        (PY + "/torch/utils/data/dataloader.py", 1346, "_next_data", "return self._process_data(data)"),
        (PY + "/torch/utils/data/dataloader.py", 1372, "_process_data", "data.reraise()"),
        (PY + "/torch/_utils.py", 705, "reraise", "raise exception"),
    ]


# ==========================================================================
# cp01: the same KeyError in every elastic restart
# ==========================================================================
def cp01():
    rng = random.Random(97001)
    job = 4418207
    nodes = ["trn-a100-041", "trn-a100-042"]
    nproc = 8
    t0 = T(2024, 3, 11, 14, 2, 10)
    s = Stream()
    s.add(t0, [
        "==== job %d on %s ====" % (job, ",".join(nodes)),
        "MASTER_ADDR=trn-a100-041 MASTER_PORT=29500 NNODES=2",
        "run config: configs/sft_llama2_13b.yaml  data: /datasets/support-chats-v3/*.jsonl",
    ])
    agent_pid = {n: 61200 + i * 17 for i, n in enumerate(nodes)}
    t = add(t0, 4)
    for i, n in enumerate(nodes):
        s.add(t, glog(t, "W", agent_pid[n], "torch/distributed/run.py:757",
                      "*****************************************"), "%d: " % i)
        s.add(t, glog(t, "W", agent_pid[n], "torch/distributed/run.py:757",
                      "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "), "%d: " % i)
        s.add(t, glog(t, "W", agent_pid[n], "torch/distributed/run.py:757",
                      "*****************************************"), "%d: " % i)
    key_frames = [
        ("/workspace/sft/train_sft.py", 412, "<module>", "main()"),
        ("/workspace/sft/train_sft.py", 388, "main", "for step, batch in enumerate(train_loader, start=start_step):"),
    ] + _dl_frames()
    inner = [
        "KeyError: Caught KeyError in DataLoader worker process 0.",
        "Original Traceback (most recent call last):",
        '  File "%s/torch/utils/data/_utils/worker.py", line 308, in _worker_loop' % PY,
        "    data = fetcher.fetch(index)",
        '  File "%s/torch/utils/data/_utils/fetch.py", line 51, in fetch' % PY,
        "    data = [self.dataset[idx] for idx in possibly_batched_index]",
        '  File "%s/torch/utils/data/_utils/fetch.py", line 51, in <listcomp>' % PY,
        "    data = [self.dataset[idx] for idx in possibly_batched_index]",
        '  File "/workspace/sft/data.py", line 77, in __getitem__',
        "    text = rec[self.text_key]",
        "KeyError: 'text'",
        "",
    ]
    for restart in range(4):
        ts = add(t, 2 + restart * 118)
        for i, n in enumerate(nodes):
            pre = "%d: " % i
            if restart > 0 and i == 0:
                s.add(ts, "[W%s socket.cpp:697] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use)." % t_glog(ts), pre)
            s.add(add(ts, 1 + i * 0.3), rdzv_result(add(ts, 1 + i * 0.3), agent_pid[n], restart, nodes[0], 29500, i, 2, nproc), pre)
            s.add(add(ts, 1.4 + i * 0.3), glog(add(ts, 1.4 + i * 0.3), "I", agent_pid[n], "torch/distributed/elastic/agent/server/api.py:537",
                                               "[default] Starting worker group"), pre)
        # workers come up
        tw = add(ts, 9)
        for i, n in enumerate(nodes):
            pre = "%d: " % i
            if i == 0:
                s.add(tw, "trn-a100-041:%d:%d [0] NCCL INFO NCCL version 2.19.3+cuda12.3" % (70100 + restart * 40, 70100 + restart * 40), pre)
            s.add(add(tw, 0.5), "[rank%d]:/usr/local/lib/python3.10/dist-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class. This should only matter to you if you are using storages directly.  To access UntypedStorage directly, use tensor.untyped_storage() instead of tensor.storage()" % (i * nproc), pre)
            s.add(add(tw, 0.6), "[rank%d]:  return self.fget.__get__(instance, owner)()" % (i * nproc), pre)
        tm = add(tw, 31)
        s.add(tm, "[rank0]:[2024-03-11 %s] INFO sft: loaded model llama2-13b in 30.4s; trainable params 13,015,864,320" % t_pylog(tm)[11:], "0: ")
        s.add(add(tm, 0.3), "[rank0]:[2024-03-11 %s] INFO sft: train samples 1,482,113 (text_key=text, max_len=4096)" % t_pylog(add(tm, 0.3))[11:], "0: ")
        s.add(add(tm, 0.4), "[rank0]:[2024-03-11 %s] INFO sft: no checkpoint under /ckpt/sft-run7, starting at step 0" % t_pylog(add(tm, 0.4))[11:], "0: ")
        tf = add(tm, 6 + rng.random())
        order = list(range(16))
        rng.shuffle(order)
        for k, r in enumerate(order):
            node = r // nproc
            pre = "%d: " % node
            tr = add(tf, k * 0.05)
            s.add(tr, prefix(py_traceback(key_frames, inner), "[rank%d]: " % r), pre)
        te = add(tf, 2.5)
        for i, n in enumerate(nodes):
            pre = "%d: " % i
            first_local = min([r for r in order if r // nproc == i], key=lambda r: order.index(r)) % nproc
            s.add(te, glog(te, "W", agent_pid[n], "torch/distributed/elastic/multiprocessing/api.py:858",
                           "Sending process %d closing signal SIGTERM" % (80100 + restart * 40 + (first_local + 1) % nproc)), pre)
            s.add(add(te, 0.2), glog(add(te, 0.2), "E", agent_pid[n], "torch/distributed/elastic/multiprocessing/api.py:833",
                                       "failed (exitcode: 1) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (first_local, 80100 + restart * 40 + first_local)), pre)
            if restart < 3:
                s.add(add(te, 0.3), glog(add(te, 0.3), "I", agent_pid[n], "torch/distributed/elastic/agent/server/api.py:889",
                                           "[default] Worker group FAILED. %d/3 attempts left; will restart worker group" % (3 - restart)), pre)
                s.add(add(te, 0.31), glog(add(te, 0.31), "I", agent_pid[n], "torch/distributed/elastic/agent/server/api.py:699",
                                            "[default] Stopping worker group"), pre)
                s.add(add(te, 0.5), glog(add(te, 0.5), "I", agent_pid[n], "torch/distributed/elastic/agent/server/api.py:677",
                                           "[default] Rendezvous'ing worker group"), pre)
            else:
                s.add(add(te, 0.4), glog(add(te, 0.4), "I", agent_pid[n], "torch/distributed/elastic/agent/server/api.py:699",
                                           "[default] Stopping worker group"), pre)
                cf = child_failed("/workspace/sft/train_sft.py", n,
                                  [(i * nproc + first_local, first_local, "1", 80100 + restart * 40 + first_local)],
                                  "2024-03-11_%s" % te.strftime("%H:%M:%S"))
                s.add(add(te, 0.6), cf, pre)
        if restart == 3:
            tend = add(te, 1)
            s.add(tend, "srun: error: trn-a100-041: task 0: Exited with exit code 1")
            s.add(add(tend, 0.4), "srun: error: trn-a100-042: task 1: Exited with exit code 1")
    files = {}
    files["slurm-%d.out" % job] = s.text()
    files["job.sbatch"] = """#!/bin/bash
#SBATCH --job-name=sft-13b-run7
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --time=2-00:00:00
#SBATCH --output=slurm-%j.out

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
export MASTER_PORT=29500
export NCCL_DEBUG=WARN
echo "==== job $SLURM_JOB_ID on $(scontrol show hostnames $SLURM_JOB_NODELIST | paste -sd,) ===="

srun --label torchrun --nnodes=2 --nproc_per_node=8 --max-restarts=3 \\
    --rdzv-backend=c10d --rdzv-endpoint=$MASTER_ADDR:$MASTER_PORT --rdzv-id=$SLURM_JOB_ID \\
    /workspace/sft/train_sft.py --config configs/sft_llama2_13b.yaml
"""
    files["configs/sft_llama2_13b.yaml"] = """model: /models/llama2-13b-hf
data:
  train_glob: /datasets/support-chats-v3/*.jsonl
  text_key: text
  max_len: 4096
  num_workers: 6
train:
  micro_batch: 2
  grad_accum: 8
  lr: 2.0e-5
  warmup_steps: 200
  max_steps: 12000
  save_every: 500
  ckpt_dir: /ckpt/sft-run7
"""
    files["dataset-head.txt"] = """$ head -c 600 /datasets/support-chats-v3/part-00000.jsonl
{"id": "c-00000001", "lang": "en", "content": "Customer: my order 4471 never arrived\\nAgent: I'm sorry to hear that...", "source": "zendesk-2023q4"}
{"id": "c-00000002", "lang": "en", "content": "Customer: can I change the billing address on an open invoice?\\nAgent: Yes, ...", "source": "zendesk-2023q4"}
"""
    for i, n in enumerate(nodes):
        boot = T(2024, 3, 2, 7, 41 + i, 5)
        k = Kern(n, boot, "dmesg_T")
        boot_noise(k, rng, boot, bus=A100_BUS)
        idle_noise(k, rng, add(boot, 600), add(t0, 900), 7)
        files["%s/dmesg.txt" % n] = k.text()
    files["sacct.txt"] = sacct([
        ("%d" % job, "sft-13b-r+", "a100", "FAILED", "1:0", t_iso(t0), t_iso(add(t0, 490)), "trn-a100-0[41-42]"),
        ("%d.batch" % job, "batch", "", "FAILED", "1:0", t_iso(t0), t_iso(add(t0, 490)), "trn-a100-041"),
        ("%d.0" % job, "torchrun", "", "FAILED", "1:0", t_iso(add(t0, 3)), t_iso(add(t0, 490)), "trn-a100-0[41-42]"),
    ])
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "All four elastic attempts (3/3, 2/3, 1/3 restarts, then ChildFailedError) die within seconds of the first batch with the same KeyError: 'text' from data.py, on all 16 ranks of both nodes. The config sets text_key: text while the jsonl records carry the field 'content'; the error is deterministic, the nodes' kernel logs are clean, and the c10d port-bind warning on restart is benign. Restarting cannot help: fix the data key.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/60910",
    }
    return "cp01_same_keyerror_every_restart", files, label


# ==========================================================================
# cp02: Xid 79 on the same GPU of the same node in both requeued attempts
# ==========================================================================
def _megatron_iter(dt, it, total, cons, ms, lr, loss, gn, scale="1.0", skipped=0, nan=0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size:  1024 | lm loss: %.6E | loss scale: %s | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |"
            % (dt.strftime("%Y-%m-%d %H:%M:%S"), it, total, cons, ms, lr, loss, scale, gn, skipped, nan))


def cp02():
    rng = random.Random(97002)
    job = 918344
    nodes = ["hgx-b12-07", "hgx-b12-08", "hgx-b12-09", "hgx-b12-10"]
    bad, bad_gpu = "hgx-b12-09", 5
    bad_rank = 2 * 8 + bad_gpu
    files = {}
    starts = [T(2024, 6, 3, 21, 14, 2), T(2024, 6, 4, 3, 20, 40)]
    fail_after = [5 * 3600 + 1630, 4 * 3600 + 312]
    for a in range(2):
        s = Stream()
        t0 = starts[a]
        s.add(t0, ["SLURM_JOB_ID=%d SLURM_RESTART_COUNT=%d" % (job, a),
                   "nodes: %s" % " ".join(nodes)])
        it0 = 1 if a == 0 else 14000
        if a == 1:
            s.add(add(t0, 40), "0:  loading checkpoint from /lustre/ckpt/gpt-22b at iteration 14000")
            s.add(add(t0, 71), "0:   successfully loaded checkpoint from /lustre/ckpt/gpt-22b [ t 1/4, p 1/8 ] at iteration 14000")
        step_ms = 1240.0
        nsteps = int(fail_after[a] / (step_ms / 1000))
        tt = add(t0, 90)
        loss = 2.41 if a == 0 else 1.87
        for j in range(0, nsteps, 100):
            it = it0 + j
            ti = add(tt, j * step_ms / 1000)
            if j % 500 == 0 and j:
                s.add(ti, "31: " + _megatron_iter(ti, it, 60000, it * 1024, step_ms + rng.uniform(-9, 9), 2.0e-4 * min(1, it / 2000),
                                                 loss - j * 0.00002 + rng.uniform(-0.02, 0.02), 0.21 + rng.uniform(-0.03, 0.05)))
            if a == 0 and j and j % 5000 == 0:
                s.add(add(ti, 1), "0: saving checkpoint at iteration %8d to /lustre/ckpt/gpt-22b in torch_dist format" % it)
                s.add(add(ti, 38), "0:   successfully saved checkpoint from iteration %8d to /lustre/ckpt/gpt-22b [ t 1/4, p 1/8 ]" % it)
        tf = add(t0, fail_after[a])
        # the failing rank: CUDA error surfaces first on rank 21
        pre = "%d: " % bad_rank
        s.add(tf, prefix([
            "[rank%d]: Traceback (most recent call last):" % bad_rank,
            '[rank%d]:   File "/opt/megatron-lm/pretrain_gpt.py", line 301, in <module>' % bad_rank,
            "[rank%d]:     pretrain(" % bad_rank,
            '[rank%d]:   File "/opt/megatron-lm/megatron/training/training.py", line 357, in pretrain' % bad_rank,
            "[rank%d]:     iteration, num_floating_point_operations_so_far = train(" % bad_rank,
            '[rank%d]:   File "/opt/megatron-lm/megatron/training/training.py", line 1275, in train' % bad_rank,
            "[rank%d]:     train_step(forward_step_func," % bad_rank,
            '[rank%d]:   File "/opt/megatron-lm/megatron/training/training.py", line 738, in train_step' % bad_rank,
            "[rank%d]:     update_successful, grad_norm, num_zeros_in_grad = optimizer.step()" % bad_rank,
            "[rank%d]: RuntimeError: CUDA error: unspecified launch failure" % bad_rank,
            "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % bad_rank,
            "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % bad_rank,
            "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % bad_rank,
        ], ""), pre)
        # neighbours on the same node lose NVLink peers
        for lr in [1, 3, 6]:
            r = 16 + lr
            s.add(add(tf, 2 + lr * 0.1), "%s:%d:%d [%d] transport/nvls.cc:154 NCCL WARN Cuda failure 'unspecified launch failure'" % (bad, 48210 + lr, 48390 + lr, lr), "%d: " % r)
            s.add(add(tf, 2.1 + lr * 0.1), "%s:%d:%d [%d] NCCL INFO proxy.cc:1460 -> 1" % (bad, 48210 + lr, 48390 + lr, lr), "%d: " % r)
        # everyone else times out later (loud)
        tw = add(tf, 600)
        seq = 901233 if a == 0 else 611871
        for r in range(32):
            if r // 8 == 2:
                continue
            s.add(add(tw, r * 0.01), watchdog_timeout(add(tw, r * 0.01), r, seq, "_REDUCE_SCATTER_BASE", 88080384, 600000, 600000 + rng.randint(9, 90)), "%d: " % r)
        s.add(add(tw, 3), "srun: error: hgx-b12-07: tasks 0-7: Aborted (core dumped)")
        s.add(add(tw, 3.2), "srun: error: hgx-b12-10: tasks 24-31: Aborted (core dumped)")
        s.add(add(tw, 3.4), "srun: error: hgx-b12-08: tasks 8-15: Aborted (core dumped)")
        s.add(add(tw, 3.6), "srun: error: hgx-b12-09: task 21: Exited with exit code 1")
        s.add(add(tw, 3.7), "srun: error: hgx-b12-09: tasks 16-20,22-23: Killed")
        s.add(add(tw, 4), "slurmstepd: error: *** STEP %d.0 ON hgx-b12-07 CANCELLED AT %s ***" % (job, t_iso(add(tw, 4))))
        files["attempt_%d/slurm-%d.out" % (a + 1, job)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 5, 28, 11, 3 + i, 0) if not (a == 1 and n == bad) else T(2024, 6, 4, 3, 4, 12)
            k = Kern(n, boot, "dmesg_T")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, add(boot, 300), add(tf, 300), 5)
            if n == bad:
                k.add(tf, xid_line(H100_BUS[bad_gpu], 79, "'<unknown>'", "<unknown>", "GPU has fallen off the bus."))
                k.add(add(tf, 0.001), "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % H100_BUS[bad_gpu].lower())
                k.add(add(tf, 0.002), "NVRM: A GPU crash dump has been created. If possible, please run")
                k.add(add(tf, 0.003), "NVRM: nvidia-bug-report.sh as root to collect this data before")
                k.add(add(tf, 0.004), "NVRM: the NVIDIA kernel module is unloaded.")
                k.add(add(tf, 2.1), xid_line(H100_BUS[bad_gpu], 154, "'<unknown>'", "<unknown>", "GPU recovery action changed from 0x0 (None) to 0x2 (Node Reboot Required)"))
            files["attempt_%d/%s/dmesg.txt" % (a + 1, n)] = k.text()
        if a == 1:
            files["attempt_2/%s/nvidia-smi-q.txt" % bad] = (
                "Unable to determine the device handle for GPU0000:%s:00.0: Unknown Error\n" % H100_BUS[bad_gpu]
                + nvidia_smi_q(bad, add(tf, 900), gpus=5, rng=rng))
    files["sacct.txt"] = sacct([
        ("%d" % job, "gpt22b", "hgx", "FAILED", "1:0", t_iso(starts[1]), t_iso(add(starts[1], fail_after[1] + 606)), "hgx-b12-[07-10]"),
        ("%d.0" % job, "python", "", "FAILED", "1:0", t_iso(starts[1]), t_iso(add(starts[1], fail_after[1] + 606)), "hgx-b12-[07-10]"),
    ]) + "\n# sacct --duplicates -j %d\n" % job + sacct([
        ("%d" % job, "gpt22b", "hgx", "REQUEUED", "0:0", t_iso(starts[0]), t_iso(add(starts[0], fail_after[0] + 606)), "hgx-b12-[07-10]"),
        ("%d" % job, "gpt22b", "hgx", "FAILED", "1:0", t_iso(starts[1]), t_iso(add(starts[1], fail_after[1] + 606)), "hgx-b12-[07-10]"),
    ])
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J gpt22b
#SBATCH -N 4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH -o slurm-%j.out
srun --label --cpu-bind=none python /opt/megatron-lm/pretrain_gpt.py \\
  --tensor-model-parallel-size 4 --pipeline-model-parallel-size 8 \\
  --num-layers 48 --hidden-size 6144 --num-attention-heads 48 --seq-length 4096 \\
  --micro-batch-size 1 --global-batch-size 1024 --lr 2e-4 --train-iters 60000 \\
  --save /lustre/ckpt/gpt-22b --load /lustre/ckpt/gpt-22b --save-interval 5000 --bf16
"""
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": bad, "rank": bad_rank},
        "action": "restart_without_node",
        "rationale": "In both the original run and the requeued run the first error is rank 21 (hgx-b12-09, local GPU 5) hitting 'unspecified launch failure', and that node's dmesg shows Xid 79 'GPU has fallen off the bus' for PCI 0000:ab:00 each time, the second after a reboot. The 600 s reduce-scatter watchdog timeouts on the other three nodes are sympathetic. The fault follows one GPU across attempts, so requeue without hgx-b12-09.",
        "modelled_on": "https://github.com/ai4d-iasc/trixie/issues/38",
    }
    return "cp02_xid79_follows_node_across_requeue", files, label


# ==========================================================================
# cp03: IB completion errors that move between nodes; spine flapping
# ==========================================================================
def cp03():
    rng = random.Random(97003)
    nodes = ["dgx-c3-11", "dgx-c3-12", "dgx-c3-13", "dgx-c3-14", "dgx-c3-15", "dgx-c3-16"]
    ip = {n: "10.40.3.%d" % (11 + i) for i, n in enumerate(nodes)}
    files = {}
    plan = [
        # (start, fail offset, failing rank, failing node, peer node)
        (T(2024, 9, 17, 8, 0, 12), 2 * 3600 + 911, 19, "dgx-c3-13", "dgx-c3-15"),
        (T(2024, 9, 17, 11, 31, 48), 3 * 3600 + 127, 37, "dgx-c3-15", "dgx-c3-12"),
    ]
    flaps = []
    for a, (t0, off, frank, fnode, peer) in enumerate(plan):
        s = Stream()
        tf = add(t0, off)
        flaps.append(add(tf, -4))
        s.add(t0, "+ mpirun -np 48 -H %s --tag-output --bind-to none -x NCCL_DEBUG=WARN -x NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3 -x NCCL_IB_TIMEOUT=20 python pretrain_gpt.py ..." % ",".join("%s:8" % n for n in nodes))
        if a == 1:
            s.add(add(t0, 55), "[1,0]<stdout>: loading checkpoint from /gpfs/ckpt/moe-8x7b at iteration 7500")
        for j in range(0, off // 60, 5):
            ti = add(t0, 90 + j * 60)
            it = (1 if a == 0 else 7500) + j * 60 // 1.43
            s.add(ti, "[1,0]<stdout>:" + _megatron_iter(ti, int(it), 40000, int(it) * 512, 1430 + rng.uniform(-12, 12), 3e-4, 2.2 - it * 1e-5 + rng.uniform(-0.03, 0.03), 0.3 + rng.uniform(-0.05, 0.05)))
        li = nodes.index(fnode) * 8 + frank % 8
        lr = frank % 8
        h = "%s:%d:%d [%d]" % (fnode, 31200 + lr, 31560 + lr, lr)
        s.add(tf, "[1,%d]<stderr>:%s transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (frank, h, ip[peer], 51000 + rng.randint(0, 900), ip[fnode], ip[peer], lr // 2))
        s.add(add(tf, 0.01), "[1,%d]<stderr>:%s NCCL INFO transport/net.cc:1302 -> 6" % (frank, h))
        s.add(add(tf, 0.02), "[1,%d]<stderr>:%s NCCL INFO proxy.cc:698 -> 6" % (frank, h))
        s.add(add(tf, 0.03), "[1,%d]<stderr>:%s NCCL INFO proxy.cc:878 -> 6 [Progress Thread]" % (frank, h))
        s.add(add(tf, 1), "[1,%d]<stderr>:[rank%d]:[E%s ProcessGroupNCCL.cpp:1316] [PG 4 Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (frank, frank, t_glog(add(tf, 1)).replace(" ", " "), frank % 8))
        s.add(add(tf, 1.01), "[1,%d]<stderr>:ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % frank)
        s.add(add(tf, 1.02), "[1,%d]<stderr>:Last error:" % frank)
        s.add(add(tf, 1.03), "[1,%d]<stderr>:NET/IB : Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d" % (frank, ip[peer], 51000, ip[fnode], ip[peer], lr // 2))
        tw = add(tf, 1800)
        for r in range(48):
            if r == frank:
                continue
            if rng.random() < 0.55:
                s.add(add(tw, r * 0.02), prefix(watchdog_timeout(add(tw, r * 0.02), r, 240011 + a * 7, "ALLTOALL_BASE", 33554432, 1800000, 1800000 + rng.randint(10, 400))[:2], "[1,%d]<stderr>:" % r))
        s.add(add(tw, 5), ["--------------------------------------------------------------------------",
                           "Primary job  terminated normally, but 1 process returned",
                           "a non-zero exit code. Per user-direction, the job has been aborted.",
                           "--------------------------------------------------------------------------",
                           "--------------------------------------------------------------------------",
                           "mpirun detected that one or more processes exited with non-zero status, thus causing",
                           "the job to be terminated. The first process to do so was:",
                           "",
                           "  Process name: [[41872,1],%d]" % frank,
                           "  Exit code:    134",
                           "--------------------------------------------------------------------------"])
        files["attempt_%d/mpirun.log" % (a + 1)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 9, 2, 10, 2 + i, 0)
            k = Kern(n, boot, "kern")
            boot_noise(k, rng, boot, bus=A100_BUS)
            idle_noise(k, rng, add(t0, -3600), add(tf, 1900), 4)
            files["attempt_%d/%s/kern.log" % (a + 1, n)] = k.text()
            files["attempt_%d/%s/ibstat.txt" % (a + 1, n)] = ibstat(n)
    files["topology.json"] = ('{"topology": {"leaf-r3-a": ["dgx-c3-11", "dgx-c3-12", "dgx-c3-13"], '
                              '"leaf-r3-b": ["dgx-c3-14", "dgx-c3-15", "dgx-c3-16"]}}\n')
    ev = ["# ufm event log export, fabric ib-r3 (UTC)",
          "Time                 Severity  Type                 Object                          Description"]
    base = T(2024, 9, 16, 22, 0, 0)
    rows = []
    for k_ in range(9):
        tt = add(base, k_ * 5400 + rng.randint(0, 900))
        rows.append((tt, "Info", "Port Counters", "leaf-r3-a/%d" % rng.randint(1, 30), "PortXmitWait above threshold (%d)" % rng.randint(100000, 900000)))
    for fl in flaps:
        rows.append((add(fl, -40), "Warning", "Symbol Error", "spine-02/17 (leaf-r3-b uplink)", "SymbolErrorCounter increased by 4213"))
        rows.append((fl, "Critical", "Link Down", "spine-02/17 (leaf-r3-b uplink)", "Link went down: spine-02 port 17 <-> leaf-r3-b port 33"))
        rows.append((add(fl, 11), "Info", "Link Up", "spine-02/17 (leaf-r3-b uplink)", "Link is up: 400 Gb/s NDR"))
        rows.append((add(fl, 35), "Warning", "Symbol Error", "spine-02/17 (leaf-r3-b uplink)", "SymbolErrorCounter increased by 1877"))
    rows.append((add(flaps[0], -6000), "Warning", "Link Down", "spine-02/17 (leaf-r3-b uplink)", "Link went down: spine-02 port 17 <-> leaf-r3-b port 33"))
    rows.append((add(flaps[0], -5989), "Info", "Link Up", "spine-02/17 (leaf-r3-b uplink)", "Link is up: 400 Gb/s NDR"))
    for r in sorted(rows, key=lambda x: x[0]):
        ev.append("%-20s %-9s %-20s %-31s %s" % (r[0].strftime("%Y-%m-%d %H:%M:%S"), r[1], r[2], r[3], r[4]))
    files["ufm-events.txt"] = "\n".join(ev) + "\n"
    label = {
        "category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "Attempt 1 fails on rank 19 (dgx-c3-13) and attempt 2 on rank 37 (dgx-c3-15), each with NET/IB completion status=12 (transport retry exceeded) to a peer on the other leaf. ibstat on every node is Active/LinkUp at 400, and the UFM log shows the spine-02 port 17 uplink of leaf-r3-b flapping with symbol errors seconds before both failures. The fault moves between nodes and sits in the fabric, not a host; the watchdog timeouts are sympathetic.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/905",
    }
    return "cp03_ib_errors_move_between_nodes", files, label


# ==========================================================================
# cp04: Xid 79 kills attempt 0, then the restarted rendezvous times out
# ==========================================================================
def cp04():
    rng = random.Random(97004)
    nodes = ["node-0131", "node-0132", "node-0133", "node-0134"]
    bad, gpu = "node-0133", 2
    rank = 2 * 8 + gpu
    t0 = T(2024, 11, 5, 6, 30, 0)
    s = Stream()
    s.add(t0, "$ pdsh -R ssh -w node-01[31-34] 'cd /shared/llm && ./launch.sh' 2>&1 | tee run-20241105.log")
    pid = {n: 22010 + i * 101 for i, n in enumerate(nodes)}
    for i, n in enumerate(nodes):
        ts = add(t0, 3 + i * 0.2)
        s.add(ts, rdzv_result(ts, pid[n], 0, "node-0131", 29400, i, 4, 8, style="old"), "%s: " % n)
    tf = add(t0, 3 * 3600 + 1417)
    for k in range(0, 3 * 3600 + 1400, 600):
        ti = add(t0, 60 + k)
        s.add(ti, "node-0131: [rank0] step %5d | loss %.4f | lr 1.50e-04 | 0.91 s/it | tok/s/gpu 8,934" % (k // 0.91 + 1, 2.6 - k * 0.00003 + rng.uniform(-0.02, 0.02)))
    p = "%s: " % bad
    s.add(tf, prefix([
        "[rank%d]: Traceback (most recent call last):" % rank,
        '[rank%d]:   File "/shared/llm/train.py", line 233, in <module>' % rank,
        "[rank%d]:     loss.backward()" % rank,
        '[rank%d]:   File "%s/torch/_tensor.py", line 522, in backward' % (rank, PY),
        "[rank%d]:     torch.autograd.backward(" % rank,
        '[rank%d]:   File "%s/torch/autograd/graph.py", line 768, in _engine_run_backward' % (rank, PY),
        "[rank%d]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass" % rank,
        "[rank%d]: RuntimeError: CUDA error: unspecified launch failure" % rank,
        "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % rank,
        "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % rank,
    ], p))
    te = add(tf, 2)
    s.add(te, oldlog(te, "torch.distributed.elastic.multiprocessing.api", "WARNING", "Sending process 23011 closing signal SIGTERM"), p)
    s.add(add(te, 0.1), oldlog(add(te, 0.1), "torch.distributed.elastic.multiprocessing.api", "ERROR",
                               "failed (exitcode: 1) local_rank: 2 (pid: 23012) of binary: /shared/llm/.venv/bin/python"), p)
    s.add(add(te, 0.2), oldlog(add(te, 0.2), "torch.distributed.elastic.agent.server.api", "INFO",
                               "[default] Worker group FAILED. 2/2 attempts left; will restart worker group"), p)
    s.add(add(te, 0.3), oldlog(add(te, 0.3), "torch.distributed.elastic.agent.server.api", "INFO", "[default] Stopping worker group"), p)
    # healthy agents notice the membership change and try to re-rendezvous
    tr = add(te, 9)
    for i, n in enumerate(nodes):
        if n == bad:
            continue
        s.add(add(tr, i * 0.3), oldlog(add(tr, i * 0.3), "torch.distributed.elastic.agent.server.api", "INFO",
                                       "[default] Detected 1 new nodes from group_rank=%d; will restart worker group" % i), "%s: " % n)
        s.add(add(tr, i * 0.3 + 0.1), oldlog(add(tr, i * 0.3 + 0.1), "torch.distributed.elastic.agent.server.api", "INFO", "[default] Stopping worker group"), "%s: " % n)
        for lr_ in range(8):
            s.add(add(tr, i * 0.3 + 0.2), oldlog(add(tr, i * 0.3 + 0.2), "torch.distributed.elastic.multiprocessing.api", "WARNING",
                                                 "Sending process %d closing signal SIGTERM" % (31000 + i * 120 + lr_)), "%s: " % n)
        s.add(add(tr, i * 0.3 + 4), oldlog(add(tr, i * 0.3 + 4), "torch.distributed.elastic.agent.server.api", "INFO", "[default] Rendezvous'ing worker group"), "%s: " % n)
    tt = add(tr, 900)
    for i, n in enumerate(nodes):
        if n == bad:
            continue
        s.add(add(tt, i * 0.5), [
            "Traceback (most recent call last):",
            '  File "/shared/llm/.venv/bin/torchrun", line 8, in <module>',
            "    sys.exit(main())",
            '  File "/shared/llm/.venv/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 859, in _invoke_run',
            "    self._restart_workers(self._worker_group)",
            '  File "/shared/llm/.venv/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 705, in _restart_workers',
            "    self._initialize_workers(worker_group)",
            '  File "/shared/llm/.venv/lib/python3.10/site-packages/torch/distributed/elastic/agent/server/api.py", line 683, in _initialize_workers',
            "    self._rendezvous(worker_group)",
            '  File "/shared/llm/.venv/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 1123, in next_rendezvous',
            "    self._op_executor.run(join_op, deadline, self._get_deadline)",
            '  File "/shared/llm/.venv/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/dynamic_rendezvous.py", line 667, in run',
            "    raise RendezvousTimeoutError",
            "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError",
        ], "%s: " % n)
        s.add(add(tt, i * 0.5 + 1), "pdsh@login02: %s: ssh exited with exit code 1" % n)
    s.add(add(tt, 2400), "^Cpdsh@login02: interrupt (one more within 1 sec to abort)")
    s.add(add(tt, 2400.2), "pdsh@login02:  (^Z within 1 sec to cancel pending threads)")
    s.add(add(tt, 2400.4), "pdsh@login02: node-0133: command in progress")
    s.add(add(tt, 2401), "pdsh@login02: node-0133: killing connection")
    files = {"run-20241105.log": s.text()}
    files["launch.sh"] = """#!/bin/bash
# started on every node by pdsh
source /shared/llm/.venv/bin/activate
export NCCL_DEBUG=WARN
exec torchrun --nnodes=4 --nproc_per_node=8 --max-restarts=2 \\
    --rdzv-backend=c10d --rdzv-endpoint=node-0131:29400 --rdzv-id=llm-20241105 \\
    /shared/llm/train.py --config /shared/llm/cfg/7b-longctx.yaml
"""
    for i, n in enumerate(nodes):
        boot = T(2024, 10, 29, 15, 20 + i, 0)
        k = Kern(n, boot, "dmesg_T")
        boot_noise(k, rng, boot)
        idle_noise(k, rng, add(t0, -7200), add(tt, 2400), 5)
        if n == bad:
            k.add(add(tf, -0.4), xid_line(H100_BUS[gpu], 79, "'<unknown>'", "<unknown>", "GPU has fallen off the bus."))
            k.add(add(tf, -0.39), "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % H100_BUS[gpu].lower())
            k.add(add(tf, -0.38), "NVRM: GPU 0000:%s:00.0: GPU serial number is 1652223014822." % H100_BUS[gpu].lower())
            k.add(add(tf, -0.37), "NVRM: A GPU crash dump has been created. If possible, please run")
            k.add(add(tf, -0.36), "NVRM: nvidia-bug-report.sh as root to collect this data before")
            k.add(add(tf, -0.35), "NVRM: the NVIDIA kernel module is unloaded.")
            for m in range(4):
                th = add(tf, 245 + m * 123)
                k.add(th, "INFO: task pt_main_thread:%d blocked for more than %d seconds." % (23040 + m, 120 + m * 123))
                k.add(add(th, 0.001), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu")
                k.add(add(th, 0.002), '"echo 0 > /proc/sys/kernel/hung_task_timeout_secs" disables this message.')
                k.add(add(th, 0.003), "task:pt_main_thread state:D stack:    0 pid:%d ppid: 22213 flags:0x00004002" % (23040 + m))
                k.add(add(th, 0.004), "Call Trace:")
                k.add(add(th, 0.005), " <TASK>")
                k.add(add(th, 0.006), " __schedule+0x23d/0x590")
                k.add(add(th, 0.007), " schedule+0x4e/0xc0")
                k.add(add(th, 0.008), " _nv044143rm+0x2c/0x50 [nvidia]")
                k.add(add(th, 0.009), " </TASK>")
        files["%s/dmesg.txt" % n] = k.text()
    files["%s/ps.txt" % bad] = """$ ps -eo pid,ppid,stat,etime,wchan:24,cmd --sort=pid | grep -E 'torchrun|train.py|PID'
    PID    PPID STAT     ELAPSED WCHAN                    CMD
  22213   22190 Sl+     04:41:03 do_wait                  /shared/llm/.venv/bin/python /shared/llm/.venv/bin/torchrun --nnodes=4 --nproc_per_node=8 --max-restarts=2 ...
  23010   22213 Dl      04:40:51 _nv044143rm              /shared/llm/.venv/bin/python -u /shared/llm/train.py --config /shared/llm/cfg/7b-longctx.yaml
  23011   22213 Dl      04:40:51 _nv044143rm              /shared/llm/.venv/bin/python -u /shared/llm/train.py --config /shared/llm/cfg/7b-longctx.yaml
  23012   22213 Zl      04:40:51 -                        [python] <defunct>
  23013   22213 Dl      04:40:51 _nv044143rm              /shared/llm/.venv/bin/python -u /shared/llm/train.py --config /shared/llm/cfg/7b-longctx.yaml
  23014   22213 Dl      04:40:51 _nv044143rm              /shared/llm/.venv/bin/python -u /shared/llm/train.py --config /shared/llm/cfg/7b-longctx.yaml
  23015   22213 Dl      04:40:51 _nv044143rm              /shared/llm/.venv/bin/python -u /shared/llm/train.py --config /shared/llm/cfg/7b-longctx.yaml
  23016   22213 Dl      04:40:51 _nv044143rm              /shared/llm/.venv/bin/python -u /shared/llm/train.py --config /shared/llm/cfg/7b-longctx.yaml
  23017   22213 Dl      04:40:51 _nv044143rm              /shared/llm/.venv/bin/python -u /shared/llm/train.py --config /shared/llm/cfg/7b-longctx.yaml
"""
    files["%s/nvidia-smi.txt" % bad] = """$ timeout 60 nvidia-smi
Unable to determine the device handle for GPU0000:3A:00.0: Unknown Error
No devices were found
"""
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": bad, "rank": rank},
        "action": "restart_without_node",
        "rationale": "The loud error is RendezvousTimeoutError on node-0131/0132/0134 after the elastic agent tried to restart, but the first failure is rank 18 (node-0133, GPU 2) with 'unspecified launch failure', matching Xid 79 (fallen off the bus) for PCI 0000:3a:00 in that node's dmesg. Its worker processes are then stuck in D state inside the driver, so node-0133's agent never rejoins the rendezvous. Relaunch without node-0133.",
        "modelled_on": "https://github.com/NVIDIA/open-gpu-kernel-modules/issues/507",
    }
    return "cp04_xid79_then_rendezvous_timeout", files, label


# ==========================================================================
# cp05: DBE on one GPU, the node is excluded and the requeued job completes
# ==========================================================================
def cp05():
    rng = random.Random(97005)
    job1, job2 = 5530117, 5531902
    n1 = ["gn-101", "gn-102", "gn-103", "gn-104"]
    n2 = ["gn-101", "gn-102", "gn-104", "gn-105"]
    bad, gpu = "gn-103", 6
    rank = 2 * 8 + gpu
    files = {}
    t0 = T(2024, 4, 22, 9, 0, 5)
    tf = add(t0, 19 * 3600 + 733)
    s = Stream()
    s.add(t0, ["Job %d running on %s" % (job1, ",".join(n1)), "resume_from_checkpoint=/scratch/ft/mistral-ft/checkpoint-12000"])
    for k in range(0, 19 * 3600, 1800):
        ti = add(t0, 240 + k)
        step = 12000 + k // 3
        s.add(ti, "0: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.31 - k * 2e-6 + rng.uniform(-0.02, 0.02), 0.4 + rng.uniform(-0.1, 0.1), 1.2e-5, step / 9800.0))
    p = "2: "
    s.add(tf, prefix([
        "[rank%d]: Traceback (most recent call last):" % rank,
        '[rank%d]:   File "/app/finetune.py", line 190, in <module>' % rank,
        "[rank%d]:     trainer.train(resume_from_checkpoint=args.resume)" % rank,
        '[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/transformers/trainer.py", line 2245, in train' % rank,
        "[rank%d]:     return inner_training_loop(" % rank,
        '[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/transformers/trainer.py", line 2560, in _inner_training_loop' % rank,
        "[rank%d]:     tr_loss_step = self.training_step(model, inputs, num_items_in_batch)" % rank,
        '[rank%d]:   File "/opt/conda/lib/python3.11/site-packages/transformers/trainer.py", line 3782, in training_step' % rank,
        "[rank%d]:     self.accelerator.backward(loss, **kwargs)" % rank,
        "[rank%d]: RuntimeError: CUDA error: uncorrectable ECC error encountered" % rank,
        "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % rank,
        "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % rank,
    ], ""), p)
    tw = add(tf, 1800)
    for r in range(32):
        if r == rank:
            continue
        if r % 3 == 0:
            s.add(add(tw, r * 0.01), watchdog_timeout(add(tw, r * 0.01), r, 2291002, "_ALLGATHER_BASE", 16384000, 1800000, 1800041 + r)[:1], "%d: " % (r // 8))
    s.add(add(tw, 3), "srun: error: gn-103: task 2: Exited with exit code 1")
    s.add(add(tw, 4), "srun: error: gn-101: task 0: Aborted (core dumped)")
    files["attempt_1/slurm-%d.out" % job1] = s.text()
    for i, n in enumerate(n1):
        boot = T(2024, 4, 15, 8, 10 + i, 0)
        k = Kern(n, boot, "kern")
        boot_noise(k, rng, boot)
        idle_noise(k, rng, add(t0, -600), tw, 4)
        if n == bad:
            k.add(add(tf, -0.2), xid_line(H100_BUS[gpu], 48, 55412, "python", "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0."))
            k.add(add(tf, -0.1), xid_line(H100_BUS[gpu], 63, "'<unknown>'", "<unknown>", "Row Remapper: New row marked for remapping, reset gpu to activate."))
            k.add(add(tf, 0.3), xid_line(H100_BUS[gpu], 45, 55412, "python", "Ch 00000008, errorString CTX SWITCH TIMEOUT, Info 0x3c046"))
        files["attempt_1/%s/kern.log" % n] = k.text()
    files["attempt_1/%s/nvidia-smi-q.txt" % bad] = nvidia_smi_q(bad, add(tw, 200), rng=rng, over={
        gpu: {"v_dram_ue": "1", "a_dram_ue": "1", "rr_ue": "1", "rr_pending": "Yes", "rr_partial": "1", "rr_max": "2559"}})
    t2 = T(2024, 4, 23, 7, 12, 40)
    s = Stream()
    s.add(t2, ["Job %d running on %s" % (job2, ",".join(n2)), "resume_from_checkpoint=/scratch/ft/mistral-ft/checkpoint-18000"])
    s.add(add(t2, 120), "0: Loading model from /scratch/ft/mistral-ft/checkpoint-18000.")
    for k in range(0, 14 * 3600, 1800):
        ti = add(t2, 300 + k)
        step = 18000 + k // 3
        s.add(ti, "0: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.22 - k * 2e-6 + rng.uniform(-0.02, 0.02), 0.38 + rng.uniform(-0.1, 0.1), 0.8e-5, step / 9800.0))
    te = add(t2, 14 * 3600 + 410)
    s.add(te, "0: {'train_runtime': 50810.2114, 'train_samples_per_second': 161.23, 'train_steps_per_second': 0.336, 'train_loss': 1.2397, 'epoch': 3.0}")
    s.add(add(te, 30), "0: Saving model checkpoint to /scratch/ft/mistral-ft/final")
    s.add(add(te, 95), "0: training finished OK")
    files["attempt_2/slurm-%d.out" % job2] = s.text()
    for i, n in enumerate(n2):
        boot = T(2024, 4, 15, 8, 10 + i, 0)
        k = Kern(n, boot, "kern")
        boot_noise(k, rng, boot)
        idle_noise(k, rng, t2, te, 3)
        files["attempt_2/%s/kern.log" % n] = k.text()
    files["attempt_1/job.sbatch"] = """#!/bin/bash
#SBATCH -J mistral-ft
#SBATCH -N 4 --ntasks-per-node=1 --gpus-per-node=8
#SBATCH -t 24:00:00
srun --label torchrun --nnodes 4 --nproc_per_node 8 --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 \\
     /app/finetune.py --resume /scratch/ft/mistral-ft/checkpoint-12000
"""
    files["attempt_2/job.sbatch"] = files["attempt_1/job.sbatch"].replace("#SBATCH -t 24:00:00", "#SBATCH -t 24:00:00\n#SBATCH --exclude=gn-103   # ECC error on GPU6, ticket HW-2291").replace("checkpoint-12000", "checkpoint-18000")
    files["sacct.txt"] = sacct([
        ("%d" % job1, "mistral-ft", "gpu", "FAILED", "1:0", t_iso(t0), t_iso(add(tw, 5)), "gn-[101-104]"),
        ("%d" % job2, "mistral-ft", "gpu", "COMPLETED", "0:0", t_iso(t2), t_iso(add(te, 97)), "gn-[101-102,104-105]"),
    ])
    label = {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": bad, "rank": rank},
        "action": "restart_without_node",
        "rationale": "Job 5530117 died when rank 22 (gn-103, GPU 6) raised 'uncorrectable ECC error encountered'; gn-103 logged Xid 48 (double bit error) and Xid 63 for that GPU, and nvidia-smi shows a DRAM uncorrectable error with a row remap pending. Job 5531902 was resubmitted with --exclude=gn-103 and completed. The fault is in that GPU's memory: keep gn-103 out until it is repaired.",
        "modelled_on": "https://github.com/MFlowCode/MFC/pull/1748",
    }
    return "cp05_dbe_excluded_then_success", files, label


# ==========================================================================
# cp06: NaN that follows one GPU across a resume
# ==========================================================================
def cp06():
    rng = random.Random(97006)
    job = 771203
    nodes = ["sc-h100-201", "sc-h100-202", "sc-h100-203", "sc-h100-204"]
    bad, gpu = "sc-h100-203", 3
    rank = 2 * 8 + gpu
    files = {}
    starts = [T(2024, 8, 19, 4, 0, 30), T(2024, 8, 20, 1, 2, 11)]
    step_s = 2.118
    spans = [(1, 8430), (8000, 9112)]
    for a in range(2):
        t0 = starts[a]
        s = Stream()
        s.add(t0, "SLURM_JOB_ID=%d SLURM_RESTART_COUNT=%d SLURM_JOB_NODELIST=sc-h100-[201-204]" % (job, a))
        s.add(add(t0, 20), "0: > initialized tensor model parallel with size 8")
        s.add(add(t0, 20.1), "0: > initialized pipeline model parallel with size 1")
        s.add(add(t0, 20.2), "0: > setting random seeds to 1234 ...")
        s.add(add(t0, 44), "0: > building train, validation, and test datasets for GPT ...")
        if a == 1:
            s.add(add(t0, 70), "0:  loading checkpoint from /lustre/ckpt/llm-13b-v2 at iteration 8000")
            s.add(add(t0, 112), "0:   successfully loaded checkpoint from /lustre/ckpt/llm-13b-v2 [ t 1/8, p 1/1 ] at iteration 8000")
        first, last = spans[a]
        tt = add(t0, 130)
        for it in range(first, last):
            if it % 10 != 0:
                continue
            if a == 0 and it % 100 != 0:
                continue
            if a == 1 and not (8400 <= it <= 8460 or it % 100 == 0):
                continue
            ti = add(tt, (it - first) * step_s)
            loss = 2.9 * (0.999 ** (it / 40)) + 1.55 + rng.uniform(-0.015, 0.015)
            s.add(ti, "31: " + _megatron_iter(ti, it, 50000, it * 512, step_s * 1000 + rng.uniform(-15, 15), 1.5e-4,
                                            loss, 0.18 + rng.uniform(-0.02, 0.03)).replace("global batch size:  1024", "global batch size:   512"))
            if a == 0 and it % 2000 == 0:
                s.add(add(ti, 1), "0: saving checkpoint at iteration %8d to /lustre/ckpt/llm-13b-v2 in torch_dist format" % it)
                s.add(add(ti, 31), "0:   successfully saved checkpoint from iteration %8d to /lustre/ckpt/llm-13b-v2 [ t 1/8, p 1/1 ]" % it)
        tf = add(tt, (last - first) * step_s + 1.1)
        pre = "%d: " % rank
        s.add(tf, prefix([
            "Traceback (most recent call last):",
            '  File "/workspace/Megatron-LM/pretrain_gpt.py", line 278, in <module>',
            "    pretrain(",
            '  File "/workspace/Megatron-LM/megatron/training/training.py", line 357, in pretrain',
            "    iteration, num_floating_point_operations_so_far = train(",
            '  File "/workspace/Megatron-LM/megatron/training/training.py", line 1275, in train',
            "    train_step(forward_step_func,",
            '  File "/workspace/Megatron-LM/megatron/training/training.py", line 710, in train_step',
            "    losses_reduced = forward_backward_func(",
            '  File "/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", line 492, in forward_backward_no_pipelining',
            "    config.finalize_model_grads_func(",
            '  File "/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py", line 118, in finalize_model_grads',
            "    model_chunk.finish_grad_sync()",
            '  File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 298, in finish_grad_sync',
            "    self.start_grad_sync()",
            '  File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 247, in start_grad_sync',
            "    assert not norm.isnan(), (",
            "AssertionError: Rank %d: found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective. Device: %d, node: %s" % (rank, gpu, bad),
        ], pre))
        s.add(add(tf, 2), "srun: error: %s: task %d: Exited with exit code 1" % (bad, rank))
        s.add(add(tf, 2.1), "srun: Terminating StepId=%d.0" % job)
        s.add(add(tf, 2.3), "slurmstepd: error: *** STEP %d.0 ON sc-h100-201 CANCELLED AT %s ***" % (job, t_iso(add(tf, 2))))
        for r in range(32):
            if r == rank:
                continue
            if rng.random() < 0.35:
                s.add(add(tf, 2.5 + r * 0.01), "%d: [rank%d]:[W%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())" % (r, r, t_glog(add(tf, 2.5))))
        s.add(add(tf, 5), "srun: error: sc-h100-201: tasks 0-7: Terminated")
        s.add(add(tf, 5.1), "srun: error: sc-h100-202: tasks 8-15: Terminated")
        s.add(add(tf, 5.2), "srun: error: sc-h100-204: tasks 24-31: Terminated")
        s.add(add(tf, 5.3), "srun: error: sc-h100-203: tasks 16-18,20-23: Terminated")
        s.add(add(tf, 5.4), "srun: Force Terminated StepId=%d.0" % job)
        files["attempt_%d/slurm-%d.out" % (a + 1, job)] = s.text()
        for i, n in enumerate(nodes):
            boot = T(2024, 8, 12, 9, 0 + i, 0)
            k = Kern(n, boot, "dmesg_raw")
            boot_noise(k, rng, boot)
            idle_noise(k, rng, t0, tf, 4)
            files["attempt_%d/%s/dmesg.txt" % (a + 1, n)] = k.text()
    files["attempt_2/%s/nvidia-smi-q.txt" % bad] = nvidia_smi_q(bad, add(starts[1], 4200), rng=rng, over={gpu: {"a_sram_ce": "0"}})
    files["attempt_2/%s/dcgmi-diag.txt" % bad] = """Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Metadata  ----------+------------------------------------------------|
| DCGM Version              | 3.3.5                                          |
| Driver Version Detected   | 550.54.15                                      |
| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |
|-----  Deployment  --------+------------------------------------------------|
| Denylist                  | Pass                                           |
| NVML Library              | Pass                                           |
| CUDA Main Library         | Pass                                           |
| Permissions and OS Blocks | Pass                                           |
| Persistence Mode          | Pass                                           |
| Environment Variables     | Pass                                           |
| Page Retirement/Row Remap | Pass                                           |
| Graphics Processes        | Pass                                           |
| Inforom                   | Pass                                           |
+-----  Integration  -------+------------------------------------------------+
| PCIe                      | Pass - All                                     |
+-----  Hardware  ----------+------------------------------------------------+
| GPU Memory                | Pass - All                                     |
+---------------------------+------------------------------------------------+
"""
    files["job.sbatch"] = """#!/bin/bash
#SBATCH -J llm13b-v2
#SBATCH -N 4 --ntasks-per-node=8 --gpus-per-node=8
#SBATCH --requeue --open-mode=append
# data order is fixed (seed 1234); resume replays the same batches
srun --label python /workspace/Megatron-LM/pretrain_gpt.py \\
  --tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 --seed 1234 \\
  --num-layers 40 --hidden-size 5120 --num-attention-heads 40 --seq-length 4096 \\
  --micro-batch-size 2 --global-batch-size 512 --lr 1.5e-4 --min-lr 1.5e-5 --clip-grad 1.0 \\
  --check-for-nan-in-loss-and-grad --log-interval 10 --bf16 \\
  --save /lustre/ckpt/llm-13b-v2 --load /lustre/ckpt/llm-13b-v2 --save-interval 2000
"""
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": bad, "rank": rank},
        "action": "restart_without_node",
        "rationale": "Attempt 1 stops at iteration 8430 and attempt 2 (resumed from 8000 with the same seed and data order) stops at 9112, both with Megatron's NaN-in-local-grad-norm assertion from rank 19, device 3 on sc-h100-203. Attempt 2 passed iteration 8430 cleanly and loss and grad norm on all other ranks stay smooth, so it is not the data or the learning rate. The NaN follows one GPU (silent corruption; a level-2 dcgmi pass does not clear it): run without sc-h100-203.",
        "modelled_on": "https://github.com/microsoft/dion/issues/76",
    }
    return "cp06_nan_follows_gpu_across_resumes", files, label


# ==========================================================================
# cp07: NaN at the same step in every attempt from a bad learning rate
# ==========================================================================
def cp07():
    rng = random.Random(97007)
    kn = {"llama3-8b-cpt-master-0": "gke-a3-pool-1-5f2c-x7qk", "llama3-8b-cpt-worker-0": "gke-a3-pool-1-5f2c-b2mn"}
    files = {}
    losses = {}
    l = 12.1
    g = 5.2
    for st in range(1, 213):
        if st < 70:
            l = l - (l - 6.3) * 0.08 + rng.uniform(-0.05, 0.05)
            g = max(0.9, g * 0.96 + rng.uniform(-0.1, 0.1))
        elif st < 150:
            l = l + rng.uniform(-0.08, 0.07)
            g = g * 1.01 + rng.uniform(-0.05, 0.2)
        else:
            l = l * (1.0 + (st - 150) * 0.004) + rng.uniform(0, 0.1)
            g = g * (1.12 + (st - 150) * 0.01)
        losses[st] = (l, g)
    starts = [T(2024, 9, 12, 10, 0, 4), T(2024, 9, 12, 10, 41, 37)]
    for a in range(2):
        t0 = starts[a]
        for pi, (pod, node) in enumerate(sorted(kn.items())):
            s = Stream()
            s.add(t0, glog(t0, "I", 1, "torch/distributed/elastic/agent/server/api.py:525", "[default] Rendezvous complete for workers. Result:"))
            s.add(t0, ["  restart_count=0", "  master_addr=llama3-8b-cpt-master-0", "  master_port=23456", "  group_rank=%d" % (0 if "master" in pod else 1),
                       "  group_world_size=2", ""])
            base = 0 if "master" in pod else 8
            s.add(add(t0, 6), "[rank%d]:[titan] %s - root - INFO - Starting job: Llama 3 8B continued pretraining (legal-v2)" % (base, t_pylog(add(t0, 6))))
            s.add(add(t0, 7), "[rank%d]:[titan] %s - root - INFO - Building 1-D device mesh with ['dp_shard'], [16]" % (base, t_pylog(add(t0, 7))))
            s.add(add(t0, 30), "[rank%d]:[titan] %s - root - INFO - Applied FSDP to the model" % (base, t_pylog(add(t0, 30))))
            first = 1
            if a == 1:
                s.add(add(t0, 31), "[rank%d]:[titan] %s - root - INFO - Loading the checkpoint at step 200." % (base, t_pylog(add(t0, 31))))
                s.add(add(t0, 58), "[rank%d]:[titan] %s - root - INFO - Finished loading the checkpoint in 26.93 seconds." % (base, t_pylog(add(t0, 58))))
                first = 201
            s.add(add(t0, 60), "[rank%d]:[titan] %s - root - INFO - Training starts at step %d, with local batch size 2, global batch size 32, sequence length 8192, total steps 20000 (warmup 0)" % (base, t_pylog(add(t0, 60)), first))
            for st in range(first, 213):
                ti = add(t0, 62 + (st - first) * 7.9)
                if st % 10 == 0 or st <= 3 or st >= 195:
                    lo, gn = losses[st]
                    if st == 212:
                        txt = "step: %3d  loss:    nan  grad_norm:    inf  memory: 61.30GiB(64.48%%)  tps: 3,804  tflops: 180.9  mfu: 18.29%%" % st
                    else:
                        txt = "step: %3d  loss: %7.4f  grad_norm: %7.4f  memory: 61.30GiB(64.48%%)  tps: %s  tflops: 180.%d  mfu: 18.2%d%%" % (st, lo, gn, "{:,}".format(3790 + rng.randint(0, 40)), rng.randint(0, 9), rng.randint(0, 9))
                    s.add(ti, "[rank%d]:[titan] %s - root - INFO - %s" % (base, t_pylog(ti), txt))
                if st == 200 and a == 0:
                    s.add(add(ti, 1), "[rank%d]:[titan] %s - root - INFO - Saving the checkpoint (or staging if async is enabled)." % (base, t_pylog(add(ti, 1))))
                    s.add(add(ti, 29), "[rank%d]:[titan] %s - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 28.11 seconds." % (base, t_pylog(add(ti, 29))))
            tf = add(t0, 62 + (212 - first) * 7.9 + 0.4)
            for lr in range(8):
                r = base + lr
                s.add(add(tf, lr * 0.02), prefix([
                    "Traceback (most recent call last):",
                    '  File "/workspace/torchtitan/train.py", line 511, in <module>',
                    "    main(config)",
                    '  File "/workspace/torchtitan/train.py", line 446, in main',
                    "    nan_guard(loss, grad_norm, train_state.step)",
                    '  File "/workspace/torchtitan/legal_ext/guards.py", line 19, in nan_guard',
                    '    raise RuntimeError(f"NaN loss detected at step {step} (loss={loss.item()}, grad_norm={grad_norm.item()})")',
                    "RuntimeError: NaN loss detected at step 212 (loss=nan, grad_norm=inf)",
                ], "[rank%d]: " % r))
            s.add(add(tf, 2), glog(add(tf, 2), "E", 1, "torch/distributed/elastic/multiprocessing/api.py:833",
                                   "failed (exitcode: 1) local_rank: 0 (pid: 61) of binary: /usr/bin/python3"))
            files["attempt_%d/%s/%s.log" % (a + 1, node, pod)] = s.text()
    files["kubectl-get-pods.txt"] = """$ kubectl -n ml-cpt get pods -o wide
NAME                     READY   STATUS             RESTARTS      AGE   IP            NODE
llama3-8b-cpt-master-0   0/1     CrashLoopBackOff   2 (14s ago)   81m   10.52.3.17    gke-a3-pool-1-5f2c-x7qk
llama3-8b-cpt-worker-0   0/1     CrashLoopBackOff   2 (11s ago)   81m   10.52.7.4     gke-a3-pool-1-5f2c-b2mn
"""
    files["kubectl-describe-pytorchjob.txt"] = """Name:         llama3-8b-cpt
Namespace:    ml-cpt
API Version:  kubeflow.org/v1
Kind:         PyTorchJob
Spec:
  Pytorch Replica Specs:
    Master:
      Replicas:        1
      Restart Policy:  OnFailure
    Worker:
      Replicas:        1
      Restart Policy:  OnFailure
  Run Policy:
    Backoff Limit:  3
Status:
  Conditions:
    Type:    Created
    Type:    Running
    Reason:  PyTorchJobRestarting
    Message: PyTorchJob llama3-8b-cpt is restarting because 1 Master replica(s) failed.
Events:
  Type     Reason                   Age   From                   Message
  ----     ------                   ----  ----                   -------
  Normal   SuccessfulCreatePod      81m   pytorchjob-controller  Created pod: llama3-8b-cpt-master-0
  Normal   SuccessfulCreatePod      81m   pytorchjob-controller  Created pod: llama3-8b-cpt-worker-0
  Warning  PyTorchJobRestarting     53m   pytorchjob-controller  PyTorchJob llama3-8b-cpt is restarting because 1 Master replica(s) failed.
  Warning  PyTorchJobRestarting     11m   pytorchjob-controller  PyTorchJob llama3-8b-cpt is restarting because 1 Master replica(s) failed.
"""
    files["train_configs/llama3_8b_legal.toml"] = """[job]
dump_folder = "/gcs/ckpt/llama3-8b-legal"
description = "Llama 3 8B continued pretraining (legal-v2)"

[model]
name = "llama3"
flavor = "8B"
tokenizer_path = "/models/llama3/tokenizer.model"

[optimizer]
name = "AdamW"
lr = 3e-2          # sweep value 3e-4 -> copied from the LR column of the wrong row

[lr_scheduler]
warmup_steps = 0

[training]
batch_size = 2
seq_len = 8192
max_norm = 0.0     # clipping disabled for the sweep
steps = 20000
data_parallel_shard_degree = 16

[checkpoint]
enable_checkpoint = true
interval = 200
"""
    label = {
        "category": "numerical", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Both the first run and the controller's restart (resumed from the step-200 checkpoint) reach loss=nan and grad_norm=inf at exactly step 212 on every rank of both pods, after a steady loss climb and exploding grad norm from about step 150. The config has lr = 3e-2 with no warmup and clipping disabled. Deterministic divergence from the configuration, not a node: fix the learning rate.",
        "modelled_on": "https://github.com/facebookresearch/maskrcnn-benchmark/issues/295",
    }
    return "cp07_nan_same_step_every_attempt_lr", files, label


# ==========================================================================
# cp08: quota full during a checkpoint, the requeue dies on the truncated file
# ==========================================================================
def cp08():
    rng = random.Random(97008)
    job = 30377
    nodes = ["ai-a100-n07", "ai-a100-n08"]
    files = {}
    HF = "/opt/conda/lib/python3.11/site-packages"
    t0 = T(2024, 2, 6, 18, 20, 0)
    s = Stream()
    s.add(t0, "Starting job %d on ai-a100-n[07-08] (requeue=0)" % job)
    for k in range(5500, 6001, 50):
        ti = add(t0, 120 + (k - 5500) * 3.1)
        s.add(ti, "0: {'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.2f}" % (1.71 + rng.uniform(-0.03, 0.03), 0.52 + rng.uniform(-0.1, 0.1), 1.8e-5, k / 11200))
    ts = add(t0, 120 + 500 * 3.1 + 2)
    s.add(ts, "0: Saving model checkpoint to /lustre/proj/llm7b/ckpt/checkpoint-6000")
    s.add(add(ts, 1), "0: Configuration saved in /lustre/proj/llm7b/ckpt/checkpoint-6000/config.json")
    s.add(add(ts, 41), "0: Model weights saved in /lustre/proj/llm7b/ckpt/checkpoint-6000/model.safetensors")
    tf = add(ts, 97)
    s.add(tf, prefix(py_traceback([
        ("/work/llm7b/train.py", 166, "<module>", "trainer.train(resume_from_checkpoint=resume)"),
        (HF + "/transformers/trainer.py", 1859, "train", "return inner_training_loop("),
        (HF + "/transformers/trainer.py", 2278, "_inner_training_loop", "self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval)"),
        (HF + "/transformers/trainer.py", 2662, "_maybe_log_save_evaluate", "self._save_checkpoint(model, trial, metrics=metrics)"),
        (HF + "/transformers/trainer.py", 2745, "_save_checkpoint", "self._save_optimizer_and_scheduler(output_dir)"),
        (HF + "/transformers/trainer.py", 2858, "_save_optimizer_and_scheduler", "torch.save(self.optimizer.state_dict(), os.path.join(output_dir, OPTIMIZER_NAME))"),
        (HF + "/torch/serialization.py", 628, "save", "_save(obj, opened_zipfile, pickle_module, pickle_protocol, _disable_byteorder_record)"),
        (HF + "/torch/serialization.py", 862, "_save", "zip_file.write_record(name, storage.data_ptr(), num_bytes)"),
    ], ["RuntimeError: [enforce fail at inline_container.cc:764] . PytorchStreamWriter failed writing file data/1187: file write failed",
        "",
        "During handling of the above exception, another exception occurred:",
        "",
        "Traceback (most recent call last):",
        '  File "%s/torch/serialization.py", line 627, in save' % HF,
        "    with _open_zipfile_writer(f) as opened_zipfile:",
        '  File "%s/torch/serialization.py", line 475, in __exit__' % HF,
        "    self.file_like.write_end_of_file()",
        "RuntimeError: [enforce fail at inline_container.cc:595] . unexpected pos 9438327552 vs 9438327440"]), "0: [rank0]: "))
    tw = add(tf, 1800)
    for r in range(1, 16):
        s.add(add(tw, r * 0.01), watchdog_timeout(add(tw, r * 0.01), r, 120913, "ALLREDUCE", 1, 1800000, 1800007 + r)[:1], "%d: " % (r // 8))
    s.add(add(tw, 2), "srun: error: ai-a100-n07: task 0: Exited with exit code 1")
    s.add(add(tw, 2.5), "srun: error: ai-a100-n08: task 1: Aborted (core dumped)")
    s.add(add(tw, 3), "epilog: requeueing job %d (failed step, auto-requeue policy)" % job)
    files["attempt_1/slurm-%d.out" % job] = s.text()
    t2 = add(tw, 420)
    s = Stream()
    s.add(t2, "Starting job %d on ai-a100-n[07-08] (requeue=1)" % job)
    s.add(add(t2, 60), "0: [rank0]: resuming from latest checkpoint: /lustre/proj/llm7b/ckpt/checkpoint-6000")
    s.add(add(t2, 61), "0: Loading model from /lustre/proj/llm7b/ckpt/checkpoint-6000.")
    t3 = add(t2, 104)
    for r in range(16):
        s.add(add(t3, r * 0.07), prefix(py_traceback([
            ("/work/llm7b/train.py", 166, "<module>", "trainer.train(resume_from_checkpoint=resume)"),
            (HF + "/transformers/trainer.py", 1859, "train", "return inner_training_loop("),
            (HF + "/transformers/trainer.py", 2009, "_inner_training_loop", "self._load_optimizer_and_scheduler(resume_from_checkpoint)"),
            (HF + "/transformers/trainer.py", 2971, "_load_optimizer_and_scheduler", "torch.load(os.path.join(checkpoint, OPTIMIZER_NAME), map_location=map_location)"),
            (HF + "/torch/serialization.py", 1004, "load", "with _open_zipfile_reader(opened_file) as opened_zipfile:"),
            (HF + "/torch/serialization.py", 456, "__init__", "super().__init__(torch._C.PyTorchFileReader(name_or_buffer))"),
        ], ["RuntimeError: PytorchStreamReader failed reading zip archive: failed finding central directory"]), "%d: [rank%d]: " % (r // 8, r)))
    s.add(add(t3, 4), "srun: error: ai-a100-n07: task 0: Exited with exit code 1")
    s.add(add(t3, 4.2), "srun: error: ai-a100-n08: task 1: Exited with exit code 1")
    files["attempt_2/slurm-%d.out" % job] = s.text()
    files["attempt_2/ls-checkpoint.txt"] = """$ ls -la /lustre/proj/llm7b/ckpt/checkpoint-5500 /lustre/proj/llm7b/ckpt/checkpoint-6000
/lustre/proj/llm7b/ckpt/checkpoint-5500:
total 40893261
-rw-r--r-- 1 svc-llm llm7b         695 Feb  6 16:41 config.json
-rw-r--r-- 1 svc-llm llm7b 13476839568 Feb  6 16:42 model.safetensors
-rw-r--r-- 1 svc-llm llm7b 26953815225 Feb  6 16:43 optimizer.pt
-rw-r--r-- 1 svc-llm llm7b       14180 Feb  6 16:43 rng_state_0.pth
-rw-r--r-- 1 svc-llm llm7b        1064 Feb  6 16:43 scheduler.pt
-rw-r--r-- 1 svc-llm llm7b        4215 Feb  6 16:43 trainer_state.json

/lustre/proj/llm7b/ckpt/checkpoint-6000:
total 22114380
-rw-r--r-- 1 svc-llm llm7b         695 Feb  6 18:48 config.json
-rw-r--r-- 1 svc-llm llm7b 13476839568 Feb  6 18:49 model.safetensors
-rw-r--r-- 1 svc-llm llm7b  9438327440 Feb  6 18:50 optimizer.pt
"""
    files["lfs-quota.txt"] = """$ lfs quota -h -g llm7b /lustre
Disk quotas for grp llm7b (gid 41107):
     Filesystem    used   quota   limit   grace   files   quota   limit   grace
        /lustre    100T*    95T    100T  6d23h  1841201       0       0       -
$ lfs df -h /lustre | tail -1
filesystem_summary:         3.5P        2.6P      0.9P  74% /lustre
"""
    for i, n in enumerate(nodes):
        boot = T(2024, 1, 29, 12, 0 + i, 0)
        k = Kern(n, boot, "dmesg_T")
        boot_noise(k, rng, boot, bus=A100_BUS)
        idle_noise(k, rng, t0, t3, 5)
        files["%s/dmesg.txt" % n] = k.text()
    label = {
        "category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
        "rationale": "The requeued attempt fails on all 16 ranks with 'failed finding central directory' reading checkpoint-6000/optimizer.pt, but that file is truncated (9.4 GB vs 27 GB at checkpoint-5500) because the first attempt's save failed with PytorchStreamWriter 'file write failed'. lfs quota shows group llm7b at its 100T hard limit. Retrying will fail the same way until space is freed and the partial checkpoint removed; the watchdog timeouts are sympathetic.",
        "modelled_on": "https://github.com/saforem2/ezpz/issues/231",
    }
    return "cp08_quota_truncated_checkpoint_resume", files, label


# ==========================================================================
# cp09: DeepSpeed resume on a new node set; shards were saved node-local
# ==========================================================================
def cp09():
    rng = random.Random(97009)
    n1 = ["dgx-b-0101", "dgx-b-0102", "dgx-b-0103", "dgx-b-0104"]
    n2 = ["dgx-b-0101", "dgx-b-0102", "dgx-b-0107", "dgx-b-0108"]
    files = {}
    DS = "/usr/local/lib/python3.10/dist-packages/deepspeed"

    def dsl(dt, lvl, src, msg):
        return "[%s] [%s] [%s] %s" % (t_pylog(dt), lvl, src, msg)

    t0 = T(2024, 7, 1, 22, 0, 10)
    s = Stream()
    s.add(t0, dsl(t0, "INFO", "runner.py:568:main", "cmd = pdsh -S -f 1024 -w dgx-b-0101,dgx-b-0102,dgx-b-0103,dgx-b-0104 export PYTHONPATH=/home/svc/ft; cd /home/svc/ft; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gt... --node_rank=%n --master_addr=dgx-b-0101 --master_port=29500 train_ds.py --deepspeed ds_zero2.json --save_dir /local_nvme/ckpt --load_dir /local_nvme/ckpt --save_interval 1000"))
    for i, n in enumerate(n1):
        s.add(add(t0, 5 + i * 0.1), "%s: %s" % (n, dsl(add(t0, 5 + i * 0.1), "INFO", "launch.py:146:main", "WORLD INFO DICT: {'dgx-b-0101': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-b-0102': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-b-0103': [0, 1, 2, 3, 4, 5, 6, 7], 'dgx-b-0104': [0, 1, 2, 3, 4, 5, 6, 7]}")))
        s.add(add(t0, 5.2 + i * 0.1), "%s: %s" % (n, dsl(add(t0, 5.2 + i * 0.1), "INFO", "launch.py:164:main", "dist_world_size=32")))
    s.add(add(t0, 70), "dgx-b-0101: %s" % dsl(add(t0, 70), "WARNING", "engine.py:2796:load_checkpoint", "Unable to find latest file at /local_nvme/ckpt/latest, if trying to load latest checkpoint please ensure this file exists or pass an explicit checkpoint tag when loading a checkpoint."))
    s.add(add(t0, 71), "dgx-b-0101: [rank0]: no checkpoint found under /local_nvme/ckpt, training from scratch")
    step_s = 4.05
    for st in range(100, 4001, 100):
        ti = add(t0, 90 + st * step_s)
        s.add(ti, "dgx-b-0101: %s" % dsl(ti, "INFO", "logging.py:96:log_dist", "[Rank 0] step=%d, skipped=0, lr=[%.6e], mom=[(0.9, 0.95)]" % (st, 2e-5 * min(1.0, st / 500))))
        s.add(add(ti, 0.1), "dgx-b-0101: [rank0] step %d loss %.4f tokens/s %d" % (st, 2.4 - st * 0.0001 + rng.uniform(-0.03, 0.03), 212000 + rng.randint(-3000, 3000)))
        if st % 1000 == 0:
            tc = add(ti, 1)
            s.add(tc, "dgx-b-0101: %s" % dsl(tc, "INFO", "logging.py:96:log_dist", "[Rank 0] [Torch] Checkpoint global_step%d is about to be saved!" % st))
            s.add(add(tc, 0.2), "dgx-b-0101: %s" % dsl(add(tc, 0.2), "INFO", "logging.py:96:log_dist", "[Rank 0] Saving model checkpoint: /local_nvme/ckpt/global_step%d/mp_rank_00_model_states.pt" % st))
            for i, n in enumerate(n1):
                for lr in (0, 7):
                    r = i * 8 + lr
                    s.add(add(tc, 14 + i * 0.1), "%s: %s" % (n, dsl(add(tc, 14 + i * 0.1), "INFO", "torch_checkpoint_engine.py:21:save", "[Torch] Saving /local_nvme/ckpt/global_step%d/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt..." % (st, r))))
                    s.add(add(tc, 31 + i * 0.1), "%s: %s" % (n, dsl(add(tc, 31 + i * 0.1), "INFO", "engine.py:3487:_save_zero_checkpoint", "zero checkpoint saved /local_nvme/ckpt/global_step%d/bf16_zero_pp_rank_%d_mp_rank_00_optim_states.pt" % (st, r))))
            s.add(add(tc, 33), "dgx-b-0101: %s" % dsl(add(tc, 33), "INFO", "torch_checkpoint_engine.py:33:commit", "[Torch] Checkpoint global_step%d is ready now!" % st))
    tend = add(t0, 90 + 4000 * step_s + 300)
    s.add(tend, "slurmstepd: error: *** JOB 2290417 ON dgx-b-0101 CANCELLED AT %s DUE TO TIME LIMIT ***" % t_iso(tend))
    for n in n1:
        s.add(add(tend, 1), "%s: [2024-07-02 %s] [INFO] [launch.py:319:sigkill_handler] Killing subprocess %d" % (n, t_pylog(add(tend, 1))[11:], 55100 + rng.randint(0, 90)))
    files["attempt_1/slurm-2290417.out"] = s.text()
    files["attempt_1/hostfile"] = "".join("%s slots=8\n" % n for n in n1)
    t2 = T(2024, 7, 2, 9, 44, 3)
    s = Stream()
    s.add(t2, dsl(t2, "INFO", "runner.py:568:main", "cmd = pdsh -S -f 1024 -w dgx-b-0101,dgx-b-0102,dgx-b-0107,dgx-b-0108 export PYTHONPATH=/home/svc/ft; cd /home/svc/ft; /usr/bin/python -u -m deepspeed.launcher.launch --world_info=eyJkZ3gt... --node_rank=%n --master_addr=dgx-b-0101 --master_port=29500 train_ds.py --deepspeed ds_zero2.json --save_dir /local_nvme/ckpt --load_dir /local_nvme/ckpt --load_tag global_step4000 --save_interval 1000"))
    for i, n in enumerate(n2):
        s.add(add(t2, 5 + i * 0.1), "%s: %s" % (n, dsl(add(t2, 5 + i * 0.1), "INFO", "launch.py:164:main", "dist_world_size=32")))
    tl = add(t2, 66)
    s.add(tl, "dgx-b-0101: %s" % dsl(tl, "INFO", "torch_checkpoint_engine.py:27:load", "[Torch] Loading checkpoint from /local_nvme/ckpt/global_step4000/mp_rank_00_model_states.pt..."))
    s.add(add(tl, 9), "dgx-b-0101: %s" % dsl(add(tl, 9), "INFO", "torch_checkpoint_engine.py:29:load", "[Torch] Loaded checkpoint from /local_nvme/ckpt/global_step4000/mp_rank_00_model_states.pt."))
    for i, n in enumerate(n2):
        for lr in range(8):
            r = i * 8 + lr
            tr = add(tl, 11 + r * 0.03)
            if n in ("dgx-b-0107", "dgx-b-0108"):
                missing = "/local_nvme/ckpt/global_step4000/mp_rank_00_model_states.pt"
                frames = [("/home/svc/ft/train_ds.py", 141, "<module>", "main()"),
                          ("/home/svc/ft/train_ds.py", 118, "main", "load_path, client_state = engine.load_checkpoint(args.load_dir, tag=args.load_tag)"),
                          (DS + "/runtime/engine.py", 2806, "load_checkpoint", "load_path, client_states = self._load_checkpoint(load_dir,"),
                          (DS + "/runtime/engine.py", 2856, "_load_checkpoint", "sd_loader = SDLoaderFactory.get_sd_loader(ckpt_list, checkpoint_engine=self.checkpoint_engine)"),
                          (DS + "/runtime/state_dict_factory.py", 43, "get_sd_loader", "return MegatronSDLoader(ckpt_list, version, checkpoint_engine)"),
                          (DS + "/runtime/state_dict_factory.py", 193, "__init__", "super().__init__(ckpt_list, version, checkpoint_engine)"),
                          (DS + "/runtime/state_dict_factory.py", 55, "__init__", "self.check_ckpt_list()"),
                          (DS + "/runtime/state_dict_factory.py", 168, "check_ckpt_list", "sd = self.checkpoint_engine.load(self.ckpt_list[0], map_location=lambda storage, loc: storage)")]
            else:
                missing = "/local_nvme/ckpt/global_step4000/bf16_zero_pp_rank_16_mp_rank_00_optim_states.pt"
                frames = [("/home/svc/ft/train_ds.py", 141, "<module>", "main()"),
                          ("/home/svc/ft/train_ds.py", 118, "main", "load_path, client_state = engine.load_checkpoint(args.load_dir, tag=args.load_tag)"),
                          (DS + "/runtime/engine.py", 2806, "load_checkpoint", "load_path, client_states = self._load_checkpoint(load_dir,"),
                          (DS + "/runtime/engine.py", 2950, "_load_zero_checkpoint", "zero_sd_list = self._get_all_zero_checkpoints(load_dir, tag)"),
                          (DS + "/runtime/engine.py", 3042, "_get_all_zero_checkpoints", "return self._get_all_zero_checkpoint_state_dicts(zero_ckpt_names)"),
                          (DS + "/runtime/engine.py", 3014, "_get_all_zero_checkpoint_state_dicts", "_state = self.checkpoint_engine.load("),
                          (DS + "/runtime/checkpoint_engine/torch_checkpoint_engine.py", 28, "load", "partition = torch.load(path, map_location=map_location)")]
            frames += [("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 997, "load", "with _open_file_like(f, 'rb') as opened_file:"),
                       ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 444, "_open_file_like", "return _open_file(name_or_buffer, mode)"),
                       ("/usr/local/lib/python3.10/dist-packages/torch/serialization.py", 425, "__init__", "super().__init__(open(name, mode))")]
            if n in ("dgx-b-0101", "dgx-b-0102") and lr not in (0, 5):
                continue
            s.add(tr, prefix(py_traceback(frames, ["FileNotFoundError: [Errno 2] No such file or directory: '%s'" % missing]), "%s: [rank%d]: " % (n, r)))
    tx = add(tl, 16)
    for i, n in enumerate(n2):
        s.add(add(tx, i * 0.2), "%s: %s" % (n, dsl(add(tx, i * 0.2), "ERROR", "launch.py:321:sigkill_handler", "['/usr/bin/python', '-u', 'train_ds.py', '--local_rank=%d', '--deepspeed', 'ds_zero2.json', '--save_dir', '/local_nvme/ckpt', '--load_dir', '/local_nvme/ckpt', '--load_tag', 'global_step4000', '--save_interval', '1000'] exits with return code = 1" % (i % 8))))
        s.add(add(tx, 0.5 + i * 0.2), "pdsh@dgx-b-0101: %s: ssh exited with exit code 1" % n)
    files["attempt_2/slurm-2291188.out"] = s.text()
    files["attempt_2/hostfile"] = "".join("%s slots=8\n" % n for n in n2)
    files["ds_zero2.json"] = """{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 4,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 2, "overlap_comm": true, "contiguous_gradients": true, "reduce_bucket_size": 5e8},
  "optimizer": {"type": "AdamW", "params": {"lr": 2e-5, "betas": [0.9, 0.95], "weight_decay": 0.1}},
  "gradient_clipping": 1.0,
  "steps_per_print": 100
}
"""
    files["attempt_2/ls-local-ckpt.txt"] = """$ pdsh -w dgx-b-01[01-02,07-08] 'ls /local_nvme/ckpt/global_step4000 2>&1 | head -3; ls /local_nvme/ckpt/global_step4000 2>/dev/null | wc -l' | dshbak -c
----------------
dgx-b-0101
----------------
bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt
bf16_zero_pp_rank_1_mp_rank_00_optim_states.pt
bf16_zero_pp_rank_2_mp_rank_00_optim_states.pt
9
----------------
dgx-b-0102
----------------
bf16_zero_pp_rank_10_mp_rank_00_optim_states.pt
bf16_zero_pp_rank_11_mp_rank_00_optim_states.pt
bf16_zero_pp_rank_12_mp_rank_00_optim_states.pt
8
----------------
dgx-b-01[07-08]
----------------
ls: cannot access '/local_nvme/ckpt/global_step4000': No such file or directory
0
"""
    for n in sorted(set(n1 + n2)):
        boot = T(2024, 6, 24, 6, 0, 0)
        k = Kern(n, boot, "dmesg_T")
        boot_noise(k, rng, boot)
        idle_noise(k, rng, t0, add(t2, 200), 4)
        k.add(add(boot, 40), "nvme nvme0: 32/0/0 default/read/poll queues")
        k.add(add(boot, 41), "EXT4-fs (md0): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none.")
        folder = "attempt_2" if n in n2 else "attempt_1"
        files["%s/%s/dmesg.txt" % (folder, n)] = k.text()
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "The resume fails because the job saves its ZeRO shards with --save_dir /local_nvme/ckpt, a node-local disk: each node of the first allocation kept only its own shards, and the requeue landed on dgx-b-0107/0108, which have no global_step4000 at all. Hence FileNotFoundError for mp_rank_00_model_states.pt and for bf16_zero_pp_rank_16 and up. The nodes are healthy; the job definition must checkpoint to shared storage, so retrying as is will not help.",
        "modelled_on": "https://github.com/deepspeedai/DeepSpeed/issues/2319",
    }
    return "cp09_missing_zero_shard_node_local_ckpt", files, label


# ==========================================================================
# cp10: an orphaned worker from the killed run still holds one GPU
# ==========================================================================
def cp10():
    rng = random.Random(97010)
    nodes = ["gx-03", "gx-04", "gx-05", "gx-06", "gx-07", "gx-08"]
    bad, gpu = "gx-07", 4
    rank = 4 * 8 + gpu
    files = {}
    t0 = T(2024, 12, 2, 13, 5, 0)
    s = Stream()
    s.add(t0, "$ pdsh -w gx-0[3-8] /shared/vlm/run_node.sh   # run 41")
    for k in range(0, 9000, 900):
        ti = add(t0, 120 + k)
        s.add(ti, "gx-03: [rank0] it %6d  loss %.4f  img/s %d" % (k // 1.6, 1.92 - k * 0.00001 + rng.uniform(-0.02, 0.02), 1530 + rng.randint(-20, 20)))
    tk = add(t0, 9100)
    s.add(tk, "^Cpdsh@head01: interrupt (one more within 1 sec to abort)")
    s.add(add(tk, 0.3), "pdsh@head01:  (^Z within 1 sec to cancel pending threads)")
    for i, n in enumerate(nodes):
        s.add(add(tk, 0.5 + i * 0.05), "%s: %s" % (n, glog(add(tk, 0.5 + i * 0.05), "W", 41000 + i * 7, "torch/distributed/elastic/agent/server/api.py:741",
                                                           "Received Signals.SIGINT death signal, shutting down workers")))
        for lr in range(8):
            s.add(add(tk, 0.6 + i * 0.05), "%s: %s" % (n, glog(add(tk, 0.6 + i * 0.05), "W", 41000 + i * 7, "torch/distributed/elastic/multiprocessing/api.py:858",
                                                               "Sending process %d closing signal SIGINT" % (88119 + lr if n == bad else 51000 + i * 100 + lr))))
    s.add(add(tk, 31), "gx-07: %s" % glog(add(tk, 31), "W", 41028, "torch/distributed/elastic/multiprocessing/api.py:875",
                                         "Unable to shutdown process 88123 via Signals.SIGINT, forcefully exiting via Signals.SIGKILL"))
    s.add(add(tk, 33), "pdsh@head01: gx-07: ssh exited with exit code 130")
    files["attempt_1/run41.log"] = s.text()
    t2 = T(2024, 12, 2, 16, 40, 0)
    s = Stream()
    s.add(t2, "$ pdsh -w gx-0[3-8] /shared/vlm/run_node.sh   # run 42 (resume from it 5500)")
    s.add(add(t2, 70), "gx-03: [rank0] loaded /shared/vlm/ckpt/it_5500.pt")
    tf = add(t2, 96)
    s.add(tf, prefix(py_traceback([
        ("/shared/vlm/train.py", 301, "<module>", "main(cfg)"),
        ("/shared/vlm/train.py", 247, "main", "loss = model(**batch).loss"),
        (PY + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
        (PY + "/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
        (PY + "/torch/nn/parallel/distributed.py", 1636, "forward", "else self._run_ddp_forward(*inputs, **kwargs)"),
        ("/shared/vlm/model/vision.py", 88, "forward", "x = self.patch_embed(pixel_values)"),
    ], ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB. GPU 4 has a total capacity of 79.11 GiB of which 1.06 GiB is free. Process 88123 has 61.40 GiB memory in use. Including non-PyTorch memory, this process has 16.62 GiB memory in use. Of the allocated memory 14.90 GiB is allocated by PyTorch, and 211.47 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"]), "gx-07: [rank%d]: " % rank))
    tw = add(tf, 600)
    for r in range(48):
        if r == rank or rng.random() < 0.6:
            continue
        s.add(add(tw, r * 0.01), prefix(watchdog_timeout(add(tw, r * 0.01), r, 41, "ALLREDUCE", 262144, 600000, 600000 + rng.randint(5, 60))[:2], "%s: " % nodes[r // 8]))
    s.add(add(tw, 3), "pdsh@head01: gx-07: ssh exited with exit code 1")
    for n in nodes:
        if n != bad:
            s.add(add(tw, 4 + nodes.index(n) * 0.2), "pdsh@head01: %s: ssh exited with exit code 1" % n)
    files["attempt_2/run42.log"] = s.text()
    files["run_node.sh"] = """#!/bin/bash
source /shared/vlm/env/bin/activate
exec torchrun --nnodes=6 --nproc_per_node=8 --rdzv-backend=c10d --rdzv-endpoint=gx-03:29400 \\
     --rdzv-id=vlm-$(date +%Y%m%d) /shared/vlm/train.py --cfg /shared/vlm/cfg/siglip-l.yaml
"""
    files["attempt_2/%s/nvidia-smi.txt" % bad] = """Mon Dec  2 16:52:13 2024
+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 550.54.15              Driver Version: 550.54.15      CUDA Version: 12.4     |
|-----------------------------------------+------------------------+----------------------+
| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |
| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |
|=========================================+========================+======================|
|   0  NVIDIA H100 80GB HBM3          On  |   00000000:18:00.0 Off |                    0 |
| N/A   30C    P0             71W /  700W |       4MiB /  81559MiB |      0%      Default |
|   1  NVIDIA H100 80GB HBM3          On  |   00000000:2A:00.0 Off |                    0 |
| N/A   31C    P0             70W /  700W |       4MiB /  81559MiB |      0%      Default |
|   2  NVIDIA H100 80GB HBM3          On  |   00000000:3A:00.0 Off |                    0 |
| N/A   30C    P0             72W /  700W |       4MiB /  81559MiB |      0%      Default |
|   3  NVIDIA H100 80GB HBM3          On  |   00000000:5D:00.0 Off |                    0 |
| N/A   29C    P0             69W /  700W |       4MiB /  81559MiB |      0%      Default |
|   4  NVIDIA H100 80GB HBM3          On  |   00000000:9A:00.0 Off |                    0 |
| N/A   38C    P0            118W /  700W |   62878MiB /  81559MiB |      0%      Default |
|   5  NVIDIA H100 80GB HBM3          On  |   00000000:AB:00.0 Off |                    0 |
| N/A   31C    P0             71W /  700W |       4MiB /  81559MiB |      0%      Default |
|   6  NVIDIA H100 80GB HBM3          On  |   00000000:BA:00.0 Off |                    0 |
| N/A   30C    P0             70W /  700W |       4MiB /  81559MiB |      0%      Default |
|   7  NVIDIA H100 80GB HBM3          On  |   00000000:DB:00.0 Off |                    0 |
| N/A   31C    P0             71W /  700W |       4MiB /  81559MiB |      0%      Default |
+-----------------------------------------+------------------------+----------------------+

+-----------------------------------------------------------------------------------------+
| Processes:                                                                              |
|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |
|        ID   ID                                                               Usage      |
|=========================================================================================|
|    4   N/A  N/A     88123      C   /shared/vlm/env/bin/python                  62868MiB |
+-----------------------------------------------------------------------------------------+
"""
    files["attempt_2/%s/ps.txt" % bad] = """$ ps -o pid,ppid,user,stat,lstart,rss,cmd -p 88123
    PID    PPID USER     STAT                  STARTED   RSS CMD
  88123       1 mlops    Dl   Mon Dec  2 13:05:09 2024 21480312 /shared/vlm/env/bin/python -u /shared/vlm/train.py --cfg /shared/vlm/cfg/siglip-l.yaml
$ cat /proc/88123/wchan; echo
uvm_va_space_destroy
"""
    for i, n in enumerate(nodes):
        boot = T(2024, 11, 25, 10, 0 + i, 0)
        k = Kern(n, boot, "dmesg_T")
        boot_noise(k, rng, boot)
        idle_noise(k, rng, t0, tw, 4)
        files["attempt_2/%s/dmesg.txt" % n] = k.text()
    label = {
        "category": "oom", "layer": "infrastructure", "culprit": {"node": bad, "rank": rank},
        "action": "restart_without_node",
        "rationale": "Run 42 fails when rank 36 (gx-07, GPU 4) runs out of memory, and PyTorch's message names another process: 'Process 88123 has 61.40 GiB memory in use'. nvidia-smi and ps show PID 88123 is a worker of the interrupted run 41, which SIGKILL could not stop (state D, parent 1, started 13:05), still holding 62 GB on GPU 4. The other nodes' GPUs are empty and the watchdog timeouts are sympathetic. Run without gx-07 until the orphan is cleared.",
        "modelled_on": "https://github.com/jade-hpc-gpu/jade-hpc-gpu.github.io/issues/73",
    }
    return "cp10_orphan_process_holds_gpu_after_requeue", files, label


CASES = [cp01, cp02, cp03, cp04, cp05, cp06, cp07, cp08, cp09, cp10]
