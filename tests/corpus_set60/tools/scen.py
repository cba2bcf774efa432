"""Scenario assembly: collects timed chunks per (host, local rank) and renders
them as torchrun --tee consoles, per-rank files or one srun --label file."""

from lib import (sec, f_glog, f_glog_ns, nccl_ib_completion, nccl_socket_fail, nccl_socket_closed,
                 remote_error_abort, watchdog_timeout, megatron_iter, titan_step)
from jobs import agent_failure, agent_start_lines


class Scenario:
    def __init__(self, b, job, layout="tee", script="pretrain_gpt.py", agent_style="new",
                 c10d_style="new", slurm_file=None, prefix="", rank_file="rank_%02d.log",
                 console_name="console.log", launcher_name="launcher.log", hostnames=None):
        self.b = b
        self.job = job
        self.layout = layout
        self.script = script
        self.agent_style = agent_style
        self.c10d_style = c10d_style
        self.slurm_file = slurm_file
        self.prefix = prefix
        self.rank_file = rank_file
        self.console_name = console_name
        self.launcher_name = launcher_name
        self.chunks = {h: [] for h in job.hosts}
        self.seq = 0
        # folder name -> hostname seen inside the logs (e.g. k8s node -> pod name)
        self.hostnames = hostnames or {}

    # -------------------------------------------------------------- basics
    def add(self, h, lr, t, lines):
        if isinstance(lines, str):
            lines = [lines]
        self.chunks[h].append((t, lr, list(lines)))

    def start(self, t0, master=None):
        j = self.job
        for h in j.hosts:
            self.add(h, None, t0, agent_start_lines(t0, j, h, master, style=self.agent_style))
            for lr in range(j.gpn):
                self.add(h, lr, t0 + sec(21 + 0.05 * lr + 0.3 * j.node_rank(h)), j.init(h, lr))

    def megatron(self, t0, t1, it0, every_s, ms, total=250000, lr0=2.5e-4, loss0=2.6, every_it=10,
                 gbs=1024, h=None, lr=None, jitter=None):
        j = self.job
        h = h or j.hosts[-1]
        lr = j.gpn - 1 if lr is None else lr
        rng = j.rng
        t = t0
        it = it0
        while t < t1:
            loss = loss0 - 0.00002 * (it - it0) + rng.uniform(-0.03, 0.03)
            m = ms + rng.uniform(-8, 8) if jitter is None else jitter(t, it)
            self.add(h, lr, t, megatron_iter(t, it, total, m, lr0, loss, gbs=gbs, gn=0.3 + rng.uniform(0, 0.2)))
            it += every_it
            t = t + sec(every_s)
        return it

    def titan(self, t0, t1, step0, every_s, loss0=3.2, mem=61.2, tps=3400, mfu=41.0, every=10, h=None, lr=0):
        j = self.job
        h = h or j.hosts[0]
        rng = j.rng
        t = t0
        step = step0
        while t < t1:
            self.add(h, lr, t, titan_step(t, j.rank(h, lr), step, loss0 - 0.0001 * (step - step0) + rng.uniform(-0.02, 0.02),
                                          mem, tps + rng.randint(-40, 40), mfu + rng.uniform(-0.3, 0.3)))
            step += every
            t = t + sec(every_s)
        return step

    # -------------------------------------------------------------- failures
    def ib_error(self, h, lr, t, peer_host, status=12, kind="Send", opcode=0, vendor=129, port=None,
                 gids=None, hca=None, repeat=1, abort=True, abort_after=1.4, version=None):
        j = self.job
        port = port or 40000 + (j.rng.getrandbits(14))
        tid = j.proxy_tid(h, lr)
        peer_ip = j.ips[peer_host]
        lines = []
        for k in range(repeat):
            st = status if k == 0 else 5
            vd = vendor if k == 0 else 249
            op = opcode if k == 0 else 32656 + k
            lines += nccl_ib_completion(h, j.pid(h, lr), tid, lr, peer_ip, port, st, op, vd, kind,
                                        lgid=gids[0] if gids else None, rgid=gids[1] if gids else None, hca=hca)
        self.add(h, lr, t, lines)
        last = lines[1].split("NCCL WARN ", 1)[1]
        if abort:
            self.abort(h, lr, t + sec(abort_after), last, version=version)
        return last

    def sock_error(self, h, lr, t, peer_host, what="recv", err="Connection reset by peer", port=None,
                   abort=True, abort_after=0.9, closed=False, peer_name=None):
        j = self.job
        port = port or 40000 + j.rng.getrandbits(14)
        tid = j.proxy_tid(h, lr)
        peer = peer_name or j.ips[peer_host]
        if closed:
            lines = nccl_socket_closed(h, j.pid(h, lr), tid, lr, peer, port)
        else:
            lines = nccl_socket_fail(h, j.pid(h, lr), tid, lr, peer, port, what=what, err=err)
        self.add(h, lr, t, lines)
        last = lines[1].split("NCCL WARN ", 1)[1]
        if abort:
            self.abort(h, lr, t + sec(abort_after), last)
        return last

    def abort(self, h, lr, t, last, version=None):
        j = self.job
        ver = (version or j.version).split("+")[0]
        self.add(h, lr, t, remote_error_abort(t, j.rank(h, lr), last, version=ver, ns=j.rng.randint(0, 999)))

    def watchdog(self, h, lr, t, seq, op="ALLREDUCE", numel=None, timeout_ms=600000):
        j = self.job
        numel = numel or 125829120
        ran = timeout_ms + j.rng.randint(3, 90)
        lines = watchdog_timeout(t, j.rank(h, lr), seq, op=op, numel=numel, timeout_ms=timeout_ms, ran=ran,
                                 style=self.c10d_style, ns=j.rng.randint(0, 999))
        if self.c10d_style != "old":
            lines.append("[rank%d]:[%s ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                         % (j.rank(h, lr), f_glog_ns(t + sec(0.002), "E", j.rng.randint(0, 999)), j.rank(h, lr), j.rank(h, lr), seq, op, numel, numel, timeout_ms, ran))
            lines.append("terminate called after throwing an instance of 'c10::DistBackendError'")
        else:
            lines.append("terminate called after throwing an instance of 'std::runtime_error'")
            lines.append("  what():  [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
                         % (j.rank(h, lr), seq, op, numel, numel, timeout_ms, ran))
        self.add(h, lr, t, lines)

    def node_watchdogs(self, h, t, seq, op="ALLREDUCE", skip=(), timeout_ms=600000):
        for lr in range(self.job.gpn):
            if lr in skip:
                continue
            self.watchdog(h, lr, t + sec(0.011 * lr + 0.0003 * self.job.rng.randint(0, 999)), seq, op=op,
                          timeout_ms=timeout_ms)

    def agent_fail(self, h, t, failed_lr, exitcode=-6, others_exit=-15):
        self.add(h, None, t, agent_failure(t, self.job, h, failed_lr, exitcode, self.script,
                                           others_exit=others_exit, style=self.agent_style))

    def agent_sigterm(self, h, t, sig=15):
        j = self.job
        ap = j.agent_pid(h)
        L = []
        if self.agent_style == "new":
            L.append("W%s %d torch/distributed/elastic/agent/server/api.py:704] Received %s death signal, shutting down workers"
                     % (f_glog(t, ""), ap, "Signals.SIGTERM" if sig == 15 else "Signals.SIGINT"))
            for lr in range(j.gpn):
                L.append("W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
                         % (f_glog(t + sec(0.001 * (lr + 1)), ""), ap, j.pid(h, lr)))
        else:
            L.append("WARNING:torch.distributed.elastic.agent.server.api:Received Signals.SIGTERM death signal, shutting down workers")
            for lr in range(j.gpn):
                L.append("WARNING:torch.distributed.elastic.multiprocessing.api:Sending process %d closing signal SIGTERM" % j.pid(h, lr))
        L += ["Traceback (most recent call last):",
              '  File "/usr/local/bin/torchrun", line 8, in <module>',
              "    sys.exit(main())",
              "  ...",
              '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
              "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
              "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: %d" % (ap, sig)]
        self.add(h, None, t, L)

    # -------------------------------------------------------------- render
    def _rename(self, lines):
        if not self.hostnames:
            return lines
        out = []
        for ln in lines:
            for k, v in self.hostnames.items():
                if k in ln:
                    ln = ln.replace(k, v)
            out.append(ln)
        return out

    def render(self):
        j = self.job
        if self.hostnames:
            for h in j.hosts:
                self.chunks[h] = [(t, lr, self._rename(lines)) for t, lr, lines in self.chunks[h]]
        if self.layout == "tee":
            for h in j.hosts:
                out = []
                for t, lr, lines in sorted(self.chunks[h], key=lambda c: c[0]):
                    for ln in lines:
                        out.append(ln if lr is None else "[default%d]:%s" % (lr, ln))
                self.b.add("%s/%s%s" % (h, self.prefix, self.console_name), out)
        elif self.layout == "perrank":
            for h in j.hosts:
                per = {}
                for t, lr, lines in sorted(self.chunks[h], key=lambda c: c[0]):
                    key = "launcher" if lr is None else lr
                    per.setdefault(key, []).extend(lines)
                for key, lines in per.items():
                    if key == "launcher":
                        name = self.launcher_name
                    else:
                        name = self.rank_file % j.rank(h, key)
                    self.b.add("%s/%s%s" % (h, self.prefix, name), lines)
        elif self.layout == "slurm":
            allc = []
            for h in j.hosts:
                idx = j.node_rank(h)
                for t, lr, lines in self.chunks[h]:
                    allc.append((t, idx, lr, lines))
            out = []
            for t, idx, lr, lines in sorted(allc, key=lambda c: (c[0], c[1])):
                for ln in lines:
                    body = ln if lr is None else "[default%d]:%s" % (lr, ln)
                    out.append("%d: %s" % (idx, body))
            self.slurm_lines = out
        else:
            raise ValueError(self.layout)
