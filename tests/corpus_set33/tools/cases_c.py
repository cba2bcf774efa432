"""Cases ad17..ad24."""
import random

from common import (Bundle, T, plus, tz, UTC, glog_time, py_logging_time, iso_z, dmesg_T, dmesg_raw,
                    journal_short, journal_iso, torchrun_time, pg, watchdog_timeout, abort_tail, nccl,
                    nccl_init, torchrun_failure, elastic_line, xid, benign_dmesg, nvsmi_table, healthy_gpus,
                    WARN_POOL, ddp_warn, H100, A100, H200, BUS8)
from cases_a import _sorted, step_line


def megatron_iter(it, total, ms, lr, loss, scale, gnorm, skipped=0, nan=0, gbs=1024, seq=4096):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %s | loss scale: %.1f | grad norm: %s | number of skipped iterations: %3d | number of nan iterations: %3d |"
            % ("%s", it, total, it * gbs, ms, lr, gbs, loss, scale, gnorm, skipped, nan))


# =====================================================================================
def ad17(root):
    """Loss diverges to NaN on every rank after warmup ends at a high LR."""
    rng = random.Random(3317)
    b = Bundle(root, "ad17_loss_went_nan_and_job_exited")
    hosts = ["hgx-b05", "hgx-b06", "hgx-b07", "hgx-b08"]
    t0 = T(2025, 1, 9, 20, 0, 5, 0, tz(-8))
    L = []

    def tag(r, stream, line):
        return "[1,%d]<%s>:%s" % (r, stream, line)
    L.append((t0, tag(0, "stdout", "------------------------ arguments ------------------------")))
    for k, v in [("lr", "0.0012"), ("min_lr", "1.2e-05"), ("lr_warmup_iters", "2000"), ("lr_decay_style", "cosine"), ("clip_grad", "0.0"),
                 ("bf16", "True"), ("num_layers", "40"), ("hidden_size", "5120"), ("micro_batch_size", "1"), ("global_batch_size", "1024"),
                 ("seq_length", "4096"), ("tensor_model_parallel_size", "4"), ("check_for_nan_in_loss_and_grad", "True")]:
        L.append((t0, tag(0, "stdout", "  %s %s %s" % (k, "." * (40 - len(k)), v))))
    L.append((t0, tag(0, "stdout", "-------------------- end of arguments ---------------------")))
    L.append((plus(t0, 20), tag(0, "stdout", "NCCL version 2.19.3+cuda12.3")))
    for r in (0, 9, 18, 27):
        L.append((plus(t0, 21), tag(r, "stderr", WARN_POOL[0])))
    tt = plus(t0, 60)
    ms = 1480.0
    losses = []
    it = 0
    for it in range(10, 2231, 10):
        lr = 0.0012 * min(1.0, it / 2000.0)
        if it <= 2120:
            loss = 2.6 + 7.5 * it ** -0.45 + rng.uniform(-0.02, 0.02)
            g = "%.3f" % rng.uniform(0.25, 0.6)
        else:
            k = (it - 2120) / 10
            loss = 2.75 * (1.6 ** k)
            g = "%.3f" % (0.9 * (3.1 ** k))
        ts = plus(tt, it * ms / 1000.0)
        if it < 2230:
            line = megatron_iter(it, 250000, ms + rng.uniform(-6, 6), lr, "%.6E" % loss, 1.0, g) % ts.strftime("%Y-%m-%d %H:%M:%S")
        else:
            line = megatron_iter(it, 250000, ms, lr, "nan", 1.0, "nan", skipped=1, nan=1) % ts.strftime("%Y-%m-%d %H:%M:%S")
        L.append((ts, tag(31, "stdout", line)))  # Megatron prints from the last rank
    tn = plus(tt, 2231 * ms / 1000.0 + 1.3)
    for r in [2, 7, 9, 14, 16, 21, 26, 31, 0, 12]:
        h = hosts[r // 8]
        tr = plus(tn, rng.uniform(0, 0.5))
        L.append((tr, tag(r, "stderr", "[rank%d]: Traceback (most recent call last):" % r)))
        L.append((tr, tag(r, "stderr", '[rank%d]:   File "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 194, in check_for_nan_in_grad' % r)))
        L.append((tr, tag(r, "stderr", "[rank%d]:     assert not norm_is_nan, (" % r)))
        L.append((tr, tag(r, "stderr", "[rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: %d, node: %s" % (r, r, r % 8, h))))
    tm = plus(tn, 3)
    L.append((tm, "--------------------------------------------------------------------------"))
    L.append((tm, "mpirun detected that one or more processes exited with non-zero status, thus causing"))
    L.append((tm, "the job to be terminated. The first process to do so was:"))
    L.append((tm, ""))
    L.append((tm, "  Process name: [[9124,1],14]"))
    L.append((tm, "  Exit code:    1"))
    L.append((tm, "--------------------------------------------------------------------------"))
    b.add("hgx-b05/mpirun_gpt13b.log", ["$ mpirun -np 32 -H hgx-b05:8,hgx-b06:8,hgx-b07:8,hgx-b08:8 --tag-output -x CUDA_DEVICE_MAX_CONNECTIONS=1 python pretrain_gpt.py $ARGS"] + _sorted(L))
    b.label("numerical", "script", None, None, "stop",
            "Loss and grad norm grow geometrically from iteration ~2130, just after warmup reached lr 1.2e-3 with clip_grad 0, until loss is nan; ten ranks on all four nodes then trip the NaN grad-norm check at the same iteration. "
            "A divergence from the recipe, not one GPU: fix lr/clipping before resuming.",
            "https://github.com/deepspeedai/DeepSpeed/issues/697")
    return b


# =====================================================================================
def ad18(root):
    """NaN grad norm on the same physical GPU (gpu-d207 device 6) in three attempts with reshuffled ranks."""
    rng = random.Random(3318)
    b = Bundle(root, "ad18_nan_grad_norm_keeps_coming_back_after_requeue")
    attempts = [
        (["gpu-d201", "gpu-d204", "gpu-d207", "gpu-d210"], T(2025, 5, 2, 1, 10, 0, 0, tz(2)), 23118, 8123401),
        (["gpu-d207", "gpu-d211", "gpu-d201", "gpu-d215"], T(2025, 5, 2, 8, 2, 30, 0, tz(2)), 23407, 8123977),
        (["gpu-d213", "gpu-d207", "gpu-d202", "gpu-d204"], T(2025, 5, 2, 9, 31, 12, 0, tz(2)), 23061, 8124302),
    ]
    for a, (hosts, t0, bad_it, jobid) in enumerate(attempts):
        ev = [(t0, "srun: job %d queued and waiting for resources" % jobid), (plus(t0, 1), "srun: job %d has been allocated resources" % jobid)]
        ev.append((plus(t0, 3), "0: [%s] nodes: %s" % (py_logging_time(plus(t0, 3)), " ".join("%d=%s" % (i, h) for i, h in enumerate(hosts)))))
        for n, h in enumerate(hosts):
            ev.append((plus(t0, 4), "%d: W%s torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default" % (n, glog_time(plus(t0, 4), rng))))
        tr0 = plus(t0, 50)
        ev.append((tr0, "0: [%s] resuming from /lustre/ckpt/moe-8x7b/iter_0023000 (attempt %d)" % (py_logging_time(tr0), a)))
        ms = 2210.0
        for it in range(23010, bad_it + 1, 10):
            ts = plus(tr0, (it - 23000) * ms / 1000.0)
            if it < bad_it:
                line = megatron_iter(it, 120000, ms + rng.uniform(-9, 9), 2.1e-4, "%.6E" % (1.91 + rng.uniform(-0.02, 0.02)), 1.0, "%.3f" % rng.uniform(0.18, 0.3)) % ts.strftime("%Y-%m-%d %H:%M:%S")
                ev.append((ts, "3: [rank31]:" + line))
        bn = hosts.index("gpu-d207")
        br = bn * 8 + 6
        tb = plus(tr0, (bad_it - 23000) * ms / 1000.0 - 1.2)
        ev.append((tb, "%d: [rank%d]: Traceback (most recent call last):" % (bn, br)))
        ev.append((tb, '%d: [rank%d]:   File "/opt/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py", line 194, in check_for_nan_in_grad' % (bn, br)))
        ev.append((tb, "%d: [rank%d]:     assert not norm_is_nan, (" % (bn, br)))
        ev.append((tb, "%d: [rank%d]: AssertionError: Rank %d: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 6, node: gpu-d207" % (bn, br, br)))
        tw = plus(tb, 600 + 4)
        for r in rng.sample([x for x in range(32) if x != br], 9):
            for l in watchdog_timeout(r, plus(tw, rng.uniform(0, 1)), rng, 1190000 + bad_it * 3, "ALLREDUCE", numel=25165824)[:1]:
                ev.append((plus(tw, rng.uniform(0, 1)), "%d: %s" % (r // 8, l)))
        tk = plus(tw, 5)
        for i, n in enumerate([bn] + [x for x in range(4) if x != bn]):
            ev.append((plus(tk, i * 0.5), "srun: error: %s: task %d: Exited with exit code 1" % (hosts[n], n)))
        b.add("attempt_%d/%s/slurm-%d.out" % (a, hosts[0], jobid), _sorted(ev))
        if a < 2:
            b.add("attempt_%d/gpu-d207/prolog_gpu_check.txt" % a, [
                "# slurm prolog health check, job %d" % jobid,
                "%s gpu-d207 prolog: 8 GPUs visible, driver 550.127.08, ECC enabled, retired/remapped rows pending: none" % t0.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "%s gpu-d207 prolog: nvidia-smi -q -d ECC: volatile DRAM uncorrectable=0 on all GPUs" % t0.strftime("%Y-%m-%dT%H:%M:%S%z"),
                "%s gpu-d207 prolog: OK" % t0.strftime("%Y-%m-%dT%H:%M:%S%z")])
    # on-call after the third failure
    b.add("attempt_2/gpu-d207/nvidia-smi-q_gpu6.txt", [
        "$ nvidia-smi -i 6 -q -d ECC,TEMPERATURE,PERFORMANCE | egrep -v '^$'",
        "==============NVSMI LOG==============",
        "Timestamp                                 : Fri May  2 11:47:03 2025",
        "Driver Version                            : 550.127.08",
        "GPU 00000000:BA:00.0",
        "    ECC Errors",
        "        Volatile",
        "            DRAM Correctable              : 0",
        "            DRAM Uncorrectable            : 0",
        "    Temperature",
        "        GPU Current Temp                  : 36 C",
        "    Clocks Event Reasons",
        "        Idle                              : Active",
        "        HW Slowdown                       : Not Active",
        "# no Xid in dmesg since boot. The NaN was on device 6 all three times (ranks 22, 6, 14 because Slurm gave a different node order each requeue);",
        "# iterations 23118 / 23407 / 23061 after resuming from the same iter_0023000 checkpoint -> silent data corruption suspect."])
    b.label("gpu_hardware", "infrastructure", "gpu-d207", None, "restart_without_node",
            "In three attempts with different node orders, the NaN grad-norm assertion fires only on 'Device: 6, node: gpu-d207' (ranks 22, 6 and 14) and at different iterations after resuming from the same checkpoint, so it follows that GPU rather than the data or the recipe; "
            "no Xid/ECC is logged, which points to silent data corruption on that GPU: exclude the node.",
            "https://github.com/NVIDIA/Megatron-LM/pull/4662")
    return b


# =====================================================================================
def ad19(root):
    """One rank consistently slow in compute, node shows nothing -> straggler, run_diagnostics."""
    rng = random.Random(3319)
    b = Bundle(root, "ad19_ray_training_40_percent_slower_than_last_week")
    ips = ["10.0.1.12", "10.0.1.13", "10.0.3.45", "10.0.3.46"]
    bad_rank = 21
    L = ["$ ray job logs raysubmit_Hc7yQ1mWf2Kp9sZd", "",
         "2025-06-16 09:00:41,553\tINFO worker.py:1832 -- Connected to Ray cluster. View the dashboard at 10.0.1.12:8265 ",
         "(TorchTrainer pid=7702) Started distributed worker processes: "]
    pid = {}
    for w in range(32):
        pid[w] = 8100 + w * 13
        L.append("(TorchTrainer pid=7702) - (node_id=%s, ip=%s, pid=%d) world_rank=%d, local_rank=%d, node_rank=%d" % ("%056x" % rng.getrandbits(224), ips[w // 8], pid[w], w, w % 8, w // 8))
    L.append("(RayTrainWorker pid=%d, ip=%s) Setting up process group for: env:// [rank=0, world_size=32]" % (pid[0], ips[0]))
    L.append("(RayTrainWorker pid=%d, ip=%s) %s" % (pid[4], ips[0], WARN_POOL[2]))
    L.append("(RayTrainWorker pid=%d, ip=%s) [repeated 31x across cluster]" % (pid[4], ips[0]))
    for s in range(500, 12001, 500):
        centre = 404.0 + rng.uniform(-2, 2)
        slow = 612.0 + rng.uniform(-9, 9)
        others = sorted([(centre + rng.uniform(-3.0, 3.5), r) for r in range(32) if r != bad_rank], reverse=True)
        fast = min(others)
        allv = sorted([v for v, _ in others] + [slow])
        med = (allv[15] + allv[16]) / 2.0
        L.append("(RayTrainWorker pid=%d, ip=%s) [rank 0] step %d | loss %.4f | step_time %.3fs | tok/s/gpu %.0f" % (pid[0], ips[0], s, 2.3 + s ** -0.2, (slow + 37) / 1000.0, 8192 * 4 / ((slow + 37) / 1000.0)))
        L.append("(RayTrainWorker pid=%d, ip=%s) [rank 0] timing (all_gather over 32 ranks) fwd+bwd ms: min %.1f (rank %d) median %.1f max %.1f (rank %d) | data_wait ms max %.1f (rank %d) | allreduce wait ms max %.1f (rank %d) | slowest: %d (%.1f), %d (%.1f), %d (%.1f)"
                 % (pid[0], ips[0], fast[0], fast[1], med, slow, bad_rank, rng.uniform(2, 4), rng.randint(0, 31), slow - fast[0] + 3, rng.choice([0, 7, 30]),
                    bad_rank, slow, others[0][1], others[0][0], others[1][1], others[1][0]))
    L += ["(RayTrainWorker pid=%d, ip=%s) [rank 0] saved checkpoint step 10000" % (pid[0], ips[0]), "",
          "2025-06-16 11:07:12,880\tINFO job_manager.py:1094 -- Job raysubmit_Hc7yQ1mWf2Kp9sZd was stopped by user request (ray job stop).",
          "---------------------------------------",
          "Job 'raysubmit_Hc7yQ1mWf2Kp9sZd' was stopped",
          "---------------------------------------"]
    b.add("ip-10-0-1-12/ray_job_logs.txt", L)
    b.add("ip-10-0-1-12/note_from_researcher.txt", ["same config + image as run raysubmit_Lq0... last week: step_time was 0.44s, now 0.65s. stopped it to save budget. nothing crashed."])
    # on-call: perf/thermal snapshot of the slow rank's node and dmesg
    def perf(host, slow_gpu=None):
        out = ["$ nvidia-smi -q -d PERFORMANCE,CLOCK,TEMPERATURE,POWER  (%s, under load)" % host]
        for i in range(8):
            out += ["GPU %s" % BUS8[i],
                    "    Clocks Event Reasons",
                    "        Idle                              : Not Active",
                    "        Applications Clocks Setting       : Not Active",
                    "        SW Power Cap                      : Not Active",
                    "        HW Slowdown                       : Not Active",
                    "            HW Thermal Slowdown           : Not Active",
                    "            HW Power Brake Slowdown       : Not Active",
                    "        Sync Boost                        : Not Active",
                    "        SW Thermal Slowdown               : Not Active",
                    "    Temperature",
                    "        GPU Current Temp                  : %d C" % rng.randint(56, 64),
                    "        GPU Shutdown Temp                 : 92 C",
                    "        GPU Slowdown Temp                 : 89 C",
                    "    GPU Power Readings",
                    "        Power Draw                        : %.2f W" % rng.uniform(610, 690),
                    "        Current Power Limit               : 700.00 W",
                    "    Clocks",
                    "        Graphics                          : 1980 MHz",
                    "        SM                                : 1980 MHz",
                    "        Memory                            : 2619 MHz"]
        return out
    b.add("ip-10-0-3-45/nvidia-smi-q-perf.txt", perf("ip-10-0-3-45"))
    b.add("ip-10-0-3-45/dmesg.txt", ["%s %s" % (dmesg_raw(912000 + i * 733.1), l) for i, l in enumerate(benign_dmesg(rng, "ip-10-0-3-45", 8))])
    b.add("ip-10-0-1-13/nvidia-smi-q-perf.txt", perf("ip-10-0-1-13"))
    b.label("straggler", "infrastructure", "ip-10-0-3-45", bad_rank, "run_diagnostics",
            "Every timing report shows rank 21 (node_rank 2, ip 10.0.3.45) at ~612 ms fwd+bwd while the other 31 ranks sit at ~404-408 ms, with no data-wait difference, and the job's step time is set by it; "
            "that node's clocks, temperature, power and dmesg look normal, so nothing explains it yet: hold ip-10-0-3-45 for diagnostics.",
            "https://github.com/mosaicml/composer/pull/3342")
    return b


# =====================================================================================
def ad20(root):
    """One GPU thermally throttled (HW thermal slowdown) -> straggler, restart_without_node."""
    rng = random.Random(3320)
    b = Bundle(root, "ad20_step_time_regressed_on_64_gpu_run")
    hosts = ["gpu-q07", "gpu-q08", "gpu-q09", "gpu-q10", "gpu-q11", "gpu-q12", "gpu-q13", "gpu-q14"]
    bad_n, bad_lr = 5, 2
    bad_rank = bad_n * 8 + bad_lr
    t0 = T(2024, 8, 20, 13, 44, 0, 0, tz(-4))
    L = [(t0, "[%s] [INFO] [runner.py:568:main] cmd = pdsh -S -f 1024 -w %s ... deepspeed.launcher.launch ... pretrain_gpt.py --log-straggler --straggler-minmax-count 1 --deepspeed_config ds.json" % (py_logging_time(t0), ",".join(hosts)))]
    for n, h in enumerate(hosts):
        L.append((plus(t0, 2), "%s: [%s] [INFO] [launch.py:163:main] global_rank_mapping=... node_rank=%d ranks=[%d..%d]" % (h, py_logging_time(plus(t0, 2)), n, n * 8, n * 8 + 7)))
    tt = plus(t0, 120)
    for it in range(100, 6001, 100):
        ts = plus(tt, it * 2.6)
        warm = it < 900
        mx = 1852.0 + rng.uniform(-10, 10) if warm else 2594.0 + rng.uniform(-25, 25)
        mxr = rng.choice([17, 33, 3]) if warm else bad_rank
        mnr = rng.choice([3, 11, 50])
        L.append((ts, "gpu-q14: [rank63]: [%s] iteration %6d/ 250000 | elapsed time per iteration (ms): %.1f | lm loss: %.6E | grad norm: %.3f |"
                  % (ts.strftime("%Y-%m-%d %H:%M:%S"), it, mx + 40, 2.9 + 3 * it ** -0.3, rng.uniform(0.3, 0.6))))
        L.append((ts, "gpu-q14: [rank63]: [%s] straggler | MnRtt/Rnk: %.1fms/%d | MxRtt/Rnk: %.1fms/%d | MnPwr/Rnk: %dW/%d | MxPwr/Rnk: %dW/%d | MnTmp/Rnk: %dC/%d | MxTmp/Rnk: %dC/%d | MnUtl/Rnk: %d%%/%d | MxUtl/Rnk: 100%%/0 | MnClk/Rnk: %dMHz/%d | MxClk/Rnk: 1980MHz/%d | MnDRtt/Rnk: %.1fms/%d | MxDRtt/Rnk: %.1fms/%d | MnEtpt/Rnk: %.1fTF/%d | MxEtpt/Rnk: %.1fTF/%d"
                  % (ts.strftime("%Y-%m-%d %H:%M:%S"), 1838.0 + rng.uniform(-5, 5), mnr, mx, mxr,
                     (590 if not warm else 640), (bad_rank if not warm else 29), 699, rng.choice([8, 17, 44]),
                     51, rng.choice([3, 60]), (89 if not warm else 71), (bad_rank if not warm else 19),
                     99, (bad_rank if not warm else 12), (1155 if not warm else 1965), (bad_rank if not warm else 37), mnr,
                     2.1, 11, 3.6, rng.choice([50, 2]), (311.2 if not warm else 441.0), (bad_rank if not warm else 17), 448.9, mnr)))
    b.add("gpu-q07/deepspeed_console.log", _sorted(L))
    b.add("gpu-q07/hostfile", ["%s slots=8" % h for h in hosts])
    # on-call on gpu-q12
    q = ["$ nvidia-smi -q -d PERFORMANCE,TEMPERATURE,CLOCK  (gpu-q12, job running)"]
    for i in range(8):
        bad = i == bad_lr
        q += ["GPU %s" % BUS8[i],
              "    Clocks Event Reasons",
              "        Idle                              : Not Active",
              "        Applications Clocks Setting       : Not Active",
              "        SW Power Cap                      : Not Active",
              "        HW Slowdown                       : %s" % ("Active" if bad else "Not Active"),
              "            HW Thermal Slowdown           : %s" % ("Active" if bad else "Not Active"),
              "            HW Power Brake Slowdown       : Not Active",
              "        Sync Boost                        : Not Active",
              "        SW Thermal Slowdown               : %s" % ("Active" if bad else "Not Active"),
              "    Temperature",
              "        GPU Current Temp                  : %d C" % (89 if bad else rng.randint(58, 66)),
              "        GPU Shutdown Temp                 : 92 C",
              "        GPU Slowdown Temp                 : 87 C",
              "        GPU Max Operating Temp            : 85 C",
              "        Memory Current Temp               : %d C" % (94 if bad else rng.randint(60, 70)),
              "    Clocks",
              "        Graphics                          : %d MHz" % (1155 if bad else 1980),
              "        SM                                : %d MHz" % (1155 if bad else 1980),
              "        Memory                            : 2619 MHz"]
    b.add("gpu-q12/nvidia-smi-q-perf.txt", q)
    b.add("gpu-q12/ipmi_sdr_fans.txt", ["$ ipmitool sdr type Fan",
                                        "FAN1_F           | 41h | ok  | 29.1 | 15800 RPM",
                                        "FAN2_F           | 42h | ok  | 29.2 | 15750 RPM",
                                        "FAN3_F           | 43h | cr  | 29.3 | 0 RPM",
                                        "FAN4_F           | 44h | ok  | 29.4 | 15900 RPM",
                                        "FAN5_F           | 45h | ok  | 29.5 | 15650 RPM"])
    b.label("straggler", "infrastructure", "gpu-q12", bad_rank, "restart_without_node",
            "After warmup the straggler report names rank 42 as the slowest (MxRtt ~2.6 s vs ~1.84 s), hottest (89 C) and lowest clocked (1155 MHz) GPU on every line; rank 42 is gpu-q12 local GPU 2, whose nvidia-smi shows HW/thermal slowdown active at 89 C and a dead fan: "
            "the node's own part slows the whole job, so exclude it.",
            "https://github.com/mlfoundations/open_clip/issues/703")
    return b


# =====================================================================================
def ad21(root):
    """Device-side assert at the same step from the same bad sample in two attempts on different nodes."""
    rng = random.Random(3321)
    b = Bundle(root, "ad21_crash_at_same_step_after_every_resume")
    atts = [
        (T(2025, 3, 30, 2, 14, 9), {"c4-master-0": "gke-h100-pool-a1b2-4kxn", "c4-worker-0": "gke-h100-pool-a1b2-7mzq",
                                    "c4-worker-1": "gke-h100-pool-a1b2-q2vd", "c4-worker-2": "gke-h100-pool-a1b2-z8tp"}),
        (T(2025, 3, 30, 6, 40, 51), {"c4-master-0": "gke-h100-pool-a1b2-7mzq", "c4-worker-0": "gke-h100-pool-a1b2-d5wc",
                                     "c4-worker-1": "gke-h100-pool-a1b2-h3rn", "c4-worker-2": "gke-h100-pool-a1b2-4kxn"}),
    ]
    bad_step = 18432
    for a, (t0, pods) in enumerate(atts):
        pod_of_rank19 = "c4-worker-1"
        node19 = pods[pod_of_rank19]
        tr0 = plus(t0, 70)
        # worker-1 log (rank 19 = node_rank 2, local rank 3)
        W = []

        def kl(t, s, W=W):
            W.append((t, "%s %s" % (iso_z(t), s)))
        kl(t0, "W0330 %s 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default" % t0.strftime("%H:%M:%S.%f"))
        kl(plus(t0, 50), "[rank19]: resumed from gs://ckpt-c4/run-0329/step_018000; data loader fast-forwarded to step 18000 (sampler seed 1234, epoch 1)")
        ts = plus(tr0, (bad_step - 18000) * 0.88)
        kl(plus(ts, -0.3), "[rank19]: [data] step 18432 batch from shard-00731.bin samples [55088..55103]")
        for t in range(4):
            kl(ts, "[rank19]: ../aten/src/ATen/native/cuda/Indexing.cu:1289: indexSelectLargeIndex: block: [%d,0,0], thread: [%d,0,0] Assertion `srcIndex < srcSelectDimSize` failed." % (rng.randint(100, 400), 64 + t * 32))
        for l in ["Traceback (most recent call last):",
                  '  File "/app/train.py", line 289, in <module>',
                  "    loss = model(batch[\"input_ids\"], labels=batch[\"labels\"]).loss",
                  '  File "/app/model.py", line 77, in forward',
                  "    h = self.tok_embeddings(input_ids)",
                  "RuntimeError: CUDA error: device-side assert triggered",
                  "CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
                  "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
                  "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions."]:
            kl(plus(ts, 0.1), "[rank19]: " + l)
        b.add("attempt_%d/%s/kubectl_logs_previous_c4-worker-1.txt" % (a, node19), ["$ kubectl logs --previous --timestamps c4-worker-1"] + _sorted(W))
        # master log: only sympathetic timeouts
        M = []

        def km(t, s, M=M):
            M.append((t, "%s %s" % (iso_z(t), s)))
        km(t0, "[rank0]: world_size=32 vocab_size=50304 seq_len=2048 torch=2.8.0 nccl=2.27.3")
        for s in range(18010, bad_step, 10):
            tt = plus(tr0, (s - 18000) * 0.88)
            km(tt, "[rank0]: step %d loss %.4f lr 1.50e-04 tokens/s %.0f" % (s, 2.71 + rng.uniform(-0.03, 0.03), 2.38e6 + rng.randint(-2e4, 2e4)))
        tw = plus(ts, 600 + 3)
        for r in range(8):
            for l in watchdog_timeout(r, plus(tw, r * 0.03), rng, 55296 + 18432 * 3, "ALLREDUCE", numel=131072000)[:2]:
                km(plus(tw, r * 0.03), l)
        b.add("attempt_%d/%s/kubectl_logs_c4-master-0.txt" % (a, pods["c4-master-0"]), ["$ kubectl logs --timestamps c4-master-0"] + _sorted(M))
        b.add("attempt_%d/%s/kubectl_get_pods.txt" % (a, pods["c4-master-0"]),
              ["NAME           READY   STATUS   RESTARTS   AGE   IP            NODE"] +
              ["%-14s 0/1     Error    0          %dm   10.8.%d.%d    %s" % (p, 14 + i, i + 2, 10 + i * 7, n) for i, (p, n) in enumerate(pods.items())])
    b.add("attempt_1/gke-h100-pool-a1b2-h3rn/check_shard.txt", [
        "$ python tools/check_shard.py gs://c4-tok/shard-00731.bin --vocab 50304",
        "shard-00731.bin: 65536 samples, dtype uint16",
        "sample 55097: 3 token ids >= vocab_size (max 65535) at positions [811, 812, 1790]",
        "1 bad sample(s)"])
    b.label("user_code", "script", None, None, "stop",
            "Both attempts die at step 18432 with the same embedding index assert on rank 19, once on gke-...-q2vd and once on gke-...-h3rn, while reading the same samples of shard-00731.bin (which has out-of-vocab token ids); "
            "same step on different nodes = bad data in the job's input, restarting will hit it again.",
            "https://github.com/facebookresearch/vilbert-multi-task/issues/75")
    return b


# =====================================================================================
def ad22(root):
    """Clean finish with scary teardown warnings and an old unrelated Xid; torchrun --log-dir."""
    rng = random.Random(3322)
    b = Bundle(root, "ad22_job_finished_but_log_full_of_nccl_warnings")
    hosts = ["gpu-e11", "gpu-e12"]
    t0 = T(2025, 8, 4, 18, 0, 3, 0, tz(1))
    run_id = "sft_0804_x7k2"
    st = 0.93
    last = 9000
    tt = plus(t0, 45)
    tend = plus(tt, last * st + 60)
    for n, h in enumerate(hosts):
        base = "%s/logs/%s/attempt_0" % (h, run_id)
        pids = [4410 + n * 100 + i * 3 for i in range(8)]
        for lr in range(8):
            r = n * 8 + lr
            out, err = [], []
            out += nccl_init(h, "10.4.0.%d" % (11 + n), n, 16, pids, rng, version="2.21.5+cuda12.4", lr_list=[lr], with_version=(r == 0))
            if r == 0:
                for s in range(50, last + 1, 50):
                    ts = plus(tt, s * st)
                    out.append(step_line(ts, s, 1.2 + 0.9 * s ** -0.3, 2e-5 * (1 - s / last) + 1e-7))
                out.append("[%s] [INFO] [train.py:455] training complete: %d steps, saving final model to /nfs/models/sft-0804/final" % (py_logging_time(plus(tt, last * st + 2)), last))
                out.append("[%s] [INFO] [train.py:461] saved final model (15.2 GB) in 48.3 s" % py_logging_time(plus(tt, last * st + 51)))
            err.append(WARN_POOL[2])
            err.append(ddp_warn(r))
            if lr in (1, 5):
                err.append(nccl(h, pids[lr], pids[lr] + 300, lr, "WARN NET/IB : mlx5_%d:1 Got async event : GID table change" % lr))
            te = plus(tend, rng.uniform(0, 2))
            err.append(pg(r, te, rng, "W", "ProcessGroupNCCL.cpp:1250") + "Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())")
            if lr in (0, 4, 7):
                err.append(nccl(h, pids[lr], pids[lr] + 977, lr, "WARN [Service thread] Accept failed Resource temporarily unavailable"))
                err.append(nccl(h, pids[lr], pids[lr] + 977, lr, "WARN [Proxy Service %d] Failed to execute operation Close from rank %d, retcode 3" % (r, (r + 8) % 16)))
            b.add("%s/%d/stdout.log" % (base, lr), out)
            b.add("%s/%d/stderr.log" % (base, lr), err)
        c = ["I%s torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:" % glog_time(t0, rng),
             "I%s torch/distributed/launcher/api.py:188]   log_dir          : /nfs/runs/sft-0804/logs" % glog_time(t0, rng),
             "I%s torch/distributed/launcher/api.py:188]   redirects        : Std.ALL" % glog_time(t0, rng),
             elastic_line("I", plus(tend, 4), rng, "torch/distributed/elastic/agent/server/api.py:879", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."),
             elastic_line("I", plus(tend, 4), rng, "torch/distributed/elastic/agent/server/api.py:932", "Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"),
             elastic_line("I", plus(tend, 6), rng, "torch/distributed/elastic/agent/server/api.py:946", "Done waiting for other agents. Elapsed: 1.8831477165222168 seconds")]
        b.add("%s/torchrun_console.txt" % h, c)
    b.add("gpu-e12/dmesg-T.txt", ["%s %s" % (dmesg_T(plus(t0, -86400 * 3 + i * 900)), l) for i, l in enumerate(benign_dmesg(rng, "gpu-e12", 4))] +
          ["%s %s" % (dmesg_T(plus(t0, -86400 * 2 - 3333)), xid("0000:9a:00", 31, 98812, "python3", "Ch 00000018, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_12 faulted @ 0x7ff1_2a000000. Fault is of type FAULT_PTE ACCESS_TYPE_VIRT_READ")),
           "%s %s" % (dmesg_T(plus(t0, -60)), "IPv6: ADDRCONF(NETDEV_CHANGE): veth3c1a9e: link becomes ready")])
    b.add("gpu-e11/sacct.txt", ["$ sacct -j 2280419 --format=JobID,JobName,State,ExitCode,Elapsed",
                                "JobID           JobName      State ExitCode    Elapsed ",
                                "------------ ---------- ---------- -------- ---------- ",
                                "2280419        sft-0804  COMPLETED      0:0   02:24:51 ",
                                "2280419.bat+      batch  COMPLETED      0:0   02:24:51 ",
                                "2280419.0      torchrun  COMPLETED      0:0   02:24:47 "])
    b.label("unknown", "framework", None, None, "none",
            "Both nodes' torchrun agents report the worker group SUCCEEDED, rank 0 logged 'training complete' and saved the final model, and sacct shows COMPLETED 0:0; "
            "the NCCL service-thread/proxy warnings and 'process group has NOT been destroyed' are teardown noise and the Xid 31 on gpu-e12 is from an unrelated process two days earlier.",
            "https://github.com/pytorch/pytorch/issues/148976")
    return b


# =====================================================================================
def ad23(root):
    """A transient NCCL failure; torchrun restarted the worker group itself and the run finished."""
    rng = random.Random(3323)
    b = Bundle(root, "ad23_run_restarted_itself_once_overnight")
    hosts = ["trn-gpu-101", "trn-gpu-102", "trn-gpu-107"]
    t0 = T(2025, 11, 12, 22, 5, 0, 0, tz(9))
    st = 1.05
    t_fail_step = 14630
    tt = plus(t0, 40)
    t_fail = plus(tt, t_fail_step * st + 0.7)
    t_restart = plus(t_fail, 38)
    resume = 14000
    tt2 = plus(t_restart, 75)
    last = 30000
    tdone = plus(tt2, (last - resume) * st + 50)

    def console(n):
        h = hosts[n]
        g = glog_time(t0, rng)
        c = ["+ torchrun --nnodes=3 --nproc-per-node=8 --max-restarts=3 --rdzv-backend=c10d --rdzv-endpoint=trn-gpu-101:29400 --tee 3 train.py",
             "W%s torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default" % g]
        c.append(elastic_line("I", plus(t0, 2), rng, "torch/distributed/elastic/agent/server/api.py:525", "[default] Rendezvous complete for workers. Result: restart_count=0 master_addr=trn-gpu-101 master_port=41623 group_rank=%d group_world_size=3 local_ranks=[0, 1, 2, 3, 4, 5, 6, 7] role_ranks=[%s] global_ranks=[%s]"
                              % (n, ", ".join(str(n * 8 + i) for i in range(8)), ", ".join(str(n * 8 + i) for i in range(8)))))
        for lr in range(8):
            c.append("[default%d]:%s" % (lr, WARN_POOL[1]))
        if n == 0:
            c.append("[default0]:NCCL version 2.23.4+cuda12.6")
            for s in range(100, t_fail_step + 1, 100):
                ts = plus(tt, s * st)
                c.append("[default0]:" + step_line(ts, s, 2.2 + 1.1 * s ** -0.2, 2.5e-4))
                if s % 2000 == 0:
                    c.append("[default0]:[%s] [INFO] [train.py:501] checkpoint saved: /gpfs/ckpt/run-1112/step_%06d" % (py_logging_time(plus(ts, 20)), s))
        # transient failure: rank 11 sees a connection reset during a send, everyone aborts
        if n == 1:
            lr = 3
            pid = 7731
            c.append("[default3]:" + nccl(h, pid, pid + 811, lr, "WARN NET/IB : Got completion from peer 10.9.2.107<47211> with status=12 opcode=1 len=0 vendor err 129 (Send) localGid ::ffff:10.9.2.102 remoteGids::ffff:10.9.2.107 hca mlx5_3"))
            c.append("[default3]:" + pg(11, t_fail, rng, "E", "ProcessGroupNCCL.cpp:1595") + "[PG ID 0 PG GUID 0(default_pg) Rank 11] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.23.4")
        for lr in (0, 5):
            r = n * 8 + lr
            tx = plus(t_fail, 2 + rng.uniform(0, 1))
            c.append("[default%d]:" % lr + pg(r, tx, rng, "E", "ProcessGroupNCCL.cpp:1595") + "[PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.23.4" % r)
        tf = plus(t_fail, 5)
        c.append(elastic_line("E", tf, rng, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: -6) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (3 if n == 1 else 0, 7731 if n == 1 else 6100 + n)))
        c.append(elastic_line("I", plus(tf, 1), rng, "torch/distributed/elastic/agent/server/api.py:871", "[default] Worker group FAILED. 3/3 attempts left; will restart worker group"))
        c.append(elastic_line("I", plus(tf, 1), rng, "torch/distributed/elastic/agent/server/api.py:677", "[default] Stopping worker group"))
        c.append(elastic_line("I", t_restart, rng, "torch/distributed/elastic/agent/server/api.py:525", "[default] Rendezvous complete for workers. Result: restart_count=1 master_addr=trn-gpu-101 master_port=52991 group_rank=%d group_world_size=3" % n))
        if n == 0:
            c.append("[default0]:[%s] [INFO] [train.py:388] TORCHELASTIC_RESTART_COUNT=1, resuming from /gpfs/ckpt/run-1112/step_%06d" % (py_logging_time(plus(t_restart, 40)), resume))
            for s in range(resume + 100, last + 1, 100):
                ts = plus(tt2, (s - resume) * st)
                c.append("[default0]:" + step_line(ts, s, 2.2 + 1.1 * s ** -0.2, 2.5e-4 * (1 - (s - 20000) / 20000.0) if s > 20000 else 2.5e-4))
                if s % 2000 == 0:
                    c.append("[default0]:[%s] [INFO] [train.py:501] checkpoint saved: /gpfs/ckpt/run-1112/step_%06d" % (py_logging_time(plus(ts, 20)), s))
            c.append("[default0]:[%s] [INFO] [train.py:530] reached max_steps=%d, exiting" % (py_logging_time(plus(tdone, -10)), last))
        c.append(elastic_line("I", tdone, rng, "torch/distributed/elastic/agent/server/api.py:879", "[default] worker group successfully finished. Waiting 300 seconds for other agents to finish."))
        c.append(elastic_line("I", plus(tdone, 2), rng, "torch/distributed/elastic/agent/server/api.py:946", "Done waiting for other agents. Elapsed: 2.00412 seconds"))
        return c
    b.add("trn-gpu-101/torchrun_tee.log", console(0))
    b.add("trn-gpu-102/torchrun_tee.log", console(1))
    b.label("unknown", "framework", None, None, "none",
            "One NCCL send failure (rank 11) at step ~14630 made torchrun restart the worker group (restart_count=1, 3/3 attempts left), the run resumed from step 14000 and reached max_steps=30000 with both agents reporting success; "
            "the job recovered by itself, nothing to do.",
            "https://github.com/pytorch/pytorch/issues/76198")
    return b


# =====================================================================================
def ad24(root):
    """Healthy run cancelled by the Slurm time limit -> SIGTERM noise."""
    rng = random.Random(3324)
    b = Bundle(root, "ad24_job_killed_at_24h_with_sigterm")
    hosts = ["gpu-a101", "gpu-a102", "gpu-a109", "gpu-a110"]
    t0 = T(2025, 3, 7, 6, 0, 0, 0, tz(1))
    ev = [(t0, "srun: job 771204 queued and waiting for resources"), (plus(t0, 0.4), "srun: job 771204 has been allocated resources")]
    pids = {n: [4400 + n * 60 + i * 7 for i in range(8)] for n in range(4)}
    for n, h in enumerate(hosts):
        for l in nccl_init(h, "10.1.1.%d" % (101 + n), n, 32, pids[n], rng, version="2.18.6+cuda12.1", with_version=(n == 0), hcas=4):
            ev.append((plus(t0, 30 + n * 0.1), "%d: %s" % (n, l)))
    st = 2.9
    tt = plus(t0, 90)
    tend = plus(t0, 86400 + 14)
    s = 50
    while True:
        ts = plus(tt, s * st)
        if ts >= tend:
            break
        ev.append((ts, "0: " + step_line(ts, s, 1.95 + 2.2 * s ** -0.35, 1.6e-4)))
        if s % 5000 == 0:
            ev.append((plus(ts, 30), "0: [%s] [INFO] [checkpoint.py:71] saved checkpoint step_%07d" % (py_logging_time(plus(ts, 30)), s)))
        s += 50
    ev.append((tend, "slurmstepd: error: *** JOB 771204 ON gpu-a101 CANCELLED AT %s DUE TO TIME LIMIT ***" % tend.strftime("%Y-%m-%dT%H:%M:%S")))
    ev.append((plus(tend, 0.1), "slurmstepd: error: *** STEP 771204.0 ON gpu-a101 CANCELLED AT %s DUE TO TIME LIMIT ***" % tend.strftime("%Y-%m-%dT%H:%M:%S")))
    ev.append((plus(tend, 0.2), "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."))
    for n, h in enumerate(hosts):
        tk = plus(tend, 0.5 + n * 0.1)
        ev.append((tk, "%d: " % n + elastic_line("W", tk, rng, "torch/distributed/elastic/agent/server/api.py:704", "Received Signals.SIGTERM death signal, shutting down workers")))
        ev.append((tk, "%d: " % n + elastic_line("W", tk, rng, "torch/distributed/elastic/multiprocessing/api.py:897", "Sending process %d closing signal SIGTERM" % pids[n][0])))
        for lr in (2, 6):
            r = n * 8 + lr
            ev.append((plus(tk, 0.4), "%d: [rank%d]:[W%s ProcessGroupNCCL.cpp:1250] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL." % (n, r, glog_time(plus(tk, 0.4), rng))))
        ev.append((plus(tk, 1), "%d: Traceback (most recent call last):" % n))
        ev.append((plus(tk, 1), '%d:   File "/usr/local/bin/torchrun", line 8, in <module>' % n))
        ev.append((plus(tk, 1), '%d:   File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler' % n))
        ev.append((plus(tk, 1), "%d:     raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)" % n))
        ev.append((plus(tk, 1), "%d: torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % (n, 4100 + n)))
    ev.append((plus(tend, 3), "srun: error: gpu-a109: task 2: Exited with exit code 1"))
    ev.append((plus(tend, 3.2), "srun: error: gpu-a101: task 0: Exited with exit code 1"))
    ev.append((plus(tend, 3.3), "srun: error: gpu-a110: task 3: Exited with exit code 1"))
    ev.append((plus(tend, 3.5), "srun: error: gpu-a102: task 1: Exited with exit code 1"))
    b.add("gpu-a101/slurm-771204.out", _sorted(ev))
    b.add("gpu-a101/sacct.txt", ["$ sacct -j 771204 --format=JobID,State,ExitCode,Elapsed,Timelimit,NodeList",
                                 "JobID             State ExitCode    Elapsed  Timelimit        NodeList ",
                                 "------------ ---------- -------- ---------- ---------- --------------- ",
                                 "771204          TIMEOUT      0:0 1-00:00:14 1-00:00:00 gpu-a[101-102,+ ",
                                 "771204.batch  CANCELLED     0:15 1-00:00:16            gpu-a101 ",
                                 "771204.0      CANCELLED     0:15 1-00:00:14            gpu-a[101-102,+ "])
    b.label("unknown", "framework", None, None, "none",
            "Loss was still decreasing and checkpoints saving normally up to the end; Slurm cancelled the job at exactly its 1-00:00:00 time limit (sacct TIMEOUT), and the SIGTERM / SignalException / srun exit-code lines are the consequence of that cancel, not a fault. "
            "Resubmit from the last checkpoint is routine.",
            "https://slurm.schedmd.com/sacct.html")
    return b
