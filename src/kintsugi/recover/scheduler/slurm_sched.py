"""The ``slurm`` scheduler: drain and resume with ``scontrol``, read state with ``scontrol show``.

Every call has a time-out; an unreachable controller is a ``SchedulerError`` ("could not ...").
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence

from kintsugi.recover.scheduler.api import NodeInfo, Scheduler, SchedulerError, register_scheduler

_UNUSABLE = (
    "DOWN",
    "DRAIN",
    "FAIL",
    "NOT_RESPONDING",
    "POWERED_DOWN",
    "POWERING_DOWN",
    "FUTURE",
    "INVALID",
    "MAINT",
    "REBOOT_ISSUED",
    "UNKNOWN",
)


def parse_show_node(text: str) -> dict[str, NodeInfo]:
    """Parses ``scontrol show node -o`` (one node per line, ``Key=Value`` pairs).

    ``Reason=`` runs to the end of its value, which may hold spaces, up to the next known key.
    """
    out: dict[str, NodeInfo] = {}
    for line in text.splitlines():
        fields = _fields(line)
        name = fields.get("NodeName")
        if not name:
            continue
        state = fields.get("State", "UNKNOWN")
        flags = state.replace("+", " ").replace("*", " NOT_RESPONDING").split()
        usable = not any(f.startswith(_UNUSABLE) for f in flags)
        out[name] = NodeInfo(name, state, usable, fields.get("Reason", ""))
    return out


def _fields(line: str) -> dict[str, str]:
    # Values never contain "=" except Reason's free text, so a token without "=" continues
    # the previous value (Slurm prints Reason=kintsugi: gpu_hardware XID 79 [root@...]).
    fields: dict[str, str] = {}
    last: str | None = None
    for tok in line.split():
        key, eq, value = tok.partition("=")
        if eq and key and key[0].isupper() and (last != "Reason" or key in _KNOWN_AFTER_REASON):
            fields[key] = value
            last = key
        elif last is not None:
            fields[last] += " " + tok
    return fields


_KNOWN_AFTER_REASON = {
    "Comment",
    "Extra",
    "NodeName",
    "CfgTRES",
    "AllocTRES",
    "CapWatts",
    "CurrentWatts",
    "AveWatts",
    "ExtSensorsJoules",
    "ExtSensorsWatts",
    "ExtSensorsTemp",
    "LastBusyTime",
    "ResumeAfterTime",
}


class SlurmScheduler(Scheduler):
    """Slurm through its commands.

    Args:
        timeout_s: limit for each ``scontrol`` call.
        bin_dir: where ``scontrol`` lives (default: PATH).
        conf: a ``slurm.conf`` path passed as ``SLURM_CONF`` (default: Slurm's own).
    """

    name = "slurm"

    def __init__(
        self, timeout_s: float = 10.0, bin_dir: str | None = None, conf: str | None = None
    ) -> None:
        self.timeout_s = timeout_s
        self._scontrol = os.path.join(bin_dir, "scontrol") if bin_dir else "scontrol"
        self._env = dict(os.environ)
        if conf:
            self._env["SLURM_CONF"] = conf

    def _run(self, what: str, args: list[str]) -> str:
        cmd = [self._scontrol, *args]
        try:
            p = subprocess.run(
                cmd, capture_output=True, text=True, timeout=self.timeout_s, env=self._env
            )
        except FileNotFoundError as e:
            raise SchedulerError(f"could not {what}: {self._scontrol} not found") from e
        except subprocess.TimeoutExpired as e:
            raise SchedulerError(
                f"could not {what}: scontrol gave no answer in {self.timeout_s:g} s"
            ) from e
        if p.returncode != 0:
            why = (p.stderr or p.stdout).strip().splitlines()
            raise SchedulerError(f"could not {what}: {why[-1] if why else f'exit {p.returncode}'}")
        return p.stdout

    def drain(self, node: str, reason: str) -> None:
        self._run(
            f"drain {node}", ["update", f"NodeName={node}", "State=DRAIN", f"Reason={reason}"]
        )

    def resume(self, node: str) -> None:
        self._run(f"resume {node}", ["update", f"NodeName={node}", "State=RESUME"])

    def nodes(self, names: Sequence[str] | None = None) -> dict[str, NodeInfo]:
        if names is None:
            return parse_show_node(self._run("read node states", ["show", "node", "-o"]))
        out: dict[str, NodeInfo] = {}
        for n in names:
            try:
                text = self._run(f"read node {n}", ["show", "node", "-o", n])
            except SchedulerError as e:
                if "not found" in str(e) or "Invalid node name" in str(e):
                    continue  # Unknown to Slurm: absent from the answer, hence unusable.
                raise
            out.update(parse_show_node(text))
        return out


register_scheduler("slurm", SlurmScheduler)
