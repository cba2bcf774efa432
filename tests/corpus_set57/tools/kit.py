"""Shared helpers for corpus set 57 (prefix bb): timestamp formats and real log shapes.

Stdlib only, deterministic: every random choice goes through a seeded random.Random.
"""
from __future__ import annotations

import datetime as dt
import math
import random
import textwrap

UTC = dt.timezone.utc


def tz(hours: float, name: str | None = None) -> dt.timezone:
    return dt.timezone(dt.timedelta(hours=hours), name) if name else dt.timezone(dt.timedelta(hours=hours))


def T(y, mo, d, h, mi, s=0, us=0, tzinfo=UTC) -> dt.datetime:
    return dt.datetime(y, mo, d, h, mi, s, us, tzinfo=tzinfo)


def sec(x: float) -> dt.timedelta:
    return dt.timedelta(seconds=x)


# ---------------------------------------------------------------- timestamp formats
def f_dmesg_T(t: dt.datetime) -> str:
    return f"[{t:%a %b} {t.day:2d} {t:%H:%M:%S %Y}]"


def f_uptime(t: dt.datetime, boot: dt.datetime) -> str:
    return f"[{(t - boot).total_seconds():12.6f}]"


def f_syslog(t: dt.datetime, host: str) -> str:
    return f"{t:%b} {t.day:2d} {t:%H:%M:%S} {host}"


def f_iso(t: dt.datetime) -> str:
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + f"{t.microsecond:06d}" + t.strftime("%z")


def f_glog(t: dt.datetime, lvl: str = "E") -> str:
    return f"{lvl}{t:%m%d %H:%M:%S}.{t.microsecond:06d}"


def f_torch_ts(t: dt.datetime) -> str:
    return f"{t:%m%d %H:%M:%S}.{t.microsecond:06d}000"


def f_py(t: dt.datetime) -> str:
    return f"{t:%Y-%m-%d %H:%M:%S},{t.microsecond // 1000:03d}"


def f_epoch(t: dt.datetime) -> str:
    return f"{t.timestamp():.3f}"


# ---------------------------------------------------------------- event log
class Log:
    """Collect (time, text) events and render them in time order."""

    def __init__(self) -> None:
        self.ev: list[tuple[dt.datetime, int, str]] = []
        self.n = 0

    def add(self, t: dt.datetime, text: str) -> "Log":
        for line in text.split("\n"):
            self.ev.append((t, self.n, line))
            self.n += 1
        return self

    def extend(self, items) -> "Log":
        for t, text in items:
            self.add(t, text)
        return self

    def render(self) -> str:
        return "\n".join(x[2] for x in sorted(self.ev, key=lambda e: (e[0], e[1]))) + "\n"


