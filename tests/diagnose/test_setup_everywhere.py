"""The same set-up error on every node that ran ranks is the job's image or launch
configuration (``setup_everywhere``); on one node it is that node's.

Lines: PyTorch's ``The NVIDIA driver on your system is too old`` (torch/cuda/__init__.py) and
NCCL's ``Bootstrap : no socket interface found`` (nccl/src/misc/socket.cc), beside an mlx5
health message (drivers/net/ethernet/mellanox/mlx5/core/health.c) on one node.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Culprit, Layer

NCCL = (
    "{n}:600{r}:600{r} [{r}] misc/socket.cc:429 NCCL WARN Bootstrap : no socket interface found\n"
)
MLX = "[Thu Mar 28 09:58:03 2024] mlx5_core 0000:0c:00.0: mlx5_health_check:842: health compromised - reached miss count\n"
DRIVER = (
    "[rank{r}]: RuntimeError: The NVIDIA driver on your system is too old (found version 12020).\n"
)


def _bundle(root: Path, line: str, bad: list[str]) -> Path:
    for i, node in enumerate(("na", "nb", "nc")):
        d = root / node
        d.mkdir()
        text = "".join(line.format(n=node, r=2 * i + j) for j in range(2)) if node in bad else ""
        (d / "console.log").write_text(f"[rank{2 * i}]: step 1\n[rank{2 * i + 1}]: step 1\n{text}")
    (root / "na" / "dmesg-T.txt").write_text(MLX)
    return root


def test_no_interface_on_every_node_is_the_launch_configuration(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, NCCL, ["na", "nb", "nc"])).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.USER_CODE,
        Layer.SCRIPT,
        None,
        Action.STOP,
    )


def test_a_driver_too_old_everywhere_is_the_image(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, DRIVER, ["na", "nb", "nc"])).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.DEPENDENCY,
        Layer.FRAMEWORK,
        None,
        Action.STOP,
    )


def test_no_interface_on_one_node_is_that_node(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, NCCL, ["nb"])).diagnosis
    assert not any("setup_everywhere" in e for e in d.explain)


def test_an_extension_that_fails_to_build_everywhere_is_the_image(tmp_path: Path) -> None:
    """DeepSpeed's JIT op build (torch.utils.cpp_extension) against a mismatched toolkit."""
    line = "[rank{r}]: RuntimeError: Error building extension 'fused_adam'\n"
    d = diagnose_bundle(_bundle(tmp_path, line, ["na", "nb", "nc"])).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.DEPENDENCY,
        Layer.FRAMEWORK,
        None,
        Action.STOP,
    )


def test_no_driver_in_one_nodes_container_is_that_node_not_a_rank(tmp_path: Path) -> None:
    """A pod started without the driver injected: its ranks find no driver, the other nodes'
    ranks train. The node's image, every rank of it: no one GPU."""
    line = (
        "[rank{r}]: RuntimeError: Found no NVIDIA driver on your system. Please check that you "
        "have an NVIDIA GPU and installed a driver from http://www.nvidia.com/Download/index.aspx\n"
    )
    case = _bundle(tmp_path, line, ["nc"])
    (case / "na" / "dmesg-T.txt").unlink()  # (no other node's hardware to weigh)
    d = diagnose_bundle(case).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.DEPENDENCY,
        Layer.INFRASTRUCTURE,
        Culprit("nc", None),
        Action.RESTART_WITHOUT_NODE,
    )
