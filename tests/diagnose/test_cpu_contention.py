"""A straggler named by a structured log's per-rank timer, and what slows its node: processes
in that node's ``top`` snapshot that no other node of the job runs (a leftover preprocessing
job) take the rank's CPU, so the node leaves the job. Formats: ``top -b -c -n1`` and one JSON
object per log line, as a real capture printed them (corpus set 15, m20)."""

from __future__ import annotations

import json
from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.proctable import process_table, program
from kintsugi.diagnose.records import unwrap_record
from kintsugi.events import Action, Category

HEAD = (
    "top - 02:06:55 up  1:38,  0 user,  load average: 2.38, 2.10, 2.49\n"
    "%Cpu(s):100.0 us,  0.0 sy,  0.0 ni,  0.0 id,  0.0 wa,  0.0 hi,  0.0 si,  0.0 st\n\n"
    "    PID USER      PR  NI    VIRT    RES    SHR S  %CPU  %MEM     TIME+ COMMAND\n"
)
TRAIN = "{pid:>7} root      20   0 1035292 346032 108612 R  {cpu:>4}   1.4   0:13.76 /usr/bin/python -u /srv/code/train.py --steps 2000\n"
LEFTOVER = "{pid:>7} root      20   0   25864  22212   9936 R  25.0   0.1   0:09.57 python /srv/code/preprocess_shards.py --part {part}\n"
TOP = "     26 root      20   0    9088   5308   3248 R   0.0   0.0   0:00.00 top -b -c -n 1\n"


def step_line(node: str, rank: int, step: int) -> str:
    times = [0.04, 0.40 + step / 1000, 0.06]
    rec = {"ts": f"2026-11-26T02:06:{10 + step // 5:02d}.500+00:00", "level": "info"}
    rec |= {"host": node, "rank": rank, "msg": "step", "step": step, "loss": 3.6}
    rec |= {"step_time_s": 0.8, "fwd_s_by_rank": times, "slowest_rank": 1}
    return json.dumps(rec)


def bundle(tmp_path: Path, leftovers: bool) -> Path:
    for rank, node in enumerate(("q-17", "q-18", "q-19")):
        d = tmp_path / node
        d.mkdir()
        rows = TRAIN.format(pid=20, cpu=44.0 if rank == 1 else 2.0)
        if leftovers and rank == 1:
            rows += LEFTOVER.format(pid=14, part=1) + LEFTOVER.format(pid=15, part=2)
        (d / "top.txt").write_text(HEAD + rows + TOP)
        (d / "train.jsonl").write_text(
            "".join(step_line(node, rank, s) + "\n" for s in range(5, 55, 5))
        )
    return tmp_path


def test_top_and_ps_tables_read_alike() -> None:
    procs = process_table(HEAD + LEFTOVER.format(pid=14, part=1))
    assert [(p.pid, p.cpu_pct, program(p.command)) for p in procs] == [
        (14, 25.0, "python preprocess_shards.py")
    ]
    assert program("/usr/bin/python3.11 -m torch.distributed.run --nnodes 3") == (
        "python3.11 -m torch.distributed.run"
    )


def test_a_structured_record_keeps_its_values() -> None:
    rec = unwrap_record(step_line("q-18", 1, 5))
    assert rec is not None and rec.rank == 1
    assert "step=5" in rec.text and "fwd_s_by_rank=[0.04, 0.405, 0.06]" in rec.text
    assert "host=" not in rec.text  # where it was written is not what happened


def test_cpu_taken_by_processes_no_other_node_runs_excludes_the_node(tmp_path: Path) -> None:
    d = diagnose_bundle(bundle(tmp_path, leftovers=True)).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("q-18", 1)
    assert d.action is Action.RESTART_WITHOUT_NODE
    assert "preprocess_shards.py" in " ".join(e.text for e in d.evidence)


def test_a_slow_rank_without_a_cause_on_its_node_is_a_suspect(tmp_path: Path) -> None:
    d = diagnose_bundle(bundle(tmp_path, leftovers=False)).diagnosis
    assert d.category is Category.STRAGGLER
    assert d.culprit is not None and d.culprit.node == "q-18"
    assert d.action is Action.RUN_DIAGNOSTICS
