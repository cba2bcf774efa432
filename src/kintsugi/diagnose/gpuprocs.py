"""``nvidia-smi``'s process table: a GPU that more processes share than the node's others.

A training job runs one process per GPU. A GPU that holds two compute processes while the
node's other GPUs hold one shares its cycles and memory with something that is not the job
(another user's evaluation, a finished job's leftover): the rank on it runs slower than its
peers, and every synchronous step waits for it.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict

from kintsugi.diagnose.findings import Finding
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.reports import gpu_bus, gpu_fact
from kintsugi.diagnose.signatures import Role
from kintsugi.events import Action, Category, Layer

NVSMI_TABLE = b"| NVIDIA-SMI "
"""What marks ``nvidia-smi``'s default output (its GPU table, then its process table)."""
# "|   0  NVIDIA H100 80GB HBM3   On  | 00000000:18:00.0 Off |   0 |": a GPU's first row
_GPU = re.compile(
    r"^\|\s+(?P<gpu>\d+)\s+\S.*?\|\s+"
    r"[0-9A-Fa-f]{4,8}:(?P<bus>[0-9A-Fa-f]{2}:[0-9A-Fa-f]{2})\.\d"
)

# "|    5   N/A  N/A    2911804      C   python3      14210MiB |" (GI and CI columns since
# driver 450), or "|    0      41877      C   python   1234MiB |" before them.
_ROW = re.compile(
    r"^\|\s+(?P<gpu>\d+)\s+(?:\S+\s+\S+\s+)?(?P<pid>\d+)\s+(?P<type>C\+G|C|G)\s+"
    r"(?P<name>\S.*?)\s+(?P<mem>\d+\s?MiB|N/A)\s*\|\s*$"
)


def gpu_table(text: str, ctx: Context) -> list[Finding]:
    """The node's GPU count (``gpu_count``, for the ranks it holds), the GPUs that hold compute
    processes (``gpu_processes``), and a context finding for each GPU that holds more compute
    processes than the node's usual (``gpu_shared``).

    The usual count is the median over the GPUs the process table lists; the process whose
    name the other GPUs' processes do not have is named as the intruder where there is one.
    """
    procs: dict[int, list[tuple[int, str]]] = defaultdict(list)
    lines: dict[int, int] = {}
    gpus: set[int] = set()
    out: list[Finding] = []
    for n, raw in enumerate(text.splitlines(), start=1):
        if (g := _GPU.match(raw.strip())) is not None:
            gpus.add(int(g["gpu"]))
            out.append(gpu_bus(ctx, int(g["gpu"]), g["bus"], n))
            continue
        m = _ROW.match(raw.strip())
        if m is None or "C" not in m["type"]:
            continue
        gpu = int(m["gpu"])
        procs[gpu].append((int(m["pid"]), m["name"]))
        lines.setdefault(gpu, n)
    if gpus:
        out.append(gpu_fact(ctx, "gpu_count", f"{len(gpus)} GPUs", value=float(len(gpus))))
    if gpus or procs:
        # which GPUs hold compute processes as the table was taken (none: the job had ended)
        held = ", ".join(
            f"GPU {g}: " + "; ".join(f"{pid} ({name})" for pid, name in ps[:2])
            for g, ps in sorted(procs.items())
        )
        out.append(
            gpu_fact(
                ctx,
                "gpu_processes",
                f"nvidia-smi lists {held or 'no running processes'}",
                min(lines.values(), default=0),
                ",".join(str(g) for g in sorted(procs)),
                float(sum(len(ps) for ps in procs.values())),
            )
        )
    if len(procs) < 2:
        return out  # one GPU listed: nothing to compare it with
    usual = statistics.median_low(len(ps) for ps in procs.values())
    names = Counter(name for ps in procs.values() for _, name in ps)
    common = names.most_common(1)[0][0]
    # a process that holds a GPU of its own elsewhere in the table is a rank of the job with
    # a context here too (every rank touching cuda:0 before set_device): no other tenant
    where: dict[int, set[int]] = defaultdict(set)
    for gpu, ps in procs.items():
        for pid, _ in ps:
            where[pid].add(gpu)
    for gpu, ps in sorted(procs.items()):
        if len(ps) <= usual or len([pid for pid, _ in ps if where[pid] == {gpu}]) <= usual:
            continue
        odd = [f"{pid} ({name})" for pid, name in ps if name != common] or [
            f"{pid} ({name})" for pid, name in ps
        ]
        out.append(
            Finding(
                signature="gpu_shared",
                category=Category.STRAGGLER,
                layer=Layer.INFRASTRUCTURE,
                action=Action.RESTART_WITHOUT_NODE,
                severity=2,
                role=Role.CONTEXT,
                text=f"GPU {gpu} is shared by {len(ps)} processes ({', '.join(odd[:3])}); "
                f"the node's other GPUs run {usual}",
                source=ctx.source,
                node=ctx.node,
                attempt=ctx.attempt,
                line=lines[gpu],
                order=lines[gpu],
                detail=f"gpu{gpu}",
            )
        )
    return out
