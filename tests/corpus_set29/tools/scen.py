"""Scenario scaffolding: a healthy long run on every node folder, and the generic
cascade that follows a first failure."""
from common import sec, c10d, Bundle, Job
from noise import startup, train_log, node_noise, xid45_teardown, host_info, P, port_flap
from cascade import watchdog, remote_error, sigterm_survivors, childfailed, slurm_tail, sacct


def base_run(b, job, prefix, rng, step_to, fmt="compact", every=10, total=250000,
             noise_from=None, extra_noise=None, rank0_file="train_rank0.log", restart_count=0,
             ns=False, loss0=3.2, slow=None, nan_from=None, noise=True):
    """Start-up on all node folders, long rank-0 log, benign noise."""
    t_start = job.at(job.step0) - sec(95)
    extra_noise = extra_noise or {}
    for n in job.nodes:
        if n.name not in b.folders:
            continue
        startup(b, job, n, prefix, t_start + sec(rng.uniform(0, 1.5)), restart_count=restart_count, ns=ns)
        if noise:
            nf = noise_from or (job.at(job.step0) - sec(4 * 86400))
            node_noise(b, job, n, prefix, rng, nf, job.at(step_to), extra=extra_noise.get(n.name, ()))
        if n.kstyle in ("uptime",):
            host_info(b, n, prefix)
    r0 = job.nodes[0]
    if r0.name in b.folders:
        train_log(b, job, r0, prefix, rank0_file, fmt, job.step0, step_to, every, total, rng,
                  loss0=loss0, slow=slow, nan_from=nan_from)


def cascade(b, job, prefix, origin, origin_local, t_fail, seq, origin_code=-6, mode="watchdog",
            timeout_ms=600000, ns=False, slurm=None, sacct_file=None, teardown_xid=True,
            origin_locals_die=None, skip_nodes=(), xid_prev=None, remote_kind="ib", state="FAILED", origin_silent=False):
    """Everything after the first failure.  origin: Node; origin_local: local rank that died
    (its own error text is written by the case).  origin_locals_die: other locals of the origin
    node that die by themselves at t_fail (e.g. whole-node faults)."""
    t_w = t_fail + sec(timeout_ms / 1000.0 + 0.35)
    last = t_fail
    task_fail = []
    for n in job.nodes:
        nr = job.node_rank(n.name)
        if n.name == origin.name:
            dying = [origin_local] + [l for l in (origin_locals_die or []) if l != origin_local]
            others = [l for l in range(job.gpn) if l not in dying]
            td = t_fail + sec(4.1)
            if n.name in b.folders and not origin_silent:
                if others:
                    sigterm_survivors(b, job, n, prefix, td, others)
                childfailed(b, job, n, prefix, td + sec(6.2),
                            [(origin_local, t_fail, origin_code)] + [(l, t_fail + sec(0.2), origin_code) for l in dying[1:]])
                if teardown_xid:
                    xid45_teardown(b, job, n, prefix, td + sec(1.1), others, prev=xid_prev)
            task_fail.append((td + sec(7.0), n.name, nr, 1))
            last = max(last, td + sec(7))
            continue
        if n.name in skip_nodes:
            continue
        if mode == "watchdog":
            t_node = t_w + sec((nr * 0.137) % 1.9)
        else:
            t_node = t_fail + sec(1.8 + (nr * 0.071) % 0.9)
        if n.name in b.folders:
            if mode == "watchdog":
                watchdog(b, job, n, prefix, t_node, list(range(job.gpn)), seq, timeout_ms=timeout_ms, ns=ns)
            else:
                remote_error(b, job, n, prefix, t_node, list(range(job.gpn)), origin.ip, seq, kind=remote_kind, ns=ns)
            first = (nr * 3) % job.gpn
            td = t_node + sec(1.3)
            sigterm_survivors(b, job, n, prefix, td, [l for l in range(job.gpn) if l != first])
            childfailed(b, job, n, prefix, td + sec(5.5), [(first, t_node + sec(0.05), -6)])
            if teardown_xid:
                xid45_teardown(b, job, n, prefix, td + sec(0.9), [l for l in range(job.gpn) if l != first])
        task_fail.append((t_node + sec(7.2), n.name, nr, 1))
        last = max(last, t_node + sec(7.2))
    if slurm:
        snode, sfile = slurm
        slurm_tail(b, prefix, snode, sfile, last + sec(0.5), job.jobid, task_fail,
                   cancel_node=None)
    if sacct_file:
        snode, sfile, nodes_expr = sacct_file
        sacct(b, prefix, snode, sfile, job.jobid, "pretrain", job.at(job.step0) - sec(130), last + sec(2),
              nodes_expr, len(job.nodes), state, "1:0")
    return last


def origin_abort(b, job, prefix, node, local, dt, msg_lines, ns=False):
    """Write the first-failing rank's own error (c10d stamped) to its console."""
    f = P(prefix, node, node.console)
    r = job.rank(node.name, local)
    out = []
    for src, m in msg_lines:
        if src is None:
            out.append(m)
        else:
            out.append(c10d(node, dt, r, "E", src, m, ns))
    b.add(f, dt, "\n".join(out))
