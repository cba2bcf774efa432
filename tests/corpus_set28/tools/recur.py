"""Multi-attempt cases l21-l30: what recurs across attempts decides."""
from common import (Bundle, T, add, glog, pylog, iso, dmesg_T, dmesg_up, journal, bracket,
                    watchdog_timeout, torchrun_failure, benign_dmesg, smi_table, smi_q, BUS_IDS)
from trainlog import megatron_iters, hf_trainer_steps, titan_steps


def sbatch_header(job, attempt, nodes, t):
    return ["%s slurmstepd: job %s attempt %d (restart count %d) on nodes: %s" % (iso(t), job, attempt, attempt, ",".join(nodes))]


def traceback_lines(rank, frames, exc):
    out = ["[rank%d]: Traceback (most recent call last):" % rank]
    for f, ln, fn, code in frames:
        out.append('[rank%d]:   File "%s", line %d, in %s' % (rank, f, ln, fn))
        out.append("[rank%d]:     %s" % (rank, code))
    out.append("[rank%d]: %s" % (rank, exc))
    return out


def l21():
    b = Bundle("l21_dataloader_bus_error_keeps_killing_the_job")
    runs = [["cpu-gpu-%02d" % i for i in (3, 6, 9, 14)], ["cpu-gpu-%02d" % i for i in (2, 6, 11, 15)]]
    starts = [T(2024, 6, 3, 8, 0, 0), T(2024, 6, 3, 11, 30, 0)]
    fail_after = [5120, 3077]
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        bad_idx = nodes.index("cpu-gpu-06")
        tf = add(t0, fail_after[a])
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            lines = sbatch_header("4471%d" % 2, a, nodes, t0)
            if ni == 0:
                st, _ = hf_trainer_steps(add(t0, 120), 0 if a == 0 else 2000, 8, 1.4, b.rng, total=20000, every=250)
                lines += st
            if ni == bad_idx:
                r = ni * 4 + 1
                lines.append("ERROR: Unexpected bus error encountered in worker. This might be caused by insufficient shared memory (shm).")
                lines += traceback_lines(r, [("/opt/conda/lib/python3.11/site-packages/torch/utils/data/dataloader.py", 1133, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
                                             ("/opt/conda/lib/python3.11/site-packages/torch/utils/data/_utils/signal_handling.py", 67, "handler", "_error_if_any_worker_fails()")],
                                         "RuntimeError: DataLoader worker (pid %d) is killed by signal: Bus error. It is possible that dataloader's workers are out of shared memory. Please try to raise your shared memory limit." % (60211 + a * 13))
                lines += torchrun_failure(add(tf, 1), h, [(1, r, 1, 60101 + a)])
            else:
                lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1168] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5" % (ni * 4, glog(add(tf, 2)), ni * 4))
                lines.append("W%s 5521 torch/distributed/elastic/multiprocessing/api.py:891] Sending process %d closing signal SIGTERM" % (glog(add(tf, 3), "")[0:], 60100 + ni))
            b.put(base + "/slurm-%d.out" % (44712 + a), lines)
            df = ["Filesystem      Size  Used Avail Use% Mounted on",
                  "overlay         1.8T  412G  1.4T  23% /",
                  "tmpfs            %s  %s  %s %s /dev/shm" % (("64M", "64M", "0", "100%") if h == "cpu-gpu-06" else ("503G", "38G", "465G", "8%"))]
            b.put(base + "/df_h.txt", df)
            b.put(base + "/dmesg.txt", benign_dmesg(b.rng, add(t0, -86400), t0, h, style="T"))
    b.set_label("host", "infrastructure", {"node": "cpu-gpu-06", "rank": None}, "restart_without_node",
                "Both attempts die with a DataLoader 'Bus error ... out of shared memory' raised only on cpu-gpu-06, at different steps and with different neighbours; df shows /dev/shm on cpu-gpu-06 is a 64M tmpfs at 100% while every other node has ~500G. The error follows the node's settings, not the code.",
                "https://github.com/pytorch/pytorch/issues/5040")
    return b


