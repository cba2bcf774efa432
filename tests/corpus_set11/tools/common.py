"""Shared helpers for corpus_set11 ("Finding the first failure").

Standard library only. Everything here is invented: hosts, IPs, pids, serials,
timestamps. Message *shapes* follow the public formats of PyTorch, NCCL, the
NVIDIA driver, the Linux kernel, Slurm, Kubernetes and friends.
"""
from __future__ import annotations

import datetime as dt
import gzip
import io
import json
import os

SET_NAME = "corpus_set11"

CATEGORIES = (
    "gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
    "oom", "numerical", "straggler", "user_code", "dependency", "unknown",
)
LAYERS = ("infrastructure", "framework", "script")
ACTIONS = ("restart", "restart_without_node", "stop", "run_diagnostics", "none")

UTC = dt.timezone.utc


# --------------------------------------------------------------------------
# time
# --------------------------------------------------------------------------

def T(s: str) -> dt.datetime:
    """'2024-03-12 09:12:44.081' (UTC) -> aware datetime."""
    fmt = "%Y-%m-%d %H:%M:%S.%f" if "." in s else "%Y-%m-%d %H:%M:%S"
    return dt.datetime.strptime(s, fmt).replace(tzinfo=UTC)


def sec(x: float) -> dt.timedelta:
    return dt.timedelta(seconds=x)


def local(t: dt.datetime, tz_hours: float) -> dt.datetime:
    return (t + dt.timedelta(hours=tz_hours)).replace(tzinfo=None)


def f_iso_z(t: dt.datetime, digits: int = 6) -> str:
    frac = f"{t.microsecond:06d}"
    if digits > 6:
        frac += "0" * (digits - 6)
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + frac[:digits] + "Z"


def f_k8s(t: dt.datetime, rng) -> str:
    """kubectl logs --timestamps (RFC3339Nano)."""
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond:06d}{rng.randint(0, 999):03d}Z"


def f_pylog(t: dt.datetime, tz_hours: float = 0) -> str:
    lt = local(t, tz_hours)
    return lt.strftime("%Y-%m-%d %H:%M:%S,") + f"{lt.microsecond // 1000:03d}"


def f_dmesg_T(t: dt.datetime, tz_hours: float = 0) -> str:
    lt = local(t, tz_hours)
    return f"[{lt:%a %b} {lt.day:2d} {lt:%H:%M:%S %Y}]"


def f_uptime(t: dt.datetime, boot: dt.datetime) -> str:
    s = (t - boot).total_seconds()
    whole = int(s)
    us = int(round((s - whole) * 1e6))
    if us == 1000000:
        whole, us = whole + 1, 0
    return f"[{whole:5d}.{us:06d}]"


def f_journal_iso(t: dt.datetime, tz_hours: float = 0) -> str:
    lt = local(t, tz_hours)
    sign = "+" if tz_hours >= 0 else "-"
    h = int(abs(tz_hours))
    m = int(round((abs(tz_hours) - h) * 60))
    return lt.strftime("%Y-%m-%dT%H:%M:%S") + f"{sign}{h:02d}{m:02d}"


def f_syslog(t: dt.datetime, tz_hours: float = 0) -> str:
    lt = local(t, tz_hours)
    return f"{lt:%b} {lt.day:2d} {lt:%H:%M:%S}"


def f_glog_py(t: dt.datetime, lvl: str, tid, src: str) -> str:
    """python-side glog style used by torch.distributed.elastic in 2.2+."""
    return f"{lvl}{t:%m%d %H:%M:%S}.{t.microsecond:06d} {tid} {src}]"


def f_c10(t: dt.datetime, lvl: str, src: str, rng) -> str:
    """c10 logging with timestamp (torch >= 2.4): [E1105 09:12:44.081233413 file.cpp:616]"""
    return f"[{lvl}{t.month}{t:%d %H:%M:%S}.{t.microsecond:06d}{rng.randint(0, 999):03d} {src}]"


def f_torchrun_time(t: dt.datetime, tz_hours: float = 0) -> str:
    return local(t, tz_hours).strftime("%Y-%m-%d_%H:%M:%S")


def f_slurm_time(t: dt.datetime, tz_hours: float = 0) -> str:
    return local(t, tz_hours).strftime("%Y-%m-%dT%H:%M:%S")


def epoch(t: dt.datetime) -> int:
    return int(t.timestamp())


# --------------------------------------------------------------------------
# containers
# --------------------------------------------------------------------------

class Log:
    """A file assembled from timestamped blocks, rendered in time order.

    Blocks without their own printed timestamp (NCCL, tracebacks) still carry
    a time so that they land where the process would have printed them.
    """

    def __init__(self):
        self._items = []
        self._n = 0

    def add(self, t: dt.datetime, text: str):
        self._items.append((t, self._n, text))
        self._n += 1
        return self

    def extend(self, items):
        for t, text in items:
            self.add(t, text)
        return self

    def lines(self, t: dt.datetime, lines):
        for i, ln in enumerate(lines):
            self.add(t + dt.timedelta(microseconds=i), ln)
        return self

    def render(self) -> str:
        items = sorted(self._items, key=lambda x: (x[0], x[1]))
        return "\n".join(x[2] for x in items) + "\n"


class Bundle:
    def __init__(self, name: str):
        self.name = name
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path: str, content, gz: bool = False):
        if isinstance(content, Log):
            content = content.render()
        elif isinstance(content, (list, tuple)):
            content = "\n".join(content) + "\n"
        data = content.encode("utf-8")
        if gz:
            buf = io.BytesIO()
            with gzip.GzipFile(filename="", mode="wb", fileobj=buf, mtime=0) as g:
                g.write(data)
            data = buf.getvalue()
            if not path.endswith(".gz"):
                path += ".gz"
        if path in self.files:
            raise ValueError(f"{self.name}: duplicate file {path}")
        self.files[path] = data

    def set_label(self, category, layer, culprit_node, rank, action, rationale, modelled_on):
        culprit = None if culprit_node is None else {"node": culprit_node, "rank": rank}
        self.label = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }

    def set_topology(self, topo: dict):
        self.topology = {"topology": topo}

    def node_dirs(self):
        nodes = set()
        for p in self.files:
            parts = p.split("/")
            if parts[0].startswith("attempt_"):
                nodes.add(parts[1])
            else:
                nodes.add(parts[0])
        return nodes

    def validate(self):
        lab = self.label
        if lab is None:
            raise ValueError(f"{self.name}: no label")
        keys = {"category", "layer", "culprit", "action", "rationale", "modelled_on"}
        if set(lab) != keys:
            raise ValueError(f"{self.name}: label keys {sorted(lab)}")
        if lab["category"] not in CATEGORIES:
            raise ValueError(f"{self.name}: category {lab['category']}")
        if lab["layer"] not in LAYERS:
            raise ValueError(f"{self.name}: layer {lab['layer']}")
        if lab["action"] not in ACTIONS:
            raise ValueError(f"{self.name}: action {lab['action']}")
        if not str(lab["modelled_on"]).startswith("https://"):
            raise ValueError(f"{self.name}: modelled_on must be https")
        if not isinstance(lab["rationale"], str) or not lab["rationale"].strip():
            raise ValueError(f"{self.name}: rationale")
        nodes = self.node_dirs()
        c = lab["culprit"]
        if c is not None:
            if not isinstance(c, dict) or set(c) != {"node", "rank"}:
                raise ValueError(f"{self.name}: culprit shape {c}")
            if c["node"] not in nodes:
                raise ValueError(f"{self.name}: culprit node {c['node']} not in {sorted(nodes)}")
            if c["rank"] is not None and (not isinstance(c["rank"], int) or isinstance(c["rank"], bool)):
                raise ValueError(f"{self.name}: culprit rank {c['rank']!r}")
        if not 2 <= len(nodes) <= 16:
            raise ValueError(f"{self.name}: {len(nodes)} node dirs")
        for p in self.files:
            base = p.rsplit("/", 1)[-1]
            if "/" not in p:
                raise ValueError(f"{self.name}: file outside node folder {p}")
            if base.startswith(".") or base.upper().startswith("README") or base.upper().startswith("NOTES") \
                    or base.lower().endswith(".md"):
                raise ValueError(f"{self.name}: unreadable evidence file {p}")
        if self.topology is not None:
            for sw, members in self.topology["topology"].items():
                for m in members:
                    if m not in nodes:
                        raise ValueError(f"{self.name}: topology node {m} unknown")

    def write(self, root: str):
        d = os.path.join(root, self.name)
        os.makedirs(d, exist_ok=True)
        with open(os.path.join(d, "label.json"), "w") as f:
            json.dump(self.label, f, indent=2)
            f.write("\n")
        if self.topology is not None:
            with open(os.path.join(d, "topology.json"), "w") as f:
                json.dump(self.topology, f, indent=2)
                f.write("\n")
        for p, data in sorted(self.files.items()):
            fp = os.path.join(d, p)
            os.makedirs(os.path.dirname(fp), exist_ok=True)
            with open(fp, "wb") as f:
                f.write(data)


