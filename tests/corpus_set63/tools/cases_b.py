"""Cases bh11-bh20: a node-local storage contrast, and the memory-failure layer."""
import json
import random
from datetime import timedelta, timezone

from common import (UTC, add, destroy_pg_warning, dt, elastic_agent_sigterm, elastic_failed_line,
                    elastic_summary, epoch, hf_progress, nccl_init_lines, nvidia_smi, traceback,
                    ts_ctime, ts_ds, ts_glog, ts_iso, ts_py, ts_syslog, watchdog_timeout, write_lines)

ULT = "/usr/local/lib/python3.10/dist-packages"
CONDA = "/opt/conda/lib/python3.11/site-packages"


def mk(name, files, label, topology=None):
    return {"name": name, "files": files, "label": label, "topology": topology}


def lab(category, layer, culprit, action, rationale, url):
    return {"category": category, "layer": layer, "culprit": culprit, "action": action,
            "rationale": rationale, "modelled_on": url}


def oom_msg(alloc, gpu, total, free, this_proc, by_pt, unalloc, others=(), prefix="torch.OutOfMemoryError: CUDA out of memory. ", capacity="capacity"):
    s = prefix + "Tried to allocate %s. GPU %d has a total %s of %s of which %s is free. " % (alloc, gpu, capacity, total, free)
    for pid, mem in others:
        s += "Process %d has %s memory in use. " % (pid, mem)
    s += ("Including non-PyTorch memory, this process has %s memory in use. Of the allocated memory %s is allocated by PyTorch, "
          "and %s is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting "
          "PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  "
          "(https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)") % (this_proc, by_pt, unalloc)
    return s


def torchrun_header(t, tid=140077):
    return ["W%s %d torch/distributed/run.py:793] " % (ts_glog(t, ""), tid),
            "W%s %d torch/distributed/run.py:793] *****************************************" % (ts_glog(t, ""), tid),
            "W%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (ts_glog(t, ""), tid),
            "W%s %d torch/distributed/run.py:793] *****************************************" % (ts_glog(t, ""), tid)]


def node_fail_tail(L, host, ranks, fails, pids, exitcode, script, tid=140077, sigterm=True, style="new"):
    """torchrun agent reaction: SIGTERM remaining local workers, then ChildFailedError summary."""
    first = min(fails, key=lambda r: fails[r])
    tk = add(fails[first], seconds=1, milliseconds=120)
    if sigterm:
        rest = [pids[r] for r in ranks if r not in fails]
        if rest:
            L.extend(elastic_agent_sigterm(tk, rest, style=style, agent_tid=tid))
    L.append(elastic_failed_line(add(tk, seconds=2), exitcode, first % 8, pids[first], style=style, agent_tid=tid))
    root = {"time": fails[first], "host": host, "rank": first, "local_rank": first % 8, "exitcode": exitcode,
            "pid": pids[first], "error_file": None}
    others = [{"time": fails[r], "host": host, "rank": r, "local_rank": r % 8, "exitcode": exitcode,
               "pid": pids[r], "error_file": None} for r in sorted(fails, key=lambda r: fails[r]) if r != first]
    L.extend(elastic_summary(script, root, others))


# =====================================================================
# bh11 FileNotFoundError only on one node (its filesystem mount is missing)
# =====================================================================
def bh11():
    rng = random.Random(6311)
    nodes = ["hpcg-0113", "hpcg-0114", "hpcg-0115", "hpcg-0116"]
    bad = "hpcg-0115"
    t0 = dt(2025, 3, 4, 7, 31, 12, 400000)
    files = {}
    pids = {r: 61000 + r * 4 for r in range(32)}
    for ni, n in enumerate(nodes):
        L = torchrun_header(t0)
        ranks = list(range(ni * 8, ni * 8 + 8))
        for r in ranks:
            L.append("[rank%d]:%s INFO     [train.py:88] rank=%d local_rank=%d host=%s" % (r, ts_py(add(t0, seconds=11, milliseconds=rng.randint(0, 400))), r, r % 8, n))
        if n == bad:
            fails = {}
            for r in ranks:
                tf = add(t0, seconds=12, milliseconds=rng.randint(100, 700))
                fails[r] = tf
                fr = [("/home/amurali/pt/train.py", 301, "<module>", "main()"),
                      ("/home/amurali/pt/train.py", 139, "main", "ds = PackedTokens(cfg.data.root, seq_len=cfg.seq_len)"),
                      ("/home/amurali/pt/data.py", 44, "__init__", 'with open(os.path.join(root, "index.json")) as f:')]
                L.extend(traceback(fr, ["FileNotFoundError: [Errno 2] No such file or directory: '/mnt/weka/pt/tok/redpajama_v2/index.json'"], prefix="[rank%d]: " % r))
            node_fail_tail(L, n, ranks, fails, pids, 1, "train.py")
        else:
            for r in ranks:
                L.append("[rank%d]:%s INFO     [data.py:51] opened index /mnt/weka/pt/tok/redpajama_v2/index.json: 512 shards, 2.31T tokens" % (r, ts_py(add(t0, seconds=13, milliseconds=rng.randint(0, 900)))))
            for r in ranks:
                L.append("[rank%d]:%s INFO     [train.py:161] model built: 6.74B params, FSDP FULL_SHARD, bf16" % (r, ts_py(add(t0, seconds=49, milliseconds=rng.randint(0, 900)))))
            tw = add(t0, seconds=50 + 600, milliseconds=rng.randint(0, 300))
            fails = {}
            for r in ranks:
                fails[r] = add(tw, milliseconds=rng.randint(0, 700))
                L.extend(watchdog_timeout(r, fails[r], 1, "_ALLGATHER_BASE", 13478912, 600000, rng=rng))
            node_fail_tail(L, n, ranks, fails, pids, -6, "train.py", sigterm=False)
        files["%s/torchrun.log" % n] = write_lines(L)
        boot = dt(2025, 3, 3, 22, 4, 51, 118203)
        J = ["%s %s systemd[1]: Starting mnt-weka.mount - Weka filesystem /mnt/weka..." % (ts_iso(add(boot, seconds=31)), n)]
        if n == bad:
            J += ["%s %s mount[2211]: mount error: wekafs: failed to reach weka backend 10.77.0.10:14000 (Connection timed out)" % (ts_iso(add(boot, seconds=151)), n),
                  "%s %s systemd[1]: mnt-weka.mount: Mount process exited, code=exited, status=32/n/a" % (ts_iso(add(boot, seconds=151, microseconds=2211)), n),
                  "%s %s systemd[1]: mnt-weka.mount: Failed with result 'exit-code'." % (ts_iso(add(boot, seconds=151, microseconds=2400)), n),
                  "%s %s systemd[1]: Failed to mount mnt-weka.mount - Weka filesystem /mnt/weka." % (ts_iso(add(boot, seconds=151, microseconds=2588)), n),
                  "%s %s systemd[1]: Dependency failed for remote-fs.target - Remote File Systems." % (ts_iso(add(boot, seconds=151, microseconds=2700)), n)]
        else:
            J += ["%s %s kernel: wekafs: registered filesystem" % (ts_iso(add(boot, seconds=33)), n),
                  "%s %s systemd[1]: Mounted mnt-weka.mount - Weka filesystem /mnt/weka." % (ts_iso(add(boot, seconds=38 + ni)), n),
                  "%s %s systemd[1]: Reached target remote-fs.target - Remote File Systems." % (ts_iso(add(boot, seconds=38 + ni, microseconds=9000)), n)]
        J.append("%s %s slurmd[3012]: slurmd: launch task StepId=640812.0 request from UID:41811 GID:41811 HOST:10.77.1.2 PORT:40112" % (ts_iso(add(t0, seconds=-3)), n))
        files["%s/journal.txt" % n] = write_lines(J)
        files["%s/prolog-mounts.txt" % n] = write_lines(
            ["$ findmnt -t wekafs,nfs4 -o TARGET,SOURCE,FSTYPE,OPTIONS"] +
            ([] if n == bad else ["TARGET     SOURCE            FSTYPE OPTIONS",
                                  "/mnt/weka  default           wekafs rw,relatime,writecache,inode_bits=auto,dentry_max_age_positive=1000"]) +
            ["/home      nfs01:/export/home nfs4   rw,relatime,vers=4.2,rsize=1048576,wsize=1048576" if n == bad else
             "/home      nfs01:/export/home nfs4   rw,relatime,vers=4.2,rsize=1048576,wsize=1048576"] +
            ["$ ls /mnt/weka/pt/tok/redpajama_v2 | head -3"] +
            (["ls: cannot access '/mnt/weka/pt/tok/redpajama_v2': No such file or directory"] if n == bad else
             ["index.json", "shard_00000.bin", "shard_00001.bin"]))
    label = lab("storage", "infrastructure", {"node": bad, "rank": None}, "restart_without_node",
                "Only the 8 ranks on hpcg-0115 raise FileNotFoundError for /mnt/weka/.../index.json; the other 24 ranks opened the same index and then timed out waiting for them. hpcg-0115's journal shows mnt-weka.mount failed at boot and its prolog shows no wekafs mount, so the shared dataset is missing only there.",
                "https://github.com/NVIDIA/Megatron-LM/issues/35")
    return mk("bh11_filenotfound_only_on_one_node", files, label)


