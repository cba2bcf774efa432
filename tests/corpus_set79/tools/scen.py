"""Scenario helpers: torchrun agent teardown, Slurm lines, training progress."""
import datetime as dt

from common import (S, child_failed, elastic, signal_exc_trace, torchrun_trace, ts_py,
                    wd_timeout, wd_remote)


def ms(n):
    return dt.timedelta(milliseconds=n)


def agent_start(style, cl, host, t, nnodes, nproc=8, rdzv="c10d", master=None, port=29500):
    tid = cl.agent_tid[host]
    master = master or cl.hosts[0]
    ev = []
    if style == "v24":
        ev.append((t, elastic(style, t, "W", tid, "", src="torch/distributed/run.py:793")))
        ev.append((t, "*****************************************\n"
                   "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. \n"
                   "*****************************************"))
    else:
        ev.append((t, "*****************************************\n"
                   "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. \n"
                   "*****************************************"))
    return ev


def agent_local_failure(style, cl, host, t, failed, exitcode, script, tb=None,
                        also_failed=(), binary="/usr/bin/python3", error_file=None,
                        term_gap_ms=120, root_time=None, kill_wait_s=None):
    """Agent on host sees `failed` exit at t (exitcode); SIGTERMs survivors; ChildFailedError.
    also_failed: [(rank, exitcode, time)] other local children that died on their own."""
    tid = cl.agent_tid[host]
    ev = []
    dead = {failed} | {r for r, _, _ in also_failed}
    tt = t + ms(term_gap_ms)
    for r in cl.ranks(host):
        if r not in dead:
            ev.append((tt, elastic(style, tt, "W", tid, "Sending process %d closing signal SIGTERM" % cl.pid[r])))
            tt += ms(1)
    tf = tt + ms(1800)
    if kill_wait_s:
        tk = t + ms(term_gap_ms) + S(kill_wait_s)
        for r in cl.ranks(host):
            if r not in dead:
                ev.append((tk, elastic(style, tk, "W", tid, "Unable to shutdown process %d via Signals.SIGTERM, forcefully exiting via Signals.SIGKILL" % cl.pid[r], src="torch/distributed/elastic/multiprocessing/api.py:916")))
                tk += ms(2)
        tf = tk + ms(600)
    ev.append((tf, elastic(style, tf, "E", tid, "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (
        exitcode, cl.lr(failed), cl.pid[failed], binary), src="torch/distributed/elastic/multiprocessing/api.py:869")))
    root = dict(time=root_time or t, host=host, rank=failed, local_rank=cl.lr(failed), exitcode=exitcode,
                pid=cl.pid[failed], traceback=tb)
    if error_file:
        root["error_file"] = error_file
    fails = [dict(time=ft, host=host, rank=r, local_rank=cl.lr(r), exitcode=ec, pid=cl.pid[r])
             for r, ec, ft in also_failed]
    lines = torchrun_trace() + child_failed(script, fails, root)
    ev.append((tf + ms(2), "\n".join(lines)))
    return ev


def agent_sigterm(style, cl, host, t, sig=15):
    """Agent killed by srun/slurmstepd: forwards SIGTERM to workers, raises SignalException."""
    tid = cl.agent_tid[host]
    ev = [(t, elastic(style, t, "W", tid, "Received Signals.%s death signal, shutting down workers" % (
        "SIGTERM" if sig == 15 else "SIGINT"), src="torch/distributed/elastic/agent/server/api.py:704"))]
    tt = t + ms(3)
    for r in cl.ranks(host):
        ev.append((tt, elastic(style, tt, "W", tid, "Sending process %d closing signal SIGTERM" % cl.pid[r])))
        tt += ms(1)
    ev.append((tt + ms(2100), "\n".join(signal_exc_trace(cl.agent_pid[host], sig))))
    return ev


def megatron_iter(t, it, total, consumed, ms_per_it, lr, loss, scale, gnorm, skipped=0, nan=0):
    return (" [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
            "learning rate: %.6E | global batch size:  1024 | lm loss: %.6E | loss scale: %.1f | grad norm: %s | "
            "number of skipped iterations: %3d | number of nan iterations: %3d |") % (
        t.strftime("%Y-%m-%d %H:%M:%S"), it, total, consumed, ms_per_it, lr, loss, scale,
        gnorm if isinstance(gnorm, str) else "%.3f" % gnorm, skipped, nan)


def progress(t0, step0, n, dt_s, fmt, rng, loss0=2.1, **kw):
    """n training progress events from t0, one every dt_s seconds."""
    ev = []
    for i in range(n):
        t = t0 + S(i * dt_s + rng.random() * 0.3)
        step = step0 + i * kw.get("every", 1)
        loss = loss0 - 0.0004 * i + rng.random() * 0.02
        ev.append((t, fmt(t, step, loss)))
    return ev


def srun_label(events, task):
    """Prefix with srun --label task numbers."""
    out = []
    for t, txt in events:
        out.append((t, "\n".join("%d: %s" % (task, l) for l in txt.split("\n"))))
    return out
