"""Cases bv01-bv10."""

import random

from common import (PCI, PY, TB_URL, TRAIN_FRAMES_TOP, cuda_error_exc, dt, hostlist, megatron_iter, py_traceback,
                    sacct, sec, smi_q, smi_q_gpu, smi_table, ts_c10, ts_dmesg_human, ts_iso, ts_py, ts_syslog,
                    ts_uptime, watchdog_timeout, watchdog_cuda_error)
from kit import Bundle, Run, ip_of, sig_abrt_tb, term_tb
from parts import (backward_cuda_error, dmesg_base, fresh_lines, ib_completion_err, ib_err_followups, progress,
                   render_dmesg, requeue_wrapper, resume_lines, slurm_out, srun_kill_lines, xid_line)


def _dmesg_for(nodes, boot, t0, rng, extra=None, human=False):
    out = {}
    for h in nodes:
        e = dmesg_base(boot, t0, rng, n=rng.randint(4, 8))
        if extra and h in extra:
            e += extra[h]
        out[h] = render_dmesg(e, boot, human)
    return out


# =====================================================================================
def case01():
    """Illegal memory access follows gpu-b07 GPU5 across three node-swapped attempts."""
    rng = random.Random(7701)
    b = Bundle()
    jobid = "48213"
    bad = "gpu-b07"
    plan = [
        (["gpu-b03", "gpu-b07", "gpu-b09", "gpu-b11"], dt("2024-03-12 03:01:11"), 3500, 4127),
        (["gpu-b07", "gpu-b02", "gpu-b05", "gpu-b10"], dt("2024-03-12 03:24:40"), 4000, 4388),
        (["gpu-b01", "gpu-b04", "gpu-b07", "gpu-b12"], dt("2024-03-12 03:41:05"), 4000, 4719),
    ]
    rows = []
    boot = dt("2024-03-09 18:22:10")
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sf - 1, 10, 1.19, 250000, rng)
        tf = t + sec(1.3)
        lr = 5
        # the culprit
        backward_cuda_error(r, bad, lr, tf)
        r.fail_local(bad, tf + sec(0.6), (lr, -6, sig_abrt_tb(r.pids[bad][lr])), [])
        # peers
        bip = ip_of(bad)
        for h in nodes:
            if h == bad:
                continue
            for plr in (rng.randrange(8), rng.randrange(8)):
                r.addp(h, plr, tf + sec(1.9 + plr * 0.01), [ib_completion_err(h, r.pids[h][plr], plr, bip, my_ip=ip_of(h))] + ib_err_followups(h, r.pids[h][plr], plr))
            r.sigterm_agent(h, tf + sec(4.5))
        for h in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, h), r.render(h))
        body = srun_kill_lines(jobid, nodes, bad, tf + sec(2.1), code=1)
        body += requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 3)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        extra = {}
        if ai == 3:
            extra[bad] = [(tf - sec(0.4), xid_line(PCI[5], 31, r.pids[bad][5], "Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f1a_3c400000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"))]
        dm = _dmesg_for(nodes, boot, tf, rng, extra)
        for h in ([bad] + [nodes[0]] if nodes[0] != bad else [bad]):
            b.put("attempt_%d/%s/dmesg.txt" % (ai, h), dm[h])
        rows.append((jobid, "pretrain", "REQUEUED" if ai < 3 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
        rows.append((jobid + ".0", "bash", "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(7)), hostlist(nodes)))
    b.put("sacct.txt", ["$ sacct -D -j 48213 --format=JobID,JobName,Partition,Account,AllocCPUS,State,ExitCode,Start,End,NodeList", sacct(rows)])
    # nvidia-smi of the node taken after the last attempt: looks healthy
    t = plan[2][1] + sec(3200)
    gpus = [dict(temp=31 + i, pwr=69 + i, mem=0, util=0) for i in range(8)]
    b.put("attempt_3/%s/nvidia-smi.txt" % bad, smi_table(t, gpus))
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": bad, "rank": 21},
        "action": "restart_without_node",
        "rationale": "Each of the three attempts ran on a different node set and died at a different step (4127, 4388, 4719) with 'illegal memory access', always on gpu-b07 local GPU 5 (busId ab000; global rank 13, 5, then 21); the other nodes swap in and out cleanly, so the fault follows that GPU, not the code (the Xid 31 in attempt 3 points at the same PCI address).",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/46974",
    }
    return "bv01_illegal_memory_access_on_every_attempt", b, label


# =====================================================================================
def case02():
    """Same illegal memory access at the same step on different nodes: application (flash-attn varlen)."""
    rng = random.Random(7702)
    b = Bundle()
    jobid = "51877"
    plan = [
        (["gpu-c02", "gpu-c03", "gpu-c04", "gpu-c06"], dt("2024-04-02 10:12:00"), 1500),
        (["gpu-c05", "gpu-c08", "gpu-c11", "gpu-c12"], dt("2024-04-02 10:49:30"), 1500),
        (["gpu-c09", "gpu-c01", "gpu-c07", "gpu-c10"], dt("2024-04-02 11:20:12"), 1500),
    ]
    rows = []
    boot = dt("2024-03-30 08:00:00")
    fail_step = 1536
    for ai, (nodes, t0, s0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, fail_step - 1, 4, 2.31, 60000, rng, tps=2210, ckpt_every=0)
        tf = t + sec(2.4)
        h = nodes[0]
        lr = 6
        rank = r.rank(h, lr)
        r.addr(h, lr, tf - sec(0.9), "%s - data.packing - WARNING - rank %d: packed sample idx=918244 has cu_seqlens with a zero-length segment at position 37 (doc_id=tokenized/cc-2023-50/part-00412:77213); keeping as-is" % (ts_py(tf - sec(0.9)), rank))
        frames = TRAIN_FRAMES_TOP + [
            ("/workspace/llm/pretrain.py", 421, "train", "loss.backward()"),
            ("%s/torch/_tensor.py" % PY, 521, "backward", "torch.autograd.backward("),
            ("%s/torch/autograd/__init__.py" % PY, 289, "backward", "_engine_run_backward("),
            ("%s/torch/autograd/graph.py" % PY, 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
            ("%s/torch/autograd/function.py" % PY, 306, "apply", "return user_fn(self, *args)"),
            ("%s/flash_attn/flash_attn_interface.py" % PY, 880, "backward", "_wrapped_flash_attn_varlen_backward("),
            ("%s/flash_attn/flash_attn_interface.py" % PY, 239, "_flash_attn_varlen_backward", "dq, dk, dv, softmax_d, = flash_attn_cuda.varlen_bwd("),
        ]
        r.addr(h, lr, tf, py_traceback("", frames, cuda_error_exc("an illegal memory access was encountered")))
        r.addp(h, lr, tf + sec(0.2), watchdog_cuda_error(rank, tf + sec(0.2), "an illegal memory access was encountered"))
        r.fail_local(h, tf + sec(0.7), (lr, -6, sig_abrt_tb(r.pids[h][lr])), [])
        for o in nodes[1:]:
            r.sigterm_agent(o, tf + sec(4.0))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = srun_kill_lines(jobid, nodes, h, tf + sec(2.0))
        body += requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 2 if ai < 3 else 2)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        dm = _dmesg_for([h], boot, tf, rng, {h: [(tf - sec(0.3), xid_line(PCI[6], 13, r.pids[h][6], "Graphics SM Warp Exception on (GPC 3, TPC 1, SM 0): Out Of Range Address")),
                                                 (tf - sec(0.3), xid_line(PCI[6], 13, r.pids[h][6], "Graphics Exception: ESR 0x51e730=0x1000e 0x51e734=0x0 0x51e728=0x4c1eb72 0x51e72c=0x174"))]})
        b.put("attempt_%d/%s/dmesg.txt" % (ai, h), dm[h])
        rows.append((jobid, "pretrain", "REQUEUED" if ai < 3 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "All three attempts ran on disjoint node sets yet crash at exactly step 1536 on the same rank (6) inside flash-attn varlen backward, right after the loader warns about a zero-length segment in cu_seqlens for the same sample; a deterministic data/kernel-input problem in the job, not a GPU (the Xid 13 is the kernel's out-of-range access, it moves with the data).",
        "modelled_on": "https://github.com/Dao-AILab/flash-attention/issues/338",
    }
    return "bv02_illegal_memory_access_at_step_1536_each_attempt", b, label


# =====================================================================================
def _megatron_nan(run, host, lr, t, it):
    r = run.rank(host, lr)
    frames = [
        ("/workspace/Megatron-LM/pretrain_gpt.py", 288, "<module>", "pretrain("),
        ("/workspace/Megatron-LM/megatron/training/training.py", 352, "pretrain", "iteration, num_floating_point_operations_so_far = train("),
        ("/workspace/Megatron-LM/megatron/training/training.py", 1251, "train", "train_step(forward_step_func,"),
        ("/workspace/Megatron-LM/megatron/training/training.py", 730, "train_step", "losses_reduced = forward_backward_func("),
        ("/workspace/Megatron-LM/megatron/core/pipeline_parallel/schedules.py", 492, "forward_backward_no_pipelining", "config.finalize_model_grads_func("),
        ("/workspace/Megatron-LM/megatron/core/distributed/finalize_model_grads.py", 121, "finalize_model_grads", "model_chunk.finish_grad_sync()"),
        ("/workspace/Megatron-LM/megatron/core/distributed/distributed_data_parallel.py", 424, "finish_grad_sync", "bucket_group.finish_grad_sync()"),
        ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 256, "start_grad_sync", "self.check_for_nan_in_grad()"),
        ("/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", 149, "check_for_nan_in_grad", "rerun_state_machine.validate_result("),
        ("/workspace/Megatron-LM/megatron/core/rerun_state_machine.py", 502, "validate_result", "raise RuntimeError(full_message)"),
    ]
    exc = ["RuntimeError: Rank %d, node %s, device %d, iteration %d: Unexpected result nan (message='found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective')" % (r, host, lr, it)]
    run.addr(host, lr, t, py_traceback("", frames, exc))


def case03():
    """NaN in local grad norm follows gpu-d14 device 3 across node-swapped requeues."""
    rng = random.Random(7703)
    b = Bundle()
    jobid = "60412"
    bad = "gpu-d14"
    plan = [
        (["gpu-d02", "gpu-d06", "gpu-d11", "gpu-d14"], dt("2024-05-02 08:00:40"), 18500, 18733),
        (["gpu-d14", "gpu-d03", "gpu-d08", "gpu-d16"], dt("2024-05-02 08:20:15"), 18500, 18790),
        (["gpu-d05", "gpu-d14", "gpu-d09", "gpu-d01"], dt("2024-05-02 08:41:02"), 18500, 18562),
    ]
    rows = []
    boot = dt("2024-04-28 11:02:00")
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng, script="pretrain_gpt.py")
        r.startup()
        r.addp(nodes[0], 0, t0 + sec(22), " loading checkpoint from /lustre/mlm/ckpt/gpt-13b at iteration %d" % s0)
        r.addp(nodes[0], 0, t0 + sec(58), "  successfully loaded checkpoint from /lustre/mlm/ckpt/gpt-13b [ t 1/1, p 1/1 ] at iteration %d" % s0)
        t = t0 + sec(60)
        t = progress(r, t, s0, sf - 1, 10, 1.21, 500000, rng, fmt="megatron", ckpt_every=0,
                     lossfn=lambda s: 2.02 + rng.uniform(-0.03, 0.03), gn=(0.18, 0.26))
        tf = t + sec(1.0)
        lr = 3
        _megatron_nan(r, bad, lr, tf, sf)
        r.fail_local(bad, tf + sec(1.5), (lr, 1, TB_URL), [])
        for o in nodes:
            if o != bad:
                r.sigterm_agent(o, tf + sec(4.4))
                # a few sympathetic watchdog-free NCCL aborts
                olr = rng.randrange(8)
                r.addp(o, olr, tf + sec(4.5), "[rank%d]:[%s ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())" % (r.rank(o, olr), ts_c10(tf + sec(4.5), "W", olr)))
        for n in nodes:
            b.put("attempt_%d/%s/%s.log" % (ai, n, n), r.render(n))
        body = srun_kill_lines(jobid, nodes, bad, tf + sec(2.5))
        body += requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 3)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "gpt13b", "REQUEUED" if ai < 3 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    # nvidia-smi -q for the node after attempt 3: no ECC, nothing obvious (a careful reader relies on the pattern)
    blocks = [smi_q_gpu(i, "165232400%04d" % (1400 + i), temp=38 + i) for i in range(8)]
    b.put("attempt_3/%s/nvidia-smi-q.txt" % bad, smi_q(plan[2][1] + sec(1500), blocks))
    b.put("attempt_3/gpu-d05/nvidia-smi-q.txt", smi_q(plan[2][1] + sec(1502), [smi_q_gpu(i, "165232400%04d" % (500 + i), temp=36 + i) for i in range(8)]))
    b.put("notes_from_user.txt", [
        "loss has been flat at ~2.02 for 2k iterations, LR is in the cosine tail (2.8e-4 -> 2.6e-4), no data mix change since 15k.",
        "job keeps dying with 'found NaN in local grad norm'. requeue wrapper retries 3x. is the run diverging?",
    ])
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": bad, "rank": 11},
        "action": "restart_without_node",
        "rationale": "The NaN check fires on a single rank each time, always node gpu-d14 device 3 (global rank 27, 3, then 11 as the node moves), at different iterations (18733, 18790, 18562) while loss and grad norm on rank 0 are flat; a recipe divergence would hit every rank at the same iteration, so the NaN follows that GPU.",
        "modelled_on": "https://github.com/cybertronai/imagenet18_old/issues/19",
    }
    return "bv03_loss_nan_after_requeue_different_steps", b, label


