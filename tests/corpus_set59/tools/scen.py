"""Scenario helpers: a node model and the recurring log blocks of a multi-node torch job."""

import datetime as _dt

import loglib as L

SITE = "/usr/local/lib/python3.10/dist-packages"
TLIB = SITE + "/torch/lib"


class Node:
    def __init__(self, rng, host, node_rank, ip, z=None, bus=None, gpus=8, hcas=None, pid_base=None):
        self.host = host
        self.node_rank = node_rank
        self.ip = ip
        self.z = z or L.UTC
        self.bus = bus or L.DGX_H100_BUS
        self.gpus = gpus
        self.hcas = hcas or ["mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_9", "mlx5_10", "mlx5_11"]
        base = pid_base or rng.randint(40000, 3900000)
        self.agent_pid = base
        self.pids = [base + 17 + i * rng.randint(1, 3) for i in range(gpus)]
        # make pids strictly increasing
        for i in range(1, gpus):
            if self.pids[i] <= self.pids[i - 1]:
                self.pids[i] = self.pids[i - 1] + 1

    def rank(self, local):
        return self.node_rank * self.gpus + local

    @property
    def ranks(self):
        return [self.rank(i) for i in range(self.gpus)]


def us(n):
    return _dt.timedelta(microseconds=n)


def nccl_init_all(rng, node, nranks, nnodes, version="2.21.5+cuda12.4", ifname="bond0", plugin="none", locals_=None):
    out = []
    for lr in (locals_ if locals_ is not None else range(node.gpus)):
        out += L.nccl_init_block(rng, node.host, node.pids[lr], lr, node.rank(lr), nranks, nnodes, node.bus[lr],
                                 node.ip, node.hcas, version=version, ifname=ifname, plugin=plugin)
    return out


def timeout_node(rng, st, node, t0, seq, optype="ALLREDUCE", numel=1, timeout_ms=600000, exclude=(), style="new",
                 lib=TLIB, frames=True, pg="0(default_pg)", spread_ms=900, order=None, fr=False, first_dumper=None):
    """Every local rank (except exclude) reports a watchdog timeout around t0. Returns the last time used."""
    last = t0
    locals_ = order if order is not None else list(range(node.gpus))
    for lr in locals_:
        if lr in exclude:
            continue
        t = t0 + us(rng.randint(0, spread_ms * 1000))
        r = node.rank(lr)
        lines = L.watchdog_timeout(rng, t, r, seq, optype=optype, numel=numel, timeout_ms=timeout_ms, z=node.z,
                                   pg=pg, lib=lib, style=style, frames=frames)
        if fr:
            lines = L.fr_dump_lines(rng, t, r, seq - 1, z=node.z, first=(r == first_dumper)) + lines
        st.add(t, lines)
        last = max(last, t)
    return last


