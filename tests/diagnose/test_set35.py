"""Set 35: six real failures captured on one NVIDIA H200 (driver 580, PyTorch 2.11.0+cu130,
NCCL 2.28.9) by ``tests/corpus_set35/tools/capture_gpu.py``; five labelled, one (a custom
kernel's illegal write, Xid 31) kept for its formats. Not blind: its author knows the rules.

Scored as captured: 2/5 full verdicts; 5/5 after what it taught (test_gpu_captures.py): an
OOM beside the job's own rank is the job's, NCCL's invalid usage is the program's call, a
NaN in the run's first steps is the recipe.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from golden_sets import assert_golden, cases

ROOT = Path(__file__).resolve().parents[1] / "corpus_set35" / "cases"
CASES = [
    "af01_cuda_out_of_memory_at_first_step",
    "af02_device_side_assert_on_one_rank",
    "af03_loss_went_nan_and_the_job_stopped",
    "af04_nccl_error_at_first_collective",
    "af05_job_finished_check_it_was_healthy",
]
GAPS: dict[str, str] = {}


def test_every_labelled_case_is_listed() -> None:
    assert sorted(p.parent.name for p in ROOT.glob("*/label.json")) == CASES


@pytest.mark.parametrize("name", cases(CASES, GAPS))
def test_golden_verdict(name: str) -> None:
    assert_golden(ROOT / name)