# =====================================================================
# bh12 HF Trainer: resubmitted with a larger batch, every rank OOMs on step 1
# =====================================================================
def bh12():
    rng = random.Random(6312)
    nodes = ["hgx-c3-07", "hgx-c3-08"]
    files = {}
    # attempt 0: batch 8, ran fine for 300 steps, cancelled by the user
    t0 = dt(2024, 9, 3, 9, 41, 2, 50000)
    for att, (job, bs, t_start) in enumerate([(1193021, 8, t0), (1193090, 16, dt(2024, 9, 3, 11, 34, 40, 920000))]):
        for ni, n in enumerate(nodes):
            L = ["%s - INFO - launcher - job %d node %s: accelerate launch --config_file fsdp_2n.yaml sft.py --model_name_or_path /models/Meta-Llama-3.1-8B "
                 "--per_device_train_batch_size %d --gradient_accumulation_steps %d --max_seq_length 4096 --gradient_checkpointing true --bf16 true --learning_rate 1e-5"
                 % (ts_py(t_start), job, n, bs, 16 // bs * 2)]
            L += torchrun_header(add(t_start, seconds=3), tid=139884)
            ranks = list(range(ni * 8, ni * 8 + 8))
            pids = {r: 90100 + att * 5000 + r * 3 for r in ranks}
            for r in ranks:
                L.append("[rank%d]:%s - INFO - __main__ - Training/evaluation parameters per_device_train_batch_size=%d, gradient_accumulation_steps=%d, fsdp=['full_shard', 'auto_wrap'], bf16=True" % (
                    r, ts_py(add(t_start, seconds=15, milliseconds=rng.randint(0, 600))), bs, 16 // bs * 2))
            for r in ranks:
                L.append("[rank%d]:Loading checkpoint shards: 100%%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 4/4 [00:%02d<00:00,  %.2fit/s]" % (r, 6 + rng.randint(0, 3), 0.5 + rng.random() * 0.2))
            tr = add(t_start, seconds=92)
            if ni == 0:
                L.append("[rank0]:[INFO|trainer.py:2243] %s >> ***** Running training *****" % ts_py(tr))
                L.append("[rank0]:[INFO|trainer.py:2244] %s >>   Num examples = 96,012" % ts_py(tr))
                L.append("[rank0]:[INFO|trainer.py:2246] %s >>   Instantaneous batch size per device = %d" % (ts_py(tr), bs))
                L.append("[rank0]:[INFO|trainer.py:2249] %s >>   Total train batch size (w. parallel, distributed & accumulation) = 512" % ts_py(tr))
                L.append("[rank0]:[INFO|trainer.py:2251] %s >>   Total optimization steps = 562" % ts_py(tr))
            if att == 0:
                sec = 9.7
                for s in range(1, 301):
                    ts = add(tr, seconds=s * sec)
                    if ni == 0 and s % 10 == 0:
                        L.append("[rank0]:{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.4e, 'epoch': %.3f}" % (
                            1.32 - s * 0.0009 + rng.random() * 0.03, 0.5 + rng.random() * 0.3, 1e-5 * min(1, s / 30.0), s / 187.5))
                        L.append("[rank0]:" + hf_progress(s, 562, s * sec, sec + rng.random() * 0.2))
                    if s % 50 == 0:
                        for r in ranks[:1]:
                            L.append("[rank%d]:%s - INFO - memcb - step=%d max_allocated=%.1fGiB reserved=%.1fGiB" % (r, ts_py(ts), s, 58.4 + rng.random() * 0.6, 63.0 + rng.random()))
                tc = add(tr, seconds=300 * sec + 41)
                L.append("slurmstepd: error: *** JOB %d ON hgx-c3-07 CANCELLED AT %s ***" % (job, tc.strftime("%Y-%m-%dT%H:%M:%S")))
                L.append("W%s 139884 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % ts_glog(add(tc, milliseconds=40), ""))
                L.extend(elastic_agent_sigterm(add(tc, milliseconds=52), [pids[r] for r in ranks], agent_tid=139884))
            else:
                fails = {}
                for r in ranks:
                    tf = add(tr, seconds=7, milliseconds=rng.randint(0, 1600))
                    fails[r] = tf
                    fr = [("/work/sft/sft.py", 212, "<module>", "main()"),
                          ("/work/sft/sft.py", 205, "main", "trainer.train()"),
                          (ULT + "/transformers/trainer.py", 2052, "train", "return inner_training_loop("),
                          (ULT + "/transformers/trainer.py", 2388, "_inner_training_loop", "tr_loss_step = self.training_step(model, inputs)"),
                          (ULT + "/transformers/trainer.py", 3485, "training_step", "loss = self.compute_loss(model, inputs)"),
                          (ULT + "/transformers/trainer.py", 3532, "compute_loss", "outputs = model(**inputs)"),
                          (ULT + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                          (ULT + "/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
                          (ULT + "/torch/distributed/fsdp/fully_sharded_data_parallel.py", 863, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)"),
                          (ULT + "/accelerate/utils/operations.py", 820, "forward", "return model_forward(*args, **kwargs)"),
                          (ULT + "/accelerate/utils/operations.py", 808, "__call__", "return convert_to_fp32(self.model_forward(*args, **kwargs))"),
                          (ULT + "/torch/amp/autocast_mode.py", 43, "decorate_autocast", "return func(*args, **kwargs)"),
                          (ULT + "/transformers/models/llama/modeling_llama.py", 1189, "forward", "logits = self.lm_head(hidden_states)"),
                          (ULT + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                          (ULT + "/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
                          (ULT + "/torch/nn/modules/linear.py", 117, "forward", "return F.linear(input, self.weight, self.bias)")]
                    free = "%.2f GiB" % (9.2 + rng.random() * 1.2)
                    L.extend(traceback(fr, [oom_msg("15.66 GiB", r % 8, "79.10 GiB", free, "%.2f GiB" % (68.9 + rng.random()), "%.2f GiB" % (63.2 + rng.random() * 0.7), "%.2f GiB" % (4.6 + rng.random() * 0.6))], prefix="[rank%d]: " % r))
                node_fail_tail(L, n, ranks, fails, pids, 1, "sft.py", tid=139884)
            files["attempt_%d/%s/slurm-%d-%s.out" % (att, n, job, n)] = write_lines(L)
    files["sacct.txt"] = write_lines([
        "JobID           JobName      State ExitCode    Elapsed              Start            NodeList",
        "------------ ---------- ---------- -------- ---------- ------------------- ---------------",
        "1193021      llama31-sft  CANCELLED+      0:0   00:50:50 2024-09-03T09:41:01 hgx-c3-[07-08]",
        "1193090      llama31-sft      FAILED      1:0   00:01:57 2024-09-03T11:34:40 hgx-c3-[07-08]",
    ])
    label = lab("oom", "framework", None, "stop",
                "The first submission ran 300 steps at per_device_train_batch_size=8 with ~59 GiB peak and was cancelled by its user; the resubmission doubled the batch to 16 and all 16 ranks on both nodes hit torch.OutOfMemoryError allocating the 15.66 GiB logits tensor on the first step. The job's own configuration does not fit.",
                "https://github.com/nianticlabs/monodepth2/issues/236")
    return mk("bh12_every_rank_oom_after_resubmit", files, label)


# =====================================================================
# bh13 torchtitan: three ranks OOM at step 3 after seq_len raised, others time out
# =====================================================================
def bh13():
    rng = random.Random(6313)
    nodes = ["nid001412", "nid001413", "nid001414", "nid001415"]
    t0 = dt(2025, 4, 9, 18, 20, 31, 731000)
    files = {}
    oom_ranks = {21: 0, 5: 280, 22: 611}
    step_t = lambda s: add(t0, seconds=41 + 9.8 * s)
    for ni, n in enumerate(nodes):
        L = torchrun_header(t0, tid=155201)
        ranks = list(range(ni * 8, ni * 8 + 8))
        pids = {r: 30211 + r * 5 for r in ranks}
        tl = lambda r, t, lvl, msg: "[rank%d]:[titan] %s - root - %s - %s" % (r, ts_py(t), lvl, msg)
        for r in ranks:
            t = add(t0, seconds=8, milliseconds=rng.randint(0, 90))
            L.append(tl(r, t, "INFO", "Starting job: llama3_8b_32k_ctx"))
            L.append(tl(r, t, "INFO", "Building 1-D device mesh with ['dp_shard'], [32]"))
        for r in ranks:
            t = add(t0, seconds=21, milliseconds=rng.randint(0, 200))
            L.append(tl(r, t, "INFO", "Building llama3 8B with ModelArgs(dim=4096, n_layers=32, n_heads=32, n_kv_heads=8, vocab_size=128256, multiple_of=1024, ffn_dim_multiplier=1.3, norm_eps=1e-05, rope_theta=500000, max_seq_len=8192, depth_init=True, norm_type='rmsnorm')"))
            L.append(tl(r, t, "INFO", "Applied FSDP to the model"))
            L.append(tl(r, t, "INFO", "CUDA memory usage for model: 3.77GiB(3.97%)"))
        for r in ranks:
            t = add(t0, seconds=30, milliseconds=rng.randint(0, 200))
            L.append(tl(r, t, "INFO", "Training starts at step 1, with local batch size 4, global batch size 128, sequence length 8192, total steps 3000 (warmup 100)"))
        for s in (1, 2):
            for r in ranks:
                t = add(step_t(s), milliseconds=rng.randint(0, 40))
                mem = 70.81 + rng.random() * 0.4 if s == 1 else 77.62 + rng.random() * 0.6
                if s == 2 and rng.random() < 0.6:
                    L.append(tl(r, t, "WARNING", "%d CUDA memory allocation retries." % rng.randint(1, 3)))
                L.append(tl(r, t, "INFO", "\x1b[31mstep: %2d  \x1b[32mloss: %7.4f  \x1b[33mmemory: %5.2fGiB(%5.2f%%)  \x1b[34mtps: %s  \x1b[36mtflops: %.2f  \x1b[35mmfu: %.2f%%\x1b[39m" % (
                    s, 12.2571 if s == 1 else 11.8019, mem, mem / 79.11 * 100, "{:,}".format(3340 + rng.randint(-20, 20)), 183.1 + rng.random(), 18.51 + rng.random() * 0.1)))
        fails = {}
        for r in ranks:
            if r in oom_ranks:
                tf = add(step_t(3), milliseconds=-2400 + oom_ranks[r])
                fails[r] = tf
                fr = [("/workspace/torchtitan/train.py", 437, "<module>", "main(config)"),
                      (ULT + "/torch/distributed/elastic/multiprocessing/errors/__init__.py", 355, "wrapper", "return f(*args, **kwargs)"),
                      ("/workspace/torchtitan/train.py", 331, "main", "loss.backward()"),
                      (ULT + "/torch/_tensor.py", 581, "backward", "torch.autograd.backward("),
                      (ULT + "/torch/autograd/__init__.py", 347, "backward", "_engine_run_backward("),
                      (ULT + "/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")]
                L.extend(traceback(fr, [oom_msg("3.91 GiB", r % 8, "79.11 GiB", "%.2f GiB" % (2.0 + rng.random() * 0.4), "%.2f GiB" % (76.7 + rng.random() * 0.3),
                                                "%.2f GiB" % (72.9 + rng.random() * 0.3), "%.2f GiB" % (2.2 + rng.random() * 0.3))], prefix="[rank%d]: " % r))
                L.append(destroy_pg_warning(r, add(tf, milliseconds=350)))
        if fails:
            node_fail_tail(L, n, ranks, fails, pids, 1, "train.py", tid=155201)
        else:
            tw = add(step_t(3), seconds=100 - 2.4, milliseconds=rng.randint(30, 90))
            wf = {}
            for r in ranks:
                wf[r] = add(tw, milliseconds=rng.randint(0, 600))
                L.extend(watchdog_timeout(r, wf[r], 611, "_ALLGATHER_BASE", 6553600, 100000, rng=rng))
            node_fail_tail(L, n, ranks, wf, pids, -6, "train.py", tid=155201, sigterm=False)
        files["%s/torchrun-%s.out" % (n, n)] = write_lines(L)
        files["%s/post-mortem-nvidia-smi.txt" % n] = write_lines(
            nvidia_smi(add(step_t(3), minutes=3), [{"used_mib": 0, "util": 0, "temp": 33 + i % 4, "power": 72} for i in range(8)], [], driver="550.127.05"))
    files["llama3_8b_32k_ctx.toml"] = write_lines([
        "[job]", 'dump_folder = "/lus/flare/ctx/outputs"', "", "[model]", 'name = "llama3"', 'flavor = "8B"', "",
        "[training]", "batch_size = 4", "seq_len = 8192   # was 4096", "steps = 3000", "data_parallel_shard_degree = -1", 'dataset = "long_docs_v2"', "",
        "[activation_checkpoint]", 'mode = "none"', "", "[comm]", "init_timeout_seconds = 300", "train_timeout_seconds = 100",
    ])
    label = lab("oom", "framework", None, "stop",
                "After seq_len was raised to 8192 with activation checkpointing off, every rank ran at ~77.6 GiB of 79 GiB by step 2 with allocator retries; at step 3 ranks 21, 5 and 22 hit torch.OutOfMemoryError in backward and the rest hit the 100 s watchdog. No other process held GPU memory; the job's own configuration does not fit.",
                "https://github.com/meta-pytorch/torchtune/issues/2071")
    return mk("bh13_three_ranks_oom_at_step_3_then_timeouts", files, label)


# =====================================================================
# bh14 Lightning: GPU memory climbs linearly on every rank until OOM
# =====================================================================
def bh14():
    rng = random.Random(6314)
    nodes = ["dgxa-17", "dgxa-18", "dgxa-19", "dgxa-20"]
    t0 = dt(2024, 5, 25, 20, 12, 7)
    sec = 1.37
    fail_step = 5212
    t_fail = add(t0, seconds=118 + fail_step * sec)
    mem0 = 22.1
    slope = (79.0 - mem0) / fail_step
    L = []
    L.append("+ srun --kill-on-bad-exit=1 python -u train_dit.py --config cfgs/dit_xl2_512.yaml trainer.num_nodes=4")
    for r in range(16):
        L.append("Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (r, r + 1))
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("distributed_backend=nccl")
    L.append("All distributed processes registered. Starting with 16 processes")
    L.append("----------------------------------------------------------------------------------------------------")
    L.append("")
    L.append("LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0,1,2,3]")
    L.append("%s/lightning/pytorch/trainer/connectors/logger_connector/result.py:431: It is recommended to use `self.log('train/loss', ..., sync_dist=True)` when logging on epoch level in distributed setting to accumulate the metric across devices." % CONDA)
    L.append("")
    L.append("  | Name | Type | Params | Mode ")
    L.append("--------------------------------------")
    L.append("0 | dit  | DiT  | 675 M  | train")
    L.append("1 | vae  | AutoencoderKL | 83.7 M | eval ")
    L.append("--------------------------------------")
    for s in range(25, fail_step, 25):
        mem = mem0 + slope * s + rng.random() * 0.05
        el = 118 + s * sec
        L.append("Epoch 0:  %2d%%|%s| %d/48000 [%s<%s, %.2fit/s, v_num=3, train/loss=%.4f, mem_gb=%.2f]" % (
            int(100 * s / 48000), "\u2588" * int(10 * s / 48000) + " " * (10 - int(10 * s / 48000)), s,
            "%d:%02d:%02d" % (el // 3600, (el % 3600) // 60, el % 60),
            "%d:%02d:%02d" % (((48000 - s) * sec) // 3600, (((48000 - s) * sec) % 3600) // 60, ((48000 - s) * sec) % 60),
            1 / sec + rng.random() * 0.01, 0.151 - s * 0.000004 + rng.random() * 0.004, mem))
    order = list(range(16))
    rng.shuffle(order)
    for r in order:
        fr = [("/home/dit/train_dit.py", 141, "<module>", "trainer.fit(model, datamodule=dm)"),
              (CONDA + "/lightning/pytorch/trainer/trainer.py", 538, "fit", "call._call_and_handle_interrupt("),
              (CONDA + "/lightning/pytorch/trainer/call.py", 47, "_call_and_handle_interrupt", "return trainer_fn(*args, **kwargs)"),
              (CONDA + "/lightning/pytorch/trainer/trainer.py", 574, "_fit_impl", "self._run(model, ckpt_path=ckpt_path)"),
              (CONDA + "/lightning/pytorch/trainer/trainer.py", 981, "_run", "results = self._run_stage()"),
              (CONDA + "/lightning/pytorch/trainer/trainer.py", 1025, "_run_stage", "self.fit_loop.run()"),
              (CONDA + "/lightning/pytorch/loops/fit_loop.py", 205, "run", "self.advance()"),
              (CONDA + "/lightning/pytorch/loops/training_epoch_loop.py", 250, "advance", "batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)"),
              (CONDA + "/lightning/pytorch/loops/optimization/automatic.py", 190, "run", "self._optimizer_step(batch_idx, closure)"),
              (CONDA + "/lightning/pytorch/core/optimizer.py", 154, "step", "step_output = self._strategy.optimizer_step(self._optimizer, closure, **kwargs)"),
              (CONDA + "/lightning/pytorch/plugins/precision/amp.py", 79, "optimizer_step", "closure_result = closure()"),
              (CONDA + "/lightning/pytorch/loops/optimization/automatic.py", 129, "closure", "step_output = self._step_fn()"),
              ("/home/dit/lit_dit.py", 96, "training_step", "pred = self.dit(x_t, t, y)"),
              ("/home/dit/models/dit.py", 233, "forward", "x = block(x, c)"),
              ("/home/dit/models/dit.py", 118, "forward", "x = x + gate_msa.unsqueeze(1) * self.attn(modulate(self.norm1(x), shift_msa, scale_msa))")]
        for l in traceback(fr, [oom_msg("20.00 MiB", r % 4, "79.15 GiB", "%.2f MiB" % (5 + rng.random() * 9), "79.13 GiB", "%.2f GiB" % (77.7 + rng.random() * 0.2), "%.2f MiB" % (380 + rng.random() * 40))]):
            L.append(l)
    L.append("srun: error: dgxa-19: task 10: Exited with exit code 1")
    L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append("slurmstepd: error: *** STEP 902211.0 ON dgxa-17 CANCELLED AT %s ***" % add(t_fail, seconds=2).strftime("%Y-%m-%dT%H:%M:%S"))
    L.append("srun: error: dgxa-17: tasks 0-3: Terminated")
    L.append("srun: error: dgxa-18: tasks 4-7: Terminated")
    L.append("srun: error: dgxa-20: tasks 12-15: Terminated")
    files = {"slurm-902211.out": write_lines(L)}
    for ni, n in enumerate(nodes):
        C = ["timestamp,host,gpu,memory.used.MiB,utilization.gpu.pct"]
        t = add(t0, seconds=60)
        while t < add(t_fail, seconds=60):
            s = max(0, (t - t0).total_seconds() - 118) / sec
            for g in range(4):
                used = 0 if t > add(t_fail, seconds=5) else int((mem0 + slope * s + 1.3) * 1024 + rng.randint(-40, 40))
                C.append("%d,%s,%d,%d,%d" % (epoch(t), n, g, max(used, 0), 0 if used == 0 else 96 + rng.randint(-3, 3)))
            t = add(t, seconds=300)
        files["%s/gpu_mem_monitor.csv" % n] = write_lines(C)
    files["dgxa-18/nvidia-smi-q-ecc.txt"] = write_lines([
        "GPU 00000000:47:00.0", "    ECC Errors", "        Volatile", "            SRAM Correctable              : 1",
        "            SRAM Uncorrectable Parity     : 0", "            SRAM Uncorrectable SEC-DED    : 0", "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0", "    Remapped Rows", "        Correctable Error                 : 0",
        "        Uncorrectable Error               : 0", "        Pending                           : No", "        Remapping Failure Occurred        : No"])
    label = lab("oom", "framework", None, "stop",
                "mem_gb in the progress bar and the per-GPU monitor on all four nodes grow linearly from ~22 GiB to 79 GiB over 5200 steps, then all 16 ranks fail with torch.OutOfMemoryError on a 20 MiB allocation. A per-step memory leak in the training code, identical everywhere; one corrected SRAM ECC count on dgxa-18 is irrelevant.",
                "https://github.com/microsoft/SpareNet/issues/12")
    return mk("bh14_gpu_memory_climbs_every_step_until_oom", files, label)


# =====================================================================
# bh15 host OOM killer takes DataLoader workers on several nodes
# =====================================================================
def bh15():
    rng = random.Random(6315)
    nodes = ["c4-gpu-21", "c4-gpu-22", "c4-gpu-23", "c4-gpu-24"]
    t0 = dt(2024, 7, 18, 0, 2, 44)
    kills = {"c4-gpu-23": dt(2024, 7, 18, 2, 14, 7, 811204), "c4-gpu-21": dt(2024, 7, 18, 2, 14, 51, 20331),
             "c4-gpu-24": dt(2024, 7, 18, 2, 15, 30, 400118)}
    files = {}
    for ni, n in enumerate(nodes):
        ranks = list(range(ni * 8, ni * 8 + 8))
        pids = {r: 18800 + r * 40 for r in ranks}
        L = torchrun_header(t0, tid=139601)
        for r in ranks:
            L.append("%s [rank%d] INFO  clip: dataloader num_workers=16 prefetch_factor=4 cache_decoded=True" % (ts_py(add(t0, seconds=20, milliseconds=rng.randint(0, 400))), r))
        if ni == 0:
            for s in range(200, 8200, 200):
                L.append("%s [rank0] INFO  clip: step %d loss %.4f img/s %.0f" % (ts_py(add(t0, seconds=70 + s * 0.98)), s, 5.1 - s * 0.0003, 4120 + rng.randint(-60, 60)))
        fails = {}
        if n in kills:
            tk = kills[n]
            r = ranks[rng.randint(0, 7)] if n != "c4-gpu-23" else ranks[3]
            wpid = pids[r] + 11
            tf = add(tk, milliseconds=180)
            fails[r] = tf
            fr = [("/home/clip/train.py", 271, "<module>", "main()"),
                  ("/home/clip/train.py", 232, "main", "loss.backward()"),
                  (ULT + "/torch/_tensor.py", 521, "backward", "torch.autograd.backward("),
                  (ULT + "/torch/autograd/__init__.py", 289, "backward", "_engine_run_backward("),
                  (ULT + "/torch/autograd/graph.py", 768, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass"),
                  (ULT + "/torch/utils/data/_utils/signal_handling.py", 67, "handler", "_error_if_any_worker_fails()")]
            L.extend(traceback(fr, ["RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % wpid], prefix="[rank%d]: " % r))
            node_fail_tail(L, n, ranks, fails, pids, 1, "train.py", tid=139601)
        else:
            tw = add(kills["c4-gpu-23"], seconds=1800, milliseconds=500)
            for r in ranks:
                fails[r] = add(tw, milliseconds=rng.randint(0, 900))
                L.extend(watchdog_timeout(r, fails[r], 16412, "ALLREDUCE", 151781376, 1800000, rng=rng))
            node_fail_tail(L, n, ranks, fails, pids, -6, "train.py", tid=139601, sigterm=False)
        files["%s/torchrun.log" % n] = write_lines(L)
        D = ["[%s] EDAC MC0: Giving out device to module skx_edac controller Skylake Socket#0 IMC#0: DEV 0000:7e:0a.0 (INTERRUPT)" % ts_ctime(dt(2024, 7, 9, 11, 2, 9))]
        if n in kills:
            tk = kills[n]
            r = [x for x in fails][0]
            wpid = pids[r] + 11
            D += ["[%s] pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % ts_ctime(add(tk, seconds=-1)),
                  "[%s] CPU: 41 PID: %d Comm: pt_data_worker Tainted: P           OE     5.15.0-105-generic #115-Ubuntu" % (ts_ctime(add(tk, seconds=-1)), wpid + 3),
                  "[%s] Mem-Info:" % ts_ctime(add(tk, seconds=-1)),
                  "[%s] active_anon:251821012 inactive_anon:9011231 isolated_anon:0" % ts_ctime(add(tk, seconds=-1)),
                  "[%s] Tasks state (memory values in pages):" % ts_ctime(add(tk, seconds=-1))]
            for w in range(6):
                D.append("[%s] [  %d]  1000 %d  9813211  %d   %d   0   0 pt_data_worker" % (ts_ctime(add(tk, seconds=-1)), wpid + w, wpid + w, 7612000 + rng.randint(0, 90000), 61000 + w))
            D += ["[%s] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_771940/step_0,task=pt_data_worker,pid=%d,uid=1000" % (ts_ctime(tk), wpid),
                  "[%s] Out of memory: Killed process %d (pt_data_worker) total-vm:39252844kB, anon-rss:30871204kB, file-rss:1024kB, shmem-rss:412880kB, UID:1000 pgtables:61244kB oom_score_adj:0" % (ts_ctime(tk), wpid)]
        files["%s/dmesg-T.txt" % n] = write_lines(D)
        C = ["ts_epoch,node,mem_total_gb,mem_available_gb,swap_used_gb"]
        t = add(t0, minutes=1)
        while t < add(kills["c4-gpu-23"], minutes=3):
            frac = (t - t0).total_seconds() / (kills["c4-gpu-23"] - t0).total_seconds()
            avail = max(0.4, 1007 * (0.86 - 0.86 * frac ** 1.1) + rng.random() * 4)
            C.append("%d,%s,1007.5,%.1f,0.0" % (epoch(t), n, avail))
            t = add(t, minutes=5)
        files["%s/node_mem.csv" % n] = write_lines(C)
    label = lab("oom", "framework", None, "stop",
                "The kernel OOM killer took pt_data_worker processes on c4-gpu-23, then c4-gpu-21 and c4-gpu-24 ('DataLoader worker (pid ...) is killed by signal: Killed'); available host memory fell steadily on all four nodes. 16 workers per rank caching decoded images exhaust host RAM; the rest are sympathetic watchdog timeouts.",
                "https://github.com/pytorch/pytorch/issues/8976")
    return mk("bh15_dataloader_workers_killed_signal_killed", files, label)


# =====================================================================
# bh16 Kubernetes: every pod OOMKilled while each rank loads the full checkpoint to CPU
# =====================================================================
def bh16():
    rng = random.Random(6316)
    knodes = ["gke-a3-pool-8c1d2e-0xk3", "gke-a3-pool-8c1d2e-5q7m", "gke-a3-pool-8c1d2e-9dtw", "gke-a3-pool-8c1d2e-rb21"]
    pods = ["llm-sft-13b-master-0", "llm-sft-13b-worker-0", "llm-sft-13b-worker-1", "llm-sft-13b-worker-2"]
    t0 = dt(2024, 10, 22, 6, 40, 12, 110000)
    files = {}
    kill_t = {}
    for pi, (kn, pod) in enumerate(zip(knodes, pods)):
        ranks = list(range(pi * 8, pi * 8 + 8))
        L = torchrun_header(t0, tid=1)
        for r in ranks:
            L.append("[rank%d]:%s - sft - INFO - rank %d world 32: building LlamaForCausalLM(13B) on meta device" % (r, ts_py(add(t0, seconds=14, milliseconds=rng.randint(0, 500))), r))
        for r in ranks:
            L.append("[rank%d]:%s - sft - INFO - resume: torch.load('/ckpt/llm-sft-13b/step_9000/consolidated.pt', map_location='cpu')  size=52.1 GB" % (r, ts_py(add(t0, seconds=16, milliseconds=rng.randint(0, 500)))))
        tk = add(t0, seconds=71 + pi * 9, milliseconds=rng.randint(0, 900))
        kill_t[pod] = tk
        files["%s/%s.log" % (kn, pod)] = write_lines(L)
        D = ["[%s] IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready" % ts_ctime(dt(2024, 10, 20, 3, 1, 12))]
        victim = 2100 + pi * 40 + rng.randint(0, 7)
        D += ["[%s] python3 invoked oom-killer: gfp_mask=0xcc0(GFP_KERNEL), order=0, oom_score_adj=936" % ts_ctime(tk),
              "[%s] memory: usage 419430400kB, limit 419430400kB, failcnt 1822" % ts_ctime(tk),
              "[%s] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=cri-containerd-%012x.scope,mems_allowed=0-1,oom_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%08x.slice,task_memcg=/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod%08x.slice/cri-containerd-%012x.scope,task=python3,pid=%d,uid=0" % (
                  ts_ctime(tk), 0x9a1b2c3d4e00 + pi, 0x5e1f2a00 + pi, 0x5e1f2a00 + pi, 0x9a1b2c3d4e00 + pi, victim),
              "[%s] Memory cgroup out of memory: Killed process %d (python3) total-vm:98117212kB, anon-rss:53102380kB, file-rss:311204kB, shmem-rss:0kB, UID:0 pgtables:104812kB oom_score_adj:936" % (ts_ctime(tk), victim)]
        files["%s/dmesg-T.txt" % kn] = write_lines(D)
        files["%s/kubectl-describe-pod-%s.txt" % (kn, pod)] = write_lines([
            "Name:             %s" % pod, "Namespace:        llm-train", "Node:             %s/10.128.0.%d" % (kn, 31 + pi),
            "Labels:           training.kubeflow.org/job-name=llm-sft-13b", "                  training.kubeflow.org/replica-type=%s" % ("master" if pi == 0 else "worker"),
            "Containers:", "  pytorch:", "    Image:          us-docker.pkg.dev/acme-ml/train/llm-sft:2024.10.18",
            "    State:          Terminated", "      Reason:       OOMKilled", "      Exit Code:    137",
            "      Started:      %s" % t0.strftime("%a, %d %b %Y %H:%M:%S +0000"),
            "      Finished:     %s" % add(tk, seconds=1).strftime("%a, %d %b %Y %H:%M:%S +0000"),
            "    Ready:          False", "    Restart Count:  0",
            "    Limits:", "      cpu:             200", "      memory:          400Gi", "      nvidia.com/gpu:  8",
            "    Requests:", "      cpu:             180", "      memory:          400Gi", "      nvidia.com/gpu:  8",
            "Events:", "  Type    Reason   Age   From     Message", "  ----    ------   ----  ----     -------",
            "  Normal  Pulled   4m    kubelet  Container image \"us-docker.pkg.dev/acme-ml/train/llm-sft:2024.10.18\" already present on machine",
            "  Normal  Created  4m    kubelet  Created container pytorch", "  Normal  Started  4m    kubelet  Started container pytorch"])
    files["kubectl-get-pods.txt"] = write_lines([
        "NAME                   READY   STATUS      RESTARTS   AGE   IP            NODE"] + [
        "%-22s 0/1     OOMKilled   0          4m    10.52.%d.%-4d %s" % (p, 3 + i, 17 + i, k) for i, (p, k) in enumerate(zip(pods, knodes))])
    files["events.txt"] = write_lines([
        "LAST SEEN   TYPE      REASON              OBJECT                          MESSAGE",
        "4m          Normal    SuccessfulCreatePod pytorchjob/llm-sft-13b          Created pod: llm-sft-13b-master-0",
        "3m          Warning   OOMKilling          node/%s   Memory cgroup out of memory: Killed process (python3)" % knodes[0],
        "3m          Warning   OOMKilling          node/%s   Memory cgroup out of memory: Killed process (python3)" % knodes[1],
        "3m          Warning   OOMKilling          node/%s   Memory cgroup out of memory: Killed process (python3)" % knodes[2],
        "2m          Warning   OOMKilling          node/%s   Memory cgroup out of memory: Killed process (python3)" % knodes[3],
        "2m          Normal    ExitedWithCode      pytorchjob/llm-sft-13b          Pod: llm-train.llm-sft-13b-master-0 exited with code 137",
        "2m          Warning   JobFailed           pytorchjob/llm-sft-13b          PyTorchJob llm-sft-13b is failed because 1 Master replica(s) failed."])
    label = lab("oom", "framework", None, "stop",
                "All four pods were OOMKilled (exit 137, memory cgroup at its 400Gi limit) while each of the 8 ranks per pod torch.load()ed the 52 GB consolidated checkpoint to CPU: 8 x 52 GB exceeds the pod limit on every node. The job's own resume strategy, not a node fault.",
                "https://github.com/facebookresearch/vissl/issues/470")
    return mk("bh16_all_pods_oomkilled_during_resume", files, label)


# =====================================================================
# bh17 Kubernetes: DataLoader bus error, /dev/shm is 64M in every pod
# =====================================================================
def bh17():
    rng = random.Random(6317)
    knodes = ["node-gpu-a01", "node-gpu-a02", "node-gpu-a03", "node-gpu-a04"]
    pods = ["vit-pretrain-master-0", "vit-pretrain-worker-0", "vit-pretrain-worker-1", "vit-pretrain-worker-2"]
    t0 = dt(2025, 5, 6, 13, 7, 55, 31000)
    files = {}
    for pi, (kn, pod) in enumerate(zip(knodes, pods)):
        ranks = list(range(pi * 8, pi * 8 + 8))
        pids = {r: 101 + (r % 8) * 2 for r in ranks}
        L = ["entrypoint: pod=%s node=%s" % (pod, kn), "entrypoint: $ df -h /dev/shm",
             "Filesystem      Size  Used Avail Use% Mounted on", "shm              64M     0   64M   0% /dev/shm"]
        L += torchrun_header(add(t0, seconds=2), tid=1)
        for r in ranks:
            L.append("[rank%d]:%s INFO vit: imagenet21k wds shards=2048 batch=256 num_workers=10 pin_memory=True" % (r, ts_py(add(t0, seconds=19, milliseconds=rng.randint(0, 400)))))
        fails = {}
        for r in ranks:
            tf = add(t0, seconds=44 + pi * 0.4, milliseconds=rng.randint(0, 1800))
            fails[r] = tf
            for _ in range(rng.randint(1, 3)):
                L.append("[rank%d]:ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)." % r)
            fr = [("/app/vit/train.py", 318, "<module>", "main(cfg)"),
                  ("/app/vit/train.py", 244, "main", "for step, (images, targets) in enumerate(loader):"),
                  (CONDA + "/torch/utils/data/dataloader.py", 701, "__next__", "data = self._next_data()"),
                  (CONDA + "/torch/utils/data/dataloader.py", 1448, "_next_data", "idx, data = self._get_data()"),
                  (CONDA + "/torch/utils/data/dataloader.py", 1402, "_get_data", "success, data = self._try_get_data()"),
                  (CONDA + "/torch/utils/data/dataloader.py", 1256, "_try_get_data", "raise RuntimeError("),]
            L.extend(traceback(fr, ["RuntimeError: DataLoader worker (pid %d) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit." % (pids[r] + 37)], prefix="[rank%d]: " % r))
        node_fail_tail(L, pod, ranks, fails, pids, 1, "train.py", tid=1)
        files["%s/%s.log" % (kn, pod)] = write_lines(L)
    files["pytorchjob-vit-pretrain.yaml"] = write_lines([
        "apiVersion: kubeflow.org/v1", "kind: PyTorchJob", "metadata:", "  name: vit-pretrain", "  namespace: vision",
        "spec:", "  pytorchReplicaSpecs:", "    Master:", "      replicas: 1", "      template:", "        spec:",
        "          containers:", "          - name: pytorch", "            image: registry.internal/vision/vit:25.04",
        "            command: [\"torchrun\", \"--nproc_per_node=8\", \"train.py\", \"--cfg\", \"cfgs/vit_h14_in21k.yaml\"]",
        "            resources:", "              limits: {nvidia.com/gpu: 8, memory: 1200Gi, cpu: 160}",
        "            volumeMounts:", "            - {name: data, mountPath: /data}",
        "          volumes:", "          - name: data", "            persistentVolumeClaim: {claimName: in21k-wds}",
        "    Worker:", "      replicas: 3", "      template:", "        spec:  # same as Master"])
    files["kubectl-get-pods.txt"] = write_lines(["NAME                    READY   STATUS   RESTARTS   AGE   NODE"] +
                                                ["%-23s 0/1     Error    0          3m    %s" % (p, k) for p, k in zip(pods, knodes)])
    label = lab("oom", "framework", None, "stop",
                "Every pod prints 'Unexpected bus error encountered in worker ... insufficient shared memory (shm)' and 'DataLoader worker ... killed by signal: Bus error' on the first batches; /dev/shm is the container default 64M because the PyTorchJob mounts no memory-backed volume. The job's own container configuration, same on all nodes.",
                "https://github.com/pytorch/pytorch/issues/5040")
    return mk("bh17_dataloader_bus_error_in_every_pod", files, label)


# =====================================================================
# bh18 Slurm: one rank OOM because another user's process sits on its GPU
# =====================================================================
def bh18():
    rng = random.Random(6318)
    nodes = ["hpc-gpu-101", "hpc-gpu-102", "hpc-gpu-103", "hpc-gpu-104"]
    bad, bad_rank = "hpc-gpu-103", 21
    t0 = dt(2024, 11, 26, 15, 2, 40, 600000)
    files = {}
    tf = add(t0, seconds=118, milliseconds=412)
    for ni, n in enumerate(nodes):
        ranks = list(range(ni * 8, ni * 8 + 8))
        pids = {r: 511200 + r * 6 for r in ranks}
        L = torchrun_header(t0, tid=140501)
        for r in ranks:
            L.append("[rank%d]:%s | INFO | fsdp_llm | rank %d on %s cuda:%d" % (r, ts_py(add(t0, seconds=12, milliseconds=rng.randint(0, 300))), r, n, r % 8))
        for r in ranks:
            L.append("[rank%d]:%s | INFO | fsdp_llm | sharded model ready: 13.0B params, %.2f GiB allocated" % (r, ts_py(add(t0, seconds=101, milliseconds=rng.randint(0, 900))), 6.12 + rng.random() * 0.02))
        if n == bad:
            fails = {bad_rank: tf}
            fr = [("/home/kchen/llm/train_fsdp.py", 255, "<module>", "main()"),
                  ("/home/kchen/llm/train_fsdp.py", 214, "main", "loss = model(**batch).loss"),
                  (ULT + "/torch/nn/modules/module.py", 1553, "_wrapped_call_impl", "return self._call_impl(*args, **kwargs)"),
                  (ULT + "/torch/nn/modules/module.py", 1562, "_call_impl", "return forward_call(*args, **kwargs)"),
                  (ULT + "/torch/distributed/fsdp/fully_sharded_data_parallel.py", 863, "forward", "output = self._fsdp_wrapped_module(*args, **kwargs)"),
                  (ULT + "/transformers/models/llama/modeling_llama.py", 1001, "forward", "layer_outputs = decoder_layer("),
                  (ULT + "/torch/distributed/fsdp/_runtime_utils.py", 407, "_pre_forward_unshard", "_unshard(state, handle, state._unshard_stream, state._pre_unshard_stream)"),
                  (ULT + "/torch/distributed/fsdp/_flat_param.py", 1386, "alloc_unsharded_flat_param", "_alloc_storage(unsharded_flat_param, flat_param._padded_unsharded_size)  # type: ignore[attr-defined]"),
                  (ULT + "/torch/distributed/utils.py", 186, "_alloc_storage", "tensor._typed_storage()._resize_(size.numel())")]
            L.extend(traceback(fr, [oom_msg("1.52 GiB", 5, "79.11 GiB", "1.06 GiB", "44.53 GiB", "41.87 GiB", "1.14 GiB", others=[(1882734, "33.50 GiB")])], prefix="[rank%d]: " % bad_rank))
            L.append(destroy_pg_warning(bad_rank, add(tf, milliseconds=330)))
            node_fail_tail(L, n, ranks, fails, pids, 1, "train_fsdp.py", tid=140501)
        else:
            fails = {}
            tw = add(tf, seconds=600, milliseconds=rng.randint(40, 99))
            for r in ranks:
                fails[r] = add(tw, milliseconds=rng.randint(0, 800))
                L.extend(watchdog_timeout(r, fails[r], 37, "_ALLGATHER_BASE", 26214400, 600000, rng=rng))
            node_fail_tail(L, n, ranks, fails, pids, -6, "train_fsdp.py", tid=140501, sigterm=False)
        files["%s/%s.torchrun.log" % (n, n)] = write_lines(L)
        P = ["%s prolog[%d]: job=3301772 user=kchen node=%s" % (ts_syslog(add(t0, seconds=-9)), 4400 + ni, n),
             "%s prolog[%d]: nvidia-smi --query-compute-apps=gpu_bus_id,pid,process_name,used_memory --format=csv" % (ts_syslog(add(t0, seconds=-9)), 4400 + ni),
             "gpu_bus_id, pid, process_name, used_memory [MiB]"]
        if n == bad:
            P += ["00000000:AB:00.0, 1882734, /home/mfischer/.venv/bin/python, 34304 MiB",
                  "%s prolog[%d]: WARNING: 1 compute process(es) present before job start" % (ts_syslog(add(t0, seconds=-8)), 4400 + ni),
                  "%s prolog[%d]: ps -o user,pid,etime,cmd -p 1882734" % (ts_syslog(add(t0, seconds=-8)), 4400 + ni),
                  "USER         PID     ELAPSED CMD",
                  "mfischer 1882734  2-03:11:40 /home/mfischer/.venv/bin/python -m ipykernel_launcher -f /home/mfischer/.local/share/jupyter/runtime/kernel-5a1e0c2d.json"]
        P.append("%s prolog[%d]: done rc=0" % (ts_syslog(add(t0, seconds=-7)), 4400 + ni))
        files["%s/slurm-prolog.log" % n] = write_lines(P)
    label = lab("oom", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
                "Only rank 21 (hpc-gpu-103, GPU 5) runs out of memory on its first FSDP all-gather; its OOM message says 'Process 1882734 has 33.50 GiB memory in use', and the node's prolog found that PID, another user's Jupyter kernel, already on GPU 5 before the job started. The other 31 ranks only time out.",
                "https://github.com/pytorch/pytorch/issues/40863")
    return mk("bh18_single_rank_oom_then_allgather_timeouts", files, label)


# =====================================================================
# bh19 Slurm: one rank OOM at model load; a process of the previous job is stuck on its GPU
# =====================================================================
def bh19():
    rng = random.Random(6319)
    nodes = ["dgx-a-%02d" % i for i in range(9, 17)]
    bad = "dgx-a-14"
    bad_rank = 43
    t0 = dt(2025, 6, 2, 4, 3, 17, 880000)
    files = {}
    tf = add(t0, seconds=39, milliseconds=201)
    L = []
    for ni, n in enumerate(nodes):
        for j in range(8):
            r = ni * 8 + j
            L.append("%d: %s - mm - INFO - [rank %d] loading shard of /models/mm-34b (tp=8) to cuda:%d" % (r, ts_py(add(t0, seconds=31, milliseconds=rng.randint(0, 900))), r, j))
    for r in range(64):
        if r == bad_rank:
            fr = [("/opt/mm/train.py", 390, "<module>", "main()"),
                  ("/opt/mm/train.py", 118, "main", "model = build_model(cfg).to(device)"),
                  (ULT + "/torch/nn/modules/module.py", 1340, "to", "return self._apply(convert)"),
                  (ULT + "/torch/nn/modules/module.py", 900, "_apply", "module._apply(fn)"),
                  (ULT + "/torch/nn/modules/module.py", 927, "_apply", "param_applied = fn(param)"),
                  (ULT + "/torch/nn/modules/module.py", 1326, "convert", "return t.to(")]
            L.extend(traceback(fr, [oom_msg("448.00 MiB", 3, "79.11 GiB", "96.19 MiB", "17.63 GiB", "17.12 GiB", "18.88 MiB", others=[(77120, "61.20 GiB")])], prefix="%d: " % r))
    L.append("srun: error: %s: task %d: Exited with exit code 1" % (bad, bad_rank))
    tw = add(tf, seconds=1800, milliseconds=77)
    for r in range(64):
        if r // 8 == nodes.index(bad):
            continue
        for l in watchdog_timeout(r, add(tw, milliseconds=rng.randint(0, 900)), 2, "ALLREDUCE", 1, 1800000, prefix=False, rng=rng):
            L.append("%d: %s" % (r, l))
    L.append("srun: error: Timed out waiting for job step to complete")
    files["slurm-88519.out"] = write_lines(L)
    files["sacct.txt"] = write_lines([
        "JobID           JobName      User      State ExitCode              Start                End        NodeList",
        "------------ ---------- --------- ---------- -------- ------------------- ------------------- ---------------",
        "88412          mm-34b-pt    tnguyen  CANCELLED+     0:0 2025-06-01T19:12:40 2025-06-02T03:58:02 dgx-a-[09-16]",
        "88519          mm-34b-pt    tnguyen     FAILED      1:0 2025-06-02T04:03:09 2025-06-02T04:34:10 dgx-a-[09-16]"])
    for n in nodes:
        P = ["%s dgx prolog: job 88519 gpu check" % ts_iso(add(t0, seconds=-8)).replace("T", " ")[:26]]
        if n == bad:
            P += nvidia_smi(add(t0, seconds=-8), [{"used_mib": 62668 if i == 3 else 0, "util": 0, "temp": 36 + i % 3, "power": 90 if i == 3 else 70} for i in range(8)],
                            [(3, 77120, "python3", 62668)], driver="550.90.12")
            P.append("%s dgx prolog: WARNING stray compute process 77120 on GPU 3 (state D, owner tnguyen)" % ts_iso(add(t0, seconds=-7)).replace("T", " ")[:26])
        else:
            P += nvidia_smi(add(t0, seconds=-8), [{"used_mib": 0, "util": 0, "temp": 34 + i % 3, "power": 70} for i in range(8)], [], driver="550.90.12")
        files["%s/prolog-88519.txt" % n] = write_lines(P)
    files["%s/dmesg.txt" % bad] = write_lines([
        "[2033118.201442] INFO: task python3:77120 blocked for more than 122 seconds.",
        "[2033118.201447]       Tainted: P           OE     5.15.0-119-generic #129-Ubuntu",
        "[2033118.201449] \"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message.",
        "[2033118.201451] task:python3         state:D stack:0     pid:77120 ppid:1      flags:0x00004006",
        "[2033118.201455] Call Trace:",
        "[2033118.201457]  <TASK>",
        "[2033118.201461]  __schedule+0x24e/0x590",
        "[2033118.201469]  schedule+0x69/0x110",
        "[2033118.201472]  rwsem_down_write_slowpath+0x2a6/0x4c0",
        "[2033118.201481]  down_write+0x43/0x50",
        "[2033118.201484]  uvm_va_space_destroy+0x3b/0x5a0 [nvidia_uvm]",
        "[2033118.201547]  uvm_release.constprop.0+0x93/0xc0 [nvidia_uvm]",
        "[2033118.201605]  uvm_release_entry.part.0.isra.0+0x54/0xa0 [nvidia_uvm]",
        "[2033118.201667]  __fput+0x9c/0x280",
        "[2033118.201672]  task_work_run+0x6a/0xb0",
        "[2033118.201676]  do_exit+0x217/0x3c0",
        "[2033118.201681]  do_group_exit+0x3b/0xb0",
        "[2033118.201684]  get_signal+0x150/0x900",
        "[2033118.201690]  </TASK>",
        "[2033241.082211] INFO: task python3:77120 blocked for more than 245 seconds.",
    ])
    files["%s/epilog-88412.txt" % bad] = write_lines([
        "2025-06-02 03:58:04 epilog: job 88412 ended (CANCELLED by uid 51022)",
        "2025-06-02 03:58:04 epilog: sending SIGKILL to leftover job processes: 77120",
        "2025-06-02 03:58:34 epilog: process 77120 still present (state D) after 30s; continuing",
        "2025-06-02 03:58:34 epilog: rc=0"])
    label = lab("oom", "infrastructure", {"node": bad, "rank": bad_rank}, "restart_without_node",
                "Rank 43 (dgx-a-14, GPU 3) fails moving the model to the GPU with 'Process 77120 has 61.20 GiB memory in use'; PID 77120 is a process of the previous, cancelled job that is stuck in uninterruptible sleep in nvidia_uvm and survived the epilog. Every other node's prolog shows idle GPUs and their ranks only time out. The node must be drained and cleaned before reuse.",
                "https://github.com/3dem/relion/issues/54")
    return mk("bh19_one_rank_oom_moving_model_to_gpu", files, label)


# =====================================================================
# bh20 plain torchrun: OOM at load on every node, all ranks report GPU 0
# =====================================================================
def bh20():
    rng = random.Random(6320)
    nodes = ["gpu-node-07", "gpu-node-08"]
    t0 = dt(2024, 2, 15, 10, 44, 9, 330000)
    files = {}
    for ni, n in enumerate(nodes):
        ranks = list(range(ni * 8, ni * 8 + 8))
        pids = {r: 41022 + (r % 8) * 3 + ni * 900 for r in ranks}
        L = ["%s torch.distributed.run: [WARNING] " % ts_ds(t0),
             "%s torch.distributed.run: [WARNING] *****************************************" % ts_ds(t0),
             "%s torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % ts_ds(t0),
             "%s torch.distributed.run: [WARNING] *****************************************" % ts_ds(t0)]
        for r in ranks:
            L.append("%s [rank %d] INFO ft: loading /models/llama2-13b-chat (bf16) to device=cuda" % (ts_py(add(t0, seconds=9, milliseconds=rng.randint(0, 300))), r))
        loaded = ranks[:3]
        fails = {}
        for idx, r in enumerate(ranks):
            if r in loaded:
                L.append("%s [rank %d] INFO ft: model loaded in %.1fs" % (ts_py(add(t0, seconds=31 + idx, milliseconds=rng.randint(0, 500))), r, 20 + rng.random() * 3))
                continue
            tf = add(t0, seconds=33, milliseconds=rng.randint(0, 1800))
            fails[r] = tf
            others = [(pids[q], "24.31 GiB") for q in loaded] + [(pids[q], "%d.00 MiB" % (460 + rng.randint(0, 40))) for q in ranks[3:] if q != r]
            fr = [("/home/ops/ft/finetune.py", 201, "<module>", "main()"),
                  ("/home/ops/ft/finetune.py", 77, "main", "model = AutoModelForCausalLM.from_pretrained(args.model, torch_dtype=torch.bfloat16).to(device)"),
                  (ULT + "/transformers/modeling_utils.py", 2724, "to", "return super().to(*args, **kwargs)"),
                  (ULT + "/torch/nn/modules/module.py", 1152, "to", "return self._apply(convert)"),
                  (ULT + "/torch/nn/modules/module.py", 825, "_apply", "param_applied = fn(param)"),
                  (ULT + "/torch/nn/modules/module.py", 1150, "convert", "return t.to(device, dtype if t.is_floating_point() or t.is_complex() else None, non_blocking)")]
            L.extend(traceback(fr, [oom_msg("270.00 MiB", 0, "79.10 GiB", "%d.06 MiB" % rng.randint(8, 40), "%.2f GiB" % (4.4 + rng.random() * 0.3), "%.2f GiB" % (3.9 + rng.random() * 0.2), "%.2f MiB" % (10 + rng.random() * 9), others=others,
                                            prefix="torch.cuda.OutOfMemoryError: CUDA out of memory. ", capacity="capacty")]))
        first = min(fails, key=lambda r: fails[r])
        tk = add(max(fails.values()), seconds=1)
        L.append(elastic_failed_line(tk, 1, first % 8, pids[first], style="old"))
        L.extend(elastic_summary("finetune.py", {"time": fails[first], "host": n, "rank": first, "local_rank": first % 8, "exitcode": 1, "pid": pids[first], "error_file": None},
                                 [{"time": fails[r], "host": n, "rank": r, "local_rank": r % 8, "exitcode": 1, "pid": pids[r], "error_file": None}
                                  for r in sorted(fails, key=lambda r: fails[r]) if r != first] +
                                 [{"time": tk, "host": n, "rank": r, "local_rank": r % 8, "exitcode": -15, "pid": pids[r], "error_file": None} for r in loaded]))
        files["%s/torchrun.out" % n] = write_lines(L)
        procs = [(0, pids[r], "/home/ops/venv/bin/python3", 24894 if r in loaded else 470 + (r % 8) * 3) for r in ranks]
        used0 = sum(p[3] for p in procs)
        files["%s/nvidia-smi-during-load.txt" % n] = write_lines(
            nvidia_smi(add(t0, seconds=32), [{"used_mib": min(used0, 80995) if i == 0 else 4, "util": 38 if i == 0 else 0, "temp": 41 if i == 0 else 30, "power": 190 if i == 0 else 66} for i in range(8)],
                       procs, driver="535.129.03", cuda="12.2"))
    label = lab("oom", "framework", None, "stop",
                "On both nodes ranks 3-7 OOM on 'GPU 0' while loading a 13B model, and the 'Process N has ...' entries in every message are the PIDs of the same node's sibling ranks; nvidia-smi shows all eight python processes on GPU 0 and GPUs 1-7 empty. The script moves the model to 'cuda' without selecting the local device, so the job exhausts its own memory; no foreign process is involved.",
                "https://github.com/awslabs/keys_values/issues/92")
    return mk("bh20_oom_at_model_load_on_every_node", files, label)


CASES = [bh11, bh12, bh13, bh14, bh15, bh16, bh17, bh18, bh19, bh20]
