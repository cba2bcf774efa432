"""Three nodes, one worker each, torchrun ``--role rank --tee 3``: every node's own lines carry
the tee's ``[rank0]:`` (its local rank). The two nodes that timed out name their global ranks
(PyTorch's inner ``[rankN]:``, torchrun's failure summary with the worker's pid); the third
node's worker is stopped (state T in its hang dump). It is the rank left: rank 2, not the
local 0 its prefix says. Formats from a real torch 2.13 gloo capture."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Action, Category

PY = "/usr/bin/python"
DUMP = (
    "### hang dump {host} 2026-11-26T12:33:00Z\n"
    "    PID    PPID STAT WCHAN                            ELAPSED     TIME COMMAND\n"
    "      1       0 S    do_wait                            01:13 00:00:00 sh -s\n"
    f"     10       1 Sl   hrtimer_nanosleep                  01:13 00:00:01 {PY} -m "
    "torch.distributed.run --nnodes 3 --nproc-per-node 1 --rdzv-backend c10d --role rank "
    "--tee 3 /srv/code/train.py\n"
    f"     {{pid}}      10 {{stat}}  {{wchan}}                      01:10 00:00:14 {PY} -u "
    "/srv/code/train.py\n"
)
TIMED_OUT = (
    "[rank0]:[titan] 2026-11-26 12:32:10,100 - root - INFO - step: 60  loss:  6.2\n"
    "[rank0]:[rank{r}]: RuntimeError: [/pytorch/third_party/gloo/gloo/transport/tcp/"
    "unbound_buffer.cc:78] Timed out waiting 60000ms for recv operation to complete\n"
    "E1126 12:33:41.426000 10 site-packages/torch/distributed/elastic/multiprocessing/api.py:"
    "1002] failed (exitcode: 1) local_rank: 0 (pid: {pid}) of binary: /usr/bin/python\n"
    "torch.distributed.elastic.multiprocessing.errors.ChildFailedError: \n"
    "Root Cause (first observed failure):\n[0]:\n  time      : 2026-11-26_12:33:41\n"
    "  host      : {host}\n  rank      : {r} (local_rank: 0)\n  exitcode  : 1 (pid: {pid})\n"
    "  error_file: <N/A>\n============================================================\n"
)


def test_the_stopped_worker_is_the_rank_left(tmp_path: Path) -> None:
    nodes = {"trn-west-04": (0, 14), "trn-west-07": (1, 13), "trn-west-11": (None, 13)}
    for host, (rank, pid) in nodes.items():
        (tmp_path / host).mkdir()
        stopped = rank is None
        (tmp_path / host / "hang_dump.txt").write_text(
            DUMP.format(
                host=host,
                pid=pid,
                stat="Tsl" if stopped else "Ssl",
                wchan="do_signal_stop" if stopped else "futex_do_wait ",
            )
        )
        log = (
            "[rank0]:[titan] 2026-11-26 12:32:10,100 - root - INFO - step: 60  loss:  6.2\n"
            if stopped
            else TIMED_OUT.format(r=rank, pid=pid, host=host)
        )
        (tmp_path / host / "torchrun.log").write_text(log)
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.HANG and d.action is Action.RUN_DIAGNOSTICS, d.summary
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("trn-west-11", 2)