# =====================================================================================
def case04():
    """NaN at the same iteration in every attempt, on every rank: the LR recipe."""
    rng = random.Random(7704)
    b = Bundle()
    jobid = "60977"
    plan = [
        (["gpu-d03", "gpu-d04", "gpu-d07", "gpu-d08"], dt("2024-05-03 13:00:05")),
        (["gpu-d10", "gpu-d12", "gpu-d15", "gpu-d02"], dt("2024-05-03 14:02:44")),
    ]
    rows = []
    fail_it = 2417

    def gnorm(s):
        if s < 1800:
            return 0.9 + 0.2 * ((s * 37) % 7) / 7.0
        return 1.1 * (1.0 + (s - 1800) / 110.0) ** 2

    def lossf(s):
        if s < 2050:
            return 2.6 + 8.5 / (1.0 + s / 300.0)
        return 3.2 + (s - 2050) / 95.0

    for ai, (nodes, t0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng, script="pretrain_gpt.py")
        r.startup()
        r.addp(nodes[0], 0, t0 + sec(20), [
            "------------------------ arguments ------------------------",
            "  lr .............................................. 0.006",
            "  lr_decay_style .................................. cosine",
            "  lr_warmup_iters ................................. 2000",
            "  min_lr .......................................... 6e-05",
            "  clip_grad ....................................... 0.0",
            "  bf16 ............................................ True",
            "  adam_beta2 ...................................... 0.999",
            "  init_method_std ................................. 0.02",
            "  global_batch_size ............................... 1024",
            "-------------------- end of arguments ---------------------",
            " > no checkpoint found at /lustre/mlm/ckpt/gpt-7b-sweep-lr6e-3, initializing from scratch",
        ])
        t = t0 + sec(40)
        t = progress(r, t, 0, fail_it - 1, 10, 0.84, 300000, rng, fmt="megatron", ckpt_every=0, lossfn=lossf, gnfn=gnorm)
        tf = t + sec(0.8)
        # many ranks on all nodes detect NaN in the same iteration
        for h in nodes:
            for lr in sorted(rng.sample(range(8), 3)):
                _megatron_nan(r, h, lr, tf + sec(rng.uniform(0, 0.05)), fail_it)
            r.fail_local(h, tf + sec(1.2 + nodes.index(h) * 0.03), (lr, 1, TB_URL), [])
        for n in nodes:
            b.put("attempt_%d/%s/stdout.log" % (ai, n), r.render(n))
        body = ["srun: error: %s: task %d: Exited with exit code 1" % (n, i) for i, n in enumerate(nodes)]
        body += requeue_wrapper(jobid, tf + sec(5), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "gpt7b-lr", "REQUEUED" if ai < 2 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(6)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "numerical", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Both attempts (disjoint nodes, fresh start) diverge identically: grad norm climbs after the 2000-step warmup to lr=6e-3 with clip_grad 0, loss rises, and many ranks on every node report NaN at iteration 2417; a recipe problem (learning rate/no clipping), not hardware.",
        "modelled_on": "https://github.com/mosaicml/llm-foundry/pull/330",
    }
    return "bv04_loss_nan_at_same_step_every_attempt", b, label


