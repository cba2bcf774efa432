#!/usr/bin/env python3
"""Build corpus_set16: blind held-out failure bundles (prefix p).

Theme: incidents as a cluster platform team collects them after the fact
(Slurm-run multi-node PyTorch jobs; per-node folders with what the
collection script grabbed).

Standard library only, deterministic: every case draws from
random.Random("corpus_set16/<case name>") and uses fixed datetimes.
Output goes to $CORPUS_OUT (default: ./out next to this file).
"""
import json
import os
import random
import shutil
import sys
from datetime import datetime, timedelta

SET = "corpus_set16"
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.environ.get("CORPUS_OUT") or os.path.join(HERE, "out")

CATEGORIES = {"gpu_hardware", "gpu_memory", "nvlink", "network", "storage", "host", "hang",
              "oom", "numerical", "straggler", "user_code", "dependency", "unknown"}
LAYERS = {"infrastructure", "framework", "script"}
ACTIONS = {"restart", "restart_without_node", "stop", "run_diagnostics", "none"}
LABEL_KEYS = ["category", "layer", "culprit", "action", "rationale", "modelled_on"]

# --------------------------------------------------------------------------------------
# bundle container
# --------------------------------------------------------------------------------------


class Bundle:
    def __init__(self, name):
        self.name = name
        self.rng = random.Random(f"{SET}/{name}")
        self.files = {}
        self.label = None
        self.topology = None

    def add(self, path, text):
        if not text.endswith("\n"):
            text += "\n"
        self.files[path] = self.files.get(path, "") + text

    def set_label(self, category, layer, node, rank, action, rationale, modelled_on):
        culprit = None if node is None else {"node": node, "rank": rank}
        self.label = {"category": category, "layer": layer, "culprit": culprit,
                      "action": action, "rationale": rationale, "modelled_on": modelled_on}

    def node_dirs(self):
        nodes = set()
        for p in self.files:
            parts = p.split("/")
            if parts[0].startswith("attempt_") and len(parts) >= 3:
                nodes.add(parts[1])
            elif len(parts) >= 2:
                nodes.add(parts[0])
        return nodes

    def validate(self):
        lab = self.label
        assert lab is not None, self.name
        assert list(lab.keys()) == LABEL_KEYS, (self.name, list(lab.keys()))
        assert lab["category"] in CATEGORIES, self.name
        assert lab["layer"] in LAYERS, self.name
        assert lab["action"] in ACTIONS, self.name
        assert isinstance(lab["rationale"], str) and len(lab["rationale"]) > 20, self.name
        assert lab["modelled_on"].startswith("https://"), self.name
        c = lab["culprit"]
        if c is not None:
            assert set(c.keys()) == {"node", "rank"}, self.name
            assert c["node"] in self.node_dirs(), (self.name, c["node"])
            assert c["rank"] is None or isinstance(c["rank"], int), self.name
        n = len(self.node_dirs())
        assert 2 <= n <= 32, (self.name, n)
        if self.topology is not None:
            for sw, members in self.topology.items():
                for m in members:
                    assert m in self.node_dirs(), (self.name, m)

    def write(self, root):
        base = os.path.join(root, self.name)
        for path in sorted(self.files):
            full = os.path.join(base, path)
            os.makedirs(os.path.dirname(full), exist_ok=True)
            with open(full, "w", encoding="utf-8", newline="\n") as f:
                f.write(self.files[path])
        with open(os.path.join(base, "label.json"), "w", encoding="utf-8") as f:
            json.dump(self.label, f, indent=2)
            f.write("\n")
        if self.topology is not None:
            with open(os.path.join(base, "topology.json"), "w", encoding="utf-8") as f:
                json.dump({"topology": self.topology}, f, indent=2)
                f.write("\n")


# --------------------------------------------------------------------------------------
# time formats
# --------------------------------------------------------------------------------------

def T(y, mo, d, h, mi, s=0, us=0):
    return datetime(y, mo, d, h, mi, s, us)


def f_iso(dt):
    return dt.strftime("%Y-%m-%dT%H:%M:%S")


def f_py(dt):
    return f"{dt:%Y-%m-%d %H:%M:%S},{dt.microsecond // 1000:03d}"


def f_T(dt):
    return f"{dt:%a %b} {dt.day:2d} {dt:%H:%M:%S %Y}"


def f_sys(dt):
    return f"{dt:%b} {dt.day:2d} {dt:%H:%M:%S}"


def f_glog_new(dt, rng):
    # torch >= 2.3 style: E514 03:22:44.081233123
    return f"{dt.month}{dt.day:02d} {dt:%H:%M:%S}.{dt.microsecond:06d}{rng.randint(0, 999):03d}"


def f_glog_old(dt):
    return f"{dt:%m%d %H:%M:%S}.{dt.microsecond:06d}"


def jitter(rng, dt, max_ms=900):
    return dt + timedelta(microseconds=rng.randint(0, max_ms * 1000))


class KLog:
    """Kernel log in one of several timestamp styles."""

    def __init__(self, style, host, boot):
        self.style, self.host, self.boot = style, host, boot
        self.lines = []

    def add(self, dt, msg, src="kernel"):
        up = (dt - self.boot).total_seconds()
        if self.style == "T":
            s = f"[{f_T(dt)}] {msg}"
        elif self.style == "up":
            s = f"[{up:>12.6f}] {msg}"
        elif self.style == "syslog":
            s = f"{f_sys(dt)} {self.host} {src}: {msg}"
        elif self.style == "jiso":
            s = f"{dt:%Y-%m-%dT%H:%M:%S}+0000 {self.host} {src}: {msg}"
        else:
            raise ValueError(self.style)
        self.lines.append((dt, len(self.lines), s))

    def boot_noise(self, rng, driver="550.90.07", lustre=False, mlx=("0000:0c:00.0", "0000:2a:00.0")):
        b = self.boot
        seq = [
            (0.0, "Linux version 5.15.0-105-generic (buildd@lcy02-amd64-033) (gcc (Ubuntu 11.4.0-1ubuntu1~22.04) 11.4.0, GNU ld (GNU Binutils for Ubuntu) 2.38) #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 (Ubuntu 5.15.0-105.115-generic 5.15.148)"),
            (0.0, "Command line: BOOT_IMAGE=/boot/vmlinuz-5.15.0-105-generic root=UUID=1b7c0e0a-7d7f-4e0e-9d43-3f2d1c6f5a10 ro iommu=pt pci=realloc=off intel_idle.max_cstate=1 processor.max_cstate=1"),
            (0.51, "ACPI: SRAT: Node 0 PXM 0 [mem 0x00000000-0x7fffffff]"),
            (2.91, "EDAC MC0: Giving out device to module skx_edac controller Skylake Socket#0 IMC#0: DEV 0000:7e:0c.0 (INTERRUPT)"),
            (9.84, f"mlx5_core {mlx[0]}: firmware version: 28.39.1002"),
            (10.02, f"mlx5_core {mlx[1]}: firmware version: 28.39.1002"),
            (14.3, "nvidia: loading out-of-tree module taints kernel."),
            (14.6, f"NVRM: loading NVIDIA UNIX x86_64 Kernel Module  {driver}  Fri May 31 09:35:42 UTC 2024"),
            (15.2, "nvidia-modeset: Loading NVIDIA Kernel Mode Setting Driver for UNIX platforms  " + driver),
            (16.9, "nvidia_uvm: module uses symbols from proprietary module nvidia, inheriting taint."),
            (19.4, "EXT4-fs (md0): mounted filesystem with ordered data mode. Opts: (null). Quota mode: none."),
            (22.7, "IPv6: ADDRCONF(NETDEV_CHANGE): ibp26s0: link becomes ready"),
        ]
        if lustre:
            seq.append((31.2, "Lustre: Lustre: Build Version: 2.15.4_ddn12"))
            seq.append((33.8, "Lustre: Mounted lfs01-client"))
        for off, m in seq:
            self.add(b + timedelta(seconds=off + rng.random() * 0.2), m)

    def text(self):
        return "\n".join(s for _, _, s in sorted(self.lines)) + "\n"


# --------------------------------------------------------------------------------------
# job / console model
# --------------------------------------------------------------------------------------

class Console:
    """srun-style merged console output (optionally with --label prefixes)."""

    def __init__(self, width=1):
        self.ev = []
        self.width = width

    def add(self, dt, task, text):
        for ln in text.split("\n"):
            self.ev.append((dt, len(self.ev), task, ln))

    def render(self, label=True):
        out = []
        for dt, _, task, ln in sorted(self.ev, key=lambda e: (e[0], e[1])):
            if task is None or not label:
                out.append(ln)
            else:
                out.append(f"{task:>{self.width}}: {ln}")
        return "\n".join(out) + "\n"


H100_BUS = ["1b", "43", "52", "61", "9d", "c3", "d1", "df"]
A100_BUS = ["07", "0f", "47", "4e", "87", "90", "b7", "bd"]


class Job:
    def __init__(self, b, hosts, jobid, t0, gpn=8, torch_ver="2.4.0a0+3bcc3cddb5.nv24.07",
                 nccl="2.21.5+cuda12.4", subnet="10.10.1", ifname="ibp26s0", gpu="H100",
                 per_gpu_tasks=False, first_octet=None):
        self.b, self.hosts, self.jobid, self.t0, self.gpn = b, hosts, jobid, t0, gpn
        self.torch_ver, self.nccl, self.subnet, self.ifname = torch_ver, nccl, subnet, ifname
        self.gpu = gpu
        self.bus = H100_BUS if gpu == "H100" else A100_BUS
        self.per_gpu_tasks = per_gpu_tasks
        rng = b.rng
        self.base_pid = {h: rng.randint(20000, 190000) for h in hosts}
        self.agent_pid = {h: self.base_pid[h] - rng.randint(30, 90) for h in hosts}
        fo = first_octet if first_octet is not None else rng.randint(11, 80)
        self.octet = {h: fo + i for i, h in enumerate(hosts)}
        self.world = len(hosts) * gpn
        w = len(str(self.world - 1)) if per_gpu_tasks else len(str(len(hosts) - 1))
        self.con = Console(w)

    def rank(self, hi, l):
        return hi * self.gpn + l

    def pid(self, hi, l):
        return self.base_pid[self.hosts[hi]] + l

    def ip(self, hi):
        return f"{self.subnet}.{self.octet[self.hosts[hi]]}"

    def task(self, hi, l=0):
        return self.rank(hi, l) if self.per_gpu_tasks else hi

    def say(self, dt, hi, text, l=0):
        self.con.add(dt, self.task(hi, l), text)

    # ---- standard chatter ------------------------------------------------------------
    def torchrun_start(self, dt, script="pretrain_gpt.py", port=29500):
        rng = self.b.rng
        for hi, h in enumerate(self.hosts):
            d = jitter(rng, dt, 1500)
            self.say(d, hi, f"W{f_glog_old(d)[0:4]} {f_glog_old(d)[5:]} {self.agent_pid[h]} torch/distributed/run.py:779] ")
            self.say(d, hi, f"W{f_glog_old(d)[0:4]} {f_glog_old(d)[5:]} {self.agent_pid[h]} torch/distributed/run.py:779] *****************************************")
            self.say(d, hi, f"W{f_glog_old(d)[0:4]} {f_glog_old(d)[5:]} {self.agent_pid[h]} torch/distributed/run.py:779] Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal performance in your application as needed. ")
            self.say(d, hi, f"W{f_glog_old(d)[0:4]} {f_glog_old(d)[5:]} {self.agent_pid[h]} torch/distributed/run.py:779] *****************************************")

    def nccl_init(self, dt, ranks=None, plugin="none", comm_hex=None):
        """NCCL INFO init chatter for a subset of ranks (default: local rank 0 of each node)."""
        rng = self.b.rng
        if ranks is None:
            ranks = [self.rank(hi, 0) for hi in range(len(self.hosts))]
        comm_hex = comm_hex or "%016x" % rng.getrandbits(64)
        for r in ranks:
            hi, l = divmod(r, self.gpn)
            h = self.hosts[hi]
            p = self.pid(hi, l)
            d = jitter(rng, dt, 2000)
            pre = f"{h}:{p}:{p} [{l}] NCCL INFO "
            lines = [pre + f"Bootstrap : Using {self.ifname}:{self.ip(hi)}<0>"]
            if plugin == "none":
                lines.append(pre + "NET/Plugin: Could not find: libnccl-net.so. Using internal network plugin.")
            elif plugin == "sharp":
                lines.append(pre + "Plugin Path : /opt/hpcx/nccl_rdma_sharp_plugin/lib/libnccl-net.so")
                lines.append(pre + "P2P plugin IBext_v8")
            lines.append(pre + f"cudaDriverVersion 12040")
            if r == 0:
                lines.append(f"NCCL version {self.nccl}")
            lines.append(pre + f"NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB [3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB [RO]; OOB {self.ifname}:{self.ip(hi)}<0>")
            lines.append(pre + "Using non-device net plugin version 0")
            lines.append(pre + "Using network IB")
            tid = p + rng.randint(60, 200)
            pre2 = f"{h}:{p}:{tid} [{l}] NCCL INFO "
            lines.append(pre2 + f"comm 0x{rng.getrandbits(44):x} rank {r} nranks {self.world} cudaDev {l} nvmlDev {l} busId {self.bus[l]}000 commId 0x{comm_hex} - Init START")
            lines.append(pre2 + "Setting affinity for GPU %d to %s" % (l, "ffffffff,ffffffff,ffffffff" if l < 4 else "ffffffff,ffffffff,ffffffff,00000000,00000000,00000000"))
            lines.append(pre2 + f"comm 0x{rng.getrandbits(44):x} rank {r} nRanks {self.world} nNodes {len(self.hosts)} localRanks {self.gpn} localRank {l} MNNVL 0")
            lines.append(pre2 + "Channel 00/32 :    0   7   6   5   4   3   2   1   9  10  11  12  13  14  15   8  16  23  22  21")
            lines.append(pre2 + "Connected all rings")
            lines.append(pre2 + "Connected all trees")
            lines.append(pre2 + f"comm 0x{rng.getrandbits(44):x} rank {r} nranks {self.world} cudaDev {l} nvmlDev {l} busId {self.bus[l]}000 commId 0x{comm_hex} - Init COMPLETE")
            self.say(d, hi, "\n".join(lines), l)

    def rank_line(self, r, text):
        return f"[rank{r}]:{text}"


# --------------------------------------------------------------------------------------
# progress line formats
# --------------------------------------------------------------------------------------

def megatron_iter(dt, it, total, ms, lr, loss, gbs, gn, nan_iters=0, loss_str=None, gn_str=None):
    ls = loss_str or f"{loss:.6E}"
    gs = gn_str or f"{gn:.3f}"
    return (f" [{dt:%Y-%m-%d %H:%M:%S}] iteration {it:8d}/{total:8d} | consumed samples: {it * gbs:12d} | "
            f"elapsed time per iteration (ms): {ms:.1f} | throughput per GPU (TFLOP/s/GPU): {412000.0 / ms:.1f} | "
            f"learning rate: {lr:.6E} | global batch size: {gbs:5d} | lm loss: {ls} | loss scale: 1.0 | "
            f"grad norm: {gs} | number of skipped iterations:   0 | number of nan iterations: {nan_iters:3d} |")


def titan_step(dt, step, loss, mem, tps, tflops, mfu):
    return (f"[titan] {f_py(dt)} - root - INFO - step: {step:5d}  loss: {loss:7.4f}  memory: {mem:5.2f}GiB({mem / 79.1 * 100:.2f}%)  "
            f"tps: {tps:,}  tflops: {tflops:.2f}  mfu: {mfu:.2f}%")


def ds_step(dt, step, lr, loss, it_s, sps):
    a = f"[{f_py(dt)}] [INFO] [logging.py:96:log_dist] [Rank 0] step={step}, skipped=0, lr=[{lr:.6e}], mom=[(0.9, 0.95)]"
    b = f"[{f_py(dt)}] [INFO] [timer.py:260:stop] epoch=0/micro_step={step * 8}/global_step={step}, RunningAvgSamplesPerSec={sps:.3f}, CurrSamplesPerSec={sps * 1.01:.3f}, MemAllocated=37.21GB, MaxMemAllocated=61.87GB"
    c = f"steps: {step} loss: {loss:.4f} iter time (s): {it_s:.3f} samples/sec: {sps:.3f}"
    return "\n".join([a, b, c])


def nemo_step(step, total, elapsed, remain, loss, ts, consumed):
    pct = int(step * 100 / total)
    return (f"Epoch 0: : {pct:3d}%|{'█' * (pct // 10)}{' ' * (10 - pct // 10)}| {step}/{total} [{elapsed}<{remain}, "
            f"reduced_train_loss={loss:.3f}, global_step={step - 1}.0, consumed_samples={consumed:.3g}, train_step_timing in s={ts:.3f}]")


def hms(sec):
    sec = int(sec)
    return f"{sec // 3600}:{(sec % 3600) // 60:02d}:{sec % 60:02d}"


# --------------------------------------------------------------------------------------
# torch distributed error blocks
# --------------------------------------------------------------------------------------

def watchdog_timeout(dt, rng, r, seq, op="ALLREDUCE", numel=1, timeout_ms=600000, last_done=None,
                     last_enq=None, pg="0 (default_pg)", new=True):
    ran = timeout_ms + rng.randint(5, 95)
    last_done = seq - 1 if last_done is None else last_done
    last_enq = seq if last_enq is None else last_enq
    g = f_glog_new(dt, rng)
    p = f"[rank{r}]:[E{g} "
    work = f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms})"
    L = [
        p + f"ProcessGroupNCCL.cpp:607] [Rank {r}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
        p + f"ProcessGroupNCCL.cpp:1664] [PG {pg} Rank {r}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {last_enq}, last completed NCCL work: {last_done}.",
        p + f"ProcessGroupNCCL.cpp:621] [Rank {r}] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data.",
        p + f"ProcessGroupNCCL.cpp:627] [Rank {r}] To avoid data inconsistency, we are taking the entire process down.",
        p + f"ProcessGroupNCCL.cpp:1515] [PG {pg} Rank {r}] Process group watchdog thread terminated with exception: [Rank {r}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG {pg} Rank {r}] Process group watchdog thread terminated with exception: [Rank {r}] Watchdog caught collective operation timeout: {work} ran for {ran} milliseconds before timing out.",
        "Exception raised from checkTimeout at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:609 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x{rng.getrandbits(44):x} in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        f"frame #1: c10d::ProcessGroupNCCL::WorkNCCL::checkTimeout(std::optional<std::chrono::duration<long, std::ratio<1l, 1000l> > >) + 0x1d2 (0x{rng.getrandbits(44):x} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::watchdogHandler() + 0x233 (0x{rng.getrandbits(44):x} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::ncclCommWatchdog() + 0x10c (0x{rng.getrandbits(44):x} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        f"frame #4: <unknown function> + 0xdc253 (0x{rng.getrandbits(44):x} in /usr/lib/x86_64-linux-gnu/libstdc++.so.6)",
        f"frame #5: <unknown function> + 0x94ac3 (0x{rng.getrandbits(44):x} in /usr/lib/x86_64-linux-gnu/libc.so.6)",
        f"frame #6: clone + 0x44 (0x{rng.getrandbits(44):x} in /usr/lib/x86_64-linux-gnu/libc.so.6)",
        "",
    ]
    return "\n".join(L)


def nccl_remote_error(dt, rng, r, seq, reason, op="ALLREDUCE", numel=1, pg="0 (default_pg)"):
    g = f_glog_new(dt, rng)
    p = f"[rank{r}]:[E{g} "
    work = f"WorkNCCL(SeqNum={seq}, OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)=600000)"
    msg = (f"NCCL error: remote process exited or there was a network error, NCCL version 2.21.5\n"
           f"ncclRemoteError: A call failed possibly due to a network error or a remote process exiting prematurely.\n"
           f"Last error:\n{reason}")
    L = [
        p + f"ProcessGroupNCCL.cpp:1664] [PG {pg} Rank {r}] Exception (either an error or timeout) detected by watchdog at work: {seq}, last enqueued NCCL work: {seq}, last completed NCCL work: {seq - 1}.",
        p + f"ProcessGroupNCCL.cpp:1515] [PG {pg} Rank {r}] Process group watchdog thread terminated with exception: {msg}",
        "terminate called after throwing an instance of 'c10::DistBackendError'",
        f"  what():  [PG {pg} Rank {r}] Process group watchdog thread terminated with exception: {msg}",
        "Exception raised from checkForNCCLErrorsInternal at ../torch/csrc/distributed/c10d/ProcessGroupNCCL.cpp:1962 (most recent call first):",
        f"frame #0: c10::Error::Error(c10::SourceLocation, std::string) + 0x96 (0x{rng.getrandbits(44):x} in /usr/local/lib/python3.10/dist-packages/torch/lib/libc10.so)",
        f"frame #1: c10d::ProcessGroupNCCL::checkForNCCLErrorsInternal(std::shared_ptr<c10d::NCCLComm>&) + 0x220 (0x{rng.getrandbits(44):x} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        f"frame #2: c10d::ProcessGroupNCCL::WorkNCCL::checkAndSetException() + 0x7c (0x{rng.getrandbits(44):x} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        f"frame #3: c10d::ProcessGroupNCCL::watchdogHandler() + 0x213 (0x{rng.getrandbits(44):x} in /usr/local/lib/python3.10/dist-packages/torch/lib/libtorch_cuda.so)",
        "",
    ]
    return "\n".join(L)


def child_failed(dt, rng, agent_pid, host, script, failures, root, binary="/usr/bin/python3"):
    """failures: list of (rank, local, exitcode, pid, traceback_text). root: index in failures."""
    g = f_glog_old(dt)
    out = []
    for rk, lr, ec, pid, tb in failures:
        out.append(f"E{g} {agent_pid} torch/distributed/elastic/multiprocessing/api.py:833] failed (exitcode: {ec}) local_rank: {lr} (pid: {pid}) of binary: {binary}")
    out += [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 33, in <module>',
        "    sys.exit(load_entry_point('torch', 'console_scripts', 'torchrun')())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 348, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 901, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 892, in run',
        "    elastic_launch(",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 133, in __call__',
        "    return launch_agent(self._config, self._entrypoint, list(args))",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 264, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "============================================================",
        f"{script} FAILED",
        "------------------------------------------------------------",
        "Failures:",
    ]
    others = [f for i, f in enumerate(failures) if i != root]
    if not others:
        out.append("  <NO_OTHER_FAILURES>")
    for i, (rk, lr, ec, pid, tb) in enumerate(others, 1):
        out += [f"[{i}]:", f"  time      : {dt:%Y-%m-%d_%H:%M:%S}", f"  host      : {host}",
                f"  rank      : {rk} (local_rank: {lr})", f"  exitcode  : {ec} (pid: {pid})",
                "  error_file: <N/A>", f"  traceback : {tb}"]
    rk, lr, ec, pid, tb = failures[root]
    out += ["------------------------------------------------------------", "Root Cause (first observed failure):",
            "[0]:", f"  time      : {dt:%Y-%m-%d_%H:%M:%S}", f"  host      : {host}",
            f"  rank      : {rk} (local_rank: {lr})", f"  exitcode  : {ec} (pid: {pid})",
            "  error_file: <N/A>", f"  traceback : {tb}", "============================================================"]
    return "\n".join(out)


def sig_tb(sig, pid):
    names = {6: "SIGABRT", 15: "SIGTERM", 9: "SIGKILL", 11: "SIGSEGV"}
    return f"Signal {sig} ({names[sig]}) received by PID {pid}"


# --------------------------------------------------------------------------------------
# node-level tool outputs
# --------------------------------------------------------------------------------------

def scontrol_node(host, state, reason=None, reason_dt=None, reason_user="root", gres="gpu:h100:8(S:0-1)",
                  boot=None, last_busy=None, features="h100,ib,nvme", cpus=224, mem=2063000, alloc_cpu=0,
                  partitions="batch", version="23.11.6"):
    boot = boot or T(2024, 4, 29, 7, 12, 3)
    last_busy = last_busy or boot
    lines = [
        f"NodeName={host} Arch=x86_64 CoresPerSocket={cpus // 4} ",
        f"   CPUAlloc={alloc_cpu} CPUEfctv={cpus} CPUTot={cpus} CPULoad=0.{(len(host) * 7) % 90:02d}",
        f"   AvailableFeatures={features}",
        f"   ActiveFeatures={features}",
        f"   Gres={gres}",
        f"   NodeAddr={host} NodeHostName={host} Version={version}",
        "   OS=Linux 5.15.0-105-generic #115-Ubuntu SMP Mon Apr 15 09:52:04 UTC 2024 ",
        f"   RealMemory={mem} AllocMem=0 FreeMem={mem - 81233} Sockets=2 Boards=1",
        f"   State={state} ThreadsPerCore=2 TmpDisk=0 Weight=1 Owner=N/A MCS_label=N/A",
        f"   Partitions={partitions} ",
        f"   BootTime={f_iso(boot)} SlurmdStartTime={f_iso(boot + timedelta(seconds=78))}",
        f"   LastBusyTime={f_iso(last_busy)} ResumeAfterTime=None",
        f"   CfgTRES=cpu={cpus},mem={mem}M,billing={cpus},gres/gpu=8",
        "   AllocTRES=",
        "   CapWatts=n/a",
        "   CurrentWatts=0 AveWatts=0",
        "   ExtSensorsJoules=n/a ExtSensorsWatts=0 ExtSensorsTemp=n/a",
    ]
    if reason:
        lines.append(f"   Reason={reason} [{reason_user}@{f_iso(reason_dt)}]")
    return "\n".join(lines) + "\n"


def sacct(jobid, name, rows, nodelist):
    """rows: list of (suffix, jobname, state, exitcode, start, end, ncpu)."""
    hdr = ("JobID                 JobName      State ExitCode               Start                 End    Elapsed  AllocCPUS        NodeList\n"
           "-------------------- ---------- ---------- -------- ------------------- ------------------- ---------- ---------- ---------------")
    out = [hdr]
    for suf, jn, st, ec, s, e, nc in rows:
        el = e - s
        els = f"{el.days}-{hms(el.seconds)}" if el.days else f"{el.seconds // 3600:02d}:{(el.seconds % 3600) // 60:02d}:{el.seconds % 60:02d}"
        jid = f"{jobid}{suf}"
        out.append(f"{jid:<20} {jn[:10]:>10} {st:>10} {ec:>8} {f_iso(s):>19} {f_iso(e):>19} {els:>10} {nc:>10} {nodelist}")
    return "\n".join(out) + "\n"


