"""Shared helpers for corpus_set12 (standard library only).

Everything here is written from scratch for this set; formats that are fixed by the
tools that emit them (Xid lines, NCCL INFO/WARN shapes, nvidia-smi -q field names,
Python tracebacks, glog prefixes, dmesg stamps) follow those tools, the content is
invented.
"""
from __future__ import annotations

import datetime as dt
import gzip
import json
import random
from pathlib import Path

CATEGORIES = ["gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"]
LAYERS = ["infrastructure", "framework", "script"]
ACTIONS = ["restart", "restart_without_node", "stop", "run_diagnostics", "none"]
LABEL_KEYS = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}


# --------------------------------------------------------------------------- bundle
class Bundle:
    def __init__(self, name: str):
        self.name = name
        self.files: dict[str, bytes] = {}
        self.label: dict | None = None
        self.topology: dict | None = None

    def add(self, path: str, text) -> None:
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        self.files[path] = text.encode("utf-8") if isinstance(text, str) else text

    def add_gz(self, path: str, text) -> None:
        if isinstance(text, (list, tuple)):
            text = "\n".join(text) + "\n"
        self.files[path] = gzip.compress(text.encode("utf-8"), mtime=0)

    def set_label(self, category, layer, culprit, action, rationale, modelled_on):
        self.label = {"category": category, "layer": layer, "culprit": culprit,
                      "action": action, "rationale": rationale, "modelled_on": modelled_on}

    def node_names(self) -> list[str]:
        names = []
        for p in self.files:
            parts = p.split("/")
            n = parts[1] if parts[0].startswith("attempt_") else parts[0]
            if n not in names:
                names.append(n)
        return names

    def validate(self) -> None:
        lab = self.label
        assert lab is not None, f"{self.name}: no label"
        assert set(lab) == LABEL_KEYS, f"{self.name}: label keys {sorted(lab)}"
        assert lab["category"] in CATEGORIES, f"{self.name}: category {lab['category']}"
        assert lab["layer"] in LAYERS, f"{self.name}: layer {lab['layer']}"
        assert lab["action"] in ACTIONS, f"{self.name}: action {lab['action']}"
        assert isinstance(lab["rationale"], str) and lab["rationale"].strip()
        assert isinstance(lab["modelled_on"], str) and lab["modelled_on"].startswith("https://"), self.name
        c = lab["culprit"]
        nodes = self.node_names()
        assert 2 <= len(nodes) <= 16, f"{self.name}: {len(nodes)} nodes"
        if c is not None:
            assert isinstance(c, dict) and set(c) == {"node", "rank"}, f"{self.name}: culprit {c}"
            assert c["node"] in nodes, f"{self.name}: culprit node {c['node']} not in {nodes}"
            assert c["rank"] is None or (isinstance(c["rank"], int) and not isinstance(c["rank"], bool))
        for p in self.files:
            low = p.lower()
            assert not any(s in low for s in ("culprit", "answer", "label", "root_cause")), p
        if self.topology is not None:
            for sw, members in self.topology["topology"].items():
                for m in members:
                    assert m in nodes, f"{self.name}: topology node {m}"

    def write(self, root: Path) -> int:
        base = root / self.name
        total = 0
        for rel, data in sorted(self.files.items()):
            f = base / rel
            f.parent.mkdir(parents=True, exist_ok=True)
            f.write_bytes(data)
            total += len(data)
        (base / "label.json").write_text(json.dumps(self.label, indent=2) + "\n")
        if self.topology is not None:
            (base / "topology.json").write_text(json.dumps(self.topology, indent=2) + "\n")
        return total


def rng_for(fn_name: str) -> random.Random:
    return random.Random(f"corpus_set12/{fn_name}")


# --------------------------------------------------------------------------- time
MON = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
DOW = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


def T(y, mo, d, h=0, mi=0, s=0, us=0) -> dt.datetime:
    return dt.datetime(y, mo, d, h, mi, s, us)


def plus(t: dt.datetime, seconds: float) -> dt.datetime:
    return t + dt.timedelta(seconds=seconds)


def iso(t, sep=" ", frac="ms", comma=True):
    base = t.strftime(f"%Y-%m-%d{sep}%H:%M:%S")
    if frac == "ms":
        return base + ("," if comma else ".") + f"{t.microsecond // 1000:03d}"
    if frac == "us":
        return base + "." + f"{t.microsecond:06d}"
    return base