# =====================================================================================
def _k8s_describe(pod, node, ip, restarts, last_reason, last_code, started, finished, state="Running", state_extra=None, image="registry.internal/ml/llm-sft:2024.05.2", job="llm-sft-7b", rtype="worker", idx=0):
    L = [
        "Name:             %s" % pod,
        "Namespace:        ml-train",
        "Priority:         0",
        "Service Account:  default",
        "Node:             %s/%s" % (node, ip),
        "Labels:           training.kubeflow.org/job-name=%s" % job,
        "                  training.kubeflow.org/replica-index=%d" % idx,
        "                  training.kubeflow.org/replica-type=%s" % rtype,
        "Status:           Running",
        "Controlled By:    PyTorchJob/%s" % job,
        "Containers:",
        "  pytorch:",
        "    Image:          %s" % image,
        "    Command:",
        "      torchrun",
        "      --nnodes=4",
        "      --nproc-per-node=8",
        "      sft.py",
        "    State:          %s" % state,
    ]
    if state_extra:
        L += state_extra
    L += [
        "    Last State:     Terminated",
        "      Reason:       %s" % last_reason,
        "      Exit Code:    %d" % last_code,
        "      Started:      %s" % started,
        "      Finished:     %s" % finished,
        "    Ready:          True",
        "    Restart Count:  %d" % restarts,
        "    Limits:",
        "      memory:          1600Gi",
        "      nvidia.com/gpu:  8",
        "      rdma/ib:         8",
    ]
    return L


