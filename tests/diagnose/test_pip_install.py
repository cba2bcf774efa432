"""An exception raised inside pip's installer is the environment being built, not the user's
code: on one node (a corrupt wheel in its node-local cache) that node leaves the job. Format:
pip's own traceback on a Slurm task's console."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

PIP = """[setup gn-0213] pip install -r requirements.lock (PIP_CACHE_DIR=/var/cache/pip)
ERROR: Exception:
Traceback (most recent call last):
  File "/local/venv/lib/python3.11/site-packages/pip/_internal/cli/base_command.py", line 105, in _run_wrapper
    status = _inner_run()
  File "/local/venv/lib/python3.11/site-packages/pip/_internal/operations/install/wheel.py", line 611, in _install_wheel
    file.save()
  File "/usr/lib/python3.11/zipfile.py", line 969, in _update_crc
    raise BadZipFile("Bad CRC-32 for file %r" % self.name)
zipfile.BadZipFile: Bad CRC-32 for file 'triton/backends/nvidia/lib/cupti/libcupti.so.12'
srun: error: gn-0213: task 2: Exited with exit code 2
"""


def test_a_corrupt_wheel_on_one_node_is_that_nodes_environment(tmp_path: Path) -> None:
    for n in ("gn-0210", "gn-0211", "gn-0213"):
        (tmp_path / n).mkdir()
        text = PIP if n == "gn-0213" else f"[setup {n}] launching: deepspeed train.py\n"
        (tmp_path / n / "task.log").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == (
        "dependency",
        "infrastructure",
        "restart_without_node",
    )
    assert d.culprit is not None and d.culprit.node == "gn-0213"
