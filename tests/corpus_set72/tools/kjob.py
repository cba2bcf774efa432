"""Helpers that compose whole worker-pod logs (torchrun inside a Kubernetes pod)."""
from klib import (plus, pyts, nccl_init, torchrun_preamble, elastic_agent_start, elastic_rdzv_done,
                  iso_z, hexs)


def pod_torchrun_log(rng, host, node_rank, nnodes, nproc, t0, ip, net, master, run_id, entry,
                     body, bus=None, nccl_ver="2.21.5+cuda12.4", cuda_drv=12040, nnics=4,
                     timestamps=False, base_pid=None, banner=None, nccl_extra=None, comm=None,
                     init_gap=40.0, max_restarts=0, restart_count=0):
    """Return (lines, pids). body: list of (datetime, line) that follow NCCL init."""
    base_pid = base_pid or rng.randint(180, 420)
    pids = [base_pid + 2 * i for i in range(nproc)]
    timed = []
    for ln in (banner or []):
        timed.append((t0, ln))
    for ln in torchrun_preamble(t0, nproc):
        timed.append((t0, ln))
    for ln in elastic_agent_start(plus(t0, 0.4), entry, nnodes, nproc, "%s:29400" % master, run_id,
                                  max_restarts=max_restarts):
        timed.append((plus(t0, 0.4), ln))
    t_r = plus(t0, 6.0 + rng.uniform(0, 4))
    for ln in elastic_rdzv_done(t_r, node_rank, nnodes, nproc, master, restart_count=restart_count):
        timed.append((t_r, ln))
    t_n = plus(t0, init_gap + rng.uniform(0, 3))
    nl = nccl_init(rng, host, pids, node_rank * nproc, nnodes * nproc, net, ip, nccl_ver=nccl_ver,
                   cuda_drv=cuda_drv, bus=bus, nnics=nnics, extra_first=nccl_extra, comm=comm)
    for k, ln in enumerate(nl):
        timed.append((plus(t_n, k * 0.0007), ln))
    timed += body
    timed.sort(key=lambda x: x[0])
    if timestamps:
        lines = ["%s %s" % (iso_z(t, 9), ln) for t, ln in timed]
    else:
        lines = [ln for _, ln in timed]
    return lines, pids


def rank_traceback(rank, frames, exc):
    out = ["[rank%d]: Traceback (most recent call last):" % rank]
    for f in frames:
        if f.startswith("File"):
            out.append("[rank%d]:   %s" % (rank, f))
        else:
            out.append("[rank%d]: %s" % (rank, f))
    for e in exc if isinstance(exc, list) else [exc]:
        out.append("[rank%d]: %s" % (rank, e))
    return out


def sigterm_received(t, pids):
    out = ["[%s] torch.distributed.elastic.agent.server.api: [INFO] [default] Received Signals.SIGTERM death signal, shutting down workers" % pyts(t)]
    for i, p in enumerate(pids):
        out.append("[%s] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (pyts(plus(t, 0.002 * (i + 1))), p))
    return out


SIGNAL_TB = [
    "Traceback (most recent call last):",
    "  File \"/usr/local/bin/torchrun\", line 8, in <module>",
    "    sys.exit(main())",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py\", line 347, in wrapper",
    "    return f(*args, **kwargs)",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 812, in main",
    "    run(args)",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py\", line 803, in run",
    "    elastic_launch(",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 135, in __call__",
    "    return launch_agent(self._config, self._entrypoint, list(args))",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py\", line 259, in launch_agent",
    "    result = agent.run()",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/metrics/api.py\", line 123, in wrapper",
    "    result = f(*args, **kwargs)",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py\", line 727, in run",
    "    result = self._invoke_run(role)",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py\", line 868, in _invoke_run",
    "    time.sleep(monitor_interval)",
    "  File \"/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py\", line 62, in _terminate_process_handler",
    "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
    "torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15",
]


def training_operator_log(t_events):
    """t_events: list of (t, level, msg, extra-json-fields-string)."""
    out = []
    for t, lvl, msg, extra in t_events:
        out.append('{"level":"%s","ts":"%s","logger":"pytorchjob-controller","msg":"%s"%s}' % (
            lvl, iso_z(t, 3).replace("Z", "Z"), msg, extra))
    return out


def agent_failure_tail(t, host, script, pids, failed, root_idx, node_rank, nproc, root_extra=None,
                       exit_codes=None, tb_extra=None):
    """The torchrun agent noticing failures at t.

    failed: list of (local_idx, datetime, exitcode) of workers that died on their own.
    Everything else is SIGTERMed. Returns timed lines.
    """
    from klib import child_failed, TORCHRUN_TB
    timed = []
    dead = set(i for i, _, _ in failed)
    k = 0
    for i, p in enumerate(pids):
        if i in dead:
            continue
        tt = plus(t, 0.001 * (k + 1))
        k += 1
        timed.append((tt, "[%s] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process %d closing signal SIGTERM" % (pyts(tt), p)))
    te = plus(t, 1.6)
    ri, rt, rc = [f for f in failed if f[0] == root_idx][0]
    timed.append((te, "[%s] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3" % (pyts(te), rc, ri, pids[ri])))
    for ln in TORCHRUN_TB:
        timed.append((te, ln))
    fails = []
    for i, tt, ec in sorted(failed, key=lambda x: x[1]):
        if i == root_idx:
            continue
        fails.append({"rank": node_rank * nproc + i, "local_rank": i, "exitcode": ec, "pid": pids[i], "t": tt, "host": host})
    root = {"rank": node_rank * nproc + ri, "local_rank": ri, "exitcode": rc, "pid": pids[ri], "t": rt, "host": host}
    if root_extra:
        root.update(root_extra)
    for ln in child_failed(te, script, host, fails, root):
        timed.append((te, ln))
    return timed


def watchdog_pod_tail(rng, host, script, node_rank, nproc, pids, t, seq, op, numel, timeout_ms=600000,
                      spread=2.5, pg="0 (default_pg)"):
    """All local ranks hit the NCCL watchdog around t; agent reports. Returns timed lines."""
    from klib import watchdog_timeout
    timed = []
    order = list(range(nproc))
    rng.shuffle(order)
    failed = []
    for k, i in enumerate(order):
        r = node_rank * nproc + i
        tt = plus(t, spread * k / max(1, nproc) + rng.uniform(0, 0.05))
        for ln in watchdog_timeout(r, tt, seq, op, numel, ran_ms=timeout_ms + int((tt - t).total_seconds() * 1000) + rng.randint(3, 60), timeout_ms=timeout_ms, pg=pg):
            timed.append((tt, ln))
        failed.append((i, plus(tt, 0.4), -6))
    ta = plus(t, spread + 3.1)
    timed += agent_failure_tail(ta, host, script, pids, failed, order[0], node_rank, nproc)
    return timed