def sel_elist(entries):
    """entries: list of (dt, sensor, event, state)."""
    out = []
    for i, (dt, sensor, ev, st) in enumerate(entries, 1):
        out.append(f"{i:>4x} | {dt:%m/%d/%Y} | {dt:%H:%M:%S} | {sensor} | {ev} | {st}")
    return "\n".join(out) + "\n"


def smi_table(dt, driver, cuda, gpus, procs=(), gpu_name="NVIDIA H100 80GB HBM3", bus=H100_BUS):
    """gpus: list of dicts with temp, pwr, mem, util, (optional) err."""
    w = "+-----------------------------------------------------------------------------------------+"
    out = [f"{dt:%a %b %d %H:%M:%S %Y}", w,
           f"| NVIDIA-SMI {driver:<18}     Driver Version: {driver:<14} CUDA Version: {cuda:<9}|",
           "|-----------------------------------------+------------------------+----------------------+",
           "| GPU  Name                 Persistence-M | Bus-Id          Disp.A | Volatile Uncorr. ECC |",
           "| Fan  Temp   Perf          Pwr:Usage/Cap |           Memory-Usage | GPU-Util  Compute M. |",
           "|                                         |                        |               MIG M. |",
           "|=========================================+========================+======================|"]
    for i, g in enumerate(gpus):
        ecc = g.get("ecc", "0")
        out.append(f"| {i:>3}  {gpu_name:<24}    On  |   00000000:{bus[i].upper()}:00.0 Off |  {ecc:>19} |")
        out.append(f"| N/A   {g['temp']:>2}C    P0  {g['pwr']:>13}W /  700W |  {g['mem']:>7}MiB /  81559MiB | {g['util']:>5}%      Default |")
        out.append("|                                         |                        |             Disabled |")
        out.append("+-----------------------------------------+------------------------+----------------------+")
    out += ["", w, "| Processes:                                                                              |",
            "|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |",
            "|        ID   ID                                                               Usage      |",
            "|=========================================================================================|"]
    if not procs:
        out.append("|  No running processes found                                                             |")
    for gi, pid, name, mem in procs:
        out.append(f"|  {gi:>3}   N/A  N/A  {pid:>9}      C   {name:<40} {mem:>7}MiB |")
    out.append(w)
    return "\n".join(out) + "\n"


def smi_q(dt, driver, cuda, gpus, gpu_name="NVIDIA H100 80GB HBM3", bus=H100_BUS, serial_base=1654923000000):
    """gpus: list of dicts; keys: temp, pwr, sm_clk, events (dict), ecc_v (sram_c, sram_u, dram_c, dram_u),
    ecc_a (same), remap (corr, unc, pending, failure), uuid."""
    out = ["", "==============NVSMI LOG==============", "",
           f"Timestamp                                 : {dt:%a %b %d %H:%M:%S %Y}",
           f"Driver Version                            : {driver}",
           f"CUDA Version                              : {cuda}", "",
           f"Attached GPUs                             : {len(gpus)}"]
    for i, g in enumerate(gpus):
        ev = {"Idle": "Not Active", "Applications Clocks Setting": "Not Active", "SW Power Cap": "Not Active",
              "HW Slowdown": "Not Active", "HW Thermal Slowdown": "Not Active", "HW Power Brake Slowdown": "Not Active",
              "Sync Boost": "Not Active", "SW Thermal Slowdown": "Not Active", "Display Clock Setting": "Not Active"}
        ev.update(g.get("events", {}))
        ev_v = g.get("ecc_v", (0, 0, 0, 0))
        ev_a = g.get("ecc_a", ev_v)
        rc, ru, pend, fail = g.get("remap", (0, 0, "No", "No"))
        out += [f"GPU 00000000:{bus[i].upper()}:00.0",
                f"    Product Name                          : {gpu_name}",
                "    Product Brand                         : NVIDIA",
                "    Product Architecture                  : " + ("Hopper" if "H100" in gpu_name else "Ampere"),
                "    Display Mode                          : Enabled",
                "    Persistence Mode                      : Enabled",
                "    Addressing Mode                       : None",
                f"    Serial Number                         : {serial_base + i * 137}",
                f"    GPU UUID                              : {g.get('uuid', 'GPU-%08x-0000-0000-0000-000000000000' % (serial_base % 99999999 + i))}",
                f"    Minor Number                          : {i}",
                "    VBIOS Version                         : 96.00.99.00.01",
                "    GPU Part Number                       : 2330-885-A1",
                "    Inforom Version",
                "        Image Version                     : G520.0200.00.05",
                "        OEM Object                        : 2.1",
                "        ECC Object                        : 7.16",
                "        Power Management Object           : N/A",
                "    PCI",
                f"        Bus                               : 0x{bus[i].upper()}",
                "        Device                            : 0x00",
                "        Domain                            : 0x0000",
                f"        Bus Id                            : 00000000:{bus[i].upper()}:00.0",
                "        GPU Link Info",
                "            PCIe Generation",
                "                Max                       : 5",
                f"                Current                   : {g.get('pcie_gen', 5)}",
                "            Link Width",
                "                Max                       : 16x",
                f"                Current                   : {g.get('pcie_w', '16x')}",
                f"    Performance State                     : {g.get('pstate', 'P0')}",
                "    Clocks Event Reasons"]
        for k in ["Idle", "Applications Clocks Setting", "SW Power Cap", "HW Slowdown", "HW Thermal Slowdown",
                  "HW Power Brake Slowdown", "Sync Boost", "SW Thermal Slowdown", "Display Clock Setting"]:
            ind = "            " if k in ("HW Thermal Slowdown", "HW Power Brake Slowdown") else "        "
            out.append(f"{ind}{k:<{38 - len(ind) + 4}}: {ev[k]}")
        out += ["    ECC Mode",
                "        Current                           : Enabled",
                "        Pending                           : Enabled",
                "    ECC Errors",
                "        Volatile",
                f"            SRAM Correctable              : {ev_v[0]}",
                f"            SRAM Uncorrectable Parity     : {ev_v[1]}",
                "            SRAM Uncorrectable SEC-DED    : 0",
                f"            DRAM Correctable              : {ev_v[2]}",
                f"            DRAM Uncorrectable            : {ev_v[3]}",
                "        Aggregate",
                f"            SRAM Correctable              : {ev_a[0]}",
                f"            SRAM Uncorrectable Parity     : {ev_a[1]}",
                "            SRAM Uncorrectable SEC-DED    : 0",
                f"            DRAM Correctable              : {ev_a[2]}",
                f"            DRAM Uncorrectable            : {ev_a[3]}",
                "            SRAM Threshold Exceeded       : No",
                "        Aggregate Uncorrectable SRAM Sources",
                "            SRAM L2                       : 0",
                "            SRAM SM                       : 0",
                "            SRAM Microcontroller          : 0",
                "            SRAM PCIE                     : 0",
                "            SRAM Other                    : 0",
                "    Retired Pages",
                "        Single Bit ECC                    : N/A",
                "        Double Bit ECC                    : N/A",
                "        Pending Page Blacklist            : N/A",
                "    Remapped Rows",
                f"        Correctable Error                 : {rc}",
                f"        Uncorrectable Error               : {ru}",
                f"        Pending                           : {pend}",
                f"        Remapping Failure Occurred        : {fail}",
                "        Bank Remap Availability Histogram",
                "            Max                           : 2560 bank(s)" if rc + ru == 0 else "            Max                           : 2559 bank(s)",
                "            High                          : 0 bank(s)",
                "            Partial                       : 0 bank(s)" if rc + ru == 0 else "            Partial                       : 1 bank(s)",
                "            Low                           : 0 bank(s)",
                "            None                          : 0 bank(s)",
                "    Temperature",
                f"        GPU Current Temp                  : {g.get('temp', 41)} C",
                "        GPU T.Limit Temp                  : %d C" % (87 - g.get("temp", 41)),
                "        GPU Shutdown T.Limit Temp         : -5 C",
                "        GPU Slowdown T.Limit Temp         : -2 C",
                "        GPU Max Operating T.Limit Temp    : 0 C",
                "        GPU Target Temperature            : N/A",
                f"        Memory Current Temp               : {g.get('mtemp', g.get('temp', 41) + 4)} C",
                "        Memory Max Operating T.Limit Temp : 0 C",
                "    GPU Power Readings",
                f"        Power Draw                        : {g.get('pwr', 71.3):.2f} W",
                "        Current Power Limit               : 700.00 W",
                "        Requested Power Limit             : 700.00 W",
                "        Default Power Limit               : 700.00 W",
                "        Min Power Limit                   : 200.00 W",
                "        Max Power Limit                   : 700.00 W",
                "    Clocks",
                f"        Graphics                          : {g.get('sm_clk', 1980)} MHz",
                f"        SM                                : {g.get('sm_clk', 1980)} MHz",
                "        Memory                            : 2619 MHz",
                "        Video                             : 1755 MHz",
                "    Max Clocks",
                "        Graphics                          : 1980 MHz",
                "        SM                                : 1980 MHz",
                "        Memory                            : 2619 MHz",
                "        Video                             : 1755 MHz",
                "    Fabric",
                "        State                             : Completed",
                "        Status                            : Success",
                f"    Processes                             : {g.get('procs', 'None')}",
                ""]
    return "\n".join(out) + "\n"


def ibstat(ports):
    """ports: list of (ca, state, phys, rate, lid, guid)."""
    out = []
    for ca, st, ph, rate, lid, guid in ports:
        out += [f"CA '{ca}'", "\tCA type: MT4129", "\tNumber of ports: 1", "\tFirmware version: 28.39.1002",
                "\tHardware version: 0", f"\tNode GUID: 0x{guid:016x}", f"\tSystem image GUID: 0x{guid:016x}",
                "\tPort 1:", f"\t\tState: {st}", f"\t\tPhysical state: {ph}", f"\t\tRate: {rate}",
                f"\t\tBase lid: {lid}", "\t\tLMC: 0", f"\t\tSM lid: 1", "\t\tCapability mask: 0xa751e848",
                f"\t\tPort GUID: 0x{guid:016x}", "\t\tLink layer: InfiniBand"]
    return "\n".join(out) + "\n"


def dcgmi_diag_text(level, driver, results, version="3.3.6"):
    """results: list of (name, result_text). Rendered like dcgmi diag -r N."""
    bar = "+---------------------------+------------------------------------------------+"
    out = ["Successfully ran diagnostic for group.", bar,
           "| Diagnostic                | Result                                         |",
           "+===========================+================================================+",
           "|-----  Metadata  ----------+------------------------------------------------|",
           f"| DCGM Version              | {version:<47}|",
           f"| Driver Version Detected   | {driver:<47}|",
           "| GPU Device IDs Detected   | 2330,2330,2330,2330,2330,2330,2330,2330        |",
           "|-----  Deployment  --------+------------------------------------------------|"]
    deploy = ["Denylist", "NVML Library", "CUDA Main Library", "Permissions and OS Blocks", "Persistence Mode",
              "Environment Variables", "Page Retirement/Row Remap", "Graphics Processes", "Inforom"]
    res = dict(results)
    for d in deploy:
        out.append(f"| {d:<26}| {res.get(d, 'Pass'):<47}|")
    if level >= 2:
        out.append("+-----  Integration  -------+------------------------------------------------+")
        out.append(f"| {'PCIe':<26}| {res.get('PCIe', 'Pass - All'):<47}|")
        out.append("+-----  Hardware  ----------+------------------------------------------------+")
        out.append(f"| {'GPU Memory':<26}| {res.get('GPU Memory', 'Pass - All'):<47}|")
    if level >= 3:
        out.append(f"| {'Diagnostic':<26}| {res.get('Diagnostic', 'Pass - All'):<47}|")
        out.append(f"| {'Pulse Test':<26}| {res.get('Pulse Test', 'Skip - All'):<47}|")
        out.append("+-----  Stress  ------------+------------------------------------------------+")
        out.append(f"| {'Targeted Stress':<26}| {res.get('Targeted Stress', 'Pass - All'):<47}|")
        out.append(f"| {'Targeted Power':<26}| {res.get('Targeted Power', 'Pass - All'):<47}|")
        out.append(f"| {'Memory Bandwidth':<26}| {res.get('Memory Bandwidth', 'Pass - All'):<47}|")
        out.append(f"| {'EUD Test':<26}| {res.get('EUD Test', 'Skip - All'):<47}|")
    out.append(bar)
    for name, txt in results:
        if name.startswith("detail:"):
            out.append(txt)
    return "\n".join(out) + "\n"


def dcgmi_health(status="Healthy", details=()):
    out = ["+---------------------------+----------------------------------------------------------+",
           "| Health Monitor Report                                                                |",
           "+===========================+==========================================================+",
           f"| Overall Health            | {status:<57}|"]
    for ent, sys_, st, msg in details:
        out.append(f"| {ent:<26}|                                                          |")
        out.append(f"| -> {sys_:<23}| {st:<57}|")
        if msg:
            out.append(f"|                           | {msg:<57}|")
    out.append("+---------------------------+----------------------------------------------------------+")
    return "\n".join(out) + "\n"


def free_g(total=2015, used=187, free=1701, shared=3, cache=127, avail=1812):
    return ("               total        used        free      shared  buff/cache   available\n"
            f"Mem:        {total:>8}    {used:>8}    {free:>8}    {shared:>8}    {cache:>8}    {avail:>8}\n"
            "Swap:              0           0           0\n")


def df_h(rows):
    out = ["Filesystem                                Size  Used Avail Use% Mounted on"]
    for fs, size, used, avail, pct, mnt in rows:
        out.append(f"{fs:<41} {size:>5} {used:>5} {avail:>5} {pct:>4} {mnt}")
    return "\n".join(out) + "\n"


def std_df(lustre_pct="61%", raid_pct="12%"):
    return df_h([
        ("tmpfs", "202G", "4.1M", "202G", "1%", "/run"),
        ("/dev/nvme0n1p2", "1.8T", "41G", "1.7T", "3%", "/"),
        ("tmpfs", "1008G", "0", "1008G", "0%", "/dev/shm"),
        ("/dev/md0", "28T", "3.2T", "25T", raid_pct, "/raid"),
        ("10.50.0.11@o2ib:10.50.0.12@o2ib:/lfs01", "4.1P", "2.5P", "1.6P", lustre_pct, "/lustre"),
        ("nfs-home.cluster.internal:/export/home", "50T", "31T", "20T", "62%", "/home"),
    ])


def nhc_ok(dt, host, phase="prolog"):
    return (f"{f_sys(dt)} {host} nhc[{(len(host) * 331) % 90000 + 1000}]: Node Health Check starting ({phase}).\n"
            f"{f_sys(dt + timedelta(seconds=4))} {host} nhc[{(len(host) * 331) % 90000 + 1000}]: Node Health Check completed successfully (4s).\n")


# --------------------------------------------------------------------------------------
# generic job scaffolding
# --------------------------------------------------------------------------------------

def loss_at(it, rng, base=1.85, amp=5.2, scale=900.0):
    return base + amp / (1.0 + it / scale) + rng.uniform(-0.025, 0.025)


def progress(J, fw, t, it0, it1, step_s, every, total=250000, gbs=1024, lr=3.0e-4, ms_fn=None,
             loss_fn=None, hi_print=None, l_print=None):
    """Emit healthy training progress lines on the console; returns (t, it)."""
    rng = J.b.rng
    if hi_print is None:
        hi_print = len(J.hosts) - 1 if fw == "megatron" else 0
    if l_print is None:
        l_print = J.gpn - 1 if fw == "megatron" else 0
    it = it0
    while it + every <= it1:
        it += every
        ms = ms_fn(it) if ms_fn else step_s * 1000 * (1 + rng.uniform(-0.012, 0.012))
        t = t + timedelta(milliseconds=ms * every)
        loss = loss_fn(it) if loss_fn else loss_at(it, rng)
        if fw == "megatron":
            line = megatron_iter(t, it, total, ms, lr * min(1.0, it / 2000.0), loss, gbs, rng.uniform(0.18, 0.42))
        elif fw == "titan":
            line = titan_step(t, it, loss, 61.2 + rng.uniform(-0.2, 0.2), int(3400 * step_s / (ms / 1000)),
                              312.4 * step_s / (ms / 1000), 31.6 * step_s / (ms / 1000))
        elif fw == "ds":
            line = ds_step(t, it, lr, loss, ms / 1000, gbs / (ms / 1000))
        elif fw == "nemo":
            el = (t - J.t0).total_seconds()
            line = nemo_step(it, total, hms(el), hms(el / max(it, 1) * (total - it)), loss, ms / 1000, it * gbs)
        else:
            raise ValueError(fw)
        J.say(t, hi_print, line, l_print)
    return t, it


def all_ranks_timeout(J, dt, seq, skip=(), op="ALLREDUCE", numel=1, timeout_ms=600000, prefix_default=False,
                      last_done_fn=None):
    """Every rank (except skip) reports a watchdog timeout around dt."""
    rng = J.b.rng
    for hi in range(len(J.hosts)):
        for l in range(J.gpn):
            r = J.rank(hi, l)
            if r in skip:
                continue
            d = jitter(rng, dt, 2500)
            ld = last_done_fn(r) if last_done_fn else None
            txt = watchdog_timeout(d, rng, r, seq, op=op, numel=numel, timeout_ms=timeout_ms, last_done=ld)
            if prefix_default:
                txt = "\n".join(f"[default{l}]:" + x for x in txt.split("\n"))
            J.say(d, hi, txt, l)


def agents_fail(J, dt, script, exitcodes, root_pick=None):
    """torchrun agents on every node print ChildFailedError. exitcodes: fn(rank)->(code, tb) or None (no failure)."""
    rng = J.b.rng
    for hi, h in enumerate(J.hosts):
        fails = []
        for l in range(J.gpn):
            r = J.rank(hi, l)
            ec = exitcodes(r)
            if ec is None:
                continue
            code, tb = ec
            fails.append((r, l, code, J.pid(hi, l), tb))
        if not fails:
            continue
        root = 0
        if root_pick:
            root = root_pick(hi, fails)
        d = jitter(rng, dt, 3000)
        J.say(d, hi, child_failed(d, rng, J.agent_pid[h], h, script, fails, root))


def srun_exit_lines(J, dt, codes, step=0, cancel_host=None):
    """codes: list of (host_index, exit_code_text)."""
    out = []
    for hi, txt in codes:
        out.append(f"srun: error: {J.hosts[hi]}: task{'s' if J.per_gpu_tasks else ''} {J.task(hi, 0) if not J.per_gpu_tasks else f'{J.rank(hi, 0)}-{J.rank(hi, J.gpn - 1)}'}: {txt}")
    if cancel_host is not None:
        out.insert(0, "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.")
        out.insert(0, f"slurmstepd: error: *** STEP {J.jobid}.{step} ON {J.hosts[cancel_host]} CANCELLED AT {f_iso(dt)} ***")
    return "\n".join(out) + "\n"


def sbatch_header(J, name, extra_env=(), cmd=None):
    rng = J.b.rng
    first = J.hosts[0]
    lines = [f"=== job {J.jobid} ({name}) started {f_iso(J.t0)} on {len(J.hosts)} nodes ===",
             f"SLURM_JOB_NODELIST={compress_hosts(J.hosts)}",
             f"MASTER_ADDR={first} MASTER_PORT={29500 + J.jobid % 400}",
             f"container: /lustre/fsw/images/pytorch-24.07-py3.sqsh",
             "NCCL_DEBUG=INFO NCCL_IB_TIMEOUT=22 NCCL_IB_QPS_PER_CONNECTION=2 TORCH_NCCL_ASYNC_ERROR_HANDLING=1"]
    lines += list(extra_env)
    if cmd:
        lines.append("+ " + cmd)
    return "\n".join(lines) + "\n"


def compress_hosts(hosts):
    # naive Slurm hostlist compression for prefix+digits names
    import re
    groups = {}
    order = []
    for h in hosts:
        m = re.match(r"^(.*?)(\d+)$", h)
        if not m:
            groups.setdefault(h, None)
            order.append((h, None))
            continue
        pre, num = m.group(1), m.group(2)
        if pre not in groups:
            groups[pre] = []
            order.append((pre, True))
        groups[pre].append(num)
    out = []
    for pre, isnum in order:
        if isnum is None:
            out.append(pre)
            continue
        nums = groups[pre]
        width = len(nums[0])
        vals = sorted(int(n) for n in nums)
        ranges = []
        s = p = vals[0]
        for v in vals[1:]:
            if v == p + 1:
                p = v
                continue
            ranges.append((s, p))
            s = p = v
        ranges.append((s, p))
        parts = [f"{a:0{width}d}" if a == b else f"{a:0{width}d}-{b:0{width}d}" for a, b in ranges]
        out.append(f"{pre}[{','.join(parts)}]" if len(parts) > 1 or ranges[0][0] != ranges[0][1] else f"{pre}{parts[0]}")
    return ",".join(out)


def healthy_gpus(rng, n=8, busy=False, temp=(33, 44)):
    g = []
    for i in range(n):
        g.append({"temp": rng.randint(*temp) + (25 if busy else 0), "pwr": f"{rng.randint(68, 92) if not busy else rng.randint(540, 690)}",
                  "mem": f"{rng.randint(0, 4) if not busy else rng.randint(66000, 74000)}", "util": f"{0 if not busy else rng.randint(96, 100)}"})
    return g


def healthy_q(rng, n=8, **over):
    out = []
    for i in range(n):
        d = {"temp": rng.randint(31, 42), "pwr": rng.uniform(68, 90), "sm_clk": 1980, "pstate": "P0"}
        d.update(over)
        out.append(d)
    return out


def node_basics(b, pre, host, J, hi, t_end, style="syslog", kname="kern.log", boot=None, extra_k=(),
                smi_name=None, smi_busy=False, lustre=True, driver="550.90.07", cuda="12.4", nhc=True,
                nhc_name="epilog.log"):
    """Common per-node files: kernel log with boot noise + job-time noise, optional nvidia-smi, epilog."""
    rng = b.rng
    boot = boot or (J.t0 - timedelta(days=rng.randint(3, 20), hours=rng.randint(0, 23), minutes=rng.randint(0, 59)))
    k = KLog(style, host, boot)
    k.boot_noise(rng, driver=driver, lustre=lustre)
    k.add(J.t0 - timedelta(seconds=rng.randint(20, 50)), "audit: type=1400 audit(%d.%03d:%d): apparmor=\"STATUS\" operation=\"profile_replace\" profile=\"unconfined\" name=\"slurmstepd\" pid=%d comm=\"apparmor_parser\"" % (int((J.t0 - datetime(1970, 1, 1)).total_seconds()) - 40, rng.randint(0, 999), rng.randint(100, 900), rng.randint(3000, 9000)))
    k.add(J.t0 + timedelta(seconds=rng.randint(30, 90)), f"nvidia-uvm: Loaded the UVM driver, major device number 508.")
    for dt, msg in extra_k:
        k.add(dt, msg)
    b.add(f"{pre}{host}/{kname}", k.text())
    if smi_name:
        gp = healthy_gpus(rng, J.gpn, busy=smi_busy)
        b.add(f"{pre}{host}/{smi_name}", smi_table(t_end, driver, cuda, gp))
    if nhc:
        b.add(f"{pre}{host}/{nhc_name}", nhc_ok(t_end + timedelta(seconds=rng.randint(20, 60)), host, "epilog"))
    return k


# ======================================================================================
# cases
# ======================================================================================

CASES = []


def case(fn):
    CASES.append(fn)
    return fn


