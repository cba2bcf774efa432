"""Shared log-format helpers for corpus_set20 (stdlib only, deterministic)."""
import datetime as _dt

DAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
MONS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

GPU = {
    "V100": ("Tesla V100-SXM2-32GB", 32768, 300),
    "A100": ("NVIDIA A100-SXM4-80GB", 81920, 400),
    "A100-40": ("NVIDIA A100-PCIE-40GB", 40960, 250),
    "H100": ("NVIDIA H100 80GB HBM3", 81559, 700),
    "L40S": ("NVIDIA L40S", 46068, 350),
}
BUS = ["00000000:07:00.0", "00000000:0B:00.0", "00000000:48:00.0", "00000000:4C:00.0",
       "00000000:88:00.0", "00000000:8B:00.0", "00000000:C8:00.0", "00000000:CB:00.0"]
BUS4 = ["00000000:17:00.0", "00000000:65:00.0", "00000000:CA:00.0", "00000000:E3:00.0"]


def T(base, secs):
    return base + _dt.timedelta(seconds=secs)


def dt(y, mo, d, h, mi, s=0):
    return _dt.datetime(y, mo, d, h, mi, s)


def py(t):
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S")


def glog(t, sev="E"):
    return "%s%s.%06d" % (sev, t.strftime("%m%d %H:%M:%S"), t.microsecond)