def l22():
    b = Bundle("l22_crash_at_step_12800_again_after_restart")
    runs = [["g%02d" % i for i in (1, 2, 3, 4)], ["g%02d" % i for i in (5, 6, 7, 8)]]
    starts = [T(2024, 3, 1, 0, 0, 0), T(2024, 3, 1, 6, 0, 0)]
    bad = [("g03", 2, 10), ("g06", 1, 5)]
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        first = 0 if a == 0 else 12000
        tf = add(t0, (12800 - first) * 1.6 + 60)
        bh, blr, brank = bad[a]
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            lines = []
            if a == 1 and ni == 0:
                lines.append("%s [INFO] loading checkpoint from /ckpt/run17/step_12000 (resuming at step 12000)" % bracket(t0))
            if ni == 0:
                it, _ = megatron_iters(add(tf, -95), 12740, 6, 1600.0, b.rng, every=10)
                lines += it
            if h == bh:
                lines += traceback_lines(brank, [("/workspace/model/embedding.py", 88, "forward", "x = self.word_embeddings(input_ids)"),
                                                 ("/opt/conda/lib/python3.10/site-packages/torch/nn/modules/sparse.py", 190, "forward", "return F.embedding(")],
                                         "IndexError: index out of range in self")
                lines.append("[rank%d]: (step 12800, sample ids [8391022..8391029] from shard mix_v3/part-00417)" % brank)
                lines += torchrun_failure(add(tf, 1), h, [(blr, brank, 1, 77100 + blr)])
            else:
                lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1168] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error" % (ni * 4, glog(add(tf, 4))))
            b.put(base + "/job_output.log", lines)
    b.set_label("user_code", "script", None, "stop",
                "Attempt 0 fails at step 12800 on g03 and attempt 1, resumed from step 12000 on four different nodes, fails at step 12800 on g06 with the same embedding IndexError on the same shard samples; the failure follows the data and step, not the hardware.",
                "https://github.com/facebookresearch/mmf/issues/1251")
    return b


def l23():
    b = Bundle("l23_loss_goes_nan_at_the_same_iteration_twice")
    runs = [["gpu-%d" % i for i in (101, 102, 103)], ["gpu-%d" % i for i in (104, 105, 106)], ["gpu-%d" % i for i in (101, 105, 107)]]
    starts = [T(2024, 7, 7, 1, 0, 0), T(2024, 7, 7, 9, 0, 0), T(2024, 7, 7, 14, 0, 0)]
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            if ni == 0:
                it, tl = megatron_iters(t0, 48150, 5, 2200.0, b.rng, every=10, loss0=2.03)
                it.append(" [%s] iteration    48200/  250000 | consumed samples:     49356800 | elapsed time per iteration (ms): 2211.4 | learning rate: 2.712E-04 | global batch size:  1024 | lm loss: 7.913204E+00 | loss scale: 1.0 | grad norm: 913.442 | number of skipped iterations:   0 | number of nan iterations:   0 |" % add(tl, 22).strftime("%Y-%m-%d %H:%M:%S"))
                it.append(" [%s] iteration    48210/  250000 | consumed samples:     49367040 | elapsed time per iteration (ms): 2209.8 | learning rate: 2.712E-04 | global batch size:  1024 | lm loss:          nan | loss scale: 1.0 | grad norm:      nan | number of skipped iterations:   0 | number of nan iterations:  10 |" % add(tl, 44).strftime("%Y-%m-%d %H:%M:%S"))
                it.append("%s Rank 0: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 0, node: %s" % (bracket(add(tl, 45)), h))
                it.append("AssertionError: Rank 0: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 0, node: %s" % h)
                if a > 0:
                    it.insert(0, "%s loading checkpoint from /ckpt/iter_0048000 (attempt %d)" % (bracket(add(t0, -300)), a))
                b.put(base + "/rank0_stdout.txt", it)
            else:
                b.put(base + "/rank_stdout.txt", ["[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 0, node: %s" % (ni * 8, ni * 8, h)])
            b.put(base + "/nvidia-smi-q.txt", smi_q(add(t0, 400), {}, n=8))
    b.set_label("numerical", "script", None, "stop",
                "Three attempts on three different node sets all diverge the same way: loss jumps to 7.9 with grad norm ~900 at iteration 48200 and becomes NaN at 48210, with every rank reporting NaN grad norm; a divergence that reproduces at the same iteration regardless of hardware is the application's numerics.",
                "https://github.com/neosr-project/neosr/issues/88")
    return b