def isoz(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond // 1000:03d}Z"


def syslog(t):
    return f"{MON[t.month - 1]} {t.day:2d} {t.strftime('%H:%M:%S')}"


def ctime(t):
    return f"{DOW[t.weekday()]} {MON[t.month - 1]} {t.day:2d} {t.strftime('%H:%M:%S')} {t.year}"


def glog(t, level="I"):
    """python-side glog style used by torch >= 2.4: W0625 12:54:54.267000"""
    return f"{level}{t.month:02d}{t.day:02d} {t.strftime('%H:%M:%S')}.{t.microsecond:06d}"


def c10d(t, level, rng):
    """C++ c10 log prefix used by torch >= 2.4: E1119 15:43:36.162898839"""
    return f"{level}{t.month}{t.day:02d} {t.strftime('%H:%M:%S')}.{t.microsecond:06d}{rng.randrange(1000):03d}"


def dmesg_up(t, boot):
    up = (t - boot).total_seconds()
    return f"[{up:12.6f}]"


def dmesg_T(t):
    return f"[{ctime(t)}]"


def jctl(t, host):
    return f"{syslog(t)} {host}"


# --------------------------------------------------------------------------- hosts / hw
def hex_id(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def gpu_uuid(rng):
    return f"GPU-{hex_id(rng, 8)}-{hex_id(rng, 4)}-{hex_id(rng, 4)}-{hex_id(rng, 4)}-{hex_id(rng, 12)}"


BUSES = {
    "h100": ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"],
    "dgxh100": ["1b", "43", "52", "61", "9d", "c3", "d1", "df"],
    "a100": ["07", "0f", "47", "4e", "87", "90", "b7", "bd"],
    "h200": ["19", "3b", "4c", "5d", "9b", "bb", "cb", "db"],
}
PRODUCTS = {
    "h100": ("NVIDIA H100 80GB HBM3", 81559, 700, "2330"),
    "dgxh100": ("NVIDIA H100 80GB HBM3", 81559, 700, "2330"),
    "a100": ("NVIDIA A100-SXM4-80GB", 81920, 400, "20b2"),
    "h200": ("NVIDIA H200", 143771, 700, "2335"),
}


def pci_short(bus):  # Xid style
    return f"0000:{bus}:00"


def pci_full(bus):  # nvidia-smi style
    return f"00000000:{bus.upper()}:00.0"


# --------------------------------------------------------------------------- python
def traceback(frames, exc, prefix=""):
    """frames: list of (file, line, func, code). Returns lines."""
    out = [prefix + "Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(prefix + f'  File "{f}", line {ln}, in {fn}')
        if code:
            out.append(prefix + "    " + code)
    for e in exc.split("\n"):
        out.append(prefix + e)
    return out


def torch_site(pyver="3.10", conda=False):
    if conda:
        return f"/opt/conda/lib/python{pyver}/site-packages"
    return f"/usr/local/lib/python{pyver}/dist-packages"


# --------------------------------------------------------------------------- NCCL
def nccl_init(host, pid, local, grank, nranks, ver, rng, hcas=("mlx5_0", "mlx5_3", "mlx5_4", "mlx5_5"),
              ifname="eth0", ip="10.0.0.1", bus="18", channels=16, net="IB"):
    tid = pid + rng.randint(40, 90)
    p = f"{host}:{pid}:{pid} [{local}] NCCL INFO "
    q = f"{host}:{pid}:{tid} [{local}] NCCL INFO "
    out = [p + f"Bootstrap : Using {ifname}:{ip}<0>",
           p + "NET/Plugin : dlerror=libnccl-net.so: cannot open shared object file: No such file or directory No plugin found (libnccl-net.so), using internal implementation",
           p + f"cudaDriverVersion {rng.choice(['12020', '12040', '12060'])}"]
    if grank == 0:
        out.append(f"NCCL version {ver}")
    if net == "IB":
        devs = " ".join(f"[{i}]{h}:1/IB" for i, h in enumerate(hcas))
        out.append(q + f"NET/IB : Using {devs} ; OOB {ifname}:{ip}<0>")
        out.append(q + "Using network IB")
    else:
        out.append(q + f"NET/Socket : Using [0]{ifname}:{ip}<0>")
        out.append(q + "Using network Socket")
    commid = hex_id(rng, 16)
    out.append(q + f"comm 0x{hex_id(rng, 8)} rank {grank} nranks {nranks} cudaDev {local} nvmlDev {local} busId {bus}000 commId 0x{commid} - Init START")
    out.append(q + f"Setting affinity for GPU {local} to {'ffffffff,00000000' if local < 4 else '00000000,ffffffff'}")
    out.append(q + f"Trees [0] {grank + 1 if grank + 1 < nranks else -1}/-1/-1->{grank}->{grank - 1 if grank else -1}")
    out.append(q + "P2P Chunksize set to 131072")
    out.append(q + "Connected all rings")
    out.append(q + "Connected all trees")
    out.append(q + f"{channels} coll channels, 0 collnet channels, 0 nvls channels, {channels} p2p channels, 2 p2p channels per peer")
    out.append(q + f"comm 0x{hex_id(rng, 8)} rank {grank} nranks {nranks} cudaDev {local} nvmlDev {local} busId {bus}000 commId 0x{commid} - Init COMPLETE")
    return out


def tv(torch_ver):
    """torch version -> tuple"""
    a = torch_ver.split(".")
    return int(a[0]), int(a[1])


def watchdog_timeout(torch_ver, rank, seq, op, numel, timeout_ms, t, rng, prefix="", pg="0", pgdesc="default_pg", fr_frames=None):
    """Sympathetic NCCL watchdog timeout block, in the shape of the given torch version."""
    ran = timeout_ms + rng.randint(20, 900)
    v = tv(torch_ver)
    out = []
    if v < (2, 1):
        work = f"WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={timeout_ms})"
        out += [f"[E ProcessGroupNCCL.cpp:828] [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
                "[E ProcessGroupNCCL.cpp:455] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                "[E ProcessGroupNCCL.cpp:460] To avoid data inconsistency, we are taking the entire process down.",
                "terminate called after throwing an instance of 'std::runtime_error'",
                f"  what():  [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out."]
    elif v < (2, 4):
        work = f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms})"
        rp = f"[rank{rank}]:" if v >= (2, 2) else ""
        out += [f"{rp}[E ProcessGroupNCCL.cpp:523] [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
                f"{rp}[E ProcessGroupNCCL.cpp:537] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                f"{rp}[E ProcessGroupNCCL.cpp:543] To avoid data inconsistency, we are taking the entire process down.",
                f"{rp}[E ProcessGroupNCCL.cpp:1182] [Rank {rank}] NCCL watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
                "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:525 (most recent call first):",
                f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x57 (0x7f{hex_id(rng, 10)} in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
                f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f{hex_id(rng, 10)} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
                f"frame #2: c10d::ProcessGroupNCCL::workCleanupLoop() + 0x178 (0x7f{hex_id(rng, 10)} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
                f"frame #3: <unknown function> + 0xdc253 (0x7f{hex_id(rng, 10)} in /lib/x86_64-linux-gnu/libstdc++.so.6)",
                f"frame #4: <unknown function> + 0x94ac3 (0x7f{hex_id(rng, 10)} in /lib/x86_64-linux-gnu/libc.so.6)",
                "",
                "terminate called after throwing an instance of '" + ("c10::DistBackendError'" if v >= (2, 2) else "std::runtime_error'"),
                f"  what():  [Rank {rank}] NCCL watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out."]
    else:
        work = f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms})"
        hdr = f"[PG ID {pg} PG GUID {pg}({pgdesc}) Rank {rank}]"
        def L(k):
            return f"[rank{rank}]:[{c10d(plus(t, k * 0.0003), 'E', rng)} "
        out += [L(0) + f"ProcessGroupNCCL.cpp:632] [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
                L(1) + f"ProcessGroupNCCL.cpp:2271] {hdr}  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {seq}, last completed work: {seq - 1}",
                *([L(2) + "ProcessGroupNCCL.cpp:670] Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value."]
                  if not fr_frames else [L(2) + "ProcessGroupNCCL.cpp:667] Stack trace of the failed collective: "] + [f"#{k} {fn} from {f}:{ln}" for k, (fn, f, ln) in enumerate(fr_frames)]),
                L(3) + f"ProcessGroupNCCL.cpp:684] [Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
                L(4) + f"ProcessGroupNCCL.cpp:698] [Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
                L(5) + f"ProcessGroupNCCL.cpp:1899] {hdr} Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
                "Exception raised from checkTimeout at /pytorch/torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:635 (most recent call first):",
                f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x98 (0x7f{hex_id(rng, 10)} in /usr/local/lib/python3.12/dist-packages/torch/lib/libc10.so)",
                f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x23d (0x7f{hex_id(rng, 10)} in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
                f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0xc80 (0x7f{hex_id(rng, 10)} in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
                f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f{hex_id(rng, 10)} in /usr/local/lib/python3.12/dist-packages/torch/lib/libtorch_cuda.so)",
                f"frame #4: <unknown function> + 0xdc253 (0x7f{hex_id(rng, 10)} in /lib/x86_64-linux-gnu/libstdc++.so.6)",
                "",
                "terminate called after throwing an instance of 'c10::DistBackendError'",
                f"  what():  [PG ID {pg} PG GUID {pg}({pgdesc}) Rank {rank}] Process group watchdog thread terminated with exception: [Rank {rank}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out."]
    return [prefix + x for x in out]


def elastic_summary(torch_ver, t, script, host, failures, prefix=""):
    """failures: list of (rank, local_rank, exitcode, pid, reason). first is root cause."""
    v = tv(torch_ver)
    out = []
    stamp = t.strftime("%Y-%m-%d_%H:%M:%S")
    out.append("Traceback (most recent call last):")
    out += ['  File "/usr/local/bin/torchrun", line 8, in <module>', "    sys.exit(main())"]
    if v >= (2, 0):
        out += ['  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 346, in wrapper',
                "    return f(*args, **kwargs)"]
    out += ['  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 806, in main', "    run(args)",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 797, in run', "    elastic_launch(",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 134, in __call__',
            "    return launch_agent(self._config, self._entrypoint, list(args))",
            '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 264, in launch_agent',
            "    raise ChildFailedError(",
            "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
            "============================================================",
            f"{script} FAILED",
            "------------------------------------------------------------",
            "Failures:"]
    def blk(i, f):
        r, lr, ec, pid, why = f
        return [f"[{i}]:", f"  time      : {stamp}", f"  host      : {host}", f"  rank      : {r} (local_rank: {lr})",
                f"  exitcode  : {ec} (pid: {pid})", "  error_file: <N/A>", f"  traceback : {why}"]
    if len(failures) == 1:
        out.append("  <NO_OTHER_FAILURES>")
    else:
        for i, f in enumerate(failures[1:], 1):
            out += blk(i, f)
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):"]
    out += blk(0, failures[0])
    out.append("============================================================")
    return [prefix + x for x in out]


