"""The OOM killer's victim on a node whose ``ps aux`` shows processes outside the job (a
finished job's leftovers, another user's service) holding most of the memory: the node's
other workload, not the job's memory. Without them it stays the job's (oom, stop).

Formats: procps ``ps aux`` and the kernel's ``Out of memory: Killed process``.
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.oomtable import crowded_out
from kintsugi.diagnose.proctable import process_table
from kintsugi.events import Action, Category

PS = """USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
svc-ml     41877 99.8 23.4 393244880 244976440 ?  Rl   May18 1710:02 python -u train_sft.py --local_rank=0
svc-ml     41878 99.7 {old} 392088460 243964812 ?  Rl   May18 1709:41 python -u train_sft.py --local_rank=1
root        2211  0.1  0.0 1204412 31080 ?        Ssl  May02  12:44 /usr/bin/containerd
svc-ml     281219 99.1  7.9 164932432 79688480 ?     Rl   22:10 97:12 python -u train_sft.py --local_rank=0
svc-ml     281220 99.1  7.9 164932432 79688480 ?     Rl   22:10 97:12 python -u train_sft.py --local_rank=1
"""
KILL = (
    "[1514659.220000] Out of memory: Killed process 281221 (python) total-vm:164932432kB, "
    "anon-rss:79688480kB, file-rss:102400kB, shmem-rss:0kB, UID:1000 pgtables:180224kB\n"
)


def test_leftovers_started_before_the_job() -> None:
    procs = process_table(PS.format(old="23.3"))
    assert [p.pid for p in crowded_out(procs, 281221, "python")] == [41877, 41878]
    assert crowded_out(process_table(PS.format(old="1.0")), 281221, "python") == []


def _bundle(root: Path, old: str) -> Path:
    for node in ("t03", "t09"):
        (root / node).mkdir()
        (root / node / "dmesg.txt").write_text(KILL if node == "t09" else "[ 1.0] ok\n")
    (root / "t09" / "ps_aux.txt").write_text(PS.format(old=old))
    return root


def test_a_node_crowded_by_leftovers_is_excluded(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, "23.3")).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "t09"


def test_without_leftovers_it_is_the_jobs_memory(tmp_path: Path) -> None:
    d = diagnose_bundle(_bundle(tmp_path, "1.0")).diagnosis
    assert (d.category, d.action) == (Category.OOM, Action.STOP)


RSS_ONLY = """$ ps -eo pid,user,stime,stat,rss,%cpu,cmd --sort=-rss | head -n 6
    PID USER      STIME STAT     RSS %CPU CMD
   3377 jchen     Dec01 Rl   1701229316 1520 python3 /home/jchen/dedup/minhash_lsh.py --workers 96
  72307 svc-asr   19:30 Sl   41220384 98.1 /usr/bin/python3 -u train_asr.py --local-rank=0
  72308 svc-asr   19:30 Sl   40981120 97.7 /usr/bin/python3 -u train_asr.py --local-rank=1
   2211 root      Nov20 Ssl     812344  1.1 /usr/sbin/nv-hostengine -n
"""


def test_resident_sizes_without_a_memory_column_give_the_shares() -> None:
    """``ps -eo ...,stime,...,rss`` (start as STIME, memory as RSS only): another user's
    process started the day before holds nearly all the memory the table lists."""
    procs = process_table(RSS_ONLY)
    assert procs[0].rss_kb == 1701229316 and procs[0].start == "Dec01"
    assert [p.pid for p in crowded_out(procs, 3381, "python3")] == [3377]
