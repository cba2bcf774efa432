"""A generic multi-node Slurm + torchrun job skeleton used by the cases."""
from gen import (TD, c10, glt, glog, pylog, nccl_init, watchdog_timeout, watchdog_exception, nccl_remote_err,
                 torchrun_summary, megatron_iters, titan_steps, hf_steps, boot_noise, kline, slurm_ts, slurmd_ts)


class Out:
    """Collects timestamped lines per node and writes them in the chosen layout."""

    def __init__(self, job):
        self.job = job
        self.lines = {n: [] for n in job.nodes}
        self.root = []
        self._k = 0

    def emit(self, node, t, lines):
        for ln in lines:
            self._k += 1
            self.lines[node].append((t, self._k, ln))

    def emit_root(self, t, lines):
        for ln in lines:
            self._k += 1
            self.root.append((t, self._k, ln))

    def write(self, b, pre, layout, node_file, root_file, root_header):
        job = self.job
        if layout == "label":
            allr = []
            w = len(str(len(job.nodes) - 1))
            for i, n in enumerate(job.nodes):
                for t, k, ln in self.lines[n]:
                    allr.append((t, k, "\n".join("%*d: %s" % (w, i, x) for x in ln.split("\n"))))
            allr += self.root
            allr.sort(key=lambda x: (x[0], x[1]))
            b.add(pre + root_file, root_header + [x[2] for x in allr])
        else:
            for n in job.nodes:
                ls = sorted(self.lines[n], key=lambda x: (x[0], x[1]))
                b.add(pre + n + "/" + node_file, [x[2] for x in ls])
            rs = sorted(self.root, key=lambda x: (x[0], x[1]))
            b.add(pre + root_file, root_header + [x[2] for x in rs])


def sbatch_header(job, restart=0, script="pretrain_gpt.py", args="", container=None):
    nl = nodelist_expr(job.nodes)
    hdr = [
        "+ export NCCL_DEBUG=INFO",
        "+ NCCL_DEBUG=INFO",
        "+ export NCCL_IB_HCA=mlx5_0,mlx5_1,mlx5_2,mlx5_3,mlx5_4,mlx5_5,mlx5_6,mlx5_7",
        "+ export TORCH_NCCL_ASYNC_ERROR_HANDLING=1",
        "++ scontrol show hostnames '%s'" % nl,
        "++ head -n 1",
        "+ MASTER_ADDR=%s" % job.nodes[0],
        "+ MASTER_PORT=29500",
        "+ echo 'SLURM_JOB_ID=%d SLURM_JOB_NODELIST=%s SLURM_NNODES=%d SLURM_RESTART_COUNT=%d'" % (job.jobid, nl, len(job.nodes), restart),
        "SLURM_JOB_ID=%d SLURM_JOB_NODELIST=%s SLURM_NNODES=%d SLURM_RESTART_COUNT=%d" % (job.jobid, nl, len(job.nodes), restart),
    ]
    cimg = (" --container-image=%s --container-mounts=/lfs01:/lfs01" % container) if container else ""
    hdr.append("+ srun --label --kill-on-bad-exit=1 --cpu-bind=none%s torchrun --nnodes %d --nproc_per_node %d --rdzv_id %d --rdzv_backend c10d --rdzv_endpoint %s:29500 %s %s"
               % (cimg, len(job.nodes), job.gpn, job.jobid, job.nodes[0], script, args))
    return hdr


def nodelist_expr(nodes):
    pre = nodes[0].rstrip("0123456789")
    if all(n.startswith(pre) and n[len(pre):].isdigit() for n in nodes):
        w = len(nodes[0]) - len(pre)
        nums = sorted(int(n[len(pre):]) for n in nodes)
        parts = []
        s = p = nums[0]
        for x in nums[1:] + [None]:
            if x is not None and x == p + 1:
                p = x
                continue
            parts.append(("%0*d" % (w, s)) if s == p else ("%0*d-%0*d" % (w, s, w, p)))
            if x is not None:
                s = p = x
        return "%s[%s]" % (pre, ",".join(parts))
    return ",".join(nodes)


def launcher_banner(job, node, t):
    return [
        "W%s %d torch/distributed/run.py:779] " % (glt(t), job.pids[node]),
        "W%s %d torch/distributed/run.py:779] *****************************************" % (glt(t), job.pids[node]),
        "W%s %d torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % (glt(t), job.pids[node]),
        "W%s %d torch/distributed/run.py:779] *****************************************" % (glt(t), job.pids[node]),
    ]


