"""Shared helpers for the set26 generator (standard library only, deterministic)."""
import datetime as _dt
import hashlib
import json
import random

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}


def rng_for(name):
    return random.Random(int(hashlib.sha256(name.encode()).hexdigest()[:16], 16))


class Bundle:
    def __init__(self, name, what):
        self.name = name
        self.what = what          # README "what it tests"
        self.files = {}           # relpath -> text
        self.label = None
        self.rng = rng_for(name)

    def add(self, path, text):
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = self.files.get(path, "") + text

    def set_label(self, category, layer, culprit, action, rationale, url):
        self.label = {"category": category, "layer": layer, "culprit": culprit,
                      "action": action, "rationale": rationale, "modelled_on": url}

    def topology(self, topo):
        self.files["topology.json"] = json.dumps({"topology": topo}, indent=2) + "\n"

    def node_dirs(self):
        nodes = set()
        for p in self.files:
            parts = p.split("/")
            if len(parts) < 2:
                continue
            if parts[0].startswith("attempt_"):
                if len(parts) >= 3:
                    nodes.add(parts[1])
            else:
                nodes.add(parts[0])
        return nodes

    def validate(self):
        lab = self.label
        assert lab is not None, self.name
        assert set(lab) == {"category", "layer", "culprit", "action", "rationale", "modelled_on"}, self.name
        assert lab["category"] in CATEGORIES, (self.name, lab["category"])
        assert lab["layer"] in LAYERS, (self.name, lab["layer"])
        assert lab["action"] in ACTIONS, (self.name, lab["action"])
        assert lab["modelled_on"].startswith("https://"), self.name
        assert lab["rationale"].strip(), self.name
        c = lab["culprit"]
        if c is not None:
            assert set(c) == {"node", "rank"}, self.name
            assert c["node"] in self.node_dirs(), (self.name, c["node"], sorted(self.node_dirs()))
            assert c["rank"] is None or isinstance(c["rank"], int), self.name
        tops = {p.split("/")[0] for p in self.files if "/" in p}
        if any(t.startswith("attempt_") for t in tops):
            assert all(t.startswith("attempt_") for t in tops), (self.name, "mixed attempt/node dirs")
        n = len(self.node_dirs())
        assert 2 <= n <= 16, (self.name, n)
        assert self.name[0] == "n" and self.name[1:3].isdigit() and self.name[3] == "_", self.name


# ---------------------------------------------------------------- time helpers
class Clock:
    def __init__(self, start):
        self.t = start

    def tick(self, s):
        self.t = self.t + _dt.timedelta(seconds=s)
        return self.t


def T(y, mo, d, h, mi, s=0, us=0):
    return _dt.datetime(y, mo, d, h, mi, s, us)


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03d" % (t.microsecond // 1000)


def pylog(t):
    return t.strftime("%Y-%m-%d %H:%M:%S,") + "%03d" % (t.microsecond // 1000)


def syslog(t):
    return t.strftime("%b %d %H:%M:%S").replace(" 0", "  ", 1) if t.day < 10 else t.strftime("%b %d %H:%M:%S")


def c10d_ts(t, pad=False):
    # python launcher logging pads the month (W0312 04:11:09.315000); c10 C++ logging does not ([E312 ...])
    return ("%02d%02d %s.%06d" if pad else "%d%02d %s.%06d") % (t.month, t.day, t.strftime("%H:%M:%S"),
                                                               t.microsecond or (t.second * 7919 + t.minute * 104729) % 1000000)


def add(t, s):
    return t + _dt.timedelta(seconds=s)


# ---------------------------------------------------------------- log fragments
def torchrun_banner(t, nnodes, nproc, endpoint, max_restarts=0, run_id="job"):
    ts = c10d_ts(t, pad=True)
    return (
        f"W{ts} 140221{nnodes}88 torch/distributed/run.py:793] \n"
        f"W{ts} 140221{nnodes}88 torch/distributed/run.py:793] *****************************************\n"
        f"W{ts} 140221{nnodes}88 torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. \n"
        f"W{ts} 140221{nnodes}88 torch/distributed/run.py:793] *****************************************\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188]   entrypoint       : train.py\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188]   min_nodes        : {nnodes}\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188]   max_nodes        : {nnodes}\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188]   nproc_per_node   : {nproc}\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188]   run_id           : {run_id}\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188]   rdzv_backend     : c10d\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188]   rdzv_endpoint    : {endpoint}\n"
        f"I{ts} 140221{nnodes}88 torch/distributed/launcher/api.py:188]   max_restarts     : {max_restarts}\n"
    )


def sigterm_lines(t, pids):
    ts = c10d_ts(t, pad=True)
    return "".join(
        f"W{ts} 1402218 torch/distributed/elastic/multiprocessing/api.py:897] Sending process {p} closing signal SIGTERM\n"
        for p in pids)


def child_failed(t, host, failures, entry="train.py"):
    """failures: list of (global_rank, local_rank, exitcode, pid, note)"""
    ts = c10d_ts(t, pad=True)
    out = [f"E{ts} 1402218 torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: {failures[0][2]}) local_rank: {failures[0][1]} (pid: {failures[0][3]}) of binary: /usr/bin/python3",
           "Traceback (most recent call last):",
           '  File "/usr/local/bin/torchrun", line 8, in <module>',
           "    sys.exit(main())",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
           "    run(args)",
           '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
           "    raise ChildFailedError(",
           "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
           "============================================================",
           f"{entry} FAILED",
           "------------------------------------------------------------",
           "Failures:"]
    rest = failures[1:]
    if not rest:
        out.append("  <NO_OTHER_FAILURES>")
    for i, (gr, lr, ec, pid, note) in enumerate(rest, 1):
        out += [f"[{i}]:", f"  time      : {t.strftime('%Y-%m-%d_%H:%M:%S')}", f"  host      : {host}",
                f"  rank      : {gr} (local_rank: {lr})", f"  exitcode  : {ec} (pid: {pid})",
                f"  error_file: <N/A>", f"  traceback : {note}"]
    gr, lr, ec, pid, note = failures[0]
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):",
            "[0]:", f"  time      : {t.strftime('%Y-%m-%d_%H:%M:%S')}", f"  host      : {host}",
            f"  rank      : {gr} (local_rank: {lr})", f"  exitcode  : {ec} (pid: {pid})",
            "  error_file: <N/A>", f"  traceback : {note}",
            "============================================================"]
    return "\n".join(out) + "\n"


