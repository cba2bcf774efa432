"""aws-ofi-nccl's failed requests name the peer (``remote 10.0.93.197``); an EC2 hostname
spells its address (``ip-10-0-93-197``), so several instances accusing it name that node.

Format: aws-ofi-nccl's ``NET/OFI Request 0x... completed with error. RC: 21. Error: 4353
(unexpected EOF or link failure). ... direction: RECV }, remote 10.0.93.197``.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.engine import address_named
from kintsugi.diagnose.extract import accused_peer

LINE = (
    "{n}:2115260:2116160 [1] NCCL WARN NET/OFI Request 0x7f3df3a3a9 completed with error. RC: "
    "21. Error: 4353 (unexpected EOF or link failure). Completed length: 0, Request: {{ dev: 0, "
    "size: 1048576, state: CREATED, direction: RECV }}, remote 10.0.93.197\n"
)


def test_the_peer_and_the_node_that_spells_it() -> None:
    assert accused_peer(LINE.format(n="ip-10-0-70-149")) == "10.0.93.197"
    nodes = ["ip-10-0-93-197.ec2.internal", "ip-10-0-93-19"]
    assert address_named("10.0.93.197", nodes) == {"ip-10-0-93-197.ec2.internal"}


def test_instances_accusing_one_address_name_its_node(tmp_path: Path) -> None:
    for node in ("ip-10-0-70-149", "ip-10-0-80-63", "ip-10-0-87-235", "ip-10-0-93-197"):
        (tmp_path / node).mkdir()
        text = "" if node == "ip-10-0-93-197" else LINE.format(n=node)
        (tmp_path / node / "rank-logs.txt").write_text(f"{node}:1:1 [0] NCCL INFO ok\n{text}")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "network"
    assert d.culprit is not None and d.culprit.node == "ip-10-0-93-197"


def test_instances_accusing_each_a_different_address_are_the_fabric(tmp_path: Path) -> None:
    """Each instance names another one, none twice: the network between them, with no node
    to leave out; a restart gets it routes that work."""
    nodes = ("ip-10-0-70-149", "ip-10-0-80-63", "ip-10-0-87-235", "ip-10-0-93-197")
    for i, node in enumerate(nodes):
        (tmp_path / node).mkdir()
        peer = nodes[(i + 1) % len(nodes)].removeprefix("ip-").replace("-", ".")
        text = LINE.format(n=node).replace("10.0.93.197", peer)
        (tmp_path / node / "rank-logs.txt").write_text(f"{node}:1:1 [0] NCCL INFO ok\n{text}")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.culprit, d.action.value) == ("network", None, "restart")
