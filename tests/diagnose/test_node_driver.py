"""A node whose GPU driver's kernel module is missing or older than its user-space libraries
(an unattended upgrade, a half-applied GPU Operator upgrade) is a software environment broken
on that node: a dependency of the node's, which is excluded."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

_TERM = (
    "[rank{r}]:[E619 07:40:31.000000000 ProcessGroupNCCL.cpp:1536] [PG 0 Rank {r}] Process "
    "group watchdog thread terminated with exception: NCCL error: remote process exited\n"
)


def test_an_api_mismatch_on_one_node_is_that_nodes_dependency(tmp_path: Path) -> None:
    for i, n in enumerate(("l40s-01", "l40s-02", "l40s-03")):
        (tmp_path / n).mkdir()
        (tmp_path / n / "torchrun.log").write_text(_TERM.format(r=4 * i) if i < 2 else "")
    (tmp_path / "l40s-03" / "torchrun.log").write_text(
        "[rank8]: RuntimeError: CUDA error: CUDA driver version is insufficient for CUDA runtime "
        "version\n"
    )
    (tmp_path / "l40s-03" / "dmesg.txt").write_text(
        "[Wed Jun 19 07:40:23 2024] NVRM: API mismatch: the client has the version 535.183.01, "
        "but\n[Wed Jun 19 07:40:23 2024] NVRM: this kernel module has the version 535.161.07.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    got = (d.category, d.layer, d.culprit and d.culprit.node, d.action)
    assert got == (
        Category.DEPENDENCY,
        Layer.INFRASTRUCTURE,
        "l40s-03",
        Action.RESTART_WITHOUT_NODE,
    ), d.summary
