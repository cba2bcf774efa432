"""Scenario helpers: simulate a torchrun multi-node job whose ranks all write logs,
where one root cause on one rank (or none) turns into a flood of c10d watchdog errors
on every other rank.  Case-specific evidence is added by build.py on top."""

from loglib import *  # noqa


def default_rank_file(hi, local, rank):
    return "rank_%d.log" % rank


class Job:
    def __init__(
        self,
        b,
        rng,
        hosts,
        ips,
        t_start,
        script="pretrain_gpt.py",
        gpus=8,
        torch_style="2.3",
        proto="IB",
        iface="ib0",
        attempt=None,
        nccl_version="2.19.3+cuda12.3",
        libdir=LIBDIR,
        rank_file=default_rank_file,
        agent_file="torchrun.log",
        plugin="none",
        hcas=None,
        kind="h100",
    ):
        self.b, self.rng, self.hosts, self.ips = b, rng, hosts, ips
        self.t_start, self.script, self.gpus = t_start, script, gpus
        self.torch_style, self.proto, self.iface = torch_style, proto, iface
        self.attempt, self.nccl_version, self.libdir = attempt, nccl_version, libdir
        self.rank_file, self.agent_file, self.plugin, self.hcas = (
            rank_file,
            agent_file,
            plugin,
            hcas,
        )
        self.kind = kind
        self.world = len(hosts) * gpus
        self.pids = {h: pids(rng) for h in hosts}
        self.agent_pid = {h: rng.randint(3000, 19000) for h in hosts}
        self.logs = {(hi, l): [] for hi in range(len(hosts)) for l in range(gpus)}
        self.agent = {hi: [] for hi in range(len(hosts))}
        self.end_time = {}
        self.marks = []

    def mark(self):
        """Remember the current length of every rank log (phase boundary for node_console)."""
        self.marks.append({k: len(v) for k, v in self.logs.items()})

    def rank(self, hi, local):
        return hi * self.gpus + local

    def where(self, rank):
        return rank // self.gpus, rank % self.gpus

    # ---------------------------------------------------------------- startup
    def startup(self, extra_rank0=None, extra_all=None, warn_all=None):
        rng = self.rng
        for hi, h in enumerate(self.hosts):
            t = self.t_start + jitter(rng, 500, 4000)
            ag = self.agent[hi]
            if self.torch_style == "2.3":
                ag.append(glog_agent(t, "W", self.agent_pid[h], "torch/distributed/run.py:757", ""))
                ag.append(
                    glog_agent(
                        t,
                        "W",
                        self.agent_pid[h],
                        "torch/distributed/run.py:757",
                        "*****************************************",
                    )
                )
                ag.append(
                    glog_agent(
                        t,
                        "W",
                        self.agent_pid[h],
                        "torch/distributed/run.py:757",
                        "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, "
                        "to avoid your system being overloaded, please further tune the variable for optimal "
                        "performance in your application as needed. ",
                    )
                )
                ag.append(
                    glog_agent(
                        t,
                        "W",
                        self.agent_pid[h],
                        "torch/distributed/run.py:757",
                        "*****************************************",
                    )
                )
            else:
                ag.append("[%s] torch.distributed.run: [WARNING] " % pylog(t))
                ag.append(
                    "[%s] torch.distributed.run: [WARNING] *****************************************"
                    % pylog(t)
                )
                ag.append(
                    "[%s] torch.distributed.run: [WARNING] Setting OMP_NUM_THREADS environment variable for each "
                    "process to be 1 in default, to avoid your system being overloaded, please further tune the "
                    "variable for optimal performance in your application as needed. " % pylog(t)
                )
                ag.append(
                    "[%s] torch.distributed.run: [WARNING] *****************************************"
                    % pylog(t)
                )
            for l in range(self.gpus):
                r = self.rank(hi, l)
                lg = self.logs[(hi, l)]
                if extra_all:
                    lg += extra_all(hi, l, r, t)
                if r == 0 and extra_rank0:
                    lg += extra_rank0(t)
                lg += nccl_init_lines(
                    h,
                    self.pids[h][l],
                    l,
                    self.ips[hi],
                    iface=self.iface,
                    hcas=self.hcas,
                    version=self.nccl_version,
                    plugin=self.plugin,
                    rank=r,
                    nranks=self.world,
                    rng=rng,
                    proto=self.proto,
                    kind=self.kind,
                )
                if warn_all:
                    lg += warn_all(hi, l, r, t)

    # ------------------------------------------------------------- cascade
    def watchdog_cascade(
        self,
        t_enq,
        seq,
        op,
        numel,
        timeout_ms=600000,
        skip=(),
        pg="0 (default_pg)",
        last_enq_delta=1,
        early=None,
    ):
        """Every rank not in skip times out on the same collective.
        early: rank -> death time of ranks that died before the timeout; their whole node is torn down
        by its agent, so no rank on such a node lives long enough to time out.
        Returns dict rank -> time its process died (watchdog abort)."""
        rng = self.rng
        died = {}
        skip = set(skip)
        if early:
            t_to = t_enq + ms(timeout_ms)
            for r, t in early.items():
                if t < t_to:
                    hi, _ = self.where(r)
                    skip |= {self.rank(hi, l) for l in range(self.gpus)}
        for (hi, l), lg in self.logs.items():
            r = self.rank(hi, l)
            if r in skip:
                continue
            t = t_enq + ms(timeout_ms) + jitter(rng, 40, 900)
            lg += watchdog_timeout_block(
                r,
                t,
                seq,
                op,
                numel[0],
                numel[1],
                timeout_ms,
                pg=pg,
                rng=rng,
                style="legacy" if self.torch_style in ("legacy", "2.1") else "2.3",
                last_enq=seq + last_enq_delta,
                libdir=self.libdir,
            )
            died[r] = t + ms(rng.randint(900, 1500))
        return died

    # -------------------------------------------------------------- agents
    def agents_after(self, died, exitcodes=None, sigterm=True, skip_hosts=()):
        """Each agent notices its first dead worker and tears the rest down."""
        exitcodes = exitcodes or {}
        out = {}
        for hi, h in enumerate(self.hosts):
            if hi in skip_hosts:
                continue
            local_deaths = [
                (died[self.rank(hi, l)], l) for l in range(self.gpus) if self.rank(hi, l) in died
            ]
            if not local_deaths:
                continue
            local_deaths.sort()
            t0, first = local_deaths[0]
            ec = exitcodes.get(self.rank(hi, first), -6)
            lines, t_end = agent_failure_block(
                h,
                self.agent_pid[h],
                t0 + jitter(self.rng, 50, 400),
                self.script,
                self.pids[h],
                first,
                ec,
                self.rank(hi, 0),
                sigterm_others=sigterm,
                rng=self.rng,
                style="2.3" if self.torch_style == "2.3" else "2.1",
            )
            self.agent[hi] += lines
            self.end_time[hi] = t_end
            out[hi] = (t0, first, t_end)
        return out

    # ---------------------------------------------------------------- emit
    def emit(self, skip_rank_files=()):
        for (hi, l), lg in self.logs.items():
            r = self.rank(hi, l)
            if r in skip_rank_files:
                continue
            self.b.add(self.hosts[hi], self.rank_file(hi, l, r), lg, attempt=self.attempt)
        for hi, ag in self.agent.items():
            if ag and self.agent_file:
                self.b.add(self.hosts[hi], self.agent_file, ag, attempt=self.attempt)


