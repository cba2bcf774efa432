"""Logs shipped by collectors: the program's text is a JSON field (records written here in
Loki's, Docker's json-file, CloudWatch's and journald's shapes)."""

from __future__ import annotations

import json
from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.records import Record, unwrap_record


def test_unwrap_the_common_shapes() -> None:
    loki = {"labels": {"host": "n1"}, "line": "[rank0]:boom", "timestamp": "2024-06-04T09:58:31Z"}
    assert unwrap_record(json.dumps(loki)) == Record("[rank0]:boom", "2024-06-04T09:58:31Z")
    docker = {"log": "Traceback (most recent call last):\n", "stream": "stderr", "time": "t"}
    assert unwrap_record(json.dumps(docker)) == Record("Traceback (most recent call last):", "t")
    cw = {"message": "ValueError: x", "timestamp": 1718327560000}
    assert unwrap_record(json.dumps(cw)) == Record("ValueError: x", "2024-06-14T01:12:40.000000")
    assert unwrap_record('            "message": "RuntimeError: a\\nb",') == Record(
        "RuntimeError: a\nb", None
    )
    # a program's own structured log names its rank and process
    mine = {"level": "ERROR", "msg": "RuntimeError: CUDA error", "rank": 22, "pid": 70122}
    assert unwrap_record(json.dumps(mine)) == Record("RuntimeError: CUDA error", None, 22, 70122)
    assert unwrap_record('{"kind": "step"}') is None
    assert unwrap_record("plain text") is None


def test_a_traceback_in_docker_json_records_is_read(tmp_path: Path) -> None:
    (tmp_path / "n1").mkdir()
    lines = [
        "Traceback (most recent call last):\n",
        '  File "/app/train.py", line 9, in <module>\n',
        "    model(x)\n",
        "RuntimeError: mat1 and mat2 shapes cannot be multiplied (4x8 and 16x2)\n",
    ]
    (tmp_path / "n1" / "container.log").write_text(
        "".join(
            json.dumps({"log": line, "stream": "stderr", "time": f"2024-06-04T09:58:3{i}Z"}) + "\n"
            for i, line in enumerate(lines)
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category.value, d.layer.value, d.action.value) == ("user_code", "script", "stop")
    assert "mat1 and mat2" in d.summary


def test_a_ray_workers_line_in_the_drivers_log_belongs_to_the_workers_node(tmp_path: Path) -> None:
    """Ray's driver log holds every worker's lines behind ``(RayTrainWorker pid=N, ip=A)``;
    NCCL's prefix on one of them says which host has that address."""
    for n in ("hgx-1", "hgx-3"):
        (tmp_path / n).mkdir()
    w = "(RayTrainWorker pid=104722, ip=10.0.4.33) "
    (tmp_path / "hgx-1" / "ray_job_driver.log").write_text(
        w
        + "hgx-3:104722:104722 [2] NCCL INFO Bootstrap : Using eth0:10.0.4.33<0>\n"
        + w
        + "RuntimeError: CUDA error: uncorrectable NVLink error detected during the execution\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is not None and d.culprit.node == "hgx-3"
