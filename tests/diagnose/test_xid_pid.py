"""An Xid names the process on the failed GPU (``pid=114717``); torchrun's failure summary on
the batch host lists each worker's host, rank and pid. That pid's rank is the GPU's, even
when its node-mates' watchdogs report the same CUDA error first (formats: the node's
``srun -l`` console of torch 2.4 under Slurm, its kernel log)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Category

SUMMARY = """\
2: [rank17]:[E820 00:50:03.580099280 ProcessGroupNCCL.cpp:1515] [PG 2 Rank 1] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution
2: [rank18]: RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution
2: [rank16]:[E820 00:50:04.112469630 ProcessGroupNCCL.cpp:1515] [PG 2 Rank 0] Process group watchdog thread terminated with exception: CUDA error: uncorrectable NVLink error detected during the execution
2: Root Cause (first observed failure):
2: [0]:
2:   time      : 2024-08-20_01:00:08
2:   host      : gpu-b
2:   rank      : 18 (local_rank: 2)
2:   exitcode  : 1 (pid: 114717)
2:   error_file: <N/A>
2:   traceback : [Rank 18] RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution
"""
DMESG = (
    "[967476.491426] NVRM: Xid (PCI:0000:52:00): 74, pid=114717, name=python3, NVLink: fatal "
    "error detected on link 5(0x0, 0x0, 0x10000, 0x0, 0x0, 0x0, 0x0)\n"
)


def test_the_xids_pid_names_the_rank(tmp_path: Path) -> None:
    (tmp_path / "gpu-a").mkdir()
    (tmp_path / "gpu-b").mkdir()
    (tmp_path / "gpu-a" / "slurm-2093317.out").write_text("0: step 2210 loss 3.33\n")
    (tmp_path / "gpu-b" / "torchrun.log").write_text(SUMMARY)
    (tmp_path / "gpu-b" / "dmesg.log").write_text(DMESG)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NVLINK
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("gpu-b", 18)
