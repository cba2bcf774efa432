"""A hang whose stuck rank only the node's own snapshots show: a ``faulthandler`` dump in a
launcher-prefixed console (``torchrun --tee``: ``[default0]:``), a ``ps -eo
pid,ppid,lstart,etime,stat,wchan,args`` table with a rank in uninterruptible sleep (state D),
and ``lslocks`` with a rank waiting for a lock a process outside the job holds.

Formats: procps ``ps -eo`` with ``lstart`` (five words in one column) and ``wchan``,
util-linux ``lslocks`` (default and ``-o`` columns), CPython's ``faulthandler``, gloo's
timeout, torchrun's failure summary. Modelled on the captures of corpus set 21 (a04, a05)
and https://github.com/horovod/horovod/issues/215 (a rank stuck reading its data).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.proctable import lock_table, process_table
from kintsugi.events import Action, Category

PS = """    PID    PPID                  STARTED     ELAPSED STAT WCHAN                    COMMAND
      1       0 Thu Nov 26 07:53:48 2026       00:58 S    do_wait                  sh -s
     31       1 Thu Nov 26 07:53:52 2026       00:55 Sl   hrtimer_nanosleep        python -m torch.distributed.run --nnodes 2 train.py
     {pid}      31 Thu Nov 26 07:53:56 2026       00:50 {stat}  {wchan}    python -u /srv/code/train.py --steps 40
{extra}"""

LSLOCKS = """COMMAND           PID  TYPE SIZE MODE  M START END PATH
{rows}"""

TIMEOUT = (
    "[default0]:RuntimeError: [/__w/pytorch/pytorch/third_party/gloo/gloo/transport/tcp/"
    "unbound_buffer.cc:78] Timed out waiting 60000ms for recv operation to complete\n"
)


def _dump(where: str) -> str:
    frames = {
        "collective": [
            '  File "/usr/lib/python3.11/site-packages/torch/distributed/distributed_c10d.py",'
            " line 3252 in all_reduce",
            '  File "/srv/code/train.py", line 146 in main',
        ],
        "read": [
            '  File "/srv/code/train.py", line 77 in __getitem__',
            '  File "/srv/code/train.py", line 137 in main',
        ],
    }[where]
    lines = ["Current thread 0x00007f84643c2b80 (most recent call first):", *frames]
    lines.append('  File "/srv/code/train.py", line 168 in <module>')
    return "".join(f"[default0]:{line}\n" for line in lines)


def _summary(host: str, rank: int, pid: int) -> str:
    return (
        "torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\n"
        "============================================================\n"
        "train.py FAILED\n"
        "------------------------------------------------------------\n"
        "Root Cause (first observed failure):\n"
        "[0]:\n"
        "  time      : 2026-11-26_07:55:22\n"
        f"  host      : {host}\n"
        f"  rank      : {rank} (local_rank: 0)\n"
        f"  exitcode  : 1 (pid: {pid})\n"
        "  error_file: <N/A>\n"
        "  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html\n"
        "============================================================\n"
    )


NODES = ("wk-0", "wk-1", "wk-2")


def _bundle(root: Path, *, dumps: bool, stuck_state: str = "Dsl", locks: str = "") -> Path:
    """Three nodes, one rank each (rank i on wk-i); rank 2 on wk-2 stuck reading, the others
    time out in all_reduce (their consoles end in torchrun's summary, naming their pids)."""
    for rank, node in enumerate(NODES):
        d = root / node
        d.mkdir()
        stuck = rank == 2
        log = f"[default0]:rank {rank}/3 up\n"
        if dumps:
            log += _dump("read" if stuck else "collective")
        if not stuck:
            log += TIMEOUT + _summary(node, rank, 34)
        (d / "stdout").write_text(log)
        state = (stuck_state, "folio_wait_bit_common") if stuck else ("Ssl", "futex_do_wait")
        pid = 35 if stuck else 34
        extra = "      9       1 Thu Nov 26 07:50:01 2026       03:40 S    hrtimer_nanosleep        python /opt/old/prep_cache.py --job-id 88213\n"
        (d / "ps.txt").write_text(
            PS.format(pid=pid, stat=state[0], wchan=state[1], extra=extra if stuck else "")
        )
        if stuck and locks:
            (d / "lslocks.txt").write_text(LSLOCKS.format(rows=locks))
    # rank 2's pid, as the launcher's own line names it
    (root / "wk-2" / "stdout").write_text(
        (root / "wk-2" / "stdout").read_text()
        + "W1126 07:55:23.211000 31 torch/distributed/elastic/multiprocessing/api.py:1028]"
        " Sending process 35 closing signal SIGTERM\n"
        + _summary("wk-2", 2, 35).replace("exitcode  : 1", "exitcode  : -15")
    )
    return root


def test_a_ps_table_with_lstart_and_wchan() -> None:
    rows = process_table(PS.format(pid=35, stat="Dsl", wchan="folio_wait_bit_common", extra=""))
    stuck = rows[-1]
    assert (stuck.pid, stuck.state, stuck.wchan) == (35, "Dsl", "folio_wait_bit_common")
    assert stuck.command == "python -u /srv/code/train.py --steps 40"
    assert rows[0].start == "Thu_Nov_26_07:53:48_2026"


def test_lslocks_rows_and_waiters() -> None:
    text = LSLOCKS.format(
        rows="python   15 FLOCK   0B WRITE* 0     0   0 /srv/local/cache/data.lock\n"
        "python   10 FLOCK   0B WRITE  0     0   0 /srv/local/cache/data.lock\n"
    )
    locks = lock_table(text)
    assert [(lk.pid, lk.waiting, lk.path) for lk in locks] == [
        (15, True, "/srv/local/cache/data.lock"),
        (10, False, "/srv/local/cache/data.lock"),
    ]
    assert (
        lock_table("COMMAND PID TYPE MODE M PATH\npython 7 POSIX READ 0 /a b\n")[0].path == "/a b"
    )
    assert lock_table("no lock listing here\n") == []


def test_a_prefixed_dump_names_the_rank_outside_the_collective(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, dumps=True, stuck_state="Ssl")).diagnosis
    assert (d.category, d.action) == (Category.HANG, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("wk-2", 2)


def test_without_dumps_the_rank_in_uninterruptible_sleep_is_the_suspect(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, dumps=False)).diagnosis
    assert (d.category, d.action) == (Category.HANG, Action.RUN_DIAGNOSTICS)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("wk-2", 2)
    assert "state D, in folio_wait_bit_common" in d.summary


