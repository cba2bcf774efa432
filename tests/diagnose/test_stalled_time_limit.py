"""A job the time limit ended hours after its last iteration line had hung; one that trained
until the limit just ran out of time.

Formats: Megatron-LM's ``elapsed time per iteration (ms)`` lines with Python logging stamps,
slurmstepd's ``*** JOB 7719004 ON gpu033 CANCELLED AT ... DUE TO TIME LIMIT ***``.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer


def _bundle(root: Path, last_hour: int) -> Path:
    (root / "gpu033").mkdir()
    lines = [
        f"[2026-12-01 0{h}:{m:02d}:00,000] iteration {100 * (h * 6 + m // 10)} | elapsed time per "
        "iteration (ms): 1820.4 | lm loss 2.1\n"
        for h in range(0, last_hour + 1)
        for m in range(0, 60, 10)
    ]
    lines.append(
        "slurmstepd: error: *** JOB 7719004 ON gpu033 CANCELLED AT 2026-12-01T08:00:00 DUE TO "
        "TIME LIMIT ***\n"
    )
    (root / "gpu033" / "slurm-7719004.out").write_text("".join(lines))
    return root


def test_progress_that_stopped_hours_before_the_limit_is_a_hang(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, 2)).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.HANG, None, Action.RESTART)


def test_training_until_the_limit_ran_out_of_time(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, 7)).diagnosis
    # nothing failed: the verdict of any clean run (resubmitting is the user's choice)
    assert (d.category, d.layer, d.action) == (Category.UNKNOWN, Layer.FRAMEWORK, Action.NONE)


def test_progress_bar_lines_have_no_time_of_their_own(tmp_path: Path) -> None:
    # NeMo/Lightning's bar under srun: one stamped start-up line, then a day of unstamped bars
    (tmp_path / "login").mkdir()
    bars = [
        f"Epoch 0: :   {s // 3000}%|          | {s}/300000 [{s // 4350:02d}:00:00<45:00:00, "
        f"reduced_train_loss=2.3, global_step={s - 1}.0, train_step_timing in s=0.827]\n"
        for s in range(100, 101700, 1000)
    ]
    (tmp_path / "login" / "slurm-5123881.out").write_text(
        "[NeMo I 2024-07-11 08:00:31 exp_manager:396] Experiments will be logged at /results\n"
        + "".join(bars)
        + "slurmstepd: error: *** STEP 5123881.0 ON gpu-v01 CANCELLED AT 2024-07-12T08:00:14 "
        "DUE TO TIME LIMIT ***\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE), d.summary
