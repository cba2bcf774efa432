"""A tool's snapshot is no application log: an ``nvidia-smi`` taken on a node before its peers
timed out does not make that node the one that went silent (set 39), and srun's summary of
how a task ended ("task 2: Aborted (core dumped)") is no failure of its own."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

WATCHDOG = (
    "{t}: [rank{r}]:[E122 20:57:09.{r:02d}9887597 ProcessGroupNCCL.cpp:632] [PG ID 0 PG GUID 0"
    "(default_pg) Rank {r}] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=93412,"
    " OpType=_REDUCE_SCATTER_BASE, Timeout(ms)=1800000) ran for 1800358 milliseconds before "
    "timing out.\n"
)


def test_a_snapshot_before_the_timeouts_is_no_silence(tmp_path: Path) -> None:
    (tmp_path / "slurm-8830112.out").write_text(
        "".join(WATCHDOG.format(t=r // 4, r=r) for r in range(16))
        + "".join(f"srun: error: gpu-b0{n}: task {n}: Aborted (core dumped)\n" for n in range(4))
    )
    (tmp_path / "gpu-b02").mkdir()
    (tmp_path / "gpu-b02" / "nvidia-smi.txt").write_text(
        "Wed Jan 22 20:52:09 2025\n"
        "+-----------------------------------------------------------------------------------------+\n"
        "| NVIDIA-SMI 550.90.07              Driver Version: 550.90.07      CUDA Version: 12.4     |\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.HANG and d.action is Action.RESTART and d.culprit is None
