"""NCCL failing while nodes loaded different NCCL versions (bundles written here in NCCL's
and PyTorch's formats): one node against three or more is that node's stale image; a split
is the job's images."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle


def _bundle(root: Path, versions: dict[str, str]) -> Path:
    for i, (node, ver) in enumerate(versions.items()):
        (root / node).mkdir(parents=True)
        (root / node / "rank.log").write_text(
            f"{node}:41:41 [0] NCCL INFO NCCL version {ver}+cuda12.4\n"
            "torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:1970, "
            f"internal error - please report this issue to the NCCL developers, NCCL version {ver}\n"
            f"ncclInternalError: Internal check failed. rank {i}\n"
        )
    return root


def test_a_split_of_nccl_versions_is_the_jobs_images(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, {"m0": "2.20.5", "w0": "2.18.1", "w1": "2.18.1"}))
    got = (d.diagnosis.category.value, d.diagnosis.layer.value, d.diagnosis.action.value)
    assert got == ("dependency", "framework", "stop") and d.diagnosis.culprit is None


def test_one_node_unlike_three_runs_a_stale_image(tmp_path: Path) -> None:
    nodes = {"a": "2.21.5", "b": "2.21.5", "c": "2.18.1", "d": "2.21.5"}
    d = diagnose_bundle(_bundle(tmp_path, nodes)).diagnosis
    assert (d.category.value, d.action.value) == ("dependency", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "c"


def test_one_node_on_sockets_where_the_others_use_a_plugin_is_that_node(tmp_path: Path) -> None:
    """NCCL fell back to sockets on the one node whose image lacks the network plugin."""
    lines = []
    for i, node in enumerate(("p5-1", "p5-2", "p5-3", "p5-4")):
        (tmp_path / node).mkdir()
        net = "Socket" if node == "p5-3" else "Libfabric"
        lines.append(f"{i}: {node}:1165821:1166133 [0] NCCL INFO Using network {net}\n")
        lines.append(
            f"{i}: [E1023 08:31:21.198660 ProcessGroupNCCL.cpp:607] [Rank {8 * i}] Watchdog "
            "caught collective operation timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, "
            "NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800405 milliseconds before "
            "timing out.\n"
        )
        (tmp_path / node / "dmesg.txt").write_text("[    1.0] Linux version 6.8\n")
    (tmp_path / "p5-1" / "slurm-1.out").write_text("".join(lines))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "dependency" and d.action.value == "restart_without_node"
    assert d.culprit is not None and d.culprit.node == "p5-3"
