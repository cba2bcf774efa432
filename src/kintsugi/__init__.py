"""kintsugi: keeps distributed training productive while the hardware under it fails.

The training-script API lives in :mod:`kintsugi.runtime` and is re-exported here; importing
``kintsugi`` stays as light as importing the runtime.
"""

from typing import TYPE_CHECKING, Any

from kintsugi.runtime import (
    RankInfo,
    info,
    init,
    load_checkpoint,
    save_checkpoint,
    section,
    step,
)

if TYPE_CHECKING:
    from kintsugi.checkpoint.checkpointer import Checkpointer

__all__ = [
    "Checkpointer",
    "RankInfo",
    "info",
    "init",
    "load_checkpoint",
    "save_checkpoint",
    "section",
    "step",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    # Lazy: the Checkpointer imports torch, and ``import kintsugi`` must not.
    if name == "Checkpointer":
        from kintsugi.checkpoint.checkpointer import Checkpointer

        return Checkpointer
    raise AttributeError(f"module 'kintsugi' has no attribute {name!r}")
