"""Mid-level helpers shared by the case modules."""
import random
from lib import *  # noqa


def progress_all(rng, fmt, ranks, t_start, step0, step1, every, step_time, total, prefix=None,
                 epoch=0, loss0=6.2, floor=2.0, bs=32, jitter=0.04, slow=None):
    """Per-rank progress lines, returned as list of (dt, line) plus end time.
    prefix: function(rank) -> str prepended. slow: {rank: factor} multiplies reported step time only."""
    out = []
    tend = t_start
    for r in ranks:
        p = Progress(random.Random(rng.random()), fmt, r, len(ranks), loss0=loss0, loss_floor=floor, bs=bs)
        dt = t_start + secs(0.003 * r)
        for s in range(step0, step1 + 1, every):
            st = step_time * (1 + p.rng.uniform(-jitter, jitter))
            rep = st * (slow.get(r, 1.0) if slow else 1.0)
            line = p.line(dt, s, total, epoch, step_time=rep)
            out.append((dt, (prefix(r) if prefix else "") + line))
            dt = dt + secs(st * every)
        tend = max(tend, dt)
    return out, tend


def user_frames(script_path, calls):
    """calls: list of (line, func, code)"""
    return [(script_path, ln, fn, code) for ln, fn, code in calls]


def dl_frames(tv):
    s = tv.site
    return [("%s/torch/utils/data/dataloader.py" % s, 630 if tv.minor < 3 else 701, "__next__", "data = self._next_data()"),
            ("%s/torch/utils/data/dataloader.py" % s, 1345 if tv.minor < 3 else 1448, "_next_data", "return self._process_data(data)"),
            ("%s/torch/utils/data/dataloader.py" % s, 1371 if tv.minor < 3 else 1474, "_process_data", "data.reraise()"),
            ("%s/torch/_utils.py" % s, 694 if tv.minor < 3 else 705, "reraise", "raise exception")]


def dl_worker_killed_frames(tv):
    s = tv.site
    return [("%s/torch/utils/data/dataloader.py" % s, 630 if tv.minor < 3 else 701, "__next__", "data = self._next_data()"),
            ("%s/torch/utils/data/dataloader.py" % s, 1328 if tv.minor < 3 else 1431, "_next_data", "idx, data = self._get_data()"),
            ("%s/torch/utils/data/dataloader.py" % s, 1294 if tv.minor < 3 else 1397, "_get_data", "success, data = self._try_get_data()"),
            ("%s/torch/utils/data/dataloader.py" % s, 1132 if tv.minor < 3 else 1256, "_try_get_data", "data = self._data_queue.get(timeout=timeout)"),
            ("/usr/lib/python3.10/queue.py", 180, "get", "self.not_empty.wait(remaining)"),
            ("/usr/lib/python3.10/threading.py", 324, "wait", "gotit = waiter.acquire(True, timeout)"),
            ("%s/torch/utils/data/_utils/signal_handling.py" % s, 66 if tv.minor < 3 else 73, "handler", "_error_if_any_worker_fails()")]


def rank_tb(prefix, frames, exc):
    return [prefix + l for l in traceback(frames, exc)]


def dmesg_T_block(rng, boot_dt, events, n_noise, end_dt, boot=True):
    """events: list of (dt, text). Output dmesg -T lines."""
    items = []
    if boot:
        for u, txt in boot_dmesg(rng):
            items.append((boot_dt + secs(u), txt))
    span = (end_dt - boot_dt).total_seconds()
    for txt in kernel_noise(rng, n_noise):
        items.append((boot_dt + secs(rng.uniform(60, span)), txt))
    items += events
    items.sort(key=lambda x: x[0])
    return [dmesg_T(d) + " " + t for d, t in items]


def dmesg_uptime_block(rng, boot_dt, events, n_noise, end_dt):
    items = [(boot_dt + secs(u), t) for u, t in boot_dmesg(rng)]
    span = (end_dt - boot_dt).total_seconds()
    for txt in kernel_noise(rng, n_noise):
        items.append((boot_dt + secs(rng.uniform(60, span)), txt))
    items += events
    items.sort(key=lambda x: x[0])
    return [uptime_stamp(d, boot_dt) + " " + t for d, t in items]


def oom_report(trigger_comm, trigger_pid, procs, victim_pid, victim_comm, victim_rss_kb, cgroup="/", order=0,
               gfp="0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP)", uid=1001):
    """Kernel OOM killer text (list of lines). procs: list of (pid, uid, tgid_rss_pages, comm)."""
    out = ["%s invoked oom-killer: gfp_mask=%s, order=%d, oom_score_adj=0" % (trigger_comm, gfp, order),
           "CPU: 37 PID: %d Comm: %s Not tainted 5.15.0-97-generic #107-Ubuntu" % (trigger_pid, trigger_comm),
           "Hardware name: Dell Inc. PowerEdge R750/0DW6GX, BIOS 1.10.2 08/17/2023",
           "Call Trace:",
           " <TASK>",
           " dump_stack_lvl+0x4a/0x63",
           " dump_header+0x4a/0x1f4",
           " oom_kill_process.cold+0xb/0x10",
           " out_of_memory+0x1bd/0x4f0",
           " __alloc_pages_slowpath.constprop.0+0xc47/0xd50",
           " __alloc_pages+0x30b/0x330",
           " alloc_pages_vma+0x8f/0x290",
           " __handle_mm_fault+0x5a6/0x8f0",
           " handle_mm_fault+0xd8/0x2c0",
           " do_user_addr_fault+0x1c9/0x670",
           " exc_page_fault+0x77/0x170",
           " asm_exc_page_fault+0x27/0x30",
           " </TASK>",
           "Mem-Info:",
           "active_anon:124889210 inactive_anon:2204113 isolated_anon:0",
           "Node 0 Normal free:45208kB boost:0kB min:45312kB low:311104kB high:576896kB",
           "Free swap  = 0kB",
           "Total swap = 0kB",
           "131009372 pages RAM",
           "Tasks state (memory values in pages):",
           "[  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents oom_score_adj name"]
    for pr in procs:
        pid, puid, rss, comm = pr[:4]
        adj = pr[4] if len(pr) > 4 else 0
        out.append("[%7d] %5d %7d %8d %8d %14d %8d %13d %s" % (pid, puid, pid, rss + rss // 7, rss, (rss // 512) * 4096 + 8192, 0, adj, comm))
    out.append("oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=%s,mems_allowed=0-1,global_oom,task_memcg=%s,task=%s,pid=%d,uid=%d" % (
        "/", cgroup, victim_comm, victim_pid, uid))
    out.append("Out of memory: Killed process %d (%s) total-vm:%dkB, anon-rss:%dkB, file-rss:%dkB, shmem-rss:%dkB, UID:%d pgtables:%dkB oom_score_adj:0" % (
        victim_pid, victim_comm, victim_rss_kb + victim_rss_kb // 6, victim_rss_kb, 81244, 2048, uid, victim_rss_kb // 1900))
    return out


def pyspy_dump(pid, cmd, py, threads):
    """threads: list of (tid, state, name, frames[(func, file, line)] innermost first)."""
    out = ["Process %d: %s" % (pid, cmd), "Python v%s (%s)" % (py[0], py[1]), ""]
    for tid_, state, name, frames in threads:
        out.append('Thread %d (%s): "%s"' % (tid_, state, name))
        for fn, f, ln in frames:
            if ln is None:
                out.append("    %s" % fn if fn.endswith(")") else "    %s (%s)" % (fn, f))
            else:
                out.append("    %s (%s:%d)" % (fn, f, ln))
        out.append("")
    return out
