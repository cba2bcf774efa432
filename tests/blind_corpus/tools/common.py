"""Small helpers that write log lines in the formats real tools print.

The blind corpus is hand-labelled; these helpers only save typing for the
repetitive parts of a bundle (iteration lines, watchdog floods, launcher tables).
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable
from datetime import datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WEEKDAYS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]


class Case:
    """One bundle directory under tests/blind_corpus/."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.dir = ROOT / name
        self.files: dict[str, list[str]] = {}

    def add(self, rel: str, lines: str | Iterable[str]) -> None:
        """Append lines to the file ``rel`` (relative to the case directory)."""
        buf = self.files.setdefault(rel, [])
        if isinstance(lines, str):
            buf.extend(lines.splitlines())
        else:
            buf.extend(lines)

    def label(
        self,
        category: str,
        layer: str,
        node: str | None,
        rank: int | None,
        action: str,
        rationale: str,
        modelled_on: str,
    ) -> None:
        culprit = None if node is None else {"node": node, "rank": rank}
        doc = {
            "category": category,
            "layer": layer,
            "culprit": culprit,
            "action": action,
            "rationale": rationale,
            "modelled_on": modelled_on,
        }
        self.files["label.json"] = [json.dumps(doc, indent=2)]

    def write(self) -> None:
        assert "label.json" in self.files, self.name
        for rel, lines in self.files.items():
            path = self.dir / rel
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text("\n".join(lines) + "\n")


def ts(t: datetime) -> str:
    return t.strftime("%Y-%m-%d %H:%M:%S")


def glog(level: str, t: datetime, tid: int, src: str, msg: str, rank: int | None = None) -> str:
    """A glog/c10 line: ``[rank3]:[E1103 04:12:44.081233 1234 file.cpp:12] msg``."""
    head = f"{level}{t.strftime('%m%d %H:%M:%S')}.{t.microsecond:06d} {tid} {src}"
    pre = f"[rank{rank}]:" if rank is not None else ""
    return f"{pre}[{head}] {msg}"


def elastic(level: str, t: datetime, pid: int, where: str, msg: str) -> str:
    """A torch.distributed.elastic logging line (``W0312 09:12:50.123000 4412 path:897] msg``)."""
    return f"{level}{t.strftime('%m%d %H:%M:%S')}.{t.microsecond:06d} {pid} {where}] {msg}"


def dmesg_uptime(sec: float, msg: str) -> str:
    return f"[{sec:12.6f}] {msg}"


def dmesg_ctime(t: datetime, msg: str) -> str:
    return f"[{WEEKDAYS[t.weekday()]} {t.strftime('%b %d %H:%M:%S %Y')}] {msg}"


def journal(t: datetime, host: str, msg: str, unit: str = "kernel") -> str:
    return f"{t.strftime('%b %d %H:%M:%S')} {host} {unit}: {msg}"


def watchdog_timeout(
    t: datetime, rank: int, seq: int, op: str, numel: int, timeout_ms: int = 600000, tid: int = 0
) -> list[str]:
    """The two lines ProcessGroupNCCL prints per rank when a collective times out."""
    ran = timeout_ms + 7 + rank % 50
    tid = tid or 3000 + rank * 7
    return [
        glog(
            "E",
            t,
            tid,
            "ProcessGroupNCCL.cpp:616",
            f"[Rank {rank}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum={seq}, "
            f"OpType={op}, NumelIn={numel}, NumelOut={numel}, Timeout(ms)={timeout_ms}) ran for "
            f"{ran} milliseconds before timing out.",
            rank,
        ),
        glog(
            "E",
            t + timedelta(microseconds=900),
            tid,
            "ProcessGroupNCCL.cpp:1785",
            f"[PG ID 0 PG GUID 0(default_pg) Rank {rank}] Exception (either an error or timeout) "
            f"detected by watchdog at work: {seq}, last enqueued NCCL work: {seq + 1}, last "
            f"completed NCCL work: {seq - 1}.",
            rank,
        ),
        glog(
            "E",
            t + timedelta(microseconds=1500),
            tid,
            "ProcessGroupNCCL.cpp:630",
            f"[Rank {rank}] Some NCCL operations have failed or timed out. Due to the asynchronous "
            "nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete "
            "data.",
            rank,
        ),
        glog(
            "E",
            t + timedelta(microseconds=1900),
            tid,
            "ProcessGroupNCCL.cpp:636",
            f"[Rank {rank}] To avoid data inconsistency, we are taking the entire process down.",
            rank,
        ),
    ]


