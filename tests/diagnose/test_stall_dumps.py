"""A job that stopped making progress, dumped with py-spy and then cancelled: every rank but
one waits at one place (not always a frame named after a collective: ``loss.item()`` waits on
the all-reduce too), the odd one is elsewhere. That rank is the hang's suspect, and the
scheduler's cancel ended a hang, not a healthy job.

Format: one ``py-spy dump`` file per node, each process labelled with its rank
(``### RANK=17 LOCAL_RANK=1 pid=172976``).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.hang import odd_one_out, split_processes, suspect_from
from kintsugi.events import Action, Category

WAITING = """Process {pid}: /usr/bin/python3 train.py
Python v3.10.12 (/usr/bin/python3.10)

Thread {pid} (active): "MainThread"
    train_step (olmo/train.py:822)
    fit (olmo/train.py:1176)
Thread 152111 (idle): "Thread-1 (_pin_memory_loop)"
    wait (threading.py:324)
    _pin_memory_loop (torch/utils/data/_utils/pin_memory.py:54)
"""
ELSEWHERE = """Process {pid}: /usr/bin/python3 train.py
Python v3.10.12 (/usr/bin/python3.10)

Thread {pid} (active): "MainThread"
    _launch_kernel (triton/compiler/compiler.py:383)
    forward (olmo/model.py:519)
    train_step (olmo/train.py:801)
"""


def node_dump(ranks: range, odd: int | None = None) -> str:
    return "".join(
        f"### RANK={r} LOCAL_RANK={r % 4} pid={1000 + r}\n"
        + (ELSEWHERE if r == odd else WAITING).format(pid=1000 + r)
        + "\n"
        for r in ranks
    )


def test_split_by_the_rank_labels() -> None:
    parts = split_processes(node_dump(range(4, 8)))
    assert [(r, pid) for r, pid, _ in parts] == [(4, 1004), (5, 1005), (6, 1006), (7, 1007)]


def test_the_odd_one_out() -> None:
    stacks = {r: block for r, _, block in split_processes(node_dump(range(8), odd=5))}
    assert odd_one_out(stacks) == 5
    assert suspect_from(stacks, [], {})[0] == 5
    # two places, two ranks each: nobody stands out
    two = {r: (ELSEWHERE if r < 2 else WAITING).format(pid=r) for r in range(4)}
    assert odd_one_out(two) is None


def test_a_stalled_job_dumped_then_cancelled_is_a_hang(tmp_path: Path) -> None:
    for i, node in enumerate(("bx-01", "bx-02")):
        (tmp_path / node).mkdir()
        ranks = range(4 * i, 4 * i + 4)
        (tmp_path / node / "py-spy-dump-all-ranks.txt").write_text(node_dump(ranks, odd=6))
    (tmp_path / "bx-01" / "slurm-700913.out").write_text(
        "slurmstepd: error: *** STEP 700913.0 ON bx-01 CANCELLED AT 2024-05-02T17:08:22 ***\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HANG, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("bx-02", 6)


FAULTHANDLER = """Thread 0x00007f84677fe6c0 (most recent call first):
  File "/srv/code/train.py", line 51 in run
  File "/usr/lib/python3.11/threading.py", line 1045 in _bootstrap_inner

Thread 0x00007f848c9f1b80 (most recent call first):
  File "{where}", line 128 in {func}
  File "/srv/code/train.py", line 164 in main
