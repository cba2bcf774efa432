"""Cluster/job scaffolding shared by the case modules: per-node launcher
logs with NCCL init floods, progress printing, watchdog storms."""

from corpus_lib import (nccl_init, tee, interleave, torchrun_banner, f_torchlog, f_pylog, add,
                        watchdog_timeout, sigterm_lines, agent_failed, child_failed)


class Job:
    def __init__(self, rng, hosts, ips, gpn=8, pid_base=40000, nccl="2.19.3+cuda12.3", script="train.py",
                 hcas=None, ifname="ib0"):
        self.rng = rng
        self.hosts = hosts
        self.ips = ips
        self.gpn = gpn
        self.nranks = gpn * len(hosts)
        self.nccl = nccl
        self.script = script
        self.hcas = hcas
        self.ifname = ifname
        self.pids = {}
        for ni, h in enumerate(hosts):
            base = pid_base + ni * 1117 + rng.randrange(300)
            self.pids[h] = [base + lr * 2 + rng.randrange(2) for lr in range(gpn)]
        self.commid = "0x%016x" % rng.getrandbits(64)
        self.comm = {h: ["0x%x" % (0x55d0c0000000 + rng.getrandbits(28)) for _ in range(gpn)] for h in hosts}

    def rank(self, host, lr):
        return self.hosts.index(host) * self.gpn + lr

    def host_of(self, rank):
        return self.hosts[rank // self.gpn]

    def nccl_lines(self, host, plugin_notice=True, channels=4, use_tee=True):
        ni = self.hosts.index(host)
        streams = []
        for lr in range(self.gpn):
            pid = self.pids[host][lr]
            lines = nccl_init(host, pid, pid + 163 + lr, lr, ni * self.gpn + lr, self.nranks, self.ips[ni],
                              ifname=self.ifname, version=self.nccl, hcas=self.hcas, comm=self.comm[host][lr],
                              commid=self.commid, gpus_per_node=self.gpn, plugin_notice=plugin_notice,
                              channels=channels)
            streams.append(tee(lr, lines) if use_tee else lines)
        return interleave(self.rng, streams)

    def launcher_head(self, host, t0, extra=None):
        out = torchrun_banner(t0)
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO] Starting elastic_operator with launch configs:")
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   entrypoint       : %s" % self.script)
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   min_nodes        : %d" % len(self.hosts))
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   max_nodes        : %d" % len(self.hosts))
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   nproc_per_node   : %d" % self.gpn)
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   run_id           : %d" % (4000 + self.rng.randrange(5000)))
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   rdzv_backend     : c10d")
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   rdzv_endpoint    : %s:29500" % self.hosts[0])
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   max_restarts     : 0")
        out.append(f_torchlog(add(t0, 0.4)) + " torch.distributed.launcher.api: [INFO]   monitor_interval : 5")
        out.append(f_torchlog(add(t0, 2.1)) + " torch.distributed.elastic.agent.server.api: [INFO] [default] starting workers for entrypoint: python3")
        out.append(f_torchlog(add(t0, 2.1)) + " torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous'ing worker group")
        out.append(f_torchlog(add(t0, 7.8)) + " torch.distributed.elastic.agent.server.api: [INFO] [default] Rendezvous complete for workers. Result:")
        out.append("  restart_count=0")
        out.append("  master_addr=%s" % self.hosts[0])
        out.append("  master_port=29500")
        ni = self.hosts.index(host)
        out.append("  group_rank=%d" % ni)
        out.append("  group_world_size=%d" % len(self.hosts))
        out.append("  local_ranks=%s" % list(range(self.gpn)))
        out.append("  role_ranks=%s" % [ni * self.gpn + i for i in range(self.gpn)])
        out.append("  global_ranks=%s" % [ni * self.gpn + i for i in range(self.gpn)])
        out.append("  role_world_sizes=%s" % ([self.nranks] * self.gpn))
        out.append("  global_world_sizes=%s" % ([self.nranks] * self.gpn))
        out.append("")
        out.append(f_torchlog(add(t0, 7.9)) + " torch.distributed.elastic.agent.server.api: [INFO] [default] Starting worker group")
        if extra:
            out += extra
        return out

    def watchdog_storm(self, host, t, seq, op="ALLREDUCE", numel=1, skip=(), timeout_ms=600000, use_tee=True):
        """All local ranks of `host` report a watchdog timeout around time t."""
        out = []
        for lr in range(self.gpn):
            if lr in skip:
                continue
            r = self.rank(host, lr)
            ms = timeout_ms + 17 + self.rng.randrange(400)
            lines = watchdog_timeout(r, seq, op, ms, numel=numel, timeout_ms=timeout_ms)
            out += tee(lr, lines) if use_tee else lines
        return out

    def agent_teardown(self, host, t, failed_lr, exitcode, reason_lines=None, signal_name=None, others=None):
        """torchrun agent reaction when local rank `failed_lr` dies."""
        out = []
        pids = self.pids[host]
        out += sigterm_lines(t, [p for i, p in enumerate(pids) if i != failed_lr and (not others or i not in [o[1] for o in others])])
        out += agent_failed(add(t, 0.3), exitcode, failed_lr, pids[failed_lr])
        oth = []
        if others:
            for (orank, olr, ocode) in others:
                oth.append((orank, olr, ocode, pids[olr]))
        out += child_failed(add(t, 0.3), host, self.script, self.rank(host, failed_lr), failed_lr, exitcode,
                            pids[failed_lr], others=oth, signal_name=signal_name)
        return out


def progress_pylog(t0, step0, step1, every, sec_per_step, fmt, rng, logger="train"):
    """Python-logging style progress lines. fmt(step, t) -> message."""
    out = []
    s = step0
    t = t0
    while s <= step1:
        out.append("%s - %s - INFO - %s" % (f_pylog(t), logger, fmt(s, t)))
        s += every
        t = add(t, every * sec_per_step * (1 + rng.uniform(-0.01, 0.01)))
    return out, t