def nccl_bootstrap(host: str, pid: int, dev: int, iface: str, ip: str) -> list[str]:
    tag = f"{host}:{pid}:{pid} [{dev}]"
    return [
        f"{tag} NCCL INFO Bootstrap : Using {iface}:{ip}<0>",
        f"{tag} NCCL INFO NET/Plugin: No plugin found (libnccl-net.so)",
        f"{tag} NCCL INFO cudaDriverVersion 12040",
        f"{tag} NCCL INFO NCCL version 2.21.5+cuda12.4",
        f"{tag} NCCL INFO NET/IB : Using [0]mlx5_0:1/IB [1]mlx5_3:1/IB [2]mlx5_4:1/IB "
        f"[3]mlx5_5:1/IB [4]mlx5_6:1/IB [5]mlx5_9:1/IB [6]mlx5_10:1/IB [7]mlx5_11:1/IB ; "
        f"OOB {iface}:{ip}<0>",
        f"{tag} NCCL INFO Using network IB",
    ]


def torchrun_table(
    script: str, root: dict[str, object], others: list[dict[str, object]] | None = None
) -> list[str]:
    """torchrun's ChildFailedError summary."""

    def block(i: int, f: dict[str, object]) -> list[str]:
        return [
            f"[{i}]:",
            f"  time      : {f['time']}",
            f"  host      : {f['host']}",
            f"  rank      : {f['rank']} (local_rank: {f['local_rank']})",
            f"  exitcode  : {f['exitcode']} (pid: {f['pid']})",
            f"  error_file: {f.get('error_file', '<N/A>')}",
            "  traceback : "
            + str(
                f.get(
                    "traceback",
                    "To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html",
                )
            ),
        ]

    out = [
        "Traceback (most recent call last):",
        '  File "/usr/local/bin/torchrun", line 8, in <module>',
        "    sys.exit(main())",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 355, in wrapper',
        "    return f(*args, **kwargs)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/run.py", line 919, in main',
        "    run(args)",
        '  File "/usr/local/lib/python3.10/dist-packages/torch/distributed/launcher/api.py", line 269, in launch_agent',
        "    raise ChildFailedError(",
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ",
        "=" * 60,
        f"{script} FAILED",
        "-" * 60,
        "Failures:",
    ]
    if others:
        for i, f in enumerate(others, start=1):
            out += block(i, f)
    else:
        out.append("  <NO_OTHER_FAILURES>")
    out += ["-" * 60, "Root Cause (first observed failure):"]
    out += block(0, root)
    out.append("=" * 60)
    return out


def megatron_iters(
    t0: datetime,
    first: int,
    count: int,
    ms: float | list[float],
    loss0: float,
    gbs: int = 1024,
    seed: int = 0,
    tflops: float = 402.0,
    nan_at: int | None = None,
) -> list[str]:
    """Megatron-LM ``iteration N/ M | ...`` lines, one per iteration."""
    rng = random.Random(seed)
    out = []
    t = t0
    loss = loss0
    for k in range(count):
        it = first + k
        dt = ms[k] if isinstance(ms, list) else ms * (1 + rng.uniform(-0.01, 0.01))
        t = t + timedelta(milliseconds=dt)
        loss = max(1.2, loss - rng.uniform(0.0, 0.004) + rng.uniform(-0.01, 0.01))
        if nan_at is not None and it >= nan_at:
            ls, gn, nanc = "nan", "nan", 1
        else:
            ls, gn, nanc = f"{loss:.6E}", f"{rng.uniform(0.18, 0.35):.3f}", 0
        tf = tflops * (ms if isinstance(ms, float) else sum(ms) / len(ms)) / dt
        out.append(
            f" [{ts(t)}] iteration {it:8d}/  500000 | consumed samples: {it * gbs:12d} | "
            f"elapsed time per iteration (ms): {dt:.1f} | throughput per GPU (TFLOP/s/GPU): {tf:.1f} | "
            f"learning rate: 2.999{rng.randint(100, 999)}E-04 | global batch size: {gbs:5d} | "
            f"lm loss: {ls} | loss scale: 1.0 | grad norm: {gn} | num zeros: 0 | "
            f"number of skipped iterations:   0 | number of nan iterations: {nanc:3d} |"
        )
    return out


def py_tb(frames: list[tuple[str, int, str, str]], exc: str, prefix: str = "") -> list[str]:
    """A Python traceback; frames are (file, line, func, code)."""
    out = [f"{prefix}Traceback (most recent call last):"]
    for f, ln, fn, code in frames:
        out.append(f'{prefix}  File "{f}", line {ln}, in {fn}')
        out.append(f"{prefix}    {code}")
    out += [prefix + x for x in exc.splitlines()]
    return out


def sigterm(t: datetime, agent_pid: int, pids: list[int]) -> list[str]:
    return [
        elastic(
            "W",
            t + timedelta(milliseconds=3 * i),
            agent_pid,
            "torch/distributed/elastic/multiprocessing/api.py:897",
            f"Sending process {p} closing signal SIGTERM",
        )
        for i, p in enumerate(pids)
    ]


def node_names(prefix: str, n: int, start: int = 1, width: int = 3) -> list[str]:
    return [f"{prefix}{i:0{width}d}" for i in range(start, start + n)]
