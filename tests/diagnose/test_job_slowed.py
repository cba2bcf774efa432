"""A job that trained at one speed, then at half of it with no error on any node and no node
standing out, was slowed by something the nodes share: ``straggler``, no culprit, ``restart``.
Iteration times read in loggers' own words: the unit first (``| it/s 1.41 | sec/it 0.709 |``)
and ``Iteration took 31.395 s.``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import step_time
from kintsugi.events import Action, Category


@pytest.mark.parametrize(
    ("line", "seconds"),
    [
        ("[2025-05-06 01:52:23] Epoch 3 | Iter 100/50000 | loss 3.6072 | sec/it 0.709 |", 0.709),
        ("Epoch 3 | Iter 200/50000 | loss 3.5 | it/s 2.00 | lr 1.5e-04", 0.5),
        ("2015-11-21 01:11:31,420: Iteration took 31.395 s.", 31.395),
        ("step 120 took 812 ms", 0.812),
    ],
)
def test_iteration_times_in_loggers_own_words(line: str, seconds: float) -> None:
    assert step_time(line) == pytest.approx(seconds)


def test_a_checkpoint_that_took_long_is_no_iteration() -> None:
    assert step_time("saving checkpoint took 45 s") is None


def _bundle(root: Path, late_s: float) -> Path:
    for i, node in enumerate(("roce-h24", "roce-h25", "roce-h26")):
        (root / node).mkdir()
        lines = [
            f"[rank{8 * i}]: [2024-09-24 {8 + k // 60:02d}:{k % 60:02d}:00] iteration {10 * k}/"
            f"200000 | elapsed time per iteration (ms): {1400.0 if k < 20 else late_s * 1000:.1f}"
            for k in range(40)
        ]
        (root / node / "train_stdout.log").write_text("\n".join(lines) + "\n")
    return root


def test_the_whole_job_slowing_mid_run_is_something_shared(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, 3.5)).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.STRAGGLER, None, Action.RESTART)


def test_a_steady_job_is_no_slowdown(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, 1.4)).diagnosis
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE)
