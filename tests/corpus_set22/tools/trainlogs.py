"""Generators for the ordinary, healthy part of training logs."""

import math

from common import sec


def loss_at(step, rng, floor=1.9, amp=6.5, tau=2600.0, noise=0.035):
    return floor + amp * math.exp(-step / tau) + rng.gauss(0, noise)


def lr_at(step, peak=3e-4, warmup=2000, total=250000, minlr=3e-5):
    if step < warmup:
        return peak * step / warmup
    p = min(1.0, (step - warmup) / max(1, total - warmup))
    return minlr + 0.5 * (peak - minlr) * (1 + math.cos(math.pi * p))


def megatron_lines(rng, t0, first, count, step_ms, total=250000, gbs=1024, seq=4096, tflops=410.0,
                   loss=None, grad=None, lr_peak=3e-4, slow=None, nan_from=None, stamp=True,
                   skipped=0, jitter=0.015):
    """Yield (time, line). slow: function(step)->factor. loss/grad: callables overriding defaults."""
    out = []
    t = t0
    nan_iters = 0
    for i in range(first, first + count):
        f = slow(i) if slow else 1.0
        ms = step_ms * f * (1 + rng.gauss(0, jitter))
        t = t + sec(ms / 1000.0)
        lv = loss(i) if loss else loss_at(i, rng)
        gv = grad(i) if grad else abs(0.28 + 0.9 * math.exp(-i / 1500.0) + rng.gauss(0, 0.03))
        if nan_from is not None and i >= nan_from:
            nan_iters += 1
        ls = "nan" if (isinstance(lv, float) and math.isnan(lv)) else "%.6E" % lv
        gs = "nan" if (isinstance(gv, float) and math.isnan(gv)) else ("inf" if gv == float("inf") else "%.3f" % gv)
        line = (" iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
                "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | "
                "lm loss: %s | loss scale: 1.0 | grad norm: %s | number of skipped iterations: %3d | "
                "number of nan iterations: %3d |") % (
            i, total, i * gbs, ms, tflops / f * (1 + rng.gauss(0, 0.01)), lr_at(i, lr_peak, total=total), gbs,
            ls, gs, skipped, nan_iters)
        if stamp:
            line = " [%s]%s" % (t.strftime("%Y-%m-%d %H:%M:%S"), line)
        out.append((t, line))
    return out


def hf_lines(rng, t0, first, count, step_s, total, log_every=10, epoch_steps=None, lr_peak=2e-5,
             loss=None, tqdm=True):
    out = []
    t = t0
    epoch_steps = epoch_steps or total
    for i in range(first, first + count):
        t = t + sec(step_s * (1 + rng.gauss(0, 0.03)))
        if tqdm and i % max(1, log_every // 2) == 0:
            el = (t - t0).total_seconds() + first * step_s
            rem = (total - i) * step_s
            out.append((t, " %3d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (
                100 * i // total, "#" * (10 * i // total) + " " * (10 - 10 * i // total), i, total,
                _hms(el), _hms(rem), step_s)))
        if i % log_every == 0:
            lv = loss(i) if loss else loss_at(i, rng, floor=0.9, amp=1.6, tau=1800)
            out.append((t, "{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %s, 'epoch': %.2f}" % (
                lv, abs(0.6 + rng.gauss(0, 0.12)), _sci(lr_at(i, lr_peak, warmup=500, total=total, minlr=0)),
                i / float(epoch_steps))))
    return out


def _sci(v):
    s = repr(v)
    return s


def _hms(s):
    s = int(s)
    h, r = divmod(s, 3600)
    m, ss = divmod(r, 60)
    return "%d:%02d:%02d" % (h, m, ss) if h else "%02d:%02d" % (m, ss)


def titan_lines(rng, t0, first, count, step_s, rank=0, log_freq=10, mem_gib=61.2, tps=3200,
                loss=None, host_prefix=True):
    out = []
    t = t0
    for i in range(first, first + count):
        t = t + sec(step_s * (1 + rng.gauss(0, 0.02)))
        if i % log_freq == 0 or i == 1:
            lv = loss(i) if loss else loss_at(i, rng, floor=2.4, amp=8.5, tau=900)
            line = "[titan] %s - root - INFO - step: %5d  loss: %8.4f  memory: %5.2fGiB(%5.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
                t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000), i, lv, mem_gib,
                mem_gib / 79.11 * 100, "{:,}".format(int(tps * (1 + rng.gauss(0, 0.01)))),
                tps * 0.0985 * (1 + rng.gauss(0, 0.01)), tps * 0.00996)
            if host_prefix:
                line = "[rank%d]:%s" % (rank, line)
            out.append((t, line))
    return out


def ds_lines(rng, t0, first, count, step_s, log_every=10, lr_peak=1e-4, loss=None, fp16=False,
             loss_scale=65536.0, samples=256):
    out = []
    t = t0
    for i in range(first, first + count):
        t = t + sec(step_s * (1 + rng.gauss(0, 0.02)))
        if i % log_every == 0:
            lv = loss(i) if loss else loss_at(i, rng, floor=2.1, amp=5.0, tau=4000)
            stamp = t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)
            lr = lr_at(i, lr_peak, warmup=1000, total=200000, minlr=1e-5)
            out.append((t, "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=%d, lr=[%.6e, %.6e], mom=[(0.9, 0.95), (0.9, 0.95)]" % (
                stamp, i, 3 if fp16 else 0, lr, lr)))
            out.append((t, "[%s] [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.3f, CurrSamplesPerSec=%.3f, MemAllocated=21.3GB, MaxMemAllocated=58.77GB" % (
                stamp, i * 4, i, samples / step_s, samples / step_s * (1 + rng.gauss(0, 0.02)))))
            out.append((t, "steps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (
                i, lv, step_s * (1 + rng.gauss(0, 0.02)), samples / step_s)))
    return out


def lightning_lines(rng, t0, first, count, step_s, total, every=50, loss=None, epoch=0, nemo=False):
    out = []
    t = t0
    for i in range(first, first + count):
        t = t + sec(step_s * (1 + rng.gauss(0, 0.02)))
        if i % every == 0:
            lv = loss(i) if loss else loss_at(i, rng, floor=2.2, amp=7.0, tau=1500)
            el = i * step_s
            if nemo:
                out.append((t, "Epoch %d: : %d/%d [%s<%s, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]" % (
                    epoch, i, total, _hms(el), _hms((total - i) * step_s), lv, i, i * 512, step_s * (1 + rng.gauss(0, 0.01)))))
            else:
                out.append((t, "Epoch %d:  %2d%%|%s| %d/%d [%s<%s, %.2fit/s, v_num=3, train_loss_step=%.3f]" % (
                    epoch, 100 * i // total, "#" * (10 * i // total) + " " * (10 - 10 * i // total), i, total,
                    _hms(el), _hms((total - i) * step_s), 1.0 / step_s, lv)))
    return out
