"""What can go wrong with a checkpoint that the user can act on: one class per cause.

Each message is one line naming the thing and, where possible, the fix.
"""

from __future__ import annotations

from kintsugi.errors import UserError


class CheckpointError(UserError):
    """A checkpoint cannot be saved or restored as asked."""


class UnwritableDirectory(CheckpointError):
    """The checkpoint directory cannot be created or written."""


class UnsupportedState(CheckpointError):
    """The state holds an object the checkpoint format does not store."""


class IncompatibleCheckpoint(CheckpointError):
    """The checkpoint was written by another world size or for another model."""


class StorageFull(CheckpointError):
    """The storage target ran out of space during a save."""


class StagingFull(CheckpointError):
    """Host memory for staging (the node's shared memory) ran out during a save."""


class StorageTimeout(CheckpointError):
    """A save to storage did not finish within its time limit."""


class NotDistributed(CheckpointError):
    """Several ranks, but torch.distributed is not initialized."""
