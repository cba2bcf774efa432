"""kintsugi: keeps distributed training productive while the hardware under it fails.

The training-script API lives in :mod:`kintsugi.runtime` and is re-exported here; importing
``kintsugi`` stays as light as importing the runtime.
"""

from kintsugi.runtime import (
    RankInfo,
    info,
    init,
    load_checkpoint,
    save_checkpoint,
    section,
    step,
)

__all__ = ["RankInfo", "info", "init", "load_checkpoint", "save_checkpoint", "section", "step"]
__version__ = "0.1.0"
