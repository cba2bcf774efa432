"""A log of an earlier run kept beside the job's own (``previous_job_tail.txt``) times the
same rank at another speed: one rank against itself is no straggler, whichever run was slower.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle


def _titan(day: int, tps: int) -> str:
    return "".join(
        f"[rank0]:[titan] 2025-02-{day:02d} 14:{s // 10 % 60:02d}:00,000 - root - INFO - "
        f"step: {s}  loss:  2.41  memory: 61.37GiB(77.58%)  tps: {tps:,}  mfu: 12.13%\n"
        for s in range(10, 400, 10)
    )


def test_one_rank_in_two_runs_is_no_straggler(tmp_path: Path) -> None:
    (tmp_path / "previous_job_tail.txt").write_text(_titan(9, 7094))
    (tmp_path / "slurm-420991.out").write_text(_titan(12, 2328))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is None, d.summary


def test_two_ranks_of_one_run_are_compared(tmp_path: Path) -> None:
    (tmp_path / "gpu-1").mkdir()
    (tmp_path / "gpu-2").mkdir()
    (tmp_path / "gpu-1" / "train.log").write_text(_titan(12, 7094))
    (tmp_path / "gpu-2" / "train.log").write_text(_titan(12, 2328).replace("[rank0]", "[rank8]"))
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "straggler"
    assert d.culprit is not None and d.culprit.node == "gpu-2", d.summary
