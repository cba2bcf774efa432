"""Bigger building blocks shared by the case modules: a node's torchrun console,
kernel-log noise, Slurm epilog files."""

from common import plus, st_c10, st_dmesg_T, st_glog, st_journal, st_uptime, uptime_of
from gen import agent_failed_line, agent_start, child_failed, nccl_init, sigterm_lines


def pids_for(rng, nproc):
    base = rng.randint(21000, 390000)
    return [base + 3 * i + rng.randint(0, 2) for i in range(nproc)]


def torchrun_head(host, t, *, rng, nnodes, nproc, endpoint, run_id, node_idx, nccl=False,
                  nccl_kw=None, local=None):
    """Agent start lines plus (optionally) NCCL INFO init lines of the local ranks."""
    agent_pid = rng.randint(20000, 390000)
    pids = pids_for(rng, nproc)
    out = agent_start(t, agent_pid, nnodes, nproc, endpoint=endpoint, run_id=run_id)
    if nccl:
        kw = dict(nccl_kw or {})
        for lr in (local if local is not None else range(nproc)):
            r = node_idx * nproc + lr
            out += [f"[rank{r}]:" + ln for ln in nccl_init(host, pids[lr], lr, r, nnodes * nproc, rng=rng, **kw)]
    return agent_pid, pids, out


def torchrun_tail(host, t, *, agent_pid, pids, node_idx, nproc, script, failed, exitcode=-6,
                  root_local=None, extra_failed=None):
    """Agent lines after local worker(s) failed: SIGTERM to the others and the
    ChildFailedError table. failed: local ranks that died (first is the root cause)."""
    root_local = failed[0] if root_local is None else root_local
    out = []
    others = [pids[i] for i in range(nproc) if i not in failed]
    out += sigterm_lines(plus(t, 0.5), agent_pid, others)
    out.append(agent_failed_line(plus(t, 1.4), agent_pid, exitcode, root_local, pids[root_local]))
    fails = []
    for i, lr in enumerate(failed):
        ec = exitcode if not extra_failed or lr not in extra_failed else extra_failed[lr]
        fails.append({"rank": node_idx * nproc + lr, "local_rank": lr, "exitcode": ec,
                      "pid": pids[lr], "time": plus(t, 0.3 * i)})
    out += child_failed(script, host, plus(t, 1.4), fails)
    return out


def kernel_noise_dmesg_T(t, host, rng, n=4):
    msgs = [
        "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
        "mlx5_core 0000:18:00.0: mlx5_fw_tracer_handle_traces:1138:(pid 812): FWTracer: Events were lost",
        "audit: type=1400 audit(1718001.112:112): apparmor=\"STATUS\" operation=\"profile_replace\" "
        "profile=\"unconfined\" name=\"docker-default\" pid=44120 comm=\"apparmor_parser\"",
        "docker0: port 1(veth3e1c2a1) entered blocking state",
        "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing",
        "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
        "overlayfs: upper fs does not support RENAME_WHITEOUT.",
        "NFSD: Using UMH upcall client tracking operations.",
    ]
    out = []
    tt = t
    for i in range(n):
        tt = plus(tt, rng.randint(40, 900))
        out.append(f"{st_dmesg_T(tt)} {msgs[rng.randint(0, 5) if i else 0]}")
    return out


def slurm_epilog(host, t, jobid, state="FAILED", exitcode="1:0"):
    return [f"{st_journal(t, host, 'slurmd[2114]')} [{jobid}.batch] done with job",
            f"{st_journal(plus(t, 1), host, 'slurmd[2114]')} epilog for job {jobid} ran for 3 seconds",
            f"{st_journal(plus(t, 1), host, 'slurmd[2114]')} job {jobid} completed with slurm_rc = 0, "
            f"job_rc = 256 ({state} {exitcode})"]