def elastic_log(torch_ver, t, level, module, msg, pid=0):
    v = tv(torch_ver)
    lvl = {"W": "WARNING", "E": "ERROR", "I": "INFO"}[level]
    if v < (2, 2):
        return f"{lvl}:torch.distributed.elastic.{module}:{msg}"
    if v < (2, 4):
        return f"[{iso(t)}] torch.distributed.elastic.{module}: [{lvl}] {msg}"
    path = "torch/distributed/elastic/" + module.replace(".", "/") + ".py"
    return f"{glog(t, level)} {pid} {path}:{900 + len(msg) % 60}] {msg}"


# --------------------------------------------------------------------------- nvidia-smi
def nvsmi_q(t, driver, cuda, kind, gpus, rng, throttle_field=None, d=None):
    """gpus: list of dicts with optional overrides:
    bus, temp, mem_temp, power, plimit, sm_clock, util, mem_used, events{name:Active}, link_cur, link_max,
    gen_cur, gen_max, dram_ue_vol, dram_ue_agg, dram_ce_agg, rr_ue, rr_ce, rr_pending, rr_failure, procs[(pid,name,mib)],
    serial, uuid"""
    prod, memtot, pmax, devid = PRODUCTS[kind]
    major = int(driver.split(".")[0])
    tf = throttle_field or ("Clocks Event Reasons" if major >= 535 else "Clocks Throttle Reasons")
    out = ["", "==============NVSMI LOG==============", "",
           f"Timestamp                                 : {ctime(t)}",
           f"Driver Version                            : {driver}",
           f"CUDA Version                              : {cuda}", "",
           f"Attached GPUs                             : {len(gpus)}"]
    for i, g in enumerate(gpus):
        bus = g["bus"]
        ev = {"Idle": "Not Active", "Applications Clocks Setting": "Not Active", "SW Power Cap": "Not Active",
              "HW Slowdown": "Not Active", "HW Thermal Slowdown": "Not Active", "HW Power Brake Slowdown": "Not Active",
              "Sync Boost": "Not Active", "SW Thermal Slowdown": "Not Active", "Display Clock Setting": "Not Active"}
        ev.update(g.get("events", {}))
        temp = g.get("temp", rng.randint(38, 52))
        used = g.get("mem_used", rng.randint(61000, 74000))
        procs = g.get("procs", [])
        gl = [f"    Product Name                          : {prod}",
                "    Product Brand                         : NVIDIA",
                "    Product Architecture                  : " + ("Ampere" if kind == "a100" else "Hopper"),
                "    Display Mode                          : Disabled",
                "    Persistence Mode                      : Enabled",
                "    MIG Mode",
                "        Current                           : Disabled",
                "        Pending                           : Disabled",
                f"    Serial Number                         : {g.get('serial', str(1650000000000 + rng.randrange(10**9)))}",
                f"    GPU UUID                              : {g.get('uuid', gpu_uuid(rng))}",
                f"    Minor Number                          : {i}",
                f"    VBIOS Version                         : {'96.00.89.00.01' if kind != 'a100' else '92.00.45.00.03'}",
                "    GPU Reset Status",
                "        Reset Required                    : " + g.get("reset_required", "No"),
                "        Drain and Reset Recommended       : " + g.get("drain", "No"),
                "    PCI",
                f"        Bus                               : 0x{bus.upper()}",
                "        Device                            : 0x00",
                "        Domain                            : 0x0000",
                f"        Device Id                         : 0x{devid.upper()}10DE",
                f"        Bus Id                            : {pci_full(bus)}",
                "        GPU Link Info",
                "            PCIe Generation",
                f"                Max                       : {g.get('gen_max', 5 if kind != 'a100' else 4)}",
                f"                Current                   : {g.get('gen_cur', 5 if kind != 'a100' else 4)}",
                f"                Device Current            : {g.get('gen_cur', 5 if kind != 'a100' else 4)}",
                f"                Device Max                : {g.get('gen_max', 5 if kind != 'a100' else 4)}",
                f"                Host Max                  : {g.get('gen_max', 5 if kind != 'a100' else 4)}",
                "            Link Width",
                f"                Max                       : {g.get('link_max', 16)}x",
                f"                Current                   : {g.get('link_cur', 16)}x",
                "        Replays Since Reset               : " + str(g.get("replays", 0)),
                "        Tx Throughput                     : " + f"{rng.randint(200, 900)} KB/s",
                "        Rx Throughput                     : " + f"{rng.randint(200, 900)} KB/s",
                "    Fan Speed                             : N/A",
                "    Performance State                     : P0",
                f"    {tf}",
                ]
        for k in ["Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown"]:
            gl.append(f"        {k:<34}: {ev[k]}")
        for k in ["HW Thermal Slowdown", "HW Power Brake Slowdown"]:
            gl.append(f"            {k:<30}: {ev[k]}")
        for k in ["Sync Boost", "SW Thermal Slowdown", "Display Clock Setting"]:
            gl.append(f"        {k:<34}: {ev[k]}")
        gl += ["    FB Memory Usage",
                f"        Total                             : {memtot} MiB",
                f"        Reserved                          : {rng.choice([551, 579, 615])} MiB",
                f"        Used                              : {used} MiB",
                f"        Free                              : {memtot - used - 579} MiB",
                "    Compute Mode                          : Default",
                "    Utilization",
                f"        Gpu                               : {g.get('util', rng.randint(92, 100))} %",
                f"        Memory                            : {rng.randint(28, 55)} %",
                "    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile",
                "            SRAM Correctable              : 0",
                f"            SRAM Uncorrectable            : {g.get('sram_ue_vol', 0)}",
                f"            DRAM Correctable              : {g.get('dram_ce_vol', 0)}",
                f"            DRAM Uncorrectable            : {g.get('dram_ue_vol', 0)}",
                "        Aggregate",
                "            SRAM Correctable              : 0",
                f"            SRAM Uncorrectable            : {g.get('sram_ue_agg', 0)}",
                f"            DRAM Correctable              : {g.get('dram_ce_agg', 0)}",
                f"            DRAM Uncorrectable            : {g.get('dram_ue_agg', 0)}",
                "    Retired Pages",
                "        Single Bit ECC                    : N/A",
                "        Double Bit ECC                    : N/A",
                "        Pending Page Blacklist            : N/A",
                "    Remapped Rows",
                f"        Correctable Error                 : {g.get('rr_ce', 0)}",
                f"        Uncorrectable Error               : {g.get('rr_ue', 0)}",
                f"        Pending                           : {g.get('rr_pending', 'No')}",
                f"        Remapping Failure Occurred        : {g.get('rr_failure', 'No')}",
                "        Bank Remap Availability Histogram",
                f"            Max                           : {g.get('bank_max', 640)} bank(s)",
                f"            High                          : {g.get('bank_high', 0)} bank(s)",
                "            Partial                       : 0 bank(s)",
                f"            Low                           : {g.get('bank_low', 0)} bank(s)",
                f"            None                          : {g.get('bank_none', 0)} bank(s)",
                "    Temperature",
                f"        GPU Current Temp                  : {temp} C",
                "        GPU T.Limit Temp                  : " + f"{g.get('tlimit', 87 - temp + rng.randint(-2, 2)) if temp < 85 else g.get('tlimit', -2)} C",
                "        GPU Shutdown T.Limit Temp         : -5 C",
                "        GPU Slowdown T.Limit Temp         : -2 C",
                "        GPU Max Operating T.Limit Temp    : 0 C",
                "        GPU Target Temperature            : N/A",
                f"        Memory Current Temp               : {g.get('mem_temp', temp + rng.randint(2, 8))} C",
                "        Memory Max Operating Temp         : 95 C",
                "    GPU Power Readings",
                f"        Power Draw                        : {g.get('power', round(rng.uniform(0.72, 0.93) * pmax, 2))} W",
                f"        Current Power Limit               : {g.get('plimit', float(pmax)):.2f} W",
                f"        Requested Power Limit             : {g.get('plimit', float(pmax)):.2f} W",
                f"        Default Power Limit               : {float(pmax):.2f} W",
                "        Min Power Limit                   : 200.00 W",
                f"        Max Power Limit                   : {float(pmax):.2f} W",
                "    Clocks",
                f"        Graphics                          : {g.get('sm_clock', 1980 if kind != 'a100' else 1410)} MHz",
                f"        SM                                : {g.get('sm_clock', 1980 if kind != 'a100' else 1410)} MHz",
                f"        Memory                            : {2619 if kind != 'a100' else 1593} MHz",
                f"        Video                             : {1545 if kind != 'a100' else 1275} MHz",
                "    Max Clocks",
                f"        Graphics                          : {1980 if kind != 'a100' else 1410} MHz",
                f"        SM                                : {1980 if kind != 'a100' else 1410} MHz",
                f"        Memory                            : {2619 if kind != 'a100' else 1593} MHz",
                f"        Video                             : {1545 if kind != 'a100' else 1275} MHz",
                "    Processes"]
        out.append(f"GPU {pci_full(bus)}")
        if not procs and not g.get("idle"):
            procs = [(g.get("pid", rng.randint(10000, 4000000)), "/usr/bin/python3", used - rng.randint(500, 700))]
        if not procs:
            gl.append("        None")
        for pid, name, mib in procs:
            gl += ["        GPU instance ID                   : N/A",
                    "        Compute instance ID               : N/A",
                    f"        Process ID                        : {pid}",
                    "            Type                          : C",
                    f"            Name                          : {name}",
                    f"            Used GPU Memory               : {mib} MiB"]
        out += _nvsmi_filter(gl, d, tf)
        out.append("")
    return out