def run_training(out, job, rng, fmt, t0, t_end, step_s, it0=1, every=None, slow=None, nan_at=None, total=60000, log_node=None, hook=None, it_stop=None):
    """Emit training progress lines between t0 and t_end on the logging node. Returns last iteration."""
    n = max(1, int((t_end - t0).total_seconds() / step_s))
    ev = every or max(1, n // 900)
    if fmt == "megatron":
        node = log_node or job.nodes[-1]
        pairs, _ = megatron_iters(rng, t0, it0, n, step_s, total=total, every=ev, slow=slow, t_end=t_end, hook=hook, it_stop=it_stop)
    elif fmt == "titan":
        node = log_node or job.nodes[0]
        pairs, _ = titan_steps(rng, t0, it0, n * 3, step_s, every=ev, slow=slow, nan_at=nan_at, t_end=t_end)
    else:
        node = log_node or job.nodes[0]
        pairs, _ = hf_steps(rng, t0, it0, n, step_s, every=ev, nan_at=nan_at)
    last = it0
    for t, ln in pairs:
        out.emit(node, t, [ln])
    if pairs:
        import re as _re
        m = _re.search(r"(?:iteration|step:)\s+(\d+)", pairs[-1][1])
        last = int(m.group(1)) if m else it0 + n - 1
    else:
        last = it0 + n - 1
    return last


def std_job(b, job, rng, *, pre="", fmt="megatron", layout="pernode", t_fail, culprit=None, culprit_lines=(),
            culprit_exit=-6, culprit_tb=None, sym="remote", sym_delay=0.8, seq=None, script="pretrain_gpt.py",
            restart=0, step_s=4.0, it0=1, node_file="torchrun.log", end="fail", extra=None, slow=None, nan_at=None,
            timeout_s=600, container=None, args="--config configs/gpt_13b.yaml", noinit=False, pre_fail_lines=None,
            silent=(), train=True, hook=None, it_stop=None, every=None):
    """Returns dict with key times. extra: {(node, t): [lines]} for arbitrary rank output."""
    out = Out(job)
    t_init = job.start + TD(seconds=31 + rng.random() * 4)
    for n in job.nodes:
        out.emit(n, t_init, launcher_banner(job, n, t_init))
        if not noinit:
            for lr in range(job.gpn):
                out.emit(n, t_init + TD(seconds=20 + lr * 0.01), nccl_init(job, n, lr, t_init))
    t_train = t_init + TD(seconds=55)
    last_it = run_training(out, job, rng, fmt, t_train, t_fail - TD(seconds=step_s * 0.6), step_s, it0=it0, slow=slow, nan_at=nan_at, hook=hook, it_stop=it_stop, every=every) if train else 0
    for (n, t), ls in (extra or {}).items():
        out.emit(n, t, ls)
    seq = seq or 40000 + last_it * 4
    first_exit = {}
    if end == "fail":
        cnode, clocal = culprit if culprit else (None, None)
        if cnode is not None:
            out.emit(cnode, t_fail, list(culprit_lines))
        if cnode is not None and culprit_exit is not None:
            first_exit[cnode] = (t_fail + TD(seconds=1.5), [(job.grank(cnode, clocal), clocal, culprit_exit, job.pid(cnode, clocal), culprit_tb)])
        for n in job.nodes:
            for lr in range(job.gpn):
                if (n == cnode and lr == clocal) or n in silent:
                    continue
                g = job.grank(n, lr)
                if sym == "timeout":
                    if n == cnode and culprit_exit is not None:
                        continue
                    t = t_fail + TD(seconds=timeout_s + 0.5 + (g % 13) * 0.07)
                    out.emit(n, t, watchdog_timeout(g, t, seq, timeout_ms=timeout_s * 1000))
                    te_ = t + TD(seconds=1.2)
                    if n not in first_exit or te_ < first_exit[n][0]:
                        first_exit[n] = (te_, [(g, lr, -6, job.pid(n, lr), None)])
                elif sym == "remote":
                    if n == cnode:
                        continue  # torchrun on the culprit node SIGTERMs them
                    t = t_fail + TD(seconds=sym_delay + (g % 11) * 0.05)
                    out.emit(n, t, nccl_remote_err(job, n, lr, t, cnode))
                    if n not in first_exit:
                        first_exit[n] = (t + TD(seconds=1.1), [(g, lr, -6, job.pid(n, lr), None)])
                elif sym == "socket":
                    if n == cnode:
                        continue
                    t = t_fail + TD(seconds=sym_delay + (g % 11) * 0.05)
                    out.emit(n, t, nccl_remote_err(job, n, lr, t, cnode, kind="socket"))
                    if n not in first_exit:
                        first_exit[n] = (t + TD(seconds=1.1), [(g, lr, -6, job.pid(n, lr), None)])
        # torchrun summaries
        order = sorted(first_exit.items(), key=lambda kv: kv[1][0])
        for n, (t, fails) in order:
            sig = [job.pid(n, lr) for lr in range(job.gpn) if lr != fails[0][1]]
            out.emit(n, t, torchrun_summary(t, n, fails, script=script, pid0=job.pids[n], sigterm_pids=sig))
        if order:
            tn, (tt, _) = order[0]
            i0 = job.nodes.index(tn)
            te = tt + TD(seconds=1.4)
            out.emit_root(te, ["srun: error: %s: task %d: Exited with exit code 1" % (tn, i0),
                               "srun: Job step aborted: Waiting up to 32 seconds for job step to finish."])
            for n in job.nodes:
                if n != tn:
                    out.emit_root(te + TD(seconds=0.3), ["slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s ***" % (job.jobid, n, slurm_ts(te))])
            for i, n in enumerate(job.nodes):
                if n != tn:
                    out.emit_root(te + TD(seconds=2), ["srun: error: %s: task %d: %s" % (n, i, "Killed" if n in silent else "Terminated" if n not in first_exit else "Exited with exit code 1")])
            out.emit_root(te + TD(seconds=2.1), ["srun: Force Terminated StepId=%d.0" % job.jobid])
        t_end = te + TD(seconds=3) if order else t_fail
    elif end in ("timelimit", "preempt"):
        te = t_fail
        why = "TIME LIMIT" if end == "timelimit" else "PREEMPTION"
        out.emit_root(te, ["slurmstepd: error: *** JOB %d ON %s CANCELLED AT %s DUE TO %s ***" % (job.jobid, job.nodes[0], slurm_ts(te), why),
                           "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
                           "slurmstepd: error: *** STEP %d.0 ON %s CANCELLED AT %s DUE TO %s ***" % (job.jobid, job.nodes[0], slurm_ts(te), why)])
        for n in job.nodes:
            out.emit(n, te + TD(seconds=0.2), [
                "W%s %d torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % (glt(te), job.pids[n])] +
                ["W%s %d torch/distributed/elastic/multiprocessing/api.py:858] Sending process %d closing signal SIGTERM" % (glt(te), job.pids[n], job.pid(n, lr)) for lr in range(job.gpn)] + [
                "Traceback (most recent call last):",
                '  File "/usr/local/bin/torchrun", line 8, in <module>',
                "    sys.exit(main())",
                '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 79, in _terminate_process_handler',
                "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
                "torch.distributed.elastic.multiprocessing.api.SignalException: Process %d got signal: 15" % job.pids[n]])
        t_end = te + TD(seconds=33)
    else:  # hang: nothing printed until cancelled by the user
        t_end = t_fail
    hdr = sbatch_header(job, restart=restart, script=script, args=args, container=container)
    out.write(b, pre, layout, node_file, "slurm-%d.out" % job.jobid, hdr)
    return dict(t_init=t_init, t_train=t_train, t_end=t_end, last_it=last_it, seq=seq)


def kernel_log(b, rng, job, node, boot, fmt, events, pre="", fname=None, extra_boot=(), uptime_file=True):
    """events: list of (t, msg)."""
    lines = boot_noise(rng, boot, node, fmt=fmt, extra=extra_boot)
    for t, m in sorted(events, key=lambda x: x[0]):
        lines.append(kline(fmt, boot, node, t, m))
    fname = fname or {"raw": "dmesg.txt", "T": "dmesg-T.txt", "journal": "journal-kernel.log"}[fmt]
    b.add(pre + node + "/" + fname, lines)
    if fmt == "raw" and uptime_file:
        b.add(pre + node + "/uptime-s.txt", [boot.strftime("%Y-%m-%d %H:%M:%S")])


def quiet_kernel(b, rng, job, fmt, pre="", skip=(), boots=None, events=None):
    """Kernel logs for nodes that saw nothing special (plus optional benign events)."""
    events = events or {}
    for i, n in enumerate(job.nodes):
        if n in skip:
            continue
        boot = (boots or {}).get(n) or job.start - TD(days=3 + i % 5, hours=i * 3 + 1, minutes=17 * i)
        kernel_log(b, rng, job, n, boot, fmt, events.get(n, []), pre=pre)


def slurmd_log(node, lines):
    return ["%s %s" % (slurmd_ts(t), m) for t, m in lines]
