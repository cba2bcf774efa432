"""z24-z32: host/GPU OOM, NaN that follows a node vs. NaN that follows the data, loss scale, stragglers."""
import random

from common import (Bundle, t0, plus, glog, glog_ns, iso, iso_precise, pylog, syslog, uptime, bus_ids, ctime,
                    nccl_init, watchdog_timeout, elastic_failure, sigterm_lines, harmless_warnings,
                    megatron_iter, titan_step, hf_step, ds_step, kernel_noise, nvidia_smi_q)


def _rng(fn):
    return random.Random("corpus_set10/" + fn)


def z24_oom_killer_journal():
    """Host OOM killer kills a training rank; journalctl -k shows it; torchrun reports SIGKILL."""
    rng = _rng("z24_oom_killer_journal")
    b = Bundle("z24_oom_killer_journal")
    hosts = ["cpu-heavy-g01", "cpu-heavy-g02"]
    t = t0(2026, 4, 4, 4, 4, 0)
    kill = plus(t, 5400)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 20)
        s = 0
        while tt < kill:
            s += 10
            tt = plus(tt, 10 * 3.9)
            if n == 0:
                log.append("[rank0]: %s step=%d loss=%.4f host_rss_gb=%.1f" % (pylog(tt), s, 1.9 - s * 0.0002, 600 + s * 0.45))
        if n == 1:
            log += elastic_failure(plus(kill, 2), h, "train_vlm.py", [(11, 3, -9, 20513, "SIGKILL")])
        else:
            log += sigterm_lines(plus(kill, 5), [20400 + i for i in range(8)])
            log += ["[rank%d]:%s" % (l, x) for l in (0,) for x in watchdog_timeout(plus(kill, 3), l, 8812, pid=20400)[:2]]
        b.add("%s/torchrun.log" % h, log)
        j = []
        for ln in kernel_noise(rng, 20):
            j.append("%s %s kernel: %s" % (iso_precise(plus(t, rng.uniform(-4000, 7000))), h, ln))
        if n == 1:
            x = plus(kill, -0.5)
            j += ["%s %s kernel: python3 invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % (iso_precise(x), h),
                  "%s %s kernel: Mem-Info:" % (iso_precise(x), h),
                  "%s %s kernel: active_anon:251031928 inactive_anon:1377012 isolated_anon:0" % (iso_precise(x), h),
                  "%s %s kernel: oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,mems_allowed=0-1,global_oom,task_memcg=/system.slice/slurmstepd.scope/job_3310/step_0,task=python3,pid=20513,uid=4012" % (iso_precise(x), h),
                  "%s %s kernel: Out of memory: Killed process 20513 (python3) total-vm:1187654320kB, anon-rss:131872044kB, file-rss:412336kB, shmem-rss:4194304kB, UID:4012 pgtables:262144kB oom_score_adj:0" % (iso_precise(plus(x, 0.01)), h),
                  "%s %s kernel: oom_reaper: reaped process 20513 (python3), now anon-rss:0kB, file-rss:0kB, shmem-rss:4194304kB" % (iso_precise(plus(x, 0.9)), h)]
        b.add("%s/journalctl-k.txt" % h, sorted(j))
    b.set_label("oom", "framework", None, "stop",
                "The kernel OOM killer killed pid 20513, the job's own rank 11, after host RSS grew steadily during training "
                "(the rank-0 log shows host_rss_gb climbing); torchrun reports SIGKILL. The job's memory use, not a node fault.",
                "https://github.com/equinor/ert/issues/7797")
    return b


