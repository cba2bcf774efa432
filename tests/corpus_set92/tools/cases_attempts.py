"""Cases ck21-ck30: failures across attempts (Slurm requeues, torchrun restarts, pod restarts)."""
import random

from common import (T, plus, pylog, glog, c10, kern, dmesg, nccl, nccl_warn, boot_dmesg, nvidia_smi, default_gpus,
                    child_failed, sacct, ranks_of, join, iso, watchdog_timeout, watchdog_tail, megatron_iter,
                    titan_step, sort_dmesg, up, H100, A100)

PY310 = "/usr/local/lib/python3.10/dist-packages"
BUS = ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db")
A100_BUS = ("07", "0f", "47", "4e", "87", "90", "b7", "bd")


def _sacct_dup(rows):
    hdr = "%-14s %-12s %-10s %-10s %-8s %-20s %-20s %s" % ("JobID", "JobName", "State", "ExitCode", "Restarts", "Start", "End", "NodeList")
    sep = " ".join("-" * w for w in (14, 12, 10, 10, 8, 20, 20, 24))
    return join([hdr, sep] + ["%-14s %-12s %-10s %-10s %-8s %-20s %-20s %s" % r for r in rows])


# ---------------------------------------------------------------------------
def ck21():
    rng = random.Random(9221)
    job = 730144
    attempts = [["gpu-a01", "gpu-a02", "gpu-a03", "gpu-a04"],
                ["gpu-a02", "gpu-a03", "gpu-a05", "gpu-a06"],
                ["gpu-a03", "gpu-a07", "gpu-a08", "gpu-a09"]]
    starts = [T("2024-06-02 18:00:41"), T("2024-06-03 01:22:10"), T("2024-06-03 09:47:55")]
    fault_after = [21102, 11873, 16410]
    files = {}
    rows = []
    prev_end = None
    for a, (nodes, t0, fa) in enumerate(zip(attempts, starts, fault_after), start=1):
        idx = nodes.index("gpu-a03")
        br = idx * 8 + 5
        tf = plus(t0, fa)
        pre = "attempt_%d/" % a
        out = ["=== %s job %d (restart %d) on %s ===" % (iso(t0), job, a - 1, ",".join(nodes)),
               "resuming from /lustre/ckpt/gpt-6b7/latest (iteration %d)" % (12000 + (a - 1) * 3000)]
        it0 = 12000 + (a - 1) * 3000
        for s in range(6):
            t = plus(tf, -600 + s * 95)
            out.append(megatron_iter(t, it0 + 3000 - 60 + s * 10, 200000, (it0 + 3000 - 60 + s * 10) * 1024, 9480 + rng.random() * 60,
                                     2.4e-4, 1024, 2.05 - a * 0.01 + rng.random() * 0.01, 1.0, 0.31 + rng.random() * 0.04))
        host = "gpu-a03"
        p = 31400 + a * 1000 + 5
        out += ["%s" % nccl_warn(host, p, p + 120, 5, "enqueue.cc:1489", "Cuda failure 'unspecified launch failure'"),
                "[rank%d]: Traceback (most recent call last):" % br,
                '[rank%d]:   File "/workspace/megatron/megatron/core/pipeline_parallel/schedules.py", line 382, in forward_backward_no_pipelining' % br,
                "[rank%d]:     output_tensor = forward_step(" % br,
                "[rank%d]: RuntimeError: CUDA error: unspecified launch failure" % br,
                "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % br,
                "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % br]
        tw = plus(tf, 600 + 9)
        for i in range(4):
            if i == idx:
                continue
            r = i * 8 + (2 + a) % 8
            out.append(watchdog_timeout(r, plus(tw, i * 0.2), 77120 + a * 13, numel=201326592))
            out += watchdog_tail(r, plus(tw, i * 0.2 + 0.003), 77120 + a * 13, numel=201326592)
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (host, idx))
        for i, n in enumerate(nodes):
            if i != idx:
                out.append("srun: error: %s: task %d: Exited with exit code 134" % (n, i))
        out.append("+ scontrol requeue %d   # EXIT trap, attempts left: %d" % (job, 3 - a) if a < 3 else
                   "+ echo 'no requeues left (3/3)'; exit 1")
        files[pre + "slurm-%d.out" % job] = join(out)
        boot = plus(t0, -9 * 3600 - 417) if prev_end is None else plus(prev_end, 300 + 187)
        for i, n in enumerate(nodes):
            d = boot_dmesg(n, boot if n == host else T("2024-05-20 06:10:11"))
            if n == host:
                b5 = "ab"
                d += [dmesg(tf, boot, "NVRM: GPU at PCI:0000:%s:00: GPU-5f0d1a22-9b7e-4c3d-8e21-a1b2c3d4e5f6" % b5),
                      dmesg(tf, boot, "NVRM: GPU Board Serial Number: 1652823054611"),
                      dmesg(tf, boot, "NVRM: Xid (PCI:0000:%s:00): 79, pid=%d, name=python3, GPU has fallen off the bus." % (b5, p)),
                      dmesg(plus(tf, 0.001), boot, "NVRM: GPU 0000:%s:00.0: GPU has fallen off the bus." % b5),
                      dmesg(plus(tf, 0.002), boot, "NVRM: GPU 0000:%s:00.0: GPU serial number is 1652823054611." % b5),
                      dmesg(plus(tf, 0.004), boot, "NVRM: kgspRcAndNotifyAllChannels_IMPL: RC all channels for critical error 79."),
                      dmesg(plus(tf, 0.2), boot, "pcieport 0000:a8:01.0: AER: Uncorrected (Fatal) error received: 0000:ab:00.0"),
                      dmesg(plus(tf, 0.21), boot, "nvidia 0000:ab:00.0: AER: PCIe Bus Error: severity=Uncorrected (Fatal), type=Transaction Layer, (Receiver ID)"),
                      dmesg(plus(tf, 5), boot, "NVRM: _threadNodeCheckTimeout: API_GPU_ATTACHED_SANITY_CHECK failed!")]
                files[pre + "%s/nvidia-smi.txt" % n] = "Unable to determine the device handle for GPU0000:AB:00.0: GPU is lost.  Reboot the system to recover this GPU\n"
            elif a == 2 and n == "gpu-a06":
                ta = plus(t0, 5021)
                d += [dmesg(ta, T("2024-05-20 06:10:11"), "pcieport 0000:16:02.0: AER: Corrected error received: 0000:18:00.0"),
                      dmesg(plus(ta, 0.001), T("2024-05-20 06:10:11"), "nvidia 0000:18:00.0: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)"),
                      dmesg(plus(ta, 0.002), T("2024-05-20 06:10:11"), "nvidia 0000:18:00.0:   device [10de:2330] error status/mask=00000001/0000e000"),
                      dmesg(plus(ta, 0.003), T("2024-05-20 06:10:11"), "nvidia 0000:18:00.0:    [ 0] RxErr                  (First)")]
            files[pre + "%s/dmesg.txt" % n] = join(sort_dmesg(d))
        end = plus(tw, 30)
        prev_end = end
        rows.append(("%d" % job, "gpt-6b7", "REQUEUED" if a < 3 else "FAILED", "0:0" if a < 3 else "1:0", str(a - 1),
                     iso(t0), iso(end), "gpu-a[%s]" % ",".join(n[-2:] for n in nodes)))
        if a < 3:
            files[pre + "nhc.log"] = join([
                "%s gpu-a03 nhc[%d]: ERROR:  nhc:  Health check failed:  check_nv_smi_gpu_count: expected 8 GPUs, found 7" % (plus(end, 40).strftime("%Y%m%d %H:%M:%S"), 8812 + a),
                "%s slurmctld: update_node: node gpu-a03 reason set to: NHC: GPU count 7/8" % plus(end, 41).strftime("%Y%m%d %H:%M:%S"),
                "%s slurmctld: update_node: node gpu-a03 state set to DRAINING" % plus(end, 41).strftime("%Y%m%d %H:%M:%S"),
                "%s auto-remediate: gpu-a03 rebooted (policy: reboot-on-gpu-lost, attempt %d)" % (plus(end, 300).strftime("%Y%m%d %H:%M:%S"), a),
                "%s gpu-a03 nhc[%d]: Node Health Check completed successfully (0s, 8/8 GPUs)" % (plus(end, 820).strftime("%Y%m%d %H:%M:%S"), 1122 + a),
                "%s slurmctld: update_node: node gpu-a03 state set to IDLE (auto-resume after reboot)" % plus(end, 821).strftime("%Y%m%d %H:%M:%S")])
    files["sacct.txt"] = _sacct_dup(rows)
    files["job.sbatch"] = join(["#!/bin/bash", "#SBATCH -J gpt-6b7", "#SBATCH -N 4", "#SBATCH --ntasks-per-node=1",
                                "#SBATCH --gpus-per-node=8", "#SBATCH --requeue", "#SBATCH --open-mode=append",
                                "trap 'if [ ${SLURM_RESTART_COUNT:-0} -lt 2 ]; then scontrol requeue $SLURM_JOB_ID; fi' EXIT",
                                "srun --label torchrun --nnodes 4 --nproc-per-node 8 --rdzv-backend c10d --rdzv-endpoint $(hostname):29500 pretrain_gpt.py @args/gpt6b7.args"])
    label = {"category": "gpu_hardware", "layer": "infrastructure",
             "culprit": {"node": "gpu-a03", "rank": 5}, "action": "restart_without_node",
             "rationale": "In all three attempts the first failure is Xid 79 on gpu-a03's GPU at 0000:ab:00 (local GPU 5), hosting "
                          "rank 21, then 13, then 5 as the node moved in the allocation; health automation rebooted it back into "
                          "service each time. The other nodes only show watchdog timeouts.",
             "modelled_on": "https://github.com/ai4d-iasc/trixie/issues/38"}
    return "ck21_gpu_lost_after_each_requeue_different_rank_each_time", files, label


