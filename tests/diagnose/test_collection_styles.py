"""Logs as operators collect them (corpus set 25's theme): a task's output that Slurm wrote on
the batch host, Google Cloud Logging's ``jsonPayload`` records, ``nvidia-smi --query-gpu``
without an index column, and a user's Xid from two days before the job.

Formats: Slurm ``%x-%j-%t.out`` files, NCCL's ``host:pid:tid`` prefix, Cloud Logging JSON
lines (``jsonPayload.message`` with a whole traceback), ``nvidia-smi --query-gpu=timestamp,
name,pci.bus_id,... --format=csv``, ``dmesg -T``. Modelled on
https://github.com/NVIDIA/nccl-tests/issues/206 and
https://cloud.google.com/logging/docs/structured-logging.
"""

from __future__ import annotations

import json
from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.parsers import Context
from kintsugi.diagnose.reports import parse_nvsmi_csv
from kintsugi.events import Action, Category, Layer


def test_a_tasks_file_on_the_batch_host_is_its_own_nodes(tmp_path: Path) -> None:
    # every task's output lands on the batch host (c-101); NCCL's prefix says c-108 wrote it
    for node in ("c-101", "c-104", "c-108"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "prolog.txt").write_text(f"[{node}] prolog: GPU check OK (8/8)\n")
    for task, host in ((0, "c-101"), (8, "c-104"), (16, "c-108")):
        text = f"{host}:7700:7790 [0] NCCL INFO Bootstrap : Using ib0:10.0.0.{task}<0>\n"
        if host == "c-108":
            text += (
                f"{host}:7700:7790 [0] misc/ibvwrap.cc:278 NCCL WARN Call to ibv_reg_mr_iova2"
                " failed with error Cannot allocate memory\n"
            )
        (tmp_path / "c-101" / f"job-2209185-{task}.out").write_text(text)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.HOST, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "c-108"


def _record(pod: str, when: str, message: str) -> str:
    return json.dumps(
        {
            "insertId": when,
            "jsonPayload": {"message": message, "pod": pod},
            "resource": {"type": "k8s_container", "labels": {"pod_name": pod}},
            "severity": "ERROR",
            "timestamp": when,
        }
    )