# ---------------------------------------------------------------- job model
class Job:
    def __init__(self, rng: random.Random, hosts, gpn=8, start=None, ltz=UTC, script="train.py",
                 nccl="2.21.5", cuda="12.4", torch="2.4.1", ip_base="10.42.0.", hca=None,
                 bus_ids=None):
        self.rng = rng
        self.hosts = list(hosts)
        self.gpn = gpn
        self.start = start
        self.ltz = ltz
        self.script = script
        self.nccl = nccl
        self.cuda = cuda
        self.torch = torch
        self.ips = [f"{ip_base}{11 + i * 3}" for i in range(len(self.hosts))]
        self.hca = hca or [f"mlx5_{i}" for i in range(gpn)]
        self.bus = bus_ids or ["18", "2a", "3a", "5d", "9a", "ab", "ba", "db"][:gpn]
        self.pids = [[b + l for l in range(gpn)] for b in [rng.randint(20000, 60000) for _ in self.hosts]]
        self.comm_id = "0x%016x" % rng.getrandbits(64)

    @property
    def world(self) -> int:
        return len(self.hosts) * self.gpn

    def g(self, ni: int, lr: int) -> int:
        return ni * self.gpn + lr

    def loc(self, t: dt.datetime) -> dt.datetime:
        return t.astimezone(self.ltz)

    def pfx(self, lr: int) -> str:
        return f"[default{lr}]:"

    # -- NCCL init chatter ------------------------------------------------
    def nccl_init(self, ni: int, t0: dt.datetime, full_ranks=(0,)) -> list:
        h, ip = self.hosts[ni], self.ips[ni]
        out = []
        for lr in range(self.gpn):
            pid = self.pids[ni][lr]
            g = self.g(ni, lr)
            p = self.pfx(lr)
            t = t0 + sec(0.05 * lr)
            if lr in full_ranks:
                if g == 0:
                    out.append((t, f"{p}{h}:{pid}:{pid} [{lr}] NCCL INFO Bootstrap : Using eth0:{ip}<0>"))
                out.append((t, f"{p}{h}:{pid}:{pid} [{lr}] NCCL INFO NET/Plugin: No plugin found (libnccl-net.so), using internal implementation"))
                if g == 0:
                    out.append((t, f"{p}{h}:{pid}:{pid} [{lr}] NCCL INFO cudaDriverVersion 12040"))
                    out.append((t, f"{p}NCCL version {self.nccl}+cuda{self.cuda}"))
                devs = " ".join(f"[{i}]{d}:1/IB" for i, d in enumerate(self.hca))
                out.append((t, f"{p}{h}:{pid}:{pid + 100} [{lr}] NCCL INFO NET/IB : Using {devs} [RO]; OOB eth0:{ip}<0>"))
                out.append((t, f"{p}{h}:{pid}:{pid + 100} [{lr}] NCCL INFO Using non-device net plugin version 0"))
                out.append((t, f"{p}{h}:{pid}:{pid + 100} [{lr}] NCCL INFO Using network IB"))
            cid = self.comm_id
            out.append((t + sec(2.1), f"{p}{h}:{pid}:{pid + 100} [{lr}] NCCL INFO comm 0x{0x55d4c3a0 + 0x1000 * lr:x} rank {g} nranks {self.world} cudaDev {lr} nvmlDev {lr} busId {self.bus[lr]}000 commId {cid} - Init COMPLETE"))
        return out

    def steps(self, ni: int, t0: dt.datetime, first: int, last: int, step_s: float, every=10,
              loss0=2.9, jitter=0.02, slow=None, tok=None) -> list:
        """Step log lines printed by local rank 0 of node ni (usually global rank 0)."""
        out = []
        t = t0
        loss = loss0
        for s in range(first, last + 1):
            st = step_s * (1 + self.rng.uniform(-jitter, jitter))
            if slow:
                st *= slow(s)
            t = t + sec(st)
            loss = 1.85 + (loss0 - 1.85) * math.exp(-s / 4000.0) + self.rng.uniform(-0.03, 0.03)
            if s % every == 0:
                tk = tok or int(4096 * 8 * self.world / step_s)
                tps = int(tk * step_s / st)
                out.append((t, f"{self.pfx(0)}[rank{self.g(ni, 0)}]: step {s:6d} | loss {loss:.4f} | lr 2.994e-04 | grad_norm {self.rng.uniform(0.6, 1.1):.3f} | step_time {st:.2f}s | tok/s {tps}"))
        return out

    # -- failure texts ---------------------------------------------------
    def watchdog_timeout(self, ni, lr, t, seq, op="ALLREDUCE", numel=268435456, timeout_ms=600000,
                         style="new") -> str:
        g = self.g(ni, lr)
        p = self.pfx(lr)
        tl = self.loc(t)
        ran = timeout_ms + self.rng.randint(5, 90)
        work = f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms})"
        lines = [
            f"{p}[rank{g}]:[E{f_torch_ts(tl)} ProcessGroupNCCL.cpp:616] [Rank {g}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
            f"{p}[rank{g}]:[E{f_torch_ts(tl + sec(0.0004))} ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.",
            f"{p}[rank{g}]:[E{f_torch_ts(tl + sec(0.0005))} ProcessGroupNCCL.cpp:630] [Rank {g}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            f"{p}[rank{g}]:[E{f_torch_ts(tl + sec(0.0006))} ProcessGroupNCCL.cpp:636] [Rank {g}] To avoid data inconsistency, we are taking the entire process down.",
            f"{p}[rank{g}]:[E{f_torch_ts(tl + sec(0.003))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Process group watchdog thread terminated with exception: [Rank {g}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
            f"{p}Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:618 (most recent call first):",
            f"{p}frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x7f3a1c8b9f86 in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
            f"{p}frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x7f39d6a9c8d2 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            f"{p}frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x7f39d6aa3b03 in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            f"{p}frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x14d (0x7f39d6aa5a8d in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
            f"{p}frame #4: <unknown function> + 0xdc253 (0x7f3a1c5b0253 in /lib/x86_64-linux-gnu/libstdc++.so.6)",
            f"{p}frame #5: <unknown function> + 0x94ac3 (0x7f3a1d9e5ac3 in /lib/x86_64-linux-gnu/libc.so.6)",
            f"{p}frame #6: <unknown function> + 0x126850 (0x7f3a1da77850 in /lib/x86_64-linux-gnu/libc.so.6)",
            f"{p}",
            f"{p}terminate called after throwing an instance of 'c10::DistBackendError'",
        ]
        return "\n".join(lines)

    def nccl_remote_error(self, ni, lr, t, peer_ni, kind="ib", seq=None) -> str:
        """A healthy rank whose connection to a dead peer errors out (accuser)."""
        h = self.hosts[ni]
        pid = self.pids[ni][lr]
        p = self.pfx(lr)
        g = self.g(ni, lr)
        pip = self.ips[peer_ni]
        port = self.rng.randint(33000, 61000)
        tl = self.loc(t)
        if kind == "ib":
            first = f"{p}{h}:{pid}:{pid + 131} [{lr}] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from peer {pip}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{self.ips[ni]} remoteGids::ffff:{pip}"
        else:
            first = f"{p}{h}:{pid}:{pid + 131} [{lr}] misc/socket.cc:50 NCCL WARN socketProgress: Connection closed by remote peer {self.hosts[peer_ni]}.cluster.local<{port}>"
        lines = [
            first,
            f"{p}{h}:{pid}:{pid + 131} [{lr}] NCCL INFO transport/net.cc:1302 -> 6",
            f"{p}{h}:{pid}:{pid + 131} [{lr}] NCCL INFO proxy.cc:698 -> 6",
            f"{p}{h}:{pid}:{pid + 131} [{lr}] NCCL INFO proxy.cc:878 -> 6 [Progress Thread]",
            f"{p}[rank{g}]:[E{f_torch_ts(tl + sec(0.4))} ProcessGroupNCCL.cpp:1785] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Exception (either an error or timeout) detected by watchdog at work: {seq or 48213}, last enqueued NCCL work: {seq or 48213}, last completed NCCL work: {(seq or 48213) - 1}.",
            f"{p}[rank{g}]:[E{f_torch_ts(tl + sec(0.41))} ProcessGroupNCCL.cpp:630] [Rank {g}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
            f"{p}[rank{g}]:[E{f_torch_ts(tl + sec(0.42))} ProcessGroupNCCL.cpp:1595] [PG ID 0 PG GUID 0(default_pg) Rank {g}] Process group watchdog thread terminated with exception: NCCL error: remote process exited or there was a network error, NCCL version {self.nccl}",
            f"{p}ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.",
            f"{p}Last error:",
            f"{p}NET/IB : Got completion from peer {pip}<{port}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{self.ips[ni]} remoteGids::ffff:{pip}" if kind == "ib" else f"{p}socketProgress: Connection closed by remote peer {self.hosts[peer_ni]}.cluster.local<{port}>",
            f"{p}terminate called after throwing an instance of 'c10::DistBackendError'",
        ]
        return "\n".join(lines)

    def cuda_error(self, ni, lr, t, msg, where="loss.backward()", api="CUDA", file_line=None) -> str:
        p = self.pfx(lr)
        g = self.g(ni, lr)
        fl = file_line or ('/workspace/train.py", line 412, in train_step', where)
        return "\n".join([
            f"{p}[rank{g}]: Traceback (most recent call last):",
            f'{p}[rank{g}]:   File "/workspace/{self.script}", line 688, in <module>',
            f"{p}[rank{g}]:     main()",
            f'{p}[rank{g}]:   File "/workspace/{self.script}", line 651, in main',
            f"{p}[rank{g}]:     metrics = train_step(model, batch, optimizer, scaler)",
            f'{p}[rank{g}]:   File "{fl[0]}',
            f"{p}[rank{g}]:     {fl[1]}",
            f"{p}[rank{g}]: RuntimeError: {api} error: {msg}",
            f"{p}[rank{g}]: CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
            f"{p}[rank{g}]: For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
            f"{p}[rank{g}]: Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.",
            f"{p}[rank{g}]:",
        ])

    def agent_lines(self, ni, t, failed_lr, exitcode=-6, style="new", sigterm=True) -> list:
        out = []
        pids = self.pids[ni]
        if sigterm:
            for lr in range(self.gpn):
                if lr == failed_lr:
                    continue
                tt = t + sec(0.002 * lr)
                if style == "new":
                    out.append((tt, f"W{f_torch_ts(self.loc(tt))[:-3]} {pids[0] - 7} torch/distributed/elastic/multiprocessing/api.py:897] Sending process {pids[lr]} closing signal SIGTERM"))
                else:
                    out.append((tt, f"[{f_py(self.loc(tt))}] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process {pids[lr]} closing signal SIGTERM"))
        tt = t + sec(1.8)
        if style == "new":
            out.append((tt, f"E{f_torch_ts(self.loc(tt))[:-3]} {pids[0] - 7} torch/distributed/elastic/multiprocessing/api.py:869] failed (exitcode: {exitcode}) local_rank: {failed_lr} (pid: {pids[failed_lr]}) of binary: /usr/bin/python3"))
        else:
            out.append((tt, f"[{f_py(self.loc(tt))}] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: {exitcode}) local_rank: {failed_lr} (pid: {pids[failed_lr]}) of binary: /usr/bin/python3"))
        return out

    def child_failed(self, ni, t, failures, root) -> str:
        """failures: list of (t, lr, exitcode, traceback_text); root: index into failures."""
        h = self.hosts[ni]

        def blk(i, f):
            ft, lr, ec, tb = f
            return [f"[{i}]:",
                    f"  time      : {self.loc(ft):%Y-%m-%d_%H:%M:%S}",
                    f"  host      : {h}",
                    f"  rank      : {self.g(ni, lr)} (local_rank: {lr})",
                    f"  exitcode  : {ec} (pid: {self.pids[ni][lr]})",
                    f"  error_file: <N/A>",
                    f"  traceback : {tb}"]
        lines = ["Traceback (most recent call last):",
                 '  File "/usr/local/bin/torchrun", line 8, in <module>',
                 "    sys.exit(main())",
                 '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper',
                 "    return f(*args, **kwargs)",
                 '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 901, in main',
                 "    run(args)",
                 '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 263, in launch_agent',
                 "    raise ChildFailedError(",
                 "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
                 "============================================================",
                 f"{self.script} FAILED",
                 "------------------------------------------------------------",
                 "Failures:"]
        others = [f for i, f in enumerate(failures) if i != root]
        if not others:
            lines.append("  <NO_OTHER_FAILURES>")
        for i, f in enumerate(others, 1):
            lines += blk(i, f)
        lines += ["------------------------------------------------------------",
                  "Root Cause (first observed failure):"]
        lines += blk(0, failures[root])
        lines.append("============================================================")
        return "\n".join(lines)