# ---------------------------------------------------------------------------
def ck22():
    rng = random.Random(9222)
    job = 1404417
    attempts = [["dgx-h-09", "dgx-h-10", "dgx-h-11", "dgx-h-12"],
                ["dgx-h-03", "dgx-h-12", "dgx-h-14", "dgx-h-15"],
                ["dgx-h-12", "dgx-h-16", "dgx-h-17", "dgx-h-18"]]
    starts = [T("2024-09-10 07:00:12"), T("2024-09-10 14:31:40"), T("2024-09-11 02:05:09")]
    nan_it = [45210, 45877, 45391]
    files = {}
    rows = []
    for a, (nodes, t0, nit) in enumerate(zip(attempts, starts, nan_it), start=1):
        pre = "attempt_%d/" % a
        idx = nodes.index("dgx-h-12")
        br = idx * 8 + 5
        out = ["loading checkpoint from /lustre/ckpt/llama-34b at iteration 45000",
               "  successfully loaded checkpoint from /lustre/ckpt/llama-34b [ t 1/4, p 2/2 ] at iteration 45000"]
        t_it = plus(t0, 600)
        ms = 14100.0
        for it in range(45001, nit + 1):
            if (it - 45001) % 25 == 0 or it == nit:
                loss = 1.873 + rng.random() * 0.02
                if it == 45126:
                    loss = 2.412
                out.append(megatron_iter(plus(t_it, (it - 45001) * ms / 1000), it, 250000, it * 2048, ms + rng.random() * 80,
                                         1.2e-4, 2048, loss, 1.0, 0.19 + rng.random() * 0.03 if it != 45126 else 1.84))
        tn = plus(t_it, (nit - 45001) * ms / 1000 + 9)
        out += ["[rank%d]: Traceback (most recent call last):" % br,
                '[rank%d]:   File "/workspace/Megatron-LM/megatron/core/distributed/param_and_grad_buffer.py", line 148, in start_grad_sync' % br,
                "[rank%d]:     assert not norm.isnan(), (" % br,
                "[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel "
                "communication collective. Device: 5, node: dgx-h-12" % (br, br)]
        tw = plus(tn, 600 + 7)
        for i in range(4):
            if i == idx:
                continue
            r = i * 8 + 1
            out.append(watchdog_timeout(r, plus(tw, i * 0.3), 190022 + a * 31, op="_REDUCE_SCATTER_BASE", numel=536870912))
            out += watchdog_tail(r, plus(tw, i * 0.3 + 0.002), 190022 + a * 31, op="_REDUCE_SCATTER_BASE", numel=536870912)
        files[pre + "slurm-%d.out" % job] = join(out)
        for n in nodes:
            if n == "dgx-h-12":
                files[pre + "%s/nvidia-smi-q.txt" % n] = join([
                    "==============NVSMI LOG==============", "", "Timestamp                                 : %s" % plus(tw, 120).strftime("%a %b %d %H:%M:%S %Y"),
                    "Driver Version                            : 550.90.07", "CUDA Version                              : 12.4", "",
                    "GPU 00000000:AB:00.0", "    Product Name                          : NVIDIA H100 80GB HBM3",
                    "    Minor Number                          : 5",
                    "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0",
                    "            SRAM Uncorrectable Parity     : 0", "            SRAM Uncorrectable SEC-DED    : 0",
                    "            DRAM Correctable              : 0", "            DRAM Uncorrectable            : 0",
                    "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : 0",
                    "        Pending                           : No", "        Remapping Failure Occurred        : No",
                    "    Temperature", "        GPU Current Temp                  : 41 C",
                    "    Clocks Event Reasons", "        Idle                              : Active",
                    "        HW Slowdown                       : Not Active", "        SW Thermal Slowdown               : Not Active"])
                files[pre + "%s/dmesg.txt" % n] = join(boot_dmesg(n, T("2024-08-30 11:02:40"), driver="550.90.07"))
        rows.append(("%d" % job, "llama-34b", "REQUEUED" if a < 3 else "FAILED", "0:0" if a < 3 else "1:0", str(a - 1),
                     iso(t0), iso(plus(tw, 20)), "dgx-h-[%s]" % ",".join(n[-2:] for n in nodes)))
    files["sacct.txt"] = _sacct_dup(rows)
    files["notes.txt"] = join(["# operator notes", "attempt 1: NaN grad norm at 45210 -> requeued from iter 45000 (same data order, seed 1234)",
                               "attempt 2: NaN again but at 45877 -> requeued", "attempt 3: NaN at 45391 -> gave up",
                               "loss spike at 45126 in every attempt recovers within 10 iters (seen in earlier runs too)"])
    label = {"category": "gpu_hardware", "layer": "infrastructure",
             "culprit": {"node": "dgx-h-12", "rank": 5}, "action": "restart_without_node",
             "rationale": "Three attempts resumed from the same checkpoint and data order hit NaN at different iterations "
                          "(45210, 45877, 45391), and every time the first NaN is reported by device 5 on dgx-h-12 (rank 29, 13, "
                          "then 5). A data problem would repeat at one iteration; following one GPU points at silent hardware "
                          "corruption. The recurring spike at 45126 recovers and is not the cause.",
             "modelled_on": "https://github.com/microsoft/dion/issues/76"}
    return "ck22_nan_grad_norm_in_three_attempts_at_different_iterations", files, label


