"""A small model of a multi-node torchrun/Slurm GPU job, used to emit
consistent NCCL init blocks, pids and rank numbering across files."""
from common import (HCAS, BUSIDS, nccl_init, elastic, glog, plus, torchrun_table,
                    TORCHRUN_TB)


class GpuJob:
    def __init__(self, b, hosts, boot_if, boot_ips, net="IB", oob=None, gpn=8,
                 version="2.21.5+cuda12.4", commid=None, hcas=None, plugin=None):
        self.b = b
        self.rng = b.rng
        self.hosts = hosts
        self.boot_if = boot_if
        self.boot_ips = boot_ips
        self.net = net
        self.oob = oob  # list of (if, ip) per host, or None -> boot
        self.gpn = gpn
        self.version = version
        self.nranks = gpn * len(hosts)
        self.commid = commid or ("0x%016x" % self.rng.getrandbits(64))
        self.hcas = hcas or HCAS[:gpn]
        self.plugin = plugin
        # launcher (torchrun agent) pid and worker pids per node
        self.agent = []
        self.pids = []
        self.tids = []
        for _ in hosts:
            a = self.rng.randint(30000, 90000)
            self.agent.append(a)
            self.pids.append([a + 23 + i for i in range(gpn)])
            self.tids.append([a + 180 + self.rng.randint(0, 60) + 11 * i for i in range(gpn)])

    def rank(self, hi, lr):
        return hi * self.gpn + lr

    def where(self, rank):
        return rank // self.gpn, rank % self.gpn

    def init_block(self, hi, lr):
        oob = self.oob[hi] if self.oob else None
        return nccl_init(self.hosts[hi], self.pids[hi][lr], self.tids[hi][lr], lr,
                         self.rank(hi, lr), self.nranks, self.boot_if, self.boot_ips[hi],
                         self.net, hcas=self.hcas, oob=oob, version=self.version,
                         commid=self.commid, first=(hi == 0 and lr == 0), gpn=self.gpn,
                         plugin=self.plugin)

    def node_init(self, hi):
        L = []
        for lr in range(self.gpn):
            L += self.init_block(hi, lr)
        return L

    def torchrun_banner(self, hi, t, nproc=None):
        a = self.agent[hi]
        return [
            "%s " % elastic("W", t, a, "torch/distributed/run.py:793"),
            "%s *****************************************" % elastic("W", t, a, "torch/distributed/run.py:793"),
            "%s Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % elastic("W", t, a, "torch/distributed/run.py:793"),
            "%s *****************************************" % elastic("W", t, a, "torch/distributed/run.py:793"),
        ]

    def sigterm_lines(self, hi, t, skip=()):
        a = self.agent[hi]
        L = []
        for lr in range(self.gpn):
            if lr in skip:
                continue
            L.append("%s Sending process %d closing signal SIGTERM"
                     % (elastic("W", t, a, "torch/distributed/elastic/multiprocessing/api.py:897"), self.pids[hi][lr]))
        return L

    def failed_line(self, hi, lr, t, code):
        a = self.agent[hi]
        return ("%s failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python"
                % (elastic("E", t, a, "torch/distributed/elastic/multiprocessing/api.py:869"), code, lr, self.pids[hi][lr]))

    def child_failed(self, hi, script, failures):
        """failures: list of (lr, time, exitcode); first is the root cause."""
        fl = []
        for lr, t, code in failures:
            fl.append({"time": t, "host": self.hosts[hi], "rank": self.rank(hi, lr),
                       "local_rank": lr, "exitcode": code, "pid": self.pids[hi][lr]})
        return TORCHRUN_TB + torchrun_table(script, fl)


def barrier_warning(rank, t, rng, dev):
    return ("[rank%d]:%s [PG ID 0 PG GUID 0 Rank %d]  using GPU %d to perform barrier as devices used by this process are currently unknown. This can potentially cause a hang if this rank to GPU mapping is incorrect. Specify device_ids in barrier() to force use of a particular device, or call init_process_group() with a device_id."
            % (rank, glog("W", t, "ProcessGroupNCCL.cpp:4115", rng), rank, dev))


def node_header(j, hi, t, barrier=True):
    """torchrun banner, NCCL init for all local ranks and the barrier warning."""
    L = j.torchrun_banner(hi, t)
    if barrier:
        for lr in range(j.gpn):
            L.append(barrier_warning(j.rank(hi, lr), plus(t, 9 + lr * 0.01), j.rng, lr))
    L += j.node_init(hi)
    return L


def train_lines(t0, it0, it1, step_s, total, gbs, interval, rng, loss0=2.9, lr=3.0e-4, jitter=0.02):
    """Megatron-style iteration lines from it0 to it1 (inclusive, on the interval)."""
    from common import megatron_iter
    L = []
    it = it0 - (it0 % interval) + interval if it0 % interval else it0
    while it <= it1:
        t = plus(t0, (it - it0) * step_s)
        ms = step_s * 1000 * (1 + rng.uniform(-jitter, jitter))
        loss = loss0 * (0.985 ** (it / 200.0)) + rng.uniform(-0.03, 0.03)
        L.append(megatron_iter(t, it, total, gbs, ms, lr, loss, 0.25 + rng.uniform(0, 0.15)))
        it += interval
    return L


def sbatch_head(jobid, name, nodes, ntasks_per_node=1, extra=()):
    return ["#!/bin/bash",
            "#SBATCH --job-name=%s" % name,
            "#SBATCH --nodes=%d" % nodes,
            "#SBATCH --ntasks-per-node=%d" % ntasks_per_node,
            "#SBATCH --gpus-per-node=8",
            "#SBATCH --cpus-per-task=96",
            "#SBATCH --exclusive",
            "#SBATCH --output=slurm-%j.out"] + list(extra)