def case05():
    """Pod restarts: segfaults on one Kubernetes node that logs machine-check memory errors."""
    rng = random.Random(7705)
    b = Bundle()
    nodes = ["ip-10-0-1-52", "ip-10-0-2-33", "ip-10-0-3-17", "ip-10-0-1-90"]
    pods = ["llm-sft-7b-master-0", "llm-sft-7b-worker-0", "llm-sft-7b-worker-1", "llm-sft-7b-worker-2"]
    bad = "ip-10-0-3-17"
    starts = [dt("2024-05-20 02:10:00"), dt("2024-05-20 02:41:30"), dt("2024-05-20 03:02:10")]
    segs = [(812, 2, "libtorch_cpu.so", 0x3f2a1c0), (95, 6, "libc.so.6", 0x1a4b2f), (433, 0, "python3.10", 0x1c3d55)]
    boot = dt("2024-05-12 06:00:00")
    dmesg_e = dmesg_base(boot, starts[0], rng, 5)
    for ai, (t0, (sf, lr, lib, off)) in enumerate(zip(starts, segs), 1):
        r = Run(nodes, t0, rng, script="sft.py", restart=0)
        r.startup()
        t = fresh_lines(r, t0 + sec(18), "configs/sft_7b.yaml") if ai == 1 else resume_lines(r, t0 + sec(18), 0 if ai == 1 else 500, "/mnt/fsx/ckpt/llm-sft-7b")
        s0 = 0 if ai == 1 else 500
        t = progress(r, t, s0, s0 + sf - 1, 5, 1.6, 6000, rng, ckpt_every=500, ckpt_dir="/mnt/fsx/ckpt/llm-sft-7b")
        tf = t + sec(0.9)
        pid = r.pids[bad][lr]
        rank = r.rank(bad, lr)
        r.addp(bad, lr, tf, ["Fatal Python error: Segmentation fault", "", "Thread 0x%012x (most recent call first):" % (0x7f0000000000 + rng.getrandbits(36)),
                             '  File "%s/torch/utils/data/_utils/pin_memory.py", line 53 in do_one_step' % PY,
                             '  File "%s/torch/utils/data/_utils/pin_memory.py", line 59 in _pin_memory_loop' % PY,
                             '  File "/usr/lib/python3.10/threading.py", line 953 in run', "",
                             "Current thread 0x%012x (most recent call first):" % (0x7f0000000000 + rng.getrandbits(36)),
                             '  File "%s/torch/optim/adamw.py", line 537 in _multi_tensor_adamw' % PY if ai != 2 else '  File "%s/torch/utils/data/dataloader.py", line 1292 in _get_data' % PY,
                             '  File "/workspace/sft/sft.py", line 301 in train_step',
                             '  File "/workspace/sft/sft.py", line 388 in main',
                             '  File "/workspace/sft/sft.py", line 402 in <module>'])
        r.fail_local(bad, tf + sec(0.5), (lr, -11, "Signal 11 (SIGSEGV) received by PID %d" % pid), [])
        for o in nodes:
            if o != bad:
                olr = rng.randrange(8)
                r.addp(o, olr, tf + sec(2), [ib_completion_err(o, r.pids[o][olr], olr, "10.0.3.17", my_ip=o[3:].replace("-", "."))] + ib_err_followups(o, r.pids[o][olr], olr))
                r.fail_local(o, tf + sec(3.1), (olr, -6, sig_abrt_tb(r.pids[o][olr])), [])
        for n, p in zip(nodes, pods):
            b.put("attempt_%d/%s/%s.log" % (ai, n, p), r.render(n))
        # kernel side of the segfault + MCE
        dmesg_e.append((tf - sec(0.05), "python3[%d]: segfault at %x ip %016x sp %016x error 4 in %s[%x+%x] likely on CPU %d (core %d, socket 1)" % (
            pid, 0x7f3a00000000 + rng.getrandbits(28), 0x7f3b00000000 + rng.getrandbits(28), 0x7ffd00000000 + rng.getrandbits(28), lib, 0x7f3b00000000, off, 96 + lr * 3, 24 + lr)))
        dmesg_e.append((tf - sec(0.6), "mce: [Hardware Error]: Machine check events logged"))
        dmesg_e.append((tf - sec(0.6), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x%x offset:0x%x grain:32 syndrome:0x0 - err_code:0x0000:0x0091 SystemAddress:0x%x ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelAddress:0x%x ChannelId:0x2 RankAddress:0x%x PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x%x Column:0x3d8 Bank:0x2 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)" % (
            0x4b3a1f + ai, 0x9c0, 0x4b3a1f9c0 + ai, 0x25a1c, 0x12d0e, 0x1a3e)))
    dmesg_e.append((starts[2] + sec(420), "EDAC MC1: 1 UE memory read error on CPU_SrcID#1_MC#1_Chan#2_DIMM#0 (channel:2 slot:0 page:0x4b3a21 offset:0x9c0 grain:32 -  err_code:0x0000:0x009f SystemAddress:0x4b3a219c0 ProcessorSocketId:0x1 MemoryControllerId:0x1 ChannelAddress:0x25a1c ChannelId:0x2 RankAddress:0x12d0e PhysicalRankId:0x0 DimmSlotId:0x0 Row:0x1a3e Column:0x3d8 Bank:0x2 BankGroup:0x1 ChipSelect:0x0 ChipId:0x0)"))
    dmesg_e.append((starts[2] + sec(420), "Memory failure: 0x4b3a21: recovery action for dirty LRU page: Recovered"))
    b.put("%s/dmesg.txt" % bad, render_dmesg(dmesg_e, boot, human=True))
    b.put("%s/edac-util.txt" % bad, ["$ edac-util -v", "mc0: 0 Uncorrected Errors with no DIMM info", "mc0: 0 Corrected Errors with no DIMM info",
                                     "mc0: csrow0: 0 Uncorrected Errors", "mc0: csrow0: CPU_SrcID#0_MC#0_Chan#0_DIMM#0: 0 Corrected Errors",
                                     "mc1: 0 Uncorrected Errors with no DIMM info", "mc1: 0 Corrected Errors with no DIMM info",
                                     "mc1: csrow2: 1 Uncorrected Errors", "mc1: csrow2: CPU_SrcID#1_MC#1_Chan#2_DIMM#0: 3 Corrected Errors"])
    last = starts[2] + sec(1400)
    desc = []
    for i, (n, p) in enumerate(zip(nodes, pods)):
        code, reason = 1, "Error"
        desc += _k8s_describe(p, n, n[3:].replace("-", "."), 3, reason, code, ts_iso(starts[2]) + "Z", ts_iso(last) + "Z",
                              rtype="master" if i == 0 else "worker", idx=0 if i == 0 else i - 1) + [""]
    b.put("kubectl_describe_pods.txt", desc)
    ev = ["LAST SEEN   TYPE      REASON                 OBJECT                          MESSAGE"]
    for ai, t0 in enumerate(starts[1:], 1):
        ev.append("%-11s Warning   PyTorchJobRestarting   pytorchjob/llm-sft-7b           PyTorchJob llm-sft-7b is restarting because 1 Worker replica(s) failed." % ("%dm" % (60 - ai * 20)))
    ev.append("2m          Warning   BackOff                pod/llm-sft-7b-worker-1         Back-off restarting failed container pytorch in pod llm-sft-7b-worker-1_ml-train")
    b.put("kubectl_get_events.txt", ev)
    label = {
        "category": "host", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "Worker-1 is the first to die in every restart, with SIGSEGV (torchrun exitcode -11) in a different local rank, library and step each time, always on Kubernetes node ip-10-0-3-17, whose kernel log shows machine-check memory errors on the same DIMM right before each segfault and finally an uncorrected (UE) error; the other pods only fail after it.",
        "modelled_on": "https://github.com/ovro-lwa/lwa-issues/issues/117",
    }
    return "bv05_pod_restarts_segfault_in_worker", b, label