@case
def p01_all_ranks_time_out_at_step_1730():
    b = Bundle("p01_all_ranks_time_out_at_step_1730")
    rng = b.rng
    hosts = [f"gpu-b-{n}" for n in range(101, 109)]
    t0 = T(2024, 5, 14, 1, 2, 11)
    J = Job(b, hosts, 482113, t0, subnet="10.12.4", first_octet=101)
    bad_hi, bad_l = 5, 5
    bad_r = J.rank(bad_hi, bad_l)
    J.con.add(t0, None, sbatch_header(J, "pretrain_gpt_8b", cmd="srun -l --ntasks-per-node=1 torchrun --nnodes=8 --nproc-per-node=8 --rdzv-backend=c10d --rdzv-endpoint=gpu-b-101:29613 pretrain_gpt.py ...").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=9))
    J.nccl_init(t0 + timedelta(seconds=74))
    J.say(t0 + timedelta(seconds=71), 0, "[rank0]:[W514 01:03:22.418775210 Utils.hpp:164] Warning: Environment variable NCCL_ASYNC_ERROR_HANDLING is deprecated; use TORCH_NCCL_ASYNC_ERROR_HANDLING instead (function operator())")
    J.say(t0 + timedelta(seconds=95), 7, " > loading checkpoint from /lustre/llm/ckpt/gpt8b-run7 at iteration 1000", 7)
    J.say(t0 + timedelta(seconds=151), 7, "  successfully loaded checkpoint from /lustre/llm/ckpt/gpt8b-run7 [ t 1/1, p 1/1 ] at iteration 1000", 7)
    t, it = progress(J, "megatron", t0 + timedelta(seconds=160), 1000, 1730, 6.1, 10)
    t_xid = t + timedelta(seconds=3, microseconds=412000)
    seq = 58412
    t_wd = t_xid + timedelta(seconds=600, milliseconds=rng.randint(100, 900))
    all_ranks_timeout(J, t_wd, seq, skip={bad_r}, op="_REDUCE_SCATTER_BASE", numel=402653184)
    t_ag = t_wd + timedelta(seconds=7)

    def ec(r):
        if r == bad_r:
            return (-15, sig_tb(15, J.pid(bad_hi, bad_l)))
        return (-6, sig_tb(6, J.pid(*divmod(r, 8))))
    agents_fail(J, t_ag, "pretrain_gpt.py", ec)
    b.add(f"{hosts[0]}/slurm-482113.out", J.con.render())
    err = srun_exit_lines(J, t_ag + timedelta(seconds=40), [(hi, "Exited with exit code 1") for hi in (2, 0, 7, 4, 1, 6, 3, 5)])
    b.add(f"{hosts[0]}/slurm-482113.err", err)
    t_end = t_ag + timedelta(seconds=45)
    for hi, h in enumerate(hosts):
        extra = []
        if hi == bad_hi:
            bus = J.bus[bad_l]
            extra = [(t_xid, f"NVRM: GPU at PCI:0000:{bus}:00: GPU-7c1d02f3-9a0e-5b1c-8d77-52e0a4c1f9b8"),
                     (t_xid, f"NVRM: Xid (PCI:0000:{bus}:00): 79, pid='<unknown>', name=<unknown>, GPU has fallen off the bus."),
                     (t_xid + timedelta(microseconds=80), f"NVRM: GPU 0000:{bus}:00.0: GPU has fallen off the bus."),
                     (t_xid + timedelta(microseconds=120), f"NVRM: GPU 0000:{bus}:00.0: GPU serial number is 1654923000822."),
                     (t_xid + timedelta(milliseconds=2), "NVRM: A GPU crash dump has been created. If possible, please run"),
                     (t_xid + timedelta(milliseconds=2), "NVRM: nvidia-bug-report.sh as root to collect this data before"),
                     (t_xid + timedelta(milliseconds=2), "NVRM: the NVIDIA kernel module is unloaded."),
                     (t_xid + timedelta(seconds=1), f"pcieport 0000:{int(bus, 16) - 1:02x}:01.0: pciehp: Slot(13): Link Down"),
                     (t_xid + timedelta(seconds=1), f"pcieport 0000:{int(bus, 16) - 1:02x}:01.0: pciehp: Slot(13): Card not present")]
        if hi == 2:
            dd = t0 - timedelta(hours=3, minutes=12)
            extra = [(dd, "NVRM: Xid (PCI:0000:52:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000000a4e1f0) is marked for remapping, reset gpu to activate.")]
        node_basics(b, "", h, J, hi, t_end, style="syslog", kname="kern.log", extra_k=extra, nhc=(hi != bad_hi))
    bus = J.bus[bad_l]
    b.add(f"{hosts[bad_hi]}/epilog.log",
          f"{f_sys(t_end + timedelta(seconds=31))} {hosts[bad_hi]} nhc[41877]: Node Health Check starting (epilog).\n"
          f"{f_sys(t_end + timedelta(seconds=33))} {hosts[bad_hi]} nhc[41877]: ERROR:  nhc:  Health check failed:  check_nv_healthmon:  nvidia-smi exited 15: Unable to determine the device handle for GPU0000:{bus.upper()}:00.0: Unknown Error\n"
          f"{f_sys(t_end + timedelta(seconds=33))} {hosts[bad_hi]} nhc[41877]: Node Health Check failed.  Marking node {hosts[bad_hi]} offline.\n")
    b.add(f"{hosts[bad_hi]}/nvidia-smi.txt", f"Unable to determine the device handle for GPU0000:{bus.upper()}:00.0: Unknown Error\n")
    b.add(f"{hosts[bad_hi]}/scontrol_show_node.txt",
          scontrol_node(hosts[bad_hi], "IDLE+DRAIN", "NHC: check_nv_healthmon: nvidia-smi exited 15", t_end + timedelta(seconds=33), last_busy=t_end))
    b.add(f"{hosts[0]}/sacct.txt", sacct(482113, "pretrain_gpt_8b", [
        ("", "pretrain_gpt_8b", "FAILED", "1:0", t0, t_end, 1792),
        (".batch", "batch", "FAILED", "1:0", t0, t_end, 224),
        (".extern", "extern", "COMPLETED", "0:0", t0, t_end, 1792),
        (".0", "torchrun", "FAILED", "1:0", t0 + timedelta(seconds=2), t_end, 1792)], compress_hosts(hosts)))
    b.set_label("gpu_hardware", "infrastructure", hosts[bad_hi], bad_r, "restart_without_node",
                "gpu-b-106's kernel log shows Xid 79 (GPU 0000:c3 = GPU 5, rank 45) fell off the bus ten minutes before every other rank hit the NCCL watchdog timeout; rank 45 never reported and NHC drained the node afterwards. The Xid 63 on gpu-b-103 is an old benign row-remap record.",
                "https://github.com/rwth-i6/returnn/issues/1486")
    return b


MEG_TRAIN = [
    ('/workspace/megatron-lm/pretrain_gpt.py', 264, '<module>', 'pretrain('),
    ('/workspace/megatron-lm/megatron/training/training.py', 349, 'pretrain', 'iteration, num_floating_point_operations_so_far = train('),
    ('/workspace/megatron-lm/megatron/training/training.py', 1289, 'train', 'train_step(forward_step_func,'),
    ('/workspace/megatron-lm/megatron/training/training.py', 730, 'train_step', 'losses_reduced = forward_backward_func('),
    ('/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py', 452, 'forward_backward_no_pipelining', 'backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)'),
    ('/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py', 366, 'backward_step', 'torch.autograd.backward(output_tensor[0], grad_tensors=output_tensor_grad[0])'),
    ('/usr/local/lib/python3.10/dist-packages/torch/autograd/__init__.py', 289, 'backward', '_engine_run_backward('),
    ('/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py', 768, '_engine_run_backward', 'return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass'),
]

DS_TRAIN = [
    ('/home/svc-llm/proj/train_ds.py', 412, '<module>', 'main()'),
    ('/home/svc-llm/proj/train_ds.py', 377, 'main', 'loss = engine(batch)'),
    ('/usr/local/lib/python3.10/dist-packages/deepspeed/utils/nvtx.py', 15, 'wrapped_fn', 'ret_val = func(*args, **kwargs)'),
    ('/usr/local/lib/python3.10/dist-packages/deepspeed/runtime/engine.py', 1899, 'forward', 'loss = self.module(*inputs, **kwargs)'),
    ('/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py', 1553, '_wrapped_call_impl', 'return self._call_impl(*args, **kwargs)'),
    ('/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py', 1562, '_call_impl', 'return forward_call(*args, **kwargs)'),
    ('/home/svc-llm/proj/model/llama.py', 233, 'forward', 'h = layer(h, freqs_cis, mask)'),
]

CUDA_TAIL = ["CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below might be incorrect.",
             "For debugging consider passing CUDA_LAUNCH_BLOCKING=1",
             "Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.", ""]


