"""A generic multi-node torchrun run: init, training progress, per-rank fates,
agent teardown.  Cases supply the specific evidence; this module supplies the
bulk of the realistic noise around it."""
from common import Log, ms, sec, nccl_init, agent_teardown, agent_line, megatron_iter, pylog


class Fate:
    """How one rank ends. lines are printed at dt; pre is a list of (dt, lines)
    printed earlier (e.g. NCCL WARN blocks)."""

    def __init__(self, dt, lines=None, exitcode=-6, tb=None, pre=None):
        self.dt = dt
        self.lines = lines or []
        self.exitcode = exitcode
        self.tb = tb
        self.pre = pre or []


def run_logs(nodes, nranks, rng, *, t_init, nccl_opts=None, progress=None, fates=None,
             script="pretrain_gpt.py", style="new", killed_at=None, banner=None,
             extra=None):
    """Return {host: Log}.

    nccl_opts: dict passed to nccl_init (None -> NCCL_DEBUG not INFO, no init lines)
    progress: dict(host=..., start=dt, first=it, last=it, ms=float, total=int, every=int,
                   loss0=float, slow=[(it_from, it_to, ms)] optional)
    fates: {global_rank: Fate}
    killed_at: {host: dt} nodes whose agent received SIGTERM from srun without own failures
    extra: {host: [(dt, lines)]} arbitrary additional lines
    """
    fates = fates or {}
    logs = {}
    for n in nodes:
        log = Log()
        logs[n.host] = log
        if banner:
            log.extend(t_init - sec(20), banner(n))
        log.add(t_init - sec(12), agent_line(t_init - sec(12), "WARNING",
                                            "\n*****************************************\n"
                                            "Setting OMP_NUM_THREADS environment variable for each process to be 1 "
                                            "in default, to avoid your system being overloaded, please further tune "
                                            "the variable for optimal performance in your application as needed. \n"
                                            "*****************************************", style, n.agent_pid)
                if style == "new" else
                f"[{pylog(t_init - sec(12))}] torch.distributed.run: [WARNING] \n[{pylog(t_init - sec(12))}] "
                f"torch.distributed.run: [WARNING] *****************************************")
        if nccl_opts is not None:
            for lr in range(n.gpn):
                nccl_init(n, lr, nranks, rng, t_init, log, **nccl_opts)
        if extra and n.host in extra:
            for dt, lines in extra[n.host]:
                log.extend(dt, lines, step=ms(1))

    if progress:
        log = logs[progress["host"]]
        t = progress["start"]
        it = progress["first"]
        every = progress.get("every", 10)
        loss = progress.get("loss0", 3.4)
        while it <= progress["last"]:
            msit = progress["ms"] * (1 + rng.uniform(-0.015, 0.015))
            for a, b, m in progress.get("slow", []):
                if a <= it <= b:
                    msit = m * (1 + rng.uniform(-0.05, 0.05))
            t = t + ms(msit * every)
            if progress.get("stop") and t > progress["stop"]:
                break
            loss = max(1.6, loss - rng.uniform(0.0, 0.004) + rng.uniform(-0.002, 0.002))
            lrate = progress.get("lr", 3.0e-4)
            log.add(t, megatron_iter(t, it, progress["total"], msit, loss, lrate, rng.uniform(0.18, 0.42),
                                     progress.get("gbs", 1024)))
            it += every
        progress["end_time"] = t

    by_host = {n.host: n for n in nodes}
    for n in nodes:
        log = logs[n.host]
        mine = {lr: fates[n.rank(lr)] for lr in range(n.gpn) if n.rank(lr) in fates}
        for lr, f in mine.items():
            for dt, lines in f.pre:
                log.extend(dt, lines, step=ms(1))
            log.extend(f.dt, f.lines, step=ms(1))
        if mine:
            first = min(f.dt for f in mine.values())
            cutoff = first + ms(600)
            failed = sorted([(lr, f.exitcode, f.dt, f.tb) for lr, f in mine.items() if f.dt <= cutoff],
                            key=lambda x: x[2])
            killed = [lr for lr in range(n.gpn) if lr not in [x[0] for x in failed]]
            agent_teardown(n, cutoff, failed, killed, log, script, style)
        elif killed_at and n.host in killed_at:
            dt = killed_at[n.host]
            log.add(dt, agent_line(dt, "WARNING", "Received Signals.SIGTERM death signal, shutting down workers",
                                   style, n.agent_pid))
            for lr in range(n.gpn):
                log.add(dt + ms(3 + lr), agent_line(dt + ms(3 + lr), "WARNING",
                                                    f"Sending process {n.pid(lr)} closing signal SIGTERM", style,
                                                    n.agent_pid))
            log.extend(dt + sec(1), [
                "Traceback (most recent call last):",
                '  File "/usr/local/bin/torchrun", line 8, in <module>',
                "    sys.exit(main())",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", '
                'line 727, in run',
                "    result = self._invoke_run(role)",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", '
                'line 62, in _terminate_process_handler',
                "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
                f"torch.distributed.elastic.multiprocessing.api.SignalException: Process {n.agent_pid} got signal: 15",
            ])
    return logs


def srun_tail(jobid, entries, cancel_host, cancel_dt):
    """entries: list of (host, task, code) in order they were reported"""
    L = []
    for host, task, code in entries:
        L.append(f"srun: error: {host}: task {task}: Exited with exit code {code}")
        if len(L) == 1:
            L.append("srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
    L.append(f"slurmstepd: error: *** STEP {jobid}.0 ON {cancel_host} CANCELLED AT {cancel_dt:%Y-%m-%dT%H:%M:%S} ***")
    return L


def merge(logs, prefix):
    """Merge per-host Logs into one, each line prefixed by prefix(host)."""
    out = Log()
    allitems = []
    for h, lg in logs.items():
        for dt, n, line in lg.items:
            allitems.append((dt, h, n, line))
    allitems.sort(key=lambda x: (x[0], x[1], x[2]))
    for dt, h, n, line in allitems:
        out.add(dt, prefix(h) + line)
    return out
