"""A node whose GPU failed DCGM's PCIe test while the job went on training, slower, with no
error anywhere: the part slowed the job, it did not end it. A straggler on that node, excluded
(the diagnostic says why). Formats: ``dcgmi diag -r 3`` table (DCGM 4), mpirun-tagged
iteration lines."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.parse_state import Context
from kintsugi.diagnose.reports import parse_dcgm_text
from kintsugi.events import Action, Category

DIAG = (
    "+---------------------------+------------------------------------------------+\n"
    "| Diagnostic                | Result                                         |\n"
    "+===========================+================================================+\n"
    "+-----  Integration  -------+------------------------------------------------+\n"
    "| PCIe                      | {pcie:<46} |\n"
    "| Warning                   | GPU 4: PCIe link width x8 / gen 3 below expected |\n"
    "+-----  Hardware  ----------+------------------------------------------------+\n"
    "| GPU Memory                | Pass - All                                     |\n"
    "+---------------------------+------------------------------------------------+\n"
)
STEPS = "".join(
    f"[1,0]<stdout>:[2025-07-22 10:{4 + i // 4:02d}:{(i * 15) % 60:02d}] step={5 * i} "
    "loss=2.31 step_time=3.02s a2a_time=1.16s\n"
    for i in range(1, 40)
)


def test_the_failed_gpu_is_read_from_the_table() -> None:
    found = parse_dcgm_text(
        DIAG.format(pcie="Fail - GPU: 4"),
        Context(source="hgx-q05/dcgmi_diag_r3.txt", node="hgx-q05"),
    )
    assert [f.detail for f in found] == ["gpu4"]


def test_a_failed_diagnostic_in_a_job_that_kept_training_is_a_straggler(tmp_path: Path) -> None:
    for node in ("hgx-q01", "hgx-q05"):
        (tmp_path / node).mkdir()
        result = "Fail - GPU: 4" if node == "hgx-q05" else "Pass - All"
        (tmp_path / node / "dcgmi_diag_r3.txt").write_text(
            "Successfully ran diagnostic for group.\n" + DIAG.format(pcie=result)
        )
    (tmp_path / "hgx-q01" / "train_stdout.log").write_text(STEPS)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RESTART_WITHOUT_NODE), d.summary
    assert d.culprit is not None and d.culprit.node == "hgx-q05"