def dmesgT(t):
    return "[%s %s %2d %s %d]" % (DAYS[t.weekday()], MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


def ctime(t):
    return "%s %s %2d %s %d" % (DAYS[t.weekday()], MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"), t.year)


def journal(t, host):
    return "%s %2d %s %s" % (MONS[t.month - 1], t.day, t.strftime("%H:%M:%S"), host)


def up(x):
    return "[%12.6f]" % x


def hms(secs):
    secs = int(secs)
    d, r = divmod(secs, 86400)
    h, r = divmod(r, 3600)
    m, s = divmod(r, 60)
    if d:
        return "%d-%02d:%02d:%02d" % (d, h, m, s)
    return "%02d:%02d:%02d" % (h, m, s)


def join(lines):
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------- slurm
def slurm_prolog(jobid, host, t, partition, extra=()):
    out = ["========================================================================",
           "  Hyperion HPC  |  job %s  |  partition %s" % (jobid, partition),
           "  Prolog on %s started %s" % (host, ctime(t)),
           "  /home is NFS (50G quota), /scratch is purged: files unused for 60 days are removed",
           "  Questions: hpc-support@univ.example.edu",
           "========================================================================"]
    out.extend(extra)
    return out


def slurm_epilog(jobid, host, t):
    return ["------------------------------------------------------------------------",
            "  Epilog on %s %s: job %s, cleaning /tmp and /dev/shm" % (host, ctime(t), jobid),
            "------------------------------------------------------------------------"]


def seff(jobid, user, group, state, nodes, cores, wall, cpu_eff, mem_used_gb, mem_total_gb, cluster="hyperion"):
    core_wall = wall * cores * nodes
    used = int(core_wall * cpu_eff / 100.0)
    return join([
        "Job ID: %s" % jobid,
        "Cluster: %s" % cluster,
        "User/Group: %s/%s" % (user, group),
        "State: %s" % state,
        "Nodes: %d" % nodes,
        "Cores per node: %d" % cores,
        "CPU Utilized: %s" % hms(used),
        "CPU Efficiency: %.2f%% of %s core-walltime" % (cpu_eff, hms(core_wall)),
        "Job Wall-clock time: %s" % hms(wall),
        "Memory Utilized: %.2f GB (estimated maximum)" % mem_used_gb,
        "Memory Efficiency: %.2f%% of %.2f GB (%.2f GB/node)" % (
            100.0 * mem_used_gb / mem_total_gb, mem_total_gb, mem_total_gb / nodes),
    ])


def sacct(rows):
    """rows: (jobid, name, partition, account, cpus, state, exitcode, elapsed, nodelist)"""
    out = ["JobID           JobName  Partition    Account  AllocCPUS      State ExitCode    Elapsed        NodeList ",
           "------------ ---------- ---------- ---------- ---------- ---------- -------- ---------- --------------- "]
    for r in rows:
        jid, name, part, acct, cpus, state, ec, el, nl = r
        if len(name) > 10:
            name = name[:9] + "+"
        if len(jid) > 12:
            jid = jid[:11] + "+"
        if len(state) > 10:
            state = state[:9] + "+"
        if len(nl) > 15:
            nl = nl[:14] + "+"
        out.append("%-12s %10s %10s %10s %10d %10s %8s %10s %15s " % (jid, name, part, acct, cpus, state, ec, el, nl))
    return join(out)


# --------------------------------------------------------------------------- nvidia-smi
def nvsmi(t, model, n, driver, cuda, temps, powers, mems, utils, procs=(), bus=None, ecc="0", persist="On"):
    name, total, cap = GPU[model]
    bus = bus or (BUS if n > 4 else BUS4)
    lines = [ctime(t),
             "+---------------------------------------------------------------------------------------+",
             "| NVIDIA-SMI %-14s Driver Version: %-14s CUDA Version: %-5s         |" % (driver, driver, cuda),
             "|-----------------------------------------+----------------------+----------------------+",
             "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
             "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
             "|                                         |                      |               MIG M. |",
             "|=========================================+======================+======================|"]
    for i in range(n):
        e = ecc if isinstance(ecc, str) else ecc[i]
        lines.append("| %3d  %-24s %7s | %-16s Off | %20s |" % (i, name[:24], persist, bus[i], e))
        lines.append("| N/A   %2dC    P0            %3dW / %3dW | %8dMiB / %5dMiB | %5d%%      Default |" % (
            temps[i], powers[i], cap, mems[i], total, utils[i]))
        lines.append("|                                         |                      |             Disabled |")
        lines.append("+-----------------------------------------+----------------------+----------------------+")
    lines += ["",
              "+---------------------------------------------------------------------------------------+",
              "| Processes:                                                                            |",
              "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
              "|        ID   ID                                                             Usage      |",
              "|=======================================================================================|"]
    if not procs:
        lines.append("|  No running processes found                                                           |")
    for g, pid, pname, mem in procs:
        lines.append("|  %3d   N/A  N/A  %9d      C   %-38s %7dMiB |" % (g, pid, pname[-38:], mem))
    lines.append("+---------------------------------------------------------------------------------------+")
    return lines


# --------------------------------------------------------------------------- NCCL / torch
def nccl_init(host, pid, local, rank, nranks, busid, ip, t0, net="IB", ver="2.18.5+cuda12.1", hca="mlx5_0", iface="ib0",
              cudadrv="12020", rng=None):
    tid = pid + 61 + local
    p = "%s:%d:%d [%d]" % (host, pid, pid, local)
    q = "%s:%d:%d [%d]" % (host, pid, tid, local)
    out = []
    out.append("%s NCCL INFO Bootstrap : Using %s:%s<0>" % (p, iface, ip))
    out.append("%s NCCL INFO NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation" % p)
    out.append("%s NCCL INFO cudaDriverVersion %s" % (p, cudadrv))
    if rank == 0:
        out.append("NCCL version %s" % ver)
    if net == "IB":
        out.append("%s NCCL INFO NET/IB : Using [0]%s:1/IB ; OOB %s:%s<0>" % (q, hca, iface, ip))
        out.append("%s NCCL INFO Using network IB" % q)
    else:
        out.append("%s NCCL INFO NET/IB : No device found." % q)
        out.append("%s NCCL INFO NET/Socket : Using [0]%s:%s<0>" % (q, iface, ip))
        out.append("%s NCCL INFO Using network Socket" % q)
    cid = "0x%016x" % (0x5a3c9e1f00000000 + nranks * 7919)
    out.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init START" % (
        q, 0x55d1a3c0 + rank * 0x1000, rank, nranks, local, local, busid, cid))
    out.append("%s NCCL INFO Setting affinity for GPU %d to ffff,ffff0000,0000ffff" % (q, local))
    out.append("%s NCCL INFO Channel 00/02 :    0   1   2   3" % q if rank == 0 else
               "%s NCCL INFO Trees [0] %d/-1/-1->%d->%d [1] %d/-1/-1->%d->%d" % (
                   q, (rank + 1) % nranks, rank, (rank - 1) % nranks, (rank + 1) % nranks, rank, (rank - 1) % nranks))
    out.append("%s NCCL INFO Connected all rings" % q)
    out.append("%s NCCL INFO Connected all trees" % q)
    out.append("%s NCCL INFO comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %s commId %s - Init COMPLETE" % (
        q, 0x55d1a3c0 + rank * 0x1000, rank, nranks, local, local, busid, cid))
    return out


