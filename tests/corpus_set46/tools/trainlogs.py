"""Training-log line generators imitating real frameworks' wording."""
import math

from common import TD, f_py, f_ds


def loss_curve(step, rng, base=2.1, floor=1.65):
    return floor + (base - floor) * math.exp(-step / 40000.0) + rng.uniform(-0.04, 0.04)


def megatron_lines(rng, start_it, end_it, total, t0, ms_fn, gbs=1024, every=1, tflops_fn=None, with_ts=True,
                   nan_from=None):
    """Megatron-LM 'iteration N/ M | ...' lines. ms_fn(it) -> elapsed ms."""
    out, t = [], t0
    for it in range(start_it, end_it + 1):
        ms = ms_fn(it)
        t += TD(milliseconds=ms)
        if it % every:
            continue
        loss = loss_curve(it, rng)
        tf = tflops_fn(ms) if tflops_fn else 5.2e5 / ms
        lr = 3.0e-4 * min(1.0, it / 2000.0) * (0.5 * (1 + math.cos(math.pi * it / total)))
        nan = nan_from is not None and it >= nan_from
        s = ""
        if with_ts:
            s = " [%s] " % t.strftime("%Y-%m-%d %H:%M:%S")
        s += "iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | " % (
            it, total, it * gbs, ms, tf, lr, gbs)
        if nan:
            s += "lm loss: nan | loss scale: 1.0 | grad norm: nan | number of skipped iterations:   0 | number of nan iterations:   1 |"
        else:
            s += "lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |" % (
                loss, 0.18 + rng.random() * 0.12)
        out.append(s)
    return out, t


def titan_lines(rng, start, end, t0, tps_fn, every=10, rank_prefix="[rank0]:", peak=989.0, mem=61.2):
    out, t = [], t0
    for st in range(start, end + 1):
        tps = tps_fn(st)
        t += TD(seconds=8192.0 / tps)
        if st % every and st != start:
            continue
        tfl = tps * 0.0579
        out.append("%s[titan] %s - root - INFO - step: %5d  loss: %7.4f  grad_norm: %7.4f  memory: %5.2fGiB(%5.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%" % (
            rank_prefix, f_py(t), st, loss_curve(st * 8, rng, 3.4, 2.2), 0.3 + rng.random() * 0.2, mem, mem / 79.1 * 100,
            "{:,}".format(int(tps)), tfl, tfl / peak * 100))
    return out, t


def deepspeed_lines(rng, start, end, t0, sps_fn, every=10, gbs=512):
    out, t = [], t0
    for st in range(start, end + 1):
        sps = sps_fn(st)
        t += TD(seconds=gbs / sps)
        if st % every:
            continue
        out.append("%s [INFO] [logging.py:128:log_dist] [Rank 0] step=%d, skipped=0, lr=[%.10f], mom=[(0.9, 0.95)]" % (
            f_ds(t), st, 1.5e-4 * min(1, st / 1000)))
        out.append("%s [INFO] [timer.py:264:stop] epoch=0/micro_step=%d/global_step=%d, RunningAvgSamplesPerSec=%.6f, CurrSamplesPerSec=%.6f, MemAllocated=27.41GB, MaxMemAllocated=58.93GB" % (
            f_ds(t), st * 8, st, sps * (0.98 + rng.random() * 0.02), sps * (0.97 + rng.random() * 0.05)))
        out.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.10e, 'epoch': %.2f}" % (
            loss_curve(st * 10, rng, 2.4, 1.5), 0.4 + rng.random() * 0.3, 1.5e-4 * min(1, st / 1000), st / 6000.0))
    return out, t


def nemo_lines(rng, start, end, total, t0, sec_fn, every=1, epoch=0):
    """Lightning/NeMo progress-bar style lines (one per step, as captured with a non-tty)."""
    out, t = [], t0
    el = 0.0
    for st in range(start, end + 1):
        s = sec_fn(st)
        t += TD(seconds=s)
        el += s
        if st % every:
            continue
        rem = (total - st) * s
        out.append("Epoch %d: : %d/%d [%s<%s, v_num=0, reduced_train_loss=%.3f, global_step=%d.0, consumed_samples=%d.0, train_step_timing in s=%.3f]" % (
            epoch, st, total, _hms(el), _hms(rem), loss_curve(st * 20, rng, 2.6, 1.8), st, st * 2048, s))
    return out, t


def _hms(sec):
    sec = int(sec)
    h, r = divmod(sec, 3600)
    m, s = divmod(r, 60)
    return "%d:%02d:%02d" % (h, m, s) if h else "%02d:%02d" % (m, s)


def hf_tqdm(step, total, elapsed, rate):
    pct = int(100 * step / total)
    rem = (total - step) * rate
    return "%3d%%|%s| %d/%d [%s<%s, %.2fs/it]" % (pct, ("█" * (pct // 10)).ljust(10), step, total, _hms(elapsed), _hms(rem), rate)
