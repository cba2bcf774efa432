"""``nvidia-smi``'s default output: how many GPUs a node has (the ranks it holds) and a GPU
that another process shares with a rank, which makes that rank the job's straggler.

Formats: the GPU table and the process table of ``nvidia-smi`` (with the GI/CI columns of
drivers since 450, and without them before).
"""

from __future__ import annotations

from pathlib import Path

from kintsugi.diagnose import diagnose_bundle
from kintsugi.diagnose.gpuprocs import gpu_table
from kintsugi.diagnose.parse_state import Context
from kintsugi.events import Action, Category

HEAD = """+-----------------------------------------------------------------------------------------+
| NVIDIA-SMI 535.161.08            Driver Version: 535.161.08      CUDA Version: 12.2     |
|=========================================+========================+======================|
"""
GPU = """|   {i}  NVIDIA H100 80GB HBM3          On  | 00000000:{bus:02X}:00.0 Off |                    0 |
| N/A   46C    P0            516W /  700W |   73126MiB / 81559MiB |    100%      Default |
+-----------------------------------------+------------------------+----------------------+
"""
PROCS = """| Processes:                                                                              |
|  GPU   GI   CI        PID   Type   Process name                              GPU Memory |
|=========================================================================================|
"""
ROW = "|    {i}   N/A  N/A    {pid:7d}      C   {name:<36} {mem:>5}MiB |\n"
OLD_ROW = "|    {i}      {pid:6d}      C   {name:<40} {mem:>5}MiB |\n"


def smi(gpus: int, extra: dict[int, str] | None = None, old: bool = False) -> str:
    row = OLD_ROW if old else ROW
    out = HEAD + "".join(GPU.format(i=i, bus=0x18 + 0x10 * i) for i in range(gpus)) + PROCS
    for i in range(gpus):
        out += row.format(i=i, pid=3301000 + i, name="/usr/bin/python3", mem=66000)
        if extra and i in extra:
            out += row.format(i=i, pid=2911804, name=extra[i], mem=14210)
    return out


def test_counts_gpus_and_names_the_shared_one() -> None:
    found = gpu_table(smi(8, {5: "python3"}), Context(source="smi", node="n2"))
    count = [f for f in found if f.signature == "gpu_count"]
    shared = [f for f in found if f.signature == "gpu_shared"]
    assert [f.value for f in count] == [8.0]
    assert [f.detail for f in shared] == ["gpu5"]
    assert "2911804 (python3)" in shared[0].text


def test_the_table_before_gi_ci_columns() -> None:
    found = gpu_table(smi(4, {2: "eval.py"}, old=True), Context(source="smi", node="n2"))
    assert [f.detail for f in found if f.signature == "gpu_shared"] == ["gpu2"]


def test_one_process_per_gpu_is_no_finding() -> None:
    found = [
        f for f in gpu_table(smi(8), Context(source="smi", node="n2")) if f.signature != "gpu_bus"
    ]
    assert [f.signature for f in found] == ["gpu_count", "gpu_processes"]
    assert found[1].detail == "0,1,2,3,4,5,6,7" and found[1].value == 8.0


NO_PROCS = "|  No running processes found                                                  |\n"


def _oom_bundle(root: Path, leftover: bool) -> None:
    """Two 4-GPU nodes; rank 5 (n2, GPU 1) ran out of GPU memory at its first step; the
    tables were taken after the job ended."""
    for node in ("n1", "n2"):
        (root / node).mkdir()
        table = HEAD + "".join(GPU.format(i=i, bus=0x18 + 0x10 * i) for i in range(4)) + PROCS
        if node == "n2" and leftover:
            table += ROW.format(i=1, pid=88231, name="/usr/bin/python3", mem=38912)
        else:
            table += NO_PROCS
        (root / node / "nvidia-smi.txt").write_text(table)
    (root / "n2" / "rank5.log").write_text(
        "[rank5]: torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate "
        "2.50 GiB (GPU 1; 79.15 GiB total capacity; 36.71 GiB already allocated; 1.06 GiB "
        "free; 39.02 GiB reserved in total by PyTorch)\n"
    )


def test_an_oom_on_a_gpu_a_process_outlived_the_job_on(tmp_path: Path) -> None:
    _oom_bundle(tmp_path, leftover=True)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.OOM, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and d.culprit.node == "n2"


def test_an_oom_with_every_gpu_empty_afterwards_is_the_job_s(tmp_path: Path) -> None:
    _oom_bundle(tmp_path, leftover=False)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.OOM, Action.STOP)


def test_a_slowed_job_with_a_shared_gpu_names_its_rank(tmp_path: Path) -> None:
    """Two 8-GPU nodes, the job slowed from 2.4 to 3.4 s/it; GPU 5 of the second node holds
    another user's process: rank 13 (the second block of eight, local rank 5)."""
    for node in ("gpu-a1", "gpu-a2"):
        (tmp_path / node).mkdir()
        (tmp_path / node / "nvidia-smi.txt").write_text(
            smi(8, {5: "python3"} if node == "gpu-a2" else None)
        )
    bars = "".join(
        f"  {i // 14}%|##  | {i}/1424 [00:{i:02d}<0:57:19, {2.4 if i < 30 else 3.4:.2f}s/it]\n"
        for i in range(1, 60)
    )
    (tmp_path / "gpu-a1" / "train.log").write_text(bars)
    d = diagnose_bundle(tmp_path).diagnosis
    assert (d.category, d.action) == (Category.STRAGGLER, Action.RESTART_WITHOUT_NODE)
    assert d.culprit is not None and (d.culprit.node, d.culprit.rank) == ("gpu-a2", 13)