def busid_of(bus):
    # "00000000:48:00.0" -> "48000"
    return "%x000" % int(bus.split(":")[1], 16)


def watchdog(t, rank, pid, seq, op="ALLREDUCE", numel=26214400, timeout_ms=1800000, ran=None, style="glog"):
    ran = ran or timeout_ms + 213
    msg = ("[Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, "
           "NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (rank, seq, op, numel, numel, timeout_ms, ran))
    if style == "old":
        return ["[E ProcessGroupNCCL.cpp:475] " + msg]
    return ["[rank%d]:[%s %d ProcessGroupNCCL.cpp:607] %s" % (rank, glog(t), pid + 40, msg)]


def watchdog_tail(t, rank, pid, seq, op="ALLREDUCE", numel=26214400, timeout_ms=1800000, style="glog"):
    if style == "old":
        return ["[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down.",
                "terminate called after throwing an instance of 'std::runtime_error'",
                "  what():  [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (
                    rank, seq, op, numel, numel, timeout_ms, timeout_ms + 213)]
    g = glog(t)
    return ["[rank%d]:[%s %d ProcessGroupNCCL.cpp:1537] [PG 0 (default_pg) Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d." % (rank, g, pid + 40, rank, seq, seq, seq - 1),
            "[rank%d]:[%s %d ProcessGroupNCCL.cpp:621] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data." % (rank, g, pid + 40, rank),
            "[rank%d]:[%s %d ProcessGroupNCCL.cpp:627] [Rank %d] To avoid data inconsistency, we are taking the entire process down." % (rank, g, pid + 40, rank),
            "[rank%d]:[%s %d ProcessGroupNCCL.cpp:1542] [PG 0 (default_pg) Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out." % (
                rank, g, pid + 40, rank, rank, seq, op, numel, numel, timeout_ms, timeout_ms + 213),
            "terminate called after throwing an instance of 'c10::DistBackendError'"]


def child_failed(script, t, failures, torchrun="/home/USER/.conda/envs/ENV/bin/torchrun"):
    """failures: list of (rank, local, host, exitcode, pid, tb)"""
    out = ["Traceback (most recent call last):",
           '  File "%s", line 8, in <module>' % torchrun,
           "    sys.exit(main())",
           '  File "%s/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper' % torchrun.replace("/bin/torchrun", "/lib/python3.10/site-packages"),
           "    return f(*args, **kwargs)",
           '  File "%s/torch/distributed/run.py", line 812, in main' % torchrun.replace("/bin/torchrun", "/lib/python3.10/site-packages"),
           "    run(args)",
           '  File "%s/torch/distributed/launcher/api.py", line 263, in launch_agent' % torchrun.replace("/bin/torchrun", "/lib/python3.10/site-packages"),
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "============================================================",
           "%s FAILED" % script,
           "------------------------------------------------------------",
           "Failures:"]
    first = failures[0]
    rest = failures[1:]
    if not rest:
        out.append("  <NO_OTHER_FAILURES>")
    for i, f in enumerate(rest, 1):
        out += _fail_block(i, f, t)
    out += ["------------------------------------------------------------",
            "Root Cause (first observed failure):"]
    out += _fail_block(0, first, t)
    out.append("============================================================")
    return out


def _fail_block(i, f, t):
    rank, local, host, ec, pid, tb = f
    return ["[%d]:" % i,
            "  time      : %s" % t.strftime("%Y-%m-%d_%H:%M:%S"),
            "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (rank, local),
            "  exitcode  : %d (pid: %d)" % (ec, pid),
            "  error_file: <N/A>",
            "  traceback : %s" % tb]


def dmesg_boot(rng, host, t, upt, kind="T"):
    """A few lines of benign kernel chatter."""
    msgs = ["IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x1af1, Class = 0x068000",
            "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  535.154.05",
            "NFS: Registering the id_resolver key type",
            "Key type id_resolver registered",
            "audit: type=1400 audit(%d.412:211): apparmor=\"STATUS\" operation=\"profile_load\" profile=\"unconfined\" name=\"nvidia_modprobe\"" % (1700000000 + int(upt)),
            "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
            "mlx5_core 0000:4b:00.0: mlx5_pcie_event:301:(pid 1412): PCIe slot advertised sufficient power (75W).",
            "slurm_cgroup: task/cgroup: /slurm/system: alloc=0MB mem.limit=516432MB"]
    out = []
    for i in range(4):
        m = msgs[rng.randrange(len(msgs))]
        tt = T(t, -rng.randrange(300, 4000))
        out.append((dmesgT(tt) if kind == "T" else up(upt - rng.uniform(200, 3000))) + " " + m)
    out.sort()
    return out


