"""An application error on the one node whose GPUs are another model than every other node's
(an A100 node in an H100 pool) is that node's: exclude it. On a uniform pool it stays the
program's.

Formats: ``nvidia-smi -q``'s ``Product Name``, PyTorch's ``torch._scaled_mm is only supported
on CUDA devices with compute capability >= 9.0 or 8.9``.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

NVSMI = """==============NVSMI LOG==============

GPU 00000000:18:00.0
    Product Name                          : {model}
"""
ERROR = (
    "[rank{r}]: RuntimeError: torch._scaled_mm is only supported on CUDA devices with compute "
    "capability >= 9.0 or 8.9, or ROCm MI300+\n"
)


def _bundle(root: Path, odd: str) -> Path:
    for i, node in enumerate(("g1", "g2", "g3", "g4")):
        (root / node).mkdir()
        model = odd if node == "g3" else "NVIDIA H100 80GB HBM3"
        (root / node / "nvidia-smi-q.txt").write_text(NVSMI.format(model=model))
        (root / node / "titan.log").write_text(ERROR.format(r=i) if node == "g3" else "ok\n")
    return root


def test_the_odd_model_node_is_excluded(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, "NVIDIA A100-SXM4-80GB")).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "g3"


def test_a_uniform_pool_keeps_the_programs_error(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, "NVIDIA H100 80GB HBM3")).diagnosis
    assert d.category is Category.USER_CODE