def megatron_progress(
    dt0,
    it0,
    n,
    step_s,
    rng,
    total=500000,
    gbs=1024,
    seq=4096,
    lr0=2.5e-4,
    loss0=2.31,
    tflops=398.0,
    every=10,
    slow_from=None,
    slow_factor=1.0,
):
    """Megatron iteration lines (printed by the last rank). Returns (lines, t_last, it_last)."""
    lines = []
    t = dt0
    it = it0
    for k in range(n):
        it += every
        f = slow_factor if (slow_from is not None and it >= slow_from) else 1.0
        el = step_s * 1000 * f * (1 + rng.uniform(-0.012, 0.012))
        t += ms(el * every)
        lines.append(
            megatron_iter_line(
                t,
                it,
                total,
                it * gbs,
                el,
                tflops / f * (1 + rng.uniform(-0.01, 0.01)),
                lr0 * (1 - it / total * 0.1),
                gbs,
                loss0 - 0.00002 * it + rng.uniform(-0.03, 0.03),
                0.2 + rng.uniform(0.02, 0.15),
            )
        )
    return lines, t, it


def node_console(job, hi, rng, prefix=True, chunk=(1, 4)):
    """Merge the local rank logs of node hi into one torchrun console stream (torch>=2.2 prefixes
    every worker line with [rankN]:), preserving each rank's order and the phases recorded by job.mark()."""

    def expand(r, lines):
        out = []
        for x in lines:
            for sub in x.split("\n"):
                if prefix and not sub.startswith("[rank%d]:" % r):
                    sub = "[rank%d]:%s" % (r, sub)
                out.append(sub)
        return out

    bounds = job.marks + [{k: len(v) for k, v in job.logs.items()}]
    out = []
    prev = {k: 0 for k in job.logs}
    for bd in bounds:
        queues = []
        for l in range(job.gpus):
            key = (hi, l)
            queues.append(expand(job.rank(hi, l), job.logs[key][prev[key] : bd[key]]))
        idx = [0] * len(queues)
        while True:
            live = [i for i, q in enumerate(queues) if idx[i] < len(q)]
            if not live:
                break
            fr = {i: idx[i] / float(len(queues[i])) for i in live}
            lo = min(fr.values())
            i = rng.choice([i for i in live if fr[i] <= lo + 0.05])
            n = rng.randint(*chunk)
            out += queues[i][idx[i] : idx[i] + n]
            idx[i] += n
        prev = dict(bd)
    return out
