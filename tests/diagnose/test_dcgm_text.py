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


GRID = """$ dcgmi diag -r 3   # after the job ended (summary)
Diagnostic       | GPU0 | GPU1 | GPU2 | GPU3 | GPU4 | GPU5 | GPU6 | GPU7
Deployment       | Pass | Pass | Pass | Pass | Pass | Pass | Pass | Pass
PCIe             | Pass | Pass | Pass | Fail | Pass | Pass | Pass | Pass
Targeted Power   | Pass | Pass | Pass | Skip | Pass | Pass | Pass | Pass
Warning: GPU 3: PCIe test: cudaMemcpy host<->device did not return within the time limit.
"""


def test_a_grid_with_a_column_per_gpu_names_the_failed_gpus_rank(tmp_path: Path) -> None:
    """The results as a grid, one column per GPU, and loose ``Warning: GPU 3:`` lines: the
    failed cell's GPU, and its rank by the node's block (the second node's GPU 3: rank 11)."""
    assert sniff(GRID.encode()) == "dcgm_text"
    for n, node in enumerate(("gpu-k01", "gpu-k02")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "train.log").write_text(
            "".join(
                f"[rank{8 * n + r}]:[E1029 08:45:00.000000000 ProcessGroupNCCL.cpp:632] [Rank "
                f"{8 * n + r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=88,"
                " OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=1800000) ran for 1800013"
                " milliseconds before timing out.\n"
                for r in range(8)
            )
        )
    (tmp_path / "gpu-k02" / "dcgmi-diag.txt").write_text(GRID)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.action.value) == ("gpu_hardware", "restart_without_node")
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("gpu-k02", 11)
    assert "cudaMemcpy" in d.summary or any("cudaMemcpy" in e.text for e in d.evidence)