def sig(n: int) -> str:
    names = {6: "SIGABRT", 7: "SIGBUS", 9: "SIGKILL", 11: "SIGSEGV", 15: "SIGTERM"}
    return f"Signal {n} ({names[n]}) received by PID"


# ---------------------------------------------------------------- Xid texts (driver wording)
def xid(bus: str, code: int, pid=None, name=None, tail: str = "") -> str:
    who = f"pid={pid}, name={name}, " if pid else "pid='<unknown>', name=<unknown>, "
    return f"NVRM: Xid (PCI:0000:{bus}:00): {code}, {who}{tail}"


XID_TEXT = {
    13: "Graphics SM Warp Exception on (GPC {gpc}, TPC {tpc}, SM {sm}): Out Of Range Address",
    31: "Ch {ch:08x}, intr 10000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_{c} faulted @ 0x{va}. Fault is of type FAULT_PDE ACCESS_TYPE_VIRT_READ",
    43: "Ch {ch:08x}",
    45: "Ch {ch:08x}",
    48: "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition {part}, subpartition {sub}.",
    61: "0cec({a:04x}) 00000000 00000000",
    62: "0000({a:04x}) 0000{b:04x} 00000000",
    63: "Row Remapper: New row (0x{row:016x}) marked for remapping, reset gpu to activate.",
    64: "Row Remapper Error: row (0x{row:016x}) could not be remapped, all spare rows in bank {bank} are in use.",
    74: "NVLink: fatal error detected on link {link}(0x{r0:x}, 0x0, 0x0, 0x0, 0x0, 0x0, 0x0)",
    79: "GPU has fallen off the bus.",
    92: "High single-bit ECC error rate",
    94: "Contained ECC error.",
    95: "Uncontained ECC error.",
    119: "Timeout waiting for RPC from GSP! Expected function {fn} ({fname}) (0x{a:x} 0x{b:x}).",
    120: "GSP Error: Task 1 raised error code 0x{code:x} for reason 0x0 at 0x{pc:x} (0 more errors skipped)",
    140: "An uncorrectable ECC error was detected that could not be handled by dynamic page offlining or row remapping.",
    154: "GPU recovery action changed from 0x0 (None) to 0x{act:x} ({actname})",
}


