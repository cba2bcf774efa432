"""Shared helpers for corpus set 49 (stdlib only, deterministic)."""
import datetime as dt
import json
import os
import random
import zlib

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}

MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()
DAYS = "Mon Tue Wed Thu Fri Sat Sun".split()


class Case:
    """One bundle: files keyed by relative path, a label, optional topology."""

    def __init__(self, name, seed):
        self.name = name
        self.rng = random.Random(seed)
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, lines):
        if isinstance(lines, str):
            lines = lines.splitlines()
        self.files.setdefault(path, []).extend(lines)

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {"category": category, "layer": layer, "culprit": culprit,
                      "action": action, "rationale": rationale, "modelled_on": modelled_on}

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
    errs = []
    lab = case.label
    if lab is None:
        return [f"{case.name}: no label"]
    if set(lab) != LABEL_KEYS:
        errs.append(f"{case.name}: label keys {sorted(lab)}")
    if lab.get("category") not in CATEGORIES:
        errs.append(f"{case.name}: bad category {lab.get('category')}")
    if lab.get("layer") not in LAYERS:
        errs.append(f"{case.name}: bad layer {lab.get('layer')}")
    if lab.get("action") not in ACTIONS:
        errs.append(f"{case.name}: bad action {lab.get('action')}")
    if not str(lab.get("modelled_on", "")).startswith("https://"):
        errs.append(f"{case.name}: modelled_on must be https URL")
    if not isinstance(lab.get("rationale"), str) or len(lab["rationale"]) < 40:
        errs.append(f"{case.name}: rationale too short")
    cul = lab.get("culprit")
    if cul is not None:
        if not isinstance(cul, dict) or set(cul) != {"node", "rank"}:
            errs.append(f"{case.name}: culprit must be null or {{node, rank}}")
        else:
            if cul["node"] not in case.node_dirs():
                errs.append(f"{case.name}: culprit node {cul['node']} not a folder in bundle")
            if cul["rank"] is not None and not (isinstance(cul["rank"], int) and not isinstance(cul["rank"], bool)):
                errs.append(f"{case.name}: culprit rank must be int or null")
    if not (case.name[:2] == "at" and case.name[2:4].isdigit()):
        errs.append(f"{case.name}: bad case name")
    return errs


def write_case(case, out_root):
    root = os.path.join(out_root, case.name)
    for rel, lines in sorted(case.files.items()):
        path = os.path.join(root, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as fh:
            fh.write("\n".join(lines) + "\n")
    with open(os.path.join(root, "label.json"), "w", encoding="utf-8") as fh:
        json.dump(case.label, fh, indent=2)
        fh.write("\n")
    if case.topology:
        with open(os.path.join(root, "topology.json"), "w", encoding="utf-8") as fh:
            json.dump({"topology": case.topology}, fh, indent=2)
            fh.write("\n")


# ---------------------------------------------------------------- time formats
def T(s):
    return dt.datetime.strptime(s, "%Y-%m-%d %H:%M:%S")


def ms(t, d):
    return t + dt.timedelta(milliseconds=d)


def sec(t, d):
    return t + dt.timedelta(seconds=d)


def f_py(t):  # python logging asctime
    return t.strftime("%Y-%m-%d %H:%M:%S,") + f"{t.microsecond // 1000:03d}"


def f_glog(t, lvl="I"):
    return f"{lvl}{t:%m%d %H:%M:%S}.{t.microsecond:06d}"


def f_c10(t, lvl="E"):
    return f"[{lvl}{t.month}{t.day:02d} {t:%H:%M:%S}.{t.microsecond:06d}{(t.microsecond * 7) % 1000:03d}"


def f_dmesg_T(t):
    return f"[{DAYS[t.weekday()]} {MONTHS[t.month - 1]} {t.day:2d} {t:%H:%M:%S} {t.year}]"


def f_iso(t, tz="+00:00"):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond:06d}" + tz


def f_syslog(t):
    return f"{MONTHS[t.month - 1]} {t.day:2d} {t:%H:%M:%S}"


