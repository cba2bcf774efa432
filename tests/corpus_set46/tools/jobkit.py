"""Higher-level builders for a multi-node torchrun job."""
from common import (TD, f_glog, nccl_init, torchrun_start, watchdog_timeout, torchrun_sigterm, nvsmi_q, ibstat,
                    df_h, kernel_log, benign_kernel_events)


def base_pid(node_idx):
    return 41200 + node_idx * 1311


def launcher_log(host, node_idx, gpus, nranks, t_start, master, rng, prefix=True, body=None, tail=None,
                 nccl_ranks=None, ip=None, script="train.py"):
    """torchrun launcher log for one node: start banner, NCCL init, body, tail."""
    pid_host = base_pid(node_idx) - 17
    out = torchrun_start(t_start, pid_host, nranks // gpus, gpus, master)
    out = [l.replace("entrypoint       : train.py", "entrypoint       : %s" % script) for l in out]
    ip = ip or "10.42.%d.%d" % (node_idx // 200, 11 + node_idx)
    for lr in range(gpus):
        r = node_idx * gpus + lr
        if nccl_ranks is not None and r not in nccl_ranks:
            continue
        for l in nccl_init(host, base_pid(node_idx) + lr, lr, r, nranks, rng, ip=ip, iface="bond0"):
            out.append(("[rank%d]:" % r if prefix else "") + l)
    out += body or []
    out += tail or []
    return out


def all_timeouts(t, host, node_idx, gpus, seq, optype, numel, skip_ranks=(), timeout_ms=600000, prefix=True,
                 per_rank=None, dump=True):
    """Watchdog-timeout blocks for every local rank of a node (interleaved in time order), then the
    torchrun ChildFailedError with SIGTERMs to siblings."""
    lines = []
    first = None
    for lr in range(gpus):
        r = node_idx * gpus + lr
        if r in skip_ranks:
            continue
        tt = t + TD(milliseconds=(r * 37) % 900)
        s, o = seq, optype
        if per_rank and r in per_rank:
            s, o = per_rank[r]
        lines.append((tt, watchdog_timeout(tt, r, s, o, numel, timeout_ms=timeout_ms, prefix=prefix, dump=dump)))
        if first is None or tt < first[0]:
            first = (tt, lr, r)
    lines.sort(key=lambda x: x[0])
    out = []
    for _, ls in lines:
        out += ls
    tt, lr, r = first
    out += torchrun_sigterm(tt + TD(seconds=2), host, gpus, base_pid(node_idx), lr, r)
    return out


def std_node_diag(b, host, rng, t_boot, t_dump, gpus=8, nv_over=None, kfmt="T", kevents=None, ib_state=None,
                  with_ib=True, with_df=True, df_extra=None, root_use="38%", noise=6, t_noise_from=None):
    ev = list(kevents or [])
    ev += benign_kernel_events(rng, t_noise_from or (t_boot + TD(hours=1)), t_dump - TD(minutes=5), n=noise)
    kernel_log(b, host, kfmt, t_boot, ev, rng)
    b.add("%s/nvidia-smi-q.txt" % host, nvsmi_q(gpus, t_dump, overrides=nv_over))
    if with_ib:
        b.add("%s/ibstat.txt" % host, ibstat(state=ib_state))
    if with_df:
        b.add("%s/df-h.txt" % host, df_h(df_extra, root_use=root_use))
