"""A job that reports it finished is not a failure, whatever its teardown printed."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

SUCCESS = (
    "I0830 02:41:07.332000 4071 torch/distributed/elastic/agent/server/api.py:880] [default] "
    "worker group successfully finished. Waiting 300 seconds for other agents to finish.\n"
)
TEARDOWN = (
    "[2024-08-30 02:41:06] gpu-b:40756:40765 [3] misc/socket.cc:50 NCCL WARN socketProgress: "
    "Connection closed by remote peer gpu-a<51422>\n"
)


def _bundle(tmp: Path, a: str, b: str) -> Path:
    for node, text in (("gpu-a", a), ("gpu-b", b)):
        (tmp / node).mkdir(parents=True)
        (tmp / node / "console.log").write_text(text)
    return tmp


def test_teardown_noise_in_a_finished_job_is_no_failure(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, SUCCESS, TEARDOWN + SUCCESS)).diagnosis
    assert (d.category.value, d.layer.value, d.culprit, d.action.value) == (
        "unknown",
        "framework",
        None,
        "none",
    )
    assert d.summary.startswith("the job finished")


def test_a_failure_after_the_success_is_still_a_failure(tmp_path: Path) -> None:
    crash = (
        "[2024-08-30 02:50:00] [rank3]: Traceback (most recent call last):\n"
        '[rank3]:   File "/home/u/train.py", line 9, in <module>\n'
        "[rank3]: KeyError: 'lm_head.weight'\n"
    )
    d = diagnose_bundle(_bundle(tmp_path, SUCCESS, "[2024-08-30 02:41:00] start\n" + crash))
    assert d.diagnosis.category.value == "user_code"
