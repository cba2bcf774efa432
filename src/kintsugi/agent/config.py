"""The node agent's own settings (torchrun's are parsed by torch itself)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from kintsugi.agent.node_health import NodeHealthConfig
from kintsugi.agent.progress import HangConfig
from kintsugi.agent.stacks import listens_on
from kintsugi.recover.policy import PolicyConfig
from kintsugi.runtime.inject import Fault
from kintsugi.telemetry import TelemetryConfig


@dataclass(kw_only=True, slots=True)
class AgentConfig:
    """What ``kintsugi run`` adds to torchrun."""

    run_id: str
    """The job's id (torchrun's ``--rdzv-id``); shared by every node of the job."""
    node: str
    """This node's name in events and verdicts."""
    run_dir: Path
    """Where this run's logs, stacks, checkpoints and (by default) event store live."""
    store_url: str
    """Event store URL: ``sqlite:///...`` or ``postgresql://...``."""
    faults: list[Fault] = field(default_factory=list)
    """Faults to inject (``--inject``)."""
    inject_spec: str = ""
    hang: HangConfig = field(default_factory=HangConfig)
    policy: PolicyConfig = field(default_factory=PolicyConfig)
    monitor_interval_s: float = 0.1
    """How often the agent checks on its ranks."""
    step_sample_s: float = 1.0
    """A step event is stored at most this often per rank (plus first steps and NaN losses)."""
    alert: str = "log"
    """Alert sinks, e.g. ``log,webhook=http://...``."""
    checkpoint_dir: str | None = None
    """Where checkpoints go: a directory (made absolute) or an fsspec URL (default:
    ``RUN_DIR/checkpoints``)."""
    rdzv_host: str = ""
    """The rendezvous endpoint's host ("": none known)."""
    rdzv_port: int = 0
    """The rendezvous endpoint's port (0: none known)."""
    min_nodes: int = 1
    """The job's smallest size (``--nnodes MIN:MAX``): below it the job waits for a node."""
    max_nodes: int = 1
    """The job's largest size (``--nnodes MIN:MAX``); nodes beyond it wait as spares."""
    warm_standby: bool = True
    """Keep pre-imported standby interpreters so restarts skip start-up (see warm_pool.py)."""
    health: NodeHealthConfig | None = None
    """Prolog, periodic and epilog health checks of this node (None: off)."""
    telemetry: TelemetryConfig | None = None
    """Host/GPU samplers, XID events and the kernel log (None: off)."""
    auto_progress: bool = True
    """Ranks count steps through kintsugi's hooks when the script does not call step()."""
    quiet: bool = False
    """Skip the report at the end."""

    def hosts_rendezvous(self) -> bool:
        """Whether this agent holds the c10d rendezvous store (it bound the endpoint first):
        that node cannot leave the job without taking the rendezvous down with it."""
        return bool(self.rdzv_port) and listens_on(self.rdzv_port)

    def __post_init__(self) -> None:
        if self.monitor_interval_s <= 0 or self.step_sample_s < 0:
            raise ValueError("monitor interval must be > 0 and step sampling >= 0")