# ---------------------------------------------------------------------------
def ck23():
    rng = random.Random(9223)
    job = 2217640
    attempts = [["gpu-q%02d" % n for n in (1, 2, 3, 4, 5, 6)],
                ["gpu-q%02d" % n for n in (2, 7, 8, 9, 11, 12)],
                ["gpu-q%02d" % n for n in (3, 4, 13, 10, 14, 15)]]
    starts = [T("2024-11-02 10:00:05"), T("2024-11-02 15:44:31"), T("2024-11-02 21:29:02")]
    files = {}
    rows = []
    br = 37
    for a, (nodes, t0) in enumerate(zip(attempts, starts), start=1):
        pre = "attempt_%d/" % a
        host = nodes[br // 8]
        out = ["> building train, validation, and test datasets for GPT ...",
               "> loading blend: [0.62 web_v3, 0.2 code_v2, 0.12 books, 0.006 math_instruct_tiny, 0.054 arxiv]",
               "WARNING:megatron.core.datasets.blended_megatron_dataset_builder:Building BlendedDataset with a dataset of "
               "extremely small weight (0.006); it may be sampled for more than one epoch",
               "  successfully loaded checkpoint from /ckpt/gpt-22b [ t 1/8, p 1/1 ] at iteration 60000"]
        t_it = plus(t0, 420)
        for it in range(60000 + 40, 61441, 40):
            out.append(megatron_iter(plus(t_it, (it - 60000) * 12.9), it, 300000, it * 1536, 12900 + rng.random() * 60,
                                     1.8e-4, 1536, 1.99 + rng.random() * 0.01, 1.0, 0.22 + rng.random() * 0.02))
        tc = plus(t_it, 1441 * 12.9 + 4)
        out += ["[rank%d]: Traceback (most recent call last):" % br,
                '[rank%d]:   File "/workspace/megatron/pretrain_gpt.py", line 265, in <module>' % br,
                "[rank%d]:     pretrain(" % br,
                '[rank%d]:   File "/workspace/megatron/megatron/training/training.py", line 1245, in train' % br,
                "[rank%d]:     train_step(forward_step_func," % br,
                '[rank%d]:   File "/workspace/megatron/pretrain_gpt.py", line 191, in forward_step' % br,
                "[rank%d]:     tokens, labels, loss_mask, attention_mask, position_ids = get_batch(data_iterator)" % br,
                '[rank%d]:   File "%s/torch/utils/data/dataloader.py", line 1465, in _next_data' % (br, PY310),
                "[rank%d]:     return self._process_data(data)" % br,
                "[rank%d]: IndexError: Caught IndexError in DataLoader worker process 0." % br,
                "[rank%d]: Original Traceback (most recent call last):" % br,
                '[rank%d]:   File "%s/torch/utils/data/_utils/fetch.py", line 52, in <listcomp>' % (br, PY310),
                "[rank%d]:     data = [self.dataset[idx] for idx in possibly_batched_index]" % br,
                '[rank%d]:   File "/workspace/megatron/megatron/core/datasets/blended_dataset.py", line 91, in __getitem__' % br,
                "[rank%d]:     return {\"dataset_id\": dataset_id, **self.datasets[dataset_id][dataset_sample_id]}" % br,
                '[rank%d]:   File "/workspace/megatron/megatron/core/datasets/gpt_dataset.py", line 198, in __getitem__' % br,
                "[rank%d]:     text, _ = self._query_document_sample_shuffle_index(idx)" % br,
                '[rank%d]:   File "/workspace/megatron/megatron/core/datasets/gpt_dataset.py", line 262, in _query_document_sample_shuffle_index' % br,
                "[rank%d]:     idx = self.shuffle_index[idx]" % br,
                "[rank%d]: IndexError: index 1875232 is out of bounds for axis 0 with size 1875232" % br]
        tw = plus(tc, 600 + 6)
        for i in range(6):
            if i == br // 8:
                continue
            r = i * 8 + 2
            out.append(watchdog_timeout(r, plus(tw, i * 0.25), 402211, numel=1))
            out += watchdog_tail(r, plus(tw, i * 0.25 + 0.002), 402211, numel=1)
        out.append("srun: error: %s: task %d: Exited with exit code 1" % (host, br // 8))
        files[pre + "slurm-%d.out" % job] = join(out)
        for n in nodes:
            if n == host:
                files[pre + "%s/dmesg.txt" % n] = join(boot_dmesg(n, T("2024-10-20 09:00:00")))
        rows.append(("%d" % job, "gpt-22b", "REQUEUED" if a < 3 else "FAILED", "0:0" if a < 3 else "1:0", str(a - 1),
                     iso(t0), iso(plus(tw, 15)), "gpu-q[%s]" % ",".join(n[-2:] for n in nodes)))
    files["sacct.txt"] = _sacct_dup(rows)
    label = {"category": "user_code", "layer": "framework", "culprit": None, "action": "stop",
             "rationale": "Every attempt resumes from iteration 60000 and dies at exactly iteration 61440 with the same IndexError "
                          "in Megatron's BlendedDataset/GPTDataset, on a different host each time (gpu-q05, gpu-q11, gpu-q14); the "
                          "tiny-weight blend component is exhausted past one epoch. Deterministic, not a node; requeuing cannot help.",
             "modelled_on": "https://github.com/NVIDIA/Megatron-LM/issues/705"}
    return "ck23_index_error_at_iteration_61440_in_every_requeue", files, label


# ---------------------------------------------------------------------------
def ck24():
    rng = random.Random(9224)
    job = 9906112
    hosts = ["gpu-m21", "gpu-m22", "gpu-m23", "gpu-m24"]
    orders = [[0, 1, 2, 3], [2, 0, 3, 1], [3, 2, 1, 0], [1, 3, 0, 2]]   # group_rank -> host index
    t0 = T("2024-12-14 08:30:00")
    files = {}
    br = 11
    root = ["+ srun --label --ntasks-per-node=1 torchrun --nnodes 4 --nproc-per-node 8 --max-restarts 3 "
            "--rdzv-backend c10d --rdzv-endpoint gpu-m21:29500 train_moe.py --cfg cfg/moe_8x7b.yaml"]
    boot = T("2024-12-01 05:00:00")
    t = plus(t0, 60)
    for a, order in enumerate(orders, start=1):
        pre = "attempt_%d/" % a
        host_i = order[br // 8]
        host = hosts[host_i]
        per = {h: [] for h in hosts}
        for g, hi in enumerate(order):
            per[hosts[hi]].append("%s [default] Rendezvous complete for workers. Result:" % glog("I", plus(t, g * 0.02), 140700000000000 + hi, "torch/distributed/elastic/agent/server/api.py:589"))
            per[hosts[hi]] += ["  restart_count=%d" % (a - 1), "  master_addr=%s" % hosts[order[0]], "  group_rank=%d" % g, "  group_world_size=4"]
        r0h = hosts[order[0]]
        per[r0h].append("[rank0]:%s - moe - INFO - resumed from /ckpt/moe-8x7b/step_7000" % pylog(plus(t, 75)))
        for s in range(7000 + 20, 7316, 20):
            per[r0h].append("[rank0]:%s - moe - INFO - step %d | loss %.4f | aux_loss %.4f | tokens/s %d | max_expert_load %.2f" % (
                pylog(plus(t, 75 + (s - 7000) * 2.4)), s, 1.71 + rng.random() * 0.02, 0.0102 + rng.random() * 0.0005,
                rng.randint(402000, 409000), 1.3 + rng.random() * 0.2))
        tc = plus(t, 75 + 316 * 2.4 + 1.1)
        per[host] += ["[rank%d]:%s - moe - WARNING - step 7316: expert 5 capacity overflow (tokens=9217 > capacity=8192), falling back to dropless permute" % (br, pylog(plus(tc, -0.4))),
                      "[rank%d]: Traceback (most recent call last):" % br,
                      '[rank%d]:   File "/srv/moe/train_moe.py", line 296, in <module>' % br,
                      "[rank%d]:     out = model(**batch)" % br,
                      '[rank%d]:   File "/srv/moe/moe/layers.py", line 144, in forward' % br,
                      "[rank%d]:     permuted = moe_permute(hidden, routing_map, num_out_tokens=self.capacity)" % br,
                      '[rank%d]:   File "/srv/moe/moe/kernels/permute.py", line 88, in moe_permute' % br,
                      "[rank%d]:     _permute_kernel[grid](x, idx, out, n_tokens, BLOCK=BLOCK)" % br,
                      "[rank%d]: RuntimeError: CUDA error: an illegal memory access was encountered" % br,
                      "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % br,
                      "[rank%d]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1" % br,
                      "[rank%d]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions." % br]
        lr = br % 8
        pid = 61000 + a * 100 + lr
        d = boot_dmesg(host, boot)
        d += [dmesg(plus(tc, -0.2), boot, "NVRM: Xid (PCI:0000:%s:00): 31, pid=%d, name=python3, Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f1c_2a400000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % (BUS[lr], pid))]
        files[pre + "%s/dmesg.txt" % host] = join(sort_dmesg(d))
        tf = plus(tc, 2)
        if a < 4:
            per[host].append("%s [default] Worker group FAILED. %d/3 attempts left; will restart worker group" % (
                glog("W", tf, 140700000000000 + host_i, "torch/distributed/elastic/agent/server/api.py:738"), 4 - a))
            for hi in range(4):
                if hi != host_i:
                    per[hosts[hi]].append("%s [default] Detected 1 new nodes from group_rank=%d; will restart worker group" % (
                        glog("I", plus(tf, 3 + hi * 0.1), 140700000000000 + hi, "torch/distributed/elastic/agent/server/api.py:786"), order.index(hi)))
        else:
            fails = [{"host": host, "rank": br, "local_rank": lr, "exitcode": 1, "pid": pid, "time": tc}]
            per[host] += child_failed("train_moe.py", tc, fails)
        for h in hosts:
            if per[h]:
                files[pre + "%s/stdout.log" % h] = join(per[h])
        t = plus(tf, 20)
    root.append("srun: error: %s: task %d: Exited with exit code 1" % (hosts[orders[-1][br // 8]], orders[-1][br // 8]))
    files["slurm-%d.out" % job] = join(root)
    files["sacct.txt"] = sacct([(str(job), "moe-8x7b", "h100", "FAILED", "1:0", "01:02:44", "gpu-m[21-24]")])
    label = {"category": "user_code", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Each of the four torchrun restarts resumes from step 7000 and crashes at step 7316 with an illegal memory "
                          "access in the job's own Triton permute kernel right after an expert-capacity overflow; rank 11 sits on "
                          "a different host every time and the Xid 31 MMU faults move with it. A deterministic kernel bug.",
             "modelled_on": "https://github.com/ikawrakow/ik_llama.cpp/issues/425"}
    return "ck24_illegal_memory_access_at_step_7316_after_every_restart", files, label


# ---------------------------------------------------------------------------
def ck25():
    rng = random.Random(9225)
    files = {}
    attempts = [["k8s-a100-n03", "k8s-a100-n05", "k8s-a100-n08", "k8s-a100-n11"],
                ["k8s-a100-n02", "k8s-a100-n08", "k8s-a100-n05", "k8s-a100-n12"]]
    starts = [T("2025-02-11 04:10:00"), T("2025-02-11 09:52:31")]
    fault = [18200, 6310]
    boot = T("2025-01-28 13:44:02")
    ev = []
    for a, (nodes, t0, fa) in enumerate(zip(attempts, starts, fault), start=1):
        pre = "attempt_%d/" % a
        idx = nodes.index("k8s-a100-n08")
        br = idx * 8 + 3
        tf = plus(t0, fa)
        pod = "pt-sd3-ft-worker-%d" % idx
        lg = ["[rank%d]:%s - INFO - epoch 3 step %d loss %.4f" % (br, pylog(plus(tf, -60 * k)), 8000 + a * 100 - k * 10, 0.1031 + rng.random() * 0.002) for k in range(4, 0, -1)]
        lg += ["[rank%d]: Traceback (most recent call last):" % br,
               '[rank%d]:   File "/app/train_sd3.py", line 512, in <module>' % br,
               "[rank%d]:     accelerator.backward(loss)" % br,
               '[rank%d]:   File "/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py", line 769, in _engine_run_backward' % br,
               "[rank%d]:     return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass" % br,
               "[rank%d]: RuntimeError: CUDA error: uncorrectable ECC error encountered" % br,
               "[rank%d]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect." % br,
               "[rank%d]:%s [Rank %d] NCCL watchdog thread terminated with exception: CUDA error: uncorrectable ECC error encountered" % (br, c10("E", plus(tf, 0.3), "ProcessGroupNCCL.cpp:1537"), br)]
        files[pre + "kubectl-logs-%s.txt" % pod] = join(lg)
        other = nodes.index("k8s-a100-n05")
        r = other * 8 + 1
        lg2 = [watchdog_timeout(r, plus(tf, 1800 + 5), 884120 + a, op="ALLREDUCE", numel=8388608, timeout_ms=1800000)]
        lg2 += watchdog_tail(r, plus(tf, 1805.002), 884120 + a, op="ALLREDUCE", numel=8388608, timeout_ms=1800000)
        files[pre + "kubectl-logs-pt-sd3-ft-worker-%d.txt" % other] = join(lg2)
        files[pre + "kubectl-get-pods.txt"] = join(["NAME                 READY   STATUS    RESTARTS   AGE   NODE"] +
                                                   ["pt-sd3-ft-worker-%d   %s     %-9s 0          %dm   %s" % (i, "0/1" if i == idx else "1/1", "Error" if i == idx else "Running", 10 + fa // 60, n) for i, n in enumerate(nodes)])
        pid = 2841000 + a * 7713
        d = boot_dmesg("k8s-a100-n08", boot, driver="535.161.08", gpu_bus=A100_BUS)
        b = A100_BUS[3]
        d += [dmesg(tf, boot, "NVRM: Xid (PCI:0000:%s:00): 48, pid=%d, name=python, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 6, subpartition 0." % (b, pid)),
              dmesg(plus(tf, 0.01), boot, "NVRM: Xid (PCI:0000:%s:00): 63, pid=%d, name=python, Row Remapper: New row (0x0000000000a41c80) marked for remapping, reset gpu to activate." % (b, pid)),
              dmesg(plus(tf, 0.02), boot, "NVRM: Xid (PCI:0000:%s:00): 94, pid=%d, name=python, Contained: SM (0x1). RST: No, D-RST: No" % (b, pid))]
        if a == 1:
            ev += d
        else:
            ev += d[len(boot_dmesg("k8s-a100-n08", boot, driver="535.161.08", gpu_bus=A100_BUS)):]
        files[pre + "k8s-a100-n08/dmesg.txt"] = join(sort_dmesg(ev))
        files[pre + "k8s-a100-n08/nvidia-smi-q.txt"] = join([
            "==============NVSMI LOG==============", "Timestamp                                 : %s" % plus(tf, 900).strftime("%a %b %d %H:%M:%S %Y"),
            "Driver Version                            : 535.161.08", "", "GPU 00000000:%s:00.0" % b.upper(),
            "    Product Name                          : NVIDIA A100-SXM4-80GB", "    Minor Number                          : 3",
            "    ECC Errors", "        Volatile", "            SRAM Correctable              : 0", "            SRAM Uncorrectable            : 0",
            "            DRAM Correctable              : %d" % (12 + a * 9), "            DRAM Uncorrectable            : %d" % a,
            "        Aggregate", "            DRAM Correctable              : %d" % (118 + a * 9), "            DRAM Uncorrectable            : %d" % a,
            "    Remapped Rows", "        Correctable Error                 : 0", "        Uncorrectable Error               : %d" % a,
            "        Pending                           : Yes", "        Remapping Failure Occurred        : No",
            "        Bank Remap Availability Histogram", "            Max                           : 639 bank(s)",
            "            High                          : 1 bank(s)"])
    files["kubectl-describe-pytorchjob.txt"] = join([
        "Name:         pt-sd3-ft", "Namespace:    genai", "Kind:         PyTorchJob",
        "Spec:", "  Pytorch Replica Specs:", "    Worker:", "      Replicas:        4", "      Restart Policy:  ExitCode",
        "  Run Policy:", "    Backoff Limit:  3",
        "Events:", "  Type     Reason                Age    From                   Message",
        "  ----     ------                ----   ----                   -------",
        "  Warning  PyTorchJobRestarting  6h5m   pytorchjob-controller  PyTorchJob pt-sd3-ft is restarting because 1 Worker replica(s) failed.",
        "  Normal   SuccessfulDeletePod   6h5m   pytorchjob-controller  Deleted pod: pt-sd3-ft-worker-2",
        "  Normal   SuccessfulCreatePod   6h4m   pytorchjob-controller  Created pod: pt-sd3-ft-worker-0",
        "  Warning  PyTorchJobRestarting  1h2m   pytorchjob-controller  PyTorchJob pt-sd3-ft is restarting because 1 Worker replica(s) failed.",
        "  Normal   SuccessfulDeletePod   1h2m   pytorchjob-controller  Deleted pod: pt-sd3-ft-worker-1"])
    label = {"category": "gpu_memory", "layer": "infrastructure",
             "culprit": {"node": "k8s-a100-n08", "rank": 11}, "action": "restart_without_node",
             "rationale": "Both pod generations fail with 'uncorrectable ECC error' on the rank using GPU 3 of k8s-a100-n08 "
                          "(rank 19 as worker-2, then rank 11 as worker-1); that GPU logs Xid 48 DBE and Xid 63 with a row remap "
                          "still pending because the node was never reset. The other pods only time out.",
             "modelled_on": "https://github.com/verl-project/verl/issues/407"}
    return "ck25_uncorrectable_ecc_error_in_both_pod_generations", files, label


# ---------------------------------------------------------------------------
def ck26():
    rng = random.Random(9226)
    job = 640018
    attempts = [["gpu-s%02d" % n for n in (1, 2, 3, 4)], ["gpu-s%02d" % n for n in (5, 6, 7, 8)]]
    starts = [T("2024-04-08 09:00:00"), T("2024-04-08 11:02:13")]
    oom_rank = [13, 26]
    files = {}
    rows = []
    for a, (nodes, t0, br) in enumerate(zip(attempts, starts, oom_rank), start=1):
        pre = "attempt_%d/" % a
        out = ["[rank0]:%s - root - INFO - Loading checkpoint from step 1500" % pylog(plus(t0, 50))]
        for s in range(1510, 2001, 10):
            out.append(titan_step(0, plus(t0, 60 + (s - 1500) * 1.9), s, 2.61 - (s - 1500) * 0.0002 + rng.random() * 0.01,
                                  58.11 + rng.random() * 0.3, 73.4, rng.randint(6100, 6200), 44.0 + rng.random()))
        tc = plus(t0, 60 + 500 * 1.9 + 0.5)
        out.append("[rank0]:%s - root - INFO - curriculum: step 2000 -> seq_len 4096 -> 8192 (batch tokens 2x)" % pylog(plus(tc, -0.4)))
        host = nodes[br // 8]
        out += ["[rank%d]: Traceback (most recent call last):" % br,
                '[rank%d]:   File "/opt/titan/train.py", line 401, in train' % br,
                "[rank%d]:     loss.backward()" % br,
                "[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB. GPU %d has a total capacity "
                "of 79.10 GiB of which 5.12 GiB is free. Including non-PyTorch memory, this process has 73.96 GiB memory in use. "
                "Of the allocated memory 68.02 GiB is allocated by PyTorch, and 4.51 GiB is reserved by PyTorch but unallocated. "
                "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid "
                "fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)" % (br, br % 8)]
        for r in (br + 1, (br + 9) % 32):
            out.append("[rank%d]: torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.81 GiB. GPU %d has a total capacity of 79.10 GiB of which %.2f GiB is free." % (r, r % 8, 4.9 + rng.random()))
        for i, n in enumerate(nodes):
            out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
        files[pre + "slurm-%d.out" % job] = join(out)
        files[pre + "%s/nvidia-smi.txt" % host] = nvidia_smi(plus(tc, -30), "550.54.15", "12.4", default_gpus(rng, busy=True),
                                                           procs=[(g, 74100 + g, "/opt/conda/bin/python", 74200 + g * 13) for g in range(8)])
        rows.append(("%d" % job, "llama3-8b-ext", "REQUEUED" if a < 2 else "FAILED", "0:0" if a < 2 else "1:0", str(a - 1),
                     iso(t0), iso(plus(tc, 8)), "gpu-s[%s]" % ",".join(n[-2:] for n in nodes)))
    files["sacct.txt"] = _sacct_dup(rows)
    files["train.toml"] = join(["[training]", "batch_size = 2", "seq_len = 4096", "steps = 20000",
                                "[curriculum]", "seq_len_schedule = [[0, 4096], [2000, 8192]]", "keep_batch_size = true",
                                "[activation_checkpoint]", "mode = \"selective\"", "selective_ac_option = \"op\""])
    label = {"category": "oom", "layer": "script", "culprit": None, "action": "stop",
             "rationale": "Both attempts resume at step 1500 and run out of GPU memory right at step 2000, when the configured "
                          "curriculum doubles seq_len to 8192 with the same batch size; the first OOM is on a different rank and "
                          "node each time and nvidia-smi shows only the job's own processes. A configuration OOM, not a node.",
             "modelled_on": "https://github.com/Lightning-AI/litgpt/issues/159"}
    return "ck26_cuda_oom_at_step_2000_in_both_attempts", files, label


# ---------------------------------------------------------------------------
def ck27():
    rng = random.Random(9227)
    job = 771002
    attempts = [["hgx-r07-n03", "hgx-r07-n04", "hgx-r07-n05", "hgx-r07-n06"],
                ["hgx-r07-n05", "hgx-r07-n08", "hgx-r07-n09", "hgx-r07-n10"]]
    starts = [T("2024-10-01 00:00:10"), T("2024-10-02 00:12:40")]
    files = {}
    rows = []
    for a, (nodes, t0) in enumerate(zip(attempts, starts), start=1):
        pre = "attempt_%d/" % a
        idx = nodes.index("hgx-r07-n05")
        slow = idx * 8 + 4
        fast = (idx + 1) % 4 * 8 + 2
        out = []
        it = 1000 if a == 1 else 5700
        for k in range(24):
            t = plus(t0, 900 + k * 1800)
            out.append(megatron_iter(t, it + k * 100, 100000, (it + k * 100) * 512, 17950 + rng.random() * 300, 3e-4, 512,
                                     2.3 - k * 0.004, 1.0, 0.4 + rng.random() * 0.05))
            out.append(" [%s] | MnRtt/Rnk: %.2fms/%d | MxRtt/Rnk: %.2fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | "
                       "MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: %d%%/%d | MnClk/Rnk: %dMHz/%d | "
                       "MxClk/Rnk: %dMHz/%d" % (
                           t.strftime("%Y-%m-%d %H:%M:%S"), 10230 + rng.random() * 40, fast, 17780 + rng.random() * 200, slow,
                           388 + rng.randint(0, 9), slow, 690, fast, 51, fast, 89 + rng.randint(0, 1), slow, 97, fast, 100, slow,
                           1035 + rng.randint(0, 40), slow, 1980, fast))
        if a == 1:
            out.append("slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO TIME LIMIT ***" % (job, nodes[0], iso(plus(t0, 86400))))
            state, end = "TIMEOUT", plus(t0, 86400)
        else:
            out.append("slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s ***" % (job, nodes[0], iso(plus(t0, 44000))))
            state, end = "CANCELLED", plus(t0, 44000)
        files[pre + "slurm-%d.out" % job] = join(out)
        files[pre + "hgx-r07-n05/nvidia-smi-q-gpu4.txt"] = join([
            "==============NVSMI LOG==============", "Timestamp                                 : %s" % plus(t0, 30000).strftime("%a %b %d %H:%M:%S %Y"),
            "Driver Version                            : 550.90.07", "", "GPU 00000000:9A:00.0",
            "    Product Name                          : NVIDIA H100 80GB HBM3", "    Minor Number                          : 4",
            "    Performance State                     : P0", "    Clocks Event Reasons",
            "        Idle                              : Not Active", "        Applications Clocks Setting       : Not Active",
            "        SW Power Cap                      : Not Active", "        HW Slowdown                       : Active",
            "            HW Thermal Slowdown           : Active", "            HW Power Brake Slowdown       : Not Active",
            "        Sync Boost                        : Not Active", "        SW Thermal Slowdown               : Active",
            "    Temperature", "        GPU Current Temp                  : 89 C", "        GPU T.Limit Temp                  : -2 C",
            "        GPU Shutdown Temp                 : 92 C", "        GPU Slowdown Temp                 : 87 C",
            "        Memory Current Temp               : 84 C",
            "    Clocks", "        SM                                : 1035 MHz", "        Memory                            : 2619 MHz",
            "    Max Clocks", "        SM                                : 1980 MHz"])
        other = nodes[(idx + 1) % 4]
        files[pre + "%s/nvidia-smi.txt" % other] = nvidia_smi(plus(t0, 30000), "550.90.07", "12.4", default_gpus(rng, busy=True))
        rows.append(("%d" % job, "vlm-13b", state, "0:0", str(a - 1), iso(t0), iso(end), "hgx-r07-n[%s]" % ",".join(n[-2:] for n in nodes)))
    files["sacct.txt"] = _sacct_dup(rows)
    files["notes.txt"] = join(["expected ~10.3 s/iter from the scaling runs; both attempts ran at ~17.9 s/iter",
                               "attempt 1 hit the 24h limit, requeued; attempt 2 cancelled by jlee at 12h (no progress vs plan)"])
    label = {"category": "straggler", "layer": "infrastructure",
             "culprit": {"node": "hgx-r07-n05", "rank": 4}, "action": "run_diagnostics",
             "rationale": "In both attempts the straggler report names the rank on hgx-r07-n05's GPU 4 (rank 20, then rank 4) as "
                          "slowest, at ~1035 MHz and 89 C with HW/SW thermal slowdown active, while the rest run at 1980 MHz; the "
                          "whole job paces at 17.9 s/iter instead of ~10.3. Nothing crashed, so check that GPU's cooling.",
             "modelled_on": "https://github.com/kubeflow/kubeflow/issues/68"}
    return "ck27_slow_iterations_in_both_attempts_timeout_then_cancel", files, label


# ---------------------------------------------------------------------------
def ck28():
    rng = random.Random(9228)
    job = 3301876
    attempts = [["ib-g%03d" % n for n in (101, 102, 117, 118)],
                ["ib-g%03d" % n for n in (105, 106, 121, 122)],
                ["ib-g%03d" % n for n in (109, 110, 125, 126)]]
    starts = [T("2025-03-04 02:00:11"), T("2025-03-04 03:41:07"), T("2025-03-04 05:12:30")]
    fail_after = [5410, 3922, 2211]
    pairs = [(2, 0), (0, 3), (3, 1)]
    files = {}
    rows = []
    for a, (nodes, t0, fa, (src, dst)) in enumerate(zip(attempts, starts, fail_after, pairs), start=1):
        pre = "attempt_%d/" % a
        tf = plus(t0, fa)
        sh, dh = nodes[src], nodes[dst]
        sip = "10.60.0.%d" % int(sh[-3:])
        dip = "10.60.0.%d" % int(dh[-3:])
        out = []
        for k in range(4):
            out.append("0: [rank0]:%s - INFO - step %d | loss %.4f | %.1f TFLOP/s/GPU" % (pylog(plus(tf, -300 + k * 70)), 400 + a * 100 + k * 10, 2.5 - a * 0.02 - k * 0.001 + rng.random() * 0.004, 389 + rng.random() * 5))
        for lr in (2, 6):
            p = 51000 + a * 100 + lr
            out.append("%d: %s" % (src, nccl_warn(sh, p, p + 210, lr, "transport/net_ib.cc:2244",
                                                   "NET/IB: Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s hca mlx5_%d"
                                                   % (dip, 50000 + lr * 7, sip, dip, lr // 2))))
            out.append("%d: %s" % (src, nccl(sh, p, p + 210, lr, "transport/net.cc:1362 -> 6")))
            out.append("%d: %s" % (src, nccl(sh, p, p + 210, lr, "proxy.cc:910 -> 6 [Progress Thread]")))
            r = src * 8 + lr
            out.append("%d: [rank%d]:%s [Rank %d] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (src, r, c10("E", plus(tf, 1.2), "ProcessGroupNCCL.cpp:1537"), r))
            out.append("%d: [rank%d]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely." % (src, r))
            out.append("%d: [rank%d]: Last error:" % (src, r))
            out.append("%d: [rank%d]: NET/IB: Got completion from peer %s<%d> with status=12 opcode=0 len=0 vendor err 129 (Send)" % (src, r, dip, 50000 + lr * 7))
        for i, n in enumerate(nodes):
            out.append("srun: error: %s: task %d: Exited with exit code 1" % (n, i))
        files[pre + "slurm-%d.out" % job] = join(out)
        for i in (src, dst):
            n = nodes[i]
            files[pre + "%s/dmesg.txt" % n] = join(boot_dmesg(n, T("2025-02-20 10:00:00")))
            files[pre + "%s/ibstat.txt" % n] = join(["$ ibstat mlx5_1 | grep -E 'State|Rate|Physical'",
                                                    "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400",
                                                    "$ perfquery -x | grep -E 'SymbolError|LinkDowned|PortRcvErrors'",
                                                    "SymbolErrorCounter:..............0", "LinkDownedCounter:...............0", "PortRcvErrors:...................0"])
        rows.append(("%d" % job, "dense-70b", "REQUEUED" if a < 3 else "FAILED", "0:0" if a < 3 else "1:0", str(a - 1),
                     iso(t0), iso(plus(tf, 30)), "ib-g[%s]" % ",".join(n[-3:] for n in nodes)))
    files["sacct.txt"] = _sacct_dup(rows)
    files["topology.json"] = ('{"topology": {"leaf-l1-a": ["ib-g101", "ib-g102", "ib-g105", "ib-g106", "ib-g109", "ib-g110"], '
                              '"leaf-l1-b": ["ib-g117", "ib-g118", "ib-g121", "ib-g122", "ib-g125", "ib-g126"]}}\n')
    ufm = []
    for t, msg in [("2025-03-04 01:55:02", "Switch spine-s03 (0xb83fd20300a1c4e0): firmware assert, ASIC reset in progress"),
                   ("2025-03-04 01:55:40", "Link went down: spine-s03/P17 <-> leaf-l1-a/P61"),
                   ("2025-03-04 01:55:40", "Link went down: spine-s03/P18 <-> leaf-l1-b/P61"),
                   ("2025-03-04 01:57:11", "Link went up: spine-s03/P17 <-> leaf-l1-a/P61"),
                   ("2025-03-04 03:29:48", "Switch spine-s03: firmware assert, ASIC reset in progress"),
                   ("2025-03-04 03:30:02", "SM: Heavy sweep triggered; 128 routes recalculated (reason: topology change)"),
                   ("2025-03-04 04:46:27", "Link went down: spine-s03/P22 <-> leaf-l1-b/P63"),
                   ("2025-03-04 04:46:29", "SM: Heavy sweep triggered; 131 routes recalculated (reason: topology change)"),
                   ("2025-03-04 05:48:51", "Switch spine-s03: firmware assert, ASIC reset in progress"),
                   ("2025-03-04 05:49:03", "SM: Heavy sweep triggered; 129 routes recalculated (reason: topology change)")]:
        ufm.append("%s [UFM] %s" % (t, msg))
    files["ufm-events.txt"] = join(ufm)
    label = {"category": "network", "layer": "infrastructure", "culprit": None, "action": "restart",
             "rationale": "Each attempt fails with IB retry-exceeded completions (status 12, vendor err 129) between a different "
                          "pair of nodes on different leaves, with clean NIC counters and link state on every host; UFM shows "
                          "spine-s03 repeatedly asserting and forcing reroutes at matching times. The fabric, not a node.",
             "modelled_on": "https://github.com/NVIDIA/nccl/issues/1405"}
    return "ck28_ib_completion_errors_between_different_hosts_each_attempt", files, label


# ---------------------------------------------------------------------------
def ck29():
    rng = random.Random(9229)
    job = 5120988
    attempts = [["gpu-f%02d" % n for n in (1, 2)], ["gpu-f%02d" % n for n in (7, 9)]]
    starts = [T("2024-08-20 21:00:00"), T("2024-08-21 03:30:44")]
    ran = [16440, 9120]
    files = {}
    rows = []
    for a, (nodes, t0, dur) in enumerate(zip(attempts, starts, ran), start=1):
        pre = "attempt_%d/" % a
        tp = plus(t0, dur)
        out = ["%d: Restored from checkpoint: /scratch/asr/ckpt/last.ckpt (epoch %d, global_step %d)" % (0, 3 + a, 40000 + a * 2000)]
        for k in range(5):
            out.append("0: Epoch %d:  %d%%|%s| %d/5000 [1:%02d:%02d<0:%02d:00, 1.21it/s, v_num=rq%d, train_loss=%.3f]" % (
                4 + a, 40 + k * 5, "#" * (4 + k), 2000 + k * 250, 10 + k, rng.randint(0, 59), 30 - k, a, 0.41 - k * 0.002))
        out += ["slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (job, nodes[0], iso(tp)),
                "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                "0: [rank: 0] Received SIGTERM: 15", "9: [rank: 9] Received SIGTERM: 15",
                "0: Bypassing SIGTERM: 15",
                "3: [rank3]:%s [Rank 3] NCCL watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.20.5" % c10("E", plus(tp, 2.1), "ProcessGroupNCCL.cpp:1537"),
                "3: [rank3]: ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
                "12: [rank12]: torch.distributed.DistBackendError: [12] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: Connection reset by peer",
                "slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO PREEMPTION ***" % (job, nodes[0], iso(plus(tp, 33)))]
        files[pre + "slurm-%d.out" % job] = join(out)
        files[pre + "%s/dmesg.txt" % nodes[1]] = join(boot_dmesg(nodes[1], T("2024-08-12 09:11:00"), driver="550.90.07"))
        rows.append(("%d" % job, "conformer-l", "PREEMPTED", "0:15", str(a - 1), iso(t0), iso(plus(tp, 33)),
                     "gpu-f[%s]" % ",".join(n[-2:] for n in nodes)))
    rows.append(("%d" % job, "conformer-l", "PENDING", "0:0", "2", "Unknown", "Unknown", "None assigned"))
    files["sacct.txt"] = _sacct_dup(rows)
    files["squeue.txt"] = join(["             JOBID PARTITION     NAME     USER ST       TIME  NODES NODELIST(REASON)",
                                "           %d   scavenge conforme    tmori PD       0:00      2 (Priority)" % job])
    files["scontrol-show-job.txt"] = join(["JobId=%d JobName=conformer-l" % job, "   Priority=112 Nice=0 Account=asr QOS=scavenger",
                                           "   JobState=PENDING Reason=Priority Dependency=(null)",
                                           "   Requeue=1 Restarts=2 BatchFlag=1 Reboot=0 ExitCode=0:15",
                                           "   Partition=scavenge PreemptMode=REQUEUE"])
    label = {"category": "unknown", "layer": "infrastructure", "culprit": None, "action": "none",
             "rationale": "Both attempts end with Slurm cancelling the scavenger-QOS job DUE TO PREEMPTION; the SIGTERM and "
                          "NCCL/c10d errors follow the cancellation and the job is pending for its third start. Nothing failed.",
             "modelled_on": "https://github.com/Lightning-AI/pytorch-lightning/issues/4265"}
    return "ck29_sigterm_and_nccl_errors_after_two_starts", files, label


# ---------------------------------------------------------------------------
def ck30():
    rng = random.Random(9230)
    job = 2048811
    nodes = ["dgx-b11", "dgx-b12", "dgx-b13"]
    t0 = T("2024-12-19 18:00:04")
    files = {}
    out = ["", "=============", "== PyTorch ==", "=============", "", "NVIDIA Release 24.10 (build 114410972)",
           "PyTorch Version 2.5.0a0+e000cf0", "",
           "NOTE: CUDA Forward Compatibility mode ENABLED.",
           "  Using CUDA 12.6 driver version 560.35.03 with kernel driver version 535.161.08.",
           "  See https://docs.nvidia.com/deploy/cuda-compatibility/ for details.", ""]
    for i, n in enumerate(nodes):
        p = 7700 + i * 100
        out.append("%d: %s" % (i, nccl(n, p, p, 0, "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation")))
        out.append("%d: %s" % (i, nccl(n, p, p + 80, 0, "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB ; OOB ibp24s0:10.70.2.%d<0>" % (11 + i))))
    out.append("1: [W socket.cpp:697] [c10d] The client socket has failed to connect to [dgx-b11]:29500 (errno: 111 - Connection refused).")
    out.append("2: [W socket.cpp:697] [c10d] The client socket has failed to connect to [dgx-b11]:29500 (errno: 111 - Connection refused).")
    out.append("0: [rank0]:/usr/local/lib/python3.10/dist-packages/torch/_utils.py:831: UserWarning: TypedStorage is deprecated. It will be removed in the future and UntypedStorage will be the only storage class.")
    for k in range(12):
        t = plus(t0, 600 + k * 3000)
        out.append("0: [rank0]:%s - INFO - step %d/6000 | loss %.4f | lr %.2e | %.0f tok/s" % (pylog(t), 500 * (k + 1), 2.9 - k * 0.08, 2e-4 * (1 - k / 12), 811000 + rng.random() * 5000))
        if k == 6:
            out.append("0: [rank0]:%s - WARNING - loss spike detected at step 3412 (3.41 > 2.0 x ema); continuing" % pylog(plus(t, -900)))
    tend = plus(t0, 600 + 11 * 3000 + 200)
    out.append("0: [rank0]:%s - INFO - training finished: 6000 steps; final checkpoint saved to /lustre/ckpt/cm-3b/final" % pylog(tend))
    out.append("0: [rank0]:%s Warning: WARNING: process group has NOT been destroyed "
               "before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to "
               "ensure that any pending NCCL operations have finished in this process. (function operator())" % c10("W", plus(tend, 3), "ProcessGroupNCCL.cpp:1250"))
    files["slurm-%d.out" % job] = join(out)
    files["sacct.txt"] = sacct([(str(job), "cm-3b", "dgx", "COMPLETED", "0:0", "09:40:11", "dgx-b[11-13]"),
                                ("%d.batch" % job, "batch", "", "COMPLETED", "0:0", "09:40:11", "dgx-b11"),
                                ("%d.0" % job, "torchrun", "", "COMPLETED", "0:0", "09:40:05", "dgx-b[11-13]")])
    boot = T("2024-12-01 06:00:00")
    d = boot_dmesg("dgx-b12", boot, driver="535.161.08", gpu_bus=A100_BUS)
    d.append(dmesg(T("2024-12-16 11:20:41"), boot, "NVRM: Xid (PCI:0000:47:00): 13, pid=1881920, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Out Of Range Address"))
    d.append(dmesg(T("2024-12-16 11:20:41"), boot, "NVRM: Xid (PCI:0000:47:00): 43, pid=1881920, name=python3, Ch 00000010"))
    files["dgx-b12/dmesg.txt"] = join(sort_dmesg(d))
    for n in nodes:
        files["%s/nvidia-smi.txt" % n] = nvidia_smi(plus(tend, 60), "535.161.08", "12.6", default_gpus(rng, bus=A100_BUS), name=A100)
    label = {"category": "unknown", "layer": "framework", "culprit": None, "action": "none",
             "rationale": "sacct reports COMPLETED and the log ends with all 6000 steps and a saved final checkpoint. The missing "
                          "libnccl-net.so plugin, forward-compatibility note, refused c10d connects during startup, a recovered loss "
                          "spike and a three-day-old Xid 13 from another user's process are all harmless here.",
             "modelled_on": "https://github.com/NVIDIA/nccl/issues/1231"}
    return "ck30_completed_run_with_plugin_and_driver_warnings", files, label


CASES = [ck21, ck22, ck23, ck24, ck25, ck26, ck27, ck28, ck29, ck30]
