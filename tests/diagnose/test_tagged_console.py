"""mpirun's rank tags in one node's console: NCCL's ``host:pid:tid`` lines of the tagged ranks
name their hosts, the blocks those place put the other ranks there too, and a parallel file
system expelling one node names it.

Formats: ``mpirun --tag-output`` (``[1,8]<stderr>:``), NCCL's ``Init COMPLETE`` line, GPFS's
``mmfs.log`` ("is being expelled because of an expired lease").
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category


def test_a_gpfs_expel_names_its_node_whose_ranks_failed_in_anothers_console(
    tmp_path: Path,
) -> None:
    lines = []
    for r, host in ((0, "c-25"), (4, "c-36"), (8, "c-9")):
        lines.append(
            f"[1,{r}]<stderr>:{host}:2{r}137:2{r}468 [0] NCCL INFO comm 0x55d0 rank {r} nranks 12 "
            "cudaDev 0 nvmlDev 0 busId 18000 commId 0x1f - Init COMPLETE\n"
        )
    for r in (5, 6):
        lines += [
            f"[1,{r}]<stderr>:Traceback (most recent call last):\n",
            f'[1,{r}]<stderr>:  File "/gpfs/proj/src/data.py", line 512, in __getitem__\n',
            f"[1,{r}]<stderr>:OSError: [Errno 116] Stale file handle: '/gpfs/proj/data.bin'\n",
        ]
    lines.append(
        "[1,9]<stderr>:[E1217 22:48:25.604880417 ProcessGroupNCCL.cpp:632] [PG ID 0 PG GUID "
        "0(default_pg) Rank 9] Watchdog caught collective operation timeout: WorkNCCL(SeqNum="
        "73087, OpType=ALLREDUCE, NumelIn=1, NumelOut=1, Timeout(ms)=600000) ran for 600093 "
        "milliseconds before timing out.\n"
    )
    (tmp_path / "c-25").mkdir()
    (tmp_path / "c-36").mkdir()
    (tmp_path / "c-9").mkdir()
    (tmp_path / "c-9" / "dmesg.txt").write_text("[  554.316262] nvidia-nvswitch: Probing device\n")
    (tmp_path / "c-25" / "mpirun.out").write_text("".join(lines))
    (tmp_path / "c-36" / "mmfs.log.latest").write_text(
        "2024-12-17_22:38:16.546+0000: [E] Node 10.197.43.53 (c-36) is being expelled because "
        "of an expired lease. Pings sent: 60. Replies received: 0.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STORAGE and d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and d.culprit.node == "c-36"