# --------------------------------------------------------------------------
# cluster model
# --------------------------------------------------------------------------

A100_PCI = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]
H100_PCI = ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"]
MLX_PCI = ["0c", "1f", "4b", "5e", "8d", "a0", "cb", "de"]


class Node:
    def __init__(self, name, eth_ip, ib_ip=None, node_rank=0, gpus=8, boot=None,
                 tz_hours=0.0, pci=None, gpu="NVIDIA H100 80GB HBM3"):
        self.name = name
        self.eth_ip = eth_ip
        self.ib_ip = ib_ip
        self.node_rank = node_rank
        self.gpus = gpus
        self.boot = boot
        self.tz = tz_hours
        self.pci = pci or (H100_PCI if "H100" in gpu else A100_PCI)
        self.gpu = gpu
        self.pids = {}

    def rank(self, lr):
        return self.node_rank * self.gpus + lr

    def ranks(self):
        return [self.rank(lr) for lr in range(self.gpus)]


def make_nodes(rng, names, gpus=8, eth="10.20.0.", ib="10.44.3.", first=11, step=1, boot0=None,
               gpu="NVIDIA H100 80GB HBM3", ip_jitter=True):
    nodes = []
    host_ids = list(range(first, first + step * len(names), step))
    if ip_jitter:
        # hosts are rarely consecutive in real clusters
        host_ids = sorted(rng.sample(range(first, first + 4 * len(names) + 8), len(names)))
        rng.shuffle(host_ids)
    for i, n in enumerate(names):
        boot = None
        if boot0 is not None:
            boot = boot0 - dt.timedelta(days=rng.randint(2, 40), seconds=rng.randint(0, 86399))
        nd = Node(n, f"{eth}{host_ids[i]}", f"{ib}{host_ids[i]}" if ib else None, i, gpus, boot, gpu=gpu)
        base = rng.randint(20000, 3900000)
        nd.agent_pid = base
        cur = base + rng.randint(3, 40)
        for lr in range(gpus):
            nd.pids[lr] = cur
            cur += rng.randint(1, 4)
        nodes.append(nd)
    return nodes


def hexs(rng, n):
    return "".join(rng.choice("0123456789abcdef") for _ in range(n))


def uuid(rng):
    return f"{hexs(rng, 8)}-{hexs(rng, 4)}-{hexs(rng, 4)}-{hexs(rng, 4)}-{hexs(rng, 12)}"


def vkey(v: str):
    return tuple(int(x) for x in v.split(".")[:3])


# --------------------------------------------------------------------------
# PyTorch / NCCL message shapes
# --------------------------------------------------------------------------