def xid_line(bus, xcode, pid=None, name=None, **kw) -> str:
    return xid(bus, xcode, pid, name, XID_TEXT[xcode].format(**kw))


# ---------------------------------------------------------------- nvidia-smi -q
GPU_NAMES = {"h100": "NVIDIA H100 80GB HBM3", "a100": "NVIDIA A100-SXM4-80GB", "h200": "NVIDIA H200",
             "b200": "NVIDIA B200", "gb200": "NVIDIA GB200"}


def nvsmi_q(ts: dt.datetime, driver: str, cuda: str, gpus: list, model="h100") -> str:
    """gpus: list of dicts with optional keys: bus, uuid, temp, clk, pwr, thr(dict), ecc(dict), remap(dict),
    link(gen,width), fabric, recovery, pstate"""
    out = ["", "==============NVSMI LOG==============", "",
           f"Timestamp                                 : {ts:%a %b %d %H:%M:%S %Y}",
           f"Driver Version                            : {driver}",
           f"CUDA Version                              : {cuda}", "",
           f"Attached GPUs                             : {len(gpus)}"]
    for i, g in enumerate(gpus):
        thr = {"idle": "Not Active", "app": "Not Active", "swpc": "Not Active", "hw": "Not Active",
               "hwt": "Not Active", "hwpb": "Not Active", "sync": "Not Active", "swt": "Not Active"}
        thr.update(g.get("thr", {}))
        ecc = {"v_sram_c": 0, "v_sram_u": 0, "v_dram_c": 0, "v_dram_u": 0,
               "a_sram_c": 0, "a_sram_u": 0, "a_dram_c": 0, "a_dram_u": 0}
        ecc.update(g.get("ecc", {}))
        rm = {"c": 0, "u": 0, "pending": "No", "fail": "No", "max": 640, "high": 0, "partial": 0, "low": 0, "none": 0}
        rm.update(g.get("remap", {}))
        gen, width = g.get("link", (5, 16))
        out += ["", f"GPU 00000000:{g['bus'].upper()}:00.0",
                f"    Product Name                          : {GPU_NAMES[model]}",
                f"    Persistence Mode                      : Enabled",
                f"    GPU UUID                              : {g['uuid']}",
                f"    Minor Number                          : {i}",
                f"    GPU Reset Status",
                f"        Reset Required                    : {g.get('reset_req', 'No')}",
                f"        Drain and Reset Recommended       : {g.get('drain', 'No')}",
                f"    GPU Recovery Action                   : {g.get('recovery', 'None')}",
                f"    Fabric",
                f"        State                             : {g.get('fabric', ('Completed', 'Success'))[0]}",
                f"        Status                            : {g.get('fabric', ('Completed', 'Success'))[1]}",
                f"    PCI",
                f"        Bus Id                            : 00000000:{g['bus'].upper()}:00.0",
                f"        GPU Link Info",
                f"            PCIe Generation",
                f"                Max                       : 5",
                f"                Current                   : {gen}",
                f"            Link Width",
                f"                Max                       : 16x",
                f"                Current                   : {width}x",
                f"        Replays Since Reset               : {g.get('replays', 0)}",
                f"        Replay Number Rollovers           : 0",
                f"    Performance State                     : {g.get('pstate', 'P0')}",
                f"    Clocks Event Reasons",
                f"        Idle                              : {thr['idle']}",
                f"        Applications Clocks Setting       : {thr['app']}",
                f"        SW Power Cap                      : {thr['swpc']}",
                f"        HW Slowdown                       : {thr['hw']}",
                f"            HW Thermal Slowdown           : {thr['hwt']}",
                f"            HW Power Brake Slowdown       : {thr['hwpb']}",
                f"        Sync Boost                        : {thr['sync']}",
                f"        SW Thermal Slowdown               : {thr['swt']}",
                f"        Display Clock Setting             : Not Active",
                f"    ECC Mode",
                f"        Current                           : Enabled",
                f"        Pending                           : Enabled",
                f"    ECC Errors",
                f"        Volatile",
                f"            SRAM Correctable              : {ecc['v_sram_c']}",
                f"            SRAM Uncorrectable Parity     : 0",
                f"            SRAM Uncorrectable SEC-DED    : {ecc['v_sram_u']}",
                f"            DRAM Correctable              : {ecc['v_dram_c']}",
                f"            DRAM Uncorrectable            : {ecc['v_dram_u']}",
                f"        Aggregate",
                f"            SRAM Correctable              : {ecc['a_sram_c']}",
                f"            SRAM Uncorrectable Parity     : 0",
                f"            SRAM Uncorrectable SEC-DED    : {ecc['a_sram_u']}",
                f"            DRAM Correctable              : {ecc['a_dram_c']}",
                f"            DRAM Uncorrectable            : {ecc['a_dram_u']}",
                f"    Retired Pages",
                f"        Single Bit ECC                    : N/A",
                f"        Double Bit ECC                    : N/A",
                f"        Pending Page Blacklist            : N/A",
                f"    Remapped Rows",
                f"        Correctable Error                 : {rm['c']}",
                f"        Uncorrectable Error               : {rm['u']}",
                f"        Pending                           : {rm['pending']}",
                f"        Remapping Failure Occurred        : {rm['fail']}",
                f"        Bank Remap Availability Histogram",
                f"            Max                           : {rm['max']} bank(s)",
                f"            High                          : {rm['high']} bank(s)",
                f"            Partial                       : {rm['partial']} bank(s)",
                f"            Low                           : {rm['low']} bank(s)",
                f"            None                          : {rm['none']} bank(s)",
                f"    Temperature",
                f"        GPU Current Temp                  : {g.get('temp', 41)} C",
                f"        GPU T.Limit Temp                  : {g.get('tlimit', 44)} C",
                f"        GPU Shutdown Temp                 : 92 C",
                f"        GPU Slowdown Temp                 : 89 C",
                f"        GPU Max Operating Temp            : 87 C",
                f"        Memory Current Temp               : {g.get('mtemp', 48)} C",
                f"    GPU Power Readings",
                f"        Power Draw                        : {g.get('pwr', 612.4):.2f} W",
                f"        Current Power Limit               : {g.get('plimit', 700.0):.2f} W",
                f"    Clocks",
                f"        Graphics                          : {g.get('clk', 1980)} MHz",
                f"        SM                                : {g.get('clk', 1980)} MHz",
                f"        Memory                            : 2619 MHz"]
    return "\n".join(out) + "\n"