def test_no_suspect_when_no_rank_is_held(tmp_path: Path) -> None:
    scan = diagnose_bundle(_bundle(tmp_path, dumps=False, stuck_state="Ssl")).scan
    assert not any(f.signature == "hang_detected" for f in scan.findings)


def test_a_lock_held_outside_the_job_excludes_the_node(tmp_path: Path) -> None:
    rows = (
        "python   35 FLOCK   0B WRITE* 0     0   0 /srv/local/cache/data.lock\n"
        "python    9 FLOCK   0B WRITE  0     0   0 /srv/local/cache/data.lock\n"
    )
    d = diagnose_bundle(_bundle(tmp_path, dumps=True, stuck_state="Ssl", locks=rows)).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("wk-2", 2)
    assert "prep_cache.py" in d.summary


def test_a_lock_the_job_itself_holds_is_no_foreign_lock(tmp_path: Path) -> None:
    # the holder is the job's launcher, which every node runs
    rows = (
        "python   35 FLOCK   0B WRITE* 0     0   0 /srv/local/cache/data.lock\n"
        "python   31 FLOCK   0B WRITE  0     0   0 /srv/local/cache/data.lock\n"
    )
    d = diagnose_bundle(_bundle(tmp_path, dumps=True, stuck_state="Ssl", locks=rows)).diagnosis
    assert d.category is Category.HANG
