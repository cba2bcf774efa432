"""A Ray driver re-raising its worker's error (``RayTaskError(ImportError)`` and the error's
own text) is no second node: the one worker node whose untimed error file holds it first is
the node unlike the rest.

Formats: Ray's worker ``.err`` file (``(RayTrainWorker pid=2231)`` prefixes, no stamps) and the
job driver's log (a stamped line, then the re-raised traceback's lines).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

ERR = "ImportError: libcudnn.so.9: cannot open shared object file: No such file or directory\n"
WAIT = (
    "(RayTrainWorker pid=2231) torch.distributed.DistStoreError: Timed out after 601 seconds "
    "waiting for clients. 16/24 clients joined.\n"
)


def test_the_worker_node_not_the_driver(tmp_path: Path) -> None:
    for node in ("head", "w1", "w2", "w3"):
        (tmp_path / node).mkdir()
    (tmp_path / "w2" / "worker-beef02-2231.err").write_text(f"(RayTrainWorker pid=2231) {ERR}")
    for node in ("w1", "w3"):
        (tmp_path / node / "worker-beef01-2231.err").write_text(WAIT)
    (tmp_path / "head" / "job-driver.log").write_text(
        "2026-08-01 10:00:00,000\tERROR trainer.py:200 -- Training failed:\n"
        "ray.exceptions.RayTaskError(ImportError): ray::_RayTrainWorker__execute.get_next() "
        f"(pid=2231, ip=10.42.2.8)\n{ERR}"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.DEPENDENCY, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "w2"


def test_the_driver_names_the_failed_worker_by_address_and_rank(tmp_path: Path) -> None:
    """Ray Train's driver reports a worker's failure with its address and world rank: the
    worker's node (here named by its address) and rank, not the driver's."""
    for node in ("10.64.3.11", "10.64.3.22"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "dmesg.txt").write_text("")
    (tmp_path / "10.64.3.11" / "job-driver.log").write_text(
        "2025-03-14 02:11:09,518\tERROR controller.py:312 -- Detected a worker failure: Training "
        "worker at (ip=10.64.3.22, pid=4468, world_rank=17) failed with: "
        "RuntimeError('CUDA error: uncorrectable ECC error encountered')\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_MEMORY
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("10.64.3.22", 17)
