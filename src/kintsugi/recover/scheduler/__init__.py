"""Scheduler adapters (local, Slurm) behind one interface."""

from kintsugi.recover.scheduler.api import (
    NodeInfo,
    Scheduler,
    SchedulerError,
    drain_reason,
    get_scheduler,
)

__all__ = ["NodeInfo", "Scheduler", "SchedulerError", "drain_reason", "get_scheduler"]