def z25_dataloader_killed_lightning():
    """Lightning console: DataLoader worker killed by signal, repeated on several ranks."""
    rng = _rng("z25_dataloader_killed_lightning")
    b = Bundle("z25_dataloader_killed_lightning")
    hosts = ["dgx-b01", "dgx-b02"]
    t = t0(2026, 6, 6, 6, 0, 0)
    for n, h in enumerate(hosts):
        log = ["Using 16bit Automatic Mixed Precision (AMP)", "GPU available: True (cuda), used: True",
               "Initializing distributed: GLOBAL_RANK: %d, MEMBER: %d/16" % (n * 8, n * 8 + 1),
               "/usr/local/lib/python3.10/dist-packages/lightning/pytorch/utilities/data.py:105: Total length of `DataLoader` across ranks is zero. Please make sure this was your intention."]
        for e in range(2):
            for i in range(0, 2001, 100):
                log.append("Epoch %d:  %d%%|%s| %d/2000 [%02d:%02d<%02d:%02d, 1.52it/s, v_num=12, loss=%.3f]" % (e, i // 20, "#" * (i // 200), i, (i // 90) // 60, (i // 90) % 60, ((2000 - i) // 90) // 60, ((2000 - i) // 90) % 60, 0.9 - e * 0.1 - i * 0.00002 + rng.uniform(-0.01, 0.01)))
        log += ["Epoch 2:  31%|###       | 620/2000 [06:48<15:09, 1.52it/s, v_num=12, loss=0.702]"]
        ranks = (3, 6) if n == 0 else (9, 12, 14)
        for r in ranks:
            log += ["[rank%d]: Traceback (most recent call last):" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py\", line 1243, in _try_get_data" % r,
                    "[rank%d]:     data = self._data_queue.get(timeout=timeout)" % r,
                    "[rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/signal_handling.py\", line 73, in handler" % r,
                    "[rank%d]:     _error_if_any_worker_fails()" % r,
                    "[rank%d]: RuntimeError: DataLoader worker (pid %d) is killed by signal: Killed. " % (r, 70000 + r * 13),
                    "[rank%d]: The above exception was the direct cause of the following exception:" % r,
                    "[rank%d]: RuntimeError: DataLoader worker (pid(s) %d) exited unexpectedly" % (r, 70000 + r * 13)]
        log += watchdog_timeout(plus(t, 3000), n * 8, 70411, pid=61000)[:3]
        b.add("%s/lightning.log" % h, log)
        b.add("%s/free-m.txt" % h, ["               total        used        free      shared  buff/cache   available",
                                    "Mem:         2063842     2049113        3120      402110       11609        1217",
                                    "Swap:              0           0           0"])
    b.set_label("oom", "framework", None, "stop",
                "DataLoader workers on five ranks across both nodes are killed by SIGKILL at the same point of epoch 2, with "
                "host memory exhausted on both nodes; worker memory growth, not a node fault.",
                "https://github.com/pytorch/pytorch/issues/8976")
    return b


def z26_cuda_oom_all_ranks_k8s():
    """kubectl logs of every worker: torch.OutOfMemoryError at the first step on every rank."""
    rng = _rng("z26_cuda_oom_all_ranks_k8s")
    b = Bundle("z26_cuda_oom_all_ranks_k8s")
    nodes = ["aks-ndh100-31225117-vmss000004", "aks-ndh100-31225117-vmss000007", "aks-ndh100-31225117-vmss00000b"]
    t = t0(2026, 2, 2, 22, 0, 0)
    for n, node in enumerate(nodes):
        pod = "titan-70b-worker-%d" % n
        log = ["%s [rank%d]:[titan] %s - root - INFO - Building llama3 70B with ModelArgs(dim=8192, n_layers=80, n_heads=64, vocab_size=128256, max_seq_len=16384)" % (iso(plus(t, 20)), n * 8, pylog(plus(t, 20))),
               "%s [rank%d]:[titan] %s - root - INFO - Applied FSDP to the model" % (iso(plus(t, 40)), n * 8, pylog(plus(t, 40))),
               "%s [rank%d]:[titan] %s - root - INFO - CUDA memory usage for model: 17.21GiB(21.75%%)" % (iso(plus(t, 41)), n * 8, pylog(plus(t, 41))),
               "%s [rank%d]:[titan] %s - root - INFO - Training starts at step 1, with local batch size 4, global batch size 96, sequence length 16384" % (iso(plus(t, 45)), n * 8, pylog(plus(t, 45)))]
        for l in range(8):
            r = n * 8 + l
            free = 1.3 + rng.uniform(0, 0.6)
            log += ["%s [rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 15.66 GiB. GPU %d has a total capacity of 79.11 GiB of which %.2f GiB is free. Including non-PyTorch memory, this process has %.2f GiB memory in use. Of the allocated memory 71.88 GiB is allocated by PyTorch, and 3.02 GiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation." % (iso(plus(t, 61 + l * 0.1)), r, l, free, 79.11 - free - 0.4)]
        b.add("%s/kubectl_logs_%s.txt" % (node, pod), log)
        b.add("%s/kubectl_describe_pod_%s.txt" % (node, pod), [
            "Name:         %s" % pod, "Namespace:    llm", "Node:         %s/10.224.0.%d" % (node, 14 + n),
            "Status:       Failed", "Containers:", "  pytorch:", "    State:          Terminated", "      Reason:       Error",
            "      Exit Code:    1", "    Restart Count:  3", "Events:", "  Type     Reason   Age   From     Message",
            "  Warning  BackOff  2m    kubelet  Back-off restarting failed container pytorch in pod %s_llm" % pod])
    b.set_label("oom", "framework", None, "stop",
                "Every one of the 24 ranks, on all three nodes, runs out of GPU memory at the first step (local batch 4 at 16k "
                "sequence length), and restarts repeat it. A configuration OOM.",
                "https://github.com/pytorch/torchtitan/pull/2374")
    return b


def z27_nan_follows_node():
    """Three attempts: NaN grad norm at different iterations, always from the ranks placed on gpu-d4-11."""
    rng = _rng("z27_nan_follows_node")
    b = Bundle("z27_nan_follows_node")
    orders = [["gpu-d4-09", "gpu-d4-10", "gpu-d4-11", "gpu-d4-12"],
              ["gpu-d4-11", "gpu-d4-12", "gpu-d4-09", "gpu-d4-10"],
              ["gpu-d4-10", "gpu-d4-11", "gpu-d4-12", "gpu-d4-09"]]
    nan_it = [15231, 16490, 18017]
    resume = [12000, 15000, 16000]
    base = t0(2026, 5, 11, 0, 0, 0)
    for a in range(3):
        t = plus(base, a * 5 * 3600)
        for n, h in enumerate(orders[a]):
            log = [" loading checkpoint from /ckpt/gpt-13b at iteration %d" % resume[a],
                   "  successfully loaded checkpoint from /ckpt/gpt-13b [ t 1/2, p 1/1 ] at iteration %d" % resume[a]]
            tt = plus(t, 90)
            for it in range(resume[a] + 10, nan_it[a], 10):
                tt = plus(tt, 10 * 0.95)
                if n == 3:
                    log.append(megatron_iter(tt, it, 200000, 950 + rng.uniform(-8, 8), 2.05 - it * 0.000002 + rng.uniform(-0.005, 0.005), gbs=512, gnorm=rng.uniform(0.2, 0.3)))
            if h == "gpu-d4-11":
                r = n * 8 + 2
                log += ["[rank%d]: Traceback (most recent call last):" % r,
                        "[rank%d]:   File \"/workspace/megatron/training/training.py\", line 1121, in train_step" % r,
                        "[rank%d]: AssertionError: Rank %d: found NaN in local grad norm for bucket #0 in backward pass before data-parallel communication collective. Device: 2, node: %s" % (r, r, h)]
            else:
                log += ["[rank%d]:%s" % (n * 8, x) for x in watchdog_timeout(plus(tt, 600), n * 8, 4 * nan_it[a], pid=3100)[:3]]
            b.add("attempt_%d/%s/megatron.log" % (a + 1, h), log)
    b.set_label("gpu_hardware", "infrastructure", "gpu-d4-11", "restart_without_node",
                "In three attempts the NaN appears at iterations 15231, 16490 and 18017 on global ranks 18, 2 and 10, which are "
                "always GPU 2 of gpu-d4-11. A NaN that follows one node rather than the data points to silent corruption.",
                "https://github.com/mlfoundations/open_lm/pull/7")
    return b


def z28_nan_same_iter_app():
    """Two attempts on disjoint node sets; both hit NaN loss at the same iteration on the same ranks."""
    rng = _rng("z28_nan_same_iter_app")
    b = Bundle("z28_nan_same_iter_app")
    sets = [["h-101", "h-102", "h-103"], ["h-207", "h-208", "h-209"]]
    base = t0(2026, 8, 14, 10, 0, 0)
    for a, hosts in enumerate(sets):
        t = plus(base, a * 6 * 3600)
        for n, h in enumerate(hosts):
            log = [" loading checkpoint from /ckpt/moe-30b at iteration 48000"]
            tt = plus(t, 100)
            for it in range(48010, 48220, 10):
                tt = plus(tt, 10 * 2.2)
                if n == 2:
                    loss = 1.93 + rng.uniform(-0.01, 0.01) if it < 48200 else float("nan")
                    line = megatron_iter(tt, it, 120000, 2200 + rng.uniform(-9, 9), 1.0 if it >= 48200 else loss, gbs=1024, gnorm=rng.uniform(0.2, 0.3))
                    if it >= 48200:
                        line = line.replace("lm loss: 1.000000E+00", "lm loss: nan").replace("number of nan iterations:   0", "number of nan iterations:   1")
                    log.append(line)
            if n == 2:
                log += ["RuntimeError: Rank 23: found NaN in local forward loss calculation. Device: 7, node: %s" % h,
                        "Rerun state machine: iteration 48213 result is NaN on replay as well (same data, different GPU); classifying as reproducible, not transient."]
            else:
                log += ["[rank%d]:%s" % (n * 8, x) for x in watchdog_timeout(plus(tt, 600), n * 8, 192850, pid=4100)[:2]]
            b.add("attempt_%d/%s/train.log" % (a + 1, h), log)
    b.set_label("numerical", "script", None, "stop",
                "Two attempts on entirely different nodes both produce NaN at iteration 48213 on rank 23 after resuming from the "
                "same checkpoint, and Megatron's replay reproduces it on another GPU; the data/model state is at fault.",
                "https://github.com/NVIDIA/Megatron-LM/issues/5281")
    return b


def z29_ds_loss_scale_min_pdsh():
    """DeepSpeed fp16 with pdsh-prefixed output: overflow skips then 'loss scale already at minimum'."""
    rng = _rng("z29_ds_loss_scale_min_pdsh")
    b = Bundle("z29_ds_loss_scale_min_pdsh")
    hosts = ["node-a", "node-b"]
    t = t0(2026, 3, 21, 13, 0, 0)
    out = []
    tt = plus(t, 30)
    scale = 65536.0
    for s in range(1, 900):
        tt = plus(tt, 2.9)
        if s % 10 == 0:
            a, c, _ = ds_step(tt, s, 0, 2e-5, 22.0 + rng.uniform(-0.2, 0.2))
            out += ["node-a: " + a, "node-a: " + c]
        if s > 860 or s in (120, 121, 410):
            new = max(scale / 2, 1.0)
            for h in hosts:
                out.append("%s: [%s] [INFO] [loss_scaler.py:183:update_scale] [deepspeed] OVERFLOW! Rank %d Skipping step. Attempted loss scale: %d, reducing to %d" % (h, pylog(tt), 0 if h == "node-a" else 8, scale, new))
            scale = new if s > 860 else scale
            if scale <= 1.0 and s > 876:
                break
    for h in hosts:
        for l in (0, 5):
            r = hosts.index(h) * 8 + l
            out += ["%s: [rank%d]: Traceback (most recent call last):" % (h, r),
                    "%s: [rank%d]:   File \"/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/fp16/loss_scaler.py\", line 175, in update_scale" % (h, r),
                    "%s: [rank%d]:     raise Exception(" % (h, r),
                    "%s: [rank%d]: Exception: Current loss scale already at minimum - cannot decrease scale anymore. Exiting run." % (h, r)]
    out += ["node-b: [%s] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python3', '-u', 'sft.py', '--local_rank=0'] exits with return code = 1" % pylog(plus(tt, 3)),
            "pdsh@node-a: node-b: ssh exited with exit code 1", "pdsh@node-a: node-a: ssh exited with exit code 1"]
    b.add("node-a/deepspeed.out", out)
    b.add("node-b/dmesg.txt", ["[%s] %s" % (ctime(plus(t, rng.uniform(-900, 2700))), ln) for ln in kernel_noise(rng, 10)])
    b.set_label("numerical", "script", None, "stop",
                "Every rank on both nodes overflows each step from step 861 until the fp16 loss scale reaches 1, then all raise "
                "'Current loss scale already at minimum'. Divergence of the run (fp16 with this model/lr), not hardware.",
                "https://github.com/modelscope/ms-swift/issues/4374")
    return b