def uuid(rng: random.Random) -> str:
    h = "%032x" % rng.getrandbits(128)
    return f"GPU-{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


def gpus(rng, bus_list, over=None) -> list:
    """Default healthy gpu dicts; over maps index -> dict of overrides."""
    out = []
    for i, b in enumerate(bus_list):
        d = {"bus": b, "uuid": uuid(rng), "temp": rng.randint(38, 55), "pwr": rng.uniform(520, 690),
             "clk": 1980}
        d.update((over or {}).get(i, {}))
        out.append(d)
    return out


# ---------------------------------------------------------------- dcgmi diag
def dcgmi_diag(level: int, dcgm="3.3.5", driver="535.161.08", ndev=8, dev_id="2330", fails=None) -> str:
    """fails: dict test-name -> (result, [detail lines])."""
    fails = fails or {}
    rows = [("-----  Metadata  ----------", None),
            ("DCGM Version", dcgm), ("Driver Version Detected", driver),
            ("GPU Device IDs Detected", ",".join([dev_id] * ndev)),
            ("-----  Deployment  --------", None)]
    for name in ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks",
                 "Persistence Mode", "Environment Variables", "Page Retirement/Row Remap",
                 "Graphics Processes", "Inforom"]:
        rows.append((name, fails.get(name, ("Pass", []))))
    if level >= 2:
        rows.append(("+-----  Integration  -------", None))
        rows.append(("PCIe", fails.get("PCIe", ("Pass - All", []))))
        rows.append(("+-----  Hardware  ----------", None))
        rows.append(("GPU Memory", fails.get("GPU Memory", ("Pass - All", []))))
    if level >= 3:
        rows.append(("Diagnostic", fails.get("Diagnostic", ("Pass - All", []))))
        rows.append(("+-----  Stress  ------------", None))
        for name in ["Targeted Stress", "Targeted Power", "Memory Bandwidth"]:
            rows.append((name, fails.get(name, ("Pass - All", []))))
    if level >= 4:
        rows.append(("Memtest", fails.get("Memtest", ("Pass - All", []))))
        rows.append(("Pulse Test", fails.get("Pulse Test", ("Pass - All", []))))
    w1, w2 = 27, 48
    out = ["Successfully ran diagnostic for group.",
           "+" + "-" * w1 + "+" + "-" * w2 + "+",
           f"| {'Diagnostic':<{w1 - 1}}| {'Result':<{w2 - 1}}|",
           "+" + "=" * w1 + "+" + "=" * w2 + "+"]
    for name, val in rows:
        if val is None:
            h = name if name.startswith("+") else "|" + name
            out.append(h + "+" + "-" * w2 + ("|" if not name.startswith("+") else "+"))
            continue
        if isinstance(val, str):
            out.append(f"| {name:<{w1 - 1}}| {val:<{w2 - 1}}|")
        else:
            res, details = val
            out.append(f"| {name:<{w1 - 1}}| {res:<{w2 - 1}}|")
            for d in details:
                for chunk in textwrap.wrap(d, w2 - 2):
                    out.append(f"| {'':<{w1 - 1}}| {chunk:<{w2 - 1}}|")
    out.append("+" + "-" * w1 + "+" + "-" * w2 + "+")
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------- InfiniBand
def ibstat(cas: list) -> str:
    """cas: list of (name, state, phys, rate, fw)"""
    out = []
    for i, (name, state, phys, rate, fw) in enumerate(cas):
        guid = 0x946dae0300a1b2c0 + i * 0x11
        out += [f"CA '{name}'",
                "\tCA type: MT4129",
                "\tNumber of ports: 1",
                f"\tFirmware version: {fw}",
                "\tHardware version: 0",
                f"\tNode GUID: 0x{guid:016x}",
                f"\tSystem image GUID: 0x{guid & ~0xff:016x}",
                "\tPort 1:",
                f"\t\tState: {state}",
                f"\t\tPhysical state: {phys}",
                f"\t\tRate: {rate}",
                f"\t\tBase lid: {0 if state == 'Down' else 100 + i}",
                "\t\tLMC: 0",
                "\t\tSM lid: 1",
                "\t\tCapability mask: 0xa651e848",
                f"\t\tPort GUID: 0x{guid:016x}",
                "\t\tLink layer: InfiniBand"]
    return "\n".join(out) + "\n"


