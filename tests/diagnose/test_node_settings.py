"""A node setting that fails the job (its /dev/shm too small for the DataLoader's workers):
on one node it is that node's (exclude it); on every node it is the job's own memory against
the size its containers get (``oom``, ``framework``, stop, as the blind authors of sets 36, 63,
83 and others label it). A local disk that went read-only on one node only is that node's.
Lines as torch 2.13 and a remount print them (real captures, corpus set 18)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

SHM = (
    "[rank{r}]: RuntimeError: unable to allocate shared memory(shm) for file "
    "</torch_7369_3860486496_7>: No space left on device (28)\n"
)
LOST = "[rank{r}]: RuntimeError: Connection closed by peer [127.0.0.1]:48280\n"


def bundle(tmp_path: Path, failing: set[str]) -> Path:
    for r, node in enumerate(("n-1", "n-2", "n-3")):
        (tmp_path / node).mkdir()
        (tmp_path / node / "train.log").write_text((SHM if node in failing else LOST).format(r=r))
    return tmp_path


def test_one_nodes_small_shared_memory_is_that_node(tmp_path: Path) -> None:
    d = diagnose_bundle(bundle(tmp_path, {"n-2"})).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "n-2"


def test_every_nodes_small_shared_memory_is_the_jobs_environment(tmp_path: Path) -> None:
    d = diagnose_bundle(bundle(tmp_path, {"n-1", "n-2", "n-3"})).diagnosis
    assert (d.category, d.culprit, d.action) == (Category.OOM, None, Action.STOP)


def test_a_local_disk_read_only_on_one_node_excludes_it(tmp_path: Path) -> None:
    for r, node in enumerate(("ml-a", "ml-b", "ml-c")):
        (tmp_path / node).mkdir()
        line = (
            "[rank1]: OSError: [Errno 30] Read-only file system: '/srv/local/ckpt/step_40.pt'\n"
            if node == "ml-b"
            else LOST.format(r=r)
        )
        (tmp_path / node / "train.log").write_text(line)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.STORAGE and d.action is Action.RESTART_WITHOUT_NODE
    assert d.culprit is not None and d.culprit.node == "ml-b"


def test_the_same_rank_failing_alike_in_each_restart_is_the_program(tmp_path: Path) -> None:
    """torchrun restarted the workers twice on the same nodes; rank 1 raised the same
    error from its collate each time: its data, not its node."""
    err = "[rank1]: RuntimeError: collate could not batch record 8812 of shard 17\n"
    for attempt in range(3):
        for node in ("w-07", "w-11"):
            d = tmp_path / node / f"attempt_{attempt}"
            d.mkdir(parents=True)
            (d / "stderr.log").write_text(err if node == "w-11" else LOST.format(r=0))
    v = diagnose_bundle(tmp_path).diagnosis
    assert (v.category, v.culprit, v.action) == (Category.USER_CODE, None, Action.STOP)
