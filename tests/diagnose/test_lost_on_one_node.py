"""Connections lost on one node's ranks only, while the other nodes' ranks logged no error:
the path out of that node (its interface, its configuration), not the network between all of
them. Lines: NCCL's ``Bootstrap : Using docker0:172.17.0.1<0>``, c10d's ``DistBackendError:
NCCL error ... unhandled system error`` and NCCL's socket ``Connection timed out`` warnings."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Culprit

FAILED = (
    "{n}:39281:39470 [{l}] misc/socket.cc:484 NCCL WARN socketStartConnect: Connect to "
    "10.5.0.11<46111> failed : Software caused connection abort\n"
    "[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ../torch/csrc/distributed/"
    "c10d/ProcessGroupNCCL.cpp:2027, unhandled system error (run with NCCL_DEBUG=INFO for "
    "details), NCCL version 2.21.5\n"
)


def _bundle(root: Path, failing: list[str]) -> Path:
    for i, n in enumerate(("gpu-v01", "gpu-v02", "gpu-v03", "gpu-v04")):
        (root / n).mkdir()
        ip = "172.17.0.1" if n in failing else f"10.5.0.{11 + i}"
        text = f"{n}:39281:39281 [0] NCCL INFO Bootstrap : Using ib0:{ip}<0>\n"
        if n in failing:
            text += "".join(FAILED.format(n=n, l=j, r=4 * i + j) for j in range(4))
        (root / n / "stdout.log").write_text(text)
    return root


def test_connections_lost_on_one_node_only_are_that_node(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["gpu-v02"])).diagnosis
    assert (d.category, d.culprit, d.action) == (
        Category.NETWORK,
        Culprit("gpu-v02", None),
        Action.RESTART_WITHOUT_NODE,
    )


def test_connections_lost_on_two_nodes_are_the_network(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, ["gpu-v02", "gpu-v04"])).diagnosis
    assert d.category is Category.NETWORK
    assert d.culprit is None or d.culprit.node is None
