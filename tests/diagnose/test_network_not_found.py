"""NCCL told to use a network a node cannot give it (returned as ncclInvalidUsage) is not the
program's call. Its own InfiniBand not found is the fabric's state (every node: the subnet
manager down) or one node's; a plugin's network not found (AWS Libfabric, FasTrak) is the
plugin missing from the environment: one node's, or the job's image on every node."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle


def _rank(node: str, r: int, found: bool, net: str = "IB") -> str:
    if found:
        return f"[rank{r}]: 2025-03-02 06:20:{r:02d} INFO init done\n"
    return (
        f"{node}:6662{r % 8}:6733{r % 8} [{r % 8}] net.cc:1038 NCCL WARN Error: network {net} "
        "not found.\n"
        f"[rank{r}]: Traceback (most recent call last):\n"
        f'[rank{r}]:   File "/app/train.py", line 40, in <module>\n'
        f"[rank{r}]:     dist.barrier()\n"
        f"[rank{r}]: torch.distributed.DistBackendError: NCCL error in: ProcessGroupNCCL.cpp:2027,"
        " invalid usage (run with NCCL_DEBUG=WARN for details), NCCL version 2.21.5\n"
        f"[rank{r}]: ncclInvalidUsage: This usually reflects invalid usage of NCCL library.\n"
        f"[rank{r}]: Last error:\n[rank{r}]: Error: network {net} not found.\n"
    )


def _bundle(tmp: Path, failing: set[str], net: str = "IB") -> Path:
    for n, node in enumerate(("gpu-t01", "gpu-t02", "gpu-t03")):
        (tmp / node).mkdir()
        text = "".join(_rank(node, n * 2 + r, node not in failing, net) for r in range(2))
        (tmp / node / "train.log").write_text(text)
    return tmp


def test_every_node_without_its_network_is_the_fabric(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, {"gpu-t01", "gpu-t02", "gpu-t03"})).diagnosis
    assert (d.category.value, d.layer.value, d.culprit) == ("network", "infrastructure", None)
    assert d.action.value == "restart", d.summary


def test_one_node_without_its_network_is_that_node(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, {"gpu-t02"})).diagnosis
    assert (d.category.value, d.action.value) == ("network", "restart_without_node"), d.summary
    assert d.culprit is not None and d.culprit.node == "gpu-t02"


def test_a_plugins_network_missing_on_one_node_is_its_environment(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, {"gpu-t02"}, "AWS Libfabric")).diagnosis
    assert (d.category.value, d.layer.value) == ("dependency", "infrastructure"), d.summary
    assert d.culprit is not None and d.culprit.node == "gpu-t02"
    assert d.action.value == "restart_without_node"


def test_a_plugins_network_missing_everywhere_is_the_jobs_image(tmp_path: Path) -> None:
    every = {"gpu-t01", "gpu-t02", "gpu-t03"}
    d = diagnose_bundle(_bundle(tmp_path, every, "FasTrak")).diagnosis
    got = (d.category.value, d.layer.value, d.culprit, d.action.value)
    assert got == ("dependency", "framework", None, "stop"), d.summary