_NVSMI_D = {"PERFORMANCE": ["Performance State", "Clocks Event Reasons", "Clocks Throttle Reasons"],
            "CLOCK": ["Clocks", "Max Clocks"], "TEMPERATURE": ["Temperature"], "POWER": ["GPU Power Readings"],
            "ECC": ["ECC Mode", "ECC Errors"], "ROW_REMAPPER": ["Remapped Rows"], "PAGE_RETIREMENT": ["Retired Pages"],
            "MEMORY": ["FB Memory Usage"], "UTILIZATION": ["Utilization"], "PIDS": ["Processes"], "RESET": ["GPU Reset Status"]}


def _nvsmi_filter(gl, d, tf):
    if not d:
        return gl
    keep = set()
    for k in d:
        keep.update(_NVSMI_D[k])
    out, on = [], False
    for line in gl:
        if line.startswith("    ") and not line.startswith("     "):
            key = line.strip().split(" :")[0].strip()
            on = key in keep
        if on:
            out.append(line)
    return out


def nvsmi_table(t, driver, cuda, kind, gpus, rng):
    """nvidia-smi default view. gpus: dicts with temp, power, mem_used, util, procs[(pid,name,mib)]"""
    prod, memtot, pmax, _ = PRODUCTS[kind]
    short = {"h100": "NVIDIA H100 80GB HBM3", "dgxh100": "NVIDIA H100 80GB HBM3", "a100": "NVIDIA A100-SXM4-80GB", "h200": "NVIDIA H200"}[kind]
    out = [ctime(t),
           "+-----------------------------------------------------------------------------------------+",
           f"| NVIDIA-SMI {driver:<15}       Driver Version: {driver:<15} CUDA Version: {cuda:<9}|",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        used = g.get("mem_used", rng.randint(61000, 74000))
        pw = int(g.get("power", rng.uniform(0.7, 0.93) * pmax))
        out.append(f"| {i:>3}  {short[:20]:<20}           On  | {pci_full(g['bus']):<16} Off |  {g.get('ecc', 0):>18} |")
        out.append(f"| N/A   {g.get('temp', rng.randint(38, 52)):>2}C    P0           {pw:>4}W / {pmax:>4}W | {used:>7}MiB / {memtot:>5}MiB | {g.get('util', rng.randint(93, 100)):>5}%      Default |")
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", "+-----------------------------------------------------------------------------------------+",
            "| Processes:                                                                              |",
            "|  GPU   GI   CI              PID   Type   Process name                        GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    for i, g in enumerate(gpus):
        for pid, name, mib in g.get("procs", []):
            out.append(f"|  {i:>4}   N/A  N/A    {pid:>11}      C   {name[:34]:<34} {mib:>8}MiB |")
    out.append("+-----------------------------------------------------------------------------------------+")
    return out


# --------------------------------------------------------------------------- kernel / journal noise
def kern_noise(rng, host, t=None):
    """one benign kernel line (message part only)."""
    choices = [
        lambda: f"IPv6: ADDRCONF(NETDEV_CHANGE): veth{hex_id(rng, 7)}: link becomes ready",
        lambda: f"docker0: port {rng.randint(1, 9)}(veth{hex_id(rng, 7)}) entered forwarding state",
        lambda: f"audit: type=1400 audit({int((t - dt.datetime(1970, 1, 1)).total_seconds()) if t else 1700000000}.{rng.randint(100, 999)}:{rng.randint(100, 9999)}): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"cri-containerd.apparmor.d\" pid={rng.randint(2000, 90000)} comm=\"apparmor_parser\"",
        lambda: f"perf: interrupt took too long ({rng.randint(2500, 9000)} > {rng.randint(2400, 2499)}), lowering kernel.perf_event_max_sample_rate to {rng.choice([50000, 63000, 79000])}",
        lambda: "nvidia-peermem nv_get_p2p_free_callback:127 ERROR detected invalid context, skipping further processing",
        lambda: f"EXT4-fs (nvme0n1p1): mounted filesystem with ordered data mode. Quota mode: none.",
        lambda: f"overlayfs: fs on '/var/lib/docker/overlay2/l/{hex_id(rng, 26).upper()}' does not support file handles, falling back to xino=off.",
        lambda: f"eth0: renamed from veth{hex_id(rng, 7)}",
        lambda: f"TCP: request_sock_TCP: Possible SYN flooding on port {rng.choice([29500, 6000, 8265])}. Sending cookies.  Check SNMP counters.",
        lambda: "NFS: Registering the id_resolver key type",
        lambda: f"mlx5_core 0000:{rng.choice(['0c', '0d', '4b', '8c'])}:00.0: mlx5_fw_tracer_handle_traces:775:(pid {rng.randint(100, 9000)}): FW tracer: unrecognized string",
        lambda: f"process '{rng.choice(['nvidia-smi', 'dcgm-exporter', 'node_exporter'])}' started with executable stack",
    ]
    return rng.choice(choices)()


def journal_noise(rng, host, t):
    pid = rng.randint(800, 60000)
    c = [
        f"{jctl(t, host)} systemd[1]: Started Session {rng.randint(1000, 90000)} of User root.",
        f"{jctl(t, host)} sshd[{pid}]: Accepted publickey for svc-train from 10.{rng.randint(0, 255)}.{rng.randint(0, 255)}.{rng.randint(1, 254)} port {rng.randint(30000, 65000)} ssh2: ED25519 SHA256:{hex_id(rng, 20)}",
        f"{jctl(t, host)} systemd-logind[{rng.randint(900, 1900)}]: New session {rng.randint(1000, 90000)} of user svc-train.",
        f"{jctl(t, host)} CRON[{pid}]: (root) CMD (/usr/local/sbin/node-health-lite >/dev/null 2>&1)",
        f"{jctl(t, host)} nv-hostengine[{rng.randint(2000, 4000)}]: DCGM Host Engine: Connected to client on socket",
        f"{jctl(t, host)} chronyd[{rng.randint(900, 1900)}]: Selected source 10.0.0.{rng.randint(2, 9)} (ntp-{rng.randint(1, 3)}.cluster)",
        f"{jctl(t, host)} systemd[1]: Starting Cleanup of Temporary Directories...",
        f"{jctl(t, host)} systemd[1]: systemd-tmpfiles-clean.service: Deactivated successfully.",
        f"{jctl(t, host)} rsyslogd[{rng.randint(900, 1900)}]: imjournal: journal files changed, reloading...  [v8.2112.0 try https://www.rsyslog.com/e/0 ]",
    ]
    return rng.choice(c)


def dmesg_block(rng, host, boot, t0, t1, n, extra=(), style="up"):
    """n benign lines between t0 and t1, merged with extra [(t, msg)] (sorted)."""
    items = []
    span = (t1 - t0).total_seconds()
    for _ in range(n):
        tt = plus(t0, rng.uniform(0, span))
        items.append((tt, kern_noise(rng, host, tt)))
    items += list(extra)
    items.sort(key=lambda x: x[0])
    out = []
    for t, m in items:
        if style == "up":
            out.append(f"{dmesg_up(t, boot)} {m}")
        elif style == "T":
            out.append(f"{dmesg_T(t)} {m}")
        else:  # journal -k
            out.append(f"{jctl(t, host)} kernel: {m}")
    return out


def journal_block(rng, host, t0, t1, n, extra=()):
    items = []
    span = (t1 - t0).total_seconds()
    for _ in range(n):
        tt = plus(t0, rng.uniform(0, span))
        items.append((tt, journal_noise(rng, host, tt)))
    items += [(t, f"{jctl(t, host)} {m}") for t, m in extra]
    items.sort(key=lambda x: x[0])
    return [m for _, m in items]


# --------------------------------------------------------------------------- IB / PCIe
def ibstat(hcas, rng, overrides=None, fw="28.39.2048", ca="MT4129"):
    overrides = overrides or {}
    out = []
    for h in hcas:
        o = overrides.get(h, {})
        guid = "0x" + hex_id(rng, 16)
        out += [f"CA '{h}'", f"\tCA type: {ca}", "\tNumber of ports: 1", f"\tFirmware version: {fw}",
                "\tHardware version: 0", f"\tNode GUID: {guid}", f"\tSystem image GUID: {guid}", "\tPort 1:",
                f"\t\tState: {o.get('state', 'Active')}", f"\t\tPhysical state: {o.get('phys', 'LinkUp')}",
                f"\t\tRate: {o.get('rate', 400)}", f"\t\tBase lid: {o.get('lid', rng.randint(20, 900))}", "\t\tLMC: 0",
                "\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848", f"\t\tPort GUID: {guid}", "\t\tLink layer: InfiniBand"]
    return out


def lspci_nic(addr, rng, width=16, speed="32GT/s", cap_width=16, cap_speed="32GT/s", name="Mellanox Technologies MT2910 Family [ConnectX-7]"):
    sta_speed = speed + (" (downgraded)" if speed != cap_speed else " (ok)")
    sta_width = f"x{width}" + (" (downgraded)" if width != cap_width else " (ok)")
    return [f"{addr} Infiniband controller: {name}",
            f"\tSubsystem: Mellanox Technologies Device {hex_id(rng, 4)}",
            "\tControl: I/O- Mem+ BusMaster+ SpecCycle- MemWINV- VGASnoop- ParErr- Stepping- SERR- FastB2B- DisINTx+",
            "\tStatus: Cap+ 66MHz- UDF- FastB2B- ParErr- DEVSEL=fast >TAbort- <TAbort- <MAbort- >SERR- <PERR- INTx-",
            "\tLatency: 0, Cache Line Size: 32 bytes",
            f"\tInterrupt: pin A routed to IRQ {rng.randint(30, 400)}",
            f"\tNUMA node: {0 if addr < '80' else 1}",
            f"\tRegion 0: Memory at {hex_id(rng, 8)}00000 (64-bit, prefetchable) [size=32M]",
            "\tCapabilities: [60] Express (v2) Endpoint, MSI 00",
            "\t\tDevCap:\tMaxPayload 512 bytes, PhantFunc 0, Latency L0s unlimited, L1 unlimited",
            "\t\t\tExtTag+ AttnBtn- AttnInd- PwrInd- RBE+ FLReset+ SlotPowerLimit 0.000W",
            "\t\tDevCtl:\tCorrErr+ NonFatalErr+ FatalErr+ UnsupReq-",
            "\t\t\tRlxdOrd+ ExtTag+ PhantFunc- AuxPwr- NoSnoop+ FLReset-",
            "\t\t\tMaxPayload 256 bytes, MaxReadReq 4096 bytes",
            "\t\tDevSta:\tCorrErr- NonFatalErr- FatalErr- UnsupReq- AuxPwr- TransPend-",
            f"\t\tLnkCap:\tPort #0, Speed {cap_speed}, Width x{cap_width}, ASPM not supported",
            "\t\t\tClockPM- Surprise- LLActRep- BwNot- ASPMOptComp+",
            "\t\tLnkCtl:\tASPM Disabled; RCB 64 bytes, Disabled- CommClk+",
            "\t\t\tExtSynch- ClockPM- AutWidDis- BWInt- AutBWInt-",
            f"\t\tLnkSta:\tSpeed {sta_speed}, Width {sta_width}",
            "\t\t\tTrErr- Train- SlotClk+ DLActive- BWMgmt- ABWMgmt-",
            "\t\tDevCap2: Completion Timeout: Range ABC, TimeoutDis+ NROPrPrP- LTR-",
            "\tCapabilities: [48] Vital Product Data",
            "\tCapabilities: [9c] MSI-X: Enable+ Count=64 Masked-",
            "\tCapabilities: [100 v1] Advanced Error Reporting",
            "\tKernel driver in use: mlx5_core",
            "\tKernel modules: mlx5_core", ""]


# --------------------------------------------------------------------------- stacks
def pyspy(pid, cmd, pyver, threads):
    """threads: list of (tid_hex, state, name, frames[(func, file, line)])"""
    out = [f"Process {pid}: {cmd}", f"Python v{pyver} (/usr/bin/python{pyver.rsplit('.', 1)[0]})", ""]
    for tid, state, name, frames in threads:
        out.append(f"Thread 0x{tid} ({state}): \"{name}\"")
        for fn, f, ln in frames:
            out.append(f"    {fn} ({f}:{ln})")
    out.append("")
    return out


def faulthandler_dump(timeout_txt, threads):
    """threads: list of (tid_hex, current, frames[(file, line, func)]) innermost first."""
    out = [f"Timeout ({timeout_txt})!"]
    for tid, cur, frames in threads:
        out.append(("Current thread" if cur else "Thread") + f" 0x{tid} (most recent call first):")
        for f, ln, fn in frames:
            out.append(f'  File "{f}", line {ln} in {fn}')
        out.append("")
    return out


# --------------------------------------------------------------------------- misc
def prefix_lines(prefix, lines):
    return [prefix + x for x in lines]


def interleave(rng, streams):
    """merge several [(t, line)] lists by time"""
    allx = []
    for s in streams:
        allx += s
    allx.sort(key=lambda x: x[0])
    return [l for _, l in allx]


def jitter(rng, base, rel=0.02):
    return base * (1 + rng.uniform(-rel, rel))