def watchdog_timeout(t, rank, seq, op, numel, timeout_ms=1800000, pg="0 (default_pg)"):
    ts = c10d_ts(t)
    ran = timeout_ms + 40 + (rank * 37) % 900
    return (f"[rank{rank}]:[E{ts}27 ProcessGroupNCCL.cpp:616] [Rank {rank}] Watchdog caught collective operation timeout: "
            f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out.\n"
            f"[rank{rank}]:[E{ts}31 ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID {pg} Rank {rank}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.\n"
            f"[rank{rank}]:[E{ts}35 ProcessGroupNCCL.cpp:630] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.\n"
            f"[rank{rank}]:[E{ts}36 ProcessGroupNCCL.cpp:636] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.\n")


def remote_error(t, rank, host_ip, peer_ip, port):
    ts = c10d_ts(t)
    return (f"[rank{rank}]:[E{ts} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\n"
            f"ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
            f"Last error:\n"
            f"socketProgressOpt: Call to recv from {peer_ip}<{port}> failed : Connection reset by peer\n"
            f"Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:2027 (most recent call first):\n"
            f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3c2b16c446 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)\n"
            f"frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x7f3bd6a4e1b0 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)\n")


def train_steps(t, first, last, every, step_s, loss0, rng, fmt="megatron", rank_tag=""):
    lines = []
    loss = loss0
    for it in range(first, last + 1, every):
        loss = max(0.9, loss - rng.uniform(0.001, 0.02) * every / 10)
        t = add(t, step_s * every * rng.uniform(0.97, 1.03))
        if fmt == "megatron":
            lines.append(f" [{t.strftime('%Y-%m-%d %H:%M:%S')}] iteration {it:8d}/  250000 | consumed samples: {it*1024:12d} | elapsed time per iteration (ms): {step_s*1000*rng.uniform(0.98,1.02):.1f} | learning rate: 2.400E-04 | global batch size:  1024 | lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: {rng.uniform(0.2,0.4):.3f} | number of skipped iterations:   0 | number of nan iterations:   0 |")
        elif fmt == "hf":
            lines.append(f"{rank_tag}{{'loss': {loss:.4f}, 'grad_norm': {rng.uniform(0.3,1.1):.4f}, 'learning_rate': {2e-5*(1-it/20000):.4e}, 'epoch': {it/4000:.2f}}}")
        else:
            lines.append(f"{pylog(t)} INFO trainer: step={it} loss={loss:.4f} tok/s={rng.randint(38000,41000)} mfu={rng.uniform(0.41,0.44):.3f}")
    return "\n".join(lines) + "\n", t


