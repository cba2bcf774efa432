"""What runs inside every training rank: ``init()``, ``step()``, ``section()``, checkpoints.

Light to import (no torch until a checkpoint is saved or loaded), cheap per step, and usable
without an agent, where it only logs.
"""

from kintsugi.runtime.ckpt import checkpoint_dir, load_checkpoint, save_checkpoint
from kintsugi.runtime.core import RankInfo, info, init, report_exception, section, step

__all__ = [
    "RankInfo",
    "checkpoint_dir",
    "info",
    "init",
    "load_checkpoint",
    "report_exception",
    "save_checkpoint",
    "section",
    "step",
]
