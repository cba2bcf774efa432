"""A node that finished training while its peers went on and then lost it (real torch 2.13
gloo formats, torchrun --tee 3: the tee's "[default0]:" before PyTorch's "[rank2]:").
The ranks disagree on when to stop: the program's bug, stop. The same words said by every
node before a teardown warning are a finished run."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category, Layer

STEP = "[default0]:[titan] 2026-11-26 10:21:{s},100 - root - INFO - step: {n}  loss:  6.5\n"
LOST = (
    "[default0]:[rank{r}]: Traceback (most recent call last):\n"
    '[default0]:[rank{r}]:   File "/srv/code/titan_train.py", line 88, in main\n'
    "[default0]:[rank{r}]: RuntimeError: [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/"
    "tcp/pair.cc:553] Connection closed by peer [127.0.0.1]:60550. This is typically caused "
    "by a remote worker crashing.\n"
    "E1126 10:21:20.452000 9023 site-packages/torch/distributed/elastic/multiprocessing/"
    "api.py:1002] failed (exitcode: 1) local_rank: 0 (pid: 9150) of binary: /usr/bin/python\n"
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
    "============================================================\n"
    "/srv/code/titan_train.py FAILED\n"
    "------------------------------------------------------------\n"
    "Failures:\n"
    "  <NO_OTHER_FAILURES>\n"
    "------------------------------------------------------------\n"
    "Root Cause (first observed failure):\n"
    "[0]:\n"
    "  time      : 2026-11-26_10:21:20\n"
    "  host      : {host}\n"
    "  rank      : {r} (local_rank: 0)\n"
    "  exitcode  : 1 (pid: 9149)\n"
    "  error_file: <N/A>\n"
    "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html\n"
    "============================================================\n"
)
DONE = "[default0]:[titan] 2026-11-26 10:21:18,859 - root - INFO - Training completed\n"
FINISHED = (
    "I1126 10:21:20.052000 9026 site-packages/torch/distributed/elastic/agent/server/api.py:"
    "918] [rank] worker group successfully finished. Waiting 300 seconds for other agents\n"
)


def _steps(n: int) -> str:
    return "".join(STEP.format(s=10 + i, n=i) for i in range(1, n))


def test_one_node_finishing_while_the_others_train_is_the_program(tmp_path: Path) -> None:
    logs = {
        "tw-node-a": _steps(8) + LOST.format(r=0, host="tw-node-a"),
        "tw-node-b": _steps(8) + DONE + FINISHED,
        "tw-node-c": _steps(8) + LOST.format(r=2, host="tw-node-c"),
    }
    for node, text in logs.items():
        (tmp_path / node).mkdir()
        (tmp_path / node / "stdout.log").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.culprit, d.action) == (
        Category.USER_CODE,
        Layer.SCRIPT,
        None,
        Action.STOP,
    )
    assert "tw-node-b stopped training" in d.summary


def test_every_node_finishing_is_a_finished_run(tmp_path: Path) -> None:
    for node in ("tw-node-a", "tw-node-b"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "stdout.log").write_text(_steps(8) + DONE + FINISHED)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.UNKNOWN, Action.NONE)
