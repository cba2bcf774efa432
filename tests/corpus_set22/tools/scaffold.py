"""Launcher / console scaffolding shared by the case modules."""

import zlib

from common import glog, sec


def merge(*streams):
    """Merge lists of (time, line) into one list of lines in time order (stable)."""
    evs = []
    for k, s in enumerate(streams):
        for j, (t, l) in enumerate(s):
            evs.append((t, k, j, l))
    evs.sort(key=lambda e: (e[0], e[1], e[2]))
    return [e[3] for e in evs]


def stamp_all(t, lines):
    return [(t, l) for l in lines]


def spread(t, lines, step=0.0005):
    return [(t + sec(i * step), l) for i, l in enumerate(lines)]


def tr_log(t, lvl, pid, where, msg, rng=None):
    """torch.distributed launcher log line (torch >= 2.4 style): W0312 10:03:11.512000 139842 file:line] msg"""
    us = t.microsecond or (zlib.crc32(("%s%s" % (where, t.second)).encode()) % 1000) * 1000
    return "%s%02d%02d %s.%06d %d %s] %s" % (lvl, t.month, t.day, t.strftime("%H:%M:%S"), us, pid, where, msg)


def torchrun_start(t, pid, nproc=8, rdzv="c10d", endpoint="gpu:29500", nnodes="4:4", role="default",
                   world=32, min_nodes=4, max_restarts=0):
    W = lambda m, tt=t: tr_log(tt, "W", pid, "torch/distributed/run.py:793", m)
    I = lambda m, where="torch/distributed/launcher/api.py:188", tt=t: tr_log(tt, "I", pid, where, m)
    lines = [
        (t, W("")),
        (t, W("*****************************************")),
        (t, W("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")),
        (t, W("*****************************************")),
        (t, I("Starting elastic_operator with launch configs:")),
        (t, I("  entrypoint       : python")),
        (t, I("  min_nodes        : %d" % min_nodes)),
        (t, I("  max_nodes        : %s" % nnodes.split(":")[-1])),
        (t, I("  nproc_per_node   : %d" % nproc)),
        (t, I("  run_id           : %s" % "none")),
        (t, I("  rdzv_backend     : %s" % rdzv)),
        (t, I("  rdzv_endpoint    : %s" % endpoint)),
        (t, I("  rdzv_configs     : {'timeout': 900}")),
        (t, I("  max_restarts     : %d" % max_restarts)),
        (t, I("  monitor_interval : 0.1")),
        (t, I("  log_dir          : /tmp/torchelastic_%x" % (pid * 7919 % 0xfffff))),
        (t, I("  metrics_cfg      : {}")),
        (t + sec(0.4), tr_log(t + sec(0.4), "I", pid, "torch/distributed/elastic/agent/server/api.py:860", "[%s] starting workers for entrypoint: python" % role)),
        (t + sec(0.4), tr_log(t + sec(0.4), "I", pid, "torch/distributed/elastic/agent/server/api.py:677", "[%s] Rendezvous'ing worker group" % role)),
        (t + sec(3.1), tr_log(t + sec(3.1), "I", pid, "torch/distributed/elastic/agent/server/api.py:525", "[%s] Rendezvous complete for workers. Result:" % role)),
        (t + sec(3.1), tr_log(t + sec(3.1), "I", pid, "torch/distributed/elastic/agent/server/api.py:525", "  restart_count=0")),
        (t + sec(3.1), tr_log(t + sec(3.1), "I", pid, "torch/distributed/elastic/agent/server/api.py:525", "  master_addr=%s" % endpoint.split(":")[0])),
        (t + sec(3.1), tr_log(t + sec(3.1), "I", pid, "torch/distributed/elastic/agent/server/api.py:525", "  master_port=%s" % endpoint.split(":")[-1])),
        (t + sec(3.1), tr_log(t + sec(3.1), "I", pid, "torch/distributed/elastic/agent/server/api.py:525", "  group_world_size=%d" % min_nodes)),
        (t + sec(3.1), tr_log(t + sec(3.1), "I", pid, "torch/distributed/elastic/agent/server/api.py:525", "  global_world_sizes=[%s]" % ", ".join([str(world)] * nproc))),
        (t + sec(3.2), tr_log(t + sec(3.2), "I", pid, "torch/distributed/elastic/agent/server/local_elastic_agent.py:301", "Environment variable 'TORCHELASTIC_ENABLE_FILE_TIMER' not found. Do not start FileTimerServer.")),
    ]
    return lines


def torchrun_fail(t, pid, failed, others, exit_desc="exitcode", binary="/usr/bin/python3"):
    """failed: (local_rank, child_pid, code) ; others: list of child pids receiving SIGTERM"""
    lines = []
    for cp in others:
        lines.append((t, tr_log(t, "W", pid, "torch/distributed/elastic/multiprocessing/api.py:897", "Sending process %d closing signal SIGTERM" % cp)))
    t2 = t + sec(1.3)
    lr, cpid, code = failed
    lines.append((t2, tr_log(t2, "E", pid, "torch/distributed/elastic/multiprocessing/api.py:869", "failed (exitcode: %d) local_rank: %d (pid: %d) of binary: %s" % (code, lr, cpid, binary))))
    return lines


def srun_lines(jobid, events):
    """events: list of (time, host, task, code_or_sig)"""
    out = []
    for t, host, task, code in events:
        if isinstance(code, str):
            out.append((t, "srun: error: %s: task %d: %s" % (host, task, code)))
        else:
            out.append((t, "srun: error: %s: task %d: Exited with exit code %d" % (host, task, code)))
    return out


def slurm_cancel(t, jobid, host, step=None, reason=""):
    what = "STEP %s.%s" % (jobid, step) if step is not None else "JOB %s" % jobid
    return (t, "slurmstepd: error: *** %s ON %s CANCELLED AT %s%s ***" % (what, host, t.strftime("%Y-%m-%dT%H:%M:%S"), reason))


def prefix_lines(prefix, lines):
    return [prefix + l for l in lines]