# =====================================================================================
def case06():
    """Data-loader worker segfault at the same sample on every torchrun restart and after resubmission."""
    rng = random.Random(7706)
    b = Bundle()
    jobid = "70233"
    plan = [(["gpu-e01", "gpu-e02"], dt("2024-06-11 21:00:00"), 2), (["gpu-e05", "gpu-e06"], dt("2024-06-12 08:30:00"), 0)]
    rows = []
    for ai, (nodes, t0, max_r) in enumerate(plan, 1):
        r = Run(nodes, t0, rng, script="train_vlm.py", max_restarts=max_r)
        t = t0
        for attempt in range(max_r + 1):
            r.restart = attempt
            if attempt:
                r.pids = {hh: [p + 97 for p in r.pids[hh]] for hh in nodes}
            r.startup(t, header=(attempt == 0))
            r.commid = "0x%016x" % rng.getrandbits(64)
            t = resume_lines(r, t + sec(20), 7000, "/lustre/vlm/ckpt/vlm-2b")
            t = progress(r, t, 7000, 7301, 20, 0.92, 40000, rng, ckpt_every=0, tps=5100)
            tf = t + sec(0.7)
            h, lr = nodes[0], 3
            wpid = r.pids[h][lr] + 1200 + attempt * 40
            r.addp(h, lr, tf - sec(0.2), ["Fatal Python error: Segmentation fault", "",
                                          "Current thread 0x00007f52d9ffb640 (most recent call first):",
                                          '  File "/workspace/vlm/data/decoders.py", line 88 in decode_cmyk_fast',
                                          '  File "/workspace/vlm/data/webdataset_pipe.py", line 141 in _decode_sample',
                                          '  File "/workspace/vlm/data/webdataset_pipe.py", line 203 in __iter__',
                                          '  File "%s/torch/utils/data/_utils/fetch.py", line 33 in fetch' % PY,
                                          '  File "%s/torch/utils/data/_utils/worker.py", line 308 in _worker_loop' % PY,
                                          "", "Extension modules: numpy.core._multiarray_umath, PIL._imaging, vlm.data._cdecode (total: 41)",
                                          "ERROR: Unexpected segmentation fault encountered in worker."])
            r.addr(h, lr, tf - sec(0.1), "%s - data - DEBUG - worker 5 last key: shard-00417.tar/000183.jpg (1.9 MB, CMYK progressive)" % ts_py(tf - sec(0.1)))
            frames = [("/workspace/vlm/train_vlm.py", 402, "<module>", "main()"),
                      ("/workspace/vlm/train_vlm.py", 377, "main", "for step, batch in enumerate(train_loader, start=start_step):"),
                      ("%s/torch/utils/data/dataloader.py" % PY, 631, "__next__", "data = self._next_data()"),
                      ("%s/torch/utils/data/dataloader.py" % PY, 1329, "_next_data", "idx, data = self._get_data()"),
                      ("%s/torch/utils/data/dataloader.py" % PY, 1285, "_get_data", "success, data = self._try_get_data()"),
                      ("%s/torch/utils/data/dataloader.py" % PY, 1146, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")]
            r.addr(h, lr, tf, py_traceback("", frames, ["RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % wpid]))
            r.fail_local(h, tf + sec(0.6), (lr, 1, TB_URL), [], summary=(attempt == max_r))
            if attempt < max_r:
                for n in nodes:
                    r.restart_group(n, tf + sec(2.0), max_r - attempt, max_r)
                t = tf + sec(6)
            else:
                r.sigterm_agent(nodes[1], tf + sec(3.0))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = ["srun: error: %s: task 0: Exited with exit code 1" % nodes[0], "srun: Terminating StepId=%s.0" % jobid,
                "slurmstepd: error: *** STEP %s.0 ON %s CANCELLED AT %s ***" % (jobid, nodes[0], ts_iso(tf + sec(2))),
                "srun: error: %s: task 1: Terminated" % nodes[1]]
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "vlm2b", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(4)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Rank 3's data-loader worker segfaults inside the job's own C decoder (vlm.data._cdecode, decode_cmyk_fast) at step 7302 on every torchrun restart and again after resubmission on different nodes, each time on the same sample (shard-00417.tar/000183.jpg, CMYK progressive); deterministic on the data, so the job's pipeline must be fixed.",
        "modelled_on": "https://github.com/hpcaitech/Open-Sora/issues/370",
    }
    return "bv06_dataloader_segfault_same_sample_each_restart", b, label


# =====================================================================================
def case07():
    """Requeued twice (GPU fell off the bus, then a transient Lustre error), third attempt completes."""
    rng = random.Random(7707)
    b = Bundle()
    jobid = "81550"
    plan = [
        (["gpu-f01", "gpu-f04", "gpu-f06", "gpu-f07"], dt("2024-07-01 00:05:00")),
        (["gpu-f01", "gpu-f06", "gpu-f07", "gpu-f09"], dt("2024-07-01 03:12:00")),
        (["gpu-f02", "gpu-f06", "gpu-f07", "gpu-f09"], dt("2024-07-01 03:40:10")),
    ]
    rows = []
    boot = dt("2024-06-25 12:00:00")
    # attempt 1: Xid 79 on gpu-f04
    nodes, t0 = plan[0]
    r = Run(nodes, t0, rng)
    r.startup()
    t = fresh_lines(r, t0 + sec(20), "configs/llama_1b_ablation.yaml")
    t = progress(r, t, 0, 8213, 50, 1.31, 20000, rng, ckpt_every=2000, ckpt_dir="/lustre/llm/ckpt/abl-1b")
    tf = t + sec(1.1)
    bad = "gpu-f04"
    r.addr(bad, 2, tf + sec(0.4), py_traceback("", TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 418, "train", "loss = model(batch).loss")], cuda_error_exc("unspecified launch failure")))
    r.addp(bad, 2, tf + sec(0.5), watchdog_cuda_error(r.rank(bad, 2), tf + sec(0.5), "unspecified launch failure"))
    r.fail_local(bad, tf + sec(1.0), (2, -6, sig_abrt_tb(r.pids[bad][2])), [])
    for o in nodes:
        if o != bad:
            r.sigterm_agent(o, tf + sec(4))
    for n in nodes:
        b.put("attempt_1/%s/torchrun.log" % n, r.render(n))
    b.put("attempt_1/%s/dmesg.txt" % bad, render_dmesg(dmesg_base(boot, tf, rng, 5) + [
        (tf, xid_line(PCI[2], 79, r.pids[bad][2], "GPU has fallen off the bus.")),
        (tf + sec(0.01), "NVRM: GPU 0000:3a:00.0: GPU has fallen off the bus."),
        (tf + sec(0.02), "NVRM: A GPU crash dump has been created. If possible, please run"),
        (tf + sec(0.02), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
        (tf + sec(0.02), "NVRM: the NVIDIA kernel module is unloaded.")], boot))
    body = srun_kill_lines(jobid, nodes, bad, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, 0, 3, exclude="gpu-f04")
    b.put("attempt_1/slurm-%s.out" % jobid, slurm_out(jobid, nodes, t0, body, restart_count=0))
    rows.append((jobid, "abl1b", "REQUEUED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    # attempt 2: transient Lustre EIO while reading the checkpoint
    nodes, t0 = plan[1]
    r = Run(nodes, t0, rng)
    r.startup()
    tl = t0 + sec(21)
    h = "gpu-f07"
    r.addp(nodes[0], 0, tl, "%s - pretrain - INFO - Resuming from /lustre/llm/ckpt/abl-1b/step_0008000 (found latest)" % ts_py(tl))
    frames = TRAIN_FRAMES_TOP[:2] + [("/workspace/llm/pretrain.py", 571, "main", "state = load_checkpoint(cfg.ckpt_dir, model, optimizer)"),
                                     ("/workspace/llm/ckpt.py", 92, "load_checkpoint", "dcp.load(state_dict, checkpoint_id=path)"),
                                     ("%s/torch/distributed/checkpoint/state_dict_loader.py" % PY, 180, "_load_state_dict", "central_plan: LoadPlan = distW.reduce_scatter(\"plan\", local_step, global_step)"),
                                     ("%s/torch/distributed/checkpoint/utils.py" % PY, 192, "reduce_scatter", "raise result")]
    exc = ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([26])",
           "Traceback (most recent call last): (RANK 26)",
           '  File "%s/torch/distributed/checkpoint/filesystem.py", line 640, in read_data' % PY,
           "    with self.fs.create_stream(new_path, \"rb\") as stream:",
           "OSError: [Errno 5] Input/output error: '/lustre/llm/ckpt/abl-1b/step_0008000/__26_0.distcp'"]
    r.addr(h, 2, tl + sec(9), py_traceback("", frames, exc))
    r.fail_local(h, tl + sec(10), (2, 1, TB_URL), [])
    for o in nodes:
        if o != h:
            r.sigterm_agent(o, tl + sec(13))
    for n in nodes:
        b.put("attempt_2/%s/torchrun.log" % n, r.render(n))
    b.put("attempt_2/%s/dmesg.txt" % h, render_dmesg(dmesg_base(boot, tl, rng, 4) + [
        (tl + sec(8.1), "LustreError: 11-0: lustre-OST0013-osc-ffff9a4e3b7d1000: operation ost_read to node 10.30.0.21@o2ib failed: rc = -107"),
        (tl + sec(8.1), "Lustre: lustre-OST0013-osc-ffff9a4e3b7d1000: Connection to lustre-OST0013 (at 10.30.0.21@o2ib) was lost; in progress operations using this service will wait for recovery to complete"),
        (tl + sec(41), "Lustre: lustre-OST0013-osc-ffff9a4e3b7d1000: Connection restored to 10.30.0.21@o2ib (at 10.30.0.21@o2ib)")], boot))
    body = srun_kill_lines(jobid, nodes, h, tl + sec(11)) + requeue_wrapper(jobid, tl + sec(15), 1, 1, 3)
    b.put("attempt_2/slurm-%s.out" % jobid, slurm_out(jobid, nodes, t0, body, restart_count=1))
    rows.append((jobid, "abl1b", "REQUEUED", "1:0", ts_iso(t0), ts_iso(tl + sec(16)), hostlist(nodes)))
    # attempt 3: completes
    nodes, t0 = plan[2]
    r = Run(nodes, t0, rng)
    r.startup()
    t = resume_lines(r, t0 + sec(20), 8000, "/lustre/llm/ckpt/abl-1b")
    t = progress(r, t, 8000, 20000, 100, 1.30, 20000, rng, ckpt_every=2000, ckpt_dir="/lustre/llm/ckpt/abl-1b")
    r.addp(nodes[0], 0, t + sec(20), ["%s - pretrain - INFO - Reached max_steps=20000; final checkpoint saved to /lustre/llm/ckpt/abl-1b/step_0020000" % ts_py(t + sec(20)),
                                      "%s - pretrain - INFO - eval/val_loss 2.7713 | eval/ppl 15.98" % ts_py(t + sec(61)),
                                      "%s - pretrain - INFO - Training finished in 4:26:51" % ts_py(t + sec(62))])
    for n in nodes:
        r.succeed(n, t + sec(64 + nodes.index(n) * 0.4))
        b.put("attempt_3/%s/torchrun.log" % n, r.render(n))
    te = t + sec(70)
    b.put("attempt_3/slurm-%s.out" % jobid, slurm_out(jobid, nodes, t0, ["[%s] srun exited with code 0" % ts_iso(te), "[%s] job done" % ts_iso(te)], restart_count=2))
    rows.append((jobid, "abl1b", "COMPLETED", "0:0", ts_iso(t0), ts_iso(te), hostlist(nodes)))
    rows.append((jobid + ".batch", "batch", "COMPLETED", "0:0", ts_iso(t0), ts_iso(te), "gpu-f02"))
    rows.append((jobid + ".0", "bash", "COMPLETED", "0:0", ts_iso(t0 + sec(2)), ts_iso(te), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    b.put("scontrol_show_node_gpu-f04.txt", ["NodeName=gpu-f04 Arch=x86_64 CoresPerSocket=56", "   CPUAlloc=0 CPUEfctv=224 CPUTot=224 CPULoad=0.41",
                                            "   Gres=gpu:h100:8(S:0-1)", "   State=DOWN+DRAIN+NOT_RESPONDING ThreadsPerCore=2 TmpDisk=0 Weights=1",
                                            "   Reason=NHC: nv_health: GPU 0000:3a:00.0 not visible to nvidia-smi [root@2024-07-01T03:09:41]"])
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "The earlier attempts failed (Xid 79 on gpu-f04, which was excluded and drained; then a transient Lustre EIO), but the latest attempt resumed from step 8000, reached max_steps=20000 and every agent reports SUCCEEDED with sacct COMPLETED 0:0; nothing to act on.",
        "modelled_on": "https://github.com/snakemake/snakemake-executor-plugin-slurm/pull/411",
    }
    return "bv07_requeued_twice_then_completed", b, label


# =====================================================================================
def case08():
    """Two attempts die on gpu-g09's flapping IB link; the third (node excluded) trains cleanly and hits the time limit."""
    rng = random.Random(7708)
    b = Bundle()
    jobid = "77120"
    bad = "gpu-g09"
    plan = [
        (["gpu-g02", "gpu-g05", "gpu-g09", "gpu-g11"], dt("2024-06-01 06:00:00"), 0, 3377),
        (["gpu-g09", "gpu-g03", "gpu-g05", "gpu-g11"], dt("2024-06-01 08:10:00"), 3000, 4102),
        (["gpu-g02", "gpu-g03", "gpu-g05", "gpu-g12"], dt("2024-06-01 09:14:00"), 4000, None),
    ]
    rows = []
    boot = dt("2024-05-29 00:00:00")
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = fresh_lines(r, t0 + sec(20)) if s0 == 0 else resume_lines(r, t0 + sec(20), s0)
        if sf is not None:
            t = progress(r, t, s0, sf - 1, 50, 2.05, 60000, rng, ckpt_every=1000, tps=2400)
            tf = t + sec(602.0)
            # timeouts all over; the bad node's rank sees IB errors first
            blr = 4
            r.addp(bad, blr, tf - sec(600.5), [ib_completion_err(bad, r.pids[bad][blr], blr, ip_of(nodes[(nodes.index(bad) + 1) % 4]), status=12, my_ip=ip_of(bad), direction="Send")] + ib_err_followups(bad, r.pids[bad][blr], blr))
            seq = 40000 + sf * 11
            for h in nodes:
                for lr in range(8):
                    rk = r.rank(h, lr)
                    r.addp(h, lr, tf + sec(rng.uniform(0, 0.3)), watchdog_timeout(rk, tf, seq, "ALLREDUCE", 262668288))
            first = nodes[0]
            r.fail_local(first, tf + sec(1), (0, -6, sig_abrt_tb(r.pids[first][0])), [(lr, -6, sig_abrt_tb(r.pids[first][lr])) for lr in (1, 2)])
            for o in nodes[1:]:
                r.sigterm_agent(o, tf + sec(4))
            body = srun_kill_lines(jobid, nodes, first, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 3, exclude=("gpu-g09" if ai == 2 else None))
            end = tf + sec(8)
            dm = render_dmesg(dmesg_base(boot, tf, rng, 4) + [
                (tf - sec(601.4), "mlx5_core 0000:9a:00.0: mlx5_port_module_event:1131:(pid 0): Port module event[error]: module 4, Cable error, High Temperature"),
                (tf - sec(601.2), "mlx5_core 0000:9a:00.0 ibp154s0: Link down"),
                (tf - sec(596), "mlx5_core 0000:9a:00.0 ibp154s0: Link up"),
                (tf - sec(240), "mlx5_core 0000:9a:00.0 ibp154s0: Link down"),
                (tf - sec(233), "mlx5_core 0000:9a:00.0 ibp154s0: Link up")], boot)
            b.put("attempt_%d/%s/dmesg.txt" % (ai, bad), dm)
            state = "REQUEUED"
        else:
            t = progress(r, t, s0, 4000 + 46000, 250, 1.93, 60000, rng, ckpt_every=2000, tps=2400,
                         stfn=lambda s: 1.93)
            end = t0 + sec(24 * 3600)
            t_end = min(t, end)
            body = ["slurmstepd: error: *** JOB %s ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, nodes[0], ts_iso(end)),
                    "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                    "slurmstepd: error: *** STEP %s.0 ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (jobid, nodes[0], ts_iso(end))]
            for h in nodes:
                r.sigterm_agent(h, end + sec(0.5))
                r.addp(h, 0, end + sec(0.7), "%s - pretrain - WARNING - SIGTERM received; writing emergency checkpoint" % ts_py(end + sec(0.7)))
            state = "TIMEOUT"
            # cut the progress at the time limit
            for h in nodes:
                r.logs[h] = [x for x in r.logs[h] if x[0] <= end + sec(2)]
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "pretrain", state, "0:15" if state == "TIMEOUT" else "1:0", ts_iso(t0), ts_iso(end), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "Attempts 1 and 2 died in NCCL timeouts that trace to gpu-g09's flapping IB link, but the node was excluded; the latest attempt trained normally from step 4000 onward and ended with 'CANCELLED ... DUE TO TIME LIMIT' (sacct TIMEOUT), which is the job's current state and needs no action beyond resubmitting as usual.",
        "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/issues/20542",
    }
    return "bv08_third_attempt_cancelled_at_time_limit", b, label


# =====================================================================================
def case09():
    """Three attempts, each ended by scheduler preemption (low-priority partition)."""
    rng = random.Random(7709)
    b = Bundle()
    jobid = "90411"
    tpl = []
    plan = [
        (["gpu-h01", "gpu-h02", "gpu-h03", "gpu-h04"], dt("2024-08-05 20:00:00"), 0, 5100),
        (["gpu-h05", "gpu-h02", "gpu-h08", "gpu-h09"], dt("2024-08-06 01:44:00"), 5000, 8733),
        (["gpu-h03", "gpu-h04", "gpu-h10", "gpu-h11"], dt("2024-08-06 06:10:00"), 8500, 9960),
    ]
    rows = []
    for ai, (nodes, t0, s0, sp) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = fresh_lines(r, t0 + sec(20)) if s0 == 0 else resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sp, 25, 1.42, 100000, rng, ckpt_every=500)
        tp = t + sec(3)
        tpl.append(tp)
        for h in nodes:
            r.sigterm_agent(h, tp + sec(0.4))
        r.addp(nodes[0], 0, tp + sec(0.2), "%s - pretrain - WARNING - SIGTERM received (preemption?), saving checkpoint step_%07d before exit" % (ts_py(tp + sec(0.2)), sp))
        for h in nodes:
            lr = rng.randrange(8)
            rk = r.rank(h, lr)
            r.addp(h, lr, tp + sec(1.1), "[rank%d]:[%s ProcessGroupNCCL.cpp:1168] [PG ID 0 PG GUID 0(default_pg) Rank %d] ProcessGroupNCCL destructor entered." % (rk, ts_c10(tp + sec(1.1), "W", rk), rk))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = ["slurmstepd: error: *** JOB %s ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (jobid, nodes[0], ts_iso(tp)),
                "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                "slurmstepd: error: *** STEP %s.0 ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (jobid, nodes[0], ts_iso(tp))]
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "pretrain", "PREEMPTED", "0:15", ts_iso(t0), ts_iso(tp), hostlist(nodes)))
        if ai == 2:
            gpus = [dict(temp=44 + i % 3, pwr=380 + i * 5, mem=71220, util=99, ecc="0" if i != 6 else "0") for i in range(8)]
            b.put("attempt_2/gpu-h08/nvidia-smi.txt", smi_table(t0 + sec(3600), gpus, procs=[(i, r.pids["gpu-h08"][i], "/usr/bin/python", 71180) for i in range(8)]))
            b.put("attempt_2/gpu-h08/dmesg.txt", render_dmesg(dmesg_base(dt("2024-08-01 00:00:00"), t0 + sec(100), rng, 5) + [
                (t0 + sec(1900), xid_line(PCI[6], 92, None, "High single-bit ECC error rate")) ], dt("2024-08-01 00:00:00")))
    b.put("sacct.txt", sacct(rows))
    b.put("slurmctld_excerpt.log", [
        "[%s.112] preempted JobId=%s has been requeued to reclaim resources for JobId=90502" % (ts_iso(tpl[0]), jobid),
        "[%s.403] preempted JobId=%s has been requeued to reclaim resources for JobId=90621" % (ts_iso(tpl[1]), jobid),
        "[%s.881] job_signal: 15 of running JobId=%s successful 0x8004" % (ts_iso(tpl[2]), jobid),
        "[%s.884] preempted JobId=%s has been requeued to reclaim resources for JobId=90688" % (ts_iso(tpl[2]), jobid),
    ])
    b.put("squeue.txt", ["$ squeue -j %s" % jobid, "             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                         "             %s   lowprio pretrain  svc-llm PD       0:00      4 (BeginTime)" % jobid])
    label = {
        "category": "unknown", "layer": "framework", "culprit": None, "action": "none",
        "rationale": "Every attempt, including the latest, ends with 'CANCELLED ... DUE TO PREEMPTION' while training normally (checkpoint written on SIGTERM); slurmctld confirms the scheduler reclaimed the nodes for higher-priority jobs. The single Xid 92 (high SBE rate) on gpu-h08 in attempt 2 caused no failure.",
        "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/issues/4265",
    }
    return "bv09_preempted_on_every_attempt", b, label


# =====================================================================================
def _oom_msg(gpu, tried, free, inuse, alloc, reserved):
    return ["torch.OutOfMemoryError: CUDA out of memory. Tried to allocate %.2f GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory %.2f GiB is allocated by PyTorch, and %.2f GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)"
            % (tried, gpu, free, inuse, alloc, reserved)]


def case10():
    """OOM in evaluation at step 6000 in attempts 1 and 3; attempt 2 was lost to a node failure."""
    rng = random.Random(7710)
    b = Bundle()
    jobid = "93004"
    plan = [
        (["gpu-h02", "gpu-h05", "gpu-h06", "gpu-h07"], dt("2024-08-10 04:00:00"), 4000),
        (["gpu-h07", "gpu-h02", "gpu-h05", "gpu-h06"], dt("2024-08-10 05:52:00"), 5000),
        (["gpu-h12", "gpu-h13", "gpu-h02", "gpu-h14"], dt("2024-08-10 07:05:30"), 5000),
    ]
    rows = []
    boot = dt("2024-08-08 00:00:00")
    eval_frames = TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 455, "train", "metrics = evaluate(cfg, model, val_loader)"),
                                      ("/workspace/llm/evaluate.py", 61, "evaluate", "logits = model(input_ids=batch[\"input_ids\"], attention_mask=batch[\"attention_mask\"]).logits"),
                                      ("%s/torch/nn/modules/module.py" % PY, 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                                      ("/workspace/llm/model.py", 388, "forward", "logits = self.lm_head(h).float()")]
    for ai, (nodes, t0, s0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        if ai == 1:
            r.addp(nodes[0], 0, t0 + sec(19), "%s - pretrain - INFO - eval: every 1000 steps, eval_batch_size=32, eval_seq_len=16384 (train micro_batch=2, seq_len=4096)" % ts_py(t0 + sec(19)))
        t = resume_lines(r, t0 + sec(20), s0)
        if ai == 2:
            t = progress(r, t, s0, 5410, 10, 1.24, 100000, rng, ckpt_every=1000)
            tn = t + sec(2)
            bad = "gpu-h07"
            for h in nodes:
                if h == bad:
                    continue
                for lr in sorted(rng.sample(range(8), 2)):
                    r.addp(h, lr, tn + sec(21 + lr * 0.01), [ib_completion_err(h, r.pids[h][lr], lr, ip_of(bad), status=12, my_ip=ip_of(h))] + ib_err_followups(h, r.pids[h][lr], lr))
                r.sigterm_agent(h, tn + sec(306))
            for n in nodes:
                if n != bad:
                    b.put("attempt_2/%s/torchrun.log" % n, r.render(n))
            b.put("attempt_2/slurm-%s.out" % jobid, slurm_out(jobid, nodes, t0, [
                "srun: error: Node failure on gpu-h07",
                "slurmstepd: error: *** JOB %s ON gpu-h07 CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (jobid, ts_iso(tn + sec(305))),
                "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."], restart_count=1))
            b.put("attempt_2/slurmctld_excerpt.log", [
                "[%s.551] error: Nodes gpu-h07 not responding" % ts_iso(tn + sec(125)),
                "[%s.552] error: Nodes gpu-h07 not responding, setting DOWN" % ts_iso(tn + sec(305)),
                "[%s.560] Killing JobId=%s on failed node gpu-h07" % (ts_iso(tn + sec(305)), jobid),
                "[%s.571] Requeuing JobId=%s" % (ts_iso(tn + sec(306)), jobid)])
            rows.append((jobid, "pretrain", "NODE_FAIL", "0:0", ts_iso(t0), ts_iso(tn + sec(305)), hostlist(nodes)))
            continue
        t = progress(r, t, s0, 6000, 10, 1.24, 100000, rng, ckpt_every=1000)
        te = t + sec(3)
        r.addp(nodes[0], 0, te, "%s - pretrain - INFO - step 6000: running evaluation on 2048 samples" % ts_py(te))
        for h in nodes:
            lrs = sorted(rng.sample(range(8), 2))
            times = []
            for lr in lrs:
                to = te + sec(4.1 + rng.uniform(0, 0.5))
                times.append((to, lr))
                r.addr(h, lr, to, py_traceback("", eval_frames, _oom_msg(lr, 16.00, rng.uniform(6.1, 9.8), rng.uniform(68.2, 72.9), rng.uniform(58.0, 61.9), rng.uniform(5.4, 8.6))))
            times.sort()
            (t1, lr1), (t2, lr2) = times
            r.fail_local(h, t2 + sec(0.8), (lr1, 1, TB_URL), [(lr2, 1, TB_URL)])
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = ["srun: error: %s: task %d: Exited with exit code 1" % (n, i) for i, n in enumerate(nodes)]
        body += requeue_wrapper(jobid, te + sec(12), 1, ai - 1, 2)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(te + sec(12)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "oom", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "Attempts 1 and 3 (different nodes) both reach step 6000 and several ranks on every node hit CUDA OOM inside evaluate() (eval_batch_size=32 at seq 16384 vs train micro-batch 2 x 4096); attempt 2 was only lost to gpu-h07 going NODE_FAIL before step 6000. The recurring, latest failure is the job's own eval config.",
        "modelled_on": "https://github.com/facebookresearch/detectron2/issues/153",
    }
    return "bv10_oom_at_eval_after_node_fail_requeue", b, label


CASES = [case01, case02, case03, case04, case05, case06, case07, case08, case09, case10]
