"""Shared helpers for corpus set 47 (Kubernetes / cloud-managed clusters).

Stdlib only, deterministic: every generator takes an explicit random.Random.
"""
import datetime as _dt
import json
import os
import random

UTC = _dt.timezone.utc

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}


def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us, tzinfo=UTC)


def sec(n):
    return _dt.timedelta(seconds=n)


# ---------------------------------------------------------------- timestamps
def ts_py(t):            # Python logging asctime
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def ts_iso(t, frac=6):   # journald short-iso-precise / k8s RFC3339
    if frac == 0:
        return t.strftime("%Y-%m-%dT%H:%M:%SZ")
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + ("%06d" % t.microsecond)[:frac] + "Z"


def ts_journal(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%06d" % t.microsecond + "+0000"


def ts_dmesg_T(t):
    return t.strftime("[%a %b %d %H:%M:%S %Y]").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("[%a %b %d %H:%M:%S %Y]")


def ts_syslog(t):
    return t.strftime("%b ") + ("%2d" % t.day) + t.strftime(" %H:%M:%S")


def ts_c10(t, level="E"):   # [E613 04:21:07.123456789 ...]
    return "%s%d%02d %s.%06d%03d" % (level, t.month, t.day, t.strftime("%H:%M:%S"), t.microsecond, (t.microsecond * 7) % 1000)


def ts_glog(t, level="I"):  # I0613 04:21:07.123456
    return "%s%02d%02d %s.%06d" % (level, t.month, t.day, t.strftime("%H:%M:%S"), t.microsecond)


def ts_bracket(t):
    return t.strftime("[%Y-%m-%d %H:%M:%S]")


# ---------------------------------------------------------------- case object
class Case:
    def __init__(self, name, label):
        self.name = name
        self.label = label
        self.files = {}

    def add(self, path, text):
        if isinstance(text, list):
            text = "\n".join(text) + "\n"
        if path in self.files:
            self.files[path] += text
        else:
            self.files[path] = text

    def node_dirs(self):
        out = set()
        for p in self.files:
            parts = p.split("/")
            if parts[0].startswith("attempt_") and len(parts) > 2:
                out.add(parts[1])
            elif len(parts) > 1:
                out.add(parts[0])
        return out


def validate(case):
    lab = case.label
    errs = []
    if set(lab) != LABEL_KEYS:
        errs.append("label keys %s" % sorted(lab))
    if lab.get("category") not in CATEGORIES:
        errs.append("bad category %r" % lab.get("category"))
    if lab.get("layer") not in LAYERS:
        errs.append("bad layer %r" % lab.get("layer"))
    if lab.get("action") not in ACTIONS:
        errs.append("bad action %r" % lab.get("action"))
    c = lab.get("culprit")
    if c is not None:
        if not isinstance(c, dict) or set(c) != {"node", "rank"}:
            errs.append("culprit must be {node, rank}")
        else:
            if c["node"] not in case.node_dirs():
                errs.append("culprit node %r not a bundle folder (%s)" % (c["node"], sorted(case.node_dirs())))
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool) or c["rank"] < 0):
                errs.append("culprit rank must be int>=0 or null")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append("modelled_on must be https URL")
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 80:
        errs.append("rationale too short")
    if not case.name[:2] == "ar" or not case.name[2:4].isdigit():
        errs.append("bad case name")
    return errs


def write_case(case, out_dir):
    root = os.path.join(out_dir, case.name)
    for rel, text in sorted(case.files.items()):
        p = os.path.join(root, rel)
        os.makedirs(os.path.dirname(p), exist_ok=True)
        with open(p, "w") as f:
            f.write(text)
    with open(os.path.join(root, "label.json"), "w") as f:
        json.dump(case.label, f, indent=2)
        f.write("\n")


