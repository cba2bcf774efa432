"""z30-z32: stragglers with and without hardware evidence."""
import random

from common import (Bundle, t0, plus, glog, iso, iso_precise, pylog, syslog, uptime, bus_ids, ctime,
                    watchdog_timeout, megatron_iter, kernel_noise, nvidia_smi_q)


def _rng(fn):
    return random.Random("corpus_set10/" + fn)


def z30_straggler_gpu_thermal():
    """Megatron straggler report names one rank; nvidia-smi -q on that node shows HW thermal slowdown active."""
    rng = _rng("z30_straggler_gpu_thermal")
    b = Bundle("z30_straggler_gpu_thermal")
    hosts = ["gx-01", "gx-02", "gx-03", "gx-04"]
    t = t0(2026, 7, 7, 7, 0, 0)
    slow_from = 6000
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 60)
        for it in range(100, 9100, 100):
            ms = 1480 if it < slow_from else 2310
            tt = plus(tt, 100 * ms / 1000)
            if n == 3:
                log.append(megatron_iter(tt, it, 500000, ms + rng.uniform(-12, 12), 2.3 - it * 0.00001, gbs=1024, gnorm=rng.uniform(0.3, 0.4)))
            if n == 0 and it % 500 == 0:
                if it < slow_from:
                    log.append("[%s] StragglerDetector: min/max GPU relative performance %.2f/%.2f (ranks 11/4); no straggler above threshold 0.70" % (tt.strftime("%Y-%m-%d %H:%M:%S"), 0.97, 1.0))
                else:
                    log.append("[%s] StragglerDetector: GPU relative performance below threshold 0.70: rank 21 (gx-03, local 5) = %.2f; next slowest rank 9 = 0.98" % (tt.strftime("%Y-%m-%d %H:%M:%S"), 0.62 + rng.uniform(-0.02, 0.02)))
        if n == 0:
            log.append("[%s] received SIGTERM from operator (scancel); exiting after in-flight step" % plus(tt, 30).strftime("%Y-%m-%d %H:%M:%S"))
        b.add("%s/megatron.log" % h, log)
        bad = 5 if n == 2 else None
        b.add("%s/nvidia-smi-q.txt" % h, nvidia_smi_q(h, plus(tt, 10), bus_ids(rng), bad=bad, hw_slow="Active", hw_thermal="Active",
                                                     temp=91, tlimit="-4 C", sm_clock=1095, power=401.2))
    b.set_label("straggler", "infrastructure", "gx-03", "restart_without_node",
                "Iteration time rises from ~1.48 s to ~2.31 s at iteration 6000 with no error; the straggler detector names rank "
                "21 (gx-03 GPU 5) and nvidia-smi -q on gx-03 shows that GPU at 91 C with HW thermal slowdown active at 1095 MHz.",
                "https://github.com/mlfoundations/open_clip/issues/703", rank=21)
    return b