def nvsmi_table(host, t, gpus, driver="550.90.07", cuda="12.4", model="NVIDIA H100 80GB HBM3", overrides=None,
                procs=None):
    overrides = overrides or {}
    out = [t.strftime("%a %b %d %H:%M:%S %Y"),
           "+-----------------------------------------------------------------------------------------+",
           f"| NVIDIA-SMI {driver}              Driver Version: {driver}      CUDA Version: {cuda}     |",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|=========================================+========================+======================|"]
    buses = ["18", "2A", "3A", "5D", "9A", "AB", "BA", "DB"]
    for i in range(gpus):
        o = overrides.get(i, {})
        temp = o.get("temp", 38 + (i * 3) % 7)
        pwr = o.get("pwr", 71 + (i * 5) % 9)
        mem = o.get("mem", "1MiB")
        ecc = o.get("ecc", "0")
        util = o.get("util", "0%")
        perf = o.get("perf", "P0")
        if o.get("lost"):
            out.append(f"|   {i}  ERR!                           On  |   00000000:{buses[i]}:00.0 Off |                 ERR! |")
            out.append("|ERR!  ERR! ERR!              ERR! /  ERR! |   ERR!MiB /  ERR!MiB |   ERR!      Default |")
        else:
            out.append(f"|   {i}  {model[:24]:<24}      On  |   00000000:{buses[i]}:00.0 Off | {ecc:>20} |")
            out.append(f"| N/A   {temp}C    {perf}             {pwr}W /  700W |  {mem:>9} /  81559MiB |     {util:>3}      Default |")
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    if procs:
        for (g, pid, name, mem) in procs:
            out.append(f"|    {g}   N/A  N/A    {pid:>7}      C   {name:<40}{mem:>10} |")
    else:
        out.append("|  No running processes found                                                             |")
    out.append("+-----------------------------------------------------------------------------------------+")
    return "\n".join(out) + "\n"


def dmesg_noise(uptime0, rng, n=6, host_ib=("mlx5_0", "mlx5_1")):
    msgs = ["IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready",
            "nvidia-peermem: loading out-of-tree module taints kernel.",
            "audit: type=1400 audit(1711000000.113:49): apparmor=\"STATUS\" operation=\"profile_replace\" name=\"lsb_release\"",
            f"{host_ib[0]}: Port: 1 Link ACTIVE",
            "EXT4-fs (nvme0n1p1): re-mounted. Opts: (null). Quota mode: none.",
            "systemd-journald[812]: Data hash table of /var/log/journal/system.journal has a fill level at 75.0 (2863 of 3817 items), suggesting rotation.",
            "NFSD: Using UMH upcall client tracking operations.",
            "nvidia-nvswitch: Probing device 0000:05:00.0, Vendor Id = 0x10de, Device Id = 0x22a3, Class = 0x68000",
            "bond0: (slave eno1): link status definitely up, 25000 Mbps full duplex",
            "perf: interrupt took too long (2501 > 2500), lowering kernel.perf_event_max_sample_rate to 79750"]
    out = []
    u = uptime0
    for _ in range(n):
        u += rng.uniform(5, 900)
        out.append(f"[{u:12.6f}] {rng.choice(msgs)}")
    return out, u


def ncclinit(host, pid, tid, lr, gr, nranks, ver="2.21.5+cuda12.4", net="IB"):
    return (f"{host}:{pid}:{pid} [{lr}] NCCL INFO Bootstrap : Using ib0:10.0.{gr//8}.{lr+10}<0>\n"
            f"{host}:{pid}:{pid} [{lr}] NCCL INFO NCCL version {ver}\n" if gr == 0 else
            f"{host}:{pid}:{pid} [{lr}] NCCL INFO Bootstrap : Using ib0:10.0.{gr//8}.{lr+10}<0>\n") + \
        (f"{host}:{pid}:{tid} [{lr}] NCCL INFO Using network {net}\n"
         f"{host}:{pid}:{tid} [{lr}] NCCL INFO comm 0x55d1c{gr:03x}0 rank {gr} nranks {nranks} cudaDev {lr} nvmlDev {lr} busId {['18','2a','3a','5d','9a','ab','ba','db'][lr % 8]}000 commId 0x7d2f1e3c9b1a04e2 - Init COMPLETE\n")


class Job:
    """Tiny model of a torchrun job: nodes x nproc ranks, pids, hostnames."""

    def __init__(self, b, nodes, nproc, start, prefix="", pid0=None):
        self.b, self.nodes, self.nproc, self.start, self.prefix = b, nodes, nproc, start, prefix
        r = b.rng
        self.pids = {n: [(pid0 or r.randint(20000, 90000)) + i * 3 + k for k in range(nproc)]
                     for i, n in enumerate(nodes)}

    def gr(self, node, lr):
        return self.nodes.index(node) * self.nproc + lr

    def world(self):
        return len(self.nodes) * self.nproc

    def p(self, node, name):
        return f"{self.prefix}{node}/{name}"


def traceback(frames, exc):
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'  File "{f}", line {ln}, in {fn}')
        out.append(f"    {code}")
    out.append(exc)
    return "\n".join(out) + "\n"


def rankify(text, rank):
    return "".join(f"[rank{rank}]: {l}\n" for l in text.rstrip("\n").split("\n"))