# ---------------------------------------------------------------- NCCL init
def nccl_init(host, pid, local, rank, nranks, rng, net="IB", version="2.21.5", cuda="12.4",
              ip="10.0.0.1", iface="eth0", extra=None):
    tid = pid + 40 + local
    p = "%s:%d:%d [%d] NCCL INFO " % (host, pid, pid, local)
    q = "%s:%d:%d [%d] NCCL INFO " % (host, pid, tid, local)
    out = []
    out.append(p + "Bootstrap : Using %s:%s<0>" % (iface, ip))
    if net == "OFI":
        out += [p + "NET/Plugin: Failed to find ncclCollNetPlugin_v8 symbol.",
                p + "NET/OFI Initializing aws-ofi-nccl 1.9.1-aws",
                p + "NET/OFI Using Libfabric version 1.21",
                p + "NET/OFI Using CUDA driver version 12020",
                p + "NET/OFI Configuring AWS-specific options",
                p + "NET/OFI Setting provider_filter to efa",
                p + "NET/OFI Setting FI_EFA_FORK_SAFE environment variable to 1",
                p + "NET/OFI Running on p5.48xlarge platform, Setting NCCL_TOPO_FILE environment variable to /opt/amazon/ofi-nccl/share/aws-ofi-nccl/xml/p5.48xl-topo.xml",
                p + "NET/OFI Internode latency set at 75.0 us",
                p + "NET/OFI Selected Provider is efa (found 32 nics)",
                p + "Using network AWS Libfabric"]
    elif net == "TCPX":
        out += [p + "NET/GPUDirectTCPX ver. 3.1.8.",
                p + "NET/GPUDirectTCPX : GPUDirectTCPX enable: 1",
                p + "NET/GPUDirectTCPX : Using [0]eth1:10.64.1.%d<0> [1]eth2:10.64.2.%d<0> [2]eth3:10.64.3.%d<0> [3]eth4:10.64.4.%d<0>" % (((rank // 8) + 2,) * 4),
                p + "NET/GPUDirectTCPX : Using unix client prefix /run/tcpx",
                p + "Using network GPUDirectTCPX"]
    elif net == "IBext":
        out += [p + "Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so",
                p + "P2P plugin IBext_v8",
                p + "NET/IB : Using [0]mlx5_ib0:1/IB [1]mlx5_ib1:1/IB [2]mlx5_ib2:1/IB [3]mlx5_ib3:1/IB [4]mlx5_ib4:1/IB [5]mlx5_ib5:1/IB [6]mlx5_ib6:1/IB [7]mlx5_ib7:1/IB [RO]; OOB %s:%s<0>" % (iface, ip),
                p + "Using non-device net plugin version 0",
                p + "Using network IBext_v8"]
    else:
        out += [p + "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.",
                p + "NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB [RO]; OOB %s:%s<0>" % (iface, ip),
                p + "Using network IB"]
    if local == 0 and rank == 0:
        out.append("NCCL version %s+cuda%s" % (version, cuda))
    comm = rng.randrange(0x55d000000000, 0x55dfffffffff)
    out.append(q + "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x%x - Init START"
               % (comm, rank, nranks, local, local,
                  [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb][local % 8], 0x5f1c2e9a77d1b3c4))
    out.append(q + "comm 0x%x rank %d nRanks %d nNodes %d localRanks 8 localRank %d MNNVL 0"
               % (comm, rank, nranks, max(1, nranks // 8), local))
    if extra:
        out += [q + e for e in extra]
    out.append(q + "ncclCommInitRank comm 0x%x rank %d nranks %d cudaDev %d nvmlDev %d busId %x000 commId 0x%x - Init COMPLETE"
               % (comm, rank, nranks, local, local,
                  [0x18, 0x2a, 0x3a, 0x5d, 0x9a, 0xab, 0xba, 0xdb][local % 8], 0x5f1c2e9a77d1b3c4))
    return out


# ---------------------------------------------------------------- training loops
def megatron_iters(t0, start, n, total, step_s, rng, loss0=3.2, gbs=512, every=1, lscale=None,
                   nan_at=None, prefix=""):
    """Megatron-LM style iteration lines. Returns (lines, t_end)."""
    out = []
    t = t0
    loss = loss0
    for it in range(start, start + n):
        dt = step_s * (1 + rng.uniform(-0.02, 0.02))
        t = t + sec(dt)
        loss = max(1.6, loss - rng.uniform(0.0, 0.0009) + rng.uniform(-0.01, 0.01))
        if (it % every) != 0:
            continue
        gn = rng.uniform(0.18, 0.41)
        ls = "%s" % (lscale if lscale else "1.0")
        lv = "%.6E" % loss
        nanc = 0
        if nan_at is not None and it >= nan_at:
            lv, gn, nanc = "nan", float("nan"), it - nan_at + 1
        out.append("%s [%s] iteration %8d/%8d | consumed samples: %12d | elapsed time per iteration (ms): %.1f | "
                   "learning rate: %.6E | global batch size: %5d | lm loss: %s | loss scale: %s | grad norm: %s | "
                   "number of skipped iterations:   0 | number of nan iterations: %3d |"
                   % (prefix, t.strftime("%Y-%m-%d %H:%M:%S"), it, total, it * gbs, dt * 1000,
                      3e-4 * min(1.0, it / 2000.0), gbs, lv, ls, ("%.3f" % gn) if gn == gn else "nan", nanc))
    return out, t


def torchtitan_steps(t0, start, n, step_s, rng, loss0=4.1, rank=0, every=10, mem=58.2, tps=3900, slow=None):
    out = []
    t = t0
    loss = loss0
    for st in range(start, start + n):
        f = 1.0
        if slow and st >= slow[0]:
            f = slow[1]
        dt = step_s * f * (1 + rng.uniform(-0.015, 0.015))
        t = t + sec(dt)
        loss = max(1.9, loss - rng.uniform(0, 0.0012) + rng.uniform(-0.012, 0.012))
        if st % every:
            continue
        tp = int(tps / f * (1 + rng.uniform(-0.01, 0.01)))
        out.append("[rank%d]:[titan] %s - root - INFO - step: %5d  loss: %7.4f  memory: %5.2fGiB(%5.2f%%)  tps: %s  tflops: %.2f  mfu: %.2f%%"
                   % (rank, ts_py(t), st, loss, mem, mem / 79.1 * 100, format(tp, ","), tp * 0.0812, tp * 0.0812 / 989 * 100))
    return out, t


def pylog_steps(t0, start, n, step_s, rng, fmt="%(ts)s - INFO - train.py:%(line)d - step %(step)d | loss %(loss).4f | lr %(lr).3e | %(sps).2f s/it",
                loss0=2.9, every=10, line=288, slow=None, nan_at=None):
    out = []
    t = t0
    loss = loss0
    for st in range(start, start + n):
        f = 1.0
        if slow and st >= slow[0]:
            f = slow[1]
        dt = step_s * f * (1 + rng.uniform(-0.02, 0.02))
        t = t + sec(dt)
        loss = max(1.2, loss - rng.uniform(0, 0.0009) + rng.uniform(-0.01, 0.01))
        if st % every:
            continue
        lv = loss if (nan_at is None or st < nan_at) else float("nan")
        out.append(fmt % {"ts": ts_py(t), "line": line, "step": st, "loss": lv, "lr": 2e-4 * min(1, st / 1000.0),
                          "sps": dt})
    return out, t


# ---------------------------------------------------------------- sympathetic failure blocks
def watchdog_timeout(rank, t, seq, optype="ALLREDUCE", numel=262144000, timeout_ms=600000, pg="0 PG GUID 0(default_pg)",
                     prefix=None, last_completed=None):
    pre = prefix if prefix is not None else "[rank%d]:" % rank
    lc = last_completed if last_completed is not None else seq - 1
    out = [
        "%s[%s ProcessGroupNCCL.cpp:616] [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (pre, ts_c10(t), rank, seq, optype, numel, numel, timeout_ms, timeout_ms + 17 + rank % 9),
        "%s[%s ProcessGroupNCCL.cpp:1785] [PG ID %s Rank %d] Exception (either an error or timeout) detected by watchdog at work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (pre, ts_c10(t + sec(0.0004)), pg, rank, seq, seq + 2, lc),
        "%s[%s ProcessGroupNCCL.cpp:1834] [PG ID %s Rank %d] Timeout at NCCL work: %d, last enqueued NCCL work: %d, last completed NCCL work: %d."
        % (pre, ts_c10(t + sec(0.0005)), pg, rank, seq, seq + 2, lc),
        "%s[%s ProcessGroupNCCL.cpp:630] [Rank %d] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."
        % (pre, ts_c10(t + sec(0.0006)), rank),
        "%s[%s ProcessGroupNCCL.cpp:636] [Rank %d] To avoid data inconsistency, we are taking the entire process down."
        % (pre, ts_c10(t + sec(0.0007)), rank),
        "%s[%s ProcessGroupNCCL.cpp:1595] [PG ID %s Rank %d] Process group watchdog thread terminated with exception: [Rank %d] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=%d, OpType=%s, NumelIn=%d, NumelOut=%d, Timeout(ms)=%d) ran for %d milliseconds before timing out."
        % (pre, ts_c10(t + sec(0.001)), pg, rank, rank, seq, optype, numel, numel, timeout_ms, timeout_ms + 17 + rank % 9),
        "Exception raised from checkTimeout at /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
        "frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c9a577446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        "frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f3c4b8e0772 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f3c4b8e7bb3 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f3c4b8e961d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "frame #4: <unknown function> + 0xdc253 (0x7f3c9a0b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
        "frame #5: <unknown function> + 0x94ac3 (0x7f3ca1e63ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
        "frame #6: clone + 0x44 (0x7f3ca1ef4a04 in /lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]
    return out


def torchrun_failure(t, host, failures, script="train.py"):
    """failures: list of (local_rank, global_rank, exitcode, pid, errmsg)."""
    first = failures[0]
    out = [
        "W%s %d torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM"
        % (ts_glog(t)[1:], 1, first[3] + 1),
        "E%s %d torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: %d) local_rank: %d (pid: %d) of binary: /usr/bin/python3"
        % (ts_glog(t + sec(2))[1:], 1, first[2], first[0], first[3]),
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 910, in run',
        "    elastic_launch(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 138, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        "%s FAILED" % script,
        "------------------------------------------------------------",
        "Failures:",
    ]
    if len(failures) == 1:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(failures[1:], 1):
            out += ["[%d]:" % i, "  time      : %s" % (t + sec(2)).strftime("%Y-%m-%d_%H:%M:%S"),
                    "  host      : %s" % host, "  rank      : %d (local_rank: %d)" % (f[1], f[0]),
                    "  exitcode  : %d (pid: %d)" % (f[2], f[3]), "  error_file: <N/A>",
                    "  traceback : %s" % f[4]]
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):", "[0]:",
            "  time      : %s" % (t + sec(2)).strftime("%Y-%m-%d_%H:%M:%S"), "  host      : %s" % host,
            "  rank      : %d (local_rank: %d)" % (first[1], first[0]), "  exitcode  : %d (pid: %d)" % (first[2], first[3]),
            "  error_file: <N/A>", "  traceback : %s" % first[4],
            "============================================================"]
    return out


def sigterm_by_agent(t, pids):
    out = []
    for p in pids:
        out.append("W%s 1 torch/distributed/elastic/multiprocessing/api.py:897] Sending process %d closing signal SIGTERM" % (ts_glog(t)[1:], p))
    return out


def agent_received_sigterm(t, host):
    return [
        "W%s 1 torch/distributed/elastic/agent/server/api.py:704] Received Signals.SIGTERM death signal, shutting down workers" % ts_glog(t)[1:],
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/agent/server/api.py", line 866, in _invoke_run',
        "    time.sleep(monitor_interval)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/api.py", line 84, in _terminate_process_handler',
        "    raise SignalException(f\"Process {os.getpid()} got signal: {sigval}\", sigval=sigval)",
        "torch.distributed.elastic.multiprocessing.api.SignalException: Process 1 got signal: 15",
    ]


def nccl_remote_error_dist(rank, t, host, pid, local, msg, prefix=None):
    pre = prefix if prefix is not None else "[rank%d]: " % rank
    return [
        pre + "Traceback (most recent call last):",
        pre + '  File "/workspace/train.py", line 301, in <module>',
        pre + "    main()",
        pre + '  File "/workspace/train.py", line 262, in main',
        pre + "    loss = train_step(model, batch, optimizer)",
        pre + '  File "/workspace/train.py", line 171, in train_step',
        pre + "    torch.distributed.all_reduce(grad_norm_sq, group=dp_group)",
        pre + '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py", line 2288, in all_reduce',
        pre + "    work.wait()",
        pre + "torch.distributed.DistBackendError: NCCL error in: /opt/pytorch/pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027, " + msg,
    ]


# ---------------------------------------------------------------- Kubernetes renderers
def describe_pod(name, ns, node, ip, image, image_id, started, state, last_state=None, restarts=0, events=None,
                 labels=None, limits=None, ready="False", status="Running", controlled_by=None, node_ip="10.0.0.1",
                 container="pytorch", exit_code=None, reason=None, finished=None, message=None):
    labels = labels or {}
    limits = limits or {"cpu": "96", "memory": "1600Gi", "nvidia.com/gpu": "8"}
    out = ["Name:             %s" % name, "Namespace:        %s" % ns, "Priority:         0",
           "Service Account:  default", "Node:             %s/%s" % (node, node_ip),
           "Start Time:       %s" % started.strftime("%a, %d %b %Y %H:%M:%S +0000")]
    first = True
    for k, v in labels.items():
        out.append(("Labels:           " if first else "                  ") + "%s=%s" % (k, v))
        first = False
    out += ["Annotations:      <none>", "Status:           %s" % status, "IP:               %s" % ip,
            "IPs:", "  IP:           %s" % ip]
    if controlled_by:
        out.append("Controlled By:  %s" % controlled_by)
    out += ["Containers:", "  %s:" % container,
            "    Container ID:  containerd://%s" % __import__("hashlib").sha256(name.encode()).hexdigest(),
            "    Image:         %s" % image, "    Image ID:      %s" % image_id,
            "    Port:          23456/TCP", "    Host Port:     0/TCP"]
    out.append("    State:          %s" % state[0])
    for k, v in state[1:]:
        out.append("      %-12s %s" % (k + ":", v))
    if last_state:
        out.append("    Last State:     %s" % last_state[0])
        for k, v in last_state[1:]:
            out.append("      %-12s %s" % (k + ":", v))
    out += ["    Ready:          %s" % ready, "    Restart Count:  %d" % restarts, "    Limits:"]
    for k, v in limits.items():
        out.append("      %-16s %s" % (k + ":", v))
    out.append("    Requests:")
    for k, v in limits.items():
        out.append("      %-16s %s" % (k + ":", v))
    out += ["    Environment:", "      PYTHONUNBUFFERED:  1", "      NCCL_DEBUG:        INFO",
            "    Mounts:", "      /dev/shm from dshm (rw)", "      /var/run/secrets/kubernetes.io/serviceaccount from kube-api-access (ro)",
            "Conditions:", "  Type              Status", "  Initialized       True",
            "  Ready             %s" % ready, "  ContainersReady   %s" % ready, "  PodScheduled      True",
            "QoS Class:                   Guaranteed", "Node-Selectors:              <none>",
            "Tolerations:                 node.kubernetes.io/not-ready:NoExecute op=Exists for 300s",
            "                             node.kubernetes.io/unreachable:NoExecute op=Exists for 300s",
            "                             nvidia.com/gpu:NoSchedule op=Exists"]
    if events:
        out += ["Events:", "  Type     Reason     Age                  From               Message",
                "  ----     ------     ----                 ----               -------"]
        for e in events:
            out.append("  %-8s %-10s %-20s %-18s %s" % e)
    else:
        out.append("Events:                      <none>")
    return out


def get_events(rows):
    """rows: (last_seen, type, reason, object, message)"""
    out = ["LAST SEEN   TYPE      REASON                    OBJECT                                        MESSAGE"]
    for r in rows:
        out.append("%-11s %-9s %-25s %-45s %s" % r)
    return out


def describe_node(name, labels, conditions, allocatable_gpu="8", events=None, created=None, taints="<none>",
                  provider=None):
    out = ["Name:               %s" % name, "Roles:              <none>"]
    first = True
    for k, v in labels.items():
        out.append(("Labels:             " if first else "                    ") + "%s=%s" % (k, v))
        first = False
    out += ["CreationTimestamp:  %s" % (created or "Mon, 03 Jun 2024 07:12:44 +0000"),
            "Taints:             %s" % taints, "Unschedulable:      false",
            "Conditions:",
            "  Type                 Status  LastHeartbeatTime                 LastTransitionTime                Reason                       Message",
            "  ----                 ------  -----------------                 ------------------                ------                       -------"]
    for c in conditions:
        out.append("  %-20s %-7s %-33s %-33s %-28s %s" % c)
    out += ["Capacity:", "  cpu:                192", "  ephemeral-storage:  1855467204Ki", "  memory:             2097152000Ki",
            "  nvidia.com/gpu:     8", "  pods:               110", "Allocatable:", "  cpu:                191450m",
            "  memory:             2063481344Ki", "  nvidia.com/gpu:     %s" % allocatable_gpu, "  pods:               110"]
    if provider:
        out.append("ProviderID:                   %s" % provider)
    if events:
        out += ["Events:", "  Type     Reason                   Age                From                      Message",
                "  ----     ------                   ----               ----                      -------"]
        for e in events:
            out.append("  %-8s %-24s %-18s %-25s %s" % e)
    else:
        out.append("Events:             <none>")
    return out


# ---------------------------------------------------------------- node tools
def nvsmi_q(t, gpus, driver="535.183.01", cuda="12.2", product="NVIDIA H100 80GB HBM3", overrides=None,
            pci_ids=None):
    overrides = overrides or {}
    pci_ids = pci_ids or ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
                          "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
    out = ["", "==============NVSMI LOG==============", "",
           "Timestamp                                 : %s" % t.strftime("%a %b %d %H:%M:%S %Y"),
           "Driver Version                            : %s" % driver,
           "CUDA Version                              : %s" % cuda, "",
           "Attached GPUs                             : %d" % gpus]
    for i in range(gpus):
        o = overrides.get(i, {})
        if o.get("lost"):
            out += ["GPU %s" % pci_ids[i], "    Product Name                          : Unknown Error",
                    "    GPU UUID                              : Unknown Error", ""]
            continue
        out += ["GPU %s" % pci_ids[i],
                "    Product Name                          : %s" % product,
                "    Product Brand                         : NVIDIA",
                "    Persistence Mode                      : Enabled",
                "    Minor Number                          : %d" % i,
                "    GPU UUID                              : GPU-%08x-%04x-%04x-%04x-%012x" % (0x3a1c0000 + i * 7777, 0x1b2c + i, 0x4d5e, 0x8f90 + i, 0xa1b2c3d4e5f0 + i),
                "    GPU Reset Status",
                "        Reset Required                    : %s" % o.get("reset_required", "No"),
                "    PCI",
                "        Bus                               : 0x%s" % pci_ids[i][9:11],
                "        GPU Link Info",
                "            PCIe Generation",
                "                Max                       : 5",
                "                Current                   : %s" % o.get("pcie_gen", "5"),
                "            Link Width",
                "                Max                       : 16x",
                "                Current                   : %s" % o.get("pcie_width", "16x"),
                "    Performance State                     : P0",
                "    Clocks Event Reasons",
                "        Idle                              : Not Active",
                "        Applications Clocks Setting       : Not Active",
                "        SW Power Cap                      : %s" % o.get("sw_power", "Not Active"),
                "        HW Slowdown                       : %s" % o.get("hw_slow", "Not Active"),
                "            HW Thermal Slowdown           : %s" % o.get("hw_thermal", "Not Active"),
                "            HW Power Brake Slowdown       : Not Active",
                "        Sync Boost                        : Not Active",
                "        SW Thermal Slowdown               : %s" % o.get("sw_thermal", "Not Active"),
                "        Display Clock Setting             : Not Active",
                "    FB Memory Usage",
                "        Total                             : 81559 MiB",
                "        Reserved                          : 551 MiB",
                "        Used                              : %s MiB" % o.get("fb_used", 71234 + i * 13),
                "        Free                              : %s MiB" % o.get("fb_free", 81559 - 551 - 71234 - i * 13),
                "    Compute Mode                          : Default",
                "    Utilization",
                "        Gpu                               : %s %%" % o.get("util", 98),
                "        Memory                            : %s %%" % o.get("mem_util", 41),
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : %s" % o.get("sram_unc", 0),
                "            DRAM Correctable              : %s" % o.get("dram_corr", 0),
                "            DRAM Uncorrectable            : %s" % o.get("dram_unc", 0),
                "        Aggregate",
                "            SRAM Correctable              : 0",
                "            SRAM Uncorrectable Parity     : 0",
                "            SRAM Uncorrectable SEC-DED    : %s" % o.get("sram_unc", 0),
                "            DRAM Correctable              : %s" % o.get("dram_corr_agg", o.get("dram_corr", 0)),
                "            DRAM Uncorrectable            : %s" % o.get("dram_unc_agg", o.get("dram_unc", 0)),
                "    Retired Pages",
                "        Single Bit ECC                    : N/A",
                "        Double Bit ECC                    : N/A",
                "        Pending Page Blacklist            : N/A",
                "    Remapped Rows",
                "        Correctable Error                 : %s" % o.get("rr_corr", 0),
                "        Uncorrectable Error               : %s" % o.get("rr_unc", 0),
                "        Pending                           : %s" % o.get("rr_pending", "No"),
                "        Remapping Failure Occurred        : %s" % o.get("rr_fail", "No"),
                "    Temperature",
                "        GPU Current Temp                  : %s C" % o.get("temp", 44 + (i * 3) % 9),
                "        GPU T.Limit Temp                  : %s C" % o.get("tlimit", 41 - (i * 3) % 9),
                "        GPU Shutdown Temp                 : 92 C",
                "        GPU Slowdown Temp                 : 87 C",
                "        Memory Current Temp               : %s C" % o.get("mtemp", 52 + i % 5),
                "    GPU Power Readings",
                "        Power Draw                        : %s W" % o.get("power", "%.2f" % (612.4 + i * 3.1)),
                "        Current Power Limit               : 700.00 W",
                "    Clocks",
                "        Graphics                          : %s MHz" % o.get("sm_clock", 1980),
                "        SM                                : %s MHz" % o.get("sm_clock", 1980),
                "        Memory                            : 2619 MHz",
                "    Processes"]
        procs = o.get("procs", [(1000 + i * 17, "python3", o.get("fb_used_proc", 70540 + i * 13))])
        for pid, pname, mem in procs:
            out += ["        GPU instance ID                   : N/A",
                    "        Compute instance ID               : N/A",
                    "        Process ID                        : %d" % pid,
                    "            Type                          : C",
                    "            Name                          : %s" % pname,
                    "            Used GPU Memory               : %d MiB" % mem]
        out.append("")
    return out


def dmesg_boot(rng, host, fmt, t_boot, extra_events, kernel="5.15.0-1063-aws", t_first=None):
    """extra_events: list of (datetime, text). fmt: 'T' (dmesg -T) or 'raw' (uptime seconds)."""
    base = [
        (0.000000, "Linux version %s (buildd@lcy02-amd64-064) (x86_64-linux-gnu-gcc-11 (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #69~20.04.1-Ubuntu SMP" % kernel),
        (0.000000, "Command line: BOOT_IMAGE=/boot/vmlinuz-%s root=PARTUUID=5d3a0b1c-01 ro console=tty1 console=ttyS0 nvme_core.io_timeout=4294967295 pci=realloc=off" % kernel),
        (0.412233, "ACPI: Early table checksum verification disabled"),
        (1.982201, "pci 0000:00:00.0: [8086:09a2] type 00 class 0x060000"),
        (3.114020, "nvme nvme0: pci function 0000:00:04.0"),
        (3.402115, "EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
        (9.881722, "nvidia: loading out-of-tree module taints kernel."),
        (9.912003, "nvidia-nvlink: Nvlink Core is being initialized, major device number 507"),
        (10.201456, "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  535.183.01  Sun May 12 19:39:15 UTC 2024"),
        (11.772399, "nvidia-uvm: Loaded the UVM driver, major device number 505."),
        (14.011288, "IPv6: ADDRCONF(NETDEV_CHANGE): eth0: link becomes ready"),
        (21.443110, "overlayfs: idmapped layers are currently not supported"),
        (22.190334, "cni0: port 1(veth3c1a9e2b) entered forwarding state"),
    ]
    ev = []
    for s, txt in base:
        ev.append((t_boot + sec(s), txt))
    for i in range(rng.randint(6, 14)):
        ev.append((t_boot + sec(60 + rng.uniform(0, 9000)), "IPv6: ADDRCONF(NETDEV_CHANGE): veth%08x: link becomes ready" % rng.randrange(1 << 32)))
    ev += extra_events
    ev.sort(key=lambda x: x[0])
    out = []
    for t, txt in ev:
        if fmt == "raw":
            up = (t - t_boot).total_seconds()
            out.append("[%12.6f] %s" % (up, txt))
        else:
            out.append("%s %s" % (ts_dmesg_T(t), txt))
    return out


def ibstat(devs, states=None):
    states = states or {}
    out = []
    for i, d in enumerate(devs):
        st = states.get(d, ("Active", "LinkUp", "400"))
        out += ["CA '%s'" % d, "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                "\tHardware version: 0", "\tNode GUID: 0x%016x" % (0x946dae0300a1b200 + i * 0x10),
                "\tSystem image GUID: 0x%016x" % (0x946dae0300a1b200 + i * 0x10), "\tPort 1:",
                "\t\tState: %s" % st[0], "\t\tPhysical state: %s" % st[1], "\t\tRate: %s" % st[2],
                "\t\tBase lid: %d" % (100 + i), "\t\tLMC: 0", "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848",
                "\t\tPort GUID: 0x%016x" % (0x946dae0300a1b200 + i * 0x10), "\t\tLink layer: InfiniBand"]
    return out


def df_h(rows):
    out = ["Filesystem      Size  Used Avail Use% Mounted on"]
    for r in rows:
        out.append("%-15s %5s %5s %5s %4s %s" % r)
    return out


# ---------------------------------------------------------------- launcher scaffold
def torchrun_header(t, nnodes, nproc, endpoint, run_id, entry="/workspace/train.py", max_restarts=0, backend="c10d"):
    g = ts_glog(t)[1:]
    return [
        "W%s 1 torch/distributed/run.py:793] " % g,
        "W%s 1 torch/distributed/run.py:793] *****************************************" % g,
        "W%s 1 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. " % g,
        "W%s 1 torch/distributed/run.py:793] *****************************************" % g,
        "I%s 1 torch/distributed/launcher/api.py:194] Starting elastic_operator with launch configs:" % g,
        "I%s 1 torch/distributed/launcher/api.py:194]   entrypoint       : %s" % (g, entry),
        "I%s 1 torch/distributed/launcher/api.py:194]   min_nodes        : %d" % (g, nnodes),
        "I%s 1 torch/distributed/launcher/api.py:194]   max_nodes        : %d" % (g, nnodes),
        "I%s 1 torch/distributed/launcher/api.py:194]   nproc_per_node   : %d" % (g, nproc),
        "I%s 1 torch/distributed/launcher/api.py:194]   run_id           : %s" % (g, run_id),
        "I%s 1 torch/distributed/launcher/api.py:194]   rdzv_backend     : %s" % (g, backend),
        "I%s 1 torch/distributed/launcher/api.py:194]   rdzv_endpoint    : %s" % (g, endpoint),
        "I%s 1 torch/distributed/launcher/api.py:194]   rdzv_configs     : {'timeout': 900}" % g,
        "I%s 1 torch/distributed/launcher/api.py:194]   max_restarts     : %d" % (g, max_restarts),
        "I%s 1 torch/distributed/launcher/api.py:194]   monitor_interval : 0.1" % g,
        "I%s 1 torch/distributed/launcher/api.py:194]   log_dir          : /tmp/torchelastic_%s" % (g, run_id[:8]),
        "I%s 1 torch/distributed/launcher/api.py:194]   metrics_cfg      : {}" % g,
        "I%s 1 torch/distributed/launcher/api.py:194] " % g,
    ]


def pod_prelude(host, node_idx, gpn, nnodes, t, rng, net="IB", ip="10.0.0.1", endpoint="job-master-0:23456",
                run_id="job", entry="/workspace/train.py", iface="eth0", nccl_extra=None, version="2.21.5"):
    out = torchrun_header(t, nnodes, gpn, endpoint, run_id, entry)
    t2 = t + sec(4 + rng.uniform(0, 3))
    out.append("I%s 1 torch/distributed/elastic/agent/server/api.py:869] [default] starting workers for entrypoint: python3" % ts_glog(t2)[1:])
    out.append("I%s 1 torch/distributed/elastic/agent/server/api.py:681] [default] Rendezvous complete for workers. Result:" % ts_glog(t2)[1:])
    out.append("  restart_count=0")
    out.append("  master_addr=%s" % endpoint.split(":")[0])
    out.append("  master_port=%s" % endpoint.split(":")[1])
    out.append("  group_rank=%d" % node_idx)
    out.append("  group_world_size=%d" % nnodes)
    out.append("  local_ranks=%s" % list(range(gpn)))
    out.append("  role_ranks=%s" % list(range(node_idx * gpn, node_idx * gpn + gpn)))
    out.append("  global_ranks=%s" % list(range(node_idx * gpn, node_idx * gpn + gpn)))
    out.append("  role_world_sizes=%s" % ([gpn * nnodes] * gpn))
    out.append("  global_world_sizes=%s" % ([gpn * nnodes] * gpn))
    out.append("")
    base_pid = 200 + rng.randrange(0, 50)
    for lr in range(gpn):
        out += nccl_init(host, base_pid + lr, lr, node_idx * gpn + lr, gpn * nnodes, rng, net=net, ip=ip,
                         iface=iface, extra=nccl_extra, version=version)
    return out, base_pid, t2 + sec(20 + rng.uniform(0, 8))
