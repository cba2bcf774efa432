"""perfquery's counters on one node's HCA port (symbol errors saturated, repeated link-downs)
are that node's link, while every node reports IB completion errors about the others.

Formats: ``perfquery`` (``SymbolErrorCounter:..............65535``), NCCL's ``NET/IB : Got
completion from peer ... status=12``.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

NET = (
    "{n}:21000:21500 [0] NCCL WARN NET/IB : Got completion from peer 10.60.4.{p}<33000> with "
    "status=12 opcode=0 len=0 vendor err 129 (Recv)\n"
)
COUNTERS = "# Port counters: Lid 17 port 1\nSymbolErrorCounter:..............{s}\nLinkDownedCounter:...............{d}\n"


def test_the_node_whose_port_counts_errors(tmp_path: Path) -> None:
    for i, node in enumerate(("cn-15", "cn-16", "cn-17")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "console.log").write_text(NET.format(n=node, p=15 + (i + 1) % 3))
        bad = node == "cn-17"
        (tmp_path / node / "perfquery.txt").write_text(
            COUNTERS.format(s=65535 if bad else 2, d=37 if bad else 0)
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.NETWORK, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "cn-17"


def test_an_efa_device_reset_for_keep_alive_names_its_instance(tmp_path: Path) -> None:
    """The EFA driver's "Device reset initiated, reason: keep alive timeout" (amzn-drivers)."""
    for node in ("ip-10-2-9-18", "ip-10-2-14-77"):
        (tmp_path / node).mkdir()
    (tmp_path / "ip-10-2-9-18" / "dmesg.txt").write_text(
        "[48997.500000] efa 0000:a0:1c.0: Device reset initiated, reason: keep alive timeout\n"
    )
    (tmp_path / "ip-10-2-14-77" / "worker.err").write_text(
        "E0630 12:40:00.000000317 9100 ProcessGroupNCCL.cpp:616] [PG ID 0 PG GUID 0(default_pg) "
        "Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=7033, "
        "OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600043 "
        "milliseconds before timing out.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NETWORK and d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and d.culprit.node == "ip-10-2-9-18"
