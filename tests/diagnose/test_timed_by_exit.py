"""A rank's untimed traceback is bounded by its stamped exit: it is ordered before the other
nodes' later network errors (torchrun's summary format, written here)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle


def _summary(host: str, rank: int, when: str, code: int, why: str) -> str:
    return (
        "Root Cause (first observed failure):\n[0]:\n"
        f"  time      : 2024-06-11_{when}\n  host      : {host}\n"
        f"  rank      : {rank} (local_rank: 0)\n  exitcode  : {code} (pid: 4242)\n"
        f"  error_file: <N/A>\n  traceback : {why}\n" + "=" * 60 + "\n"
    )


def test_an_untimed_user_error_precedes_the_later_network_errors(tmp_path: Path) -> None:
    for node in ("w0", "w1", "w2"):
        (tmp_path / node).mkdir()
    (tmp_path / "w1" / "launch.log").write_text(
        "[rank1]:Traceback (most recent call last):\n"
        '[rank1]:  File "/app/collate.py", line 12, in collate\n'
        "[rank1]:    raise ValueError('labels are not padded')\n"
        "[rank1]:ValueError: labels are not padded to the same length\n"
        + _summary("w1", 1, "09:42:09", 1, "ValueError: labels are not padded")
    )
    for node, rank in (("w0", 0), ("w2", 2)):
        (tmp_path / node / "launch.log").write_text(
            _summary(node, rank, "09:52:11", -6, f"Signal 6 (SIGABRT) received by PID 4{rank}")
            + "W0611 09:52:11.713087 359455 torch/distributed/elastic/rendezvous/"
            "dynamic_rendezvous.py:1305] The node 'x' has failed to shutdown the rendezvous.\n"
            "torch.distributed.DistNetworkError: Connection reset by peer\n"
        )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.layer.value) == ("user_code", "script")
    assert "labels are not padded" in d.summary
