"""What the job outlived is not its failure, and the launch formats that carry the evidence.

Formats: ``dmesg -T`` (an NFS server not responding, then OK), a training log's ``2.68s/step``
iteration times, torchx's ``trainer/0 [trainer0]:`` prefixes (``torchrun --role trainer``).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.extract import step_time
from kintsugi.events import Action, Category

TIMEOUT = (
    "[E ProcessGroupNCCL.cpp:821] [Rank {r}] Watchdog caught collective operation timeout: "
    "WorkNCCL(SeqNum=12627, OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 1800847 "
    "milliseconds before timing out.\n"
)


def test_a_file_server_blip_hours_before_the_hang_is_not_the_hang(tmp_path: Path) -> None:
    for n in ("head", "w1"):
        (tmp_path / n).mkdir()
    steps = "".join(
        f"2023-05-09 0{5 + i // 60}:{i % 60:02d}:00,000 | INFO | step {10 * i} | loss 2.7 | "
        "2.68s/step\n"
        for i in range(110)
    )
    (tmp_path / "head" / "train.log").write_text(
        steps + "".join(TIMEOUT.format(r=r) for r in range(8))
    )
    (tmp_path / "w1" / "dmesg.txt").write_text(
        "[Tue May  9 04:45:40 2023] nfs: server 10.142.0.3 not responding, still trying\n"
        "[Tue May  9 04:46:09 2023] nfs: server 10.142.0.3 OK\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.HANG and d.culprit is None and d.action is Action.RESTART


def test_step_times_per_step_and_per_iteration() -> None:
    assert step_time("| loss 2.7 | lr 2.00e-04 | 2.68s/step") == 2.68
    assert step_time("fwd done, 812 ms/step") == 0.812
    assert step_time("1.9 sec/iter") == 1.9


def test_torchx_role_prefixes_keep_the_traceback_whole(tmp_path: Path) -> None:
    (tmp_path / "n1").mkdir()
    (tmp_path / "n1" / "torchx_log_trainer_0.txt").write_text(
        "trainer/0 [trainer0]:[rank0]: Traceback (most recent call last):\n"
        'trainer/0 [trainer0]:[rank0]:   File "/app/train.py", line 88, in <module>\n'
        "trainer/0 [trainer0]:[rank0]: RuntimeError: Error(s) in loading state_dict for Net:\n"
        'trainer/0 [trainer0]:[rank0]: \tMissing key(s) in state_dict: "blocks.0.q_norm.weight"\n'
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.USER_CODE and d.action is Action.STOP
    assert d.summary.startswith("RuntimeError: Error(s) in loading state_dict")