"""
TIMEOUT = (
    "RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:78] Timed out "
    "waiting 50000ms for recv operation to complete\n"
)


def test_a_ranks_own_faulthandler_dump_in_its_log(tmp_path: Path) -> None:
    """Each rank's log (torchrun's --log-dir, no rank in its path) says which rank it is
    (``rank 3/4``) and ends with its watchdog's faulthandler dump: three in the backward
    pass, rank 3 in open(). The others timed out: rank 3 is the suspect."""
    for node, ranks in (("sc-0123", (0, 1)), ("sc-0124", (2, 3))):
        for local, r in enumerate(ranks):
            d = tmp_path / node / "log" / "none_x" / "attempt_0" / str(local)
            d.mkdir(parents=True)
            stuck = r == 3
            dump = FAULTHANDLER.format(
                where="/srv/code/train.py" if stuck else "/torch/autograd/graph.py",
                func="read_manifest" if stuck else "_engine_run_backward",
            )
            head = f"2026-11-26 02:00:50,011 INFO mixer: rank {r}/4 on {node}\n"
            (d / "stderr.log").write_text(head + dump + ("" if stuck else TIMEOUT))
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HANG, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("sc-0124", 3)


PYSPY_SYNC = """Process 3306: python -u train.py
Python v3.10.14 (/usr/bin/python3.10)

Thread 3306 (active): "MainThread"
    cudaStreamSynchronize (libcudart.so.12) (native)
    at::native::_local_scalar_dense_cuda (libtorch_cuda.so) (native)
    item (torch/_tensor.py) ()
    log_metrics (train.py:301) (loss.item())
"""


def test_the_one_rank_dumped_blocked_on_its_gpu_is_the_suspect(tmp_path: Path) -> None:
    """Every rank but 3 timed out; the operator's one py-spy dump, of rank 3, shows it
    blocked in a device sync outside any collective, with no Xid: a suspect to test."""
    for node, ranks in (("nd012", (0, 1)), ("nd019", (2, 3))):
        (tmp_path / node).mkdir()
        (tmp_path / node / "console.log").write_text(
            "".join(
                f"[rank{r}]:[E520 10:27:19.748337982 ProcessGroupNCCL.cpp:632] [Rank {r}] "
                "Watchdog caught collective operation timeout: WorkNCCL(SeqNum=5003, "
                "OpType=ALLREDUCE, NumelIn=1024, NumelOut=1024, Timeout(ms)=1800000) ran for "
                "1800005 milliseconds before timing out.\n"
                for r in ranks
                if r != 3
            )
            + ("[rank3]: step 4200 loss 2.31\n" if node == "nd019" else "")
        )
    (tmp_path / "nd019" / "py-spy_rank3.txt").write_text(PYSPY_SYNC)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HANG, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("nd019", 3)


PS_EO = """  PID  PPID USER     STAT     ELAPSED %CPU %MEM   RSS CMD
 5243  5170 root     Tsl        00:26 10.3  1.3 321464 /usr/bin/python -u /srv/code/train_ddp.py
 5170  5100 root     Sl         00:30  2.1  0.9 227544 /usr/bin/python -m torch.distributed.run
"""
SUMMARY = """Root Cause (first observed failure):
[0]:
  time      : 2025-11-25_20:53:53
  host      : hpc-n042
  rank      : 3 (local_rank: 1)
  exitcode  : -9 (pid: 5243)
  error_file: <N/A>
  traceback : Signal 9 (SIGKILL) received by PID 5243
"""


def test_a_rank_whose_process_is_stopped_is_the_suspect(tmp_path: Path) -> None:
    """``ps`` taken during the hang shows rank 3's process in state T (SIGSTOP); torchrun's
    summary gives its pid. The others timed out waiting for it."""
    for node in ("hpc-n041", "hpc-n042"):
        (tmp_path / node).mkdir()
    (tmp_path / "hpc-n041" / "job.out").write_text(
        "".join(
            f"[rank{r}]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] "
            "Timed out waiting 45000ms for recv operation to complete\n"
            for r in (0, 1)
        )
    )
    (tmp_path / "hpc-n042" / "job.out").write_text(
        "[rank2]: RuntimeError: [../third_party/gloo/gloo/transport/tcp/unbound_buffer.cc:81] "
        "Timed out waiting 45000ms for recv operation to complete\n" + SUMMARY
    )
    (tmp_path / "hpc-n042" / "ps-during-hang.txt").write_text(PS_EO)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HANG, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("hpc-n042", 3)