def py_tb(r, frames, exc_lines, prefix=None):
    pre = f"[rank{r}]: " if prefix is None else prefix
    out = ["Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'  File "{f}", line {ln}, in {fn}')
        out.append(f"    {code}")
    out += exc_lines
    return "\n".join(pre + x for x in out)


def megatron_nodefiles_std(b, pre, J, t_end, style, kname, extra_by_hi=None, smi=False):
    extra_by_hi = extra_by_hi or {}
    for hi, h in enumerate(J.hosts):
        node_basics(b, pre, h, J, hi, t_end, style=style, kname=kname, extra_k=extra_by_hi.get(hi, ()),
                    smi_name="nvidia-smi.txt" if smi else None)


@case
def p02_rank_crash_ecc_message_deepspeed():
    b = Bundle("p02_rank_crash_ecc_message_deepspeed")
    rng = b.rng
    hosts = [f"dgxa100-{n:02d}" for n in (3, 4, 5, 6)]
    t0 = T(2024, 3, 22, 18, 40, 5)
    J = Job(b, hosts, 77314, t0, gpu="A100", per_gpu_tasks=True, subnet="172.20.8", first_octet=43,
            nccl="2.19.3+cuda12.3", torch_ver="2.2.0a0+81ea7a4")
    bad_hi, bad_l = 2, 6
    bad_r = J.rank(bad_hi, bad_l)
    J.con.add(t0, None, sbatch_header(J, "llama13b-ds", cmd="srun -l --ntasks-per-node=8 --gpus-per-task=1 python train_ds.py --deepspeed ds_zero2.json").rstrip())
    J.nccl_init(t0 + timedelta(seconds=61), ranks=[0, 8, 16, 24])
    J.say(t0 + timedelta(seconds=40), 0, f"[{f_py(t0 + timedelta(seconds=40))}] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda (auto detect)")
    J.say(t0 + timedelta(seconds=44), 0, f"[{f_py(t0 + timedelta(seconds=44))}] [INFO] [comm.py:637:init_distributed] cdb=None")
    J.say(t0 + timedelta(seconds=44), 0, f"[{f_py(t0 + timedelta(seconds=44))}] [INFO] [comm.py:652:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl")
    J.say(t0 + timedelta(seconds=90), 0, f"[{f_py(t0 + timedelta(seconds=90))}] [INFO] [config.py:984:print] DeepSpeedEngine configuration:\n[{f_py(t0 + timedelta(seconds=90))}] [INFO] [config.py:988:print]   zero_optimization_stage ...... 2")
    t, it = progress(J, "ds", t0 + timedelta(seconds=120), 0, 2350, 3.9, 10, gbs=512)
    t_x = t + timedelta(seconds=2, microseconds=771000)
    bus = J.bus[bad_l]
    exc = ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_TAIL
    J.say(t_x + timedelta(milliseconds=140), bad_hi, py_tb(bad_r, DS_TRAIN, exc), bad_l)
    J.say(t_x + timedelta(milliseconds=300), bad_hi, f"[rank{bad_r}]:[E{f_glog_new(t_x, rng)} ProcessGroupNCCL.cpp:1316] [PG 0 Rank {bad_r}] Future for ProcessGroup abort timed out after 600000 ms", bad_l)
    reason = f"NET/IB : Got completion from peer {J.ip(bad_hi)}<41236> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:{J.ip(1)} remoteGids::ffff:{J.ip(bad_hi)} hca mlx5_2"
    t_r = t_x + timedelta(seconds=9)
    for hi in range(4):
        for l in range(8):
            r = J.rank(hi, l)
            if r == bad_r:
                continue
            d = jitter(rng, t_r, 3000)
            if hi == bad_hi or rng.random() < 0.6:
                rr = reason.replace(f"localGid ::ffff:{J.ip(1)}", f"localGid ::ffff:{J.ip(hi)}")
                J.say(d, hi, nccl_remote_error(d, rng, r, 91337, rr if hi != bad_hi else "NCCL error: unhandled cuda error (run with NCCL_DEBUG=INFO for details)"), l)
            else:
                J.say(d, hi, watchdog_timeout(d + timedelta(seconds=600), rng, r, 91337), l)
    b.add(f"{hosts[0]}/slurm-77314.out", J.con.render())
    t_end = t_x + timedelta(seconds=640)
    codes = [(bad_hi, "Exited with exit code 1")] + [(hi, "Killed") for hi in (0, 1, 3)]
    err = f"srun: error: {hosts[bad_hi]}: task {bad_r}: Exited with exit code 1\n"
    err += "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
    err += f"slurmstepd: error: *** STEP 77314.0 ON {hosts[0]} CANCELLED AT {f_iso(t_x + timedelta(seconds=30))} ***\n"
    for hi in (0, 1, 3, 2):
        err += f"srun: error: {hosts[hi]}: tasks {J.rank(hi, 0)}-{J.rank(hi, 7)}: Killed\n" if hi != bad_hi else f"srun: error: {hosts[hi]}: tasks {J.rank(hi, 0)}-{J.rank(hi, 5)},{J.rank(hi, 7)}: Killed\n"
    b.add(f"{hosts[0]}/slurm-77314.err", err)
    extra = {bad_hi: [(t_x, f"NVRM: Xid (PCI:0000:{bus}:00): 48, pid={J.pid(bad_hi, bad_l)}, name=python, Ch 00000008, An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer at partition 3, subpartition 1."),
                      (t_x + timedelta(milliseconds=4), f"NVRM: Xid (PCI:0000:{bus}:00): 64, pid={J.pid(bad_hi, bad_l)}, name=python, Row Remapper Error: failed to remap row (0x00000000004e71c0): no spare rows left in bank."),
                      (t_x + timedelta(milliseconds=9), f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid={J.pid(bad_hi, bad_l)}, name=python, Ch 00000008")],
             0: [(t0 + timedelta(minutes=37, seconds=12), "mce: [Hardware Error]: Machine check events logged"),
                 (t0 + timedelta(minutes=37, seconds=12), "EDAC MC1: 1 CE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x3f1a2c offset:0x340 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:1 imc:0 rank:0 bg:2 ba:1 row:0x1e3a col:0x2c8)")]}
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", extra_k=extra.get(hi, ()), driver="535.161.08", nhc=False)
    q = healthy_q(rng, 8)
    q[bad_l].update({"ecc_v": (0, 0, 0, 1), "ecc_a": (0, 0, 14, 3), "remap": (0, 8, "No", "Yes")})
    b.add(f"{hosts[bad_hi]}/nvidia-smi-q.txt", smi_q(t_end, "535.161.08", "12.2", q, gpu_name="NVIDIA A100-SXM4-80GB", bus=A100_BUS))
    for hi in (0, 1, 3):
        b.add(f"{hosts[hi]}/nvidia-smi-q.txt", smi_q(t_end, "535.161.08", "12.2", healthy_q(rng, 8), gpu_name="NVIDIA A100-SXM4-80GB", bus=A100_BUS))
    b.add(f"{hosts[0]}/free-g.txt", free_g(2015, 96, 1822, 2, 97, 1909))
    b.set_label("gpu_memory", "infrastructure", hosts[bad_hi], bad_r, "restart_without_node",
                "Rank 22 (dgxa100-05 GPU 6, PCI b7) died with 'uncorrectable ECC error encountered'; dmesg shows Xid 48 DBE followed by Xid 64 and nvidia-smi -q reports Remapping Failure Occurred: Yes. Peers' NCCL remote errors are sympathetic; the EDAC CE on dgxa100-03 is a corrected host DIMM error.",
                "https://github.com/vllm-project/vllm/issues/5222")
    return b


@case
def p03_one_rank_exits_nemo_ecc_then_idle():
    b = Bundle("p03_one_rank_exits_nemo_ecc_then_idle")
    rng = b.rng
    hosts = ["hgx-sjc2-r12-03", "hgx-sjc2-r12-04", "hgx-sjc2-r14-01", "hgx-sjc2-r14-02"]
    t0 = T(2024, 7, 2, 9, 15, 40)
    J = Job(b, hosts, 1120445, t0, subnet="10.40.12", first_octet=33)
    bad_hi, bad_l = 1, 5
    bad_r = J.rank(bad_hi, bad_l)
    J.con.add(t0, None, sbatch_header(J, "nemo-gpt-20b", cmd="srun --label --ntasks-per-node=8 python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py --config-name=gpt_20b").rstrip())
    J.per_gpu_tasks = True
    J.con.width = 2
    J.say(t0 + timedelta(seconds=30), 0, f"[NeMo I {t0 + timedelta(seconds=30):%Y-%m-%d %H:%M:%S} exp_manager:396] Experiments will be logged at /lustre/nemo/results/gpt20b/2024-07-02_09-15-58")
    J.say(t0 + timedelta(seconds=31), 0, f"[NeMo W {t0 + timedelta(seconds=31):%Y-%m-%d %H:%M:%S} exp_manager:630] There were no checkpoints found in checkpoint_dir or no checkpoint folder at checkpoint_dir :/lustre/nemo/results/gpt20b/checkpoints. Training from scratch.")
    J.say(t0 + timedelta(seconds=32), 0, "GPU available: True (cuda), used: True\nTPU available: False, using: 0 TPU cores\nHPU available: False, using: 0 HPUs")
    J.nccl_init(t0 + timedelta(seconds=70), ranks=[0, 8, 16, 24], plugin="sharp")
    J.say(t0 + timedelta(seconds=95), 0, "  | Name  | Type     | Params | Mode \n-------------------------------------------\n0 | model | GPTModel | 5.2 B  | train\n-------------------------------------------")
    t, it = progress(J, "nemo", t0 + timedelta(seconds=130), 0, 3480, 2.7, 20, total=60000, gbs=1024)
    t_x = t + timedelta(seconds=1, microseconds=90000)
    bus = J.bus[bad_l]
    exc = ["RuntimeError: CUDA error: uncorrectable ECC error encountered"] + CUDA_TAIL
    fr = [('/opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py', 42, 'main', 'trainer.fit(model)'),
          ('/usr/local/lib/python3.10/dist-packages/lightning/pytorch/trainer/trainer.py', 543, 'fit', 'call._call_and_handle_interrupt('),
          ('/usr/local/lib/python3.10/dist-packages/lightning/pytorch/loops/training_epoch_loop.py', 250, 'advance', 'batch_output = self.automatic_optimization.run(trainer.optimizers[0], batch_idx, kwargs)'),
          ('/opt/NeMo/nemo/collections/nlp/models/language_modeling/megatron_gpt_model.py', 781, 'training_step', 'loss_mean = self.fwd_bwd_step(dataloader_iter, False)'),
          ('/opt/megatron-lm/megatron/core/pipeline_parallel/schedules.py', 452, 'forward_backward_no_pipelining', 'backward_step(input_tensor, output_tensor, output_tensor_grad, model_type, config)')]
    J.say(t_x + timedelta(milliseconds=200), bad_hi, "Error executing job with overrides: []\n" + py_tb(bad_r, fr, exc, prefix=""), bad_l)
    reason = f"NET/IB : Got completion from peer {J.ip(bad_hi)}<53112> with status=5 opcode=0 len=0 vendor err 249 (Recv) localGid ::ffff:{J.ip(0)} remoteGids::ffff:{J.ip(bad_hi)} hca mlx5_0"
    for hi in range(4):
        for l in range(8):
            r = J.rank(hi, l)
            if r == bad_r:
                continue
            d = jitter(rng, t_x + timedelta(seconds=4), 2500)
            J.say(d, hi, nccl_remote_error(d, rng, r, 41771, reason.replace(f"::ffff:{J.ip(0)}", f"::ffff:{J.ip(hi)}")), l)
    b.add(f"{hosts[0]}/slurm-1120445.out", J.con.render())
    t_end = t_x + timedelta(seconds=40)
    b.add(f"{hosts[0]}/slurm-1120445.err",
          f"srun: error: {hosts[bad_hi]}: task {bad_r}: Exited with exit code 1\nsrun: Job step aborted: Waiting up to 32 seconds for job step to finish.\n"
          f"slurmstepd: error: *** STEP 1120445.0 ON {hosts[0]} CANCELLED AT {f_iso(t_x + timedelta(seconds=8))} ***\n"
          + "".join(f"srun: error: {hosts[hi]}: tasks {J.rank(hi, 0)}-{J.rank(hi, 7)}: Killed\n" for hi in (0, 2, 3)))
    extra = {bad_hi: [(t_x, f"NVRM: Xid (PCI:0000:{bus}:00): 94, pid={J.pid(bad_hi, bad_l)}, name=python, Contained: SM (0x1). RST: No, D-RST: No"),
                      (t_x + timedelta(milliseconds=3), f"NVRM: Xid (PCI:0000:{bus}:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x0000000001c2f9a0) is marked for remapping, reset gpu to activate."),
                      (t_end + timedelta(seconds=70), f"NVRM: GPU at PCI:0000:{bus}:00: GPU-5b21c7e0-44a1-9d3f-0e6a-f1c2b7d8a901"),
                      (t_end + timedelta(seconds=70), f"NVRM: GPU 0000:{bus}:00.0: GPU recovery action changed from 0x1 (GPU Reset Required) to 0x0 (None)")]}
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="jiso", kname="journalctl-k.txt", extra_k=extra.get(hi, ()), nhc=False)
    dd = t_end + timedelta(seconds=95)
    q = healthy_q(rng, 8)
    q[bad_l].update({"ecc_v": (0, 0, 0, 0), "ecc_a": (0, 0, 2, 1), "remap": (0, 1, "No", "No")})
    b.add(f"{hosts[bad_hi]}/epilog/nvidia-smi-q-after-reset.txt", smi_q(dd, "550.90.07", "12.4", q))
    b.add(f"{hosts[bad_hi]}/epilog/epilog.log",
          f"[{f_iso(t_end + timedelta(seconds=62))}] epilog: Xid 94 seen on 0000:{bus}:00.0 during job 1120445 -> nvidia-smi -r -i 5\n"
          f"[{f_iso(t_end + timedelta(seconds=70))}] epilog: GPU 00000000:{bus.upper()}:00.0 was successfully reset.\n"
          f"[{f_iso(t_end + timedelta(seconds=96))}] epilog: running dcgmi diag -r 2\n"
          f"[{f_iso(dd + timedelta(seconds=410))}] epilog: dcgmi diag -r 2 PASS, returning node to service\n")
    b.add(f"{hosts[bad_hi]}/epilog/dcgmi-diag-r2.txt", dcgmi_diag_text(2, "550.90.07", []))
    b.add(f"{hosts[bad_hi]}/scontrol_show_node.txt", scontrol_node(hosts[bad_hi], "IDLE", boot=t0 - timedelta(days=9), last_busy=t_end))
    b.set_label("gpu_memory", "infrastructure", hosts[bad_hi], bad_r, "restart",
                "Rank 13 (hgx-sjc2-r12-04 GPU 5) hit an uncorrectable ECC error that the driver contained (Xid 94) and marked for row remap (Xid 63); after the epilog reset the row is remapped with no pending remap and no remap failure, and dcgmi diag -r 2 passes, so the GPU stays usable and the job can simply restart.",
                "https://github.com/leptonai/gpud/pull/108")
    return b



def simple_job_fail(b, J, fw, script, it_end, step_s, every, pre="", t_start_off=150, it0=0, total=250000, gbs=1024):
    """Common preamble: header, torchrun start, NCCL init, progress. Returns t of last progress line."""
    J.torchrun_start(J.t0 + timedelta(seconds=8))
    J.nccl_init(J.t0 + timedelta(seconds=70))
    t, it = progress(J, fw, J.t0 + timedelta(seconds=t_start_off), it0, it_end, step_s, every, total=total, gbs=gbs)
    return t


@case
def p04_step_stalls_then_nvlink_cuda_error():
    b = Bundle("p04_step_stalls_then_nvlink_cuda_error")
    rng = b.rng
    hosts = [f"hgx-h100-{n:03d}" for n in (21, 22, 23, 24)]
    t0 = T(2024, 8, 19, 22, 4, 51)
    J = Job(b, hosts, 2093317, t0, subnet="10.7.3", first_octet=121)
    bad_hi, bad_l = 2, 2
    bad_r = J.rank(bad_hi, bad_l)
    J.con.add(t0, None, sbatch_header(J, "mixtral-ft", cmd="srun -l torchrun --nnodes 4 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint hgx-h100-021:29400 -m torchtitan.train --job.config_file ./train_configs/mixtral_8x7b.toml").rstrip())
    t = simple_job_fail(b, J, "titan", "torchtitan.train", 2210, 4.4, 10)
    t_x = t + timedelta(seconds=2, microseconds=300000)
    bus = J.bus[bad_l]
    exc = ["RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution"] + CUDA_TAIL
    fr = [('/opt/torchtitan/torchtitan/train.py', 563, '<module>', 'trainer.train()'),
          ('/opt/torchtitan/torchtitan/train.py', 487, 'train', 'self.train_step(data_iterator)'),
          ('/opt/torchtitan/torchtitan/train.py', 402, 'train_step', 'loss = self.forward_backward_step(input_dict, labels)'),
          ('/opt/torchtitan/torchtitan/train.py', 377, 'forward_backward_step', 'loss.backward()')]
    J.say(t_x + timedelta(seconds=31), bad_hi, py_tb(bad_r, fr, exc), bad_l)
    t_r = t_x + timedelta(seconds=36)
    for hi in range(4):
        for l in range(8):
            r = J.rank(hi, l)
            if r == bad_r:
                continue
            d = jitter(rng, t_r + timedelta(seconds=600), 2500) if hi != bad_hi else jitter(rng, t_r, 800)
            if hi == bad_hi:
                J.say(d, hi, f"[rank{r}]:[E{f_glog_new(d, rng)} ProcessGroupNCCL.cpp:1664] [PG 2 Rank {l}] Exception (either an error or timeout) detected by watchdog at work: 77012, last enqueued NCCL work: 77013, last completed NCCL work: 77011.\n"
                      f"[rank{r}]:[E{f_glog_new(d, rng)} ProcessGroupNCCL.cpp:1515] [PG 2 Rank {l}] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution", l)
            else:
                J.say(d, hi, watchdog_timeout(d, rng, r, 154207, op="ALLREDUCE", numel=1), l)
    def ec(r):
        hi, l = divmod(r, 8)
        if r == bad_r:
            return (1, "[Rank %d] RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution" % r)
        return (-6, sig_tb(6, J.pid(hi, l)))
    agents_fail(J, t_r + timedelta(seconds=605), "torchtitan.train", ec, root_pick=lambda hi, f: 0)
    b.add(f"{hosts[0]}/slurm-2093317.out", J.con.render())
    t_end = t_r + timedelta(seconds=640)
    b.add(f"{hosts[0]}/slurm-2093317.err", srun_exit_lines(J, t_end, [(2, "Exited with exit code 1"), (0, "Exited with exit code 1"), (3, "Exited with exit code 1"), (1, "Exited with exit code 1")]))
    base_up = t0 - timedelta(days=11, hours=4)
    extra = {bad_hi: [(t_x, f"NVRM: Xid (PCI:0000:{bus}:00): 74, pid={J.pid(bad_hi, bad_l)}, name=python3, NVLink: fatal error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                      (t_x + timedelta(milliseconds=2), f"NVRM: Xid (PCI:0000:{bus}:00): 74, pid={J.pid(bad_hi, bad_l)}, name=python3, NVLink: fatal error detected on link 7(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)"),
                      (t_x + timedelta(seconds=31), f"NVRM: Xid (PCI:0000:{bus}:00): 45, pid={J.pid(bad_hi, bad_l)}, name=python3, Ch 0000000c"),
                      (t_x + timedelta(seconds=31), f"NVRM: Xid (PCI:0000:{J.bus[3]}:00): 45, pid={J.pid(bad_hi, 3)}, name=python3, Ch 00000010")]}
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="up", kname="dmesg.log", boot=base_up + timedelta(hours=hi), extra_k=extra.get(hi, ()), nhc=False)
    nv = [f"GPU {i}: NVIDIA H100 80GB HBM3 (UUID: GPU-{rng.getrandbits(32):08x}-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(16):04x}-{rng.getrandbits(48):012x})" for i in range(8)]
    out = []
    for i in range(8):
        out.append(nv[i])
        for ln in range(18):
            bad = (i == bad_l and ln in (5, 7))
            rep = rng.randint(3100, 9000) if bad else 0
            rec = rng.randint(2, 9) if bad else 0
            out.append(f"\t Link {ln}: Replay Errors: {rep}")
            out.append(f"\t Link {ln}: Recovery Errors: {rec}")
            out.append(f"\t Link {ln}: CRC Errors: {rng.randint(40, 300) if bad else 0}")
    b.add(f"{hosts[bad_hi]}/nvidia-smi-nvlink-e.txt", "\n".join(out) + "\n")
    st = []
    for i in range(8):
        st.append(nv[i])
        for ln in range(18):
            st.append(f"\t Link {ln}: " + ("<inactive>" if (i == bad_l and ln in (5, 7)) else "26.562 GB/s"))
    b.add(f"{hosts[bad_hi]}/nvidia-smi-nvlink-s.txt", "\n".join(st) + "\n")
    b.set_label("nvlink", "infrastructure", hosts[bad_hi], bad_r, "restart_without_node",
                "Rank 18 (hgx-h100-023 GPU 2, PCI 52) failed with 'uncorrectable NVLink error'; that node's dmesg has fatal Xid 74 on links 5 and 7 and nvidia-smi nvlink shows those links inactive with thousands of replay/CRC errors. The other ranks only hit watchdog timeouts.",
                "https://github.com/MIC-DKFZ/nnUNet/issues/1519")
    return b


@case
def p05_nccl_retry_exceeded_peer_blamed():
    b = Bundle("p05_nccl_retry_exceeded_peer_blamed")
    rng = b.rng
    hosts = [f"cn{n:04d}" for n in range(412, 418)]
    t0 = T(2024, 10, 3, 6, 30, 2)
    J = Job(b, hosts, 5531190, t0, subnet="10.10.3", first_octet=12)
    bad_hi = 3  # cn0415
    J.con.add(t0, None, sbatch_header(J, "gpt-moe-pre", cmd="srun -l torchrun --nnodes=6 --nproc-per-node=8 pretrain_gpt.py --num-experts 16 --expert-model-parallel-size 8").rstrip())
    t = simple_job_fail(b, J, "megatron", "pretrain_gpt.py", 8800, 2.3, 20, it0=7500)
    t_x = t + timedelta(seconds=1, microseconds=550000)
    # peers report IB completion errors toward cn0415
    for hi in range(6):
        for l in range(8):
            r = J.rank(hi, l)
            d = jitter(rng, t_x + timedelta(seconds=23), 1800)
            if hi == bad_hi:
                reason = f"NET/IB : Got completion from peer {J.ip(0)}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Send) localGid ::ffff:{J.ip(bad_hi)} remoteGids::ffff:{J.ip(0)} hca mlx5_{[0, 3, 4, 5][l % 4]}"
            else:
                reason = f"NET/IB : Got completion from peer {J.ip(bad_hi)}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{J.ip(hi)} remoteGids::ffff:{J.ip(bad_hi)} hca mlx5_{[0, 3, 4, 5][l % 4]}"
            hdr = f"{hosts[hi]}:{J.pid(hi, l)}:{J.pid(hi, l) + 311} [{l}] transport/net_ib.cc:1696 NCCL WARN {reason}"
            if hi in (bad_hi, 0, 2, 4) or l < 4:
                J.say(d - timedelta(milliseconds=300), hi, hdr, l)
            J.say(d, hi, nccl_remote_error(d, rng, r, 331907, reason, op="ALLTOALL_BASE", numel=8388608, pg="7 (EXPERT_MODEL_PARALLEL_GROUP)") if l < 8 else "", l)
    def ec(r):
        hi, l = divmod(r, 8)
        return (-6, sig_tb(6, J.pid(hi, l)))
    agents_fail(J, t_x + timedelta(seconds=26), "pretrain_gpt.py", ec)
    b.add(f"{hosts[0]}/slurm-5531190.out", J.con.render())
    t_end = t_x + timedelta(seconds=70)
    b.add(f"{hosts[0]}/slurm-5531190.err", srun_exit_lines(J, t_end, [(1, "Exited with exit code 1"), (3, "Exited with exit code 1"), (0, "Exited with exit code 1"), (2, "Exited with exit code 1"), (4, "Exited with exit code 1"), (5, "Exited with exit code 1")]))
    flap = []
    for k in range(4):
        dd = t_x - timedelta(seconds=40) + timedelta(seconds=k * 19, milliseconds=rng.randint(0, 900))
        flap.append((dd, "mlx5_core 0000:9a:00.0: mlx5_port_module_event:1175:(pid 0): Port module event[error]: module 3, Cable error, High power cable"))
        flap.append((dd + timedelta(milliseconds=40), "mlx5_core 0000:9a:00.0 ibp154s0: Link down"))
        flap.append((dd + timedelta(seconds=6), "mlx5_core 0000:9a:00.0 ibp154s0: Link up"))
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="syslog", kname="messages-kernel.txt", extra_k=flap if hi == bad_hi else (), nhc=False)
        g0 = 0x0c42a10300a4b000 + hi * 0x100
        ports = [(f"mlx5_{x}", "Active", "LinkUp", 400, 100 + hi * 8 + k, g0 + k) for k, x in enumerate([0, 3, 4, 5, 6, 9, 10, 11])]
        if hi == bad_hi:
            ports[2] = ("mlx5_4", "Down", "Polling", 10, 65535, g0 + 2)
        b.add(f"{h}/ibstat.txt", ibstat(ports))
    b.add(f"{hosts[bad_hi]}/mlxlink-mlx5_4.txt",
          "Operational Info\n----------------\nState                              : Polling\nPhysical state                     : N/A\nSpeed                              : N/A\nWidth                              : N/A\nFEC                                : N/A\nLoopback Mode                      : No Loopback\nAuto Negotiation                   : ON\n\n"
          "Supported Info\n--------------\nEnabled Link Speed                 : 0x00000070 (NDR,HDR,EDR)\nSupported Cable Speed              : 0x00000070 (NDR,HDR,EDR)\n\n"
          "Troubleshooting Info\n--------------------\nStatus Opcode                      : 1024\nGroup Opcode                       : PHY FW\nRecommendation                     : Cable is unplugged or damaged\n\n"
          "Physical Counters and BER Info\n------------------------------\nTime Since Last Clear [Min]        : 2841.6\nLink Down Counter                  : 17\nLink Error Recovery Counter        : 0\nEffective Physical Errors          : 4412\nEffective Physical BER             : 3E-09\nRaw Physical Errors Per Lane       : 0,0,15533,0\nRaw Physical BER                   : 8E-06\n")
    b.set_label("network", "infrastructure", hosts[bad_hi], None, "restart_without_node",
                "All NCCL IB completion errors (status 12, retry exceeded) point at 10.10.3.15 = cn0415, whose kernel log shows mlx5_4 (0000:9a) flapping with a cable error and whose ibstat/mlxlink show the port Down/Polling with 17 link-down events. cn0415's own ranks blame cn0412 (10.10.3.12), which is only the far end of the broken link.",
                "https://github.com/NVIDIA/nccl/issues/902")
    return b



@case
def p06_four_nodes_drop_within_one_second():
    b = Bundle("p06_four_nodes_drop_within_one_second")
    rng = b.rng
    hosts = [f"a3-r07-n{n:02d}" for n in range(1, 13)]
    t0 = T(2024, 11, 8, 23, 50, 14)
    J = Job(b, hosts, 908812, t0, subnet="10.71.7", first_octet=11)
    b.topology = {"ib-leaf-r07a": hosts[0:4], "ib-leaf-r07b": hosts[4:8], "ib-leaf-r07c": hosts[8:12]}
    J.con.add(t0, None, sbatch_header(J, "llama70b-cpt", cmd="srun -l torchrun --nnodes=12 --nproc-per-node=8 pretrain_gpt.py --tensor-model-parallel-size 8 --pipeline-model-parallel-size 3").rstrip())
    t = simple_job_fail(b, J, "megatron", "pretrain_gpt.py", 1420, 9.8, 5, it0=1000)
    t_x = t + timedelta(seconds=4, microseconds=101000)
    down = range(4, 8)
    for hi in range(12):
        for l in range(8):
            r = J.rank(hi, l)
            d = jitter(rng, t_x + timedelta(seconds=22 + (0 if hi in down else 3)), 2000)
            peer = 4 + (hi + l) % 4 if hi not in down else (hi + 4) % 12
            reason = f"NET/IB : Got completion from peer {J.ip(peer)}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{J.ip(hi)} remoteGids::ffff:{J.ip(peer)} hca mlx5_{[0, 3, 4, 5, 6, 9, 10, 11][l]}"
            J.say(d, hi, nccl_remote_error(d, rng, r, 48211, reason, op="SEND" if l % 2 else "RECV", numel=50331648, pg="3 (PIPELINE_MODEL_PARALLEL_GROUP)"), l)
    agents_fail(J, t_x + timedelta(seconds=30), "pretrain_gpt.py", lambda r: (-6, sig_tb(6, J.pid(*divmod(r, 8)))))
    b.add(f"{hosts[0]}/slurm-908812.out", J.con.render())
    t_end = t_x + timedelta(seconds=80)
    b.add(f"{hosts[0]}/slurm-908812.err", srun_exit_lines(J, t_end, [(hi, "Exited with exit code 1") for hi in (5, 4, 7, 6, 0, 1, 2, 3, 8, 9, 10, 11)]))
    for hi, h in enumerate(hosts):
        extra = []
        if hi in down:
            for k, (pci, ifn) in enumerate([("0000:0c:00.0", "ibp12s0"), ("0000:2a:00.0", "ibp42s0"), ("0000:41:00.0", "ibp65s0"), ("0000:58:00.0", "ibp88s0")]):
                dd = t_x + timedelta(milliseconds=rng.randint(0, 700))
                extra.append((dd, f"mlx5_core {pci} {ifn}: Link down"))
                extra.append((dd + timedelta(seconds=171 + hi), f"mlx5_core {pci} {ifn}: Link up"))
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg-T.txt", extra_k=extra, nhc=False)
        g0 = 0xb83fd203009e4000 + hi * 0x100
        ports = [(f"mlx5_{x}", "Active", "LinkUp", 400, 200 + hi * 8 + k, g0 + k) for k, x in enumerate([0, 3, 4, 5, 6, 9, 10, 11])]
        b.add(f"{h}/ibstat.txt", ibstat(ports))
        if hi in down:
            b.add(f"{h}/perfquery-mlx5_0.txt", "# Port counters: Lid %d port 1 (CapMask: 0x5A00)\nPortSelect:......................1\nCounterSelect:...................0x0000\nSymbolErrorCounter:..............0\nLinkErrorRecoveryCounter:........0\nLinkDownedCounter:...............1\nPortRcvErrors:...................0\nPortRcvRemotePhysicalErrors:.....0\nPortRcvSwitchRelayErrors:........0\nPortXmitDiscards:................18223\nPortXmitConstraintErrors:........0\nPortRcvConstraintErrors:.........0\nCounterSelect2:..................0x00\nLocalLinkIntegrityErrors:........0\nExcessiveBufferOverrunErrors:....0\nVL15Dropped:.....................0\nPortXmitData:....................4212208193102\nPortRcvData:.....................4211993310044\nPortXmitPkts:....................2210331129\nPortRcvPkts:.....................2210027741\n" % (200 + hi * 8))
    b.set_label("network", "infrastructure", None, None, "restart",
                "All four nodes behind leaf switch ib-leaf-r07b (a3-r07-n05..n08) logged link down on every HCA port within the same second and came back ~3 minutes later, while nodes on the other leaves stayed up; the NCCL retry-exceeded errors all point at those four nodes. A shared switch event, not one node.",
                "https://github.com/NVIDIA/nccl-tests/issues/193")
    return b


LUSTRE_EVICT = [
    "Lustre: lfs01-OST0007-osc-ffff9b41c7d2a000: Connection to lfs01-OST0007 (at 10.50.0.17@o2ib) was lost; in progress operations using this service will wait for recovery to complete",
    "LustreError: 11-0: lfs01-OST0007-osc-ffff9b41c7d2a000: operation ost_write to node 10.50.0.17@o2ib failed: rc = -107",
    "LustreError: 167-0: lfs01-OST0007-osc-ffff9b41c7d2a000: This client was evicted by lfs01-OST0007; in progress operations using this service will fail.",
    "Lustre: lfs01-OST0007-osc-ffff9b41c7d2a000: Connection restored to 10.50.0.17@o2ib (at 10.50.0.17@o2ib)",
]


@case
def p07_checkpoint_save_never_returns():
    b = Bundle("p07_checkpoint_save_never_returns")
    rng = b.rng
    hosts = ["gpu-e-210", "gpu-e-211", "gpu-e-215", "gpu-e-219"]
    t0 = T(2024, 6, 5, 13, 0, 31)
    J = Job(b, hosts, 3311872, t0, subnet="10.20.9", first_octet=110)
    J.con.add(t0, None, sbatch_header(J, "gpt13b", cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 pretrain_gpt.py --save /lustre/llm/ckpt/gpt13b --save-interval 2000").rstrip())
    t = simple_job_fail(b, J, "megatron", "pretrain_gpt.py", 6000, 3.2, 20, it0=4000)
    t_s = t + timedelta(seconds=1)
    J.say(t_s, 3, f"saving checkpoint at iteration    6000 to /lustre/llm/ckpt/gpt13b in torch_dist format", 7)
    t_ev = t_s + timedelta(seconds=41)
    # ranks writing shards fail with I/O errors after eviction, others wait in barrier and time out
    fr = [('/workspace/megatron-lm/megatron/training/training.py', 1401, 'train', 'save_checkpoint_and_time(iteration, model, optimizer,'),
          ('/workspace/megatron-lm/megatron/training/checkpointing.py', 409, 'save_checkpoint', 'async_save_request = dist_checkpointing.save(state_dict, checkpoint_name, save_strategy,'),
          ('/workspace/megatron-lm/megatron/core/dist_checkpointing/strategies/filesystem_async.py', 241, 'write_preloaded_data', 'with open(file_name, "wb") as stream:')]
    writers = [J.rank(1, 3), J.rank(2, 0), J.rank(3, 5)]
    for r in writers:
        hi, l = divmod(r, 8)
        d = jitter(rng, t_ev + timedelta(seconds=3), 900)
        J.say(d, hi, py_tb(r, fr, [f"OSError: [Errno 108] Cannot send after transport endpoint shutdown: '/lustre/llm/ckpt/gpt13b/iter_0006000/__{r}_0.distcp'"]), l)
    all_ranks_timeout(J, t_s + timedelta(seconds=1800, milliseconds=400), 712044, skip=set(writers), op="ALLGATHER", numel=64, timeout_ms=1800000)
    agents_fail(J, t_s + timedelta(seconds=1808), "pretrain_gpt.py", lambda r: (1 if r in writers else -6, ("[Rank %d] OSError: [Errno 108] Cannot send after transport endpoint shutdown" % r) if r in writers else sig_tb(6, J.pid(*divmod(r, 8)))))
    b.add(f"{hosts[0]}/slurm-3311872.out", J.con.render())
    t_end = t_s + timedelta(seconds=1850)
    b.add(f"{hosts[0]}/slurm-3311872.err", srun_exit_lines(J, t_end, [(1, "Exited with exit code 1"), (2, "Exited with exit code 1"), (3, "Exited with exit code 1"), (0, "Exited with exit code 1")]))
    for hi, h in enumerate(hosts):
        extra = []
        base = t_ev + timedelta(milliseconds=rng.randint(0, 4000))
        for k, m in enumerate(LUSTRE_EVICT):
            m = m.replace("ffff9b41c7d2a000", "ffff%012x" % rng.getrandbits(48))
            extra.append((base + timedelta(seconds=[0, 0.2, 38, 39][k]), m))
        extra.append((base + timedelta(seconds=130), f"INFO: task python3:{J.pid(hi, 2)} blocked for more than 120 seconds."))
        extra.append((base + timedelta(seconds=130), "      Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"))
        extra.append((base + timedelta(seconds=130), "\"echo 0 > /proc/sys/kernel/hung_task_timeout_secs\" disables this message."))
        extra.append((base + timedelta(seconds=130), "task:python3         state:D stack:    0 pid:%d ppid:%d flags:0x00004002" % (J.pid(hi, 2), J.agent_pid[h])))
        extra.append((base + timedelta(seconds=130), "Call Trace:\n <TASK>\n __schedule+0x2cd/0x890\n schedule+0x69/0x110\n cl_sync_io_wait+0x1d4/0x2f0 [obdclass]\n ll_file_io_generic+0x4c3/0x9e0 [lustre]\n ll_file_write_iter+0x47d/0x780 [lustre]\n vfs_write+0x1c2/0x280\n ksys_write+0x67/0xf0\n </TASK>"))
        node_basics(b, "", h, J, hi, t_end, style="syslog", kname="kern.log", extra_k=extra)
        b.add(f"{h}/df-h.txt", std_df("71%"))
    b.add(f"{hosts[2]}/lfs_check_servers.txt", "lfs01-MDT0000-mdc-ffff9b41c7d2a000 active.\nlfs01-OST0000-osc-ffff9b41c7d2a000 active.\nlfs01-OST0007-osc-ffff9b41c7d2a000 active.\n")
    b.set_label("storage", "infrastructure", None, None, "restart",
                "The checkpoint at iteration 6000 never completed: every node's kernel log shows the Lustre client losing lfs01-OST0007 and being evicted at the same moment, with writers hung in D state in ll_file_write_iter and three ranks failing with Errno 108; the other ranks' 30-minute ALLGATHER timeouts are sympathetic. A shared filesystem fault affecting all nodes.",
                "https://github.com/Lightning-AI/pytorch-lightning/issues/9611")
    return b


@case
def p08_checkpoint_write_errno28():
    b = Bundle("p08_checkpoint_write_errno28")
    rng = b.rng
    hosts = ["p5-dy-gpu-1", "p5-dy-gpu-2", "p5-dy-gpu-3", "p5-dy-gpu-4"]
    t0 = T(2025, 1, 17, 4, 11, 9)
    J = Job(b, hosts, 14421, t0, subnet="172.31.44", first_octet=20, per_gpu_tasks=True)
    J.con.add(t0, None, sbatch_header(J, "nemo-llama3-8b", cmd="srun --label python /opt/NeMo/examples/nlp/language_modeling/megatron_gpt_pretraining.py exp_manager.checkpoint_callback_params.every_n_train_steps=1000").rstrip())
    J.nccl_init(t0 + timedelta(seconds=60), ranks=[0, 8, 16, 24], plugin="aws")
    for r in (0, 8, 16, 24):
        J.say(t0 + timedelta(seconds=59), r // 8, f"{hosts[r // 8]}:{J.pid(r // 8, 0)}:{J.pid(r // 8, 0)} [0] NCCL INFO NET/OFI Initializing aws-ofi-nccl 1.11.0-aws", 0)
    t, it = progress(J, "nemo", t0 + timedelta(seconds=120), 0, 3000, 1.9, 50, total=100000, gbs=512)
    t_s = t + timedelta(seconds=1)
    J.say(t_s, 0, f"[NeMo I {t_s:%Y-%m-%d %H:%M:%S} nemo_model_checkpoint:498] Saving checkpoint to /fsx/nemo/results/llama3-8b/checkpoints/megatron_gpt--val_loss=2.31-step=2999-consumed_samples=1535488.0.ckpt")
    fr = [('/usr/local/lib/python3.10/dist-packages/lightning/pytorch/callbacks/model_checkpoint.py', 390, '_save_checkpoint', 'trainer.save_checkpoint(filepath, self.save_weights_only)'),
          ('/opt/NeMo/nemo/utils/callbacks/dist_ckpt_io.py', 156, 'save_checkpoint', 'dist_checkpointing.save(sharded_state_dict=checkpoint, checkpoint_dir=path, sharded_strategy=self.save_sharded_strategy)'),
          ('/opt/megatron-lm/megatron/core/dist_checkpointing/strategies/filesystem_async.py', 253, 'write_preloaded_data', 'stream.write(data)')]
    fails = [3, 12, 17, 30, 9]
    for k, r in enumerate(fails):
        d = t_s + timedelta(seconds=64 + k * 2, milliseconds=rng.randint(0, 999))
        J.say(d, r // 8, py_tb(r, fr, ["OSError: [Errno 28] No space left on device"]), r % 8)
    J.say(t_s + timedelta(seconds=75), 0, py_tb(0, fr[:2], ["RuntimeError: Worker failure: [Errno 28] No space left on device (rank 3)"]), 0)
    t_end = t_s + timedelta(seconds=110)
    b.add(f"{hosts[0]}/slurm-14421.out", J.con.render())
    b.add(f"{hosts[0]}/slurm-14421.err", f"srun: error: {hosts[0]}: task 3: Exited with exit code 1\nsrun: Job step aborted: Waiting up to 32 seconds for job step to finish.\nslurmstepd: error: *** STEP 14421.0 ON {hosts[0]} CANCELLED AT {f_iso(t_end - timedelta(seconds=20))} ***\n"
          + "".join(f"srun: error: {hosts[hi]}: tasks {hi * 8}-{hi * 8 + 7}: Killed\n" for hi in (1, 2, 3)))
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", nhc=False)
        b.add(f"{h}/df.txt", df_h([("/dev/root", "485G", "61G", "424G", "13%", "/"),
                                    ("tmpfs", "1008G", "0", "1008G", "0%", "/dev/shm"),
                                    ("/dev/md0", "28T", "812G", "27T", "3%", "/opt/dlami/nvme"),
                                    ("172.31.7.19@tcp:/x4zkbbev", "12T", "12T", "0", "100%", "/fsx")]))
    b.add(f"{hosts[0]}/lfs_df_h.txt",
          "UUID                       bytes        Used   Available Use% Mounted on\n"
          "x4zkbbev-MDT0000_UUID       2.9T       41.2G        2.8T   2% /fsx[MDT:0]\n"
          + "".join(f"x4zkbbev-OST{k:04x}_UUID        1.1T        1.1T      {rng.randint(1, 40)}.{rng.randint(0, 9)}M 100% /fsx[OST:{k}]\n" for k in range(11))
          + "\nfilesystem_summary:        12.0T       12.0T      211.4M 100% /fsx\n")
    b.set_label("storage", "infrastructure", None, None, "stop",
                "The NeMo checkpoint at step 3000 failed on several ranks across nodes with Errno 28; df and lfs df show the shared /fsx Lustre filesystem (all OSTs) at 100%. Retrying cannot help until someone frees space, so stop.",
                "https://github.com/awslabs/awsome-distributed-ai/pull/1225")
    return b


@case
def p09_job_killed_node_failure_no_logs():
    b = Bundle("p09_job_killed_node_failure_no_logs")
    rng = b.rng
    hosts = [f"gpu{n:03d}" for n in range(17, 25)]
    t0 = T(2024, 9, 12, 20, 1, 44)
    J = Job(b, hosts, 4412, t0, subnet="10.1.0", first_octet=17)
    bad_hi = 4
    J.con.add(t0, None, sbatch_header(J, "vit-g-pretrain", cmd="srun -l torchrun --nnodes=8 --nproc-per-node=8 train_vit.py --config vitg14.yaml").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=70))
    t = t0 + timedelta(seconds=100)
    for ep in range(0, 3):
        for k in range(0, 1000, 100):
            t += timedelta(seconds=100 * 1.42 * (1 + rng.uniform(-0.01, 0.01)))
            J.say(t, 0, f"{f_py(t)} INFO train.py:214 epoch {ep} iter {k + 100}/1251 loss {3.9 - ep * 0.6 - k / 4000 + rng.uniform(-0.02, 0.02):.4f} lr {1e-3 * min(1, (ep * 1251 + k) / 2000):.3e} img/s {rng.randint(14100, 14400)}")
    t_x = t + timedelta(seconds=31)
    for hi in range(8):
        if hi == bad_hi:
            continue
        for l in range(8):
            r = J.rank(hi, l)
            d = jitter(rng, t_x + timedelta(seconds=17 + rng.randint(0, 5)), 900)
            reason = f"socketProgress: Connection closed by remote peer {hosts[bad_hi]}.cluster.local<{rng.randint(40000, 60000)}>" if l % 2 else f"NET/IB : Got completion from peer {J.ip(bad_hi)}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{J.ip(hi)} remoteGids::ffff:{J.ip(bad_hi)} hca mlx5_{l}"
            J.say(d, hi, nccl_remote_error(d, rng, r, 112980, reason, numel=262144000), l)
    agents_fail(J, t_x + timedelta(seconds=24), "train_vit.py", lambda r: None if r // 8 == bad_hi else (-6, sig_tb(6, J.pid(*divmod(r, 8)))))
    b.add(f"{hosts[0]}/slurm-4412.out", J.con.render())
    t_nf = t_x + timedelta(seconds=301)
    b.add(f"{hosts[0]}/slurm-4412.err",
          f"srun: error: {hosts[0]}: task 0: Exited with exit code 1\nsrun: error: {hosts[2]}: task 2: Exited with exit code 1\n"
          + "".join(f"srun: error: {hosts[hi]}: task {hi}: Exited with exit code 1\n" for hi in (1, 3, 5, 6, 7))
          + f"srun: error: Node failure on {hosts[bad_hi]}\n"
          f"slurmstepd: error: *** STEP 4412.0 ON {hosts[0]} CANCELLED AT {f_iso(t_nf)} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***\n"
          f"slurmstepd: error: *** JOB 4412 ON {hosts[0]} CANCELLED AT {f_iso(t_nf)} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***\n")
    t_end = t_nf + timedelta(seconds=30)
    for hi, h in enumerate(hosts):
        if hi == bad_hi:
            continue
        node_basics(b, "", h, J, hi, t_end, style="jiso", kname="journal-kernel.txt", smi_name="nvidia-smi.txt", nhc=False)
        b.add(f"{h}/slurmd.log", f"[{f_iso(t0 - timedelta(seconds=1))}.{rng.randint(100, 999)}] [4412.extern] task/cgroup: _memcg_initialize: job: alloc=1900000MB mem.limit=1900000MB memsw.limit=unlimited\n"
              f"[{f_iso(t0)}.{rng.randint(100, 999)}] launch task StepId=4412.0 request from UID:31044 GID:31044 HOST:10.1.0.17 PORT:{rng.randint(30000, 60000)}\n"
              f"[{f_iso(t_nf + timedelta(seconds=2))}.{rng.randint(100, 999)}] [4412.0] error: *** STEP 4412.0 ON {hosts[0]} CANCELLED AT {f_iso(t_nf)} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***\n"
              f"[{f_iso(t_nf + timedelta(seconds=3))}.{rng.randint(100, 999)}] [4412.0] done with job\n")
    bh = hosts[bad_hi]
    b.add(f"{bh}/COLLECTION_FAILED.txt", f"collect-node-logs.sh {bh} job=4412 at {f_iso(t_end + timedelta(minutes=14))}\nssh: connect to host {bh} port 22: No route to host\nipmitool -I lanplus -H {bh}-bmc chassis power status: Chassis Power is on\n")
    b.add(f"{bh}/scontrol_show_node.txt", scontrol_node(bh, "DOWN+NOT_RESPONDING", "Not responding", t_x + timedelta(seconds=300), reason_user="slurm", last_busy=t_x))
    b.add(f"{bh}/sinfo-R.txt", f"REASON               USER        TIMESTAMP           NODELIST\nNot responding       slurm       {f_iso(t_x + timedelta(seconds=300))} {bh}\n")
    b.set_label("host", "infrastructure", bh, None, "restart_without_node",
                "gpu021 stopped answering mid-epoch: every other node's ranks lost their connections to gpu021 at the same moment, Slurm reported 'Node failure on gpu021' and marked it DOWN+NOT_RESPONDING, and the collector could not even ssh to it. The whole node is gone, not one rank.",
                "https://github.com/sgl-project/sglang/issues/3099")
    return b


@case
def p10_dataloader_worker_killed_rank9():
    b = Bundle("p10_dataloader_worker_killed_rank9")
    rng = b.rng
    hosts = ["sc-a100-031", "sc-a100-032", "sc-a100-033", "sc-a100-034"]
    t0 = T(2024, 2, 27, 10, 20, 0)
    J = Job(b, hosts, 88123, t0, gpu="A100", subnet="10.88.1", first_octet=31, nccl="2.19.3+cuda12.3")
    J.con.add(t0, None, sbatch_header(J, "clip-l14", extra_env=["NUM_WORKERS=16 PREFETCH_FACTOR=8"], cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 train_clip.py --batch-size 512 --workers 16").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=64))
    t = t0 + timedelta(seconds=90)
    for k in range(1, 80):
        t += timedelta(seconds=50 * 0.71 * (1 + rng.uniform(-0.02, 0.02)))
        J.say(t, 0, f"{f_py(t)} | INFO | Train Epoch: 0 [{k * 50 * 16384:>10}/400000000 ({k * 50 * 16384 / 4e6:.0f}%)] Data (t): 0.0{rng.randint(10, 99)} Batch (t): {0.71 + rng.uniform(-0.01, 0.01):.3f}, {16384 / 0.71:.2f}/s, {512 / 0.71:.2f}/s/gpu LR: {5e-4 * min(1, k / 20):.6f} Logit Scale: {14.3 + k * 0.1:.3f} Contrastive_loss: {6.2 - k * 0.03:.4f}")
    t_x = t + timedelta(seconds=17)
    bad_hi, bad_l = 1, 1
    r = J.rank(bad_hi, bad_l)
    wpid = J.pid(bad_hi, bad_l) + 1403
    fr = [('/home/ci/open_clip/src/training/main.py', 502, 'main', 'train_one_epoch(model, data, loss, epoch, optimizer, scaler, scheduler, dist_model, args, tb_writer=writer)'),
          ('/home/ci/open_clip/src/training/train.py', 86, 'train_one_epoch', 'for i, batch in enumerate(dataloader):'),
          ('/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py', 631, '__next__', 'data = self._next_data()'),
          ('/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py', 1329, '_next_data', 'idx, data = self._get_data()'),
          ('/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py', 1295, '_get_data', 'success, data = self._try_get_data()'),
          ('/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py', 1146, '_try_get_data', "raise RuntimeError(f'DataLoader worker (pid(s) {pids_str}) exited unexpectedly') from e")]
    J.say(t_x + timedelta(seconds=1), bad_hi, py_tb(r, fr, [f"RuntimeError: DataLoader worker (pid(s) {wpid}) exited unexpectedly"]), bad_l)
    J.say(t_x, bad_hi, f"[rank{r}]:RuntimeError: DataLoader worker (pid {wpid}) is killed by signal: Killed. ", bad_l)
    for hi in range(4):
        for l in range(8):
            rr = J.rank(hi, l)
            if rr == r:
                continue
            d = jitter(rng, t_x + timedelta(seconds=600, milliseconds=500), 2000)
            J.say(d, hi, watchdog_timeout(d, rng, rr, 15532, numel=428867585), l)
    agents_fail(J, t_x + timedelta(seconds=608), "train_clip.py", lambda x: (1, f"[Rank {x}] RuntimeError: DataLoader worker (pid(s) {wpid}) exited unexpectedly") if x == r else (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
    b.add(f"{hosts[0]}/slurm-88123.out", J.con.render())
    t_end = t_x + timedelta(seconds=640)
    b.add(f"{hosts[0]}/slurm-88123.err",
          f"slurmstepd: error: Detected 1 oom_kill event in StepId=88123.0. Some of the step tasks have been OOM Killed.\n"
          + srun_exit_lines(J, t_end, [(1, "Out Of Memory"), (0, "Exited with exit code 1"), (2, "Exited with exit code 1"), (3, "Exited with exit code 1")]))
    for hi, h in enumerate(hosts):
        extra = []
        if hi == bad_hi:
            extra = [(t_x - timedelta(milliseconds=700), f"pt_data_worker invoked oom-killer: gfp_mask=0x1100cca(GFP_HIGHUSER_MOVABLE), order=0, oom_score_adj=0"),
                     (t_x - timedelta(milliseconds=690), f"CPU: 57 PID: {wpid + 7} Comm: pt_data_worker Tainted: P           OE     5.15.0-105-generic #115-Ubuntu"),
                     (t_x - timedelta(milliseconds=650), "memory: usage 1945600000kB, limit 1945600000kB, failcnt 4117"),
                     (t_x - timedelta(milliseconds=640), "Tasks state (memory values in pages):"),
                     (t_x - timedelta(milliseconds=600), f"oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=step_0,mems_allowed=0-1,oom_memcg=/slurm/uid_31044/job_88123,task_memcg=/slurm/uid_31044/job_88123/step_0/task_1,task=pt_data_worker,pid={wpid},uid=31044"),
                     (t_x - timedelta(milliseconds=590), f"Memory cgroup out of memory: Killed process {wpid} (pt_data_worker) total-vm:71331900kB, anon-rss:38912044kB, file-rss:91200kB, shmem-rss:1844kB, UID:31044 pgtables:80112kB oom_score_adj:0")]
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", extra_k=extra, driver="535.161.08", nhc=False)
        used = rng.randint(1640, 1810)
        b.add(f"{h}/free-g.txt", free_g(2015, used, 2015 - used - 120, 8, 112, 2015 - used - 10))
        top = [f"top - {t_x - timedelta(seconds=40):%H:%M:%S} up {rng.randint(5, 30)} days,  3:{rng.randint(10, 59)},  0 users,  load average: 61.22, 59.80, 57.31",
               "Tasks: 1211 total,  40 running, 1171 sleeping,   0 stopped,   0 zombie",
               f"MiB Mem : 2063346.0 total,  {rng.randint(60000, 200000)}.4 free, {used * 1024}.1 used,  114211.3 buff/cache",
               "", "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND"]
        for k in range(10):
            top.append(f"{J.pid(hi, k % 8) + 1400 + k:>7} ci        20   0   68.1g  {rng.randint(30, 38)}.{rng.randint(0, 9)}g  1.1g R  {rng.randint(60, 99):>4}.0   {rng.randint(14, 19)}.{rng.randint(0, 9)}  41:{rng.randint(10, 59)}.{rng.randint(10, 99)} pt_data_worker")
        b.add(f"{h}/top-b-n1.txt", "\n".join(top) + "\n")
    b.set_label("oom", "framework", None, None, "stop",
                "Rank 9's DataLoader worker was killed by the cgroup OOM killer (dmesg on sc-a100-032: Memory cgroup out of memory, task=pt_data_worker inside job 88123's own step) and top on every node shows the job's own pt_data_worker processes each holding 30+ GB RSS; the other ranks' watchdog timeouts are sympathetic. The job's own host-memory use is too large (16 workers, prefetch 8).",
                "https://github.com/pytorch/pytorch/issues/8976")
    return b



def oom_msg(gpu, tried, free, total, other_pid, other, this, alloc, reserved):
    s = (f"torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {tried:.2f} GiB. GPU {gpu} has a total capacity of {total:.2f} GiB of which {free:.2f} GiB is free. ")
    if other_pid:
        s += f"Process {other_pid} has {other:.2f} GiB memory in use. "
    s += (f"Including non-PyTorch memory, this process has {this:.2f} GiB memory in use. Of the allocated memory {alloc:.2f} GiB is allocated by PyTorch, and {reserved:.2f} GiB is reserved by PyTorch but unallocated. "
          "If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)")
    return s


@case
def p11_cuda_oom_same_gpu_both_attempts():
    b = Bundle("p11_cuda_oom_same_gpu_both_attempts")
    rng = b.rng
    hosts = ["g0301", "g0302", "g0303", "g0304"]
    bad_hi, bad_l = 2, 3
    foreign_pid = 20931
    for a in range(2):
        pre = f"attempt_{a}/"
        t0 = T(2024, 4, 9, 7 + a * 2, 12 + a * 7, 3)
        jid = 650112 + a * 37
        J = Job(b, hosts, jid, t0, subnet="10.3.3", first_octet=1)
        bad_r = J.rank(bad_hi, bad_l)
        J.con.add(t0, None, sbatch_header(J, "sft-34b", cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 sft.py --model codellama-34b --fsdp full_shard --micro-batch 2").rstrip())
        J.torchrun_start(t0 + timedelta(seconds=8))
        J.nccl_init(t0 + timedelta(seconds=70))
        t_x = t0 + timedelta(seconds=191 + rng.randint(0, 20))
        J.say(t_x - timedelta(seconds=40), 0, f"{f_py(t_x - timedelta(seconds=40))} - INFO - sft - FSDP wrapped model: 34.0B params, sharding FULL_SHARD over 32 ranks")
        fr = [('/home/ml/sft/sft.py', 318, '<module>', 'main(cfg)'), ('/home/ml/sft/sft.py', 251, 'main', 'loss.backward()'),
              ('/usr/local/lib/python3.10/dist-packages/torch/_tensor.py', 521, 'backward', 'torch.autograd.backward('),
              ('/usr/local/lib/python3.10/dist-packages/torch/autograd/graph.py', 768, '_engine_run_backward', 'return Variable._execution_engine.run_backward(  # Calls into the C++ engine to run the backward pass')]
        J.say(t_x, bad_hi, py_tb(bad_r, fr, [oom_msg(bad_l, 1.96, 0.71, 79.11, foreign_pid, 30.94, 47.43, 44.12, 1.87)]), bad_l)
        for hi in range(4):
            for l in range(8):
                r = J.rank(hi, l)
                if r == bad_r:
                    continue
                d = jitter(rng, t_x + timedelta(seconds=600, milliseconds=100), 2000)
                J.say(d, hi, watchdog_timeout(d, rng, r, 18, op="_ALLGATHER_BASE", numel=131334144), l)
        agents_fail(J, t_x + timedelta(seconds=606), "sft.py", lambda x: (1, "[Rank %d] torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB" % x) if x == bad_r else (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
        b.add(f"{pre}{hosts[0]}/slurm-{jid}.out", J.con.render())
        t_end = t_x + timedelta(seconds=640)
        b.add(f"{pre}{hosts[0]}/slurm-{jid}.err", srun_exit_lines(J, t_end, [(2, "Exited with exit code 1"), (0, "Exited with exit code 1"), (1, "Exited with exit code 1"), (3, "Exited with exit code 1")]))
        for hi, h in enumerate(hosts):
            node_basics(b, pre, h, J, hi, t_end, style="syslog", kname="kern.log", nhc=False)
        gp = healthy_gpus(rng, 8)
        gp[bad_l].update({"mem": "31684", "util": "0"})
        b.add(f"{pre}{hosts[bad_hi]}/nvidia-smi.txt", smi_table(t_end + timedelta(seconds=40), "550.90.07", "12.4", gp, procs=[(bad_l, foreign_pid, "/home/oldjob/venv/bin/python3 serve.py", 31682)]))
        if a == 1:
            b.add(f"{pre}{hosts[bad_hi]}/ps-gpu-procs.txt",
                  f"$ nvidia-smi --query-compute-apps=pid,process_name,used_memory,gpu_bus_id --format=csv\npid, process_name, used_memory [MiB], gpu_bus_id\n{foreign_pid}, /home/oldjob/venv/bin/python3, 31682 MiB, 00000000:61:00.0\n\n"
                  f"$ ps -o pid,user,lstart,etime,cmd -p {foreign_pid}\n    PID USER                      STARTED     ELAPSED CMD\n  {foreign_pid} kwang    Sun Apr  7 22:41:09 2024  1-10:40:58 /home/oldjob/venv/bin/python3 serve.py --port 8011 --device cuda:3\n\n"
                  f"$ sacct -j 649870 --format=JobID,State,End,NodeList\nJobID             State                 End        NodeList\n------------ ---------- ------------------- ---------------\n649870        CANCELLED 2024-04-08T02:03:11           g0303\n")
    b.add(f"attempt_1/{hosts[0]}/sacctmgr_show_event.txt",
          "NodeName         TimeStart            TimeEnd   State                         Reason\n"
          "-------- ------------------- ------------------- ------- ------------------------------\n"
          "g0301    2024-03-11T04:12:40 2024-03-12T09:30:02   DRAIN  Xid 79 GPU1 fell off bus, RMA 88412\n"
          "g0304    2024-03-28T16:00:00 2024-03-28T18:22:19   DRAIN           BIOS update CHG0041233\n")
    b.set_label("oom", "infrastructure", hosts[bad_hi], 19, "restart_without_node",
                "In both attempts only rank 19 (g0303 GPU 3) ran out of memory, and the OOM message says another process (PID 20931) holds 30.9 GiB on that GPU; nvidia-smi shows it is a leftover serve.py from a cancelled earlier job. The old drain events for g0301/g0304 in sacctmgr are closed history.",
                "https://github.com/pytorch/pytorch/issues/40863")
    return b


@case
def p12_oom_at_first_step_all_ranks():
    b = Bundle("p12_oom_at_first_step_all_ranks")
    rng = b.rng
    hosts = ["dgx-h100-117", "dgx-h100-118"]
    t0 = T(2024, 12, 2, 15, 44, 20)
    J = Job(b, hosts, 7702913, t0, subnet="10.66.2", first_octet=117, per_gpu_tasks=True)
    J.con.add(t0, None, sbatch_header(J, "gpt-7b-longctx", extra_env=["# changed: SEQ_LEN 4096 -> 32768, MBS 1 -> 2, recompute off"],
                                      cmd="srun -l python pretrain_gpt.py --seq-length 32768 --max-position-embeddings 32768 --micro-batch-size 2 --tensor-model-parallel-size 2 --no-gradient-accumulation-fusion").rstrip())
    J.nccl_init(t0 + timedelta(seconds=50), ranks=[0, 8])
    J.say(t0 + timedelta(seconds=66), 15, " > number of parameters on (tensor, pipeline) model parallel rank (1, 0): 3559104512", 7)
    J.say(t0 + timedelta(seconds=90), 0, f"[after dataloaders are built] datetime: {t0 + timedelta(seconds=90):%Y-%m-%d %H:%M:%S} ")
    J.say(t0 + timedelta(seconds=91), 0, "training ...")
    fr = MEG_TRAIN[:5] + [('/workspace/megatron-lm/megatron/core/pipeline_parallel/schedules.py', 272, 'forward_step', 'output_tensor, loss_func = forward_step_func(data_iterator, model)'),
                          ('/workspace/megatron-lm/megatron/core/transformer/attention.py', 315, 'forward', 'core_attn_out = self.core_attention('),
                          ('/workspace/megatron-lm/megatron/core/transformer/dot_product_attention.py', 150, 'forward', 'attention_scores = torch.baddbmm(')]
    for r in range(16):
        hi, l = divmod(r, 8)
        d = t0 + timedelta(seconds=97, milliseconds=rng.randint(0, 900))
        J.say(d, hi, py_tb(r, fr, [oom_msg(l, 32.00, rng.uniform(9.1, 11.4), 79.11, None, 0, rng.uniform(67.5, 69.9), rng.uniform(61.2, 63.0), rng.uniform(4.1, 5.3))]), l)
    t_end = t0 + timedelta(seconds=120)
    b.add(f"{hosts[0]}/slurm-7702913.out", J.con.render())
    b.add(f"{hosts[0]}/slurm-7702913.err", f"srun: error: {hosts[0]}: tasks 0-7: Exited with exit code 1\nsrun: error: {hosts[1]}: tasks 8-15: Exited with exit code 1\n")
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", smi_name="nvidia-smi-after.txt", nhc=False)
    b.add(f"{hosts[0]}/sacct.txt", sacct(7702913, "gpt-7b-longctx", [("", "gpt-7b-longctx", "FAILED", "1:0", t0, t_end, 448), (".batch", "batch", "FAILED", "1:0", t0, t_end, 224), (".0", "python", "FAILED", "1:0", t0 + timedelta(seconds=2), t_end, 448)], compress_hosts(hosts)))
    b.set_label("oom", "framework", None, None, "stop",
                "All 16 ranks hit CUDA OOM in the first forward pass (attention baddbmm asking for 32 GiB) right after the sequence length was raised to 32768 with micro-batch 2; the memory is held by the job's own PyTorch allocator and no other process is on the GPUs. The configuration does not fit.",
                "https://pytorch.org/docs/stable/notes/cuda.html#optimizing-memory-usage-with-pytorch-cuda-alloc-conf")
    return b


@case
def p13_loss_nan_again_after_resubmit():
    b = Bundle("p13_loss_nan_again_after_resubmit")
    rng = b.rng
    sets = [[f"gpu-c-{n}" for n in range(201, 209)], [f"gpu-c-{n}" for n in (211, 212, 214, 215, 217, 218, 221, 222)]]
    nan_it = 18234
    for a, hosts in enumerate(sets):
        pre = f"attempt_{a}/"
        t0 = T(2024, 6, 21 + a, 3 + a * 5, 0, 12)
        jid = 5120033 + a * 412
        J = Job(b, hosts, jid, t0, subnet="10.30.2", first_octet=1 + a * 10)
        J.con.add(t0, None, sbatch_header(J, "gpt-22b", cmd="srun -l torchrun --nnodes=8 --nproc-per-node=8 pretrain_gpt.py --load /lustre/llm/ckpt/gpt22b --data-path /lustre/data/mix-v3/text_document").rstrip())
        J.torchrun_start(t0 + timedelta(seconds=8))
        J.nccl_init(t0 + timedelta(seconds=70))
        J.say(t0 + timedelta(seconds=150), 7, "  successfully loaded checkpoint from /lustre/llm/ckpt/gpt22b [ t 4/4, p 2/2 ] at iteration 16000", 7)

        def lf(it):
            base = loss_at(it, rng, base=1.95)
            if it >= nan_it - 80:
                base += (it - (nan_it - 80)) * 0.012
            return base
        t, it = progress(J, "megatron", t0 + timedelta(seconds=160), 16000, nan_it - 4, 7.9, 10, loss_fn=lf)
        t1 = t + timedelta(seconds=79)
        J.say(t1, 7, megatron_iter(t1, nan_it + 6, 250000, 7900.3, 3e-4, 0, 1024, 0, nan_iters=0, loss_str="1.289102E+01", gn_str="5412.337"), 7)
        t2 = t1 + timedelta(seconds=20)
        exc = [f"RuntimeError: Rank {{r}}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {{l}}, node: {{h}}"]
        fr = MEG_TRAIN[:4] + [('/workspace/megatron-lm/megatron/core/distributed/distributed_data_parallel.py', 353, 'finish_grad_sync', 'bucket_group.finish_grad_sync()'),
                              ('/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py', 140, 'check_for_nan_in_grad', 'assert not norm_is_nan, (')]
        for hi, h in enumerate(hosts):
            for l in range(8):
                r = J.rank(hi, l)
                d = jitter(rng, t2, 400)
                J.say(d, hi, py_tb(r, fr, [f"AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: {l}, node: {h}"]), l)
        agents_fail(J, t2 + timedelta(seconds=5), "pretrain_gpt.py", lambda x: (1, f"[Rank {x}] AssertionError: found NaN in local grad norm"))
        b.add(f"{pre}{hosts[0]}/slurm-{jid}.out", J.con.render())
        t_end = t2 + timedelta(seconds=40)
        b.add(f"{pre}{hosts[0]}/slurm-{jid}.err", srun_exit_lines(J, t_end, [(hi, "Exited with exit code 1") for hi in range(8)]))
        for hi, h in enumerate(hosts):
            extra = []
            if a == 0 and hi == 3:
                extra = [(t0 + timedelta(hours=2, minutes=rng.randint(0, 50)), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#1_Chan#0_DIMM#0 (channel:0 slot:0 page:0x1c2d33 offset:0x80 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:0 imc:1 rank:1 bg:0 ba:3 row:0x3a41 col:0x3f8)")]
            node_basics(b, pre, h, J, hi, t_end, style="syslog", kname="kern.log", extra_k=extra, nhc=False)
    b.set_label("numerical", "script", None, None, "stop",
                "Both attempts ran on disjoint sets of nodes and both diverged the same way: loss climbing from ~18150, then NaN grad norm on every rank at iteration ~18240 after resuming from the same checkpoint. A fault that repeats on different hardware at the same step is in the model, data or hyperparameters. The corrected host ECC on gpu-c-204 is noise.",
                "https://github.com/epfLLM/Megatron-LLM/issues/33")
    return b


@case
def p14_nan_grad_norm_different_steps_each_run():
    b = Bundle("p14_nan_grad_norm_different_steps_each_run")
    rng = b.rng
    bad = "xe9680-14"
    sets = [["xe9680-11", "xe9680-12", "xe9680-13", bad], [bad, "xe9680-21", "xe9680-22", "xe9680-23"], ["xe9680-07", "xe9680-09", bad, "xe9680-16"]]
    nan_its = [4412, 5187, 6930]
    resume = [0, 4000, 5000]
    for a, hosts in enumerate(sets):
        pre = f"attempt_{a}/"
        t0 = T(2025, 2, 3 + a, 8 + a * 3, 10, 0)
        jid = 301188 + a * 9
        J = Job(b, hosts, jid, t0, subnet="10.9.14", first_octet=None)
        J.con.add(t0, None, sbatch_header(J, "mcore-13b", cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 pretrain_gpt.py --check-for-nan-in-loss-and-grad").rstrip())
        J.torchrun_start(t0 + timedelta(seconds=8))
        J.nccl_init(t0 + timedelta(seconds=70))
        if resume[a]:
            J.say(t0 + timedelta(seconds=140), 3, f"  successfully loaded checkpoint from /lustre/llm/ckpt/mcore13b [ t 2/2, p 1/1 ] at iteration {resume[a]}", 7)
        t, it = progress(J, "megatron", t0 + timedelta(seconds=160), resume[a], nan_its[a] - 2, 3.3, 10)
        bh = hosts.index(bad)
        r = J.rank(bh, 4)
        t2 = t + timedelta(seconds=5)
        fr = MEG_TRAIN[:4] + [('/workspace/megatron-lm/megatron/core/distributed/param_and_grad_buffer.py', 140, 'check_for_nan_in_grad', 'assert not norm_is_nan, (')]
        J.say(t2, bh, py_tb(r, fr, [f"AssertionError: Rank {r}: found NaN in local grad norm in backward pass before data-parallel communication collective. Device: 4, node: {bad}"]), 4)
        for hi in range(4):
            for l in range(8):
                rr = J.rank(hi, l)
                if rr == r:
                    continue
                d = jitter(rng, t2 + timedelta(seconds=600), 2000)
                J.say(d, hi, watchdog_timeout(d, rng, rr, 30000 + nan_its[a] * 7, op="_REDUCE_SCATTER_BASE", numel=171966464), l)
        agents_fail(J, t2 + timedelta(seconds=606), "pretrain_gpt.py", lambda x: (1, f"[Rank {x}] AssertionError: found NaN in local grad norm") if x == r else (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
        b.add(f"{pre}{hosts[0]}/slurm-{jid}.out", J.con.render())
        t_end = t2 + timedelta(seconds=640)
        b.add(f"{pre}{hosts[0]}/slurm-{jid}.err", srun_exit_lines(J, t_end, [(bh, "Exited with exit code 1")] + [(hi, "Exited with exit code 1") for hi in range(4) if hi != bh]))
        for hi, h in enumerate(hosts):
            node_basics(b, pre, h, J, hi, t_end, style="T", kname="dmesg.txt", nhc=False)
        if a == 2:
            q = healthy_q(rng, 8)
            b.add(f"{pre}{bad}/nvidia-smi-q.txt", smi_q(t_end + timedelta(minutes=3), "550.90.07", "12.4", q))
    b.set_label("gpu_hardware", "infrastructure", bad, None, "restart_without_node",
                "Three attempts on different node sets each died of a NaN grad norm at a different iteration (4412, 5187, 6930), and every time the first NaN came from device 4 of xe9680-14 (ranks 28, 4 and 20), the one node in all three runs. An error that follows one GPU across attempts while the data position changes points to silent data corruption on that node.",
                "https://github.com/MLI-lab/DeepDeWedge/issues/22")
    return b



def straggler_line(dt, it, mn, mnr, mx, mxr, pw=(None, None), tmp=(None, None), clk=(None, None)):
    # Megatron --log-straggler summary (min/max across ranks)
    return (f" [{dt:%Y-%m-%d %H:%M:%S}] straggler_detector: | iteration {it} | MnRtt/Rnk: {mn:.2f}ms/{mnr} | MxRtt/Rnk: {mx:.2f}ms/{mxr} "
            f"| MnPwr/Rnk: {pw[0][0]}W/{pw[0][1]} | MxPwr/Rnk: {pw[1][0]}W/{pw[1][1]} | MnTmp/Rnk: {tmp[0][0]}C/{tmp[0][1]} | MxTmp/Rnk: {tmp[1][0]}C/{tmp[1][1]} "
            f"| MnUtl/Rnk: 97%/{mxr} | MxUtl/Rnk: 100%/{mnr} | MnClk/Rnk: {clk[0][0]}MHz/{clk[0][1]} | MxClk/Rnk: {clk[1][0]}MHz/{clk[1][1]} |")


@case
def p15_iteration_time_creeps_up_overnight():
    b = Bundle("p15_iteration_time_creeps_up_overnight")
    rng = b.rng
    hosts = [f"sc-gpu{n}" for n in range(101, 109)]
    t0 = T(2024, 7, 28, 19, 0, 4)
    J = Job(b, hosts, 992001, t0, subnet="10.16.1", first_octet=101)
    bad_hi, bad_l = 5, 2
    bad_r = J.rank(bad_hi, bad_l)
    J.con.add(t0, None, sbatch_header(J, "gpt-40b", cmd="srun -l torchrun --nnodes=8 --nproc-per-node=8 pretrain_gpt.py --log-straggler --straggler-minmax-count 1").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=70), plugin="sharp")
    t_slow = 1600

    def ms(it):
        base = 5210.0
        if it > t_slow:
            base *= 1 + min(0.62, (it - t_slow) / 900 * 0.62)
        return base * (1 + rng.uniform(-0.01, 0.01))
    t = t0 + timedelta(seconds=150)
    it = 0
    while it < 3600:
        it += 20
        m = ms(it)
        t += timedelta(milliseconds=m * 20)
        J.say(t, 7, megatron_iter(t, it, 250000, m, 3e-4 * min(1, it / 2000), loss_at(it, rng), 1536, rng.uniform(0.2, 0.4)), 7)
        if it % 100 == 0:
            slow = it > t_slow
            mxr = bad_r if slow else rng.randint(0, 63)
            mnr = rng.choice([x for x in range(64) if x != bad_r])
            J.say(t, 0, straggler_line(t, it, 5080 + rng.uniform(0, 60), mnr, m - rng.uniform(0, 30) if slow else 5290 + rng.uniform(0, 40), mxr,
                                       pw=((412 if slow else 655, bad_r if slow else mnr), (699, mnr)),
                                       tmp=((38, mnr), (89 if slow else 61, bad_r if slow else mxr)),
                                       clk=((1095 if slow else 1980, bad_r if slow else mnr), (1980, mnr))), 0)
    t_c = t + timedelta(seconds=300)
    b.add(f"{hosts[0]}/slurm-992001.out", J.con.render())
    b.add(f"{hosts[0]}/slurm-992001.err", f"slurmstepd: error: *** JOB 992001 ON {hosts[0]} CANCELLED AT {f_iso(t_c)} ***\nslurmstepd: error: *** STEP 992001.0 ON {hosts[0]} CANCELLED AT {f_iso(t_c)} ***\n")
    t_end = t_c + timedelta(seconds=30)
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="syslog", kname="kern.log", nhc=False)
    q = healthy_q(rng, 8, temp=64, pwr=655.0)
    q[bad_l].update({"temp": 89, "mtemp": 96, "pwr": 401.7, "sm_clk": 1095,
                     "events": {"HW Slowdown": "Active", "HW Thermal Slowdown": "Active", "SW Thermal Slowdown": "Active"}})
    b.add(f"{hosts[bad_hi]}/nvidia-smi-q.txt", smi_q(t_c - timedelta(minutes=10), "550.90.07", "12.4", q))
    sel_t = t0 + timedelta(seconds=150 + 1600 * 5.2 - 400)
    b.add(f"{hosts[bad_hi]}/ipmitool-sel-elist.txt", sel_elist([
        (T(2024, 6, 30, 11, 2, 9), "Power Unit #0x01", "Power off/down", "Asserted"),
        (T(2024, 6, 30, 11, 4, 51), "System Event #0x8f", "Timestamp Clock Sync", "Asserted"),
        (sel_t, "Fan #0x36", "Lower Critical going low", "Asserted"),
        (sel_t + timedelta(seconds=2), "Fan #0x36", "Lower Non-recoverable going low", "Asserted"),
        (sel_t + timedelta(minutes=11), "Temperature #0x5a", "Upper Critical going high", "Asserted")]))
    b.add(f"{hosts[bad_hi]}/ipmitool-sdr-fan.txt", "FAN1_F           | 11200 RPM         | ok\nFAN1_R           | 10800 RPM         | ok\nFAN2_F           | 11300 RPM         | ok\nFAN2_R           | 10900 RPM         | ok\nFAN3_F           | 0 RPM             | nr\nFAN3_R           | 0 RPM             | nr\nFAN4_F           | 11150 RPM         | ok\nFAN4_R           | 10850 RPM         | ok\nGPU2_TEMP        | 89 degrees C      | cr\n")
    for hi in (0, 3):
        b.add(f"{hosts[hi]}/nvidia-smi-q.txt", smi_q(t_c - timedelta(minutes=10), "550.90.07", "12.4", healthy_q(rng, 8, temp=63, pwr=660.0)))
    b.set_label("straggler", "infrastructure", hosts[bad_hi], bad_r, "restart_without_node",
                "Iteration time rose from ~5.2 s to ~8.4 s with no error; from iteration 1700 on the straggler detector names rank 42 as slowest, at 89 C and 1095 MHz. sc-gpu106's nvidia-smi -q shows GPU 2 in HW Thermal Slowdown and the SEL records fan 0x36 / FAN3 failing at the time the slowdown began. The job was cancelled by hand.",
                "https://github.com/mlfoundations/open_clip/issues/703")
    return b


@case
def p16_throughput_down_no_errors_anywhere():
    b = Bundle("p16_throughput_down_no_errors_anywhere")
    rng = b.rng
    hosts = [f"node-r12-u{n:02d}" for n in (3, 5, 7, 9, 11, 13, 15, 17)]
    t0 = T(2024, 10, 14, 2, 30, 0)
    J = Job(b, hosts, 61220, t0, subnet="10.12.0", first_octet=3)
    bad_hi, bad_l = 3, 5
    bad_r = J.rank(bad_hi, bad_l)
    J.con.add(t0, None, sbatch_header(J, "gpt-30b", cmd="srun -l torchrun --nnodes=8 --nproc-per-node=8 pretrain_gpt.py --log-straggler --straggler-minmax-count 1").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=70))
    t = t0 + timedelta(seconds=150)
    it = 10000
    J.say(t - timedelta(seconds=5), 7, "  successfully loaded checkpoint from /lustre/llm/ckpt/gpt30b [ t 8/8, p 1/1 ] at iteration 10000", 7)
    while it < 12400:
        it += 20
        slow = it > 10400
        m = (6010 if not slow else 7480) * (1 + rng.uniform(-0.02, 0.02))
        t += timedelta(milliseconds=m * 20)
        J.say(t, 7, megatron_iter(t, it, 250000, m, 3e-4, loss_at(it, rng), 1024, rng.uniform(0.2, 0.4)), 7)
        if it % 100 == 0:
            mnr = rng.choice([x for x in range(64) if x != bad_r])
            J.say(t, 0, straggler_line(t, it, 5940 + rng.uniform(0, 50), mnr, m - rng.uniform(0, 40) if slow else 6090 + rng.uniform(0, 50), bad_r if slow else rng.randint(0, 63),
                                       pw=((598, rng.randint(0, 63)), (688, mnr)), tmp=((41, mnr), (63, rng.randint(0, 63))), clk=((1980, mnr), (1980, mnr))), 0)
    t_c = t + timedelta(seconds=200)
    b.add(f"{hosts[0]}/slurm-61220.out", J.con.render())
    b.add(f"{hosts[0]}/slurm-61220.err", f"slurmstepd: error: *** JOB 61220 ON {hosts[0]} CANCELLED AT {f_iso(t_c)} ***\n")
    t_end = t_c + timedelta(seconds=30)
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="up", kname="dmesg.txt", nhc=False)
    b.add(f"{hosts[bad_hi]}/nvidia-smi-q.txt", smi_q(t_c - timedelta(minutes=5), "550.90.07", "12.4", healthy_q(rng, 8, temp=58, pwr=640.0)))
    b.add(f"{hosts[bad_hi]}/dcgmi-health-c.txt", dcgmi_health())
    g0 = 0x946dae0300b12000
    b.add(f"{hosts[bad_hi]}/ibstat.txt", ibstat([(f"mlx5_{x}", "Active", "LinkUp", 400, 300 + k, g0 + k) for k, x in enumerate([0, 3, 4, 5, 6, 9, 10, 11])]))
    b.add(f"{hosts[bad_hi]}/top.txt", f"top - {t_c:%H:%M:%S} up 23 days,  4:11,  0 users,  load average: 9.81, 9.77, 9.70\nTasks: 1022 total,   9 running, 1013 sleeping,   0 stopped,   0 zombie\n%Cpu(s):  4.3 us,  0.6 sy,  0.0 ni, 95.0 id,  0.0 wa,  0.0 hi,  0.1 si,  0.0 st\nMiB Mem : 2063346.0 total, 1701221.8 free, 201117.3 used, 161006.9 buff/cache\n\n    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
          + "".join(f"{J.pid(bad_hi, l):>7} llm       20   0  112.4g  21.3g   1.9g R 100.0   1.1   {rng.randint(900, 999)}:{rng.randint(10, 59)}.{rng.randint(10, 99)} python3\n" for l in range(8)))
    b.set_label("straggler", "infrastructure", hosts[bad_hi], bad_r, "run_diagnostics",
                "After iteration 10400 step time rose ~25% with no errors; the straggler detector names rank 29 (node-r12-u09 GPU 5) as the slowest in every report, yet its temperature, power and clocks are normal and nvidia-smi -q, dcgmi health and ibstat on that node are clean. A slow node with no hardware explanation needs diagnostics.",
                "https://github.com/intelligent-machine-learning/dlrover/issues/678")
    return b


def pyspy(pid, cmd, frames, thread="MainThread", extra_threads=()):
    out = [f"Process {pid}: {cmd}", "Python v3.10.12 (/usr/bin/python3.10)", "", f"Thread {pid} (active): \"{thread}\""]
    for fn, loc in frames:
        out.append(f"    {fn} ({loc})")
    for tname, fr in extra_threads:
        out.append("")
        out.append(f"Thread {pid + 37} (idle): \"{tname}\"")
        for fn, loc in fr:
            out.append(f"    {fn} ({loc})")
    return "\n".join(out) + "\n"


@case
def p17_job_frozen_after_eval_no_progress():
    b = Bundle("p17_job_frozen_after_eval_no_progress")
    rng = b.rng
    hosts = [f"gpu-f-{n:03d}" for n in (40, 41, 42, 43, 44, 45, 46, 47)]
    t0 = T(2024, 11, 20, 12, 5, 33)
    J = Job(b, hosts, 3017552, t0, subnet="10.44.0", first_octet=40)
    bad_hi, bad_l = 6, 5
    bad_r = J.rank(bad_hi, bad_l)
    seq = 88213
    J.con.add(t0, None, sbatch_header(J, "llama-8b-pt", extra_env=["TORCH_NCCL_TRACE_BUFFER_SIZE=2000 TORCH_NCCL_DUMP_ON_TIMEOUT=1 TORCH_NCCL_DEBUG_INFO_TEMP_FILE=/lustre/dbg/3017552/nccl_trace_rank_"],
                                      cmd="srun -l torchrun --nnodes=8 --nproc-per-node=8 -m torchtitan.train --job.config_file llama3_8b.toml").rstrip())
    t = simple_job_fail(b, J, "titan", "torchtitan.train", 5000, 1.2, 10)
    t_ev = t + timedelta(seconds=2)
    J.say(t_ev, 0, f"[titan] {f_py(t_ev)} - root - INFO - eval step 5000: val_loss 2.3871 (256 batches)")
    t_h = t_ev + timedelta(seconds=41)
    all_ranks_timeout(J, t_h + timedelta(seconds=600), seq, skip={bad_r}, op="ALLREDUCE", numel=1)
    d = t_h + timedelta(seconds=601)
    J.say(d, bad_hi, f"[rank{bad_r}]:[E{f_glog_new(d, rng)} ProcessGroupNCCL.cpp:1742] [PG 0 (default_pg) Rank {bad_r}] Received a dump signal due to a collective timeout from rank 0 and we will try our best to dump the debug info. Last enqueued NCCL work: {seq - 1}, last completed NCCL work: {seq - 1}.This is most likely caused by incorrect usages of collectives, e.g., wrong sizes used across ranks, the order of collectives is not same for all ranks or the scheduled collective, for some reason, didn't run. Additionally, this can be caused by GIL deadlock or other reasons such as network errors or bugs in the communications library (e.g. NCCL), etc. ", bad_l)
    for r in (0, 9, 33):
        hi, l = divmod(r, 8)
        dd = t_h + timedelta(seconds=601, milliseconds=rng.randint(0, 900))
        J.say(dd, hi, f"[rank{r}]:[E{f_glog_new(dd, rng)} ProcessGroupNCCL.cpp:1611] [PG 0 (default_pg) Rank {r}] ProcessGroupNCCL preparing to dump debug info.", l)
    agents_fail(J, t_h + timedelta(seconds=608), "torchtitan.train", lambda x: (-15, sig_tb(15, J.pid(*divmod(x, 8)))) if x == bad_r else (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
    b.add(f"{hosts[0]}/slurm-3017552.out", J.con.render())
    t_end = t_h + timedelta(seconds=650)
    b.add(f"{hosts[0]}/slurm-3017552.err", srun_exit_lines(J, t_end, [(hi, "Exited with exit code 1") for hi in range(8)]))
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", nhc=False)
    fr_txt = ["$ python -m torch.distributed.flight_recorder.fr_trace /lustre/dbg/3017552 -j",
              f"Loaded 64 flight recorder dumps from /lustre/dbg/3017552",
              f"Not all ranks joining collective {seq} at entry 1543",
              "group info: 0:default_pg",
              "collective: nccl:all_reduce",
              f"missing ranks: {{{bad_r}}}",
              "input sizes: [[1]]",
              "output sizes: [[1]]",
              "expected ranks: 64",
              "collective state: scheduled",
              "collective stack trace:",
              "  all_reduce at /usr/local/lib/python3.10/dist-packages/torch/distributed/distributed_c10d.py:2501",
              "  _dist_reduce at /opt/torchtitan/torchtitan/distributed/utils.py:36",
              "  dist_max at /opt/torchtitan/torchtitan/distributed/utils.py:43",
              "  train at /opt/torchtitan/torchtitan/train.py:498",
              "",
              f"rank {bad_r}: last entry {seq - 1} nccl:all_reduce state=completed; no entry for {seq}",
              f"all other ranks: entry {seq} nccl:all_reduce state=scheduled (started=False)"]
    b.add(f"{hosts[0]}/flight_recorder_analysis.txt", "\n".join(fr_txt) + "\n")
    cmd = "/usr/bin/python3 -u -m torchtitan.train --job.config_file llama3_8b.toml"
    b.add(f"{hosts[bad_hi]}/py-spy-dump-rank{bad_r}.txt", pyspy(J.pid(bad_hi, bad_l), cmd, [
        ("synchronize", "torch/cuda/__init__.py:892"), ("item", "<built-in>"),
        ("_log_metrics", "torchtitan/metrics.py:411"), ("train", "torchtitan/train.py:496"), ("<module>", "torchtitan/train.py:563")],
        extra_threads=[("Thread-2 (_pin_memory_loop)", [("_pin_memory_loop", "torch/utils/data/_utils/pin_memory.py:55")])]))
    for r in (0, 17):
        hi, l = divmod(r, 8)
        b.add(f"{hosts[hi]}/py-spy-dump-rank{r}.txt", pyspy(J.pid(hi, l), cmd, [
            ("all_reduce", "torch/distributed/distributed_c10d.py:2501"), ("wrapper", "torch/distributed/c10d_logger.py:79"),
            ("_dist_reduce", "torchtitan/distributed/utils.py:36"), ("dist_max", "torchtitan/distributed/utils.py:43"),
            ("train", "torchtitan/train.py:498"), ("<module>", "torchtitan/train.py:563")]))
    b.add(f"{hosts[bad_hi]}/nvidia-smi-q.txt", smi_q(t_end, "550.90.07", "12.4", healthy_q(rng, 8)))
    b.set_label("hang", "infrastructure", hosts[bad_hi], bad_r, "run_diagnostics",
                "After eval at step 5000 the job froze; the flight recorder shows 63 ranks waiting in all_reduce #88213 that rank 53 never enqueued, and rank 53's py-spy stack is blocked in torch.cuda.synchronize inside .item() rather than in the collective. There is no Xid or ECC evidence on gpu-f-046, so the GPU needs diagnostics.",
                "https://github.com/InternLM/InternLM/issues/290")
    return b



@case
def p18_every_rank_watchdog_same_second():
    b = Bundle("p18_every_rank_watchdog_same_second")
    rng = b.rng
    hosts = ["gn-a17", "gn-a18", "gn-b02", "gn-b03"]
    t0 = T(2024, 5, 30, 4, 40, 8)
    J = Job(b, hosts, 240071, t0, subnet="10.5.17", first_octet=17)
    seq = 21455
    J.con.add(t0, None, sbatch_header(J, "bert-xl", cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 run_pretraining.py --deepspeed --deepspeed_config ds_z1.json").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=70))
    t, it = progress(J, "ds", t0 + timedelta(seconds=110), 0, 2140, 1.7, 20, gbs=4096)
    t_h = t + timedelta(seconds=3)
    all_ranks_timeout(J, t_h + timedelta(seconds=1800), seq, op="ALLREDUCE", numel=335813632, timeout_ms=1800000)
    agents_fail(J, t_h + timedelta(seconds=1806), "run_pretraining.py", lambda x: (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
    d = t_h + timedelta(seconds=1806)
    for hi in range(4):
        J.say(d, hi, f"[rank{hi * 8}]:[W{f_glog_new(d, rng)} ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())", 0)
    b.add(f"{hosts[0]}/slurm-240071.out", J.con.render())
    t_end = t_h + timedelta(seconds=1850)
    b.add(f"{hosts[0]}/slurm-240071.err", srun_exit_lines(J, t_end, [(hi, "Exited with exit code 1") for hi in (1, 0, 3, 2)]))
    b.add(f"{hosts[0]}/fr_trace_summary.txt",
          f"$ python -m torch.distributed.flight_recorder.fr_trace /scratch/dbg/240071 -j\nLoaded 32 flight recorder dumps\nAll 32 ranks at collective {seq} (nccl:all_reduce, default_pg), state=started on every rank\nNo mismatched collectives, no missing ranks.\n")
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="syslog", kname="kern.log", nhc=False)
        b.add(f"{h}/dcgmi-health-c.txt", dcgmi_health())
        g0 = 0x1070fd0300c1a000 + hi * 0x10
        b.add(f"{h}/ibstat.txt", ibstat([(f"mlx5_{x}", "Active", "LinkUp", 400, 40 + hi * 4 + k, g0 + k) for k, x in enumerate([0, 3, 4, 5])]))
    b.set_label("hang", "infrastructure", None, None, "restart",
                "All 32 ranks hit the 30-minute watchdog on the same all_reduce (#21455) within a few seconds of each other; the flight recorder shows every rank started that collective with no one missing, and kernel logs, dcgmi health and ibstat are clean on every node. No component can be blamed, so restart from the last checkpoint.",
                "https://github.com/jpata/particleflow/issues/390")
    return b


@case
def p19_hang_right_after_checkpoint_save():
    b = Bundle("p19_hang_right_after_checkpoint_save")
    rng = b.rng
    hosts = ["gpu-h1", "gpu-h2"]
    t0 = T(2025, 3, 4, 16, 12, 0)
    J = Job(b, hosts, 77120, t0, subnet="192.168.50", first_octet=11)
    seq = 5012
    J.con.add(t0, None, sbatch_header(J, "fsdp-ft", extra_env=["TORCH_NCCL_TRACE_BUFFER_SIZE=1000 TORCH_NCCL_DUMP_ON_TIMEOUT=1"], cmd="srun -l torchrun --nnodes=2 --nproc-per-node=8 train_fsdp.py --save-every 500").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=60))
    t = t0 + timedelta(seconds=80)
    for step in range(10, 501, 10):
        t += timedelta(seconds=10 * 2.05 * (1 + rng.uniform(-0.01, 0.01)))
        J.say(t, 0, f"{f_py(t)} [train_fsdp.py:188] step {step} loss {loss_at(step, rng, base=1.1, amp=1.4, scale=200):.4f} lr 2.0e-05 tok/s {rng.randint(40100, 40900)}", 0)
    t_s = t + timedelta(seconds=1)
    J.say(t_s, 0, f"{f_py(t_s)} [train_fsdp.py:205] saving checkpoint step 500 -> /scratch/ft/ckpt/step_500 (rank 0 gathers full state dict)", 0)
    J.say(t_s + timedelta(seconds=38), 0, f"{f_py(t_s + timedelta(seconds=38))} [train_fsdp.py:214] checkpoint written, broadcasting path to peers", 0)
    t_to = t_s + timedelta(seconds=38 + 600)
    for hi in range(2):
        for l in range(8):
            r = J.rank(hi, l)
            d = jitter(rng, t_to, 1500)
            if r == 0:
                J.say(d, hi, watchdog_timeout(d, rng, r, seq, op="BROADCAST", numel=4096), l)
            else:
                J.say(d, hi, watchdog_timeout(d, rng, r, seq, op="ALLREDUCE", numel=1), l)
    fr_txt = ["$ python -m torch.distributed.flight_recorder.fr_trace /scratch/ft/dbg -j",
              "Loaded 16 flight recorder dumps",
              f"Collective sequence number: {seq} has mismatched op types across ranks",
              "  rank 0: nccl:broadcast  input sizes [[4096]]  state=started",
              "  ranks 1-15: nccl:all_reduce  input sizes [[1]]  state=started",
              "rank 0 stack:",
              "  broadcast at torch/distributed/distributed_c10d.py:2420",
              "  broadcast_object_list at torch/distributed/distributed_c10d.py:3068",
              "  save_checkpoint at /home/ft/train_fsdp.py:216",
              "  main at /home/ft/train_fsdp.py:197",
              "ranks 1-15 stack:",
              "  all_reduce at torch/distributed/distributed_c10d.py:2501",
              "  clip_grad_norm_ at torch/distributed/fsdp/fully_sharded_data_parallel.py:1167",
              "  main at /home/ft/train_fsdp.py:176"]
    b.add(f"{hosts[0]}/flight_recorder.txt", "\n".join(fr_txt) + "\n")
    b.add(f"{hosts[0]}/train_fsdp_excerpt.py", "    # train_fsdp.py lines 195-218 (from the job's submit directory)\n"
          "    if step % args.save_every == 0:\n        save_checkpoint(model, optim, step)\n\n"
          "def save_checkpoint(model, optim, step):\n    cfg = FullStateDictConfig(offload_to_cpu=True, rank0_only=True)\n"
          "    with FSDP.state_dict_type(model, StateDictType.FULL_STATE_DICT, cfg):\n        sd = model.state_dict()\n"
          "    if dist.get_rank() == 0:\n        path = f\"{args.out}/step_{step}\"\n        torch.save(sd, path + \"/model.pt\")\n"
          "        logger.info(\"checkpoint written, broadcasting path to peers\")\n        obj = [path]\n"
          "        dist.broadcast_object_list(obj, src=0)   # only rank 0 reaches this call\n")
    agents_fail(J, t_to + timedelta(seconds=6), "train_fsdp.py", lambda x: (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
    b.add(f"{hosts[0]}/slurm-77120.out", J.con.render())
    t_end = t_to + timedelta(seconds=40)
    b.add(f"{hosts[0]}/slurm-77120.err", srun_exit_lines(J, t_end, [(0, "Exited with exit code 1"), (1, "Exited with exit code 1")]))
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", nhc=False)
    b.set_label("hang", "script", None, None, "stop",
                "The hang starts right after the step-500 checkpoint: the flight recorder shows rank 0 in a broadcast (broadcast_object_list inside 'if dist.get_rank() == 0' in save_checkpoint) while ranks 1-15 moved on to the next all_reduce with the same sequence number. A collective called by only one rank, a bug in the training script.",
                "https://github.com/KempnerInstitute/KempnerForge/issues/49")
    return b


@case
def p20_all_ranks_exit_at_import():
    b = Bundle("p20_all_ranks_exit_at_import")
    rng = b.rng
    hosts = ["h100-q1-n01", "h100-q1-n02", "h100-q1-n05", "h100-q1-n06"]
    t0 = T(2024, 9, 30, 9, 1, 17)
    J = Job(b, hosts, 410017, t0, subnet="10.8.1", first_octet=1)
    J.con.add(t0, None, sbatch_header(J, "mcore-ft", extra_env=["container: /lustre/fsw/images/mcore-dev-20240929.sqsh (rebuilt nightly; pip install -U transformer-engine in Dockerfile)"],
                                      cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 pretrain_gpt.py --transformer-impl transformer_engine").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    sym = "_ZN3c104cuda9SetDeviceEab"
    fr = [('/workspace/megatron-lm/pretrain_gpt.py', 14, '<module>', 'from megatron.core.models.gpt import GPTModel'),
          ('/workspace/megatron-lm/megatron/core/models/gpt/gpt_model.py', 17, '<module>', 'from megatron.core.transformer.transformer_block import TransformerBlock'),
          ('/workspace/megatron-lm/megatron/core/extensions/transformer_engine.py', 11, '<module>', 'import transformer_engine as te'),
          ('/usr/local/lib/python3.10/dist-packages/transformer_engine/__init__.py', 10, '<module>', 'import transformer_engine.pytorch'),
          ('/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py', 53, '<module>', '_load_library()'),
          ('/usr/local/lib/python3.10/dist-packages/transformer_engine/pytorch/__init__.py', 48, '_load_library', 'spec.loader.exec_module(solib)')]
    for hi in range(4):
        for l in range(8):
            r = J.rank(hi, l)
            d = t0 + timedelta(seconds=21, milliseconds=rng.randint(0, 2500))
            J.say(d, hi, py_tb(r, fr, [f"ImportError: /usr/local/lib/python3.10/dist-packages/transformer_engine_torch.cpython-310-x86_64-linux-gnu.so: undefined symbol: {sym}"]), l)
    agents_fail(J, t0 + timedelta(seconds=26), "pretrain_gpt.py", lambda x: (1, "[Rank %d] ImportError: transformer_engine_torch...so: undefined symbol: %s" % (x, sym)))
    b.add(f"{hosts[0]}/slurm-410017.out", J.con.render())
    t_end = t0 + timedelta(seconds=40)
    b.add(f"{hosts[0]}/slurm-410017.err", srun_exit_lines(J, t_end, [(hi, "Exited with exit code 1") for hi in (2, 0, 1, 3)]))
    b.add(f"{hosts[0]}/pip-list-container.txt", "Package                  Version\n------------------------ ----------------------------\napex                     0.1\nflash-attn               2.4.2\nmegatron-core            0.9.0rc0\nnvidia-nccl-cu12         2.21.5\ntorch                    2.4.0a0+3bcc3cddb5.nv24.07\ntransformer-engine       1.11.0+ec1b8a6\ntransformer-engine-cu12  1.11.0\ntransformer-engine-torch 1.11.0\n")
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="jiso", kname="journalctl-k.txt", nhc=False)
        b.add(f"{h}/prolog-nhc.log", nhc_ok(t0 - timedelta(seconds=20), h, "prolog"))
    b.set_label("dependency", "framework", None, None, "stop",
                "All 32 ranks on all four nodes die while importing transformer_engine_torch with an undefined torch C++ symbol, within seconds of start and before NCCL init; the nightly image upgraded transformer-engine to a wheel built against a different torch ABI. Same on every node, so the environment, not a node.",
                "https://github.com/NVIDIA/TransformerEngine/issues/1192")
    return b


@case
def p21_rendezvous_timeout_on_two_submits():
    b = Bundle("p21_rendezvous_timeout_on_two_submits")
    rng = b.rng
    bad = "gpu-d-33"
    sets = [["gpu-d-30", "gpu-d-31", bad, "gpu-d-36"], ["gpu-d-29", bad, "gpu-d-37", "gpu-d-38"]]
    for a, hosts in enumerate(sets):
        pre = f"attempt_{a}/"
        t0 = T(2024, 8, 6, 14 + a, 2 + a * 20, 40)
        jid = 701220 + a * 3
        J = Job(b, hosts, jid, t0, subnet="10.33.0", first_octet=29 + a)
        bh = hosts.index(bad)
        J.con.add(t0, None, sbatch_header(J, "dpo-70b", cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 --rdzv-backend=c10d dpo.py").rstrip())
        J.torchrun_start(t0 + timedelta(seconds=8))
        fr = [('/home/rl/dpo.py', 402, '<module>', 'main()'), ('/home/rl/dpo.py', 351, 'main', 'torch.cuda.set_device(local_rank)'),
              ('/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py', 399, 'set_device', 'torch._C._cuda_setDevice(device)'),
              ('/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py', 302, '_lazy_init', 'torch._C._cuda_init()')]
        for l in range(8):
            r = J.rank(bh, l)
            d = t0 + timedelta(seconds=19, milliseconds=rng.randint(0, 900))
            J.say(d, bh, py_tb(r, fr, ["RuntimeError: The NVIDIA driver on your system is too old (found version 12020). Please update your GPU driver by downloading and installing a new version from the URL: http://www.nvidia.com/Download/index.aspx Alternatively, go to: https://pytorch.org to install a PyTorch version that has been compiled with your version of the CUDA driver."]), l)
        agents_fail(J, t0 + timedelta(seconds=22), "dpo.py", lambda x: (1, "[Rank %d] RuntimeError: The NVIDIA driver on your system is too old (found version 12020)" % x) if x // 8 == bh else None)
        for hi in range(4):
            if hi == bh:
                continue
            for l in range(8):
                r = J.rank(hi, l)
                d = t0 + timedelta(seconds=1820, milliseconds=rng.randint(0, 3000))
                J.say(d, hi, f"[rank{r}]: torch.distributed.DistBackendError: [{r}] is setting up NCCL communicator and retrieving ncclUniqueId from [0] via c10d key-value store by key '0', but store->get('0') got error: wait timeout after 1800000ms, keys: //worker/attempt_0/default_pg/0//cuda//0", l)
            d = t0 + timedelta(seconds=1826)
            J.say(d, hi, child_failed(d, rng, J.agent_pid[hosts[hi]], hosts[hi], "dpo.py", [(J.rank(hi, l), l, 1, J.pid(hi, l), "[Rank %d] DistBackendError: store->get('0') got error: wait timeout after 1800000ms" % J.rank(hi, l)) for l in range(8)], 0))
            if hi == 0:
                J.say(d + timedelta(seconds=1), hi, f"[rank0]:[W{f_glog_new(d, rng)} ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. (function operator())", 0)
        b.add(f"{pre}{hosts[0]}/slurm-{jid}.out", J.con.render())
        t_end = t0 + timedelta(seconds=1860)
        b.add(f"{pre}{hosts[0]}/slurm-{jid}.err", srun_exit_lines(J, t_end, [(bh, "Exited with exit code 1")] + [(hi, "Exited with exit code 1") for hi in range(4) if hi != bh]))
        for hi, h in enumerate(hosts):
            drv = "535.129.03" if h == bad else "550.90.07"
            cu = "12.2" if h == bad else "12.4"
            node_basics(b, pre, h, J, hi, t_end, style="syslog", kname="kern.log", driver=drv, nhc=False)
            b.add(f"{pre}{h}/nvidia-smi.txt", smi_table(t_end, drv, cu, healthy_gpus(rng, 8)))
    b.set_label("dependency", "infrastructure", bad, None, "restart_without_node",
                "In both attempts every rank on gpu-d-33 failed CUDA init with 'NVIDIA driver on your system is too old (found version 12020)'; its nvidia-smi reports driver 535.129.03 / CUDA 12.2 while every other node runs 550.90.07 / 12.4, and the other nodes only time out waiting for rank 0's NCCL id. One node is on a stale driver.",
                "https://github.com/IEIT-Yuan/Yuan-2.0/issues/65")
    return b


@case
def p22_resume_dies_loading_checkpoint():
    b = Bundle("p22_resume_dies_loading_checkpoint")
    rng = b.rng
    hosts = ["dgx-b-07", "dgx-b-08"]
    t0 = T(2024, 10, 22, 11, 30, 0)
    J = Job(b, hosts, 918231, t0, subnet="10.2.7", first_octet=7)
    J.con.add(t0, None, sbatch_header(J, "gpt-7b-cont", extra_env=["# resumed with new arch flags: --normalization RMSNorm --swiglu --untie-embeddings-and-output-weights"],
                                      cmd="srun -l torchrun --nnodes=2 --nproc-per-node=8 pretrain_gpt.py --load /lustre/llm/ckpt/gpt7b-ln --normalization RMSNorm --swiglu").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=60))
    J.say(t0 + timedelta(seconds=80), 1, " loading release checkpoint from /lustre/llm/ckpt/gpt7b-ln", 7)
    J.say(t0 + timedelta(seconds=79), 0, "[rank0]: WARNING: could not find the metadata file /lustre/llm/ckpt/gpt7b-ln/latest_checkpointed_iteration.txt ", 0)
    fr = MEG_TRAIN[:2] + [('/workspace/megatron-lm/megatron/training/training.py', 1588, 'setup_model_and_optimizer', 'args.iteration, args.num_floating_point_operations_so_far = load_checkpoint('),
                          ('/workspace/megatron-lm/megatron/training/checkpointing.py', 1161, 'load_checkpoint', "model[0].load_state_dict(state_dict['model'], strict=strict)"),
                          ('/usr/local/lib/python3.10/dist-packages/torch/nn/modules/module.py', 2215, 'load_state_dict', "raise RuntimeError('Error(s) in loading state_dict for {}:\\n\\t{}'.format(")]
    for hi in range(2):
        for l in range(8):
            r = J.rank(hi, l)
            d = t0 + timedelta(seconds=96, milliseconds=rng.randint(0, 1500))
            J.say(d, hi, py_tb(r, fr, ["RuntimeError: Error(s) in loading state_dict for GPTModel:",
                                       '\tMissing key(s) in state_dict: "decoder.layers.0.mlp.linear_fc1.layer_norm_weight", "decoder.layers.1.mlp.linear_fc1.layer_norm_weight", "output_layer.weight". ',
                                       '\tUnexpected key(s) in state_dict: "decoder.layers.0.mlp.linear_fc1.layer_norm_bias", "decoder.layers.0.self_attention.linear_qkv.layer_norm_bias", "decoder.layers.1.mlp.linear_fc1.layer_norm_bias". ',
                                       "\tsize mismatch for decoder.layers.0.mlp.linear_fc1.weight: copying a param with shape torch.Size([2752, 4096]) from checkpoint, the shape in current model is torch.Size([5504, 4096])."]), l)
    agents_fail(J, t0 + timedelta(seconds=100), "pretrain_gpt.py", lambda x: (1, "[Rank %d] RuntimeError: Error(s) in loading state_dict for GPTModel" % x))
    b.add(f"{hosts[0]}/slurm-918231.out", J.con.render())
    t_end = t0 + timedelta(seconds=120)
    b.add(f"{hosts[0]}/slurm-918231.err", srun_exit_lines(J, t_end, [(0, "Exited with exit code 1"), (1, "Exited with exit code 1")]))
    ex = [(t0 - timedelta(hours=6), "NVRM: Xid (PCI:0000:9d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000007a1c40) is marked for remapping, reset gpu to activate.")]
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", extra_k=ex if hi == 1 else (), nhc=False)
    b.set_label("user_code", "script", None, None, "stop",
                "Every rank fails in load_checkpoint with missing/unexpected state_dict keys and an fc1 shape mismatch, right after the run was resumed with new architecture flags (RMSNorm, SwiGLU, untied output) against a LayerNorm/GeLU checkpoint. A configuration error; the old Xid 63 on dgx-b-08 is unrelated.",
                "https://github.com/NVIDIA/Megatron-LM/issues/1602")
    return b



@case
def p23_one_rank_traceback_then_timeouts():
    b = Bundle("p23_one_rank_traceback_then_timeouts")
    rng = b.rng
    hosts = ["gpu-k-12", "gpu-k-13", "gpu-k-14", "gpu-k-15"]
    t0 = T(2024, 11, 29, 1, 10, 0)
    J = Job(b, hosts, 551902, t0, subnet="10.11.4", first_octet=12)
    bad_hi, bad_l = 2, 5
    bad_r = J.rank(bad_hi, bad_l)
    J.con.add(t0, None, sbatch_header(J, "sft-mix-v7", cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 finetune.py --data /lustre/data/sft/mix-v7/*.jsonl").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=60))
    t = t0 + timedelta(seconds=90)
    for step in range(20, 3341, 20):
        t += timedelta(seconds=20 * 1.31 * (1 + rng.uniform(-0.01, 0.01)))
        J.say(t, 0, f"{f_py(t)} - INFO - finetune - step {step}/12000 loss={loss_at(step, rng, base=0.9, amp=1.2, scale=500):.4f} grad_norm={rng.uniform(0.6, 1.4):.3f} lr={2e-5 * min(1, step / 300):.2e}", 0)
    t_x = t + timedelta(seconds=0.9)
    fr = [('/home/ft/finetune.py', 288, '<module>', 'train(cfg)'), ('/home/ft/finetune.py', 231, 'train', 'for batch in loader:'),
          ('/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py', 631, '__next__', 'data = self._next_data()'),
          ('/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py', 1346, '_next_data', 'return self._process_data(data)'),
          ('/usr/local/lib/python3.10/dist-packages/torch/utils/data/dataloader.py', 1372, '_process_data', 'data.reraise()'),
          ('/usr/local/lib/python3.10/dist-packages/torch/_utils.py', 705, 'reraise', 'raise exception')]
    J.say(t_x, bad_hi, py_tb(bad_r, fr, ["json.decoder.JSONDecodeError: Caught JSONDecodeError in DataLoader worker process 3.",
                                         "Original Traceback (most recent call last):",
                                         '  File "/usr/local/lib/python3.10/dist-packages/torch/utils/data/_utils/worker.py", line 309, in _worker_loop',
                                         "    data = fetcher.fetch(index)  # type: ignore[possibly-undefined]",
                                         '  File "/home/ft/data/jsonl_dataset.py", line 58, in __getitem__',
                                         "    rec = json.loads(self._read_line(shard, offset))",
                                         '  File "/usr/lib/python3.10/json/__init__.py", line 346, in loads',
                                         "    return _default_decoder.decode(s)",
                                         '  File "/usr/lib/python3.10/json/decoder.py", line 340, in decode',
                                         '    raise JSONDecodeError("Extra data", s, end)',
                                         "json.decoder.JSONDecodeError: Extra data: line 1 column 3091 (char 3090)",
                                         "",
                                         "(while reading /lustre/data/sft/mix-v7/part-00417.jsonl line 88123)"]), bad_l)
    for hi in range(4):
        for l in range(8):
            r = J.rank(hi, l)
            if r == bad_r:
                continue
            d = jitter(rng, t_x + timedelta(seconds=600, milliseconds=200), 2000)
            J.say(d, hi, watchdog_timeout(d, rng, r, 20043, op="_ALLGATHER_BASE", numel=65667072), l)
    agents_fail(J, t_x + timedelta(seconds=606), "finetune.py", lambda x: (1, "[Rank %d] json.decoder.JSONDecodeError: Extra data: line 1 column 3091 (char 3090)" % x) if x == bad_r else (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
    b.add(f"{hosts[0]}/slurm-551902.out", J.con.render())
    t_end = t_x + timedelta(seconds=640)
    b.add(f"{hosts[0]}/slurm-551902.err", srun_exit_lines(J, t_end, [(2, "Exited with exit code 1"), (0, "Exited with exit code 1"), (1, "Exited with exit code 1"), (3, "Exited with exit code 1")]))
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="syslog", kname="kern.log", nhc=False)
    b.add(f"{hosts[0]}/data-check.txt", "$ sed -n 88123p /lustre/data/sft/mix-v7/part-00417.jsonl | cut -c 3070-3120\n...he answer is 42.\"}]}{\"messages\": [{\"role\": \"user\", \"content\": \"Transl...\n$ python -c 'import json;json.loads(open(\"/lustre/data/sft/mix-v7/part-00417.jsonl\").readlines()[88122])'\njson.decoder.JSONDecodeError: Extra data: line 1 column 3091 (char 3090)\n")
    b.set_label("user_code", "script", None, None, "stop",
                "Rank 21's DataLoader raised JSONDecodeError on line 88123 of part-00417.jsonl (two records glued onto one line), and the other 31 ranks then timed out in the next all-gather. The dataset has a malformed row; it would fail on any node.",
                "https://github.com/facebookresearch/lingua/issues/42")
    return b


@case
def p24_finished_but_dmesg_has_xid():
    b = Bundle("p24_finished_but_dmesg_has_xid")
    rng = b.rng
    hosts = ["gpu-m-201", "gpu-m-202", "gpu-m-203", "gpu-m-204"]
    t0 = T(2024, 12, 10, 8, 0, 9)
    J = Job(b, hosts, 660021, t0, subnet="10.21.2", first_octet=201)
    J.con.add(t0, None, sbatch_header(J, "llama3-1b-ablation", cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 -m torchtitan.train --job.config_file llama3_1b.toml --training.steps 3000").rstrip())
    J.torchrun_start(t0 + timedelta(seconds=8))
    J.nccl_init(t0 + timedelta(seconds=60))
    t, it = progress(J, "titan", t0 + timedelta(seconds=90), 0, 3000, 0.62, 50)
    d = t + timedelta(seconds=1)
    J.say(d, 0, f"[titan] {f_py(d)} - root - INFO - Saving the checkpoint (or staging if async is enabled).")
    J.say(d + timedelta(seconds=9), 0, f"[titan] {f_py(d + timedelta(seconds=9))} - root - INFO - [GC] GC collection invoked by checkpointer. 0.04 seconds.\n[titan] {f_py(d + timedelta(seconds=9))} - root - INFO - Finished saving the checkpoint (or staging if async is enabled)in 8.71 seconds.")
    J.say(d + timedelta(seconds=10), 0, f"[titan] {f_py(d + timedelta(seconds=10))} - root - INFO - Sleeping 2 seconds for other ranks to complete\n[titan] {f_py(d + timedelta(seconds=12))} - root - INFO - Training completed")
    for hi in range(4):
        dd = d + timedelta(seconds=13, milliseconds=rng.randint(0, 900))
        J.say(dd, hi, f"[rank{hi * 8}]:[W{f_glog_new(dd, rng)} ProcessGroupNCCL.cpp:1168] Warning: WARNING: process group has NOT been destroyed before we destruct ProcessGroupNCCL. On normal program exit, the application should call destroy_process_group to ensure that any pending NCCL operations have finished in this process. In rare cases this process can exit before this point and block the progress of another member of the process group. This constraint has always been present,  but this warning has only been added since PyTorch 2.4 (function operator())", 0)
        J.say(dd + timedelta(seconds=2), hi, f"I{f_glog_old(dd)} {J.agent_pid[hosts[hi]]} torch/distributed/elastic/agent/server/api.py:879] [default] worker group successfully finished. Waiting 300 seconds for other agents to finish.\nI{f_glog_old(dd)} {J.agent_pid[hosts[hi]]} torch/distributed/elastic/agent/server/api.py:932] Local worker group finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish\nI{f_glog_old(dd)} {J.agent_pid[hosts[hi]]} torch/distributed/elastic/agent/server/api.py:946] Done waiting for other agents. Elapsed: 0.{rng.randint(100, 999)} seconds")
    b.add(f"{hosts[0]}/slurm-660021.out", J.con.render())
    t_end = d + timedelta(seconds=20)
    b.add(f"{hosts[0]}/slurm-660021.err", "")
    b.add(f"{hosts[0]}/sacct.txt", sacct(660021, "llama3-1b-ablation", [("", "llama3-1b-ablation", "COMPLETED", "0:0", t0, t_end, 896), (".batch", "batch", "COMPLETED", "0:0", t0, t_end, 224), (".0", "torchrun", "COMPLETED", "0:0", t0 + timedelta(seconds=2), t_end, 896)], compress_hosts(hosts)))
    ex = {2: [(t0 + timedelta(minutes=17, seconds=4), "NVRM: Xid (PCI:0000:61:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x000000000c13a980) is marked for remapping, reset gpu to activate."),
              (t0 + timedelta(minutes=17, seconds=5), "nvidia-nvswitch2: SXid (PCI:0000:07:00.0): 12028, Non-fatal, Link 44 egress non-posted PRIV error (First)")],
          1: [(t0 + timedelta(minutes=40), "mce: [Hardware Error]: Machine check events logged"),
              (t0 + timedelta(minutes=40), "EDAC MC0: 1 CE memory read error on CPU_SrcID#0_MC#0_Chan#2_DIMM#0 (channel:2 slot:0 page:0x20c3f1 offset:0x9c0 grain:32 syndrome:0x0 - err_code:0x0000:0x009f socket:0 imc:0 rank:0 bg:1 ba:2 row:0x4412 col:0x270)")]}
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="up", kname="dmesg.txt", extra_k=ex.get(hi, ()), smi_name="nvidia-smi.txt", nhc=True, nhc_name="epilog-nhc.log")
    q = healthy_q(rng, 8)
    q[3].update({"remap": (1, 0, "Yes", "No"), "ecc_a": (0, 0, 3, 0), "ecc_v": (0, 0, 1, 0)})
    b.add(f"{hosts[2]}/nvidia-smi-q.txt", smi_q(t_end, "550.90.07", "12.4", q))
    b.set_label("unknown", "framework", None, None, "none",
                "The run reached step 3000, saved its checkpoint, printed 'Training completed', every torchrun agent reported SUCCEEDED and sacct shows COMPLETED 0:0. The Xid 63 (correctable row remap pending), a non-fatal NVSwitch SXid, a corrected host ECC error and the destroy_process_group warning are noise.",
                "https://docs.nvidia.com/deploy/a100-gpu-mem-error-mgmt/index.html")
    return b


@case
def p25_completed_node_shows_drain_reason():
    b = Bundle("p25_completed_node_shows_drain_reason")
    rng = b.rng
    hosts = [f"nd-c{n:02d}" for n in range(1, 9)]
    t0 = T(2025, 1, 8, 21, 15, 2)
    J = Job(b, hosts, 128844, t0, subnet="10.100.3", first_octet=1)
    drain_hi = 5
    J.con.add(t0, None, sbatch_header(J, "nemo-mistral-12b-sft", cmd="srun -l --ntasks-per-node=8 python megatron_gpt_finetuning.py trainer.max_steps=2000").rstrip())
    J.per_gpu_tasks = True
    J.con.width = 2
    J.nccl_init(t0 + timedelta(seconds=55), ranks=[0, 8, 16, 24, 32, 40, 48, 56], plugin="sharp")
    for k in range(3):
        dd = t0 + timedelta(seconds=20 + k * 3)
        J.say(dd, 0, f"[NeMo W {dd:%Y-%m-%d %H:%M:%S} file_utils:212] Failed to download tokenizer.json from the hub (HTTPSConnectionPool(host='huggingface.co', port=443): Read timed out. (read timeout=10)); retrying in {2 ** k}s [Retry {k + 1}/5].", 0)
    J.say(t0 + timedelta(seconds=31), 0, f"[NeMo I {t0 + timedelta(seconds=31):%Y-%m-%d %H:%M:%S} tokenizer_utils:182] Getting HuggingFace AutoTokenizer with pretrained_model_name: /lustre/models/Mistral-NeMo-12B", 0)
    t, it = progress(J, "nemo", t0 + timedelta(seconds=120), 0, 2000, 2.2, 25, total=2000, gbs=256)
    d = t + timedelta(seconds=2)
    J.say(d, 0, f"`Trainer.fit` stopped: `max_steps=2000` reached.\n[NeMo I {d:%Y-%m-%d %H:%M:%S} nemo_model_checkpoint:241] Checkpoint save for step 2000 finished.", 0)
    b.add(f"{hosts[0]}/slurm-128844.out", J.con.render())
    t_end = d + timedelta(seconds=40)
    b.add(f"{hosts[0]}/slurm-128844.err", "")
    b.add(f"{hosts[0]}/sacct.txt", sacct(128844, "nemo-mistral-12b-sft", [("", "nemo-mistral-12b-sft", "COMPLETED", "0:0", t0, t_end, 1792), (".batch", "batch", "COMPLETED", "0:0", t0, t_end, 224), (".0", "python", "COMPLETED", "0:0", t0 + timedelta(seconds=2), t_end, 1792)], compress_hosts(hosts)))
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="jiso", kname="journalctl-k.txt", nhc=False)
        st = "DRAINED" if hi == drain_hi else "IDLE"
        if hi == drain_hi:
            b.add(f"{h}/scontrol_show_node.txt", scontrol_node(h, st, "Planned BMC/BIOS firmware update CHG0051877", t0 + timedelta(hours=1, minutes=12), reason_user="opsadmin", last_busy=t_end))
        elif hi == 2:
            b.add(f"{h}/scontrol_show_node.txt", scontrol_node(h, st, "Xid 79 GPU3 - reseated, monitoring", T(2024, 11, 19, 3, 44, 10), reason_user="root", last_busy=t_end))
        else:
            b.add(f"{h}/scontrol_show_node.txt", scontrol_node(h, st, last_busy=t_end))
    b.add(f"{hosts[drain_hi]}/dcgmi-diag-r1.txt", dcgmi_diag_text(1, "550.90.07", []))
    b.set_label("unknown", "framework", None, None, "none",
                "NeMo reached max_steps=2000, saved the final checkpoint and sacct reports COMPLETED 0:0. nd-c06's DRAIN reason is an operator's planned firmware update set during the run, nd-c03's 'Xid 79' reason dates from November, and the tokenizer download retries succeeded. Nothing failed.",
                "https://slurm.schedmd.com/scontrol.html")
    return b


@case
def p26_connection_reset_then_node_reboots():
    b = Bundle("p26_connection_reset_then_node_reboots")
    rng = b.rng
    hosts = ["r04-n05", "r04-n06", "r04-n07", "r04-n08"]
    t0 = T(2024, 8, 27, 5, 44, 0)
    J = Job(b, hosts, 355104, t0, subnet="10.4.4", first_octet=5)
    bad_hi = 2
    J.con.add(t0, None, sbatch_header(J, "t5-xxl", cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 train_t5.py --fsdp").rstrip())
    t = simple_job_fail(b, J, "ds", "train_t5.py", 4400, 2.6, 20)
    t_x = t + timedelta(seconds=13)
    for hi in range(4):
        if hi == bad_hi:
            continue
        for l in range(8):
            r = J.rank(hi, l)
            d = jitter(rng, t_x + timedelta(seconds=19), 1500)
            reason = f"socketProgress: Connection reset by peer {hosts[bad_hi]}<{rng.randint(40000, 60000)}>" if l < 3 else f"NET/IB : Got completion from peer {J.ip(bad_hi)}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{J.ip(hi)} remoteGids::ffff:{J.ip(bad_hi)} hca mlx5_{l}"
            J.say(d, hi, nccl_remote_error(d, rng, r, 133001, reason, op="_REDUCE_SCATTER_BASE", numel=92274688), l)
    agents_fail(J, t_x + timedelta(seconds=24), "train_t5.py", lambda r: None if r // 8 == bad_hi else (-6, sig_tb(6, J.pid(*divmod(r, 8)))))
    # rendezvous timeout on survivors' agents
    for hi in (0, 1, 3):
        dd = t_x + timedelta(seconds=25)
        J.say(dd, hi, f"W{f_glog_old(dd)} {J.agent_pid[hosts[hi]]} torch/distributed/elastic/rendezvous/dynamic_rendezvous.py:1336] The node '{hosts[hi]}_{J.agent_pid[hosts[hi]]}_0' has failed to send a keep-alive heartbeat to the rendezvous '355104' due to an error of type RendezvousConnectionError.")
    b.add(f"{hosts[0]}/slurm-355104.out", J.con.render())
    t_nf = t_x + timedelta(seconds=290)
    b.add(f"{hosts[0]}/slurm-355104.err", "".join(f"srun: error: {hosts[hi]}: task {hi}: Exited with exit code 1\n" for hi in (0, 1, 3))
          + f"srun: error: Node failure on {hosts[bad_hi]}\nslurmstepd: error: *** JOB 355104 ON {hosts[0]} CANCELLED AT {f_iso(t_nf)} DUE TO NODE FAILURE, SEE SLURMCTLD LOG FOR DETAILS ***\n")
    t_end = t_nf + timedelta(seconds=60)
    boot2 = t_x + timedelta(seconds=212)
    ex = {0: [(t0 - timedelta(hours=2), "NVRM: Xid (PCI:0000:c3:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000003d11c0) is marked for remapping, reset gpu to activate.")]}
    for hi, h in enumerate(hosts):
        if hi == bad_hi:
            continue
        node_basics(b, "", h, J, hi, t_end, style="syslog", kname="kern.log", extra_k=ex.get(hi, ()), nhc=False)
    bh = hosts[bad_hi]
    prev_boot = t0 - timedelta(days=14, hours=3)
    kp = KLog("jiso", bh, prev_boot)
    kp.boot_noise(rng, lustre=True)
    mce = [(0, "mce: [Hardware Error]: CPU 37: Machine Check Exception: 5 Bank 13: be00000000800400"),
           (0, "mce: [Hardware Error]: RIP !INEXACT! 33:<00007f3b1c8a21d4>"),
           (0, "mce: [Hardware Error]: TSC 1d3f0a9b21c7f2 ADDR 2f1c3a8c40 MISC 200400c008002086 "),
           (0, "mce: [Hardware Error]: PROCESSOR 0:806f8 TIME %d SOCKET 1 APIC 4a microcode 2b000590" % int((t_x - datetime(1970, 1, 1)).total_seconds())),
           (0, "mce: [Hardware Error]: Run the above through 'mcelog --ascii'"),
           (0, "mce: [Hardware Error]: Machine check: Processor context corrupt"),
           (0, "Kernel panic - not syncing: Fatal machine check"),
           (0.001, "Kernel Offset: 0x2b800000 from 0xffffffff81000000 (relocation range: 0xffffffff80000000-0xffffffffbfffffff)")]
    for off, m in mce:
        kp.add(t_x + timedelta(seconds=off), m)
    b.add(f"{bh}/journalctl-k-b-1.txt", kp.text())
    kn = KLog("jiso", bh, boot2)
    kn.boot_noise(rng, lustre=True)
    kn.add(boot2 + timedelta(seconds=41), "mce: [Hardware Error]: Machine check events logged")
    kn.add(boot2 + timedelta(seconds=41), "EDAC MC2: 1 UE memory read error on CPU_SrcID#1_MC#0_Chan#1_DIMM#0 (channel:1 slot:0 page:0x2f1c3a8 offset:0xc40 grain:32 - OVERFLOW err_code:0x0080:0x00a0 socket:1 imc:0 rank:1 bg:3 ba:0 row:0x1d2f col:0x188)")
    b.add(f"{bh}/journalctl-k-b0.txt", kn.text())
    b.add(f"{bh}/ipmitool-sel-elist.txt", sel_elist([
        (T(2024, 8, 13, 2, 40, 11), "System Boot Initiated #0x1d", "Initiated by power up", "Asserted"),
        (t_x, "Memory #0x87", "Uncorrectable ECC (CPU2_DIMM_B1)", "Asserted"),
        (t_x, "Processor #0x05", "IERR", "Asserted"),
        (t_x + timedelta(seconds=1), "Critical Interrupt #0x1f", "Bus Uncorrectable error", "Asserted"),
        (t_x + timedelta(seconds=97), "System Boot Initiated #0x1d", "Initiated by warm reset", "Asserted")]))
    b.add(f"{bh}/scontrol_show_node.txt", scontrol_node(bh, "DOWN", "Node unexpectedly rebooted boot_time=%d last response=%d" % (int((boot2 - datetime(1970, 1, 1)).total_seconds()), int((t_x - datetime(1970, 1, 1)).total_seconds())), t_x + timedelta(seconds=300), reason_user="slurm", boot=boot2, last_busy=t_x))
    b.add(f"{bh}/slurmd.log", f"[{f_iso(boot2 + timedelta(seconds=78))}.112] slurmd version 23.11.6 started\n[{f_iso(boot2 + timedelta(seconds=78))}.113] slurmd started on {boot2 + timedelta(seconds=78):%a, %d %b %Y %H:%M:%S} +0000\n[{f_iso(boot2 + timedelta(seconds=78))}.120] CPUs=224 Boards=1 Sockets=2 Cores=56 Threads=2 Memory=2063000 TmpDisk=0 Uptime=78 CPUSpecList=(null) FeaturesAvail=(null) FeaturesActive=(null)\n")
    b.set_label("host", "infrastructure", bh, None, "restart_without_node",
                "Peers saw connections to r04-n07 reset, then Slurm reported a node failure. r04-n07's previous-boot kernel log ends in a fatal machine check / kernel panic, the SEL records an uncorrectable ECC on CPU2_DIMM_B1 and IERR, the node rebooted and Slurm set 'Node unexpectedly rebooted'. A host memory fault; the Xid 63 on r04-n05 is unrelated.",
                "https://github.com/ovro-lwa/lwa-issues/issues/117")
    return b



@case
def p27_ioerror_reading_token_shard():
    b = Bundle("p27_ioerror_reading_token_shard")
    rng = b.rng
    hosts = ["gn-109", "gn-110", "gn-112", "gn-113"]
    t0 = T(2024, 4, 16, 17, 3, 0)
    J = Job(b, hosts, 39912, t0, subnet="10.60.1", first_octet=109)
    bad_hi, bad_l = 2, 5
    bad_r = J.rank(bad_hi, bad_l)
    J.con.add(t0, None, sbatch_header(J, "gpt-3b-localcache", extra_env=["# data staged to node-local /raid/cache by prolog (rsync from /lustre/data/tok-v2)"], cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 pretrain_gpt.py --data-cache-path /raid/cache").rstrip())
    t = simple_job_fail(b, J, "megatron", "pretrain_gpt.py", 7100, 1.1, 50)
    t_x = t + timedelta(seconds=0.7)
    fr = MEG_TRAIN[:4] + [('/workspace/megatron-lm/megatron/core/datasets/gpt_dataset.py', 227, '__getitem__', 'text, document_ids = self._query_document_sample_shuffle_indices(idx)'),
                          ('/workspace/megatron-lm/megatron/core/datasets/indexed_dataset.py', 620, 'get', 'sequence = self.bin_reader.read(dtype=self.index.dtype, count=length, offset=sequence_pointer)'),
                          ('/workspace/megatron-lm/megatron/core/datasets/indexed_dataset.py', 430, 'read', 'return numpy.frombuffer(self._bin_buffer, dtype=dtype, count=count, offset=offset)')]
    J.say(t_x, bad_hi, py_tb(bad_r, fr, ["OSError: [Errno 5] Input/output error: '/raid/cache/tok-v2/shard_00731_text_document.bin'"]), bad_l)
    for hi in range(4):
        for l in range(8):
            r = J.rank(hi, l)
            if r == bad_r:
                continue
            d = jitter(rng, t_x + timedelta(seconds=600, milliseconds=300), 1500)
            J.say(d, hi, watchdog_timeout(d, rng, r, 44109, op="ALLREDUCE", numel=1), l)
    agents_fail(J, t_x + timedelta(seconds=606), "pretrain_gpt.py", lambda x: (1, "[Rank %d] OSError: [Errno 5] Input/output error" % x) if x == bad_r else (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
    b.add(f"{hosts[0]}/slurm-39912.out", J.con.render())
    t_end = t_x + timedelta(seconds=640)
    b.add(f"{hosts[0]}/slurm-39912.err", srun_exit_lines(J, t_end, [(2, "Exited with exit code 1"), (0, "Exited with exit code 1"), (1, "Exited with exit code 1"), (3, "Exited with exit code 1")]))
    ex = []
    for k in range(6):
        dd = t_x - timedelta(seconds=2) + timedelta(milliseconds=k * 137)
        lba = 2811930112 + k * 256
        ex.append((dd, f"nvme1n1: I/O Cmd(0x2) @ LBA {lba}, 256 blocks, I/O Error (sct 0x2 / sc 0x81) DNR "))
        ex.append((dd + timedelta(microseconds=50), f"critical medium error, dev nvme1n1, sector {lba} op 0x0:(READ) flags 0x80700 phys_seg 32 prio class 0"))
    ex.append((t_x - timedelta(milliseconds=900), "md/raid0:md0: I/O error on nvme1n1"))
    ex.append((t_x + timedelta(seconds=30), "EXT4-fs warning (device md0): htree_dirblock_to_tree:1083: inode #41943041: lblock 0: comm rsync: error -5 reading directory block"))
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", extra_k=ex if hi == bad_hi else (), nhc=False)
        b.add(f"{h}/df-h.txt", std_df(raid_pct="9%"))
    b.add(f"{hosts[bad_hi]}/nvme-smart-log-nvme1.txt",
          "Smart Log for NVME device:nvme1 namespace-id:ffffffff\ncritical_warning                        : 0x4\ntemperature                             : 41 C (314 Kelvin)\navailable_spare                         : 100%\navailable_spare_threshold               : 10%\npercentage_used                         : 3%\nendurance group critical warning summary: 0\n"
          "data_units_read                         : 1,902,331,117\ndata_units_written                      : 611,220,984\nhost_read_commands                      : 9,221,880,113\nhost_write_commands                     : 2,330,417,776\ncontroller_busy_time                    : 18,229\npower_cycles                            : 31\npower_on_hours                          : 9,412\nunsafe_shutdowns                        : 12\nmedia_errors                            : 1,287\nnum_err_log_entries                     : 1,544\nWarning Temperature Time                : 0\nCritical Composite Temperature Time     : 0\n")
    b.add(f"{hosts[bad_hi]}/smartctl-a-nvme1.txt",
          "smartctl 7.2 2020-12-30 r5155 [x86_64-linux-5.15.0-105-generic] (local build)\n\n=== START OF INFORMATION SECTION ===\nModel Number:                       SAMSUNG MZWLR3T8HCLS-00A07\nSerial Number:                      S6ETNA0T902231\nFirmware Version:                   MPPA5B5Q\n\n=== START OF SMART DATA SECTION ===\nSMART overall-health self-assessment test result: FAILED!\n- NVM subsystem reliability has been degraded\n\nSMART/Health Information (NVMe Log 0x02)\nCritical Warning:                   0x04\nMedia and Data Integrity Errors:    1,287\nError Information Log Entries:      1,544\n")
    b.add(f"{hosts[1]}/nvme-smart-log-nvme1.txt", "Smart Log for NVME device:nvme1 namespace-id:ffffffff\ncritical_warning                        : 0\ntemperature                             : 39 C (312 Kelvin)\navailable_spare                         : 100%\npercentage_used                         : 2%\nmedia_errors                            : 0\nnum_err_log_entries                     : 3\n")
    b.set_label("storage", "infrastructure", hosts[bad_hi], None, "restart_without_node",
                "Rank 21 on gn-112 failed with EIO reading a token shard from node-local /raid; gn-112's dmesg shows NVMe medium errors on nvme1n1 (member of md0) at that moment and smart-log reports critical_warning 0x4 with 1,287 media errors. A failing local disk on one node; the other ranks' timeouts are sympathetic.",
                "https://github.com/oxidecomputer/crucible/issues/1844")
    return b


@case
def p28_checkpoint_upload_errors_all_nodes():
    b = Bundle("p28_checkpoint_upload_errors_all_nodes")
    rng = b.rng
    hosts = ["ip-10-1-77-12", "ip-10-1-77-40", "ip-10-1-78-3", "ip-10-1-78-91"]
    t0 = T(2025, 2, 11, 3, 0, 30)
    J = Job(b, hosts, 2241, t0, subnet="10.1.77", first_octet=12, per_gpu_tasks=True)
    J.con.add(t0, None, sbatch_header(J, "fsdp-13b-s3ckpt", cmd="srun -l python train.py --ckpt-uri s3://ml-ckpt-prod/fsdp13b/ --ckpt-every 1000 --ckpt-backend s3torchconnector").rstrip())
    J.nccl_init(t0 + timedelta(seconds=50), ranks=[0, 8, 16, 24], plugin="aws")
    t = t0 + timedelta(seconds=80)
    for step in range(25, 2001, 25):
        t += timedelta(seconds=25 * 1.6 * (1 + rng.uniform(-0.01, 0.01)))
        J.say(t, 0, f"{f_py(t)} INFO train.py:301 step={step} loss={loss_at(step, rng):.4f} tokens/s={rng.randint(380000, 392000)} mem_gb=58.1", 0)
        if step == 1000:
            J.say(t + timedelta(seconds=1), 0, f"{f_py(t + timedelta(seconds=1))} INFO ckpt.py:88 checkpoint step 1000 uploaded to s3://ml-ckpt-prod/fsdp13b/step_1000 in 71.2s", 0)
    t_s = t + timedelta(seconds=1)
    J.say(t_s, 0, f"{f_py(t_s)} INFO ckpt.py:61 saving checkpoint step 2000 to s3://ml-ckpt-prod/fsdp13b/step_2000 (32 writers)", 0)
    fails = [2, 9, 14, 19, 26, 31]
    for k, r in enumerate(fails):
        hi, l = divmod(r, 8)
        d = t_s + timedelta(seconds=40 + k * 3, milliseconds=rng.randint(0, 999))
        for tr in range(1, 4):
            J.say(d - timedelta(seconds=(4 - tr) * 6), hi, f"[rank{r}]: {f_py(d - timedelta(seconds=(4 - tr) * 6))} WARNING s3torchconnector: PutObject part {rng.randint(10, 80)} of fsdp13b/step_2000/__{r}_0.distcp failed with 503 SlowDown, retry {tr}/3", l)
        fr = [('/home/ml/train.py', 330, 'main', 'ckpt.save(state, step)'), ('/home/ml/ckpt.py', 74, 'save', 'dcp.save(state, storage_writer=S3StorageWriter(region, uri))'),
              ('/usr/local/lib/python3.10/dist-packages/s3torchconnector/_s3client/s3writer.py', 47, 'write', 'self._stream.write(data)')]
        J.say(d, hi, py_tb(r, fr, ["s3torchconnector._s3client.s3client.S3Exception: Client error: Request failed: Service error: SlowDown: Please reduce your request rate. (status 503, request id 7Q%dK%dXW)" % (rng.randint(1000, 9999), rng.randint(100, 999))]), l)
    t_end = t_s + timedelta(seconds=120)
    b.add(f"{hosts[0]}/slurm-2241.out", J.con.render())
    b.add(f"{hosts[0]}/slurm-2241.err", f"srun: error: {hosts[0]}: task 2: Exited with exit code 1\nsrun: Job step aborted: Waiting up to 32 seconds for job step to finish.\nslurmstepd: error: *** STEP 2241.0 ON {hosts[0]} CANCELLED AT {f_iso(t_end - timedelta(seconds=30))} ***\n"
          + "".join(f"srun: error: {hosts[hi]}: tasks {hi * 8}-{hi * 8 + 7}: Killed\n" for hi in (1, 2, 3)))
    for hi, h in enumerate(hosts):
        node_basics(b, "", h, J, hi, t_end, style="T", kname="dmesg.txt", lustre=False, nhc=False)
    b.add(f"{hosts[0]}/aws-s3-metrics.txt", "# CloudWatch S3 request metrics, bucket ml-ckpt-prod, prefix fsdp13b/ (1-minute)\n"
          + "".join(f"{f_iso(t_s + timedelta(minutes=m))}Z  PutRequests={rng.randint(9000, 15000):>6}  5xxErrors={rng.randint(400, 2200) if 0 < m < 4 else rng.randint(0, 3):>5}\n" for m in range(-2, 6)))
    b.set_label("storage", "infrastructure", None, None, "restart",
                "The step-2000 checkpoint upload failed on ranks spread over all four nodes with S3 503 SlowDown after the client's retries were used up, and the bucket metrics show a burst of 5xx responses during the save; the step-1000 upload had succeeded. Object-store throttling affecting every node, not one node.",
                "https://github.com/huggingface/datatrove/issues/302")
    return b


@case
def p29_requeued_job_crashes_same_way():
    b = Bundle("p29_requeued_job_crashes_same_way")
    rng = b.rng
    hosts = ["h100-p2-n11", "h100-p2-n12", "h100-p2-n14", "h100-p2-n15"]
    bad_hi, bad_l = 2, 1
    for a in range(2):
        pre = f"attempt_{a}/"
        t0 = T(2024, 10, 9, 2 + a * 3, 11, 40)
        J = Job(b, hosts, 610044, t0, subnet="10.2.2", first_octet=11)
        bad_r = J.rank(bad_hi, bad_l)
        J.con.add(t0, None, sbatch_header(J, "gpt-moe-8x3b", extra_env=[f"SLURM_RESTART_COUNT={a}"], cmd="srun -l torchrun --nnodes=4 --nproc-per-node=8 pretrain_gpt.py --num-experts 8").rstrip())
        t = simple_job_fail(b, J, "megatron", "pretrain_gpt.py", [2630, 3410][a], 2.0, 10, it0=[0, 2000][a])
        t_x = t + timedelta(seconds=1.3)
        bus = J.bus[bad_l]
        exc = ["RuntimeError: CUDA error: unspecified launch failure"] + CUDA_TAIL
        J.say(t_x + timedelta(seconds=6), bad_hi, py_tb(bad_r, MEG_TRAIN, exc), bad_l)
        for hi in range(4):
            for l in range(8):
                r = J.rank(hi, l)
                if r == bad_r:
                    continue
                d = jitter(rng, t_x + timedelta(seconds=606), 2000)
                J.say(d, hi, watchdog_timeout(d, rng, r, [55120, 71332][a], op="ALLTOALL_BASE", numel=25165824), l)
        agents_fail(J, t_x + timedelta(seconds=612), "pretrain_gpt.py", lambda x: (1, "[Rank %d] RuntimeError: CUDA error: unspecified launch failure" % x) if x == bad_r else (-6, sig_tb(6, J.pid(*divmod(x, 8)))))
        b.add(f"{pre}{hosts[0]}/slurm-610044.out", J.con.render())
        t_end = t_x + timedelta(seconds=640)
        b.add(f"{pre}{hosts[0]}/slurm-610044.err", srun_exit_lines(J, t_end, [(2, "Exited with exit code 1"), (0, "Exited with exit code 1"), (1, "Exited with exit code 1"), (3, "Exited with exit code 1")])
              + (f"slurmstepd: error: *** JOB 610044 ON {hosts[0]} CANCELLED AT {f_iso(t_end)} DUE TO JOB REQUEUE ***\n" if a == 0 else ""))
        ex = {bad_hi: [(t_x, f"NVRM: Xid (PCI:0000:{bus}:00): 119, pid={J.pid(bad_hi, bad_l)}, name=python3, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 76 (GSP_RM_CONTROL) (0x20801348 0x4)."),
                       (t_x + timedelta(seconds=6), f"NVRM: Xid (PCI:0000:{bus}:00): 119, pid={J.pid(bad_hi, bad_l)}, name=python3, Timeout after 6s of waiting for RPC response from GPU1 GSP! Expected function 10 (FREE) (0xa55a0040 0x0)."),
                       (t_x + timedelta(seconds=6, milliseconds=40), f"NVRM: GPU 0000:{bus}:00.0: GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)"),
                       (t_x + timedelta(seconds=7), f"NVRM: Xid (PCI:0000:{bus}:00): 154, GPU recovery action changed from 0x0 (None) to 0x1 (GPU Reset Required)")]}
        if a == 1:
            ex[0] = [(t0 - timedelta(hours=5), "NVRM: Xid (PCI:0000:9d:00): 63, pid='<unknown>', name=<unknown>, Row Remapper: New row (0x00000000004f0a80) is marked for remapping, reset gpu to activate.")]
        for hi, h in enumerate(hosts):
            node_basics(b, pre, h, J, hi, t_end, style="up", kname="dmesg.txt", extra_k=ex.get(hi, ()), boot=t0 - timedelta(days=6 + hi, hours=a * 0), nhc=False)
        if a == 0:
            b.add(f"{pre}{hosts[bad_hi]}/epilog.log", f"[{f_iso(t_end + timedelta(seconds=20))}] epilog: nvidia-smi -r -i 1 -> GPU 00000000:{bus.upper()}:00.0 was successfully reset.\n[{f_iso(t_end + timedelta(seconds=24))}] epilog: dcgmi diag -r 1: PASS\n")
    b.add(f"attempt_1/{hosts[1]}/scontrol_show_node.txt", scontrol_node(hosts[1], "IDLE", "Xid 79 GPU6 (replaced 2024-09-02)", T(2024, 8, 30, 10, 14, 2), last_busy=T(2024, 10, 9, 5, 58, 0)))
    b.set_label("gpu_hardware", "infrastructure", hosts[bad_hi], 17, "restart_without_node",
                "Both the original run and the automatic requeue died when rank 17 (h100-p2-n14 GPU 1, PCI 43) hit 'unspecified launch failure' while dmesg logged Xid 119 GSP RPC timeouts and Xid 154 'GPU Reset Required' on that GPU. The epilog reset and a quick diag let it back in, and it failed again, so exclude the node. The Reason on h100-p2-n12 is from a GPU replaced in September.",
                "https://docs.nvidia.com/deploy/xid-errors/index.html")
    return b


@case
def p30_expert_alltoall_ib_errors():
    b = Bundle("p30_expert_alltoall_ib_errors")
    rng = b.rng
    hosts = [f"nd-a{n:02d}" for n in range(11, 19)]
    t0 = T(2025, 3, 19, 7, 30, 0)
    J = Job(b, hosts, 3319020, t0, subnet="10.140.1", first_octet=11)
    bad_hi = 6  # nd-a17
    stale_hi = 2  # nd-a13
    J.con.add(t0, None, sbatch_header(J, "dsv2-lite-pt", cmd="srun -l torchrun --nnodes=8 --nproc-per-node=8 pretrain_gpt.py --expert-model-parallel-size 16").rstrip())
    t = simple_job_fail(b, J, "megatron", "pretrain_gpt.py", 5230, 3.4, 10, it0=4000)
    t_x = t + timedelta(seconds=2)
    for hi in range(8):
        for l in range(8):
            r = J.rank(hi, l)
            d = jitter(rng, t_x + timedelta(seconds=31), 2500)
            if hi == bad_hi:
                peer = (hi + 1 + l) % 8
            else:
                peer = bad_hi
            reason = f"NET/IB : Got completion from peer {J.ip(peer)}<{rng.randint(40000, 60000)}> with status=12 opcode=0 len=0 vendor err 129 (Recv) localGid ::ffff:{J.ip(hi)} remoteGids::ffff:{J.ip(peer)} hca mlx5_{[0, 3, 4, 5, 6, 9, 10, 11][l]}"
            if hi == bad_hi or l in (2, 3) or rng.random() < 0.3:
                J.say(d, hi, nccl_remote_error(d, rng, r, 220413, reason, op="ALLTOALL_BASE", numel=33554432, pg="6 (EXPERT_MODEL_PARALLEL_GROUP)"), l)
            else:
                J.say(d + timedelta(seconds=570), hi, watchdog_timeout(d + timedelta(seconds=570), rng, r, 331205, op="ALLREDUCE", numel=1), l)
    agents_fail(J, t_x + timedelta(seconds=610), "pretrain_gpt.py", lambda r: (-6, sig_tb(6, J.pid(*divmod(r, 8)))))
    b.add(f"{hosts[0]}/slurm-3319020.out", J.con.render())
    t_end = t_x + timedelta(seconds=650)
    b.add(f"{hosts[0]}/slurm-3319020.err", srun_exit_lines(J, t_end, [(hi, "Exited with exit code 1") for hi in (6, 0, 1, 2, 3, 4, 5, 7)]))
    for hi, h in enumerate(hosts):
        ex = []
        if hi == bad_hi:
            ex = [(t0 - timedelta(hours=1, minutes=3), "mlx5_core 0000:41:00.0 ibp65s0: Link down"),
                  (t0 - timedelta(hours=1), "mlx5_core 0000:41:00.0 ibp65s0: Link up")]
        node_basics(b, "", h, J, hi, t_end, style="syslog", kname="kern.log", extra_k=ex, nhc=False)
        g0 = 0x7cfe900300f1b000 + hi * 0x100
        ports = [(f"mlx5_{x}", "Active", "LinkUp", 400, 500 + hi * 8 + k, g0 + k) for k, x in enumerate([0, 3, 4, 5, 6, 9, 10, 11])]
        if hi == bad_hi:
            ports[2] = ("mlx5_4", "Active", "LinkUp", 100, 500 + hi * 8 + 2, g0 + 2)
        b.add(f"{h}/ibstat.txt", ibstat(ports))
        if hi == stale_hi:
            b.add(f"{h}/scontrol_show_node.txt", scontrol_node(h, "MIXED", "Xid 79 GPU3 fell off bus - RMA pending", T(2025, 2, 20, 13, 2, 44), last_busy=t_end, alloc_cpu=112))
        else:
            b.add(f"{h}/scontrol_show_node.txt", scontrol_node(h, "IDLE", last_busy=t_end))
    b.add(f"{hosts[bad_hi]}/mlxlink-mlx5_4.txt",
          "Operational Info\n----------------\nState                              : Active\nPhysical state                     : LinkUp\nSpeed                              : IB-NDR\nWidth                              : 1x\nFEC                                : Standard_RS-FEC - (544,514)\nLoopback Mode                      : No Loopback\nAuto Negotiation                   : ON\n\n"
          "Troubleshooting Info\n--------------------\nStatus Opcode                      : 0\nGroup Opcode                       : N/A\nRecommendation                     : No issue was observed\n\n"
          "Physical Counters and BER Info\n------------------------------\nTime Since Last Clear [Min]        : 96.2\nLink Down Counter                  : 0\nLink Error Recovery Counter        : 41\nEffective Physical Errors          : 188213\nEffective Physical BER             : 2E-08\nRaw Physical Errors Per Lane       : 9921033,8820011,0,10332870\nRaw Physical BER                   : 4E-05\n")
    b.add(f"{hosts[bad_hi]}/perfquery-mlx5_4.txt", "# Port counters: Lid 550 port 1 (CapMask: 0x5A00)\nSymbolErrorCounter:..............65535\nLinkErrorRecoveryCounter:........41\nLinkDownedCounter:...............0\nPortRcvErrors:...................18223\nPortXmitDiscards:................3302\nLocalLinkIntegrityErrors:........11\n")
    b.set_label("network", "infrastructure", hosts[bad_hi], None, "restart_without_node",
                "The retry-exceeded IB errors on the expert-parallel all-to-all all point at 10.140.1.17 = nd-a17, whose mlx5_4 port trained down to 1x (rate 100 vs 400 elsewhere) with saturated symbol-error and link-recovery counters and raw BER 4E-05. The 'Xid 79' reason on nd-a13 dates from February and that node is healthy in this job.",
                "https://github.com/horovod/horovod/issues/147")
    return b


def main():
    if os.path.isdir(OUT):
        shutil.rmtree(OUT)
    os.makedirs(OUT)
    names = set()
    for fn in CASES:
        b = fn()
        assert b.name == fn.__name__, (b.name, fn.__name__)
        assert b.name not in names
        names.add(b.name)
        b.validate()
        b.write(OUT)
    print(f"wrote {len(CASES)} cases to {OUT}")


if __name__ == "__main__":
    main()
