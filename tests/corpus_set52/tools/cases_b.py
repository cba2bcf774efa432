"""Cases aw07-aw15."""
from common import *
from bundle import Job
from cases_a import L


def py_tb(prefix, frames, exc):
    out = [f"{prefix}Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out += [f"{prefix}  File \"{f}\", line {ln}, in {fn}", f"{prefix}    {code}"]
    out += [f"{prefix}{e}" for e in exc.split("\n")]
    return out


# --------------------------------------------------------------------------- aw07
def aw07():
    hosts = ["trn-g01", "trn-g02", "trn-g03", "trn-g04"]
    j = Job(hosts, 8, T(2024, 7, 30, 10, 0, 0), 707, script="train.py", prefix="default")
    files = {}
    hs = hf_steps(add(j.t0, 90), 1, 500, 1.1, j.rng, every=10)
    t_eval = add(hs[-1][0], 0.4)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += [(t, j.pfx(0, 0, l)) for t, l in hs]
            s.append((t_eval, j.pfx(0, 0, "***** Running Evaluation *****")))
            s.append((t_eval, j.pfx(0, 0, "  Num examples = 20480")))
        s.append((add(j.t0, 70), j.pfx(hi, 0, "/usr/local/lib/python3.10/dist-packages/transformers/training_args.py:1545: FutureWarning: `evaluation_strategy` is deprecated and will be removed in version 4.46 of 🤗 Transformers. Use `eval_strategy` instead")))
        for l in range(8):
            g = j.grank(hi, l)
            tt = add(t_eval, 0.9 + j.rng.uniform(0, 0.3))
            if l == 0:
                continue
            exc = f"RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:{l} and cuda:0! (when checking argument for argument index in method wrapper_CUDA__index_select)"
            s += [(tt, j.pfx(hi, l, x)) for x in py_tb(f"[rank{g}]: ", [
                ("/workspace/train.py", 214, "<module>", "trainer.train()"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2052, "train", "return inner_training_loop("),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 2487, "_inner_training_loop", "self._maybe_log_save_evaluate(tr_loss, grad_norm, model, trial, epoch, ignore_keys_for_eval)"),
                ("/usr/local/lib/python3.10/dist-packages/transformers/trainer.py", 3642, "evaluate", "output = eval_loop("),
                ("/workspace/metrics/retrieval_eval.py", 57, "compute_recall", "cand = torch.index_select(self.corpus_emb, 0, topk_idx)")], exc)]
        tf = add(t_eval, 600.5)
        s += j.flood(hi, tf, 1013, skip_local=range(1, 8), op="ALLGATHER", frames=False, tb=False,
                     extra_fail=[(j.grank(hi, l), l, 1, j.pid(hi, l), "RuntimeError: Expected all tensors to be on the same device") for l in range(1, 4)])
        files[f"{h}/trainer_stdout.log"] = join(merge_sorted(s))
        files[f"{h}/dmesg.txt"] = join([f"{dmesg_T(add(j.t0, -100))} NVRM: GPU at PCI:0000:{BUS[3]}:00: GPU-8a7b... ", f"{dmesg_T(add(j.t0, 3000))} NVRM: Xid (PCI:0000:{BUS[3]}:00): 94, pid=77123, name=python3, Contained ECC error."] if hi == 2 and False else [f"{dmesg_T(add(j.t0, -100))} EDAC MC1: 1 CE memory read error on CPU_SrcID#1_Ha#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x8e21f3 offset:0x440 grain:32 syndrome:0x0)"] if hi == 1 else [f"{dmesg_T(add(j.t0, -100))} IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready"])
    lab = L("user_code", "script", None, None, "stop",
            "Every non-zero local rank on all four nodes raises 'RuntimeError: Expected all tensors to be on the same device, but found at least two devices, cuda:N and cuda:0!' in the job's own metrics/retrieval_eval.py:57 (index_select on self.corpus_emb built on cuda:0) at the first evaluation after step 500. Deterministic application bug; local rank 0 waiting in ALLGATHER and timing out, SIGTERMs, and the corrected DIMM error on trn-g02 are not the cause.",
            "https://github.com/Stability-AI/stablediffusion/issues/106")
    return "aw07_runtimeerror_on_most_ranks_at_first_eval", files, lab, None


