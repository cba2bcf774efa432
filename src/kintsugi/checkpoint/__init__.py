"""Checkpoints that cost a memory copy: host memory, peers' memory and atomic storage.

``Checkpointer`` is imported lazily so that ``import kintsugi`` never imports torch.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from kintsugi.checkpoint.errors import (
    CheckpointError,
    IncompatibleCheckpoint,
    NotDistributed,
    StagingFull,
    StorageFull,
    StorageTimeout,
    UnsupportedState,
    UnwritableDirectory,
)

if TYPE_CHECKING:
    from kintsugi.checkpoint.checkpointer import Checkpointer
    from kintsugi.checkpoint.restore import Restored

__all__ = [
    "CheckpointError",
    "Checkpointer",
    "IncompatibleCheckpoint",
    "NotDistributed",
    "Restored",
    "StagingFull",
    "StorageFull",
    "StorageTimeout",
    "UnsupportedState",
    "UnwritableDirectory",
]


def __getattr__(name: str) -> Any:
    if name == "Checkpointer":
        from kintsugi.checkpoint.checkpointer import Checkpointer

        return Checkpointer
    if name == "Restored":
        from kintsugi.checkpoint.restore import Restored

        return Restored
    raise AttributeError(name)