def perfquery(lid: int, port=1, sym=0, ler=0, lpd=0, rcv=0, xmit_discard=0, xmit_wait=0) -> str:
    return "\n".join([
        f"# Port counters: Lid {lid} port {port} (CapMask: 0x5A00)",
        f"PortSelect:......................{port}",
        "CounterSelect:...................0x0000",
        f"SymbolErrorCounter:..............{sym}",
        f"LinkErrorRecoveryCounter:........{ler}",
        f"LinkDownedCounter:...............{lpd}",
        f"PortRcvErrors:...................{rcv}",
        "PortRcvRemotePhysicalErrors:.....0",
        "PortRcvSwitchRelayErrors:........0",
        f"PortXmitDiscards:................{xmit_discard}",
        "PortXmitConstraintErrors:........0",
        "PortRcvConstraintErrors:.........0",
        "CounterSelect2:..................0x00",
        "LocalLinkIntegrityErrors:........0",
        "ExcessiveBufferOverrunErrors:....0",
        "VL15Dropped:.....................0",
        f"PortXmitData:....................{4294967295}",
        f"PortRcvData:.....................{4294967295}",
        "PortXmitPkts:....................1873442211",
        "PortRcvPkts:.....................1873440907",
        f"PortXmitWait:....................{xmit_wait}",
    ]) + "\n"