def agent_fail(rng, st, node, t, root_local, root_exit, script, others_exit=-6, others=None, style="new",
               binp="/usr/local/bin/torchrun", root_extra=None, sigterm=False, site=SITE, exit_overrides=None):
    """torchrun agent noticing a failed worker: SIGTERMs (optional), 'failed' line, ChildFailedError.
    others: list of locals that also failed (default all but root). root_extra: dict to add to root entry."""
    z = node.z
    lines = []
    cur = t
    if others is None:
        others = [i for i in range(node.gpus) if i != root_local]
    if sigterm:
        for lr in others:
            cur = cur + us(rng.randint(400, 2500))
            if style == "new":
                lines.append(L.elastic_new(cur, "W", node.agent_pid, "Sending process %d closing signal SIGTERM" % node.pids[lr], z))
            else:
                lines.append("[%s] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (L.pylog_ms(cur, z), node.pids[lr]))
        cur = cur + _dt.timedelta(seconds=rng.uniform(0.3, 1.8))
    msg = "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python" % (root_exit, root_local, node.pids[root_local])
    if style == "new":
        lines.append(L.elastic_new(cur, "E", node.agent_pid, msg, z, path="torch/distributed/elastic/multiprocessing/api.py:869"))
    else:
        lines.append("[%s] torch.distributed.elastic.multiprocessing.api: [ERROR] %s" % (L.pylog_ms(cur, z), msg))
    ts = L.cfe_time(cur, z)
    fails = []
    for lr in others:
        ec = (-15 if sigterm else others_exit)
        if exit_overrides and lr in exit_overrides:
            ec = exit_overrides[lr]
        fails.append(dict(time=ts, host=node.host, rank=node.rank(lr), local=lr, exitcode=ec, pid=node.pids[lr]))
    root = dict(time=ts, host=node.host, rank=node.rank(root_local), local=root_local, exitcode=root_exit,
                pid=node.pids[root_local])
    if root_extra:
        root.update(root_extra)
    lines += L.child_failed(script, fails, root, site=site, binp=binp)
    st.add(cur, lines)
    return cur


def py_tb(prefix, frames, exc_lines):
    """frames: list of (file, line, func, code). prefix e.g. '[rank3]: ' or ''."""
    out = [prefix + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(prefix + '  File "%s", line %d, in %s' % (f, ln, fn))
        if code:
            out.append(prefix + "    " + code)
    for e in exc_lines:
        out.append(prefix + e)
    return out


def torchrun_head(t, node, nnodes, nproc, endpoint, script_args, z=None, style="new", rdzv_id="job", extra=None):
    z = z or node.z
    lines = ["+ torchrun --nnodes=%d --nproc-per-node=%d --rdzv-backend=c10d --rdzv-endpoint=%s --rdzv-id=%s %s" % (
        nnodes, nproc, endpoint, rdzv_id, script_args)]
    if style == "new":
        lines.append(L.elastic_new(t, "W", node.agent_pid, "", z, path="torch/distributed/run.py:793"))
        for b in L.OMP_BANNER:
            lines.append(L.elastic_new(t, "W", node.agent_pid, b, z, path="torch/distributed/run.py:793"))
    else:
        lines += L.OMP_BANNER
    if extra:
        lines += extra
    return lines


def megatron_iter(t, it, total, consumed, ms, tflops, lr, gbs, loss, gnorm, z=None, loss_scale="1.0", skipped=0, nan=0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "throughput per GPU (TFLOP/s/GPU): %.1f | learning rate: %.6E | global batch size: %5d | lm loss: %.6E | "
            "loss scale: %s | grad norm: %.3f | number of skipped iterations: %3d | number of nan iterations: %3d |") % (
        L.pylog(t, z), it, total, consumed, ms, tflops, lr, gbs, loss, loss_scale, gnorm, skipped, nan)


def tqdm_bar(prefix, n, total, elapsed_s, rate_s, post, width=10):
    frac = n / float(total)
    filled = int(frac * width)
    bar = "\u2588" * filled + (" " * (width - filled))
    def hms(x):
        x = int(x)
        h, r = divmod(x, 3600)
        m, s = divmod(r, 60)
        return ("%d:%02d:%02d" % (h, m, s)) if h else ("%02d:%02d" % (m, s))
    remain = (total - n) * rate_s
    return "%s%3d%%|%s| %d/%d [%s<%s, %.2fs/it%s]" % (prefix, int(frac * 100), bar, n, total, hms(elapsed_s), hms(remain), rate_s, post)


def dmesg_boot_noise(fmt, t0, host, extra=()):
    """A few harmless kernel lines around job start. fmt: callable(t)->prefix string."""
    lines = [
        (0.412871, "IPv6: ADDRCONF(NETDEV_CHANGE): ibp26s0: link becomes ready"),
        (2.090113, "nvidia-peermem: module verification failed: signature and/or required key missing - tainting kernel"),
        (3.311904, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.161.08  Tue Feb 20 21:38:04 UTC 2024"),
        (5.770231, "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000"),
        (9.128356, "audit: type=1400 audit(%d.112:287): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid=4112 comm=\"apparmor_parser\"" % int(t0.timestamp())),
    ]
    out = []
    for dt, msg in lines:
        out.append("%s %s" % (fmt(t0 + _dt.timedelta(seconds=dt)), msg))
    for dt, msg in extra:
        out.append("%s %s" % (fmt(t0 + _dt.timedelta(seconds=dt)), msg))
    return out
