"""Scenario building blocks shared by the case modules."""
import datetime as dt

from lib import (UTC, add, c10, glog, nccl_init_lines, pylog, render, sec, torchrun_fail_lines,
                 torchrun_start_lines, watchdog_block)


def hexid(rng, n=12):
    return "0x" + "".join(rng.choice("0123456789abcdef") for _ in range(n))


def nccl_init_events(ev, node, t, nranks, rng, comm=None, commid=None, rank_prefix=True, ver="2.20.5+cuda12.4",
                     ifname="ib0", nic_type="IB"):
    commid = commid or hexid(rng, 16)
    for local in range(node.gpn):
        cm = hexid(rng, 12)
        lines = nccl_init_lines(node, local, nranks, rng, ver=ver, comm=cm, commid=commid, ifname=ifname,
                                nic_type=nic_type, show_version=(node.rank(local) == 0))
        pre = "[rank%d]:" % node.rank(local) if rank_prefix else ""
        tt = t + dt.timedelta(milliseconds=rng.randint(0, 900) + local * 37)
        for i, ln in enumerate(lines):
            ev.append((tt + dt.timedelta(microseconds=i * 900), pre + ln))
    return commid


def nccl_init_per_local(node, t, nranks, rng, ver="2.20.5+cuda12.4", commid=None):
    commid = commid or hexid(rng, 16)
    res = {}
    for local in range(node.gpn):
        lines = nccl_init_lines(node, local, nranks, rng, ver=ver, comm=hexid(rng, 12), commid=commid,
                                show_version=(node.rank(local) == 0))
        tt = t + dt.timedelta(milliseconds=rng.randint(0, 900) + local * 37)
        res[local] = [(tt + dt.timedelta(microseconds=i * 900), ln) for i, ln in enumerate(lines)]
    return res


def timeout_events(ev, node, t_coll_start, seq, op, numel, timeout_ms, rng, locals_=None, prefix=True,
                   frames=True, skip=()):
    """Every local rank of node hits the watchdog timeout ~timeout after t_coll_start."""
    locals_ = range(node.gpn) if locals_ is None else locals_
    out_times = {}
    for local in locals_:
        if local in skip:
            continue
        t = t_coll_start + dt.timedelta(milliseconds=timeout_ms + rng.randint(20, 1800))
        blk = watchdog_block(node.rank(local), t, seq, op, numel, timeout_ms, rng, prefix=prefix,
                             frames=frames and local in (0, 3), last_enq=seq + rng.choice([0, 0, 1]))
        for i, ln in enumerate(blk):
            ev.append((t + dt.timedelta(microseconds=i * 40), ln))
        out_times[local] = t
    return out_times


def torchrun_console(ev, node, nnodes, t_start, master, port, run_id, entry, rng, failures, t_fail,
                     script="pretrain.py", log_dir=None, max_restarts=0, attempt=0, sigterm=True):
    st, tid = torchrun_start_lines(t_start, node, nnodes, 8, master, port, run_id, entry, rng,
                                   log_dir=log_dir, max_restarts=max_restarts, attempt=attempt)
    ev.extend(st)
    if failures:
        failed = {f[0] for f in failures}
        pids = [node.pid(l) for l in range(node.gpn) if l not in failed] if sigterm else []
        ev.extend(torchrun_fail_lines(t_fail, node, failures, script, rng, tid, sigterm_pids=pids,
                                      sigterm_t=t_fail - dt.timedelta(milliseconds=300)))
    return tid


def py_tb(frames, exc_lines):
    out = ["Traceback (most recent call last):"]
    for f, line, fn, code in frames:
        out.append('  File "%s", line %d, in %s' % (f, line, fn))
        if code:
            out.append("    " + code)
    out += exc_lines
    return out


def prefixed(lines, rank):
    return ["[rank%d]: %s" % (rank, ln) for ln in lines]


def write_console(case, rel, ev):
    case.w(rel, render(ev))


def sym_node(node, nnodes, t_start, master, run_id, entry, rng, t_coll, seq, op, numel, tmo, script="train.py",
             init_t=None, nranks=None, extra=None, log_dir=None, attempt=0, max_restarts=0):
    """Console of a node whose 8 ranks only show sympathetic watchdog timeouts."""
    ev = list(extra or [])
    if init_t is not None:
        nccl_init_events(ev, node, init_t, nranks or nnodes * node.gpn, rng)
    times = timeout_events(ev, node, t_coll, seq, op, numel, tmo, rng)
    first = min(times, key=times.get)
    tfail = times[first] + dt.timedelta(seconds=rng.uniform(0.6, 1.5))
    torchrun_console(ev, node, nnodes, t_start, master, 29500, run_id, entry, rng,
                     [(first, tfail - dt.timedelta(seconds=0.2), -6, None, None)], tfail, script=script,
                     log_dir=log_dir, attempt=attempt, max_restarts=max_restarts)
    return ev