# ---------------------------------------------------------------- Slurm
def sacct(rows) -> str:
    """rows: (jobid, name, partition, state, exitcode, start, end, nodelist)"""
    hdr = f"{'JobID':<16} {'JobName':<12} {'Partition':<10} {'State':<14} {'ExitCode':<8} {'Start':<19} {'End':<19} NodeList"
    out = [hdr, " ".join(["-" * 16, "-" * 12, "-" * 10, "-" * 14, "-" * 8, "-" * 19, "-" * 19, "-" * 24])]
    for r in rows:
        out.append(f"{r[0]:<16} {r[1]:<12} {r[2]:<10} {r[3]:<14} {r[4]:<8} {r[5]:<19} {r[6]:<19} {r[7]}")
    return "\n".join(out) + "\n"


def ipmi_sel(entries) -> str:
    """entries: (id, datetime, sensor, event, state)"""
    return "\n".join(f"{i:4x} | {t:%m/%d/%Y} | {t:%H:%M:%S} | {s} | {e} | {st}" for i, t, s, e, st in entries) + "\n"


# ---------------------------------------------------------------- torchrun launcher header
def launcher_header(job: Job, ni: int, t: dt.datetime, style="new") -> list:
    pid = job.pids[ni][0] - 7
    tl = job.loc(t)
    if style == "new":
        p = f"W{f_torch_ts(tl)[:-3]} {pid} torch/distributed/run.py:779] "
    else:
        p = f"[{f_py(tl)}] torch.distributed.run: [WARNING] "
    return [(t, p), (t, p + "*" * 41),
            (t, p + "Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. "),
            (t, p + "*" * 41)]


