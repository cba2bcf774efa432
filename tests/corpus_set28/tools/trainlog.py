"""Framework-flavoured training progress lines."""
from common import add, pylog, bracket, iso


def megatron_iters(t0, it0, n, step_ms, rng, gbs=1024, total=250000, loss0=2.41, jitter=0.01, every=1):
    out, t = [], t0
    loss = loss0
    for k in range(n):
        it = it0 + k * every
        ms = step_ms * (1 + rng.uniform(-jitter, jitter))
        t = add(t, ms * every / 1000.0)
        loss -= rng.uniform(0.0, 0.002)
        out.append(" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | number of skipped iterations:   0 | number of nan iterations:   0 |"
                   % (t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, ms, 3e-4 * (1 - it / float(total * 2)), gbs, loss, rng.uniform(0.7, 1.1)))
    return out, t


def hf_trainer_steps(t0, step0, n, step_s, rng, total, every=10, loss0=1.9):
    out, t = [], t0
    for k in range(1, n + 1):
        s = step0 + k * every
        t = add(t, step_s * every * (1 + rng.uniform(-0.01, 0.01)))
        out.append("{'loss': %.4f, 'grad_norm': %.4f, 'learning_rate': %.6e, 'epoch': %.2f}" % (loss0 - 0.001 * k + rng.uniform(-0.02, 0.02), rng.uniform(0.3, 0.9), 2e-5 * (1 - s / float(total)), s / float(total) * 3))
        out.append(" %d%%|#####     | %d/%d [%s<%s, %.2fs/it]" % (100 * s // total, s, total, fmt_hms(step_s * s), fmt_hms(step_s * (total - s)), step_s))
    return out, t


def fmt_hms(sec):
    sec = int(sec)
    return "%d:%02d:%02d" % (sec // 3600, (sec // 60) % 60, sec % 60)


def titan_steps(t0, step0, n, step_s, rng, rank=0, every=10, loss0=4.2, mem=61.3, tps=3100):
    out, t = [], t0
    for k in range(1, n + 1):
        s = step0 + k * every
        t = add(t, step_s * every)
        out.append("[rank%d]:[titan] %s - root - INFO - step: %d  loss: %.4f  grad_norm: %.4f  memory: %.2fGiB(%.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
                   % (rank, t.strftime("%Y-%m-%d %H:%M:%S") + ",%03d" % rng.randint(0, 999), s, loss0 - 0.003 * k, rng.uniform(0.4, 0.9), mem, mem / 79.6 * 100, "{:,}".format(int(tps * rng.uniform(0.99, 1.01))), tps * 0.058, tps * 0.058 / 989 * 100))
    return out, t
