"""Name resolution failing on several nodes at once is the resolver they share (the cluster
DNS): network, no culprit, restart; on one node it stays that node's first failure.

Lines: Python's ``socket.gaierror: [Errno -3] Temporary failure in name resolution`` raised
inside torch's c10d rendezvous (pytorch/pytorch#73682), and ``kubectl describe pod``'s
``Reason: OOMKilled`` for a system pod.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

LOG = (
    "[2024-08-19T04:12:3{i}.000Z] INFO  launching torchrun --nnodes 3\n"
    "Traceback (most recent call last):\n"
    '  File "/usr/local/lib/python3.10/site-packages/torch/distributed/elastic/rendezvous/'
    'c10d_rendezvous_backend.py", line 156, in _create_tcp_store\n'
    "socket.gaierror: [Errno -3] Temporary failure in name resolution\n"
)


def test_dns_failing_on_every_node_is_the_shared_resolver(tmp_path: Path) -> None:
    for i, node in enumerate(("w-0", "w-1", "w-2")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "worker.txt").write_text(LOG.format(i=i))
    (tmp_path / "kube-system").mkdir()
    (tmp_path / "kube-system" / "describe_coredns.txt").write_text(
        "Name:         coredns-5d78c9869d-x2p7q\n    Last State:     Terminated\n"
        "      Reason:       OOMKilled\n      Exit Code:    137\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.NETWORK, None, Action.RESTART)


def test_dns_failing_on_one_node_is_no_shared_service(tmp_path: Path) -> None:
    for i, node in enumerate(("w-0", "w-1")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "worker.txt").write_text(LOG.format(i=i) if i else "ok\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert not any("shared_service" in e for e in d.explain)


def test_the_one_node_that_cannot_resolve_the_rendezvous_host_is_excluded(tmp_path: Path) -> None:
    """c10d warns on one node only that it cannot resolve the master (its hosts file lacks
    it), then its rendezvous times out; the others wait for it: that node's resolver."""
    gai = (
        "[W1126 04:54:19.550343798 socket.cpp:764] [c10d] The IPv6 network addresses of "
        "(mlw-0, 51403) cannot be retrieved (gai error: -2 - Name or service not known).\n"
    )
    timeout = (
        "torch.distributed.DistNetworkError: The client socket has timed out after 60000ms "
        "while trying to connect to (mlw-0, 51403).\n"
    )
    waiting = "torch.distributed.elastic.rendezvous.api.RendezvousTimeoutError\n"
    for node in ("mlw-0", "mlw-1", "mlw-2"):
        (tmp_path / node).mkdir()
        text = gai + timeout if node == "mlw-2" else waiting
        (tmp_path / node / "launcher.log").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.NETWORK, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "mlw-2"
