"""A script's own "training finished" after every error of the bundle: torchrun restarted the
workers past a failure and the run ended well. Said while the peers then lose that rank, it is
ranks disagreeing on when to stop, no end. Formats: loguru-style lines, gloo's lost peer."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle

FAILED = (
    "2026-11-26 07:56:44.757 | ERROR    | __main__:<module>:170 - An error has been caught\n"
    "Traceback (most recent call last):\n"
    '  File "/srv/code/scripts/train.py", line 75, in __getitem__\n'
    "    fd = os.open(path, os.O_RDONLY)\n"
    "FileNotFoundError: [Errno 2] No such file or directory: '/srv/shared/data/shard_002.bin'\n"
)
LOST = (
    "2026-11-26 07:{m}.302 | ERROR    | __main__:main:140 - RuntimeError: [../third_party/gloo/"
    "gloo/transport/tcp/pair.cc:553] Connection closed by peer [127.0.0.1]:54982\n"
)
DONE = "2026-11-26 07:57:25.490 | SUCCESS  | __main__:main:162 - training finished: 40 steps\n"


def _bundle(root: Path, lost_at: str) -> Path:
    logs = {"a03": LOST.format(m=lost_at) + DONE, "a04": FAILED, "a09": LOST.format(m=lost_at)}
    for node, text in logs.items():
        (root / node).mkdir(parents=True)
        (root / node / "console.log").write_text(text)
    return root


def test_finished_after_every_error_is_a_run_that_recovered(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", lost_at="56:45")).diagnosis
    assert (d.category.value, d.action.value) == ("unknown", "none")


def test_peers_that_lose_the_rank_after_it_said_done_are_no_end(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path / "b", lost_at="57:30")).diagnosis
    assert d.action.value != "none"