def progress(rng, t0, s0, s1, every, sps, loss0, loss1, fmt):
    """Return (lines, t_end). fmt(t, step, loss, dt_per_step) -> str."""
    out = []
    t = t0
    n = max(1, (s1 - s0) // every)
    for i in range(n + 1):
        step = s0 + i * every
        if step > s1:
            break
        frac = i / float(n)
        loss = loss0 + (loss1 - loss0) * frac + rng.uniform(-0.03, 0.03)
        d = sps * rng.uniform(0.97, 1.03)
        t = T(t0, (step - s0) * sps + rng.uniform(0, 0.5))
        out.append(fmt(t, step, loss, d))
    return out, t


def rank_map(nodes, gpn):
    """[(rank, node, local)]"""
    return [(i * gpn + l, n, l) for i, n in enumerate(nodes) for l in range(gpn)]


def ddp_job(rng, nodes, gpn, jid, base, model, partition, user, s_end, sps, loss0=3.2, loss1=2.4,
            env=("module load cuda/12.1.1 nccl/2.18.5",), net=None, ips=None, node_log="train_%s.log",
            out_name="slurm-%d.out", style="py", ver="2.18.5+cuda12.1", every=50, tail=None, s_start=0,
            driver_cuda="12020"):
    """Generic multi-node torchrun job. Returns (files, t_end, rankmap, pids).
    tail: {node: [lines]} appended to each node log; net: {node: 'IB'|'Socket'}"""
    files = {}
    net = net or {}
    rm = rank_map(nodes, gpn)
    bus = BUS if gpn > 4 else BUS4
    pids = {}
    out = slurm_prolog(jid, nodes[0], base, partition)
    out += ["+ %s" % e for e in env]
    out += ["+ srun --ntasks-per-node=1 torchrun --nnodes=%d --nproc_per_node=%d --rdzv_backend=c10d --rdzv_endpoint=%s:29500 train.py" % (len(nodes), gpn, nodes[0]),
            "SLURM_JOB_NODELIST=%s" % ",".join(nodes)]

    def fmt(t, step, loss, d):
        if style == "py":
            return "%s INFO [train.py:188] step %d | loss %.4f | lr %.3e | %.3f s/it | tok/s %d" % (py(t), step, loss, 3e-4, d, int(len(nodes) * gpn * 8192 / d))
        if style == "ds":
            return "[%s] [INFO] [logging.py:96:log_dist] [Rank 0] step=%d, skipped=0, lr=[0.00029], mom=[(0.9, 0.95)]\nsteps: %d loss: %.4f iter time (s): %.3f samples/sec: %.3f" % (
                py(t), step, step, loss, d, len(nodes) * gpn * 4 / d)
        return "Epoch 0:  %d%%|| %d/40000 [%s<?, %.2fit/s, v_num=3, train_loss=%.3f]" % (step * 100 // 40000, step, hms((t - base).total_seconds()), 1 / d, loss)
    lines, tend = progress(rng, T(base, 120 + 60 * (s_start > 0)), s_start + every, s_end, every, sps, loss0, loss1, fmt)
    if len(lines) > 160:
        lines = lines[:40] + lines[-120:]
    out += lines
    files[nodes[0] + "/" + (out_name % jid)] = out
    for i, n in enumerate(nodes):
        ip = (ips or {}).get(n, "10.31.%d.%d" % (4 + i // 8, 10 + i * 3 + int(n[-1]) if n[-1].isdigit() else 10 + i))
        lg = []
        for r, nn, l in rm:
            if nn != n:
                continue
            pid = 200000 + i * 977 + l * 13 + rng.randrange(5)
            pids[r] = pid
            lg += nccl_init(n, pid, l, r, len(rm), busid_of(bus[l]), ip, T(base, 60), net=net.get(n, "IB"), ver=ver,
                            iface="ib0" if net.get(n, "IB") == "IB" else "eno1", cudadrv=driver_cuda)
        lg += (tail or {}).get(n, [])
        files[n + "/" + (node_log % n if "%s" in node_log else node_log)] = lg
    return files, tend, rm, pids


def finish(files):
    return {k: (join(v) if isinstance(v, list) else v) for k, v in files.items()}