def l24():
    b = Bundle("l24_ib_errors_followed_us_to_a_different_node")
    b.put_json("topology.json", {"topology": {"leaf-sw-01": ["dgx-b01", "dgx-b02", "dgx-b03"],
                                              "leaf-sw-03": ["dgx-b07", "dgx-b08", "dgx-b15", "dgx-b16"]}})
    runs = [["dgx-b01", "dgx-b02", "dgx-b07", "dgx-b08"], ["dgx-b01", "dgx-b03", "dgx-b15", "dgx-b16"]]
    ips = {"dgx-b01": "10.8.1.1", "dgx-b02": "10.8.1.2", "dgx-b03": "10.8.1.3", "dgx-b07": "10.8.3.7", "dgx-b08": "10.8.3.8", "dgx-b15": "10.8.3.15", "dgx-b16": "10.8.3.16"}
    starts = [T(2024, 12, 9, 10, 0, 0), T(2024, 12, 9, 15, 0, 0)]
    accused = ["dgx-b07", "dgx-b15"]
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        tf = add(t0, 3000 + a * 900)
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            lines = []
            if a == 1 and ni == 0:
                lines.append("%s [ops] dgx-b07 drained after attempt 0 (reason: IB errors); replaced by dgx-b15" % bracket(add(t0, -120)))
            leaf3 = ("dgx-b07", "dgx-b08", "dgx-b15", "dgx-b16")
            if h in leaf3:
                peer_list = [p for p in nodes if p not in leaf3]
            else:
                far = [p for p in nodes if p in leaf3]
                peer_list = [accused[a]] + far
            for lr in (1, 6):
                for p in peer_list:
                    lines.append("%s:%d:%d [%d] NCCL WARN NET/IB : Got completion from peer %s<%d> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:%s remoteGids::ffff:%s" % (h, 9100 + lr, 9300 + lr, lr, ips[p], 41000 + lr, ips[h], ips[p]))
            lines += watchdog_timeout(add(tf, 600), ni * 8, 77310 + a, "ALLREDUCE", 33554432, 600000, 600011)
            b.put(base + "/train.err", lines)
            ib = ["CA 'mlx5_%d'" % k for k in range(1)] + ["\tPort 1:", "\t\tState: Active", "\t\tPhysical state: LinkUp", "\t\tRate: 400", "\t\tLink layer: InfiniBand"]
            b.put(base + "/ibstat.txt", ib)
            b.put(base + "/dmesg.txt", benign_dmesg(b.rng, add(t0, -7200), t0, h, style="up"))
        if a == 0:
            b.put("attempt_0/dgx-b01/operator_note.txt", ["%s most IB completion errors name 10.8.3.7 (dgx-b07) -> draining dgx-b07" % iso(add(tf, 900))])
    b.set_label("network", "infrastructure", None, "restart",
                "Attempt 0's IB retry-exceeded errors accused dgx-b07, which was drained; attempt 1 fails the same way now accusing dgx-b15. Every failing connection in both attempts crosses leaf-sw-03 (dgx-b07/b08 then b15/b16), and the hosts' own IB ports are Active at 400 Gb/s, so the fault is the shared switch path, not a node; restart on a healthy path.",
                "https://github.com/NVIDIA/nccl/issues/1814")
    return b


