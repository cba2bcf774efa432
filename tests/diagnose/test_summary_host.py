"""torchrun's failure summary in a console that holds every node's output (an sbatch or LSF
job's): an entry whose ``host`` is another of the bundle's nodes is that node's, and places
its rank there; a host that is no node of the bundle (``localhost``) leaves it where it is.

Format: torchrun's ``ChildFailedError`` summary (``Root Cause (first observed failure)``).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

SUMMARY = """train.py FAILED
------------------------------------------------------------
Failures:
  <NO_OTHER_FAILURES>
------------------------------------------------------------
Root Cause (first observed failure):
[0]:
  time      : 2023-12-06_03:27:40
  host      : {host}
  rank      : 13 (local_rank: 5)
  exitcode  : -9 (pid: 1784659)
  error_file: <N/A>
  traceback : Signal 9 (SIGKILL) received by PID 1784659
============================================================
"""
OOM = (
    "[Wed Dec  6 03:27:40 2023] Memory cgroup out of memory: Killed process 1784659 (python) "
    "total-vm:278883533kB, anon-rss:237957901kB, file-rss:626794kB, shmem-rss:0kB, UID:1042\n"
)


def _bundle(root: Path, host: str) -> None:
    for node in ("cn-0417", "cn-0418"):
        (root / node).mkdir()
        (root / node / "dmesg.txt").write_text(OOM if node == "cn-0418" else "")
    (root / "cn-0417" / "slurm-771204.out").write_text(SUMMARY.format(host=host))


def test_the_entry_is_its_host_s(tmp_path: Path) -> None:
    _bundle(tmp_path, "cn-0418")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category.value == "oom"  # the rank the OOM killer took on cn-0418: the job's memory
    killed = [e for e in d.evidence if "exitcode -9" in e.text]
    assert killed and d.culprit is None


def test_a_host_not_in_the_bundle_stays_with_the_file(tmp_path: Path) -> None:
    _bundle(tmp_path, "localhost")
    scan = diagnose_bundle(tmp_path).scan
    deaths = [f for f in scan.findings if f.rank == 13 and f.signature != "rank_home"]
    assert deaths and all(f.node == "cn-0417" for f in deaths)


def test_each_attempt_places_its_ranks_on_its_own_nodes(tmp_path: Path) -> None:
    """A resubmitted job gets another node list: rank 14 ran on cn-2 first, then on cn-3,
    the node whose stale driver fails both attempts (the batch host's console holds it)."""
    error = "RuntimeError: The NVIDIA driver on your system is too old (found version 12020)."
    for attempt, (batch, bad) in enumerate((("cn-1", "cn-2"), ("cn-1", "cn-3"))):
        for node in (batch, bad):
            (tmp_path / f"attempt_{attempt}" / node).mkdir(parents=True, exist_ok=True)
        (tmp_path / f"attempt_{attempt}" / bad / "hostname.txt").write_text(f"{bad}\n")
        entry = SUMMARY.replace("-9 (pid: 1784659)", "1 (pid: 1784659)").replace(
            "Signal 9 (SIGKILL) received by PID 1784659", f"[Rank 14] {error}"
        )
        entry = entry.replace("rank      : 13 (local_rank: 5)", "rank      : 14 (local_rank: 6)")
        console = f"1: [rank14]: {error}\n" + "".join(
            f"1: {line}\n" for line in entry.format(host=bad).splitlines()
        )
        (tmp_path / f"attempt_{attempt}" / batch / "slurm.out").write_text(console)
    scan = diagnose_bundle(tmp_path).scan
    errors = {(f.attempt, f.node) for f in scan.findings if f.rank == 14 and "too old" in f.text}
    assert errors == {(0, "cn-2"), (1, "cn-3")}
