"""DeepSpeed's launcher names every process it starts and the global ranks of each host's
processes, so a kernel line's ``pid=`` names the rank on the faulty GPU even where no rank's
own log says which it was (``deepspeed.launcher.launch``: ``global_rank_mapping=...``,
``process N spawned with command: [..., '--local_rank=3', ...]``, here behind pdsh's host
prefix, as the ``deepspeed`` runner collects them)."""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.events import Category, Culprit

HOSTS = ("dgx-b-041", "dgx-b-042", "dgx-b-047")


def _launch_log() -> str:
    mapping = ", ".join(f"'{h}': {list(range(8 * i, 8 * i + 8))}" for i, h in enumerate(HOSTS))
    lines = []
    for i, host in enumerate(HOSTS):
        lines.append(
            f"{host}: [2024-04-03 11:19:54,000] [INFO] [launch.py:163:main] global_rank_mapping"
            f"=defaultdict(<class 'list'>, {{{mapping}}})\n"
        )
        lines += [
            f"{host}: [2024-04-03 11:19:54,030] [INFO] [launch.py:256:main] process "
            f"{30000 + 1000 * i + r} spawned with command: ['/usr/bin/python3', '-u', "
            f"'pretrain_gpt.py', '--local_rank={r}', '--deepspeed_config', 'ds_config.json']\n"
            for r in range(8)
        ]
    lines.append(
        "dgx-b-047: RuntimeError: CUDA error: uncorrectable ECC error encountered\n"
        "dgx-b-041: [E403 13:15:22.000000000 ProcessGroupNCCL.cpp:632] [Rank 3] Watchdog caught"
        " collective operation timeout: WorkNCCL(SeqNum=7, OpType=ALLREDUCE, NumelIn=1, "
        "NumelOut=1, Timeout(ms)=600000) ran for 600043 milliseconds before timing out.\n"
    )
    return "".join(lines)


def test_the_kernels_pid_is_the_rank_the_launcher_started_on_it(tmp_path: Path) -> None:
    (tmp_path / "deepspeed_launch.log").write_text(_launch_log())
    for host in HOSTS:
        (tmp_path / host).mkdir()
        (tmp_path / host / "dmesg.txt").write_text("[    0.000000] Linux version 5.15.0\n")
    (tmp_path / "dgx-b-047" / "dmesg.txt").write_text(
        "[Wed Apr  3 13:05:22 2024] NVRM: Xid (PCI:0000:4e:00): 48, pid=32003, name=python3, "
        "An uncorrectable double bit error (DBE) has been detected on GPU in the framebuffer.\n"
    )
    d = diagnose_bundle(tmp_path).diagnosis
    assert d.category is Category.GPU_MEMORY
    assert d.culprit == Culprit("dgx-b-047", 19)
