"""A part's or link's failure that moves to a different node in every attempt is something the
nodes share: diagnose it, do not exclude one node (``wanders_across_attempts``).

Lines: the kernel's Xid 79 (NVIDIA's Xid catalog) and NCCL's ``NET/IB : Got completion from
peer`` (nccl/src/transport/net_ib.cc).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action

XID = "[Wed Sep 11 12:01:{s:02d} 2024] NVRM: Xid (PCI:0000:1a:00): 79, pid=5001, name=python, GPU has fallen off the bus.\n"


def _bundle(root: Path, xid_nodes: list[str]) -> Path:
    for attempt, bad in enumerate(xid_nodes, start=1):
        for node in ("na", "nb", "nc"):
            d = root / f"attempt_{attempt}" / node
            d.mkdir(parents=True)
            (d / "dmesg-T.txt").write_text(
                "[Wed Sep 11 11:00:00 2024] EXT4-fs (nvme0n1p1): re-mounted.\n"
                + (XID.format(s=attempt) if node == bad else "")
            )
    return root


def test_a_fault_on_a_new_node_each_attempt_is_shared(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["na", "nb", "nc"])).diagnosis
    assert d.category.value == "gpu_hardware"
    assert d.culprit is None and d.action is Action.RUN_DIAGNOSTICS
    assert any("wanders_across_attempts" in e for e in d.explain)


def test_a_fault_that_stays_on_one_node_excludes_it(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["nb", "nb"])).diagnosis
    assert d.culprit is not None and d.culprit.node == "nb"
    assert d.action is Action.RESTART_WITHOUT_NODE


def test_the_same_peer_accused_from_new_nodes_is_that_peer(tmp_path: Path) -> None:
    line = (
        "{n}:9100:9188 [2] transport/net_ib.cc:1696 NCCL WARN NET/IB : Got completion from "
        "peer 10.1.1.3<38811> with status=12 opcode=0 len=0 vendor err 129 (Send) hca mlx5_2\n"
    )
    for attempt, accuser in ((1, "na"), (2, "nb")):
        for node in ("na", "nb", "nc"):
            d = tmp_path / f"attempt_{attempt}" / node
            d.mkdir(parents=True)
            ip = {"na": "10.1.1.1", "nb": "10.1.1.2", "nc": "10.1.1.3"}[node]
            text = f"{node}:9100:9100 [0] NCCL INFO Bootstrap : Using ib0:{ip}<0>\n"
            (d / "console.log").write_text(text + (line.format(n=node) if node == accuser else ""))
    d = diagnose_bundle(tmp_path).diagnosis
    assert not any("wanders_across_attempts" in e for e in d.explain)
    assert d.culprit is not None and d.culprit.node == "nc"


def test_a_fault_on_new_nodes_each_attempt_after_spares_replaced_them(tmp_path: Path) -> None:
    """Each attempt ran on other nodes (spares replaced the ones that failed): the earlier
    attempts' faults are on nodes the latest did not run on, and still show it wanders."""
    for attempt, (bad, good) in enumerate((("na", "nb"), ("nc", "nd"), ("ne", "nf")), start=1):
        for node in (bad, good):
            d = tmp_path / f"attempt_{attempt}" / node
            d.mkdir(parents=True)
            (d / "dmesg-T.txt").write_text(
                "[Wed Sep 11 11:00:00 2024] EXT4-fs (nvme0n1p1): re-mounted.\n"
                + (XID.format(s=attempt) if node == bad else "")
            )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is None and d.action is Action.RUN_DIAGNOSTICS
    assert any("wanders_across_attempts" in e for e in d.explain)
