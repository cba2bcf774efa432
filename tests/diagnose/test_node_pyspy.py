"""A node's ``py-spy dump`` of all its processes, every main thread waiting inside a collective,
with no error anywhere: a hang with no evidence of a cause (restart, no culprit). One process
elsewhere is no such evidence.

Format: ``py-spy dump --pid`` per process (``Process 30100: ...``, ``Thread 30100 (active):
"MainThread"`` and its frames ``all_reduce (torch/distributed/distributed_c10d.py:2501)``).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.hang import processes_in_collective
from kintsugi.events import Action, Category

DUMP = """Process {pid}: /usr/bin/python3 -u train.py
Python v3.10.12 (/usr/bin/python3.10)

Thread {pid} (active): "MainThread"
    {top}
    train_step (torchtitan/train.py:312)
Thread 30303 (idle): "Thread-2 (_pin_memory_loop)"
    wait (threading.py:324)

"""


C10D = "all_reduce (torch/distributed/distributed_c10d.py:2501)"


def test_count_processes_waiting() -> None:
    both = DUMP.format(pid=1, top=C10D) + DUMP.format(pid=2, top=C10D)
    assert processes_in_collective(both) == (2, 2)
    one = DUMP.format(pid=1, top=C10D) + DUMP.format(
        pid=2, top="forward (torchtitan/models/llama/model.py:410)"
    )
    assert processes_in_collective(one) == (2, 1)


def test_every_process_stuck_in_a_collective_is_a_hang(tmp_path: Path) -> None:
    for i, node in enumerate(("n1", "n2")):
        (tmp_path / node).mkdir()
        dump = DUMP.format(pid=100 + 2 * i, top=C10D)
        dump += DUMP.format(pid=101 + 2 * i, top=C10D)
        (tmp_path / node / "py-spy-dump.txt").write_text(dump)
        (tmp_path / node / "stdout.log").write_text(f"[rank{2 * i}]: step: 4720  loss: 2.76\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.HANG, None, Action.RESTART)


def test_a_listing_of_pids_with_their_rank_labels_the_dumps() -> None:
    from kintsugi.diagnose.hang import split_processes

    dump = (
        "# on-call: job frozen, dumping the python stacks on gpu-h-14\n"
        "== 51746 RANK=12 LOCAL_RANK=4\n"
        "== 51750 RANK=13 LOCAL_RANK=5\n\n"
        "$ py-spy dump --pid 51746\n"
        "Process 51746: /opt/venv/bin/python -u train.py\n"
        'Thread 51746 (idle): "MainThread"\n'
        "    all_reduce (torch/distributed/distributed_c10d.py:2501)\n\n"
        "$ py-spy dump --pid 51750\n"
        "Process 51750: /opt/venv/bin/python -u train.py\n"
        'Thread 51750 (active): "MainThread"\n'
        "    synchronize (torch/cuda/__init__.py:985)\n"
    )
    assert [(rank, pid) for rank, pid, _ in split_processes(dump)] == [(12, 51746), (13, 51750)]
