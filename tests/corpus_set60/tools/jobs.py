"""A small model of a multi-node torchrun job, used to emit consistent rank
numbers, pids, NCCL init blocks and launcher consoles."""

from lib import (nccl_init, f_glog, f_py, sec, torchrun_failed, child_failed_summary)


class Job:
    def __init__(self, rng, hosts, ips, gpn=8, oob_if="ib0", net="IB", hcas=None,
                 version="2.21.5+cuda12.4", roce=False, channels=4):
        self.rng = rng
        self.hosts = list(hosts)
        self.ips = dict(ips)
        self.gpn = gpn
        self.oob_if = oob_if
        self.net = net
        self.hcas = hcas or ["mlx5_0", "mlx5_1", "mlx5_2", "mlx5_3", "mlx5_4", "mlx5_5", "mlx5_6", "mlx5_7"][:max(1, gpn)]
        self.version = version
        self.roce = roce
        self.channels = channels
        self.base = {h: rng.randint(21000, 98000) for h in self.hosts}
        self.comm = "0x%012x" % rng.getrandbits(48)
        self.commid = "0x%016x" % rng.getrandbits(64)

    @property
    def nranks(self):
        return len(self.hosts) * self.gpn

    def node_rank(self, h):
        return self.hosts.index(h)

    def rank(self, h, lr):
        return self.node_rank(h) * self.gpn + lr

    def agent_pid(self, h):
        return self.base[h]

    def pid(self, h, lr):
        return self.base[h] + 23 + lr * 3

    def pids(self, h):
        return [self.pid(h, lr) for lr in range(self.gpn)]

    def proxy_tid(self, h, lr):
        return self.pid(h, lr) + 412 + lr

    def host_of_rank(self, r):
        return self.hosts[r // self.gpn], r % self.gpn

    def init(self, h, lr, oob_if=None):
        return nccl_init(h, self.pid(h, lr), lr, self.rank(h, lr), self.nranks, oob_if or self.oob_if,
                         self.ips[h], self.rng, net=self.net, hcas=self.hcas, version=self.version,
                         channels=self.channels, gpn=self.gpn, comm=None, commid=self.commid, roce=self.roce)


def tee_console(chunks, tee=True):
    """chunks: list of (t, lr_or_None, lines). lr None => launcher/agent line, printed bare.
    With tee=True worker lines get the torchrun '[defaultN]:' prefix."""
    out = []
    for t, lr, lines in sorted(chunks, key=lambda c: c[0]):
        for ln in lines:
            if lr is None or not tee:
                out.append(ln)
            else:
                out.append("[default%d]:%s" % (lr, ln))
    return out


def agent_start_lines(t, job, h, master, port=29500, rdzv="c10d", style="new", max_restarts=0):
    L = []
    if style == "new":
        L.append("W%s %d torch/distributed/run.py:793] " % (f_glog(t, ""), job.agent_pid(h)))
        L.append("W%s %d torch/distributed/run.py:793] *****************************************" % (f_glog(t, ""), job.agent_pid(h)))
        L.append("W%s %d torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (f_glog(t, ""), job.agent_pid(h)))
        L.append("W%s %d torch/distributed/run.py:793] *****************************************" % (f_glog(t, ""), job.agent_pid(h)))
    else:
        L.append("WARNING:torch.distributed.run:")
        L.append("*****************************************")
        L.append("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
        L.append("*****************************************")
    return L


def agent_failure(t, job, h, failed_lr, exitcode, script, others_exit=-15, style="new", root=None):
    """torchrun side of a node where local rank failed_lr died first."""
    L = torchrun_failed(t, job.agent_pid(h), job.pids(h), failed_lr, exitcode, style=style)
    fails = []
    for lr in range(job.gpn):
        if lr == failed_lr:
            continue
        fails.append({"rank": job.rank(h, lr), "local_rank": lr, "exitcode": others_exit, "pid": job.pid(h, lr)})
    rootf = root or {"rank": job.rank(h, failed_lr), "local_rank": failed_lr, "exitcode": exitcode,
                     "pid": job.pid(h, failed_lr)}
    L += child_failed_summary(script, t + sec(2), h, fails, rootf)
    return L


def py_info(t, name, msg, lvl="INFO"):
    return "%s - %s - %s - %s" % (f_py(t), name, lvl, msg)
