"""What the agent gathers from hung ranks before it kills them: process states, every
thread's stack, the collective flight recorders, and the suspect that diagnosis names.

The agent collects; the decision (which rank the others wait for) is diagnosis's, the same
function that judges an offline bundle.
"""

from __future__ import annotations

import os
from pathlib import Path

from kintsugi.agent import stacks
from kintsugi.agent.progress import Hang
from kintsugi.diagnose.hang import choose_suspect, laggards, read_flight_records
from kintsugi.events import JSON


def collect(
    hang: Hang, pids: dict[int, int], run_dir: Path, attempt: int, ipc_path: str, key: str
) -> dict[str, JSON]:
    """The ``hang_detected`` payload's evidence for the ranks in ``pids``.

    Stacks land in ``RUN_DIR/stacks/attempt_N/`` and flight recorders in
    ``RUN_DIR/flight_recorder/attempt_N/``.
    """
    stopped = [r for r, pid in pids.items() if stacks.process_state(pid) == "T"]
    stack_dir = run_dir / "stacks" / f"attempt_{attempt}"
    dumped = stacks.dump_stacks(pids, stack_dir)
    fr_dir = run_dir / "flight_recorder" / f"attempt_{attempt}"
    fr_ranks = stacks.dump_flight_recorders(list(pids), os.path.dirname(ipc_path), key, fr_dir)
    return {
        "silent_s": round(hang.silent_s, 3),
        "timeout_s": round(hang.timeout_s, 3),
        "phase": hang.phase,
        "ranks": list(hang.ranks),
        "stopped_ranks": stopped,
        "stacks": {str(r): s for r, s in dumped.items()},
        "stacks_dir": str(stack_dir),
        "flight_recorder_dir": str(fr_dir) if fr_ranks else None,
        "flight_recorder_ranks": fr_ranks,
        "flight_recorder_lagging": laggards(read_flight_records(fr_dir)) if fr_ranks else [],
        "suspect_rank": choose_suspect(dumped, stopped, fr_dir if fr_ranks else None),
    }
