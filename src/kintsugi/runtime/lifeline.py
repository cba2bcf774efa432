"""Ranks die with their agent: a rank whose agent vanished (SIGKILL, OOM killer, node reboot of
the agent's cgroup) would otherwise train on unsupervised, write checkpoints nobody records,
and hold its GPU. A daemon thread watches the parent process and ends the rank's whole process
group (its data-loader workers too) once the agent is gone.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import threading

ENV_AGENT_PID = "KINTSUGI_AGENT_PID"
POLL_S = 0.25


def start(ipc_dir: str | None) -> bool:
    """Starts watching the agent named in ``KINTSUGI_AGENT_PID``; False if there is none."""
    try:
        agent = int(os.environ.get(ENV_AGENT_PID, ""))
    except ValueError:
        return False
    if agent <= 1 or os.getppid() != agent:
        # Not the agent's own child (a process the script spawned): its parent watches it.
        return False
    t = threading.Thread(
        target=_watch, args=(agent, ipc_dir), name="kintsugi-lifeline", daemon=True
    )
    t.start()
    return True


def _watch(agent: int, ipc_dir: str | None) -> None:
    stop = threading.Event()
    while not stop.wait(POLL_S):
        if os.getppid() == agent:
            continue
        # Re-parented: the agent is gone. Its private socket directory would leak.
        if ipc_dir:
            shutil.rmtree(ipc_dir, ignore_errors=True)
        with contextlib.suppress(OSError):
            os.killpg(os.getpgid(0), signal.SIGKILL)
        os.kill(os.getpid(), signal.SIGKILL)