class Ctx:
    """Per-job formatting context (torch / nccl versions, paths)."""

    def __init__(self, rng, torch="2.3", nccl="2.20.5", timeout_ms=600000, py="3.10",
                 site=None, cuda="12.2", drv="12020", script="train.py", binary=None, tz=0.0):
        self.rng = rng
        self.tz = tz
        self.torch = torch
        self.tv = vkey(torch + ".0") if torch.count(".") == 1 else vkey(torch)
        self.nccl = nccl
        self.nv = vkey(nccl)
        self.timeout_ms = timeout_ms
        self.py = py
        self.site = site or f"/usr/local/lib/python{py}/dist-packages"
        self.cuda = cuda
        self.drv = drv
        self.script = script
        self.binary = binary or "/usr/bin/python"

    # ---- generic c10 line ------------------------------------------------
    def rp(self, rank):
        return f"[rank{rank}]:" if self.tv >= (2, 2) else ""

    def c10(self, t, lvl, src, msg, rank):
        if self.tv >= (2, 4):
            return f"{self.rp(rank)}{f_c10(local(t, self.tz), lvl, src, self.rng)} {msg}"
        return f"{self.rp(rank)}[{lvl} {src}] {msg}"

    def pg(self, rank, pg=0, name="default_pg"):
        if self.tv >= (2, 5):
            return f"[PG ID {pg} PG GUID {pg}({name}) Rank {rank}]"
        if self.tv >= (2, 4):
            return f"[PG {pg} ({name}) Rank {rank}]"
        if self.tv >= (2, 3):
            return f"[PG {pg} Rank {rank}]"
        return f"[Rank {rank}]"

    def lib(self, name):
        return f"{self.site}/torch/lib/{name}"

    def frames(self, kind="timeout"):
        r = self.rng
        a = lambda: f"0x7f{hexs(r, 10)}"  # noqa: E731
        if kind == "timeout":
            fr = [
                f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 ({a()} in {self.lib('libc10.so')})",
                f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 ({a()} in {self.lib('libtorch_cuda.so')})",
                f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 ({a()} in {self.lib('libtorch_cuda.so')})",
                f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c ({a()} in {self.lib('libtorch_cuda.so')})",
            ]
        elif kind == "nccl":
            fr = [
                f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 ({a()} in {self.lib('libc10.so')})",
                f"frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 ({a()} in {self.lib('libtorch_cuda.so')})",
                f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c ({a()} in {self.lib('libtorch_cuda.so')})",
                f"frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 ({a()} in {self.lib('libtorch_cuda.so')})",
                f"frame #4: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c ({a()} in {self.lib('libtorch_cuda.so')})",
            ]
        else:  # cuda
            fr = [
                f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 ({a()} in {self.lib('libc10.so')})",
                f"frame #1: c10::detail::torchCheckFail(char const*, char const*, unsigned int, std::string const&) + 0x64 ({a()} in {self.lib('libc10.so')})",
                f"frame #2: c10::cuda::c10_cuda_check_implementation(int, char const*, char const*, int, bool) + 0x118 ({a()} in {self.lib('libc10_cuda.so')})",
                f"frame #3: c10d::ProcessGroupNCCL::WorkNCCL::finishedGPUExecutionInternal() const + 0x56 ({a()} in {self.lib('libtorch_cuda.so')})",
                f"frame #4: c10d::ProcessGroupNCCL::WorkNCCL::isCompleted() + 0xa0 ({a()} in {self.lib('libtorch_cuda.so')})",
                f"frame #5: c10d::ProcessGroupNCCL::watchdogHandler() + 0x1f8 ({a()} in {self.lib('libtorch_cuda.so')})",
            ]
        n = len(fr)
        fr.append(f"frame #{n}: <unknown function> + 0xdc253 ({a()} in /lib/x86_64-linux-gnu/libstdc++.so.6)")
        fr.append(f"frame #{n + 1}: <unknown function> + 0x94ac3 ({a()} in /lib/x86_64-linux-gnu/libc.so.6)")
        fr.append(f"frame #{n + 2}: <unknown function> + 0x126850 ({a()} in /lib/x86_64-linux-gnu/libc.so.6)")
        return fr

    # ---- watchdog timeout -------------------------------------------------
    def workstr(self, seq, op, numel, ran_ms):
        if self.tv >= (2, 1):
            w = f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={self.timeout_ms})"
        else:
            w = f"WorkNCCL(SeqNum={seq}, OpType={op}, Timeout(ms)={self.timeout_ms})"
        return f"{w} ran for {ran_ms} milliseconds before timing out."

    def watchdog_timeout(self, rank, t, seq, op="ALLREDUCE", numel=1, last_enq=None, last_comp=None,
                         frames=True, fr_dump=False, fr_from=None, stack=None):
        """Returns list of (t, text) for one rank's watchdog timeout + abort."""
        r = self.rng
        ran = self.timeout_ms + r.randint(3, 900)
        last_enq = seq if last_enq is None else last_enq
        last_comp = seq - 1 if last_comp is None else last_comp
        caught = f"[Rank {rank}] Watchdog caught collective operation timeout: {self.workstr(seq, op, numel, ran)}"
        out = []
        tt = t

        def nxt(ms=0.05):
            nonlocal tt
            tt = tt + dt.timedelta(milliseconds=ms)
            return tt

        if self.tv < (2, 1):
            ln = 821 if self.tv < (2, 0) else 737
            out.append((nxt(), f"[E ProcessGroupNCCL.cpp:{ln}] {caught}"))
            out.append((nxt(), "[E ProcessGroupNCCL.cpp:456] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."))
            out.append((nxt(), "[E ProcessGroupNCCL.cpp:461] To avoid data inconsistency, we are taking the entire process down."))
            out.append((nxt(1), "terminate called after throwing an instance of 'std::runtime_error'\n  what():  " + caught))
            return out
        if self.tv < (2, 2):
            out.append((nxt(), f"[E ProcessGroupNCCL.cpp:475] {caught}"))
            out.append((nxt(), "[E ProcessGroupNCCL.cpp:489] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data."))
            out.append((nxt(), "[E ProcessGroupNCCL.cpp:495] To avoid data inconsistency, we are taking the entire process down."))
            term = f"[Rank {rank}] NCCL watchdog thread terminated with exception: {caught}"
            out.append((nxt(), f"[E ProcessGroupNCCL.cpp:916] {term}"))
            out.append((nxt(1), "terminate called after throwing an instance of 'std::runtime_error'\n  what():  " + term))
            return out
        # 2.2+
        if self.tv >= (2, 7):
            lines = dict(caught=632, exc=2199, tmo=2232, some=684, avoid=698, term=1941, chk=635, fail=2268, prep=1533, sig=1746, fatal=1557)
        elif self.tv >= (2, 5):
            lines = dict(caught=616, exc=1785, tmo=1834, some=630, avoid=636, term=1595, chk=618, fail=2168, prep=1533, sig=1746, fatal=1557)
        elif self.tv >= (2, 4):
            lines = dict(caught=607, exc=1664, tmo=1709, some=621, avoid=627, term=1515, chk=609, fail=0, prep=1334, sig=1400, fatal=1418)
        else:
            lines = dict(caught=563, exc=0, tmo=1537, some=577, avoid=583, term=1414, chk=565, fail=0, prep=1300, sig=1360, fatal=1370)
        pg = self.pg(rank)
        out.append((nxt(), self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['caught']}", caught, rank)))
        if self.tv >= (2, 6) and lines["fail"]:
            out.append((nxt(), self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['fail']}",
                                        f"{pg}  failure detected by watchdog at work sequence id: {seq} PG status: last enqueued work: {last_enq}, last completed work: {last_comp}", rank)))
            if stack:
                out.append((nxt(), self.c10(tt, "E", "ProcessGroupNCCL.cpp:667", "Stack trace of the failed collective: \n" + stack, rank)))
            else:
                out.append((nxt(), self.c10(tt, "E", "ProcessGroupNCCL.cpp:667", "Stack trace of the failed collective not found, potentially because FlightRecorder is disabled. You can enable it by setting TORCH_NCCL_TRACE_BUFFER_SIZE to a non-zero value.", rank)))
        else:
            if lines["exc"]:
                out.append((nxt(), self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['exc']}",
                                            f"{pg} Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.", rank)))
            out.append((nxt(), self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['tmo']}",
                                        f"{pg} Timeout at NCCL work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.", rank)))
        out.append((nxt(), self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['some']}", f"[Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.", rank)))
        out.append((nxt(), self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['avoid']}", f"[Rank {rank}] To avoid data inconsistency, we are taking the entire process down.", rank)))
        if fr_dump:
            out.append((nxt(2), self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['prep']}", f"{pg} ProcessGroupNCCL preparing to dump debug info. Include stack trace: 1", rank)))
            src = "this local rank" if fr_from is None else f" rank {fr_from}"
            out.append((nxt(1), self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['sig']}",
                                         f"{pg} Received a dump signal due to a collective timeout from {src} and we will try our best to dump the debug info. Last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_comp}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ", rank)))
        term = f"{pg} Process group watchdog thread terminated with exception: {caught}"
        body = self.c10(tt, "E", f"ProcessGroupNCCL.cpp:{lines['term']}", term, rank)
        if frames:
            body += f"\nException raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:{lines['chk']} (most recent call first):\n" + "\n".join(self.frames("timeout")) + "\n"
        out.append((nxt(1), body))
        if fr_dump:
            out.append((nxt(r.randint(200, 900)), self.c10(tt, "F", f"ProcessGroupNCCL.cpp:{lines['fatal']}",
                                                           f"{pg} {pg} Terminating the process after attempting to dump debug info, due to collective timeout or exception.", rank)))
        else:
            out.append((nxt(1), "terminate called after throwing an instance of 'c10::DistBackendError'\n  what():  " + term))
        return out

    # ---- NCCL async error seen by watchdog ---------------------------------
    def nccl_error_abort(self, rank, t, kind, last_error, frames=True):
        """kind: 'remote' | 'system' | 'unhandled_cuda'"""
        heads = {
            "remote": ("remote process exited or there was a network error", "ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely."),
            "system": ("unhandled system error (run with NCCL_DEBUG=INFO for details)", "ncclSystemError: System call (e.g. socket, malloc) or external library call failed or device error. "),
            "unhandled_cuda": ("unhandled cuda error (run with NCCL_DEBUG=INFO for details)", "ncclUnhandledCudaError: Call to CUDA function failed."),
        }
        h1, h2 = heads[kind]
        msg = f"NCCL error: {h1}, NCCL version {self.nccl}\n{h2}\nLast error:\n{last_error}"
        if self.tv < (2, 2):
            term = f"[Rank {rank}] NCCL watchdog thread terminated with exception: {msg}"
            return [(t, f"[E ProcessGroupNCCL.cpp:916] {term}"),
                    (t + sec(0.001), "terminate called after throwing an instance of 'std::runtime_error'\n  what():  " + term)]
        pg = self.pg(rank)
        term = f"{pg} Process group watchdog thread terminated with exception: {msg}"
        src = "ProcessGroupNCCL.cpp:1595" if self.tv >= (2, 5) else "ProcessGroupNCCL.cpp:1515" if self.tv >= (2, 4) else "ProcessGroupNCCL.cpp:1414"
        body = self.c10(t, "E", src, term, rank)
        if frames:
            ln = 2027 if self.tv >= (2, 5) else 1723
            body += f"\nException raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:{ln} (most recent call first):\n" + "\n".join(self.frames("nccl")) + "\n"
        return [(t, body), (t + sec(0.002), "terminate called after throwing an instance of 'c10::DistBackendError'\n  what():  " + term)]

    def cuda_error_abort(self, rank, t, err):
        tail = ("CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.\n"
                "For debugging consider passing CUDA_LAUNCH_BLOCKING=1\n"
                "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.\n")
        if self.tv < (2, 2):
            term = f"[Rank {rank}] NCCL watchdog thread terminated with exception: CUDA error: {err}\n{tail}"
            return [(t, f"[E ProcessGroupNCCL.cpp:916] {term}"),
                    (t + sec(0.001), "terminate called after throwing an instance of 'std::runtime_error'\n  what():  " + term)]
        pg = self.pg(rank)
        term = f"{pg} Process group watchdog thread terminated with exception: CUDA error: {err}\n{tail}"
        src = "ProcessGroupNCCL.cpp:1595" if self.tv >= (2, 5) else "ProcessGroupNCCL.cpp:1414"
        body = self.c10(t, "E", src, term, rank)
        body += "\nException raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:43 (most recent call first):\n" + "\n".join(self.frames("cuda")) + "\n"
        return [(t, body), (t + sec(0.002), "terminate called after throwing an instance of 'c10::DistBackendError'\n  what():  " + term.split("\n")[0])]

    # ---- python traceback ---------------------------------------------------
    def py_tb(self, rank, frames, exc, prefix=None):
        """frames: list of (file, line, func, code). file may be 'TORCH/x.py' for torch paths."""
        p = prefix if prefix is not None else (f"[rank{rank}]: " if self.tv >= (2, 3) else "")
        out = [f"{p}Traceback (most recent call last):"]
        for f, ln, fn, code in frames:
            f = f.replace("TORCH/", f"{self.site}/torch/").replace("SITE/", f"{self.site}/")
            out.append(f'{p}  File "{f}", line {ln}, in {fn}')
            if code:
                out.append(f"{p}    {code}")
        for e in exc.split("\n"):
            out.append(f"{p}{e}")
        return "\n".join(out)

    # ---- torchrun agent ------------------------------------------------------
    def agent(self, t, lvl, msg, tid, mod="multiprocessing/api.py", line=None):
        names = {"W": "WARNING", "E": "ERROR", "I": "INFO"}
        dotted = "torch.distributed.elastic." + mod.replace("/", ".").replace(".py", "")
        if self.tv < (2, 1):
            return f"{names[lvl]}:{dotted}:{msg}"
        if self.tv < (2, 2):
            return f"[{f_pylog(t, self.tz)}] {dotted}: [{names[lvl]}] {msg}"
        t = local(t, self.tz)
        if line is None:
            line = {"W": 897, "E": 869, "I": 716}[lvl] if self.tv >= (2, 5) else {"W": 858, "E": 833, "I": 690}[lvl]
        return f"{f_glog_py(t, lvl, tid, 'torch/distributed/elastic/' + mod + ':' + str(line))} {msg}"

    def agent_tid(self, node):
        return node.agent_pid if self.tv >= (2, 5) else 139 * 10 ** 12 + (node.agent_pid * 7919) % 10 ** 12

    def sigterm_lines(self, node, t, skip_lrs=()):
        out = []
        tid = self.agent_tid(node)
        for lr in range(node.gpus):
            if lr in skip_lrs:
                continue
            out.append((t, self.agent(t, "W", f"Sending process {node.pids[lr]} closing signal SIGTERM", tid)))
            t = t + dt.timedelta(microseconds=self.rng.randint(300, 1500))
        return out

    def failed_line(self, node, t, lr, exitcode):
        return (t, self.agent(t, "E", f"failed (exitcode: {exitcode}) local_rank: {lr} (pid: {node.pids[lr]}) of binary: {self.binary}", self.agent_tid(node)))

    def child_failed(self, node, script, failures, tz_hours=0):
        """failures: list of dicts (first one = root cause on this node):
        lr, exitcode, t, error_file, traceback(optional str)."""
        site = self.site
        if self.tv >= (2, 5):
            run_l, run2_l, api_l, la_l, err_l = 918, 909, 138, 269, 355
        elif self.tv >= (2, 2):
            run_l, run2_l, api_l, la_l, err_l = 879, 870, 132, 263, 347
        elif self.tv >= (2, 0):
            run_l, run2_l, api_l, la_l, err_l = 806, 797, 134, 250, 346
        else:
            run_l, run2_l, api_l, la_l, err_l = 762, 753, 132, 246, 346
        head = ["Traceback (most recent call last):",
                '  File "/usr/local/bin/torchrun", line 8, in <module>',
                "    sys.exit(main())",
                f'  File "{site}/torch/distributed/elastic/multiprocessing/errors/__init__.py", line {err_l}, in wrapper',
                "    return f(*args, **kwargs)",
                f'  File "{site}/torch/distributed/run.py", line {run_l}, in main',
                "    run(args)",
                f'  File "{site}/torch/distributed/run.py", line {run2_l}, in run',
                "    elastic_launch(",
                f'  File "{site}/torch/distributed/launcher/api.py", line {api_l}, in __call__',
                "    return launch_agent(self._config, self._entrypoint, list(args))",
                f'  File "{site}/torch/distributed/launcher/api.py", line {la_l}, in launch_agent',
                "    raise ChildFailedError(",
                "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
                "============================================================",
                f"{script} FAILED",
                "------------------------------------------------------------",
                "Failures:"]

        def entry(i, f):
            lr = f["lr"]
            ec = f["exitcode"]
            pid = node.pids[lr]
            tb = f.get("traceback")
            if tb is None:
                if ec < 0:
                    sig = {-6: "SIGABRT", -9: "SIGKILL", -15: "SIGTERM", -11: "SIGSEGV", -7: "SIGBUS"}[ec]
                    tb = f"Signal {-ec} ({sig}) received by PID {pid}"
                else:
                    tb = "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html"
            else:
                tb = tb.replace("\n", "\n    ")
            return [f"[{i}]:",
                    f"  time      : {f_torchrun_time(f['t'], tz_hours or self.tz)}",
                    f"  host      : {f.get('host', node.name)}",
                    f"  rank      : {node.rank(lr)} (local_rank: {lr})",
                    f"  exitcode  : {ec} (pid: {pid})",
                    f"  error_file: {f.get('error_file', '<N/A>')}",
                    f"  traceback : {tb}"]

        root, others = failures[0], sorted(failures[1:], key=lambda f: f["lr"])
        body = []
        if not others:
            body.append("  <NO_OTHER_FAILURES>")
        else:
            for i, f in enumerate(others, 1):
                body += entry(i, f)
        tail = ["------------------------------------------------------------",
                "Root Cause (first observed failure):"] + entry(0, root) + \
               ["============================================================"]
        return "\n".join(head + body + tail)

    def error_json(self, exc_line, callstack, t):
        return json.dumps({"message": {"message": exc_line,
                                       "extraInfo": {"py_callstack": callstack, "timestamp": str(epoch(t))}}},
                          indent=None)


# --------------------------------------------------------------------------
# NCCL debug output
# --------------------------------------------------------------------------

def nccl_pfx(host, pid, tid, lr):
    return f"{host}:{pid}:{tid} [{lr}]"


def nccl_init(ctx: Ctx, node: Node, lr: int, nranks: int, *, sock_if="eth0", sock_ip=None, net="IB",
              ib_devs=None, link="IB", print_version=False, channels=2, plugin=None, peers=None):
    """NCCL_DEBUG=INFO init chatter for one rank. Returns list of lines."""
    r = ctx.rng
    pid = node.pids[lr]
    tid = pid + r.randint(60, 400)
    host = node.name
    grank = node.rank(lr)
    ip = sock_ip or (node.ib_ip if sock_if.startswith("ib") else node.eth_ip)
    p0 = nccl_pfx(host, pid, pid, lr)
    p1 = nccl_pfx(host, pid, tid, lr)
    out = []
    if ctx.nv >= (2, 20):
        out.append(f"{p0} NCCL INFO NCCL_SOCKET_IFNAME set by environment to {sock_if}")
    out.append(f"{p0} NCCL INFO Bootstrap : Using {sock_if}:{ip}<0>")
    if plugin is not None:
        out += [f"{p0} NCCL INFO {x}" for x in plugin]
    elif ctx.nv >= (2, 23):
        out.append(f"{p0} NCCL INFO NET/Plugin: Could not find: libnccl-net.so. Using internal net plugin.")
    elif ctx.nv >= (2, 19):
        out.append(f"{p0} NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)")
        out.append(f"{p0} NCCL INFO NET/Plugin: Plugin load returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory : when loading libnccl-net.so")
        out.append(f"{p0} NCCL INFO NET/Plugin: Using internal network plugin.")
    else:
        out.append(f"{p0} NCCL INFO NET/Plugin : Plugin load (libnccl-net.so) returned 2 : libnccl-net.so: cannot open shared object file: No such file or directory")
        out.append(f"{p0} NCCL INFO NET/Plugin : No plugin found, using internal implementation")
    out.append(f"{p0} NCCL INFO cudaDriverVersion {ctx.drv}")
    if print_version:
        out.append(f"NCCL version {ctx.nccl}+cuda{ctx.cuda}")
    if net == "IB":
        devs = ib_devs or [f"mlx5_{i}:1/{link}" for i in (0, 3, 4, 5, 6, 9, 10, 11)]
        dl = " ".join(f"[{i}]{d}" for i, d in enumerate(devs))
        out.append(f"{p1} NCCL INFO NET/IB : Using {dl} ; OOB {sock_if}:{ip}<0>")
        out.append(f"{p1} NCCL INFO Using network IB")
    elif net == "Socket":
        out.append(f"{p1} NCCL INFO NET/IB : No device found.")
        out.append(f"{p1} NCCL INFO NET/Socket : Using [0]{sock_if}:{ip}<0>")
        out.append(f"{p1} NCCL INFO Using network Socket")
    else:
        out += [f"{p1} NCCL INFO {x}" for x in net]
    comm = f"0x{hexs(r, 12)}"
    cid = f"0x{hexs(r, 16)}"
    bus = node.pci[lr] + "000"
    out.append(f"{p1} NCCL INFO comm {comm} rank {grank} nranks {nranks} cudaDev {lr} nvmlDev {lr} busId {bus} commId {cid} - Init START")
    out.append(f"{p1} NCCL INFO Setting affinity for GPU {lr} to {'ffffffff,00000000,ffffffff' if lr < 4 else 'ffffffff,00000000,ffffffff,00000000'}")
    nxt = (grank + 1) % nranks
    prv = (grank - 1) % nranks
    for c in range(channels):
        if (grank + 1) % node.gpus == 0:
            out.append(f"{p1} NCCL INFO Channel {c:02d}/0 : {grank}[{lr}] -> {nxt}[{(lr + 1) % node.gpus}] [send] via NET/{'IB' if net == 'IB' else 'Socket'}/{c % 4}{'/GDRDMA' if net == 'IB' else ''}")
        elif grank % node.gpus == 0:
            out.append(f"{p1} NCCL INFO Channel {c:02d}/0 : {prv}[{(lr - 1) % node.gpus}] -> {grank}[{lr}] [receive] via NET/{'IB' if net == 'IB' else 'Socket'}/{c % 4}{'/GDRDMA' if net == 'IB' else ''}")
        else:
            out.append(f"{p1} NCCL INFO Channel {c:02d}/0 : {grank}[{lr}] -> {nxt}[{lr + 1}] via P2P/CUMEM/read")
    out.append(f"{p1} NCCL INFO Connected all rings")
    out.append(f"{p1} NCCL INFO Connected all trees")
    out.append(f"{p1} NCCL INFO threadThresholds 8/8/64 | {nranks * 8}/8/64 | 512 | 512")
    out.append(f"{p1} NCCL INFO 32 coll channels, 32 collnet channels, 0 nvls channels, 32 p2p channels, 32 p2p channels per peer")
    if ctx.nv >= (2, 19):
        out.append(f"{p1} NCCL INFO ncclCommInitRank comm {comm} rank {grank} nranks {nranks} cudaDev {lr} nvmlDev {lr} busId {bus} commId {cid} - Init COMPLETE")
    else:
        out.append(f"{p1} NCCL INFO comm {comm} rank {grank} nranks {nranks} cudaDev {lr} busId {bus} - Init COMPLETE")
    if ctx.nv >= (2, 23):
        out.append(f"{p1} NCCL INFO Init timings - ncclCommInitRank: rank {grank} nranks {nranks} total {r.uniform(0.6, 3.2):.2f} (kernels {r.uniform(0.1, 0.4):.2f}, alloc {r.uniform(0.01, 0.2):.2f}, bootstrap {r.uniform(0.05, 1.5):.2f}, allgathers {r.uniform(0.01, 0.1):.2f}, topo {r.uniform(0.05, 0.3):.2f}, graphs {r.uniform(0.01, 0.05):.2f}, connections {r.uniform(0.1, 0.9):.2f}, rest {r.uniform(0.0, 0.05):.2f})")
    return out


def ib_completion_error(ctx: Ctx, node: Node, lr: int, peer_ip, local_ip, *, status=12, vendor=129, opcode=0,
                        direction="Recv", hca="mlx5_3", port=None, gid_style="roce"):
    r = ctx.rng
    pid = node.pids[lr]
    tid = pid + r.randint(400, 900)
    p = nccl_pfx(node.name, pid, tid, lr)
    port = port or r.randint(32768, 60999)
    if gid_style == "roce":
        lg, rg = f"::ffff:{local_ip}", f"::ffff:{peer_ip}"
    else:
        lg, rg = f"fe80::{hexs(r, 4)}:{hexs(r, 4)}:{hexs(r, 4)}:{hexs(r, 4)}", f"fe80::{hexs(r, 4)}:{hexs(r, 4)}:{hexs(r, 4)}:{hexs(r, 4)}"
    if ctx.nv >= (2, 19):
        hs = f" hca {hca}" if ctx.nv >= (2, 21) else ""
        src = "transport/net_ib.cc:1696" if ctx.nv < (2, 23) else "transport/net_ib.cc:2314"
        warn = f"NET/IB : Got completion from peer {peer_ip}<{port}> with status={status} opcode={opcode} len=0 vendor err {vendor} ({direction}) localGid {lg} remoteGids{rg}{hs}"
    else:
        src = "transport/net_ib.cc:1295"
        warn = f"NET/IB : Got completion from peer {peer_ip}<{port}> with error {status}, opcode {opcode}, len 0, vendor err {vendor} ({direction}) localGid {lg} remoteGid {rg}"
    lines = [f"{p} {src} NCCL WARN {warn}",
             f"{p} NCCL INFO transport/net.cc:1298 -> 6",
             f"{p} NCCL INFO proxy.cc:694 -> 6",
             f"{p} NCCL INFO proxy.cc:874 -> 6 [Progress Thread]"]
    return "\n".join(lines), warn


# --------------------------------------------------------------------------
# kernel / host output
# --------------------------------------------------------------------------

def kline(node: Node, t, msg, style, ident="kernel"):
    if style == "dmesg_T":
        return f"{f_dmesg_T(t, node.tz)} {msg}"
    if style == "uptime":
        return f"{f_uptime(t, node.boot)} {msg}"
    if style == "journal":
        return f"{f_journal_iso(t, node.tz)} {node.name} {ident}: {msg}"
    if style == "syslog":
        return f"{f_syslog(t, node.tz)} {node.name} {ident}: {msg}"
    if style == "kernlog":
        return f"{f_syslog(t, node.tz)} {node.name} kernel: {f_uptime(t, node.boot)} {msg}"
    raise ValueError(style)


def kernel_log(node, items, style, ident="kernel"):
    """items: list of (t, msg) or (t, msg, ident). Returns list of (t, line)."""
    out = []
    for it in items:
        if len(it) == 3:
            t, m, idn = it
        else:
            (t, m), idn = it, ident
        out.append((t, kline(node, t, m, style, idn)))
    return out


BENIGN_KMSG = [
    "IPv6: ADDRCONF(NETDEV_CHANGE): veth{h7}: link becomes ready",
    "docker0: port {p}(veth{h7}) entered blocking state",
    "docker0: port {p}(veth{h7}) entered forwarding state",
    "eth0: renamed from veth{h7}",
    "perf: interrupt took too long ({a} > {b}), lowering kernel.perf_event_max_sample_rate to {c}",
    "hrtimer: interrupt took {n} ns",
    "kauditd_printk_skb: {p} callbacks suppressed",
    "audit: type=1400 audit({e}.{m}:{p}): apparmor=\"STATUS\" operation=\"profile_replace\" info=\"same as current profile, skipping\" profile=\"unconfined\" name=\"nvidia_modprobe\" pid={pid} comm=\"apparmor_parser\"",
    "overlayfs: upperdir is in-use as upperdir/workdir of another mount, accessing files from both mounts will result in undefined behavior.",
    "xfs filesystem being remounted at /run/containerd/io.containerd.runtime.v2.task/k8s.io/{h16}/rootfs supports timestamps until 2038 (0x7fffffff)",
    "TCP: request_sock_TCP: Possible SYN flooding on port 29500. Sending cookies.  Check SNMP counters.",
    "systemd-journald[{pid}]: Data hash table of /var/log/journal/{h16}/system.journal has a fill level at 75.0 (8535 of 11377 items, 6553600 file size, 767 bytes per hash table item), suggest rotation.",
    "nvidia_uvm: module uses symbols from proprietary module nvidia, inheriting taint.",
    "mlx5_core 0000:{mp}:00.0: mlx5_pcie_event:301:(pid {pid}): PCIe slot advertised sufficient power (27W).",
    "IPVS: rr: TCP 10.96.0.10:53 - no destination available",
    "cgroup: fork rejected by pids controller in /kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod{h7}.slice",
    "process 'local/bin/dcgm-exporter' started with executable stack",
    "Lustre: {fs}-MDT0000-mdc-ffff{h12}: Connection restored to 10.50.0.{o}@o2ib (at 10.50.0.{o}@o2ib)",
    "nfs: server nfs-home.cluster.local OK",
    "ib0: Budget exhausted after napi rescheduled",
    "clocksource: timekeeping watchdog on CPU{cpu}: hpet read-back delay of {n}ns, attempt 4, marking unstable",
    "x86/split lock detection: #AC: python3/{pid} took a split_lock trap at address: 0x7f{h10}",
]


def benign_kmsg(rng, fs="scratch"):
    tpl = rng.choice(BENIGN_KMSG)
    return tpl.format(h7=hexs(rng, 7), h10=hexs(rng, 10), h12=hexs(rng, 12), h16=hexs(rng, 32), p=rng.randint(1, 40),
                      a=rng.randint(2500, 4000), b=rng.randint(2400, 2500), c=rng.randint(40000, 80000),
                      n=rng.randint(20000, 90000), e=rng.randint(1700000000, 1760000000), m=rng.randint(100, 999),
                      pid=rng.randint(900, 4000000), mp=rng.choice(MLX_PCI), fs=fs, o=rng.randint(2, 9),
                      cpu=rng.randint(0, 191))


def dmesg_noise(rng, t0, t1, n, extra=None, fs="scratch"):
    """n benign kernel messages spread over [t0, t1]. extra: list of templates-as-strings to mix in."""
    span = (t1 - t0).total_seconds()
    out = []
    for _ in range(n):
        t = t0 + sec(rng.uniform(0, span))
        if extra and rng.random() < 0.25:
            out.append((t, rng.choice(extra)))
        else:
            out.append((t, benign_kmsg(rng, fs)))
    return out


def nvidia_smi(rng, node: Node, t, driver="535.129.03", cuda="12.2", used=None, procs=None, temps=None,
               err_gpus=(), util=None, perf=None, power=None, tz_hours=0):
    """Render a plausible `nvidia-smi` default view."""
    lt = local(t, tz_hours)
    mem_total = 81559 if "80GB" in node.gpu else 40960
    cap = 700 if "H100" in node.gpu else 400
    w = 87
    out = [f"{lt:%a %b} {lt.day:2d} {lt:%H:%M:%S %Y}       ",
           "+" + "-" * w + "+",
           f"| NVIDIA-SMI {driver:<22}Driver Version: {driver:<15}CUDA Version: {cuda:<9}|",
           "|-----------------------------------------+----------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id        Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |         Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                      |               MIG M. |",
           "|=========================================+======================+======================|"]
    for i in range(node.gpus):
        bus = f"00000000:{node.pci[i].upper()}:00.0"
        if i in err_gpus:
            out.append(f"|   {i}  {node.gpu[:26]:<26}  On  | {bus} Off |                  ERR! |")
            out.append("|ERR!  ERR! ERR!              ERR! /  ERR! |   ERR! /   ERR! MiB |    ERR!      Default |")
            out.append("|                                         |                      |                 ERR! |")
        else:
            u = used[i] if used else rng.randint(1, 6)
            tp = temps[i] if temps else rng.randint(29, 38)
            ut = util[i] if util else 0
            pf = perf[i] if perf else "P0"
            pw = power[i] if power else rng.randint(65, 120)
            out.append(f"|   {i}  {node.gpu[:26]:<26}  On  | {bus} Off |                    0 |")
            out.append(f"| N/A   {tp:2d}C    {pf}             {pw:4d}W / {cap}W |  {u:6d}MiB / {mem_total}MiB |   {ut:3d}%      Default |")
            out.append("|                                         |                      |             Disabled |")
        out.append("+-----------------------------------------+----------------------+----------------------+")
    out += ["", "+" + "-" * w + "+",
            "| Processes:                                                                            |",
            "|  GPU   GI   CI        PID   Type   Process name                            GPU Memory |",
            "|        ID   ID                                                             Usage      |",
            "|" + "=" * w + "|"]
    if not procs:
        out.append("|  No running processes found                                                           |")
    else:
        for g, pid, name, mib in procs:
            out.append(f"|  {g:3d}   N/A  N/A  {pid:9d}      C   {name[:38]:<38}{mib:7d}MiB |")
    out.append("+" + "-" * w + "+")
    return out


def host_info(node: Node, t, extra=None, ifaces=None, tz_name="Etc/UTC"):
    """A small `collect.sh`-style capture: hostname, date, uptime -s, ip -br addr."""
    lt = local(t, node.tz)
    sign = "+" if node.tz >= 0 else "-"
    off = f"{sign}{int(abs(node.tz)):02d}{int(round((abs(node.tz) % 1) * 60)):02d}"
    out = ["$ hostname", node.name,
           "$ date -R", f"{lt:%a, %d %b %Y %H:%M:%S} {off}",
           "$ timedatectl | grep 'Time zone'", f"                Time zone: {tz_name} ({'UTC' if node.tz == 0 else off[:3]}, {off})"]
    if node.boot is not None:
        lb = local(node.boot, node.tz)
        out += ["$ uptime -s", f"{lb:%Y-%m-%d %H:%M:%S}"]
    out.append("$ ip -br addr")
    ifs = ifaces or [("lo", "UNKNOWN", "127.0.0.1/8 ::1/128"),
                     ("eth0", "UP", f"{node.eth_ip}/16 fe80::{hexs_det(node.name, 4)}:{hexs_det(node.name + 'a', 4)}:fe{hexs_det(node.name + 'b', 2)}:{hexs_det(node.name + 'c', 4)}/64")]
    if ifaces is None and node.ib_ip:
        ifs.append(("ib0", "UP", f"{node.ib_ip}/16 fe80::{hexs_det(node.name + 'i', 4)}:{hexs_det(node.name + 'j', 4)}:{hexs_det(node.name + 'k', 4)}:{hexs_det(node.name + 'l', 4)}/64"))
    for n, st, a in ifs:
        out.append(f"{n:<17}{st:<15}{a}")
    if extra:
        out += extra
    return out


def hexs_det(seed: str, n: int) -> str:
    h = 0
    for ch in seed:
        h = (h * 131 + ord(ch)) & 0xFFFFFFFFFFFF
    s = f"{h:012x}"
    return (s * 3)[:n]


def etc_hosts(nodes, ip_attr="eth_ip", extra=None):
    out = ["127.0.0.1\tlocalhost", "::1\tlocalhost ip6-localhost ip6-loopback", ""]
    for n in nodes:
        out.append(f"{getattr(n, ip_attr)}\t{n.name}")
    if extra:
        out += extra
    return out


# --------------------------------------------------------------------------
# training-loop chatter
# --------------------------------------------------------------------------

def step_lines(rng, t0, step0, n_steps, step_time, every, fmt, jitter=0.03, loss0=2.6, loss_slope=-0.00002,
               t_stop=None, extra=None):
    """Progress lines (t, text) from step0 for n_steps logging every `every` steps.

    fmt: callable(t, step, loss, st, dict) -> str
    """
    out = []
    t = t0
    loss = loss0
    for s in range(step0, step0 + n_steps):
        st = step_time * (1 + rng.uniform(-jitter, jitter))
        if extra:
            st = extra(s, st)
        t = t + sec(st)
        if t_stop is not None and t >= t_stop:
            break
        loss = max(0.9, loss + loss_slope + rng.uniform(-0.02, 0.02))
        if (s + 1) % every == 0:
            out.append((t, fmt(t, s + 1, loss, st, {})))
    return out, t


def loss_noise(rng, base):
    return base + rng.uniform(-0.05, 0.05)


# --------------------------------------------------------------------------
# job-level building blocks
# --------------------------------------------------------------------------

STAR = "*****************************************"
OMP = ("Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your "
       "system being overloaded, please further tune the variable for optimal performance in your "
       "application as needed. ")


def torchrun_banner(ctx: Ctx, node: Node, t):
    if ctx.tv < (2, 1):
        return [(t, f"WARNING:torch.distributed.run:\n{STAR}\n{OMP}\n{STAR}")]
    if ctx.tv < (2, 2):
        p = f_pylog(t, ctx.tz)
        return [(t, f"[{p}] torch.distributed.run: [WARNING] \n[{p}] torch.distributed.run: [WARNING] {STAR}\n"
                    f"[{p}] torch.distributed.run: [WARNING] {OMP}\n[{p}] torch.distributed.run: [WARNING] {STAR}")]
    tid = ctx.agent_tid(node)
    ln = 793 if ctx.tv < (2, 5) else 792
    lt = local(t, ctx.tz)
    g = lambda: f_glog_py(lt, "W", tid, f"torch/distributed/run.py:{ln}")  # noqa: E731
    return [(t, f"{g()} \n{g()} {STAR}\n{g()} {OMP}\n{g()} {STAR}")]


def flood(ctx: Ctx, node: Node, t_first, seq, op="ALLREDUCE", numel=1, frames_for=1, skip=(), spread=0.9,
          fr_dump=False, fr_from=None, last_enq=None, last_comp=None, stack=None):
    """Every local rank of `node` hits the watchdog timeout around t_first."""
    r = ctx.rng
    items, times = [], {}
    k = 0
    for lr in range(node.gpus):
        if lr in skip:
            continue
        t = t_first + sec(r.uniform(0, spread))
        times[lr] = t
        items += ctx.watchdog_timeout(node.rank(lr), t, seq, op, numel, frames=(k < frames_for), fr_dump=fr_dump,
                                      fr_from=fr_from, last_enq=last_enq, last_comp=last_comp,
                                      stack=stack if k < frames_for else None)
        k += 1
    return items, times


def teardown(ctx: Ctx, node: Node, failures, script, t_agent=None, tz_hours=0, sigterm=True, extra_tb=None):
    """failures: list of (lr, exitcode, t[, traceback[, error_file]]). Agent SIGTERMs the rest and raises."""
    r = ctx.rng
    fs = sorted(failures, key=lambda f: f[2])
    first_t = fs[0][2]
    t = t_agent or first_t + sec(r.uniform(0.3, 4.5))
    out = []
    failed_lrs = {f[0] for f in fs}
    if sigterm:
        out += ctx.sigterm_lines(node, t, skip_lrs=failed_lrs)
    t2 = t + sec(r.uniform(0.4, 2.5))
    out.append(ctx.failed_line(node, t2, fs[0][0], fs[0][1]))
    fl = []
    for f in fs:
        d = {"lr": f[0], "exitcode": f[1], "t": f[2]}
        if len(f) > 3 and f[3]:
            d["traceback"] = f[3]
        if len(f) > 4 and f[4]:
            d["error_file"] = f[4]
        fl.append(d)
    out.append((t2 + sec(0.05), ctx.child_failed(node, script, fl, tz_hours=tz_hours)))
    return out, t2


def prefixed(items, fn):
    """Apply a per-line prefix fn(t, line) to every line of every block."""
    out = []
    idx = getattr(fn, "indexed", False)
    for t, text in items:
        if idx:
            out.append((t, "\n".join(fn(t, ln, i) for i, ln in enumerate(text.split("\n")))))
        else:
            out.append((t, "\n".join(fn(t, ln) for ln in text.split("\n"))))
    return out


def k8s_prefix(rng):
    def f(t, ln, i):
        return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond:06d}{min(i, 999):03d}Z {ln}"
    f.indexed = True
    return f


def srun_prefix(task):
    return lambda t, ln: f"{task}: {ln}"


# ---- progress formats -----------------------------------------------------

def fmt_pylog(name="train", tz=0, rank_tag=None):
    def f(t, step, loss, st, d):
        tag = f" [{rank_tag}]" if rank_tag else ""
        return (f"{f_pylog(t, tz)} INFO{tag} {name}: step={step} loss={loss:.4f} lr={d.get('lr', 3.0e-4):.2e} "
                f"grad_norm={d.get('gn', 0.9):.3f} step_time={st:.3f}s tok/s/gpu={int(d.get('tps', 3400))}")
    return f


def fmt_megatron(total, gbs, lr=3.0e-4):
    def f(t, step, loss, st, d):
        return (f" [{t:%Y-%m-%d %H:%M:%S}] iteration {step:>8d}/{total:>8d} | consumed samples: {step * gbs:>12d} | "
                f"elapsed time per iteration (ms): {st * 1000:.1f} | learning rate: {d.get('lr', lr):.6E} | "
                f"global batch size: {gbs:>5d} | lm loss: {loss:.6E} | loss scale: 1.0 | grad norm: {d.get('gn', 0.9):.3f} | "
                f"number of skipped iterations:   0 | number of nan iterations:   0 |")
    return f


def fmt_titan(tz=0):
    def f(t, step, loss, st, d):
        return (f"[titan] {f_pylog(t, tz)} - root - INFO - step: {step:5d}  loss: {loss:7.4f}  memory: {d.get('mem', 61.4):5.2f}GiB"
                f"({d.get('memp', 77.6):.2f}%)  tps: {int(d.get('tps', 3400)):,}  tflops: {d.get('tfl', 411.2):.2f}  mfu: {d.get('mfu', 41.6):.2f}%")
    return f


def progress(rng, t0, step0, t_end, step_time, every, fmt, loss0=2.4, slope=-0.00003, jitter=0.04, tweak=None):
    """Progress lines until t_end. tweak(step, dict, st) can alter values / step time. Returns (items, last_step, t)."""
    out = []
    t = t0
    loss = loss0
    s = step0
    while True:
        st = step_time * (1 + rng.uniform(-jitter, jitter))
        d = {"lr": 3.0e-4, "gn": rng.uniform(0.55, 1.2), "tps": 3400 * step_time / st,
             "mem": 61.4 + rng.uniform(-0.3, 0.3), "memp": 77.6, "tfl": 411.0 * step_time / st,
             "mfu": 41.6 * step_time / st}
        if tweak:
            st = tweak(s + 1, d, st)
        if t + sec(st) >= t_end:
            break
        t = t + sec(st)
        s += 1
        loss = max(1.1, loss + slope + rng.uniform(-0.015, 0.015))
        if "loss" in d:
            loss_out = d["loss"]
        else:
            loss_out = loss
        if s % every == 0:
            out.append((t, fmt(t, s, loss_out, st, d)))
    return out, s, t


# ---- slurm ------------------------------------------------------------------

def slurm_header(job_id, nodes, t, tz=0, partition="gpu", extra=None):
    lines = [f"SLURM_JOB_ID={job_id}",
             f"SLURM_JOB_NODELIST={compress_nodelist([n.name for n in nodes])}",
             f"SLURM_NNODES={len(nodes)}",
             f"SLURM_JOB_PARTITION={partition}",
             f"start: {f_slurm_time(t, tz)}",
             f"MASTER_ADDR={nodes[0].name} MASTER_PORT=29500"]
    if extra:
        lines += extra
    return "\n".join(lines)


def compress_nodelist(names):
    # gpu-a01,gpu-a02 -> keep it simple but slurm-looking: prefix[list]
    import re
    groups = {}
    order = []
    for n in names:
        m = re.match(r"^(.*?)(\d+)$", n)
        if not m:
            groups.setdefault(n, None)
            order.append(n)
            continue
        p, d = m.group(1), m.group(2)
        if p not in groups:
            groups[p] = []
            order.append(p)
        groups[p].append(d)
    parts = []
    for p in order:
        if groups[p] is None:
            parts.append(p)
        elif len(groups[p]) == 1:
            parts.append(p + groups[p][0])
        else:
            parts.append(p + "[" + ",".join(groups[p]) + "]")
    return ",".join(parts)


# ---- kubernetes -------------------------------------------------------------

def kubectl_get_pods(rows, t):
    """rows: (name, ready, status, restarts, age, ip, node)."""
    hdr = ("NAME", "READY", "STATUS", "RESTARTS", "AGE", "IP", "NODE", "NOMINATED NODE", "READINESS GATES")
    full = [list(r) + ["<none>", "<none>"] for r in rows]
    widths = [max(len(str(x[k])) for x in [hdr] + full) + 3 for k in range(len(hdr))]
    out = ["".join(f"{str(h):<{widths[k]}}" for k, h in enumerate(hdr)).rstrip()]
    for r in full:
        out.append("".join(f"{str(x):<{widths[k]}}" for k, x in enumerate(r)).rstrip())
    return out


def kubectl_describe_pod(name, ns, node_name, node_ip, pod_ip, image, image_id, started, finished, exit_code,
                         reason, restarts, events, job="llm-pretrain", replica="worker", index=0, state="Terminated",
                         limits=None):
    lim = limits or {"cpu": "96", "memory": "1600Gi", "nvidia.com/gpu": "8", "rdma/ib": "8"}
    out = [f"Name:             {name}",
           f"Namespace:        {ns}",
           "Priority:         1000",
           "Priority Class Name:  training-high",
           f"Node:             {node_name}/{node_ip}",
           f"Start Time:       {started:%a, %d %b %Y %H:%M:%S} +0000",
           f"Labels:           training.kubeflow.org/job-name={job}",
           "                  training.kubeflow.org/operator-name=pytorchjob-controller",
           f"                  training.kubeflow.org/replica-index={index}",
           f"                  training.kubeflow.org/replica-type={replica}",
           f"Status:           {'Failed' if state == 'Terminated' and exit_code else 'Running'}",
           f"IP:               {pod_ip}",
           "Controlled By:  PyTorchJob/" + job,
           "Containers:",
           "  pytorch:",
           f"    Image:         {image}",
           f"    Image ID:      {image_id}",
           "    Port:          23456/TCP",
           f"    State:          {state}"]
    if state == "Terminated":
        out += [f"      Reason:       {reason}",
                f"      Exit Code:    {exit_code}",
                f"      Started:      {started:%a, %d %b %Y %H:%M:%S} +0000",
                f"      Finished:     {finished:%a, %d %b %Y %H:%M:%S} +0000"]
    else:
        out += [f"      Started:      {started:%a, %d %b %Y %H:%M:%S} +0000"]
    out += [f"    Ready:          {'False' if state == 'Terminated' else 'True'}",
            f"    Restart Count:  {restarts}",
            "    Limits:"]
    for k, v in lim.items():
        out.append(f"      {k + ':':<17}{v}")
    out += ["    Environment:",
            "      PYTHONUNBUFFERED:        1",
            "      NCCL_DEBUG:              INFO",
            "      TORCH_NCCL_ASYNC_ERROR_HANDLING: 1",
            "Events:",
            "  Type     Reason     Age   From               Message",
            "  ----     ------     ----  ----               -------"]
    for typ, rsn, age, frm, msg in events:
        out.append(f"  {typ:<9}{rsn:<11}{age:<6}{frm:<19}{msg}")
    return out


# ---- global step schedule ----------------------------------------------------

def schedule(rng, t0, step0, t_end, step_time, jitter=0.04, tweak=None, loss0=2.4, slope=-3e-5, max_step=None):
    """One shared step timeline for a job: list of (t_end_of_step, step, step_time, d)."""
    out = []
    t = t0
    s = step0
    loss = loss0
    while True:
        st = step_time * (1 + rng.uniform(-jitter, jitter))
        loss = max(1.1, loss + slope + rng.uniform(-0.012, 0.012))
        d = {"lr": 3.0e-4, "gn": rng.uniform(0.55, 1.2), "mem": 61.4 + rng.uniform(-0.3, 0.3), "memp": 77.6,
             "loss": loss, "data": rng.uniform(0.004, 0.03)}
        if tweak:
            st = tweak(s + 1, d, st)
        d["tps"] = 3400 * step_time / st
        d["tfl"] = 411.0 * step_time / st
        d["mfu"] = 41.6 * step_time / st
        if t + sec(st) >= t_end:
            break
        t = t + sec(st)
        s += 1
        out.append((t, s, st, d))
        if max_step is not None and s >= max_step:
            break
    return out


def render_sched(sched, every, fmt, offset=0.0, since=None):
    out = []
    for t, s, st, d in sched:
        if s % every:
            continue
        if since is not None and t < since:
            continue
        tt = t + sec(offset)
        out.append((tt, fmt(tt, s, d["loss"], st, d)))
    return out


def step_at(sched, t):
    last = None
    for ts, s, st, d in sched:
        if ts > t:
            break
        last = (ts, s)
    return last
