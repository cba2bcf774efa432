"""Collectives that timed out with no cause anywhere, while one node's GPU link trained
narrower than it can: that node (and the rank on that GPU) is the suspect; diagnose it.

Formats: NCCL's watchdog (PyTorch), torchrun's rendezvous result (``global_ranks=[...]``),
``nvidia-smi -q``'s ``GPU Link Info / Link Width`` (Max 16x, Current 4x).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.parsers import Context
from kintsugi.diagnose.reports import parse_ibstat_rates
from kintsugi.events import Action, Category

NVSMI = """==============NVSMI LOG==============

Attached GPUs                             : 2
GPU 00000000:9A:00.0
    PCI
        GPU Link Info
            Link Width
                Max                       : 16x
                Current                   : {width}

GPU 00000000:AB:00.0
    PCI
        GPU Link Info
            Link Width
                Max                       : 16x
                Current                   : 16x
"""
WATCHDOG = (
    "[rank{r}]:[E0811 07:15:19.000369583 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog caught "
    "collective operation timeout: WorkNCCL(SeqNum=155901, OpType=ALLREDUCE, NumelIn=1, "
    "NumelOut=1, Timeout(ms)=600000) ran for 600011 milliseconds before timing out.\n"
)


def test_a_hang_with_one_node_link_trained_down(tmp_path: Path) -> None:
    for i, node in enumerate(("h09", "h12")):
        (tmp_path / node).mkdir()
        ranks = [2 * i, 2 * i + 1]
        (tmp_path / node / "torchrun.log").write_text(
            f"  global_ranks=[{ranks[0]}, {ranks[1]}]\n"
            + "".join(WATCHDOG.format(r=r) for r in ranks)
        )
        (tmp_path / node / "nvidia-smi-q.txt").write_text(
            NVSMI.format(width="4x" if node == "h12" else "16x")
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("h12", 2)


IBSTATUS = """Infiniband device 'mlx5_{i}' port 1 status:
	default gid:	 fe80:0000:0000:0000:a088:c203:0006:1a30
	state:		 4: ACTIVE
	phys state:	 5: LinkUp
	rate:		 {rate} Gb/sec ({width} NDR)
	link_layer:	 InfiniBand

"""


def test_ibstatus_reports_one_port_trained_down() -> None:
    text = "".join(
        IBSTATUS.format(i=i, rate=100 if i == 5 else 400, width="1X" if i == 5 else "4X")
        for i in range(4, 8)
    )
    found = parse_ibstat_rates(text, Context(source="k09/ibstatus.txt", node="k09"))
    assert [(f.signature, f.detail) for f in found] == [("nic_rate_degraded", "mlx5_5")]
