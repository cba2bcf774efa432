"""Cases bv11-bv20."""

import json
import random

from common import (PCI, PY, TB_URL, TRAIN_FRAMES_TOP, cuda_error_exc, dt, hostlist, py_traceback, sacct, sec,
                    smi_q, smi_q_gpu, smi_table, ts_c10, ts_iso, ts_py, ts_torchrun, watchdog_cuda_error,
                    watchdog_timeout, child_failed, sigterm_lines, tcpstore_reset)
from kit import Bundle, Run, ip_of, sig_abrt_tb
from parts import (dmesg_base, fresh_lines, ib_completion_err, ib_err_followups, progress, render_dmesg,
                   requeue_wrapper, resume_lines, slurm_out, srun_kill_lines, xid_line)


def _hang(r, t_hang, seq, op="ALLREDUCE", numel=262668288, skip=()):
    """Every rank (except skip) reports a watchdog timeout 600 s after t_hang."""
    tf = t_hang + sec(600)
    for h in r.nodes:
        for lr in range(8):
            if (h, lr) in skip:
                continue
            r.addp(h, lr, tf + sec(r.rng.uniform(0.0, 0.4)), watchdog_timeout(r.rank(h, lr), tf, seq, op, numel))
    return tf


# =====================================================================================
def case11():
    """Two attempts hang with NCCL timeouts and nothing obvious; gpu-j05 is in all three; attempt 3 shows Xid 79."""
    rng = random.Random(7711)
    b = Bundle()
    jobid = "55310"
    bad = "gpu-j05"
    plan = [
        (["gpu-j05", "gpu-j01", "gpu-j02", "gpu-j03"], dt("2024-04-21 01:00:00"), 12000, 12219),
        (["gpu-j02", "gpu-j05", "gpu-j07", "gpu-j08"], dt("2024-04-21 01:32:00"), 12000, 12488),
        (["gpu-j06", "gpu-j08", "gpu-j05", "gpu-j01"], dt("2024-04-21 02:11:30"), 12000, 12090),
    ]
    rows = []
    boot = dt("2024-04-19 07:30:00")
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sf - 1, 10, 1.33, 250000, rng, ckpt_every=0)
        th = t + sec(1.3)
        seq = 97000 + sf * 9
        if ai < 3:
            tf = _hang(r, th, seq)
            first = nodes[2]
            r.fail_local(first, tf + sec(0.9), (5, -6, sig_abrt_tb(r.pids[first][5])), [(lr, -6, sig_abrt_tb(r.pids[first][lr])) for lr in (0, 1, 3)])
            for o in nodes:
                if o != first:
                    r.sigterm_agent(o, tf + sec(3.5))
            body = srun_kill_lines(jobid, nodes, first, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 3)
            dm = render_dmesg(dmesg_base(boot, th, rng, 5) + [
                (th - sec(0.5), xid_line(PCI[6], 119, r.pids[bad][6], "Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20800a4c 0x4).")),
                (th + sec(6.0), xid_line(PCI[6], 119, r.pids[bad][6], "Timeout after 6s of waiting for RPC response from GPU6 GSP! Expected function 10 (FREE) (0xc1d00123 0x0)."))], boot)
            b.put("attempt_%d/%s/dmesg.txt" % (ai, bad), dm)
            end = tf + sec(8)
        else:
            lr = 6
            rk = r.rank(bad, lr)
            r.addr(bad, lr, th + sec(0.4), py_traceback("", TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 418, "train", "loss = model(batch).loss")], cuda_error_exc("unspecified launch failure")))
            r.addp(bad, lr, th + sec(0.5), watchdog_cuda_error(rk, th + sec(0.5), "unspecified launch failure"))
            r.fail_local(bad, th + sec(1.1), (lr, -6, sig_abrt_tb(r.pids[bad][lr])), [])
            for o in nodes:
                if o != bad:
                    r.sigterm_agent(o, th + sec(4.2))
            body = srun_kill_lines(jobid, nodes, bad, th + sec(2)) + requeue_wrapper(jobid, th + sec(6), 1, 2, 3)
            dm = render_dmesg(dmesg_base(boot, th, rng, 5) + [
                (th - sec(0.2), xid_line(PCI[6], 79, r.pids[bad][6], "GPU has fallen off the bus.")),
                (th - sec(0.19), "NVRM: GPU 0000:ba:00.0: GPU has fallen off the bus."),
                (th - sec(0.18), "NVRM: GPU 0000:ba:00.0: GPU serial number is 1652324001877."),
                (th - sec(0.17), "NVRM: A GPU crash dump has been created. If possible, please run"),
                (th - sec(0.17), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                (th - sec(0.17), "NVRM: the NVIDIA kernel module is unloaded.")], boot)
            b.put("attempt_3/%s/dmesg.txt" % bad, dm)
            end = th + sec(8)
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        other = [n for n in nodes if n != bad][1]
        b.put("attempt_%d/%s/dmesg.txt" % (ai, other), render_dmesg(dmesg_base(boot, th, rng, 5), boot))
        rows.append((jobid, "pretrain", "REQUEUED" if ai < 3 else "FAILED", "1:0", ts_iso(t0), ts_iso(end), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    label = {
        "category": "gpu_hardware", "layer": "infrastructure", "culprit": {"node": bad, "rank": 22},
        "action": "restart_without_node",
        "rationale": "Attempts 1 and 2 look like a plain NCCL hang (every rank times out on the same ALLREDUCE), but gpu-j05 is the only node present in all three and its kernel log shows Xid 119 GSP RPC timeouts on GPU 6 (PCI ba:00) just before each hang; in attempt 3 that GPU falls off the bus (Xid 79) and rank 22 (gpu-j05 local 6) dies first.",
        "modelled_on": "https://github.com/MFlowCode/MFC/pull/1835",
    }
    return "bv11_nccl_timeouts_then_fallen_off_bus", b, label


# =====================================================================================
def case12():
    """After an Xid 79 requeue, every resume fails: the checkpoint was saved without optimizer state."""
    rng = random.Random(7712)
    b = Bundle()
    jobid = "57702"
    plan = [
        (["gpu-k01", "gpu-k02", "gpu-k03", "gpu-k04"], dt("2024-05-14 09:00:00")),
        (["gpu-k01", "gpu-k02", "gpu-k04", "gpu-k05"], dt("2024-05-14 12:31:00")),
        (["gpu-k06", "gpu-k01", "gpu-k02", "gpu-k04"], dt("2024-05-14 12:44:40")),
    ]
    rows = []
    boot = dt("2024-05-10 00:00:00")
    # attempt 1
    nodes, t0 = plan[0]
    r = Run(nodes, t0, rng, script="train_fsdp.py")
    r.startup()
    r.addp(nodes[0], 0, t0 + sec(18), ["%s - train - INFO - config: model=llama-8b fsdp=FULL_SHARD mixed_precision=bf16" % ts_py(t0 + sec(18)),
                                       "%s - train - INFO - config: checkpoint.interval=1000 checkpoint.save_optimizer=False checkpoint.async_save=True checkpoint.dir=/lustre/ft/ckpt/llama8b-sft" % ts_py(t0 + sec(18))])
    t = fresh_lines(r, t0 + sec(20), "configs/llama8b_sft.yaml")
    t = progress(r, t, 0, 9310, 50, 1.37, 30000, rng, ckpt_every=1000, ckpt_dir="/lustre/ft/ckpt/llama8b-sft")
    tf = t + sec(1.2)
    bad = "gpu-k03"
    r.addr(bad, 4, tf + sec(0.3), py_traceback("", TRAIN_FRAMES_TOP, cuda_error_exc("unspecified launch failure")))
    r.addp(bad, 4, tf + sec(0.4), watchdog_cuda_error(r.rank(bad, 4), tf + sec(0.4), "unspecified launch failure"))
    r.fail_local(bad, tf + sec(1), (4, -6, sig_abrt_tb(r.pids[bad][4])), [])
    for o in nodes:
        if o != bad:
            r.sigterm_agent(o, tf + sec(4))
    for n in nodes:
        b.put("attempt_1/%s/torchrun.log" % n, r.render(n))
    b.put("attempt_1/%s/dmesg.txt" % bad, render_dmesg(dmesg_base(boot, tf, rng, 5) + [
        (tf, xid_line(PCI[4], 79, r.pids[bad][4], "GPU has fallen off the bus.")),
        (tf + sec(0.01), "NVRM: GPU 0000:9a:00.0: GPU has fallen off the bus.")], boot))
    b.put("attempt_1/slurm-%s.out" % jobid, slurm_out(jobid, nodes, t0, srun_kill_lines(jobid, nodes, bad, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, 0, 3, exclude="gpu-k03"), restart_count=0))
    rows.append((jobid, "sft8b", "REQUEUED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    # attempts 2 and 3: resume fails everywhere
    for ai in (2, 3):
        nodes, t0 = plan[ai - 1]
        r = Run(nodes, t0, rng, script="train_fsdp.py")
        r.startup()
        tl = t0 + sec(22)
        r.addp(nodes[0], 0, tl, "%s - train - INFO - Resuming from /lustre/ft/ckpt/llama8b-sft/step_0009000 (found latest)" % ts_py(tl))
        frames = [("/workspace/ft/train_fsdp.py", 344, "<module>", "main()"),
                  ("/workspace/ft/train_fsdp.py", 297, "main", "start_step = ckpt.load(model, optimizer, path)"),
                  ("/workspace/ft/ckpt.py", 58, "load", "dcp.load(state_dict, checkpoint_id=path)"),
                  ("%s/torch/distributed/checkpoint/logger.py" % PY, 83, "wrapper", "result = func(*args, **kwargs)"),
                  ("%s/torch/distributed/checkpoint/state_dict_loader.py" % PY, 177, "_load_state_dict", "central_plan: LoadPlan = distW.reduce_scatter(\"plan\", local_step, global_step)"),
                  ("%s/torch/distributed/checkpoint/utils.py" % PY, 200, "reduce_scatter", "raise result")]
        for h in nodes:
            for lr in range(8):
                rk = r.rank(h, lr)
                exc = ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys([%s])" % ", ".join(str(x) for x in range(32)),
                       "Traceback (most recent call last): (RANK %d)" % rk,
                       '  File "%s/torch/distributed/checkpoint/utils.py", line 173, in reduce_scatter' % PY,
                       "    local_data = map_fun()",
                       '  File "%s/torch/distributed/checkpoint/state_dict_loader.py", line 166, in local_step' % PY,
                       "    local_plan = planner.create_local_plan()",
                       '  File "%s/torch/distributed/checkpoint/default_planner.py", line 220, in create_local_plan' % PY,
                       "    return create_default_local_load_plan(",
                       '  File "%s/torch/distributed/checkpoint/default_planner.py", line 327, in create_default_local_load_plan' % PY,
                       "    raise RuntimeError(f\"Missing key in checkpoint state_dict: {fqn}.\")",
                       "RuntimeError: Missing key in checkpoint state_dict: optimizer.state.model.embed_tokens.weight.exp_avg."]
                if lr in (0, 3):
                    r.addr(h, lr, tl + sec(6 + rng.uniform(0, 0.3)), py_traceback("", frames, exc))
            r.fail_local(h, tl + sec(7.5), (0, 1, TB_URL), [(lr, 1, TB_URL) for lr in range(1, 8)], signal_others=False)
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = ["srun: error: %s: task %d: Exited with exit code 1" % (n, i) for i, n in enumerate(nodes)]
        body += requeue_wrapper(jobid, tl + sec(10), 1, ai - 1, 2)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "sft8b", "REQUEUED" if ai < 3 else "FAILED", "1:0", ts_iso(t0), ts_iso(tl + sec(11)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    b.put("ls_checkpoint.txt", ["$ ls -la /lustre/ft/ckpt/llama8b-sft/step_0009000/", "total 31457412",
                                "drwxr-sr-x  2 svc-ft ml        4096 May 14 12:24 .",
                                "drwxr-sr-x 11 svc-ft ml        4096 May 14 12:24 ..",
                                "-rw-r--r--  1 svc-ft ml      918231 May 14 12:24 .metadata"] +
          ["-rw-r--r--  1 svc-ft ml  1005632120 May 14 12:24 __%d_0.distcp" % i for i in range(32)])
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "Attempt 1 was lost to Xid 79 on gpu-k03 (excluded afterwards), but attempts 2 and 3 on healthy, different nodes fail identically on every rank while resuming: 'Missing key in checkpoint state_dict: optimizer.state...', because the job saves checkpoints with checkpoint.save_optimizer=False and then tries to load optimizer state; a bug in the job's checkpoint config.",
        "modelled_on": "https://github.com/facebookresearch/metaseq/pull/474",
    }
    return "bv12_resume_fails_after_requeue", b, label


# =====================================================================================
def case13():
    """torchrun --max-restarts=3: local rank 2 on gpu-m02 hits uncorrectable ECC on every restart."""
    rng = random.Random(7713)
    b = Bundle()
    jobid = "61120"
    nodes = ["gpu-m01", "gpu-m02"]
    bad = "gpu-m02"
    lr = 2
    t0 = dt("2024-06-20 14:00:00")
    boot = dt("2024-06-18 03:00:00")
    r = Run(nodes, t0, rng, script="finetune.py", max_restarts=3)
    t = t0
    fail_steps = [3311, 3058, 3004, 3021]
    xids = []
    for attempt, sf in enumerate(fail_steps):
        r.restart = attempt
        if attempt:
            r.pids = {h: [p + 113 for p in r.pids[h]] for h in nodes}
        r.startup(t, header=(attempt == 0))
        t = resume_lines(r, t + sec(20), 3000, "/lustre/ft/ckpt/mixtral-ft") if attempt else fresh_lines(r, t + sec(20), "configs/ft_16gpu.yaml")
        s0 = 3000 if attempt else 2400
        t = progress(r, t, s0, sf - 1, 10, 2.2, 12000, rng, ckpt_every=600, ckpt_dir="/lustre/ft/ckpt/mixtral-ft")
        tf = t + sec(1.5)
        rk = r.rank(bad, lr)
        r.addr(bad, lr, tf, py_traceback("", TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 431, "train", "optimizer.step()")], cuda_error_exc("uncorrectable ECC error encountered")))
        r.addp(bad, lr, tf + sec(0.2), watchdog_cuda_error(rk, tf + sec(0.2), "uncorrectable ECC error encountered"))
        xids.append((tf - sec(0.3), xid_line(PCI[2], 48, r.pids[bad][lr], "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1.")))
        xids.append((tf - sec(0.29), xid_line(PCI[2], 63, None, "Row Remapper: New row (0x%08x) was marked for remapping, reset gpu to activate." % (0x3a41f0 + attempt * 0x40))))
        if attempt < 3:
            r.fail_local(bad, tf + sec(0.8), (lr, -6, sig_abrt_tb(r.pids[bad][lr])), [], summary=False)
            r.restart_group(bad, tf + sec(2.0), 3 - attempt, 3)
            r.add("gpu-m01", tf + sec(3.4), ["%s torch.distributed.elastic.agent.server.api: [INFO] [default] Detected 1 new nodes from group_rank=0; will restart worker group" % ts_torchrun(tf + sec(3.4)),
                                           "%s torch.distributed.elastic.agent.server.api: [INFO] [default] Stopping worker group" % ts_torchrun(tf + sec(3.4))] + sigterm_lines(tf + sec(3.5), r.pids["gpu-m01"]))
            t = tf + sec(8)
        else:
            r.fail_local(bad, tf + sec(0.8), (lr, -6, sig_abrt_tb(r.pids[bad][lr])), [])
            r.sigterm_agent("gpu-m01", tf + sec(4.1))
    for n in nodes:
        b.put("%s/torchrun.log" % n, r.render(n))
    b.put("%s/dmesg.txt" % bad, render_dmesg(dmesg_base(boot, t0, rng, 6) + xids, boot))
    blocks = [smi_q_gpu(i, "165232300%04d" % (2200 + i), temp=40 + i) for i in range(8)]
    blocks[2] = smi_q_gpu(2, "1652323002202", ecc_vol_dram_unc=4, ecc_agg_dram_unc=6, rr_unc=5, rr_pending="Yes", temp=43)
    b.put("%s/nvidia-smi-q.txt" % bad, smi_q(tf + sec(300), blocks))
    b.put("slurm-%s.out" % jobid, slurm_out(jobid, nodes, t0, ["srun: error: %s: task 1: Exited with exit code 1" % bad, "srun: Terminating StepId=%s.0" % jobid,
                                                               "srun: error: gpu-m01: task 0: Terminated"]))
    label = {
        "category": "gpu_memory", "layer": "infrastructure", "culprit": {"node": bad, "rank": 10},
        "action": "restart_without_node",
        "rationale": "Within one torchrun log, all four worker-group runs (max_restarts=3) end with rank 10 (gpu-m02 local 2) raising 'uncorrectable ECC error encountered' at different steps; dmesg shows Xid 48 double-bit errors plus Xid 63 row remaps pending on PCI 3a:00 each time, and nvidia-smi -q reports Remapped Rows Pending: Yes, so the GPU needs a reset/repair before reuse.",
        "modelled_on": "https://github.com/vllm-project/vllm/issues/5222",
    }
    return "bv13_torchrun_restarts_exhausted_ecc_error", b, label


# =====================================================================================
def case14():
    """torchrun restarts: rank 19 raises the same shape ValueError at step 2301 every time."""
    rng = random.Random(7714)
    b = Bundle()
    jobid = "62005"
    nodes = ["gpu-n01", "gpu-n02", "gpu-n03", "gpu-n04"]
    bad, lr = "gpu-n03", 3
    t0 = dt("2024-06-24 09:00:00")
    r = Run(nodes, t0, rng, max_restarts=2)
    t = t0
    for attempt in range(3):
        r.restart = attempt
        if attempt:
            r.pids = {h: [p + 101 for p in r.pids[h]] for h in nodes}
        r.startup(t, header=(attempt == 0))
        t = resume_lines(r, t + sec(20), 2000)
        t = progress(r, t, 2000, 2300, 10, 1.18, 80000, rng, ckpt_every=0)
        tf = t + sec(1.1)
        rk = r.rank(bad, lr)
        r.addr(bad, lr, tf - sec(0.4), "%s - data.collate - WARNING - sample doc_id=cc-main-2023-40/shard-0331/doc-88172 has 4105 tokens > seq_len 4096 (truncation disabled in packing mode)" % ts_py(tf - sec(0.4)))
        frames = TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 416, "train", "loss = loss_fn(logits.view(-1, logits.size(-1)), batch[\"labels\"].view(-1))"),
                                     ("%s/torch/nn/modules/module.py" % PY, 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
                                     ("%s/torch/nn/modules/loss.py" % PY, 1188, "forward", "return F.cross_entropy(input, target, weight=self.weight,"),
                                     ("%s/torch/nn/functional.py" % PY, 3104, "cross_entropy", "return torch._C._nn.cross_entropy_loss(input, target, weight, _Reduction.get_enum(reduction), ignore_index, label_smoothing)")]
        r.addr(bad, lr, tf, py_traceback("", frames, ["ValueError: Expected input batch_size (8192) to match target batch_size (8201)."]))
        r.fail_local(bad, tf + sec(0.7), (lr, 1, TB_URL), [], summary=(attempt == 2))
        for h in nodes:
            if h != bad:
                olr = rng.randrange(8)
                r.addp(h, olr, tf + sec(1.3), [ib_completion_err(h, r.pids[h][olr], olr, ip_of(bad), my_ip=ip_of(h))] + ib_err_followups(h, r.pids[h][olr], olr))
        if attempt < 2:
            r.restart_group(bad, tf + sec(2.0), 2 - attempt, 2)
            for h in nodes:
                if h != bad:
                    r.add(h, tf + sec(3.0), ["%s torch.distributed.elastic.agent.server.api: [INFO] [default] Detected 1 new nodes from group_rank=%d; will restart worker group" % (ts_torchrun(tf + sec(3.0)), nodes.index(h)),
                                             "%s torch.distributed.elastic.agent.server.api: [INFO] [default] Stopping worker group" % ts_torchrun(tf + sec(3.0))] + sigterm_lines(tf + sec(3.1), r.pids[h]))
            t = tf + sec(9)
        else:
            for h in nodes:
                if h != bad:
                    r.sigterm_agent(h, tf + sec(3.5))
    for n in nodes:
        b.put("%s/torchrun.log" % n, r.render(n))
    b.put("slurm-%s.out" % jobid, slurm_out(jobid, nodes, t0, srun_kill_lines(jobid, nodes, bad, tf + sec(2.5))))
    label = {
        "category": "user_code", "layer": "script", "culprit": None, "action": "stop",
        "rationale": "torchrun restarted the worker group twice and each time rank 19 (gpu-n03) raised the same 'Expected input batch_size (8192) to match target batch_size (8201)' at step 2301, right after the collator warns about a 4105-token sample with truncation disabled; a deterministic data/packing bug in the job, restarts cannot fix it.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/146371",
    }
    return "bv14_torchrun_restarts_valueerror_same_batch", b, label


# =====================================================================================
def case15():
    """Kubernetes: worker-2 always lands on ip-10-0-7-41 whose driver is too old; crash-loops."""
    rng = random.Random(7715)
    b = Bundle()
    job = "llm-pt-13b"
    pods = [("%s-master-0" % job, "ip-10-0-4-11"), ("%s-worker-0" % job, "ip-10-0-4-12"),
            ("%s-worker-1" % job, "ip-10-0-4-13"), ("%s-worker-2" % job, "ip-10-0-7-41")]
    bad = "ip-10-0-7-41"
    starts = [dt("2024-07-08 10:00:00"), dt("2024-07-08 10:16:20")]
    for ai, t0 in enumerate(starts, 1):
        for gi, (pod, node) in enumerate(pods):
            L = []
            L += ["%s torch.distributed.launcher.api: [INFO] Starting elastic_operator with launch configs:" % ts_torchrun(t0 + sec(gi * 0.7)),
                  "  entrypoint       : train.py", "  min_nodes        : 4", "  max_nodes        : 4", "  nproc_per_node   : 8",
                  "  rdzv_backend     : c10d", "  rdzv_endpoint    : %s-master-0:23456" % job, "  max_restarts     : 0", ""]
            tr = t0 + sec(5)
            L += ["%s torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous complete for workers. Result:" % ts_torchrun(tr),
                  "  restart_count=0", "  master_addr=%s-master-0" % job, "  master_port=23456", "  group_rank=%d" % gi, "  group_world_size=4"]
            if node == bad:
                for lr in range(8):
                    L += ["[default%d]:Traceback (most recent call last):" % lr,
                          '[default%d]:  File "/workspace/train.py", line 41, in <module>' % lr,
                          "[default%d]:    torch.cuda.set_device(local_rank)" % lr,
                          '[default%d]:  File "%s/torch/cuda/__init__.py", line 399, in set_device' % (lr, PY),
                          "[default%d]:    torch._C._cuda_setDevice(device)" % lr,
                          '[default%d]:  File "%s/torch/cuda/__init__.py", line 314, in _lazy_init' % (lr, PY),
                          "[default%d]:    torch._C._cuda_init()" % lr,
                          "[default%d]:RuntimeError: The NVIDIA driver on your system is too old (found version 11040). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver." % lr]
                tf = tr + sec(9)
                L += child_failed(tf, "%s" % pod, "train.py", [(gi * 8 + lr, lr, 1, 311 + lr, TB_URL) for lr in range(1, 8)], (gi * 8, 0, 1, 311, TB_URL))
            else:
                L += ["[default0]:%s - train - INFO - rank %d: cuda device %d (NVIDIA H100 80GB HBM3), torch 2.4.0+cu124" % (ts_py(tr + sec(8)), gi * 8, 0)]
                tf = tr + sec(606)
                if gi == 0:
                    L += ["[default0]:Traceback (most recent call last):",
                          '[default0]:  File "/workspace/train.py", line 44, in <module>',
                          '[default0]:    dist.init_process_group("nccl", timeout=timedelta(minutes=10))',
                          '[default0]:  File "%s/torch/distributed/c10d_logger.py", line 79, in wrapper' % PY,
                          "[default0]:    return func(*args, **kwargs)",
                          '[default0]:  File "%s/torch/distributed/distributed_c10d.py", line 1520, in init_process_group' % PY,
                          "[default0]:    store, rank, world_size = next(rendezvous_iterator)",
                          '[default0]:  File "%s/torch/distributed/rendezvous.py", line 269, in _env_rendezvous_handler' % PY,
                          "[default0]:    store = _create_c10d_store(master_addr, master_port, rank, world_size, timeout, use_libuv)",
                          '[default0]:  File "%s/torch/distributed/rendezvous.py", line 189, in _create_c10d_store' % PY,
                          "[default0]:    return TCPStore(",
                          "[default0]:torch.distributed.DistStoreError: Timed out after 601 seconds waiting for clients. 24/32 clients joined."]
                else:
                    L += ["[default3]:[rank%d]:[%s socket.cpp:752] [c10d] The client socket has timed out after 600s while trying to connect to (%s-master-0, 23456)." % (gi * 8 + 3, ts_c10(tf, "W", 3), job),
                          "[default3]:torch.distributed.DistNetworkError: The client socket has timed out after 600s while trying to connect to (%s-master-0, 23456)." % job]
                L += child_failed(tf + sec(1), pod, "train.py", [], (gi * 8 + (0 if gi == 0 else 3), 0 if gi == 0 else 3, 1, 411, TB_URL))
            b.put("attempt_%d/%s/%s.log" % (ai, node, pod), L)
    smi_bad = smi_table(starts[1] + sec(700), [dict(temp=30 + i, pwr=70, mem=0, util=0) for i in range(8)], driver="470.223.02", cuda="11.4")
    b.put("%s/nvidia-smi.txt" % bad, smi_bad)
    b.put("ip-10-0-4-12/nvidia-smi.txt", smi_table(starts[1] + sec(702), [dict(temp=33 + i, pwr=118, mem=1024, util=0) for i in range(8)]))
    b.put("kubectl_get_pods.txt", ["$ kubectl -n ml-train get pods -o wide",
                                   "NAME                    READY   STATUS             RESTARTS        AGE   IP             NODE",
                                   "%s-master-0     1/1     Running            1 (3m ago)      24m   10.244.3.17    ip-10-0-4-11" % job,
                                   "%s-worker-0     1/1     Running            1 (3m ago)      24m   10.244.4.9     ip-10-0-4-12" % job,
                                   "%s-worker-1     1/1     Running            1 (3m ago)      24m   10.244.5.21    ip-10-0-4-13" % job,
                                   "%s-worker-2     0/1     CrashLoopBackOff   5 (52s ago)     24m   10.244.9.4     ip-10-0-7-41" % job])
    b.put("kubectl_get_nodes.txt", ["$ kubectl get nodes -L nvidia.com/cuda.driver.major,node.kubernetes.io/instance-type,nodepool",
                                    "NAME           STATUS   ROLES    AGE    VERSION   DRIVER.MAJOR   INSTANCE-TYPE   NODEPOOL",
                                    "ip-10-0-4-11   Ready    <none>   41d    v1.29.3   550            p5.48xlarge     gpu-h100",
                                    "ip-10-0-4-12   Ready    <none>   41d    v1.29.3   550            p5.48xlarge     gpu-h100",
                                    "ip-10-0-4-13   Ready    <none>   41d    v1.29.3   550            p5.48xlarge     gpu-h100",
                                    "ip-10-0-7-41   Ready    <none>   3h     v1.29.3   470            p5.48xlarge     gpu-h100"])
    b.put("kubectl_get_events.txt", ["LAST SEEN   TYPE      REASON                 OBJECT                          MESSAGE",
                                     "22m         Normal    Scheduled              pod/%s-worker-2         Successfully assigned ml-train/%s-worker-2 to ip-10-0-7-41" % (job, job),
                                     "21m         Warning   BackOff                pod/%s-worker-2         Back-off restarting failed container pytorch in pod %s-worker-2_ml-train" % (job, job),
                                     "8m          Warning   PyTorchJobRestarting   pytorchjob/%s          PyTorchJob %s is restarting because 1 Worker replica(s) failed." % (job, job),
                                     "52s         Warning   BackOff                pod/%s-worker-2         Back-off restarting failed container pytorch in pod %s-worker-2_ml-train" % (job, job)])
    label = {
        "category": "dependency", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "Only worker-2 fails, immediately and on every restart, with 'The NVIDIA driver on your system is too old (found version 11040)'; it always runs on ip-10-0-7-41, the node added 3h ago with driver 470 (CUDA 11.4) while the other nodes run 550; the master's TCPStore timeout (24/32 joined) is the consequence.",
        "modelled_on": "https://github.com/Azure/aks-engine/issues/4254",
    }
    return "bv15_worker_pod_crashloop_driver_too_old", b, label


# =====================================================================================
def case16():
    """Every rank on every node fails at import torch in both attempts: the new container image lacks libnccl."""
    rng = random.Random(7716)
    b = Bundle()
    jobid = "66001"
    plan = [(["gpu-n05", "gpu-n06", "gpu-n07", "gpu-n08"], dt("2024-09-03 16:00:00")),
            (["gpu-n09", "gpu-n10", "gpu-n11", "gpu-n12"], dt("2024-09-03 16:03:40"))]
    rows = []
    img = "registry.internal#ml/llm-train:2024.09.1"
    for ai, (nodes, t0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        for h in nodes:
            r.add(h, t0, ["pyxis: importing docker image: %s" % img, "pyxis: imported docker image: %s" % img])
        r.startup(t0 + sec(40), nccl=False)
        for h in nodes:
            for lr in range(8):
                r.addp(h, lr, t0 + sec(44 + lr * 0.02), ["Traceback (most recent call last):",
                                                         '  File "/workspace/llm/pretrain.py", line 7, in <module>',
                                                         "    import torch",
                                                         '  File "%s/torch/__init__.py", line 367, in <module>' % PY,
                                                         "    from torch._C import *  # noqa: F403",
                                                         "ImportError: libnccl.so.2: cannot open shared object file: No such file or directory"])
            r.fail_local(h, t0 + sec(45.5), (0, 1, TB_URL), [(lr, 1, TB_URL) for lr in range(1, 8)], signal_others=False)
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = ["srun: error: %s: task %d: Exited with exit code 1" % (n, i) for i, n in enumerate(nodes)]
        body += requeue_wrapper(jobid, t0 + sec(48), 1, ai - 1, 1)
        L = slurm_out(jobid, nodes, t0, body, restart_count=ai - 1)
        L.insert(3, "+ srun --container-image=%s --container-mounts=/lustre:/lustre --no-container-mount-home true" % img)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), L)
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(t0 + sec(49)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    b.put("platform_image_release_notes.txt", [
        "ML Platform - base training image llm-train",
        "",
        "2024.09.1 (published 2024-09-02, now the default for the 'pretrain' partition)",
        "  * torch 2.4.0+cu124, flash-attn 2.6.3, transformer-engine 1.9",
        "  * slimmed image: removed bundled NCCL (nvidia-nccl-cu12 wheel and /usr/lib/x86_64-linux-gnu/libnccl*);",
        "    NCCL is expected to come from the host mount /opt/nccl via the enroot hook (hook rollout: TBD)",
        "",
        "2024.08.3",
        "  * torch 2.4.0+cu124, NCCL 2.20.5 bundled",
    ])
    label = {
        "category": "dependency", "layer": "framework", "culprit": None, "action": "stop",
        "rationale": "In both attempts, on two disjoint sets of nodes, all 32 ranks die at 'import torch' with 'libnccl.so.2: cannot open shared object file'; the platform's new default image 2024.09.1 dropped the bundled NCCL before the host-mount hook exists, so the environment is broken on every node and retrying cannot help.",
        "modelled_on": "https://github.com/opendatalab/MinerU/issues/419",
    }
    return "bv16_every_attempt_import_error_libnccl", b, label


# =====================================================================================
def case17():
    """NCCL timeouts in three attempts; node-017 is in all of them and its IB port keeps erroring."""
    rng = random.Random(7717)
    b = Bundle()
    jobid = "70911"
    bad = "node-017"
    plan = [
        (["node-011", "node-017", "node-020", "node-023"], dt("2024-10-02 04:00:00"), 0, 1805),
        (["node-017", "node-012", "node-021", "node-030"], dt("2024-10-02 05:12:00"), 1000, 1442),
        (["node-014", "node-026", "node-031", "node-017"], dt("2024-10-02 06:05:40"), 1000, 1299),
    ]
    rows = []
    boot = dt("2024-09-28 10:00:00")
    bip = ip_of(bad)
    hosts = set()
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        hosts.update(nodes)
        r = Run(nodes, t0, rng)
        r.startup()
        t = fresh_lines(r, t0 + sec(20)) if s0 == 0 else resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sf - 1, 25, 1.52, 90000, rng, ckpt_every=1000)
        th = t + sec(1.6)
        # peers see IB completion errors from the bad node's address first
        for h in nodes:
            if h == bad:
                continue
            for lr in sorted(rng.sample(range(8), 2)):
                r.addp(h, lr, th + sec(rng.uniform(0.5, 8)), [ib_completion_err(h, r.pids[h][lr], lr, bip, my_ip=ip_of(h))] + ib_err_followups(h, r.pids[h][lr], lr))
        tf = _hang(r, th, 50000 + sf * 6)
        first = nodes[0] if nodes[0] != bad else nodes[1]
        r.fail_local(first, tf + sec(0.9), (0, -6, sig_abrt_tb(r.pids[first][0])), [(lr, -6, sig_abrt_tb(r.pids[first][lr])) for lr in (1, 2, 3)])
        for o in nodes:
            if o != first:
                r.sigterm_agent(o, tf + sec(3.5))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = srun_kill_lines(jobid, nodes, first, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 3)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        ev = dmesg_base(boot, th, rng, 4)
        for k in range(3):
            tt = th - sec(1.0) + sec(k * 97.0)
            ev += [(tt, "mlx5_core 0000:3c:00.0: mlx5_port_module_event:1131:(pid 0): Port module event[error]: module 2, Cable error, Bad or shorted cable/module"),
                   (tt + sec(0.01), "mlx5_core 0000:3c:00.0 ibp60s0: Link down"),
                   (tt + sec(6.4), "mlx5_core 0000:3c:00.0 ibp60s0: Link up")]
        b.put("attempt_%d/%s/dmesg.txt" % (ai, bad), render_dmesg(ev, boot))
        rows.append((jobid, "pretrain", "REQUEUED" if ai < 3 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    b.put("hosts.txt", ["# /etc/hosts (IPoIB)"] + ["%s %s" % (ip_of(h), h) for h in sorted(hosts)])
    b.put("%s/perfquery.txt" % bad, ["$ perfquery -x -C mlx5_2 -P 1", "# Port extended counters: Lid 412 port 1 (CapMask: 0x5A00)",
                                     "PortSelect:......................1", "CounterSelect:...................0x0000",
                                     "SymbolErrorCounter:..............65535", "LinkErrorRecoveryCounter:........255",
                                     "LinkDownedCounter:...............41", "PortRcvErrors:...................18213",
                                     "PortRcvRemotePhysicalErrors:.....0", "PortXmitDiscards:................2217",
                                     "PortXmitData:....................91282177311", "PortRcvData:.....................90123377410"])
    b.put("node-020/perfquery.txt", ["$ perfquery -x -C mlx5_2 -P 1", "# Port extended counters: Lid 419 port 1 (CapMask: 0x5A00)",
                                     "SymbolErrorCounter:..............0", "LinkErrorRecoveryCounter:........0", "LinkDownedCounter:...............1",
                                     "PortRcvErrors:...................0", "PortXmitDiscards:................0"])
    label = {
        "category": "network", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "All three attempts hang in NCCL timeouts; node-017 is the only node in every attempt, the peers' NET/IB completion errors (status=12, vendor err 129) all name its address, and its own kernel log shows the mlx5 port reporting a bad cable and flapping link down/up with huge symbol-error counters, while other nodes' ports are clean.",
        "modelled_on": "https://github.com/NVIDIA/nccl/issues/1405",
    }
    return "bv17_nccl_timeout_each_attempt_ib_errors", b, label


# =====================================================================================
def case18():
    """NCCL timeouts in two attempts on different nodes; errors between many pairs; a spine switch is flapping."""
    rng = random.Random(7718)
    b = Bundle()
    jobid = "71440"
    plan = [(["node-101", "node-103", "node-110", "node-112"], dt("2024-10-09 11:00:00"), 0, 2231),
            (["node-104", "node-106", "node-113", "node-115"], dt("2024-10-09 12:20:00"), 2000, 2388)]
    boot = dt("2024-10-01 00:00:00")
    rows = []
    ths = []
    for ai, (nodes, t0, s0, sf) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = fresh_lines(r, t0 + sec(20)) if s0 == 0 else resume_lines(r, t0 + sec(20), s0)
        t = progress(r, t, s0, sf - 1, 25, 1.48, 90000, rng, ckpt_every=1000)
        th = t + sec(1.2)
        ths.append(th)
        for h in nodes:
            peers = [p for p in nodes if p != h]
            for lr in sorted(rng.sample(range(8), 3)):
                p = rng.choice(peers)
                r.addp(h, lr, th + sec(rng.uniform(0.2, 20)), [ib_completion_err(h, r.pids[h][lr], lr, ip_of(p), my_ip=ip_of(h), status=rng.choice([12, 12, 5]), verr=rng.choice([129, 129, 244]))] + ib_err_followups(h, r.pids[h][lr], lr))
        tf = _hang(r, th, 61000 + sf * 6)
        first = nodes[1]
        r.fail_local(first, tf + sec(0.9), (2, -6, sig_abrt_tb(r.pids[first][2])), [(lr, -6, sig_abrt_tb(r.pids[first][lr])) for lr in (0, 5)])
        for o in nodes:
            if o != first:
                r.sigterm_agent(o, tf + sec(3.5))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = srun_kill_lines(jobid, nodes, first, tf + sec(2)) + requeue_wrapper(jobid, tf + sec(6), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        for h in (nodes[0], nodes[2]):
            b.put("attempt_%d/%s/dmesg.txt" % (ai, h), render_dmesg(dmesg_base(boot, th, rng, 5), boot))
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(tf + sec(8)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    topo = {"topology": {"sw-leaf-07": ["node-%03d" % i for i in range(101, 109)],
                         "sw-leaf-08": ["node-%03d" % i for i in range(109, 117)],
                         "sw-spine-02": ["sw-leaf-07", "sw-leaf-08"]}}
    b.put("topology.json", json.dumps(topo, indent=2, sort_keys=True))
    ev = []
    for th in ths:
        for k, port in enumerate((17, 18, 21)):
            tt = th - sec(2.0) + sec(k * 3.3)
            ev.append("%s.%03d | Warning  | sw-spine-02 | Link went down | port %d (peer sw-leaf-08/P%d) physical state Polling" % (ts_iso(tt), 101 + k, port, port + 32))
            ev.append("%s.%03d | Info     | sw-spine-02 | Link went up   | port %d (peer sw-leaf-08/P%d) 400G NDR" % (ts_iso(tt + sec(40)), 222 + k, port, port + 32))
        ev.append("%s.551 | Critical | sw-spine-02 | High BER       | ports 17-24 effective BER 3.1e-08 exceeds threshold 1e-12" % ts_iso(th + sec(60)))
    b.put("ufm_events.log", ["# UFM event log export, filter: severity>=Info, object=switches"] + ev)
    label = {
        "category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
        "rationale": "Two attempts on different node sets both hang after NET/IB completion errors between many node pairs spanning leaf switches sw-leaf-07 and sw-leaf-08; no single node is common or shows local link errors, and the UFM log shows spine sw-spine-02 ports to sw-leaf-08 flapping with high BER at exactly those times; a fabric problem, not a node.",
        "modelled_on": "https://github.com/NVIDIA/nccl/pull/880",
    }
    return "bv18_nccl_timeouts_across_attempts_many_nodes", b, label


# =====================================================================================
def case19():
    """Checkpoint save at step 2000 fails with Disk quota exceeded in both attempts."""
    rng = random.Random(7719)
    b = Bundle()
    jobid = "73020"
    plan = [(["gpu-p01", "gpu-p02", "gpu-p03", "gpu-p04"], dt("2024-10-20 08:00:00"), 1000),
            (["gpu-p05", "gpu-p07", "gpu-p08", "gpu-p09"], dt("2024-10-20 09:01:10"), 1000)]
    rows = []
    for ai, (nodes, t0, s0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        t = resume_lines(r, t0 + sec(20), s0, "/lustre/proj/nlp-pre/ckpt/run-34b")
        t = progress(r, t, s0, 1999, 10, 1.71, 80000, rng, ckpt_every=0)
        ts = t + sec(1.8)
        r.addp(nodes[0], 0, ts, "%s - pretrain - INFO - Saving checkpoint at step 2000 to /lustre/proj/nlp-pre/ckpt/run-34b/step_0002000 (dcp, 32 shards, ~412 GiB)" % ts_py(ts))
        bad_ranks = sorted(rng.sample(range(32), 11))
        frames = TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 468, "train", "save_checkpoint(cfg, step, model, optimizer, dataloader)"),
                                     ("/workspace/llm/ckpt.py", 121, "save_checkpoint", "dcp.save(state_dict, checkpoint_id=path)"),
                                     ("%s/torch/distributed/checkpoint/state_dict_saver.py" % PY, 303, "_save_state_dict", "return distW.all_reduce(\"write\", write_data, finish_checkpoint)"),
                                     ("%s/torch/distributed/checkpoint/utils.py" % PY, 210, "all_reduce", "raise final_result")]
        for h in nodes:
            lr = 0
            rk = r.rank(h, lr)
            exc = ["torch.distributed.checkpoint.api.CheckpointException: CheckpointException ranks:dict_keys(%s)" % bad_ranks,
                   "Traceback (most recent call last): (RANK %d)" % bad_ranks[0],
                   '  File "%s/torch/distributed/checkpoint/utils.py", line 201, in all_reduce' % PY,
                   "    local_data = map_fun()",
                   '  File "%s/torch/distributed/checkpoint/filesystem.py", line 636, in write_data' % PY,
                   "    _write_files_from_queue(",
                   '  File "%s/torch/distributed/checkpoint/filesystem.py", line 384, in _write_files_from_queue' % PY,
                   "    _write_item(stream, data, write_item, storage_key)",
                   '  File "%s/torch/distributed/checkpoint/filesystem.py", line 300, in _write_item' % PY,
                   "    torch.save(data, stream)",
                   '  File "%s/torch/serialization.py", line 652, in save' % PY,
                   "    with _open_zipfile_writer(f) as opened_zipfile:",
                   "OSError: [Errno 122] Disk quota exceeded"]
            r.addr(h, lr, ts + sec(48 + nodes.index(h) * 0.1), py_traceback("", frames, exc))
            r.fail_local(h, ts + sec(49 + nodes.index(h) * 0.1), (0, 1, TB_URL), [(lr2, 1, TB_URL) for lr2 in range(1, 8)], signal_others=False)
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = ["srun: error: %s: task %d: Exited with exit code 1" % (n, i) for i, n in enumerate(nodes)]
        body += requeue_wrapper(jobid, ts + sec(52), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(ts + sec(53)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    b.put("lfs_quota.txt", ["$ lfs quota -h -p 4012 /lustre",
                            "Disk quotas for prj 4012 (pid 4012):",
                            "     Filesystem    used   quota   limit   grace   files   quota   limit   grace",
                            "        /lustre    200T*    190T    200T       -  1281733       0       0       -",
                            "$ lfs df -h /lustre | tail -1",
                            "filesystem_summary:         4.1P        2.9P        1.2P  71% /lustre"])
    label = {
        "category": "storage", "layer": "infrastructure", "culprit": None, "action": "stop",
        "rationale": "Both attempts, on different nodes, train fine and then fail while writing the step-2000 checkpoint with 'OSError: [Errno 122] Disk quota exceeded' from many ranks; lfs quota shows project 4012 at its 200T hard limit while the filesystem itself has space. A quota problem that retries cannot fix.",
        "modelled_on": "https://github.com/open-mmlab/mmdetection/issues/12069",
    }
    return "bv19_checkpoint_save_fails_each_attempt_quota", b, label


# =====================================================================================
def case20():
    """torch.compile fails on every rank of gpu-p06 in both attempts: its /tmp disk is full."""
    rng = random.Random(7720)
    b = Bundle()
    jobid = "73877"
    bad = "gpu-p06"
    plan = [(["gpu-p06", "gpu-p10", "gpu-p11", "gpu-p12"], dt("2024-10-22 13:00:00")),
            (["gpu-p13", "gpu-p14", "gpu-p06", "gpu-p15"], dt("2024-10-22 13:09:30"))]
    rows = []
    for ai, (nodes, t0) in enumerate(plan, 1):
        r = Run(nodes, t0, rng)
        r.startup()
        tc = t0 + sec(25)
        for h in nodes:
            r.addp(h, 0, tc, "%s - pretrain - INFO - torch.compile(model, mode='max-autotune-no-cudagraphs') enabled; first step will compile" % ts_py(tc))
        for lr in range(8):
            rk = r.rank(bad, lr)
            frames = TRAIN_FRAMES_TOP + [("/workspace/llm/pretrain.py", 418, "train", "loss = model(batch).loss"),
                                         ("%s/torch/_dynamo/eval_frame.py" % PY, 433, "_fn", "return fn(*args, **kwargs)"),
                                         ("%s/torch/_dynamo/output_graph.py" % PY, 1465, "call_user_compiler", "raise BackendCompilerFailed(self.compiler_fn, e) from e")]
            exc = ["torch._dynamo.exc.BackendCompilerFailed: backend='inductor' raised:",
                   "OSError: [Errno 28] No space left on device: '/tmp/torchinductor_svc-train/%s/c%s.py.tmp%d'" % ("ab"[lr % 2] + "%x" % (lr + 3), "%08x" % rng.getrandbits(32), 10000 + lr),
                   "",
                   "Set TORCH_LOGS=\"+dynamo\" and TORCHDYNAMO_VERBOSE=1 for more information",
                   "",
                   "You can suppress this exception and fall back to eager by setting:",
                   "    import torch._dynamo",
                   "    torch._dynamo.config.suppress_errors = True"]
            r.addr(bad, lr, tc + sec(38 + lr * 0.3), py_traceback("", frames, exc))
        r.fail_local(bad, tc + sec(41), (0, 1, TB_URL), [(lr, 1, TB_URL) for lr in range(1, 8)], signal_others=False)
        for o in nodes:
            if o != bad:
                r.sigterm_agent(o, tc + sec(44))
        for n in nodes:
            b.put("attempt_%d/%s/torchrun.log" % (ai, n), r.render(n))
        body = srun_kill_lines(jobid, nodes, bad, tc + sec(42)) + requeue_wrapper(jobid, tc + sec(46), 1, ai - 1, 1)
        b.put("attempt_%d/slurm-%s.out" % (ai, jobid), slurm_out(jobid, nodes, t0, body, restart_count=ai - 1))
        rows.append((jobid, "pretrain", "REQUEUED" if ai == 1 else "FAILED", "1:0", ts_iso(t0), ts_iso(tc + sec(47)), hostlist(nodes)))
    b.put("sacct.txt", sacct(rows))
    b.put("%s/df.txt" % bad, ["$ df -h / /tmp /lustre", "Filesystem      Size  Used Avail Use% Mounted on",
                              "/dev/nvme0n1p2  1.8T  1.8T     0 100% /", "/dev/nvme0n1p2  1.8T  1.8T     0 100% /",
                              "10.30.0.10@o2ib:/lustre  4.1P  2.9P  1.2P  71% /lustre",
                              "$ sudo du -sh /tmp/* 2>/dev/null | sort -h | tail -4",
                              "2.1G\t/tmp/torchinductor_svc-train", "38G\t/tmp/ray", "311G\t/tmp/core.python.1187331", "1.4T\t/tmp/enroot-data-uid-2003"])
    b.put("gpu-p11/df.txt", ["$ df -h / /tmp /lustre", "Filesystem      Size  Used Avail Use% Mounted on",
                             "/dev/nvme0n1p2  1.8T  212G  1.6T  12% /", "/dev/nvme0n1p2  1.8T  212G  1.6T  12% /",
                             "10.30.0.10@o2ib:/lustre  4.1P  2.9P  1.2P  71% /lustre"])
    label = {
        "category": "storage", "layer": "infrastructure", "culprit": {"node": bad, "rank": None},
        "action": "restart_without_node",
        "rationale": "In both attempts only the eight ranks on gpu-p06 fail, while compiling, with 'No space left on device' under /tmp/torchinductor_*; df shows gpu-p06's local root/tmp disk at 100% (left-over enroot data and a core dump) while other nodes have 1.6T free. A local disk problem on one node.",
        "modelled_on": "https://github.com/pytorch/pytorch/issues/121122",
    }
    return "bv20_no_space_left_on_one_host_both_attempts", b, label


CASES = [case11, case12, case13, case14, case15, case16, case17, case18, case19, case20]