def l25():
    b = Bundle("l25_job_requeued_overnight_did_it_finish")
    runs = [["node%03d" % i for i in (11, 12, 13, 14)], ["node%03d" % i for i in (11, 12, 14, 19)]]
    t0s = [T(2024, 8, 20, 22, 0, 0), T(2024, 8, 21, 0, 40, 0)]
    for a, (nodes, t0) in enumerate(zip(runs, t0s)):
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            lines = []
            if ni == 0:
                st, tl = titan_steps(t0, 0 if a == 0 else 4000, 8 if a == 0 else 12, 2.0, b.rng, every=500)
                lines += st
                if a == 0:
                    lines.append("slurmstepd: error: *** JOB 99120 ON %s CANCELLED AT %s DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***" % (h, add(tl, 310).strftime("%Y-%m-%dT%H:%M:%S")))
                    lines.append("slurmstepd: job 99120 requeued (JobRequeue=1)")
                else:
                    lines.append("[rank0]:[titan] %s - root - INFO - Training completed" % pylog(add(tl, 5)))
                    lines.append("[rank0]:[titan] %s - root - INFO - Saving final checkpoint at step 10000" % pylog(add(tl, 6)))
                    lines.append("[rank0]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())" % glog(add(tl, 9), "")[0:])
                    lines.append("%s sacct: 99120 COMPLETED 0:0" % iso(add(tl, 20)))
            if a == 0 and h == "node013":
                lines.append("(no output after %s: node lost power, see slurmctld)" % iso(add(t0, 8 * 1000 + 300)))
            b.put(base + "/out.log", lines)
    b.set_label("unknown", "framework", None, "none",
                "Attempt 0 was cancelled by a Slurm node failure (node013) and requeued; attempt 1, without node013, resumed from step 4000 and logged 'Training completed' with exit 0:0. A run that finished after a requeue needs no action; the destroy_process_group warning is harmless.",
                "https://github.com/snakemake/snakemake-executor-plugin-slurm/pull/411")
    return b


def l26():
    b = Bundle("l26_sampling_step_raises_probability_tensor_error_randomly")
    runs = [["gn-%02d" % i for i in (30, 31, 34, 35)], ["gn-%02d" % i for i in (31, 36, 37, 38)], ["gn-%02d" % i for i in (28, 31, 39, 40)]]
    starts = [T(2025, 4, 2, 3, 0, 0), T(2025, 4, 2, 9, 0, 0), T(2025, 4, 2, 14, 0, 0)]
    steps = [3310, 918, 2205]
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        tf = add(t0, steps[a] * 2.5)
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            lines = []
            if ni == 0:
                lines.append("%s INFO rollout+train step time 2.5s; resuming from step %d" % (pylog(t0), [0, 3000, 3000][a]))
            if h == "gn-31":
                r = ni * 8 + 3
                lines += traceback_lines(r, [("/app/rl/rollout.py", 212, "sample_tokens", "next_tok = torch.multinomial(probs, num_samples=1)")],
                                         "RuntimeError: probability tensor contains either `inf`, `nan` or element < 0")
                lines.append("%s ERROR [rank%d] step %d: sampling failed on cuda:3" % (pylog(tf), r, [3310, 3918, 5205][a]))
            else:
                lines.append("[rank%d]: torch.distributed.DistBackendError: NCCL error: remote process exited or there was a network error" % (ni * 8))
            b.put(base + "/worker.log", lines)
            per = {}
            if h == "gn-31":
                per[3] = {"vol_cor": 0}
            b.put(base + "/dmesg.txt", benign_dmesg(b.rng, add(t0, -3600), t0, h, style="T"))
    b.set_label("gpu_hardware", "infrastructure", {"node": "gn-31", "rank": None}, "restart_without_node",
                "The 'probability tensor contains inf/nan' error looks like a model bug, but in all three attempts it is raised only by the process on gn-31 GPU 3, at unrelated steps (3310, 3918, 5205) and with different neighbours; no other node ever hits it. An error that follows one node is that node's hardware (likely silent data corruption on that GPU).",
                "https://github.com/marin-community/marin/issues/7344")
    return b


