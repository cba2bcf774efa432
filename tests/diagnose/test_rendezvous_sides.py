"""Who broke a rendezvous: the one agent that could not connect while the others waited until
their timeout has its own way to the endpoint wrong (that node); every agent failing to
connect is the endpoint itself (no node; restart once it is back)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Culprit, Layer

CONNECT = (
    "[2024-05-02 10:01:00,000] torch.distributed.elastic.rendezvous.api.RendezvousConnectionError:"
    " The connection to the C10d store has failed. See inner exception for details.\n"
)
WAITED = (
    "[2024-05-02 10:15:00,000] torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError\n"
)


def _agents(root: Path, errors: dict[str, str]) -> None:
    for node, error in errors.items():
        (root / node).mkdir()
        (root / node / "torchrun.log").write_text(
            "[2024-05-02 10:00:00,000] torch.distributed.elastic.agent.server.api: [INFO] "
            "[default] starting workers for entrypoint: python\n" + error
        )


def test_the_one_agent_that_could_not_connect_is_its_node(tmp_path: Path) -> None:
    _agents(tmp_path, {"tr-a01": WAITED, "tr-a02": WAITED, "tr-a03": WAITED, "tr-a04": CONNECT})
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.NETWORK,
        Layer.INFRASTRUCTURE,
        Culprit("tr-a04", None),
        Action.RESTART_WITHOUT_NODE,
    )


def test_no_agent_reaching_the_endpoint_is_the_endpoint(tmp_path: Path) -> None:
    _agents(tmp_path, {f"worker-{i}": CONNECT for i in range(3)})
    (tmp_path / "etcd").mkdir()  # the endpoint's own logs: no node of the job
    (tmp_path / "etcd" / "etcd-0.log").write_text(
        '{"level":"warn","ts":"2024-05-02T10:00:30Z","msg":"lost leader"}\n'
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.NETWORK,
        Layer.INFRASTRUCTURE,
        None,
        Action.RESTART,
    )


NO_ROUTE = (
    "torch.distributed.DistNetworkError: The client socket has timed out after 60s while "
    "trying to connect to (cpu-node-017, 29400).\n"
)


def test_an_endpoint_outside_the_allocation_is_the_launchs_mistake(tmp_path: Path) -> None:
    """Every agent tries a host that scontrol does not list among the job's nodes: the job
    script's MASTER_ADDR, not the network; with no node list, it may be a node of the job."""
    _agents(tmp_path, {f"cpu-node-{n:03d}": NO_ROUTE for n in (41, 42, 43)})
    assert diagnose_bundle(tmp_path).diagnosis.category is Category.NETWORK
    (tmp_path / "scontrol-show-job.txt").write_text(
        "JobId=662410 JobName=tabular\n   NodeList=cpu-node-[041-043]\n   BatchHost=cpu-node-041\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.USER_CODE,
        Layer.SCRIPT,
        None,
        Action.STOP,
    )
    assert "cpu-node-017" in d.summary
