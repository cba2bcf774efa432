"""Who this rank is, where its node's holder lives, and which nodes keep its replicas.

Pure functions plus the one collective that tells every rank every holder's address (over the
job's own torch.distributed process group, so nothing needs a shared filesystem).
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kintsugi.checkpoint.wire import Address

_LOOPBACK = ("127.0.0.1", "localhost", "::1", "")


@dataclass(frozen=True, slots=True)
class Identity:
    rank: int
    world_size: int
    node: str
    run: str


def identity() -> Identity:
    """This process's rank and world size (from torch.distributed when it is initialized)."""
    import torch.distributed as dist

    from kintsugi.runtime.core import info

    i = info()
    rank, ws = i.rank, i.world_size
    if dist.is_available() and dist.is_initialized():
        rank, ws = dist.get_rank(), dist.get_world_size()
    node = i.node or os.environ.get("KINTSUGI_NODE") or socket.gethostname()
    run = os.environ.get("TORCHELASTIC_RUN_ID") or f"local{os.getppid()}"
    return Identity(rank=rank, world_size=ws, node=node, run=run)


def _safe(s: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.-]", "_", s)[:64]


def node_dir(ident: Identity, storage_key: str) -> Path:
    """The node's holder directory: per user, job, storage location and node name.

    Keyed by the storage location too (``Target.key()``), so two jobs or two tests never share
    snapshots.
    """
    base = Path("/dev/shm") if Path("/dev/shm").is_dir() else Path(tempfile.gettempdir())
    digest = hashlib.blake2b(storage_key.encode(), digest_size=4).hexdigest()
    return (
        base / f"kintsugi-ckpt-{os.getuid()}" / f"{_safe(ident.run)}-{digest}-{_safe(ident.node)}"
    )


def advertised_host() -> str:
    """The address peers reach this node's holder at: loopback for a one-host job."""
    explicit = os.environ.get("KINTSUGI_CHECKPOINT_HOST")
    if explicit:
        return explicit
    if os.environ.get("MASTER_ADDR", "") in _LOOPBACK:
        return "127.0.0.1"
    return socket.gethostbyname(socket.gethostname())


def watched_pid() -> int:
    """The process whose exit ends the holder: the agent, torchrun, or a script's parent."""
    try:
        return int(os.environ["KINTSUGI_AGENT_PID"])
    except (KeyError, ValueError):
        return os.getppid()


def exchange(ident: Identity, mine: Address | None) -> dict[str, Address]:
    """Every node's holder address, gathered from all ranks (one collective)."""
    table: dict[str, Address] = {}
    if mine is not None:
        table[mine.node] = mine
    import torch.distributed as dist

    if ident.world_size > 1 and dist.is_available() and dist.is_initialized():
        got: list[Any] = [None] * ident.world_size
        dist.all_gather_object(got, mine.to_dict() if mine is not None else None)
        for d in got:
            if d is not None:
                a = Address.from_dict(d)
                table.setdefault(a.node, a)
    return table


def replica_targets(own: str, nodes: list[str], replicas: int) -> list[str]:
    """The ``replicas`` nodes after ``own`` in name order (never ``own`` itself)."""
    ordered = sorted(set(nodes) | {own})
    i = ordered.index(own)
    others = [ordered[(i + k) % len(ordered)] for k in range(1, len(ordered))]
    return others[:replicas]


def dist_ready() -> bool:
    import torch.distributed as dist

    return bool(dist.is_available() and dist.is_initialized())


def agree_max(values: list[float], world_size: int) -> list[float]:
    """Element-wise max over ranks, so that every rank plans from the same numbers."""
    if world_size <= 1 or not dist_ready():
        return values
    import torch
    import torch.distributed as dist

    # NCCL reduces device tensors only; gloo and the others take CPU tensors.
    device = "cuda" if dist.get_backend() == "nccl" else "cpu"
    t = torch.tensor(values, dtype=torch.float64, device=device)
    dist.all_reduce(t, op=dist.ReduceOp.MAX)
    return [float(x) for x in t.tolist()]
