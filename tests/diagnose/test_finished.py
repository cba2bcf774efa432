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


PORT_ERROR = "gpu-b:27674:27804 [2] NCCL WARN NET/IB : Got async event : port error\n"


def test_an_unstamped_error_above_its_files_success_came_before_it(tmp_path: Path) -> None:
    # NCCL's lines carry no time; one above the agent's "finished" in the same file happened
    # before it, so the scheduler's COMPLETED 0:0 is the last word
    bundle = _bundle(tmp_path, SUCCESS, PORT_ERROR + SUCCESS)
    (bundle / "sacct.txt").write_text("JobID|State|ExitCode\n2290012|COMPLETED|0:0\n")
    d = diagnose_bundle(bundle).diagnosis
    assert (d.category.value, d.culprit, d.action.value) == ("unknown", None, "none")


def test_an_unstamped_error_below_its_files_success_still_fails_the_job(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, SUCCESS, SUCCESS + PORT_ERROR)).diagnosis
    assert d.category.value == "network"
