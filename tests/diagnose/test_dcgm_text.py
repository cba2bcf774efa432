"""``dcgmi diag -r 3``'s text table (a bundle written here in its layout): a failed test names
the GPU, and the warning under it says why."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.bundle import sniff

TABLE = """\
Successfully ran diagnostic for group.
+---------------------------+------------------------------------------------+
| Diagnostic                | Result                                         |
+===========================+================================================+
|-----  Metadata  ----------+------------------------------------------------|
| DCGM Version              | 3.3.5                                          |
|-----  Hardware  ----------+------------------------------------------------|
| GPU Memory                | Pass - All                                     |
| Diagnostic                | Fail - GPU5                                    |
| Warning                   | GPU5 Error using CUDA API cuLaunchKernel       |
| Targeted Stress           | Pass - All                                     |
+---------------------------+------------------------------------------------+
"""


def test_a_failed_test_in_the_table_names_its_gpu_and_node(tmp_path: Path) -> None:
    assert sniff(TABLE.encode()) == "dcgm_text"
    for node in ("n1", "n2"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "train.log").write_text("[rank0]:step 10 loss 2.1\n")
    (tmp_path / "n2" / "dcgmi_diag.txt").write_text(TABLE)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.action.value) == ("gpu_hardware", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "n2"
    assert "GPU5" in d.summary or "GPU 5" in d.summary


def test_the_row_remap_test_is_the_gpus_memory(tmp_path: Path) -> None:
    """``Page Retirement/Row Remap`` (DCGM 3's plugin for the rows the memory replaced)
    fails on a GPU whose memory failed: its memory, as the memory tests' are."""
    table = TABLE.replace(
        "| Diagnostic                | Fail - GPU5 ", "| Page Retirement/Row Remap | Fail - GPU5 "
    )
    for node in ("n1", "n2"):
        (tmp_path / node).mkdir()
    (tmp_path / "n2" / "dcgmi_diag.txt").write_text(table)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.action.value) == ("gpu_memory", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "n2"
