"""Composition helpers: a Run collects per-node log lines (ordered by time) for one attempt."""

from common import (PY, TORCHRUN, BUSIDS, TB_URL, child_failed, comm_id, comm_ptr, nccl_init,
                    sec, sigterm_lines, torchrun_header, torchrun_rdzv, ts_torchrun)


class Bundle:
    def __init__(self):
        self.files = {}

    def put(self, path, content):
        if isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        if path in self.files:
            raise ValueError("duplicate file " + path)
        self.files[path] = content


def ip_of(host):
    i = len(host)
    while i > 0 and host[i - 1].isdigit():
        i -= 1
    num = int(host[i:]) if host[i:] else 0
    third = sum(ord(c) for c in host[:i]) % 200 + 1
    return "10.%d.%d.%d" % (64 + third % 60, third, num + 10)


class Run:
    def __init__(self, nodes, start, rng, script="pretrain.py", nproc=8, restart=0, max_restarts=0,
                 python="/usr/bin/python", pid_base=None):
        self.nodes = list(nodes)
        self.t0 = start
        self.rng = rng
        self.script = script
        self.nproc = nproc
        self.restart = restart
        self.max_restarts = max_restarts
        self.python = python
        self.master = nodes[0]
        self.logs = {h: [] for h in nodes}
        self.seq = 0
        self.pids = {}
        for h in nodes:
            base = (pid_base or rng.randint(12000, 880000)) + (0 if pid_base is None else nodes.index(h) * 131)
            self.pids[h] = [base + 7 + i for i in range(nproc)]
        self.agent_pid = {h: self.pids[h][0] - 6 for h in nodes}
        self.commid = comm_id(rng)

    # ------------------------------------------------------------ basics
    def rank(self, host, lr):
        return self.nodes.index(host) * self.nproc + lr

    def add(self, host, t, lines):
        if isinstance(lines, str):
            lines = [lines]
        for ln in lines:
            self.seq += 1
            self.logs[host].append((t, self.seq, ln))

    def addp(self, host, lr, t, lines):
        if isinstance(lines, str):
            lines = [lines]
        self.add(host, t, ["[default%d]:%s" % (lr, ln) for ln in lines])

    def addr(self, host, lr, t, lines):
        """worker line carrying PyTorch's own [rankN]: prefix"""
        if isinstance(lines, str):
            lines = [lines]
        r = self.rank(host, lr)
        self.add(host, t, ["[default%d]:[rank%d]: %s" % (lr, r, ln) if not ln.startswith("[rank") else "[default%d]:%s" % (lr, ln) for ln in lines])

    def render(self, host):
        return [ln for _, _, ln in sorted(self.logs[host], key=lambda x: (x[0], x[1]))]

    # ------------------------------------------------------------ phases
    def startup(self, t=None, nccl=True, header=True, extra_env_lines=None):
        t = t or self.t0
        nn = len(self.nodes)
        for gi, h in enumerate(self.nodes):
            if header:
                self.add(h, t, torchrun_header(t, self.nproc, nn, endpoint="%s:29500" % self.master, max_restarts=self.max_restarts, script=self.script))
            self.add(h, t + sec(0.5), torchrun_rdzv(t + sec(0.5), nn, gi, self.nproc, self.restart, self.master))
            if extra_env_lines:
                self.add(h, t + sec(3), extra_env_lines)
            if nccl:
                from kit import ip_of as _ip
                for lr in range(self.nproc):
                    r = self.rank(h, lr)
                    lines = nccl_init(h, self.pids[h][lr], lr, r, nn * self.nproc, nn, BUSIDS[lr], _ip(h), comm_ptr(self.rng), self.commid, first=(r == 0))
                    self.addp(h, lr, t + sec(14 + lr * 0.01), lines)

    def fail_local(self, host, t, root, others, signal_others=True, summary=True):
        """root/others: (lr, exitcode, traceback-text). summary=False: only the agent's error line (restart follows)."""
        pids = self.pids[host]
        other_lrs = [o[0] for o in others]
        if signal_others:
            alive = [pids[lr] for lr in range(self.nproc) if lr != root[0] and lr not in other_lrs]
            self.add(host, t, sigterm_lines(t, alive))
        fails = [(self.rank(host, lr), lr, code, pids[lr], tb) for lr, code, tb in others]
        r = (self.rank(host, root[0]), root[0], root[1], pids[root[0]], root[2])
        full = child_failed(t + sec(1.2), host, self.script, fails, r, self.python)
        self.add(host, t + sec(1.2), full if summary else full[:1])

    def sigterm_agent(self, host, t, signame="SIGTERM", signum=15):
        pids = self.pids[host]
        L = ["%s torch.distributed.elastic.agent.server.api: [INFO] Received Signals.%s death signal, shutting down workers" % (ts_torchrun(t), signame)]
        L += sigterm_lines(t, pids)
        L += [
            "Traceback (most recent call last):",
            '  File "%s", line 8, in <module>' % TORCHRUN,
            "    sys.exit(main())",
            '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper' % PY,
            "    return f(*args, **kwargs)",
            '  File "%s/torch/distributed/run.py", line 919, in main' % PY,
            "    run(args)",
            '  File "%s/torch/distributed/run.py", line 910, in run' % PY,
            "    elastic_launch(",
            '  File "%s/torch/distributed/launcher/api.py", line 138, in __call__' % PY,
            "    return launch_agent(self._config, self._entrypoint, list(args))",
            '  File "%s/torch/distributed/launcher/api.py", line 260, in launch_agent' % PY,
            "    result = agent.run()",
            '  File "%s/torch/distributed/elastic/metrics/api.py", line 137, in wrapper' % PY,
            "    result = f(*args, **kwargs)",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 696, in run' % PY,
            "    result = self._invoke_run(role)",
            '  File "%s/torch/distributed/elastic/agent/server/api.py", line 849, in _invoke_run' % PY,
            "    time.sleep(monitor_interval)",
            '  File "%s/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler' % PY,
            "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
            "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: %d" % (self.agent_pid[host], signum),
        ]
        self.add(host, t, L)

    def restart_group(self, host, t, remaining, max_restarts, state="FAILED"):
        self.add(host, t, [
            "%s torch.distributed.elastic.agent.server.api: [INFO] [default] Worker group %s. %d/%d attempts left; will restart worker group" % (ts_torchrun(t), state, remaining, max_restarts),
            "%s torch.distributed.elastic.agent.server.api: [INFO] [default] Stopping worker group" % ts_torchrun(t),
        ])

    def succeed(self, host, t):
        self.add(host, t, [
            "%s torch.distributed.elastic.agent.server.api: [INFO] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish." % ts_torchrun(t),
            "%s torch.distributed.elastic.agent.server.api: [INFO] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish" % ts_torchrun(t),
            "%s torch.distributed.elastic.agent.server.api: [INFO] Done waiting for other agents. Elapsed: %.7f seconds" % (ts_torchrun(t + sec(3.1)), 3.0412 + self.nodes.index(host) * 0.37),
        ])


def sig_abrt_tb(pid):
    return "Signal 6 (SIGABRT) received by PID %d" % pid


def term_tb(pid):
    return "Signal 15 (SIGTERM) received by PID %d" % pid


__all__ = ["Bundle", "Run", "ip_of", "TB_URL", "sig_abrt_tb", "term_tb"]