def z31_straggler_no_evidence_mpirun():
    """mpirun --tag-output per-rank step timing; one node's ranks 30-40% slower; all health data clean."""
    rng = _rng("z31_straggler_no_evidence_mpirun")
    b = Bundle("z31_straggler_no_evidence_mpirun")
    hosts = ["cn-0520", "cn-0521", "cn-0522", "cn-0523"]
    t = t0(2026, 9, 1, 3, 0, 0)
    out = []
    tt = plus(t, 20)
    for s in range(1, 401):
        tt = plus(tt, 8.2)
        if s % 20 == 0:
            for r in range(32):
                base = 5.9 if r // 8 != 2 else 8.1
                comp = base + rng.uniform(-0.1, 0.1)
                out.append("[1,%d]<stdout>:step %d rank %d fwd_bwd_ms %.0f wait_in_allreduce_ms %.0f" % (r, s, r, comp * 1000, (8.2 - comp) * 1000))
            out.append("[1,0]<stdout>:%s step %d loss %.4f step_time %.2fs (global)" % (pylog(tt), s, 2.1 - s * 0.0008, 8.2 + rng.uniform(-0.05, 0.05)))
    out += ["[1,0]<stdout>:%s throughput is 28%% below the baseline for this config (expected 5.95 s/step); operator stopped job for investigation" % pylog(plus(tt, 5)),
            "--------------------------------------------------------------------------",
            "mpirun noticed that process rank 0 with PID 41100 on node cn-0520 exited on signal 15 (Terminated).",
            "--------------------------------------------------------------------------"]
    b.add("cn-0520/mpirun.out", out)
    for n, h in enumerate(hosts):
        b.add("%s/nvidia-smi-q.txt" % h, nvidia_smi_q(h, plus(tt, 60), bus_ids(rng)))
        b.add("%s/dmesg.txt" % h, ["[%s] %s" % (ctime(plus(t, rng.uniform(-9000, 3000))), ln) for ln in kernel_noise(rng, 12)])
    b.set_label("straggler", "infrastructure", "cn-0522", "run_diagnostics",
                "All eight ranks on cn-0522 spend ~8.1 s in forward/backward versus ~5.9 s elsewhere, and everyone else waits "
                "in all-reduce; its GPUs show no throttling, no ECC errors and its kernel log is clean. Suspicion without proof.",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return b


def z32_cpu_throttle_composer():
    """Composer console; one node's journal reports CPU package thermal throttling; its data pipeline lags."""
    rng = _rng("z32_cpu_throttle_composer")
    b = Bundle("z32_cpu_throttle_composer")
    hosts = ["mosaic-n0", "mosaic-n1", "mosaic-n2"]
    t = t0(2026, 10, 10, 10, 0, 0)
    for n, h in enumerate(hosts):
        log = []
        tt = plus(t, 40)
        for b_ in range(1, 3001):
            slow = b_ > 1200
            tt = plus(tt, 1.9 if not slow else 3.4)
            if n == 0 and b_ % 50 == 0:
                log += ["[batch=%d/48000]:" % b_,
                        "\t Train time/batch: %d" % b_,
                        "\t Train loss/train/total: %.4f" % (2.7 - b_ * 0.0001 + rng.uniform(-0.01, 0.01)),
                        "\t Train throughput/batches_per_sec: %.4f" % ((1 / 3.4 if slow else 1 / 1.9) + rng.uniform(-0.005, 0.005)),
                        "\t Train throughput/device/samples_per_sec: %.4f" % ((9.4 if slow else 16.8) + rng.uniform(-0.1, 0.1))]
            if n == 1 and b_ % 300 == 0 and slow:
                log.append("%s: rank%d[%d][dataloader]: WARNING: streaming dataset shard prefetch queue empty for %.1fs (waiting on decode workers)" % (pylog(tt), 8 + rng.randint(0, 7), 6610, rng.uniform(1.2, 1.8)))
        b.add("%s/composer.log" % h, log)
        j = []
        for ln in kernel_noise(rng, 15):
            j.append("%s %s kernel: %s" % (iso_precise(plus(t, rng.uniform(-2000, 6000))), h, ln))
        if n == 1:
            x = plus(t, 40 + 1200 * 1.9 - 30)
            for k in range(12):
                x = plus(x, rng.uniform(30, 200))
                cpu = rng.choice([3, 17, 41, 55, 89, 103])
                j.append("%s %s kernel: CPU%d: Package temperature above threshold, cpu clock throttled (total events = %d)" % (iso_precise(x), h, cpu, 4100 + k * 377))
                j.append("%s %s kernel: CPU%d: Core temperature above threshold, cpu clock throttled (total events = %d)" % (iso_precise(x), h, cpu + 1, 3900 + k * 351))
            j.append("%s %s kernel: ipmi_si IPI0001:00: fan 4 reading 0 RPM below lower critical threshold" % (iso_precise(plus(t, 40 + 1200 * 1.9 - 60)), h))
        b.add("%s/journalctl-k.txt" % h, sorted(j))
    b.set_label("straggler", "infrastructure", "mosaic-n1", "restart_without_node",
                "Throughput drops ~45% from batch 1200 with no error; only mosaic-n1 reports data-loader starvation and its "
                "kernel journal shows a failed fan followed by repeated CPU package thermal throttling from that moment.",
                "https://github.com/rwth-i6/returnn/issues/1485")
    return b
