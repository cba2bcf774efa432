"""Job-level helpers that produce realistic per-node launcher output."""
import random
from common import (add, c10, pylog, nccl_init, watchdog, dist_backend_tb, elastic_sigterm,
                    child_failed, SIGABRT, SIGTERM, megatron_iters)


class Job:
    def __init__(self, hosts, gpn, t0, seed, script="pretrain_gpt.py", prefix="default", nccl_ver="2.21.5"):
        self.hosts = hosts
        self.gpn = gpn
        self.world = len(hosts) * gpn
        self.t0 = t0
        self.rng = random.Random(seed)
        self.script = script
        self.prefix = prefix
        self.nccl_ver = nccl_ver
        self.pids = {h: 20000 + (i * 3331 + seed * 17) % 30000 for i, h in enumerate(hosts)}

    def grank(self, hi, local):
        return hi * self.gpn + local

    def pid(self, hi, local):
        return self.pids[self.hosts[hi]] + 1 + local

    def pfx(self, hi, local, line):
        if self.prefix == "default":
            return f"[default{local}]:{line}"
        if self.prefix == "srun":
            return f"{self.grank(hi, local)}: {line}"
        return line

    def startup(self, hi, master="10.40.1.11", port=29500, nnodes=None):
        h = self.hosts[hi]
        t = self.t0
        nn = nnodes or len(self.hosts)
        out = [(t, f"[{pylog(t)}] torch.distributed.run: [WARNING] "),
               (t, f"[{pylog(t)}] torch.distributed.run: [WARNING] *****************************************"),
               (t, f"[{pylog(t)}] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
               (t, f"[{pylog(t)}] torch.distributed.run: [WARNING] *****************************************")]
        t1 = add(t, 0.4)
        out.append((t1, f"[{pylog(t1)}] torch.distributed.launcher.api: [INFO] Starting elastic_operator with launch configs:\n  entrypoint       : {self.script}\n  min_nodes        : {nn}\n  max_nodes        : {nn}\n  nproc_per_node   : {self.gpn}\n  run_id           : job{self.rng.randint(100000, 999999)}\n  rdzv_backend     : c10d\n  rdzv_endpoint    : {master}:{port}\n  rdzv_configs     : {{'timeout': 900}}\n  max_restarts     : 0\n  monitor_interval : 5\n  log_dir          : /tmp/torchelastic_x1\n  metrics_cfg      : {{}}\n"))
        t2 = add(t, 14 + hi * 0.03)
        for l in range(self.gpn):
            g = self.grank(hi, l)
            for k, line in enumerate(nccl_init(h, self.pid(hi, l), l, g, self.world, ver=self.nccl_ver)):
                out.append((add(t2, 0.01 * k + 0.002 * l), self.pfx(hi, l, line)))
        return out

    def flood(self, hi, t_fail, seq, skip_local=(), op="ALLREDUCE", timeout_ms=600000, root_local=None,
              root_exit=-6, root_tb=None, frames=True, tb=True, extra_fail=None):
        """Sympathetic flood for one host, starting at t_fail. Returns (time,line)."""
        out = []
        for l in range(self.gpn):
            if l in skip_local:
                continue
            g = self.grank(hi, l)
            tl = add(t_fail, 0.003 * l + self.rng.uniform(0, 0.05))
            for k, line in enumerate(watchdog(g, tl, seq, op=op, timeout_ms=timeout_ms, frames=frames)):
                out.append((add(tl, k * 1e-5), self.pfx(hi, l, line)))
            if tb:
                for k, line in enumerate(dist_backend_tb(g, script=self.script)):
                    out.append((add(tl, 0.2 + k * 1e-5), self.pfx(hi, l, line)))
        te = add(t_fail, 2.5)
        pids = [self.pid(hi, l) for l in range(self.gpn)]
        rl = root_local if root_local is not None else min(set(range(self.gpn)) - set(skip_local) or {0})
        out += [(te, x) for x in elastic_sigterm(te, [p for i, p in enumerate(pids) if i != rl])]
        te2 = add(te, 4.1)
        root = (self.grank(hi, rl), rl, root_exit, pids[rl], root_tb or SIGABRT(pids[rl]))
        fails = extra_fail if extra_fail is not None else [
            (self.grank(hi, l), l, -15, pids[l], SIGTERM(pids[l])) for l in range(self.gpn) if l != rl][:3]
        out += [(te2, x) for x in child_failed(te2, self.hosts[hi], self.script, fails, root)]
        return out

    def iters(self, start, end, step_s, t_begin=None, **kw):
        return megatron_iters(t_begin or add(self.t0, 95), start, end, step_s, self.rng, **kw)
