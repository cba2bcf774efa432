"""Healthy-cluster content: torchrun/NCCL start-up chatter, long iteration logs and
the benign kernel noise real nodes carry (old Xids, EDAC/AER corrected errors,
NTP, OOM kills of other people's processes, a port flap hours ago ...)."""
import math
from common import Node, sec, glog, pylog, rng_for


def P(prefix, node, fname):
    return "%s%s/%s" % (prefix, node.name, fname)


def make_nodes(names, subnet, kstyle="dmesg_T", kfile="dmesg.txt", boot=None,
               console="torchrun.log", overrides=None):
    nodes = []
    for i, n in enumerate(names):
        kw = dict(kstyle=kstyle, kfile=kfile, boot=boot, console=console)
        if overrides and n in overrides:
            kw.update(overrides[n])
        nodes.append(Node(n, "%s.%d" % (subnet, 11 + i), **kw))
    return nodes


# --------------------------------------------------------------------------- start-up
def startup(b, job, node, prefix, t, nccl_ver="2.21.5", ibdev="mlx5", restart_count=0,
            ns=False, plugin=True, master=None):
    """torchrun agent rendezvous block + per-local-rank NCCL INFO init lines."""
    f = P(prefix, node, node.console)
    nr = job.node_rank(node.name)
    ranks = [job.rank(node.name, l) for l in range(job.gpn)]
    master = master or job.nodes[0].name
    apid = job.pid(node.name, 99) - 50
    b.add(f, t, glog(node, t, "I", apid, "torch/distributed/run.py:793",
                     "\n*****************************************\nSetting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. \n*****************************************"))
    t1 = t + sec(3.2)
    b.add(f, t1, glog(node, t1, "I", apid, "torch/distributed/elastic/agent/server/api.py:525",
                      "[default] Rendezvous complete for workers. Result:\n  restart_count=%d\n  master_addr=%s\n  master_port=%d\n  group_rank=%d\n  group_world_size=%d\n  local_ranks=%s\n  role_ranks=%s\n  global_ranks=%s\n  role_world_sizes=%s\n  global_world_sizes=%s\n"
                      % (restart_count, master, job.port, nr, len(job.nodes), list(range(job.gpn)),
                         ranks, ranks, [job.world] * job.gpn, [job.world] * job.gpn)))
    t2 = t + sec(9)
    for l in range(job.gpn):
        pid = job.pid(node.name, l)
        h = "%s:%d:%d [%d] NCCL INFO " % (node.name, pid, pid, l)
        r = ranks[l]
        lines = []
        if r == 0:
            lines.append("NCCL version %s+cuda12.4" % nccl_ver)
        lines.append(h + "Bootstrap : Using ib0:%s<0>" % node.ip)
        if plugin and l == 0:
            lines.append(h + "NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so")
            lines.append(h + "NET/Plugin: Using internal network plugin.")
        if l == 0:
            lines.append(h + "cudaDriverVersion 12040")
        tid = pid + 61
        h2 = "%s:%d:%d [%d] NCCL INFO " % (node.name, pid, tid, l)
        if l == 0:
          lines.append(h2 + "NET/IB : Using [0]%s_0:1/IB [1]%s_3:1/IB [2]%s_4:1/IB [3]%s_5:1/IB [4]%s_6:1/IB [5]%s_9:1/IB [6]%s_10:1/IB [7]%s_11:1/IB [RO]; OOB ib0:%s<0>"
                     % ((ibdev,) * 8 + (node.ip,)))
        lines.append(h2 + "Using network IB")
        if l == 0:
            lines.append(h2 + "Setting affinity for GPU %d to %s" % (l, ["ffffff", "ffffff000000"][l // 4]))
            lines.append(h2 + "Channel 00/0 : %d[%d] -> %d[%d] [send] via NET/IB/%d/GDRDMA" % (r, l, (r + job.gpn) % job.world, l, l))
            lines.append(h2 + "Connected all rings")
        lines.append(h2 + "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId 0x%x - Init COMPLETE"
                     % (0x55d0c0000000 + r * 4096, r, job.world, l, l, job.busid(l), 0x7a3f11d2c0de0000 + (job.jobid or 1)))
        b.add(f, t2 + sec(l * 0.013), "\n".join(lines))
    t3 = t + sec(14)
    b.add(f, t3, "/opt/venv/lib/python3.11/site-packages/torch/utils/checkpoint.py:92: UserWarning: None of the inputs have requires_grad=True. Gradients will be None\n  warnings.warn(")
    b.add(f, t3, "/opt/venv/lib/python3.11/site-packages/torch/cuda/amp/grad_scaler.py:126: FutureWarning: `torch.cuda.amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` instead.")


# --------------------------------------------------------------------------- iteration logs
FORMATS = ("compact", "hf", "megatron", "kv")


def iter_line(fmt, node, dt, step, total, loss, lr, gn, ms, toks):
    loc = node.local(dt)
    if fmt == "compact":
        return "%s step %d loss %.4f lr %.2e gnorm %.2f %.0fms" % (loc.strftime("%H:%M:%S"), step, loss, lr, gn, ms)
    if fmt == "hf":
        return "[%s] {'loss': %.4f, 'grad_norm': %.3f, 'learning_rate': %.3e, 'step': %d}" % (
            loc.strftime("%Y-%m-%d %H:%M:%S"), loss, gn, lr, step)
    if fmt == "megatron":
        return (" [%s] iteration %8d/%8d | elapsed time per iteration (ms): %.1f | learning rate: %.3E | "
                "lm loss: %.6E | loss scale: 1.0 | grad norm: %.3f | skipped: 0 | nan: 0 |"
                % (loc.strftime("%Y-%m-%d %H:%M:%S"), step, total, ms, lr, loss, gn))
    if fmt == "kv":
        return "%sZ it=%d loss=%.4f lr=%.3g gn=%.2f tput=%.1fk" % (loc.strftime("%Y-%m-%dT%H:%M:%S"), step, loss, lr, gn, toks / 1000.0)
    raise ValueError(fmt)


def train_log(b, job, node, prefix, fname, fmt, step_from, step_to, every, total, rng,
              loss0=3.2, slow=None, nan_from=None, banner=True):
    """Rank-0 style log: one line every `every` steps from step_from to step_to (incl).
    slow(step)->factor for iteration time; nan_from: first step whose loss is nan."""
    f = P(prefix, node, fname)
    if banner:
        t = job.at(step_from) - sec(40)
        b.add(f, t, pylog(node, t, "trainer", "INFO", "world_size=%d nodes=%d gpus/node=%d global_batch=%d resume_step=%d"
                          % (job.world, len(job.nodes), job.gpn, 4 * job.world, step_from)))
    cap = {"compact": 1100, "kv": 950, "hf": 650, "megatron": 380}[fmt]
    while (step_to - step_from) / every > cap:
        every *= 2
    s = step_from - (step_from % every) + every
    while s <= step_to:
        dt = job.at(s)
        x = s / float(total)
        loss = loss0 * (0.55 + 0.45 * math.exp(-6 * x)) + rng.uniform(-0.03, 0.03)
        lr = 3e-4 * (0.1 + 0.9 * 0.5 * (1 + math.cos(math.pi * min(x, 1.0))))
        gn = 0.6 + rng.uniform(0, 0.5)
        ms = job.it_s * 1000 * (slow(s) if slow else 1.0) * rng.uniform(0.985, 1.015)
        toks = 4096 * 4 * job.world / (ms / 1000.0)
        if nan_from is not None and s >= nan_from:
            loss, gn = float("nan"), float("nan")
        b.add(f, dt, iter_line(fmt, node, dt, s, total, loss, lr, gn, ms, toks))
        s += every


# --------------------------------------------------------------------------- kernel noise
OTHER_USERS = [("jlee", 41022), ("mkowalski", 40317), ("svc-eval", 990), ("anair", 41877), ("tchen", 40452)]


def kernel_noise(b, job, node, prefix, t_from, t_to, rng, kinds=("edac", "aer", "ntp", "docker"),
                 n=None):
    """Sprinkle benign lines between t_from and t_to into node's kernel file."""
    f = P(prefix, node, node.kfile)
    span = (t_to - t_from).total_seconds()
    kinds = list(kinds)
    n = n or (6 + rng.randint(0, 6))
    for i in range(n):
        k = kinds[i % len(kinds)]
        dt = t_from + sec(rng.uniform(0, span))
        for line, ident in _noise_line(k, node, job, rng):
            if ident != "kernel" and node.kstyle in ("dmesg_T", "uptime"):
                continue
            b.add(f, dt, node.kline(dt, line, ident))
            dt = dt + sec(rng.uniform(0.001, 2.5))


def _noise_line(k, node, job, rng):
    if k == "edac":
        return [("EDAC MC%d: 1 CE memory read error on CPU_SrcID#%d_MC#%d_Chan#%d_DIMM#0 (channel:%d slot:0 page:0x%x offset:0x%x grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:%d imc:%d rank:1 bg:2 ba:1 row:0x%x col:0x%x)"
                 % (rng.randint(0, 1), rng.randint(0, 1), rng.randint(0, 3), rng.randint(0, 1), rng.randint(0, 1),
                    rng.randint(0x10000, 0xfffff), rng.randint(0, 0xfff) & ~0xf, rng.randint(0, 1), rng.randint(0, 3),
                    rng.randint(0, 0xffff), rng.randint(0, 0x3ff) & ~7), "kernel")]
    if k == "aer":
        port = rng.choice(["0000:00:01.1", "0000:80:03.1", "0000:40:01.3"])
        dev = rng.choice(["0000:03:00.0", "0000:83:00.0", "0000:41:00.0"])
        return [("pcieport %s: AER: Corrected error received: %s" % (port, dev), "kernel"),
                ("pcieport %s: PCIe Bus Error: severity=Corrected, type=Physical Layer, (Receiver ID)" % dev, "kernel"),
                ("pcieport %s:   device [1022:1483] error status/mask=00000001/00006000" % dev, "kernel"),
                ("pcieport %s:    [ 0] RxErr                  (First)" % dev, "kernel")]
    if k == "ntp":
        return [("Selected source 10.%d.0.%d (ntp%d.cluster.local)" % (rng.randint(1, 40), rng.randint(2, 9), rng.randint(1, 3)), "chronyd[1788]"),
                ("System clock wrong by %.6f seconds, adjustment started" % rng.uniform(-0.9, 0.9), "chronyd[1788]")]
    if k == "docker":
        v = "veth%07x" % rng.randint(0, 0xfffffff)
        return [("docker0: port %d(%s) entered disabled state" % (rng.randint(1, 4), v), "kernel"),
                ("device %s left promiscuous mode" % v, "kernel")]
    if k == "xid31_old":
        u = rng.choice(OTHER_USERS)
        l = rng.randint(0, 7)
        return [("NVRM: Xid (PCI:%s): 31, pid=%d, name=python3, Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_%d faulted @ 0x7f1d_%08x. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ"
                 % (job.pci(l), rng.randint(3000, 90000), rng.randint(0, 15), rng.randint(0, 0xffffffff)), "kernel")]
    if k == "xid63_old":
        l = rng.randint(0, 7)
        return [("NVRM: Xid (PCI:%s): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x%08x) Marked for Remapping, reset gpu to activate."
                 % (job.pci(l), rng.randint(0, 0xfffffff)), "kernel")]
    if k == "oom_old":
        u, uid = rng.choice(OTHER_USERS)
        pid = rng.randint(5000, 99000)
        proc = rng.choice(["jupyter-lab", "python3", "ray::IDLE", "code-server"])
        return [("%s invoked oom-killer: gfp_mask=0x140cca(GFP_HIGHUSER_MOVABLE|__GFP_COMP), order=0, oom_score_adj=0" % proc, "kernel"),
                ("oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=/,mems_allowed=0-1,oom_memcg=/slurm/uid_%d/job_%d,task_memcg=/slurm/uid_%d/job_%d/step_0/task_0,task=%s,pid=%d,uid=%d"
                 % (uid, (job.jobid or 100000) - rng.randint(900, 9000), uid, (job.jobid or 100000) - 901, proc, pid, uid), "kernel"),
                ("Memory cgroup out of memory: Killed process %d (%s) total-vm:%dkB, anon-rss:%dkB, file-rss:%dkB, shmem-rss:0kB, UID:%d pgtables:%dkB oom_score_adj:0"
                 % (pid, proc, rng.randint(30, 90) * 1000000, rng.randint(16, 60) * 1000000, rng.randint(1000, 90000), uid, rng.randint(4000, 90000)), "kernel")]
    if k == "segv_other":
        return [("python3[%d]: segfault at 0 ip 00007f%08x sp 00007ffd%08x error 4 in libc.so.6[7f%06x000+195000] likely on CPU %d (core %d, socket %d)"
                 % (rng.randint(3000, 99000), rng.randint(0, 0xffffffff), rng.randint(0, 0xffffffff), rng.randint(0, 0xffffff), rng.randint(0, 95), rng.randint(0, 47), rng.randint(0, 1)), "kernel")]
    if k == "hung_other":
        return [("INFO: task kworker/u257:3:%d blocked for more than 122 seconds." % rng.randint(900, 9000), "kernel"),
                ("      Not tainted 5.15.0-105-generic #115-Ubuntu", "kernel")]
    raise ValueError(k)


def port_flap(b, node, prefix, dt, dev="mlx5_4", pci="0000:9d:00.0", down_s=3.4):
    f = P(prefix, node, node.kfile)
    b.add(f, dt, node.kline(dt, "mlx5_core %s %s: Port: 1 Link DOWN" % (pci, dev)))
    b.add(f, dt + sec(0.002), node.kline(dt + sec(0.002), "%s: Link down" % dev.replace("mlx5_", "ibp") + "s0"))
    t2 = dt + sec(down_s)
    b.add(f, t2, node.kline(t2, "mlx5_core %s %s: Port: 1 Link INIT" % (pci, dev)))
    t3 = t2 + sec(0.8)
    b.add(f, t3, node.kline(t3, "mlx5_core %s %s: Port: 1 Link ACTIVE" % (pci, dev)))


def xid45_teardown(b, job, node, prefix, dt, locals_=None, prev=None):
    f = P(prefix, node, node.kfile)
    for l in (locals_ if locals_ is not None else range(job.gpn)):
        d = dt + sec(0.01 * l)
        msg = "NVRM: Xid (PCI:%s): 45, pid=%d, name=python3, Ch 0000000%d" % (job.pci(l), job.pid(node.name, l), 1 + l % 7)
        if prev:
            msg += " caused by previous Xid %d" % prev
        b.add(f, d, node.kline(d, msg))


def node_noise(b, job, node, prefix, rng, t_from, t_to, extra=()):
    kinds = ["edac", "aer", "ntp", "docker"] + list(extra)
    kernel_noise(b, job, node, prefix, t_from, t_to, rng, kinds=kinds)


def host_info(b, node, prefix, fname="host-info.txt", kernel="5.15.0-105-generic", driver="550.90.07"):
    bt = node.local(node.boot)
    txt = ("$ hostname\n%s\n$ uname -r\n%s\n$ uptime -s\n%s\n$ cat /proc/driver/nvidia/version\n"
           "NVRM version: NVIDIA UNIX x86_64 Kernel Module  %s  Fri May 31 09:35:42 UTC 2024\n"
           "$ timedatectl | grep 'Time zone'\n                Time zone: %s (%s, %+03d00)\n"
           % (node.name, kernel, bt.strftime("%Y-%m-%d %H:%M:%S"), driver, node.tzname,
              "UTC" if node.tz == 0 else ("CST" if node.tz == 8 else "CET"), node.tz))
    b.static("%s%s/%s" % (prefix, node.name, fname), txt)
