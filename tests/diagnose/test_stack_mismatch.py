"""A hang whose stack dumps show the ranks waiting in different collectives (one in
all_reduce inside ``if is_main_process():``, the rest in the barrier after it) is the
program's: no machine makes one rank reduce while the others wait at a barrier. Pipeline
stages waiting in sends and receives are no such evidence."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.hang import collective_op, mismatched_ops
from kintsugi.events import Action, Category, Layer

C10D = "/opt/conda/lib/python3.10/site-packages/torch/distributed/distributed_c10d.py"


def _pyspy(pid: int, op: str, caller: str) -> str:
    return (
        f"Process {pid}: /opt/conda/bin/python3.10 -u train_cls.py\n"
        "Python v3.10.13 (/opt/conda/bin/python3.10)\n\n"
        f'Thread {pid} (idle): "MainThread"\n'
        f"    {op} ({C10D}:2050)\n"
        "    wrapper (/opt/conda/lib/python3.10/site-packages/torch/distributed/c10d_logger.py:72)\n"
        f"    {caller} (/home/ana/cls/train_cls.py:329)\n"
        "    <module> (/home/ana/cls/train_cls.py:351)\n"
    )


def test_the_op_a_dump_waits_in() -> None:
    assert collective_op(_pyspy(1, "barrier", "main")) == "barrier"
    faulthandler = (
        'Thread 0x00007f (most recent call first):\n  File "/x/torch/distributed/'
        'distributed_c10d.py", line 2050 in all_reduce\n  File "/home/a/train.py", line 9 in main\n'
    )
    assert collective_op(faulthandler) == "all_reduce"
    assert collective_op(_pyspy(1, "barrier", "main").replace("distributed_c10d", "x")) is None


def test_pipeline_stages_in_sends_and_receives_are_no_mismatch() -> None:
    stacks = {r: _pyspy(r, "recv" if r % 2 else "all_reduce", "step") for r in range(8)}
    assert mismatched_ops(stacks) is None


def test_ranks_in_different_collectives_hang_by_the_programs_doing(tmp_path: Path) -> None:
    for node, ranks in (("gpu-ws-11", range(4)), ("gpu-ws-12", range(4, 8))):
        (tmp_path / node).mkdir()
        for r in ranks:
            op, caller = ("all_reduce", "evaluate") if r == 0 else ("barrier", "main")
            (tmp_path / node / f"pyspy_rank{r}.txt").write_text(_pyspy(14500 + r, op, caller))
        (tmp_path / node / "console.log").write_text(
            "".join(
                f"[rank{r}]:[E1103 10:42:11.000000 ProcessGroupNCCL.cpp:632] [Rank {r}] Watchdog "
                "caught collective operation timeout: WorkNCCL(SeqNum=812, OpType=ALLREDUCE, "
                "Timeout(ms)=1800000) ran for 1800021 milliseconds before timing out.\n"
                for r in ranks
            )
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.HANG,
        Layer.SCRIPT,
        None,
        Action.STOP,
    )