def l27():
    b = Bundle("l27_illegal_instruction_crash_third_time_this_week")
    runs = [["bm-gpu-%d" % i for i in (4, 7, 8)], ["bm-gpu-%d" % i for i in (2, 7, 9)], ["bm-gpu-%d" % i for i in (1, 3, 7)]]
    starts = [T(2025, 5, 12, 9, 0, 0), T(2025, 5, 14, 13, 0, 0), T(2025, 5, 16, 20, 0, 0)]
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        tf = add(t0, 4000 + a * 1700)
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            boot = add(t0, -86400 * 3)
            dm = benign_dmesg(b.rng, boot, t0, h, style="up")
            lines = []
            if h == "bm-gpu-7":
                r = ni * 8 + 6
                lines += traceback_lines(r, [("/workspace/train.py", 301, "train_step", "loss.backward()")],
                                         "RuntimeError: CUDA error: an illegal instruction was encountered\nCUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.")
                dm.append(dmesg_up(boot, tf) + " NVRM: Xid (PCI:0000:ba:00): 13, pid=%d, name=python3, Graphics SM Warp Exception on (GPC 4, TPC 1, SM 0): Illegal Instruction Encoding" % (81200 + a))
                dm.append(dmesg_up(boot, add(tf, 0.001)) + " NVRM: Xid (PCI:0000:ba:00): 13, pid=%d, name=python3, Graphics Exception: ESR 0x524730=0x2 0x524734=0x0" % (81200 + a))
                dm.append(dmesg_up(boot, add(tf, 0.02)) + " NVRM: Xid (PCI:0000:ba:00): 43, pid=%d, name=python3, Ch 00000010" % (81200 + a))
            else:
                lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1168] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error" % (ni * 8, glog(add(tf, 3))))
            b.put(base + "/rank_log.txt", lines)
            b.put(base + "/kern.log", dm)
    b.set_label("gpu_hardware", "infrastructure", {"node": "bm-gpu-7", "rank": None}, "restart_without_node",
                "Three attempts on three node sets all crash with 'illegal instruction' plus Xid 13 (SM warp exception) and Xid 43, always on bm-gpu-7's GPU at PCI ba:00 and at different times; Xid 13 usually points at the application, but one that follows a single GPU across attempts is that GPU's hardware.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


def l28():
    b = Bundle("l28_illegal_memory_access_at_iteration_3150_on_any_cluster_slice")
    runs = [["hx-%02d" % i for i in (1, 2, 3, 4, 5, 6)], ["hx-%02d" % i for i in (7, 8, 9, 10, 11, 12)]]
    starts = [T(2024, 10, 1, 8, 0, 0), T(2024, 10, 1, 14, 0, 0)]
    bad = [("hx-04", 5), ("hx-09", 2)]
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        tf = add(t0, 3150 * 1.9 + 50)
        bh, blr = bad[a]
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            lines = []
            if ni == 0:
                it, _ = megatron_iters(add(tf, -40), 3130, 2, 1900.0, b.rng, every=10)
                lines += it
            if h == bh:
                r = ni * 8 + blr
                lines += traceback_lines(r, [("/workspace/moe/dispatch.py", 144, "permute", "out = _fused_permute(tokens, indices, capacity)"),
                                             ("/workspace/moe/layer.py", 77, "forward", "x = permute(x, routing)")],
                                         "RuntimeError: CUDA error: an illegal memory access was encountered")
                lines.append("[rank%d]: iteration 3150: expert capacity overflow on layer 17 (tokens routed 9011 > capacity 8192)" % r)
            else:
                lines.append("[rank%d]: [c10d] NCCL error: remote process exited or there was a network error" % (ni * 8))
            b.put(base + "/log.txt", lines)
            dm = benign_dmesg(b.rng, add(t0, -3600), t0, h, style="T")
            if h == bh:
                dm.append(dmesg_T(tf) + " NVRM: Xid (PCI:0000:%s:00): 31, pid=%d, name=python, Ch 0000000a, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_3 faulted @ 0x7f12_a4400000. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ" % (BUS_IDS[blr][9:11].lower(), 70300 + a))
            b.put(base + "/dmesg.txt", dm)
    b.set_label("user_code", "script", None, "stop",
                "Both attempts crash at iteration 3150 with an illegal memory access in the MoE permute kernel after an expert-capacity overflow, first on hx-04 and then on hx-09 of a disjoint node set; the Xid 31 MMU faults are the consequence of the kernel's out-of-bounds access. Same step, different hardware: an application bug.",
                "https://github.com/MIC-DKFZ/nnUNet/issues/1519")
    return b


def l29():
    b = Bundle("l29_hung_once_then_the_retry_finished")
    runs = [["gpu-e%02d" % i for i in (1, 2)], ["gpu-e%02d" % i for i in (1, 2)]]
    starts = [T(2024, 2, 2, 2, 0, 0), T(2024, 2, 2, 4, 0, 0)]
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            lines = []
            if a == 0:
                tt = add(t0, 3000)
                for lr in range(8):
                    r = ni * 8 + lr
                    lines += watchdog_timeout(add(tt, lr * 0.001), r, 9120, "ALLREDUCE", 4194304, 1800000, 1800005, last_enq=9120, last_comp=9119)
                lines.append("torchelastic: restarting workers (restart 1/3)")
            else:
                if ni == 0:
                    it, tl = megatron_iters(t0, 9000, 5, 1800.0, b.rng, every=200, total=10000)
                    lines += it
                    lines.append("[after training is done] datetime: %s" % add(tl, 30).strftime("%Y-%m-%d %H:%M:%S"))
                    lines.append("saving checkpoint at iteration   10000 to /ckpt/run9")
                lines.append("[rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: destroy_process_group() was not called before program exit, which can leak resources. For more info, please see https://pytorch.org/docs/stable/distributed.html#shutdown (function operator())" % (ni * 8, glog(add(t0, 2100), "")[0:]))
                lines.append("%s torchrun: all workers exited successfully (exitcode 0)" % iso(add(t0, 2102)))
            b.put(base + "/console.log", lines)
    b.set_label("unknown", "framework", None, "none",
                "Attempt 0 hung with all ranks timing out together in all_reduce 9120, no suspect, and torchelastic restarted the workers; attempt 1 completed iteration 10000, saved its checkpoint and exited 0 with only destroy_process_group warnings. The job finished.",
                "https://github.com/pytorch/pytorch/issues/117883")
    return b


def l30():
    b = Bundle("l30_drained_the_noisy_node_but_it_failed_again")
    runs = [["sup-%02d" % i for i in (2, 4, 9, 12)], ["sup-%02d" % i for i in (2, 9, 12, 15)]]
    starts = [T(2025, 6, 3, 10, 0, 0), T(2025, 6, 3, 16, 0, 0)]
    ips = {"sup-02": "10.50.0.2", "sup-04": "10.50.0.4", "sup-09": "10.50.0.9", "sup-12": "10.50.0.12", "sup-15": "10.50.0.15"}
    for a, (nodes, t0) in enumerate(zip(runs, starts)):
        tf = add(t0, 5400 + a * 800)
        for ni, h in enumerate(nodes):
            base = "attempt_%d/%s" % (a, h)
            boot = add(t0, -86400)
            lines, dm = [], benign_dmesg(b.rng, boot, t0, h, style="T", xid63=(h == "sup-12" and a == 0))
            if h == "sup-09":
                r = ni * 8 + 2
                lines += traceback_lines(r, [("/workspace/train.py", 220, "step", "loss.backward()")],
                                         "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution")
                dm.append(dmesg_T(add(tf, -0.5)) + " NVRM: Xid (PCI:0000:3a:00): 74, pid=%d, name=python3, NVLink: fatal error detected on link 7(0x0, 0x0, 0x0, 0x20000, 0x0, 0x0, 0x0)" % (55100 + a))
                lines.append("[rank%d]: exiting at %s" % (r, iso(tf)))
            elif (a == 0 and h == "sup-04") or (a == 1 and h == "sup-15"):
                for k in range(40):
                    lines.append("[rank%d]: [c10d] %s recvBytes failed on SocketImpl(fd=%d, addr=[%s]:51%03d, remote=[%s]:29500): Connection reset by peer" % (ni * 8 + k % 8, iso(add(tf, 2 + k * 0.05)), 70 + k, ips[h], k, ips["sup-09"]))
                lines.append("[rank%d]: torch.distributed.DistNetworkError: Connection reset by peer" % (ni * 8))
            else:
                lines.append("[rank%d]: %s NCCL error: remote process exited or there was a network error" % (ni * 8, iso(add(tf, 3))))
            if a == 1 and ni == 0:
                lines.insert(0, "%s requeue: excluded sup-04 (flooded logs with connection resets in attempt 0)" % iso(add(t0, -60)))
            b.put(base + "/trainer.log", lines)
            b.put(base + "/dmesg.txt", dm)
    b.set_label("nvlink", "infrastructure", {"node": "sup-09", "rank": None}, "restart_without_node",
                "In attempt 0 sup-04 produced the loudest log (connection resets) and was excluded, yet attempt 1 failed again; in both attempts the first failure is on sup-09 GPU 2: 'uncorrectable NVLink error' with Xid 74 seconds before anyone else complained. The resets are sympathetic; the recurring fault is sup-09's NVLink.",
                "https://github.com/MIC-DKFZ/nnUNet/issues/1519")
    return b


CASES = [l21, l22, l23, l24, l25, l26, l27, l28, l29, l30]
