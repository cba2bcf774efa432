"""A node that refuses the job more threads or processes (a pids cgroup, ulimit -u): on one
node it is that node's; on every node it is the job's own environment. Formats: a DataLoader
worker's traceback as Python prints it, torch's worker-exit error."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

REFUSED = """Process Process-1:
Traceback (most recent call last):
  File "/usr/lib/python3.11/threading.py", line 964, in start
    _start_new_thread(self._bootstrap, ())
RuntimeError: can't start new thread
RuntimeError: DataLoader worker (pid 16624) exited unexpectedly with exit code 1.
"""


def _bundle(root: Path, refused: set[str]) -> Path:
    for node in ("bm-gpu-a5", "bm-gpu-a6", "bm-gpu-a7"):
        (root / node).mkdir(parents=True)
        text = REFUSED if node in refused else "step 10 loss 2.1\n"
        (root / node / "job.log").write_text(text)
    return root


def test_one_node_that_refuses_threads_leaves(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", {"bm-gpu-a7"})).diagnosis
    assert (d.category.value, d.action.value) == ("host", "restart_without_node")
    assert d.culprit is not None and d.culprit.node == "bm-gpu-a7"


def test_every_node_refusing_them_is_the_jobs_environment(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", {"bm-gpu-a5", "bm-gpu-a6", "bm-gpu-a7"}))
    assert d.diagnosis.action.value == "stop" and d.diagnosis.culprit is None