def base_log(job: Job, ni: int, t0: dt.datetime, steps=None, style="new", config_lines=()) -> Log:
    """Launcher header + NCCL init + (on node 0) config and step lines. steps=(t_first, first, last, step_s)."""
    L = Log()
    L.extend(launcher_header(job, ni, t0, style))
    if ni == 0:
        for i, c in enumerate(config_lines):
            L.add(t0 + sec(8 + 0.01 * i), f"{job.pfx(0)}[rank0]: {c}")
    L.extend(job.nccl_init(ni, t0 + sec(20)))
    if steps and ni == 0:
        ts, first, last, step_s = steps[:4]
        kw = steps[4] if len(steps) > 4 else {}
        L.extend(job.steps(ni, ts, first, last, step_s, **kw))
    return L


def slurm_tail(jobid: int, step: int, hosts, t: dt.datetime, codes) -> str:
    out = []
    for i, h in enumerate(hosts):
        c = codes[i] if isinstance(codes, (list, tuple)) else codes
        if c is None:
            continue
        out.append(f"srun: error: {h}: task {i}: Exited with exit code {c}")
    return "\n".join(out)


def render_kernel(L: Log, host: str, fmt: str, boot: dt.datetime | None = None, ltz=None) -> str:
    """Render a Log of kernel messages as dmesg -T / raw dmesg / syslog / journalctl short-iso-precise."""
    out = []
    for t, _, x in sorted(L.ev, key=lambda e: (e[0], e[1])):
        tl = t.astimezone(ltz) if ltz else t
        if fmt == "T":
            out.append(f"{f_dmesg_T(tl)} {x}")
        elif fmt == "uptime":
            out.append(f"{f_uptime(t, boot)} {x}")
        elif fmt == "syslog":
            out.append(f"{f_syslog(tl, host)} kernel: {x}")
        elif fmt == "syslog_up":
            out.append(f"{f_syslog(tl, host)} kernel: {f_uptime(t, boot)} {x}")
        else:
            out.append(f"{f_iso(tl)} {host} kernel: {x}")
    return "\n".join(out) + "\n"


def node_info(host: str, boot: dt.datetime, now: dt.datetime, driver: str, extra=()) -> str:
    lines = [f"$ hostname\n{host}",
             f"$ date -u\n{now.astimezone(UTC):%a %b %d %H:%M:%S UTC %Y}",
             f"$ grep btime /proc/stat\nbtime {int(boot.timestamp())}",
             f"$ cat /proc/driver/nvidia/version\nNVRM version: NVIDIA UNIX x86_64 Kernel Module  {driver}  (buildmeister@build-server)",
             "GCC version:  gcc version 12.3.0 (Ubuntu 12.3.0-1ubuntu1~22.04)"]
    lines += list(extra)
    return "\n".join(lines) + "\n"