def test_cloud_logging_json_payload_records(tmp_path: Path) -> None:
    tb = (
        "Traceback (most recent call last):\n"
        '  File "/app/ft/main.py", line 52, in <module>\n'
        "    model = build_model(cfg)\n"
        '  File "/app/ft/modeling.py", line 88, in build_model\n'
        '    scaling = cfg["rope_scaling"]\n'
        "KeyError: 'rope_scaling'"
    )
    for i, node in enumerate(("gke-pool-9k2d", "gke-pool-h4lm")):
        (tmp_path / node).mkdir()
        lines = [
            _record(f"ft-{i}", "2025-05-06T12:00:03.000000Z", "Loading config llama3_70b.yaml"),
            _record(f"ft-{i}", "2025-05-06T12:00:11.000000Z", tb),
        ]
        (tmp_path / node / "logs-export.jsonl").write_text("\n".join(lines) + "\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.layer, d.action) == (Category.USER_CODE, Layer.SCRIPT, Action.STOP)
    assert "rope_scaling" in d.summary


CSV = """timestamp, name, pci.bus_id, temperature.gpu, clocks_event_reasons.active
2024/09/02 08:50:00.000, NVIDIA H100 80GB HBM3, 00000000:2A:00.0, 55, 0x0000000000000000
2024/09/02 08:50:00.000, NVIDIA H100 80GB HBM3, 00000000:18:00.0, 52, 0x0000000000000000
2024/09/02 08:50:00.000, NVIDIA H100 80GB HBM3, 00000000:3A:00.0, 81, 0x0000000000000020
"""


def test_query_gpu_csv_without_an_index_numbers_gpus_by_bus() -> None:
    out = parse_nvsmi_csv(CSV, Context(source="n/q.csv", node="n"))
    count = [f for f in out if f.signature == "gpu_count"]
    assert count and count[0].value == 3.0
    # 3a:00 is the third bus in PCI order: GPU 2
    assert [f.detail for f in out if f.signature == "thermal_slowdown"] == ["gpu2"]


def test_an_xid_from_days_before_the_job_is_history(tmp_path: Path) -> None:
    # another user's notebook faulted on g-014 two days before; this job's first error is
    # g-017's own, and srun reports every node's tasks aborted after it
    kernel = {
        "g-014": "[Sun May 12 17:40:09 2024] NVRM: Xid (PCI:0000:2a:00): 31, pid=1190442,"
        " name=jupyter-lab, Ch 00000008, intr 00000000. MMU Fault\n",
        "g-017": "[Tue May 14 01:30:00 2024] eth0: link up\n",
        "g-011": "[Tue May 14 01:30:00 2024] eth0: link up\n",
    }
    for node, text in kernel.items():
        (tmp_path / node).mkdir()
        (tmp_path / node / "dmesg-T.txt").write_text(text)
    (tmp_path / "g-017" / "train.err").write_text(
        "[rank17]:[W514 03:38:47.120400 ProcessGroupNCCL.cpp:1168] Warning: CUDA error:"
        " an illegal memory access was encountered\n"
    )
    (tmp_path / "g-011" / "train.err").write_text(
        "".join(
            f"srun: error: {n}: tasks {i * 8}-{i * 8 + 7}: Aborted (core dumped)\n"
            for i, n in enumerate(("g-011", "g-014", "g-017"))
        )
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.culprit is None or d.culprit.node == "g-017"
    assert "jupyter-lab" not in d.summary


def test_what_predates_the_job_is_its_nodes_past(tmp_path: Path) -> None:
    # a slow job the user cancelled; one node's kernel log holds another user's OOM kill and a
    # user's Xid 31 from two days before the job's own logs begin
    for node in ("aa01", "aa02"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "train.log").write_text(
            "[2024-06-03 07:59:20,000] trainer: [INFO] world_size=16 resume_step=20000\n"
            f"slurmstepd: error: *** JOB 7100042 ON {node} CANCELLED AT 2024-06-03T12:20:30 ***\n"
        )
    (tmp_path / "aa01" / "dmesg.txt").write_text(
        "[Fri May 31 22:20:34 2024] NVRM: Xid (PCI:0000:9a:00): 31, pid=56248, name=python3,"
        " Ch 00000008, intr 00000000. MMU Fault: ENGINE GRAPHICS GPCCLIENT_T1_5\n"
        "[Sat Jun 01 17:17:20 2024] code-server invoked oom-killer: gfp_mask=0x140cca, order=0\n"
        "[Sat Jun 01 17:17:23 2024] Memory cgroup out of memory: Killed process 98672"
        " (code-server) total-vm:8123456kB, anon-rss:7654321kB, file-rss:0kB, UID:40317\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.UNKNOWN and d.culprit is None
    assert "code-server" not in d.summary and "Xid" not in d.summary


def test_ts_stamps_before_srun_labels_leave_each_task_its_host(tmp_path: Path) -> None:
    # `srun -l ... | ts '[%Y-%m-%d %H:%M:%.S]'`: one combined output, no node folders; each
    # task's NCCL lines say its host, so the hosts' errors are theirs, not the bundle's
    lines = []
    for task in range(4):
        host = f"gpu-e-0{task + 1}"
        lines.append(
            f"[2025-04-12 00:02:40.{task:06d}] {task}: {host}:4100{task}:4100{task} [0] NCCL "
            f"INFO Bootstrap : Using ib0:10.70.1.{21 + task}<0>"
        )
    for task in range(4):
        host, peer = f"gpu-e-0{task + 1}", 21 + (task + 1) % 4
        lines.append(
            f"[2025-04-12 02:11:41.{task:06d}] {task}: {host}:4100{task}:41380 [0] "
            f"transport/net_ib.cc:2153 NCCL WARN NET/IB: Got completion from peer "
            f"10.70.1.{peer}<47001> with status=12 opcode=0 len=0 vendor err 129 (Recv)"
        )
    (tmp_path / "slurm-9302117.out").write_text("\n".join(lines) + "\n")
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.NETWORK
    # each host blames another: the fabric between them, no node named after the bundle
    assert d.culprit is None or d.culprit.node is None, d.culprit