def f_titan(t):
    return f_py(t)


def uptime_stamp(t, boot):
    d = (t - boot).total_seconds()
    return f"[{d:12.6f}]"


# ---------------------------------------------------------------- job helpers
class Job:
    def __init__(self, nodes, gpn, rng, master=None, port=29500, user="svc-train"):
        self.nodes = nodes
        self.gpn = gpn
        self.rng = rng
        self.master = master or nodes[0]
        self.port = port
        self.user = user
        self.pid0 = {n: 40000 + rng.randrange(1000, 20000) for n in nodes}
        self.world = len(nodes) * gpn

    def rank(self, node, lr):
        return self.nodes.index(node) * self.gpn + lr

    def pid(self, node, lr):
        return self.pid0[node] + 1 + lr

    def node_of(self, rank):
        return self.nodes[rank // self.gpn], rank % self.gpn


def torchrun_header(job, node, t, script="train.py", new_style=True):
    L = []
    nr = job.nodes.index(node)
    if new_style:
        L.append(f"{f_glog(t, 'W')} {job.pid0[node]} torch/distributed/run.py:793] ")
        L.append(f"{f_glog(t, 'W')} {job.pid0[node]} torch/distributed/run.py:793] *****************************************")
        L.append(f"{f_glog(t, 'W')} {job.pid0[node]} torch/distributed/run.py:793] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
        L.append(f"{f_glog(t, 'W')} {job.pid0[node]} torch/distributed/run.py:793] *****************************************")
    L.append(f"{f_glog(ms(t, 40), 'I')} {job.pid0[node]} torch/distributed/launcher/api.py:188] Starting elastic_operator with launch configs:")
    L.append(f"{f_glog(ms(t, 40), 'I')} {job.pid0[node]} torch/distributed/launcher/api.py:188]   entrypoint       : {script}")
    L.append(f"{f_glog(ms(t, 40), 'I')} {job.pid0[node]} torch/distributed/launcher/api.py:188]   min_nodes        : {len(job.nodes)}")
    L.append(f"{f_glog(ms(t, 40), 'I')} {job.pid0[node]} torch/distributed/launcher/api.py:188]   nproc_per_node   : {job.gpn}")
    L.append(f"{f_glog(ms(t, 40), 'I')} {job.pid0[node]} torch/distributed/launcher/api.py:188]   rdzv_backend     : c10d")
    L.append(f"{f_glog(ms(t, 40), 'I')} {job.pid0[node]} torch/distributed/launcher/api.py:188]   rdzv_endpoint    : {job.master}:{job.port}")
    L.append(f"{f_glog(ms(t, 900), 'I')} {job.pid0[node]} torch/distributed/elastic/agent/server/api.py:870] [default] starting workers for entrypoint: python")
    L.append(f"{f_glog(ms(t, 1300), 'I')} {job.pid0[node]} torch/distributed/elastic/agent/server/api.py:689] [default] Rendezvous complete for workers. Result:")
    L.append(f"  restart_count=0\n  master_addr={job.master}\n  master_port={job.port + 1}\n  group_rank={nr}\n  group_world_size={len(job.nodes)}\n  local_ranks={list(range(job.gpn))}\n  role_ranks={[job.rank(node, i) for i in range(job.gpn)]}\n  global_ranks={[job.rank(node, i) for i in range(job.gpn)]}\n  role_world_sizes={[job.world] * job.gpn}\n  global_world_sizes={[job.world] * job.gpn}")
    return L


def nccl_init_noise(job, node, t, version="2.21.5", net="IB", hca="mlx5_0:1,mlx5_3:1,mlx5_4:1,mlx5_5:1", ifname="bond0", ip=None, lrs=None):
    L = []
    ip = ip or f"10.42.{job.nodes.index(node) // 8}.{11 + job.nodes.index(node)}"
    for lr in (lrs if lrs is not None else range(job.gpn)):
        p = job.pid(node, lr)
        tid = p + 77
        pre = f"{node}:{p}:{p} [{lr}]"
        pre2 = f"{node}:{p}:{tid} [{lr}]"
        if lr == 0 and job.nodes.index(node) == 0:
            L.append(f"{pre} NCCL INFO NCCL version {version}+cuda12.4")
        L.append(f"{pre} NCCL INFO NCCL_SOCKET_IFNAME set by environment to {ifname}")
        L.append(f"{pre} NCCL INFO Bootstrap : Using {ifname}:{ip}<0>")
        L.append(f"{pre} NCCL INFO cudaDriverVersion 12040")
        if net == "IB":
            L.append(f"{pre2} NCCL INFO NET/IB : Using [0]{hca.split(',')[0]}/IB [1]{hca.split(',')[1] if ',' in hca else hca}/IB [RO]; OOB {ifname}:{ip}<0>")
            L.append(f"{pre2} NCCL INFO Using network IB")
        else:
            L.append(f"{pre2} NCCL INFO NET/Socket : Using [0]{ifname}:{ip}<0>")
            L.append(f"{pre2} NCCL INFO Using network Socket")
        L.append(f"{pre2} NCCL INFO comm 0x{0x55d0a0000000 + lr * 0x1000 + job.nodes.index(node) * 0x100000:x} rank {job.rank(node, lr)} nranks {job.world} cudaDev {lr} nvmlDev {lr} busId {['18000', '2a000', '3a000', '5d000', '9a000', 'ab000', 'ba000', 'db000'][lr % 8]} commId 0x7c1f9e3a2b4d6f10 - Init START")
        L.append(f"{pre2} NCCL INFO Setting affinity for GPU {lr} to ffffffff,00000000,ffffffff")
        L.append(f"{pre2} NCCL INFO NVLS multicast support is not available on dev {lr}")
        L.append(f"{pre2} NCCL INFO comm 0x{0x55d0a0000000 + lr * 0x1000 + job.nodes.index(node) * 0x100000:x} rank {job.rank(node, lr)} nranks {job.world} cudaDev {lr} nvmlDev {lr} busId {['18000', '2a000', '3a000', '5d000', '9a000', 'ab000', 'ba000', 'db000'][lr % 8]} commId 0x7c1f9e3a2b4d6f10 - Init COMPLETE")
    return L


def watchdog_timeout(rank, t, seq, op="ALLREDUCE", numel=8652160, timeout_ms=600000, last_enq=None):
    last_enq = last_enq or seq + 2
    ran = timeout_ms + 57 + (rank * 13) % 400
    return [
        f"[rank{rank}]:{f_c10(t)} ProcessGroupNCCL.cpp:632] [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out.",
        f"[rank{rank}]:{f_c10(ms(t, 1))} ProcessGroupNCCL.cpp:2268] [PG ID 0 PG GUID 0(default_pg) Rank {rank}]  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {last_enq}, last completed work: {seq - 1}",
        f"[rank{rank}]:{f_c10(ms(t, 1))} ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.",
        f"[rank{rank}]:{f_c10(ms(t, 2))} ProcessGroupNCCL.cpp:684] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        f"[rank{rank}]:{f_c10(ms(t, 2))} ProcessGroupNCCL.cpp:690] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
        f"[rank{rank}]:{f_c10(ms(t, 3))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for {ran} milliseconds before timing out.",
        "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):",
    ]


def remote_closed(rank, t, node, lr, peer_ip, seq, op="ALLREDUCE"):
    p = 0
    return [
        f"{node}:{lr}:{lr} [{lr}] NCCL INFO [Service thread] Connection closed by localRank {lr}",
        f"[rank{rank}]:{f_c10(t)} ProcessGroupNCCL.cpp:1716] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {seq + 1}, last completed NCCL work: {seq - 1}.",
        f"[rank{rank}]:{f_c10(ms(t, 1))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {rank}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version 2.21.5",
        "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
        f"Last error:\nNET/IB : Got completion from peer {peer_ip}<{40000 + rank * 7}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:10.42.0.{rank % 200} remoteGids::ffff:{peer_ip}",
    ]


def sigterm_lines(job, node, t, skip_lr=None, new_style=True):
    L = []
    for lr in range(job.gpn):
        if lr == skip_lr:
            continue
        if new_style:
            L.append(f"{f_glog(ms(t, lr), 'W')} {job.pid0[node]} torch/distributed/elastic/multiprocessing/api.py:897] Sending process {job.pid(node, lr)} closing signal SIGTERM")
        else:
            L.append(f"[{f_py(ms(t, lr))}] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {job.pid(node, lr)} closing signal SIGTERM")
    return L


def child_failed(job, node, t, failures, root, script="train.py", pybin="/usr/local/bin/python3.11"):
    """failures: list of (lr, exitcode, traceback_str); root: (lr, exitcode, traceback_str)."""
    stamp = t.strftime("%Y-%m-%d_%H:%M:%S")
    L = [f"{f_glog(t, 'E')} {job.pid0[node]} torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: {root[1]}) local_rank: {root[0]} (pid: {job.pid(node, root[0])}) of binary: {pybin}",
         "Traceback (most recent call last):",
         '  File "/usr/local/bin/torchrun", line 8, in <module>',
         "    sys.exit(main())",
         '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
         "    return f(*args, **kwargs)",
         '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/run.py", line 919, in main',
         "    run(args)",
         '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/run.py", line 910, in run',
         "    elastic_launch(",
         '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 138, in __call__',
         "    return launch_agent(self._config, self._entrypoint, list(args))",
         '  File "/usr/local/lib/python3.11/site-packages/torch/distributed/launcher/api.py", line 269, in launch_agent',
         "    raise ChildFailedError(",
         "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
         "============================================================",
         f"{script} FAILED",
         "------------------------------------------------------------",
         "Failures:"]
    if not failures:
        L.append("  <NO_OTHER_FAILURES>")
    for i, (lr, code, tb) in enumerate(failures, 1):
        L += [f"[{i}]:", f"  time      : {stamp}", f"  host      : {node}", f"  rank      : {job.rank(node, lr)} (local_rank: {lr})",
              f"  exitcode  : {code} (pid: {job.pid(node, lr)})", "  error_file: <N/A>", f"  traceback : {tb}"]
    L += ["------------------------------------------------------------", "Root Cause (first observed failure):", "[0]:",
          f"  time      : {stamp}", f"  host      : {node}", f"  rank      : {job.rank(node, root[0])} (local_rank: {root[0]})",
          f"  exitcode  : {root[1]} (pid: {job.pid(node, root[0])})", "  error_file: <N/A>", f"  traceback : {root[2]}",
          "============================================================"]
    return L


TB_LINK = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"


def sigterm_tb(pid):
    return f"Signal 15 (SIGTERM) received by PID {pid}"


def nvsmi_q(node, t, gpus=8, model="NVIDIA H100 80GB HBM3", driver="550.90.07", cuda="12.4",
            procs=None, overrides=None, mem_used=None):
    """Compact but realistic nvidia-smi -q. overrides: {gpu_idx: {key: value}}"""
    overrides = overrides or {}
    procs = procs or {}
    bus = ["00000000:18:00.0", "00000000:2A:00.0", "00000000:3A:00.0", "00000000:5D:00.0",
           "00000000:9A:00.0", "00000000:AB:00.0", "00000000:BA:00.0", "00000000:DB:00.0"]
    L = ["", "==============NVSMI LOG==============", "", f"Timestamp                                 : {DAYS[t.weekday()]} {MONTHS[t.month-1]} {t.day} {t:%H:%M:%S} {t.year}",
         f"Driver Version                            : {driver}", f"CUDA Version                              : {cuda}", "",
         f"Attached GPUs                             : {gpus}"]
    for g in range(gpus):
        o = overrides.get(g, {})
        used = (mem_used or {}).get(g, 1 + (g * 3) % 5)
        L += [f"GPU {bus[g]}",
              f"    Product Name                          : {model}",
              "    Persistence Mode                      : Enabled",
              f"    Serial Number                         : 165232{node[-2:] if node[-2:].isdigit() else '00'}{g:04d}",
              f"    GPU UUID                              : GPU-{zlib.crc32((node + '-' + str(g)).encode()):08x}-6c1e-4c8d-9f2a-{g:012d}",
              f"    Minor Number                          : {g}",
              "    Clocks Event Reasons",
              "        Idle                              : Not Active",
              f"        SW Power Cap                      : {o.get('swpower', 'Not Active')}",
              f"        HW Slowdown                       : {o.get('hwslow', 'Not Active')}",
              f"            HW Thermal Slowdown           : {o.get('hwthermal', 'Not Active')}",
              "            HW Power Brake Slowdown       : Not Active",
              f"        SW Thermal Slowdown               : {o.get('swthermal', 'Not Active')}",
              "    FB Memory Usage",
              "        Total                             : 81559 MiB",
              "        Reserved                          : 328 MiB",
              f"        Used                              : {used} MiB",
              f"        Free                              : {81559 - 328 - used} MiB",
              "    ECC Errors",
              "        Volatile",
              f"            SRAM Correctable              : {o.get('sram_c', 0)}",
              f"            SRAM Uncorrectable Parity     : {o.get('sram_up', 0)}",
              "            SRAM Uncorrectable SEC-DED    : 0",
              f"            DRAM Correctable              : {o.get('dram_c', 0)}",
              f"            DRAM Uncorrectable            : {o.get('dram_u', 0)}",
              "        Aggregate",
              f"            SRAM Correctable              : {o.get('sram_c', 0)}",
              "            SRAM Uncorrectable Parity     : 0",
              "            SRAM Uncorrectable SEC-DED    : 0",
              f"            DRAM Correctable              : {o.get('agg_dram_c', o.get('dram_c', 0))}",
              f"            DRAM Uncorrectable            : {o.get('agg_dram_u', o.get('dram_u', 0))}",
              "    Retired Pages",
              "        Single Bit ECC                    : N/A",
              "        Double Bit ECC                    : N/A",
              "        Pending Page Blacklist            : N/A",
              "    Remapped Rows",
              f"        Correctable Error                 : {o.get('remap_c', 0)}",
              f"        Uncorrectable Error               : {o.get('remap_u', 0)}",
              f"        Pending                           : {o.get('remap_pending', 'No')}",
              f"        Remapping Failure Occurred        : {o.get('remap_fail', 'No')}",
              "        Bank Remap Availability Histogram",
              "            Max                           : 2560 bank(s)",
              "            High                          : 0 bank(s)",
              "            Partial                       : 0 bank(s)",
              "            Low                           : 0 bank(s)",
              "            None                          : 0 bank(s)",
              "    Temperature",
              f"        GPU Current Temp                  : {o.get('temp', 34 + (g * 2) % 5)} C",
              "        GPU T.Limit Temp                  : 49 C",
              "        GPU Shutdown Temp                 : 92 C",
              "        GPU Slowdown Temp                 : 89 C",
              "    GPU Power Readings",
              f"        Power Draw                        : {o.get('power', '71.23')} W",
              "        Current Power Limit               : 700.00 W",
              "    Clocks",
              f"        Graphics                          : {o.get('sm_clk', 1980)} MHz",
              f"        SM                                : {o.get('sm_clk', 1980)} MHz",
              "        Memory                            : 2619 MHz",
              "    Processes"]
        plist = procs.get(g, [])
        if not plist:
            L.append("        None")
        for pid, name, mib in plist:
            L += [f"        GPU instance ID                   : N/A", f"        Compute instance ID               : N/A",
                  f"        Process ID                        : {pid}", "            Type                          : C",
                  f"            Name                          : {name}", f"            Used GPU Memory               : {mib} MiB"]
        L.append("")
    return L


def dmesg_benign(node, boot, t0, fmt="T", rng=None):
    """A handful of harmless kernel lines."""
    lines = [
        (sec(boot, 3.2), "ACPI: PCI Root Bridge [PC00] (domain 0000 [bus 00-16])"),
        (sec(boot, 14.8), "mlx5_core 0000:0c:00.0: firmware version: 28.39.1002"),
        (sec(boot, 15.1), "mlx5_core 0000:0c:00.0: Rate limit: 127 rates are supported, range: 0Mbps to 195312Mbps"),
        (sec(boot, 22.7), "nvidia: module license 'NVIDIA' taints kernel."),
        (sec(boot, 23.0), "nvidia-nvlink: Nvlink Core is being initialized, major device number 508"),
        (sec(boot, 23.4), "NVRM: loading NVIDIA UNIX x86_64 Kernel Module  550.90.07  Fri May 31 09:35:42 UTC 2024"),
        (sec(boot, 31.9), "nvidia-fabricmanager: Successfully started"),
        (sec(boot, 46.0), "IPv6: ADDRCONF(NETDEV_CHANGE): ib0: link becomes ready"),
        (sec(t0, -3600), "audit: type=1400 audit(1710000000.123:412): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\""),
        (sec(t0, -1800), "EXT4-fs (nvme0n1p2): re-mounted. Opts: (null)"),
    ]
    return fmt_kernel(lines, node, boot, fmt)


def fmt_kernel(lines, node, boot, fmt):
    out = []
    for t, msg in sorted(lines, key=lambda x: x[0]):
        if fmt == "T":
            out.append(f"{f_dmesg_T(t)} {msg}")
        elif fmt == "raw":
            out.append(f"{uptime_stamp(t, boot)} {msg}")
        elif fmt == "journal":
            out.append(f"{f_iso(t)} {node} kernel: {msg}")
        elif fmt == "syslog":
            out.append(f"{f_syslog(t)} {node} kernel: {uptime_stamp(t, boot)} {msg}")
    return out


# ---------------------------------------------------------------- training lines
def titan_steps(rng, t, start, n, dt_s, loss0=3.2, mem="61.42GiB(77.61%)", tps=5820, prefix="[rank0]:", lossfn=None, gnfn=None):
    L = []
    loss = loss0
    for i in range(n):
        s = start + i
        loss = max(1.6, loss - 0.0009 + rng.uniform(-0.02, 0.02))
        l = lossfn(s, loss) if lossfn else f"{loss:.5f}"
        gn = gnfn(s) if gnfn else f"{rng.uniform(0.18, 0.45):.4f}"
        tp = tps + rng.randrange(-60, 60)
        L.append(f"{prefix}[titan] {f_titan(t)} - root - INFO - step: {s:d}  loss: {l:>8}  grad_norm: {gn:>7}  memory: {mem}  tps: {tp:,}  tflops: {tp*0.0657:.2f}  mfu: {tp*0.0657/9.89:.2f}%")
        t = ms(t, int(dt_s * 1000) + rng.randrange(-40, 40))
    return L, t


def megatron_iters(rng, t, start, n, dt_ms, total=250000, gbs=512, loss0=2.9, every=1, lossfn=None, gnfn=None, ls="1.0"):
    L = []
    loss = loss0
    for i in range(n):
        it = start + i
        loss = max(1.5, loss - 0.0004 + rng.uniform(-0.015, 0.015))
        t = ms(t, dt_ms + rng.randrange(-80, 80))
        if it % every:
            continue
        lv = lossfn(it, loss) if lossfn else f"{loss:.6E}"
        gn = gnfn(it) if gnfn else f"{rng.uniform(0.2, 0.6):.3f}"
        L.append(f" [{t:%Y-%m-%d %H:%M:%S}] iteration {it:>8}/{total:>8} | consumed samples: {it*gbs:>12} | elapsed time per iteration (ms): {dt_ms + rng.uniform(-60, 60):.1f} | throughput per GPU (TFLOP/s/GPU): {rng.uniform(402, 418):.1f} | learning rate: {3e-4 * min(1, it / 2000):.6E} | global batch size: {gbs:>5} | lm loss: {lv} | loss scale: {ls} | grad norm: {gn} | number of skipped iterations:   0 | number of nan iterations:   0 |")
    return L, t