# --------------------------------------------------------------------------- aw08
def aw08():
    files = {}
    hosts1 = ["gpu-q11", "gpu-q12", "gpu-q13", "gpu-q14"]
    hosts2 = ["gpu-q11", "gpu-q12", "gpu-q13", "gpu-q27"]
    j1 = Job(hosts1, 8, T(2024, 10, 3, 2, 0, 0), 801, prefix="none")
    it = j1.iters(40000, 40700, 3.3)
    t_pre = add(it[-1][0], 1.0)
    for hi, h in enumerate(hosts1):
        s = j1.startup(hi)
        if hi == 3:
            s += it
            s.append((add(t_pre, -30), f" [{add(t_pre,-30):%Y-%m-%d %H:%M:%S}] saving checkpoint at iteration   40700 to /lustre/proj/ckpt/gpt-13b"))
            s.append((add(t_pre, -5), f" [{add(t_pre,-5):%Y-%m-%d %H:%M:%S}] successfully saved checkpoint from iteration   40700 to /lustre/proj/ckpt/gpt-13b [ t 1/1, p 1/1 ]"))
        s += [(t_pre, f"[{pylog(t_pre)}] torch.distributed.elastic.agent.server.api: [WARNING] Received 15 death signal, shutting down workers")]
        s += [(t_pre, x) for x in elastic_sigterm(t_pre, [j1.pid(hi, l) for l in range(8)])]
        files[f"attempt_1/{h}/stdout.log"] = join(merge_sorted(s))
    files["attempt_1/slurm-552910.out"] = join([f"slurmstepd: error: *** JOB 552910 ON gpu-q11 CANCELLED AT {t_pre:%Y-%m-%dT%H:%M:%S} DUE TO PREEMPTION ***", "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
    j2 = Job(hosts2, 8, add(t_pre, 1900), 802, prefix="none")
    t_l = add(j2.t0, 48)
    for hi, h in enumerate(hosts2):
        s = j2.startup(hi)
        s.append((add(j2.t0, 40), f"> building GPT2BPETokenizer tokenizer ..." if hi == 0 else f" > padded vocab (size: 50257) with 175 dummy tokens (new size: 50432)"))
        if hi == 0:
            s.append((add(j2.t0, 41), " > padded vocab (size: 50257) with 175 dummy tokens (new size: 50432)"))
            s.append((add(j2.t0, 46), " loading checkpoint from /lustre/proj/ckpt/gpt-13b at iteration 40700"))
        if h == "gpu-q27":
            s.append((add(j2.t0, 5), f"{h}:{j2.pid(hi,0)}:{j2.pid(hi,0)+101} [0] NCCL INFO NET/IB : Got async event : port active"))
            s.append((add(j2.t0, 6), f"/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/attention.py:88: UserWarning: flash-attn v2.6.3 found, TE prefers flash-attn <=2.5.8"))
        for l in range(8):
            g = j2.grank(hi, l)
            tt = add(t_l, j2.rng.uniform(0, 1.5))
            exc = ("RuntimeError: Error(s) in loading state_dict for GPTModel:\n"
                   "\tsize mismatch for language_model.embedding.word_embeddings.weight: copying a param with shape torch.Size([6400, 5120]) from checkpoint, the shape in current model is torch.Size([6304, 5120]).\n"
                   "\tsize mismatch for language_model.output_layer.weight: copying a param with shape torch.Size([6400, 5120]) from checkpoint, the shape in current model is torch.Size([6304, 5120]).")
            s += [(tt, x) for x in py_tb("", [("/workspace/Megatron-LM/pretrain_gpt.py", 243, "<module>", "pretrain(train_valid_test_datasets_provider,"),
                                               ("/workspace/Megatron-LM/megatron/training/training.py", 233, "pretrain", "model, optimizer, opt_param_scheduler = setup_model_and_optimizer("),
                                               ("/workspace/Megatron-LM/megatron/training/checkpointing.py", 1090, "load_checkpoint", "model[0].load_state_dict(state_dict['model'], strict=strict)"),
                                               ("/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py", 2189, "load_state_dict", "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")], exc)]
        te = add(t_l, 3)
        s += [(te, x) for x in child_failed(te, h, "pretrain_gpt.py", [(j2.grank(hi, l), l, 1, j2.pid(hi, l), "<N/A>") for l in (1, 2)], (j2.grank(hi, 0), 0, 1, j2.pid(hi, 0), "<N/A>"))]
        files[f"attempt_2/{h}/stdout.log"] = join(merge_sorted(s))
    files["attempt_2/gpu-q27/dmesg.txt"] = join([f"{dmesg_T(add(j2.t0, -600))} mlx5_core 0000:0c:00.0 ibp12s0: Link down", f"{dmesg_T(add(j2.t0, -596))} mlx5_core 0000:0c:00.0 ibp12s0: Link up", f"{dmesg_T(add(j2.t0, -590))} IPv6: ADDRCONF(NETDEV_CHANGE): ibp12s0: link becomes ready"])
    files["attempt_2/run_args.txt"] = join(["--tensor-model-parallel-size 8 --pipeline-model-parallel-size 1 --num-layers 40 --hidden-size 5120",
                                            "--tokenizer-type GPT2BPETokenizer --make-vocab-size-divisible-by 128 --load /lustre/proj/ckpt/gpt-13b --save /lustre/proj/ckpt/gpt-13b",
                                            "# attempt_1 used: --make-vocab-size-divisible-by 1024"])
    lab = L("user_code", "script", None, None, "stop",
            "attempt_1 ended by scheduler preemption (slurm 'CANCELLED ... DUE TO PREEMPTION', SIGTERM to workers, checkpoint 40700 saved). In attempt_2 every rank on all four nodes fails in load_checkpoint with 'size mismatch for language_model.embedding.word_embeddings.weight: ... [6400, 5120] from checkpoint ... current model is [6304, 5120]' because run_args.txt changed --make-vocab-size-divisible-by (1024 -> 128). Deterministic configuration error; the swapped-in node gpu-q27 with its pre-job link flap and TE/flash-attn warning is a red herring - it fails exactly like the other nodes.",
            "https://github.com/facebookresearch/metaseq/issues/720")
    return "aw08_resume_after_preemption_fails_everywhere", files, lab, None


# --------------------------------------------------------------------------- aw09
def aw09():
    hosts = ["cn-301", "cn-302", "cn-303", "cn-304", "cn-305"]
    j = Job(hosts, 8, T(2024, 8, 12, 19, 0, 0), 909, script="train_vlm.py", prefix="none")
    files = {}
    it = j.iters(1, 2650, 2.0, every=5)
    t_last = it[-1][0]
    t_oom = add(t_last, 1.1)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 0:
            s += it
            s.append((add(j.t0, 300), f"[{pylog(add(j.t0, 300))}] WARNING - dataset.py:211 - Decoded image cache grew to 18.2 GiB (num_workers=12); consider setting cache_decoded=False"))
            s.append((add(j.t0, 3000), f"[{pylog(add(j.t0, 3000))}] WARNING - dataset.py:211 - Decoded image cache grew to 96.7 GiB (num_workers=12); consider setting cache_decoded=False"))
        # every node: worker killed
        oomt = add(t_oom, hi * 14.0)
        l = (hi * 3) % 8
        g = j.grank(hi, l)
        s += [(add(oomt, 0.5), x) for x in py_tb(f"[rank{g}]: ", [
            ("/workspace/train_vlm.py", 412, "<module>", "for step, batch in enumerate(loader):"),
            ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1328, "_next_data", "idx, data = self._get_data()"),
            ("/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py", 1146, "_try_get_data", "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")],
            f"RuntimeError: DataLoader worker (pid(s) {70000 + hi * 100 + l}) exited unexpectedly")]
        s.insert(0, (add(oomt, 0.4), f"[rank{g}]: ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm)." if hi == 4 else f"[rank{g}]: RuntimeError: DataLoader worker (pid {70000 + hi * 100 + l}) is killed by signal: Killed. "))
        s += j.flood(hi, add(t_oom, 600.4), 53001, skip_local=(l,), root_local=l, root_exit=1,
                     root_tb=f"RuntimeError: DataLoader worker (pid(s) {70000 + hi * 100 + l}) exited unexpectedly", frames=(hi == 1))
        files[f"{h}/train.log"] = join(merge_sorted(s))
        dm = [f"{dmesg_T(add(oomt, 0))} pt_data_worker invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0",
              f"{dmesg_T(add(oomt, 0))} CPU: 77 PID: {70000 + hi * 100 + l} Comm: pt_data_worker Tainted: P           OE     5.15.0-105-generic #115-Ubuntu",
              f"{dmesg_T(add(oomt, 0))} Mem-Info:",
              f"{dmesg_T(add(oomt, 0))} oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,oom_memcg=/slurm/uid_41022/job_1177020,task_memcg=/slurm/uid_41022/job_1177020/step_0/task_0,task=pt_data_worker,pid={70000 + hi * 100 + l},uid=41022",
              f"{dmesg_T(add(oomt, 0))} Memory cgroup out of memory: Killed process {70000 + hi * 100 + l} (pt_data_worker) total-vm:118772132kB, anon-rss:101022716kB, file-rss:70312kB, shmem-rss:10485760kB, UID:41022 pgtables:201432kB oom_score_adj:0"]
        files[f"{h}/dmesg.txt"] = join(dm)
        # node exporter dump
        ne = ["# HELP node_memory_MemAvailable_bytes Memory information field MemAvailable_bytes.", "# TYPE node_memory_MemAvailable_bytes gauge"]
        for k in range(12):
            tt = add(j.t0, k * 480)
            ne.append(f"node_memory_MemAvailable_bytes{{instance=\"{h}:9100\",job=\"node\"}} {int((1900 - k * 150 - hi * 3) * 2**30)} {int((tt - T(1970,1,1,0,0)).total_seconds()*1000)}")
        files[f"{h}/node_exporter_mem.prom"] = join(ne)
    files["sacct.txt"] = join(["JobID           JobName      State ExitCode     MaxRSS    Elapsed", "------------ ---------- ---------- -------- ---------- ----------",
                               "1177020      train_vlm     FAILED      1:0             01:39:02", "1177020.0       python OUT_OF_ME+    0:125  1984.3G   01:38:57"])
    lab = L("oom", "framework", None, None, "stop",
            "Host RAM exhaustion by the job itself on every node: each */dmesg.txt has 'Memory cgroup out of memory: Killed process ... (pt_data_worker) anon-rss:~101 GB' inside the job's cgroup, the ranks report 'DataLoader worker ... is killed by signal: Killed' / 'exited unexpectedly', sacct shows OUT_OF_MEMORY, and node_exporter_mem.prom shows MemAvailable falling steadily on all five nodes, matching the 'Decoded image cache grew to 96.7 GiB' warning. Not one node's fault; the later watchdog timeouts and SIGTERMs are consequences.",
            "https://github.com/pytorch/pytorch/issues/8976")
    return "aw09_dataloader_workers_exit_on_all_nodes", files, lab, None


# --------------------------------------------------------------------------- aw10
def aw10():
    hosts = [f"gx{n}" for n in range(601, 609)]
    j = Job(hosts, 8, T(2024, 3, 19, 9, 30, 0), 1010, script="pretrain.py", prefix="default")
    files = {}
    bad, loc = 5, 2  # gx606 GPU2 -> rank 42
    it = j.iters(1, 24, 9.0, t_begin=add(j.t0, 120))
    t_o = add(it[-1][0], 2.0)
    for hi, h in enumerate(hosts):
        s = j.startup(hi)
        if hi == 7:
            s += it
        if hi == bad:
            g = j.grank(hi, loc)
            exc = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 4.00 GiB. GPU 2 has a total capacity of 79.10 GiB of which 3.61 GiB is free. "
                   "Process 3382911 has 31.44 GiB memory in use. Including non-PyTorch memory, this process has 44.02 GiB memory in use. Of the allocated memory 38.77 GiB is allocated by PyTorch, and 3.12 GiB is reserved by PyTorch but unallocated. "
                   "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
            s += [(t_o, j.pfx(hi, loc, x)) for x in py_tb(f"[rank{g}]: ", [("/workspace/pretrain.py", 530, "<module>", "loss = train_step(model, batch)"),
                                                                           ("/workspace/pretrain.py", 311, "train_step", "loss.backward()"),
                                                                           ("/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", 825, "_engine_run_backward", "return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass")], exc)]
            s += j.flood(hi, add(t_o, 600.2), 311, skip_local=(loc,), root_local=loc, root_exit=1, root_tb="torch.OutOfMemoryError: CUDA out of memory.", frames=False)
        else:
            s += j.flood(hi, add(t_o, 600.0 + hi * 0.05), 311, frames=(hi == 0))
        # every rank logs memory; make everyone ~60-71 GiB to show the config fits
        s.append((add(t_o, -60), j.pfx(hi, 0, f"[Rank {j.grank(hi,0)}] (after 20 iterations) memory (MB) | allocated: 39611.2 | max allocated: 61274.9 | reserved: 66112.0 | max reserved: 66112.0")))
        files[f"{h}/torchrun.log"] = join(merge_sorted(s))
        over = {}
        if hi == bad:
            over = {loc: {"used": 78891, "procs": [(j.pid(hi, loc), "/usr/bin/python3", 45078), (3382911, "/home/lchen/.conda/envs/nb/bin/python -m ipykernel_launcher", 32194)]}}
        files[f"{h}/nvidia-smi-q.txt"] = join(nvsmi_q(h, add(t_o, 700), over=over))
    files["gx606/ps_3382911.txt"] = join(["  PID USER     STARTED CMD", "3382911 lchen    Mar 18 python -m ipykernel_launcher -f /home/lchen/.local/share/jupyter/runtime/kernel-7b1f.json",
                                         "# cgroup: /system.slice/jupyterhub-singleuser@lchen.service (not part of slurm job 662301)"])
    lab = L("oom", "infrastructure", "gx606", 42, "restart_without_node",
            "Only rank 42 (gx606, local 2) hits 'torch.OutOfMemoryError: CUDA out of memory ... Process 3382911 has 31.44 GiB memory in use'; gx606/nvidia-smi-q.txt lists PID 3382911 (a jupyter ipykernel from another user, ps_3382911.txt: not in the slurm job) holding 32 GiB on GPU 2, while every other rank peaks at ~66 GiB reserved, so the job's config fits. A foreign process on one node's GPU -> that node. Watchdog timeouts on the other 63 ranks are sympathetic.",
            "https://github.com/LISTatSNU/FastMRI_challenge/issues/238")
    return "aw10_cuda_oom_on_a_single_rank", files, lab, None
